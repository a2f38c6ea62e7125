/*
 * model-load.c: loading the model IR from YAML (docs/model-ir.md,
 * dltriage-model(5)) and validating its structure with file:line:col
 * problems: keys, types, names, known ops and their attributes.
 *
 * Loading never stops at the first problem: every key of the file is
 * looked at and every problem recorded (up to DLT_DIAG_MAX_PER_FILE per
 * file, see diag.h).  Names are resolved last (model.c), so that unknown
 * inputs, duplicates and cycles are reported with the rest.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "model-int.h"
#include "model-ops.h"
#include "model.h"
#include "strbuf.h"
#include "suggest.h"
#include "xmalloc.h"
#include "yaml-node.h"

#define NAME_MAX_LEN	128
#define NELEM(a)	(sizeof (a) / sizeof (a)[0])

struct loader {
	struct dlt_model	*m;
	struct dlt_diags	*probs;
	const char		*file;		/* interned */
	size_t			 nprob;
};

static const char *const top_keys[] = {
	"model", "description", "source", "seed", "published", "inputs", "nodes",
	"outputs", "mutation"
};
static const char *const input_keys[] = {
	"name", "shape", "dtype", "range", "fill", "fill_at"
};
static const char *const node_keys[] = {
	"name", "op", "inputs", "attrs", "dtype", "weight_mutations"
};
static const char *const published_keys[] = { "params", "counts", "output" };
static const char *const mutation_keys[] = {
	"parent", "operator", "position", "params", "seed", "repaired"
};
static const char *const wmut_keys[] = {
	"op", "param", "scale", "fraction", "neurons", "seed"
};
static const char *const fill_values[] = {
	"random", "zeros", "nan", "inf", "big", "denormal", "negzero"
};
static const char *const counts_values[] = { "all", "trainable" };

static void	 vproblem(struct loader *, int, int, const char *, va_list)
		    __attribute__((format(printf, 4, 0)));
static void	 problem(struct loader *, const struct ynode *, const char *, ...)
		    __attribute__((format(printf, 3, 4)));
static const char *intern(struct dlt_model *, const char *);
static void	 set_loc(struct loader *, struct dlt_mloc *, const struct ynode *);
static void	 check_keys(struct loader *, const struct ynode *, const char *,
		    const char *const *, size_t);
static int	 get_string(struct loader *, const struct ynode *, const char *,
		    const char *, char **);
static int	 valid_name(const char *);
static int	 get_name(struct loader *, const struct ynode *, const char *,
		    const char *, char **);
static int	 get_choice(struct loader *, const struct ynode *, const char *,
		    const char *, const char *const *, size_t, int *);
static int	 get_shape(struct loader *, const struct ynode *, const char *,
		    const char *, struct dlt_shape *);
static int	 get_dtype(struct loader *, const struct ynode *, const char *, int *);
static int	 get_seed(struct loader *, const struct ynode *, const char *,
		    uint64_t *);
static char	*render(const struct ynode *);
static void	 load_names(struct loader *, const struct ynode *, const char *,
		    const char *, char ***, size_t *);
static void	 load_published(struct loader *, const struct ynode *);
static const struct ynode *need_list(struct loader *, const struct ynode *,
		     const char *);
static void	 load_input(struct loader *, const struct ynode *,
		    struct dlt_model_input *);
static int	 load_int_list(struct loader *, const struct ynode *, const char *,
		    const char *, int64_t **, size_t *);
static void	 load_attr(struct loader *, const char *, const struct dlt_op_info *,
		    const struct ynode *, const struct ynode *, struct dlt_attr *);
static void	 load_attrs(struct loader *, const char *, struct dlt_node *,
		    const struct ynode *);
static void	 load_wmut(struct loader *, const char *, const struct ynode *,
		    struct dlt_weight_mutation *);
static void	 load_node(struct loader *, const struct ynode *, size_t,
		    struct dlt_node *);
static void	 load_mutation(struct loader *, const struct ynode *);
static void	 load_root(struct loader *, const struct ynode *);

/* Problems. */

static void
vproblem(struct loader *l, int line, int col, const char *fmt, va_list ap)
{
	char	*msg;

	l->nprob++;
	msg = xvasprintf(fmt, ap);
	dlt_diag_error(l->probs, l->file, line, col, "%s", msg);
	free(msg);
}

static void
problem(struct loader *l, const struct ynode *at, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vproblem(l, at != NULL ? at->line : 0, at != NULL ? at->col : 0, fmt, ap);
	va_end(ap);
}

/* Loading. */

