/* output-table.c: tables fitted to a width; see output-table.h. */
#include <sys/ioctl.h>

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json.h"
#include "output-table.h"
#include "strbuf.h"
#include "xmalloc.h"

static void	 put_cell(struct strbuf *, const char *, size_t, size_t, int);
static void	 add_line(struct strbuf *, const char *);
static void	 count_cell(struct dlt_table *, size_t, size_t);

void
dlt_table_init(struct dlt_table *t, const struct dlt_table_col *cols,
    size_t ncols)
{
	size_t	i;

	memset(t, 0, sizeof *t);
	t->cols = cols;
	t->ncols = ncols;
	t->w = xcalloc(ncols > 0 ? ncols : 1, sizeof *t->w);
	for (i = 0; i < ncols; i++)
		t->w[i] = dlt_text_width(cols[i].header);
}

void
dlt_table_release(struct dlt_table *t)
{
	size_t	i;

	for (i = 0; i < t->ncells; i++)
		free(t->cells[i]);
	free(t->cells);
	free(t->w);
	t->cells = NULL;
	t->ncells = t->alloc = 0;
	t->w = NULL;
	t->nrows = 0;
}

/* Append s (NULL: empty) as dlt_text_line makes it. */
static void
add_line(struct strbuf *sb, const char *s)
{
	size_t	i, from = sb->len;

	if (s == NULL)
		s = "";
	dlt_utf8_sanitise(sb, s, strlen(s));
	for (i = from; i < sb->len; i++)
		if ((unsigned char)sb->buf[i] < 0x20 || sb->buf[i] == 0x7f)
			sb->buf[i] = ' ';
}

char *
dlt_text_line(const char *s)
{
	struct strbuf	sb = STRBUF_INIT;

	add_line(&sb, s);
	return (strbuf_detach(&sb, NULL));
}

size_t
dlt_text_line_width(const char *s)
{
	/* a control character becomes a space: one character still */
	return (s != NULL ? dlt_utf8_chars(s, strlen(s)) : 0);
}

void
dlt_text_long(char buf[DLT_TEXT_NUMLEN], long v)
{
	unsigned long	u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
	char		tmp[DLT_TEXT_NUMLEN];
	size_t		n = 0, i = 0;

	do
		tmp[n++] = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		buf[i++] = '-';
	while (n > 0)
		buf[i++] = tmp[--n];
	buf[i] = '\0';
}

void
dlt_text_fixed2(char buf[DLT_TEXT_NUMLEN], double v)
{
	double	x, fl, frac;
	long	c;

	/*
	 * printf rounds the exact value of v * 100 to an integer, a tie to
	 * even.  x is that product within 2^-44 (it is below 1024), so away
	 * from a tie x rounds as the exact value does; near one, or out of
	 * the range, printf decides.
	 */
	if (!signbit(v) && v < 9.9) {
		x = v * 100.0;
		fl = floor(x);
		frac = x - fl;
		if (fabs(frac - 0.5) > 1e-6) {
			c = (long)fl + (frac > 0.5);
			buf[0] = (char)('0' + c / 100);
			buf[1] = '.';
			buf[2] = (char)('0' + c / 10 % 10);
			buf[3] = (char)('0' + c % 10);
			buf[4] = '\0';
			return;
		}
	}
	snprintf(buf, DLT_TEXT_NUMLEN, "%.2f", v);
}

/* A cell sw characters wide in column i. */
static void
count_cell(struct dlt_table *t, size_t i, size_t sw)
{
	if (sw > t->w[i])
		t->w[i] = sw;
}

void
dlt_table_add(struct dlt_table *t, const char *const *cells)
{
	size_t	i;
	char	*c;

	XGROW(t->cells, t->ncells + t->ncols, t->alloc);
	for (i = 0; i < t->ncols; i++) {
		c = dlt_text_line(cells[i]);
		count_cell(t, i, dlt_text_width(c));
		t->cells[t->ncells++] = c;
	}
	t->nrows++;
}

void
dlt_table_measure(struct dlt_table *t, const char *const *cells)
{
	size_t	i;

	for (i = 0; i < t->ncols; i++)
		count_cell(t, i, dlt_text_line_width(cells[i]));
	t->nrows++;
}

size_t
dlt_text_width(const char *s)
{
	size_t	n = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return (n);
}

/*
 * Append s, sw characters long, in a column w wide: cut with an ellipsis
 * when longer, else padded to w (flags 1: on the left; flags 2: the last
 * column, not on the right).
 */
static void
put_cell(struct strbuf *sb, const char *s, size_t w, size_t sw, int flags)
{
	size_t	n;
	int	right = flags & 1, last = flags & 2;

	if (sw > w) {
		dlt_text_cut(sb, s, w);
		return;
	}
	if (right)
		for (n = sw; n < w; n++)
			strbuf_addch(sb, ' ');
	strbuf_addstr(sb, s);
	if (!right && !last)
		for (n = sw; n < w; n++)
			strbuf_addch(sb, ' ');
}

void
dlt_text_cut(struct strbuf *sb, const char *s, size_t width)
{
	size_t	i, n;

	if (dlt_text_width(s) <= width) {
		strbuf_addstr(sb, s);
		return;
	}
	if (width == 0)
		return;
	/* width - 1 characters, then the ellipsis */
	for (i = 0, n = 0; s[i] != '\0'; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80 && n++ == width - 1)
			break;
	strbuf_add(sb, s, i);
	strbuf_addstr(sb, DLT_TABLE_ELLIPSIS);
}

/*
 * The widths of t's columns into w, fitted to width (0: no limit).  With
 * open, the last column is taken as wide as any cell may become, so that
 * it gives up what the others need first (see dlt_table_stream_begin).
 */
