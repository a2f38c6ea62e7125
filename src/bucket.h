/*
 * bucket.h: bucket ids, the identity of a defect.  A bucket id is a
 * 64-bit hash of the normalised identity of a failure (framework, class,
 * kind, exception type, the normalised signature and the normalised top
 * three frames, or in place of the last three the normalised bucket key
 * its rule made); it is the same on every run and machine, and is
 * written as 16 lower-case hex digits wherever people or files see it.
 *
 * Normalisation applies the rule set's normalise entries (addresses,
 * shapes, numbers, ...) in order, so that two runs of one defect get one
 * bucket.
 */
#ifndef DLT_BUCKET_H
#define DLT_BUCKET_H

#include <stddef.h>
#include <stdint.h>

struct dlt_failure;
struct dlt_ruleset;

#define DLT_BUCKET_HEXLEN	16

/*
 * The bucket id of a classified failure.  The rule set is used only for
 * its normalise entries.
 */
uint64_t	 dlt_bucket_id(const struct dlt_ruleset *, const struct dlt_failure *);
/* Writes 16 lower-case hex digits and a NUL into out; returns out. */
const char	*dlt_bucket_hex(uint64_t, char out[DLT_BUCKET_HEXLEN + 1]);
/* Reads exactly 16 hex digits; 0, or -1 when s is not a bucket id. */
int		 dlt_bucket_parse(const char *s, uint64_t *);

/* Apply every normalise entry in order to s; returns a new string. */
char	*dlt_normalise(const struct dlt_ruleset *, const char *s, size_t len);

/*
 * What normalising a string replaced, for people (`dltriage show`): one
 * step per normalise entry that changed something, in the order applied,
 * with how many replacements it made and the first few texts it replaced
 * (as they stood when it ran: after the entries before it) with what
 * replaced them.  A replacement by the same text (an address already
 * "0xADDR") is not counted.  DLT_NORM_TRACE_INIT is an empty trace.
 */
#define DLT_NORM_EXAMPLES	3
struct dlt_norm_step {
	const char	*id;			/* the entry's id (the rule set's) */
	size_t		 count;			/* replacements made */
	char		*from[DLT_NORM_EXAMPLES];	/* owned */
	char		*to[DLT_NORM_EXAMPLES];		/* owned */
	size_t		 nexamples;
};
struct dlt_norm_trace {
	struct dlt_norm_step	*steps;
	size_t			 nsteps, alloc;
};
#define DLT_NORM_TRACE_INIT	{ NULL, 0, 0 }

/*
 * dlt_normalise, adding what it replaced to trace (which may be NULL:
 * then it is dlt_normalise).  Returns a new string.
 */
char	*dlt_normalise_trace(const struct dlt_ruleset *, const char *s,
	    size_t len, struct dlt_norm_trace *);
void	 dlt_norm_trace_release(struct dlt_norm_trace *);
/* Apply only normalise entry i; returns a new string. */
char	*dlt_normalise_one(const struct dlt_ruleset *, size_t i, const char *s,
	    size_t len);

/*
 * A set of distinct bucket ids (open addressing).  All-zero is an empty
 * set: DLT_BUCKET_SET_INIT or dlt_bucket_set_init().
 */
struct dlt_bucket_set {
	uint64_t	*slots;		/* 0 marks a free slot */
	size_t		 nslots;	/* a power of two, or 0 */
	size_t		 count;		/* ids held, the zero id included */
	int		 has_zero;	/* the id 0, which cannot take a slot */
};
#define DLT_BUCKET_SET_INIT	{ NULL, 0, 0, 0 }

void	dlt_bucket_set_init(struct dlt_bucket_set *);
void	dlt_bucket_set_release(struct dlt_bucket_set *);
/* Add an id; 1 when it was new, 0 when the set held it already. */
int	dlt_bucket_set_add(struct dlt_bucket_set *, uint64_t);

#endif