static const char *
intern(struct dlt_model *m, const char *file)
{
	size_t	i;

	for (i = 0; i < m->nfiles; i++)
		if (strcmp(m->files[i], file) == 0)
			return (m->files[i]);
	m->files = xreallocarray(m->files, m->nfiles + 1, sizeof *m->files);
	m->files[m->nfiles] = xstrdup(file);
	return (m->files[m->nfiles++]);
}

static void
set_loc(struct loader *l, struct dlt_mloc *loc, const struct ynode *n)
{
	loc->file = l->file;
	loc->line = n->line;
	loc->col = n->col;
	/* a mapping is where its first key is */
	if (n->type == YNODE_MAPPING && n->n > 0 && n->keys[0] != NULL) {
		loc->line = n->keys[0]->line;
		loc->col = n->keys[0]->col;
	}
}

/* Unknown and duplicate keys of a mapping; what is "node 'x': " or "". */
static void
check_keys(struct loader *l, const struct ynode *map, const char *what,
    const char *const *keys, size_t nkeys)
{
	const char	*hint, *k;
	char		*q;
	size_t		 i, j;

	for (i = 0; i < map->n; i++) {
		k = map->keys[i]->scalar;
		for (j = 0; j < i; j++) {
			if (strcmp(map->keys[j]->scalar, k) == 0) {
				q = dlt_msg_quote(k, strlen(k));
				problem(l, map->keys[i], "%sduplicate key '%s' (first at "
				    "%d:%d)", what, q, map->keys[j]->line,
				    map->keys[j]->col);
				free(q);
				break;
			}
		}
		for (j = 0; j < nkeys; j++)
			if (strcmp(keys[j], k) == 0)
				break;
		if (j < nkeys)
			continue;
		q = dlt_msg_quote(k, map->keys[i]->scalar_len);
		hint = dlt_suggest(k, keys, nkeys);
		if (hint != NULL)
			problem(l, map->keys[i], "%sunknown key '%s' (did you mean '%s'?)",
			    what, q, hint);
		else
			problem(l, map->keys[i], "%sunknown key '%s'", what, q);
		free(q);
	}
}

static int
get_string(struct loader *l, const struct ynode *n, const char *what,
    const char *key, char **out)
{
	char	*got;

	if (n->type != YNODE_SCALAR || ynode_is_null(n) ||
	    strlen(n->scalar) != n->scalar_len) {
		got = ynode_describe(n);
		problem(l, n, "%s'%s' must be a string, not %s", what, key, got);
		free(got);
		return (-1);
	}
	*out = xstrdup(n->scalar);
	return (0);
}

/* [A-Za-z_][A-Za-z0-9_-]*, at most NAME_MAX_LEN bytes. */
static int
valid_name(const char *s)
{
	size_t	i;

	if (!((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') ||
	    s[0] == '_'))
		return (0);
	for (i = 1; s[i] != '\0'; i++) {
		if (i >= NAME_MAX_LEN)
			return (0);
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '_' || s[i] == '-'))
			return (0);
	}
	return (1);
}

static int
get_name(struct loader *l, const struct ynode *n, const char *what,
    const char *key, char **out)
{
	char	*q;

	if (get_string(l, n, what, key, out) != 0)
		return (-1);
	if (!valid_name(*out)) {
		q = dlt_msg_quote(*out, strlen(*out));
		problem(l, n, "%sinvalid name '%s': use letters, digits, '_' and '-', "
		    "starting with a letter or '_' (at most %d)", what, q, NAME_MAX_LEN);
		free(q);
		free(*out);
		*out = NULL;
		return (-1);
	}
	return (0);
}

static int
get_choice(struct loader *l, const struct ynode *n, const char *what,
    const char *key, const char *const *vals, size_t nvals, int *out)
{
	const char	*hint;
	char		*s, *q;
	size_t		 i;

	if (get_string(l, n, what, key, &s) != 0)
		return (-1);
	for (i = 0; i < nvals; i++) {
		if (strcmp(vals[i], s) == 0) {
			free(s);
			*out = (int)i;
			return (0);
		}
	}
	q = dlt_msg_quote(s, strlen(s));
	hint = dlt_suggest(s, vals, nvals);
	if (hint != NULL)
		problem(l, n, "%sunknown %s '%s' (did you mean '%s'?)", what, key, q,
		    hint);
	else
		problem(l, n, "%sunknown %s '%s'", what, key, q);
	free(q);
	free(s);
	return (-1);
}

