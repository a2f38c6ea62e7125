/*
 * npy.c: reading numpy .npy files; see npy.h.  The header is the repr of
 * a Python dict ({'descr': '<f4', 'fortran_order': False, 'shape': (1,
 * 10), }); it is parsed with a small tokenizer that accepts exactly what
 * numpy's own reader accepts for these three keys and nothing more.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "error.h"
#include "npy.h"
#include "xmalloc.h"

struct hdr {
	const char	*p, *end;
	const char	*name;		/* the file, for messages */
	struct dlt_diags *diags;
};

struct dtype_info {
	const char	*descr;		/* without the byte order */
	const char	*name;
	char		 kind;
	size_t		 itemsize;
};

static const struct dtype_info dtypes[] = {
	{ "f2", "float16", 'f', 2 },
	{ "f4", "float32", 'f', 4 },
	{ "f8", "float64", 'f', 8 },
	{ "i1", "int8", 'i', 1 },
	{ "i2", "int16", 'i', 2 },
	{ "i4", "int32", 'i', 4 },
	{ "i8", "int64", 'i', 8 },
	{ "u1", "uint8", 'u', 1 },
	{ "u2", "uint16", 'u', 2 },
	{ "u4", "uint32", 'u', 4 },
	{ "u8", "uint64", 'u', 8 },
	{ "b1", "bool", 'b', 1 }
};

static int	 fail(struct hdr *, const char *, ...) DLT_PRINTF(2, 3);
static void	 skip_ws(struct hdr *);
static int	 expect(struct hdr *, char, const char *);
static int	 read_str(struct hdr *, char *, size_t, const char *);
static int	 read_descr(struct hdr *, struct dlt_npy *);
static int	 read_bool(struct hdr *, int *);
static int	 read_shape(struct hdr *, struct dlt_npy *);
static int	 parse_header(struct hdr *, struct dlt_npy *);
static uint64_t	 get_le(const unsigned char *, size_t);
static double	 element(const struct dlt_npy *, const unsigned char *);
static void	 convert(struct dlt_npy *, const unsigned char *);

static int
fail(struct hdr *h, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	dlt_diag_vadd(h->diags, h->name, 0, 0, DLT_SEV_ERROR, 0, fmt, ap);
	va_end(ap);
	return (-1);
}

void
dlt_npy_init(struct dlt_npy *a)
{
	memset(a, 0, sizeof *a);
}

void
dlt_npy_release(struct dlt_npy *a)
{
	free(a->values);
	dlt_npy_init(a);
}

static void
skip_ws(struct hdr *h)
{
	while (h->p < h->end && (*h->p == ' ' || *h->p == '\t' ||
	    *h->p == '\n' || *h->p == '\r'))
		h->p++;
}

static int
expect(struct hdr *h, char c, const char *where)
{
	skip_ws(h);
	if (h->p >= h->end || *h->p != c)
		return (fail(h, "bad header: expected '%c' %s", c, where));
	h->p++;
	return (0);
}

/* A quoted Python string without escapes, into buf. */
static int
read_str(struct hdr *h, char *buf, size_t size, const char *what)
{
	const char	*start;
	char		 q;
	size_t		 len;

	skip_ws(h);
	if (h->p >= h->end || (*h->p != '\'' && *h->p != '"'))
		return (fail(h, "bad header: expected a quoted %s", what));
	q = *h->p++;
	start = h->p;
	while (h->p < h->end && *h->p != q && *h->p != '\\' && *h->p != '\n')
		h->p++;
	if (h->p >= h->end || *h->p != q)
		return (fail(h, "bad header: unterminated %s", what));
	len = (size_t)(h->p - start);
	h->p++;
	if (len >= size)
		return (fail(h, "bad header: %s of %zu bytes is too long", what,
		    len));
	memcpy(buf, start, len);
	buf[len] = '\0';
	return (0);
}

