/*
 * priority-train.h: learning the priority model from the curated defect
 * dataset, and measuring it (`dltriage corpus train`, `corpus eval`).
 *
 * Each report of the dataset (corpus/defects/defects.jsonl: one JSON
 * object a line with url, framework, number, priority, log, api and
 * labels) becomes an example: its log is classified with the rule set,
 * as `classify` would, and the features of its primary failure (the
 * most severe one; priority.h) are the example's, so that training sees
 * exactly what prediction will see.
 *
 * The learner is a multinomial logistic regression with class-balanced
 * weights and an L2 penalty, fitted by full-batch gradient descent with
 * per-weight step sizes (AdaGrad); features seen in fewer than min_count
 * training rows are left out.  Its probabilities are then calibrated on
 * out-of-fold predictions (rule-model.h: log-prior adjustment and a
 * temperature).  Everything is deterministic: the same data gives the
 * same model file.
 */
#ifndef DLT_PRIORITY_TRAIN_H
#define DLT_PRIORITY_TRAIN_H

#include <stddef.h>

#include "priority.h"

struct dlt_classifier;
struct dlt_diags;
struct dlt_prio_model;
struct strbuf;

struct dlt_prio_example {
	struct dlt_prio_feats	 feats;
	int			 label;		/* enum dlt_priority */
	char			*url;
	char			*labels;	/* comma-separated */
	char			*framework;
	long			 number;	/* issue number: time order in a tracker */
	char			*group;		/* never split: shares an api or a bucket */
	char			*bucket;	/* "bucket:ID" of its failure, or NULL */
	int			 rule_prio;	/* the rule layer alone */
	int			 security;	/* the deciding rule's flag */
	int			 hint;		/* the deciding rule's priority, or UNSET */
	double			 hint_conf;	/* and its confidence; < 0 without */
	int			 failed;	/* the log showed a failure */
	int			 train_only;	/* chosen for its label: trained on,
						   never tested, no part of the
						   class frequencies */
};

struct dlt_prio_examples {
	struct dlt_prio_example	*v;
	size_t			 n, alloc;
	long			 skipped;	/* rows without a usable priority */
	long			 train_only;	/* rows marked "train_only" */
};

/*
 * Read a dataset and classify its logs.  Returns 0, or -1 after recording
 * every problem (file:line:col) in diags; examples read before a problem
 * are kept.
 */
int	dlt_prio_examples_load(const char *path, struct dlt_classifier *,
	    struct dlt_prio_examples *, struct dlt_diags *);
void	dlt_prio_examples_release(struct dlt_prio_examples *);
/*
 * What corpus train and corpus eval share: load path (NULL: the shipped
 * dataset) with rules, print its problems, and refuse fewer than min
 * usable reports (what names the use: "a model", "an evaluation").
 * Returns 0, or -1 after saying why.  *used gets the path read.
 */
int	dlt_prio_dataset(const struct dlt_ruleset *, const char *path,
	    size_t min, const char *what, struct dlt_prio_examples *,
	    char **used);

struct dlt_prio_train_opts {
	double	l2;		/* penalty per weight */
	int	epochs;
	int	min_count;	/* rows a feature must appear in */
	double	abstain;	/* the model's abstain threshold */
	int	folds;		/* for calibration */
	double	recency;	/* the oldest report weighs exp(-recency) */
};
#define DLT_PRIO_TRAIN_DEFAULTS { 0.02, 400, 2, 0.40, 5, 0.0 }

/*
 * Train on the examples whose use[i] is non-zero (all when use is NULL),
 * with calibration.  source is recorded in the model.
 */
struct dlt_prio_model	*dlt_prio_train(const struct dlt_prio_examples *,
			    const unsigned char *use,
			    const struct dlt_prio_train_opts *, const char *source);

/* One evaluation: which rows were tested and what three predictors said. */
struct dlt_prio_eval {
	const char	*name;		/* "time", "validation", "grouped", "model" */
	size_t		 n;		/* rows tested */
	/* confusion[predictor][expected][predicted], predicted 3 = unknown */
	long		 confusion[3][DLT_PRIO_COUNT][DLT_PRIO_COUNT + 1];
	double		 brier[3];
	long		 abstained;
	/* reliability of the model: bins of confidence 0.0-0.1 ... 0.9-1.0 */
	long		 bin_n[10], bin_right[10];
	double		 bin_conf[10];
	long		 train_n;
	long		 seen;		/* model split: tested rows it was trained on */
};
#define DLT_EVAL_MODEL		0
#define DLT_EVAL_RULES		1
#define DLT_EVAL_MAJORITY	2

/*
 * Time split: per framework, the newest fraction of reports (by issue
 * number) is tested on a model trained on the older ones.
 */
void	dlt_prio_eval_time(const struct dlt_prio_examples *, double fraction,
	    const struct dlt_prio_train_opts *, struct dlt_prio_eval *);
/*
 * The time split of the time split's training side: per framework, its
 * newest fraction tested on a model trained on the older rest; the time
 * split's test side is left out.  Choices of the learner are made on
 * this one, never on the time split's test side.
 */
void	dlt_prio_eval_validation(const struct dlt_prio_examples *,
	    double fraction, const struct dlt_prio_train_opts *,
	    struct dlt_prio_eval *);
/*
 * Grouped k-fold: reports sharing an api or a bucket are never split
 * between training and test.
 */
void	dlt_prio_eval_grouped(const struct dlt_prio_examples *, int folds,
	    const struct dlt_prio_train_opts *, struct dlt_prio_eval *);

/*
 * A model as it is (the shipped one, or a rule directory's), nothing
 * trained: every report of ex tested on m.  ev->seen counts the reports
 * whose url is among the model's own training rows.
 */
void	dlt_prio_eval_model(const struct dlt_prio_examples *,
	    const struct dlt_prio_model *, struct dlt_prio_eval *);

/* Figures of one predictor in an evaluation. */
double	dlt_prio_eval_macro_f1(const struct dlt_prio_eval *, int predictor);
double	dlt_prio_eval_recall(const struct dlt_prio_eval *, int predictor,
	    int prio);
double	dlt_prio_eval_precision(const struct dlt_prio_eval *, int predictor,
	    int prio);
double	dlt_prio_eval_accuracy(const struct dlt_prio_eval *, int predictor);

#endif
