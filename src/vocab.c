/* vocab.c: class, priority, triage status and framework names; see vocab.h. */
#include <ctype.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "strbuf.h"
#include "suggest.h"
#include "vocab.h"

const char *const dlt_class_names[] = {
	"crash", "nan", "inconsistency", "false-positive", "timeout", "oom",
	"unknown", "ignore", NULL
};

/*
 * How severe each class is, 0 the most: what a log's verdict is (its
 * most severe failure), and a report's primary failure.
 */
static const int class_rank[DLT_CLASS_COUNT] = {
	/* crash nan inconsistency false-positive timeout oom unknown ignore */
	0, 4, 3, 5, 2, 1, 6, 7
};

int
dlt_class_rank(int cls)
{
	return (cls >= 0 && cls < DLT_CLASS_COUNT ? class_rank[cls] :
	    DLT_CLASS_COUNT);
}

const char *const dlt_priority_names[] = {
	"low", "medium", "high", NULL
};

/* The statuses of a bucket, in the order of enum dlt_triage. */
const char *const dlt_triage_names[] = {
	"new", "confirmed", "reported", "duplicate", "wont-fix",
	"false-positive", NULL
};

const char *const dlt_framework_or_unknown_names[] = {
	"pytorch", "tensorflow", "jax", "keras", "onnxruntime", "mindspore",
	"paddle", "unknown", NULL
};

const char *const dlt_framework_names[] = {
	"pytorch", "tensorflow", "jax", "keras", "onnxruntime", "mindspore",
	"paddle", NULL
};

/* The aliases users type; the canonical name comes first. */
static const char *const aliases[DLT_FW_COUNT][6] = {
	[DLT_FW_PYTORCH] = { "pytorch", "torch", NULL },
	[DLT_FW_TENSORFLOW] = { "tensorflow", "tf", NULL },
	[DLT_FW_JAX] = { "jax", "jaxlib", NULL },
	[DLT_FW_KERAS] = { "keras", "keras3", "tf.keras", NULL },
	[DLT_FW_ONNXRUNTIME] = { "onnxruntime", "ort", "onnx-runtime", NULL },
	[DLT_FW_MINDSPORE] = { "mindspore", "ms", NULL },
	[DLT_FW_PADDLE] = { "paddle", "paddlepaddle", NULL },
	[DLT_FW_UNKNOWN] = { "unknown", NULL },
};

_Static_assert(sizeof dlt_class_names / sizeof dlt_class_names[0] ==
    DLT_CLASS_COUNT + 1, "dlt_class_names and enum dlt_class differ");
_Static_assert(sizeof dlt_priority_names / sizeof dlt_priority_names[0] ==
    DLT_PRIO_COUNT + 1, "dlt_priority_names and enum dlt_priority differ");
_Static_assert(sizeof dlt_triage_names / sizeof dlt_triage_names[0] ==
    DLT_TRIAGE_COUNT + 1, "dlt_triage_names and enum dlt_triage differ");
_Static_assert(sizeof dlt_framework_or_unknown_names /
    sizeof dlt_framework_or_unknown_names[0] == DLT_FW_COUNT + 1,
    "dlt_framework_or_unknown_names and enum dlt_framework differ");

int
dlt_name_index(const char *const *names, const char *s)
{
	int	i;

	if (s == NULL)
		return (-1);
	for (i = 0; names[i] != NULL; i++)
		if (strcmp(names[i], s) == 0)
			return (i);
	return (-1);
}

const char *
dlt_class_name(int c)
{
	return (c >= 0 && c < DLT_CLASS_COUNT ? dlt_class_names[c] : "?");
}

int
dlt_class_parse(const char *s)
{
	return (dlt_name_index(dlt_class_names, s));
}

const char *
dlt_priority_name(int c)
{
	if (c == DLT_PRIO_UNSET)
		return ("unset");
	if (c == DLT_PRIO_UNKNOWN)
		return ("unknown");
	return (c >= DLT_PRIO_LOW && c <= DLT_PRIO_HIGH ? dlt_priority_names[c] :
	    "?");
}

int
dlt_priority_parse(const char *s)
{
	return (dlt_name_index(dlt_priority_names, s));
}

int
dlt_priority_parse_any(const char *s)
{
	if (s != NULL && strcmp(s, "unknown") == 0)
		return (DLT_PRIO_UNKNOWN);
	return (dlt_priority_parse(s));
}

