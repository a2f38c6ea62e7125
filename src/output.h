/*
 * output.h: classify's output formats.  table is for people: fixed
 * columns, printed as the failures come, each line fitted to $COLUMNS or
 * the terminal with an ellipsis where it is cut (output-table.h); json
 * is JSON Lines (one object per failure, fields as in DESIGN.md); csv is
 * RFC 4180 with a header row.  Strings are written so that invalid UTF-8
 * and NUL bytes in logs never produce invalid JSON or CSV.
 */
#ifndef DLT_OUTPUT_H
#define DLT_OUTPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "strbuf.h"

struct dlt_failure;

enum dlt_format {
	DLT_FORMAT_TABLE,
	DLT_FORMAT_JSON,
	DLT_FORMAT_CSV
};

int	dlt_format_parse(const char *);		/* -1 if unknown */

/*
 * What a bucket's triage says, for json output: its status word
 * ("confirmed") and, for a duplicate, the bucket it duplicates.  The
 * strings last until the next call.  Returns 1 when the bucket has a
 * decision, 0 when not (nothing is added to the object).
 */
typedef int (*dlt_output_triage_fn)(void *, uint64_t bucket,
	    const char **status, const char **duplicate_of);

struct dlt_output {
	FILE			*fp;
	enum dlt_format		 format;
	long			 count;
	dlt_output_triage_fn	 triage;	/* NULL: no store to ask */
	void			*triage_arg;
	size_t			 width;		/* table: the width to fit, or 0 */
	/* per log: the most severe failure of the current log, rendered */
	int			 per_log;
	int			 held_rank;	/* dlt_class_rank, or -1: none yet */
	long			 held_failures;	/* the log's failures so far */
	struct strbuf		 held;		/* json, csv, or the table's cells */
	struct strbuf		 held_source, held_signature;	/* table */
	struct strbuf		 log;		/* the log's path */
};

/* Sets triage to NULL: dlt_output_set_triage() after it, when wanted. */
void	dlt_output_begin(struct dlt_output *, FILE *, enum dlt_format);
/*
 * One record a log instead of one a failure: the log's verdict, its most
 * severe failure (dlt_class_rank; the first of them), and how many it
 * has.  json: {"log", "failures", "verdict": the failure's object, or
 * null}; csv: log and failures before a failure's columns (empty ones
 * for none); table: a FAILURES column, "-" cells for a log without one.
 * dlt_output_failure holds; dlt_output_log_end prints.
 */
void	dlt_output_begin_per_log(struct dlt_output *, FILE *, enum dlt_format);
/*
 * Per log: a log begins (nothing held), ends (its record printed), or is
 * given up (a read error: nothing printed).  No-ops otherwise.
 */
void	dlt_output_log_begin(struct dlt_output *, const char *path);
void	dlt_output_log_end(struct dlt_output *);
void	dlt_output_log_abort(struct dlt_output *);
void	dlt_output_set_triage(struct dlt_output *, dlt_output_triage_fn,
	    void *);
void	dlt_output_failure(struct dlt_output *, const struct dlt_failure *);
/* Flush, and release what per log held. */
void	dlt_output_end(struct dlt_output *);

/* Append s (NULL: empty) as one quoted RFC 4180 field, valid UTF-8. */
void	dlt_csv_field(struct strbuf *, const char *s);

#endif
