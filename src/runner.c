/* runner.c: the campaign loop of "dltriage run"; see runner.h. */
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <glob.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bucket.h"
#include "classify.h"
#include "diag.h"
#include "error.h"
#include "failure.h"
#include "hash.h"
#include "json.h"
#include "model.h"
#include "mutate.h"
#include "npy.h"
#include "oracle.h"
#include "profile.h"
#include "rules.h"
#include "runner-campaign.h"
#include "runner-exec.h"
#include "runner-proc.h"
#include "runctx.h"
#include "runner.h"
#include "sink.h"
#include "store-campaign.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"
#include "yaml-node.h"

/* One execution: a mutant on a target. */
struct exec {
	struct mutant		*mt;
	size_t			 target;
	char			*dir;
	int			 done;
	int			 taken;		/* submitted, or skipped by the budget */
	enum dlt_exec_status	 status;
	/*
	 * A death by a signal under the memory cap is run again without
	 * the cap before it is recorded (recheck_*): held is the first
	 * run's end meanwhile; rechecked once it was (or cannot be).
	 */
	struct dlt_exec_done	*held;
	int			 rechecked;
	/*
	 * An execution is recorded once every target ran its model, so
	 * that its run context knows what the others did (record_exec);
	 * wait is its end meanwhile.  resumed: recorded by an earlier run
	 * of the campaign (its status is not known here).
	 */
	struct dlt_exec_done	*wait;
	int			 resumed;
};

/* A seed model or one of its mutants, with the executions it needs. */
struct mutant {
	struct seed		*seed;
	long			 ordinal;	/* 0: the seed model itself */
	char			*name;
	char			*op;		/* "seed" or the operator */
	long			 k;
	uint64_t		 mseed;
	char			*position;	/* NULL for the seed */
	char			*params;	/* JSON, or NULL */
	char			*json;		/* the IR as JSON */
	int			 injected;	/* DLT_INJ_*: what an input is
						   filled with everywhere */
	const char		*compute_dtype;	/* least_precise(), static */
	char			**violates;	/* probe mode, per target: what
						   it breaks, or NULL */
	size_t			 nviolates;
	int64_t			 store_id;
	size_t			 pending;	/* executions not finished */
	struct exec		*execs;		/* one per target */
	int			 has_outputs;	/* some target ran it */
	size_t			 nexecs;
};

/* A seed model and what its own run gave, for the equivalence check. */
struct seed {
	char			*path;
	struct dlt_model	 model;
	int64_t			 store_id;
	struct dlt_outputs	*outputs;	/* per target, once the seed ran */
	int			 outputs_ready;
};

struct arm {
	const char	*key;		/* operator or seed path (borrowed) */
	long		 tried;		/* mutants whose oracles ran */
	long		 found;		/* new crash, NaN or inconsistency buckets */
};

struct yield_arms {
	struct arm	*v;
	size_t		 n;
	long		 tried;		/* the sum over v */
};

struct runner {
	const struct dlt_runner_env	*env;
	const struct dlt_run_config	*cfg;
	struct dlt_run_summary		*sum;
	struct dlt_store		*st;
	int64_t				 campaign_id;
	struct dlt_exec_pool		*pool;
	struct dlt_exec_target		*targets;
	struct dlt_classifier		**classifiers;	/* per target */
	struct dlt_profile		**profiles;
	struct dlt_target		*ptargets;	/* for aware mode */
	size_t				 nptargets;
	int				*pt_of;		/* per target: its ptargets
							   index, or -1 */
	/* probe mode, per target given no release: its probed release's */
	struct dlt_profile		**vprofiles;
	struct dlt_target		*vtargets;
	int				*has_v;
	char				**python;	/* per target, owned */
	char				 *harness_dir;
	char				 *workdir;
	int				 *reported;	/* per target: unavailable said */
	int				 *dead;		/* per target: unavailable */
	int				 ops[64];
	size_t				 nops;
	/* the queue of executions to start, in order */
	struct exec			**queue;
	size_t				 qhead, qlen, qalloc;
	size_t				 qtaken;	/* entries taken */
	/*
	 * the yield schedule: per operator and per seed model, mutants
	 * judged and new buckets found
	 */
	struct yield_arms		 ops_y, models_y;
	struct dlt_bucket_set		 seen;
	struct mutant			*current;	/* whose executions go on */
	int64_t				 start_ms, last_progress_ms;
	int				 progress_shown;
	long				 submitted;
	int				 lock_fd;	/* lock_workdir's, or -1 */
	long				 ref_target;	/* gives float64 references;
							   -1: none */
	long				 ref_grad_target; /* and of gradients */
	/* crashes under the memory cap waiting for their recheck */
	struct exec			**rechecks;
	size_t				 nrechecks, arechecks;
	uint64_t			 recheck_ids;
};

static volatile sig_atomic_t	stop_signal;

static const char *sig_name(int);
static char	*params_json(const struct dlt_mutation_info *);
static void	 on_stop(int);
static char	*default_python(const struct dlt_runner_env *);
static char	*absolute_path(char *);
static int	 resolve_models(const struct runner *, char ***, size_t *);
static int	 add_model_path(char ***, size_t *, const char *);
static int	 parse_ops(struct runner *);
static int	 load_profiles(struct runner *);
static int	 remove_tree(const char *);
static int	 rm_entry(const char *, const struct stat *, int, struct FTW *);
static char	*label_dir(const char *);
static int	 plan_seed(struct runner *, struct seed *, struct mutant ***,
		     size_t *);
static int	 collect_mutant(const struct dlt_mutant *, void *);
static int	 injected_inputs(const struct dlt_model *);
static const char *least_precise(const struct dlt_model *);
static void	 mutant_free(struct mutant *);
static void	 queue_push(struct runner *, struct exec *);
static int	 run_queue(struct runner *);
static int	 submit(struct runner *, struct exec *);
static int	 finish(struct runner *, struct dlt_exec_done *);
static int	 record_waiting(struct runner *, struct exec *);
static int	 record_all_waiting(struct runner *, struct mutant **, size_t);
static int	 record_exec(struct runner *, struct exec *,
		     struct dlt_exec_done *, int);
static void	 run_context(struct runner *, const struct exec *,
		     struct dlt_runctx *);
static const char *store_status_name(enum dlt_exec_status);
static int	 recheck_wanted(const struct runner *, const struct exec *,
		    const struct dlt_exec_done *);
static int	 recheck_submit(struct runner *, struct exec *);
static void	 recheck_judge(struct runner *, struct exec *,
		    struct dlt_exec_done *);
static int	 recheck_skip(struct runner *, struct exec *);
static int	 classify_exec(struct runner *, struct exec *,
		     const struct dlt_exec_done *, struct dlt_failure **,
		     size_t *);
static struct dlt_failure *synth_failure(const struct dlt_runner_exec *,
		     const struct dlt_exec_done *);
static int	 collect_failure(struct dlt_failure *, void *);
static int	 load_outputs(struct runner *, struct exec *,
		     struct dlt_outputs *);
struct oracle_out;
static void	 run_oracles(struct runner *, struct mutant *, struct oracle_out *);
static void	 oracle_out_release(struct oracle_out *);
static char	*read_file(const char *, size_t, size_t *);
static int	 probe_targets(struct runner *);
static char	**harness_env(const char *);
static void	 progress(struct runner *, int);
static int	 budget_left(const struct runner *);

static const char *
sig_name(int sig)
{
	static char	buf[16];

	if (dlt_signal_name(sig) != NULL)
		return (dlt_signal_name(sig));
	snprintf(buf, sizeof buf, "SIG%d", sig);
	return (buf);
}

/* The mutation's parameters as a JSON object of strings. */
static char *
params_json(const struct dlt_mutation_info *mi)
{
	struct strbuf	sb = STRBUF_INIT;
	struct dlt_jw	jw;
	size_t		i;

	dlt_jw_init(&jw, &sb, 0);
	dlt_jw_object(&jw);
	for (i = 0; i < mi->nparams; i++)
		dlt_jw_kv_cstr(&jw, mi->params[i].key, mi->params[i].value);
	dlt_jw_end(&jw);
	return (strbuf_detach(&sb, NULL));
}

static void
on_stop(int sig)
{
	stop_signal = sig;
}

/*
 * A relative path with a slash (DLT_PYTHON=.venv/bin/python) made
 * absolute, since executions run in their own directories; not
 * resolved, since a venv's interpreter is a link that must stay one.
 * Takes p.
 */
static char *
absolute_path(char *p)
{
	char	cwd[4096], *q;

	if (p[0] == '/' || strchr(p, '/') == NULL ||
	    getcwd(cwd, sizeof cwd) == NULL)
		return (p);
	q = xasprintf("%s/%s", cwd, p[0] == '.' && p[1] == '/' ? p + 2 : p);
	free(p);
	return (q);
}

/*
 * The interpreter of a target without one: $DLT_PYTHON; else the
 * project's .venv (the README's test command makes it); else python3.
 */
static char *
default_python(const struct dlt_runner_env *env)
{
	const char	*s;
	char		*p;

	if (env->default_python != NULL)
		return (xstrdup(env->default_python));
	if ((s = getenv("DLT_PYTHON")) != NULL && *s != '\0')
		return (xstrdup(s));
	p = xasprintf("%s/.venv/bin/python", env->datadir);
	if (access(p, X_OK) == 0)
		return (p);
	free(p);
	return (xstrdup("python3"));
}

static int
add_model_path(char ***v, size_t *n, const char *path)
{
	size_t	i;

	for (i = 0; i < *n; i++)
		if (strcmp((*v)[i], path) == 0)
			return (0);
	*v = xreallocarray(*v, *n + 1, sizeof **v);
	(*v)[(*n)++] = xstrdup(path);
	return (0);
}

/*
 * A model is a file, a glob, a zoo name (corpus/models/NAME.yaml) or
 * "all" (the whole zoo); the order is the campaign's order.
 */
