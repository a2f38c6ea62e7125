/* runner-campaign.c: campaign settings from a file and flags; see runner-campaign.h. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "json.h"
#include "mutate.h"
#include "runner-campaign.h"
#include "strbuf.h"
#include "suggest.h"
#include "vocab.h"
#include "xmalloc.h"
#include "yaml-node.h"

const char *const dlt_isolation_names[] = { "spawn", "fork", "worker", NULL };
const char *const dlt_schedule_names[] = { "plan", "yield", NULL };

static const char *const mode_names[] = { "aware", "generic", "probe", NULL };

/* The keys of a campaign file; the same names as the flags. */
static const char *const keys[] = {
	"name", "models", "ops", "n", "mode", "seed", "frameworks", "isolation",
	"jobs", "budget", "timeout", "grace", "memory", "output-cap",
	"worker-executions", "shard", "workdir", "threads", "schedule", NULL
};

static void	 free_list(char **, size_t);
static int	 set_list(char ***, size_t *, const char *, char **);
static int	 parse_long(const char *, long, long, long *);
static int	 target_name(struct dlt_run_target *, const char *, char **);
static int	 add_target(struct dlt_run_config *, struct dlt_run_target *,
		     char **);
static int	 load_target(struct dlt_run_config *, const char *,
		     const struct ynode *, struct dlt_diags *);
static char	*scalar_list(const struct ynode *);

void
dlt_run_config_init(struct dlt_run_config *c)
{
	memset(c, 0, sizeof *c);
	c->ops = xstrdup("all");
	c->n = 1;
	c->mode = DLT_MUTATE_AWARE;
	c->seed = 1;
	c->isolation = DLT_ISO_FORK;
	c->jobs = 1;
	c->timeout = 60;
	c->grace = 2;
	c->memory = (uint64_t)8 << 30;
	c->output_cap = (uint64_t)16 << 20;
	c->worker_max = 200;
	c->threads = 1;
	c->shard_index = 1;
	c->shard_count = 1;
}

static void
free_list(char **v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void
dlt_run_target_release(struct dlt_run_target *t)
{
	free(t->label);
	free(t->harness);
	free(t->python);
	free(t->release);
	memset(t, 0, sizeof *t);
}

void
dlt_run_config_release(struct dlt_run_config *c)
{
	size_t	i;

	free(c->name);
	free_list(c->models, c->nmodels);
	free(c->ops);
	for (i = 0; i < c->ntargets; i++)
		dlt_run_target_release(&c->targets[i]);
	free(c->targets);
	free(c->workdir);
	memset(c, 0, sizeof *c);
}

/* A comma-separated list replaces *v. */
static int
set_list(char ***v, size_t *n, const char *s, char **err)
{
	char	*copy, *p, *save;

	free_list(*v, *n);
	*v = NULL;
	*n = 0;
	copy = xstrdup(s);
	for (p = strtok_r(copy, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save)) {
		while (isspace((unsigned char)*p))
			p++;
		if (*p == '\0')
			continue;
		*v = xreallocarray(*v, *n + 1, sizeof **v);
		(*v)[(*n)++] = xstrdup(p);
	}
	free(copy);
	if (*n == 0) {
		*err = xasprintf("empty list '%s'", s);
		return (-1);
	}
	return (0);
}

static int
parse_long(const char *s, long lo, long hi, long *out)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (end == s || *end != '\0' || errno != 0 || v < lo || v > hi)
		return (-1);
	*out = v;
	return (0);
}

double
dlt_parse_duration(const char *s)
{
	char	*end;
	double	 v;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || errno != 0 || !isfinite(v) || v < 0)
		return (-1);
	if (*end == '\0' || strcmp(end, "s") == 0)
		return (v);
	if (strcmp(end, "ms") == 0)
		return (v / 1000);
	if (strcmp(end, "m") == 0 || strcmp(end, "min") == 0)
		return (v * 60);
	if (strcmp(end, "h") == 0)
		return (v * 3600);
	return (-1);
}

int
dlt_check_duration(const char *a)
{
	double	s = dlt_parse_duration(a);

	if (s <= 0 || s > 2000000)
		return (dlt_error("bad duration '%s' (90s, 2m, 1h; at most "
		    "23 days)", a));
	return (0);
}

