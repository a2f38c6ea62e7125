/*
 * export-xml.c: the XML and HTML writers over libxml2; see export-xml.h.
 * This is the only file that includes libxml2's headers.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLtree.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>

#include "error.h"
#include "export-xml.h"
#include "json.h"
#include "strbuf.h"
#include "xmalloc.h"

struct dlt_xdoc {
	xmlDocPtr	 doc;
};

struct dlt_xw {
	xmlBufferPtr	 buf;
	xmlTextWriterPtr w;
	int		 failed;
};

static void	 xml_init(void);
static xmlNodePtr node_of(struct dlt_xnode *);
static struct dlt_xnode *xnode_of(xmlNodePtr);
static void	 xw_check(struct dlt_xw *, int);

static void
xml_init(void)
{
	static int	done;

	if (!done) {
		LIBXML_TEST_VERSION
		xmlInitParser();
		done = 1;
	}
}

/* A dlt_xnode is a libxml2 node under another name. */
static xmlNodePtr
node_of(struct dlt_xnode *n)
{
	return ((xmlNodePtr)(void *)n);
}

static struct dlt_xnode *
xnode_of(xmlNodePtr n)
{
	if (n == NULL)
		dlt_die("out of memory building a document");
	return ((struct dlt_xnode *)(void *)n);
}

void
dlt_xml_clean(struct strbuf *out, const char *s)
{
	struct strbuf		 u = STRBUF_INIT;
	const unsigned char	*p;
	size_t			 i;

	if (s == NULL)
		return;
	dlt_utf8_sanitise(&u, s, strlen(s));
	p = (const unsigned char *)u.buf;
	for (i = 0; i < u.len; i++) {
		if ((p[i] < 0x20 && p[i] != '\t' && p[i] != '\n') ||
		    p[i] == 0x7f) {
			/* U+2400 + c, U+2421 for DEL: "the picture of c" */
			strbuf_addch(out, 0xe2);
			strbuf_addch(out, 0x90);
			strbuf_addch(out, p[i] == 0x7f ? 0xa1 : 0x80 + p[i]);
		} else if (p[i] == 0xc2 && i + 1 < u.len && p[i + 1] >= 0x80 &&
		    p[i + 1] <= 0x9f) {
			/* C1 controls: not welcome in HTML */
			strbuf_add(out, "\xef\xbf\xbd", 3);
			i++;
		} else if (p[i] == 0xef && i + 2 < u.len && p[i + 1] == 0xbf &&
		    (p[i + 2] == 0xbe || p[i + 2] == 0xbf)) {
			strbuf_add(out, "\xef\xbf\xbd", 3);
			i += 2;
		} else
			strbuf_addch(out, p[i]);
	}
	strbuf_release(&u);
}

struct dlt_xdoc *
dlt_xdoc_new_html(void)
{
	struct dlt_xdoc	*d;
	xmlNodePtr	 root;

	xml_init();
	d = xcalloc(1, sizeof *d);
	if ((d->doc = htmlNewDocNoDtD(NULL, NULL)) == NULL ||
	    xmlCreateIntSubset(d->doc, BAD_CAST "html", NULL, NULL) == NULL ||
	    (root = xmlNewDocNode(d->doc, NULL, BAD_CAST "html", NULL)) == NULL)
		dlt_die("out of memory building a document");
	xmlDocSetRootElement(d->doc, root);
	xmlSetProp(root, BAD_CAST "lang", BAD_CAST "en");
	return (d);
}

void
dlt_xdoc_free(struct dlt_xdoc *d)
{
	if (d == NULL)
		return;
	xmlFreeDoc(d->doc);
	free(d);
}

struct dlt_xnode *
dlt_xdoc_root(struct dlt_xdoc *d)
{
	return (xnode_of(xmlDocGetRootElement(d->doc)));
}

void
dlt_xdoc_dump(struct dlt_xdoc *d, struct strbuf *out)
{
	xmlChar	*mem = NULL;
	int	 size = 0;

	htmlDocDumpMemoryFormat(d->doc, &mem, &size, 1);
	if (mem == NULL)
		dlt_die("out of memory writing a document");
	strbuf_add(out, mem, (size_t)size);
	xmlFree(mem);
}

struct dlt_xnode *
dlt_xnode_add(struct dlt_xnode *parent, const char *name)
{
	return (xnode_of(xmlNewChild(node_of(parent), NULL, BAD_CAST name,
	    NULL)));
}

struct dlt_xnode *
dlt_xnode_add_text(struct dlt_xnode *parent, const char *name,
    const char *text)
{
	struct dlt_xnode	*n;

	n = dlt_xnode_add(parent, name);
	dlt_xnode_text(n, text);
	return (n);
}

