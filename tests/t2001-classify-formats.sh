#!/bin/sh
# t2001-classify-formats: the table, JSON Lines and CSV outputs of
# "dltriage classify" are well formed, carry every field with its type,
# stay valid for logs (and file names) with invalid UTF-8 and NUL bytes,
# and the options that shape the output behave as documented.

. "$(dirname "$0")/test-lib.sh"

if ! "$PYTHON3" -c 1 >/dev/null 2>&1; then
	test_skip 'classify output formats' 'python3 is not installed'
	test_done
	exit 0
fi

# check.py: validates the outputs.
#   json FILE        every line is a JSON object with every field of
#                    dltriage-classify(1) and the right types; prints the
#                    number of objects
#   get FILE FIELD   prints FIELD of every object, one per line
#                    (exception: its type or "null"; lists: joined by ",")
#   csv FILE         parses the CSV, checks the header and every row;
#                    prints the number of rows
#   table FILE       checks the header and counts the rows (lines with a
#                    bucket); prints the number of rows
cat >"$TEST_TMP/check.py" <<'EOF'
import csv, io, json, re, sys

CLASSES = {'crash', 'nan', 'inconsistency', 'false-positive', 'timeout',
           'oom', 'unknown'}
FRAMEWORKS = {'pytorch', 'tensorflow', 'jax', 'keras', 'onnxruntime',
              'mindspore', 'paddle', 'unknown'}
BUCKET = re.compile(r'^[0-9a-f]{16}$')
RANGE = re.compile(r':([0-9]+)-([0-9]+)$')


def fail(msg):
    sys.stderr.write('check.py: %s\n' % msg)
    sys.exit(1)


def read_text(path):
    data = open(path, 'rb').read()
    try:
        return data.decode('utf-8')
    except UnicodeDecodeError as e:
        fail('%s: not valid UTF-8: %s' % (path, e))


def is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def check_object(o, where):
    if not isinstance(o, dict):
        fail('%s: not an object' % where)
    for k in ('source', 'class', 'kind', 'framework', 'exception', 'frames',
              'signature', 'bucket', 'rule', 'evidence', 'priority',
              'confidence', 'security'):
        if k not in o:
            fail('%s: no field %r' % (where, k))
    if not isinstance(o['source'], str) or not o['source']:
        fail('%s: source %r' % (where, o['source']))
    rng = RANGE.search(o['source'])
    if rng and int(rng.group(1)) > int(rng.group(2)):
        fail('%s: bad range in %r' % (where, o['source']))
    if o['class'] not in CLASSES:
        fail('%s: class %r' % (where, o['class']))
    if not isinstance(o['kind'], str) or not o['kind']:
        fail('%s: kind %r' % (where, o['kind']))
    if o['framework'] not in FRAMEWORKS:
        fail('%s: framework %r' % (where, o['framework']))
    e = o['exception']
    if e is not None:
        if not isinstance(e, dict) or set(e) != {'type', 'message'}:
            fail('%s: exception %r' % (where, e))
        if not isinstance(e['type'], str) or not e['type']:
            fail('%s: exception type %r' % (where, e['type']))
        if not isinstance(e['message'], str):
            fail('%s: exception message %r' % (where, e['message']))
    if not isinstance(o['frames'], list) or \
            not all(isinstance(f, str) and f for f in o['frames']):
        fail('%s: frames %r' % (where, o['frames']))
    if not isinstance(o['signature'], str) or not o['signature'].strip():
        fail('%s: signature %r' % (where, o['signature']))
    if '\n' in o['signature']:
        fail('%s: signature holds a newline' % where)
    if not isinstance(o['bucket'], str) or not BUCKET.match(o['bucket']):
        fail('%s: bucket %r' % (where, o['bucket']))
    if o['rule'] is not None and (not isinstance(o['rule'], str) or not o['rule']):
        fail('%s: rule %r' % (where, o['rule']))
    ev = o['evidence']
    if not isinstance(ev, list) or not ev or \
            not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1
                    for n in ev):
        fail('%s: evidence %r' % (where, ev))
    if rng and not all(int(rng.group(1)) <= n <= int(rng.group(2)) for n in ev):
        fail('%s: evidence %r outside %s' % (where, ev, rng.group(0)))
    if o['priority'] not in ('high', 'medium', 'low', 'unknown'):
        fail('%s: priority %r' % (where, o['priority']))
    if not is_num(o['confidence']) or not 0 <= o['confidence'] <= 1:
        fail('%s: confidence %r' % (where, o['confidence']))
    if not isinstance(o['security'], bool):
        fail('%s: security %r' % (where, o['security']))


def load_json(path):
    text = read_text(path)
    if text and not text.endswith('\n'):
        fail('%s: last line has no newline' % path)
    objs = []
    for i, line in enumerate(text.split('\n')[:-1], 1):
        where = '%s:%d' % (path, i)
        if not line.strip():
            fail('%s: empty line' % where)
        try:
            o = json.loads(line)
        except ValueError as e:
            fail('%s: invalid JSON: %s' % (where, e))
        check_object(o, where)
        objs.append(o)
    return objs


def cmd_json(path):
    print(len(load_json(path)))


def cmd_get(path, field):
    for o in load_json(path):
        if field == 'exception.message':
            print(o['exception']['message'])
            continue
        v = o[field]
        if field == 'exception':
            v = 'null' if v is None else v['type']
        elif isinstance(v, list):
            v = ','.join(str(x) for x in v)
        elif isinstance(v, bool):
            v = 'true' if v else 'false'
        elif v is None:
            v = 'null'
        print(v)


def cmd_csv(path):
    text = read_text(path)
    if '\0' in text:
        fail('%s: NUL byte in CSV' % path)
    rows = list(csv.reader(io.StringIO(text, newline=''), strict=True))
    if not rows:
        fail('%s: no header' % path)
    header = rows[0]
    for col in ('source', 'class', 'kind', 'framework', 'signature',
                'bucket', 'rule', 'priority', 'confidence', 'security'):
        if col not in header:
            fail('%s: header lacks %r: %r' % (path, col, header))
    for i, row in enumerate(rows[1:], 2):
        where = '%s: row %d' % (path, i)
        if len(row) != len(header):
            fail('%s: %d fields, header has %d' % (where, len(row), len(header)))
        r = dict(zip(header, row))
        if r['class'] not in CLASSES:
            fail('%s: class %r' % (where, r['class']))
        if r['framework'] not in FRAMEWORKS:
            fail('%s: framework %r' % (where, r['framework']))
        if not BUCKET.match(r['bucket']):
            fail('%s: bucket %r' % (where, r['bucket']))
        if r['priority'] not in ('high', 'medium', 'low', 'unknown'):
            fail('%s: priority %r' % (where, r['priority']))
        try:
            c = float(r['confidence'])
        except ValueError:
            fail('%s: confidence %r' % (where, r['confidence']))
        if not 0 <= c <= 1:
            fail('%s: confidence %r' % (where, r['confidence']))
        if r['security'] not in ('true', 'false'):
            fail('%s: security %r' % (where, r['security']))
    print(len(rows) - 1)


def cmd_table(path):
    lines = read_text(path).split('\n')
    words = lines[0].split()
    want = ['CLASS', 'KIND', 'FRAMEWORK', 'PRIORITY', 'BUCKET', 'SOURCE',
            'SIGNATURE']
    if words != want:
        fail('%s: header %r, expected %r' % (path, words, want))
    n = 0
    for line in lines[1:]:
        f = line.split()
        if len(f) >= 6 and BUCKET.match(f[4]):
            if f[0] not in CLASSES:
                fail('%s: class %r in %r' % (path, f[0], line))
            if f[3] not in ('high', 'medium', 'low', 'unknown', 'unset'):
                fail('%s: priority %r in %r' % (path, f[3], line))
            n += 1
    print(n)


{'json': cmd_json, 'get': cmd_get, 'csv': cmd_csv,
 'table': cmd_table}[sys.argv[1]](*sys.argv[2:])
EOF

check() {
	"$PYTHON3" "$TEST_TMP/check.py" "$@"
}

# The test logs: a faulthandler dump ending in a segfault (PyTorch), an
# AddressSanitizer report (TensorFlow), a pytest log with two failures
# far apart, and a clean training log.
make_logs() {
	mkdir -p "$1" || return 1
	cat >"$1/segv.log" <<'EOF'
epoch 1/3 loss 0.6931 acc 0.5012
epoch 2/3 loss 0.5123 acc 0.7330
Fatal Python error: Segmentation fault

Current thread 0x00007f3a5c9e4740 (most recent call first):
  File "/usr/lib/python3/dist-packages/torch/nn/functional.py", line 2450 in batch_norm
  File "/home/ci/mutants/m42/model.py", line 17 in forward
  File "/home/ci/run.py", line 88 in <module>
Segmentation fault (core dumped)
EOF
	cat >"$1/asan.log" <<'EOF'
2026-11-30 09:12:33.120 I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary is optimized to use available CPU instructions.
=================================================================
==4242==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000054 at pc 0x7f2e5d6c1b2a bp 0x7ffd2c1e0f90 sp 0x7ffd2c1e0f88
WRITE of size 4 at 0x602000000054 thread T0
    #0 0x7f2e5d6c1b29 in tensorflow::functor::FillFunctor::operator()(float*, long) /tf/tensorflow/core/kernels/fill_functor.cc:45:7
    #1 0x7f2e5d6a0e11 in tensorflow::FillOp::Compute(tensorflow::OpKernelContext*) /tf/tensorflow/core/kernels/constant_op.cc:212:5
    #2 0x7f2e5a1b2c33 in tensorflow::ThreadPoolDevice::Compute(tensorflow::OpKernel*, tensorflow::OpKernelContext*) /tf/tensorflow/core/common_runtime/threadpool_device.cc:157:11

0x602000000054 is located 0 bytes after 4-byte region [0x602000000050,0x602000000054)
allocated by thread T0 here:
    #0 0x7f2e6131e9cf in malloc (/usr/lib/x86_64-linux-gnu/libasan.so.8+0xd89cf)
    #1 0x7f2e5d6c0a01 in tensorflow::Allocator::AllocateRaw(unsigned long, unsigned long) /tf/tensorflow/core/framework/allocator.cc:88:3

SUMMARY: AddressSanitizer: heap-buffer-overflow /tf/tensorflow/core/kernels/fill_functor.cc:45:7 in tensorflow::functor::FillFunctor::operator()(float*, long)
==4242==ABORTING
EOF
	cat >"$1/test.log" <<'EOF'
============================= test session starts ==============================
platform linux -- Python 3.11.2, pytest-7.4.0, pluggy-1.3.0
rootdir: /ci
collected 3 items

tests/test_ops.py F.F                                                    [100%]

=================================== FAILURES ===================================
_______________________________ test_half_addmm ________________________________
Traceback (most recent call last):
  File "/ci/tests/test_ops.py", line 12, in test_half_addmm
    torch.addmm(a, b, c)
  File "/usr/lib/python3/dist-packages/torch/_refs/__init__.py", line 310, in addmm
    return torch._C._nn.addmm(a, b, c)
RuntimeError: "addmm_impl_cpu_" not implemented for 'Half'

a = tensor([[0.1000, 0.2000],
            [0.3000, 0.4000]], dtype=torch.float16)
b = tensor([[1., 0.],
            [0., 1.]], dtype=torch.float16)
c = tensor([[1., 1.],
            [1., 1.]], dtype=torch.float16)
tests/test_ops.py:12: in test_half_addmm
    (the call above)
______________________________ test_conv_channels ______________________________
Traceback (most recent call last):
  File "/ci/tests/test_ops.py", line 30, in test_conv_channels
    conv(x)
  File "/usr/lib/python3/dist-packages/torch/nn/modules/conv.py", line 456, in _conv_forward
    return F.conv2d(input, weight, bias, self.stride,
RuntimeError: Given groups=1, weight of size [64, 3, 3, 3], expected input[1, 4, 32, 32] to have 3 channels, but got 4 channels instead

x = tensor of shape [1, 4, 32, 32]
conv = Conv2d(3, 64, kernel_size=(3, 3), stride=(1, 1))
tests/test_ops.py:30: in test_conv_channels
    (the call above)
=========================== 2 failed, 1 passed in 0.52s ========================
EOF
	cat >"$1/clean.log" <<'EOF'
I1130 09:12:33.123456 140234 cuda_dnn.cc:529] Loaded cuDNN version 8902
Epoch 1/3
100/100 [==============================] - 3s 25ms/step - loss: 0.6931 - accuracy: 0.5012
Epoch 2/3
100/100 [==============================] - 2s 21ms/step - loss: 0.5123 - accuracy: 0.7330
Epoch 3/3
100/100 [==============================] - 2s 21ms/step - loss: 0.4410 - accuracy: 0.8021
Saved checkpoint to /ci/out/ckpt-3
EOF
}

# A log with invalid UTF-8 and NUL bytes around and inside a failure.
make_bad_bytes_log() {
	{
		printf 'step 1 loss 0.25 \377\376 junk \300\200\n'
		printf 'step 2 loss 0.21 \000\000\000 after NULs\n'
		printf 'Traceback (most recent call last):\n'
		printf '  File "/ci/run_\377.py", line 3, in <module>\n'
		printf '    torch.ops.aten.foo(x)\n'
		printf 'RuntimeError: bad byte \377 and NUL \000 here \342\202 end\n'
		printf '\n\n\n\n\n\n\n'
		printf 'half a character \342\n'
		printf 'Segmentation fault (core dumped)\n'
	} >"$1"
}

make_logs "$TEST_TMP/logs"

test_expect_success 'setup: the test logs exist' '
	test -s "$TEST_TMP/logs/segv.log" &&
	test -s "$TEST_TMP/logs/clean.log"
'

test_expect_success 'json: every line is an object with every field' '
	dltriage classify --format json "$TEST_TMP/logs" >out 2>err &&
	test_must_be_empty err &&
	n=$(check json out) &&
	test "$n" -ge 4
'

test_expect_success 'json: a file with one failure gives its path, several give ranges' '
	dltriage classify --format json "$TEST_TMP/logs" >out &&
	check get out source >sources &&
	grep -x "$TEST_TMP/logs/segv.log" sources &&
	grep -x "$TEST_TMP/logs/asan.log" sources &&
	grep -E -x "$TEST_TMP/logs/test.log:[0-9]+-[0-9]+" sources >multi &&
	test "$(wc -l <multi)" -ge 2 &&
	! grep "clean.log" sources
'

test_expect_success 'json: failures come in walk order, then log order' '
	dltriage classify --format json "$TEST_TMP/logs" >out &&
	check get out source | sed "s/:\([0-9]*\)-[0-9]*\$/ \1/" >keys &&
	cut -d" " -f1 keys >files &&
	uniq files >once &&
	LC_ALL=C sort -u files >sorted &&
	test_cmp sorted once &&
	grep " " keys | cut -d" " -f2 >starts &&
	sort -n starts >sorted-starts &&
	test_cmp sorted-starts starts
'

test_expect_success 'json: a segfault is a crash and an ASan write is a security crash' '
	dltriage classify --format json "$TEST_TMP/logs/segv.log" >out &&
	check get out class >classes &&
	grep -x crash classes &&
	dltriage classify --format json "$TEST_TMP/logs/asan.log" >out &&
	test "$(check json out)" -eq 1 &&
	check get out class >classes &&
	echo crash >expect &&
	test_cmp expect classes &&
	check get out security >sec &&
	echo true >expect &&
	test_cmp expect sec &&
	check get out bucket >b1 &&
	test -s b1
'

test_expect_success 'json: evidence points at the lines of the failure' '
	dltriage classify --format json "$TEST_TMP/logs/segv.log" >out &&
	check get out evidence | tr , "\n" >lines &&
	test -s lines &&
	while read -r n; do
		test "$n" -ge 3 && test "$n" -le 9 ||
			{ echo "evidence line $n is not part of the failure"; exit 1; }
	done <lines
'

test_expect_success 'table: header, one row per failure, and a summary' '
	dltriage classify --format json "$TEST_TMP/logs" >json &&
	n=$(check json json) &&
	dltriage classify "$TEST_TMP/logs" >out 2>err &&
	test_must_be_empty err &&
	rows=$(check table out) &&
	test "$rows" -eq "$n" &&
	grep -E "(^|[^0-9])$n failures?([^a-z]|\$)" out &&
	grep -E "(^|[^0-9])4 files?([^a-z]|\$)" out &&
	grep "crash" out
