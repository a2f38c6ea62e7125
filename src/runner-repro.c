/*
 * runner-repro.c: a recorded execution run again, and its standalone
 * script; see runner-repro.h.
 */
#include <sys/stat.h>

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "bucket.h"
#include "classify.h"
#include "datadir.h"
#include "diag.h"
#include "error.h"
#include "exitcode.h"
#include "failure.h"
#include "json.h"
#include "model.h"
#include "mutate.h"
#include "profile.h"
#include "runner-campaign.h"
#include "runner-exec.h"
#include "runner-proc.h"
#include "runctx.h"
#include "runner-repro.h"
#include "runner.h"
#include "store-campaign.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"
#include "yaml-node.h"

static int	add_bucket(const struct dlt_store_failure_info *, void *);
static int	threads_of(const char *);
static int	target_of(const char *, const char *, char **, int *);
static char	*probe_violation_of(const struct dlt_store_exec_info *, int);
static char	*run_dir(const char *, const char *, int64_t);
static int	nan_in_result(const char *);
static void	py_literal(FILE *, const char *, size_t, const char *);
static int	add_tolerance(const struct dlt_store_comparison *, void *);
static char	*read_text(const char *, size_t *);
static struct dlt_repro_pool *pool_open(struct dlt_repro *, double, uint64_t,
		    const char *);
static void	pool_close(struct dlt_repro_pool *);

static int
add_bucket(const struct dlt_store_failure_info *f, void *arg)
{
	struct dlt_repro	*r = arg;

	if (f->bucket == NULL)
		return (0);
	r->buckets = xreallocarray(r->buckets, r->nbuckets + 1,
	    sizeof *r->buckets);
	r->buckets[r->nbuckets++] = xstrdup(f->bucket);
	return (0);
}

/* The campaign's "threads" (0 when it has none: the frameworks' default). */
static int
threads_of(const char *config_json)
{
	struct ynode		*root = NULL;
	const struct ynode	*n;
	char			*err = NULL;
	long long		 v = 0;

	if (config_json != NULL && ynode_load_json_buffer(config_json,
	    strlen(config_json), &root, &err) == 0 && root != NULL &&
	    (n = ynode_get(root, "threads")) != NULL &&
	    (ynode_plain_int(n, &v) != 0 || v < 0 || v > 1024))
		v = 0;
	free(err);
	ynode_free(root);
	return ((int)v);
}

/*
 * The harness target of label in the campaign's configuration (its
 * "frameworks": [{label, harness}]), or the label itself when it names
 * one; and its framework family.
 */
static int
target_of(const char *config_json, const char *label, char **harness,
    int *framework)
{
	struct dlt_run_target	 t;
	struct ynode		*root = NULL;
	const struct ynode	*fw, *l, *h;
	const char		*name = label;
	char			*err = NULL;
	size_t			 i;
	int			 rc;

	if (config_json != NULL && ynode_load_json_buffer(config_json,
	    strlen(config_json), &root, &err) == 0 && root != NULL &&
	    (fw = ynode_get(root, "frameworks")) != NULL &&
	    fw->type == YNODE_SEQUENCE) {
		for (i = 0; i < fw->n; i++) {
			l = ynode_get(fw->items[i], "label");
			h = ynode_get(fw->items[i], "harness");
			if (l != NULL && h != NULL && l->type == YNODE_SCALAR &&
			    h->type == YNODE_SCALAR && strcmp(l->scalar, label) == 0)
				name = h->scalar;
		}
	}
	free(err);
	err = NULL;
	memset(&t, 0, sizeof t);
	rc = dlt_run_target_parse(&t, name, &err);
	if (rc == 0) {
		*harness = xstrdup(t.harness);
		*framework = t.framework;
	} else {
		dlt_error("cannot tell the framework of target '%s': %s", label,
		    err);
		free(err);
	}
	dlt_run_target_release(&t);
	ynode_free(root);
	return (rc);
}

/*
 * A probe campaign's execution: what the target's profile says the
 * mutant breaks (dlt_probe_violation), judged by the release the
 * campaign names for the target or else the one the execution reported,
 * as the run judged it; NULL otherwise.
 */
