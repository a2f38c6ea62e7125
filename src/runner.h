/*
 * runner.h: the campaign loop of "dltriage run".  For each seed model of
 * the campaign, in order: the model itself and its mutants (made
 * in-process by the mutate engine, the same ones for the same seed on
 * every machine), each run on every target framework through the
 * execution pool (runner-exec.h), J at a time; every finished execution
 * is classified by the rules and committed to the store before the next
 * is counted; once every target has run a mutant, the oracles compare
 * the outputs (NaN/Inf, inconsistency, acceptance, equivalence with the
 * seed model) and their findings are committed too.
 *
 * A campaign that is run again resumes: executions the store holds are
 * not run again.  SIGINT and SIGTERM stop it after the executions in
 * flight.
 */
#ifndef DLT_RUNNER_H
#define DLT_RUNNER_H

#include <stdint.h>

#include "runner-exec.h"

struct dlt_classifier;
struct dlt_runctx;
struct dlt_exec_done;
struct dlt_failure;
struct dlt_oracle_cfg;
struct dlt_run_config;
struct dlt_ruleset;
struct dlt_store;

struct dlt_runner_env {
	const struct dlt_run_config	*cfg;
	struct dlt_store		*store;
	const struct dlt_ruleset	*rules;
	const struct dlt_oracle_cfg	*oracle;
	const char			*db_path;	/* for messages and the work directory */
	const char			*datadir;	/* corpus/models, harness/, rules/frameworks */
	const char *const		*profile_dirs;	/* searched before the shipped profiles */
	size_t				 nprofile_dirs;
	const char			*default_python;
	int				 quiet;		/* -q: errors only */
	int				 progress;	/* 1: a bar on the terminal; 0: periodic lines */
	int				 dry_run;	/* plan only: no store, no framework */
};

/* What a run did, for the closing lines and the exit status. */
struct dlt_run_summary {
	long	planned;		/* executions in the campaign (this shard) */
	long	done_before;		/* found in the store at the start */
	long	executed;		/* run now */
	long	by_status[DLT_EXEC_STATUS_COUNT];
	long	failures;		/* failures recorded now */
	long	by_class[8];		/* enum dlt_class */
	long	mutants;		/* mutants made (this shard) */
	long	equivalent;		/* of them, equivalent to their seed */
	long	rechecked;		/* crashes under the memory cap run
					   again without it */
	long	cap_deaths;		/* of them, ran without it: oom */
	long	unavailable;		/* targets that could not be imported */
	int	interrupted;		/* stopped by a signal */
	int	budget_hit;		/* stopped by --budget */
	int	store_failed;
	int64_t	campaign_id;
};

/*
 * Run (or resume) the campaign.  0 when it ran to the end (or to its
 * budget), 1 when interrupted, -1 on an error that stopped it (printed).
 */
int	dlt_runner_run(const struct dlt_runner_env *, struct dlt_run_summary *);

/* One finished execution, for dlt_runner_classify(); all borrowed. */
struct dlt_runner_exec {
	struct dlt_classifier	*classifier;	/* made for the framework */
	const char		*framework;	/* canonical name: "pytorch" */
	const char		*dir;		/* where its stderr is */
	const char		*op;		/* the mutant's operator, "seed" */
	double			 timeout;	/* seconds, for a timeout's signature */
	const char		*label;		/* the target's, or NULL */
	const char		*violates;	/* probe mode: the validation the
						   profile says the framework
						   does (dlt_probe_violation),
						   or NULL */
	const struct dlt_runctx	*ctx;		/* the run context (run.status
						   is set from the end), or
						   NULL */
};

/*
 * The failures of a finished execution as a campaign records them: what
 * DIR/stderr says by the rules (finished: bucket set); a crash, timeout
 * or memory cap that the log does not explain is the runner's own
 * finding.  None for ok, harness and unavailable.  The caller frees
 * *out with dlt_runner_failures_free().  `dltriage reproduce` uses it
 * to classify an execution again the same way.
 */
int	dlt_runner_classify(const struct dlt_runner_exec *,
	    const struct dlt_exec_done *, struct dlt_failure **out,
	    size_t *nout);
void	dlt_runner_failures_free(struct dlt_failure *, size_t);

/* mkdir -p: 0, or -1 after a message. */
int	dlt_make_dirs(const char *path);

#endif
