/*
 * runner-reduce.c: a failing mutant reduced on its IR; see
 * runner-reduce.h.
 *
 * Each candidate is the current model with one edit, written as JSON and
 * read back with shape inference: what the IR itself rejects is never
 * run.  Layers go in chunks, halving the chunk (ddmin's granularity),
 * from the output end, where most of what a failure does not need sits;
 * then unread inputs; then every input dim is halved while the failure
 * stays.  Rounds repeat while one of them made progress.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "diag.h"
#include "exitcode.h"
#include "model.h"
#include "runner-reduce.h"
#include "runner-repro.h"
#include "strbuf.h"
#include "xmalloc.h"

struct reducer {
	struct dlt_repro		*r;
	struct dlt_ruleset		*rules;
	const struct dlt_reduce_opts	*o;
	struct dlt_reduce_result	*res;
	struct timespec			 start;
	int				 stop;
};

static double	elapsed(const struct reducer *);
static int	load(const char *, struct dlt_model *);
static int	trial(struct reducer *, struct dlt_model *, struct dlt_model *);
static int	reduce_nodes(struct reducer *, struct dlt_model *);
static int	reduce_inputs(struct reducer *, struct dlt_model *);
static int	reduce_shapes(struct reducer *, struct dlt_model *);
static void	dims(struct strbuf *, const struct dlt_shape *);
static void	list_model(const struct dlt_model *, struct strbuf *);

static double
elapsed(const struct reducer *rd)
{
	struct timespec	now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return ((double)(now.tv_sec - rd->start.tv_sec) +
	    (now.tv_nsec - rd->start.tv_nsec) / 1e9);
}

/* Read and infer a model from JSON: 0, or -1 when the IR rejects it. */
static int
load(const char *json, struct dlt_model *m)
{
	struct dlt_diags	d = DLT_DIAGS_INIT;
	int			rc;

	dlt_model_init(m);
	rc = dlt_model_load_buffer("ir", json, strlen(json), m, &d) == 0 &&
	    dlt_model_infer(m, &d) == 0 ? 0 : -1;
	dlt_diags_release(&d);
	if (rc != 0)
		dlt_model_release(m);
	return (rc);
}

/*
 * Run candidate c (edited from the current model): 1 when it still
 * fails with the bucket, and then *cur becomes it (read back from its
 * JSON); 0 when not, or when the IR rejects it (no trial spent); -1 when
 * the reduction must stop (budget, trials, an error).  c is released.
 */
static int
trial(struct reducer *rd, struct dlt_model *cur, struct dlt_model *c)
{
	struct strbuf		 sb = STRBUF_INIT;
	struct dlt_model	 back;
	double			 left;
	int			 rc, keep;

	dlt_model_write_json(c, &sb);
	dlt_model_release(c);
	if (load(sb.buf, &back) != 0) {
		strbuf_release(&sb);
		return (0);
	}
	left = rd->o->budget - elapsed(rd);
	if (left <= 0 || rd->res->trials >= rd->o->max_trials) {
		if (left <= 0)
			rd->res->budget_hit = 1;
		else
			rd->res->trials_hit = 1;
		rd->stop = 1;
		dlt_model_release(&back);
		strbuf_release(&sb);
		return (-1);
	}
	/* one started before the budget ran out runs to its end */
	rd->r->ir_json = sb.buf;
	rc = dlt_repro_rerun(rd->r, rd->rules, rd->o->timeout, rd->o->memory);
	rd->r->ir_json = NULL;
	rd->res->trials++;
	if (rc != DLT_EXIT_OK && rc != DLT_EXIT_FINDINGS) {
		rd->res->error = 1;
		rd->stop = 1;
		dlt_model_release(&back);
		strbuf_release(&sb);
		return (-1);
	}
	keep = rc == DLT_EXIT_OK && rd->r->same_bucket && !rd->r->other;
	if (keep) {
		dlt_model_release(cur);
		*cur = back;
		free(rd->res->ir_json);
		rd->res->ir_json = strbuf_detach(&sb, NULL);
	} else
		dlt_model_release(&back);
	strbuf_release(&sb);
	return (keep);
}

/* Remove chunks of nodes, halving the chunk; whether anything went. */
static int
reduce_nodes(struct reducer *rd, struct dlt_model *cur)
{
	struct dlt_model	 c;
	size_t			 chunk, i, k;
	long			 at;
	int			 rc, progress = 0;

	for (chunk = cur->nnodes / 2; chunk >= 1 && !rd->stop; chunk /= 2) {
		at = (long)cur->nnodes - (long)chunk;
		while (at >= 0 && !rd->stop) {
			if (cur->nnodes <= chunk)
				break;
			dlt_model_clone(&c, cur);
			/* the last first: each reads the one before it */
			for (k = chunk; k > 0; k--) {
				i = (size_t)at + k - 1;
				dlt_model_remove_node(&c, i,
				    c.nodes[i].ninputs > 0 ?
				    c.nodes[i].inputs[0] : NULL);
			}
			if ((rc = trial(rd, cur, &c)) < 0)
				break;
			/* what follows at was tried at this size: go on before */
			progress |= rc;
			at -= (long)chunk;
			if (at > (long)cur->nnodes - (long)chunk)
				at = (long)cur->nnodes - (long)chunk;
		}
	}
	return (progress);
}

