/*
 * model.h: the model IR (docs/model-ir.md): loading from YAML with
 * file:line:col diagnostics, shape and dtype inference for every op,
 * parameter counting, cloning and writing.  The op vocabulary and each
 * op's attributes and inference live in one table in model-ops.c.
 *
 * The implementation is layered, each file using only those above it:
 * model-dtype.c (dtype names, shape text), model.c (lifecycle, names,
 * lookups), model-ops.c (the op table, attribute readers that fall back
 * on its defaults, per-op inference), then model-load.c (YAML), model-
 * infer.c (whole-model inference), model-edit.c (edits, clone) and
 * model-write.c (YAML out).  model-int.h is what they share.
 *
 * Ownership: a struct dlt_model owns everything reachable from it;
 * dlt_model_release() frees it; dlt_model_clone() makes a deep copy.
 */
#ifndef DLT_MODEL_H
#define DLT_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct dlt_diags;
struct strbuf;

#define DLT_MAX_RANK	8

enum dlt_dtype {
	DLT_DT_FLOAT16,
	DLT_DT_BFLOAT16,
	DLT_DT_FLOAT32,
	DLT_DT_FLOAT64,
	DLT_DT_INT32,
	DLT_DT_INT64,
	DLT_DT_COUNT
};

const char	*dlt_dtype_name(int);
int		 dlt_dtype_parse(const char *);	/* -1 if unknown */

struct dlt_shape {
	int	rank;
	int64_t	dim[DLT_MAX_RANK];	/* dim[0] is the batch */
};

/* Where something was written: file is interned in the model. */
struct dlt_mloc {
	const char	*file;
	int		 line, col;
};

enum dlt_attr_type {
	DLT_ATTR_INT,
	DLT_ATTR_FLOAT,
	DLT_ATTR_BOOL,
	DLT_ATTR_STRING,
	DLT_ATTR_INTS,		/* [1, 2] */
	DLT_ATTR_PAIRS		/* [[1, 1], [2, 2]]: stored flat, n = number of pairs */
};

struct dlt_attr {
	char			*name;
	enum dlt_attr_type	 type;
	int64_t			 i;	/* INT, BOOL */
	double			 f;	/* FLOAT */
	char			*s;	/* STRING */
	int64_t			*v;	/* INTS (n values), PAIRS (2n values) */
	size_t			 n;
	struct dlt_mloc		 loc;
};

/* A weight mutation the harness applies after filling (GF, WS, NAI, NEB, NS). */
struct dlt_weight_mutation {
	char	*op;		/* "GF", "WS", "NAI", "NEB", "NS" */
	char	*param;		/* parameter tensor, e.g. "kernel" */
	double	 scale;		/* GF: std of the noise relative to the tensor's std */
	double	 fraction;	/* share of weights or neurons touched */
	int64_t	 neurons[8];	/* NAI/NEB/NS: output neurons (units/filters) */
	size_t	 nneurons;
	uint64_t seed;
};

struct dlt_node {
	char			*name;
	char			*op;
	int			 opidx;		/* index in the op table, -1 unknown */
	char			**inputs;
	size_t			  ninputs;
	int			 *input_idx;	/* value index: < ninputs_model = model input, else node */
	struct dlt_attr		 *attrs;
	size_t			  nattrs;
	int			  dtype;	/* compute dtype override, -1 = from inputs */
	struct dlt_weight_mutation *wmut;
	size_t			  nwmut;
	struct dlt_mloc		  loc;		/* of the node's mapping */
	/* filled by dlt_model_infer */
	struct dlt_shape	  shape;
	int			  out_dtype;
	int64_t			  params;	/* all parameters */
	int64_t			  params_trainable;
};

struct dlt_model_input {
	char		*name;
	struct dlt_shape shape;
	int		 dtype;
	double		 range[2];
	int		 has_range;
	char		*fill;		/* NULL = random; "zeros", "negzero", "nan", "inf", "big", "denormal" */
	int		 has_fill_at;	/* the fill is at one element only: */
	int64_t		 fill_at;	/* its index, row-major, modulo the size */
	struct dlt_mloc	 loc;
};

struct dlt_kv {
	char	*key;
	char	*value;		/* scalar rendered as text */
};

struct dlt_mutation_info {
	char		*parent;
	char		*op;
	char		*position;
	struct dlt_kv	*params;
	size_t		 nparams;
	uint64_t	 seed;
	char		*repaired;	/* NULL when not repaired */
};

struct dlt_model {
	char			**files;	/* interned file names (owned) */
	size_t			  nfiles;
	char			 *name;
	char			 *description;
	char			 *source;
	uint64_t		  seed;
	int			  has_published;
	int64_t			  pub_params;	/* -1 unknown */
	int			  pub_counts_trainable;
	struct dlt_shape	  pub_output;	/* rank 0 = unknown */
	struct dlt_model_input	 *inputs;
	size_t			  ninputs;
	struct dlt_node		 *nodes;
	size_t			  nnodes;
	char			**outputs;
	size_t			  noutputs;
	int			 *output_idx;	/* node index */
	struct dlt_mutation_info *mutation;	/* NULL for zoo models */
	/* filled by dlt_model_infer */
	int64_t			  params;
	int64_t			  params_trainable;
	/* added: where the outputs list was written (line 0 when unknown) */
	struct dlt_mloc		  outputs_loc;
};



