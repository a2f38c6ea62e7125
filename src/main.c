/*
 * main.c: the dispatcher's front.  Finds the command (exact names only,
 * with a "did you mean" hint for commands and for the verbs of a group),
 * runs it with dlt_cmd_dispatch() (which parses the options and acts on the
 * command's flags, see command.h), then flushes and closes stdout so that
 * a write error (disk full, closed pipe) becomes a failure.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "command.h"
#include "error.h"
#include "exitcode.h"
#include "regex.h"
#include "store.h"
#include "suggest.h"
#include "xmalloc.h"
#include "yaml-node.h"

static void		 print_version(void);
static int		 is_group(const char *);
static void		 group_usage(const char *);
static const char	*group_suggest(const char *, const char *);

/* A word that only groups verbs ("rules", "corpus"): some command starts with it. */
static int
is_group(const char *word)
{
	const struct dlt_cmd	*cmd;
	size_t			 i, len = strlen(word);

	for (i = 0; (cmd = dlt_cmd_at(i)) != NULL; i++)
		if (strncmp(cmd->name, word, len) == 0 && cmd->name[len] == ' ')
			return (1);
	return (0);
}

/* "usage: dltriage rules check|list|schema|test [options]" from the table. */
static void
group_usage(const char *word)
{
	const struct dlt_cmd	*cmd;
	size_t			 i, len = strlen(word);
	int			 first = 1;

	fprintf(stderr, "usage: dltriage %s ", word);
	for (i = 0; (cmd = dlt_cmd_at(i)) != NULL; i++) {
		if (strncmp(cmd->name, word, len) != 0 || cmd->name[len] != ' ')
			continue;
		fprintf(stderr, "%s%s", first ? "" : "|", cmd->name + len + 1);
		first = 0;
	}
	fprintf(stderr, " [options]\n");
}

/* The verb of group word nearest to verb, or NULL when none is close. */
static const char *
group_suggest(const char *word, const char *verb)
{
	const struct dlt_cmd	 *cmd;
	const char		**verbs = NULL, *hint;
	size_t			  i, n = 0, alloc = 0, len = strlen(word);

	for (i = 0; (cmd = dlt_cmd_at(i)) != NULL; i++) {
		if (strncmp(cmd->name, word, len) != 0 || cmd->name[len] != ' ')
			continue;
		XGROW(verbs, n + 1, alloc);
		verbs[n++] = cmd->name + len + 1;
	}
	hint = dlt_suggest(verb, verbs, n);
	free(verbs);
	return (hint);
}

static void
print_version(void)
{
	printf("dltriage %s\n", PACKAGE_VERSION);
	printf("PCRE2 %s, libyaml %s, SQLite %s\n", dlt_rx_version(),
	    ynode_libyaml_version(), dlt_store_sqlite_version());
}

int
main(int argc, char **argv)
{
	const struct dlt_cmd	*cmd;
	const char		*hint;
	char			 name[256];
	int			 rc, shift = 1;

	/* A closed pipe is a write error we report, not a death by SIGPIPE. */
	signal(SIGPIPE, SIG_IGN);

	if (argc < 2) {
		cmd = dlt_cmd_find("help");
		rc = dlt_cmd_dispatch(cmd, 1, (char *[]){ "help", NULL });
		return (rc == DLT_EXIT_OK ? DLT_EXIT_USAGE : rc);
	}
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
		print_version();
		rc = DLT_EXIT_OK;
		goto out;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		cmd = dlt_cmd_find("help");
		rc = dlt_cmd_dispatch(cmd, 1, (char *[]){ "help", NULL });
		goto out;
	}
	if (argv[1][0] == '-') {
		dlt_error("unknown option '%s'", argv[1]);
		fprintf(stderr, "usage: dltriage <command> [options] [args]\n"
		    "       dltriage help\n");
		return (DLT_EXIT_USAGE);
	}
	cmd = NULL;
	if (argc >= 3 && argv[2][0] != '-' &&
	    snprintf(name, sizeof name, "%s %s", argv[1], argv[2]) < (int)sizeof name &&
	    (cmd = dlt_cmd_find(name)) != NULL)
		shift = 2;
	if (cmd == NULL && (cmd = dlt_cmd_find(argv[1])) == NULL) {
		if (is_group(argv[1])) {
			if (argc >= 3) {
				dlt_error("'%s %s' is not a dltriage command", argv[1],
				    argv[2]);
				if ((hint = group_suggest(argv[1], argv[2])) != NULL)
					fprintf(stderr, "\nThe most similar command is"
					    "\n\t%s %s\n", argv[1], hint);
			} else
				dlt_error("'%s' needs a verb", argv[1]);
			group_usage(argv[1]);
			return (DLT_EXIT_USAGE);
		}
		dlt_error("'%s' is not a dltriage command", argv[1]);
		if ((hint = dlt_cmd_suggest(argv[1])) != NULL)
			fprintf(stderr, "\nThe most similar command is\n\t%s\n", hint);
		fprintf(stderr, "See 'dltriage help' for the list of commands.\n");
		return (DLT_EXIT_USAGE);
	}
	/* exec sees its own verb ("classify", or "check" of "rules check") as argv[0] */
	argv += shift;
	argc -= shift;
	rc = dlt_cmd_dispatch(cmd, argc, argv);
out:
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (errno == EPIPE)
			return (rc);
		dlt_error_errno("cannot write standard output");
		return (rc == DLT_EXIT_OK ? DLT_EXIT_OUTPUT : rc);
	}
	if (fclose(stdout) != 0) {
		dlt_error_errno("cannot close standard output");
		return (rc == DLT_EXIT_OK ? DLT_EXIT_OUTPUT : rc);
	}
	return (rc);
}