static char *
probe_violation_of(const struct dlt_store_exec_info *x, int framework)
{
	struct ynode		*root = NULL;
	const struct ynode	*mode, *fw, *l, *rel;
	struct dlt_model	 m;
	struct dlt_diags	 d = DLT_DIAGS_INIT;
	struct dlt_profile	*prof = NULL;
	struct dlt_target	 t;
	const char		*release = NULL;
	char			*err = NULL, *spec, *out = NULL;
	size_t			 i, n;

	if (x->config_json == NULL || x->ir_json == NULL ||
	    ynode_load_json_buffer(x->config_json, strlen(x->config_json),
	    &root, &err) != 0 || root == NULL ||
	    (mode = ynode_get(root, "mode")) == NULL ||
	    mode->type != YNODE_SCALAR || strcmp(mode->scalar, "probe") != 0) {
		free(err);
		ynode_free(root);
		return (NULL);
	}
	if ((fw = ynode_get(root, "frameworks")) != NULL &&
	    fw->type == YNODE_SEQUENCE)
		for (i = 0; i < fw->n; i++) {
			l = ynode_get(fw->items[i], "label");
			rel = ynode_get(fw->items[i], "release");
			if (l != NULL && l->type == YNODE_SCALAR &&
			    strcmp(l->scalar, x->framework) == 0 && rel != NULL &&
			    rel->type == YNODE_SCALAR && rel->scalar != NULL &&
			    strcmp(rel->scalar, "null") != 0)
				release = rel->scalar;
		}
	if (release == NULL)
		release = x->framework_version;
	n = release != NULL ? strspn(release, "0123456789.") : 0;
	spec = n > 0 ? xasprintf("%s@%.*s", dlt_framework_name(framework),
	    (int)n, release) : xstrdup(dlt_framework_name(framework));
	memset(&m, 0, sizeof m);
	if (dlt_model_load_buffer("ir_json", x->ir_json, strlen(x->ir_json),
	    &m, &d) == 0 && dlt_model_infer(&m, &d) == 0 &&
	    dlt_target_load(spec, NULL, 0, &prof, &t) == 0) {
		out = dlt_probe_violation(&t, &m);
		dlt_target_release(&t);
		dlt_profile_free(prof);
	}
	dlt_model_release(&m);
	dlt_diags_release(&d);
	free(spec);
	ynode_free(root);
	return (out);
}

/*
 * Find what the operand names: the execution to run, the failure (when
 * one was named) and the buckets to look for.  0; 1 when it names
 * nothing in the store or nothing that can run (said); -1 on a store
 * error.
 */
int
dlt_repro_resolve(struct dlt_repro *r, enum dlt_repro_kind k, int64_t n, const char *bucket)
{
	int64_t	*ids = NULL;
	size_t	 nids = 0;
	int	 found = 0;

	if (k == DLT_REPRO_BUCKET) {
		if (dlt_store_bucket_failure(r->st, bucket, &r->f, &found) != 0)
			return (-1);
		if (!found) {
			dlt_error("no bucket '%s' in store '%s'", bucket, r->db);
			return (1);
		}
		r->have_f = 1;
	} else if (k == DLT_REPRO_FAILURE) {
		if (dlt_store_failure_get(r->st, n, &r->f, &found) != 0)
			return (-1);
		if (!found) {
			dlt_error("no failure %" PRId64 " in store '%s'", n, r->db);
			return (1);
		}
		r->have_f = 1;
	}
	if (r->have_f) {
		if (r->f.execution_id == 0 && r->f.mutant_id == 0) {
			dlt_error("failure %" PRId64 " was found by classify, not "
			    "by a run: there is no execution to repeat", r->f.id);
			return (1);
		}
		n = r->f.execution_id;
		if (n == 0) {
			/* the oracles' finding about several frameworks */
			if (dlt_store_mutant_executions(r->st, r->f.mutant_id, &ids,
			    &nids) != 0)
				return (-1);
			if (nids == 0) {
				dlt_error("failure %" PRId64 " has no execution",
				    r->f.id);
				return (1);
			}
			n = ids[0];
			free(ids);
		}
		if (r->f.bucket != NULL) {
			r->buckets = xcalloc(1, sizeof *r->buckets);
			r->buckets[r->nbuckets++] = xstrdup(r->f.bucket);
		}
	}
	if (dlt_store_execution_get(r->st, n, &r->x, &found) != 0)
		return (-1);
	if (!found) {
		dlt_error("no execution %" PRId64 " in store '%s'", n, r->db);
		return (1);
	}
	r->have_x = 1;
	if (!r->have_f && dlt_store_execution_failures(r->st, r->x.id,
	    add_bucket, r) != 0)
		return (-1);
	if (target_of(r->x.config_json, r->x.framework, &r->harness,
	    &r->framework) != 0)
		return (1);
	return (0);
}

