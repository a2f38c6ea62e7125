/*
 * store-campaign.c: campaigns, mutants and executions in the store; see
 * store-campaign.h and docs/store-schema.md.
 *
 * The files rows of a run are named by natural keys, never by rowids:
 * "run:CONFIG_HASH/MODEL@MODEL_HASH/ORDINAL/FRAMEWORK/stderr" and
 * "run:CONFIG_HASH/MODEL@MODEL_HASH/ORDINAL/oracles", so that the shards
 * of one campaign name the same execution the same way and `merge`
 * never folds two executions' failures into one file.
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "config.h"
#include "error.h"
#include "failure.h"
#include "hash.h"
#include "store-campaign.h"
#include "store-int.h"
#include "store.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"

const char *const dlt_store_status_names[] = {
	"ok", "rejected", "crashed", "timeout", "oom", "harness", "illegal",
	NULL
};

_Static_assert(sizeof dlt_store_status_names /
    sizeof dlt_store_status_names[0] == DLT_STORE_STATUS_COUNT + 1,
    "one name per execution status");
_Static_assert(DLT_CLASS_COUNT <=
    sizeof ((struct dlt_store_campaign_summary *)0)->failures_by_class /
    sizeof ((struct dlt_store_campaign_summary *)0)->failures_by_class[0],
    "the campaign summary holds every class");

static void	store_idle(struct dlt_store *, const char *);
static void	bind_real(sqlite3_stmt *, int, double);
static void	bind_opt_int64(sqlite3_stmt *, int, int64_t);
static void	cap_evidence(const char *, size_t, struct strbuf *, int *);
static int	mutant_key(struct dlt_store *, int64_t, struct strbuf *);
static int	file_row(struct dlt_store *, const char *, const char *, size_t,
		    int64_t *, char[17]);
static int	record(struct dlt_store *, const struct dlt_store_execution *,
		    int64_t *);
static int	class_counts(struct dlt_store *, enum store_stmt, int64_t,
		    long *, long *);
static char	*column_dup(sqlite3_stmt *, int);
static double	 column_real(sqlite3_stmt *, int);
static void	 failure_row(sqlite3_stmt *, struct dlt_store_failure_info *);
static int	 failure_one(struct dlt_store *, enum store_stmt,
		    struct dlt_store_failure_info *, int *);

/* The campaign calls need the store between classify files. */
static void
store_idle(struct dlt_store *st, const char *what)
{
	if (st->state == STORE_IN_FILE)
		dlt_bug("store %s while classify file '%s' is open", what,
		    st->file_path);
	st->state = STORE_IDLE;
}

/* NAN binds NULL. */
static void
bind_real(sqlite3_stmt *s, int i, double v)
{
	if (!isnan(v))
		sqlite3_bind_double(s, i, v);
}

/* A negative value (unknown) binds NULL. */
static void
bind_opt_int64(sqlite3_stmt *s, int i, int64_t v)
{
	if (v >= 0)
		sqlite3_bind_int64(s, i, v);
}

