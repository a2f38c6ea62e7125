/*
 * store-export.h: what `dltriage export` reads from a store besides the
 * failures (store-show.h lists those): every bucket with what its first
 * failure says about it, every execution of `run` with its mutant, and
 * every file classified.  Reads only; open the store with
 * dlt_store_open_existing.
 *
 * Every function returns 0 or -1 after a "dltriage: ..." message naming
 * the store.  A callback's strings last for the call (NULL where the
 * column is); non-zero from it stops the listing.
 */
#ifndef DLT_STORE_EXPORT_H
#define DLT_STORE_EXPORT_H

#include <stdint.h>

struct dlt_store;

/* A bucket, with the rule, frames and exception of its first failure. */
struct dlt_store_xbucket {
	const char	*id, *signature, *cls, *kind, *framework, *priority;
	const char	*first_seen, *last_seen;
	long		 count;		/* distinct failures */
	const char	*rule;		/* the first failure's deciding rule */
	const char	*frames;	/* its frames, a JSON array of strings */
	const char	*exc_type;
	int		 security;	/* any of its failures */
};
typedef int (*dlt_store_xbucket_fn)(const struct dlt_store_xbucket *, void *);
/* In order of first_seen, then id. */
int	dlt_store_each_bucket(struct dlt_store *, dlt_store_xbucket_fn,
	    void *);

/* An execution of `run`, with its mutant and seed model. */
struct dlt_store_xexec {
	int64_t		 id, mutant_id;
	const char	*model, *operator, *framework, *framework_version;
	const char	*status, *why, *finished_at;
	long		 ordinal;	/* -1: none */
	int		 exit_code;	/* -1: none */
	int		 signal;	/* 0: none */
	int64_t		 wall_ms;	/* -1: unknown */
};
typedef int (*dlt_store_xexec_fn)(const struct dlt_store_xexec *, void *);
/* In order of mutant, then id. */
int	dlt_store_each_execution(struct dlt_store *, dlt_store_xexec_fn,
	    void *);

/* A file classify read (or a log of run's: its path starts "run:"). */
typedef int (*dlt_store_xfile_fn)(int64_t id, const char *path,
	    const char *classified_at, void *);
/* In order of id. */
int	dlt_store_each_file(struct dlt_store *, dlt_store_xfile_fn, void *);

#endif
