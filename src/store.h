/*
 * store.h: the SQLite store.  Only store.c includes sqlite3.h.
 *
 * One file per campaign or classify session, WAL mode, schema version in
 * PRAGMA user_version, migrated forward on open; prepared statements
 * only.  A store from a newer dltriage is refused, never modified.  The
 * tables are described in docs/store-schema.md.
 *
 * Every function returns 0 on success or -1 after printing a
 * "dltriage: ..." message naming the store; callers map -1 to
 * DLT_EXIT_STORE.
 *
 * Opening refuses, without modifying the file, a file that is not SQLite
 * or is corrupt, another program's SQLite database, a newer schema, a
 * read-only file or directory, a missing directory and a store still
 * locked by another process after the busy timeout (5000 ms, or
 * DLTRIAGE_BUSY_TIMEOUT in ms).  Open before doing any work: a store
 * that cannot be written fails there.
 */
#ifndef DLT_STORE_H
#define DLT_STORE_H

#include <stdint.h>

struct dlt_failure;
struct dlt_store;

#define DLT_STORE_SCHEMA_VERSION 6

/* Open (creating when absent) and migrate. */
int	dlt_store_open(const char *path, struct dlt_store **);
/*
 * Open a store that exists, and migrate it: a missing file ("store 'x'
 * does not exist") and an empty database are refused like a file that is
 * not a store, for the commands that read what is there (buckets,
 * triage).
 */
int	dlt_store_open_existing(const char *path, struct dlt_store **);
void	dlt_store_close(struct dlt_store *);

/*
 * A classify session over files.  begin_file records (or finds) the
 * file row for path with its size and content hash; *unchanged is set
 * when the same path with the same content was already fully classified,
 * so the caller may skip it.  add_failure inserts a failure unless an
 * identical one (same file content, line range, bucket) exists; the
 * bucket row is created or its count bumped.  end_file marks the file
 * complete and commits: a crash between files loses nothing finished.
 *
 * begin_file opens a write transaction (it waits out the busy timeout
 * like open), except when it sets *unchanged: then nothing is held, and
 * add_failure, end_file and abort_file do nothing until the next
 * begin_file, so the caller may either skip the file or go through it.
 * An error from add_failure rolls the file back at once; later calls
 * for that file return -1 without a new message until abort_file (which
 * the caller should call after any error) or the next begin_file.
 * close rolls back a file still open.
 */
int	dlt_store_begin_file(struct dlt_store *, const char *path, int64_t size,
	    uint64_t content_hash, int *unchanged);
int	dlt_store_add_failure(struct dlt_store *, const struct dlt_failure *);
int	dlt_store_end_file(struct dlt_store *);
/* Roll back the current file (on error). */
void	dlt_store_abort_file(struct dlt_store *);

/* Totals over the whole store: complete files, failures, buckets. */
struct dlt_store_summary {
	long	files;
	long	failures;
	long	buckets;
	long	by_class[8];	/* indexed by enum dlt_class */
};
int	dlt_store_summary(struct dlt_store *, struct dlt_store_summary *);

/* The SQLite library's version (sqlite3_libversion()). */
const char *dlt_store_sqlite_version(void);

#endif
