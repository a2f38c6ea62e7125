/*
 * mutate.h: the mutation operators (AFRM, DM, DT, GF, IN-INF, IN-NAN,
 * IN-ZERO, LA, LC, LD, LS, NAI, NEB, NS, PM, RA, SM, WS; see
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

enum dlt_mutate_mode {
	DLT_MUTATE_AWARE,
	DLT_MUTATE_GENERIC
};

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

#endif
