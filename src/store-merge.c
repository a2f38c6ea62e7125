/*
 * store-merge.c: merging one store into another; see store-merge.h and
 * docs/store-schema.md, "Merging stores".
 *
 * The input is attached to the output's connection as merge_src (its
 * file name bound to a prepared ATTACH), and copied by constant INSERT
 * ... SELECT statements in one transaction.  Rowids of the input are
 * translated to the output's through temporary tables that map each
 * input row to the output row with the same natural key.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <sqlite3.h>

#include "error.h"
#include "store-int.h"
#include "store-merge.h"
#include "store.h"

#define MERGE_MAGIC	"SQLite format 3"	/* and its NUL: 16 bytes */

static int	merge_precheck(const char *);
static int	run_list(struct dlt_store *, const char *const *);
static int	count_all(struct dlt_store *, long *);
static int	merge_body(struct dlt_store *, int, struct dlt_store_merge_stats *);

/* The tables whose added rows are counted, in the order of the stats. */
static const char *const count_sql[] = {
	"SELECT count(*) FROM main.campaigns",
	"SELECT count(*) FROM main.models",
	"SELECT count(*) FROM main.mutants",
	"SELECT count(*) FROM main.executions",
	"SELECT count(*) FROM main.evidence",
	"SELECT count(*) FROM main.comparisons",
	"SELECT count(*) FROM main.files",
	"SELECT count(*) FROM main.failures",
	"SELECT count(*) FROM main.buckets",
	"SELECT count(*) FROM main.triage",
};
#define NCOUNTS	(sizeof count_sql / sizeof count_sql[0])
_Static_assert(NCOUNTS * sizeof (long) == sizeof (struct dlt_store_merge_stats),
    "one count per field of the merge stats");

/* Input rowid -> output rowid, per table; emptied for every input. */
static const char *const merge_maps[] = {
	"CREATE TEMP TABLE IF NOT EXISTS merge_campaign"
	" (src INTEGER PRIMARY KEY, dst INTEGER NOT NULL)",
	"CREATE TEMP TABLE IF NOT EXISTS merge_model"
	" (src INTEGER PRIMARY KEY, dst INTEGER NOT NULL)",
	"CREATE TEMP TABLE IF NOT EXISTS merge_mutant"
	" (src INTEGER PRIMARY KEY, dst INTEGER NOT NULL)",
	"CREATE TEMP TABLE IF NOT EXISTS merge_exec"
	" (src INTEGER PRIMARY KEY, dst INTEGER NOT NULL)",
	"CREATE TEMP TABLE IF NOT EXISTS merge_new_exec"
	" (src INTEGER PRIMARY KEY)",
	"CREATE TEMP TABLE IF NOT EXISTS merge_file"
	" (src INTEGER PRIMARY KEY, dst INTEGER NOT NULL)",
	"DELETE FROM temp.merge_campaign",
	"DELETE FROM temp.merge_model",
	"DELETE FROM temp.merge_mutant",
	"DELETE FROM temp.merge_exec",
	"DELETE FROM temp.merge_new_exec",
	"DELETE FROM temp.merge_file",
	NULL
};

/* Files, buckets and models: in every version. */
static const char *const merge_common[] = {
	/* Only complete files: an incomplete one has no failures yet. */
	"INSERT INTO main.files (path, size, content_hash, classified_at,"
	" complete)"
	" SELECT path, size, content_hash, classified_at, complete"
	" FROM merge_src.files WHERE complete"
	" ON CONFLICT (path, content_hash) DO UPDATE SET complete = 1,"
	" classified_at = coalesce(classified_at, excluded.classified_at)",
	"INSERT INTO temp.merge_file (src, dst)"
	" SELECT s.id, m.id FROM merge_src.files s JOIN main.files m"
	" ON m.path = s.path AND m.content_hash = s.content_hash"
	" WHERE s.complete",

	/* counts are recomputed once the failures are in */
	"INSERT INTO main.buckets (id, signature, class, kind, framework,"
	" priority, first_seen, last_seen, count)"
	" SELECT id, signature, class, kind, framework, priority, first_seen,"
	" last_seen, 0 FROM merge_src.buckets WHERE true"
	" ON CONFLICT (id) DO UPDATE SET"
	" first_seen = min(first_seen, excluded.first_seen),"
	" last_seen = max(last_seen, excluded.last_seen),"
	" priority = CASE WHEN"
	"  (CASE excluded.priority WHEN 'high' THEN 3 WHEN 'medium' THEN 2"
	"   WHEN 'low' THEN 1 ELSE 0 END) >"
	"  (CASE priority WHEN 'high' THEN 3 WHEN 'medium' THEN 2"
	"   WHEN 'low' THEN 1 ELSE 0 END)"
	" THEN excluded.priority ELSE priority END",

	"INSERT INTO main.models (name, path, content_hash, seed, added_at)"
	" SELECT name, path, content_hash, seed, added_at"
	" FROM merge_src.models WHERE true"
	" ON CONFLICT (name, content_hash) DO NOTHING",
	"INSERT INTO temp.merge_model (src, dst)"
	" SELECT s.id, m.id FROM merge_src.models s JOIN main.models m"
	" ON m.name = s.name AND m.content_hash = s.content_hash",
	NULL
};

