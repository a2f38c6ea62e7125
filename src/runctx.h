/*
 * runctx.h: what `dltriage run` knew about the execution a log came
 * from, for the rules' run.* condition fields (docs/rules-spec.md).
 *
 * A log alone cannot always tell a framework's own fault from a model
 * it rightly refused; the campaign can: whether the mutant satisfied
 * the target's constraint profile, and whether the other targets ran
 * the same model.  The runner fills a context per execution, writes it
 * beside the execution's logs (the file run-context, one FIELD=VALUE
 * per line) so that `classify` of the run directory later decides as
 * `run` did, and hands it to the classifier.  Every field may be
 * missing: a condition on a missing field does not hold.
 */
#ifndef DLT_RUNCTX_H
#define DLT_RUNCTX_H

#include <stddef.h>

struct strbuf;

enum dlt_runctx_field {
	DLT_RUNCTX_MODE,	/* aware, generic or probe */
	DLT_RUNCTX_PROFILE,	/* legal, violates or unchecked */
	DLT_RUNCTX_STATUS,	/* ok, rejected, crashed, timeout, oom */
	DLT_RUNCTX_OPERATOR,	/* the mutation operator, or seed */
	DLT_RUNCTX_OTHERS,	/* accepted, rejected, failed, mixed, none */
	DLT_RUNCTX_OTHER,	/* LABEL:STATUS per other target (a list) */
	DLT_RUNCTX_COUNT
};

/* "run.mode", ..., "run.other", NULL */
extern const char *const dlt_runctx_names[];

struct dlt_runctx {
	char	*v[DLT_RUNCTX_COUNT];	/* NULL: unknown; for OTHER the
					   first element */
	char	**other;		/* DLT_RUNCTX_OTHER, each element */
	size_t	 nother;
};
#define DLT_RUNCTX_INIT	{ { NULL }, NULL, 0 }

void	dlt_runctx_init(struct dlt_runctx *);
void	dlt_runctx_release(struct dlt_runctx *);
int	dlt_runctx_empty(const struct dlt_runctx *);
/* Copy src into dst (released first). */
void	dlt_runctx_copy(struct dlt_runctx *dst, const struct dlt_runctx *src);
/*
 * Set a field by its name ("run.profile"); run.other appends.  Returns
 * -1 for a name that is no field or a value that is empty or holds
 * white space or '='.
 */
int	dlt_runctx_set(struct dlt_runctx *, const char *name, const char *value);
/*
 * Parse FIELD=VALUE items separated by white space (a sample's
 * `context:`, the run-context file).  On error returns -1 with *why
 * (the caller frees) naming the bad item; the fields before it are set.
 */
int	dlt_runctx_parse(struct dlt_runctx *, const char *text, char **why);
/* FIELD=VALUE items, separated by sep, in field order. */
void	dlt_runctx_format(const struct dlt_runctx *, const char *sep,
	    struct strbuf *);
/* The values a condition on field f looks at: NULL-terminated view. */
size_t	dlt_runctx_values(const struct dlt_runctx *, int f,
	    const char *const **out);

/* The run-context file of an execution directory. */
#define DLT_RUNCTX_FILE	"run-context"
/*
 * Read DIR/run-context: 1 when read, 0 when there is none, -1 when it
 * cannot be read or parsed (*why says why; the caller frees).
 */
int	dlt_runctx_read_dir(struct dlt_runctx *, const char *dir, char **why);
/* Write DIR/run-context; -1 with errno set on failure. */
int	dlt_runctx_write_dir(const struct dlt_runctx *, const char *dir);

#endif