int
dlt_check_size(const char *a)
{
	int	ok;

	(void)dlt_parse_size(a, &ok);
	if (!ok)
		return (dlt_error("bad size '%s' (6GiB, 512MiB; 0: no cap)", a));
	return (0);
}

uint64_t
dlt_parse_size(const char *s, int *ok)
{
	static const struct {
		const char	*suffix;
		double		 mult;
	} units[] = {
		{ "", 1 }, { "B", 1 },
		{ "k", 1e3 }, { "K", 1024 }, { "KiB", 1024 }, { "kB", 1e3 },
		{ "M", 1048576 }, { "MiB", 1048576 }, { "MB", 1e6 },
		{ "G", 1073741824 }, { "GiB", 1073741824 }, { "GB", 1e9 },
	};
	char	*end;
	double	 v;
	size_t	 i;

	*ok = 0;
	errno = 0;
	v = strtod(s, &end);
	if (end == s || errno != 0 || !isfinite(v) || v < 0)
		return (0);
	for (i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (strcmp(end, units[i].suffix) != 0)
			continue;
		v *= units[i].mult;
		if (v >= 18446744073709551615.0)
			return (0);
		*ok = 1;
		return ((uint64_t)v);
	}
	return (0);
}

/*
 * The harness target of a name: a framework or alias ("torch"), or
 * keras-BACKEND ("keras-torch" is keras-pytorch).
 */
/*
 * Execution modes: TARGET+MODE runs the same model another way on the
 * same framework (the harness's names.EXEC_MODES; tests/t6101 checks that
 * they agree), and the oracles compare it with the others like another
 * framework.
 */
static const struct {
	int		 framework;
	const char	*mode;
	const char	*what;
} exec_modes[] = {
	{ DLT_FW_TENSORFLOW, "xla", "tf.function(jit_compile=True)" },
	{ DLT_FW_JAX, "eager", "op by op, under jax.disable_jit()" },
	{ DLT_FW_PYTORCH, "compile", "torch.compile (TorchInductor on CPU)" },
	{ DLT_FW_PYTORCH, "mt", "4 threads, not --threads" },
	{ DLT_FW_TENSORFLOW, "mt", "4 threads, not --threads" },
	{ DLT_FW_JAX, "mt", "4 threads, not --threads" },
	{ DLT_FW_PYTORCH, "batch", "a batch of 4 rows, row 0 compared" },
	{ DLT_FW_TENSORFLOW, "batch", "a batch of 4 rows, row 0 compared" },
	{ DLT_FW_JAX, "batch", "a batch of 4 rows, row 0 compared" },
	{ DLT_FW_PYTORCH, "twice", "the forward pass twice, bit for bit" },
	{ DLT_FW_TENSORFLOW, "twice", "the forward pass twice, bit for bit" },
	{ DLT_FW_JAX, "twice", "the forward pass twice, bit for bit" },
	{ DLT_FW_PYTORCH, "grad", "and the inputs' gradients, grad:INPUT" },
	{ DLT_FW_TENSORFLOW, "grad", "and the inputs' gradients, grad:INPUT" },
	{ DLT_FW_JAX, "grad", "and the inputs' gradients, grad:INPUT" },
	{ DLT_FW_KERAS, "int8", "and the model quantized to int8, int8:OUTPUT" },
};

#define NELEM(a)	(sizeof (a) / sizeof (a)[0])

static void	models_beside(struct dlt_run_config *, const char *);
static int	target_base(struct dlt_run_target *, const char *, char **);

/* NAME[+MODE]: the harness target and framework family of t. */
static int
target_name(struct dlt_run_target *t, const char *name, char **err)
{
	struct strbuf	 known = STRBUF_INIT;
	const char	*plus;
	char		*base, *h;
	size_t		 i;
	int		 rc;

	if ((plus = strchr(name, '+')) == NULL)
		return (target_base(t, name, err));
	base = xstrndup(name, (size_t)(plus - name));
	rc = target_base(t, base, err);
	free(base);
	if (rc != 0)
		return (rc);
	for (i = 0; i < NELEM(exec_modes); i++) {
		/* Keras's modes are the Keras targets' alone */
		if (exec_modes[i].framework != t->framework ||
		    (strncasecmp(t->harness, "keras", 5) == 0) !=
		    (exec_modes[i].framework == DLT_FW_KERAS))
			continue;
		if (strcasecmp(plus + 1, exec_modes[i].mode) == 0) {
			h = xasprintf("%s+%s", t->harness, exec_modes[i].mode);
			free(t->harness);
			t->harness = h;
			strbuf_release(&known);
			return (0);
		}
		strbuf_addf(&known, "%s%s", known.len > 0 ? ", " : "",
		    exec_modes[i].mode);
	}
	*err = xasprintf("unknown execution mode '%s' of %s (%s)", plus + 1,
	    t->harness, known.len > 0 ? known.buf : "it has none");
	strbuf_release(&known);
	free(t->harness);
	t->harness = NULL;
	return (-1);
}

