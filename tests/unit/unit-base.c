/*
 * unit-base.c: unit tests of the base modules (diag, json writer, vocab,
 * YAML scalar helpers, the multi-literal scanner, the literals a regex
 * requires) and of the tables for people (output-table: measured and
 * streamed, and the numbers of their cells) and of the log reader's
 * lines (terminal escape sequences, the prefixes of log carriers), linked against libdlt.a.  Prints
 * TAP.
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "hash.h"
#include "json.h"
#include "logread.h"
#include "output-table.h"
#include "regex.h"
#include "scan.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"
#include "yaml-node.h"
#include "tap.h"


static void	test_diag(void);
static void	test_json(void);
static void	test_vocab(void);
static void	test_yaml(void);
static void	test_scan(void);
static void	test_rx_literals(void);
static void	test_rx_gate(void);
static void	test_table(void);
static void	test_table_stream(void);
static void	test_text_numbers(void);
static void	test_logread_escapes(void);
static void	test_logread_prev(void);
static void	test_logread_prefixes(void);
static void	test_logread_records(void);
static void	test_logread_encodings(void);
static void	test_logread_utf16_big(void);

static void
test_diag(void)
{
	struct dlt_diags	  ds = DLT_DIAGS_INIT;
	const struct dlt_diag	**sorted;
	char			 *s;
	int			  i, rc;

	dlt_diag_error(&ds, "b.yaml", 9, 2, "late in b");
	dlt_diag_add(&ds, "a.yaml", 3, 1, DLT_SEV_WARNING, 7, "a warning");
	dlt_diag_error(&ds, "b.yaml", 2, 5, "early in b");
	dlt_diag_error(&ds, "b.yaml", 0, 0, "the whole of b");
	dlt_diag_error(&ds, NULL, 0, 0, "no file at all");
	dlt_diag_error(&ds, "a.yaml", 1, 4, "early in a");
	sorted = dlt_diags_sorted(&ds);
	s = dlt_diag_format(sorted[0]);
	is(s, "b.yaml:2:5: early in b", "diag: files in order of first problem, "
	    "then by line");
	free(s);
	s = dlt_diag_format(sorted[1]);
	is(s, "b.yaml:9:2: late in b", "diag: later line second");
	free(s);
	s = dlt_diag_format(sorted[2]);
	is(s, "b.yaml: the whole of b", "diag: a problem without a line last in "
	    "its file");
	free(s);
	s = dlt_diag_format(sorted[3]);
	is(s, "a.yaml:1:4: early in a", "diag: the second file after the first");
	free(s);
	s = dlt_diag_format(sorted[4]);
	is(s, "a.yaml:3:1: warning: a warning", "diag: a warning says so");
	free(s);
	ok(sorted[4]->code == 7, "diag: the code is kept");
	s = dlt_diag_format(sorted[5]);
	is(s, "dltriage: no file at all", "diag: no file: the program's name");
	free(s);
	free(sorted);
	ok(dlt_diags_count(&ds, DLT_SEV_ERROR) == 5 &&
	    dlt_diags_count(&ds, DLT_SEV_WARNING) == 1, "diag: counts by severity");
	dlt_diags_release(&ds);
	ok(ds.n == 0 && ds.v == NULL, "diag: release empties");

	for (i = 0; i < DLT_DIAG_MAX_PER_FILE + 50; i++)
		rc = dlt_diag_error(&ds, "c.yaml", i + 1, 1, "problem %d", i);
	ok(rc == 0, "diag: a problem past the cap is dropped");
	ok(ds.n == DLT_DIAG_MAX_PER_FILE + 1, "diag: the cap keeps %d and says so",
	    DLT_DIAG_MAX_PER_FILE);
	ok(dlt_diags_full(&ds, "c.yaml") && !dlt_diags_full(&ds, "d.yaml"),
	    "diag: full is per file");
	ok(dlt_diag_error(&ds, "d.yaml", 1, 1, "another file") == 1,
	    "diag: another file has its own cap");
	s = dlt_diag_format(&ds.v[DLT_DIAG_MAX_PER_FILE]);
	is(s, "c.yaml: too many problems, skipping the rest of the file",
	    "diag: the cap message");
	free(s);
	dlt_diags_release(&ds);
}

static void
test_json(void)
{
	struct strbuf	sb = STRBUF_INIT;
	struct dlt_jw	jw;

	dlt_jw_init(&jw, &sb, 0);
	dlt_jw_object(&jw);
	dlt_jw_kv_cstr(&jw, "s", "a\"b\\c\n\x01");
	dlt_jw_kv_cstr(&jw, "n", NULL);
	dlt_jw_key(&jw, "a");
	dlt_jw_array(&jw);
	dlt_jw_int(&jw, -3);
	dlt_jw_uint(&jw, 18446744073709551615ULL);
	dlt_jw_double(&jw, 0.125, 2);
	dlt_jw_double(&jw, NAN, 2);
	dlt_jw_double(&jw, INFINITY, -1);
	dlt_jw_bool(&jw, 1);
	dlt_jw_null(&jw);
	dlt_jw_array(&jw);
	dlt_jw_end(&jw);
	dlt_jw_object(&jw);
	dlt_jw_end(&jw);
	dlt_jw_end(&jw);
	dlt_jw_key(&jw, "bytes");
	dlt_jw_str(&jw, "x\0y\xff", 4);
	dlt_jw_end(&jw);
	is(sb.buf, "{\"s\":\"a\\\"b\\\\c\\n\\u0001\",\"n\":null,\"a\":[-3,"
	    "18446744073709551615,0.12,null,null,true,null,[],{}],"
	    "\"bytes\":\"x\\u0000y\\ufffd\"}",
	    "json: compact writer, escaping, non-finite numbers as null");
	ok(dlt_jw_complete(&jw), "json: complete after the last end");

	strbuf_reset(&sb);
	dlt_jw_init(&jw, &sb, DLT_JW_SPACED);
	dlt_jw_object(&jw);
	dlt_jw_kv_int(&jw, "a", 1);
	dlt_jw_break(&jw, 1);
	dlt_jw_key(&jw, "l");
	dlt_jw_array(&jw);
	dlt_jw_break(&jw, 2);
	dlt_jw_int(&jw, 1);
	dlt_jw_break(&jw, 2);
	dlt_jw_int(&jw, 2);
	dlt_jw_end(&jw);
	dlt_jw_kv_bool(&jw, "b", 0);
	dlt_jw_end(&jw);
	is(sb.buf, "{\"a\": 1,\n \"l\": [\n  1,\n  2], \"b\": false}",
	    "json: spaced writer with breaks");
	ok(!dlt_jw_complete(&(struct dlt_jw){ .depth = 1 }),
	    "json: an open container is not complete");
	strbuf_release(&sb);
}

static void
test_vocab(void)
{
	struct strbuf	sb = STRBUF_INIT;

	ok(dlt_framework_parse("torch", 0) == DLT_FW_PYTORCH &&
	    dlt_framework_parse("PyTorch", 0) == DLT_FW_PYTORCH,
	    "vocab: torch and PyTorch are pytorch");
	ok(dlt_framework_parse("tf", 0) == DLT_FW_TENSORFLOW &&
	    dlt_framework_parse("ort", 0) == DLT_FW_ONNXRUNTIME &&
	    dlt_framework_parse("ms", 0) == DLT_FW_MINDSPORE,
	    "vocab: tf, ort, ms");
	ok(dlt_framework_parse("unknown", 0) == -1 &&
	    dlt_framework_parse("unknown", 1) == DLT_FW_UNKNOWN,
	    "vocab: unknown only where allowed");
	ok(dlt_framework_parse("caffe", 1) == -1, "vocab: caffe is not known");
	is(dlt_framework_canonical("Torch"), "pytorch", "vocab: canonical of Torch");
	is(dlt_framework_suggest("pytorh"), "pytorch", "vocab: did you mean pytorch");
	is(dlt_framework_suggest("tensorflw"), "tensorflow",
	    "vocab: did you mean tensorflow");
	ok(dlt_framework_suggest("zzzzzzzz") == NULL, "vocab: no suggestion far off");
	dlt_framework_list(&sb, 0);
	is(sb.buf, "pytorch, tensorflow, jax, keras, onnxruntime, mindspore, paddle",
	    "vocab: the list of frameworks");
	ok(dlt_class_parse("false-positive") == DLT_CLASS_FALSE_POSITIVE &&
	    dlt_class_parse("crsh") == -1, "vocab: classes");
	is(dlt_class_name(DLT_CLASS_OOM), "oom", "vocab: class name");
	is(dlt_priority_name(DLT_PRIO_UNSET), "unset", "vocab: priority unset");
	ok(dlt_priority_parse("high") == DLT_PRIO_HIGH, "vocab: priority high");
	ok(dlt_triage_parse("wont-fix") == DLT_TRIAGE_WONT_FIX &&
	    dlt_triage_parse("wontfix") == -1 && dlt_triage_parse(NULL) == -1,
	    "vocab: triage statuses");
	is(dlt_triage_name(DLT_TRIAGE_NEW), "new", "vocab: triage new");
	is(dlt_triage_name(DLT_TRIAGE_COUNT), "?", "vocab: triage out of range");
	strbuf_release(&sb);
}

static void
test_yaml(void)
{
	struct ynode	*root;
	char		*err = NULL, *d;
	const char	 doc[] = "a: 12\nb: \"12\"\nc: ~\nd: True\ne: -4.5e1\n"
			     "f: [1]\ng: 0x10\nh: 99999999999999999999\n";
	long long	 v;
	double		 x;
	int		 b;
	uint64_t	 u;

	if (ynode_load_buffer(doc, sizeof doc - 1, &root, &err) != 0) {
		ok(0, "yaml: load (%s)", err);
		free(err);
		return;
	}
	ok(ynode_plain_int(ynode_get(root, "a"), &v) && v == 12, "yaml: plain int");
	ok(!ynode_plain_int(ynode_get(root, "b"), &v), "yaml: a quoted number is "
	    "a string");
	ok(ynode_is_null(ynode_get(root, "c")) && ynode_is_null(NULL),
	    "yaml: ~ and a missing node are null");
	ok(ynode_plain_bool(ynode_get(root, "d"), &b) && b == 1, "yaml: True");
	ok(ynode_plain_number(ynode_get(root, "e"), &x) && x == -45.0,
	    "yaml: a number");
	ok(!ynode_plain_number(ynode_get(root, "g"), &x), "yaml: no hex numbers");
	ok(ynode_plain_int(ynode_get(root, "h"), &v) && v == LLONG_MAX,
	    "yaml: an int out of range saturates");
	ok(!ynode_plain_uint64(ynode_get(root, "h"), &u), "yaml: a uint64 out of "
	    "range is refused");
	d = ynode_describe(ynode_get(root, "f"));
	is(d, "a sequence", "yaml: describe a sequence");
	free(d);
	d = ynode_describe(ynode_get(root, "b"));
	is(d, "'12'", "yaml: describe a scalar");
	free(d);
	d = ynode_describe(NULL);
	is(d, "null", "yaml: describe nothing");
	free(d);
	ynode_free(root);

	/* JSON with a surrogate pair, as Python's json module writes one */
	{
		const char	json[] = "{\"m\": \"ok \\ud83d\\ude00 \\ud800!\"}";
		struct ynode	*j = NULL;

		if (ynode_load_json_buffer(json, sizeof json - 1, &j, &err) != 0) {
			ok(0, "yaml: JSON with a surrogate pair loads (%s)", err);
			free(err);
		} else {
			is(ynode_get(j, "m")->scalar, "ok \xf0\x9f\x98\x80 "
			    "\xef\xbf\xbd!", "yaml: a surrogate pair is one "
			    "character, a lone one U+FFFD");
			ynode_free(j);
		}
	}
}

