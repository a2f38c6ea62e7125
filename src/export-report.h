/*
 * export-report.h: a bug report as a small document (a title, sections
 * of paragraphs, list items and code blocks, each paragraph a run of
 * plain text, code and links), written as Markdown or as HTML (through
 * export-xml.h).  dltriage report fills one; nothing here knows what a
 * defect is.
 *
 * Text may hold anything a log holds: Markdown escapes its specials in
 * plain text, gives code spans and blocks a fence longer than any run
 * of backticks in them, and shows control bytes other than tab and
 * newline as \xNN; HTML cleans text as export-xml.h says.
 */
#ifndef DLT_EXPORT_REPORT_H
#define DLT_EXPORT_REPORT_H

#include <stddef.h>

#include "error.h"

struct strbuf;

enum dlt_rspan_type {
	DLT_RSPAN_TEXT,
	DLT_RSPAN_CODE,
	DLT_RSPAN_LINK
};

struct dlt_rspan {
	enum dlt_rspan_type	 type;
	char			*text;
	char			*url;		/* LINK */
};

enum dlt_rblock_type {
	DLT_RBLOCK_PARA,
	DLT_RBLOCK_ITEM,			/* of a bulleted list */
	DLT_RBLOCK_CODE				/* a block: text, lang */
};

struct dlt_rblock {
	enum dlt_rblock_type	 type;
	struct dlt_rspan	*spans;
	size_t			 nspans;
	char			*text, *lang;	/* CODE */
};

struct dlt_rsection {
	char			*heading;
	struct dlt_rblock	*blocks;
	size_t			 nblocks;
};

struct dlt_rdoc {
	struct dlt_rblock	 title;		/* spans only */
	struct dlt_rsection	*sections;
	size_t			 nsections;
};

void	dlt_rdoc_init(struct dlt_rdoc *);
void	dlt_rdoc_release(struct dlt_rdoc *);
/* Start a section; the blocks below go in it. */
void	dlt_rdoc_section(struct dlt_rdoc *, const char *heading);
/* Start a paragraph or a list item; the spans below go in it. */
void	dlt_rdoc_para(struct dlt_rdoc *);
void	dlt_rdoc_item(struct dlt_rdoc *);
/* Spans of the current paragraph, item, or the title (before any section). */
void	dlt_rdoc_text(struct dlt_rdoc *, const char *, ...) DLT_PRINTF(2, 3);
void	dlt_rdoc_code(struct dlt_rdoc *, const char *);
void	dlt_rdoc_link(struct dlt_rdoc *, const char *url, const char *text);
/* A code block of the current section (lang: a fence's info word, or NULL). */
void	dlt_rdoc_block(struct dlt_rdoc *, const char *lang, const char *text);

/* The title's text, plain, in out. */
void	dlt_rdoc_title_text(const struct dlt_rdoc *, struct strbuf *out);
/* The document as Markdown or as a whole HTML page, appended to out. */
void	dlt_rdoc_markdown(const struct dlt_rdoc *, struct strbuf *out);
void	dlt_rdoc_html(const struct dlt_rdoc *, struct strbuf *out);

#endif
