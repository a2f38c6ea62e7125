/*
 * store-triage.h: the triager's view of the store: the unique defects
 * (buckets) with their triage decisions, and recording a decision
 * (docs/store-schema.md, table triage).
 *
 * Decisions are history: each one is a new row, never an update, and
 * the latest (by decided_at, then by row) is the bucket's status; a
 * bucket without one, or whose latest decision is a word dlt_triage_parse
 * does not know (a hand-written row), is "new".  A bucket whose status is
 * duplicate folds into the bucket its duplicate_of chain ends at: its
 * failures count there.
 *
 * Every function returns 0 on success or -1 after printing a
 * "dltriage: ..." message naming the store (callers map -1 to
 * DLT_EXIT_STORE), except where said.  None may be called while a
 * classify file is open, but dlt_store_triage_get, which classify calls
 * between its failures.
 */
#ifndef DLT_STORE_TRIAGE_H
#define DLT_STORE_TRIAGE_H

#include <stddef.h>

#include "bucket.h"

struct dlt_store;

/* A framework a bucket's failures came from, with the versions known. */
struct dlt_store_bucket_fw {
	char		 *name;
	char		**versions;	/* from the executions of run; sorted */
	size_t		  nversions;
};

/* One unique defect, folded duplicates included (see above). */
struct dlt_store_bucket {
	char		 id[DLT_BUCKET_HEXLEN + 1];
	char		*cls;		/* as stored: "crash", ... */
	char		*kind;		/* or NULL */
	char		*title;		/* the signature of its first failure */
	struct dlt_store_bucket_fw *fw;	/* sorted by name */
	size_t		 nfw;
	long		 count;		/* failures, those folded in included */
	char		*first_seen;	/* ISO 8601 UTC */
	char		*last_seen;
	int		 priority;	/* enum dlt_priority, the highest */
	double		 confidence;	/* of that priority's failures; NAN: none */
	int		 status;	/* enum dlt_triage */
	char		*duplicate_of;	/* the latest decision's, or NULL */
	char		*url;		/* the latest decision's, or NULL */
	long		 into;		/* a duplicate folded: its target's index; else -1 */
	size_t		 folded;	/* buckets folded into this one */
	int		 class_rank;	/* private: the class's place, worst first */
	/* what the folding adds up (private): by prio_rank() + 1 */
	long		 conf_n[2 + 3];	/* failures with a confidence */
	double		 conf_sum[2 + 3];
};

struct dlt_store_bucket_list {
	struct dlt_store_bucket	*v;	/* sorted by id until sorted again */
	size_t			 n;
};
#define DLT_STORE_BUCKET_LIST_INIT	{ NULL, 0 }

/* Every bucket of the store, duplicates folded; the list is the caller's. */
int	dlt_store_buckets(struct dlt_store *, struct dlt_store_bucket_list *);
void	dlt_store_bucket_list_release(struct dlt_store_bucket_list *);

/* The orders of dlt_store_buckets_sort. */
enum dlt_bucket_sort {
	DLT_BUCKET_SORT_PRIORITY,	/* worst first */
	DLT_BUCKET_SORT_COUNT,		/* most failures first */
	DLT_BUCKET_SORT_FIRST,		/* newest first sighting first */
	DLT_BUCKET_SORT_LAST		/* newest last sighting first */
};
/*
 * Sort the list.  Worst first is: priority (high, medium, low, unknown,
 * unset),
 * then class (crash, oom, timeout, inconsistency, nan, false-positive,
 * unknown), then count (most first), then id.  In every order a bucket
 * triaged false-positive comes after every other, and ties are broken
 * worst first.  The into indexes are meaningless afterwards.
 */
void	dlt_store_buckets_sort(struct dlt_store_bucket_list *,
	    enum dlt_bucket_sort);

/*
 * The bucket whose id starts with prefix (4 to 16 lower-case hex
 * digits): 0 with its id in out; 1 after a message when none does or
 * several do (naming them); -1 on a store error.
 */
int	dlt_store_bucket_resolve(struct dlt_store *, const char *prefix,
	    char out[DLT_BUCKET_HEXLEN + 1]);

/* A decision, as recorded or to record.  The struct owns its strings. */
struct dlt_store_triage {
	int	 status;		/* enum dlt_triage */
	char	*decision;		/* the word as stored */
	char	*duplicate_of;		/* or NULL */
	char	*url;			/* or NULL */
	char	*note;			/* or NULL */
	char	*author;		/* or NULL */
	char	*decided_at;		/* ISO 8601 UTC */
};
void	dlt_store_triage_release(struct dlt_store_triage *);

/*
 * The latest decision about bucket (16 hex digits); *found is 0 when
 * there is none (and t->status is DLT_TRIAGE_NEW).
 */
int	dlt_store_triage_get(struct dlt_store *, const char *bucket,
	    struct dlt_store_triage *t, int *found);

/* *any is set when the store holds a decision about some bucket. */
int	dlt_store_triage_any(struct dlt_store *, int *any);

/* Every decision about bucket, oldest first; non-zero stops. */
typedef int (*dlt_store_triage_fn)(const struct dlt_store_triage *, void *);
int	dlt_store_triage_history(struct dlt_store *, const char *bucket,
	    dlt_store_triage_fn, void *);

/*
 * Record a decision about bucket (an id of the store) now, in one
 * transaction.  A duplicate needs duplicate_of, another bucket of the
 * store, whose own chain of duplicates does not lead back to bucket:
 * otherwise 1 after a message naming the loop, and nothing is written.
 */
int	dlt_store_triage_add(struct dlt_store *, const char *bucket, int status,
	    const char *duplicate_of, const char *url, const char *note,
	    const char *author);

/*
 * What `dltriage triage` and the TUI both do to record a decision:
 * check that the status has what it needs (duplicate a duplicate_of,
 * reported a url; nothing else a duplicate_of), resolve duplicate_of (a
 * prefix of 4 to 16 hex digits) to its bucket, take the default author
 * when author is NULL, and record it (dlt_store_triage_add).  0; 1 after
 * a message when it is refused (nothing written); -1 on a store error.
 * With target not NULL, the resolved duplicate_of is copied there.
 */
int	dlt_store_triage_decide(struct dlt_store *, const char *bucket,
	    int status, const char *duplicate_of, const char *url,
	    const char *note, const char *author,
	    char target[DLT_BUCKET_HEXLEN + 1]);
/* $USER, else the name of the user we run as, else NULL. */
const char *dlt_triage_default_author(void);

#endif
