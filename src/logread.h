/*
 * logread.h: reading a log in bounded memory.  The reader keeps a window
 * of at most DLT_LOGREAD_CHUNK bytes plus one partial line; a line longer
 * than the window is returned in window-sized pieces that share its line
 * number, so a 100 MB line costs no more memory than a short one.
 * A file compressed with gzip, xz or zstd (told by its first bytes) is
 * read decompressed, through decompress.h; a UTF-16 text with its byte
 * order mark is read as UTF-8.
 */
#ifndef DLT_LOGREAD_H
#define DLT_LOGREAD_H

#include <stddef.h>
#include <stdint.h>

struct dlt_scanner;

#define DLT_LOGREAD_CHUNK	(1024 * 1024)
#define DLT_LOGREAD_HEAD	(16 * 1024)

struct dlt_dz;

struct dlt_logread {
	int		 fd;		/* -1 for a memory buffer */
	int		 sniffed;	/* the first bytes were looked at */
	struct dlt_dz	*dz;		/* a compressed file's stream, or NULL */
	const char	*dz_error;	/* what was wrong with it, or NULL */
	const char	*dz_format;	/* "gzip", "xz", "zstd", or NULL */
	const char	*mem;		/* memory buffer (not owned) */
	size_t		 memlen;
	char		*buf;		/* window */
	size_t		 alloc;
	size_t		 start;		/* window bytes [start, len) are unread */
	size_t		 len;
	int		 eof;
	int		 error;		/* errno of a read error */
	long		 lineno;	/* line number of the byte at start */
	int		 mid_line;	/* start is in the middle of a long line */
	int		 buf_mid;	/* buf[0] is in the middle of a line */
	size_t		 last_start;	/* for unread */
	long		 last_lineno;
	int		 last_mid;
	int		 hashing;
	size_t		 hpos;		/* window bytes [0, hpos) are in hash */
	uint64_t	 hash;
	unsigned char	 hpend[8];	/* bytes not yet hashed (word hashing) */
	size_t		 nhpend;
	uint64_t	 total;		/* bytes read */
	char		 head[DLT_LOGREAD_HEAD + 1];	/* the first bytes, NUL-terminated */
	size_t		 headlen;
	/*
	 * A JSON object line whose strings hold escaped line breaks is read
	 * as the lines they hold (see dlt_logread_next): its lines, all with
	 * the object's line number, wait here.  whole_lines turns that off.
	 */
	int		 whole_lines;
	/*
	 * The text's encoding, told by its byte order mark: UTF-8's mark is
	 * dropped, UTF-16 (as Windows PowerShell 5 redirects a program's
	 * output) is read as UTF-8.
	 */
	int		 text_sniffed;
	int		 utf16;		/* 0, or 1 little-endian, 2 big-endian */
	unsigned char	*u16;		/* its bytes not yet decoded */
	size_t		 u16len, u16cap;
	int		 u16eof;
	char		 u8[4];		/* a character's bytes that did not fit */
	size_t		 nu8;
	char		*rec;
	size_t		 reclen, recpos, last_recpos;
	long		 reclineno;
	int		 last_in_rec;
};

struct dlt_line {
	const char	*text;		/* NUL bytes replaced by blanks; not NUL-terminated; valid until the next call */
	size_t		 len;		/* without the newline (and a trailing CR) */
	long		 lineno;
	int		 partial;	/* a piece of a line longer than the window */
};

void	dlt_logread_init_fd(struct dlt_logread *, int fd, int hashing);
void	dlt_logread_init_mem(struct dlt_logread *, const char *, size_t);
void	dlt_logread_release(struct dlt_logread *);
/*
 * Next line: 1, or 0 at the end (or on a read error: check ->error).
 * A line is cleaned as a terminal would have shown it: NUL bytes become
 * blanks, escape sequences and a carrier's prefixes go, and a JSON
 * object on one line whose string values hold escaped line breaks (a
 * structured log's record with a traceback in a field) comes out as the
 * object with those values cut to "...", then the lines they hold.
 */
int	dlt_logread_next(struct dlt_logread *, struct dlt_line *);
/*
 * The line right before line (one that next() returned, from the file's
 * bytes, not from a record's), when its bytes are still in the window:
 * 1 and *prev set, else 0.  prev is as the file holds it: next() did not
 * clean it when skip() passed it over.
 */
int	dlt_logread_prev(const struct dlt_logread *, const struct dlt_line *,
	    struct dlt_line *);
/* Push back the line just returned by next (one level only). */
void	dlt_logread_unread(struct dlt_logread *);
/*
 * Skip to the start of the next line holding an anchor of the scanner.
 * Returns 1 (the next call to next() returns that line), or 0 at the end.
 */
int	dlt_logread_skip(struct dlt_logread *, const struct dlt_scanner *);
/* Peek at the first bytes (fills the window); for binary detection. */
size_t	dlt_logread_peek(struct dlt_logread *, const char **);
/* The content hash of everything read so far (after the end: of the file). */
uint64_t dlt_logread_hash(struct dlt_logread *);

/*
 * UTF-16 text: dlt_utf16_bom says whether p starts with a byte order
 * mark (1 little-endian, 2 big-endian, 0 none); dlt_utf16_decode turns
 * in[0..n) into UTF-8 at out (cap bytes), *used the bytes it took, eof
 * when no more will come (see logread.c).
 */
int	dlt_utf16_bom(const unsigned char *p, size_t n);
size_t	dlt_utf16_decode(const unsigned char *in, size_t n, int be, int eof,
	    char *out, size_t cap, size_t *used);

#endif
