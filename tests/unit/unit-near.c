/*
 * unit-near.c: unit tests of near-duplicate buckets (near.h) and of the
 * normaliser's trace (bucket.h), linked against libdlt.a; the driver of
 * tests/t3005-near.sh.
 *
 *	unit-near [RULESDIR]
 *		TAP tests; with RULESDIR (the shipped rules/) also those
 *		that need the rule set's normalise and ignore-frames entries
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bucket.h"
#include "diag.h"
#include "near.h"
#include "rules.h"
#include "strbuf.h"
#include "xmalloc.h"
#include "tap.h"

static void	item(struct dlt_near_item *, const char *, const char *,
		    const char *, const char *, const char *, const char *);
static void	test_score(const struct dlt_ruleset *);
static void	test_find(void);
static void	test_many(void);
static void	test_framework(void);
static void	test_trace(const struct dlt_ruleset *);

/* A bucket of pytorch with the frames given as "a b c". */
static void
item(struct dlt_near_item *it, const char *id, const char *cls,
    const char *exc, const char *msg, const char *frames, const char *ops)
{
	char	*s, *p, *save = NULL;

	memset(it, 0, sizeof *it);
	it->id = xstrdup(id);
	it->framework = xstrdup("pytorch");
	it->cls = xstrdup(cls);
	it->kind = xstrdup("uncaught-exception");
	it->exc_type = exc != NULL ? xstrdup(exc) : NULL;
	it->message = xstrdup(msg);
	s = xstrdup(frames);
	for (p = strtok_r(s, " ", &save); p != NULL && it->nframes <
	    DLT_NEAR_FRAMES; p = strtok_r(NULL, " ", &save))
		it->frames[it->nframes++] = xstrdup(p);
	free(s);
	it->operators = ops != NULL ? xstrdup(ops) : NULL;
}

static void
test_score(const struct dlt_ruleset *rs)
{
	struct dlt_near_item	 it[5];
	struct dlt_near_index	*ix;
	struct dlt_near_match	 m;
	size_t			 i;

	item(&it[0], "00000000000000a0", "crash", "RuntimeError",
	    "shape mismatch in layer conv_3: expected 'Float' got 'Half'",
	    "at::conv2d at::_convolution torch::autograd", "LA");
	item(&it[1], "00000000000000a1", "crash", "RuntimeError",
	    "shape mismatch in layer conv_7: expected 'Float' got 'BFloat16'",
	    "at::conv2d at::_convolution torch::autograd", "PM");
	item(&it[2], "00000000000000a2", "crash", "RuntimeError",
	    "CUDA driver version is insufficient for runtime version",
	    "at::conv2d at::_convolution torch::autograd", NULL);
	item(&it[3], "00000000000000a3", "crash", "ValueError",
	    "shape mismatch in layer conv_3: expected 'Float' got 'Half'",
	    "at::conv2d at::_convolution torch::autograd", NULL);
	item(&it[4], "00000000000000a4", "crash", "RuntimeError",
	    "shape mismatch in layer conv_3: expected 'Float' got 'Half'",
	    "at::linear at::addmm", NULL);
	ix = dlt_near_index_new(rs, it, 5);

	dlt_near_score(ix, 0, 1, &m);
	ok(m.score >= DLT_NEAR_THRESHOLD, "another number and dtype: %.3f "
	    ">= threshold", m.score);
	ok(m.message == 1.0 && m.frames == 1.0 && m.same_kind,
	    "message and frames alike once abstracted");
	ok(strstr(m.differs, "'Half' conv_3 vs 'BFloat16' conv_7") != NULL,
	    "differs names the tokens as written "
	    "(%s)", m.differs);
	ok(strstr(m.differs, "operators: LA vs PM") != NULL,
	    "differs names the operators");
	ok(strstr(m.shared, "RuntimeError") != NULL &&
	    strstr(m.shared, "3 of 3 top frames") != NULL, "shared says what "
	    "(%s)", m.shared);
	free(m.shared);
	free(m.differs);

	dlt_near_score(ix, 0, 2, &m);
	ok(m.score < DLT_NEAR_THRESHOLD, "same frames, unrelated message: "
	    "%.3f below", m.score);
	free(m.shared);
	free(m.differs);

	dlt_near_score(ix, 0, 3, &m);
	ok(m.score == 0, "another exception type is another block");
	free(m.shared);
	free(m.differs);

	dlt_near_score(ix, 0, 4, &m);
	ok(m.score < DLT_NEAR_THRESHOLD && m.frames == 0, "same message, "
	    "other frames: %.3f below", m.score);
	free(m.shared);
	free(m.differs);

	dlt_near_score(ix, 1, 0, &m);
	ok(m.score >= DLT_NEAR_THRESHOLD, "the score is symmetric");
	free(m.shared);
	free(m.differs);

	dlt_near_index_free(ix);
	for (i = 0; i < 5; i++)
		dlt_near_item_release(&it[i]);
}

