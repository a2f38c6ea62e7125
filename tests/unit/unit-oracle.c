/*
 * unit-oracle.c: unit tests of the .npy reader, the output oracles and
 * their settings file, and the model IR as JSON, linked against
 * libdlt.a.  Prints TAP.  With arguments it is a tool for the shell
 * tests instead:
 *
 *	unit-oracle npy FILE...		print each array: dtype, shape, values
 *	unit-oracle ir-json MODEL...	print each model's IR as JSON
 *	unit-oracle ir-yaml MODEL...	print each model's IR as YAML
 *	unit-oracle samples FILE	check an oracle settings file's samples
 */
#include <glob.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "json.h"
#include "model.h"
#include "npy.h"
#include "oracle.h"
#include "strbuf.h"
#include "xmalloc.h"
#include "tap.h"


static void	npy_header(struct strbuf *, int, const char *, size_t);
static char	*npy_error(const void *, size_t);
static void	test_npy_good(void);
static void	test_npy_hostile(void);
static int	run(const struct dlt_oracle_cfg *, int, const struct dlt_outputs *,
		    size_t, struct dlt_oracle_result *, const char *);
static void	test_oracle(void);
static void	test_cfg(void);
static void	test_ir_json(void);
static int	tool_npy(int, char **);
static int	tool_ir(int, char **, int);
static int	tool_samples(const char *);

/* Magic, version, header length and the dictionary padded with spaces. */
static void
npy_header(struct strbuf *sb, int major, const char *dict, size_t pad)
{
	size_t	len = strlen(dict) + pad + 1;

	strbuf_add(sb, "\x93NUMPY", 6);
	strbuf_addch(sb, major);
	strbuf_addch(sb, 0);
	strbuf_addch(sb, (int)(len & 0xff));
	strbuf_addch(sb, (int)((len >> 8) & 0xff));
	if (major >= 2) {
		strbuf_addch(sb, 0);
		strbuf_addch(sb, 0);
	}
	strbuf_addstr(sb, dict);
	while (pad-- > 0)
		strbuf_addch(sb, ' ');
	strbuf_addch(sb, '\n');
}

/* The one problem of a file that must not parse, or NULL. */
static char *
npy_error(const void *buf, size_t len)
{
	struct dlt_diags	ds = DLT_DIAGS_INIT;
	struct dlt_npy		a;
	char			*msg = NULL;

	if (dlt_npy_parse(&a, "t.npy", buf, len, &ds) == 0)
		dlt_npy_release(&a);
	else if (ds.n == 1)
		msg = dlt_diag_format(&ds.v[0]);
	dlt_diags_release(&ds);
	return (msg);
}

