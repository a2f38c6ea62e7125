#!/bin/sh
# t6201-mutate-accept: aware mutants of small zoo models are accepted by
# the real frameworks: the harness builds and runs at least 99% of them
# on every framework that can be imported.
#
# The Python is $DLT_PYTHON, else the project's .venv, else python3
# (tests/test-lib.sh).
# Set DLT_ACCEPT_MODELS to other zoo models (space-separated names) and
# DLT_ACCEPT_N to more mutants per operator for a longer run.

. "$(dirname "$0")/test-lib.sh"

py=$DLT_PYTHON
models=${DLT_ACCEPT_MODELS:-"lenet5-mnist textcnn lstm-sine"}
n=${DLT_ACCEPT_N:-1}
harness="$TEST_SRCDIR/harness/dltriage-harness"

frameworks=
# the canonical target names (harness/dltriage_harness/names.py)
for fw in pytorch tensorflow jax keras-tensorflow keras-jax keras-pytorch; do
	mod=${fw#keras-}
	[ "$mod" = pytorch ] && mod=torch
	case $fw in
	keras-*) mods="keras, $mod" ;;
	*) mods=$mod ;;
	esac
	if KERAS_BACKEND=$mod "$py" -c "import $mods" >/dev/null 2>&1; then
		frameworks="$frameworks $fw"
	fi
done

if [ -z "$frameworks" ]; then
	test_skip 'aware mutants are accepted' \
	    "no framework can be imported by '$py'"
	test_done
	exit 0
fi
if [ ! -x "$harness" ]; then
	test_skip 'aware mutants are accepted' 'harness/dltriage-harness is missing'
	test_done
	exit 0
fi
say "frameworks:$frameworks (python: $py)"

mdir="$TEST_TMP/mutants"
test_expect_success 'aware mutants of the sample models are made' '
	for m in $models; do
		dltriage mutate "$TEST_SRCDIR/corpus/models/$m.yaml" -q -n "$n" \
		    --seed 6201 -o "$mdir" 2>err || { cat err; exit 1; }
	done &&
	test "$(ls "$mdir" | wc -l)" -ge 30
'

# accepted FRAMEWORK: run every mutant in one batch; at least 99% must be
# built and run
accepted() {
	DLT_PYTHON=$py "$harness" --framework "$1" --out "$TEST_TMP/run-$1" \
	    "$mdir"/*.yaml >"$TEST_TMP/run-$1.log" 2>&1
	"$PYTHON3" - "$TEST_TMP/run-$1/summary.jsonl" "$mdir" "$1" <<-\EOF
	import json, os, sys
	recs = {}
	for line in open(sys.argv[1]):
	    r = json.loads(line)
	    assert r["framework"] == sys.argv[3], r
	    recs[os.path.basename(r["file"])] = r
	files = sorted(f for f in os.listdir(sys.argv[2]) if f.endswith(".yaml"))
	bad = [f for f in files if recs.get(f, {}).get("status") != "ok"]
	for f in bad:
	    r = recs.get(f, {})
	    print("not accepted: %s: %s" % (f, (r.get("message") or r.get("status")
	          or "no result (the batch died)")[:300]))
	ok = len(files) - len(bad)
	print("%d of %d accepted (%.1f%%)" % (ok, len(files), 100.0 * ok / len(files)))
	sys.exit(0 if ok * 100 >= 99 * len(files) else 1)
	EOF
}

for fw in $frameworks; do
	test_expect_success "at least 99% of aware mutants run on $fw" "accepted $fw"
done

test_done
