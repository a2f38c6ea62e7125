/*
 * store-page.c: the store a window at a time, for the TUI; see
 * store-page.h.
 *
 * The defects list orders the buckets table alone (a few thousand rows,
 * or tens of thousands), with the latest decision of each found through
 * the index on triage(bucket), and SQLite keeps only the rows up to the
 * window while it sorts (LIMIT).  Nothing reads the failures of the
 * buckets outside the window: a bucket's frameworks are looked up for
 * the rows shown, among its first DLT_PAGE_FW_SCAN failures.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "error.h"
#include "store-int.h"
#include "store-page.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"

/* A bucket's status: its latest decision, a word of no dltriage is new. */
#define PAGE_STATUS \
	"CASE WHEN t.decision IN ('confirmed', 'reported', 'duplicate'," \
	" 'wont-fix', 'false-positive') THEN t.decision ELSE 'new' END"

#define PAGE_FROM \
	" FROM buckets b LEFT JOIN triage t ON t.id = (SELECT u.id" \
	" FROM triage u WHERE u.bucket = b.id" \
	" ORDER BY u.decided_at DESC, u.id DESC LIMIT 1)" \
	" WHERE (?1 IS NULL OR b.class = ?1)" \
	" AND (?2 IS NULL OR coalesce(b.priority, 'unset') = ?2)" \
	" AND (?3 IS NULL OR " PAGE_STATUS " = ?3)" \
	" AND (?4 IS NULL OR b.framework = ?4 OR EXISTS (SELECT 1" \
	"  FROM failures f WHERE f.bucket = b.id AND f.framework = ?4))" \
	" AND (?5 IS NULL OR instr(lower(b.signature), lower(?5)) > 0" \
	"  OR substr(b.id, 1, length(?5)) = lower(?5))"

/*
 * dlt_store_buckets_sort's orders: a false positive last, the chosen key
 * (?6: 0 worst, 1 count, 2 first seen, 3 last seen), then worst first:
 * priority, class, count, id.
 */
#define PAGE_ORDER \
	" ORDER BY " PAGE_STATUS " = 'false-positive'," \
	" CASE WHEN ?6 = 1 THEN b.count END DESC," \
	" CASE WHEN ?6 = 2 THEN b.first_seen END DESC," \
	" CASE WHEN ?6 = 3 THEN b.last_seen END DESC," \
	" CASE b.priority WHEN 'high' THEN 0 WHEN 'medium' THEN 1" \
	"  WHEN 'low' THEN 2 WHEN 'unknown' THEN 3 ELSE 4 END," \
	" CASE b.class WHEN 'crash' THEN 0 WHEN 'oom' THEN 1" \
	"  WHEN 'timeout' THEN 2 WHEN 'inconsistency' THEN 3 WHEN 'nan' THEN 4" \
	"  WHEN 'false-positive' THEN 5 ELSE 6 END," \
	" b.count DESC, b.id"

#define PAGE_COLUMNS \
	"SELECT b.id, b.class, b.kind, b.signature, b.priority, b.first_seen," \
	" b.last_seen, b.count, b.framework, " PAGE_STATUS ", t.duplicate_of," \
	" t.url"

static const char page_sql[] =
    PAGE_COLUMNS PAGE_FROM PAGE_ORDER " LIMIT ?7 OFFSET ?8";

static const char order_sql[] = "SELECT b.id" PAGE_FROM PAGE_ORDER;

/* One bucket by its id, with the columns of a page. */
static const char row_sql[] =
    PAGE_COLUMNS " FROM buckets b LEFT JOIN triage t ON t.id = (SELECT u.id"
    " FROM triage u WHERE u.bucket = b.id"
    " ORDER BY u.decided_at DESC, u.id DESC LIMIT 1) WHERE b.id = ?1";

static const char fw_sql[] =
    "SELECT DISTINCT framework FROM (SELECT framework FROM failures"
    " WHERE bucket = ?1 AND framework IS NOT NULL LIMIT ?2) ORDER BY 1";

