/* mutate-campaign.c: n mutants per operator of a model, written out. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "hash.h"
#include "model.h"
#include "mutate.h"
#include "strbuf.h"
#include "xmalloc.h"

static int	campaign_one(struct dlt_campaign *, int, long);

void
dlt_campaign_init(struct dlt_campaign *c)
{
	memset(c, 0, sizeof *c);
	c->n = 1;
	c->seed = 1;
}

void
dlt_campaign_release(struct dlt_campaign *c)
{
	size_t	i;

	if (c->stats != NULL)
		for (i = 0; i < dlt_mutop_count(); i++)
			dlt_mutate_stats_release(&c->stats[i]);
	free(c->stats);
	c->stats = NULL;
	free(c->made);
	c->made = NULL;
	c->nmade = c->made_alloc = 0;
}

/* A mutant's seed: from the campaign's seed, the operator and its index. */
uint64_t
dlt_campaign_seed(uint64_t seed, const char *op, long k)
{
	uint64_t	x;

	x = dlt_hash_str(DLT_HASH_INIT, op) ^ seed;
	x = dlt_splitmix64(&x) ^ (uint64_t)k;
	return (dlt_splitmix64(&x));
}

uint64_t
dlt_campaign_shape_hash(const struct dlt_model *m)
{
	struct dlt_model	 t = *m;
	struct strbuf		 sb = STRBUF_INIT;
	uint64_t		 h;

	t.name = (char *)"m";
	t.description = NULL;
	t.source = NULL;
	t.seed = 0;
	t.mutation = NULL;
	dlt_model_write_json(&t, &sb);
	h = dlt_hash(DLT_HASH_INIT, sb.buf, sb.len);
	strbuf_release(&sb);
	return (h);
}

/* 1 when this key (shape and operator) was made already; else remember it. */
static int
campaign_seen(struct dlt_campaign *c, uint64_t h)
{
	size_t	i;

	for (i = 0; i < c->nmade; i++)
		if (c->made[i] == h)
			return (1);
	XGROW(c->made, c->nmade + 1, c->made_alloc);
	c->made[c->nmade++] = h;
	return (0);
}

char *
dlt_campaign_name(const char *parent, const char *op, long k)
{
	char	*s, *p;

	s = xasprintf("%s-%s-%04ld", parent, op, k);
	for (p = s; *p != '\0'; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	return (s);
}

/* Mutant k of operator op: 0, or -1 to stop. */
static int
campaign_one(struct dlt_campaign *c, int op, long k)
{
	struct dlt_mutate_stats	*st = &c->stats[op];
	struct dlt_model	 mut;
	struct dlt_mutant	 mt;
	const char		*opname = dlt_mutop_at((size_t)op)->name;
	char			*name, *path = NULL;
	uint64_t		 h;
	int			 rc = 0, draw;

	if (st->not_applicable != NULL && st->requested == 0)
		return (0);
	memset(&mt, 0, sizeof mt);
	mt.op = op;
	mt.k = k;
	for (draw = 0;; draw++) {
		/* draw 0 keeps the seed of campaigns made before redraws */
		mt.seed = dlt_campaign_seed(c->seed, opname, k);
		if (draw > 0)
			mt.seed = dlt_campaign_seed(mt.seed, opname, draw);
		memset(&mut, 0, sizeof mut);
		if (dlt_mutate(&c->mu, op, mt.seed, &mut, st) !=
		    DLT_MUTATE_MADE)
			return (0);
		h = dlt_campaign_shape_hash(&mut);
		if (h != c->seed_hash && !campaign_seen(c,
		    dlt_hash_str(h, opname)))
			break;
		/* not a mutant made: a draw of the same one */
		st->requested--;
		st->emitted--;
		if (mut.mutation != NULL && mut.mutation->repaired != NULL)
			st->repaired--;
		dlt_model_release(&mut);
		if (draw + 1 >= DLT_CAMPAIGN_REDRAWS) {
			st->requested++;
			st->duplicates++;
			return (0);
		}
	}
	name = dlt_campaign_name(c->mu.parent->name, opname, k);
	free(mut.name);
	mut.name = xstrdup(name);
	if (c->outdir != NULL) {
		path = xasprintf("%s/%s.yaml", c->outdir, name);
		if (dlt_model_write_file(&mut, path) != 0)
			rc = dlt_error_errno("cannot write '%s'", path);
	}
	if (rc == 0 && c->fn != NULL) {
		mt.model = &mut;
		mt.path = path;
		if (c->fn(&mt, c->arg) != 0)
			rc = -1;
	}
	free(path);
	free(name);
	dlt_model_release(&mut);
	return (rc);
}

int
dlt_campaign_run(struct dlt_campaign *c)
{
	size_t	i;
	long	k;

	dlt_campaign_release(c);
	c->stats = xcalloc(dlt_mutop_count(), sizeof *c->stats);
	/* a mutant that computes what its seed does is no mutant either */
	c->seed_hash = dlt_campaign_shape_hash(c->mu.parent);
	for (k = 0; k < c->n; k++)
		for (i = 0; i < c->nops; i++)
			if (campaign_one(c, c->ops[i], k) != 0)
				return (-1);
	return (0);
}
