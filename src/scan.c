/*
 * scan.c: multi-literal scanner; see scan.h.
 *
 * For each pattern we pick the three-byte fragment least likely to occur
 * in log text (by a static byte-frequency estimate) and set the bit of
 * its hash, in every case variant for caseless patterns, in a 2^18-bit
 * table (32 KiB, in the first-level cache), and mark its two pairs of
 * bytes in a pair table.  The hot loop tests the pair at every other
 * position (one of a fragment's two pairs is at an even distance), and
 * only behind a marked pair hashes the three bytes and tests the slot
 * table; a set bit sends the position to the verifiers registered for
 * that slot.  When a pattern is shorter than three bytes the whole
 * scanner works on byte pairs, each pair its own slot.
 *
 * Where the processor has AVX2, a quad layer takes the place of the
 * pair table in dlt_scanner_next and dlt_scanner_each: each pattern's
 * four bytes that are least common in real logs (src/scan-quads.h,
 * tools/quad-freq.py), with every byte's 0x20 bit set (both cases of a
 * letter, and a few other pairs of bytes, fold together), hashed into a
 * table of 2^18 bits; a three-byte pattern registers itself followed by
 * every byte (every byte outside a word when it has word boundaries).
 * Sixteen positions a step are folded, hashed and tested at once, two
 * gathers of eight table words; only the positions whose bit is set go
 * on to the candidates of their slot.  A scanner with too many keys
 * (many three-byte patterns) keeps the pair table.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define SCAN_AVX2	1
#endif

#include "hash.h"
#include "scan.h"
#include "scan-quads.h"
#include "xmalloc.h"

struct scan_entry {
	size_t	pattern;	/* index in patterns */
	size_t	offset;		/* of the fragment in the pattern */
	int32_t	next;		/* next entry in the same slot, or -1 */
};

/*
 * A pattern's first eight bytes (fewer when it is shorter) as a word,
 * to verify a candidate with one load: ((text | or) & mask) == value,
 * where or holds 0x20 on the letters of a caseless pattern (lower-case
 * in value), which makes both cases of them compare equal.
 */
struct scan_prefix {
	uint64_t	value;
	uint64_t	or;
	uint64_t	mask;
	size_t		len;	/* the pattern's, beside the words it is tested with */
};

/* A slot of the quad layer that has entries, and the first of them. */
struct scan_qslot {
	uint32_t	slot;		/* QSLOT_NONE where the place is free */
	int32_t		first;
};
#define QSLOT_NONE	UINT32_MAX

/* A pair of bytes is the first two of some fragment, or its last two. */
#define PAIR_FIRST	1
#define PAIR_SECOND	2

#define SLOT_BITS	18
#define NSLOTS		(1u << SLOT_BITS)

struct dlt_scanner {
	uint64_t		 bits[NSLOTS / 64];
	unsigned char		 pairs[65536];	/* PAIR_FIRST | PAIR_SECOND */
	int32_t			*head;		/* [NSLOTS] first entry per slot, -1 */
	int			 gram;		/* fragment length: 3, or 2 */
	size_t			 maxoff;	/* the largest offset of a fragment */
	struct scan_entry	*entries;
	size_t			 nentries, entries_alloc;
	struct dlt_scan_pattern	*pats;
	char			**lits;		/* owned copies; lowered for caseless */
	size_t			 npats;
	size_t			 minlen;
	size_t			*singles;	/* one-byte patterns: no pair at a text's last byte */
	size_t			 nsingles;
	struct scan_prefix	*prefix;	/* [npats] */
	/* the quad layer (see quad_build), or quad 0 */
	int			 quad;
	uint32_t		*qbits;		/* [NSLOTS / 32] */
	struct scan_qslot	*qidx;		/* the slots with entries, open addressing */
	size_t			 qmask;		/* its size less one */
	struct scan_entry	*qentries;
	size_t			 nqentries, qentries_alloc;
	size_t			 qmaxoff;
	size_t			*shorts;	/* three-byte patterns: no quad at a text's last three bytes */
	size_t			 nshorts;
};

static double	byte_weight(unsigned char, int);
static int	lower(int);
static int	is_word(int);
static int	verify_rest(const struct dlt_scanner *, size_t, const char *, size_t, size_t,
		    size_t);
static void	add_slot(struct dlt_scanner *, uint32_t, size_t, size_t);
static void	add_gram(struct dlt_scanner *, const unsigned char *, int, size_t, size_t);
static void	quad_build(struct dlt_scanner *);

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

