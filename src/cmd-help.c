/* cmd-help.c: "dltriage help [command]". */
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"

static int	cmd_help_exec(struct dlt_ctx *, int, char **);

const struct dlt_cmd dlt_cmd_help = {
	"help", "[command]",
	"show the commands, or one command's usage and options",
	0, NULL, cmd_help_exec, NULL
};

static int
cmd_help_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	const struct dlt_cmd	*cmd;
	const char		*hint;
	char			 name[256];
	size_t			 i, len;

	(void)ctx;
	if (argc > 2) {
		dlt_cmd_usage(&dlt_cmd_help, stderr);
		return (DLT_EXIT_USAGE);
	}
	if (argc >= 1) {
		if (argc == 2)
			snprintf(name, sizeof name, "%s %s", argv[0], argv[1]);
		else
			snprintf(name, sizeof name, "%s", argv[0]);
		if ((cmd = dlt_cmd_find(name)) != NULL) {
			dlt_cmd_print_help(cmd, stdout);
			return (DLT_EXIT_OK);
		}
		len = strlen(name);
		for (i = 0; (cmd = dlt_cmd_at(i)) != NULL; i++)
			if (strncmp(cmd->name, name, len) == 0 && cmd->name[len] == ' ')
				break;
		if (cmd != NULL) {
			printf("usage: dltriage %s <verb> [options]\n\n", name);
			for (i = 0; (cmd = dlt_cmd_at(i)) != NULL; i++)
				if (strncmp(cmd->name, name, len) == 0 &&
				    cmd->name[len] == ' ')
					printf("   %-14s %s\n", cmd->name + len + 1,
					    cmd->summary);
			if (strcmp(name, "rules") == 0)
				printf("\nSee dltriage-rules(1) and dltriage-rules(5).\n");
			else if (strcmp(name, "corpus") == 0)
				printf("\nSee dltriage-corpus(1) and dltriage-model(5).\n");
			else
				printf("\nSee dltriage-%s(1).\n", name);
			return (DLT_EXIT_OK);
		}
		dlt_error("'%s' is not a dltriage command", name);
		if ((hint = dlt_cmd_suggest(name)) != NULL)
			fprintf(stderr, "\nThe most similar command is\n\t%s\n", hint);
		return (DLT_EXIT_USAGE);
	}
	printf("usage: dltriage <command> [options] [args]\n"
	    "       dltriage --version\n\n"
	    "dltriage classifies the failures that deep-learning framework\n"
	    "testing finds: crashes, NaNs, inconsistencies, false positives,\n"
	    "timeouts and out-of-memory, folded into unique defects.\n\n"
	    "Commands:\n");
	for (i = 0; (cmd = dlt_cmd_at(i)) != NULL; i++)
		printf("   %-16s %s\n", cmd->name, cmd->summary);
	printf("\nSee 'dltriage help <command>' or dltriage(1).\n");
	return (DLT_EXIT_OK);
}
