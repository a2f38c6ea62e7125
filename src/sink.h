/*
 * sink.h: where produced failures go.  A struct dlt_sink fans each
 * failure out, in order, to a list of consumers: classify's output
 * formatter, a tally (counts, distinct buckets, --fail-on) and the store
 * writer (store-sink.h) today; the runner's progress line and the TUI
 * later.  Failures from the classifier are completed first
 * (dlt_failure_finish), so every consumer sees the bucket id and the
 * priority.
 *
 * Failures come file by file.  For every file a consumer sees either
 *	begin_file, failure..., end_file	(the file was read)
 *	begin_file, failure..., abort_file, skip_file	(a read error)
 *	skip_file				(binary or unreadable)
 * begin_file carries the file's size (-1 when not a regular file) and
 * the hash of its contents (0 unless some consumer set needs_hash).
 *
 * A callback returns 0, or -1 after reporting a problem that should stop
 * the run after the current file (a store that cannot be written); the
 * sink goes on feeding every consumer to the end of the file.  Every
 * callback may be NULL.
 */
#ifndef DLT_SINK_H
#define DLT_SINK_H

#include <stddef.h>
#include <stdint.h>

#include "bucket.h"
#include "runrec.h"
#include "vocab.h"

struct dlt_classifier;
struct dlt_failure;
struct dlt_output;
struct dlt_ruleset;

enum dlt_sink_skip {
	DLT_SINK_BINARY,	/* not a log: nothing was reported */
	DLT_SINK_UNREADABLE	/* could not be opened or read to its end */
};

struct dlt_sink_consumer {
	int	(*begin_file)(void *, const char *path, int64_t size,
		    uint64_t hash);
	int	(*failure)(void *, const struct dlt_failure *);
	int	(*end_file)(void *);
	void	(*abort_file)(void *);
	void	(*skip_file)(void *, const char *path, enum dlt_sink_skip);
	void	*arg;		/* borrowed: must outlive the sink */
	int	 needs_hash;	/* wants the content hash in begin_file */
};

struct dlt_sink {
	struct dlt_sink_consumer	*v;
	size_t				 n, alloc;
	int				 needs_hash;
	int				 failed;	/* a callback returned -1 */
	/* the current file */
	const char			*path;		/* borrowed, during a file */
	int64_t				 size;
	uint64_t			 hash;
	int				 begun;
};
#define DLT_SINK_INIT	{ NULL, 0, 0, 0, 0, NULL, 0, 0, 0 }

void	dlt_sink_init(struct dlt_sink *);
void	dlt_sink_release(struct dlt_sink *);
/* Append a consumer; failures reach consumers in the order added. */
void	dlt_sink_add(struct dlt_sink *, const struct dlt_sink_consumer *);

/* Feed the consumers by hand; each returns 0, or -1 when one failed. */
int	dlt_sink_begin_file(struct dlt_sink *, const char *path, int64_t size,
	    uint64_t hash);
int	dlt_sink_failure(struct dlt_sink *, const struct dlt_failure *);
int	dlt_sink_end_file(struct dlt_sink *);
void	dlt_sink_abort_file(struct dlt_sink *);
void	dlt_sink_skip_file(struct dlt_sink *, const char *path,
	    enum dlt_sink_skip);

/*
 * Complete a failure the classifier made: its bucket id (bucket.h, with
 * the rule set's normalise entries) and its priority and confidence
 * (priority.h, from the rule's hints).  The rule set is the one that
 * classified it (dlt_classifier_rules).
 */
void	dlt_failure_finish(const struct dlt_ruleset *, struct dlt_failure *);

/*
 * Classify an open file into the sink, each failure completed with
 * dlt_failure_finish(): begin_file before the first failure (or at the
 * end when there is none), end_file after the last.  A binary file is
 * skipped with a warning, a read error is reported and the file
 * aborted; both are reported to skip_file.  Returns 0 to go on, 1 once
 * a consumer has failed (during this file or an earlier one).
 */
int	dlt_sink_classify_fd(struct dlt_sink *, struct dlt_classifier *,
	    const char *path, int fd);

/*
 * The same for a log held in memory (a result record's traceback), read
 * as the file path of the given size and content hash.
 */
int	dlt_sink_classify_buffer(struct dlt_sink *, struct dlt_classifier *,
	    const char *path, int64_t size, uint64_t hash, const char *buf,
	    size_t len);

/* A consumer that prints each failure with dlt_output_failure(). */
struct dlt_sink_consumer dlt_output_consumer(struct dlt_output *);

/*
 * The tally: what classify's summary and exit status need.  All-zero is
 * an empty tally (DLT_TALLY_INIT); set fail_on before use.
 */
/* A unique defect as the tally saw it: for the summary's worst ones. */
struct dlt_tally_bucket {
	uint64_t		 id;
	int			 priority;	/* the highest of its failures' */
	int			 cls;		/* its first failure's */
	long			 count;
	char			*title;		/* its first failure's signature, cut */
};

struct dlt_tally {
	long			 files;		/* read to their end */
	long			 skipped;	/* binary */
	unsigned long		 unreadable;	/* also counts dlt_walk() problems */
	long			 failures;
	long			 by_class[DLT_CLASS_COUNT];
	struct dlt_bucket_set	 buckets;	/* distinct bucket ids */
	unsigned		 fail_on;	/* a bit per enum dlt_class */
	int			 found_fail_on;	/* a failure of such a class */
	/* executions of "dltriage run" (runrec.h), by record status */
	long			 executions;
	long			 by_status[DLT_RUNREC_STATUS_COUNT];
	long			 no_record;
	/* every unique defect, and an id -> index map of them */
	struct dlt_tally_bucket	*bv;
	size_t			 nbv, bv_alloc;
	size_t			*bmap;		/* index + 1; 0: free */
	size_t			 bmap_size;
};
#define DLT_TALLY_INIT	{ 0, 0, 0, 0, { 0 }, DLT_BUCKET_SET_INIT, 0, 0, 0, \
			  { 0 }, 0, NULL, 0, 0, NULL, 0 }

void	dlt_tally_init(struct dlt_tally *);
void	dlt_tally_release(struct dlt_tally *);
/* Count an execution: status is its record's, or -1 without a record. */
void	dlt_tally_execution(struct dlt_tally *, int status);
struct dlt_sink_consumer dlt_tally_consumer(struct dlt_tally *);
/*
 * The worst unique defects seen, at most max, worst first: by priority
 * (high, medium, low, unknown), then class (crash, oom, timeout,
 * inconsistency, nan, false-positive, unknown), then count, then id.
 * Returns how many were put in out (pointers into the tally).
 */
size_t	dlt_tally_worst(const struct dlt_tally *,
	    const struct dlt_tally_bucket **out, size_t max);

#endif
