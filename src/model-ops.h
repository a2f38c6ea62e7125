/*
 * model-ops.h: between whole-model inference (model-infer.c) and the op
 * table (model-ops.c).  The table's public face (struct dlt_op_info, the
 * attribute specs, dlt_op_find) is in model.h; this header is for the
 * inference step that model-infer.c drives node by node.  The op table
 * depends on the IR core (model.c), never the other way round.
 */
#ifndef DLT_MODEL_OPS_H
#define DLT_MODEL_OPS_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

/* One node's inference: model-infer.c fills the inputs, model-ops.c the rest. */
struct dlt_infer {
	const struct dlt_model	 *model;
	const struct dlt_node	 *node;
	const struct dlt_op_info *op;
	const struct dlt_shape	**in;		/* ninputs shapes (borrowed) */
	const int		 *in_dtype;
	size_t			  nin;
	struct dlt_diags *probs;
	int			  attrs_only;	/* check the attributes, nothing else */
	const char		 *counting;	/* for overflow messages */
	/* results */
	struct dlt_shape	  out;
	int			  out_dtype;
	int64_t			  params, trainable;
	int			  failed;
};

/*
 * Check the node's attributes against its op's specs, its dtypes and its
 * input shapes, and compute its output; 0, or -1 with problems added
 * (ix->failed set).
 */
int	dlt_op_infer(struct dlt_infer *);
/* Record a problem at the node: "node 'NAME': MESSAGE". */
void	dlt_infer_fail(struct dlt_infer *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
/* Same, at an attribute's place when it has one. */
void	dlt_infer_fail_attr(struct dlt_infer *, const struct dlt_attr *,
	    const char *, ...) __attribute__((format(printf, 3, 4)));
/* "a list of integers", ...: what an attribute kind accepts, for messages. */
const char *dlt_attr_kind_desc(enum dlt_attr_kind);

#endif