static int
read_descr(struct hdr *h, struct dlt_npy *a)
{
	char	buf[64], *q;
	size_t	i;

	skip_ws(h);
	if (h->p < h->end && *h->p == '[')
		return (fail(h, "structured arrays are not supported"));
	if (read_str(h, buf, sizeof buf, "'descr'") == -1)
		return (-1);
	q = dlt_msg_quote(buf, strlen(buf));
	if (buf[0] == '>' && buf[1] != '\0' && buf[2] != '1') {
		fail(h, "big-endian dtype '%s' is not supported", q);
		free(q);
		return (-1);
	}
	if (strchr("<>|=", buf[0]) == NULL || strchr("OSUVcmM", buf[1]) != NULL) {
		if (strchr("<>|=", buf[0]) != NULL && buf[1] == 'O')
			fail(h, "object arrays ('%s') are not supported", q);
		else
			fail(h, "unsupported dtype '%s'", q);
		free(q);
		return (-1);
	}
	for (i = 0; i < sizeof dtypes / sizeof dtypes[0]; i++) {
		if (strcmp(buf + 1, dtypes[i].descr) != 0)
			continue;
		/* '|' only for bytes, '<' '=' (numpy on x86) for the rest */
		if (dtypes[i].itemsize > 1 && buf[0] == '|')
			break;
		memcpy(a->descr, buf, strlen(buf) + 1);
		a->dtype = dtypes[i].name;
		a->kind = dtypes[i].kind;
		a->itemsize = dtypes[i].itemsize;
		free(q);
		return (0);
	}
	fail(h, "unsupported dtype '%s'", q);
	free(q);
	return (-1);
}

static int
read_bool(struct hdr *h, int *v)
{
	skip_ws(h);
	if (h->end - h->p >= 4 && memcmp(h->p, "True", 4) == 0) {
		h->p += 4;
		*v = 1;
		return (0);
	}
	if (h->end - h->p >= 5 && memcmp(h->p, "False", 5) == 0) {
		h->p += 5;
		*v = 0;
		return (0);
	}
	return (fail(h, "bad header: 'fortran_order' must be True or False"));
}

/* (), (n,), (a, b), with the element count checked for overflow. */
static int
read_shape(struct hdr *h, struct dlt_npy *a)
{
	uint64_t	d;
	size_t		count = 1;
	int		overflow = 0;

	if (expect(h, '(', "before the shape") == -1)
		return (-1);
	a->rank = 0;
	for (;;) {
		skip_ws(h);
		if (h->p < h->end && *h->p == ')') {
			h->p++;
			break;
		}
		if (h->p >= h->end || *h->p < '0' || *h->p > '9')
			return (fail(h, "bad header: a dimension must be a "
			    "non-negative integer"));
		d = 0;
		while (h->p < h->end && *h->p >= '0' && *h->p <= '9') {
			if (d > (UINT64_MAX - 9) / 10)
				return (fail(h, "bad header: dimension %d is too "
				    "large", a->rank));
			d = d * 10 + (uint64_t)(*h->p++ - '0');
		}
		if (h->p < h->end && *h->p == 'L')	/* Python 2's long */
			h->p++;
		if (a->rank >= DLT_NPY_MAXRANK)
			return (fail(h, "bad header: more than %d dimensions",
			    DLT_NPY_MAXRANK));
		a->shape[a->rank++] = d;
		if (d != 0 && count > SIZE_MAX / d)
			overflow = 1;
		else
			count *= (size_t)d;
		skip_ws(h);
		if (h->p < h->end && *h->p == ',')
			h->p++;
		else if (h->p >= h->end || *h->p != ')')
			return (fail(h, "bad header: expected ',' or ')' in the "
			    "shape"));
	}
	/* a zero dimension makes any product 0, so only then is it fine */
	for (d = 0; d < (uint64_t)a->rank; d++)
		if (a->shape[d] == 0)
			overflow = 0, count = 0;
	if (overflow)
		return (fail(h, "shape has too many elements"));
	a->count = count;
	return (0);
}

