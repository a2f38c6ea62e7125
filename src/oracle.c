/*
 * oracle.c: the output oracles (NaN/Inf, inconsistency, acceptance,
 * equivalence) as a pure computation over per-framework outputs; see
 * oracle.h.  The settings file is oracle-load.c's.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "npy.h"
#include "oracle.h"
#include "strbuf.h"
#include "xmalloc.h"

/* Per output of one framework, while comparing. */
struct col {
	const struct dlt_outputs	*fw;
	const struct dlt_output		*out;
	size_t				 nan, inf;
};

/*
 * The float64 reference of one output: how far float32 rounding alone
 * moved each element on the target that computed both.
 */
struct noise {
	const double	*dev;		/* |float32 - float64|, per element */
	const double	*mag;		/* |float32|, per element */
	size_t		 count;
	const char	*framework;
	double		 factor, cap;
};

struct cmp {
	size_t	mismatched, nonfinite, noisy;
	double	max_abs, max_rel;
	double	worst, worst_mag;	/* largest excess over tolerance, at |x| */
	int	exact;
};

static int	 same_shape(const struct dlt_output *, const struct dlt_output *);
static void	 shape_text(char *, size_t, const struct dlt_output *);
static void	 compare_values(const struct dlt_output *,
		    const struct dlt_output *, double, double,
		    const struct noise *, struct cmp *);
static void	 pair_tolerance(const struct dlt_oracle_cfg *, const char *,
		    const char *,
		    const char *, double *, double *);
static void	 add_finding(struct dlt_oracle_result *, enum dlt_oracle_class,
		    enum dlt_oracle_action, const char *, const char *,
		    const char *, char *, char *);
static void	 join(struct strbuf *, const struct col *, size_t, int,
		    int (*)(const struct col *));
static int	 has_nan(const struct col *);
static int	 no_nan(const struct col *);
static int	 has_inf(const struct col *);
static int	 no_inf(const struct col *);
static void	 check_nonfinite(const struct dlt_oracle_cfg *, int,
		    struct dlt_oracle_result *, const char *, const struct col *,
		    size_t, int);
static double	*reference(const struct dlt_oracle_cfg *, const struct col *,
		    size_t, const struct dlt_output *, int *);
static double	 dmad(const struct dlt_output *, const struct dlt_output *,
		    const double *);
static void	 compare_output(const struct dlt_oracle_cfg *, int,
		    const char *, struct dlt_oracle_result *, const char *,
		    const struct col *, size_t, const struct noise *);
static double	*reference_noise(const struct dlt_outputs *, size_t,
		    const struct dlt_output *, const char **);
static int	 is_reference(const char *);
static size_t	 plain_outputs(const struct dlt_outputs *);
static void	 disagreement(const struct dlt_oracle_cfg *,
		    struct dlt_oracle_result *, const char *, const struct col *,
		    size_t, const int *, const char *, enum dlt_oracle_action);
static void	 check_acceptance(const struct dlt_oracle_cfg *,
		    struct dlt_oracle_result *, const struct dlt_outputs *,
		    size_t);
static const struct dlt_output *match_output(const struct dlt_outputs *,
		    const struct dlt_outputs *, size_t);
static int	 equivalent(const struct dlt_oracle_cfg *,
		    const struct dlt_outputs *, size_t,
		    const struct dlt_outputs *, size_t);

static const char *const class_names[] = { "nan", "inconsistency", "acceptance" };
static const char *const verdict_names[] = {
	"same", "close", "differ", "nonfinite", "shape", "dtype"
};

const char *
dlt_oracle_class_name(enum dlt_oracle_class c)
{
	return ((size_t)c < sizeof class_names / sizeof class_names[0] ?
	    class_names[c] : "?");
}

const char *
dlt_pair_verdict_name(enum dlt_pair_verdict v)
{
	return ((size_t)v < sizeof verdict_names / sizeof verdict_names[0] ?
	    verdict_names[v] : "?");
}

void
dlt_outputs_init(struct dlt_outputs *o, const char *framework,
    enum dlt_fw_status status)
{
	memset(o, 0, sizeof *o);
	o->framework = xstrdup(framework != NULL ? framework : "");
	o->status = status;
}

void
dlt_outputs_release(struct dlt_outputs *o)
{
	size_t	i;

	for (i = 0; i < o->n; i++) {
		free(o->v[i].name);
		free(o->v[i].dtype);
		free(o->v[i].values);
	}
	free(o->v);
	free(o->framework);
	memset(o, 0, sizeof *o);
}