'

test_expect_success 'table is the default format' '
	dltriage classify "$TEST_TMP/logs" >default &&
	dltriage classify --format table "$TEST_TMP/logs" >table &&
	test_cmp default table
'

test_expect_success 'table: a clean log gives no row but a summary' '
	dltriage classify "$TEST_TMP/logs/clean.log" >out &&
	test "$(check table out)" -eq 0 &&
	grep -E "(^|[^0-9])0 failures" out
'

test_expect_success 'table: aligned columns, the priority, no trailing blank' '
	unset COLUMNS &&
	dltriage classify "$TEST_TMP/logs" >out &&
	head -n 1 out | grep "^CLASS  *KIND  *FRAMEWORK  *PRIORITY BUCKET  *SOURCE  SIGNATURE$" &&
	b=$(head -n 1 out | awk "{ print index(\$0, \"BUCKET\") }") &&
	p=$(head -n 1 out | awk "{ print index(\$0, \"PRIORITY\") }") &&
	sed 1d out | awk -v b="$b" -v p="$p" "
		/^\$/ { exit }
		substr(\$0, b, 16) !~ /^[0-9a-f]+\$/ || substr(\$0, p, 3) !~ /^(hig|med|low|uns)\$/ {
			print \"misaligned: \" \$0; bad = 1 }
		END { exit bad }" &&
	! grep " \$" out
'

test_expect_success 'table: fitted to COLUMNS with an ellipsis; long signatures cut' '
	unset COLUMNS &&
	dltriage classify "$TEST_TMP/logs" >whole &&
	sed "s/…/./g" whole | awk "length(\$0) > 100 { n++ } END { exit !n }" &&
	COLUMNS=100 dltriage classify "$TEST_TMP/logs" >out &&
	grep "…\$" out &&
	sed "s/…/./g" out | awk "length(\$0) > 100 { print; bad = 1 } END { exit bad }" &&
	test $(grep -c " [0-9a-f]\{16\} " out) -eq $(grep -c " [0-9a-f]\{16\} " whole) &&
	printf "Fatal Python error: Segmentation fault\n\nCurrent thread 0x1 (most recent call first):\n  File \"/x/%0300d.py\", line 1 in f\n" 0 >long.log &&
	dltriage classify long.log >out &&
	grep "…\$" out &&
	test "$(check table out)" -eq 1
'

test_expect_success 'csv: header and one row per failure' '
	dltriage classify --format json "$TEST_TMP/logs" >json &&
	n=$(check json json) &&
	dltriage classify --format csv "$TEST_TMP/logs" >out 2>err &&
	test_must_be_empty err &&
	rows=$(check csv out) &&
	test "$rows" -eq "$n"
'

test_expect_success 'csv: a clean log gives the header only' '
	dltriage classify --format csv "$TEST_TMP/logs/clean.log" >out &&
	test "$(check csv out)" -eq 0 &&
	test "$(wc -l <out)" -eq 1
'

test_expect_success '--per-log: one record a log, its most severe failure, and its count' '
	dltriage classify --format json "$TEST_TMP/logs" >each &&
	dltriage classify --format json --per-log "$TEST_TMP/logs" >per 2>err &&
	test_must_be_empty err &&
	"$PYTHON3" - each per "$TEST_TMP/logs" <<-\PY
	import json, os, sys
	rank = {"crash": 0, "oom": 1, "timeout": 2, "inconsistency": 3, "nan": 4,
	        "false-positive": 5, "unknown": 6}
	each = [json.loads(l) for l in open(sys.argv[1])]
	per = [json.loads(l) for l in open(sys.argv[2])]
	logs = sorted(os.path.join(sys.argv[3], f) for f in os.listdir(sys.argv[3]))
	assert [p["log"] for p in per] == logs, ([p["log"] for p in per], logs)
	for p in per:
	    assert sorted(p) == ["failures", "log", "verdict"], p
	    mine = [e for e in each if e["source"].split(":")[0] == p["log"]]
	    assert p["failures"] == len(mine), (p, len(mine))
	    if not mine:
	        assert p["verdict"] is None, p
	        continue
	    best = min(mine, key=lambda e: rank[e["class"]])
	    assert p["verdict"] == best, (p["verdict"], best)
	clean = [p for p in per if p["log"].endswith("/clean.log")]
	assert clean and clean[0]["failures"] == 0
	assert any(p["failures"] >= 2 for p in per)
	PY
	dltriage classify --format json --per-log "$TEST_SRCDIR/corpus/logs/pytest-long.log" >long &&
	"$PYTHON3" - long <<-\PY
	import json, sys
	# a rejected input (line 16) comes before the crash (line 23): the crash decides
	(p,) = [json.loads(l) for l in open(sys.argv[1])]
	assert p["failures"] == 3 and p["verdict"]["class"] == "crash", p
	assert p["verdict"]["source"].endswith(":23-23"), p
	PY
'

test_expect_success '--per-log: csv has the log and its count before a failure'"'"'s columns' '
	dltriage classify --format csv --per-log "$TEST_TMP/logs" >out &&
	"$PYTHON3" - out "$TEST_TMP/logs" <<-\PY
	import csv, os, sys
	rows = list(csv.reader(open(sys.argv[1], newline="")))
	head = rows[0]
	assert head[:4] == ["log", "failures", "source", "line_start"], head
	assert len(rows) - 1 == len(os.listdir(sys.argv[2])), rows
	for r in rows[1:]:
	    assert len(r) == len(head), r
	    if r[0].endswith("/clean.log"):
	        assert r[1] == "0" and all(c == "" for c in r[2:]), r
	    else:
	        assert int(r[1]) >= 1 and r[5] in ("crash", "false-positive", "nan",
	            "inconsistency", "timeout", "oom", "unknown"), r
	PY
'

test_expect_success '--per-log: the table has a row a log, a clean one included, and the same summary' '
	unset COLUMNS &&
	dltriage classify "$TEST_TMP/logs" >each &&
	dltriage classify --per-log "$TEST_TMP/logs" >out &&
	head -n 1 out | grep "^CLASS  *KIND  *FRAMEWORK  *PRIORITY BUCKET  *FAILURES SOURCE  SIGNATURE$" &&
	grep -E "^-  +-  +-  +-  +-  +0  +$TEST_TMP/logs/clean.log$" out &&
	n=$(ls "$TEST_TMP/logs" | wc -l) &&
	test "$(sed -n "2,/^\$/p" out | grep -c .)" -eq "$n" &&
	sed -n "/^\$/,\$p" each >sum-each &&
	sed -n "/^\$/,\$p" out >sum-per &&
	test_cmp sum-each sum-per
'

test_expect_success 'json and csv: the summary goes to stderr with --summary only' '
	dltriage classify --format json --summary "$TEST_TMP/logs" >out 2>err &&
	n=$(check json out) &&
	grep -E "(^|[^0-9])$n failures?" err &&
	dltriage classify --format csv --summary "$TEST_TMP/logs" >out 2>err &&
	check csv out &&
	grep -E "(^|[^0-9])$n failures?" err &&
	dltriage classify --format csv "$TEST_TMP/logs" >out 2>err &&
	test_must_be_empty err
'

test_expect_success 'an unknown format is a usage error' '
	test_must_fail --code=2 dltriage classify --format bogus "$TEST_TMP/logs" \
	    >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: .*bogus" err
'

test_expect_success 'a missing format is a usage error' '
	test_must_fail --code=2 dltriage classify --format >out 2>err &&
	grep "^dltriage: " err
'

test_expect_success 'no path is a usage error' '
	test_must_fail --code=2 dltriage classify --format json >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: " err
'

test_expect_success 'json stays valid for invalid UTF-8 and NUL bytes' '
	make_bad_bytes_log bad.log &&
	dltriage classify --format json bad.log >out &&
	n=$(check json out) &&
	test "$n" -ge 1 &&
	check get out class >classes &&
	grep -x crash classes
'

test_expect_success 'csv and table stay valid for invalid UTF-8 and NUL bytes' '
	make_bad_bytes_log bad.log &&
	dltriage classify --format csv bad.log >out &&
	test "$(check csv out)" -ge 1 &&
	dltriage classify bad.log >out &&
	test "$(check table out)" -ge 1
'

test_expect_success 'json stays valid for a file name that is not UTF-8' '
	mkdir d &&
	cp "$TEST_TMP/logs/segv.log" "d/$(printf "run-\377\376.log")" &&
	dltriage classify --format json d >out &&
	test "$(check json out)" -ge 1 &&
	dltriage classify --format csv d >out &&
	test "$(check csv out)" -ge 1
'

test_expect_success '- reads standard input' '
	dltriage classify --format json - <"$TEST_TMP/logs/segv.log" >out &&
	test "$(check json out)" -ge 1 &&
	check get out source >sources &&
	grep -x -- "-" sources &&
	check get out class >classes &&
	grep -x crash classes
'

test_expect_success '--framework overrides the detected framework' '
	dltriage classify --format json --framework jax "$TEST_TMP/logs" >out &&
	check get out framework | sort -u >fw &&
	echo jax >expect &&
	test_cmp expect fw
'

test_expect_success 'an unknown framework is a usage error' '
	test_must_fail --code=2 dltriage classify --framework theano "$TEST_TMP/logs" \
	    >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: .*theano" err
'

test_expect_success '--framework takes an alias and prints the canonical name' '
	dltriage classify --format json --framework torch "$TEST_TMP/logs" >out &&
	check get out framework | sort -u >fw &&
	echo pytorch >expect &&
	test_cmp expect fw &&
	dltriage classify --format json --framework TF "$TEST_TMP/logs/segv.log" >out &&
	check get out framework | sort -u >fw &&
	echo tensorflow >expect &&
	test_cmp expect fw
'

test_expect_success 'a mistyped framework: did you mean, the known ones, status 2' '
	test_must_fail --code=2 dltriage classify --framework pytorh "$TEST_TMP/logs" \
	    >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: unknown framework .pytorh. (did you mean .pytorch.?)\$" err &&
	grep "^valid: pytorch, tensorflow, .*, unknown\$" err
'

test_expect_success '--fail-on: status 1 when a failure of the class is found' '
	dltriage classify -q --fail-on nan,timeout "$TEST_TMP/logs" >out &&
	test_must_fail --code=1 dltriage classify --fail-on crash "$TEST_TMP/logs" >out &&
	test "$(check table out)" -ge 1 &&
	test_must_fail --code=1 dltriage classify --format json --fail-on oom,crash \
	    "$TEST_TMP/logs/segv.log" >out &&
	check json out &&
	dltriage classify --fail-on crash "$TEST_TMP/logs/clean.log" >out
'

test_expect_success '--fail-on with an unknown class is a usage error' '
	test_must_fail --code=2 dltriage classify --fail-on crash,bogus "$TEST_TMP/logs" \
	    >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: .*bogus" err
'

test_expect_success '--fail-on with a mistyped class lists the valid ones, status 2' '
	test_must_fail --code=2 dltriage classify --fail-on crsh "$TEST_TMP/logs" \
	    >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: unknown class .crsh. (did you mean .crash.?)\$" err &&
	grep "^valid: crash, nan, inconsistency, false-positive, timeout, oom, unknown, any\$" err &&
	! grep ignore err
'

test_expect_success '-q and --quiet are accepted' '
	dltriage classify -q --format json "$TEST_TMP/logs" >a &&
	dltriage classify --quiet --format json "$TEST_TMP/logs" >b &&
	test_cmp a b
'

test_expect_success 'two runs print the same thing' '
	dltriage classify --format json "$TEST_TMP/logs" >a &&
	dltriage classify --format json "$TEST_TMP/logs" >b &&
	test_cmp a b &&
	dltriage classify --format csv "$TEST_TMP/logs" >a &&
	dltriage classify --format csv "$TEST_TMP/logs" >b &&
	test_cmp a b
'

test_expect_success 'the bucket does not depend on where the log is' '
	mkdir -p x/y &&
	cp "$TEST_TMP/logs/asan.log" x/y/other-name.log &&
	dltriage classify --format json "$TEST_TMP/logs/asan.log" >a &&
	dltriage classify --format json x/y/other-name.log >b &&
	check get a bucket >ba &&
	check get b bucket >bb &&
	test -s ba &&
	test_cmp ba bb
'

test_expect_success 'the bucket does not depend on addresses and pids' '
	sed -e "s/0x6020000000[0-9a-f]*/0x6190000a1234/g" -e "s/==4242==/==77==/" \
	    -e "s/0x7f2e5d6c1b2[0-9a-f]/0x7fa0c0ffee10/g" \
	    "$TEST_TMP/logs/asan.log" >moved.log &&
	! cmp -s moved.log "$TEST_TMP/logs/asan.log" &&
	dltriage classify --format json "$TEST_TMP/logs/asan.log" >a &&
	dltriage classify --format json moved.log >b &&
	check get a bucket >ba &&
	check get b bucket >bb &&
	test_cmp ba bb
'

test_expect_success 'a CHECK failure and the abort it leads to are one failure, with the frames' '
	cat >check.log <<-\EOF &&
	2024-03-19 02:18:57.223847: F tensorflow/core/framework/tensor_shape.cc:45] Check failed: NDIMS == dims() (1 vs. 2)
	Fatal Python error: Aborted

	Current thread 0x00007f3c2e7fc700 (most recent call first):
	  File "/venv/lib/python3.10/site-packages/tensorflow/python/eager/execute.py", line 53 in quick_execute
	  File "repro.py", line 4 in <module>
	Aborted (core dumped)
	EOF
	dltriage classify --format json check.log >out &&
	test "$(wc -l <out)" = 1 &&
	grep "\"kind\":\"check-failure\"" out &&
	grep "\"frames\":\[\"repro:<module>\"\]" out
'

test_expect_success 'two INTERNAL ASSERTs: two buckets, titled by condition and file; one assert from Python or C++: one bucket' '
	printf "%s\n" "RuntimeError: t.dim() == 2 INTERNAL ASSERT FAILED at \"../torch/csrc/jit/ir.cpp\":99, please report a bug to PyTorch." >a1.log &&
	printf "%s\n" "terminate called after throwing an instance of '\''c10::Error'\''" \
	    "  what():  t.dim() == 2 INTERNAL ASSERT FAILED at \"/pytorch/torch/csrc/jit/ir.cpp\":101, please report a bug to PyTorch." >a2.log &&
	printf "%s\n" "RuntimeError: self.numel() > 0 INTERNAL ASSERT FAILED at \"../aten/src/ATen/native/Foo.cpp\":7, please report a bug to PyTorch." >a3.log &&
	dltriage classify --format json a1.log >o1; dltriage classify --format json a2.log >o2;
	dltriage classify --format json a3.log >o3;
	grep "\"signature\":\"INTERNAL ASSERT FAILED: t.dim() == 2 at ir.cpp\"" o1 &&
	check get o1 bucket >b1 && check get o2 bucket >b2 && check get o3 bucket >b3 &&
	test_cmp b1 b2 && ! cmp -s b1 b3
'

test_expect_success 'one kind of environment problem is one bucket, whatever raised it and where' '
	printf "%s\n" "Traceback (most recent call last):" \
		"  File \"C:\\Python36\\lib\\site-packages\\tensorflow_core\\python\\pywrap_tensorflow.py\", line 58, in <module>" \
		"    from tensorflow.python.pywrap_tensorflow_internal import *" \
		"ImportError: DLL load failed: The specified module could not be found." >env1.log &&
	printf "%s\n" "ImportError: DLL load failed while importing _pywrap_tensorflow_internal: A dynamic link library (DLL) initialization routine failed." >env2.log &&
	dltriage classify --format json env1.log >env1.out &&
	dltriage classify --format json env2.log >env2.out &&
	check get env1.out signature | grep -x "environment: DLL load failed" &&
	test "$(check get env1.out bucket)" = "$(check get env2.out bucket)"
'

test_expect_success 'autograph temporary file names do not split a bucket' '
	printf "%s\n" "Traceback (most recent call last):" \
	    "  File \"/tmp/__autograph_generated_filez8k2j1ab.py\", line 12, in tf__call" \
	    "    ag__.converted_call(ag__.ld(f), (), None, fscope)" \
	    "tensorflow.python.framework.errors_impl.InvalidArgumentError: Incompatible shapes: [2,3] vs. [3,2] [Op:AddV2]" >g1.log &&
	sed "s/z8k2j1ab/q0w9e8r7/" g1.log >g2.log &&
	dltriage classify --format json g1.log >o1; dltriage classify --format json g2.log >o2;
	check get o1 bucket >b1 && check get o2 bucket >b2 && test_cmp b1 b2
