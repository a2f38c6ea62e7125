/*
 * cmd-rules-check.c: "dltriage rules check": load the rule set (shipped,
 * DLTRIAGE_RULES, --rules, then the PATHs given) and report every
 * problem, or one line of counts when there is none.  A rule that loads
 * but that the classifier's literal prefilter cannot gate gets a
 * warning (see gated()).  With --against PATH, every line of the logs
 * under PATH that a detector's regex takes while none of its anchors is
 * on it gets a warning too (see against()): the scanner never hands the
 * regex such a line, so what its author wrote is not what it does.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "classify.h"
#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "logread.h"
#include "regex.h"
#include "rule-model.h"
#include "rules.h"
#include "walk.h"
#include "xmalloc.h"

/* What --against found for one detector. */
struct gap {
	unsigned long	 n;		/* lines its regex takes, no anchor on them */
	char		*where;		/* the first: "PATH:LINE", and its text */
	char		*text;
};

struct against {
	const struct dlt_ruleset	*set;
	struct gap			*gaps;	/* one per detector */
	unsigned long			 files, lines;
	int				 unread;	/* a file could not be read */
};

static int	cmd_rules_check_exec(struct dlt_ctx *, int, char **);
static void	count(size_t, const char *, const char *, const char *);
static size_t	ungated(const struct dlt_ruleset *);
static size_t	against(const struct dlt_ruleset *, const char **, size_t, int *);
static int	against_file(const char *, void *);

static const struct dlt_option rules_check_options[] = {
	DLT_OPTION_RULES,
	{ "against", 0, "PATH", 'a', "also test each detector's anchors "
	    "against the lines of the logs under PATH", NULL, NULL },
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_rules_check = {
	"rules check",
	"[--rules DIR]... [--no-default-rules] [--against PATH]... [PATH...]",
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

/* One log of --against: test its every line against every detector. */
static int
against_file(const char *path, void *arg)
{
	struct against		*ag = arg;
	struct dlt_logread	 lr;
	struct dlt_line		 l;
	struct gap		*g;
	size_t			 d;
	int			 fd;

	if ((fd = open(path, O_RDONLY)) == -1) {
		dlt_error_errno("cannot open '%s'", path);
		ag->unread = 1;
		return (0);
	}
	ag->files++;
	dlt_logread_init_fd(&lr, fd, 0);
	while (dlt_logread_next(&lr, &l)) {
		ag->lines++;
		for (d = 0; d < ag->set->ndetectors; d++) {
			if (!dlt_detector_anchor_gap(ag->set, d, l.text, l.len))
				continue;
			g = &ag->gaps[d];
			if (g->n++ == 0) {
				g->where = xasprintf("%s:%ld", path, l.lineno);
				g->text = dlt_msg_quote(l.text, l.len);
			}
		}
	}
	if (lr.error != 0 || lr.dz_error != NULL) {
		if (lr.dz_error != NULL)
			dlt_error("'%s': %s", path, lr.dz_error);
		else {
			errno = lr.error;
			dlt_error_errno("cannot read '%s'", path);
		}
		ag->unread = 1;
	}
	dlt_logread_release(&lr);
	close(fd);
	return (0);
}

/*
 * Warn about every detector whose regex takes lines of the logs under
 * the paths that none of its anchors is on; how many.  *unread is set
 * when a log could not be read (the rest were).
 */
static size_t
against(const struct dlt_ruleset *s, const char **paths, size_t npaths, int *unread)
{
	struct against	 ag;
	const struct dlt_entry_common *c;
	unsigned long	 nerr = 0;
	size_t		 i, n = 0;

	memset(&ag, 0, sizeof ag);
	ag.set = s;
	ag.gaps = xcalloc(s->ndetectors > 0 ? s->ndetectors : 1, sizeof *ag.gaps);
	for (i = 0; i < npaths; i++)
		dlt_walk(paths[i], against_file, &ag, &nerr);
	for (i = 0; i < s->ndetectors; i++) {
		if (ag.gaps[i].n == 0)
			continue;
		c = &s->detectors[i].c;
		fprintf(stderr, "%s:%d:%d: warning: detector '%s': its match "
		    "takes %lu line%s that none of its anchors is on, so it "
		    "never sees %s; the first, %s: %s\n", c->loc.file,
		    c->loc.line, c->loc.col, c->id, ag.gaps[i].n,
		    ag.gaps[i].n == 1 ? "" : "s", ag.gaps[i].n == 1 ? "it" : "them",
		    ag.gaps[i].where, ag.gaps[i].text);
		free(ag.gaps[i].where);
		free(ag.gaps[i].text);
		n++;
	}
	free(ag.gaps);
	*unread = ag.unread || nerr > 0;
	printf("against: %lu log%s, %lu line%s\n", ag.files,
	    ag.files == 1 ? "" : "s", ag.lines, ag.lines == 1 ? "" : "s");
	return (n);
}

static int
cmd_rules_check_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	const struct dlt_ruleset	*s;
	const char			*end, *arg;
	const char			**paths = NULL;
	size_t				 nwarn, npaths = 0, alloc = 0;
	int				 id, unread = 0;

	/* the operands were rule paths: the dispatcher loaded them */
	(void)argc;
	(void)argv;
	while ((id = dlt_cmd_next_option(ctx, &arg)) != -1)
		if (id == 'a') {
			XGROW(paths, npaths + 1, alloc);
			paths[npaths++] = arg;
		}
	s = &ctx->rules;
	nwarn = ungated(s);
	if (npaths > 0)
		nwarn += against(s, paths, npaths, &unread);
	free(paths);
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
	return (unread ? DLT_EXIT_INPUT : DLT_EXIT_OK);
}
