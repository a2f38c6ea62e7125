/*
 * export-html.c: a self-contained static HTML report of a store.
 *
 * One file, no external asset (its style, script and pictures are
 * inline), readable without a server and without JavaScript:
 * - a summary: how many failures and unique defects, by priority, and
 *   three inline SVG pictures: the discovery curve (unique defects over
 *   time, by the time each was first seen) and the failures per class
 *   and per framework as bars;
 * - the defects table, one row per bucket, worst first; a small inline
 *   script sorts it by the column clicked (and by ?sort=KEY or
 *   ?sort=-KEY in the URL, for links to a sorted table);
 * - one section per defect, whose id is the bucket id: a page of its own
 *   when its link is followed (CSS :target hides the rest), with its
 *   fields, top frames and failures with their log excerpts.
 *
 * The document is a libxml2 tree (export-xml.h): every text, log lines
 * included, is a text node that libxml2 escapes, so nothing from a log
 * can end an element or start a script.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "export-xml.h"
#include "export.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"
#include "yaml-node.h"

#define HTML_MEMBERS	20	/* failures of a defect shown in full */
#define HTML_FRAMES	8	/* top frames of a defect shown */
#define HTML_EXCERPT	8000	/* bytes of an excerpt shown */
#define HTML_POINTS	400	/* marks on the discovery curve, at most */

/* The picture sizes, in SVG user units. */
#define CURVE_W		640
#define CURVE_H		260
#define CURVE_LEFT	48
#define CURVE_RIGHT	16
#define CURVE_TOP	16
#define CURVE_BOTTOM	40
#define BAR_W		640
#define BAR_ROW		24
#define BAR_LABEL	130
#define BAR_NUMBER	56

struct bar {
	const char	*label;
	long		 n;
	const char	*cls;		/* CSS class of the bar, or NULL */
};

static const char html_style[] =
    ":root { --fg: #1d1d1f; --muted: #5f6368; --line: #d0d4da;"
    " --head: #f1f3f5; --link: #0b57d0; }\n"
    "body { font: 15px/1.45 system-ui, sans-serif; color: var(--fg);"
    " margin: 0 auto; max-width: 72rem; padding: 1rem 1.5rem; }\n"
    "h1 { font-size: 1.6rem; margin: .5rem 0; }\n"
    "h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom:"
    " 1px solid var(--line); }\n"
    "a { color: var(--link); }\n"
    ".muted { color: var(--muted); }\n"
    "table { border-collapse: collapse; width: 100%; }\n"
    "th, td { text-align: left; padding: .3rem .5rem; border-bottom:"
    " 1px solid var(--line); vertical-align: top; }\n"
    "th { background: var(--head); cursor: pointer; user-select: none;"
    " white-space: nowrap; }\n"
    "th[aria-sort=ascending]::after { content: \" \\25B2\"; }\n"
    "th[aria-sort=descending]::after { content: \" \\25BC\"; }\n"
    "td.num { text-align: right; font-variant-numeric: tabular-nums; }\n"
    "td.title { word-break: break-word; }\n"
    "td.time { white-space: nowrap; }\n"
    ".summary { display: grid; grid-template-columns: repeat(auto-fit,"
    " minmax(10rem, 1fr)); gap: .5rem; }\n"
    ".summary div { background: var(--head); padding: .5rem .75rem;"
    " border-radius: 4px; }\n"
    ".summary b { display: block; font-size: 1.4rem; }\n"
    "figure { margin: 1rem 0; }\n"
    "figcaption { color: var(--muted); font-size: .9rem; }\n"
    "svg { max-width: 100%; height: auto; font: 12px system-ui,"
    " sans-serif; }\n"
    "svg .axis { stroke: #888; stroke-width: 1; }\n"
    "svg .curve { fill: none; stroke: #0b57d0; stroke-width: 2; }\n"
    "svg .mark { fill: #0b57d0; }\n"
    "svg .bar { fill: #6b8fd6; }\n"
    "svg .bar.crash { fill: #c5221f; } svg .bar.nan { fill: #e37400; }\n"
    "svg .bar.inconsistency { fill: #9334e6; }\n"
    "svg .bar.false-positive { fill: #9aa0a6; }\n"
    "svg .bar.timeout { fill: #12848f; } svg .bar.oom { fill: #b06000; }\n"
    "svg .bar.unknown { fill: #5f6368; }\n"
    ".prio-high { color: #c5221f; font-weight: 600; }\n"
    ".prio-medium { color: #b06000; }\n"
    ".prio-low, .prio-unknown { color: var(--muted); }\n"
    ".defect { display: none; }\n"
    ".defect:target { display: block; }\n"
    "body:has(.defect:target) main { display: none; }\n"
    "dl.fields { display: grid; grid-template-columns: max-content 1fr;"
    " gap: .2rem 1rem; }\n"
    "dl.fields dt { color: var(--muted); }\n"
    "dl.fields dd { margin: 0; word-break: break-word; }\n"
    "pre { background: #f6f8fa; border: 1px solid var(--line); padding:"
    " .5rem; overflow-x: auto; white-space: pre-wrap; word-break:"
    " break-all; font-size: 13px; }\n"
    ".failure { margin-bottom: 1.5rem; }\n";