'

test_expect_success 'a message ending in a colon takes the lines it announces (a nested traceback too); two wrapped failures, two buckets' '
	printf "%s\n" "Traceback (most recent call last):" \
	    "  File \"/tmp/repro.py\", line 5, in <module>" \
	    "    out = torch.compile(f)(x)" \
	    "  File \"/venv/lib/python3.11/site-packages/torch/_dynamo/eval_frame.py\", line 655, in _fn" \
	    "    return fn(*args, **kwargs)" \
	    "torch._dynamo.exc.BackendCompilerFailed: backend=\x27inductor\x27 raised:" \
	    "RuntimeError: unexpected stride in buffer buf3" "" \
	    "Set TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information" >w1.log &&
	sed "s/unexpected stride in buffer buf3/cannot lower aten.foo: no decomposition/" w1.log >w2.log &&
	dltriage classify --format json w1.log >o1 && dltriage classify --format json w2.log >o2 &&
	check get o1 signature | grep "raised: RuntimeError: unexpected stride in buffer" &&
	! check get o1 signature | grep TORCH_LOGS &&
	check get o1 bucket >b1 && check get o2 bucket >b2 && ! test_cmp b1 b2 &&
	printf "%s\n" "Traceback (most recent call last):" \
	    "  File \"/tmp/train.py\", line 10, in <module>" \
	    "    model.fit(x, y)" \
	    "tensorflow.python.framework.errors_impl.InvalidArgumentError: Graph execution error:" "" \
	    "Detected at node sequential/dense/MatMul defined at (most recent call last):" \
	    "  File \"/tmp/train.py\", line 10, in <module>" "" \
	    "Matrix size-incompatible: In[0]: [32,10], In[1]: [20,1]" >g1.log &&
	sed "s#sequential/dense/MatMul#sequential/conv2d/Conv2D#" g1.log >g2.log &&
	dltriage classify --format json g1.log >o1 && dltriage classify --format json g2.log >o2 &&
	check get o1 signature | grep "Graph execution error: Detected at node sequential/dense/MatMul" &&
	check get o1 bucket >b1 && check get o2 bucket >b2 && ! test_cmp b1 b2 &&
	cat >iu.log <<-\EOF &&
	Traceback (most recent call last):
	  File "/tmp/train.py", line 12, in <module>
	    model.fit(x, y, epochs=1)
	ValueError: in user code:

	    File "/venv/lib/python3.10/site-packages/keras/engine/training.py", line 1284, in train_function  *
	        return step_function(self, iterator)
	    File "/venv/lib/python3.10/site-packages/keras/engine/input_spec.py", line 298, in assert_input_compatibility
	        raise ValueError(

	    ValueError: Input 0 of layer "sequential" is incompatible with the layer: expected shape=(None, 28, 28), found shape=(None, 784)

	Epoch 2/2
	EOF
	dltriage classify --format json iu.log >o &&
	test $(wc -l <o) -eq 1 &&
	check get o signature | grep "in user code: ValueError: Input 0 of layer" &&
	! grep "Epoch 2" o &&
	printf "%s\n" "Traceback (most recent call last):" \
	    "  File \"/tmp/a.py\", line 3, in <module>" \
	    "    f(x)" \
	    "ValueError: the following arguments are wrong:" \
	    "Segmentation fault (core dumped)" >s.log &&
	dltriage classify --format json s.log >o &&
	grep "\"class\":\"crash\"" o &&
	! grep "wrong: Segmentation" o &&
	printf "%s\n" "Traceback (most recent call last):" \
	    "  File \"/tmp/t.py\", line 3, in <module>" \
	    "    y = tf.matmul(a, b)" \
	    "tensorflow.python.framework.errors_impl.InvalidArgumentError: {{function_node __wrapped__MatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Matrix size-incompatible: In[0]: [2,3], In[1]: [4,5] [Op:MatMul] name: " \
	    "step=12 loss=0.5" "INFO: please report the results to the team" >tf.log &&
	dltriage classify --format json tf.log >o &&
	grep "\"message\":\"[^\"]*name: \"" o &&
	! grep "step=12" o && grep "\"class\":\"false-positive\"" o
'

test_expect_success 'a JSON record whose field holds a traceback is read as the traceback; two records, two buckets' '
	cat >rec.log <<-\EOF &&
	{"case": 17, "api": "torch.nn.functional.conv2d", "status": "error", "error": "Traceback (most recent call last):\n  File \"/srv/fuzz/run.py\", line 44, in run_case\n    out = fn(*args)\nRuntimeError: Given groups=1, weight of size [8, 3, 3, 3], expected input[1, 4, 32, 32] to have 3 channels, but got 4 channels instead\n"}
	{"case": 18, "api": "torch.nn.functional.relu", "status": "ok"}
	{"case": 19, "api": "torch.nn.functional.max_pool2d", "status": "error", "error": "Traceback (most recent call last):\n  File \"/srv/fuzz/run.py\", line 44, in run_case\n    out = fn(*args)\nRuntimeError: max_pool2d: kernel_size must be greater than zero, but got kH: 0 kW: 0\n"}
	EOF
	dltriage classify --format json rec.log >out &&
	test $(wc -l <out) -eq 2 &&
	sed -n 1p out >r1 && sed -n 2p out >r2 &&
	grep "\"exception\":{\"type\":\"RuntimeError\",\"message\":\"Given groups=1" r1 &&
	grep "\"frames\":\[\"run:run_case\"\]" r1 &&
	grep "\"source\":\"rec.log:3-3\"\|\"source\":\"rec.log\"" r2 &&
	grep "\"class\":\"false-positive\"" r1 && grep "\"class\":\"false-positive\"" r2 &&
	check get r1 bucket >b1 && check get r2 bucket >b2 && ! test_cmp b1 b2
'

test_expect_success 'a gdb frame folded onto two lines keeps its library, which names the framework' '
	cat >fold.log <<-\EOF &&
	(gdb) bt
	#0  syscall () at ../sysdeps/unix/sysv/linux/x86_64/syscall.S:38
	#1  0x00007f5971f7da54 in nsync::nsync_mu_semaphore_p_with_deadline(nsync::nsync_semaphore_s_*, timespec) ()
	   from /opt/venv/lib/python3.6/site-packages/tensorflow/python/_pywrap_tensorflow_internal.so
	#2  0x00007f5971f7d221 in nsync::nsync_sem_wait_with_cancel_(nsync::waiter*, timespec, nsync::nsync_note_s_*) ()
	   from /opt/venv/lib/python3.6/site-packages/tensorflow/python/_pywrap_tensorflow_internal.so
	EOF
	dltriage classify --format json fold.log >out &&
	test "$(wc -l <out)" = 1 &&
	grep "\"class\":\"timeout\",\"kind\":\"hang\"" out &&
	grep "\"framework\":\"tensorflow\"" out
'

test_expect_success 'the summary ends with the worst unique defects, worst first' '
	dltriage classify "$TEST_SRCDIR/corpus/logs" >out &&
	sed -n "/^worst unique defects:\$/,\$p" out >worst &&
	test $(wc -l <worst) -eq 6 &&
	sed 1d worst | awk "{ print \$2 }" >prios &&
	test "$(sed -n 1p prios)" = high &&
	! grep -v -x -e high -e medium -e low -e unknown prios &&
	sed 1d worst | grep -c "^  [0-9a-f]\{16\}  " | grep -x 5 &&
	dltriage classify --format json --summary "$TEST_SRCDIR/corpus/logs" >/dev/null 2>err &&
	grep "^worst unique defects:" err
'

test_expect_success 'a native backtrace after a Python exception is stitched in front of its traceback' '
	cat >mixed.log <<-\EOF &&
	Traceback (most recent call last):
	  File "/tmp/repro.py", line 9, in <module>
	    y = torch.ops.aten.index_put_(x, [idx], v)
	  File "/venv/lib/python3.11/site-packages/torch/_ops.py", line 1116, in __call__
	    return self._op(*args, **(kwargs or {}))
	RuntimeError: false INTERNAL ASSERT FAILED at "/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp":612, please report a bug to PyTorch.
	Exception raised from index_put_with_sort_kernel at /pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:612 (most recent call first):
	frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f in /venv/lib/python3.11/site-packages/torch/lib/libc10.so)
	frame #1: c10::detail::torchInternalAssertFail(char const*, char const*, unsigned int, char const*, std::string const&) + 0x64 (0x7f in libc10.so)
	frame #2: at::native::index_put_with_sort_kernel(at::Tensor&, bool, bool) + 0x1a (0x7f in libtorch_cpu.so)
	frame #3: at::_ops::_index_put_impl_::call(at::Tensor&, bool, bool) + 0x1f (0x7f in libtorch_cpu.so)
	frame #4: torch::jit::invokeOperatorFromPython(std::vector<std::shared_ptr<torch::jit::Operator>> const&, pybind11::args) + 0x4d (0x7f in libtorch_python.so)
	EOF
	dltriage classify --format json mixed.log >out &&
	check get out frames | tr , "\n" >frames &&
	cat frames &&
	head -n 1 frames | grep "^at::native::index_put_with_sort_kernel" &&
	grep "repro:<module>" frames &&
	! grep -e "torch._ops" -e "c10::Error" -e invokeOperatorFromPython frames
'

test_expect_success 'a log that is one error message alone is decided by its words' '
	printf "%s\n" "Negative dimension size caused by subtracting 3 from 1 for '"'"'conv2d_8/convolution'"'"' (op: '"'"'Conv2D'"'"') with input shapes: [?,1,1,64], [3,3,64,128]" >lone.log &&
	dltriage classify --format json lone.log >out &&
	test "$(wc -l <out)" -eq 1 &&
	check get out class | grep -x false-positive &&
	check get out kind | grep -x invalid-argument &&
	check get out signature | grep "^invalid-argument: Negative dimension size caused by subtracting 3 from 1" &&
	printf "\n  Negative dimension size caused by subtracting 5 from 2 for '"'"'pool'"'"'\n\n" >lone2.log &&
	dltriage classify --format json lone2.log >out2 &&
	check get out2 signature | grep "^invalid-argument: Negative dimension size caused by subtracting 5 from 2" &&
	check get out2 evidence | grep -x 2
'

test_expect_success 'a lone message needs a short log in which nothing else fired' '
	# no word of failure before a colon: detector reported-error (the
	# next test) does not take these lines
	msg="When checking target: expected dense_4 to have shape (1,) but got array with shape (10,)" &&
	printf "%s\n" "tf.Tensor(736.5775, shape=(), dtype=float32)" >values.log &&
	printf "I tensorflow/core/platform/cpu_feature_guard.cc:142] %s\n" "$msg" >info.log &&
	printf "a\nb\nc\n%s\n" "$msg" >four.log &&
	{ printf "%s " "$msg"; head -c 2100 /dev/zero | tr "\0" x; echo; } >long.log &&
	for f in values info four long; do
		dltriage classify --format json $f.log >$f.out &&
		test_must_be_empty $f.out || return 1
	done &&
	printf "x\n%s\ny\n" "$msg" >three.log &&
	dltriage classify --format json three.log >three.out &&
	check get three.out class | grep -x false-positive &&
	# lines indented below a sentence carry on its message (a listing
	# of what was registered); below a key alone they do not
	printf "%s\n" "$msg; registered:" "  device=CPU; T in [DT_FLOAT]" \
	    "  device=CPU; T in [DT_HALF]" "  device=GPU; T in [DT_FLOAT]" >listed.log &&
	dltriage classify --format json listed.log >listed.out &&
	check get listed.out class | grep -x false-positive &&
	check get listed.out signature | grep "registered: device=CPU" &&
	printf "%s\n" "expected:" "  shape: 1" "  dtype: f32" "a" "$msg" >keys.log &&
	dltriage classify --format json keys.log >keys.out &&
	test_must_be_empty keys.out &&
	# lines only as deep as the first are lines of their own
	printf "  %s\n" "$msg" a b c >level.log &&
	dltriage classify --format json level.log >level.out &&
	test_must_be_empty level.out
'

test_expect_success 'an error the program caught and reported in its own words is read from the words after the separator' '
	printf "%s\n" "loading config" "building model (3 blocks)" "params: 1.2M" \
	    "batch 0 failed: mat1 and mat2 shapes cannot be multiplied (4x10 and 12x3)" \
	    "skipping" >caught.log &&
	dltriage classify --format json caught.log >caught.out &&
	test "$(wc -l <caught.out)" -eq 1 &&
	check get caught.out class | grep -x false-positive &&
	check get caught.out evidence | grep -x 4 &&
	check get caught.out signature | grep "^shape-mismatch: mat1 and mat2 shapes cannot be multiplied" &&
	# the same words after another preamble: the same unique defect
	printf "%s\n" "epoch 1" "epoch 2" "step 17" "warmup done" \
	    "ERROR:trainer:step error -> mat1 and mat2 shapes cannot be multiplied (4x10 and 12x3)" >caught2.log &&
	dltriage classify --format json caught2.log >caught2.out &&
	test "$(check get caught.out bucket)" = "$(check get caught2.out bucket)" &&
	# MindSpore'"'"'s message printed by the program, without its type
	printf "%s\n" "step 1" "step 2" "step 3" "step 4" \
	    "caught: For '"'"'Conv2D'"'"', the '"'"'x'"'"' shape must be 4D, but got 3D." >ms.log &&
	dltriage classify --format json ms.log >ms.out &&
	check get ms.out class | grep -x false-positive &&
	# a report that ends at its separator has its message right below
	printf "%s\n" "accuracy 0.750 over 8 samples" "step 2" "step 3" "confusion matrix failed:" \
	    "mat1 and mat2 shapes cannot be multiplied (4x10 and 12x3)" "" "done" >below.log &&
	dltriage classify --format json below.log >below.out &&
	check get below.out class | grep -x false-positive &&
	check get below.out signature | grep "^shape-mismatch: mat1 and mat2" &&
	test "$(check get below.out bucket)" = "$(check get caught.out bucket)" &&
	# info lines report nothing, and words no rule reads decide nothing
	printf "%s\n" "a" "b" "c" "2024-03-01 10:22:13,402 INFO loader: shard 3 failed: expected 8 shards" >info.log &&
	printf "%s\n" "a" "b" "c" "download failed: connection reset by peer" >undecided.log &&
	for f in info undecided; do
		dltriage classify --format json $f.log >$f.out &&
		test_must_be_empty $f.out || return 1
	done
'

test_expect_success 'MindSpore'"'"'s message printed without its type above its report'"'"'s sections is that failure'"'"'s message' '
	dashes="----------------------------------------------------" &&
	printf "%s\n" "[INFO] RMSNorm over hidden=128" \
	    "[ERROR] rms_norm failed: The kernel RmsNorm unregistered." "$dashes" \
	    "- C++ Call Stack: (For framework developers)" "$dashes" \
	    "mindspore/ccsrc/pynative/utils/pyboost/pyboost_utils.cc:848 SelectKernel" >above.log &&
	dltriage classify --format json above.log >above.out &&
	check get above.out class | grep -x crash &&
	check get above.out kind | grep -x not-implemented &&
	check get above.out signature | grep "The kernel RmsNorm unregistered" &&
	# a blank line between the message and the rule is allowed
	printf "%s\n" "step 1" "The kernel RmsNorm unregistered." "" "$dashes" \
	    "- C++ Call Stack: (For framework developers)" "$dashes" \
	    "mindspore/ccsrc/pynative/utils/pyboost/pyboost_utils.cc:848 SelectKernel" >blank.log &&
	dltriage classify --format json blank.log >blank.out &&
	check get blank.out class | grep -x crash &&
	# the framework'"'"'s own log line stays where it stands: not the message
	printf "%s\n" "[ERROR] KERNEL(1,7f,python):2026-12-07-01:02:03.000.000 [mindspore/x.cc:1] F] The kernel RmsNorm unregistered." \
	    "$dashes" "- C++ Call Stack: (For framework developers)" "$dashes" \
	    "mindspore/ccsrc/pynative/utils/pyboost/pyboost_utils.cc:848 SelectKernel" >own.log &&
	dltriage classify --format json own.log >own.out &&
	! check get own.out signature | grep "KERNEL("