/* A small deterministic generator (xorshift), the same run every time. */
static unsigned long long rng_state = 88172645463325252ULL;

static unsigned
rnd(unsigned n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return ((unsigned)(rng_state % n));
}

static int
lc(int c)
{
	return (c >= 'A' && c <= 'Z' ? c + 32 : c);
}

static int
wordc(int c)
{
	return ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_');
}

/* Does pattern k occur at text[i] (the reference the scanner must agree with)? */
static int
naive_at(const struct dlt_scan_pattern *pt, const char *t, size_t n, size_t i)
{
	size_t	k;

	if (i + pt->len > n)
		return (0);
	for (k = 0; k < pt->len; k++)
		if (pt->caseless ? lc((unsigned char)t[i + k]) != lc((unsigned char)pt->lit[k]) :
		    t[i + k] != pt->lit[k])
			return (0);
	if (pt->word && ((i > 0 && wordc((unsigned char)t[i - 1])) ||
	    (i + pt->len < n && wordc((unsigned char)t[i + pt->len]))))
		return (0);
	return (1);
}

static void
collect(int id, void *arg)
{
	((char *)arg)[id] = 1;
}

/*
 * Every hit of next, from every start, is the first occurrence; the
 * number of misses (the first few printed, while shown < 4).
 */
static int
check_next(const struct dlt_scanner *sc, const struct dlt_scan_pattern *pats, int np,
    const char *text, size_t n, int layer, int shown)
{
	size_t	pos, i, at, wat;
	int	k, id, hit, bad = 0;

	for (pos = 0; pos < n; pos += 1 + rnd(7)) {
		wat = (size_t)-1;
		for (i = pos; i < n && wat == (size_t)-1; i++)
			for (k = 0; k < np; k++)
				if (naive_at(&pats[k], text, n, i)) {
					wat = i;
					break;
				}
		hit = dlt_scanner_next(sc, text, n, pos, &at, &id);
		if (wat == (size_t)-1 ? !hit : (hit && at == wat &&
		    naive_at(&pats[id], text, n, at)))
			continue;
		if (shown + bad++ < 4) {
			printf("# next from %zu in %zu bytes: want %zd, got %d at %zd;", pos, n,
			    (ssize_t)wat, hit, hit ? (ssize_t)at : -1);
			for (k = 0; k < np; k++)
				printf(" '%.*s'%s%s", (int)pats[k].len, pats[k].lit,
				    pats[k].caseless ? "/i" : "", pats[k].word ? "/w" : "");
			printf(" (%s)\n", layer ? "quads" : "pairs");
		}
	}
	return (bad);
}

/*
 * The content hash that dlt_scanner_next_hashing takes beside its scan,
 * carried on word by word to the text's last whole word: the same
 * whichever layer scanned, and the same as the words hashed alone.
 */
static uint64_t
hash_through(const struct dlt_scanner *sc, const char *text, size_t n, size_t pos)
{
	struct dlt_scan_hash	hs = { 0, 0 };
	size_t			at;
	uint64_t		w;
	int			id;

	while (dlt_scanner_next_hashing(sc, text, n, pos, &at, &id, &hs))
		pos = at + 1;
	for (; hs.off + 8 <= n; hs.off += 8) {
		memcpy(&w, text + hs.off, 8);
		hs.h = dlt_hash_word(hs.h, w);
	}
	return (hs.h);
}

/*
 * The scanner against a naive search: random patterns over a small
 * alphabet (so that they occur), with and without case and word
 * boundaries, on random texts: five bytes and longer (the quad layer
 * alone), three bytes and longer (both layers), or with shorter ones
 * among them (byte pairs).
 */
