/* regex.c: PCRE2 wrapper; see regex.h.  Only this file includes pcre2.h. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "regex.h"
#include "strbuf.h"
#include "xmalloc.h"

struct dlt_rx {
	pcre2_code		*code;
	pcre2_match_data	*md;
	pcre2_match_context	*mctx;
	char			*pattern;
	int			 flags;
	int			 jit;		/* -1: not compiled yet; 0: no JIT; 1: JIT */
	int			 gated;		/* first[] says where a match can start */
	unsigned char		 first[32];	/* bit b: a match may begin with byte b */
};

static void	rx_gate(struct dlt_rx *);

/*
 * An anchored pattern (`^...` without multi-line mode) matches at the
 * start offset or nowhere, and PCRE2 knows the bytes that any of its
 * matches begins with: a frame format's `^\s*#\d+` begins with a blank
 * or '#'.  A subject whose byte at the offset is none of them cannot
 * match, and is turned away before the call into PCRE2, whose set-up
 * costs more than the test that fails in it; a stack's lines are tried
 * against each of a rule set's frame formats in turn, and most of the
 * tries fail on their first byte.  A first code unit reported for a
 * caseless pattern stands for both of its cases.
 */
static void
rx_gate(struct dlt_rx *rx)
{
	const uint8_t	*map = NULL;
	uint32_t	 type = 0, unit = 0, all = 0;
	int		 c;

	rx->gated = 0;
	if (pcre2_pattern_info(rx->code, PCRE2_INFO_ALLOPTIONS, &all) != 0 ||
	    !(all & PCRE2_ANCHORED) ||
	    pcre2_pattern_info(rx->code, PCRE2_INFO_FIRSTCODETYPE, &type) != 0)
		return;
	if (type == 1) {
		if (pcre2_pattern_info(rx->code, PCRE2_INFO_FIRSTCODEUNIT,
		    &unit) != 0 || unit > 255)
			return;
		memset(rx->first, 0, sizeof rx->first);
		c = (int)unit;
		rx->first[c / 8] |= (unsigned char)(1u << (c % 8));
		if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') {
			c ^= 0x20;
			rx->first[c / 8] |= (unsigned char)(1u << (c % 8));
		}
		rx->gated = 1;
	} else if (type == 0 &&
	    pcre2_pattern_info(rx->code, PCRE2_INFO_FIRSTBITMAP, &map) == 0 &&
	    map != NULL) {
		memcpy(rx->first, map, sizeof rx->first);
		rx->gated = 1;
	}
}

/*
 * JIT-compile a regex the first time it matches: that costs as much as
 * the compile itself, and of a rule set's hundreds of regexes most never
 * run on a given set of logs (a detector's regex runs only on its hits).
 * The regex is heap-allocated, never defined const, and dltriage runs no
 * threads, so setting the state through the const pointer is sound.
 */
static int
rx_jit(const struct dlt_rx *crx)
{
	struct dlt_rx	*rx = (struct dlt_rx *)(uintptr_t)crx;

	if (rx->jit < 0)
		rx->jit = pcre2_jit_compile(rx->code, PCRE2_JIT_COMPLETE) == 0;
	return (rx->jit);
}

struct dlt_rx *
dlt_rx_compile(const char *pattern, int flags, struct dlt_rx_error *err)
{
	struct dlt_rx	*rx;
	pcre2_code	*code;
	int		 ec;
	PCRE2_SIZE	 off;
	uint32_t	 opts = 0;

	if (flags & DLT_RX_CASELESS)
		opts |= PCRE2_CASELESS;
	if (flags & DLT_RX_MULTILINE)
		opts |= PCRE2_MULTILINE;
	code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, opts,
	    &ec, &off, NULL);
	if (code == NULL) {
		if (err != NULL) {
			pcre2_get_error_message(ec, (PCRE2_UCHAR *)err->message,
			    sizeof err->message);
			err->offset = off;
		}
		return (NULL);
	}
	rx = xcalloc(1, sizeof *rx);
	rx->code = code;
	rx->jit = -1;
	rx->md = pcre2_match_data_create_from_pattern(code, NULL);
	rx->mctx = pcre2_match_context_create(NULL);
	/* Bound the work one hostile line can cause. */
	pcre2_set_match_limit(rx->mctx, 1000000);
	pcre2_set_depth_limit(rx->mctx, 10000);
	rx->pattern = xstrdup(pattern);
	rx->flags = flags;
	rx_gate(rx);
	return (rx);
}

