/*
 * store.c: the SQLite store; see store.h and docs/store-schema.md.
 *
 * This is the only file that includes sqlite3.h.  Every statement that
 * carries a value is prepared once per store and bound; the only SQL run
 * without binding is constant text (the migration steps, pragmas and the
 * open-time checks).
 *
 * Opening is careful not to touch a file it is going to refuse: the
 * path, the header and the schema are checked (read only) before the
 * journal mode is changed or anything is written.
 */
#include <sys/stat.h>

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "config.h"
#include "bucket.h"
#include "error.h"
#include "failure.h"
#include "hash.h"
#include "json.h"
#include "store-int.h"
#include "store.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"

#define STORE_STR_(x)		#x
#define STORE_STR(x)		STORE_STR_(x)

#define STORE_BUSY_DEFAULT	5000	/* ms; DLTRIAGE_BUSY_TIMEOUT overrides */
#define STORE_MAGIC		"SQLite format 3"	/* and its NUL: 16 bytes */

static int	store_busy_timeout(int *);
static char	*store_dirname(const char *);
static int	store_precheck(const char *, int);
static int	store_open(const char *, int, struct dlt_store **);
static int	store_set_wal(struct dlt_store *);
static int	store_migrate(struct dlt_store *);
static int	store_prepare(struct dlt_store *);
static void	store_free(struct dlt_store *);

/*
 * The migration steps, in order: migrations[N] takes a store from schema
 * version N to N + 1.  Each step is applied in one transaction and must
 * end by setting user_version to N + 1 (checked).  A released step is
 * never edited: a change to the schema is a new step appended here, with
 * DLT_STORE_SCHEMA_VERSION bumped in store.h and docs/store-schema.md
 * updated.
 */
static const char *const migration_v1[] = {
	"PRAGMA application_id = " STORE_STR(STORE_APPLICATION_ID),

	"CREATE TABLE meta ("
	"  key		TEXT PRIMARY KEY NOT NULL,"
	"  value	TEXT NOT NULL"
	")",
	"INSERT INTO meta (key, value) VALUES ('application', 'dltriage')",
	"INSERT INTO meta (key, value) VALUES ('created_at', " STORE_NOW ")",

	"CREATE TABLE files ("
	"  id		INTEGER PRIMARY KEY,"
	"  path		TEXT NOT NULL,"
	"  size		INTEGER NOT NULL,"
	"  content_hash	TEXT NOT NULL,"
	"  classified_at	TEXT,"
	"  complete	INTEGER NOT NULL DEFAULT 0,"
	"  UNIQUE (path, content_hash)"
	")",

	"CREATE TABLE buckets ("
	"  id		TEXT PRIMARY KEY NOT NULL,"
	"  signature	TEXT NOT NULL,"
	"  class	TEXT NOT NULL,"
	"  kind		TEXT,"
	"  framework	TEXT,"
	"  priority	TEXT,"
	"  first_seen	TEXT NOT NULL,"
	"  last_seen	TEXT NOT NULL,"
	"  count	INTEGER NOT NULL DEFAULT 0"
	")",

	"CREATE TABLE models ("
	"  id		INTEGER PRIMARY KEY,"
	"  name		TEXT NOT NULL,"
	"  path		TEXT,"
	"  content_hash	TEXT NOT NULL,"
	"  seed		INTEGER,"
	"  added_at	TEXT NOT NULL,"
	"  UNIQUE (name, content_hash)"
	")",

	"CREATE TABLE mutants ("
	"  id		INTEGER PRIMARY KEY,"
	"  model_id	INTEGER NOT NULL REFERENCES models (id),"
	"  parent_id	INTEGER REFERENCES mutants (id),"
	"  operator	TEXT NOT NULL,"
	"  mode		TEXT NOT NULL,"
	"  seed		INTEGER NOT NULL,"
	"  description	TEXT,"
	"  ir_path	TEXT,"
	"  ir_hash	TEXT NOT NULL,"
	"  status	TEXT NOT NULL,"
	"  reason	TEXT,"
	"  created_at	TEXT NOT NULL,"
	"  UNIQUE (model_id, ir_hash)"
	")",

	"CREATE TABLE executions ("
	"  id		INTEGER PRIMARY KEY,"
	"  mutant_id	INTEGER NOT NULL REFERENCES mutants (id),"
	"  framework	TEXT NOT NULL,"
	"  isolation	TEXT,"
	"  status	TEXT NOT NULL,"
	"  exit_code	INTEGER,"
	"  signal	INTEGER,"
	"  core		INTEGER NOT NULL DEFAULT 0,"
	"  core_path	TEXT,"
	"  duration_ms	INTEGER,"
	"  stdout_path	TEXT,"
	"  stderr_path	TEXT,"
	"  outputs_path	TEXT,"
	"  started_at	TEXT,"
	"  finished_at	TEXT,"
	"  UNIQUE (mutant_id, framework)"
	")",

	"CREATE TABLE failures ("
	"  id		INTEGER PRIMARY KEY,"
	"  file_id	INTEGER NOT NULL REFERENCES files (id),"
	"  execution_id	INTEGER REFERENCES executions (id),"
	"  content_hash	TEXT NOT NULL,"
	"  source	TEXT NOT NULL,"
	"  line_start	INTEGER NOT NULL,"
	"  line_end	INTEGER NOT NULL,"
	"  class	TEXT NOT NULL,"
	"  kind		TEXT,"
	"  framework	TEXT,"
	"  exc_type	TEXT,"
	"  exc_message	TEXT,"
	"  frames	TEXT NOT NULL DEFAULT '[]',"
	"  signature	TEXT NOT NULL,"
	"  bucket	TEXT NOT NULL REFERENCES buckets (id),"
	"  rule		TEXT,"
	"  evidence	TEXT NOT NULL DEFAULT '[]',"
	"  priority	TEXT,"
	"  confidence	REAL,"
	"  security	INTEGER NOT NULL DEFAULT 0,"
	"  excerpt	TEXT,"
	"  UNIQUE (file_id, line_start, line_end, bucket)"
	")",
	"CREATE INDEX failures_bucket ON failures (bucket)",
	"CREATE INDEX failures_class ON failures (class)",
	"CREATE INDEX failures_file ON failures (file_id)",

	"CREATE TABLE known_defects ("
	"  id		TEXT PRIMARY KEY NOT NULL,"
	"  framework	TEXT NOT NULL,"
	"  url		TEXT,"
	"  class	TEXT,"
	"  kind		TEXT,"
	"  api		TEXT,"
	"  exc_type	TEXT,"
	"  exc_message	TEXT,"
	"  frames	TEXT NOT NULL DEFAULT '[]',"
	"  signature	TEXT,"
	"  bucket	TEXT,"
	"  priority	TEXT,"
	"  status	TEXT"
	")",
	"CREATE INDEX known_defects_bucket ON known_defects (bucket)",

	"CREATE TABLE triage ("
	"  id		INTEGER PRIMARY KEY,"
	"  bucket	TEXT NOT NULL REFERENCES buckets (id),"
	"  decision	TEXT NOT NULL,"
	"  known_defect	TEXT REFERENCES known_defects (id),"
	"  duplicate_of	TEXT REFERENCES buckets (id),"
	"  priority	TEXT,"
	"  note		TEXT,"
	"  author	TEXT,"
	"  decided_at	TEXT NOT NULL"
	")",
	"CREATE INDEX triage_bucket ON triage (bucket)",

	"PRAGMA user_version = 1",
	NULL
};

/*
 * Version 2: campaigns of `run`.  The mutants and executions tables of
 * version 1 were never written by any dltriage (migration_guards[1]
 * refuses a store where they hold rows), so they are dropped and made
 * again; models keeps its shape.  failures gains mutant_id.
 */
