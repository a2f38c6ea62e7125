#!/bin/sh
# t2002-classify-badinput: "dltriage classify" on bad input.  For every
# case: no death by a signal, no sanitizer report, the documented exit
# status, a clear message, and nothing lost: the good log classified in
# the same run is still reported.

. "$(dirname "$0")/test-lib.sh"

if ! "$PYTHON3" -c 1 >/dev/null 2>&1; then
	test_skip 'classify on bad input' 'python3 is not installed'
	test_done
	exit 0
fi

# How long a single run may take (the suite runs under ASan in CI).
limit=${DLT_TEST_TIMEOUT:-600}
if command -v timeout >/dev/null 2>&1; then
	with_limit() { timeout "$limit" "$@"; }
else
	with_limit() { "$@"; }
fi

# run WANT ARGS...: "dltriage classify ARGS" with stdout in out and
# stderr in err; its status must be WANT, and it must neither die by a
# signal nor print a sanitizer report.
run() {
	want=$1
	shift
	with_limit "$DLTRIAGE" classify "$@" >out 2>err
	rc=$?
	if [ "$rc" -eq 124 ]; then
		echo "dltriage classify $*: still running after $limit s"
		return 1
	fi
	if [ "$rc" -gt 125 ] || [ "$rc" -eq 97 ] || [ "$rc" -eq 98 ] || [ "$rc" -eq 99 ]; then
		echo "dltriage classify $*: died (status $rc)"
		cat err
		return 1
	fi
	if grep -E "Sanitizer|runtime error:" err; then
		echo "dltriage classify $*: sanitizer report"
		return 1
	fi
	if [ "$rc" -ne "$want" ]; then
		echo "dltriage classify $*: status $rc, expected $want"
		cat err
		return 1
	fi
	return 0
}

# count FILE: validate JSON Lines (strict UTF-8) and print the number of
# objects; classes FILE: print the class of each object; sources FILE:
# print the source of each object.
cat >"$TEST_TMP/jl.py" <<'EOF'
import json, sys
what, path = sys.argv[1], sys.argv[2]
objs = [json.loads(l) for l in open(path, 'rb').read().decode('utf-8').splitlines()]
if what == 'count':
    print(len(objs))
else:
    for o in objs:
        print(o[what])
EOF
count() { "$PYTHON3" "$TEST_TMP/jl.py" count "$1"; }
classes() { "$PYTHON3" "$TEST_TMP/jl.py" class "$1"; }
sources() { "$PYTHON3" "$TEST_TMP/jl.py" source "$1"; }

# good.log: one failure, which must survive every bad neighbour.
good_log() {
	printf '%s\n' "epoch 1 loss 0.31" "epoch 2 loss 0.29" \
	    "Segmentation fault (core dumped)" >"$1"
}

# found_good: the good log's failure is in out.
found_good() {
	sources out >srcs &&
	grep "good.log" srcs >/dev/null ||
		{ echo "the failure in good.log was lost"; cat out; return 1; }
}

test_expect_success 'setup: the good log alone gives one crash' '
	good_log good.log &&
	run 0 --format json good.log &&
	test_must_be_empty err &&
	test "$(count out)" -eq 1 &&
	classes out >c &&
	echo crash >expect &&
	test_cmp expect c
'

test_expect_success 'a missing path: message, status 5, the rest classified' '
	good_log good.log &&
	run 5 --format json no-such-file.log good.log &&
	grep "^dltriage: .*no-such-file.log" err &&
	found_good
'

test_expect_success 'a missing path in table format still prints the summary' '
	good_log good.log &&
	run 5 no-such-dir good.log &&
	grep "good.log" out &&
	grep -E "(^|[^0-9])1 failure" out
'

# An unreadable file.  File modes do not stop root, so as root a
# symbolic link to /proc/self/mem stands in: it opens, but reading it
# from offset 0 fails with EIO.
if [ "$(id -u)" -ne 0 ]; then
	test_expect_success 'an unreadable file: message, status 5, the rest classified' '
		good_log good.log &&
		good_log secret.log &&
		chmod 000 secret.log &&
		run 5 --format json secret.log good.log &&
		grep "^dltriage: .*secret.log" err &&
		found_good
	'
	test_expect_success 'an unreadable directory: message, status 5, the rest classified' '
		mkdir -p d/locked &&
		good_log d/good.log &&
		good_log d/locked/x.log &&
		chmod 000 d/locked &&
		run 5 --format json d &&
		grep "^dltriage: .*locked" err &&
		found_good
	'
