#!/bin/sh
# t7301-report: dltriage report.  Bad command lines and unknown buckets
# are refused with exit 2.  A campaign on the stub harness
# (tests/harness-stub.py behind a fake interpreter, no framework needed)
# whose defect needs one avg_pool2d layer and an input height of 8 or
# more: the report's reduction keeps that layer alone and shrinks the
# other dims, the reduced script still holds a model that fails, and
# --budget 1 stops early and says so; --no-reduce runs nothing.  A bucket
# that classify found in a log has no script and says why; a log with
# backtick fences, escape bytes and markup cannot break out of the
# Markdown code block or into the HTML.  With Debian's PyTorch 1.13 in
# /usr/bin/python3, one real campaign: the reduced script shows the crash
# on a clean interpreter.

. "$(dirname "$0")/test-lib.sh"

stub="$TEST_SRCDIR/tests/harness-stub.py"
py=$(command -v "${PYTHON3:-python3}" 2>/dev/null) || py=
if [ -z "$py" ]; then
	test_skip 'report' 'no python3'
	test_done
	exit 0
fi

test_expect_success 'a bucket id is needed, one, in hex' '
	test_must_fail --code=2 dltriage report --db x.db 2>err &&
	grep "no bucket id given" err &&
	test_must_fail --code=2 dltriage report abcd abce --db x.db 2>err &&
	grep "one bucket at a time" err &&
	test_must_fail --code=2 dltriage report zzzz --db x.db 2>err &&
	grep "bad bucket id .zzzz." err &&
	test_must_fail --code=2 dltriage report abc --db x.db 2>err &&
	test_must_fail --code=2 dltriage report abcd --budget 0 --db x.db 2>err &&
	grep "bad budget" err &&
	test_must_fail --code=2 dltriage report abcd --trials x --db x.db 2>err &&
	grep "bad trial count" err &&
	test_must_fail --code=2 dltriage report abcd --format pdf --db x.db 2>err &&
	test ! -e x.db
'

test_expect_success 'a store that is not there is not made' '
	test_must_fail --code=4 dltriage report abcd --db x.db 2>err &&
	test ! -e x.db
'

# The fake interpreter: the runner's "-m dltriage_harness.serve" runs the
# stub; anything else, python3.
fake="$TEST_TMP/fakepy"
stub_python "$fake" "$py" "$stub"
cat >"$TEST_TMP/tiny.yaml" <<'EOF'
model: tiny
description: "a small convolutional model: the report's reduction shrinks it"
source: "written for tests/t7301-report.sh"
seed: 3
inputs:
  - name: x
    shape: [2, 32, 32, 3]
    dtype: float32
nodes:
  - {name: c1, op: conv2d, inputs: [x], attrs: {filters: 4, kernel: [3, 3], padding: same}}
  - {name: r1, op: relu, inputs: [c1]}
  - {name: c2, op: conv2d, inputs: [r1], attrs: {filters: 4, kernel: [3, 3], padding: same}}
  - {name: r2, op: relu, inputs: [c2]}
  - {name: p1, op: avg_pool2d, inputs: [r2], attrs: {pool: [2, 2]}}
  - {name: t1, op: tanh, inputs: [p1]}
  - {name: fl, op: flatten, inputs: [t1]}
  - {name: d1, op: dense, inputs: [fl], attrs: {units: 16}}
  - {name: r3, op: relu, inputs: [d1]}
  - {name: d2, op: dense, inputs: [r3], attrs: {units: 10}}
  - {name: sm, op: softmax, inputs: [d2]}
outputs: [sm]
EOF
# the stub's defect: avg_pool2d with dim 1 (the height) at 8 or more
DLT_STUB_DEFECT=avg_pool2d:1:8
DLT_STUB_EXECUTABLE=$fake
export DLT_STUB_DEFECT DLT_STUB_EXECUTABLE
db="$TEST_TMP/c.db"

# What the stub does with the IR of a script's model: "segv" or "ok".
cat >"$TEST_TMP/verdict.py" <<'EOF'
import importlib.util, sys
spec = importlib.util.spec_from_file_location("stub", sys.argv[1])
stub = importlib.util.module_from_spec(spec)
spec.loader.exec_module(stub)
ns = {"__name__": "not_main"}
exec(compile(open(sys.argv[2]).read(), sys.argv[2], "exec"), ns)
ir = ns["IR"]
print("%s %d %s" % (stub.ir_defect(ir), len(ir["nodes"]),
                    "x".join(str(d) for d in ir["inputs"][0]["shape"])))
EOF

test_expect_success 'a stub campaign finds the defect' '
	dltriage run --models "$TEST_TMP/tiny.yaml" --ops GF -n 1 \
	    --mode generic --isolation spawn \
	    --frameworks "stub=pytorch:$fake" -q --db "$db" &&
	test "$(sqlite3 "$db" "select count(*) from buckets
	    where class = '\''crash'\''")" = 1
