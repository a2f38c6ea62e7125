/* rule-schema.c: the rule file schema table and the problem codes; see rule-schema.h. */
#include <stdio.h>
#include <string.h>

#include "rule-schema.h"
#include "rules.h"

const char *const dlt_shape_names[] = {
	"line", "traceback", "exception", "faulthandler", "backtrace",
	"sanitizer", "message", "values", "series", "mention", "boundary", NULL
};

const char *const dlt_field_names[] = {
	"text", "head", "exception.type", "exception.message", "frame",
	"top-frame", "frame.file", "detector", "source", "log.head",
	"run.mode", "run.profile", "run.status", "run.operator", "run.others",
	"run.other", NULL
};

_Static_assert(sizeof dlt_shape_names / sizeof dlt_shape_names[0] ==
    DLT_SHAPE_COUNT + 1, "dlt_shape_names and enum dlt_evidence_shape differ");
_Static_assert(sizeof dlt_field_names / sizeof dlt_field_names[0] ==
    DLT_FIELD_COUNT + 1, "dlt_field_names and enum dlt_field differ");

const char *const dlt_rule_section_names[] = {
	"detectors", "frames", "rules", "frameworks", "ignore-frames",
	"normalise", NULL
};

static const struct {
	const char	*name;
	const char	*text;
} rule_errors[] = {
	[DLT_RERR_NONE] =		{ "none", "no problem" },
	[DLT_RERR_UNREADABLE] =		{ "unreadable", "rule file or directory cannot be read" },
	[DLT_RERR_YAML] =		{ "yaml-syntax", "YAML syntax error" },
	[DLT_RERR_UNKNOWN_KEY] =	{ "unknown-key", "unknown key or section" },
	[DLT_RERR_DUP_KEY] =		{ "duplicate-key", "key given twice in one mapping" },
	[DLT_RERR_WRONG_TYPE] =		{ "wrong-type", "value of the wrong type" },
	[DLT_RERR_MISSING] =		{ "missing-key", "required key missing" },
	[DLT_RERR_BAD_VALUE] =		{ "bad-value", "value out of range or empty" },
	[DLT_RERR_BAD_ENUM] =		{ "bad-enum", "value not one of those allowed" },
	[DLT_RERR_BAD_REGEX] =		{ "bad-regex", "regex does not compile" },
	[DLT_RERR_BAD_GROUPS] =		{ "bad-groups", "regex lacks a named group it needs" },
	[DLT_RERR_BAD_TEMPLATE] =	{ "bad-template", "template refers to an unknown placeholder" },
	[DLT_RERR_BAD_ID] =		{ "bad-id", "id of the wrong form" },
	[DLT_RERR_DUP_ID] =		{ "duplicate-id", "id defined twice in one rule directory" },
	[DLT_RERR_OVERRIDE] =		{ "bad-override", "replacement entry in another section" },
	[DLT_RERR_NO_SAMPLES] =		{ "no-samples", "entry without samples" },
	[DLT_RERR_BAD_ANCHORS] =	{ "bad-anchors", "detector without usable anchors" },
	[DLT_RERR_NO_CONDITIONS] =	{ "no-conditions", "rule without conditions" },
};

static const char *const type_names[] = {
	[DLT_ST_ENTRIES] = "entries",
	[DLT_ST_ID] = "id",
	[DLT_ST_STRING] = "string",
	[DLT_ST_TEXT] = "text",
	[DLT_ST_TEMPLATE] = "template",
	[DLT_ST_REGEX] = "regex",
	[DLT_ST_BOOL] = "bool",
	[DLT_ST_INT] = "int",
	[DLT_ST_NUMBER] = "number",
	[DLT_ST_ENUM] = "enum",
	[DLT_ST_STRING_LIST] = "string-list",
	[DLT_ST_CONDITIONS] = "conditions",
	[DLT_ST_SAMPLES] = "samples",
	[DLT_ST_PATTERNS] = "patterns",
};

#define REQ	DLT_SK_REQUIRED