elif ! head -c 1 /proc/self/mem >/dev/null 2>&1 && [ -e /proc/self/mem ]; then
	test_expect_success 'an unreadable file: message, status 5, the rest classified' '
		good_log good.log &&
		ln -s /proc/self/mem unreadable.log &&
		run 5 --format json unreadable.log good.log &&
		grep "^dltriage: .*unreadable.log" err &&
		found_good
	'
	test_expect_success 'an unreadable file inside a directory: status 5, the rest classified' '
		mkdir d &&
		good_log d/good.log &&
		ln -s /proc/self/mem d/a-unreadable.log &&
		run 5 --format json d &&
		grep "^dltriage: .*a-unreadable.log" err &&
		found_good
	'
	test_skip 'an unreadable directory' 'running as root, directory modes do not apply'
else
	test_skip 'an unreadable file' 'running as root and /proc/self/mem is readable'
fi

test_expect_success 'an empty file holds no failure and is no error' '
	good_log good.log &&
	: >empty.log &&
	run 0 --format json empty.log good.log &&
	test_must_be_empty err &&
	test "$(count out)" -eq 1 &&
	found_good &&
	run 0 --format json empty.log &&
	test_must_be_empty out
'

test_expect_success 'a binary file is skipped with a warning' '
	good_log good.log &&
	cp /bin/true program &&
	run 0 --format json program good.log &&
	grep "^dltriage: warning: .*program" err &&
	test "$(count out)" -eq 1 &&
	found_good
'

test_expect_success 'a binary file in a directory is skipped, -q keeps quiet' '
	mkdir d &&
	good_log d/good.log &&
	cp /bin/true d/program &&
	run 0 -q --format json d &&
	test_must_be_empty err &&
	found_good
'

test_expect_success 'a UTF-16 log with its mark is read as its UTF-8 copy; a UTF-8 mark is dropped' '
	printf "%s\r\n" "Traceback (most recent call last):" \
	    "  File \"C:\\\\w\\\\train.py\", line 3, in <module>" \
	    "    y = torch.mm(a, b)" \
	    "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)" >u8.log &&
	"$PYTHON3" -c "import sys; t = open(\"u8.log\", \"rb\").read().decode(); open(\"u16.log\", \"wb\").write(b\"\\xff\\xfe\" + t.encode(\"utf-16-le\")); open(\"bom.log\", \"wb\").write(b\"\\xef\\xbb\\xbf\" + t.encode())" &&
	run 0 --format csv u8.log && cut -d, -f2- out >want &&
	run 0 --format csv u16.log && cut -d, -f2- out >got && test_cmp want got &&
	run 0 --format csv bom.log && cut -d, -f2- out >got && test_cmp want got &&
	test_must_be_empty err
'

test_expect_success 'invalid UTF-8 in a log' '
	good_log good.log &&
	{
		printf "step 1 loss 0.2 \377\376\375 \300\200 \355\240\200\n"
		printf "a cut character \342\202\n"
		printf "Segmentation fault (core dumped) \377\n"
	} >utf8.log &&
	run 0 --format json utf8.log good.log &&
	test "$(count out)" -eq 2 &&
	sources out >srcs &&
	grep "utf8.log" srcs &&
	found_good
'

test_expect_success 'NUL bytes in a log' '
	good_log good.log &&
	{
		i=0
		while [ $i -lt 40 ]; do
			printf "epoch %d loss 0.%d\n" $i $i
			i=$((i + 1))
		done
		printf "partial write \000\000\000\000 after NULs\n"
		printf "Segmentation\000 fault is not this line\n"
		printf "\n\n\n\n\n\n\n"
		printf "Segmentation fault (core dumped) \000\n"
	} >nul.log &&
	run 0 --format json nul.log good.log &&
	test "$(count out)" -eq 2 &&
	sources out >srcs &&
	grep "nul.log" srcs &&
	found_good
'