static int
target_base(struct dlt_run_target *t, const char *name, char **err)
{
	const char	*hint;
	int		 f, b;

	if (strncasecmp(name, "keras-", 6) == 0) {
		b = dlt_framework_parse(name + 6, 0);
		if (b != DLT_FW_PYTORCH && b != DLT_FW_TENSORFLOW &&
		    b != DLT_FW_JAX) {
			*err = xasprintf("unknown Keras backend '%s' (tensorflow, "
			    "jax or pytorch)", name + 6);
			return (-1);
		}
		t->framework = DLT_FW_KERAS;
		t->harness = xasprintf("keras-%s", dlt_framework_name(b));
		return (0);
	}
	if ((f = dlt_framework_parse(name, 0)) < 0) {
		if ((hint = dlt_framework_suggest(name)) != NULL)
			*err = xasprintf("unknown framework '%s' (did you mean "
			    "'%s'?)", name, hint);
		else
			*err = xasprintf("unknown framework '%s'", name);
		return (-1);
	}
	t->framework = f;
	if (f == DLT_FW_KERAS)
		t->harness = xstrdup("keras-tensorflow");
	else
		t->harness = xstrdup(dlt_framework_name(f));
	return (0);
}

int
dlt_run_target_parse(struct dlt_run_target *t, const char *spec, char **err)
{
	const char	*eq, *colon, *at, *name;
	char		*body;
	int		 rc;

	memset(t, 0, sizeof *t);
	eq = strchr(spec, '=');
	name = eq != NULL ? eq + 1 : spec;
	/* PYTHON after the first ':' (a path may hold more) */
	colon = strchr(name, ':');
	body = xstrndup(name, colon != NULL ? (size_t)(colon - name) :
	    strlen(name));
	if ((at = strchr(body, '@')) != NULL) {
		t->release = xstrdup(at + 1);
		body[at - body] = '\0';
	}
	rc = target_name(t, body, err);
	if (rc == 0 && colon != NULL) {
		if (colon[1] == '\0') {
			*err = xasprintf("no interpreter after ':' in '%s'", spec);
			rc = -1;
		} else
			t->python = xstrdup(colon + 1);
	}
	if (rc == 0 && t->release != NULL && *t->release == '\0') {
		*err = xasprintf("no release after '@' in '%s'", spec);
		rc = -1;
	}
	if (rc == 0) {
		if (eq != NULL && eq > spec)
			t->label = xstrndup(spec, (size_t)(eq - spec));
		else if (eq != NULL) {
			*err = xasprintf("no label before '=' in '%s'", spec);
			rc = -1;
		} else
			t->label = xstrdup(t->harness);
	}
	free(body);
	if (rc != 0)
		dlt_run_target_release(t);
	return (rc);
}

static int
add_target(struct dlt_run_config *c, struct dlt_run_target *t, char **err)
{
	size_t	i;

	for (i = 0; i < c->ntargets; i++) {
		if (strcmp(c->targets[i].label, t->label) == 0) {
			*err = xasprintf("framework '%s' is listed twice (give "
			    "one a label: LABEL=%s...)", t->label, t->harness);
			dlt_run_target_release(t);
			return (-1);
		}
	}
	c->targets = xreallocarray(c->targets, c->ntargets + 1,
	    sizeof *c->targets);
	c->targets[c->ntargets++] = *t;
	return (0);
}

