/*
 * store-page.h: the store read a window at a time, for the TUI: a page of
 * the unique defects in the order of `dltriage buckets`, filtered; a
 * page of one bucket's failures; a mutant with its seed; and the cheap
 * figures the campaign screen polls.  Every query reads the rows it
 * returns and what SQLite must look at to order them (the buckets table,
 * never the failures of other buckets), so that a store of a million
 * failures shows its first screen at once.
 *
 * Statements are prepared per call, as in store-show.c, so that a store
 * opened read-only (dlt_store_open_read) may be read too.  Every
 * function returns 0, or -1 after a "dltriage: ..." message naming the
 * store.
 */
#ifndef DLT_STORE_PAGE_H
#define DLT_STORE_PAGE_H

#include <stddef.h>
#include <stdint.h>

#include "bucket.h"
#include "store-show.h"
#include "store-triage.h"

struct dlt_store;

/*
 * What the rows must match; NULL (or -1) matches everything.  Unlike
 * `buckets`, duplicates are listed as themselves (status duplicate), not
 * folded into their target: folding needs every bucket at once.
 */
struct dlt_page_filter {
	const char	*cls;		/* "crash", ... */
	const char	*framework;	/* among the bucket's failures */
	int		 priority;	/* enum dlt_priority; -2: any */
	int		 status;	/* enum dlt_triage; -1: any */
	const char	*text;		/* in the title or id, any case */
};
#define DLT_PAGE_FILTER_INIT	{ NULL, NULL, -2, -1, NULL }

/* One row of the defects list.  The strings are owned. */
struct dlt_page_bucket {
	char	 id[DLT_BUCKET_HEXLEN + 1];
	char	*cls, *kind, *title;
	char	*frameworks;	/* "jax,pytorch": those of its first failures */
	char	*first_seen, *last_seen;
	long	 count;
	int	 priority;	/* enum dlt_priority */
	int	 status;	/* enum dlt_triage */
	char	*duplicate_of, *url;	/* the latest decision's, or NULL */
};
void	dlt_page_bucket_release(struct dlt_page_bucket *);

/* Non-zero from fn stops; the row lasts for the call. */
typedef int (*dlt_page_bucket_fn)(const struct dlt_page_bucket *, size_t index,
	    void *);
/*
 * The buckets that match f, in sort order (as dlt_store_buckets_sort
 * orders them), from row offset, at most limit (0: to the end).  With
 * frameworks set, each row's frameworks are looked up (among the first
 * DLT_PAGE_FW_SCAN failures of the bucket); without, only the bucket's
 * own (its first failure's).
 */
#define DLT_PAGE_FW_SCAN	16
int	dlt_store_page_buckets(struct dlt_store *, const struct dlt_page_filter *,
	    enum dlt_bucket_sort, size_t offset, size_t limit, int frameworks,
	    dlt_page_bucket_fn, void *);
/*
 * The ids of the buckets that match f, in sort order: *ids is a new
 * array of *n (the caller frees it).  This orders the buckets table once
 * (a few tens of milliseconds for tens of thousands of buckets), so that
 * a window then costs only its rows (dlt_store_page_rows).
 */
typedef char dlt_page_id[DLT_BUCKET_HEXLEN + 1];
int	dlt_store_page_order(struct dlt_store *, const struct dlt_page_filter *,
	    enum dlt_bucket_sort, dlt_page_id **ids, size_t *n);
/*
 * The rows of the buckets ids[0 .. n), in that order, with their
 * frameworks (as dlt_store_page_buckets with frameworks set); index is
 * first + the position in ids.  A bucket no longer in the store is
 * skipped.
 */
int	dlt_store_page_rows(struct dlt_store *, const dlt_page_id *ids,
	    size_t n, size_t first, dlt_page_bucket_fn, void *);

/* A mutant of a run, with the seed model it was made from. */
struct dlt_page_mutant {
	int64_t	 id;
	char	*operator, *mode, *position, *params, *repaired, *model;
	long	 ordinal;
	char	*ir;		/* the mutant's IR as JSON */
	char	*seed_ir;	/* the seed model's (ordinal 0), or NULL */
};
void	dlt_page_mutant_release(struct dlt_page_mutant *);
/* *found is 0 when there is no mutant id. */
int	dlt_store_page_mutant(struct dlt_store *, int64_t id,
	    struct dlt_page_mutant *, int *found);

/* What the campaign screen shows, read again only when the store changed. */
struct dlt_page_campaign {
	long	 failures, buckets, executions, mutants;
	long	 by_class[8];		/* failures, by enum dlt_class */
	char	*name;			/* the latest campaign's, or NULL */
	char	*created_at, *finished_at;
};
void	dlt_page_campaign_release(struct dlt_page_campaign *);
int	dlt_store_page_campaign(struct dlt_store *, struct dlt_page_campaign *);
/*
 * A number that changes whenever another connection commits to the store
 * (PRAGMA data_version), to poll cheaply.
 */
int	dlt_store_page_version(struct dlt_store *, int64_t *);
/* 1 when the store was opened for writing (triage decisions may be made). */
int	dlt_store_page_writable(const struct dlt_store *);

#endif
