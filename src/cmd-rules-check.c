/*
 * cmd-rules-check.c: "dltriage rules check": load the rule set (shipped,
 * DLTRIAGE_RULES, --rules, then the PATHs given) and report every
 * problem, or one line of counts when there is none.  A rule that loads
 * but that the classifier's literal prefilter cannot gate gets a
 * warning (see gated()).
 */
#include <stdio.h>

#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "regex.h"
#include "rule-model.h"
#include "rules.h"

static int	cmd_rules_check_exec(struct dlt_ctx *, int, char **);
static void	count(size_t, const char *, const char *, const char *);
static size_t	ungated(const struct dlt_ruleset *);

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

/*
 * Whether the classifier can skip a condition without running its
 * regex: a condition on the failure's text or the log's head can be
 * skipped when its regex needs a literal of 3 bytes or more that the
 * text lacks (the prefilter of classify.c, the same minimum); any other
 * field is a short string (an exception type, a detector's id, a frame)
 * and cheap to test.
 */
static int
cheap(const struct dlt_cond *c)
{
	struct dlt_rx_lits	L;
	size_t			n;

	if (c->field != DLT_FIELD_TEXT && c->field != DLT_FIELD_LOG_HEAD)
		return (1);
	n = dlt_rx_literals(c->rx, 3, &L);
	dlt_rx_lits_release(&L);
	return (n > 0);
}

/*
 * A rule is gated when one of its `all` conditions is cheap (failing
 * it, the rule is done), or when it has `any` conditions and every one
 * is.  Else its regexes run on the text of every failure of every log:
 * the classifier's speed goes with the number of such rules.
 */
static int
gated(const struct dlt_conds *w)
{
	size_t	i;

	for (i = 0; i < w->nall; i++)
		if (cheap(&w->all[i]))
			return (1);
	if (w->nany == 0)
		return (0);
	for (i = 0; i < w->nany; i++)
		if (!cheap(&w->any[i]))
			return (0);
	return (1);
}

/* Warn about every rule the prefilter cannot gate; how many. */
static size_t
ungated(const struct dlt_ruleset *s)
{
	const struct dlt_entry_common	*c;
	const struct dlt_conds		*w;
	size_t				 i, n = 0;

	for (i = 0; i < s->nrules + s->nframeworks; i++) {
		if (i < s->nrules) {
			c = &s->rules[i].c;
			w = &s->rules[i].when;
		} else {
			c = &s->frameworks[i - s->nrules].c;
			w = &s->frameworks[i - s->nrules].when;
		}
		if (gated(w))
			continue;
		fprintf(stderr, "%s:%d:%d: warning: %s '%s' gives the "
		    "prefilter nothing to test (no text regex needing a "
		    "literal of 3 bytes or more, no condition on another "
		    "field): its regexes run on every failure\n",
		    c->loc.file, c->loc.line, c->loc.col,
		    i < s->nrules ? "rule" : "framework rule", c->id);
		n++;
	}
	return (n);
}

static int
cmd_rules_check_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	const struct dlt_ruleset	*s;
	const char			*end;
	size_t				 nwarn;

	/* the operands were rule paths: the dispatcher loaded them */
	(void)argc;
	(void)argv;
	s = &ctx->rules;
	nwarn = ungated(s);
	printf("rules: ");
	count(s->nfiles, "file", "files", ", ");
	count(s->ndetectors, "detector", "detectors", ", ");
	count(s->nframes, "frame format", "frame formats", ", ");
	count(s->nrules, "rule", "rules", ", ");
	count(s->nframeworks, "framework", "frameworks", ", ");
	count(s->nignores, "ignore-frame", "ignore-frames", ", ");
	end = nwarn > 0 ? ": " : ": ok\n";
	count(s->nnormalise, "normalise", "normalise", s->npatterns > 0 ? ", " : end);
	if (s->npatterns > 0)
		count(s->npatterns, "pattern", "patterns", end);
	if (nwarn > 0)
		count(nwarn, "warning\n", "warnings\n", "");
	if (s->prio != NULL) {
		printf("priority model: %s: ", s->prio->path);
		count(s->prio->nfeat, "feature", "features", ", ");
		count(s->prio->nknown, "known defect", "known defects", ": ok\n");
	}
	return (DLT_EXIT_OK);
}
