/*
 * export-report.c: a bug report document as Markdown or HTML; see
 * export-report.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "export-report.h"
#include "export-xml.h"
#include "strbuf.h"
#include "xmalloc.h"

static struct dlt_rblock *current(struct dlt_rdoc *);
static void	new_block(struct dlt_rdoc *, enum dlt_rblock_type);
static void	add_span(struct dlt_rdoc *, enum dlt_rspan_type, const char *,
		    const char *);
static void	block_release(struct dlt_rblock *);
static size_t	longest_ticks(const char *);
static int	word(char);
static void	md_clean(struct strbuf *, const char *, int);
static void	md_spans(struct strbuf *, const struct dlt_rblock *);
static void	html_spans(struct dlt_xnode *, const struct dlt_rblock *);

void
dlt_rdoc_init(struct dlt_rdoc *d)
{
	memset(d, 0, sizeof *d);
	d->title.type = DLT_RBLOCK_PARA;
}

static void
block_release(struct dlt_rblock *b)
{
	size_t	i;

	for (i = 0; i < b->nspans; i++) {
		free(b->spans[i].text);
		free(b->spans[i].url);
	}
	free(b->spans);
	free(b->text);
	free(b->lang);
}

void
dlt_rdoc_release(struct dlt_rdoc *d)
{
	size_t	i, j;

	block_release(&d->title);
	for (i = 0; i < d->nsections; i++) {
		for (j = 0; j < d->sections[i].nblocks; j++)
			block_release(&d->sections[i].blocks[j]);
		free(d->sections[i].blocks);
		free(d->sections[i].heading);
	}
	free(d->sections);
	memset(d, 0, sizeof *d);
}

void
dlt_rdoc_section(struct dlt_rdoc *d, const char *heading)
{
	d->sections = xreallocarray(d->sections, d->nsections + 1,
	    sizeof *d->sections);
	memset(&d->sections[d->nsections], 0, sizeof *d->sections);
	d->sections[d->nsections++].heading = xstrdup(heading);
}

static void
new_block(struct dlt_rdoc *d, enum dlt_rblock_type type)
{
	struct dlt_rsection	*s;

	if (d->nsections == 0)
		dlt_rdoc_section(d, "");
	s = &d->sections[d->nsections - 1];
	s->blocks = xreallocarray(s->blocks, s->nblocks + 1, sizeof *s->blocks);
	memset(&s->blocks[s->nblocks], 0, sizeof *s->blocks);
	s->blocks[s->nblocks++].type = type;
}

void
dlt_rdoc_para(struct dlt_rdoc *d)
{
	new_block(d, DLT_RBLOCK_PARA);
}

void
dlt_rdoc_item(struct dlt_rdoc *d)
{
	new_block(d, DLT_RBLOCK_ITEM);
}

void
dlt_rdoc_block(struct dlt_rdoc *d, const char *lang, const char *text)
{
	struct dlt_rblock	*b;

	new_block(d, DLT_RBLOCK_CODE);
	b = current(d);
	b->text = xstrdup(text);
	b->lang = lang != NULL ? xstrdup(lang) : NULL;
}

/* The block spans go to: the title before any section. */
static struct dlt_rblock *
current(struct dlt_rdoc *d)
{
	struct dlt_rsection	*s;

	if (d->nsections == 0)
		return (&d->title);
	s = &d->sections[d->nsections - 1];
	if (s->nblocks == 0)
		new_block(d, DLT_RBLOCK_PARA);
	return (&s->blocks[s->nblocks - 1]);
}

static void
add_span(struct dlt_rdoc *d, enum dlt_rspan_type type, const char *text,
    const char *url)
{
	struct dlt_rblock	*b = current(d);

	b->spans = xreallocarray(b->spans, b->nspans + 1, sizeof *b->spans);
	b->spans[b->nspans].type = type;
	b->spans[b->nspans].text = xstrdup(text);
	b->spans[b->nspans].url = url != NULL ? xstrdup(url) : NULL;
	b->nspans++;
}

void
dlt_rdoc_text(struct dlt_rdoc *d, const char *fmt, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	add_span(d, DLT_RSPAN_TEXT, s, NULL);
	free(s);
}

void
dlt_rdoc_code(struct dlt_rdoc *d, const char *text)
{
	add_span(d, DLT_RSPAN_CODE, text, NULL);
}

void
dlt_rdoc_link(struct dlt_rdoc *d, const char *url, const char *text)
{
	add_span(d, DLT_RSPAN_LINK, text != NULL ? text : url, url);
}

void
dlt_rdoc_title_text(const struct dlt_rdoc *d, struct strbuf *out)
{
	size_t	i;

	for (i = 0; i < d->title.nspans; i++)
		strbuf_addstr(out, d->title.spans[i].text);
}

