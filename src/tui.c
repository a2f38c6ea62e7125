/*
 * tui.c: the model of `dltriage tui`; see tui.h.
 *
 * Screens stack up as the triager goes deeper: defects, the failures of
 * one defect, the log of one failure, then its mutant or its nearest
 * known defects; Esc (or q) goes back one, and the campaign and help
 * screens go on top of any.  Each list keeps only the rows of its window
 * (read again from the store when it moves), so that the size of the
 * store does not matter.  Search (/, n, N) is a PCRE2 pattern over what
 * the screen lists, kept apart from the defects' filters (f), and both
 * are shown on the status line.  Triage decisions go to the store at
 * once, through the same function as `dltriage triage`.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "error.h"
#include "failure.h"
#include "priority.h"
#include "regex.h"
#include "rule-model.h"
#include "rules.h"
#include "store-page.h"
#include "store-show.h"
#include "store-triage.h"
#include "strbuf.h"
#include "termsafe.h"
#include "tui-diff.h"
#include "tui-grid.h"
#include "tui-log.h"
#include "tui.h"
#include "vocab.h"
#include "xmalloc.h"

#define TUI_EVIDENCE_MAX	256	/* evidence lines of a failure kept */
#define TUI_HITS_MAX		100000	/* list rows a search looks at */
#define TUI_NEWEST		8	/* newest defects on the campaign screen */
#define TUI_POLL_MS		1000	/* the campaign screen's poll */
#define TUI_RATE_SAMPLES	64
#define TUI_KNOWN		10	/* nearest known defects shown */
#define TUI_DEPTH		8	/* screens stacked at most */

enum screen {
	S_DEFECTS,
	S_FAILURES,
	S_LOG,
	S_MUTANT,
	S_KNOWN,
	S_CAMPAIGN,
	S_HELP
};
/* Screen bits for the key table. */
#define ON(s)		(1u << (s))
#define ON_LISTS	(ON(S_DEFECTS) | ON(S_FAILURES))
#define ON_TEXT		(ON(S_MUTANT) | ON(S_KNOWN) | ON(S_HELP) | ON(S_CAMPAIGN))
#define ON_ALL		0xffu
#define ON_BUCKET	(ON(S_DEFECTS) | ON(S_FAILURES) | ON(S_LOG) | \
			    ON(S_MUTANT) | ON(S_KNOWN))
#define ON_FAILURE	(ON(S_DEFECTS) | ON(S_FAILURES) | ON(S_LOG))

enum action {
	A_UP, A_DOWN, A_PGUP, A_PGDN, A_TOP, A_BOTTOM, A_LEFT, A_RIGHT,
	A_ENTER, A_BACK, A_QUIT, A_SEARCH, A_NEXT, A_PREV, A_FILTER, A_SORT,
	A_MARK, A_UNMARK_ALL, A_CONFIRMED, A_FALSE_POSITIVE, A_DUPLICATE,
	A_REPORTED, A_WONT_FIX, A_NEW, A_NOTE, A_MUTANT, A_KNOWN,
	A_CAMPAIGN, A_HELP, A_REFRESH
};

struct binding {
	int		 key;
	unsigned	 on;		/* screen bits */
	enum action	 action;
	const char	*name;		/* as help shows the key */
	const char	*help;
};

/* The one key table: what each key does where, and the help screen. */
static const struct binding bindings[] = {
	{ TUI_KEY_DOWN, ON_ALL, A_DOWN, "j Down", "next row or line" },
	{ 'j', ON_ALL, A_DOWN, NULL, NULL },
	{ TUI_KEY_UP, ON_ALL, A_UP, "k Up", "previous row or line" },
	{ 'k', ON_ALL, A_UP, NULL, NULL },
	{ TUI_KEY_PGDN, ON_ALL, A_PGDN, "PgDn ^F", "next page" },
	{ 6, ON_ALL, A_PGDN, NULL, NULL },
	{ TUI_KEY_PGUP, ON_ALL, A_PGUP, "PgUp ^B", "previous page" },
	{ 2, ON_ALL, A_PGUP, NULL, NULL },
	{ 'g', ON_ALL, A_TOP, "g Home", "first row or line" },
	{ TUI_KEY_HOME, ON_ALL, A_TOP, NULL, NULL },
	{ 'G', ON_ALL, A_BOTTOM, "G End", "last row or line" },
	{ TUI_KEY_END, ON_ALL, A_BOTTOM, NULL, NULL },
	{ TUI_KEY_LEFT, ON(S_LOG), A_LEFT, "h Left", "scroll the log left" },
	{ 'h', ON(S_LOG), A_LEFT, NULL, NULL },
	{ TUI_KEY_RIGHT, ON(S_LOG), A_RIGHT, "l Right", "scroll the log right" },
	{ 'l', ON(S_LOG), A_RIGHT, NULL, NULL },
	{ TUI_KEY_ENTER, ON_LISTS, A_ENTER, "Enter",
	    "open: a defect's failures, a failure's log" },
	{ TUI_KEY_ESC, ON_ALL, A_BACK, "Esc q", "back one screen (quit from the defects)" },
	{ 'q', ON_ALL, A_BACK, NULL, NULL },
	{ 'Q', ON_ALL, A_QUIT, "Q", "quit" },
	{ '/', ON_ALL, A_SEARCH, "/", "search (PCRE2; lower case: any case)" },
	{ 'n', ON_ALL, A_NEXT, "n", "next match" },
	{ 'N', ON_ALL, A_PREV, "N", "previous match" },
	{ 'f', ON(S_DEFECTS), A_FILTER, "f",
	    "filter: class= framework= priority= status= and words of the title" },
	{ 's', ON(S_DEFECTS), A_SORT, "s", "sort: priority, count, first, last seen" },
	{ ' ', ON(S_DEFECTS), A_MARK, "Space", "mark or unmark a defect" },
	{ 'u', ON(S_DEFECTS), A_UNMARK_ALL, "u", "unmark every defect" },
	{ 'C', ON_BUCKET, A_CONFIRMED, "C", "triage: confirmed (the marked, else this)" },
	{ 'F', ON_BUCKET, A_FALSE_POSITIVE, "F", "triage: false-positive" },
	{ 'D', ON_BUCKET, A_DUPLICATE, "D", "triage: duplicate of a bucket (asks which)" },
	{ 'R', ON_BUCKET, A_REPORTED, "R", "triage: reported (asks the URL)" },
	{ 'W', ON_BUCKET, A_WONT_FIX, "W", "triage: won't fix" },
	{ 'U', ON_BUCKET, A_NEW, "U", "triage: new again (undo)" },
	{ 'a', ON_BUCKET, A_NOTE, "a", "triage: a note with the present status" },
	{ 'm', ON_FAILURE, A_MUTANT, "m", "the failure's mutant and its diff to the seed" },
	{ 'K', ON_FAILURE, A_KNOWN, "K", "the nearest known defects, with their URLs" },
	{ 'c', ON_ALL & ~ON(S_CAMPAIGN), A_CAMPAIGN, "c", "the campaign, live from the store" },
	{ '?', ON_ALL & ~ON(S_HELP), A_HELP, "?", "this help" },
	{ TUI_KEY_REFRESH, ON_ALL, A_REFRESH, "^L", "read the store again" },
};

/* A list's position: n rows, the cursor and the first row shown. */
struct list {
	size_t	n, cur, top;
};

/* A line of a text screen. */
struct tline {
	char		*s;
	uint16_t	 attr;
};

struct text {
	char		*title;
	struct tline	*v;
	size_t		 n, alloc;
	struct list	 l;		/* cur is the line found last */
	size_t		*hits;
	size_t		 nhits;
};

enum prompt_kind {
	P_NONE, P_SEARCH, P_FILTER, P_DUPLICATE, P_URL, P_NOTE
};

struct tui {
	struct tui_env		 env;
	int			 w, h;
	enum screen		 stack[TUI_DEPTH];
	int			 depth;
	char			*msg;		/* shown until the next key */
	/* the prompt at the bottom */
	enum prompt_kind	 prompt;
	struct strbuf		 input;
	/* search: the pattern and the rows it matches on each screen */
	struct dlt_rx		*rx;
	char			*pattern;
	unsigned		 gen;		/* of rx; hits of an older one are stale */

	/* defects */
	struct dlt_page_filter	 filter;
	char			*filter_text;	/* as typed */
	enum dlt_bucket_sort	 sort;
	struct list		 dl;
	dlt_page_id		*dids;		/* the order, read once */
	struct dlt_page_bucket	*drows;
	size_t			 ndrows, drows_off;
	int			 dstale;
	char			**marks;	/* bucket ids, sorted */
	size_t			 nmarks;
	size_t			*dhits;
	size_t			 ndhits;
	unsigned		 dhits_gen;

	/* failures of one bucket */
	struct dlt_page_bucket	 bucket;
	struct list		 fl;
	struct dlt_store_member	*frows;
	size_t			 nfrows, frows_off;
	int			 fstale;
	size_t			*fhits;
	size_t			 nfhits;
	unsigned		 fhits_gen;

	/* the log of one failure */
	struct dlt_store_member	 member;
	struct tui_log		*log;
	char			*log_note;
	unsigned		 log_gen;
	int			 log_counting;

	struct text		 mutant, known, help, camp;
	unsigned		 text_gen[S_HELP + 1];

	/* campaign */
	int64_t			 camp_version;
	double			 camp_polled;	/* ms, monotonic */
	int			 camp_read;
	struct {
		double	t;
		long	failures, executions;
	}			 samples[TUI_RATE_SAMPLES];
	size_t			 nsamples;
};