/* parts per 10,000 of each byte in real logs (tools/byte-freq.py, 334031 bytes) */
static const unsigned short byte_freq[256] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 115, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1123, 1, 54, 5, 1, 1, 2, 20, 68, 66, 16, 6, 129, 177, 179, 233,
	167, 131, 92, 87, 58, 59, 60, 56, 48, 48, 127, 2, 12, 44, 15, 1,
	2, 30, 12, 23, 19, 37, 44, 10, 3, 29, 1, 2, 14, 13, 36, 13,
	18, 1, 21, 18, 37, 12, 12, 6, 8, 3, 1, 22, 14, 29, 299, 172,
	8, 405, 97, 264, 183, 645, 132, 94, 127, 405, 13, 69, 348, 165, 443, 448,
	241, 8, 435, 342, 449, 177, 74, 65, 52, 112, 16, 3, 1, 3, 9, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

/* How often byte c occurs in log text, both cases counted when caseless. */
static double
byte_weight(unsigned char c, int caseless)
{
	if (caseless && c >= 'a' && c <= 'z')
		return ((double)byte_freq[c] + byte_freq[c - 32]);
	return (byte_freq[c]);
}

/*
 * The n bytes at p (n at most 8) as a little-endian number, in one load
 * when n is a constant: the first byte lowest.
 */
static inline uint64_t
load_le(const void *p, size_t n)
{
	uint64_t	v = 0;

	memcpy(&v, p, n);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return (v);
}

/* The two bytes at p as a | b << 8. */
static inline uint32_t
pair_at(const unsigned char *p)
{
	return ((uint32_t)load_le(p, 2));
}

/* The slot of a three-byte fragment a | b << 8 | c << 16. */
static inline uint32_t
slot3(uint32_t x)
{
	return ((x * UINT32_C(0x9e3779b1)) >> (32 - SLOT_BITS));
}

/*
 * Put (pat, off) in slot v's chain of entries, once; returns whether it
 * is new.
 */
static int
add_entry(struct scan_entry **entries, size_t *n, size_t *alloc, int32_t *head,
    size_t pat, size_t off)
{
	int32_t		i;

	for (i = *head; i >= 0; i = (*entries)[i].next)
		if ((*entries)[i].pattern == pat && (*entries)[i].offset == off)
			return (0);
	XGROW(*entries, *n + 1, *alloc);
	(*entries)[*n].pattern = pat;
	(*entries)[*n].offset = off;
	(*entries)[*n].next = *head;
	*head = (int32_t)*n;
	(*n)++;
	return (1);
}

static void
add_slot(struct dlt_scanner *sc, uint32_t v, size_t pat, size_t off)
{
	add_entry(&sc->entries, &sc->nentries, &sc->entries_alloc, &sc->head[v], pat,
	    off);
	sc->bits[v >> 6] |= UINT64_C(1) << (v & 63);
	if (off > sc->maxoff)
		sc->maxoff = off;
}

/*
 * Register the fragment g[0..gram) of pattern pat at offset off, in
 * every case variant when caseless (g is lower-case then).
 */
static void
add_gram(struct dlt_scanner *sc, const unsigned char *g, int caseless, size_t pat,
    size_t off)
{
	unsigned	mask, k, c[3];
	uint32_t	x;

	for (mask = 0; mask < (1u << sc->gram); mask++) {
		for (k = 0; k < (unsigned)sc->gram; k++) {
			c[k] = g[k];
			if (mask & (1u << k)) {
				if (!caseless || c[k] < 'a' || c[k] > 'z')
					break;
				c[k] -= 32;
			}
		}
		if (k < (unsigned)sc->gram)
			continue;
		if (sc->gram == 3) {
			x = c[0] | c[1] << 8 | c[2] << 16;
			add_slot(sc, slot3(x), pat, off);
			sc->pairs[x & 0xffff] |= PAIR_FIRST;
			sc->pairs[x >> 8] |= PAIR_SECOND;
		} else
			add_slot(sc, c[0] | c[1] << 8, pat, off);
	}
}

/*
 * The quad layer.  A key is four bytes of text as a little-endian word
 * with every byte's 0x20 bit set, which folds the cases of a letter
 * together (and '@' with '`', '\n' with '*', ...: a filter may say yes
 * too often, never too seldom).
 */
#define QUAD_FOLD	UINT32_C(0x20202020)
/* more keys than this mark too many positions: the pair table then */
#define QUAD_MAX_KEYS	8192