/* Campaigns, mutants, executions and what hangs on them: version 2. */
static const char *const merge_campaigns[] = {
	/*
	 * Shards of one campaign become one: a shard other than the
	 * recorded one makes the shard NULL (several); finished_at is the
	 * latest.
	 */
	"INSERT INTO main.campaigns (name, config_json, config_hash, seed,"
	" mode, shard_index, shard_count, created_at, finished_at,"
	" dltriage_version)"
	" SELECT name, config_json, config_hash, seed, mode, shard_index,"
	" shard_count, created_at, finished_at, dltriage_version"
	" FROM merge_src.campaigns WHERE true"
	" ON CONFLICT (config_hash) DO UPDATE SET"
	" shard_index = CASE WHEN shard_index IS excluded.shard_index"
	"  AND shard_count IS excluded.shard_count THEN shard_index"
	"  ELSE NULL END,"
	" shard_count = CASE WHEN shard_count IS excluded.shard_count"
	"  THEN shard_count ELSE NULL END,"
	" created_at = min(created_at, excluded.created_at),"
	" finished_at = CASE WHEN finished_at IS NULL"
	"  OR excluded.finished_at IS NULL"
	"  THEN coalesce(finished_at, excluded.finished_at)"
	"  ELSE max(finished_at, excluded.finished_at) END",
	"INSERT INTO temp.merge_campaign (src, dst)"
	" SELECT s.id, m.id FROM merge_src.campaigns s JOIN main.campaigns m"
	" ON m.config_hash = s.config_hash",

	"INSERT INTO main.mutants (campaign_id, model_id, ordinal, operator,"
	" mode, seed, position, params_json, ir_json, ir_hash, repaired,"
	" equivalent, created_at)"
	" SELECT c.dst, mo.dst, s.ordinal, s.operator, s.mode, s.seed,"
	" s.position, s.params_json, s.ir_json, s.ir_hash, s.repaired,"
	" s.equivalent, s.created_at"
	" FROM merge_src.mutants s"
	" JOIN temp.merge_campaign c ON c.src = s.campaign_id"
	" JOIN temp.merge_model mo ON mo.src = s.model_id"
	" WHERE true ORDER BY s.id"
	" ON CONFLICT (campaign_id, model_id, ordinal) DO UPDATE SET"
	" equivalent = coalesce(equivalent, excluded.equivalent)",
	"INSERT INTO temp.merge_mutant (src, dst)"
	" SELECT s.id, m.id FROM merge_src.mutants s"
	" JOIN temp.merge_campaign c ON c.src = s.campaign_id"
	" JOIN temp.merge_model mo ON mo.src = s.model_id"
	" JOIN main.mutants m ON m.campaign_id = c.dst"
	" AND m.model_id = mo.dst AND m.ordinal = s.ordinal",
	"UPDATE main.mutants SET parent_id = ("
	" SELECT p.dst FROM temp.merge_mutant x"
	" JOIN merge_src.mutants s ON s.id = x.src"
	" JOIN temp.merge_mutant p ON p.src = s.parent_id"
	" WHERE x.dst = mutants.id)"
	" WHERE parent_id IS NULL AND id IN (SELECT x.dst"
	" FROM temp.merge_mutant x JOIN merge_src.mutants s ON s.id = x.src"
	" WHERE s.parent_id IS NOT NULL)",

	/* An execution the output has keeps the output's, evidence and all. */
	"INSERT INTO temp.merge_new_exec (src)"
	" SELECT s.id FROM merge_src.executions s"
	" JOIN temp.merge_mutant x ON x.src = s.mutant_id"
	" WHERE NOT EXISTS (SELECT 1 FROM main.executions e"
	" WHERE e.mutant_id = x.dst AND e.framework = s.framework)",
	"INSERT INTO main.executions (campaign_id, mutant_id, framework,"
	" framework_version, python, isolation, status, harness_status,"
	" exit_code, signal, core, timed_out, wall_ms, rss_kb, started_at,"
	" finished_at, dir, result_json)"
	" SELECT c.dst, x.dst, s.framework, s.framework_version, s.python,"
	" s.isolation, s.status, s.harness_status, s.exit_code, s.signal,"
	" s.core, s.timed_out, s.wall_ms, s.rss_kb, s.started_at,"
	" s.finished_at, s.dir, s.result_json"
	" FROM merge_src.executions s"
	" JOIN temp.merge_new_exec n ON n.src = s.id"
	" JOIN temp.merge_mutant x ON x.src = s.mutant_id"
	" JOIN temp.merge_campaign c ON c.src = s.campaign_id"
	" ORDER BY s.id",
	"INSERT INTO temp.merge_exec (src, dst)"
	" SELECT s.id, e.id FROM merge_src.executions s"
	" JOIN temp.merge_mutant x ON x.src = s.mutant_id"
	" JOIN main.executions e ON e.mutant_id = x.dst"
	" AND e.framework = s.framework",
	"INSERT INTO main.evidence (execution_id, kind, content, truncated,"
	" path)"
	" SELECT x.dst, s.kind, s.content, s.truncated, s.path"
	" FROM merge_src.evidence s"
	" JOIN temp.merge_new_exec n ON n.src = s.execution_id"
	" JOIN temp.merge_exec x ON x.src = s.execution_id"
	" ORDER BY s.id",
	"INSERT INTO main.comparisons (mutant_id, output, framework_a,"
	" framework_b, dtype, max_abs, max_rel, d_mad, verdict, rtol, atol)"
	" SELECT x.dst, s.output, s.framework_a, s.framework_b, s.dtype,"
	" s.max_abs, s.max_rel, s.d_mad, s.verdict, s.rtol, s.atol"
	" FROM merge_src.comparisons s"
	" JOIN temp.merge_mutant x ON x.src = s.mutant_id"
	" WHERE true ORDER BY s.id"
	" ON CONFLICT (mutant_id, output, framework_a, framework_b)"
	" DO NOTHING",
	NULL
};