static int
resolve_models(const struct runner *r, char ***out, size_t *nout)
{
	const struct dlt_run_config	*cfg = r->cfg;
	struct stat			 st;
	glob_t				 g;
	char				*pat, *path;
	size_t				 i, j;
	int				 rc = 0;

	*out = NULL;
	*nout = 0;
	for (i = 0; i < cfg->nmodels && rc == 0; i++) {
		const char	*m = cfg->models[i];

		if (stat(m, &st) == 0 && S_ISREG(st.st_mode)) {
			add_model_path(out, nout, m);
			continue;
		}
		if (strcmp(m, "all") == 0)
			pat = xasprintf("%s/corpus/models/*.yaml", r->env->datadir);
		else if (strpbrk(m, "*?[") != NULL)
			pat = xstrdup(m);
		else {
			path = xasprintf("%s/corpus/models/%s.yaml",
			    r->env->datadir, m);
			if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
				add_model_path(out, nout, path);
			else
				rc = dlt_error("no model '%s' (not a file, nor "
				    "a model of the zoo: see 'dltriage corpus "
				    "check')", m);
			free(path);
			continue;
		}
		memset(&g, 0, sizeof g);
		if (glob(pat, 0, NULL, &g) != 0 || g.gl_pathc == 0) {
			if (strpbrk(m, "*?[") != NULL && strchr(m, '/') == NULL) {
				/* a glob of zoo names: "resnet*" */
				globfree(&g);
				memset(&g, 0, sizeof g);
				free(pat);
				pat = xasprintf("%s/corpus/models/%s.yaml",
				    r->env->datadir, m);
				if (glob(pat, 0, NULL, &g) == 0)
					goto found;
			}
			rc = dlt_error("no model matches '%s'", m);
			globfree(&g);
			free(pat);
			continue;
		}
found:
		for (j = 0; j < g.gl_pathc; j++)
			add_model_path(out, nout, g.gl_pathv[j]);
		globfree(&g);
		free(pat);
	}
	return (rc);
}

static int
parse_ops(struct runner *r)
{
	char	*copy, *p, *save, *q, up[32];
	size_t	 i, total = dlt_mutop_count();
	int	 k, seen[64];

	memset(seen, 0, sizeof seen);
	r->nops = 0;
	copy = xstrdup(r->cfg->ops);
	for (p = strtok_r(copy, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save)) {
		while (*p == ' ')
			p++;
		/* operators are upper case; the name goes back as given */
		for (q = p, i = 0; *q != '\0' && i < sizeof up - 1; q++, i++)
			up[i] = *q >= 'a' && *q <= 'z' ? (char)(*q - 'a' + 'A') :
			    *q;
		up[i] = '\0';
		if (strcmp(up, "ALL") == 0) {
			for (i = 0; i < total && i < 64; i++)
				if (!seen[i]++)
					r->ops[r->nops++] = (int)i;
			continue;
		}
		if (*q != '\0' || (k = dlt_mutop_find(up)) < 0 || k >= 64) {
			dlt_error("unknown operator '%s' (see 'dltriage help "
			    "mutate')", p);
			free(copy);
			return (-1);
		}
		if (!seen[k]++)
			r->ops[r->nops++] = k;
	}
	free(copy);
	if (r->nops == 0)
		return (dlt_error("no operator in '%s'", r->cfg->ops));
	return (0);
}

/*
 * Probe mode judges a target given no release ("pytorch") by the release
 * it has ("2.13.0+cpu" as 2.13.0): a check of older releases only is no
 * validation this one is bound to do.
 */
static void
probed_release(struct runner *r, size_t t, const char *version)
{
	const struct dlt_run_config	*cfg = r->cfg;
	char				*spec;
	size_t				 n;

	if (cfg->mode != DLT_MUTATE_PROBE || cfg->targets[t].release != NULL ||
	    r->pt_of == NULL || r->pt_of[t] < 0 || r->has_v[t])
		return;
	n = strspn(version, "0123456789.");
	if (n == 0)
		return;
	spec = xasprintf("%s@%.*s", dlt_framework_name(
	    cfg->targets[t].framework), (int)n, version);
	if (dlt_target_load(spec, r->env->profile_dirs, r->env->nprofile_dirs,
	    &r->vprofiles[t], &r->vtargets[t]) == 0)
		r->has_v[t] = 1;
	free(spec);
}

/* Aware mode checks mutants against the profile of every target's family. */
static int
load_profiles(struct runner *r)
{
	const struct dlt_run_config	*cfg = r->cfg;
	char				*spec, *path;
	size_t				 i;
	int				 rc = 0;

	r->profiles = xcalloc(cfg->ntargets, sizeof *r->profiles);
	r->ptargets = xcalloc(cfg->ntargets, sizeof *r->ptargets);
	r->nptargets = 0;
	r->pt_of = xcalloc(cfg->ntargets, sizeof *r->pt_of);
	r->vprofiles = xcalloc(cfg->ntargets, sizeof *r->vprofiles);
	r->vtargets = xcalloc(cfg->ntargets, sizeof *r->vtargets);
	r->has_v = xcalloc(cfg->ntargets, sizeof *r->has_v);
	for (i = 0; i < cfg->ntargets; i++)
		r->pt_of[i] = -1;
	for (i = 0; i < cfg->ntargets && rc == 0; i++) {
		path = dlt_profile_path(dlt_framework_name(
		    cfg->targets[i].framework), r->env->profile_dirs,
		    r->env->nprofile_dirs);
		if (path == NULL) {
			/* no constraints known: aware mode checks the others */
			if (cfg->mode != DLT_MUTATE_GENERIC && !r->env->quiet)
				dlt_warn("no constraint profile for '%s': aware "
				    "mode checks mutants against the other "
				    "frameworks only", cfg->targets[i].label);
			continue;
		}
		free(path);
		spec = xasprintf("%s%s%s",
		    dlt_framework_name(cfg->targets[i].framework),
		    cfg->targets[i].release != NULL ? "@" : "",
		    cfg->targets[i].release != NULL ? cfg->targets[i].release :
		    "");
		if (dlt_target_load(spec, r->env->profile_dirs,
		    r->env->nprofile_dirs, &r->profiles[r->nptargets],
		    &r->ptargets[r->nptargets]) != 0)
			rc = -1;
		else
			r->pt_of[i] = (int)r->nptargets++;
		free(spec);
	}
	return (rc);
}

/*
 * One run at a time in a working directory: a second run there would
 * empty the directories of executions the first has in flight, and each
 * would record the other's wreckage.  The lock is flock(2)'s, so it goes
 * with its holder however that ends (kill -9 included).  Shards of one
 * campaign take a lock each: they never share an execution.  0 locked,
 * 1 held by another run (said), -1 an error (said).
 */
static int
lock_workdir(struct runner *r)
{
	char	*path, pid[32];
	ssize_t	 n;
	int	 fd;

	path = r->cfg->shard_count > 1 ? xasprintf("%s/.lock-shard-%d-of-%d",
	    r->workdir, r->cfg->shard_index, r->cfg->shard_count) :
	    xasprintf("%s/.lock", r->workdir);
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666)) < 0) {
		dlt_error_errno("cannot open '%s'", path);
		free(path);
		return (-1);
	}
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		int	held = errno == EWOULDBLOCK;

		if (held) {
			n = pread(fd, pid, sizeof pid - 1, 0);
			pid[n > 0 ? n : 0] = '\0';
			pid[strcspn(pid, "\n")] = '\0';
			dlt_error("'%s' is in use by another dltriage run%s%s%s; "
			    "wait for it to end, or give this one a store or "
			    "workdir of its own", r->workdir, pid[0] != '\0' ?
			    " (pid " : "", pid, pid[0] != '\0' ? ")" : "");
		} else
			dlt_error_errno("cannot lock '%s'", path);
		close(fd);
		free(path);
		return (held ? 1 : -1);
	}
	snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
	/* the pid is for the message only: not writing it is no error */
	if (ftruncate(fd, 0) == 0)
		n = pwrite(fd, pid, strlen(pid), 0);
	free(path);
	r->lock_fd = fd;
	return (0);
}

int
dlt_make_dirs(const char *path)
{
	char	*copy, *p;

	copy = xstrdup(path);
	for (p = copy + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(copy, 0777) != 0 && errno != EEXIST) {
			dlt_error_errno("cannot create '%s'", copy);
			free(copy);
			return (-1);
		}
		*p = '/';
	}
	if (mkdir(copy, 0777) != 0 && errno != EEXIST) {
		dlt_error_errno("cannot create '%s'", copy);
		free(copy);
		return (-1);
	}
	free(copy);
	return (0);
}

static int
rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag == FTW_DP)
		return (rmdir(path) != 0 && errno != ENOENT ? -1 : 0);
	return (unlink(path) != 0 && errno != ENOENT ? -1 : 0);
}

/* What an interrupted execution left behind goes before it runs again. */
static int
remove_tree(const char *path)
{
	struct stat	st;

	if (lstat(path, &st) != 0)
		return (errno == ENOENT ? 0 : -1);
	return (nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS));
}

/* A target label as a directory name: letters, digits, '.', '_' and '-'. */
static char *
label_dir(const char *label)
{
	char	*s, *p;

	s = xstrdup(label);
	for (p = s; *p != '\0'; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '.' || *p == '_' ||
		    *p == '-'))
			*p = '_';
	return (s);
}

static int
injected_inputs(const struct dlt_model *m)
{
	size_t	i;
	int	inj = 0;

	/*
	 * NaN or Inf everywhere: expected everywhere downstream; subnormals
	 * everywhere: flushed to zero by some.  At one element (fill_at) the
	 * point is where each framework propagates it, so the oracles judge
	 * it as any other run.
	 */
	for (i = 0; i < m->ninputs; i++) {
		if (m->inputs[i].fill == NULL || m->inputs[i].has_fill_at)
			continue;
		if (strcmp(m->inputs[i].fill, "nan") == 0 ||
		    strcmp(m->inputs[i].fill, "inf") == 0)
			inj |= DLT_INJ_NONFINITE;
		else if (strcmp(m->inputs[i].fill, "denormal") == 0)
			inj |= DLT_INJ_DENORMAL;
	}
	return (inj);
}

/*
 * The least precise float dtype the model computes in (a DT mutant's
 * bfloat16 layer inside a float32 model; float32 inputs of a model whose
 * last layer computes in float64), or NULL: the oracles compare with that
 * dtype's tolerance too, since the error of one layer reaches the
 * outputs whatever their dtype.
 */
static const char *
least_precise(const struct dlt_model *m)
{
	static const int	 order[] = {
		DLT_DT_BFLOAT16, DLT_DT_FLOAT16, DLT_DT_FLOAT32
	};
	size_t			 i, k;

	for (k = 0; k < sizeof order / sizeof order[0]; k++) {
		for (i = 0; i < m->nnodes; i++)
			if (m->nodes[i].dtype == order[k])
				return (dlt_dtype_name(order[k]));
		for (i = 0; i < m->ninputs; i++)
			if (m->inputs[i].dtype == order[k])
				return (dlt_dtype_name(order[k]));
	}
	return (NULL);
}

