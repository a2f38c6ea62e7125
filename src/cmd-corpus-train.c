/*
 * cmd-corpus-train.c: "dltriage corpus train": learn the priority model
 * from the curated defect dataset and write it where the rules are read
 * from (priority-train.h, rule-model.h).
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command.h"
#include "ctx.h"
#include "datadir.h"
#include "error.h"
#include "exitcode.h"
#include "priority-train.h"
#include "rule-model.h"
#include "xmalloc.h"

static int	cmd_corpus_train_exec(struct dlt_ctx *, int, char **);
static int	check_args(int, char **);

static const struct dlt_option corpus_train_options[] = {
	{ "data", 0, "FILE", 'd',
	    "read the defect dataset FILE (default: the shipped corpus/defects/defects.jsonl)",
	    NULL, NULL },
	{ "output", 'o', "FILE",
	    'o', "write the model to FILE (default: the shipped rules/priority.model)",
	    NULL, NULL },
	DLT_OPTION_RULES,
	DLT_OPTION_QUIET("print nothing but errors"),
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_corpus_train = {
	"corpus train",
	"[--data FILE] [-o FILE] [-q]",
	"learn the priority model from the curated defect dataset",
	DLT_CMD_NEEDS_RULES, corpus_train_options, cmd_corpus_train_exec,
	check_args
};

static int
check_args(int argc, char **argv)
{
	(void)argv;
	if (argc > 0)
		return (dlt_error("'corpus train' takes no arguments"));
	return (0);
}

static int
cmd_corpus_train_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct dlt_prio_examples	 ex;
	struct dlt_prio_train_opts	 o = DLT_PRIO_TRAIN_DEFAULTS;
	struct dlt_prio_model		*m;
	const char			*arg, *data = NULL, *output = NULL;
	char				*dflt_out, *tmp, *used = NULL;
	FILE				*fp;
	int				 ch, rc = DLT_EXIT_OK, fd;
	mode_t				 um;
	long				 counts[DLT_PRIO_COUNT] = { 0 };
	size_t				 i;

	(void)argc;
	(void)argv;
	while ((ch = dlt_cmd_next_option(ctx, &arg)) != -1)
		switch (ch) {
		case 'd':
			data = arg;
			break;
		case 'o':
			output = arg;
			break;
		}
	dflt_out = xasprintf("%s/rules/" DLT_PRIO_MODEL_FILE, dlt_datadir());
	if (output == NULL)
		output = dflt_out;
	if (dlt_prio_dataset(&ctx->rules, data, 10, "a model", &ex,
	    &used) != 0) {
		rc = DLT_EXIT_INPUT;
		goto out;
	}
	m = dlt_prio_train(&ex, NULL, &o, data == NULL ?
	    "corpus/defects/defects.jsonl" : data);

	/* write next to the target and rename: a failed write loses nothing */
	tmp = xasprintf("%s.tmpXXXXXX", output);
	um = umask(0);
	umask(um);
	if ((fd = mkstemp(tmp)) == -1 || fchmod(fd, 0666 & ~um) != 0 ||
	    (fp = fdopen(fd, "w")) == NULL) {
		dlt_error("cannot write '%s': %s", output, strerror(errno));
		if (fd != -1) {
			close(fd);
			unlink(tmp);
		}
		rc = DLT_EXIT_OUTPUT;
	} else {
		if (dlt_prio_model_write(m, fp) != 0 || fclose(fp) != 0 ||
		    rename(tmp, output) != 0) {
			dlt_error("cannot write '%s': %s", output,
			    strerror(errno));
			unlink(tmp);
			rc = DLT_EXIT_OUTPUT;
		}
	}
	free(tmp);
	if (rc == DLT_EXIT_OK && !ctx->quiet) {
		for (i = 0; i < ex.n; i++)
			counts[ex.v[i].label]++;
		printf("trained on %zu reports (high %ld, medium %ld, low %ld; "
		    "%ld without a priority skipped): %zu features, "
		    "temperature %.2f\nwrote %s\n", ex.n,
		    counts[DLT_PRIO_HIGH], counts[DLT_PRIO_MEDIUM],
		    counts[DLT_PRIO_LOW], ex.skipped, m->nfeat, m->temperature,
		    output);
		if (ex.train_only > 0)
			printf("%ld of the reports chosen for their label "
			    "(train_only): in the features, not in the class "
			    "frequencies\n", ex.train_only);
	}
	dlt_prio_model_free(m);
out:
	dlt_prio_examples_release(&ex);
	free(used);
	free(dflt_out);
	return (rc);
}
