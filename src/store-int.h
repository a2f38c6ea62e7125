/*
 * store-int.h: what the files of the store module share (store.c,
 * store-campaign.c, store-merge.c, store-triage.c): the store's struct,
 * its prepared statements and the helpers that run them.  Only store*.c
 * include it.
 * It names SQLite's types by their struct tags, so that it need not
 * include sqlite3.h (which only store*.c may).
 */
#ifndef DLT_STORE_INT_H
#define DLT_STORE_INT_H

#include <stdint.h>

struct dlt_failure;
struct sqlite3;
struct sqlite3_stmt;

/* PRAGMA application_id of a dltriage store: "DLTR" at offset 68. */
#define STORE_APPLICATION_ID	1145852946
#define STORE_NOW		"strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"

enum store_state {
	STORE_IDLE,		/* no file open */
	STORE_IN_FILE,		/* begin_file opened a write transaction */
	STORE_SKIP,		/* begin_file found the file unchanged */
	STORE_FAILED		/* a write failed: the file was rolled back */
};

/* The statements prepared once per store; their SQL is in store.c. */
enum store_stmt {
	S_BEGIN,
	S_COMMIT,
	S_FILE_FIND,
	S_FILE_FIND_CONTENT,
	S_FILE_COPY,
	S_FILE_INSERT,
	S_FILE_UPDATE,
	S_FILE_DONE,
	S_BUCKET_ADD,
	S_FAILURE_ADD,
	S_BUCKET_BUMP,
	S_COUNT_FILES,
	S_COUNT_FAILURES,
	S_COUNT_BUCKETS,
	S_COUNT_CLASSES,
	/* campaigns (store-campaign.c) */
	S_CAMPAIGN_FIND,
	S_CAMPAIGN_INSERT,
	S_CAMPAIGN_RESUME,
	S_CAMPAIGN_FINISH,
	S_MODEL_ADD,
	S_MODEL_FIND,
	S_MUTANT_ADD,
	S_MUTANT_FIND,
	S_MUTANT_KEY,
	S_MUTANT_EQUIVALENT,
	S_EXEC_DONE,
	S_EXEC_ADD,
	S_EXEC_FIND,
	S_EVIDENCE_ADD,
	S_COMPARISON_ADD,
	S_SUM_MUTANTS,
	S_SUM_STATUS,
	S_SUM_FAILURES,
	S_SUM_BUCKETS,
	S_CAMPAIGN_DEFECTS,
	/* reproduce's reads (store-campaign.c) */
	S_EXEC_GET,
	S_FAILURE_GET,
	S_BUCKET_FAILURE,
	S_EXEC_FAILURES,
	S_MUTANT_EXECS,
	S_MUTANT_COMPARISONS,
	/* buckets and triage (store-triage.c) */
	S_TRIAGE_BUCKETS,
	S_TRIAGE_PRIORITIES,
	S_TRIAGE_FRAMEWORKS,
	S_TRIAGE_LATEST_ALL,
	S_TRIAGE_LATEST,
	S_TRIAGE_HISTORY,
	S_TRIAGE_ADD,
	S_TRIAGE_ANY,
	S_BUCKET_PREFIX,
	/* merge (store-merge.c) */
	S_ATTACH,
	S__COUNT
};

struct dlt_store {
	char			*path;
	struct sqlite3		*db;
	struct sqlite3_stmt	*stmt[S__COUNT];
	enum store_state	 state;
	int64_t			 file_id;	/* of the open file */
	char			*file_path;	/* of the open file */
	char			 file_hash[17];	/* its content hash, hex */
};

/* What a look at an existing database found. */
struct store_info {
	int	app_id;		/* PRAGMA application_id */
	int	version;	/* PRAGMA user_version */
	int	nobjects;	/* rows of sqlite_master */
	int	marker;		/* meta holds application = dltriage */
};

/* Report a SQLite error as one message naming the store; returns -1. */
int	store_fail(struct dlt_store *, int, const char *what);
/* Run constant SQL (no values) to completion. */
int	store_exec(struct dlt_store *, const char *);
/* Run a constant query that yields one integer. */
int	store_query_int(struct dlt_store *, const char *, int *);
/* Look at what the database holds, without writing; refuse what is not ours. */
int	store_inspect(struct dlt_store *, struct store_info *);
int	store_check(struct dlt_store *, const struct store_info *);
/* Roll back the open transaction, if SQLite has not already done so. */
void	store_rollback(struct dlt_store *);
/* Step a prepared statement to its end and reset it for reuse. */
int	store_stmt_run(struct dlt_store *, enum store_stmt, const char *what);
void	store_stmt_clear(struct sqlite3_stmt *);
/* Step a statement that yields one integer, or none (*out = 0); 0 or -1. */
int	store_step_int(struct dlt_store *, enum store_stmt, int64_t *);
/* Bind a string that outlives the next reset; NULL binds NULL. */
void	store_bind_text(struct sqlite3_stmt *, int, const char *);
/* Bind v as 16 hex digits written into buf, which must outlive the reset. */
void	store_bind_hex(struct sqlite3_stmt *, int, uint64_t, char buf[17]);
/*
 * Prepare sql for one use (the reads of a store opened read-only, which
 * has no statements of its own): 0, or -1 after a message.
 */
int	store_prepare_one(struct dlt_store *, const char *sql,
	    struct sqlite3_stmt **);
/* A copy of a text column, or NULL when it is NULL. */
char	*store_column_dup(struct sqlite3_stmt *, int);
/*
 * A count column (failures, executions...) as a count: NULL, negative
 * or not a number is 0, and anything above DLT_STORE_COUNT_MAX is
 * that, so that sums of counts read from a store someone edited cannot
 * overflow.
 */
#define DLT_STORE_COUNT_MAX	((int64_t)1 << 40)	/* or LONG_MAX, if less */
long	store_column_count(struct sqlite3_stmt *, int);
/* a + b for counts, at most LONG_MAX. */
long	store_count_add(long, long);
/*
 * The columns id, class, kind, signature, priority, first_seen,
 * last_seen and count of a buckets row, from column 0, as the listings
 * show them: a missing class is "unknown", a missing signature or time
 * "", a priority no dltriage wrote unset.  0, or -1 (nothing set) for a
 * row without an id.
 */
int	store_bucket_columns(struct sqlite3_stmt *, char *id, char **cls,
	    char **kind, char **title, int *priority, char **first_seen,
	    char **last_seen, long *count);

/*
 * Insert one failure of file file_id (content hash file_hash, hex),
 * found by execution execution_id of mutant mutant_id (0: none), unless
 * the same one (file, lines, bucket) is there; create or bump its
 * bucket.  Inside the caller's transaction; -1 after a message, and the
 * caller rolls back.
 */
int	store_insert_failure(struct dlt_store *, int64_t file_id,
	    const char *file_hash, const char *source, int64_t execution_id,
	    int64_t mutant_id,
	    const struct dlt_failure *);

#endif
