/* command.c: the command table and its lookup; see command.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "suggest.h"


/* Sorted by name; "rules" verbs sort as their full two-word names. */
static const struct dlt_cmd *const cmd_table[] = {
	&dlt_cmd_classify,
	&dlt_cmd_corpus_check,
	&dlt_cmd_help,
	&dlt_cmd_mutate,
	&dlt_cmd_rules_check,
	&dlt_cmd_rules_list,
	&dlt_cmd_rules_schema,
	&dlt_cmd_rules_test,
};
#define NCMDS (sizeof cmd_table / sizeof cmd_table[0])

const struct dlt_cmd *
dlt_cmd_at(size_t i)
{
	return (i < NCMDS ? cmd_table[i] : NULL);
}

const struct dlt_cmd *
dlt_cmd_find(const char *name)
{
	size_t	i;

	for (i = 0; i < NCMDS; i++)
		if (strcmp(cmd_table[i]->name, name) == 0)
			return (cmd_table[i]);
	return (NULL);
}


const char *
dlt_cmd_suggest(const char *name)
{
	const char	*best = NULL;
	size_t		 i, d, bestd = (size_t)-1, limit;

	limit = strlen(name) / 3 + 1;
	if (limit > 3)
		limit = 3;
	for (i = 0; i < NCMDS; i++) {
		d = dlt_edit_distance(name, cmd_table[i]->name);
		/* also compare with the last word of two-word names */
		if (strchr(cmd_table[i]->name, ' ') == NULL && d < bestd) {
			bestd = d;
			best = cmd_table[i]->name;
		} else if (strchr(cmd_table[i]->name, ' ') != NULL && d < bestd) {
			bestd = d;
			best = cmd_table[i]->name;
		}
	}
	if (strncmp(name, "rule", 4) == 0 && bestd > limit)
		return ("rules");
	return (bestd <= limit ? best : NULL);
}

void
dlt_cmd_usage(const struct dlt_cmd *cmd, void *fp)
{
	fprintf(fp, "usage: dltriage %s %s\n", cmd->name, cmd->usage);
}

int
dlt_cmd_rule_option(struct dlt_ctx *ctx, int opt, const char *arg)
{
	switch (opt) {
	case DLT_OPT_RULES:
		dlt_ctx_add_rule_path(ctx, arg);
		return (1);
	case DLT_OPT_NO_DEFAULT_RULES:
		ctx->no_default_rules = 1;
		return (1);
	}
	return (0);
}

int
dlt_cmd_bad_option(const struct dlt_cmd *cmd, int ch, char **argv)
{
	if (ch == ':')
		dlt_error("option '%s' needs a value", argv[optind - 1]);
	else if (optopt > 0 && optopt < 0x100)
		dlt_error("unknown option '-%c'", optopt);
	else
		dlt_error("unknown option '%s'", argv[optind - 1]);
	dlt_cmd_usage(cmd, stderr);
	return (DLT_EXIT_USAGE);
}

int
dlt_cmd_need_rules(struct dlt_ctx *ctx)
{
	if (ctx->rules_loaded)
		return (0);
	if (dlt_ctx_load_rules(ctx) != 0)
		return (DLT_EXIT_RULES);
	return (0);
}
