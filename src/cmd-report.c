/*
 * cmd-report.c: "dltriage report BUCKET", a bug report about one unique
 * defect that a framework's developers can take as it is: a title in
 * their tracker's style, a standalone reproduction script reduced to
 * what the failure needs (runner-reduce.h), the environment, the log
 * excerpt with its evidence lines, expected against actual, the nearest
 * known defects with their links, and how it was found.  Markdown or
 * HTML (export-report.h).
 *
 * A failure that classify found in a log has no run behind it: its
 * report has everything but the script, and says why.
 */
#include <sys/utsname.h>

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "bucket.h"
#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "export-report.h"
#include "priority.h"
#include "rule-model.h"
#include "rules.h"
#include "runner-campaign.h"
#include "runner-proc.h"
#include "runner-reduce.h"
#include "runner-repro.h"
#include "store-campaign.h"
#include "store-show.h"
#include "store-view.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"

#define REPORT_KNOWN	5	/* nearest known defects */
#define REPORT_MSG	80	/* bytes of a message in a title */
#define REPORT_LISTING	30	/* layers listed at most */
#define VERSION_LINES	200	/* first lines of a log read for versions */

enum report_format {
	REPORT_MD,
	REPORT_HTML
};

struct report {
	struct dlt_ctx			*ctx;
	struct dlt_store		*st;
	const char			*db;
	enum report_format		 format;
	int				 reduce;
	struct dlt_reduce_opts		 ro;
	const char			*script_path;	/* --script, or NULL */
	struct dlt_store_bucket_info	 b;
	struct dlt_store_member		 m;		/* the bucket's first */
	struct dlt_repro		 r;
	int				 have_run;	/* r resolved */
	int				 oracle;	/* about several frameworks */
	struct dlt_reduce_result	 red;
	int				 reduced;	/* red was filled */
	struct dlt_model_facts		 facts;		/* of the reported IR */
	int				 have_facts;
	char				*script;	/* its text, or NULL */
	char				*no_script;	/* why not */
	char				*short_script;	/* traced (PyTorch), or NULL */
	char				*no_short;	/* why not, or NULL */
	char				*short_how;	/* how it ends */
	size_t				 short_lines;
	struct dlt_rdoc			 doc;
};

static int	cmd_report_exec(struct dlt_ctx *, int, char **);
static int	check_args(int, char **);
static int	check_budget(const char *);
static int	check_trials(const char *);
static const char *framework_title(const char *);
static void	verb(struct report *, struct strbuf *);
static void	make_title(struct report *);
static int	make_script(struct report *);
static void	make_short(struct report *, const char *);
static void	sec_reduction(struct report *);
static void	sec_script(struct report *);
static void	sec_environment(struct report *);
static void	sec_expected(struct report *);
static void	sec_log(struct report *);
static void	sec_known(struct report *);
static void	sec_found(struct report *);
static char	*cpu_model(void);
static int	line_versions(struct report *, const char *, long,
		    unsigned *);
static void	log_versions(struct report *, const struct dlt_excerpt *);
static int	add_comparison(const struct dlt_store_comparison *, void *);
static void	report_release(struct report *);

static const char *const report_formats[] = { "md", "html", NULL };

static const struct dlt_option report_options[] = {
	DLT_OPTION_DB,
	DLT_OPTION_RULES,
	{ "format", 'f', "FORMAT", 'f', "md (the default) or html",
	    report_formats, NULL },
	{ "output", 'o', "FILE", 'o', "write the report to FILE, not stdout",
	    NULL, NULL },
	{ "script", 0, "FILE", 'S', "write the reproduction script to FILE "
	    "too", NULL, NULL },
	{ "budget", 0, "SECONDS", 'B', "the reduction's time in all (default "
	    "60)", NULL, check_budget },
	{ "trials", 0, "N", 'N', "the reduction's executions at most (default "
	    "200)", NULL, check_trials },
	{ "no-reduce", 0, NULL, 'R', "report the mutant as recorded: run "
	    "nothing", NULL, NULL },
	{ "timeout", 0, "DURATION", 'T', "one execution's time limit (default "
	    "60s)", NULL, dlt_check_duration },
	{ "memory", 0, "SIZE", 'M', "the address-space cap (default 8GiB, as "
	    "run's; 0: none)", NULL, dlt_check_size },
	DLT_OPTION_QUIET("no progress on stderr"),
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_report = {
	"report",
	"BUCKET [--format md|html] [-o FILE] [--script FILE] [--budget SECONDS] "
	"[--trials N] [--no-reduce] --db FILE",
	"write a bug report of one unique defect, its reproduction reduced",
	DLT_CMD_NEEDS_RULES | DLT_CMD_NEEDS_STORE | DLT_CMD_EXISTING_STORE,
	report_options, cmd_report_exec, check_args
};

static int
check_args(int argc, char **argv)
{
	const char	*p;
	char		*q;
	size_t		 len;

	if (argc == 0)
		return (dlt_error("no bucket id given"));
	if (argc > 1)
		return (dlt_error("one bucket at a time ('%s' is extra)",
		    argv[1]));
	p = strncmp(argv[0], "bucket:", 7) == 0 ? argv[0] + 7 : argv[0];
	len = strlen(p);
	if (len < 4 || len > DLT_BUCKET_HEXLEN ||
	    strspn(p, "0123456789abcdefABCDEF") != len) {
		q = dlt_msg_quote(argv[0], strlen(argv[0]));
		dlt_error("bad bucket id '%s': 4 to 16 hex digits (a prefix of "
		    "one)", q);
		free(q);
		return (-1);
	}
	return (0);
}

static int
check_budget(const char *a)
{
	char	*end;
	double	 v;

	errno = 0;
	v = strtod(a, &end);
	if (errno != 0 || end == a || *end != '\0' || !(v > 0) || v > 86400)
		return (dlt_error("bad budget '%s' (seconds, more than 0, at "
		    "most 86400)", a));
	return (0);
}

static int
check_trials(const char *a)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(a, &end, 10);
	if (errno != 0 || end == a || *end != '\0' || v < 1 || v > 100000)
		return (dlt_error("bad trial count '%s' (1 to 100000)", a));
	return (0);
}