static void
layout(const struct dlt_table *t, size_t width, int open, size_t *w)
{
	size_t	total, excess, cut, i, last = t->ncols - 1;
	int	order, more;

	memcpy(w, t->w, t->ncols * sizeof *w);
	if (open)
		w[last] = width + t->cols[last].min + 1;
	total = 2 * (t->ncols - 1);
	for (i = 0; i < t->ncols; i++)
		total += w[i];

	/* shrink the columns that may, first order first */
	for (order = 1, more = 1; width > 0 && total > width && more; order++) {
		more = 0;
		for (i = 0; i < t->ncols && total > width; i++) {
			if (t->cols[i].shrink > order)
				more = 1;
			if (t->cols[i].shrink != order || w[i] <= t->cols[i].min)
				continue;
			excess = total - width;
			cut = w[i] - t->cols[i].min;
			if (cut > excess)
				cut = excess;
			w[i] -= cut;
			total -= cut;
		}
	}
	if (open && width == 0)
		w[last] = SIZE_MAX;
}

/* One line of cells (the header when NULL) in columns w wide. */
static void
print_row(const struct dlt_table *t, const size_t *w, const char *const *cells,
    struct strbuf *sb, FILE *fp)
{
	const char	*s;
	size_t		 i, len;

	strbuf_reset(sb);
	for (i = 0; i < t->ncols; i++) {
		s = cells == NULL ? t->cols[i].header : cells[i];
		if (i > 0)
			strbuf_addstr(sb, "  ");
		put_cell(sb, s, w[i], dlt_text_width(s),
		    (t->cols[i].right ? 1 : 0) | (i == t->ncols - 1 ? 2 : 0));
	}
	/* a cut or empty last cell leaves no trailing blank */
	for (len = sb->len; len > 0 && sb->buf[len - 1] == ' '; len--)
		;
	strbuf_setlen(sb, len);
	strbuf_addch(sb, '\n');
	fwrite(sb->buf, 1, sb->len, fp);
}

void
dlt_table_print(const struct dlt_table *t, FILE *fp, size_t width)
{
	struct strbuf	 sb = STRBUF_INIT;
	size_t		*w, r, nrows;

	if (t->ncols == 0)
		return;
	/* rows measured are counted in the widths, not printed */
	nrows = t->ncells / t->ncols;
	w = xcalloc(t->ncols, sizeof *w);
	layout(t, width, 0, w);
	print_row(t, w, NULL, &sb, fp);
	for (r = 0; r < nrows; r++)
		print_row(t, w, (const char *const *)&t->cells[r * t->ncols],
		    &sb, fp);
	strbuf_release(&sb);
	free(w);
}

int
dlt_table_stream_begin(struct dlt_table_stream *ts, const struct dlt_table *t,
    FILE *fp, size_t width)
{
	const struct dlt_table_col	*lc;
	size_t				 i, rest;

	memset(ts, 0, sizeof *ts);
	if (t->ncols == 0)
		return (-1);
	lc = &t->cols[t->ncols - 1];
	ts->w = xcalloc(t->ncols, sizeof *ts->w);
	layout(t, width, 1, ts->w);
	if (width > 0) {
		/* the last column must shrink first, and alone */
		for (i = 0; i + 1 < t->ncols; i++)
			if (t->cols[i].shrink != 0 &&
			    t->cols[i].shrink <= lc->shrink)
				goto refuse;
		if (lc->shrink == 0)
			goto refuse;
		/*
		 * Narrower than its minimum, the last column would leave the
		 * others more room than an open one does.
		 */
		rest = 2 * (t->ncols - 1);
		for (i = 0; i + 1 < t->ncols; i++)
			rest += t->w[i];
		if (t->w[t->ncols - 1] < lc->min &&
		    (rest >= width || width - rest < lc->min))
			goto refuse;
	}
	ts->t = t;
	ts->fp = fp;
	strbuf_init(&ts->cells);
	strbuf_init(&ts->sb);
	ts->at = xcalloc(t->ncols, sizeof *ts->at);
	ts->row = xcalloc(t->ncols, sizeof *ts->row);
	print_row(t, ts->w, NULL, &ts->sb, fp);
	return (0);

refuse:
	free(ts->w);
	memset(ts, 0, sizeof *ts);
	return (-1);
}

void
dlt_table_stream_row(struct dlt_table_stream *ts, const char *const *cells)
{
	const struct dlt_table	*t = ts->t;
	size_t			 i;

	/* cleaned one after the other, each ended by its NUL */
	strbuf_reset(&ts->cells);
	for (i = 0; i < t->ncols; i++) {
		ts->at[i] = ts->cells.len;
		add_line(&ts->cells, cells[i]);
		strbuf_addch(&ts->cells, '\0');
	}
	for (i = 0; i < t->ncols; i++)
		ts->row[i] = ts->cells.buf + ts->at[i];
	print_row(t, ts->w, ts->row, &ts->sb, ts->fp);
}

void
dlt_table_stream_end(struct dlt_table_stream *ts)
{
	free(ts->w);
	free(ts->at);
	free(ts->row);
	strbuf_release(&ts->cells);
	strbuf_release(&ts->sb);
	memset(ts, 0, sizeof *ts);
}

size_t
dlt_table_width(int fd)
{
	struct winsize	 ws;
	const char	*env;
	char		*end;
	long		 v;

	if ((env = getenv("COLUMNS")) != NULL && *env >= '0' && *env <= '9') {
		errno = 0;
		v = strtol(env, &end, 10);
		if (*end == '\0' && errno == 0 && v > 0 && v < INT_MAX)
			return ((size_t)v);
	}
	if (isatty(fd) && ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return (ws.ws_col);
	return (0);
}
