/*
 * scan.c: multi-literal scanner; see scan.h.
 *
 * For each pattern we pick the two-byte fragment least likely to occur
 * in log text (by a static byte-frequency estimate) and set its bit, in
 * every case variant for caseless patterns, in a 65536-bit table.  The
 * hot loop tests the table at every byte pair; a set bit sends the
 * position to the verifiers registered for that pair.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scan.h"
#include "xmalloc.h"

struct scan_entry {
	size_t	pattern;	/* index in patterns */
	size_t	offset;		/* of the fragment in the pattern */
	int32_t	next;		/* next entry with the same pair, or -1 */
};

struct dlt_scanner {
	uint64_t		 bits[65536 / 64];
	int32_t			*head;		/* [65536] first entry per pair, -1 */
	struct scan_entry	*entries;
	size_t			 nentries, entries_alloc;
	struct dlt_scan_pattern	*pats;
	char			**lits;		/* owned copies; lowered for caseless */
	size_t			 npats;
	size_t			 minlen;
};

static double	byte_weight(unsigned char);
static int	lower(int);
static int	is_word(int);
static int	verify(const struct dlt_scanner *, size_t, const char *, size_t, size_t);
static void	add_pair(struct dlt_scanner *, unsigned, unsigned, size_t, size_t);

static int
lower(int c)
{
	return (c >= 'A' && c <= 'Z' ? c + 32 : c);
}

static int
is_word(int c)
{
	return ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_');
}

/* A rough frequency of each byte in training and test logs. */
static double
byte_weight(unsigned char c)
{
	static const char common[] = "etaoinsrlcdu";
	if (c == ' ')
		return (16.0);
	if (c >= '0' && c <= '9')
		return (4.0);
	if (c >= 'a' && c <= 'z')
		return (strchr(common, c) != NULL ? 6.0 : 2.0);
	if (c >= 'A' && c <= 'Z')
		return (strchr("EITSANRO", c) != NULL ? 0.8 : 0.4);
	switch (c) {
	case '\n': case '.': case ',': case '-': case '/':
		return (2.0);
	case ':': case '_': case '=': case '\t':
		return (1.0);
	case '(': case ')': case '[': case ']': case '\'': case '"':
		return (0.5);
	}
	return (0.2);
}

static void
add_pair(struct dlt_scanner *sc, unsigned a, unsigned b, size_t pat, size_t off)
{
	unsigned	v = a | (b << 8);
	int32_t		i;

	for (i = sc->head[v]; i >= 0; i = sc->entries[i].next)
		if (sc->entries[i].pattern == pat && sc->entries[i].offset == off)
			return;
	XGROW(sc->entries, sc->nentries + 1, sc->entries_alloc);
	sc->entries[sc->nentries].pattern = pat;
	sc->entries[sc->nentries].offset = off;
	sc->entries[sc->nentries].next = sc->head[v];
	sc->head[v] = (int32_t)sc->nentries;
	sc->nentries++;
	sc->bits[v >> 6] |= UINT64_C(1) << (v & 63);
}

struct dlt_scanner *
dlt_scanner_new(const struct dlt_scan_pattern *pats, size_t n)
{
	struct dlt_scanner	*sc;
	size_t			 i, k, best;
	double			 w, bestw;
	const unsigned char	*l;
	unsigned		 a, b;

	sc = xcalloc(1, sizeof *sc);
	sc->head = xmalloc(65536 * sizeof *sc->head);
	memset(sc->head, 0xff, 65536 * sizeof *sc->head);
	sc->npats = n;
	sc->minlen = (size_t)-1;
	if (n == 0)
		return (sc);
	sc->pats = xcalloc(n, sizeof *sc->pats);
	sc->lits = xcalloc(n, sizeof *sc->lits);
	for (i = 0; i < n; i++) {
		sc->pats[i] = pats[i];
		sc->lits[i] = xstrndup(pats[i].lit, pats[i].len);
		sc->pats[i].lit = sc->lits[i];
		if (pats[i].caseless)
			for (k = 0; k < pats[i].len; k++)
				sc->lits[i][k] = (char)lower((unsigned char)sc->lits[i][k]);
		if (pats[i].len < sc->minlen)
			sc->minlen = pats[i].len;
		l = (const unsigned char *)sc->lits[i];
		if (pats[i].len < 2) {
			/* single byte: register every pair starting with it */
			for (b = 0; b < 256; b++) {
				add_pair(sc, l[0], b, i, 0);
				if (pats[i].caseless && l[0] >= 'a' && l[0] <= 'z')
					add_pair(sc, l[0] - 32u, b, i, 0);
			}
			continue;
		}
		best = 0;
		bestw = -1;
		for (k = 0; k + 1 < pats[i].len; k++) {
			w = byte_weight(l[k]) * byte_weight(l[k + 1]);
			if (pats[i].caseless) {
				/* a lower-case pair also matches its upper-case forms */
				w *= 1.5;
			}
			if (bestw < 0 || w < bestw) {
				bestw = w;
				best = k;
			}
		}
		a = l[best];
		b = l[best + 1];
		add_pair(sc, a, b, i, best);
		if (pats[i].caseless) {
			unsigned ua = (a >= 'a' && a <= 'z') ? a - 32 : a;
			unsigned ub = (b >= 'a' && b <= 'z') ? b - 32 : b;

			add_pair(sc, ua, b, i, best);
			add_pair(sc, a, ub, i, best);
			add_pair(sc, ua, ub, i, best);
		}
	}
	return (sc);
}