struct plan_state {
	struct runner	  *r;
	struct seed	  *seed;
	struct mutant	***v;
	size_t		  *n;
	long		   ordinal;
};

static int
collect_mutant(const struct dlt_mutant *mt, void *arg)
{
	struct plan_state	*ps = arg;
	struct mutant		*m;
	struct strbuf		 sb = STRBUF_INIT;
	const struct dlt_mutation_info *mi = mt->model->mutation;

	ps->ordinal++;
	/* --shard I/N: a deterministic 1/N of the mutants; seeds run everywhere */
	if ((ps->ordinal - 1) % ps->r->cfg->shard_count !=
	    ps->r->cfg->shard_index - 1)
		return (0);
	m = xcalloc(1, sizeof *m);
	m->seed = ps->seed;
	m->ordinal = ps->ordinal;
	m->name = xstrdup(mt->model->name);
	m->op = xstrdup(dlt_mutop_at((size_t)mt->op)->name);
	m->k = mt->k;
	m->mseed = mt->seed;
	if (mi != NULL && mi->position != NULL)
		m->position = xstrdup(mi->position);
	if (mi != NULL && mi->nparams > 0)
		m->params = params_json(mi);
	dlt_model_write_json(mt->model, &sb);
	m->json = strbuf_detach(&sb, NULL);
	m->injected = injected_inputs(mt->model);
	m->compute_dtype = least_precise(mt->model);
	if (ps->r->cfg->mode == DLT_MUTATE_PROBE) {
		size_t	t;

		m->violates = xcalloc(ps->r->cfg->ntargets, sizeof *m->violates);
		m->nviolates = ps->r->cfg->ntargets;
		for (t = 0; t < ps->r->cfg->ntargets; t++)
			if (ps->r->has_v[t])
				m->violates[t] = dlt_probe_violation(
				    &ps->r->vtargets[t], mt->model);
			else if (ps->r->pt_of[t] >= 0)
				m->violates[t] = dlt_probe_violation(
				    &ps->r->ptargets[ps->r->pt_of[t]], mt->model);
	}
	*ps->v = xreallocarray(*ps->v, *ps->n + 1, sizeof **ps->v);
	(*ps->v)[(*ps->n)++] = m;
	return (0);
}

/* The seed model and its mutants (this shard's), in the campaign's order. */
static int
plan_seed(struct runner *r, struct seed *s, struct mutant ***v, size_t *n)
{
	struct dlt_campaign	 c;
	struct plan_state	 ps;
	struct mutant		*m;
	struct strbuf		 sb = STRBUF_INIT;
	int			 rc;

	*v = NULL;
	*n = 0;
	m = xcalloc(1, sizeof *m);
	m->seed = s;
	m->ordinal = 0;
	m->name = xstrdup(s->model.name);
	m->op = xstrdup("seed");
	m->mseed = s->model.seed;
	dlt_model_write_json(&s->model, &sb);
	m->json = strbuf_detach(&sb, NULL);
	m->injected = injected_inputs(&s->model);
	m->compute_dtype = least_precise(&s->model);
	*v = xcalloc(1, sizeof **v);
	(*v)[(*n)++] = m;

	dlt_campaign_init(&c);
	c.mu.parent = &s->model;
	c.mu.targets = r->ptargets;
	c.mu.ntargets = r->nptargets;
	c.mu.mode = r->cfg->mode;
	c.mu.max_tries = 20;
	c.ops = r->ops;
	c.nops = r->nops;
	c.n = r->cfg->n;
	c.seed = r->cfg->seed;
	c.fn = collect_mutant;
	memset(&ps, 0, sizeof ps);
	ps.r = r;
	ps.seed = s;
	ps.v = v;
	ps.n = n;
	c.arg = &ps;
	rc = dlt_campaign_run(&c);
	dlt_campaign_release(&c);
	return (rc);
}

static void
mutant_free(struct mutant *m)
{
	size_t	i;

	if (m == NULL)
		return;
	for (i = 0; m->execs != NULL && i < m->nexecs; i++) {
		free(m->execs[i].dir);
		if (m->execs[i].held != NULL) {
			dlt_exec_done_release(m->execs[i].held);
			free(m->execs[i].held);
		}
		if (m->execs[i].wait != NULL) {
			dlt_exec_done_release(m->execs[i].wait);
			free(m->execs[i].wait);
		}
	}
	for (i = 0; i < m->nviolates; i++)
		free(m->violates[i]);
	free(m->violates);
	free(m->name);
	free(m->op);
	free(m->position);
	free(m->params);
	free(m->json);
	free(m->execs);
	free(m);
}

static void
queue_push(struct runner *r, struct exec *e)
{
	XGROW(r->queue, r->qlen + 1, r->qalloc);
	r->queue[r->qlen++] = e;
}

static struct arm *
arm_of(struct yield_arms *a, const char *key)
{
	size_t	i;

	for (i = 0; i < a->n; i++)
		if (strcmp(a->v[i].key, key) == 0)
			return (&a->v[i]);
	a->v = xreallocarray(a->v, a->n + 1, sizeof *a->v);
	memset(&a->v[a->n], 0, sizeof a->v[0]);
	a->v[a->n].key = key;
	return (&a->v[a->n++]);
}

static void
note_yield(struct runner *r, const struct mutant *m,
    const struct dlt_failure *f, size_t n, int judged)
{
	struct arm	*o = arm_of(&r->ops_y, m->op);
	struct arm	*s = arm_of(&r->models_y, m->seed->path);
	size_t		 i;

	for (i = 0; i < n; i++)
		if ((f[i].cls == DLT_CLASS_CRASH || f[i].cls == DLT_CLASS_NAN ||
		    f[i].cls == DLT_CLASS_INCONSISTENCY) &&
		    dlt_bucket_set_add(&r->seen, f[i].bucket)) {
			o->found++;
			s->found++;
		}
	if (judged) {
		o->tried++;
		s->tried++;
		r->ops_y.tried++;
		r->models_y.tried++;
	}
}

/*
 * UCB1 over "a mutant of this arm found a new bucket", so that arms
 * that find are drawn more and the others are still tried now and then;
 * an arm never tried comes first.
 */
static double
arm_score(struct yield_arms *a, const char *key)
{
	const struct arm	*y = arm_of(a, key);

	if (y->tried == 0)
		return (1e9);
	return ((double)y->found / (double)y->tried +
	    sqrt(2.0 * log((double)a->tried + 1.0) / (double)y->tried));
}

/*
 * The next execution to start, or NULL.  Plan order: the queue's.  Yield
 * order: the rest of the current mutant's executions, the seed models
 * first (their outputs judge equivalence), then the first pending
 * mutant of the operator and seed model whose scores add up to the
 * most (the plan's order among equals): operators and models that find
 * new buckets are drawn more, and a campaign spreads over the models
 * instead of exhausting the first ones.
 */
static struct exec *
next_exec(struct runner *r)
{
	struct exec	*e, *best = NULL;
	double		 s, bs = -1;
	size_t		 i;

	while (r->qhead < r->qlen && r->queue[r->qhead]->taken)
		r->qhead++;
	if (r->qhead >= r->qlen)
		return (NULL);
	if (r->cfg->schedule != DLT_SCHED_YIELD)
		return (r->queue[r->qhead]);
	for (i = r->qhead; i < r->qlen; i++) {
		e = r->queue[i];
		if (e->taken)
			continue;
		if (e->mt == r->current || e->mt->ordinal == 0)
			return (e);
		if (best != NULL && e->mt->op == best->mt->op &&
		    e->mt->seed == best->mt->seed)
			continue;
		s = arm_score(&r->ops_y, e->mt->op) +
		    arm_score(&r->models_y, e->mt->seed->path);
		if (s > bs) {
			bs = s;
			best = e;
		}
	}
	return (best);
}

static int
budget_left(const struct runner *r)
{
	if (r->cfg->budget_count > 0 && r->submitted >= r->cfg->budget_count)
		return (0);
	if (r->cfg->budget_seconds > 0 && dlt_now_ms() - r->start_ms >=
	    (int64_t)(r->cfg->budget_seconds * 1000))
		return (0);
	return (1);
}

static int
submit(struct runner *r, struct exec *e)
{
	struct dlt_exec_req	req;

	if (remove_tree(e->dir) != 0 || dlt_make_dirs(e->dir) != 0) {
		dlt_error_errno("cannot prepare '%s'", e->dir);
		return (-1);
	}
	memset(&req, 0, sizeof req);
	req.id = (uint64_t)r->submitted + 1;
	req.target = e->target;
	req.dir = e->dir;
	req.model_json = e->mt->json;
	/*
	 * The float64 twin beside a float32 model's outputs, on one target
	 * (the oracles' float64_reference): the float32 rounding each
	 * element carries, measured rather than assumed.
	 */
	req.reference64 = ((long)e->target == r->ref_target ||
	    (long)e->target == r->ref_grad_target) &&
	    r->env->oracle->ref_factor > 0 && e->mt->compute_dtype != NULL &&
	    strcmp(e->mt->compute_dtype, "float32") == 0;
	req.arg = e;
	if (dlt_exec_pool_submit(r->pool, &req) != 0)
		return (-1);
	r->submitted++;
	return (0);
}

struct collected {
	struct dlt_classifier	*cl;
	struct dlt_failure	*v;
	size_t			 n;
};

static int
collect_failure(struct dlt_failure *f, void *arg)
{
	struct collected	*c = arg;

	dlt_failure_finish(dlt_classifier_rules(c->cl), f);
	c->v = xreallocarray(c->v, c->n + 1, sizeof *c->v);
	c->v[c->n++] = *f;
	/* the copy owns the strings now */
	memset(f, 0, sizeof *f);
	return (0);
}

void
dlt_runner_failures_free(struct dlt_failure *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		dlt_failure_release(&v[i]);
	free(v);
}

/*
 * A failure of the runner's own on x's framework, its evidence DIR/FILE:
 * no rule priority or confidence; the caller sets class, kind and the
 * rest, then finishes it.
 */
static struct dlt_failure *
runner_failure(const struct dlt_runner_exec *x, const char *file)
{
	struct dlt_failure	*f;

	f = xcalloc(1, sizeof *f);
	f->source = xasprintf("%s/%s", x->dir, file);
	f->line_start = f->line_end = 0;
	f->framework = xstrdup(x->framework);
	f->prio_hint = DLT_PRIO_UNSET;
	f->conf_hint = -1;
	f->rule = xstrdup("runner");
	return (f);
}