static void
test_npy_good(void)
{
	struct dlt_diags	 ds = DLT_DIAGS_INIT;
	struct strbuf		 sb = STRBUF_INIT;
	struct dlt_npy		 a;
	const float		 f[3] = { 1.5f, -2.0f, 0.25f };
	const int64_t		 l[2] = { -3, 1LL << 40 };
	const uint16_t		 h[3] = { 0x3c00, 0xc000, 0x7e00 };
	const double		 d[6] = { 1, 2, 3, 4, 5, 6 };
	const unsigned char	 b[2] = { 0, 7 };

	npy_header(&sb, 1, "{'descr': '<f4', 'fortran_order': False, "
	    "'shape': (1, 3), }", 10);
	strbuf_add(&sb, f, sizeof f);
	ok(dlt_npy_parse(&a, "f.npy", sb.buf, sb.len, &ds) == 0 &&
	    a.rank == 2 && a.shape[0] == 1 && a.shape[1] == 3 && a.count == 3 &&
	    a.values[0] == 1.5 && a.values[1] == -2.0 && a.values[2] == 0.25 &&
	    strcmp(a.dtype, "float32") == 0, "npy: version 1.0, <f4, (1, 3)");
	dlt_npy_release(&a);

	strbuf_reset(&sb);
	npy_header(&sb, 2, "{\"descr\":\"<i8\",\"fortran_order\":False,"
	    "\"shape\":(2,)}", 0);
	strbuf_add(&sb, l, sizeof l);
	ok(dlt_npy_parse(&a, "l.npy", sb.buf, sb.len, &ds) == 0 &&
	    a.rank == 1 && a.values[0] == -3 && a.values[1] == 1099511627776.0 &&
	    a.major == 2, "npy: version 2.0, <i8, double quotes, no spaces");
	dlt_npy_release(&a);

	strbuf_reset(&sb);
	npy_header(&sb, 3, "{'descr': '<f2', 'fortran_order': False, "
	    "'shape': (3,), }", 3);
	strbuf_add(&sb, h, sizeof h);
	ok(dlt_npy_parse(&a, "h.npy", sb.buf, sb.len, &ds) == 0 &&
	    a.values[0] == 1.0 && a.values[1] == -2.0 && isnan(a.values[2]) &&
	    strcmp(a.dtype, "float16") == 0, "npy: version 3.0, <f2 with NaN");
	dlt_npy_release(&a);

	strbuf_reset(&sb);
	npy_header(&sb, 1, "{'descr': '<f8', 'fortran_order': True, "
	    "'shape': (2, 3), }", 0);
	strbuf_add(&sb, d, sizeof d);
	/* Fortran [[1 3 5] [2 4 6]] stored column by column */
	ok(dlt_npy_parse(&a, "d.npy", sb.buf, sb.len, &ds) == 0 &&
	    a.values[0] == 1 && a.values[1] == 3 && a.values[2] == 5 &&
	    a.values[3] == 2 && a.values[4] == 4 && a.values[5] == 6,
	    "npy: Fortran order becomes C order");
	dlt_npy_release(&a);

	strbuf_reset(&sb);
	npy_header(&sb, 1, "{'descr': '|b1', 'fortran_order': False, "
	    "'shape': (2,), }", 0);
	strbuf_add(&sb, b, sizeof b);
	ok(dlt_npy_parse(&a, "b.npy", sb.buf, sb.len, &ds) == 0 &&
	    a.values[0] == 0 && a.values[1] == 1 && a.kind == 'b',
	    "npy: |b1, any non-zero byte is true");
	dlt_npy_release(&a);

	strbuf_reset(&sb);
	npy_header(&sb, 1, "{'descr': '|i1', 'fortran_order': False, "
	    "'shape': (), }", 0);
	strbuf_addch(&sb, 0xfe);
	ok(dlt_npy_parse(&a, "s.npy", sb.buf, sb.len, &ds) == 0 &&
	    a.rank == 0 && a.count == 1 && a.values[0] == -2,
	    "npy: a scalar |i1, sign-extended");
	dlt_npy_release(&a);

	strbuf_reset(&sb);
	npy_header(&sb, 1, "{'descr': '<u2', 'fortran_order': False, "
	    "'shape': (4, 0), }", 0);
	ok(dlt_npy_parse(&a, "e.npy", sb.buf, sb.len, &ds) == 0 &&
	    a.count == 0 && a.values == NULL, "npy: an empty array");
	dlt_npy_release(&a);

	ok(ds.n == 0, "npy: no problems recorded for good files");
	ok(dlt_half_to_double(0x0001) == ldexp(1, -24) &&
	    dlt_half_to_double(0xfc00) == -INFINITY &&
	    dlt_bfloat16_to_double(0x3f80) == 1.0 &&
	    dlt_bfloat16_to_double(0x3f81) == 1.0078125,
	    "npy: half and bfloat16 bit patterns");
	dlt_diags_release(&ds);
	strbuf_release(&sb);
}

