/*
 * vocab.h: the one vocabulary of dltriage.  Class, priority, triage
 * status and framework names, with the aliases users type, live here and
 * nowhere else: every command, the store, the output formats, the rule
 * schema and the harness (harness/dltriage_harness/names.py mirrors the
 * framework table; tests/t0002-docs.sh checks that the two agree) use
 * the same names.
 *
 * Kinds are open-ended: the rules name them.
 */
#ifndef DLT_VOCAB_H
#define DLT_VOCAB_H

#include <stddef.h>

struct strbuf;

enum dlt_class {
	DLT_CLASS_CRASH,
	DLT_CLASS_NAN,
	DLT_CLASS_INCONSISTENCY,
	DLT_CLASS_FALSE_POSITIVE,
	DLT_CLASS_TIMEOUT,
	DLT_CLASS_OOM,
	DLT_CLASS_UNKNOWN,
	DLT_CLASS_IGNORE,	/* rules only: "this evidence is not a failure" */
	DLT_CLASS_COUNT
};

enum dlt_priority {
	DLT_PRIO_UNSET = -1,
	DLT_PRIO_LOW = 0,
	DLT_PRIO_MEDIUM = 1,
	DLT_PRIO_HIGH = 2,
	/* the priority model abstained: not a rule's or a user's value */
	DLT_PRIO_UNKNOWN = 3
};
#define DLT_PRIO_COUNT	3	/* the ordered priorities, low to high */

/*
 * A triager's decision about a bucket (dltriage-triage(1)); the latest
 * one is the bucket's status, and a bucket without one is "new".
 */
enum dlt_triage {
	DLT_TRIAGE_NEW,
	DLT_TRIAGE_CONFIRMED,
	DLT_TRIAGE_REPORTED,
	DLT_TRIAGE_DUPLICATE,
	DLT_TRIAGE_WONT_FIX,
	DLT_TRIAGE_FALSE_POSITIVE,
	DLT_TRIAGE_COUNT
};

enum dlt_framework {
	DLT_FW_PYTORCH,
	DLT_FW_TENSORFLOW,
	DLT_FW_JAX,
	DLT_FW_KERAS,
	DLT_FW_ONNXRUNTIME,
	DLT_FW_MINDSPORE,
	DLT_FW_PADDLE,
	DLT_FW_UNKNOWN,
	DLT_FW_COUNT
};

/* NULL-terminated name lists, indexed by the enums (for schema tables). */
extern const char *const dlt_class_names[];		/* DLT_CLASS_COUNT */
extern const char *const dlt_priority_names[];		/* low, medium, high */
extern const char *const dlt_framework_names[];	/* without "unknown" */
extern const char *const dlt_framework_or_unknown_names[];
extern const char *const dlt_triage_names[];		/* DLT_TRIAGE_COUNT */

/* "crash", ...; "?" out of range. */
const char	*dlt_class_name(int);
/* -1 if unknown.  Exact names only. */
int		 dlt_class_parse(const char *);
/*
 * Severity, 0 the most severe: crash, oom, timeout, inconsistency, nan,
 * false-positive, unknown, ignore; DLT_CLASS_COUNT out of range.
 */
int		 dlt_class_rank(int);
/*
 * "low", "medium", "high"; "unknown" for DLT_PRIO_UNKNOWN, "unset" for
 * DLT_PRIO_UNSET; "?" otherwise.
 */
const char	*dlt_priority_name(int);
int		 dlt_priority_parse(const char *);	/* -1 if unknown */
/* The same, "unknown" included (for filters over what was predicted). */
int		 dlt_priority_parse_any(const char *);
/* "new", "confirmed", ...; "?" out of range. */
const char	*dlt_triage_name(int);
int		 dlt_triage_parse(const char *);	/* -1 if unknown */

/* "pytorch", ...; "unknown" out of range. */
const char	*dlt_framework_name(int);
/* "SIGSEGV" for SIGSEGV, and the other signals a run reports; NULL else. */
const char	*dlt_signal_name(int);
/*
 * The framework a name or alias stands for ("torch", "PyTorch" and
 * "pytorch" all give DLT_FW_PYTORCH), case-insensitive; -1 if unknown.
 * "unknown" itself parses only when allow_unknown is set.
 */
int		 dlt_framework_parse(const char *, int allow_unknown);
/* The canonical name for a name or alias, or NULL. */
const char	*dlt_framework_canonical(const char *);
/* The canonical name nearest to a mistyped one, or NULL. */
const char	*dlt_framework_suggest(const char *);
/* "pytorch (torch), tensorflow (tf), ..." for messages and --help. */
void		 dlt_framework_list(struct strbuf *, int with_aliases);
/* The aliases of a framework as a NULL-terminated list. */
const char *const *dlt_framework_aliases(int);

/* The index of s in a NULL-terminated list of names, or -1 (s may be NULL). */
int		 dlt_name_index(const char *const *names, const char *s);

/*
 * Validate name against a NULL-terminated list of valid ones and
 * complain the same way everywhere:
 *	dltriage: unknown WHAT 'NAME' (did you mean 'X'?)
 *	valid: a, b, c
 * Returns the index, or -1 after printing.
 */
int		 dlt_vocab_choose(const char *what, const char *name,
		     const char *const *valid);

#endif
