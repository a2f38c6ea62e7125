/*
 * store-show.h: what `dltriage show` reads back from a store: a bucket
 * found by its id or a prefix of it, its member failures with the run
 * that found them, and every bucket as near.h scores it.  Reads only.
 *
 * Every function returns 0 or -1 after a "dltriage: ..." message naming
 * the store.
 */
#ifndef DLT_STORE_SHOW_H
#define DLT_STORE_SHOW_H

#include <stddef.h>
#include <stdint.h>

struct dlt_near_item;
struct dlt_store;

/*
 * Open a store that must exist already (dlt_store_open creates one):
 * a missing path is an error, not a new empty store.  A store this
 * process may not write is opened read-only, when its schema is current;
 * then only the functions of this header may be used on it.
 */
int	dlt_store_open_read(const char *path, struct dlt_store **);

/*
 * The ids of the buckets that start with prefix (hex digits, any case),
 * in order: at most max of them in ids[] (each to be freed), and the
 * number that match in *n (which may be more than max).
 */
int	dlt_store_bucket_prefix(struct dlt_store *, const char *prefix,
	    char **ids, size_t max, size_t *n);

/* A bucket's row; the strings are owned (NULL where the column is). */
struct dlt_store_bucket_info {
	char	*id, *signature, *cls, *kind, *framework, *priority;
	char	*first_seen, *last_seen;
	long	 count;			/* distinct failures */
};
void	dlt_store_bucket_info_release(struct dlt_store_bucket_info *);
/* The bucket id (16 hex digits); *found is 0 when there is none. */
int	dlt_store_bucket_get(struct dlt_store *, const char *id,
	    struct dlt_store_bucket_info *, int *found);

/*
 * One failure with its file and, when `run` found it, its execution,
 * mutant and seed model.  The strings are NULL where the column is; in a
 * callback they last for the call, from dlt_store_member_get they are
 * owned (dlt_store_member_release).
 */
struct dlt_store_member {
	int64_t		 id, file_id;
	int64_t		 execution_id, mutant_id;	/* 0: none */
	char		*source;
	char		*path;		/* the file's path as classified */
	char		*content_hash;	/* the file's, 16 hex digits */
	int64_t		 size;		/* the file's */
	long		 line_start, line_end;
	char		*cls, *kind, *framework, *exc_type, *exc_message;
	char		*frames;	/* JSON array of strings */
	char		*signature, *bucket, *rule;
	char		*evidence;	/* JSON array of line numbers */
	char		*priority;
	double		 confidence;	/* < 0: none */
	int		 security;
	char		*excerpt;
	/* the run's, when execution_id or mutant_id is set */
	char		*operator, *mode, *model, *exec_framework;
	char		*framework_version, *status, *why;
	long		 ordinal;	/* -1: none */
	int		 exit_code;	/* -1: none */
	int		 signal;	/* 0: none */
};
void	dlt_store_member_release(struct dlt_store_member *);
/* A copy of src whose strings dst owns. */
void	dlt_store_member_copy(struct dlt_store_member *dst,
	    const struct dlt_store_member *src);
/* Failure id; *found is 0 when there is none. */
int	dlt_store_member_get(struct dlt_store *, int64_t id,
	    struct dlt_store_member *, int *found);
/* Non-zero stops the listing. */
typedef int (*dlt_store_member_fn)(const struct dlt_store_member *, void *);
/* The failures of a bucket, oldest first. */
int	dlt_store_bucket_members(struct dlt_store *, const char *bucket,
	    dlt_store_member_fn, void *);
/*
 * The same a window at a time: from the offset-th failure, at most limit
 * (the TUI reads the rows it shows; the index on bucket keeps the order).
 */
int	dlt_store_bucket_members_page(struct dlt_store *, const char *bucket,
	    size_t offset, size_t limit, dlt_store_member_fn, void *);
/* Every failure of the store, oldest first (export reads them all). */
int	dlt_store_each_member(struct dlt_store *, dlt_store_member_fn, void *);

/*
 * The evidence an execution kept (its stderr, backtrace, sanitizer
 * report...): kind, content (len bytes; may hold NUL bytes, NULL when
 * none was kept) and whether it was cut.  The pointers last for the
 * call; non-zero from fn stops the listing.
 */
typedef int (*dlt_store_text_fn)(const char *kind, const char *content,
	    size_t len, int truncated, void *);
int	dlt_store_execution_texts(struct dlt_store *, int64_t execution_id,
	    dlt_store_text_fn, void *);

/*
 * The failure as the classifier gave it, from its row, for the priority
 * model (dlt_prio_features): f borrows m's strings, but for its frames,
 * which the caller frees (f->frames[0 .. f->nframes)); the deciding
 * rule's priority hint comes from rules (NULL: none).
 */
struct dlt_failure;
struct dlt_ruleset;
void	dlt_store_member_failure(const struct dlt_store_member *,
	    const struct dlt_ruleset *rules, struct dlt_failure *f);

/* The evidence line numbers of a failure (its JSON array), at most max. */
size_t	dlt_store_member_evidence(const struct dlt_store_member *, long *out,
	    size_t max);
/*
 * A run's failure: the whole text it was classified from, which the
 * store keeps as its execution's evidence when it was not cut (the
 * evidence whose hash is the file row's).  0 with the text appended to
 * out; 1 when the store does not keep it; -1 on a store error.
 */
struct strbuf;
int	dlt_store_member_run_log(struct dlt_store *,
	    const struct dlt_store_member *, struct strbuf *out);

/*
 * The buckets of the store as near.h scores them (the first failure's
 * exception and frames), in id order: every bucket, or with block not
 * NULL those of the block of bucket block (the same framework, class and
 * exception type: the only ones near.h compares it with), which costs
 * the block's rows only.  With origins, the operators and models of
 * their run failures too (dlt_store_near_origins), which only the
 * explanations name.  *items is a new array of *n (free each with
 * dlt_near_item_release, then the array).
 */
int	dlt_store_near_items(struct dlt_store *, const char *block, int origins,
	    struct dlt_near_item **items, size_t *n);
/*
 * How many failures bucket holds, from what the store keeps of it (no
 * failure is read).
 */
int	dlt_store_bucket_failures(struct dlt_store *, const char *bucket,
	    long *n);
/* Fill it->operators and it->models (NULL when none) for it->id. */
int	dlt_store_near_origins(struct dlt_store *, struct dlt_near_item *it);

#endif
