/*
 * classify.c: incidents -> failures.  Framework detection, frame
 * filtering, the rules and signatures; the deciding rule's priority and
 * confidence are recorded as hints, and the defects layer computes the
 * bucket id and the priority from them (dlt_failure_finish, sink.h).
 * See classify.h and docs/rules-spec.md.  Nothing here decides a class
 * by itself: every decision comes from the rule set.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "error.h"
#include "failure.h"
#include "hash.h"
#include "logread.h"
#include "parse.h"
#include "regex.h"
#include "runctx.h"
#include "rules.h"
#include "scan.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"

#define MAX_CAPTURES	16

struct capture {
	char	*name;
	char	*value;
};

struct captures {
	struct capture	v[MAX_CAPTURES];
	int		n;
};

/*
 * The literal prefilter: the clauses of literals a condition's regex
 * needs (dlt_rx_literals: one literal of each clause), found in a
 * block's text by one scan, so that the regexes of conditions with a
 * clause none of whose literals is there are not run.
 */
struct litcond {
	const struct dlt_cond	*c;		/* NULL: empty slot */
	size_t			 first, n;	/* its literals in litref */
};

/* One literal of a condition: its id in litscan and its clause. */
struct litref {
	size_t	id;
	size_t	clause;
};

/*
 * The same for the ignore lists: the literals of each entry's function
 * regex, found in a frame's function name by one scan, so that the
 * entries whose literals are not there are not matched.
 */
struct igfilter {
	size_t	first, n;		/* its literals in igref; n == 0: none */
};

struct litmemo {
	int		 done;			/* seen[] is for this subject */
	size_t		 len;			/* ... of this length (the log's head grows) */
	unsigned char	*seen;			/* [nlits] */
	signed char	*res;			/* [lcmask + 1]: a condition's answer, -1 not yet; NULL: none kept */
};

struct dlt_classifier {
	const struct dlt_ruleset	*rules;
	char				*framework;	/* override */
	struct dlt_scanner		*scanner;
	struct dlt_parser		 parser;
	struct dlt_scanner		*litscan;
	size_t				 nlits;
	struct litref			*litref;
	size_t				 nlitref, litref_alloc;
	struct litcond			*lc;		/* open addressing */
	struct dlt_scanner		*igscan;
	size_t				 nignore_lits;
	struct litref			*igref;
	size_t				 nigref, igref_alloc;
	struct igfilter			*igf;		/* [rules->nignores] */
	unsigned char			*igseen;	/* [nignore_lits] */
	size_t				 lcmask;
	struct litmemo			 text;		/* the block's text */
	struct litmemo			 head;		/* the log's head */
	/* the log being classified */
	const char			*source;
	const char			*log_head;
	struct dlt_runctx		 ctx;		/* the run's, or empty */
	size_t				 nrefines;	/* rules with `refines` */
	const size_t			*log_headlen;	/* it grows as the log is read */
	struct dlt_failure		*pending;
	size_t				 npending, pending_alloc;
};

struct eval {
	const struct dlt_classifier	*cl;
	const struct dlt_incident	*inc;
	const char			*top;
	const char			*framework;
	struct litmemo			*text;		/* the block's literals */
	struct litmemo			*head;		/* the log head's */
};

static int	incident_cb(struct dlt_incident *, void *);
static int	cond_holds(const struct eval *, const struct dlt_cond *, struct captures *);
static int	conds_hold(const struct eval *, const struct dlt_conds *, struct captures *);
static int	match_one(const struct dlt_cond *, const char *, struct captures *);
static const struct dlt_rule *refine(const struct eval *, const struct dlt_rule *,
		    const struct dlt_incident *, struct captures *);
static int	run_cond_holds(const struct dlt_runctx *, const struct dlt_cond *,
		    struct captures *);
static int	match_len(const struct dlt_cond *, const char *, size_t,
		    struct captures *);
static void	captures_release(struct captures *);
static const char *capture_get(const struct captures *, const char *);
static char	*expand(const char *, const struct captures *, const char *, const char *,
		    const char *, const char *, const char *, const char *);
static char	*first_line(const char *, size_t);
static const char	*path_stripped(const char *);
static int	flush_pending(struct dlt_classifier *, dlt_failure_fn, void *);
static void	file_framework(struct dlt_classifier *);
static const char *head_framework(struct dlt_classifier *);
static const char *framework_vote(const struct eval *, int);
static int	looks_binary(const char *, size_t);
static void	lits_build(struct dlt_classifier *);
static void	ignores_build(struct dlt_classifier *);
static int	clauses_hold(const struct litref *, size_t, const unsigned char *);
static int	frame_ignored(struct dlt_classifier *, const char *, const char *,
		    const char *);
static int	lits_may_match(const struct eval *, const struct dlt_cond *,
		    const char *, size_t, struct litmemo *);

struct dlt_classifier *
dlt_classifier_new(const struct dlt_ruleset *rules, const struct dlt_classify_opts *opts)
{
	struct dlt_classifier	*cl;
	struct dlt_scan_pattern	*pats = NULL;
	size_t			 n = 0, alloc = 0, i, k;

	cl = xcalloc(1, sizeof *cl);
	cl->rules = rules;
	if (opts != NULL && opts->framework != NULL)
		cl->framework = xstrdup(opts->framework);
	for (i = 0; i < rules->ndetectors; i++) {
		for (k = 0; k < rules->detectors[i].nanchors; k++) {
			XGROW(pats, n + 1, alloc);
			pats[n].lit = rules->detectors[i].anchors[k];
			pats[n].len = strlen(pats[n].lit);
			pats[n].caseless = rules->detectors[i].caseless;
			pats[n].word = rules->detectors[i].word;
			pats[n].id = (int)i;
			n++;
		}
	}
	cl->scanner = dlt_scanner_new(pats, n);
	free(pats);
	dlt_parser_init(&cl->parser, rules, cl->scanner);
	lits_build(cl);
	for (i = 0; i < rules->nrules; i++)
		if (rules->rules[i].refines != NULL)
			cl->nrefines++;
	ignores_build(cl);
	return (cl);
}

static size_t
lc_slot(const struct dlt_classifier *cl, const struct dlt_cond *c)
{
	size_t	h = (size_t)(((uintptr_t)c >> 3) * UINT64_C(0x9e3779b97f4a7c15) >> 17);

	for (h &= cl->lcmask; cl->lc[h].c != NULL && cl->lc[h].c != c; h = (h + 1) & cl->lcmask)
		;
	return (h);
}

struct litbuild {
	struct dlt_scan_pattern	*pats;
	size_t			 n, alloc;
	size_t			*slot;		/* index + 1 into pats; 0: free */
	size_t			 mask;		/* slots - 1 */
};

static size_t
lit_slot(const struct litbuild *b, const char *lit, size_t len, int caseless)
{
	size_t	h = (size_t)dlt_hash(DLT_HASH_INIT + (uint64_t)caseless, lit, len);
	size_t	k;

	for (h &= b->mask; (k = b->slot[h]) != 0; h = (h + 1) & b->mask)
		if (b->pats[k - 1].len == len && b->pats[k - 1].caseless == caseless &&
		    memcmp(b->pats[k - 1].lit, lit, len) == 0)
			break;
	return (h);
}

/*
 * The id of a literal in a scanner being built, a new one unless it is
 * there: a rule set's conditions give thousands of literals, many the
 * same, and a search of the list for each was a tenth of start-up.
 */
