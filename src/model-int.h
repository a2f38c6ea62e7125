/*
 * model-int.h: what the files of the model IR share and nobody else
 * uses.  The layering is one-directional: model-dtype.c and model.c
 * (core: lifecycle, names, lookups) know nothing of the op table;
 * model-ops.c (the op table, attribute defaults, per-op inference)
 * builds on the core; model-load.c, model-infer.c, model-edit.c and
 * model-write.c build on both.
 */
#ifndef DLT_MODEL_INT_H
#define DLT_MODEL_INT_H

#include "error.h"
#include "model.h"

struct dlt_diags;

/*
 * Resolve value names to indexes (input_idx, output_idx), with a
 * problem for every unknown name, duplicate, cycle or node before its
 * input; 0, or -1 when problems were added.
 */
int	dlt_model_resolve(struct dlt_model *, struct dlt_diags *);
/* The same quietly, after an edit (unknown names become -1). */
void	dlt_model_relink(struct dlt_model *);
/* A problem at the node's place: "node 'NAME': MESSAGE". */
void	dlt_node_problem(struct dlt_diags *, const struct dlt_node *,
	    const char *, ...) DLT_PRINTF(3, 4);
/*
 * Whether the YAML writer puts a mutation record value (position,
 * params) as it is, for YAML to read as a number or collection, rather
 * than quoted as a string; the JSON writer follows it.
 */
int	dlt_model_value_is_raw(const char *);
/* Free what a node or an attribute owns and zero it. */
void	dlt_node_release(struct dlt_node *);
void	dlt_attr_release(struct dlt_attr *);

#endif