/*
 * Sorts the defects table by the column clicked (again: the other way),
 * by its cells' data-sort or their text, as numbers for data-type
 * "number"; ?sort=KEY or ?sort=-KEY in the URL sorts it on load.
 */
static const char html_script[] =
    "(function () {\n"
    "  var table = document.getElementById('defects-table');\n"
    "  if (!table || !table.tHead || !table.tBodies.length) return;\n"
    "  var heads = table.tHead.rows[0].cells;\n"
    "  function value(cell, numeric) {\n"
    "    var v = cell.getAttribute('data-sort');\n"
    "    if (v === null) v = cell.textContent;\n"
    "    return numeric ? (parseFloat(v) || 0) : v.toLowerCase();\n"
    "  }\n"
    "  function sortBy(col, desc) {\n"
    "    var numeric = heads[col].getAttribute('data-type') === 'number';\n"
    "    var body = table.tBodies[0];\n"
    "    var rows = Array.prototype.slice.call(body.rows);\n"
    "    rows.sort(function (a, b) {\n"
    "      var x = value(a.cells[col], numeric);\n"
    "      var y = value(b.cells[col], numeric);\n"
    "      var c = x < y ? -1 : (x > y ? 1 : 0);\n"
    "      return desc ? -c : c;\n"
    "    });\n"
    "    rows.forEach(function (r) { body.appendChild(r); });\n"
    "    for (var i = 0; i < heads.length; i++)\n"
    "      heads[i].removeAttribute('aria-sort');\n"
    "    heads[col].setAttribute('aria-sort', desc ? 'descending' :"
    " 'ascending');\n"
    "  }\n"
    "  function hook(i) {\n"
    "    function go() {\n"
    "      sortBy(i, heads[i].getAttribute('aria-sort') === 'ascending');\n"
    "    }\n"
    "    heads[i].tabIndex = 0;\n"
    "    heads[i].addEventListener('click', go);\n"
    "    heads[i].addEventListener('keydown', function (e) {\n"
    "      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault();"
    " go(); }\n"
    "    });\n"
    "  }\n"
    "  for (var i = 0; i < heads.length; i++) hook(i);\n"
    "  table.setAttribute('data-sortable', 'yes');\n"
    "  var m = /[?&]sort=(-?)([a-z-]+)/.exec(window.location.search);\n"
    "  if (m) {\n"
    "    for (i = 0; i < heads.length; i++)\n"
    "      if (heads[i].getAttribute('data-key') === m[2])\n"
    "        sortBy(i, m[1] === '-');\n"
    "  }\n"
    "})();\n";

static int	 prio_rank(const char *);
static int	 cmp_worst(const void *, const void *, void *);
static int	 cmp_time(const void *, const void *);
static int	 parse_time(const char *, time_t *);
static void	 fmt_time(time_t, char *, size_t);
static void	 head(struct dlt_xnode *, const struct dlt_export *);
static void	 summary(struct dlt_xnode *, const struct dlt_export *);
static void	 tile(struct dlt_xnode *, long, const char *);
static void	 curve(struct dlt_xnode *, const struct dlt_export *);
static void	 bars(struct dlt_xnode *, const char *, const char *,
		     const struct bar *, size_t);
static void	 class_bars(struct dlt_xnode *, const struct dlt_export *);
static void	 framework_bars(struct dlt_xnode *,
		     const struct dlt_export *);
static void	 defects_table(struct dlt_xnode *, const struct dlt_export *,
		     const size_t *, size_t);
