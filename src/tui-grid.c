/*
 * tui-grid.c: the screen as a grid of cells; see tui-grid.h.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "termsafe.h"
#include "tui-grid.h"
#include "xmalloc.h"

static size_t	utf8_next(const unsigned char *, size_t, uint32_t *);
static char	attr_letter(uint16_t);

void
tui_grid_init(struct tui_grid *g, int w, int h)
{
	g->w = w > 0 ? w : 1;
	g->h = h > 0 ? h : 1;
	g->cells = xcalloc((size_t)g->w * (size_t)g->h, sizeof *g->cells);
	tui_grid_clear(g);
}

void
tui_grid_release(struct tui_grid *g)
{
	free(g->cells);
	memset(g, 0, sizeof *g);
}

void
tui_grid_clear(struct tui_grid *g)
{
	size_t	i, n = (size_t)g->w * (size_t)g->h;

	for (i = 0; i < n; i++) {
		g->cells[i].s[0] = ' ';
		g->cells[i].s[1] = '\0';
		g->cells[i].width = 1;
		g->cells[i].attr = 0;
	}
}

struct tui_cell *
tui_grid_at(struct tui_grid *g, int row, int col)
{
	if (row < 0 || row >= g->h || col < 0 || col >= g->w)
		return (NULL);
	return (&g->cells[(size_t)row * (size_t)g->w + (size_t)col]);
}

/*
 * The code point at p (valid UTF-8, which termsafe guarantees) and its
 * length in bytes.
 */
static size_t
utf8_next(const unsigned char *p, size_t len, uint32_t *cp)
{
	size_t	n, i;

	if (p[0] < 0x80) {
		*cp = p[0];
		return (1);
	}
	n = p[0] >= 0xf0 ? 4 : p[0] >= 0xe0 ? 3 : 2;
	if (n > len) {
		*cp = 0xfffd;
		return (len);
	}
	*cp = p[0] & (0x7f >> n);
	for (i = 1; i < n; i++)
		*cp = (*cp << 6) | (p[i] & 0x3f);
	return (n);
}

int
tui_grid_text(struct tui_grid *g, int row, int col, int maxcols,
    uint16_t attr, const char *s, size_t len, size_t skip)
{
	struct strbuf		 sb = STRBUF_INIT;
	struct tui_cell		*c, *prev = NULL;
	const unsigned char	*p;
	uint32_t		 cp;
	size_t			 i, n, l;
	int			 x = col, w;

	if (row < 0 || row >= g->h || col < 0 || col >= g->w || maxcols <= 0)
		return (0);
	if (maxcols > g->w - col)
		maxcols = g->w - col;
	if (s == NULL)
		return (0);
	dlt_termsafe_line(&sb, s, len, skip, (size_t)maxcols);
	p = (const unsigned char *)sb.buf;
	for (i = 0; i < sb.len; i += n) {
		n = utf8_next(p + i, sb.len - i, &cp);
		w = cp < 0x80 ? 1 : dlt_termsafe_cpwidth(cp);
		if (w == 0) {
			/* a combining mark stays with the character before */
			if (prev != NULL && (l = strlen(prev->s)) + n <
			    sizeof prev->s) {
				memcpy(prev->s + l, p + i, n);
				prev->s[l + n] = '\0';
			}
			continue;
		}
		if (x + w > col + maxcols)
			break;
		c = tui_grid_at(g, row, x);
		memcpy(c->s, p + i, n);
		c->s[n] = '\0';
		c->width = (uint8_t)w;
		c->attr = attr;
		prev = c;
		if (w == 2) {
			c = tui_grid_at(g, row, x + 1);
			c->s[0] = '\0';
			c->width = 0;
			c->attr = attr;
		}
		x += w;
	}
	strbuf_release(&sb);
	return (x - col);
}

int
tui_grid_str(struct tui_grid *g, int row, int col, int maxcols,
    uint16_t attr, const char *s)
{
	if (s == NULL)
		return (0);
	return (tui_grid_text(g, row, col, maxcols, attr, s, strlen(s), 0));
}

int
tui_grid_printf(struct tui_grid *g, int row, int col, int maxcols,
    uint16_t attr, const char *fmt, ...)
{
	va_list	 ap;
	char	*s;
	int	 n;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	n = tui_grid_str(g, row, col, maxcols, attr, s);
	free(s);
	return (n);
}

void
tui_grid_attr(struct tui_grid *g, int row, int col, int ncols, uint16_t attr)
{
	struct tui_cell	*c;
	int		 x;

	for (x = col; x < col + ncols; x++)
		if ((c = tui_grid_at(g, row, x)) != NULL)
			c->attr |= attr;
}

/*
 * One letter per attribute, the strongest first, for the dumps:
 * R reverse bar, > cursor, m match, e evidence, * mark, + add, - del,
 * b bold, d dim, . none.
 */
static char
attr_letter(uint16_t a)
{
	if (a & TUI_A_MATCH)
		return ('m');
	if (a & TUI_A_CURSOR)
		return ('>');
	if (a & TUI_A_REVERSE)
		return ('R');
	if (a & TUI_A_EVIDENCE)
		return ('e');
	if (a & TUI_A_MARK)
		return ('*');
	if (a & TUI_A_ADD)
		return ('+');
	if (a & TUI_A_DEL)
		return ('-');
	if (a & TUI_A_BOLD)
		return ('b');
	if (a & TUI_A_DIM)
		return ('d');
	return ('.');
}

void
tui_grid_dump(const struct tui_grid *g, struct strbuf *out, int attrs)
{
	const struct tui_cell	*c;
	size_t			 start, end;
	int			 r, x, any, last;

	for (r = 0; r < g->h; r++) {
		start = out->len;
		end = start;
		any = 0;
		for (x = 0; x < g->w; x++) {
			c = &g->cells[(size_t)r * (size_t)g->w + (size_t)x];
			if (c->attr != 0)
				any = 1;
			if (c->width == 0)
				continue;
			strbuf_addstr(out, c->s);
			if (strcmp(c->s, " ") != 0)
				end = out->len;
		}
		strbuf_setlen(out, end);
		strbuf_addch(out, '\n');
		if (!attrs || !any)
			continue;
		last = 0;
		for (x = 0; x < g->w; x++)
			if (g->cells[(size_t)r * (size_t)g->w + (size_t)x].attr)
				last = x + 1;
		strbuf_addstr(out, "   |");
		for (x = 0; x < last; x++)
			strbuf_addch(out, attr_letter(g->cells[(size_t)r *
			    (size_t)g->w + (size_t)x].attr));
		strbuf_addch(out, '\n');
	}
}
