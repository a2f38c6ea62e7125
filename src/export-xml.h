/*
 * export-xml.h: the exporters' XML and HTML writers, and the only door
 * to libxml2 (only export-xml.c includes its headers).
 *
 * Two ways to write, both libxml2's own, so that no markup is ever put
 * together from strings:
 *
 * - struct dlt_xdoc is an HTML document built as a tree (htmlNewDocNoDtD,
 *   xmlNewChild) and serialised by libxml2's HTML serialiser.  Nodes are
 *   borrowed from their document and live until dlt_xdoc_free().
 * - struct dlt_xw is a streaming XML writer (xmlTextWriter) into memory.
 *
 * Every text and attribute value goes in through a cleaning step first:
 * invalid UTF-8 becomes U+FFFD, control characters other than tab and
 * newline become their visible pictures (U+2400...), and the characters
 * XML forbids (U+FFFE, U+FFFF) become U+FFFD; libxml2 then escapes it.
 * So log text can hold anything and the document stays well formed.
 * Only dlt_xnode_code() takes text as it is: the content of the
 * exporters' own <script> and <style>, which never comes from a log.
 *
 * Names of elements and attributes are the exporters' constants.  Out of
 * memory stops the program, as xmalloc does.
 */
#ifndef DLT_EXPORT_XML_H
#define DLT_EXPORT_XML_H

#include "error.h"

struct strbuf;
struct dlt_xdoc;
struct dlt_xnode;
struct dlt_xw;

/* Clean text as described above, appended to out. */
void		 dlt_xml_clean(struct strbuf *out, const char *s);

/* A new HTML document: "<!DOCTYPE html>" and an empty <html lang="en">. */
struct dlt_xdoc	*dlt_xdoc_new_html(void);
void		 dlt_xdoc_free(struct dlt_xdoc *);
struct dlt_xnode *dlt_xdoc_root(struct dlt_xdoc *);
/* Serialise the document as HTML, appended to out. */
void		 dlt_xdoc_dump(struct dlt_xdoc *, struct strbuf *out);

/* A new element name as parent's last child. */
struct dlt_xnode *dlt_xnode_add(struct dlt_xnode *parent, const char *name);
/* The same with text in it (NULL: none). */
struct dlt_xnode *dlt_xnode_add_text(struct dlt_xnode *parent,
		     const char *name, const char *text);
/* Text after the node's last child. */
void		 dlt_xnode_text(struct dlt_xnode *, const char *);
void		 dlt_xnode_textf(struct dlt_xnode *, const char *, ...)
		     DLT_PRINTF(2, 3);
/* Set an attribute (value NULL: nothing). */
void		 dlt_xnode_attr(struct dlt_xnode *, const char *name,
		     const char *value);
void		 dlt_xnode_attrf(struct dlt_xnode *, const char *name,
		     const char *, ...) DLT_PRINTF(3, 4);
/* The code of a <script> or <style>: the exporters' constant text. */
void		 dlt_xnode_code(struct dlt_xnode *, const char *);

/* A streaming XML writer: "<?xml version="1.0" encoding="UTF-8"?>" first. */
struct dlt_xw	*dlt_xw_new(void);
void		 dlt_xw_free(struct dlt_xw *);
void		 dlt_xw_start(struct dlt_xw *, const char *name);
void		 dlt_xw_attr(struct dlt_xw *, const char *name,
		     const char *value);
void		 dlt_xw_attrf(struct dlt_xw *, const char *name,
		     const char *, ...) DLT_PRINTF(3, 4);
void		 dlt_xw_text(struct dlt_xw *, const char *);
void		 dlt_xw_end(struct dlt_xw *);
/*
 * Close every element still open and the document, and append the text
 * to out: 0, or -1 when libxml2 failed on the way (said).
 */
int		 dlt_xw_finish(struct dlt_xw *, struct strbuf *out);

#endif