static void
test_npy_hostile(void)
{
	static const struct {
		int		 major;
		const char	*dict;
		size_t		 data;
		const char	*want;
	} cases[] = {
		{ 1, "{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }",
		    4, "t.npy: big-endian dtype '>f4' is not supported" },
		{ 1, "{'descr': '|O', 'fortran_order': False, 'shape': (1,), }",
		    8, "t.npy: object arrays ('|O') are not supported" },
		{ 1, "{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }",
		    8, "t.npy: unsupported dtype '<c8'" },
		{ 1, "{'descr': [('a', '<f4')], 'fortran_order': False, "
		    "'shape': (1,), }", 4,
		    "t.npy: structured arrays are not supported" },
		{ 1, "{'descr': '<f4', 'fortran_order': False, "
		    "'shape': (4294967296, 4294967296, 4294967296), }", 0,
		    "t.npy: shape has too many elements" },
		{ 1, "{'descr': '<f8', 'fortran_order': False, "
		    "'shape': (2305843009213693952,), }", 0,
		    "t.npy: shape has too many elements" },
		{ 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }",
		    8, "t.npy: truncated data: the header says 12 bytes (3 "
		    "elements of 4), the file has 8" },
		{ 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }",
		    8, "t.npy: extra bytes after the data: the header says 4 "
		    "bytes (1 elements of 4), the file has 8" },
		{ 1, "{'descr': '<f4', 'shape': (1,), }", 4,
		    "t.npy: bad header: missing 'fortran_order'" },
		{ 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), "
		    "'x': 1}", 4, "t.npy: bad header: unknown key 'x'" },
		{ 1, "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, "
		    "'shape': (1,), }", 4,
		    "t.npy: bad header: duplicate key 'descr'" },
		{ 1, "{'descr': '<f4', 'fortran_order': 0, 'shape': (1,), }", 4,
		    "t.npy: bad header: 'fortran_order' must be True or False" },
		{ 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }",
		    4, "t.npy: bad header: a dimension must be a non-negative "
		    "integer" },
		{ 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,)} x",
		    4, "t.npy: bad header: text after the dictionary" },
		{ 4, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }",
		    4, "t.npy: unsupported format version 4.0" },
		{ 1, "{'descr': '<f4, 'fortran_order': False, 'shape': (1,), }",
		    4, "t.npy: unsupported dtype '<f4, '" },
		{ 1, "{'descr' '<f4', 'fortran_order': False, 'shape': (1,), }",
		    4, "t.npy: bad header: expected ':' after a key" },
	};
	struct strbuf	 sb = STRBUF_INIT;
	char		*msg, name[64];
	size_t		 i, k;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		strbuf_reset(&sb);
		npy_header(&sb, cases[i].major, cases[i].dict, 0);
		for (k = 0; k < cases[i].data; k++)
			strbuf_addch(&sb, 0);
		msg = npy_error(sb.buf, sb.len);
		snprintf(name, sizeof name, "npy: hostile header %zu", i + 1);
		is(msg, cases[i].want, name);
		free(msg);
	}
	msg = npy_error("\x93NUMPY", 6);
	is(msg, "t.npy: not a .npy file (no \\x93NUMPY magic)",
	    "npy: too short for the magic");
	free(msg);
	msg = npy_error("PK\x03\x04xxxxxxxx", 12);
	is(msg, "t.npy: not a .npy file (no \\x93NUMPY magic)",
	    "npy: an .npz is not a .npy");
	free(msg);
	msg = npy_error("\x93NUMPY\x01\x00\xff\xff{}", 12);
	is(msg, "t.npy: truncated header: it says 65535 bytes, 2 are there",
	    "npy: the header length lies");
	free(msg);
	msg = npy_error("\x93NUMPY\x02\x00\xff\xff\xff\x7f{}", 14);
	is(msg, "t.npy: header of 2147483647 bytes is too long",
	    "npy: a huge header length");
	free(msg);
	/* every prefix of a good file fails cleanly */
	strbuf_reset(&sb);
	npy_header(&sb, 1, "{'descr': '<f8', 'fortran_order': False, "
	    "'shape': (2,), }", 5);
	strbuf_addf(&sb, "%016d", 0);
	for (k = 0; k < sb.len; k++) {
		msg = npy_error(sb.buf, k);
		if (msg == NULL)
			break;
		free(msg);
	}
	ok(k == sb.len, "npy: every truncation of a file is one problem");
	strbuf_release(&sb);
}

/* Compare and check the kinds of the findings ("kind!" for a defect). */
static int
run(const struct dlt_oracle_cfg *cfg, int injected, const struct dlt_outputs *m,
    size_t n, struct dlt_oracle_result *r, const char *want)
{
	struct strbuf	sb = STRBUF_INIT;
	size_t		i;
	int		same;

	dlt_oracle_compare(cfg, injected, NULL, NULL, 0, m, n, r);
	for (i = 0; i < r->nfindings; i++)
		strbuf_addf(&sb, "%s%s%s", i > 0 ? " " : "", r->findings[i].kind,
		    r->findings[i].defect ? "!" : "");
	same = strcmp(sb.buf, want) == 0;
	if (!same)
		printf("# findings: '%s', want '%s'\n", sb.buf, want);
	strbuf_release(&sb);
	return (same);
}

