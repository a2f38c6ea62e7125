/*
 * cmd-rules-check.c: "dltriage rules check": load the rule set (shipped,
 * DLTRIAGE_RULES, --rules, then the PATHs given) and report every
 * problem, or one line of counts when there is none.
 */
#include <getopt.h>
#include <stdio.h>

#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "rules.h"

static int	cmd_rules_check_exec(struct dlt_ctx *, int, char **);
static void	count(size_t, const char *, const char *, const char *);

const struct dlt_cmd dlt_cmd_rules_check = {
	"rules check", "[--rules DIR]... [--no-default-rules] [PATH...]",
	"validate rule files and report every problem in them",
	DLT_CMD_NEEDS_RULES, cmd_rules_check_exec
};

static const struct option rules_check_longopts[] = {
	DLT_RULE_LONGOPTS,
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
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
	int				 ch, rc;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":h", rules_check_longopts,
	    NULL)) != -1) {
		if (dlt_cmd_rule_option(ctx, ch, optarg))
			continue;
		switch (ch) {
		case 'h':
			dlt_cmd_usage(&dlt_cmd_rules_check, stdout);
			return (DLT_EXIT_OK);
		case ':':
		default:
			return (dlt_cmd_bad_option(&dlt_cmd_rules_check, ch, argv));
		}
	}
	for (; optind < argc; optind++)
		dlt_ctx_add_rule_path(ctx, argv[optind]);
	if ((rc = dlt_cmd_need_rules(ctx)) != 0)
		return (rc);
	s = &ctx->rules;
	printf("rules: ");
	count(s->nfiles, "file", "files", ", ");
	count(s->ndetectors, "detector", "detectors", ", ");
	count(s->nframes, "frame format", "frame formats", ", ");
	count(s->nrules, "rule", "rules", ", ");
	count(s->nframeworks, "framework", "frameworks", ", ");
	count(s->nignores, "ignore-frame", "ignore-frames", ", ");
	count(s->nnormalise, "normalise", "normalise", ": ok\n");
	return (DLT_EXIT_OK);
}