static double	now_ms(const struct tui *);
static enum screen top(const struct tui *);
static void	push(struct tui *, enum screen);
static void	say(struct tui *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));
static void	say_error(struct tui *, const char *);
static int	list_rows(const struct tui *);
static void	list_move(struct list *, long, int);
static void	list_set(struct list *, size_t, int);
static void	text_clear(struct text *);
static void	text_add(struct text *, uint16_t, const char *, ...)
		    __attribute__((format(printf, 3, 4)));
static void	defects_load(struct tui *);
static void	defects_invalidate(struct tui *);
static void	failures_open(struct tui *, const struct dlt_page_bucket *);
static void	failures_load(struct tui *);
static void	log_open(struct tui *, const struct dlt_store_member *);
static int	first_member(struct tui *, struct dlt_store_member *);
static const struct dlt_store_member *current_member(struct tui *,
		    struct dlt_store_member *, int *);
static void	mutant_open(struct tui *, const struct dlt_store_member *);
static void	known_open(struct tui *, const struct dlt_store_member *);
static void	help_open(struct tui *);
static void	campaign_read(struct tui *);
static void	search_set(struct tui *, const char *);
static void	search_hits(struct tui *);
static void	search_step(struct tui *, int);
static int	filter_set(struct tui *, const char *);
static void	mark_toggle(struct tui *);
static int	is_marked(const struct tui *, const char *);
static void	marks_clear(struct tui *);
static void	triage(struct tui *, int, const char *);
static void	prompt_start(struct tui *, enum prompt_kind);
static int	prompt_key(struct tui *, int);
static void	prompt_done(struct tui *);
static int	act(struct tui *, enum action);
static void	draw_bar(struct tui_grid *, int, const char *);
static void	draw_status(struct tui *, struct tui_grid *);
static void	draw_defects(struct tui *, struct tui_grid *);
static void	draw_failures(struct tui *, struct tui_grid *);
static void	draw_log(struct tui *, struct tui_grid *);
static void	draw_text(struct tui *, struct tui_grid *, struct text *);
static void	draw_matches(struct tui *, struct tui_grid *, int, int, int,
		    const char *);
static void	page_bucket_copy(struct dlt_page_bucket *,
		    const struct dlt_page_bucket *);
static void	drows_clear(struct tui *);
static void	frows_clear(struct tui *);
static int	keep_drow(const struct dlt_page_bucket *, size_t, void *);
static const struct dlt_page_bucket *defects_current(struct tui *);
static int	keep_frow(const struct dlt_store_member *, void *);
static int	keep_one(const struct dlt_store_member *, void *);
static const char *signal_word(int);
static int	keep_newest(const struct dlt_page_bucket *, size_t, void *);
static int	rx_in(const struct dlt_rx *, const char *);
static int	hit_bucket(const struct dlt_page_bucket *, size_t, void *);
static int	hit_member(const struct dlt_store_member *, void *);
static int	hit_near(const size_t *, size_t, size_t, int, int, size_t *);
static void	search_go(struct tui *, int, int);
static void	filter_free(struct dlt_page_filter *);
static int	cmp_str(const void *, const void *);
static const char *prompt_label(enum prompt_kind);
static struct text *text_of(struct tui *);
static void	cell(struct tui_grid *, int, int *, int, uint16_t,
		    const char *);
static const char *prio_word(int);

static double
now_ms(const struct tui *t)
{
	struct timespec	ts;

	if (t->env.now != 0)
		return ((double)t->env.now * 1e3);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6);
}

static enum screen
top(const struct tui *t)
{
	return (t->stack[t->depth - 1]);
}

static void
push(struct tui *t, enum screen s)
{
	int	i;

	/* a screen that is on the stack already comes back to the top */
	for (i = 0; i < t->depth; i++)
		if (t->stack[i] == s) {
			t->depth = i + 1;
			return;
		}
	if (t->depth < TUI_DEPTH)
		t->stack[t->depth++] = s;
	else
		t->stack[t->depth - 1] = s;
}

static void
say(struct tui *t, const char *fmt, ...)
{
	va_list	ap;

	free(t->msg);
	va_start(ap, fmt);
	t->msg = xvasprintf(fmt, ap);
	va_end(ap);
}

/* What went wrong, as dltriage said it (stderr is kept while we run). */
static void
say_error(struct tui *t, const char *what)
{
	const char	*e = t->env.last_error != NULL ?
			    t->env.last_error(t->env.error_arg) : NULL;

	if (e != NULL && *e != '\0')
		say(t, "%s", e);
	else
		say(t, "%s", what);
}

/* Rows of a list: between the title and headings and the two last lines. */
static int
list_rows(const struct tui *t)
{
	return (t->h > 5 ? t->h - 4 : 1);
}

static void
list_set(struct list *l, size_t cur, int rows)
{
	if (l->n == 0) {
		l->cur = l->top = 0;
		return;
	}
	l->cur = cur < l->n ? cur : l->n - 1;
	if (l->cur < l->top)
		l->top = l->cur;
	else if (l->cur >= l->top + (size_t)rows)
		l->top = l->cur - (size_t)rows + 1;
	if (l->top + (size_t)rows > l->n)
		l->top = l->n > (size_t)rows ? l->n - (size_t)rows : 0;
}

static void
list_move(struct list *l, long d, int rows)
{
	if (d < 0)
		list_set(l, (size_t)-d > l->cur ? 0 : l->cur - (size_t)-d, rows);
	else
		list_set(l, l->cur + (size_t)d, rows);
}

static void
text_clear(struct text *x)
{
	size_t	i;

	for (i = 0; i < x->n; i++)
		free(x->v[i].s);
	free(x->v);
	free(x->title);
	free(x->hits);
	memset(x, 0, sizeof *x);
}

static void
text_add(struct text *x, uint16_t attr, const char *fmt, ...)
{
	va_list	ap;

	XGROW(x->v, x->n + 1, x->alloc);
	va_start(ap, fmt);
	x->v[x->n].s = xvasprintf(fmt, ap);
	va_end(ap);
	x->v[x->n++].attr = attr;
	x->l.n = x->n;
}

struct tui *
tui_new(const struct tui_env *env, int w, int h)
{
	struct tui		*t;
	struct dlt_page_filter	 f = DLT_PAGE_FILTER_INIT;

	t = xcalloc(1, sizeof *t);
	t->env = *env;
	t->w = w;
	t->h = h;
	t->stack[0] = S_DEFECTS;
	t->depth = 1;
	t->filter = f;
	t->sort = DLT_BUCKET_SORT_PRIORITY;
	strbuf_init(&t->input);
	t->gen = 1;
	defects_invalidate(t);
	return (t);
}

static void
drows_clear(struct tui *t)
{
	size_t	i;

	for (i = 0; i < t->ndrows; i++)
		dlt_page_bucket_release(&t->drows[i]);
	free(t->drows);
	t->drows = NULL;
	t->ndrows = 0;
}

static void
frows_clear(struct tui *t)
{
	size_t	i;

	for (i = 0; i < t->nfrows; i++)
		dlt_store_member_release(&t->frows[i]);
	free(t->frows);
	t->frows = NULL;
	t->nfrows = 0;
}

void
tui_free(struct tui *t)
{
	if (t == NULL)
		return;
	drows_clear(t);
	free(t->dids);
	frows_clear(t);
	marks_clear(t);
	free(t->marks);
	free(t->dhits);
	free(t->fhits);
	dlt_page_bucket_release(&t->bucket);
	dlt_store_member_release(&t->member);
	tui_log_free(t->log);
	free(t->log_note);
	text_clear(&t->mutant);
	text_clear(&t->known);
	text_clear(&t->help);
	text_clear(&t->camp);
	dlt_rx_free(t->rx);
	free(t->pattern);
	free(t->msg);
	free(t->filter_text);
	free((char *)t->filter.cls);
	free((char *)t->filter.framework);
	free((char *)t->filter.text);
	strbuf_release(&t->input);
	free(t);
}

void
tui_resize(struct tui *t, int w, int h)
{
	t->w = w;
	t->h = h;
	list_set(&t->dl, t->dl.cur, list_rows(t));
	list_set(&t->fl, t->fl.cur, list_rows(t));
	t->dstale = t->fstale = 1;
}

/* ---- defects ---- */

/* Order the defects again (filter, sort or store changed). */
static void
defects_invalidate(struct tui *t)
{
	size_t	n;

	free(t->dids);
	if (dlt_store_page_order(t->env.store, &t->filter, t->sort, &t->dids,
	    &n) != 0) {
		say_error(t, "cannot read the store");
		n = 0;
	}
	t->dl.n = n;
	list_set(&t->dl, t->dl.cur, list_rows(t));
	t->dstale = 1;
	t->dhits_gen = 0;
}

/* A copy of src whose strings dst owns. */
static void
page_bucket_copy(struct dlt_page_bucket *dst, const struct dlt_page_bucket *src)
{
	*dst = *src;
	dst->cls = xstrdup(src->cls);
	dst->kind = src->kind != NULL ? xstrdup(src->kind) : NULL;
	dst->title = xstrdup(src->title);
	dst->frameworks = xstrdup(src->frameworks);
	dst->first_seen = xstrdup(src->first_seen);
	dst->last_seen = xstrdup(src->last_seen);
	dst->duplicate_of = src->duplicate_of != NULL ?
	    xstrdup(src->duplicate_of) : NULL;
	dst->url = src->url != NULL ? xstrdup(src->url) : NULL;
}

static int
keep_drow(const struct dlt_page_bucket *b, size_t index, void *arg)
{
	struct tui		*t = arg;

	(void)index;
	t->drows = xreallocarray(t->drows, t->ndrows + 1, sizeof *t->drows);
	page_bucket_copy(&t->drows[t->ndrows++], b);
	return (0);
}

