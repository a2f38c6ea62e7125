#!/bin/sh
# t6100-harness: the framework harnesses (harness/, harness/README).
#
# The framework names (names.py), the IR loader (PyYAML) and validator, the
# seeded fill and the weight mutations, then every adapter (pytorch,
# tensorflow, jax, keras on its three backends) on the models under tests/models/, which between them
# use every op of docs/model-ir.md: exit 0, output shapes equal to the
# "# expect:" comments, outputs equal across frameworks (rtol 1e-4, atol
# 1e-5 for float32; 1e-6/1e-7 for float64), and an illegal model rejected
# with the framework's own error.  A framework that cannot be imported is
# skipped visibly; CI installs them (harness/README, "CI").
#
# The Python: $DLT_PYTHON, else the project's .venv, else python3 (test-lib.sh).

. "$(dirname "$0")/test-lib.sh"

H="$TEST_SRCDIR/harness/dltriage-harness"
M="$TEST_SRCDIR/tests/models"
PYTHONPATH="$TEST_SRCDIR/harness${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
# quieter TensorFlow; JAX on the CPU only
TF_CPP_MIN_LOG_LEVEL=2
JAX_PLATFORMS=${JAX_PLATFORMS:-cpu}
export TF_CPP_MIN_LOG_LEVEL JAX_PLATFORMS
MODELS="act conv conv13 pool seq f64 wmut"
# the canonical target names (harness/dltriage_harness/names.py) whose
# adapters run every test model here; onnxruntime has its own test
# (t6102: no float64 convolutions on its CPU provider)
FRAMEWORKS="pytorch tensorflow jax keras-tensorflow keras-jax keras-pytorch"
# results are kept outside the per-test directories
R="$TEST_TMP/results"
mkdir -p "$R"

if ! "$DLT_PYTHON" -c 'import numpy' 2>/dev/null; then
	test_skip "harness" "$DLT_PYTHON cannot import numpy"
	test_done
	exit $?
fi
say "python: $DLT_PYTHON"

# --- the framework names (standard library only)

test_expect_success 'names: aliases in any case give the canonical target' '
	"$DLT_PYTHON" - <<-\EOF
	import sys
	from dltriage_harness import names
	c = names.canonical
	for n, want in (("torch", "pytorch"), ("PyTorch", "pytorch"), ("pytorch", "pytorch"),
	                ("tf", "tensorflow"), ("TensorFlow", "tensorflow"), ("jaxlib", "jax"),
	                ("keras-torch", "keras-pytorch"), ("Keras-PyTorch", "keras-pytorch"),
	                ("keras-tf", "keras-tensorflow"), ("keras3-jax", "keras-jax"),
	                ("tf.keras-torch", "keras-pytorch"), ("keras-jaxlib", "keras-jax")):
	    assert c(n) == want, (n, c(n), want)
	assert c("keras", "torch") == c("keras3", "pytorch") == "keras-pytorch"
	assert names.framework("Torch") == "pytorch" and names.framework("keras-torch") is None
	assert set(names.TARGETS) == set(c(t) for t in names.TARGETS)
	for n, hint in (("pytroch", "pytorch"), ("tensorflw", "tensorflow"),
	                ("kears-torch", "keras-pytorch"), ("keras-trch", "keras-pytorch"),
	                ("nosuch", None), ("paddle", None), ("keras-numpy", None), ("", None)):
	    try:
	        c(n)
	    except names.UnknownFramework as e:
	        assert e.suggestion == hint, (n, e.suggestion, hint)
	        assert ("did you mean" in str(e)) == (hint is not None), str(e)
	    else:
	        raise SystemExit("accepted: %r" % n)
	for m in ("torch", "tensorflow", "jax", "keras", "numpy"):
	    assert m not in sys.modules, m
	EOF
'

