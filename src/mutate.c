/*
 * mutate.c: the mutation operators and the aware/generic drivers; see
 * mutate.h.
 *
 * An operator edits a clone of the parent.  It picks its position and
 * parameters from the mutant's generator, reading shapes from the parent
 * (which is inferred), and records them.  In aware mode it picks only
 * among positions where it can keep the model well-formed (LD, LC, LS
 * need layers whose input and output shapes match, for instance); the
 * driver then infers the candidate and checks it against the profiles,
 * and on a problem tries the operator's own repair, then the repair for
 * the failing node and check, and otherwise redraws.  In probe mode it
 * does the opposite: the operators draw as in generic mode and the driver
 * keeps a candidate only when the IR accepts it and some profile rejects
 * it by a validation check (dlt_probe_check_kind), which it records.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "model.h"
#include "mutate.h"
#include "profile.h"
#include "strbuf.h"
#include "xmalloc.h"

#define MAX_REPAIRS	6	/* repair rounds per candidate */
#define MAX_PAIRS	200000	/* LS candidate pairs considered */

struct kvlist {
	char	**k, **v;
	size_t	  n, alloc, valloc;
};

struct mstate;
typedef int (*op_fn)(struct mstate *);
typedef int (*repair_fn)(struct mstate *);

struct mstate {
	const struct dlt_mutator *mu;
	int			 opi;		/* the operator */
	repair_fn		 repair_fn;	/* its own repair, or NULL */
	const struct dlt_model	*pm;		/* the parent, inferred */
	struct dlt_model	*m;		/* the candidate */
	struct dlt_rng		*rng;
	int			 aware;
	int			 repair_state;	/* for the operator's own repair */
	struct strbuf		 pos;
	struct kvlist		 params;
	struct strbuf		 repaired;
	char			*na;
	/* what the operator did, for its repair */
	char			*target;	/* node or input touched */
	int64_t			 old_dims[DLT_MAX_RANK];
	int			 old_rank, dim;
};

static void	remove_at(struct mstate *, size_t, const char *);
static int	op_afrm(struct mstate *);
static int	op_dm(struct mstate *);
static int	op_dt(struct mstate *);
static int	op_weights(struct mstate *);
static int	op_input(struct mstate *);
static int	op_la(struct mstate *);
static int	op_lc(struct mstate *);
static int	op_ld(struct mstate *);
static int	op_ls(struct mstate *);
static int	op_pm(struct mstate *);
static int	op_pm_edge(struct mstate *);
static int	op_ra(struct mstate *);
static int	op_sm(struct mstate *);
static int	repair_dm(struct mstate *);
static int	repair_dt(struct mstate *);
static int	repair_sm(struct mstate *);

static const struct {
	struct dlt_mutop_info	info;
	op_fn			apply;
	repair_fn		repair;
} ops[] = {
	{ { "AFRM", "activation function removal",
	    "removes an activation layer, feeding its consumers its input", 0 },
	    op_afrm, NULL },
	{ { "DM", "dimension mutation",
	    "changes the rank of a model input (adds a unit dimension or merges "
	    "the last two); aware mode, when the new rank does not fit, inserts "
	    "a reshape to the old rank with the old dims rotated (never back to "
	    "the old shape, which would undo the mutation)", 0 }, op_dm,
	    repair_dm },
	{ { "DT", "dtype mutation",
	    "makes a layer compute in another dtype (float16, bfloat16, float64; "
	    "generic mode also integers)", 0 }, op_dt, repair_dt },
	{ { "GF", "Gaussian fuzzing",
	    "adds Gaussian noise to a share of a layer's weights", 1 },
	    op_weights, NULL },
	{ { "IN-BIG", "extreme magnitudes",
	    "fills a model input with random values of magnitude up to 1e30 "
	    "(3e4 for float16), finite but far outside what models see", 0 },
	    op_input, NULL },
	{ { "IN-DENORMAL", "denormal injection",
	    "fills a model input with random subnormal values of its dtype, "
	    "which flush-to-zero modes treat as zero", 0 }, op_input, NULL },
	{ { "IN-INF", "infinity injection",
	    "fills a model input with infinities", 0 }, op_input, NULL },
	{ { "IN-INF-AT", "infinity at one place",
	    "puts an infinity at one element of a model input (the others "
	    "random), to see where each framework propagates it", 0 },
	    op_input, NULL },
	{ { "IN-NAN", "NaN injection", "fills a model input with NaNs", 0 },
	    op_input, NULL },
	{ { "IN-NAN-AT", "NaN at one place",
	    "puts a NaN at one element of a model input (the others random), "
	    "to see where each framework propagates it", 0 }, op_input, NULL },
	{ { "IN-NEGZERO", "negative zero injection",
	    "fills a model input with -0.0, to see whether each framework "
	    "keeps the sign of zero (1/x, atan2, copysign, min and max tell "
	    "it apart)", 0 }, op_input, NULL },
	{ { "IN-ZERO", "zero injection", "fills a model input with zeros", 0 },
	    op_input, NULL },
	{ { "LA", "layer addition",
	    "inserts a new layer after a layer or input (aware mode: one that "
	    "keeps the shape)", 0 }, op_la, NULL },
	{ { "LC", "layer copy",
	    "duplicates a layer right after itself (aware mode: one whose input "
	    "and output shapes match)", 0 }, op_lc, NULL },
	{ { "LD", "layer deletion",
	    "deletes a layer, feeding its consumers its input (aware mode: one "
	    "whose input and output shapes match)", 0 }, op_ld, NULL },
	{ { "LS", "layer switch",
	    "swaps two layers (aware mode: two whose input and output shapes all "
	    "match)", 0 }, op_ls, NULL },
	{ { "NAI", "neuron activation inverse",
	    "negates the weights (and bias) of some output neurons of a layer", 1 },
	    op_weights, NULL },
	{ { "NEB", "neuron effect block",
	    "zeroes the weights (and bias) of some output neurons of a layer", 1 },
	    op_weights, NULL },
	{ { "NS", "neuron switch",
	    "swaps two output neurons of a layer", 1 }, op_weights, NULL },
	{ { "PM", "parameter mutation",
	    "changes one attribute of a layer: filters, units, kernel, strides, "
	    "padding, dilation, pool size, rate, alpha, epsilon, heads...", 0 },
	    op_pm, NULL },
	{ { "PM-EDGE", "parameter at a boundary",
	    "sets one attribute of a layer next to a boundary of its legal "
	    "values: a window equal to its input or one larger, strides "
	    "beyond the window, the largest dilation that fits and one more, "
	    "groups equal to the channels or not dividing them, sizes of 1 and "
	    "0, a rate of 0 or 1, extreme alphas and epsilons; aware mode keeps "
	    "the legal side (never repaired: redrawn), probe mode the illegal "
	    "side", 0 }, op_pm_edge, NULL },
	{ { "RA", "activation replacement",
	    "replaces an activation layer by another activation", 0 },
	    op_ra, NULL },
	{ { "SM", "shape mutation",
	    "changes one dimension of a model input; aware mode pads or crops "
	    "back when the new size does not fit", 0 }, op_sm, repair_sm },
	{ { "WS", "weight shuffling",
	    "shuffles the incoming weights of some output neurons of a layer", 1 },
	    op_weights, NULL },
};
#define NOPS (sizeof ops / sizeof ops[0])

static const char *const activations[] = {
	"relu", "relu6", "elu", "selu", "gelu", "sigmoid", "tanh", "softplus",
	"silu", "hard_sigmoid", "leaky_relu", NULL
};

static const char *const float_dtypes[] = {
	"float16", "bfloat16", "float32", "float64", NULL
};

static void	kv_add(struct kvlist *, const char *, const char *, ...)
		    __attribute__((format(printf, 3, 4)));
static void	not_applicable(struct mstate *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));
static void	note_repair(struct mstate *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));

/* ---------------------------------------------------------------- rng */