static void
test_oracle(void)
{
	struct dlt_oracle_cfg		cfg;
	struct dlt_oracle_result	r;
	struct dlt_outputs		m[3], e;
	const int64_t			s4[2] = { 2, 2 }, s22[2] = { 1, 4 };
	const double			x[4] = { 1.0, 2.0, -4.0, 8.0 };
	const double			y[4] = { 1.01, 2.02, -4.04, 8.08 };
	const double			z[4] = { 1.0, NAN, -4.0, 8.0 };
	size_t				i;

	dlt_oracle_cfg_init(&cfg);
	dlt_outputs_init(&m[0], "pytorch", DLT_FWS_OK);
	dlt_outputs_init(&m[1], "jax", DLT_FWS_OK);
	ok(dlt_outputs_add(&m[0], "y", "bfloat16", s4, 2, x, 4) == 0 &&
	    dlt_outputs_add(&m[1], "y", "bfloat16", s4, 2, y, 4) == 0,
	    "oracle: add outputs");
	ok(dlt_outputs_add(&m[1], "bad", "float32", s4, 2, y, 3) == -1,
	    "oracle: values that do not fill the shape are refused");
	ok(run(&cfg, 0, m, 2, &r, "") && r.npairs == 1 &&
	    r.pairs[0].verdict == DLT_PV_CLOSE && r.pairs[0].mismatched == 0 &&
	    fabs(r.pairs[0].max_rel - 0.01 / 1.01) < 1e-12 &&
	    fabs(r.pairs[0].max_abs - 0.08) < 1e-12 && isnan(r.pairs[0].dmad),
	    "oracle: a 1e-2 relative difference in bfloat16 is tolerance");
	dlt_oracle_result_release(&r);
	free(m[0].v[0].dtype);
	m[0].v[0].dtype = xstrdup("float32");
	free(m[1].v[0].dtype);
	m[1].v[0].dtype = xstrdup("bfloat16");
	ok(run(&cfg, 0, m, 2, &r, "inconsistency:dtype") &&
	    r.pairs[0].verdict == DLT_PV_DTYPE && r.pairs[0].atol == 5e-2,
	    "oracle: float32 against bfloat16 uses the looser tolerance");
	dlt_oracle_result_release(&r);
	free(m[1].v[0].dtype);
	m[1].v[0].dtype = xstrdup("float32");
	ok(run(&cfg, 0, m, 2, &r, "inconsistency:max-rel!") &&
	    r.pairs[0].verdict == DLT_PV_DIFFER && r.pairs[0].mismatched == 4 &&
	    strcmp(r.findings[0].signature, "inconsistency:max-rel: "
	    "pytorch | jax") == 0 &&
	    strcmp(r.findings[0].frameworks, "pytorch,jax") == 0,
	    "oracle: the same difference in float32 is an inconsistency");
	dlt_oracle_result_release(&r);

	/* a third framework: D_MAD against the median */
	dlt_outputs_init(&m[2], "tensorflow", DLT_FWS_OK);
	dlt_outputs_add(&m[2], "y", "float32", s4, 2, x, 4);
	ok(run(&cfg, 0, m, 3, &r, "inconsistency:d-mad!") &&
	    r.npairs == 3 && r.pairs[0].dmad == 1.0 && r.pairs[1].dmad == 0 &&
	    r.pairs[1].verdict == DLT_PV_SAME &&
	    strcmp(r.findings[0].signature, "inconsistency:d-mad: "
	    "pytorch, tensorflow | jax") == 0 &&
	    strcmp(r.findings[0].frameworks, "jax") == 0,
	    "oracle: D_MAD with three frameworks, the odd one out: one finding");
	dlt_oracle_result_release(&r);

	/* NaN on one of three */
	free(m[1].v[0].values);
	m[1].v[0].values = xreallocarray(NULL, 4, sizeof (double));
	memcpy(m[1].v[0].values, z, sizeof z);
	ok(run(&cfg, 0, m, 3, &r, "nan-on-some!") &&
	    strcmp(r.findings[0].signature, "nan-on-some: NaN on jax; "
	    "not on pytorch, tensorflow") == 0 &&
	    r.pairs[0].verdict == DLT_PV_NONFINITE,
	    "oracle: NaN on one framework of three");
	dlt_oracle_result_release(&r);
	ok(run(&cfg, 1, m, 3, &r, "nan-on-some"),
	    "oracle: with an injected input it is only recorded");
	dlt_oracle_result_release(&r);
	cfg.injected_on_some = DLT_OA_IGNORE;
	ok(run(&cfg, 1, m, 3, &r, ""), "oracle: or ignored, as a setting");
	dlt_oracle_result_release(&r);

	/* shapes, acceptance */
	dlt_outputs_release(&m[2]);
	dlt_outputs_init(&m[2], "tensorflow", DLT_FWS_OK);
	dlt_outputs_add(&m[2], "y", "float32", s22, 2, x, 4);
	m[1].status = DLT_FWS_REJECTED;
	ok(run(&cfg, 0, m, 3, &r, "acceptance-disagreement! inconsistency:shape!") &&
	    strcmp(r.findings[0].signature, "acceptance-disagreement: rejected "
	    "by jax; ran on pytorch, tensorflow") == 0 &&
	    r.findings[0].output == NULL && r.ran == 2 &&
	    r.pairs[0].verdict == DLT_PV_SHAPE,
	    "oracle: a rejection others ran, and a shape mismatch");
	dlt_oracle_result_release(&r);

	/* equivalence: the mutant against itself */
	m[1].status = DLT_FWS_OK;
	dlt_oracle_compare(&cfg, 0, NULL, m, 2, m, 2, &r);
	ok(r.equivalent == 1, "oracle: equal to the seed is equivalent");
	dlt_oracle_result_release(&r);
	dlt_outputs_init(&e, "tensorflow", DLT_FWS_OK);
	dlt_outputs_add(&e, "y", "float32", s22, 2, y, 4);
	dlt_oracle_compare(&cfg, 0, NULL, m + 2, 1, &e, 1, &r);
	ok(r.equivalent == 0, "oracle: other values are not equivalent");
	dlt_oracle_result_release(&r);
	dlt_outputs_release(&e);
	dlt_outputs_init(&e, "tensorflow", DLT_FWS_OK);
	dlt_outputs_add(&e, "y", "float32", s4, 2, x, 4);
	dlt_oracle_compare(&cfg, 0, NULL, m + 2, 1, &e, 1, &r);
	ok(r.equivalent == 0, "oracle: another shape is not equivalent");
	dlt_oracle_result_release(&r);
	e.status = DLT_FWS_REJECTED;
	dlt_oracle_compare(&cfg, 0, NULL, m + 2, 1, &e, 1, &r);
	ok(r.equivalent == 0, "oracle: rejected where the seed ran is not "
	    "equivalent");
	dlt_oracle_result_release(&r);
	dlt_oracle_compare(&cfg, 0, NULL, m, 1, &e, 1, &r);
	ok(r.equivalent == 0, "oracle: no framework in common is not "
	    "equivalent");
	dlt_oracle_result_release(&r);
	dlt_outputs_release(&e);
	dlt_oracle_compare(&cfg, 0, NULL, NULL, 0, m, 3, &r);
	ok(r.equivalent == -1, "oracle: without a seed, equivalence is unknown");
	dlt_oracle_result_release(&r);

	/* a chain: tensorflow agrees with both, pytorch and jax do not */
	for (i = 0; i < 3; i++)
		dlt_outputs_release(&m[i]);
	{
		const double	c0[1] = { 1.0 }, c1[1] = { 1.0008 },
				c2[1] = { 1.0016 };
		const int64_t	s1[1] = { 1 };

		dlt_outputs_init(&m[0], "pytorch", DLT_FWS_OK);
		dlt_outputs_init(&m[1], "tensorflow", DLT_FWS_OK);
		dlt_outputs_init(&m[2], "jax", DLT_FWS_OK);
		dlt_outputs_add(&m[0], "y", "float32", s1, 1, c0, 1);
		dlt_outputs_add(&m[1], "y", "float32", s1, 1, c1, 1);
		dlt_outputs_add(&m[2], "y", "float32", s1, 1, c2, 1);
		ok(run(&cfg, 0, m, 3, &r, "inconsistency:max-rel!") &&
		    strcmp(r.findings[0].signature, "inconsistency:max-rel: "
		    "pytorch | jax") == 0 &&
		    strcmp(r.findings[0].frameworks, "pytorch,jax") == 0,
		    "oracle: an agreeing chain splits at its worst pair (%s)",
		    r.nfindings > 0 ? r.findings[0].signature : "none");
		dlt_oracle_result_release(&r);
	}

	for (i = 0; i < 3; i++)
		dlt_outputs_release(&m[i]);
	dlt_oracle_cfg_release(&cfg);
}

