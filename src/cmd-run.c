/*
 * cmd-run.c: "dltriage run", which makes mutants of seed models, runs
 * each (and each seed model) on every target framework under process
 * control, classifies what happened, compares the outputs and keeps it
 * all in the store.  The campaign loop is runner.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command.h"
#include "ctx.h"
#include "datadir.h"
#include "diag.h"
#include "error.h"
#include "exitcode.h"
#include "oracle.h"
#include "output-table.h"
#include "runner-campaign.h"
#include "runner-exec.h"
#include "runner.h"
#include "store-campaign.h"
#include "vocab.h"
#include "xmalloc.h"

static int	cmd_run_exec(struct dlt_ctx *, int, char **);
static int	check_args(int, char **);
static int	check_setting(const char *, const char *);
static int	check_frameworks(const char *);
static int	check_n(const char *);
static int	check_budget(const char *);
static int	check_jobs(const char *);
static int	check_shard(const char *);
static int	check_seed(const char *);
static int	check_timeout(const char *);
static int	check_threads(const char *);
static int	check_memory(const char *);
static void	print_summary(const struct dlt_run_summary *,
		    const struct dlt_run_config *, const char *);
static int	print_defect(const struct dlt_store_defect *, void *);

static const char *const modes[] = { "aware", "generic", "probe", NULL };

static const struct dlt_option run_options[] = {
	DLT_OPTION_DB,
	DLT_OPTION_RULES,
	{ "models", 0, "LIST", 'm',
	    "seed models: zoo names, files or globs, comma-separated", NULL,
	    NULL },
	{ "ops", 0, "LIST", 'O', "the mutation operators (default all)", NULL,
	    NULL },
	{ "frameworks", 0, "LIST", 'F',
	    "the targets: NAME[@RELEASE], LABEL=NAME:PYTHON, comma-separated",
	    NULL, check_frameworks },
	{ NULL, 'n', "N", 'n', "mutants per operator and model (default 1)",
	    NULL, check_n },
	{ "mode", 0, "MODE", 'M', "aware (the default), generic or probe "
	    "mutation", modes, NULL },
	{ "probe-validation", 0, NULL, 'V', "--mode probe: mutants that a "
	    "profile rejects, to see whether the framework does", NULL, NULL },
	{ "budget", 0, "LIMIT", 'B',
	    "stop after a duration (90s, 2h) or a number of executions", NULL,
	    check_budget },
	{ "isolation", 0, "MODE", 'I',
	    "one process per execution, a fork server or a worker",
	    dlt_isolation_names, NULL },
	{ "jobs", 'j', "J", 'j', "run J executions at once (default 1)", NULL,
	    check_jobs },
	{ "shard", 0, "I/N", 'S', "run the I-th of N deterministic parts", NULL,
	    check_shard },
	{ "seed", 0, "S", 's', "the seed of the campaign (default 1)", NULL,
	    check_seed },
	{ "timeout", 0, "DURATION", 'T', "per execution (default 60s)", NULL,
	    check_timeout },
	{ "memory", 0, "SIZE", 'R', "address-space cap per execution (default "
	    "8GiB)", NULL, check_memory },
	{ "threads", 0, "N", 'H', "a framework's threads per execution "
	    "(default 1; 0: its own default)", NULL, check_threads },
	{ "schedule", 0, "ORDER", 'C', "plan (the default) or yield: the "
	    "operators that find new buckets first", dlt_schedule_names, NULL },
	{ "workdir", 0, "DIR", 'W', "where executions write (default "
	    "STORE.d)", NULL, NULL },
	{ "dry-run", 0, NULL, 'D', "make the plan and say what would run; "
	    "run nothing", NULL, NULL },
	DLT_OPTION_QUIET("print nothing but errors"),
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_run = {
	"run",
	"[CAMPAIGN.yaml] [--models LIST] [--ops LIST] [--frameworks LIST] [-n N]\n"
	"       [--mode aware|generic|probe] [--probe-validation] [--budget LIMIT]\n"
	"       [--isolation spawn|fork|worker] [--jobs J] [--shard I/N] [--seed S]\n"
	"       [--timeout DURATION] [--memory SIZE] [--threads N]\n"
	"       [--schedule plan|yield] [--workdir DIR] [--dry-run] [-q] --db FILE",
	"run mutants of seed models on frameworks and find their defects",
	DLT_CMD_NEEDS_RULES | DLT_CMD_NEEDS_STORE, run_options, cmd_run_exec,
	check_args
};

static int
check_args(int argc, char **argv)
{
	if (argc > 1)
		return (dlt_error("one campaign file at a time ('%s' is extra)",
		    argv[1]));
	return (0);
}

/* A setting's value is checked before the store is opened. */
static int
check_setting(const char *key, const char *arg)
{
	struct dlt_run_config	c;
	char			*err = NULL;
	int			 rc;

	dlt_run_config_init(&c);
	if ((rc = dlt_run_config_set(&c, key, arg, &err)) != 0) {
		dlt_error("%s", err);
		free(err);
	}
	dlt_run_config_release(&c);
	return (rc);
}

