/*
 * model-ops.c: the op table of the model IR (docs/model-ir.md,
 * dltriage-model(5)): every op with its arity, its attributes (name,
 * kind, required or default, allowed values, range) and its shape,
 * dtype and parameter inference; and the attribute readers, which fall
 * back on the table's defaults.
 *
 * All shape and parameter arithmetic is checked: a dim above
 * DLT_DIM_MAX or a count above DLT_COUNT_MAX is a problem, never an
 * overflow.  Inputs of a node are known-good here (model-infer.c
 * checked the model's input shapes and skips nodes whose inputs
 * failed).
 */
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "error.h"
#include "model-int.h"
#include "model-ops.h"
#include "model.h"
#include "strbuf.h"
#include "suggest.h"
#include "xmalloc.h"

#define NELEM(a)	(sizeof (a) / sizeof (a)[0])
#define DIM		DLT_DIM_MAX

typedef int (*infer_fn)(struct dlt_infer *);

/* The shared part of conv, depthwise, separable and pooling. */
struct win {
	size_t	sp;
	int64_t	in[3], k[3], s[3], d[3], pads[3], out[3];
	int	mode;
};

struct op_row {
	struct dlt_op_info	info;
	infer_fn		infer;
};

static int	mul(struct dlt_infer *, int64_t, int64_t, int64_t *);
static int	add(struct dlt_infer *, int64_t, int64_t, int64_t *);
static int	prod(struct dlt_infer *, const int64_t *, size_t, int64_t *);
static int	need_rank(struct dlt_infer *, const struct dlt_shape *, int, int,
		    const char *);
static int64_t	a_int(struct dlt_infer *, const char *);
static int	a_bool(struct dlt_infer *, const char *);
static int	a_ints(struct dlt_infer *, const char *, int64_t *, size_t);
static int	a_padding(struct dlt_infer *, int64_t *, size_t, int *);
static int	a_pairs(struct dlt_infer *, const char *, int64_t *, size_t);
static int	a_axis(struct dlt_infer *, const char *, int64_t, int, int *);
static int	window(struct dlt_infer *, const char *, const int64_t *, size_t,
		    const int64_t *, const int64_t *, const int64_t *, int,
		    const int64_t *, int64_t *);
static int	add_params(struct dlt_infer *, int64_t, int);
static int	infer_conv(struct dlt_infer *);
static int	infer_conv_transpose(struct dlt_infer *);
static int	infer_depthwise(struct dlt_infer *);
static int	infer_separable(struct dlt_infer *);
static int	infer_dense(struct dlt_infer *);
static int	infer_batch_norm(struct dlt_infer *);
static int	infer_layer_norm(struct dlt_infer *);
static int	infer_same(struct dlt_infer *);
static int	infer_softmax(struct dlt_infer *);
static int	infer_pool(struct dlt_infer *);
static int	infer_global_pool(struct dlt_infer *);
static int	infer_adaptive_pool(struct dlt_infer *);
static int	infer_flatten(struct dlt_infer *);
static int	infer_reshape(struct dlt_infer *);
static int	infer_transpose(struct dlt_infer *);
static int	infer_elementwise(struct dlt_infer *);
static int	infer_concatenate(struct dlt_infer *);
static int	infer_zero_padding(struct dlt_infer *);
static int	infer_cropping(struct dlt_infer *);
static int	infer_upsampling(struct dlt_infer *);
static int	infer_embedding(struct dlt_infer *);
static int	infer_position_embedding(struct dlt_infer *);
static int	infer_rnn(struct dlt_infer *);
static int	infer_attention(struct dlt_infer *);
static int	infer_mean(struct dlt_infer *);
static int	infer_slice(struct dlt_infer *);
static int	infer_channel_shuffle(struct dlt_infer *);
static int	win_setup(struct dlt_infer *, struct win *, const char *, int,
		    const char *);
static void	win_output(struct dlt_infer *, const struct win *, int64_t);
static int	kind_ok(const struct dlt_attr_spec *, const struct dlt_attr *);
static void	fmt_limit(char *, size_t, int64_t);
static int	check_value(struct dlt_infer *, const struct dlt_attr_spec *,
		    const struct dlt_attr *, int64_t);
static int	check_attr(struct dlt_infer *, const struct dlt_attr_spec *,
		    const struct dlt_attr *);
static int	check_attrs(struct dlt_infer *);
static int	check_dtypes(struct dlt_infer *);
static int	check_output(struct dlt_infer *);
static const struct dlt_attr_spec *node_spec(const struct dlt_node *, const char *);

/* Attribute specs. */

static const char *const padding_values[] = { "valid", "same", NULL };

#define A_FILTERS { "filters", DLT_AK_INT, 1, NULL, NULL, 1, DIM, 0, 0, 0, \
	"number of output channels" }
#define A_KERNEL { "kernel", DLT_AK_INTS, 1, NULL, NULL, 1, DIM, 0, 0, 0, \
	"kernel size, one per spatial dim" }
#define A_STRIDES { "strides", DLT_AK_INTS, 0, "1", NULL, 1, DIM, 0, 0, 0, \
	"step, one per spatial dim" }
#define A_PADDING { "padding", DLT_AK_PADDING, 0, "valid", padding_values, 0, DIM, \
	0, 0, 0, "valid, same, or symmetric pads, one per spatial dim" }
#define A_DILATION { "dilation", DLT_AK_INTS, 0, "1", NULL, 1, DIM, 0, 0, 0, \
	"dilation rate, one per spatial dim" }
#define A_BIAS { "bias", DLT_AK_BOOL, 0, "true", NULL, 0, 0, 0, 0, 0, \
	"add a learned bias" }
#define A_MULTIPLIER { "depth_multiplier", DLT_AK_INT, 0, "1", NULL, 1, DIM, \
	0, 0, 0, "depthwise outputs per input channel" }
#define A_EPSILON { "epsilon", DLT_AK_FLOAT, 0, "0.001", NULL, 0, 0, 0, 1e300, 1, \
	"added to the variance" }
#define A_KEEPDIMS { "keepdims", DLT_AK_BOOL, 0, "false", NULL, 0, 0, 0, 0, 0, \
	"keep the reduced dims as 1" }