/* The framework as its developers write it. */
static const char *
framework_title(const char *fw)
{
	static const char *const names[][2] = {
	    { "pytorch", "PyTorch" }, { "tensorflow", "TensorFlow" },
	    { "jax", "JAX" }, { "keras", "Keras" },
	    { "onnxruntime", "ONNX Runtime" }, { "mindspore", "MindSpore" },
	    { "paddle", "PaddlePaddle" } };
	size_t	i;

	for (i = 0; fw != NULL && i < sizeof names / sizeof names[0]; i++)
		if (strncmp(fw, names[i][0], strlen(names[i][0])) == 0)
			return (names[i][1]);
	return (fw != NULL ? fw : "unknown framework");
}

/* What went wrong, as a verb phrase ("crashes with SIGSEGV"). */
static void
verb(struct report *rp, struct strbuf *sb)
{
	const char	*cls = rp->b.cls != NULL ? rp->b.cls : "unknown";
	const char	*kind = rp->b.kind != NULL ? rp->b.kind : "";
	const char	*sig = dlt_signal_name(rp->m.signal);
	size_t		 n;

	if (strcmp(cls, "crash") == 0) {
		if (sig != NULL)
			strbuf_addf(sb, "crashes with %s", sig);
		else if (strcmp(kind, "segfault") == 0)
			strbuf_addstr(sb, "crashes with SIGSEGV");
		else if (strcmp(kind, "abort") == 0)
			strbuf_addstr(sb, "aborts (SIGABRT)");
		else if (strcmp(kind, "fpe") == 0)
			strbuf_addstr(sb, "crashes with SIGFPE");
		else if (strcmp(kind, "internal-assert") == 0)
			strbuf_addstr(sb, "fails an internal assert");
		else if (strcmp(kind, "check-failure") == 0)
			strbuf_addstr(sb, "fails a CHECK");
		else if (rp->m.exc_type != NULL) {
			n = rp->m.exc_message != NULL ? strcspn(rp->m.exc_message,
			    "\n") : 0;
			strbuf_addf(sb, "raises %s", rp->m.exc_type);
			if (n > 0)
				strbuf_addf(sb, ": %.*s%s", (int)(n > REPORT_MSG ?
				    REPORT_MSG : n), rp->m.exc_message,
				    n > REPORT_MSG ? "..." : "");
		} else
			strbuf_addf(sb, "crashes (%s)", *kind != '\0' ? kind :
			    "crash");
	} else if (strcmp(cls, "nan") == 0)
		strbuf_addstr(sb, "returns NaN/Inf");
	else if (strcmp(cls, "inconsistency") == 0 &&
	    strcmp(kind, "acceptance-disagreement") == 0)
		strbuf_addstr(sb, "is rejected by one framework and run by "
		    "another");
	else if (strcmp(cls, "inconsistency") == 0)
		strbuf_addstr(sb, "gives results that disagree beyond tolerance");
	else if (strcmp(cls, "timeout") == 0)
		strbuf_addstr(sb, "hangs");
	else if (strcmp(cls, "oom") == 0)
		strbuf_addstr(sb, "runs out of memory");
	else if (strcmp(cls, "false-positive") == 0)
		strbuf_addstr(sb, "rejects the model");
	else
		strbuf_addstr(sb, "fails");
}

/*
 * The title in the style of the framework's tracker, from the stored
 * facts only: the op the failure comes down to (the last layer of the
 * reported model), what went wrong, and the input's dtype and shape.
 */
static void
make_title(struct report *rp)
{
	struct strbuf	 v = STRBUF_INIT, cond = STRBUF_INIT;
	const char	*fw = rp->m.framework != NULL ? rp->m.framework :
			    rp->b.framework;
	const char	*op;

	if (!rp->have_facts) {
		/* a log with no model behind it: the signature says it */
		dlt_rdoc_text(&rp->doc, "%s: %s", framework_title(fw),
		    rp->b.signature != NULL ? rp->b.signature : "failure");
		return;
	}
	/* the one layer left, else the one the mutation touched */
	op = rp->facts.nodes == 1 || rp->facts.last_op == NULL ?
	    rp->facts.ops : rp->facts.mutated_op != NULL ?
	    rp->facts.mutated_op : rp->facts.last_op;
	verb(rp, &v);
	/* a dtype mutant computes in another dtype than its input's */
	if (rp->facts.last_dtype != NULL && rp->facts.inputs == 1 &&
	    strcmp(rp->facts.last_dtype, rp->facts.dtypes) != 0)
		strbuf_addf(&cond, "in %s on ", rp->facts.last_dtype);
	else
		strbuf_addstr(&cond, "on ");
	strbuf_addf(&cond, "%s input of shape %s", rp->facts.dtypes,
	    rp->facts.shapes);
	if (strncmp(fw, "tensorflow", 10) == 0 && rp->m.signal != 0 &&
	    dlt_signal_name(rp->m.signal) != NULL) {
		/* TensorFlow's: "Segfault in tf.x with ..." */
		dlt_rdoc_text(&rp->doc, "%s in ", dlt_signal_name(rp->m.signal));
		dlt_rdoc_code(&rp->doc, op);
		dlt_rdoc_text(&rp->doc, " %s", cond.buf);
	} else {
		/* ONNX Runtime and MindSpore name the device first */
		if (strncmp(fw, "onnxruntime", 11) == 0 ||
		    strncmp(fw, "mindspore", 9) == 0)
			dlt_rdoc_text(&rp->doc, "[CPU] ");
		dlt_rdoc_code(&rp->doc, op);
		dlt_rdoc_text(&rp->doc, " %s %s", cond.buf, v.buf);
	}
	if (rp->oracle || strcmp(rp->b.cls, "inconsistency") == 0)
		dlt_rdoc_text(&rp->doc, " (%s)", rp->m.framework != NULL ?
		    rp->m.framework : "several frameworks");
	else
		dlt_rdoc_text(&rp->doc, " (%s %s)", framework_title(fw),
		    rp->r.x.framework_version != NULL ?
		    rp->r.x.framework_version : "");
	strbuf_release(&v);
	strbuf_release(&cond);
}

