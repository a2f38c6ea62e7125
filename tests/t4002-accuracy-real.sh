#!/bin/sh
# t4002: class accuracy of classify on real framework logs (corpus/logs/real,
# printed by PyTorch, TensorFlow, JAX, Keras, ONNX Runtime and MindSpore
# themselves; expected classes in corpus/logs.real.tsv).  See
# tests/accuracy-real.py and tools/gen-framework-logs.py.
. "$(dirname "$0")/test-lib.sh"

threshold=0.95

test_expect_success "class accuracy on real framework logs >= $threshold" '
	"$PYTHON3" "$TEST_SRCDIR/tests/accuracy-real.py" \
	    --dltriage "$DLTRIAGE" \
	    --dir "$TEST_SRCDIR/corpus/logs/real" \
	    --manifest "$TEST_SRCDIR/corpus/logs.real.tsv" \
	    --threshold $threshold >out 2>err
	rc=$?
	cat out err >"$TEST_TMP/accuracy.txt"
	test $rc -eq 0
'
if [ -f "$TEST_TMP/accuracy.txt" ]; then
	sed 's/^/# /' "$TEST_TMP/accuracy.txt"
fi

test_done