static int
parse_header(struct hdr *h, struct dlt_npy *a)
{
	char	key[32], *q;
	int	seen = 0, bit;

	if (expect(h, '{', "at the start of the header") == -1)
		return (-1);
	for (;;) {
		skip_ws(h);
		if (h->p < h->end && *h->p == '}') {
			h->p++;
			break;
		}
		if (read_str(h, key, sizeof key, "key") == -1)
			return (-1);
		if (expect(h, ':', "after a key") == -1)
			return (-1);
		if (strcmp(key, "descr") == 0) {
			bit = 1;
			if (!(seen & bit) && read_descr(h, a) == -1)
				return (-1);
		} else if (strcmp(key, "fortran_order") == 0) {
			bit = 2;
			if (!(seen & bit) && read_bool(h, &a->fortran_order) == -1)
				return (-1);
		} else if (strcmp(key, "shape") == 0) {
			bit = 4;
			if (!(seen & bit) && read_shape(h, a) == -1)
				return (-1);
		} else {
			q = dlt_msg_quote(key, strlen(key));
			fail(h, "bad header: unknown key '%s'", q);
			free(q);
			return (-1);
		}
		if (seen & bit)
			return (fail(h, "bad header: duplicate key '%s'", key));
		seen |= bit;
		skip_ws(h);
		if (h->p < h->end && *h->p == ',')
			h->p++;
		else if (h->p >= h->end || *h->p != '}')
			return (fail(h, "bad header: expected ',' or '}'"));
	}
	skip_ws(h);
	if (h->p != h->end)
		return (fail(h, "bad header: text after the dictionary"));
	if (seen != 7)
		return (fail(h, "bad header: missing '%s'", !(seen & 1) ? "descr" :
		    !(seen & 2) ? "fortran_order" : "shape"));
	return (0);
}

static uint64_t
get_le(const unsigned char *p, size_t n)
{
	uint64_t	v = 0;

	while (n-- > 0)
		v = (v << 8) | p[n];
	return (v);
}

double
dlt_half_to_double(uint16_t h)
{
	int	exp = (h >> 10) & 0x1f;
	int	mant = h & 0x3ff;
	double	v;

	if (exp == 0)
		v = ldexp((double)mant, -24);
	else if (exp == 31)
		v = mant != 0 ? NAN : INFINITY;
	else
		v = ldexp((double)(mant | 0x400), exp - 25);
	return ((h & 0x8000) ? -v : v);
}

double
dlt_bfloat16_to_double(uint16_t b)
{
	uint32_t	bits = (uint32_t)b << 16;
	float		f;

	memcpy(&f, &bits, sizeof f);
	return ((double)f);
}

static double
element(const struct dlt_npy *a, const unsigned char *p)
{
	uint64_t	u = get_le(p, a->itemsize);
	uint32_t	u32;
	float		f;
	double		d;

	switch (a->kind) {
	case 'b':
		return (u != 0 ? 1.0 : 0.0);
	case 'u':
		return ((double)u);
	case 'i':
		/* sign-extend from itemsize bytes */
		if (a->itemsize < 8 && (u >> (a->itemsize * 8 - 1)) & 1)
			u |= UINT64_MAX << (a->itemsize * 8);
		return ((double)(int64_t)u);
	default:
		break;
	}
	if (a->itemsize == 2)
		return (dlt_half_to_double((uint16_t)u));
	if (a->itemsize == 4) {
		u32 = (uint32_t)u;
		memcpy(&f, &u32, sizeof f);
		return ((double)f);
	}
	memcpy(&d, &u, sizeof d);
	return (d);
}