int
dlt_outputs_add(struct dlt_outputs *o, const char *name, const char *dtype,
    const int64_t *shape, int rank, const double *values, size_t count)
{
	struct dlt_output	*out;
	size_t			 n = 1;
	int			 i;

	if (rank < 0 || rank > DLT_OUT_MAXRANK)
		return (-1);
	for (i = 0; i < rank; i++) {
		if (shape[i] < 0 || (shape[i] > 0 &&
		    n > SIZE_MAX / (uint64_t)shape[i]))
			return (-1);
		n *= (size_t)shape[i];
	}
	if (n != count)
		return (-1);
	XGROW(o->v, o->n + 1, o->alloc);
	out = &o->v[o->n++];
	memset(out, 0, sizeof *out);
	out->name = xstrdup(name);
	out->dtype = xstrdup(dtype != NULL ? dtype : "float32");
	out->rank = rank;
	for (i = 0; i < rank; i++)
		out->shape[i] = shape[i];
	out->count = count;
	if (count > 0) {
		out->values = xreallocarray(NULL, count, sizeof *out->values);
		memcpy(out->values, values, count * sizeof *values);
	}
	return (0);
}

int
dlt_outputs_add_npy(struct dlt_outputs *o, const char *name, const char *dtype,
    const struct dlt_npy *a)
{
	int64_t	shape[DLT_OUT_MAXRANK];
	int	i;

	for (i = 0; i < a->rank; i++) {
		if (a->shape[i] > (uint64_t)INT64_MAX)
			return (-1);
		shape[i] = (int64_t)a->shape[i];
	}
	return (dlt_outputs_add(o, name, dtype != NULL ? dtype : a->dtype, shape,
	    a->rank, a->values, a->count));
}

const struct dlt_output *
dlt_outputs_find(const struct dlt_outputs *o, const char *name)
{
	size_t	i;

	for (i = 0; i < o->n; i++)
		if (strcmp(o->v[i].name, name) == 0)
			return (&o->v[i]);
	return (NULL);
}

void
dlt_oracle_result_init(struct dlt_oracle_result *r)
{
	memset(r, 0, sizeof *r);
	r->equivalent = -1;
}

void
dlt_oracle_result_release(struct dlt_oracle_result *r)
{
	struct dlt_oracle_finding	*f;
	size_t				 i;

	for (i = 0; i < r->npairs; i++) {
		free(r->pairs[i].fw_a);
		free(r->pairs[i].fw_b);
		free(r->pairs[i].output);
	}
	free(r->pairs);
	for (i = 0; i < r->nfindings; i++) {
		f = &r->findings[i];
		free(f->kind);
		free(f->output);
		free(f->frameworks);
		free(f->signature);
		free(f->evidence);
	}
	free(r->findings);
	dlt_oracle_result_init(r);
}

static int
same_shape(const struct dlt_output *a, const struct dlt_output *b)
{
	int	i;

	if (a->rank != b->rank || a->count != b->count)
		return (0);
	for (i = 0; i < a->rank; i++)
		if (a->shape[i] != b->shape[i])
			return (0);
	return (1);
}

/* "[1, 10]", cut to fit. */
static void
shape_text(char *buf, size_t size, const struct dlt_output *o)
{
	size_t	len;
	int	i;

	snprintf(buf, size, "[");
	for (i = 0; i < o->rank; i++) {
		len = strlen(buf);
		snprintf(buf + len, size - len, "%s%lld", i > 0 ? ", " : "",
		    (long long)o->shape[i]);
	}
	len = strlen(buf);
	snprintf(buf + len, size - len, "]");
}

/*
 * Element by element: NaN equals NaN and an infinity the same infinity;
 * finite values are close when |a - b| <= atol + rtol * max(|a|, |b|),
 * numpy's allclose made symmetric so that the order of two frameworks
 * does not matter.  With a float64 reference (nz not NULL), s is the
 * largest error of the reference target's float32 output against its
 * float64 twin, in units of that element's bound; every bound becomes
 * bound * (1 + factor * min(s, cap)).  One framework's rounding error
 * is one sample of what float32 does to this output: another
 * framework's (other summation orders, other kernels) lands elsewhere
 * in the same range, and not always at the same elements.
 */
static void
compare_values(const struct dlt_output *a, const struct dlt_output *b,
    double atol, double rtol, const struct noise *nz, struct cmp *c)
{
	double	x, y, d, m, tol, excess, widen = 0, t;
	size_t	i;

	memset(c, 0, sizeof *c);
	c->exact = 1;
	c->worst = -INFINITY;
	for (i = 0; nz != NULL && i < nz->count; i++) {
		t = atol + rtol * nz->mag[i];
		if (isfinite(nz->dev[i]) && t > 0 && nz->dev[i] / t > widen)
			widen = nz->dev[i] / t;
	}
	widen = nz != NULL ? nz->factor * fmin(widen, nz->cap) : 0;
	for (i = 0; i < a->count; i++) {
		x = a->values[i];
		y = b->values[i];
		if (!isfinite(x) || !isfinite(y)) {
			if ((isnan(x) && isnan(y)) || x == y)
				continue;
			c->mismatched++;
			c->nonfinite++;
			c->exact = 0;
			continue;
		}
		if (x != y)
			c->exact = 0;
		d = fabs(x - y);
		m = fmax(fabs(x), fabs(y));
		if (d > c->max_abs)
			c->max_abs = d;
		if (m > 0 && d / m > c->max_rel)
			c->max_rel = d / m;
		tol = atol + rtol * m;
		excess = d - tol;
		if (excess > 0 && d <= tol * (1 + widen)) {
			c->noisy++;
			excess = 0;
		}
		if (excess > 0)
			c->mismatched++;
		if (excess > c->worst) {
			c->worst = excess;
			c->worst_mag = m;
		}
	}
}