static void
test_cfg(void)
{
	static const char bad[] =
	    "tolerances:\n"
	    "  float32: {atol: 1e-4, rtoll: 1e-3}\n"
	    "  float8: {atol: 0}\n"
	    "d_mad: {threshold: 1.5}\n"
	    "nan: {on_some: defects}\n"
	    "acceptence: defect\n";
	static const char *const want[] = {
		"bad.yaml:2:25: tolerances: 'float32': unknown key 'rtoll' (did "
		    "you mean 'rtol'?)",
		"bad.yaml:3:3: 'tolerances': unknown key 'float8' (did you mean "
		    "'float16'?)",
		"bad.yaml:4:20: 'threshold' must be a number from 0 to 1, not "
		    "'1.5'",
		"bad.yaml:5:16: 'nan': 'on_some': bad value 'defects' (did you "
		    "mean 'defect'?)",
		"bad.yaml:6:1: an oracle settings file: unknown key 'acceptence' "
		    "(did you mean 'acceptance'?)",
	};
	struct dlt_oracle_cfg	  cfg;
	struct dlt_diags	  ds = DLT_DIAGS_INIT;
	const struct dlt_diag	**sorted;
	char			 *s, path[4096];
	size_t			  i;

	dlt_oracle_cfg_init(&cfg);
	ok(dlt_oracle_cfg_load_buffer(&cfg, "bad.yaml", bad, sizeof bad - 1,
	    &ds) == -1 && ds.n == 5, "cfg: a bad file has every problem (%zu)",
	    ds.n);
	sorted = dlt_diags_sorted(&ds);
	for (i = 0; i < ds.n && i < 5; i++) {
		s = dlt_diag_format(sorted[i]);
		is(s, want[i], "cfg: problem at file:line:col");
		free(s);
	}
	free(sorted);
	dlt_diags_release(&ds);
	ok(cfg.dmad_threshold == 0.4 && cfg.nan_on_some == DLT_OA_DEFECT,
	    "cfg: a failed load leaves the defaults");

	snprintf(path, sizeof path, "%s/rules/oracles/oracles.yaml", DLT_SOURCE_TREE);
	ok(dlt_oracle_cfg_load(&cfg, path, &ds) == 0 && ds.n == 0,
	    "cfg: the shipped rules/oracles/oracles.yaml loads");
	dlt_diags_print(&ds, stdout);
	ok(dlt_oracle_cfg_nsamples(&cfg) >= 10, "cfg: it has samples (%zu)",
	    dlt_oracle_cfg_nsamples(&cfg));
	ok(dlt_oracle_cfg_check_samples(&cfg, &ds) == 0 && ds.n == 0,
	    "cfg: every sample gets its expected verdicts");
	dlt_diags_print(&ds, stdout);
	ok(dlt_oracle_tolerance(&cfg, "bfloat16")->rtol == 0.05 &&
	    dlt_oracle_tolerance(&cfg, "int8")->atol == 0 &&
	    dlt_oracle_tolerance(&cfg, "complex64")->rtol == 1e-3,
	    "cfg: tolerance lookup by dtype, int class and default");
	dlt_diags_release(&ds);
	dlt_oracle_cfg_release(&cfg);
}