/* Read the window's rows, when it moved or the store changed. */
static void
defects_load(struct tui *t)
{
	size_t	rows = (size_t)list_rows(t);

	if (!t->dstale && t->drows_off == t->dl.top && t->ndrows ==
	    (t->dl.n - t->dl.top < rows ? t->dl.n - t->dl.top : rows))
		return;
	drows_clear(t);
	t->drows_off = t->dl.top;
	t->dstale = 0;
	if (t->dl.n == 0)
		return;
	if (dlt_store_page_rows(t->env.store, t->dids + t->dl.top,
	    t->dl.n - t->dl.top < rows ? t->dl.n - t->dl.top : rows, t->dl.top,
	    keep_drow, t) != 0)
		say_error(t, "cannot read the store");
}

static const struct dlt_page_bucket *
defects_current(struct tui *t)
{
	defects_load(t);
	if (t->dl.n == 0 || t->dl.cur < t->drows_off ||
	    t->dl.cur - t->drows_off >= t->ndrows)
		return (NULL);
	return (&t->drows[t->dl.cur - t->drows_off]);
}

/* ---- failures ---- */

static void
failures_open(struct tui *t, const struct dlt_page_bucket *b)
{
	dlt_page_bucket_release(&t->bucket);
	page_bucket_copy(&t->bucket, b);
	memset(&t->fl, 0, sizeof t->fl);
	t->fl.n = b->count > 0 ? (size_t)b->count : 0;
	t->fstale = 1;
	t->fhits_gen = 0;
	push(t, S_FAILURES);
}

static int
keep_frow(const struct dlt_store_member *m, void *arg)
{
	struct tui	*t = arg;

	t->frows = xreallocarray(t->frows, t->nfrows + 1, sizeof *t->frows);
	dlt_store_member_copy(&t->frows[t->nfrows++], m);
	return (0);
}

static void
failures_load(struct tui *t)
{
	size_t	rows = (size_t)list_rows(t);

	if (!t->fstale && t->frows_off == t->fl.top && t->nfrows ==
	    (t->fl.n - t->fl.top < rows ? t->fl.n - t->fl.top : rows))
		return;
	frows_clear(t);
	t->frows_off = t->fl.top;
	t->fstale = 0;
	if (dlt_store_bucket_members_page(t->env.store, t->bucket.id,
	    t->fl.top, rows, keep_frow, t) != 0)
		say_error(t, "cannot read the store");
	/* the count may have grown or shrunk under a running campaign */
	if (t->nfrows < rows && t->fl.top + t->nfrows < t->fl.n)
		t->fl.n = t->fl.top + t->nfrows;
}

/* The member under the cursor (failures), or the log's, or the first. */
static const struct dlt_store_member *
current_member(struct tui *t, struct dlt_store_member *tmp, int *owned)
{
	*owned = 0;
	switch (top(t)) {
	case S_FAILURES:
		failures_load(t);
		if (t->fl.cur >= t->frows_off && t->fl.cur - t->frows_off <
		    t->nfrows)
			return (&t->frows[t->fl.cur - t->frows_off]);
		return (NULL);
	case S_LOG:
		return (&t->member);
	default:
		if (first_member(t, tmp) != 0)
			return (NULL);
		*owned = 1;
		return (tmp);
	}
}

static int
keep_one(const struct dlt_store_member *m, void *arg)
{
	dlt_store_member_copy(arg, m);
	return (1);
}

/* The first failure of the defect under the cursor. */
static int
first_member(struct tui *t, struct dlt_store_member *m)
{
	const struct dlt_page_bucket	*b;

	memset(m, 0, sizeof *m);
	if ((b = defects_current(t)) == NULL)
		return (-1);
	if (dlt_store_bucket_members_page(t->env.store, b->id, 0, 1, keep_one,
	    m) != 0) {
		say_error(t, "cannot read the store");
		return (-1);
	}
	return (m->id != 0 ? 0 : -1);
}

/* ---- the log ---- */

static void
log_open(struct tui *t, const struct dlt_store_member *m)
{
	struct strbuf	 text = STRBUF_INIT;
	long		 ev[TUI_EVIDENCE_MAX], base = 1, nlines;
	size_t		 nev;
	char		*err = NULL, *err2 = NULL;
	const char	*p;
	int		 rc;

	tui_log_free(t->log);
	t->log = NULL;
	free(t->log_note);
	t->log_note = NULL;
	if (&t->member != m) {
		dlt_store_member_release(&t->member);
		dlt_store_member_copy(&t->member, m);
	}
	m = &t->member;
	nev = dlt_store_member_evidence(m, ev, TUI_EVIDENCE_MAX);
	if (m->path != NULL && strncmp(m->path, "run:", 4) == 0) {
		rc = dlt_store_member_run_log(t->env.store, m, &text);
		if (rc == 0) {
			t->log = tui_log_open_text(text.buf, text.len, 1, &err);
			t->log_note = xstrdup("the run's log, as the store "
			    "keeps it");
		} else
			err = xstrdup(rc < 0 ? "cannot read the store" :
			    "the store does not keep the run's whole log");
	} else if (m->path != NULL) {
		t->log = tui_log_open_file(m->path, 1, &err);
		if (t->log != NULL && m->size >= 0 &&
		    tui_log_size(t->log) != (uint64_t)m->size)
			t->log_note = xasprintf("'%s' has changed since it was "
			    "classified", m->path);
	} else
		err = xstrdup("no log file recorded");
	if (t->log == NULL && m->excerpt != NULL) {
		/* the excerpt, numbered from the range when it fits it */
		for (nlines = 1, p = m->excerpt; *p != '\0'; p++)
			if (*p == '\n' && p[1] != '\0')
				nlines++;
		base = nlines <= m->line_end - m->line_start + 1 ?
		    m->line_start : 1;
		t->log = tui_log_open_text(m->excerpt, strlen(m->excerpt), base,
		    &err2);
		t->log_note = xasprintf("%s: the excerpt the store keeps",
		    err != NULL ? err : "no log");
	}
	if (t->log == NULL) {
		say(t, "%s", err2 != NULL ? err2 : err != NULL ? err :
		    "no log to show");
		free(err);
		free(err2);
		strbuf_release(&text);
		return;
	}
	free(err);
	free(err2);
	strbuf_release(&text);
	tui_log_mark(t->log, ev, nev, m->line_start, m->line_end);
	tui_log_goto(t->log, nev > 0 ? ev[0] : m->line_start, list_rows(t));
	t->log_gen = 0;
	t->log_counting = 0;
	push(t, S_LOG);
}

/* ---- the mutant ---- */

static const char *
signal_word(int sig)
{
	static const struct {
		int		 n;
		const char	*name;
	} sigs[] = {
		{ 4, "SIGILL" }, { 6, "SIGABRT" }, { 7, "SIGBUS" },
		{ 8, "SIGFPE" }, { 9, "SIGKILL" }, { 11, "SIGSEGV" },
		{ 15, "SIGTERM" }
	};
	size_t	i;

	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		if (sigs[i].n == sig)
			return (sigs[i].name);
	return ("signal");
}

static void
mutant_open(struct tui *t, const struct dlt_store_member *m)
{
	struct dlt_page_mutant	 mu;
	struct tui_lines	 a = TUI_LINES_INIT, b = TUI_LINES_INIT;
	struct tui_lines	 d = TUI_LINES_INIT;
	struct text		*x = &t->mutant;
	size_t			 i, changed;
	int			 found;
	uint16_t		 attr;

	text_clear(x);
	x->title = xasprintf("mutant of failure f%" PRId64, m->id);
	if (m->mutant_id == 0) {
		text_add(x, 0, "failure f%" PRId64 " has no run context: it was "
		    "found by classifying a log,", m->id);
		text_add(x, 0, "not by `dltriage run`, so no mutant made it.");
		push(t, S_MUTANT);
		return;
	}
	if (dlt_store_page_mutant(t->env.store, m->mutant_id, &mu,
	    &found) != 0 || !found) {
		say_error(t, "the failure's mutant is not in the store");
		return;
	}
	text_add(x, TUI_A_BOLD, "mutant %" PRId64 " of model %s, ordinal %ld",
	    mu.id, mu.model != NULL ? mu.model : "?", mu.ordinal);
	text_add(x, 0, "operator    %s", mu.operator != NULL ? mu.operator :
	    "?");
	text_add(x, 0, "mode        %s", mu.mode != NULL ? mu.mode : "-");
	text_add(x, 0, "position    %s", mu.position != NULL ? mu.position :
	    "-");
	text_add(x, 0, "parameters  %s", mu.params != NULL ? mu.params : "-");
	if (mu.repaired != NULL)
		text_add(x, 0, "repaired    %s", mu.repaired);
	if (m->exec_framework != NULL || m->status != NULL) {
		if (m->signal != 0)
			text_add(x, 0, "run         on %s %s: %s, signal %d (%s)",
			    m->exec_framework != NULL ? m->exec_framework : "?",
			    m->framework_version != NULL ? m->framework_version :
			    "", m->status != NULL ? m->status : "?", m->signal,
			    signal_word(m->signal));
		else
			text_add(x, 0, "run         on %s %s: %s, exit code %d",
			    m->exec_framework != NULL ? m->exec_framework : "?",
			    m->framework_version != NULL ? m->framework_version :
			    "", m->status != NULL ? m->status : "?",
			    m->exit_code);
	}
	if (m->why != NULL)
		text_add(x, 0, "why         %s", m->why);
	text_add(x, 0, "%s", "");
	if (mu.operator != NULL && strcmp(mu.operator, "seed") == 0)
		text_add(x, 0, "this is the seed model itself: no diff");
	else if (mu.seed_ir == NULL)
		text_add(x, 0, "the seed model is not in the store: no diff");
	else if (tui_json_lines(mu.seed_ir, &a) != 0 ||
	    tui_json_lines(mu.ir, &b) != 0)
		text_add(x, 0, "the IR in the store does not parse: no diff");
	else {
		changed = tui_diff(&a, &b, 3, &d);
		text_add(x, TUI_A_BOLD, "diff of the mutant against the seed "
		    "model (%zu line%s changed)", changed, changed == 1 ? "" :
		    "s");
		for (i = 0; i < d.n; i++) {
			attr = d.v[i][0] == '+' ? TUI_A_ADD :
			    d.v[i][0] == '-' ? TUI_A_DEL :
			    d.v[i][0] == '@' ? TUI_A_DIM : 0;
			text_add(x, attr, "%s", d.v[i]);
		}
	}
	tui_lines_release(&a);
	tui_lines_release(&b);
	tui_lines_release(&d);
	dlt_page_mutant_release(&mu);
	push(t, S_MUTANT);
}