'

test_expect_success 'a log of printed values alone that shows two results is an inconsistency' '
	printf "%s\n" "tensor([2., 2., 4., 4.])" "tensor([2., 3., 4., 5.], device='"'"'cuda:0'"'"')" >two.log &&
	dltriage classify --format json two.log >two.out &&
	test "$(wc -l <two.out)" -eq 1 &&
	check get two.out class | grep -x inconsistency &&
	check get two.out kind | grep -x printed-results &&
	check get two.out rule | grep -x inconsistency-printed-results &&
	check get two.out evidence | grep -x 1 &&
	printf "%s\n" "CPU:" " tensor([[-4194303.7500,  4194304.0000]," \
		"        [ 4194304.0000, -4194303.7500]])" "" "GPU:" \
		" tensor([[-8388607.5000,  8388608.0000]," "        [ 8388607.5000, -8388608.0000]])" >labels.log &&
	dltriage classify --format json labels.log >labels.out &&
	check get labels.out class | grep -x inconsistency
'

test_expect_success 'printed values need two results, every line a value, and nothing else fired' '
	printf "loss: 0.6931\nloss: 0.6822\nloss: 0.6710\n" >loss.log &&
	printf "result:\ntensor(0.7762)\n" >one.log &&
	printf "tensor([1., 2.])\nx = torch.randn(3)\ntensor([1., 3.])\n" >code.log &&
	for f in loss one code; do
		dltriage classify --format json $f.log >$f.out &&
		test_must_be_empty $f.out || return 1
	done &&
	printf "tensor([1., nan])\ntensor([1., 2.])\n" >nan.log &&
	dltriage classify --format json nan.log >nan.out &&
	check get nan.out class | grep -x nan &&
	{ printf "tensor([1., 2.])\ntensor([1., 3.])\n"; i=0; while test $i -lt 200; do echo "tensor([$i.])"; i=$((i+1)); done; } >many.log &&
	dltriage classify --format json many.log >many.out &&
	test_must_be_empty many.out
'

test_expect_success 'printed values under two labels compare runs only when a label names what differs' '
	printf "lr: 0.1\nbatch_size: 32\nepochs: 10\n" >config.log &&
	printf "loss: 0.6931\naccuracy: 0.5012\n" >metrics.log &&
	for f in config metrics; do
		dltriage classify --format json $f.log >$f.out &&
		test_must_be_empty $f.out || return 1
	done &&
	printf "out1: 0.25\nout2: 0.5\n" >numbered.log &&
	printf "float32 result: 0.3333\nfloat16 result: 0.3335\n" >dtypes.log &&
	for f in numbered dtypes; do
		dltriage classify --format json $f.log >$f.out &&
		check get $f.out class | grep -x inconsistency &&
		check get $f.out rule | grep -x inconsistency-printed-labels || return 1
	done
'

test_expect_success 'a native stack pasted alone is a crash titled by its top frame' '
	printf "%s\n" "(gdb) bt" \
		"#0  0x00007f10 in at::native::index_put_(at::Tensor&) () from /venv/lib/libtorch_cpu.so" \
		"#1  0x00007f20 in at::_ops::index_put_::call(at::Tensor&) () from /venv/lib/libtorch_cpu.so" \
		"#2  0x00007f30 in torch::autograd::THPVariable_index_put_(_object*) () from /venv/lib/libtorch_python.so" >stack.log &&
	dltriage classify --format json stack.log >stack.out &&
	test "$(wc -l <stack.out)" -eq 1 &&
	check get stack.out class | grep -x crash &&
	check get stack.out kind | grep -x native-stack &&
	check get stack.out framework | grep -x pytorch &&
	check get stack.out signature | grep -x "native stack in at::native::index_put_" &&
	printf "%s\n" "#0  0x00007f in foo () from /lib/libfoo.so" "#1  0x00007f in bar () from /lib/libfoo.so" >two.log &&
	dltriage classify --format json two.log >two.out &&
	test_must_be_empty two.out &&
	printf "%s\n" "#0  0x00007f in foo () from /lib/libfoo.so" "#1  0x00007f in bar () from /lib/libfoo.so" \
		"#2  0x00007f in baz () from /lib/libfoo.so" "training finished" >mixed.log &&
	dltriage classify --format json mixed.log >mixed.out &&
	test_must_be_empty mixed.out
'

test_expect_success 'a native stack alone may be a macOS crash report'"'"'s frames, a JVM fatal error log'"'"'s, or gdb'"'"'s with arguments' '
	printf "%s\n" "0   libfoo.dylib    0x000000010d71aa11 foo::Graph::TypeName(int) + 273" \
		"1   libfoo.dylib    0x000000010d718d2e foo::Graph::Resolve() + 542" \
		"2   libfoo.dylib    0x000000010d718749 foo::Session::Load() + 73" >mac.log &&
	dltriage classify --format json mac.log >mac.out &&
	check get mac.out kind | grep -x native-stack &&
	check get mac.out signature | grep -x "native stack in foo::Graph::TypeName" &&
	printf "%s\n" "Stack: [0x00007000072b4000,0x00007000073b4000],  sp=0x00007000073b1f20,  free space=1015k" \
		"Native frames: (J=compiled Java code, A=aot compiled Java code, j=interpreted, Vv=VM code, C=native code)" \
		"C  [libfoo.dylib+0x5a7e4f]  foo::Graph::TypeName(int)+0xbf" \
		"C  [libfoo.dylib+0x5a6abd]  foo::Graph::Resolve()+0x2d" \
		"j  ai.foo.Session.create(J[B)J+0" >jvm.log &&
	dltriage classify --format json jvm.log >jvm.out &&
	check get jvm.out kind | grep -x native-stack &&
	check get jvm.out signature | grep -x "native stack in foo::Graph::TypeName" &&
	printf "%s\n" "#0  0x00007fe4 in foo_check () from /lib/libfoo.so" \
		"#1  0x00007fe5 in foo_run () from /lib/libfoo.so" \
		"#2  0x00007fe6 in errorHandler (" \
		"    msg=0x7fffe9365480 \"matrices expected, got 1D\", data=0x0) at error.c:12" >args.log &&
	dltriage classify --format json args.log >args.out &&
	check get args.out kind | grep -x native-stack &&
	printf "%s\n" "cpu=1.5" "gpu=2.5" >kv.log &&
	dltriage classify --format json kv.log >kv.out &&
	check get kv.out class | grep -x inconsistency
'

test_expect_success 'below a bare exception line: indented lines join its evidence; after a colon, the lines are its message' '
	printf "%s\n" "InvalidArgumentError: Output shapes of then and else branches do not match: (f32[100,1]) vs. (f32[100])" \
		"	 [[{{node gradient_tape/loop_body/Select/pfor/cond_1}}]] [Op:__inference_train_step_2474]" \
		"" "training resumed" >tail.log &&
	dltriage classify --format json tail.log >tail.out &&
	check get tail.out exception.message | grep -x "Output shapes of then and else branches do not match: (f32\[100,1\]) vs. (f32\[100\])" &&
	check get tail.out rule | grep -x tf-generated-node-failed &&
	printf "%s\n" "InvalidArgumentError: Incompatible shapes: [8,10] vs. [8,12]" \
		"	 [[{{node mean_squared_error/SquaredDifference}}]]" >own.log &&
	dltriage classify --format json own.log >own.out &&
	check get own.out class | grep -x false-positive &&
	printf "%s\n" "RuntimeError: Invalid argument: Gather op has 3 elements in start_index_map; these must be equal.: " \
		"This is a bug in JAX'"'"'s shape-checking rules; please report it!" >colon.log &&
	dltriage classify --format json colon.log >colon.out &&
	check get colon.out class | grep -x crash &&
	check get colon.out rule | grep -x python-framework-declares-bug &&
	printf "%s\n" "ValueError: bad value" "This line is not its message" >noncolon.log &&
	dltriage classify --format json noncolon.log >noncolon.out &&
	check get noncolon.out exception.message | grep -x "bad value" &&
	printf "%s\n" "ValueError: bad value" "  File \"t.py\", line 3 in f" >frame.log &&
	dltriage classify --format json frame.log >frame.out &&
	check get frame.out exception.message | grep -x "bad value"
'

test_expect_success 'an exception line that ends at "Type:" takes its message from the lines below' '
	printf "%s\n" "Traceback (most recent call last):" \
		"  File \"t.py\", line 3, in <module>" \
		"    f = torch.jit.script(g)" \
		"RuntimeError: " \
		"Arguments for call are not valid." \
		"The following variants are available:" \
		"" \
		"  aten::add.Tensor(Tensor self, Tensor other) -> Tensor:" >script.log &&
	dltriage classify --format json script.log >script.out &&
	check get script.out exception.message >msg &&
	printf "%s\n" "Arguments for call are not valid." "The following variants are available:" >want &&
	test_cmp want msg &&
	check get script.out class | grep -x false-positive &&
	printf "%s\n" "Traceback (most recent call last):" \
		"  File \"t.py\", line 3, in <module>" \
		"    x = f()" \
		"ValueError: bad value" \
		"training resumed" >plain.log &&
	dltriage classify --format json plain.log >plain.out &&
	check get plain.out exception.message | grep -x "bad value"
'

test_expect_success 'a condition on the log'"'"'s head is answered for each log: one log'"'"'s answer is not another'"'"'s' '
	# the same length, so that only the log, not the head'"'"'s size, can
	# tell them apart; "tf.nn.relu" names TensorFlow by a condition
	# whose regex has no literal to look for first
	mkdir heads &&
	printf "%s\n" "calling tf.nn.relu on the batch" \
		"RuntimeError: something went wrong" >heads/a.log &&
	printf "%s\n" "calling xf.nn.relu on the batch" \
		"RuntimeError: something went wrong" >heads/b.log &&
	dltriage classify --format json heads >heads.out &&
	grep "\"source\":\"heads/a.log\"" heads.out >a.out &&
	grep "\"source\":\"heads/b.log\"" heads.out >b.out &&
	check get a.out framework | grep -x tensorflow &&
	check get b.out framework | grep -x unknown
'

test_expect_success 'a traceback pasted without its header: its frames and its exception line are one failure' '
	printf "%s\n" "  File \"/venv/lib/python3.9/site-packages/torch/cuda/__init__.py\", line 99, in _lazy_init" \
		"    _check_driver()" \
		"  File \"/venv/lib/python3.9/site-packages/torch/cuda/__init__.py\", line 61, in _check_driver" \
		"    raise AssertionError(msg)" \
		"AssertionError: " \
		"Found no NVIDIA driver on your system." >cut.log &&
	dltriage classify --format json cut.log >cut.out &&
	test $(wc -l <cut.out) -eq 1 &&
	check get cut.out exception | grep -x AssertionError &&
	check get cut.out frames | tr , "\n" | head -n 1 | grep -x "torch.cuda:_check_driver" &&
	check get cut.out kind | grep -x environment &&
	# indented as a whole: the exception line is no deeper than the frames
	sed "s/^/    /" cut.log >indented.log &&
	dltriage classify --format json indented.log >indented.out &&
	check get indented.out exception | grep -x AssertionError &&
	check get indented.out frames | tr , "\n" | head -n 1 | grep -x "torch.cuda:_check_driver" &&
	# frames alone, with no exception below them, the innermost in the
	# framework: an exception on its way up, cut (confidence low)
	head -n 4 cut.log >frames.log &&
	dltriage classify --format json frames.log >frames.out &&
	test $(wc -l <frames.out) -eq 1 &&
	check get frames.out class | grep -x crash &&
	check get frames.out kind | grep -x uncaught-exception &&
	check get frames.out rule | grep -x python-framework-traceback-cut &&
	# the innermost in the program'"'"'s code (traceback.print_stack): no failure
	printf "%s\n" "  File \"/home/u/train.py\", line 40, in <module>" \
		"    main()" \
		"  File \"/home/u/train.py\", line 31, in main" \
		"    traceback.print_stack()" >stack.log &&
	dltriage classify --format json stack.log >stack.out &&
	test ! -s stack.out
'

test_expect_success 'frames cut before any exception stand only when nothing else in the log is a failure' '
	printf "%s\n" "Traceback of forward call that caused the error:" \
		"  File \"/venv/lib/python3.11/site-packages/torch/nn/functional.py\", line 2450, in batch_norm" \
		"    return torch.batch_norm(" \
		"" \
		"ValueError: Expected more than 1 value per channel when training, got input size torch.Size([1, 8])" >beside.log &&
	dltriage classify --format json beside.log >beside.out &&
	test $(wc -l <beside.out) -eq 1 &&
	check get beside.out class | grep -x false-positive &&
	head -n 3 beside.log >alone.log &&
	dltriage classify --format json alone.log >alone.out &&
	test $(wc -l <alone.out) -eq 1 &&
	check get alone.out class | grep -x crash
'

test_expect_success 'a frame'"'"'s module: an elided install directory and a source checkout name it as installed' '
	printf "%s\n" "<ipython-input-79-21aaf8a8397e> in <module>()" \
		"----> 1 jax.vmap(bad, in_axes=[0, None])(jnp.array([1.]), 2.)" \
		"" \
		".../jax/interpreters/batching.py in batch(fun, in_vals, in_dims)" \
		"     33   # executes a batched version" \
		"---> 34   batched_fun = batch_fun(fun, in_dims)" >elided.log &&
	dltriage classify --format json elided.log >elided.out &&
	check get elided.out frames | tr , "\n" | head -n 1 | grep -x "jax.interpreters.batching:batch" &&
	printf "%s\n" "Traceback (most recent call last):" \
		"  File \"/home/me/src/pytorch/torch/nn/functional.py\", line 2450, in batch_norm" \
		"    return torch.batch_norm(" \
		"RuntimeError: boom in the kernel" >checkout.log &&
	dltriage classify --format json checkout.log >checkout.out &&
	check get checkout.out frames | tr , "\n" | head -n 1 | grep -x "torch.nn.functional:batch_norm" &&
	# a program in a directory named as a framework is not one
	sed "s|/home/me/src/pytorch/torch/nn/functional.py|/home/me/torch/train.py|" checkout.log >mine.log &&
	dltriage classify --format json mine.log >mine.out &&
	check get mine.out frames | tr , "\n" | head -n 1 | grep -x "train:batch_norm" &&
	# Google'"'"'s monorepo keeps packages under third_party/py
	sed "s|/home/me/src/pytorch/torch/nn/functional.py|google3/third_party/py/jax/_src/lax/lax.py|" \
		checkout.log >mono.log &&
	dltriage classify --format json mono.log >mono.out &&
	check get mono.out frames | tr , "\n" | head -n 1 | grep -x "jax._src.lax.lax:batch_norm" &&
	# an egg keeps the package one directory down
	sed "s|/home/me/src/pytorch/torch/nn/functional.py|/usr/lib/python3.6/site-packages/keras-2.0.8-py3.6.egg/keras/utils/training_utils.py|" \
		checkout.log >egg.log &&
	dltriage classify --format json egg.log >egg.out &&
	check get egg.out frames | tr , "\n" | head -n 1 | grep -x "keras.utils.training_utils:batch_norm"
'

test_expect_success 'the interpreter'"'"'s IndexError in a source checkout of the framework is the framework'"'"'s fault' '
	printf "%s\n" "Traceback (most recent call last):" \
		"  File \"test/test_models.py\", line 43, in <module>" \
		"    model.fit(X, Y, batch_size=16)" \
		"  File \"/home/u/src/keras/keras/models.py\", line 294, in fit" \
		"    return callbacks.callbacks[-1]" \
		"IndexError: list index out of range" >idx.log &&
	dltriage classify --format json idx.log >idx.out &&
	check get idx.out class | grep -x crash &&
	check get idx.out rule | grep -x python-interpreter-error-in-framework &&
	# the same statement in the program'"'"'s own tree is the program'"'"'s
	sed "s|/home/u/src/keras/keras/models.py|/home/u/src/app/models.py|" idx.log >own.log &&
	dltriage classify --format json own.log >own.out &&
	! check get own.out rule | grep -x python-interpreter-error-in-framework
'