test_expect_success 'a 100 MB line without a failure' '
	good_log good.log &&
	head -c 100000000 /dev/zero | tr "\\000" "x" >long.log &&
	run 0 --format json long.log good.log &&
	test "$(count out)" -eq 1 &&
	found_good
'

test_expect_success 'a failure at the end of a 100 MB line is found' '
	good_log good.log &&
	{
		head -c 100000000 /dev/zero | tr "\\000" "."
		printf " /bin/sh: line 1: 4242 Segmentation fault (core dumped) python3 run.py\n"
	} >long.log &&
	test "$(wc -l <long.log)" -eq 1 &&
	run 0 --format json long.log good.log &&
	test "$(count out)" -eq 2 &&
	sources out >srcs &&
	grep -x "long.log" srcs &&
	classes out >c &&
	test "$(grep -c -x crash c)" -eq 2
'

# 100 000 small files in one directory; every 1000th holds a segfault.
make_many() {
	"$PYTHON3" - "$1" <<'EOF'
import os, sys
d = sys.argv[1]
os.mkdir(d)
for i in range(100000):
    with open(os.path.join(d, 'f%06d.log' % i), 'w') as f:
        f.write('epoch 1 loss 0.%04d\n' % i)
        if i % 1000 == 999:
            f.write('Segmentation fault (core dumped)\n')
EOF
}

test_expect_success 'a directory of 100 000 small files' '
	make_many many &&
	good_log good.log &&
	run 0 --format json --summary many good.log &&
	test "$(count out)" -eq 101 &&
	found_good &&
	grep -E "(^|[^0-9])100001 files" err &&
	grep -E "(^|[^0-9])101 failures" err
'

# One log of 150 000 failures whose messages begin alike, each naming
# its framework: every one is reported, and no pass over a log's
# failures (the framework most of them name, the summary's recaps, an
# error and the death it led to folded into one) is quadratic in them,
# which would take hours here, not seconds.
make_alike() {
	"$PYTHON3" - "$1" <<'EOF'
import sys
with open(sys.argv[1], 'w') as f:
    for i in range(150000):
        f.write('RuntimeError: CUDA error: an illegal memory access was '
                'encountered (launch %d)\n\n\n\n\n\n\n' % i)
EOF
}

# 50 000 errors, each followed by the death it led to: one failure each.
make_deaths() {
	"$PYTHON3" - "$1" <<'EOF'
import sys
with open(sys.argv[1], 'w') as f:
    for i in range(50000):
        f.write('RuntimeError: CUDA error: misaligned address (launch %d)\n'
                '\n\n\n\n\n\nSegmentation fault (core dumped)\n'
                '\n\n\n\n\n\n' % i)
EOF
}

test_expect_success 'one log of 150 000 failures whose messages begin alike; one of 50 000 errors and their deaths' '
	make_alike big.log &&
	run 0 --format csv big.log &&
	test "$(wc -l <out)" -eq 150001 &&
	test "$(grep -c pytorch out)" -eq 150000 &&
	make_deaths deaths.log &&
	run 0 --format csv deaths.log &&
	test "$(wc -l <out)" -eq 50001
'

test_expect_success 'a symbolic link loop ends with a warning, every file read once' '
	mkdir -p d/sub &&
	good_log d/good.log &&
	ln -s . d/loop &&
	ln -s .. d/sub/up &&
	run 0 --format json d &&
	grep "^dltriage: warning: .*loop" err &&
	test "$(count out)" -eq 1 &&
	found_good
'

test_expect_success 'a symbolic link loop with -q is quiet' '
	mkdir d &&
	good_log d/good.log &&
	ln -s . d/loop &&
	run 0 -q --format json d &&
	test_must_be_empty err &&
	test "$(count out)" -eq 1
'

test_expect_success 'a symbolic link to a file is followed' '
	mkdir d &&
	good_log good.log &&
	ln -s ../good.log d/link.log &&
	run 0 --format json d &&
	test "$(count out)" -eq 1
'

test_expect_success 'a dangling symbolic link is skipped with a warning' '
	mkdir d &&
	good_log d/good.log &&
	ln -s no-such-target d/dangling.log &&
	run 0 --format json d &&
	grep "^dltriage: warning: .*dangling.log" err &&
	found_good
'

