/*
 * cmd-export.c: "dltriage export", which writes what a store holds in
 * the formats other tools read: JSON Lines or CSV of the failures or of
 * the buckets, JUnit XML for CI, SARIF 2.1.0 for code-scanning
 * dashboards, and a self-contained HTML report for people.
 *
 * JSON Lines and CSV are streamed from the store; the other formats are
 * made in memory and written in one piece.  Either goes to stdout, or
 * with -o to a temporary file beside FILE that is renamed over it when
 * all went well, so a failure on the way leaves FILE as it was.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "export.h"
#include "store-show.h"
#include "strbuf.h"
#include "xmalloc.h"

static int	cmd_export_exec(struct dlt_ctx *, int, char **);
static int	check_args(int, char **);
static int	check_classes(const char *);
static int	check_frameworks(const char *);
static int	check_priorities(const char *);
static FILE	*out_open(const char *, char **);
static int	 out_close(const char *, char *, FILE *, int);
static int	same_file(const char *, const char *);

static const struct dlt_option export_options[] = {
	{ "db", 0, "FILE", DLT_OPT_DB,
	    "the store to read (or $DLTRIAGE_DB)", NULL, NULL },
	{ "format", 0, "FORMAT", 'f', "the output format",
	    dlt_export_format_names, NULL },
	{ "what", 0, "WHAT", 'w',
	    "json and csv: one row per failure (default) or per bucket",
	    dlt_export_what_names, NULL },
	{ "output", 'o', "FILE", 'o',
	    "write to FILE, not stdout (replaced whole or not at all)",
	    NULL, NULL },
	{ "class", 0, "CLASS,...", 'c', "only failures of these classes",
	    NULL, check_classes },
	{ "framework", 0, "NAME,...", 'F',
	    "only failures of these frameworks", NULL, check_frameworks },
	{ "priority", 0, "PRIORITY,...", 'p',
	    "only failures of these priorities (high, medium, low, unknown)",
	    NULL, check_priorities },
	/* the shared rows, for SARIF only: its rules' descriptions */
	{ "rules", 0, "DIR", DLT_OPT_RULES,
	    "sarif: also load the rule files in DIR; repeatable", NULL, NULL },
	{ "no-default-rules", 0, NULL, DLT_OPT_NO_DEFAULT_RULES,
	    "sarif: do not load the shipped rules", NULL, NULL },
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_export = {
	"export",
	"--format json|csv|junit|sarif|html [--what failures|buckets]\n"
	"       [-o FILE] [--class LIST] [--framework LIST] [--priority LIST]\n"
	"       [--rules DIR]... [--no-default-rules] --db FILE",
	"export a store as JSON, CSV, JUnit XML, SARIF or an HTML report",
	0, export_options, cmd_export_exec, check_args
};

static int
check_args(int argc, char **argv)
{
	if (argc > 0)
		return (dlt_error("export takes no operand ('%s')", argv[0]));
	return (0);
}

static int
check_classes(const char *arg)
{
	unsigned	bits = 0;

	return (dlt_export_parse_classes(arg, &bits));
}

static int
check_frameworks(const char *arg)
{
	unsigned	bits = 0;

	return (dlt_export_parse_frameworks(arg, &bits));
}

static int
check_priorities(const char *arg)
{
	unsigned	bits = 0;

	return (dlt_export_parse_priorities(arg, &bits));
}

/* Whether a and b name one existing file. */
static int
same_file(const char *a, const char *b)
{
	struct stat	sa, sb;

	return (stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	    sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino);
}

/*
 * A temporary file beside path, to be renamed over it by out_close:
 * the stream, with *tmp its name (to be freed); NULL after a message.
 */
static FILE *
out_open(const char *path, char **tmp)
{
	FILE	*fp;
	mode_t	 um;
	int	 fd;

	*tmp = xasprintf("%s.tmpXXXXXX", path);
	um = umask(0);
	umask(um);
	if ((fd = mkstemp(*tmp)) == -1) {
		dlt_error_errno("cannot write '%s'", path);
		free(*tmp);
		*tmp = NULL;
		return (NULL);
	}
	if (fchmod(fd, 0666 & ~um) != 0 || (fp = fdopen(fd, "w")) == NULL) {
		dlt_error_errno("cannot write '%s'", path);
		close(fd);
		unlink(*tmp);
		free(*tmp);
		*tmp = NULL;
		return (NULL);
	}
	return (fp);
}

/*
 * Close the temporary file and, when ok and every write went well,
 * rename it over path: 0; else remove it and return -1 (after a
 * message when a write failed).
 */
