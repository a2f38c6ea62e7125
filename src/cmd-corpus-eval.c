/*
 * cmd-corpus-eval.c: "dltriage corpus eval": how well the priority model
 * predicts the developers' priorities of reports it was not trained on,
 * split by time (the figure that counts: priority policies drift) and by
 * groups (an api or a bucket never on both sides), beside the rule
 * layer alone and the majority class.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "json.h"
#include "priority-train.h"
#include "rule-model.h"
#include "strbuf.h"
#include "xmalloc.h"

static int	cmd_corpus_eval_exec(struct dlt_ctx *, int, char **);
static int	check_args(int, char **);
static int	check_fraction(const char *);
static int	check_folds(const char *);

static const char *const splits[] = { "all", "time", "grouped", "validation",
    "model", NULL };
static const char *const formats[] = { "table", "json", NULL };

static const struct dlt_option corpus_eval_options[] = {
	{ "data", 0, "FILE", 'd',
	    "read the defect dataset FILE (default: the shipped corpus/defects/defects.jsonl)",
	    NULL, NULL },
	{ "folds", 0, "N", 'k', "folds of the grouped split (default 5)", NULL,
	    check_folds },
	{ "format", 0, "FORMAT", 'f', "print a table (the default) or JSON",
	    formats, NULL },
	{ "split", 0, "SPLIT", 's',
	    "time, grouped, all (the default: both), validation (the time split of the time split's training side) or model (the loaded model as it is, on every report)",
	    splits, NULL },
	{ "test-fraction", 0, "F", 't',
	    "the newest fraction of each tracker's reports tested in the time split (default 0.3)",
	    NULL, check_fraction },
	DLT_OPTION_RULES,
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_corpus_eval = {
	"corpus eval",
	"[--data FILE] [--split all|time|grouped|validation|model]\n"
	"       [--test-fraction F] [--folds N] [--format table|json]",
	"measure the priority model on reports it was not trained on",
	DLT_CMD_NEEDS_RULES, corpus_eval_options, cmd_corpus_eval_exec,
	check_args
};

static const char *const predictors[] = { "model", "rules alone", "majority" };

static int
check_args(int argc, char **argv)
{
	(void)argv;
	if (argc > 0)
		return (dlt_error("'corpus eval' takes no arguments"));
	return (0);
}

static int
check_fraction(const char *a)
{
	char	*end;
	double	 v = strtod(a, &end);

	if (*a == '\0' || *end != '\0' || !(v > 0 && v < 1))
		return (dlt_error("bad fraction '%s' (a number between 0 and 1, "
		    "such as 0.3)", a));
	return (0);
}

static int
check_folds(const char *a)
{
	char	*end;
	long	 v = strtol(a, &end, 10);

	if (*a == '\0' || *end != '\0' || v < 2 || v > 20)
		return (dlt_error("bad number of folds '%s' (2 to 20)", a));
	return (0);
}

static void
print_table(const struct dlt_prio_eval *ev, const char *what)
{
	int	p, b;

	printf("%s split: %s\n", ev->name, what);
	printf("  %-12s %8s %8s %11s %9s %10s %8s\n", "predictor",
	    "macro-F1", "accuracy", "recall-high", "prec-high", "recall-low",
	    "Brier");
	for (p = 0; p < 3; p++)
		printf("  %-12s %8.3f %8.3f %11.3f %9.3f %10.3f %8.3f\n",
		    predictors[p], dlt_prio_eval_macro_f1(ev, p),
		    dlt_prio_eval_accuracy(ev, p),
		    dlt_prio_eval_recall(ev, p, DLT_PRIO_HIGH),
		    dlt_prio_eval_precision(ev, p, DLT_PRIO_HIGH),
		    dlt_prio_eval_recall(ev, p, DLT_PRIO_LOW), ev->brier[p]);
	printf("  the model abstained (unknown) on %ld of %zu (counted as "
	    "wrong above)\n", ev->abstained, ev->n);
	printf("  confusion of the model (rows: developers' priority; "
	    "columns: predicted low medium high unknown)\n");
	for (p = DLT_PRIO_HIGH; p >= 0; p--)
		printf("    %-6s %5ld %6ld %5ld %7ld\n", dlt_priority_name(p),
		    ev->confusion[DLT_EVAL_MODEL][p][0],
		    ev->confusion[DLT_EVAL_MODEL][p][1],
		    ev->confusion[DLT_EVAL_MODEL][p][2],
		    ev->confusion[DLT_EVAL_MODEL][p][3]);
	printf("  reliability of the model's confidence (predictions the "
	    "model made)\n    %-9s %5s %9s %9s\n", "bin", "n", "mean-conf",
	    "accuracy");
	for (b = 0; b < 10; b++)
		if (ev->bin_n[b] > 0)
			printf("    %.1f-%.1f %5ld %9.3f %9.3f\n", b / 10.0,
			    (b + 1) / 10.0, ev->bin_n[b],
			    ev->bin_conf[b] / ev->bin_n[b],
			    (double)ev->bin_right[b] / ev->bin_n[b]);
}

static void
json_eval(struct dlt_jw *jw, const struct dlt_prio_eval *ev)
{
	int	p, e, b;

	dlt_jw_object(jw);
	dlt_jw_kv_cstr(jw, "split", ev->name);
	dlt_jw_kv_uint(jw, "tested", ev->n);
	dlt_jw_kv_int(jw, "trained", ev->train_n);
	if (strcmp(ev->name, "model") == 0)
		dlt_jw_kv_int(jw, "seen_in_training", ev->seen);
	dlt_jw_kv_int(jw, "abstained", ev->abstained);
	for (p = 0; p < 3; p++) {
		dlt_jw_key(jw, p == 0 ? "model" : p == 1 ? "rules" : "majority");
		dlt_jw_object(jw);
		dlt_jw_kv_double(jw, "macro_f1", dlt_prio_eval_macro_f1(ev, p), 4);
		dlt_jw_kv_double(jw, "accuracy", dlt_prio_eval_accuracy(ev, p), 4);
		dlt_jw_kv_double(jw, "recall_high",
		    dlt_prio_eval_recall(ev, p, DLT_PRIO_HIGH), 4);
		dlt_jw_kv_double(jw, "precision_high",
		    dlt_prio_eval_precision(ev, p, DLT_PRIO_HIGH), 4);
		dlt_jw_kv_double(jw, "brier", ev->brier[p], 4);
		dlt_jw_key(jw, "confusion");
		dlt_jw_object(jw);
		for (e = 0; e < DLT_PRIO_COUNT; e++) {
			dlt_jw_key(jw, dlt_priority_name(e));
			dlt_jw_object(jw);
			for (b = 0; b <= DLT_PRIO_COUNT; b++)
				dlt_jw_kv_int(jw, dlt_priority_name(b),
				    ev->confusion[p][e][b]);
			dlt_jw_end(jw);
		}
		dlt_jw_end(jw);
		dlt_jw_end(jw);
	}
	dlt_jw_key(jw, "reliability");
	dlt_jw_array(jw);
	for (b = 0; b < 10; b++) {
		if (ev->bin_n[b] == 0)
			continue;
		dlt_jw_object(jw);
		dlt_jw_kv_double(jw, "from", b / 10.0, 1);
		dlt_jw_kv_double(jw, "to", (b + 1) / 10.0, 1);
		dlt_jw_kv_int(jw, "n", ev->bin_n[b]);
		dlt_jw_kv_double(jw, "mean_confidence",
		    ev->bin_conf[b] / ev->bin_n[b], 4);
		dlt_jw_kv_double(jw, "accuracy",
		    (double)ev->bin_right[b] / ev->bin_n[b], 4);
		dlt_jw_end(jw);
	}
	dlt_jw_end(jw);
	dlt_jw_end(jw);
}

static int
cmd_corpus_eval_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct dlt_prio_examples	 ex;
	struct dlt_prio_train_opts	 o = DLT_PRIO_TRAIN_DEFAULTS;
	struct dlt_prio_eval		 ev[2];
	int				 do_valid = 0, do_model = 0;
	struct strbuf			 sb = STRBUF_INIT, what = STRBUF_INIT;
	struct dlt_jw			 jw;
	const char			*arg, *data = NULL;
	char				*used = NULL;
	double				 fraction = 0.3;
	int				 ch, rc = DLT_EXIT_OK, folds = 5, json = 0;
	int				 do_time = 1, do_grouped = 1, nev = 0, i;
	long				 counts[DLT_PRIO_COUNT] = { 0 };
	size_t				 j;

	(void)argc;
	(void)argv;
	while ((ch = dlt_cmd_next_option(ctx, &arg)) != -1)
		switch (ch) {
		case 'd':
			data = arg;
			break;
		case 'k':
			folds = atoi(arg);
			break;
		case 'f':
			json = strcmp(arg, "json") == 0;
			break;
		case 's':
			do_valid = strcmp(arg, "validation") == 0;
			do_model = strcmp(arg, "model") == 0;
			do_time = strcmp(arg, "all") == 0 ||
			    strcmp(arg, "time") == 0;
			do_grouped = strcmp(arg, "all") == 0 ||
			    strcmp(arg, "grouped") == 0;
			break;
		case 't':
			fraction = strtod(arg, NULL);
			break;
		}
	if (do_model && ctx->rules.prio == NULL) {
		dlt_error("no priority model is loaded (the rule directories "
		    "hold no priority.model)");
		rc = DLT_EXIT_RULES;
		memset(&ex, 0, sizeof ex);
		goto out;
	}
	if (dlt_prio_dataset(&ctx->rules, data, 20, "an evaluation", &ex,
	    &used) != 0) {
		rc = DLT_EXIT_INPUT;
		goto out;
	}
	data = used;
	for (j = 0; j < ex.n; j++)
		counts[ex.v[j].label]++;
	if (do_time)
		dlt_prio_eval_time(&ex, fraction, &o, &ev[nev++]);
	if (do_valid)
		dlt_prio_eval_validation(&ex, fraction, &o, &ev[nev++]);
	if (do_grouped)
		dlt_prio_eval_grouped(&ex, folds, &o, &ev[nev++]);
	if (do_model)
		dlt_prio_eval_model(&ex, ctx->rules.prio, &ev[nev++]);
	if (json) {
		dlt_jw_init(&jw, &sb, 0);
		dlt_jw_object(&jw);
		dlt_jw_kv_cstr(&jw, "data", data);
		dlt_jw_kv_uint(&jw, "reports", ex.n);
		dlt_jw_kv_int(&jw, "skipped", ex.skipped);
		dlt_jw_kv_int(&jw, "train_only", ex.train_only);
		dlt_jw_key(&jw, "labels");
		dlt_jw_object(&jw);
		for (i = 0; i < DLT_PRIO_COUNT; i++)
			dlt_jw_kv_int(&jw, dlt_priority_name(i), counts[i]);
		dlt_jw_end(&jw);
		dlt_jw_key(&jw, "splits");
		dlt_jw_array(&jw);
		for (i = 0; i < nev; i++)
			json_eval(&jw, &ev[i]);
		dlt_jw_end(&jw);
		dlt_jw_end(&jw);
		printf("%s\n", sb.buf);
	} else {
		printf("%s: %zu reports with a priority (high %ld, medium %ld, "
		    "low %ld; %ld without one skipped)\n", data, ex.n,
		    counts[DLT_PRIO_HIGH], counts[DLT_PRIO_MEDIUM],
		    counts[DLT_PRIO_LOW], ex.skipped);
		if (ex.train_only > 0)
			printf("  %ld of them chosen for their label "
			    "(train_only): trained on, never tested\n",
			    ex.train_only);
		for (i = 0; i < nev; i++) {
			strbuf_reset(&what);
			if (strcmp(ev[i].name, "time") == 0)
				strbuf_addf(&what, "the newest %.0f%% of each "
				    "tracker's reports (%zu) tested, trained on "
				    "the older %ld", fraction * 100, ev[i].n,
				    ev[i].train_n);
			else if (strcmp(ev[i].name, "validation") == 0)
				strbuf_addf(&what, "the time split's training "
				    "side only: its newest %.0f%% per tracker "
				    "(%zu) tested, trained on the older %ld",
				    fraction * 100, ev[i].n, ev[i].train_n);
			else if (strcmp(ev[i].name, "model") == 0)
				strbuf_addf(&what, "the loaded model (%s, "
				    "trained on %ld reports) on all %zu, nothing "
				    "trained; %ld of them among its training rows",
				    ctx->rules.prio->path != NULL ?
				    ctx->rules.prio->path : "built in",
				    ev[i].train_n, ev[i].n, ev[i].seen);
			else
				strbuf_addf(&what, "%d folds, no api or bucket on "
				    "both sides; %zu tested, about %ld trained "
				    "on in each", folds, ev[i].n, ev[i].train_n);
			if (i > 0)
				putchar('\n');
			print_table(&ev[i], what.buf);
		}
	}
out:
	dlt_prio_examples_release(&ex);
	strbuf_release(&sb);
	strbuf_release(&what);
	free(used);
	return (rc);
}