static const char *const migration_v2[] = {
	"DROP TABLE executions",
	"DROP TABLE mutants",

	"CREATE TABLE campaigns ("
	"  id		INTEGER PRIMARY KEY,"
	"  name		TEXT,"
	"  config_json	TEXT NOT NULL,"
	"  config_hash	TEXT NOT NULL UNIQUE,"
	"  seed		INTEGER NOT NULL,"
	"  mode		TEXT,"
	"  shard_index	INTEGER,"
	"  shard_count	INTEGER,"
	"  created_at	TEXT NOT NULL,"
	"  finished_at	TEXT,"
	"  dltriage_version	TEXT NOT NULL"
	")",

	"CREATE TABLE mutants ("
	"  id		INTEGER PRIMARY KEY,"
	"  campaign_id	INTEGER NOT NULL REFERENCES campaigns (id),"
	"  model_id	INTEGER NOT NULL REFERENCES models (id),"
	"  ordinal	INTEGER NOT NULL,"
	"  operator	TEXT NOT NULL,"
	"  mode		TEXT,"
	"  seed		INTEGER NOT NULL,"
	"  position	TEXT,"
	"  params_json	TEXT,"
	"  parent_id	INTEGER REFERENCES mutants (id),"
	"  ir_json	TEXT,"
	"  ir_hash	TEXT NOT NULL,"
	"  repaired	TEXT,"
	"  equivalent	INTEGER,"
	"  created_at	TEXT NOT NULL,"
	"  UNIQUE (campaign_id, model_id, ordinal)"
	")",

	"CREATE TABLE executions ("
	"  id		INTEGER PRIMARY KEY,"
	"  campaign_id	INTEGER NOT NULL REFERENCES campaigns (id),"
	"  mutant_id	INTEGER NOT NULL REFERENCES mutants (id),"
	"  framework	TEXT NOT NULL,"
	"  framework_version	TEXT,"
	"  python	TEXT,"
	"  isolation	TEXT,"
	"  status	TEXT NOT NULL CHECK (status IN ('ok', 'rejected',"
	" 'crashed', 'timeout', 'oom', 'harness')),"
	"  harness_status	TEXT,"
	"  exit_code	INTEGER,"
	"  signal	INTEGER,"
	"  core		INTEGER NOT NULL DEFAULT 0,"
	"  timed_out	INTEGER NOT NULL DEFAULT 0,"
	"  wall_ms	INTEGER,"
	"  rss_kb	INTEGER,"
	"  started_at	TEXT,"
	"  finished_at	TEXT NOT NULL,"
	"  dir		TEXT,"
	"  result_json	TEXT,"
	"  UNIQUE (mutant_id, framework)"
	")",
	"CREATE INDEX executions_campaign ON executions (campaign_id, status)",

	"CREATE TABLE evidence ("
	"  id		INTEGER PRIMARY KEY,"
	"  execution_id	INTEGER NOT NULL REFERENCES executions (id),"
	"  kind		TEXT NOT NULL CHECK (kind IN ('stdout', 'stderr',"
	" 'backtrace', 'thread-dump', 'sanitizer', 'result')),"
	"  content	TEXT,"
	"  truncated	INTEGER NOT NULL DEFAULT 0,"
	"  path		TEXT"
	")",
	"CREATE INDEX evidence_execution ON evidence (execution_id)",

	"CREATE TABLE comparisons ("
	"  id		INTEGER PRIMARY KEY,"
	"  mutant_id	INTEGER NOT NULL REFERENCES mutants (id),"
	"  output	TEXT NOT NULL,"
	"  framework_a	TEXT NOT NULL,"
	"  framework_b	TEXT NOT NULL,"
	"  dtype	TEXT,"
	"  max_abs	REAL,"
	"  max_rel	REAL,"
	"  d_mad	REAL,"
	"  verdict	TEXT NOT NULL,"
	"  rtol		REAL,"
	"  atol		REAL,"
	"  UNIQUE (mutant_id, output, framework_a, framework_b)"
	")",

	"ALTER TABLE failures ADD COLUMN mutant_id INTEGER REFERENCES mutants (id)",
	"CREATE INDEX failures_execution ON failures (execution_id)",
	"CREATE INDEX failures_mutant ON failures (mutant_id)",

	"PRAGMA user_version = 2",
	NULL
};

/*
 * Version 3: an execution's status may be "illegal" (the harness found
 * the model illegal by the IR itself; no framework saw it).  SQLite cannot
 * change a CHECK constraint, so executions is made again and its rows
 * copied, ids and all.  dlt_store_open turns foreign keys on only after
 * the migrations, so dropping the old table leaves the rows of evidence
 * and failures that point at executions as they are.
 */
static const char *const migration_v3[] = {
	"CREATE TABLE executions_v3 ("
	"  id		INTEGER PRIMARY KEY,"
	"  campaign_id	INTEGER NOT NULL REFERENCES campaigns (id),"
	"  mutant_id	INTEGER NOT NULL REFERENCES mutants (id),"
	"  framework	TEXT NOT NULL,"
	"  framework_version	TEXT,"
	"  python	TEXT,"
	"  isolation	TEXT,"
	"  status	TEXT NOT NULL CHECK (status IN ('ok', 'rejected',"
	" 'crashed', 'timeout', 'oom', 'harness', 'illegal')),"
	"  harness_status	TEXT,"
	"  exit_code	INTEGER,"
	"  signal	INTEGER,"
	"  core		INTEGER NOT NULL DEFAULT 0,"
	"  timed_out	INTEGER NOT NULL DEFAULT 0,"
	"  wall_ms	INTEGER,"
	"  rss_kb	INTEGER,"
	"  started_at	TEXT,"
	"  finished_at	TEXT NOT NULL,"
	"  dir		TEXT,"
	"  result_json	TEXT,"
	"  UNIQUE (mutant_id, framework)"
	")",
	"INSERT INTO executions_v3 SELECT * FROM executions",
	"DROP TABLE executions",
	"ALTER TABLE executions_v3 RENAME TO executions",
	"CREATE INDEX executions_campaign ON executions (campaign_id, status)",
	"PRAGMA user_version = 3",
	NULL
};

/*
 * Version 4: why an execution ended as it did, in the runner's words
 * ("exited with status 0 without a result record"): a harness error is
 * never a framework failure, and with no reason it could not be fixed.
 */
static const char *const migration_v4[] = {
	"ALTER TABLE executions ADD COLUMN why TEXT",
	"PRAGMA user_version = 4",
	NULL
};

/*
 * Version 5: a triage decision may carry the URL of the report filed
 * upstream ("dltriage triage BUCKET --status reported --url URL").  The
 * decisions themselves are the words of dlt_triage_names (vocab.h).
 */
static const char *const migration_v5[] = {
	"ALTER TABLE triage ADD COLUMN url TEXT",
	"PRAGMA user_version = 5",
	NULL
};

/*
 * Version 6: what `buckets` and `show` list of a bucket without reading
 * its failures, kept by triggers on failures so that every writer
 * (classify, run, merge, a script) keeps them: per bucket and priority,
 * how many failures, how many of them have a confidence and its sum;
 * per bucket, framework and version (of the run's execution, '' when
 * none), how many failures; per bucket, mutation operator and seed
 * model ('' when the mutant has none) of its run failures, how many;
 * per bucket, its first failure with what near.h compares of it.  The
 * step fills them from the failures already there.
 */
#define STORE_EXEC_VERSION(f) \
	"coalesce((SELECT framework_version FROM executions" \
	" WHERE id = " f ".execution_id), '')"
#define STORE_STATS_ADD(f) \
	"INSERT INTO bucket_stats (bucket, priority, failures, confident," \
	" confidence) VALUES (" f ".bucket, coalesce(" f ".priority, ''), 1," \
	" " f ".confidence IS NOT NULL, coalesce(" f ".confidence, 0.0))" \
	" ON CONFLICT (bucket, priority) DO UPDATE SET" \
	" failures = failures + 1, confident = confident + excluded.confident," \
	" confidence = confidence + excluded.confidence;" \
	" INSERT INTO bucket_frameworks (bucket, framework, version, failures)" \
	" SELECT " f ".bucket, " f ".framework, " STORE_EXEC_VERSION(f) ", 1" \
	" WHERE " f ".framework IS NOT NULL" \
	" ON CONFLICT (bucket, framework, version) DO UPDATE SET" \
	" failures = failures + 1;" \
	" INSERT INTO bucket_first (bucket, failure, exc_type, exc_message," \
	" frames) VALUES (" f ".bucket, " f ".id, " f ".exc_type," \
	" " f ".exc_message, " f ".frames) ON CONFLICT (bucket) DO UPDATE SET" \
	" failure = excluded.failure, exc_type = excluded.exc_type," \
	" exc_message = excluded.exc_message, frames = excluded.frames" \
	" WHERE excluded.failure < failure;"