test_expect_success 'frames below a traceback'"'"'s exception line (TensorFlow'"'"'s "in user code:") stay in its failure' '
	printf "%s\n" "Traceback (most recent call last):" \
		"  File \"/tmp/repro.py\", line 19, in <module>" \
		"    y = f(x)" \
		"ValueError: in user code:" \
		"" \
		"    File \"/tmp/repro.py\", line 14, in f  *" \
		"        return tf.nn.relu(tf.add(y, s))" \
		"" \
		"    ValueError: Dimensions must be equal, but are 8 and 16" >user.log &&
	dltriage classify --format json user.log >user.out &&
	test $(wc -l <user.out) -eq 1 &&
	check get user.out frames | tr , "\n" | head -n 1 | grep -x "repro:<module>"
'

test_expect_success 'rising memory readings in different units are one oom failure; readings that do not rise are none' '
	printf "%s\n" "step 1" "RSS: 900MB" "step 2" "RSS: 950 MB" \
		"step 3" "RSS: 1.1 GiB" "step 4" "RSS: 1.4GB" >grow.log &&
	dltriage classify --format json grow.log >grow.out &&
	test $(wc -l <grow.out) -eq 1 &&
	check get grow.out class | grep -x oom &&
	check get grow.out kind | grep -x memory-growth &&
	printf "%s\n" "RSS: 900MB" "RSS: 1200MB" "RSS: 800MB" "RSS: 1300MB" \
		"RSS: 700MB" "RSS: 1400MB" >saw.log &&
	dltriage classify --format json saw.log >saw.out &&
	test_must_be_empty saw.out &&
	printf "%s\n" "RSS: 900MB" "RSS: 950MB" "RSS: 1000MB" >three.log &&
	dltriage classify --format json three.log >three.out &&
	test_must_be_empty three.out
'

test_expect_success 'a tensor printed on a device beside one on the CPU is an inconsistency; on the device alone, none' '
	printf "%s\n" "x = torch.ones(2)" "print(f(x), f(x.cuda()))" \
		"tensor([2., 2.]) tensor([2., 3.], device='"'"'cuda:0'"'"')" >dev.log &&
	dltriage classify --format json dev.log >dev.out &&
	check get dev.out class | grep -x inconsistency &&
	check get dev.out kind | grep -x cpu-vs-device &&
	printf "%s\n" "y = f(x.cuda())" "tensor([2., 3.], device='"'"'cuda:0'"'"')" >devonly.log &&
	dltriage classify --format json devonly.log >devonly.out &&
	test_must_be_empty devonly.out
'

test_expect_success 'IPython'"'"'s header names the exception of a traceback cut before its exception line' '
	printf "%s\n" \
		"AssertionError                            Traceback (most recent call last)" \
		"/usr/lib/python3/dist-packages/jax/_src/lax/parallel.py in _ppermute_batcher(axis_size, perm)" \
		"    791   assert len(perm) == axis_size" \
		"--> 793   assert d is not batching.not_mapped" \
		"    794   perm_indices = np.zeros(axis_size, dtype=int)" >ipy.log &&
	dltriage classify --format json ipy.log >ipy.out &&
	test $(wc -l <ipy.out) -eq 1 &&
	check get ipy.out exception | grep -x AssertionError &&
	check get ipy.out class | grep -x crash &&
	check get ipy.out kind | grep -x internal-assert &&
	printf "%s\n" \
		"RuntimeError                              Traceback (most recent call last)" \
		"<ipython-input-3-38d4de4ce9bb> in <module>" \
		"----> 1 f(x)" >ipycut.log &&
	dltriage classify --format json ipycut.log >ipycut.out &&
	check get ipycut.out exception | grep -x RuntimeError &&
	check get ipycut.out class | grep -x unknown &&
	printf "%s\n" \
		"RuntimeError                              Traceback (most recent call last)" \
		"<ipython-input-3-38d4de4ce9bb> in <module>" \
		"----> 1 f(x)" "" \
		"RuntimeError: boom" >ipyfull.log &&
	dltriage classify --format json ipyfull.log >ipyfull.out &&
	check get ipyfull.out exception.message | grep -x boom
'

test_expect_success 'an IPython chain is one failure, decided by the exception that propagated' '
	printf "%s\n" \
		"KeyError                                  Traceback (most recent call last)" \
		"~/venv/lib/python3.11/site-packages/jax/_src/api_util.py in shaped_abstractify(x)" \
		"--> 556     return handlers[type(x)](x)" \
		"" \
		"KeyError: <class '"'"'__main__.A'"'"'>" \
		"" \
		"During handling of the above exception, another exception occurred:" \
		"" \
		"TypeError                                 Traceback (most recent call last)" \
		"<ipython-input-3-fa07b73d69aa> in <module>" \
		"----> 1 jax.jit(lambda x: x)(A())" \
		"" \
		"~/venv/lib/python3.11/site-packages/jax/_src/api_util.py in _shaped_abstractify_slow(x)" \
		"--> 547     raise TypeError(msg)" \
		"" \
		"TypeError: Cannot interpret value of type <class '"'"'__main__.A'"'"'> as an abstract array" >ipychain.log &&
	dltriage classify --format json ipychain.log >ipychain.out &&
	test $(wc -l <ipychain.out) -eq 1 &&
	check get ipychain.out exception | grep -x TypeError &&
	check get ipychain.out class | grep -x false-positive &&
	grep -q "<ipython-input-3-fa07b73d69aa>:<module>" ipychain.out &&
	sed -n "1,13p" ipychain.log >ipychaincut.log &&
	dltriage classify --format json ipychaincut.log >ipychaincut.out &&
	test $(wc -l <ipychaincut.out) -eq 1 &&
	check get ipychaincut.out exception | grep -x TypeError
'

test_expect_success 'a line that fires no detector, repeated, stays quiet; the same words that fire still do' '
	tpu="Unable to initialize backend '"'"'tpu'"'"': INTERNAL: Failed to open libtpu.so: libtpu.so: cannot open shared object file: No such file or directory" &&
	: >quiet.log &&
	for i in 1 2 3 4 5 6 7 8; do
		printf "INFO:jax._src.xla_bridge:%s\n" "$tpu" >>quiet.log &&
		printf "step %s\n" "$i" >>quiet.log || return 1
	done &&
	printf "W0101 00:00:00.000000 1 dso_loader.cc:59] %s\n" "$tpu" >>quiet.log &&
	printf "INFO:jax._src.xla_bridge:%s\n" "$tpu" >>quiet.log &&
	dltriage classify --format json quiet.log >quiet.out &&
	test $(wc -l <quiet.out) -eq 1 &&
	check get quiet.out kind | grep -x environment &&
	grep -q "\"evidence\":\[17\]" quiet.out &&
	dltriage classify --format json quiet.log quiet.log >quiet2.out &&
	test $(wc -l <quiet2.out) -eq 2
'

# two tests' failures as pytest --tb=short prints them
pytest_short() {
	cat <<-\EOF
	________________________________ test_matmul ___________________________________
	tests/test_ops.py:8: in test_matmul
	    torch.matmul(a, b)
	E   RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)
	________________________________ test_index ____________________________________
	tests/test_ops.py:12: in test_index
	    x[10]
	E   IndexError: index 10 is out of bounds for dimension 0 with size 3
	EOF
}

test_expect_success 'a test runner'"'"'s header for the next test (JUnit XML'"'"'s <testcase> too) ends the failure above it: two tests, two failures' '
	{ echo "==================== FAILURES ====================" &&
	pytest_short && echo "==================== short test summary info ===================="
	} >tbshort.log &&
	dltriage classify --format json tbshort.log >tbshort.out &&
	test $(wc -l <tbshort.out) -eq 2 &&
	check get tbshort.out exception | sed -n 1p | grep -x RuntimeError &&
	check get tbshort.out exception | sed -n 2p | grep -x IndexError &&
	sed "/test_index/s/.*/(the next test'"'"'s header cut off)/" tbshort.log >tbjoined.log &&
	dltriage classify --format json tbjoined.log >tbjoined.out &&
	test $(wc -l <tbjoined.out) -eq 1 &&
	cat >junit.xml <<-\EOF &&
	<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" failures="2" tests="2"><testcase classname="t" name="test_matmul"><failure message="RuntimeError">def test_matmul():
	E       RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)
	t.py:8: RuntimeError</failure></testcase><testcase classname="t" name="test_index"><failure message="IndexError">def test_index():
	E       IndexError: index 10 is out of bounds for dimension 0 with size 3
	t.py:12: IndexError</failure></testcase></testsuite></testsuites>
	EOF
	dltriage classify --format json junit.xml >junit.out &&
	test $(wc -l <junit.out) -eq 2
'

test_expect_success 'pytest'"'"'s one-line reports are exceptions, its summary lines a failure each; a summary of failures reported above adds none' '
	cat >tbline.log <<-\EOF &&
	=================================== FAILURES ===================================
	/w/tests/test_ops.py:8: RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)
	/w/tests/test_ops.py:12: IndexError: index 10 is out of bounds for dimension 0 with size 3
	EOF
	dltriage classify --format json tbline.log >tbline.out &&
	test $(wc -l <tbline.out) -eq 1 &&
	check get tbline.out exception | grep -x IndexError &&
	cat >tbno.log <<-\EOF &&
	=========================== short test summary info ============================
	FAILED tests/test_ops.py::test_matmul - RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)
	FAILED tests/test_ops.py::test_index - IndexError: index 10 is out of bounds for dimension 0 with size 3
	========================= 2 failed, 1 passed in 0.12s ==========================
	EOF
	dltriage classify --format json tbno.log >tbno.out &&
	test $(wc -l <tbno.out) -eq 2 &&
	cat tbline.log tbno.log >tblinesum.log &&
	dltriage classify --format json tblinesum.log >tblinesum.out &&
	test $(wc -l <tblinesum.out) -eq 2 &&
	check get tblinesum.out exception | sort | tr "\n" " " | grep -x "IndexError RuntimeError " &&
	pytest_short >tbsum.log &&
	sed -n "1,3p" tbno.log | sed "s/(4x5)\$/(4x/" >>tbsum.log &&
	dltriage classify --format json tbsum.log >tbsum.out &&
	test $(wc -l <tbsum.out) -eq 2 &&
	check get tbsum.out source | sed -n 2p | grep -x "tbsum.log:6-8"
'

test_expect_success 'a frame line wrapped where it was pasted is no exception line; a lower-case word alone is none' '
	cat >wrapped.log <<-\EOF &&
	Traceback (most recent call last):
	  File "/w/test.py", line 16, in main
	    anchors = ag(image=img)
	  File "/w/venv/lib/python3.10/site-packages/keras_cv/src/bounding_box/converters.py", line 395, in convert
	_format
	    _validate_image_shape(image_shape)
	  File "/w/venv/lib/python3.10/site-packages/keras_cv/src/bounding_box/converters.py", line 501, in _valida
	te_image_shape
	    raise ValueError(
	ValueError: Expected image_shape to be either a tuple, list, Tensor. Received image_shape=(416, 416, 3)
	EOF
	dltriage classify --format json wrapped.log >wrapped.out &&
	test $(wc -l <wrapped.out) -eq 1 &&
	check get wrapped.out exception | grep -x ValueError &&
	cat >cutword.log <<-\EOF &&
	Traceback (most recent call last):
	  File "/w/train.py", line 226, in <module>
	    train(args=args, run=run)
	  File "/usr/lib/python3/dist-packages/tensorflow/python/eager/execute.py", line 60, in quick_execute
	    inputs, attrs, num_outputs)
	tensorfl
	EOF
	dltriage classify --format json cutword.log >cutword.out &&
	! grep "\"type\":\"tensorfl\"" cutword.out &&
	printf "Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\nSegmentation fault (core dumped)\n" >framesegv.log &&
	dltriage classify --format json framesegv.log >framesegv.out &&
	check get framesegv.out class | grep -x crash &&
	check get framesegv.out kind | grep -x segfault &&
	printf "Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\nsocket.timeout\n" >dotted.log &&
	dltriage classify --format json dotted.log >dotted.out &&
	check get dotted.out exception | grep -x socket.timeout
'

test_expect_success 'Keras'"'"'s "Exception encountered when calling X.call()." takes its detail below a blank line: the signature names it' '
	cat >kwrap.log <<-\EOF &&
	Traceback (most recent call last):
	  File "/w/repro.py", line 4, in <module>
	    m(x)
	ValueError: Exception encountered when calling MaxPooling2D.call().

	Computed output size would be zero or negative. Received: `inputs.shape=[None 1 1 8]`, `pool_size=[2 2]`

	Arguments received by MaxPooling2D.call():
	  - inputs=tf.Tensor(shape=(None, 1, 1, 8), dtype=float32)
	EOF
	dltriage classify --format json kwrap.log >kwrap.out &&
	check get kwrap.out exception.message >msg &&
	printf "%s\n" "Exception encountered when calling MaxPooling2D.call()." \
		"Computed output size would be zero or negative. Received: \`inputs.shape=[None 1 1 8]\`, \`pool_size=[2 2]\`" >want &&
	test_cmp want msg &&
	check get kwrap.out signature | grep "^ValueError: Computed output size would be zero" &&
	sed "s/MaxPooling2D/Conv2D/; s/zero or negative/negative/" kwrap.log >kwrap2.log &&
	dltriage classify --format json kwrap2.log >kwrap2.out &&
	test "$(check get kwrap.out bucket)" != "$(check get kwrap2.out bucket)" &&
	sed -n "4,\$p" kwrap.log >kbare.log &&
	dltriage classify --format json kbare.log >kbare.out &&
	check get kbare.out signature | grep "^ValueError: Computed output size would be zero"
'

test_expect_success 'an IPython traceback pasted from a frame'"'"'s header on is one traceback; Colab'"'"'s "N frames" inside it keeps it going' '
	cat >ipycut.log <<-\EOF &&
	~/env/lib/python3.5/site-packages/torch/__init__.py in <module>()
	     51 sys.setdlopenflags(_dl_flags.RTLD_GLOBAL | _dl_flags.RTLD_NOW)
	     52 
	---> 53 from torch._C import *
	     54 

	ImportError: dlopen: cannot load any more object with static TLS
	EOF
	dltriage classify --format json ipycut.log >ipycut.out &&
	test $(wc -l <ipycut.out) = 1 &&
	check get ipycut.out frames | grep "torch:<module>" &&
	check get ipycut.out exception | grep -x ImportError &&
	cat >colab.log <<-\EOF &&
	RuntimeError                              Traceback (most recent call last)
	/usr/lib/python3.6/dist-packages/jax/interpreters/xla.py in primitive_computation(prim)
	--> 180     return c.Build()

	8 frames
	/usr/lib/python3.6/dist-packages/jaxlib/xla_client.py in Build(self, root)
	--> 730       return Computation(self._builder.Build())

	RuntimeError: Invalid argument: Expected element type to be signed; got U32.
	EOF
	dltriage classify --format json colab.log >colab.out &&
	test $(wc -l <colab.out) = 1 &&
	check get colab.out frames | grep "xla_client:Build" &&
	check get colab.out exception.message | grep "^Invalid argument: Expected element type" &&
	printf "/x/y.py in f(a)\n--> 3     g()\n" >ipyonly.log &&
	dltriage classify --format json ipyonly.log >ipyonly.out &&
	test ! -s ipyonly.out
'

test_expect_success 'ONNX Runtime'"'"'s input check printed alone: one bucket per input and check, not one for all' '
	echo "Invalid rank for input: image Got: 1 Expected: 4 Please fix either the inputs/outputs or the model." >ic1.log &&
	echo "Invalid rank for input: image Got: 2 Expected: 4 Please fix either the inputs/outputs or the model." >ic2.log &&
	echo "Invalid rank for input: mask Got: 1 Expected: 4 Please fix either the inputs/outputs or the model." >ic3.log &&
	echo "Load model from m.onnx failed:[ShapeInferenceError] Stride is bigger than Kernel shape" >ld1.log &&
	for f in ic1 ic2 ic3 ld1; do dltriage classify --format json $f.log >$f.out || return 1; done &&
	check get ic1.out signature | grep -x "input refused: Invalid rank for input: image" &&
	test "$(check get ic1.out bucket)" = "$(check get ic2.out bucket)" &&
	test "$(check get ic1.out bucket)" != "$(check get ic3.out bucket)" &&
	check get ld1.out class | grep -x false-positive &&
	check get ld1.out framework | grep -x onnxruntime &&
	check get ld1.out signature | grep -x "model refused: \[ShapeInferenceError\] Stride is bigger than Kernel shape" &&
	test "$(check get ld1.out bucket)" != "$(check get ic1.out bucket)"
'