'
bucket=$(sqlite3 "$db" "select id from buckets where class = 'crash'")
short=$(printf %s "$bucket" | cut -c1-6)

test_expect_success 'the reduction keeps the one layer and shrinks the input' '
	dltriage report "$short" --script "$TEST_TMP/red.py" -o rep.md --db "$db" 2>err &&
	cat err &&
	head -1 rep.md >title &&
	grep "^# .avg_pool2d. on float32 input of shape 1×8×2×1 crashes with SIGSEGV (PyTorch 0.0-stub)$" title &&
	grep "^Reduced by delta debugging on the model: 11 → 1 layers (avg_pool2d), input 2×32×32×3 → 1×8×2×1, 6144 → 16 input elements, [0-9]* trials, [0-9.]* s, budget not reached" rep.md &&
	grep "Each trial ran in a fresh process (spawn isolation, as in the campaign)" rep.md &&
	grep "^## Environment" rep.md &&
	grep "^- PyTorch 0.0-stub (target stub, harness pytorch" rep.md &&
	grep "^- OS: " rep.md &&
	grep "^- CPU: " rep.md &&
	grep "^- Expected: the model runs, or the framework rejects it" rep.md &&
	grep "^- Actual: the process died with SIGSEGV" rep.md &&
	grep "^ *[0-9]* > Fatal Python error: Segmentation fault" rep.md &&
	grep "^Found by dltriage .* mutation testing: operator seed (generic mode) on model tiny" rep.md &&
	grep "^\`\`\`python$" rep.md &&
	"$py" "$TEST_TMP/verdict.py" "$stub" "$TEST_TMP/red.py" >v &&
	test "$(cat v)" = "segv 1 1x8x2x1" &&
	sed -n "/^\`\`\`python$/,/^\`\`\`$/p" rep.md | sed "1d;\$d" >inline.py &&
	test_cmp "$TEST_TMP/red.py" inline.py
'

test_expect_success 'fork isolation: the trials share the fork server, the same reduction' '
	dltriage run --models "$TEST_TMP/tiny.yaml" --ops GF -n 1 \
	    --mode generic --isolation fork \
	    --frameworks "stub=pytorch:$fake" -q --db f.db &&
	fb=$(sqlite3 f.db "select id from buckets where class = '\''crash'\''") &&
	dltriage report "$fb" -q -o f.md --db f.db &&
	grep "11 → 1 layers (avg_pool2d), input 2×32×32×3 → 1×8×2×1, .* budget not reached.  Each trial ran in a fresh process (fork isolation, as in the campaign)" f.md &&
	test "$(ls -d f.db.d/report/*-* | wc -l)" -gt 10
'

test_expect_success 'the unreduced script is the mutant as recorded, and larger' '
	dltriage report "$bucket" --no-reduce --script full.py -o full.md \
	    --db "$db" &&
	grep "^The script rebuilds the mutant as the campaign ran it, not reduced: --no-reduce" full.md &&
	"$py" "$TEST_TMP/verdict.py" "$stub" full.py >v &&
	test "$(cat v)" = "segv 11 2x32x32x3" &&
	test "$(wc -c <full.py)" -gt "$(wc -c <"$TEST_TMP/red.py")"
'

test_expect_success '--budget 1 stops the reduction early and says so' '
	DLT_STUB_SLEEP=0.4 dltriage report "$bucket" --budget 1 -o b.md \
	    --db "$db" &&
	grep "stopped by the budget (--budget)" b.md &&
	n=$(sed -n "s/.* \([0-9]*\) trials.*/\1/p" b.md) &&
	test "$n" -le 4
'

test_expect_success '--trials 3 stops after three executions' '
	dltriage report "$bucket" --trials 3 -q -o t.md --db "$db" &&
	grep " 3 trials, .*stopped by the trial count (--trials)" t.md
'

test_expect_success 'a failure that does not come back: a warning, the unreduced script, exit 1' '
	DLT_STUB_DEFECT=avg_pool2d:1:1000 &&
	test_must_fail --code=1 dltriage report "$bucket" -q -o w.md \
	    --db "$db" &&
	grep "^Warning: the failure did not come back when the mutant ran again" w.md &&
	grep "^\`\`\`python$" w.md
'

test_expect_success 'an unknown bucket: exit 2, said' '
	test_must_fail --code=2 dltriage report ffff0000 --db "$db" 2>err &&
	grep "^dltriage: no bucket starts with .ffff0000. in store" err
'