static size_t
lits_id(size_t *nlits, struct litbuild *b, char *lit, size_t len, int caseless)
{
	size_t	h, i, size;

	if (2 * (b->n + 1) > (b->slot != NULL ? b->mask + 1 : 0)) {
		size = b->slot != NULL ? 2 * (b->mask + 1) : 256;
		free(b->slot);
		b->slot = xcalloc(size, sizeof *b->slot);
		b->mask = size - 1;
		for (i = 0; i < b->n; i++)
			b->slot[lit_slot(b, b->pats[i].lit, b->pats[i].len,
			    b->pats[i].caseless)] = i + 1;
	}
	h = lit_slot(b, lit, len, caseless);
	if (b->slot[h] != 0) {
		free(lit);
		return ((size_t)b->pats[b->slot[h] - 1].id);
	}
	XGROW(b->pats, b->n + 1, b->alloc);
	b->pats[b->n].lit = lit;	/* now owned by b */
	b->pats[b->n].len = len;
	b->pats[b->n].caseless = caseless;
	b->pats[b->n].word = 0;
	b->pats[b->n].id = (int)(*nlits)++;
	b->slot[h] = ++b->n;
	return (*nlits - 1);
}

/* The scanner of the literals gathered in b; b is released. */
static struct dlt_scanner *
litbuild_finish(struct litbuild *b)
{
	struct dlt_scanner	*sc = dlt_scanner_new(b->pats, b->n);
	size_t			 i;

	for (i = 0; i < b->n; i++)
		free((char *)b->pats[i].lit);
	free(b->pats);
	free(b->slot);
	memset(b, 0, sizeof *b);
	return (sc);
}

static void
lits_add_list(struct dlt_classifier *cl, struct litbuild *b, const struct dlt_cond *v,
    size_t nv)
{
	struct dlt_rx_lits	 L;
	size_t			 i, k, h;

	for (i = 0; i < nv; i++) {
		/*
		 * A condition on the log's head has a slot even without
		 * literals (none to require: it may always match), so that
		 * its answer is kept for the log's other failures.
		 */
		if (v[i].field != DLT_FIELD_TEXT && v[i].field != DLT_FIELD_LOG_HEAD)
			continue;
		if (dlt_rx_literals(v[i].rx, 3, &L) == 0 &&
		    v[i].field != DLT_FIELD_LOG_HEAD)
			continue;
		h = lc_slot(cl, &v[i]);
		if (cl->lc[h].c != NULL) {	/* seen already */
			dlt_rx_lits_release(&L);
			continue;
		}
		cl->lc[h].c = &v[i];
		cl->lc[h].first = cl->nlitref;
		cl->lc[h].n = L.n;
		for (k = 0; k < L.n; k++) {
			XGROW(cl->litref, cl->nlitref + 1, cl->litref_alloc);
			cl->litref[cl->nlitref].clause = L.clause[k];
			cl->litref[cl->nlitref].id = lits_id(&cl->nlits, b, L.lit[k],
			    L.len[k], L.caseless);
			cl->nlitref++;
		}
		free(L.lit);
		free(L.len);
		free(L.clause);
	}
}

static void
lits_build(struct dlt_classifier *cl)
{
	const struct dlt_ruleset	*rs = cl->rules;
	const struct dlt_conds		*w;
	struct litbuild			 b;
	size_t				 i, nconds = 0, size;

	memset(&b, 0, sizeof b);
	for (i = 0; i < rs->nrules + rs->nframeworks; i++) {
		w = i < rs->nrules ? &rs->rules[i].when : &rs->frameworks[i - rs->nrules].when;
		nconds += w->nall + w->nany + w->nnone;
	}
	for (size = 16; size < 2 * nconds; size *= 2)
		;
	cl->lc = xcalloc(size, sizeof *cl->lc);
	cl->lcmask = size - 1;
	for (i = 0; i < rs->nrules + rs->nframeworks; i++) {
		w = i < rs->nrules ? &rs->rules[i].when : &rs->frameworks[i - rs->nrules].when;
		lits_add_list(cl, &b, w->all, w->nall);
		lits_add_list(cl, &b, w->any, w->nany);
		lits_add_list(cl, &b, w->none, w->nnone);
	}
	cl->litscan = litbuild_finish(&b);
	cl->text.seen = xcalloc(cl->nlits > 0 ? cl->nlits : 1, 1);
	cl->head.seen = xcalloc(cl->nlits > 0 ? cl->nlits : 1, 1);
	cl->head.res = xmalloc(cl->lcmask + 1);
}

static void
ignores_build(struct dlt_classifier *cl)
{
	const struct dlt_ruleset	*rs = cl->rules;
	struct dlt_rx_lits		 L;
	struct litbuild			 b;
	size_t				 i, k;

	memset(&b, 0, sizeof b);
	cl->igf = xcalloc(rs->nignores > 0 ? rs->nignores : 1, sizeof *cl->igf);
	for (i = 0; i < rs->nignores; i++) {
		if (dlt_rx_literals(rs->ignores[i].func, 3, &L) == 0)
			continue;
		cl->igf[i].first = cl->nigref;
		cl->igf[i].n = L.n;
		for (k = 0; k < L.n; k++) {
			XGROW(cl->igref, cl->nigref + 1, cl->igref_alloc);
			cl->igref[cl->nigref].clause = L.clause[k];
			cl->igref[cl->nigref].id = lits_id(&cl->nignore_lits, &b,
			    L.lit[k], L.len[k], L.caseless);
			cl->nigref++;
		}
		free(L.lit);
		free(L.len);
		free(L.clause);
	}
	cl->igscan = litbuild_finish(&b);
	cl->igseen = xcalloc(cl->nignore_lits > 0 ? cl->nignore_lits : 1, 1);
}

/* Does seen hold a literal of every clause of the n literals at r? */
static int
clauses_hold(const struct litref *r, size_t n, const unsigned char *seen)
{
	size_t	i, c;
	int	hit;

	/* the literals of a clause are next to each other, in order */
	for (i = 0; i < n; ) {
		hit = 0;
		for (c = r[i].clause; i < n && r[i].clause == c; i++)
			hit |= seen[r[i].id];
		if (!hit)
			return (0);
	}
	return (1);
}

static void
lit_seen(int id, void *arg)
{
	((unsigned char *)arg)[id] = 1;
}

/*
 * Can condition c match subject s?  0 only when s holds none of the
 * literals of one of the clauses of c's regex.
 */
static int
lits_may_match(const struct eval *ev, const struct dlt_cond *c, const char *s,
    size_t n, struct litmemo *m)
{
	const struct dlt_classifier	*cl = ev->cl;
	const struct litcond		*lc;

	if (m == NULL || s == NULL || cl->nlits == 0)
		return (1);
	lc = &cl->lc[lc_slot(cl, c)];
	if (lc->c == NULL)
		return (1);
	if (!m->done || m->len != n) {
		memset(m->seen, 0, cl->nlits);
		dlt_scanner_each(cl->litscan, s, n, lit_seen, m->seen);
		if (m->res != NULL)
			memset(m->res, -1, cl->lcmask + 1);
		m->done = 1;
		m->len = n;
	}
	return (clauses_hold(cl->litref + lc->first, lc->n, m->seen));
}

/*
 * A condition on the log's head gives every failure of a log the same
 * answer while the head does not grow, so the answer is kept (in the
 * head's litmemo, cleared with it) for every such condition, with
 * literals or without.  A match is made again when its named groups
 * are wanted.
 */
static int
head_match(const struct eval *ev, const struct dlt_cond *c, struct captures *caps)
{
	const struct dlt_classifier	*cl = ev->cl;
	const char			*s = cl->log_head;
	size_t				 n = *cl->log_headlen, h;
	int				 num;
	signed char			*res = ev->head != NULL ? ev->head->res : NULL;
	int				 r;

	if (res == NULL || cl->nlits == 0 || cl->lc[h = lc_slot(cl, c)].c != c)
		return (match_len(c, s, n, caps));
	if (res[h] == 0 || (res[h] == 1 &&
	    (caps == NULL || dlt_rx_group_name(c->rx, 0, &num) == NULL)))
		return (res[h]);
	r = match_len(c, s, n, caps);
	res[h] = (signed char)r;
	return (r);
}

