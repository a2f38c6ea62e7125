/* logread.c: bounded-memory log reading; see logread.h. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "decompress.h"
#include "hash.h"
#include "json.h"
#include "logread.h"
#include "scan.h"
#include "xmalloc.h"

static int	fill(struct dlt_logread *);
static ssize_t	src_read(struct dlt_logread *, char *, size_t);
static ssize_t	fd_read(struct dlt_logread *, char *, size_t);
static ssize_t	read_least(struct dlt_logread *, ssize_t (*)(struct dlt_logread *,
		    char *, size_t), char *, size_t, size_t);
static ssize_t	text_read(struct dlt_logread *, char *, size_t);
static size_t	utf16_decode(struct dlt_logread *, char *, size_t);
static void	hash_bytes(struct dlt_logread *, const unsigned char *, size_t);
static void	hash_upto(struct dlt_logread *, size_t);
static long	count_newlines(const char *, size_t);
static int	scan_hashing(struct dlt_logread *, const struct dlt_scanner *, size_t,
		    size_t *, int *);
static void	keep_head(struct dlt_logread *, const char *, size_t);
static size_t	escape_len(const char *, size_t);
static void	strip_escapes(struct dlt_line *, char *);
static int	digits(const char *, size_t, size_t, size_t);
static size_t	transport_prefix(const char *, size_t);
static void	clean_line(struct dlt_line *, char *);
static size_t	json_string_end(const char *, size_t, size_t, int *);
static size_t	json_decode(const char *, size_t, char *);
static int	json_record(struct dlt_logread *, const struct dlt_line *);
static int	record_next(struct dlt_logread *, struct dlt_line *);

/* The first DLT_LOGREAD_HEAD bytes, NUL bytes as blanks, for log.head. */
static void
keep_head(struct dlt_logread *lr, const char *p, size_t n)
{
	size_t	i;

	for (i = 0; i < n && lr->headlen < DLT_LOGREAD_HEAD; i++)
		lr->head[lr->headlen++] = p[i] == '\0' ? ' ' : p[i];
	lr->head[lr->headlen] = '\0';
}

#define MIX	UINT64_C(0x9e3779b97f4a7c15)

/*
 * Hash 8 bytes at a time (little-endian assembled, so the value is the
 * same on every machine); much faster than byte-wise FNV on big logs.
 */
