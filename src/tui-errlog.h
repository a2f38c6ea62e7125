/*
 * tui-errlog.h: stderr kept aside while the TUI owns the terminal.
 *
 * A message that dltriage (or SQLite, PCRE2, libyaml) prints to stderr
 * while curses draws would scribble over the screen.  Between begin and
 * end, stderr goes to a temporary file: the TUI shows its last line on
 * the status line, and end prints everything to the real stderr again,
 * after the terminal is restored (htop's redirectStderr idea).
 */
#ifndef DLT_TUI_ERRLOG_H
#define DLT_TUI_ERRLOG_H

/* 0, or -1 (stderr left as it is) when no temporary file can be made. */
int		 tui_errlog_begin(void);
/*
 * The last line written since the previous call, without "dltriage: ",
 * or NULL when nothing was; valid until the next call.
 */
const char	*tui_errlog_last(void *unused);
/* stderr back, and what it got meanwhile printed there; safe to repeat. */
void		 tui_errlog_end(void);

#endif
