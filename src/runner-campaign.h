/*
 * runner-campaign.h: what a campaign of "dltriage run" is: the seed
 * models, the operators, how many mutants, the mode and seed, the target
 * frameworks (each with its interpreter), and how to run them (isolation,
 * jobs, limits, budget, shard).  It comes from a campaign file
 * (dltriage-campaign(5)), from the command line, or both: a flag
 * overrides the file.
 *
 * The identity of a campaign is what decides the executions it holds:
 * models, operators, n, mode, seed and targets
 * (dlt_run_config_identity); every shard of a campaign has the same
 * one, so that "dltriage merge" joins the shards into one campaign.  Running the same campaign again resumes it;
 * how it is run (isolation, jobs, limits, budget, work directory) may
 * change between runs.
 */
#ifndef DLT_RUNNER_CAMPAIGN_H
#define DLT_RUNNER_CAMPAIGN_H

#include <stddef.h>
#include <stdint.h>

struct dlt_diags;
struct strbuf;

enum dlt_isolation {
	DLT_ISO_SPAWN,		/* a fresh process per execution */
	DLT_ISO_FORK,		/* a fork server per target */
	DLT_ISO_WORKER		/* a persistent worker per target */
};

extern const char *const dlt_isolation_names[];	/* spawn, fork, worker */

/* One framework a campaign runs on. */
struct dlt_run_target {
	char	*label;		/* unique in the campaign: "pytorch", "pytorch-1.13" */
	char	*harness;	/* the harness's target: "pytorch", "keras-jax" */
	int	 framework;	/* enum dlt_framework of the family (keras for keras-jax) */
	char	*python;	/* its interpreter; NULL: the default one */
	char	*release;	/* the profile release for aware mode ("1.13"), or NULL */
};

/* The order in which a run takes its executions. */
enum dlt_schedule {
	DLT_SCHED_PLAN,		/* the plan's: models, then operators, then k */
	DLT_SCHED_YIELD		/* the operators that found new buckets first */
};
extern const char *const dlt_schedule_names[];	/* "plan", "yield", NULL */

struct dlt_run_config {
	char			 *name;
	char			**models;	/* names, paths or globs, as given */
	size_t			  nmodels;
	char			 *ops;		/* "all" or "LD,LS,..." */
	long			  n;		/* mutants per operator and model */
	int			  mode;		/* enum dlt_mutate_mode */
	uint64_t		  seed;
	struct dlt_run_target	 *targets;
	size_t			  ntargets;
	int			  isolation;	/* enum dlt_isolation */
	int			  jobs;
	long			  budget_count;	/* executions; 0: none */
	double			  budget_seconds; /* 0: none */
	double			  timeout;	/* seconds per execution */
	double			  grace;	/* seconds between the dump and the kill */
	uint64_t		  memory;	/* address-space cap, bytes; 0: none */
	uint64_t		  output_cap;	/* bytes of stdout and of stderr */
	long			  worker_max;	/* executions before a worker is replaced */
	int			  threads;	/* a framework's threads per execution; 0: its own default */
	int			  schedule;	/* enum dlt_schedule */
	int			  shard_index;	/* 1-based */
	int			  shard_count;
	char			 *workdir;	/* NULL: next to the store */
};

void	dlt_run_config_init(struct dlt_run_config *);
void	dlt_run_config_release(struct dlt_run_config *);

/*
 * Read a campaign file into cfg (on top of what it holds).  Problems go
 * to *diags with file:line:col; 0, or -1 when there was one.
 */
int	dlt_run_config_load(struct dlt_run_config *, const char *path,
	    struct dlt_diags *);

/*
 * Set one setting from text, as a flag or a file gives it ("models",
 * "ops", "frameworks", "n", "mode", "seed", "isolation", "jobs", "budget",
 * "timeout", "memory", "output-cap", "shard", "workdir", "name",
 * "worker-executions", "threads", "schedule").  0, or -1 with *err set to why (caller frees).
 */
int	dlt_run_config_set(struct dlt_run_config *, const char *key,
	    const char *value, char **err);

/* Parse "NAME", "NAME@RELEASE" or "LABEL=NAME[@RELEASE]:PYTHON" into t. */
int	dlt_run_target_parse(struct dlt_run_target *, const char *spec,
	    char **err);
void	dlt_run_target_release(struct dlt_run_target *);

/* Checks that need everything: targets present and labels unique. */
int	dlt_run_config_check(const struct dlt_run_config *, char **err);

/* The campaign's identity as canonical JSON (for its hash). */
void	dlt_run_config_identity(const struct dlt_run_config *, struct strbuf *);

/* "90", "90s", "2.5m", "1h" -> seconds; -1 when malformed. */
double	dlt_parse_duration(const char *);
/* "4096", "512k", "64MiB", "4G" -> bytes; 0 with *ok = 0 when malformed. */
uint64_t dlt_parse_size(const char *, int *ok);
/*
 * Option checks (struct dlt_option's check) of a --timeout (more than 0,
 * at most 23 days: the pool counts milliseconds in an int) and of a
 * --memory cap: 0, or -1 after saying what is wrong.
 */
int	dlt_check_duration(const char *);
int	dlt_check_size(const char *);

#endif