int
dlt_store_campaign_open(struct dlt_store *st, const struct dlt_store_campaign *c,
    int64_t *campaign_id, int *resumed)
{
	sqlite3_stmt	*s;

	*campaign_id = 0;
	*resumed = 0;
	store_idle(st, "campaign opened");
	if (c->config_hash == NULL || c->config_json == NULL)
		dlt_bug("store campaign without a configuration");
	if (store_stmt_run(st, S_BEGIN, "write") != 0)
		return (-1);
	s = st->stmt[S_CAMPAIGN_FIND];
	store_bind_text(s, 1, c->config_hash);
	if (store_step_int(st, S_CAMPAIGN_FIND, campaign_id) != 0)
		goto fail;
	if (*campaign_id != 0) {
		*resumed = 1;
		s = st->stmt[S_CAMPAIGN_RESUME];
		sqlite3_bind_int64(s, 1, *campaign_id);
		sqlite3_bind_int(s, 2, c->shard_index);
		sqlite3_bind_int(s, 3, c->shard_count);
		if (store_stmt_run(st, S_CAMPAIGN_RESUME, "write") != 0)
			goto fail;
	} else {
		s = st->stmt[S_CAMPAIGN_INSERT];
		store_bind_text(s, 1, c->name);
		store_bind_text(s, 2, c->config_json);
		store_bind_text(s, 3, c->config_hash);
		sqlite3_bind_int64(s, 4, (sqlite3_int64)c->seed);
		store_bind_text(s, 5, c->mode);
		sqlite3_bind_int(s, 6, c->shard_index);
		sqlite3_bind_int(s, 7, c->shard_count);
		store_bind_text(s, 8, PACKAGE_NAME " " PACKAGE_VERSION);
		if (store_stmt_run(st, S_CAMPAIGN_INSERT, "write") != 0)
			goto fail;
		*campaign_id = sqlite3_last_insert_rowid(st->db);
	}
	if (store_stmt_run(st, S_COMMIT, "write") != 0)
		goto fail;
	return (0);

fail:
	store_rollback(st);
	*campaign_id = 0;
	return (-1);
}

int
dlt_store_campaign_finish(struct dlt_store *st, int64_t campaign_id)
{
	store_idle(st, "campaign finished");
	sqlite3_bind_int64(st->stmt[S_CAMPAIGN_FINISH], 1, campaign_id);
	return (store_stmt_run(st, S_CAMPAIGN_FINISH, "write"));
}

int
dlt_store_model_add(struct dlt_store *st, const char *name, const char *path,
    uint64_t content_hash, uint64_t seed, int64_t *model_id)
{
	sqlite3_stmt	*s;
	char		 hex[17];

	*model_id = 0;
	store_idle(st, "model added");
	s = st->stmt[S_MODEL_ADD];
	store_bind_text(s, 1, name);
	store_bind_text(s, 2, path);
	store_bind_hex(s, 3, content_hash, hex);
	sqlite3_bind_int64(s, 4, (sqlite3_int64)seed);
	if (store_stmt_run(st, S_MODEL_ADD, "write") != 0)
		return (-1);
	s = st->stmt[S_MODEL_FIND];
	store_bind_text(s, 1, name);
	store_bind_hex(s, 2, content_hash, hex);
	if (store_step_int(st, S_MODEL_FIND, model_id) != 0)
		return (-1);
	if (*model_id == 0)
		dlt_bug("store model '%s' added but not found", name);
	return (0);
}

int
dlt_store_mutant_add(struct dlt_store *st, const struct dlt_store_mutant *m,
    int64_t *mutant_id)
{
	sqlite3_stmt	*s;
	const char	*h, *op;
	char		 hex[17];
	int		 rc, differs = 0;

	*mutant_id = 0;
	store_idle(st, "mutant added");
	if (m->op == NULL)
		dlt_bug("store mutant without an operator");
	s = st->stmt[S_MUTANT_ADD];
	sqlite3_bind_int64(s, 1, m->campaign_id);
	sqlite3_bind_int64(s, 2, m->model_id);
	sqlite3_bind_int64(s, 3, m->ordinal);
	store_bind_text(s, 4, m->op);
	store_bind_text(s, 5, m->mode);
	sqlite3_bind_int64(s, 6, (sqlite3_int64)m->seed);
	store_bind_text(s, 7, m->position);
	store_bind_text(s, 8, m->params_json);
	if (m->parent_id != 0)
		sqlite3_bind_int64(s, 9, m->parent_id);
	store_bind_text(s, 10, m->ir_json);
	store_bind_hex(s, 11, m->ir_hash, hex);
	store_bind_text(s, 12, m->repaired);
	if (store_stmt_run(st, S_MUTANT_ADD, "write") != 0)
		return (-1);

	s = st->stmt[S_MUTANT_FIND];
	sqlite3_bind_int64(s, 1, m->campaign_id);
	sqlite3_bind_int64(s, 2, m->model_id);
	sqlite3_bind_int64(s, 3, m->ordinal);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*mutant_id = sqlite3_column_int64(s, 0);
		h = (const char *)sqlite3_column_text(s, 1);
		op = (const char *)sqlite3_column_text(s, 2);
		differs = h == NULL || strcmp(h, hex) != 0 || op == NULL ||
		    strcmp(op, m->op) != 0;
	} else if (rc != SQLITE_DONE) {
		store_fail(st, rc, "read");
		store_stmt_clear(s);
		return (-1);
	} else
		dlt_bug("store mutant %ld added but not found", m->ordinal);
	store_stmt_clear(s);
	if (differs) {
		*mutant_id = 0;
		return (dlt_error("mutant %ld of model %" PRId64 " differs from "
		    "the one recorded in store '%s': the campaign's plan has "
		    "changed", m->ordinal, m->model_id, st->path));
	}
	return (0);
}