/* The keys every entry of every section has. */
#define COMMON(sec, what)						\
	{ sec, DLT_SW_ENTRY, "id", DLT_ST_ID, REQ, NULL, NULL, 0, 0,	\
	  "the entry's name, unique in the rule set; a later rule "	\
	  "directory's entry with the same id replaces it" },		\
	{ sec, DLT_SW_ENTRY, "description", DLT_ST_STRING, 0, NULL, NULL,	\
	  0, 0, "what the entry is for" },				\
	{ sec, DLT_SW_ENTRY, "samples", DLT_ST_SAMPLES, REQ, NULL, NULL,	\
	  0, 0, what }

#define CONDS(sec)							\
	{ sec, DLT_SW_ENTRY, "all", DLT_ST_CONDITIONS, 0, NULL, NULL, 0, 0,	\
	  "conditions that must all hold" },				\
	{ sec, DLT_SW_ENTRY, "any", DLT_ST_CONDITIONS, 0, NULL, NULL, 0, 0,	\
	  "conditions of which one must hold (when given)" },		\
	{ sec, DLT_SW_ENTRY, "none", DLT_ST_CONDITIONS, 0, NULL, NULL, 0, 0,	\
	  "conditions of which none may hold" }

const struct dlt_schema_key dlt_schema_table[] = {
	/* Top level. */
	{ -1, DLT_SW_TOP, "detectors", DLT_ST_ENTRIES, 0, NULL, NULL, 0, 0,
	  "literal anchors the scanner looks for and the shape of evidence "
	  "that starts at a hit" },
	{ -1, DLT_SW_TOP, "frames", DLT_ST_ENTRIES, 0, NULL, NULL, 0, 0,
	  "regexes that parse one stack frame line" },
	{ -1, DLT_SW_TOP, "rules", DLT_ST_ENTRIES, 0, NULL, NULL, 0, 0,
	  "classification rules: conditions over an incident decide its "
	  "class and kind" },
	{ -1, DLT_SW_TOP, "frameworks", DLT_ST_ENTRIES, 0, NULL, NULL, 0, 0,
	  "conditions that tell which framework a log comes from" },
	{ -1, DLT_SW_TOP, "ignore-frames", DLT_ST_ENTRIES, 0, NULL, NULL, 0, 0,
	  "frames to skip when choosing the top frame" },
	{ -1, DLT_SW_TOP, "normalise", DLT_ST_ENTRIES, 0, NULL, NULL, 0, 0,
	  "replacements applied to messages and frames before bucketing" },
	{ -1, DLT_SW_TOP, "patterns", DLT_ST_PATTERNS, 0, NULL, NULL, 0, 0,
	  "named regex fragments, a mapping of name to regex: any regex of "
	  "any loaded file may use one as %{name}" },

	/* detectors */
	COMMON(DLT_SEC_DETECTORS, "log lines the detector must hit (or not)"),
	{ DLT_SEC_DETECTORS, DLT_SW_ENTRY, "anchors", DLT_ST_STRING_LIST, REQ,
	  NULL, NULL, 0, 0,
	  "literal strings of 3 bytes or more, one line each; a line holding "
	  "one is a hit (shapes message and values take none)" },
	{ DLT_SEC_DETECTORS, DLT_SW_ENTRY, "caseless", DLT_ST_BOOL, 0, "false",
	  NULL, 0, 0, "anchors match ignoring ASCII case" },
	{ DLT_SEC_DETECTORS, DLT_SW_ENTRY, "word", DLT_ST_BOOL, 0, "false",
	  NULL, 0, 0, "anchors must not touch a letter, digit or '_'" },
	{ DLT_SEC_DETECTORS, DLT_SW_ENTRY, "match", DLT_ST_REGEX, 0, NULL,
	  NULL, 0, 0,
	  "must match the hit line too; named groups type and message give "
	  "the exception (required for shapes exception and values)" },
	{ DLT_SEC_DETECTORS, DLT_SW_ENTRY, "shape", DLT_ST_ENUM, REQ, NULL,
	  dlt_shape_names, 0, 0, "the shape of the evidence that starts at a hit" },
	{ DLT_SEC_DETECTORS, DLT_SW_ENTRY, "max-lines", DLT_ST_INT, 0, "200",
	  NULL, 1, 100000, "the longest block of evidence a hit may start" },
	{ DLT_SEC_DETECTORS, DLT_SW_ENTRY, "ends-process", DLT_ST_BOOL, 0,
	  "false", NULL, 0, 0,
	  "its line is printed by a process as it dies: a Python traceback "
	  "below it is another process's failure" },
	{ DLT_SEC_DETECTORS, DLT_SW_ENTRY, "apart", DLT_ST_BOOL, 0, "false",
	  NULL, 0, 0,
	  "each of its exception lines is a report of its own: one below an "
	  "incident whose exception another of its lines gave starts another "
	  "incident, however close" },
	{ DLT_SEC_DETECTORS, DLT_SW_SAMPLE, "line", DLT_ST_TEXT, REQ, NULL,
	  NULL, 0, 0, "a log line" },
	{ DLT_SEC_DETECTORS, DLT_SW_SAMPLE, "hit", DLT_ST_BOOL, 0, "true",
	  NULL, 0, 0, "whether the detector must hit the line" },

	/* frames */
	COMMON(DLT_SEC_FRAMES, "frame lines and the parts they must give"),
	{ DLT_SEC_FRAMES, DLT_SW_ENTRY, "match", DLT_ST_REGEX, REQ, NULL, NULL,
	  0, 0,
	  "parses one frame line; named groups func (required), file, line, "
	  "module, addr, lib" },
	{ DLT_SEC_FRAMES, DLT_SW_ENTRY, "python", DLT_ST_BOOL, 0, "false", NULL,
	  0, 0, "frames of Python code, shown as module:function" },
	{ DLT_SEC_FRAMES, DLT_SW_SAMPLE, "line", DLT_ST_TEXT, REQ, NULL, NULL,
	  0, 0, "a frame line" },
	{ DLT_SEC_FRAMES, DLT_SW_SAMPLE, "func", DLT_ST_STRING, 0, NULL, NULL,
	  0, 0, "the function the line must give" },
	{ DLT_SEC_FRAMES, DLT_SW_SAMPLE, "file", DLT_ST_STRING, 0, NULL, NULL,
	  0, 0, "the file or library the line must give" },

	/* rules */
	COMMON(DLT_SEC_RULES, "logs and the class (and more) they must get"),
	{ DLT_SEC_RULES, DLT_SW_ENTRY, "class", DLT_ST_ENUM, REQ, NULL,
	  dlt_class_names, 0, 0,
	  "the class the rule decides; ignore drops the incident" },
	{ DLT_SEC_RULES, DLT_SW_ENTRY, "kind", DLT_ST_TEMPLATE,
	  DLT_SK_REQUIRED_RULE, NULL, NULL, 0, 0,
	  "refines the class (segfault, check-failure, ...); may use {group}; "
	  "required unless class is ignore" },
	{ DLT_SEC_RULES, DLT_SW_ENTRY, "framework", DLT_ST_ENUM, 0, NULL,
	  dlt_framework_or_unknown_names, 0, 0,
	  "the rule applies only to incidents of this framework" },
	{ DLT_SEC_RULES, DLT_SW_ENTRY, "set-framework", DLT_ST_ENUM, 0, NULL,
	  dlt_framework_names, 0, 0,
	  "sets the incident's framework when it is unknown" },
	{ DLT_SEC_RULES, DLT_SW_ENTRY, "precedence", DLT_ST_INT, 0, "0", NULL,
	  -1000000, 1000000, "rules are tried highest first; ties in load order" },
	{ DLT_SEC_RULES, DLT_SW_ENTRY, "priority", DLT_ST_ENUM, 0, NULL,
	  dlt_priority_names, 0, 0, "the priority hint for the failure" },
	{ DLT_SEC_RULES, DLT_SW_ENTRY, "confidence", DLT_ST_NUMBER, 0, "0.5",
	  NULL, 0, 1, "confidence in the priority hint" },
	{ DLT_SEC_RULES, DLT_SW_ENTRY, "security", DLT_ST_BOOL, 0, NULL, NULL,
	  0, 0, "the evidence shows memory corruption (unset: decided elsewhere)" },
	{ DLT_SEC_RULES, DLT_SW_ENTRY, "alone", DLT_ST_BOOL, 0, "false", NULL,
	  0, 0, "its failure stands only when the log has no other failure" },
	{ DLT_SEC_RULES, DLT_SW_ENTRY, "signature", DLT_ST_TEMPLATE, 0, NULL,
	  NULL, 0, 0,
	  "the failure's title: {type}, {message}, {top}, {kind}, {class}, "
	  "{framework}, {group}" },
	{ DLT_SEC_RULES, DLT_SW_ENTRY, "bucket", DLT_ST_TEMPLATE, 0, NULL,
	  NULL, 0, 0,
	  "what names the defect, in place of the signature and the top "
	  "frames in the bucket id (same placeholders)" },
	{ DLT_SEC_RULES, DLT_SW_ENTRY, "refines", DLT_ST_REGEX, 0, NULL,
	  NULL, 0, 0,
	  "makes the rule a refinement: tried after the other rules decided, "
	  "on a decision whose class/kind this regex matches" },
	CONDS(DLT_SEC_RULES),
	{ DLT_SEC_RULES, DLT_SW_SAMPLE, "log", DLT_ST_TEXT, REQ, NULL, NULL,
	  0, 0, "a log excerpt; its first failure is checked" },
	{ DLT_SEC_RULES, DLT_SW_SAMPLE, "class", DLT_ST_ENUM, REQ, NULL,
	  dlt_class_names, 0, 0,
	  "the class the failure must get; ignore: no failure must be found" },
	{ DLT_SEC_RULES, DLT_SW_SAMPLE, "kind", DLT_ST_STRING, 0, NULL, NULL,
	  0, 0, "the kind the failure must get" },
	{ DLT_SEC_RULES, DLT_SW_SAMPLE, "framework", DLT_ST_ENUM, 0, NULL,
	  dlt_framework_or_unknown_names, 0, 0, "the framework the failure must get" },
	{ DLT_SEC_RULES, DLT_SW_SAMPLE, "exception", DLT_ST_STRING, 0, NULL,
	  NULL, 0, 0, "the exception type the failure must get" },
	{ DLT_SEC_RULES, DLT_SW_SAMPLE, "top-frame", DLT_ST_STRING, 0, NULL,
	  NULL, 0, 0, "the top frame the failure must get" },
	{ DLT_SEC_RULES, DLT_SW_SAMPLE, "security", DLT_ST_BOOL, 0, NULL, NULL,
	  0, 0, "whether the failure must be marked security relevant" },
	{ DLT_SEC_RULES, DLT_SW_SAMPLE, "context", DLT_ST_STRING, 0, NULL, NULL,
	  0, 0, "the run context the log is classified in: FIELD=VALUE items "
	  "(run.mode, run.profile, run.status, run.operator, run.others, "
	  "run.other)" },

	/* frameworks */
	COMMON(DLT_SEC_FRAMEWORKS, "logs and the framework they must get"),
	{ DLT_SEC_FRAMEWORKS, DLT_SW_ENTRY, "framework", DLT_ST_ENUM, REQ, NULL,
	  dlt_framework_names, 0, 0,
	  "the framework this entry votes for" },
	{ DLT_SEC_FRAMEWORKS, DLT_SW_ENTRY, "weight", DLT_ST_INT, 0, "1", NULL,
	  1, 1000, "the vote's weight; the framework with the most wins" },
	CONDS(DLT_SEC_FRAMEWORKS),
	{ DLT_SEC_FRAMEWORKS, DLT_SW_SAMPLE, "log", DLT_ST_TEXT, REQ, NULL,
	  NULL, 0, 0, "a log excerpt; its first failure is checked" },
	{ DLT_SEC_FRAMEWORKS, DLT_SW_SAMPLE, "framework", DLT_ST_ENUM, REQ,
	  NULL, dlt_framework_or_unknown_names, 0, 0,
	  "the framework the failure must get" },

	/* ignore-frames */
	COMMON(DLT_SEC_IGNORE_FRAMES, "frames that must be ignored (or kept)"),
	{ DLT_SEC_IGNORE_FRAMES, DLT_SW_ENTRY, "func", DLT_ST_REGEX, REQ, NULL,
	  NULL, 0, 0, "matches the function names of frames to skip" },
	{ DLT_SEC_IGNORE_FRAMES, DLT_SW_ENTRY, "file", DLT_ST_REGEX, 0, NULL,
	  NULL, 0, 0, "must match the frame's file or library too" },
	{ DLT_SEC_IGNORE_FRAMES, DLT_SW_ENTRY, "framework", DLT_ST_ENUM, 0, NULL,
	  dlt_framework_names, 0, 0, "only for incidents of this framework" },
	{ DLT_SEC_IGNORE_FRAMES, DLT_SW_SAMPLE, "frame", DLT_ST_STRING, REQ,
	  NULL, NULL, 0, 0, "a frame's function name" },
	{ DLT_SEC_IGNORE_FRAMES, DLT_SW_SAMPLE, "file", DLT_ST_STRING, 0, NULL,
	  NULL, 0, 0, "the frame's file or library" },
	{ DLT_SEC_IGNORE_FRAMES, DLT_SW_SAMPLE, "ignored", DLT_ST_BOOL, 0,
	  "true", NULL, 0, 0, "whether the frame must be ignored" },

	/* normalise */
	COMMON(DLT_SEC_NORMALISE, "strings and what they must become"),
	{ DLT_SEC_NORMALISE, DLT_SW_ENTRY, "match", DLT_ST_REGEX, REQ, NULL,
	  NULL, 0, 0, "what to replace, everywhere in the string" },
	{ DLT_SEC_NORMALISE, DLT_SW_ENTRY, "replace", DLT_ST_STRING, REQ, NULL,
	  NULL, 0, 0, "the replacement; $1 and ${name} insert groups" },
	{ DLT_SEC_NORMALISE, DLT_SW_SAMPLE, "in", DLT_ST_TEXT, REQ, NULL, NULL,
	  0, 0, "a message or frame" },
	{ DLT_SEC_NORMALISE, DLT_SW_SAMPLE, "out", DLT_ST_STRING, REQ, NULL,
	  NULL, 0, 0, "what this entry must turn it into" },

	/* Conditions written as mappings (a bare string is a regex on text). */
	{ -1, DLT_SW_CONDITION, "field", DLT_ST_ENUM, 0, "text", dlt_field_names,
	  0, 0, "the part of the incident the regex is matched against" },
	{ -1, DLT_SW_CONDITION, "match", DLT_ST_REGEX, REQ, NULL, NULL, 0, 0,
	  "the regex; its named groups can be used in kind and signature" },
	{ -1, DLT_SW_CONDITION, "caseless", DLT_ST_BOOL, 0, "false", NULL, 0, 0,
	  "match ignoring case" },
};
const size_t dlt_schema_count = sizeof dlt_schema_table / sizeof dlt_schema_table[0];