static int
get_dtype(struct loader *l, const struct ynode *n, const char *what, int *out)
{
	const char	*names[DLT_DT_COUNT];
	int		 i;

	for (i = 0; i < DLT_DT_COUNT; i++)
		names[i] = dlt_dtype_name(i);
	return (get_choice(l, n, what, "dtype", names, DLT_DT_COUNT, out));
}

static int
get_seed(struct loader *l, const struct ynode *n, const char *what, uint64_t *out)
{
	char	*got;

	if (!ynode_plain_uint64(n, out)) {
		got = ynode_describe(n);
		problem(l, n, "%sseed must be an integer from 0 to 2^64-1, not %s",
		    what, got);
		free(got);
		return (-1);
	}
	return (0);
}

/* A shape: 1 to DLT_MAX_RANK dims, each in [1, 2^31], at most 2^62 elements. */
static int
get_shape(struct loader *l, const struct ynode *n, const char *what,
    const char *key, struct dlt_shape *s)
{
	long long	v;
	int64_t		count = 1;
	size_t		i;
	char		*got;

	memset(s, 0, sizeof *s);
	if (n->type != YNODE_SEQUENCE || n->n == 0) {
		got = ynode_describe(n);
		problem(l, n, "%s'%s' must be a non-empty list of dims, not %s", what,
		    key, got);
		free(got);
		return (-1);
	}
	if (n->n > DLT_MAX_RANK) {
		problem(l, n, "%s'%s' has %zu dims; at most %d are supported", what, key,
		    n->n, DLT_MAX_RANK);
		return (-1);
	}
	for (i = 0; i < n->n; i++) {
		if (!ynode_plain_int(n->items[i], &v)) {
			got = ynode_describe(n->items[i]);
			problem(l, n->items[i], "%sdim %zu of '%s' must be an integer, "
			    "not %s", what, i, key, got);
			free(got);
			return (-1);
		}
		if (v <= 0) {
			problem(l, n->items[i], "%sdim %zu of '%s' must be positive, not "
			    "%lld", what, i, key, v);
			return (-1);
		}
		if (v > DLT_DIM_MAX) {
			problem(l, n->items[i], "%sdim %zu of '%s' is %lld, larger than "
			    "2^31", what, i, key, v);
			return (-1);
		}
		if (count > DLT_COUNT_MAX / v) {
			problem(l, n, "%s'%s' has more than 2^62 elements", what, key);
			return (-1);
		}
		count *= v;
		s->dim[i] = v;
	}
	s->rank = (int)n->n;
	return (0);
}

/* A scalar as text; collections as flow YAML ("[a, b]", "{k: v}"). */
static char *
render(const struct ynode *n)
{
	struct strbuf	 sb = STRBUF_INIT;
	char		*s;
	size_t		 i;

	if (n == NULL)
		return (xstrdup(""));
	if (n->type == YNODE_SCALAR)
		return (dlt_msg_quote(n->scalar, n->scalar_len));
	strbuf_addch(&sb, n->type == YNODE_SEQUENCE ? '[' : '{');
	for (i = 0; i < n->n; i++) {
		if (i > 0)
			strbuf_addstr(&sb, ", ");
		if (n->type == YNODE_MAPPING) {
			s = render(n->keys[i]);
			strbuf_addstr(&sb, s);
			strbuf_addstr(&sb, ": ");
			free(s);
		}
		s = render(n->items[i]);
		strbuf_addstr(&sb, s);
		free(s);
	}
	strbuf_addch(&sb, n->type == YNODE_SEQUENCE ? ']' : '}');
	return (strbuf_detach(&sb, NULL));
}

/* A list of value names (or one name). */
static void
load_names(struct loader *l, const struct ynode *v, const char *what,
    const char *key, char ***out, size_t *n)
{
	char	*got;
	size_t	 i;

	if (v->type == YNODE_SCALAR && !ynode_is_null(v)) {
		*out = xcalloc(1, sizeof **out);
		if (get_string(l, v, what, key, &(*out)[0]) == 0)
			*n = 1;
		return;
	}
	if (v->type != YNODE_SEQUENCE || v->n == 0) {
		got = ynode_describe(v);
		problem(l, v, "%s'%s' must be a non-empty list of names, not %s", what,
		    key, got);
		free(got);
		return;
	}
	*out = xcalloc(v->n, sizeof **out);
	for (i = 0; i < v->n; i++)
		if (get_string(l, v->items[i], what, key, &(*out)[*n]) == 0)
			(*n)++;
}