void
dlt_rx_free(struct dlt_rx *rx)
{
	if (rx == NULL)
		return;
	pcre2_match_data_free(rx->md);
	pcre2_match_context_free(rx->mctx);
	pcre2_code_free(rx->code);
	free(rx->pattern);
	free(rx);
}

const char *
dlt_rx_pattern(const struct dlt_rx *rx)
{
	return (rx->pattern);
}

int
dlt_rx_gated(const struct dlt_rx *rx)
{
	return (rx->gated);
}

int
dlt_rx_match(const struct dlt_rx *rx, const char *subject, size_t len,
    size_t offset, struct dlt_rx_match *m)
{
	PCRE2_SIZE	*ov;
	uint32_t	 n, i;
	int		 rc;

	if (offset > len)
		return (0);
	if (rx->gated && (offset == len ||
	    !(rx->first[(unsigned char)subject[offset] / 8] &
	    (1u << ((unsigned char)subject[offset] % 8)))))
		return (0);
	/*
	 * JIT's fast path skips pcre2_match's checks of its arguments
	 * (they hold here: no UTF mode, no options, offset checked); on the
	 * hundreds of thousands of short lines a log's frames give, those
	 * checks cost as much as the match.
	 */
	if (rx_jit(rx))
		rc = pcre2_jit_match(rx->code, (PCRE2_SPTR)subject, len, offset, 0,
		    rx->md, rx->mctx);
	else
		rc = pcre2_match(rx->code, (PCRE2_SPTR)subject, len, offset, 0,
		    rx->md, rx->mctx);
	if (rc <= 0)
		return (0);
	if (m == NULL)
		return (1);
	ov = pcre2_get_ovector_pointer(rx->md);
	n = pcre2_get_ovector_count(rx->md);
	m->start = ov[0];
	m->end = ov[1];
	m->ngroups = 0;
	for (i = 1; i < n && i <= DLT_RX_MAXGROUPS; i++) {
		m->gstart[i] = ov[2 * i];
		m->gend[i] = ov[2 * i + 1];
		m->ngroups = (int)i;
	}
	return (1);
}

int
dlt_rx_group_number(const struct dlt_rx *rx, const char *name)
{
	int	n;

	n = pcre2_substring_number_from_name(rx->code, (PCRE2_SPTR)name);
	return (n > 0 ? n : -1);
}

const char *
dlt_rx_group_name(const struct dlt_rx *rx, int i, int *number)
{
	uint32_t	 count, size;
	PCRE2_SPTR	 table, entry;

	if (pcre2_pattern_info(rx->code, PCRE2_INFO_NAMECOUNT, &count) != 0 ||
	    i < 0 || (uint32_t)i >= count)
		return (NULL);
	pcre2_pattern_info(rx->code, PCRE2_INFO_NAMEENTRYSIZE, &size);
	pcre2_pattern_info(rx->code, PCRE2_INFO_NAMETABLE, &table);
	entry = table + (size_t)i * size;
	if (number != NULL)
		*number = (entry[0] << 8) | entry[1];
	return ((const char *)entry + 2);
}

void
dlt_rx_replace_all(const struct dlt_rx *rx, const char *s, size_t len,
    const char *repl, struct strbuf *out)
{
	dlt_rx_replace_each(rx, s, len, repl, out, NULL, NULL);
}