/* The looser of the two dtypes' tolerances. */
/* The looser of the outputs' tolerances and the compute dtype's (or NULL). */
static void
pair_tolerance(const struct dlt_oracle_cfg *cfg, const char *da, const char *db,
    const char *dc, double *atol, double *rtol)
{
	const struct dlt_tolerance	*ta, *tb, *tc;

	ta = dlt_oracle_tolerance(cfg, da);
	tb = dlt_oracle_tolerance(cfg, db);
	*atol = fmax(ta->atol, tb->atol);
	*rtol = fmax(ta->rtol, tb->rtol);
	if (dc != NULL) {
		tc = dlt_oracle_tolerance(cfg, dc);
		*atol = fmax(*atol, tc->atol);
		*rtol = fmax(*rtol, tc->rtol);
	}
}

/* Takes signature and evidence. */
static void
add_finding(struct dlt_oracle_result *r, enum dlt_oracle_class cls,
    enum dlt_oracle_action action, const char *kind, const char *output,
    const char *fws, char *signature, char *evidence)
{
	struct dlt_oracle_finding	*f;

	if (action == DLT_OA_IGNORE) {
		free(signature);
		free(evidence);
		return;
	}
	XGROW(r->findings, r->nfindings + 1, r->findings_alloc);
	f = &r->findings[r->nfindings++];
	f->cls = cls;
	f->kind = xstrdup(kind);
	f->defect = action == DLT_OA_DEFECT;
	f->output = output != NULL ? xstrdup(output) : NULL;
	f->frameworks = xstrdup(fws);
	f->signature = signature;
	f->evidence = evidence;
}

static int
has_nan(const struct col *c)
{
	return (c->nan > 0);
}

static int
no_nan(const struct col *c)
{
	return (c->nan == 0);
}

static int
has_inf(const struct col *c)
{
	return (c->inf > 0);
}

static int
no_inf(const struct col *c)
{
	return (c->inf == 0);
}

/* The frameworks of cols that pass, separated by sep (',' or ' '). */
static void
join(struct strbuf *sb, const struct col *cols, size_t n, int sep,
    int (*pass)(const struct col *))
{
	size_t	i;
	int	first = 1;

	for (i = 0; i < n; i++) {
		if (!pass(&cols[i]))
			continue;
		if (!first) {
			strbuf_addch(sb, ',');
			if (sep == ' ')
				strbuf_addch(sb, ' ');
		}
		strbuf_addstr(sb, cols[i].fw->framework);
		first = 0;
	}
}

/*
 * NaN and Inf per output: on some frameworks but not others, or on all
 * of them.  Where an input is injected with NaN or Inf they are
 * expected, and the injected_* settings apply instead.
 */
static void
check_nonfinite(const struct dlt_oracle_cfg *cfg, int injected,
    struct dlt_oracle_result *r, const char *name, const struct col *cols,
    size_t n, int inf)
{
	struct strbuf	 fws = STRBUF_INIT, sig = STRBUF_INIT, ev = STRBUF_INIT;
	const char	*what = inf ? "Inf" : "NaN";
	int		(*yes)(const struct col *) = inf ? has_inf : has_nan;
	int		(*no)(const struct col *) = inf ? no_inf : no_nan;
	size_t		 i, with = 0;
	char		 kind[32];

	for (i = 0; i < n; i++)
		with += yes(&cols[i]) ? 1 : 0;
	if (with == 0)
		return;
	for (i = 0; i < n; i++)
		strbuf_addf(&ev, "%s: %zu %s of %zu in '%s'\n",
		    cols[i].fw->framework, inf ? cols[i].inf : cols[i].nan, what,
		    cols[i].out->count, name);
	if (injected & DLT_INJ_NONFINITE)
		strbuf_addstr(&ev, "an input is injected with NaN or Inf\n");
	join(&fws, cols, n, ',', yes);
	if (with < n) {
		/* no output in the signature: one split is one bucket */
		snprintf(kind, sizeof kind, "%s-on-some", inf ? "inf" : "nan");
		strbuf_addf(&sig, "%s: %s on ", kind, what);
		join(&sig, cols, n, ' ', yes);
		strbuf_addstr(&sig, "; not on ");
		join(&sig, cols, n, ' ', no);
		add_finding(r, DLT_OC_NAN, injected & DLT_INJ_NONFINITE ?
		    cfg->injected_on_some : cfg->nan_on_some, kind, name, fws.buf,
		    strbuf_detach(&sig, NULL), strbuf_detach(&ev, NULL));
	} else {
		snprintf(kind, sizeof kind, "%s-on-all", inf ? "inf" : "nan");
		strbuf_addf(&sig, "%s: %s on every framework", kind, what);
		add_finding(r, DLT_OC_NAN, injected & DLT_INJ_NONFINITE ?
		    cfg->injected_on_all : cfg->nan_on_all, kind, name, fws.buf,
		    strbuf_detach(&sig, NULL), strbuf_detach(&ev, NULL));
	}
	strbuf_release(&fws);
	strbuf_release(&sig);
	strbuf_release(&ev);
}