int
dlt_store_mutant_equivalent(struct dlt_store *st, int64_t mutant_id,
    int equivalent)
{
	sqlite3_stmt	*s;

	store_idle(st, "mutant marked");
	s = st->stmt[S_MUTANT_EQUIVALENT];
	sqlite3_bind_int64(s, 1, mutant_id);
	if (equivalent >= 0)
		sqlite3_bind_int(s, 2, equivalent != 0);
	return (store_stmt_run(st, S_MUTANT_EQUIVALENT, "write"));
}

int
dlt_store_execution_done(struct dlt_store *st, int64_t campaign_id,
    int64_t model_id, long ordinal, const char *framework, int *done)
{
	sqlite3_stmt	*s;
	int64_t		 n;

	*done = 0;
	store_idle(st, "execution looked up");
	s = st->stmt[S_EXEC_DONE];
	sqlite3_bind_int64(s, 1, campaign_id);
	sqlite3_bind_int64(s, 2, model_id);
	sqlite3_bind_int64(s, 3, ordinal);
	store_bind_text(s, 4, framework);
	if (store_step_int(st, S_EXEC_DONE, &n) != 0)
		return (-1);
	*done = n > 0;
	return (0);
}

void
dlt_store_execution_init(struct dlt_store_execution *e)
{
	memset(e, 0, sizeof *e);
	e->exit_code = -1;
	e->wall_ms = -1;
	e->rss_kb = -1;
	e->equivalent = -1;
}

/*
 * Cap evidence at DLT_STORE_EVIDENCE_CAP bytes: keep its head and its
 * tail (where a traceback ends) and say in between how much was cut.
 * Cuts fall between UTF-8 sequences.
 */
static void
cap_evidence(const char *p, size_t len, struct strbuf *out, int *truncated)
{
	size_t	head, tail;

	*truncated = 0;
	if (len <= DLT_STORE_EVIDENCE_CAP) {
		strbuf_add(out, p, len);
		return;
	}
	*truncated = 1;
	head = DLT_STORE_EVIDENCE_CAP / 2 - 64;
	tail = DLT_STORE_EVIDENCE_CAP / 2 - 64;
	while (head > 0 && ((unsigned char)p[head] & 0xc0) == 0x80)
		head--;
	while (tail > 0 && ((unsigned char)p[len - tail] & 0xc0) == 0x80)
		tail--;
	strbuf_add(out, p, head);
	strbuf_addf(out, "\n[... %zu bytes cut ...]\n", len - head - tail);
	strbuf_add(out, p + len - tail, tail);
}

/* "run:CONFIG_HASH/MODEL@MODEL_HASH/ORDINAL" of a mutant, into key. */
static int
mutant_key(struct dlt_store *st, int64_t mutant_id, struct strbuf *key)
{
	sqlite3_stmt	*s = st->stmt[S_MUTANT_KEY];
	int		 rc;

	sqlite3_bind_int64(s, 1, mutant_id);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		strbuf_addf(key, "run:%s/%s@%s/%" PRId64,
		    (const char *)sqlite3_column_text(s, 0),
		    (const char *)sqlite3_column_text(s, 1),
		    (const char *)sqlite3_column_text(s, 2),
		    (int64_t)sqlite3_column_int64(s, 3));
	store_stmt_clear(s);
	if (rc == SQLITE_ROW)
		return (0);
	if (rc == SQLITE_DONE)
		dlt_bug("store execution of mutant %" PRId64 ", which is not in "
		    "the store", mutant_id);
	return (store_fail(st, rc, "read"));
}