static void
test_scan(void)
{
	static const char	 alpha[] = "abAB_ :x\n*@`";
	struct dlt_scan_pattern	 pats[12];
	char			 lits[12][16], text[300], seen[12], want[12];
	struct dlt_scanner	*sc;
	size_t			 n, i, at;
	int			 round, np, k, id, hit, bad_next = 0, bad_each = 0, mode;
	int			 layer, quad, quads = 0, bad_hash = 0;
	uint64_t		 hashes[2] = { 0, 0 }, h, w;

	for (round = 0; round < 600; round++) {
		mode = round % 3;	/* 0: all >= 3 bytes; 1: some shorter; 2: all >= 5 */
		np = 1 + (int)rnd(12);
		for (k = 0; k < np; k++) {
			size_t len = mode == 1 ? 1 + rnd(6) : mode == 0 ? 3 + rnd(12) :
			    5 + rnd(10), j;

			for (j = 0; j < len; j++)
				lits[k][j] = alpha[rnd(sizeof alpha - 1)];
			pats[k].lit = lits[k];
			pats[k].len = len;
			pats[k].caseless = (int)rnd(2);
			pats[k].word = rnd(4) == 0;
			pats[k].id = k;
		}
		n = rnd(sizeof text);
		for (i = 0; i < n; i++)
			text[i] = alpha[rnd(sizeof alpha - 1)];
		sc = dlt_scanner_new(pats, (size_t)np);
		memset(want, 0, sizeof want);
		for (k = 0; k < np; k++)
			for (i = 0; i < n; i++)
				if (naive_at(&pats[k], text, n, i))
					want[k] = 1;
		/* the quad layer where the processor has it, then the pairs */
		for (layer = 1, quad = 0; layer >= 0; layer--) {
			if (layer == 1 && !(quad = dlt_scanner_quad(sc, 1)))
				continue;
			quads += layer;
			dlt_scanner_quad(sc, layer);
			bad_next += check_next(sc, pats, np, text, n, layer, bad_next);
			hashes[layer] = hash_through(sc, text, n, 0);
			memset(seen, 0, sizeof seen);
			dlt_scanner_each(sc, text, n, collect, seen);
			if (memcmp(seen, want, (size_t)np) != 0)
				bad_each++;
		}
		if (quad && hashes[1] != hashes[0])
			bad_hash++;
		for (i = 0, h = 0; i + 8 <= n; i += 8) {
			memcpy(&w, text + i, 8);
			h = dlt_hash_word(h, w);
		}
		if (h != hashes[0])
			bad_hash++;
		dlt_scanner_free(sc);
	}
	ok(bad_next == 0, "scan: next finds the first occurrence (%d wrong; the quad layer in %d of 600 rounds)",
	    bad_next, quads);
	/*
	 * A long pattern whose rare fragment lies far into it, and a short
	 * one starting after it whose fragment comes first in the text.
	 */
	{
		static const char	 t[] = "..abcdefghijklmnopqrstuvwxyz..";
		struct dlt_scan_pattern	 two[2] = {
			{ "abcdefghijklmnopqrstuvwxyz", 26, 0, 0, 0 },
			{ "cde", 3, 0, 0, 1 },
		};

		sc = dlt_scanner_new(two, 2);
		hit = dlt_scanner_next(sc, t, sizeof t - 1, 0, &at, &id);
		ok(hit && at == 2 && id == 0,
		    "scan: next finds a long pattern whose fragment comes after a shorter one's");
		dlt_scanner_free(sc);
	}
	/* a three-byte pattern in a text's last three bytes, where no four-byte key is */
	{
		static const char	 t[] = "the loss printed below is NaN";
		struct dlt_scan_pattern	 one = { "nan", 3, 1, 1, 7 };

		const char		*name[2];

		sc = dlt_scanner_new(&one, 1);
		/* the layer each pass really uses: pairs twice without AVX2 */
		name[1] = dlt_scanner_quad(sc, 1) ? "quads" : "pairs, no quad layer here";
		name[0] = "pairs";
		for (layer = 1; layer >= 0; layer--) {
			dlt_scanner_quad(sc, layer);
			hit = dlt_scanner_next(sc, t, sizeof t - 1, 0, &at, &id);
			ok(hit && at == sizeof t - 4 && id == 7,
			    "scan: next finds a three-byte pattern at the text's end (%s)",
			    name[layer]);
			memset(seen, 0, sizeof seen);
			dlt_scanner_each(sc, t, sizeof t - 1, collect, seen);
			ok(seen[7] == 1, "scan: each finds a three-byte pattern at the line's end (%s)",
			    name[layer]);
		}
		dlt_scanner_free(sc);
	}
	ok(bad_each == 0, "scan: each reports the patterns present (%d wrong)", bad_each);
	ok(bad_hash == 0, "scan: the content hash taken beside the scan is the words' hash (%d wrong)",
	    bad_hash);
}

/* A random pattern over a small grammar (alternation, groups, classes, quantifiers). */
static void
gen_rx(struct strbuf *sb, int depth)
{
	static const char	*atoms[] = { "a", "b", "A", "c", " ", "\\.", "\\b", "\\d",
	    "[ab]", "[^a]", ".", "\\w", "^", "$", "\\(", "{", "x{2}", "\\n" };
	static const char	*quant[] = { "", "", "", "?", "*", "+", "{0,2}", "{1,3}", "{2}", "??", "*+" };
	static const char	*open[] = { "(", "(?:", "(?<g>", "(?>", "(?=", "(?!", "(?<!", "(?i:", "(?<=" };
	int			 nalt = 1 + (rnd(3) == 0), a, k, n;

	for (a = 0; a < nalt; a++) {
		if (a)
			strbuf_addch(sb, '|');
		n = 1 + (int)rnd(6);
		for (k = 0; k < n; k++) {
			if (depth < 2 && rnd(5) == 0) {
				strbuf_addstr(sb, open[rnd(sizeof open / sizeof open[0])]);
				gen_rx(sb, depth + 1);
				strbuf_addch(sb, ')');
			} else if (rnd(3) == 0)
				strbuf_addstr(sb, atoms[rnd(sizeof atoms / sizeof atoms[0])]);
			else
				strbuf_addch(sb, "abcAB"[rnd(5)]);
			if (rnd(3) == 0)
				strbuf_addstr(sb, quant[rnd(sizeof quant / sizeof quant[0])]);
		}
	}
}

/* Does s hold a literal of every clause of L? */
static int
lits_present(const struct dlt_rx_lits *L, const char *s, size_t n)
{
	size_t	c, k, i, j;
	int	found;

	for (c = 0; c < L->nclauses; c++) {
		found = 0;
		for (k = 0; k < L->n && !found; k++) {
			if (L->clause[k] != c)
				continue;
			for (i = 0; i + L->len[k] <= n && !found; i++) {
				for (j = 0; j < L->len[k]; j++)
					if (L->caseless ? lc((unsigned char)s[i + j]) !=
					    lc((unsigned char)L->lit[k][j]) :
					    s[i + j] != L->lit[k][j])
						break;
				found = j == L->len[k];
			}
		}
		if (!found)
			return (0);
	}
	return (1);
}

static int
lits_are(const char *pattern, int flags, const char *want)
{
	struct dlt_rx_error	 err;
	struct dlt_rx		*rx = dlt_rx_compile(pattern, flags, &err);
	struct dlt_rx_lits	 L;
	struct strbuf		 got = STRBUF_INIT;
	size_t			 k;
	int			 r;

	if (rx == NULL)
		return (0);
	dlt_rx_literals(rx, 3, &L);
	for (k = 0; k < L.n; k++) {
		if (k > 0)
			strbuf_addstr(&got, L.clause[k] != L.clause[k - 1] ? " & " : "|");
		strbuf_add(&got, L.lit[k], L.len[k]);
	}
	if (L.caseless)
		strbuf_addstr(&got, " (caseless)");
	r = strcmp(got.buf != NULL ? got.buf : "", want) == 0;
	if (!r)
		printf("# %s: got '%s', want '%s'\n", pattern, got.buf != NULL ? got.buf : "", want);
	dlt_rx_lits_release(&L);
	strbuf_release(&got);
	dlt_rx_free(rx);
	return (r);
}

static int
gate_case(const char *pattern, int flags, const char *subject, size_t offset)
{
	struct dlt_rx_error	 err;
	struct dlt_rx		*rx = dlt_rx_compile(pattern, flags, &err);
	int			 r;

	if (rx == NULL)
		return (-1);
	r = dlt_rx_match(rx, subject, strlen(subject), offset, NULL);
	dlt_rx_free(rx);
	return (r);
}

/*
 * The first-byte gate of anchored patterns: where it applies, what it
 * turns away, and, on random patterns and subjects, the same answers as
 * an equivalent pattern PCRE2 does not see as anchored.
 */
