/*
 * oracle-load.c: the oracles' settings file (rules/oracles/oracles.yaml,
 * dltriage-rules(5), ORACLES): tolerances per dtype, D_MAD, what to do
 * with each kind of finding, and samples with their expected verdicts,
 * loaded with file:line:col problems like the rule files.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "error.h"
#include "oracle.h"
#include "strbuf.h"
#include "suggest.h"
#include "xmalloc.h"
#include "yaml-node.h"

#define NELEM(a)	(sizeof (a) / sizeof (a)[0])

struct dlt_oracle_sample {
	char			*name;
	int			 line, col;
	int			 injected;
	char			*compute_dtype;	/* NULL: none */
	struct dlt_outputs	*mutant, *seed;
	size_t			 nmutant, nseed;
	int			 has_seed;
	char			**defects, **records;	/* expected kinds */
	size_t			 ndefects, nrecords;
	int			 equivalent;	/* -2: not checked */
};

struct loader {
	struct dlt_oracle_cfg	*cfg;
	const char		*file;
	struct dlt_diags	*diags;
	int			 errors;
};

static const char *const top_keys[] = {
	"tolerances", "d_mad", "float64_reference", "nan", "inconsistency",
	"acceptance", "samples"
};
static const char *const ref_keys[] = { "factor", "cap" };
static const char *const tol_keys[] = { "atol", "rtol" };
static const char *const dmad_keys[] = {
	"threshold", "reference", "min_frameworks"
};
static const char *const nan_keys[] = {
	"on_some", "on_all", "injected_on_some", "injected_on_all"
};
static const char *const inc_keys[] = { "values", "shape", "dtype" };
static const char *const acc_keys[] = { "disagreement", "empty_output" };
static const char *const sample_keys[] = {
	"name", "injected", "compute_dtype", "mutant", "seed", "expect"
};
static const char *const run_keys[] = { "status", "outputs" };
static const char *const out_keys[] = { "dtype", "shape", "values" };
static const char *const expect_keys[] = { "defects", "records", "equivalent" };
static const char *const actions[] = { "ignore", "record", "defect" };
static const char *const statuses[] = { "ok", "rejected", "other" };
static const char *const references[] = { "median", "zero" };
static const char *const tol_dtypes[] = {
	"float16", "bfloat16", "float32", "float64", "int", "bool", "default"
};

static void	 problem(struct loader *, const struct ynode *, const char *, ...)
		    DLT_PRINTF(3, 4);
static int	 check_map(struct loader *, const struct ynode *, const char *,
		    const char *const *, size_t);
static int	 get_choice(struct loader *, const struct ynode *, const char *,
		    const char *const *, size_t, int *);
static int	 get_number(struct loader *, const struct ynode *, const char *,
		    double, double, double *);
static int	 get_value(const struct ynode *, double *);
static void	 set_tol(struct dlt_oracle_cfg *, const char *, double, double);
static void	 load_tolerances(struct loader *, const struct ynode *);
static void	 load_actions(struct loader *, const struct ynode *, const char *,
		    const char *const *, enum dlt_oracle_action *const *, size_t);
static int	 load_runs(struct loader *, const struct ynode *, const char *,
		    struct dlt_outputs **, size_t *);
static int	 load_kinds(struct loader *, const struct ynode *, const char *,
		    char ***, size_t *);
static void	 load_sample(struct loader *, const struct ynode *);
static void	 sample_release(struct dlt_oracle_sample *);
static void	 load_root(struct loader *, const struct ynode *);
static int	 cmp_str(const void *, const void *);
static char	*kinds_text(char **, size_t);

static void
problem(struct loader *l, const struct ynode *n, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	dlt_diag_vadd(l->diags, l->file, n != NULL ? n->line : 0,
	    n != NULL ? n->col : 0, DLT_SEV_ERROR, 0, fmt, ap);
	va_end(ap);
	l->errors++;
}

