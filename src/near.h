/*
 * near.h: near-duplicate buckets, the fuzzy grouping beside the exact
 * bucket id.  Two buckets whose exact ids differ may still be one defect:
 * the same top frames after filtering, the same exception with another
 * number or name in its message, the same failure reached from a caller
 * one frame further out.  This module scores a pair of buckets in [0,1]
 * and explains what they share and what differs; it proposes, it never
 * merges: the exact id stays what it is.
 *
 * The score.  Only buckets of the same class and exception type (none
 * counts as a type) are compared at all: that is the block, and the
 * reason a store of 10^4 buckets costs little.  Their frameworks must be
 * the same too, unless one of them is unknown (a log that names no
 * framework is not of another one): such a pair is scored, and the
 * explanation says the frameworks differ.  Within a block, the score is
 * a weighted mean of the parts both buckets have:
 *
 *	message	0.5	Jaccard similarity of the tokens of the exception's
 *			message (of the signature when there is no
 *			exception), after the rule set's normalise entries,
 *			with numbers, hex, digits inside names and quoted
 *			text abstracted ('Half' and 'Float' are one token)
 *	frames	0.4	the longest common prefix of the top DLT_NEAR_TOP
 *			frames (innermost first), after the rule set's
 *			ignore-frames and normalise entries, over the
 *			longer of the two; left out when neither has frames
 *	kind	0.1	1 when the kinds are the same, else 0
 *
 * The mutation operators and seed models that reached a bucket (when its
 * failures came from `run`) never lower the score: a defect reached from
 * two operators is still one defect; they are named in the explanation.
 *
 * DLT_NEAR_THRESHOLD is where a pair is proposed as one defect: 0.75
 * needs, with the kind the same, identical top frames and half the
 * message's tokens, or the same message and the first frames of five in
 * common; an unrelated message with the same frames (0.6) or the same
 * message reached from elsewhere (0.6) is not enough.
 *
 * Ownership: a struct dlt_near_item owns its strings
 * (dlt_near_item_release); an index borrows its items and rule set, which
 * must outlive it; a match owns its explanation (dlt_near_matches_free).
 */
#ifndef DLT_NEAR_H
#define DLT_NEAR_H

#include <stddef.h>

struct dlt_ruleset;

#define DLT_NEAR_THRESHOLD	0.75
#define DLT_NEAR_FRAMES		8	/* frames an item keeps */
#define DLT_NEAR_TOP		5	/* frames compared */

/* One bucket, as the score sees it. */
struct dlt_near_item {
	char	*id;			/* the bucket id, 16 hex digits */
	char	*framework, *cls, *kind;	/* kind may be NULL */
	char	*exc_type;		/* or NULL */
	char	*message;		/* the exception's message, else the signature */
	char	*frames[DLT_NEAR_FRAMES];	/* innermost first, as classify kept them */
	size_t	 nframes;
	char	*operators;		/* "LA,PM": its run failures' operators, or NULL */
	char	*models;		/* their seed models, or NULL */
};
void	dlt_near_item_release(struct dlt_near_item *);

/* One proposed pair, with why. */
struct dlt_near_match {
	size_t	 a, b;			/* indices of the items */
	double	 score;			/* [0,1] */
	double	 message;		/* the message part, [0,1] */
	double	 frames;		/* the frames part, or -1: neither has frames */
	int	 same_kind;
	char	*shared;		/* what they share, one line */
	char	*differs;		/* what differs, one line */
};
void	dlt_near_matches_free(struct dlt_near_match *, size_t);
/* A framework no evidence named: none, "" or "unknown". */
int	dlt_near_framework_unknown(const char *);

struct dlt_near_index;

/*
 * Prepare items[0..n) for scoring: their tokens, filtered frames and
 * blocks.  rs gives the normalise and ignore-frames entries.
 */
struct dlt_near_index	*dlt_near_index_new(const struct dlt_ruleset *rs,
			    const struct dlt_near_item *items, size_t n);
void			 dlt_near_index_free(struct dlt_near_index *);

/*
 * Score items a and b into *m (with its explanation; release it with
 * dlt_near_matches_free(m, 1)).  Items of different blocks score 0.
 */
void	dlt_near_score(const struct dlt_near_index *, size_t a, size_t b,
	    struct dlt_near_match *m);

/*
 * The items near item i, score >= min, best first (ties by id): *out is
 * a new array of *n matches (a is i), NULL when there is none.
 */
void	dlt_near_find(const struct dlt_near_index *, size_t i, double min,
	    struct dlt_near_match **out, size_t *n);
/*
 * The same without the explanations (shared and differs NULL): the
 * matches of item i are those dlt_near_find_all pairs it in, in the same
 * order, at the cost of its block alone.
 */
void	dlt_near_find_scores(const struct dlt_near_index *, size_t i,
	    double min, struct dlt_near_match **out, size_t *n);
/* Every pair with score >= min (a < b), best first. */
void	dlt_near_find_all(const struct dlt_near_index *, double min,
	    struct dlt_near_match **out, size_t *n);

#endif