static void
load_published(struct loader *l, const struct ynode *n)
{
	const struct ynode	*v;
	long long		 p;
	char			*got;
	int			 c;

	l->m->has_published = 1;
	l->m->pub_params = -1;
	if (n->type != YNODE_MAPPING) {
		got = ynode_describe(n);
		problem(l, n, "'published' must be a mapping, not %s", got);
		free(got);
		return;
	}
	check_keys(l, n, "published: ", published_keys, NELEM(published_keys));
	if ((v = ynode_get(n, "params")) != NULL) {
		if (!ynode_plain_int(v, &p) || p < 0 || p > DLT_COUNT_MAX) {
			got = ynode_describe(v);
			problem(l, v, "published: 'params' must be an integer from 0 to "
			    "2^62, not %s", got);
			free(got);
		} else
			l->m->pub_params = p;
	}
	if ((v = ynode_get(n, "counts")) != NULL &&
	    get_choice(l, v, "published: ", "counts", counts_values,
	    NELEM(counts_values), &c) == 0)
		l->m->pub_counts_trainable = c == 1;
	if ((v = ynode_get(n, "output")) != NULL)
		get_shape(l, v, "published: ", "output", &l->m->pub_output);
}

static void
load_input(struct loader *l, const struct ynode *n, struct dlt_model_input *in)
{
	const struct ynode	*v;
	char			 what[NAME_MAX_LEN + 32], *got;
	int			 i;

	in->dtype = DLT_DT_FLOAT32;
	if (n->type != YNODE_MAPPING) {
		got = ynode_describe(n);
		problem(l, n, "an input must be a mapping, not %s", got);
		free(got);
		return;
	}
	set_loc(l, &in->loc, n);
	if ((v = ynode_get(n, "name")) == NULL)
		problem(l, n, "input without a 'name'");
	else
		get_name(l, v, "input: ", "name", &in->name);
	snprintf(what, sizeof what, "input '%s': ", in->name != NULL ? in->name : "?");
	check_keys(l, n, what, input_keys, NELEM(input_keys));
	if ((v = ynode_get(n, "shape")) == NULL)
		problem(l, n, "%sno 'shape'", what);
	else
		get_shape(l, v, what, "shape", &in->shape);
	if ((v = ynode_get(n, "dtype")) != NULL)
		get_dtype(l, v, what, &in->dtype);
	if ((v = ynode_get(n, "range")) != NULL) {
		if (v->type != YNODE_SEQUENCE || v->n != 2 ||
		    !ynode_plain_number(v->items[0], &in->range[0]) ||
		    !ynode_plain_number(v->items[1], &in->range[1])) {
			got = ynode_describe(v);
			problem(l, v, "%s'range' must be [low, high], not %s", what, got);
			free(got);
		} else if (in->range[0] >= in->range[1])
			problem(l, v, "%s'range' is empty: %g is not below %g", what,
			    in->range[0], in->range[1]);
		else
			in->has_range = 1;
	}
	if ((v = ynode_get(n, "fill")) != NULL &&
	    get_choice(l, v, what, "fill", fill_values, NELEM(fill_values), &i) == 0 &&
	    i > 0)
		in->fill = xstrdup(fill_values[i]);
	if ((v = ynode_get(n, "fill_at")) != NULL) {
		long long	at;

		if (!ynode_plain_int(v, &at) || at < 0) {
			got = ynode_describe(v);
			problem(l, v, "%s'fill_at' must be an element index (0 or "
			    "more), not %s", what, got);
			free(got);
		} else if (in->fill == NULL)
			problem(l, v, "%s'fill_at' needs a 'fill' to put there",
			    what);
		else {
			in->has_fill_at = 1;
			in->fill_at = (int64_t)at;
		}
	}
}

/* A list of integers (or one integer when what allows); clamps huge values. */
static int
load_int_list(struct loader *l, const struct ynode *n, const char *what,
    const char *key, int64_t **out, size_t *nout)
{
	long long	v;
	size_t		i;
	char		*got;

	if (n->type != YNODE_SEQUENCE || n->n == 0 || n->n > 64) {
		got = ynode_describe(n);
		problem(l, n, "%sattribute '%s' must be a list of integers, not %s",
		    what, key, got);
		free(got);
		return (-1);
	}
	*out = xcalloc(n->n, sizeof **out);
	for (i = 0; i < n->n; i++) {
		if (!ynode_plain_int(n->items[i], &v)) {
			got = ynode_describe(n->items[i]);
			problem(l, n->items[i], "%sattribute '%s' must be a list of "
			    "integers, not one with %s", what, key, got);
			free(got);
			free(*out);
			*out = NULL;
			return (-1);
		}
		(*out)[i] = v;
	}
	*nout = n->n;
	return (0);
}

