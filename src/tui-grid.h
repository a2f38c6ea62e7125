/*
 * tui-grid.h: the screen as a grid of cells.  The TUI's model draws into
 * a grid of a fixed width and height, without a terminal; the curses
 * driver (tui-crt.c) paints it, and `tui --dump-screen` prints it for the
 * tests.
 *
 * Every piece of text goes in through tui_grid_text, which passes it
 * through termsafe.h first: log lines, titles and messages from the store
 * came from untrusted logs, and no byte of them reaches the terminal as
 * it was.  A cell holds one character of the sanitised text (with the
 * combining marks after it) and its attributes; a wide character takes
 * two cells, the second one empty (width 0).
 */
#ifndef DLT_TUI_GRID_H
#define DLT_TUI_GRID_H

#include <stddef.h>
#include <stdint.h>

struct strbuf;

/* Attributes of a cell; the driver maps them to curses attributes. */
#define TUI_A_BOLD	0x01	/* headings */
#define TUI_A_REVERSE	0x02	/* title and status bars */
#define TUI_A_CURSOR	0x04	/* the selected row */
#define TUI_A_MATCH	0x08	/* a search match */
#define TUI_A_EVIDENCE	0x10	/* an evidence line of a log */
#define TUI_A_MARK	0x20	/* a marked row */
#define TUI_A_ADD	0x40	/* a line the mutant adds */
#define TUI_A_DEL	0x80	/* a line the mutant removes */
#define TUI_A_DIM	0x100	/* secondary text: line numbers, hints */

#define TUI_CELL_BYTES	16	/* a character and a few combining marks */

struct tui_cell {
	char		s[TUI_CELL_BYTES];	/* UTF-8, NUL-terminated */
	uint8_t		width;			/* 1 or 2; 0: a wide char's right half */
	uint16_t	attr;
};

struct tui_grid {
	int		 w, h;
	struct tui_cell	*cells;		/* h rows of w */
};

void	tui_grid_init(struct tui_grid *, int w, int h);
void	tui_grid_release(struct tui_grid *);
/* Blank every cell (a space, no attribute). */
void	tui_grid_clear(struct tui_grid *);
struct tui_cell *tui_grid_at(struct tui_grid *, int row, int col);
/*
 * Draw the untrusted bytes s[0..len) at row, col, in at most maxcols
 * columns (and never past the right edge), skipping the first skip
 * columns of the text (horizontal scroll), with attr.  Returns the
 * columns drawn.
 */
int	tui_grid_text(struct tui_grid *, int row, int col, int maxcols,
	    uint16_t attr, const char *s, size_t len, size_t skip);
/* The same for a NUL-terminated string (NULL draws nothing). */
int	tui_grid_str(struct tui_grid *, int row, int col, int maxcols,
	    uint16_t attr, const char *s);
/* printf into the grid, through the same sanitising. */
int	tui_grid_printf(struct tui_grid *, int row, int col, int maxcols,
	    uint16_t attr, const char *fmt, ...)
	    __attribute__((format(printf, 6, 7)));
/* Add attr to ncols cells from row, col (clipped to the grid). */
void	tui_grid_attr(struct tui_grid *, int row, int col, int ncols,
	    uint16_t attr);
/*
 * Append the grid as text to out: one line per row, trailing blanks
 * removed.  With attrs, each row that has attributes is followed by a
 * line "   |" and one letter per column (attr_letter in tui-grid.c).
 */
void	tui_grid_dump(const struct tui_grid *, struct strbuf *out, int attrs);

#endif