/* Drop the inputs no node reads any more. */
static int
reduce_inputs(struct reducer *rd, struct dlt_model *cur)
{
	struct dlt_model	c;
	size_t			i;
	int			rc, progress = 0;

	for (i = cur->ninputs; i > 0 && !rd->stop; i--) {
		dlt_model_clone(&c, cur);
		if (dlt_model_remove_input(&c, i - 1) != 0) {
			dlt_model_release(&c);
			continue;
		}
		if ((rc = trial(rd, cur, &c)) < 0)
			break;
		progress |= rc;
	}
	return (progress);
}

/* Halve each input dim while the model stays valid and fails. */
static int
reduce_shapes(struct reducer *rd, struct dlt_model *cur)
{
	struct dlt_model	c;
	size_t			i;
	int			d, rc, progress = 0;

	for (i = 0; i < cur->ninputs && !rd->stop; i++)
		for (d = 0; d < cur->inputs[i].shape.rank && !rd->stop; d++)
			while (cur->inputs[i].shape.dim[d] > 1 && !rd->stop) {
				dlt_model_clone(&c, cur);
				c.inputs[i].shape.dim[d] =
				    (c.inputs[i].shape.dim[d] + 1) / 2;
				if ((rc = trial(rd, cur, &c)) != 1)
					break;
				progress = 1;
			}
	return (progress);
}

int
dlt_reduce(struct dlt_repro *r, struct dlt_ruleset *rules,
    const struct dlt_reduce_opts *o, struct dlt_reduce_result *res)
{
	struct reducer		 rd;
	struct dlt_model	 cur;
	const char		*ir = r->x.ir_json;
	int			 rc, progress;

	memset(res, 0, sizeof *res);
	memset(&rd, 0, sizeof rd);
	rd.r = r;
	rd.rules = rules;
	rd.o = o;
	rd.res = res;
	clock_gettime(CLOCK_MONOTONIC, &rd.start);
	if (dlt_model_facts_get(ir, &res->before) != 0 || load(ir, &cur) != 0)
		return (-1);
	/* the mutant as recorded, first: nothing to reduce if it passes */
	rc = dlt_repro_rerun(r, rules, o->timeout, o->memory);
	res->trials = 1;
	if (rc != DLT_EXIT_OK || !r->same_bucket || r->other) {
		if (rc != DLT_EXIT_OK && rc != DLT_EXIT_FINDINGS)
			res->error = 1;
		dlt_model_release(&cur);
		res->seconds = elapsed(&rd);
		return (0);
	}
	res->reproduced = 1;
	res->ir_json = xstrdup(ir);
	do {
		progress = reduce_nodes(&rd, &cur);
		progress |= reduce_inputs(&rd, &cur);
		progress |= reduce_shapes(&rd, &cur);
	} while (progress && !rd.stop);
	dlt_model_release(&cur);
	res->seconds = elapsed(&rd);
	if (dlt_model_facts_get(res->ir_json, &res->after) != 0)
		return (-1);
	return (0);
}

void
dlt_reduce_result_release(struct dlt_reduce_result *res)
{
	free(res->ir_json);
	dlt_model_facts_release(&res->before);
	dlt_model_facts_release(&res->after);
	memset(res, 0, sizeof *res);
}

/* 1×3×224×224 */
static void
dims(struct strbuf *sb, const struct dlt_shape *sh)
{
	int	d;

	for (d = 0; d < sh->rank; d++)
		strbuf_addf(sb, "%s%lld", d > 0 ? "\xc3\x97" : "",
		    (long long)sh->dim[d]);
}