static int
out_close(const char *path, char *tmp, FILE *fp, int ok)
{
	int	failed;

	failed = fflush(fp) != 0 || ferror(fp) ||
	    (fsync(fileno(fp)) != 0 && errno != EINVAL && errno != EROFS);
	if (fclose(fp) != 0)
		failed = 1;
	if (ok && !failed && rename(tmp, path) != 0)
		failed = 1;
	if (ok && failed)
		dlt_error_errno("cannot write '%s'", path);
	if (!ok || failed) {
		unlink(tmp);
		free(tmp);
		return (-1);
	}
	free(tmp);
	return (0);
}

static int
cmd_export_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct dlt_export	 ex;
	struct strbuf		 out = STRBUF_INIT;
	enum dlt_export_format	 format = DLT_EXPORT_JSON;
	enum dlt_export_what	 what = DLT_EXPORT_FAILURES;
	const char		*arg, *env, *output = NULL;
	char			*tmp = NULL;
	FILE			*fp = stdout;
	int			 id, rc, have_format = 0, have_what = 0;
	int			 status = DLT_EXIT_OK;

	(void)argc;
	(void)argv;
	memset(&ex, 0, sizeof ex);
	while ((id = dlt_cmd_next_option(ctx, &arg)) != -1) {
		switch (id) {
		case 'f':
			/* the dispatcher checked it against the names */
			format = (enum dlt_export_format)dlt_name_index(
			    dlt_export_format_names, arg);
			have_format = 1;
			break;
		case 'w':
			what = (enum dlt_export_what)dlt_name_index(
			    dlt_export_what_names, arg);
			have_what = 1;
			break;
		case 'o':
			output = arg;
			break;
		case 'c':
			(void)dlt_export_parse_classes(arg, &ex.filter.classes);
			break;
		case 'F':
			(void)dlt_export_parse_frameworks(arg,
			    &ex.filter.frameworks);
			break;
		case 'p':
			(void)dlt_export_parse_priorities(arg,
			    &ex.filter.priorities);
			break;
		}
	}
	if (!have_format) {
		dlt_error("'export' needs a format (--format json, csv, junit, "
		    "sarif or html)");
		dlt_cmd_usage(&dlt_cmd_export, stderr);
		return (DLT_EXIT_USAGE);
	}
	if (have_what && format != DLT_EXPORT_JSON &&
	    format != DLT_EXPORT_CSV) {
		dlt_error("--what is for json and csv, not %s",
		    dlt_export_format_names[format]);
		return (DLT_EXIT_USAGE);
	}
	if (output != NULL && *output == '\0') {
		dlt_error("empty output path");
		return (DLT_EXIT_USAGE);
	}
	if (ctx->db_path == NULL && (env = getenv("DLTRIAGE_DB")) != NULL &&
	    *env != '\0')
		ctx->db_path = env;
	if (ctx->db_path == NULL) {
		dlt_error("'export' needs a store (--db FILE or DLTRIAGE_DB)");
		dlt_cmd_usage(&dlt_cmd_export, stderr);
		return (DLT_EXIT_USAGE);
	}
	if (output != NULL && same_file(output, ctx->db_path)) {
		dlt_error("'%s' is the store: not written over", output);
		return (DLT_EXIT_USAGE);
	}
	/* SARIF names the rules: their descriptions come from the rule set */
	if (format == DLT_EXPORT_SARIF) {
		if (dlt_ctx_load_rules(ctx) != 0)
			return (DLT_EXIT_RULES);
		ex.rules = &ctx->rules;
	}
	dlt_error_set_context(NULL, ctx->db_path);
	/* an existing store only: export never makes an empty one */
	if (dlt_store_open_read(ctx->db_path, &ctx->store) != 0)
		return (DLT_EXIT_STORE);
	ex.store_path = ctx->db_path;
	if (output != NULL && (fp = out_open(output, &tmp)) == NULL)
		return (DLT_EXIT_OUTPUT);
	if (format == DLT_EXPORT_JSON || format == DLT_EXPORT_CSV) {
		/* streamed: a store of any size */
		if (dlt_export_table(ctx->store, &ex.filter, format, what,
		    fp) != 0)
			status = DLT_EXIT_STORE;
	} else if (dlt_export_load(&ex, ctx->store) != 0)
		status = DLT_EXIT_STORE;
	else {
		switch (format) {
		case DLT_EXPORT_JUNIT:
			rc = dlt_export_junit(&ex, &out);
			break;
		case DLT_EXPORT_SARIF:
			rc = dlt_export_sarif(&ex, &out);
			break;
		default:
			rc = dlt_export_html(&ex, &out);
			break;
		}
		if (rc != 0)
			status = DLT_EXIT_INTERNAL;
		else
			fwrite(out.buf, 1, out.len, fp);
	}
	if (output != NULL &&
	    out_close(output, tmp, fp, status == DLT_EXIT_OK) != 0 &&
	    status == DLT_EXIT_OK)
		status = DLT_EXIT_OUTPUT;
	strbuf_release(&out);
	dlt_export_release(&ex);
	return (status);
}