static const struct dlt_attr_spec conv_attrs[] = {
	A_FILTERS, A_KERNEL, A_STRIDES, A_PADDING, A_DILATION,
	{ "groups", DLT_AK_INT, 0, "1", NULL, 1, DIM, 0, 0, 0,
	    "grouped convolution: groups divide input channels and filters" },
	A_BIAS
};
static const struct dlt_attr_spec conv_transpose_attrs[] = {
	A_FILTERS, A_KERNEL, A_STRIDES, A_PADDING,
	{ "output_padding", DLT_AK_INTS, 0, "0", NULL, 0, DIM, 0, 0, 0,
	    "added to one side of the output, smaller than the stride" },
	A_BIAS
};
static const struct dlt_attr_spec depthwise_attrs[] = {
	A_KERNEL, A_STRIDES, A_PADDING, A_DILATION, A_MULTIPLIER, A_BIAS
};
static const struct dlt_attr_spec separable_attrs[] = {
	A_FILTERS, A_KERNEL, A_STRIDES, A_PADDING, A_DILATION, A_MULTIPLIER, A_BIAS
};
static const struct dlt_attr_spec dense_attrs[] = {
	{ "units", DLT_AK_INT, 1, NULL, NULL, 1, DIM, 0, 0, 0,
	    "size of the last dim of the output" },
	A_BIAS
};
static const struct dlt_attr_spec norm_attrs[] = { A_EPSILON };
static const struct dlt_attr_spec bn_attrs[] = {
	A_EPSILON,
	{ "scale", DLT_AK_BOOL, 0, "true", NULL, 0, 0, 0, 0, 0,
	    "learn gamma (false: gamma fixed at 1)" },
	{ "center", DLT_AK_BOOL, 0, "true", NULL, 0, 0, 0, 0, 0,
	    "learn beta (false: beta fixed at 0)" }
};
static const struct dlt_attr_spec elu_attrs[] = {
	{ "alpha", DLT_AK_FLOAT, 0, "1.0", NULL, 0, 0, -1e300, 1e300, 0,
	    "scale of the negative part" }
};
static const struct dlt_attr_spec leaky_attrs[] = {
	{ "alpha", DLT_AK_FLOAT, 0, "0.01", NULL, 0, 0, -1e300, 1e300, 0,
	    "slope of the negative part" }
};
static const struct dlt_attr_spec gelu_attrs[] = {
	{ "approximate", DLT_AK_BOOL, 0, "false", NULL, 0, 0, 0, 0, 0,
	    "use the tanh approximation" }
};
static const struct dlt_attr_spec softmax_attrs[] = {
	{ "axis", DLT_AK_INT, 0, "-1", NULL, -DLT_MAX_RANK, DLT_MAX_RANK - 1, 0, 0, 0,
	    "the axis normalised" }
};
static const struct dlt_attr_spec pool_attrs[] = {
	{ "pool", DLT_AK_INTS, 1, NULL, NULL, 1, DIM, 0, 0, 0,
	    "window size, one per spatial dim" },
	{ "strides", DLT_AK_INTS, 0, NULL, NULL, 1, DIM, 0, 0, 0,
	    "step, one per spatial dim (default: the pool size)" },
	A_PADDING
};
static const struct dlt_attr_spec global_pool_attrs[] = { A_KEEPDIMS };
static const struct dlt_attr_spec adaptive_attrs[] = {
	{ "output_size", DLT_AK_INTS, 1, NULL, NULL, 1, DIM, 0, 0, 0,
	    "output height and width" }
};
static const struct dlt_attr_spec dropout_attrs[] = {
	{ "rate", DLT_AK_FLOAT, 1, NULL, NULL, 0, 0, 0, 1, 2,
	    "share of units dropped in training (identity at inference)" }
};
static const struct dlt_attr_spec reshape_attrs[] = {
	{ "shape", DLT_AK_INTS, 1, NULL, NULL, -1, DIM, 0, 0, 0,
	    "the new shape without the batch dim; one -1 is inferred" }
};
static const struct dlt_attr_spec transpose_attrs[] = {
	{ "perm", DLT_AK_INTS, 1, NULL, NULL, 0, DLT_MAX_RANK - 2, 0, 0, 0,
	    "permutation of the non-batch dims, 0-based" }
};
static const struct dlt_attr_spec concatenate_attrs[] = {
	{ "axis", DLT_AK_INT, 0, "-1", NULL, -DLT_MAX_RANK, DLT_MAX_RANK - 1, 0, 0, 0,
	    "the axis joined (not the batch)" }
};
static const struct dlt_attr_spec zero_padding_attrs[] = {
	{ "padding", DLT_AK_PAIRS, 1, NULL, NULL, 0, DIM, 0, 0, 0,
	    "[before, after] zeros, one pair per spatial dim" }
};
static const struct dlt_attr_spec cropping_attrs[] = {
	{ "cropping", DLT_AK_PAIRS, 1, NULL, NULL, 0, DIM, 0, 0, 0,
	    "[before, after] removed, one pair per spatial dim" }
};
static const struct dlt_attr_spec upsampling_attrs[] = {
	{ "size", DLT_AK_INTS, 1, NULL, NULL, 1, DIM, 0, 0, 0,
	    "repeat factor, one per spatial dim (nearest neighbour)" }
};
static const struct dlt_attr_spec embedding_attrs[] = {
	{ "input_dim", DLT_AK_INT, 1, NULL, NULL, 1, DIM, 0, 0, 0,
	    "vocabulary size: inputs are in [0, input_dim)" },
	{ "output_dim", DLT_AK_INT, 1, NULL, NULL, 1, DIM, 0, 0, 0,
	    "size of each embedding vector" }
};
static const struct dlt_attr_spec rnn_attrs[] = {
	{ "units", DLT_AK_INT, 1, NULL, NULL, 1, DIM, 0, 0, 0,
	    "size of the hidden state" },
	{ "return_sequences", DLT_AK_BOOL, 0, "false", NULL, 0, 0, 0, 0, 0,
	    "output every step [N, T, units], not only the last [N, units]" }
};
static const struct dlt_attr_spec attention_attrs[] = {
	{ "num_heads", DLT_AK_INT, 1, NULL, NULL, 1, DIM, 0, 0, 0,
	    "number of heads" },
	{ "key_dim", DLT_AK_INT, 1, NULL, NULL, 1, DIM, 0, 0, 0,
	    "size of each head for query, key and value" }
};
static const struct dlt_attr_spec mean_attrs[] = {
	{ "axes", DLT_AK_INTS, 1, NULL, NULL, -DLT_MAX_RANK, DLT_MAX_RANK - 1, 0, 0, 0,
	    "the axes reduced (not the batch)" },
	A_KEEPDIMS
};
static const struct dlt_attr_spec slice_attrs[] = {
	{ "axis", DLT_AK_INT, 1, NULL, NULL, -DLT_MAX_RANK, DLT_MAX_RANK - 1, 0, 0, 0,
	    "the axis sliced (not the batch)" },
	{ "begin", DLT_AK_INT, 1, NULL, NULL, 0, DIM, 0, 0, 0,
	    "first index kept" },
	{ "size", DLT_AK_INT, 1, NULL, NULL, -1, DIM, 0, 0, 0,
	    "number of indices kept; -1: to the end" }
};
static const struct dlt_attr_spec channel_shuffle_attrs[] = {
	{ "groups", DLT_AK_INT, 1, NULL, NULL, 1, DIM, 0, 0, 0,
	    "number of groups; divides the channels" }
};
static const struct dlt_attr_spec cast_attrs[] = {
	{ "dtype", DLT_AK_DTYPE, 1, NULL, NULL, 0, 0, 0, 0, 0,
	    "the result's dtype" }
};

/*
 * The table, sorted by name.  Columns: name, min and max inputs, has
 * params, is an activation, spatial rank, int inputs (0 no, 1 allowed,
 * 2 required), attributes, summary.
 */
#define OP(name, mn, mx, par, act, sp, ints, attrs, summary, fn) \
	{ { name, mn, mx, par, act, sp, ints, attrs, NELEM(attrs), summary }, fn }
#define OP0(name, mn, mx, par, act, sp, ints, summary, fn) \
	{ { name, mn, mx, par, act, sp, ints, NULL, 0, summary }, fn }

