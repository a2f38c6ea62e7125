/*
 * failure.h: one classified failure, the unit that classify prints and
 * the store keeps.  A struct dlt_failure owns all its strings;
 * dlt_failure_release() frees them.
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
	int	 cls;			/* enum dlt_class */
	char	*kind;
	char	*framework;
	char	*exc_type;		/* NULL when no exception */
	char	*exc_message;
	char	*frames[DLT_MAX_FRAMES];
	size_t	 nframes;
	char	*signature;		/* one-line human title */
	uint64_t bucket;		/* bucket id (bucket.h) */
	char	*rule;			/* id of the deciding rule, or NULL */
	long	*evidence;		/* matched line numbers */
	size_t	 nevidence;
	int	 priority;		/* enum dlt_priority */
	double	 confidence;
	int	 security;		/* 0 or 1 */
	char	*excerpt;		/* evidence text, capped (for the store and reports) */
};

void	dlt_failure_release(struct dlt_failure *);

/*
 * The frames as a JSON array of strings and the evidence line numbers as
 * a JSON array of numbers, as classify prints them and the store keeps
 * them.
 */
void	dlt_failure_json_frames(struct dlt_jw *, const struct dlt_failure *);
void	dlt_failure_json_evidence(struct dlt_jw *, const struct dlt_failure *);

#endif