/*
 * The reference D_MAD measures each framework against.  LEMON (Wang et
 * al., "Deep Learning Library Testing via Effective Model Generation",
 * ESEC/FSE 2020; after CRADLE, Pham et al., ICSE 2019) measures both
 * outputs against the ground truth of a labelled input: theta_k =
 * mean |o_k - g| per input and D_MAD = |theta_1 - theta_2| / (theta_1 +
 * theta_2), 0 when both sums are 0; an inconsistency above 0.4 is
 * reported.  The IR's inputs are random and have no labels, so g is the
 * element-wise median of every framework with that output and shape
 * (at least dmad_min_frameworks of them: with two, the median is their
 * mean and D_MAD is always 0), or zero (then D_MAD compares magnitudes).
 * NULL with *ok 0: not computed.
 */
static double *
reference(const struct dlt_oracle_cfg *cfg, const struct col *cols, size_t n,
    const struct dlt_output *shape, int *ok)
{
	double	*g, *v, t;
	size_t	 i, j, k, m, cnt = 0;

	*ok = 0;
	for (i = 0; i < n; i++)
		cnt += same_shape(cols[i].out, shape) ? 1 : 0;
	if (shape->count == 0)
		return (NULL);
	if (cfg->dmad_reference == DLT_DMAD_ZERO) {
		*ok = 1;
		return (xcalloc(shape->count, sizeof *g));
	}
	if (cnt < (size_t)cfg->dmad_min_frameworks || cnt < 2)
		return (NULL);
	g = xreallocarray(NULL, shape->count, sizeof *g);
	v = xreallocarray(NULL, cnt, sizeof *v);
	for (k = 0; k < shape->count; k++) {
		m = 0;
		for (i = 0; i < n; i++) {
			if (!same_shape(cols[i].out, shape) ||
			    !isfinite(cols[i].out->values[k]))
				continue;
			t = cols[i].out->values[k];
			for (j = m; j > 0 && v[j - 1] > t; j--)
				v[j] = v[j - 1];
			v[j] = t;
			m++;
		}
		if (m == 0)
			g[k] = NAN;
		else
			g[k] = m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
	}
	free(v);
	*ok = 1;
	return (g);
}

/* The largest D_MAD over the rows (dim 0) of two outputs of one shape. */
static double
dmad(const struct dlt_output *a, const struct dlt_output *b, const double *g)
{
	size_t	rows, len, i, k, used;
	double	sa, sb, ta, tb, d, worst = 0;

	rows = a->rank >= 2 && a->shape[0] > 0 ? (size_t)a->shape[0] : 1;
	len = a->count / rows;
	for (i = 0; i < rows; i++) {
		sa = sb = 0;
		used = 0;
		for (k = i * len; k < (i + 1) * len; k++) {
			if (!isfinite(a->values[k]) || !isfinite(b->values[k]) ||
			    !isfinite(g[k]))
				continue;
			sa += fabs(a->values[k] - g[k]);
			sb += fabs(b->values[k] - g[k]);
			used++;
		}
		if (used == 0 || (sa == 0 && sb == 0))
			continue;
		ta = sa / (double)used;
		tb = sb / (double)used;
		d = fabs(ta - tb) / (ta + tb);
		if (d > worst)
			worst = d;
	}
	return (worst);
}

/* What a pair of frameworks' outputs did, worst last (disagreement()). */
enum {
	PAIR_AGREE,
	PAIR_MAX_ABS,
	PAIR_MAX_REL,
	PAIR_D_MAD,
	PAIR_SHAPE
};

static const char *const pair_kinds[] = {
	NULL, "inconsistency:max-abs", "inconsistency:max-rel",
	"inconsistency:d-mad", "inconsistency:shape"
};