static inline uint32_t
quad_at(const unsigned char *p)
{
	return ((uint32_t)load_le(p, 4) | QUAD_FOLD);
}

/* How often a byte that folds as c does occurs in log text. */
static double
fold_weight(unsigned char c)
{
	unsigned char	lo = c & 0xdf, hi = c | 0x20;

	return ((double)byte_freq[lo] + byte_freq[hi]);
}

static int
hexval(char c)
{
	return (c >= 'a' ? c - 'a' + 10 : c - '0');
}

/*
 * How common a folded key is in real logs, 0 (seldom) to 3 (about once
 * in 1,500 positions or more): quad_level_hex.
 */
static int
quad_level(uint32_t key)
{
	uint32_t	h = (key * UINT32_C(0x9e3779b1)) >> 16;

	return ((hexval(quad_level_hex[h >> 1]) >> (2 * (h & 1))) & 3);
}

/*
 * The place of the quad layer's slot v in its index, taken for it when
 * free.  The index has room for twice QUAD_MAX_KEYS slots.
 */
static struct scan_qslot *
quad_place(const struct dlt_scanner *sc, uint32_t v)
{
	size_t	k;

	for (k = v & sc->qmask; sc->qidx[k].slot != QSLOT_NONE; k = (k + 1) & sc->qmask)
		if (sc->qidx[k].slot == v)
			break;
	return (&sc->qidx[k]);
}

static void
add_quad(struct dlt_scanner *sc, uint32_t key, size_t pat, size_t off, size_t *nkeys)
{
	uint32_t		 v = slot3(key);
	struct scan_qslot	*q = quad_place(sc, v);

	if (q->slot == QSLOT_NONE) {
		q->slot = v;
		q->first = -1;
	}
	if (add_entry(&sc->qentries, &sc->nqentries, &sc->qentries_alloc, &q->first,
	    pat, off))
		(*nkeys)++;
	sc->qbits[v >> 5] |= UINT32_C(1) << (v & 31);
	if (off > sc->qmaxoff)
		sc->qmaxoff = off;
}

static int
simd_usable(void)
{
#ifdef SCAN_AVX2
	const char	*e = getenv("DLTRIAGE_SCAN");

	if (e != NULL && strcmp(e, "pairs") == 0)
		return (0);
	__builtin_cpu_init();
	return (__builtin_cpu_supports("avx2"));
#else
	return (0);
#endif
}

/*
 * Each pattern of four bytes or more by its rarest four (by the levels
 * of keys in real logs, then by the folded bytes' frequencies), a
 * three-byte one by itself and every byte that may follow it; none
 * shorter (the pair table does those scans).
 */
static void
quad_build(struct dlt_scanner *sc)
{
	const unsigned char	*l;
	size_t			 i, k, best, nkeys = 0;
	double			 w, bestw;
	unsigned		 b;
	uint32_t		 key;

	if (sc->gram != 3 || sc->npats == 0 || !simd_usable())
		return;
	sc->qbits = xcalloc(NSLOTS / 32, sizeof *sc->qbits);
	sc->qmask = 2 * QUAD_MAX_KEYS - 1;
	sc->qidx = xreallocarray(NULL, sc->qmask + 1, sizeof *sc->qidx);
	for (k = 0; k <= sc->qmask; k++)
		sc->qidx[k].slot = QSLOT_NONE;
	for (i = 0; i < sc->npats && nkeys <= QUAD_MAX_KEYS; i++) {
		l = (const unsigned char *)sc->lits[i];
		if (sc->pats[i].len == 3) {
			sc->shorts = xreallocarray(sc->shorts, sc->nshorts + 1,
			    sizeof *sc->shorts);
			sc->shorts[sc->nshorts++] = i;
			for (b = 0; b < 256; b++) {
				if (sc->pats[i].word && is_word((int)b))
					continue;
				key = (l[0] | (uint32_t)l[1] << 8 |
				    (uint32_t)l[2] << 16 | (uint32_t)b << 24) | QUAD_FOLD;
				add_quad(sc, key, i, 0, &nkeys);
			}
			continue;
		}
		best = 0;
		bestw = -1;
		for (k = 0; k + 4 <= sc->pats[i].len; k++) {
			/* the level first, the bytes' frequencies within it */
			w = fold_weight(l[k]) * fold_weight(l[k + 1]) *
			    fold_weight(l[k + 2]) * fold_weight(l[k + 3]) +
			    1e13 * quad_level(quad_at(l + k));
			if (bestw < 0 || w < bestw) {
				bestw = w;
				best = k;
			}
		}
		add_quad(sc, quad_at(l + best), i, best, &nkeys);
	}
	if (nkeys > QUAD_MAX_KEYS) {
		free(sc->qbits);
		free(sc->qidx);
		free(sc->qentries);
		free(sc->shorts);
		sc->qbits = NULL;
		sc->qidx = NULL;
		sc->qentries = NULL;
		sc->shorts = NULL;
		sc->nqentries = sc->qentries_alloc = sc->nshorts = 0;
		sc->qmaxoff = 0;
		return;
	}
	sc->quad = 1;
}

