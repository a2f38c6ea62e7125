#!/bin/sh
# t6200-mutate: dltriage mutate: determinism, every operator, aware
# mutants that pass the IR and the profiles, generic mutants that do not,
# and bad input.

. "$(dirname "$0")/test-lib.sh"

models="$TEST_SRCDIR/corpus/models"
lenet="$models/lenet5-mnist.yaml"
alexnet="$models/alexnet-cifar10.yaml"
ops="AFRM DM DT GF IN-BIG IN-DENORMAL IN-INF IN-INF-AT IN-NAN IN-NAN-AT IN-NEGZERO IN-ZERO LA LC LD LS NAI NEB NS PM PM-EDGE RA SM WS"

if [ ! -f "$lenet" ] || [ ! -f "$alexnet" ]; then
	test_skip 'mutate' 'the zoo models are not there'
	test_done
	exit 0
fi

test_expect_success 'the same seed gives byte-identical mutants' '
	dltriage mutate "$alexnet" -q -n 3 --seed 42 -o a &&
	dltriage mutate "$alexnet" -q -n 3 --seed 42 -o b &&
	ls a >la && ls b >lb && test_cmp la lb &&
	test "$(ls a | wc -l)" -ge 40 &&
	for f in a/*.yaml; do
		cmp "$f" "b/${f#a/}" || exit 1
	done
'

test_expect_success 'another seed gives other mutants' '
	dltriage mutate "$alexnet" -q -n 3 --seed 42 -o a &&
	dltriage mutate "$alexnet" -q -n 3 --seed 43 -o b &&
	! diff -r a b >/dev/null
'

test_expect_success 'a mutant does not depend on the other operators asked for' '
	dltriage mutate "$alexnet" -q -n 2 --seed 5 --ops LD -o a &&
	dltriage mutate "$alexnet" -q -n 2 --seed 5 --ops PM,LD,RA -o b &&
	cmp a/alexnet-cifar10-ld-0001.yaml b/alexnet-cifar10-ld-0001.yaml
'

for op in $ops; do
	# an IN-* operator of a model with one input has one mutant to make
	# (but one at an element has as many as the input has elements)
	case $op in
	IN-*-AT) second="test -f out/alexnet-cifar10-\$lower-0001.yaml" ;;
	IN-*)	second="! test -f out/alexnet-cifar10-\$lower-0001.yaml &&
		grep '^  $op not made 1: ' report" ;;
	*)	second="test -f out/alexnet-cifar10-\$lower-0001.yaml" ;;
	esac
	test_expect_success "operator $op makes a loadable mutant that records itself" "
		lower=\$(echo $op | tr A-Z a-z) &&
		dltriage mutate \"\$alexnet\" -n 2 --ops $op -o out >report &&
		test -f out/alexnet-cifar10-\$lower-0000.yaml &&
		$second &&
		grep '^  operator: $op\$' out/alexnet-cifar10-\$lower-0000.yaml &&
		grep '^  parent: alexnet-cifar10\$' out/alexnet-cifar10-\$lower-0000.yaml &&
		grep '^  position: ' out/alexnet-cifar10-\$lower-0000.yaml &&
		grep '^  seed: ' out/alexnet-cifar10-\$lower-0000.yaml &&
		grep '^$op ' report &&
		dltriage corpus check out >check 2>&1 || { cat check; exit 1; }
	"
done

test_expect_success 'every operator of the table is one of the operators tested' '
	dltriage mutate "$lenet" -n 1 --seed 1 -o out >report 2>/dev/null &&
	sed -n "/^operator /,\$p" report | sed 1d | awk "{ print \$1 }" | sort >got &&
	for op in $ops; do echo $op; done | sort >want &&
	test_cmp want got
'

test_expect_success 'IN-NEGZERO fills -0.0, only into floating-point inputs (as IN-DENORMAL)' '
	cat >mixed.yaml <<-\EOF &&
	model: mixed
	seed: 1
	inputs:
	  - {name: tok, shape: [1, 6], dtype: int32, range: [0, 50]}
	  - {name: x, shape: [1, 6, 8], dtype: float32}
	nodes:
	  - {name: e, op: embedding, inputs: [tok], attrs: {input_dim: 50, output_dim: 8}}
	  - {name: s, op: add, inputs: [e, x]}
	outputs: [s]
	EOF
	for seed in 1 2 3 4 5; do
		dltriage mutate mixed.yaml -q --seed $seed --ops IN-NEGZERO,IN-DENORMAL \
		    -o out$seed || exit 1
		grep "^  position: x\$" out$seed/mixed-in-negzero-0000.yaml &&
		grep "^  params: {fill: negzero}\$" out$seed/mixed-in-negzero-0000.yaml &&
		grep "^    fill: negzero\$" out$seed/mixed-in-negzero-0000.yaml &&
		grep "^  position: x\$" out$seed/mixed-in-denormal-0000.yaml || exit 1
	done &&
	test_must_fail --code=1 dltriage mutate "$models/textcnn.yaml" \
	    --ops IN-NEGZERO,IN-DENORMAL -o int >report 2>err &&
	grep "^IN-NEGZERO  *not applicable: IN-NEGZERO: no floating-point input in .textcnn." report &&
	grep "^IN-DENORMAL  *not applicable: IN-DENORMAL: no floating-point input in .textcnn." report &&
	test ! -f int/textcnn-in-negzero-0000.yaml
'

test_expect_success 'weight-level operators are recorded as weight mutations' '
	dltriage mutate "$alexnet" -q --ops GF,NAI,NEB,NS,WS -o out &&
	for op in gf nai neb ns ws; do
		grep "weight_mutations:" out/alexnet-cifar10-$op-0000.yaml || exit 1
	done &&
	grep -E "op: NS, .*neurons: \[[0-9]+, [0-9]+\]" out/alexnet-cifar10-ns-0000.yaml
'

test_expect_success 'aware mutants of several models all infer' '
	for m in lenet5-mnist alexnet-cifar10 textcnn lstm-sine transformer-encoder \
	    conv-autoencoder har-cnn1d gru-imdb; do
		dltriage mutate "$models/$m.yaml" -q -n 2 --seed 9 -o out 2>err ||
			{ cat err; exit 1; }
	done &&
	dltriage corpus check out >check 2>&1 || { cat check; exit 1; }
'

test_expect_success 'aware mutants pass the profiles (re-checked)' '
	dltriage mutate "$alexnet" -q -n 3 --seed 3 -o out &&
	if dltriage help corpus check 2>&1 | grep -e "--frameworks" >/dev/null; then
		dltriage corpus check --frameworks pytorch,tensorflow,jax,keras out
	else
		# re-mutating an aware mutant with an operator that changes
		# nothing structural checks it against every profile again
		for f in out/*.yaml; do
			dltriage mutate "$f" -q --ops IN-ZERO -o again 2>err ||
				{ echo "$f"; cat err; exit 1; }
		done
	fi
'

test_expect_success 'generic mode makes some mutants that aware mode rejects' '
	dltriage mutate "$alexnet" -q -n 4 --seed 11 --mode generic \
	    --ops DM,LA,LC,PM,SM -o gen &&
	test_must_fail dltriage corpus check gen >check 2>&1 &&
	grep "alexnet-cifar10-" check
'

test_expect_success 'aware mode reports repairs and rejections' '
	dltriage mutate "$alexnet" -n 4 --seed 11 --ops DM,PM,SM \
	    --report rep.json -o out >report &&
	grep "^operator" report &&
	"$PYTHON3" -c "
import json, sys
r = json.load(open(\"rep.json\"))
ops = {o[\"operator\"]: o for o in r[\"operators\"]}
assert set(ops) == {\"DM\", \"PM\", \"SM\"}, ops
assert all(o[\"made\"] + o[\"duplicates\"] == 4 for o in ops.values()), ops
assert ops[\"DM\"][\"made\"] >= 3, ops
assert ops[\"DM\"][\"repaired\"] >= 1, ops
assert len(r[\"mutants\"]) == sum(o[\"made\"] for o in ops.values())
assert r[\"mode\"] == \"aware\"
"
'

test_expect_success 'a release can be named' '
	dltriage mutate "$lenet" -q --ops DT -n 4 --frameworks pytorch@1.13 -o out
'

test_expect_success 'an operator that cannot apply says why' '
	test_must_fail --code=1 dltriage mutate "$lenet" --ops LS -o out 2>err &&
	grep "LS: no two layers with matching input and output shapes in .lenet5-mnist." err
'

test_expect_success 'an operator that cannot apply only warns under --ops all' '
	dltriage mutate "$lenet" -o out 2>err &&
	grep "warning: LS: " err
'

test_expect_success 'an unknown operator is named' '
	test_must_fail --code=2 dltriage mutate "$lenet" --ops LD,XX -o out 2>err &&
	grep "unknown operator .XX." err
'

test_expect_success 'an unknown framework is named' '
	test_must_fail --code=2 dltriage mutate "$lenet" --frameworks pytorch,mxnet \
	    -o out 2>err &&
	grep "unknown framework .mxnet." err &&
	grep "pytorch" err
'

test_expect_success 'an unknown mode and a missing -o are usage errors' '
	test_must_fail --code=2 dltriage mutate "$lenet" --mode random -o out &&
	test_must_fail --code=2 dltriage mutate "$lenet" &&
	test_must_fail --code=2 dltriage mutate -o out &&
	test_must_fail --code=2 dltriage mutate "$lenet" -n 0 -o out &&
	test_must_fail --code=2 dltriage mutate "$lenet" --seed x -o out
'

test_expect_success 'a model with errors is reported with file:line:col' '
	cat >bad.yaml <<-\EOF &&
	model: bad
	seed: 1
	inputs:
	  - name: x
	    shape: [1, 4, 4, 3]
	    dtype: float32
	nodes:
	  - name: c
	    op: conv2d
	    inputs: [x]
	    attrs: {filters: 2, kernel: [7, 7]}
	outputs: [c]
	EOF
	test_must_fail --code=5 dltriage mutate bad.yaml -o out 2>err &&
	grep "^bad.yaml:[0-9]*:[0-9]*: " err &&
	test ! -d out
'

test_expect_success 'a missing model is reported' '
	test_must_fail --code=5 dltriage mutate nosuch.yaml -o out 2>err &&
	grep "nosuch.yaml" err
'

test_expect_success 'a profile with errors is reported with file:line:col' '
	mkdir prof &&
	cat >prof/pytorch.yaml <<-\EOF &&
	framework: pytorch
	releases: ["2.13.0"]
	ops:
	  conv2d:
	    checks:
	      - check: kernel_fits
	        source: "x"
	      - check: max
	        source: "x"
	  nosuchop: {}
	EOF
	test_must_fail --code=3 dltriage mutate "$lenet" --profiles prof \
	    --frameworks pytorch -o out 2>err &&
	grep "prof/pytorch.yaml:6:16: unknown check .kernel_fits." err &&
	grep "prof/pytorch.yaml:8:9: check .max. needs attr, value" err &&
	grep "prof/pytorch.yaml:10:3: unknown op .nosuchop." err
'

test_expect_success 'profile problems are printed like rule and model problems' '
	mkdir prof &&
	printf "framework: pytorch\nreleases: [\"2.13.0\"]\nbogus: 1\n" \
	    >prof/pytorch.yaml &&
	test_must_fail --code=3 dltriage mutate "$lenet" --profiles prof \
	    --frameworks pytorch -o out 2>err &&
	grep "^prof/pytorch.yaml:3:1: unknown key .bogus." err &&
	! grep "^dltriage: prof/pytorch.yaml" err
'

test_expect_success 'PM-EDGE: never repaired (an edge repaired is no edge), redrawn' '
	dltriage mutate "$alexnet" -n 6 --seed 5 --ops PM-EDGE \
	    --report rep.json -o edge >report &&
	"$PYTHON3" -c "
import json
r = json.load(open(\"rep.json\"))
o = r[\"operators\"][0]
assert o[\"operator\"] == \"PM-EDGE\", o
assert o[\"repaired\"] == 0, o
assert o[\"made\"] >= 4, o
" &&
	dltriage corpus check edge >check 2>&1 || { cat check; exit 1; }
'

test_expect_success 'probe mode: only mutants a profile rejects, each saying what it breaks' '
	# GF cannot probe and PM-EDGE finds nothing LeNet-5 can express
	# that a profile rejects: some mutants are not made (status 1)
	test_must_fail --code=1 dltriage mutate "$lenet" -n 3 --seed 4 \
	    --probe-validation --ops DT,PM-EDGE,GF \
	    --frameworks pytorch@1.13,tensorflow -o probe >report &&
	grep "(probe mode, seed 4, for pytorch@1.13, tensorflow)" report &&
	grep "^GF  *not applicable: GF: changes values only" report &&
	ls probe/*.yaml >list && test -s list &&
	for f in probe/*.yaml; do
		grep "violates: \"pytorch dtypes at " "$f" || exit 1
	done &&
	test_must_fail --code=1 dltriage mutate "$lenet" -q -n 3 --seed 4 \
	    --mode probe --ops DT,PM-EDGE,GF \
	    --frameworks pytorch@1.13,tensorflow -o probe2 &&
	for f in probe/*.yaml; do
		cmp "$f" "probe2/${f#probe/}" || exit 1
	done &&
	for f in probe/*.yaml; do
		test_must_fail dltriage mutate "$f" -q --ops IN-ZERO \
		    --frameworks pytorch@1.13 -o again 2>/dev/null || exit 1
	done
'

test_expect_success 'a profile constraint makes aware mode repair or redraw' '
	mkdir prof &&
	{
		echo "framework: pytorch"
		echo "releases: [\"1.0\"]"
		echo "ops:"
		"$DLTRIAGE" corpus check --ops 2>/dev/null |
		    awk "{ print \$1 }" | grep -E "^[a-z][a-z0-9_]+\$" | sort -u |
		    grep -v "^dropout\$" | sed "s/\$/: {}/; s/^/  /"
		echo "  dropout:"
		echo "    checks:"
		echo "      - {check: max, attr: rate, value: 0.3, source: \"test\"}"
	} >prof/pytorch.yaml &&
	dltriage mutate "$alexnet" -n 6 --seed 2 --ops PM,LA --profiles prof \
	    --frameworks pytorch --report rep.json -o out >report 2>err &&
	! grep -E "rate: 0\.[4-9]" out/*.yaml
'

test_expect_success 'the shipped profiles load' '
	for f in "$TEST_SRCDIR"/rules/frameworks/*.yaml; do
		fw=$(basename "$f" .yaml)
		dltriage mutate "$lenet" -q --ops IN-ZERO --frameworks "$fw" -o out ||
			exit 1
	done
'


test_expect_success 'every alias of a framework name is accepted' '
	dltriage mutate "$lenet" -n 2 --ops GF,DT,SM --frameworks pytorch@2.1,tf \
	    --report canon.json -o out >canon.out 2>canon.err &&
	dltriage mutate "$lenet" -n 2 --ops GF,DT,SM --frameworks Torch@2.1,tensorflow \
	    --report alias.json -o out >alias.out 2>alias.err &&
	test_cmp canon.json alias.json &&
	test_cmp canon.out alias.out &&
	test_cmp canon.err alias.err &&
	grep "for pytorch@2.1, tensorflow)" alias.out
'

test_expect_success 'a mistyped framework gets a did-you-mean' '
	test_must_fail --code=2 dltriage mutate "$lenet" --frameworks pytorh \
	    -o out 2>err &&
	grep "unknown framework .pytorh. (did you mean .pytorch.?" err &&
	grep "profiles: jax, keras, mindspore, onnxruntime, pytorch, tensorflow" err &&
	test_must_fail --code=2 dltriage mutate "$lenet" --frameworks paddlepaddle \
	    -o out 2>err &&
	grep "no profile for framework .paddle." err
'

test_expect_success 'a profile must name a known framework' '
	mkdir -p prof2 &&
	sed "s/^framework: pytorch/framework: torch/" \
	    "$TEST_SRCDIR/rules/frameworks/pytorch.yaml" >prof2/pytorch.yaml &&
	test_must_fail --code=3 dltriage mutate "$lenet" --profiles prof2 \
	    --frameworks pytorch -o out 2>err &&
	grep "prof2/pytorch.yaml:[0-9]*:12: unknown framework .torch. (did you mean .pytorch..)" err
'

if command -v "$PYTHON3" >/dev/null 2>&1; then
	test_expect_success 'the report is valid JSON' '
		dltriage mutate "$lenet" -n 2 --seed 3 --report rep.json \
		    -o out -q &&
		"$PYTHON3" -m json.tool rep.json >pretty &&
		grep "\"operators\": \[" pretty &&
		dltriage mutate "$lenet" -n 1 --report - -o out -q >rep2.json &&
		"$PYTHON3" -m json.tool rep2.json >/dev/null
	'
else
	test_skip 'the report is valid JSON' 'python3 is not installed'
fi

test_done