static void
compare_output(const struct dlt_oracle_cfg *cfg, int injected,
    const char *compute_dtype, struct dlt_oracle_result *r, const char *name,
    const struct col *cols, size_t n, const struct noise *nz)
{
	struct dlt_oracle_pair	*p;
	const struct dlt_output	*a, *b;
	struct strbuf		 sig = STRBUF_INIT, ev = STRBUF_INIT;
	struct strbuf		 evall = STRBUF_INIT;
	struct cmp		 c;
	double			*g;
	char			 fws[512], sa[128], sb[128];
	size_t			 i, j, k, first, *comp;
	int			 gok, both_nonfinite, *pk, *pat, anypat = 0;

	check_nonfinite(cfg, injected, r, name, cols, n, 0);
	check_nonfinite(cfg, injected, r, name, cols, n, 1);
	pk = xcalloc(n * n + 1, sizeof *pk);
	pat = xcalloc(n * n + 1, sizeof *pat);
	for (i = 0; i < n; i++) {
		a = cols[i].out;
		g = reference(cfg, cols, n, a, &gok);
		for (j = i + 1; j < n; j++) {
			b = cols[j].out;
			XGROW(r->pairs, r->npairs + 1, r->pairs_alloc);
			p = &r->pairs[r->npairs++];
			memset(p, 0, sizeof *p);
			p->fw_a = xstrdup(cols[i].fw->framework);
			p->fw_b = xstrdup(cols[j].fw->framework);
			p->output = xstrdup(name);
			p->dmad = NAN;
			pair_tolerance(cfg, a->dtype, b->dtype, compute_dtype,
			    &p->atol, &p->rtol);
			snprintf(fws, sizeof fws, "%s,%s", p->fw_a, p->fw_b);
			if (!same_shape(a, b)) {
				p->verdict = DLT_PV_SHAPE;
				shape_text(sa, sizeof sa, a);
				shape_text(sb, sizeof sb, b);
				pk[i * n + j] = PAIR_SHAPE;
				strbuf_addf(&evall, "'%s': %s %s %s, %s %s %s\n",
				    name, p->fw_a, sa, a->dtype, p->fw_b, sb,
				    b->dtype);
				continue;
			}
			compare_values(a, b, p->atol, p->rtol, nz != NULL &&
			    nz->count == a->count ? nz : NULL, &c);
			p->count = a->count;
			p->mismatched = c.mismatched;
			p->noisy = c.noisy;
			p->nonfinite = c.nonfinite;
			p->max_abs = c.max_abs;
			p->max_rel = c.max_rel;
			if (gok)
				p->dmad = dmad(a, b, g);
			if (c.mismatched == 0)
				p->verdict = c.exact ? DLT_PV_SAME : DLT_PV_CLOSE;
			else if (c.mismatched == c.nonfinite)
				p->verdict = DLT_PV_NONFINITE;
			else
				p->verdict = DLT_PV_DIFFER;
			if (strcmp(a->dtype, b->dtype) != 0) {
				p->verdict = DLT_PV_DTYPE;
				add_finding(r, DLT_OC_INCONSISTENCY,
				    cfg->dtype_mismatch, "inconsistency:dtype", name,
				    fws, xasprintf("inconsistency:dtype: '%s' is %s "
				    "on %s, %s on %s", name, a->dtype, p->fw_a,
				    b->dtype, p->fw_b), xasprintf("%s: '%s' %s\n"
				    "%s: '%s' %s\n", p->fw_a, name, a->dtype,
				    p->fw_b, name, b->dtype));
			}
			strbuf_reset(&ev);
			strbuf_addf(&ev, "'%s': %s vs %s: %zu of %zu elements out "
			    "of tolerance (atol %g, rtol %g), %zu of them NaN/Inf; "
			    "max abs %.6g, max rel %.6g", name, p->fw_a, p->fw_b,
			    c.mismatched, p->count, p->atol, p->rtol, c.nonfinite,
			    c.max_abs, c.max_rel);
			if (!isnan(p->dmad))
				strbuf_addf(&ev, ", D_MAD %.4f", p->dmad);
			if (c.noisy > 0)
				strbuf_addf(&ev, "; %zu more within the float32 "
				    "rounding that %s's float64 reference shows",
				    c.noisy, nz->framework);
			strbuf_addch(&ev, '\n');
			/*
			 * Finite values out of tolerance.  The kind names what
			 * decided: D_MAD above its threshold, else whether the
			 * worst element's tolerance was mostly atol (outputs
			 * near zero) or mostly rtol.
			 */
			if (c.mismatched > c.nonfinite) {
				if (!isnan(p->dmad) && p->dmad > cfg->dmad_threshold)
					pk[i * n + j] = PAIR_D_MAD;
				else if (p->atol >= p->rtol * c.worst_mag)
					pk[i * n + j] = PAIR_MAX_ABS;
				else
					pk[i * n + j] = PAIR_MAX_REL;
				strbuf_addstr(&evall, ev.buf);
			}
			/*
			 * NaN/Inf on both but not in the same places: the
			 * on-some check saw both with them and said nothing.
			 */
			both_nonfinite = (cols[i].nan + cols[i].inf) > 0 &&
			    (cols[j].nan + cols[j].inf) > 0 &&
			    (cols[i].nan > 0) == (cols[j].nan > 0) &&
			    (cols[i].inf > 0) == (cols[j].inf > 0);
			if (c.nonfinite > 0 && both_nonfinite) {
				pat[i * n + j] = 1;
				anypat = 1;
				strbuf_addstr(&evall, ev.buf);
			}
		}
		free(g);
	}
	/*
	 * What a mode derives (a gradient, an optimizer step) from an input
	 * filled with NaN, Inf or subnormals everywhere has no value to
	 * agree on: NaN routed through max, flush-to-zero (TensorFlow and
	 * XLA on CPU) against gradual underflow.  Recorded, not a defect.
	 */
	disagreement(cfg, r, name, cols, n, pk, evall.buf,
	    (injected & (DLT_INJ_NONFINITE | DLT_INJ_DENORMAL)) &&
	    strchr(name, ':') != NULL && cfg->values == DLT_OA_DEFECT ?
	    DLT_OA_RECORD : cfg->values);
	/*
	 * NaN/Inf in other places: one finding for the output, the
	 * frameworks with NaN or Inf grouped by the places they have them.
	 */
	if (anypat) {
		comp = xcalloc(n, sizeof *comp);
		for (i = 0; i < n; i++)
			comp[i] = i;
		for (i = 0; i < n; i++)
			for (j = i + 1; j < n; j++)
				if (!pat[i * n + j] && comp[j] != comp[i] &&
				    cols[i].nan + cols[i].inf > 0 &&
				    cols[j].nan + cols[j].inf > 0)
					for (k = 0, first = comp[j]; k < n; k++)
						if (comp[k] == first)
							comp[k] = comp[i];
		strbuf_reset(&sig);
		strbuf_reset(&ev);
		strbuf_addstr(&sig, "nan-pattern: NaN/Inf in other places: ");
		for (i = 0; i < n; i++) {
			if (cols[i].nan + cols[i].inf == 0 || comp[i] != i)
				continue;
			if (sig.buf[sig.len - 1] != ' ')
				strbuf_addstr(&sig, " | ");
			for (j = 0, k = 0; j < n; j++)
				if (comp[j] == i && cols[j].nan + cols[j].inf > 0) {
					strbuf_addf(&sig, "%s%s", k++ ? ", " : "",
					    cols[j].fw->framework);
					strbuf_addf(&ev, "%s%s", ev.len ? "," : "",
					    cols[j].fw->framework);
				}
		}
		add_finding(r, DLT_OC_NAN, injected & DLT_INJ_NONFINITE ?
		    cfg->injected_on_some : cfg->nan_on_some, "nan-pattern", name,
		    ev.buf,
		    strbuf_detach(&sig, NULL), xasprintf("output '%s'\n%s",
		    name, evall.buf));
		free(comp);
	}
	free(pat);
	free(pk);
	strbuf_release(&evall);
	strbuf_release(&sig);
	strbuf_release(&ev);
}

