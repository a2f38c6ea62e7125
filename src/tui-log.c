/*
 * tui-log.c: the TUI's log pane; see tui-log.h.
 *
 * Lines are numbered from 0 inside (as logview numbers them) and shown
 * from base (as the store numbers them).  The total the scrollbar scales
 * to is a guess while the index is incomplete: the lines indexed so far,
 * scaled by the bytes they cover.  Matches are counted in the
 * background, a budget at a time, and their lines kept (up to
 * LOG_HITS_MAX) so that n and N know which hit of how many they are at.
 */
#include <sys/types.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "logview.h"
#include "regex.h"
#include "strbuf.h"
#include "termsafe.h"
#include "tui-grid.h"
#include "tui-log.h"
#include "xmalloc.h"

#define LOG_HITS_MAX	((size_t)1 << 20)	/* hit lines kept */
#define LOG_CONTEXT	3			/* lines above a hit or line */
#define LOG_LINE_MAX	((size_t)1 << 16)	/* bytes of a line searched */

struct tui_log {
	struct dlt_logview	*lv;
	long			 base;
	long			*ev;		/* evidence, 0-based, sorted */
	size_t			 nev;
	long			 start, end;	/* the failure's range, 0-based */
	size_t			 top;
	size_t			 hskip;
	/* the count of matches */
	size_t			*hits;		/* lines, ascending */
	size_t			 nhits, hits_alloc;
	size_t			 counted;	/* lines looked at */
	int			 count_done;
	int			 hits_cut;	/* more than LOG_HITS_MAX */
	long			 hit;		/* the line found last, or -1 */
};

static double	now_ms(void);
static int	cmp_long(const void *, const void *);
static size_t	total_guess(const struct tui_log *);
static int	is_evidence(const struct tui_log *, size_t);
static int	line_matches(struct tui_log *, const struct dlt_rx *, size_t);

static double
now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6);
}

static int
cmp_long(const void *a, const void *b)
{
	long	x = *(const long *)a, y = *(const long *)b;

	return (x < y ? -1 : x > y);
}

struct tui_log *
tui_log_open_file(const char *path, long base, char **err)
{
	struct tui_log		*l;
	struct dlt_logview	*lv;

	*err = NULL;
	if ((lv = dlt_logview_open(path, err)) == NULL)
		return (NULL);
	l = xcalloc(1, sizeof *l);
	l->lv = lv;
	l->base = base;
	l->start = l->end = -1;
	l->hit = -1;
	/* the first screen at once; the rest between key presses */
	dlt_logview_index(lv, 5);
	return (l);
}

struct tui_log *
tui_log_open_text(const char *text, size_t len, long base, char **err)
{
	struct tui_log	*l;
	const char	*dir;
	char		*path;
	size_t		 off = 0;
	ssize_t		 n;
	int		 fd;

	*err = NULL;
	if ((dir = getenv("TMPDIR")) == NULL || *dir == '\0')
		dir = "/tmp";
	path = xasprintf("%s/dltriage-log.XXXXXX", dir);
	if ((fd = mkstemp(path)) == -1) {
		*err = xasprintf("cannot make a temporary file in '%s': %s",
		    dir, strerror(errno));
		free(path);
		return (NULL);
	}
	while (off < len) {
		if ((n = write(fd, text + off, len - off)) <= 0) {
			if (n < 0 && errno == EINTR)
				continue;
			*err = xasprintf("cannot write '%s': %s", path,
			    strerror(n < 0 ? errno : ENOSPC));
			close(fd);
			unlink(path);
			free(path);
			return (NULL);
		}
		off += (size_t)n;
	}
	close(fd);
	l = tui_log_open_file(path, base, err);
	/* mapped (or read) now: the name is no longer needed */
	unlink(path);
	free(path);
	return (l);
}

void
tui_log_free(struct tui_log *l)
{
	if (l == NULL)
		return;
	dlt_logview_close(l->lv);
	free(l->ev);
	free(l->hits);
	free(l);
}

void
tui_log_mark(struct tui_log *l, const long *ev, size_t nev, long start,
    long end)
{
	size_t	i;

	free(l->ev);
	l->ev = NULL;
	l->nev = 0;
	if (nev > 0) {
		l->ev = xreallocarray(NULL, nev, sizeof *l->ev);
		for (i = 0; i < nev; i++)
			if (ev[i] >= l->base)
				l->ev[l->nev++] = ev[i] - l->base;
		qsort(l->ev, l->nev, sizeof *l->ev, cmp_long);
	}
	l->start = start >= l->base ? start - l->base : -1;
	l->end = end >= l->base ? end - l->base : -1;
}

int
tui_log_index(struct tui_log *l, double budget_ms)
{
	size_t	before = dlt_logview_lines(l->lv);

	if (dlt_logview_complete(l->lv))
		return (0);
	dlt_logview_index(l->lv, budget_ms);
	return (dlt_logview_lines(l->lv) != before);
}