static void
test_rx_gate(void)
{
	struct dlt_rx_error	 err;
	struct dlt_rx		*rx, *ref;
	struct strbuf		 gen = STRBUF_INIT, sb = STRBUF_INIT, rs = STRBUF_INIT;
	char			 subj[24];
	int			 round, s, flags, differ = 0, gated = 0, patterns = 0;
	size_t			 n, i;

	rx = dlt_rx_compile("^\\s*#\\d+\\s+0x[0-9a-f]+", 0, &err);
	ok(rx != NULL && dlt_rx_gated(rx), "rx gate: a frame format is gated");
	dlt_rx_free(rx);
	rx = dlt_rx_compile("(?m)^#\\d+", 0, &err);
	ok(rx != NULL && !dlt_rx_gated(rx), "rx gate: not in multi-line mode");
	dlt_rx_free(rx);
	rx = dlt_rx_compile("^a?", 0, &err);
	ok(rx != NULL && !dlt_rx_gated(rx), "rx gate: not when the match may be empty");
	dlt_rx_free(rx);
	ok(gate_case("^\\s*#\\d", 0, "\t #1", 0) == 1 && gate_case("^\\s*#\\d", 0, "x#1", 0) == 0,
	    "rx gate: a blank or the byte itself passes, another byte does not");
	ok(gate_case("(?i)^abc", 0, "ABC", 0) == 1 && gate_case("^(?i:a)bc", 0, "Abc", 0) == 1 &&
	    gate_case("^abc", DLT_RX_CASELESS, "AbC", 0) == 1,
	    "rx gate: a caseless first byte passes in both cases");
	ok(gate_case("\\Gx", 0, "abx", 2) == 1 && gate_case("\\Gx", 0, "abx", 1) == 0 &&
	    gate_case("\\Gx", 0, "abx", 3) == 0 && gate_case("^a", 0, "aba", 2) == 0,
	    "rx gate: the byte at the start offset is the one tested");
	for (round = 0; round < 4000; round++) {
		strbuf_reset(&gen);
		gen_rx(&gen, 0);
		strbuf_reset(&rs);
		strbuf_addf(&rs, "(?<![\\s\\S])(?:%s)", gen.buf);
		strbuf_reset(&sb);
		strbuf_addf(&sb, "^(?:%s)", gen.buf);
		flags = rnd(4) == 0 ? DLT_RX_CASELESS : 0;
		if ((rx = dlt_rx_compile(sb.buf, flags, &err)) == NULL)
			continue;
		if ((ref = dlt_rx_compile(rs.buf, flags, &err)) == NULL) {
			dlt_rx_free(rx);
			continue;
		}
		patterns++;
		gated += dlt_rx_gated(rx);
		for (s = 0; s < 40; s++) {
			n = rnd(sizeof subj);
			for (i = 0; i < n; i++)
				subj[i] = "abcAB .(x{12\n"[rnd(13)];
			if (dlt_rx_match(rx, subj, n, 0, NULL) != dlt_rx_match(ref, subj, n, 0, NULL) &&
			    differ++ < 5)
				printf("# gate differs: /%s/ on '%.*s'\n", sb.buf, (int)n, subj);
		}
		dlt_rx_free(rx);
		dlt_rx_free(ref);
	}
	strbuf_release(&gen);
	strbuf_release(&sb);
	strbuf_release(&rs);
	ok(differ == 0 && gated > patterns / 4,
	    "rx gate: the same answers on random patterns (%d patterns, %d gated, %d differ)",
	    patterns, gated, differ);
}

/*
 * dlt_rx_literals: what it derives from the shapes the rules use, and,
 * on random patterns and subjects, never a literal set that a matching
 * subject lacks.
 */
static void
test_rx_literals(void)
{
	struct dlt_rx_error	 err;
	struct dlt_rx		*rx;
	struct dlt_rx_lits	 L;
	struct strbuf		 sb = STRBUF_INIT;
	char			 subj[40];
	int			 round, s, unsound = 0, derived = 0, patterns = 0;
	size_t			 n, i;

	ok(lits_are("Segmentation fault", 0, "Segmentation fault"), "literals: a plain string");
	ok(lits_are("(?:Check failed|CHECK failed): (?<cond>[^\\n]*)", 0,
	    "Check failed: |CHECK failed: "), "literals: a group's plain alternatives continue the run");
	ok(lits_are("(?:Check \\w+|CHECK failed): x", 0, "Check |CHECK failed & : x"),
	    "literals: a group's alternatives");
	ok(lits_are("(?m)^[ \\t]*File \"[^\"\\n]*\", line \\d+, in [^\\n]*\\n"
	    "[ \\t]+[^\\n]*\\b(?:tf|tensorflow)\\.[a-z_]", 0,
	    "File \" & \", line  & , in  & tf.|tensorflow."),
	    "literals: a clause for each run, all needed");
	ok(lits_are("(?:site|dist)-packages[\\\\/]mindspore[\\\\/]|No module named 'mindspore'", 0,
	    "mindspore|No module named 'mindspore' & "
	    "site-packages|dist-packages|No module named 'mindspore'"),
	    "literals: alternatives give a clause for each choice of their clauses");
	/*
	 * Past MAXCLAUSES alternatives one clause of each one's best: the
	 * best of a path is not "site-packages", which every traceback has.
	 */
	ok(lits_are("(?:site|dist)-packages[\\\\/]onnxruntime[\\\\/]|aaa1|aaa2|aaa3|aaa4|aaa5|"
	    "aaa6|aaa7|aaa8|aaa9|aab1|aab2|aab3|aab4|aab5|aab6|aab7|aab8", 0,
	    "onnxruntime|aaa1|aaa2|aaa3|aaa4|aaa5|aaa6|aaa7|aaa8|aaa9|aab1|aab2|"
	    "aab3|aab4|aab5|aab6|aab7|aab8"),
	    "literals: a literal of every traceback is chosen last");
	ok(lits_are("(?:foo|bar)+baz", 0, "foo|bar & baz"),
	    "literals: a repeated group is a clause of its own");
	ok(lits_are("ab(?=cdx)cdxyz", 0, "cdx & cdxyz"),
	    "literals: a lookahead does not continue the run");
	ok(lits_are("(?:a|b|c|d|e)(?:f|g|h|i|j)(?:k|l|m|n)", 0, ""),
	    "literals: no more than 16 strings in a run");
	ok(lits_are("(?i)\\bout of memory\\b|std::bad_alloc", 0,
	    "out of memory|std::bad_alloc (caseless)"), "literals: inline caseless, two alternatives");
	ok(lits_are("abc|x", 0, ""), "literals: none when an alternative has no run of three");
	ok(lits_are("abcd?ef", 0, "abc"), "literals: a quantified byte ends the run");
	ok(lits_are("foo(?!barbaz)qux", 0, "foo & qux"), "literals: a negative lookahead adds nothing");
	ok(lits_are("(?:abcd)?xyz", 0, "abcdxyz|xyz"),
	    "literals: an optional group of plain alternatives continues the run, or not");
	ok(lits_are("\\bTH(?:C)?(?:Tensor|Storage)\\w*", 0,
	    "THCTensor|THCStorage|THTensor|THStorage"),
	    "literals: an optional group, then a group of alternatives");
	ok(lits_are("(?:ab|cd)??xyz", 0, "abxyz|cdxyz|xyz"),
	    "literals: a lazy optional group too");
	ok(lits_are("(?:a\\w)?xyz", 0, "xyz"),
	    "literals: an optional group that is not plain adds nothing");
	ok(lits_are("(?x) abc", 0, ""), "literals: none in extended mode");
	ok(lits_are("a\\x41bc", 0, ""), "literals: none past an escape it does not read");
	ok(lits_are("x{2,}abcd\\.py", 0, "abcd.py"), "literals: escaped punctuation is literal");
	ok(lits_are("Check", DLT_RX_CASELESS, "Check (caseless)"), "literals: a caseless condition");
	for (round = 0; round < 3000; round++) {
		strbuf_reset(&sb);
		gen_rx(&sb, 0);
		if ((rx = dlt_rx_compile(sb.buf, rnd(4) == 0 ? DLT_RX_CASELESS : 0, &err)) == NULL)
			continue;
		patterns++;
		if (dlt_rx_literals(rx, 2, &L) > 0) {
			derived++;
			for (s = 0; s < 60; s++) {
				n = rnd(sizeof subj);
				for (i = 0; i < n; i++)
					subj[i] = "abcAB .(x{12\n"[rnd(13)];
				if (dlt_rx_match(rx, subj, n, 0, NULL) && !lits_present(&L, subj, n)) {
					if (unsound++ < 5)
						printf("# unsound: /%s/ on '%.*s'\n", sb.buf, (int)n, subj);
				}
			}
		}
		dlt_rx_lits_release(&L);
		dlt_rx_free(rx);
	}
	strbuf_release(&sb);
	ok(unsound == 0 && derived > patterns / 10,
	    "literals: sound on random patterns (%d patterns, %d with literals, %d unsound)",
	    patterns, derived, unsound);

	/* byte soup: whatever PCRE2 compiles, nothing unsound, nothing crashes */
	patterns = derived = unsound = 0;
	for (round = 0; round < 40000; round++) {
		static const char soup[] = "abcAB()[]{}|*+?^$.\\:<>=!#xi-,0123 PQEkgK'";
		char	pat[40];

		n = 1 + rnd(30);
		for (i = 0; i < n; i++)
			pat[i] = soup[rnd(sizeof soup - 1)];
		pat[n] = '\0';
		if ((rx = dlt_rx_compile(pat, rnd(3) == 0 ? DLT_RX_CASELESS : 0, &err)) == NULL)
			continue;
		patterns++;
		if (dlt_rx_literals(rx, 1 + rnd(3), &L) > 0) {
			derived++;
			for (s = 0; s < 10; s++) {
				size_t m = rnd(sizeof subj);

				for (i = 0; i < m; i++)
					subj[i] = "abcAB(){}[]:.<>=!x, 0123"[rnd(24)];
				if (dlt_rx_match(rx, subj, m, 0, NULL) && !lits_present(&L, subj, m) &&
				    unsound++ < 5)
					printf("# unsound: /%s/ on '%.*s'\n", pat, (int)m, subj);
			}
		}
		dlt_rx_lits_release(&L);
		dlt_rx_free(rx);
	}
	ok(unsound == 0 && derived > 0,
	    "literals: sound on byte-soup patterns (%d compiled, %d with literals, %d unsound)",
	    patterns, derived, unsound);
}