void
dlt_classifier_set_framework(struct dlt_classifier *cl, const char *framework)
{
	free(cl->framework);
	cl->framework = framework != NULL ? xstrdup(framework) : NULL;
}

void
dlt_classifier_set_context(struct dlt_classifier *cl,
    const struct dlt_runctx *ctx)
{
	if (ctx != NULL)
		dlt_runctx_copy(&cl->ctx, ctx);
	else
		dlt_runctx_release(&cl->ctx);
}

const struct dlt_ruleset *
dlt_classifier_rules(const struct dlt_classifier *cl)
{
	return (cl->rules);
}

void
dlt_classifier_free(struct dlt_classifier *cl)
{
	size_t	i;

	if (cl == NULL)
		return;
	for (i = 0; i < cl->npending; i++)
		dlt_failure_release(&cl->pending[i]);
	free(cl->pending);
	dlt_parser_release(&cl->parser);
	dlt_scanner_free(cl->scanner);
	dlt_scanner_free(cl->litscan);
	free(cl->litref);
	dlt_scanner_free(cl->igscan);
	free(cl->igref);
	free(cl->igf);
	free(cl->igseen);
	free(cl->lc);
	free(cl->text.seen);
	free(cl->head.seen);
	free(cl->head.res);
	free(cl->framework);
	dlt_runctx_release(&cl->ctx);
	free(cl);
}

static void
captures_release(struct captures *c)
{
	int	i;

	for (i = 0; i < c->n; i++) {
		free(c->v[i].name);
		free(c->v[i].value);
	}
	c->n = 0;
}

static const char *
capture_get(const struct captures *c, const char *name)
{
	int	i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->v[i].name, name) == 0)
			return (c->v[i].value);
	return (NULL);
}

static int
match_one(const struct dlt_cond *c, const char *s, struct captures *caps)
{
	if (s == NULL)
		return (0);
	return (match_len(c, s, strlen(s), caps));
}

/* match_one on s[0..n), where n is known (a block's text, the log's head). */
static int
match_len(const struct dlt_cond *c, const char *s, size_t n, struct captures *caps)
{
	struct dlt_rx_match	 m;
	const char		*name;
	int			 i, num;

	if (!dlt_rx_match(c->rx, s, n, 0, &m))
		return (0);
	if (caps == NULL)
		return (1);
	for (i = 0; (name = dlt_rx_group_name(c->rx, i, &num)) != NULL; i++) {
		if (num > m.ngroups || m.gstart[num] == (size_t)-1 ||
		    capture_get(caps, name) != NULL || caps->n >= MAX_CAPTURES)
			continue;
		caps->v[caps->n].name = xstrdup(name);
		caps->v[caps->n].value = xstrndup(s + m.gstart[num],
		    m.gend[num] - m.gstart[num]);
		caps->n++;
	}
	return (1);
}

static int
cond_holds(const struct eval *ev, const struct dlt_cond *c, struct captures *caps)
{
	const struct dlt_incident	*inc = ev->inc;
	size_t				 i;

	switch (c->field) {
	case DLT_FIELD_TEXT:
		if (!lits_may_match(ev, c, inc->text.buf, inc->text.len, ev->text))
			return (0);
		return (match_len(c, inc->text.buf, inc->text.len, caps));
	case DLT_FIELD_HEAD:
		return (match_one(c, inc->head, caps));
	case DLT_FIELD_EXC_TYPE:
		return (match_one(c, inc->exc_type, caps));
	case DLT_FIELD_EXC_MESSAGE:
		return (match_one(c, inc->exc_message, caps));
	case DLT_FIELD_FRAME:
		for (i = 0; i < inc->nframes; i++)
			if (match_one(c, inc->frames[i].display, caps))
				return (1);
		return (0);
	case DLT_FIELD_TOP_FRAME:
		return (match_one(c, ev->top, caps));
	case DLT_FIELD_FRAME_FILE:
		for (i = 0; i < inc->nframes; i++)
			if (match_one(c, inc->frames[i].file, caps))
				return (1);
		return (0);
	case DLT_FIELD_DETECTOR:
		for (i = 0; i < inc->ndetectors; i++)
			if (match_one(c, ev->cl->rules->detectors[inc->detectors[i]].c.id,
			    caps))
				return (1);
		return (0);
	case DLT_FIELD_SOURCE:
		return (match_one(c, ev->cl->source, caps));
	case DLT_FIELD_LOG_HEAD:
		if (ev->cl->log_head == NULL)
			return (0);
		if (!lits_may_match(ev, c, ev->cl->log_head, *ev->cl->log_headlen,
		    ev->head))
			return (0);
		return (head_match(ev, c, caps));
	case DLT_FIELD_RUN_MODE:
	case DLT_FIELD_RUN_PROFILE:
	case DLT_FIELD_RUN_STATUS:
	case DLT_FIELD_RUN_OPERATOR:
	case DLT_FIELD_RUN_OTHERS:
	case DLT_FIELD_RUN_OTHER:
		return (run_cond_holds(&ev->cl->ctx, c, caps));
	default:
		break;
	}
	return (0);
}

_Static_assert(DLT_FIELD_RUN_OTHER - DLT_FIELD_RUN_MODE == DLT_RUNCTX_OTHER &&
    DLT_FIELD_COUNT - DLT_FIELD_RUN_MODE == DLT_RUNCTX_COUNT,
    "the run.* fields and enum dlt_runctx_field differ");

static int
is_run_field(enum dlt_field f)
{
	return (f >= DLT_FIELD_RUN_MODE && f <= DLT_FIELD_RUN_OTHER);
}

/* A condition on the run context: a value of the field matches. */
static int
run_cond_holds(const struct dlt_runctx *ctx, const struct dlt_cond *c,
    struct captures *caps)
{
	const char *const	*vals;
	size_t			 i, n;

	n = dlt_runctx_values(ctx, (int)(c->field - DLT_FIELD_RUN_MODE), &vals);
	for (i = 0; i < n; i++)
		if (match_one(c, vals[i], caps))
			return (1);
	return (0);
}

/*
 * The run context that decided: the run.* conditions of the rule's all
 * and any that hold, as FIELD=VALUE items (NULL when none did).
 */
static char *
run_evidence(const struct dlt_runctx *ctx, const struct dlt_conds *w)
{
	struct strbuf		 sb = STRBUF_INIT;
	const struct dlt_cond	*c;
	const char *const	*vals;
	size_t			 i, k, n;

	for (i = 0; i < w->nall + w->nany; i++) {
		c = i < w->nall ? &w->all[i] : &w->any[i - w->nall];
		if (!is_run_field(c->field))
			continue;
		n = dlt_runctx_values(ctx, (int)(c->field - DLT_FIELD_RUN_MODE),
		    &vals);
		for (k = 0; k < n; k++) {
			if (!match_one(c, vals[k], NULL))
				continue;
			strbuf_addf(&sb, "%s%s=%s", sb.len > 0 ? " " : "",
			    dlt_field_name(c->field), vals[k]);
			break;
		}
	}
	return (sb.len > 0 ? strbuf_detach(&sb, NULL) : NULL);
}

/*
 * A condition on a short field (the exception, the top frame, a detector
 * id, the path) costs little; one on the block's text, the frames or the
 * head of the log scans them.  The cheap ones of `all` are tried first,
 * then `any`, then the rest of `all`: a rule that cannot hold is dropped
 * before its regexes read the block (most rules fail on most blocks).
 */
static int
cheap_field(enum dlt_field f)
{
	return (f == DLT_FIELD_EXC_TYPE || f == DLT_FIELD_EXC_MESSAGE ||
	    f == DLT_FIELD_TOP_FRAME || f == DLT_FIELD_DETECTOR ||
	    f == DLT_FIELD_SOURCE || f == DLT_FIELD_HEAD ||
	    (f >= DLT_FIELD_RUN_MODE && f <= DLT_FIELD_RUN_OTHER));
}