/* A new STORE.d/SUB/EXEC-N (N counts the tries), absolute. */
static char *
run_dir(const char *db, const char *sub, int64_t exec_id)
{
	char	*base, *abs, *dir;
	int	 i;

	base = xasprintf("%s.d/%s", db, sub);
	if (dlt_make_dirs(base) != 0) {
		free(base);
		return (NULL);
	}
	if ((abs = realpath(base, NULL)) == NULL) {
		dlt_error_errno("cannot resolve '%s'", base);
		free(base);
		return (NULL);
	}
	free(base);
	for (i = 1; i < 100000; i++) {
		dir = xasprintf("%s/%" PRId64 "-%d", abs, exec_id, i);
		if (mkdir(dir, 0777) == 0) {
			free(abs);
			return (dir);
		}
		if (errno != EEXIST) {
			dlt_error_errno("cannot create '%s'", dir);
			free(dir);
			break;
		}
		free(dir);
	}
	free(abs);
	return (NULL);
}

/* Whether DIR/result.json says an output holds NaN or Inf. */
static int
nan_in_result(const char *dir)
{
	struct ynode		*root = NULL;
	const struct ynode	*outs, *v;
	char			*path, *err = NULL, *end;
	size_t			 i;
	int			 found = 0;

	path = xasprintf("%s/result.json", dir);
	if (ynode_load_json_file(path, &root, &err) != 0 || root == NULL) {
		free(err);
		free(path);
		return (0);
	}
	free(path);
	outs = ynode_get(root, "outputs");
	for (i = 0; outs != NULL && outs->type == YNODE_MAPPING && i < outs->n;
	    i++) {
		if (((v = ynode_get(outs->items[i], "nan_count")) != NULL &&
		    v->type == YNODE_SCALAR && strtol(v->scalar, &end, 10) > 0) ||
		    ((v = ynode_get(outs->items[i], "inf_count")) != NULL &&
		    v->type == YNODE_SCALAR && strtol(v->scalar, &end, 10) > 0))
			found = 1;
	}
	ynode_free(root);
	return (found);
}

/*
 * Run the execution again and say what came back: DLT_EXIT_OK when the
 * failure did, DLT_EXIT_FINDINGS when not; an error status otherwise.
 */
/*
 * The execution pool of r's target, kept between reruns when r->keep_pool
 * is set (the framework imported once by a fork server); what it points
 * to lives as long as it.
 */
struct dlt_repro_pool {
	struct dlt_exec_pool	*pool;
	struct dlt_exec_target	 t;
	struct dlt_exec_opts	 eo;
	const char		*env[4];
	char			*harness_dir, *python, *threads_env, *logdir;
	uint64_t		 next_id;
};

static struct dlt_repro_pool *
pool_open(struct dlt_repro *r, double timeout, uint64_t memory,
    const char *dir)
{
	struct dlt_repro_pool	*rp;
	struct dlt_run_config	 defaults;
	int			 threads;

	rp = xcalloc(1, sizeof *rp);
	dlt_run_config_init(&defaults);
	rp->harness_dir = xasprintf("%s/harness", dlt_datadir());
	rp->python = r->x.python != NULL ? xstrdup(r->x.python) :
	    getenv("DLT_PYTHON") != NULL ? xstrdup(getenv("DLT_PYTHON")) :
	    xstrdup("python3");
	rp->logdir = xstrdup(dir);
	rp->t.label = r->x.framework;
	rp->t.harness = r->harness;
	rp->t.python = rp->python;
	rp->eo.harness_dir = rp->harness_dir;
	rp->eo.isolation = r->isolation;
	rp->eo.jobs = 1;
	rp->eo.timeout_ms = (int)(timeout * 1000);
	rp->eo.grace_ms = (int)(defaults.grace * 1000);
	rp->eo.memory = memory != UINT64_MAX ? memory : defaults.memory;
	rp->eo.output_cap = defaults.output_cap;
	rp->env[0] = "PYTHONDONTWRITEBYTECODE=1";
	rp->env[1] = "PYTHONUNBUFFERED=1";
	/* the threads the campaign gave each framework */
	if ((threads = threads_of(r->x.config_json)) > 0)
		rp->env[2] = rp->threads_env = xasprintf("DLTRIAGE_THREADS=%d",
		    threads);
	rp->eo.env = rp->env;
	rp->eo.logdir = rp->logdir;
	dlt_run_config_release(&defaults);
	(void)dlt_proc_subreaper();
	if (dlt_exec_pool_new(&rp->pool, &rp->t, 1, &rp->eo) != 0) {
		pool_close(rp);
		return (NULL);
	}
	return (rp);
}