/* The columns of the tables tested. */
static const struct dlt_table_col table_cols[] = {
	{ "ID", 0, 0, 0 },
	{ "N", 1, 0, 0 },
	{ "TITLE", 0, 1, 4 },
};

/* A table printed into memory, at width. */
static char *
table_text(const struct dlt_table *t, size_t width)
{
	char	*buf = NULL;
	size_t	 len = 0;
	FILE	*fp;

	if ((fp = open_memstream(&buf, &len)) == NULL)
		return (xstrdup(""));
	dlt_table_print(t, fp, width);
	fclose(fp);
	return (buf);
}

static void
test_table(void)
{
	struct dlt_table	 t;
	struct strbuf		 sb = STRBUF_INIT;
	const char		*r1[] = { "a", "7", "short" };
	const char		*r2[] = { "bbb", "12", "caf\xc3\xa9 au lait" };
	const char		*r3[] = { "c", NULL, "x\ty\n\xff" };
	char			*s, *line;

	ok(dlt_text_width("caf\xc3\xa9") == 4, "table: width counts characters");
	dlt_text_cut(&sb, "caf\xc3\xa9 au lait", 5);
	is(sb.buf, "caf\xc3\xa9\xe2\x80\xa6", "table: cut with an ellipsis");
	strbuf_reset(&sb);
	dlt_text_cut(&sb, "abc", 3);
	is(sb.buf, "abc", "table: no cut when it fits");
	strbuf_reset(&sb);
	dlt_text_cut(&sb, "abc", 1);
	is(sb.buf, "\xe2\x80\xa6", "table: width 1 is the ellipsis");
	strbuf_release(&sb);
	line = dlt_text_line("x\ty\n\xff");
	is(line, "x y \xef\xbf\xbd", "table: a cell is one line of UTF-8");
	free(line);

	dlt_table_init(&t, table_cols, 3);
	dlt_table_add(&t, r1);
	dlt_table_add(&t, r2);
	dlt_table_add(&t, r3);
	s = table_text(&t, 0);
	is(s, "ID    N  TITLE\n"
	    "a     7  short\n"
	    "bbb  12  caf\xc3\xa9 au lait\n"
	    "c        x y \xef\xbf\xbd\n", "table: sized to the content");
	free(s);
	s = table_text(&t, 16);
	is(s, "ID    N  TITLE\n"
	    "a     7  short\n"
	    "bbb  12  caf\xc3\xa9 a\xe2\x80\xa6\n"
	    "c        x y \xef\xbf\xbd\n", "table: the title shrinks to fit");
	free(s);
	s = table_text(&t, 5);
	is(s, "ID    N  TIT\xe2\x80\xa6\n"
	    "a     7  sho\xe2\x80\xa6\n"
	    "bbb  12  caf\xe2\x80\xa6\n"
	    "c        x y\xe2\x80\xa6\n", "table: no narrower than its minimum");
	free(s);
	dlt_table_release(&t);
}

/* A diagnostic: each of its lines after "# ". */
static void __attribute__((format(printf, 1, 2)))
note(const char *fmt, ...)
{
	struct strbuf	 sb = STRBUF_INIT;
	va_list		 ap;
	char		*p, *nl;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	for (p = sb.buf; p != NULL; p = nl != NULL ? nl + 1 : NULL) {
		if ((nl = strchr(p, '\n')) != NULL)
			*nl = '\0';
		printf("# %s\n", p);
	}
	strbuf_release(&sb);
}

/* Byte soup for widths: ASCII, controls, valid and broken UTF-8. */
static void
soup(char *buf, size_t len, unsigned long *seed)
{
	static const char *const bits[] = { "a", "Z", " ", "\t", "\n", "\x7f",
	    "\xc3\xa9", "\xe2\x80\xa6", "\xf0\x9f\x98\x80", "\xc3", "\xe2\x80",
	    "\xff", "\x80", "\xed\xa0\x80", "\xe0\x80\x80", "\xf4\x90\x80\x80",
	    "0123456789abcdef" };
	size_t	n = 0, k;

	buf[0] = '\0';
	while (n < len) {
		*seed = *seed * 6364136223846793005UL + 1442695040888963407UL;
		k = (size_t)(*seed >> 33) % (sizeof bits / sizeof bits[0]);
		if (n + strlen(bits[k]) >= len)
			break;
		memcpy(buf + n, bits[k], strlen(bits[k]) + 1);
		n += strlen(bits[k]);
	}
}

/* The rows of t streamed into memory at width, the last cells final. */
static char *
table_stream_text(const struct dlt_table *t, const char *const *rows,
    size_t nrows, size_t width, int *refused)
{
	struct dlt_table_stream	 ts;
	char			*buf = NULL;
	size_t			 len = 0, r;
	FILE			*fp;

	if ((fp = open_memstream(&buf, &len)) == NULL)
		return (xstrdup(""));
	*refused = dlt_table_stream_begin(&ts, t, fp, width) != 0;
	if (!*refused) {
		for (r = 0; r < nrows; r++)
			dlt_table_stream_row(&ts, &rows[r * t->ncols]);
		dlt_table_stream_end(&ts);
	}
	fclose(fp);
	return (buf);
}

/*
 * A table measured and streamed prints what the same rows added print,
 * and the widths it measures are those of the cells it would clean.
 */
static void
test_table_stream(void)
{
	static const char *const least[] = {
		"a", "7", "short",
		"bbb", "12", "caf\xc3\xa9 au lait",
		"c\xff\xe2\x80", NULL, "x\ty\n\xff",
	};
	static const char *const final[] = {
		"a", "7", "[~2 near] short",
		"bbb", "12", "caf\xc3\xa9 au lait",
		"c\xff\xe2\x80", NULL, "[~1 near] x\ty\n\xff",
	};
	static const size_t	widths[] = { 0, 5, 16, 22, 80 };
	struct dlt_table	 measured, added;
	char			 buf[64], *line, *a, *b;
	unsigned long		 seed = 7;
	size_t			 i, r, bad = 0;
	int			 refused, same = 1;

	for (i = 0; i < 100000; i++) {
		soup(buf, 1 + i % sizeof buf, &seed);
		line = dlt_text_line(buf);
		if (dlt_text_line_width(buf) != dlt_text_width(line) && bad++ == 0)
			note("width of '%s': %zu, of its line %zu", buf,
			    dlt_text_line_width(buf), dlt_text_width(line));
		free(line);
	}
	ok(bad == 0 && dlt_text_line_width(NULL) == 0,
	    "table: a cell's width without its line (%zu wrong)", bad);

	dlt_table_init(&measured, table_cols, 3);
	dlt_table_init(&added, table_cols, 3);
	for (r = 0; r < 3; r++) {
		dlt_table_measure(&measured, &least[r * 3]);
		dlt_table_add(&added, &final[r * 3]);
	}
	ok(measured.nrows == 3 && measured.ncells == 0 &&
	    measured.w[0] == 4 && measured.w[1] == 2 && measured.w[2] == 12,
	    "table: measured rows are counted, not kept");
	for (i = 0; i < sizeof widths / sizeof widths[0]; i++) {
		a = table_stream_text(&measured, final, 3, widths[i], &refused);
		b = table_text(&added, widths[i]);
		if (refused || strcmp(a, b) != 0) {
			note("width %zu: streamed%s\n%s\nprinted\n%s", widths[i],
			    refused ? " (refused)" : "", a, b);
			same = 0;
		}
		free(a);
		free(b);
	}
	ok(same, "table: streamed as printed, at every width");
	dlt_table_release(&measured);
	dlt_table_release(&added);
}

