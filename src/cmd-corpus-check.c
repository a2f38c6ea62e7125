/*
 * cmd-corpus-check.c: "dltriage corpus check": load and infer each
 * model of the zoo (or the files and directories given), print its
 * inputs, output shapes and parameter counts, and compare them with the
 * figures the model says were published.  --ops lists the op table.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "command.h"
#include "ctx.h"
#include "datadir.h"
#include "diag.h"
#include "error.h"
#include "exitcode.h"
#include "json.h"
#include "model.h"
#include "strbuf.h"
#include "walk.h"
#include "xmalloc.h"

static int	cmd_corpus_check_exec(struct dlt_ctx *, int, char **);

enum { FORMAT_TABLE, FORMAT_JSON };

static const char *const formats[] = { "table", "json", NULL };

static const struct dlt_option corpus_check_options[] = {
	{ "format", 0, "FORMAT", 'f', "print a table (the default) or JSON",
	    formats, NULL },
	{ "ops", 0, NULL, 'o', "list the op table instead of checking models",
	    NULL, NULL },
	{ "verbose", 'v', NULL, 'v', "print every input and node with its shape too", NULL, NULL },
	{ "write-to", 0, "DIR", 'w',
	    "also write each model that loads into DIR", NULL, NULL },
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_corpus_check = {
	"corpus check",
	"[--format table|json] [-v] [--write-to DIR] [PATH...]\n"
	"       dltriage corpus check --ops [-v]",
	"load models, infer their shapes and check the published figures",
	0, corpus_check_options, cmd_corpus_check_exec, NULL
};

struct check {
	int		 format;
	int		 verbose;
	const char	*write_to;
	const char	*top;		/* the path being walked */
	long		 models, matched, differ, failed, unpublished, unwritten;
	int		 header_done;
};

static int	 is_yaml(const char *);
static int	 file_cb(const char *, void *);
static void	 check_model(struct check *, const char *);
static int	 compare(const struct dlt_model *, struct strbuf *);
static void	 print_inputs(struct strbuf *, const struct dlt_model *);
static void	 print_outputs(struct strbuf *, const struct dlt_model *);
static void	 print_verbose(const struct dlt_model *, const char *);
static void	 json_shape(struct dlt_jw *, const struct dlt_shape *);
static void	 json_model(const struct check *, const struct dlt_model *,
		    const char *, const struct dlt_diags *, int,
		    const char *);
static void	 print_ops(int);
static void	 attr_default(char *, size_t, const struct dlt_attr_spec *);
static const char *kind_name(enum dlt_attr_kind);

static int
is_yaml(const char *path)
{
	size_t	len = strlen(path);

	return ((len > 5 && strcmp(path + len - 5, ".yaml") == 0) ||
	    (len > 4 && strcmp(path + len - 4, ".yml") == 0));
}

static int
file_cb(const char *path, void *arg)
{
	struct check	*c = arg;

	/* in directories only *.yaml; a file named on the command line always */
	if (strcmp(path, c->top) != 0 && !is_yaml(path))
		return (0);
	check_model(c, path);
	return (0);
}

/* 1 when the published figures match (or there are none), 0 when not. */
static int
compare(const struct dlt_model *m, struct strbuf *why)
{
	const struct dlt_shape	*out;
	char			 a[256], b[256];
	int64_t			 got;
	int			 ok = 1;

	if (!m->has_published)
		return (1);
	if (m->pub_params >= 0) {
		got = m->pub_counts_trainable ? m->params_trainable : m->params;
		if (got != m->pub_params) {
			strbuf_addf(why, "%sparams %lld (%s) differ from the published %lld",
			    why->len ? "; " : "", (long long)got,
			    m->pub_counts_trainable ? "trainable" : "all",
			    (long long)m->pub_params);
			ok = 0;
		}
	}
	if (m->pub_output.rank > 0 && m->noutputs > 0 && m->output_idx[0] >= 0) {
		out = &m->nodes[m->output_idx[0]].shape;
		if (out->rank != m->pub_output.rank || memcmp(out->dim,
		    m->pub_output.dim, sizeof out->dim[0] * (size_t)out->rank) != 0) {
			dlt_shape_format(out, a, sizeof a);
			dlt_shape_format(&m->pub_output, b, sizeof b);
			strbuf_addf(why, "%soutput %s differs from the published %s",
			    why->len ? "; " : "", a, b);
			ok = 0;
		}
	}
	return (ok);
}

