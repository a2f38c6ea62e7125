/*
 * scan.h: the multi-literal scanner that finds detector anchors in log
 * bytes fast.  It filters on a rare three-byte fragment of each anchor:
 * the pair of bytes at every other position against a 64 KiB table of
 * the fragments' pairs, then the fragment's slot in a 2^18-bit table,
 * then the candidates; the cost of a line without an anchor is about
 * half a lookup per byte.
 */
#ifndef DLT_SCAN_H
#define DLT_SCAN_H

#include <stddef.h>
#include <stdint.h>

struct dlt_scanner;

struct dlt_scan_pattern {
	const char	*lit;
	size_t		 len;
	int		 caseless;
	int		 word;
	int		 id;		/* returned on a hit (the detector index) */
};

struct dlt_scanner	*dlt_scanner_new(const struct dlt_scan_pattern *, size_t);
void			 dlt_scanner_free(struct dlt_scanner *);

/*
 * First position >= pos in buf[0..len) where some pattern starts;
 * returns 1 and sets *at and *id, or 0.  Patterns never match across
 * len.
 */
int	dlt_scanner_next(const struct dlt_scanner *, const char *buf, size_t len,
	    size_t pos, size_t *at, int *id);

/*
 * dlt_scanner_next, taking the steps of a log's content hash
 * (dlt_hash_word) over the words of buf[off..len) as it reads: h is the
 * hash with everything before buf[off] in it, at a word's start.  The
 * chain of multiplications runs beside the scan and costs next to
 * nothing; where the scan stops, off says how far the hash came.
 */
struct dlt_scan_hash {
	uint64_t	h;
	size_t		off;
};
int	dlt_scanner_next_hashing(const struct dlt_scanner *, const char *buf,
	    size_t len, size_t pos, size_t *at, int *id, struct dlt_scan_hash *);

/*
 * For one line: call fn(id, arg) for each pattern occurring in it (once
 * per pattern).
 */
/*
 * Whether dlt_scanner_next uses the quad layer (AVX2, see scan.c),
 * before this call; on 0 turns it off, on 1 back on where it was built.
 * The environment's DLTRIAGE_SCAN=pairs keeps it from being built.
 */
int	dlt_scanner_quad(struct dlt_scanner *, int on);

void	dlt_scanner_each(const struct dlt_scanner *, const char *line, size_t len,
	    void (*fn)(int, void *), void *arg);

#endif
