/*
 * store-export.c: what `dltriage export` reads; see store-export.h.
 *
 * Each listing is one statement, prepared per call as store-show.c's
 * are: export runs each of them once.
 */
#include <stdint.h>
#include <stdio.h>

#include <sqlite3.h>

#include "store-export.h"
#include "store-int.h"

static int	prepare(struct dlt_store *, const char *, sqlite3_stmt **);
static const char *col(sqlite3_stmt *, int);

static int
prepare(struct dlt_store *st, const char *sql, sqlite3_stmt **s)
{
	int	rc;

	if ((rc = sqlite3_prepare_v2(st->db, sql, -1, s, NULL)) != SQLITE_OK) {
		*s = NULL;
		return (store_fail(st, rc, "read"));
	}
	return (0);
}

static const char *
col(sqlite3_stmt *s, int i)
{
	return ((const char *)sqlite3_column_text(s, i));
}

int
dlt_store_each_bucket(struct dlt_store *st, dlt_store_xbucket_fn fn,
    void *arg)
{
	struct dlt_store_xbucket	 b;
	sqlite3_stmt			*s;
	int				 rc, stop = 0;

	if (prepare(st, "SELECT b.id, b.signature, b.class, b.kind,"
	    " b.framework, b.priority, b.first_seen, b.last_seen, b.count,"
	    " f.rule, f.frames, f.exc_type,"
	    " (SELECT max(security) FROM failures WHERE bucket = b.id)"
	    " FROM buckets b LEFT JOIN failures f ON f.id ="
	    " (SELECT min(id) FROM failures WHERE bucket = b.id)"
	    " ORDER BY b.first_seen, b.id", &s) != 0)
		return (-1);
	while (!stop && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		b.id = col(s, 0);
		b.signature = col(s, 1);
		b.cls = col(s, 2);
		b.kind = col(s, 3);
		b.framework = col(s, 4);
		b.priority = col(s, 5);
		b.first_seen = col(s, 6);
		b.last_seen = col(s, 7);
		b.count = store_column_count(s, 8);
		b.rule = col(s, 9);
		b.frames = col(s, 10);
		b.exc_type = col(s, 11);
		b.security = sqlite3_column_int(s, 12) != 0;
		if (b.id == NULL)
			continue;	/* cannot be: the key is NOT NULL */
		stop = fn(&b, arg);
	}
	sqlite3_finalize(s);
	if (!stop && rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

int
dlt_store_each_execution(struct dlt_store *st, dlt_store_xexec_fn fn,
    void *arg)
{
	struct dlt_store_xexec	 e;
	sqlite3_stmt		*s;
	int			 rc, stop = 0;

	if (prepare(st, "SELECT e.id, e.mutant_id, mo.name, mu.operator,"
	    " e.framework, e.framework_version, e.status, e.why,"
	    " e.finished_at, mu.ordinal, e.exit_code, e.signal, e.wall_ms"
	    " FROM executions e LEFT JOIN mutants mu ON mu.id = e.mutant_id"
	    " LEFT JOIN models mo ON mo.id = mu.model_id"
	    " ORDER BY e.mutant_id, e.id", &s) != 0)
		return (-1);
	while (!stop && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		e.id = sqlite3_column_int64(s, 0);
		e.mutant_id = sqlite3_column_int64(s, 1);
		e.model = col(s, 2);
		e.operator = col(s, 3);
		e.framework = col(s, 4);
		e.framework_version = col(s, 5);
		e.status = col(s, 6);
		e.why = col(s, 7);
		e.finished_at = col(s, 8);
		e.ordinal = sqlite3_column_type(s, 9) == SQLITE_NULL ? -1 :
		    (long)sqlite3_column_int64(s, 9);
		e.exit_code = sqlite3_column_type(s, 10) == SQLITE_NULL ? -1 :
		    sqlite3_column_int(s, 10);
		e.signal = sqlite3_column_int(s, 11);
		e.wall_ms = sqlite3_column_type(s, 12) == SQLITE_NULL ? -1 :
		    sqlite3_column_int64(s, 12);
		stop = fn(&e, arg);
	}
	sqlite3_finalize(s);
	if (!stop && rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

int
dlt_store_each_file(struct dlt_store *st, dlt_store_xfile_fn fn, void *arg)
{
	sqlite3_stmt	*s;
	int		 rc, stop = 0;

	if (prepare(st, "SELECT id, path, classified_at FROM files"
	    " ORDER BY id", &s) != 0)
		return (-1);
	while (!stop && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		if (col(s, 1) == NULL)
			continue;
		stop = fn(sqlite3_column_int64(s, 0), col(s, 1), col(s, 2),
		    arg);
	}
	sqlite3_finalize(s);
	if (!stop && rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}
