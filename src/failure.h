/*
 * failure.h: one classified failure, the unit that classify prints and
 * the store keeps.  A struct dlt_failure owns all its strings;
 * dlt_failure_release() frees them.
 *
 * It is the classifier's product (classify.h): the classifier decides
 * everything in it but the bucket id, the priority and the confidence,
 * and records the deciding rule's hints for those (prio_hint,
 * conf_hint).  The defects layer completes it: dlt_failure_finish()
 * (sink.h) sets the bucket (bucket.h), the priority and the confidence
 * (priority.h).  A sink does so before its consumers see the failure;
 * any other caller of the classifier that needs them does so in its
 * callback.
 */
#ifndef DLT_FAILURE_H
#define DLT_FAILURE_H

#include <stddef.h>
#include <stdint.h>

struct dlt_jw;

#define DLT_MAX_FRAMES	8	/* frames kept per failure, innermost first */

struct dlt_failure {
	char	*source;		/* the file path as given */
	long	 line_start, line_end;	/* 1-based, inclusive */
	int	 multi;			/* the file held more than one failure */
	unsigned unit;			/* test-runner boundaries above it */
	int	 cls;			/* enum dlt_class */
	char	*kind;
	char	*framework;
	char	*exc_type;		/* NULL when no exception */
	char	*exc_message;
	char	*frames[DLT_MAX_FRAMES];
	size_t	 nframes;
	char	*signature;		/* one-line human title */
	char	*bucket_key;		/* the rule's bucket template expanded, or
					   NULL: the signature and top frames */
	uint64_t bucket;		/* bucket id (bucket.h); 0 until finished */
	char	*rule;			/* id of the deciding rule, or NULL */
	char	*run_evidence;		/* the run.* conditions of the deciding
					   rule that held, "FIELD=VALUE ...",
					   or NULL */
	long	*evidence;		/* matched line numbers */
	size_t	 nevidence;
	int	 priority;		/* enum dlt_priority; UNSET until finished */
	double	 confidence;		/* [0,1]; 0 until finished */
	int	 security;		/* 0 or 1, from the deciding rule */
	int	 alone;			/* the deciding rule's alone: dropped beside another failure */
	int	 prio_hint;		/* the rule's priority, or DLT_PRIO_UNSET */
	double	 conf_hint;		/* the rule's confidence; < 0 without a rule */
	char	*excerpt;		/* evidence text, capped (for the store and reports) */
};

void	dlt_failure_release(struct dlt_failure *);
/* An exception type without its module: "torch.OutOfMemoryError" -> "OutOfMemoryError". */
const char *dlt_short_type(const char *);

/*
 * The frames as a JSON array of strings and the evidence line numbers as
 * a JSON array of numbers, as classify prints them and the store keeps
 * them.
 */
void	dlt_failure_json_frames(struct dlt_jw *, const struct dlt_failure *);
void	dlt_failure_json_evidence(struct dlt_jw *, const struct dlt_failure *);

#endif
