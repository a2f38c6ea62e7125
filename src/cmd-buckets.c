/*
 * cmd-buckets.c: "dltriage buckets", which lists the unique defects of a
 * store, one row each, worst first, with their triage status.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "bucket.h"
#include "json.h"
#include "near.h"
#include "output-table.h"
#include "output.h"
#include "store-show.h"
#include "store-triage.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"

/* "2024-01-02T10:00:00Z" and its NUL. */
#define DATE_LEN	21
/* A priority cell's bytes at most, its confidence included. */
#define PRIO_MAX	31
/* Rows written at once (flushed), the rest as stdio's buffer fills. */
#define FLUSH_ROWS	64

/* What the rows must match; a zero mask matches everything. */
struct filter {
	unsigned	classes;	/* bits of enum dlt_class */
	unsigned	frameworks;	/* bits of enum dlt_framework */
	unsigned	priorities;	/* bits of priority + 1 */
	unsigned	statuses;	/* bits of enum dlt_triage */
	char		since[DATE_LEN];	/* "" or an ISO 8601 time */
};

static int	cmd_buckets_exec(struct dlt_ctx *, int, char **);
static int	check_class(const char *);
static int	check_framework(const char *);
static int	check_priority(const char *);
static int	check_status(const char *);
static int	check_since(const char *);
static int	parse_list(const char *, const char *, const char *const *,
		    unsigned *);
static int	parse_frameworks(const char *, unsigned *);
static int	parse_date(const char *, char *);
static int	matches(const struct filter *, const struct dlt_store_bucket *);
static void	frameworks_text(struct strbuf *, const struct dlt_store_bucket *);
/*
 * The near-duplicate proposals (near.h) of the buckets listed: a bucket
 * is compared with those of its block only (the same framework, class
 * and exception type), so a block is read and indexed when a row of it
 * is first printed, and the list waits for no other.
 */
struct near_one {
	char	id[DLT_BUCKET_HEXLEN + 1];
	double	score;
};
struct near_block {
	struct dlt_near_item	*items;		/* in id order */
	size_t			 nitems;
	struct dlt_near_index	*ix;
};
/* The block of a bucket: -1 not read yet, -2 none (it has no failure). */
struct near_where {
	char	id[DLT_BUCKET_HEXLEN + 1];
	long	block;
};

struct near_set {
	struct dlt_ctx		*ctx;
	struct near_block	*blocks;
	size_t			 nblocks, alloc;
	struct near_where	*where;		/* every bucket, in id order */
	size_t			 nwhere;
	struct near_one		*v;		/* the last bucket's */
	size_t			 n, valloc;
};
static int	out_table(const struct dlt_store_bucket_list *,
		    const struct filter *, struct near_set *, FILE *);
static void	out_json(const struct dlt_store_bucket *,
		    const struct near_one *, size_t, FILE *);
static void	out_csv(const struct dlt_store_bucket *,
		    const struct near_one *, size_t, FILE *);
static int	near_of(struct near_set *, const char *,
		    const struct near_one **, size_t *);

/* The order of enum dlt_format. */
static const char *const formats[] = { "table", "json", "csv", NULL };
/* The order of enum dlt_bucket_sort. */
static const char *const sorts[] = { "priority", "count", "first", "last",
	NULL };
/*
 * --priority: the priorities, "unset" (a bucket without one) and
 * "unknown" (the priority model abstained).
 */
static const char *const priorities[] = { "low", "medium", "high", "unset",
	"unknown", NULL };
/* --class: every class but "ignore", which no bucket has. */
static const char *const classes[] = { "crash", "nan", "inconsistency",
	"false-positive", "timeout", "oom", "unknown", NULL };

_Static_assert(DLT_CLASS_IGNORE == 7 && DLT_CLASS_UNKNOWN == 6,
    "classes[] is dlt_class_names without \"ignore\"");