/* Convert one attribute value by its spec's kind. */
static void
load_attr(struct loader *l, const char *what, const struct dlt_op_info *op,
    const struct ynode *k, const struct ynode *v, struct dlt_attr *a)
{
	const struct dlt_attr_spec	*sp;
	const char			*names[32], *hint;
	long long			 iv;
	size_t				 i, j, reps;
	char				*got;
	int				 b;

	a->name = xstrdup(k->scalar);
	set_loc(l, &a->loc, k);
	a->type = DLT_ATTR_INT;
	sp = dlt_op_attr_spec(op, k->scalar);
	if (sp == NULL) {
		for (i = 0; i < op->nattrs && i < NELEM(names); i++)
			names[i] = op->attrs[i].name;
		got = dlt_msg_quote(k->scalar, k->scalar_len);
		hint = dlt_suggest(k->scalar, names, i);
		if (hint != NULL)
			problem(l, k, "%sunknown attribute '%s' for %s (did you mean "
			    "'%s'?)", what, got, op->name, hint);
		else if (op->nattrs == 0)
			problem(l, k, "%sunknown attribute '%s': %s takes none", what,
			    got, op->name);
		else
			problem(l, k, "%sunknown attribute '%s' for %s", what, got,
			    op->name);
		free(got);
		return;
	}
	reps = op->spatial > 0 ? (size_t)op->spatial : 1;
	switch (sp->kind) {
	case DLT_AK_INT:
		if (ynode_plain_int(v, &iv)) {
			a->i = iv;
			return;
		}
		break;
	case DLT_AK_FLOAT:
		if (ynode_plain_number(v, &a->f)) {
			a->type = DLT_ATTR_FLOAT;
			return;
		}
		break;
	case DLT_AK_BOOL:
		if (ynode_plain_bool(v, &b)) {
			a->type = DLT_ATTR_BOOL;
			a->i = b;
			return;
		}
		break;
	case DLT_AK_STRING:
	case DLT_AK_DTYPE:
		if (v->type == YNODE_SCALAR && !ynode_is_null(v) &&
		    strlen(v->scalar) == v->scalar_len) {
			a->type = DLT_ATTR_STRING;
			a->s = xstrdup(v->scalar);
			return;
		}
		break;
	case DLT_AK_PADDING:
		if (v->type == YNODE_SCALAR && !ynode_plain_int(v, &iv) && !ynode_is_null(v) &&
		    strlen(v->scalar) == v->scalar_len) {
			a->type = DLT_ATTR_STRING;
			a->s = xstrdup(v->scalar);
			return;
		}
		/* FALLTHROUGH */
	case DLT_AK_INTS:
		if (ynode_plain_int(v, &iv)) {
			a->type = DLT_ATTR_INTS;
			a->v = xcalloc(reps, sizeof *a->v);
			for (i = 0; i < reps; i++)
				a->v[i] = iv;
			a->n = reps;
			return;
		}
		if (v->type == YNODE_SEQUENCE) {
			if (load_int_list(l, v, what, a->name, &a->v, &a->n) == 0)
				a->type = DLT_ATTR_INTS;
			return;
		}
		break;
	case DLT_AK_PAIRS:
		if (v->type != YNODE_SEQUENCE || v->n == 0 || v->n > 8)
			break;
		a->v = xcalloc(2 * v->n, sizeof *a->v);
		for (i = 0; i < v->n; i++) {
			if (v->items[i]->type != YNODE_SEQUENCE || v->items[i]->n != 2) {
				got = ynode_describe(v->items[i]);
				problem(l, v->items[i], "%sattribute '%s' must be a list "
				    "of [before, after] pairs, not one with %s", what,
				    a->name, got);
				free(got);
				return;
			}
			for (j = 0; j < 2; j++) {
				if (!ynode_plain_int(v->items[i]->items[j], &iv)) {
					got = ynode_describe(v->items[i]->items[j]);
					problem(l, v->items[i]->items[j], "%sattribute "
					    "'%s' must be a list of [before, after] "
					    "pairs of integers, not one with %s", what,
					    a->name, got);
					free(got);
					return;
				}
				a->v[2 * i + j] = iv;
			}
		}
		a->type = DLT_ATTR_PAIRS;
		a->n = v->n;
		return;
	}
	got = ynode_describe(v);
	problem(l, v, "%sattribute '%s' must be %s, not %s", what, a->name,
	    dlt_attr_kind_desc(sp->kind), got);
	free(got);
}

