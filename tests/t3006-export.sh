#!/bin/sh
# t3006: `dltriage export`: every format of a store made by classify
# (and JUnit of one made by run, tests/unit/unit-store), each read back
# by a parser of its own: JSON Lines and CSV by python3's json and csv,
# JUnit XML by xml.etree, SARIF by a validator of the properties SARIF
# 2.1.0 requires (below), HTML by html.parser and, when it is
# installed, by headless Chromium, which runs the report's script.  The
# filters and their refusals, -o, a missing store and a file that is no
# store; a hostile log (markup, a script, control bytes) stays text in
# every format.  Nothing may crash.
. "$(dirname "$0")/test-lib.sh"

logs="$TEST_SRCDIR/corpus/logs"
db="$TEST_TMP/s.db"
unit="$TEST_BUILDDIR/tests/unit/unit-store"

if ! "$PYTHON3" -c 'import json, csv, xml.etree.ElementTree, html.parser' \
    >/dev/null 2>&1; then
	test_skip 'export' 'python3 not found'
	test_done
	exit 0
fi

# A traceback whose message is hostile: markup that would end the
# table and start a script, quotes, and control bytes.
hostile_log() {
	printf 'Traceback (most recent call last):\n'
	printf '  File "/home/ci/run.py", line 3, in <module>\n'
	printf '    torch.ops.aten.bad(x)\n'
	# a lone ESC (no sequence after it: a coloured log's sequences are
	# taken out when it is read, see dltriage-classify(1))
	printf 'RuntimeError: bad: </table><script>alert(1)</script> "q" & \001\002\033\177 end\n'
}