size_t
tui_log_lines(const struct tui_log *l)
{
	return (dlt_logview_lines(l->lv));
}

int
tui_log_complete(const struct tui_log *l)
{
	return (dlt_logview_complete(l->lv));
}

long
tui_log_top(const struct tui_log *l)
{
	return ((long)l->top + l->base);
}

uint64_t
tui_log_size(const struct tui_log *l)
{
	return (dlt_logview_size(l->lv));
}

/* The lines there are, or a guess from the bytes indexed so far. */
static size_t
total_guess(const struct tui_log *l)
{
	size_t		n = dlt_logview_lines(l->lv);
	uint64_t	covered;

	if (dlt_logview_complete(l->lv) || n < 2)
		return (n);
	covered = dlt_logview_offset(l->lv, n - 1);
	if (covered == 0)
		return (n);
	return ((size_t)((double)n * (double)dlt_logview_size(l->lv) /
	    (double)covered));
}

void
tui_log_goto(struct tui_log *l, long n, int rows)
{
	const char	*p;
	size_t		 len;
	long		 i = n - l->base;

	(void)rows;
	if (i < 0)
		i = 0;
	/* indexes up to it; past the end, the last line */
	if (dlt_logview_line(l->lv, (size_t)i, &p, &len) != 0)
		i = dlt_logview_lines(l->lv) > 0 ?
		    (long)dlt_logview_lines(l->lv) - 1 : 0;
	l->top = i > LOG_CONTEXT ? (size_t)(i - LOG_CONTEXT) : 0;
}

void
tui_log_scroll(struct tui_log *l, long dy, int rows)
{
	const char	*p;
	size_t		 len, n;

	if (dy < 0) {
		l->top = (size_t)-dy > l->top ? 0 : l->top - (size_t)-dy;
		return;
	}
	/* index as far as the new screen needs */
	dlt_logview_line(l->lv, l->top + (size_t)dy + (size_t)rows, &p, &len);
	n = dlt_logview_lines(l->lv);
	l->top += (size_t)dy;
	if (n <= (size_t)rows)
		l->top = 0;
	else if (l->top > n - (size_t)rows)
		l->top = n - (size_t)rows;
}

void
tui_log_home(struct tui_log *l)
{
	l->top = 0;
	l->hskip = 0;
}

void
tui_log_end(struct tui_log *l, int rows)
{
	size_t	n;

	/* the last line is found at the end of the file */
	dlt_logview_line_at(l->lv, dlt_logview_size(l->lv));
	while (!dlt_logview_index(l->lv, 1000))
		;
	n = dlt_logview_lines(l->lv);
	l->top = n > (size_t)rows ? n - (size_t)rows : 0;
}

void
tui_log_hscroll(struct tui_log *l, long dx)
{
	if (dx < 0)
		l->hskip = (size_t)-dx > l->hskip ? 0 : l->hskip - (size_t)-dx;
	else
		l->hskip += (size_t)dx;
}

static int
line_matches(struct tui_log *l, const struct dlt_rx *rx, size_t n)
{
	const char	*p;
	size_t		 len;

	if (dlt_logview_line(l->lv, n, &p, &len) != 0)
		return (-1);
	return (dlt_rx_match(rx, p, len > LOG_LINE_MAX ? LOG_LINE_MAX : len,
	    0, NULL));
}

int
tui_log_search(struct tui_log *l, const struct dlt_rx *rx, int dir, int rows)
{
	size_t	from, n;
	int	r;

	if (rx == NULL)
		return (0);
	/* from the last hit on, round the end to the start as vi does */
	from = l->hit >= 0 ? (size_t)l->hit : l->top;
	if (dir > 0) {
		n = l->hit >= 0 ? from + 1 : from;
		while ((r = line_matches(l, rx, n)) == 0)
			n++;
		if (r < 0) {
			for (n = 0; n <= from && line_matches(l, rx, n) == 0;
			    n++)
				;
			if (n > from || line_matches(l, rx, n) != 1)
				return (0);
		}
	} else {
		n = from;
		for (;;) {
			if (n == 0) {
				/* round to the end: the last line first */
				tui_log_end(l, rows);
				n = dlt_logview_lines(l->lv);
			}
			if (n == 0)
				return (0);
			n--;
			if (line_matches(l, rx, n) == 1)
				break;
			if (n == from)
				return (0);
		}
	}
	l->hit = (long)n;
	tui_log_goto(l, (long)n + l->base, rows);
	return (1);
}

