/*
 * store-campaign.h: what `dltriage run` records in the store: campaigns,
 * their seed models, mutants, executions with their evidence, failures
 * and comparisons (docs/store-schema.md, version 2).
 *
 * A campaign is identified by its config hash: opening the same
 * configuration again finds the same campaign, which is how a run
 * resumes.  The config hash is the runner's hash of everything that
 * decides the plan and its executions, without the shard split, so that
 * every shard of one campaign has the same one and `dltriage merge`
 * joins them into one campaign.
 *
 * Mutants are identified by (campaign, model, ordinal), the mutant's
 * index in the campaign's deterministic plan (the seed model itself is
 * ordinal 0, operator "seed"); adding one again finds it.  An execution
 * is one mutant on one framework, recorded once, when it has finished,
 * with everything that belongs to it in one transaction: a kill at any
 * moment loses only executions in flight, and none is recorded twice.
 *
 * The store must be idle (no classify file open).  Every function
 * returns 0 on success or -1 after printing a "dltriage: ..." message
 * naming the store (callers map -1 to DLT_EXIT_STORE), except where
 * said.  Strings are borrowed for the length of the call.  Ids are the
 * store's rowids, valid in this store only.
 */
#ifndef DLT_STORE_CAMPAIGN_H
#define DLT_STORE_CAMPAIGN_H

#include <stddef.h>
#include <stdint.h>

struct dlt_failure;
struct dlt_store;

/* Evidence content kept per row, in bytes; the rest is cut (truncated). */
#define DLT_STORE_EVIDENCE_CAP	65536

struct dlt_store_campaign {
	const char	*name;		/* or NULL */
	const char	*config_json;	/* the configuration, for people and reproduce */
	const char	*config_hash;	/* identity (16 hex digits, by convention) */
	uint64_t	 seed;
	const char	*mode;		/* "aware", "generic", or NULL */
	int		 shard_index;	/* 0 .. shard_count - 1 */
	int		 shard_count;	/* 1: not sharded */
};

/*
 * Find the campaign with c->config_hash, or create it.  *resumed is set
 * when it was there: it is marked unfinished again, and when this run's
 * shard is not the one recorded, the shard becomes NULL (several).
 */
int	dlt_store_campaign_open(struct dlt_store *,
	    const struct dlt_store_campaign *c, int64_t *campaign_id,
	    int *resumed);
/* Set the campaign's finished_at to now. */
int	dlt_store_campaign_finish(struct dlt_store *, int64_t campaign_id);

/* Find or add a seed model, identified by (name, content hash). */
int	dlt_store_model_add(struct dlt_store *, const char *name,
	    const char *path, uint64_t content_hash, uint64_t seed,
	    int64_t *model_id);

struct dlt_store_mutant {
	int64_t		 campaign_id;
	int64_t		 model_id;
	long		 ordinal;	/* 0: the seed model itself */
	const char	*op;		/* operator: "seed", "LD", "DT", ... */
	const char	*mode;		/* "aware", "generic", or NULL */
	uint64_t	 seed;
	const char	*position;	/* where it applied, or NULL */
	const char	*params_json;	/* or NULL */
	int64_t		 parent_id;	/* a mutant of this store, or 0 */
	const char	*ir_json;	/* the mutant's IR, so reproduce needs no file */
	uint64_t	 ir_hash;
	const char	*repaired;	/* what aware mode repaired, or NULL */
};

/*
 * Find or add a mutant.  When (campaign, model, ordinal) is there with
 * another IR hash or operator, the plan is not the one recorded: that is
 * an error ("mutant N of model M differs from the one recorded").
 */
int	dlt_store_mutant_add(struct dlt_store *, const struct dlt_store_mutant *,
	    int64_t *mutant_id);
/* equivalent: 1, 0, or -1 for unknown (NULL). */
int	dlt_store_mutant_equivalent(struct dlt_store *, int64_t mutant_id,
	    int equivalent);

/*
 * *done is set when mutant ordinal of model_id in the campaign has a
 * recorded execution on framework: the runner skips it on resume.
 */
int	dlt_store_execution_done(struct dlt_store *, int64_t campaign_id,
	    int64_t model_id, long ordinal, const char *framework, int *done);