static const struct op_row op_table[] = {
	OP("adaptive_avg_pool2d", 1, 1, 0, 0, 2, 0, adaptive_attrs,
	    "[N, H, W, C] -> [N, h, w, C], PyTorch's bins", infer_adaptive_pool),
	OP0("add", 2, -1, 0, 0, 0, 0, "element-wise sum, numpy broadcasting",
	    infer_elementwise),
	OP("avg_pool1d", 1, 1, 0, 0, 1, 0, pool_attrs,
	    "[N, W, C] -> [N, W', C]; the average excludes padding", infer_pool),
	OP("avg_pool2d", 1, 1, 0, 0, 2, 0, pool_attrs,
	    "[N, H, W, C] -> [N, H', W', C]; the average excludes padding",
	    infer_pool),
	OP("avg_pool3d", 1, 1, 0, 0, 3, 0, pool_attrs,
	    "[N, D, H, W, C] -> [N, D', H', W', C]; the average excludes padding",
	    infer_pool),
	OP("batch_norm", 1, 1, 1, 0, 0, 0, bn_attrs,
	    "normalises the last dim with moving statistics; same shape",
	    infer_batch_norm),
	OP("cast", 1, 1, 0, 0, 0, 1, cast_attrs,
	    "converts to dtype; same shape", infer_same),
	OP("channel_shuffle", 1, 1, 0, 0, 0, 0, channel_shuffle_attrs,
	    "shuffles the channels (last dim) across groups; same shape",
	    infer_channel_shuffle),
	OP("concatenate", 2, -1, 0, 0, 0, 0, concatenate_attrs,
	    "joins along axis; the other dims agree", infer_concatenate),
	OP("conv1d", 1, 1, 1, 0, 1, 0, conv_attrs,
	    "[N, W, C] -> [N, W', filters]", infer_conv),
	OP("conv2d", 1, 1, 1, 0, 2, 0, conv_attrs,
	    "[N, H, W, C] -> [N, H', W', filters]", infer_conv),
	OP("conv2d_transpose", 1, 1, 1, 0, 2, 0, conv_transpose_attrs,
	    "[N, H, W, C] -> [N, H', W', filters]", infer_conv_transpose),
	OP("conv3d", 1, 1, 1, 0, 3, 0, conv_attrs,
	    "[N, D, H, W, C] -> [N, D', H', W', filters]", infer_conv),
	OP("cropping", 1, 1, 0, 0, 0, 0, cropping_attrs,
	    "removes [before, after] of each spatial dim", infer_cropping),
	OP("dense", 1, 1, 1, 0, 0, 0, dense_attrs,
	    "[..., in] -> [..., units]", infer_dense),
	OP("depthwise_conv2d", 1, 1, 1, 0, 2, 0, depthwise_attrs,
	    "[N, H, W, C] -> [N, H', W', C * depth_multiplier]", infer_depthwise),
	OP("dropout", 1, 1, 0, 0, 0, 0, dropout_attrs,
	    "identity at inference; same shape", infer_same),
	OP("elu", 1, 1, 0, 1, 0, 0, elu_attrs,
	    "x > 0 ? x : alpha * (exp(x) - 1)", infer_same),
	OP("embedding", 1, 1, 1, 0, 0, 2, embedding_attrs,
	    "integer [N, ...] -> [N, ..., output_dim]", infer_embedding),
	OP0("flatten", 1, 1, 0, 0, 0, 1, "[N, ...] -> [N, product]",
	    infer_flatten),
	OP("gelu", 1, 1, 0, 1, 0, 0, gelu_attrs,
	    "x * Phi(x)", infer_same),
	OP("global_avg_pool", 1, 1, 0, 0, 0, 0, global_pool_attrs,
	    "[N, ..., C] -> [N, C] (or [N, 1, ..., C] with keepdims)",
	    infer_global_pool),
	OP("global_max_pool", 1, 1, 0, 0, 0, 0, global_pool_attrs,
	    "[N, ..., C] -> [N, C] (or [N, 1, ..., C] with keepdims)",
	    infer_global_pool),
	OP("gru", 1, 1, 1, 0, 0, 0, rnn_attrs,
	    "[N, T, F] -> [N, units] or [N, T, units]; reset after", infer_rnn),
	OP0("hard_sigmoid", 1, 1, 0, 1, 0, 0, "relu6(x + 3) / 6", infer_same),
	OP0("identity", 1, 1, 0, 1, 0, 1, "x", infer_same),
	OP("layer_norm", 1, 1, 1, 0, 0, 0, norm_attrs,
	    "normalises the last dim; same shape", infer_layer_norm),
	OP("leaky_relu", 1, 1, 0, 1, 0, 0, leaky_attrs,
	    "x > 0 ? x : alpha * x", infer_same),
	OP("lstm", 1, 1, 1, 0, 0, 0, rnn_attrs,
	    "[N, T, F] -> [N, units] or [N, T, units]", infer_rnn),
	OP("max_pool1d", 1, 1, 0, 0, 1, 0, pool_attrs,
	    "[N, W, C] -> [N, W', C]", infer_pool),
	OP("max_pool2d", 1, 1, 0, 0, 2, 0, pool_attrs,
	    "[N, H, W, C] -> [N, H', W', C]", infer_pool),
	OP("max_pool3d", 1, 1, 0, 0, 3, 0, pool_attrs,
	    "[N, D, H, W, C] -> [N, D', H', W', C]", infer_pool),
	OP0("maximum", 2, -1, 0, 0, 0, 0, "element-wise maximum, numpy broadcasting",
	    infer_elementwise),
	OP("mean", 1, 1, 0, 0, 0, 0, mean_attrs,
	    "mean over axes", infer_mean),
	OP("multi_head_attention", 1, 2, 1, 0, 0, 0, attention_attrs,
	    "query [N, T, d] (and value [N, S, e]) -> [N, T, d]", infer_attention),
	OP0("multiply", 2, -1, 0, 0, 0, 0, "element-wise product, numpy broadcasting",
	    infer_elementwise),
	OP0("position_embedding", 1, 1, 1, 0, 0, 0,
	    "adds a learned [T, d] to [N, T, d]", infer_position_embedding),
	OP0("relu", 1, 1, 0, 1, 0, 0, "max(x, 0)", infer_same),
	OP0("relu6", 1, 1, 0, 1, 0, 0, "min(max(x, 0), 6)", infer_same),
	OP("reshape", 1, 1, 0, 0, 0, 1, reshape_attrs,
	    "[N, ...] -> [N, shape]", infer_reshape),
	OP0("selu", 1, 1, 0, 1, 0, 0, "scaled elu", infer_same),
	OP("separable_conv2d", 1, 1, 1, 0, 2, 0, separable_attrs,
	    "depthwise then pointwise: [N, H, W, C] -> [N, H', W', filters]",
	    infer_separable),
	OP0("sigmoid", 1, 1, 0, 1, 0, 0, "1 / (1 + exp(-x))", infer_same),
	OP0("silu", 1, 1, 0, 1, 0, 0, "x * sigmoid(x)", infer_same),
	OP("simple_rnn", 1, 1, 1, 0, 0, 0, rnn_attrs,
	    "[N, T, F] -> [N, units] or [N, T, units]; tanh", infer_rnn),
	OP("slice", 1, 1, 0, 0, 0, 1, slice_attrs,
	    "keeps [begin, begin + size) of axis", infer_slice),
	OP("softmax", 1, 1, 0, 1, 0, 0, softmax_attrs,
	    "exp(x) / sum(exp(x)) along axis", infer_softmax),
	OP0("softplus", 1, 1, 0, 1, 0, 0, "log(1 + exp(x))", infer_same),
	OP0("subtract", 2, 2, 0, 0, 0, 0, "element-wise difference, numpy broadcasting",
	    infer_elementwise),
	OP0("tanh", 1, 1, 0, 1, 0, 0, "tanh(x)", infer_same),
	OP("transpose", 1, 1, 0, 0, 0, 1, transpose_attrs,
	    "permutes the non-batch dims", infer_transpose),
	OP("upsampling", 1, 1, 0, 0, 0, 0, upsampling_attrs,
	    "repeats each spatial dim size times", infer_upsampling),
	OP("zero_padding", 1, 1, 0, 0, 0, 0, zero_padding_attrs,
	    "adds [before, after] zeros to each spatial dim", infer_zero_padding),
};
#define NOPS NELEM(op_table)

size_t
dlt_op_count(void)
{
	return (NOPS);
}

const struct dlt_op_info *
dlt_op_at(size_t i)
{
	return (i < NOPS ? &op_table[i].info : NULL);
}

int
dlt_op_find(const char *name)
{
	size_t	i;

	if (name == NULL)
		return (-1);
	for (i = 0; i < NOPS; i++)
		if (strcmp(name, op_table[i].info.name) == 0)
			return ((int)i);
	return (-1);
}

const char *
dlt_op_suggest(const char *name)
{
	const char	*names[NOPS];
	size_t		 i;

	for (i = 0; i < NOPS; i++)
		names[i] = op_table[i].info.name;
	return (dlt_suggest(name, names, NOPS));
}

const struct dlt_attr_spec *
dlt_op_attr_spec(const struct dlt_op_info *op, const char *name)
{
	size_t	i;

	if (op == NULL || name == NULL)
		return (NULL);
	for (i = 0; i < op->nattrs; i++)
		if (strcmp(op->attrs[i].name, name) == 0)
			return (&op->attrs[i]);
	return (NULL);
}

/* Problems at a node, for the inference below. */

void
dlt_infer_fail(struct dlt_infer *ix, const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;

	ix->failed = 1;
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	dlt_node_problem(ix->probs, ix->node, "%s", msg);
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
		dlt_node_problem(ix->probs, n, "%s", msg);
	free(msg);
}

/* Attribute readers: the node's value, else its op's default. */

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

/* Checked arithmetic: counts stay within [0, DLT_COUNT_MAX]. */

static int
mul(struct dlt_infer *ix, int64_t a, int64_t b, int64_t *r)
{
	if (a < 0 || b < 0 || (a != 0 && b > DLT_COUNT_MAX / a)) {
		dlt_infer_fail(ix, "%s overflows (more than 2^62)", ix->counting);
		return (-1);
	}
	*r = a * b;
	return (0);
}

static int
add(struct dlt_infer *ix, int64_t a, int64_t b, int64_t *r)
{
	if (a < 0 || b < 0 || a > DLT_COUNT_MAX - b) {
		dlt_infer_fail(ix, "%s overflows (more than 2^62)", ix->counting);
		return (-1);
	}
	*r = a + b;
	return (0);
}

static int
prod(struct dlt_infer *ix, const int64_t *v, size_t n, int64_t *r)
{
	size_t	i;

	*r = 1;
	for (i = 0; i < n; i++)
		if (mul(ix, *r, v[i], r) != 0)
			return (-1);
	return (0);
}