/* The model a line an input and a layer, for a reader. */
static void
list_model(const struct dlt_model *m, struct strbuf *sb)
{
	const struct dlt_node	*n;
	const struct dlt_attr	*a;
	size_t			 i, j, k;

	for (i = 0; i < m->ninputs; i++) {
		strbuf_addf(sb, "%s: input %s ", m->inputs[i].name,
		    dlt_dtype_name(m->inputs[i].dtype));
		dims(sb, &m->inputs[i].shape);
		if (m->inputs[i].fill != NULL)
			strbuf_addf(sb, " fill=%s", m->inputs[i].fill);
		strbuf_addch(sb, '\n');
	}
	for (i = 0; i < m->nnodes; i++) {
		n = &m->nodes[i];
		strbuf_addf(sb, "%s = %s(", n->name, n->op);
		for (j = 0; j < n->ninputs; j++)
			strbuf_addf(sb, "%s%s", j > 0 ? ", " : "", n->inputs[j]);
		strbuf_addch(sb, ')');
		for (j = 0; j < n->nattrs; j++) {
			a = &n->attrs[j];
			strbuf_addf(sb, " %s=", a->name);
			switch (a->type) {
			case DLT_ATTR_INT:
				strbuf_addf(sb, "%lld", (long long)a->i);
				break;
			case DLT_ATTR_FLOAT:
				strbuf_addf(sb, "%g", a->f);
				break;
			case DLT_ATTR_BOOL:
				strbuf_addstr(sb, a->i ? "true" : "false");
				break;
			case DLT_ATTR_STRING:
				strbuf_addstr(sb, a->s != NULL ? a->s : "");
				break;
			case DLT_ATTR_INTS:
			case DLT_ATTR_PAIRS:
				strbuf_addch(sb, '[');
				for (k = 0; k < (a->type == DLT_ATTR_PAIRS ?
				    2 * a->n : a->n); k++)
					strbuf_addf(sb, "%s%lld", k > 0 ? ", " : "",
					    (long long)a->v[k]);
				strbuf_addch(sb, ']');
				break;
			}
		}
		if (n->dtype >= 0)
			strbuf_addf(sb, " dtype=%s", dlt_dtype_name(n->dtype));
		if (n->nwmut > 0)
			strbuf_addf(sb, " weights=%s", n->wmut[0].op);
		strbuf_addf(sb, " -> %s ", n->out_dtype >= 0 ?
		    dlt_dtype_name(n->out_dtype) : "?");
		dims(sb, &n->shape);
		strbuf_addch(sb, '\n');
	}
}

int
dlt_model_facts_get(const char *json, struct dlt_model_facts *f)
{
	struct dlt_model	 m;
	const struct dlt_node	*node;
	struct strbuf		 shapes = STRBUF_INIT, dtypes = STRBUF_INIT;
	struct strbuf		 ops = STRBUF_INIT, listing = STRBUF_INIT;
	int64_t			 n;
	size_t			 i, j;
	int			 d;

	memset(f, 0, sizeof *f);
	if (load(json, &m) != 0)
		return (-1);
	f->nodes = m.nnodes;
	f->inputs = m.ninputs;
	f->params = m.params;
	for (i = 0; i < m.ninputs; i++) {
		strbuf_addstr(&shapes, i > 0 ? ", " : "");
		strbuf_addstr(&dtypes, i > 0 ? ", " : "");
		dims(&shapes, &m.inputs[i].shape);
		n = 1;
		for (d = 0; d < m.inputs[i].shape.rank; d++)
			n *= m.inputs[i].shape.dim[d];
		f->elements += n;
		if (m.inputs[i].fill != NULL &&
		    (strcmp(m.inputs[i].fill, "nan") == 0 ||
		    strcmp(m.inputs[i].fill, "inf") == 0))
			f->nonfinite = 1;
		strbuf_addstr(&dtypes, dlt_dtype_name(m.inputs[i].dtype));
	}
	for (i = 0; i < m.nnodes; i++) {
		for (j = 0; j < i; j++)
			if (strcmp(m.nodes[j].op, m.nodes[i].op) == 0)
				break;
		if (j == i)
			strbuf_addf(&ops, "%s%s", ops.len > 0 ? ", " : "",
			    m.nodes[i].op);
	}
	f->last_op = m.nnodes > 0 ? xstrdup(m.nodes[m.nnodes - 1].op) : NULL;
	f->last_dtype = m.nnodes > 0 && m.nodes[m.nnodes - 1].out_dtype >= 0 ?
	    xstrdup(dlt_dtype_name(m.nodes[m.nnodes - 1].out_dtype)) : NULL;
	if (m.mutation != NULL && m.mutation->position != NULL &&
	    (node = dlt_model_node(&m, m.mutation->position, NULL)) != NULL)
		f->mutated_op = xstrdup(node->op);
	list_model(&m, &listing);
	f->listing = strbuf_detach(&listing, NULL);
	f->shapes = strbuf_detach(&shapes, NULL);
	f->dtypes = strbuf_detach(&dtypes, NULL);
	f->ops = strbuf_detach(&ops, NULL);
	dlt_model_release(&m);
	return (0);
}

void
dlt_model_facts_release(struct dlt_model_facts *f)
{
	free(f->shapes);
	free(f->dtypes);
	free(f->ops);
	free(f->last_op);
	free(f->last_dtype);
	free(f->mutated_op);
	free(f->listing);
	memset(f, 0, sizeof *f);
}