/* A mapping with known keys only; 0, or -1 when it is not a mapping. */
static int
check_map(struct loader *l, const struct ynode *n, const char *what,
    const char *const *keys, size_t nkeys)
{
	const char	*hint;
	char		*q, *got;
	size_t		 i, j;

	if (n == NULL || n->type != YNODE_MAPPING) {
		got = ynode_describe(n);
		problem(l, n, "%s must be a mapping, not %s", what, got);
		free(got);
		return (-1);
	}
	for (i = 0; i < n->n; i++) {
		q = dlt_msg_quote(n->keys[i]->scalar, n->keys[i]->scalar_len);
		for (j = 0; j < i; j++)
			if (strcmp(n->keys[j]->scalar, n->keys[i]->scalar) == 0)
				break;
		if (j < i) {
			problem(l, n->keys[i], "%s: duplicate key '%s' (first at "
			    "%d:%d)", what, q, n->keys[j]->line, n->keys[j]->col);
			free(q);
			continue;
		}
		if (keys == NULL) {
			free(q);
			continue;
		}
		for (j = 0; j < nkeys; j++)
			if (strcmp(keys[j], n->keys[i]->scalar) == 0)
				break;
		if (j == nkeys) {
			hint = dlt_suggest(n->keys[i]->scalar, keys, nkeys);
			if (hint != NULL)
				problem(l, n->keys[i], "%s: unknown key '%s' (did "
				    "you mean '%s'?)", what, q, hint);
			else
				problem(l, n->keys[i], "%s: unknown key '%s'", what,
				    q);
		}
		free(q);
	}
	return (0);
}

static int
get_choice(struct loader *l, const struct ynode *n, const char *what,
    const char *const *choices, size_t nchoices, int *out)
{
	const char	*hint;
	char		*got;
	size_t		 i;

	if (n->type == YNODE_SCALAR)
		for (i = 0; i < nchoices; i++)
			if (strcmp(n->scalar, choices[i]) == 0) {
				*out = (int)i;
				return (0);
			}
	got = ynode_describe(n);
	hint = n->type == YNODE_SCALAR ? dlt_suggest(n->scalar, choices,
	    nchoices) : NULL;
	if (hint != NULL)
		problem(l, n, "%s: bad value %s (did you mean '%s'?)", what, got,
		    hint);
	else
		problem(l, n, "%s: bad value %s", what, got);
	free(got);
	return (-1);
}

static int
get_number(struct loader *l, const struct ynode *n, const char *what,
    double min, double max, double *out)
{
	char	*got;
	double	 v;

	if (!ynode_plain_number(n, &v) || v < min || v > max) {
		got = ynode_describe(n);
		problem(l, n, "%s must be a number from %g to %g, not %s", what,
		    min, max, got);
		free(got);
		return (-1);
	}
	*out = v;
	return (0);
}

/* A sample value: a number, or YAML's .nan, .inf and -.inf. */
static int
get_value(const struct ynode *n, double *v)
{
	static const char *const nans[] = { ".nan", ".NaN", ".NAN" };
	static const char *const infs[] = { ".inf", ".Inf", ".INF" };
	const char	*s;
	size_t		 i;
	int		 neg = 0;

	if (ynode_plain_number(n, v))
		return (1);
	if (n == NULL || n->type != YNODE_SCALAR || n->quoted)
		return (0);
	for (i = 0; i < NELEM(nans); i++)
		if (strcmp(n->scalar, nans[i]) == 0) {
			*v = NAN;
			return (1);
		}
	s = n->scalar;
	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	for (i = 0; i < NELEM(infs); i++)
		if (strcmp(s, infs[i]) == 0) {
			*v = neg ? -INFINITY : INFINITY;
			return (1);
		}
	return (0);
}

static void
set_tol(struct dlt_oracle_cfg *cfg, const char *dtype, double atol, double rtol)
{
	size_t	i;

	for (i = 0; i < cfg->ntol; i++)
		if (strcmp(cfg->tol[i].dtype, dtype) == 0)
			break;
	if (i == cfg->ntol) {
		cfg->tol = xreallocarray(cfg->tol, cfg->ntol + 1, sizeof *cfg->tol);
		cfg->tol[cfg->ntol++].dtype = xstrdup(dtype);
	}
	cfg->tol[i].atol = atol;
	cfg->tol[i].rtol = rtol;
}

/*
 * The defaults.  bfloat16 keeps 8 bits of mantissa (a unit in the last
 * place is 2^-7, 0.8% relative), float16 11 bits; after a few layers of
 * accumulation in another order their outputs differ by percents.
 * float32 allows for different convolution and reduction algorithms
 * (and TF32 on GPUs).
 */