static int
add_params(struct dlt_infer *ix, int64_t n, int trainable)
{
	if (n < 0 || ix->params > DLT_COUNT_MAX - n) {
		dlt_infer_fail(ix, "parameter count overflows (more than 2^62)");
		return (-1);
	}
	ix->params += n;
	if (trainable)
		ix->trainable += n;
	return (0);
}

static int
need_rank(struct dlt_infer *ix, const struct dlt_shape *s, int lo, int hi,
    const char *layout)
{
	char	buf[256];

	if (s->rank >= lo && s->rank <= hi)
		return (0);
	dlt_shape_format(s, buf, sizeof buf);
	if (lo == hi)
		dlt_infer_fail(ix, "%s needs a rank-%d input %s, got rank %d %s",
		    ix->op->name, lo, layout, s->rank, buf);
	else if (hi >= DLT_MAX_RANK)
		dlt_infer_fail(ix, "%s needs an input of rank %d or more, got rank %d %s",
		    ix->op->name, lo, s->rank, buf);
	else
		dlt_infer_fail(ix, "%s needs an input of rank %d to %d %s, got rank %d %s",
		    ix->op->name, lo, hi, layout, s->rank, buf);
	return (-1);
}

/* Attribute readers: the node's value, else the op's default. */

static int64_t
a_int(struct dlt_infer *ix, const char *name)
{
	return (dlt_node_attr_int(ix->node, name, 0));
}

static int
a_bool(struct dlt_infer *ix, const char *name)
{
	return (dlt_node_attr_bool(ix->node, name, 0));
}

/*
 * n values of an INTS attribute into out: a list of n, or of one value
 * (repeated), or the default (repeated).  -1 when absent without a
 * default (out untouched) or of the wrong length (a problem).
 */
static int
a_ints(struct dlt_infer *ix, const char *name, int64_t *out, size_t n)
{
	int64_t			 v[DLT_MAX_RANK];
	const struct dlt_attr	*a;
	int			 got;
	size_t			 i;

	got = dlt_node_attr_ints(ix->node, name, v, DLT_MAX_RANK);
	if (got < 0)
		return (-1);
	if ((size_t)got != n && got != 1) {
		a = dlt_node_attr(ix->node, name);
		dlt_infer_fail_attr(ix, a, "attribute '%s' needs %zu value%s, got %d",
		    name, n, n == 1 ? "" : "s", got);
		return (-1);
	}
	for (i = 0; i < n; i++)
		out[i] = got == 1 ? v[0] : v[i];
	return (0);
}

/* padding: *mode 0 valid, 1 same, 2 explicit (pads[] filled, else zeros). */
static int
a_padding(struct dlt_infer *ix, int64_t *pads, size_t n, int *mode)
{
	const struct dlt_attr	*a;
	size_t			 i;

	for (i = 0; i < n; i++)
		pads[i] = 0;
	*mode = 0;
	a = dlt_node_attr(ix->node, "padding");
	if (a == NULL)
		return (0);
	if (a->type == DLT_ATTR_STRING) {
		*mode = strcmp(a->s, "same") == 0;
		return (0);
	}
	*mode = 2;
	return (a_ints(ix, "padding", pads, n));
}

/* n [before, after] pairs into out (2n values). */
static int
a_pairs(struct dlt_infer *ix, const char *name, int64_t *out, size_t n)
{
	const struct dlt_attr	*a;
	size_t			 i;

	a = dlt_node_attr(ix->node, name);
	if (a == NULL || a->type != DLT_ATTR_PAIRS)
		return (-1);
	if (a->n != n) {
		dlt_infer_fail_attr(ix, a, "attribute '%s' needs %zu [before, after] "
		    "pair%s (one per spatial dim), got %zu", name, n,
		    n == 1 ? "" : "s", a->n);
		return (-1);
	}
	for (i = 0; i < 2 * n; i++)
		out[i] = a->v[i];
	return (0);
}

/* An axis attribute resolved against rank; the batch (0) is refused. */
static int
a_axis(struct dlt_infer *ix, const char *name, int64_t v, int rank, int *axis)
{
	const struct dlt_attr	*a = dlt_node_attr(ix->node, name);
	int64_t			 r = v;

	if (v < -rank || v >= rank) {
		dlt_infer_fail_attr(ix, a, "attribute '%s': axis %lld is out of range "
		    "for a rank-%d input", name, (long long)v, rank);
		return (-1);
	}
	if (r < 0)
		r += rank;
	if (r == 0) {
		dlt_infer_fail_attr(ix, a, "attribute '%s': axis %lld is the batch",
		    name, (long long)v);
		return (-1);
	}
	*axis = (int)r;
	return (0);
}

/*
 * Slide a window (kernel k, stride s, dilation d) over n spatial dims
 * in[] with padding mode (0 valid, 1 same, 2 explicit pads[]).
 */
static int
window(struct dlt_infer *ix, const char *what, const int64_t *in, size_t n,
    const int64_t *k, const int64_t *s, const int64_t *d, int mode,
    const int64_t *pads, int64_t *out)
{
	int64_t	ek[DLT_MAX_RANK], padded[DLT_MAX_RANK];
	char	kb[128], eb[128], pb[128];
	size_t	i;
	int	bad = 0, dilated = 0;

	for (i = 0; i < n; i++) {
		/* k, d <= 2^31: (k - 1) * d + 1 < 2^62 */
		ek[i] = (k[i] - 1) * (d != NULL ? d[i] : 1) + 1;
		if (ek[i] != k[i])
			dilated = 1;
		padded[i] = in[i] + (mode == 2 ? 2 * pads[i] : 0);
		if (mode != 1 && ek[i] > padded[i])
			bad = 1;
	}
	if (bad) {
		dlt_dims_snprint(kb, sizeof kb, k, n, DLT_DIMS_X);
		dlt_dims_snprint(eb, sizeof eb, ek, n, DLT_DIMS_X);
		dlt_dims_snprint(pb, sizeof pb, padded, n, DLT_DIMS_X);
		if (dilated)
			dlt_infer_fail(ix, "dilated %s %s (%s %s) larger than padded "
			    "input %s", what, eb, what, kb, pb);
		else
			dlt_infer_fail(ix, "%s %s larger than padded input %s", what,
			    kb, pb);
		return (-1);
	}
	for (i = 0; i < n; i++) {
		if (mode == 1)
			out[i] = (in[i] + s[i] - 1) / s[i];
		else
			out[i] = (padded[i] - ek[i]) / s[i] + 1;
	}
	return (0);
}

static int
win_setup(struct dlt_infer *ix, struct win *w, const char *kname, int has_dilation,
    const char *what)
{
	const struct dlt_shape	*in = ix->in[0];
	size_t			 i;
	const char		*layout;

	w->sp = (size_t)ix->op->spatial;
	layout = w->sp == 1 ? "[N, W, C]" : w->sp == 2 ? "[N, H, W, C]" :
	    "[N, D, H, W, C]";
	if (need_rank(ix, in, (int)w->sp + 2, (int)w->sp + 2, layout) != 0)
		return (-1);
	for (i = 0; i < w->sp; i++)
		w->in[i] = in->dim[i + 1];
	if (a_ints(ix, kname, w->k, w->sp) != 0)
		return (-1);
	if (a_ints(ix, "strides", w->s, w->sp) != 0) {
		if (ix->failed)
			return (-1);
		memcpy(w->s, w->k, sizeof w->s);	/* pools: strides = pool */
	}
	for (i = 0; i < w->sp; i++)
		w->d[i] = 1;
	if (has_dilation && a_ints(ix, "dilation", w->d, w->sp) != 0)
		return (-1);
	if (a_padding(ix, w->pads, w->sp, &w->mode) != 0)
		return (-1);
	return (window(ix, what, w->in, w->sp, w->k, w->s, w->d, w->mode, w->pads,
	    w->out));
}

static void
win_output(struct dlt_infer *ix, const struct win *w, int64_t channels)
{
	size_t	i;

	ix->out.rank = (int)w->sp + 2;
	ix->out.dim[0] = ix->in[0]->dim[0];
	for (i = 0; i < w->sp; i++)
		ix->out.dim[i + 1] = w->out[i];
	ix->out.dim[w->sp + 1] = channels;
}

