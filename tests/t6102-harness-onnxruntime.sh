#!/bin/sh
# t6102-harness-onnxruntime: the ONNX Runtime target of the harness
# (harness/dltriage_harness/adapters/onnxruntime.py: the IR built as an
# ONNX graph with the onnx package, run on the CPUExecutionProvider).
#
# The target's names and op list; every test model of tests/models on
# onnxruntime against PyTorch (layouts, gate orders, padding: outputs
# equal within t6100's tolerances, with --random-params); the 23 models
# of the zoo (corpus/models) on onnxruntime and on PyTorch: each runs,
# its output shapes are PyTorch's and its values agree within the
# oracles' tolerances (rules/oracles/oracles.yaml), one TAP comment line
# per model with the figures; an op the adapter lacks, and a dtype that
# ONNX Runtime's CPU provider cannot compute, are reported as
# unsupported (exit 3), not as a framework failure; an illegal model is
# rejected with ONNX Runtime's own error.  Without onnx and onnxruntime
# (or torch, for the comparisons) the tests are skipped visibly.
#
# The Python: $DLT_PYTHON, else the project's .venv, else python3 (test-lib.sh).

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

if ! "$DLT_PYTHON" -c 'import numpy, yaml' 2>/dev/null; then
	test_skip "onnxruntime harness" "$DLT_PYTHON cannot import numpy and yaml"
	test_done
	exit $?
fi

# --- the target's names (no framework imported)

test_expect_success 'names: onnxruntime, ort and onnx-runtime are the target onnxruntime' '
	"$DLT_PYTHON" - <<-\EOF
	import sys
	from dltriage_harness import names
	from dltriage_harness.adapters import FRAMEWORKS, supported
	from dltriage_harness.common import OPS
	for n in ("onnxruntime", "ORT", "onnx-runtime", "OnnxRuntime"):
	    assert names.canonical(n) == "onnxruntime", n
	assert "onnxruntime" in names.TARGETS and FRAMEWORKS["onnxruntime"] == ("onnxruntime", None)
	assert supported("onnxruntime") == list(OPS), set(OPS) - set(supported("onnxruntime"))
	for m in ("onnx", "onnxruntime", "torch", "tensorflow", "jax", "keras"):
	    assert m not in sys.modules, m
	EOF
'

test_expect_success 'names --targets and --list-ops list onnxruntime' '
	"$DLT_PYTHON" -m dltriage_harness.names --targets >targets &&
	grep "^onnxruntime\$" targets &&
	"$H" --list-ops --framework ort >ops &&
	test $(wc -w <ops) -eq 54 &&
	grep "^onnxruntime: conv1d .* cast\$" ops
'

if ! "$DLT_PYTHON" -c 'import onnx, onnxruntime' 2>/dev/null; then
	test_skip "onnxruntime: the test models and the zoo" "$DLT_PYTHON cannot import onnx and onnxruntime"
	test_expect_success 'without onnxruntime the target is unavailable (exit 4)' '
		test_must_fail --code=4 "$H" --framework onnxruntime "$M/act.yaml" --out out
	'
	test_done
	exit $?
fi
say "python: $DLT_PYTHON; onnxruntime $("$DLT_PYTHON" -c 'import onnxruntime; print(onnxruntime.__version__)')"

# --- the adapter alone

test_expect_success 'onnxruntime: one model, exit 0, the record names the target and its version' '
	"$H" --framework ort "$M/act.yaml" --out out &&
	"$DLT_PYTHON" -c "
