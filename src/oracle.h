/*
 * oracle.h: the output oracles of "dltriage run".  For one mutant, given
 * what each framework did with it (its status and, when it ran, its
 * outputs as doubles with dtype and shape), decide what is a finding:
 *
 * - nan: NaN or Inf on some frameworks but not others (a defect
 *   candidate), on all of them (the model itself, recorded), or where
 *   the IR injected NaN/Inf into an input (expected; settings say how
 *   much of it to keep);
 * - inconsistency: per output and pair of frameworks, shape or dtype
 *   mismatch, or values outside |a - b| <= atol + rtol * |b| with
 *   tolerances per dtype; the figures (max absolute and relative
 *   difference, elements out of tolerance, LEMON's D_MAD) are kept for
 *   every pair, for the store's comparisons;
 * - acceptance: a framework rejected a model that others ran;
 * - equivalence: the mutant's outputs equal its seed model's on every
 *   framework, within tolerance.
 *
 * Thresholds and settings are data (rules/oracles/oracles.yaml, dltriage-
 * rules(5), ORACLES), loaded with file:line:col problems; the file's
 * samples are checked by dlt_oracle_cfg_check_samples().
 * dlt_oracle_compare() is a pure computation: no I/O.
 *
 * Ownership: each struct owns what it points to and comes with _init
 * and _release; a result copies every name it keeps, so it outlives the
 * outputs it was computed from.
 */
#ifndef DLT_ORACLE_H
#define DLT_ORACLE_H

/*
 * What an execution mode adds to the IR's outputs is named KIND:NAME, a
 * name no IR output can have (':' is not in the IR's names), and
 * compared among the targets that give it only: "grad:INPUT" (+grad:
 * the gradient of a weighted sum of the outputs with respect to INPUT),
 * "step:NAME" (+grad: the outputs after one optimizer step), "int8:NAME"
 * (+int8: the outputs of the model Keras quantized); the harness's
 * names.GRAD_PREFIX, STEP_PREFIX and INT8_PREFIX.
 */
/*
 * An output's float64 twin, computed by one target beside its float32
 * output (the request's "reference"): "ref64:NAME".  Not compared; it
 * tells the oracle how far float32 rounding alone moves each element.
 */
#define DLT_REF64_PREFIX	"ref64:"

#include <stddef.h>
#include <stdint.h>

struct dlt_diags;
struct dlt_npy;

#define DLT_OUT_MAXRANK	32

/* What a framework did with the model (the runner's outcomes). */
enum dlt_fw_status {
	DLT_FWS_OK,		/* ran: outputs */
	DLT_FWS_REJECTED,	/* raised its own exception */
	DLT_FWS_OTHER		/* crash, timeout, oom, harness: no evidence here */
};

struct dlt_output {
	char	*name;
	char	*dtype;		/* "float32", "bfloat16", "int64", "bool"... */
	int	 rank;
	int64_t	 shape[DLT_OUT_MAXRANK];
	size_t	 count;		/* the product of shape */
	double	*values;	/* count values in C order; NULL when 0 */
};

/* One framework's run of one model. */
struct dlt_outputs {
	char			*framework;
	enum dlt_fw_status	 status;
	struct dlt_output	*v;
	size_t			 n, alloc;
};

void	dlt_outputs_init(struct dlt_outputs *, const char *framework,
	    enum dlt_fw_status);
void	dlt_outputs_release(struct dlt_outputs *);
/*
 * Add an output (copied).  count must be the product of shape (rank 0: a
 * scalar, count 1); -1 when it is not, or when rank is out of range.
 */
int	dlt_outputs_add(struct dlt_outputs *, const char *name,
	    const char *dtype, const int64_t *shape, int rank,
	    const double *values, size_t count);
/*
 * Add an output read from a .npy file; dtype NULL takes the file's (the
 * harness writes bfloat16 as float32 and says bfloat16 in result.json).
 */
int	dlt_outputs_add_npy(struct dlt_outputs *, const char *name,
	    const char *dtype, const struct dlt_npy *);
const struct dlt_output *dlt_outputs_find(const struct dlt_outputs *,
	    const char *name);

/* What to do with a kind of finding. */
enum dlt_oracle_action {
	DLT_OA_IGNORE,		/* no finding */
	DLT_OA_RECORD,		/* a finding that is not a defect */
	DLT_OA_DEFECT		/* a defect candidate */
};

enum dlt_dmad_ref {
	DLT_DMAD_MEDIAN,	/* element-wise median of the frameworks */
	DLT_DMAD_ZERO		/* zero: compares magnitudes */
};

struct dlt_tolerance {
	char	*dtype;		/* a dtype name, "int", "bool" or "default" */
	double	 atol, rtol;
};

struct dlt_oracle_sample;