size_t
dlt_rx_replace_each(const struct dlt_rx *rx, const char *s, size_t len,
    const char *repl, struct strbuf *out, dlt_rx_replaced_fn fn, void *arg)
{
	struct dlt_rx_match	 m;
	size_t			 pos = 0, n = 0, at;
	const char		*r;

	while (pos <= len && dlt_rx_match(rx, s, len, pos, &m)) {
		strbuf_add(out, s + pos, m.start - pos);
		at = out->len;
		for (r = repl; *r != '\0'; r++) {
			int g = -1;

			if (r[0] == '$' && r[1] >= '0' && r[1] <= '9') {
				g = r[1] - '0';
				r++;
			} else if (r[0] == '$' && r[1] == '{') {
				const char *e = strchr(r, '}');
				if (e != NULL) {
					char *name = xstrndup(r + 2, (size_t)(e - r - 2));
					g = dlt_rx_group_number(rx, name);
					free(name);
					r = e;
					if (g < 0)
						continue;
				}
			}
			if (g < 0) {
				strbuf_addch(out, *r);
				continue;
			}
			if (g == 0)
				strbuf_add(out, s + m.start, m.end - m.start);
			else if (g <= m.ngroups && m.gstart[g] != PCRE2_UNSET)
				strbuf_add(out, s + m.gstart[g], m.gend[g] - m.gstart[g]);
		}
		n++;
		if (fn != NULL)
			fn(s + m.start, m.end - m.start, out->buf + at,
			    out->len - at, arg);
		if (m.end == m.start) {
			if (m.end < len)
				strbuf_addch(out, s[m.end]);
			pos = m.end + 1;
		} else
			pos = m.end;
	}
	if (pos < len)
		strbuf_add(out, s + pos, len - pos);
	return (n);
}

const char *
dlt_rx_version(void)
{
	static char	buf[64];

	if (buf[0] == '\0')
		pcre2_config(PCRE2_CONFIG_VERSION, buf);
	return (buf);
}

/*
 * Required literals.  The reader follows the top level of a pattern only:
 * groups, classes, escapes that stand for classes and anything quantified
 * end the current run of literal bytes and add nothing; a construct it
 * does not follow (back-references, \Q, \x, verbs, comments, extended
 * mode) makes it give up.  Giving up, or an alternative whose longest run
 * is shorter than minlen, means no literal set: the regex must then be
 * run on every subject.  What it returns is never stronger than the
 * pattern: a caseless literal stands for its case-sensitive forms too.
 */
#define NOT_FOUND ((size_t)-1)

static size_t
rx_skip_class(const char *p, size_t i, size_t n)
{
	const char	*e;

	i++;
	if (i < n && p[i] == '^')
		i++;
	if (i < n && p[i] == ']')
		i++;
	while (i < n) {
		if (p[i] == '\\') {
			i += 2;
			continue;
		}
		if (p[i] == '[' && i + 1 < n && p[i + 1] == ':' &&
		    (e = strstr(p + i + 2, ":]")) != NULL) {
			i = (size_t)(e - p) + 2;
			continue;
		}
		if (p[i] == ']')
			return (i + 1);
		i++;
	}
	return (NOT_FOUND);
}

static size_t
rx_skip_group(const char *p, size_t i, size_t n)
{
	int	depth = 0;

	while (i < n) {
		if (p[i] == '\\') {
			i += 2;
			continue;
		}
		if (p[i] == '[') {
			if ((i = rx_skip_class(p, i, n)) == NOT_FOUND)
				return (NOT_FOUND);
			continue;
		}
		if (p[i] == '(')
			depth++;
		else if (p[i] == ')' && --depth == 0)
			return (i + 1);
		i++;
	}
	return (NOT_FOUND);
}

/* Length of the quantifier at p[i] (0: none); *optional when it allows zero. */
static size_t
rx_quantifier(const char *p, size_t i, size_t n, int *optional)
{
	size_t	j = i, lo = 0, digits = 0;

	*optional = 0;
	if (i >= n)
		return (0);
	if (p[i] == '?' || p[i] == '*' || p[i] == '+') {
		*optional = p[i] != '+';
		j = i + 1;
	} else if (p[i] == '{') {
		j = i + 1;
		while (j < n && p[j] >= '0' && p[j] <= '9') {
			lo = lo * 10 + (size_t)(p[j] - '0');
			if (lo > 100000)
				lo = 100000;
			j++;
			digits++;
		}
		if (j < n && p[j] == ',') {
			j++;
			while (j < n && p[j] >= '0' && p[j] <= '9')
				j++, digits++;
		}
		if (j >= n || p[j] != '}' || digits == 0)
			return (0);	/* not a quantifier: '{' is a literal */
		j++;
		*optional = lo == 0;
	} else
		return (0);
	if (j < n && (p[j] == '?' || p[j] == '+'))
		j++;
	return (j - i);
}

