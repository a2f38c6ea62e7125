/*
 * output-table.h: tables for people.  Columns are sized to their content;
 * when the table is wider than the width it is printed to, the columns
 * that may shrink do so, in their order, down to their minimum, and a
 * cell cut short ends with a visible ellipsis ("\xe2\x80\xa6", U+2026).
 * Cells are bytes from logs: invalid UTF-8 becomes U+FFFD and control
 * characters become spaces, so that a row stays one line.  Widths count
 * characters (code points), not bytes.
 */
#ifndef DLT_OUTPUT_TABLE_H
#define DLT_OUTPUT_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "strbuf.h"


#define DLT_TABLE_ELLIPSIS	"\xe2\x80\xa6"

struct dlt_table_col {
	const char	*header;
	int		 right;		/* right-aligned (numbers) */
	int		 shrink;	/* 0: never; else the order, 1 first */
	size_t		 min;		/* shrinks no further (when shrink) */
};

struct dlt_table {
	const struct dlt_table_col	*cols;	/* borrowed */
	size_t				 ncols;
	char				**cells;	/* row by row, cleaned */
	size_t				 ncells, alloc;
	size_t				*w;	/* the widest cell of a column */
	size_t				 nrows;	/* added or measured */
};

void	dlt_table_init(struct dlt_table *, const struct dlt_table_col *,
	    size_t ncols);
void	dlt_table_release(struct dlt_table *);
/* Add a row of ncols cells (NULL: empty). */
void	dlt_table_add(struct dlt_table *, const char *const *cells);
/*
 * Count a row of ncols cells (NULL: empty) in the widths of the columns
 * without keeping it: a row that will be streamed (below).  Nothing is
 * allocated.
 */
void	dlt_table_measure(struct dlt_table *, const char *const *cells);
/*
 * Print the header and the rows added, two spaces between columns and no
 * trailing blanks, fitted to width characters (0: no limit).  The columns
 * are as wide as the widest cell added or measured.
 */
void	dlt_table_print(const struct dlt_table *, FILE *, size_t width);

/*
 * A table printed row by row as its last column comes, the others being
 * known: every row has been measured (or added), each last cell as wide
 * as the least the one printed may be (its final text may be longer).
 * The widths are those dlt_table_print would fit if the last column were
 * wider than width: it shrinks first and the others keep theirs, and a
 * last cell is cut where it would have been.  That is what
 * dlt_table_print prints with the final cells, unless the last column
 * may end narrower than its minimum with width too small for the others;
 * then, or when the last column is not the first and only one to shrink,
 * begin returns -1 and prints nothing (print the whole table instead).
 * Else it prints the header and returns 0; the table must outlive the
 * stream.
 */
struct dlt_table_stream {
	const struct dlt_table	 *t;
	FILE			 *fp;
	size_t			 *w;
	struct strbuf		  cells;	/* a row's, cleaned */
	size_t			 *at;		/* where each begins */
	const char		**row;		/* and they */
	struct strbuf		  sb;
};
int	dlt_table_stream_begin(struct dlt_table_stream *,
	    const struct dlt_table *, FILE *, size_t width);
/*
 * Print a row: its ncols cells, those but the last as they were measured,
 * the last final.
 */
void	dlt_table_stream_row(struct dlt_table_stream *,
	    const char *const *cells);
void	dlt_table_stream_end(struct dlt_table_stream *);

/*
 * The width to fit tables to: $COLUMNS when it is a positive number,
 * else the width of the terminal on fd, else 0 (no limit: a pipe or a
 * file gets whole cells).
 */
size_t	dlt_table_width(int fd);

/*
 * s (NULL: empty) as one line of valid UTF-8, as a cell is printed:
 * control characters become spaces.  The caller frees it.
 */
char	*dlt_text_line(const char *s);

/* Characters in a string of valid UTF-8. */
size_t	dlt_text_width(const char *);
/*
 * The characters of dlt_text_line(s) (NULL: empty), without making it:
 * those of valid UTF-8 sequences, and one for each byte of an invalid
 * one.
 */
size_t	dlt_text_line_width(const char *s);

/* What dlt_text_long and dlt_text_fixed2 need, their NUL included. */
#define DLT_TEXT_NUMLEN	32

/* v in decimal as printf's "%ld" writes it, without printf. */
void	dlt_text_long(char buf[DLT_TEXT_NUMLEN], long v);
/*
 * v as printf's "%.2f" writes it in the C locale (cut to the buffer);
 * without printf for the usual confidences, 0 to 9.9.
 */
void	dlt_text_fixed2(char buf[DLT_TEXT_NUMLEN], double v);

/*
 * Append s (valid UTF-8, one line) to sb cut to width characters: when
 * it is longer, its first width - 1 characters and the ellipsis.
 */
void	dlt_text_cut(struct strbuf *, const char *s, size_t width);

#endif
