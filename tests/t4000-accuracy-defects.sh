#!/bin/sh
# t4000: class accuracy of classify on the curated defect reports that carry
# evidence of their symptom (corpus/defects/defects.jsonl), overall, per
# class and on the held-out slice.  See tests/accuracy-defects.py.  Only
# the batch the rules were written beside (defects-train); the reports
# gathered later (tracker-*) were never tuned on and are measured by
# t4006.
. "$(dirname "$0")/test-lib.sh"

threshold=0.95

test_expect_success "class accuracy on curated defect logs >= $threshold" '
	"$PYTHON3" "$TEST_SRCDIR/tests/accuracy-defects.py" \
	    --dltriage "$DLTRIAGE" \
	    --data "$TEST_SRCDIR/corpus/defects/defects.jsonl" \
	    --batch defects-train \
	    --threshold $threshold >out 2>err
	rc=$?
	cat out err >"$TEST_TMP/accuracy.txt"
	test $rc -eq 0
'
if [ -f "$TEST_TMP/accuracy.txt" ]; then
	sed 's/^/# /' "$TEST_TMP/accuracy.txt"
fi

test_done