const char *
dlt_triage_name(int t)
{
	return (t >= 0 && t < DLT_TRIAGE_COUNT ? dlt_triage_names[t] : "?");
}

int
dlt_triage_parse(const char *s)
{
	return (dlt_name_index(dlt_triage_names, s));
}

const char *
dlt_framework_name(int f)
{
	return (f >= 0 && f < DLT_FW_COUNT ? dlt_framework_or_unknown_names[f] :
	    "unknown");
}

int
dlt_framework_parse(const char *s, int allow_unknown)
{
	int	f, i;

	if (s == NULL)
		return (-1);
	for (f = 0; f < DLT_FW_COUNT; f++) {
		if (f == DLT_FW_UNKNOWN && !allow_unknown)
			continue;
		for (i = 0; aliases[f][i] != NULL; i++)
			if (strcasecmp(aliases[f][i], s) == 0)
				return (f);
	}
	return (-1);
}

const char *
dlt_framework_canonical(const char *s)
{
	int	f;

	if ((f = dlt_framework_parse(s, 1)) < 0)
		return (NULL);
	return (dlt_framework_names[f] != NULL && f != DLT_FW_UNKNOWN ?
	    dlt_framework_names[f] : "unknown");
}

const char *
dlt_framework_suggest(const char *s)
{
	const char	*all[DLT_FW_COUNT * 6];
	const char	*hit;
	size_t		 n = 0;
	int		 f, i;

	for (f = 0; f < DLT_FW_COUNT; f++)
		for (i = 0; aliases[f][i] != NULL; i++)
			all[n++] = aliases[f][i];
	if ((hit = dlt_suggest(s, all, n)) == NULL)
		return (NULL);
	return (dlt_framework_canonical(hit));
}

void
dlt_framework_list(struct strbuf *sb, int with_aliases)
{
	int	f, i;

	for (f = 0; f < DLT_FW_UNKNOWN; f++) {
		if (f > 0)
			strbuf_addstr(sb, ", ");
		strbuf_addstr(sb, aliases[f][0]);
		if (!with_aliases || aliases[f][1] == NULL)
			continue;
		strbuf_addstr(sb, " (");
		for (i = 1; aliases[f][i] != NULL; i++)
			strbuf_addf(sb, "%s%s", i > 1 ? ", " : "", aliases[f][i]);
		strbuf_addch(sb, ')');
	}
}

const char *const *
dlt_framework_aliases(int f)
{
	if (f < 0 || f >= DLT_FW_COUNT)
		return (NULL);
	return (aliases[f]);
}

int
dlt_vocab_choose(const char *what, const char *name, const char *const *valid)
{
	struct strbuf	 sb = STRBUF_INIT;
	const char	*hint;
	char		*q;
	size_t		 n;
	int		 i;

	if ((i = dlt_name_index(valid, name)) >= 0)
		return (i);
	for (n = 0; valid[n] != NULL; n++)
		;
	q = dlt_msg_quote(name, strlen(name));
	if ((hint = dlt_suggest(name, valid, n)) != NULL)
		dlt_error("unknown %s '%s' (did you mean '%s'?)", what, q, hint);
	else
		dlt_error("unknown %s '%s'", what, q);
	free(q);
	for (i = 0; valid[i] != NULL; i++)
		strbuf_addf(&sb, "%s%s", i > 0 ? ", " : "", valid[i]);
	fprintf(stderr, "valid: %s\n", sb.buf);
	strbuf_release(&sb);
	return (-1);
}

const char *
dlt_signal_name(int sig)
{
	static const struct {
		int		 sig;
		const char	*name;
	} names[] = {
		{ SIGSEGV, "SIGSEGV" }, { SIGABRT, "SIGABRT" }, { SIGFPE, "SIGFPE" },
		{ SIGBUS, "SIGBUS" }, { SIGILL, "SIGILL" }, { SIGKILL, "SIGKILL" },
		{ SIGTERM, "SIGTERM" }, { SIGTRAP, "SIGTRAP" }, { SIGSYS, "SIGSYS" },
		{ SIGXFSZ, "SIGXFSZ" }, { SIGXCPU, "SIGXCPU" }, { SIGPIPE, "SIGPIPE" },
		{ SIGUSR1, "SIGUSR1" },
	};
	size_t	i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].sig == sig)
			return (names[i].name);
	return (NULL);
}