/*
 * Every zoo and test model: load, write JSON, load the JSON (YAML reads
 * JSON), write both as YAML: the same text.
 */
static void
test_ir_json(void)
{
	struct dlt_model	 a, b;
	struct dlt_diags	 ds = DLT_DIAGS_INIT;
	struct strbuf		 js = STRBUF_INIT;
	glob_t			 g;
	char			 pat[4096], *ya, *yb;
	size_t			 i, la, lb, good = 0, n = 0;
	FILE			*fa, *fb;
	int			 k, same;

	memset(&g, 0, sizeof g);
	for (k = 0; k < 2; k++) {
		snprintf(pat, sizeof pat, "%s/%s/*.yaml", DLT_SOURCE_TREE,
		    k == 0 ? "corpus/models" : "tests/models");
		if (glob(pat, k == 0 ? 0 : GLOB_APPEND, NULL, &g) != 0)
			continue;
	}
	for (i = 0; i < g.gl_pathc; i++) {
		if (dlt_model_load(g.gl_pathv[i], &a, &ds) != 0) {
			dlt_diags_release(&ds);
			continue;
		}
		n++;
		strbuf_reset(&js);
		dlt_model_write_json(&a, &js);
		ya = yb = NULL;
		fa = open_memstream(&ya, &la);
		fb = open_memstream(&yb, &lb);
		same = 0;
		if (dlt_model_load_buffer("ir.json", js.buf, js.len, &b, &ds) == 0) {
			dlt_model_write(&a, fa);
			dlt_model_write(&b, fb);
			fflush(fa);
			fflush(fb);
			same = la == lb && memcmp(ya, yb, la) == 0;
			dlt_model_release(&b);
		} else
			dlt_diags_print(&ds, stdout);
		fclose(fa);
		fclose(fb);
		if (same)
			good++;
		else
			printf("# %s: the JSON does not read back the same\n",
			    g.gl_pathv[i]);
		free(ya);
		free(yb);
		dlt_model_release(&a);
		dlt_diags_release(&ds);
	}
	ok(n >= 25 && good == n, "ir-json: %zu of %zu models read back the same",
	    good, n);
	globfree(&g);
	strbuf_release(&js);
}