/* The reasons of the executions copied: version 4. */
static const char *const merge_why[] = {
	"UPDATE main.executions SET why = (SELECT s.why"
	" FROM merge_src.executions s JOIN temp.merge_exec x ON x.src = s.id"
	" WHERE x.dst = executions.id)"
	" WHERE id IN (SELECT x.dst FROM temp.merge_exec x"
	" JOIN temp.merge_new_exec n ON n.src = x.src)",
	NULL
};

#define FAILURE_COLUMNS \
	" content_hash, source, line_start, line_end, class, kind," \
	" framework, exc_type, exc_message, frames, signature, bucket, rule," \
	" evidence, priority, confidence, security, excerpt"
#define FAILURE_COLUMNS_S \
	" s.content_hash, s.source, s.line_start, s.line_end, s.class," \
	" s.kind, s.framework, s.exc_type, s.exc_message, s.frames," \
	" s.signature, s.bucket, s.rule, s.evidence, s.priority," \
	" s.confidence, s.security, s.excerpt"

/*
 * A classified log whose content the store already holds, complete,
 * under another path adds no failure: it is a copy (as in classify).
 */
#define COPY_OF_KNOWN_LOG \
	" NOT EXISTS (SELECT 1 FROM main.files c WHERE" \
	" c.content_hash = s.content_hash AND c.complete AND c.id < f.dst)"

/* The failures of a version 1 input, which has no mutant_id. */
static const char *const merge_failures_v1[] = {
	"INSERT INTO main.failures (file_id, execution_id, mutant_id,"
	FAILURE_COLUMNS ")"
	" SELECT f.dst, NULL, NULL," FAILURE_COLUMNS_S
	" FROM merge_src.failures s JOIN temp.merge_file f ON f.src = s.file_id"
	" WHERE" COPY_OF_KNOWN_LOG " ORDER BY s.id"
	" ON CONFLICT (file_id, line_start, line_end, bucket) DO NOTHING",
	NULL
};