/*
 * A run failure's origin, in a trigger of its own that classify's rows
 * (no mutant) do not fire: each statement of a trigger costs about as
 * much as the row's own insert.
 */
#define STORE_ORIGINS_ADD(f) \
	"INSERT INTO bucket_origins (bucket, operator, model, failures)" \
	" SELECT " f ".bucket, mu.operator, coalesce(mo.name, ''), 1" \
	" FROM mutants mu LEFT JOIN models mo ON mo.id = mu.model_id" \
	" WHERE mu.id = " f ".mutant_id" \
	" ON CONFLICT (bucket, operator, model) DO UPDATE SET" \
	" failures = failures + 1;"
#define STORE_STATS_SUB(f) \
	"UPDATE bucket_stats SET failures = failures - 1," \
	" confident = confident - (" f ".confidence IS NOT NULL)," \
	" confidence = confidence - coalesce(" f ".confidence, 0.0)" \
	" WHERE bucket = " f ".bucket AND priority = coalesce(" f ".priority, '');" \
	" DELETE FROM bucket_stats WHERE bucket = " f ".bucket" \
	" AND priority = coalesce(" f ".priority, '') AND failures <= 0;" \
	" UPDATE bucket_frameworks SET failures = failures - 1" \
	" WHERE bucket = " f ".bucket AND framework = " f ".framework" \
	" AND version = " STORE_EXEC_VERSION(f) ";" \
	" DELETE FROM bucket_frameworks WHERE bucket = " f ".bucket" \
	" AND framework = " f ".framework AND failures <= 0;" \
	" UPDATE bucket_origins SET failures = failures - 1" \
	" WHERE bucket = " f ".bucket AND (operator, model) = (SELECT" \
	" mu.operator, coalesce(mo.name, '') FROM mutants mu" \
	" LEFT JOIN models mo ON mo.id = mu.model_id" \
	" WHERE mu.id = " f ".mutant_id);" \
	" DELETE FROM bucket_origins WHERE bucket = " f ".bucket" \
	" AND failures <= 0;" \
	" DELETE FROM bucket_first WHERE bucket = " f ".bucket;" \
	" INSERT INTO bucket_first (bucket, failure, exc_type, exc_message," \
	" frames) SELECT bucket, id, exc_type, exc_message, frames" \
	" FROM failures WHERE bucket = " f ".bucket ORDER BY id LIMIT 1;"

static const char *const migration_v6[] = {
	"CREATE TABLE bucket_stats ("
	"  bucket	TEXT NOT NULL,"
	"  priority	TEXT NOT NULL,"
	"  failures	INTEGER NOT NULL,"
	"  confident	INTEGER NOT NULL,"
	"  confidence	REAL NOT NULL,"
	"  PRIMARY KEY (bucket, priority)"
	") WITHOUT ROWID",
	"CREATE TABLE bucket_frameworks ("
	"  bucket	TEXT NOT NULL,"
	"  framework	TEXT NOT NULL,"
	"  version	TEXT NOT NULL,"
	"  failures	INTEGER NOT NULL,"
	"  PRIMARY KEY (bucket, framework, version)"
	") WITHOUT ROWID",
	"CREATE TABLE bucket_origins ("
	"  bucket	TEXT NOT NULL,"
	"  operator	TEXT NOT NULL,"
	"  model	TEXT NOT NULL,"
	"  failures	INTEGER NOT NULL,"
	"  PRIMARY KEY (bucket, operator, model)"
	") WITHOUT ROWID",
	"CREATE TABLE bucket_first ("
	"  bucket	TEXT PRIMARY KEY NOT NULL,"
	"  failure	INTEGER NOT NULL,"
	"  exc_type	TEXT,"
	"  exc_message	TEXT,"
	"  frames	TEXT"
	")",
	"INSERT INTO bucket_origins (bucket, operator, model, failures)"
	" SELECT f.bucket, mu.operator, coalesce(mo.name, ''), count(*)"
	" FROM failures f JOIN mutants mu ON mu.id = f.mutant_id"
	" LEFT JOIN models mo ON mo.id = mu.model_id GROUP BY 1, 2, 3",
	"INSERT INTO bucket_first (bucket, failure, exc_type, exc_message,"
	" frames) SELECT f.bucket, f.id, f.exc_type, f.exc_message, f.frames"
	" FROM (SELECT min(id) AS id FROM failures GROUP BY bucket) x"
	" JOIN failures f ON f.id = x.id",
	"INSERT INTO bucket_stats (bucket, priority, failures, confident,"
	" confidence) SELECT bucket, coalesce(priority, ''), count(*),"
	" count(confidence), total(confidence) FROM failures"
	" GROUP BY 1, 2",
	"INSERT INTO bucket_frameworks (bucket, framework, version, failures)"
	" SELECT f.bucket, f.framework, coalesce(e.framework_version, ''),"
	" count(*) FROM failures f LEFT JOIN executions e"
	" ON e.id = f.execution_id WHERE f.framework IS NOT NULL"
	" GROUP BY 1, 2, 3",
	"CREATE TRIGGER failures_stats_insert AFTER INSERT ON failures BEGIN "
	STORE_STATS_ADD("NEW") " END",
	"CREATE TRIGGER failures_origins_insert AFTER INSERT ON failures"
	" WHEN NEW.mutant_id IS NOT NULL BEGIN " STORE_ORIGINS_ADD("NEW") " END",
	"CREATE TRIGGER failures_stats_delete AFTER DELETE ON failures BEGIN "
	STORE_STATS_SUB("OLD") " END",
	"CREATE TRIGGER failures_stats_update AFTER UPDATE OF id, bucket,"
	" priority, confidence, framework, execution_id, mutant_id, exc_type,"
	" exc_message, frames ON failures BEGIN "
	STORE_STATS_SUB("OLD") " " STORE_STATS_ADD("NEW") " "
	STORE_ORIGINS_ADD("NEW") " END",
	/* no dltriage changes a version, but a script might */
	"CREATE TRIGGER executions_version_update AFTER UPDATE OF"
	" framework_version ON executions"
	" WHEN OLD.framework_version IS NOT NEW.framework_version BEGIN"
	" INSERT INTO bucket_frameworks (bucket, framework, version, failures)"
	" SELECT bucket, framework, coalesce(NEW.framework_version, ''),"
	" count(*) FROM failures WHERE execution_id = NEW.id"
	" AND framework IS NOT NULL GROUP BY 1, 2"
	" ON CONFLICT (bucket, framework, version) DO UPDATE SET"
	" failures = failures + excluded.failures;"
	" UPDATE bucket_frameworks SET failures = failures - (SELECT count(*)"
	" FROM failures f WHERE f.execution_id = NEW.id"
	" AND f.bucket = bucket_frameworks.bucket"
	" AND f.framework = bucket_frameworks.framework)"
	" WHERE version = coalesce(OLD.framework_version, '');"
	" DELETE FROM bucket_frameworks WHERE failures <= 0; END",
	"PRAGMA user_version = 6",
	NULL
};

static const char *const *const migrations[] = {
	migration_v1,		/* 0 -> 1 */
	migration_v2,		/* 1 -> 2 */
	migration_v3,		/* 2 -> 3 */
	migration_v4,		/* 3 -> 4 */
	migration_v5,		/* 4 -> 5 */
	migration_v6,		/* 5 -> 6 */
};

/*
 * A query per step, or NULL: when it yields a non-zero count, the step
 * would lose rows, and the store is refused instead.
 */
static const char *const migration_guards[] = {
	NULL,
	"SELECT (SELECT count(*) FROM mutants) + (SELECT count(*) FROM executions)",
	NULL,
	NULL,
	NULL,
	NULL,
};

_Static_assert(sizeof migration_guards / sizeof migration_guards[0] ==
    DLT_STORE_SCHEMA_VERSION, "one guard (or NULL) per migration step");

_Static_assert(sizeof migrations / sizeof migrations[0] == DLT_STORE_SCHEMA_VERSION,
    "one migration step per schema version");
_Static_assert(DLT_CLASS_COUNT <=
    sizeof ((struct dlt_store_summary *)0)->by_class /
    sizeof ((struct dlt_store_summary *)0)->by_class[0],
    "dlt_store_summary.by_class holds every class");