static void	 th(struct dlt_xnode *, const char *, const char *, int);
static void	 td(struct dlt_xnode *, const char *, const char *);
static void	 defect_page(struct dlt_xnode *, const struct dlt_export *,
		     const struct dlt_export_bucket *);
static void	 field(struct dlt_xnode *, const char *, const char *);
static void	 failure_item(struct dlt_xnode *,
		     const struct dlt_store_member *);
static struct dlt_xnode *svg_new(struct dlt_xnode *, int, int,
		     const char *);
static struct dlt_xnode *svg_text(struct dlt_xnode *, double, double,
		     const char *, const char *);
static void	 svg_line(struct dlt_xnode *, double, double, double,
		     double);

/* high 3, medium 2, low 1, anything else 0: the table's sort key. */
static int
prio_rank(const char *p)
{
	if (p == NULL)
		return (0);
	if (strcmp(p, "high") == 0)
		return (3);
	if (strcmp(p, "medium") == 0)
		return (2);
	if (strcmp(p, "low") == 0)
		return (1);
	return (0);
}

/* Worst first: priority, security, failures, then id. */
static int
cmp_worst(const void *a, const void *b, void *arg)
{
	const struct dlt_export		*ex = arg;
	const struct dlt_export_bucket	*x, *y;
	int				 c;

	x = &ex->buckets[*(const size_t *)a];
	y = &ex->buckets[*(const size_t *)b];
	if ((c = prio_rank(y->priority) - prio_rank(x->priority)) != 0)
		return (c);
	if (x->security != y->security)
		return (y->security - x->security);
	if (x->count != y->count)
		return (y->count > x->count ? 1 : -1);
	return (strcmp(x->id, y->id));
}

static int
cmp_time(const void *a, const void *b)
{
	time_t	x = *(const time_t *)a, y = *(const time_t *)b;

	return (x < y ? -1 : x > y);
}

/* "2026-12-02T06:11:27Z" (the store's times): 0, or -1. */
static int
parse_time(const char *s, time_t *t)
{
	struct tm	 tm;
	const char	*end;

	if (s == NULL)
		return (-1);
	memset(&tm, 0, sizeof tm);
	if ((end = strptime(s, "%Y-%m-%dT%H:%M:%S", &tm)) == NULL ||
	    (*end != 'Z' && *end != '\0'))
		return (-1);
	*t = timegm(&tm);
	return (*t == (time_t)-1 ? -1 : 0);
}

static void
fmt_time(time_t t, char *buf, size_t len)
{
	struct tm	tm;

	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(buf, len, "%Y-%m-%d %H:%M:%S", &tm) == 0)
		snprintf(buf, len, "?");
}

static struct dlt_xnode *
svg_new(struct dlt_xnode *parent, int w, int h, const char *label)
{
	struct dlt_xnode	*svg;

	svg = dlt_xnode_add(parent, "svg");
	dlt_xnode_attr(svg, "xmlns", "http://www.w3.org/2000/svg");
	dlt_xnode_attrf(svg, "width", "%d", w);
	dlt_xnode_attrf(svg, "height", "%d", h);
	dlt_xnode_attrf(svg, "viewBox", "0 0 %d %d", w, h);
	dlt_xnode_attr(svg, "role", "img");
	dlt_xnode_attr(svg, "aria-label", label);
	dlt_xnode_add_text(svg, "title", label);
	return (svg);
}

static struct dlt_xnode *
svg_text(struct dlt_xnode *svg, double x, double y, const char *anchor,
    const char *text)
{
	struct dlt_xnode	*t;

	t = dlt_xnode_add_text(svg, "text", text);
	dlt_xnode_attrf(t, "x", "%.1f", x);
	dlt_xnode_attrf(t, "y", "%.1f", y);
	if (anchor != NULL)
		dlt_xnode_attr(t, "text-anchor", anchor);
	return (t);
}

static void
svg_line(struct dlt_xnode *svg, double x1, double y1, double x2, double y2)
{
	struct dlt_xnode	*l;

	l = dlt_xnode_add(svg, "line");
	dlt_xnode_attr(l, "class", "axis");
	dlt_xnode_attrf(l, "x1", "%.1f", x1);
	dlt_xnode_attrf(l, "y1", "%.1f", y1);
	dlt_xnode_attrf(l, "x2", "%.1f", x2);
	dlt_xnode_attrf(l, "y2", "%.1f", y2);
}