/*
 * Load and validate structure (keys, types, names, DAG order, known ops
 * and attributes).  0 on success; -1 with problems (every one found, up
 * to 200 per file), and then the model is released.  The model need not
 * be initialised before.
 */
int	dlt_model_load(const char *path, struct dlt_model *, struct dlt_diags *);
int	dlt_model_load_buffer(const char *name, const char *buf, size_t len,
	    struct dlt_model *, struct dlt_diags *);
/*
 * Infer every node's shape, dtype and parameter count.  An inconsistent
 * model gets problems that name the place, e.g.
 *   vgg16.yaml:41:7: node 'conv5_1': kernel 3x3 larger than padded input 2x2
 * (the location is the node's).  0 or -1.  Everything is taken from the
 * names, op strings and attributes, so it may follow any edit: names are
 * resolved again (input_idx, output_idx, opidx), attributes checked
 * against the op table, input shapes against the limits.  A node whose
 * inference failed has shape.rank 0 and out_dtype -1; nodes that use it
 * are skipped (only their attributes are checked).
 */
int	dlt_model_infer(struct dlt_model *, struct dlt_diags *);
/* Free everything; the model is left empty (as dlt_model_init leaves it). */
void	dlt_model_release(struct dlt_model *);
/* A deep copy into dst (overwritten, not released first). */
void	dlt_model_clone(struct dlt_model *dst, const struct dlt_model *src);
/* Write as IR YAML (loadable again; locations are not kept). */
int	dlt_model_write(const struct dlt_model *, FILE *);
int	dlt_model_write_file(const struct dlt_model *, const char *path);
/*
 * Append the IR as one JSON object with the keys and structure of the
 * YAML file (what the runner sends the harness, docs/harness-
 * protocol.md): what json.load gives equals what a YAML reader gives for
 * dlt_model_write's output, and dlt_model_load_buffer reads it back.
 */
void	dlt_model_write_json(const struct dlt_model *, struct strbuf *);

/*
 * Lookups.  A value index is an input's index (< ninputs) or ninputs + a
 * node's index; -1 when the name is unknown.  Shapes and dtypes of nodes
 * are those of the last dlt_model_infer.
 */
int			 dlt_model_value_index(const struct dlt_model *, const char *name);
const struct dlt_shape	*dlt_model_value_shape(const struct dlt_model *, int idx);
struct dlt_attr		*dlt_node_attr(const struct dlt_node *, const char *name);
int64_t			 dlt_node_attr_int(const struct dlt_node *, const char *name, int64_t def);
/*
 * Set (add or replace) attributes on a node; a replaced value loses its
 * file location.  dlt_node_attr_int falls back on the op's default (then
 * on def); see also the readers below.
 */
void	dlt_node_set_int(struct dlt_node *, const char *name, int64_t);
void	dlt_node_set_string(struct dlt_node *, const char *name, const char *);
void	dlt_node_set_ints(struct dlt_node *, const char *name, const int64_t *, size_t);
/*
 * Structural edits used by mutation operators (names must stay unique;
 * dlt_model_unique_name gives one).  insert_node copies its arguments,
 * inserts before position at (nnodes appends) and returns the new node,
 * valid until the next structural edit (nodes may move).  remove_node
 * redirects references to the removed node to replacement, or drops them
 * when it is NULL.  Both recompute input_idx and output_idx; call
 * dlt_model_infer afterwards for shapes.
 */
struct dlt_node	*dlt_model_insert_node(struct dlt_model *, size_t at, const char *name,
		    const char *op, const char *const *inputs, size_t ninputs);
void		 dlt_model_remove_node(struct dlt_model *, size_t at, const char *replacement);
		    /* references to the removed node are redirected to replacement */
/*
 * Remove model input at when nothing reads it and it is not the only
 * one: 0, or -1 (nothing changed).
 */
int		 dlt_model_remove_input(struct dlt_model *, size_t at);

/* The op table (model-ops.c). */

/*
 * What an attribute accepts.  INTS, PAIRS, STRING and DTYPE are stored as
 * struct dlt_attr types INTS, PAIRS, STRING, STRING; PADDING is stored as
 * STRING ("valid", "same") or INTS (explicit symmetric pads, one per
 * spatial dim).  A single integer given for INTS or PADDING is stored as
 * one value per spatial dim of the op (or one value when the op has no
 * fixed spatial rank).
 */