static int
infer_conv(struct dlt_infer *ix)
{
	struct win	w;
	int64_t		c, filters, groups, kp, n;

	if (win_setup(ix, &w, "kernel", 1, "kernel") != 0)
		return (-1);
	c = ix->in[0]->dim[ix->in[0]->rank - 1];
	filters = a_int(ix, "filters");
	groups = a_int(ix, "groups");
	if (c % groups != 0) {
		dlt_infer_fail(ix, "groups %lld does not divide the %lld input channels",
		    (long long)groups, (long long)c);
		return (-1);
	}
	if (filters % groups != 0) {
		dlt_infer_fail(ix, "groups %lld does not divide the %lld filters",
		    (long long)groups, (long long)filters);
		return (-1);
	}
	win_output(ix, &w, filters);
	ix->counting = "parameter count";
	if (prod(ix, w.k, w.sp, &kp) != 0 || mul(ix, kp, c / groups, &n) != 0 ||
	    mul(ix, n, filters, &n) != 0 || add_params(ix, n, 1) != 0)
		return (-1);
	if (a_bool(ix, "bias"))
		return (add_params(ix, filters, 1));
	return (0);
}

static int
infer_conv_transpose(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	int64_t			 k[2], s[2], pads[2], op[2], o, c, filters, kp, n;
	size_t			 i;
	int			 mode;

	if (need_rank(ix, in, 4, 4, "[N, H, W, C]") != 0)
		return (-1);
	if (a_ints(ix, "kernel", k, 2) != 0 || a_ints(ix, "strides", s, 2) != 0 ||
	    a_ints(ix, "output_padding", op, 2) != 0 ||
	    a_padding(ix, pads, 2, &mode) != 0)
		return (-1);
	c = in->dim[3];
	filters = a_int(ix, "filters");
	ix->out.rank = 4;
	ix->out.dim[0] = in->dim[0];
	ix->out.dim[3] = filters;
	for (i = 0; i < 2; i++) {
		if (op[i] >= s[i]) {
			dlt_infer_fail(ix, "output_padding %lld is not smaller than "
			    "the stride %lld", (long long)op[i], (long long)s[i]);
			return (-1);
		}
		if (mode == 1 && op[i] != 0) {
			dlt_infer_fail(ix, "output_padding needs padding 'valid' or "
			    "explicit pads, not 'same'");
			return (-1);
		}
		/* each term <= 2^31, so no overflow below 2^62 */
		if (mode == 1)
			o = in->dim[i + 1] * s[i];
		else
			o = (in->dim[i + 1] - 1) * s[i] + k[i] + op[i] - 2 * pads[i];
		if (o <= 0) {
			dlt_infer_fail(ix, "padding %lld leaves no output of input %lld "
			    "(kernel %lld, stride %lld)", (long long)pads[i],
			    (long long)in->dim[i + 1], (long long)k[i],
			    (long long)s[i]);
			return (-1);
		}
		ix->out.dim[i + 1] = o;
	}
	ix->counting = "parameter count";
	if (prod(ix, k, 2, &kp) != 0 || mul(ix, kp, c, &n) != 0 ||
	    mul(ix, n, filters, &n) != 0 || add_params(ix, n, 1) != 0)
		return (-1);
	if (a_bool(ix, "bias"))
		return (add_params(ix, filters, 1));
	return (0);
}

static int
infer_depthwise(struct dlt_infer *ix)
{
	struct win	w;
	int64_t		c, m, cm, kp, n;

	if (win_setup(ix, &w, "kernel", 1, "kernel") != 0)
		return (-1);
	c = ix->in[0]->dim[3];
	m = a_int(ix, "depth_multiplier");
	if (mul(ix, c, m, &cm) != 0)
		return (-1);
	if (cm > DLT_DIM_MAX) {
		dlt_infer_fail(ix, "%lld channels times depth_multiplier %lld is more "
		    "than 2^31", (long long)c, (long long)m);
		return (-1);
	}
	win_output(ix, &w, cm);
	ix->counting = "parameter count";
	if (prod(ix, w.k, 2, &kp) != 0 || mul(ix, kp, cm, &n) != 0 ||
	    add_params(ix, n, 1) != 0)
		return (-1);
	if (a_bool(ix, "bias"))
		return (add_params(ix, cm, 1));
	return (0);
}

static int
infer_separable(struct dlt_infer *ix)
{
	struct win	w;
	int64_t		c, m, cm, kp, n, filters;

	if (win_setup(ix, &w, "kernel", 1, "kernel") != 0)
		return (-1);
	c = ix->in[0]->dim[3];
	m = a_int(ix, "depth_multiplier");
	filters = a_int(ix, "filters");
	if (mul(ix, c, m, &cm) != 0)
		return (-1);
	win_output(ix, &w, filters);
	ix->counting = "parameter count";
	if (prod(ix, w.k, 2, &kp) != 0 || mul(ix, kp, cm, &n) != 0 ||
	    add_params(ix, n, 1) != 0 || mul(ix, cm, filters, &n) != 0 ||
	    add_params(ix, n, 1) != 0)
		return (-1);
	if (a_bool(ix, "bias"))
		return (add_params(ix, filters, 1));
	return (0);
}

static int
infer_dense(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	int64_t			 units, n;

	if (need_rank(ix, in, 2, DLT_MAX_RANK, "") != 0)
		return (-1);
	units = a_int(ix, "units");
	ix->out = *in;
	ix->out.dim[in->rank - 1] = units;
	ix->counting = "parameter count";
	if (mul(ix, in->dim[in->rank - 1], units, &n) != 0 || add_params(ix, n, 1) != 0)
		return (-1);
	if (a_bool(ix, "bias"))
		return (add_params(ix, units, 1));
	return (0);
}

static int
infer_batch_norm(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	int64_t			 c;

	if (need_rank(ix, in, 2, DLT_MAX_RANK, "") != 0)
		return (-1);
	ix->out = *in;
	c = in->dim[in->rank - 1];
	/* gamma, beta trainable (when learned); moving mean and variance not */
	if (add_params(ix, (a_bool(ix, "scale") + a_bool(ix, "center")) * c, 1) != 0 ||
	    add_params(ix, 2 * c, 0) != 0)
		return (-1);
	return (0);
}

static int
infer_layer_norm(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];

	if (need_rank(ix, in, 2, DLT_MAX_RANK, "") != 0)
		return (-1);
	ix->out = *in;
	return (add_params(ix, 2 * in->dim[in->rank - 1], 1));
}

static int
infer_same(struct dlt_infer *ix)
{
	ix->out = *ix->in[0];
	return (0);
}

static int
infer_softmax(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	int64_t			 axis;

	axis = a_int(ix, "axis");
	if (axis < -in->rank || axis >= in->rank) {
		dlt_infer_fail_attr(ix, dlt_node_attr(ix->node, "axis"),
		    "attribute 'axis': axis %lld is out of range for a rank-%d input",
		    (long long)axis, in->rank);
		return (-1);
	}
	ix->out = *in;
	return (0);
}

static int
infer_pool(struct dlt_infer *ix)
{
	struct win	w;
	size_t		i;

	if (win_setup(ix, &w, "pool", 0, "pool") != 0)
		return (-1);
	if (w.mode == 2) {
		for (i = 0; i < w.sp; i++) {
			if (2 * w.pads[i] > w.k[i]) {
				dlt_infer_fail(ix, "pad %lld is more than half of the pool "
				    "size %lld", (long long)w.pads[i], (long long)w.k[i]);
				return (-1);
			}
		}
	}
	win_output(ix, &w, ix->in[0]->dim[w.sp + 1]);
	return (0);
}

static int
infer_global_pool(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	int			 i;

	if (need_rank(ix, in, 3, 5, "[N, ..., C]") != 0)
		return (-1);
	if (a_bool(ix, "keepdims")) {
		ix->out = *in;
		for (i = 1; i < in->rank - 1; i++)
			ix->out.dim[i] = 1;
		return (0);
	}
	ix->out.rank = 2;
	ix->out.dim[0] = in->dim[0];
	ix->out.dim[1] = in->dim[in->rank - 1];
	return (0);
}

static int
infer_adaptive_pool(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	int64_t			 size[2];

	if (need_rank(ix, in, 4, 4, "[N, H, W, C]") != 0)
		return (-1);
	if (a_ints(ix, "output_size", size, 2) != 0)
		return (-1);
	ix->out = *in;
	ix->out.dim[1] = size[0];
	ix->out.dim[2] = size[1];
	return (0);
}

