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
static int	check_args(int, char **);

static const char *const modes[] = { "aware", "generic", "probe", NULL };

static const struct dlt_option mutate_options[] = {
	{ NULL, 'n', "N", 'n', "make N mutants of each operator (default 1)",
	    NULL, NULL },
	{ "ops", 0, "LIST", 'O', "the operators to apply (default all)", NULL, NULL },
	{ "mode", 0, "MODE", 'M', "aware (the default), generic or probe "
	    "mutation", modes, NULL },
	{ "probe-validation", 0, NULL, 'V', "--mode probe: mutants that a "
	    "profile rejects, to see whether the framework does", NULL, NULL },
	{ "frameworks", 0, "LIST", 'F', "the target frameworks, NAME[@RELEASE],...",
	    NULL, NULL },
	{ "seed", 0, "S", 's', "the seed of the run (default 1)", NULL, NULL },
	{ "max-tries", 0, "N", 'T',
	    "tries per mutant before giving up (default 20)",
	    NULL, NULL },
	{ "profiles", 0, "DIR", 'P', "look for profiles in DIR first; repeatable",
	    NULL, NULL },
	{ "output", 'o', "DIR", 'o', "write the mutants into DIR", NULL, NULL },
	{ "report", 0, "FILE", 'R', "also write the report as JSON to FILE",
	    NULL, NULL },
	DLT_OPTION_QUIET("print neither the table nor the warnings"),
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_mutate = {
	"mutate",
	"MODEL [-n N] [--ops LIST] [--mode aware|generic|probe] [--probe-validation]\n"
	"       [--frameworks LIST] [--seed S] [--max-tries N] [--profiles DIR] [--report FILE] [-q] -o DIR",
	"make framework-aware mutants of a model",
	0, mutate_options, cmd_mutate_exec, check_args
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
	const struct dlt_mutate_stats *stats;	/* per operator (borrowed) */
	struct mutant_rec	 *recs;
	size_t			  nrecs, recs_alloc;
};

static int	parse_ops(struct mrun *, const char *);
static int	parse_frameworks(struct mrun *, const char *);
static int	parse_u64(const char *, const char *, uint64_t *);
static int	record_mutant(const struct dlt_mutant *, void *);
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
		r->fw_specs[r->nfw++] = dlt_target_canonical(p);
	}
	free(copy);
	if (r->nfw == 0)
		return (dlt_error("no framework in '%s'", arg));
	return (0);
}

/* Note a mutant for the report. */
static int
record_mutant(const struct dlt_mutant *mt, void *arg)
{
	struct mrun			*r = arg;
	const struct dlt_mutation_info	*mi = mt->model->mutation;
	struct mutant_rec		*rec;

	XGROW(r->recs, r->nrecs + 1, r->recs_alloc);
	rec = &r->recs[r->nrecs++];
	rec->file = xstrdup(mt->path);
	rec->op = mt->op;
	rec->seed = mt->seed;
	rec->position = xstrdup(mi != NULL ? mi->position : "");
	rec->repaired = mi != NULL && mi->repaired != NULL ?
	    xstrdup(mi->repaired) : NULL;
	return (0);
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
	    dlt_mutate_mode_name(r->mode), r->seed);
	if (r->mode != DLT_MUTATE_GENERIC) {
		fprintf(fp, ", for");
		for (i = 0; i < r->nfw; i++)
			fprintf(fp, "%s %s", i ? "," : "", r->fw_specs[i]);
	}
	fprintf(fp, ")\n");
	fprintf(fp, "%-11s %6s %6s %6s %8s %8s %6s\n", "operator", "asked",
	    "drawn", "made", "repaired", "rejected", "failed");
	for (i = 0; i < r->nops; i++) {
		st = &r->stats[r->ops[i]];
		if (st->not_applicable != NULL && st->requested == 0) {
			fprintf(fp, "%-11s not applicable: %s\n",
			    dlt_mutop_at((size_t)r->ops[i])->name,
			    st->not_applicable);
			continue;
		}
		fprintf(fp, "%-11s %6ld %6ld %6ld %8ld %8ld %6ld\n",
		    dlt_mutop_at((size_t)r->ops[i])->name, st->requested,
		    st->drawn, st->emitted, st->repaired, st->rejected, st->failed);
	}
	for (i = 0; i < r->nops; i++) {
		st = &r->stats[r->ops[i]];
		for (j = 0; j < st->nreasons; j++)
			fprintf(fp, "  %s rejected %ld: %s\n",
			    dlt_mutop_at((size_t)r->ops[i])->name, st->reasons[j].n,
			    st->reasons[j].text);
		if (st->duplicates > 0)
			fprintf(fp, "  %s not made %ld: each of %d draws made an "
			    "earlier mutant or the seed again\n",
			    dlt_mutop_at((size_t)r->ops[i])->name, st->duplicates,
			    DLT_CAMPAIGN_REDRAWS);
	}
}

