/*
 * logview.h: lazy line access to a log of any size, for the TUI.
 *
 * A regular file is mapped read-only and never read whole: line starts
 * are found with memchr a slice at a time, each call stopping after a
 * time budget, so that a 100 MB log shows its first screen at once and
 * is indexed between key presses.  A pipe, a device or a file that mmap
 * refuses is read into memory; a file compressed with gzip, xz or zstd
 * (told by its first bytes, through decompress.h) is decompressed into
 * memory, up to DLT_LOGVIEW_MAX_MEM bytes; a UTF-16 text with its byte
 * order mark is read into memory as UTF-8, as the classifier reads it.
 *
 * The mapping is of the size the file had when opened: what is appended
 * later is not seen (open it again), and a file cut shorter while it is
 * viewed makes the pages past its new end fault (SIGBUS), as with any
 * mapped file; logs are appended to, not rewritten, so the view trusts
 * that.
 *
 * Lines are numbered from 0.  A line is its bytes without the newline and
 * without one carriage return before it; the bytes are the file's own,
 * unchecked (pass them through termsafe.h before drawing them).  A last
 * line without a newline counts; an empty file has no lines.
 */
#ifndef DLT_LOGVIEW_H
#define DLT_LOGVIEW_H

#include <stddef.h>
#include <stdint.h>

/* Largest log read into memory (decompressed or not mappable). */
#define DLT_LOGVIEW_MAX_MEM	((uint64_t)1 << 30)

struct dlt_logview;

/*
 * Open PATH.  Nothing is indexed yet.  Returns NULL on error, with
 * *ERRMSG (caller frees) set to a message that names the path, such as
 * "cannot open 'x.log': No such file or directory", fit for
 * dlt_error("%s", msg) or for a status line.
 */
struct dlt_logview *dlt_logview_open(const char *path, char **errmsg);
void	dlt_logview_close(struct dlt_logview *);
/*
 * Index more line starts, stopping after about BUDGET_MS milliseconds
 * (monotonic clock, looked at every 64 KiB) or at the end of the file.
 * Returns 1 when the whole file is indexed, 0 otherwise.  A budget of 0
 * or less still indexes one slice.
 */
int	dlt_logview_index(struct dlt_logview *, double budget_ms);
/* Lines indexed so far (the whole count once dlt_logview_index returned 1). */
size_t	dlt_logview_lines(const struct dlt_logview *);
int	dlt_logview_complete(const struct dlt_logview *);
/*
 * Line N (0-based) without its newline (and without a trailing \r);
 * indexes further as needed up to N.  Returns 0, or -1 when N is past
 * the end.  *P stays valid until dlt_logview_close.
 */
int	dlt_logview_line(struct dlt_logview *, size_t n, const char **p,
	    size_t *len);
/*
 * The line containing byte OFFSET, indexing as needed; an offset at or
 * past the end gives the last line (0 for an empty file).  A newline
 * belongs to the line it ends.
 */
size_t	dlt_logview_line_at(struct dlt_logview *, uint64_t offset);
/* Bytes of the log (decompressed). */
uint64_t dlt_logview_size(const struct dlt_logview *);
/* The byte offset at which line N starts (N must be indexed). */
uint64_t dlt_logview_offset(const struct dlt_logview *, size_t n);

#endif