static int
infer_flatten(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	int64_t			 n;

	if (need_rank(ix, in, 2, DLT_MAX_RANK, "") != 0)
		return (-1);
	if (prod(ix, in->dim + 1, (size_t)in->rank - 1, &n) != 0)
		return (-1);
	ix->out.rank = 2;
	ix->out.dim[0] = in->dim[0];
	ix->out.dim[1] = n;
	return (0);
}

static int
infer_reshape(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	const struct dlt_attr	*a = dlt_node_attr(ix->node, "shape");
	struct dlt_shape	 tmp;
	int64_t			 total, known = 1;
	size_t			 i, unknown = (size_t)-1;
	char			 ib[256], ob[256];

	if (a == NULL || a->type != DLT_ATTR_INTS)
		return (-1);
	if (a->n + 1 > DLT_MAX_RANK) {
		dlt_infer_fail_attr(ix, a, "shape has %zu dims; at most %d are supported "
		    "after the batch", a->n, DLT_MAX_RANK - 1);
		return (-1);
	}
	if (prod(ix, in->dim + 1, (size_t)in->rank - 1, &total) != 0)
		return (-1);
	for (i = 0; i < a->n; i++) {
		if (a->v[i] == -1) {
			if (unknown != (size_t)-1) {
				dlt_infer_fail_attr(ix, a, "shape has more than one -1");
				return (-1);
			}
			unknown = i;
			continue;
		}
		if (a->v[i] == 0) {
			dlt_infer_fail_attr(ix, a, "shape has a 0 dim");
			return (-1);
		}
		if (mul(ix, known, a->v[i], &known) != 0)
			return (-1);
	}
	ix->out.rank = (int)a->n + 1;
	ix->out.dim[0] = in->dim[0];
	for (i = 0; i < a->n; i++)
		ix->out.dim[i + 1] = a->v[i];
	if (unknown != (size_t)-1 && total % known == 0)
		ix->out.dim[unknown + 1] = total / known;
	if ((unknown == (size_t)-1 && known != total) || total % known != 0) {
		dlt_shape_format(in, ib, sizeof ib);
		tmp.rank = (int)a->n;
		for (i = 0; i < a->n; i++)
			tmp.dim[i] = a->v[i];
		dlt_shape_format(&tmp, ob, sizeof ob);
		dlt_infer_fail(ix, "cannot reshape %s (%lld values per sample) to %s",
		    ib, (long long)total, ob);
		return (-1);
	}
	return (0);
}

static int
infer_transpose(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	const struct dlt_attr	*a = dlt_node_attr(ix->node, "perm");
	int			 seen[DLT_MAX_RANK];
	size_t			 i;

	if (a == NULL || a->type != DLT_ATTR_INTS)
		return (-1);
	if (a->n != (size_t)in->rank - 1) {
		dlt_infer_fail_attr(ix, a, "perm has %zu entries; the input has %d "
		    "dims after the batch", a->n, in->rank - 1);
		return (-1);
	}
	memset(seen, 0, sizeof seen);
	for (i = 0; i < a->n; i++) {
		if (a->v[i] < 0 || a->v[i] >= in->rank - 1 || seen[a->v[i]]) {
			dlt_infer_fail_attr(ix, a, "perm is not a permutation of 0..%d",
			    in->rank - 2);
			return (-1);
		}
		seen[a->v[i]] = 1;
	}
	ix->out.rank = in->rank;
	ix->out.dim[0] = in->dim[0];
	for (i = 0; i < a->n; i++)
		ix->out.dim[i + 1] = in->dim[a->v[i] + 1];
	return (0);
}

static int
infer_elementwise(struct dlt_infer *ix)
{
	const struct dlt_shape	*s;
	struct dlt_shape	 o;
	size_t			 i;
	int			 j, r, k;
	int64_t			 a, b;
	char			 ob[256], sb[256];

	o = *ix->in[0];
	for (i = 1; i < ix->nin; i++) {
		s = ix->in[i];
		r = s->rank > o.rank ? s->rank : o.rank;
		/* align on the right, as numpy does */
		for (j = r - 1; j >= 0; j--) {
			k = j - (r - o.rank);
			a = k >= 0 ? o.dim[k] : 1;
			k = j - (r - s->rank);
			b = k >= 0 ? s->dim[k] : 1;
			if (a != b && a != 1 && b != 1) {
				dlt_shape_format(&o, ob, sizeof ob);
				dlt_shape_format(s, sb, sizeof sb);
				dlt_infer_fail(ix, "cannot broadcast %s and %s "
				    "(input '%s')", ob, sb, ix->node->inputs[i]);
				return (-1);
			}
			o.dim[j] = a == 1 ? b : a;
		}
		o.rank = r;
	}
	ix->out = o;
	return (0);
}

static int
infer_concatenate(struct dlt_infer *ix)
{
	const struct dlt_shape	*s, *f = ix->in[0];
	int			 axis, j;
	size_t			 i;
	int64_t			 sum;
	char			 fb[256], sb[256];

	if (a_axis(ix, "axis", a_int(ix, "axis"), f->rank, &axis) != 0)
		return (-1);
	sum = 0;
	for (i = 0; i < ix->nin; i++) {
		s = ix->in[i];
		for (j = 0; j < f->rank || j < s->rank; j++) {
			if (s->rank != f->rank ||
			    (j != axis && s->dim[j] != f->dim[j])) {
				dlt_shape_format(f, fb, sizeof fb);
				dlt_shape_format(s, sb, sizeof sb);
				dlt_infer_fail(ix, "cannot concatenate %s and %s on "
				    "axis %d (input '%s')", fb, sb, axis,
				    ix->node->inputs[i]);
				return (-1);
			}
		}
		if (add(ix, sum, s->dim[axis], &sum) != 0)
			return (-1);
	}
	ix->out = *f;
	ix->out.dim[axis] = sum;
	return (0);
}

static int
infer_zero_padding(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	int64_t			 p[2 * 3];
	int			 i;

	if (need_rank(ix, in, 3, 5, "[N, ..., C]") != 0)
		return (-1);
	if (a_pairs(ix, "padding", p, (size_t)in->rank - 2) != 0)
		return (-1);
	ix->out = *in;
	for (i = 0; i < in->rank - 2; i++)
		ix->out.dim[i + 1] = in->dim[i + 1] + p[2 * i] + p[2 * i + 1];
	return (0);
}

static int
infer_cropping(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	int64_t			 p[2 * 3], o;
	int			 i;

	if (need_rank(ix, in, 3, 5, "[N, ..., C]") != 0)
		return (-1);
	if (a_pairs(ix, "cropping", p, (size_t)in->rank - 2) != 0)
		return (-1);
	ix->out = *in;
	for (i = 0; i < in->rank - 2; i++) {
		o = in->dim[i + 1] - p[2 * i] - p[2 * i + 1];
		if (o <= 0) {
			dlt_infer_fail(ix, "cropping %lld+%lld leaves nothing of "
			    "dim %d of size %lld", (long long)p[2 * i],
			    (long long)p[2 * i + 1], i + 1, (long long)in->dim[i + 1]);
			return (-1);
		}
		ix->out.dim[i + 1] = o;
	}
	return (0);
}

static int
infer_upsampling(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	int64_t			 size[3];
	int			 i;

	if (need_rank(ix, in, 3, 5, "[N, ..., C]") != 0)
		return (-1);
	if (a_ints(ix, "size", size, (size_t)in->rank - 2) != 0)
		return (-1);
	ix->out = *in;
	for (i = 0; i < in->rank - 2; i++)
		if (mul(ix, in->dim[i + 1], size[i], &ix->out.dim[i + 1]) != 0)
			return (-1);
	return (0);
}

static int
infer_embedding(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	int64_t			 n, d = a_int(ix, "output_dim");

	if (need_rank(ix, in, 1, DLT_MAX_RANK - 1, "") != 0)
		return (-1);
	ix->out = *in;
	ix->out.dim[in->rank] = d;
	ix->out.rank = in->rank + 1;
	ix->counting = "parameter count";
	if (mul(ix, a_int(ix, "input_dim"), d, &n) != 0)
		return (-1);
	return (add_params(ix, n, 1));
}

static int
infer_position_embedding(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	int64_t			 n;

	if (need_rank(ix, in, 3, 3, "[N, T, d]") != 0)
		return (-1);
	ix->out = *in;
	ix->counting = "parameter count";
	if (mul(ix, in->dim[1], in->dim[2], &n) != 0)
		return (-1);
	return (add_params(ix, n, 1));
}

