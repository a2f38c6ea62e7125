/*
 * mutate.h: the mutation operators (AFRM, DM, DT, GF, IN-BIG,
 * IN-DENORMAL, IN-INF, IN-INF-AT, IN-NAN, IN-NAN-AT, IN-NEGZERO, IN-ZERO,
 * LA, LC, LD, LS, NAI, NEB, NS, PM, PM-EDGE, RA, SM, WS; see
 * dltriage-mutate(1)) and the two ways of applying them.
 *
 * Generic mode applies an operator blindly, as LEMON- and COMET-style
 * tools do.  Aware mode checks every candidate: the IR's own shape and
 * dtype inference, then the constraint profile of every target framework
 * (profile.h); a candidate that fails is repaired (padding adjusted,
 * attributes clamped, a reshape inserted...) or redrawn, a bounded number
 * of times, and the reasons are counted.
 *
 * Everything is deterministic for a seed: the operators draw from their
 * own generator (xoshiro256** seeded with SplitMix64), never rand().
 */
#ifndef DLT_MUTATE_H
#define DLT_MUTATE_H

#include <stddef.h>
#include <stdint.h>

struct dlt_model;
struct dlt_target;

/*
 * aware: only mutants every target's profile accepts (repaired, else
 * redrawn).  generic: whatever the operators make.  probe (the
 * validation probe): only mutants the IR accepts and some target's
 * profile rejects, each with the checks it breaks recorded in its
 * parameters ("violates"): a framework that runs one silently, or
 * crashes on it instead of rejecting it, has a validation defect.
 */
enum dlt_mutate_mode {
	DLT_MUTATE_AWARE,
	DLT_MUTATE_GENERIC,
	DLT_MUTATE_PROBE
};

/* "aware", "generic", "probe"; and back (-1 when unknown). */
const char	*dlt_mutate_mode_name(enum dlt_mutate_mode);
int		 dlt_mutate_mode_find(const char *);

/*
 * Whether a profile violation is one a probe aims at: a check the
 * framework documents as its own validation.  Not: an op the profile does
 * not know, an op the framework lacks, a rank the IR itself refuses, an
 * empty output (a semantics choice, kept apart by the oracles).
 */
int		 dlt_probe_check_kind(int check);

/*
 * The validation check of one target that a model breaks first, as
 * "dtypes at 'c1' (conv2d)", or NULL when its profile accepts the model
 * or rejects it only by checks no probe aims at.  The caller frees it.
 */
char		*dlt_probe_violation(const struct dlt_target *,
		    const struct dlt_model *);

struct dlt_mutop_info {
	const char	*name;		/* "LD" */
	const char	*title;		/* "layer deletion" */
	const char	*summary;	/* what it does */
	int		 weight_level;	/* recorded as weight mutations */
};

size_t				 dlt_mutop_count(void);
const struct dlt_mutop_info	*dlt_mutop_at(size_t);	/* NULL past the end */
int				 dlt_mutop_find(const char *);	/* -1 if unknown */

/* The pseudo-random generator: xoshiro256**, seeded with SplitMix64. */
struct dlt_rng {
	uint64_t	s[4];
};
void		dlt_rng_seed(struct dlt_rng *, uint64_t);
uint64_t	dlt_rng_next(struct dlt_rng *);
uint64_t	dlt_rng_below(struct dlt_rng *, uint64_t);	/* [0, n), n > 0 */
double		dlt_rng_double(struct dlt_rng *);		/* [0, 1) */
uint64_t	dlt_splitmix64(uint64_t *);

/* Why candidates were rejected, with counts. */
struct dlt_reason {
	char	*text;
	long	 n;
};

/* Counts for one operator. */
struct dlt_mutate_stats {
	long			 requested;	/* mutants asked for */
	long			 drawn;		/* candidates drawn (tries) */
	long			 emitted;	/* mutants made */
	long			 repaired;	/* of those, repaired */
	long			 rejected;	/* candidates rejected (then redrawn) */
	long			 failed;	/* mutants not made: no legal candidate */
	long			 duplicates;	/* made, but the same as an earlier one */
	char			*not_applicable; /* why the operator cannot apply */
	struct dlt_reason	*reasons;	/* of the rejections */
	size_t			 nreasons, alloc;
};

void	dlt_mutate_stats_release(struct dlt_mutate_stats *);