void
dlt_xnode_text(struct dlt_xnode *n, const char *text)
{
	struct strbuf	sb = STRBUF_INIT;
	xmlNodePtr	node = node_of(n), t;

	if (text == NULL || *text == '\0')
		return;
	dlt_xml_clean(&sb, text);
	/* a text node holds its content as it is: escaped when written */
	if ((t = xmlNewDocTextLen(node->doc, BAD_CAST sb.buf, (int)sb.len)) ==
	    NULL)
		dlt_die("out of memory building a document");
	/* merged into a text before it, t is freed: the result is not t */
	if (xmlAddChild(node, t) == NULL) {
		xmlFreeNode(t);
		dlt_die("out of memory building a document");
	}
	strbuf_release(&sb);
}

void
dlt_xnode_textf(struct dlt_xnode *n, const char *fmt, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	dlt_xnode_text(n, s);
	free(s);
}

void
dlt_xnode_attr(struct dlt_xnode *n, const char *name, const char *value)
{
	struct strbuf	sb = STRBUF_INIT;

	if (value == NULL)
		return;
	dlt_xml_clean(&sb, value);
	/* xmlSetProp keeps the value as text, escaped when written */
	if (xmlSetProp(node_of(n), BAD_CAST name, BAD_CAST sb.buf) == NULL)
		dlt_die("out of memory building a document");
	strbuf_release(&sb);
}

void
dlt_xnode_attrf(struct dlt_xnode *n, const char *name, const char *fmt, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	dlt_xnode_attr(n, name, s);
	free(s);
}

void
dlt_xnode_code(struct dlt_xnode *n, const char *code)
{
	xmlNodePtr	node = node_of(n), t;

	if (strstr(code, "</") != NULL)
		dlt_bug("script or style code holds '</'");
	if ((t = xmlNewDocText(node->doc, BAD_CAST code)) == NULL)
		dlt_die("out of memory building a document");
	if (xmlAddChild(node, t) == NULL) {
		xmlFreeNode(t);
		dlt_die("out of memory building a document");
	}
}

static void
xw_check(struct dlt_xw *x, int rc)
{
	if (rc < 0)
		x->failed = 1;
}

struct dlt_xw *
dlt_xw_new(void)
{
	struct dlt_xw	*x;

	xml_init();
	x = xcalloc(1, sizeof *x);
	if ((x->buf = xmlBufferCreate()) == NULL)
		dlt_die("out of memory writing XML");
	/* libxml2 2.9 grows a buffer by what it needs: quadratic time */
	xmlBufferSetAllocationScheme(x->buf, XML_BUFFER_ALLOC_DOUBLEIT);
	if ((x->w = xmlNewTextWriterMemory(x->buf, 0)) == NULL)
		dlt_die("out of memory writing XML");
	xw_check(x, xmlTextWriterSetIndent(x->w, 1));
	xw_check(x, xmlTextWriterSetIndentString(x->w, BAD_CAST "  "));
	xw_check(x, xmlTextWriterStartDocument(x->w, NULL, "UTF-8", NULL));
	return (x);
}

void
dlt_xw_free(struct dlt_xw *x)
{
	if (x == NULL)
		return;
	if (x->w != NULL)
		xmlFreeTextWriter(x->w);
	if (x->buf != NULL)
		xmlBufferFree(x->buf);
	free(x);
}

void
dlt_xw_start(struct dlt_xw *x, const char *name)
{
	xw_check(x, xmlTextWriterStartElement(x->w, BAD_CAST name));
}

void
dlt_xw_attr(struct dlt_xw *x, const char *name, const char *value)
{
	struct strbuf	sb = STRBUF_INIT;

	if (value == NULL)
		return;
	dlt_xml_clean(&sb, value);
	xw_check(x, xmlTextWriterWriteAttribute(x->w, BAD_CAST name,
	    BAD_CAST sb.buf));
	strbuf_release(&sb);
}

void
dlt_xw_attrf(struct dlt_xw *x, const char *name, const char *fmt, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	dlt_xw_attr(x, name, s);
	free(s);
}

void
dlt_xw_text(struct dlt_xw *x, const char *text)
{
	struct strbuf	sb = STRBUF_INIT;

	if (text == NULL || *text == '\0')
		return;
	dlt_xml_clean(&sb, text);
	xw_check(x, xmlTextWriterWriteString(x->w, BAD_CAST sb.buf));
	strbuf_release(&sb);
}

void
dlt_xw_end(struct dlt_xw *x)
{
	xw_check(x, xmlTextWriterEndElement(x->w));
}

int
dlt_xw_finish(struct dlt_xw *x, struct strbuf *out)
{
	xw_check(x, xmlTextWriterEndDocument(x->w));
	/* the writer flushes into the buffer when it is freed */
	xmlFreeTextWriter(x->w);
	x->w = NULL;
	if (x->failed)
		return (dlt_error("libxml2 failed to write the XML"));
	strbuf_add(out, xmlBufferContent(x->buf),
	    (size_t)xmlBufferLength(x->buf));
	return (0);
}
