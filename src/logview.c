/*
 * logview.c: lazy line access to a log of any size; see logview.h.
 *
 * The index is the byte offset of every line start found so far.  It
 * grows a slice (SLICE bytes) at a time, memchr from one newline to the
 * next, and the clock is read once a slice, which costs nothing next to
 * the scan and keeps a call within its budget to a slice's time (tens of
 * microseconds).  A regular file is mapped, so that the pages a first
 * screen needs are all that is read before it shows.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "decompress.h"
#include "logread.h"
#include "logview.h"
#include "xmalloc.h"

#define SLICE		(64 * 1024)
#define READ_CHUNK	(256 * 1024)

struct dlt_logview {
	const char	*base;		/* the log's bytes */
	uint64_t	 size;
	void		*map;		/* the mapping, or NULL */
	char		*mem;		/* bytes read into memory, or NULL */
	uint64_t	*starts;	/* offsets of the line starts found */
	size_t		 nstarts;
	size_t		 alloc;
	uint64_t	 scanned;	/* bytes [0, scanned) are indexed */
	int		 complete;
};

static int	read_all(struct dlt_logview *, int, const char *, char **);
static void	utf16_text(char **, size_t *);
static int	scan_slice(struct dlt_logview *);
static double	now_ms(void);

static double
now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6);
}

/*
 * A text read whole that starts with UTF-16's byte order mark, as
 * UTF-8 (as the classifier reads it, through logread.h).
 */
static void
utf16_text(char **buf, size_t *len)
{
	char	*out;
	size_t	 n, used;
	int	 be;

	if (*buf == NULL || (be = dlt_utf16_bom((unsigned char *)*buf, *len)) == 0)
		return;
	out = xmalloc(*len / 2 * 3 + 8);
	n = dlt_utf16_decode((unsigned char *)*buf + 2, *len - 2, be == 2, 1,
	    out, *len / 2 * 3 + 8, &used);
	free(*buf);
	*buf = out;
	*len = n;
}

/*
 * Read fd (at its start) into memory, decompressing a gzip, xz or zstd
 * stream: for pipes and devices, files mmap refuses, and compressed
 * logs.  Returns 0, or -1 with *errmsg set.
 */
static int
read_all(struct dlt_logview *lv, int fd, const char *path, char **errmsg)
{
	unsigned char		 pre[DLT_DZ_MAGIC_MAX];
	enum dlt_dz_format	 f;
	struct dlt_dz		*dz = NULL;
	char			*buf = NULL;
	size_t			 npre = 0, len = 0, alloc = 0;
	ssize_t			 r;

	while (npre < sizeof pre) {
		r = read(fd, pre + npre, sizeof pre - npre);
		if (r == -1 && errno == EINTR)
			continue;
		if (r == -1) {
			*errmsg = xasprintf("cannot read '%s': %s", path,
			    strerror(errno));
			return (-1);
		}
		if (r == 0)
			break;
		npre += (size_t)r;
	}
	if ((f = dlt_dz_sniff(pre, npre)) != DLT_DZ_NONE)
		dz = dlt_dz_new(f, fd, pre, npre);
	else if (npre > 0) {
		alloc = READ_CHUNK;
		buf = xmalloc(alloc);
		memcpy(buf, pre, npre);
		len = npre;
	}
	for (;;) {
		if (alloc - len < READ_CHUNK) {
			alloc = alloc == 0 ? 4 * READ_CHUNK : alloc * 2;
			if (alloc > DLT_LOGVIEW_MAX_MEM + READ_CHUNK)
				alloc = DLT_LOGVIEW_MAX_MEM + READ_CHUNK;
			buf = xrealloc(buf, alloc);
		}
		if (dz != NULL)
			r = dlt_dz_read(dz, buf + len, READ_CHUNK);
		else
			r = read(fd, buf + len, READ_CHUNK);
		if (r == -1 && errno == EINTR && dz == NULL)
			continue;
		if (r == -1) {
			if (dz != NULL && dlt_dz_error(dz) != NULL)
				*errmsg = xasprintf("'%s': %s", path,
				    dlt_dz_error(dz));
			else
				*errmsg = xasprintf("cannot read '%s': %s", path,
				    strerror(errno));
			goto fail;
		}
		if (r == 0)
			break;
		len += (size_t)r;
		if (len > DLT_LOGVIEW_MAX_MEM) {
			*errmsg = xasprintf("'%s' is too large to view: over "
			    "%llu MiB%s", path,
			    (unsigned long long)(DLT_LOGVIEW_MAX_MEM >> 20),
			    dz != NULL ? " decompressed" : "");
			goto fail;
		}
	}
	dlt_dz_free(dz);
	utf16_text(&buf, &len);
	lv->mem = buf;
	lv->base = buf != NULL ? buf : "";
	lv->size = len;
	return (0);

fail:
	dlt_dz_free(dz);
	free(buf);
	return (-1);
}

