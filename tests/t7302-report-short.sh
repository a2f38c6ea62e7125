#!/bin/sh
# t7302-report-short: dltriage report's short plain PyTorch script.  On
# the stub harness (tests/harness-stub.py behind a fake interpreter) the
# script's model does not fail on a real interpreter, so there is no short
# script: the report says why in one line and keeps the full script.
# With Debian's PyTorch 1.13 in /usr/bin/python3, a real crash of a
# campaign: the report shows the traced script first, under 60 lines,
# and it raises the same exception on a clean interpreter in an empty
# directory.

. "$(dirname "$0")/test-lib.sh"

stub="$TEST_SRCDIR/tests/harness-stub.py"
py=$(command -v "${PYTHON3:-python3}" 2>/dev/null) || py=
if [ -z "$py" ]; then
	test_skip 'report short' 'no python3'
	test_done
	exit 0
fi

fake="$TEST_TMP/fakepy"
stub_python "$fake" "$py" "$stub"
cat >"$TEST_TMP/tiny.yaml" <<'EOF'
model: tiny
description: "one pooling layer the stub fails on"
source: "written for tests/t7302-report-short.sh"
seed: 3
inputs:
  - name: x
    shape: [1, 8, 8, 1]
    dtype: float32
nodes:
  - {name: p1, op: avg_pool2d, inputs: [x], attrs: {pool: [2, 2]}}
  - {name: t1, op: tanh, inputs: [p1]}
outputs: [t1]
EOF
db="$TEST_TMP/c.db"

test_expect_success 'stub harness: no short script, why, the full script' '
	DLT_STUB_DEFECT=avg_pool2d:1:8 DLT_STUB_EXECUTABLE=$fake \
	dltriage run --models "$TEST_TMP/tiny.yaml" --ops GF -n 1 \
	    --mode generic --isolation spawn \
	    --frameworks "stub=pytorch:$fake" -q --db "$db" &&
	b=$(sqlite3 "$db" "select id from buckets where class = '\''crash'\''") &&
	test -n "$b" &&
	DLT_STUB_DEFECT=avg_pool2d:1:8 DLT_STUB_EXECUTABLE=$fake \
	dltriage report "$b" -q --script full.py -o s.md --db "$db" &&
	grep "^No short script: ." s.md &&
	test "$(grep -c "^No short script" s.md)" = 1 &&
	! grep "^A plain PyTorch script" s.md &&
	test "$(grep -c "^\`\`\`python$" s.md)" = 1 &&
	sed -n "/^\`\`\`python$/,/^\`\`\`$/p" s.md | sed "1d;\$d" >inline.py &&
	test_cmp full.py inline.py
'

if ! /usr/bin/python3 -c "import torch, numpy, yaml, sys; from torch.overrides import TorchFunctionMode; sys.exit(not torch.__version__.startswith(\"1.13\"))" >/dev/null 2>&1; then
	test_skip 'a real crash on PyTorch 1.13: the short script' "/usr/bin/python3 has no PyTorch 1.13 with numpy and yaml"
	test_done
	exit 0
fi
rdb="$TEST_TMP/r.db"

test_expect_success 'a real crash on PyTorch 1.13: a short script that reproduces' '
	dltriage run --models lenet5-mnist --ops DT --mode generic -n 2 \
	    --frameworks pytorch-1.13=pytorch@1.13:/usr/bin/python3 -q \
	    --db "$rdb" &&
	rb=$(sqlite3 "$rdb" "select id from buckets where class = '\''crash'\''
	    and signature like '\''%not implemented for%Half%'\'' limit 1") &&
	test -n "$rb" &&
	dltriage report "$rb" -q --budget 120 --script red.py -o r.md --db "$rdb" &&
	grep "^A plain PyTorch script, traced from the reduced model, [0-9]* lines; verified to reproduce on a clean interpreter" r.md &&
	grep "it raises RuntimeError: .*not implemented for .Half." r.md &&
	sed -n "/^\`\`\`python$/,/^\`\`\`$/p" r.md >blocks &&
	awk "/^\`\`\`python\$/ { n++; next } /^\`\`\`\$/ { if (n == 1) exit } n == 1" \
	    blocks >short.py &&
	head -1 short.py | grep "^# A plain PyTorch script traced by dltriage" &&
	grep "^import torch$" short.py &&
	! grep -q "dltriage_harness\|SOURCES" short.py &&
	n=$(wc -l <short.py) &&
	test "$n" -lt 60 &&
	grep "^A plain PyTorch script, traced from the reduced model, $n lines" r.md &&
	! cmp -s short.py red.py &&
	mkdir clean && cp short.py clean/ && cd clean &&
	test_must_fail --code=1 env -u PYTHONPATH /usr/bin/python3 -I short.py \
	    >out 2>err &&
	test "$(ls)" = "err
out
short.py" &&
	tail -1 err | grep "^RuntimeError: .*not implemented for .Half.$"
'

test_expect_success 'the short script leaves no scratch directory behind' '
	rb=$(sqlite3 "$rdb" "select id from buckets where class = '\''crash'\''
	    and signature like '\''%not implemented for%Half%'\'' limit 1") &&
	mkdir scratch &&
	TMPDIR="$PWD/scratch" dltriage report "$rb" -q --budget 120 \
	    -o r2.md --db "$rdb" &&
	grep "^A plain PyTorch script, traced from the reduced model" r2.md &&
	test -z "$(ls scratch | grep "^dltriage-short-")"
'

test_done
