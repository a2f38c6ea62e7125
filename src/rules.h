/*
 * rules.h: the rule set, loaded from rules/NAME.yaml (shipped) and user
 * directories (--rules, DLTRIAGE_RULES).  Everything that decides a
 * failure's class, kind, framework, which frames are ignored and how
 * signatures are normalised lives in these files as data; the C code
 * only parses log structure and applies the rules.
 *
 * A rule file is a YAML mapping with any of these sections, each a
 * sequence of entries with a unique `id` (unique across the whole set;
 * an entry in a later directory with the same id replaces the earlier
 * one, which is how user directories override shipped rules):
 *
 *   detectors:     literal anchors the scanner looks for, an optional
 *                  confirming regex on the hit line, and the shape of
 *                  evidence that starts there (see enum dlt_evidence_shape)
 *   frames:        regexes that parse one stack frame line, with named
 *                  groups func, file, line, module, addr, lib
 *   rules:         classification rules: conditions over the parsed
 *                  incident -> class, kind, framework, priority, security
 *   frameworks:    conditions that tell which framework a log is from
 *   ignore-frames: regexes over frame function (and file) names of
 *                  frames to skip (runtime, dispatcher, CPython glue)
 *   normalise:     regex -> replacement, applied to messages and frames
 *                  before the bucket id is computed
 *
 * The exact keys, types and defaults are the table in rule-schema.c;
 * `dltriage rules schema` prints it and dltriage-rules(5) documents it.
 *
 * Ownership: a struct dlt_ruleset owns everything reachable from it;
 * dlt_ruleset_free() releases it all.
 */
#ifndef DLT_RULES_H
#define DLT_RULES_H

#include <stddef.h>

#include "vocab.h"

struct dlt_prio_model;

struct dlt_rx;
struct dlt_diags;

/* Shapes of evidence; each has a parser in parse.c. */
enum dlt_evidence_shape {
	DLT_SHAPE_LINE,		/* one line of evidence, nothing follows */
	DLT_SHAPE_TRACEBACK,	/* "Traceback (most recent call last):" ... exception line */
	DLT_SHAPE_EXCEPTION,	/* a bare "Type: message" line (no traceback above it) */
	DLT_SHAPE_FAULTHANDLER,	/* "Fatal Python error:" + "Current thread ..." frames */
	DLT_SHAPE_BACKTRACE,	/* a header followed by native frame lines */
	DLT_SHAPE_SANITIZER,	/* "==PID==ERROR: XSanitizer: ..." to the end of the report */
	DLT_SHAPE_MESSAGE,	/* a short log that is one message, where nothing else fired */
	DLT_SHAPE_VALUES,	/* a log whose every line is a printed value, where nothing else fired */
	DLT_SHAPE_SERIES,	/* readings of one quantity that keep rising, where nothing else fired */
	DLT_SHAPE_MENTION,	/* the lines its match takes, in a log where nothing else fired */
	DLT_SHAPE_BOUNDARY,	/* a line that ends the incident before it (a test's header) */
	DLT_SHAPE_COUNT
};

/* The parts of an incident a condition can look at. */
enum dlt_field {
	DLT_FIELD_TEXT,		/* all evidence lines, '\n'-joined */
	DLT_FIELD_HEAD,		/* the first evidence line (the one a detector hit) */
	DLT_FIELD_EXC_TYPE,	/* exception type, e.g. RuntimeError */
	DLT_FIELD_EXC_MESSAGE,	/* exception message (first line and continuation) */
	DLT_FIELD_FRAME,	/* any frame's function (matched one by one) */
	DLT_FIELD_TOP_FRAME,	/* the innermost frame after filtering */
	DLT_FIELD_FRAME_FILE,	/* any frame's file */
	DLT_FIELD_DETECTOR,	/* ids of the detectors that fired, one by one */
	DLT_FIELD_SOURCE,	/* the log file's path */
	DLT_FIELD_LOG_HEAD,	/* the first 16 KiB of the log, evidence or not */
	/* the run context (runctx.h), in the order of enum dlt_runctx_field */
	DLT_FIELD_RUN_MODE,
	DLT_FIELD_RUN_PROFILE,
	DLT_FIELD_RUN_STATUS,
	DLT_FIELD_RUN_OPERATOR,
	DLT_FIELD_RUN_OTHERS,
	DLT_FIELD_RUN_OTHER,	/* each other target's LABEL:STATUS */
	DLT_FIELD_COUNT
};

struct dlt_loc {
	const char	*file;		/* interned in the ruleset; not owned */
	int		 line, col;
};

struct dlt_cond {
	enum dlt_field	 field;
	struct dlt_rx	*rx;
	char		*pattern;
	struct dlt_loc	 loc;
};

struct dlt_conds {
	struct dlt_cond	*all;  size_t nall;	/* every one must match */
	struct dlt_cond	*any;  size_t nany;	/* at least one, when any are given */
	struct dlt_cond	*none; size_t nnone;	/* none may match */
};

