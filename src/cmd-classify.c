/*
 * cmd-classify.c: "dltriage classify", which reads log files and
 * directories that any tool produced and says, for every failure in
 * them, what it is.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bucket.h"
#include "classify.h"
#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "json.h"
#include "output.h"
#include "runctx.h"
#include "runrec.h"
#include "sink.h"
#include "store-sink.h"
#include "store-triage.h"
#include "store.h"
#include "strbuf.h"
#include "vocab.h"
#include "walk.h"
#include "xmalloc.h"

#define SUMMARY_WORST	5	/* worst unique defects in the summary */

/* The decisions of the store's triagers, for the json output. */
struct triage_cache {
	struct dlt_store	*store;		/* borrowed */
	struct dlt_store_triage	 t;		/* the last one asked for */
};

static int	cmd_classify_exec(struct dlt_ctx *, int, char **);
static int	triage_lookup(void *, uint64_t, const char **, const char **);
static int	check_args(int, char **);
static int	check_framework(const char *);
static int	check_fail_on(const char *);

/* The order of enum dlt_format. */
static const char *const formats[] = { "table", "json", "csv", NULL };

static const struct dlt_option classify_options[] = {
	DLT_OPTION_DB,
	DLT_OPTION_RULES,
	{ "framework", 0, "NAME", 'F',
	    "take every log to come from framework NAME", NULL, check_framework },
	{ "format", 0, "FORMAT", 'f', "the output format (default table)",
	    formats, NULL },
	{ "fail-on", 0, "CLASS,...", 'x',
	    "exit 1 when a failure of these classes is found", NULL,
	    check_fail_on },
	{ "per-log", 0, NULL, 'l',
	    "one record a log: its verdict (its most severe failure) and how many failures it has",
	    NULL, NULL },
	{ "summary", 's', NULL, 's',
	    "print the summary on stderr too (json, csv)", NULL, NULL },
	DLT_OPTION_QUIET("do not print warnings"),
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_classify = {
	"classify",
	"[--db FILE] [--rules DIR]... [--no-default-rules] [--framework NAME]\n"
	"       [--format table|json|csv] [--fail-on CLASS,...] [--per-log] [--summary]\n"
	"       [-q] PATH...",
	"classify the failures in log files and directories",
	DLT_CMD_NEEDS_RULES | DLT_CMD_NEEDS_STORE, classify_options,
	cmd_classify_exec, check_args
};

/*
 * What one run of classify keeps; the walk callbacks' argument.  While
 * the walk is inside an execution directory of "dltriage run", exec_dir
 * names it ("DIR/") and ed holds what it is.
 */
struct run {
	struct dlt_classifier	*cl;
	struct dlt_sink		 sink;
	struct dlt_tally	*tally;		/* borrowed */
	const char		*framework;	/* --framework, or NULL */
	char			*exec_dir;	/* with a trailing slash, or NULL */
	size_t			 exec_len;
	struct dlt_execdir	 ed;
	long			 exec_failures;	/* tally->failures when it began */
	char			*backtrace;	/* its backtrace.txt, once met */
};

static int	file_cb(const char *, void *);
static int	dir_cb(const char *, void *);
static int	exec_end(struct run *);
static void	exec_context(struct run *, const char *);
static int	classify_path(struct run *, const char *);
static int	exec_file(struct run *, const char *);
static int	record_file(struct run *, const char *,
		    const struct dlt_runrec *, int);
static int	has_suffix(const char *, const char *);
static int	parse_framework(const char *, const char **);
static int	parse_fail_on(const char *, unsigned *);
static void	summary(const struct dlt_tally *, const struct dlt_ctx *,
		    const struct dlt_store_writer *, size_t, FILE *);
static void	summary_executions(const struct dlt_tally *, FILE *);

static int
has_suffix(const char *s, const char *suffix)
{
	size_t	n = strlen(s), k = strlen(suffix);

	return (n >= k && strcmp(s + n - k, suffix) == 0);
}

static int
classify_path(struct run *r, const char *path)
{
	int	fd, rc;

	if ((fd = open(path, O_RDONLY | O_NOCTTY)) == -1) {
		dlt_error_errno("cannot open '%s'", path);
		dlt_sink_skip_file(&r->sink, path, DLT_SINK_UNREADABLE);
		return (0);
	}
	rc = dlt_sink_classify_fd(&r->sink, r->cl, path, fd);
	close(fd);
	return (rc);
}

/*
 * Leave the execution directory: logs are no longer its.  Its
 * backtrace.txt (gdb's view of the core) is read last, and only when
 * its streams showed no failure: when they did, they already explain the
 * crash (a CHECK failure, a sanitizer report, faulthandler), and the
 * backtrace would only count it again as a second, vaguer defect.
 */
static int
exec_end(struct run *r)
{
	int	rc = 0;

	if (r->exec_dir == NULL)
		return (0);
	if (r->backtrace != NULL && r->tally->failures == r->exec_failures)
		rc = classify_path(r, r->backtrace);
	free(r->backtrace);
	r->backtrace = NULL;
	free(r->exec_dir);
	r->exec_dir = NULL;
	dlt_execdir_release(&r->ed);
	dlt_classifier_set_framework(r->cl, r->framework);
	dlt_classifier_set_context(r->cl, NULL);
	return (rc);
}

/*
 * The run context `dltriage run` left beside an execution's logs: the
 * same rules then decide as they did in the run.  A bad file is said
 * and passed over; the logs are classified without it.
 */
static void
exec_context(struct run *r, const char *dir)
{
	struct dlt_runctx	 ctx = DLT_RUNCTX_INIT;
	char			*why = NULL;
	int			 rc;

	if ((rc = dlt_runctx_read_dir(&ctx, dir, &why)) == 1)
		dlt_classifier_set_context(r->cl, &ctx);
	else if (rc < 0)
		dlt_warn("%s; classified without the run context", why);
	free(why);
	dlt_runctx_release(&ctx);
}

/*
 * A directory: an execution directory of "dltriage run" is one unit.
 * Its record is read before its files are walked, so that every log in
 * it is classified with the framework that ran, and the walk (in sorted
 * order) meets backtrace.txt and result.json before stderr.
 */
static int
dir_cb(const char *path, void *arg)
{
	struct run	*r = arg;
	size_t		 len;
	int		 rc;

	if (r->exec_dir != NULL && strncmp(path, r->exec_dir, r->exec_len) == 0)
		return (0);	/* outputs/ */
	if ((rc = exec_end(r)) != 0)
		return (rc);
	if (!dlt_execdir_probe(&r->ed, path))
		return (0);
	len = strlen(path);
	while (len > 1 && path[len - 1] == '/')
		len--;
	r->exec_dir = xasprintf("%.*s/", (int)len, path);
	r->exec_len = strlen(r->exec_dir);
	r->exec_failures = r->tally->failures;
	exec_context(r, path);
	dlt_tally_execution(r->tally, r->ed.has_record ? r->ed.rec.status : -1);
	if (r->framework == NULL)
		dlt_classifier_set_framework(r->cl, r->ed.framework);
	return (0);
}

/*
 * A result record: the harness's finding, not a log.  A rejected
 * model's traceback is classified from the record only when the
 * execution's stderr, which holds the same text unescaped, is missing
 * or empty (use_traceback); the other statuses hold no failure.
 */
static int
record_file(struct run *r, const char *path, const struct dlt_runrec *rec,
    int use_traceback)
{
	if (rec->status != DLT_RUNREC_REJECTED || !use_traceback ||
	    rec->traceback == NULL)
		return (0);
	return (dlt_sink_classify_buffer(&r->sink, r->cl, path, rec->size,
	    rec->hash, rec->traceback, rec->traceback_len));
}

/*
 * A file of the execution directory.  Outputs (.npy) and cores are not
 * logs and are passed over in silence; a harness error's logs are not
 * read, since they are no evidence about the framework, but a
 * backtrace.txt is (see exec_end): a crash outranks the record.
 */
static int
exec_file(struct run *r, const char *path)
{
	const char	*rel = path + r->exec_len;
	int		 direct = strchr(rel, '/') == NULL;

	if (has_suffix(rel, ".npy"))
		return (0);
	if (direct && (strcmp(rel, "core") == 0 || strncmp(rel, "core.", 5) == 0 ||
	    strcmp(rel, "result.json.tmp") == 0 ||
	    strcmp(rel, DLT_RUNCTX_FILE) == 0))
		return (0);
	if (direct && strcmp(rel, "result.json") == 0) {
		if (r->ed.has_record)
			return (record_file(r, path, &r->ed.rec,
			    r->ed.stderr_size <= 0));
		dlt_error("cannot read result record '%s': %s", path,
		    r->ed.record_error != NULL ? r->ed.record_error : "unknown");
		dlt_sink_skip_file(&r->sink, path, DLT_SINK_UNREADABLE);
		return (0);
	}
	if (direct && strcmp(rel, "backtrace.txt") == 0) {
		free(r->backtrace);
		r->backtrace = xstrdup(path);
		return (0);
	}
	if (r->ed.has_record && dlt_runrec_is_harness(r->ed.rec.status))
		return (0);
	return (classify_path(r, path));
}

/*
 * A file.  One of an execution directory is that execution's; a .json
 * file that is a result record is an execution of its own, read as in
 * its directory without a stderr; any other file is a log.
 */
static int
file_cb(const char *path, void *arg)
{
	struct run		*r = arg;
	struct dlt_runrec	 rec = DLT_RUNREC_INIT;
	char			*why = NULL;
	int			 rc;

	if (r->exec_dir != NULL) {
		if (strncmp(path, r->exec_dir, r->exec_len) == 0)
			return (exec_file(r, path));
		if ((rc = exec_end(r)) != 0)
			return (rc);
	}
	if (has_suffix(path, ".json") &&
	    dlt_runrec_read(&rec, path, &why) == 1) {
		dlt_tally_execution(r->tally, rec.status);
		if (r->framework == NULL)
			dlt_classifier_set_framework(r->cl, rec.framework);
		rc = record_file(r, path, &rec, 1);
		dlt_classifier_set_framework(r->cl, r->framework);
		dlt_runrec_release(&rec);
		return (rc);
	}
	free(why);
	dlt_runrec_release(&rec);
	return (classify_path(r, path));
}

static int
check_args(int argc, char **argv)
{
	(void)argv;
	if (argc == 0)
		return (dlt_error("no log file or directory given"));
	return (0);
}

static int
check_framework(const char *arg)
{
	const char	*fw;

	return (parse_framework(arg, &fw));
}

static int
check_fail_on(const char *arg)
{
	unsigned	mask = 0;

	return (parse_fail_on(arg, &mask));
}

/* --framework: a name or an alias ("torch"), kept by its canonical name. */
static int
parse_framework(const char *arg, const char **framework)
{
	int	fw;

	if ((fw = dlt_framework_parse(arg, 1)) < 0) {
		(void)dlt_vocab_choose("framework", arg,
		    dlt_framework_or_unknown_names);
		return (-1);
	}
	*framework = dlt_framework_name(fw);
	return (0);
}

/* --fail-on: classes separated by commas; "any" is every real failure. */
static int
parse_fail_on(const char *arg, unsigned *mask)
{
	const char	*valid[DLT_CLASS_COUNT + 1];
	int		 cls[DLT_CLASS_COUNT + 1];
	char		*copy, *p, *save;
	int		 c, i, n = 0, rc = 0;

	for (c = 0; c < DLT_CLASS_COUNT; c++) {
		if (c == DLT_CLASS_IGNORE)
			continue;
		cls[n] = c;
		valid[n++] = dlt_class_name(c);
	}
	cls[n] = -1;
	valid[n++] = "any";
	valid[n] = NULL;
	copy = xstrdup(arg);
	for (p = strtok_r(copy, ",", &save); p != NULL; p = strtok_r(NULL, ",", &save)) {
		if ((i = dlt_vocab_choose("class", p, valid)) < 0) {
			rc = -1;
			break;
		}
		if (cls[i] >= 0)
			*mask |= 1u << cls[i];
		else
			*mask |= ~(1u << DLT_CLASS_FALSE_POSITIVE) &
			    ~(1u << DLT_CLASS_IGNORE) & ((1u << DLT_CLASS_COUNT) - 1);
	}
	free(copy);
	return (rc);
}

/*
 * "4 executions: ok 1, rejected 1, no record 1; 1 harness error, not
 * read": the executions of "dltriage run" met, by their record's
 * status; illegal, unsupported and harness-error are harness errors.
 */
static void
summary_executions(const struct dlt_tally *t, FILE *fp)
{
	long	harness = 0;
	int	s, first = 1;

	fprintf(fp, "%ld execution%s", t->executions,
	    t->executions == 1 ? "" : "s");
	for (s = 0; s < DLT_RUNREC_STATUS_COUNT; s++) {
		if (dlt_runrec_is_harness(s)) {
			harness += t->by_status[s];
			continue;
		}
		if (t->by_status[s] == 0)
			continue;
		fprintf(fp, "%s%s %ld", first ? ": " : ", ",
		    dlt_runrec_status_names[s], t->by_status[s]);
		first = 0;
	}
	if (t->no_record > 0)
		fprintf(fp, "%sno record %ld", first ? ": " : ", ", t->no_record);
	if (harness > 0)
		fprintf(fp, "%s%ld harness error%s, not read", first &&
		    t->no_record == 0 ? ": " : "; ", harness,
		    harness == 1 ? "" : "s");
	fputc('\n', fp);
}

/*
 * The worst unique defects of this run, worst first, each line cut to
 * width (0: not cut) with an ellipsis, as the table's lines are.
 */
static void
summary_worst(const struct dlt_tally *t, size_t width, FILE *fp)
{
	const struct dlt_tally_bucket	*w[SUMMARY_WORST];
	struct strbuf			 sb = STRBUF_INIT;
	char				 hex[DLT_BUCKET_HEXLEN + 1];
	size_t				 n, i, cols, at;
	const unsigned char		*p;

	if ((n = dlt_tally_worst(t, w, SUMMARY_WORST)) == 0)
		return;
	fprintf(fp, "worst unique defects:\n");
	for (i = 0; i < n; i++) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "  %s  %-7s %-14s %5ld  ",
		    dlt_bucket_hex(w[i]->id, hex),
		    dlt_priority_name(w[i]->priority),
		    dlt_class_name(w[i]->cls), w[i]->count);
		dlt_utf8_sanitise(&sb, w[i]->title, strlen(w[i]->title));
		/* count columns as characters; cut before the one that overflows */
		for (p = (const unsigned char *)sb.buf, cols = 0, at = 0;
		    width > 0 && at < sb.len; cols++) {
			if (cols + 1 == width && sb.len - at > 1) {
				strbuf_setlen(&sb, at);
				strbuf_addstr(&sb, "\xe2\x80\xa6");
				break;
			}
			at++;
			while (at < sb.len && (p[at] & 0xc0) == 0x80)
				at++;
		}
		fprintf(fp, "%s\n", sb.buf);
	}
	strbuf_release(&sb);
}