/* A failure the runner saw itself when the log names none. */
static struct dlt_failure *
synth_failure(const struct dlt_runner_exec *x, const struct dlt_exec_done *d)
{
	struct dlt_failure	*f;

	f = runner_failure(x, "stderr");
	switch (d->status) {
	case DLT_EXEC_CRASHED:
		f->cls = DLT_CLASS_CRASH;
		f->kind = d->signal > 0 ? xasprintf("signal:%s",
		    sig_name(d->signal)) : xstrdup("abnormal-exit");
		f->signature = xasprintf("%s on %s running %s", d->signal > 0 ?
		    strsignal(d->signal) : "abnormal exit", x->framework, x->op);
		break;
	case DLT_EXEC_TIMEOUT:
		f->cls = DLT_CLASS_TIMEOUT;
		f->kind = xstrdup("execution-timeout");
		f->signature = xasprintf("timeout of %.0f s on %s", x->timeout,
		    x->framework);
		break;
	case DLT_EXEC_OOM:
		f->cls = DLT_CLASS_OOM;
		f->kind = xstrdup("memory-cap");
		f->signature = xasprintf("out of memory on %s", x->framework);
		break;
	default:
		f->cls = DLT_CLASS_UNKNOWN;
		f->kind = xstrdup("unexplained");
		f->signature = xasprintf("%s on %s", dlt_exec_status_names[d->status],
		    x->framework);
		break;
	}
	dlt_failure_finish(dlt_classifier_rules(x->classifier), f);
	return (f);
}

/*
 * What a validation probe came to on one framework, x->violates being
 * "CHECK at 'NODE' (OP)": its bucket is the framework, the check and the
 * op, never the node, whose name differs from model to model.
 */
static struct dlt_failure *
probe_failure(const struct dlt_runner_exec *x, int cls, const char *kind,
    const char *what)
{
	struct dlt_failure	*f;
	const char		*op;
	size_t			 n;

	f = runner_failure(x, "stderr");
	f->cls = cls;
	f->kind = xstrdup(kind);
	op = strrchr(x->violates, '(');
	n = op != NULL ? strcspn(op + 1, ")") : 0;
	f->exc_type = xasprintf("%.*s:%.*s", (int)strcspn(x->violates, " "),
	    x->violates, (int)n, op != NULL ? op + 1 : "");
	f->signature = xasprintf("%s: %s %s: %.*s of %.*s", kind,
	    x->label != NULL ? x->label : x->framework, what,
	    (int)strcspn(x->violates, " "), x->violates, (int)n,
	    op != NULL ? op + 1 : "");
	dlt_failure_finish(dlt_classifier_rules(x->classifier), f);
	return (f);
}

/* A node's scalar text, or def. */
static const char *
scalar_or(const struct ynode *n, const char *def)
{
	return (n != NULL && n->type == YNODE_SCALAR && n->scalar != NULL ?
	    n->scalar : def);
}

/* An inconsistency of kind KIND that a result record shows; takes sig. */
static struct dlt_failure *
record_finding(const struct dlt_runner_exec *x, const char *kind, char *sig)
{
	struct dlt_failure	*f;

	f = runner_failure(x, "result.json");
	f->cls = DLT_CLASS_INCONSISTENCY;
	f->kind = xstrdup(kind);
	f->signature = sig;
	return (f);
}

/*
 * What the harness found wrong in a run that went well, from the result
 * record: the outputs of a +twice run's two passes that differ
 * ("nondeterministic"), or the inputs whose +grad gradient finite
 * differences contradict ("gradient_check"); one failure, or NULL when
 * the record has neither (or cannot be read).
 */
static struct dlt_failure *
record_failure(const struct dlt_runner_exec *x)
{
	struct dlt_failure	*f = NULL;
	struct ynode		*root = NULL;
	const struct ynode	*nd, *gc, *w;
	struct strbuf		 what = STRBUF_INIT;
	char			*path, *err = NULL;
	const char		*label = x->label != NULL ? x->label :
				    x->framework;
	size_t			 i;

	path = xasprintf("%s/result.json", x->dir);
	if (ynode_load_json_file(path, &root, &err) != 0 || root == NULL) {
		free(err);
		free(path);
		return (NULL);
	}
	free(path);
	nd = ynode_get(root, "nondeterministic");
	for (i = 0; nd != NULL && nd->type == YNODE_MAPPING && i < nd->n; i++)
		strbuf_addf(&what, "%s'%s' (max abs %s)", what.len > 0 ? ", " :
		    "", nd->keys[i]->scalar,
		    scalar_or(ynode_get(nd->items[i], "max_abs"), "?"));
	if (what.len > 0) {
		f = record_finding(x, "nondeterminism", xasprintf(
		    "nondeterminism: %s: two runs of one model in one process "
		    "differ", label));
		goto done;
	}
	gc = ynode_get(root, "gradient_check");
	for (i = 0; gc != NULL && gc->type == YNODE_MAPPING && i < gc->n; i++) {
		w = ynode_get(gc->items[i], "numeric");
		strbuf_addf(&what, "%s'%s' (gradient along v %s, finite "
		    "differences %s)", what.len > 0 ? ", " : "",
		    gc->keys[i]->scalar,
		    scalar_or(ynode_get(gc->items[i], "analytic"), "?"),
		    scalar_or(w != NULL && w->type == YNODE_SEQUENCE &&
		    w->n == 2 ? w->items[1] : NULL, "?"));
	}
	if (what.len > 0)
		f = record_finding(x, "gradient", xasprintf("gradient: %s: the "
		    "gradient contradicts finite differences", label));
done:
	if (f != NULL) {
		f->excerpt = strbuf_detach(&what, NULL);
		dlt_failure_finish(dlt_classifier_rules(x->classifier), f);
	}
	strbuf_release(&what);
	ynode_free(root);
	return (f);
}

int
dlt_runner_classify(const struct dlt_runner_exec *x,
    const struct dlt_exec_done *d, struct dlt_failure **out, size_t *nout)
{
	struct collected	 c;
	struct dlt_runctx	 ctx;
	struct dlt_failure	*f;
	char			*path;
	int			 fd;

	*out = NULL;
	*nout = 0;
	if (d->status == DLT_EXEC_OK && x->violates != NULL) {
		/* a validation probe the framework ran: no rule can see that */
		f = probe_failure(x, DLT_CLASS_INCONSISTENCY,
		    "missing-validation", "ran a model its profile rejects");
		*out = f;
		*nout = 1;
		return (0);
	}
	if (d->status == DLT_EXEC_OK && (f = record_failure(x)) != NULL) {
		*out = f;
		*nout = 1;
		return (0);
	}
	if (d->status == DLT_EXEC_OK || d->status == DLT_EXEC_HARNESS ||
	    d->status == DLT_EXEC_UNAVAILABLE || d->status == DLT_EXEC_ILLEGAL)
		return (0);
	memset(&c, 0, sizeof c);
	c.cl = x->classifier;
	/* the rules' run.* fields: the campaign's context, this status */
	dlt_runctx_init(&ctx);
	if (x->ctx != NULL)
		dlt_runctx_copy(&ctx, x->ctx);
	dlt_runctx_set(&ctx, "run.status", store_status_name(d->status));
	if (x->violates != NULL)
		dlt_runctx_set(&ctx, "run.profile", "violates");
	dlt_classifier_set_context(x->classifier, &ctx);
	dlt_runctx_release(&ctx);
	path = xasprintf("%s/stderr", x->dir);
	if ((fd = open(path, O_RDONLY | O_NOCTTY)) != -1) {
		(void)dlt_classify_fd(x->classifier, path, fd, collect_failure,
		    &c, NULL);
		close(fd);
	}
	free(path);
	dlt_classifier_set_context(x->classifier, NULL);
	if (c.n == 0 && d->status == DLT_EXEC_REJECTED && x->violates != NULL) {
		/*
		 * Rejected as its profile says, with nothing in the log to
		 * classify (run-refused-illegal-model decides otherwise).
		 */
		f = probe_failure(x, DLT_CLASS_FALSE_POSITIVE, "validated",
		    "rejected a model its profile rejects");
		c.v = xreallocarray(c.v, 1, sizeof *c.v);
		c.v[c.n++] = *f;
		free(f);
	} else if (c.n == 0 && d->status != DLT_EXEC_REJECTED) {
		f = synth_failure(x, d);
		c.v = xreallocarray(c.v, 1, sizeof *c.v);
		c.v[c.n++] = *f;
		free(f);
	} else if (d->status == DLT_EXEC_TIMEOUT || d->status == DLT_EXEC_OOM) {
		/*
		 * The runner's verdict stands and the log's lines are its
		 * evidence: the thread dump the first stage of a timeout asks
		 * for is no failure of its own.  Only failures of the verdict's
		 * class are kept, or one made from the verdict.
		 */
		int	want = d->status == DLT_EXEC_TIMEOUT ? DLT_CLASS_TIMEOUT :
			    DLT_CLASS_OOM;
		size_t	i, k;

		for (i = k = 0; i < c.n; i++) {
			if (c.v[i].cls == want)
				c.v[k++] = c.v[i];
			else
				dlt_failure_release(&c.v[i]);
		}
		c.n = k;
		if (c.n == 0) {
			f = synth_failure(x, d);
			c.v = xreallocarray(c.v, c.n + 1, sizeof *c.v);
			c.v[c.n++] = *f;
			free(f);
		}
	}
	*out = c.v;
	*nout = c.n;
	return (0);
}

/* The failures of one of the campaign's executions (dlt_runner_classify). */
static int
classify_exec(struct runner *r, struct exec *e, const struct dlt_exec_done *d,
    struct dlt_failure **out, size_t *nout)
{
	struct dlt_runner_exec	x;
	struct dlt_runctx	ctx;
	int			rc;

	memset(&x, 0, sizeof x);
	x.classifier = r->classifiers[e->target];
	x.framework = dlt_framework_name(r->cfg->targets[e->target].framework);
	x.dir = e->dir;
	x.op = e->mt->op;
	x.timeout = r->cfg->timeout;
	x.violates = e->mt->violates != NULL ? e->mt->violates[e->target] :
	    NULL;
	x.label = r->cfg->targets[e->target].label;
	run_context(r, e, &ctx);
	x.ctx = &ctx;
	rc = dlt_runner_classify(&x, d, out, nout);
	/* beside the logs, for a later classify of the run directory */
	dlt_runctx_set(&ctx, "run.status", store_status_name(d->status));
	if (dlt_runctx_write_dir(&ctx, e->dir) != 0 && errno != ENOENT)
		dlt_warn("cannot write %s/%s: %s", e->dir, DLT_RUNCTX_FILE,
		    strerror(errno));
	dlt_runctx_release(&ctx);
	return (rc);
}