/* What mutants are made of and for.  All of it is borrowed. */
struct dlt_mutator {
	const struct dlt_model	*parent;	/* loaded and inferred */
	const struct dlt_target	*targets;	/* aware mode: the frameworks */
	size_t			 ntargets;
	enum dlt_mutate_mode	 mode;
	int			 max_tries;	/* aware mode: candidates per mutant */
};

#define DLT_MUTATE_MADE		0
#define DLT_MUTATE_NOT_APPLICABLE 1
#define DLT_MUTATE_FAILED	2

/*
 * Make one mutant of mu->parent with operator op (an index of the
 * operator table) from seed.  On DLT_MUTATE_MADE, *out holds the mutant
 * (the caller releases it) with its mutation record filled in.
 * DLT_MUTATE_NOT_APPLICABLE sets st->not_applicable to a sentence such as
 * "LS: no two layers with matching input and output shapes in 'lenet5'";
 * DLT_MUTATE_FAILED means aware mode found no legal candidate within
 * max_tries.  The counts go to *st.
 */
int	dlt_mutate(const struct dlt_mutator *, int op, uint64_t seed,
	    struct dlt_model *out, struct dlt_mutate_stats *st);

/*
 * A campaign: n mutants per operator of one parent, in a fixed order
 * (for k in 0..n-1, for each operator) so that the same seed gives the
 * same mutants whoever runs it (dltriage mutate today, dltriage run
 * later).  Mutant k of operator OP has the seed dlt_campaign_seed(seed,
 * OP, k) and the name PARENT-op-kkkk; with outdir set it is written there
 * as IR YAML (outdir/NAME.yaml), then handed to fn.
 *
 *	struct dlt_campaign	c;
 *
 *	dlt_campaign_init(&c);
 *	c.mu = ...; c.ops = ...; c.nops = ...; c.n = 3; c.seed = 1;
 *	c.outdir = "out"; c.fn = record; c.arg = &state;
 *	rc = dlt_campaign_run(&c);
 *	... c.stats[op] ...
 *	dlt_campaign_release(&c);
 */
struct dlt_mutant {
	const struct dlt_model	*model;		/* the mutant, named */
	const char		*path;		/* where it was written, or NULL */
	int			 op;		/* its operator */
	long			 k;		/* its index for that operator */
	uint64_t		 seed;
};

/* Called for every mutant made; a non-zero return stops the campaign. */
typedef int (*dlt_mutant_fn)(const struct dlt_mutant *, void *);

struct dlt_campaign {
	/* set by the caller; all borrowed */
	struct dlt_mutator	 mu;		/* parent, targets, mode, tries */
	const int		*ops;		/* operator indices, in order */
	size_t			 nops;
	long			 n;		/* mutants per operator */
	uint64_t		 seed;
	const char		*outdir;	/* NULL: do not write */
	dlt_mutant_fn		 fn;		/* NULL: none */
	void			*arg;
	/* filled by dlt_campaign_run: one per operator of the table (owned) */
	struct dlt_mutate_stats	*stats;
	/* the seed's shape, and the mutants' made so far with their operator */
	uint64_t		 seed_hash;
	uint64_t		*made;
	size_t			 nmade, made_alloc;
};

void	 dlt_campaign_init(struct dlt_campaign *);
/*
 * Make the mutants.  0; -1 when a mutant could not be written (the error
 * is printed) or fn returned non-zero: the campaign stops there and the
 * stats count what was done.  An operator that does not apply to the
 * parent is tried once and then skipped (stats[op].not_applicable).
 */
int	 dlt_campaign_run(struct dlt_campaign *);
void	 dlt_campaign_release(struct dlt_campaign *);
uint64_t dlt_campaign_seed(uint64_t seed, const char *op, long k);
/*
 * What a mutant computes, as a hash: its inputs, nodes and outputs, not its
 * name, description, seed or mutation record.  Two mutants of an operator
 * with the same hash are one mutant, and one with its seed's hash is no
 * mutant; a campaign draws again (DLT_CAMPAIGN_REDRAWS times) rather than
 * make it, and counts it in stats[op].duplicates when every draw was one.
 * (Per operator, so that a mutant does not depend on the operators asked
 * for with its own.)
 */
uint64_t dlt_campaign_shape_hash(const struct dlt_model *);
#define DLT_CAMPAIGN_REDRAWS	8
/* "lenet5-ld-0003": the parent's name, the operator in lower case, k (owned). */
char	*dlt_campaign_name(const char *parent, const char *op, long k);

#endif