static void
load_attrs(struct loader *l, const char *what, struct dlt_node *node,
    const struct ynode *n)
{
	const struct dlt_op_info	*op;
	char				*got;
	size_t				 i, j;

	if (n->type != YNODE_MAPPING) {
		if (ynode_is_null(n))
			return;
		got = ynode_describe(n);
		problem(l, n, "%s'attrs' must be a mapping, not %s", what, got);
		free(got);
		return;
	}
	if (node->opidx < 0 || n->n == 0)
		return;
	op = dlt_op_at((size_t)node->opidx);
	node->attrs = xcalloc(n->n, sizeof *node->attrs);
	for (i = 0; i < n->n; i++) {
		for (j = 0; j < i; j++)
			if (strcmp(n->keys[j]->scalar, n->keys[i]->scalar) == 0)
				break;
		if (j < i) {
			problem(l, n->keys[i], "%sduplicate attribute '%s' (first at "
			    "%d:%d)", what, n->keys[i]->scalar, n->keys[j]->line,
			    n->keys[j]->col);
			continue;
		}
		load_attr(l, what, op, n->keys[i], n->items[i],
		    &node->attrs[node->nattrs++]);
	}
}

static void
load_wmut(struct loader *l, const char *what, const struct ynode *n,
    struct dlt_weight_mutation *w)
{
	const struct ynode	*v;
	int64_t			*ns = NULL;
	size_t			 nn = 0, i;
	char			*got;

	if (n->type != YNODE_MAPPING) {
		got = ynode_describe(n);
		problem(l, n, "%sa weight mutation must be a mapping, not %s", what, got);
		free(got);
		return;
	}
	check_keys(l, n, what, wmut_keys, NELEM(wmut_keys));
	if ((v = ynode_get(n, "op")) == NULL)
		problem(l, n, "%sweight mutation without an 'op'", what);
	else
		get_string(l, v, what, "op", &w->op);
	if ((v = ynode_get(n, "param")) != NULL)
		get_string(l, v, what, "param", &w->param);
	if ((v = ynode_get(n, "scale")) != NULL && !ynode_plain_number(v, &w->scale)) {
		got = ynode_describe(v);
		problem(l, v, "%s'scale' must be a number, not %s", what, got);
		free(got);
	}
	if ((v = ynode_get(n, "fraction")) != NULL &&
	    (!ynode_plain_number(v, &w->fraction) || w->fraction < 0 || w->fraction > 1)) {
		got = ynode_describe(v);
		problem(l, v, "%s'fraction' must be a number in [0, 1], not %s", what,
		    got);
		free(got);
	}
	if ((v = ynode_get(n, "neurons")) != NULL &&
	    load_int_list(l, v, what, "neurons", &ns, &nn) == 0) {
		if (nn > NELEM(w->neurons))
			problem(l, v, "%s'neurons' lists %zu neurons; at most %zu", what,
			    nn, NELEM(w->neurons));
		else {
			for (i = 0; i < nn; i++) {
				if (ns[i] < 0 || ns[i] >= DLT_DIM_MAX) {
					problem(l, v, "%s'neurons' must be indices from 0 "
					    "to 2^31", what);
					break;
				}
				w->neurons[i] = ns[i];
			}
			w->nneurons = nn;
		}
		free(ns);
	}
	if ((v = ynode_get(n, "seed")) != NULL)
		get_seed(l, v, what, &w->seed);
}

static void
load_node(struct loader *l, const struct ynode *n, size_t index,
    struct dlt_node *node)
{
	const struct ynode	*v;
	const char		*hint;
	char			 what[NAME_MAX_LEN + 32], *got, *q;
	size_t			 i;