/* A sample: a log excerpt (or line) and what must come out of it. */
struct dlt_sample {
	struct dlt_loc	 loc;
	char		*input;		/* `log:` for rules/frameworks, `line:` for detectors/frames, `in:` for normalise, `frame:` for ignore-frames */
	size_t		 input_len;
	/* expectations; NULL / -1 = not checked */
	int		 cls;		/* enum dlt_class */
	char		*kind;
	char		*framework;
	char		*exc_type;
	char		*top_frame;
	int		 security;
	char		*context;	/* rules: the run context, FIELD=VALUE ... */
	int		 hit;		/* detectors: must the line hit (1) or not (0) */
	char		*func, *file;	/* frames: parsed parts */
	char		*out;		/* normalise: expected output */
	int		 ignored;	/* ignore-frames: must be ignored (1) or kept (0) */
};

struct dlt_entry_common {
	char		*id;
	struct dlt_loc	 loc;
	char		*description;
	struct dlt_sample *samples;
	size_t		 nsamples;
};

struct dlt_detector {
	struct dlt_entry_common	 c;
	char			**anchors;	/* literal strings for the scanner */
	size_t			 nanchors;
	int			 caseless;	/* anchors match ignoring ASCII case */
	int			 word;		/* anchors must not touch [A-Za-z0-9_] */
	struct dlt_rx		*match;		/* optional: confirm on the hit line; named groups type, message fill the exception */
	enum dlt_evidence_shape		 shape;
	int			 max_lines;	/* longest block this detector may start */
	int			 ends_process;	/* its line is the process's death */
	int			 apart;		/* two of its reports are two incidents */
};

struct dlt_frame_format {
	struct dlt_entry_common	 c;
	struct dlt_rx		*match;		/* named groups: func, file, line, module, addr, lib */
	int			 python;	/* frames of Python code (module:function) */
};

struct dlt_rule {
	struct dlt_entry_common	 c;
	int			 cls;		/* enum dlt_class */
	char			*kind;		/* may hold {group} references to named groups */
	char			*framework;	/* NULL: any; else only for this framework */
	char			*set_framework;	/* set the incident's framework when it is unknown */
	int			 precedence;	/* higher wins; ties: file order */
	int			 priority;	/* enum dlt_priority hint */
	double			 confidence;	/* of the priority hint, [0,1] */
	int			 security;	/* -1 unset, 0, 1 */
	int			 alone;		/* its failure stands only when the log has no other */
	char			*signature;	/* optional title template ({type}, {message}, {top}, {kind}, groups) */
	char			*bucket;	/* optional: what names the defect, hashed in
						   place of the signature and frames */
	/*
	 * NULL: an ordinary rule.  Else a refinement, tried only after
	 * the ordinary rules decided, on a decision whose "class/kind"
	 * this regex matches (the run context overruling the log's words).
	 */
	struct dlt_rx		*refines;
	struct dlt_conds	 when;
};

struct dlt_framework_rule {
	struct dlt_entry_common	 c;
	char			*framework;
	int			 weight;
	struct dlt_conds	 when;
};

struct dlt_ignore_frame {
	struct dlt_entry_common	 c;
	char			*framework;	/* NULL: all */
	struct dlt_rx		*func;		/* on the function name */
	struct dlt_rx		*file;		/* on the file or library; optional */
};

struct dlt_normalise {
	struct dlt_entry_common	 c;
	struct dlt_rx		*match;
	char			*replace;
};

struct dlt_ruleset {
	char			**files;	/* every file loaded, in order (owned) */
	size_t			  nfiles;
	char			**dirs;		/* directories, in order (owned) */
	size_t			  ndirs;

	struct dlt_detector	 *detectors;	size_t ndetectors;
	struct dlt_frame_format	 *frames;	size_t nframes;
	struct dlt_rule		 *rules;	size_t nrules;	/* sorted: precedence desc, then load order */
	struct dlt_framework_rule *frameworks;	size_t nframeworks;
	struct dlt_ignore_frame	 *ignores;	size_t nignores;
	struct dlt_normalise	 *normalise;	size_t nnormalise;
	size_t			  npatterns;	/* named patterns used by the above */
	/* the priority model of the last directory that has one, or NULL */
	struct dlt_prio_model	 *prio;
};

/*
 * Load every *.yaml file (sorted by name) of each directory in dirs[],
 * in order; later directories add to and override earlier ones by id.
 * Returns 0 and a complete set when there were no problems; -1 with
 * problems filled otherwise (the set is then not usable).  Files given
 * directly (not directories) are loaded as they are.
 */
int	dlt_ruleset_load(struct dlt_ruleset *, const char *const *paths, size_t npaths,
	    struct dlt_diags *);
void	dlt_ruleset_release(struct dlt_ruleset *);

const char	*dlt_shape_name(int);
int		 dlt_shape_parse(const char *);
const char	*dlt_field_name(int);
int		 dlt_field_parse(const char *);

#endif