/*
 * What the campaign knows about an execution beyond its logs: the
 * mutation mode, whether the mutant satisfies the target's constraint
 * profile, its operator, and how the other targets ended on the same
 * model (those that ran it in this run of the campaign).
 */
static void
run_context(struct runner *r, const struct exec *e, struct dlt_runctx *ctx)
{
	static const char *const modes[] = { "aware", "generic", "probe" };
	const struct mutant	*m = e->mt;
	const struct exec	*o;
	char			*item;
	size_t			 i, n = 0, ok = 0, rejected = 0;
	int			 mode = r->cfg->mode;

	dlt_runctx_init(ctx);
	if (mode >= 0 && mode < 3)
		dlt_runctx_set(ctx, "run.mode", modes[mode]);
	if (m->violates != NULL && m->violates[e->target] != NULL)
		dlt_runctx_set(ctx, "run.profile", "violates");
	else
		dlt_runctx_set(ctx, "run.profile", mode == DLT_MUTATE_GENERIC ?
		    "unchecked" : "legal");
	dlt_runctx_set(ctx, "run.operator", m->op);
	for (i = 0; i < m->nexecs; i++) {
		o = &m->execs[i];
		if (o == e || !o->done || o->resumed || r->dead[o->target])
			continue;
		if (o->status == DLT_EXEC_HARNESS ||
		    o->status == DLT_EXEC_UNAVAILABLE ||
		    o->status == DLT_EXEC_ILLEGAL)
			continue;
		item = xasprintf("%s:%s", r->cfg->targets[o->target].label,
		    store_status_name(o->status));
		/* a label is a word; anything else is no list item */
		(void)dlt_runctx_set(ctx, "run.other", item);
		free(item);
		n++;
		if (o->status == DLT_EXEC_OK)
			ok++;
		else if (o->status == DLT_EXEC_REJECTED)
			rejected++;
	}
	dlt_runctx_set(ctx, "run.others", n == 0 ? "none" : ok == n ?
	    "accepted" : rejected == n ? "rejected" : ok == 0 && rejected == 0 ?
	    "failed" : "mixed");
}

/* The outputs an execution wrote, as result.json lists them. */
static int
load_outputs(struct runner *r, struct exec *e, struct dlt_outputs *o)
{
	struct dlt_diags	 d = DLT_DIAGS_INIT;
	struct ynode		*root = NULL;
	const struct ynode	*outs, *file, *dtype;
	struct dlt_npy		 a;
	char			*path, *err = NULL;
	size_t			 i;
	int			 rc = 0;

	dlt_outputs_init(o, r->cfg->targets[e->target].label, DLT_FWS_OK);
	path = xasprintf("%s/result.json", e->dir);
	if (ynode_load_json_file(path, &root, &err) != 0 || root == NULL) {
		free(err);
		free(path);
		o->status = DLT_FWS_OTHER;
		return (-1);
	}
	free(path);
	/* only a run the framework finished has outputs to compare */
	if ((file = ynode_get(root, "status")) == NULL ||
	    file->type != YNODE_SCALAR || strcmp(file->scalar, "ok") != 0) {
		ynode_free(root);
		return (-1);
	}
	outs = ynode_get(root, "outputs");
	for (i = 0; outs != NULL && outs->type == YNODE_MAPPING && i < outs->n;
	    i++) {
		file = ynode_get(outs->items[i], "file");
		dtype = ynode_get(outs->items[i], "dtype");
		if (file == NULL || file->type != YNODE_SCALAR ||
		    strstr(file->scalar, "..") != NULL) {
			rc = -1;
			continue;
		}
		path = xasprintf("%s/%s", e->dir, file->scalar);
		dlt_npy_init(&a);
		if (dlt_npy_load(&a, path, &d) == 0)
			dlt_outputs_add_npy(o, outs->keys[i]->scalar,
			    dtype != NULL && dtype->type == YNODE_SCALAR ?
			    dtype->scalar : NULL, &a);
		else
			rc = -1;
		dlt_npy_release(&a);
		free(path);
	}
	if (d.n > 0 && !r->env->quiet)
		dlt_diags_print(&d, stderr);
	dlt_diags_release(&d);
	ynode_free(root);
	return (rc);
}

/* What the oracles found for a mutant, ready for the store. */
struct oracle_out {
	struct dlt_oracle_result	  res;
	struct dlt_store_comparison	 *cmp;
	struct dlt_failure		 *fv;
	struct dlt_store_oracle_failure	 *ofv;
	size_t				  nf;
	struct strbuf			  log;
};

static void
oracle_out_release(struct oracle_out *o)
{
	dlt_runner_failures_free(o->fv, o->nf);
	free(o->ofv);
	free(o->cmp);
	dlt_oracle_result_release(&o->res);
	strbuf_release(&o->log);
}

/*
 * Every target has run m: compare what they gave.  A defect finding
 * becomes a failure whose evidence is its line of the oracle report.
 */
static void
run_oracles(struct runner *r, struct mutant *m, struct oracle_out *o)
{
	struct dlt_outputs		*outs;
	const struct dlt_oracle_finding	*of;
	const struct dlt_oracle_pair	*p;
	struct dlt_failure		*f;
	size_t				 i, n = r->cfg->ntargets;
	long				 line = 0;

	memset(o, 0, sizeof *o);
	strbuf_init(&o->log);
	outs = xcalloc(n, sizeof *outs);
	for (i = 0; i < n; i++) {
		struct exec	*e = &m->execs[i];

		if (r->dead[i] || load_outputs(r, e, &outs[i]) != 0) {
			dlt_outputs_release(&outs[i]);
			/*
			 * A probe rejected where its profile says it is
			 * illegal did what it should: no disagreement with
			 * the frameworks that may run it.
			 */
			dlt_outputs_init(&outs[i], r->cfg->targets[i].label,
			    e->status == DLT_EXEC_REJECTED && (m->violates ==
			    NULL || m->violates[i] == NULL) ? DLT_FWS_REJECTED :
			    DLT_FWS_OTHER);
		}
	}
	dlt_oracle_result_init(&o->res);
	dlt_oracle_compare(r->env->oracle, m->injected, m->compute_dtype,
	    m->ordinal > 0 && m->seed->outputs_ready ? m->seed->outputs : NULL,
	    m->ordinal > 0 && m->seed->outputs_ready ? n : 0, outs, n, &o->res);
	o->cmp = xcalloc(o->res.npairs + 1, sizeof *o->cmp);
	for (i = 0; i < o->res.npairs; i++) {
		p = &o->res.pairs[i];
		o->cmp[i].output = p->output;
		o->cmp[i].framework_a = p->fw_a;
		o->cmp[i].framework_b = p->fw_b;
		o->cmp[i].max_abs = p->max_abs;
		o->cmp[i].max_rel = p->max_rel;
		o->cmp[i].d_mad = p->dmad;
		o->cmp[i].verdict = dlt_pair_verdict_name(p->verdict);
		o->cmp[i].rtol = p->rtol;
		o->cmp[i].atol = p->atol;
	}
	for (i = 0; i < o->res.nfindings; i++) {
		of = &o->res.findings[i];
		strbuf_addf(&o->log, "%s %s%s: %s\n", of->defect ? "defect" :
		    "record", dlt_oracle_class_name(of->cls),
		    of->kind != NULL ? "" : "", of->evidence != NULL ?
		    of->evidence : of->signature);
		/* an evidence text may hold several lines */
		line++;
		{
			const char	*q;

			for (q = of->evidence; q != NULL && *q != '\0'; q++)
				if (*q == '\n' && q[1] != '\0')
					line++;
		}
		if (!of->defect)
			continue;
		o->fv = xreallocarray(o->fv, o->nf + 1, sizeof *o->fv);
		f = &o->fv[o->nf++];
		memset(f, 0, sizeof *f);
		f->source = xasprintf("run:%s/%s/oracles", m->seed->model.name,
		    m->name);
		f->line_start = f->line_end = line;
		f->cls = of->cls == DLT_OC_NAN ? DLT_CLASS_NAN :
		    DLT_CLASS_INCONSISTENCY;
		f->kind = xstrdup(of->kind);
		/* the targets it is about: one links it to that execution */
		f->framework = xstrdup(of->frameworks != NULL ? of->frameworks :
		    "unknown");
		f->signature = xstrdup(of->signature);
		f->rule = xasprintf("oracle:%s", of->kind);
		f->excerpt = of->evidence != NULL ? xstrdup(of->evidence) : NULL;
		f->prio_hint = DLT_PRIO_UNSET;
		f->conf_hint = -1;
		dlt_failure_finish(dlt_classifier_rules(r->classifiers[0]), f);
	}
	o->ofv = xcalloc(o->nf + 1, sizeof *o->ofv);
	for (i = 0; i < o->nf; i++) {
		o->ofv[i].failure = &o->fv[i];
		o->ofv[i].framework = strcmp(o->fv[i].framework, "unknown") != 0 &&
		    strchr(o->fv[i].framework, ',') == NULL ?
		    o->fv[i].framework : NULL;
	}
	if (m->ordinal == 0) {
		/* the seed's outputs stay for its mutants */
		m->seed->outputs = outs;
		m->seed->outputs_ready = 1;
	} else {
		for (i = 0; i < n; i++)
			dlt_outputs_release(&outs[i]);
		free(outs);
	}
}

/*
 * The runner's environment with the harness package first on
 * PYTHONPATH, for the probes (the pool does the same for executions).
 */
static char **
harness_env(const char *harness_dir)
{
	extern char	**environ;
	const char	 *old = getenv("PYTHONPATH");
	char		**v;
	size_t		  n = 0, i;

	while (environ[n] != NULL)
		n++;
	v = xcalloc(n + 2, sizeof *v);
	for (i = 0, n = 0; environ[i] != NULL; i++)
		if (strncmp(environ[i], "PYTHONPATH=", 11) != 0)
			v[n++] = xstrdup(environ[i]);
	if (old != NULL && *old != '\0')
		v[n++] = xasprintf("PYTHONPATH=%s:%s", harness_dir, old);
	else
		v[n++] = xasprintf("PYTHONPATH=%s", harness_dir);
	v[n] = NULL;
	return (v);
}

