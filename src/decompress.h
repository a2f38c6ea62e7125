/*
 * decompress.h: compressed logs (gzip, xz, zstd), read as a stream in
 * bounded memory.  The only module that sees zlib, liblzma and libzstd.
 *
 * A format is told by the first bytes of the file, never by its name:
 * CI systems store artifacts under any name.  Concatenated members
 * (gzip -c a >x; gzip -c b >>x, and likewise for xz and zstd) are read
 * one after the other, as the command-line tools read them.
 */
#ifndef DLT_DECOMPRESS_H
#define DLT_DECOMPRESS_H

#include <stddef.h>
#include <sys/types.h>

enum dlt_dz_format {
	DLT_DZ_NONE = 0,
	DLT_DZ_GZIP,
	DLT_DZ_XZ,
	DLT_DZ_ZSTD
};

#define DLT_DZ_MAGIC_MAX	6	/* bytes dlt_dz_sniff may need */

struct dlt_dz;

/* The format whose magic p (n bytes) starts with, or DLT_DZ_NONE. */
enum dlt_dz_format dlt_dz_sniff(const unsigned char *p, size_t n);
/* "gzip", "xz", "zstd" */
const char	*dlt_dz_name(enum dlt_dz_format);
/*
 * A stream of format f over fd (not owned, read from its current
 * position); pre (npre bytes, copied) were already read from fd and come
 * first.
 */
struct dlt_dz	*dlt_dz_new(enum dlt_dz_format f, int fd, const void *pre,
		    size_t npre);
/*
 * As read(2): up to n decompressed bytes, 0 at the end, -1 on error with
 * errno set (EBADMSG for corrupt or cut data: dlt_dz_error says what).
 */
ssize_t		 dlt_dz_read(struct dlt_dz *, void *buf, size_t n);
const char	*dlt_dz_error(const struct dlt_dz *);
void		 dlt_dz_free(struct dlt_dz *);

#endif