static void
test_find(void)
{
	struct dlt_near_item	 it[4];
	struct dlt_near_index	*ix;
	struct dlt_near_match	*m;
	size_t			 n, i;

	item(&it[0], "0000000000000001", "crash", "RuntimeError",
	    "index 5 is out of bounds for dimension 0 with size 3", "a b c",
	    NULL);
	item(&it[1], "0000000000000002", "crash", "RuntimeError",
	    "index 9 is out of bounds for dimension 1 with size 4", "a b d",
	    NULL);
	item(&it[2], "0000000000000003", "crash", "RuntimeError",
	    "index 9 is out of bounds for dimension 1 with size 4", "a b c",
	    NULL);
	item(&it[3], "0000000000000004", "oom", NULL, "out of memory", "",
	    NULL);
	ix = dlt_near_index_new(NULL, it, 4);
	dlt_near_find(ix, 0, DLT_NEAR_THRESHOLD, &m, &n);
	ok(n == 2, "two near 0 (%zu)", n);
	ok(n == 2 && m[0].b == 2 && m[1].b == 1 && m[0].score > m[1].score,
	    "best first");
	ok(n == 2 && m[0].a == 0, "a is the item asked about");
	dlt_near_matches_free(m, n);
	dlt_near_find(ix, 3, 0.0, &m, &n);
	ok(n == 0 && m == NULL, "alone in its block");
	dlt_near_find(ix, 99, 0.0, &m, &n);
	ok(n == 0, "out of range: nothing");
	dlt_near_find_all(ix, DLT_NEAR_THRESHOLD, &m, &n);
	ok(n == 3, "three pairs in all (%zu)", n);
	for (i = 0; i < n; i++)
		ok(m[i].a < m[i].b, "pair %zu ordered", i);
	dlt_near_matches_free(m, n);
	dlt_near_index_free(ix);
	for (i = 0; i < 4; i++)
		dlt_near_item_release(&it[i]);
	ix = dlt_near_index_new(NULL, NULL, 0);
	dlt_near_find_all(ix, 0.0, &m, &n);
	ok(n == 0, "an empty index");
	dlt_near_index_free(ix);
}

/* 10^4 buckets in a few blocks: blocking keeps it quick. */
/* The same bucket in JAX, in a log that names no framework, in PyTorch. */
static void
test_framework(void)
{
	static const char *const fws[] = { "jax", "unknown", "pytorch" };
	struct dlt_near_item	 it[3];
	struct dlt_near_index	*ix;
	struct dlt_near_match	 m, *all = NULL;
	size_t			 i, n = 0;

	for (i = 0; i < 3; i++) {
		item(&it[i], i == 0 ? "00000000000000c0" : i == 1 ?
		    "00000000000000c1" : "00000000000000c2", "crash", NULL,
		    "SIGBUS", "", NULL);
		free(it[i].framework);
		it[i].framework = xstrdup(fws[i]);
	}
	ix = dlt_near_index_new(NULL, it, 3);
	for (i = 1; i < 3; i++) {
		dlt_near_score(ix, 0, i, &m);
		if (i == 1) {
			ok(m.score >= DLT_NEAR_THRESHOLD, "a known framework and "
			    "an unknown one may be one defect: %.3f", m.score);
			ok(strstr(m.differs, "framework: jax vs unknown") != NULL,
			    "differs names the frameworks (%s)", m.differs);
		} else
			ok(m.score == 0, "two known frameworks are never one defect");
		free(m.shared);
		free(m.differs);
	}
	dlt_near_find_all(ix, DLT_NEAR_THRESHOLD, &all, &n);
	ok(n == 2, "two pairs proposed of the three (%zu)", n);
	for (i = 0; i < n; i++) {
		ok(all[i].a == 1 || all[i].b == 1, "pair %zu holds the unknown "
		    "framework's bucket", i);
	}
	dlt_near_matches_free(all, n);
	dlt_near_index_free(ix);
	for (i = 0; i < 3; i++)
		dlt_near_item_release(&it[i]);
}

