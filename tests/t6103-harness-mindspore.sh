#!/bin/sh
# t6103-harness-mindspore: the MindSpore target of the harness
# (harness/dltriage_harness/adapters/mindspore.py: mindspore.ops op by op
# in PyNative mode on the CPU).
#
# MindSpore needs numpy<2, so it lives in an interpreter of its own:
# $DLT_MINDSPORE_PYTHON, else .venv-mindspore/bin/python in the source
# tree where it exists (README: "MindSpore"); PyTorch, the reference,
# runs in $DLT_PYTHON (test-lib.sh).
# Without an interpreter that imports mindspore the MindSpore tests are
# skipped visibly.
#
# The target's names and op list (no framework imported); every test
# model of tests/models on mindspore against PyTorch (layouts, gate
# orders, padding: outputs equal within t6100's tolerances, with
# --random-params); the 23 models of the zoo (corpus/models) on mindspore
# and on PyTorch: each runs, its output shapes are PyTorch's and its
# values agree within the oracles' tolerances (rules/oracles/oracles.yaml),
# one TAP comment line per model with the figures; an op the adapter
# lacks, and a dtype that MindSpore's CPU kernels cannot compute, are
# reported as unsupported (exit 3), not as a framework failure; an
# illegal model is rejected with MindSpore's own error.  The zoo takes
# long on MindSpore (its CPU convolutions are slow: about 12 minutes);
# its three slowest models run only with DLT_TEST_FULL_ZOO=1.

. "$(dirname "$0")/test-lib.sh"

H="$TEST_SRCDIR/harness/dltriage-harness"
M="$TEST_SRCDIR/tests/models"
ZOO="$TEST_SRCDIR/corpus/models"
PYTHONPATH="$TEST_SRCDIR/harness${PYTHONPATH:+:$PYTHONPATH}"
# one thread per framework, as a campaign runs them
DLTRIAGE_THREADS=1
export PYTHONPATH DLTRIAGE_THREADS
R="$TEST_TMP/results"
mkdir -p "$R"

if [ -z "$DLT_MINDSPORE_PYTHON" ] && [ -x "$TEST_SRCDIR/.venv-mindspore/bin/python" ]; then
	DLT_MINDSPORE_PYTHON=$TEST_SRCDIR/.venv-mindspore/bin/python
fi
MS_PY=$DLT_MINDSPORE_PYTHON
export MS_PY

if ! "$DLT_PYTHON" -c 'import numpy, yaml' 2>/dev/null; then
	test_skip "mindspore harness" "$DLT_PYTHON cannot import numpy and yaml"
	test_done
	exit $?
fi

# --- the target's names (no framework imported)

test_expect_success 'names: mindspore, ms and MindSpore are the target mindspore' '
	"$DLT_PYTHON" - <<-\EOF
	import sys
	from dltriage_harness import names
	from dltriage_harness.adapters import FRAMEWORKS, supported
	from dltriage_harness.common import OPS
	for n in ("mindspore", "ms", "MS", "MindSpore"):
	    assert names.canonical(n) == "mindspore", n
	assert "mindspore" in names.TARGETS and FRAMEWORKS["mindspore"] == ("mindspore", None)
	assert names.TARGETS.index("mindspore") == names.TARGETS.index("onnxruntime") + 1
	assert supported("mindspore") == list(OPS), set(OPS) - set(supported("mindspore"))
	for m in ("mindspore", "onnx", "onnxruntime", "torch", "tensorflow", "jax", "keras"):
	    assert m not in sys.modules, m
	EOF
'

test_expect_success 'names --targets and --list-ops list mindspore' '
	"$DLT_PYTHON" -m dltriage_harness.names --targets >targets &&
	grep "^mindspore\$" targets &&
	"$H" --list-ops --framework ms >ops &&
	test $(wc -w <ops) -eq 54 &&
	grep "^mindspore: conv1d .* cast\$" ops
'