/* ---- the nearest known defects ---- */

static void
known_open(struct tui *t, const struct dlt_store_member *m)
{
	const struct dlt_ruleset	*rs = NULL;
	const struct dlt_prio_model	*pm;
	struct dlt_failure		 f;
	struct dlt_prio_feats		 fs = { NULL, 0, 0 };
	struct dlt_prio_pred		 pr;
	struct dlt_prio_near		 near[TUI_KNOWN];
	struct text			*x = &t->known;
	size_t				 n, i;

	if (t->env.rules == NULL || t->env.rules(t->env.rules_arg, &rs) != 0) {
		say_error(t, "cannot load the rules");
		return;
	}
	text_clear(x);
	x->title = xasprintf("nearest known defects of failure f%" PRId64,
	    m->id);
	if ((pm = rs->prio) == NULL) {
		text_add(x, 0, "the rule set has no priority model, and so no "
		    "known defects to compare with");
		push(t, S_KNOWN);
		return;
	}
	dlt_store_member_failure(m, rs, &f);
	dlt_prio_features(&f, NULL, &fs);
	for (i = 0; i < f.nframes; i++)
		free(f.frames[i]);
	dlt_prio_predict(pm, &fs, &pr);
	n = dlt_prio_nearest(pm, &fs, near, TUI_KNOWN);
	text_add(x, 0, "%s", m->signature != NULL ? m->signature : "");
	text_add(x, 0, "the priority model (%s) predicts %s: high %.2f, "
	    "medium %.2f, low %.2f", pm->path, dlt_priority_name(pr.priority),
	    pr.p[DLT_PRIO_HIGH], pr.p[DLT_PRIO_MEDIUM], pr.p[DLT_PRIO_LOW]);
	text_add(x, 0, "%s", "");
	text_add(x, TUI_A_BOLD, "similarity  priority  url");
	if (n == 0)
		text_add(x, 0, "none shares a feature with this failure");
	for (i = 0; i < n; i++)
		text_add(x, 0, "%10.2f  %-8s  %s%s%s%s", near[i].similarity,
		    dlt_priority_name(near[i].known->priority),
		    near[i].known->url,
		    *near[i].known->labels != '\0' ? "  [" : "",
		    near[i].known->labels,
		    *near[i].known->labels != '\0' ? "]" : "");
	dlt_prio_feats_release(&fs);
	push(t, S_KNOWN);
}

/* ---- help: the key table ---- */

static void
help_open(struct tui *t)
{
	static const char *const names[] = {
		"defects", "failures", "log", "mutant", "known", "campaign",
		"help"
	};
	struct strbuf	sb = STRBUF_INIT;
	struct text	*x = &t->help;
	size_t		i;
	int		s, on;

	text_clear(x);
	x->title = xstrdup("help");
	text_add(x, TUI_A_BOLD, "%-9s %-52s %s", "key", "what it does",
	    "where");
	for (i = 0; i < sizeof bindings / sizeof bindings[0]; i++) {
		if (bindings[i].name == NULL)
			continue;
		strbuf_reset(&sb);
		for (s = 0, on = 0; s <= S_HELP; s++)
			if (bindings[i].on & ON(s))
				on++;
		if (on == S_HELP + 1)
			strbuf_addstr(&sb, "everywhere");
		else if (on == S_HELP) {
			for (s = 0; s <= S_HELP; s++)
				if (!(bindings[i].on & ON(s)))
					strbuf_addf(&sb, "all but %s", names[s]);
		} else
			for (s = 0; s <= S_HELP; s++)
				if (bindings[i].on & ON(s))
					strbuf_addf(&sb, "%s%s", sb.len > 0 ?
					    "," : "", names[s]);
		text_add(x, 0, "%-9s %-52s %s", bindings[i].name,
		    bindings[i].help, sb.buf);
	}
	text_add(x, 0, "%s", "");
	text_add(x, 0, "In a prompt: Enter takes it, Esc drops it, Backspace "
	    "and ^U edit.");
	text_add(x, 0, "The triage keys act on the marked defects when there "
	    "are, else on the one shown.");
	strbuf_release(&sb);
	push(t, S_HELP);
}

/* ---- the campaign ---- */

static int
keep_newest(const struct dlt_page_bucket *b, size_t index, void *arg)
{
	struct text	*x = arg;

	(void)index;
	text_add(x, 0, "  %s  %-19.19s  %-14s %-7s %6ld  %s", b->id,
	    b->first_seen, b->cls, dlt_priority_name(b->priority), b->count, b->title);
	return (0);
}

static void
campaign_read(struct tui *t)
{
	struct dlt_page_campaign	 c;
	struct dlt_page_filter		 all = DLT_PAGE_FILTER_INIT;
	struct text			*x = &t->camp;
	struct strbuf			 sb = STRBUF_INIT;
	double				 now = now_ms(t), dt;
	size_t				 i, k;

	if (dlt_store_page_campaign(t->env.store, &c) != 0) {
		say_error(t, "cannot read the store");
		return;
	}
	if (t->nsamples == TUI_RATE_SAMPLES) {
		memmove(t->samples, t->samples + 1, sizeof t->samples[0] *
		    (TUI_RATE_SAMPLES - 1));
		t->nsamples--;
	}
	t->samples[t->nsamples].t = now;
	t->samples[t->nsamples].failures = c.failures;
	t->samples[t->nsamples].executions = c.executions;
	t->nsamples++;
	text_clear(x);
	x->title = xstrdup("campaign");
	if (c.name != NULL || c.created_at != NULL)
		text_add(x, TUI_A_BOLD, "campaign %s, started %s, %s",
		    c.name != NULL ? c.name : "(unnamed)",
		    c.created_at != NULL ? c.created_at : "?",
		    c.finished_at != NULL ? "finished" : "running or stopped");
	else
		text_add(x, TUI_A_BOLD, "no campaign in this store (classify "
		    "sessions only)");
	text_add(x, 0, "%ld mutants, %ld executions, %ld failures in %ld "
	    "unique defects", c.mutants, c.executions, c.failures, c.buckets);
	for (k = 0; k < DLT_CLASS_IGNORE; k++)
		strbuf_addf(&sb, "%s%s %ld", k > 0 ? ", " : "",
		    dlt_class_name((int)k), c.by_class[k]);
	text_add(x, 0, "by class: %s", sb.buf);
	/* the rate over the samples of the last minute */
	for (i = 0; i + 1 < t->nsamples && now - t->samples[i].t > 60e3; i++)
		;
	dt = (now - t->samples[i].t) / 60e3;
	if (dt > 0)
		text_add(x, 0, "rate: %.1f failures/min, %.1f executions/min "
		    "(over %.0f s)",
		    (double)(c.failures - t->samples[i].failures) / dt,
		    (double)(c.executions - t->samples[i].executions) / dt,
		    dt * 60);
	else
		text_add(x, 0, "rate: - (measured from the next change on)");
	text_add(x, 0, "%s", "");
	text_add(x, TUI_A_BOLD, "newest defects");
	if (dlt_store_page_buckets(t->env.store, &all, DLT_BUCKET_SORT_FIRST,
	    0, TUI_NEWEST, 0, keep_newest, x) != 0)
		say_error(t, "cannot read the store");
	strbuf_release(&sb);
	dlt_page_campaign_release(&c);
	t->camp_read = 1;
}

/* ---- search ---- */

static void
search_set(struct tui *t, const char *pat)
{
	struct dlt_rx_error	 err;
	struct dlt_rx		*rx;
	const char		*p;
	int			 flags = 0;

	if (*pat == '\0') {
		dlt_rx_free(t->rx);
		t->rx = NULL;
		free(t->pattern);
		t->pattern = NULL;
		t->gen++;
		return;
	}
	/* smart case: a pattern in lower case matches any case */
	for (p = pat; *p != '\0' && !isupper((unsigned char)*p); p++)
		;
	if (*p == '\0')
		flags |= DLT_RX_CASELESS;
	if ((rx = dlt_rx_compile(pat, flags, &err)) == NULL) {
		say(t, "bad pattern at %zu: %s", err.offset, err.message);
		return;
	}
	dlt_rx_free(t->rx);
	t->rx = rx;
	free(t->pattern);
	t->pattern = xstrdup(pat);
	t->gen++;
}

static int
rx_in(const struct dlt_rx *rx, const char *s)
{
	return (s != NULL && dlt_rx_match(rx, s, strlen(s), 0, NULL));
}

struct hitscan {
	const struct dlt_rx	 *rx;
	size_t			**v;
	size_t			 *n, alloc, index;
};

