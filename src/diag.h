/*
 * diag.h: problems found in user files (rule files, model files,
 * framework profiles, campaign files), collected rather than printed one
 * by one, so that a loader can look at a whole file and report every
 * problem in it.
 *
 * A problem has a place (file, 1-based line and column; line 0 when it
 * belongs to the whole file; file NULL when it belongs to no file), a
 * severity, an optional code (an enum of the loader, 0 when none) and a
 * message that follows error.h's wording rules.  Each file gets at most
 * DLT_DIAG_MAX_PER_FILE problems; the one past the cap is replaced by
 * "FILE: too many problems, skipping the rest of the file" and the rest are
 * dropped (dlt_diags_full() tells a loader it may stop looking).
 *
 * dlt_diags_print() sorts by place (files in the order their first
 * problem was recorded, then line and column, problems without a line
 * last in their file, ties in recording order) and prints one per line:
 *
 *	file:line:col: message			an error at a place
 *	file:line:col: warning: message		a warning
 *	file: message				the whole file
 *	dltriage: message			no file
 *
 * SARIF export and the TUI read the same records (dlt_diags_sorted()).
 */
#ifndef DLT_DIAG_H
#define DLT_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "error.h"

#define DLT_DIAG_MAX_PER_FILE	200

enum dlt_severity {
	DLT_SEV_ERROR,
	DLT_SEV_WARNING,
	DLT_SEV_NOTE
};

struct dlt_diag {
	char			*file;		/* NULL: no file */
	int			 line, col;	/* 1-based; line 0: the whole file */
	enum dlt_severity	 severity;
	int			 code;		/* loader's enum, 0 when none */
	char			*message;
};

struct dlt_diag_count;

struct dlt_diags {
	struct dlt_diag		*v;
	size_t			 n, alloc;
	/* problems recorded per file, for the cap */
	struct dlt_diag_count	*counts;
	size_t			 ncounts, counts_alloc;
};

#define DLT_DIAGS_INIT { NULL, 0, 0, NULL, 0, 0 }

void	dlt_diags_init(struct dlt_diags *);
void	dlt_diags_release(struct dlt_diags *);

/*
 * Record a problem.  Returns 1 when it was recorded, 0 when the file's
 * cap had been reached (the problem is dropped).
 */
int	dlt_diag_add(struct dlt_diags *, const char *file, int line, int col,
	    enum dlt_severity, int code, const char *fmt, ...) DLT_PRINTF(7, 8);
int	dlt_diag_vadd(struct dlt_diags *, const char *file, int line, int col,
	    enum dlt_severity, int code, const char *fmt, va_list)
	    DLT_PRINTF(7, 0);
/* Shorthand for an error without a code. */
int	dlt_diag_error(struct dlt_diags *, const char *file, int line, int col,
	    const char *fmt, ...) DLT_PRINTF(5, 6);

/* The file has reached its cap: later problems in it are dropped. */
int	dlt_diags_full(const struct dlt_diags *, const char *file);
/* Problems of a severity (errors include the cap message). */
size_t	dlt_diags_count(const struct dlt_diags *, enum dlt_severity);
/* Move every problem of src to the end of dst; src is left empty. */
void	dlt_diags_take(struct dlt_diags *dst, struct dlt_diags *src);

/*
 * The problems in printing order, as an array of n pointers into diags
 * (valid until the next add or release); the caller frees the array.
 */
const struct dlt_diag **dlt_diags_sorted(const struct dlt_diags *);
/* One problem as printed, without the newline; the caller frees. */
char	*dlt_diag_format(const struct dlt_diag *);
/* Print them all, sorted, to fp (stdout is flushed first). */
void	dlt_diags_print(const struct dlt_diags *, FILE *);

const char *dlt_severity_name(enum dlt_severity);

#endif
