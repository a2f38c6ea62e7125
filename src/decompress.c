/* decompress.c: gzip, xz and zstd streams; see decompress.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include "decompress.h"
#include "error.h"
#include "xmalloc.h"

#define DZ_IN	(64 * 1024)

struct dlt_dz {
	enum dlt_dz_format	 f;
	int			 fd;
	unsigned char		*in;		/* raw bytes read, [pos, len) unused */
	size_t			 pos, len;
	int			 in_eof;
	int			 done;		/* the end of the last member */
	int			 member_open;	/* a member started and not ended */
	unsigned long long	 raw;		/* raw bytes consumed */
	size_t			 before;	/* pos before the step under way */
	char			 err[160];
	z_stream		 z;
	lzma_stream		 x;
	ZSTD_DStream		*zs;
};

enum dlt_dz_format
dlt_dz_sniff(const unsigned char *p, size_t n)
{
	if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b)
		return (DLT_DZ_GZIP);
	if (n >= 6 && memcmp(p, "\xfd" "7zXZ\0", 6) == 0)
		return (DLT_DZ_XZ);
	if (n >= 4 && p[0] == 0x28 && p[1] == 0xb5 && p[2] == 0x2f &&
	    p[3] == 0xfd)
		return (DLT_DZ_ZSTD);
	return (DLT_DZ_NONE);
}

const char *
dlt_dz_name(enum dlt_dz_format f)
{
	switch (f) {
	case DLT_DZ_GZIP:
		return ("gzip");
	case DLT_DZ_XZ:
		return ("xz");
	case DLT_DZ_ZSTD:
		return ("zstd");
	default:
		return ("none");
	}
}

struct dlt_dz *
dlt_dz_new(enum dlt_dz_format f, int fd, const void *pre, size_t npre)
{
	struct dlt_dz	*d;

	d = xcalloc(1, sizeof *d);
	d->f = f;
	d->fd = fd;
	d->in = xmalloc(npre > DZ_IN ? npre : DZ_IN);
	if (npre > 0)		/* pre may be NULL when there is nothing */
		memcpy(d->in, pre, npre);
	d->len = npre;
	switch (f) {
	case DLT_DZ_GZIP:
		/* 15 + 32: a gzip or zlib header, told by inflate */
		if (inflateInit2(&d->z, 15 + 32) != Z_OK)
			dlt_die("cannot start the %s decoder: out of memory", dlt_dz_name(f));
		break;
	case DLT_DZ_XZ:
		d->x = (lzma_stream)LZMA_STREAM_INIT;
		if (lzma_stream_decoder(&d->x, UINT64_MAX,
		    LZMA_CONCATENATED) != LZMA_OK)
			dlt_die("cannot start the %s decoder: out of memory", dlt_dz_name(f));
		break;
	case DLT_DZ_ZSTD:
		if ((d->zs = ZSTD_createDStream()) == NULL)
			dlt_die("cannot start the %s decoder: out of memory", dlt_dz_name(f));
		(void)ZSTD_initDStream(d->zs);
		break;
	default:
		break;
	}
	return (d);
}

const char *
dlt_dz_error(const struct dlt_dz *d)
{
	return (d->err[0] != '\0' ? d->err : NULL);
}

void
dlt_dz_free(struct dlt_dz *d)
{
	if (d == NULL)
		return;
	switch (d->f) {
	case DLT_DZ_GZIP:
		inflateEnd(&d->z);
		break;
	case DLT_DZ_XZ:
		lzma_end(&d->x);
		break;
	case DLT_DZ_ZSTD:
		ZSTD_freeDStream(d->zs);
		break;
	default:
		break;
	}
	free(d->in);
	free(d);
}

/* More raw input when all was used: 1, 0 at its end, -1 on error. */
static int
refill(struct dlt_dz *d)
{
	ssize_t	n;

	if (d->pos < d->len)
		return (1);
	if (d->in_eof)
		return (0);
	for (;;) {
		n = read(d->fd, d->in, DZ_IN);
		if (n < 0 && errno == EINTR)
			continue;
		break;
	}
	if (n < 0)
		return (-1);
	d->pos = 0;
	d->len = (size_t)n;
	if (n == 0) {
		d->in_eof = 1;
		return (0);
	}
	return (1);
}

