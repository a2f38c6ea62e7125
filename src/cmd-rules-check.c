/*
 * cmd-rules-check.c: "dltriage rules check": load the rule set (shipped,
 * DLTRIAGE_RULES, --rules, then the PATHs given) and report every
 * problem, or one line of counts when there is none.
 */
#include <stdio.h>

#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "rule-model.h"
#include "rules.h"

static int	cmd_rules_check_exec(struct dlt_ctx *, int, char **);
static void	count(size_t, const char *, const char *, const char *);

static const struct dlt_option rules_check_options[] = {
	DLT_OPTION_RULES,
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_rules_check = {
	"rules check", "[--rules DIR]... [--no-default-rules] [PATH...]",
	"validate rule files and report every problem in them",
	DLT_CMD_NEEDS_RULES | DLT_CMD_RULE_ARGS, rules_check_options,
	cmd_rules_check_exec, NULL
};

static void
count(size_t n, const char *one, const char *many, const char *sep)
{
	printf("%zu %s%s", n, n == 1 ? one : many, sep);
}

static int
cmd_rules_check_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	const struct dlt_ruleset	*s;

	/* the operands were rule paths: the dispatcher loaded them */
	(void)argc;
	(void)argv;
	s = &ctx->rules;
	printf("rules: ");
	count(s->nfiles, "file", "files", ", ");
	count(s->ndetectors, "detector", "detectors", ", ");
	count(s->nframes, "frame format", "frame formats", ", ");
	count(s->nrules, "rule", "rules", ", ");
	count(s->nframeworks, "framework", "frameworks", ", ");
	count(s->nignores, "ignore-frame", "ignore-frames", ", ");
	count(s->nnormalise, "normalise", "normalise", ": ok\n");
	if (s->prio != NULL) {
		printf("priority model: %s: ", s->prio->path);
		count(s->prio->nfeat, "feature", "features", ", ");
		count(s->prio->nknown, "known defect", "known defects", ": ok\n");
	}
	return (DLT_EXIT_OK);
}