static int
conds_hold(const struct eval *ev, const struct dlt_conds *w, struct captures *caps)
{
	size_t	i;
	int	any;

	for (i = 0; i < w->nall; i++)
		if (cheap_field(w->all[i].field) &&
		    !cond_holds(ev, &w->all[i], caps))
			return (0);
	if (w->nany > 0) {
		any = 0;
		for (i = 0; i < w->nany && !any; i++)
			any = cond_holds(ev, &w->any[i], caps);
		if (!any)
			return (0);
	}
	for (i = 0; i < w->nall; i++)
		if (!cheap_field(w->all[i].field) &&
		    !cond_holds(ev, &w->all[i], caps))
			return (0);
	for (i = 0; i < w->nnone; i++)
		if (cond_holds(ev, &w->none[i], NULL))
			return (0);
	return (1);
}

static size_t
indent_at(const char *s)
{
	size_t	n = 0;

	while (s[n] == ' ' || s[n] == '\t')
		n++;
	return (n);
}

/*
 * Past the blank lines and the dashed rules at s: MindSpore's report
 * opens its message with a dashed rule above a section's title ("-
 * Kernel select failed:"), and puts another below it.  A title's "- "
 * goes too.
 */
static const char *
past_rules(const char *s)
{
	size_t	n;

	while (*s != '\0') {
		n = strcspn(s, "\n");
		if (strspn(s, " \t\r") < n && !dlt_parse_dashed_rule(s, n))
			break;
		s += n + (s[n] != '\0');
	}
	if (s[0] == '-' && s[1] == ' ' && isupper((unsigned char)s[2]))
		s += 2;
	return (s);
}

/*
 * The first line of what a colon announced (s: the line after it),
 * without its indentation: frames of a traceback nested there
 * ('File "x.py", line 3, in f' and the source line below, deeper) are
 * passed over for the line that names the failure.
 */
static const char *
announced_line(const char *s)
{
	const char	*nl;
	size_t		 ind, src;

	while (*s != '\0') {
		s = past_rules(s);
		ind = indent_at(s);
		if (strncmp(s + ind, "File \"", 6) != 0)
			return (s + ind);
		/* past the frame and the source line below it, deeper */
		if ((nl = strchr(s, '\n')) == NULL)
			return ("");
		s = nl + 1;
		src = indent_at(s);
		if (src > ind && s[src] != '\n' && s[src] != '\0') {
			if ((nl = strchr(s, '\n')) == NULL)
				return ("");
			s = nl + 1;
		}
	}
	return (s);
}

/*
 * A line that opens with a source path ("/build/dir/x.mm:725: failed
 * assertion ...") without the directories, which say where the program
 * was built rather than what failed, and would fill a headline.
 */
static const char *
path_stripped(const char *s)
{
	size_t		 n = strcspn(s, " \t\n");
	const char	*slash = NULL, *p;

	for (p = s; p < s + n; p++)
		if (*p == '/' || *p == '\\')
			slash = p;
	return (slash != NULL && slash + 1 < s + n ? slash + 1 : s);
}

static char *
first_line(const char *s, size_t max)
{
	const char	*nl, *next;
	size_t		 n, m, k;
	char		*r;

	if (s == NULL)
		return (xstrdup(""));
	s = past_rules(s);
	nl = strchr(s, '\n');
	n = nl != NULL ? (size_t)(nl - s) : strlen(s);
	k = n;
	while (k > 0 && isspace((unsigned char)s[k - 1]))
		k--;
	/*
	 * A wrapper's sentence ("Exception encountered when calling
	 * Dense.call().") names no failure: the headline is its detail,
	 * the line below it.
	 */
	if (nl != NULL && dlt_parse_wrapper_message(s)) {
		next = announced_line(nl + 1);
		m = strcspn(next, "\n");
		if (m > 0)
			return (xstrndup(next, m > max ? max : m));
	}
	/*
	 * A first line ending in a colon announces the line that names
	 * the failure ("backend='inductor' raised:" above "RuntimeError:
	 * ..."): the headline is both, or every wrapped failure of a
	 * kind would read the same.
	 */
	if (nl != NULL && k > 0 && s[k - 1] == ':' && k < max) {
		next = announced_line(nl + 1);
		m = strcspn(next, "\n");
		if (m > 0) {
			if (k + 1 + m > max)
				m = max - k - 1;
			r = xmalloc(k + 1 + m + 1);
			memcpy(r, s, k);
			r[k] = ' ';
			memcpy(r + k + 1, next, m);
			r[k + 1 + m] = '\0';
			return (r);
		}
	}
	if (n > max)
		n = max;
	return (xstrndup(s, n));
}

/*
 * Expand a template: {type} {message} {top} {kind} {class} {framework}
 * and named captures.  " in {top}" disappears when there is no top frame.
 */
static char *
expand(const char *tpl, const struct captures *caps, const char *type,
    const char *message, const char *top, const char *kind, const char *cls,
    const char *framework)
{
	struct strbuf	 sb = STRBUF_INIT;
	const char	*p, *e, *v;
	char		 name[64];
	size_t		 n;

	for (p = tpl; *p != '\0'; p++) {
		if (*p != '{' || (e = strchr(p, '}')) == NULL ||
		    (n = (size_t)(e - p - 1)) == 0 || n >= sizeof name) {
			strbuf_addch(&sb, *p);
			continue;
		}
		memcpy(name, p + 1, n);
		name[n] = '\0';
		v = NULL;
		if (strcmp(name, "type") == 0)
			v = type;
		else if (strcmp(name, "message") == 0)
			v = message;
		else if (strcmp(name, "top") == 0) {
			v = top;
			if (v == NULL || *v == '\0') {
				if (sb.len >= 4 && memcmp(sb.buf + sb.len - 4, " in ", 4) == 0)
					strbuf_setlen(&sb, sb.len - 4);
				p = e;
				continue;
			}
		} else if (strcmp(name, "kind") == 0)
			v = kind;
		else if (strcmp(name, "class") == 0)
			v = cls;
		else if (strcmp(name, "framework") == 0)
			v = framework;
		else
			v = capture_get(caps, name);
		if (v != NULL)
			strbuf_addstr(&sb, v);
		p = e;
	}
	return (strbuf_detach(&sb, NULL));
}