/*
 * Before anything runs: can each target's interpreter import its
 * framework?  One harness process per target says hello (or
 * unavailable) and quits.  A target that cannot be used is said once and
 * left out of the campaign.
 */
static int
probe_targets(struct runner *r)
{
	struct dlt_linebuf	 lb;
	struct dlt_child	 c;
	struct dlt_fdmap	 fds[2];
	struct strbuf		 line = STRBUF_INIT;
	struct ynode		*msg;
	const struct ynode	*type, *v;
	const char		*argv[8];
	char			*log, *err, *why, **envv;
	int			 req[2], mp[2], got, alive = 0;
	int64_t			 deadline;
	size_t			 t, i;

	envv = harness_env(r->harness_dir);
	for (t = 0; t < r->cfg->ntargets; t++) {
		why = NULL;
		got = 0;
		if (pipe(req) != 0 || pipe(mp) != 0)
			return (dlt_error_errno("cannot make a pipe"));
		log = xasprintf("%s/probe-%s.log", r->workdir,
		    r->cfg->targets[t].label);
		argv[0] = r->python[t];
		argv[1] = "-m";
		argv[2] = "dltriage_harness.serve";
		argv[3] = "--framework";
		argv[4] = r->cfg->targets[t].harness;
		argv[5] = "--mode";
		argv[6] = "once";
		argv[7] = NULL;
		memset(&c, 0, sizeof c);
		c = (struct dlt_child)DLT_CHILD_INIT;
		c.argv = argv;
		c.env = (const char *const *)envv;
		c.out = DLT_STDIO_FILE;
		c.out_path = log;
		c.err = DLT_STDIO_TO_STDOUT;
		fds[0].parent_fd = req[0];
		fds[0].child_fd = 3;
		fds[1].parent_fd = mp[1];
		fds[1].child_fd = 4;
		c.fds = fds;
		c.nfds = 2;
		c.timeout_ms = 300000;
		if (dlt_child_start(&c) != 0) {
			why = xasprintf("cannot start '%s': %s", r->python[t],
			    strerror(c.res.spawn_errno));
			close(req[0]);
			close(req[1]);
			close(mp[0]);
			close(mp[1]);
		} else {
			close(req[0]);
			close(mp[1]);
			/* it may have died already: then its message says why */
			(void)!write(req[1], "{\"type\": \"quit\"}\n", 17);
			close(req[1]);
			dlt_linebuf_init(&lb);
			deadline = dlt_now_ms() + 300000;
			while (!got && !lb.eof && dlt_now_ms() < deadline) {
				struct pollfd	pfd = { mp[0], POLLIN, 0 };

				if (poll(&pfd, 1, 1000) < 0 && errno != EINTR)
					break;
				while (dlt_linebuf_getline(&lb, mp[0], &line) > 0) {
					msg = NULL;
					err = NULL;
					if (ynode_load_json_buffer(line.buf, line.len, &msg,
					    &err) != 0 || msg == NULL) {
						free(err);
						ynode_free(msg);
						continue;
					}
					type = ynode_get(msg, "type");
					if (type != NULL && strcmp(type->scalar,
					    "hello") == 0) {
						got = 1;
						v = ynode_get(msg,
						    "framework_version");
						if (v != NULL && v->type ==
						    YNODE_SCALAR)
							probed_release(r, t,
							    v->scalar);
						if (!r->env->quiet && v != NULL)
							fprintf(stderr, "dltriage: run: "
							    "%s: %s %s (%s)\n",
							    r->cfg->targets[t].label,
							    r->cfg->targets[t].harness,
							    v->scalar, r->python[t]);
					} else if (type != NULL && strcmp(type->scalar,
					    "unavailable") == 0) {
						got = 1;
						v = ynode_get(msg, "message");
						why = xstrdup(v != NULL ? v->scalar :
						    "cannot import it");
					}
					ynode_free(msg);
					if (got)
						break;
				}
			}
			dlt_linebuf_release(&lb);
			close(mp[0]);
			(void)dlt_child_wait(&c);
			if (!got)
				why = xasprintf("its harness said nothing (see "
				    "'%s')", log);
			dlt_child_release(&c);
		}
		if (why != NULL) {
			r->dead[t] = 1;
			r->sum->unavailable++;
			dlt_error("framework '%s' cannot be used with '%s': %s; "
			    "the campaign goes on without it",
			    r->cfg->targets[t].label, r->python[t], why);
			free(why);
		} else
			alive++;
		free(log);
	}
	strbuf_release(&line);
	for (i = 0; envv[i] != NULL; i++)
		free(envv[i]);
	free(envv);
	if (alive == 0)
		return (dlt_error("no framework of the campaign can be used"));
	return (0);
}

/* Up to cap bytes of a file, NUL-terminated; NULL when it cannot be read. */
static char *
read_file(const char *path, size_t cap, size_t *lenp)
{
	struct strbuf	sb = STRBUF_INIT;
	char		buf[65536];
	ssize_t		n;
	int		fd;

	*lenp = 0;
	if ((fd = open(path, O_RDONLY | O_NOCTTY)) == -1)
		return (NULL);
	while (sb.len < cap && (n = read(fd, buf, sizeof buf)) > 0)
		strbuf_add(&sb, buf, sb.len + (size_t)n > cap ? cap - sb.len :
		    (size_t)n);
	close(fd);
	*lenp = sb.len;
	return (strbuf_detach(&sb, NULL));
}

/*
 * One execution ended: classify it, and commit it with its evidence and
 * failures; the last of its mutant also carries the oracles' results.
 */
/*
 * The memory cap (RLIMIT_AS) makes allocations fail, and native code
 * that does not check them dies of a signal far below the cap's reading:
 * a VGG-19 compiled by XLA died of SIGSEGV under 6 GiB and ran without
 * it.  Such a death is run again in a process of its own without the
 * cap before it is recorded: if it then runs, the cap killed it (oom),
 * else it is the crash it looked like.
 */
static int
recheck_wanted(const struct runner *r, const struct exec *e,
    const struct dlt_exec_done *d)
{
	return (d->status == DLT_EXEC_CRASHED && d->signal > 0 &&
	    r->cfg->memory > 0 && !e->rechecked && !stop_signal);
}

static int
recheck_submit(struct runner *r, struct exec *e)
{
	struct dlt_exec_req	 req;
	char			*dir;
	int			 rc;

	e->rechecked = 1;
	dir = xasprintf("%s.uncapped", e->dir);
	if (remove_tree(dir) != 0 || dlt_make_dirs(dir) != 0) {
		dlt_error_errno("cannot prepare '%s'", dir);
		free(dir);
		return (-1);
	}
	memset(&req, 0, sizeof req);
	/* apart from the campaign's ids, which the count budget counts */
	req.id = ((uint64_t)1 << 62) + ++r->recheck_ids;
	req.target = e->target;
	req.dir = dir;
	req.model_json = e->mt->json;
	req.uncapped = 1;
	req.arg = e;
	rc = dlt_exec_pool_submit(r->pool, &req);
	free(dir);
	return (rc);
}

/*
 * d is the recheck's end: it becomes the first run's, its verdict
 * amended by what the run without the cap did.
 */
static void
recheck_judge(struct runner *r, struct exec *e, struct dlt_exec_done *d)
{
	struct dlt_exec_done	 again = *d;
	char			*why;

	*d = *e->held;
	free(e->held);
	e->held = NULL;
	if (again.status == DLT_EXEC_OK || again.status == DLT_EXEC_REJECTED) {
		d->status = DLT_EXEC_OOM;
		why = xasprintf("%s; without the memory cap it ran to its end "
		    "(%s, in %s.uncapped): the cap, not the framework",
		    d->why != NULL ? d->why : "killed by a signal",
		    dlt_exec_status_names[again.status], e->dir);
		r->sum->cap_deaths++;
	} else
		why = xasprintf("%s; without the memory cap: %s%s%s",
		    d->why != NULL ? d->why : "killed by a signal",
		    again.status == DLT_EXEC_CRASHED ? "it crashed again" :
		    dlt_exec_status_names[again.status],
		    again.why != NULL ? " (" : "", again.why != NULL ?
		    again.why : "");
	if (again.status != DLT_EXEC_OK && again.status != DLT_EXEC_REJECTED &&
	    again.why != NULL) {
		char	*w = why;

		why = xasprintf("%s)", w);
		free(w);
	}
	free(d->why);
	d->why = why;
	r->sum->rechecked++;
	dlt_exec_done_release(&again);
}

/* Stopped before its recheck: the first run is recorded as it ended. */
static int
recheck_skip(struct runner *r, struct exec *e)
{
	struct dlt_exec_done	 d = *e->held;
	char			*why;
	int			 rc;

	free(e->held);
	e->held = NULL;
	e->rechecked = 1;
	why = xasprintf("%s; not run again without the memory cap: the "
	    "campaign was stopped", d.why != NULL ? d.why :
	    "killed by a signal");
	free(d.why);
	d.why = why;
	rc = finish(r, &d);
	dlt_exec_done_release(&d);
	return (rc);
}

/* An execution's status as the store and the run context name it. */
static const char *
store_status_name(enum dlt_exec_status s)
{
	static const char *const names[] = { "ok", "rejected", "crashed",
	    "timeout", "oom", "harness", "harness", "illegal" };

	return ((int)s >= 0 && s < DLT_EXEC_STATUS_COUNT ? names[s] :
	    "harness");
}

static int
finish(struct runner *r, struct dlt_exec_done *d)
{
	struct exec	*e = d->arg;
	struct mutant	*m = e->mt;
	size_t		 i;
	int		 rc = 0;

	if (e->held != NULL)
		recheck_judge(r, e, d);
	else if (recheck_wanted(r, e, d)) {
		/* recorded once the run without the cap says what it was */
		e->held = xmalloc(sizeof *e->held);
		*e->held = *d;
		memset(d, 0, sizeof *d);
		XGROW(r->rechecks, r->nrechecks + 1, r->arechecks);
		r->rechecks[r->nrechecks++] = e;
		return (0);
	}
	e->done = 1;
	e->status = d->status;
	r->sum->executed++;
	if ((int)d->status >= 0 && d->status < DLT_EXEC_STATUS_COUNT)
		r->sum->by_status[d->status]++;
	if (d->status == DLT_EXEC_UNAVAILABLE && !r->dead[e->target]) {
		dlt_error("framework '%s' became unavailable: %s",
		    r->cfg->targets[e->target].label, d->why != NULL ? d->why :
		    "?");
	}
	if (--m->pending > 0) {
		/* recorded with the others, once they ran (run_context) */
		e->wait = xmalloc(sizeof *e->wait);
		*e->wait = *d;
		memset(d, 0, sizeof *d);
		return (0);
	}
	for (i = 0; i < m->nexecs; i++)
		if (m->execs[i].wait != NULL && record_waiting(r,
		    &m->execs[i]) != 0)
			rc = -1;
	if (record_exec(r, e, d, 1) != 0)
		rc = -1;
	return (rc);
}

