/*
 * tui.h: the model of `dltriage tui`, without a terminal.
 *
 * The model holds the screens (defects -> failures of one -> the log of
 * one -> its mutant, its nearest known defects; the campaign; help),
 * takes keys through one key table (which also writes the help screen),
 * reads the store a window at a time (store-page.h) and draws into a grid
 * of cells (tui-grid.h).  The curses driver (tui-crt.h) feeds it keys and
 * paints the grid; `tui --dump-screen` feeds it keys from the command
 * line and prints the grid, which is how the tests see it.
 */
#ifndef DLT_TUI_H
#define DLT_TUI_H

#include <stddef.h>
#include <time.h>

struct dlt_ruleset;
struct dlt_store;
struct tui;
struct tui_grid;

/* Keys that are not characters (a character is its own code). */
enum tui_key {
	TUI_KEY_ENTER = 0x110000,
	TUI_KEY_ESC,
	TUI_KEY_UP,
	TUI_KEY_DOWN,
	TUI_KEY_LEFT,
	TUI_KEY_RIGHT,
	TUI_KEY_PGUP,
	TUI_KEY_PGDN,
	TUI_KEY_HOME,
	TUI_KEY_END,
	TUI_KEY_BACKSPACE,
	TUI_KEY_TAB,
	TUI_KEY_REFRESH		/* ^L */
};

/* What tui_key and tui_tick return: bits. */
#define TUI_REDRAW	0x1
#define TUI_QUIT	0x2

/* What the model is given; borrowed, and must outlive it. */
struct tui_env {
	struct dlt_store	*store;
	const char		*db;		/* its path, for the title */
	/*
	 * The rule set, loaded when first needed (the nearest known
	 * defects): 0 with *rules set, or -1 after a message.
	 */
	int			(*rules)(void *, const struct dlt_ruleset **);
	void			*rules_arg;
	/* The last message dltriage printed ("dltriage: ..."), or NULL. */
	const char		*(*last_error)(void *);
	void			*error_arg;
	/* The time, frozen (DLTRIAGE_NOW) when not 0. */
	time_t			 now;
};

struct tui	*tui_new(const struct tui_env *, int w, int h);
void		 tui_free(struct tui *);
/* The terminal's size changed: the windows are read again. */
void		 tui_resize(struct tui *, int w, int h);
int		 tui_key(struct tui *, int key);
/*
 * Work between keys (index a log further, count search hits, poll the
 * store for the campaign screen, at most every ms milliseconds' worth):
 * TUI_REDRAW when what the screen shows changed.
 */
int		 tui_tick(struct tui *, double budget_ms);
/* Draw the current screen into g (of the size last given). */
void		 tui_draw(struct tui *, struct tui_grid *);

/*
 * The keys of a --keys string: characters as themselves, "\n" or
 * "<Enter>", "\e" or "<Esc>", "\t", "\\", and "<Up>", "<Down>", "<Left>",
 * "<Right>", "<PgUp>", "<PgDn>", "<Home>", "<End>", "<BS>", "<Tab>",
 * "<C-l>".  0, or -1 after a message; *keys is the caller's.
 */
int		 tui_keys_parse(const char *, int **keys, size_t *n);

#endif
