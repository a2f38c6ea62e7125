/* output-table.c: tables fitted to a width; see output-table.h. */
#include <sys/ioctl.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json.h"
#include "output-table.h"
#include "strbuf.h"
#include "xmalloc.h"

static void	 put_cell(struct strbuf *, const char *, size_t, size_t, int);

void
dlt_table_init(struct dlt_table *t, const struct dlt_table_col *cols,
    size_t ncols)
{
	memset(t, 0, sizeof *t);
	t->cols = cols;
	t->ncols = ncols;
}

void
dlt_table_release(struct dlt_table *t)
{
	size_t	i;

	for (i = 0; i < t->ncells; i++)
		free(t->cells[i]);
	free(t->cells);
	t->cells = NULL;
	t->ncells = t->alloc = 0;
}

char *
dlt_text_line(const char *s)
{
	struct strbuf	sb = STRBUF_INIT;
	size_t		i;

	if (s == NULL)
		s = "";
	dlt_utf8_sanitise(&sb, s, strlen(s));
	for (i = 0; i < sb.len; i++)
		if ((unsigned char)sb.buf[i] < 0x20 || sb.buf[i] == 0x7f)
			sb.buf[i] = ' ';
	return (strbuf_detach(&sb, NULL));
}

void
dlt_table_add(struct dlt_table *t, const char *const *cells)
{
	size_t	i;

	XGROW(t->cells, t->ncells + t->ncols, t->alloc);
	for (i = 0; i < t->ncols; i++)
		t->cells[t->ncells++] = dlt_text_line(cells[i]);
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

void
dlt_table_print(const struct dlt_table *t, FILE *fp, size_t width)
{
	struct strbuf	 sb = STRBUF_INIT;
	const char	*s;
	size_t		*w, total, excess, cut, i, r, nrows, sw, len;
	int		 order, more;

	if (t->ncols == 0)
		return;
	nrows = t->ncells / t->ncols;
	w = xcalloc(t->ncols, sizeof *w);
	for (i = 0; i < t->ncols; i++)
		w[i] = dlt_text_width(t->cols[i].header);
	for (r = 0; r < nrows; r++)
		for (i = 0; i < t->ncols; i++)
			if ((sw = dlt_text_width(t->cells[r * t->ncols + i])) > w[i])
				w[i] = sw;
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

	for (r = 0; r <= nrows; r++) {
		strbuf_reset(&sb);
		for (i = 0; i < t->ncols; i++) {
			s = r == 0 ? t->cols[i].header :
			    t->cells[(r - 1) * t->ncols + i];
			if (i > 0)
				strbuf_addstr(&sb, "  ");
			put_cell(&sb, s, w[i], dlt_text_width(s),
			    (t->cols[i].right ? 1 : 0) |
			    (i == t->ncols - 1 ? 2 : 0));
		}
		/* a cut or empty last cell leaves no trailing blank */
		for (len = sb.len; len > 0 && sb.buf[len - 1] == ' '; len--)
			;
		strbuf_setlen(&sb, len);
		strbuf_addch(&sb, '\n');
		fwrite(sb.buf, 1, sb.len, fp);
	}
	strbuf_release(&sb);
	free(w);
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