static const char *const store_sql[S__COUNT] = {
	[S_BEGIN] = "BEGIN IMMEDIATE",
	[S_COMMIT] = "COMMIT",
	[S_FILE_FIND] =
	    "SELECT id, complete FROM files WHERE path = ?1 AND content_hash = ?2",
	/* the same content, classified to its end under another path */
	[S_FILE_FIND_CONTENT] =
	    "SELECT id FROM files WHERE content_hash = ?1 AND complete"
	    " AND path <> ?2 LIMIT 1",
	[S_FILE_COPY] =
	    "INSERT INTO files (path, size, content_hash, complete, classified_at)"
	    " VALUES (?1, ?2, ?3, 1, " STORE_NOW ")",
	[S_FILE_INSERT] =
	    "INSERT INTO files (path, size, content_hash, complete)"
	    " VALUES (?1, ?2, ?3, 0)",
	[S_FILE_UPDATE] = "UPDATE files SET size = ?2 WHERE id = ?1",
	[S_FILE_DONE] =
	    "UPDATE files SET complete = 1, classified_at = " STORE_NOW
	    " WHERE id = ?1",
	[S_BUCKET_ADD] =
	    "INSERT INTO buckets (id, signature, class, kind, framework,"
	    " priority, first_seen, last_seen, count)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, " STORE_NOW ", " STORE_NOW ", 0)"
	    " ON CONFLICT (id) DO NOTHING",
	[S_FAILURE_ADD] =
	    "INSERT INTO failures (file_id, content_hash, source, line_start,"
	    " line_end, class, kind, framework, exc_type, exc_message, frames,"
	    " signature, bucket, rule, evidence, priority, confidence, security,"
	    " excerpt, execution_id, mutant_id)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,"
	    " ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)"
	    " ON CONFLICT (file_id, line_start, line_end, bucket) DO NOTHING",
	/* count one more distinct failure; keep the highest priority seen */
	[S_BUCKET_BUMP] =
	    "UPDATE buckets SET count = count + 1, last_seen = " STORE_NOW ","
	    " priority = CASE WHEN"
	    "  (CASE ?2 WHEN 'high' THEN 3 WHEN 'medium' THEN 2"
	    "   WHEN 'low' THEN 1 ELSE 0 END) >"
	    "  (CASE priority WHEN 'high' THEN 3 WHEN 'medium' THEN 2"
	    "   WHEN 'low' THEN 1 ELSE 0 END)"
	    " THEN ?2 ELSE priority END"
	    " WHERE id = ?1",
	[S_COUNT_FILES] = "SELECT count(*) FROM files WHERE complete",
	[S_COUNT_FAILURES] = "SELECT count(*) FROM failures",
	[S_COUNT_BUCKETS] = "SELECT count(*) FROM buckets",
	[S_COUNT_CLASSES] = "SELECT class, count(*) FROM failures GROUP BY class",

	[S_CAMPAIGN_FIND] =
	    "SELECT id FROM campaigns WHERE config_hash = ?1",
	[S_CAMPAIGN_INSERT] =
	    "INSERT INTO campaigns (name, config_json, config_hash, seed, mode,"
	    " shard_index, shard_count, created_at, dltriage_version)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, " STORE_NOW ", ?8)",
	/* running again: unfinished, and a shard other than the row's makes it several */
	[S_CAMPAIGN_RESUME] =
	    "UPDATE campaigns SET finished_at = NULL,"
	    " shard_index = CASE WHEN shard_index IS ?2 AND shard_count IS ?3"
	    "  THEN shard_index ELSE NULL END,"
	    " shard_count = CASE WHEN shard_count IS ?3 THEN shard_count"
	    "  ELSE NULL END"
	    " WHERE id = ?1",
	[S_CAMPAIGN_FINISH] =
	    "UPDATE campaigns SET finished_at = " STORE_NOW " WHERE id = ?1",
	[S_MODEL_ADD] =
	    "INSERT INTO models (name, path, content_hash, seed, added_at)"
	    " VALUES (?1, ?2, ?3, ?4, " STORE_NOW ")"
	    " ON CONFLICT (name, content_hash) DO NOTHING",
	[S_MODEL_FIND] =
	    "SELECT id FROM models WHERE name = ?1 AND content_hash = ?2",
	[S_MUTANT_ADD] =
	    "INSERT INTO mutants (campaign_id, model_id, ordinal, operator, mode,"
	    " seed, position, params_json, parent_id, ir_json, ir_hash, repaired,"
	    " created_at)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, "
	    STORE_NOW ")"
	    " ON CONFLICT (campaign_id, model_id, ordinal) DO NOTHING",
	[S_MUTANT_FIND] =
	    "SELECT id, ir_hash, operator FROM mutants"
	    " WHERE campaign_id = ?1 AND model_id = ?2 AND ordinal = ?3",
	[S_MUTANT_KEY] =
	    "SELECT c.config_hash, m.name, m.content_hash, mu.ordinal"
	    " FROM mutants mu JOIN campaigns c ON c.id = mu.campaign_id"
	    " JOIN models m ON m.id = mu.model_id WHERE mu.id = ?1",
	[S_MUTANT_EQUIVALENT] =
	    "UPDATE mutants SET equivalent = ?2 WHERE id = ?1",
	[S_EXEC_DONE] =
	    "SELECT count(*) FROM executions e JOIN mutants mu"
	    " ON mu.id = e.mutant_id WHERE mu.campaign_id = ?1"
	    " AND mu.model_id = ?2 AND mu.ordinal = ?3 AND e.framework = ?4",
	[S_EXEC_ADD] =
	    "INSERT INTO executions (campaign_id, mutant_id, framework,"
	    " framework_version, python, isolation, status, harness_status,"
	    " exit_code, signal, core, timed_out, wall_ms, rss_kb, started_at,"
	    " finished_at, dir, result_json, why)"
	    " SELECT campaign_id, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11,"
	    " ?12, ?13, ?14, coalesce(?15, " STORE_NOW "), ?16, ?17, ?18"
	    " FROM mutants WHERE id = ?1"
	    " ON CONFLICT (mutant_id, framework) DO NOTHING",
	[S_EXEC_FIND] =
	    "SELECT id FROM executions WHERE mutant_id = ?1 AND framework = ?2",
	[S_EVIDENCE_ADD] =
	    "INSERT INTO evidence (execution_id, kind, content, truncated, path)"
	    " VALUES (?1, ?2, ?3, ?4, ?5)",
	[S_COMPARISON_ADD] =
	    "INSERT INTO comparisons (mutant_id, output, framework_a,"
	    " framework_b, dtype, max_abs, max_rel, d_mad, verdict, rtol, atol)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"
	    " ON CONFLICT (mutant_id, output, framework_a, framework_b)"
	    " DO NOTHING",
	[S_SUM_MUTANTS] =
	    "SELECT count(*), coalesce(sum(equivalent = 1), 0) FROM mutants"
	    " WHERE campaign_id = ?1",
	[S_SUM_STATUS] =
	    "SELECT status, count(*) FROM executions WHERE campaign_id = ?1"
	    " GROUP BY status",
	[S_SUM_FAILURES] =
	    "SELECT f.class, count(*) FROM failures f JOIN mutants mu"
	    " ON mu.id = f.mutant_id WHERE mu.campaign_id = ?1 GROUP BY f.class",
	[S_SUM_BUCKETS] =
	    "SELECT b.class, count(*) FROM buckets b WHERE b.id IN"
	    " (SELECT f.bucket FROM failures f JOIN mutants mu"
	    "  ON mu.id = f.mutant_id WHERE mu.campaign_id = ?1)"
	    " GROUP BY b.class",
	/* the unique defects of a campaign, worst first: real classes before
	 * false positives, then by how often they happened */
	/* the latest triage decision is respected: a false positive last */
	[S_CAMPAIGN_DEFECTS] =
	    "SELECT b.id, b.class, b.kind, b.priority, count(*),"
	    " group_concat(DISTINCT f.framework), b.signature,"
	    " (SELECT t.decision FROM triage t WHERE t.bucket = b.id"
	    "  ORDER BY t.decided_at DESC, t.id DESC LIMIT 1) AS decision"
	    " FROM failures f JOIN mutants mu ON mu.id = f.mutant_id"
	    " JOIN buckets b ON b.id = f.bucket WHERE mu.campaign_id = ?1"
	    " GROUP BY b.id ORDER BY (b.class = 'false-positive' OR"
	    " decision IS 'false-positive'),"
	    " CASE b.priority WHEN 'high' THEN 0 WHEN 'medium' THEN 1"
	    " ELSE 2 END, count(*) DESC, b.id",
	/* reproduce: an execution with its mutant, model and campaign */
	[S_EXEC_GET] =
	    "SELECT e.id, e.campaign_id, e.mutant_id, e.framework,"
	    " e.framework_version, e.python, e.status, e.harness_status,"
	    " e.exit_code, e.signal, e.dir, mu.operator, mu.ordinal,"
	    " mu.ir_json, mo.name, c.config_json, c.config_hash, e.why,"
	    " c.created_at, c.dltriage_version, c.seed, mu.seed, e.started_at,"
	    " e.isolation"
	    " FROM executions e JOIN mutants mu ON mu.id = e.mutant_id"
	    " JOIN models mo ON mo.id = mu.model_id"
	    " JOIN campaigns c ON c.id = e.campaign_id WHERE e.id = ?1",
	[S_FAILURE_GET] =
	    "SELECT id, execution_id, mutant_id, class, kind, framework, bucket,"
	    " signature, rule, exc_type, exc_message FROM failures"
	    " WHERE id = ?1",
	/* a bucket's first member, a run's before a classify's */
	[S_BUCKET_FAILURE] =
	    "SELECT id, execution_id, mutant_id, class, kind, framework, bucket,"
	    " signature, rule, exc_type, exc_message FROM failures"
	    " WHERE bucket = ?1 ORDER BY mutant_id IS NULL,"
	    " execution_id IS NULL, id LIMIT 1",
	[S_EXEC_FAILURES] =
	    "SELECT id, execution_id, mutant_id, class, kind, framework, bucket,"
	    " signature, rule, exc_type, exc_message FROM failures"
	    " WHERE execution_id = ?1 ORDER BY id",
	[S_MUTANT_EXECS] =
	    "SELECT id FROM executions WHERE mutant_id = ?1 ORDER BY id",
	[S_MUTANT_COMPARISONS] =
	    "SELECT output, framework_a, framework_b, dtype, max_abs, max_rel,"
	    " d_mad, verdict, rtol, atol FROM comparisons WHERE mutant_id = ?1"
	    " ORDER BY id",

	/* buckets and triage: every bucket, then what the listing folds in */
	/* sorted here rather than through the index on id: half the reads */
	[S_TRIAGE_BUCKETS] =
	    "SELECT id, class, kind, signature, priority, first_seen, last_seen,"
	    " count FROM buckets",
	/* what the triggers of version 6 keep: no failure is read */
	[S_TRIAGE_PRIORITIES] =
	    "SELECT bucket, priority, confident, confidence FROM bucket_stats",
	[S_TRIAGE_FRAMEWORKS] =
	    "SELECT bucket, framework, version FROM bucket_frameworks",
	/* the latest decision of every bucket: by time, then by row */
	[S_TRIAGE_LATEST_ALL] =
	    "SELECT t.bucket, t.decision, t.duplicate_of, t.url FROM triage t"
	    " WHERE t.id = (SELECT u.id FROM triage u WHERE u.bucket = t.bucket"
	    " ORDER BY u.decided_at DESC, u.id DESC LIMIT 1)",
	[S_TRIAGE_LATEST] =
	    "SELECT decision, duplicate_of, url, note, author, decided_at"
	    " FROM triage WHERE bucket = ?1"
	    " ORDER BY decided_at DESC, id DESC LIMIT 1",
	[S_TRIAGE_HISTORY] =
	    "SELECT decision, duplicate_of, url, note, author, decided_at"
	    " FROM triage WHERE bucket = ?1 ORDER BY decided_at, id",
	[S_TRIAGE_ADD] =
	    "INSERT INTO triage (bucket, decision, duplicate_of, url, note,"
	    " author, decided_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, " STORE_NOW ")",
	[S_TRIAGE_ANY] = "SELECT EXISTS (SELECT 1 FROM triage)",
	/* at most one more than a message lists */
	[S_BUCKET_PREFIX] =
	    "SELECT id FROM buckets WHERE substr(id, 1, length(?1)) = ?1"
	    " ORDER BY id LIMIT 9",

	[S_ATTACH] = "ATTACH DATABASE ?1 AS merge_src",
};