static ssize_t
corrupt(struct dlt_dz *d, const char *what)
{
	snprintf(d->err, sizeof d->err, "%s data %s after %llu compressed "
	    "bytes", dlt_dz_name(d->f), what, d->raw + (d->pos > d->before ?
	    d->pos - d->before : 0));
	errno = EBADMSG;
	return (-1);
}

ssize_t
dlt_dz_read(struct dlt_dz *d, void *buf, size_t n)
{
	size_t	out = 0, used, before;
	int	r;

	if (d->err[0] != '\0') {
		errno = EBADMSG;
		return (-1);
	}
	while (out == 0 && !d->done && n > 0) {
		if ((r = refill(d)) < 0)
			return (-1);
		if (r == 0) {
			if (d->f == DLT_DZ_XZ && d->member_open) {
				/* liblzma is told that the input ended */
				d->x.next_in = NULL;
				d->x.avail_in = 0;
				d->x.next_out = (uint8_t *)buf + out;
				d->x.avail_out = n - out;
				used = d->x.avail_out;
				r = (int)lzma_code(&d->x, LZMA_FINISH);
				out += used - d->x.avail_out;
				if (r == LZMA_STREAM_END)
					d->member_open = 0;
				else if (r != LZMA_OK)
					return (corrupt(d, r == LZMA_BUF_ERROR ?
					    "cut short" : "is corrupt"));
				if (d->member_open && out > 0)
					continue;
			}
			/* the input ended: a member cut short is corrupt */
			if (d->member_open)
				return (corrupt(d, "cut short"));
			d->done = 1;
			break;
		}
		before = d->before = d->pos;
		switch (d->f) {
		case DLT_DZ_GZIP:
			d->z.next_in = d->in + d->pos;
			d->z.avail_in = (uInt)(d->len - d->pos);
			d->z.next_out = (unsigned char *)buf + out;
			d->z.avail_out = (uInt)(n - out > UINT32_MAX / 2 ?
			    UINT32_MAX / 2 : n - out);
			used = d->z.avail_out;
			r = inflate(&d->z, Z_NO_FLUSH);
			out += used - d->z.avail_out;
			d->pos = d->len - d->z.avail_in;
			d->member_open = 1;
			if (r == Z_STREAM_END) {
				/*
				 * Another member may follow; anything else
				 * (zero padding) is ignored, as gzip -d does.
				 */
				inflateReset(&d->z);
				d->member_open = 0;
				if (d->pos < d->len && d->in[d->pos] != 0x1f)
					d->done = 1;
			} else if (r == Z_BUF_ERROR && d->pos == before &&
			    used == d->z.avail_out)
				;	/* needs more input */
			else if (r != Z_OK)
				return (corrupt(d, d->z.msg != NULL ?
				    d->z.msg : "is corrupt"));
			break;
		case DLT_DZ_XZ:
			d->x.next_in = d->in + d->pos;
			d->x.avail_in = d->len - d->pos;
			d->x.next_out = (uint8_t *)buf + out;
			d->x.avail_out = n - out;
			used = d->x.avail_out;
			r = (int)lzma_code(&d->x, LZMA_RUN);
			out += used - d->x.avail_out;
			d->pos = d->len - d->x.avail_in;
			d->member_open = 1;
			if (r == LZMA_STREAM_END) {
				d->member_open = 0;
				d->done = 1;
			} else if (r != LZMA_OK)
				return (corrupt(d, r == LZMA_DATA_ERROR ||
				    r == LZMA_FORMAT_ERROR ? "is corrupt" :
				    r == LZMA_BUF_ERROR ? "cut short" :
				    "cannot be read"));
			break;
		case DLT_DZ_ZSTD: {
			ZSTD_inBuffer	ib = { d->in, d->len, d->pos };
			ZSTD_outBuffer	ob = { buf, n, out };
			size_t		zr;

			zr = ZSTD_decompressStream(d->zs, &ob, &ib);
			if (ZSTD_isError(zr))
				return (corrupt(d, ZSTD_getErrorName(zr)));
			out = ob.pos;
			d->pos = ib.pos;
			/* 0: a frame ended (another may follow) */
			d->member_open = zr != 0;
			break;
		}
		default:
			errno = EINVAL;
			return (-1);
		}
		d->raw += d->pos - before;
	}
	return ((ssize_t)out);
}