int
dlt_run_config_set(struct dlt_run_config *c, const char *key,
    const char *value, char **err)
{
	struct dlt_run_target	 t;
	char			**specs = NULL, *copy, *p;
	size_t			  nspecs = 0, i;
	long			  v;
	double			  d;
	int			  ok, k;

	*err = NULL;
	if (strcmp(key, "name") == 0) {
		free(c->name);
		c->name = xstrdup(value);
	} else if (strcmp(key, "models") == 0)
		return (set_list(&c->models, &c->nmodels, value, err));
	else if (strcmp(key, "ops") == 0) {
		free(c->ops);
		c->ops = xstrdup(value);
	} else if (strcmp(key, "n") == 0) {
		if (parse_long(value, 1, 100000, &c->n) != 0)
			goto bad;
	} else if (strcmp(key, "mode") == 0) {
		if ((k = dlt_name_index(mode_names, value)) < 0)
			goto bad;
		c->mode = (enum dlt_mutate_mode)dlt_mutate_mode_find(value);
	} else if (strcmp(key, "seed") == 0) {
		errno = 0;
		c->seed = strtoull(value, &p, 10);
		if (p == value || *p != '\0' || errno != 0 || *value == '-')
			goto bad;
	} else if (strcmp(key, "frameworks") == 0) {
		if (set_list(&specs, &nspecs, value, err) != 0)
			return (-1);
		for (i = 0; i < c->ntargets; i++)
			dlt_run_target_release(&c->targets[i]);
		c->ntargets = 0;
		for (i = 0; i < nspecs; i++) {
			if (dlt_run_target_parse(&t, specs[i], err) != 0 ||
			    add_target(c, &t, err) != 0) {
				free_list(specs, nspecs);
				return (-1);
			}
		}
		free_list(specs, nspecs);
	} else if (strcmp(key, "schedule") == 0) {
		if ((k = dlt_name_index(dlt_schedule_names, value)) < 0)
			goto bad;
		c->schedule = k;
	} else if (strcmp(key, "isolation") == 0) {
		if ((k = dlt_name_index(dlt_isolation_names, value)) < 0)
			goto bad;
		c->isolation = k;
	} else if (strcmp(key, "jobs") == 0) {
		if (parse_long(value, 1, 256, &v) != 0)
			goto bad;
		c->jobs = (int)v;
	} else if (strcmp(key, "budget") == 0) {
		c->budget_count = 0;
		c->budget_seconds = 0;
		if (parse_long(value, 1, 1000000000L, &v) == 0)
			c->budget_count = v;
		else if ((d = dlt_parse_duration(value)) > 0)
			c->budget_seconds = d;
		else
			goto bad;
	} else if (strcmp(key, "timeout") == 0 || strcmp(key, "grace") == 0) {
		if ((d = dlt_parse_duration(value)) <= 0 || d > 86400)
			goto bad;
		if (key[0] == 't')
			c->timeout = d;
		else
			c->grace = d;
	} else if (strcmp(key, "memory") == 0 || strcmp(key, "output-cap") == 0) {
		uint64_t	sz = dlt_parse_size(value, &ok);

		if (!ok || (sz != 0 && sz < 4096))
			goto bad;
		if (key[0] == 'm')
			c->memory = sz;
		else
			c->output_cap = sz;
	} else if (strcmp(key, "threads") == 0) {
		long	nt;

		if (parse_long(value, 0, 1024, &nt) != 0)
			goto bad;
		c->threads = (int)nt;
	} else if (strcmp(key, "worker-executions") == 0) {
		if (parse_long(value, 1, 1000000000L, &c->worker_max) != 0)
			goto bad;
	} else if (strcmp(key, "shard") == 0) {
		long	si, sn;

		copy = xstrdup(value);
		if ((p = strchr(copy, '/')) == NULL) {
			free(copy);
			goto bad;
		}
		*p++ = '\0';
		if (parse_long(copy, 1, 100000, &si) != 0 ||
		    parse_long(p, 1, 100000, &sn) != 0 || si > sn) {
			free(copy);
			goto bad;
		}
		free(copy);
		c->shard_index = (int)si;
		c->shard_count = (int)sn;
	} else if (strcmp(key, "workdir") == 0) {
		free(c->workdir);
		c->workdir = xstrdup(value);
	} else {
		*err = xasprintf("unknown setting '%s'", key);
		return (-1);
	}
	return (0);
bad:
	*err = xasprintf("bad value '%s' for '%s'", value, key);
	return (-1);
}

int
dlt_run_config_check(const struct dlt_run_config *c, char **err)
{
	*err = NULL;
	if (c->nmodels == 0) {
		*err = xstrdup("no seed models (--models or 'models:')");
		return (-1);
	}
	if (c->ntargets == 0) {
		*err = xstrdup("no frameworks (--frameworks or 'frameworks:')");
		return (-1);
	}
	return (0);
}

