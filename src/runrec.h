/*
 * runrec.h: what "dltriage run" writes for each execution, as classify
 * reads it: the harness's result record (result.json,
 * docs/harness-protocol.md "The result record") and the execution
 * directory that holds it with stdout, stderr, outputs/ and, after a
 * crash with a core, backtrace.txt.
 *
 * A result record is a JSON object with an integer "protocol" and a
 * "status" of ok, rejected, illegal, unsupported or harness-error; the
 * rest is optional here.  JSON is read with the YAML loader (JSON is
 * YAML); the surrogate pairs that Python's json module writes for
 * characters beyond the BMP are rewritten first, since libyaml refuses
 * them.
 */
#ifndef DLT_RUNREC_H
#define DLT_RUNREC_H

#include <stddef.h>
#include <stdint.h>

enum dlt_runrec_status {
	DLT_RUNREC_OK,
	DLT_RUNREC_REJECTED,
	DLT_RUNREC_ILLEGAL,
	DLT_RUNREC_UNSUPPORTED,
	DLT_RUNREC_HARNESS_ERROR,
	DLT_RUNREC_STATUS_COUNT
};

/* "ok", "rejected", "illegal", "unsupported", "harness-error", NULL */
extern const char *const dlt_runrec_status_names[];

/*
 * illegal, unsupported and harness-error: the harness's own findings, no
 * evidence about the framework.
 */
static inline int
dlt_runrec_is_harness(int status)
{
	return (status >= DLT_RUNREC_ILLEGAL && status < DLT_RUNREC_STATUS_COUNT);
}

struct dlt_runrec {
	int		 status;	/* enum dlt_runrec_status */
	const char	*framework;	/* canonical (static), or NULL: not known */
	char		*traceback;	/* exception.traceback, or NULL */
	size_t		 traceback_len;	/* may contain NUL bytes */
	int64_t		 size;		/* of the file */
	uint64_t	 hash;		/* of the file's bytes (hash.h) */
};
/* All-zero is an empty record. */
#define DLT_RUNREC_INIT	{ 0, NULL, NULL, 0, 0, 0 }

void	dlt_runrec_init(struct dlt_runrec *);
void	dlt_runrec_release(struct dlt_runrec *);

/*
 * Read the file at path as a result record: 1 when it is one; 0 when
 * it is not (larger than 16 MiB, not JSON, or without a protocol or a
 * known status), with *why (the caller frees) saying why; -1 when it
 * cannot be read (errno set).
 */
int	dlt_runrec_read(struct dlt_runrec *, const char *path, char **why);

/*
 * The canonical framework that a harness target or a target label
 * names: "pytorch", "torch", "pytorch-1.13" give "pytorch",
 * "keras-jax" gives "keras"; NULL when it names none.
 */
const char *dlt_runrec_framework(const char *name);

/*
 * An execution directory: a directory that holds a result record
 * result.json, or a file stderr beside a file stdout (an execution
 * that ended without a record: a crash, a timeout).  The framework is
 * the record's, else the one the directory's name (the target label)
 * names, else NULL.
 */
struct dlt_execdir {
	int			 has_record;
	struct dlt_runrec	 rec;		/* when has_record */
	const char		*framework;	/* canonical (static), or NULL */
	int64_t			 stderr_size;	/* -1 when there is none */
	char			*record_error;	/* result.json is there but unreadable */
};

void	dlt_execdir_init(struct dlt_execdir *);
void	dlt_execdir_release(struct dlt_execdir *);
/*
 * 1 when dir is an execution directory (*ed filled), else 0.  A
 * result.json that is no record does not make one; when stdout and
 * stderr do, record_error says what was wrong with it.
 */
int	dlt_execdir_probe(struct dlt_execdir *, const char *dir);

#endif
