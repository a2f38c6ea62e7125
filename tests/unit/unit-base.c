/*
 * unit-base.c: unit tests of the base modules (diag, json writer, vocab,
 * YAML scalar helpers), linked against libdlt.a.  Prints TAP.
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "json.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"
#include "yaml-node.h"
#include "tap.h"


static void	test_diag(void);
static void	test_json(void);
static void	test_vocab(void);
static void	test_yaml(void);

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

int
main(void)
{
	test_diag();
	test_json();
	test_vocab();
	test_yaml();
	return (tap_done());
}