static int
hit_bucket(const struct dlt_page_bucket *b, size_t index, void *arg)
{
	struct hitscan	*h = arg;

	if (rx_in(h->rx, b->title) || rx_in(h->rx, b->id) ||
	    rx_in(h->rx, b->kind)) {
		XGROW(*h->v, *h->n + 1, h->alloc);
		(*h->v)[(*h->n)++] = index;
	}
	return (index + 1 >= TUI_HITS_MAX);
}

static int
hit_member(const struct dlt_store_member *m, void *arg)
{
	struct hitscan	*h = arg;

	if (rx_in(h->rx, m->source) || rx_in(h->rx, m->signature) ||
	    rx_in(h->rx, m->exc_message) || rx_in(h->rx, m->operator)) {
		XGROW(*h->v, *h->n + 1, h->alloc);
		(*h->v)[(*h->n)++] = h->index;
	}
	return (++h->index >= TUI_HITS_MAX);
}

/* The rows the pattern matches on the screen on top, when not known. */
static void
search_hits(struct tui *t)
{
	struct hitscan	 h;
	struct text	*x;
	size_t		 i;

	if (t->rx == NULL)
		return;
	memset(&h, 0, sizeof h);
	h.rx = t->rx;
	switch (top(t)) {
	case S_DEFECTS:
		if (t->dhits_gen == t->gen)
			return;
		free(t->dhits);
		t->dhits = NULL;
		t->ndhits = 0;
		h.v = &t->dhits;
		h.n = &t->ndhits;
		if (dlt_store_page_buckets(t->env.store, &t->filter, t->sort, 0,
		    0, 0, hit_bucket, &h) != 0)
			say_error(t, "cannot read the store");
		t->dhits_gen = t->gen;
		break;
	case S_FAILURES:
		if (t->fhits_gen == t->gen)
			return;
		free(t->fhits);
		t->fhits = NULL;
		t->nfhits = 0;
		h.v = &t->fhits;
		h.n = &t->nfhits;
		if (dlt_store_bucket_members(t->env.store, t->bucket.id,
		    hit_member, &h) != 0)
			say_error(t, "cannot read the store");
		t->fhits_gen = t->gen;
		break;
	case S_LOG:
		if (t->log_gen != t->gen) {
			tui_log_count(t->log, NULL, 0);
			t->log_gen = t->gen;
			t->log_counting = 1;
		}
		break;
	default:
		x = top(t) == S_MUTANT ? &t->mutant : top(t) == S_KNOWN ?
		    &t->known : top(t) == S_HELP ? &t->help : &t->camp;
		if (t->text_gen[top(t)] == t->gen)
			return;
		free(x->hits);
		x->hits = NULL;
		x->nhits = 0;
		for (i = 0; i < x->n; i++)
			if (rx_in(t->rx, x->v[i].s)) {
				x->hits = xreallocarray(x->hits, x->nhits + 1,
				    sizeof *x->hits);
				x->hits[x->nhits++] = i;
			}
		t->text_gen[top(t)] = t->gen;
		break;
	}
}

/* The next hit after cur (dir 1), or before it (-1), wrapping; or none. */
static int
hit_near(const size_t *v, size_t n, size_t cur, int dir, int from_cur,
    size_t *out)
{
	size_t	i;

	if (n == 0)
		return (0);
	if (dir > 0) {
		for (i = 0; i < n; i++)
			if (v[i] > cur || (from_cur && v[i] == cur)) {
				*out = v[i];
				return (1);
			}
		*out = v[0];
	} else {
		for (i = n; i-- > 0;)
			if (v[i] < cur) {
				*out = v[i];
				return (1);
			}
		*out = v[n - 1];
	}
	return (1);
}

/* Go to the next (1) or previous (-1) hit; from_cur: the cursor counts. */
static void
search_go(struct tui *t, int dir, int from_cur)
{
	struct text	*x;
	size_t		 to;
	int		 rows = list_rows(t);

	if (t->rx == NULL) {
		say(t, "no search: / to search");
		return;
	}
	search_hits(t);
	switch (top(t)) {
	case S_DEFECTS:
		if (hit_near(t->dhits, t->ndhits, t->dl.cur, dir, from_cur, &to))
			list_set(&t->dl, to, rows);
		else
			say(t, "/%s: no match", t->pattern);
		break;
	case S_FAILURES:
		if (hit_near(t->fhits, t->nfhits, t->fl.cur, dir, from_cur, &to))
			list_set(&t->fl, to, rows);
		else
			say(t, "/%s: no match", t->pattern);
		break;
	case S_LOG:
		if (!tui_log_search(t->log, t->rx, dir, rows))
			say(t, "/%s: no match %s", t->pattern, dir > 0 ?
			    "below" : "above");
		break;
	default:
		x = top(t) == S_MUTANT ? &t->mutant : top(t) == S_KNOWN ?
		    &t->known : top(t) == S_HELP ? &t->help : &t->camp;
		if (hit_near(x->hits, x->nhits, x->l.top, dir, from_cur, &to))
			x->l.top = x->l.cur = to;
		else
			say(t, "/%s: no match", t->pattern);
		break;
	}
}

static void
search_step(struct tui *t, int dir)
{
	search_go(t, dir, 0);
}

/* ---- filters ---- */

static void
filter_free(struct dlt_page_filter *f)
{
	struct dlt_page_filter	init = DLT_PAGE_FILTER_INIT;

	free((char *)f->cls);
	free((char *)f->framework);
	free((char *)f->text);
	*f = init;
}

/*
 * "class=crash framework=jax priority=high status=new words": each key
 * at most once (the last wins), the other words the text; 0, or -1
 * after saying what is wrong (the filter is then as it was).
 */
static int
filter_set(struct tui *t, const char *spec)
{
	struct dlt_page_filter	 f = DLT_PAGE_FILTER_INIT;
	struct strbuf		 text = STRBUF_INIT;
	char			*copy, *w, *v, *save = NULL;

	copy = xstrdup(spec);
	for (w = strtok_r(copy, " \t", &save); w != NULL;
	    w = strtok_r(NULL, " \t", &save)) {
		if ((v = strchr(w, '=')) == NULL) {
			strbuf_addf(&text, "%s%s", text.len > 0 ? " " : "", w);
			continue;
		}
		*v++ = '\0';
		if (strcmp(w, "class") == 0 && dlt_class_parse(v) >= 0) {
			free((char *)f.cls);
			f.cls = xstrdup(v);
		} else if (strcmp(w, "framework") == 0 || strcmp(w, "fw") == 0) {
			free((char *)f.framework);
			f.framework = xstrdup(v);
		} else if (strcmp(w, "priority") == 0 &&
		    (strcmp(v, "unset") == 0 ||
		    dlt_priority_parse_any(v) >= 0)) {
			f.priority = strcmp(v, "unset") == 0 ? DLT_PRIO_UNSET :
			    dlt_priority_parse_any(v);
		} else if (strcmp(w, "status") == 0 &&
		    dlt_triage_parse(v) >= 0) {
			f.status = dlt_triage_parse(v);
		} else {
			say(t, "filter: '%s=%s' is not class=, framework=, "
			    "priority= or status= with a valid value", w, v);
			filter_free(&f);
			strbuf_release(&text);
			free(copy);
			return (-1);
		}
	}
	free(copy);
	if (text.len > 0)
		f.text = strbuf_detach(&text, NULL);
	strbuf_release(&text);
	filter_free(&t->filter);
	t->filter = f;
	free(t->filter_text);
	t->filter_text = *spec != '\0' ? xstrdup(spec) : NULL;
	t->dl.cur = t->dl.top = 0;
	defects_invalidate(t);
	return (0);
}

/* ---- marks and triage ---- */