static void
pool_close(struct dlt_repro_pool *rp)
{
	if (rp == NULL)
		return;
	if (rp->pool != NULL)
		dlt_exec_pool_free(rp->pool);
	free(rp->harness_dir);
	free(rp->python);
	free(rp->threads_env);
	free(rp->logdir);
	free(rp);
}

/*
 * The run context the campaign classified the execution in: the
 * run-context file in its run directory, when that is still there;
 * else what the store says (the operator, the profile's verdict), and
 * not what the other targets did.  run.status comes from the new end.
 */
static void
recorded_context(const struct dlt_repro *r, const char *violates,
    struct dlt_runctx *ctx)
{
	char	*why = NULL;

	dlt_runctx_init(ctx);
	if (r->x.dir != NULL && dlt_runctx_read_dir(ctx, r->x.dir, &why) == 1)
		return;
	free(why);
	dlt_runctx_release(ctx);
	if (r->x.op != NULL)
		(void)dlt_runctx_set(ctx, "run.operator", r->x.op);
	if (violates != NULL)
		(void)dlt_runctx_set(ctx, "run.profile", "violates");
}

/*
 * Run the execution again and say what came back: DLT_EXIT_OK when the
 * failure did, DLT_EXIT_FINDINGS when not; an error status otherwise.
 */