void
dlt_run_config_identity(const struct dlt_run_config *c, struct strbuf *sb)
{
	struct dlt_jw	jw;
	size_t		i;

	dlt_jw_init(&jw, sb, 0);
	dlt_jw_object(&jw);
	dlt_jw_key(&jw, "models");
	dlt_jw_array(&jw);
	for (i = 0; i < c->nmodels; i++)
		dlt_jw_cstr(&jw, c->models[i]);
	dlt_jw_end(&jw);
	dlt_jw_kv_cstr(&jw, "ops", c->ops);
	dlt_jw_kv_int(&jw, "n", c->n);
	dlt_jw_kv_cstr(&jw, "mode", dlt_mutate_mode_name(c->mode));
	dlt_jw_kv_uint(&jw, "seed", c->seed);
	dlt_jw_key(&jw, "frameworks");
	dlt_jw_array(&jw);
	for (i = 0; i < c->ntargets; i++) {
		dlt_jw_object(&jw);
		dlt_jw_kv_cstr(&jw, "label", c->targets[i].label);
		dlt_jw_kv_cstr(&jw, "harness", c->targets[i].harness);
		dlt_jw_kv_cstr(&jw, "release", c->targets[i].release);
		dlt_jw_end(&jw);
	}
	dlt_jw_end(&jw);
	/* 0, the frameworks' own default, was every campaign's before */
	if (c->threads != 0)
		dlt_jw_kv_int(&jw, "threads", c->threads);
	dlt_jw_end(&jw);
}

/* "a, b, c" of a sequence of plain scalars, or the scalar itself; or NULL. */
static char *
scalar_list(const struct ynode *n)
{
	struct strbuf	sb = STRBUF_INIT;
	size_t		i;

	if (n->type == YNODE_SCALAR)
		return (xstrdup(n->scalar));
	if (n->type != YNODE_SEQUENCE || n->n == 0)
		return (NULL);
	for (i = 0; i < n->n; i++) {
		if (n->items[i]->type != YNODE_SCALAR ||
		    strchr(n->items[i]->scalar, ',') != NULL) {
			strbuf_release(&sb);
			return (NULL);
		}
		strbuf_addf(&sb, "%s%s", i > 0 ? "," : "", n->items[i]->scalar);
	}
	return (strbuf_detach(&sb, NULL));
}

/* One item of 'frameworks:': "NAME[@RELEASE]" or {name, release, python, label}. */
static int
load_target(struct dlt_run_config *c, const char *path, const struct ynode *n,
    struct dlt_diags *d)
{
	static const char *const tkeys[] = { "name", "release", "python",
	    "label", NULL };
	struct dlt_run_target	 t;
	const struct ynode	*v;
	const char		*hint;
	char			*err = NULL, *spec;
	size_t			 i;

	if (n->type == YNODE_SCALAR) {
		if (dlt_run_target_parse(&t, n->scalar, &err) != 0 ||
		    add_target(c, &t, &err) != 0)
			goto bad;
		return (0);
	}
	if (n->type != YNODE_MAPPING) {
		err = xstrdup("a framework is a name or a mapping (name, "
		    "release, python, label)");
		goto bad;
	}
	for (i = 0; i < n->n; i++) {
		if (dlt_name_index(tkeys, n->keys[i]->scalar) >= 0 &&
		    n->items[i]->type == YNODE_SCALAR)
			continue;
		if (n->items[i]->type != YNODE_SCALAR &&
		    dlt_name_index(tkeys, n->keys[i]->scalar) >= 0) {
			dlt_diag_error(d, path, n->items[i]->line, n->items[i]->col,
			    "'%s' must be a scalar", n->keys[i]->scalar);
			return (-1);
		}
		hint = dlt_suggest(n->keys[i]->scalar, tkeys, 4);
		if (hint != NULL)
			dlt_diag_error(d, path, n->keys[i]->line, n->keys[i]->col,
			    "unknown key '%s' (did you mean '%s'?)",
			    n->keys[i]->scalar, hint);
		else
			dlt_diag_error(d, path, n->keys[i]->line, n->keys[i]->col,
			    "unknown key '%s' (name, release, python, label)",
			    n->keys[i]->scalar);
		return (-1);
	}
	if ((v = ynode_get(n, "name")) == NULL) {
		err = xstrdup("a framework needs a 'name'");
		goto bad;
	}
	spec = xasprintf("%s%s%s", v->scalar,
	    ynode_get(n, "release") != NULL ? "@" : "",
	    ynode_get(n, "release") != NULL ?
	    ynode_get(n, "release")->scalar : "");
	if (dlt_run_target_parse(&t, spec, &err) != 0) {
		free(spec);
		goto bad;
	}
	free(spec);
	if ((v = ynode_get(n, "python")) != NULL)
		t.python = xstrdup(v->scalar);
	if ((v = ynode_get(n, "label")) != NULL) {
		free(t.label);
		t.label = xstrdup(v->scalar);
	}
	if (add_target(c, &t, &err) != 0)
		goto bad;
	return (0);
bad:
	dlt_diag_error(d, path, n->line, n->col, "%s", err);
	free(err);
	return (-1);
}