/* The script of the reported IR, into rp->script: 0 or an exit status. */
static int
make_script(struct report *rp)
{
	char	 tmpl[] = "/tmp/dltriage-report.XXXXXX";
	char	*path, *note;
	FILE	*fp;
	struct strbuf sb = STRBUF_INIT;
	char	 buf[8192];
	size_t	 n;
	int	 fd, rc;

	if (rp->script_path != NULL)
		path = xstrdup(rp->script_path);
	else {
		if ((fd = mkstemp(tmpl)) == -1) {
			dlt_error_errno("cannot create a temporary file");
			return (DLT_EXIT_OUTPUT);
		}
		close(fd);
		path = xstrdup(tmpl);
	}
	note = xasprintf("dltriage report%s", rp->reduced &&
	    rp->red.ir_json != NULL ? ", the mutant reduced" : "");
	rp->r.note = note;
	rp->r.script_name = "repro.py";
	rp->r.ir_json = rp->reduced && rp->red.ir_json != NULL ?
	    rp->red.ir_json : NULL;
	rp->r.quiet = 1;
	rc = dlt_repro_write_script(&rp->r, path);
	rp->r.ir_json = NULL;
	rp->r.note = NULL;
	free(note);
	if (rc == DLT_EXIT_OK) {
		if ((fp = fopen(path, "r")) == NULL) {
			rc = DLT_EXIT_OUTPUT;
			dlt_error_errno("cannot read '%s'", path);
		} else {
			while ((n = fread(buf, 1, sizeof buf, fp)) > 0)
				strbuf_add(&sb, buf, n);
			fclose(fp);
			rp->script = strbuf_detach(&sb, NULL);
		}
	}
	if (rc == DLT_EXIT_OK && !rp->oracle && rp->r.harness != NULL &&
	    strncmp(rp->r.harness, "pytorch", 7) == 0)
		make_short(rp, path);
	if (rp->script_path == NULL)
		(void)unlink(path);
	free(path);
	strbuf_release(&sb);
	return (rc);
}

/*
 * The short script of a PyTorch target: the script's --short traces the
 * model into plain torch calls (harness/dltriage_harness/trace.py) and
 * keeps them only when they end, run by the same interpreter with -I in
 * an empty directory, as the script itself does.  Its last stdout line
 * is "short: yes LINES HOW" or "short: no WHY".
 */
static void
make_short(struct report *rp, const char *script)
{
	struct dlt_child c = DLT_CHILD_INIT;
	char		 tmpl[] = "/tmp/dltriage-short.XXXXXX";
	char		*out, *py, *sp, *err, *abs, secs[32], line[1024];
	char		 last[1024];
	const char	*argv[8];
	struct strbuf	 sb = STRBUF_INIT;
	char		 buf[8192];
	size_t		 n;
	FILE		*fp;
	double		 t = rp->ro.timeout > 0 ? rp->ro.timeout : 60;

	if (mkdtemp(tmpl) == NULL) {
		rp->no_short = xasprintf("cannot create a temporary directory: "
		    "%s", strerror(errno));
		return;
	}
	/* the script runs in the temporary directory */
	if ((abs = realpath(script, NULL)) == NULL) {
		rp->no_short = xasprintf("cannot find '%s': %s", script,
		    strerror(errno));
		(void)rmdir(tmpl);
		return;
	}
	out = xasprintf("%s/out", tmpl);
	err = xasprintf("%s/err", tmpl);
	sp = xasprintf("%s/short.py", tmpl);
	py = rp->r.x.python != NULL ? rp->r.x.python : "python3";
	(void)snprintf(secs, sizeof secs, "%g", t);
	argv[0] = py;
	argv[1] = abs;
	argv[2] = "--short";
	argv[3] = sp;
	argv[4] = "--short-timeout";
	argv[5] = secs;
	argv[6] = NULL;
	c.argv = argv;
	c.cwd = tmpl;
	c.out = DLT_STDIO_FILE;
	c.out_path = out;
	c.err = DLT_STDIO_FILE;
	c.err_path = err;
	/* three runs of the model at most, each with the trial's limit */
	c.timeout_ms = (int)(t * 3 + 30) * 1000;
	if (!rp->ctx->quiet)
		fprintf(stderr, "report: tracing a short PyTorch script\n");
	last[0] = '\0';
	if (dlt_child_start(&c) != 0)
		rp->no_short = xasprintf("cannot run '%s': %s", py,
		    strerror(c.res.spawn_errno));
	else if (dlt_child_wait(&c) != 0)
		rp->no_short = xstrdup("cannot wait for the tracing script");
	else if ((fp = fopen(out, "r")) != NULL) {
		while (fgets(line, sizeof line, fp) != NULL)
			if (strncmp(line, "short: ", 7) == 0)
				memcpy(last, line + 7, strlen(line + 7) + 1);
		fclose(fp);
	}
	last[strcspn(last, "\n")] = '\0';
	if (rp->no_short != NULL)
		;
	else if (c.res.timed_out)
		rp->no_short = xasprintf("the tracing ran past %d s",
		    c.timeout_ms / 1000);
	else if (strncmp(last, "yes ", 4) == 0 &&
	    (fp = fopen(sp, "r")) != NULL) {
		while ((n = fread(buf, 1, sizeof buf, fp)) > 0)
			strbuf_add(&sb, buf, n);
		fclose(fp);
		rp->short_lines = strtoul(last + 4, NULL, 10);
		rp->short_how = xstrdup(last + 4 + strspn(last + 4,
		    "0123456789 "));
		rp->short_script = strbuf_detach(&sb, NULL);
	} else if (strncmp(last, "no: ", 4) == 0)
		rp->no_short = xstrdup(last + 4);
	else
		rp->no_short = xasprintf("the tracing script %s",
		    c.res.signaled ? "died by a signal" : "said nothing");
	dlt_child_release(&c);
	(void)unlink(out);
	(void)unlink(err);
	(void)unlink(sp);
	(void)rmdir(tmpl);
	free(out);
	free(err);
	free(sp);
	free(abs);
	strbuf_release(&sb);
}