static void
print_inputs(struct strbuf *sb, const struct dlt_model *m)
{
	char	buf[256];
	size_t	i;

	for (i = 0; i < m->ninputs; i++) {
		dlt_shape_format(&m->inputs[i].shape, buf, sizeof buf);
		strbuf_addf(sb, "%s%s%s %s", i ? ", " : "", m->inputs[i].name, buf,
		    dlt_dtype_name(m->inputs[i].dtype));
	}
}

static void
print_outputs(struct strbuf *sb, const struct dlt_model *m)
{
	char	buf[256];
	size_t	i;

	for (i = 0; i < m->noutputs; i++) {
		if (m->output_idx[i] < 0)
			continue;
		dlt_shape_format(&m->nodes[m->output_idx[i]].shape, buf, sizeof buf);
		strbuf_addf(sb, "%s%s", i ? ", " : "", buf);
	}
}

/* Like Keras's summary: one line per input and node. */
static void
print_verbose(const struct dlt_model *m, const char *path)
{
	const struct dlt_node	*n;
	char			 buf[256], head[300];
	size_t			 i, j;

	printf("model %s (%s)\n", m->name, path);
	printf("  %-36s %-22s %-8s %10s  %s\n", "node (op)", "output shape", "dtype",
	    "params", "inputs");
	for (i = 0; i < m->ninputs; i++) {
		dlt_shape_format(&m->inputs[i].shape, buf, sizeof buf);
		snprintf(head, sizeof head, "%s (input)", m->inputs[i].name);
		printf("  %-36s %-22s %-8s %10d\n", head, buf,
		    dlt_dtype_name(m->inputs[i].dtype), 0);
	}
	for (i = 0; i < m->nnodes; i++) {
		n = &m->nodes[i];
		dlt_shape_format(&n->shape, buf, sizeof buf);
		snprintf(head, sizeof head, "%s (%s)", n->name, n->op);
		printf("  %-36s %-22s %-8s %10lld  ", head, buf,
		    dlt_dtype_name(n->out_dtype), (long long)n->params);
		for (j = 0; j < n->ninputs; j++)
			printf("%s%s", j ? ", " : "", n->inputs[j]);
		putchar('\n');
	}
	printf("  total params: %lld\n  trainable params: %lld\n"
	    "  non-trainable params: %lld\n\n", (long long)m->params,
	    (long long)m->params_trainable,
	    (long long)(m->params - m->params_trainable));
}

static void
json_shape(struct dlt_jw *jw, const struct dlt_shape *s)
{
	int	i;

	dlt_jw_array(jw);
	for (i = 0; i < s->rank; i++)
		dlt_jw_int(jw, (long long)s->dim[i]);
	dlt_jw_end(jw);
}

