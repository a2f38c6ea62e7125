/*
 * store-show.c: what `dltriage show` reads back; see store-show.h.
 *
 * Its statements are prepared per call (with their values bound) rather
 * than with the store's own in store.c: show runs each of them a few
 * times at most.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "error.h"
#include "failure.h"
#include "hash.h"
#include "near.h"
#include "rules.h"
#include "store-int.h"
#include "store-show.h"
#include "store.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"
#include "yaml-node.h"

#define STORE_LINE_MAX	((long)INT32_MAX)	/* no log is longer */

static int	 open_readonly(const char *, struct dlt_store **);
static long	 line_col(sqlite3_stmt *, int);
static void	 member_row(sqlite3_stmt *, struct dlt_store_member *);
static int	 members(struct dlt_store *, const char *, int64_t, size_t,
		     size_t, dlt_store_member_fn, void *);
static int	 member_keep(const struct dlt_store_member *, void *);
static void	 near_frames(const char *, struct dlt_near_item *);

/* A failure with its file and the run that found it, if one did. */
#define MEMBER_SQL \
	"SELECT f.id, f.file_id, f.execution_id, f.mutant_id, f.source," \
	" fi.path, fi.content_hash, fi.size, f.line_start, f.line_end," \
	" f.class, f.kind, f.framework, f.exc_type, f.exc_message, f.frames," \
	" f.signature, f.bucket, f.rule, f.evidence, f.priority, f.confidence," \
	" f.security, f.excerpt," \
	" mu.operator, mu.mode, mo.name, e.framework, e.framework_version," \
	" e.status, e.why, mu.ordinal, e.exit_code, e.signal" \
	" FROM failures f LEFT JOIN files fi ON fi.id = f.file_id" \
	" LEFT JOIN executions e ON e.id = f.execution_id" \
	" LEFT JOIN mutants mu ON mu.id = coalesce(f.mutant_id, e.mutant_id)" \
	" LEFT JOIN models mo ON mo.id = mu.model_id"

int
dlt_store_open_read(const char *path, struct dlt_store **out)
{
	struct stat	sb;

	*out = NULL;
	if (*path == '\0')
		return (dlt_error("empty store path"));
	if (stat(path, &sb) != 0)
		return (dlt_error_errno("cannot open store '%s'", path));
	if (!S_ISREG(sb.st_mode))
		return (dlt_error("cannot open store '%s': not a regular file",
		    path));
	if (access(path, W_OK) != 0 && (errno == EACCES || errno == EPERM ||
	    errno == EROFS))
		return (open_readonly(path, out));
	return (dlt_store_open_existing(path, out));
}

/*
 * A store this process may not write: opened read-only, checked as
 * dlt_store_open checks, and taken only at the current schema (an older
 * one would need migrating, which is a write).  Its statements are not
 * prepared: only the reads of this file may use it.
 */
static int
open_readonly(const char *path, struct dlt_store **out)
{
	struct dlt_store	*st;
	struct store_info	 in;
	int			 rc;

	st = xcalloc(1, sizeof *st);
	st->path = xstrdup(path);
	/* no threads: no mutex (store.c) */
	rc = sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READONLY |
	    SQLITE_OPEN_NOMUTEX, NULL);
	if (st->db == NULL)
		dlt_die("out of memory opening store '%s'", path);
	if (rc != SQLITE_OK) {
		store_fail(st, rc, "open");
		goto fail;
	}
	sqlite3_extended_result_codes(st->db, 1);
	sqlite3_busy_timeout(st->db, 5000);
	if (store_inspect(st, &in) != 0 || store_check(st, &in) != 0)
		goto fail;
	if (in.version != DLT_STORE_SCHEMA_VERSION) {
		dlt_error("store '%s' is read-only and has schema version %d, "
		    "which would need migrating to %d", path, in.version,
		    DLT_STORE_SCHEMA_VERSION);
		goto fail;
	}
	*out = st;
	return (0);

fail:
	dlt_store_close(st);
	return (-1);
}

/* A line number, kept to [0, STORE_LINE_MAX]: no sum of two overflows. */
static long
line_col(sqlite3_stmt *s, int i)
{
	int64_t	v = sqlite3_column_int64(s, i);

	return (v < 0 ? 0 : v > STORE_LINE_MAX ? STORE_LINE_MAX : (long)v);
}