static int
write_report(const struct mrun *r, const struct dlt_model *m)
{
	const struct dlt_mutate_stats	*st;
	struct strbuf			 sb = STRBUF_INIT;
	struct dlt_jw			 jw;
	FILE				*fp;
	size_t				 i, j;
	int				 rc = 0;

	dlt_jw_init(&jw, &sb, DLT_JW_SPACED);
	dlt_jw_object(&jw);
	dlt_jw_kv_cstr(&jw, "model", m->name);
	dlt_jw_kv_cstr(&jw, "file", r->model_path);
	dlt_jw_kv_cstr(&jw, "mode", dlt_mutate_mode_name(r->mode));
	dlt_jw_kv_uint(&jw, "seed", r->seed);
	dlt_jw_kv_int(&jw, "n", r->n);
	dlt_jw_key(&jw, "frameworks");
	dlt_jw_array(&jw);
	for (i = 0; i < r->nfw; i++)
		dlt_jw_cstr(&jw, r->fw_specs[i]);
	dlt_jw_end(&jw);
	dlt_jw_break(&jw, 1);
	dlt_jw_key(&jw, "operators");
	dlt_jw_array(&jw);
	for (i = 0; i < r->nops; i++) {
		st = &r->stats[r->ops[i]];
		dlt_jw_break(&jw, 2);
		dlt_jw_object(&jw);
		dlt_jw_kv_cstr(&jw, "operator",
		    dlt_mutop_at((size_t)r->ops[i])->name);
		dlt_jw_kv_int(&jw, "requested", st->requested);
		dlt_jw_kv_int(&jw, "drawn", st->drawn);
		dlt_jw_kv_int(&jw, "made", st->emitted);
		dlt_jw_kv_int(&jw, "repaired", st->repaired);
		dlt_jw_kv_int(&jw, "rejected", st->rejected);
		dlt_jw_kv_int(&jw, "failed", st->failed);
		dlt_jw_kv_int(&jw, "duplicates", st->duplicates);
		dlt_jw_kv_cstr(&jw, "not_applicable", st->requested == 0 ?
		    st->not_applicable : NULL);
		dlt_jw_key(&jw, "reasons");
		dlt_jw_array(&jw);
		for (j = 0; j < st->nreasons; j++) {
			dlt_jw_object(&jw);
			dlt_jw_kv_cstr(&jw, "reason", st->reasons[j].text);
			dlt_jw_kv_int(&jw, "count", st->reasons[j].n);
			dlt_jw_end(&jw);
		}
		dlt_jw_end(&jw);
		dlt_jw_end(&jw);
	}
	dlt_jw_end(&jw);
	dlt_jw_break(&jw, 1);
	dlt_jw_key(&jw, "mutants");
	dlt_jw_array(&jw);
	for (i = 0; i < r->nrecs; i++) {
		dlt_jw_break(&jw, 2);
		dlt_jw_object(&jw);
		dlt_jw_kv_cstr(&jw, "file", r->recs[i].file);
		dlt_jw_kv_cstr(&jw, "operator",
		    dlt_mutop_at((size_t)r->recs[i].op)->name);
		dlt_jw_kv_uint(&jw, "seed", r->recs[i].seed);
		dlt_jw_kv_cstr(&jw, "position", r->recs[i].position);
		dlt_jw_kv_cstr(&jw, "repaired", r->recs[i].repaired);
		dlt_jw_end(&jw);
	}
	dlt_jw_end(&jw);
	dlt_jw_end(&jw);
	strbuf_addch(&sb, '\n');
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
check_args(int argc, char **argv)
{
	if (argc == 0)
		return (dlt_error("no model given"));
	if (argc > 1)
		return (dlt_error("one model at a time ('%s' is extra)", argv[1]));
	return (0);
}

static int
cmd_mutate_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct mrun			 r;
	struct dlt_model		 m;
	struct dlt_diags		 probs;
	struct dlt_campaign		 c;
	const struct dlt_mutate_stats	*st;
	char				*path;
	const char			*arg;
	uint64_t			 v;
	size_t				 i;
	int				 ch, status = DLT_EXIT_OK, incomplete = 0;
	int				 max_tries = DEFAULT_TRIES;
	struct stat			 sb;

	memset(&r, 0, sizeof r);
	memset(&m, 0, sizeof m);
	memset(&probs, 0, sizeof probs);
	dlt_campaign_init(&c);
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
			r.mode = (enum dlt_mutate_mode)dlt_mutate_mode_find(arg);
			break;
		case 'V':
			r.mode = DLT_MUTATE_PROBE;
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

	c.mu.parent = &m;
	c.mu.targets = r.targets;
	c.mu.ntargets = r.nfw;
	c.mu.mode = r.mode;
	c.mu.max_tries = max_tries;
	c.ops = r.ops;
	c.nops = r.nops;
	c.n = r.n;
	c.seed = r.seed;
	c.outdir = r.outdir;
	c.fn = record_mutant;
	c.arg = &r;
	if (dlt_campaign_run(&c) != 0)
		status = DLT_EXIT_OUTPUT;
	r.stats = c.stats;
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
	dlt_campaign_release(&c);
	dlt_diags_release(&probs);
	dlt_model_release(&m);
	mrun_release(&r);
	return (status);
usage:
	dlt_cmd_usage(&dlt_cmd_mutate, stderr);
	mrun_release(&r);
	return (DLT_EXIT_USAGE);
}