/* Does an option setting (?...) anywhere turn on 'i', or 'x' (give up)? */
static int
rx_options(const char *p, int *caseless)
{
	const char	*q, *e;

	for (q = strstr(p, "(?"); q != NULL; q = strstr(q + 2, "(?")) {
		for (e = q + 2; (*e >= 'a' && *e <= 'z') || (*e >= 'A' && *e <= 'Z') ||
		    *e == '-' || *e == '^'; e++)
			;
		if (e == q + 2 || (*e != ')' && *e != ':'))
			continue;
		if (memchr(q + 2, 'x', (size_t)(e - q - 2)) != NULL)
			return (-1);
		if (memchr(q + 2, 'i', (size_t)(e - q - 2)) != NULL)
			*caseless = 1;
	}
	return (0);
}

/* Add a literal to clause c of out (the last clause, or a new one). */
static void
lits_add(struct dlt_rx_lits *out, const char *s, size_t len, size_t c)
{
	size_t	k;

	for (k = 0; k < out->n; k++)
		if (out->clause[k] == c && out->len[k] == len &&
		    memcmp(out->lit[k], s, len) == 0)
			return;
	XGROW(out->lit, out->n + 1, out->alloc);
	out->len = xreallocarray(out->len, out->alloc, sizeof *out->len);
	out->clause = xreallocarray(out->clause, out->alloc, sizeof *out->clause);
	out->lit[out->n] = xstrndup(s, len);
	out->len[out->n] = len;
	out->clause[out->n] = c;
	out->n++;
	if (c + 1 > out->nclauses)
		out->nclauses = c + 1;
}

/*
 * Literals that nearly every Python traceback holds, in its frames'
 * paths: a clause with one of them lets almost every block through, so
 * it is chosen only when nothing else is there.  Joined to an
 * alternation of more than MAXCLAUSES alternatives, whose clause keeps
 * each alternative's best literal alone, "(?:site|dist)-packages[\\/]
 * onnxruntime[\\/]" gave "site-packages" and made a condition run on
 * every traceback.
 */
static const char *const ubiquitous[] = {
	"site-packages", "dist-packages", "Traceback", "File \"", ", line ",
};

static int
lit_ubiquitous(const char *s, size_t len)
{
	size_t	i;

	for (i = 0; i < sizeof ubiquitous / sizeof ubiquitous[0]; i++)
		if (strlen(ubiquitous[i]) == len && memcmp(ubiquitous[i], s, len) == 0)
			return (1);
	return (0);
}

/*
 * How selective clause c is: its shortest literal's length, and 1 (only
 * above no clause at all) when it holds a literal of every traceback.
 */
static size_t
lits_quality(const struct dlt_rx_lits *l, size_t c)
{
	size_t	k, q = (size_t)-1;
	int	common = 0;

	for (k = 0; k < l->n; k++)
		if (l->clause[k] == c) {
			if (l->len[k] < q)
				q = l->len[k];
			common |= lit_ubiquitous(l->lit[k], l->len[k]);
		}
	if (q == (size_t)-1)
		return (0);
	return (common ? 1 : q);
}

/* The most selective clause of l. */
static size_t
lits_best(const struct dlt_rx_lits *l)
{
	size_t	c, best = 0, q, bestq = 0;

	for (c = 0; c < l->nclauses; c++)
		if ((q = lits_quality(l, c)) > bestq) {
			bestq = q;
			best = c;
		}
	return (best);
}

/* Clause c of src joins clause to of dst. */
static void
lits_add_clause(struct dlt_rx_lits *dst, const struct dlt_rx_lits *src, size_t c,
    size_t to)
{
	size_t	k;

	for (k = 0; k < src->n; k++)
		if (src->clause[k] == c)
			lits_add(dst, src->lit[k], src->len[k], to);
}

/*
 * The current run of literal bytes: after a group of literal
 * alternatives, one string per alternative, all growing together
 * ("(?:tf|tensorflow)\." gives "tf." and "tensorflow.").
 */
#define MAXRUNS	16

struct runs {
	struct strbuf	s[MAXRUNS];
	size_t		n;
};

static void
runs_reset(struct runs *r)
{
	size_t	k;

	for (k = 1; k < r->n; k++)
		strbuf_release(&r->s[k]);
	strbuf_reset(&r->s[0]);
	r->n = 1;
}

