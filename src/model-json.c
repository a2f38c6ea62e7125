/*
 * model-json.c: the model IR as JSON, for the harness (docs/harness-
 * protocol.md): the keys, order and structure of model-write.c's YAML,
 * so that json.load of this equals a YAML reader's view of that.
 */
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "model-int.h"
#include "model.h"
#include "strbuf.h"
#include "yaml-node.h"

static void	json_dims(struct dlt_jw *, const int64_t *, size_t);
static void	json_attr(struct dlt_jw *, const struct dlt_attr *);
static void	json_node(struct dlt_jw *, const struct dlt_node *);
static void	json_ynode(struct dlt_jw *, const struct ynode *);
static void	json_value(struct dlt_jw *, const char *);

static void
json_dims(struct dlt_jw *jw, const int64_t *v, size_t n)
{
	size_t	i;

	dlt_jw_array(jw);
	for (i = 0; i < n; i++)
		dlt_jw_int(jw, (long long)v[i]);
	dlt_jw_end(jw);
}

static void
json_attr(struct dlt_jw *jw, const struct dlt_attr *a)
{
	size_t	i;

	dlt_jw_key(jw, a->name);
	switch (a->type) {
	case DLT_ATTR_INT:
		dlt_jw_int(jw, (long long)a->i);
		break;
	case DLT_ATTR_FLOAT:
		dlt_jw_float(jw, a->f);
		break;
	case DLT_ATTR_BOOL:
		dlt_jw_bool(jw, a->i != 0);
		break;
	case DLT_ATTR_STRING:
		dlt_jw_cstr(jw, a->s != NULL ? a->s : "");
		break;
	case DLT_ATTR_INTS:
		json_dims(jw, a->v, a->n);
		break;
	case DLT_ATTR_PAIRS:
		dlt_jw_array(jw);
		for (i = 0; i < a->n; i++)
			json_dims(jw, a->v + 2 * i, 2);
		dlt_jw_end(jw);
		break;
	}
}

static void
json_node(struct dlt_jw *jw, const struct dlt_node *n)
{
	const struct dlt_weight_mutation	*w;
	size_t					 i;

	dlt_jw_object(jw);
	dlt_jw_kv_cstr(jw, "name", n->name != NULL ? n->name : "");
	dlt_jw_kv_cstr(jw, "op", n->op != NULL ? n->op : "");
	dlt_jw_key(jw, "inputs");
	dlt_jw_array(jw);
	for (i = 0; i < n->ninputs; i++)
		dlt_jw_cstr(jw, n->inputs[i]);
	dlt_jw_end(jw);
	if (n->nattrs > 0) {
		dlt_jw_key(jw, "attrs");
		dlt_jw_object(jw);
		for (i = 0; i < n->nattrs; i++)
			json_attr(jw, &n->attrs[i]);
		dlt_jw_end(jw);
	}
	if (n->dtype >= 0)
		dlt_jw_kv_cstr(jw, "dtype", dlt_dtype_name(n->dtype));
	if (n->nwmut > 0) {
		dlt_jw_key(jw, "weight_mutations");
		dlt_jw_array(jw);
		for (i = 0; i < n->nwmut; i++) {
			w = &n->wmut[i];
			dlt_jw_object(jw);
			dlt_jw_kv_cstr(jw, "op", w->op != NULL ? w->op : "");
			if (w->param != NULL)
				dlt_jw_kv_cstr(jw, "param", w->param);
			dlt_jw_key(jw, "scale");
			dlt_jw_float(jw, w->scale);
			dlt_jw_key(jw, "fraction");
			dlt_jw_float(jw, w->fraction);
			if (w->nneurons > 0) {
				dlt_jw_key(jw, "neurons");
				json_dims(jw, w->neurons, w->nneurons);
			}
			dlt_jw_kv_uint(jw, "seed", (unsigned long long)w->seed);
			dlt_jw_end(jw);
		}
		dlt_jw_end(jw);
	}
	dlt_jw_end(jw);
}

/* A parsed mutation record value, typed as a YAML reader types it. */
static void
json_ynode(struct dlt_jw *jw, const struct ynode *n)
{
	long long	i;
	double		d;
	int		b;
	size_t		k;

	if (n == NULL || (n->type == YNODE_SCALAR && !n->quoted &&
	    ynode_is_null(n))) {
		dlt_jw_null(jw);
		return;
	}
	switch (n->type) {
	case YNODE_SCALAR:
		if (ynode_plain_bool(n, &b))
			dlt_jw_bool(jw, b);
		else if (ynode_plain_int(n, &i))
			dlt_jw_int(jw, i);
		else if (ynode_plain_number(n, &d))
			dlt_jw_float(jw, d);
		else
			dlt_jw_str(jw, n->scalar, n->scalar_len);
		break;
	case YNODE_SEQUENCE:
		dlt_jw_array(jw);
		for (k = 0; k < n->n; k++)
			json_ynode(jw, n->items[k]);
		dlt_jw_end(jw);
		break;
	case YNODE_MAPPING:
		dlt_jw_object(jw);
		for (k = 0; k < n->n; k++) {
			dlt_jw_key(jw, n->keys[k]->scalar);
			json_ynode(jw, n->items[k]);
		}
		dlt_jw_end(jw);
		break;
	}
}