static const struct dlt_option buckets_options[] = {
	{ "db", 0, "FILE", DLT_OPT_DB,
	    "read the store FILE (or $DLTRIAGE_DB)", NULL, NULL },
	{ "class", 0, "LIST", 'c',
	    "only these classes (comma-separated)", NULL, check_class },
	{ "framework", 0, "LIST", 'F',
	    "only buckets seen on these frameworks", NULL, check_framework },
	{ "priority", 0, "LIST", 'p',
	    "only these priorities (high, medium, low, unset)", NULL,
	    check_priority },
	{ "status", 0, "LIST", 's',
	    "only these triage statuses (then duplicates are listed)", NULL,
	    check_status },
	{ "since", 0, "DATE", 'S',
	    "only buckets seen since DATE (YYYY-MM-DD[THH:MM[:SS]])",
	    NULL, check_since },
	{ "sort", 0, "KEY", 'o', "the order (default priority: worst first)",
	    sorts, NULL },
	{ "format", 0, "FORMAT", 'f', "the output format (default table)",
	    formats, NULL },
	DLT_OPTION_RULES,
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_buckets = {
	"buckets",
	"[--db FILE] [--class LIST] [--framework LIST]\n"
	"       [--priority LIST] [--status LIST] [--since DATE]\n"
	"       [--sort priority|count|first|last] [--format table|json|csv]",
	"list the unique defects of a store, worst first",
	DLT_CMD_NEEDS_STORE | DLT_CMD_EXISTING_STORE | DLT_CMD_NEEDS_RULES,
	buckets_options,
	cmd_buckets_exec, dlt_cmd_no_operands
};

static const struct dlt_table_col table_cols[] = {
	{ "BUCKET", 0, 0, 0 },
	{ "PRIORITY", 0, 0, 0 },
	{ "CLASS", 0, 0, 0 },
	{ "KIND", 0, 3, 8 },
	{ "FRAMEWORKS", 0, 2, 10 },
	{ "COUNT", 1, 0, 0 },
	{ "FIRST", 0, 0, 0 },
	{ "LAST", 0, 0, 0 },
	{ "STATUS", 0, 0, 0 },
	{ "TITLE", 0, 1, 20 },
};
#define NCOLS	(sizeof table_cols / sizeof table_cols[0])

static int
check_class(const char *arg)
{
	unsigned	mask = 0;

	return (parse_list("class", arg, classes, &mask));
}

static int
check_framework(const char *arg)
{
	unsigned	mask = 0;

	return (parse_frameworks(arg, &mask));
}

static int
check_priority(const char *arg)
{
	unsigned	mask = 0;

	return (parse_list("priority", arg, priorities, &mask));
}

static int
check_status(const char *arg)
{
	unsigned	mask = 0;

	return (parse_list("status", arg, dlt_triage_names, &mask));
}

static int
check_since(const char *arg)
{
	char	date[DATE_LEN];

	return (parse_date(arg, date));
}

/*
 * Names separated by commas, each one of valid (said as what when it is
 * not, with the nearest): a bit per index in *mask.
 */
static int
parse_list(const char *what, const char *arg, const char *const *valid,
    unsigned *mask)
{
	const char	*p, *comma;
	char		*name;
	int		 i;

	for (p = arg; ; p = comma + 1) {
		if ((comma = strchr(p, ',')) == NULL)
			comma = p + strlen(p);
		if (comma == p)
			return (dlt_error("empty %s in '%s'", what, arg));
		name = xstrndup(p, (size_t)(comma - p));
		i = dlt_vocab_choose(what, name, valid);
		free(name);
		if (i < 0)
			return (-1);
		*mask |= 1u << i;
		if (*comma == '\0')
			return (0);
	}
}

/* Framework names or aliases ("torch"), "unknown" included. */
static int
parse_frameworks(const char *arg, unsigned *mask)
{
	const char	*p, *comma;
	char		*name;
	int		 fw;

	for (p = arg; ; p = comma + 1) {
		if ((comma = strchr(p, ',')) == NULL)
			comma = p + strlen(p);
		if (comma == p)
			return (dlt_error("empty framework in '%s'", arg));
		name = xstrndup(p, (size_t)(comma - p));
		if ((fw = dlt_framework_parse(name, 1)) < 0)
			(void)dlt_vocab_choose("framework", name,
			    dlt_framework_or_unknown_names);
		free(name);
		if (fw < 0)
			return (-1);
		*mask |= 1u << fw;
		if (*comma == '\0')
			return (0);
	}
}

/*
 * A date as stores write times: YYYY-MM-DD, YYYY-MM-DDTHH:MM or
 * YYYY-MM-DDTHH:MM:SS (a space for the T, a Z at the end), in UTC, into
 * out as "YYYY-MM-DDTHH:MM:SSZ".
 */
static int
parse_date(const char *arg, char *out)
{
	static const char	 pattern[] = "0000-00-00T00:00:00";
	static const int	 mdays[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30,
	    31, 30, 31 };
	int			 v[6] = { 0, 0, 0, 0, 0, 0 }, k = 0, leap;
	size_t			 len, i;
	char			*q, buf[64];

	len = strlen(arg);
	if (len > 0 && arg[len - 1] == 'Z')
		len--;
	if (len != 10 && len != 16 && len != 19)
		goto bad;
	for (i = 0; i < len; i++) {
		if (pattern[i] == '0') {
			if (arg[i] < '0' || arg[i] > '9')
				goto bad;
			v[k] = v[k] * 10 + (arg[i] - '0');
		} else if (arg[i] == pattern[i] ||
		    (pattern[i] == 'T' && arg[i] == ' '))
			k++;
		else
			goto bad;
	}
	leap = (v[0] % 4 == 0 && v[0] % 100 != 0) || v[0] % 400 == 0;
	if (v[0] < 1 || v[1] < 1 || v[1] > 12 || v[2] < 1 ||
	    v[2] > mdays[v[1] - 1] + (v[1] == 2 && leap) || v[3] > 23 ||
	    v[4] > 59 || v[5] > 59)
		goto bad;
	/* the values are in range, but the compiler cannot tell */
	snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02dZ", v[0], v[1],
	    v[2], v[3], v[4], v[5]);
	if (strlen(buf) >= DATE_LEN)
		goto bad;
	memcpy(out, buf, strlen(buf) + 1);
	return (0);

bad:
	q = dlt_msg_quote(arg, strlen(arg));
	dlt_error("invalid date '%s': expected YYYY-MM-DD, YYYY-MM-DDTHH:MM or "
	    "YYYY-MM-DDTHH:MM:SS (UTC)", q);
	free(q);
	return (-1);
}