enum dlt_attr_kind {
	DLT_AK_INT,
	DLT_AK_FLOAT,
	DLT_AK_BOOL,
	DLT_AK_STRING,		/* one of allowed[] */
	DLT_AK_INTS,
	DLT_AK_PAIRS,
	DLT_AK_PADDING,
	DLT_AK_DTYPE		/* a dtype name */
};

struct dlt_attr_spec {
	const char		*name;
	enum dlt_attr_kind	 kind;
	int			 required;
	const char		*def;		/* default as the IR writes it, NULL: none */
	const char *const	*allowed;	/* STRING, PADDING: NULL-terminated; else NULL */
	int64_t			 min, max;	/* INT, INTS, PAIRS, PADDING: each value */
	double			 fmin, fmax;	/* FLOAT: the range, when fmin < fmax */
	int			 fexcl;		/* FLOAT: 1 excludes fmin, 2 excludes fmax */
	const char		*help;		/* one line, lower case */
};

struct dlt_op_info {
	const char	*name;
	int		 min_inputs, max_inputs;	/* max -1: any */
	int		 has_params;
	int		 is_activation;
	int		 spatial;	/* 1, 2, 3 for fixed-rank spatial ops, 0 otherwise */
	/* added with the op table: */
	int		 int_inputs;	/* 0 float only, 1 int or float, 2 int only (embedding) */
	const struct dlt_attr_spec *attrs;
	size_t		 nattrs;
	const char	*summary;	/* one line: inputs and output */
};
size_t				 dlt_op_count(void);
const struct dlt_op_info	*dlt_op_at(size_t);
int				 dlt_op_find(const char *);	/* -1 if unknown */
/* The nearest op name by edit distance, or NULL when none is close. */
const char			*dlt_op_suggest(const char *);
/* An op's attribute spec by name, or NULL. */
const struct dlt_attr_spec	*dlt_op_attr_spec(const struct dlt_op_info *, const char *);

/*
 * Dims as text, the one way dltriage prints them: "[1, 28, 28, 1]", or
 * "3x3" with DLT_DIMS_X.  dlt_dims_format appends to a strbuf;
 * dlt_dims_snprint writes into buf, truncating; dlt_shape_format writes a
 * shape, "?" for one not inferred (rank 0).
 */
#define DLT_DIMS_X	0x1
void	dlt_dims_format(struct strbuf *, const int64_t *, size_t, int flags);
void	dlt_dims_snprint(char *buf, size_t len, const int64_t *, size_t,
	    int flags);
void	dlt_shape_format(const struct dlt_shape *, char *buf, size_t len);

/*
 * Additions to the contract above (all optional for callers).
 */

/* The largest dim and the largest element or parameter count accepted. */
#define DLT_DIM_MAX	(INT64_C(1) << 31)
#define DLT_COUNT_MAX	(INT64_C(1) << 62)

/* Initialise an empty model (all zero is fine too). */
void	dlt_model_init(struct dlt_model *);
/* The dtype of value idx after dlt_model_infer (-1 unknown). */
int	dlt_model_value_dtype(const struct dlt_model *, int idx);
/* The name of value idx (a model input or a node). */
const char *dlt_model_value_name(const struct dlt_model *, int idx);
/* A node by name, or NULL; its index in *at when at is not NULL. */
struct dlt_node *dlt_model_node(const struct dlt_model *, const char *name, size_t *at);
/*
 * Attribute readers that fall back on the op table's default (then on
 * def): FLOAT accepts an INT value; BOOL returns 0 or 1; STRING returns a
 * borrowed pointer (NULL when absent without a default).  _ints copies up
 * to max values into out and returns how many there are (a default such
 * as "1" for strides counts as one value; -1 when absent without one).
 */
double		 dlt_node_attr_float(const struct dlt_node *, const char *, double def);
int		 dlt_node_attr_bool(const struct dlt_node *, const char *, int def);
const char	*dlt_node_attr_string(const struct dlt_node *, const char *);
int		 dlt_node_attr_ints(const struct dlt_node *, const char *, int64_t *out,
		    size_t max);
void	dlt_node_set_float(struct dlt_node *, const char *name, double);
void	dlt_node_set_bool(struct dlt_node *, const char *name, int);
void	dlt_node_set_pairs(struct dlt_node *, const char *name, const int64_t *,
	    size_t npairs);
/* Remove an attribute (back to its default); 0, or -1 when it was not set. */
int	dlt_node_unset(struct dlt_node *, const char *name);
/* Replace a node's op (RA, LS); attributes the new op lacks are dropped. */
void	dlt_node_set_op(struct dlt_node *, const char *op);
/*
 * Rename value references from `from` to `to` in every node and output,
 * except in the node named `to` itself (so that after inserting node B
 * on A's output, renaming A -> B leaves B reading A).
 */
void	dlt_model_rename_refs(struct dlt_model *, const char *from, const char *to);
/* A name not used by any input or node, from base ("conv1_copy", "conv1_copy2"...). */
char	*dlt_model_unique_name(const struct dlt_model *, const char *base);

#endif