test_expect_success 'a failure named by nothing but its line (no exception, no frame, no rule signature): one bucket per message, not one per kind' '
	echo "free(): double free detected in tcache 2" >hc1.log &&
	echo "*** Error in \`python3'"'"': free(): invalid pointer: 0x00007f2413977720 ***" >hc2.log &&
	echo "*** Error in \`python3'"'"': free(): invalid pointer: 0x00007f11deadbeef ***" >hc3.log &&
	echo "/AppleInternal/Library/BuildRoots/abc/Library/Caches/com.apple.xbs/Sources/MetalPerformanceShaders/MPSCore/Types/MPSNDArray.mm:725: failed assertion \`[MPSNDArray initWithDevice:descriptor:] Error: total bytes of NDArray > 2**32'"'"'" >as1.log &&
	echo "zsh: abort      python repro.py" >>as1.log &&
	for f in hc1 hc2 hc3 as1; do dltriage classify --format json $f.log >$f.out || return 1; done &&
	check get hc1.out kind | grep -x heap-corruption &&
	check get hc1.out signature | grep -x "heap-corruption: free(): double free detected in tcache 2" &&
	test "$(check get hc2.out bucket)" = "$(check get hc3.out bucket)" &&
	test "$(check get hc1.out bucket)" != "$(check get hc2.out bucket)" &&
	check get as1.out signature | grep "^assert: MPSNDArray.mm:725: failed assertion" &&
	! check get as1.out signature | grep AppleInternal
'

test_expect_success 'WinDbg'"'"'s crash-dump analysis: a crash, with the STACK_TEXT frames' '
	cat >windbg.log <<-\EOF &&
	BUGCHECK_STR:  FAIL_FAST_FATAL_APP_EXIT

	PRIMARY_PROBLEM_CLASS:  FAIL_FAST

	STACK_TEXT:
	000000be`c3a3da80 00007ffc`623b447f : 000000be`00000003 00000000`00000003 000000be`c3a3dbf0 000001f6`6f45afa0 : ucrtbase!abort+0x4e
	000000be`c3a3daf0 00007ffc`62db3d62 : 00000000`00000001 000000be`c3a3ec50 000001f6`8ebb94e8 000000be`c3a3f6f0 : example!example::Conv2D::Run+0x18c9
	EOF
	dltriage classify --format json windbg.log >windbg.out &&
	check get windbg.out class | grep -x crash &&
	check get windbg.out rule | grep -x windows-dump-crash &&
	check get windbg.out signature | grep -x "windows crash FAIL_FAST_FATAL_APP_EXIT in example::Conv2D::Run" &&
	printf "BUGCHECK_STR is a key of the analysis\n" >nowindbg.log &&
	dltriage classify --format json nowindbg.log >nowindbg.out &&
	test ! -s nowindbg.out
'

test_expect_success 'an IPython chain whose last exception line was cut: the earlier exception'"'"'s message when it raised the same type, none when another' '
	cat >chain1.log <<-\EOF &&
	RuntimeError                              Traceback (most recent call last)
	/x/lib.py in build(c)
	--> 180     return c.Build()

	RuntimeError: Invalid argument: Expected element type to be signed; got U32.

	During handling of the above exception, another exception occurred:

	RuntimeError                              Traceback (most recent call last)
	<ipython-input-12-3db71aa0f40b> in <module>()
	----> 3 f(x)

	/x/ops.py in floor_divide(x1, x2)
	EOF
	sed "9s/^RuntimeError /TypeError    /" chain1.log >chain2.log &&
	dltriage classify --format json chain1.log >chain1.out &&
	dltriage classify --format json chain2.log >chain2.out &&
	check get chain1.out exception | grep -x RuntimeError &&
	check get chain1.out exception.message | grep -x "Invalid argument: Expected element type to be signed; got U32." &&
	check get chain2.out exception | grep -x TypeError &&
	check get chain2.out exception.message >msg2 &&
	! grep "Invalid argument" msg2
'