int
dlt_store_bucket_prefix(struct dlt_store *st, const char *prefix, char **ids,
    size_t max, size_t *n)
{
	sqlite3_stmt	*s;
	char		*lo, *hi, *p;
	int		 rc;

	*n = 0;
	/* ids are lower-case hex: [prefix, prefix + "g") holds them all */
	lo = xstrdup(prefix);
	for (p = lo; *p != '\0'; p++)
		if (*p >= 'A' && *p <= 'F')
			*p = (char)(*p - 'A' + 'a');
	hi = xasprintf("%sg", lo);
	if (store_prepare_one(st, "SELECT id FROM buckets WHERE id >= ?1 AND id < ?2"
	    " ORDER BY id", &s) != 0) {
		free(lo);
		free(hi);
		return (-1);
	}
	sqlite3_bind_text(s, 1, lo, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, hi, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if (*n < max)
			ids[*n] = store_column_dup(s, 0);
		(*n)++;
	}
	sqlite3_finalize(s);
	free(lo);
	free(hi);
	if (rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

void
dlt_store_bucket_info_release(struct dlt_store_bucket_info *b)
{
	free(b->id);
	free(b->signature);
	free(b->cls);
	free(b->kind);
	free(b->framework);
	free(b->priority);
	free(b->first_seen);
	free(b->last_seen);
	memset(b, 0, sizeof *b);
}

int
dlt_store_bucket_get(struct dlt_store *st, const char *id,
    struct dlt_store_bucket_info *b, int *found)
{
	sqlite3_stmt	*s;
	int		 rc;

	memset(b, 0, sizeof *b);
	*found = 0;
	if (store_prepare_one(st, "SELECT id, signature, class, kind, framework, priority,"
	    " first_seen, last_seen, count FROM buckets WHERE id = ?1", &s) != 0)
		return (-1);
	sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*found = 1;
		b->id = store_column_dup(s, 0);
		b->signature = store_column_dup(s, 1);
		b->cls = store_column_dup(s, 2);
		b->kind = store_column_dup(s, 3);
		b->framework = store_column_dup(s, 4);
		b->priority = store_column_dup(s, 5);
		b->first_seen = store_column_dup(s, 6);
		b->last_seen = store_column_dup(s, 7);
		b->count = store_column_count(s, 8);
		rc = SQLITE_DONE;
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

void
dlt_store_member_release(struct dlt_store_member *m)
{
	free(m->source);
	free(m->path);
	free(m->content_hash);
	free(m->cls);
	free(m->kind);
	free(m->framework);
	free(m->exc_type);
	free(m->exc_message);
	free(m->frames);
	free(m->signature);
	free(m->bucket);
	free(m->rule);
	free(m->evidence);
	free(m->priority);
	free(m->excerpt);
	free(m->operator);
	free(m->mode);
	free(m->model);
	free(m->exec_framework);
	free(m->framework_version);
	free(m->status);
	free(m->why);
	memset(m, 0, sizeof *m);
}

static void
member_row(sqlite3_stmt *s, struct dlt_store_member *m)
{
	memset(m, 0, sizeof *m);
	m->id = sqlite3_column_int64(s, 0);
	m->file_id = sqlite3_column_int64(s, 1);
	m->execution_id = sqlite3_column_int64(s, 2);
	m->mutant_id = sqlite3_column_int64(s, 3);
	m->source = store_column_dup(s, 4);
	m->path = store_column_dup(s, 5);
	m->content_hash = store_column_dup(s, 6);
	m->size = sqlite3_column_type(s, 7) == SQLITE_NULL ? -1 :
	    sqlite3_column_int64(s, 7);
	m->line_start = line_col(s, 8);
	m->line_end = line_col(s, 9);
	m->cls = store_column_dup(s, 10);
	m->kind = store_column_dup(s, 11);
	m->framework = store_column_dup(s, 12);
	m->exc_type = store_column_dup(s, 13);
	m->exc_message = store_column_dup(s, 14);
	m->frames = store_column_dup(s, 15);
	m->signature = store_column_dup(s, 16);
	m->bucket = store_column_dup(s, 17);
	m->rule = store_column_dup(s, 18);
	m->evidence = store_column_dup(s, 19);
	m->priority = store_column_dup(s, 20);
	m->confidence = sqlite3_column_type(s, 21) == SQLITE_NULL ? -1 :
	    sqlite3_column_double(s, 21);
	m->security = sqlite3_column_int(s, 22) != 0;
	m->excerpt = store_column_dup(s, 23);
	m->operator = store_column_dup(s, 24);
	m->mode = store_column_dup(s, 25);
	m->model = store_column_dup(s, 26);
	m->exec_framework = store_column_dup(s, 27);
	m->framework_version = store_column_dup(s, 28);
	m->status = store_column_dup(s, 29);
	m->why = store_column_dup(s, 30);
	m->ordinal = sqlite3_column_type(s, 31) == SQLITE_NULL ? -1 :
	    (long)sqlite3_column_int64(s, 31);
	m->exit_code = sqlite3_column_type(s, 32) == SQLITE_NULL ? -1 :
	    sqlite3_column_int(s, 32);
	m->signal = sqlite3_column_int(s, 33);
}

/*
 * The failures of bucket (when not NULL), else failure id; every failure
 * when bucket is NULL and id is 0.  A bucket's from offset, at most
 * limit of them (0: all).
 */
static int
members(struct dlt_store *st, const char *bucket, int64_t id, size_t offset,
    size_t limit, dlt_store_member_fn fn, void *arg)
{
	struct dlt_store_member	 m;
	sqlite3_stmt		*s;
	const char		*sql;
	int			 rc, stop = 0;

	if (bucket != NULL)
		sql = MEMBER_SQL " WHERE f.bucket = ?1 ORDER BY f.id"
		    " LIMIT ?2 OFFSET ?3";
	else if (id != 0)
		sql = MEMBER_SQL " WHERE f.id = ?1";
	else
		sql = MEMBER_SQL " ORDER BY f.id";
	if (store_prepare_one(st, sql, &s) != 0)
		return (-1);
	if (bucket != NULL) {
		sqlite3_bind_text(s, 1, bucket, -1, SQLITE_STATIC);
		sqlite3_bind_int64(s, 2, limit > 0 && limit <= INT64_MAX ?
		    (int64_t)limit : -1);
		sqlite3_bind_int64(s, 3, offset <= INT64_MAX ? (int64_t)offset :
		    INT64_MAX);
	} else if (id != 0)
		sqlite3_bind_int64(s, 1, id);
	while (!stop && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		member_row(s, &m);
		stop = fn(&m, arg);
		dlt_store_member_release(&m);
	}
	sqlite3_finalize(s);
	if (!stop && rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

int
dlt_store_bucket_members(struct dlt_store *st, const char *bucket,
    dlt_store_member_fn fn, void *arg)
{
	return (members(st, bucket, 0, 0, 0, fn, arg));
}

int
dlt_store_bucket_members_page(struct dlt_store *st, const char *bucket,
    size_t offset, size_t limit, dlt_store_member_fn fn, void *arg)
{
	return (members(st, bucket, 0, offset, limit, fn, arg));
}

int
dlt_store_each_member(struct dlt_store *st, dlt_store_member_fn fn, void *arg)
{
	return (members(st, NULL, 0, 0, 0, fn, arg));
}

void
dlt_store_member_copy(struct dlt_store_member *out,
    const struct dlt_store_member *m)
{
	*out = *m;
#define KEEP(f) out->f = m->f != NULL ? xstrdup(m->f) : NULL
	KEEP(source);
	KEEP(path);
	KEEP(content_hash);
	KEEP(cls);
	KEEP(kind);
	KEEP(framework);
	KEEP(exc_type);
	KEEP(exc_message);
	KEEP(frames);
	KEEP(signature);
	KEEP(bucket);
	KEEP(rule);
	KEEP(evidence);
	KEEP(priority);
	KEEP(excerpt);
	KEEP(operator);
	KEEP(mode);
	KEEP(model);
	KEEP(exec_framework);
	KEEP(framework_version);
	KEEP(status);
	KEEP(why);
#undef KEEP
}

/* Keep a copy of the one member (arg: struct dlt_store_member *). */
static int
member_keep(const struct dlt_store_member *m, void *arg)
{
	dlt_store_member_copy(arg, m);
	return (1);
}

int
dlt_store_member_get(struct dlt_store *st, int64_t id,
    struct dlt_store_member *m, int *found)
{
	memset(m, 0, sizeof *m);
	*found = 0;
	if (id <= 0)
		return (0);	/* members() would take 0 for every failure */
	if (members(st, NULL, id, 0, 0, member_keep, m) != 0)
		return (-1);
	*found = m->id != 0;
	return (0);
}

int
dlt_store_execution_texts(struct dlt_store *st, int64_t execution_id,
    dlt_store_text_fn fn, void *arg)
{
	sqlite3_stmt	*s;
	int		 rc, stop = 0;

	if (store_prepare_one(st, "SELECT kind, content, truncated FROM evidence"
	    " WHERE execution_id = ?1 ORDER BY id", &s) != 0)
		return (-1);
	sqlite3_bind_int64(s, 1, execution_id);
	while (!stop && (rc = sqlite3_step(s)) == SQLITE_ROW)
		stop = fn((const char *)sqlite3_column_text(s, 0),
		    sqlite3_column_blob(s, 1),
		    (size_t)sqlite3_column_bytes(s, 1),
		    sqlite3_column_int(s, 2), arg);
	sqlite3_finalize(s);
	if (!stop && rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

/* The frames of a JSON array of strings, as many as an item keeps. */
static void
near_frames(const char *json, struct dlt_near_item *it)
{
	struct ynode	*root = NULL, *e;
	char		*err = NULL;
	size_t		 i;

	if (json == NULL)
		return;
	if (ynode_load_json_buffer(json, strlen(json), &root, &err) != 0) {
		free(err);
		return;
	}
	if (root != NULL && root->type == YNODE_SEQUENCE) {
		for (i = 0; i < root->n && it->nframes < DLT_NEAR_FRAMES;
		    i++) {
			e = root->items[i];
			if (e != NULL && e->type == YNODE_SCALAR &&
			    e->scalar != NULL)
				it->frames[it->nframes++] = xstrdup(e->scalar);
		}
	}
	ynode_free(root);
}

/* The operators (?2 = 0) or seed models (1) of bucket ?1's run failures. */
#define NEAR_ORIGINS \
	"SELECT group_concat(v, ',') FROM (SELECT DISTINCT" \
	" CASE ?2 WHEN 0 THEN operator ELSE model END AS v" \
	" FROM bucket_origins WHERE bucket = ?1 AND v <> '' ORDER BY 1)"

int
dlt_store_bucket_failures(struct dlt_store *st, const char *bucket, long *n)
{
	sqlite3_stmt	*s;
	int		 rc;

	*n = 0;
	if (store_prepare_one(st, "SELECT total(failures) FROM bucket_stats"
	    " WHERE bucket = ?1", &s) != 0)
		return (-1);
	sqlite3_bind_text(s, 1, bucket, -1, SQLITE_STATIC);
	if ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		*n = (long)sqlite3_column_int64(s, 0);
		rc = SQLITE_DONE;
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

int
dlt_store_near_origins(struct dlt_store *st, struct dlt_near_item *it)
{
	sqlite3_stmt	*s;
	char		**out[2];
	int		 rc = SQLITE_DONE, k;

	out[0] = &it->operators;
	out[1] = &it->models;
	if (store_prepare_one(st, NEAR_ORIGINS, &s) != 0)
		return (-1);
	for (k = 0; k < 2; k++) {
		sqlite3_reset(s);
		sqlite3_bind_text(s, 1, it->id, -1, SQLITE_STATIC);
		sqlite3_bind_int(s, 2, k);
		if ((rc = sqlite3_step(s)) != SQLITE_ROW)
			break;
		free(*out[k]);
		*out[k] = store_column_dup(s, 0);
		rc = SQLITE_DONE;
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

static int
near_item_cmp(const void *a, const void *b)
{
	return (strcmp(((const struct dlt_near_item *)a)->id,
	    ((const struct dlt_near_item *)b)->id));
}

int
dlt_store_near_items(struct dlt_store *st, const char *block, int origins,
    struct dlt_near_item **items, size_t *n)
{
	struct dlt_near_item	*it = NULL, *x;
	sqlite3_stmt		*s;
	size_t			 alloc = 0, i;
	int			 rc;

	*items = NULL;
	*n = 0;
	/*
	 * The first failure of each bucket stands for it (bucket_first);
	 * near.h hashes a missing type as it does "", and takes a missing
	 * framework for an unknown one.
	 */
	if (store_prepare_one(st, "SELECT b.id, b.framework, b.class, b.kind,"
	    " x.exc_type, coalesce(x.exc_message, b.signature), x.frames"
	    " FROM buckets b CROSS JOIN bucket_first x ON x.bucket = b.id"
	    /* separate terms: those of b are tested before x is read */
	    " WHERE (?1 IS NULL OR b.class = (SELECT class FROM buckets"
	    "  WHERE id = ?1))"
	    /* the same framework, or one of the two unknown (near.h) */
	    " AND (?1 IS NULL OR coalesce(b.framework, 'unknown') IN ('',"
	    "  'unknown', (SELECT coalesce(framework, 'unknown') FROM buckets"
	    "  WHERE id = ?1)) OR (SELECT coalesce(framework, 'unknown') IN"
	    "  ('', 'unknown') FROM buckets WHERE id = ?1))"
	    " AND (?1 IS NULL OR coalesce(x.exc_type, '') = (SELECT"
	    "  coalesce(exc_type, '') FROM bucket_first WHERE bucket = ?1))",
	    &s) != 0)
		return (-1);
	sqlite3_bind_text(s, 1, block, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		XGROW(it, *n + 1, alloc);
		x = &it[(*n)++];
		memset(x, 0, sizeof *x);
		x->id = store_column_dup(s, 0);
		x->framework = store_column_dup(s, 1);
		x->cls = store_column_dup(s, 2);
		x->kind = store_column_dup(s, 3);
		x->exc_type = store_column_dup(s, 4);
		x->message = store_column_dup(s, 5);
		near_frames((const char *)sqlite3_column_text(s, 6), x);
	}
	sqlite3_finalize(s);
	*items = it;
	if (rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	if (*n > 1)
		qsort(it, *n, sizeof *it, near_item_cmp);
	for (i = 0; origins && i < *n; i++)
		if (dlt_store_near_origins(st, &it[i]) != 0)
			return (-1);
	return (0);
}

size_t
dlt_store_member_evidence(const struct dlt_store_member *m, long *out,
    size_t max)
{
	struct ynode	*root = NULL, *e;
	char		*err = NULL;
	long long	 v;
	size_t		 i, n = 0;

	if (m->evidence == NULL)
		return (0);
	if (ynode_load_json_buffer(m->evidence, strlen(m->evidence), &root,
	    &err) != 0) {
		free(err);
		return (0);
	}
	if (root != NULL && root->type == YNODE_SEQUENCE)
		for (i = 0; i < root->n && n < max; i++) {
			e = root->items[i];
			if (ynode_plain_int(e, &v) && v > 0 && v <= STORE_LINE_MAX)
				out[n++] = (long)v;
		}
	ynode_free(root);
	return (n);
}

/* The run's text whose hash is the file row's (arg: struct run_text). */
struct run_text {
	const char	*hash;
	struct strbuf	*text;
	int		 found;
};

static int
run_text_match(const char *kind, const char *content, size_t len,
    int truncated, void *arg)
{
	struct run_text	*rt = arg;
	char		 hex[17];

	(void)kind;
	if (content == NULL || truncated)
		return (0);
	dlt_hash_hex(dlt_hash(DLT_HASH_INIT, content, len), hex);
	if (strcmp(hex, rt->hash) != 0)
		return (0);
	strbuf_add(rt->text, content, len);
	rt->found = 1;
	return (1);
}

int
dlt_store_member_run_log(struct dlt_store *st,
    const struct dlt_store_member *m, struct strbuf *out)
{
	struct run_text	rt;

	if (m->content_hash == NULL || m->execution_id == 0)
		return (1);
	memset(&rt, 0, sizeof rt);
	rt.hash = m->content_hash;
	rt.text = out;
	if (dlt_store_execution_texts(st, m->execution_id, run_text_match,
	    &rt) != 0)
		return (-1);
	return (rt.found ? 0 : 1);
}

void
dlt_store_member_failure(const struct dlt_store_member *m,
    const struct dlt_ruleset *rs, struct dlt_failure *f)
{
	size_t	i;

	memset(f, 0, sizeof *f);
	f->cls = m->cls != NULL ? dlt_class_parse(m->cls) : DLT_CLASS_UNKNOWN;
	if (f->cls < 0)
		f->cls = DLT_CLASS_UNKNOWN;
	f->kind = m->kind;
	f->framework = m->framework;
	f->exc_type = m->exc_type;
	f->exc_message = m->exc_message;
	f->signature = m->signature;
	f->rule = m->rule;
	f->security = m->security;
	f->nframes = m->frames != NULL ? ynode_json_strings(m->frames,
	    f->frames, DLT_MAX_FRAMES) : 0;
	f->prio_hint = DLT_PRIO_UNSET;
	if (rs != NULL && m->rule != NULL)
		for (i = 0; i < rs->nrules; i++)
			if (strcmp(rs->rules[i].c.id, m->rule) == 0) {
				f->prio_hint = rs->rules[i].priority;
				break;
			}
}