struct dlt_logview *
dlt_logview_open(const char *path, char **errmsg)
{
	struct dlt_logview	*lv;
	struct stat		 st;
	void			*map;
	int			 fd;

	*errmsg = NULL;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		*errmsg = xasprintf("cannot open '%s': %s", path,
		    strerror(errno));
		return (NULL);
	}
	if (fstat(fd, &st) == -1) {
		*errmsg = xasprintf("cannot read '%s': %s", path,
		    strerror(errno));
		close(fd);
		return (NULL);
	}
	if (S_ISDIR(st.st_mode)) {
		*errmsg = xasprintf("cannot read '%s': %s", path,
		    strerror(EISDIR));
		close(fd);
		return (NULL);
	}
	lv = xcalloc(1, sizeof *lv);

	/*
	 * A regular file of size 0 may still have bytes (those of /proc
	 * do), so it is read rather than mapped.
	 */
	if (S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (uint64_t)st.st_size <= SIZE_MAX) {
		map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE,
		    fd, 0);
		if (map != MAP_FAILED) {
			if (dlt_dz_sniff(map, (size_t)st.st_size <
			    DLT_DZ_MAGIC_MAX ? (size_t)st.st_size :
			    DLT_DZ_MAGIC_MAX) == DLT_DZ_NONE &&
			    dlt_utf16_bom(map, (size_t)st.st_size) == 0) {
				lv->map = map;
				lv->base = map;
				lv->size = (uint64_t)st.st_size;
				close(fd);
				return (lv);
			}
			munmap(map, (size_t)st.st_size);
		}
	}
	if (read_all(lv, fd, path, errmsg) != 0) {
		close(fd);
		free(lv);
		return (NULL);
	}
	close(fd);
	return (lv);
}

void
dlt_logview_close(struct dlt_logview *lv)
{
	if (lv == NULL)
		return;
	if (lv->map != NULL)
		munmap(lv->map, (size_t)lv->size);
	free(lv->mem);
	free(lv->starts);
	free(lv);
}

/* Index one more slice; returns 1 once the whole log is indexed. */
static int
scan_slice(struct dlt_logview *lv)
{
	const char	*p, *end, *nl;

	if (lv->complete)
		return (1);
	if (lv->scanned == 0 && lv->nstarts == 0 && lv->size > 0) {
		XGROW(lv->starts, 1, lv->alloc);
		lv->starts[lv->nstarts++] = 0;
	}
	p = lv->base + lv->scanned;
	end = lv->size - lv->scanned > SLICE ? p + SLICE : lv->base + lv->size;
	while (p < end && (nl = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		p = nl + 1;
		if ((uint64_t)(p - lv->base) < lv->size) {
			XGROW(lv->starts, lv->nstarts + 1, lv->alloc);
			lv->starts[lv->nstarts++] = (uint64_t)(p - lv->base);
		}
	}
	lv->scanned = (uint64_t)(end - lv->base);
	if (lv->scanned == lv->size)
		lv->complete = 1;
	return (lv->complete);
}

int
dlt_logview_index(struct dlt_logview *lv, double budget_ms)
{
	double	deadline = now_ms() + budget_ms;

	while (!scan_slice(lv))
		if (now_ms() >= deadline)
			return (0);
	return (1);
}

size_t
dlt_logview_lines(const struct dlt_logview *lv)
{
	/* the last start's line is known once its newline or the end is */
	if (lv->complete || lv->nstarts == 0)
		return (lv->nstarts);
	return (lv->nstarts - 1);
}

int
dlt_logview_complete(const struct dlt_logview *lv)
{
	return (lv->complete);
}

int
dlt_logview_line(struct dlt_logview *lv, size_t n, const char **p,
    size_t *len)
{
	uint64_t	start, end;

	while (n >= dlt_logview_lines(lv) && !lv->complete)
		scan_slice(lv);
	if (n >= lv->nstarts)
		return (-1);
	start = lv->starts[n];
	if (n + 1 < lv->nstarts)
		end = lv->starts[n + 1] - 1;
	else {
		end = lv->size;
		if (end > start && lv->base[end - 1] == '\n')
			end--;
	}
	if (end > start && lv->base[end - 1] == '\r')
		end--;
	*p = lv->base + start;
	*len = (size_t)(end - start);
	return (0);
}

size_t
dlt_logview_line_at(struct dlt_logview *lv, uint64_t offset)
{
	size_t	lo, hi, mid;

	while (lv->scanned <= offset && !lv->complete)
		scan_slice(lv);
	if (lv->nstarts == 0)
		return (0);
	/* the last start at or before offset */
	lo = 0;
	hi = lv->nstarts;
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (lv->starts[mid] <= offset)
			lo = mid;
		else
			hi = mid;
	}
	return (lo);
}

uint64_t
dlt_logview_size(const struct dlt_logview *lv)
{
	return (lv->size);
}

uint64_t
dlt_logview_offset(const struct dlt_logview *lv, size_t n)
{
	return (n < lv->nstarts ? lv->starts[n] : lv->size);
}