static int
matches(const struct filter *f, const struct dlt_store_bucket *b)
{
	size_t	i;
	int	c, fw, any;

	/* a duplicate folded into its target shows only when asked for */
	if (b->into >= 0 && !(f->statuses & (1u << DLT_TRIAGE_DUPLICATE)))
		return (0);
	if (f->statuses != 0 && !(f->statuses & (1u << b->status)))
		return (0);
	if (f->classes != 0 && ((c = dlt_class_parse(b->cls)) < 0 ||
	    !(f->classes & (1u << c))))
		return (0);
	if (f->priorities != 0) {
		/* "unset" and "unknown" follow the three in priorities[] */
		c = b->priority == DLT_PRIO_UNSET ? 3 :
		    b->priority == DLT_PRIO_UNKNOWN ? 4 : b->priority;
		if (!(f->priorities & (1u << c)))
			return (0);
	}
	if (f->frameworks != 0) {
		for (i = 0, any = 0; i < b->nfw && !any; i++)
			any = (fw = dlt_framework_parse(b->fw[i].name, 1)) >= 0 &&
			    (f->frameworks & (1u << fw));
		if (!any)
			return (0);
	}
	if (f->since[0] != '\0' && strcmp(b->last_seen, f->since) < 0)
		return (0);
	return (1);
}

/* "pytorch 1.13.1/2.1.0, jax". */
static void
frameworks_text(struct strbuf *sb, const struct dlt_store_bucket *b)
{
	size_t	i, j;

	for (i = 0; i < b->nfw; i++) {
		if (i > 0)
			strbuf_addstr(sb, ", ");
		strbuf_addstr(sb, b->fw[i].name);
		for (j = 0; j < b->fw[i].nversions; j++) {
			strbuf_addch(sb, j > 0 ? '/' : ' ');
			strbuf_addstr(sb, b->fw[i].versions[j]);
		}
	}
}