test_expect_success 'a malformed rule file: every problem with its place, status 3' '
	good_log good.log &&
	mkdir bad-rules &&
	cat >bad-rules/bad.yaml <<-\EOF &&
	rules:
	  - id: local-segv
	    class: crash
	    kind: segfault
	    matchs: x
	    any:
	      - (unclosed
	    samples:
	      - log: x
	        class: crash
	EOF
	run 3 --format json --rules bad-rules good.log &&
	test_must_be_empty out &&
	grep -E "bad.yaml:[0-9]+:[0-9]+: " err >problems &&
	grep "matchs" problems &&
	grep -E "bad.yaml:[0-9]+:[0-9]+: .*unclosed|missing \)|parenthes" problems
'

test_expect_success 'a rule file that is not YAML: its place, status 3' '
	good_log good.log &&
	mkdir bad-rules &&
	printf "rules: [ { id: x, class: crash\n  - what\n" >bad-rules/broken.yaml &&
	run 3 --rules bad-rules good.log &&
	test_must_be_empty out &&
	grep -E "broken.yaml:[0-9]+:[0-9]+: " err
'

test_expect_success 'a missing rule directory: status 3' '
	good_log good.log &&
	run 3 --rules no-such-rules good.log &&
	test_must_be_empty out &&
	grep "no-such-rules" err
'

test_expect_success 'several bad inputs in one run: status 5, nothing lost' '
	mkdir d &&
	good_log d/good.log &&
	: >d/empty.log &&
	cp /bin/true d/program &&
	ln -s . d/loop &&
	printf "loss \377\000 nan?\n" >d/junk.log &&
	run 5 --format json --summary d no-such-path &&
	found_good &&
	grep "no-such-path" err
'

test_expect_success 'gzip, xz and zstd logs are read as the plain log, whatever their names' '
	log="$TEST_SRCDIR/corpus/logs/pytorch-internal-assert.log" &&
	"$PYTHON3" -c "
import gzip, lzma, sys
data = open(sys.argv[1], \"rb\").read()
open(\"a.gz\", \"wb\").write(gzip.compress(data))
open(\"b.xz\", \"wb\").write(lzma.compress(data))
open(\"c.log\", \"wb\").write(gzip.compress(data))
open(\"two.gz\", \"wb\").write(gzip.compress(data) + gzip.compress(data))
" "$log" &&
	cp "$TEST_SRCDIR/tests/compressed/pytorch-internal-assert.log.zst" d.zst &&
	dltriage classify --format csv "$log" | cut -d, -f2- | sed 1d >plain &&
	for f in a.gz b.xz c.log d.zst; do
		dltriage classify --format csv $f | cut -d, -f2- | sed 1d >got &&
		test_cmp plain got || return 1
	done &&
	dltriage classify --format json two.gz >out &&
	test "$(wc -l <out)" = 2
'

test_expect_success 'compressed data cut short or corrupt: unreadable, with the format and the place' '
	"$PYTHON3" -c "
import gzip, lzma, sys
data = open(sys.argv[1], \"rb\").read()
open(\"cut.gz\", \"wb\").write(gzip.compress(data)[:100])
bad = bytearray(lzma.compress(data)); bad[40] ^= 0xff
open(\"bad.xz\", \"wb\").write(bytes(bad))
" "$TEST_SRCDIR/corpus/logs/pytorch-internal-assert.log" &&
	test_must_fail --code=5 dltriage classify cut.gz 2>err &&
	grep "cut.gz.: gzip data cut short after 100 compressed bytes" err &&
	test_must_fail --code=5 dltriage classify bad.xz 2>err &&
	grep "bad.xz.: xz data" err
'

test_expect_success 'a JSON record whose IPython traceback runs to the record'"'"'s end and past it: read, nothing used after it is freed' '
	printf "%s\n" "{\"log\": \"ImportError                               Traceback (most recent call last)\\nCell In[10], line 1\\n----> 1 import tensorflow as tf \"}" \
		"{\"log\": \"done\"}" >jrec.log &&
	dltriage classify --format json jrec.log >jrec.out 2>jrec.err &&
	test ! -s jrec.err &&
	grep "\"exception\":{\"type\":\"ImportError\"" jrec.out
'

test_done