int
dlt_repro_rerun(struct dlt_repro *r, struct dlt_ruleset *rules, double timeout,
    uint64_t memory)
{
	struct dlt_exec_req	 req;
	struct dlt_exec_done	 d;
	struct dlt_exec_pool	*pool;
	struct dlt_classify_opts co;
	struct dlt_runner_exec	 rx;
	struct dlt_runctx	 ctx;
	struct dlt_failure	*fv = NULL;
	char			*dir, *violates;
	const char		*now_status, *how, *python;
	char			 hex[17];
	size_t			 nf = 0, i, j;
	int			 rc, same_status, same_bucket = 0, other = 0;
	int			 status = DLT_EXIT_FINDINGS, oracle;

	free(r->now_status);
	free(r->python_version);
	free(r->framework_version);
	r->now_status = r->python_version = r->framework_version = NULL;
	r->now_signal = r->same_status = r->same_bucket = r->other = 0;
	r->seconds = 0;
	if ((dir = run_dir(r->db, r->subdir != NULL ? r->subdir : "reproduce",
	    r->x.id)) == NULL)
		return (DLT_EXIT_OUTPUT);
	python = r->x.python != NULL ? r->x.python :
	    getenv("DLT_PYTHON") != NULL ? getenv("DLT_PYTHON") : "python3";
	if (!r->quiet)
		printf("execution %" PRId64 ": %s mutant %ld (%s) on %s (%s%s%s, "
		    "%s)\n  recorded: %s%s%s%s\n", r->x.id, r->x.model != NULL ?
		    r->x.model : "?", r->x.ordinal, r->x.op != NULL ? r->x.op :
		    "?", r->x.framework, r->harness, r->x.framework_version !=
		    NULL ? " " : "", r->x.framework_version != NULL ?
		    r->x.framework_version : "", python, r->x.status,
		    r->x.why != NULL ? " (" : "", r->x.why != NULL ? r->x.why :
		    "", r->x.why != NULL ? ")" : "");
	if (!r->quiet && r->have_f)
		printf("  failure %" PRId64 ": %s %s [%s] %.200s\n", r->f.id,
		    r->f.cls != NULL ? r->f.cls : "?", r->f.kind != NULL ?
		    r->f.kind : "?", r->f.bucket != NULL ? r->f.bucket : "?",
		    r->f.signature != NULL ? r->f.signature : "");
	fflush(stdout);
	memset(&d, 0, sizeof d);
	if (r->pool == NULL &&
	    (r->pool = pool_open(r, timeout, memory, dir)) == NULL) {
		status = DLT_EXIT_INTERNAL;
		goto out;
	}
	pool = r->pool->pool;
	memset(&req, 0, sizeof req);
	req.id = ++r->pool->next_id;
	req.target = 0;
	req.dir = dir;
	req.model_json = r->ir_json != NULL ? r->ir_json : r->x.ir_json;
	if (dlt_exec_pool_submit(pool, &req) != 0) {
		status = DLT_EXIT_INTERNAL;
		goto out;
	}
	while ((rc = dlt_exec_pool_wait(pool, -1, &d)) == 0 &&
	    dlt_exec_pool_busy(pool) > 0)
		;
	if (rc != 1) {
		dlt_error("the execution in '%s' did not end", dir);
		status = DLT_EXIT_INTERNAL;
		goto out;
	}
	if (d.status == DLT_EXEC_UNAVAILABLE) {
		dlt_error("target '%s' is unavailable: %s", r->x.framework,
		    d.why != NULL ? d.why : "?");
		status = DLT_EXIT_INPUT;
		goto out;
	}
	memset(&co, 0, sizeof co);
	co.framework = dlt_framework_name(r->framework);
	memset(&rx, 0, sizeof rx);
	rx.classifier = dlt_classifier_new(rules, &co);
	rx.framework = co.framework;
	rx.dir = dir;
	rx.op = r->x.op != NULL ? r->x.op : "?";
	rx.timeout = timeout;
	rx.label = r->x.framework;
	violates = probe_violation_of(&r->x, r->framework);
	rx.violates = violates;
	recorded_context(r, violates, &ctx);
	rx.ctx = &ctx;
	(void)dlt_runner_classify(&rx, &d, &fv, &nf);
	dlt_runctx_release(&ctx);
	free(violates);
	dlt_classifier_free(rx.classifier);

	/* the harness status is the store's word for unavailable too */
	now_status = d.status == DLT_EXEC_UNAVAILABLE ? "harness" :
	    dlt_exec_status_names[d.status];
	same_status = strcmp(now_status, r->x.status) == 0;
	r->now_status = xstrdup(now_status);
	r->now_signal = d.signal;
	r->python_version = d.python_version != NULL ?
	    xstrdup(d.python_version) : NULL;
	r->framework_version = d.framework_version != NULL ?
	    xstrdup(d.framework_version) : NULL;
	r->seconds = d.wall_ms / 1000.0;
	oracle = r->have_f && r->f.rule != NULL &&
	    strncmp(r->f.rule, "oracle", 6) == 0;
	for (i = 0; i < r->nbuckets; i++)
		for (j = 0; j < nf; j++)
			if (strcmp(dlt_bucket_hex(fv[j].bucket, hex),
			    r->buckets[i]) == 0)
				same_bucket = 1;
	if (!r->quiet) {
		printf("  now:      %s%s%s%s in %s\n", now_status,
		    d.signal > 0 ? " (" : "", d.signal > 0 ? strsignal(d.signal) :
		    "", d.signal > 0 ? ")" : "", dir);
		for (j = 0; j < nf; j++)
			printf("  found:    %s %s [%s] %.200s\n",
			    dlt_class_name(fv[j].cls), fv[j].kind != NULL ?
			    fv[j].kind : "?", dlt_bucket_hex(fv[j].bucket, hex),
			    fv[j].signature != NULL ? fv[j].signature : "");
	}
	if (oracle) {
		/* the oracles compare several frameworks: only this one runs */
		if (r->f.cls != NULL && strcmp(r->f.cls, "nan") == 0)
			same_bucket = d.status == DLT_EXEC_OK && nan_in_result(dir);
		else
			same_bucket = same_status;
		how = same_status && same_bucket ? "reproduced (this execution "
		    "only: the oracles are not run again)" : "not reproduced";
	} else if (same_status && (same_bucket || r->nbuckets == 0))
		how = "reproduced";
	else if (same_status && nf > 0) {
		how = "reproduced with a different signature";
		other = 1;
	} else
		how = "not reproduced";
	if (!r->quiet)
		printf("%s\n", how);
	r->same_status = same_status;
	r->same_bucket = same_status && (same_bucket || (!oracle &&
	    r->nbuckets == 0));
	r->other = other;
	status = same_status && (same_bucket || other || (!oracle &&
	    r->nbuckets == 0)) ? DLT_EXIT_OK : DLT_EXIT_FINDINGS;
out:
	if (!r->keep_pool || status == DLT_EXIT_INTERNAL ||
	    status == DLT_EXIT_INPUT) {
		pool_close(r->pool);
		r->pool = NULL;
	}
	dlt_exec_done_release(&d);
	dlt_runner_failures_free(fv, nf);
	free(dir);
	return (status);
}

/*
 * s as a Python string literal, one piece per line of s (and per 72
 * bytes of a long line), each piece on a line of its own after indent.
 * Bytes above 0x7f go as they are: the script is UTF-8.
 */