static void
json_model(const struct check *c, const struct dlt_model *m, const char *path,
    const struct dlt_diags *probs, int match, const char *why)
{
	struct strbuf			 sb = STRBUF_INIT;
	struct dlt_jw			 jw;
	const struct dlt_diag		*p;
	const struct dlt_node		*n;
	size_t				 i, j;

	dlt_jw_init(&jw, &sb, 0);
	dlt_jw_object(&jw);
	dlt_jw_kv_cstr(&jw, "file", path);
	dlt_jw_kv_cstr(&jw, "model", m != NULL ? m->name : NULL);
	dlt_jw_kv_bool(&jw, "ok", probs->n == 0);
	if (m != NULL) {
		dlt_jw_key(&jw, "inputs");
		dlt_jw_array(&jw);
		for (i = 0; i < m->ninputs; i++) {
			dlt_jw_object(&jw);
			dlt_jw_kv_cstr(&jw, "name", m->inputs[i].name);
			dlt_jw_key(&jw, "shape");
			json_shape(&jw, &m->inputs[i].shape);
			dlt_jw_kv_cstr(&jw, "dtype",
			    dlt_dtype_name(m->inputs[i].dtype));
			dlt_jw_end(&jw);
		}
		dlt_jw_end(&jw);
		dlt_jw_key(&jw, "outputs");
		dlt_jw_array(&jw);
		for (i = 0; i < m->noutputs; i++) {
			dlt_jw_object(&jw);
			dlt_jw_kv_cstr(&jw, "name", m->outputs[i]);
			if (probs->n == 0 && m->output_idx[i] >= 0) {
				n = &m->nodes[m->output_idx[i]];
				dlt_jw_key(&jw, "shape");
				json_shape(&jw, &n->shape);
				dlt_jw_kv_cstr(&jw, "dtype",
				    dlt_dtype_name(n->out_dtype));
			}
			dlt_jw_end(&jw);
		}
		dlt_jw_end(&jw);
		if (probs->n == 0) {
			dlt_jw_kv_int(&jw, "params", (long long)m->params);
			dlt_jw_kv_int(&jw, "trainable",
			    (long long)m->params_trainable);
		}
		if (m->has_published) {
			dlt_jw_key(&jw, "published");
			dlt_jw_object(&jw);
			dlt_jw_key(&jw, "params");
			if (m->pub_params >= 0)
				dlt_jw_int(&jw, (long long)m->pub_params);
			else
				dlt_jw_null(&jw);
			dlt_jw_kv_cstr(&jw, "counts", m->pub_counts_trainable ?
			    "trainable" : "all");
			dlt_jw_key(&jw, "output");
			if (m->pub_output.rank > 0)
				json_shape(&jw, &m->pub_output);
			else
				dlt_jw_null(&jw);
			if (probs->n == 0)
				dlt_jw_kv_bool(&jw, "match", match);
			if (why != NULL && *why != '\0')
				dlt_jw_kv_cstr(&jw, "differences", why);
			dlt_jw_end(&jw);
		}
		if (c->verbose && probs->n == 0) {
			dlt_jw_key(&jw, "nodes");
			dlt_jw_array(&jw);
			for (i = 0; i < m->nnodes; i++) {
				n = &m->nodes[i];
				dlt_jw_object(&jw);
				dlt_jw_kv_cstr(&jw, "name", n->name);
				dlt_jw_kv_cstr(&jw, "op", n->op);
				dlt_jw_key(&jw, "inputs");
				dlt_jw_array(&jw);
				for (j = 0; j < n->ninputs; j++)
					dlt_jw_cstr(&jw, n->inputs[j]);
				dlt_jw_end(&jw);
				dlt_jw_key(&jw, "shape");
				json_shape(&jw, &n->shape);
				dlt_jw_kv_cstr(&jw, "dtype",
				    dlt_dtype_name(n->out_dtype));
				dlt_jw_kv_int(&jw, "params", (long long)n->params);
				dlt_jw_kv_int(&jw, "trainable",
				    (long long)n->params_trainable);
				dlt_jw_end(&jw);
			}
			dlt_jw_end(&jw);
		}
	}
	dlt_jw_key(&jw, "problems");
	dlt_jw_array(&jw);
	for (i = 0; i < probs->n; i++) {
		p = &probs->v[i];
		dlt_jw_object(&jw);
		dlt_jw_kv_cstr(&jw, "file", p->file);
		dlt_jw_kv_int(&jw, "line", p->line);
		dlt_jw_kv_int(&jw, "col", p->col);
		dlt_jw_kv_cstr(&jw, "message", p->message);
		dlt_jw_end(&jw);
	}
	dlt_jw_end(&jw);
	dlt_jw_end(&jw);
	strbuf_addch(&sb, '\n');
	fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
}