static void
runs_release(struct runs *r)
{
	size_t	k;

	for (k = 0; k < r->n; k++)
		strbuf_release(&r->s[k]);
	r->n = 0;
}

/* The run ends: a clause when every string of it has minlen bytes. */
static void
runs_end(struct runs *r, size_t minlen, struct dlt_rx_lits *alt)
{
	size_t	k, c = alt->nclauses;

	for (k = 0; k < r->n; k++)
		if (r->s[k].len < minlen)
			break;
	if (k == r->n)
		for (k = 0; k < r->n; k++)
			lits_add(alt, r->s[k].buf, r->s[k].len, c);
	runs_reset(r);
}

/*
 * The alternatives of p[i..end) when each is a plain string (escaped
 * punctuation, \t, \n, \r); 0 when one is anything else or there are
 * more than MAXRUNS.
 */
static int
rx_plain_alternatives(const char *p, size_t i, size_t end, struct runs *alts)
{
	int	c;

	alts->n = 1;
	strbuf_init(&alts->s[0]);
	for (; i < end; i++) {
		c = (unsigned char)p[i];
		if (c == '|') {
			if (alts->n == MAXRUNS)
				goto no;
			strbuf_init(&alts->s[alts->n++]);
			continue;
		}
		if (c == '\\') {
			if (i + 1 >= end)
				goto no;
			c = (unsigned char)p[++i];
			if (c == 't')
				c = '\t';
			else if (c == 'n')
				c = '\n';
			else if (c == 'r')
				c = '\r';
			else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			    (c >= '0' && c <= '9'))
				goto no;
		} else if (strchr("()[]{}.*+?^$", c) != NULL)
			goto no;
		strbuf_addch(&alts->s[alts->n - 1], c);
	}
	return (1);
no:
	runs_release(alts);
	return (0);
}

/* Every string of r followed by every alternative of alts; 0 when too many. */
static int
runs_product(struct runs *r, struct runs *alts)
{
	struct runs	out;
	size_t		j, k;

	if (r->n * alts->n > MAXRUNS)
		return (0);
	out.n = 0;
	for (j = 0; j < r->n; j++)
		for (k = 0; k < alts->n; k++) {
			strbuf_init(&out.s[out.n]);
			strbuf_add(&out.s[out.n], r->s[j].buf, r->s[j].len);
			strbuf_add(&out.s[out.n], alts->s[k].buf, alts->s[k].len);
			out.n++;
		}
	runs_release(r);
	*r = out;
	return (1);
}

/*
 * Where the content of the group opened at p[i] starts, or NOT_FOUND
 * when its content need not occur in a match (lookarounds other than a
 * positive lookahead, conditionals) or the reader does not know it.
 */
static size_t
rx_group_content(const char *p, size_t i, size_t n)
{
	const char	*e;

	if (i + 1 >= n || p[i + 1] != '?')
		return (i + 1);				/* (...) */
	if (i + 2 >= n)
		return (NOT_FOUND);
	switch (p[i + 2]) {
	case ':': case '>': case '|': case '=':
		return (i + 3);				/* (?: (?> (?| (?= */
	case '<':
		if (i + 3 < n && (p[i + 3] == '=' || p[i + 3] == '!'))
			return (NOT_FOUND);		/* lookbehind */
		/* FALLTHROUGH */
	case '\'':
		e = strchr(p + i + 3, p[i + 2] == '<' ? '>' : '\'');
		return (e != NULL ? (size_t)(e - p) + 1 : NOT_FOUND);
	case 'P':
		if (i + 3 < n && p[i + 3] == '<' && (e = strchr(p + i + 4, '>')) != NULL)
			return ((size_t)(e - p) + 1);
		return (NOT_FOUND);
	}
	/* (?i:...) and the like */
	for (e = p + i + 2; (*e >= 'a' && *e <= 'z') || (*e >= 'A' && *e <= 'Z') ||
	    *e == '-' || *e == '^'; e++)
		;
	return (*e == ':' ? (size_t)(e - p) + 1 : NOT_FOUND);
}

/*
 * Alternatives a[0..n), each its clauses: what the alternation of them
 * needs.  (A1 and A2) or (B1 and B2) needs A1 or B1, A1 or B2, A2 or B1
 * and A2 or B2: a clause for each choice of a clause per alternative,
 * from the two most selective of each while that makes at most
 * MAXCLAUSES, else from the most selective only (one clause).
 */
