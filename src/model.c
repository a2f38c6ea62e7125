/*
 * model.c: the core of the model IR (docs/model-ir.md): a model's
 * lifecycle, name resolution and lookups.  It knows nothing of the op
 * table; loading (model-load.c), inference (model-infer.c), the op
 * table (model-ops.c) and edits (model-edit.c) build on it.
 *
 * Names are the truth of the graph: input_idx and output_idx are
 * recomputed from them after every edit and by dlt_model_infer, so a
 * mutation operator may rename, insert or remove freely and infer again.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "model-int.h"
#include "model.h"
#include "strbuf.h"
#include "suggest.h"
#include "xmalloc.h"

/* Name -> value index, open addressing; built for one resolution. */
struct name_map {
	const char	**names;
	int		 *idx;
	size_t		  size;
};

static uint64_t	 name_hash(const char *);
static void	 map_build(struct name_map *, const struct dlt_model *);
static int	 map_get(const struct name_map *, const char *);
static void	 map_release(struct name_map *);
static int	 reaches(const struct dlt_model *, const struct name_map *, size_t,
		    size_t, struct strbuf *);

/* Lifecycle. */

void
dlt_model_init(struct dlt_model *m)
{
	memset(m, 0, sizeof *m);
	m->pub_params = -1;
}

void
dlt_node_release(struct dlt_node *n)
{
	size_t	i;

	free(n->name);
	free(n->op);
	for (i = 0; i < n->ninputs; i++)
		free(n->inputs[i]);
	free(n->inputs);
	free(n->input_idx);
	for (i = 0; i < n->nattrs; i++)
		dlt_attr_release(&n->attrs[i]);
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
		dlt_node_release(&m->nodes[i]);
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

void
dlt_attr_release(struct dlt_attr *a)
{
	free(a->name);
	free(a->s);
	free(a->v);
	memset(a, 0, sizeof *a);
}

/* Problems. */

void
dlt_node_problem(struct dlt_diags *probs, const struct dlt_node *n,
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
int
dlt_model_resolve(struct dlt_model *m, struct dlt_diags *probs)
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
					dlt_node_problem(probs, n, "unknown input '%s' (did you "
					    "mean '%s'?)", n->inputs[j], hint);
				else
					dlt_node_problem(probs, n, "unknown input '%s'",
					    n->inputs[j]);
			} else if ((size_t)v == m->ninputs + i)
				dlt_node_problem(probs, n, "uses itself as input (a cycle)");
			else if ((size_t)v > m->ninputs + i) {
				strbuf_reset(&path);
				if (reaches(m, &nm, (size_t)v - m->ninputs, i, &path))
					dlt_node_problem(probs, n, "input '%s' makes a cycle: "
					    "%s -> %s", n->inputs[j], path.buf, n->name);
				else
					dlt_node_problem(probs, n, "input '%s' is defined "
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
void
dlt_model_relink(struct dlt_model *m)
{
	struct dlt_diags	probs;

	memset(&probs, 0, sizeof probs);
	dlt_model_resolve(m, &probs);
	dlt_diags_release(&probs);
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
