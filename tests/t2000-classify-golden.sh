#!/bin/sh
# t2000: classify every sample log under corpus/logs and compare the JSON
# with its golden file tests/expected/<log>.out.  A missing golden file is
# written and the test fails (check it, then rerun); DLT_TEST_UPDATE=1 (or
# `make check-update`) rewrites them.
. "$(dirname "$0")/test-lib.sh"

logs="$TEST_SRCDIR/corpus/logs"
expected="$TEST_SRCDIR/tests/expected"

for log in "$logs"/*.log; do
	name=$(basename "$log" .log)
	test_expect_success "classify $name.log matches tests/expected/$name.out" '
		(cd "$logs" && dltriage classify --format json --db "$TEST_TMP/$name.db" "$name.log") >actual &&
		test_golden "$expected/$name.out" actual
	'
done

test_expect_success 'the clean log yields no failure' '
	(cd "$logs" && dltriage classify --format json --db "$TEST_TMP/clean2.db" clean.log) >actual &&
	test_must_be_empty actual
'

# The scanner's two filters (the four-byte keys where the processor has
# AVX2, the byte pairs everywhere) must find the same anchors: every
# sample and real log, classified both ways.
test_expect_success 'DLTRIAGE_SCAN=pairs gives the same failures on all bundled logs' '
	(cd "$TEST_SRCDIR/corpus/logs" && dltriage classify --format json . ) >default &&
	(cd "$TEST_SRCDIR/corpus/logs" && DLTRIAGE_SCAN=pairs dltriage classify --format json . ) >pairs &&
	test -s default &&
	test_cmp default pairs
'

test_done
