#!/bin/sh
# t4003: class accuracy of classify on an independent validation set of
# error outputs from the frameworks' trackers (corpus/validation), kept
# out of the training data; see corpus/validation/README.md.
. "$(dirname "$0")/test-lib.sh"

threshold=0.85

test_expect_success "class accuracy on the validation set >= $threshold" '
	"$PYTHON3" "$TEST_SRCDIR/tests/accuracy-defects.py" \
	    --data "$TEST_SRCDIR/corpus/validation/issues.jsonl" --all-rows --split parity \
	    --dltriage "$DLTRIAGE" --threshold $threshold >out 2>err
	rc=$?
	cat out err >"$TEST_TMP/accuracy.txt"
	test $rc -eq 0
'
if [ -f "$TEST_TMP/accuracy.txt" ]; then
	sed 's/^/# /' "$TEST_TMP/accuracy.txt"
fi

test_done