const char *
dlt_rule_error_name(int code)
{
	if (code < 0 || code >= DLT_RERR_COUNT)
		return ("unknown");
	return (rule_errors[code].name);
}

const char *
dlt_rule_error_text(int code)
{
	if (code < 0 || code >= DLT_RERR_COUNT)
		return ("unknown problem");
	return (rule_errors[code].text);
}

const char *
dlt_rule_section_name(int sec)
{
	if (sec < 0 || sec >= DLT_SEC_COUNT)
		return ("?");
	return (dlt_rule_section_names[sec]);
}

int
dlt_rule_section_parse(const char *name)
{
	int	i;

	for (i = 0; i < DLT_SEC_COUNT; i++)
		if (strcmp(dlt_rule_section_names[i], name) == 0)
			return (i);
	return (-1);
}

const char *
dlt_schema_type_name(int type)
{
	if (type < 0 || type >= DLT_ST_COUNT)
		return ("?");
	return (type_names[type]);
}

const struct dlt_schema_key *
dlt_schema_find(int section, enum dlt_schema_where where, const char *key)
{
	const struct dlt_schema_key	*k;
	size_t				 i;

	for (i = 0; i < dlt_schema_count; i++) {
		k = &dlt_schema_table[i];
		if (k->where != where || strcmp(k->key, key) != 0)
			continue;
		if ((where == DLT_SW_ENTRY || where == DLT_SW_SAMPLE) &&
		    k->section != section)
			continue;
		return (k);
	}
	return (NULL);
}

const char *
dlt_schema_where_name(const struct dlt_schema_key *k, char *buf, size_t len)
{
	switch (k->where) {
	case DLT_SW_TOP:
		snprintf(buf, len, "top");
		break;
	case DLT_SW_ENTRY:
		snprintf(buf, len, "%s", dlt_rule_section_name(k->section));
		break;
	case DLT_SW_SAMPLE:
		snprintf(buf, len, "%s.samples", dlt_rule_section_name(k->section));
		break;
	case DLT_SW_CONDITION:
		snprintf(buf, len, "condition");
		break;
	}
	return (buf);
}
