/*
 * runner-repro.h: one recorded execution of a campaign run again, in a
 * fresh process through the runner's execution pool and classified by
 * the same rules (dltriage reproduce, and each trial of report's
 * reduction), and the standalone Python script that rebuilds the mutant
 * and shows the failure without dltriage.
 */
#ifndef DLT_RUNNER_REPRO_H
#define DLT_RUNNER_REPRO_H

#include <stddef.h>
#include <stdint.h>

#include "store-campaign.h"

struct dlt_repro_pool;
struct dlt_ruleset;
struct dlt_store;

/* What an operand names. */
enum dlt_repro_kind {
	DLT_REPRO_EXECUTION,
	DLT_REPRO_FAILURE,
	DLT_REPRO_BUCKET
};

/*
 * The recorded facts to compare with and where they came from (set st,
 * db and quiet, then dlt_repro_resolve), the model to run instead of the
 * recorded one, and what the last dlt_repro_rerun saw.
 */
struct dlt_repro {
	struct dlt_store		*st;
	const char			*db;
	int				 quiet;
	const char			*subdir;	/* under STORE.d: "reproduce"
							   when NULL */
	int				 isolation;	/* enum dlt_isolation of the
							   reruns: spawn (0) unless set */
	int				 keep_pool;	/* keep the target's process
							   (a fork server) between
							   reruns; the first rerun's
							   timeout and memory stay */
	struct dlt_repro_pool		*pool;		/* private */
	const char			*ir_json;	/* run and write this IR, not
							   the execution's (NULL) */
	const char			*note;		/* what wrote the script, or
							   NULL: reproduce --script */
	const char			*script_name;	/* in its "Run:" line, or NULL:
							   the path */
	struct dlt_store_exec_info	 x;		/* the execution */
	int				 have_x;
	struct dlt_store_failure_info	 f;		/* the failure named, if any */
	int				 have_f;
	char				**buckets;	/* recorded buckets to find again */
	size_t				 nbuckets;
	char				*harness;	/* the harness target of x */
	int				 framework;	/* enum dlt_framework */
	/* the last rerun */
	char				*now_status;	/* the store's word */
	int				 now_signal;
	int				 same_status, same_bucket, other;
	char				*python_version; /* the harness's hello */
	char				*framework_version;
	double				 seconds;	/* the execution's wall time */
};

/*
 * Find what the operand names: the execution to run, the failure (when
 * one was named) and the buckets to look for.  0; 1 when it names
 * nothing in the store or nothing that can run (said); -1 on a store
 * error.
 */
int	dlt_repro_resolve(struct dlt_repro *, enum dlt_repro_kind, int64_t n,
	    const char *bucket);
/*
 * Run the execution again (its IR, or r->ir_json) with a time limit of
 * timeout seconds and an address-space cap (UINT64_MAX: run's default),
 * and say what came back (on stdout unless quiet): DLT_EXIT_OK when the
 * failure did, DLT_EXIT_FINDINGS when not; an error status otherwise
 * (said).  r->same_bucket says whether it came back with a recorded
 * bucket, r->other with another signature.
 */
int	dlt_repro_rerun(struct dlt_repro *, struct dlt_ruleset *,
	    double timeout, uint64_t memory);
/*
 * Write the standalone script of the execution or failure (its IR, or
 * r->ir_json) to path: DLT_EXIT_OK, or an exit status after a message.
 */
int	dlt_repro_write_script(struct dlt_repro *, const char *path);
void	dlt_repro_release(struct dlt_repro *);

#endif