static int
cmp_str(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

static int
is_marked(const struct tui *t, const char *id)
{
	return (t->nmarks > 0 && bsearch(&id, t->marks, t->nmarks,
	    sizeof *t->marks, cmp_str) != NULL);
}

static void
marks_clear(struct tui *t)
{
	size_t	i;

	for (i = 0; i < t->nmarks; i++)
		free(t->marks[i]);
	t->nmarks = 0;
}

static void
mark_toggle(struct tui *t)
{
	const struct dlt_page_bucket	*b;
	const char			*id;
	char				**p;
	size_t				 i;

	if ((b = defects_current(t)) == NULL)
		return;
	id = b->id;
	if (t->nmarks > 0 && (p = bsearch(&id, t->marks, t->nmarks,
	    sizeof *t->marks, cmp_str)) != NULL) {
		i = (size_t)(p - t->marks);
		free(t->marks[i]);
		memmove(&t->marks[i], &t->marks[i + 1], (t->nmarks - i - 1) *
		    sizeof *t->marks);
		t->nmarks--;
	} else {
		t->marks = xreallocarray(t->marks, t->nmarks + 1,
		    sizeof *t->marks);
		t->marks[t->nmarks++] = xstrdup(id);
		qsort(t->marks, t->nmarks, sizeof *t->marks, cmp_str);
	}
	list_move(&t->dl, 1, list_rows(t));
}

/*
 * Record status (with arg: the duplicate's target, the URL or the note)
 * for the marked defects, or else the one shown, at once.
 */
static void
triage(struct tui *t, int status, const char *arg)
{
	const struct dlt_page_bucket	*cur = NULL;
	const char			*one[1], *const *ids;
	const char			*dup = NULL, *url = NULL, *note = NULL;
	char				 target[DLT_BUCKET_HEXLEN + 1] = "";
	size_t				 n, i, done = 0;
	int				 rc = 0, st;

	if (!dlt_store_page_writable(t->env.store)) {
		say(t, "the store is read-only: no decision recorded");
		return;
	}
	if (top(t) == S_DEFECTS && t->nmarks > 0) {
		ids = (const char *const *)t->marks;
		n = t->nmarks;
	} else {
		if (top(t) == S_DEFECTS) {
			if ((cur = defects_current(t)) == NULL)
				return;
		} else
			cur = &t->bucket;
		one[0] = cur->id;
		ids = one;
		n = 1;
	}
	for (i = 0; i < n && rc == 0; i++) {
		st = status;
		dup = url = note = NULL;
		if (st == DLT_TRIAGE_DUPLICATE)
			dup = arg;
		else if (st == DLT_TRIAGE_REPORTED)
			url = arg;
		else if (st < 0) {
			/* a note: the status stays what it is */
			struct dlt_store_triage	tr;
			int			found;

			if (dlt_store_triage_get(t->env.store, ids[i], &tr,
			    &found) != 0) {
				rc = -1;
				break;
			}
			st = tr.status;
			if (st == DLT_TRIAGE_DUPLICATE && tr.duplicate_of != NULL)
				dup = xstrdup(tr.duplicate_of);
			if (st == DLT_TRIAGE_REPORTED && tr.url != NULL)
				url = xstrdup(tr.url);
			dlt_store_triage_release(&tr);
			note = arg;
		}
		rc = dlt_store_triage_decide(t->env.store, ids[i], st, dup, url,
		    note, NULL, target);
		if (status < 0) {
			free((char *)dup);
			free((char *)url);
		}
		if (rc == 0)
			done++;
	}
	if (rc != 0)
		say_error(t, "the decision was not recorded");
	else if (n == 1)
		say(t, "bucket %s: %s%s%s", ids[0], status < 0 ? "note added" :
		    dlt_triage_name(status), status == DLT_TRIAGE_DUPLICATE ?
		    " of " : "", status == DLT_TRIAGE_DUPLICATE ? target : "");
	else
		say(t, "%zu buckets: %s", done, status < 0 ? "note added" :
		    dlt_triage_name(status));
	if (top(t) == S_DEFECTS && t->nmarks > 0 && rc == 0)
		marks_clear(t);
	/* the list shows the new status, and may order or filter it away */
	defects_invalidate(t);
	if (top(t) != S_DEFECTS && rc == 0 && status >= 0)
		t->bucket.status = status;
}

/* ---- the prompt ---- */

static const char *
prompt_label(enum prompt_kind k)
{
	switch (k) {
	case P_SEARCH:
		return ("/");
	case P_FILTER:
		return ("filter: ");
	case P_DUPLICATE:
		return ("duplicate of bucket: ");
	case P_URL:
		return ("reported at URL: ");
	case P_NOTE:
		return ("note: ");
	default:
		return ("");
	}
}

static void
prompt_start(struct tui *t, enum prompt_kind k)
{
	t->prompt = k;
	strbuf_reset(&t->input);
	if (k == P_FILTER && t->filter_text != NULL)
		strbuf_addstr(&t->input, t->filter_text);
}

static void
prompt_done(struct tui *t)
{
	char	*in = xstrdup(t->input.buf);

	switch (t->prompt) {
	case P_SEARCH:
		search_set(t, in);
		if (t->rx != NULL)
			search_go(t, 1, 1);
		break;
	case P_FILTER:
		filter_set(t, in);
		break;
	case P_DUPLICATE:
	case P_URL:
	case P_NOTE:
		if (*in == '\0')
			say(t, "nothing given: no decision recorded");
		else
			triage(t, t->prompt == P_DUPLICATE ?
			    DLT_TRIAGE_DUPLICATE : t->prompt == P_URL ?
			    DLT_TRIAGE_REPORTED : -1, in);
		break;
	default:
		break;
	}
	free(in);
}

/* A key while the prompt is open. */
static int
prompt_key(struct tui *t, int key)
{
	char	buf[4];
	size_t	n;

	switch (key) {
	case TUI_KEY_ENTER:
		prompt_done(t);
		t->prompt = P_NONE;
		break;
	case TUI_KEY_ESC:
		t->prompt = P_NONE;
		break;
	case TUI_KEY_BACKSPACE:
	case 127:
	case 8:
		/* one character: UTF-8 continuation bytes with it */
		while (t->input.len > 0 && ((unsigned char)t->input.buf[
		    t->input.len - 1] & 0xc0) == 0x80)
			strbuf_setlen(&t->input, t->input.len - 1);
		if (t->input.len > 0)
			strbuf_setlen(&t->input, t->input.len - 1);
		break;
	case 21:	/* ^U */
		strbuf_reset(&t->input);
		break;
	default:
		if (key < 0x20 || key >= 0x110000 || t->input.len > 1000)
			break;
		/* the character as UTF-8 */
		if (key < 0x80) {
			buf[0] = (char)key;
			n = 1;
		} else if (key < 0x800) {
			buf[0] = (char)(0xc0 | (key >> 6));
			buf[1] = (char)(0x80 | (key & 0x3f));
			n = 2;
		} else if (key < 0x10000) {
			buf[0] = (char)(0xe0 | (key >> 12));
			buf[1] = (char)(0x80 | ((key >> 6) & 0x3f));
			buf[2] = (char)(0x80 | (key & 0x3f));
			n = 3;
		} else {
			buf[0] = (char)(0xf0 | (key >> 18));
			buf[1] = (char)(0x80 | ((key >> 12) & 0x3f));
			buf[2] = (char)(0x80 | ((key >> 6) & 0x3f));
			buf[3] = (char)(0x80 | (key & 0x3f));
			n = 4;
		}
		strbuf_add(&t->input, buf, n);
		break;
	}
	return (TUI_REDRAW);
}

/* ---- keys ---- */

static struct text *
text_of(struct tui *t)
{
	switch (top(t)) {
	case S_MUTANT:
		return (&t->mutant);
	case S_KNOWN:
		return (&t->known);
	case S_HELP:
		return (&t->help);
	case S_CAMPAIGN:
		return (&t->camp);
	default:
		return (NULL);
	}
}

static int
act(struct tui *t, enum action a)
{
	const struct dlt_page_bucket	*b;
	const struct dlt_store_member	*m;
	struct dlt_store_member		 tmp;
	struct list			*l = NULL;
	struct text			*x = text_of(t);
	int				 rows = list_rows(t), owned;

	if (top(t) == S_DEFECTS)
		l = &t->dl;
	else if (top(t) == S_FAILURES)
		l = &t->fl;
	else if (x != NULL) {
		/* a text scrolls: its cursor is its first line shown */
		l = &x->l;
		l->n = x->n > (size_t)rows ? x->n - (size_t)rows + 1 : 1;
		l->cur = l->top;
	}
	switch (a) {
	case A_DOWN:
	case A_UP:
	case A_PGDN:
	case A_PGUP:
	case A_TOP:
	case A_BOTTOM:
		if (top(t) == S_LOG) {
			if (a == A_DOWN || a == A_UP)
				tui_log_scroll(t->log, a == A_DOWN ? 1 : -1,
				    rows);
			else if (a == A_PGDN || a == A_PGUP)
				tui_log_scroll(t->log, a == A_PGDN ? rows :
				    -rows, rows);
			else if (a == A_TOP)
				tui_log_home(t->log);
			else
				tui_log_end(t->log, rows);
			break;
		}
		if (a == A_DOWN || a == A_UP)
			list_move(l, a == A_DOWN ? 1 : -1, x != NULL ? 1 : rows);
		else if (a == A_PGDN || a == A_PGUP) {
			list_move(l, a == A_PGDN ? rows : -rows,
			    x != NULL ? 1 : rows);
			if (x == NULL)
				list_set(l, l->cur, rows);
		} else
			list_set(l, a == A_TOP ? 0 : l->n > 0 ? l->n - 1 : 0,
			    x != NULL ? 1 : rows);
		if (x != NULL)
			l->top = l->cur;
		break;
	case A_LEFT:
	case A_RIGHT:
		tui_log_hscroll(t->log, a == A_LEFT ? -(t->w / 2) : t->w / 2);
		break;
	case A_ENTER:
		if (top(t) == S_DEFECTS) {
			if ((b = defects_current(t)) != NULL)
				failures_open(t, b);
		} else if ((m = current_member(t, &tmp, &owned)) != NULL) {
			log_open(t, m);
			if (owned)
				dlt_store_member_release(&tmp);
		}
		break;
	case A_BACK:
		if (t->depth == 1)
			return (TUI_QUIT);
		t->depth--;
		if (top(t) == S_DEFECTS)
			defects_load(t);
		break;
	case A_QUIT:
		return (TUI_QUIT);
	case A_SEARCH:
		prompt_start(t, P_SEARCH);
		break;
	case A_NEXT:
	case A_PREV:
		search_step(t, a == A_NEXT ? 1 : -1);
		break;
	case A_FILTER:
		prompt_start(t, P_FILTER);
		break;
	case A_SORT:
		t->sort = (enum dlt_bucket_sort)((t->sort + 1) % 4);
		t->dl.cur = t->dl.top = 0;
		defects_invalidate(t);
		break;
	case A_MARK:
		mark_toggle(t);
		break;
	case A_UNMARK_ALL:
		marks_clear(t);
		break;
	case A_CONFIRMED:
		triage(t, DLT_TRIAGE_CONFIRMED, NULL);
		break;
	case A_FALSE_POSITIVE:
		triage(t, DLT_TRIAGE_FALSE_POSITIVE, NULL);
		break;
	case A_WONT_FIX:
		triage(t, DLT_TRIAGE_WONT_FIX, NULL);
		break;
	case A_NEW:
		triage(t, DLT_TRIAGE_NEW, NULL);
		break;
	case A_DUPLICATE:
		prompt_start(t, P_DUPLICATE);
		break;
	case A_REPORTED:
		prompt_start(t, P_URL);
		break;
	case A_NOTE:
		prompt_start(t, P_NOTE);
		break;
	case A_MUTANT:
	case A_KNOWN:
		if ((m = current_member(t, &tmp, &owned)) == NULL) {
			say(t, "no failure here");
			break;
		}
		if (top(t) == S_DEFECTS && (b = defects_current(t)) != NULL) {
			/* the screens below know which bucket it is */
			failures_open(t, b);
			t->depth--;
		}
		if (a == A_MUTANT)
			mutant_open(t, m);
		else
			known_open(t, m);
		if (owned)
			dlt_store_member_release(&tmp);
		break;
	case A_CAMPAIGN:
		campaign_read(t);
		t->camp_polled = now_ms(t);
		dlt_store_page_version(t->env.store, &t->camp_version);
		push(t, S_CAMPAIGN);
		break;
	case A_HELP:
		help_open(t);
		break;
	case A_REFRESH:
		defects_invalidate(t);
		t->fstale = 1;
		t->dhits_gen = t->fhits_gen = 0;
		break;
	}
	return (TUI_REDRAW);
}

int
tui_key(struct tui *t, int key)
{
	size_t	i;

	free(t->msg);
	t->msg = NULL;
	if (t->prompt != P_NONE)
		return (prompt_key(t, key));
	for (i = 0; i < sizeof bindings / sizeof bindings[0]; i++)
		if (bindings[i].key == key && (bindings[i].on & ON(top(t))))
			return (act(t, bindings[i].action));
	if (key < 0x80 && isprint(key))
		say(t, "'%c' does nothing here: ? for help", key);
	return (TUI_REDRAW);
}

int
tui_tick(struct tui *t, double budget_ms)
{
	int64_t	v;
	double	now;
	int	redraw = 0;

	if (top(t) == S_LOG && t->log != NULL) {
		if (tui_log_index(t->log, budget_ms / 2))
			redraw = TUI_REDRAW;
		if (t->rx != NULL && t->log_gen == t->gen && t->log_counting) {
			if (tui_log_count(t->log, t->rx, budget_ms / 2))
				t->log_counting = 0;
			redraw = TUI_REDRAW;
		}
	}
	if (top(t) == S_CAMPAIGN) {
		now = now_ms(t);
		if (now - t->camp_polled >= TUI_POLL_MS) {
			t->camp_polled = now;
			/* read again only what changed: no redraw storm */
			if (dlt_store_page_version(t->env.store, &v) == 0 &&
			    v != t->camp_version) {
				t->camp_version = v;
				campaign_read(t);
				redraw = TUI_REDRAW;
			}
		}
	}
	return (redraw);
}

/* ---- drawing ---- */

static void
draw_bar(struct tui_grid *g, int row, const char *s)
{
	tui_grid_attr(g, row, 0, g->w, TUI_A_REVERSE);
	tui_grid_str(g, row, 0, g->w, TUI_A_REVERSE, s);
}

/* The status line: the filter, the search and its hits, a message. */
static void
draw_status(struct tui *t, struct tui_grid *g)
{
	struct strbuf	 sb = STRBUF_INIT;
	struct text	*x;
	size_t		 hits = 0, at = 0, i;
	int		 counted = 1;

	if (top(t) == S_DEFECTS && t->filter_text != NULL)
		strbuf_addf(&sb, "filter: %s  ", t->filter_text);
	if (t->rx != NULL) {
		search_hits(t);
		switch (top(t)) {
		case S_DEFECTS:
			hits = t->ndhits;
			for (i = 0; i < hits; i++)
				if (t->dhits[i] == t->dl.cur)
					at = i + 1;
			break;
		case S_FAILURES:
			hits = t->nfhits;
			for (i = 0; i < hits; i++)
				if (t->fhits[i] == t->fl.cur)
					at = i + 1;
			break;
		case S_LOG:
			hits = tui_log_hits(t->log);
			at = tui_log_hit_index(t->log);
			counted = !t->log_counting;
			break;
		default:
			x = text_of(t);
			hits = x->nhits;
			for (i = 0; i < hits; i++)
				if (x->hits[i] == x->l.top)
					at = i + 1;
			break;
		}
		if (at > 0)
			strbuf_addf(&sb, "/%s  %zu of %zu%s  ", t->pattern, at,
			    hits, counted ? "" : "+");
		else
			strbuf_addf(&sb, "/%s  %zu%s match%s  ", t->pattern, hits,
			    counted ? "" : "+", hits == 1 ? "" : "es");
	}
	if (t->msg != NULL)
		strbuf_addstr(&sb, t->msg);
	draw_bar(g, g->h - 2, sb.buf);
	strbuf_release(&sb);
	if (t->prompt != P_NONE) {
		tui_grid_printf(g, g->h - 1, 0, g->w, 0, "%s%s",
		    prompt_label(t->prompt), t->input.buf);
		return;
	}
	switch (top(t)) {
	case S_DEFECTS:
		tui_grid_str(g, g->h - 1, 0, g->w, TUI_A_DIM, "Enter failures  "
		    "/ search  f filter  s sort  Space mark  C F D R W U a "
		    "triage  c campaign  ? help  q quit");
		break;
	case S_FAILURES:
		tui_grid_str(g, g->h - 1, 0, g->w, TUI_A_DIM, "Enter log  "
		    "m mutant  K known defects  / search  C F D R W U a triage  "
		    "Esc back  ? help");
		break;
	case S_LOG:
		tui_grid_str(g, g->h - 1, 0, g->w, TUI_A_DIM, "j k PgUp PgDn "
		    "g G scroll  h l sideways  / search  n N matches  m mutant  "
		    "K known  Esc back");
		break;
	default:
		tui_grid_str(g, g->h - 1, 0, g->w, TUI_A_DIM, "j k PgUp PgDn "
		    "scroll  / search  Esc back  ? help  Q quit");
		break;
	}
}

/* Mark the matches of the search in s, drawn at row, col in w columns. */
static void
draw_matches(struct tui *t, struct tui_grid *g, int row, int col, int w,
    const char *s)
{
	struct dlt_rx_match	m;
	size_t			len, off = 0, c0, c1;

	if (t->rx == NULL || s == NULL)
		return;
	len = strlen(s);
	while (off <= len && dlt_rx_match(t->rx, s, len, off, &m)) {
		c0 = dlt_termsafe_column(s, len, m.start);
		c1 = dlt_termsafe_column(s, len, m.end);
		if (c1 == c0)
			c1 = c0 + 1;
		if (c0 < (size_t)w)
			tui_grid_attr(g, row, col + (int)c0, (int)((c1 <
			    (size_t)w ? c1 : (size_t)w) - c0), TUI_A_MATCH);
		off = m.end > m.start ? m.end : m.end + 1;
	}
}

/*
 * A cell of a row: s cut to w columns, then a space; a cut shows, as
 * an ellipsis in the last column.
 */
static void
cell(struct tui_grid *g, int row, int *x, int w, uint16_t attr,
    const char *s)
{
	int	n;

	if (w <= 0)
		return;
	if (s != NULL && w >= 2 && dlt_termsafe_width(s, strlen(s)) >
	    (size_t)w) {
		n = tui_grid_str(g, row, *x, w - 1, attr, s);
		tui_grid_str(g, row, *x + n, 1, attr, "\xe2\x80\xa6");
	} else
		tui_grid_str(g, row, *x, w, attr, s);
	*x += w + 1;
}

static const char *
prio_word(int p)
{
	return (p == DLT_PRIO_UNSET ? "-" : dlt_priority_name(p));
}

static void
draw_defects(struct tui *t, struct tui_grid *g)
{
	static const char *const sorts[] = { "priority", "count",
		"first seen", "last seen" };
	const struct dlt_page_bucket	*b;
	char				 date1[11], date2[11], count[16];
	char				 status[24];
	int				 rows = list_rows(t), r, x, tx;
	/* narrow terminals drop columns, the least needed first */
	int				 wkind = g->w >= 130 ? 16 : 0;
	int				 wfirst = g->w >= 150 ? 10 : 0;
	int				 wlast = g->w >= 110 ? 10 : 0;
	int				 wfw = g->w >= 80 ? 11 : 0;
	uint16_t			 attr;

	defects_load(t);
	if (t->nmarks > 0)
		tui_grid_printf(g, 0, 0, g->w, TUI_A_REVERSE, "dltriage  %s  "
		    "defects %zu  sort: %s  %zu marked", t->env.db, t->dl.n,
		    sorts[t->sort], t->nmarks);
	else
		tui_grid_printf(g, 0, 0, g->w, TUI_A_REVERSE, "dltriage  %s  "
		    "defects %zu  sort: %s", t->env.db, t->dl.n,
		    sorts[t->sort]);
	tui_grid_attr(g, 0, 0, g->w, TUI_A_REVERSE);
	x = 2;
	cell(g, 1, &x, 6, TUI_A_BOLD, "PRIO");
	cell(g, 1, &x, 14, TUI_A_BOLD, "CLASS");
	cell(g, 1, &x, wkind, TUI_A_BOLD, "KIND");
	cell(g, 1, &x, wfw, TUI_A_BOLD, "FRAMEWORKS");
	cell(g, 1, &x, 6, TUI_A_BOLD, " COUNT");
	cell(g, 1, &x, wfirst, TUI_A_BOLD, "FIRST");
	cell(g, 1, &x, wlast, TUI_A_BOLD, "LAST");
	cell(g, 1, &x, 14, TUI_A_BOLD, "STATUS");
	cell(g, 1, &x, g->w - x, TUI_A_BOLD, "TITLE");
	if (t->dl.n == 0)
		tui_grid_str(g, 2, 2, g->w - 2, 0, t->filter_text != NULL ?
		    "no defect matches the filter (f to change it)" :
		    "no defects in this store");
	for (r = 0; r < rows && (size_t)r < t->ndrows; r++) {
		b = &t->drows[r];
		attr = t->drows_off + (size_t)r == t->dl.cur ? TUI_A_CURSOR : 0;
		if (is_marked(t, b->id)) {
			attr |= TUI_A_MARK;
			tui_grid_str(g, 2 + r, 0, 1, attr, "*");
		}
		snprintf(date1, sizeof date1, "%s", b->first_seen);
		snprintf(date2, sizeof date2, "%s", b->last_seen);
		snprintf(count, sizeof count, "%6ld", b->count);
		if (b->status == DLT_TRIAGE_DUPLICATE && b->duplicate_of != NULL)
			snprintf(status, sizeof status, "dup %.8s",
			    b->duplicate_of);
		else
			snprintf(status, sizeof status, "%s",
			    dlt_triage_name(b->status));
		x = 2;
		cell(g, 2 + r, &x, 6, attr, prio_word(b->priority));
		cell(g, 2 + r, &x, 14, attr, b->cls);
		cell(g, 2 + r, &x, wkind, attr, b->kind != NULL ? b->kind : "");
		cell(g, 2 + r, &x, wfw, attr, b->frameworks);
		cell(g, 2 + r, &x, 6, attr, count);
		cell(g, 2 + r, &x, wfirst, attr, date1);
		cell(g, 2 + r, &x, wlast, attr, date2);
		cell(g, 2 + r, &x, 14, attr, status);
		tx = x;
		cell(g, 2 + r, &tx, g->w - x, attr, b->title);
		if (attr & TUI_A_CURSOR)
			tui_grid_attr(g, 2 + r, 0, g->w, TUI_A_CURSOR);
		draw_matches(t, g, 2 + r, x, g->w - x, b->title);
	}
}

static void
draw_failures(struct tui *t, struct tui_grid *g)
{
	const struct dlt_store_member	*m;
	struct strbuf			 sb = STRBUF_INIT;
	char				 id[32], lines[48];
	int				 rows = list_rows(t), r, x;
	uint16_t			 attr;

	failures_load(t);
	tui_grid_printf(g, 0, 0, g->w, TUI_A_REVERSE, "bucket %s  %s  %s  "
	    "%zu failures  %s", t->bucket.id, prio_word(t->bucket.priority),
	    t->bucket.cls, t->fl.n, dlt_triage_name(t->bucket.status));
	tui_grid_attr(g, 0, 0, g->w, TUI_A_REVERSE);
	x = 0;
	cell(g, 1, &x, 9, TUI_A_BOLD, "FAILURE");
	cell(g, 1, &x, 11, TUI_A_BOLD, "FRAMEWORK");
	cell(g, 1, &x, 10, TUI_A_BOLD, "OPERATOR");
	cell(g, 1, &x, 30, TUI_A_BOLD, "SOURCE");
	cell(g, 1, &x, g->w - x, TUI_A_BOLD, "SIGNATURE");
	for (r = 0; r < rows && (size_t)r < t->nfrows; r++) {
		m = &t->frows[r];
		attr = t->frows_off + (size_t)r == t->fl.cur ? TUI_A_CURSOR : 0;
		snprintf(id, sizeof id, "f%" PRId64, m->id);
		x = 0;
		cell(g, 2 + r, &x, 9, attr, id);
		cell(g, 2 + r, &x, 11, attr, m->framework != NULL ?
		    m->framework : "-");
		cell(g, 2 + r, &x, 10, attr, m->operator != NULL ? m->operator :
		    "-");
		strbuf_reset(&sb);
		snprintf(lines, sizeof lines, ":%ld-%ld", m->line_start,
		    m->line_end);
		/* the end of a long path is what tells it apart */
		if (m->path != NULL) {
			size_t	len = strlen(m->path), keep = 30 - strlen(lines);

			if (len > keep)
				strbuf_addf(&sb, "...%s", m->path + len - keep + 3);
			else
				strbuf_addstr(&sb, m->path);
		}
		strbuf_addstr(&sb, lines);
		tui_grid_str(g, 2 + r, x, 30, attr, sb.buf);
		x += 31;
		tui_grid_str(g, 2 + r, x, g->w - x, attr, m->signature);
		if (attr & TUI_A_CURSOR)
			tui_grid_attr(g, 2 + r, 0, g->w, TUI_A_CURSOR);
		draw_matches(t, g, 2 + r, x, g->w - x, m->signature);
	}
	strbuf_release(&sb);
}

static void
draw_log(struct tui *t, struct tui_grid *g)
{
	struct dlt_store_member	*m = &t->member;

	tui_grid_printf(g, 0, 0, g->w, TUI_A_REVERSE, "f%" PRId64 "  %s  "
	    "lines %ld-%ld  %zu%s lines  %s", m->id, m->path != NULL ?
	    m->path : "-", m->line_start, m->line_end, tui_log_lines(t->log),
	    tui_log_complete(t->log) ? "" : "+", m->signature != NULL ?
	    m->signature : "");
	tui_grid_attr(g, 0, 0, g->w, TUI_A_REVERSE);
	if (t->log_note != NULL)
		tui_grid_str(g, 1, 0, g->w, TUI_A_DIM, t->log_note);
	else
		tui_grid_printf(g, 1, 0, g->w, TUI_A_DIM, "evidence lines "
		    "highlighted, the failure's lines marked >; %s",
		    m->rule != NULL ? m->rule : "no rule");
	tui_log_draw(t->log, g, 2, list_rows(t), t->rx);
}

static void
draw_text(struct tui *t, struct tui_grid *g, struct text *x)
{
	int	rows = list_rows(t), r;
	size_t	i;

	tui_grid_str(g, 0, 0, g->w, TUI_A_REVERSE, x->title);
	tui_grid_attr(g, 0, 0, g->w, TUI_A_REVERSE);
	for (r = 0; r < rows + 1; r++) {
		i = x->l.top + (size_t)r;
		if (i >= x->n)
			break;
		tui_grid_str(g, 1 + r, 0, g->w, x->v[i].attr, x->v[i].s);
		draw_matches(t, g, 1 + r, 0, g->w, x->v[i].s);
	}
}

void
tui_draw(struct tui *t, struct tui_grid *g)
{
	tui_grid_clear(g);
	if (g->h < 4 || g->w < 20) {
		tui_grid_str(g, 0, 0, g->w, 0, "too small");
		return;
	}
	switch (top(t)) {
	case S_DEFECTS:
		draw_defects(t, g);
		break;
	case S_FAILURES:
		draw_failures(t, g);
		break;
	case S_LOG:
		draw_log(t, g);
		break;
	default:
		draw_text(t, g, text_of(t));
		break;
	}
	draw_status(t, g);
}

/* ---- --keys ---- */

int
tui_keys_parse(const char *s, int **keys, size_t *n)
{
	static const struct {
		const char	*name;
		int		 key;
	} names[] = {
		{ "<Enter>", TUI_KEY_ENTER }, { "<Esc>", TUI_KEY_ESC },
		{ "<Up>", TUI_KEY_UP }, { "<Down>", TUI_KEY_DOWN },
		{ "<Left>", TUI_KEY_LEFT }, { "<Right>", TUI_KEY_RIGHT },
		{ "<PgUp>", TUI_KEY_PGUP }, { "<PgDn>", TUI_KEY_PGDN },
		{ "<Home>", TUI_KEY_HOME }, { "<End>", TUI_KEY_END },
		{ "<BS>", TUI_KEY_BACKSPACE }, { "<Tab>", TUI_KEY_TAB },
		{ "<C-l>", TUI_KEY_REFRESH }
	};
	size_t	alloc = 0, i, len, ulen;
	int	k;

	*keys = NULL;
	*n = 0;
	while (*s != '\0') {
		k = (unsigned char)*s;
		len = 1;
		/* a UTF-8 sequence is one character (a bad one, its bytes) */
		if (k >= 0xc2 && k <= 0xf4) {
			ulen = k >= 0xf0 ? 4 : k >= 0xe0 ? 3 : 2;
			for (i = 1; i < ulen && (s[i] & 0xc0) == 0x80; i++)
				;
			if (i == ulen) {
				k &= 0x7f >> ulen;
				for (i = 1; i < ulen; i++)
					k = (k << 6) | (s[i] & 0x3f);
				len = ulen;
			}
		} else if (*s == '\\') {
			switch (s[1]) {
			case 'n':
				k = TUI_KEY_ENTER;
				break;
			case 'e':
				k = TUI_KEY_ESC;
				break;
			case 't':
				k = TUI_KEY_TAB;
				break;
			case '\\':
				k = '\\';
				break;
			case '<':
				k = '<';
				break;
			default:
				free(*keys);
				*keys = NULL;
				return (dlt_error("--keys: unknown escape "
				    "'\\%c'", s[1] != '\0' ? s[1] : ' '));
			}
			len = 2;
		} else if (*s == '<') {
			for (i = 0; i < sizeof names / sizeof names[0]; i++)
				if (strncmp(s, names[i].name,
				    strlen(names[i].name)) == 0)
					break;
			if (i == sizeof names / sizeof names[0]) {
				free(*keys);
				*keys = NULL;
				return (dlt_error("--keys: unknown key name at "
				    "'%.12s'", s));
			}
			k = names[i].key;
			len = strlen(names[i].name);
		}
		XGROW(*keys, *n + 1, alloc);
		(*keys)[(*n)++] = k;
		s += len;
	}
	return (0);
}