static void
sec_reduction(struct report *rp)
{
	const struct dlt_reduce_result	*red = &rp->red;

	dlt_rdoc_section(&rp->doc, "Reproduction");
	if (!rp->have_run) {
		dlt_rdoc_para(&rp->doc);
		dlt_rdoc_text(&rp->doc, "%s", rp->no_script);
		return;
	}
	dlt_rdoc_para(&rp->doc);
	if (!rp->reduced) {
		dlt_rdoc_text(&rp->doc, "The script rebuilds the mutant as the "
		    "campaign ran it, not reduced: %s", rp->oracle ?
		    "the failure is the oracles' comparison of several "
		    "frameworks, which one re-run cannot check." :
		    "--no-reduce; nothing was run for this report.");
		return;
	}
	if (!red->reproduced) {
		dlt_rdoc_text(&rp->doc, "Warning: the failure did not come "
		    "back when the mutant ran again for this report (%s%s%s, "
		    "%.1f s); the script below is the mutant as recorded, not "
		    "reduced, and may not show the failure.",
		    rp->r.now_status != NULL ? "now " : "",
		    rp->r.now_status != NULL ? rp->r.now_status : "no run",
		    red->error ? ", stopped by an error" : "", red->seconds);
		return;
	}
	dlt_rdoc_text(&rp->doc, "Reduced by delta debugging on the model: "
	    "%zu \xe2\x86\x92 %zu layers (%s), input %s \xe2\x86\x92 %s",
	    red->before.nodes, red->after.nodes, red->after.ops,
	    red->before.shapes, red->after.shapes);
	if (red->before.inputs != red->after.inputs)
		dlt_rdoc_text(&rp->doc, ", %zu \xe2\x86\x92 %zu inputs",
		    red->before.inputs, red->after.inputs);
	dlt_rdoc_text(&rp->doc, ", %" PRId64 " \xe2\x86\x92 %" PRId64 " input "
	    "elements, %d trials, %.1f s, %s.  Each trial ran in a fresh "
	    "process (%s isolation, as in the campaign) and was kept only "
	    "when it failed again with bucket %s.",
	    red->before.elements, red->after.elements, red->trials,
	    red->seconds, red->budget_hit ? "stopped by the budget "
	    "(--budget)" : red->trials_hit ? "stopped by the trial count "
	    "(--trials)" : red->error ? "stopped by an error" :
	    "budget not reached", dlt_isolation_names[rp->r.isolation],
	    rp->b.id);
}

static void
sec_script(struct report *rp)
{
	if (rp->script == NULL)
		return;
	if (rp->have_facts && rp->facts.nodes <= REPORT_LISTING) {
		dlt_rdoc_para(&rp->doc);
		dlt_rdoc_text(&rp->doc, "The model, a line a layer (dltriage's "
		    "IR: op(inputs) attributes -> output dtype and shape):");
		dlt_rdoc_block(&rp->doc, NULL, rp->facts.listing);
	}
	if (rp->short_script != NULL) {
		dlt_rdoc_para(&rp->doc);
		dlt_rdoc_text(&rp->doc, "A plain PyTorch script, traced from "
		    "the %s model, %zu lines; verified to reproduce on a "
		    "clean interpreter (", rp->reduced && rp->red.reproduced ?
		    "reduced" : "recorded", rp->short_lines);
		dlt_rdoc_code(&rp->doc, "python -I");
		dlt_rdoc_text(&rp->doc, " in an empty directory, the "
		    "campaign's interpreter): it %s, as the full script below "
		    "does.", rp->short_how);
		dlt_rdoc_block(&rp->doc, "python", rp->short_script);
	} else if (rp->no_short != NULL) {
		dlt_rdoc_para(&rp->doc);
		dlt_rdoc_text(&rp->doc, "No short script: %s.", rp->no_short);
	}
	dlt_rdoc_para(&rp->doc);
	dlt_rdoc_text(&rp->doc, "Standalone: Python 3.8+, numpy and the "
	    "framework, no dltriage.  Exit status 1 (or death by the signal) "
	    "while the defect is there.  Save as ");
	dlt_rdoc_code(&rp->doc, "repro.py");
	dlt_rdoc_text(&rp->doc, " and run ");
	dlt_rdoc_code(&rp->doc, "python3 repro.py");
	dlt_rdoc_text(&rp->doc, ".  The model, its weights and inputs are "
	    "built from the IR and its seed by dltriage's harness modules, "
	    "embedded in the script.");
	dlt_rdoc_block(&rp->doc, "python", rp->script);
}