void
dlt_oracle_cfg_init(struct dlt_oracle_cfg *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	set_tol(cfg, "float16", 1e-2, 1e-2);
	set_tol(cfg, "bfloat16", 5e-2, 5e-2);
	set_tol(cfg, "float32", 1e-4, 1e-3);
	set_tol(cfg, "float64", 1e-8, 1e-6);
	set_tol(cfg, "int", 0, 0);
	set_tol(cfg, "bool", 0, 0);
	set_tol(cfg, "default", 1e-4, 1e-3);
	cfg->dmad_threshold = 0.4;
	cfg->dmad_reference = DLT_DMAD_MEDIAN;
	cfg->dmad_min_frameworks = 3;
	cfg->ref_factor = 4;
	cfg->ref_cap = 10;
	cfg->nan_on_some = DLT_OA_DEFECT;
	cfg->nan_on_all = DLT_OA_RECORD;
	cfg->injected_on_some = DLT_OA_RECORD;
	cfg->injected_on_all = DLT_OA_IGNORE;
	cfg->values = DLT_OA_DEFECT;
	cfg->shape_mismatch = DLT_OA_DEFECT;
	cfg->dtype_mismatch = DLT_OA_RECORD;
	cfg->acceptance = DLT_OA_DEFECT;
	cfg->acceptance_empty = DLT_OA_RECORD;
}

static void
sample_release(struct dlt_oracle_sample *s)
{
	size_t	i;

	free(s->name);
	free(s->compute_dtype);
	for (i = 0; i < s->nmutant; i++)
		dlt_outputs_release(&s->mutant[i]);
	free(s->mutant);
	for (i = 0; i < s->nseed; i++)
		dlt_outputs_release(&s->seed[i]);
	free(s->seed);
	for (i = 0; i < s->ndefects; i++)
		free(s->defects[i]);
	free(s->defects);
	for (i = 0; i < s->nrecords; i++)
		free(s->records[i]);
	free(s->records);
}

void
dlt_oracle_cfg_release(struct dlt_oracle_cfg *cfg)
{
	size_t	i;

	for (i = 0; i < cfg->ntol; i++)
		free(cfg->tol[i].dtype);
	free(cfg->tol);
	for (i = 0; i < cfg->nsamples; i++)
		sample_release(&cfg->samples[i]);
	free(cfg->samples);
	free(cfg->file);
	memset(cfg, 0, sizeof *cfg);
}

size_t
dlt_oracle_cfg_nsamples(const struct dlt_oracle_cfg *cfg)
{
	return (cfg->nsamples);
}

const struct dlt_tolerance *
dlt_oracle_tolerance(const struct dlt_oracle_cfg *cfg, const char *dtype)
{
	const char	*cls = NULL;
	size_t		 i;

	if (dtype != NULL) {
		for (i = 0; i < cfg->ntol; i++)
			if (strcmp(cfg->tol[i].dtype, dtype) == 0)
				return (&cfg->tol[i]);
		if (strncmp(dtype, "int", 3) == 0 || strncmp(dtype, "uint", 4) == 0)
			cls = "int";
		else if (strcmp(dtype, "bool") == 0)
			cls = "bool";
	}
	for (i = 0; cls != NULL && i < cfg->ntol; i++)
		if (strcmp(cfg->tol[i].dtype, cls) == 0)
			return (&cfg->tol[i]);
	for (i = 0; i < cfg->ntol; i++)
		if (strcmp(cfg->tol[i].dtype, "default") == 0)
			return (&cfg->tol[i]);
	dlt_bug("no default tolerance");
}

static void
load_tolerances(struct loader *l, const struct ynode *n)
{
	const struct ynode	*t, *v;
	double			 atol, rtol;
	char			 what[64];
	size_t			 i;

	if (check_map(l, n, "'tolerances'", tol_dtypes, NELEM(tol_dtypes)) == -1)
		return;
	for (i = 0; i < n->n; i++) {
		t = n->items[i];
		snprintf(what, sizeof what, "tolerances: '%s'", n->keys[i]->scalar);
		if (check_map(l, t, what, tol_keys, NELEM(tol_keys)) == -1)
			continue;
		atol = dlt_oracle_tolerance(l->cfg, n->keys[i]->scalar)->atol;
		rtol = dlt_oracle_tolerance(l->cfg, n->keys[i]->scalar)->rtol;
		if ((v = ynode_get(t, "atol")) != NULL &&
		    get_number(l, v, "'atol'", 0, 1e300, &atol) == -1)
			continue;
		if ((v = ynode_get(t, "rtol")) != NULL &&
		    get_number(l, v, "'rtol'", 0, 1e300, &rtol) == -1)
			continue;
		set_tol(l->cfg, n->keys[i]->scalar, atol, rtol);
	}
}