int
tui_log_count(struct tui_log *l, const struct dlt_rx *rx, double budget_ms)
{
	double	until = now_ms() + budget_ms;
	int	r;

	if (rx == NULL) {
		l->nhits = 0;
		l->counted = 0;
		l->count_done = 0;
		l->hits_cut = 0;
		l->hit = -1;
		return (1);
	}
	while (!l->count_done) {
		if ((r = line_matches(l, rx, l->counted)) < 0) {
			l->count_done = 1;
			break;
		}
		if (r == 1) {
			if (l->nhits < LOG_HITS_MAX) {
				XGROW(l->hits, l->nhits + 1, l->hits_alloc);
				l->hits[l->nhits++] = l->counted;
			} else
				l->hits_cut = 1;
		}
		l->counted++;
		if ((l->counted & 255) == 0 && now_ms() > until)
			break;
	}
	return (l->count_done);
}

size_t
tui_log_hits(const struct tui_log *l)
{
	return (l->nhits);
}

size_t
tui_log_hit_index(const struct tui_log *l)
{
	size_t	lo = 0, hi = l->nhits, mid;

	if (l->hit < 0)
		return (0);
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (l->hits[mid] < (size_t)l->hit)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo < l->nhits && l->hits[lo] == (size_t)l->hit ? lo + 1 : 0);
}

static int
is_evidence(const struct tui_log *l, size_t n)
{
	size_t	lo = 0, hi = l->nev, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (l->ev[mid] < (long)n)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo < l->nev && l->ev[lo] == (long)n);
}

void
tui_log_draw(struct tui_log *l, struct tui_grid *g, int row0, int rows,
    const struct dlt_rx *rx)
{
	struct dlt_rx_match	 m;
	struct tui_cell		*c;
	const char		*p;
	size_t			 len, n, total, off, c0, c1, i;
	int			 r, gutter, x, textw, digits, y0, y1;
	uint16_t		 attr;

	total = total_guess(l);
	for (digits = 1, n = total + (size_t)l->base; n >= 10; n /= 10)
		digits++;
	if (digits < 4)
		digits = 4;
	gutter = digits + 2;
	textw = g->w - gutter - 1;
	for (r = 0; r < rows; r++) {
		n = l->top + (size_t)r;
		if (dlt_logview_line(l->lv, n, &p, &len) != 0) {
			tui_grid_str(g, row0 + r, 0, 1, TUI_A_DIM, "~");
			continue;
		}
		attr = is_evidence(l, n) ? TUI_A_EVIDENCE : 0;
		tui_grid_printf(g, row0 + r, 0, digits, TUI_A_DIM, "%*ld",
		    digits, (long)n + l->base);
		if (l->start >= 0 && (long)n >= l->start && (long)n <= l->end)
			tui_grid_str(g, row0 + r, digits, 1, attr, ">");
		tui_grid_text(g, row0 + r, gutter, textw, attr, p, len, l->hskip);
		if (attr != 0)
			tui_grid_attr(g, row0 + r, gutter, textw, attr);
		if (rx == NULL)
			continue;
		/* the matches, by the columns their bytes land on */
		if (len > LOG_LINE_MAX)
			len = LOG_LINE_MAX;
		for (off = 0; off <= len && dlt_rx_match(rx, p, len, off, &m);) {
			c0 = dlt_termsafe_column(p, len, m.start);
			c1 = dlt_termsafe_column(p, len, m.end);
			if (c1 == c0)
				c1 = c0 + 1;
			for (i = c0; i < c1; i++)
				if (i >= l->hskip && i - l->hskip <
				    (size_t)textw)
					tui_grid_attr(g, row0 + r, gutter +
					    (int)(i - l->hskip), 1, TUI_A_MATCH);
			off = m.end > m.start ? m.end : m.end + 1;
		}
	}
	/* the scrollbar: the thumb, the evidence (=) and the hits (-) */
	x = g->w - 1;
	if (total == 0)
		total = 1;
	y0 = (int)((double)l->top * rows / (double)total);
	y1 = (int)((double)(l->top + (size_t)rows) * rows / (double)total);
	if (y1 <= y0)
		y1 = y0 + 1;
	for (r = 0; r < rows; r++) {
		tui_grid_str(g, row0 + r, x, 1, r >= y0 && r < y1 ?
		    TUI_A_REVERSE : TUI_A_DIM, "|");
	}
	for (i = 0; i < l->nhits; i++) {
		r = (int)((double)l->hits[i] * rows / (double)total);
		if (r >= 0 && r < rows && (c = tui_grid_at(g, row0 + r, x)) != NULL)
			strcpy(c->s, "-");
	}
	for (i = 0; i < l->nev; i++) {
		r = (int)((double)l->ev[i] * rows / (double)total);
		if (r >= 0 && r < rows && (c = tui_grid_at(g, row0 + r, x)) !=
		    NULL) {
			strcpy(c->s, "=");
			c->attr |= TUI_A_EVIDENCE;
		}
	}
}
