/*
 * cmd-mutate.c: "dltriage mutate", which makes mutants of a model: in
 * aware mode only mutants that every target framework's profile accepts,
 * in generic mode whatever the operators produce.  It writes each mutant
 * as IR YAML and reports, per operator, what was drawn, repaired and
 * rejected, and why.
 */
#include <sys/stat.h>

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "ctx.h"
#include "diag.h"
#include "error.h"
#include "exitcode.h"
#include "hash.h"
#include "json.h"
#include "model.h"
#include "mutate.h"
#include "profile.h"
#include "strbuf.h"
#include "xmalloc.h"

#define DEFAULT_FRAMEWORKS	"pytorch,tensorflow,jax,keras"
#define DEFAULT_TRIES		20
#define MAX_MUTANTS		100000

static int	cmd_mutate_exec(struct dlt_ctx *, int, char **);

static const char *const modes[] = { "aware", "generic", NULL };

static const struct dlt_option mutate_options[] = {
	{ NULL, 'n', "N", 'n', "make N mutants of each operator (default 1)",
	    NULL },
	{ "ops", 0, "LIST", 'O', "the operators to apply (default all)", NULL },
	{ "mode", 0, "MODE", 'M', "aware (the default) or generic mutation",
	    modes },
	{ "frameworks", 0, "LIST", 'F', "the target frameworks, NAME[@RELEASE],...",
	    NULL },
	{ "seed", 0, "S", 's', "the seed of the run (default 1)", NULL },
	{ "max-tries", 0, "N", 'T',
	    "tries per mutant before giving up (default 20)",
	    NULL },
	{ "profiles", 0, "DIR", 'P', "look for profiles in DIR first; repeatable",
	    NULL },
	{ "output", 'o', "DIR", 'o', "write the mutants into DIR", NULL },
	{ "report", 0, "FILE", 'R', "also write the report as JSON to FILE",
	    NULL },
	DLT_OPTION_QUIET("print neither the table nor the warnings"),
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_mutate = {
	"mutate",
	"MODEL [-n N] [--ops LIST] [--mode aware|generic] [--frameworks LIST]\n"
	"       [--seed S] [--max-tries N] [--profiles DIR] [--report FILE] [-q] -o DIR",
	"make framework-aware mutants of a model",
	0, mutate_options, cmd_mutate_exec
};

struct mutant_rec {
	char		*file;
	int		 op;
	uint64_t	 seed;
	char		*position;
	char		*repaired;
};

struct mrun {
	const char		*model_path;
	const char		*outdir;
	const char		*report;
	enum dlt_mutate_mode	 mode;
	uint64_t		 seed;
	long			 n;
	int			 quiet;
	int			*ops;		/* operator indices, in order */
	int			*explicit_op;	/* named by --ops */
	size_t			 nops;
	char			**fw_specs;
	size_t			  nfw;
	const char		**profile_dirs;
	size_t			  nprofile_dirs;
	struct dlt_profile	**profiles;
	struct dlt_target	 *targets;
	struct dlt_mutate_stats	 *stats;	/* per operator of the table */
	struct mutant_rec	 *recs;
	size_t			  nrecs, recs_alloc;
};

static int	parse_ops(struct mrun *, const char *);
static int	parse_frameworks(struct mrun *, const char *);
static int	parse_u64(const char *, const char *, uint64_t *);
static uint64_t	mutant_seed(uint64_t, const char *, long);
static char	*mutant_name(const char *, const char *, long);
static void	print_report(const struct mrun *, const struct dlt_model *, FILE *);
static int	write_report(const struct mrun *, const struct dlt_model *);
static void	mrun_release(struct mrun *);

static int
parse_u64(const char *opt, const char *arg, uint64_t *out)
{
	char	*end;

	errno = 0;
	if (arg[0] == '-' || arg[0] == '\0')
		return (dlt_error("'%s' for %s is not a non-negative integer",
		    arg, opt));
	*out = strtoull(arg, &end, 0);
	if (errno != 0 || *end != '\0')
		return (dlt_error("'%s' for %s is not a non-negative integer",
		    arg, opt));
	return (0);
}

static int
parse_ops(struct mrun *r, const char *arg)
{
	char	*copy, *p, *save, *q;
	size_t	 i, total = dlt_mutop_count();
	int	 k, rc = 0;

	free(r->ops);
	free(r->explicit_op);
	r->ops = xcalloc(total, sizeof *r->ops);
	r->explicit_op = xcalloc(total, sizeof *r->explicit_op);
	r->nops = 0;
	copy = xstrdup(arg);
	for (p = strtok_r(copy, ",", &save); p != NULL; p = strtok_r(NULL, ",", &save)) {
		for (q = p; *q != '\0'; q++)
			if (*q >= 'a' && *q <= 'z')
				*q = (char)(*q - 'a' + 'A');
		if (strcmp(p, "ALL") == 0) {
			for (i = 0; i < total; i++) {
				if (!r->explicit_op[i])
					r->ops[r->nops++] = (int)i;
				r->explicit_op[i] = 1;
			}
			continue;
		}
		if ((k = dlt_mutop_find(p)) < 0) {
			struct strbuf	sb = STRBUF_INIT;

			for (i = 0; i < total; i++)
				strbuf_addf(&sb, "%s%s", i ? ", " : "",
				    dlt_mutop_at(i)->name);
			rc = dlt_error("unknown operator '%s' (operators: %s)", p,
			    sb.buf);
			strbuf_release(&sb);
			break;
		}
		if (!r->explicit_op[k])
			r->ops[r->nops++] = k;
		r->explicit_op[k] = 1;
	}
	free(copy);
	if (rc == 0 && r->nops == 0)
		rc = dlt_error("no operator in '%s'", arg);
	return (rc);
}

static int
parse_frameworks(struct mrun *r, const char *arg)
{
	char	*copy, *p, *save;
	size_t	 i;

	for (i = 0; i < r->nfw; i++)
		free(r->fw_specs[i]);
	free(r->fw_specs);
	r->fw_specs = NULL;
	r->nfw = 0;
	copy = xstrdup(arg);
	for (p = strtok_r(copy, ",", &save); p != NULL; p = strtok_r(NULL, ",", &save)) {
		r->fw_specs = xreallocarray(r->fw_specs, r->nfw + 1,
		    sizeof *r->fw_specs);
		r->fw_specs[r->nfw++] = xstrdup(p);
	}
	free(copy);
	if (r->nfw == 0)
		return (dlt_error("no framework in '%s'", arg));
	return (0);
}

/* A mutant's seed: from the run's seed, the operator and its index. */
static uint64_t
mutant_seed(uint64_t seed, const char *op, long k)
{
	uint64_t	x;

	x = dlt_hash_str(DLT_HASH_INIT, op) ^ seed;
	x = dlt_splitmix64(&x) ^ (uint64_t)k;
	return (dlt_splitmix64(&x));
}

static char *
mutant_name(const char *model, const char *op, long k)
{
	char	*s, *p;

	s = xasprintf("%s-%s-%04ld", model, op, k);
	for (p = s; *p != '\0'; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	return (s);
}

static void
mrun_release(struct mrun *r)
{
	size_t	i;

	for (i = 0; i < r->nfw; i++) {
		if (r->targets != NULL)
			dlt_target_release(&r->targets[i]);
		if (r->profiles != NULL)
			dlt_profile_free(r->profiles[i]);
		free(r->fw_specs[i]);
	}
	free(r->targets);
	free(r->profiles);
	free(r->fw_specs);
	if (r->stats != NULL)
		for (i = 0; i < dlt_mutop_count(); i++)
			dlt_mutate_stats_release(&r->stats[i]);
	free(r->stats);
	for (i = 0; i < r->nrecs; i++) {
		free(r->recs[i].file);
		free(r->recs[i].position);
		free(r->recs[i].repaired);
	}
	free(r->recs);
	free(r->ops);
	free(r->explicit_op);
	free(r->profile_dirs);
}

static void
print_report(const struct mrun *r, const struct dlt_model *m, FILE *fp)
{
	const struct dlt_mutate_stats	*st;
	size_t				 i, j;
	long				 made = 0;

	for (i = 0; i < r->nops; i++)
		made += r->stats[r->ops[i]].emitted;
	fprintf(fp, "%s: %ld mutant%s in '%s' (%s mode, seed %" PRIu64,
	    m->name, made, made == 1 ? "" : "s", r->outdir,
	    r->mode == DLT_MUTATE_AWARE ? "aware" : "generic", r->seed);
	if (r->mode == DLT_MUTATE_AWARE) {
		fprintf(fp, ", for");
		for (i = 0; i < r->nfw; i++)
			fprintf(fp, "%s %s", i ? "," : "", r->fw_specs[i]);
	}
	fprintf(fp, ")\n");
	fprintf(fp, "%-8s %6s %6s %6s %8s %8s %6s\n", "operator", "asked",
	    "drawn", "made", "repaired", "rejected", "failed");
	for (i = 0; i < r->nops; i++) {
		st = &r->stats[r->ops[i]];
		if (st->not_applicable != NULL && st->requested == 0) {
			fprintf(fp, "%-8s not applicable: %s\n",
			    dlt_mutop_at((size_t)r->ops[i])->name,
			    st->not_applicable);
			continue;
		}
		fprintf(fp, "%-8s %6ld %6ld %6ld %8ld %8ld %6ld\n",
		    dlt_mutop_at((size_t)r->ops[i])->name, st->requested,
		    st->drawn, st->emitted, st->repaired, st->rejected, st->failed);
	}
	for (i = 0; i < r->nops; i++) {
		st = &r->stats[r->ops[i]];
		for (j = 0; j < st->nreasons; j++)
			fprintf(fp, "  %s rejected %ld: %s\n",
			    dlt_mutop_at((size_t)r->ops[i])->name, st->reasons[j].n,
			    st->reasons[j].text);
	}
}

static int
write_report(const struct mrun *r, const struct dlt_model *m)
{
	const struct dlt_mutate_stats	*st;
	struct strbuf			 sb = STRBUF_INIT;
	FILE				*fp;
	size_t				 i, j;
	int				 rc = 0;

	strbuf_addstr(&sb, "{\"model\": ");
	dlt_json_cstr(&sb, m->name);
	strbuf_addstr(&sb, ", \"file\": ");
	dlt_json_cstr(&sb, r->model_path);
	strbuf_addf(&sb, ", \"mode\": \"%s\", \"seed\": %" PRIu64 ", \"n\": %ld",
	    r->mode == DLT_MUTATE_AWARE ? "aware" : "generic", r->seed, r->n);
	strbuf_addstr(&sb, ", \"frameworks\": [");
	for (i = 0; i < r->nfw; i++) {
		if (i > 0)
			strbuf_addstr(&sb, ", ");
		dlt_json_cstr(&sb, r->fw_specs[i]);
	}
	strbuf_addstr(&sb, "],\n \"operators\": [");
	for (i = 0; i < r->nops; i++) {
		st = &r->stats[r->ops[i]];
		strbuf_addf(&sb, "%s\n  {\"operator\": \"%s\", \"requested\": %ld, "
		    "\"drawn\": %ld, \"made\": %ld, \"repaired\": %ld, "
		    "\"rejected\": %ld, \"failed\": %ld, \"not_applicable\": ",
		    i ? "," : "", dlt_mutop_at((size_t)r->ops[i])->name,
		    st->requested, st->drawn, st->emitted, st->repaired,
		    st->rejected, st->failed);
		dlt_json_cstr(&sb, st->requested == 0 ? st->not_applicable : NULL);
		strbuf_addstr(&sb, ", \"reasons\": [");
		for (j = 0; j < st->nreasons; j++) {
			strbuf_addstr(&sb, j ? ", {\"reason\": " : "{\"reason\": ");
			dlt_json_cstr(&sb, st->reasons[j].text);
			strbuf_addf(&sb, ", \"count\": %ld}", st->reasons[j].n);
		}
		strbuf_addstr(&sb, "]}");
	}
	strbuf_addstr(&sb, "],\n \"mutants\": [");
	for (i = 0; i < r->nrecs; i++) {
		strbuf_addstr(&sb, i ? ",\n  {\"file\": " : "\n  {\"file\": ");
		dlt_json_cstr(&sb, r->recs[i].file);
		strbuf_addf(&sb, ", \"operator\": \"%s\", \"seed\": %" PRIu64
		    ", \"position\": ", dlt_mutop_at((size_t)r->recs[i].op)->name,
		    r->recs[i].seed);
		dlt_json_cstr(&sb, r->recs[i].position);
		strbuf_addstr(&sb, ", \"repaired\": ");
		dlt_json_cstr(&sb, r->recs[i].repaired);
		strbuf_addch(&sb, '}');
	}
	strbuf_addstr(&sb, "]}\n");
	if (strcmp(r->report, "-") == 0)
		fp = stdout;
	else if ((fp = fopen(r->report, "w")) == NULL) {
		dlt_error_errno("cannot write '%s'", r->report);
		strbuf_release(&sb);
		return (-1);
	}
	if (fwrite(sb.buf, 1, sb.len, fp) != sb.len)
		rc = -1;
	if (fp != stdout && fclose(fp) != 0)
		rc = -1;
	if (rc != 0)
		dlt_error_errno("cannot write '%s'", r->report);
	strbuf_release(&sb);
	return (rc);
}

static int
cmd_mutate_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct mrun			 r;
	struct dlt_model		 m, mut;
	struct dlt_diags	 probs;
	struct dlt_mutator		 mu;
	struct dlt_mutate_stats		*st;
	char				*name, *path;
	const char			*arg;
	uint64_t			 v, mseed;
	long				 k;
	size_t				 i;
	int				 ch, rc, status = DLT_EXIT_OK, incomplete = 0;
	int				 max_tries = DEFAULT_TRIES;
	struct stat			 sb;

	memset(&r, 0, sizeof r);
	memset(&m, 0, sizeof m);
	memset(&probs, 0, sizeof probs);
	r.mode = DLT_MUTATE_AWARE;
	r.n = 1;
	r.seed = 1;
	r.quiet = ctx->quiet;
	if (parse_ops(&r, "all") != 0 ||
	    parse_frameworks(&r, DEFAULT_FRAMEWORKS) != 0) {
		mrun_release(&r);
		return (DLT_EXIT_INTERNAL);
	}
	for (i = 0; i < dlt_mutop_count(); i++)
		r.explicit_op[i] = 0;
	while ((ch = dlt_cmd_next_option(ctx, &arg)) != -1) {
		switch (ch) {
		case 'n':
			if (parse_u64("-n", arg, &v) != 0 || v < 1 ||
			    v > MAX_MUTANTS) {
				if (v < 1 || v > MAX_MUTANTS)
					dlt_error("-n must be in 1..%d", MAX_MUTANTS);
				goto usage;
			}
			r.n = (long)v;
			break;
		case 'O':
			if (parse_ops(&r, arg) != 0)
				goto usage;
			break;
		case 'M':
			/* the dispatcher checked it against modes[] */
			r.mode = strcmp(arg, "generic") == 0 ?
			    DLT_MUTATE_GENERIC : DLT_MUTATE_AWARE;
			break;
		case 'F':
			if (parse_frameworks(&r, arg) != 0)
				goto usage;
			break;
		case 's':
			if (parse_u64("--seed", arg, &r.seed) != 0)
				goto usage;
			break;
		case 'o':
			r.outdir = arg;
			break;
		case 'R':
			r.report = arg;
			break;
		case 'P':
			r.profile_dirs = xreallocarray(r.profile_dirs,
			    r.nprofile_dirs + 1, sizeof *r.profile_dirs);
			r.profile_dirs[r.nprofile_dirs++] = arg;
			break;
		case 'T':
			if (parse_u64("--max-tries", arg, &v) != 0 || v < 1 ||
			    v > 10000) {
				dlt_error("--max-tries must be in 1..10000");
				goto usage;
			}
			max_tries = (int)v;
			break;
		}
	}
	if (argc == 0) {
		dlt_error("no model given");
		goto usage;
	}
	if (argc > 1) {
		dlt_error("one model at a time ('%s' is extra)", argv[1]);
		goto usage;
	}
	if (r.outdir == NULL) {
		dlt_error("no output directory given (-o DIR)");
		goto usage;
	}
	r.model_path = argv[0];

	/* the profiles: every target is checked even in generic mode */
	r.profiles = xcalloc(r.nfw, sizeof *r.profiles);
	r.targets = xcalloc(r.nfw, sizeof *r.targets);
	for (i = 0; i < r.nfw; i++) {
		if (dlt_target_load(r.fw_specs[i], r.profile_dirs, r.nprofile_dirs,
		    &r.profiles[i], &r.targets[i]) != 0) {
			path = strchr(r.fw_specs[i], '@');
			if (path != NULL)
				*path = '\0';
			path = dlt_profile_path(r.fw_specs[i], r.profile_dirs,
			    r.nprofile_dirs);
			status = path != NULL ? DLT_EXIT_RULES : DLT_EXIT_USAGE;
			free(path);
			goto out;
		}
	}

	/* the model */
	if (dlt_model_load(r.model_path, &m, &probs) != 0 ||
	    dlt_model_infer(&m, &probs) != 0) {
		dlt_diags_print(&probs, stderr);
		if (probs.n == 0)
			dlt_error("cannot load model '%s'", r.model_path);
		status = DLT_EXIT_INPUT;
		goto out;
	}
	if (stat(r.outdir, &sb) != 0) {
		if (mkdir(r.outdir, 0777) != 0) {
			dlt_error_errno("cannot create '%s'", r.outdir);
			status = DLT_EXIT_OUTPUT;
			goto out;
		}
	} else if (!S_ISDIR(sb.st_mode)) {
		dlt_error("'%s' is not a directory", r.outdir);
		status = DLT_EXIT_OUTPUT;
		goto out;
	}

	memset(&mu, 0, sizeof mu);
	mu.parent = &m;
	mu.targets = r.targets;
	mu.ntargets = r.nfw;
	mu.mode = r.mode;
	mu.max_tries = max_tries;
	r.stats = xcalloc(dlt_mutop_count(), sizeof *r.stats);
	for (k = 0; k < r.n && status == DLT_EXIT_OK; k++) {
		for (i = 0; i < r.nops; i++) {
			const char	*opname = dlt_mutop_at((size_t)r.ops[i])->name;

			st = &r.stats[r.ops[i]];
			if (st->not_applicable != NULL && st->requested == 0)
				continue;
			mseed = mutant_seed(r.seed, opname, k);
			memset(&mut, 0, sizeof mut);
			rc = dlt_mutate(&mu, r.ops[i], mseed, &mut, st);
			if (rc != DLT_MUTATE_MADE)
				continue;
			name = mutant_name(m.name, opname, k);
			free(mut.name);
			mut.name = xstrdup(name);
			path = xasprintf("%s/%s.yaml", r.outdir, name);
			if (dlt_model_write_file(&mut, path) != 0) {
				dlt_error_errno("cannot write '%s'", path);
				status = DLT_EXIT_OUTPUT;
			} else {
				XGROW(r.recs, r.nrecs + 1, r.recs_alloc);
				r.recs[r.nrecs].file = xstrdup(path);
				r.recs[r.nrecs].op = r.ops[i];
				r.recs[r.nrecs].seed = mseed;
				r.recs[r.nrecs].position = xstrdup(
				    mut.mutation != NULL ? mut.mutation->position : "");
				r.recs[r.nrecs].repaired =
				    mut.mutation != NULL && mut.mutation->repaired != NULL ?
				    xstrdup(mut.mutation->repaired) : NULL;
				r.nrecs++;
			}
			free(path);
			free(name);
			dlt_model_release(&mut);
			if (status != DLT_EXIT_OK)
				break;
		}
	}
	for (i = 0; i < r.nops; i++) {
		st = &r.stats[r.ops[i]];
		if (st->not_applicable != NULL && st->requested == 0) {
			if (r.explicit_op[r.ops[i]]) {
				dlt_error("%s", st->not_applicable);
				incomplete = 1;
			} else if (!r.quiet)
				dlt_warn("%s", st->not_applicable);
		}
		if (st->failed > 0) {
			dlt_error("%s: %ld of %ld mutant%s of '%s' not made: no "
			    "candidate in %d tries passed every check",
			    dlt_mutop_at((size_t)r.ops[i])->name, st->failed,
			    st->requested, st->requested == 1 ? "" : "s", m.name,
			    max_tries);
			incomplete = 1;
		}
	}
	if (!r.quiet)
		print_report(&r, &m, stdout);
	if (r.report != NULL && write_report(&r, &m) != 0 && status == DLT_EXIT_OK)
		status = DLT_EXIT_OUTPUT;
	if (status == DLT_EXIT_OK && incomplete)
		status = DLT_EXIT_FINDINGS;
out:
	dlt_diags_release(&probs);
	dlt_model_release(&m);
	mrun_release(&r);
	return (status);
usage:
	dlt_cmd_usage(&dlt_cmd_mutate, stderr);
	mrun_release(&r);
	return (DLT_EXIT_USAGE);
}