static int check_frameworks(const char *a) { return (check_setting("frameworks", a)); }
static int check_n(const char *a) { return (check_setting("n", a)); }
static int check_budget(const char *a) { return (check_setting("budget", a)); }
static int check_jobs(const char *a) { return (check_setting("jobs", a)); }
static int check_shard(const char *a) { return (check_setting("shard", a)); }
static int check_seed(const char *a) { return (check_setting("seed", a)); }
static int check_timeout(const char *a) { return (check_setting("timeout", a)); }
static int check_threads(const char *a) { return (check_setting("threads", a)); }
static int check_memory(const char *a) { return (check_setting("memory", a)); }

static void
print_summary(const struct dlt_run_summary *s, const struct dlt_run_config *c,
    const char *db)
{
	int	i, first = 1;

	printf("campaign %lld: %ld execution%s planned, %ld done before, %ld "
	    "run now (%ld mutant%s of %zu model%s on %zu framework%s)\n",
	    (long long)s->campaign_id, s->planned, s->planned == 1 ? "" : "s",
	    s->done_before, s->executed, s->mutants, s->mutants == 1 ? "" : "s",
	    c->nmodels, c->nmodels == 1 ? "" : "s", c->ntargets,
	    c->ntargets == 1 ? "" : "s");
	printf("  executions:");
	for (i = 0; i < DLT_EXEC_STATUS_COUNT; i++) {
		if (s->by_status[i] == 0)
			continue;
		printf("%s %s %ld", first ? "" : ",", dlt_exec_status_names[i],
		    s->by_status[i]);
		first = 0;
	}
	if (first)
		printf(" none");
	printf("\n  failures: %ld", s->failures);
	for (i = 0, first = 1; i < DLT_CLASS_IGNORE; i++) {
		if (s->by_class[i] == 0)
			continue;
		printf("%s%s %ld", first ? " (" : ", ", dlt_class_name(i),
		    s->by_class[i]);
		first = 0;
	}
	printf("%s; %ld mutant%s equivalent to its seed\n", first ? "" : ")",
	    s->equivalent, s->equivalent == 1 ? "" : "s");
	if (s->rechecked > 0)
		printf("  crashes under the memory cap run again without it: "
		    "%ld, of which %ld ran to their end (filed as oom)\n",
		    s->rechecked, s->cap_deaths);
	if (s->interrupted)
		printf("interrupted: what finished is in '%s'; run the same "
		    "command again to resume\n", db);
	else if (s->budget_hit)
		printf("budget reached: run the same command again to go on\n");
}

/* The defects a campaign found, as a table for people (output-table.h). */
static const struct dlt_table_col defect_cols[] = {
	{ "BUCKET", 0, 0, 0 },
	{ "CLASS", 0, 0, 0 },
	{ "KIND", 0, 2, 8 },
	{ "PRIO", 0, 0, 0 },
	{ "COUNT", 1, 0, 0 },
	{ "FRAMEWORKS", 0, 3, 10 },
	{ "STATUS", 0, 0, 0 },
	{ "SIGNATURE", 0, 1, 20 }
};

struct defect_list {
	struct dlt_table	table;
	long			n;
	long			duplicates;
};

/*
 * One row of the closing list of unique defects, added to the table that
 * is printed once the list is read.  A triager's decision is shown; a
 * bucket marked a duplicate is left out (its target holds the defect:
 * dltriage buckets folds it there) and counted.
 */
static int
print_defect(const struct dlt_store_defect *d, void *arg)
{
	struct defect_list	*l = arg;
	char			 count[24];
	const char		*cells[8];

	if (d->decision != NULL && strcmp(d->decision, "duplicate") == 0) {
		l->duplicates++;
		return (0);
	}
	snprintf(count, sizeof count, "%ld", d->count);
	cells[0] = d->bucket != NULL ? d->bucket : "-";
	cells[1] = d->cls;
	cells[2] = d->kind;
	cells[3] = d->priority != NULL ? d->priority : "-";
	cells[4] = count;
	cells[5] = d->frameworks != NULL ? d->frameworks : "-";
	cells[6] = d->decision != NULL ? d->decision : "new";
	cells[7] = d->signature;
	dlt_table_add(&l->table, cells);
	return (++l->n >= 40);
}