test_expect_success 'gdb: the frame where it stopped and again at the head of bt is one frame; a demangled name holding "()" and GCC'"'"'s clone suffix are cut to the name; frames in libstdc++.so are the library'"'"'s' '
	cat >gdb2.log <<-\EOF &&
	Core was generated by `python2 -c from syntaxnet import load_parser_ops'"'"'.
	Program terminated with signal SIGSEGV, Segmentation fault.
	#0  0x00007f3303cf0d47 in std::_Hash_bytes(void const*, unsigned long, unsigned long) () from /usr/lib/x86_64-linux-gnu/libstdc++.so.6
	(gdb) bt
	#0  0x00007f3303cf0d47 in std::_Hash_bytes(void const*, unsigned long, unsigned long) () from /usr/lib/x86_64-linux-gnu/libstdc++.so.6
	#1  0x00007f33065f509c in tensorflow::FileSystemRegistryImpl::Register(std::string const&, std::function<tensorflow::FileSystem* ()>) ()
	#2  0x00007f33065f26b3 in tensorflow::Env::Register(std::string const&) [clone .constprop.0] () from /x/_pywrap_tensorflow.so
	#3  0x00007f33065f26b3 in tensorflow::Env::Register(std::string const&) [clone .constprop.0] () from /x/_pywrap_tensorflow.so
	EOF
	dltriage classify --format json gdb2.log >gdb2.out &&
	check get gdb2.out signature | grep -x "SIGSEGV in tensorflow::FileSystemRegistryImpl::Register" &&
	check get gdb2.out frames | tr , "\n" >gdb2.frames &&
	cat >gdb2.want <<-\EOF &&
	tensorflow::FileSystemRegistryImpl::Register
	tensorflow::Env::Register
	tensorflow::Env::Register
	EOF
	test_cmp gdb2.want gdb2.frames &&
	cat >gdb3.log <<-\EOF &&
	Program terminated with signal SIGSEGV, Segmentation fault.
	#0  0x00007f0000000001 in foo::bar(int) () from /x/libfoo.so
	(gdb) bt
	#0  0x00007f0000000001 in foo::bar(int) () from /x/libfoo.so
	#1  0x00007f0000000002 in foo::bar(int) () from /x/libfoo.so
	#2  0x00007f0000000003 in baz::qux() () from /x/libfoo.so
	EOF
	dltriage classify --format json gdb3.log >gdb3.out &&
	check get gdb3.out frames | tr , "\n" >gdb3.frames &&
	printf "foo::bar\nfoo::bar\nbaz::qux\n" >gdb3.want &&
	test_cmp gdb3.want gdb3.frames
'

test_expect_success 'a sanitizer frame with no symbol (module and offset, or an unknown module) does not end the stack' '
	cat >asan-nosym.log <<-\EOF &&
	==29939==ERROR: AddressSanitizer: ABRT on unknown address 0x7fff94dd7f06 (pc 0x7fff94dd7f06 bp 0x7fff5a49dcd0 sp 0x7fff5a49dca8 T0)
	    #0 0x7fff94dd7f05 in __pthread_kill
	    #1 0x7fff8733c6de in abort
	    #2 0x7fff8e1abc10  (/usr/lib/libc++abi.dylib:x86_64+0xc10)
	    #3 0x7fff86bef4a5 in _objc_terminate()
	    #4 0x7f00deadbeef  (<unknown module>)
	    #5 0x1058e4a36 in font::Table::Builder::Initialize(font::Data*) src/table.cc:465:23
	    #6 0x1058e3308 in font::Table::Builder::Build() src/table.cc:454:5
	SUMMARY: AddressSanitizer: ABRT (/usr/lib/system/libsystem_kernel.dylib:x86_64+0x16f05)
	EOF
	dltriage classify --format json asan-nosym.log >asan-nosym.out &&
	check get asan-nosym.out frames | tr , "\n" >asan-nosym.frames &&
	printf "font::Table::Builder::Initialize\nfont::Table::Builder::Build\n" >asan-nosym.want &&
	test_cmp asan-nosym.want asan-nosym.frames &&
	check get asan-nosym.out signature | grep -x "SIGABRT in font::Table::Builder::Initialize"
'

test_expect_success 'PyTorch before 1.5: "ASSERT FAILED at file:line" is titled by its condition and file; a c10 backtrace with decimal offsets (macOS) is stitched under the exception' '
	cat >oldassert.log <<-\EOF &&
	terminate called after throwing an instance of '"'"'c10::Error'"'"'
	  what():  isTensorList() ASSERT FAILED at /home/u/libtorch/include/ATen/core/ivalue.h:367, please report a bug to PyTorch. (toTensorList at /home/u/libtorch/include/ATen/core/ivalue.h:367)
	EOF
	dltriage classify --format json oldassert.log >oldassert.out &&
	check get oldassert.out signature | grep -x "INTERNAL ASSERT FAILED: isTensorList() at ivalue.h" &&
	cat >macc10.log <<-\EOF &&
	    method_graph, params = model.forward._lowered_graph()
	RuntimeError: isTensor() INTERNAL ASSERT FAILED at ../aten/src/ATen/core/ivalue_inl.h:70, please report a bug to PyTorch. Expected Tensor but got Int (toTensor at ../aten/src/ATen/core/ivalue_inl.h:70)
	frame #0: c10::Error::Error(c10::SourceLocation, std::__1::basic_string<char, std::__1::char_traits<char>, std::__1::allocator<char> > const&) + 135 (0x10a945e87 in libc10.dylib)
	frame #1: c10::IValue::toTensor() const & + 334 (0x112b7a1ce in libtorch.dylib)
	frame #2: torch::jit::script::Method::_lowered_graph() + 382 (0x1157f8ade in libtorch.dylib)
	EOF
	dltriage classify --format json macc10.log >macc10.out &&
	check get macc10.out frames | tr , "\n" >macc10.frames &&
	printf "c10::IValue::toTensor\ntorch::jit::script::Method::_lowered_graph\n" >macc10.want &&
	test_cmp macc10.want macc10.frames
'

test_expect_success 'a Java exception: its stack is its frames, the JVM'"'"'s frames skipped; a "Caused by:" exception and its stack replace the enclosing one'"'"'s, "... N more" the frames they share; the next exception line starts the next failure; IllegalArgumentException is a rejected argument, UnsatisfiedLinkError the environment' '
	printf "Exception in thread \"main\" ai.onnxruntime.OrtException: Error code - ORT_INVALID_ARGUMENT - message: Invalid rank for input: x Got: 1 Expected: 2\n\tat ai.onnxruntime.OrtSession.run(Native Method)\n\tat ai.onnxruntime.OrtSession.run(OrtSession.java:301)\n\tat java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)\n\tat app//org.example.Main.main(Main.java:20)\n" >java.log &&
	dltriage classify --format json java.log >java.out &&
	check get java.out exception | grep -x "ai.onnxruntime.OrtException" &&
	check get java.out frames | tr , "\n" >java.frames &&
	printf "ai.onnxruntime.OrtSession.run\nai.onnxruntime.OrtSession.run\norg.example.Main.main\n" >java.want &&
	test_cmp java.want java.frames &&
	cat >caused.log <<-\EOF &&
	E/AndroidRuntime: FATAL EXCEPTION: main
	    java.lang.RuntimeException: Unable to start activity ComponentInfo{com.example/com.example.MainActivity}: java.lang.IllegalArgumentException: Cannot copy to a TensorFlowLite tensor (input_1) with 602112 bytes from a Java Buffer with 150528 bytes.
	        at android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3449)
	        at android.os.Looper.loop(Looper.java:223)
	     Caused by: java.lang.IllegalArgumentException: Cannot copy to a TensorFlowLite tensor (input_1) with 602112 bytes from a Java Buffer with 150528 bytes.
	        at org.tensorflow.lite.Tensor.throwIfShapeIsIncompatible(Tensor.java:332)
	        at org.tensorflow.lite.Tensor.setTo(Tensor.java:112)
	        at com.example.MainActivity.onCreate(MainActivity.kt:41)
	        	... 11 more
	EOF
	dltriage classify --format json caused.log >caused.out &&
	check get caused.out exception | grep -x "java.lang.IllegalArgumentException" &&
	check get caused.out frames | tr , "\n" | head -n 1 | grep -x "org.tensorflow.lite.Tensor.throwIfShapeIsIncompatible" &&
	check get caused.out class | grep -x false-positive &&
	check get caused.out kind | grep -x invalid-argument &&
	cat >junit.log <<-\EOF &&
	1) testAlias(org.example.GcmTest)
	java.lang.AssertionError: alias failed
		at org.example.GcmTest.testAlias(GcmTest.java:474)
		at org.junit.runners.ParentRunner.run(ParentRunner.java:363)
		at org.example.Runner.main(Runner.java:75)
	Caused by: arrays first differed at element [16]; expected:<0> but was:<120>
		at org.junit.Assert.internalArrayEquals(Assert.java:532)
		at org.example.GcmTest.check(GcmTest.java:469)
		... 2 more
	Caused by: java.lang.AssertionError: expected:<0> but was:<120>
		at org.junit.Assert.fail(Assert.java:88)
		at org.junit.Assert.failNotEquals(Assert.java:834)
		... 4 more
	2) testOther(org.example.GcmTest)
	java.lang.AssertionError: other failed
		at org.example.GcmTest.testOther(GcmTest.java:90)
	EOF
	dltriage classify --format json junit.log >junit.out &&
	test $(wc -l <junit.out) = 2 &&
	head -n 1 junit.out >junit1.out &&
	check get junit1.out frames | tr , "\n" >junit.frames &&
	printf "org.example.GcmTest.check\norg.example.Runner.main\n" >junit.want &&
	test_cmp junit.want junit.frames &&
	check get junit1.out exception | grep -x "java.lang.AssertionError" &&
	printf "Exception in thread \"main\" java.lang.UnsatisfiedLinkError: no onnxruntime4j_jni in java.library.path\n\tat java.base/java.lang.System.loadLibrary(System.java:2059)\n\tat ai.onnxruntime.OnnxRuntime.load(OnnxRuntime.java:174)\n" >jni.log &&
	dltriage classify --format json jni.log >jni.out &&
	check get jni.out class | grep -x false-positive &&
	check get jni.out kind | grep -x environment
'

test_expect_success 'a .NET exception: the inner exception (" ---> ") is the failure, its stack then the outer one its frames; DllNotFoundException is the environment, one bucket for all; Mono'"'"'s frames are read; JavaScript'"'"'s are read as its own, not as .NET'"'"'s' '
	cat >dotnet.log <<-\EOF &&
	Unhandled exception. System.TypeInitializationException: The type initializer for '"'"'Microsoft.ML.OnnxRuntime.NativeMethods'"'"' threw an exception.
	 ---> System.DllNotFoundException: Unable to load shared library '"'"'onnxruntime'"'"' or one of its dependencies.
	   at System.Runtime.InteropServices.NativeLibrary.LoadFromPath(String libraryPath, Boolean throwOnError)
	   at Microsoft.ML.OnnxRuntime.NativeMethods.OrtGetApiBase()
	   --- End of inner exception stack trace ---
	   at Microsoft.ML.OnnxRuntime.SessionOptions..ctor()
	   at Program.Main(String[] args) in /src/app/Program.cs:line 12
	EOF
	dltriage classify --format json dotnet.log >dotnet.out &&
	check get dotnet.out exception | grep -x "System.DllNotFoundException" &&
	check get dotnet.out class | grep -x false-positive &&
	check get dotnet.out kind | grep -x environment &&
	check get dotnet.out signature | grep -x "environment: System.DllNotFoundException" &&
	check get dotnet.out frames | tr , "\n" >dotnet.frames &&
	printf "Microsoft.ML.OnnxRuntime.NativeMethods.OrtGetApiBase\nMicrosoft.ML.OnnxRuntime.SessionOptions..ctor\nProgram.Main\n" >dotnet.want &&
	test_cmp dotnet.want dotnet.frames &&
	printf "Unhandled Exception: System.DllNotFoundException: Unable to load DLL '"'"'onnxruntime.dll'"'"'\n  at (wrapper managed-to-native) Microsoft.ML.OnnxRuntime.NativeMethods:OrtGetApiBase ()\n  at Detector.Run (System.Drawing.Image img) [0x0001c] in /src/Detector.cs:40\n" >mono.log &&
	dltriage classify --format json mono.log >mono.out &&
	test "$(check get mono.out bucket)" = "$(check get dotnet.out bucket)" &&
	check get mono.out frames | tr , "\n" | grep -x "Detector.Run" &&
	printf "Error: no available backend found.\n    at Dn (onnxruntime-web.js?v=641f318a:80:13)\n    at async a.create (onnxruntime-web.js?v=641f318a:600:20)\n" >js.log &&
	dltriage classify --format json js.log >js.out &&
	check get js.out frames | tr , "\n" >js.frames &&
	printf "Dn\na.create\n" >js.want &&
	test_cmp js.want js.frames
'

test_expect_success 'a worker'"'"'s traceback that a wrapper exception carries is the same failure, the worker'"'"'s exception and frames its own: DataLoader'"'"'s "Original Traceback", torch.multiprocessing'"'"'s "terminated with the following error:", RemoteTraceback between triple quotes; JAX'"'"'s lines between the links of a chain' '
	cat >dl.log <<-\EOF &&
	Traceback (most recent call last):
	  File "train.py", line 20, in <module>
	    for x, y in loader:
	  File "/v/torch/_utils.py", line 794, in reraise
	    raise exception
	TypeError: Caught TypeError in DataLoader worker process 0.
	Original Traceback (most recent call last):
	  File "/v/torch/utils/data/_utils/worker.py", line 374, in _worker_loop
	    data = fetcher.fetch(index)
	  File "train.py", line 9, in __getitem__
	    return torch.from_numpy(self.rows[i])
	TypeError: can'"'"'t convert np.ndarray of type numpy.object_.
	EOF
	dltriage classify --format json dl.log >dl.out &&
	test "$(wc -l <dl.out)" -eq 1 &&
	check get dl.out exception | grep -x TypeError &&
	check get dl.out signature | grep "convert np.ndarray" &&
	check get dl.out frames | tr , "\n" | head -n 1 | grep -x "train:__getitem__" &&
	cat >spawn.log <<-\EOF &&
	Traceback (most recent call last):
	  File "run.py", line 30, in <module>
	    mp.spawn(worker, nprocs=2)
	  File "/v/torch/multiprocessing/spawn.py", line 215, in join
	    raise ProcessRaisedException(msg, error_index, failed_process.pid)
	torch.multiprocessing.spawn.ProcessRaisedException: 

	-- Process 1 terminated with the following error:
	Traceback (most recent call last):
	  File "/v/torch/multiprocessing/spawn.py", line 87, in _wrap
	    fn(i, *args)
	  File "run.py", line 12, in worker
	    y = x.index_select(0, idx)
	IndexError: index out of range in self
	EOF
	dltriage classify --format json spawn.log >spawn.out &&
	test "$(wc -l <spawn.out)" -eq 1 &&
	check get spawn.out exception | grep -x IndexError &&
	check get spawn.out frames | tr , "\n" | head -n 1 | grep -x "run:worker" &&
	cat >remote.log <<-\EOF &&
	concurrent.futures.process._RemoteTraceback: 
	"""
	Traceback (most recent call last):
	  File "/usr/lib/python3.11/concurrent/futures/process.py", line 261, in _process_worker
	    r = call_item.fn(*call_item.args, **call_item.kwargs)
	  File "infer.py", line 4, in work
	    return math.sqrt(-x)
	ValueError: math domain error
	"""

	The above exception was the direct cause of the following exception:

	Traceback (most recent call last):
	  File "infer.py", line 7, in <module>
	    print(ex.submit(work, 4).result())
	  File "/usr/lib/python3.11/concurrent/futures/_base.py", line 401, in __get_result
	    raise self._exception
	ValueError: math domain error
	EOF
	dltriage classify --format json remote.log >remote.out &&
	test "$(wc -l <remote.out)" -eq 1 &&
	check get remote.out frames | tr , "\n" | head -n 1 | grep -x "infer:work" &&
	cat >jaxchain.log <<-\EOF &&
	Traceback (most recent call last):
	  File "/v/jax/_src/numpy/linalg.py", line 148, in cholesky
	    L = lax_linalg.cholesky(a, symmetrize_input=symmetrize_input)
	jax._src.source_info_util.JaxStackTraceBeforeTransformation: NotImplementedError: Unsupported dtype bfloat16.

	The preceding stack trace is the source of the JAX operation that, once transformed by JAX, triggered the following exception.

	--------------------

	The above exception was the direct cause of the following exception:

	Traceback (most recent call last):
	  File "gp.py", line 19, in <module>
	    mean = f(x)
	  File "/v/jaxlib/lapack.py", line 62, in build_lapack_fn_target
	    raise NotImplementedError(err, f"Unsupported dtype {dtype}.") from err
	NotImplementedError: Unsupported dtype bfloat16.
	EOF
	dltriage classify --format json jaxchain.log >jaxchain.out &&
	test "$(wc -l <jaxchain.out)" -eq 1 &&
	printf "Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n    f()\nValueError: first\n\nsome output\n\nmore output\n\nthird line\nTraceback (most recent call last):\n  File \"a.py\", line 9, in <module>\n    g()\nKeyError: second\n" >apart.log &&
	dltriage classify --format json apart.log >apart.out &&
	test "$(wc -l <apart.out)" -eq 2
'

test_expect_success 'a Windows path escaped again where it was pasted (C:\\Users\\x.py) names its module and its framework as the path does' '
	printf "%s\n" "Traceback (most recent call last):" "  File \"C:\\\\Py\\\\lib\\\\site-packages\\\\keras\\\\utils\\\\vis_utils.py\", line 61, in plot" "    dot.write_png(to_file)" "AttributeError: oops" >winesc.log &&
	grep -F "site-packages\\\\keras" winesc.log &&
	dltriage classify --format json winesc.log >winesc.out &&
	check get winesc.out frames | grep -x "keras.utils.vis_utils:plot" &&
	check get winesc.out framework | grep -x keras
'

test_expect_success 'several processes: a launcher'"'"'s relay of a child'"'"'s exit and a collective'"'"'s lost peer are class unknown and leave the verdict to the child'"'"'s own failure; a Python traceback below a line printed at a process'"'"'s death is another process'"'"'s, and a death a Python exception reports folds into nothing; a warning that mentions segfaults is none' '
	cat >relay.log <<-\EOF &&
	[rank1]: Traceback (most recent call last):
	[rank1]:   File "/tmp/train.py", line 13, in <module>
	[rank1]:     sampler = DistributedSampler(ds, num_replicas=1, rank=rank)
	[rank1]: ValueError: Invalid rank 1, rank should be in the interval [0, 0]
	[rank0]: Traceback (most recent call last):
	[rank0]:   File "/tmp/train.py", line 16, in <module>
	[rank0]:     dist.barrier()
	[rank0]: RuntimeError: [/__w/pytorch/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:553] Connection closed by peer [127.0.0.1]:30620. This is typically caused by a remote worker crashing. Check the logs of the remote worker before reporting this error.
	E1206 05:14:58.197000 7877 torch/distributed/elastic/multiprocessing/api.py:1002] failed (exitcode: 1) local_rank: 1 (pid: 7881) of binary: /venv/bin/python
	Traceback (most recent call last):
	  File "/venv/lib/python3.11/site-packages/torch/distributed/launcher/api.py", line 383, in launch_agent
	    raise ChildFailedError(
	torch.distributed.elastic.multiprocessing.errors.ChildFailedError: 
	============================================================
	train.py FAILED
	============================================================
	EOF
	dltriage classify --format json relay.log >relay.out &&
	check get relay.out class >relay.classes &&
	printf "false-positive\nunknown\nunknown\n" >relay.want &&
	test_cmp relay.want relay.classes &&
	check get relay.out kind | sed -n 2,3p >relay.kinds &&
	printf "peer-lost\nchild-failed\n" >relay.kwant &&
	test_cmp relay.kwant relay.kinds &&
	cat >dying.log <<-\EOF &&
	[default0]:terminate called after throwing an instance of '"'"'c10::Error'"'"'
	[default0]:  what():  Error: cannot set number of interop threads after parallel work has started
	[default1]:terminate called after throwing an instance of '"'"'c10::Error'"'"'
	[default1]:  what():  Error: cannot set number of interop threads after parallel work has started
	ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -6) local_rank: 0 (pid: 8203) of binary: /usr/bin/python3
	Traceback (most recent call last):
	  File "/usr/lib/python3/dist-packages/torch/distributed/run.py", line 762, in main
	    run(args)
	  File "/usr/lib/python3/dist-packages/torch/distributed/launcher/api.py", line 246, in launch_agent
	    raise ChildFailedError(
	torch.distributed.elastic.multiprocessing.errors.ChildFailedError: 
	  exitcode  : -6 (pid: 8203)
	  traceback : Signal 6 (SIGABRT) received by PID 8203
	EOF
	dltriage classify --format json dying.log >dying.out &&
	check get dying.out frames >dying.frames &&
	printf "\n" >dying.want &&
	test_cmp dying.want dying.frames &&
	check get dying.out kind >dying.kinds &&
	printf "terminate\n" >dying.kwant &&
	test_cmp dying.kwant dying.kinds &&
	check get dying.out evidence | tr , "\n" | grep -x 12 &&
	printf "%s\n" "/tmp/train.py:9: UserWarning: Sparse invariant checks are implicitly disabled. Memory errors (e.g. SEGFAULT) will occur when operating on a sparse tensor which violates the invariants" "  grad = torch.sparse_coo_tensor(idx, vals, (3,))" "step 0 ok" >warn.log &&
	dltriage classify --format json warn.log >warn.out &&
	test ! -s warn.out
'

test_expect_success 'faulthandler: a thread with no Python frame before the current one; the current thread'"'"'s frames are the failure'"'"'s' '
	printf "%s\n" "Fatal Python error: Segmentation fault" "" "Thread 0x00007f3a5c9e4741 (most recent call first):" "  <no Python frame>" "" "Current thread 0x00007f3a5c9e4740 (most recent call first):" "  File \"/x/torch/nn/functional.py\", line 10 in conv2d" "  File \"t.py\", line 3 in <module>" >fhnone.log &&
	dltriage classify --format json fhnone.log >fhnone.out &&
	check get fhnone.out frames | tr , "\n" | head -n 1 | grep -x "functional:conv2d"
'

test_expect_success 'debuggers'"'"' headers: VS Code'"'"'s "Exception has occurred: T" and Visual Studio'"'"'s unhandled-exception notice take the message from the line below; .NET'"'"'s access-violation sentence alone is a segfault; ExecuTorch'"'"'s fatal line is a crash' '
	printf "%s\n" "Exception has occurred: XlaRuntimeError" "INTERNAL: the library was not initialized" >vscode.log &&
	dltriage classify --format json vscode.log >vscode.out &&
	check get vscode.out exception >vscode.type &&
	echo XlaRuntimeError >vscode.want &&
	test_cmp vscode.want vscode.type &&
	check get vscode.out exception.message >vscode.msg &&
	echo "INTERNAL: the library was not initialized" >vscode.mwant &&
	test_cmp vscode.mwant vscode.msg &&
	printf "%s\n" "An unhandled exception of type '"'"'System.AccessViolationException'"'"' occurred in Microsoft.ML.OnnxRuntime.dll" "Attempted to read or write protected memory. This is often an indication that other memory is corrupt." >vsnet.log &&
	dltriage classify --format json vsnet.log >vsnet.out &&
	check get vsnet.out kind >vsnet.kind &&
	echo segfault >vsnet.want &&
	test_cmp vsnet.want vsnet.kind &&
	check get vsnet.out exception.message | grep "^Attempted to read or write protected memory" &&
	printf "%s\n" "Attempted to read or write protected memory. This is often an indication that other memory is corrupt." >avsent.log &&
	dltriage classify --format json avsent.log >avsent.out &&
	check get avsent.out kind >avsent.kind &&
	test_cmp vsnet.want avsent.kind &&
	printf "%s\n" "I executorch:main.cpp:72] Program loading failed @ 0x0x20000E20: 0x23" "F executorch:result.h:165] In function CheckOk(), assert failed: hasValue_" >et.log &&
	dltriage classify --format json et.log >et.out &&
	check get et.out signature >et.sig &&
	echo "fatal: In function CheckOk(), assert failed: hasValue_" >et.want &&
	test_cmp et.want et.sig &&
	printf "%s\n" "# Exception has occurred: in the notes, no type" "I executorch:main.cpp:68] Model PTE file loaded." >quiet.log &&
	dltriage classify --format json quiet.log >quiet.out &&
	test ! -s quiet.out
'

test_expect_success 'several processes: a relayed death (a launcher'"'"'s ChildFailedError naming SIGABRT) after the crash the child told is that crash, not a second one with the launcher'"'"'s frames; alone it stays' '
	cat >relayed.log <<-\EOF &&
	double free or corruption (out)
	[rank0]: Traceback (most recent call last):
	[rank0]:   File "/tmp/train_sparse.py", line 12, in <module>
	[rank0]:     dist.all_reduce(dense)
	[rank0]: RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:553] Connection closed by peer [127.0.0.1]:25511. This is typically caused by a remote worker crashing.
	E1206 05:43:40.495000 14182 torch/distributed/elastic/multiprocessing/api.py:1002] failed (exitcode: -6) local_rank: 1 (pid: 14194) of binary: /usr/bin/python
	Traceback (most recent call last):
	  File "/venv/lib/python3.11/site-packages/torch/distributed/launcher/api.py", line 383, in launch_agent
	    raise ChildFailedError(
	torch.distributed.elastic.multiprocessing.errors.ChildFailedError: 
	  exitcode  : -6 (pid: 14194)  (SIGABRT)
	  traceback : Signal 6 (SIGABRT) received by PID 14194
	EOF
	dltriage classify --format json relayed.log >relayed.out &&
	check get relayed.out kind >relayed.kinds &&
	printf "heap-corruption\n" >relayed.want &&
	test_cmp relayed.want relayed.kinds &&
	check get relayed.out evidence | tr , "\n" | grep -x 10 &&
	{ echo "double free or corruption (out)" && seq -f "step %g ok" 1 70 && sed 1,5d relayed.log && seq -f "step %g ok" 71 140 && echo "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)"; } >far.log &&
	dltriage classify --format json far.log >far.out &&
	check json far.out &&
	check get far.out kind >far.kinds &&
	printf "heap-corruption\nshape-mismatch\n" >far.want &&
	test_cmp far.want far.kinds &&
	sed 1d relayed.log >alone.log &&
	dltriage classify --format json alone.log >alone.out &&
	check get alone.out class | grep -x crash
'

test_expect_success 'wrappers: pytest --tb=short frames and a summary cut short; IPython'"'"'s "-> 1383" arrow; a notebook runner'"'"'s CellExecutionError relays the kernel'"'"'s error; nbclient'"'"'s DeadKernelError is a death' '
	cat >short.log <<-\EOF &&
	_________________________ test_forward_shape[rgba-64] __________________________
	test_backbone.py:42: in test_forward_shape
	    logits = model(x)
	/venv/lib/python3.11/site-packages/torch/nn/modules/conv.py:560: in _conv_forward
	    return F.conv2d(
	E   RuntimeError: Given groups=1, weight of size [16, 3, 3, 3], expected input[1, 4, 64, 64] to have 3 channels, but got 4 channels instead
	=========================== short test summary info ============================
	FAILED test_backbone.py::test_forward_shape[rgba-64] - RuntimeError: Given gr...
	1 failed, 3 passed in 2.10s
	EOF
	dltriage classify --format json short.log >short.out &&
	check get short.out frames >short.frames &&
	echo "torch.nn.modules.conv:_conv_forward,test_backbone:test_forward_shape" >short.want &&
	test_cmp short.want short.frames &&
	cat >arrow.log <<-\EOF &&
	AssertionError                            Traceback (most recent call last)
	Cell In[3], line 8
	----> 8 model = model.to(CONFIG["device"])

	File /venv/lib/python3.11/site-packages/torch/nn/modules/module.py:1383, in Module.to(self, *args, **kwargs)
	-> 1383 return self._apply(convert)

	File /venv/lib/python3.11/site-packages/torch/cuda/__init__.py:522, in _lazy_init()
	--> 522     raise AssertionError("Torch not compiled with CUDA enabled")

	AssertionError: Torch not compiled with CUDA enabled
	EOF
	dltriage classify --format json arrow.log >arrow.out &&
	check get arrow.out frames >arrow.frames &&
	echo "torch.cuda:_lazy_init,torch.nn.modules.module:Module.to,In[3]:<module>" >arrow.want &&
	test_cmp arrow.want arrow.frames &&
	{ echo "nbclient.exceptions.CellExecutionError: An error occurred while executing the following cell:" && echo "------------------" && echo "model.to(\"cuda\")" && echo "------------------" && echo && echo && sed 1d arrow.log; } >cell.log &&
	dltriage classify --format json cell.log >cell.out &&
	check get cell.out class >cell.classes &&
	printf "unknown\nfalse-positive\n" >cell.want &&
	test_cmp cell.want cell.classes &&
	printf "%s\n" "[runner] executing features.ipynb" "[runner] DeadKernelError: Kernel died" >dead.log &&
	dltriage classify --format json dead.log >dead.out &&
	check get dead.out kind >dead.kind &&
	echo signal >dead.want &&
	test_cmp dead.want dead.kind &&
	printf "%s\n" "release check failed: 6/6 outputs of the fp16 export exceed atol=0.001" >frac.log &&
	dltriage classify --format json frac.log >frac.out &&
	check get frac.out class | grep -x inconsistency
'

test_expect_success 'rich'"'"'s boxed traceback: the frames in the box (a path wrapped onto two lines), locals skipped, the exception below the box with its wrapped lines; doctest'"'"'s "Failed example:" is no traceback'"'"'s line, its "Got:" a differing output' '
	cat >rich.log <<-\EOF &&
	[12:00:00] ERROR    scoring failed                                      app.py:40
	           ╭──────────── Traceback (most recent call last) ────────────╮
	           │ /srv/app.py:38 in main                                    │
	           │                                                           │
	           │   37 │   try:                                             │
	           │ ❱ 38 │   │   out = model(x)                               │
	           │                                                           │
	           │ ╭──────── locals ────────╮                                │
	           │ │ x = tensor([[1., 2.]]) │                                │
	           │ ╰────────────────────────╯                                │
	           │ /venv/lib/python3.11/site-packages/torch/nn/modules/linea │
	           │ r.py:125 in forward                                       │
	           │                                                           │
	           │ ❱ 125 │   │   return F.linear(input, self.weight)         │
	           ╰───────────────────────────────────────────────────────────╯
	           RuntimeError: mat1 and mat2 shapes cannot be multiplied
	           (1x2 and 3x4)
	EOF
	dltriage classify --format json rich.log >rich.out &&
	check get rich.out frames >rich.frames &&
	echo "torch.nn.modules.linear:forward,app:main" >rich.want &&
	test_cmp rich.want rich.frames &&
	check get rich.out exception.message >rich.msg &&
	printf "%s\n" "mat1 and mat2 shapes cannot be multiplied" "(1x2 and 3x4)" >rich.mwant &&
	test_cmp rich.mwant rich.msg &&
	cat >doct.log <<-\EOF &&
	**********************************************************************
	File "/w/stats.py", line 8, in stats.norms
	Failed example:
	    bool(np.allclose(a, b, rtol=1e-3))
	Expected:
	    True
	Got:
	    False
	**********************************************************************
	EOF
	dltriage classify --format json doct.log >doct.out &&
	check get doct.out class >doct.class &&
	echo inconsistency >doct.want &&
	test_cmp doct.want doct.class
'

test_expect_success 'a log whose failures name no framework takes the one its other lines name (a warning above the error); a config dump is no labelled output' '
	cat >headfw.log <<-\EOF &&
	UserWarning: Some donated buffers were not usable: ShapedArray(float32[185,16]), ShapedArray(int32[185])

	ValueError: Donation requested for invalid buffer
	EOF
	dltriage classify --format json headfw.log >headfw.out &&
	check get headfw.out framework >headfw.fw &&
	echo jax >headfw.want &&
	test_cmp headfw.want headfw.fw &&
	cat >cfg.log <<-\EOF &&
	model:
	  compile_backend: tensorrt
	  precision: fp16
	expected: baseline
	EOF
	dltriage classify --format json cfg.log >cfg.out &&
	test_must_be_empty cfg.out
'

test_expect_success 'a message indented below its exception line goes on below a blank line at that depth (Dynamo'"'"'s hints decide); a line back at the exception'"'"'s depth ends it' '
	cat >dyn.log <<-\EOF &&
	Traceback (most recent call last):
	  File "/w/repro.py", line 11, in <module>
	    print(normalise(x).shape)
	torch._dynamo.exc.Unsupported: Data-dependent branching
	  Explanation: Detected data-dependent branching.

	      The branch condition involves a tensor computed as follows:
	        gt = gt(mean, 0)

	  Hint: This graph break is fundamental - it is unlikely that Dynamo will ever be able to trace through your code. Consider finding a workaround.

	from user code:
	   File "/w/repro.py", line 5, in normalise
	EOF
	dltriage classify --format json dyn.log >dyn.out &&
	check get dyn.out class >dyn.class &&
	echo false-positive >dyn.want &&
	test_cmp dyn.want dyn.class &&
	check get dyn.out exception.message >dyn.msg &&
	grep -x "  Hint: This graph break is fundamental.*" dyn.msg &&
	! grep "from user code" dyn.msg &&
	sed "s/fundamental - it is unlikely that Dynamo will ever be able to trace through your code. Consider finding a workaround./likely to be a Dynamo bug. Please report an issue to PyTorch./" dyn.log >bug.log &&
	dltriage classify --format json bug.log >bug.out &&
	check get bug.out class >bug.class &&
	echo crash >bug.want &&
	test_cmp bug.want bug.class &&
	cat >flat.log <<-\EOF &&
	Traceback (most recent call last):
	  File "/w/t.py", line 2, in <module>
	ValueError: bad value

	  indented output that the program printed later
	EOF
	dltriage classify --format json flat.log >flat.out &&
	check get flat.out exception.message | grep -x "bad value" &&
	cat >inter.log <<-\EOF &&
	Traceback (most recent call last):
	  File "/w/t.py", line 2, in <module>
	torch.fx.experimental.symbolic_shapes.ConstraintViolationError: Constraints violated
	  - You marked x as dynamic but your code specialized it

	User stack:
	  File "/w/repro.py", line 6, in block_pool
	EOF
	dltriage classify --format json inter.log >inter.out &&
	check get inter.out exception.message >inter.msg &&
	printf "%s\n" "Constraints violated" "  - You marked x as dynamic but your code specialized it" >inter.want &&
	test_cmp inter.want inter.msg
'


test_expect_success 'an ignored exception right after a failure is its aftermath; alone, a failure of its own' '
	cat >after.log <<-\EOF &&
	Traceback (most recent call last):
	  File "/w/t.py", line 9, in <module>
	    ckpt.restore(path)
	  File "/venv/lib/python3.11/site-packages/tensorflow/python/ops/resource_variable_ops.py", line 809, in _restore_from_tensors
	    raise ValueError(
	ValueError: Received incompatible tensor with shape (64,) when attempting to restore variable with shape (32,) and name b:0.
	Exception ignored in: <function _CheckpointRestoreCoordinatorDeleter.__del__ at 0x7efe06e73b00>
	Traceback (most recent call last):
	  File "/venv/lib/python3.11/site-packages/tensorflow/python/checkpoint/checkpoint.py", line 214, in __del__
	TypeError: '"'"'NoneType'"'"' object is not callable
	EOF
	dltriage classify --format json after.log >after.out &&
	test $(wc -l <after.out) -eq 1 &&
	check get after.out class | grep -x false-positive &&
	check get after.out exception | grep -x ValueError &&
	sed -n "7,\$p" after.log >alone.log &&
	dltriage classify --format json alone.log >alone.out &&
	test $(wc -l <alone.out) -eq 1 &&
	check get alone.out class | grep -x crash &&
	check get alone.out exception | grep -x TypeError &&
	head -n 7 after.log >cut.log &&
	dltriage classify --format json cut.log >cut.out &&
	test $(wc -l <cut.out) -eq 1 &&
	check get cut.out class | grep -x false-positive &&
	sed -n 7p after.log >line.log &&
	dltriage classify --format json line.log >line.out &&
	test_must_be_empty line.out
'


test_expect_success 'a status line and the traceback that reports it again further on are one failure, the traceback'"'"'s; alone, or before another failure, a failure of its own, in log order' '
	cat >status.log <<-\EOF &&
	INFO features: bucketizing 5 ages with width=0
	W0000 00:00:1796598982.176438   12482 local_rendezvous.cc:412] Local rendezvous is aborting with status: INVALID_ARGUMENT: Integer division by zero
	step 1
	step 2
	step 3
	step 4
	step 5
	step 6
	Traceback (most recent call last):
	  File "/w/t.py", line 9, in <module>
	    tf.math.floordiv(x, 0)
	tensorflow.python.framework.errors_impl.InvalidArgumentError: {{function_node __wrapped__FloorDiv_device_/job:localhost/replica:0/task:0/device:CPU:0}} Integer division by zero [Op:FloorDiv] name:
	EOF
	dltriage classify --format json status.log >status.out &&
	test $(wc -l <status.out) -eq 1 &&
	check get status.out exception | grep InvalidArgumentError &&
	check get status.out class | grep -x false-positive &&
	head -n 8 status.log >alone.log &&
	dltriage classify --format json alone.log >alone.out &&
	test $(wc -l <alone.out) -eq 1 &&
	check get alone.out exception | grep -x INVALID_ARGUMENT &&
	check get alone.out class | grep -x false-positive &&
	sed "s/Integer division by zero \[/indices[3] = 12 is not in [0, 10) [/" status.log >other.log &&
	dltriage classify --format json other.log >other.out &&
	test $(wc -l <other.out) -eq 2 &&
	sed -n 1p other.out | grep "\"source\":\"other.log:2-" &&
	sed -n 2p other.out | grep "\"source\":\"other.log:9-"
'

test_expect_success 'two errors a program reports a line apart are two failures (an apart detector); the first decides the log' '
	cat >apart.log <<-\EOF &&
	loading the model
	compile failed: TypeError: Failed to execute compile: Incorrect response MIME type. Expected application/wasm.

	prepare failed: CompileError: WebAssembly.instantiate(): expected magic word 00 61 73 6d, found 3c 21 44 4f
	EOF
	dltriage classify --format json apart.log >apart.out &&
	test $(wc -l <apart.out) -eq 1 &&
	check get apart.out exception | grep -x TypeError &&
	check get apart.out class | grep -x false-positive &&
	printf "step 4 ok\nsolve failed: NotImplementedError: triangular solve for complex64 is not implemented\nfactor failed: NotImplementedError: cholesky for float16 is not implemented\n" >twice.log &&
	dltriage classify --format json twice.log >twice.out &&
	test $(wc -l <twice.out) -eq 2 &&
	check get twice.out class | sort -u | grep -x crash
'

test_expect_success 'an exception a program printed as its repr reads as str() would print it: escapes decoded' '
	printf "%s\n" "PPO update failed: RuntimeError('"'"'\"clamp_scalar_cpu\" not implemented for \\'"'"'Half\\'"'"''"'"')" >repr.log &&
	cat repr.log &&
	dltriage classify --format json repr.log >repr.out &&
	check get repr.out exception.message >msg &&
	printf "%s\n" "\"clamp_scalar_cpu\" not implemented for '"'"'Half'"'"'" >want &&
	test_cmp want msg &&
	check get repr.out class | grep -x crash &&
	check get repr.out kind | grep -x not-implemented &&
	printf "export failed: ValueError(\047line one\134nline two\134ttab \134\134 back \134x41 \134x00 \134q\047)\n" >esc.log &&
	cat esc.log &&
	dltriage classify --format json esc.log >esc.out &&
	check get esc.out exception.message >msg &&
	printf "line one\nline two\ttab \\\\ back A \\\\x00 \\\\q\n" >want &&
	test_cmp want msg
'

test_expect_success 'ctest: a test'"'"'s result line alone is its failure, titled by the test; a death in the next test does not fold into the failure of the one before; the list of failed tests repeats them' '
	cat >ctest.log <<-\EOF &&
	test 1
	    Start 1: test_api

	1: [ RUN      ] TensorTest.Resize
	1: terminate called after throwing an instance of '"'"'c10::Error'"'"'
	1:   what():  sizes must be non-negative
	1/4 Test #1: test_api .........................Subprocess aborted***Exception:   0.42 sec
	test 2
	    Start 2: test_jit

	2/4 Test #2: test_jit .........................***Exception: SegFault  1.02 sec
	    Start 3: test_dist
	3/4 Test #3: test_dist ........................***Timeout 1500.03 sec
	    Start 4: test_lazy
	4/4 Test #4: test_lazy ........................Subprocess aborted***Exception:   0.10 sec

	25% tests passed, 3 tests failed out of 4

	Total Test time (real) = 1502.45 sec
	Label Time Summary:
	core   =   1.44 sec*proc (2 tests)
	dist   = 1500.03 sec*proc (1 test)
	lazy   =   0.10 sec*proc (1 test)

	The following tests FAILED:
	          1 - test_api (Subprocess aborted)
	          2 - test_jit (SEGFAULT)
	          3 - test_dist (Timeout)
	          4 - test_lazy (Subprocess aborted)
	Errors while running CTest
	EOF
	dltriage classify --format json ctest.log >ctest.out &&
	test $(wc -l <ctest.out) -eq 4 &&
	check get ctest.out kind >kinds &&
	printf "terminate\nsegfault\ntimeout\nabort\n" >want &&
	test_cmp want kinds &&
	sed -n 2p ctest.out | grep "\"signature\":\"SIGSEGV in test test_jit\"" &&
	sed -n 3p ctest.out | grep "\"signature\":\"timeout in test test_dist\"" &&
	sed -n 4p ctest.out | grep "\"signature\":\"SIGABRT in test test_lazy\"" &&
	sed -n 1p ctest.out | grep "\"source\":\"ctest.log:5-7\""
'

test_expect_success 'a library'"'"'s Python warning above an error a program printed alone does not hide the error: the warning and the line it quotes are passed over; an internal error the message declares outranks its validation words' '
	cat >warned.log <<-\EOF &&
	/usr/lib/python3/dist-packages/torch/nested/__init__.py:47: UserWarning: The PyTorch API of nested tensors is in prototype stage and will change in the near future.
	  nt = torch._nested_tensor_from_tensor_list(new_data, dtype, None, device, pin_memory)
	checkpoint failed: Internal error: NestedTensorImpl doesn'"'"'t support sizes. Please file an issue on https://github.com/pytorch/nestedtensor
	EOF
	dltriage classify --format json warned.log >warned.out &&
	test $(wc -l <warned.out) -eq 1 &&
	check get warned.out class | grep -x crash &&
	check get warned.out kind | grep -x internal-error &&
	check get warned.out evidence | grep -x 3 &&
	head -2 warned.log >only.log &&
	dltriage classify --format json only.log >only.out &&
	test ! -s only.out
'

test_expect_success 'MindSpore'"'"'s report: its title and body make the headline, not the dashed rule it opens with; printed by a program without its type, it is the same one failure and the same defect' '
	cat >ms-typed.log <<-\EOF &&
	Traceback (most recent call last):
	  File "/venv/lib/python3.11/site-packages/mindspore/graph/api.py", line 1877, in grad
	    return self._executor.grad(grad, obj, weights, grad_position, has_aux, *args)
	RuntimeError:
	----------------------------------------------------
	- Kernel select failed:
	----------------------------------------------------
	Unsupported op [UniqueGrad] on CPU, Please confirm whether the device target setting is correct.

	----------------------------------------------------
	- C++ Call Stack: (For framework developers)
	----------------------------------------------------
	mindspore/ccsrc/plugin/cpu/cpu_device_context.cc:469 SetOperatorInfo
	EOF
	{ echo "loss: 14.0" && sed -e 1,3d -e "s/^RuntimeError:\$/backward failed:/" ms-typed.log; } >ms-printed.log &&
	grep -x "backward failed:" ms-printed.log &&
	dltriage classify --format json ms-typed.log >ms-typed.out &&
	dltriage classify --format json ms-printed.log >ms-printed.out &&
	test $(wc -l <ms-typed.out) -eq 1 &&
	test $(wc -l <ms-printed.out) -eq 1 &&
	grep "\"signature\":\"RuntimeError: Kernel select failed: Unsupported op \[UniqueGrad\] on CPU" ms-typed.out &&
	check get ms-printed.out class | grep -x crash &&
	check get ms-printed.out kind | grep -x not-implemented &&
	check get ms-typed.out bucket >b1 &&
	check get ms-printed.out bucket >b2 &&
	test_cmp b1 b2
'

test_done