/* Record an execution that waited for the other targets. */
static int
record_waiting(struct runner *r, struct exec *e)
{
	struct dlt_exec_done	*w = e->wait;
	int			 rc;

	e->wait = NULL;
	rc = record_exec(r, e, w, 0);
	dlt_exec_done_release(w);
	free(w);
	return (rc);
}

/*
 * At the end of a run, the executions of mutants that not every target
 * ran (a budget, a signal, an error): recorded with what is known.
 */
static int
record_all_waiting(struct runner *r, struct mutant **mv, size_t nm)
{
	size_t	i, t;
	int	rc = 0;

	for (i = 0; i < nm; i++)
		for (t = 0; t < mv[i]->nexecs; t++)
			if (mv[i]->execs[t].wait != NULL &&
			    record_waiting(r, &mv[i]->execs[t]) != 0)
				rc = -1;
	return (rc);
}

/*
 * Classify an execution, with its run context, and record it; the last
 * of its mutant also runs the oracles over the targets' outputs.
 */
static int
record_exec(struct runner *r, struct exec *e, struct dlt_exec_done *d,
    int last)
{
	struct mutant			*m = e->mt;
	struct dlt_store_execution	 x;
	struct dlt_store_evidence	 ev[4];
	struct oracle_out		 o;
	struct dlt_failure		*fv;
	char				*paths[4], *texts[4], *log = NULL;
	size_t				 nf, i, nev = 0, lens[4], loglen = 0;
	int				 rc;

	(void)classify_exec(r, e, d, &fv, &nf);
	for (i = 0; i < nf; i++) {
		r->sum->failures++;
		if (fv[i].cls >= 0 && fv[i].cls < 8)
			r->sum->by_class[fv[i].cls]++;
	}
	if (m->ordinal > 0)
		note_yield(r, m, fv, nf, 0);
	if (last) {
		run_oracles(r, m, &o);
		for (i = 0; i < o.nf; i++) {
			r->sum->failures++;
			if (o.fv[i].cls >= 0 && o.fv[i].cls < 8)
				r->sum->by_class[o.fv[i].cls]++;
		}
		if (m->ordinal > 0)
			note_yield(r, m, o.fv, o.nf, 1);
		if (m->ordinal > 0 && o.res.equivalent == 1)
			r->sum->equivalent++;
	}

	/* the evidence: the streams, the backtrace, the result record */
	memset(ev, 0, sizeof ev);
	paths[0] = xasprintf("%s/stdout", e->dir);
	paths[1] = xasprintf("%s/stderr", e->dir);
	paths[2] = d->backtrace_path != NULL ? xstrdup(d->backtrace_path) : NULL;
	paths[3] = xasprintf("%s/result.json", e->dir);
	for (i = 0; i < 4; i++) {
		texts[i] = paths[i] != NULL ? read_file(paths[i],
		    (size_t)DLT_STORE_EVIDENCE_CAP * 4, &lens[i]) : NULL;
		if (texts[i] == NULL)
			continue;
		ev[nev].kind = i == 0 ? "stdout" : i == 1 ? "stderr" : i == 2 ?
		    "backtrace" : "result";
		ev[nev].content = texts[i];
		ev[nev].len = lens[i];
		ev[nev].path = paths[i];
		nev++;
	}
	log = paths[1] != NULL ? read_file(paths[1], (size_t)64 << 20, &loglen) :
	    NULL;

	dlt_store_execution_init(&x);
	x.mutant_id = m->store_id;
	x.framework = r->cfg->targets[e->target].label;
	x.framework_version = d->framework_version;
	x.python = d->executable;
	x.isolation = d->isolation;
	x.status = store_status_name(d->status);
	x.harness_status = d->status == DLT_EXEC_UNAVAILABLE ? "unavailable" :
	    d->harness_status;
	x.why = d->why;
	x.exit_code = d->exit_code;
	x.signal = d->signal;
	x.core = d->core_dumped;
	x.timed_out = d->timed_out;
	x.wall_ms = d->wall_ms;
	x.rss_kb = d->rss_kib;
	x.dir = e->dir;
	x.result_json = texts[3];
	x.evidence = ev;
	x.nevidence = nev;
	/* a probe's missing validation is a failure of a run that went well */
	if (nf > 0 && log == NULL) {
		log = xstrdup("");
		loglen = 0;
	}
	if (((d->status != DLT_EXEC_OK && d->status != DLT_EXEC_HARNESS &&
	    d->status != DLT_EXEC_UNAVAILABLE &&
	    d->status != DLT_EXEC_ILLEGAL) || nf > 0) && log != NULL) {
		x.log = log;
		x.loglen = loglen;
		x.failures = fv;
		x.nfailures = nf;
	}
	if (last) {
		x.comparisons = o.cmp;
		x.ncomparisons = o.res.npairs;
		x.oracle_log = o.log.buf;
		x.oracle_loglen = o.log.len;
		x.oracle_failures = o.ofv;
		x.noracle_failures = o.nf;
		x.equivalent = m->ordinal > 0 ? o.res.equivalent : -1;
	}
	rc = dlt_store_execution_record(r->st, &x, NULL);
	for (i = 0; i < 4; i++) {
		free(paths[i]);
		free(texts[i]);
	}
	free(log);
	dlt_runner_failures_free(fv, nf);
	if (last)
		oracle_out_release(&o);
	if (d->status == DLT_EXEC_OK)
		m->has_outputs = 1;
	return (rc < 0 ? -1 : 0);
}

static void
progress(struct runner *r, int final)
{
	const struct dlt_run_summary	*s = r->sum;
	int64_t				 now = dlt_now_ms(), el;
	long				 done = s->done_before + s->executed;
	double				 rate, eta;
	char				 bar[31];
	int				 i, fill;

	if (r->env->quiet)
		return;
	if (!final && now - r->last_progress_ms < (r->env->progress ? 250 :
	    10000))
		return;
	r->last_progress_ms = now;
	el = now - r->start_ms;
	rate = el > 0 ? s->executed * 1000.0 / (double)el : 0;
	eta = rate > 0 ? (double)(s->planned - done) / rate : 0;
	if (r->env->progress) {
		fill = s->planned > 0 ? (int)(30 * done / s->planned) : 30;
		for (i = 0; i < 30; i++)
			bar[i] = i < fill ? '#' : '-';
		bar[30] = '\0';
		fprintf(stderr, "\r[%s] %ld/%ld  %.1f/s  ETA %ldm%02lds  crash %ld "
		    "nan %ld incons %ld fp %ld timeout %ld oom %ld harness %ld\033[K",
		    bar, done, s->planned, rate, (long)eta / 60, (long)eta % 60,
		    s->by_class[DLT_CLASS_CRASH], s->by_class[DLT_CLASS_NAN],
		    s->by_class[DLT_CLASS_INCONSISTENCY],
		    s->by_class[DLT_CLASS_FALSE_POSITIVE],
		    s->by_class[DLT_CLASS_TIMEOUT], s->by_class[DLT_CLASS_OOM],
		    s->by_status[DLT_EXEC_HARNESS]);
		if (final)
			fputc('\n', stderr);
		r->progress_shown = 1;
	} else
		fprintf(stderr, "dltriage: run: %ld/%ld executions, %.1f/s, "
		    "%ld failures, %ld harness errors\n", done, s->planned, rate,
		    s->failures, s->by_status[DLT_EXEC_HARNESS]);
	fflush(stderr);
}

/* Start what the queue holds while slots are free; wait for one to end. */
static int
run_queue(struct runner *r)
{
	struct dlt_exec_done	d;
	struct exec		*e;
	int			rc, busy;

	for (;;) {
		/* rechecks first: their first runs wait to be recorded */
		while (r->nrechecks > 0 && (stop_signal ||
		    dlt_exec_pool_free_slots(r->pool) > 0)) {
			e = r->rechecks[--r->nrechecks];
			rc = stop_signal ? recheck_skip(r, e) :
			    recheck_submit(r, e);
			if (rc != 0)
				return (-1);
		}
		while (!stop_signal && r->qtaken < r->qlen &&
		    dlt_exec_pool_free_slots(r->pool) > 0) {
			if (!budget_left(r)) {
				r->sum->budget_hit = 1;
				r->qtaken = r->qhead = r->qlen;
				break;
			}
			if ((e = next_exec(r)) == NULL)
				break;
			e->taken = 1;
			r->qtaken++;
			r->current = e->mt;
			if (submit(r, e) != 0)
				return (-1);
		}
		/*
		 * Nothing running: what ended and is not collected yet (an
		 * execution the pool finished at once) is still collected.
		 */
		busy = dlt_exec_pool_busy(r->pool);
		memset(&d, 0, sizeof d);
		rc = dlt_exec_pool_wait(r->pool, busy > 0 ? 200 : 0, &d);
		if (rc < 0)
			return (-1);
		if (rc == 0 && busy == 0 && r->nrechecks == 0)
			return (0);
		if (rc == 1) {
			rc = finish(r, &d);
			dlt_exec_done_release(&d);
			if (rc != 0) {
				r->sum->store_failed = 1;
				return (-1);
			}
		}
		progress(r, 0);
	}
}