test_expect_success 'setup: classify the bundled logs and a hostile one' '
	cp "$logs"/*.log "$TEST_TMP"/ &&
	hostile_log >"$TEST_TMP/hostile.log" &&
	(cd "$TEST_TMP" && dltriage classify -q --db s.db ./*.log >/dev/null) &&
	test -s "$db" &&
	(cd "$TEST_TMP" && dltriage classify --format json ./*.log) \
	    >"$TEST_TMP/classify.json" &&
	test -s "$TEST_TMP/classify.json"
'

test_expect_success 'json: one object per failure, the fields of classify and more' '
	dltriage export --db "$db" --format json >out.json &&
	"$PYTHON3" - "$TEST_TMP/classify.json" <<-\EOF
	import json, sys
	rows = [json.loads(l) for l in open("out.json")]
	want = [json.loads(l) for l in open(sys.argv[1])]
	assert len(rows) == len(want) > 0, (len(rows), len(want))
	assert len({r["id"] for r in rows}) == len(rows)
	for r in rows:
	    for k in ("source", "line_start", "line_end", "class", "kind",
	              "framework", "exception", "frames", "signature", "bucket",
	              "rule", "evidence", "priority", "confidence", "security",
	              "run"):
	        assert k in r, (k, r)
	    assert r["run"] is None
	    assert r["priority"] in ("high", "medium", "low", "unknown"), r
	# the same failures as classify found, bucket for bucket
	assert sorted(r["bucket"] for r in rows) == \
	    sorted(w["bucket"] for w in want)
	EOF
'

test_expect_success 'json --what buckets: one object per unique defect' '
	dltriage export --db "$db" --format json --what buckets >b.json &&
	dltriage export --db "$db" --format json >f.json &&
	"$PYTHON3" - <<-\EOF
	import json
	b = [json.loads(l) for l in open("b.json")]
	f = [json.loads(l) for l in open("f.json")]
	assert sorted(x["bucket"] for x in b) == sorted({x["bucket"] for x in f})
	for x in b:
	    n = sum(1 for y in f if y["bucket"] == x["bucket"])
	    assert x["count"] == n, (x, n)
	    assert x["first_seen"].endswith("Z"), x
	EOF
'

test_expect_success 'csv: RFC 4180, the documented header, a row per failure' '
	dltriage export --db "$db" --format csv >out.csv &&
	dltriage export --db "$db" --format csv --what buckets >b.csv &&
	dltriage export --db "$db" --format json >out.json &&
	head -n 1 out.csv | od -c | grep -q "\\\\r  \\\\n" &&
	"$PYTHON3" - <<-\EOF
	import csv, json
	rows = list(csv.reader(open("out.csv", newline="")))
	assert rows[0] == ["id", "source", "line_start", "line_end", "class",
	    "kind", "framework", "exception_type", "exception_message",
	    "top_frame", "signature", "bucket", "rule", "priority",
	    "confidence", "security", "model", "mutant", "operator",
	    "execution_framework", "status"], rows[0]
	f = [json.loads(l) for l in open("out.json")]
	assert len(rows) - 1 == len(f), (len(rows), len(f))
	for r, j in zip(rows[1:], f):
	    assert len(r) == len(rows[0]), r
	    assert int(r[0]) == j["id"] and r[11] == j["bucket"], (r, j)
	    assert r[10] == j["signature"], (r, j)
	b = list(csv.DictReader(open("b.csv", newline="")))
	assert len(b) == len({x["bucket"] for x in f})
	assert list(b[0].keys()) == ["bucket", "class", "kind", "framework",
	    "priority", "count", "first_seen", "last_seen", "rule",
	    "top_frame", "security", "signature"]
	EOF
'

test_expect_success 'filters keep what they name; aliases; several together' '
	dltriage export --db "$db" --format json --class crash,nan >c.json &&
	dltriage export --db "$db" --format json --framework torch >t.json &&
	dltriage export --db "$db" --format json --what buckets \
	    --class crash --priority high,medium >cp.json &&
	"$PYTHON3" - <<-\EOF
	import json
	c = [json.loads(l) for l in open("c.json")]
	assert c and {x["class"] for x in c} <= {"crash", "nan"}, c
	assert "nan" in {x["class"] for x in c}
	t = [json.loads(l) for l in open("t.json")]
	assert t and {x["framework"] for x in t} == {"pytorch"}, t
	cp = [json.loads(l) for l in open("cp.json")]
	assert cp and all(x["class"] == "crash" and
	    x["priority"] in ("high", "medium") for x in cp), cp
	EOF
'

test_expect_success 'a misspelt filter name: exit 2 with the nearest name' '
	test_must_fail --code=2 dltriage export --db "$db" --format json \
	    --class nan,crsh 2>err &&
	grep "unknown class .crsh. (did you mean .crash.?)" err &&
	test_must_fail --code=2 dltriage export --db "$db" --format json \
	    --framework pytroch 2>err &&
	grep "unknown framework .pytroch. (did you mean .pytorch.?)" err &&
	test_must_fail --code=2 dltriage export --db "$db" --format json \
	    --priority hihg 2>err &&
	grep "unknown priority .hihg. (did you mean .high.?)" err &&
	test_must_fail --code=2 dltriage export --db "$db" --format json \
	    --class , 2>err &&
	grep "no class named" err
'

test_expect_success 'usage errors: no format, a bad one, an operand, no store' '
	test_must_fail --code=2 dltriage export --db "$db" 2>err &&
	grep "needs a format" err &&
	test_must_fail --code=2 dltriage export --db "$db" --format xml 2>err &&
	grep "unknown format .xml." err &&
	test_must_fail --code=2 dltriage export --db "$db" --format json x 2>err &&
	grep "takes no operand" err &&
	test_must_fail --code=2 dltriage export --format json 2>err &&
	grep "needs a store" err &&
	test_must_fail --code=2 dltriage export --db "$db" --format junit \
	    --what buckets 2>err &&
	grep "what is for json and csv, not junit" err
'

test_expect_success 'DLTRIAGE_DB names the store' '
	DLTRIAGE_DB=$db dltriage export --format csv >a.csv &&
	dltriage export --db "$db" --format csv >b.csv &&
	test_cmp a.csv b.csv
'

test_expect_success 'a missing store is refused, not created; a file that is no store' '
	test_must_fail --code=4 dltriage export --db nope.db --format json 2>err &&
	grep "cannot open store .nope.db.: No such file or directory" err &&
	test ! -e nope.db &&
	echo "not a store" >x.db && cp x.db x.orig &&
	test_must_fail --code=4 dltriage export --db x.db --format csv 2>err &&
	grep "is not a dltriage store" err &&
	test_cmp x.orig x.db
'

test_expect_success '-o writes the file whole; a failed export leaves it as it was' '
	dltriage export --db "$db" --format csv -o out.csv >stdout &&
	test_must_be_empty stdout &&
	dltriage export --db "$db" --format csv >want.csv &&
	test_cmp want.csv out.csv &&
	test_must_fail --code=4 dltriage export --db nope.db --format json \
	    -o out.csv &&
	test_cmp want.csv out.csv &&
	echo file >f &&
	test_must_fail --code=6 dltriage export --db "$db" --format csv \
	    -o f/out.csv 2>err &&
	grep "cannot write .f/out.csv." err &&
	! ls | grep tmp &&
	cp "$db" mine.db && cp mine.db mine.orig &&
	test_must_fail --code=2 dltriage export --db mine.db --format csv \
	    -o ./mine.db 2>err &&
	grep "is the store: not written over" err &&
	test_cmp mine.orig mine.db
'

test_expect_success 'a closed pipe is not a crash' '
	dltriage export --db "$db" --format json | head -n 1 >one &&
	test $(wc -l <one) -eq 1
'

test_expect_success 'hostile log text stays text in JSON Lines and CSV' '
	dltriage export --db "$db" --format json >out.json &&
	dltriage export --db "$db" --format csv >out.csv &&
	"$PYTHON3" - <<-\EOF
	import csv, json
	rows = [json.loads(l) for l in open("out.json")]
	h = [r for r in rows if r["source"].endswith("hostile.log")]
	assert len(h) == 1, h
	msg = h[0]["exception"]["message"]
	assert "</table><script>alert(1)</script>" in msg, msg
	c = [r for r in csv.DictReader(open("out.csv", newline=""))
	     if r["source"].endswith("hostile.log")]
	assert len(c) == 1 and "<script>" in c[0]["exception_message"], c
	EOF
'

# check_junit FILE: well formed, and the counts on <testsuites> and each
# <testsuite> are those of the test cases inside.
cat >"$TEST_TMP/junit_check.py" <<'PYEOF'
import sys, xml.etree.ElementTree as ET

def check(path):
    root = ET.parse(path).getroot()
    assert root.tag == "testsuites", root.tag
    total = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    suites = root.findall("testsuite")
    assert suites, "no testsuite"
    for s in suites:
        cases = s.findall("testcase")
        n = {"tests": len(cases),
             "failures": sum(1 for c in cases if c.find("failure") is not None),
             "errors": sum(1 for c in cases if c.find("error") is not None),
             "skipped": sum(1 for c in cases if c.find("skipped") is not None)}
        for k, v in n.items():
            assert int(s.get(k)) == v, (s.get("name"), k, s.get(k), v)
            total[k] += v
        for c in cases:
            assert c.get("classname") and c.get("name"), c.attrib
            verdicts = [e for e in c if e.tag in ("failure", "error", "skipped")]
            assert len(verdicts) <= 1, c.attrib
        float(s.get("time"))
    for k, v in total.items():
        assert int(root.get(k)) == v, (k, root.get(k), v)
    return root

if __name__ == "__main__":
    check(sys.argv[1])
PYEOF

test_expect_success 'junit: well formed, a test case per file, counts that add up' '
	dltriage export --db "$db" --format junit >j.xml &&
	dltriage export --db "$db" --format json >f.json &&
	PYTHONPATH=$TEST_TMP "$PYTHON3" - <<-\EOF
	import json, junit_check as junit
	root = junit.check("j.xml")
	cases = root.findall("testsuite/testcase")
	f = [json.loads(l) for l in open("f.json")]
	files = {}
	for x in f:
	    files.setdefault(x["source"].rsplit("/", 1)[-1], []).append(x["class"])
	# every log classified is a test case, clean ones too
	assert len(cases) == 23, len(cases)
	by = {c.get("name"): c for c in cases}
	assert by["clean.log"].find("*") is None
	fp_only = [k for k, v in files.items() if set(v) == {"false-positive"}]
	real = [k for k, v in files.items() if set(v) - {"false-positive"}]
	assert fp_only and real
	assert int(root.get("skipped")) == len(fp_only), (root.get("skipped"), fp_only)
	assert int(root.get("failures")) == len(real)
	for k in fp_only:
	    s = by[k].find("skipped")
	    assert s is not None and s.get("message").startswith("false positive: ")
	for k in real:
	    e = by[k].find("failure")
	    assert e is not None and "/" in e.get("type"), k
	    assert e.text and "lines" in e.text, e.text
	EOF
'

test_expect_success 'junit: a log classified again after it changed is one case' '
	cp "$logs/tf-check-failure.log" a.log &&
	dltriage classify -q --db c.db a.log >/dev/null &&
	cp "$logs/jax-shape-typeerror.log" a.log &&
	dltriage classify -q --db c.db a.log >/dev/null &&
	dltriage export --db c.db --format junit >j.xml &&
	PYTHONPATH=$TEST_TMP "$PYTHON3" - <<-\EOF
	import junit_check as junit
	root = junit.check("j.xml")
	cases = list(root.iter("testcase"))
	assert len(cases) == 1, [c.attrib for c in cases]
	# the content it has now: a false positive
	assert cases[0].find("skipped") is not None
	EOF
'

test_expect_success 'junit --class crash: only crashes fail' '
	dltriage export --db "$db" --format junit --class crash >j.xml &&
	dltriage export --db "$db" --format json --class crash >c.json &&
	PYTHONPATH=$TEST_TMP "$PYTHON3" - <<-\EOF
	import json, junit_check as junit
	root = junit.check("j.xml")
	c = {json.loads(l)["source"] for l in open("c.json")}
	assert int(root.get("failures")) == len(c) > 0
	assert int(root.get("skipped")) == 0
	for e in root.iter("failure"):
	    assert e.get("type").startswith("crash/"), e.attrib
	EOF
'

test_expect_success 'junit: hostile log text is text, not markup' '
	dltriage export --db "$db" --format junit >j.xml &&
	PYTHONPATH=$TEST_TMP "$PYTHON3" - <<-\EOF
	import junit_check as junit
	root = junit.check("j.xml")
	c = [c for c in root.iter("testcase") if c.get("name") == "hostile.log"]
	assert len(c) == 1
	e = c[0].find("failure")
	assert "</table><script>alert(1)</script>" in e.get("message"), e.attrib
	assert "\u2401\u2402\u241b\u2421" in e.text, repr(e.text)
	assert root.find(".//script") is None and root.find(".//table") is None
	EOF
'

if [ -x "$unit" ]; then
	test_expect_success 'junit of a run: a test case per execution, oracles per mutant' '
		"$unit" run "$TEST_TMP/r.db" 0 1 >/dev/null &&
		dltriage export --db "$TEST_TMP/r.db" --format junit >j.xml &&
		PYTHONPATH=$TEST_TMP "$PYTHON3" - <<-\EOF
		import re, junit_check as junit
		root = junit.check("j.xml")
		suites = root.findall("testsuite")
		assert [s.get("name") for s in suites] == ["dltriage run"], suites
		cases = suites[0].findall("testcase")
		runs = [c for c in cases if c.get("name") != "oracles"]
		assert len(runs) == 36, len(runs)
		assert {c.get("name") for c in runs} == \
		    {"pytorch", "tensorflow", "jax"}
		for c in cases:
		    assert re.fullmatch(r"model\d/mutant-\d+", c.get("classname")), c.attrib
		assert any(c.get("name") == "oracles" for c in cases)
		for k in ("failures", "errors", "skipped"):
		    assert int(root.get(k)) > 0, (k, root.attrib)
		for e in root.iter("error"):
		    assert e.get("type") in ("harness", "illegal"), e.attrib
		EOF
	'
	test_expect_success 'junit of a run --framework jax: its executions only' '
		dltriage export --db "$TEST_TMP/r.db" --format junit --framework jax >j.xml &&
		PYTHONPATH=$TEST_TMP "$PYTHON3" - <<-\EOF
		import junit_check as junit
		root = junit.check("j.xml")
		names = {c.get("name") for c in root.iter("testcase")}
		assert names <= {"jax", "oracles"}, names
		EOF
	'
else
	test_skip 'junit of a run' 'tests/unit/unit-store is not built'
	test_skip 'junit of a run --framework jax' 'tests/unit/unit-store is not built'
fi

# sarif_check.py FILE: the properties SARIF 2.1.0 requires of what export
# writes (written from the specification's text, not its schema file):
# version, $schema, runs[].tool.driver.name, unique rule ids, every
# result's message.text, ruleId among the rules (and ruleIndex pointing
# at it), level and kind from their enumerations and consistent, the
# shape of locations, partialFingerprints as strings.  Prints the number
# of results.
cat >"$TEST_TMP/sarif_check.py" <<'PYEOF'
import json, re, sys, urllib.parse

LEVELS = {"none", "note", "warning", "error"}
KINDS = {"notApplicable", "pass", "fail", "review", "open", "informational"}

def is_str(v):
    return isinstance(v, str) and v != ""

def check_uri(u):
    assert is_str(u) and not re.search(r"[\s\"<>\\^`{|}]", u), u
    p = urllib.parse.urlsplit(u)
    if p.scheme:
        assert re.fullmatch(r"[a-zA-Z][a-zA-Z0-9+.-]*", p.scheme), u

def check_region(r):
    assert isinstance(r["startLine"], int) and r["startLine"] >= 1, r
    if "endLine" in r:
        assert isinstance(r["endLine"], int) and r["endLine"] >= r["startLine"], r

def check_physical(p):
    check_uri(p["artifactLocation"]["uri"])
    if "region" in p:
        check_region(p["region"])

def check_location(loc):
    assert isinstance(loc, dict), loc
    assert "physicalLocation" in loc or "logicalLocations" in loc, loc
    if "physicalLocation" in loc:
        check_physical(loc["physicalLocation"])
    for l in loc.get("logicalLocations", []):
        assert is_str(l.get("name")) or is_str(l.get("fullyQualifiedName")), l
        if "kind" in l:
            assert is_str(l["kind"]), l

def check(doc):
    assert doc["version"] == "2.1.0", doc.get("version")
    check_uri(doc["$schema"])
    assert isinstance(doc["runs"], list) and doc["runs"], "runs"
    n = 0
    for run in doc["runs"]:
        driver = run["tool"]["driver"]
        assert is_str(driver["name"]), driver
        if "informationUri" in driver:
            check_uri(driver["informationUri"])
        rules = driver.get("rules", [])
        ids = [r["id"] for r in rules]
        assert all(is_str(i) for i in ids) and len(ids) == len(set(ids)), ids
        for r in rules:
            if "shortDescription" in r:
                assert is_str(r["shortDescription"]["text"]), r
            lv = r.get("defaultConfiguration", {}).get("level", "warning")
            assert lv in LEVELS, r
        for res in run["results"]:
            assert is_str(res["message"]["text"]), res
            assert res["ruleId"] in ids, res["ruleId"]
            if "ruleIndex" in res:
                assert ids[res["ruleIndex"]] == res["ruleId"], res
            kind = res.get("kind", "fail")
            level = res.get("level", "warning" if kind == "fail" else "none")
            assert kind in KINDS and level in LEVELS, res
            if kind != "fail":
                assert level == "none", res
            assert isinstance(res["locations"], list) and res["locations"], res
            for loc in res["locations"]:
                check_location(loc)
            for loc in res.get("relatedLocations", []):
                check_location(loc)
                assert isinstance(loc["id"], int) and loc["id"] >= 0, loc
            fp = res["partialFingerprints"]
            assert fp and all(is_str(k) and is_str(v) for k, v in fp.items()), fp
            if "occurrenceCount" in res:
                assert isinstance(res["occurrenceCount"], int) and \
                    res["occurrenceCount"] >= 1, res
            n += 1
    return n

if __name__ == "__main__":
    print(check(json.load(open(sys.argv[1]))))
PYEOF

test_expect_success 'sarif: valid SARIF 2.1.0, a result per bucket, fingerprints the ids' '
	dltriage export --db "$db" --format sarif >s.sarif &&
	dltriage export --db "$db" --format json --what buckets >b.json &&
	"$PYTHON3" "$TEST_TMP/sarif_check.py" s.sarif >n &&
	test "$(cat n)" -eq "$(wc -l <b.json)" &&
	"$PYTHON3" - <<-\EOF
	import json
	d = json.load(open("s.sarif"))
	run = d["runs"][0]
	b = {x["bucket"]: x for x in map(json.loads, open("b.json"))}
	fps = [r["partialFingerprints"]["dltriageBucket/v1"] for r in run["results"]]
	assert sorted(fps) == sorted(b), fps
	rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
	# the descriptions of the rule set
	assert rules["asan-memory-error"]["shortDescription"]["text"].startswith("ASan")
	for r in run["results"]:
	    x = b[r["partialFingerprints"]["dltriageBucket/v1"]]
	    assert r["message"]["text"] == x["signature"]
	    assert r["ruleId"] == x["rule"]
	    if x["class"] == "false-positive":
	        assert r["kind"] == "pass" and r["level"] == "none"
	    elif x["priority"] == "high":
	        assert r["level"] == "error", r
	# the ASan report names the file and line of its top frame
	asan = [r for r in run["results"] if r["ruleId"] == "asan-memory-error"][0]
	pl = asan["locations"][0]["physicalLocation"]
	assert pl["artifactLocation"]["uri"].endswith("TensorAdvancedIndexing.cpp"), pl
	assert pl["region"]["startLine"] == 1412, pl
	assert asan["locations"][0]["logicalLocations"][0]["name"] == \
	    "at::native::index_select_out_cpu_"
	EOF
'

test_expect_success 'sarif without the rule set: the rules are still named' '
	dltriage export --db "$db" --format sarif --no-default-rules >s.sarif &&
	"$PYTHON3" "$TEST_TMP/sarif_check.py" s.sarif >n &&
	test "$(cat n)" -gt 0 &&
	grep "not in the rule set loaded" s.sarif
'

test_expect_success 'sarif --class: only those defects' '
	dltriage export --db "$db" --format sarif --class crash >s.sarif &&
	"$PYTHON3" "$TEST_TMP/sarif_check.py" s.sarif >n &&
	dltriage export --db "$db" --format json --what buckets --class crash >b.json &&
	test "$(cat n)" -eq "$(wc -l <b.json)"
'

if [ -x "$unit" ]; then
	test_expect_success 'sarif of a run: rules for failures no rule decided' '
		dltriage export --db "$TEST_TMP/r.db" --format sarif >s.sarif &&
		"$PYTHON3" "$TEST_TMP/sarif_check.py" s.sarif >n &&
		test "$(cat n)" -gt 0 &&
		grep "\"class:crash\"" s.sarif
	'
else
	test_skip 'sarif of a run' 'tests/unit/unit-store is not built'
fi

test_expect_success 'sarif: hostile log text is a string' '
	dltriage export --db "$db" --format sarif >s.sarif &&
	"$PYTHON3" "$TEST_TMP/sarif_check.py" s.sarif >n &&
	grep -c "alert(1)" s.sarif
'

# report_check.py FILE [sorted-by-count]: parse the report with html.parser and
# check it: elements closed in order, one row of the defects table per
# bucket, each linking to a section of its own, the pictures, no
# external asset, one script; with a second argument, what the browser's
# script did (the table sortable, sorted by failures, most first).
# Prints the number of rows.
cat >"$TEST_TMP/report_check.py" <<'PYEOF'
import html.parser, re, sys

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "source", "track", "wbr"}

class Report(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.rows, self.ids, self.links = [], [], set(), []
        self.tags, self.text, self.attrs = {}, [], []
        self.row = None
        self.table = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags[tag] = self.tags.get(tag, 0) + 1
        self.attrs.append((tag, a))
        if "id" in a:
            assert a["id"] not in self.ids, "duplicate id " + a["id"]
            self.ids.add(a["id"])
        if tag == "table" and a.get("id") == "defects-table":
            self.table = a
        if tag == "tr" and "tbody" in self.stack and "data-bucket" in a:
            self.row = {"bucket": a["data-bucket"], "cells": []}
            self.rows.append(self.row)
        if tag == "td" and self.row is not None:
            self.row["cells"].append(a)
        if tag == "a" and self.row is not None:
            self.links.append(a.get("href"))
        if tag not in VOID:
            self.stack.append(tag)
    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()
    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-6:])
        self.stack.pop()
        if tag == "tr":
            self.row = None
    def handle_data(self, data):
        self.text.append(data)

r = Report()
r.feed(open(sys.argv[1], encoding="utf-8").read())
r.close()
assert not r.stack, r.stack
assert r.table is not None, "no defects table"
text = "".join(r.text)
assert r.tags.get("svg", 0) >= 3, r.tags
for t in ("polyline", "rect", "circle", "text") if r.rows else ("text",):
    assert r.tags.get(t, 0) > 0, t
assert r.tags.get("script") == 1 and r.tags.get("style") == 1, r.tags
assert "link" not in r.tags and "img" not in r.tags and "iframe" not in r.tags
for tag, a in r.attrs:
    for k in ("src", "href", "action", "data"):
        v = a.get(k) or ""
        assert not re.match(r"\s*(https?:)?//", v, re.I), (tag, k, v)
    assert tag != "script" or "src" not in a, a
for row, href in zip(r.rows, r.links):
    assert href == "#" + row["bucket"], (href, row)
    assert row["bucket"] in r.ids, row
assert len(r.links) == len(r.rows)
if len(sys.argv) > 2:
    assert r.table.get("data-sortable") == "yes", r.table
    counts = [int(row["cells"][4]["data-sort"]) for row in r.rows]
    assert counts == sorted(counts, reverse=True), counts
    heads = [a for t, a in r.attrs if t == "th" and a.get("data-key") == "count"]
    assert heads[0].get("aria-sort") == "descending", heads
print(len(r.rows))
PYEOF

test_expect_success 'html: one self-contained document, a row and a page per bucket' '
	dltriage export --db "$db" --format html -o r.html &&
	dltriage export --db "$db" --format json --what buckets >b.json &&
	head -n 1 r.html | grep -x "<!DOCTYPE html>" &&
	"$PYTHON3" "$TEST_TMP/report_check.py" r.html >n &&
	test "$(cat n)" -eq "$(wc -l <b.json)" &&
	grep "id=\"discovery\"" r.html &&
	grep "id=\"per-class\"" r.html &&
	grep "id=\"per-framework\"" r.html
'

test_expect_success 'html --framework: the table, the pictures and the counts follow' '
	dltriage export --db "$db" --format html --framework jax >r.html &&
	dltriage export --db "$db" --format json --what buckets --framework jax >b.json &&
	"$PYTHON3" "$TEST_TMP/report_check.py" r.html >n &&
	test "$(cat n)" -eq "$(wc -l <b.json)" &&
	grep "Failures per framework (4 in all)" r.html
'

test_expect_success 'html: hostile log text is text; the only script is ours' '
	dltriage export --db "$db" --format html >r.html &&
	"$PYTHON3" "$TEST_TMP/report_check.py" r.html >n &&
	grep "&lt;/table&gt;&lt;script&gt;alert(1)&lt;/script&gt;" r.html &&
	test $(grep -c "<script" r.html) -eq 1 &&
	! grep "$(printf "\001")" r.html
'

if [ -x "$unit" ]; then
	test_expect_success 'html of a run' '
		dltriage export --db "$TEST_TMP/r.db" --format html >r.html &&
		"$PYTHON3" "$TEST_TMP/report_check.py" r.html >n &&
		test "$(cat n)" -gt 0 &&
		grep "executions" r.html
	'
else
	test_skip 'html of a run' 'tests/unit/unit-store is not built'
fi

test_expect_success 'html of an empty store' '
	: >empty.log &&
	dltriage classify -q --db e.db empty.log >/dev/null &&
	dltriage export --db e.db --format html >r.html &&
	"$PYTHON3" "$TEST_TMP/report_check.py" r.html >n &&
	test "$(cat n)" -eq 0 &&
	dltriage export --db e.db --format sarif >s.sarif &&
	"$PYTHON3" "$TEST_TMP/sarif_check.py" s.sarif >n &&
	test "$(cat n)" -eq 0
'

# A real browser: headless Chromium loads the report, runs its script
# (sorting by ?sort=-count) and gives back the DOM it rendered.
if command -v chromium >/dev/null 2>&1; then
	test_expect_success 'chromium renders the table, sorted by its script' '
		dltriage export --db "$db" --format html -o r.html &&
		dltriage export --db "$db" --format json --what buckets >b.json &&
		HOME=$PWD timeout 120 chromium --headless --no-sandbox \
		    --disable-gpu --disable-dev-shm-usage \
		    --user-data-dir="$PWD/profile" \
		    --dump-dom "file://$PWD/r.html?sort=-count" >dom.html \
		    2>chromium.err &&
		"$PYTHON3" "$TEST_TMP/report_check.py" dom.html sorted >n &&
		test "$(cat n)" -eq "$(wc -l <b.json)"
	'
else
	test_skip 'chromium renders the table' 'chromium is not installed'
fi

if command -v sqlite3 >/dev/null 2>&1; then
	test_expect_success 'damaged rows do not crash any format' '
		cp "$db" bad.db &&
		sqlite3 bad.db "UPDATE failures SET frames = \"[not json\",
		    evidence = \"{}\", excerpt = NULL WHERE id = 1;
		    UPDATE failures SET line_start = 9223372036854775807,
		    line_end = -5, evidence = \"[1e99, -1, 3]\",
		    frames = \"[\"\"x.py:99999999999999999999\"\"]\" WHERE id = 2;
		    UPDATE failures SET excerpt = \"File \"\"a\"\", line \" ||
		    char(10) || \"42, in <module>\" || char(10) ||
		    \"  File \"\"b\"\", line 7, in <module>\",
		    frames = \"[\"\"m:<module>\"\"]\" WHERE id = 3;
		    UPDATE buckets SET first_seen = \"garbage\",
		    priority = \"weird\", class = \"nonsense\"
		    WHERE rowid = 1;
		    PRAGMA foreign_keys = OFF;
		    DELETE FROM files WHERE id = 3;
		    UPDATE failures SET bucket = \"ffff000000000000\" WHERE id = 4;
		    INSERT INTO buckets (id, signature, class, first_seen,
		    last_seen) VALUES (\"abcd000000000001\", \"\", \"crash\",
		    \"t\", \"t\")" &&
		for f in json csv junit sarif html; do
			dltriage export --db bad.db --format $f >out.$f ||
				return 1
		done &&
		dltriage export --db bad.db --format csv --what buckets >b.csv &&
		PYTHONPATH=$TEST_TMP "$PYTHON3" -c "import junit_check as j; j.check(\"out.junit\")" &&
		"$PYTHON3" "$TEST_TMP/sarif_check.py" out.sarif >n &&
		"$PYTHON3" "$TEST_TMP/report_check.py" out.html >n &&
		grep "without a readable time left out" out.html &&
		"$PYTHON3" -c "
import json
f = [json.loads(l) for l in open(\"out.json\")]
r = [x for x in f if x[\"id\"] == 3][0]
s = json.load(open(\"out.sarif\"))[\"runs\"][0][\"results\"]
print(json.dumps([x[\"locations\"] for x in s if x[\"partialFingerprints\"][\"dltriageBucket/v1\"] == r[\"bucket\"]]))
" >loc &&
		grep "\"uri\": \"b\"}, \"region\": {\"startLine\": 7}" loc
	'
else
	test_skip 'damaged rows do not crash any format' 'sqlite3 not found'
fi

test_done