#define MAXCLAUSES	16

static void
lits_alternatives(struct dlt_rx_lits *a, size_t n, struct dlt_rx_lits *out)
{
	size_t	top[MAXCLAUSES][2], m[MAXCLAUSES], pick[MAXCLAUSES];
	size_t	i, c, q, b, total = 1, nc;

	memset(out, 0, sizeof *out);
	if (n == 1) {
		*out = a[0];
		memset(&a[0], 0, sizeof a[0]);
		return;
	}
	for (i = 0; i < n; i++) {
		top[i % MAXCLAUSES][0] = lits_best(&a[i]);
		if (n > MAXCLAUSES)
			continue;
		m[i] = 1;
		for (c = 0, b = 0; c < a[i].nclauses; c++) {
			if (c == top[i][0])
				continue;
			if ((q = lits_quality(&a[i], c)) > b) {
				b = q;
				top[i][1] = c;
				m[i] = 2;
			}
		}
		total *= m[i];
	}
	if (n > MAXCLAUSES || total > MAXCLAUSES) {
		for (i = 0; i < n; i++)
			lits_add_clause(out, &a[i], lits_best(&a[i]), 0);
		return;
	}
	memset(pick, 0, sizeof pick);
	for (nc = 0; nc < total; nc++) {
		for (i = 0; i < n; i++)
			lits_add_clause(out, &a[i], top[i][pick[i]], nc);
		/* the next choice, as a number of mixed radix */
		for (i = 0; i < n && ++pick[i] == m[i]; i++)
			pick[i] = 0;
	}
}

/*
 * The clauses of the alternation p[i..end): with one alternative, each
 * run of literal bytes it has (or strings, after a group of plain
 * alternatives) and the clauses of the groups it cannot do without, all
 * of them needed; with several, lits_alternatives.  1 with *out
 * filled, or 0.
 */
static int
rx_alternation(const char *p, size_t i, size_t end, size_t minlen, int depth,
    struct dlt_rx_lits *out)
{
	struct dlt_rx_lits	 alt, sub, *av = NULL;
	struct runs		 r, alts;
	size_t			 q, c, k, nav = 0, avalloc = 0;
	int			 optional, lit;