static int
incident_cb(struct dlt_incident *inc, void *arg)
{
	struct dlt_classifier		*cl = arg;
	const struct dlt_ruleset	*rs = cl->rules;
	const struct dlt_rule		*rule = NULL;
	struct dlt_failure		*f;
	struct captures			 caps;
	struct eval			 ev;
	const char			*framework = NULL, *top = NULL;
	char				*msg1, *kind;
	size_t				 i, nf;
	int				 cls;

	memset(&caps, 0, sizeof caps);
	memset(&ev, 0, sizeof ev);
	ev.cl = cl;
	ev.inc = inc;
	cl->text.done = 0;
	ev.text = &cl->text;
	ev.head = &cl->head;

	/* framework */
	if (cl->framework != NULL)
		framework = cl->framework;
	else if ((framework = framework_vote(&ev, 0)) == NULL)
		framework = "unknown";

	/* frame filtering */
	for (i = 0; i < inc->nframes; i++) {
		inc->frames[i].ignored = frame_ignored(cl, framework,
		    inc->frames[i].display, inc->frames[i].file);
		if (!inc->frames[i].ignored && top == NULL)
			top = inc->frames[i].display;
	}
	ev.top = top;
	ev.framework = framework;

	/* the rules, by precedence; then the refinements of the decision */
	for (i = 0; i < rs->nrules; i++) {
		if (rs->rules[i].refines != NULL ||
		    (rs->rules[i].framework != NULL &&
		    strcmp(rs->rules[i].framework, framework) != 0))
			continue;
		captures_release(&caps);
		if (conds_hold(&ev, &rs->rules[i].when, &caps)) {
			rule = &rs->rules[i];
			break;
		}
	}
	if (cl->nrefines > 0 && !dlt_runctx_empty(&cl->ctx))
		rule = refine(&ev, rule, inc, &caps);
	cls = rule != NULL ? rule->cls : DLT_CLASS_UNKNOWN;
	if (cls == DLT_CLASS_IGNORE) {
		inc->ignored = 1;
		captures_release(&caps);
		return (0);
	}
	if (rule != NULL && rule->set_framework != NULL && strcmp(framework, "unknown") == 0)
		framework = rule->set_framework;

	XGROW(cl->pending, cl->npending + 1, cl->pending_alloc);
	f = &cl->pending[cl->npending++];
	memset(f, 0, sizeof *f);
	f->source = xstrdup(cl->source);
	f->line_start = inc->first;
	f->line_end = inc->last;
	f->unit = inc->unit;
	f->cls = cls;
	f->framework = xstrdup(framework);
	msg1 = first_line(inc->exc_message, 160);
	if (rule != NULL && rule->kind != NULL)
		kind = expand(rule->kind, &caps, inc->exc_type, msg1, top, "",
		    dlt_class_name(cls), framework);
	else
		kind = xstrdup(dlt_shape_name(inc->first_shape));
	f->kind = kind;
	if (inc->exc_type != NULL) {
		f->exc_type = xstrdup(inc->exc_type);
		f->exc_message = xstrdup(inc->exc_message != NULL ? inc->exc_message : "");
	}
	for (i = 0, nf = 0; i < inc->nframes && nf < DLT_MAX_FRAMES; i++)
		if (!inc->frames[i].ignored)
			f->frames[nf++] = xstrdup(inc->frames[i].display);
	f->nframes = nf;
	if (rule != NULL && rule->signature != NULL)
		f->signature = expand(rule->signature, &caps, inc->exc_type, msg1, top,
		    kind, dlt_class_name(cls), framework);
	else if (inc->exc_type != NULL)
		f->signature = expand(*msg1 != '\0' ? "{type}: {message} in {top}" :
		    "{type} in {top}", &caps, inc->exc_type, msg1, top, kind,
		    dlt_class_name(cls), framework);
	else {
		/*
		 * A line-shaped failure (an assertion, a heap check, an
		 * out-of-memory line) with neither an exception, a rule's
		 * signature nor a frame would be named by its kind alone, and
		 * every such failure of a kind would share one bucket: its
		 * first line names it instead (normalised when hashed), and
		 * is the {message} of a rule's bucket template below too.
		 */
		if (*msg1 == '\0' && top == NULL && inc->head != NULL) {
			free(msg1);
			msg1 = first_line(path_stripped(inc->head), 160);
		}
		f->signature = expand(*msg1 != '\0' ? "{kind}: {message} in {top}" :
		    "{kind} in {top}", &caps, NULL, msg1, top, kind,
		    dlt_class_name(cls), framework);
	}

	if (rule != NULL && rule->bucket != NULL)
		f->bucket_key = expand(rule->bucket, &caps, inc->exc_type, msg1,
		    top, kind, dlt_class_name(cls), framework);

	free(msg1);

	f->rule = rule != NULL ? xstrdup(rule->c.id) : NULL;
	f->run_evidence = rule != NULL ? run_evidence(&cl->ctx, &rule->when) :
	    NULL;
	if (inc->nevidence > 0) {
		f->evidence = xcalloc(inc->nevidence, sizeof *f->evidence);
		memcpy(f->evidence, inc->evidence, inc->nevidence * sizeof *f->evidence);
		f->nevidence = inc->nevidence;
	}
	f->security = rule != NULL && rule->security == 1;
	f->alone = rule != NULL && rule->alone;
	f->prio_hint = rule != NULL ? rule->priority : DLT_PRIO_UNSET;
	f->conf_hint = rule != NULL ? rule->confidence : -1;
	f->priority = DLT_PRIO_UNSET;
	f->excerpt = xstrndup(inc->text.buf, inc->text.len > 8192 ? 8192 : inc->text.len);
	captures_release(&caps);
	return (0);
}

/*
 * The refinements (rules with `refines`) of a decision: the first whose
 * regex matches the decision's "class/kind" and whose conditions hold
 * replaces it, with its captures.  They look at the run context, so a
 * log classified outside a run never gets here.
 */
static const struct dlt_rule *
refine(const struct eval *ev, const struct dlt_rule *rule,
    const struct dlt_incident *inc, struct captures *caps)
{
	const struct dlt_ruleset	*rs = ev->cl->rules;
	struct captures			 c2;
	char				*kind, *msg1, *ck;
	size_t				 i;
	int				 cls;

	cls = rule != NULL ? rule->cls : DLT_CLASS_UNKNOWN;
	if (cls == DLT_CLASS_IGNORE)
		return (rule);
	msg1 = first_line(inc->exc_message, 160);
	if (rule != NULL && rule->kind != NULL)
		kind = expand(rule->kind, caps, inc->exc_type, msg1, ev->top, "",
		    dlt_class_name(cls), ev->framework);
	else
		kind = xstrdup(dlt_shape_name(inc->first_shape));
	ck = xasprintf("%s/%s", dlt_class_name(cls), kind);
	free(kind);
	free(msg1);
	memset(&c2, 0, sizeof c2);
	for (i = 0; i < rs->nrules; i++) {
		const struct dlt_rule	*r = &rs->rules[i];

		if (r->refines == NULL || (r->framework != NULL &&
		    strcmp(r->framework, ev->framework) != 0) ||
		    !dlt_rx_match(r->refines, ck, strlen(ck), 0, NULL))
			continue;
		captures_release(&c2);
		if (conds_hold(ev, &r->when, &c2)) {
			captures_release(caps);
			*caps = c2;
			free(ck);
			return (r);
		}
	}
	captures_release(&c2);
	free(ck);
	return (rule);
}

#define TALLY_MAX	16	/* frameworks a tally keeps; a log names few */

/*
 * Add w to name's sum in a tally (names[] and sums[], *n of TALLY_MAX in
 * use, in the order first named); a name past TALLY_MAX is not kept.
 */
static void
tally_add(const char **names, long *sums, size_t *n, const char *name, long w)
{
	size_t	j;

	for (j = 0; j < *n; j++)
		if (strcmp(names[j], name) == 0)
			break;
	if (j == *n) {
		if (*n == TALLY_MAX)
			return;
		names[j] = name;
		sums[(*n)++] = 0;
	}
	sums[j] += w;
}

/*
 * The framework the frameworks entries that hold for ev name, by their
 * summed weights: NULL when none holds, or, when ties_none, when two
 * tie (else the one named first wins).
 */
static const char *
framework_vote(const struct eval *ev, int ties_none)
{
	const struct dlt_ruleset	*rs = ev->cl->rules;
	const char			*names[TALLY_MAX];
	long				 scores[TALLY_MAX];
	size_t				 i, j, nnames = 0;
	int				 best = -1, tie = 0;

	for (i = 0; i < rs->nframeworks; i++)
		if (conds_hold(ev, &rs->frameworks[i].when, NULL))
			tally_add(names, scores, &nnames, rs->frameworks[i].framework,
			    rs->frameworks[i].weight);
	for (j = 0; j < nnames; j++) {
		if (best < 0 || scores[j] > scores[best]) {
			best = (int)j;
			tie = 0;
		} else if (scores[j] == scores[best])
			tie = 1;
	}
	return (best < 0 || (tie && ties_none) ? NULL : names[best]);
}

/*
 * A log none of whose failures names a framework: the frameworks
 * entries that look at a failure's text are tried on the log's head
 * instead (its first 16 KiB, as written), so that the lines around the
 * failures name it - a warning printed above the error, a repr of the
 * program's output, a mangled symbol in a loader's message.  The
 * entries on the log's head alone did not hold (or a failure would
 * name a framework); those on frames and exceptions have none to look
 * at.  A tie names none.
 */
