/*
 * tui-crt.c: the curses driver of the TUI; see tui-crt.h.
 */
#define NCURSES_WIDECHAR 1

#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include <curses.h>

#include "error.h"
#include "tui-crt.h"
#include "tui-grid.h"
#include "tui.h"

#define CRT_TICK_MS	100	/* getch's timeout: the model's tick */
#define CRT_WORK_MS	20	/* the model's work in a tick, at most */
#define CRT_SETTLE	2	/* ticks after a key before its screen, */
#define CRT_SETTLE_MS	4	/* of this many ms each */

enum {
	PAIR_EVIDENCE = 1,
	PAIR_ADD,
	PAIR_DEL,
	PAIR_MARK,
	PAIR_DIM
};

static volatile sig_atomic_t	crt_signal;
static int			crt_active;	/* between initscr and endwin */

static void	crt_on_signal(int);
static void	crt_atexit(void);
static void	crt_end(void);
static int	crt_key(int, wint_t);
static attr_t	crt_attr(uint16_t, short *);
static void	crt_paint(const struct tui_grid *);
static void	crt_ready(const char *, unsigned long);

static void
crt_on_signal(int sig)
{
	crt_signal = sig;
}

static void
crt_end(void)
{
	if (!crt_active)
		return;
	crt_active = 0;
	endwin();
}

/* An exit() on the way (dlt_die) still gives the terminal back. */
static void
crt_atexit(void)
{
	crt_end();
}

/* A curses key as the model's. */
static int
crt_key(int r, wint_t c)
{
	if (r == OK) {
		switch (c) {
		case '\n':
		case '\r':
			return (TUI_KEY_ENTER);
		case 27:
			return (TUI_KEY_ESC);
		case 127:
		case 8:
			return (TUI_KEY_BACKSPACE);
		case '\t':
			return (TUI_KEY_TAB);
		case 12:
			return (TUI_KEY_REFRESH);
		default:
			return ((int)c);
		}
	}
	switch (c) {
	case KEY_UP:
		return (TUI_KEY_UP);
	case KEY_DOWN:
		return (TUI_KEY_DOWN);
	case KEY_LEFT:
		return (TUI_KEY_LEFT);
	case KEY_RIGHT:
		return (TUI_KEY_RIGHT);
	case KEY_PPAGE:
		return (TUI_KEY_PGUP);
	case KEY_NPAGE:
		return (TUI_KEY_PGDN);
	case KEY_HOME:
		return (TUI_KEY_HOME);
	case KEY_END:
		return (TUI_KEY_END);
	case KEY_ENTER:
		return (TUI_KEY_ENTER);
	case KEY_BACKSPACE:
		return (TUI_KEY_BACKSPACE);
	default:
		return (-1);
	}
}

static attr_t
crt_attr(uint16_t a, short *pair)
{
	attr_t	r = A_NORMAL;

	*pair = 0;
	if (a & (TUI_A_REVERSE | TUI_A_CURSOR | TUI_A_MATCH))
		r |= A_REVERSE;
	if (a & TUI_A_MATCH)
		r |= A_BOLD;
	if (a & TUI_A_BOLD)
		r |= A_BOLD;
	if (a & TUI_A_EVIDENCE) {
		r |= A_BOLD;
		*pair = PAIR_EVIDENCE;
	} else if (a & TUI_A_ADD)
		*pair = PAIR_ADD;
	else if (a & TUI_A_DEL)
		*pair = PAIR_DEL;
	else if (a & TUI_A_MARK) {
		r |= A_BOLD;
		*pair = PAIR_MARK;
	} else if (a & TUI_A_DIM) {
		r |= A_DIM;
		*pair = PAIR_DIM;
	}
	if (!has_colors())
		*pair = 0;
	return (r);
}