/* dlt_text_long and dlt_text_fixed2 against printf. */
static void
test_text_numbers(void)
{
	static const long	longs[] = { 0, 1, -1, 9, 10, -10, 99, 100,
	    123456789, -123456789012L, LONG_MAX, LONG_MIN };
	static const double	fixed[] = { 0.0, -0.0, 0.005, 0.015, 0.125,
	    0.285, 0.5, 0.995, 1.0, 1.005, 2.675, 9.895, 9.9, 9.899999999,
	    9.995, 10.0, -0.001, -1.5, 1e300, -1e300, 123.456 };
	char			 got[DLT_TEXT_NUMLEN], want[DLT_TEXT_NUMLEN];
	unsigned long		 seed = 11;
	size_t			 i, bad = 0;
	double			 v, d;
	long			 k;

	for (i = 0; i < sizeof longs / sizeof longs[0]; i++) {
		dlt_text_long(got, longs[i]);
		snprintf(want, sizeof want, "%ld", longs[i]);
		if (strcmp(got, want) != 0 && bad++ == 0)
			note("%s for %s", got, want);
	}
	ok(bad == 0, "text: integers as printf writes them");

	bad = 0;
	for (i = 0; i < sizeof fixed / sizeof fixed[0] + 3 + 2 * 2200 +
	    2000000; i++) {
		if (i < sizeof fixed / sizeof fixed[0])
			v = fixed[i];
		else if ((k = (long)(i - sizeof fixed / sizeof fixed[0])) < 3)
			v = k == 0 ? NAN : k == 1 ? INFINITY : -INFINITY;
		else if ((k -= 3) < 2 * 2200) {
			/* the ties k / 200 and their neighbours */
			d = (double)(k / 2) / 200.0;
			v = k % 2 == 0 ? nextafter(d, 0.0) : nextafter(d, 20.0);
		} else {
			seed = seed * 6364136223846793005UL +
			    1442695040888963407UL;
			v = (double)(seed >> 11) / 9007199254740992.0 * 10.0;
		}
		dlt_text_fixed2(got, v);
		snprintf(want, sizeof want, "%.2f", v);
		if (strcmp(got, want) != 0 && bad++ == 0)
			note("%s for %s (%.17g)", got, want, v);
	}
	for (k = 0; k <= 2200; k++) {
		v = (double)k / 200.0;
		dlt_text_fixed2(got, v);
		snprintf(want, sizeof want, "%.2f", v);
		if (strcmp(got, want) != 0 && bad++ == 0)
			note("%s for %s (%.17g)", got, want, v);
	}
	ok(bad == 0, "text: %%.2f as printf writes it, ties and all (%zu wrong)",
	    bad);
}

/* One line of a log held in memory, as dlt_logread_next gives it. */
static void
next_line(struct dlt_logread *lr, char *out, size_t outsz)
{
	struct dlt_line	line;

	out[0] = '\0';
	if (dlt_logread_next(lr, &line) == 1)
		snprintf(out, outsz, "%.*s", (int)line.len, line.text);
}

/*
 * The lines of bytes p[0..n) read from a file, joined by '|', into out
 * (as many as fit), and the content hash of all of it (0 when the file
 * could not be made).
 */
static void
file_lines(const char *p, size_t n, char *out, size_t outsz, uint64_t *h)
{
	struct dlt_logread	lr;
	struct dlt_line		line;
	char			path[] = "/tmp/unit-base-XXXXXX";
	size_t			o = 0;
	int			fd;

	out[0] = '\0';
	*h = 0;
	if ((fd = mkstemp(path)) == -1)
		return;
	unlink(path);
	if (write(fd, p, n) != (ssize_t)n || lseek(fd, 0, SEEK_SET) != 0) {
		close(fd);
		return;
	}
	dlt_logread_init_fd(&lr, fd, 1);
	while (dlt_logread_next(&lr, &line) == 1) {
		if (o + line.len + 2 >= outsz)
			continue;
		if (o > 0)
			out[o++] = '|';
		memcpy(out + o, line.text, line.len);
		o += line.len;
		out[o] = '\0';
	}
	*h = dlt_logread_hash(&lr);
	dlt_logread_release(&lr);
	close(fd);
}

/* The content hash of text written to a file and read line by line. */
static uint64_t
hash_of(const char *text)
{
	char		out[8];
	uint64_t	h;

	file_lines(text, strlen(text), out, sizeof out, &h);
	return (h);
}

/*
 * Coloured logs read as the terminal showed them: CSI and OSC sequences
 * and two-byte escapes go, a lone or cut escape stays, a line read
 * again after unread is the same, and the content hash is the file's.
 */
static void
test_logread_escapes(void)
{
	static const char log[] =
	    "\033[1;31mRuntimeError\033[0m: \033[1mshapes differ\033[m\r\n"
	    "\033]0;title\007plain\033Mtext\n"
	    "a lone \033 stays\033[\n"
	    "\033[0mno escape after\n";
	struct dlt_logread	lr;
	struct dlt_line		line;
	char			buf[128];
	uint64_t		h1, h2;

	dlt_logread_init_mem(&lr, log, sizeof log - 1);
	next_line(&lr, buf, sizeof buf);
	is(buf, "RuntimeError: shapes differ", "logread: SGR colours taken out");
	dlt_logread_unread(&lr);
	next_line(&lr, buf, sizeof buf);
	is(buf, "RuntimeError: shapes differ", "logread: the line read again is the same");
	next_line(&lr, buf, sizeof buf);
	is(buf, "plaintext", "logread: OSC title and two-byte escape taken out");
	next_line(&lr, buf, sizeof buf);
	is(buf, "a lone \033 stays\033[", "logread: a lone or cut escape stays");
	next_line(&lr, buf, sizeof buf);
	is(buf, "no escape after", "logread: an escape at the start of a line");
	ok(dlt_logread_next(&lr, &line) == 0, "logread: four lines");
	dlt_logread_release(&lr);

	/*
	 * The content hash is of the file's bytes, escapes and all: two
	 * logs that differ in their colours only are two contents.
	 */
	h1 = hash_of("\033[31mValueError: bad\033[0m\n");
	h2 = hash_of("\033[32mValueError: bad\033[0m\n");
	ok(h1 != 0 && h2 != 0 && h1 != h2, "logread: the content hash is of the bytes as written");
	ok(hash_of("\033[31mValueError: bad\033[0m\n") == h1, "logread: the content hash is stable");
}

/*
 * A byte order mark tells the text's encoding: UTF-8's is dropped,
 * UTF-16 (Windows PowerShell 5's redirection) is read as UTF-8; the
 * content hash is of the text.
 */
/* The line before one read, as long as the window holds it. */
static void
test_logread_prev(void)
{
	static const char log[] = "first\r\nsecond\n\nfourth\n";
	struct dlt_logread	lr;
	struct dlt_line		line, prev, prev2;

	dlt_logread_init_mem(&lr, log, sizeof log - 1);
	ok(dlt_logread_next(&lr, &line) == 1 && !dlt_logread_prev(&lr, &line, &prev),
	    "logread: the first line has none before it");
	ok(dlt_logread_next(&lr, &line) == 1 && dlt_logread_prev(&lr, &line, &prev) &&
	    prev.len == 5 && memcmp(prev.text, "first", 5) == 0 && prev.lineno == 1,
	    "logread: the line before, without its CR");
	ok(dlt_logread_next(&lr, &line) == 1 && dlt_logread_next(&lr, &line) == 1 &&
	    dlt_logread_prev(&lr, &line, &prev) && prev.len == 0 && prev.lineno == 3 &&
	    dlt_logread_prev(&lr, &prev, &prev2) && prev2.lineno == 2 &&
	    prev2.len == 6 && memcmp(prev2.text, "second", 6) == 0,
	    "logread: a blank line before, and the line before that");
	dlt_logread_release(&lr);
}

