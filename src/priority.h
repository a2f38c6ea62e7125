/*
 * priority.h: how urgent a failure is, as the framework's developers
 * would rate it.
 *
 * Three layers decide, first match wins (dlt_priority_assign):
 *   1. memory corruption (the deciding rule's security flag) is high;
 *   2. a rule whose priority hint comes with a confidence of at least
 *      DLT_PRIORITY_RULE_OVERRIDE is an auditable override (PyTorch's
 *      documented criteria, in the rule files);
 *   3. the priority model that ships with the rules (rule-model.h),
 *      learned from the curated defect dataset by `dltriage corpus
 *      train`; it abstains ("unknown") when unsure;
 *   4. without a model: the rule's hint, else a default from the class
 *      (crashes, NaNs and inconsistencies medium, the rest low).
 *
 * The model's input is a set of named features of the failure
 * (dlt_prio_features): the same function makes them for training rows
 * and for failures being classified, so the two cannot drift apart.
 */
#ifndef DLT_PRIORITY_H
#define DLT_PRIORITY_H

#include <stddef.h>

#include "vocab.h"

struct dlt_failure;
struct dlt_prio_model;
struct dlt_prio_known;
struct dlt_ruleset;

/* The confidence of a failure no rule or model decided. */
#define DLT_PRIORITY_DEFAULT_CONFIDENCE	0.3
/* A rule hint at least this confident overrides the model. */
#define DLT_PRIORITY_RULE_OVERRIDE	0.9

/* What decided a failure's priority. */
enum dlt_prio_source {
	DLT_PRIO_SRC_SECURITY,
	DLT_PRIO_SRC_RULE,
	DLT_PRIO_SRC_MODEL,
	DLT_PRIO_SRC_DEFAULT
};
const char	*dlt_prio_source_name(int);	/* "security", "rule", "model", "default" */

/* A sorted set of feature names (owned). */
struct dlt_prio_feats {
	char	**v;
	size_t	  n, alloc;
};

void	dlt_prio_feats_release(struct dlt_prio_feats *);
/* The features of a failure; framework overrides f's when not NULL. */
void	dlt_prio_features(const struct dlt_failure *, const char *framework,
	    struct dlt_prio_feats *);
/*
 * The features of a report whose log showed no failure, from what the
 * report says: its framework, class and kind (each may be NULL; a class
 * that is not one of the vocabulary is "none") and the api it names.
 */
void	dlt_prio_features_report(const char *framework, const char *cls,
	    const char *kind, const char *api, struct dlt_prio_feats *);

struct dlt_prio_pred {
	int	priority;		/* enum dlt_priority, or DLT_PRIO_UNKNOWN */
	int	best;			/* the model's choice before abstaining */
	double	p[DLT_PRIO_COUNT];	/* calibrated probabilities */
	double	balanced;		/* the class-balanced probability of best */
	double	confidence;		/* p[best] */
};

/* The model's scores: bias plus the weights of the features it knows. */
void	dlt_prio_scores(const struct dlt_prio_model *,
	    const struct dlt_prio_feats *, double score[DLT_PRIO_COUNT]);
void	dlt_prio_predict(const struct dlt_prio_model *,
	    const struct dlt_prio_feats *, struct dlt_prio_pred *);

/* A feature that weighed in a prediction. */
struct dlt_prio_weight {
	const char	*feature;	/* the model's */
	double		 weight;	/* toward the class asked about, minus the others' mean */
};
/* The k features that weighed most toward (or against) prio; how many. */
size_t	dlt_prio_weighed(const struct dlt_prio_model *,
	    const struct dlt_prio_feats *, int prio, struct dlt_prio_weight *,
	    size_t k);

/* A known defect near a failure. */
struct dlt_prio_near {
	const struct dlt_prio_known	*known;
	double				 similarity;	/* weighted Jaccard, 0..1 */
};
/* The k known defects nearest to the features, best first; how many. */
size_t	dlt_prio_nearest(const struct dlt_prio_model *,
	    const struct dlt_prio_feats *, struct dlt_prio_near *, size_t k);

/* The default priority for a class, without rules or a model. */
int	dlt_priority_default(int cls, int security);
/*
 * Set f's priority and confidence, as above, with the model of rules
 * (which may be NULL, or have none).  Returns an enum dlt_prio_source.
 */
int	dlt_priority_assign(const struct dlt_ruleset *, struct dlt_failure *);

#endif