static int	finish(struct dlt_store *, sqlite3_stmt *, int);
static void	bind_filter(sqlite3_stmt *, const struct dlt_page_filter *);
static int	page_row(struct dlt_store *, sqlite3_stmt *, sqlite3_stmt *,
		    struct dlt_page_bucket *, int *);
static char	*frameworks(struct dlt_store *, sqlite3_stmt *, const char *,
		    const char *, int *);

/*
 * Finalize s, stepped last with rc: 0 when it ran to its end or stopped
 * on a row, else -1 after a message.
 */
static int
finish(struct dlt_store *st, sqlite3_stmt *s, int rc)
{
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return (store_fail(st, rc, "read"));
	return (0);
}

void
dlt_page_bucket_release(struct dlt_page_bucket *b)
{
	free(b->cls);
	free(b->kind);
	free(b->title);
	free(b->frameworks);
	free(b->first_seen);
	free(b->last_seen);
	free(b->duplicate_of);
	free(b->url);
	memset(b, 0, sizeof *b);
}

static void
bind_filter(sqlite3_stmt *s, const struct dlt_page_filter *f)
{
	const char	*prio = NULL;

	if (f == NULL)
		return;
	if (f->priority == DLT_PRIO_UNSET)
		prio = "unset";
	else if (f->priority != -2)
		prio = dlt_priority_name(f->priority);
	sqlite3_bind_text(s, 1, f->cls, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, prio, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 3, f->status >= 0 ? dlt_triage_name(f->status) :
	    NULL, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 4, f->framework, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 5, f->text != NULL && *f->text != '\0' ? f->text :
	    NULL, -1, SQLITE_STATIC);
}

/* "jax,pytorch": the distinct frameworks of the bucket's first failures. */
static char *
frameworks(struct dlt_store *st, sqlite3_stmt *s, const char *id,
    const char *own, int *err)
{
	struct strbuf	 sb = STRBUF_INIT;
	const char	*fw;
	int		 rc;

	sqlite3_reset(s);
	sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
	sqlite3_bind_int(s, 2, DLT_PAGE_FW_SCAN);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if ((fw = (const char *)sqlite3_column_text(s, 0)) == NULL)
			continue;
		strbuf_addf(&sb, "%s%s", sb.len > 0 ? "," : "", fw);
	}
	if (rc != SQLITE_DONE) {
		store_fail(st, rc, "read");
		*err = 1;
	}
	if (sb.len == 0 && own != NULL)
		strbuf_addstr(&sb, own);
	return (strbuf_detach(&sb, NULL));
}

/*
 * The row s is on (PAGE_COLUMNS) into b, its frameworks through fs when
 * not NULL (*err set on a store error): 0, or -1 for a row without id.
 */
static int
page_row(struct dlt_store *st, sqlite3_stmt *s, sqlite3_stmt *fs,
    struct dlt_page_bucket *b, int *err)
{
	memset(b, 0, sizeof *b);
	if (store_bucket_columns(s, b->id, &b->cls, &b->kind, &b->title,
	    &b->priority, &b->first_seen, &b->last_seen, &b->count) != 0)
		return (-1);
	if (fs != NULL)
		b->frameworks = frameworks(st, fs, b->id,
		    (const char *)sqlite3_column_text(s, 8), err);
	else if ((b->frameworks = store_column_dup(s, 8)) == NULL)
		b->frameworks = xstrdup("");
	b->status = dlt_triage_parse((const char *)sqlite3_column_text(s, 9));
	if (b->status < 0)
		b->status = DLT_TRIAGE_NEW;
	b->duplicate_of = store_column_dup(s, 10);
	b->url = store_column_dup(s, 11);
	return (0);
}