static const char *const merge_failures_v2[] = {
	"INSERT INTO main.failures (file_id, execution_id, mutant_id,"
	FAILURE_COLUMNS ")"
	" SELECT f.dst, x.dst, mu.dst," FAILURE_COLUMNS_S
	" FROM merge_src.failures s JOIN temp.merge_file f ON f.src = s.file_id"
	" LEFT JOIN temp.merge_exec x ON x.src = s.execution_id"
	" LEFT JOIN temp.merge_mutant mu ON mu.src = s.mutant_id"
	" WHERE s.execution_id IS NOT NULL OR s.mutant_id IS NOT NULL OR"
	COPY_OF_KNOWN_LOG
	" ORDER BY s.id"
	" ON CONFLICT (file_id, line_start, line_end, bucket) DO NOTHING",
	NULL
};

/* After the failures: bucket counts, the defects corpus. */
static const char *const merge_after[] = {
	"UPDATE main.buckets SET count = (SELECT count(*) FROM main.failures f"
	" WHERE f.bucket = buckets.id)"
	" WHERE id IN (SELECT id FROM merge_src.buckets)",
	"INSERT INTO main.known_defects (id, framework, url, class, kind, api,"
	" exc_type, exc_message, frames, signature, bucket, priority, status)"
	" SELECT id, framework, url, class, kind, api, exc_type, exc_message,"
	" frames, signature, bucket, priority, status"
	" FROM merge_src.known_defects WHERE true ON CONFLICT (id) DO NOTHING",
	NULL
};

/* Triage decisions: a decision is history, kept once whatever its rowid. */
static const char *const merge_triage_v1[] = {
	"INSERT INTO main.triage (bucket, decision, known_defect, duplicate_of,"
	" priority, note, author, decided_at)"
	" SELECT s.bucket, s.decision, s.known_defect, s.duplicate_of,"
	" s.priority, s.note, s.author, s.decided_at FROM merge_src.triage s"
	" WHERE NOT EXISTS (SELECT 1 FROM main.triage t"
	" WHERE t.bucket = s.bucket AND t.decision = s.decision"
	" AND t.decided_at = s.decided_at"
	" AND t.known_defect IS s.known_defect"
	" AND t.duplicate_of IS s.duplicate_of AND t.priority IS s.priority"
	" AND t.note IS s.note AND t.author IS s.author AND t.url IS NULL)"
	" ORDER BY s.decided_at, s.id",
	NULL
};

/* Version 5: with the URL of a reported defect. */
static const char *const merge_triage_v5[] = {
	"INSERT INTO main.triage (bucket, decision, known_defect, duplicate_of,"
	" priority, note, author, decided_at, url)"
	" SELECT s.bucket, s.decision, s.known_defect, s.duplicate_of,"
	" s.priority, s.note, s.author, s.decided_at, s.url"
	" FROM merge_src.triage s"
	" WHERE NOT EXISTS (SELECT 1 FROM main.triage t"
	" WHERE t.bucket = s.bucket AND t.decision = s.decision"
	" AND t.decided_at = s.decided_at"
	" AND t.known_defect IS s.known_defect"
	" AND t.duplicate_of IS s.duplicate_of AND t.priority IS s.priority"
	" AND t.note IS s.note AND t.author IS s.author AND t.url IS s.url)"
	" ORDER BY s.decided_at, s.id",
	NULL
};

/*
 * The path exists, is a regular file and starts with the SQLite header:
 * checked before SQLite opens it, since attaching a missing file would
 * create it.
 */
static int
merge_precheck(const char *path)
{
	struct stat	 sb;
	FILE		*fp;
	char		 head[16];
	size_t		 n;

	if (*path == '\0')
		return (dlt_error("empty store path"));
	if (stat(path, &sb) != 0)
		return (dlt_error_errno("cannot open store '%s'", path));
	if (!S_ISREG(sb.st_mode))
		return (dlt_error("cannot open store '%s': not a regular file",
		    path));
	if ((fp = fopen(path, "rb")) == NULL)
		return (dlt_error_errno("cannot read store '%s'", path));
	n = fread(head, 1, sizeof head, fp);
	fclose(fp);
	if (n != sizeof head || memcmp(head, MERGE_MAGIC, sizeof head) != 0)
		return (dlt_error("'%s' is not a dltriage store or is corrupt",
		    path));
	return (0);
}