/*
 * The YAML writer puts a value as it is when YAML reads it as a number,
 * a word or a collection, and quotes it otherwise; read the same way.
 */
static void
json_value(struct dlt_jw *jw, const char *v)
{
	struct ynode	*root = NULL;
	char		*err = NULL;

	if (!dlt_model_value_is_raw(v) ||
	    ynode_load_buffer(v, strlen(v), &root, &err) == -1 || root == NULL) {
		free(err);
		dlt_jw_cstr(jw, v);
		return;
	}
	json_ynode(jw, root);
	ynode_free(root);
}

void
dlt_model_write_json(const struct dlt_model *m, struct strbuf *sb)
{
	const struct dlt_model_input	*in;
	const struct dlt_mutation_info	*mi;
	struct dlt_jw			 jw;
	size_t				 i;

	dlt_jw_init(&jw, sb, 0);
	dlt_jw_object(&jw);
	dlt_jw_kv_cstr(&jw, "model", m->name != NULL ? m->name : "");
	if (m->description != NULL)
		dlt_jw_kv_cstr(&jw, "description", m->description);
	if (m->source != NULL)
		dlt_jw_kv_cstr(&jw, "source", m->source);
	dlt_jw_kv_uint(&jw, "seed", (unsigned long long)m->seed);
	if (m->has_published) {
		dlt_jw_key(&jw, "published");
		dlt_jw_object(&jw);
		if (m->pub_params >= 0)
			dlt_jw_kv_int(&jw, "params", (long long)m->pub_params);
		dlt_jw_kv_cstr(&jw, "counts", m->pub_counts_trainable ?
		    "trainable" : "all");
		if (m->pub_output.rank > 0) {
			dlt_jw_key(&jw, "output");
			json_dims(&jw, m->pub_output.dim, (size_t)m->pub_output.rank);
		}
		dlt_jw_end(&jw);
	}
	dlt_jw_key(&jw, "inputs");
	dlt_jw_array(&jw);
	for (i = 0; i < m->ninputs; i++) {
		in = &m->inputs[i];
		dlt_jw_object(&jw);
		dlt_jw_kv_cstr(&jw, "name", in->name != NULL ? in->name : "");
		dlt_jw_key(&jw, "shape");
		json_dims(&jw, in->shape.dim, (size_t)in->shape.rank);
		dlt_jw_kv_cstr(&jw, "dtype", dlt_dtype_name(in->dtype));
		if (in->has_range) {
			dlt_jw_key(&jw, "range");
			dlt_jw_array(&jw);
			dlt_jw_float(&jw, in->range[0]);
			dlt_jw_float(&jw, in->range[1]);
			dlt_jw_end(&jw);
		}
		if (in->fill != NULL)
			dlt_jw_kv_cstr(&jw, "fill", in->fill);
		if (in->fill != NULL && in->has_fill_at)
			dlt_jw_kv_int(&jw, "fill_at", in->fill_at);
		dlt_jw_end(&jw);
	}
	dlt_jw_end(&jw);
	dlt_jw_key(&jw, "nodes");
	dlt_jw_array(&jw);
	for (i = 0; i < m->nnodes; i++)
		json_node(&jw, &m->nodes[i]);
	dlt_jw_end(&jw);
	dlt_jw_key(&jw, "outputs");
	dlt_jw_array(&jw);
	for (i = 0; i < m->noutputs; i++)
		dlt_jw_cstr(&jw, m->outputs[i]);
	dlt_jw_end(&jw);
	if ((mi = m->mutation) != NULL) {
		dlt_jw_key(&jw, "mutation");
		dlt_jw_object(&jw);
		if (mi->parent != NULL)
			dlt_jw_kv_cstr(&jw, "parent", mi->parent);
		if (mi->op != NULL)
			dlt_jw_kv_cstr(&jw, "operator", mi->op);
		if (mi->position != NULL) {
			dlt_jw_key(&jw, "position");
			json_value(&jw, mi->position);
		}
		if (mi->nparams > 0) {
			dlt_jw_key(&jw, "params");
			dlt_jw_object(&jw);
			for (i = 0; i < mi->nparams; i++) {
				dlt_jw_key(&jw, mi->params[i].key);
				json_value(&jw, mi->params[i].value != NULL ?
				    mi->params[i].value : "");
			}
			dlt_jw_end(&jw);
		}
		dlt_jw_kv_uint(&jw, "seed", (unsigned long long)mi->seed);
		if (mi->repaired != NULL)
			dlt_jw_kv_cstr(&jw, "repaired", mi->repaired);
		dlt_jw_end(&jw);
	}
	dlt_jw_end(&jw);
}
