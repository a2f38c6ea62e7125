/*
 * rule-model.h: the priority model that ships with the rules.
 *
 * `dltriage corpus train` learns it from the curated defect dataset
 * (corpus/defects) and writes it as a text file, priority.model, into a
 * rule directory; the rule loader reads the file of every rule directory
 * that has one (a later directory's replaces an earlier one's), and the
 * defects layer (priority.h) predicts with it.  This module is only the
 * data and its file format: reading, checking and writing.
 *
 * The model is a multinomial logistic regression over named binary
 * features of a failure (its framework, class, kind, exception type,
 * deciding rule, top frames and message words; priority.c makes them),
 * with the training set's rows kept as "known defects" so that every
 * prediction can name the real reports it resembles.
 *
 * The file is lines of tab-separated fields; '#' starts a comment line:
 *
 *	dltriage-priority-model	1
 *	rows	N			training rows
 *	source	TEXT			where they came from
 *	bias	B_low	B_medium	B_high
 *	calibration	T	A_low	A_medium	A_high
 *	decision	D_low	D_medium	D_high
 *	abstain	P
 *	feature	NAME	W_low	W_medium	W_high
 *	known	URL	PRIORITY	LABELS	FEATURE...
 *
 * The decision is the arg max of the class-balanced scores
 * (bias + sum of the present features' weights) plus the decision
 * offsets D (chosen on out-of-fold predictions for the best macro-F1;
 * 0 when the line is absent); it is "unknown" when
 * the balanced probability of that class is below P.  The probabilities
 * reported are calibrated: softmax((score + A) / T), where A undoes the
 * class balancing (log prior ratios) and T was fitted on held-out
 * predictions.  Feature names are sorted (binary search); a known
 * defect's features are space-separated names, its labels one
 * comma-separated string.
 */
#ifndef DLT_RULE_MODEL_H
#define DLT_RULE_MODEL_H

#include <stddef.h>
#include <stdio.h>

#include "vocab.h"

struct dlt_diags;

#define DLT_PRIO_MODEL_MAGIC	"dltriage-priority-model"
/*
 * Version 2 ends with "end<TAB>features<TAB>known", so that a file cut
 * short is refused; version 1 (without it) is still read.
 */
#define DLT_PRIO_MODEL_VERSION	2
#define DLT_PRIO_MODEL_FILE	"priority.model"

struct dlt_prio_known {
	char	*url;
	int	 priority;		/* enum dlt_priority */
	char	*labels;		/* "high priority, module: cuda" */
	size_t	*feat;			/* indices into the model's features, sorted */
	size_t	 nfeat;
};

struct dlt_prio_model {
	char			*path;		/* the file it was read from, or NULL */
	long			 rows;
	char			*source;
	double			 bias[DLT_PRIO_COUNT];
	double			 temperature;
	double			 adjust[DLT_PRIO_COUNT];
	double			 decision[DLT_PRIO_COUNT];
	double			 abstain;
	char			**feat;		/* sorted, unique */
	double			(*w)[DLT_PRIO_COUNT];
	size_t			 nfeat;
	struct dlt_prio_known	*known;
	size_t			 nknown;
};

/*
 * Read a model file.  Returns the model, or NULL after recording every
 * problem (file:line:col) in diags.
 */
struct dlt_prio_model	*dlt_prio_model_load(const char *path,
			    struct dlt_diags *);
void			 dlt_prio_model_free(struct dlt_prio_model *);
/* The index of a feature, or (size_t)-1. */
size_t			 dlt_prio_model_feature(const struct dlt_prio_model *,
			    const char *name);
/* Write m in the format above; 0, or -1 on a write error (errno set). */
int			 dlt_prio_model_write(const struct dlt_prio_model *, FILE *);
/*
 * Whether a string may be a feature name: 1..200 bytes, none of them a
 * space, a tab, a newline or another control byte.
 */
int			 dlt_prio_feature_ok(const char *);

#endif