static void
test_logread_encodings(void)
{
	static const char u8[] = "E: caf\xc3\xa9\r\nx\n";
	static const char bom8[] = "\xef\xbb\xbf" "E: caf\xc3\xa9\r\nx\n";
	static const char u16le[] = "\xff\xfe" "E\0:\0 \0c\0a\0f\0\xe9\0\r\0\n\0x\0\n\0";
	static const char u16be[] = "\xfe\xff" "\0E\0:\0 \0c\0a\0f\0\xe9\0\r\0\n\0x\0\n";
	static const char odd[] = "\xff\xfe" "a\0\n\0" "\x3d\xd8" "b";
	char		out[256];
	uint64_t	h8, h;

	file_lines(u8, sizeof u8 - 1, out, sizeof out, &h8);
	is(out, "E: caf\xc3\xa9|x", "encodings: UTF-8 as it is");
	file_lines(bom8, sizeof bom8 - 1, out, sizeof out, &h);
	is(out, "E: caf\xc3\xa9|x", "encodings: UTF-8's mark dropped");
	ok(h == h8, "encodings: the same text, the same content hash");
	file_lines(u16le, sizeof u16le - 1, out, sizeof out, &h);
	is(out, "E: caf\xc3\xa9|x", "encodings: UTF-16 little-endian read as UTF-8");
	ok(h == h8, "encodings: UTF-16's content hash is its text's");
	file_lines(u16be, sizeof u16be - 1, out, sizeof out, &h);
	is(out, "E: caf\xc3\xa9|x", "encodings: UTF-16 big-endian read as UTF-8");
	file_lines(odd, sizeof odd - 1, out, sizeof out, &h);
	is(out, "a|\xef\xbf\xbd\xef\xbf\xbd", "encodings: a lone half and an odd last byte are U+FFFD");
	file_lines("\xff\xfe", 2, out, sizeof out, &h);
	is(out, "", "encodings: a mark alone is no line");
	file_lines("\xef\xbb\xbf", 3, out, sizeof out, &h);
	is(out, "", "encodings: UTF-8's mark alone is no line");
	test_logread_utf16_big();
}

/*
 * A UTF-16 log bigger than the window, whose first read brings more
 * than the decoder's chunk, with surrogate pairs that straddle the
 * reads: every line comes out whole, on its number.
 */
static void
test_logread_utf16_big(void)
{
	struct dlt_logread	lr;
	struct dlt_line		line;
	unsigned char		*p;
	char			path[] = "/tmp/unit-base-XXXXXX", want[64];
	size_t			n = 0, i, k, lines = 200000, bad = 0, got = 0;
	int			fd;

	p = xmalloc(2 + lines * 64);
	p[n++] = 0xff;
	p[n++] = 0xfe;
	for (i = 0; i < lines; i++) {
		snprintf(want, sizeof want, "line %zu ", i);
		for (k = 0; want[k] != '\0'; k++) {
			p[n++] = (unsigned char)want[k];
			p[n++] = 0;
		}
		/* U+1F600 as a pair, then U+00E9 and a newline */
		memcpy(p + n, "\x3d\xd8\x00\xde\xe9\x00\n\x00", 8);
		n += 8;
	}
	if ((fd = mkstemp(path)) == -1) {
		free(p);
		ok(0, "encodings: a temporary file");
		return;
	}
	unlink(path);
	if (write(fd, p, n) != (ssize_t)n || lseek(fd, 0, SEEK_SET) != 0) {
		close(fd);
		free(p);
		ok(0, "encodings: a temporary file");
		return;
	}
	free(p);
	dlt_logread_init_fd(&lr, fd, 1);
	while (dlt_logread_next(&lr, &line) == 1) {
		k = (size_t)snprintf(want, sizeof want, "line %zu \xf0\x9f\x98\x80\xc3\xa9", got);
		if (line.len != k || memcmp(line.text, want, k) != 0 ||
		    line.lineno != (long)got + 1)
			bad++;
		got++;
	}
	dlt_logread_release(&lr);
	close(fd);
	ok(got == lines && bad == 0, "encodings: a UTF-16 log bigger than the window, every line whole (%zu of %zu, %zu wrong)",
	    got, lines, bad);
}

/*
 * A JSON object on one line whose strings hold escaped line breaks (a
 * structured log's record, a test tool's result) is read as the object
 * with those values cut, then their lines, all on the object's line
 * number; unread inside it, skip to an anchor in it, and look-alikes.
 */
static void
test_logread_records(void)
{
	static const char log[] =
	    "before\n"
	    "{\"case\": 3, \"err\": \"Traceback (most recent call last):\\n  File \\\"a.py\\\", line 2, in f\\nValueError: caf\\u00e9 \\ud83d\\ude00 \\ud800 x\\u0000y\\r\\n\", \"ok\": false}\n"
	    "after\n"
	    "{\"msg\": \"no break here\"}\n"
	    "{\"cut\": \"a\\nb\n"
	    "  {\"t\": \"x\\ny\"}  ";
	static const struct dlt_scan_pattern anchor = { "Error:", 6, 0, 0, 1 };
	struct dlt_scanner	*sc;
	struct dlt_logread	 lr;
	struct dlt_line		 line;
	char			 buf[256];
	long			 no[8];
	int			 i;

	dlt_logread_init_mem(&lr, log, sizeof log - 1);
	next_line(&lr, buf, sizeof buf);
	is(buf, "before", "records: a plain line first");
	dlt_logread_next(&lr, &line);
	no[0] = line.lineno;
	snprintf(buf, sizeof buf, "%.*s", (int)line.len, line.text);
	is(buf, "{\"case\": 3, \"err\": \"...\", \"ok\": false}",
	    "records: the object, its value with line breaks cut");
	next_line(&lr, buf, sizeof buf);
	is(buf, "Traceback (most recent call last):", "records: the value's first line");
	dlt_logread_unread(&lr);
	dlt_logread_next(&lr, &line);
	no[1] = line.lineno;
	snprintf(buf, sizeof buf, "%.*s", (int)line.len, line.text);
	is(buf, "Traceback (most recent call last):", "records: read again after unread");
	next_line(&lr, buf, sizeof buf);
	is(buf, "  File \"a.py\", line 2, in f", "records: an escaped quote, the indentation kept");
	dlt_logread_next(&lr, &line);
	no[2] = line.lineno;
	snprintf(buf, sizeof buf, "%.*s", (int)line.len, line.text);
	is(buf, "ValueError: caf\xc3\xa9 \xf0\x9f\x98\x80 \xef\xbf\xbd x y",
	    "records: \\u escapes, a surrogate pair, a lone half, a NUL; the last break dropped");
	ok(no[0] == 2 && no[1] == 2 && no[2] == 2, "records: every line on the object's line number");
	dlt_logread_next(&lr, &line);
	snprintf(buf, sizeof buf, "%.*s", (int)line.len, line.text);
	ok(strcmp(buf, "after") == 0 && line.lineno == 3, "records: the next line, on the next number");
	next_line(&lr, buf, sizeof buf);
	is(buf, "{\"msg\": \"no break here\"}", "records: an object without line breaks stays");
	next_line(&lr, buf, sizeof buf);
	is(buf, "{\"cut\": \"a\\nb", "records: a string that does not close stays");
	next_line(&lr, buf, sizeof buf);
	is(buf, "{\"t\": \"...\"}", "records: blanks around the object");
	next_line(&lr, buf, sizeof buf);
	is(buf, "x", "records: the last line of the file, with no newline");
	dlt_logread_release(&lr);

	/* skip finds an anchor inside a record, and what follows it */
	sc = dlt_scanner_new(&anchor, 1);
	dlt_logread_init_mem(&lr, log, sizeof log - 1);
	i = dlt_logread_skip(&lr, sc);
	dlt_logread_next(&lr, &line);
	snprintf(buf, sizeof buf, "%.*s", (int)line.len, line.text);
	ok(i == 1 && strncmp(buf, "{\"case\"", 7) == 0, "records: skip stops at the object");
	i = dlt_logread_skip(&lr, sc);
	next_line(&lr, buf, sizeof buf);
	ok(i == 1 && strncmp(buf, "ValueError: caf", 15) == 0, "records: skip goes on to the anchor's line in it");
	i = dlt_logread_skip(&lr, sc);
	ok(i == 0, "records: no anchor after it");
	dlt_logread_release(&lr);
	dlt_scanner_free(sc);

	/* whole_lines: the file's lines as written */
	dlt_logread_init_mem(&lr, log, sizeof log - 1);
	lr.whole_lines = 1;
	next_line(&lr, buf, sizeof buf);
	next_line(&lr, buf, sizeof buf);
	ok(strncmp(buf, "{\"case\": 3, \"err\": \"Traceback", 29) == 0, "records: whole_lines reads the object as written");
	dlt_logread_release(&lr);
}