/* One piece of captured evidence; content may hold any bytes. */
struct dlt_store_evidence {
	const char	*kind;	/* stdout stderr backtrace thread-dump sanitizer result */
	const char	*content;	/* or NULL */
	size_t		 len;
	const char	*path;	/* the file in the run directory, or NULL */
};

/* One output compared between two frameworks. */
struct dlt_store_comparison {
	const char	*output;
	const char	*framework_a;
	const char	*framework_b;
	const char	*dtype;		/* or NULL */
	double		 max_abs, max_rel, d_mad;	/* NAN: NULL */
	const char	*verdict;	/* "consistent", "inconsistent", ... */
	double		 rtol, atol;
};

/* A failure found by an oracle, about one framework's run or none. */
struct dlt_store_oracle_failure {
	const struct dlt_failure *failure;	/* finished: bucket set */
	const char	*framework;	/* its execution on this mutant, or NULL */
};

struct dlt_store_execution {
	int64_t		 mutant_id;
	const char	*framework;
	const char	*framework_version;	/* or NULL */
	const char	*python;	/* interpreter path, or NULL */
	const char	*isolation;	/* spawn, fork, worker, or NULL */
	const char	*status;	/* ok rejected crashed timeout oom harness */
	const char	*harness_status;	/* the harness's word, or NULL */
	int		 exit_code;	/* -1: none (killed by a signal) */
	int		 signal;	/* 0: none */
	int		 core;		/* a core was dumped */
	int		 timed_out;
	int64_t		 wall_ms;	/* -1: unknown */
	int64_t		 rss_kb;	/* -1: unknown */
	const char	*started_at;	/* ISO 8601 UTC, or NULL */
	const char	*finished_at;	/* NULL: now */
	const char	*dir;		/* the run directory, or NULL */
	const char	*result_json;	/* the harness's record, or NULL */
	const char	*why;		/* the runner's reason, or NULL */

	const struct dlt_store_evidence *evidence;
	size_t		 nevidence;

	/*
	 * The text that was classified (the stderr, usually) and the
	 * failures found in it, finished (bucket set).  With log non-NULL a
	 * files row "run:KEY/FRAMEWORK/stderr" is made for it, even
	 * without failures.
	 */
	const char	*log;
	size_t		 loglen;
	const struct dlt_failure *failures;
	size_t		 nfailures;

	/*
	 * The mutant's oracles, when this execution completes them (it is
	 * the mutant's last framework): comparisons, and failures with the
	 * oracle report they point into (one line per finding; a files row
	 * "run:KEY/oracles").  equivalent: 1, 0, or -1 to leave it.
	 */
	const struct dlt_store_comparison *comparisons;
	size_t		 ncomparisons;
	const char	*oracle_log;
	size_t		 oracle_loglen;
	const struct dlt_store_oracle_failure *oracle_failures;
	size_t		 noracle_failures;
	int		 equivalent;
};

/* An execution with everything empty or unknown; set what is known. */
void	dlt_store_execution_init(struct dlt_store_execution *);

/*
 * Record a finished execution with all of the above in one transaction.
 * 0: recorded, and *execution_id (may be NULL) is its id; 1: (mutant,
 * framework) was already recorded and nothing was written; -1: error,
 * and nothing was written.
 */
int	dlt_store_execution_record(struct dlt_store *,
	    const struct dlt_store_execution *, int64_t *execution_id);

/* The executions' statuses, in the order of the summary's by_status. */
enum dlt_store_status {
	DLT_STORE_OK,
	DLT_STORE_REJECTED,
	DLT_STORE_CRASHED,
	DLT_STORE_TIMEOUT,
	DLT_STORE_OOM,
	DLT_STORE_HARNESS,
	DLT_STORE_ILLEGAL,
	DLT_STORE_STATUS_COUNT
};
extern const char *const dlt_store_status_names[];	/* DLT_STORE_STATUS_COUNT */

/* A campaign's counts, for the runner's end-of-run report. */
struct dlt_store_campaign_summary {
	long	mutants;
	long	equivalent;
	long	executions;
	long	by_status[DLT_STORE_STATUS_COUNT];
	long	harness_errors;		/* by_status[DLT_STORE_HARNESS] */
	long	failures;
	long	failures_by_class[8];	/* indexed by enum dlt_class */
	long	buckets;
	long	buckets_by_class[8];
};
int	dlt_store_campaign_summary(struct dlt_store *, int64_t campaign_id,
	    struct dlt_store_campaign_summary *);