/* The first "model name" of /proc/cpuinfo, or NULL. */
static char *
cpu_model(void)
{
	FILE	*fp;
	char	 line[512], *p, *out = NULL;

	if ((fp = fopen("/proc/cpuinfo", "r")) == NULL)
		return (NULL);
	while (out == NULL && fgets(line, sizeof line, fp) != NULL)
		if (strncmp(line, "model name", 10) == 0 &&
		    (p = strchr(line, ':')) != NULL) {
			p += strspn(p + 1, " \t") + 1;
			p[strcspn(p, "\n")] = '\0';
			out = xstrdup(p);
		}
	fclose(fp);
	return (out);
}

/*
 * A version a log line prints ("torch 1.13.1", "tensorflow==2.15.0",
 * "PyTorch version: 2.1.0"), as an item; whether it had one.  One a name.
 */
static int
line_versions(struct report *rp, const char *text, long n, unsigned *seen)
{
	static const char *const names[] = { "torch", "tensorflow", "jax",
	    "keras", "onnxruntime", "mindspore", "python", NULL };
	const char	*t, *p, *v;
	char		*s;
	size_t		 j, k, len;
	int		 found = 0;

	for (j = 0; names[j] != NULL; j++) {
		len = strlen(names[j]);
		for (t = text; !(*seen & (1u << j)) &&
		    (p = strcasestr(t, names[j])) != NULL; t = p + len) {
			v = p + len;
			for (k = 0; k < 12 && *v != '\0' && (*v < '0' ||
			    *v > '9'); k++, v++)
				;
			if (k == 12 || *v < '0' || *v > '9' ||
			    strspn(v, "0123456789.") < 3 ||
			    memchr(v, '.', strspn(v, "0123456789.")) == NULL)
				continue;
			s = xstrndup(v, strspn(v, "0123456789.abcdefghrc+"));
			dlt_rdoc_item(&rp->doc);
			dlt_rdoc_text(&rp->doc, "%s ", names[j]);
			dlt_rdoc_code(&rp->doc, s);
			dlt_rdoc_text(&rp->doc, " (printed in the log, line %ld)",
			    n);
			free(s);
			*seen |= 1u << j;
			found = 1;
			break;
		}
	}
	return (found);
}

/* The versions the log printed: its first lines, then the excerpt. */
static void
log_versions(struct report *rp, const struct dlt_excerpt *x)
{
	FILE		*fp;
	char		 line[1024];
	unsigned	 seen = 0;
	size_t		 i;
	long		 n = 0;
	int		 found = 0;

	if (rp->m.path != NULL && strncmp(rp->m.path, "run:", 4) != 0 &&
	    (fp = fopen(rp->m.path, "r")) != NULL) {
		while (n < VERSION_LINES && fgets(line, sizeof line, fp) != NULL)
			found |= line_versions(rp, line, ++n, &seen);
		fclose(fp);
	}
	for (i = 0; i < x->n; i++)
		found |= line_versions(rp, x->lines[i].text, x->lines[i].n,
		    &seen);
	if (!found) {
		dlt_rdoc_item(&rp->doc);
		dlt_rdoc_text(&rp->doc, "versions: the log does not print them");
	}
}

static void
sec_environment(struct report *rp)
{
	struct utsname	 u;
	struct dlt_excerpt x;
	char		*cpu = cpu_model();
	const char	*fw = rp->m.framework != NULL ? rp->m.framework :
			    rp->b.framework;

	dlt_rdoc_section(&rp->doc, "Environment");
	dlt_rdoc_item(&rp->doc);
	if (rp->have_run) {
		dlt_rdoc_text(&rp->doc, "%s %s (target %s, harness %s; as the "
		    "campaign recorded it)", framework_title(rp->r.harness),
		    rp->r.x.framework_version != NULL ?
		    rp->r.x.framework_version : "(version not recorded)",
		    rp->r.x.framework, rp->r.harness);
		dlt_rdoc_item(&rp->doc);
		if (rp->r.python_version != NULL)
			dlt_rdoc_text(&rp->doc, "Python %s (%s; the version as "
			    "the re-run for this report found it)",
			    rp->r.python_version, rp->r.x.python != NULL ?
			    rp->r.x.python : "python3");
		else
			dlt_rdoc_text(&rp->doc, "Python at %s (as the campaign "
			    "recorded it; its version was not)",
			    rp->r.x.python != NULL ? rp->r.x.python :
			    "python3");
	} else {
		dlt_rdoc_text(&rp->doc, "%s (as classify detected it in the "
		    "log)", framework_title(fw));
		dlt_excerpt_make(rp->st, &rp->m, &x);
		log_versions(rp, &x);
		dlt_excerpt_release(&x);
	}
	dlt_rdoc_item(&rp->doc);
	if (uname(&u) == 0)
		dlt_rdoc_text(&rp->doc, "OS: %s %s %s (this machine, at report "
		    "time; the store does not record it)", u.sysname, u.release,
		    u.machine);
	dlt_rdoc_item(&rp->doc);
	dlt_rdoc_text(&rp->doc, "CPU: %s (this machine, at report time)",
	    cpu != NULL ? cpu : "unknown");
	dlt_rdoc_item(&rp->doc);
	dlt_rdoc_text(&rp->doc, "dltriage %s", PACKAGE_VERSION);
	free(cpu);
}