/* Find or add the complete files row of path with content p. */
static int
file_row(struct dlt_store *st, const char *path, const char *p, size_t len,
    int64_t *file_id, char hex[17])
{
	sqlite3_stmt	*s;

	dlt_hash_hex(dlt_hash(DLT_HASH_INIT, p, len), hex);
	s = st->stmt[S_FILE_FIND];
	store_bind_text(s, 1, path);
	store_bind_text(s, 2, hex);
	if (store_step_int(st, S_FILE_FIND, file_id) != 0)
		return (-1);
	if (*file_id == 0) {
		s = st->stmt[S_FILE_INSERT];
		store_bind_text(s, 1, path);
		sqlite3_bind_int64(s, 2, (sqlite3_int64)len);
		store_bind_text(s, 3, hex);
		if (store_stmt_run(st, S_FILE_INSERT, "write") != 0)
			return (-1);
		*file_id = sqlite3_last_insert_rowid(st->db);
	}
	sqlite3_bind_int64(st->stmt[S_FILE_DONE], 1, *file_id);
	return (store_stmt_run(st, S_FILE_DONE, "write"));
}

int
dlt_store_execution_record(struct dlt_store *st,
    const struct dlt_store_execution *e, int64_t *execution_id)
{
	int64_t	id = 0;
	int	rc;

	if (execution_id != NULL)
		*execution_id = 0;
	store_idle(st, "execution recorded");
	if (e->framework == NULL || e->status == NULL)
		dlt_bug("store execution without a framework or status");
	if (store_stmt_run(st, S_BEGIN, "write") != 0)
		return (-1);
	if ((rc = record(st, e, &id)) != 0) {
		store_rollback(st);
		return (rc);
	}
	if (store_stmt_run(st, S_COMMIT, "write") != 0) {
		store_rollback(st);
		return (-1);
	}
	if (execution_id != NULL)
		*execution_id = id;
	return (0);
}

/* The body of execution_record, inside its transaction. */
static int
record(struct dlt_store *st, const struct dlt_store_execution *e, int64_t *id)
{
	const struct dlt_store_evidence		*ev;
	const struct dlt_store_comparison	*c;
	const struct dlt_failure		*f;
	struct strbuf	 key = STRBUF_INIT, path = STRBUF_INIT;
	struct strbuf	 content = STRBUF_INIT;
	sqlite3_stmt	*s;
	int64_t		 file_id, exec_id;
	size_t		 i;
	char		 hex[17];
	int		 truncated, rc = -1;

	if (mutant_key(st, e->mutant_id, &key) != 0)
		goto out;

	s = st->stmt[S_EXEC_ADD];
	sqlite3_bind_int64(s, 1, e->mutant_id);
	store_bind_text(s, 2, e->framework);
	store_bind_text(s, 3, e->framework_version);
	store_bind_text(s, 4, e->python);
	store_bind_text(s, 5, e->isolation);
	store_bind_text(s, 6, e->status);
	store_bind_text(s, 7, e->harness_status);
	if (e->exit_code >= 0)
		sqlite3_bind_int(s, 8, e->exit_code);
	if (e->signal > 0)
		sqlite3_bind_int(s, 9, e->signal);
	sqlite3_bind_int(s, 10, e->core != 0);
	sqlite3_bind_int(s, 11, e->timed_out != 0);
	bind_opt_int64(s, 12, e->wall_ms);
	bind_opt_int64(s, 13, e->rss_kb);
	store_bind_text(s, 14, e->started_at);
	store_bind_text(s, 15, e->finished_at);
	store_bind_text(s, 16, e->dir);
	store_bind_text(s, 17, e->result_json);
	store_bind_text(s, 18, e->why);
	if (store_stmt_run(st, S_EXEC_ADD, "write") != 0)
		goto out;
	if (sqlite3_changes(st->db) == 0) {
		rc = 1;		/* recorded before: write nothing */
		goto out;
	}
	*id = sqlite3_last_insert_rowid(st->db);