/* The title of a row, after its near-duplicate proposals. */
static void
title_text(struct strbuf *sb, const struct dlt_store_bucket *b, size_t nn)
{
	strbuf_reset(sb);
	if (nn > 0)
		strbuf_addf(sb, "[~%zu near] ", nn);
	strbuf_addstr(sb, b->title);
}

/* The text of a row's cells but the title, made anew for each row. */
struct row_text {
	char		count[DLT_TEXT_NUMLEN], first[DATE_LEN], last[DATE_LEN];
	struct strbuf	prio, fw;
};

/* The first 10 bytes of s, as "%.10s" writes them, into buf (11 bytes). */
static void
day_text(char *buf, const char *s)
{
	size_t	n = strnlen(s, 10);

	memcpy(buf, s, n);
	buf[n] = '\0';
}

/*
 * The cells of b's row into cells, with title as its title.  Made for
 * every row before the first is printed: no printf but for a confidence.
 */
static void
row_cells(const struct dlt_store_bucket *b, struct row_text *rt,
    const char *title, const char **cells)
{
	char	num[DLT_TEXT_NUMLEN];

	strbuf_reset(&rt->prio);
	strbuf_addstr(&rt->prio, dlt_priority_name(b->priority));
	if (!isnan(b->confidence)) {
		dlt_text_fixed2(num, b->confidence);
		strbuf_addch(&rt->prio, ' ');
		strbuf_addstr(&rt->prio, num);
	}
	/* cut where it always was (a confidence of 1e30 and more) */
	if (rt->prio.len > PRIO_MAX)
		strbuf_setlen(&rt->prio, PRIO_MAX);
	dlt_text_long(rt->count, b->count);
	/* the day is enough here: json and csv have the time */
	day_text(rt->first, b->first_seen);
	day_text(rt->last, b->last_seen);
	strbuf_reset(&rt->fw);
	frameworks_text(&rt->fw, b);
	cells[0] = b->id;
	cells[1] = rt->prio.buf;
	cells[2] = b->cls;
	cells[3] = b->kind;
	cells[4] = rt->fw.buf;
	cells[5] = rt->count;
	cells[6] = rt->first;
	cells[7] = rt->last;
	cells[8] = dlt_triage_name(b->status);
	cells[9] = title;
}

/*
 * Every column is known before the near-duplicates are: the table is
 * laid out from them, every row measured and none kept, and printed as
 * the proposals come (output-table.h), or, where that could lay it out
 * otherwise, once they are all known.
 */
static int
out_table(const struct dlt_store_bucket_list *l, const struct filter *f,
    struct near_set *ns, FILE *fp)
{
	const struct dlt_store_bucket	*b;
	const struct near_one		*nb;
	struct dlt_table		 t, whole;
	struct dlt_table_stream		 ts;
	struct row_text			 rt;
	struct strbuf			 title = STRBUF_INIT;
	const char			*cells[NCOLS];
	size_t				*rows = NULL, nrows = 0, alloc = 0;
	size_t				 i, nn, width;
	int				 rc = 0, stream;

	strbuf_init(&rt.prio);
	strbuf_init(&rt.fw);
	dlt_table_init(&t, table_cols, NCOLS);
	for (i = 0; i < l->n; i++) {
		b = &l->v[i];
		if (!matches(f, b))
			continue;
		/* the title is the least its cell may be */
		row_cells(b, &rt, b->title, cells);
		dlt_table_measure(&t, cells);
		XGROW(rows, nrows + 1, alloc);
		rows[nrows++] = i;
	}
	width = dlt_table_width(fileno(fp));
	/* else every title first, then the whole table */
	if (!(stream = dlt_table_stream_begin(&ts, &t, fp, width) == 0))
		dlt_table_init(&whole, table_cols, NCOLS);
	for (i = 0; i < nrows; i++) {
		b = &l->v[rows[i]];
		if ((rc = near_of(ns, b->id, &nb, &nn)) != 0)
			break;
		title_text(&title, b, nn);
		row_cells(b, &rt, title.buf, cells);
		if (!stream) {
			dlt_table_add(&whole, cells);
			continue;
		}
		dlt_table_stream_row(&ts, cells);
		if (i < FLUSH_ROWS)
			fflush(fp);
		if (ferror(fp))
			break;
	}
	if (stream)
		dlt_table_stream_end(&ts);
	else {
		if (rc == 0)
			dlt_table_print(&whole, fp, width);
		dlt_table_release(&whole);
	}
	dlt_table_release(&t);
	strbuf_release(&rt.prio);
	strbuf_release(&rt.fw);
	strbuf_release(&title);
	free(rows);
	return (rc);
}