/*
 * Report a SQLite error on the store as one clear message; returns -1.
 * what is the verb for the generic case ("open", "read", "write").
 */
int
store_fail(struct dlt_store *st, int rc, const char *what)
{
	const char	*msg;

	msg = st->db != NULL ? sqlite3_errmsg(st->db) : sqlite3_errstr(rc);
	switch (rc & 0xff) {
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		return (dlt_error("store '%s' is locked by another process",
		    st->path));
	case SQLITE_NOTADB:
	case SQLITE_CORRUPT:
		return (dlt_error("'%s' is not a dltriage store or is corrupt",
		    st->path));
	case SQLITE_READONLY:
		return (dlt_error("cannot write store '%s': read-only", st->path));
	case SQLITE_FULL:
		return (dlt_error("cannot write store '%s': disk full", st->path));
	default:
		return (dlt_error("cannot %s store '%s': %s", what, st->path, msg));
	}
}

static int
store_busy_timeout(int *ms)
{
	const char	*env;
	char		*end;
	long		 v;

	*ms = STORE_BUSY_DEFAULT;
	env = getenv("DLTRIAGE_BUSY_TIMEOUT");
	if (env == NULL || *env == '\0')
		return (0);
	errno = 0;
	v = strtol(env, &end, 10);
	if (*env < '0' || *env > '9' || *end != '\0' || errno != 0 ||
	    v > INT_MAX)
		return (dlt_error("invalid DLTRIAGE_BUSY_TIMEOUT '%s': expected "
		    "a number of milliseconds", env));
	*ms = (int)v;
	return (0);
}

/* The directory a path is in ("." for a bare name); caller frees. */
static char *
store_dirname(const char *path)
{
	const char	*slash;

	if ((slash = strrchr(path, '/')) == NULL)
		return (xstrdup("."));
	while (slash > path && slash[-1] == '/')
		slash--;
	if (slash == path)
		return (xstrdup("/"));
	return (xstrndup(path, (size_t)(slash - path)));
}

/*
 * Check the path before SQLite sees it, so that the common problems get
 * a clear message and a file that will be refused is not touched: the
 * directory must exist, an existing file must be a regular file that
 * starts with the SQLite header (or is empty), and both the file and
 * its directory (where the -wal and -shm files go) must be writable.
 */
static int
store_precheck(const char *path, int must_exist)
{
	struct stat	 sb, lsb;
	FILE		*fp;
	char		 head[16], *dir, *real;
	size_t		 n;
	int		 exists, rc = -1;

	if (*path == '\0')
		return (dlt_error("empty store path"));
	if (stat(path, &sb) == 0)
		exists = 1;
	else if (errno == ENOENT || errno == ENOTDIR)
		exists = 0;
	else
		return (dlt_error_errno("cannot open store '%s'", path));

	if (exists && lstat(path, &lsb) == 0 && S_ISLNK(lsb.st_mode) &&
	    (real = realpath(path, NULL)) != NULL) {
		/* SQLite puts -wal and -shm beside the file a link names */
		dir = store_dirname(real);
		free(real);
	} else
		dir = store_dirname(path);
	if (!exists && must_exist) {
		dlt_error("store '%s' does not exist", path);
		goto out;
	}
	if (!exists) {
		if (stat(dir, &sb) != 0) {
			if (errno == ENOENT || errno == ENOTDIR)
				dlt_error("cannot create store '%s': directory "
				    "'%s' does not exist", path, dir);
			else
				dlt_error_errno("cannot create store '%s'", path);
			goto out;
		}
		if (!S_ISDIR(sb.st_mode)) {
			dlt_error("cannot create store '%s': '%s' is not a "
			    "directory", path, dir);
			goto out;
		}
		if (access(dir, W_OK | X_OK) != 0) {
			dlt_error("cannot create store '%s': directory '%s' is "
			    "read-only", path, dir);
			goto out;
		}
		rc = 0;
		goto out;
	}

	if (!S_ISREG(sb.st_mode)) {
		dlt_error("cannot open store '%s': not a regular file", path);
		goto out;
	}
	if (sb.st_size > 0) {
		if ((fp = fopen(path, "rb")) == NULL) {
			dlt_error_errno("cannot read store '%s'", path);
			goto out;
		}
		n = fread(head, 1, sizeof head, fp);
		fclose(fp);
		if (n != sizeof head || memcmp(head, STORE_MAGIC,
		    sizeof head) != 0) {
			dlt_error("'%s' is not a dltriage store or is corrupt",
			    path);
			goto out;
		}
	}
	if (access(path, W_OK) != 0) {
		if (errno == EROFS)
			dlt_error("cannot write store '%s': read-only file "
			    "system", path);
		else
			dlt_error("cannot write store '%s': read-only", path);
		goto out;
	}
	if (access(dir, W_OK | X_OK) != 0) {
		dlt_error("cannot write store '%s': directory '%s' is read-only",
		    path, dir);
		goto out;
	}
	rc = 0;
out:
	free(dir);
	return (rc);
}

