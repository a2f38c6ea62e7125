#!/bin/sh
# t6001-zoo: the model zoo of corpus/models (issue 3): the 23 models are
# all there, every one loads and infers with "dltriage corpus check", and
# its inferred output shape and parameter count equal the published
# figures recorded under "published:" in its file (read here from the file
# itself, not from dltriage's own comparison).  One TAP comment line per
# model gives its figures.  The files survive a round trip through the
# canonical writer, and tools/zoo-gen.py (which generates them) agrees.

. "$(dirname "$0")/test-lib.sh"

zoo="$TEST_SRCDIR/corpus/models"

# The zoo of issue 3, one file each.
models='
alexnet-cifar10
conv-autoencoder
densenet121
efficientnet-b0
gru-imdb
har-cnn1d
inception-v3
lenet5-fashion-mnist
lenet5-mnist
lstm-sine
lstm-stock
mobilenet
mobilenet-v2
resnet18
resnet50
shufflenet-v2
squeezenet1.1
textcnn
transformer-encoder
unet
vgg16
vgg19
xception
'

test_expect_success 'the zoo holds exactly the 23 models, one file each' '
	for m in $models; do echo "$m.yaml"; done | sort >expect &&
	test $(wc -l <expect) -eq 23 &&
	(cd "$zoo" && ls *.yaml) | sort >actual &&
	test_cmp expect actual &&
	for m in $models; do
		grep -q "^model: $m\$" "$zoo/$m.yaml" || { echo "$m: model name"; exit 1; }
	done
'

test_expect_success 'corpus check: every model loads, infers and matches' '
	dltriage corpus check "$zoo" >out 2>err &&
	test_must_be_empty err &&
	grep "^23 models: 23 match, 0 differ, 0 without published figures, 0 with problems\$" out
'

test_expect_success 'corpus check with no path checks the same zoo' '
	dltriage corpus check >out 2>err &&
	test_must_be_empty err &&
	grep "^23 models: 23 match" out
'

# The published figures as the files record them: "NAME PARAMS COUNTS
# OUTPUT" (OUTPUT without blanks), from each file's "published:" block.
published() {
	for f in "$@"; do
		awk '
			/^model:/ { name = $2 }
			/^published:/ { p = 1; next }
			p && /^[^ #]/ { p = 0 }
			p && $1 == "params:" { params = $2 }
			p && $1 == "counts:" { counts = $2 }
			p && $1 == "output:" {
				out = $0; sub(/^ *output: */, "", out); gsub(/ /, "", out)
			}
			END { print name, params, counts, out }' "$f"
	done | sort
}

# What corpus check inferred: "NAME OK ALL TRAINABLE OUTPUT", from its
# JSON lines (python3) or, without python3, its table.
inferred() {
	# status 1 (a figure differs) still lists every model
	dltriage corpus check --format json "$zoo" >"$TEST_TMP/zoo.json"
	[ $? -le 1 ] || return 1
	if "$PYTHON3" -c 1 >/dev/null 2>&1; then
		"$PYTHON3" -c '
import json, sys
for line in open(sys.argv[1]):
    o = json.loads(line)
    out = o["outputs"][0]["shape"] if o["outputs"] else []
    print(o["model"], "true" if o["ok"] else "false", o["params"], o["trainable"],
          "[" + ",".join(str(d) for d in out) + "]")
' "$TEST_TMP/zoo.json" | sort
	else
		dltriage corpus check "$zoo" 2>/dev/null | awk '
			NR > 1 && NF >= 7 && ($NF == "ok" || $NF == "DIFFERS") {
				# name, inputs..., output [a, b, ...], params, trainable, ok|DIFFERS
				s = $0; sub(/^[^ ]+ +/, "", s)
				n = split(s, w, /  +/)
				out = w[n - 3]; gsub(/ /, "", out)
				print $1, "true", w[n - 2], w[n - 1], out
			}' | sort
	fi
}

published "$zoo"/*.yaml >"$TEST_TMP/published"
inferred >"$TEST_TMP/inferred" 2>"$TEST_TMP/inferred.err"

for m in $models; do
	pub=$(awk -v m="$m" '$1 == m' "$TEST_TMP/published")
	inf=$(awk -v m="$m" '$1 == m' "$TEST_TMP/inferred")
	set -- $pub
	p_params=$2 p_counts=$3 p_out=$4
	set -- $inf
	i_ok=$2 i_all=$3 i_tr=$4 i_out=$5
	if [ "$p_counts" = trainable ]; then i_cmp=$i_tr; else i_cmp=$i_all; fi
	say "$m: output $i_out (published $p_out), params all $i_all, trainable $i_tr; published $p_params ($p_counts)"
	test_expect_success "$m: loads, infers, output and parameter count as published" "
		test -n '$pub' && test -n '$inf' &&
		test '$i_ok' = true &&
		test -n '$p_params' && test '$i_cmp' = '$p_params' &&
		test -n '$p_out' && test '$i_out' = '$p_out'
	"
done

test_expect_success 'every model names the source of its figures' '
	for m in $models; do
		grep -q "^source: \".\{40,\}\"\$" "$zoo/$m.yaml" ||
		    { echo "$m: no source"; exit 1; }
		grep -q "^description: \"..*\"\$" "$zoo/$m.yaml" ||
		    { echo "$m: no description"; exit 1; }
	done
'

test_expect_success 'the zoo survives the canonical writer unchanged in figures' '
	mkdir canon &&
	# status 1 (a figure differs) is the business of the tests above
	{ dltriage corpus check --format json "$zoo" >json; test $? -le 1; } &&
	sed "s/\"file\":\"[^\"]*\"//" json >before &&
	{ dltriage corpus check --write-to canon "$zoo" >/dev/null; test $? -le 1; } &&
	(cd canon && ls *.yaml) | sort >written &&
	(cd "$zoo" && ls *.yaml) | sort >expect &&
	test_cmp expect written &&
	{ dltriage corpus check --format json canon >json; test $? -le 1; } &&
	sed "s/\"file\":\"[^\"]*\"//" json >after &&
	test_cmp before after
'

if "$PYTHON3" -c 1 >/dev/null 2>&1 && [ -f "$TEST_SRCDIR/tools/zoo-gen.py" ]; then
	test_expect_success 'tools/zoo-gen.py regenerates the zoo and its README unchanged' '
		mkdir gen &&
		"$PYTHON3" "$TEST_SRCDIR/tools/zoo-gen.py" --out gen &&
		"$PYTHON3" "$TEST_SRCDIR/tools/zoo-gen.py" --out gen --readme &&
		for f in "$zoo"/*.yaml "$zoo"/README.md; do
			test_cmp "$f" "gen/${f##*/}" || exit 1
		done &&
		"$PYTHON3" "$TEST_SRCDIR/tools/zoo-gen.py" --check >check &&
		! grep MISMATCH check
	'
else
	test_skip 'tools/zoo-gen.py regenerates the zoo' 'python3 is not installed'
fi

test_done