/* The first entry of the quad layer's slot v, or -1. */
static inline int32_t
quad_first(const struct dlt_scanner *sc, uint32_t v)
{
	const struct scan_qslot	*q = quad_place(sc, v);

	return (q->slot == v ? q->first : -1);
}

struct dlt_scanner *
dlt_scanner_new(const struct dlt_scan_pattern *pats, size_t n)
{
	struct dlt_scanner	*sc;
	size_t			 i, k, best;
	double			 w, bestw;
	const unsigned char	*l;
	unsigned char		 g[3];
	unsigned		 b;
	int			 cl;

	sc = xcalloc(1, sizeof *sc);
	sc->head = xmalloc(NSLOTS * sizeof *sc->head);
	memset(sc->head, 0xff, NSLOTS * sizeof *sc->head);
	sc->npats = n;
	sc->minlen = (size_t)-1;
	sc->gram = 3;
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
	}
	if (sc->minlen < 3)
		sc->gram = 2;
	sc->prefix = xcalloc(n, sizeof *sc->prefix);
	for (i = 0; i < n; i++) {
		l = (const unsigned char *)sc->lits[i];
		sc->prefix[i].len = sc->pats[i].len;
		for (k = 0; k < 8 && k < sc->pats[i].len; k++) {
			sc->prefix[i].value |= (uint64_t)l[k] << (8 * k);
			sc->prefix[i].mask |= (uint64_t)0xff << (8 * k);
			if (sc->pats[i].caseless && l[k] >= 'a' && l[k] <= 'z')
				sc->prefix[i].or |= (uint64_t)0x20 << (8 * k);
		}
	}
	for (i = 0; i < n; i++) {
		l = (const unsigned char *)sc->lits[i];
		if (sc->pats[i].len < 2) {
			sc->singles = xreallocarray(sc->singles, sc->nsingles + 1,
			    sizeof *sc->singles);
			sc->singles[sc->nsingles++] = i;
			/* a single byte: register every pair starting with it */
			for (b = 0; b < 256; b++) {
				g[0] = l[0];
				g[1] = (unsigned char)b;
				add_gram(sc, g, sc->pats[i].caseless, i, 0);
			}
			continue;
		}
		best = 0;
		bestw = -1;
		cl = sc->pats[i].caseless;
		for (k = 0; k + (size_t)sc->gram <= sc->pats[i].len; k++) {
			/*
			 * both its pairs are tested, at every other byte: the
			 * rarity of the two (only its one pair when gram is 2)
			 */
			w = byte_weight(l[k], cl) * byte_weight(l[k + 1], cl);
			if (sc->gram == 3)
				w += byte_weight(l[k + 1], cl) * byte_weight(l[k + 2], cl);
			if (bestw < 0 || w < bestw) {
				bestw = w;
				best = k;
			}
		}
		add_gram(sc, l + best, sc->pats[i].caseless, i, best);
	}
	quad_build(sc);
	return (sc);
}

int
dlt_scanner_quad(struct dlt_scanner *sc, int on)
{
	int	was = sc->quad;

	if (!on)
		sc->quad = 0;
	else if (sc->qbits != NULL)
		sc->quad = 1;
	return (was);
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
	free(sc->singles);
	free(sc->prefix);
	free(sc->qbits);
	free(sc->qidx);
	free(sc->qentries);
	free(sc->shorts);
	free(sc);
}

/* The eight bytes at p as a little-endian word. */
static inline uint64_t
word_at(const char *p)
{
	return (load_le(p, 8));
}

/*
 * Does pattern p occur at buf[start..]?  Inline, the test that rejects
 * most candidates: the length, and the first eight bytes in one load.
 */
