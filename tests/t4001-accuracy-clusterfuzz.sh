#!/bin/sh
# t4001: agreement of classify with ClusterFuzz's stack analyzer (kind, top
# frames, security flag) on the sanitizer, CHECK, signal and Python logs of
# its test suite.  See tests/accuracy-clusterfuzz.py.
. "$(dirname "$0")/test-lib.sh"

threshold=0.85
each=0.90
shared=${DLT_SHARED:-$TEST_SRCDIR/../shared}

if [ ! -f "$shared/conformance/clusterfuzz/expected.json" ]; then
	test_skip "agreement with ClusterFuzz >= $threshold, frames and security >= $each" \
	    "no conformance suite at $shared (set DLT_SHARED)"
	test_done
	exit 0
fi

test_expect_success "agreement with ClusterFuzz >= $threshold, frames and security >= $each" '
	"$PYTHON3" "$TEST_SRCDIR/tests/accuracy-clusterfuzz.py" \
	    --dltriage "$DLTRIAGE" \
	    --suite "$shared/conformance/clusterfuzz" \
	    --threshold $threshold --each $each >out 2>err
	rc=$?
	cat out err >"$TEST_TMP/agreement.txt"
	test $rc -eq 0
'
if [ -f "$TEST_TMP/agreement.txt" ]; then
	sed 's/^/# /' "$TEST_TMP/agreement.txt"
fi

test_done