static void
head(struct dlt_xnode *html, const struct dlt_export *ex)
{
	struct dlt_xnode	*h, *n;

	h = dlt_xnode_add(html, "head");
	n = dlt_xnode_add(h, "meta");
	dlt_xnode_attr(n, "charset", "utf-8");
	n = dlt_xnode_add(h, "meta");
	dlt_xnode_attr(n, "name", "viewport");
	dlt_xnode_attr(n, "content", "width=device-width, initial-scale=1");
	n = dlt_xnode_add(h, "meta");
	dlt_xnode_attr(n, "name", "generator");
	dlt_xnode_attr(n, "content", "dltriage " PACKAGE_VERSION);
	n = dlt_xnode_add(h, "title");
	dlt_xnode_textf(n, "dltriage report: %s", ex->store_path);
	n = dlt_xnode_add(h, "style");
	dlt_xnode_code(n, html_style);
}

static void
tile(struct dlt_xnode *parent, long n, const char *what)
{
	struct dlt_xnode	*d;

	d = dlt_xnode_add(parent, "div");
	dlt_xnode_textf(dlt_xnode_add(d, "b"), "%ld", n);
	dlt_xnode_text(d, what);
}

/*
 * Unique defects over time: the count of buckets first seen up to each
 * moment, as a step line from the first to the last.
 */
static void
curve(struct dlt_xnode *parent, const struct dlt_export *ex)
{
	struct dlt_xnode	*fig, *svg, *pl, *c, *t;
	struct strbuf		 pts = STRBUF_INIT;
	time_t			*ts, t0, t1;
	double			 pw, ph, x, y, span;
	size_t			 i, n = 0, bad = 0, marks = 0, step, done = 0;
	char			 a[32], b[32];

	ts = xcalloc(ex->nbuckets + 1, sizeof *ts);
	for (i = 0; i < ex->nbuckets; i++) {
		if (!ex->buckets[i].keep)
			continue;
		if (parse_time(ex->buckets[i].first_seen, &ts[n]) == 0)
			n++;
		else
			bad++;
	}
	/* the store lists them by first_seen; a damaged row may not be */
	for (i = 1; i < n; i++)
		if (ts[i] < ts[i - 1]) {
			qsort(ts, n, sizeof *ts, cmp_time);
			break;
		}
	fig = dlt_xnode_add(parent, "figure");
	dlt_xnode_attr(fig, "id", "discovery");
	svg = svg_new(fig, CURVE_W, CURVE_H, "unique defects over time");
	pw = CURVE_W - CURVE_LEFT - CURVE_RIGHT;
	ph = CURVE_H - CURVE_TOP - CURVE_BOTTOM;
	svg_line(svg, CURVE_LEFT, CURVE_TOP, CURVE_LEFT, CURVE_TOP + ph);
	svg_line(svg, CURVE_LEFT, CURVE_TOP + ph, CURVE_LEFT + pw,
	    CURVE_TOP + ph);
	t = svg_text(svg, CURVE_LEFT - 6, CURVE_TOP + 4, "end", NULL);
	dlt_xnode_textf(t, "%zu", n);
	svg_text(svg, CURVE_LEFT - 6, CURVE_TOP + ph, "end", "0");
	if (n > 0) {
		t0 = ts[0];
		t1 = ts[n - 1];
		span = difftime(t1, t0);
		fmt_time(t0, a, sizeof a);
		fmt_time(t1, b, sizeof b);
		svg_text(svg, CURVE_LEFT, CURVE_H - 18, "start", a);
		if (span > 0)
			svg_text(svg, CURVE_LEFT + pw, CURVE_H - 18, "end", b);
		strbuf_addf(&pts, "%.1f,%.1f", (double)CURVE_LEFT,
		    CURVE_TOP + ph);
		step = n / HTML_POINTS + 1;
		for (i = 0; i < n; i++) {
			/* one step per moment: the last of equal times */
			if (i + 1 < n && ts[i + 1] == ts[i])
				continue;
			x = CURVE_LEFT + (span > 0 ? difftime(ts[i], t0) /
			    span * pw : 0);
			y = CURVE_TOP + ph - (double)(i + 1) / (double)n * ph;
			strbuf_addf(&pts, " %.1f,%.1f %.1f,%.1f", x,
			    CURVE_TOP + ph - (double)done / (double)n * ph, x,
			    y);
			done = i + 1;
			if (marks++ % step == 0 || i + 1 == n) {
				c = dlt_xnode_add(svg, "circle");
				dlt_xnode_attr(c, "class", "mark");
				dlt_xnode_attrf(c, "cx", "%.1f", x);
				dlt_xnode_attrf(c, "cy", "%.1f", y);
				dlt_xnode_attr(c, "r", "3");
				fmt_time(ts[i], a, sizeof a);
				dlt_xnode_textf(dlt_xnode_add(c, "title"),
				    "%zu unique defects by %s", i + 1, a);
			}
		}
		strbuf_addf(&pts, " %.1f,%.1f", (double)CURVE_LEFT + pw,
		    (double)CURVE_TOP);
		pl = dlt_xnode_add(svg, "polyline");
		dlt_xnode_attr(pl, "class", "curve");
		dlt_xnode_attr(pl, "points", pts.buf);
	} else
		svg_text(svg, CURVE_LEFT + pw / 2, CURVE_TOP + ph / 2,
		    "middle", "no defect");
	c = dlt_xnode_add(fig, "figcaption");
	dlt_xnode_textf(c, "The discovery curve: unique defects (%zu) by the "
	    "time each was first seen", n);
	if (n > 0 && difftime(ts[n - 1], ts[0]) <= 0)
		dlt_xnode_text(c, ", all at once");
	if (bad > 0)
		dlt_xnode_textf(c, "; %zu without a readable time left out",
		    bad);
	dlt_xnode_text(c, ".");
	strbuf_release(&pts);
	free(ts);
}

