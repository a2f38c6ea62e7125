#!/bin/sh
# t7100-oracle: the output oracles and what they need: the C unit tests
# (tests/unit/unit-oracle.c: the .npy reader on good and hostile files,
# each oracle decision, the settings file and its samples, the IR as
# JSON read back by the YAML loader), then .npy files written by numpy
# itself, and the IR's JSON against a YAML reader's view of its YAML.

. "$(dirname "$0")/test-lib.sh"

unit="$TEST_BUILDDIR/tests/unit/unit-oracle"

test_expect_success 'unit tests of npy, oracle and the IR as JSON' '
	"$unit" >out || { cat out; false; } &&
	! grep "^not ok" out
'

test_expect_success 'the shipped samples get their verdicts' '
	"$unit" samples "$TEST_SRCDIR/rules/oracles/oracles.yaml" >out &&
	test_must_be_empty out
'

test_expect_success 'a failing sample is reported at its place' '
	cat >o.yaml <<-\EOS &&
	samples:
	  - name: wrong
	    mutant:
	      a: {outputs: {y: {values: [1.0]}}}
	      b: {outputs: {y: {values: [2.0]}}}
	    expect: {defects: []}
	EOS
	test_must_fail "$unit" samples o.yaml >out &&
	echo "o.yaml:2:5: sample '"'"'wrong'"'"': expected defects [], got [inconsistency:max-rel]" >expect &&
	test_cmp expect out
'

test_expect_success 'acceptance: one action covers an empty output too' '
	cat >o.yaml <<-\EOS &&
	acceptance: defect
	samples:
	  - name: empty
	    mutant:
	      a: {status: rejected}
	      b: {outputs: {y: {shape: [1, 0], values: []}}}
	    expect: {defects: [acceptance-disagreement:empty-output]}
	EOS
	"$unit" samples o.yaml >out &&
	test_must_be_empty out &&
	cat >bad.yaml <<-\EOS &&
	acceptance: {disagreement: defect, empty: record}
	EOS
	test_must_fail "$unit" samples bad.yaml >out &&
	grep "^bad.yaml:1:36: .acceptance.: unknown key .empty.$" out
'

test_expect_success 'float64_reference: a bad factor is named at its place' '
	cat >bad.yaml <<-\EOS &&
	float64_reference: {factor: -1, cap: 10}
	EOS
	test_must_fail "$unit" samples bad.yaml >out &&
	grep "^bad.yaml:1:29: " out &&
	cat >bad.yaml <<-\EOS &&
	float64_reference: {factor: 4, ceiling: 10}
	EOS
	test_must_fail "$unit" samples bad.yaml >out &&
	grep "unknown key .ceiling." out
'

# numpy, where the project's Python has it
if "$DLT_PYTHON" -c "import numpy" 2>/dev/null; then
	test_expect_success 'numpy-written files read back exactly' '
		"$DLT_PYTHON" - <<-\EOS &&
		import numpy as np
		a = np.array([[1.5, -2.0, 0.1], [np.nan, np.inf, -0.0]], dtype=np.float32)
		np.save("f4.npy", a)
		np.save("f8.npy", a.astype(np.float64))
		np.save("f2.npy", a.astype(np.float16))
		np.save("i8.npy", np.array([-1, 2**40], dtype=np.int64))
		np.save("b1.npy", np.array([True, False]))
		np.save("u1.npy", np.array([[255]], dtype=np.uint8))
		np.save("fo.npy", np.asfortranarray(np.arange(6.0).reshape(2, 3)))
		np.save("sc.npy", np.float64(3.25))
		np.save("be.npy", np.array([1.0], dtype=">f4"))
		np.save("ob.npy", np.array([None, 1], dtype=object), allow_pickle=True)
		np.lib.format.write_array(open("v2.npy", "wb"), np.ones(2, dtype=np.int32), version=(2, 0))
		EOS
		"$unit" npy f4.npy f8.npy f2.npy i8.npy b1.npy u1.npy fo.npy sc.npy v2.npy >out &&
		cat >expect <<-\EOS &&
		<f4 float32 [2, 3] 1.5 -2 0.10000000149011612 nan inf -0
		<f8 float64 [2, 3] 1.5 -2 0.10000000149011612 nan inf -0
		<f2 float16 [2, 3] 1.5 -2 0.0999755859375 nan inf -0
		<i8 int64 [2] -1 1099511627776
		|b1 bool [2] 1 0
		|u1 uint8 [1, 1] 255
		<f8 float64 [2, 3] 0 1 2 3 4 5
		<f8 float64 [] 3.25
		<i4 int32 [2] 1 1
		EOS
		test_cmp expect out &&
		test_must_fail "$unit" npy be.npy ob.npy >out &&
		cat >expect <<-\EOS &&
		be.npy: big-endian dtype '"'"'>f4'"'"' is not supported
		ob.npy: object arrays ('"'"'|O'"'"') are not supported
		EOS
		test_cmp expect out
	'
else
	say "skipping the numpy checks: no numpy in $DLT_PYTHON"
fi

# The JSON the runner sends the harness equals what a YAML reader makes
# of the model's YAML: the loader of the harness (PyYAML), for
# the zoo, the test models and mutants with their mutation records.
if ! "$DLT_PYTHON" -c "import yaml" >/dev/null 2>&1; then
	test_skip 'the IR as JSON equals its YAML as the harness reads it' \
	    "'$DLT_PYTHON' cannot import yaml"
else
test_expect_success 'the IR as JSON equals its YAML as the harness reads it' '
	dltriage mutate "$TEST_SRCDIR/corpus/models/lenet5-mnist.yaml" -q \
	    -o mut >/dev/null &&
	for m in "$TEST_SRCDIR"/corpus/models/*.yaml \
	    "$TEST_SRCDIR"/tests/models/*.yaml mut/*.yaml
	do
		"$unit" ir-json "$m" >"$(basename "$m" .yaml).json" 2>/dev/null &&
		"$unit" ir-yaml "$m" >"$(basename "$m" .yaml).ir.yaml" 2>/dev/null ||
		rm -f "$(basename "$m" .yaml).json"
	done &&
	PYTHONPATH="$TEST_SRCDIR/harness" "$DLT_PYTHON" - <<-\EOS
	import glob, json, sys
	from dltriage_harness import model

	def harness_yaml(path):
	    # the dictionary that the YAML loader of the harness makes
	    loader = model._loader()(open(path).read())
	    try:
	        return loader.get_single_data()
	    finally:
	        loader.dispose()

	n = bad = 0
	for j in sorted(glob.glob("*.json")):
	    y = j[:-5] + ".ir.yaml"
	    a = json.load(open(j))
	    b = harness_yaml(y)
	    n += 1
	    if a != b:
	        bad += 1
	        print("%s: differs" % j)
	if n < 40 or bad:
	    print("%d models, %d differ" % (n, bad))
	    sys.exit(1)
	EOS
'
fi

test_done
