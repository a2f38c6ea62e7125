/* near.c: near-duplicate buckets, scored and explained; see near.h. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bucket.h"
#include "classify.h"
#include "hash.h"
#include "near.h"
#include "strbuf.h"
#include "xmalloc.h"

#define W_MESSAGE	0.5
#define W_FRAMES	0.4
#define W_KIND		0.1
#define QUOTE_MAX	80	/* a quote longer than this is not one name */
#define DIFF_MAX	4	/* differing tokens named per side */

/* A token of a message: its abstract form's hash and its text. */
struct token {
	uint64_t	 h;		/* of the abstract form */
	char		*raw;		/* as written (after normalising) */
};
/* The score of a pair, before it is explained. */
static double	score_only(const struct dlt_near_index *, size_t, size_t,
		    struct dlt_near_match *, size_t *);

/* What the score reads of one item, computed once. */
struct feat {
	uint64_t	 block;		/* class, exception type */
	uint64_t	 fw;		/* the framework's hash; 0: unknown */
	uint64_t	*tok;		/* abstract forms' hashes, sorted, unique */
	size_t		 ntok;
	struct token	*raw;		/* the tokens as written, sorted, unique */
	size_t		 nraw;
	char		*frames[DLT_NEAR_TOP];	/* filtered, normalised */
	size_t		 nframes;
};

struct dlt_near_index {
	const struct dlt_near_item	*items;
	size_t				 n;
	struct feat			*feat;
	size_t				*order;		/* items sorted by block */
	size_t				*pos;		/* item -> its place in order */
};

static int	is_word(int);
static void	add_token(struct token **, size_t *, size_t *, const char *,
		    size_t, int);
static int	raw_cmp(const void *, const void *);
static int	hash_cmp(const void *, const void *);
static void	tokenise(const struct dlt_ruleset *, const char *, struct feat *);
static void	feat_frames(const struct dlt_ruleset *,
		    const struct dlt_near_item *, struct feat *);
static double	jaccard(const struct feat *, const struct feat *);
static size_t	common_frames(const struct feat *, const struct feat *);
static int	block_cmp(const void *, const void *);
static void	sort_order(struct dlt_near_index *);
static void	explain(const struct dlt_near_index *, size_t, size_t,
		    struct dlt_near_match *, size_t);
static int	fw_compatible(const struct feat *, const struct feat *);
static const char *fw_name(const char *);
static void	diff_tokens(const struct feat *, const struct feat *,
		    struct strbuf *);
static int	raw_differ(const struct feat *, const struct feat *);
static int	match_cmp(const void *, const void *);
static double	upper_bound(const struct feat *, const struct feat *);

void
dlt_near_item_release(struct dlt_near_item *it)
{
	size_t	i;

	free(it->id);
	free(it->framework);
	free(it->cls);
	free(it->kind);
	free(it->exc_type);
	free(it->message);
	for (i = 0; i < it->nframes && i < DLT_NEAR_FRAMES; i++)
		free(it->frames[i]);
	free(it->operators);
	free(it->models);
	memset(it, 0, sizeof *it);
}

void
dlt_near_matches_free(struct dlt_near_match *m, size_t n)
{
	size_t	i;

	if (m == NULL)
		return;
	for (i = 0; i < n; i++) {
		free(m[i].shared);
		free(m[i].differs);
	}
	free(m);
}

static int
is_word(int c)
{
	return ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '.');
}

/*
 * Add the token s[0..len): quoted text (quoted set) stands as one
 * abstract 'Q'; in a word, every run of digits is N, and a word that is
 * a number or hex (0x..., or six hex digits or more with a digit among
 * them) is N as a whole.
 */