/* Run constant SQL (no values) to completion. */
int
store_exec(struct dlt_store *st, const char *sql)
{
	sqlite3_stmt	*s;
	int		 rc;

	rc = sqlite3_prepare_v2(st->db, sql, -1, &s, NULL);
	if (rc != SQLITE_OK)
		return (store_fail(st, rc, "write"));
	while ((rc = sqlite3_step(s)) == SQLITE_ROW)
		;
	if (rc != SQLITE_DONE) {
		store_fail(st, rc, "write");
		sqlite3_finalize(s);
		return (-1);
	}
	sqlite3_finalize(s);
	return (0);
}

/* Run a constant query that yields one integer. */
int
store_query_int(struct dlt_store *st, const char *sql, int *out)
{
	sqlite3_stmt	*s;
	int		 rc;

	*out = 0;
	rc = sqlite3_prepare_v2(st->db, sql, -1, &s, NULL);
	if (rc != SQLITE_OK)
		return (store_fail(st, rc, "read"));
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		*out = sqlite3_column_int(s, 0);
	else if (rc != SQLITE_DONE) {
		store_fail(st, rc, "read");
		sqlite3_finalize(s);
		return (-1);
	}
	sqlite3_finalize(s);
	return (0);
}

/* Look at what the file holds, without writing. */
int
store_inspect(struct dlt_store *st, struct store_info *in)
{
	sqlite3_stmt	*s;
	int		 has_meta;

	memset(in, 0, sizeof *in);
	if (store_query_int(st, "PRAGMA application_id", &in->app_id) != 0 ||
	    store_query_int(st, "PRAGMA user_version", &in->version) != 0 ||
	    store_query_int(st, "SELECT count(*) FROM sqlite_master",
	    &in->nobjects) != 0 ||
	    store_query_int(st, "SELECT count(*) FROM sqlite_master"
	    " WHERE type = 'table' AND name = 'meta'", &has_meta) != 0)
		return (-1);
	if (!has_meta)
		return (0);
	/* Another program's "meta" table may not have these columns. */
	if (sqlite3_prepare_v2(st->db, "SELECT count(*) FROM meta"
	    " WHERE key = 'application' AND value = 'dltriage'", -1, &s,
	    NULL) != SQLITE_OK)
		return (0);
	if (sqlite3_step(s) == SQLITE_ROW)
		in->marker = sqlite3_column_int(s, 0) > 0;
	sqlite3_finalize(s);
	return (0);
}

/* Refuse what is not ours or is too new. */
int
store_check(struct dlt_store *st, const struct store_info *in)
{
	int	ours_id = in->app_id == STORE_APPLICATION_ID;

	if (in->app_id != 0 && !ours_id)
		return (dlt_error("'%s' is a SQLite database but not a dltriage "
		    "store", st->path));
	if (in->nobjects == 0 && in->version == 0)
		return (0);	/* empty: to be created */
	if (!ours_id && !in->marker)
		return (dlt_error("'%s' is a SQLite database but not a dltriage "
		    "store", st->path));
	if (in->version > DLT_STORE_SCHEMA_VERSION)
		return (dlt_error("store '%s' has schema version %d, newer than "
		    "this dltriage supports (%d); upgrade dltriage", st->path,
		    in->version, DLT_STORE_SCHEMA_VERSION));
	if (in->version < 1 || !in->marker)
		return (dlt_error("'%s' is not a dltriage store or is corrupt",
		    st->path));
	return (0);
}

static int
store_set_wal(struct dlt_store *st)
{
	sqlite3_stmt	*s;
	const char	*mode;
	int		 rc;

	rc = sqlite3_prepare_v2(st->db, "PRAGMA journal_mode = WAL", -1, &s,
	    NULL);
	if (rc != SQLITE_OK)
		return (store_fail(st, rc, "write"));
	rc = sqlite3_step(s);
	if (rc != SQLITE_ROW) {
		store_fail(st, rc, "write");
		sqlite3_finalize(s);
		return (-1);
	}
	mode = (const char *)sqlite3_column_text(s, 0);
	if (mode != NULL && strcmp(mode, "wal") != 0 &&
	    strcmp(mode, "memory") != 0)
		dlt_warn("store '%s' cannot use WAL mode (journal mode is '%s')",
		    st->path, mode);
	sqlite3_finalize(s);
	return (0);
}

/* Roll back the open transaction, if SQLite has not already done so. */
void
store_rollback(struct dlt_store *st)
{
	if (!sqlite3_get_autocommit(st->db))
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
}

/*
 * Bring the schema up to date, one step per transaction.  Each
 * transaction looks at the schema again under the write lock, so that two
 * processes creating the same store do not both run a step.  When there
 * is nothing to do, a write is still attempted (and rolled back) so that
 * a store that cannot be written fails here, before any work is done.
 */
static int
store_migrate(struct dlt_store *st)
{
	struct store_info	 in;
	const char *const	*sql;
	sqlite3_stmt		*s;
	int			 rc, v;

	for (;;) {
		if (store_exec(st, "BEGIN IMMEDIATE") != 0)
			return (-1);
		if (store_inspect(st, &in) != 0 || store_check(st, &in) != 0)
			goto fail;
		if (in.version == DLT_STORE_SCHEMA_VERSION) {
			if (store_exec(st, "UPDATE meta SET value = value"
			    " WHERE key = 'application'") != 0)
				goto fail;
			store_rollback(st);
			return (0);
		}
		if (migration_guards[in.version] != NULL) {
			if (store_query_int(st, migration_guards[in.version],
			    &v) != 0)
				goto fail;
			if (v != 0) {
				dlt_error("cannot migrate store '%s' to schema "
				    "version %d: it holds rows that version %d "
				    "cannot keep", st->path, in.version + 1,
				    in.version + 1);
				goto fail;
			}
		}
		for (sql = migrations[in.version]; *sql != NULL; sql++) {
			if (store_exec(st, *sql) != 0)
				goto fail;
		}
		rc = sqlite3_prepare_v2(st->db, "INSERT OR REPLACE INTO meta"
		    " (key, value) VALUES (?1, ?2)", -1, &s, NULL);
		if (rc != SQLITE_OK) {
			store_fail(st, rc, "write");
			goto fail;
		}
		sqlite3_bind_text(s, 1, in.version == 0 ? "created_by" :
		    "migrated_by", -1, SQLITE_STATIC);
		sqlite3_bind_text(s, 2, PACKAGE_NAME " " PACKAGE_VERSION, -1,
		    SQLITE_STATIC);
		rc = sqlite3_step(s);
		sqlite3_finalize(s);
		if (rc != SQLITE_DONE) {
			store_fail(st, rc, "write");
			goto fail;
		}
		if (store_query_int(st, "PRAGMA user_version", &v) != 0)
			goto fail;
		if (v != in.version + 1)
			dlt_bug("store migration step %d leaves user_version %d",
			    in.version, v);
		if (store_exec(st, "COMMIT") != 0)
			goto fail;
	}

fail:
	store_rollback(st);
	return (-1);
}

static int
store_prepare(struct dlt_store *st)
{
	int	i, rc;

	for (i = 0; i < S__COUNT; i++) {
		rc = sqlite3_prepare_v3(st->db, store_sql[i], -1,
		    SQLITE_PREPARE_PERSISTENT, &st->stmt[i], NULL);
		if (rc != SQLITE_OK)
			return (store_fail(st, rc, "read"));
	}
	return (0);
}

