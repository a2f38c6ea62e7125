/*
 * cmd-merge.c: "dltriage merge -o OUT STORE...", which adds the rows of
 * stores (the shards of a campaign, classify sessions) to one store,
 * idempotently.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <string.h>

#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "store-merge.h"
#include "store.h"

static int	cmd_merge_exec(struct dlt_ctx *, int, char **);
static int	check_args(int, char **);
static int	same_file(const char *, const struct stat *);
static void	print_stats(const char *, const struct dlt_store_merge_stats *);

static const struct dlt_option merge_options[] = {
	{ "output", 'o', "FILE", 'o',
	    "the store to merge into (created, or added to)", NULL, NULL },
	DLT_OPTION_QUIET("do not print what each store added, nor warnings"),
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_merge = {
	"merge",
	"-o FILE [-q] STORE...",
	"merge stores (campaign shards, classify sessions) into one",
	0, merge_options, cmd_merge_exec, check_args
};

static int
check_args(int argc, char **argv)
{
	(void)argv;
	if (argc == 0)
		return (dlt_error("no store to merge given"));
	return (0);
}

/* Whether path names the file out (an existing output). */
static int
same_file(const char *path, const struct stat *out)
{
	struct stat	sb;

	return (stat(path, &sb) == 0 && sb.st_dev == out->st_dev &&
	    sb.st_ino == out->st_ino);
}

static void
print_stats(const char *path, const struct dlt_store_merge_stats *s)
{
	printf("%s: added %ld campaigns, %ld models, %ld mutants, "
	    "%ld executions, %ld evidence, %ld comparisons, %ld files, "
	    "%ld failures, %ld buckets, %ld triage\n", path, s->campaigns,
	    s->models, s->mutants, s->executions, s->evidence, s->comparisons,
	    s->files, s->failures, s->buckets, s->triage);
}

static int
cmd_merge_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct dlt_store_merge_stats	 stats;
	struct dlt_store		*out = NULL;
	struct stat			 osb;
	const char			*arg, *output = NULL;
	int				 ch, i, version, rc = DLT_EXIT_OK;

	while ((ch = dlt_cmd_next_option(ctx, &arg)) != -1) {
		switch (ch) {
		case 'o':
			output = arg;
			break;
		}
	}
	if (output == NULL) {
		dlt_error("no output store given (-o FILE)");
		dlt_cmd_usage(&dlt_cmd_merge, stderr);
		return (DLT_EXIT_USAGE);
	}

	/* Every input is checked before the output is created or changed. */
	for (i = 0; i < argc; i++)
		if (dlt_store_merge_check(argv[i], &version) != 0)
			return (DLT_EXIT_STORE);
	if (dlt_store_open(output, &out) != 0)
		return (DLT_EXIT_STORE);
	if (stat(output, &osb) != 0)
		memset(&osb, 0, sizeof osb);

	for (i = 0; i < argc; i++) {
		memset(&stats, 0, sizeof stats);
		if (osb.st_ino != 0 && same_file(argv[i], &osb)) {
			/* merging a store into itself adds nothing */
			dlt_warn("'%s' is the output store; skipped", argv[i]);
			continue;
		}
		if (dlt_store_merge(out, argv[i], &stats) != 0) {
			rc = DLT_EXIT_STORE;
			break;
		}
		if (!ctx->quiet)
			print_stats(argv[i], &stats);
	}
	dlt_store_close(out);
	return (rc);
}