static void
out_json(const struct dlt_store_bucket *b, const struct near_one *nb,
    size_t nn, FILE *fp)
{
	struct strbuf		 sb = STRBUF_INIT;
	struct dlt_jw		 jw;
	size_t			 i, j;

	dlt_jw_init(&jw, &sb, 0);
	dlt_jw_object(&jw);
	dlt_jw_kv_cstr(&jw, "bucket", b->id);
	dlt_jw_kv_cstr(&jw, "class", b->cls);
	dlt_jw_kv_cstr(&jw, "kind", b->kind);
	dlt_jw_key(&jw, "frameworks");
	dlt_jw_array(&jw);
	for (i = 0; i < b->nfw; i++) {
		dlt_jw_object(&jw);
		dlt_jw_kv_cstr(&jw, "name", b->fw[i].name);
		dlt_jw_key(&jw, "versions");
		dlt_jw_array(&jw);
		for (j = 0; j < b->fw[i].nversions; j++)
			dlt_jw_cstr(&jw, b->fw[i].versions[j]);
		dlt_jw_end(&jw);
		dlt_jw_end(&jw);
	}
	dlt_jw_end(&jw);
	dlt_jw_kv_int(&jw, "count", b->count);
	dlt_jw_kv_cstr(&jw, "first_seen", b->first_seen);
	dlt_jw_kv_cstr(&jw, "last_seen", b->last_seen);
	dlt_jw_kv_cstr(&jw, "priority", dlt_priority_name(b->priority));
	dlt_jw_kv_double(&jw, "confidence", b->confidence, 2);
	dlt_jw_kv_cstr(&jw, "status", dlt_triage_name(b->status));
	dlt_jw_kv_cstr(&jw, "duplicate_of",
	    b->status == DLT_TRIAGE_DUPLICATE ? b->duplicate_of : NULL);
	dlt_jw_kv_cstr(&jw, "url", b->url);
	dlt_jw_kv_cstr(&jw, "title", b->title);
	dlt_jw_key(&jw, "near");
	dlt_jw_array(&jw);
	for (i = 0; i < nn; i++) {
		dlt_jw_object(&jw);
		dlt_jw_kv_cstr(&jw, "bucket", nb[i].id);
		dlt_jw_kv_double(&jw, "score", nb[i].score, 2);
		dlt_jw_end(&jw);
	}
	dlt_jw_end(&jw);
	dlt_jw_end(&jw);
	strbuf_addch(&sb, '\n');
	fwrite(sb.buf, 1, sb.len, fp);
	strbuf_release(&sb);
}

static void
out_csv(const struct dlt_store_bucket *b, const struct near_one *nb,
    size_t nn, FILE *fp)
{
	struct strbuf		 sb = STRBUF_INIT, fw = STRBUF_INIT;
	size_t			 i;

	strbuf_addf(&sb, "%s,", b->id);
	dlt_csv_field(&sb, b->cls);
	strbuf_addch(&sb, ',');
	dlt_csv_field(&sb, b->kind);
	strbuf_addch(&sb, ',');
	frameworks_text(&fw, b);
	dlt_csv_field(&sb, fw.buf);
	strbuf_addf(&sb, ",%ld,%s,%s,%s,", b->count, b->first_seen,
	    b->last_seen, dlt_priority_name(b->priority));
	if (!isnan(b->confidence))
		strbuf_addf(&sb, "%.2f", b->confidence);
	strbuf_addf(&sb, ",%s,", dlt_triage_name(b->status));
	dlt_csv_field(&sb, b->status == DLT_TRIAGE_DUPLICATE ?
	    b->duplicate_of : NULL);
	strbuf_addch(&sb, ',');
	dlt_csv_field(&sb, b->url);
	strbuf_addch(&sb, ',');
	dlt_csv_field(&sb, b->title);
	strbuf_addch(&sb, ',');
	for (i = 0; i < nn; i++)
		strbuf_addf(&sb, "%s%s:%.2f", i > 0 ? " " : "", nb[i].id,
		    nb[i].score);
	strbuf_addstr(&sb, "\r\n");
	fwrite(sb.buf, 1, sb.len, fp);
	strbuf_release(&sb);
	strbuf_release(&fw);
}

