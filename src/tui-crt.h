/*
 * tui-crt.h: the curses driver of the TUI, the one module that includes
 * curses.h.  It owns the terminal from initscr to endwin, feeds the
 * model (tui.h) the keys, paints its grid (only when it says the screen
 * changed, and curses sends only the cells that differ) and gives it a
 * tick between keys.
 *
 * The terminal is always restored: on quit, on SIGINT, SIGTERM and SIGHUP
 * (the handlers only set a flag; the loop sees it within a tick), and on
 * an error or exit() on the way (an atexit hook), always before
 * anything is printed.  Nothing ever sets the terminal's title.
 */
#ifndef DLT_TUI_CRT_H
#define DLT_TUI_CRT_H

struct tui;

/*
 * Run the model on the terminal until it quits.  ready: when not NULL, a
 * file to which a line with a sequence number is appended after the
 * first screen and after every screen drawn for a key (the tests wait on
 * it).  Returns 0 when the user quit, the number of the signal that
 * stopped it, or -1 when the terminal could not be used (after a
 * message).
 */
int	tui_crt_run(struct tui *, const char *ready);

#endif