static int
infer_rnn(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	int64_t			 u, f, gates, per, n;
	const char		*op = ix->op->name;

	if (need_rank(ix, in, 3, 3, "[N, T, F]") != 0)
		return (-1);
	u = a_int(ix, "units");
	f = in->dim[2];
	if (a_bool(ix, "return_sequences")) {
		ix->out = *in;
		ix->out.dim[2] = u;
	} else {
		ix->out.rank = 2;
		ix->out.dim[0] = in->dim[0];
		ix->out.dim[1] = u;
	}
	ix->counting = "parameter count";
	gates = strcmp(op, "lstm") == 0 ? 4 : strcmp(op, "gru") == 0 ? 3 : 1;
	/* per gate: kernel f*u, recurrent u*u, bias u (gru: two biases) */
	if (mul(ix, f, u, &per) != 0 || mul(ix, u, u, &n) != 0 ||
	    add(ix, per, n, &per) != 0 ||
	    add(ix, per, gates == 3 ? 2 * u : u, &per) != 0 ||
	    mul(ix, per, gates, &n) != 0)
		return (-1);
	return (add_params(ix, n, 1));
}

static int
infer_attention(struct dlt_infer *ix)
{
	const struct dlt_shape	*q = ix->in[0], *v;
	int64_t			 h, k, hk, dq, dv, n, t;
	char			 qb[256], vb[256];

	v = ix->nin > 1 ? ix->in[1] : q;
	if (need_rank(ix, q, 3, 3, "[N, T, d]") != 0 ||
	    need_rank(ix, v, 3, 3, "[N, S, e]") != 0)
		return (-1);
	if (v->dim[0] != q->dim[0]) {
		dlt_shape_format(q, qb, sizeof qb);
		dlt_shape_format(v, vb, sizeof vb);
		dlt_infer_fail(ix, "query %s and value %s have different batch sizes",
		    qb, vb);
		return (-1);
	}
	h = a_int(ix, "num_heads");
	k = a_int(ix, "key_dim");
	dq = q->dim[2];
	dv = v->dim[2];
	ix->out = *q;
	ix->counting = "parameter count";
	/* query: dq*h*k + h*k; key and value: dv*h*k + h*k; output: h*k*dq + dq */
	if (mul(ix, h, k, &hk) != 0 ||
	    mul(ix, dq, hk, &n) != 0 || add(ix, n, hk, &n) != 0 ||
	    add_params(ix, n, 1) != 0 ||
	    mul(ix, dv, hk, &n) != 0 || add(ix, n, hk, &n) != 0 ||
	    mul(ix, n, 2, &n) != 0 || add_params(ix, n, 1) != 0 ||
	    mul(ix, hk, dq, &t) != 0 || add(ix, t, dq, &t) != 0 ||
	    add_params(ix, t, 1) != 0)
		return (-1);
	return (0);
}

static int
infer_mean(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	const struct dlt_attr	*a = dlt_node_attr(ix->node, "axes");
	int			 drop[DLT_MAX_RANK], axis, i, keep;
	size_t			 j;

	if (a == NULL || a->type != DLT_ATTR_INTS)
		return (-1);
	memset(drop, 0, sizeof drop);
	for (j = 0; j < a->n; j++) {
		if (a_axis(ix, "axes", a->v[j], in->rank, &axis) != 0)
			return (-1);
		if (drop[axis]) {
			dlt_infer_fail_attr(ix, a, "attribute 'axes' names axis %d "
			    "twice", axis);
			return (-1);
		}
		drop[axis] = 1;
	}
	keep = a_bool(ix, "keepdims");
	ix->out.rank = 0;
	for (i = 0; i < in->rank; i++) {
		if (!drop[i])
			ix->out.dim[ix->out.rank++] = in->dim[i];
		else if (keep)
			ix->out.dim[ix->out.rank++] = 1;
	}
	return (0);
}

static int
infer_slice(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	int64_t			 begin, size;
	int			 axis;

	if (a_axis(ix, "axis", a_int(ix, "axis"), in->rank, &axis) != 0)
		return (-1);
	begin = a_int(ix, "begin");
	size = a_int(ix, "size");
	if (size == 0) {
		dlt_infer_fail_attr(ix, dlt_node_attr(ix->node, "size"),
		    "size 0 keeps nothing");
		return (-1);
	}
	if (begin >= in->dim[axis] || (size > 0 && size > in->dim[axis] - begin)) {
		dlt_infer_fail(ix, "slice [%lld, %lld) is outside axis %d of size %lld",
		    (long long)begin, (long long)(size < 0 ? in->dim[axis] :
		    begin + size), axis, (long long)in->dim[axis]);
		return (-1);
	}
	ix->out = *in;
	ix->out.dim[axis] = size < 0 ? in->dim[axis] - begin : size;
	return (0);
}

static int
infer_channel_shuffle(struct dlt_infer *ix)
{
	const struct dlt_shape	*in = ix->in[0];
	int64_t			 g = a_int(ix, "groups"), c;

	if (need_rank(ix, in, 2, DLT_MAX_RANK, "") != 0)
		return (-1);
	c = in->dim[in->rank - 1];
	if (c % g != 0) {
		dlt_infer_fail(ix, "groups %lld does not divide the %lld channels",
		    (long long)g, (long long)c);
		return (-1);
	}
	ix->out = *in;
	return (0);
}

const char *
dlt_attr_kind_desc(enum dlt_attr_kind kind)
{
	switch (kind) {
	case DLT_AK_INT:
		return ("an integer");
	case DLT_AK_FLOAT:
		return ("a number");
	case DLT_AK_BOOL:
		return ("true or false");
	case DLT_AK_STRING:
		return ("a string");
	case DLT_AK_INTS:
		return ("a list of integers");
	case DLT_AK_PAIRS:
		return ("a list of [before, after] pairs");
	case DLT_AK_PADDING:
		return ("'valid', 'same' or a list of integers");
	case DLT_AK_DTYPE:
		return ("a dtype");
	}
	return ("?");
}

static int
kind_ok(const struct dlt_attr_spec *sp, const struct dlt_attr *a)
{
	switch (sp->kind) {
	case DLT_AK_INT:
		return (a->type == DLT_ATTR_INT);
	case DLT_AK_FLOAT:
		return (a->type == DLT_ATTR_FLOAT || a->type == DLT_ATTR_INT);
	case DLT_AK_BOOL:
		return (a->type == DLT_ATTR_BOOL);
	case DLT_AK_STRING:
	case DLT_AK_DTYPE:
		return (a->type == DLT_ATTR_STRING);
	case DLT_AK_INTS:
		return (a->type == DLT_ATTR_INTS);
	case DLT_AK_PAIRS:
		return (a->type == DLT_ATTR_PAIRS);
	case DLT_AK_PADDING:
		return (a->type == DLT_ATTR_STRING || a->type == DLT_ATTR_INTS);
	}
	return (0);
}

static void
fmt_limit(char *buf, size_t len, int64_t v)
{
	if (v == DLT_DIM_MAX)
		snprintf(buf, len, "2^31");
	else
		snprintf(buf, len, "%lld", (long long)v);
}

static int
check_value(struct dlt_infer *ix, const struct dlt_attr_spec *sp,
    const struct dlt_attr *a, int64_t v)
{
	char	lim[32];

	if (v < sp->min) {
		fmt_limit(lim, sizeof lim, sp->min);
		dlt_infer_fail_attr(ix, a, "attribute '%s' must be at least %s, not %lld",
		    a->name, lim, (long long)v);
		return (-1);
	}
	if (v > sp->max) {
		fmt_limit(lim, sizeof lim, sp->max);
		dlt_infer_fail_attr(ix, a, "attribute '%s' must be at most %s, not %lld",
		    a->name, lim, (long long)v);
		return (-1);
	}
	return (0);
}