static inline int
verify(const struct dlt_scanner *sc, size_t p, const char *buf, size_t len, size_t start)
{
	const struct scan_prefix	*pf = &sc->prefix[p];

	if (start + pf->len > len)
		return (0);
	if (len - start >= 8) {
		if (((word_at(buf + start) | pf->or) & pf->mask) != pf->value)
			return (0);
		return (verify_rest(sc, p, buf, len, start, 8));
	}
	return (verify_rest(sc, p, buf, len, start, 0));
}

/* The rest of verify: the pattern's bytes from k on, its word boundaries. */
static int
verify_rest(const struct dlt_scanner *sc, size_t p, const char *buf, size_t len,
    size_t start, size_t k)
{
	const struct dlt_scan_pattern	*pat = &sc->pats[p];

	if (k < pat->len) {
		if (pat->caseless) {
			for (; k < pat->len; k++)
				if (lower((unsigned char)buf[start + k]) !=
				    (unsigned char)pat->lit[k])
					return (0);
		} else if (memcmp(buf + start + k, pat->lit + k, pat->len - k) != 0)
			return (0);
	}
	if (pat->word) {
		if (start > 0 && is_word((unsigned char)buf[start - 1]))
			return (0);
		if (start + pat->len < len &&
		    is_word((unsigned char)buf[start + pat->len]))
			return (0);
	}
	return (1);
}

/*
 * The candidates of a slot (its first entry) for a fragment at i: a match
 * starting at or after pos, and before the best one so far (*at, when
 * *found)?
 */
static int
candidates_of(const struct dlt_scanner *sc, int32_t first,
    const struct scan_entry *entries, const char *buf, size_t len,
    size_t pos, size_t i, size_t *at, int *id, int *found)
{
	size_t	start;
	int32_t	e;
	int	hit = 0;

	for (e = first; e >= 0; e = entries[e].next) {
		if (entries[e].offset > i)
			continue;
		start = i - entries[e].offset;
		if (start < pos || (*found && start >= *at))
			continue;
		if (verify(sc, entries[e].pattern, buf, len, start)) {
			*found = hit = 1;
			*at = start;
			*id = sc->pats[entries[e].pattern].id;
		}
	}
	return (hit);
}

static int
candidates(const struct dlt_scanner *sc, uint32_t v, const char *buf, size_t len,
    size_t pos, size_t i, size_t *at, int *id, int *found)
{
	return (candidates_of(sc, sc->head[v], sc->entries, buf, len, pos, i, at, id,
	    found));
}

/* A one-byte pattern as the last byte of buf[0..len) (no pair there). */
static int
last_byte(const struct dlt_scanner *sc, const char *buf, size_t len, size_t *at, int *id)
{
	size_t	k;

	for (k = 0; k < sc->nsingles; k++)
		if (verify(sc, sc->singles[k], buf, len, len - 1)) {
			*at = len - 1;
			*id = sc->pats[sc->singles[k]].id;
			return (1);
		}
	return (0);
}

/* A fragment's slot at i, then its candidates. */
static inline void
fragment_at(const struct dlt_scanner *sc, const char *buf, size_t len, size_t pos,
    size_t i, size_t *at, int *id, int *found)
{
	const unsigned char	*p = (const unsigned char *)buf;
	uint32_t		 v;

	v = slot3(p[i] | (uint32_t)p[i + 1] << 8 | (uint32_t)p[i + 2] << 16);
	if ((sc->bits[v >> 6] & (UINT64_C(1) << (v & 63))) != 0)
		candidates(sc, v, buf, len, pos, i, at, id, found);
}

#ifdef SCAN_AVX2
/*
 * The keys at the eight positions p[0..8), folded and hashed, and
 * whether each one's bit is set in the table: a bit per position.  The
 * keys come from one sixteen-byte load (p[0..11) is what they need), and
 * the eight table words from one gather.
 */