static const char *
head_framework(struct dlt_classifier *cl)
{
	struct dlt_incident		 inc;
	struct eval			 ev;

	if (cl->log_head == NULL || *cl->log_headlen == 0)
		return (NULL);
	memset(&inc, 0, sizeof inc);
	inc.text.buf = (char *)cl->log_head;
	inc.text.len = *cl->log_headlen;
	memset(&ev, 0, sizeof ev);
	ev.cl = cl;
	ev.inc = &inc;
	cl->text.done = 0;
	ev.text = &cl->text;
	ev.head = &cl->head;
	return (framework_vote(&ev, 1));
}

/*
 * A failure whose own evidence names no framework takes the framework
 * most of the log's other failures name (the same process printed them),
 * or, when none does, the one the log's head names (head_framework).
 */
static void
file_framework(struct dlt_classifier *cl)
{
	const char	*best = NULL, *names[TALLY_MAX];
	long		 counts[TALLY_MAX], bestn = 0;
	size_t		 i, j, nnames = 0;

	if (cl->framework != NULL)
		return;
	/*
	 * Count each framework named, in the order first named (the first
	 * wins a tie); a log names few, but one of many failures costs no
	 * more than its failures.
	 */
	for (i = 0; i < cl->npending; i++) {
		if (strcmp(cl->pending[i].framework, "unknown") != 0)
			tally_add(names, counts, &nnames, cl->pending[i].framework, 1);
	}
	for (j = 0; j < nnames; j++)
		if (counts[j] > bestn) {
			bestn = counts[j];
			best = names[j];
		}
	if (best == NULL && cl->npending > 0)
		best = head_framework(cl);
	if (best == NULL)
		return;
	best = xstrdup(best);
	for (i = 0; i < cl->npending; i++) {
		if (strcmp(cl->pending[i].framework, "unknown") == 0) {
			free(cl->pending[i].framework);
			cl->pending[i].framework = xstrdup(best);
		}
	}
	free((char *)best);
}

/*
 * One crash is one failure: a cause (a CHECK or assert message, an
 * uncaught C++ exception, an unrecognised block) followed closely by the
 * death it leads to (the abort or signal a shell, faulthandler or a
 * sanitizer reports, with the stack) are one record.  The cause's
 * classification stands when a rule decided it; the death gives the
 * frames.
 */
#define FOLD_GAP	64	/* lines between the two at most */

static int
death_kind(const char *kind)
{
	static const char *const deaths[] = { "abort", "signal", "segfault",
	    "fpe", "bus", "sigtrap", "illegal-instruction",
	    "sanitizer:deadly-signal", "sanitizer:abrt", "sanitizer:segv",
	    "sanitizer:abort", "fatal-python-error", NULL };
	size_t	i;

	for (i = 0; deaths[i] != NULL; i++)
		if (strcmp(kind, deaths[i]) == 0 ||
		    (strncmp(kind, "signal:", 7) == 0 && strcmp(deaths[i],
		    "signal") == 0))
			return (1);
	return (0);
}

/* b's evidence lines join a's, in line order, without repeats. */
static void
join_evidence(struct dlt_failure *a, const struct dlt_failure *b)
{
	size_t	j, k, n = a->nevidence + b->nevidence;

	if (n == 0)
		return;
	a->evidence = xreallocarray(a->evidence, n, sizeof *a->evidence);
	for (k = 0; k < b->nevidence; k++)
		a->evidence[a->nevidence + k] = b->evidence[k];
	for (j = 1; j < n; j++) {
		long	v = a->evidence[j];

		for (k = j; k > 0 && a->evidence[k - 1] > v; k--)
			a->evidence[k] = a->evidence[k - 1];
		a->evidence[k] = v;
	}
	for (j = k = 0; j < n; j++)
		if (k == 0 || a->evidence[k - 1] != a->evidence[j])
			a->evidence[k++] = a->evidence[j];
	a->nevidence = k;
}

static void
fold_deaths(struct dlt_classifier *cl)
{
	struct dlt_failure	*a, *b, tmp;
	size_t			 r, w, k;
	char			*ex;

	/*
	 * One pass: pending[w] is the last record kept, pending[r] the
	 * next; a folded one is released, a kept one moves down to w + 1
	 * (no move per fold: a log of many is not quadratic in them).
	 */
	if (cl->npending < 2)
		return;
	for (r = 1, w = 0; r < cl->npending; r++) {
		a = &cl->pending[w];
		b = &cl->pending[r];
		/*
		 * A death that a Python exception reports (torchrun's
		 * ChildFailedError naming the child's signal) is a parent's
		 * account of another process: it folds into nothing.
		 */
		if (b->cls != DLT_CLASS_CRASH || !death_kind(b->kind) ||
		    b->exc_type != NULL ||
		    b->line_start - a->line_end > FOLD_GAP ||
		    b->line_start < a->line_end || b->unit != a->unit ||
		    (!(a->cls == DLT_CLASS_UNKNOWN && a->rule == NULL) &&
		    (a->cls != DLT_CLASS_CRASH || death_kind(a->kind) ||
		    a->nframes > 0))) {
			if (++w != r)
				cl->pending[w] = *b;
			continue;
		}
		if (a->cls == DLT_CLASS_UNKNOWN && a->rule == NULL) {
			/* no rule knew the cause: the death decides */
			b->line_start = a->line_start;
			tmp = *a;
			*a = *b;
			*b = tmp;
		} else {
			for (k = 0; k < b->nframes; k++) {
				a->frames[k] = b->frames[k];
				b->frames[k] = NULL;
			}
			a->nframes = b->nframes;
			b->nframes = 0;
			if (a->security == 0)
				a->security = b->security;
			a->line_end = b->line_end;
		}
		/* a is the record; b's evidence and excerpt join it */
		join_evidence(a, b);
		if (a->excerpt != NULL && b->excerpt != NULL &&
		    strlen(a->excerpt) < 8192) {
			ex = xasprintf("%s\n%.*s", a->excerpt,
			    (int)(8192 - strlen(a->excerpt)), b->excerpt);
			free(a->excerpt);
			a->excerpt = ex;
		}
		if (a->line_end < b->line_end)
			a->line_end = b->line_end;
		if (a->line_start > b->line_start)
			a->line_start = b->line_start;
		/* a stays the last record kept: it may absorb the next death too */
		dlt_failure_release(b);
	}
	cl->npending = w + 1;
}

/*
 * A death that a Python exception relays (torchrun's ChildFailedError
 * naming the child's SIGABRT, DataLoader's "worker ... is killed by
 * signal") is a parent's account of a child's death.  When a crash that
 * the dying process told itself came before it in the log, the relay is
 * that crash seen again from outside: its evidence joins that crash's
 * (and the crash's lines reach to it) when it comes within FOLD_GAP lines,
 * and it is no failure of its own (its frames are the parent's, the
 * launcher's, and would make every such death one defect).  A relay with
 * no such crash before it stays: it is all the log says.
 */
static int
relayed_death(const struct dlt_failure *f)
{
	return (f->cls == DLT_CLASS_CRASH && death_kind(f->kind) &&
	    f->exc_type != NULL);
}

static void
fold_relays(struct dlt_classifier *cl)
{
	struct dlt_failure	*a, *b;
	size_t			 r, w, own = 0;
	int			 have = 0;

	for (r = w = 0; r < cl->npending; r++) {
		b = &cl->pending[r];
		if (have && relayed_death(b)) {
			a = &cl->pending[own];
			if (b->line_start >= a->line_start &&
			    b->line_start <= a->line_end + FOLD_GAP) {
				join_evidence(a, b);
				if (a->line_end < b->line_end)
					a->line_end = b->line_end;
			}
			dlt_failure_release(b);
			continue;
		}
		if (w != r)
			cl->pending[w] = *b;
		if (b->cls == DLT_CLASS_CRASH && !relayed_death(b)) {
			own = w;
			have = 1;
		}
		w++;
	}
	cl->npending = w;
}

