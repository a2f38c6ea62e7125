#!/bin/sh
# t4004: class accuracy of classify on real tracker logs gathered without
# looking at dltriage's output and never used to write rules
# (corpus/validation/v2, split by issue number), beside a five-regex
# baseline on the same logs.  See tests/accuracy-unseen.py and
# corpus/validation/v2/README.md.
. "$(dirname "$0")/test-lib.sh"

# accuracy SET THRESHOLD TAG: accuracy-unseen.py on corpus/validation/SET,
# its output kept in $TEST_TMP/accuracy-TAG.txt
accuracy() {
	"$PYTHON3" "$TEST_SRCDIR/tests/accuracy-unseen.py" \
	    --dltriage "$DLTRIAGE" \
	    --data "$TEST_SRCDIR/corpus/validation/$1" \
	    --threshold "$2" --margin 0 >out-$3 2>err-$3
	rc=$?
	cat out-$3 err-$3 >"$TEST_TMP/accuracy-$3.txt"
	return $rc
}

test_expect_success "later-half accuracy on unseen tracker logs >= 0.62, not below the baseline" '
	accuracy v2 0.62 v2
'
test_expect_success 'the set holds at least 300 rows, every class, four frameworks' '
	cat "$TEST_SRCDIR"/corpus/validation/v2/*.jsonl >all.jsonl &&
	"$PYTHON3" -c "
import json, sys
rows = [json.loads(l) for l in open(\"all.jsonl\") if l.strip()]
cls = set(r[\"class\"] for r in rows)
fws = set(r[\"framework\"] for r in rows)
ok = len(rows) >= 300 and len(cls) == 6 and len(fws) >= 4
print(len(rows), sorted(cls), sorted(fws))
sys.exit(0 if ok else 1)
"
'
# The second set (corpus/validation/v3), gathered after the rules above
# were written and measured once held out (0.657); rules were then
# written from its misses, so this only keeps the figure from falling.
test_expect_success 'the second set: later-half accuracy >= 0.72, not below the baseline' '
	accuracy v3 0.72 v3
'
# The third set (corpus/validation/v4, ONNX Runtime and MindSpore among
# them), held out at 0.600 when first measured, tuned on since.
test_expect_success 'the third set: later-half accuracy >= 0.64, not below the baseline' '
	accuracy v4 0.64 v4
'
# The fifth set (corpus/validation/v6: ONNX Runtime, MindSpore, PyTorch,
# JAX, TensorFlow, Keras, and threads whose verdict is the question),
# held out at 0.609 when first measured, file by file; tuned on since.
test_expect_success 'the fifth set: later-half accuracy >= 0.66, not below the baseline' '
	accuracy v6 0.66 v6
'
# The seventh set (corpus/validation/v8: issues found by fuzzers and
# generated tests), held out at 0.567 when first measured, tuned on
# since.  (v7's rows are numbered by downstream trackers, so its later
# half by the frameworks' numbers means nothing; its figures are in its
# README.)
test_expect_success 'the seventh set: later-half accuracy >= 0.60, not below the baseline' '
	accuracy v8 0.60 v8
'
# The eighth set (corpus/validation/v9: ONNX Runtime, MindSpore, recent
# PyTorch, TensorFlow, JAX and Keras issues, and fuzzer-found ones), held
# out at 0.570 when first measured, file by file; tuned on since.
test_expect_success 'the eighth set: later-half accuracy >= 0.56, not below the baseline' '
	accuracy v9 0.56 v9
'
# The ninth set (corpus/validation/v10: hangs, out-of-memory, wrong
# results and NaN, each beside outputs of the same kind the developers
# called no fault), held out at 0.247 when first measured; tuned on since.
test_expect_success 'the ninth set: later-half accuracy >= 0.52, not below the baseline' '
	accuracy v10 0.52 v10
'
# The tenth set (corpus/validation/v11: a general mix), held out: no
# rule has been written from it (0.634 on all of it).
test_expect_success 'the tenth set, held out: later-half accuracy >= 0.50, not below the baseline' '
	accuracy v11 0.50 v11
'
# The eleventh set (corpus/validation/v12: a general mix), held out at
# 0.558 (0.585 on its later half) when first measured.
test_expect_success 'the eleventh set: later-half accuracy >= 0.52, not below the baseline' '
	accuracy v12 0.52 v12
'
# The twelfth set (corpus/validation/v13: a general mix), held out at
# 0.475 (0.486 on its later half) when first measured.
test_expect_success 'the twelfth set: later-half accuracy >= 0.45, not below the baseline' '
	accuracy v13 0.45 v13
'
# The thirteenth set (corpus/validation/v14: a general mix, 50 rows),
# held out at 0.580 (0.760 on its later half) when first measured.
test_expect_success 'the thirteenth set: later-half accuracy >= 0.70, not below the baseline' '
	accuracy v14 0.70 v14
'
# The fourteenth set (corpus/validation/v15: a general mix, 68 rows),
# held out at 0.618 (0.625 on its later half) when first measured.
test_expect_success 'the fourteenth set: later-half accuracy >= 0.60, not below the baseline' '
	accuracy v15 0.60 v15
'
# The fifteenth and sixteenth sets (corpus/validation/v16, v17: logs
# rather than titles, searched by symptom words), held out at 0.481 and
# 0.463 (0.457 and 0.472 on their later halves) when first measured.
test_expect_success 'the fifteenth set: later-half accuracy >= 0.44, not below the baseline' '
	accuracy v16 0.44 v16
'
test_expect_success 'the sixteenth set: later-half accuracy >= 0.45, not below the baseline' '
	accuracy v17 0.45 v17
'
# The seventeenth set (corpus/validation/v18: logs, not titles), held
# out at 0.500 (0.405 on its later half) when first measured.
test_expect_success 'the seventeenth set: later-half accuracy >= 0.38, not below the baseline' '
	accuracy v18 0.38 v18
'
# The eighteenth set (corpus/validation/v19: logs, verdicts balanced),
# held out at 0.550 (0.529 on its later half) when first measured.
test_expect_success 'the eighteenth set: later-half accuracy >= 0.50, not below the baseline' '
	accuracy v19 0.50 v19
'
# The nineteenth set (corpus/validation/v20: recent issues, 2022 on),
# held out at 0.425 (0.455 on its later half) when first measured.
test_expect_success 'the nineteenth set: later-half accuracy >= 0.42, not below the baseline' '
	accuracy v20 0.42 v20
'
# The twentieth set (corpus/validation/v21), held out at 0.537 (0.591 on
# its later half) when first measured, after the session's rules.
test_expect_success 'the twentieth set: later-half accuracy >= 0.55, not below the baseline' '
	accuracy v21 0.55 v21
'
# The twenty-first set (corpus/validation/v22: PyTorch, TensorFlow, JAX,
# Keras, the trackers' ordinary mix), held out at 0.625 (0.585 on its
# later half) when first measured.
test_expect_success 'the twenty-first set: later-half accuracy >= 0.58, not below the baseline' '
	accuracy v22 0.58 v22
'
# The twenty-second set (corpus/validation/v23: PyTorch, Keras,
# TensorFlow, JAX), held out at 0.525 (0.458 on its later half) when
# first measured, after the session's rules.
test_expect_success 'the twenty-second set: later-half accuracy >= 0.45, not below the baseline' '
	accuracy v23 0.45 v23
'
# The twenty-third set (corpus/validation/v24: TensorFlow, PyTorch, JAX,
# ONNX Runtime, Keras), held out at 0.600 (0.484 on its later half) when
# first measured.
test_expect_success 'the twenty-third set: later-half accuracy >= 0.45, not below the baseline' '
	accuracy v24 0.45 v24
'
# The twenty-fourth set (corpus/validation/v25: PyTorch, ONNX Runtime),
# held out at 0.650 (0.600 on its later half) when first measured, after
# the session's rules.
test_expect_success 'the twenty-fourth set: later-half accuracy >= 0.55, not below the baseline' '
	accuracy v25 0.55 v25
'
# The twenty-fifth set (corpus/validation/v26: TensorFlow, JAX, Keras,
# PyTorch, ONNX Runtime), held out at 0.646 (0.680 on its later half)
# when first measured, before the seventeenth session wrote any rule.
test_expect_success 'the twenty-fifth set: later-half accuracy >= 0.64, not below the baseline' '
	accuracy v26 0.64 v26
'
# The twenty-sixth set (corpus/validation/v27: PyTorch, TensorFlow, JAX,
# Keras, ONNX Runtime), held out at 0.571 (0.615 on its later half)
# when first measured, before the eighteenth session changed anything.
test_expect_success 'the twenty-sixth set: later-half accuracy >= 0.61, not below the baseline' '
	accuracy v27 0.61 v27
'
# The twenty-seventh set (corpus/validation/v28: TensorFlow, JAX,
# PyTorch, ONNX Runtime, Keras; excerpts, many cut before the failure),
# held out at 0.417 (0.517 on its later half) when first measured.
# 0.48 since the twenty-third session: python-import-traceback-cut no
# longer takes a function of a package's __init__.py for an import, and
# one cut traceback (torch/onnx/__init__.py, in export) it had called a
# false-positive by that mistake is now unknown.
test_expect_success 'the twenty-seventh set: later-half accuracy >= 0.48, not below the baseline' '
	accuracy v28 0.48 v28
'
# The twenty-eighth set (corpus/validation/v29: TensorFlow, JAX,
# PyTorch, ONNX Runtime, Keras; only logs that show the failure), held
# out at 0.600 (0.667 on its later half) with the rules the nineteenth
# session found, 0.586 (0.644) with those it wrote before reading it.
test_expect_success 'the twenty-eighth set: later-half accuracy >= 0.64, not below the baseline' '
	accuracy v29 0.64 v29
'
# The twenty-ninth set (corpus/validation/v30: PyTorch, TensorFlow,
# ONNX Runtime, Keras, JAX; only logs that show the failure), held out
# at 0.732 (0.788 on its later half) when first measured.
test_expect_success 'the twenty-ninth set: later-half accuracy >= 0.78, not below the baseline' '
	accuracy v30 0.78 v30
'
# The thirtieth set (corpus/validation/v31: ONNX Runtime, PyTorch,
# TensorFlow, JAX, Keras, MindSpore; 31 rows, most of them environment
# errors), held out at 0.710 (0.857 on its later half, 14 rows) when
# first measured.  11/14 (0.786) since the forty-first session: MindSpore
# 341's one line, "Select GPU operator[FusedWeightApplyMomentum] fail!
# Unsupported data type!", now names MindSpore, and its kernel selection
# reads as the gap that 36 real MindSpore logs of corpus/logs/real are
# labelled; the developers called this one no defect.
test_expect_success 'the thirtieth set: later-half accuracy >= 0.78, not below the baseline' '
	accuracy v31 0.78 v31
'
# The thirty-first set (corpus/validation/v32: PyTorch, JAX, TensorFlow,
# ONNX Runtime, Keras, MindSpore; 98 rows, 30 of them from downstream
# projects), held out at 0.622 (0.525 on its later half, 40 rows) when
# first measured.
test_expect_success 'the thirty-first set: later-half accuracy >= 0.52, not below the baseline' '
	accuracy v32 0.52 v32
'
# The thirty-second set (corpus/validation/v33: PyTorch, TensorFlow, JAX,
# ONNX Runtime, Keras, MindSpore; 90 rows, 30 of them from 27 downstream
# projects), held out at 0.667 (0.590 on its later half, 39 rows) when
# first measured.
test_expect_success 'the thirty-second set: later-half accuracy >= 0.58, not below the baseline' '
	accuracy v33 0.58 v33
'
# The thirty-third set (corpus/validation/v34: recent issues only, PyTorch,
# ONNX Runtime, JAX, TensorFlow, Keras; 88 rows), held out at 0.545
# (0.477 on its later half, 65 rows) when first measured.
test_expect_success 'the thirty-third set: later-half accuracy >= 0.47, not below the baseline' '
	accuracy v34 0.47 v34
'
# The thirty-fourth set (corpus/validation/v35: PyTorch, ONNX Runtime,
# TensorFlow, JAX, Keras, MindSpore; 95 rows, the less travelled
# places), held out at 0.632 (0.679 on its later half, 53 rows) when
# first measured.
test_expect_success 'the thirty-fourth set: later-half accuracy >= 0.67, not below the baseline' '
	accuracy v35 0.67 v35
'
# The thirty-fifth set (corpus/validation/v36: the ecosystems' trackers,
# 90 rows from 45 repositories), held out at 0.578 when first measured;
# its repositories number their issues below the cuts, so its later half
# is 8 rows (5 right then) and this only keeps them from falling.
test_expect_success 'the thirty-fifth set: later-half accuracy >= 0.62, not below the baseline' '
	accuracy v36 0.62 v36
'
# The thirty-sixth set (corpus/validation/v37: issues from 2024 on, 36
# rows, 32 of them in the later half), held out at 0.583 (0.562 on its
# later half) when first measured.
test_expect_success 'the thirty-sixth set: later-half accuracy >= 0.56, not below the baseline' '
	accuracy v37 0.56 v37
'
# The thirty-seventh set (corpus/validation/v38: issues from 2024 on,
# 52 rows, 45 of them in the later half), held out at 0.558 (0.556 on
# its later half) when first measured.
test_expect_success 'the thirty-seventh set: later-half accuracy >= 0.55, not below the baseline' '
	accuracy v38 0.55 v38
'
# The thirty-eighth set (corpus/validation/v39: issues above the later
# half's cuts, any year, 65 rows, 56 of them in the later half), held
# out at 0.538 (0.500 on its later half) when first measured.
test_expect_success 'the thirty-eighth set: later-half accuracy >= 0.49, not below the baseline' '
	accuracy v39 0.49 v39
'
# The thirty-ninth set (corpus/validation/v40: the rare classes first,
# 68 rows, 56 of them in the later half), held out at 0.559 (0.554 on
# its later half) when first measured.
test_expect_success 'the thirty-ninth set: later-half accuracy >= 0.54, not below the baseline' '
	accuracy v40 0.54 v40
'
# The fortieth set (corpus/validation/v41: exceptions at the line
# between a framework's bug and a rejected input, 62 rows, 50 of them in
# the later half), held out at 0.581 (0.580 on its later half) when
# first measured.
test_expect_success 'the fortieth set: later-half accuracy >= 0.57, not below the baseline' '
	accuracy v41 0.57 v41
'
# The forty-first set (corpus/validation/v42: long logs only, 59 rows,
# 50 of them in the later half), held out at 0.559 (0.620 on its later
# half) when first measured.
test_expect_success 'the forty-first set: later-half accuracy >= 0.60, not below the baseline' '
	accuracy v42 0.60 v42
'
# The forty-second set (corpus/validation/v43: issues of 2025 and 2026,
# 56 rows, 47 of them in the later half), held out at 0.429 (0.404 on
# its later half) when first measured.
test_expect_success 'the forty-second set: later-half accuracy >= 0.38, not below the baseline' '
	accuracy v43 0.38 v43
'
# The forty-third set (corpus/validation/v44: older issues below the
# fixed cuts, 81 rows, only ONNX Runtime's 6 in the later half), held
# out at 0.568 (0.500 on its later half) when first measured.
test_expect_success 'the forty-third set: later-half accuracy >= 0.49, not below the baseline' '
	accuracy v44 0.49 v44
'
# The forty-fifth set (corpus/validation/v46: the newest issues, 6 rows,
# all in the later half; the search budget ran out), held out at 0.333,
# the baseline's figure too, when first measured.  (v45, the
# forty-fourth, lies wholly in the earlier half: the pool counts it.)
test_expect_success 'the forty-fifth set: later-half accuracy >= 0.33, not below the baseline' '
	accuracy v46 0.33 v46
'
# The forty-sixth set (corpus/validation/v47: older and newest issues,
# ONNX Runtime and MindSpore, 46 rows, 12 of them in the later half),
# held out at 0.630 (0.583 on its later half) when first measured.
test_expect_success 'the forty-sixth set: later-half accuracy >= 0.50, not below the baseline' '
	accuracy v47 0.50 v47
'
# The forty-seventh set (corpus/validation/v48: newest ONNX Runtime
# issues, and oom, timeout, inconsistency and nan, 23 rows, 10 of them
# in the later half), held out at 0.609 (0.400 on its later half) when
# first measured.
test_expect_success 'the forty-seventh set: later-half accuracy >= 0.30, not below the baseline' '
	accuracy v48 0.30 v48
'
# The forty-eighth set (corpus/validation/v49: TensorFlow, Keras 3,
# JAX and PyTorch issues above the cuts, 16 rows, all in the later
# half), held out at 0.812 when first measured.
test_expect_success 'the forty-eighth set: later-half accuracy >= 0.68, not below the baseline' '
	accuracy v49 0.68 v49
'
# The forty-ninth set (corpus/validation/v50: every framework, the
# crash / false-positive line and the rarer classes, 58 rows, 57 of
# them in the later half), held out at 0.579 on its later half when
# first measured.
test_expect_success 'the forty-ninth set: later-half accuracy >= 0.48, not below the baseline' '
	accuracy v50 0.48 v50
'
# The fiftieth set (corpus/validation/v51: PyTorch compile and export,
# TensorFlow, the JAX and Keras libraries, ONNX Runtime and the rarer
# classes, 47 rows, 34 of them in the later half), held out at 0.676 on
# its later half when first measured.
test_expect_success 'the fiftieth set: later-half accuracy >= 0.55, not below the baseline' '
	accuracy v51 0.55 v51
'
# The fifty-first set (corpus/validation/v52: every framework, eager
# kernels, tf.signal and tf.image, MindSpore, ONNX Runtime's setup,
# 65 rows, 57 of them in the later half), held out at 0.719 on its
# later half when first measured.
test_expect_success 'the fifty-first set: later-half accuracy >= 0.60, not below the baseline' '
	accuracy v52 0.60 v52
'
# The fifty-second set (corpus/validation/v53: programs on the Java
# and .NET bindings of ONNX Runtime, TensorFlow Lite, DJL, TorchSharp
# and ML.NET, 34 rows, 8 of them in the later half), held out at 0.625
# on its later half (0.441 on all rows) when first measured.
test_expect_success 'the fifty-second set: later-half accuracy >= 0.50, not below the baseline' '
	accuracy v53 0.50 v53
'
# Every set but v11 pooled (one row per url, 2,646 rows in thirty-two
# sets at the twenty-second session): the later halves together, 1,459
# rows never tuned on, 0.619 then (0.625 before v34, recent issues
# only, joined the pool); 3,229 rows in forty-one sets at the
# twenty-sixth, 0.610 (0.615 before v43, issues of 2025 and 2026 at
# 0.404, joined); 3,361 rows in forty-four sets at the twenty-seventh,
# 0.609; 3,446 rows in forty-seven sets at the twenty-eighth, 0.609;
# 3,551 rows in forty-nine sets at the twenty-ninth, 0.609.
test_expect_success 'every set pooled: later-half accuracy >= 0.60, not below the baseline' '
	"$PYTHON3" "$TEST_SRCDIR/tests/accuracy-unseen.py" \
	    --dltriage "$DLTRIAGE" --pool "$TEST_SRCDIR/corpus/validation" \
	    --threshold 0.60 --margin 0 >out-pool 2>err-pool;
	rc=$?;
	cat out-pool err-pool >"$TEST_TMP/accuracy-pool.txt";
	grep "^rows [0-9]* of [0-9]* sets" out-pool &&
	test $rc = 0
'
for tag in pool v53 v52 v51 v50 v49 v48 v47 v46 v45 v44 v43 v42 v41 v40 v39 v38 v37 v36 v35 v34 v33 v32 v31 v30 v29 v28 v27 v26 v25 v24 v23 v22 v21 v20 v19 v18 v17 v16 v15 v14 v13 v12 v11 v10 v9 v8 v6 v4 v3; do
	if [ -f "$TEST_TMP/accuracy-$tag.txt" ]; then
		sed -n "1,4s/^/# $tag: /p" "$TEST_TMP/accuracy-$tag.txt"
	fi
done
if [ -f "$TEST_TMP/accuracy-v2.txt" ]; then
	sed 's/^/# /' "$TEST_TMP/accuracy-v2.txt"
fi

test_done