/* The longest run of backticks in s. */
static size_t
longest_ticks(const char *s)
{
	size_t	run = 0, best = 0;

	for (; *s != '\0'; s++) {
		run = *s == '`' ? run + 1 : 0;
		if (run > best)
			best = run;
	}
	return (best);
}

/* A letter or digit (any byte of a UTF-8 sequence counts). */
static int
word(char c)
{
	return ((unsigned char)c >= 0x80 || (c >= '0' && c <= '9') ||
	    (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

/*
 * s for Markdown: control bytes other than tab (and newline in a block)
 * as \xNN; in plain text (escape set) the specials backslashed and
 * newlines as spaces.
 */
static void
md_clean(struct strbuf *out, const char *s, int escape)
{
	unsigned char	c;
	char		prev = '\0';

	for (; *s != '\0'; prev = *s++) {
		c = (unsigned char)*s;
		if (c == '\n' && !escape)
			strbuf_addch(out, '\n');
		else if (c == '\n' || c == '\r')
			strbuf_addch(out, ' ');
		else if ((c < 0x20 && c != '\t') || c == 0x7f)
			strbuf_addf(out, "\\x%02x", c);
		else if (escape && (strchr("\\`*[]<&", c) != NULL ||
		    (c == '_' && !(word(prev) && word(s[1]))) ||
		    ((c == '#' || c == '>' || c == '|' || c == '~') &&
		    prev == '\0'))) {
			/* '_' inside a word emphasises nothing */
			strbuf_addch(out, '\\');
			strbuf_addch(out, (char)c);
		} else
			strbuf_addch(out, (char)c);
	}
}

static void
md_spans(struct strbuf *out, const struct dlt_rblock *b)
{
	const struct dlt_rspan	*sp;
	struct strbuf		 t = STRBUF_INIT;
	size_t			 i, n, k;

	for (i = 0; i < b->nspans; i++) {
		sp = &b->spans[i];
		switch (sp->type) {
		case DLT_RSPAN_TEXT:
			md_clean(out, sp->text, 1);
			break;
		case DLT_RSPAN_CODE:
			/* a fence longer than any run inside, spaced */
			strbuf_reset(&t);
			md_clean(&t, sp->text, 0);
			for (k = 0; k < t.len; k++)
				if (t.buf[k] == '\n')
					t.buf[k] = ' ';
			n = longest_ticks(t.buf) + 1;
			for (k = 0; k < n; k++)
				strbuf_addch(out, '`');
			strbuf_addf(out, n > 1 ? " %s " : "%s", t.buf);
			for (k = 0; k < n; k++)
				strbuf_addch(out, '`');
			break;
		case DLT_RSPAN_LINK:
			if (strcmp(sp->text, sp->url) == 0 &&
			    strcspn(sp->url, " <>\n\t") == strlen(sp->url) &&
			    (strncmp(sp->url, "https://", 8) == 0 ||
			    strncmp(sp->url, "http://", 7) == 0)) {
				/* an autolink: the url is its own text */
				strbuf_addf(out, "<%s>", sp->url);
				break;
			}
			strbuf_addch(out, '[');
			md_clean(out, sp->text, 1);
			strbuf_addstr(out, "](<");
			/* no '<', '>' or newline can end the destination early */
			for (k = 0; sp->url[k] != '\0'; k++)
				if ((unsigned char)sp->url[k] <= 0x20 ||
				    sp->url[k] == '<' || sp->url[k] == '>')
					strbuf_addf(out, "%%%02X",
					    (unsigned char)sp->url[k]);
				else
					strbuf_addch(out, sp->url[k]);
			strbuf_addstr(out, ">)");
			break;
		}
	}
	strbuf_release(&t);
}

void
dlt_rdoc_markdown(const struct dlt_rdoc *d, struct strbuf *out)
{
	const struct dlt_rsection	*s;
	const struct dlt_rblock		*b;
	struct strbuf			 t = STRBUF_INIT;
	size_t				 i, j, k, n;

	strbuf_addstr(out, "# ");
	md_spans(out, &d->title);
	strbuf_addstr(out, "\n");
	for (i = 0; i < d->nsections; i++) {
		s = &d->sections[i];
		if (*s->heading != '\0') {
			strbuf_addstr(out, "\n## ");
			md_clean(out, s->heading, 1);
			strbuf_addstr(out, "\n");
		}
		for (j = 0; j < s->nblocks; j++) {
			b = &s->blocks[j];
			switch (b->type) {
			case DLT_RBLOCK_PARA:
				strbuf_addstr(out, "\n");
				md_spans(out, b);
				strbuf_addstr(out, "\n");
				break;
			case DLT_RBLOCK_ITEM:
				if (j == 0 || s->blocks[j - 1].type !=
				    DLT_RBLOCK_ITEM)
					strbuf_addstr(out, "\n");
				strbuf_addstr(out, "- ");
				md_spans(out, b);
				strbuf_addstr(out, "\n");
				break;
			case DLT_RBLOCK_CODE:
				strbuf_reset(&t);
				md_clean(&t, b->text, 0);
				n = longest_ticks(t.buf) + 1;
				if (n < 3)
					n = 3;
				strbuf_addstr(out, "\n");
				for (k = 0; k < n; k++)
					strbuf_addch(out, '`');
				strbuf_addf(out, "%s\n%s%s", b->lang != NULL ?
				    b->lang : "", t.buf, t.len > 0 &&
				    t.buf[t.len - 1] != '\n' ? "\n" : "");
				for (k = 0; k < n; k++)
					strbuf_addch(out, '`');
				strbuf_addstr(out, "\n");
				break;
			}
		}
	}
	strbuf_release(&t);
}

static void
html_spans(struct dlt_xnode *p, const struct dlt_rblock *b)
{
	const struct dlt_rspan	*sp;
	struct dlt_xnode	*a;
	size_t			 i;

	for (i = 0; i < b->nspans; i++) {
		sp = &b->spans[i];
		switch (sp->type) {
		case DLT_RSPAN_TEXT:
			dlt_xnode_text(p, sp->text);
			break;
		case DLT_RSPAN_CODE:
			dlt_xnode_add_text(p, "code", sp->text);
			break;
		case DLT_RSPAN_LINK:
			a = dlt_xnode_add_text(p, "a", sp->text);
			/* only web links: no javascript: from a defect list */
			if (strncmp(sp->url, "https://", 8) == 0 ||
			    strncmp(sp->url, "http://", 7) == 0)
				dlt_xnode_attr(a, "href", sp->url);
			break;
		}
	}
}

void
dlt_rdoc_html(const struct dlt_rdoc *d, struct strbuf *out)
{
	static const char style[] =
	    "body{font-family:sans-serif;max-width:60em;margin:1em auto;"
	    "padding:0 1em;line-height:1.4}"
	    "pre{background:#f4f4f4;padding:.6em;overflow-x:auto}"
	    "code{background:#f4f4f4}";
	const struct dlt_rsection	*s;
	const struct dlt_rblock		*b;
	struct dlt_xdoc			*doc;
	struct dlt_xnode		*html, *h, *n, *body, *ul = NULL, *pre;
	struct strbuf			 t = STRBUF_INIT;
	size_t				 i, j;

	doc = dlt_xdoc_new_html();
	html = dlt_xdoc_root(doc);
	h = dlt_xnode_add(html, "head");
	n = dlt_xnode_add(h, "meta");
	dlt_xnode_attr(n, "charset", "utf-8");
	n = dlt_xnode_add(h, "meta");
	dlt_xnode_attr(n, "name", "generator");
	dlt_xnode_attr(n, "content", "dltriage " PACKAGE_VERSION);
	dlt_rdoc_title_text(d, &t);
	dlt_xnode_add_text(h, "title", t.buf);
	n = dlt_xnode_add(h, "style");
	dlt_xnode_code(n, style);
	body = dlt_xnode_add(html, "body");
	html_spans(dlt_xnode_add(body, "h1"), &d->title);
	for (i = 0; i < d->nsections; i++) {
		s = &d->sections[i];
		if (*s->heading != '\0')
			dlt_xnode_add_text(body, "h2", s->heading);
		ul = NULL;
		for (j = 0; j < s->nblocks; j++) {
			b = &s->blocks[j];
			if (b->type != DLT_RBLOCK_ITEM)
				ul = NULL;
			switch (b->type) {
			case DLT_RBLOCK_PARA:
				html_spans(dlt_xnode_add(body, "p"), b);
				break;
			case DLT_RBLOCK_ITEM:
				if (ul == NULL)
					ul = dlt_xnode_add(body, "ul");
				html_spans(dlt_xnode_add(ul, "li"), b);
				break;
			case DLT_RBLOCK_CODE:
				pre = dlt_xnode_add(body, "pre");
				n = dlt_xnode_add_text(pre, "code", b->text);
				if (b->lang != NULL)
					dlt_xnode_attrf(n, "class", "language-%s",
					    b->lang);
				break;
			}
		}
	}
	dlt_xdoc_dump(doc, out);
	dlt_xdoc_free(doc);
	strbuf_release(&t);
}