static void
load_actions(struct loader *l, const struct ynode *n, const char *what,
    const char *const *keys, enum dlt_oracle_action *const *out, size_t nkeys)
{
	const struct ynode	*v;
	char			 w[64];
	size_t			 i;
	int			 a;

	if (check_map(l, n, what, keys, nkeys) == -1)
		return;
	for (i = 0; i < nkeys; i++) {
		if ((v = ynode_get(n, keys[i])) == NULL)
			continue;
		snprintf(w, sizeof w, "%s: '%s'", what, keys[i]);
		if (get_choice(l, v, w, actions, NELEM(actions), &a) == 0)
			*out[i] = (enum dlt_oracle_action)a;
	}
}

/* framework: {status: ok, outputs: {NAME: {dtype, shape, values}}} */
static int
load_runs(struct loader *l, const struct ynode *n, const char *what,
    struct dlt_outputs **runs, size_t *nruns)
{
	const struct ynode	*r, *outs, *o, *v, *vals;
	struct dlt_outputs	*run;
	int64_t			 shape[DLT_OUT_MAXRANK];
	double			*x;
	long long		 d;
	size_t			 i, j, k;
	int			 status, rank, bad = 0;

	if (check_map(l, n, what, NULL, 0) == -1 || n->n == 0) {
		if (n != NULL && n->type == YNODE_MAPPING)
			problem(l, n, "%s must name at least one framework", what);
		return (-1);
	}
	*runs = xcalloc(n->n, sizeof **runs);
	for (i = 0; i < n->n; i++) {
		r = n->items[i];
		run = &(*runs)[(*nruns)++];
		dlt_outputs_init(run, n->keys[i]->scalar, DLT_FWS_OK);
		if (check_map(l, r, "a framework's run", run_keys,
		    NELEM(run_keys)) == -1) {
			bad = 1;
			continue;
		}
		status = 0;
		if ((v = ynode_get(r, "status")) != NULL && get_choice(l, v,
		    "'status'", statuses, NELEM(statuses), &status) == -1)
			bad = 1;
		run->status = (enum dlt_fw_status)status;
		if ((outs = ynode_get(r, "outputs")) == NULL)
			continue;
		if (check_map(l, outs, "'outputs'", NULL, 0) == -1) {
			bad = 1;
			continue;
		}
		for (j = 0; j < outs->n; j++) {
			o = outs->items[j];
			if (check_map(l, o, "an output", out_keys,
			    NELEM(out_keys)) == -1) {
				bad = 1;
				continue;
			}
			vals = ynode_get(o, "values");
			if (vals == NULL || vals->type != YNODE_SEQUENCE) {
				problem(l, vals != NULL ? vals : o, "output '%s' "
				    "needs 'values', a list of numbers",
				    outs->keys[j]->scalar);
				bad = 1;
				continue;
			}
			x = vals->n > 0 ? xcalloc(vals->n, sizeof *x) : NULL;
			for (k = 0; k < vals->n; k++)
				if (!get_value(vals->items[k], &x[k])) {
					problem(l, vals->items[k], "a value must be "
					    "a number, .nan, .inf or -.inf");
					bad = 1;
				}
			rank = 1;
			shape[0] = (int64_t)vals->n;
			if ((v = ynode_get(o, "shape")) != NULL) {
				if (v->type != YNODE_SEQUENCE ||
				    v->n > DLT_OUT_MAXRANK) {
					problem(l, v, "'shape' must be a list of "
					    "dimensions");
					v = NULL;
					bad = 1;
				}
				for (k = 0; v != NULL && k < v->n; k++)
					if (!ynode_plain_int(v->items[k], &d) ||
					    d < 0 || d > INT32_MAX) {
						problem(l, v->items[k], "a dimension "
						    "must be an integer >= 0");
						bad = 1;
					} else
						shape[k] = d;
				rank = v != NULL ? (int)v->n : rank;
			}
			v = ynode_get(o, "dtype");
			if (v != NULL && (v->type != YNODE_SCALAR ||
			    ynode_is_null(v))) {
				problem(l, v, "'dtype' must be a dtype name");
				v = NULL;
				bad = 1;
			}
			if (!bad && dlt_outputs_add(run, outs->keys[j]->scalar,
			    v != NULL ? v->scalar : "float32", shape, rank, x,
			    vals->n) == -1) {
				problem(l, o, "output '%s': %zu values do not fill "
				    "its shape", outs->keys[j]->scalar, vals->n);
				bad = 1;
			}
			free(x);
		}
	}
	return (bad ? -1 : 0);
}