static int
check_attr(struct dlt_infer *ix, const struct dlt_attr_spec *sp,
    const struct dlt_attr *a)
{
	const char	*hint;
	double		 f;
	size_t		 i, n;
	int		 bad;

	if (!kind_ok(sp, a)) {
		dlt_infer_fail_attr(ix, a, "attribute '%s' must be %s", a->name,
		    dlt_attr_kind_desc(sp->kind));
		return (-1);
	}
	switch (a->type) {
	case DLT_ATTR_INT:
		if (sp->kind == DLT_AK_FLOAT)
			break;
		return (check_value(ix, sp, a, a->i));
	case DLT_ATTR_INTS:
	case DLT_ATTR_PAIRS:
		n = a->type == DLT_ATTR_PAIRS ? 2 * a->n : a->n;
		if (n == 0) {
			dlt_infer_fail_attr(ix, a, "attribute '%s' is an empty list",
			    a->name);
			return (-1);
		}
		if (n > DLT_MAX_RANK * 2) {
			dlt_infer_fail_attr(ix, a, "attribute '%s' has too many values "
			    "(%zu)", a->name, n);
			return (-1);
		}
		for (i = 0; i < n; i++)
			if (check_value(ix, sp, a, a->v[i]) != 0)
				return (-1);
		return (0);
	case DLT_ATTR_STRING:
		if (sp->kind == DLT_AK_DTYPE) {
			if (dlt_dtype_parse(a->s) >= 0)
				return (0);
			dlt_infer_fail_attr(ix, a, "attribute '%s': unknown dtype '%s'",
			    a->name, a->s);
			return (-1);
		}
		if (sp->allowed == NULL)
			return (0);
		for (n = 0; sp->allowed[n] != NULL; n++)
			if (strcmp(sp->allowed[n], a->s) == 0)
				return (0);
		hint = dlt_suggest(a->s, (const char *const *)sp->allowed, n);
		if (hint != NULL)
			dlt_infer_fail_attr(ix, a, "attribute '%s': unknown value '%s' "
			    "(did you mean '%s'?)", a->name, a->s, hint);
		else
			dlt_infer_fail_attr(ix, a, "attribute '%s': unknown value '%s'",
			    a->name, a->s);
		return (-1);
	default:
		break;
	}
	if (sp->kind == DLT_AK_FLOAT && sp->fmin < sp->fmax) {
		f = a->type == DLT_ATTR_INT ? (double)a->i : a->f;
		bad = f < sp->fmin || f > sp->fmax ||
		    ((sp->fexcl & 1) && f == sp->fmin) ||
		    ((sp->fexcl & 2) && f == sp->fmax);
		if (bad) {
			if (sp->fmax >= 1e300)
				dlt_infer_fail_attr(ix, a, "attribute '%s' must be %s %g, "
				    "not %g", a->name, (sp->fexcl & 1) ?
				    "more than" : "at least", sp->fmin, f);
			else
				dlt_infer_fail_attr(ix, a, "attribute '%s' must be in "
				    "%c%g, %g%c, not %g", a->name,
				    (sp->fexcl & 1) ? '(' : '[', sp->fmin, sp->fmax,
				    (sp->fexcl & 2) ? ')' : ']', f);
			return (-1);
		}
	}
	return (0);
}

static int
check_attrs(struct dlt_infer *ix)
{
	const struct dlt_node		*n = ix->node;
	const struct dlt_op_info	*op = ix->op;
	const struct dlt_attr_spec	*sp;
	const char			*names[32], *hint;
	size_t				 i;
	int				 rc = 0;

	for (i = 0; i < op->nattrs && i < NELEM(names); i++)
		names[i] = op->attrs[i].name;
	for (i = 0; i < n->nattrs; i++) {
		sp = dlt_op_attr_spec(op, n->attrs[i].name);
		if (sp == NULL) {
			hint = dlt_suggest(n->attrs[i].name, names, op->nattrs);
			if (hint != NULL)
				dlt_infer_fail_attr(ix, &n->attrs[i], "unknown attribute "
				    "'%s' for %s (did you mean '%s'?)", n->attrs[i].name,
				    op->name, hint);
			else
				dlt_infer_fail_attr(ix, &n->attrs[i], "unknown attribute "
				    "'%s' for %s", n->attrs[i].name, op->name);
			rc = -1;
			continue;
		}
		if (check_attr(ix, sp, &n->attrs[i]) != 0)
			rc = -1;
	}
	for (i = 0; i < op->nattrs; i++) {
		if (op->attrs[i].required && dlt_node_attr(n, op->attrs[i].name) == NULL) {
			dlt_infer_fail(ix, "%s needs attribute '%s'", op->name,
			    op->attrs[i].name);
			rc = -1;
		}
	}
	return (rc);
}

/*
 * Dtypes: integers go only into ops that allow them (embedding needs
 * them); several inputs share one dtype unless the node says which it
 * computes in; the result is the node's dtype, else the inputs'.
 */
static int
check_dtypes(struct dlt_infer *ix)
{
	const struct dlt_node	*n = ix->node;
	const char		*want;
	size_t			 i;
	int			 isint, common = -1;

	for (i = 0; i < ix->nin; i++) {
		isint = ix->in_dtype[i] == DLT_DT_INT32 || ix->in_dtype[i] == DLT_DT_INT64;
		if (ix->op->int_inputs == 2 && !isint) {
			dlt_infer_fail(ix, "%s needs an integer input, got %s from '%s'",
			    ix->op->name, dlt_dtype_name(ix->in_dtype[i]), n->inputs[i]);
			return (-1);
		}
		if (ix->op->int_inputs == 0 && isint) {
			dlt_infer_fail(ix, "%s cannot take the %s input '%s' (cast it first)",
			    ix->op->name, dlt_dtype_name(ix->in_dtype[i]), n->inputs[i]);
			return (-1);
		}
		if (i == 0)
			common = ix->in_dtype[0];
		else if (ix->in_dtype[i] != common && n->dtype < 0) {
			dlt_infer_fail(ix, "inputs of different dtypes: '%s' is %s, '%s' "
			    "is %s", n->inputs[0], dlt_dtype_name(common), n->inputs[i],
			    dlt_dtype_name(ix->in_dtype[i]));
			return (-1);
		}
	}
	if (n->dtype >= 0 && ix->op->int_inputs != 1 &&
	    (n->dtype == DLT_DT_INT32 || n->dtype == DLT_DT_INT64)) {
		dlt_infer_fail(ix, "%s cannot compute in %s", ix->op->name,
		    dlt_dtype_name(n->dtype));
		return (-1);
	}
	if (strcmp(ix->op->name, "cast") == 0) {
		want = dlt_node_attr_string(n, "dtype");
		ix->out_dtype = want != NULL ? dlt_dtype_parse(want) : -1;
	} else if (n->dtype >= 0)
		ix->out_dtype = n->dtype;
	else if (ix->op->int_inputs == 2)
		ix->out_dtype = DLT_DT_FLOAT32;
	else
		ix->out_dtype = common;
	return (0);
}

/* Every dim of the result within DLT_DIM_MAX, the element count within 2^62. */
static int
check_output(struct dlt_infer *ix)
{
	char	buf[256];
	int	i;
	int64_t	n = 1;

	for (i = 0; i < ix->out.rank; i++) {
		if (ix->out.dim[i] > DLT_DIM_MAX) {
			dlt_shape_format(&ix->out, buf, sizeof buf);
			dlt_infer_fail(ix, "output %s has a dim larger than 2^31", buf);
			return (-1);
		}
		if (ix->out.dim[i] <= 0) {
			dlt_shape_format(&ix->out, buf, sizeof buf);
			dlt_infer_fail(ix, "output %s has an empty dim", buf);
			return (-1);
		}
		if (n > DLT_COUNT_MAX / ix->out.dim[i]) {
			dlt_shape_format(&ix->out, buf, sizeof buf);
			dlt_infer_fail(ix, "output %s has more than 2^62 elements", buf);
			return (-1);
		}
		n *= ix->out.dim[i];
	}
	return (0);
}

int
dlt_op_infer(struct dlt_infer *ix)
{
	const struct op_row	*row;
	int			 opidx;

	ix->out.rank = 0;
	ix->out_dtype = -1;
	ix->params = ix->trainable = 0;
	ix->failed = 0;
	ix->counting = "output size";
	opidx = dlt_op_find(ix->node->op);
	if (opidx < 0)
		dlt_bug("dlt_op_infer on unknown op '%s'", ix->node->op);
	row = &op_table[opidx];
	ix->op = &row->info;
	if (check_attrs(ix) != 0)
		return (-1);
	if (ix->attrs_only)
		return (0);
	if (check_dtypes(ix) != 0)
		return (-1);
	if (row->infer(ix) != 0 || ix->failed) {
		ix->failed = 1;
		ix->out.rank = 0;
		return (-1);
	}
	if (check_output(ix) != 0) {
		ix->out.rank = 0;
		return (-1);
	}
	return (0);
}