#define RECAP_MIN	24	/* bytes of a recap cut without a mark */

/* n, less the blanks that end s's first n bytes. */
static size_t
blank_end(const char *s, size_t n)
{
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return (n);
}

/* b's length without trailing blanks and a cut's "..." (*cut set). */
static size_t
recap_len(const char *b, int *cut)
{
	size_t	nb = blank_end(b, strlen(b));

	*cut = nb >= 3 && memcmp(b + nb - 3, "...", 3) == 0;
	return (*cut ? blank_end(b, nb - 3) : nb);
}

/* The length of a's first line without trailing blanks. */
static size_t
first_line_len(const char *a)
{
	return (blank_end(a, strcspn(a, "\n")));
}

/*
 * Whether message b, a one-line recap of length nb (recap_len, cut when
 * it ended with "..."), repeats message a: b is a's start, up to the end
 * of a's first line at least when b is short and was not cut.
 */
static int
recap_of(const char *b, size_t nb, int cut, const char *a)
{
	if (nb > strlen(a) || memcmp(a, b, nb) != 0)
		return (0);
	/* pytest cuts its summary at the terminal's width, with no mark */
	return (cut || nb >= first_line_len(a) || nb >= RECAP_MIN);
}

/*
 * The key a failure is found by as the original of a recap: its short
 * type and the first RECAP_MIN bytes of its message's first line (all
 * of it when shorter).  A recap b of a has a's key: b is a's start, and
 * either as long as RECAP_MIN or a's whole first line.  (A recap cut
 * with "..." shorter than that is looked for by recap_short_original.)
 */
static uint64_t
recap_key(const char *type, const char *msg, size_t n)
{
	uint64_t	h;

	h = dlt_hash_str(DLT_HASH_INIT, dlt_short_type(type));
	return (dlt_hash(h, msg, n < RECAP_MIN ? n : RECAP_MIN));
}

/*
 * A test runner's summary repeats each failure it reported above in one
 * line ("FAILED t.py::test_x - RuntimeError: ..."): a failure without
 * frames whose exception repeats an earlier one's of the same log, type
 * (with or without its module) and message, is that failure's recap and
 * no failure of its own.  The earlier failures are found by key, the
 * latest RECAP_PROBES of a key at most, so that a log of many failures
 * costs no more than its failures even when their messages begin alike.
 */
#define RECAP_PROBES	64

/*
 * Whether failure i (its message recap_len's nb and cut) repeats one of
 * the earlier failures chained from k (index + 1, 0 none) under its key.
 */
static int
recap_original(const struct dlt_classifier *cl, size_t k, const size_t *next,
    const uint64_t *keys, size_t i, size_t nb, int cut)
{
	const struct dlt_failure	*a, *b = &cl->pending[i];
	size_t				 probes;

	for (probes = 0; k != 0 && probes < RECAP_PROBES; k = next[k - 1], probes++) {
		a = &cl->pending[k - 1];
		if (keys[k - 1] == keys[i] && a->line_end < b->line_start &&
		    strcmp(dlt_short_type(a->exc_type),
		    dlt_short_type(b->exc_type)) == 0 &&
		    recap_of(b->exc_message, nb, cut, a->exc_message))
			return (1);
	}
	return (0);
}

/*
 * Whether failure i, a recap cut with "..." shorter than RECAP_MIN (pytest
 * cuts its summary at the terminal's width: a long test id leaves
 * "RuntimeError: Given gr..."), repeats one of the RECAP_PROBES failures
 * before it: no key holds so short a start, so they are read in turn.
 */
static int
recap_short_original(const struct dlt_classifier *cl, size_t i, size_t nb)
{
	const struct dlt_failure	*a, *b = &cl->pending[i];
	size_t				 k;

	for (k = i; k > 0 && i - k < RECAP_PROBES; k--) {
		a = &cl->pending[k - 1];
		if (a->exc_type != NULL && a->exc_message != NULL &&
		    a->line_end < b->line_start &&
		    strcmp(dlt_short_type(a->exc_type),
		    dlt_short_type(b->exc_type)) == 0 &&
		    recap_of(b->exc_message, nb, 1, a->exc_message))
			return (1);
	}
	return (0);
}

static void
fold_recaps(struct dlt_classifier *cl)
{
	struct dlt_failure	*b;
	uint64_t		*keys;
	size_t			*head, *next, cap, i, j, nb;
	unsigned char		*drop;
	int			 cut, any = 0;

	if (cl->npending < 2)
		return;
	for (cap = 16; cap < 2 * cl->npending; cap *= 2)
		;
	head = xcalloc(cap, sizeof *head);	/* index + 1, 0 none */
	next = xcalloc(cl->npending, sizeof *next);
	keys = xcalloc(cl->npending, sizeof *keys);
	drop = xcalloc(cl->npending, 1);
	for (i = 0; i < cl->npending; i++) {
		b = &cl->pending[i];
		if (b->exc_type == NULL || b->exc_message == NULL)
			continue;
		if (b->nframes == 0 && strchr(b->exc_message, '\n') == NULL) {
			nb = recap_len(b->exc_message, &cut);
			if (cut && nb < RECAP_MIN &&
			    recap_short_original(cl, i, nb)) {
				drop[i] = any = 1;
				continue;
			}
			if (!cut || nb >= RECAP_MIN) {
				keys[i] = recap_key(b->exc_type, b->exc_message, nb);
				if (recap_original(cl, head[keys[i] & (cap - 1)],
				    next, keys, i, nb, cut)) {
					drop[i] = any = 1;
					continue;
				}
			}
		}
		keys[i] = recap_key(b->exc_type, b->exc_message,
		    first_line_len(b->exc_message));
		next[i] = head[keys[i] & (cap - 1)];
		head[keys[i] & (cap - 1)] = i + 1;
	}
	if (any) {
		for (i = j = 0; i < cl->npending; i++) {
			if (drop[i]) {
				dlt_failure_release(&cl->pending[i]);
				continue;
			}
			if (j != i)
				cl->pending[j] = cl->pending[i];
			j++;
		}
		cl->npending = j;
	}
	free(head);
	free(next);
	free(keys);
	free(drop);
}

/*
 * A failure that a rule marked alone (a weak reading: frames cut before
 * any exception) stands only when nothing else in the log is a failure;
 * beside another, the other explains what it shows.
 */
static void
fold_alone(struct dlt_classifier *cl)
{
	size_t	r, w;
	int	other = 0;

	for (r = 0; r < cl->npending && !other; r++)
		other = !cl->pending[r].alone;
	if (!other)
		return;
	for (r = w = 0; r < cl->npending; r++) {
		if (cl->pending[r].alone) {
			dlt_failure_release(&cl->pending[r]);
			continue;
		}
		if (w != r)
			cl->pending[w] = cl->pending[r];
		w++;
	}
	cl->npending = w;
}

static int
flush_pending(struct dlt_classifier *cl, dlt_failure_fn fn, void *arg)
{
	size_t	i;
	int	rc = 0;

	fold_deaths(cl);
	fold_relays(cl);
	fold_recaps(cl);
	fold_alone(cl);
	file_framework(cl);
	for (i = 0; i < cl->npending; i++) {
		cl->pending[i].multi = cl->npending > 1;
		if (rc == 0 && fn != NULL)
			rc = fn(&cl->pending[i], arg);
		dlt_failure_release(&cl->pending[i]);
	}
	cl->npending = 0;
	return (rc);
}

int
dlt_classify_buffer(struct dlt_classifier *cl, const char *source, const char *buf,
    size_t len, dlt_failure_fn fn, void *arg)
{
	struct dlt_logread	lr;
	int			rc;

	dlt_logread_init_mem(&lr, buf, len);
	cl->source = source;
	cl->log_head = lr.head;
	cl->log_headlen = &lr.headlen;
	cl->head.done = 0;
	dlt_parse_log(&cl->parser, &lr, incident_cb, cl);
	rc = flush_pending(cl, fn, arg);	/* it reads the log's head */
	dlt_logread_release(&lr);
	cl->log_head = NULL;
	return (rc);
}