static int
load_kinds(struct loader *l, const struct ynode *n, const char *what,
    char ***out, size_t *nout)
{
	size_t	i;

	if (n->type != YNODE_SEQUENCE) {
		problem(l, n, "%s must be a list of finding kinds", what);
		return (-1);
	}
	if (n->n == 0)
		return (0);
	*out = xcalloc(n->n, sizeof **out);
	for (i = 0; i < n->n; i++) {
		if (n->items[i]->type != YNODE_SCALAR ||
		    ynode_is_null(n->items[i])) {
			problem(l, n->items[i], "%s must be a list of finding kinds",
			    what);
			return (-1);
		}
		(*out)[(*nout)++] = xstrdup(n->items[i]->scalar);
	}
	qsort(*out, *nout, sizeof **out, cmp_str);
	return (0);
}

static void
load_sample(struct loader *l, const struct ynode *n)
{
	struct dlt_oracle_sample	*s;
	const struct ynode		*v, *e;
	int				 b;

	if (check_map(l, n, "a sample", sample_keys, NELEM(sample_keys)) == -1)
		return;
	l->cfg->samples = xreallocarray(l->cfg->samples, l->cfg->nsamples + 1,
	    sizeof *l->cfg->samples);
	s = &l->cfg->samples[l->cfg->nsamples++];
	memset(s, 0, sizeof *s);
	s->line = n->line;
	s->col = n->col;
	s->equivalent = -2;
	v = ynode_get(n, "name");
	if (v == NULL || v->type != YNODE_SCALAR || ynode_is_null(v))
		problem(l, v != NULL ? v : n, "a sample needs a 'name'");
	s->name = xstrdup(v != NULL && v->type == YNODE_SCALAR ? v->scalar : "?");
	/* injected: true (NaN or Inf everywhere), false or denormal */
	if ((v = ynode_get(n, "injected")) != NULL) {
		if (v->type == YNODE_SCALAR && v->scalar != NULL &&
		    strcmp(v->scalar, "denormal") == 0)
			s->injected = DLT_INJ_DENORMAL;
		else if (!ynode_plain_bool(v, &b))
			problem(l, v, "'injected' must be true, false or "
			    "denormal");
		else
			s->injected = b ? DLT_INJ_NONFINITE : 0;
	}
	if ((v = ynode_get(n, "compute_dtype")) != NULL) {
		if (v->type != YNODE_SCALAR || ynode_is_null(v))
			problem(l, v, "'compute_dtype' must be a dtype name");
		else
			s->compute_dtype = xstrdup(v->scalar);
	}
	if ((v = ynode_get(n, "mutant")) == NULL)
		problem(l, n, "sample '%s' needs 'mutant'", s->name);
	else
		(void)load_runs(l, v, "'mutant'", &s->mutant, &s->nmutant);
	if ((v = ynode_get(n, "seed")) != NULL) {
		s->has_seed = 1;
		(void)load_runs(l, v, "'seed'", &s->seed, &s->nseed);
	}
	if ((e = ynode_get(n, "expect")) == NULL) {
		problem(l, n, "sample '%s' needs 'expect'", s->name);
		return;
	}
	if (check_map(l, e, "'expect'", expect_keys, NELEM(expect_keys)) == -1)
		return;
	if ((v = ynode_get(e, "defects")) != NULL)
		(void)load_kinds(l, v, "'defects'", &s->defects, &s->ndefects);
	if ((v = ynode_get(e, "records")) != NULL)
		(void)load_kinds(l, v, "'records'", &s->records, &s->nrecords);
	if ((v = ynode_get(e, "equivalent")) != NULL) {
		if (!ynode_plain_bool(v, &b))
			problem(l, v, "'equivalent' must be true or false");
		else if (!s->has_seed)
			problem(l, v, "'equivalent' needs a 'seed' to compare with");
		else
			s->equivalent = b;
	}
}