/*
 * One finding for an output on which frameworks disagree, however many
 * pairs do: the frameworks in groups that agree (the agreeing pairs'
 * components), the largest group first, and the worst pair's kind.  The
 * signature names the groups but not the output, so that the same split
 * on two models is one bucket; the output and every pair's figures are
 * the evidence.  The failure's frameworks are those outside the largest
 * group (all of them on a tie).
 */
static void
disagreement(const struct dlt_oracle_cfg *cfg, struct dlt_oracle_result *r,
    const char *name, const struct col *cols, size_t n, const int *pk,
    const char *evidence, enum dlt_oracle_action values)
{
	struct strbuf	 sig = STRBUF_INIT, odd = STRBUF_INIT;
	size_t		*comp, *size, i, j, k, big = 0, nbig = 0, first, ncomp;
	size_t		 wi = 0, wj = 0;
	int		 worst = PAIR_AGREE, shape = 0;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			if (pk[i * n + j] > worst) {
				worst = pk[i * n + j];
				wi = i;
				wj = j;
			}
			shape |= pk[i * n + j] == PAIR_SHAPE;
		}
	if (worst == PAIR_AGREE)
		return;
	if (shape)
		worst = PAIR_SHAPE;
	/* components of "agree", by relabelling */
	comp = xcalloc(n, sizeof *comp);
	size = xcalloc(n, sizeof *size);
	for (i = 0; i < n; i++)
		comp[i] = i;
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (pk[i * n + j] == PAIR_AGREE && comp[j] != comp[i])
				for (k = 0, first = comp[j]; k < n; k++)
					if (comp[k] == first)
						comp[k] = comp[i];
	for (i = 0, ncomp = 0; i < n; i++)
		ncomp += size[comp[i]]++ == 0;
	if (ncomp == 1) {
		/*
		 * Agreeing chains (A~B, B~C, A!~C) make one group: the worst
		 * pair is the split.
		 */
		for (i = 0; i < n; i++) {
			comp[i] = i;
			size[i] = 1;
		}
		for (i = 0; i < n; i++)
			if (i != wi && i != wj)
				size[i] = 0, comp[i] = n;
	}
	for (i = 0; i < n; i++)
		if (size[i] > size[big])
			big = i;
	for (i = 0; i < n; i++)
		nbig += size[i] == size[big];
	strbuf_addf(&sig, "%s: ", pair_kinds[worst]);
	/* the largest group first, then the others in order */
	for (k = 0; k < 2; k++)
		for (i = 0; i < n; i++) {
			if (size[i] == 0 || (k == 0) != (i == big))
				continue;
			if (sig.buf[sig.len - 1] != ' ')
				strbuf_addstr(&sig, " | ");
			for (j = 0, first = 1; j < n; j++)
				if (comp[j] == i) {
					strbuf_addf(&sig, "%s%s", first ? "" : ", ",
					    cols[j].fw->framework);
					first = 0;
				}
		}
	for (j = 0; j < n; j++)
		if (comp[j] < n && (comp[j] != big || nbig > 1 ||
		    size[big] == 1))
			strbuf_addf(&odd, "%s%s", odd.len > 0 ? "," : "",
			    cols[j].fw->framework);
	add_finding(r, DLT_OC_INCONSISTENCY, worst == PAIR_SHAPE ?
	    cfg->shape_mismatch : values, pair_kinds[worst], name,
	    odd.buf, strbuf_detach(&sig, NULL), xasprintf("output '%s'\n%s",
	    name, evidence));
	strbuf_release(&odd);
	free(comp);
	free(size);
}

