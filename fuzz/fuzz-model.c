/*
 * fuzz-model.c: libFuzzer target for the model side: the IR loader
 * (src/model-load.c, model-json.c), shape and dtype inference
 * (model-infer.c, model-ops.c), the framework profiles' checks
 * (profile.c) and the mutation operators (mutate.c, model-edit.c).
 *
 * Each input is loaded as a model file.  A refusal must come with at
 * least one problem, every problem naming the file and, where it has a
 * line, a column too.  A model that loads is inferred, checked against
 * every shipped profile, written as IR YAML and as JSON, and both
 * written forms must load again (what dltriage writes it must read
 * back).  When inference succeeds, every operator is applied once in
 * generic, aware and probe mode, with a seed taken from the input, and
 * every mutant made must infer and be written and read back the same
 * way.  Never a crash, a leak or a sanitizer report.
 *
 * Build: ./configure --enable-fuzzing CC=clang; run: see fuzz/README.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "error.h"
#include "model.h"
#include "mutate.h"
#include "profile.h"
#include "strbuf.h"

#ifndef DLT_FUZZ_DATADIR
#define DLT_FUZZ_DATADIR "."
#endif

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char *const frameworks[] = {
	"pytorch", "tensorflow", "jax", "keras", "mindspore", "onnxruntime"
};
#define NFW	(sizeof frameworks / sizeof frameworks[0])

static struct dlt_profile	*profiles[NFW];
static struct dlt_target	 targets[NFW];
static size_t			 ntargets;

/* A refusal says why, and where: the file, and a column with a line. */
static void
check_problems(const struct dlt_diags *d)
{
	size_t	i;

	if (d->n == 0)
		abort();
	for (i = 0; i < d->n; i++) {
		if (d->v[i].message == NULL || d->v[i].message[0] == '\0')
			abort();
		if (d->v[i].file == NULL || d->v[i].line < 0 ||
		    (d->v[i].line > 0 && d->v[i].col < 1))
			abort();
	}
}

/* What dltriage writes of a model it accepted, it reads back. */
static void
round_trip(const struct dlt_model *m)
{
	struct dlt_model	 back;
	struct dlt_diags	 d = DLT_DIAGS_INIT;
	struct strbuf		 sb = STRBUF_INIT;
	char			*buf = NULL;
	size_t			 len = 0;
	FILE			*f;

	if ((f = open_memstream(&buf, &len)) == NULL)
		return;
	if (dlt_model_write(m, f) != 0)
		abort();
	if (fclose(f) != 0)
		abort();
	if (dlt_model_load_buffer("written.yaml", buf, len, &back, &d) != 0) {
		dlt_diags_print(&d, stderr);
		fprintf(stderr, "--- written:\n%s", buf);
		abort();
	}
	dlt_model_release(&back);
	free(buf);

	dlt_model_write_json(m, &sb);
	if (dlt_model_load_buffer("written.json", sb.buf, sb.len, &back,
	    &d) != 0) {
		dlt_diags_print(&d, stderr);
		fprintf(stderr, "--- written:\n%s\n", sb.buf);
		abort();
	}
	dlt_model_release(&back);
	strbuf_release(&sb);
	dlt_diags_release(&d);
}

static void
mutants(const struct dlt_model *parent, uint64_t seed)
{
	static const enum dlt_mutate_mode modes[] = {
		DLT_MUTATE_GENERIC, DLT_MUTATE_AWARE, DLT_MUTATE_PROBE
	};
	struct dlt_mutator	 mu;
	struct dlt_mutate_stats	 st;
	struct dlt_model	 out;
	struct dlt_diags	 d = DLT_DIAGS_INIT;
	size_t			 op, k;

	for (k = 0; k < sizeof modes / sizeof modes[0]; k++) {
		memset(&mu, 0, sizeof mu);
		mu.parent = parent;
		mu.targets = targets;
		mu.ntargets = ntargets;
		mu.mode = modes[k];
		mu.max_tries = 4;
		for (op = 0; op < dlt_mutop_count(); op++) {
			memset(&st, 0, sizeof st);
			if (dlt_mutate(&mu, (int)op, seed + op, &out, &st) ==
			    DLT_MUTATE_MADE) {
				/*
				 * Generic mutants may be illegal; the others
				 * passed the IR's own inference.
				 */
				if (dlt_model_infer(&out, &d) != 0 &&
				    modes[k] != DLT_MUTATE_GENERIC)
					abort();
				dlt_diags_release(&d);
				round_trip(&out);
				dlt_model_release(&out);
			}
			dlt_mutate_stats_release(&st);
		}
	}
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char	*dir;
	char		 path[4096];
	const char	*dirs[1];
	size_t		 i;

	(void)argc;
	(void)argv;
	dlt_set_quiet(1);
	if ((dir = getenv("DLTRIAGE_DATADIR")) == NULL || *dir == '\0')
		dir = DLT_FUZZ_DATADIR;
	snprintf(path, sizeof path, "%s/rules/frameworks", dir);
	dirs[0] = path;
	for (i = 0; i < NFW; i++) {
		if (dlt_target_load(frameworks[i], dirs, 1, &profiles[ntargets],
		    &targets[ntargets]) != 0) {
			fprintf(stderr, "fuzz-model: no profile %s in %s\n",
			    frameworks[i], path);
			exit(1);
		}
		ntargets++;
	}
	return (0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dlt_model	 m;
	struct dlt_diags	 d = DLT_DIAGS_INIT;
	struct dlt_violations	 v;
	uint64_t		 seed = 0;
	size_t			 i;

	for (i = 0; i < size && i < 8; i++)
		seed = seed << 8 | data[i];
	if (dlt_model_load_buffer("fuzz.yaml", (const char *)data, size, &m,
	    &d) != 0) {
		check_problems(&d);
		dlt_diags_release(&d);
		return (0);
	}
	if (dlt_model_infer(&m, &d) == 0) {
		memset(&v, 0, sizeof v);
		(void)dlt_profile_check_model(targets, ntargets, &m, &v);
		dlt_violations_release(&v);
		round_trip(&m);
		mutants(&m, seed);
	} else {
		check_problems(&d);
		round_trip(&m);
	}
	dlt_diags_release(&d);
	dlt_model_release(&m);
	return (0);
}