/* Values in C order, whatever the order of the data. */
static void
convert(struct dlt_npy *a, const unsigned char *data)
{
	size_t	idx[DLT_NPY_MAXRANK], i, off, stride;
	int	k;

	if (!a->fortran_order || a->rank < 2) {
		for (i = 0; i < a->count; i++)
			a->values[i] = element(a, data + i * a->itemsize);
		return;
	}
	memset(idx, 0, sizeof idx);
	for (i = 0; i < a->count; i++) {
		/* Fortran offset of the C-order index idx */
		off = 0;
		stride = 1;
		for (k = 0; k < a->rank; k++) {
			off += idx[k] * stride;
			stride *= (size_t)a->shape[k];
		}
		a->values[i] = element(a, data + off * a->itemsize);
		for (k = a->rank - 1; k >= 0; k--) {
			if (++idx[k] < (size_t)a->shape[k])
				break;
			idx[k] = 0;
		}
	}
}

int
dlt_npy_parse(struct dlt_npy *a, const char *name, const void *buf, size_t len,
    struct dlt_diags *diags)
{
	const unsigned char	*b = buf;
	struct hdr		 h;
	size_t			 hlen, pre, need;

	dlt_npy_init(a);
	h.name = name;
	h.diags = diags;
	if (len < 8 || memcmp(b, "\x93NUMPY", 6) != 0) {
		h.p = h.end = NULL;
		return (fail(&h, "not a .npy file (no \\x93NUMPY magic)"));
	}
	a->major = b[6];
	a->minor = b[7];
	if (a->major == 1) {
		pre = 10;
		if (len < pre)
			return (fail(&h, "truncated header"));
		hlen = (size_t)get_le(b + 8, 2);
	} else if (a->major == 2 || a->major == 3) {
		pre = 12;
		if (len < pre)
			return (fail(&h, "truncated header"));
		hlen = (size_t)get_le(b + 8, 4);
	} else
		return (fail(&h, "unsupported format version %d.%d", a->major,
		    a->minor));
	if (hlen > DLT_NPY_MAXHEADER)
		return (fail(&h, "header of %zu bytes is too long", hlen));
	if (hlen > len - pre)
		return (fail(&h, "truncated header: it says %zu bytes, %zu are "
		    "there", hlen, len - pre));
	h.p = (const char *)b + pre;
	h.end = h.p + hlen;
	if (memchr(h.p, '\0', hlen) != NULL) {
		fail(&h, "bad header: a NUL byte in it");
		goto bad;
	}
	if (parse_header(&h, a) == -1)
		goto bad;
	if (a->count > SIZE_MAX / a->itemsize) {
		fail(&h, "shape has too many elements");
		goto bad;
	}
	need = a->count * a->itemsize;
	if (need != len - pre - hlen) {
		fail(&h, "%s data: the header says %zu bytes (%zu elements of "
		    "%zu), the file has %zu", need > len - pre - hlen ?
		    "truncated" : "extra bytes after the", need, a->count,
		    a->itemsize, len - pre - hlen);
		goto bad;
	}
	if (a->count > 0) {
		a->values = xreallocarray(NULL, a->count, sizeof *a->values);
		convert(a, b + pre + hlen);
	}
	return (0);
bad:
	dlt_npy_release(a);
	return (-1);
}

int
dlt_npy_load(struct dlt_npy *a, const char *path, struct dlt_diags *diags)
{
	struct stat	 st;
	char		*buf = NULL;
	size_t		 len = 0, size;
	ssize_t		 n;
	int		 fd, rc;

	dlt_npy_init(a);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1 ||
	    fstat(fd, &st) == -1) {
		dlt_diag_error(diags, path, 0, 0, "cannot open: %s",
		    strerror(errno));
		if (fd != -1)
			close(fd);
		return (-1);
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		dlt_diag_error(diags, path, 0, 0, "not a regular file");
		return (-1);
	}
	size = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
	buf = xmalloc(size);
	for (;;) {
		if (len == size) {
			buf = xreallocarray(buf, size, 2);
			size *= 2;
		}
		n = read(fd, buf + len, size - len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			dlt_diag_error(diags, path, 0, 0, "cannot read: %s",
			    strerror(errno));
			close(fd);
			free(buf);
			return (-1);
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	rc = dlt_npy_parse(a, path, buf, len, diags);
	free(buf);
	return (rc);
}
