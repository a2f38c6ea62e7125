/*
 * store-triage.c: the buckets with their triage decisions, and recording
 * a decision; see store-triage.h.
 *
 * The listing reads every bucket once (sorted by id, so that the rows of
 * the other queries find theirs by binary search), then the confidences
 * by priority and the frameworks with their versions (from the
 * aggregates the triggers of schema version 6 keep, not from the
 * failures) and the latest decisions, and folds the duplicates into their targets in memory: a
 * store holds thousands of buckets, not millions.
 */
#include <ctype.h>
#include <math.h>
#include <pwd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "error.h"
#include "store-int.h"
#include "store-triage.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"

/* Steps of a duplicate_of chain followed at most when recording. */
#define TRIAGE_CHAIN_MAX	10000


/* Worst-first order of priorities: unset -1, unknown 0, low 1 ... high 3. */
static int
prio_rank(int p)
{
	if (p == DLT_PRIO_UNSET)
		return (-1);
	if (p == DLT_PRIO_UNKNOWN)
		return (0);
	return (p + 1);
}

static char	*column_dup(sqlite3_stmt *, int);
static long	 find(const struct dlt_store_bucket_list *, const char *);
static long	 find_next(const struct dlt_store_bucket_list *, const char *,
		     long *);
static void	 bucket_release(struct dlt_store_bucket *);
static void	 add_fw(struct dlt_store_bucket *, const char *, const char *);
static void	 add_version(struct dlt_store_bucket_fw *, const char *);
static int	 load_buckets(struct dlt_store *, struct dlt_store_bucket_list *);
static int	 load_priorities(struct dlt_store *,
		     struct dlt_store_bucket_list *);
static int	 load_frameworks(struct dlt_store *,
		     struct dlt_store_bucket_list *);
static int	 load_latest(struct dlt_store *, struct dlt_store_bucket_list *);
static void	 fold(struct dlt_store_bucket_list *);
static void	 fold_one(struct dlt_store_bucket *,
		     const struct dlt_store_bucket *);
static int	 class_rank(const char *);
static int	 cmp_worst(const void *, const void *);
static int	 cmp_count(const void *, const void *);
static int	 cmp_first(const void *, const void *);
static int	 cmp_last(const void *, const void *);
static void	 triage_row(sqlite3_stmt *, struct dlt_store_triage *);
static int	 triage_loops(struct dlt_store *, const char *, const char *);

static char *
column_dup(sqlite3_stmt *s, int i)
{
	const unsigned char	*t = sqlite3_column_text(s, i);

	return (t != NULL ? xstrdup((const char *)t) : NULL);
}

/*
 * The index of the bucket with id after *hint, the last one found (rows
 * that come in id order find theirs at once), else anywhere; or -1.
 */
static long
find_next(const struct dlt_store_bucket_list *l, const char *id, long *hint)
{
	long	i;

	if (id == NULL)
		return (-1);
	for (i = *hint; i >= 0 && i <= *hint + 1 && (size_t)i < l->n; i++)
		if (strcmp(id, l->v[i].id) == 0)
			return (*hint = i);
	if ((i = find(l, id)) >= 0)
		*hint = i;
	return (i);
}

/* The index of the bucket with id, or -1; the list is sorted by id. */
static long
find(const struct dlt_store_bucket_list *l, const char *id)
{
	size_t	lo = 0, hi = l->n, mid;
	int	c;

	if (id == NULL)
		return (-1);
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		c = strcmp(id, l->v[mid].id);
		if (c == 0)
			return ((long)mid);
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return (-1);
}

static void
bucket_release(struct dlt_store_bucket *b)
{
	size_t	i, j;

	free(b->cls);
	free(b->kind);
	free(b->title);
	for (i = 0; i < b->nfw; i++) {
		free(b->fw[i].name);
		for (j = 0; j < b->fw[i].nversions; j++)
			free(b->fw[i].versions[j]);
		free(b->fw[i].versions);
	}
	free(b->fw);
	free(b->first_seen);
	free(b->last_seen);
	free(b->duplicate_of);
	free(b->url);
}