static void
store_free(struct dlt_store *st)
{
	int	i;

	if (st == NULL)
		return;
	for (i = 0; i < S__COUNT; i++)
		sqlite3_finalize(st->stmt[i]);
	if (st->db != NULL && sqlite3_close(st->db) != SQLITE_OK)
		dlt_warn("cannot close store '%s': %s", st->path,
		    sqlite3_errmsg(st->db));
	free(st->file_path);
	free(st->path);
	free(st);
}

int
dlt_store_open(const char *path, struct dlt_store **out)
{
	return (store_open(path, 0, out));
}

int
dlt_store_open_existing(const char *path, struct dlt_store **out)
{
	return (store_open(path, 1, out));
}

static int
store_open(const char *path, int must_exist, struct dlt_store **out)
{
	struct dlt_store	*st;
	struct store_info	 in;
	int			 busy, rc;

	*out = NULL;
	if (store_busy_timeout(&busy) != 0 ||
	    store_precheck(path, must_exist) != 0)
		return (-1);

	st = xcalloc(1, sizeof *st);
	st->path = xstrdup(path);
	st->state = STORE_IDLE;
	/*
	 * dltriage runs no threads: a connection needs no mutex taken at
	 * every call (450,000 calls list the buckets of a million failures).
	 */
	rc = sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
	if (st->db == NULL)
		dlt_die("out of memory opening store '%s'", path);
	if (rc != SQLITE_OK) {
		store_fail(st, rc, "open");
		goto fail;
	}
	sqlite3_extended_result_codes(st->db, 1);
	sqlite3_busy_timeout(st->db, busy);

	/* Refuse before anything is written. */
	if (store_inspect(st, &in) != 0 || store_check(st, &in) != 0)
		goto fail;
	if (must_exist && in.nobjects == 0 && in.version == 0) {
		dlt_error("'%s' is not a dltriage store: it is empty", path);
		goto fail;
	}
	if (sqlite3_db_readonly(st->db, "main") == 1) {
		dlt_error("cannot write store '%s': read-only", path);
		goto fail;
	}

	/*
	 * A statement that fires triggers keeps a journal of its own, to
	 * undo itself alone: in memory, not in a temporary file (half the
	 * writes of a classify run were to that file).  Foreign keys go on
	 * once the schema is current (migration_v3).
	 */
	if (store_exec(st, "PRAGMA synchronous = NORMAL") != 0 ||
	    store_exec(st, "PRAGMA temp_store = MEMORY") != 0 ||
	    store_set_wal(st) != 0 ||
	    store_migrate(st) != 0 ||
	    store_exec(st, "PRAGMA foreign_keys = ON") != 0 ||
	    store_prepare(st) != 0)
		goto fail;
	*out = st;
	return (0);

fail:
	store_free(st);
	return (-1);
}

void
dlt_store_close(struct dlt_store *st)
{
	if (st == NULL)
		return;
	if (st->state == STORE_IN_FILE)
		store_rollback(st);
	store_free(st);
}

/* Step a prepared statement to its end and make it ready for reuse. */
int
store_stmt_run(struct dlt_store *st, enum store_stmt which, const char *what)
{
	sqlite3_stmt	*s = st->stmt[which];
	int		 rc;

	while ((rc = sqlite3_step(s)) == SQLITE_ROW)
		;
	if (rc != SQLITE_DONE) {
		store_fail(st, rc, what);
		store_stmt_clear(s);
		return (-1);
	}
	store_stmt_clear(s);
	return (0);
}

void
store_stmt_clear(sqlite3_stmt *s)
{
	sqlite3_reset(s);
	sqlite3_clear_bindings(s);
}

/* Bind a string that outlives the statement's next reset; NULL binds NULL. */
void
store_bind_text(sqlite3_stmt *s, int i, const char *v)
{
	if (v == NULL)
		sqlite3_bind_null(s, i);
	else
		sqlite3_bind_text(s, i, v, -1, SQLITE_STATIC);
}

int
store_prepare_one(struct dlt_store *st, const char *sql, sqlite3_stmt **s)
{
	int	rc;

	if ((rc = sqlite3_prepare_v2(st->db, sql, -1, s, NULL)) != SQLITE_OK) {
		*s = NULL;
		return (store_fail(st, rc, "read"));
	}
	return (0);
}

char *
store_column_dup(sqlite3_stmt *s, int i)
{
	const unsigned char	*t = sqlite3_column_text(s, i);

	return (t != NULL ? xstrdup((const char *)t) : NULL);
}

long
store_column_count(sqlite3_stmt *s, int col)
{
	sqlite3_int64	v;

	if (sqlite3_column_type(s, col) != SQLITE_INTEGER)
		return (0);
	v = sqlite3_column_int64(s, col);
	if (v < 0)
		return (0);
	if (v > DLT_STORE_COUNT_MAX)
		v = DLT_STORE_COUNT_MAX;
	return (v > LONG_MAX ? LONG_MAX : (long)v);
}

long
store_count_add(long a, long b)
{
	return (a > LONG_MAX - b ? LONG_MAX : a + b);
}

int
store_bucket_columns(sqlite3_stmt *s, char *id, char **cls, char **kind,
    char **title, int *priority, char **first_seen, char **last_seen,
    long *count)
{
	const char	*v;
	size_t		 n;

	if ((v = (const char *)sqlite3_column_text(s, 0)) == NULL)
		return (-1);
	/* at most its 16 bytes, without printf: every bucket comes here */
	n = strnlen(v, DLT_BUCKET_HEXLEN);
	memcpy(id, v, n);
	id[n] = '\0';
	if ((*cls = store_column_dup(s, 1)) == NULL)
		*cls = xstrdup("unknown");
	*kind = store_column_dup(s, 2);
	if ((*title = store_column_dup(s, 3)) == NULL)
		*title = xstrdup("");
	v = (const char *)sqlite3_column_text(s, 4);
	*priority = v != NULL ? dlt_priority_parse_any(v) : DLT_PRIO_UNSET;
	if (*priority < 0)
		*priority = DLT_PRIO_UNSET;
	if ((*first_seen = store_column_dup(s, 5)) == NULL)
		*first_seen = xstrdup("");
	if ((*last_seen = store_column_dup(s, 6)) == NULL)
		*last_seen = xstrdup("");
	*count = store_column_count(s, 7);
	return (0);
}

void
store_bind_hex(sqlite3_stmt *s, int i, uint64_t v, char buf[17])
{
	dlt_hash_hex(v, buf);
	sqlite3_bind_text(s, i, buf, 16, SQLITE_STATIC);
}

int
dlt_store_begin_file(struct dlt_store *st, const char *path, int64_t size,
    uint64_t content_hash, int *unchanged)
{
	sqlite3_stmt	*s;
	int		 rc, found = 0, complete = 0;

	*unchanged = 0;
	if (st->state == STORE_IN_FILE)
		dlt_bug("store file '%s' begun while '%s' is open", path,
		    st->file_path);
	st->state = STORE_IDLE;
	snprintf(st->file_hash, sizeof st->file_hash, "%016" PRIx64,
	    content_hash);

	if (store_stmt_run(st, S_BEGIN, "write") != 0)
		return (-1);
	s = st->stmt[S_FILE_FIND];
	store_bind_text(s, 1, path);
	store_bind_text(s, 2, st->file_hash);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		found = 1;
		st->file_id = sqlite3_column_int64(s, 0);
		complete = sqlite3_column_int(s, 1);
	} else if (rc != SQLITE_DONE) {
		store_fail(st, rc, "read");
		store_stmt_clear(s);
		goto fail;
	}
	store_stmt_clear(s);

	if (found && complete) {
		/* Nothing to do: release the lock, skip what comes. */
		store_rollback(st);
		*unchanged = 1;
		st->state = STORE_SKIP;
		return (0);
	}
	if (!found) {
		/*
		 * A copy of a log classified under another path: its path is
		 * known from now on, its failures are those of the first.
		 */
		s = st->stmt[S_FILE_FIND_CONTENT];
		store_bind_text(s, 1, st->file_hash);
		store_bind_text(s, 2, path);
		rc = sqlite3_step(s);
		store_stmt_clear(s);
		if (rc == SQLITE_ROW) {
			s = st->stmt[S_FILE_COPY];
			store_bind_text(s, 1, path);
			sqlite3_bind_int64(s, 2, size);
			store_bind_text(s, 3, st->file_hash);
			if (store_stmt_run(st, S_FILE_COPY, "write") != 0 ||
			    store_stmt_run(st, S_COMMIT, "write") != 0)
				goto fail;
			*unchanged = 1;
			st->state = STORE_SKIP;
			return (0);
		} else if (rc != SQLITE_DONE) {
			store_fail(st, rc, "read");
			goto fail;
		}
	}
	if (found) {
		s = st->stmt[S_FILE_UPDATE];
		sqlite3_bind_int64(s, 1, st->file_id);
		sqlite3_bind_int64(s, 2, size);
		if (store_stmt_run(st, S_FILE_UPDATE, "write") != 0)
			goto fail;
	} else {
		s = st->stmt[S_FILE_INSERT];
		store_bind_text(s, 1, path);
		sqlite3_bind_int64(s, 2, size);
		store_bind_text(s, 3, st->file_hash);
		if (store_stmt_run(st, S_FILE_INSERT, "write") != 0)
			goto fail;
		st->file_id = sqlite3_last_insert_rowid(st->db);
	}
	free(st->file_path);
	st->file_path = xstrdup(path);
	st->state = STORE_IN_FILE;
	return (0);

