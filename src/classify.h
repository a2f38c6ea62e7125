/*
 * classify.h: the classification engine.  A classifier compiles a rule
 * set's detector anchors into the scanner once; then each log (a file,
 * streamed in bounded memory, or a buffer) is scanned for evidence,
 * evidence is grouped into incidents (one per failure), each incident is
 * parsed (exception, frames), classified by the rules, given a signature
 * and the deciding rule's security flag and priority hints, and handed
 * to a callback as a struct dlt_failure (failure.h).  The bucket id and
 * the priority are not the classifier's: the callback completes the
 * failure with dlt_failure_finish() (sink.h) when it needs them, as the
 * sink does.
 *
 * The classifier borrows the rule set; it must outlive the classifier.
 */
#ifndef DLT_CLASSIFY_H
#define DLT_CLASSIFY_H

#include <stddef.h>
#include <stdint.h>

struct dlt_failure;
struct dlt_ruleset;
struct dlt_classifier;
struct dlt_runctx;

struct dlt_classify_opts {
	const char	*framework;	/* --framework: overrides detection; NULL = detect */
};

/*
 * Return 0 to go on, non-zero to stop (the value is returned).  The
 * failure stays the classifier's, which releases it when the callback
 * returns; the callback may complete it in place (dlt_failure_finish).
 */
typedef int (*dlt_failure_fn)(struct dlt_failure *, void *arg);

struct dlt_classifier	*dlt_classifier_new(const struct dlt_ruleset *,
			    const struct dlt_classify_opts *);
void			 dlt_classifier_free(struct dlt_classifier *);
/*
 * Take the logs classified from now on to come from framework (copied),
 * as --framework does; NULL detects it again.
 */
void			 dlt_classifier_set_framework(struct dlt_classifier *,
			    const char *framework);
/*
 * Take the logs classified from now on to come from the execution that
 * ctx describes (copied; the rules' run.* fields); NULL: from no run.
 */
void			 dlt_classifier_set_context(struct dlt_classifier *,
			    const struct dlt_runctx *ctx);
/* The rule set the classifier borrows. */
const struct dlt_ruleset *dlt_classifier_rules(const struct dlt_classifier *);

/*
 * Classify one log held in memory.  Failures are reported in log order
 * once the whole log is read (so each knows whether the log held more
 * than one); `source` is copied into each.  Returns 0, or the callback's
 * non-zero value.
 */
int	dlt_classify_buffer(struct dlt_classifier *, const char *source,
	    const char *buf, size_t len, dlt_failure_fn, void *arg);

/*
 * Classify an open file descriptor, streaming it in bounded memory (a
 * 100 MB single line is fine).  *content_hash (may be NULL) receives a
 * hash of all the bytes.  Returns 0, the callback's non-zero value,
 * DLT_CLASSIFY_BINARY when the file looks binary (nothing reported), or
 * DLT_CLASSIFY_READ_ERROR on a read error (errno set; failures found
 * before it were reported).
 */
#define DLT_CLASSIFY_BINARY	(-2)
#define DLT_CLASSIFY_READ_ERROR	(-1)
int	dlt_classify_fd(struct dlt_classifier *, const char *source, int fd,
	    dlt_failure_fn, void *arg, uint64_t *content_hash);

/* Pieces used by `rules test` to check the samples of non-rule entries. */
struct dlt_frame_parts {
	char	*func, *file, *module, *lib;
	long	 line;
	int	 python;
};
/* Parse one frame line with the rule set's frame formats; 1 if parsed. */
int	dlt_frame_parse_line(const struct dlt_ruleset *, const char *line, size_t len,
	    struct dlt_frame_parts *);
void	dlt_frame_parts_release(struct dlt_frame_parts *);
/* Does any detector hit (anchor found and confirm regex matched) on the line? */
int	dlt_detector_hits_line(const struct dlt_ruleset *, size_t detector,
	    const char *line, size_t len);
/*
 * Does detector d's confirm regex take the line while none of its
 * anchors is on it (so the scanner never hands it the line)?  Only for
 * anchored detectors whose regex reads the hit line's words: not the
 * backtrace shape, whose regex says where in a stack the anchor sits,
 * nor a regex that takes the empty line (a filter: it only says which
 * of the anchors' lines to leave out).  1 or 0; "rules check --against"
 * reports such lines.
 */
int	dlt_detector_anchor_gap(const struct dlt_ruleset *, size_t detector,
	    const char *line, size_t len);
/* Is the frame (function name, file) ignored for the framework (may be NULL)? */
int	dlt_frame_is_ignored(const struct dlt_ruleset *, const char *framework,
	    const char *func, const char *file);

#endif
