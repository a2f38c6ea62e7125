/*
 * runner-reduce.h: delta debugging of a failing mutant on the model IR
 * (dltriage report): layers the failure does not need are removed (the
 * graph reconnected through each removed node's first input), inputs
 * nothing reads any more are dropped, and input dims are halved while
 * the model stays valid; each candidate runs in a fresh process through
 * the same path as dltriage reproduce (runner-repro.h) and is kept only
 * when it fails again with one of the recorded buckets (the same defect,
 * not just any failure).  Bounded by a time budget and a trial count.
 */
#ifndef DLT_RUNNER_REDUCE_H
#define DLT_RUNNER_REDUCE_H

#include <stddef.h>
#include <stdint.h>

struct dlt_repro;
struct dlt_ruleset;

struct dlt_reduce_opts {
	double		 budget;	/* seconds for all trials */
	int		 max_trials;
	double		 timeout;	/* of one trial, at most */
	uint64_t	 memory;	/* UINT64_MAX: run's default cap */
};

/* What a model IR holds, for a report. */
struct dlt_model_facts {
	size_t		 nodes, inputs;
	int64_t		 elements;	/* of the inputs, all together */
	int64_t		 params;
	char		*shapes;	/* "1×3×224×224, 1×10" */
	char		*dtypes;	/* of the inputs: "float16, int64" */
	char		*ops;		/* distinct, in order: "conv2d, relu" */
	char		*last_op;	/* the op of the last node */
	char		*last_dtype;	/* what it computes in */
	char		*mutated_op;	/* the op of the mutated node, or NULL */
	int		 nonfinite;	/* an input is filled with NaN or Inf */
	char		*listing;	/* a line an input and a layer:
					   "p1 = avg_pool2d(x) pool=[2, 2]
					   -> float32 1×4×1×1" */
};
/* The facts of ir_json: 0, or -1 when it is not a valid model. */
int	dlt_model_facts_get(const char *ir_json, struct dlt_model_facts *);
void	dlt_model_facts_release(struct dlt_model_facts *);

struct dlt_reduce_result {
	int			 reproduced;	/* the mutant failed again first */
	int			 trials;	/* executions, the first included */
	double			 seconds;
	int			 budget_hit;	/* stopped by the budget */
	int			 trials_hit;	/* stopped by the trial count */
	int			 error;		/* stopped by an error (said) */
	char			*ir_json;	/* the smallest failing IR, or NULL
						   (not reproduced) */
	struct dlt_model_facts	 before, after;
};
void	dlt_reduce_result_release(struct dlt_reduce_result *);

/*
 * Reduce r's execution (r resolved, r->quiet set by the caller): 0, with
 * res->ir_json the smallest model that still fails with the same bucket
 * (the mutant itself when nothing could go), or NULL when the mutant did
 * not fail again; -1 when the recorded IR cannot be read.
 */
int	dlt_reduce(struct dlt_repro *, struct dlt_ruleset *,
	    const struct dlt_reduce_opts *, struct dlt_reduce_result *);

#endif
