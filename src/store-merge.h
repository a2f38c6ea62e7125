/*
 * store-merge.h: merging stores (`dltriage merge`).  Every row of an
 * input is identified by its natural key (docs/store-schema.md, "Merging
 * stores"), never by its rowid, so merging the same input twice adds
 * nothing and shards of one campaign become one campaign.
 */
#ifndef DLT_STORE_MERGE_H
#define DLT_STORE_MERGE_H

struct dlt_store;

/* Rows added to the output, by table. */
struct dlt_store_merge_stats {
	long	campaigns;
	long	models;
	long	mutants;
	long	executions;
	long	evidence;
	long	comparisons;
	long	files;
	long	failures;
	long	buckets;
	long	triage;
};

/*
 * Check, without writing it, that path is a dltriage store that this
 * dltriage can read: 0 and its schema version in *version (0: an empty
 * database, nothing to merge), or -1 after a message naming it (not a
 * store, corrupt, newer schema, unreadable).
 */
int	dlt_store_merge_check(const char *path, int *version);

/*
 * Add the rows of the store at path (checked first) to st in one
 * transaction; adds what was added to *stats.  An input that cannot be
 * merged leaves st as it was.
 */
int	dlt_store_merge(struct dlt_store *st, const char *path,
	    struct dlt_store_merge_stats *stats);

#endif