# A log with fences, escape bytes and markup (a colour, which is taken
# out when the log is read, and a lone ESC, which stays).
printf '%s\n' "PyTorch version: 2.1.0" \
    "$(printf "\033[31m\033\`\`\`")" \
    "$(printf "evil \`\`\`\` fence\033[0m <script>alert(1)</script> [x](javascript:alert(1))")" \
    "Fatal Python error: Segmentation fault" "" \
    "Current thread 0x00007f0000000000 (most recent call first):" \
    '  File "/usr/lib/python3/dist-packages/torch/nn/functional.py", line 1234 in conv2d' \
    '  File "m.py", line 3 in <module>' >"$TEST_TMP/evil.log"
kdb="$TEST_TMP/k.db"

test_expect_success 'a bucket of classify: no script, and why' '
	dltriage classify -q --db "$kdb" "$TEST_TMP/evil.log" >/dev/null;
	kb=$(sqlite3 "$kdb" "select id from buckets") &&
	dltriage report "$kb" --db "$kdb" >k.md &&
	grep "^# PyTorch: SIGSEGV in torch.nn.functional:conv2d$" k.md &&
	grep "^No reproduction script: classify found this failure in a log" k.md &&
	grep "^- torch .2.1.0. (printed in the log, line 1)" k.md &&
	grep "^Found by dltriage .* classify in" k.md &&
	! grep "^\`\`\`python" k.md
'

test_expect_success 'markdown: the log cannot leave its fence; no escape byte' '
	kb=$(sqlite3 "$kdb" "select id from buckets") &&
	dltriage report "$kb" --db "$kdb" >k.md &&
	! grep -q "$(printf "\033")" k.md &&
	grep -F "\\x1b\`\`\`" k.md &&
	! grep -F "[31m" k.md &&
	"$py" - k.md <<-\EOF
	import re, sys
	lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
	i = lines.index("## Log")
	while not lines[i].startswith("```"):
	    i += 1
	fence = re.match("`+", lines[i]).group(0)
	assert len(fence) > 4, fence
	j = i + 1
	while not (lines[j].startswith(fence) and lines[j].strip("`") == ""):
	    j += 1
	body = "\n".join(lines[i + 1:j])
	assert "Fatal Python error" in body and "<script>" in body, body
	assert "evil ````" in body
	assert lines[j + 2] == "## Similar known defects", lines[j:j + 3]
	EOF
'

test_expect_success 'html: parses, the log is text, links are web links' '
	kb=$(sqlite3 "$kdb" "select id from buckets") &&
	dltriage report "$kb" --format html -o k.html --db "$kdb" &&
	"$py" - k.html <<-\EOF
	import sys
	from html.parser import HTMLParser
	class P(HTMLParser):
	    def __init__(self):
	        super().__init__()
	        self.tags, self.text, self.hrefs = [], [], []
	    def handle_starttag(self, tag, attrs):
	        self.tags.append(tag)
	        self.hrefs += [v for k, v in attrs if k == "href"]
	    def handle_data(self, d):
	        self.text.append(d)
	doc = open(sys.argv[1], encoding="utf-8").read()
	p = P()
	p.feed(doc)
	p.close()
	assert "script" not in p.tags, p.tags
	assert p.tags.count("h1") == 1 and "pre" in p.tags, p.tags
	text = "".join(p.text)
	assert "<script>alert(1)</script>" in text
	assert "\x1b" not in doc
	assert all(h.startswith("https://") for h in p.hrefs), p.hrefs
	EOF
'

test_expect_success 'html of a run: the script in a code block' '
	dltriage report "$bucket" --no-reduce --format html --db "$db" >r.html &&
	grep "<pre><code class=\"language-python\">#!/usr/bin/env python3" r.html
'

if ! /usr/bin/python3 -c "import torch, numpy, yaml, sys; sys.exit(not torch.__version__.startswith(\"1.13\"))" >/dev/null 2>&1; then
	test_skip 'a real campaign on PyTorch 1.13' "/usr/bin/python3 has no PyTorch 1.13 with numpy and yaml"
	test_done
	exit 0
fi
unset DLT_STUB_DEFECT DLT_STUB_EXECUTABLE
rdb="$TEST_TMP/r.db"

test_expect_success 'a real campaign on PyTorch 1.13: the reduced script shows the crash' '
	dltriage run --models lenet5-mnist --ops DT --mode generic -n 2 \
	    --frameworks pytorch-1.13=pytorch@1.13:/usr/bin/python3 -q \
	    --db "$rdb" &&
	rb=$(sqlite3 "$rdb" "select id from buckets where class = '\''crash'\''
	    and signature like '\''%not implemented for%Half%'\'' limit 1") &&
	test -n "$rb" &&
	dltriage report "$rb" --budget 120 --script red.py -o r.md --db "$rdb" &&
	head -1 r.md &&
	grep "^Reduced by delta debugging on the model: 13 → 1 layers" r.md &&
	mkdir clean && cp red.py clean/ && cd clean &&
	test_must_fail --code=1 env -u PYTHONPATH /usr/bin/python3 -I red.py \
	    >out 2>err &&
	grep "^reproduced: pytorch-1.13 raised RuntimeError" out &&
	grep "not implemented for .Half.$" err
'

test_done