__attribute__((target("avx2"))) static inline unsigned
quad_mask8(const uint32_t *qbits, const unsigned char *p, __m256i *slots)
{
	const __m256i	shuf = _mm256_setr_epi8(0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5,
	    3, 4, 5, 6, 4, 5, 6, 7, 5, 6, 7, 8, 6, 7, 8, 9, 7, 8, 9, 10);
	const __m256i	low5 = _mm256_set1_epi32(31);
	__m256i		q, g;

	q = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)p));
	q = _mm256_or_si256(_mm256_shuffle_epi8(q, shuf), _mm256_set1_epi32((int)QUAD_FOLD));
	*slots = _mm256_srli_epi32(_mm256_mullo_epi32(q,
	    _mm256_set1_epi32((int)UINT32_C(0x9e3779b1))), 32 - SLOT_BITS);
	g = _mm256_i32gather_epi32((const int *)(const void *)qbits,
	    _mm256_srli_epi32(*slots, 5), 4);
	/* each word's bit to the lane's top, where movemask takes it */
	g = _mm256_sllv_epi32(g, _mm256_sub_epi32(low5, _mm256_and_si256(*slots, low5)));
	return ((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(g)));
}

/* quad_mask8 at p and p + 8 (two gathers in flight), the slots to slots[16]. */
__attribute__((target("avx2"))) static inline unsigned
quad_mask16(const uint32_t *qbits, const unsigned char *p, uint32_t *slots)
{
	__m256i		s0, s1;
	unsigned	m;

	m = quad_mask8(qbits, p, &s0) | quad_mask8(qbits, p + 8, &s1) << 8;
	_mm256_storeu_si256((__m256i *)(void *)slots, s0);
	_mm256_storeu_si256((__m256i *)(void *)(slots + 8), s1);
	return (m);
}

/*
 * scan_next on the quad layer: sixteen positions a step (two gathers
 * in flight), the candidates of the marked ones; the positions near the
 * end one by one, and the three-byte patterns at the last three bytes
 * (no key there) by their own test.
 */
__attribute__((target("avx2"))) static int
quad_next(const struct dlt_scanner *sc, const char *buf, size_t len, size_t pos,
    size_t *at, int *id, struct dlt_scan_hash *hs)
{
	const unsigned char	*p = (const unsigned char *)buf;
	uint32_t		 slots[16], v;
	size_t			 i, k, hoff = 0, limit = (size_t)-1;
	uint64_t		 h = 0;
	unsigned		 m;
	int			 found = 0;

	if (hs != NULL) {
		h = hs->h;
		hoff = hs->off;
	}
	for (i = pos; i + 24 <= len && i <= limit; i += 16) {
		if (hs != NULL && hoff + 16 <= len) {
			h = dlt_hash_word(h, word_at(buf + hoff));
			h = dlt_hash_word(h, word_at(buf + hoff + 8));
			hoff += 16;
		}
		if ((m = quad_mask16(sc->qbits, p + i, slots)) == 0)
			continue;
		for (; m != 0; m &= m - 1) {
			k = (size_t)__builtin_ctz(m);
			candidates_of(sc, quad_first(sc, slots[k]), sc->qentries,
			    buf, len, pos, i + k, at, id, &found);
		}
		if (found && limit == (size_t)-1)
			limit = *at + sc->qmaxoff;
	}
	for (; i + 3 <= len && i <= limit; i++) {
		if (i + 4 <= len) {
			v = slot3(quad_at(p + i));
			if ((sc->qbits[v >> 5] >> (v & 31)) & 1)
				candidates_of(sc, quad_first(sc, v), sc->qentries, buf,
				    len, pos, i, at, id, &found);
		} else if (!found) {
			for (k = 0; k < sc->nshorts; k++)
				if (verify(sc, sc->shorts[k], buf, len, i)) {
					found = 1;
					*at = i;
					*id = sc->pats[sc->shorts[k]].id;
					break;
				}
		}
		if (found && limit == (size_t)-1)
			limit = *at + sc->qmaxoff;
	}
	if (hs != NULL) {
		hs->h = h;
		hs->off = hoff;
	}
	return (found);
}
#endif

/*
 * The first match at or after pos.  A fragment found at i gives a match
 * at i less its offset; a fragment further on may still give one that
 * starts earlier (a long pattern's rare fragment lies deep in it), so
 * once a match is found at b the scan goes on to the fragments up to b
 * plus the largest offset, and keeps the earliest.
 */