static void
load_root(struct loader *l, const struct ynode *root)
{
	struct dlt_oracle_cfg	*cfg = l->cfg;
	enum dlt_oracle_action	*nan_out[] = {
		&cfg->nan_on_some, &cfg->nan_on_all, &cfg->injected_on_some,
		&cfg->injected_on_all
	};
	enum dlt_oracle_action	*inc_out[] = {
		&cfg->values, &cfg->shape_mismatch, &cfg->dtype_mismatch
	};
	enum dlt_oracle_action	*acc_out[] = {
		&cfg->acceptance, &cfg->acceptance_empty
	};
	const struct ynode	*n, *v;
	double			 d;
	int			 c;
	size_t			 i;

	if (check_map(l, root, "an oracle settings file", top_keys,
	    NELEM(top_keys)) == -1)
		return;
	if ((n = ynode_get(root, "tolerances")) != NULL)
		load_tolerances(l, n);
	if ((n = ynode_get(root, "d_mad")) != NULL &&
	    check_map(l, n, "'d_mad'", dmad_keys, NELEM(dmad_keys)) == 0) {
		if ((v = ynode_get(n, "threshold")) != NULL &&
		    get_number(l, v, "'threshold'", 0, 1, &d) == 0)
			cfg->dmad_threshold = d;
		if ((v = ynode_get(n, "reference")) != NULL && get_choice(l, v,
		    "d_mad: 'reference'", references, NELEM(references), &c) == 0)
			cfg->dmad_reference = (enum dlt_dmad_ref)c;
		if ((v = ynode_get(n, "min_frameworks")) != NULL &&
		    get_number(l, v, "'min_frameworks'", 2, 64, &d) == 0)
			cfg->dmad_min_frameworks = (int)d;
	}
	if ((n = ynode_get(root, "float64_reference")) != NULL &&
	    check_map(l, n, "'float64_reference'", ref_keys,
	    NELEM(ref_keys)) == 0) {
		if ((v = ynode_get(n, "factor")) != NULL &&
		    get_number(l, v, "'factor'", 0, 1e6, &d) == 0)
			cfg->ref_factor = d;
		if ((v = ynode_get(n, "cap")) != NULL &&
		    get_number(l, v, "'cap'", 0, 1e6, &d) == 0)
			cfg->ref_cap = d;
	}
	if ((n = ynode_get(root, "nan")) != NULL)
		load_actions(l, n, "'nan'", nan_keys, nan_out, NELEM(nan_keys));
	if ((n = ynode_get(root, "inconsistency")) != NULL)
		load_actions(l, n, "'inconsistency'", inc_keys, inc_out,
		    NELEM(inc_keys));
	/* acceptance: ACTION (both) or {disagreement:, empty_output:} */
	if ((n = ynode_get(root, "acceptance")) != NULL) {
		if (n->type == YNODE_MAPPING)
			load_actions(l, n, "'acceptance'", acc_keys, acc_out,
			    NELEM(acc_keys));
		else if (get_choice(l, n, "'acceptance'", actions,
		    NELEM(actions), &c) == 0)
			cfg->acceptance = cfg->acceptance_empty =
			    (enum dlt_oracle_action)c;
	}
	if ((n = ynode_get(root, "samples")) != NULL) {
		if (n->type != YNODE_SEQUENCE)
			problem(l, n, "'samples' must be a list");
		else
			for (i = 0; i < n->n && !dlt_diags_full(l->diags,
			    l->file); i++)
				load_sample(l, n->items[i]);
	}
}

int
dlt_oracle_cfg_load_buffer(struct dlt_oracle_cfg *cfg, const char *name,
    const char *buf, size_t len, struct dlt_diags *diags)
{
	struct loader	 l;
	struct ynode	*root = NULL;
	char		*err = NULL;
	long		 line = 0, col = 0;

	l.cfg = cfg;
	l.file = name;
	l.diags = diags;
	l.errors = 0;
	if (ynode_load_buffer(buf, len, &root, &err) == -1) {
		if (err != NULL)
			(void)sscanf(err, "%ld:%ld", &line, &col);
		dlt_diag_error(diags, name, (int)line, (int)col, "%s",
		    err != NULL && strstr(err, ": ") != NULL ?
		    strstr(err, ": ") + 2 : "cannot parse");
		free(err);
		return (-1);
	}
	if (root == NULL)
		problem(&l, NULL, "empty oracle settings file");
	else
		load_root(&l, root);
	ynode_free(root);
	if (l.errors > 0) {
		dlt_oracle_cfg_release(cfg);
		dlt_oracle_cfg_init(cfg);
		return (-1);
	}
	free(cfg->file);
	cfg->file = xstrdup(name);
	return (0);
}