/* One unique defect of a campaign; the strings last for the callback. */
struct dlt_store_defect {
	const char	*bucket;
	const char	*cls;
	const char	*kind;
	const char	*priority;	/* or NULL */
	long		 count;		/* failures of the campaign in it */
	const char	*frameworks;	/* "pytorch,jax" */
	const char	*signature;
	const char	*decision;	/* the latest triage decision, or NULL */
};
/* Non-zero stops the listing. */
typedef int (*dlt_store_defect_fn)(const struct dlt_store_defect *, void *);
/*
 * The campaign's unique defects, worst first: real classes before false
 * positives (a bucket a triager marked false-positive counts as one),
 * then by priority, then by count.
 */
int	dlt_store_campaign_defects(struct dlt_store *, int64_t campaign_id,
	    dlt_store_defect_fn, void *);

/*
 * What `dltriage reproduce` reads back.  The structs own their strings
 * (NULL where the column is NULL); their _release frees them.
 */
struct dlt_store_exec_info {
	int64_t	 id, campaign_id, mutant_id;
	char	*framework;		/* the target's label */
	char	*framework_version;	/* or NULL */
	char	*python;		/* the interpreter's path, or NULL */
	char	*status;		/* ok rejected crashed timeout oom harness */
	char	*harness_status;	/* or NULL */
	char	*why;			/* the runner's reason, or NULL */
	int	 exit_code;		/* -1: none */
	int	 signal;		/* 0: none */
	char	*dir;			/* the run directory, or NULL */
	char	*op;			/* the mutant's operator ("seed") */
	long	 ordinal;
	char	*ir_json;		/* the mutant's IR */
	char	*model;			/* the seed model's name */
	char	*config_json;		/* the campaign's */
	char	*config_hash;
	char	*campaign_created;	/* the campaign's created_at */
	char	*dltriage_version;	/* that ran the campaign */
	uint64_t campaign_seed, mutant_seed;
	char	*started_at;		/* the execution's, or NULL */
	char	*isolation;		/* spawn, fork, worker, or NULL */
};
void	dlt_store_exec_info_release(struct dlt_store_exec_info *);
/* Execution id with its mutant; *found is 0 when there is none. */
int	dlt_store_execution_get(struct dlt_store *, int64_t id,
	    struct dlt_store_exec_info *, int *found);

struct dlt_store_failure_info {
	int64_t	 id;
	int64_t	 execution_id, mutant_id;	/* 0: NULL */
	char	*cls, *kind, *framework, *bucket, *signature, *rule;
	char	*exc_type, *exc_message;	/* or NULL */
};
void	dlt_store_failure_info_release(struct dlt_store_failure_info *);
/* Failure id; *found is 0 when there is none. */
int	dlt_store_failure_get(struct dlt_store *, int64_t id,
	    struct dlt_store_failure_info *, int *found);
/*
 * The first member of bucket (16 hex digits): the oldest failure that a
 * run found, else the oldest of classify.  *found is 0 when the bucket
 * has no failure in this store.
 */
int	dlt_store_bucket_failure(struct dlt_store *, const char *bucket,
	    struct dlt_store_failure_info *, int *found);
/* Non-zero stops the listing; the struct lasts for the callback. */
typedef int (*dlt_store_failure_fn)(const struct dlt_store_failure_info *,
	    void *);
/* The failures found in an execution, oldest first. */
int	dlt_store_execution_failures(struct dlt_store *, int64_t execution_id,
	    dlt_store_failure_fn, void *);
/*
 * The executions of a mutant, oldest first, in *ids (the caller frees;
 * NULL when there is none).
 */
int	dlt_store_mutant_executions(struct dlt_store *, int64_t mutant_id,
	    int64_t **ids, size_t *n);
/* The comparisons of a mutant; the struct lasts for the callback. */
typedef int (*dlt_store_comparison_fn)(const struct dlt_store_comparison *,
	    void *);
int	dlt_store_mutant_comparisons(struct dlt_store *, int64_t mutant_id,
	    dlt_store_comparison_fn, void *);

#endif