static inline int
scan_next(const struct dlt_scanner *sc, const char *buf, size_t len, size_t pos,
    size_t *at, int *id, struct dlt_scan_hash *hs)
{
	const unsigned char	*p = (const unsigned char *)buf;
	const uint64_t		*bits = sc->bits;
	size_t			 i, hoff = 0, limit = (size_t)-1;
	uint64_t		 h = 0;
	uint32_t		 v;
	int			 found = 0;

	if (sc->npats == 0 || pos >= len)
		return (0);
#ifdef SCAN_AVX2
	if (sc->quad)
		return (quad_next(sc, buf, len, pos, at, id, hs));
#endif
	if (sc->gram == 2) {
		for (i = pos; i + 1 < len && i <= limit; i++) {
			v = p[i] | (uint32_t)p[i + 1] << 8;
			if ((bits[v >> 6] & (UINT64_C(1) << (v & 63))) != 0 &&
			    candidates(sc, v, buf, len, pos, i, at, id, &found) &&
			    limit == (size_t)-1)
				limit = *at + sc->maxoff;
		}
		if (found)
			return (1);
		return (last_byte(sc, buf, len, at, id));
	}
	if (hs != NULL) {
		h = hs->h;
		hoff = hs->off;
	}
	/*
	 * A fragment of three bytes at j holds a pair at j and one at j + 1,
	 * and one of the two is at an even distance from pos: testing the
	 * pair at every other position against the pair table (a byte per
	 * pair: the pairs of log text touch few of its lines) finds every
	 * fragment, the fragment at j when the pair at j is some fragment's
	 * first two bytes, the one at j - 1 when they are its last two.
	 * Four such positions per step, eight bytes; the three-byte slot
	 * only behind a pair.  A step of the hash, when it is taken, goes
	 * with each step.
	 */
	for (i = pos; i + 10 <= len && i <= limit; i += 8) {
		unsigned	k, f;

		if (hs != NULL && hoff + 8 <= len) {
			h = dlt_hash_word(h, word_at(buf + hoff));
			hoff += 8;
		}
		if ((sc->pairs[pair_at(p + i)] | sc->pairs[pair_at(p + i + 2)] |
		    sc->pairs[pair_at(p + i + 4)] | sc->pairs[pair_at(p + i + 6)]) == 0)
			continue;
		for (k = 0; k < 8; k += 2) {
			if ((f = sc->pairs[pair_at(p + i + k)]) == 0)
				continue;
			if ((f & PAIR_SECOND) && i + k > pos)
				fragment_at(sc, buf, len, pos, i + k - 1, at, id, &found);
			if (f & PAIR_FIRST)
				fragment_at(sc, buf, len, pos, i + k, at, id, &found);
		}
		if (found && limit == (size_t)-1)
			limit = *at + sc->maxoff;
	}
	/* the fragment at i - 1 was left to the pair at i */
	if (i > pos)
		i--;
	for (; i + 2 < len && i <= limit; i++) {
		fragment_at(sc, buf, len, pos, i, at, id, &found);
		if (found && limit == (size_t)-1)
			limit = *at + sc->maxoff;
	}
	if (hs != NULL) {
		hs->h = h;
		hs->off = hoff;
	}
	return (found);
}

int
dlt_scanner_next(const struct dlt_scanner *sc, const char *buf, size_t len,
    size_t pos, size_t *at, int *id)
{
	return (scan_next(sc, buf, len, pos, at, id, NULL));
}

int
dlt_scanner_next_hashing(const struct dlt_scanner *sc, const char *buf, size_t len,
    size_t pos, size_t *at, int *id, struct dlt_scan_hash *hs)
{
	return (scan_next(sc, buf, len, pos, at, id, hs));
}

void
dlt_scanner_each(const struct dlt_scanner *sc, const char *line, size_t len,
    void (*fn)(int, void *), void *arg)
{
	const unsigned char	*p = (const unsigned char *)line;
	size_t			 i, j, start, pat, nfound = 0, alloc, nw, qend;
	uint32_t		 v;
	int32_t			 e;
	uint64_t		 stackseen[64], *seen;
	size_t			 stackfound[32], *found = stackfound, t;

	if (sc->npats == 0 || len == 0)
		return;
	alloc = sizeof stackfound / sizeof stackfound[0];
	/* a bit per pattern, on the stack: this runs for every line of a block */
	nw = (sc->npats + 63) / 64;
	seen = nw <= sizeof stackseen / sizeof stackseen[0] ? stackseen :
	    xreallocarray(NULL, nw, sizeof *seen);
	memset(seen, 0, nw * sizeof *seen);
#define SEEN(pt)	((seen[(pt) >> 6] >> ((pt) & 63)) & 1)
#define FOUND(pt) do {								\
	seen[(pt) >> 6] |= UINT64_C(1) << ((pt) & 63);				\
	if (nfound == alloc) {							\
		size_t *nf_ = xreallocarray(NULL, alloc * 2, sizeof *nf_);	\
		memcpy(nf_, found, nfound * sizeof *nf_);			\
		if (found != stackfound)					\
			free(found);						\
		found = nf_;							\
		alloc *= 2;							\
	}									\
	found[nfound++] = (pt);							\
} while (0)
/* the patterns of a chain whose fragment is at j, not yet seen, verified */
#define CHAIN_AT(first, ents, j)					\
	for (e = (first); e >= 0; e = (ents)[e].next) {			\
		pat = (ents)[e].pattern;					\
		if (SEEN(pat) || (ents)[e].offset > (j))			\
			continue;						\
		start = (j) - (ents)[e].offset;					\
		if (verify(sc, pat, line, len, start))				\
			FOUND(pat);						\
	}