	node->opidx = -1;
	node->dtype = -1;
	node->out_dtype = -1;
	if (n->type != YNODE_MAPPING) {
		got = ynode_describe(n);
		problem(l, n, "a node must be a mapping, not %s", got);
		free(got);
		return;
	}
	set_loc(l, &node->loc, n);
	if ((v = ynode_get(n, "name")) == NULL)
		problem(l, n, "node %zu has no 'name'", index + 1);
	else
		get_name(l, v, "node: ", "name", &node->name);
	if (node->name != NULL)
		snprintf(what, sizeof what, "node '%s': ", node->name);
	else
		snprintf(what, sizeof what, "node %zu: ", index + 1);
	check_keys(l, n, what, node_keys, NELEM(node_keys));
	if ((v = ynode_get(n, "op")) == NULL)
		problem(l, n, "%sno 'op'", what);
	else if (get_string(l, v, what, "op", &node->op) == 0) {
		node->opidx = dlt_op_find(node->op);
		if (node->opidx < 0) {
			q = dlt_msg_quote(node->op, strlen(node->op));
			if ((hint = dlt_op_suggest(node->op)) != NULL)
				problem(l, v, "%sunknown op '%s' (did you mean '%s'?)",
				    what, q, hint);
			else
				problem(l, v, "%sunknown op '%s'", what, q);
			free(q);
		}
	}
	if ((v = ynode_get(n, "inputs")) == NULL)
		problem(l, n, "%sno 'inputs'", what);
	else
		load_names(l, v, what, "inputs", &node->inputs, &node->ninputs);
	if ((v = ynode_get(n, "attrs")) != NULL)
		load_attrs(l, what, node, v);
	if ((v = ynode_get(n, "dtype")) != NULL)
		get_dtype(l, v, what, &node->dtype);
	if ((v = ynode_get(n, "weight_mutations")) != NULL) {
		if (v->type != YNODE_SEQUENCE) {
			got = ynode_describe(v);
			problem(l, v, "%s'weight_mutations' must be a list, not %s",
			    what, got);
			free(got);
		} else if (v->n > 0) {
			node->wmut = xcalloc(v->n, sizeof *node->wmut);
			node->nwmut = v->n;
			for (i = 0; i < v->n; i++)
				load_wmut(l, what, v->items[i], &node->wmut[i]);
		}
	}
}

static void
load_mutation(struct loader *l, const struct ynode *n)
{
	struct dlt_mutation_info	*mi;
	const struct ynode		*v;
	char				*got;
	size_t				 i;

	if (n->type != YNODE_MAPPING) {
		got = ynode_describe(n);
		problem(l, n, "'mutation' must be a mapping, not %s", got);
		free(got);
		return;
	}
	mi = l->m->mutation = xcalloc(1, sizeof *mi);
	check_keys(l, n, "mutation: ", mutation_keys, NELEM(mutation_keys));
	if ((v = ynode_get(n, "parent")) != NULL)
		get_string(l, v, "mutation: ", "parent", &mi->parent);
	if ((v = ynode_get(n, "operator")) != NULL)
		get_string(l, v, "mutation: ", "operator", &mi->op);
	if ((v = ynode_get(n, "position")) != NULL)
		mi->position = render(v);
	if ((v = ynode_get(n, "params")) != NULL) {
		if (v->type != YNODE_MAPPING) {
			got = ynode_describe(v);
			problem(l, v, "mutation: 'params' must be a mapping, not %s", got);
			free(got);
		} else if (v->n > 0) {
			mi->params = xcalloc(v->n, sizeof *mi->params);
			for (i = 0; i < v->n; i++) {
				mi->params[i].key = xstrdup(v->keys[i]->scalar);
				mi->params[i].value = render(v->items[i]);
			}
			mi->nparams = v->n;
		}
	}
	if ((v = ynode_get(n, "seed")) != NULL)
		get_seed(l, v, "mutation: ", &mi->seed);
	if ((v = ynode_get(n, "repaired")) != NULL && !ynode_is_null(v))
		get_string(l, v, "mutation: ", "repaired", &mi->repaired);
}

/* The non-empty list under key of root, or NULL after saying what is wrong. */
static const struct ynode *
need_list(struct loader *l, const struct ynode *root, const char *key)
{
	const struct ynode	*v;
	char			*got;

	if ((v = ynode_get(root, key)) == NULL) {
		problem(l, root, "no '%s'", key);
		return (NULL);
	}
	if (v->type != YNODE_SEQUENCE || v->n == 0) {
		got = ynode_describe(v);
		problem(l, v, "'%s' must be a non-empty list, not %s", key, got);
		free(got);
		return (NULL);
	}
	return (v);
}