static void
summary(const struct dlt_tally *t, const struct dlt_ctx *ctx,
    const struct dlt_store_writer *w, size_t width, FILE *fp)
{
	struct dlt_store_summary	s;
	size_t				nbuckets = t->buckets.count;
	int				c, first = 1;

	fprintf(fp, "\n%ld file%s read", t->files, t->files == 1 ? "" : "s");
	if (t->skipped > 0)
		fprintf(fp, ", %ld binary skipped", t->skipped);
	if (t->unreadable > 0)
		fprintf(fp, ", %lu unreadable", t->unreadable);
	fprintf(fp, ": %ld failure%s in %zu unique defect%s\n", t->failures,
	    t->failures == 1 ? "" : "s", nbuckets, nbuckets == 1 ? "" : "s");
	for (c = 0; c < DLT_CLASS_IGNORE; c++) {
		if (t->by_class[c] == 0)
			continue;
		fprintf(fp, "%s%s %ld", first ? "  " : ", ", dlt_class_name(c),
		    t->by_class[c]);
		first = 0;
	}
	if (!first)
		fputc('\n', fp);
	if (t->executions > 0)
		summary_executions(t, fp);
	if (ctx->store != NULL && !w->failed &&
	    dlt_store_summary(ctx->store, &s) == 0)
		fprintf(fp, "store '%s': %ld file%s, %ld failure%s, %ld bucket%s\n",
		    ctx->db_path, s.files, s.files == 1 ? "" : "s", s.failures,
		    s.failures == 1 ? "" : "s", s.buckets, s.buckets == 1 ? "" : "s");
	summary_worst(t, width, fp);
}