int
dlt_runner_run(const struct dlt_runner_env *env, struct dlt_run_summary *sum)
{
	struct runner		 r;
	struct dlt_exec_opts	 eo;
	struct dlt_diags	 d = DLT_DIAGS_INIT;
	struct dlt_classify_opts co;
	struct sigaction	 sa, old_int, old_term;
	struct seed		*seeds = NULL;
	struct mutant		**mv = NULL;
	char			**paths = NULL, *env_extra[4], *ld;
	char			 *threads_env = NULL;
	size_t			 npaths = 0, nm = 0, i, j, t, nt;
	int			 rc = 0;

	memset(&r, 0, sizeof r);
	r.lock_fd = -1;
	memset(sum, 0, sizeof *sum);
	r.env = env;
	r.cfg = env->cfg;
	/*
	 * The float64 references come from the first target in plain mode,
	 * and those of the gradients from the first +grad target.
	 */
	r.ref_target = r.ref_grad_target = -1;
	for (t = 0; t < r.cfg->ntargets; t++) {
		const char	*plus = strchr(r.cfg->targets[t].harness, '+');

		if (plus == NULL && r.ref_target < 0)
			r.ref_target = (long)t;
		if (plus != NULL && strcmp(plus, "+grad") == 0 &&
		    r.ref_grad_target < 0)
			r.ref_grad_target = (long)t;
	}
	r.sum = sum;
	nt = r.cfg->ntargets;
	stop_signal = 0;
	if (parse_ops(&r) != 0 || resolve_models(&r, &paths, &npaths) != 0 ||
	    load_profiles(&r) != 0) {
		rc = -1;
		goto out;
	}
	/* the seed models, loaded and inferred before anything runs */
	seeds = xcalloc(npaths, sizeof *seeds);
	for (i = 0; i < npaths; i++) {
		seeds[i].path = paths[i];
		if (dlt_model_load(paths[i], &seeds[i].model, &d) != 0 ||
		    dlt_model_infer(&seeds[i].model, &d) != 0) {
			dlt_diags_print(&d, stderr);
			rc = -1;
		}
		dlt_diags_release(&d);
	}
	if (rc != 0)
		goto out;

	r.workdir = env->cfg->workdir != NULL ? xstrdup(env->cfg->workdir) :
	    xasprintf("%s.d", env->db_path != NULL ? env->db_path : "run");
	if (!env->dry_run && dlt_make_dirs(r.workdir) != 0) {
		rc = -1;
		goto out;
	}
	if (!env->dry_run) {
		/* the harness runs in an execution's directory: paths are absolute */
		char	*abs = realpath(r.workdir, NULL);

		if (abs == NULL) {
			rc = dlt_error_errno("cannot resolve '%s'", r.workdir);
			goto out;
		}
		free(r.workdir);
		r.workdir = abs;
		if (lock_workdir(&r) != 0) {
			sum->store_failed = 1;
			rc = -1;
			goto out;
		}
	}
	r.st = env->store;
	if (env->dry_run)
		goto planned;
	{
		struct dlt_store_campaign	 sc;
		struct strbuf			 id = STRBUF_INIT;
		char				 hex[17];
		int				 resumed;

		dlt_run_config_identity(r.cfg, &id);
		dlt_hash_hex(dlt_hash(DLT_HASH_INIT, id.buf, id.len), hex);
		memset(&sc, 0, sizeof sc);
		sc.name = r.cfg->name;
		sc.config_json = id.buf;
		sc.config_hash = hex;
		sc.seed = r.cfg->seed;
		sc.mode = dlt_mutate_mode_name(r.cfg->mode);
		sc.shard_index = r.cfg->shard_index - 1;
		sc.shard_count = r.cfg->shard_count;
		rc = dlt_store_campaign_open(r.st, &sc, &r.campaign_id, &resumed);
		strbuf_release(&id);
		if (rc != 0) {
			sum->store_failed = 1;
			rc = -1;
			goto out;
		}
		sum->campaign_id = r.campaign_id;
	}
planned:
	r.harness_dir = xasprintf("%s/harness", env->datadir);
	r.targets = xcalloc(nt, sizeof *r.targets);
	r.python = xcalloc(nt, sizeof *r.python);
	r.classifiers = xcalloc(nt, sizeof *r.classifiers);
	r.reported = xcalloc(nt, sizeof *r.reported);
	r.dead = xcalloc(nt, sizeof *r.dead);
	for (t = 0; t < nt; t++) {
		r.python[t] = absolute_path(r.cfg->targets[t].python != NULL ?
		    xstrdup(r.cfg->targets[t].python) : default_python(env));
		r.targets[t].label = r.cfg->targets[t].label;
		r.targets[t].harness = r.cfg->targets[t].harness;
		r.targets[t].python = r.python[t];
		memset(&co, 0, sizeof co);
		co.framework = dlt_framework_name(r.cfg->targets[t].framework);
		r.classifiers[t] = dlt_classifier_new(env->rules, &co);
	}
	memset(&eo, 0, sizeof eo);
	eo.harness_dir = r.harness_dir;
	eo.isolation = r.cfg->isolation;
	eo.jobs = r.cfg->jobs;
	eo.timeout_ms = (int)(r.cfg->timeout * 1000);
	eo.grace_ms = (int)(r.cfg->grace * 1000);
	eo.memory = r.cfg->memory;
	eo.output_cap = r.cfg->output_cap;
	eo.worker_max = r.cfg->worker_max;
	env_extra[0] = "PYTHONDONTWRITEBYTECODE=1";
	env_extra[1] = "PYTHONUNBUFFERED=1";
	env_extra[2] = NULL;
	env_extra[3] = NULL;
	/* the harness gives each framework this many threads (threads.py) */
	if (r.cfg->threads > 0)
		env_extra[2] = threads_env = xasprintf("DLTRIAGE_THREADS=%d",
		    r.cfg->threads);
	eo.env = (const char *const *)env_extra;
	eo.logdir = r.workdir;
	if (!env->dry_run && dlt_exec_pool_new(&r.pool, r.targets, nt, &eo) != 0) {
		rc = -1;
		goto out;
	}

	if (!env->dry_run && probe_targets(&r) != 0) {
		rc = -1;
		goto out;
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	signal(SIGPIPE, SIG_IGN);
	r.start_ms = dlt_now_ms();

	/* plan every seed first: the total is known before the first execution */
	for (i = 0; i < npaths && rc == 0 && !stop_signal; i++) {
		struct mutant	**v;
		size_t		  n;

		if (plan_seed(&r, &seeds[i], &v, &n) != 0) {
			rc = -1;
			break;
		}
		{
			struct strbuf	ir = STRBUF_INIT;

			dlt_model_write_json(&seeds[i].model, &ir);
			rc = env->dry_run ? 0 : dlt_store_model_add(r.st,
			    seeds[i].model.name,
			    seeds[i].path, dlt_hash(DLT_HASH_INIT, ir.buf, ir.len),
			    seeds[i].model.seed, &seeds[i].store_id);
			strbuf_release(&ir);
		}
		for (j = 0; j < n && rc == 0; j++) {
			struct mutant		*m = v[j];
			struct dlt_store_mutant	 sm;
			int			 done;

			memset(&sm, 0, sizeof sm);
			sm.campaign_id = r.campaign_id;
			sm.model_id = seeds[i].store_id;
			sm.ordinal = m->ordinal;
			sm.op = m->op;
			sm.mode = dlt_mutate_mode_name(r.cfg->mode);
			sm.seed = m->mseed;
			sm.position = m->position;
			sm.params_json = m->params;
			sm.ir_json = m->json;
			sm.ir_hash = dlt_hash(DLT_HASH_INIT, m->json, strlen(m->json));
			if (!env->dry_run &&
			    dlt_store_mutant_add(r.st, &sm, &m->store_id) != 0) {
				rc = -1;
				break;
			}
			m->execs = xcalloc(nt, sizeof *m->execs);
			m->nexecs = nt;
			sum->mutants += m->ordinal > 0;
			for (t = 0; t < nt; t++) {
				m->execs[t].mt = m;
				m->execs[t].target = t;
				ld = label_dir(r.cfg->targets[t].label);
				m->execs[t].dir = xasprintf("%s/%s/%s/%s",
				    r.workdir, seeds[i].model.name, m->name, ld);
				free(ld);
				if (r.dead[t])
					continue;
				sum->planned++;
				done = 0;
				if (!env->dry_run && dlt_store_execution_done(r.st,
				    r.campaign_id, seeds[i].store_id, m->ordinal,
				    r.cfg->targets[t].label, &done) != 0) {
					rc = -1;
					break;
				}
				if (done) {
					m->execs[t].done = 1;
					m->execs[t].resumed = 1;
					sum->done_before++;
					continue;
				}
				m->pending++;
				queue_push(&r, &m->execs[t]);
			}
		}
		if (rc != 0) {
			sum->store_failed = 1;
			for (j = 0; j < n; j++)
				mutant_free(v[j]);
			free(v);
			break;
		}
		mv = xreallocarray(mv, nm + n, sizeof *mv);
		memcpy(mv + nm, v, n * sizeof *v);
		nm += n;
		free(v);
	}
	if (env->dry_run)
		goto out;
	if (rc == 0 && !stop_signal)
		rc = run_queue(&r);
	if (record_all_waiting(&r, mv, nm) != 0 && rc == 0)
		rc = -1;
	progress(&r, 1);
	if (stop_signal) {
		sum->interrupted = 1;
		if (rc == 0)
			rc = 1;
	}
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	if (rc == 0 && !sum->budget_hit &&
	    dlt_store_campaign_finish(r.st, r.campaign_id) != 0)
		sum->store_failed = 1;
out:
	free(threads_env);
	free(r.ops_y.v);
	free(r.models_y.v);
	dlt_bucket_set_release(&r.seen);
	if (r.pool != NULL)
		dlt_exec_pool_free(r.pool);
	for (i = 0; i < nm; i++)
		mutant_free(mv[i]);
	free(mv);
	for (i = 0; i < npaths; i++) {
		if (seeds != NULL) {
			if (seeds[i].outputs != NULL) {
				for (t = 0; t < nt; t++)
					dlt_outputs_release(&seeds[i].outputs[t]);
				free(seeds[i].outputs);
			}
			dlt_model_release(&seeds[i].model);
		}
		free(paths[i]);
	}
	free(seeds);
	free(paths);
	for (t = 0; r.classifiers != NULL && t < nt; t++)
		dlt_classifier_free(r.classifiers[t]);
	free(r.classifiers);
	for (t = 0; r.python != NULL && t < nt; t++)
		free(r.python[t]);
	free(r.python);
	free(r.targets);
	for (t = 0; r.profiles != NULL && t < r.nptargets; t++) {
		dlt_target_release(&r.ptargets[t]);
		dlt_profile_free(r.profiles[t]);
	}
	free(r.profiles);
	free(r.ptargets);
	free(r.pt_of);
	for (t = 0; r.has_v != NULL && t < env->cfg->ntargets; t++)
		if (r.has_v[t]) {
			dlt_target_release(&r.vtargets[t]);
			dlt_profile_free(r.vprofiles[t]);
		}
	free(r.vtargets);
	free(r.vprofiles);
	free(r.has_v);
	free(r.reported);
	free(r.dead);
	free(r.queue);
	free(r.rechecks);
	free(r.harness_dir);
	free(r.workdir);
	if (r.lock_fd >= 0)
		close(r.lock_fd);
	return (rc);
}
