/*
 * tui-log.h: the TUI's log pane: one log of any size, through logview.h
 * (mapped, indexed a time budget at a time, never read whole), drawn into
 * a grid with line numbers, the failure's lines marked, its evidence
 * lines highlighted, search matches in reverse and a scrollbar that marks
 * where the evidence and the matches are.
 */
#ifndef DLT_TUI_LOG_H
#define DLT_TUI_LOG_H

#include <stddef.h>
#include <stdint.h>

struct dlt_rx;
struct tui_grid;
struct tui_log;

/*
 * Open the log at path, or the text (len bytes, kept in a temporary
 * file that is removed at once).  base is the number of the log's first
 * line as the store counts them (1 for a whole log).  NULL with *err set
 * (the caller frees it) when it cannot be read.
 */
struct tui_log	*tui_log_open_file(const char *path, long base, char **err);
struct tui_log	*tui_log_open_text(const char *text, size_t len, long base,
		    char **err);
void		 tui_log_free(struct tui_log *);
/* The failure's evidence lines and range, numbered as the store does. */
void		 tui_log_mark(struct tui_log *, const long *ev, size_t nev,
		    long start, long end);
/* Index further for budget_ms: 1 when there are more lines to show. */
int		 tui_log_index(struct tui_log *, double budget_ms);
/* Put line n (a store number) near the top, with a little context. */
void		 tui_log_goto(struct tui_log *, long n, int rows);
/* Scroll: dy lines (PgDn is rows), or to the top or the end. */
void		 tui_log_scroll(struct tui_log *, long dy, int rows);
void		 tui_log_home(struct tui_log *);
void		 tui_log_end(struct tui_log *, int rows);
void		 tui_log_hscroll(struct tui_log *, long dx);
/*
 * The next (dir 1) or previous (dir -1) line after the last hit (or the
 * top) that rx matches, which then goes near the top: 1, or 0 when none.
 */
int		 tui_log_search(struct tui_log *, const struct dlt_rx *, int dir,
		    int rows);
/*
 * Count the lines rx matches, budget_ms at a time: 1 when the count is
 * complete.  Reset with rx NULL.
 */
int		 tui_log_count(struct tui_log *, const struct dlt_rx *,
		    double budget_ms);
size_t		 tui_log_hits(const struct tui_log *);
/* 1-based: the hit that was found last (0: none). */
size_t		 tui_log_hit_index(const struct tui_log *);
/* Lines known so far, and whether that is all of them. */
size_t		 tui_log_lines(const struct tui_log *);
int		 tui_log_complete(const struct tui_log *);
long		 tui_log_top(const struct tui_log *);	/* a store number */
uint64_t	 tui_log_size(const struct tui_log *);
/* Draw rows rows from row0, the full width (the last column the scrollbar). */
void		 tui_log_draw(struct tui_log *, struct tui_grid *, int row0,
		    int rows, const struct dlt_rx *);

#endif