/* An inconsistency's figures, one item a comparison. */
static int
add_comparison(const struct dlt_store_comparison *c, void *arg)
{
	struct report	*rp = arg;

	if (c->verdict == NULL || strcmp(c->verdict, "consistent") == 0)
		return (0);
	dlt_rdoc_item(&rp->doc);
	dlt_rdoc_text(&rp->doc, "output %s, %s against %s: %s, max abs "
	    "difference %g, max rel %g (tolerance rtol %g, atol %g)",
	    c->output != NULL ? c->output : "?",
	    c->framework_a != NULL ? c->framework_a : "?",
	    c->framework_b != NULL ? c->framework_b : "?", c->verdict,
	    c->max_abs, c->max_rel, c->rtol, c->atol);
	return (0);
}

static void
sec_expected(struct report *rp)
{
	const char	*cls = rp->b.cls != NULL ? rp->b.cls : "unknown";
	const char	*sig = dlt_signal_name(rp->m.signal);

	dlt_rdoc_section(&rp->doc, "Expected and actual");
	dlt_rdoc_item(&rp->doc);
	dlt_rdoc_text(&rp->doc, "Expected: ");
	if (strcmp(cls, "crash") == 0)
		dlt_rdoc_text(&rp->doc, "the model runs, or the framework "
		    "rejects it with a clear error; no crash.");
	else if (strcmp(cls, "nan") == 0 && rp->have_facts &&
	    rp->facts.nonfinite)
		dlt_rdoc_text(&rp->doc, "NaN or Inf only where the input's "
		    "own NaN or Inf reaches (the mutant fills an input with "
		    "them), and the same on every framework.");
	else if (strcmp(cls, "nan") == 0)
		dlt_rdoc_text(&rp->doc, "finite outputs: the inputs and "
		    "weights are finite.");
	else if (strcmp(cls, "inconsistency") == 0 &&
	    rp->b.kind != NULL && strcmp(rp->b.kind,
	    "acceptance-disagreement") == 0)
		dlt_rdoc_text(&rp->doc, "the frameworks agree on whether the "
		    "model is legal: all run it, or all reject it.");
	else if (strcmp(cls, "inconsistency") == 0)
		dlt_rdoc_text(&rp->doc, "the frameworks agree within the "
		    "tolerance on the same model, weights and input.");
	else if (strcmp(cls, "timeout") == 0)
		dlt_rdoc_text(&rp->doc, "the forward pass ends within the time "
		    "limit.");
	else if (strcmp(cls, "oom") == 0)
		dlt_rdoc_text(&rp->doc, "the forward pass runs within the "
		    "memory a model of this size needs.");
	else
		dlt_rdoc_text(&rp->doc, "the model runs.");
	dlt_rdoc_item(&rp->doc);
	dlt_rdoc_text(&rp->doc, "Actual: ");
	if (sig != NULL)
		dlt_rdoc_text(&rp->doc, "the process died with %s; ", sig);
	else if (rp->m.exit_code > 0 && rp->m.exc_type == NULL &&
	    strcmp(cls, "crash") == 0)
		/* an exception's exit status is the harness's, not news */
		dlt_rdoc_text(&rp->doc, "exit code %d; ", rp->m.exit_code);
	if (rp->m.exc_type != NULL) {
		dlt_rdoc_code(&rp->doc, rp->m.exc_type);
		dlt_rdoc_text(&rp->doc, ": ");
		dlt_rdoc_code(&rp->doc, rp->m.exc_message != NULL ?
		    rp->m.exc_message : "");
	} else
		dlt_rdoc_code(&rp->doc, rp->b.signature != NULL ?
		    rp->b.signature : "?");
	dlt_rdoc_text(&rp->doc, " (class %s%s%s, rule %s)", cls,
	    rp->b.kind != NULL ? " / " : "", rp->b.kind != NULL ? rp->b.kind :
	    "", rp->m.rule != NULL ? rp->m.rule : "?");
	if (strcmp(cls, "inconsistency") == 0 && rp->m.mutant_id != 0)
		(void)dlt_store_mutant_comparisons(rp->st, rp->m.mutant_id,
		    add_comparison, rp);
}

static void
sec_log(struct report *rp)
{
	struct dlt_excerpt	 x;
	struct strbuf		 sb = STRBUF_INIT;
	size_t			 i;

	dlt_excerpt_make(rp->st, &rp->m, &x);
	dlt_rdoc_section(&rp->doc, "Log");
	dlt_rdoc_para(&rp->doc);
	dlt_rdoc_text(&rp->doc, "%s, lines %ld-%ld; '>' marks the lines that "
	    "decided the class%s%s%s.", strcmp(x.from, "file") == 0 ?
	    "From the log" : strcmp(x.from, "run") == 0 ? "From the run's "
	    "output, as the store keeps it" : "As the store kept it",
	    rp->m.line_start, rp->m.line_end, x.note != NULL ? " (" : "",
	    x.note != NULL ? x.note : "", x.note != NULL ? ")" : "");
	for (i = 0; i < x.n; i++) {
		if (x.lines[i].n > 0)
			strbuf_addf(&sb, "%6ld %c ", x.lines[i].n,
			    x.lines[i].evidence ? '>' : ' ');
		strbuf_addstr(&sb, x.lines[i].text);
		strbuf_addch(&sb, '\n');
	}
	if (x.hidden > 0)
		strbuf_addf(&sb, "(%ld evidence lines further on not shown)\n",
		    x.hidden);
	dlt_rdoc_block(&rp->doc, NULL, x.n > 0 ? sb.buf : "(no excerpt)\n");
	strbuf_release(&sb);
	dlt_excerpt_release(&x);
}