static void
test_many(void)
{
	struct dlt_near_item	*it;
	struct dlt_near_index	*ix;
	struct dlt_near_match	*m;
	char			 id[17], msg[128], fr[64];
	static const char *const exc[] = { "RuntimeError", "ValueError",
	    "TypeError", "IndexError", "KeyError", "AssertionError" };
	size_t			 n = 10000, i, nm;
	clock_t			 t0;
	double			 secs;

	it = xcalloc(n, sizeof *it);
	for (i = 0; i < n; i++) {
		snprintf(id, sizeof id, "%016zx", i);
		snprintf(msg, sizeof msg, "error %zu in op_%zu of kind k%zu",
		    i, i % 97, i % 13);
		snprintf(fr, sizeof fr, "f%zu g%zu h", i % 50, i % 7);
		item(&it[i], id, "crash", exc[i % 6], msg, fr, NULL);
		free(it[i].framework);
		it[i].framework = xstrdup(i % 2 ? "pytorch" : "tensorflow");
	}
	t0 = clock();
	ix = dlt_near_index_new(NULL, it, n);
	dlt_near_find_all(ix, DLT_NEAR_THRESHOLD, &m, &nm);
	secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	ok(nm > 0, "10^4 buckets: %zu pairs proposed in %.2fs", nm, secs);
	dlt_near_matches_free(m, nm);
	dlt_near_index_free(ix);
	for (i = 0; i < n; i++)
		dlt_near_item_release(&it[i]);
	free(it);
}

static void
test_trace(const struct dlt_ruleset *rs)
{
	struct dlt_norm_trace	 tr = DLT_NORM_TRACE_INIT;
	const char		*in = "segfault at 0x7f3a12 in pid 4242, size 17";
	char			*out, *plain;
	size_t			 i;
	int			 hex = 0, num = 0;

	out = dlt_normalise_trace(rs, in, strlen(in), &tr);
	plain = dlt_normalise(rs, in, strlen(in));
	is(out, plain, "the trace normalises as dlt_normalise does");
	for (i = 0; i < tr.nsteps; i++) {
		if (strcmp(tr.steps[i].id, "norm-hex") == 0 &&
		    tr.steps[i].nexamples > 0 &&
		    strcmp(tr.steps[i].from[0], "0x7f3a12") == 0 &&
		    strcmp(tr.steps[i].to[0], "0xADDR") == 0)
			hex = 1;
		if (strcmp(tr.steps[i].id, "norm-number") == 0)
			num = (int)tr.steps[i].count;
	}
	ok(hex, "the address replaced, by norm-hex");
	ok(num >= 1, "numbers replaced by norm-number (%d)", num);
	free(out);
	dlt_norm_trace_release(&tr);
	out = dlt_normalise_trace(rs, "no change here", 14, &tr);
	ok(tr.nsteps == 0 && strcmp(out, "no change here") == 0,
	    "nothing to replace: no step");
	free(out);
	free(plain);
	dlt_norm_trace_release(&tr);
}

int
main(int argc, char **argv)
{
	struct dlt_ruleset	rs;
	struct dlt_diags	d;
	const char		*paths[1];

	test_score(NULL);
	test_find();
	test_many();
	test_framework();
	if (argc > 1) {
		memset(&rs, 0, sizeof rs);
		dlt_diags_init(&d);
		paths[0] = argv[1];
		if (dlt_ruleset_load(&rs, paths, 1, &d) != 0) {
			ok(0, "load the rules in %s", argv[1]);
		} else {
			test_score(&rs);
			test_trace(&rs);
		}
		dlt_ruleset_release(&rs);
		dlt_diags_release(&d);
	} else
		skip("the rule set's normalise entries", "no rules directory");
	return (tap_done());
}
