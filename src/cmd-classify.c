/*
 * cmd-classify.c: "dltriage classify", which reads log files and
 * directories that any tool produced and says, for every failure in
 * them, what it is.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "classify.h"
#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "failure.h"
#include "output.h"
#include "rules.h"
#include "store.h"
#include "walk.h"
#include "xmalloc.h"

static int	cmd_classify_exec(struct dlt_ctx *, int, char **);

/* The order of enum dlt_format. */
static const char *const formats[] = { "table", "json", "csv", NULL };

static const struct dlt_option classify_options[] = {
	DLT_OPTION_DB,
	DLT_OPTION_RULES,
	{ "framework", 0, "NAME", 'F',
	    "take every log to come from framework NAME", NULL },
	{ "format", 0, "FORMAT", 'f', "the output format (default table)",
	    formats },
	{ "fail-on", 0, "CLASS,...", 'x',
	    "exit 1 when a failure of these classes is found", NULL },
	{ "summary", 's', NULL, 's',
	    "print the summary on stderr too (json, csv)", NULL },
	DLT_OPTION_QUIET("do not print warnings"),
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_classify = {
	"classify",
	"[--db FILE] [--rules DIR]... [--no-default-rules] [--framework NAME]\n"
	"       [--format table|json|csv] [--fail-on CLASS,...] [--summary] [-q] PATH...",
	"classify the failures in log files and directories",
	DLT_CMD_NEEDS_RULES | DLT_CMD_NEEDS_STORE, classify_options,
	cmd_classify_exec
};

static const char *const frameworks[] = {
	"pytorch", "tensorflow", "jax", "keras", "onnxruntime", "mindspore",
	"paddle", "unknown", NULL
};

struct run {
	struct dlt_ctx		*ctx;
	struct dlt_classifier	*cl;
	struct dlt_output	 out;
	unsigned		 fail_on;	/* bit per class */
	/* per file */
	const char		*path;
	int64_t			 size;
	uint64_t		 hash;
	int			 begun, unchanged;
	/* totals */
	long			 files, skipped, failures, by_class[DLT_CLASS_COUNT];
	unsigned long		 nerrors;
	int			 store_failed, found_fail_on;
	/* distinct buckets, open addressing */
	uint64_t		*buckets;
	size_t			 nbuckets, buckets_alloc;
};

static int	failure_cb(const struct dlt_failure *, void *);
static int	file_cb(const char *, void *);
static int	classify_fd(struct run *, const char *, int);
static void	bucket_add(struct run *, const char *);
static int	parse_fail_on(const char *, unsigned *);
static void	summary(struct run *, FILE *);

static void
bucket_add(struct run *r, const char *hex)
{
	uint64_t	v = strtoull(hex, NULL, 16) | 1, *old;
	size_t		i, n;

	if (r->nbuckets * 2 >= r->buckets_alloc) {
		old = r->buckets;
		n = r->buckets_alloc;
		r->buckets_alloc = n ? n * 2 : 1024;
		r->buckets = xcalloc(r->buckets_alloc, sizeof *r->buckets);
		r->nbuckets = 0;
		for (i = 0; i < n; i++) {
			if (old[i] != 0) {
				size_t j = old[i] & (r->buckets_alloc - 1);

				while (r->buckets[j] != 0)
					j = (j + 1) & (r->buckets_alloc - 1);
				r->buckets[j] = old[i];
				r->nbuckets++;
			}
		}
		free(old);
	}
	i = v & (r->buckets_alloc - 1);
	while (r->buckets[i] != 0) {
		if (r->buckets[i] == v)
			return;
		i = (i + 1) & (r->buckets_alloc - 1);
	}
	r->buckets[i] = v;
	r->nbuckets++;
}

static int
failure_cb(const struct dlt_failure *f, void *arg)
{
	struct run	*r = arg;

	dlt_output_failure(&r->out, f);
	r->failures++;
	if (f->cls >= 0 && f->cls < DLT_CLASS_COUNT)
		r->by_class[f->cls]++;
	if (r->fail_on & (1u << f->cls))
		r->found_fail_on = 1;
	bucket_add(r, f->bucket);
	if (r->ctx->store == NULL || r->store_failed)
		return (0);
	if (!r->begun) {
		if (dlt_store_begin_file(r->ctx->store, r->path, r->size, r->hash,
		    &r->unchanged) != 0) {
			r->store_failed = 1;
			return (0);
		}
		r->begun = 1;
	}
	if (!r->unchanged && dlt_store_add_failure(r->ctx->store, f) != 0) {
		dlt_store_abort_file(r->ctx->store);
		r->begun = 0;
		r->store_failed = 1;
	}
	return (0);
}

static int
classify_fd(struct run *r, const char *path, int fd)
{
	struct stat	st;
	int		rc;

	r->path = path;
	r->size = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? (int64_t)st.st_size : -1;
	r->begun = r->unchanged = 0;
	r->hash = 0;
	rc = dlt_classify_fd(r->cl, path, fd, failure_cb, r,
	    r->ctx->store != NULL ? &r->hash : NULL);
	if (rc == DLT_CLASSIFY_BINARY) {
		dlt_warn("skipping '%s': binary file", path);
		r->skipped++;
		return (0);
	}
	if (rc == DLT_CLASSIFY_READ_ERROR) {
		dlt_error_errno("cannot read '%s'", path);
		r->nerrors++;
		if (r->begun)
			dlt_store_abort_file(r->ctx->store);
		return (0);
	}
	r->files++;
	if (r->ctx->store != NULL && !r->store_failed) {
		if (!r->begun && dlt_store_begin_file(r->ctx->store, path, r->size,
		    r->hash, &r->unchanged) != 0) {
			r->store_failed = 1;
			return (1);
		}
		if (dlt_store_end_file(r->ctx->store) != 0)
			r->store_failed = 1;
	}
	return (r->store_failed ? 1 : 0);
}

static int
file_cb(const char *path, void *arg)
{
	struct run	*r = arg;
	int		 fd, rc;

	if ((fd = open(path, O_RDONLY | O_NOCTTY)) == -1) {
		dlt_error_errno("cannot open '%s'", path);
		r->nerrors++;
		return (0);
	}
	rc = classify_fd(r, path, fd);
	close(fd);
	return (rc);
}

static int
parse_fail_on(const char *arg, unsigned *mask)
{
	char	*copy, *p, *save;
	int	 c, rc = 0;

	copy = xstrdup(arg);
	for (p = strtok_r(copy, ",", &save); p != NULL; p = strtok_r(NULL, ",", &save)) {
		if (strcmp(p, "any") == 0) {
			*mask |= ~(1u << DLT_CLASS_FALSE_POSITIVE) &
			    ((1u << DLT_CLASS_COUNT) - 1);
			continue;
		}
		if ((c = dlt_class_parse(p)) < 0 || c == DLT_CLASS_IGNORE) {
			rc = dlt_error("unknown class '%s' in --fail-on", p);
			break;
		}
		*mask |= 1u << c;
	}
	free(copy);
	return (rc);
}

static void
summary(struct run *r, FILE *fp)
{
	struct dlt_store_summary	s;
	int				c, first = 1;

	fprintf(fp, "\n%ld file%s read", r->files, r->files == 1 ? "" : "s");
	if (r->skipped > 0)
		fprintf(fp, ", %ld binary skipped", r->skipped);
	if (r->nerrors > 0)
		fprintf(fp, ", %lu unreadable", r->nerrors);
	fprintf(fp, ": %ld failure%s in %zu unique defect%s\n", r->failures,
	    r->failures == 1 ? "" : "s", r->nbuckets, r->nbuckets == 1 ? "" : "s");
	for (c = 0; c < DLT_CLASS_IGNORE; c++) {
		if (r->by_class[c] == 0)
			continue;
		fprintf(fp, "%s%s %ld", first ? "  " : ", ", dlt_class_name(c),
		    r->by_class[c]);
		first = 0;
	}
	if (!first)
		fputc('\n', fp);
	if (r->ctx->store != NULL && !r->store_failed &&
	    dlt_store_summary(r->ctx->store, &s) == 0)
		fprintf(fp, "store '%s': %ld file%s, %ld failure%s, %ld bucket%s\n",
		    r->ctx->db_path, s.files, s.files == 1 ? "" : "s", s.failures,
		    s.failures == 1 ? "" : "s", s.buckets, s.buckets == 1 ? "" : "s");
}

static int
cmd_classify_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct dlt_classify_opts	 opts;
	struct run			 r;
	const char			*arg;
	int				 ch, format = DLT_FORMAT_TABLE, want_summary = 0;
	int				 rc, i, k;

	memset(&opts, 0, sizeof opts);
	memset(&r, 0, sizeof r);
	r.ctx = ctx;
	while ((ch = dlt_cmd_next_option(ctx, &arg)) != -1) {
		switch (ch) {
		case 'F':
			for (k = 0; frameworks[k] != NULL; k++)
				if (strcmp(frameworks[k], arg) == 0)
					break;
			if (frameworks[k] == NULL) {
				dlt_error("unknown framework '%s'", arg);
				fprintf(stderr, "known frameworks: pytorch, tensorflow, jax, "
				    "keras, onnxruntime, mindspore, paddle, unknown\n");
				return (DLT_EXIT_USAGE);
			}
			opts.framework = arg;
			break;
		case 'f':
			/* the dispatcher checked it against formats[] */
			format = dlt_format_parse(arg);
			break;
		case 'x':
			if (parse_fail_on(arg, &r.fail_on) != 0)
				return (DLT_EXIT_USAGE);
			break;
		case 's':
			want_summary = 1;
			break;
		}
	}
	if (argc == 0) {
		dlt_error("no log file or directory given");
		dlt_cmd_usage(&dlt_cmd_classify, stderr);
		return (DLT_EXIT_USAGE);
	}
	/* the dispatcher loaded the rules and opened the store (--db) */
	r.cl = dlt_classifier_new(&ctx->rules, &opts);
	dlt_output_begin(&r.out, stdout, format);
	rc = 0;
	for (i = 0; i < argc && rc == 0; i++) {
		if (strcmp(argv[i], "-") == 0)
			rc = classify_fd(&r, "-", STDIN_FILENO);
		else
			rc = dlt_walk(argv[i], file_cb, &r, &r.nerrors);
	}
	dlt_output_end(&r.out);
	if (format == DLT_FORMAT_TABLE)
		summary(&r, stdout);
	else if (want_summary)
		summary(&r, stderr);
	dlt_classifier_free(r.cl);
	free(r.buckets);
	if (r.store_failed)
		return (DLT_EXIT_STORE);
	if (r.nerrors > 0)
		return (DLT_EXIT_INPUT);
	return (r.found_fail_on ? DLT_EXIT_FINDINGS : DLT_EXIT_OK);
}