static void
check_acceptance(const struct dlt_oracle_cfg *cfg, struct dlt_oracle_result *r,
    const struct dlt_outputs *m, size_t n)
{
	struct strbuf	rej = STRBUF_INIT, ran = STRBUF_INIT, fws = STRBUF_INIT;
	size_t		i, j;
	int		empty = 1;

	for (i = 0; i < n; i++) {
		if (m[i].status == DLT_FWS_REJECTED) {
			if (fws.len > 0) {
				strbuf_addch(&fws, ',');
				strbuf_addstr(&rej, ", ");
			}
			strbuf_addstr(&fws, m[i].framework);
			strbuf_addstr(&rej, m[i].framework);
		} else if (m[i].status == DLT_FWS_OK) {
			if (ran.len > 0)
				strbuf_addstr(&ran, ", ");
			strbuf_addstr(&ran, m[i].framework);
			/* ran, but to an output with no elements */
			for (j = 0; j < m[i].n && m[i].v[j].count > 0; j++)
				;
			if (j == m[i].n)
				empty = 0;
		}
	}
	/*
	 * Rejecting a model whose output would have no elements (a window
	 * larger than its input) is a documented limit of some frameworks
	 * where others return the empty tensor: kept apart.
	 */
	if (rej.len > 0 && ran.len > 0 && empty)
		add_finding(r, DLT_OC_ACCEPTANCE, cfg->acceptance_empty,
		    "acceptance-disagreement:empty-output", NULL, fws.buf,
		    xasprintf("acceptance-disagreement:empty-output: rejected "
		    "by %s; ran to an empty output on %s", rej.buf, ran.buf),
		    xasprintf("rejected by: %s\nran to an empty output on: "
		    "%s\n", rej.buf, ran.buf));
	else if (rej.len > 0 && ran.len > 0)
		add_finding(r, DLT_OC_ACCEPTANCE, cfg->acceptance,
		    "acceptance-disagreement", NULL, fws.buf,
		    xasprintf("acceptance-disagreement: rejected by %s; ran on %s",
		    rej.buf, ran.buf), xasprintf("rejected by: %s\nran on: %s\n",
		    rej.buf, ran.buf));
	strbuf_release(&rej);
	strbuf_release(&ran);
	strbuf_release(&fws);
}

/* The seed's output for the mutant's i-th: by name, else by position. */
static const struct dlt_output *
match_output(const struct dlt_outputs *s, const struct dlt_outputs *m, size_t i)
{
	const struct dlt_output	*o;

	if ((o = dlt_outputs_find(s, m->v[i].name)) != NULL)
		return (o);
	return (s->n == m->n ? &s->v[i] : NULL);
}

/* The outputs that are not float64 references. */
static size_t
plain_outputs(const struct dlt_outputs *o)
{
	size_t	i, k = 0;

	for (i = 0; i < o->n; i++)
		k += !is_reference(o->v[i].name);
	return (k);
}

/*
 * Equivalent: every framework did the same with both (ran or not), at
 * least one ran, and where one ran every output is within tolerance.
 */
static int
equivalent(const struct dlt_oracle_cfg *cfg, const struct dlt_outputs *seed,
    size_t nseed, const struct dlt_outputs *m, size_t n)
{
	const struct dlt_outputs	*s;
	const struct dlt_output		*so;
	struct cmp			 c;
	double				 atol, rtol;
	size_t				 i, j, k, compared = 0;

	for (i = 0; i < n; i++) {
		for (s = NULL, j = 0; j < nseed; j++)
			if (strcmp(seed[j].framework, m[i].framework) == 0)
				s = &seed[j];
		if (s == NULL)
			continue;
		if ((s->status == DLT_FWS_OK) != (m[i].status == DLT_FWS_OK))
			return (0);
		if (m[i].status != DLT_FWS_OK)
			continue;
		if (plain_outputs(s) != plain_outputs(&m[i]))
			return (0);
		for (k = 0; k < m[i].n; k++) {
			if (is_reference(m[i].v[k].name))
				continue;
			if ((so = match_output(s, &m[i], k)) == NULL ||
			    !same_shape(so, &m[i].v[k]))
				return (0);
			pair_tolerance(cfg, so->dtype, m[i].v[k].dtype, NULL,
			    &atol, &rtol);
			compare_values(so, &m[i].v[k], atol, rtol, NULL, &c);
			if (c.mismatched > 0)
				return (0);
		}
		compared++;
	}
	return (compared > 0);
}