	memset(out, 0, sizeof *out);
	memset(&alt, 0, sizeof alt);
	if (depth > 8)
		return (0);
	r.n = 1;
	strbuf_init(&r.s[0]);
	for (;;) {
		lit = -1;
		if (i >= end || p[i] == '|') {
			runs_end(&r, minlen, &alt);
			if (alt.nclauses == 0)
				goto giveup;
			XGROW(av, nav + 1, avalloc);
			av[nav++] = alt;
			memset(&alt, 0, sizeof alt);
			if (i >= end)
				break;
			i++;
			continue;
		}
		switch (p[i]) {
		case '(':
			if (i + 2 < end && p[i + 1] == '?' &&
			    ((p[i + 2] >= 'a' && p[i + 2] <= 'z') ||
			    (p[i + 2] >= 'A' && p[i + 2] <= 'Z') || p[i + 2] == '-' ||
			    p[i + 2] == '^')) {
				/* an option setting "(?i)" (rx_options saw it) */
				for (q = i + 2; q < end && ((p[q] >= 'a' && p[q] <= 'z') ||
				    (p[q] >= 'A' && p[q] <= 'Z') || p[q] == '-' || p[q] == '^'); q++)
					;
				if (q < end && p[q] == ')') {
					runs_end(&r, minlen, &alt);
					i = q + 1;
					continue;
				}
			}
			if ((q = rx_skip_group(p, i, end)) == NOT_FOUND)
				goto giveup;
			c = rx_group_content(p, i, end);
			k = rx_quantifier(p, q, end, &optional);
			/*
			 * Plain alternatives in a group that is matched once and
			 * consumes what it matches (not a lookahead) continue the
			 * run; so do those of a group made optional by '?' (or
			 * its lazy and possessive forms), with one more
			 * alternative, the empty string: "TH(?:C)?Tensor" gives
			 * "THCTensor" and "THTensor".
			 */
			if ((k == 0 || p[q] == '?') && c != NOT_FOUND && c < q &&
			    !(p[i + 1] == '?' && p[i + 2] == '=') &&
			    rx_plain_alternatives(p, c, q - 1, &alts)) {
				int	room = k == 0 || alts.n < MAXRUNS;

				if (k > 0 && room)
					strbuf_init(&alts.s[alts.n++]);	/* the empty one */
				if (room && runs_product(&r, &alts)) {
					runs_release(&alts);
					i = q + k;
					continue;
				}
				runs_release(&alts);
			}
			runs_end(&r, minlen, &alt);
			if (c != NOT_FOUND && c < q && !optional &&
			    rx_alternation(p, c, q - 1, minlen, depth + 1, &sub)) {
				size_t	base = alt.nclauses, s;

				for (s = 0; s < sub.nclauses; s++)
					lits_add_clause(&alt, &sub, s, base + s);
				dlt_rx_lits_release(&sub);
			}
			i = q + k;
			continue;
		case ')':
			goto giveup;
		case '[':
			if ((q = rx_skip_class(p, i, end)) == NOT_FOUND)
				goto giveup;
			runs_end(&r, minlen, &alt);
			i = q;
			i += rx_quantifier(p, i, end, &optional);
			continue;
		case '.':
			runs_end(&r, minlen, &alt);
			i++;
			i += rx_quantifier(p, i, end, &optional);
			continue;
		case '^': case '$':
			runs_end(&r, minlen, &alt);
			i++;
			continue;
		case '*': case '+': case '?':
			goto giveup;
		case '\\':
			if (i + 1 >= end)
				goto giveup;
			q = (unsigned char)p[i + 1];
			if ((q >= 'a' && q <= 'z') || (q >= 'A' && q <= 'Z') ||
			    (q >= '0' && q <= '9')) {
				if (strchr("dDwWsShHvVRNX", (int)q) != NULL) {
					runs_end(&r, minlen, &alt);
					i += 2;
					i += rx_quantifier(p, i, end, &optional);
					continue;
				}
				if (strchr("bBAzZGK", (int)q) != NULL) {
					runs_end(&r, minlen, &alt);
					i += 2;
					continue;
				}
				if (q == 't')
					lit = '\t';
				else if (q == 'n')
					lit = '\n';
				else if (q == 'r')
					lit = '\r';
				else
					goto giveup;
			} else
				lit = (int)q;
			i += 2;
			break;
		default:
			lit = (unsigned char)p[i];
			i++;
			break;
		}
		/* a literal byte: quantified, it may be absent or repeated */
		if ((q = rx_quantifier(p, i, end, &optional)) > 0) {
			runs_end(&r, minlen, &alt);
			i += q;
			continue;
		}
		for (k = 0; k < r.n; k++)
			strbuf_addch(&r.s[k], lit);
	}
	runs_release(&r);
	lits_alternatives(av, nav, out);
	for (k = 0; k < nav; k++)
		dlt_rx_lits_release(&av[k]);
	free(av);
	return (out->n > 0);
giveup:
	runs_release(&r);
	dlt_rx_lits_release(&alt);
	for (k = 0; k < nav; k++)
		dlt_rx_lits_release(&av[k]);
	free(av);
	dlt_rx_lits_release(out);
	return (0);
}

size_t
dlt_rx_literals(const struct dlt_rx *rx, size_t minlen, struct dlt_rx_lits *out)
{
	const char	*p = rx->pattern;
	int		 caseless = (rx->flags & DLT_RX_CASELESS) != 0;

	memset(out, 0, sizeof *out);
	if (minlen == 0 || strstr(p, "\\Q") != NULL || strstr(p, "(?#") != NULL ||
	    strstr(p, "(*") != NULL || strstr(p, "(?(") != NULL ||
	    rx_options(p, &caseless) < 0)
		return (0);
	if (!rx_alternation(p, 0, strlen(p), minlen, 0, out))
		return (0);
	out->caseless = caseless;
	return (out->n);
}

void
dlt_rx_lits_release(struct dlt_rx_lits *l)
{
	size_t	i;

	for (i = 0; i < l->n; i++)
		free(l->lit[i]);
	free(l->lit);
	free(l->len);
	free(l->clause);
	memset(l, 0, sizeof *l);
}