struct dlt_oracle_cfg {
	char			*file;		/* NULL: the built-in defaults */
	struct dlt_tolerance	*tol;
	size_t			 ntol;
	double			 dmad_threshold;
	enum dlt_dmad_ref	 dmad_reference;
	int			 dmad_min_frameworks;
	/*
	 * float64_reference: where one target also gave an output's float64
	 * twin (DLT_REF64_PREFIX), with s its largest |float32 - float64|
	 * in units of the element's tolerance, every tolerance of the
	 * output is multiplied by 1 + factor * min(s, cap); factor 0: not
	 * used.
	 */
	double			 ref_factor, ref_cap;
	enum dlt_oracle_action	 nan_on_some, nan_on_all;
	enum dlt_oracle_action	 injected_on_some, injected_on_all;
	enum dlt_oracle_action	 shape_mismatch, dtype_mismatch, values;
	enum dlt_oracle_action	 acceptance;	/* the others ran it */
	enum dlt_oracle_action	 acceptance_empty; /* ... to empty outputs */
	struct dlt_oracle_sample *samples;
	size_t			 nsamples;
};

/*
 * The built-in defaults, the same as the shipped rules/oracles/oracles.yaml
 * (all zero is not a usable configuration).
 */
void	dlt_oracle_cfg_init(struct dlt_oracle_cfg *);
void	dlt_oracle_cfg_release(struct dlt_oracle_cfg *);
/*
 * Load a settings file over the defaults (keys it does not give keep
 * theirs).  0, or -1 with every problem recorded; then cfg holds the
 * defaults.
 */
int	dlt_oracle_cfg_load(struct dlt_oracle_cfg *, const char *path,
	    struct dlt_diags *);
int	dlt_oracle_cfg_load_buffer(struct dlt_oracle_cfg *, const char *name,
	    const char *buf, size_t len, struct dlt_diags *);
/* The tolerance for a dtype: its own, "int"/"bool", else "default". */
const struct dlt_tolerance *dlt_oracle_tolerance(const struct dlt_oracle_cfg *,
	    const char *dtype);
/*
 * Run every sample of the file and record a problem at the sample for
 * each expectation that does not hold.  Returns the number of samples
 * that failed.
 */
size_t	dlt_oracle_cfg_check_samples(const struct dlt_oracle_cfg *,
	    struct dlt_diags *);
size_t	dlt_oracle_cfg_nsamples(const struct dlt_oracle_cfg *);

enum dlt_oracle_class {
	DLT_OC_NAN,
	DLT_OC_INCONSISTENCY,
	DLT_OC_ACCEPTANCE
};
const char *dlt_oracle_class_name(enum dlt_oracle_class);

enum dlt_pair_verdict {
	DLT_PV_SAME,		/* bit for bit (NaN where NaN) */
	DLT_PV_CLOSE,		/* within tolerance */
	DLT_PV_DIFFER,		/* values out of tolerance */
	DLT_PV_NONFINITE,	/* finite values close; NaN/Inf differ */
	DLT_PV_SHAPE,		/* shapes differ: nothing compared */
	DLT_PV_DTYPE		/* dtypes differ (values compared too) */
};
const char *dlt_pair_verdict_name(enum dlt_pair_verdict);

/* One output compared on two frameworks (a before b, in input order). */
struct dlt_oracle_pair {
	char			*fw_a, *fw_b, *output;
	enum dlt_pair_verdict	 verdict;
	size_t			 count;		/* elements compared */
	size_t			 mismatched;	/* out of tolerance, NaN/Inf too */
	size_t			 nonfinite;	/* of which NaN/Inf differ */
	double			 max_abs, max_rel;	/* finite elements */
	double			 dmad;		/* NaN when not computed */
	double			 atol, rtol;	/* the tolerance used */
	size_t			 noisy;		/* out of atol/rtol, within the
						   float64 reference's noise */
};

struct dlt_oracle_finding {
	enum dlt_oracle_class	 cls;
	char			*kind;		/* "nan-on-some", "inconsistency:max-rel" */
	int			 defect;	/* 0: recorded only */
	char			*output;	/* NULL: the whole model */
	char			*frameworks;	/* "pytorch,jax": those it is about */
	char			*signature;	/* one line, for buckets */
	char			*evidence;	/* lines for the failure record */
};

struct dlt_oracle_result {
	struct dlt_oracle_pair		*pairs;
	size_t				 npairs, pairs_alloc;
	struct dlt_oracle_finding	*findings;
	size_t				 nfindings, findings_alloc;
	int				 ran;		/* frameworks with status ok */
	int				 equivalent;	/* -1: no seed outputs */
};

void	dlt_oracle_result_init(struct dlt_oracle_result *);
void	dlt_oracle_result_release(struct dlt_oracle_result *);

/*
 * Compare one mutant's runs (one struct dlt_outputs per framework, in a
 * fixed order) and, when seed is not NULL, the seed model's runs on the
 * same frameworks (matched by framework name; outputs by name, else by
 * position).  injected: what the IR fills an input with everywhere,
 * DLT_INJ_* bits (NaN/Inf findings are then expected; the differences
 * of what a mode derives, KIND:NAME, are recorded, not defects).  The
 * result is initialised here.
 */
#define DLT_INJ_NONFINITE	1	/* NaN or Inf */
#define DLT_INJ_DENORMAL	2	/* subnormal values */
void	dlt_oracle_compare(const struct dlt_oracle_cfg *, int injected,
	    const char *compute_dtype,
	    const struct dlt_outputs *seed, size_t nseed,
	    const struct dlt_outputs *mutant, size_t nmutant,
	    struct dlt_oracle_result *);

#endif