static void
add_token(struct token **tok, size_t *n, size_t *alloc, const char *s,
    size_t len, int quoted)
{
	struct strbuf	abs = STRBUF_INIT;
	size_t		i, hex = 0, digits = 0;

	if (len == 0)
		return;
	for (i = 0; i < len; i++) {
		if ((s[i] >= '0' && s[i] <= '9'))
			digits++;
		if ((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f') ||
		    (s[i] >= 'A' && s[i] <= 'F'))
			hex++;
	}
	if (quoted)
		strbuf_addstr(&abs, "'Q'");
	else if ((len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ||
	    (hex == len && digits > 0 && (len >= 6 || digits == len)))
		strbuf_addch(&abs, 'N');
	else {
		for (i = 0; i < len; i++) {
			if (s[i] >= '0' && s[i] <= '9') {
				strbuf_addch(&abs, 'N');
				while (i + 1 < len && s[i + 1] >= '0' &&
				    s[i + 1] <= '9')
					i++;
			} else
				strbuf_addch(&abs, s[i]);
		}
	}
	XGROW(*tok, *n + 1, *alloc);
	(*tok)[*n].h = dlt_hash(DLT_HASH_INIT, abs.buf, abs.len);
	(*tok)[*n].raw = xstrndup(s, len);
	(*n)++;
	strbuf_release(&abs);
}

static int
raw_cmp(const void *a, const void *b)
{
	const struct token	*x = a, *y = b;

	return (strcmp(x->raw, y->raw));
}

static int
hash_cmp(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x < y ? -1 : x > y);
}

/* The message's tokens, sorted, one per abstract form. */
static void
tokenise(const struct dlt_ruleset *rs, const char *msg, struct feat *f)
{
	char		*norm;
	const char	*p, *q, *e;
	size_t		 n = 0, alloc = 0, i, j, k;
	struct token	*tok = NULL;

	if (msg == NULL)
		msg = "";
	norm = rs != NULL ? dlt_normalise(rs, msg, strlen(msg)) : xstrdup(msg);
	for (p = norm; *p != '\0';) {
		if (*p == '\'' || *p == '"' || *p == '`') {
			q = strchr(p + 1, *p);
			if (q != NULL && q - p - 1 <= QUOTE_MAX && q > p + 1) {
				add_token(&tok, &n, &alloc, p, (size_t)(q - p + 1),
				    1);
				p = q + 1;
				continue;
			}
			p++;
			continue;
		}
		if (!is_word((unsigned char)*p)) {
			p++;
			continue;
		}
		for (e = p; is_word((unsigned char)*e); e++)
			;
		/* a sentence's full stop is not part of the word */
		q = e;
		while (q > p && q[-1] == '.')
			q--;
		add_token(&tok, &n, &alloc, p, (size_t)(q - p), 0);
		p = e;
	}
	free(norm);
	if (n > 1)
		qsort(tok, n, sizeof *tok, raw_cmp);
	for (i = j = 0; i < n; i++) {
		if (j > 0 && strcmp(tok[j - 1].raw, tok[i].raw) == 0) {
			free(tok[i].raw);
			continue;
		}
		tok[j++] = tok[i];
	}
	f->raw = tok;
	f->nraw = j;
	f->tok = xcalloc(j + 1, sizeof *f->tok);
	for (i = 0; i < j; i++)
		f->tok[i] = tok[i].h;
	if (j > 1)
		qsort(f->tok, j, sizeof *f->tok, hash_cmp);
	for (i = k = 0; i < j; i++)
		if (k == 0 || f->tok[k - 1] != f->tok[i])
			f->tok[k++] = f->tok[i];
	f->ntok = k;
}

/* The top frames that are not ignored, normalised. */
static void
feat_frames(const struct dlt_ruleset *rs, const struct dlt_near_item *it,
    struct feat *f)
{
	size_t	i;

	for (i = 0; i < it->nframes && i < DLT_NEAR_FRAMES &&
	    f->nframes < DLT_NEAR_TOP; i++) {
		if (it->frames[i] == NULL)
			continue;
		if (rs != NULL && dlt_frame_is_ignored(rs, it->framework,
		    it->frames[i], NULL))
			continue;
		f->frames[f->nframes++] = rs != NULL ? dlt_normalise(rs,
		    it->frames[i], strlen(it->frames[i])) :
		    xstrdup(it->frames[i]);
	}
}

struct dlt_near_index *
dlt_near_index_new(const struct dlt_ruleset *rs,
    const struct dlt_near_item *items, size_t n)
{
	struct dlt_near_index	*ix;
	const struct dlt_near_item *it;
	uint64_t		 h;
	size_t			 i;

	ix = xcalloc(1, sizeof *ix);
	ix->items = items;
	ix->n = n;
	if (n == 0)
		return (ix);
	ix->feat = xcalloc(n, sizeof *ix->feat);
	for (i = 0; i < n; i++) {
		it = &items[i];
		h = dlt_hash_str(DLT_HASH_INIT, it->cls);
		h = dlt_hash_str(h, it->exc_type != NULL ? it->exc_type : "");
		ix->feat[i].block = h;
		ix->feat[i].fw = dlt_near_framework_unknown(it->framework) ? 0 :
		    dlt_hash_str(DLT_HASH_INIT, it->framework) | 1;
		tokenise(rs, it->message, &ix->feat[i]);
		feat_frames(rs, it, &ix->feat[i]);
	}
	sort_order(ix);
	return (ix);
}

void
dlt_near_index_free(struct dlt_near_index *ix)
{
	size_t	i, j;

	if (ix == NULL)
		return;
	for (i = 0; i < ix->n; i++) {
		for (j = 0; j < ix->feat[i].nraw; j++)
			free(ix->feat[i].raw[j].raw);
		free(ix->feat[i].raw);
		free(ix->feat[i].tok);
		for (j = 0; j < ix->feat[i].nframes; j++)
			free(ix->feat[i].frames[j]);
	}
	free(ix->feat);
	free(ix->order);
	free(ix->pos);
	free(ix);
}

int
dlt_near_framework_unknown(const char *fw)
{
	return (fw == NULL || *fw == '\0' || strcmp(fw, "unknown") == 0);
}

static const char *
fw_name(const char *fw)
{
	return (dlt_near_framework_unknown(fw) ? "unknown" : fw);
}

/*
 * Two buckets may be one defect when their frameworks are the same or
 * one of them is unknown: a log that names no framework is not of
 * another one.  Two known frameworks differ: never one defect.
 */
static int
fw_compatible(const struct feat *a, const struct feat *b)
{
	return (a->fw == b->fw || a->fw == 0 || b->fw == 0);
}

/* An item's place in the block order. */
struct blockref {
	uint64_t	block;
	size_t		item;
};

static int
block_cmp(const void *a, const void *b)
{
	const struct blockref	*x = a, *y = b;

	if (x->block != y->block)
		return (x->block < y->block ? -1 : 1);
	return (x->item < y->item ? -1 : x->item > y->item);
}

/* Items sorted by block, so that a block is one run of order[]. */
static void
sort_order(struct dlt_near_index *ix)
{
	struct blockref	*r;
	size_t		 i;

	r = xcalloc(ix->n, sizeof *r);
	for (i = 0; i < ix->n; i++) {
		r[i].block = ix->feat[i].block;
		r[i].item = i;
	}
	qsort(r, ix->n, sizeof *r, block_cmp);
	ix->order = xcalloc(ix->n, sizeof *ix->order);
	ix->pos = xcalloc(ix->n, sizeof *ix->pos);
	for (i = 0; i < ix->n; i++) {
		ix->order[i] = r[i].item;
		ix->pos[r[i].item] = i;
	}
	free(r);
}

static double
jaccard(const struct feat *a, const struct feat *b)
{
	size_t	i = 0, j = 0, both = 0;

	if (a->ntok == 0 && b->ntok == 0)
		return (1.0);
	while (i < a->ntok && j < b->ntok) {
		if (a->tok[i] == b->tok[j]) {
			both++;
			i++;
			j++;
		} else if (a->tok[i] < b->tok[j])
			i++;
		else
			j++;
	}
	return ((double)both / (double)(a->ntok + b->ntok - both));
}

static size_t
common_frames(const struct feat *a, const struct feat *b)
{
	size_t	i;

	for (i = 0; i < a->nframes && i < b->nframes; i++)
		if (strcmp(a->frames[i], b->frames[i]) != 0)
			break;
	return (i);
}

/* The most the pair could score: a cheap test before the real one. */
static double
upper_bound(const struct feat *a, const struct feat *b)
{
	size_t	lo = a->ntok < b->ntok ? a->ntok : b->ntok;
	size_t	hi = a->ntok < b->ntok ? b->ntok : a->ntok;
	double	msg = hi == 0 ? 1.0 : (double)lo / (double)hi;

	if (a->nframes == 0 && b->nframes == 0)
		return ((W_MESSAGE * msg + W_KIND) / (W_MESSAGE + W_KIND));
	return (W_MESSAGE * msg + W_FRAMES + W_KIND);
}

/* Up to DIFF_MAX tokens of a that b lacks, as written: "'Half' conv_3". */
static void
diff_tokens(const struct feat *a, const struct feat *b, struct strbuf *sb)
{
	size_t	i = 0, j = 0, n = 0, more = 0;
	int	c;

	while (i < a->nraw) {
		c = j < b->nraw ? strcmp(a->raw[i].raw, b->raw[j].raw) : -1;
		if (c == 0) {
			i++;
			j++;
		} else if (c > 0)
			j++;
		else {
			if (n < DIFF_MAX)
				strbuf_addf(sb, "%s%s", n > 0 ? " " : "",
				    a->raw[i].raw);
			else
				more++;
			n++;
			i++;
		}
	}
	if (n == 0)
		strbuf_addstr(sb, "-");
	if (more > 0)
		strbuf_addf(sb, " (+%zu)", more);
}

/* Whether the messages differ as written. */
static int
raw_differ(const struct feat *a, const struct feat *b)
{
	size_t	i;

	if (a->nraw != b->nraw)
		return (1);
	for (i = 0; i < a->nraw; i++)
		if (strcmp(a->raw[i].raw, b->raw[i].raw) != 0)
			return (1);
	return (0);
}

/* Fill m->shared and m->differs; common is the frames in common. */
static void
explain(const struct dlt_near_index *ix, size_t a, size_t b,
    struct dlt_near_match *m, size_t common)
{
	const struct dlt_near_item	*x = &ix->items[a], *y = &ix->items[b];
	const struct feat		*fx = &ix->feat[a], *fy = &ix->feat[b];
	struct strbuf			 sh = STRBUF_INIT, df = STRBUF_INIT;
	size_t				 i;

	if (fx->fw == fy->fw)
		strbuf_addf(&sh, "%s ", x->framework != NULL ? x->framework : "?");
	strbuf_addstr(&sh, x->cls != NULL ? x->cls : "?");
	if (x->exc_type != NULL)
		strbuf_addf(&sh, " %s", x->exc_type);
	if (m->same_kind && x->kind != NULL)
		strbuf_addf(&sh, ", kind %s", x->kind);
	strbuf_addf(&sh, "; message %.0f%% alike", m->message * 100);
	if (m->frames >= 0) {
		strbuf_addf(&sh, "; %zu of %zu top frames", common,
		    fx->nframes > fy->nframes ? fx->nframes : fy->nframes);
		if (common > 0)
			strbuf_addf(&sh, " (%s%s)", fx->frames[0],
			    common > 1 ? ", ..." : "");
	}
	if (x->operators != NULL && y->operators != NULL &&
	    strcmp(x->operators, y->operators) == 0)
		strbuf_addf(&sh, "; operators %s", x->operators);
	if (x->models != NULL && y->models != NULL &&
	    strcmp(x->models, y->models) == 0)
		strbuf_addf(&sh, "; models %s", x->models);

	if (raw_differ(fx, fy)) {
		strbuf_addstr(&df, "message: ");
		diff_tokens(fx, fy, &df);
		strbuf_addstr(&df, " vs ");
		diff_tokens(fy, fx, &df);
	}
	if (fx->fw != fy->fw)
		strbuf_addf(&df, "%sframework: %s vs %s",
		    df.len > 0 ? "; " : "", fw_name(x->framework), fw_name(y->framework));
	if (!m->same_kind) {
		strbuf_addf(&df, "%skind: %s vs %s", df.len > 0 ? "; " : "",
		    x->kind != NULL ? x->kind : "none",
		    y->kind != NULL ? y->kind : "none");
	}
	if (m->frames >= 0 && (common < fx->nframes || common < fy->nframes)) {
		i = common;
		strbuf_addf(&df, "%sframe %zu: %s vs %s", df.len > 0 ? "; " : "",
		    i + 1, i < fx->nframes ? fx->frames[i] : "none",
		    i < fy->nframes ? fy->frames[i] : "none");
	}
	if (x->operators != NULL && y->operators != NULL &&
	    strcmp(x->operators, y->operators) != 0)
		strbuf_addf(&df, "%soperators: %s vs %s", df.len > 0 ? "; " : "",
		    x->operators, y->operators);
	if (x->models != NULL && y->models != NULL &&
	    strcmp(x->models, y->models) != 0)
		strbuf_addf(&df, "%smodels: %s vs %s", df.len > 0 ? "; " : "",
		    x->models, y->models);
	if (df.len == 0)
		strbuf_addstr(&df, "nothing compared here: the ids differ by the "
		    "signature or a rule's bucket key");
	m->shared = strbuf_detach(&sh, NULL);
	m->differs = strbuf_detach(&df, NULL);
}

/* The score of a and b into m, without the explanation; *common frames. */
static double
score_only(const struct dlt_near_index *ix, size_t a, size_t b,
    struct dlt_near_match *m, size_t *common)
{
	const struct dlt_near_item	*x = &ix->items[a], *y = &ix->items[b];
	const struct feat		*fx = &ix->feat[a], *fy = &ix->feat[b];
	size_t				 longer;
	double				 sum, w;

	memset(m, 0, sizeof *m);
	m->a = a;
	m->b = b;
	m->frames = -1;
	*common = 0;
	if (fx->block != fy->block || !fw_compatible(fx, fy))
		return (0);
	m->message = jaccard(fx, fy);
	m->same_kind = (x->kind == NULL && y->kind == NULL) ||
	    (x->kind != NULL && y->kind != NULL && strcmp(x->kind, y->kind) == 0);
	sum = W_MESSAGE * m->message + W_KIND * (m->same_kind ? 1 : 0);
	w = W_MESSAGE + W_KIND;
	if (fx->nframes > 0 || fy->nframes > 0) {
		*common = common_frames(fx, fy);
		longer = fx->nframes > fy->nframes ? fx->nframes : fy->nframes;
		m->frames = (double)*common / (double)longer;
		sum += W_FRAMES * m->frames;
		w += W_FRAMES;
	}
	m->score = sum / w;
	return (m->score);
}

void
dlt_near_score(const struct dlt_near_index *ix, size_t a, size_t b,
    struct dlt_near_match *m)
{
	size_t	common;

	if (ix->feat[a].block != ix->feat[b].block ||
	    !fw_compatible(&ix->feat[a], &ix->feat[b])) {
		score_only(ix, a, b, m, &common);
		m->shared = xstrdup("");
		m->differs = xstrdup("framework, class or exception type");
		return;
	}
	score_only(ix, a, b, m, &common);
	explain(ix, a, b, m, common);
}

static int
match_cmp(const void *a, const void *b)
{
	const struct dlt_near_match	*x = a, *y = b;

	if (x->score != y->score)
		return (x->score > y->score ? -1 : 1);
	if (x->a != y->a)
		return (x->a < y->a ? -1 : 1);
	return (x->b < y->b ? -1 : x->b > y->b);
}

static void
find(const struct dlt_near_index *ix, size_t i, double min, int why,
    struct dlt_near_match **out, size_t *n)
{
	struct dlt_near_match	 m, *res = NULL;
	size_t			 k, j, nres = 0, alloc = 0, common;

	*out = NULL;
	*n = 0;
	if (i >= ix->n)
		return;
	/* back to the start of i's block, then along it */
	for (k = ix->pos[i]; k > 0 &&
	    ix->feat[ix->order[k - 1]].block == ix->feat[i].block; k--)
		;
	for (; k < ix->n && ix->feat[ix->order[k]].block == ix->feat[i].block;
	    k++) {
		j = ix->order[k];
		if (j == i || upper_bound(&ix->feat[i], &ix->feat[j]) < min)
			continue;
		if (score_only(ix, i, j, &m, &common) < min)
			continue;
		if (why)
			explain(ix, i, j, &m, common);
		XGROW(res, nres + 1, alloc);
		res[nres++] = m;
	}
	if (nres > 1)
		qsort(res, nres, sizeof *res, match_cmp);
	*out = res;
	*n = nres;
}

void
dlt_near_find(const struct dlt_near_index *ix, size_t i, double min,
    struct dlt_near_match **out, size_t *n)
{
	find(ix, i, min, 1, out, n);
}

void
dlt_near_find_scores(const struct dlt_near_index *ix, size_t i, double min,
    struct dlt_near_match **out, size_t *n)
{
	find(ix, i, min, 0, out, n);
}

void
dlt_near_find_all(const struct dlt_near_index *ix, double min,
    struct dlt_near_match **out, size_t *n)
{
	struct dlt_near_match	 m, *res = NULL;
	size_t			 s, e, k, l, a, b, nres = 0, alloc = 0, common;

	*out = NULL;
	*n = 0;
	for (s = 0; s < ix->n; s = e) {
		for (e = s + 1; e < ix->n && ix->feat[ix->order[e]].block ==
		    ix->feat[ix->order[s]].block; e++)
			;
		for (k = s; k < e; k++) {
			for (l = k + 1; l < e; l++) {
				a = ix->order[k];
				b = ix->order[l];
				if (upper_bound(&ix->feat[a], &ix->feat[b]) < min)
					continue;
				if (a > b) {
					common = a;
					a = b;
					b = common;
				}
				if (score_only(ix, a, b, &m, &common) < min)
					continue;
				explain(ix, a, b, &m, common);
				XGROW(res, nres + 1, alloc);
				res[nres++] = m;
			}
		}
	}
	if (nres > 1)
		qsort(res, nres, sizeof *res, match_cmp);
	*out = res;
	*n = nres;
}