#define SLOT_AT(v, j)	CHAIN_AT(sc->head[v], sc->entries, j)
	for (i = 0; i < sc->nsingles; i++)
		if (verify(sc, sc->singles[i], line, len, len - 1))
			FOUND(sc->singles[i]);
#ifdef SCAN_AVX2
	/* the quad layer, as quad_next: sixteen positions a step, then one by one */
	if (sc->quad) {
		uint32_t	slots[16];
		unsigned	m, k;

		for (i = 0; i + 24 <= len; i += 16)
			for (m = quad_mask16(sc->qbits, p + i, slots); m != 0; m &= m - 1) {
				k = (unsigned)__builtin_ctz(m);
				CHAIN_AT(quad_first(sc, slots[k]), sc->qentries, i + k);
			}
		for (; i + 4 <= len; i++) {
			v = slot3(quad_at(p + i));
			if ((sc->qbits[v >> 5] >> (v & 31)) & 1)
				CHAIN_AT(quad_first(sc, v), sc->qentries, i);
		}
		for (i = 0; len >= 3 && i < sc->nshorts; i++)
			if (!SEEN(sc->shorts[i]) &&
			    verify(sc, sc->shorts[i], line, len, len - 3))
				FOUND(sc->shorts[i]);
		goto report;
	}
#endif
	if (sc->gram == 2) {
		for (i = 0; i + 1 < len; i++) {
			v = p[i] | (uint32_t)p[i + 1] << 8;
			if ((sc->bits[v >> 6] & (UINT64_C(1) << (v & 63))) == 0)
				continue;
			SLOT_AT(v, i);
		}
	}
	/*
	 * The pairs at every other position, as dlt_scanner_next: the
	 * fragment at q - 1 behind a last pair, the one at q behind a
	 * first pair; four positions a step, each tested only when one of
	 * the four is marked (the lines of a block are dense in them: a
	 * step of two bytes tested the next four again).
	 */
	for (i = 0; sc->gram == 3 && i + 1 < len; i = qend) {
		unsigned	f;
		size_t		h, q;

		if (i + 8 <= len) {
			qend = i + 8;
			if ((sc->pairs[pair_at(p + i)] | sc->pairs[pair_at(p + i + 2)] |
			    sc->pairs[pair_at(p + i + 4)] |
			    sc->pairs[pair_at(p + i + 6)]) == 0)
				continue;
		} else
			qend = i + 2;
		for (q = i; q < qend; q += 2) {
			if ((f = sc->pairs[pair_at(p + q)]) == 0)
				continue;
			for (h = 0; h < 2; h++) {
				if (h == 0 ? !(f & PAIR_SECOND) || q == 0 :
				    !(f & PAIR_FIRST))
					continue;
				j = h == 0 ? q - 1 : q;
				if (j + 3 > len)
					continue;
				v = slot3(p[j] | (uint32_t)p[j + 1] << 8 |
				    (uint32_t)p[j + 2] << 16);
				if ((sc->bits[v >> 6] & (UINT64_C(1) << (v & 63))) == 0)
					continue;
				SLOT_AT(v, j);
			}
		}
	}
#ifdef SCAN_AVX2
report:
#endif
#undef SLOT_AT
#undef CHAIN_AT
#undef FOUND
#undef SEEN
	/* in the patterns' order, as a scan of them all would give */
	for (i = 1; i < nfound; i++)
		for (j = i; j > 0 && found[j - 1] > found[j]; j--) {
			t = found[j];
			found[j] = found[j - 1];
			found[j - 1] = t;
		}
	for (i = 0; i < nfound; i++)
		fn(sc->pats[found[i]].id, arg);
	if (seen != stackseen)
		free(seen);
	if (found != stackfound)
		free(found);
}