/*
 * The prefixes that carriers put before each line of a program's output
 * (GitHub Actions and docker times, PyTorch's elastic launcher, Open
 * MPI, Docker BuildKit, srun -l and ctest, Docker Compose, Jenkins'
 * timestamper, syslog and journald, kubectl --prefix, honcho) are taken
 * off; look-alikes are not.
 */
static void
test_logread_prefixes(void)
{
	static const struct {
		const char	*in, *out, *name;
	} c[] = {
		{ "2026-11-30T10:12:01.1234567Z   File \"x.py\", line 3",
		  "  File \"x.py\", line 3", "RFC 3339 time with Z" },
		{ "2026-11-30T10:12:01+01:00 Traceback", "Traceback", "time with a zone" },
		{ "[rank0]:   File \"x.py\"", "  File \"x.py\"", "[rank0]: and its blank" },
		{ "[trainer12]:Traceback", "Traceback", "[role N]: without a blank" },
		{ "[1,0]<stderr>:Traceback", "Traceback", "Open MPI's tag" },
		{ "[trainer1|1]:  File \"x.py\"", " File \"x.py\"", "[role N|N]:" },
		{ "(RayWorkerWrapper pid=206994, ip=192.168.10.25) ERROR x", "ERROR x",
		  "Ray's worker tag" },
		{ "(pid=12) Traceback", "Traceback", "Ray's tag, pid alone" },
		{ "(see above) x", "(see above) x", "a parenthesis stays" },
		{ "(pid=abc) x", "(pid=abc) x", "a pid that is no number stays" },
		{ "2026-11-30T10:12:01Z [rank3]: E", "E", "two prefixes" },
		{ "::error file=t.py,line=11,title=T x::ValueError: bad", "ValueError: bad",
		  "GitHub Actions' error annotation" },
		{ "::warning::UserWarning: w", "UserWarning: w", "an annotation without parameters" },
		{ "::group::fuzz", "::group::fuzz", "a group marker stays" },
		{ "::error file=t.py", "::error file=t.py", "an annotation never closed stays" },
		{ "std::vector::at", "std::vector::at", "a C++ name stays" },
		{ "\033[2m2026-11-30T10:12:01Z\033[0m ValueError: x", "ValueError: x",
		  "a coloured prefix" },
		{ "2017-05-14 14:50:38.673877: I tensorflow/core/x.cc:1] y",
		  "2017-05-14 14:50:38.673877: I tensorflow/core/x.cc:1] y",
		  "TensorFlow's own time stays" },
		{ "2026-11-30T10:12:01 no zone", "2026-11-30T10:12:01 no zone",
		  "a time without a zone stays" },
		{ "[W socket.cpp:663] warning", "[W socket.cpp:663] warning",
		  "a bracketed log tag stays" },
		{ "[0]: value", "[0]: value", "an index stays" },
		{ "[rank0]:", "", "a prefix alone" },
		{ "#0 3828.7 CMake Error at CMakeLists.txt:11 (message):",
		  "CMake Error at CMakeLists.txt:11 (message):", "Docker BuildKit's step and time" },
		{ "#12 0.512   File \"x.py\", line 3", "  File \"x.py\", line 3",
		  "BuildKit's prefix keeps the indentation" },
		{ "#0  0x00007f0b5ee7e3f0 in strlen@plt ()", "#0  0x00007f0b5ee7e3f0 in strlen@plt ()",
		  "a gdb frame stays" },
		{ "#3 12 items", "#3 12 items", "a number without its fraction stays" },
		{ "0: Traceback (most recent call last):", "Traceback (most recent call last):",
		  "srun -l's task number" },
		{ "12|   File \"x.py\", line 3", "  File \"x.py\", line 3",
		  "a task number and a bar keep the indentation" },
		{ "1:23:45 elapsed", "1:23:45 elapsed", "a time of day stays" },
		{ "0x7f00: bad", "0x7f00: bad", "an address stays" },
		{ "worker-0  | Traceback", "Traceback", "Docker Compose's service" },
		{ "trainer_12 |   File \"x.py\"", "  File \"x.py\"",
		  "Compose's service with _ and one blank" },
		{ "worker  | x", "worker  | x", "a name without a replica number stays" },
		{ "[host1] Traceback (most recent call last):", "Traceback (most recent call last):",
		  "[role N] and a blank" },
		{ "[host] x", "[host] x", "a bracketed word without a number stays" },
		{ "[2026-12-06T11:28:25.581Z] Traceback", "Traceback",
		  "Jenkins' timestamper" },
		{ "[2026-12-06T11:28:25] x", "[2026-12-06T11:28:25] x",
		  "a bracketed time without a zone stays" },
		{ "Dec  6 11:29:25 scoring-02 scorer[16957]:   File \"x.py\"",
		  "  File \"x.py\"", "syslog's time, host, program and pid" },
		{ "Dec 06 11:28:23 node-7 python3[16735]: Traceback", "Traceback",
		  "journald's, a two-digit day" },
		{ "Dec 06 11:28:23 node-7 kernel: oom-kill", "oom-kill",
		  "syslog without a pid" },
		{ "Dec 06 was the day: x", "Dec 06 was the day: x", "a date in prose stays" },
		{ "[pod/trainer-5d8f/trainer] Traceback", "Traceback",
		  "kubectl logs --prefix" },
		{ "[pod/trainer] x", "[pod/trainer] x", "a path of one slash stays" },
		{ "11:29:03 train.1 | Traceback", "Traceback", "honcho's time and process" },
		{ "11:29:03 train | x", "11:29:03 train | x",
		  "a time and a name without its number stays" },
		{ "\033_bk;t=1796556504173\007  File \"x.py\"", "  File \"x.py\"",
		  "Buildkite's time stamp, an APC sequence" },
		{ "E1203 05:29:13.209000 16014 torch/_subclasses/fake_tensor.py:3090] [0/0] Traceback",
		  "Traceback", "PyTorch's logging's head at E, its compile tag" },
		{ "W1206 11:30:01.000000 17 torch/distributed/run.py:803] x", "x",
		  "PyTorch's logging's head at W, no tag" },
		{ "I1206 11:29:52.048000 17041 torch/_dynamo/convert_frame.py:2413] [0/0_1] x",
		  "I1206 11:29:52.048000 17041 torch/_dynamo/convert_frame.py:2413] [0/0_1] x",
		  "at I the head stays" },
		{ "E1206 11:29:52.048000 17041 op_kernel.cc:1828] x",
		  "E1206 11:29:52.048000 17041 op_kernel.cc:1828] x",
		  "a native glog line's head stays" },
	};
	struct dlt_logread	lr;
	char			buf[128], name[96];
	size_t			i;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		dlt_logread_init_mem(&lr, c[i].in, strlen(c[i].in));
		next_line(&lr, buf, sizeof buf);
		dlt_logread_release(&lr);
		snprintf(name, sizeof name, "logread prefix: %s", c[i].name);
		is(buf, c[i].out, name);
	}
}

int
main(void)
{
	test_diag();
	test_json();
	test_vocab();
	test_yaml();
	test_scan();
	test_rx_literals();
	test_rx_gate();
	test_table();
	test_table_stream();
	test_text_numbers();
	test_logread_escapes();
	test_logread_prev();
	test_logread_prefixes();
	test_logread_records();
	test_logread_encodings();
	return (tap_done());
}