/*
 * Binary: an executable or archive magic, or many NUL and control bytes
 * at the start.  A text log with a few NUL bytes is still read.
 */
static int
looks_binary(const char *p, size_t n)
{
	size_t	i, bad = 0;

	if (n >= 4 && (memcmp(p, "\177ELF", 4) == 0 || memcmp(p, "PK\003\004", 4) == 0 ||
	    memcmp(p, "\x1f\x8b", 2) == 0 || memcmp(p, "\x93NUMPY", 6 <= n ? 6 : n) == 0 ||
	    memcmp(p, "SQLite format 3", n >= 15 ? 15 : n) == 0))
		return (1);
	if (n > 8192)
		n = 8192;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];

		if (c == 0 || (c < 0x20 && c != '\n' && c != '\r' && c != '\t' &&
		    c != '\f' && c != '\b' && c != 0x1b))
			bad++;
	}
	return (n > 0 && bad * 10 > n);
}

int
dlt_classify_fd(struct dlt_classifier *cl, const char *source, int fd,
    dlt_failure_fn fn, void *arg, uint64_t *content_hash)
{
	struct dlt_logread	 lr;
	const char		*p;
	size_t			 n;
	int			 rc, err;

	dlt_logread_init_fd(&lr, fd, content_hash != NULL);
	n = dlt_logread_peek(&lr, &p);
	if (lr.error == 0 && looks_binary(p, n)) {
		dlt_logread_release(&lr);
		return (DLT_CLASSIFY_BINARY);
	}
	cl->source = source;
	cl->log_head = lr.head;
	cl->log_headlen = &lr.headlen;
	cl->head.done = 0;
	dlt_parse_log(&cl->parser, &lr, incident_cb, cl);
	err = lr.error;
	if (lr.dz_error != NULL)
		dlt_error("'%s': %s", source, lr.dz_error);
	if (content_hash != NULL)
		*content_hash = dlt_logread_hash(&lr);
	rc = flush_pending(cl, fn, arg);	/* it reads the log's head */
	dlt_logread_release(&lr);
	cl->log_head = NULL;
	if (err != 0) {
		errno = err;
		return (DLT_CLASSIFY_READ_ERROR);
	}
	return (rc);
}

/* --- pieces for `rules test` --- */

int
dlt_frame_parse_line(const struct dlt_ruleset *rs, const char *line, size_t len,
    struct dlt_frame_parts *out)
{
	struct dlt_parser	p;
	struct dlt_pframe	f;
	int			ok;

	memset(out, 0, sizeof *out);
	dlt_parser_init(&p, rs, NULL);
	ok = dlt_parse_frame(&p, line, len, &f);
	dlt_parser_release(&p);
	if (!ok)
		return (0);
	out->func = f.func;
	out->file = f.file;
	out->module = f.display;
	out->line = f.line;
	out->python = f.python;
	return (1);
}

void
dlt_frame_parts_release(struct dlt_frame_parts *p)
{
	free(p->func);
	free(p->file);
	free(p->module);
	free(p->lib);
	memset(p, 0, sizeof *p);
}

/* Is one of det's anchors on the line, as the classifier's scanner finds them? */
static int
anchors_on(const struct dlt_detector *det, const char *line, size_t len)
{
	struct dlt_scan_pattern	*pats;
	struct dlt_scanner	*sc;
	size_t			 k, at;
	int			 id, hit;

	if (det->nanchors == 0)
		return (0);
	pats = xcalloc(det->nanchors, sizeof *pats);
	for (k = 0; k < det->nanchors; k++) {
		pats[k].lit = det->anchors[k];
		pats[k].len = strlen(det->anchors[k]);
		pats[k].caseless = det->caseless;
		pats[k].word = det->word;
		pats[k].id = 0;
	}
	sc = dlt_scanner_new(pats, det->nanchors);
	free(pats);
	hit = dlt_scanner_next(sc, line, len, 0, &at, &id);
	dlt_scanner_free(sc);
	return (hit);
}

int
dlt_detector_hits_line(const struct dlt_ruleset *rs, size_t d, const char *line, size_t len)
{
	const struct dlt_detector	*det;
	int				 hit;

	if (d >= rs->ndetectors)
		return (0);
	det = &rs->detectors[d];
	/*
	 * A whole-log shape has no anchors: a line is a lone message's first
	 * line, or a line of printed values, when match takes it (a message
	 * detector without match takes any; a values one always has match).
	 */
	if (det->shape == DLT_SHAPE_MESSAGE || det->shape == DLT_SHAPE_VALUES ||
	    det->shape == DLT_SHAPE_SERIES || det->shape == DLT_SHAPE_MENTION)
		return (det->match == NULL || dlt_rx_match(det->match, line, len, 0, NULL));
	hit = anchors_on(det, line, len);
	if (hit && det->match != NULL)
		hit = dlt_rx_match(det->match, line, len, 0, NULL);
	return (hit);
}

int
dlt_detector_anchor_gap(const struct dlt_ruleset *rs, size_t d, const char *line,
    size_t len)
{
	const struct dlt_detector	*det;

	if (d >= rs->ndetectors)
		return (0);
	det = &rs->detectors[d];
	if (det->nanchors == 0 || det->match == NULL ||
	    det->shape == DLT_SHAPE_BACKTRACE)
		return (0);
	if (!dlt_rx_match(det->match, line, len, 0, NULL))
		return (0);
	/* a regex that takes the empty line only filters the anchors' lines */
	if (dlt_rx_match(det->match, "", 0, 0, NULL))
		return (0);
	return (!anchors_on(det, line, len));
}

/*
 * dlt_frame_is_ignored with the ignore lists' prefilter: an entry whose
 * function regex needs literals the name lacks is not matched.
 */
static int
frame_ignored(struct dlt_classifier *cl, const char *framework, const char *func,
    const char *file)
{
	const struct dlt_ruleset	*rs = cl->rules;
	const struct dlt_ignore_frame	*ig;
	size_t				 i, n = 0;
	int				 scanned = 0;

	if (func == NULL)
		return (0);
	for (i = 0; i < rs->nignores; i++) {
		ig = &rs->ignores[i];
		if (ig->framework != NULL &&
		    (framework == NULL || strcmp(ig->framework, framework) != 0))
			continue;
		if (cl->igf[i].n > 0) {
			if (!scanned) {
				n = strlen(func);
				memset(cl->igseen, 0, cl->nignore_lits);
				dlt_scanner_each(cl->igscan, func, n, lit_seen,
				    cl->igseen);
				scanned = 1;
			}
			if (!clauses_hold(cl->igref + cl->igf[i].first, cl->igf[i].n,
			    cl->igseen))
				continue;
		}
		if (!dlt_rx_match(ig->func, func, strlen(func), 0, NULL))
			continue;
		if (ig->file != NULL &&
		    (file == NULL || !dlt_rx_match(ig->file, file, strlen(file), 0, NULL)))
			continue;
		return (1);
	}
	return (0);
}

int
dlt_frame_is_ignored(const struct dlt_ruleset *rs, const char *framework,
    const char *func, const char *file)
{
	const struct dlt_ignore_frame	*ig;
	size_t				 i;

	if (func == NULL)
		return (0);
	for (i = 0; i < rs->nignores; i++) {
		ig = &rs->ignores[i];
		if (ig->framework != NULL &&
		    (framework == NULL || strcmp(ig->framework, framework) != 0))
			continue;
		if (!dlt_rx_match(ig->func, func, strlen(func), 0, NULL))
			continue;
		if (ig->file != NULL &&
		    (file == NULL || !dlt_rx_match(ig->file, file, strlen(file), 0, NULL)))
			continue;
		return (1);
	}
	return (0);
}