static int
is_reference(const char *name)
{
	return (strncmp(name, DLT_REF64_PREFIX, strlen(DLT_REF64_PREFIX)) == 0);
}

/*
 * |float32 - float64| per element of output out (NaN where either is
 * not finite), then |float32| per element, from the first target that
 * ran with out's name and shape and gave its float64 twin
 * (DLT_REF64_PREFIX) of that shape; NULL when none did.
 */
static double *
reference_noise(const struct dlt_outputs *m, size_t n,
    const struct dlt_output *out, const char **from)
{
	const struct dlt_output	*a, *t;
	double			*dev;
	char			*refname;
	size_t			 i, e;

	refname = xasprintf("%s%s", DLT_REF64_PREFIX, out->name);
	for (i = 0; i < n; i++) {
		if (m[i].status != DLT_FWS_OK ||
		    (a = dlt_outputs_find(&m[i], out->name)) == NULL ||
		    (t = dlt_outputs_find(&m[i], refname)) == NULL ||
		    !same_shape(a, out) || !same_shape(t, out))
			continue;
		dev = xreallocarray(NULL, 2 * out->count + 1, sizeof *dev);
		for (e = 0; e < out->count; e++) {
			dev[e] = isfinite(a->values[e]) && isfinite(t->values[e]) ?
			    fabs(a->values[e] - t->values[e]) : NAN;
			dev[out->count + e] = fabs(a->values[e]);
		}
		*from = m[i].framework;
		free(refname);
		return (dev);
	}
	free(refname);
	return (NULL);
}

void
dlt_oracle_compare(const struct dlt_oracle_cfg *cfg, int injected,
    const char *compute_dtype, const struct dlt_outputs *seed, size_t nseed,
    const struct dlt_outputs *m, size_t n, struct dlt_oracle_result *r)
{
	struct col		*cols;
	const struct dlt_output	*o;
	struct noise		 nz;
	const char		*name;
	size_t			 i, j, k, e, ncols, earlier;

	dlt_oracle_result_init(r);
	for (i = 0; i < n; i++)
		r->ran += m[i].status == DLT_FWS_OK ? 1 : 0;
	check_acceptance(cfg, r, m, n);
	cols = n > 0 ? xcalloc(n, sizeof *cols) : NULL;
	/* every output name, in the order of its first appearance */
	for (i = 0; i < n; i++) {
		if (m[i].status != DLT_FWS_OK)
			continue;
		for (k = 0; k < m[i].n; k++) {
			name = m[i].v[k].name;
			for (earlier = 0, j = 0; j < i && !earlier; j++)
				earlier = m[j].status == DLT_FWS_OK &&
				    dlt_outputs_find(&m[j], name) != NULL;
			if (earlier || is_reference(name) ||
			    dlt_outputs_find(&m[i], name) != &m[i].v[k])
				continue;
			ncols = 0;
			for (j = 0; j < n; j++) {
				if (m[j].status != DLT_FWS_OK)
					continue;
				if ((o = dlt_outputs_find(&m[j], name)) == NULL) {
					/*
					 * What a mode adds (a gradient, an
					 * optimizer step, an int8 model:
					 * DLT_MODE_OUTPUT) is compared among
					 * the targets that compute it only.
					 */
					if (strchr(name, ':') != NULL)
						continue;
					add_finding(r, DLT_OC_INCONSISTENCY,
					    cfg->shape_mismatch,
					    "inconsistency:missing", name,
					    m[j].framework, xasprintf(
					    "inconsistency:missing: '%s' is missing "
					    "on %s", name, m[j].framework),
					    xasprintf("%s ran without output '%s'\n",
					    m[j].framework, name));
					continue;
				}
				cols[ncols].fw = &m[j];
				cols[ncols].out = o;
				cols[ncols].nan = cols[ncols].inf = 0;
				for (e = 0; e < o->count; e++) {
					if (isnan(o->values[e]))
						cols[ncols].nan++;
					else if (isinf(o->values[e]))
						cols[ncols].inf++;
				}
				ncols++;
			}
			nz.dev = cfg->ref_factor > 0 ? reference_noise(m, n,
			    &m[i].v[k], &nz.framework) : NULL;
			nz.count = m[i].v[k].count;
			nz.mag = nz.dev != NULL ? nz.dev + nz.count : NULL;
			nz.factor = cfg->ref_factor;
			nz.cap = cfg->ref_cap;
			compare_output(cfg, injected, compute_dtype, r, name,
			    cols, ncols, nz.dev != NULL ? &nz : NULL);
			free((double *)nz.dev);
		}
	}
	free(cols);
	if (seed != NULL)
		r->equivalent = equivalent(cfg, seed, nseed, m, n);
}
