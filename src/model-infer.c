/*
 * model-infer.c: shape, dtype and parameter inference over a whole
 * model: names are resolved again, the model's inputs checked against
 * the limits, then each node is handed to its op's inference
 * (model-ops.c) in order; a node whose inputs failed is skipped.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "model-int.h"
#include "model-ops.h"
#include "model.h"
#include "xmalloc.h"

static int	 check_input_shape(struct dlt_diags *,
		    const struct dlt_model_input *);

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
	if (dlt_model_resolve(m, probs) != 0)
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
				dlt_node_problem(probs, n, "unknown op '%s' (did you mean "
				    "'%s'?)", n->op, hint);
			else
				dlt_node_problem(probs, n, "unknown op '%s'",
				    n->op != NULL ? n->op : "");
			bad[m->ninputs + i] = 1;
			continue;
		}
		op = dlt_op_at((size_t)n->opidx);
		if ((int)n->ninputs < op->min_inputs ||
		    (op->max_inputs >= 0 && (int)n->ninputs > op->max_inputs)) {
			if (op->max_inputs < 0)
				dlt_node_problem(probs, n, "%s takes %d or more inputs, got %zu",
				    op->name, op->min_inputs, n->ninputs);
			else if (op->min_inputs == op->max_inputs)
				dlt_node_problem(probs, n, "%s takes %d input%s, got %zu",
				    op->name, op->min_inputs,
				    op->min_inputs == 1 ? "" : "s", n->ninputs);
			else
				dlt_node_problem(probs, n, "%s takes %d to %d inputs, got %zu",
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
			dlt_node_problem(probs, n, "the model's parameter count overflows "
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