static void
check_model(struct check *c, const char *path)
{
	struct dlt_model		 m;
	struct dlt_diags	 probs;
	struct strbuf			 why = STRBUF_INIT, ins = STRBUF_INIT;
	struct strbuf			 outs = STRBUF_INIT;
	char				*dst;
	const char			*base, *verdict;
	int				 loaded, match = 1;

	memset(&probs, 0, sizeof probs);
	c->models++;
	loaded = dlt_model_load(path, &m, &probs) == 0;
	if (loaded && c->write_to != NULL) {
		base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
		dst = xasprintf("%s/%s", c->write_to, base);
		if (dlt_model_write_file(&m, dst) != 0)
			c->unwritten++;
		free(dst);
	}
	if (loaded)
		dlt_model_infer(&m, &probs);
	if (probs.n > 0) {
		c->failed++;
		dlt_diags_print(&probs, stderr);
	} else {
		match = compare(&m, &why);
		if (!m.has_published)
			c->unpublished++;
		else if (match)
			c->matched++;
		else
			c->differ++;
	}
	if (c->format == FORMAT_JSON) {
		json_model(c, loaded ? &m : NULL, path, &probs, match, why.buf);
		goto out;
	}
	if (c->verbose && loaded && probs.n == 0)
		print_verbose(&m, path);
	if (!c->header_done) {
		printf("%-22s %-32s %-18s %11s %11s  %s\n", "MODEL", "INPUTS", "OUTPUT",
		    "PARAMS", "TRAINABLE", "PUBLISHED");
		c->header_done = 1;
	}
	if (!loaded) {
		printf("%-22s %-32s %-18s %11s %11s  %s\n", path, "-", "-", "-", "-",
		    "problems");
		goto out;
	}
	print_inputs(&ins, &m);
	if (probs.n > 0) {
		printf("%-22s %-32s %-18s %11s %11s  %s\n", m.name, ins.buf, "-", "-",
		    "-", "problems");
		goto out;
	}
	print_outputs(&outs, &m);
	verdict = !m.has_published ? "-" : match ? "ok" : "DIFFERS";
	printf("%-22s %-32s %-18s %11lld %11lld  %s\n", m.name, ins.buf, outs.buf,
	    (long long)m.params, (long long)m.params_trainable, verdict);
	if (!match)
		printf("  %s: %s\n", m.name, why.buf);
out:
	if (loaded)
		dlt_model_release(&m);
	dlt_diags_release(&probs);
	strbuf_release(&why);
	strbuf_release(&ins);
	strbuf_release(&outs);
}

static const char *
kind_name(enum dlt_attr_kind k)
{
	switch (k) {
	case DLT_AK_INT:
		return ("int");
	case DLT_AK_FLOAT:
		return ("float");
	case DLT_AK_BOOL:
		return ("bool");
	case DLT_AK_STRING:
		return ("string");
	case DLT_AK_INTS:
		return ("ints");
	case DLT_AK_PAIRS:
		return ("pairs");
	case DLT_AK_PADDING:
		return ("padding");
	case DLT_AK_DTYPE:
		return ("dtype");
	}
	return ("?");
}

static void
attr_default(char *buf, size_t len, const struct dlt_attr_spec *sp)
{
	if (sp->required)
		snprintf(buf, len, "required");
	else if (sp->def != NULL)
		snprintf(buf, len, "default %s", sp->def);
	else
		snprintf(buf, len, "optional");
}

/*
 * One line per op: "NAME INPUTS REQUIRED... [OPTIONAL...]"; with -v, one
 * more line per attribute: kind, required or default, allowed values,
 * range and what it is for.
 */