uint64_t
dlt_splitmix64(uint64_t *x)
{
	uint64_t	z;

	z = (*x += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return (z ^ (z >> 31));
}

void
dlt_rng_seed(struct dlt_rng *r, uint64_t seed)
{
	int	i;

	for (i = 0; i < 4; i++)
		r->s[i] = dlt_splitmix64(&seed);
}

static uint64_t
rotl(uint64_t x, int k)
{
	return ((x << k) | (x >> (64 - k)));
}

uint64_t
dlt_rng_next(struct dlt_rng *r)
{
	uint64_t	result, t;

	result = rotl(r->s[1] * 5, 7) * 9;
	t = r->s[1] << 17;
	r->s[2] ^= r->s[0];
	r->s[3] ^= r->s[1];
	r->s[1] ^= r->s[2];
	r->s[0] ^= r->s[3];
	r->s[2] ^= t;
	r->s[3] = rotl(r->s[3], 45);
	return (result);
}

uint64_t
dlt_rng_below(struct dlt_rng *r, uint64_t n)
{
	uint64_t	x, lim;

	if (n <= 1)
		return (0);
	lim = UINT64_MAX - UINT64_MAX % n;
	do
		x = dlt_rng_next(r);
	while (x >= lim);
	return (x % n);
}

double
dlt_rng_double(struct dlt_rng *r)
{
	return ((double)(dlt_rng_next(r) >> 11) * 0x1.0p-53);
}

static int64_t
rint_in(struct dlt_rng *r, int64_t lo, int64_t hi)
{
	if (hi <= lo)
		return (lo);
	return (lo + (int64_t)dlt_rng_below(r, (uint64_t)(hi - lo + 1)));
}

/* ---------------------------------------------------------------- table */

size_t
dlt_mutop_count(void)
{
	return (NOPS);
}

const struct dlt_mutop_info *
dlt_mutop_at(size_t i)
{
	return (i < NOPS ? &ops[i].info : NULL);
}

int
dlt_mutop_find(const char *name)
{
	size_t	i;

	for (i = 0; i < NOPS; i++)
		if (strcmp(ops[i].info.name, name) == 0)
			return ((int)i);
	return (-1);
}

void
dlt_mutate_stats_release(struct dlt_mutate_stats *st)
{
	size_t	i;

	for (i = 0; i < st->nreasons; i++)
		free(st->reasons[i].text);
	free(st->reasons);
	free(st->not_applicable);
	memset(st, 0, sizeof *st);
}

static void
add_reason(struct dlt_mutate_stats *st, const char *text)
{
	size_t	i;

	for (i = 0; i < st->nreasons; i++) {
		if (strcmp(st->reasons[i].text, text) == 0) {
			st->reasons[i].n++;
			return;
		}
	}
	XGROW(st->reasons, st->nreasons + 1, st->alloc);
	st->reasons[st->nreasons].text = xstrdup(text);
	st->reasons[st->nreasons++].n = 1;
}

/* ---------------------------------------------------------------- helpers */

static void
kv_add(struct kvlist *l, const char *k, const char *fmt, ...)
{
	va_list	ap;

	XGROW(l->k, l->n + 1, l->alloc);
	XGROW(l->v, l->n + 1, l->valloc);
	l->k[l->n] = xstrdup(k);
	va_start(ap, fmt);
	l->v[l->n] = xvasprintf(fmt, ap);
	va_end(ap);
	l->n++;
}

static void
kv_release(struct kvlist *l)
{
	size_t	i;

	for (i = 0; i < l->n; i++) {
		free(l->k[i]);
		free(l->v[i]);
	}
	free(l->k);
	free(l->v);
	memset(l, 0, sizeof *l);
}

static void
not_applicable(struct mstate *s, const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	free(s->na);
	s->na = msg;
}

static int
in_list(const char *const *list, const char *s)
{
	for (; *list != NULL; list++)
		if (strcmp(*list, s) == 0)
			return (1);
	return (0);
}

static int
is_activation(const char *op)
{
	int	i = dlt_op_find(op);

	if (in_list(activations, op) || strcmp(op, "softmax") == 0)
		return (1);
	return (i >= 0 && dlt_op_at((size_t)i)->is_activation &&
	    strcmp(op, "identity") != 0);
}

static int
is_float(int dt)
{
	return (dt == DLT_DT_FLOAT16 || dt == DLT_DT_BFLOAT16 ||
	    dt == DLT_DT_FLOAT32 || dt == DLT_DT_FLOAT64);
}

static int
value_dtype(const struct dlt_model *m, const char *name)
{
	return (dlt_model_value_dtype(m, dlt_model_value_index(m, name)));
}

static const struct dlt_shape *
value_shape(const struct dlt_model *m, const char *name)
{
	int	idx = dlt_model_value_index(m, name);

	return (idx < 0 ? NULL : dlt_model_value_shape(m, idx));
}

static int
shape_eq(const struct dlt_shape *a, const struct dlt_shape *b)
{
	int	i;

	if (a == NULL || b == NULL || a->rank != b->rank)
		return (0);
	for (i = 0; i < a->rank; i++)
		if (a->dim[i] != b->dim[i])
			return (0);
	return (1);
}

static int
is_output(const struct dlt_model *m, const char *name)
{
	size_t	i;

	for (i = 0; i < m->noutputs; i++)
		if (strcmp(m->outputs[i], name) == 0)
			return (1);
	return (0);
}

static int
is_model_input(const struct dlt_model *m, const char *name)
{
	size_t	i;

	for (i = 0; i < m->ninputs; i++)
		if (strcmp(m->inputs[i].name, name) == 0)
			return (1);
	return (0);
}

/* Node i keeps its first input's shape and dtype. */
static int
keeps_shape(const struct dlt_model *m, size_t i)
{
	const struct dlt_node	*nd = &m->nodes[i];

	if (nd->ninputs < 1 || nd->input_idx == NULL)
		return (0);
	return (shape_eq(dlt_model_value_shape(m, nd->input_idx[0]),
	    &nd->shape) &&
	    dlt_model_value_dtype(m, nd->input_idx[0]) == nd->out_dtype);
}

/* Removing node i leaves a well-formed model (outputs stay nodes). */
static int
removable(const struct dlt_model *m, size_t i)
{
	const struct dlt_node	*nd = &m->nodes[i];

	if (nd->ninputs < 1)
		return (0);
	return (!(is_output(m, nd->name) && is_model_input(m, nd->inputs[0])));
}

static char *
unique_name(const struct dlt_model *m, const char *base, const char *tag)
{
	char	*b, *name;

	b = xasprintf("%s_%s", base, tag);
	name = dlt_model_unique_name(m, b);
	free(b);
	return (name);
}

/* Index at which a node consuming value name may be inserted. */
static size_t
after_value(const struct dlt_model *m, const char *name)
{
	int	idx = dlt_model_value_index(m, name);

	if (idx < 0 || (size_t)idx < m->ninputs)
		return (0);
	return ((size_t)idx - m->ninputs + 1);
}

/*
 * Insert a node of op after value v, consuming it; every later consumer
 * of v (and the outputs) consume the new node instead.
 */
static struct dlt_node *
insert_after(struct dlt_model *m, const char *v, const char *name,
    const char *op)
{
	const char	*in[1];
	size_t		 at;
	char		*vv = xstrdup(v);

	in[0] = vv;
	at = after_value(m, vv);
	dlt_model_rename_refs(m, vv, name);
	(void)dlt_model_insert_node(m, at, name, op, in, 1);
	free(vv);
	return (&m->nodes[at]);
}

static struct dlt_attr *
attrs_copy(const struct dlt_attr *src, size_t n)
{
	struct dlt_attr	*v;
	size_t		 i, nv;

	if (n == 0)
		return (NULL);
	v = xcalloc(n, sizeof *v);
	for (i = 0; i < n; i++) {
		v[i] = src[i];
		v[i].name = xstrdup(src[i].name);
		v[i].s = src[i].s != NULL ? xstrdup(src[i].s) : NULL;
		v[i].v = NULL;
		nv = src[i].type == DLT_ATTR_PAIRS ? 2 * src[i].n : src[i].n;
		if (src[i].v != NULL && nv > 0) {
			v[i].v = xcalloc(nv, sizeof *v[i].v);
			memcpy(v[i].v, src[i].v, nv * sizeof *v[i].v);
		}
	}
	return (v);
}

static void
describe_attr(struct strbuf *sb, const struct dlt_attr *a)
{
	size_t	i;

	if (a == NULL) {
		strbuf_addstr(sb, "default");
		return;
	}
	switch (a->type) {
	case DLT_ATTR_INT:
		strbuf_addf(sb, "%lld", (long long)a->i);
		break;
	case DLT_ATTR_BOOL:
		strbuf_addstr(sb, a->i ? "true" : "false");
		break;
	case DLT_ATTR_FLOAT:
		strbuf_addf(sb, "%.6g", a->f);
		break;
	case DLT_ATTR_STRING:
		strbuf_addstr(sb, a->s);
		break;
	case DLT_ATTR_INTS:
		strbuf_addch(sb, '[');
		for (i = 0; i < a->n; i++)
			strbuf_addf(sb, "%s%lld", i ? ", " : "", (long long)a->v[i]);
		strbuf_addch(sb, ']');
		break;
	case DLT_ATTR_PAIRS:
		strbuf_addch(sb, '[');
		for (i = 0; i < a->n; i++)
			strbuf_addf(sb, "%s[%lld, %lld]", i ? ", " : "",
			    (long long)a->v[2 * i], (long long)a->v[2 * i + 1]);
		strbuf_addch(sb, ']');
		break;
	}
}

static void
note_repair(struct mstate *s, const char *fmt, ...)
{
	va_list	ap;

	if (s->repaired.len > 0)
		strbuf_addstr(&s->repaired, "; ");
	va_start(ap, fmt);
	strbuf_vaddf(&s->repaired, fmt, ap);
	va_end(ap);
}

static size_t
pick(struct mstate *s, size_t n)
{
	return ((size_t)dlt_rng_below(s->rng, n));
}

/* ---------------------------------------------------------------- operators */

/*
 * Remove node at of the mutant, its first input taking its place; record
 * it as the position and its op under param.
 */
static void
remove_at(struct mstate *s, size_t at, const char *param)
{
	char	*repl;

	strbuf_addstr(&s->pos, s->m->nodes[at].name);
	kv_add(&s->params, param, "%s", s->m->nodes[at].op);
	repl = xstrdup(s->m->nodes[at].inputs[0]);
	dlt_model_remove_node(s->m, at, repl);
	free(repl);
}

static int
op_afrm(struct mstate *s)
{
	const struct dlt_model	*pm = s->pm;
	size_t			*c, n = 0, i, at;

	c = xcalloc(pm->nnodes + 1, sizeof *c);
	for (i = 0; i < pm->nnodes; i++)
		if (is_activation(pm->nodes[i].op) && removable(pm, i))
			c[n++] = i;
	if (n == 0) {
		free(c);
		not_applicable(s, "AFRM: no activation layer in '%s'", pm->name);
		return (1);
	}
	at = c[pick(s, n)];
	free(c);
	remove_at(s, at, "activation");
	return (0);
}

static int
op_ra(struct mstate *s)
{
	const struct dlt_model	*pm = s->pm;
	struct dlt_node		*nd;
	size_t			*c, n = 0, i, k, na;
	const char		*to;

	c = xcalloc(pm->nnodes + 1, sizeof *c);
	for (i = 0; i < pm->nnodes; i++)
		if (is_activation(pm->nodes[i].op))
			c[n++] = i;
	if (n == 0) {
		free(c);
		not_applicable(s, "RA: no activation layer in '%s'", pm->name);
		return (1);
	}
	nd = &s->m->nodes[c[pick(s, n)]];
	free(c);
	for (na = 0; activations[na] != NULL; na++)
		;
	do {
		k = pick(s, na);
		to = activations[k];
	} while (strcmp(to, nd->op) == 0 || dlt_op_find(to) < 0);
	strbuf_addstr(&s->pos, nd->name);
	kv_add(&s->params, "from", "%s", nd->op);
	kv_add(&s->params, "to", "%s", to);
	dlt_node_set_op(nd, to);
	return (0);
}

static int
op_ld(struct mstate *s)
{
	const struct dlt_model	*pm = s->pm;
	size_t			*c, n = 0, i, at;

	c = xcalloc(pm->nnodes + 1, sizeof *c);
	for (i = 0; i < pm->nnodes; i++) {
		if (!removable(pm, i))
			continue;
		if (s->aware && !keeps_shape(pm, i))
			continue;
		c[n++] = i;
	}
	if (n == 0) {
		free(c);
		not_applicable(s, "LD: no %slayer to delete in '%s'",
		    s->aware ? "shape-preserving " : "", pm->name);
		return (1);
	}
	at = c[pick(s, n)];
	free(c);
	remove_at(s, at, "layer");
	return (0);
}

static int
op_lc(struct mstate *s)
{
	const struct dlt_model	*pm = s->pm;
	const struct dlt_node	*src;
	struct dlt_node		*nd;
	size_t			*c, n = 0, i, at;
	char			*name, *orig;

	c = xcalloc(pm->nnodes + 1, sizeof *c);
	for (i = 0; i < pm->nnodes; i++) {
		if (pm->nodes[i].ninputs != 1)
			continue;
		if (s->aware && !keeps_shape(pm, i))
			continue;
		c[n++] = i;
	}
	if (n == 0) {
		free(c);
		not_applicable(s, "LC: no %slayer to copy in '%s'",
		    s->aware ? "shape-preserving single-input " : "single-input ",
		    pm->name);
		return (1);
	}
	at = c[pick(s, n)];
	free(c);
	orig = xstrdup(s->m->nodes[at].name);
	name = unique_name(s->m, orig, "copy");
	strbuf_addstr(&s->pos, orig);
	kv_add(&s->params, "layer", "%s", s->m->nodes[at].op);
	kv_add(&s->params, "copy", "%s", name);
	nd = insert_after(s->m, orig, name, s->m->nodes[at].op);
	src = &s->m->nodes[at];
	nd->attrs = attrs_copy(src->attrs, src->nattrs);
	nd->nattrs = src->nattrs;
	nd->dtype = src->dtype;
	free(name);
	free(orig);
	return (0);
}

/* Layers LA adds in aware mode, by what they need. */
static int
la_aware(struct mstate *s, const char *v, const struct dlt_shape *sh,
    struct strbuf *layer)
{
	const char	*kinds[16];
	struct dlt_node	*nd;
	char		*name;
	size_t		 nk = 0, na;
	int64_t		 c, k[3];
	int		 nsp, i;
	const char	*kind, *act;
	char		 op[32];

	kinds[nk++] = "activation";
	kinds[nk++] = "dropout";
	kinds[nk++] = "identity";
	if (sh->rank >= 2) {
		kinds[nk++] = "batch_norm";
		kinds[nk++] = "layer_norm";
		kinds[nk++] = "dense";
	}
	nsp = sh->rank - 2;
	if (nsp >= 1 && nsp <= 3) {
		kinds[nk++] = "conv";
		kinds[nk++] = "max_pool";
		kinds[nk++] = "avg_pool";
	}
	kind = kinds[pick(s, nk)];
	c = sh->rank >= 1 ? sh->dim[sh->rank - 1] : 1;
	if (strcmp(kind, "activation") == 0) {
		for (na = 0; activations[na] != NULL; na++)
			;
		act = activations[pick(s, na)];
		snprintf(op, sizeof op, "%s", act);
	} else if (strcmp(kind, "conv") == 0)
		snprintf(op, sizeof op, "conv%dd", nsp);
	else if (strcmp(kind, "max_pool") == 0 || strcmp(kind, "avg_pool") == 0)
		snprintf(op, sizeof op, "%s%dd", kind, nsp);
	else
		snprintf(op, sizeof op, "%s", kind);
	if (dlt_op_find(op) < 0)
		snprintf(op, sizeof op, "relu");
	name = unique_name(s->m, v, "added");
	nd = insert_after(s->m, v, name, op);
	strbuf_addstr(layer, op);
	if (strcmp(kind, "dropout") == 0)
		dlt_node_set_float(nd, "rate", (double)rint_in(s->rng, 1, 5) / 10.0);
	else if (strcmp(kind, "dense") == 0)
		dlt_node_set_int(nd, "units", c);
	else if (strcmp(kind, "conv") == 0) {
		for (i = 0; i < nsp; i++)
			k[i] = dlt_rng_below(s->rng, 2) ? 3 : 1;
		dlt_node_set_int(nd, "filters", c);
		dlt_node_set_ints(nd, "kernel", k, (size_t)nsp);
		dlt_node_set_string(nd, "padding", "same");
	} else if (strcmp(kind, "max_pool") == 0 || strcmp(kind, "avg_pool") == 0) {
		for (i = 0; i < nsp; i++)
			k[i] = 1;
		dlt_node_set_ints(nd, "pool", k, (size_t)nsp);
		dlt_node_set_ints(nd, "strides", k, (size_t)nsp);
	}
	free(name);
	return (0);
}

static int
la_generic(struct mstate *s, const char *v, struct strbuf *layer)
{
	static const char *const kinds[] = {
		"activation", "dropout", "batch_norm", "dense", "conv1d", "conv2d",
		"conv3d", "max_pool2d", "avg_pool2d", "flatten", "lstm",
		"global_avg_pool", NULL
	};
	struct dlt_node	*nd;
	char		*name;
	const char	*op;
	size_t		 nk, na;
	int64_t		 k[3];
	int		 nsp, i;

	for (nk = 0; kinds[nk] != NULL; nk++)
		;
	op = kinds[pick(s, nk)];
	if (strcmp(op, "activation") == 0) {
		for (na = 0; activations[na] != NULL; na++)
			;
		op = activations[pick(s, na)];
	}
	if (dlt_op_find(op) < 0)
		op = "relu";
	name = unique_name(s->m, v, "added");
	nd = insert_after(s->m, v, name, op);
	strbuf_addstr(layer, op);
	nsp = op[strlen(op) - 1] == 'd' ? op[strlen(op) - 2] - '0' : 0;
	if (strcmp(op, "dropout") == 0)
		dlt_node_set_float(nd, "rate", (double)rint_in(s->rng, 1, 5) / 10.0);
	else if (strcmp(op, "dense") == 0 || strcmp(op, "lstm") == 0)
		dlt_node_set_int(nd, "units", rint_in(s->rng, 1, 128));
	else if (strncmp(op, "conv", 4) == 0 && nsp >= 1 && nsp <= 3) {
		for (i = 0; i < nsp; i++)
			k[i] = rint_in(s->rng, 1, 5);
		dlt_node_set_int(nd, "filters", rint_in(s->rng, 1, 64));
		dlt_node_set_ints(nd, "kernel", k, (size_t)nsp);
		dlt_node_set_string(nd, "padding",
		    dlt_rng_below(s->rng, 2) ? "same" : "valid");
	} else if (strstr(op, "pool") != NULL && nsp >= 1 && nsp <= 3) {
		for (i = 0; i < nsp; i++)
			k[i] = 2;
		dlt_node_set_ints(nd, "pool", k, (size_t)nsp);
	}
	free(name);
	return (0);
}

static int
op_la(struct mstate *s)
{
	const struct dlt_model	*pm = s->pm;
	const struct dlt_shape	*sh;
	struct strbuf		 layer = STRBUF_INIT;
	size_t			 nv, i, k;
	char			*v;
	const char		*name;

	nv = pm->ninputs + pm->nnodes;
	for (k = 0, i = 0; i < nv; i++) {
		name = i < pm->ninputs ? pm->inputs[i].name :
		    pm->nodes[i - pm->ninputs].name;
		if (!s->aware || is_float(value_dtype(pm, name)))
			k++;
	}
	if (k == 0) {
		not_applicable(s, "LA: no floating-point layer to add after in "
		    "'%s'", pm->name);
		return (1);
	}
	k = pick(s, k);
	for (i = 0; i < nv; i++) {
		name = i < pm->ninputs ? pm->inputs[i].name :
		    pm->nodes[i - pm->ninputs].name;
		if (!s->aware || is_float(value_dtype(pm, name))) {
			if (k == 0)
				break;
			k--;
		}
	}
	v = xstrdup(name);
	sh = value_shape(pm, v);
	if (s->aware && sh != NULL)
		la_aware(s, v, sh, &layer);
	else
		la_generic(s, v, &layer);
	strbuf_addstr(&s->pos, v);
	kv_add(&s->params, "layer", "%s", layer.buf);
	kv_add(&s->params, "after", "%s", v);
	strbuf_release(&layer);
	free(v);
	return (0);
}

static int
op_ls(struct mstate *s)
{
	const struct dlt_model	*pm = s->pm;
	const struct dlt_node	*a, *b;
	struct dlt_node		*na, *nb, tmp;
	size_t			*pa, *pb, n = 0, i, j, k;
	char			*keeps;

	pa = xcalloc(MAX_PAIRS, sizeof *pa);
	pb = xcalloc(MAX_PAIRS, sizeof *pb);
	keeps = xcalloc(pm->nnodes + 1, 1);
	for (i = 0; i < pm->nnodes; i++)
		keeps[i] = (char)keeps_shape(pm, i);
	for (i = 0; i < pm->nnodes && n < MAX_PAIRS; i++) {
		a = &pm->nodes[i];
		if (a->ninputs != 1 || (s->aware && !keeps[i]))
			continue;
		for (j = i + 1; j < pm->nnodes && n < MAX_PAIRS; j++) {
			b = &pm->nodes[j];
			if (b->ninputs != 1 || strcmp(a->op, b->op) == 0)
				continue;
			if (s->aware && (!keeps[j] ||
			    !shape_eq(&a->shape, &b->shape)))
				continue;
			pa[n] = i;
			pb[n++] = j;
		}
	}
	free(keeps);
	if (n == 0) {
		free(pa);
		free(pb);
		not_applicable(s, "LS: no two %slayers %sin '%s'",
		    s->aware ? "" : "different single-input ",
		    s->aware ? "with matching input and output shapes " : "",
		    pm->name);
		return (1);
	}
	k = pick(s, n);
	na = &s->m->nodes[pa[k]];
	nb = &s->m->nodes[pb[k]];
	free(pa);
	free(pb);
	strbuf_addf(&s->pos, "%s,%s", na->name, nb->name);
	kv_add(&s->params, "first", "%s", na->op);
	kv_add(&s->params, "second", "%s", nb->op);
	tmp = *na;
	na->op = nb->op;
	na->opidx = nb->opidx;
	na->attrs = nb->attrs;
	na->nattrs = nb->nattrs;
	na->dtype = nb->dtype;
	nb->op = tmp.op;
	nb->opidx = tmp.opidx;
	nb->attrs = tmp.attrs;
	nb->nattrs = tmp.nattrs;
	nb->dtype = tmp.dtype;
	return (0);
}

static int
op_dm(struct mstate *s)
{
	struct dlt_model_input	*in;
	struct dlt_shape	 sh;
	struct strbuf		 sb = STRBUF_INIT;
	int			 opts[2], nopt = 0, choice;

	if (s->m->ninputs == 0) {
		not_applicable(s, "DM: no input in '%s'", s->pm->name);
		return (1);
	}
	in = &s->m->inputs[pick(s, s->m->ninputs)];
	sh = in->shape;
	/* aware: repair_dm rotates dims after the batch, which needs two */
	if (s->aware && sh.rank < 3) {
		not_applicable(s, "DM: input '%s' of '%s' has rank %d; aware "
		    "mode needs rank 3 or more (a repair back to a shape of rank "
		    "2 would undo the mutation)", in->name, s->pm->name,
		    sh.rank);
		return (1);
	}
	if (sh.rank + 1 <= DLT_MAX_RANK)
		opts[nopt++] = 0;
	if (sh.rank >= 3)
		opts[nopt++] = 1;
	if (nopt == 0) {
		not_applicable(s, "DM: input '%s' of '%s' has no rank to change",
		    in->name, s->pm->name);
		return (1);
	}
	free(s->target);
	s->target = xstrdup(in->name);
	s->old_rank = sh.rank;
	memcpy(s->old_dims, sh.dim, sizeof s->old_dims);
	choice = opts[pick(s, (size_t)nopt)];
	if (choice == 0)
		sh.dim[sh.rank++] = 1;
	else {
		sh.dim[sh.rank - 2] *= sh.dim[sh.rank - 1];
		sh.rank--;
	}
	in->shape = sh;
	strbuf_addstr(&s->pos, in->name);
	dlt_dims_format(&sb, s->old_dims, (size_t)s->old_rank, 0);
	kv_add(&s->params, "from", "%s", sb.buf);
	strbuf_reset(&sb);
	dlt_dims_format(&sb, sh.dim, (size_t)sh.rank, 0);
	kv_add(&s->params, "to", "%s", sb.buf);
	strbuf_release(&sb);
	s->repair_state = 0;
	return (0);
}

/*
 * DM: a reshape to the rank the model was built for, but not to its old
 * shape, which would undo the mutation (the mutant would compute what
 * its seed does): the old dims after the batch, rotated by a drawn step,
 * so that the layers see the data laid out anew.  When every rotation is
 * the old shape (all dims equal), there is no repair.
 */
static int
repair_dm(struct mstate *s)
{
	struct dlt_node	*nd;
	struct strbuf	 sb = STRBUF_INIT;
	int64_t		 dims[DLT_MAX_RANK];
	size_t		 n, i, r, steps[DLT_MAX_RANK], nsteps = 0;
	char		*name;

	if (s->repair_state++ > 0 || s->target == NULL || s->old_rank < 3)
		return (-1);
	n = (size_t)s->old_rank - 1;
	for (r = 1; r < n; r++) {
		for (i = 0; i < n; i++)
			if (s->old_dims[1 + (i + r) % n] != s->old_dims[1 + i])
				break;
		if (i < n)
			steps[nsteps++] = r;
	}
	if (nsteps == 0)
		return (-1);
	r = steps[pick(s, nsteps)];
	for (i = 0; i < n; i++)
		dims[i] = s->old_dims[1 + (i + r) % n];
	name = unique_name(s->m, s->target, "reshape");
	nd = insert_after(s->m, s->target, name, "reshape");
	dlt_node_set_ints(nd, "shape", dims, n);
	dlt_dims_format(&sb, dims, n, 0);
	note_repair(s, "inserted reshape '%s' to %s", name, sb.buf);
	strbuf_release(&sb);
	free(name);
	return (0);
}

static int
op_sm(struct mstate *s)
{
	struct dlt_model_input	*in;
	int			 lo, hi, d;
	int64_t			 old, nw;

	if (s->m->ninputs == 0) {
		not_applicable(s, "SM: no input in '%s'", s->pm->name);
		return (1);
	}
	in = &s->m->inputs[pick(s, s->m->ninputs)];
	if (in->shape.rank < 2) {
		not_applicable(s, "SM: input '%s' of '%s' has no dimension "
		    "besides the batch", in->name, s->pm->name);
		return (1);
	}
	lo = 1;
	hi = in->shape.rank - 1;
	if (s->aware && in->shape.rank >= 3)
		hi = in->shape.rank - 2;	/* spatial or time, not channels */
	d = (int)rint_in(s->rng, lo, hi);
	old = in->shape.dim[d];
	do {
		switch (dlt_rng_below(s->rng, 4)) {
		case 0:
			nw = old * 2;
			break;
		case 1:
			nw = old / 2;
			break;
		case 2:
			nw = old + rint_in(s->rng, 1, 8);
			break;
		default:
			nw = old - rint_in(s->rng, 1, 8);
			break;
		}
	} while (nw < 1 || nw == old);
	free(s->target);
	s->target = xstrdup(in->name);
	s->old_rank = in->shape.rank;
	memcpy(s->old_dims, in->shape.dim, sizeof s->old_dims);
	s->dim = d;
	in->shape.dim[d] = nw;
	strbuf_addstr(&s->pos, in->name);
	kv_add(&s->params, "dim", "%d", d);
	kv_add(&s->params, "from", "%lld", (long long)old);
	kv_add(&s->params, "to", "%lld", (long long)nw);
	s->repair_state = 0;
	return (0);
}

/* SM: pad or crop back to the size the model was built for. */
static int
repair_sm(struct mstate *s)
{
	struct dlt_model_input	*in = NULL;
	struct dlt_node		*nd;
	int64_t			 pads[6];
	size_t			 i;
	int			 nsp, k;
	int64_t			 nw, old;
	char			*name;
	const char		*op;

	if (s->repair_state++ > 0 || s->target == NULL)
		return (-1);
	for (i = 0; i < s->m->ninputs; i++)
		if (strcmp(s->m->inputs[i].name, s->target) == 0)
			in = &s->m->inputs[i];
	nsp = s->old_rank - 2;
	if (in == NULL || nsp < 1 || nsp > 3 || s->dim < 1 || s->dim > nsp)
		return (-1);
	nw = in->shape.dim[s->dim];
	old = s->old_dims[s->dim];
	memset(pads, 0, sizeof pads);
	k = s->dim - 1;
	op = nw < old ? "zero_padding" : "cropping";
	pads[2 * k + 1] = nw < old ? old - nw : nw - old;
	name = unique_name(s->m, s->target, nw < old ? "pad" : "crop");
	nd = insert_after(s->m, s->target, name, op);
	dlt_node_set_pairs(nd, nw < old ? "padding" : "cropping", pads, (size_t)nsp);
	note_repair(s, "inserted %s '%s' back to %lld", op, name, (long long)old);
	free(name);
	return (0);
}

static int
op_dt(struct mstate *s)
{
	const struct dlt_model	*pm = s->pm;
	struct dlt_node		*nd;
	size_t			*c, n = 0, i;
	int			 cur, to;

	c = xcalloc(pm->nnodes + 1, sizeof *c);
	for (i = 0; i < pm->nnodes; i++) {
		if (s->aware && !is_float(pm->nodes[i].out_dtype))
			continue;
		if (strcmp(pm->nodes[i].op, "cast") == 0)
			continue;
		c[n++] = i;
	}
	if (n == 0) {
		free(c);
		not_applicable(s, "DT: no floating-point layer in '%s'", pm->name);
		return (1);
	}
	nd = &s->m->nodes[c[pick(s, n)]];
	free(c);
	cur = nd->dtype >= 0 ? nd->dtype : nd->out_dtype;
	do {
		if (s->aware)
			to = dlt_dtype_parse(float_dtypes[pick(s, 4)]);
		else
			to = (int)pick(s, DLT_DT_COUNT);
	} while (to == cur || to < 0);
	strbuf_addstr(&s->pos, nd->name);
	kv_add(&s->params, "from", "%s", cur >= 0 ? dlt_dtype_name(cur) : "float32");
	kv_add(&s->params, "to", "%s", dlt_dtype_name(to));
	nd->dtype = to;
	free(s->target);
	s->target = xstrdup(nd->name);
	s->repair_state = 0;
	return (0);
}

/* DT: try the other floating-point dtypes before giving up. */
static int
repair_dt(struct mstate *s)
{
	struct dlt_node	*nd = NULL;
	size_t		 i;
	int		 to;

	if (s->target == NULL || s->repair_state >= 3)
		return (-1);
	for (i = 0; i < s->m->nnodes; i++)
		if (strcmp(s->m->nodes[i].name, s->target) == 0)
			nd = &s->m->nodes[i];
	if (nd == NULL)
		return (-1);
	do {
		to = dlt_dtype_parse(float_dtypes[s->repair_state++ % 4]);
	} while (to == nd->dtype || to == DLT_DT_FLOAT32);
	note_repair(s, "dtype of '%s' %s instead of %s", nd->name,
	    dlt_dtype_name(to), dlt_dtype_name(nd->dtype));
	nd->dtype = to;
	for (i = 0; i < s->params.n; i++) {
		if (strcmp(s->params.k[i], "to") == 0) {
			free(s->params.v[i]);
			s->params.v[i] = xstrdup(dlt_dtype_name(to));
		}
	}
	return (0);
}

static int
op_input(struct mstate *s)
{
	struct dlt_model_input	*in;
	size_t			*c, n = 0, i;
	const char		*name = ops[s->opi].info.name, *fill;
	int64_t			 size;
	int			 at;

	at = strcmp(name, "IN-NAN-AT") == 0 || strcmp(name, "IN-INF-AT") == 0;
	fill = strncmp(name, "IN-NAN", 6) == 0 ? "nan" :
	    strncmp(name, "IN-INF", 6) == 0 ? "inf" :
	    strcmp(name, "IN-BIG") == 0 ? "big" :
	    strcmp(name, "IN-DENORMAL") == 0 ? "denormal" :
	    strcmp(name, "IN-NEGZERO") == 0 ? "negzero" : "zeros";
	c = xcalloc(s->m->ninputs + 1, sizeof *c);
	for (i = 0; i < s->m->ninputs; i++) {
		if (s->aware && strcmp(fill, "zeros") != 0 &&
		    !is_float(s->m->inputs[i].dtype))
			continue;
		c[n++] = i;
	}
	if (n == 0) {
		free(c);
		not_applicable(s, "%s: no floating-point input in '%s'", name,
		    s->pm->name);
		return (1);
	}
	in = &s->m->inputs[c[pick(s, n)]];
	free(c);
	strbuf_addstr(&s->pos, in->name);
	kv_add(&s->params, "fill", "%s", fill);
	free(in->fill);
	in->fill = xstrdup(fill);
	in->has_fill_at = 0;
	if (at) {
		/* one element, drawn over the whole tensor */
		for (size = 1, i = 0; i < (size_t)in->shape.rank; i++)
			size *= in->shape.dim[i] > 0 ? in->shape.dim[i] : 1;
		in->has_fill_at = 1;
		in->fill_at = (int64_t)dlt_rng_below(s->rng, (uint64_t)size);
		kv_add(&s->params, "at", "%lld", (long long)in->fill_at);
	}
	return (0);
}

/* The parameter a weight-level operator mutates, and its neuron count. */
static const char *
weight_param(const struct dlt_node *nd, int64_t *count)
{
	int64_t	units;

	*count = nd->shape.rank >= 1 ? nd->shape.dim[nd->shape.rank - 1] : 0;
	if (strcmp(nd->op, "depthwise_conv2d") == 0)
		return ("depthwise_kernel");
	if (strcmp(nd->op, "separable_conv2d") == 0)
		return ("pointwise_kernel");
	if (strcmp(nd->op, "batch_norm") == 0 || strcmp(nd->op, "layer_norm") == 0)
		return ("gamma");
	if (strcmp(nd->op, "embedding") == 0 ||
	    strcmp(nd->op, "position_embedding") == 0)
		return ("embeddings");
	if (strcmp(nd->op, "multi_head_attention") == 0)
		return ("output_kernel");
	units = dlt_node_attr_int(nd, "units", 0);
	if (strcmp(nd->op, "lstm") == 0)
		*count = 4 * units;
	else if (strcmp(nd->op, "gru") == 0)
		*count = 3 * units;
	else if (strcmp(nd->op, "simple_rnn") == 0)
		*count = units;
	return ("kernel");
}

static int
op_weights(struct mstate *s)
{
	const struct dlt_model		*pm = s->pm;
	const struct dlt_op_info	*oi;
	struct dlt_weight_mutation	*w;
	struct dlt_node			*nd;
	struct strbuf			 sb = STRBUF_INIT;
	const char			*name = ops[s->opi].info.name, *param;
	size_t				*c, n = 0, i, j, want;
	int64_t				 count;
	c = xcalloc(pm->nnodes + 1, sizeof *c);
	for (i = 0; i < pm->nnodes; i++) {
		if (pm->nodes[i].opidx < 0 && dlt_op_find(pm->nodes[i].op) < 0)
			continue;
		oi = dlt_op_at((size_t)dlt_op_find(pm->nodes[i].op));
		if (!oi->has_params)
			continue;
		(void)weight_param(&pm->nodes[i], &count);
		if (count < (strcmp(name, "NS") == 0 ? 2 : 1))
			continue;
		c[n++] = i;
	}
	if (n == 0) {
		free(c);
		not_applicable(s, "%s: no layer with %sweights in '%s'", name,
		    strcmp(name, "NS") == 0 ? "two or more neurons of " : "",
		    pm->name);
		return (1);
	}
	nd = &s->m->nodes[c[pick(s, n)]];
	free(c);
	param = weight_param(&pm->nodes[nd - s->m->nodes], &count);
	nd->wmut = xreallocarray(nd->wmut, nd->nwmut + 1, sizeof *nd->wmut);
	w = &nd->wmut[nd->nwmut++];
	memset(w, 0, sizeof *w);
	w->op = xstrdup(name);
	w->param = xstrdup(param);
	w->seed = dlt_rng_next(s->rng) >> 11;
	strbuf_addstr(&s->pos, nd->name);
	kv_add(&s->params, "param", "%s", param);
	if (strcmp(name, "GF") == 0) {
		w->scale = (double)rint_in(s->rng, 1, 10) / 10.0;
		w->fraction = (double)rint_in(s->rng, 1, 10) / 10.0;
		kv_add(&s->params, "scale", "%.1f", w->scale);
		kv_add(&s->params, "fraction", "%.1f", w->fraction);
	} else {
		if (strcmp(name, "NS") == 0)
			want = 2;
		else
			want = (size_t)rint_in(s->rng, 1,
			    count < 8 ? count : 8);
		w->fraction = 0;
		/* distinct neurons, drawn without replacement */
		for (j = 0; j < want; j++) {
			int64_t	x;
			size_t	k;

			do {
				x = rint_in(s->rng, 0, count - 1);
				for (k = 0; k < j; k++)
					if (w->neurons[k] == x)
						break;
			} while (k < j);
			w->neurons[j] = x;
		}
		w->nneurons = want;
		dlt_dims_format(&sb, w->neurons, (size_t)want, 0);
		kv_add(&s->params, "neurons", "%s", sb.buf);
	}
	kv_add(&s->params, "seed", "%llu", (unsigned long long)w->seed);
	strbuf_release(&sb);
	return (0);
}

/* PM: which attributes of which ops it changes. */
static const struct {
	const char	*prefix;
	const char	*attrs[6];
} pm_table[] = {
	{ "conv1d", { "filters", "kernel", "strides", "padding", "dilation", NULL } },
	{ "conv2d_transpose", { "filters", "kernel", "strides", "padding", NULL } },
	{ "conv2d", { "filters", "kernel", "strides", "padding", "dilation", NULL } },
	{ "conv3d", { "filters", "kernel", "strides", "padding", "dilation", NULL } },
	{ "depthwise_conv2d", { "kernel", "strides", "padding", "depth_multiplier",
	    NULL } },
	{ "separable_conv2d", { "filters", "kernel", "strides", "padding",
	    "depth_multiplier", NULL } },
	{ "dense", { "units", NULL } },
	{ "max_pool", { "pool", "strides", "padding", NULL } },
	{ "avg_pool", { "pool", "strides", "padding", NULL } },
	{ "dropout", { "rate", NULL } },
	{ "leaky_relu", { "alpha", NULL } },
	{ "elu", { "alpha", NULL } },
	{ "batch_norm", { "epsilon", NULL } },
	{ "layer_norm", { "epsilon", NULL } },
	{ "lstm", { "units", NULL } },
	{ "gru", { "units", NULL } },
	{ "simple_rnn", { "units", NULL } },
	{ "embedding", { "output_dim", NULL } },
	{ "multi_head_attention", { "num_heads", "key_dim", NULL } },
	{ "upsampling", { "size", NULL } },
	{ "channel_shuffle", { "groups", NULL } },
};
#define NPM (sizeof pm_table / sizeof pm_table[0])

static int
pm_entry(const char *op)
{
	size_t	i;

	for (i = 0; i < NPM; i++)
		if (strncmp(op, pm_table[i].prefix, strlen(pm_table[i].prefix)) == 0)
			return ((int)i);
	return (-1);
}

/* Record a PM or PM-EDGE: the layer, the attribute, from and to. */
static int
pm_record(struct mstate *s, struct dlt_node *nd, const char *attr,
    struct strbuf *from)
{
	struct strbuf	to = STRBUF_INIT;

	describe_attr(&to, dlt_node_attr(nd, attr));
	strbuf_addstr(&s->pos, nd->name);
	kv_add(&s->params, "attr", "%s", attr);
	kv_add(&s->params, "from", "%s", from->buf);
	kv_add(&s->params, "to", "%s", to.buf);
	strbuf_release(from);
	strbuf_release(&to);
	return (0);
}

/* A layer with a mutable parameter, its pm_table entry and its count. */
static struct dlt_node *
pm_pick(struct mstate *s, const char *opname, int *e, size_t *na)
{
	const struct dlt_model	*pm = s->pm;
	struct dlt_node		*nd;
	size_t			*c, n = 0, i;

	c = xcalloc(pm->nnodes + 1, sizeof *c);
	for (i = 0; i < pm->nnodes; i++)
		if (pm_entry(pm->nodes[i].op) >= 0)
			c[n++] = i;
	if (n == 0) {
		free(c);
		not_applicable(s, "%s: no layer with a mutable parameter in '%s'",
		    opname, pm->name);
		return (NULL);
	}
	nd = &s->m->nodes[c[pick(s, n)]];
	free(c);
	*e = pm_entry(nd->op);
	for (*na = 0; pm_table[*e].attrs[*na] != NULL; (*na)++)
		;
	return (nd);
}

static int
op_pm(struct mstate *s)
{
	const struct dlt_model	*pm = s->pm;
	struct dlt_node		*nd;
	struct dlt_attr		*a;
	struct strbuf		 from = STRBUF_INIT;
	size_t			 i, na;
	int			 e, nsp;
	const char		*attr;
	int64_t			 v[DLT_MAX_RANK], x;
	double			 f;

	if ((nd = pm_pick(s, "PM", &e, &na)) == NULL)
		return (1);
	attr = pm_table[e].attrs[pick(s, na)];
	a = dlt_node_attr(nd, attr);
	describe_attr(&from, a);
	{
		const struct dlt_shape *in = nd->ninputs > 0 ?
		    value_shape(pm, nd->inputs[0]) : NULL;

		nsp = in != NULL && in->rank >= 3 ? in->rank - 2 : 1;
		if (a != NULL && a->type == DLT_ATTR_INTS && a->n >= 1)
			nsp = (int)a->n;
		if (nsp > 3)
			nsp = 3;
	}
	if (strcmp(attr, "padding") == 0) {
		dlt_node_set_string(nd, attr, a != NULL && a->type ==
		    DLT_ATTR_STRING && strcmp(a->s, "same") == 0 ? "valid" : "same");
	} else if (strcmp(attr, "kernel") == 0 || strcmp(attr, "pool") == 0 ||
	    strcmp(attr, "strides") == 0 || strcmp(attr, "dilation") == 0 ||
	    strcmp(attr, "size") == 0) {
		for (i = 0; i < (size_t)nsp; i++) {
			x = a != NULL && a->type == DLT_ATTR_INTS && i < a->n ?
			    a->v[i] : a != NULL && a->type == DLT_ATTR_INT ? a->i : 1;
			if (strcmp(attr, "kernel") == 0 || strcmp(attr, "pool") == 0)
				v[i] = rint_in(s->rng, 1, 2 * x + 1);
			else
				v[i] = rint_in(s->rng, 1, 3);
		}
		if (dlt_rng_below(s->rng, 2))
			for (i = 1; i < (size_t)nsp; i++)
				v[i] = v[0];
		dlt_node_set_ints(nd, attr, v, (size_t)nsp);
	} else if (strcmp(attr, "rate") == 0) {
		f = (double)rint_in(s->rng, 0, s->aware ? 9 : 12) / 10;
		dlt_node_set_float(nd, attr, f);
	} else if (strcmp(attr, "alpha") == 0) {
		dlt_node_set_float(nd, attr, (double)rint_in(s->rng, -5, 20) / 10);
	} else if (strcmp(attr, "epsilon") == 0) {
		static const double eps[] = { 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6 };

		dlt_node_set_float(nd, attr, eps[pick(s, 6)]);
	} else {
		x = a != NULL && a->type == DLT_ATTR_INT ? a->i : 1;
		do
			x = rint_in(s->rng, s->aware ? 1 : 0, 2 * x + 1);
		while (a != NULL && a->type == DLT_ATTR_INT && x == a->i);
		dlt_node_set_int(nd, attr, x);
	}
	return (pm_record(s, nd, attr, &from));
}

/*
 * The candidates next to the boundaries of an integer attribute whose
 * parent value is x, for one spatial dim of size sp (0: none) and the
 * input's channels ch (0: unknown); k is the window there.
 */
static size_t
edge_ints(const char *attr, int64_t x, int64_t sp, int64_t ch, int64_t k,
    int64_t *v)
{
	size_t	n = 0;

	if (strcmp(attr, "kernel") == 0 || strcmp(attr, "pool") == 0) {
		v[n++] = 1;
		if (sp > 1) {
			v[n++] = sp;
			v[n++] = sp - 1;
		}
		if (sp > 0)
			v[n++] = sp + 1;
	} else if (strcmp(attr, "strides") == 0) {
		v[n++] = k + 1;
		if (sp > 0) {
			v[n++] = sp;
			v[n++] = sp + 1;
		}
	} else if (strcmp(attr, "dilation") == 0) {
		if (k > 1 && sp > 1) {
			v[n++] = (sp - 1) / (k - 1);		/* the largest that fits */
			v[n++] = (sp - 1) / (k - 1) + 1;	/* one more */
		} else {
			v[n++] = 2;
			if (sp > 1)
				v[n++] = sp;
		}
	} else if (strcmp(attr, "groups") == 0) {
		if (ch > 1) {
			v[n++] = ch;
			v[n++] = ch - 1;
			v[n++] = ch + 1;
		}
		v[n++] = 1;
		v[n++] = 0;
	} else {
		/* filters, units, heads, dims, multipliers, sizes */
		v[n++] = 1;
		v[n++] = 0;
		if (ch > 1)
			v[n++] = ch;
		v[n++] = x + 1;
	}
	return (n);
}

static int
op_pm_edge(struct mstate *s)
{
	static const double	rate[] = { 0.0, 0.999, 1.0 };
	static const double	alpha[] = { 0.0, -1.0, 1e4 };
	static const double	eps[] = { 0.0, 1e-12, 1.0 };
	const struct dlt_model	*pm = s->pm;
	const struct dlt_shape	*in;
	struct dlt_node		*nd;
	struct dlt_attr		*a;
	struct strbuf		 from = STRBUF_INIT;
	size_t			 i, na, nc;
	int			 e, nsp, pickc = -1;
	const char		*attr;
	int64_t			 v[DLT_MAX_RANK], cand[8], x, k, sp, ch;

	if ((nd = pm_pick(s, "PM-EDGE", &e, &na)) == NULL)
		return (1);
	/* padding only flips (PM does that): the boundaries are numbers */
	do
		attr = pm_table[e].attrs[pick(s, na)];
	while (strcmp(attr, "padding") == 0 && na > 1);
	if (strcmp(attr, "padding") == 0) {
		not_applicable(s, "PM-EDGE: '%s' has no numeric parameter",
		    nd->name);
		return (1);
	}
	a = dlt_node_attr(nd, attr);
	describe_attr(&from, a);
	in = nd->ninputs > 0 ? value_shape(pm, nd->inputs[0]) : NULL;
	nsp = in != NULL && in->rank >= 3 ? in->rank - 2 : 1;
	if (a != NULL && a->type == DLT_ATTR_INTS && a->n >= 1)
		nsp = (int)a->n;
	if (nsp > 3)
		nsp = 3;
	ch = in != NULL && in->rank >= 2 ? in->dim[in->rank - 1] : 0;
	if (strcmp(attr, "rate") == 0)
		dlt_node_set_float(nd, attr, rate[pick(s, 3)]);
	else if (strcmp(attr, "alpha") == 0)
		dlt_node_set_float(nd, attr, alpha[pick(s, 3)]);
	else if (strcmp(attr, "epsilon") == 0)
		dlt_node_set_float(nd, attr, eps[pick(s, 3)]);
	else if ((a != NULL && a->type == DLT_ATTR_INTS) ||
	    strcmp(attr, "kernel") == 0 || strcmp(attr, "pool") == 0 ||
	    strcmp(attr, "strides") == 0 || strcmp(attr, "dilation") == 0 ||
	    strcmp(attr, "size") == 0) {
		const struct dlt_attr *win = dlt_node_attr(nd, "kernel") != NULL ?
		    dlt_node_attr(nd, "kernel") : dlt_node_attr(nd, "pool");

		/* one kind of edge for every spatial dim */
		for (i = 0; i < (size_t)nsp; i++) {
			sp = in != NULL && in->rank >= 3 && (int)i < in->rank - 2 ?
			    in->dim[1 + i] : 0;
			k = win != NULL && win->type == DLT_ATTR_INTS &&
			    i < win->n ? win->v[i] : 1;
			x = a != NULL && a->type == DLT_ATTR_INTS && i < a->n ?
			    a->v[i] : 1;
			nc = edge_ints(attr, x, sp, ch, k, cand);
			if (pickc < 0)
				pickc = (int)pick(s, nc);
			v[i] = cand[(size_t)pickc < nc ? (size_t)pickc : nc - 1];
		}
		dlt_node_set_ints(nd, attr, v, (size_t)nsp);
	} else {
		x = a != NULL && a->type == DLT_ATTR_INT ? a->i : 1;
		nc = edge_ints(attr, x, 0, ch, 1, cand);
		dlt_node_set_int(nd, attr, cand[pick(s, nc)]);
	}
	/* at that edge already: the campaign redraws a mutant equal to its seed */
	return (pm_record(s, nd, attr, &from));
}

/* ---------------------------------------------------------------- repairs */

static struct dlt_node *
find_node(struct dlt_model *m, const char *name)
{
	size_t	i;

	if (name == NULL)
		return (NULL);
	for (i = 0; i < m->nnodes; i++)
		if (strcmp(m->nodes[i].name, name) == 0)
			return (&m->nodes[i]);
	return (NULL);
}

/* Shrink a conv or pool window (and its dilation) to the padded input. */
static int
repair_window(struct mstate *s, struct dlt_node *nd)
{
	const struct dlt_shape	*in;
	struct dlt_attr		*a;
	const char		*win;
	int64_t			 k[3], d[3];
	int			 nsp, i, changed = 0;

	if (nd->ninputs < 1 || (in = value_shape(s->m, nd->inputs[0])) == NULL)
		return (-1);
	nsp = in->rank - 2;
	if (nsp < 1 || nsp > 3)
		return (-1);
	win = dlt_node_attr(nd, "kernel") != NULL ? "kernel" : "pool";
	if ((a = dlt_node_attr(nd, win)) == NULL || a->type != DLT_ATTR_INTS ||
	    a->n != (size_t)nsp)
		return (-1);
	for (i = 0; i < nsp; i++) {
		k[i] = a->v[i];
		d[i] = 1;
	}
	if ((a = dlt_node_attr(nd, "dilation")) != NULL &&
	    a->type == DLT_ATTR_INTS && a->n == (size_t)nsp)
		for (i = 0; i < nsp; i++)
			d[i] = a->v[i];
	for (i = 0; i < nsp; i++) {
		if ((k[i] - 1) * d[i] + 1 > in->dim[i + 1]) {
			changed = 1;
			d[i] = 1;
			if (k[i] > in->dim[i + 1])
				k[i] = in->dim[i + 1] < 1 ? 1 : in->dim[i + 1];
		}
	}
	if (!changed)
		return (-1);
	dlt_node_set_ints(nd, win, k, (size_t)nsp);
	if (dlt_node_attr(nd, "dilation") != NULL)
		dlt_node_set_ints(nd, "dilation", d, (size_t)nsp);
	note_repair(s, "%s of '%s' clamped to the input", win, nd->name);
	return (0);
}

/* Make a fixed reshape target adapt: its first dimension becomes -1. */
static int
repair_reshape(struct mstate *s, struct dlt_node *nd)
{
	struct dlt_attr	*a;
	int64_t		 v[DLT_MAX_RANK];
	size_t		 i;

	if ((a = dlt_node_attr(nd, "shape")) == NULL || a->type != DLT_ATTR_INTS ||
	    a->n == 0 || a->n > DLT_MAX_RANK)
		return (-1);
	for (i = 0; i < a->n; i++)
		if (a->v[i] == -1)
			return (-1);
	memcpy(v, a->v, a->n * sizeof *v);
	v[0] = -1;
	dlt_node_set_ints(nd, "shape", v, a->n);
	note_repair(s, "reshape '%s' re-derives its first dimension", nd->name);
	return (0);
}

/* Repair node nd for a failed check (kind; -2 for an IR problem). */
static int
repair_node(struct mstate *s, struct dlt_node *nd, int kind)
{
	struct dlt_attr	*a;

	if (nd == NULL)
		return (-1);
	switch (kind) {
	case -2:
		if (strcmp(nd->op, "reshape") == 0)
			return (repair_reshape(s, nd));
		return (repair_window(s, nd));
	case DLT_CHK_KERNEL_FITS_PADDED_INPUT:
	case DLT_CHK_POOL_FITS_INPUT:
		return (repair_window(s, nd));
	case DLT_CHK_GROUPS_DIVIDE_CHANNELS:
		if (dlt_node_unset(nd, "groups") != 0)
			return (-1);
		note_repair(s, "groups of '%s' set to 1", nd->name);
		return (0);
	case DLT_CHK_NO_DILATION_WITH_STRIDES:
		if (dlt_node_unset(nd, "dilation") != 0)
			return (-1);
		note_repair(s, "dilation of '%s' set to 1 (strides above 1)",
		    nd->name);
		return (0);
	case DLT_CHK_SAME_PADDING_REQUIRES_STRIDE_1:
		if ((a = dlt_node_attr(nd, "padding")) == NULL ||
		    a->type != DLT_ATTR_STRING)
			return (-1);
		dlt_node_set_string(nd, "padding", "valid");
		note_repair(s, "padding of '%s' set to valid (strides above 1)",
		    nd->name);
		return (0);
	case DLT_CHK_PAD_AT_MOST_HALF_KERNEL:
	case DLT_CHK_EXPLICIT_PADDING_SYMMETRIC:
		if ((a = dlt_node_attr(nd, "padding")) == NULL ||
		    a->type == DLT_ATTR_STRING)
			return (-1);
		dlt_node_set_string(nd, "padding", "same");
		note_repair(s, "padding of '%s' set to same", nd->name);
		return (0);
	default:
		/* attribute bounds: see repair_attr */
		return (-1);
	}
}

/*
 * The attribute checks carry their bound, which only the profile knows:
 * clamp by stepping the attribute towards the parent's value.
 */
static int
repair_attr(struct mstate *s, struct dlt_node *nd)
{
	const struct dlt_node	*pn = NULL;
	struct dlt_attr		*a, *pa;
	size_t			 i;
	int			 changed = 0;

	for (i = 0; i < s->pm->nnodes; i++)
		if (strcmp(s->pm->nodes[i].name, nd->name) == 0)
			pn = &s->pm->nodes[i];
	if (pn == NULL || strcmp(pn->op, nd->op) != 0)
		return (-1);
	for (i = 0; i < nd->nattrs; i++) {
		a = &nd->attrs[i];
		pa = dlt_node_attr(pn, a->name);
		if (pa == NULL) {
			char	*name = xstrdup(a->name);

			dlt_node_unset(nd, name);
			note_repair(s, "%s of '%s' back to its default", name,
			    nd->name);
			free(name);
			return (0);
		}
		if (pa->type != a->type)
			continue;
		if (a->type == DLT_ATTR_FLOAT && a->f != pa->f) {
			note_repair(s, "%s of '%s' back to %.6g", a->name, nd->name,
			    pa->f);
			a->f = pa->f;
			changed = 1;
		} else if (a->type == DLT_ATTR_INT && a->i != pa->i) {
			note_repair(s, "%s of '%s' back to %lld", a->name, nd->name,
			    (long long)pa->i);
			a->i = pa->i;
			changed = 1;
		}
		if (changed)
			return (0);
	}
	return (-1);
}

/*
 * A layer whose inputs now differ in dtype (after DT) computes in the
 * dtype of its first input, as the DT layer upstream does.
 */
static int
repair_mixed(struct mstate *s, struct dlt_node *nd)
{
	int	dt;

	if (nd->dtype >= 0 || nd->ninputs < 1)
		return (-1);
	dt = dlt_model_value_dtype(s->m, dlt_model_value_index(s->m,
	    nd->inputs[0]));
	if (!is_float(dt))
		return (-1);
	nd->dtype = dt;
	note_repair(s, "'%s' computes in %s too", nd->name, dlt_dtype_name(dt));
	return (0);
}

/* ---------------------------------------------------------------- driver */

/* The node named in an IR problem "...: node 'NAME': ...". */
static char *
problem_node(const char *msg)
{
	const char	*p, *q;

	if ((p = strstr(msg, "node '")) == NULL)
		return (NULL);
	p += 6;
	if ((q = strchr(p, '\'')) == NULL)
		return (NULL);
	return (xstrndup(p, (size_t)(q - p)));
}

/* A reason without the numbers, so that reasons can be counted. */
static void
reason_text(struct strbuf *sb, const char *prefix, const char *msg)
{
	const char	*p;

	strbuf_addstr(sb, prefix);
	if ((p = strstr(msg, "node '")) != NULL && (p = strstr(p + 6, "': ")) != NULL)
		msg = p + 3;
	for (; *msg != '\0'; msg++) {
		if (*msg >= '0' && *msg <= '9') {
			while (msg[1] >= '0' && msg[1] <= '9')
				msg++;
			strbuf_addch(sb, 'N');
		} else if (*msg == '\'') {
			/* names vary per mutant: drop quoted names */
			const char *q = strchr(msg + 1, '\'');

			if (q == NULL)
				break;
			strbuf_addstr(sb, "'...'");
			msg = q;
		} else
			strbuf_addch(sb, *msg);
	}
}

/*
 * Check the candidate: 0 when it passes; otherwise 1 with the reason set
 * and a repair tried (*repaired 1 when one applied).
 */
static int
check_and_repair(struct mstate *s, struct strbuf *reason, int *repaired)
{
	struct dlt_diags	 probs;
	struct dlt_violations		 vs;
	struct dlt_node			*nd;
	char				*name;
	int				 rc, kind;

	*repaired = 0;
	memset(&probs, 0, sizeof probs);
	memset(&vs, 0, sizeof vs);
	strbuf_reset(reason);
	if (dlt_model_infer(s->m, &probs) != 0) {
		if (probs.n > 0) {
			reason_text(reason, "ir: ", probs.v[0].message);
			name = problem_node(probs.v[0].message);
		} else {
			strbuf_addstr(reason, "ir: inconsistent model");
			name = NULL;
		}
		dlt_diags_release(&probs);
		nd = find_node(s->m, name);
		free(name);
		rc = -1;
		if (nd != NULL && strstr(reason->buf, "inputs of different dtypes"))
			rc = repair_mixed(s, nd);
		if (rc != 0 && s->repair_fn != NULL)
			rc = s->repair_fn(s);
		if (rc != 0)
			rc = repair_node(s, nd, -2);
		*repaired = rc == 0;
		return (1);
	}
	dlt_diags_release(&probs);
	if (s->mu->ntargets == 0 ||
	    dlt_profile_check_model(s->mu->targets, s->mu->ntargets, s->m, &vs) == 0) {
		dlt_violations_release(&vs);
		return (0);
	}
	kind = vs.v[0].check;
	strbuf_addf(reason, "%s: %s", vs.v[0].framework,
	    kind >= 0 ? dlt_check_at((size_t)kind)->name : "op not in profile");
	nd = find_node(s->m, vs.v[0].node);
	rc = -1;
	if (kind == DLT_CHK_DTYPES || kind == DLT_CHK_INPUT_DTYPES ||
	    kind == DLT_CHK_SAME_INPUT_DTYPES) {
		if (s->repair_fn == repair_dt)
			rc = repair_dt(s);
	} else {
		rc = repair_node(s, nd, kind);
		if (rc != 0 && nd != NULL && (kind == DLT_CHK_MIN ||
		    kind == DLT_CHK_MAX || kind == DLT_CHK_ONE_OF ||
		    kind == DLT_CHK_DIVIDES))
			rc = repair_attr(s, nd);
	}
	dlt_violations_release(&vs);
	*repaired = rc == 0;
	return (1);
}

static const char *const mode_names[] = { "aware", "generic", "probe" };

const char *
dlt_mutate_mode_name(enum dlt_mutate_mode m)
{
	return ((size_t)m < sizeof mode_names / sizeof mode_names[0] ?
	    mode_names[m] : "?");
}

int
dlt_mutate_mode_find(const char *name)
{
	size_t	i;

	for (i = 0; i < sizeof mode_names / sizeof mode_names[0]; i++)
		if (strcmp(mode_names[i], name) == 0)
			return ((int)i);
	return (-1);
}

int
dlt_probe_check_kind(int check)
{
	return (check >= 0 && check != DLT_CHK_RANK &&
	    check != DLT_CHK_UNSUPPORTED && check != DLT_CHK_NONEMPTY_OUTPUT);
}

/*
 * Probe mode: 0 when the IR accepts the candidate and some target's
 * profile rejects it, only by validation checks; the checks go into the
 * parameters as "violates".  Otherwise 1 with the reason set.
 */
static int
probe_check(struct mstate *s, struct strbuf *reason)
{
	struct dlt_diags	 probs;
	struct dlt_violations	 vs;
	struct strbuf		 what = STRBUF_INIT, one = STRBUF_INIT;
	struct strbuf		 seen = STRBUF_INIT;
	size_t			 i;

	strbuf_reset(reason);
	memset(&probs, 0, sizeof probs);
	memset(&vs, 0, sizeof vs);
	if (dlt_model_infer(s->m, &probs) != 0) {
		if (probs.n > 0)
			reason_text(reason, "ir: ", probs.v[0].message);
		else
			strbuf_addstr(reason, "ir: inconsistent model");
		dlt_diags_release(&probs);
		return (1);
	}
	dlt_diags_release(&probs);
	if (s->mu->ntargets == 0 || dlt_profile_check_model(s->mu->targets,
	    s->mu->ntargets, s->m, &vs) == 0) {
		dlt_violations_release(&vs);
		strbuf_addstr(reason, "probe: every profile accepts it");
		return (1);
	}
	for (i = 0; i < vs.n; i++) {
		if (!dlt_probe_check_kind(vs.v[i].check)) {
			strbuf_addf(reason, "probe: %s: %s is no validation",
			    vs.v[i].framework, vs.v[i].check >= 0 ?
			    dlt_check_at((size_t)vs.v[i].check)->name :
			    "op not in profile");
			dlt_violations_release(&vs);
			strbuf_release(&what);
			strbuf_release(&one);
			strbuf_release(&seen);
			return (1);
		}
		/* the first of each framework: where the probe aims */
		strbuf_reset(&one);
		strbuf_addf(&one, ";%s ", vs.v[i].framework);
		if (strstr(seen.buf, one.buf) != NULL)
			continue;
		strbuf_addstr(&seen, one.buf);
		strbuf_addf(&what, "%s%s %s at %s", what.len > 0 ? "; " : "",
		    vs.v[i].framework, dlt_check_at((size_t)vs.v[i].check)->name,
		    vs.v[i].node != NULL ? vs.v[i].node : "the model");
	}
	kv_add(&s->params, "violates", "%s", what.buf);
	dlt_violations_release(&vs);
	strbuf_release(&what);
	strbuf_release(&one);
	strbuf_release(&seen);
	return (0);
}

char *
dlt_probe_violation(const struct dlt_target *t, const struct dlt_model *m)
{
	struct dlt_violations	 vs;
	const struct dlt_node	*nd = NULL;
	char			*out = NULL;
	size_t			 i, j;

	memset(&vs, 0, sizeof vs);
	if (dlt_profile_check_model(t, 1, m, &vs) == 0) {
		dlt_violations_release(&vs);
		return (NULL);
	}
	for (i = 0; i < vs.n; i++)
		if (!dlt_probe_check_kind(vs.v[i].check))
			break;
	if (i == vs.n) {
		for (j = 0; vs.v[0].node != NULL && j < m->nnodes; j++)
			if (strcmp(m->nodes[j].name, vs.v[0].node) == 0)
				nd = &m->nodes[j];
		out = xasprintf("%s at '%s' (%s)",
		    dlt_check_at((size_t)vs.v[0].check)->name,
		    vs.v[0].node != NULL ? vs.v[0].node : "the model",
		    nd != NULL ? nd->op : "model");
	}
	dlt_violations_release(&vs);
	return (out);
}

static void
mstate_release(struct mstate *s)
{
	strbuf_release(&s->pos);
	strbuf_release(&s->repaired);
	kv_release(&s->params);
	free(s->na);
	free(s->target);
	s->na = s->target = NULL;
}

static void
mutation_info_free(struct dlt_mutation_info *mi)
{
	size_t	i;

	if (mi == NULL)
		return;
	free(mi->parent);
	free(mi->op);
	free(mi->position);
	for (i = 0; i < mi->nparams; i++) {
		free(mi->params[i].key);
		free(mi->params[i].value);
	}
	free(mi->params);
	free(mi->repaired);
	free(mi);
}

/* Record what was done in the mutant; takes the parameters from s. */
static void
finish(struct mstate *s, uint64_t seed)
{
	struct dlt_mutation_info	*mi;
	size_t				 i;

	mutation_info_free(s->m->mutation);
	mi = xcalloc(1, sizeof *mi);
	mi->parent = xstrdup(s->pm->name != NULL ? s->pm->name : "");
	mi->op = xstrdup(ops[s->opi].info.name);
	mi->position = xstrdup(s->pos.buf);
	if (s->params.n > 0) {
		mi->params = xcalloc(s->params.n, sizeof *mi->params);
		for (i = 0; i < s->params.n; i++) {
			mi->params[i].key = s->params.k[i];
			mi->params[i].value = s->params.v[i];
		}
		mi->nparams = s->params.n;
		free(s->params.k);
		free(s->params.v);
		memset(&s->params, 0, sizeof s->params);
	}
	mi->seed = seed;
	mi->repaired = s->repaired.len > 0 ? xstrdup(s->repaired.buf) : NULL;
	s->m->mutation = mi;
	/* the published figures are the parent's, not the mutant's */
	s->m->has_published = 0;
}

int
dlt_mutate(const struct dlt_mutator *mu, int op, uint64_t seed,
    struct dlt_model *out, struct dlt_mutate_stats *st)
{
	struct dlt_rng	 rng;
	struct mstate	 s;
	struct strbuf	 reason = STRBUF_INIT;
	int		 tries, round, rc, repaired, ok, max;

	if (op < 0 || (size_t)op >= NOPS)
		return (DLT_MUTATE_NOT_APPLICABLE);
	if (mu->mode == DLT_MUTATE_PROBE && (ops[op].info.weight_level ||
	    ops[op].apply == op_input)) {
		if (st->not_applicable == NULL)
			st->not_applicable = xasprintf("%s: changes values only, "
			    "which no profile checks: nothing to probe",
			    ops[op].info.name);
		return (DLT_MUTATE_NOT_APPLICABLE);
	}
	dlt_rng_seed(&rng, seed);
	st->requested++;
	max = mu->mode == DLT_MUTATE_GENERIC ? 1 :
	    mu->max_tries > 0 ? mu->max_tries : 1;
	for (tries = 0; tries < max; tries++) {
		memset(&s, 0, sizeof s);
		strbuf_init(&s.pos);
		strbuf_init(&s.repaired);
		s.mu = mu;
		s.opi = op;
		s.repair_fn = ops[op].repair;
		s.pm = mu->parent;
		s.rng = &rng;
		s.aware = mu->mode == DLT_MUTATE_AWARE;
		s.dim = -1;
		dlt_model_clone(out, mu->parent);
		s.m = out;
		if (ops[op].apply(&s) != 0) {
			if (st->not_applicable == NULL && s.na != NULL) {
				st->not_applicable = s.na;
				s.na = NULL;
			}
			st->requested--;
			mstate_release(&s);
			dlt_model_release(out);
			strbuf_release(&reason);
			return (DLT_MUTATE_NOT_APPLICABLE);
		}
		st->drawn++;
		ok = !s.aware && mu->mode != DLT_MUTATE_PROBE;
		if (mu->mode == DLT_MUTATE_PROBE)
			ok = probe_check(&s, &reason) == 0;
		for (round = 0; !ok && s.aware && round <= MAX_REPAIRS; round++) {
			rc = check_and_repair(&s, &reason, &repaired);
			if (rc == 0)
				ok = 1;
			else if (!repaired || ops[op].apply == op_pm_edge)
				break;	/* an edge repaired is no edge: redraw */
		}
		if (ok) {
			if (s.repaired.len > 0)
				st->repaired++;
			st->emitted++;
			finish(&s, seed);
			mstate_release(&s);
			strbuf_release(&reason);
			return (DLT_MUTATE_MADE);
		}
		add_reason(st, reason.buf);
		st->rejected++;
		mstate_release(&s);
		dlt_model_release(out);
	}
	strbuf_release(&reason);
	st->failed++;
	return (DLT_MUTATE_FAILED);
}