int
dlt_store_page_order(struct dlt_store *st, const struct dlt_page_filter *f,
    enum dlt_bucket_sort sort, dlt_page_id **ids, size_t *n)
{
	sqlite3_stmt	*s;
	const char	*id;
	size_t		 alloc = 0;
	int		 rc;

	*ids = NULL;
	*n = 0;
	if (store_prepare_one(st, order_sql, &s) != 0)
		return (-1);
	bind_filter(s, f);
	sqlite3_bind_int(s, 6, (int)sort);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if ((id = (const char *)sqlite3_column_text(s, 0)) == NULL)
			continue;
		XGROW(*ids, *n + 1, alloc);
		snprintf((*ids)[(*n)++], sizeof (*ids)[0], "%s", id);
	}
	return (finish(st, s, rc));
}

int
dlt_store_page_rows(struct dlt_store *st, const dlt_page_id *ids, size_t n,
    size_t first, dlt_page_bucket_fn fn, void *arg)
{
	struct dlt_page_bucket	 b;
	sqlite3_stmt		*s, *fs;
	size_t			 i;
	int			 rc = SQLITE_DONE, stop = 0, err = 0;

	if (store_prepare_one(st, row_sql, &s) != 0)
		return (-1);
	if (store_prepare_one(st, fw_sql, &fs) != 0) {
		sqlite3_finalize(s);
		return (-1);
	}
	for (i = 0; i < n && !stop && !err; i++) {
		sqlite3_reset(s);
		sqlite3_bind_text(s, 1, ids[i], -1, SQLITE_STATIC);
		if ((rc = sqlite3_step(s)) != SQLITE_ROW) {
			if (rc != SQLITE_DONE)
				break;
			continue;	/* gone since it was ordered */
		}
		if (page_row(st, s, fs, &b, &err) != 0)
			continue;
		if (!err)
			stop = fn(&b, first + i, arg);
		dlt_page_bucket_release(&b);
		rc = SQLITE_DONE;
	}
	sqlite3_finalize(s);
	sqlite3_finalize(fs);
	if (err)
		return (-1);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return (store_fail(st, rc, "read"));
	return (0);
}