static void
print_ops(int verbose)
{
	const struct dlt_op_info	*op;
	const struct dlt_attr_spec	*sp;
	char				 arity[32], def[64];
	size_t				 i, j, k;
	int				 opt;

	for (i = 0; (op = dlt_op_at(i)) != NULL; i++) {
		if (op->max_inputs < 0)
			snprintf(arity, sizeof arity, "%d+", op->min_inputs);
		else if (op->max_inputs != op->min_inputs)
			snprintf(arity, sizeof arity, "%d-%d", op->min_inputs,
			    op->max_inputs);
		else
			snprintf(arity, sizeof arity, "%d", op->min_inputs);
		printf("%s %s", op->name, arity);
		for (j = 0; j < op->nattrs; j++)
			if (op->attrs[j].required)
				printf(" %s", op->attrs[j].name);
		opt = 0;
		for (j = 0; j < op->nattrs; j++) {
			if (op->attrs[j].required)
				continue;
			printf("%s%s", opt ? " " : " [", op->attrs[j].name);
			opt = 1;
		}
		printf("%s\n", opt ? "]" : "");
		if (!verbose)
			continue;
		printf("    %s\n", op->summary);
		for (j = 0; j < op->nattrs; j++) {
			sp = &op->attrs[j];
			attr_default(def, sizeof def, sp);
			printf("    %-17s %-8s %-16s", sp->name, kind_name(sp->kind), def);
			if (sp->allowed != NULL) {
				for (k = 0; sp->allowed[k] != NULL; k++)
					printf("%s%s", k ? "|" : "", sp->allowed[k]);
				printf(" ");
			}
			printf("%s\n", sp->help);
		}
	}
}

static int
cmd_corpus_check_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct check	 c;
	struct stat	 st;
	unsigned long	 nerrors = 0;
	const char	*arg;
	char		*dir = NULL;
	int		 id, ops = 0, i;

	memset(&c, 0, sizeof c);
	/* the dispatcher checked --format against formats[] */
	while ((id = dlt_cmd_next_option(ctx, &arg)) != -1) {
		switch (id) {
		case 'f':
			c.format = strcmp(arg, "json") == 0 ? FORMAT_JSON :
			    FORMAT_TABLE;
			break;
		case 'o':
			ops = 1;
			break;
		case 'v':
			c.verbose = 1;
			break;
		case 'w':
			c.write_to = arg;
			break;
		}
	}
	if (ops) {
		if (argc > 0 || c.write_to != NULL) {
			dlt_error("--ops takes no models");
			return (DLT_EXIT_USAGE);
		}
		print_ops(c.verbose);
		return (DLT_EXIT_OK);
	}
	if (c.write_to != NULL &&
	    (stat(c.write_to, &st) != 0 || !S_ISDIR(st.st_mode))) {
		dlt_error("cannot write to '%s': %s", c.write_to,
		    errno != 0 && stat(c.write_to, &st) != 0 ? strerror(errno) :
		    "not a directory");
		return (DLT_EXIT_USAGE);
	}
	if (argc == 0) {
		dir = xasprintf("%s/corpus/models", dlt_datadir());
		c.top = dir;
		dlt_walk(dir, file_cb, &c, &nerrors);
	}
	for (i = 0; i < argc; i++) {
		c.top = argv[i];
		if (dlt_walk(argv[i], file_cb, &c, &nerrors) != 0)
			nerrors++;
	}
	free(dir);
	if (c.models == 0 && nerrors == 0) {
		dlt_error("no model file found");
		return (DLT_EXIT_INPUT);
	}
	if (c.format == FORMAT_TABLE)
		printf("%ld model%s: %ld match, %ld differ, %ld without published "
		    "figures, %ld with problems\n", c.models, c.models == 1 ? "" : "s",
		    c.matched, c.differ, c.unpublished, c.failed);
	if (c.failed > 0 || nerrors > 0)
		return (DLT_EXIT_INPUT);
	if (c.unwritten > 0)
		return (DLT_EXIT_OUTPUT);
	if (c.differ > 0)
		return (DLT_EXIT_FINDINGS);
	return (DLT_EXIT_OK);
}