static void
py_literal(FILE *fp, const char *s, size_t len, const char *indent)
{
	size_t		i, col = 0;
	unsigned char	c;

	if (len == 0) {
		fprintf(fp, "%s\"\"\n", indent);
		return;
	}
	for (i = 0; i < len; i++) {
		c = (unsigned char)s[i];
		if (col == 0)
			fprintf(fp, "%s\"", indent);
		if (c == '\\' || c == '"')
			fprintf(fp, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", fp);
		else if (c == '\t')
			fputs("\\t", fp);
		else if (c < 0x20 || c == 0x7f)
			fprintf(fp, "\\x%02x", c);
		else
			fputc(c, fp);
		col++;
		if (c == '\n' || i + 1 == len || (col >= 72 &&
		    ((unsigned char)s[i + 1] & 0xc0) != 0x80)) {
			fputs("\"\n", fp);
			col = 0;
		}
	}
}

/* The tolerances the oracles used, "OUTPUT A B": [rtol, atol]. */
static int
add_tolerance(const struct dlt_store_comparison *c, void *arg)
{
	struct dlt_jw	*jw = arg;
	char		*key;

	if (c->output == NULL || c->framework_a == NULL ||
	    c->framework_b == NULL || isnan(c->rtol) || isnan(c->atol))
		return (0);
	key = xasprintf("%s %s %s", c->output, c->framework_a, c->framework_b);
	dlt_jw_key(jw, key);
	dlt_jw_array(jw);
	dlt_jw_float(jw, c->rtol);
	dlt_jw_float(jw, c->atol);
	dlt_jw_end(jw);
	free(key);
	return (0);
}

/*
 * The standalone script: REPRO (what the store recorded), the harness
 * modules the targets need, verbatim, and harness/dltriage_harness/repro.py
 * (harness/README, "Repro scripts").
 */
int
dlt_repro_write_script(struct dlt_repro *r, const char *path)
{
	static const char *const common[] = { "__init__", "common", "model",
	    "fill", "base", "execute", "run", "names", "adapters/__init__",
	    NULL };
	static const char *const adapters[][2] = {
	    { "pytorch", "adapters/torch" }, { "pytorch", "trace" },
	    { "tensorflow", "adapters/tensorflow" }, { "jax", "adapters/jax" },
	    { "keras-tensorflow", "adapters/keras" },
	    { "keras-jax", "adapters/keras" },
	    { "keras-pytorch", "adapters/keras" },
	    { "onnxruntime", "adapters/onnxruntime" },
	    { "mindspore", "adapters/mindspore" } };
	struct dlt_store_exec_info	*xs = NULL;
	struct strbuf			 sb = STRBUF_INIT, expected = STRBUF_INIT;
	struct dlt_jw			 jw;
	const char			*mods[16], *body;
	char				**harness = NULL, *src, *name, *dot;
	int64_t				*ids = NULL;
	size_t				 nids = 0, i, j, nmods = 0, len;
	const char			*ir = r->ir_json != NULL ? r->ir_json :
					    r->x.ir_json;
	int				 fw, rc = DLT_EXIT_OK;
	FILE				*fp;

	if (!r->have_f && r->nbuckets == 0 && strcmp(r->x.status, "ok") == 0) {
		dlt_error("execution %" PRId64 " ran ok and has no failure: "
		    "there is nothing to show", r->x.id);
		return (DLT_EXIT_FINDINGS);
	}
	/* the targets: the execution's, or every one of the mutant's */
	if (r->have_f && r->f.execution_id == 0) {
		if (dlt_store_mutant_executions(r->st, r->x.mutant_id, &ids,
		    &nids) != 0)
			return (DLT_EXIT_STORE);
	} else {
		ids = xcalloc(1, sizeof *ids);
		ids[nids++] = r->x.id;
	}
	xs = xcalloc(nids, sizeof *xs);
	harness = xcalloc(nids, sizeof *harness);
	for (i = 0; i < nids; i++) {
		int	found;

		if (dlt_store_execution_get(r->st, ids[i], &xs[i], &found) != 0) {
			rc = DLT_EXIT_STORE;
			goto out;
		}
		if (!found || target_of(xs[i].config_json, xs[i].framework,
		    &harness[i], &fw) != 0) {
			rc = DLT_EXIT_INPUT;
			goto out;
		}
	}
	for (i = 0; common[i] != NULL; i++)
		mods[nmods++] = common[i];
	for (i = 0; i < nids; i++)
		for (j = 0; j < sizeof adapters / sizeof adapters[0]; j++) {
			size_t	k, n = strcspn(harness[i], "+");

			/* an execution mode (pytorch+batch) is its target's */
			if (strncmp(harness[i], adapters[j][0], n) != 0 ||
			    adapters[j][0][n] != '\0')
				continue;
			for (k = 0; k < nmods; k++)
				if (strcmp(mods[k], adapters[j][1]) == 0)
					break;
			if (k == nmods && nmods < 15)
				mods[nmods++] = adapters[j][1];
		}

	if (r->have_f) {
		strbuf_addf(&expected, "%s (%s)", r->f.cls != NULL ? r->f.cls : "?",
		    r->f.kind != NULL ? r->f.kind : "?");
		if (r->f.exc_type != NULL)
			strbuf_addf(&expected, ": %s: %.300s", r->f.exc_type,
			    r->f.exc_message != NULL ? r->f.exc_message : "");
		else if (r->f.signature != NULL)
			strbuf_addf(&expected, ": %.300s", r->f.signature);
	} else
		strbuf_addf(&expected, "the status %s", r->x.status);
	if (r->have_f && r->f.execution_id == 0)
		strbuf_addstr(&expected, " (the oracles' finding)");
	else
		strbuf_addf(&expected, " on %s (%s%s%s)", r->x.framework,
		    r->harness, r->x.framework_version != NULL ? " " : "",
		    r->x.framework_version != NULL ? r->x.framework_version : "");

	dlt_jw_init(&jw, &sb, DLT_JW_SPACED);
	dlt_jw_object(&jw);
	dlt_jw_key(&jw, "failure");
	dlt_jw_object(&jw);
	name = r->have_f ? xasprintf("failure %" PRId64 " of %s mutant %ld (%s)",
	    r->f.id, r->x.model, r->x.ordinal, r->x.op) :
	    xasprintf("execution %" PRId64 " of %s mutant %ld (%s)", r->x.id,
	    r->x.model, r->x.ordinal, r->x.op);
	dlt_jw_kv_cstr(&jw, "what", name);
	free(name);
	dlt_jw_kv_cstr(&jw, "class", r->have_f ? r->f.cls : NULL);
	dlt_jw_kv_cstr(&jw, "kind", r->have_f ? r->f.kind : NULL);
	dlt_jw_kv_cstr(&jw, "bucket", r->have_f ? r->f.bucket : NULL);
	dlt_jw_kv_cstr(&jw, "signature", r->have_f ? r->f.signature : NULL);
	/* "torch.OutOfMemoryError": the script compares the last part */
	dlt_jw_kv_cstr(&jw, "exc_type", r->have_f ? r->f.exc_type : NULL);
	dlt_jw_kv_cstr(&jw, "status", r->x.status);
	dlt_jw_kv_cstr(&jw, "expected", expected.buf);
	dlt_jw_end(&jw);
	dlt_jw_key(&jw, "targets");
	dlt_jw_array(&jw);
	for (i = 0; i < nids; i++) {
		dlt_jw_object(&jw);
		dlt_jw_kv_cstr(&jw, "label", xs[i].framework);
		dlt_jw_kv_cstr(&jw, "harness", harness[i]);
		dlt_jw_kv_cstr(&jw, "python", xs[i].python);
		dlt_jw_kv_cstr(&jw, "version", xs[i].framework_version);
		dlt_jw_kv_cstr(&jw, "status", xs[i].status);
		dlt_jw_end(&jw);
	}
	dlt_jw_end(&jw);
	dlt_jw_key(&jw, "tolerances");
	dlt_jw_object(&jw);
	if (dlt_store_mutant_comparisons(r->st, r->x.mutant_id, add_tolerance,
	    &jw) != 0) {
		rc = DLT_EXIT_STORE;
		goto out;
	}
	dlt_jw_end(&jw);
	dlt_jw_end(&jw);

	if ((fp = fopen(path, "w")) == NULL) {
		rc = DLT_EXIT_OUTPUT;
		dlt_error_errno("cannot write '%s'", path);
		goto out;
	}
	fprintf(fp, "#!/usr/bin/env python3\n"
	    "# -*- coding: utf-8 -*-\n"
	    "#\n"
	    "# Repro script of %s%s%s,\n"
	    "# written by dltriage %s (%s) from store '%s'.\n"
	    "# Expected: %s\n"
	    "#\n"
	    "# Needs Python 3.8+, numpy and the framework; not dltriage.  Run:\n"
	    "#     python3 %s [--python LABEL=PATH]\n"
	    "# Exit status 1 (or a signal) when the failure shows, 0 when "
	    "not.\n"
	    "#\n"
	    "# SOURCES below are dltriage's harness modules, verbatim, under "
	    "dltriage's\n"
	    "# terms: they build the model and fill its weights and inputs "
	    "from its\n"
	    "# seed exactly as the campaign did.  The code at the end is\n"
	    "# harness/dltriage_harness/repro.py.\n\n"
	    "import json\n\n", r->have_f ? "failure " : "execution ",
	    r->have_f ? "" : "", r->have_f ? r->f.bucket : r->x.framework,
	    PACKAGE_VERSION, r->note != NULL ? r->note :
	    "dltriage reproduce --script", r->db, expected.buf,
	    r->script_name != NULL ? r->script_name : path);
	fputs("IR = json.loads(\n", fp);
	py_literal(fp, ir, strlen(ir), "    ");
	fputs(")\n\nREPRO = json.loads(\n", fp);
	py_literal(fp, sb.buf, sb.len, "    ");
	fputs(")\nREPRO[\"ir\"] = IR\n\nSOURCES = {}\n", fp);
	for (i = 0; i < nmods && rc == 0; i++) {
		char	*file = xasprintf("%s/harness/dltriage_harness/%s.py",
		    dlt_datadir(), mods[i]);

		if ((src = read_text(file, &len)) == NULL) {
			rc = DLT_EXIT_INPUT;
			free(file);
			break;
		}
		name = xasprintf("dltriage_harness.%s", mods[i]);
		for (dot = name; *dot != '\0'; dot++)
			if (*dot == '/')
				*dot = '.';
		if (strcmp(mods[i], "__init__") == 0)
			name[strlen("dltriage_harness")] = '\0';
		else if ((dot = strstr(name, ".__init__")) != NULL)
			*dot = '\0';
		fprintf(fp, "\n# %s\nSOURCES[\"%s\"] = (\n", file + strlen(
		    dlt_datadir()) + 1, name);
		py_literal(fp, src, len, "    ");
		fputs(")\n", fp);
		free(name);
		free(src);
		free(file);
	}
	if (rc == 0) {
		char	*file = xasprintf("%s/harness/dltriage_harness/repro.py",
		    dlt_datadir());

		if ((src = read_text(file, &len)) == NULL)
			rc = DLT_EXIT_INPUT;
		else {
			body = src;
			fprintf(fp, "\n\n# --- harness/dltriage_harness/repro.py"
			    " ---\n\n%s\n\nif __name__ == \"__main__\":\n"
			    "    sys.exit(main(REPRO, SOURCES))\n", body);
			free(src);
		}
		free(file);
	}
	if (fclose(fp) != 0 && rc == 0) {
		dlt_error_errno("cannot write '%s'", path);
		rc = DLT_EXIT_OUTPUT;
	}
	if (rc != 0)
		(void)unlink(path);
	else {
		(void)chmod(path, 0755);
		if (!r->quiet)
			printf("wrote '%s': python3 %s\n", path, path);
	}
out:
	for (i = 0; i < nids; i++) {
		if (xs != NULL)
			dlt_store_exec_info_release(&xs[i]);
		if (harness != NULL)
			free(harness[i]);
	}
	free(xs);
	free(harness);
	free(ids);
	strbuf_release(&sb);
	strbuf_release(&expected);
	return (rc);
}

/* A whole (small) file, NUL-terminated; NULL after a message. */
static char *
read_text(const char *path, size_t *len)
{
	struct strbuf	 sb = STRBUF_INIT;
	char		 buf[8192];
	size_t		 n;
	FILE		*fp;

	if ((fp = fopen(path, "r")) == NULL) {
		dlt_error_errno("cannot read '%s'", path);
		return (NULL);
	}
	while ((n = fread(buf, 1, sizeof buf, fp)) > 0)
		strbuf_add(&sb, buf, n);
	if (ferror(fp)) {
		dlt_error_errno("cannot read '%s'", path);
		fclose(fp);
		strbuf_release(&sb);
		return (NULL);
	}
	fclose(fp);
	*len = sb.len;
	return (strbuf_detach(&sb, NULL));
}

void
dlt_repro_release(struct dlt_repro *r)
{
	size_t	i;

	dlt_store_exec_info_release(&r->x);
	dlt_store_failure_info_release(&r->f);
	for (i = 0; i < r->nbuckets; i++)
		free(r->buckets[i]);
	free(r->buckets);
	free(r->harness);
	free(r->now_status);
	free(r->python_version);
	free(r->framework_version);
	pool_close(r->pool);
}