int
dlt_oracle_cfg_load(struct dlt_oracle_cfg *cfg, const char *path,
    struct dlt_diags *diags)
{
	struct strbuf	 sb = STRBUF_INIT;
	FILE		*fp;
	char		 buf[8192];
	size_t		 n;
	int		 rc;

	if ((fp = fopen(path, "r")) == NULL) {
		dlt_diag_error(diags, path, 0, 0, "cannot open: %s",
		    strerror(errno));
		return (-1);
	}
	while ((n = fread(buf, 1, sizeof buf, fp)) > 0)
		strbuf_add(&sb, buf, n);
	if (ferror(fp)) {
		dlt_diag_error(diags, path, 0, 0, "cannot read: %s",
		    strerror(errno));
		fclose(fp);
		strbuf_release(&sb);
		return (-1);
	}
	fclose(fp);
	rc = dlt_oracle_cfg_load_buffer(cfg, path, sb.buf, sb.len, diags);
	strbuf_release(&sb);
	return (rc);
}

static int
cmp_str(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

static char *
kinds_text(char **v, size_t n)
{
	struct strbuf	sb = STRBUF_INIT;
	size_t		i;

	strbuf_addch(&sb, '[');
	for (i = 0; i < n; i++)
		strbuf_addf(&sb, "%s%s", i > 0 ? ", " : "", v[i]);
	strbuf_addch(&sb, ']');
	return (strbuf_detach(&sb, NULL));
}

size_t
dlt_oracle_cfg_check_samples(const struct dlt_oracle_cfg *cfg,
    struct dlt_diags *diags)
{
	const struct dlt_oracle_sample	*s;
	struct dlt_oracle_result	 r;
	char				**got[2], *want_t, *got_t;
	size_t				 ngot[2], i, j, k, failed = 0;
	int				 bad;

	for (i = 0; i < cfg->nsamples; i++) {
		s = &cfg->samples[i];
		dlt_oracle_compare(cfg, s->injected, s->compute_dtype,
		    s->has_seed ? s->seed : NULL,
		    s->nseed, s->mutant, s->nmutant, &r);
		got[0] = got[1] = NULL;
		ngot[0] = ngot[1] = 0;
		if (r.nfindings > 0) {
			got[0] = xcalloc(r.nfindings, sizeof *got[0]);
			got[1] = xcalloc(r.nfindings, sizeof *got[1]);
		}
		for (j = 0; j < r.nfindings; j++) {
			k = r.findings[j].defect ? 0 : 1;
			got[k][ngot[k]++] = r.findings[j].kind;
		}
		bad = 0;
		for (k = 0; k < 2; k++) {
			if (ngot[k] > 0)
				qsort(got[k], ngot[k], sizeof *got[k], cmp_str);
			want_t = kinds_text(k == 0 ? s->defects : s->records,
			    k == 0 ? s->ndefects : s->nrecords);
			got_t = kinds_text(got[k], ngot[k]);
			if (strcmp(want_t, got_t) != 0) {
				dlt_diag_error(diags, cfg->file, s->line, s->col,
				    "sample '%s': expected %s %s, got %s", s->name,
				    k == 0 ? "defects" : "records", want_t, got_t);
				bad = 1;
			}
			free(want_t);
			free(got_t);
		}
		if (s->equivalent != -2 && s->equivalent != r.equivalent) {
			dlt_diag_error(diags, cfg->file, s->line, s->col,
			    "sample '%s': expected the mutant %sequivalent, it is "
			    "%s", s->name, s->equivalent ? "" : "not ",
			    r.equivalent ? "equivalent" : "not");
			bad = 1;
		}
		failed += (size_t)bad;
		free(got[0]);
		free(got[1]);
		dlt_oracle_result_release(&r);
	}
	return (failed);
}
