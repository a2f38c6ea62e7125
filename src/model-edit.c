/*
 * model-edit.c: editing the model IR in place (attributes, ops, nodes,
 * references) and cloning it, for the mutation operators.  Every
 * structural edit relinks the names (model.c); shapes wait for the next
 * dlt_model_infer.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model-int.h"
#include "model.h"
#include "xmalloc.h"

static void	 attr_copy(struct dlt_attr *, const struct dlt_attr *,
		    const struct dlt_model *, const struct dlt_model *);
static void	 node_copy(struct dlt_node *, const struct dlt_node *,
		    const struct dlt_model *, const struct dlt_model *);
static const char *remap_file(const struct dlt_model *, const struct dlt_model *,
		    const char *);
static struct dlt_attr *attr_slot(struct dlt_node *, const char *);
static char	*dup_or_null(const char *);

/* Attribute edits. */

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
	dlt_attr_release(a);
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
	dlt_model_relink(m);
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
	dlt_model_relink(m);
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
	dlt_node_release(n);
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
	dlt_model_relink(m);
}

int
dlt_model_remove_input(struct dlt_model *m, size_t at)
{
	struct dlt_model_input	*in;
	size_t			 i, j;

	if (at >= m->ninputs || m->ninputs == 1)
		return (-1);
	in = &m->inputs[at];
	for (i = 0; i < m->nnodes; i++)
		for (j = 0; j < m->nodes[i].ninputs; j++)
			if (strcmp(m->nodes[i].inputs[j], in->name) == 0)
				return (-1);
	for (j = 0; j < m->noutputs; j++)
		if (strcmp(m->outputs[j], in->name) == 0)
			return (-1);
	free(in->name);
	free(in->fill);
	memmove(in, in + 1, (m->ninputs - at - 1) * sizeof *in);
	m->ninputs--;
	dlt_model_relink(m);
	return (0);
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

/* Clone. */

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