test_expect_success 'names: plain keras runs on KERAS_BACKEND, else tensorflow' '
	test "$(env -u KERAS_BACKEND "$DLT_PYTHON" -c "from dltriage_harness.names import canonical; print(canonical(\"keras\"))")" = keras-tensorflow &&
	test "$(KERAS_BACKEND=torch "$DLT_PYTHON" -c "from dltriage_harness.names import canonical; print(canonical(\"Keras\"))")" = keras-pytorch
'

# --- the IR loader (PyYAML) and validator

test_expect_success 'the loader: PyYAML, floats like 1e-5, places in messages' '
	"$DLT_PYTHON" - <<-\EOF
	from dltriage_harness import model
	t = """model: t
	seed: 1
	inputs: [{name: x, shape: [1, 4], dtype: float32}]
	nodes:
	  - {name: n, op: layer_norm, inputs: [x], attrs: {epsilon: 1e-5}}
	  - name: d
	    op: dense
	    inputs: [n]
	    attrs: {units: 3, bias: false}
	outputs: [d]
	"""
	m = model.loads(t, "t.yaml")
	assert m.nodes[0].attrs["epsilon"] == 1e-5 and m.nodes[1].attrs == {"units": 3, "bias": False}
	assert m.outputs == ["d"] and m.inputs[0].shape == [1, 4] and m.seed == 1
	for bad, where in (("inputs: [1, 2", "t.yaml:"),
	                   (t.replace("units: 3", "units: three"), "t.yaml:9:20: nodes[1].attrs.units: dense.units is an integer, not "),
	                   (t.replace("seed: 1", "seed: 1\nseed: 2"), "t.yaml:3:1: seed: duplicate key"),
	                   (t.replace("op: dense", "op: densse"), "t.yaml:7:9: nodes[1].op: unknown op"),
	                   (t.replace("inputs: [n]", "inputs: [q]"), "t.yaml:8:14: nodes[1].inputs[0]: input ")):
	    try:
	        model.loads(bad, "t.yaml")
	    except model.IRError as e:
	        assert str(e).startswith(where), (str(e), where)
	    else:
	        raise SystemExit("accepted: %r" % bad)
	try:
	    model.from_dict({"model": "t", "inputs": [{"name": "x", "shape": [1]}],
	                     "nodes": [{"name": "r", "op": "relu", "inputs": ["x"], "attrs": {"k": 1}}],
	                     "outputs": ["r"]})
	except model.IRError as e:
	    assert str(e).startswith("nodes[0].attrs.k: relu has no attribute"), str(e)
	else:
	    raise SystemExit("accepted an unknown attribute")
	EOF
'

test_expect_success 'the loader reads every test model and every zoo model' '
	for f in "$M"/*.yaml "$TEST_SRCDIR"/corpus/models/*.yaml; do
		test -f "$f" || continue
		"$DLT_PYTHON" -c "import sys; from dltriage_harness import model; m = model.load(sys.argv[1]); assert m.nodes and m.outputs" "$f" || { echo "$f"; exit 1; }
	done
'

test_expect_success 'a malformed model: exit 2 and file:line:col' '
	printf "model: x\nseed: 1\ninputs: [1, 2\n" >bad.yaml &&
	test_must_fail --code=2 "$H" --framework torch bad.yaml --out o 2>err &&
	grep "^dltriage-harness: bad.yaml:[0-9]*:[0-9]*: " err &&
	test_must_fail --code=2 "$H" --framework nosuch "$M/act.yaml" --out o 2>err &&
	grep "unknown framework .nosuch." err &&
	test_must_fail --code=2 "$H" --framework pytroch "$M/act.yaml" --out o 2>err &&
	grep "^dltriage-harness: unknown framework .pytroch. (did you mean .pytorch.?)" err &&
	test_must_fail --code=2 "$H" --framework paddle "$M/act.yaml" --out o 2>err &&
	grep "framework .paddle. has no harness adapter" err &&
	test ! -d o
'

test_expect_success '--list-ops: every adapter lists every op of the IR' '
	"$H" --list-ops >ops &&
	test $(wc -l <ops) -eq 8 &&
	cut -d: -f1 ops | tr "\n" " " >targets &&
	test "$(cat targets)" = "$FRAMEWORKS onnxruntime mindspore " &&
	"$H" --list-ops --framework keras-torch >one &&
	grep "^keras-pytorch: " one &&
	n=$("$DLT_PYTHON" -c "from dltriage_harness.common import OPS; print(len(OPS))") &&
	while read fw list; do
		test $(echo $list | wc -w) -eq $n || { echo "$fw: $(echo $list | wc -w) of $n"; exit 1; }
	done <ops
'

test_expect_success 'the test models use every op' '
	"$DLT_PYTHON" - "$M" <<-\EOF
	import glob, sys
	from dltriage_harness import model
	from dltriage_harness.common import OPS
	used = set()
	for f in glob.glob(sys.argv[1] + "/*.yaml"):
	    used |= {n.op for n in model.load(f).nodes}
	missing = [o for o in OPS if o not in used]
	assert not missing, missing
	EOF
'

# --- fill.py

test_expect_success 'fill: counter-based, pinned values, Glorot bounds, fill rule' '
	"$DLT_PYTHON" - <<-\EOF
	import numpy as np
	from dltriage_harness import fill
	a = fill.uniform01(42, "conv1", "kernel", 5)
	b = fill.uniform01(42, "conv1", "kernel", 9)[:5]
	assert (a == b).all()
	assert not (a == fill.uniform01(43, "conv1", "kernel", 5)).any()
	assert not (a == fill.uniform01(42, "conv1", "bias", 5)).any()
	# pinned: a change to the generator changes every framework result
	assert fill.key(42, "conv1", "kernel") == 0x647b4a81c0f2f9db, hex(fill.key(42, "conv1", "kernel"))
	assert abs(a[0] - 0.25621539087911105) < 1e-15, repr(a[0])
	k = fill.param_value(42, "c", "kernel", [3, 3, 4, 8], fill.KERNEL)
	lim = np.sqrt(6.0 / (36 + 72))
	assert k.shape == (3, 3, 4, 8) and k.min() >= -lim and k.max() < lim
	assert (fill.param_value(42, "c", "bias", [8], fill.BIAS) == 0).all()
	assert (fill.param_value(42, "c", "gamma", [8], fill.GAMMA) == 1).all()
	r = fill.param_value(42, "c", "bias", [8], fill.BIAS, random_params=True)
	assert r.min() >= -0.5 and r.max() < 0.5 and r.std() > 0
	EOF
'

test_expect_success 'fill: weight mutations GF, WS, NAI, NEB, NS' '
	"$DLT_PYTHON" - <<-\EOF
	import numpy as np
	from dltriage_harness import fill
	from dltriage_harness import model as ir
	def run(wm, op="dense", attrs="{units: 6}", shape="[1, 5]"):
	    m = ir.loads("""model: t
	seed: 3
	inputs: [{name: x, shape: %s, dtype: float32}]
	nodes:
	  - {name: d, op: %s, inputs: [x], attrs: %s, weight_mutations: [%s]}
	outputs: [d]
	""" % (shape, op, attrs, wm))
	    n = m.nodes[0]
	    base = fill.node_params(m, ir.Node({"name": "d", "op": n.op, "attrs": n.attrs}, 0), [m.inputs[0].shape], True)
	    return base, fill.node_params(m, n, [m.inputs[0].shape], True)
	b, p = run("{op: NAI, param: kernel, neurons: [1, 4]}")
	assert np.allclose(p["kernel"][:, [1, 4]], -b["kernel"][:, [1, 4]]) and np.allclose(p["bias"][[1, 4]], -b["bias"][[1, 4]])
	assert np.allclose(p["kernel"][:, [0, 2, 3, 5]], b["kernel"][:, [0, 2, 3, 5]])
	b, p = run("{op: NEB, param: kernel, neurons: [2]}")
	assert (p["kernel"][:, 2] == 0).all() and p["bias"][2] == 0 and np.allclose(p["kernel"][:, 3], b["kernel"][:, 3])
	b, p = run("{op: NS, param: kernel, neurons: [0, 5]}")
	assert np.allclose(p["kernel"][:, 0], b["kernel"][:, 5]) and np.allclose(p["kernel"][:, 5], b["kernel"][:, 0])
	assert p["bias"][0] == b["bias"][5]
	b, p = run("{op: WS, param: kernel, neurons: [3], seed: 7}")
	assert sorted(p["kernel"][:, 3]) == sorted(b["kernel"][:, 3]) and not np.allclose(p["kernel"][:, 3], b["kernel"][:, 3])
	assert np.allclose(p["kernel"][:, 2], b["kernel"][:, 2])
	b, p = run("{op: GF, param: kernel, scale: 0.5, fraction: 0.5, seed: 7}")
	ch = (p["kernel"] != b["kernel"]).mean()
	assert 0.2 < ch < 0.8, ch
	_, p2 = run("{op: GF, param: kernel, scale: 0.5, fraction: 0.5, seed: 7}")
	assert (p2["kernel"] == p["kernel"]).all()
	# conv2d_transpose neurons are the filters axis (-2); depthwise: in*multiplier
	b, p = run("{op: NEB, param: kernel, neurons: [1]}", "conv2d_transpose", "{filters: 3, kernel: [2, 2]}", "[1, 4, 4, 2]")
	assert (p["kernel"][:, :, 1, :] == 0).all() and (p["kernel"][:, :, 0, :] != 0).any()
	b, p = run("{op: NEB, param: depthwise_kernel, neurons: [3]}", "depthwise_conv2d", "{kernel: [2, 2], depth_multiplier: 2}", "[1, 4, 4, 2]")
	assert (p["depthwise_kernel"][:, :, 1, 1] == 0).all() and p["bias"][3] == 0
	try:
	    run("{op: NEB, param: kernel, neurons: [6]}")
	except fill.WeightMutationError as e:
	    assert "out of range" in str(e)
	else:
	    raise SystemExit("neuron 6 of 6 accepted")
	EOF
'

test_expect_success 'fill: negzero is -0.0 everywhere (IN-NEGZERO), also at one element' '
	"$DLT_PYTHON" - <<-\EOF
	import numpy as np
	from dltriage_harness import fill
	from dltriage_harness import model as ir
	assert "negzero" in ir.FILLS
	m = ir.loads("""model: t
	seed: 3
	inputs:
	  - {name: x, shape: [2, 3, 4], dtype: float32, fill: negzero}
	  - {name: h, shape: [5], dtype: float16, fill: negzero}
	  - {name: b, shape: [5], dtype: bfloat16, fill: negzero}
	  - {name: d, shape: [5], dtype: float64, fill: negzero}
	  - {name: a, shape: [2, 3], dtype: float32, range: [1, 2], fill: negzero, fill_at: 4}
	  - {name: z, shape: [5], dtype: float32, fill: zeros}
	nodes:
	  - {name: s, op: add, inputs: [x, x]}
	outputs: [s]
	""")
	v = fill.model_inputs(m)
	for i, n in enumerate("xhbd"):
	    assert list(v[n].shape) == list(m.inputs[i].shape), (n, v[n].shape)
	    assert (v[n] == 0).all() and np.signbit(v[n]).all(), (n, v[n])
	    # the sign survives the cast to the input dtype
	    assert np.signbit(v[n].astype(np.float16)).all() and np.signbit(v[n].astype(np.float32)).all()
	a = v["a"].reshape(-1)
	assert a[4] == 0 and np.signbit(a[4]), a
	assert not np.signbit(np.delete(a, 4)).any() and (np.delete(a, 4) >= 1).all(), a
	assert (v["z"] == 0).all() and not np.signbit(v["z"]).any(), v["z"]
	try:
	    ir.loads("""model: t
	inputs: [{name: x, shape: [1], fill: minuszero}]
	nodes: [{name: s, op: relu, inputs: [x]}]
	outputs: [s]
	""")
	except ir.IRError as e:
	    assert "negzero" in str(e), str(e)
	else:
	    raise SystemExit("fill minuszero accepted")
	EOF
'

# --- the adapters

# py_module TARGET: the Python module of a framework target (or of the
# backend of a Keras target), which is also what KERAS_BACKEND calls it
py_module() {
	case ${1#keras-} in
	pytorch) echo torch ;;
	*) echo "${1#keras-}" ;;
	esac
}

importable() {
	case $1 in
	pytorch|tensorflow|jax) "$DLT_PYTHON" -c "import $(py_module $1)" >/dev/null 2>&1 ;;
	keras-*) KERAS_BACKEND=$(py_module $1) "$DLT_PYTHON" -c "import $(py_module $1), keras" >/dev/null 2>&1 ;;
	esac
}

have=
for fw in $FRAMEWORKS; do
	if importable $fw; then
		have="$have $fw"
	else
		test_skip "$fw: every test model" "$DLT_PYTHON cannot import the framework of $fw"
	fi
done
set -- $have
ref=$1

for fw in $have; do
	test_expect_success "$fw: one model, exit 0, outputs/NAME.npy and result.json" '
		"$H" --framework $fw --random-params "$M/act.yaml" --out out &&
		"$DLT_PYTHON" -c "
import json, sys
r = json.load(open(\"out/result.json\"))
assert r[\"status\"] == \"ok\" and r[\"framework\"] == \"$fw\" and r[\"model\"] == \"h-act\", r
assert r[\"outputs\"][\"a_relu\"][\"shape\"] == [2, 4, 6] and r[\"outputs\"][\"a_relu\"][\"nan_count\"] == 0
assert r[\"framework_version\"] and r[\"seconds\"] >= 0
import numpy as np
import os
assert len(os.listdir(\"out/outputs\")) == 30, os.listdir(\"out/outputs\")
for n, st in r[\"outputs\"].items():
    assert list(np.load(\"out/\" + st[\"file\"]).shape) == st[\"shape\"], n
"
	'
	test_expect_success "$fw: every test model (batch mode), shapes as expected" '
		set -- &&
		for m in $MODELS; do set -- "$@" "$M/$m.yaml"; done &&
		"$H" --framework $fw --random-params --out "$R/$fw" "$@" 2>err || { cat err; exit 1; } &&
		test $(grep -c "\"status\": \"ok\"" "$R/$fw/summary.jsonl") -eq 7 &&
		for m in $MODELS; do
			"$DLT_PYTHON" -m dltriage_harness.check "$M/$m.yaml" "$R/$fw/h-$m" || exit 1
		done
	'
done

# IN-NEGZERO: -0.0 reaches the model and an identity gives it back
cat >"$R/negzero.yaml" <<-\EOF
	model: h-negzero
	seed: 5
	inputs:
	  - {name: x, shape: [2, 3], dtype: float32, fill: negzero}
	  - {name: h, shape: [4], dtype: float16, fill: negzero}
	nodes:
	  - {name: ix, op: identity, inputs: [x]}
	  - {name: ih, op: identity, inputs: [h]}
	outputs: [ix, ih]
	EOF
for fw in $have; do
	test_expect_success "$fw: fill negzero gives -0.0 in every element" '
		"$H" --framework $fw "$R/negzero.yaml" --out out &&
		"$DLT_PYTHON" -c "
import json
import numpy as np
r = json.load(open(\"out/result.json\"))
assert r[\"status\"] == \"ok\", r
for n, shape in ((\"ix\", (2, 3)), (\"ih\", (4,))):
    y = np.load(\"out/\" + r[\"outputs\"][n][\"file\"])
    assert y.shape == shape and (y == 0).all() and np.signbit(y).all(), (n, y)
"
	'
done

# input aliases: the result record and the summary name the canonical target
for pair in pytorch:torch pytorch:PyTorch keras-pytorch:keras-torch keras-tensorflow:keras-tf; do
	fw=${pair%%:*}
	alias=${pair#*:}
	case " $have " in
	*" $fw "*) ;;
	*) continue ;;
	esac
	test_expect_success "--framework $alias: the records say $fw" '
		"$H" --framework $alias "$M/act.yaml" --out one &&
		"$H" --framework $alias "$M/act.yaml" "$M/conv.yaml" --out batch &&
		"$DLT_PYTHON" -c "
import json
r = json.load(open(\"one/result.json\"))
assert r[\"framework\"] == \"$fw\", r[\"framework\"]
for line in open(\"batch/summary.jsonl\"):
    s = json.loads(line)
    assert s[\"framework\"] == \"$fw\" and s[\"status\"] == \"ok\", s
    assert json.load(open(\"batch/\" + s[\"dir\"] + \"/result.json\"))[\"framework\"] == \"$fw\"
"
	'
done

if [ -n "$ref" ] && [ $# -gt 1 ]; then
	for m in $MODELS; do
		test_expect_success "outputs agree across frameworks: $m ($*)" '
			dirs= &&
			for fw in $have; do dirs="$dirs $R/$fw/h-$m"; done &&
			"$DLT_PYTHON" -m dltriage_harness.check "$M/$m.yaml" $dirs >cmp;
			rc=$?; cat cmp; test $rc -eq 0
		'
	done
else
	test_skip "outputs agree across frameworks" "fewer than two frameworks importable"
fi

for fw in $have; do
	case $fw in
	jax)
		# lax.conv_general_dilated accepts a kernel larger than its input
		# and returns an empty result: JAX does not check.
		test_expect_success "$fw: the illegal model runs and gives an empty output (JAX does not check)" '
			"$H" --framework $fw "$M/illegal-conv.yaml" --out out &&
			"$DLT_PYTHON" -c "
import numpy as np
assert np.load(\"out/outputs/c.npy\").shape == (1, 0, 0, 2)"
		'
		;;
	*)
		test_expect_success "$fw: the illegal model fails with the framework's own error" '
			test_must_fail --code=1 "$H" --framework $fw "$M/illegal-conv.yaml" --out out 2>err &&
			grep "^Traceback" err &&
			grep -i -E "kernel size can.t be greater|output size would be (zero or )?negative" err &&
			! grep "^dltriage-harness" err &&
			grep "\"status\": \"rejected\"" out/result.json &&
			grep "\"where\": \"framework\"" out/result.json &&
			test ! -d out/outputs
		'
		;;
	esac
done

if [ -n "$ref" ]; then
	test_expect_success "an op the IR does not know: exit 2, the framework not imported ($ref)" '
		sed "s/op: relu\$/op: frobnicate/; s/{name: a_relu, op: relu,/{name: a_relu, op: frobnicate,/" "$M/act.yaml" >u.yaml &&
		grep frobnicate u.yaml &&
		test_must_fail --code=2 "$H" --framework $ref u.yaml --out out 2>err &&
		grep "^dltriage-harness: u.yaml:[0-9]*:[0-9]*: nodes\[[0-9]*\]\.op: unknown op .frobnicate.\$" err &&
		test ! -d out
	'
	test_expect_success "an op the adapter lacks: exit 3 and its name ($ref)" '
		DLT_FW=$ref "$DLT_PYTHON" - "$M/act.yaml" <<-\EOF
		import json, os, sys
		from dltriage_harness import model, run
		from dltriage_harness.execute import execute
		a = run.import_adapter(os.environ["DLT_FW"])
		type(a).op_relu = None
		status, rec = execute(a, model.load(sys.argv[1]), ".")
		assert status == "unsupported", rec
		assert rec["exception"]["message"] == "unsupported op %s on %s" % ("\x27relu\x27", os.environ["DLT_FW"]), rec
		assert json.load(open("result.json"))["status"] == "unsupported"
		EOF
	'
	test_expect_success "batch mode: one line per mutant, errors caught ($ref)" '
		"$H" --framework $ref --out b "$M/act.yaml" "$M/illegal-conv.yaml" "$M/wmut.yaml" 2>err;
		test $? -eq 1 || [ $ref = jax ] &&
		test $(wc -l <b/summary.jsonl) -eq 3 &&
		test -f b/h-act/outputs/a_relu.npy && test -f b/h-wmut/result.json &&
		if [ $ref != jax ]; then grep "\"status\": \"rejected\"" b/summary.jsonl; fi
	'
fi

# An older PyTorch, when the system Python has one (Debian python3-torch).
if [ "$DLT_PYTHON" != /usr/bin/python3 ] && [ -x /usr/bin/python3 ] &&
    /usr/bin/python3 -c "import torch, numpy" >/dev/null 2>&1 && [ -d "$R/pytorch" ]; then
	v=$(/usr/bin/python3 -c "import torch; print(torch.__version__)")
	test_expect_success "torch $v (/usr/bin/python3) agrees with the current torch" '
		set -- &&
		for m in $MODELS; do set -- "$@" "$M/$m.yaml"; done &&
		DLT_PYTHON=/usr/bin/python3 "$H" --framework torch --random-params --out old "$@" &&
		grep "\"framework\": \"pytorch\"" old/summary.jsonl &&
		for m in $MODELS; do
			"$DLT_PYTHON" -m dltriage_harness.check "$M/$m.yaml" "$R/pytorch/h-$m" old/h-$m || exit 1
		done
	'
fi

test_done
