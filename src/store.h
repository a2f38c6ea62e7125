/*
 * store.h: the SQLite store.  Only store.c includes sqlite3.h.
 *
 * One file per campaign or classify session, WAL mode, schema version in
 * PRAGMA user_version, migrated forward on open; prepared statements
 * only.  A store from a newer dltriage is refused, never modified.
 *
 * Every function returns 0 on success or -1 after printing a
 * "dltriage: ..." message naming the store; callers map -1 to
 * DLT_EXIT_STORE.
 */
#ifndef DLT_STORE_H
#define DLT_STORE_H

#include <stdint.h>

struct dlt_failure;
struct dlt_store;

#define DLT_STORE_SCHEMA_VERSION 1

/* Open (creating when absent) and migrate. */
int	dlt_store_open(const char *path, struct dlt_store **);
void	dlt_store_close(struct dlt_store *);

/*
 * A classify session over files.  begin_file records (or finds) the
 * file row for path with its size and content hash; *unchanged is set
 * when the same path with the same content was already fully classified,
 * so the caller may skip it.  add_failure inserts a failure unless an
 * identical one (same file content, line range, bucket) exists; the
 * bucket row is created or its count bumped.  end_file marks the file
 * complete and commits: a crash between files loses nothing finished.
 */
int	dlt_store_begin_file(struct dlt_store *, const char *path, int64_t size,
	    uint64_t content_hash, int *unchanged);
int	dlt_store_add_failure(struct dlt_store *, const struct dlt_failure *);
int	dlt_store_end_file(struct dlt_store *);
/* Roll back the current file (on error). */
void	dlt_store_abort_file(struct dlt_store *);

struct dlt_store_summary {
	long	files;
	long	failures;
	long	buckets;
	long	by_class[8];	/* indexed by enum dlt_class */
};
int	dlt_store_summary(struct dlt_store *, struct dlt_store_summary *);

const char *dlt_store_sqlite_version(void);

#endif