int
dlt_run_config_load(struct dlt_run_config *c, const char *path,
    struct dlt_diags *d)
{
	struct ynode		*root = NULL;
	const struct ynode	*k, *v;
	const char		*hint;
	char			*errmsg = NULL, *err = NULL, *text;
	size_t			 i, j, before = d->n;
	long			 line, col;

	if (ynode_load_file(path, &root, &errmsg) != 0) {
		if (errmsg != NULL && sscanf(errmsg, "%ld:%ld:", &line, &col) == 2)
			dlt_diag_error(d, path, (int)line, (int)col, "%s",
			    strchr(strchr(errmsg, ':') + 1, ':') + 2);
		else
			dlt_diag_error(d, NULL, 0, 0, "cannot read campaign "
			    "'%s': %s", path, errmsg != NULL ? errmsg :
			    strerror(errno));
		free(errmsg);
		return (-1);
	}
	if (root == NULL || root->type != YNODE_MAPPING) {
		dlt_diag_error(d, path, root != NULL ? root->line : 0,
		    root != NULL ? root->col : 0, "a campaign is a mapping of "
		    "settings");
		ynode_free(root);
		return (-1);
	}
	for (i = 0; i < root->n; i++) {
		k = root->keys[i];
		v = root->items[i];
		if (dlt_name_index(keys, k->scalar) < 0) {
			if ((hint = dlt_suggest(k->scalar, keys,
			    sizeof keys / sizeof keys[0] - 1)) != NULL)
				dlt_diag_error(d, path, k->line, k->col,
				    "unknown key '%s' (did you mean '%s'?)",
				    k->scalar, hint);
			else
				dlt_diag_error(d, path, k->line, k->col,
				    "unknown key '%s'", k->scalar);
			continue;
		}
		if (strcmp(k->scalar, "frameworks") == 0 &&
		    v->type == YNODE_SEQUENCE) {
			for (j = 0; j < c->ntargets; j++)
				dlt_run_target_release(&c->targets[j]);
			c->ntargets = 0;
			for (j = 0; j < v->n; j++)
				(void)load_target(c, path, v->items[j], d);
			continue;
		}
		if ((text = scalar_list(v)) == NULL) {
			dlt_diag_error(d, path, v->line, v->col, "'%s' must be a "
			    "value or a list of values", k->scalar);
			continue;
		}
		if (dlt_run_config_set(c, k->scalar, text, &err) != 0) {
			dlt_diag_error(d, path, v->line, v->col, "%s", err);
			free(err);
		} else if (strcmp(k->scalar, "models") == 0)
			models_beside(c, path);
		free(text);
	}
	ynode_free(root);
	return (d->n > before ? -1 : 0);
}

/*
 * A model file of a campaign file named by a relative path ("a/b.yaml",
 * not a zoo name) is where it is from the campaign file's directory, so
 * that the campaign runs from any directory.
 */
static void
models_beside(struct dlt_run_config *c, const char *path)
{
	const char	*slash = strrchr(path, '/');
	char		*m;
	size_t		 i;

	if (slash == NULL)
		return;
	for (i = 0; i < c->nmodels; i++) {
		m = c->models[i];
		if (m[0] == '/' || strchr(m, '/') == NULL)
			continue;
		c->models[i] = xasprintf("%.*s/%s", (int)(slash - path), path, m);
		free(m);
	}
}