/* Horizontal bars, one per item, as long as its count. */
static void
bars(struct dlt_xnode *parent, const char *id, const char *label,
    const struct bar *v, size_t n)
{
	struct dlt_xnode	*fig, *svg, *r, *g;
	double			 pw = BAR_W - BAR_LABEL - BAR_NUMBER, w, y;
	long			 max = 0, total = 0;
	size_t			 i;

	for (i = 0; i < n; i++) {
		if (v[i].n > max)
			max = v[i].n;
		total += v[i].n;
	}
	fig = dlt_xnode_add(parent, "figure");
	dlt_xnode_attr(fig, "id", id);
	svg = svg_new(fig, BAR_W, (int)(n > 0 ? n : 1) * BAR_ROW + 8, label);
	for (i = 0; i < n; i++) {
		y = 4 + (double)i * BAR_ROW;
		w = max > 0 ? (double)v[i].n / (double)max * pw : 0;
		g = dlt_xnode_add(svg, "g");
		dlt_xnode_textf(dlt_xnode_add(g, "title"), "%s: %ld",
		    v[i].label, v[i].n);
		svg_text(g, BAR_LABEL - 8, y + BAR_ROW * 0.65, "end",
		    v[i].label);
		r = dlt_xnode_add(g, "rect");
		dlt_xnode_attrf(r, "class", "bar%s%s", v[i].cls != NULL ?
		    " " : "", v[i].cls != NULL ? v[i].cls : "");
		dlt_xnode_attrf(r, "x", "%d", BAR_LABEL);
		dlt_xnode_attrf(r, "y", "%.1f", y + 3);
		dlt_xnode_attrf(r, "width", "%.1f", w > 0 && w < 1 ? 1 : w);
		dlt_xnode_attrf(r, "height", "%d", BAR_ROW - 6);
		dlt_xnode_textf(svg_text(g, BAR_LABEL + w + 6,
		    y + BAR_ROW * 0.65, NULL, NULL), "%ld", v[i].n);
	}
	if (n == 0)
		svg_text(svg, BAR_W / 2.0, BAR_ROW * 0.65, "middle",
		    "no failure");
	dlt_xnode_textf(dlt_xnode_add(fig, "figcaption"), "%s (%ld in all).",
	    label, total);
}