/*
 * A failure's bucket with a triage decision in the store: a triager
 * already said what it is, and CI reads it from the json output.
 */
static int
triage_lookup(void *arg, uint64_t bucket, const char **status,
    const char **duplicate_of)
{
	struct triage_cache	*c = arg;
	char			 hex[DLT_BUCKET_HEXLEN + 1];
	int			 found;

	dlt_store_triage_release(&c->t);
	if (dlt_store_triage_get(c->store, dlt_bucket_hex(bucket, hex), &c->t,
	    &found) != 0 || !found || c->t.decision == NULL ||
	    dlt_triage_parse(c->t.decision) < 0)
		return (0);
	*status = dlt_triage_name(c->t.status);
	*duplicate_of = c->t.status == DLT_TRIAGE_DUPLICATE ?
	    c->t.duplicate_of : NULL;
	return (1);
}

static int
cmd_classify_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct dlt_classify_opts	 opts;
	struct dlt_output		 out;
	struct dlt_tally		 tally = DLT_TALLY_INIT;
	struct dlt_store_writer		 writer;
	struct dlt_sink_consumer	 c;
	struct triage_cache		 tc;
	struct run			 r;
	const char			*arg;
	int				 ch, format = DLT_FORMAT_TABLE, want_summary = 0;
	int				 per_log = 0;
	int				 rc, i, any;

	memset(&opts, 0, sizeof opts);
	while ((ch = dlt_cmd_next_option(ctx, &arg)) != -1) {
		switch (ch) {
		case 'F':
			if (parse_framework(arg, &opts.framework) != 0)
				return (DLT_EXIT_USAGE);
			break;
		case 'f':
			/* the dispatcher checked it against formats[] */
			format = dlt_format_parse(arg);
			break;
		case 'x':
			if (parse_fail_on(arg, &tally.fail_on) != 0)
				return (DLT_EXIT_USAGE);
			break;
		case 's':
			want_summary = 1;
			break;
		case 'l':
			per_log = 1;
			break;
		}
	}
	/* the dispatcher loaded the rules and opened the store (--db) */
	memset(&tc, 0, sizeof tc);
	tc.store = ctx->store;
	any = 0;
	/* a store without decisions is not asked once per failure */
	if (ctx->store != NULL && format == DLT_FORMAT_JSON &&
	    dlt_store_triage_any(ctx->store, &any) != 0)
		return (DLT_EXIT_STORE);
	/* failures go to the output, then the tally, then the store */
	dlt_sink_init(&r.sink);
	if (per_log)
		dlt_output_begin_per_log(&out, stdout, format);
	else
		dlt_output_begin(&out, stdout, format);
	if (any)
		dlt_output_set_triage(&out, triage_lookup, &tc);
	c = dlt_output_consumer(&out);
	dlt_sink_add(&r.sink, &c);
	c = dlt_tally_consumer(&tally);
	dlt_sink_add(&r.sink, &c);
	dlt_store_writer_init(&writer, ctx->store);
	if (ctx->store != NULL) {
		c = dlt_store_consumer(&writer);
		dlt_sink_add(&r.sink, &c);
	}
	r.cl = dlt_classifier_new(&ctx->rules, &opts);
	r.tally = &tally;
	r.framework = opts.framework;
	r.exec_dir = NULL;
	r.backtrace = NULL;
	dlt_execdir_init(&r.ed);
	rc = 0;
	for (i = 0; i < argc && rc == 0; i++) {
		if (strcmp(argv[i], "-") == 0)
			rc = dlt_sink_classify_fd(&r.sink, r.cl, "-", STDIN_FILENO);
		else
			rc = dlt_walk_dirs(argv[i], file_cb, dir_cb, &r,
			    &tally.unreadable);
		if (exec_end(&r) != 0)
			rc = 1;
	}
	dlt_output_end(&out);
	if (format == DLT_FORMAT_TABLE)
		summary(&tally, ctx, &writer, out.width, stdout);
	else if (want_summary)
		summary(&tally, ctx, &writer, 0, stderr);
	dlt_classifier_free(r.cl);
	dlt_sink_release(&r.sink);
	dlt_execdir_release(&r.ed);
	dlt_store_triage_release(&tc.t);
	if (writer.failed)
		rc = DLT_EXIT_STORE;
	else if (tally.unreadable > 0)
		rc = DLT_EXIT_INPUT;
	else
		rc = tally.found_fail_on ? DLT_EXIT_FINDINGS : DLT_EXIT_OK;
	dlt_tally_release(&tally);
	return (rc);
}