fail:
	store_rollback(st);
	return (-1);
}

int
dlt_store_add_failure(struct dlt_store *st, const struct dlt_failure *f)
{
	if (st->state == STORE_SKIP)
		return (0);
	if (st->state == STORE_FAILED)
		return (-1);	/* reported when it failed */
	if (st->state != STORE_IN_FILE)
		dlt_bug("store failure added outside a file");
	if (store_insert_failure(st, st->file_id, st->file_hash,
	    f->source != NULL ? f->source : st->file_path, 0, 0, f) != 0) {
		/* Never commit half a file, whatever the caller does next. */
		store_rollback(st);
		st->state = STORE_FAILED;
		return (-1);
	}
	return (0);
}

int
store_insert_failure(struct dlt_store *st, int64_t file_id,
    const char *file_hash, const char *source, int64_t execution_id,
    int64_t mutant_id, const struct dlt_failure *f)
{
	struct strbuf	 frames = STRBUF_INIT, evidence = STRBUF_INIT;
	struct dlt_jw	 jw;
	sqlite3_stmt	*s;
	const char	*cls, *prio, *sig;
	char		 bucket[DLT_BUCKET_HEXLEN + 1];
	int		 rc = -1;

	if (f->cls < 0 || f->cls >= DLT_CLASS_COUNT ||
	    (cls = dlt_class_name(f->cls)) == NULL)
		dlt_bug("store failure with class %d", f->cls);
	if (f->bucket == 0)
		dlt_bug("store failure without a bucket id");
	dlt_bucket_hex(f->bucket, bucket);
	prio = NULL;
	if (f->priority != DLT_PRIO_UNSET)
		prio = dlt_priority_name(f->priority);
	sig = f->signature != NULL ? f->signature : "";

	dlt_jw_init(&jw, &frames, 0);
	dlt_failure_json_frames(&jw, f);
	dlt_jw_init(&jw, &evidence, 0);
	dlt_failure_json_evidence(&jw, f);

	/* The bucket first: failures.bucket references it. */
	s = st->stmt[S_BUCKET_ADD];
	store_bind_text(s, 1, bucket);
	store_bind_text(s, 2, sig);
	store_bind_text(s, 3, cls);
	store_bind_text(s, 4, f->kind);
	store_bind_text(s, 5, f->framework);
	store_bind_text(s, 6, prio);
	if (store_stmt_run(st, S_BUCKET_ADD, "write") != 0)
		goto out;

	s = st->stmt[S_FAILURE_ADD];
	sqlite3_bind_int64(s, 1, file_id);
	store_bind_text(s, 2, file_hash);
	store_bind_text(s, 3, source);
	sqlite3_bind_int64(s, 4, f->line_start);
	sqlite3_bind_int64(s, 5, f->line_end);
	store_bind_text(s, 6, cls);
	store_bind_text(s, 7, f->kind);
	store_bind_text(s, 8, f->framework);
	store_bind_text(s, 9, f->exc_type);
	store_bind_text(s, 10, f->exc_message);
	store_bind_text(s, 11, frames.buf);
	store_bind_text(s, 12, sig);
	store_bind_text(s, 13, bucket);
	store_bind_text(s, 14, f->rule);
	store_bind_text(s, 15, evidence.buf);
	store_bind_text(s, 16, prio);
	if (prio != NULL)
		sqlite3_bind_double(s, 17, f->confidence);
	sqlite3_bind_int(s, 18, f->security != 0);
	store_bind_text(s, 19, f->excerpt);
	if (execution_id != 0)
		sqlite3_bind_int64(s, 20, execution_id);
	if (mutant_id != 0)
		sqlite3_bind_int64(s, 21, mutant_id);
	if (store_stmt_run(st, S_FAILURE_ADD, "write") != 0)
		goto out;

	/* A failure already known (same file and content, lines, bucket) counts once. */
	if (sqlite3_changes(st->db) > 0) {
		s = st->stmt[S_BUCKET_BUMP];
		store_bind_text(s, 1, bucket);
		store_bind_text(s, 2, prio);
		if (store_stmt_run(st, S_BUCKET_BUMP, "write") != 0)
			goto out;
	}
	rc = 0;
out:
	strbuf_release(&frames);
	strbuf_release(&evidence);
	return (rc);
}

int
dlt_store_end_file(struct dlt_store *st)
{
	sqlite3_stmt	*s;

	if (st->state == STORE_SKIP) {
		st->state = STORE_IDLE;
		return (0);
	}
	if (st->state == STORE_FAILED) {
		st->state = STORE_IDLE;
		return (-1);	/* reported when it failed */
	}
	if (st->state != STORE_IN_FILE)
		dlt_bug("store file ended but none is open");
	s = st->stmt[S_FILE_DONE];
	sqlite3_bind_int64(s, 1, st->file_id);
	if (store_stmt_run(st, S_FILE_DONE, "write") != 0 ||
	    store_stmt_run(st, S_COMMIT, "write") != 0) {
		store_rollback(st);
		st->state = STORE_IDLE;
		return (-1);
	}
	st->state = STORE_IDLE;
	return (0);
}

void
dlt_store_abort_file(struct dlt_store *st)
{
	if (st->state == STORE_IN_FILE)
		store_rollback(st);
	st->state = STORE_IDLE;
}

/* Step a statement that yields one integer, or none (*out = 0). */
int
store_step_int(struct dlt_store *st, enum store_stmt which, int64_t *out)
{
	sqlite3_stmt	*s = st->stmt[which];
	int		 rc;

	*out = 0;
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		*out = sqlite3_column_int64(s, 0);
	else if (rc != SQLITE_DONE) {
		store_fail(st, rc, "read");
		store_stmt_clear(s);
		return (-1);
	}
	store_stmt_clear(s);
	return (0);
}

int
dlt_store_summary(struct dlt_store *st, struct dlt_store_summary *sum)
{
	sqlite3_stmt	*s;
	const char	*name;
	int64_t		 files, failures, buckets;
	int		 rc, c;

	memset(sum, 0, sizeof *sum);
	if (store_step_int(st, S_COUNT_FILES, &files) != 0 ||
	    store_step_int(st, S_COUNT_FAILURES, &failures) != 0 ||
	    store_step_int(st, S_COUNT_BUCKETS, &buckets) != 0)
		return (-1);
	sum->files = (long)files;
	sum->failures = (long)failures;
	sum->buckets = (long)buckets;
	s = st->stmt[S_COUNT_CLASSES];
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		name = (const char *)sqlite3_column_text(s, 0);
		if (name == NULL || (c = dlt_class_parse(name)) < 0 ||
		    c >= DLT_CLASS_COUNT)
			continue;
		sum->by_class[c] += (long)sqlite3_column_int64(s, 1);
	}
	if (rc != SQLITE_DONE) {
		store_fail(st, rc, "read");
		store_stmt_clear(s);
		return (-1);
	}
	store_stmt_clear(s);
	return (0);
}

const char *
dlt_store_sqlite_version(void)
{
	return (sqlite3_libversion());
}
