/*
 * rule-schema.h: the schema of rule files as one table (after tmux's
 * options-table.c), and the codes of the problems the loader reports
 * (after GoAccess's error table).
 *
 * Every key that may appear in a rule file is a row of dlt_schema_table:
 * the section names at the top level, the keys of each section's
 * entries, the keys of each section's samples and the keys of a
 * condition mapping.  rule-load.c validates files against the table,
 * `dltriage rules schema` prints it and dltriage-rules(5) documents the
 * same rows (tests/t1000-rules-check.sh checks that).
 *
 * To add a key: add a row here (in rule-schema.c), read it in
 * rule-load.c into the struct in rules.h, use it in the engine, and
 * describe it in man/dltriage-rules.5.
 */
#ifndef DLT_RULE_SCHEMA_H
#define DLT_RULE_SCHEMA_H

#include <stddef.h>

/* Problems found in rule files; struct dlt_rule_problem.code. */
enum dlt_rule_error {
	DLT_RERR_NONE = 0,
	DLT_RERR_UNREADABLE,	/* a rule file or directory cannot be read */
	DLT_RERR_YAML,		/* YAML syntax (also aliases, anchors, nesting, size) */
	DLT_RERR_UNKNOWN_KEY,	/* a key or section the schema does not know */
	DLT_RERR_DUP_KEY,	/* the same key twice in one mapping */
	DLT_RERR_WRONG_TYPE,	/* e.g. a string where a sequence belongs */
	DLT_RERR_MISSING,	/* a required key is absent */
	DLT_RERR_BAD_VALUE,	/* out of range, empty, NUL byte */
	DLT_RERR_BAD_ENUM,	/* not one of the allowed values */
	DLT_RERR_BAD_REGEX,	/* PCRE2 refused the pattern */
	DLT_RERR_BAD_GROUPS,	/* a regex lacks a named group it needs */
	DLT_RERR_BAD_TEMPLATE,	/* unknown {placeholder} or unclosed brace */
	DLT_RERR_BAD_ID,	/* id does not match [a-z0-9][a-z0-9._-]* */
	DLT_RERR_DUP_ID,	/* the same id twice in one rule directory */
	DLT_RERR_OVERRIDE,	/* a replacement entry in another section */
	DLT_RERR_NO_SAMPLES,	/* an entry without samples */
	DLT_RERR_BAD_ANCHORS,	/* no anchors, or an anchor too short */
	DLT_RERR_NO_CONDITIONS,	/* a rule with nothing in all or any */
	DLT_RERR_COUNT
};

/* "unknown-key", ... (stable, for scripts and the TUI). */
const char	*dlt_rule_error_name(int);
/* "unknown key", ... (a short description). */
const char	*dlt_rule_error_text(int);

/* The sections of a rule file, in the order they are listed. */
enum dlt_rule_section {
	DLT_SEC_DETECTORS,
	DLT_SEC_FRAMES,
	DLT_SEC_RULES,
	DLT_SEC_FRAMEWORKS,
	DLT_SEC_IGNORE_FRAMES,
	DLT_SEC_NORMALISE,
	DLT_SEC_COUNT
};

/* "detectors", ..., NULL: indexed by enum dlt_rule_section. */
extern const char *const dlt_rule_section_names[];
const char	*dlt_rule_section_name(int);	/* "detectors", ... */
int		 dlt_rule_section_parse(const char *);	/* -1 if unknown */

/* Where a key lives. */
enum dlt_schema_where {
	DLT_SW_TOP,		/* top level: the section names */
	DLT_SW_ENTRY,		/* an entry of a section */
	DLT_SW_SAMPLE,		/* a sample of an entry of a section */
	DLT_SW_CONDITION	/* a condition mapping (any section) */
};

enum dlt_schema_type {
	DLT_ST_ENTRIES,		/* a sequence of entries (top level) */
	DLT_ST_ID,		/* [a-z0-9][a-z0-9._-]* */
	DLT_ST_STRING,		/* any scalar but null, no NUL byte */
	DLT_ST_TEXT,		/* a string that may hold NUL bytes (sample input) */
	DLT_ST_TEMPLATE,	/* a string with {placeholders} */
	DLT_ST_REGEX,		/* a PCRE2 pattern */
	DLT_ST_BOOL,		/* true or false */
	DLT_ST_INT,		/* an integer in [min, max] */
	DLT_ST_NUMBER,		/* a number in [min, max] */
	DLT_ST_ENUM,		/* one of choices */
	DLT_ST_STRING_LIST,	/* a sequence of strings */
	DLT_ST_CONDITIONS,	/* a sequence of conditions */
	DLT_ST_SAMPLES,		/* a non-empty sequence of sample mappings */
	DLT_ST_PATTERNS,	/* a mapping of pattern names to regexes (top level) */
	DLT_ST_COUNT
};

const char	*dlt_schema_type_name(int);	/* "string", ... */

#define DLT_SK_REQUIRED		0x1	/* the key must be present */
#define DLT_SK_REQUIRED_RULE	0x2	/* required unless class is ignore */

struct dlt_schema_key {
	int			 section;	/* enum dlt_rule_section; -1 for top and condition */
	enum dlt_schema_where	 where;
	const char		*key;
	enum dlt_schema_type	 type;
	int			 flags;		/* DLT_SK_* */
	const char		*deflt;		/* the default as text, or NULL */
	const char *const	*choices;	/* DLT_ST_ENUM: NULL-terminated */
	double			 min, max;	/* DLT_ST_INT, DLT_ST_NUMBER */
	const char		*help;		/* one line, lower case */
};

extern const struct dlt_schema_key	dlt_schema_table[];
extern const size_t			dlt_schema_count;

/* The row for key in section (ignored for top and condition), or NULL. */
const struct dlt_schema_key *dlt_schema_find(int section, enum dlt_schema_where,
	    const char *key);
/* "detectors", "detectors.samples", "condition", "top" for a row. */
const char	*dlt_schema_where_name(const struct dlt_schema_key *, char *buf,
		    size_t len);

/* Value lists shared by the table and the rules.h *_name/_parse helpers. */
extern const char *const dlt_shape_names[];		/* enum dlt_evidence_shape order */
extern const char *const dlt_field_names[];		/* enum dlt_field order */

#endif