static void
sec_known(struct report *rp)
{
	const struct dlt_prio_model	*pm = rp->ctx->rules.prio;
	struct dlt_prio_feats		 fs = { NULL, 0, 0 };
	struct dlt_prio_near		 near[REPORT_KNOWN];
	size_t				 n, i;

	dlt_rdoc_section(&rp->doc, "Similar known defects");
	if (pm == NULL) {
		dlt_rdoc_para(&rp->doc);
		dlt_rdoc_text(&rp->doc, "None named: no priority model is "
		    "loaded (dltriage corpus train).");
		return;
	}
	dlt_view_prio_feats(&rp->ctx->rules, &rp->m, &fs);
	n = dlt_prio_nearest(pm, &fs, near, REPORT_KNOWN);
	if (n == 0) {
		dlt_rdoc_para(&rp->doc);
		dlt_rdoc_text(&rp->doc, "None of the curated defects shares a "
		    "feature with this failure.");
	}
	for (i = 0; i < n; i++) {
		dlt_rdoc_item(&rp->doc);
		dlt_rdoc_link(&rp->doc, near[i].known->url, NULL);
		dlt_rdoc_text(&rp->doc, " (similarity %.2f, priority %s%s%s)",
		    near[i].similarity,
		    dlt_priority_name(near[i].known->priority),
		    *near[i].known->labels != '\0' ? ", labels " : "",
		    near[i].known->labels);
	}
	dlt_prio_feats_release(&fs);
}

static void
sec_found(struct report *rp)
{
	const struct dlt_store_exec_info	*x = &rp->r.x;

	dlt_rdoc_section(&rp->doc, "How it was found");
	dlt_rdoc_para(&rp->doc);
	if (!rp->have_run) {
		dlt_rdoc_text(&rp->doc, "Found by dltriage %s classify in ",
		    PACKAGE_VERSION);
		dlt_rdoc_code(&rp->doc, rp->m.source != NULL ? rp->m.source :
		    "?");
		dlt_rdoc_text(&rp->doc, "; bucket %s holds %ld failure%s.",
		    rp->b.id, rp->b.count, rp->b.count == 1 ? "" : "s");
		return;
	}
	dlt_rdoc_text(&rp->doc, "Found by %s%s mutation testing: "
	    "operator %s (%s mode) on model %s, mutant %ld (seed %" PRIu64
	    "), run on %s; campaign %" PRId64 " (seed %" PRIu64 ") started "
	    "%s.  Bucket %s holds %ld failure%s.",
	    x->dltriage_version != NULL && strncmp(x->dltriage_version,
	    "dltriage", 8) == 0 ? "" : "dltriage ", x->dltriage_version != NULL ?
	    x->dltriage_version : PACKAGE_VERSION,
	    x->op != NULL ? x->op : "?", rp->m.mode != NULL ? rp->m.mode :
	    "default", x->model != NULL ? x->model : "?", x->ordinal,
	    x->mutant_seed, x->framework, x->campaign_id, x->campaign_seed,
	    x->campaign_created != NULL ? x->campaign_created : "?", rp->b.id,
	    rp->b.count, rp->b.count == 1 ? "" : "s");
}

static void
report_release(struct report *rp)
{
	dlt_store_bucket_info_release(&rp->b);
	dlt_store_member_release(&rp->m);
	dlt_repro_release(&rp->r);
	if (rp->reduced)
		dlt_reduce_result_release(&rp->red);
	if (rp->have_facts)
		dlt_model_facts_release(&rp->facts);
	free(rp->script);
	free(rp->no_script);
	free(rp->short_script);
	free(rp->no_short);
	free(rp->short_how);
	dlt_rdoc_release(&rp->doc);
}