static int
compare_item_id(const void *key, const void *elt)
{
	return (strcmp(key, ((const struct dlt_near_item *)elt)->id));
}

static int
compare_where(const void *key, const void *elt)
{
	return (strcmp(key, ((const struct near_where *)elt)->id));
}

/* Where the buckets of l (in id order) are: nowhere yet. */
static void
near_init(struct dlt_ctx *ctx, const struct dlt_store_bucket_list *l,
    struct near_set *ns)
{
	size_t	i;

	memset(ns, 0, sizeof *ns);
	ns->ctx = ctx;
	ns->nwhere = l->n;
	ns->where = xcalloc(l->n > 0 ? l->n : 1, sizeof *ns->where);
	for (i = 0; i < l->n; i++) {
		memcpy(ns->where[i].id, l->v[i].id, sizeof ns->where[i].id);
		ns->where[i].block = -1;
	}
}

/* Read and index the block of bucket w. */
static int
near_block_load(struct near_set *ns, struct near_where *w)
{
	struct near_block		*nb;
	struct near_where		*o;
	const struct dlt_near_item	*me;
	size_t				 i;
	int				 known;

	XGROW(ns->blocks, ns->nblocks + 1, ns->alloc);
	nb = &ns->blocks[ns->nblocks];
	memset(nb, 0, sizeof *nb);
	if (dlt_store_near_items(ns->ctx->store, w->id, 0, &nb->items,
	    &nb->nitems) != 0) {
		for (i = 0; i < nb->nitems; i++)
			dlt_near_item_release(&nb->items[i]);
		free(nb->items);
		return (-1);
	}
	w->block = -2;
	if (nb->nitems == 0) {
		free(nb->items);
		return (0);
	}
	nb->ix = dlt_near_index_new(&ns->ctx->rules, nb->items, nb->nitems);
	/*
	 * A bucket of a known framework reads those of its framework and the
	 * unknown ones; an unknown one reads every framework's (near.h).  So
	 * this block is every member's own, or holds it, but an unknown
	 * member's when w's framework is known: that one reads its own.
	 */
	me = bsearch(w->id, nb->items, nb->nitems, sizeof *nb->items,
	    compare_item_id);
	known = me != NULL && !dlt_near_framework_unknown(me->framework);
	for (i = 0; i < nb->nitems; i++) {
		if (known && dlt_near_framework_unknown(nb->items[i].framework))
			continue;
		if ((o = bsearch(nb->items[i].id, ns->where, ns->nwhere,
		    sizeof *ns->where, compare_where)) != NULL)
			o->block = (long)ns->nblocks;
	}
	ns->nblocks++;
	return (0);
}

/*
 * The proposals of bucket id into *out, and how many: those
 * dlt_near_find_all would pair it in, best first.  0, or -1 after a
 * message (a store error).
 */
static int
near_of(struct near_set *ns, const char *id, const struct near_one **out,
    size_t *n)
{
	struct dlt_near_match	*m = NULL;
	struct near_where	*w;
	struct near_block	*nb;
	const struct dlt_near_item *it;
	size_t			 nm = 0, i;

	*out = NULL;
	*n = 0;
	if ((w = bsearch(id, ns->where, ns->nwhere, sizeof *ns->where,
	    compare_where)) == NULL)
		return (0);
	if (w->block == -1 && near_block_load(ns, w) != 0)
		return (-1);
	if (w->block < 0)
		return (0);
	nb = &ns->blocks[w->block];
	if ((it = bsearch(id, nb->items, nb->nitems, sizeof *nb->items,
	    compare_item_id)) == NULL)
		return (0);
	dlt_near_find_scores(nb->ix, (size_t)(it - nb->items),
	    DLT_NEAR_THRESHOLD, &m, &nm);
	ns->n = 0;
	for (i = 0; i < nm; i++) {
		XGROW(ns->v, ns->n + 1, ns->valloc);
		snprintf(ns->v[ns->n].id, sizeof ns->v[ns->n].id, "%s",
		    nb->items[m[i].b].id);
		ns->v[ns->n++].score = m[i].score;
	}
	dlt_near_matches_free(m, nm);
	*out = ns->v;
	*n = ns->n;
	return (0);
}