static int
cmd_run_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct dlt_run_config	 cfg;
	struct dlt_run_summary	 sum;
	struct dlt_runner_env	 env;
	struct dlt_oracle_cfg	 ocfg;
	struct dlt_diags	 d = DLT_DIAGS_INIT;
	const char		*arg, *key;
	char			*err = NULL, *path;
	int			 id, rc, status = DLT_EXIT_OK, dry_run = 0;

	dlt_run_config_init(&cfg);
	dlt_oracle_cfg_init(&ocfg);
	/* the campaign file first, then the flags over it */
	if (argc == 1 && dlt_run_config_load(&cfg, argv[0], &d) != 0) {
		dlt_diags_print(&d, stderr);
		status = DLT_EXIT_INPUT;
		goto out;
	}
	while ((id = dlt_cmd_next_option(ctx, &arg)) != -1) {
		switch (id) {
		case 'm': key = "models"; break;
		case 'O': key = "ops"; break;
		case 'F': key = "frameworks"; break;
		case 'n': key = "n"; break;
		case 'M': key = "mode"; break;
		case 'V': key = "mode"; arg = "probe"; break;
		case 'B': key = "budget"; break;
		case 'I': key = "isolation"; break;
		case 'j': key = "jobs"; break;
		case 'S': key = "shard"; break;
		case 's': key = "seed"; break;
		case 'T': key = "timeout"; break;
		case 'R': key = "memory"; break;
		case 'H': key = "threads"; break;
		case 'C': key = "schedule"; break;
		case 'W': key = "workdir"; break;
		case 'D': dry_run = 1; continue;
		default: continue;
		}
		if (dlt_run_config_set(&cfg, key, arg, &err) != 0) {
			dlt_error("%s", err);
			free(err);
			dlt_cmd_usage(&dlt_cmd_run, stderr);
			status = DLT_EXIT_USAGE;
			goto out;
		}
	}
	if (!dry_run && (ctx->db_path == NULL || ctx->store == NULL)) {
		dlt_error("'run' needs a store (--db FILE or DLTRIAGE_DB)");
		dlt_cmd_usage(&dlt_cmd_run, stderr);
		status = DLT_EXIT_USAGE;
		goto out;
	}
	if (cfg.ntargets == 0 &&
	    dlt_run_config_set(&cfg, "frameworks", "pytorch", &err) != 0) {
		free(err);
		status = DLT_EXIT_INTERNAL;
		goto out;
	}
	if (dlt_run_config_check(&cfg, &err) != 0) {
		dlt_error("%s", err);
		free(err);
		dlt_cmd_usage(&dlt_cmd_run, stderr);
		status = DLT_EXIT_USAGE;
		goto out;
	}
	path = xasprintf("%s/rules/oracles/oracles.yaml", dlt_datadir());
	if (access(path, R_OK) == 0 && dlt_oracle_cfg_load(&ocfg, path, &d) != 0) {
		dlt_diags_print(&d, stderr);
		free(path);
		status = DLT_EXIT_RULES;
		goto out;
	}
	free(path);

	memset(&env, 0, sizeof env);
	env.cfg = &cfg;
	env.store = ctx->store;
	env.rules = &ctx->rules;
	env.oracle = &ocfg;
	env.db_path = ctx->db_path;
	env.datadir = dlt_datadir();
	env.quiet = ctx->quiet;
	env.progress = isatty(STDERR_FILENO);
	env.dry_run = dry_run;
	rc = dlt_runner_run(&env, &sum);
	if (dry_run && rc == 0)
		printf("campaign%s%s: %ld execution%s (%ld mutant%s and %zu seed "
		    "model%s on %zu framework%s)\n", cfg.name != NULL ? " " : "",
		    cfg.name != NULL ? cfg.name : "", sum.planned,
		    sum.planned == 1 ? "" : "s", sum.mutants,
		    sum.mutants == 1 ? "" : "s", sum.planned /
		    (long)(cfg.ntargets > 0 ? cfg.ntargets : 1) - sum.mutants,
		    sum.planned / (long)(cfg.ntargets > 0 ? cfg.ntargets : 1) -
		    sum.mutants == 1 ? "" : "s", cfg.ntargets,
		    cfg.ntargets == 1 ? "" : "s");
	else if ((!ctx->quiet || rc != 0) && (rc == 0 || sum.campaign_id > 0)) {
		struct defect_list	dl;

		dl.n = dl.duplicates = 0;
		dlt_table_init(&dl.table, defect_cols,
		    sizeof defect_cols / sizeof defect_cols[0]);
		print_summary(&sum, &cfg, ctx->db_path);
		if (sum.campaign_id > 0 && !sum.store_failed &&
		    dlt_store_campaign_defects(ctx->store, sum.campaign_id,
		    print_defect, &dl) != 0)
			sum.store_failed = 1;
		if (dl.n > 0) {
			printf("\nunique defects, worst first:\n");
			dlt_table_print(&dl.table, stdout, dlt_table_width(1));
		}
		dlt_table_release(&dl.table);
		if (dl.duplicates > 0)
			printf("(%ld bucket%s marked duplicates of others, left "
			    "out: see dltriage buckets)\n", dl.duplicates,
			    dl.duplicates == 1 ? "" : "s");
		if (dl.n == 0 && dl.duplicates == 0 && sum.campaign_id > 0)
			printf("no failure found\n");
	}
	if (sum.store_failed)
		status = DLT_EXIT_STORE;
	else if (rc < 0)
		status = DLT_EXIT_INPUT;
	else if (rc > 0)
		status = DLT_EXIT_INTERRUPTED;
out:
	dlt_diags_release(&d);
	dlt_oracle_cfg_release(&ocfg);
	dlt_run_config_release(&cfg);
	return (status);
}