void
dlt_store_bucket_list_release(struct dlt_store_bucket_list *l)
{
	size_t	i;

	for (i = 0; i < l->n; i++)
		bucket_release(&l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

/* Add version (NULL: none) to fw, keeping the versions sorted and distinct. */
static void
add_version(struct dlt_store_bucket_fw *fw, const char *version)
{
	size_t	i;
	int	c = 1;

	if (version == NULL || *version == '\0')
		return;
	for (i = 0; i < fw->nversions; i++)
		if ((c = strcmp(version, fw->versions[i])) <= 0)
			break;
	if (i < fw->nversions && c == 0)
		return;
	fw->versions = xreallocarray(fw->versions, fw->nversions + 1,
	    sizeof *fw->versions);
	memmove(&fw->versions[i + 1], &fw->versions[i],
	    (fw->nversions - i) * sizeof *fw->versions);
	fw->versions[i] = xstrdup(version);
	fw->nversions++;
}

/* Add framework name (with version, or NULL) to b, sorted by name. */
static void
add_fw(struct dlt_store_bucket *b, const char *name, const char *version)
{
	size_t	i;
	int	c = 1;

	for (i = 0; i < b->nfw; i++)
		if ((c = strcmp(name, b->fw[i].name)) <= 0)
			break;
	if (i == b->nfw || c != 0) {
		b->fw = xreallocarray(b->fw, b->nfw + 1, sizeof *b->fw);
		memmove(&b->fw[i + 1], &b->fw[i], (b->nfw - i) * sizeof *b->fw);
		memset(&b->fw[i], 0, sizeof b->fw[i]);
		b->fw[i].name = xstrdup(name);
		b->nfw++;
	}
	add_version(&b->fw[i], version);
}

static int
cmp_id(const void *a, const void *b)
{
	return (strcmp(((const struct dlt_store_bucket *)a)->id,
	    ((const struct dlt_store_bucket *)b)->id));
}

static int
load_buckets(struct dlt_store *st, struct dlt_store_bucket_list *l)
{
	struct dlt_store_bucket	*b;
	sqlite3_stmt		*s = st->stmt[S_TRIAGE_BUCKETS];
	size_t			 alloc = 0;
	int			 rc;

	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		XGROW(l->v, l->n + 1, alloc);
		b = &l->v[l->n];
		memset(b, 0, sizeof *b);
		if (store_bucket_columns(s, b->id, &b->cls, &b->kind,
		    &b->title, &b->priority, &b->first_seen, &b->last_seen,
		    &b->count) != 0)
			continue;
		b->class_rank = class_rank(b->cls);
		b->confidence = NAN;
		b->status = DLT_TRIAGE_NEW;
		b->into = -1;
		l->n++;
	}
	store_stmt_clear(s);
	if (rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	if (l->n > 1)
		qsort(l->v, l->n, sizeof *l->v, cmp_id);
	return (0);
}

static int
load_priorities(struct dlt_store *st, struct dlt_store_bucket_list *l)
{
	struct dlt_store_bucket	*b;
	sqlite3_stmt		*s = st->stmt[S_TRIAGE_PRIORITIES];
	const char		*prio;
	long			 i, hint = 0;
	int			 rc, p;

	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if ((i = find_next(l, (const char *)sqlite3_column_text(s, 0),
		    &hint)) < 0)
			continue;
		b = &l->v[i];
		prio = (const char *)sqlite3_column_text(s, 1);
		p = prio != NULL ? dlt_priority_parse_any(prio) : DLT_PRIO_UNSET;
		if (p < 0)
			p = DLT_PRIO_UNSET;
		b->conf_n[prio_rank(p) + 1] = store_count_add(
		    b->conf_n[prio_rank(p) + 1], store_column_count(s, 2));
		b->conf_sum[prio_rank(p) + 1] += sqlite3_column_double(s, 3);
	}
	store_stmt_clear(s);
	if (rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

static int
load_frameworks(struct dlt_store *st, struct dlt_store_bucket_list *l)
{
	sqlite3_stmt	*s = st->stmt[S_TRIAGE_FRAMEWORKS];
	const char	*name;
	long		 i, hint = 0;
	int		 rc;

	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if ((i = find_next(l, (const char *)sqlite3_column_text(s, 0),
		    &hint)) < 0 ||
		    (name = (const char *)sqlite3_column_text(s, 1)) == NULL)
			continue;
		add_fw(&l->v[i], name, (const char *)sqlite3_column_text(s, 2));
	}
	store_stmt_clear(s);
	if (rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

static int
load_latest(struct dlt_store *st, struct dlt_store_bucket_list *l)
{
	struct dlt_store_bucket	*b;
	sqlite3_stmt		*s = st->stmt[S_TRIAGE_LATEST_ALL];
	long			 i;
	int			 rc, t;

	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if ((i = find(l, (const char *)sqlite3_column_text(s, 0))) < 0)
			continue;
		b = &l->v[i];
		t = dlt_triage_parse((const char *)sqlite3_column_text(s, 1));
		if (t < 0)
			continue;	/* a word of no dltriage: untriaged */
		b->status = t;
		free(b->duplicate_of);
		free(b->url);
		b->duplicate_of = column_dup(s, 2);
		b->url = column_dup(s, 3);
	}
	store_stmt_clear(s);
	if (rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

/* Add what duplicate d holds to its target t. */
static void
fold_one(struct dlt_store_bucket *t, const struct dlt_store_bucket *d)
{
	size_t	i, j;
	int	p;

	t->count = store_count_add(t->count, d->count);
	if (strcmp(d->first_seen, t->first_seen) < 0) {
		free(t->first_seen);
		t->first_seen = xstrdup(d->first_seen);
	}
	if (strcmp(d->last_seen, t->last_seen) > 0) {
		free(t->last_seen);
		t->last_seen = xstrdup(d->last_seen);
	}
	if (prio_rank(d->priority) > prio_rank(t->priority))
		t->priority = d->priority;
	for (p = 0; p < 2 + DLT_PRIO_COUNT; p++) {
		t->conf_n[p] = store_count_add(t->conf_n[p], d->conf_n[p]);
		t->conf_sum[p] += d->conf_sum[p];
	}
	for (i = 0; i < d->nfw; i++) {
		add_fw(t, d->fw[i].name, NULL);
		for (j = 0; j < d->fw[i].nversions; j++)
			add_fw(t, d->fw[i].name, d->fw[i].versions[j]);
	}
	t->folded++;
}

/*
 * Fold every duplicate into the bucket its chain ends at: the first one
 * that is not a duplicate, or whose duplicate_of is not in the store.  A
 * chain that loops (stores merged with opposite decisions) folds
 * nothing: its buckets are listed as they are.
 */
static void
fold(struct dlt_store_bucket_list *l)
{
	struct dlt_store_bucket	*b;
	size_t			 i, steps;
	long			 cur, next;
	int			 p;

	for (i = 0; i < l->n; i++) {
		b = &l->v[i];
		if (b->status != DLT_TRIAGE_DUPLICATE || b->duplicate_of == NULL)
			continue;
		cur = (long)i;
		for (steps = 0; ; steps++) {
			if (l->v[cur].status != DLT_TRIAGE_DUPLICATE ||
			    (next = find(l, l->v[cur].duplicate_of)) < 0)
				break;
			if (next == (long)i || steps > l->n) {
				cur = (long)i;
				break;
			}
			cur = next;
		}
		if (cur != (long)i)
			b->into = cur;
	}
	/* targets are never folded themselves: they end their chains */
	for (i = 0; i < l->n; i++)
		if (l->v[i].into >= 0)
			fold_one(&l->v[l->v[i].into], &l->v[i]);
	for (i = 0; i < l->n; i++) {
		b = &l->v[i];
		p = prio_rank(b->priority) + 1;
		b->confidence = b->conf_n[p] > 0 ? b->conf_sum[p] / b->conf_n[p] :
		    NAN;
	}
}

int
dlt_store_buckets(struct dlt_store *st, struct dlt_store_bucket_list *l)
{
	if (st->state == STORE_IN_FILE)
		dlt_bug("store buckets read while classify file '%s' is open",
		    st->file_path);
	l->v = NULL;
	l->n = 0;
	if (load_buckets(st, l) != 0 || load_priorities(st, l) != 0 ||
	    load_frameworks(st, l) != 0 || load_latest(st, l) != 0) {
		dlt_store_bucket_list_release(l);
		return (-1);
	}
	fold(l);
	return (0);
}

/* Worst first: crash, oom, timeout, inconsistency, nan, false-positive. */
static int
class_rank(const char *cls)
{
	static const int	rank[DLT_CLASS_COUNT] = {
		[DLT_CLASS_CRASH] = 0,
		[DLT_CLASS_OOM] = 1,
		[DLT_CLASS_TIMEOUT] = 2,
		[DLT_CLASS_INCONSISTENCY] = 3,
		[DLT_CLASS_NAN] = 4,
		[DLT_CLASS_FALSE_POSITIVE] = 5,
		[DLT_CLASS_UNKNOWN] = 6,
		[DLT_CLASS_IGNORE] = 7,
	};
	int			c;

	if ((c = dlt_class_parse(cls)) < 0)
		return (DLT_CLASS_COUNT);
	return (rank[c]);
}

static int
cmp_worst(const void *va, const void *vb)
{
	const struct dlt_store_bucket	*a = va, *b = vb;
	int				 c;

	c = (a->status == DLT_TRIAGE_FALSE_POSITIVE) -
	    (b->status == DLT_TRIAGE_FALSE_POSITIVE);
	if (c != 0)
		return (c);
	if (prio_rank(a->priority) != prio_rank(b->priority))
		return (prio_rank(a->priority) > prio_rank(b->priority) ? -1 : 1);
	if ((c = a->class_rank - b->class_rank) != 0)
		return (c);
	if (a->count != b->count)
		return (a->count > b->count ? -1 : 1);
	return (strcmp(a->id, b->id));
}

static int
cmp_count(const void *va, const void *vb)
{
	const struct dlt_store_bucket	*a = va, *b = vb;
	int				 c;

	c = (a->status == DLT_TRIAGE_FALSE_POSITIVE) -
	    (b->status == DLT_TRIAGE_FALSE_POSITIVE);
	if (c != 0)
		return (c);
	if (a->count != b->count)
		return (a->count > b->count ? -1 : 1);
	return (cmp_worst(va, vb));
}

/* False positives last, then the newest sighting (first or last) first. */
static int
cmp_seen(const void *va, const void *vb, int last)
{
	const struct dlt_store_bucket	*a = va, *b = vb;
	int				 c;

	c = (a->status == DLT_TRIAGE_FALSE_POSITIVE) -
	    (b->status == DLT_TRIAGE_FALSE_POSITIVE);
	if (c != 0)
		return (c);
	if ((c = strcmp(last ? b->last_seen : b->first_seen,
	    last ? a->last_seen : a->first_seen)) != 0)
		return (c);
	return (cmp_worst(va, vb));
}

static int
cmp_first(const void *va, const void *vb)
{
	return (cmp_seen(va, vb, 0));
}

static int
cmp_last(const void *va, const void *vb)
{
	return (cmp_seen(va, vb, 1));
}

void
dlt_store_buckets_sort(struct dlt_store_bucket_list *l, enum dlt_bucket_sort by)
{
	int	(*cmp)(const void *, const void *);

	switch (by) {
	case DLT_BUCKET_SORT_COUNT:
		cmp = cmp_count;
		break;
	case DLT_BUCKET_SORT_FIRST:
		cmp = cmp_first;
		break;
	case DLT_BUCKET_SORT_LAST:
		cmp = cmp_last;
		break;
	default:
		cmp = cmp_worst;
		break;
	}
	if (l->n > 1)
		qsort(l->v, l->n, sizeof *l->v, cmp);
}

int
dlt_store_bucket_resolve(struct dlt_store *st, const char *prefix,
    char out[DLT_BUCKET_HEXLEN + 1])
{
	struct strbuf	 sb = STRBUF_INIT;
	sqlite3_stmt	*s = st->stmt[S_BUCKET_PREFIX];
	const char	*id;
	int		 rc, n = 0;

	*out = '\0';
	store_bind_text(s, 1, prefix);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if ((id = (const char *)sqlite3_column_text(s, 0)) == NULL)
			continue;
		if (n == 0)
			snprintf(out, DLT_BUCKET_HEXLEN + 1, "%s", id);
		if (n < 8)
			strbuf_addf(&sb, "%s%s", n > 0 ? ", " : "", id);
		else
			strbuf_addstr(&sb, ", ...");
		n++;
	}
	store_stmt_clear(s);
	if (rc != SQLITE_DONE) {
		strbuf_release(&sb);
		return (store_fail(st, rc, "read"));
	}
	if (n == 1) {
		strbuf_release(&sb);
		return (0);
	}
	if (n == 0)
		dlt_error("no bucket '%s' in store '%s'", prefix, st->path);
	else
		dlt_error("bucket '%s' is ambiguous: %s", prefix, sb.buf);
	*out = '\0';
	strbuf_release(&sb);
	return (1);
}

void
dlt_store_triage_release(struct dlt_store_triage *t)
{
	free(t->decision);
	free(t->duplicate_of);
	free(t->url);
	free(t->note);
	free(t->author);
	free(t->decided_at);
	memset(t, 0, sizeof *t);
}

/* The columns of S_TRIAGE_LATEST and S_TRIAGE_HISTORY. */
static void
triage_row(sqlite3_stmt *s, struct dlt_store_triage *t)
{
	memset(t, 0, sizeof *t);
	t->decision = column_dup(s, 0);
	if ((t->status = dlt_triage_parse(t->decision)) < 0)
		t->status = DLT_TRIAGE_NEW;
	t->duplicate_of = column_dup(s, 1);
	t->url = column_dup(s, 2);
	t->note = column_dup(s, 3);
	t->author = column_dup(s, 4);
	t->decided_at = column_dup(s, 5);
}

int
dlt_store_triage_get(struct dlt_store *st, const char *bucket,
    struct dlt_store_triage *t, int *found)
{
	sqlite3_stmt	*s = st->stmt[S_TRIAGE_LATEST];
	int		 rc;

	memset(t, 0, sizeof *t);
	t->status = DLT_TRIAGE_NEW;
	*found = 0;
	store_bind_text(s, 1, bucket);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		triage_row(s, t);
		*found = 1;
	}
	store_stmt_clear(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

int
dlt_store_triage_any(struct dlt_store *st, int *any)
{
	int64_t	v;

	*any = 0;
	if (store_step_int(st, S_TRIAGE_ANY, &v) != 0)
		return (-1);
	*any = v != 0;
	return (0);
}

int
dlt_store_triage_history(struct dlt_store *st, const char *bucket,
    dlt_store_triage_fn fn, void *arg)
{
	struct dlt_store_triage	 t;
	sqlite3_stmt		*s = st->stmt[S_TRIAGE_HISTORY];
	int			 rc, stop = 0;

	store_bind_text(s, 1, bucket);
	while (!stop && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		triage_row(s, &t);
		stop = fn(&t, arg);
		dlt_store_triage_release(&t);
	}
	store_stmt_clear(s);
	if (!stop && rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

/*
 * Whether making bucket a duplicate of target would close a loop: follow
 * target's chain of duplicates.  0: no; 1: yes, after a message; -1: a
 * store error.  A loop that does not pass through bucket (stores merged
 * with opposite decisions) is no reason to refuse: the listing folds
 * neither way.
 */
static int
triage_loops(struct dlt_store *st, const char *bucket, const char *target)
{
	struct dlt_store_triage	  t;
	struct strbuf		  chain = STRBUF_INIT;
	char			**seen = NULL;
	char			 *cur;
	size_t			  nseen = 0, alloc = 0, i;
	int			  found, looped, rc = 0;

	strbuf_addf(&chain, "%s -> %s", bucket, target);
	cur = xstrdup(target);
	while (nseen < TRIAGE_CHAIN_MAX) {
		if (dlt_store_triage_get(st, cur, &t, &found) != 0) {
			rc = -1;
			break;
		}
		if (t.status != DLT_TRIAGE_DUPLICATE || t.duplicate_of == NULL) {
			dlt_store_triage_release(&t);
			break;
		}
		strbuf_addf(&chain, " -> %s", t.duplicate_of);
		if (strcmp(t.duplicate_of, bucket) == 0) {
			dlt_error("bucket '%s' cannot be a duplicate of '%s': "
			    "the duplicates would loop (%s)", bucket, target,
			    chain.buf);
			dlt_store_triage_release(&t);
			rc = 1;
			break;
		}
		looped = strcmp(t.duplicate_of, cur) == 0;
		for (i = 0; i < nseen && !looped; i++)
			looped = strcmp(seen[i], t.duplicate_of) == 0;
		XGROW(seen, nseen + 1, alloc);
		seen[nseen++] = cur;
		cur = xstrdup(t.duplicate_of);
		dlt_store_triage_release(&t);
		if (looped)
			break;	/* a loop of others */
	}
	free(cur);
	for (i = 0; i < nseen; i++)
		free(seen[i]);
	free(seen);
	strbuf_release(&chain);
	return (rc);
}

int
dlt_store_triage_add(struct dlt_store *st, const char *bucket, int status,
    const char *duplicate_of, const char *url, const char *note,
    const char *author)
{
	sqlite3_stmt	*s;
	int		 rc;

	if (st->state == STORE_IN_FILE)
		dlt_bug("store triage written while classify file '%s' is open",
		    st->file_path);
	if (status < 0 || status >= DLT_TRIAGE_COUNT)
		dlt_bug("triage status %d", status);
	if ((status == DLT_TRIAGE_DUPLICATE) != (duplicate_of != NULL))
		dlt_bug("triage duplicate without its bucket, or the reverse");
	if (duplicate_of != NULL && strcmp(duplicate_of, bucket) == 0) {
		dlt_error("bucket '%s' cannot be a duplicate of itself", bucket);
		return (1);
	}
	/* the check and the row in one transaction: no loop slips in between */
	if (store_stmt_run(st, S_BEGIN, "write") != 0)
		return (-1);
	if (duplicate_of != NULL &&
	    (rc = triage_loops(st, bucket, duplicate_of)) != 0) {
		store_rollback(st);
		return (rc);
	}
	s = st->stmt[S_TRIAGE_ADD];
	store_bind_text(s, 1, bucket);
	store_bind_text(s, 2, dlt_triage_name(status));
	store_bind_text(s, 3, duplicate_of);
	store_bind_text(s, 4, url);
	store_bind_text(s, 5, note);
	store_bind_text(s, 6, author);
	if (store_stmt_run(st, S_TRIAGE_ADD, "write") != 0 ||
	    store_stmt_run(st, S_COMMIT, "write") != 0) {
		store_rollback(st);
		return (-1);
	}
	return (0);
}

const char *
dlt_triage_default_author(void)
{
	const struct passwd	*pw;
	const char		*user;

	if ((user = getenv("USER")) != NULL && *user != '\0')
		return (user);
	if ((pw = getpwuid(getuid())) != NULL && pw->pw_name != NULL &&
	    *pw->pw_name != '\0')
		return (pw->pw_name);
	return (NULL);
}

int
dlt_store_triage_decide(struct dlt_store *st, const char *bucket, int status,
    const char *duplicate_of, const char *url, const char *note,
    const char *author, char target[DLT_BUCKET_HEXLEN + 1])
{
	char	prefix[DLT_BUCKET_HEXLEN + 1], dup[DLT_BUCKET_HEXLEN + 1];
	size_t	i, len;
	int	rc;

	if (status == DLT_TRIAGE_DUPLICATE && duplicate_of == NULL) {
		dlt_error("a duplicate needs the bucket it duplicates");
		return (1);
	}
	if (status != DLT_TRIAGE_DUPLICATE && duplicate_of != NULL) {
		dlt_error("only a duplicate names the bucket it duplicates");
		return (1);
	}
	if (status == DLT_TRIAGE_REPORTED && (url == NULL || *url == '\0')) {
		dlt_error("'reported' needs the URL of the report");
		return (1);
	}
	if (duplicate_of != NULL) {
		len = strlen(duplicate_of);
		if (len < 4 || len > DLT_BUCKET_HEXLEN ||
		    strspn(duplicate_of, "0123456789abcdefABCDEF") != len) {
			dlt_error("invalid bucket '%.*s': expected 4 to %d hex "
			    "digits of a bucket id", (int)(len > 20 ? 20 : len),
			    duplicate_of, DLT_BUCKET_HEXLEN);
			return (1);
		}
		for (i = 0; i <= len; i++)
			prefix[i] = (char)tolower((unsigned char)duplicate_of[i]);
		if ((rc = dlt_store_bucket_resolve(st, prefix, dup)) != 0)
			return (rc);
		if (target != NULL)
			memcpy(target, dup, sizeof dup);
	}
	if (author == NULL)
		author = dlt_triage_default_author();
	return (dlt_store_triage_add(st, bucket, status,
	    duplicate_of != NULL ? dup : NULL, url, note, author));
}