/* Every cell; curses sends the terminal only those that changed. */
static void
crt_paint(const struct tui_grid *g)
{
	const struct tui_cell	*c;
	attr_t			 a;
	short			 pair;
	int			 r, x;

	for (r = 0; r < g->h && r < LINES; r++) {
		move(r, 0);
		for (x = 0; x < g->w && x < COLS; x++) {
			c = &g->cells[(size_t)r * (size_t)g->w + (size_t)x];
			if (c->width == 0)
				continue;
			a = crt_attr(c->attr, &pair);
			attr_set(a, pair, NULL);
			/* the text is termsafe's: valid UTF-8, no control */
			addstr(c->s);
		}
	}
	attr_set(A_NORMAL, 0, NULL);
	move(LINES - 1, COLS - 1);
	refresh();
}

static void
crt_ready(const char *path, unsigned long seq)
{
	char	buf[32];
	int	fd, n;

	if (path == NULL)
		return;
	if ((fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644)) == -1)
		return;
	n = snprintf(buf, sizeof buf, "%lu\n", seq);
	if (write(fd, buf, (size_t)n) != n)
		dlt_warn("cannot write '%s'", path);
	close(fd);
}

int
tui_crt_run(struct tui *t, const char *ready)
{
	static int		 hooked;
	struct sigaction	 sa, old_int, old_term, old_hup;
	struct tui_grid		 g;
	unsigned long		 seq = 0;
	wint_t			 c;
	int			 r, key, flags, n, paint = 1, status = 0;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		dlt_error("'tui' needs a terminal");
		return (-1);
	}
	setlocale(LC_CTYPE, "");
	if (!hooked) {
		atexit(crt_atexit);
		hooked = 1;
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = crt_on_signal;
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: the wait for a key ends at the signal */
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigaction(SIGHUP, &sa, &old_hup);
	crt_signal = 0;
	if (initscr() == NULL) {
		dlt_error("cannot start curses on this terminal");
		status = -1;
		goto out;
	}
	crt_active = 1;
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	timeout(CRT_TICK_MS);
	if (has_colors()) {
		start_color();
		use_default_colors();
		init_pair(PAIR_EVIDENCE, COLOR_YELLOW, -1);
		init_pair(PAIR_ADD, COLOR_GREEN, -1);
		init_pair(PAIR_DEL, COLOR_RED, -1);
		init_pair(PAIR_MARK, COLOR_CYAN, -1);
		init_pair(PAIR_DIM, COLOR_BLUE, -1);
	}
	tui_grid_init(&g, COLS, LINES);
	tui_resize(t, COLS, LINES);
	for (;;) {
		if (paint) {
			tui_draw(t, &g);
			crt_paint(&g);
			crt_ready(ready, seq++);
			paint = 0;
		}
		if (crt_signal != 0) {
			status = crt_signal;
			break;
		}
		r = get_wch(&c);
		if (crt_signal != 0) {
			status = crt_signal;
			break;
		}
		if (r == ERR) {
			/* no key within the tick: work, redraw if it changed */
			if (tui_tick(t, CRT_WORK_MS) & TUI_REDRAW) {
				tui_draw(t, &g);
				crt_paint(&g);
			}
			continue;
		}
		if (r == KEY_CODE_YES && c == KEY_RESIZE) {
			tui_grid_release(&g);
			tui_grid_init(&g, COLS, LINES);
			tui_resize(t, COLS, LINES);
			paint = 1;
			continue;
		}
		if ((key = crt_key(r, c)) < 0)
			continue;
		if (key == TUI_KEY_REFRESH)
			clearok(curscr, TRUE);
		flags = tui_key(t, key);
		if (flags & TUI_QUIT)
			break;
		/*
		 * what the key started (a log's index, a search's count) may
		 * end at once: the screen drawn for the key shows it then
		 */
		for (n = 0; n < CRT_SETTLE && (tui_tick(t, CRT_SETTLE_MS) &
		    TUI_REDRAW); n++)
			;
		paint = 1;
	}
	tui_grid_release(&g);
out:
	crt_end();
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGHUP, &old_hup, NULL);
	return (status);
}
