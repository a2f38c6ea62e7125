/*
 * model.c: the model IR (docs/model-ir.md, dltriage-model(5)): loading
 * and validating YAML with file:line:col problems, name resolution,
 * inference driven node by node (the op table is in model-ops.c),
 * lookups, attribute and structural edits, clone and release.
 *
 * Loading never stops at the first problem: every key of the file is
 * looked at and every problem recorded (up to DLT_DIAG_MAX_PER_FILE per file, see diag.h).
 * Names are the truth of the graph: input_idx and output_idx are
 * recomputed from them after every edit and by dlt_model_infer, so a
 * mutation operator may rename, insert or remove freely and infer again.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "error.h"
#include "model-ops.h"
#include "model.h"
#include "strbuf.h"
#include "suggest.h"
#include "xmalloc.h"
#include "yaml-node.h"

#define NAME_MAX_LEN	128
#define NELEM(a)	(sizeof (a) / sizeof (a)[0])

struct loader {
	struct dlt_model		*m;
	struct dlt_diags	*probs;
	const char			*file;		/* interned */
	size_t				 nprob;
};

/* Name -> value index, open addressing; built for one resolution. */
struct name_map {
	const char	**names;
	int		 *idx;
	size_t		  size;
};

static const char *const dtype_names[DLT_DT_COUNT] = {
	"float16", "bfloat16", "float32", "float64", "int32", "int64"
};
static const char *const top_keys[] = {
	"model", "description", "source", "seed", "published", "inputs", "nodes",
	"outputs", "mutation"
};
static const char *const input_keys[] = {
	"name", "shape", "dtype", "range", "fill"
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
static const char *const fill_values[] = { "random", "zeros", "nan", "inf" };
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
static uint64_t	 name_hash(const char *);
static void	 map_build(struct name_map *, const struct dlt_model *);
static int	 map_get(const struct name_map *, const char *);
static void	 map_release(struct name_map *);
static int	 reaches(const struct dlt_model *, const struct name_map *, size_t,
		    size_t, struct strbuf *);
static int	 resolve(struct dlt_model *, struct dlt_diags *);
static void	 node_problem(struct dlt_diags *, const struct dlt_node *,
		    const char *, ...) __attribute__((format(printf, 3, 4)));
static int	 check_input_shape(struct dlt_diags *,
		    const struct dlt_model_input *);
static void	 attr_release(struct dlt_attr *);
static void	 attr_copy(struct dlt_attr *, const struct dlt_attr *,
		    const struct dlt_model *, const struct dlt_model *);
static void	 node_release(struct dlt_node *);
static void	 node_copy(struct dlt_node *, const struct dlt_node *,
		    const struct dlt_model *, const struct dlt_model *);
static const char *remap_file(const struct dlt_model *, const struct dlt_model *,
		    const char *);
static struct dlt_attr *attr_slot(struct dlt_node *, const char *);
static const struct dlt_attr_spec *node_spec(const struct dlt_node *, const char *);
static void	 relink(struct dlt_model *);
static char	*dup_or_null(const char *);

/* Dtypes. */

const char *
dlt_dtype_name(int d)
{
	return (d >= 0 && d < DLT_DT_COUNT ? dtype_names[d] : "?");
}

int
dlt_dtype_parse(const char *s)
{
	int	i;

	if (s == NULL)
		return (-1);
	for (i = 0; i < DLT_DT_COUNT; i++)
		if (strcmp(dtype_names[i], s) == 0)
			return (i);
	return (-1);
}

void
dlt_shape_format(const struct dlt_shape *s, char *buf, size_t len)
{
	size_t	used;
	int	i, w;

	if (len == 0)
		return;
	if (s->rank <= 0) {
		snprintf(buf, len, "?");
		return;
	}
	used = 0;
	buf[0] = '\0';
	for (i = 0; i < s->rank && used < len; i++) {
		w = snprintf(buf + used, len - used, "%s%lld", i == 0 ? "[" : ", ",
		    (long long)s->dim[i]);
		if (w < 0)
			return;
		used += (size_t)w;
	}
	if (used < len)
		snprintf(buf + used, len - used, "]");
}

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

/* A node-level problem at the node's place (infer). */
static void
node_problem(struct dlt_diags *probs, const struct dlt_node *n,
    const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	dlt_diag_error(probs, n->loc.file, n->loc.line, n->loc.col,
	    "node '%s': %s", n->name, msg);
	free(msg);
}

void
dlt_infer_fail(struct dlt_infer *ix, const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;

	ix->failed = 1;
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	node_problem(ix->probs, ix->node, "%s", msg);
	free(msg);
}

void
dlt_infer_fail_attr(struct dlt_infer *ix, const struct dlt_attr *a,
    const char *fmt, ...)
{
	va_list			 ap;
	char			*msg;
	const struct dlt_node	*n = ix->node;

	ix->failed = 1;
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	if (a != NULL && a->loc.line > 0)
		dlt_diag_error(ix->probs, a->loc.file, a->loc.line, a->loc.col,
		    "node '%s': %s", n->name, msg);
	else
		node_problem(ix->probs, n, "%s", msg);
	free(msg);
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
	return (get_choice(l, n, what, "dtype", dtype_names, DLT_DT_COUNT, out));
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
	if ((v = ynode_get(root, "inputs")) == NULL)
		problem(l, root, "no 'inputs'");
	else if (v->type != YNODE_SEQUENCE || v->n == 0) {
		got = ynode_describe(v);
		problem(l, v, "'inputs' must be a non-empty list, not %s", got);
		free(got);
	} else {
		m->inputs = xcalloc(v->n, sizeof *m->inputs);
		m->ninputs = v->n;
		for (i = 0; i < v->n; i++)
			load_input(l, v->items[i], &m->inputs[i]);
	}
	if ((v = ynode_get(root, "nodes")) == NULL)
		problem(l, root, "no 'nodes'");
	else if (v->type != YNODE_SEQUENCE || v->n == 0) {
		got = ynode_describe(v);
		problem(l, v, "'nodes' must be a non-empty list, not %s", got);
		free(got);
	} else {
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

void
dlt_model_init(struct dlt_model *m)
{
	memset(m, 0, sizeof *m);
	m->pub_params = -1;
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
	resolve(m, probs);
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
	resolve(m, probs);
	if (probs->n != before) {
		dlt_model_release(m);
		return (-1);
	}
	return (0);
}

/* Name resolution. */

static uint64_t
name_hash(const char *s)
{
	uint64_t	h = 1469598103934665603ULL;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (h);
}

/* Values: inputs 0..ninputs-1, then nodes; the first of a duplicate wins. */
static void
map_build(struct name_map *nm, const struct dlt_model *m)
{
	size_t		n = m->ninputs + m->nnodes, i, j;
	const char	*name;

	nm->size = 16;
	while (nm->size < 2 * n + 1)
		nm->size *= 2;
	nm->names = xcalloc(nm->size, sizeof *nm->names);
	nm->idx = xcalloc(nm->size, sizeof *nm->idx);
	for (i = 0; i < n; i++) {
		name = i < m->ninputs ? m->inputs[i].name : m->nodes[i - m->ninputs].name;
		if (name == NULL)
			continue;
		j = name_hash(name) & (nm->size - 1);
		while (nm->names[j] != NULL && strcmp(nm->names[j], name) != 0)
			j = (j + 1) & (nm->size - 1);
		if (nm->names[j] == NULL) {
			nm->names[j] = name;
			nm->idx[j] = (int)i;
		}
	}
}

static int
map_get(const struct name_map *nm, const char *name)
{
	size_t	j;

	if (name == NULL)
		return (-1);
	j = name_hash(name) & (nm->size - 1);
	while (nm->names[j] != NULL) {
		if (strcmp(nm->names[j], name) == 0)
			return (nm->idx[j]);
		j = (j + 1) & (nm->size - 1);
	}
	return (-1);
}

static void
map_release(struct name_map *nm)
{
	free(nm->names);
	free(nm->idx);
	memset(nm, 0, sizeof *nm);
}

/*
 * Whether node `from` reaches node `to` through input edges (any
 * direction); on success path holds "from -> ... -> to".
 */
static int
reaches(const struct dlt_model *m, const struct name_map *nm, size_t from,
    size_t to, struct strbuf *path)
{
	size_t	*stack, *parent, n = m->nnodes, sp = 0, cur, i, k, len;
	int	 v, found = 0;
	size_t	*chain;
	char	*seen;

	stack = xcalloc(n + 1, sizeof *stack);
	parent = xcalloc(n, sizeof *parent);
	seen = xcalloc(n, 1);
	stack[sp++] = from;
	seen[from] = 1;
	parent[from] = from;
	while (sp > 0 && !found) {
		cur = stack[--sp];
		for (i = 0; i < m->nodes[cur].ninputs; i++) {
			v = map_get(nm, m->nodes[cur].inputs[i]);
			if (v < (int)m->ninputs)
				continue;
			k = (size_t)v - m->ninputs;
			if (seen[k])
				continue;
			seen[k] = 1;
			parent[k] = cur;
			if (k == to) {
				found = 1;
				break;
			}
			stack[sp++] = k;
		}
	}
	if (found) {
		chain = xcalloc(n + 1, sizeof *chain);
		len = 0;
		for (k = to; ; k = parent[k]) {
			chain[len++] = k;
			if (k == from)
				break;
		}
		/* edges point from a node to its input: print in data flow order */
		for (i = 0; i < len; i++) {
			if (i > 0)
				strbuf_addstr(path, " -> ");
			if (i >= 8 && i + 2 < len) {
				strbuf_addstr(path, "...");
				i = len - 2;
				continue;
			}
			strbuf_addstr(path, m->nodes[chain[i]].name);
		}
		free(chain);
	}
	free(stack);
	free(parent);
	free(seen);
	return (found);
}

/*
 * Check names (unique, defined before use, no cycle) and set input_idx
 * and output_idx; 0, or -1 with problems.
 */
static int
resolve(struct dlt_model *m, struct dlt_diags *probs)
{
	struct name_map		 nm;
	struct dlt_node		*n;
	struct strbuf		 path = STRBUF_INIT;
	const char		*hint, **names, *first, *name;
	const struct dlt_mloc	*floc, *loc, *ol;
	size_t			 i, j, nvals = m->ninputs + m->nnodes, before = probs->n;
	int			 v;

	map_build(&nm, m);
	/* duplicates: a name maps to its first definition */
	for (i = 0; i < nvals; i++) {
		name = i < m->ninputs ? m->inputs[i].name : m->nodes[i - m->ninputs].name;
		loc = i < m->ninputs ? &m->inputs[i].loc : &m->nodes[i - m->ninputs].loc;
		v = map_get(&nm, name);
		if (v < 0 || (size_t)v == i)
			continue;
		floc = (size_t)v < m->ninputs ? &m->inputs[v].loc :
		    &m->nodes[(size_t)v - m->ninputs].loc;
		first = (size_t)v < m->ninputs ? "input" : "node";
		if (floc->line > 0)
			dlt_diag_error(probs, loc->file, loc->line, loc->col,
			    "duplicate name '%s' (first used by the %s at %d:%d)", name,
			    first, floc->line, floc->col);
		else
			dlt_diag_error(probs, loc->file, loc->line, loc->col,
			    "duplicate name '%s'", name);
	}
	names = xcalloc(nvals + 1, sizeof *names);
	for (i = 0; i < nvals; i++)
		names[i] = i < m->ninputs ? m->inputs[i].name :
		    m->nodes[i - m->ninputs].name;
	for (i = 0; i < m->nnodes; i++) {
		n = &m->nodes[i];
		free(n->input_idx);
		n->input_idx = n->ninputs ? xcalloc(n->ninputs, sizeof *n->input_idx) :
		    NULL;
		for (j = 0; j < n->ninputs; j++) {
			v = map_get(&nm, n->inputs[j]);
			n->input_idx[j] = v;
			if (v < 0) {
				hint = dlt_suggest(n->inputs[j], names, nvals);
				if (hint != NULL)
					node_problem(probs, n, "unknown input '%s' (did you "
					    "mean '%s'?)", n->inputs[j], hint);
				else
					node_problem(probs, n, "unknown input '%s'",
					    n->inputs[j]);
			} else if ((size_t)v == m->ninputs + i)
				node_problem(probs, n, "uses itself as input (a cycle)");
			else if ((size_t)v > m->ninputs + i) {
				strbuf_reset(&path);
				if (reaches(m, &nm, (size_t)v - m->ninputs, i, &path))
					node_problem(probs, n, "input '%s' makes a cycle: "
					    "%s -> %s", n->inputs[j], path.buf, n->name);
				else
					node_problem(probs, n, "input '%s' is defined "
					    "after it; a node must come after its inputs",
					    n->inputs[j]);
			}
		}
	}
	free(m->output_idx);
	m->output_idx = m->noutputs ? xcalloc(m->noutputs, sizeof *m->output_idx) :
	    NULL;
	ol = &m->outputs_loc;
	for (i = 0; i < m->noutputs; i++) {
		v = map_get(&nm, m->outputs[i]);
		m->output_idx[i] = v < (int)m->ninputs ? -1 : v - (int)m->ninputs;
		if (v >= (int)m->ninputs)
			continue;
		if (v >= 0)
			dlt_diag_error(probs, ol->file, ol->line, ol->col,
			    "output '%s' is a model input, not a node", m->outputs[i]);
		else if ((hint = dlt_suggest(m->outputs[i], names + m->ninputs,
		    m->nnodes)) != NULL)
			dlt_diag_error(probs, ol->file, ol->line, ol->col,
			    "unknown output '%s' (did you mean '%s'?)", m->outputs[i],
			    hint);
		else
			dlt_diag_error(probs, ol->file, ol->line, ol->col,
			    "unknown output '%s'", m->outputs[i]);
	}
	strbuf_release(&path);
	free(names);
	map_release(&nm);
	return (probs->n == before ? 0 : -1);
}

/* Quietly recompute indexes after an edit (unknown names become -1). */
static void
relink(struct dlt_model *m)
{
	struct dlt_diags	probs;

	memset(&probs, 0, sizeof probs);
	resolve(m, &probs);
	dlt_diags_release(&probs);
}

/* Inference. */

static int
check_input_shape(struct dlt_diags *probs, const struct dlt_model_input *in)
{
	const struct dlt_shape	*s = &in->shape;
	int64_t			 count = 1;
	int			 i;

	if (s->rank < 1 || s->rank > DLT_MAX_RANK) {
		dlt_diag_error(probs, in->loc.file, in->loc.line, in->loc.col,
		    "input '%s': rank %d is not in 1..%d", in->name, s->rank,
		    DLT_MAX_RANK);
		return (-1);
	}
	for (i = 0; i < s->rank; i++) {
		if (s->dim[i] <= 0 || s->dim[i] > DLT_DIM_MAX) {
			dlt_diag_error(probs, in->loc.file, in->loc.line,
			    in->loc.col, "input '%s': dim %d is %lld, not in 1..2^31",
			    in->name, i, (long long)s->dim[i]);
			return (-1);
		}
		if (count > DLT_COUNT_MAX / s->dim[i]) {
			dlt_diag_error(probs, in->loc.file, in->loc.line,
			    in->loc.col, "input '%s': more than 2^62 elements", in->name);
			return (-1);
		}
		count *= s->dim[i];
	}
	if (in->dtype < 0 || in->dtype >= DLT_DT_COUNT) {
		dlt_diag_error(probs, in->loc.file, in->loc.line, in->loc.col,
		    "input '%s': no dtype", in->name);
		return (-1);
	}
	return (0);
}

int
dlt_model_infer(struct dlt_model *m, struct dlt_diags *probs)
{
	struct dlt_infer		 ix;
	struct dlt_node			*n;
	const struct dlt_op_info	*op;
	const struct dlt_shape		**shapes = NULL;
	const char			*hint;
	int				*dtypes = NULL, *bad, v;
	size_t				 i, j, before = probs->n, maxin = 1;
	int				 skip;

	m->params = m->params_trainable = 0;
	for (i = 0; i < m->nnodes; i++) {
		m->nodes[i].shape.rank = 0;
		m->nodes[i].out_dtype = -1;
		m->nodes[i].params = m->nodes[i].params_trainable = 0;
		if (m->nodes[i].ninputs > maxin)
			maxin = m->nodes[i].ninputs;
	}
	if (m->ninputs == 0 || m->nnodes == 0 || m->noutputs == 0) {
		dlt_diag_error(probs, m->nfiles > 0 ? m->files[0] : NULL, 0, 0,
		    "model '%s' has no %s", m->name != NULL ? m->name : "?",
		    m->ninputs == 0 ? "inputs" : m->nnodes == 0 ? "nodes" : "outputs");
		return (-1);
	}
	if (resolve(m, probs) != 0)
		return (-1);
	bad = xcalloc(m->ninputs + m->nnodes, sizeof *bad);
	for (i = 0; i < m->ninputs; i++)
		if (check_input_shape(probs, &m->inputs[i]) != 0)
			bad[i] = 1;
	shapes = xcalloc(maxin, sizeof *shapes);
	dtypes = xcalloc(maxin, sizeof *dtypes);
	for (i = 0; i < m->nnodes; i++) {
		n = &m->nodes[i];
		n->opidx = dlt_op_find(n->op);
		if (n->opidx < 0) {
			if (n->op != NULL && (hint = dlt_op_suggest(n->op)) != NULL)
				node_problem(probs, n, "unknown op '%s' (did you mean "
				    "'%s'?)", n->op, hint);
			else
				node_problem(probs, n, "unknown op '%s'",
				    n->op != NULL ? n->op : "");
			bad[m->ninputs + i] = 1;
			continue;
		}
		op = dlt_op_at((size_t)n->opidx);
		if ((int)n->ninputs < op->min_inputs ||
		    (op->max_inputs >= 0 && (int)n->ninputs > op->max_inputs)) {
			if (op->max_inputs < 0)
				node_problem(probs, n, "%s takes %d or more inputs, got %zu",
				    op->name, op->min_inputs, n->ninputs);
			else if (op->min_inputs == op->max_inputs)
				node_problem(probs, n, "%s takes %d input%s, got %zu",
				    op->name, op->min_inputs,
				    op->min_inputs == 1 ? "" : "s", n->ninputs);
			else
				node_problem(probs, n, "%s takes %d to %d inputs, got %zu",
				    op->name, op->min_inputs, op->max_inputs, n->ninputs);
			bad[m->ninputs + i] = 1;
			continue;
		}
		skip = 0;
		for (j = 0; j < n->ninputs; j++) {
			v = n->input_idx[j];
			if (bad[v]) {
				skip = 1;
				break;
			}
			shapes[j] = dlt_model_value_shape(m, v);
			dtypes[j] = dlt_model_value_dtype(m, v);
		}
		memset(&ix, 0, sizeof ix);
		ix.model = m;
		ix.node = n;
		ix.in = shapes;
		ix.in_dtype = dtypes;
		ix.nin = n->ninputs;
		ix.probs = probs;
		/* after a failed input, still report the node's own attributes */
		ix.attrs_only = skip;
		if (dlt_op_infer(&ix) != 0 || skip) {
			bad[m->ninputs + i] = 1;
			continue;
		}
		n->shape = ix.out;
		n->out_dtype = ix.out_dtype;
		n->params = ix.params;
		n->params_trainable = ix.trainable;
		if (m->params > DLT_COUNT_MAX - ix.params) {
			node_problem(probs, n, "the model's parameter count overflows "
			    "(more than 2^62)");
			bad[m->ninputs + i] = 1;
			continue;
		}
		m->params += ix.params;
		m->params_trainable += ix.trainable;
	}
	free(shapes);
	free(dtypes);
	free(bad);
	return (probs->n == before ? 0 : -1);
}

/* Lookups. */

int
dlt_model_value_index(const struct dlt_model *m, const char *name)
{
	size_t	i;

	if (name == NULL)
		return (-1);
	for (i = 0; i < m->ninputs; i++)
		if (m->inputs[i].name != NULL && strcmp(m->inputs[i].name, name) == 0)
			return ((int)i);
	for (i = 0; i < m->nnodes; i++)
		if (m->nodes[i].name != NULL && strcmp(m->nodes[i].name, name) == 0)
			return ((int)(m->ninputs + i));
	return (-1);
}

const struct dlt_shape *
dlt_model_value_shape(const struct dlt_model *m, int idx)
{
	if (idx < 0)
		return (NULL);
	if ((size_t)idx < m->ninputs)
		return (&m->inputs[idx].shape);
	if ((size_t)idx - m->ninputs < m->nnodes)
		return (&m->nodes[(size_t)idx - m->ninputs].shape);
	return (NULL);
}

int
dlt_model_value_dtype(const struct dlt_model *m, int idx)
{
	if (idx < 0)
		return (-1);
	if ((size_t)idx < m->ninputs)
		return (m->inputs[idx].dtype);
	if ((size_t)idx - m->ninputs < m->nnodes)
		return (m->nodes[(size_t)idx - m->ninputs].out_dtype);
	return (-1);
}

const char *
dlt_model_value_name(const struct dlt_model *m, int idx)
{
	if (idx < 0)
		return (NULL);
	if ((size_t)idx < m->ninputs)
		return (m->inputs[idx].name);
	if ((size_t)idx - m->ninputs < m->nnodes)
		return (m->nodes[(size_t)idx - m->ninputs].name);
	return (NULL);
}

struct dlt_node *
dlt_model_node(const struct dlt_model *m, const char *name, size_t *at)
{
	size_t	i;

	if (name == NULL)
		return (NULL);
	for (i = 0; i < m->nnodes; i++) {
		if (m->nodes[i].name != NULL && strcmp(m->nodes[i].name, name) == 0) {
			if (at != NULL)
				*at = i;
			return (&m->nodes[i]);
		}
	}
	return (NULL);
}

struct dlt_attr *
dlt_node_attr(const struct dlt_node *n, const char *name)
{
	size_t	i;

	for (i = 0; i < n->nattrs; i++)
		if (strcmp(n->attrs[i].name, name) == 0)
			return (&n->attrs[i]);
	return (NULL);
}

static const struct dlt_attr_spec *
node_spec(const struct dlt_node *n, const char *name)
{
	int	opidx = dlt_op_find(n->op);

	if (opidx < 0)
		return (NULL);
	return (dlt_op_attr_spec(dlt_op_at((size_t)opidx), name));
}

int64_t
dlt_node_attr_int(const struct dlt_node *n, const char *name, int64_t def)
{
	const struct dlt_attr		*a = dlt_node_attr(n, name);
	const struct dlt_attr_spec	*sp;

	if (a != NULL && (a->type == DLT_ATTR_INT || a->type == DLT_ATTR_BOOL))
		return (a->i);
	if (a == NULL && (sp = node_spec(n, name)) != NULL && sp->def != NULL) {
		if (sp->kind == DLT_AK_BOOL)
			return (strcmp(sp->def, "true") == 0);
		if (sp->kind == DLT_AK_INT)
			return (strtoll(sp->def, NULL, 10));
	}
	return (def);
}

double
dlt_node_attr_float(const struct dlt_node *n, const char *name, double def)
{
	const struct dlt_attr		*a = dlt_node_attr(n, name);
	const struct dlt_attr_spec	*sp;

	if (a != NULL && a->type == DLT_ATTR_FLOAT)
		return (a->f);
	if (a != NULL && a->type == DLT_ATTR_INT)
		return ((double)a->i);
	if (a == NULL && (sp = node_spec(n, name)) != NULL && sp->def != NULL &&
	    sp->kind == DLT_AK_FLOAT)
		return (strtod(sp->def, NULL));
	return (def);
}

int
dlt_node_attr_bool(const struct dlt_node *n, const char *name, int def)
{
	return (dlt_node_attr_int(n, name, def) != 0);
}

const char *
dlt_node_attr_string(const struct dlt_node *n, const char *name)
{
	const struct dlt_attr		*a = dlt_node_attr(n, name);
	const struct dlt_attr_spec	*sp;

	if (a != NULL)
		return (a->type == DLT_ATTR_STRING ? a->s : NULL);
	sp = node_spec(n, name);
	if (sp != NULL && (sp->kind == DLT_AK_STRING || sp->kind == DLT_AK_PADDING ||
	    sp->kind == DLT_AK_DTYPE))
		return (sp->def);
	return (NULL);
}

int
dlt_node_attr_ints(const struct dlt_node *n, const char *name, int64_t *out,
    size_t max)
{
	const struct dlt_attr		*a = dlt_node_attr(n, name);
	const struct dlt_attr_spec	*sp;
	size_t				 i;

	if (a != NULL) {
		if (a->type != DLT_ATTR_INTS)
			return (-1);
		for (i = 0; i < a->n && i < max; i++)
			out[i] = a->v[i];
		return (a->n > INT_MAX ? INT_MAX : (int)a->n);
	}
	sp = node_spec(n, name);
	if (sp == NULL || sp->def == NULL || (sp->kind != DLT_AK_INTS &&
	    sp->kind != DLT_AK_PADDING) || !(sp->def[0] == '-' ||
	    (sp->def[0] >= '0' && sp->def[0] <= '9')))
		return (-1);
	if (max > 0)
		out[0] = strtoll(sp->def, NULL, 10);
	return (1);
}

/* Attribute edits. */

static void
attr_release(struct dlt_attr *a)
{
	free(a->name);
	free(a->s);
	free(a->v);
	memset(a, 0, sizeof *a);
}

static struct dlt_attr *
attr_slot(struct dlt_node *n, const char *name)
{
	struct dlt_attr	*a;

	if ((a = dlt_node_attr(n, name)) != NULL) {
		free(a->s);
		free(a->v);
		a->s = NULL;
		a->v = NULL;
		a->n = 0;
		a->i = 0;
		a->f = 0;
		memset(&a->loc, 0, sizeof a->loc);
		return (a);
	}
	n->attrs = xreallocarray(n->attrs, n->nattrs + 1, sizeof *n->attrs);
	a = &n->attrs[n->nattrs++];
	memset(a, 0, sizeof *a);
	a->name = xstrdup(name);
	return (a);
}

void
dlt_node_set_int(struct dlt_node *n, const char *name, int64_t v)
{
	struct dlt_attr	*a = attr_slot(n, name);

	a->type = DLT_ATTR_INT;
	a->i = v;
}

void
dlt_node_set_float(struct dlt_node *n, const char *name, double v)
{
	struct dlt_attr	*a = attr_slot(n, name);

	a->type = DLT_ATTR_FLOAT;
	a->f = v;
}

void
dlt_node_set_bool(struct dlt_node *n, const char *name, int v)
{
	struct dlt_attr	*a = attr_slot(n, name);

	a->type = DLT_ATTR_BOOL;
	a->i = v != 0;
}

void
dlt_node_set_string(struct dlt_node *n, const char *name, const char *s)
{
	struct dlt_attr	*a = attr_slot(n, name);

	a->type = DLT_ATTR_STRING;
	a->s = xstrdup(s);
}

void
dlt_node_set_ints(struct dlt_node *n, const char *name, const int64_t *v, size_t nv)
{
	struct dlt_attr	*a = attr_slot(n, name);

	a->type = DLT_ATTR_INTS;
	a->n = nv;
	if (nv > 0) {
		a->v = xcalloc(nv, sizeof *a->v);
		memcpy(a->v, v, nv * sizeof *v);
	}
}

void
dlt_node_set_pairs(struct dlt_node *n, const char *name, const int64_t *v,
    size_t npairs)
{
	struct dlt_attr	*a = attr_slot(n, name);

	a->type = DLT_ATTR_PAIRS;
	a->n = npairs;
	if (npairs > 0) {
		a->v = xcalloc(2 * npairs, sizeof *a->v);
		memcpy(a->v, v, 2 * npairs * sizeof *v);
	}
}

int
dlt_node_unset(struct dlt_node *n, const char *name)
{
	struct dlt_attr	*a = dlt_node_attr(n, name);
	size_t		 i;

	if (a == NULL)
		return (-1);
	i = (size_t)(a - n->attrs);
	attr_release(a);
	memmove(&n->attrs[i], &n->attrs[i + 1], (n->nattrs - i - 1) * sizeof *a);
	n->nattrs--;
	return (0);
}

void
dlt_node_set_op(struct dlt_node *n, const char *op)
{
	const struct dlt_op_info	*info;
	size_t				 i;
	int				 opidx = dlt_op_find(op);

	free(n->op);
	n->op = xstrdup(op);
	n->opidx = opidx;
	if (opidx < 0)
		return;
	info = dlt_op_at((size_t)opidx);
	for (i = 0; i < n->nattrs; ) {
		if (dlt_op_attr_spec(info, n->attrs[i].name) == NULL)
			dlt_node_unset(n, n->attrs[i].name);
		else
			i++;
	}
}

/* Structural edits. */

struct dlt_node *
dlt_model_insert_node(struct dlt_model *m, size_t at, const char *name,
    const char *op, const char *const *inputs, size_t ninputs)
{
	struct dlt_node	*n;
	size_t		 i;

	if (at > m->nnodes)
		at = m->nnodes;
	m->nodes = xreallocarray(m->nodes, m->nnodes + 1, sizeof *m->nodes);
	memmove(&m->nodes[at + 1], &m->nodes[at], (m->nnodes - at) * sizeof *m->nodes);
	m->nnodes++;
	n = &m->nodes[at];
	memset(n, 0, sizeof *n);
	n->name = xstrdup(name);
	n->op = xstrdup(op);
	n->opidx = dlt_op_find(op);
	n->dtype = -1;
	n->out_dtype = -1;
	if (ninputs > 0) {
		n->inputs = xcalloc(ninputs, sizeof *n->inputs);
		for (i = 0; i < ninputs; i++)
			n->inputs[i] = xstrdup(inputs[i]);
		n->ninputs = ninputs;
	}
	relink(m);
	return (&m->nodes[at]);
}

void
dlt_model_rename_refs(struct dlt_model *m, const char *from, const char *to)
{
	size_t	i, j;
	char	*f = xstrdup(from);

	for (i = 0; i < m->nnodes; i++) {
		/* the node named `to` keeps its own inputs (no self-reference) */
		if (m->nodes[i].name != NULL && strcmp(m->nodes[i].name, to) == 0)
			continue;
		for (j = 0; j < m->nodes[i].ninputs; j++) {
			if (strcmp(m->nodes[i].inputs[j], f) == 0) {
				free(m->nodes[i].inputs[j]);
				m->nodes[i].inputs[j] = xstrdup(to);
			}
		}
	}
	for (i = 0; i < m->noutputs; i++) {
		if (strcmp(m->outputs[i], f) == 0) {
			free(m->outputs[i]);
			m->outputs[i] = xstrdup(to);
		}
	}
	free(f);
	relink(m);
}

void
dlt_model_remove_node(struct dlt_model *m, size_t at, const char *replacement)
{
	struct dlt_node	*n;
	char		*name, *repl;
	size_t		 i, j, k;

	if (at >= m->nnodes)
		return;
	n = &m->nodes[at];
	name = n->name;
	n->name = NULL;
	repl = replacement != NULL ? xstrdup(replacement) : NULL;
	node_release(n);
	memmove(&m->nodes[at], &m->nodes[at + 1], (m->nnodes - at - 1) * sizeof *n);
	m->nnodes--;
	for (i = 0; i < m->nnodes; i++) {
		n = &m->nodes[i];
		for (j = k = 0; j < n->ninputs; j++) {
			if (name == NULL || strcmp(n->inputs[j], name) != 0) {
				n->inputs[k++] = n->inputs[j];
				continue;
			}
			free(n->inputs[j]);
			if (repl != NULL)
				n->inputs[k++] = xstrdup(repl);
		}
		n->ninputs = k;
	}
	for (j = k = 0; j < m->noutputs; j++) {
		if (name == NULL || strcmp(m->outputs[j], name) != 0) {
			m->outputs[k++] = m->outputs[j];
			continue;
		}
		free(m->outputs[j]);
		if (repl != NULL)
			m->outputs[k++] = xstrdup(repl);
	}
	m->noutputs = k;
	free(name);
	free(repl);
	relink(m);
}

char *
dlt_model_unique_name(const struct dlt_model *m, const char *base)
{
	char	*s;
	int	 i;

	if (dlt_model_value_index(m, base) < 0)
		return (xstrdup(base));
	for (i = 2; ; i++) {
		s = xasprintf("%s%d", base, i);
		if (dlt_model_value_index(m, s) < 0)
			return (s);
		free(s);
	}
}

/* Release and clone. */

static void
node_release(struct dlt_node *n)
{
	size_t	i;

	free(n->name);
	free(n->op);
	for (i = 0; i < n->ninputs; i++)
		free(n->inputs[i]);
	free(n->inputs);
	free(n->input_idx);
	for (i = 0; i < n->nattrs; i++)
		attr_release(&n->attrs[i]);
	free(n->attrs);
	for (i = 0; i < n->nwmut; i++) {
		free(n->wmut[i].op);
		free(n->wmut[i].param);
	}
	free(n->wmut);
	memset(n, 0, sizeof *n);
}

void
dlt_model_release(struct dlt_model *m)
{
	size_t	i;

	for (i = 0; i < m->nfiles; i++)
		free(m->files[i]);
	free(m->files);
	free(m->name);
	free(m->description);
	free(m->source);
	for (i = 0; i < m->ninputs; i++) {
		free(m->inputs[i].name);
		free(m->inputs[i].fill);
	}
	free(m->inputs);
	for (i = 0; i < m->nnodes; i++)
		node_release(&m->nodes[i]);
	free(m->nodes);
	for (i = 0; i < m->noutputs; i++)
		free(m->outputs[i]);
	free(m->outputs);
	free(m->output_idx);
	if (m->mutation != NULL) {
		free(m->mutation->parent);
		free(m->mutation->op);
		free(m->mutation->position);
		for (i = 0; i < m->mutation->nparams; i++) {
			free(m->mutation->params[i].key);
			free(m->mutation->params[i].value);
		}
		free(m->mutation->params);
		free(m->mutation->repaired);
		free(m->mutation);
	}
	dlt_model_init(m);
}

static char *
dup_or_null(const char *s)
{
	return (s != NULL ? xstrdup(s) : NULL);
}

static const char *
remap_file(const struct dlt_model *dst, const struct dlt_model *src,
    const char *file)
{
	size_t	i;

	if (file == NULL)
		return (NULL);
	for (i = 0; i < src->nfiles; i++)
		if (src->files[i] == file)
			return (dst->files[i]);
	return (NULL);
}

static void
attr_copy(struct dlt_attr *d, const struct dlt_attr *s, const struct dlt_model *dm,
    const struct dlt_model *sm)
{
	size_t	nv;

	*d = *s;
	d->name = xstrdup(s->name);
	d->s = dup_or_null(s->s);
	d->v = NULL;
	nv = s->type == DLT_ATTR_PAIRS ? 2 * s->n : s->n;
	if (s->v != NULL && nv > 0) {
		d->v = xcalloc(nv, sizeof *d->v);
		memcpy(d->v, s->v, nv * sizeof *d->v);
	}
	d->loc.file = remap_file(dm, sm, s->loc.file);
	if (d->loc.file == NULL)
		memset(&d->loc, 0, sizeof d->loc);
}

static void
node_copy(struct dlt_node *d, const struct dlt_node *s, const struct dlt_model *dm,
    const struct dlt_model *sm)
{
	size_t	i;

	*d = *s;
	d->name = dup_or_null(s->name);
	d->op = dup_or_null(s->op);
	d->inputs = NULL;
	d->input_idx = NULL;
	if (s->ninputs > 0) {
		d->inputs = xcalloc(s->ninputs, sizeof *d->inputs);
		for (i = 0; i < s->ninputs; i++)
			d->inputs[i] = xstrdup(s->inputs[i]);
		if (s->input_idx != NULL) {
			d->input_idx = xcalloc(s->ninputs, sizeof *d->input_idx);
			memcpy(d->input_idx, s->input_idx, s->ninputs *
			    sizeof *d->input_idx);
		}
	}
	d->attrs = NULL;
	if (s->nattrs > 0) {
		d->attrs = xcalloc(s->nattrs, sizeof *d->attrs);
		for (i = 0; i < s->nattrs; i++)
			attr_copy(&d->attrs[i], &s->attrs[i], dm, sm);
	}
	d->wmut = NULL;
	if (s->nwmut > 0) {
		d->wmut = xcalloc(s->nwmut, sizeof *d->wmut);
		for (i = 0; i < s->nwmut; i++) {
			d->wmut[i] = s->wmut[i];
			d->wmut[i].op = dup_or_null(s->wmut[i].op);
			d->wmut[i].param = dup_or_null(s->wmut[i].param);
		}
	}
	d->loc.file = remap_file(dm, sm, s->loc.file);
	if (d->loc.file == NULL)
		memset(&d->loc, 0, sizeof d->loc);
}

void
dlt_model_clone(struct dlt_model *d, const struct dlt_model *s)
{
	struct dlt_mutation_info	*mi;
	size_t				 i;

	*d = *s;
	d->files = NULL;
	if (s->nfiles > 0) {
		d->files = xcalloc(s->nfiles, sizeof *d->files);
		for (i = 0; i < s->nfiles; i++)
			d->files[i] = xstrdup(s->files[i]);
	}
	d->name = dup_or_null(s->name);
	d->description = dup_or_null(s->description);
	d->source = dup_or_null(s->source);
	d->inputs = NULL;
	if (s->ninputs > 0) {
		d->inputs = xcalloc(s->ninputs, sizeof *d->inputs);
		for (i = 0; i < s->ninputs; i++) {
			d->inputs[i] = s->inputs[i];
			d->inputs[i].name = dup_or_null(s->inputs[i].name);
			d->inputs[i].fill = dup_or_null(s->inputs[i].fill);
			d->inputs[i].loc.file = remap_file(d, s, s->inputs[i].loc.file);
		}
	}
	d->nodes = NULL;
	if (s->nnodes > 0) {
		d->nodes = xcalloc(s->nnodes, sizeof *d->nodes);
		for (i = 0; i < s->nnodes; i++)
			node_copy(&d->nodes[i], &s->nodes[i], d, s);
	}
	d->outputs = NULL;
	d->output_idx = NULL;
	if (s->noutputs > 0) {
		d->outputs = xcalloc(s->noutputs, sizeof *d->outputs);
		for (i = 0; i < s->noutputs; i++)
			d->outputs[i] = xstrdup(s->outputs[i]);
		if (s->output_idx != NULL) {
			d->output_idx = xcalloc(s->noutputs, sizeof *d->output_idx);
			memcpy(d->output_idx, s->output_idx, s->noutputs *
			    sizeof *d->output_idx);
		}
	}
	d->outputs_loc.file = remap_file(d, s, s->outputs_loc.file);
	if (d->outputs_loc.file == NULL)
		memset(&d->outputs_loc, 0, sizeof d->outputs_loc);
	d->mutation = NULL;
	if (s->mutation != NULL) {
		mi = d->mutation = xcalloc(1, sizeof *mi);
		*mi = *s->mutation;
		mi->parent = dup_or_null(s->mutation->parent);
		mi->op = dup_or_null(s->mutation->op);
		mi->position = dup_or_null(s->mutation->position);
		mi->repaired = dup_or_null(s->mutation->repaired);
		mi->params = NULL;
		if (s->mutation->nparams > 0) {
			mi->params = xcalloc(s->mutation->nparams, sizeof *mi->params);
			for (i = 0; i < s->mutation->nparams; i++) {
				mi->params[i].key = xstrdup(s->mutation->params[i].key);
				mi->params[i].value =
				    dup_or_null(s->mutation->params[i].value);
			}
		}
	}
}