import json
import onnxruntime
r = json.load(open(\"out/result.json\"))
assert r[\"status\"] == \"ok\" and r[\"framework\"] == \"onnxruntime\", r
assert r[\"framework_version\"] == onnxruntime.__version__, r
assert r[\"threads\"] == 1, r
assert r[\"outputs\"][\"a_relu\"][\"shape\"] == [2, 4, 6]
"
'

test_expect_success 'an op the adapter lacks is unsupported (exit 3), not a framework failure' '
	"$DLT_PYTHON" - "$M/act.yaml" <<-\EOF
	import os, sys
	from dltriage_harness import model
	from dltriage_harness.execute import EXIT, execute
	from dltriage_harness.run import import_adapter
	a = import_adapter("onnxruntime")
	del type(a).op_gelu
	m = model.load(sys.argv[1])
	os.mkdir("out")
	status, rec = execute(a, m, "out")
	assert status == "unsupported" and EXIT[status] == 3, (status, rec["exception"])
	ex = rec["exception"]
	assert ex["where"] == "harness" and ex["type"] == "UnsupportedOp", ex
	assert ex["message"] == "unsupported op \x27gelu\x27 on onnxruntime", ex
	assert rec["outputs"] is None
	EOF
'

test_expect_success 'a dtype the CPU provider cannot compute is unsupported (exit 3)' '
	test_must_fail --code=3 "$H" --framework onnxruntime "$M/f64.yaml" --out out 2>err &&
	grep "^dltriage-harness: unsupported op .conv2d. on onnxruntime: .* Conv in float64" err &&
	! grep "^Traceback" err &&
	grep "\"status\": \"unsupported\"" out/result.json &&
	grep "\"where\": \"harness\"" out/result.json &&
	test ! -d out/outputs
'

test_expect_success 'the illegal model is rejected with ONNX Runtime'\''s own error (exit 1)' '
	test_must_fail --code=1 "$H" --framework onnxruntime "$M/illegal-conv.yaml" --out out 2>err &&
	grep "^Traceback" err &&
	grep "onnxruntime.*Invalid input shape" err &&
	grep "\"status\": \"rejected\"" out/result.json &&
	grep "\"where\": \"framework\"" out/result.json &&
	test ! -d out/outputs
'

if ! "$DLT_PYTHON" -c 'import torch' 2>/dev/null; then
	test_skip "onnxruntime against pytorch" "$DLT_PYTHON cannot import torch"
	test_done
	exit $?
fi

# --- the test models, every op, against PyTorch (t6100's tolerances)

MODELS="act conv conv13 pool seq wmut"
for fw in onnxruntime pytorch; do
	set --
	for m in $MODELS; do set -- "$@" "$M/$m.yaml"; done
	"$H" --framework $fw --random-params --out "$R/tm-$fw" "$@" >"$R/tm-$fw.out" 2>&1
done
for m in $MODELS; do
	test_expect_success "test model $m: onnxruntime agrees with pytorch (shapes as expected)" '
		"$DLT_PYTHON" -m dltriage_harness.check "$M/$m.yaml" "$R/tm-pytorch/h-$m" \
		    "$R/tm-onnxruntime/h-$m" >cmp;
		rc=$?; cat cmp; test $rc -eq 0
	'
done

# --- the zoo: 23 models, onnxruntime against PyTorch

zoo_models=$(cd "$ZOO" && ls *.yaml | sed 's/\.yaml$//')
for fw in onnxruntime pytorch; do
	set --
	for m in $zoo_models; do set -- "$@" "$ZOO/$m.yaml"; done
	"$H" --framework $fw --out "$R/zoo-$fw" "$@" >"$R/zoo-$fw.out" 2>&1
done

# one line per model: NAME ran:ORT,PT shape:ok|DIFFERS max_abs max_rel
# tol:T agree:ok|DIFFERS (tests/zoo-compare.py)
"$DLT_PYTHON" "$TEST_SRCDIR/tests/zoo-compare.py" "$R" "$TEST_SRCDIR/rules/oracles/oracles.yaml" \
    onnxruntime pytorch $zoo_models >"$R/figures" 2>"$R/figures.err"

for m in $zoo_models; do
	line=$(awk -v m="$m" '$1 == m' "$R/figures")
	say "${line:-$m: no figures}"
	test_expect_success "zoo $m: runs on onnxruntime, shapes and values as PyTorch's" "
		echo '$line' | grep ' ran:ok,ok shape:ok .* agree:ok\$' ||
		{ cat '$R/figures.err'; grep -A3 '\"$m\"' '$R/zoo-onnxruntime/summary.jsonl'; exit 1; }
	"
done

test_expect_success 'the zoo has its 23 models, all of them compared' '
	test $(echo $zoo_models | wc -w) -eq 23 &&
	test $(grep -c " agree:ok\$" "$R/figures") -eq 23
'

test_done