	for (i = 0; i < e->nevidence; i++) {
		ev = &e->evidence[i];
		strbuf_reset(&content);
		truncated = 0;
		s = st->stmt[S_EVIDENCE_ADD];
		sqlite3_bind_int64(s, 1, *id);
		store_bind_text(s, 2, ev->kind);
		if (ev->content != NULL) {
			cap_evidence(ev->content, ev->len, &content, &truncated);
			sqlite3_bind_text(s, 3, content.buf != NULL ?
			    content.buf : "", (int)content.len, SQLITE_STATIC);
		}
		sqlite3_bind_int(s, 4, truncated);
		store_bind_text(s, 5, ev->path);
		if (store_stmt_run(st, S_EVIDENCE_ADD, "write") != 0)
			goto out;
	}

	if (e->log != NULL) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s/stderr", key.buf, e->framework);
		if (file_row(st, path.buf, e->log, e->loglen, &file_id,
		    hex) != 0)
			goto out;
		for (i = 0; i < e->nfailures; i++) {
			f = &e->failures[i];
			if (store_insert_failure(st, file_id, hex,
			    f->source != NULL ? f->source : path.buf, *id,
			    e->mutant_id, f) != 0)
				goto out;
		}
	} else if (e->nfailures > 0)
		dlt_bug("store execution with failures but no log");

	for (i = 0; i < e->ncomparisons; i++) {
		c = &e->comparisons[i];
		s = st->stmt[S_COMPARISON_ADD];
		sqlite3_bind_int64(s, 1, e->mutant_id);
		store_bind_text(s, 2, c->output);
		store_bind_text(s, 3, c->framework_a);
		store_bind_text(s, 4, c->framework_b);
		store_bind_text(s, 5, c->dtype);
		bind_real(s, 6, c->max_abs);
		bind_real(s, 7, c->max_rel);
		bind_real(s, 8, c->d_mad);
		store_bind_text(s, 9, c->verdict);
		bind_real(s, 10, c->rtol);
		bind_real(s, 11, c->atol);
		if (store_stmt_run(st, S_COMPARISON_ADD, "write") != 0)
			goto out;
	}

	if (e->oracle_log != NULL) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/oracles", key.buf);
		if (file_row(st, path.buf, e->oracle_log, e->oracle_loglen,
		    &file_id, hex) != 0)
			goto out;
		for (i = 0; i < e->noracle_failures; i++) {
			exec_id = 0;
			if (e->oracle_failures[i].framework != NULL) {
				s = st->stmt[S_EXEC_FIND];
				sqlite3_bind_int64(s, 1, e->mutant_id);
				store_bind_text(s, 2,
				    e->oracle_failures[i].framework);
				if (store_step_int(st, S_EXEC_FIND, &exec_id) != 0)
					goto out;
			}
			f = e->oracle_failures[i].failure;
			if (store_insert_failure(st, file_id, hex,
			    f->source != NULL ? f->source : path.buf, exec_id,
			    e->mutant_id, f) != 0)
				goto out;
		}
	} else if (e->noracle_failures > 0)
		dlt_bug("store oracle failures without an oracle report");

	if (e->equivalent >= 0) {
		s = st->stmt[S_MUTANT_EQUIVALENT];
		sqlite3_bind_int64(s, 1, e->mutant_id);
		sqlite3_bind_int(s, 2, e->equivalent != 0);
		if (store_stmt_run(st, S_MUTANT_EQUIVALENT, "write") != 0)
			goto out;
	}
	rc = 0;
out:
	strbuf_release(&key);
	strbuf_release(&path);
	strbuf_release(&content);
	return (rc);
}