static void
class_bars(struct dlt_xnode *parent, const struct dlt_export *ex)
{
	struct bar	v[DLT_CLASS_COUNT];
	size_t		i, n = 0;
	int		c, k;

	for (c = 0; c < DLT_CLASS_COUNT; c++) {
		if (c == DLT_CLASS_IGNORE)
			continue;
		v[n].label = dlt_class_name(c);
		v[n].cls = v[n].label;
		v[n].n = 0;
		n++;
	}
	for (i = 0; i < ex->nfailures; i++) {
		if (!ex->keep[i])
			continue;
		k = ex->failures[i].cls != NULL ?
		    dlt_class_parse(ex->failures[i].cls) : -1;
		/* the index of class k in v[]: ignore is left out */
		if (k < 0 || k == DLT_CLASS_IGNORE)
			k = DLT_CLASS_UNKNOWN;
		v[k > DLT_CLASS_IGNORE ? k - 1 : k].n++;
	}
	bars(parent, "per-class", "Failures per class", v, n);
}

static void
framework_bars(struct dlt_xnode *parent, const struct dlt_export *ex)
{
	struct bar	 v[DLT_FW_COUNT];
	const char	*name;
	size_t		 i, j, n = 0;
	int		 fw;

	for (fw = 0; fw < DLT_FW_COUNT; fw++) {
		v[fw].label = dlt_framework_name(fw);
		v[fw].cls = NULL;
		v[fw].n = 0;
	}
	for (i = 0; i < ex->nfailures; i++) {
		if (!ex->keep[i])
			continue;
		name = dlt_export_framework(&ex->failures[i]);
		if ((fw = dlt_framework_parse(name, 1)) < 0)
			fw = DLT_FW_UNKNOWN;
		v[fw].n++;
	}
	/* the frameworks that failed, most failures first */
	for (i = 0; i < DLT_FW_COUNT; i++)
		if (v[i].n > 0)
			v[n++] = v[i];
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && v[j].n > v[j - 1].n; j--) {
			struct bar	tmp = v[j];

			v[j] = v[j - 1];
			v[j - 1] = tmp;
		}
	bars(parent, "per-framework", "Failures per framework", v, n);
}

static void
summary(struct dlt_xnode *main, const struct dlt_export *ex)
{
	struct dlt_xnode	*sec, *grid;
	long			 prio[4] = { 0, 0, 0, 0 }, security = 0, files = 0;
	size_t			 i;

	for (i = 0; i < ex->nbuckets; i++) {
		if (!ex->buckets[i].keep)
			continue;
		prio[prio_rank(ex->buckets[i].priority)]++;
		security += ex->buckets[i].security;
	}
	for (i = 0; i < ex->nfiles; i++)
		if (strncmp(ex->files[i].path, "run:", 4) != 0)
			files++;
	sec = dlt_xnode_add(main, "section");
	dlt_xnode_attr(sec, "id", "summary");
	dlt_xnode_add_text(sec, "h2", "Summary");
	grid = dlt_xnode_add(sec, "div");
	dlt_xnode_attr(grid, "class", "summary");
	tile(grid, (long)ex->nbuckets_kept, "unique defects");
	tile(grid, (long)ex->nkept, "failures");
	tile(grid, prio[3], "high priority");
	tile(grid, prio[2], "medium priority");
	tile(grid, prio[1], "low priority");
	tile(grid, prio[0], "priority unknown");
	tile(grid, security, "memory corruption");
	if (ex->nexecs > 0)
		tile(grid, (long)ex->nexecs, "executions");
	if (files > 0)
		tile(grid, files, "log files classified");
	curve(sec, ex);
	class_bars(sec, ex);
	framework_bars(sec, ex);
}

static void
th(struct dlt_xnode *tr, const char *key, const char *label, int numeric)
{
	struct dlt_xnode	*h;

	h = dlt_xnode_add_text(tr, "th", label);
	dlt_xnode_attr(h, "data-key", key);
	dlt_xnode_attr(h, "scope", "col");
	if (numeric)
		dlt_xnode_attr(h, "data-type", "number");
}

static void
td(struct dlt_xnode *tr, const char *cls, const char *text)
{
	struct dlt_xnode	*d;

	d = dlt_xnode_add_text(tr, "td", text != NULL ? text : "");
	if (cls != NULL)
		dlt_xnode_attr(d, "class", cls);
}