if [ -z "$MS_PY" ] || ! "$MS_PY" -c 'import mindspore, numpy, yaml' 2>/dev/null; then
	test_skip "mindspore: the test models and the zoo" \
	    "no interpreter imports mindspore (DLT_MINDSPORE_PYTHON=${MS_PY:-unset})"
	test_expect_success 'without mindspore the target is unavailable (exit 4)' '
		test_must_fail --code=4 "$H" --framework mindspore "$M/act.yaml" --out out
	'
	test_done
	exit $?
fi
say "python: $MS_PY; mindspore $("$MS_PY" -c 'import mindspore; print(mindspore.__version__)' 2>/dev/null)"

# --- the adapter alone

test_expect_success 'mindspore: one model, exit 0, the record names the target and its version' '
	DLT_PYTHON="$MS_PY" "$H" --framework ms "$M/act.yaml" --out out &&
	"$MS_PY" -c "
import json
import mindspore
r = json.load(open(\"out/result.json\"))
assert r[\"status\"] == \"ok\" and r[\"framework\"] == \"mindspore\", r
assert r[\"framework_version\"] == mindspore.__version__, r
assert r[\"threads\"] == 1, r
assert r[\"outputs\"][\"a_relu\"][\"shape\"] == [2, 4, 6]
"
'

test_expect_success 'an op the adapter lacks is unsupported (exit 3), not a framework failure' '
	"$MS_PY" - "$M/act.yaml" <<-\EOF
	import os, sys
	from dltriage_harness import model
	from dltriage_harness.execute import EXIT, execute
	from dltriage_harness.run import import_adapter
	a = import_adapter("mindspore")
	del type(a).op_gelu
	m = model.load(sys.argv[1])
	os.mkdir("out")
	status, rec = execute(a, m, "out")
	assert status == "unsupported" and EXIT[status] == 3, (status, rec["exception"])
	ex = rec["exception"]
	assert ex["where"] == "harness" and ex["type"] == "UnsupportedOp", ex
	assert ex["message"] == "unsupported op \x27gelu\x27 on mindspore", ex
	assert rec["outputs"] is None
	EOF
'

test_expect_success 'a missing op through the command line: exit 3' '
	cat >gelu.yaml <<-\EOF &&
	model: ms-missing-op
	seed: 7
	inputs:
	  - {name: x, shape: [1, 8], dtype: float32}
	nodes:
	  - {name: g, op: gelu, inputs: [x]}
	outputs: [g]
	EOF
	mkdir nogelu &&
	cp -r "$TEST_SRCDIR/harness/dltriage_harness" nogelu/ &&
	sed "s/    def op_gelu(/    def no_gelu(/" "$TEST_SRCDIR/harness/dltriage_harness/adapters/mindspore.py" \
	    >nogelu/dltriage_harness/adapters/mindspore.py &&
	! grep "def op_gelu" nogelu/dltriage_harness/adapters/mindspore.py &&
	PYTHONPATH="$PWD/nogelu" "$MS_PY" -m dltriage_harness.run --framework ms gelu.yaml --out out 2>err;
	rc=$?; cat err; test $rc -eq 3 &&
	grep "^dltriage-harness: unsupported op .gelu. on mindspore\$" err &&
	grep "\"status\": \"unsupported\"" out/result.json
'

test_expect_success 'a dtype the CPU kernels cannot compute is unsupported (exit 3)' '
	DLT_PYTHON="$MS_PY" test_must_fail --code=3 "$H" --framework mindspore "$M/f64.yaml" --out out 2>err &&
	grep "^dltriage-harness: unsupported op .conv2d. on mindspore: .* Conv2D in float64" err &&
	! grep "^Traceback" err &&
	grep "\"status\": \"unsupported\"" out/result.json &&
	grep "\"where\": \"harness\"" out/result.json &&
	test ! -d out/outputs
'

test_expect_success 'the illegal model is rejected with MindSpore'\''s own error (exit 1)' '
	DLT_PYTHON="$MS_PY" test_must_fail --code=1 "$H" --framework mindspore "$M/illegal-conv.yaml" --out out 2>err &&
	grep "^Traceback" err &&
	grep "^ValueError: For .Conv2d., input shape.s h and w after padding must be greater" err &&
	grep "\"status\": \"rejected\"" out/result.json &&
	grep "\"where\": \"framework\"" out/result.json &&
	test ! -d out/outputs
'

if ! "$DLT_PYTHON" -c 'import torch' 2>/dev/null; then
	test_skip "mindspore against pytorch" "$DLT_PYTHON cannot import torch"
	test_done
	exit $?
fi

# --- the test models, every op, against PyTorch (t6100's tolerances)

MODELS="act conv conv13 pool seq wmut"
set --
for m in $MODELS; do set -- "$@" "$M/$m.yaml"; done
DLT_PYTHON="$MS_PY" "$H" --framework mindspore --random-params --out "$R/tm-mindspore" "$@" \
    >"$R/tm-mindspore.out" 2>&1
"$H" --framework pytorch --random-params --out "$R/tm-pytorch" "$@" >"$R/tm-pytorch.out" 2>&1
for m in $MODELS; do
	test_expect_success "test model $m: mindspore agrees with pytorch (shapes as expected)" '
		"$DLT_PYTHON" -m dltriage_harness.check "$M/$m.yaml" "$R/tm-pytorch/h-$m" \
		    "$R/tm-mindspore/h-$m" >cmp;
		rc=$?; cat cmp; test $rc -eq 0
	'
done

# --- the zoo: 23 models, mindspore against PyTorch

zoo_all=$(cd "$ZOO" && ls *.yaml | sed 's/\.yaml$//')
# MindSpore 2.10's CPU convolutions are slow: U-Net takes about 8
# minutes on one thread, VGG-16 and VGG-19 over one each, the other 20
# models 3 minutes together.  The three are run with DLT_TEST_FULL_ZOO=1
# (bench/README has their figures) and skipped visibly otherwise.
slow_models="unet vgg16 vgg19"
zoo_models=
for m in $zoo_all; do
	case " $slow_models " in
	*" $m "*)
		if [ "${DLT_TEST_FULL_ZOO:-0}" != 1 ]; then
			test_skip "zoo $m on mindspore" "slow on MindSpore's CPU kernels; DLT_TEST_FULL_ZOO=1 runs it"
			continue
		fi
		;;
	esac
	zoo_models="$zoo_models $m"
done
set --
for m in $zoo_models; do set -- "$@" "$ZOO/$m.yaml"; done
# PyTorch runs beside MindSpore
"$H" --framework pytorch --out "$R/zoo-pytorch" "$@" >"$R/zoo-pytorch.out" 2>&1 &
pt_pid=$!
DLT_PYTHON="$MS_PY" "$H" --framework mindspore --out "$R/zoo-mindspore" "$@" >"$R/zoo-mindspore.out" 2>&1
wait $pt_pid

# one line per model: NAME ran:MS,PT shape:ok|DIFFERS max_abs max_rel
# tol:T agree:ok|DIFFERS (tests/zoo-compare.py)
"$DLT_PYTHON" "$TEST_SRCDIR/tests/zoo-compare.py" "$R" "$TEST_SRCDIR/rules/oracles/oracles.yaml" \
    mindspore pytorch $zoo_models >"$R/figures" 2>"$R/figures.err"

for m in $zoo_models; do
	line=$(awk -v m="$m" '$1 == m' "$R/figures")
	say "${line:-$m: no figures}"
	test_expect_success "zoo $m: runs on mindspore, shapes and values as PyTorch's" "
		echo '$line' | grep ' ran:ok,ok shape:ok .* agree:ok\$' ||
		{ cat '$R/figures.err'; grep -A3 '\"$m\"' '$R/zoo-mindspore/summary.jsonl'; exit 1; }
	"
done

test_expect_success 'the zoo has its 23 models, every one run compared' '
	test $(echo $zoo_all | wc -w) -eq 23 &&
	test $(grep -c " agree:ok\$" "$R/figures") -eq $(echo $zoo_models | wc -w)
'

test_done
