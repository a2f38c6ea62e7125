/* bucket.c: bucket ids, normalisation and the set of distinct ids; see bucket.h. */
#include <stdlib.h>
#include <string.h>

#include "bucket.h"
#include "failure.h"
#include "hash.h"
#include "regex.h"
#include "rules.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"

static void	trace_replaced(const char *, size_t, const char *, size_t,
		    void *);
static void	set_grow(struct dlt_bucket_set *);
static int	set_insert(struct dlt_bucket_set *, uint64_t);

uint64_t
dlt_bucket_id(const struct dlt_ruleset *rs, const struct dlt_failure *f)
{
	uint64_t	 h = DLT_HASH_INIT;
	char		*norm;
	size_t		 i;

	h = dlt_hash_str(h, f->framework);
	h = dlt_hash_str(h, dlt_class_name(f->cls));
	h = dlt_hash_str(h, f->kind);
	if (f->bucket_key != NULL) {
		/*
		 * The rule says what names the defect: where it was reached
		 * from (the frames, the title's "in TOP") and how it surfaced
		 * (a Python exception or C++'s terminate) are not part of it.
		 */
		norm = dlt_normalise(rs, f->bucket_key, strlen(f->bucket_key));
		h = dlt_hash_str(h, "bucket:");
		h = dlt_hash_str(h, norm);
		free(norm);
		return (h);
	}
	h = dlt_hash_str(h, f->exc_type);
	norm = dlt_normalise(rs, f->signature, strlen(f->signature));
	h = dlt_hash_str(h, norm);
	free(norm);
	for (i = 0; i < f->nframes && i < 3; i++) {
		norm = dlt_normalise(rs, f->frames[i], strlen(f->frames[i]));
		h = dlt_hash_str(h, norm);
		free(norm);
	}
	return (h);
}

const char *
dlt_bucket_hex(uint64_t id, char out[DLT_BUCKET_HEXLEN + 1])
{
	dlt_hash_hex(id, out);
	return (out);
}

int
dlt_bucket_parse(const char *s, uint64_t *id)
{
	uint64_t	v = 0;
	size_t		i;
	int		d;

	for (i = 0; i < DLT_BUCKET_HEXLEN; i++) {
		if (s[i] >= '0' && s[i] <= '9')
			d = s[i] - '0';
		else if (s[i] >= 'a' && s[i] <= 'f')
			d = s[i] - 'a' + 10;
		else if (s[i] >= 'A' && s[i] <= 'F')
			d = s[i] - 'A' + 10;
		else
			return (-1);
		v = (v << 4) | (uint64_t)d;
	}
	if (s[i] != '\0')
		return (-1);
	*id = v;
	return (0);
}

char *
dlt_normalise(const struct dlt_ruleset *rs, const char *s, size_t len)
{
	return (dlt_normalise_trace(rs, s, len, NULL));
}

/* A replacement made by the entry being traced: count it, keep a few. */
static void
trace_replaced(const char *match, size_t mlen, const char *with, size_t wlen,
    void *arg)
{
	struct dlt_norm_step	*st = arg;

	if (mlen == wlen && memcmp(match, with, mlen) == 0)
		return;
	st->count++;
	if (st->nexamples < DLT_NORM_EXAMPLES) {
		st->from[st->nexamples] = xstrndup(match, mlen);
		st->to[st->nexamples] = xstrndup(with, wlen);
		st->nexamples++;
	}
}

char *
dlt_normalise_trace(const struct dlt_ruleset *rs, const char *s, size_t len,
    struct dlt_norm_trace *trace)
{
	struct strbuf		a = STRBUF_INIT, b = STRBUF_INIT, tmp;
	struct dlt_norm_step	step;
	size_t			i;

	strbuf_add(&a, s, len);
	for (i = 0; i < rs->nnormalise; i++) {
		strbuf_reset(&b);
		memset(&step, 0, sizeof step);
		step.id = rs->normalise[i].c.id;
		dlt_rx_replace_each(rs->normalise[i].match, a.buf, a.len,
		    rs->normalise[i].replace, &b,
		    trace != NULL ? trace_replaced : NULL, &step);
		if (step.count > 0) {
			XGROW(trace->steps, trace->nsteps + 1, trace->alloc);
			trace->steps[trace->nsteps++] = step;
		}
		tmp = a;
		a = b;
		b = tmp;
	}
	strbuf_release(&b);
	return (strbuf_detach(&a, NULL));
}

void
dlt_norm_trace_release(struct dlt_norm_trace *trace)
{
	size_t	i, j;

	for (i = 0; i < trace->nsteps; i++) {
		for (j = 0; j < trace->steps[i].nexamples; j++) {
			free(trace->steps[i].from[j]);
			free(trace->steps[i].to[j]);
		}
	}
	free(trace->steps);
	memset(trace, 0, sizeof *trace);
}

char *
dlt_normalise_one(const struct dlt_ruleset *rs, size_t i, const char *s, size_t len)
{
	struct strbuf	out = STRBUF_INIT;

	if (i >= rs->nnormalise)
		return (xstrndup(s, len));
	dlt_rx_replace_all(rs->normalise[i].match, s, len, rs->normalise[i].replace, &out);
	return (strbuf_detach(&out, NULL));
}

void
dlt_bucket_set_init(struct dlt_bucket_set *set)
{
	memset(set, 0, sizeof *set);
}

void
dlt_bucket_set_release(struct dlt_bucket_set *set)
{
	free(set->slots);
	dlt_bucket_set_init(set);
}

/* Insert a non-zero id into a table with room; 1 when it was new. */
static int
set_insert(struct dlt_bucket_set *set, uint64_t id)
{
	size_t	mask = set->nslots - 1, i;

	for (i = id & mask; set->slots[i] != 0; i = (i + 1) & mask)
		if (set->slots[i] == id)
			return (0);
	set->slots[i] = id;
	return (1);
}

/* Keep the table at most half full. */
static void
set_grow(struct dlt_bucket_set *set)
{
	uint64_t	*old = set->slots;
	size_t		 n = set->nslots, i;

	set->nslots = n != 0 ? n * 2 : 1024;
	set->slots = xcalloc(set->nslots, sizeof *set->slots);
	for (i = 0; i < n; i++)
		if (old[i] != 0)
			set_insert(set, old[i]);
	free(old);
}

int
dlt_bucket_set_add(struct dlt_bucket_set *set, uint64_t id)
{
	if (id == 0) {
		if (set->has_zero)
			return (0);
		set->has_zero = 1;
		set->count++;
		return (1);
	}
	if ((set->count + 1) * 2 > set->nslots)
		set_grow(set);
	if (!set_insert(set, id))
		return (0);
	set->count++;
	return (1);
}