int
dlt_store_merge_check(const char *path, int *version)
{
	struct dlt_store	in;
	struct store_info	info;
	int			rc;

	*version = 0;
	if (merge_precheck(path) != 0)
		return (-1);
	memset(&in, 0, sizeof in);
	in.path = (char *)path;
	rc = sqlite3_open_v2(path, &in.db, SQLITE_OPEN_READONLY, NULL);
	if (in.db == NULL)
		dlt_die("out of memory opening store '%s'", path);
	if (rc != SQLITE_OK) {
		store_fail(&in, rc, "open");
		sqlite3_close(in.db);
		return (-1);
	}
	sqlite3_extended_result_codes(in.db, 1);
	sqlite3_busy_timeout(in.db, 5000);
	rc = store_inspect(&in, &info) != 0 || store_check(&in, &info) != 0 ?
	    -1 : 0;
	sqlite3_close(in.db);
	if (rc == 0)
		*version = info.version;
	return (rc);
}

static int
run_list(struct dlt_store *st, const char *const *sql)
{
	for (; *sql != NULL; sql++)
		if (store_exec(st, *sql) != 0)
			return (-1);
	return (0);
}

static int
count_all(struct dlt_store *st, long *counts)
{
	size_t	i;
	int	n;

	for (i = 0; i < NCOUNTS; i++) {
		if (store_query_int(st, count_sql[i], &n) != 0)
			return (-1);
		counts[i] = n;
	}
	return (0);
}

/* Inside the transaction, with merge_src attached. */
static int
merge_body(struct dlt_store *st, int version, struct dlt_store_merge_stats *stats)
{
	long	before[NCOUNTS], after[NCOUNTS], *out = (long *)stats;
	size_t	i;

	if (count_all(st, before) != 0 || run_list(st, merge_maps) != 0 ||
	    run_list(st, merge_common) != 0)
		return (-1);
	if (version >= 2 && run_list(st, merge_campaigns) != 0)
		return (-1);
	if (version >= 4 && run_list(st, merge_why) != 0)
		return (-1);
	if (run_list(st, version >= 2 ? merge_failures_v2 :
	    merge_failures_v1) != 0 || run_list(st, merge_after) != 0 ||
	    run_list(st, version >= 5 ? merge_triage_v5 :
	    merge_triage_v1) != 0 || count_all(st, after) != 0)
		return (-1);
	for (i = 0; i < NCOUNTS; i++)
		out[i] += after[i] - before[i];
	return (0);
}

int
dlt_store_merge(struct dlt_store *st, const char *path,
    struct dlt_store_merge_stats *stats)
{
	int	version, v, rc = -1;

	if (st->state == STORE_IN_FILE)
		dlt_bug("store merge while classify file '%s' is open",
		    st->file_path);
	if (dlt_store_merge_check(path, &version) != 0)
		return (-1);
	if (version == 0)
		return (0);	/* an empty database: nothing to add */

	/*
	 * The id maps and a whole table's statement journal can be as large
	 * as the input: in temporary files, not in memory as for classify.
	 */
	if (store_exec(st, "PRAGMA temp_store = FILE") != 0)
		return (-1);
	store_bind_text(st->stmt[S_ATTACH], 1, path);
	if (store_stmt_run(st, S_ATTACH, "read") != 0)
		return (-1);
	if (store_exec(st, "BEGIN IMMEDIATE") != 0)
		goto detach;
	/* it may have changed since the check */
	if (store_query_int(st, "PRAGMA merge_src.user_version", &v) != 0)
		goto fail;
	if (v != version) {
		dlt_error("store '%s' changed while it was being merged", path);
		goto fail;
	}
	if (merge_body(st, version, stats) != 0 ||
	    store_exec(st, "COMMIT") != 0)
		goto fail;
	rc = 0;
	goto detach;

fail:
	store_rollback(st);
	dlt_error("'%s' was not merged into store '%s', which is as it was",
	    path, st->path);
detach:
	if (store_exec(st, "DETACH DATABASE merge_src") != 0)
		rc = -1;
	return (rc);
}
