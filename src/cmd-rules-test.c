/*
 * cmd-rules-test.c: "dltriage rules test": run every sample of every
 * entry of the rule set through the engine and report those that do not
 * give what they expect, as "file:line:col: sample N of 'id': ...".
 *
 * rules and frameworks samples are classified as logs (the first
 * failure found is checked); detectors samples are matched as one line,
 * frames samples parsed as one frame line, ignore-frames samples checked
 * as a frame and normalise samples rewritten by their entry alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bucket.h"
#include "classify.h"
#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "failure.h"
#include "rules.h"
#include "runctx.h"
#include "strbuf.h"
#include "xmalloc.h"

/* The first failure of a sample log. */
struct first_failure {
	int	 found;
	int	 cls;
	int	 security;
	char	*kind;
	char	*framework;
	char	*exc_type;
	char	*top_frame;
	char	*rule;
};

struct sample_run {
	const struct dlt_ruleset	*set;
	struct dlt_classifier		*cl;
	int				 verbose;
	size_t				 passed, failed;
};

static int	 cmd_rules_test_exec(struct dlt_ctx *, int, char **);
static char	*show(const char *);
static int	 same(const char *, const char *);
static int	 take_first(struct dlt_failure *, void *);
static void	 first_failure_release(struct first_failure *);
static char	*decided_by(const struct first_failure *);
static char	*check_log(struct sample_run *, const struct dlt_sample *, int);
static char	*check_detector(struct sample_run *, size_t, const struct dlt_sample *);
static char	*check_frame(struct sample_run *, const struct dlt_sample *);
static char	*check_ignore(struct sample_run *, const struct dlt_ignore_frame *,
		     const struct dlt_sample *);
static char	*check_normalise(struct sample_run *, size_t,
		     const struct dlt_sample *);
static void	 report(struct sample_run *, const struct dlt_entry_common *, size_t,
		     char *);