static void
load_root(struct loader *l, const struct ynode *root)
{
	struct dlt_model	*m = l->m;
	const struct ynode	*v;
	char			*got, *q;
	size_t			 i;
	int			 ok;

	if (root == NULL) {
		dlt_diag_error(l->probs, l->file, 0, 0, "empty model file");
		l->nprob++;
		return;
	}
	if (root->type != YNODE_MAPPING) {
		got = ynode_describe(root);
		problem(l, root, "a model must be a mapping, not %s", got);
		free(got);
		return;
	}
	check_keys(l, root, "", top_keys, NELEM(top_keys));
	if ((v = ynode_get(root, "model")) == NULL)
		problem(l, root, "no 'model' (the model's name)");
	else if (get_string(l, v, "", "model", &m->name) == 0) {
		ok = (m->name[0] >= 'a' && m->name[0] <= 'z') ||
		    (m->name[0] >= '0' && m->name[0] <= '9');
		for (i = 1; ok && m->name[i] != '\0'; i++)
			ok = i < NAME_MAX_LEN && ((m->name[i] >= 'a' && m->name[i] <= 'z') ||
			    (m->name[i] >= '0' && m->name[i] <= '9') ||
			    strchr("._-", m->name[i]) != NULL);
		if (!ok) {
			q = dlt_msg_quote(m->name, strlen(m->name));
			problem(l, v, "invalid model name '%s': use [a-z0-9][a-z0-9._-]*",
			    q);
			free(q);
		}
	}
	if ((v = ynode_get(root, "description")) != NULL && !ynode_is_null(v))
		get_string(l, v, "", "description", &m->description);
	if ((v = ynode_get(root, "source")) != NULL && !ynode_is_null(v))
		get_string(l, v, "", "source", &m->source);
	if ((v = ynode_get(root, "seed")) != NULL)
		get_seed(l, v, "", &m->seed);
	if ((v = ynode_get(root, "published")) != NULL)
		load_published(l, v);
	if ((v = need_list(l, root, "inputs")) != NULL) {
		m->inputs = xcalloc(v->n, sizeof *m->inputs);
		m->ninputs = v->n;
		for (i = 0; i < v->n; i++)
			load_input(l, v->items[i], &m->inputs[i]);
	}
	if ((v = need_list(l, root, "nodes")) != NULL) {
		m->nodes = xcalloc(v->n, sizeof *m->nodes);
		m->nnodes = v->n;
		for (i = 0; i < v->n; i++)
			load_node(l, v->items[i], i, &m->nodes[i]);
	}
	if ((v = ynode_get(root, "outputs")) == NULL)
		problem(l, root, "no 'outputs'");
	else {
		set_loc(l, &m->outputs_loc, v);
		load_names(l, v, "", "outputs", &m->outputs, &m->noutputs);
	}
	if ((v = ynode_get(root, "mutation")) != NULL && !ynode_is_null(v))
		load_mutation(l, v);
}

int
dlt_model_load_buffer(const char *name, const char *buf, size_t len,
    struct dlt_model *m, struct dlt_diags *probs)
{
	struct loader	 l;
	struct ynode	*root;
	char		*err, *colon;
	long		 line, col;
	size_t		 before = probs->n;

	dlt_model_init(m);
	memset(&l, 0, sizeof l);
	l.m = m;
	l.probs = probs;
	l.file = intern(m, name);
	if (ynode_load_buffer(buf, len, &root, &err) != 0) {
		/* err is "line:col: message" */
		line = strtol(err, &colon, 10);
		col = *colon == ':' ? strtol(colon + 1, &colon, 10) : 0;
		if (*colon == ':' && line > 0 && line < INT_MAX && col < INT_MAX)
			dlt_diag_error(probs, name, (int)line, (int)col, "%s",
			    colon + 2);
		else
			dlt_diag_error(probs, name, 0, 0, "%s", err);
		free(err);
		dlt_model_release(m);
		return (-1);
	}
	load_root(&l, root);
	ynode_free(root);
	dlt_model_resolve(m, probs);
	if (probs->n != before) {
		dlt_model_release(m);
		return (-1);
	}
	return (0);
}

int
dlt_model_load(const char *path, struct dlt_model *m,
    struct dlt_diags *probs)
{
	struct ynode	*root;
	struct loader	 l;
	char		*err, *colon;
	long		 line, col;
	size_t		 before = probs->n;

	dlt_model_init(m);
	if (ynode_load_file(path, &root, &err) != 0) {
		line = strtol(err, &colon, 10);
		col = *colon == ':' && colon != err ? strtol(colon + 1, &colon, 10) : 0;
		if (colon != err && *colon == ':' && line > 0 && line < INT_MAX &&
		    col < INT_MAX)
			dlt_diag_error(probs, path, (int)line, (int)col, "%s",
			    colon + 2);
		else
			dlt_diag_error(probs, NULL, 0, 0, "%s", err);
		free(err);
		return (-1);
	}
	memset(&l, 0, sizeof l);
	l.m = m;
	l.probs = probs;
	l.file = intern(m, path);
	load_root(&l, root);
	ynode_free(root);
	dlt_model_resolve(m, probs);
	if (probs->n != before) {
		dlt_model_release(m);
		return (-1);
	}
	return (0);
}