static void
hash_bytes(struct dlt_logread *lr, const unsigned char *p, size_t n)
{
	uint64_t	w, h = lr->hash;
	size_t		i;

	while (lr->nhpend > 0 && lr->nhpend < 8 && n > 0) {
		lr->hpend[lr->nhpend++] = *p++;
		n--;
	}
	if (lr->nhpend == 8) {
		for (w = 0, i = 0; i < 8; i++)
			w |= (uint64_t)lr->hpend[i] << (8 * i);
		h = dlt_hash_word(h, w);
		lr->nhpend = 0;
	}
	while (n >= 8) {
		/* the eight bytes as a little-endian word, in one load */
		memcpy(&w, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		w = __builtin_bswap64(w);
#endif
		h = dlt_hash_word(h, w);
		p += 8;
		n -= 8;
	}
	lr->hash = h;
	while (n > 0) {
		lr->hpend[lr->nhpend++] = *p++;
		n--;
	}
}

/*
 * The hash takes the window's bytes up to to.  It lags behind reading:
 * dlt_logread_skip has the scanner take its steps while it reads the
 * same bytes, where the chain of multiplications costs next to nothing;
 * the rest is taken here, before bytes leave the window or are changed.
 */
static void
hash_upto(struct dlt_logread *lr, size_t to)
{
	if (!lr->hashing || to <= lr->hpos)
		return;
	hash_bytes(lr, (unsigned char *)lr->buf + lr->hpos, to - lr->hpos);
	lr->hpos = to;
}

uint64_t
dlt_logread_hash(struct dlt_logread *lr)
{
	uint64_t	h;

	hash_upto(lr, lr->len);
	h = lr->hash;

	h = dlt_hash(h, lr->hpend, lr->nhpend);
	return (dlt_hash(h, &lr->total, sizeof lr->total) ^ (lr->total * MIX));
}

void
dlt_logread_init_fd(struct dlt_logread *lr, int fd, int hashing)
{
	memset(lr, 0, sizeof *lr);
	lr->fd = fd;
	lr->alloc = DLT_LOGREAD_CHUNK;
	lr->buf = xmalloc(lr->alloc);
	lr->lineno = 1;
	lr->hashing = hashing;
	lr->hash = DLT_HASH_INIT;
}

void
dlt_logread_init_mem(struct dlt_logread *lr, const char *mem, size_t len)
{
	memset(lr, 0, sizeof *lr);
	lr->fd = -1;
	lr->mem = mem;
	lr->memlen = len;
	/* our own copy: lines are cleaned of NUL bytes in place */
	lr->buf = xmalloc(len + 1);
	memcpy(lr->buf, mem, len);
	lr->alloc = len + 1;
	lr->len = len;
	keep_head(lr, mem, len);
	lr->eof = 1;
	lr->lineno = 1;
	lr->hash = DLT_HASH_INIT;
	lr->total = len;
}

void
dlt_logread_release(struct dlt_logread *lr)
{
	free(lr->buf);
	lr->buf = NULL;
	free(lr->rec);
	lr->rec = NULL;
	free(lr->u16);
	lr->u16 = NULL;
	dlt_dz_free(lr->dz);
	lr->dz = NULL;
}

/* read(2) on the log's file, as a reader for read_least. */
static ssize_t
fd_read(struct dlt_logread *lr, char *buf, size_t n)
{
	return (read(lr->fd, buf, n));
}

/*
 * At least least bytes (of n) into buf with rd, unless the stream ends
 * first, for a look at the first bytes: how many, or -1 when an error
 * came before any byte (after one, the bytes read are returned).
 */
static ssize_t
read_least(struct dlt_logread *lr, ssize_t (*rd)(struct dlt_logread *,
    char *, size_t), char *buf, size_t n, size_t least)
{
	ssize_t	r;
	size_t	got = 0;

	while (got < least) {
		r = rd(lr, buf + got, n - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return (got > 0 ? (ssize_t)got : -1);
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return ((ssize_t)got);
}

/* Move unread bytes to the front and read more; 1 if bytes were added. */
/*
 * read(2) on the log: the file's bytes, or the decompressed ones when
 * its first bytes are a compressed format's magic.
 */
static ssize_t
src_read(struct dlt_logread *lr, char *buf, size_t n)
{
	enum dlt_dz_format	 f;
	ssize_t			 r;
	size_t			 got = 0;

	if (lr->dz != NULL) {
		r = dlt_dz_read(lr->dz, buf, n);
		if (r < 0 && dlt_dz_error(lr->dz) != NULL)
			lr->dz_error = dlt_dz_error(lr->dz);
		return (r);
	}
	if (lr->sniffed || n < DLT_DZ_MAGIC_MAX)
		return (read(lr->fd, buf, n));
	lr->sniffed = 1;
	/* enough bytes for every magic, unless the file is shorter */
	if ((r = read_least(lr, fd_read, buf, n, DLT_DZ_MAGIC_MAX)) < 0)
		return (-1);
	got = (size_t)r;
	if ((f = dlt_dz_sniff((unsigned char *)buf, got)) == DLT_DZ_NONE)
		return ((ssize_t)got);
	lr->dz = dlt_dz_new(f, lr->fd, buf, got);
	lr->dz_format = dlt_dz_name(f);
	return (src_read(lr, buf, n));
}

#define U16_CHUNK	(64 * 1024)

/*
 * UTF-16 (big-endian when be) in[0..n) into UTF-8 at out (room for cap
 * bytes): a surrogate pair is one character, a lone half U+FFFD, and an
 * odd last byte U+FFFD once eof says no more will come.  Stops before a
 * character that does not fit, or a pair's first half whose second may
 * still come.  Returns the bytes written; *used, the bytes decoded.
 */
size_t
dlt_utf16_decode(const unsigned char *in, size_t n, int be, int eof, char *out,
    size_t cap, size_t *used)
{
	size_t		i = 0, o = 0;
	unsigned	u, lo;

	while (o + 4 <= cap) {
		if (n - i < 2) {
			if (n - i == 1 && eof) {
				i++;
				u = 0xfffd;
			} else
				break;
		} else {
			u = be ? (unsigned)in[i] << 8 | in[i + 1] :
			    (unsigned)in[i + 1] << 8 | in[i];
			if (u >= 0xd800 && u <= 0xdbff) {
				if (n - i < 4 && !eof)
					break;	/* its other half is still to come */
				lo = n - i < 4 ? 0 : be ?
				    (unsigned)in[i + 2] << 8 | in[i + 3] :
				    (unsigned)in[i + 3] << 8 | in[i + 2];
				if (lo >= 0xdc00 && lo <= 0xdfff) {
					u = 0x10000 + ((u - 0xd800) << 10) +
					    (lo - 0xdc00);
					i += 2;
				} else
					u = 0xfffd;
			} else if (u >= 0xdc00 && u <= 0xdfff)
				u = 0xfffd;
			i += 2;
		}
		o += dlt_utf8_put(out + o, u);
	}
	*used = i;
	return (o);
}

int
dlt_utf16_bom(const unsigned char *p, size_t n)
{
	if (n >= 2 && p[0] == 0xff && p[1] == 0xfe)
		return (1);
	if (n >= 2 && p[0] == 0xfe && p[1] == 0xff)
		return (2);
	return (0);
}

/* The bytes of lr->u16 into UTF-8 at out (n bytes); those decoded leave it. */
static size_t
utf16_decode(struct dlt_logread *lr, char *out, size_t n)
{
	size_t	o, used;

	o = dlt_utf16_decode(lr->u16, lr->u16len, lr->utf16 == 2, lr->u16eof,
	    out, n, &used);
	memmove(lr->u16, lr->u16 + used, lr->u16len - used);
	lr->u16len -= used;
	return (o);
}

/*
 * The log's text, as src_read gives its bytes: a byte order mark at its
 * start tells UTF-8 (the mark is dropped) or UTF-16, little- or
 * big-endian, which is read as UTF-8.  Without a mark the bytes are
 * taken as they are.
 */
static ssize_t
text_read(struct dlt_logread *lr, char *buf, size_t n)
{
	const unsigned char	*b = (const unsigned char *)buf;
	char			 tmp[4];
	ssize_t			 r;
	size_t			 got = 0, o;

	if (!lr->text_sniffed) {
		lr->text_sniffed = 1;
		if ((r = read_least(lr, src_read, buf, n, 3)) < 0)
			return (-1);
		got = (size_t)r;
		if (got >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf) {
			memmove(buf, buf + 3, got - 3);
			if (got > 3)
				return ((ssize_t)(got - 3));
			return (text_read(lr, buf, n));
		}
		if ((lr->utf16 = dlt_utf16_bom(b, got)) == 0)
			return ((ssize_t)got);
		/* the first read may have brought more than a chunk */
		lr->u16cap = got - 2 > U16_CHUNK ? got - 2 : U16_CHUNK;
		lr->u16 = xmalloc(lr->u16cap);
		memcpy(lr->u16, buf + 2, got - 2);
		lr->u16len = got - 2;
	}
	if (lr->utf16 == 0)
		return (src_read(lr, buf, n));
	/* a character's bytes that the last call had no room for */
	if (lr->nu8 > 0) {
		o = n < lr->nu8 ? n : lr->nu8;
		memcpy(buf, lr->u8, o);
		memmove(lr->u8, lr->u8 + o, lr->nu8 - o);
		lr->nu8 -= o;
		return ((ssize_t)o);
	}
	for (;;) {
		if (n >= 4)
			o = utf16_decode(lr, buf, n);
		else {
			/* room for less than a character: keep the rest */
			o = utf16_decode(lr, tmp, sizeof tmp);
			if (o > n) {
				memcpy(lr->u8, tmp + n, o - n);
				lr->nu8 = o - n;
				o = n;
			}
			memcpy(buf, tmp, o);
		}
		if (o > 0)
			return ((ssize_t)o);
		if (lr->u16eof || n == 0)
			return (0);
		r = src_read(lr, (char *)lr->u16 + lr->u16len, lr->u16cap - lr->u16len);
		if (r < 0)
			return (r);
		if (r == 0)
			lr->u16eof = 1;
		lr->u16len += (size_t)r;
	}
}

static int
fill(struct dlt_logread *lr)
{
	ssize_t	n;
	size_t	added = 0;

	if (lr->eof || lr->fd == -1)
		return (0);
	if (lr->start > 0) {
		hash_upto(lr, lr->start);
		lr->hpos -= lr->start;
		memmove(lr->buf, lr->buf + lr->start, lr->len - lr->start);
		lr->buf_mid = lr->mid_line;
		lr->len -= lr->start;
		lr->last_start = lr->last_start >= lr->start ?
		    lr->last_start - lr->start : 0;
		lr->start = 0;
	}
	while (lr->len < lr->alloc) {
		n = text_read(lr, lr->buf + lr->len, lr->alloc - lr->len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			lr->error = errno;
			lr->eof = 1;
			break;
		}
		if (n == 0) {
			lr->eof = 1;
			break;
		}
		keep_head(lr, lr->buf + lr->len, (size_t)n);
		lr->total += (uint64_t)n;
		lr->len += (size_t)n;
		added += (size_t)n;
		/* enough for a line or so: do not insist on filling */
		if (memchr(lr->buf + lr->len - (size_t)n, '\n', (size_t)n) != NULL &&
		    lr->len >= lr->alloc / 2)
			break;
	}
	return (added > 0);
}

/*
 * The newlines in p[0..n).  With SSE2 (every x86-64), sixteen bytes a
 * step: a byte counter per lane counts the lanes that held '\n', summed
 * at least every 255 steps, before a counter could wrap; memchr from
 * line to line did a call per line.  The tail, and other machines, by
 * memchr.
 */
static long
count_newlines(const char *p, size_t n)
{
	const char	*e, *q;
	long		 c = 0;

#if defined(__SSE2__)
	const __m128i	 nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
	__m128i		 acc, sum;
	size_t		 k;

	while (n >= 16) {
		k = n / 16 > 255 ? 255 : n / 16;
		n -= k * 16;
		acc = zero;
		for (; k > 0; k--, p += 16)
			acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(
			    _mm_loadu_si128((const __m128i *)(const void *)p), nl));
		sum = _mm_sad_epu8(acc, zero);
		c += _mm_cvtsi128_si32(sum) + _mm_extract_epi16(sum, 4);
	}
#endif
	e = p + n;
	while (p < e && (q = memchr(p, '\n', (size_t)(e - p))) != NULL) {
		c++;
		p = q + 1;
	}
	return (c);
}

/*
 * The length of the terminal escape sequence at p[0..n) (p[0] is ESC),
 * or 0 when it is not a whole one: a CSI (ESC [ parameters final, the
 * colours and cursor moves of coloured logs), a string sequence (ESC ]
 * OSC, ESC _ APC, ESC P DCS, ESC ^ PM, ESC X SOS, ended by BEL or ESC and
 * a backslash: a terminal title, a link, Buildkite's "ESC _bk;t=... BEL"
 * time stamps), or a two-byte sequence, ESC and one of 0x40..0x5f.
 */
static size_t
escape_len(const char *p, size_t n)
{
	size_t	i;

	if (n < 2)
		return (0);
	if (p[1] == '[') {
		for (i = 2; i < n && (unsigned char)p[i] >= 0x20 &&
		    (unsigned char)p[i] <= 0x3f; i++)
			;
		if (i < n && (unsigned char)p[i] >= 0x40 && (unsigned char)p[i] <= 0x7e)
			return (i + 1);
		return (0);
	}
	if (p[1] == ']' || p[1] == '_' || p[1] == 'P' || p[1] == '^' || p[1] == 'X') {
		for (i = 2; i < n; i++) {
			if (p[i] == '\a')
				return (i + 1);
			if (p[i] == '\033' && i + 1 < n && p[i + 1] == '\\')
				return (i + 2);
		}
		return (0);
	}
	if ((unsigned char)p[1] >= 0x40 && (unsigned char)p[1] <= 0x5f)
		return (2);
	return (0);
}

/*
 * A line as the terminal showed it: its escape sequences taken out, in
 * place.  The text left is moved to the line's end and the bytes freed
 * before it are made one escape sequence of their own, so that the line
 * read again after dlt_logread_unread comes out the same.
 */
static void
strip_escapes(struct dlt_line *line, char *text)
{
	size_t	i, k, n = 0, freed;

	for (i = 0; i < line->len; ) {
		k = text[i] == '\033' ? escape_len(text + i, line->len - i) : 0;
		if (k > 0) {
			i += k;
			continue;
		}
		text[n++] = text[i++];
	}
	freed = line->len - n;	/* 0, or 2 or more: a sequence has two bytes at least */
	if (freed == 0)
		return;
	memmove(text + freed, text, n);
	text[0] = '\033';
	if (freed == 2)
		text[1] = '@';
	else {
		text[1] = '[';
		memset(text + 2, '0', freed - 3);
		text[freed - 1] = 'm';
	}
	line->text = text + freed;
	line->len = n;
}

/* Whether s[at..at+k) are k decimal digits within s[0..n). */
static int
digits(const char *s, size_t n, size_t at, size_t k)
{
	size_t	i;

	if (at + k > n)
		return (0);
	for (i = at; i < at + k; i++)
		if (s[i] < '0' || s[i] > '9')
			return (0);
	return (1);
}

/* The index of the first byte at or after at in s[0..n) that is no digit. */
static size_t
digits_end(const char *s, size_t n, size_t at)
{
	while (at < n && s[at] >= '0' && s[at] <= '9')
		at++;
	return (at);
}

/* Whether s[at..at+8) within s[0..n) is a time of day, "HH:MM:SS". */
static int
clock_at(const char *s, size_t n, size_t at)
{
	return (digits(s, n, at, 2) && digits(s, n, at + 3, 2) && digits(s, n, at + 6, 2) &&
	    s[at + 2] == ':' && s[at + 5] == ':');
}

/*
 * The length of the RFC 3339 time at s[0..n) with its zone
 * ("2026-12-06T11:28:25.581Z", "...+01:00"), or 0.
 */
static size_t
rfc3339_len(const char *s, size_t n)
{
	size_t	i;

	if (!(n > 20 && digits(s, n, 0, 4) && s[4] == '-' && digits(s, n, 5, 2) &&
	    s[7] == '-' && digits(s, n, 8, 2) && s[10] == 'T' && clock_at(s, n, 11)))
		return (0);
	i = 19;
	if (i < n && (s[i] == '.' || s[i] == ','))
		i = digits_end(s, n, i + 1);
	if (i < n && s[i] == 'Z')
		return (i + 1);
	if (i < n && (s[i] == '+' || s[i] == '-') && digits(s, n, i + 1, 2)) {
		i += 3;
		if (i < n && s[i] == ':')
			i++;
		return (digits(s, n, i, 2) ? i + 2 : 0);
	}
	return (0);
}

/*
 * The length of a syslog or journald line's head, "Dec  6 11:29:25 host
 * tag[pid]: " (RFC 3164's time, the host, the program and its pid, or
 * the program alone), or 0.
 */
static size_t
syslog_len(const char *s, size_t n)
{
	static const char	months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	size_t			i, m;

	if (n < 20 || s[3] != ' ' || s[0] < 'A' || s[0] > 'S')
		return (0);
	for (m = 0; m < 36; m += 3)
		if (memcmp(s, months + m, 3) == 0)
			break;
	if (m == 36)
		return (0);
	i = 4;
	if (s[i] == ' ')
		i++;
	if (!digits(s, n, i, 1))
		return (0);
	i = digits_end(s, n, i);
	if (!(i + 10 < n && s[i] == ' ' && clock_at(s, n, i + 1) && s[i + 9] == ' '))
		return (0);
	/* the host, then the program up to its pid or the colon */
	for (i += 10; i < n && s[i] != ' ' && s[i] != ':'; i++)
		;
	if (i >= n || s[i] != ' ')
		return (0);
	for (m = ++i; i < n && s[i] != ' ' && s[i] != ':' && s[i] != '['; i++)
		;
	if (i == m || i >= n)
		return (0);
	if (s[i] == '[') {
		if (!digits(s, n, i + 1, 1))
			return (0);
		i = digits_end(s, n, i + 1);
		if (i >= n || s[i] != ']')
			return (0);
		i++;
	}
	return (i + 1 < n && s[i] == ':' && s[i + 1] == ' ' ? i + 2 : 0);
}

/*
 * The length of the head that PyTorch's logging (torch._logging) puts
 * before every line of a record, the lines of a traceback it logs
 * included: a level letter, "MMDD HH:MM:SS.ffffff", the pid, the Python
 * file and line that logged it, "] ", and the compile's frame and
 * attempt when there is one ("I1206 11:29:52.048000 17041
 * torch/_dynamo/convert_frame.py:2413] [0/0_1] "); or 0.  Only at the
 * levels of a record that reports a problem, E and W: a traceback
 * logged at I, V or D is one Dynamo handled and reports as it goes on (a
 * graph break it falls back from), no failure, and keeps its head.
 * Native glog and absl lines (a .cc file's) keep theirs: their level and
 * file are evidence (a fatal log, TensorFlow's sources).
 */
static size_t
torchlog_len(const char *s, size_t n)
{
	size_t	i, k;

	if (n < 30 || (s[0] != 'E' && s[0] != 'W') || !digits(s, n, 1, 4) ||
	    s[5] != ' ' || !clock_at(s, n, 6) || s[14] != '.' || !digits(s, n, 15, 6) ||
	    s[21] != ' ' || !digits(s, n, 22, 1))
		return (0);
	i = digits_end(s, n, 22);
	if (i >= n || s[i] != ' ')
		return (0);
	for (++i; i < n && s[i] != ' ' && s[i] != ']'; i++)
		;
	/* the path and line: "...py:2413" */
	for (k = i; k > 0 && s[k - 1] >= '0' && s[k - 1] <= '9'; k--)
		;
	if (k == i || k < 4 || s[k - 1] != ':' || memcmp(s + k - 4, ".py", 3) != 0)
		return (0);
	if (i + 1 >= n || s[i] != ']' || s[i + 1] != ' ')
		return (0);
	i += 2;
	/* the compile's frame and attempt: "[0/0] ", "[1/2_1] " */
	if (i + 5 < n && s[i] == '[' && s[i + 1] >= '0' && s[i + 1] <= '9') {
		for (k = i + 1; k < n && ((s[k] >= '0' && s[k] <= '9') || s[k] == '/' ||
		    s[k] == '_'); k++)
			;
		if (k + 1 < n && s[k] == ']' && s[k + 1] == ' ')
			i = k + 2;
	}
	return (i);
}

/*
 * The length of kubectl logs --prefix's "[pod/NAME/CONTAINER] " at
 * s[0..n) (s[0] is '['), or 0.
 */
static size_t
kubectl_len(const char *s, size_t n)
{
	size_t	i, slashes = 0;

	for (i = 1; i < n && s[i] >= 'a' && s[i] <= 'z'; i++)
		;
	for (; i < n && s[i] != ']' && s[i] != ' '; i++)
		if (s[i] == '/')
			slashes++;
	return (slashes == 2 && i + 1 < n && s[i] == ']' && s[i + 1] == ' ' ? i + 2 : 0);
}

/*
 * The length of a prefix that whatever carried the program's output put
 * before each of its lines, or 0: an RFC 3339 time with its zone and a
 * blank (GitHub Actions' raw logs, docker logs -t, kubectl --timestamps),
 * a launcher's tag of the process, "[rank0]: " (PyTorch's elastic
 * launcher; any role name and number: "[trainer1]:", "[trainer1|1]:",
 * or a blank for the colon: "[host1] "),
 * Open MPI's "[1,0]<stderr>:", Ray's "(Worker pid=7, ip=10.0.0.2) ",
 * Docker BuildKit's "#12 3.456 ", the task's number that srun -l and
 * ctest put before each line ("0: ", "1| "), Docker Compose's
 * service and replica padded to one width ("worker-1  | "),
 * GitHub Actions' workflow commands that annotate a message
 * ("::error file=t.py,line=11,title=T::", "::warning::"), Jenkins'
 * timestamper ("[2026-12-06T11:28:25.581Z] "), syslog's and journald's
 * "Dec  6 11:29:25 host prog[pid]: ", kubectl logs --prefix's
 * "[pod/NAME/CONTAINER] ", honcho's and foreman's "11:29:03 web.1 | ",
 * and PyTorch's logging's head on a record logged at E or W
 * ("E1206 11:29:52.048000 17041 torch/_dynamo/convert_frame.py:2413]
 * [0/0] ").
 * A program never prints these itself, and a traceback under them reads
 * as one only once they are gone.
 */
static size_t
transport_prefix(const char *s, size_t n)
{
	static const char *const	annotations[] = {
		"::error", "::warning", "::notice", "::debug"
	};
	const char			*e;
	size_t				 i, k;

	if (n > 4 && s[0] == ':' && s[1] == ':') {
		for (i = 0; i < sizeof annotations / sizeof annotations[0]; i++) {
			k = strlen(annotations[i]);
			/* the command, its parameters after a blank, then "::" */
			if (n > k + 2 && memcmp(s, annotations[i], k) == 0 &&
			    (s[k] == ':' || s[k] == ' ') &&
			    (e = memmem(s + k, n - k, "::", 2)) != NULL)
				return ((size_t)(e - s) + 2);
		}
		return (0);
	}

	if ((i = rfc3339_len(s, n)) > 0)
		return (i < n && s[i] == ' ' ? i + 1 : 0);
	if ((i = syslog_len(s, n)) > 0)
		return (i);
	if ((i = torchlog_len(s, n)) > 0)
		return (i);
	/* Jenkins' timestamper: "[2026-12-06T11:28:25.581Z] " */
	if (n > 22 && s[0] == '[' && (i = rfc3339_len(s + 1, n - 1)) > 0)
		return (i + 3 < n && s[i + 1] == ']' && s[i + 2] == ' ' ? i + 3 : 0);
	if (n > 8 && s[0] == '[' && s[1] >= 'a' && s[1] <= 'z' &&
	    (i = kubectl_len(s, n)) > 0)
		return (i);
	if (n > 3 && s[0] == '[') {
		/* [role<N>]: with a role of letters and _ */
		for (i = 1; i < n && ((s[i] >= 'a' && s[i] <= 'z') || s[i] == '_' ||
		    (s[i] >= 'A' && s[i] <= 'Z')); i++)
			;
		if (i > 1 && i < n && s[i] >= '0' && s[i] <= '9') {
			i = digits_end(s, n, i);
			/* [trainer1|1]: the local and the global rank */
			if (i + 1 < n && s[i] == '|' && s[i + 1] >= '0' && s[i + 1] <= '9')
				i = digits_end(s, n, i + 1);
			if (i + 1 < n && s[i] == ']' && s[i + 1] == ':')
				return (i + 2 < n && s[i + 2] == ' ' ? i + 3 : i + 2);
			/* a launcher's "[host1] ", "[worker0] " */
			if (i + 1 < n && s[i] == ']' && s[i + 1] == ' ')
				return (i + 2);
			return (0);
		}
		/* [job,rank]<stdout>: or <stderr>: */
		i = digits_end(s, n, 1);
		if (i == 1 || i >= n || s[i] != ',')
			return (0);
		i = digits_end(s, n, i + 1);
		if (i + 10 <= n && (memcmp(s + i, "]<stdout>:", 10) == 0 ||
		    memcmp(s + i, "]<stderr>:", 10) == 0))
			return (i + 10);
		return (0);
	}
	if (n > 4 && s[0] == '#' && s[1] >= '0' && s[1] <= '9') {
		/*
		 * Docker BuildKit's plain progress: the step's number and
		 * the seconds since it began ("#12 3.456 "), before each
		 * line a step's command printed (a gdb frame, "#0  0x...",
		 * has no such number)
		 */
		i = digits_end(s, n, 1);
		if (i >= n || s[i] != ' ' || !digits(s, n, i + 1, 1))
			return (0);
		i = digits_end(s, n, i + 1);
		if (i >= n || s[i] != '.' || !digits(s, n, i + 1, 1))
			return (0);
		i = digits_end(s, n, i + 1);
		return (i < n && s[i] == ' ' ? i + 1 : 0);
	}
	if (n > 12 && clock_at(s, n, 0) && s[8] == ' ') {
		/*
		 * honcho's and foreman's: the time, the process type and its
		 * number, blanks to the longest name's width, then "| "
		 * ("11:29:03 train.1 | ")
		 */
		for (i = 9; i < n && i < 72 && (isalnum((unsigned char)s[i]) ||
		    s[i] == '-' || s[i] == '_'); i++)
			;
		if (i == 9 || i + 1 >= n || s[i] != '.' || !digits(s, n, i + 1, 1))
			return (0);
		i = digits_end(s, n, i + 1);
		for (k = i; k < n && s[k] == ' '; k++)
			;
		return (k > i && k + 1 < n && s[k] == '|' && s[k + 1] == ' ' ? k + 2 : 0);
	}
	if (n > 3 && s[0] >= '0' && s[0] <= '9') {
		/* srun -l's and ctest's task number: "0: ", "12| " */
		for (i = 1; i < n && i < 6 && s[i] >= '0' && s[i] <= '9'; i++)
			;
		if (i + 1 < n && (s[i] == ':' || s[i] == '|') && s[i + 1] == ' ')
			return (i + 2);
		return (0);
	}
	if (n > 8 && ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) {
		/*
		 * Docker Compose: the service's name and replica number
		 * ("worker-1", "app_2"), blanks to the longest name's width,
		 * then "| "
		 */
		for (i = 1; i < n && i < 64 && (isalnum((unsigned char)s[i]) ||
		    s[i] == '-' || s[i] == '_' || s[i] == '.'); i++)
			;
		if (i < 3 || i >= n || s[i] != ' ')
			return (0);
		for (k = i; k > 1 && s[k - 1] >= '0' && s[k - 1] <= '9'; k--)
			;
		if (k == i || !(s[k - 1] == '-' || s[k - 1] == '_'))
			return (0);
		for (k = i; k < n && s[k] == ' '; k++)
			;
		if (k + 1 < n && s[k] == '|' && s[k + 1] == ' ')
			return (k + 2);
		return (0);
	}
	if (n > 8 && s[0] == '(') {
		/* Ray's worker tag: (pid=N), (Name pid=N), (Name pid=N, ip=A) */
		for (i = 1; i < n && s[i] != ')' && s[i] != '=' && s[i] != ' '; i++)
			;
		if (i < n && s[i] == ' ')
			i++;
		else
			i = 1;		/* no name: (pid=N) */
		if (i + 4 > n || memcmp(s + i, "pid=", 4) != 0 || !digits(s, n, i + 4, 1))
			return (0);
		i = digits_end(s, n, i + 4);
		if (i + 5 < n && memcmp(s + i, ", ip=", 5) == 0)
			for (i += 5; i < n && ((s[i] >= '0' && s[i] <= '9') ||
			    s[i] == '.' || s[i] == ':' || (s[i] >= 'a' && s[i] <= 'f')); i++)
				;
		if (i + 1 < n && s[i] == ')' && s[i + 1] == ' ')
			return (i + 2);
	}
	return (0);
}

/*
 * A line as the terminal showed it, in place: NUL bytes as blanks (one
 * would cut the strings made from the line), its escape sequences
 * taken out, and up to two prefixes a log's carrier put before it (an
 * escape may colour the prefix; two prefixes may stack).
 */
static void
clean_line(struct dlt_line *line, char *text)
{
	char	*nul;
	size_t	 skip;
	int	 k;

	for (nul = memchr(text, '\0', line->len); nul != NULL;
	    nul = memchr(nul, '\0', line->len - (size_t)(nul - text)))
		*nul = ' ';
	if (memchr(text, '\033', line->len) != NULL)
		strip_escapes(line, text);
	for (k = 0; k < 2 && line->len > 0 &&
	    (skip = transport_prefix(line->text, line->len)) > 0; k++) {
		line->text += skip;
		line->len -= skip;
	}
}

/*
 * The end of the JSON string whose opening quote is s[at]: the index
 * after its closing quote, or 0 when it does not close on the line.
 * *nl says whether it holds an escaped line break.
 */
static size_t
json_string_end(const char *s, size_t n, size_t at, int *nl)
{
	size_t	i;

	*nl = 0;
	for (i = at + 1; i < n; i++) {
		if (s[i] == '"')
			return (i + 1);
		if (s[i] == '\\') {
			if (++i >= n)
				return (0);
			if (s[i] == 'n' || s[i] == 'r')
				*nl = 1;
		}
	}
	return (0);
}

/*
 * The text of the JSON string s[0..n) (between its quotes) into out, as
 * it would print: escapes decoded, "\r\n" and "\r" as line breaks, the
 * line breaks at its end dropped.  out has room for n bytes: no escape
 * decodes to more bytes than it takes.  Returns the length.
 */
static size_t
json_decode(const char *s, size_t n, char *out)
{
	size_t		i, o = 0;
	unsigned	u, lo;

	for (i = 0; i < n; i++) {
		if (s[i] != '\\' || i + 1 >= n) {
			out[o++] = s[i];
			continue;
		}
		switch (s[++i]) {
		case 'n':
			out[o++] = '\n';
			break;
		case 'r':
			if (!(i + 2 < n && s[i + 1] == '\\' && s[i + 2] == 'n'))
				out[o++] = '\n';
			break;
		case 't':
			out[o++] = '\t';
			break;
		case 'b':
		case 'f':
			out[o++] = ' ';
			break;
		case 'u':
			if (i + 4 >= n || !dlt_json_hex4(s + i + 1, &u)) {
				out[o++] = '\\';
				out[o++] = 'u';
				break;
			}
			i += 4;
			/* a surrogate pair is one character; a lone half is U+FFFD */
			if (u >= 0xd800 && u <= 0xdbff && i + 6 < n &&
			    s[i + 1] == '\\' && s[i + 2] == 'u' &&
			    dlt_json_hex4(s + i + 3, &lo) && lo >= 0xdc00 && lo <= 0xdfff) {
				u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
				i += 6;
			} else if (u >= 0xd800 && u <= 0xdfff)
				u = 0xfffd;
			o += dlt_utf8_put(out + o, u == 0 ? ' ' : u);
			break;
		default:	/* \" \\ \/, and what JSON has not: as written */
			if (s[i] != '"' && s[i] != '\\' && s[i] != '/')
				out[o++] = '\\';
			out[o++] = s[i];
			break;
		}
	}
	while (o > 0 && (out[o - 1] == '\n' || out[o - 1] == ' ' ||
	    out[o - 1] == '\t'))
		o--;
	return (o);
}

/*
 * Whether line is one JSON object ("{" to "}") with string values that
 * hold escaped line breaks, as a structured logger or a test tool writes
 * a record a line; if so, the lines to read instead are made: the
 * object with those values cut to "...", then each value's lines.
 */
static int
json_record(struct dlt_logread *lr, const struct dlt_line *line)
{
	const char	*s = line->text;
	size_t		 n = line->len, i, e, o, first = 0, last;
	int		 nl, any = 0;

	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	while (first < n && (s[first] == ' ' || s[first] == '\t'))
		first++;
	if (n - first < 8 || s[first] != '{' || s[n - 1] != '}' ||
	    (memmem(s, n, "\\n", 2) == NULL && memmem(s, n, "\\r", 2) == NULL))
		return (0);
	/* the strings must all close: a line cut or not JSON stays as it is */
	for (i = first; i < n; i++)
		if (s[i] == '"') {
			if ((e = json_string_end(s, n, i, &nl)) == 0)
				return (0);
			any |= nl;
			i = e - 1;
		}
	if (!any)
		return (0);
	free(lr->rec);
	lr->rec = xmalloc(2 * n + 1);
	/* the object, each value with line breaks cut to "..." */
	for (o = 0, i = first; i < n; i++) {
		if (s[i] != '"') {
			lr->rec[o++] = s[i];
			continue;
		}
		e = json_string_end(s, n, i, &nl);
		if (nl) {
			memcpy(lr->rec + o, "\"...\"", 5);
			o += 5;
		} else {
			memcpy(lr->rec + o, s + i, e - i);
			o += e - i;
		}
		i = e - 1;
	}
	/* then the lines each value holds */
	for (i = first; i < n; i++)
		if (s[i] == '"') {
			e = json_string_end(s, n, i, &nl);
			if (nl) {
				last = o;
				lr->rec[o++] = '\n';
				o += json_decode(s + i + 1, e - i - 2, lr->rec + o);
				if (o == last + 1)
					o = last;
			}
			i = e - 1;
		}
	lr->reclen = o;
	lr->recpos = 0;
	lr->reclineno = line->lineno;
	return (1);
}

/* The next line of the record being read, cleaned; 0 when it is done. */
static int
record_next(struct dlt_logread *lr, struct dlt_line *line)
{
	char	*text, *nl;

	if (lr->rec == NULL)
		return (0);
	if (lr->recpos >= lr->reclen) {
		free(lr->rec);
		lr->rec = NULL;
		return (0);
	}
	lr->last_in_rec = 1;
	lr->last_recpos = lr->recpos;
	line->text = text = lr->rec + lr->recpos;
	nl = memchr(text, '\n', lr->reclen - lr->recpos);
	line->len = nl != NULL ? (size_t)(nl - text) : lr->reclen - lr->recpos;
	lr->recpos += line->len + (nl != NULL);
	line->lineno = lr->reclineno;
	line->partial = 0;
	if (line->len > 0 && text[line->len - 1] == '\r')
		line->len--;
	clean_line(line, text);
	return (1);
}

int
dlt_logread_next(struct dlt_logread *lr, struct dlt_line *line)
{
	char	*nl, *text;
	size_t	 avail;

	if (record_next(lr, line))
		return (1);
	for (;;) {
		avail = lr->len - lr->start;
		nl = avail ? memchr(lr->buf + lr->start, '\n', avail) : NULL;
		if (nl != NULL || (lr->eof && avail > 0) ||
		    (avail == lr->alloc)) {
			lr->last_start = lr->start;
			lr->last_lineno = lr->lineno;
			lr->last_mid = lr->mid_line;
			lr->last_in_rec = 0;
			line->text = text = lr->buf + lr->start;
			line->lineno = lr->lineno;
			if (nl != NULL) {
				line->len = (size_t)(nl - line->text);
				line->partial = lr->mid_line;
				lr->start += line->len + 1;
				lr->lineno++;
				lr->mid_line = 0;
			} else {
				line->len = avail;
				line->partial = 1;
				lr->start += avail;
				lr->mid_line = !lr->eof;
			}
			if (line->len > 0 && line->text[line->len - 1] == '\r')
				line->len--;
			/*
			 * A NUL byte would cut the strings made from this
			 * line, and escape sequences are not what a terminal
			 * showed; both are changed in place, after the file's
			 * bytes are hashed.
			 */
			if (memchr(text, '\0', line->len) != NULL ||
			    memchr(text, '\033', line->len) != NULL)
				hash_upto(lr, (size_t)(text - lr->buf) + line->len);
			clean_line(line, text);
			/* a record's lines, when the line is whole */
			if (!lr->whole_lines && !lr->last_mid &&
			    (nl != NULL || lr->eof) && json_record(lr, line))
				record_next(lr, line);
			return (1);
		}
		if (!fill(lr))
			if (lr->eof && lr->len - lr->start == 0)
				return (0);
	}
}

int
dlt_logread_prev(const struct dlt_logread *lr, const struct dlt_line *line,
    struct dlt_line *prev)
{
	const char	*s = line->text, *p;

	/* uintptr_t: a record's line is in another object than the window */
	if (lr->buf == NULL || (uintptr_t)s <= (uintptr_t)lr->buf ||
	    (uintptr_t)s > (uintptr_t)(lr->buf + lr->len) ||
	    line->lineno <= 1 || s[-1] != '\n')
		return (0);
	for (p = s - 1; p > lr->buf && p[-1] != '\n'; p--)
		;
	if (p == lr->buf && lr->buf_mid)
		return (0);
	prev->text = p;
	prev->len = (size_t)(s - 1 - p);
	if (prev->len > 0 && p[prev->len - 1] == '\r')
		prev->len--;
	prev->lineno = line->lineno - 1;
	prev->partial = 0;
	return (1);
}

void
dlt_logread_unread(struct dlt_logread *lr)
{
	if (lr->last_in_rec && lr->rec != NULL) {
		lr->recpos = lr->last_recpos;
		return;
	}
	lr->start = lr->last_start;
	lr->lineno = lr->last_lineno;
	lr->mid_line = lr->last_mid;
}

/*
 * The scanner from start to end, taking the hash's steps over the
 * window's bytes as it goes, once the hash is at a word's start.
 */
static int
scan_hashing(struct dlt_logread *lr, const struct dlt_scanner *sc, size_t end,
    size_t *at, int *id)
{
	struct dlt_scan_hash	hs;
	int			found;

	if (!lr->hashing)
		return (dlt_scanner_next(sc, lr->buf, end, lr->start, at, id));
	while (lr->nhpend != 0 && lr->hpos < end)
		hash_upto(lr, lr->hpos + 1);
	if (lr->nhpend != 0)
		return (dlt_scanner_next(sc, lr->buf, end, lr->start, at, id));
	hs.h = lr->hash;
	hs.off = lr->hpos;
	found = dlt_scanner_next_hashing(sc, lr->buf, end, lr->start, at, id, &hs);
	lr->hash = hs.h;
	lr->hpos = hs.off;
	return (found);
}

int
dlt_logread_skip(struct dlt_logread *lr, const struct dlt_scanner *sc)
{
	size_t	 at, end, ls;
	char	*nl;
	int	 id;

	/* the lines of a record being read first */
	if (lr->rec != NULL) {
		if (lr->recpos < lr->reclen &&
		    dlt_scanner_next(sc, lr->rec, lr->reclen, lr->recpos, &at, &id)) {
			nl = at > lr->recpos ?
			    memrchr(lr->rec + lr->recpos, '\n', at - lr->recpos) : NULL;
			lr->recpos = nl != NULL ? (size_t)(nl - lr->rec) + 1 : lr->recpos;
			return (1);
		}
		free(lr->rec);
		lr->rec = NULL;
	}
	for (;;) {
		/* scan only complete lines of the window (or all of it at eof / when full) */
		end = lr->len;
		if (!lr->eof && lr->len - lr->start < lr->alloc) {
			nl = memrchr(lr->buf + lr->start, '\n', lr->len - lr->start);
			end = nl != NULL ? (size_t)(nl - lr->buf) + 1 : lr->start;
		}
		if (end > lr->start && scan_hashing(lr, sc, end, &at, &id)) {
			/* back to the start of the line */
			nl = at > lr->start ?
			    memrchr(lr->buf + lr->start, '\n', at - lr->start) : NULL;
			ls = nl != NULL ? (size_t)(nl - lr->buf) + 1 : lr->start;
			lr->lineno += count_newlines(lr->buf + lr->start, ls - lr->start);
			if (ls > lr->start)
				lr->mid_line = 0;
			lr->start = ls;
			return (1);
		}
		if (end > lr->start) {
			/* keep the last byte in case an anchor straddles pieces of a long line */
			lr->lineno += count_newlines(lr->buf + lr->start, end - lr->start);
			if (lr->buf[end - 1] != '\n')
				lr->mid_line = 1;
			else
				lr->mid_line = 0;
			lr->start = end;
		}
		if (!fill(lr) && lr->eof && lr->start >= lr->len)
			return (0);
		if (lr->eof && lr->start >= lr->len)
			return (0);
	}
}

size_t
dlt_logread_peek(struct dlt_logread *lr, const char **p)
{
	if (lr->len - lr->start < 8192 && !lr->eof)
		fill(lr);
	*p = lr->buf + lr->start;
	return (lr->len - lr->start);
}