static void
defects_table(struct dlt_xnode *main, const struct dlt_export *ex,
    const size_t *order, size_t n)
{
	const struct dlt_export_bucket	*b;
	struct dlt_xnode		*sec, *table, *tr, *tbody, *d, *a;
	size_t				 i;

	sec = dlt_xnode_add(main, "section");
	dlt_xnode_attr(sec, "id", "defects");
	dlt_xnode_add_text(sec, "h2", "Unique defects");
	dlt_xnode_textf(dlt_xnode_add(sec, "p"), "%zu unique defects, worst "
	    "first; click a column to sort by it, a title for the defect.", n);
	table = dlt_xnode_add(sec, "table");
	dlt_xnode_attr(table, "id", "defects-table");
	tr = dlt_xnode_add(dlt_xnode_add(table, "thead"), "tr");
	th(tr, "priority", "Priority", 1);
	th(tr, "class", "Class", 0);
	th(tr, "kind", "Kind", 0);
	th(tr, "framework", "Framework", 0);
	th(tr, "count", "Failures", 1);
	th(tr, "first-seen", "First seen", 0);
	th(tr, "last-seen", "Last seen", 0);
	th(tr, "title", "Defect", 0);
	tbody = dlt_xnode_add(table, "tbody");
	for (i = 0; i < n; i++) {
		b = &ex->buckets[order[i]];
		tr = dlt_xnode_add(tbody, "tr");
		dlt_xnode_attr(tr, "data-bucket", b->id);
		d = dlt_xnode_add_text(tr, "td", b->priority != NULL ?
		    b->priority : "unknown");
		dlt_xnode_attrf(d, "data-sort", "%d", prio_rank(b->priority));
		dlt_xnode_attrf(d, "class", "prio-%s", prio_rank(b->priority) ==
		    0 ? "unknown" : b->priority);
		td(tr, NULL, b->cls);
		td(tr, NULL, b->kind);
		td(tr, NULL, b->framework);
		d = dlt_xnode_add(tr, "td");
		dlt_xnode_attr(d, "class", "num");
		dlt_xnode_attrf(d, "data-sort", "%ld", b->count);
		dlt_xnode_textf(d, "%ld", b->count);
		td(tr, "time", b->first_seen);
		td(tr, "time", b->last_seen);
		d = dlt_xnode_add(tr, "td");
		dlt_xnode_attr(d, "class", "title");
		a = dlt_xnode_add_text(d, "a", b->signature != NULL &&
		    *b->signature != '\0' ? b->signature : b->id);
		dlt_xnode_attrf(a, "href", "#%s", b->id);
		if (b->security)
			dlt_xnode_text(d, " (memory corruption)");
	}
}

static void
field(struct dlt_xnode *dl, const char *name, const char *value)
{
	dlt_xnode_add_text(dl, "dt", name);
	dlt_xnode_add_text(dl, "dd", value != NULL && *value != '\0' ?
	    value : "-");
}

static void
failure_item(struct dlt_xnode *parent, const struct dlt_store_member *m)
{
	struct dlt_xnode	*art, *dl, *pre;
	struct strbuf		 sb = STRBUF_INIT;
	size_t			 len;

	art = dlt_xnode_add(parent, "article");
	dlt_xnode_attr(art, "class", "failure");
	dlt_xnode_attrf(art, "data-failure", "%" PRId64, m->id);
	dlt_xnode_textf(dlt_xnode_add(art, "h4"), "Failure f%" PRId64 ": %s, "
	    "lines %ld-%ld", m->id, m->source != NULL ? m->source : "?",
	    m->line_start, m->line_end);
	dl = dlt_xnode_add(art, "dl");
	dlt_xnode_attr(dl, "class", "fields");
	field(dl, "class", m->cls);
	field(dl, "kind", m->kind);
	field(dl, "framework", dlt_export_framework(m));
	field(dl, "rule", m->rule);
	if (m->exc_type != NULL) {
		strbuf_addf(&sb, "%s: %s", m->exc_type, m->exc_message != NULL ?
		    m->exc_message : "");
		field(dl, "exception", sb.buf);
		strbuf_reset(&sb);
	}
	if (m->execution_id != 0 || m->mutant_id != 0) {
		strbuf_addf(&sb, "mutant %ld of model %s (operator %s) on %s",
		    m->ordinal, m->model != NULL ? m->model : "?",
		    m->operator != NULL ? m->operator : "?",
		    m->exec_framework != NULL ? m->exec_framework : "?");
		if (m->status != NULL)
			strbuf_addf(&sb, ": %s", m->status);
		field(dl, "run", sb.buf);
		strbuf_reset(&sb);
	}
	if (m->excerpt != NULL && *m->excerpt != '\0') {
		len = strlen(m->excerpt);
		strbuf_add(&sb, m->excerpt, len > HTML_EXCERPT ? HTML_EXCERPT :
		    len);
		if (len > HTML_EXCERPT)
			strbuf_addstr(&sb, "\n[...]");
		pre = dlt_xnode_add_text(art, "pre", sb.buf);
		dlt_xnode_attr(pre, "class", "excerpt");
	} else
		dlt_xnode_add_text(art, "p", "(no excerpt kept)");
	strbuf_release(&sb);
}