int
dlt_store_page_buckets(struct dlt_store *st, const struct dlt_page_filter *f,
    enum dlt_bucket_sort sort, size_t offset, size_t limit, int fw,
    dlt_page_bucket_fn fn, void *arg)
{
	struct dlt_page_bucket	 b;
	sqlite3_stmt		*s, *fs = NULL;
	size_t			 index = offset;
	int			 rc, stop = 0, err = 0;

	if (store_prepare_one(st, page_sql, &s) != 0)
		return (-1);
	if (fw && store_prepare_one(st, fw_sql, &fs) != 0) {
		sqlite3_finalize(s);
		return (-1);
	}
	bind_filter(s, f);
	sqlite3_bind_int(s, 6, (int)sort);
	sqlite3_bind_int64(s, 7, limit > 0 && limit <= INT64_MAX ?
	    (int64_t)limit : -1);
	sqlite3_bind_int64(s, 8, offset <= INT64_MAX ? (int64_t)offset :
	    INT64_MAX);
	while (!stop && !err && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		if (page_row(st, s, fs, &b, &err) != 0)
			continue;
		if (!err)
			stop = fn(&b, index++, arg);
		dlt_page_bucket_release(&b);
	}
	sqlite3_finalize(s);
	sqlite3_finalize(fs);
	if (err)
		return (-1);
	if (!stop && rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

void
dlt_page_mutant_release(struct dlt_page_mutant *m)
{
	free(m->operator);
	free(m->mode);
	free(m->position);
	free(m->params);
	free(m->repaired);
	free(m->model);
	free(m->ir);
	free(m->seed_ir);
	memset(m, 0, sizeof *m);
}

int
dlt_store_page_mutant(struct dlt_store *st, int64_t id,
    struct dlt_page_mutant *m, int *found)
{
	sqlite3_stmt	*s;
	int		 rc;

	memset(m, 0, sizeof *m);
	*found = 0;
	/* the seed is the mutant of ordinal 0 of the same campaign and model */
	if (store_prepare_one(st, "SELECT mu.id, mu.operator, mu.mode,"
	    " mu.position, mu.params_json, mu.repaired, mo.name, mu.ordinal,"
	    " mu.ir_json, (SELECT sd.ir_json FROM mutants sd"
	    "  WHERE sd.campaign_id = mu.campaign_id"
	    "  AND sd.model_id = mu.model_id AND sd.ordinal = 0)"
	    " FROM mutants mu LEFT JOIN models mo ON mo.id = mu.model_id"
	    " WHERE mu.id = ?1", &s) != 0)
		return (-1);
	sqlite3_bind_int64(s, 1, id);
	if ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		*found = 1;
		m->id = sqlite3_column_int64(s, 0);
		m->operator = store_column_dup(s, 1);
		m->mode = store_column_dup(s, 2);
		m->position = store_column_dup(s, 3);
		m->params = store_column_dup(s, 4);
		m->repaired = store_column_dup(s, 5);
		m->model = store_column_dup(s, 6);
		m->ordinal = (long)sqlite3_column_int64(s, 7);
		m->ir = store_column_dup(s, 8);
		m->seed_ir = store_column_dup(s, 9);
	}
	return (finish(st, s, rc));
}

void
dlt_page_campaign_release(struct dlt_page_campaign *c)
{
	free(c->name);
	free(c->created_at);
	free(c->finished_at);
	memset(c, 0, sizeof *c);
}

int
dlt_store_page_campaign(struct dlt_store *st, struct dlt_page_campaign *c)
{
	sqlite3_stmt	*s;
	int		 rc, k;

	memset(c, 0, sizeof *c);
	if (store_prepare_one(st, "SELECT (SELECT count(*) FROM failures),"
	    " (SELECT count(*) FROM buckets), (SELECT count(*) FROM executions),"
	    " (SELECT count(*) FROM mutants)", &s) != 0)
		return (-1);
	if ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		c->failures = (long)sqlite3_column_int64(s, 0);
		c->buckets = (long)sqlite3_column_int64(s, 1);
		c->executions = (long)sqlite3_column_int64(s, 2);
		c->mutants = (long)sqlite3_column_int64(s, 3);
	}
	if (finish(st, s, rc) != 0)
		return (-1);
	if (store_prepare_one(st, "SELECT class, count(*) FROM failures"
	    " GROUP BY class", &s) != 0)
		return (-1);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		k = dlt_class_parse((const char *)sqlite3_column_text(s, 0));
		if (k < 0 || k >= (int)(sizeof c->by_class /
		    sizeof c->by_class[0]))
			k = DLT_CLASS_UNKNOWN;
		c->by_class[k] += (long)sqlite3_column_int64(s, 1);
	}
	if (finish(st, s, rc) != 0)
		return (-1);
	if (store_prepare_one(st, "SELECT name, created_at, finished_at"
	    " FROM campaigns ORDER BY id DESC LIMIT 1", &s) != 0)
		return (-1);
	if ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		c->name = store_column_dup(s, 0);
		c->created_at = store_column_dup(s, 1);
		c->finished_at = store_column_dup(s, 2);
	}
	return (finish(st, s, rc));
}

int
dlt_store_page_version(struct dlt_store *st, int64_t *v)
{
	sqlite3_stmt	*s;
	int		 rc;

	*v = 0;
	if (store_prepare_one(st, "PRAGMA data_version", &s) != 0)
		return (-1);
	if ((rc = sqlite3_step(s)) == SQLITE_ROW)
		*v = sqlite3_column_int64(s, 0);
	return (finish(st, s, rc));
}

int
dlt_store_page_writable(const struct dlt_store *st)
{
	/* a store opened read-only has no statements of its own */
	return (st->stmt[S_BEGIN] != NULL);
}