static void
near_release(struct near_set *ns)
{
	size_t	i, j;

	for (i = 0; i < ns->nblocks; i++) {
		dlt_near_index_free(ns->blocks[i].ix);
		for (j = 0; j < ns->blocks[i].nitems; j++)
			dlt_near_item_release(&ns->blocks[i].items[j]);
		free(ns->blocks[i].items);
	}
	free(ns->blocks);
	free(ns->where);
	free(ns->v);
	memset(ns, 0, sizeof *ns);
}

static int
cmd_buckets_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct dlt_store_bucket_list	 l = DLT_STORE_BUCKET_LIST_INIT;
	struct near_set			 ns;
	struct filter			 f;
	const struct near_one		*nb;
	const char			*arg;
	size_t				 i, nn, shown;
	int				 ch, rc = 0, format = DLT_FORMAT_TABLE;
	int				 sort = DLT_BUCKET_SORT_PRIORITY;

	(void)argc;
	(void)argv;
	memset(&f, 0, sizeof f);
	/* the dispatcher checked every value: these cannot fail */
	while ((ch = dlt_cmd_next_option(ctx, &arg)) != -1) {
		switch (ch) {
		case 'c':
			(void)parse_list("class", arg, classes, &f.classes);
			break;
		case 'F':
			(void)parse_frameworks(arg, &f.frameworks);
			break;
		case 'p':
			(void)parse_list("priority", arg, priorities,
			    &f.priorities);
			break;
		case 's':
			(void)parse_list("status", arg, dlt_triage_names,
			    &f.statuses);
			break;
		case 'S':
			(void)parse_date(arg, f.since);
			break;
		case 'o':
			sort = dlt_name_index(sorts, arg);
			break;
		case 'f':
			format = dlt_format_parse(arg);
			break;
		}
	}
	if (ctx->store == NULL) {
		dlt_error("no store given (--db FILE or DLTRIAGE_DB)");
		dlt_cmd_usage(&dlt_cmd_buckets, stderr);
		return (DLT_EXIT_USAGE);
	}
	if (dlt_store_buckets(ctx->store, &l) != 0)
		return (DLT_EXIT_STORE);
	near_init(ctx, &l, &ns);
	dlt_store_buckets_sort(&l, (enum dlt_bucket_sort)sort);
	if (format == DLT_FORMAT_TABLE)
		rc = out_table(&l, &f, &ns, stdout);
	else {
		if (format == DLT_FORMAT_CSV)
			fputs("bucket,class,kind,frameworks,count,first_seen,"
			    "last_seen,priority,confidence,status,duplicate_of,"
			    "url,title,near\r\n", stdout);
		for (i = 0, shown = 0; i < l.n && rc == 0; i++) {
			if (!matches(&f, &l.v[i]))
				continue;
			if ((rc = near_of(&ns, l.v[i].id, &nb, &nn)) != 0)
				break;
			if (format == DLT_FORMAT_JSON)
				out_json(&l.v[i], nb, nn, stdout);
			else
				out_csv(&l.v[i], nb, nn, stdout);
			/* the first screen at once, not when a buffer fills */
			if (shown++ < FLUSH_ROWS)
				fflush(stdout);
			if (ferror(stdout))
				break;	/* a closed pipe: main says so */
		}
	}
	near_release(&ns);
	dlt_store_bucket_list_release(&l);
	return (rc != 0 ? DLT_EXIT_STORE : DLT_EXIT_OK);
}
