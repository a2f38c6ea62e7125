/*
 * parse.h: from log lines to incidents.  The scanner finds detector
 * anchors; a detector that fires starts a block of evidence of its
 * shape, parsed here (tracebacks, faulthandler dumps, native backtraces,
 * sanitizer reports, single lines); blocks close together form one
 * incident, which is handed to a callback for classification.  See
 * docs/rules-spec.md for the exact grammar.
 */
#ifndef DLT_PARSE_H
#define DLT_PARSE_H

#include <stddef.h>

#include "strbuf.h"

struct dlt_logread;
struct dlt_ruleset;
struct dlt_scanner;

struct dlt_pframe {
	char	*func;		/* as printed, argument list removed */
	char	*file;		/* file or library, may be NULL */
	char	*display;	/* module:function for Python, func otherwise */
	long	 line;
	int	 python;
	int	 ignored;
};

#define DLT_INCIDENT_MAX_TEXT		(64 * 1024)
#define DLT_INCIDENT_MAX_LINES		2000
#define DLT_INCIDENT_MAX_EVIDENCE	256
#define DLT_INCIDENT_MAX_FRAMES		64
#define DLT_INCIDENT_GAP		5
#define DLT_LONE_MAX_LINES		3	/* a lone message: lines not blank */
#define DLT_LONE_MAX_BYTES		2048	/* ... and bytes in all */
#define DLT_FOLLOW_MAX			3	/* a mention's message on the lines below */
#define DLT_VALUES_MAX_LINES		200	/* printed values: lines not blank, unless max-lines */
#define DLT_SERIES_MIN			4	/* a rising series: readings at least */
#define DLT_SERIES_GROWTH		1.25	/* ... its last over its first at least */

struct dlt_incident {
	long			 first, last;
	struct strbuf		 text;		/* evidence lines, '\n'-joined */
	size_t			 nlines;
	long			*evidence;	/* line numbers where detectors fired */
	size_t			 nevidence, evidence_alloc;
	char			*head;		/* first line */
	char			*exc_type;
	char			*exc_message;
	struct dlt_pframe	*frames;	/* innermost first */
	size_t			 nframes, frames_alloc;
	int			*detectors;	/* indexes of detectors that fired */
	size_t			 ndetectors, detectors_alloc;
	int			 first_shape;
	unsigned		 unit;		/* test-runner boundaries above its first line */
	int			 ignored;	/* the callback's rules ignore it */
	int			 has_traceback;
	int			 frames_locked;	/* the first stack is complete */
	int			 exc_stack;	/* a stack below a bare exception line */
	int			 exc_apart;	/* the exception is a report of an apart detector */
	struct dlt_pframe	*outer;		/* the enclosing exception's, below a Java cause */
	size_t			 nouter;
	char			*header_type;	/* the exception IPython's traceback header names */
	char			*cause_type;	/* the exception of an IPython chain's earlier traceback */
	char			*cause_message;
};

void	dlt_incident_release(struct dlt_incident *);

/* Called for each finished incident; return non-zero to stop. */
typedef int (*dlt_incident_fn)(struct dlt_incident *, void *arg);

struct dlt_quiet_line;

struct dlt_parser {
	const struct dlt_ruleset	*rules;
	const struct dlt_scanner	*scanner;
	int				*fmt_groups;	/* per frame format: func,file,line,module,addr,lib group numbers */
	/*
	 * Lines that hold an anchor yet fire no detector (an INFO line a
	 * framework prints at every start), remembered by their text so
	 * that a log repeating one is not matched again: see quiet_seen.
	 */
	struct dlt_quiet_line		*quiet;
};

void	dlt_parser_init(struct dlt_parser *, const struct dlt_ruleset *,
	    const struct dlt_scanner *);
void	dlt_parser_release(struct dlt_parser *);
/* Parse the whole log; returns 0 or the callback's non-zero value. */
int	dlt_parse_log(struct dlt_parser *, struct dlt_logread *, dlt_incident_fn, void *);
/* Parse one frame line into *f (owned strings); 1 if it is a frame. */
int	dlt_parse_frame(const struct dlt_parser *, const char *, size_t, struct dlt_pframe *);
void	dlt_pframe_release(struct dlt_pframe *);
/* Does detector d fire on this line (anchor present and confirm regex)? */
int	dlt_parser_detector_fires(const struct dlt_parser *, size_t d, const char *, size_t);
/*
 * Is the first line of an exception's message a wrapper's sentence whose
 * detail follows it after a blank line (Keras's "Exception encountered
 * when calling X.call().")?
 */
int	dlt_parse_wrapper_message(const char *);
/* Is the line s[0..n) a dashed rule (ten dashes or more and nothing else)? */
int	dlt_parse_dashed_rule(const char *, size_t);

#endif