/* Rows of (class, count) into by_class, their sum into *total. */
static int
class_counts(struct dlt_store *st, enum store_stmt which, int64_t campaign_id,
    long *by_class, long *total)
{
	sqlite3_stmt	*s = st->stmt[which];
	const char	*name;
	long		 n;
	int		 rc, c;

	sqlite3_bind_int64(s, 1, campaign_id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		name = (const char *)sqlite3_column_text(s, 0);
		n = (long)sqlite3_column_int64(s, 1);
		*total += n;
		if (name != NULL && (c = dlt_class_parse(name)) >= 0 &&
		    c < DLT_CLASS_COUNT)
			by_class[c] += n;
	}
	store_stmt_clear(s);
	if (rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

int
dlt_store_campaign_summary(struct dlt_store *st, int64_t campaign_id,
    struct dlt_store_campaign_summary *sum)
{
	sqlite3_stmt	*s;
	const char	*name;
	long		 n;
	int		 rc, i;

	memset(sum, 0, sizeof *sum);
	store_idle(st, "campaign summed up");
	s = st->stmt[S_SUM_MUTANTS];
	sqlite3_bind_int64(s, 1, campaign_id);
	if ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		sum->mutants = (long)sqlite3_column_int64(s, 0);
		sum->equivalent = (long)sqlite3_column_int64(s, 1);
	}
	store_stmt_clear(s);
	if (rc != SQLITE_ROW)
		return (store_fail(st, rc, "read"));

	s = st->stmt[S_SUM_STATUS];
	sqlite3_bind_int64(s, 1, campaign_id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		name = (const char *)sqlite3_column_text(s, 0);
		n = (long)sqlite3_column_int64(s, 1);
		sum->executions += n;
		for (i = 0; i < DLT_STORE_STATUS_COUNT; i++)
			if (name != NULL &&
			    strcmp(name, dlt_store_status_names[i]) == 0)
				sum->by_status[i] += n;
	}
	store_stmt_clear(s);
	if (rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	sum->harness_errors = sum->by_status[DLT_STORE_HARNESS];

	if (class_counts(st, S_SUM_FAILURES, campaign_id,
	    sum->failures_by_class, &sum->failures) != 0 ||
	    class_counts(st, S_SUM_BUCKETS, campaign_id,
	    sum->buckets_by_class, &sum->buckets) != 0)
		return (-1);
	return (0);
}

int
dlt_store_campaign_defects(struct dlt_store *st, int64_t campaign_id,
    dlt_store_defect_fn fn, void *arg)
{
	struct dlt_store_defect	 d;
	sqlite3_stmt		*s;
	int			 rc, stop = 0;

	store_idle(st, "campaign's defects listed");
	s = st->stmt[S_CAMPAIGN_DEFECTS];
	sqlite3_bind_int64(s, 1, campaign_id);
	while (!stop && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		memset(&d, 0, sizeof d);
		d.bucket = (const char *)sqlite3_column_text(s, 0);
		d.cls = (const char *)sqlite3_column_text(s, 1);
		d.kind = (const char *)sqlite3_column_text(s, 2);
		d.priority = (const char *)sqlite3_column_text(s, 3);
		d.count = (long)sqlite3_column_int64(s, 4);
		d.frameworks = (const char *)sqlite3_column_text(s, 5);
		d.signature = (const char *)sqlite3_column_text(s, 6);
		d.decision = (const char *)sqlite3_column_text(s, 7);
		stop = fn(&d, arg);
	}
	store_stmt_clear(s);
	if (!stop && rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

/* A text column as an owned string, or NULL. */
static char *
column_dup(sqlite3_stmt *s, int i)
{
	const unsigned char	*t = sqlite3_column_text(s, i);

	return (t != NULL ? xstrdup((const char *)t) : NULL);
}

void
dlt_store_exec_info_release(struct dlt_store_exec_info *x)
{
	free(x->framework);
	free(x->framework_version);
	free(x->python);
	free(x->status);
	free(x->harness_status);
	free(x->why);
	free(x->dir);
	free(x->op);
	free(x->ir_json);
	free(x->model);
	free(x->config_json);
	free(x->config_hash);
	free(x->campaign_created);
	free(x->dltriage_version);
	free(x->started_at);
	free(x->isolation);
	memset(x, 0, sizeof *x);
}

int
dlt_store_execution_get(struct dlt_store *st, int64_t id,
    struct dlt_store_exec_info *x, int *found)
{
	sqlite3_stmt	*s;
	int		 rc;

	memset(x, 0, sizeof *x);
	*found = 0;
	store_idle(st, "execution read");
	s = st->stmt[S_EXEC_GET];
	sqlite3_bind_int64(s, 1, id);
	if ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		*found = 1;
		x->id = sqlite3_column_int64(s, 0);
		x->campaign_id = sqlite3_column_int64(s, 1);
		x->mutant_id = sqlite3_column_int64(s, 2);
		x->framework = column_dup(s, 3);
		x->framework_version = column_dup(s, 4);
		x->python = column_dup(s, 5);
		x->status = column_dup(s, 6);
		x->harness_status = column_dup(s, 7);
		x->exit_code = sqlite3_column_type(s, 8) == SQLITE_NULL ? -1 :
		    sqlite3_column_int(s, 8);
		x->signal = sqlite3_column_int(s, 9);
		x->dir = column_dup(s, 10);
		x->op = column_dup(s, 11);
		x->ordinal = (long)sqlite3_column_int64(s, 12);
		x->ir_json = column_dup(s, 13);
		x->model = column_dup(s, 14);
		x->config_json = column_dup(s, 15);
		x->config_hash = column_dup(s, 16);
		x->why = column_dup(s, 17);
		x->campaign_created = column_dup(s, 18);
		x->dltriage_version = column_dup(s, 19);
		x->campaign_seed = (uint64_t)sqlite3_column_int64(s, 20);
		x->mutant_seed = (uint64_t)sqlite3_column_int64(s, 21);
		x->started_at = column_dup(s, 22);
		x->isolation = column_dup(s, 23);
		rc = SQLITE_DONE;
	}
	store_stmt_clear(s);
	if (rc != SQLITE_DONE) {
		dlt_store_exec_info_release(x);
		*found = 0;
		return (store_fail(st, rc, "read"));
	}
	if (*found && (x->framework == NULL || x->ir_json == NULL ||
	    x->status == NULL)) {
		dlt_store_exec_info_release(x);
		*found = 0;
		return (dlt_error("execution %" PRId64 " of store '%s' has no "
		    "mutant IR", id, st->path));
	}
	return (0);
}

void
dlt_store_failure_info_release(struct dlt_store_failure_info *f)
{
	free(f->cls);
	free(f->kind);
	free(f->framework);
	free(f->bucket);
	free(f->signature);
	free(f->rule);
	free(f->exc_type);
	free(f->exc_message);
	memset(f, 0, sizeof *f);
}

/* The columns of S_FAILURE_GET and its kin. */
static void
failure_row(sqlite3_stmt *s, struct dlt_store_failure_info *f)
{
	f->id = sqlite3_column_int64(s, 0);
	f->execution_id = sqlite3_column_int64(s, 1);
	f->mutant_id = sqlite3_column_int64(s, 2);
	f->cls = column_dup(s, 3);
	f->kind = column_dup(s, 4);
	f->framework = column_dup(s, 5);
	f->bucket = column_dup(s, 6);
	f->signature = column_dup(s, 7);
	f->rule = column_dup(s, 8);
	f->exc_type = column_dup(s, 9);
	f->exc_message = column_dup(s, 10);
}

/* One failure row of a statement bound by the caller, or none. */
static int
failure_one(struct dlt_store *st, enum store_stmt which,
    struct dlt_store_failure_info *f, int *found)
{
	sqlite3_stmt	*s = st->stmt[which];
	int		 rc;

	if ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		failure_row(s, f);
		*found = 1;
		rc = SQLITE_DONE;
	}
	store_stmt_clear(s);
	if (rc != SQLITE_DONE) {
		dlt_store_failure_info_release(f);
		*found = 0;
		return (store_fail(st, rc, "read"));
	}
	return (0);
}

int
dlt_store_failure_get(struct dlt_store *st, int64_t id,
    struct dlt_store_failure_info *f, int *found)
{
	memset(f, 0, sizeof *f);
	*found = 0;
	store_idle(st, "failure read");
	sqlite3_bind_int64(st->stmt[S_FAILURE_GET], 1, id);
	return (failure_one(st, S_FAILURE_GET, f, found));
}

int
dlt_store_bucket_failure(struct dlt_store *st, const char *bucket,
    struct dlt_store_failure_info *f, int *found)
{
	memset(f, 0, sizeof *f);
	*found = 0;
	store_idle(st, "bucket read");
	store_bind_text(st->stmt[S_BUCKET_FAILURE], 1, bucket);
	return (failure_one(st, S_BUCKET_FAILURE, f, found));
}

int
dlt_store_execution_failures(struct dlt_store *st, int64_t execution_id,
    dlt_store_failure_fn fn, void *arg)
{
	struct dlt_store_failure_info	 f;
	sqlite3_stmt			*s;
	int				 rc, stop = 0;

	store_idle(st, "execution's failures read");
	s = st->stmt[S_EXEC_FAILURES];
	sqlite3_bind_int64(s, 1, execution_id);
	while (!stop && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		memset(&f, 0, sizeof f);
		failure_row(s, &f);
		stop = fn(&f, arg);
		dlt_store_failure_info_release(&f);
	}
	store_stmt_clear(s);
	if (!stop && rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}

int
dlt_store_mutant_executions(struct dlt_store *st, int64_t mutant_id,
    int64_t **ids, size_t *n)
{
	sqlite3_stmt	*s;
	int		 rc;

	*ids = NULL;
	*n = 0;
	store_idle(st, "mutant's executions read");
	s = st->stmt[S_MUTANT_EXECS];
	sqlite3_bind_int64(s, 1, mutant_id);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		*ids = xreallocarray(*ids, *n + 1, sizeof **ids);
		(*ids)[(*n)++] = sqlite3_column_int64(s, 0);
	}
	store_stmt_clear(s);
	if (rc != SQLITE_DONE) {
		free(*ids);
		*ids = NULL;
		*n = 0;
		return (store_fail(st, rc, "read"));
	}
	return (0);
}

/* A real column, NAN for NULL. */
static double
column_real(sqlite3_stmt *s, int i)
{
	if (sqlite3_column_type(s, i) == SQLITE_NULL)
		return (NAN);
	return (sqlite3_column_double(s, i));
}

int
dlt_store_mutant_comparisons(struct dlt_store *st, int64_t mutant_id,
    dlt_store_comparison_fn fn, void *arg)
{
	struct dlt_store_comparison	 c;
	sqlite3_stmt			*s;
	int				 rc, stop = 0;

	store_idle(st, "mutant's comparisons read");
	s = st->stmt[S_MUTANT_COMPARISONS];
	sqlite3_bind_int64(s, 1, mutant_id);
	while (!stop && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		memset(&c, 0, sizeof c);
		c.output = (const char *)sqlite3_column_text(s, 0);
		c.framework_a = (const char *)sqlite3_column_text(s, 1);
		c.framework_b = (const char *)sqlite3_column_text(s, 2);
		c.dtype = (const char *)sqlite3_column_text(s, 3);
		c.max_abs = column_real(s, 4);
		c.max_rel = column_real(s, 5);
		c.d_mad = column_real(s, 6);
		c.verdict = (const char *)sqlite3_column_text(s, 7);
		c.rtol = column_real(s, 8);
		c.atol = column_real(s, 9);
		stop = fn(&c, arg);
	}
	store_stmt_clear(s);
	if (!stop && rc != SQLITE_DONE)
		return (store_fail(st, rc, "read"));
	return (0);
}