static void
defect_page(struct dlt_xnode *body, const struct dlt_export *ex,
    const struct dlt_export_bucket *b)
{
	struct dlt_xnode	*sec, *p, *dl, *ol;
	char			*frames[HTML_FRAMES];
	size_t			 i, n;

	sec = dlt_xnode_add(body, "section");
	dlt_xnode_attr(sec, "class", "defect");
	dlt_xnode_attr(sec, "id", b->id);
	p = dlt_xnode_add(sec, "p");
	dlt_xnode_attr(dlt_xnode_add_text(p, "a", "All defects"), "href",
	    "#defects");
	dlt_xnode_add_text(sec, "h2", b->signature != NULL &&
	    *b->signature != '\0' ? b->signature : b->id);
	dl = dlt_xnode_add(sec, "dl");
	dlt_xnode_attr(dl, "class", "fields");
	field(dl, "bucket", b->id);
	field(dl, "priority", b->priority);
	field(dl, "class", b->cls);
	field(dl, "kind", b->kind);
	field(dl, "framework", b->framework);
	field(dl, "rule", b->rule);
	field(dl, "exception", b->exc_type);
	field(dl, "memory corruption", b->security ? "yes" : "no");
	field(dl, "first seen", b->first_seen);
	field(dl, "last seen", b->last_seen);
	n = ynode_json_strings(b->frames, frames, HTML_FRAMES);
	if (n > 0) {
		dlt_xnode_add_text(sec, "h3", "Top frames");
		ol = dlt_xnode_add(sec, "ol");
		for (i = 0; i < n; i++) {
			dlt_xnode_add_text(dlt_xnode_add(ol, "li"), "code",
			    frames[i]);
			free(frames[i]);
		}
	}
	p = dlt_xnode_add(sec, "h3");
	dlt_xnode_textf(p, "Failures (%zu)", b->nmembers);
	for (i = 0; i < b->nmembers && i < HTML_MEMBERS; i++)
		failure_item(sec, &ex->failures[b->members[i]]);
	if (b->nmembers > HTML_MEMBERS)
		dlt_xnode_textf(dlt_xnode_add(sec, "p"), "%zu more not shown "
		    "(dltriage show lists them).", b->nmembers - HTML_MEMBERS);
}

int
dlt_export_html(const struct dlt_export *ex, struct strbuf *out)
{
	struct dlt_xdoc		*doc;
	struct dlt_xnode	*html, *body, *main, *p, *s;
	size_t			*order, n = 0, i;

	order = xcalloc(ex->nbuckets + 1, sizeof *order);
	for (i = 0; i < ex->nbuckets; i++)
		if (ex->buckets[i].keep)
			order[n++] = i;
	qsort_r(order, n, sizeof *order, cmp_worst, (void *)ex);

	doc = dlt_xdoc_new_html();
	html = dlt_xdoc_root(doc);
	head(html, ex);
	body = dlt_xnode_add(html, "body");
	main = dlt_xnode_add(body, "main");
	dlt_xnode_add_text(main, "h1", "dltriage report");
	p = dlt_xnode_add(main, "p");
	dlt_xnode_attr(p, "class", "muted");
	dlt_xnode_textf(p, "Store %s, exported by dltriage %s.",
	    ex->store_path, PACKAGE_VERSION);
	if (ex->filter.classes != 0 || ex->filter.frameworks != 0 ||
	    ex->filter.priorities != 0)
		dlt_xnode_text(p, " Filtered: only the failures and defects "
		    "the export was asked for are counted.");
	summary(main, ex);
	defects_table(main, ex, order, n);
	for (i = 0; i < n; i++)
		defect_page(body, ex, &ex->buckets[order[i]]);
	s = dlt_xnode_add(body, "script");
	dlt_xnode_code(s, html_script);
	dlt_xdoc_dump(doc, out);
	dlt_xdoc_free(doc);
	free(order);
	return (0);
}