static int
cmd_report_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct report			 rp;
	struct dlt_store_failure_info	 fi;
	struct strbuf			 out = STRBUF_INIT;
	const char			*arg, *output = NULL, *id;
	char				 bucket[DLT_BUCKET_HEXLEN + 1];
	int				 opt, found, rc, status = DLT_EXIT_OK, ok;
	size_t				 i;
	FILE				*fp;

	(void)argc;
	memset(&rp, 0, sizeof rp);
	rp.ctx = ctx;
	rp.reduce = 1;
	rp.ro.budget = 60;
	rp.ro.max_trials = 200;
	rp.ro.timeout = 60;
	rp.ro.memory = UINT64_MAX;
	dlt_rdoc_init(&rp.doc);
	while ((opt = dlt_cmd_next_option(ctx, &arg)) != -1) {
		switch (opt) {
		case 'f':
			rp.format = strcmp(arg, "html") == 0 ? REPORT_HTML :
			    REPORT_MD;
			break;
		case 'o':
			output = arg;
			break;
		case 'S':
			rp.script_path = arg;
			break;
		case 'B':
			rp.ro.budget = strtod(arg, NULL);
			break;
		case 'N':
			rp.ro.max_trials = (int)strtol(arg, NULL, 10);
			break;
		case 'R':
			rp.reduce = 0;
			break;
		case 'T':
			rp.ro.timeout = dlt_parse_duration(arg);
			break;
		case 'M':
			rp.ro.memory = dlt_parse_size(arg, &ok);
			break;
		}
	}
	if (ctx->db_path == NULL || ctx->store == NULL) {
		dlt_error("'report' needs a store (--db FILE or DLTRIAGE_DB)");
		dlt_cmd_usage(&dlt_cmd_report, stderr);
		return (DLT_EXIT_USAGE);
	}
	rp.st = ctx->store;
	rp.db = ctx->db_path;
	id = strncmp(argv[0], "bucket:", 7) == 0 ? argv[0] + 7 : argv[0];
	if ((rc = dlt_view_bucket_find(rp.st, rp.db, id, bucket)) != 0) {
		report_release(&rp);
		return (rc < 0 ? DLT_EXIT_STORE : DLT_EXIT_USAGE);
	}
	memset(&fi, 0, sizeof fi);
	if (dlt_store_bucket_get(rp.st, bucket, &rp.b, &found) != 0 ||
	    !found || dlt_store_bucket_failure(rp.st, bucket, &fi, &found) != 0 ||
	    !found || dlt_store_member_get(rp.st, fi.id, &rp.m, &found) != 0 ||
	    !found) {
		if (!found)
			dlt_error("bucket '%s' has no failure in store '%s'",
			    bucket, rp.db);
		dlt_store_failure_info_release(&fi);
		report_release(&rp);
		return (found ? DLT_EXIT_STORE : DLT_EXIT_USAGE);
	}

	/* a run's failure: its execution, run again and reduced */
	if (fi.execution_id != 0 || fi.mutant_id != 0) {
		rp.r.st = rp.st;
		rp.r.db = rp.db;
		rp.r.quiet = 1;
		rp.r.subdir = "report";
		/*
		 * the target's process kept between the trials: a fork
		 * server imports the framework once, each trial still runs
		 * in a fresh child (the campaign's isolation, else fork)
		 */
		rp.r.keep_pool = 1;
		rc = dlt_repro_resolve(&rp.r, DLT_REPRO_FAILURE, fi.id, NULL);
		if (rc < 0)
			status = DLT_EXIT_STORE;
		else if (rc > 0)
			status = DLT_EXIT_INPUT;
		else {
			rp.have_run = 1;
			rp.r.isolation = DLT_ISO_FORK;
			for (i = 0; dlt_isolation_names[i] != NULL; i++)
				if (rp.r.x.isolation != NULL && strcmp(
				    rp.r.x.isolation, dlt_isolation_names[i]) == 0)
					rp.r.isolation = (int)i;
		}
		/*
		 * the oracles compare frameworks: one re-run checks only a
		 * NaN finding of its own execution again
		 */
		rp.oracle = fi.execution_id == 0 || (fi.rule != NULL &&
		    strncmp(fi.rule, "oracle", 6) == 0 && (fi.cls == NULL ||
		    strcmp(fi.cls, "nan") != 0));
	} else
		rp.no_script = xasprintf("No reproduction script: classify "
		    "found this failure in a log (%s), with no run of a model "
		    "behind it, so dltriage has nothing to run again or to "
		    "reduce.  The log excerpt below is the evidence.",
		    rp.m.source != NULL ? rp.m.source : "?");
	dlt_store_failure_info_release(&fi);
	if (status != DLT_EXIT_OK) {
		report_release(&rp);
		return (status);
	}
	if (rp.have_run && rp.reduce && !rp.oracle) {
		if (!ctx->quiet)
			fprintf(stderr, "report: reducing execution %" PRId64
			    " (%s mutant %ld on %s), budget %.0f s\n", rp.r.x.id,
			    rp.r.x.model, rp.r.x.ordinal, rp.r.x.framework,
			    rp.ro.budget);
		if (dlt_reduce(&rp.r, &ctx->rules, &rp.ro, &rp.red) != 0) {
			dlt_error("cannot read the IR of execution %" PRId64,
			    rp.r.x.id);
			report_release(&rp);
			return (DLT_EXIT_INPUT);
		}
		rp.reduced = 1;
		if (!ctx->quiet)
			fprintf(stderr, "report: %s, %d trials, %.1f s\n",
			    rp.red.reproduced ? "reduced" : "not reproduced",
			    rp.red.trials, rp.red.seconds);
	}
	if (rp.have_run) {
		rp.have_facts = dlt_model_facts_get(rp.reduced &&
		    rp.red.ir_json != NULL ? rp.red.ir_json : rp.r.x.ir_json,
		    &rp.facts) == 0;
		if ((status = make_script(&rp)) != DLT_EXIT_OK) {
			report_release(&rp);
			return (status);
		}
	}

	make_title(&rp);
	dlt_rdoc_section(&rp.doc, "Summary");
	dlt_rdoc_para(&rp.doc);
	dlt_rdoc_text(&rp.doc, "%s", rp.b.signature != NULL ? rp.b.signature :
	    "?");
	dlt_rdoc_text(&rp.doc, " (dltriage bucket %s, class %s%s%s, priority "
	    "%s).", rp.b.id, rp.b.cls, rp.b.kind != NULL ? " / " : "",
	    rp.b.kind != NULL ? rp.b.kind : "", rp.b.priority != NULL ?
	    rp.b.priority : "?");
	sec_reduction(&rp);
	sec_script(&rp);
	sec_environment(&rp);
	sec_expected(&rp);
	sec_log(&rp);
	sec_known(&rp);
	sec_found(&rp);

	if (rp.format == REPORT_HTML)
		dlt_rdoc_html(&rp.doc, &out);
	else
		dlt_rdoc_markdown(&rp.doc, &out);
	if (output != NULL) {
		if ((fp = fopen(output, "w")) == NULL)
			ok = 0;
		else {
			ok = fwrite(out.buf, 1, out.len, fp) == out.len;
			ok &= fclose(fp) == 0;
		}
		if (!ok) {
			dlt_error_errno("cannot write '%s'", output);
			status = DLT_EXIT_OUTPUT;
		}
	} else
		fwrite(out.buf, 1, out.len, stdout);
	/* a report whose failure would not come back says so in the status */
	if (status == DLT_EXIT_OK && rp.reduced && !rp.red.reproduced)
		status = DLT_EXIT_FINDINGS;
	strbuf_release(&out);
	report_release(&rp);
	return (status);
}