static const struct dlt_option rules_test_options[] = {
	DLT_OPTION_RULES,
	{ "verbose", 'v', NULL, 'v', "also list the samples that pass", NULL, NULL },
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_rules_test = {
	"rules test", "[--rules DIR]... [--no-default-rules] [-v] [PATH...]",
	"check that every sample in the rule files gives what it expects",
	DLT_CMD_NEEDS_RULES | DLT_CMD_RULE_ARGS, rules_test_options,
	cmd_rules_test_exec, NULL
};

/* 'value' with control bytes escaped, or "none". */
static char *
show(const char *s)
{
	struct strbuf	sb = STRBUF_INIT;

	if (s == NULL)
		return (xstrdup("none"));
	strbuf_addch(&sb, '\'');
	for (; *s != '\0'; s++) {
		if (*s == '\n')
			strbuf_addstr(&sb, "\\n");
		else if (*s == '\t')
			strbuf_addstr(&sb, "\\t");
		else if ((unsigned char)*s < 0x20 || *s == 0x7f)
			strbuf_addf(&sb, "\\x%02x", (unsigned char)*s);
		else
			strbuf_addch(&sb, *s);
	}
	strbuf_addch(&sb, '\'');
	return (strbuf_detach(&sb, NULL));
}

static int
same(const char *a, const char *b)
{
	return (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static int
take_first(struct dlt_failure *f, void *arg)
{
	struct first_failure	*ff = arg;

	ff->found = 1;
	ff->cls = f->cls;
	ff->security = f->security;
	ff->kind = f->kind != NULL ? xstrdup(f->kind) : NULL;
	ff->framework = f->framework != NULL ? xstrdup(f->framework) : NULL;
	ff->exc_type = f->exc_type != NULL ? xstrdup(f->exc_type) : NULL;
	ff->top_frame = f->nframes > 0 && f->frames[0] != NULL ?
	    xstrdup(f->frames[0]) : NULL;
	ff->rule = f->rule != NULL ? xstrdup(f->rule) : NULL;
	return (1);
}

static void
first_failure_release(struct first_failure *ff)
{
	free(ff->kind);
	free(ff->framework);
	free(ff->exc_type);
	free(ff->top_frame);
	free(ff->rule);
	memset(ff, 0, sizeof *ff);
}

static char *
decided_by(const struct first_failure *ff)
{
	if (ff->rule == NULL)
		return (xstrdup("no rule matched"));
	return (xasprintf("decided by rule '%s'", ff->rule));
}

/* rules and frameworks samples: classify the log, check its first failure. */
static char *
check_log(struct sample_run *run, const struct dlt_sample *s, int frameworks)
{
	struct first_failure	 ff;
	struct dlt_runctx	 ctx = DLT_RUNCTX_INIT;
	char			*why = NULL, *by, *want, *got;

	memset(&ff, 0, sizeof ff);
	/* the loader checked that the context parses */
	if (s->context != NULL && dlt_runctx_parse(&ctx, s->context, &why) == 0)
		dlt_classifier_set_context(run->cl, &ctx);
	free(why);
	why = NULL;
	dlt_runctx_release(&ctx);
	dlt_classify_buffer(run->cl, s->loc.file, s->input, s->input_len,
	    take_first, &ff);
	dlt_classifier_set_context(run->cl, NULL);
	if (frameworks) {
		want = show(s->framework);
		if (!ff.found)
			why = xasprintf("expected framework %s, no failure found", want);
		else if (!same(s->framework, ff.framework)) {
			got = show(ff.framework);
			why = xasprintf("expected framework %s, got %s", want, got);
			free(got);
		}
		free(want);
		first_failure_release(&ff);
		return (why);
	}
	if (!ff.found) {
		if (s->cls != DLT_CLASS_IGNORE)
			why = xasprintf("expected class '%s', no failure found",
			    dlt_class_name(s->cls));
		return (why);
	}
	by = decided_by(&ff);
	if (s->cls == DLT_CLASS_IGNORE)
		why = xasprintf("expected no failure (class 'ignore'), got class "
		    "'%s' (%s)", dlt_class_name(ff.cls), by);
	else if (s->cls != ff.cls)
		why = xasprintf("expected class '%s', got '%s' (%s)",
		    dlt_class_name(s->cls), dlt_class_name(ff.cls), by);
	else if (s->kind != NULL && !same(s->kind, ff.kind)) {
		want = show(s->kind);
		got = show(ff.kind);
		why = xasprintf("expected kind %s, got %s (%s)", want, got, by);
		free(want);
		free(got);
	} else if (s->framework != NULL && !same(s->framework, ff.framework)) {
		want = show(s->framework);
		got = show(ff.framework);
		why = xasprintf("expected framework %s, got %s (%s)", want, got, by);
		free(want);
		free(got);
	} else if (s->exc_type != NULL && !same(s->exc_type, ff.exc_type)) {
		want = show(s->exc_type);
		got = show(ff.exc_type);
		why = xasprintf("expected exception %s, got %s (%s)", want, got, by);
		free(want);
		free(got);
	} else if (s->top_frame != NULL && !same(s->top_frame, ff.top_frame)) {
		want = show(s->top_frame);
		got = show(ff.top_frame);
		why = xasprintf("expected top frame %s, got %s (%s)", want, got, by);
		free(want);
		free(got);
	} else if (s->security >= 0 && s->security != (ff.security != 0))
		why = xasprintf("expected security %s, got %s (%s)",
		    s->security ? "true" : "false", ff.security ? "true" : "false",
		    by);
	free(by);
	first_failure_release(&ff);
	return (why);
}

static char *
check_detector(struct sample_run *run, size_t i, const struct dlt_sample *s)
{
	int	hit;

	hit = dlt_detector_hits_line(run->set, i, s->input, s->input_len) != 0;
	if (s->hit != 0 && !hit)
		return (xstrdup("expected a hit, got none"));
	if (s->hit == 0 && hit)
		return (xstrdup("expected no hit, got one"));
	return (NULL);
}

static char *
check_frame(struct sample_run *run, const struct dlt_sample *s)
{
	struct dlt_frame_parts	 parts;
	const char		*file;
	char			*why = NULL, *want, *got;

	memset(&parts, 0, sizeof parts);
	if (!dlt_frame_parse_line(run->set, s->input, s->input_len, &parts)) {
		dlt_frame_parts_release(&parts);
		return (xstrdup("not parsed by any frame format"));
	}
	file = parts.file != NULL ? parts.file : parts.lib;
	if (s->func != NULL && !same(s->func, parts.func)) {
		want = show(s->func);
		got = show(parts.func);
		why = xasprintf("expected func %s, got %s", want, got);
		free(want);
		free(got);
	} else if (s->file != NULL && !same(s->file, file)) {
		want = show(s->file);
		got = show(file);
		why = xasprintf("expected file %s, got %s", want, got);
		free(want);
		free(got);
	}
	dlt_frame_parts_release(&parts);
	return (why);
}

static char *
check_ignore(struct sample_run *run, const struct dlt_ignore_frame *ig,
    const struct dlt_sample *s)
{
	char	*frame, *why = NULL;
	int	 ignored;

	ignored = dlt_frame_is_ignored(run->set, ig->framework, s->input,
	    s->file) != 0;
	frame = show(s->input);
	if (s->ignored != 0 && !ignored)
		why = xasprintf("expected frame %s to be ignored, it was kept", frame);
	else if (s->ignored == 0 && ignored)
		why = xasprintf("expected frame %s to be kept, it was ignored", frame);
	free(frame);
	return (why);
}

static char *
check_normalise(struct sample_run *run, size_t i, const struct dlt_sample *s)
{
	char	*out, *why = NULL, *want, *got;

	out = dlt_normalise_one(run->set, i, s->input, s->input_len);
	if (!same(out, s->out)) {
		want = show(s->out);
		got = show(out);
		why = xasprintf("expected %s, got %s", want, got);
		free(want);
		free(got);
	}
	free(out);
	return (why);
}

/* Count one sample; why (taken) is NULL when it passed. */
static void
report(struct sample_run *run, const struct dlt_entry_common *c, size_t i,
    char *why)
{
	const struct dlt_sample	*s = &c->samples[i];

	if (why == NULL) {
		run->passed++;
		if (run->verbose)
			printf("%s:%d:%d: sample %zu of '%s': ok\n", s->loc.file,
			    s->loc.line, s->loc.col, i + 1, c->id);
		return;
	}
	run->failed++;
	printf("%s:%d:%d: sample %zu of '%s': %s\n", s->loc.file, s->loc.line,
	    s->loc.col, i + 1, c->id, why);
	free(why);
}

static int
cmd_rules_test_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	const struct dlt_ruleset	*set;
	const struct dlt_entry_common	*c;
	struct sample_run		 run;
	const char			*arg;
	size_t				 i, j;
	int				 id;

	/* the operands were rule paths: the dispatcher loaded them */
	(void)argc;
	(void)argv;
	memset(&run, 0, sizeof run);
	while ((id = dlt_cmd_next_option(ctx, &arg)) != -1)
		if (id == 'v')
			run.verbose = 1;
	set = &ctx->rules;
	run.set = set;
	if ((run.cl = dlt_classifier_new(set, NULL)) == NULL) {
		dlt_error("cannot set up the classifier");
		return (DLT_EXIT_INTERNAL);
	}

	for (i = 0; i < set->ndetectors; i++) {
		c = &set->detectors[i].c;
		for (j = 0; j < c->nsamples; j++)
			report(&run, c, j, check_detector(&run, i, &c->samples[j]));
	}
	for (i = 0; i < set->nframes; i++) {
		c = &set->frames[i].c;
		for (j = 0; j < c->nsamples; j++)
			report(&run, c, j, check_frame(&run, &c->samples[j]));
	}
	for (i = 0; i < set->nrules; i++) {
		c = &set->rules[i].c;
		for (j = 0; j < c->nsamples; j++)
			report(&run, c, j, check_log(&run, &c->samples[j], 0));
	}
	for (i = 0; i < set->nframeworks; i++) {
		c = &set->frameworks[i].c;
		for (j = 0; j < c->nsamples; j++)
			report(&run, c, j, check_log(&run, &c->samples[j], 1));
	}
	for (i = 0; i < set->nignores; i++) {
		c = &set->ignores[i].c;
		for (j = 0; j < c->nsamples; j++)
			report(&run, c, j, check_ignore(&run, &set->ignores[i],
			    &c->samples[j]));
	}
	for (i = 0; i < set->nnormalise; i++) {
		c = &set->normalise[i].c;
		for (j = 0; j < c->nsamples; j++)
			report(&run, c, j, check_normalise(&run, i, &c->samples[j]));
	}
	dlt_classifier_free(run.cl);
	printf("%zu passed, %zu failed\n", run.passed, run.failed);
	return (run.failed > 0 ? DLT_EXIT_FINDINGS : DLT_EXIT_OK);
}