static int
tool_npy(int argc, char **argv)
{
	struct dlt_diags	ds = DLT_DIAGS_INIT;
	struct dlt_npy		a;
	size_t			i;
	int			k, rc = 0;

	for (k = 0; k < argc; k++) {
		if (dlt_npy_load(&a, argv[k], &ds) != 0) {
			rc = 1;
			continue;
		}
		printf("%s %s [", a.descr, a.dtype);
		for (i = 0; i < (size_t)a.rank; i++)
			printf("%s%llu", i > 0 ? ", " : "",
			    (unsigned long long)a.shape[i]);
		printf("]");
		for (i = 0; i < a.count; i++)
			printf(" %.17g", a.values[i]);
		printf("\n");
		dlt_npy_release(&a);
	}
	dlt_diags_print(&ds, stdout);
	dlt_diags_release(&ds);
	return (rc);
}

static int
tool_ir(int argc, char **argv, int json)
{
	struct dlt_diags	ds = DLT_DIAGS_INIT;
	struct strbuf		sb = STRBUF_INIT;
	struct dlt_model	m;
	int			k, rc = 0;

	for (k = 0; k < argc; k++) {
		if (dlt_model_load(argv[k], &m, &ds) != 0) {
			rc = 1;
			continue;
		}
		if (json) {
			strbuf_reset(&sb);
			dlt_model_write_json(&m, &sb);
			printf("%s\n", sb.buf);
		} else
			dlt_model_write(&m, stdout);
		dlt_model_release(&m);
	}
	dlt_diags_print(&ds, stderr);
	dlt_diags_release(&ds);
	strbuf_release(&sb);
	return (rc);
}

static int
tool_samples(const char *path)
{
	struct dlt_oracle_cfg	cfg;
	struct dlt_diags	ds = DLT_DIAGS_INIT;
	int			rc = 1;

	dlt_oracle_cfg_init(&cfg);
	if (dlt_oracle_cfg_load(&cfg, path, &ds) == 0 &&
	    dlt_oracle_cfg_check_samples(&cfg, &ds) == 0)
		rc = 0;
	dlt_diags_print(&ds, stdout);
	dlt_diags_release(&ds);
	dlt_oracle_cfg_release(&cfg);
	return (rc);
}

int
main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "npy") == 0)
		return (tool_npy(argc - 2, argv + 2));
	if (argc >= 2 && strcmp(argv[1], "ir-json") == 0)
		return (tool_ir(argc - 2, argv + 2, 1));
	if (argc >= 2 && strcmp(argv[1], "ir-yaml") == 0)
		return (tool_ir(argc - 2, argv + 2, 0));
	if (argc == 3 && strcmp(argv[1], "samples") == 0)
		return (tool_samples(argv[2]));
	test_npy_good();
	test_npy_hostile();
	test_oracle();
	test_cfg();
	test_ir_json();
	return (tap_done());
}