void
dlt_scanner_free(struct dlt_scanner *sc)
{
	size_t	i;

	if (sc == NULL)
		return;
	for (i = 0; i < sc->npats; i++)
		free(sc->lits[i]);
	free(sc->lits);
	free(sc->pats);
	free(sc->entries);
	free(sc->head);
	free(sc);
}

/* Does pattern p occur at buf[start..]? */
static int
verify(const struct dlt_scanner *sc, size_t p, const char *buf, size_t len, size_t start)
{
	const struct dlt_scan_pattern	*pat = &sc->pats[p];
	size_t				 k;

	if (start + pat->len > len)
		return (0);
	if (pat->caseless) {
		for (k = 0; k < pat->len; k++)
			if (lower((unsigned char)buf[start + k]) != (unsigned char)pat->lit[k])
				return (0);
	} else if (memcmp(buf + start, pat->lit, pat->len) != 0)
		return (0);
	if (pat->word) {
		if (start > 0 && is_word((unsigned char)buf[start - 1]))
			return (0);
		if (start + pat->len < len &&
		    is_word((unsigned char)buf[start + pat->len]))
			return (0);
	}
	return (1);
}

int
dlt_scanner_next(const struct dlt_scanner *sc, const char *buf, size_t len,
    size_t pos, size_t *at, int *id)
{
	const unsigned char	*p = (const unsigned char *)buf;
	const uint64_t		*bits = sc->bits;
	size_t			 i, start, bestat;
	unsigned		 v;
	int32_t			 e;
	int			 found;

	if (sc->npats == 0 || len < 2 || pos + 1 >= len)
		return (0);
	for (i = pos; i + 1 < len; i++) {
		v = p[i] | ((unsigned)p[i + 1] << 8);
		if ((bits[v >> 6] & (UINT64_C(1) << (v & 63))) == 0)
			continue;
		/* candidates: pick the earliest verified start */
		found = 0;
		bestat = 0;
		for (e = sc->head[v]; e >= 0; e = sc->entries[e].next) {
			if (sc->entries[e].offset > i)
				continue;
			start = i - sc->entries[e].offset;
			if (start < pos)
				continue;
			if (verify(sc, sc->entries[e].pattern, buf, len, start) &&
			    (!found || start < bestat)) {
				found = 1;
				bestat = start;
				*id = sc->pats[sc->entries[e].pattern].id;
			}
		}
		if (found) {
			*at = bestat;
			return (1);
		}
	}
	return (0);
}

void
dlt_scanner_each(const struct dlt_scanner *sc, const char *line, size_t len,
    void (*fn)(int, void *), void *arg)
{
	const unsigned char	*p = (const unsigned char *)line;
	size_t			 i, start, pat;
	unsigned		 v;
	int32_t			 e;
	char			 stackseen[256], *seen;

	if (sc->npats == 0 || len < 2)
		return;
	seen = sc->npats <= sizeof stackseen ? stackseen : xmalloc(sc->npats);
	memset(seen, 0, sc->npats);
	for (i = 0; i + 1 < len; i++) {
		v = p[i] | ((unsigned)p[i + 1] << 8);
		if ((sc->bits[v >> 6] & (UINT64_C(1) << (v & 63))) == 0)
			continue;
		for (e = sc->head[v]; e >= 0; e = sc->entries[e].next) {
			pat = sc->entries[e].pattern;
			if (seen[pat] || sc->entries[e].offset > i)
				continue;
			start = i - sc->entries[e].offset;
			if (verify(sc, pat, line, len, start))
				seen[pat] = 1;
		}
	}
	for (i = 0; i < sc->npats; i++)
		if (seen[i])
			fn(sc->pats[i].id, arg);
	if (seen != stackseen)
		free(seen);
}
