#!/bin/sh
# t2003-classify-rundirs: "dltriage classify" on what "dltriage run"
# writes.  tests/rundirs/run.db.d is a small run directory tree made by
# hand from a real run (trimmed), MODEL/MUTANT/TARGET:
#
#   lenet-dm-0000/jax           rejected; stderr empty, the traceback is
#                               in result.json only (with a character
#                               beyond the BMP: a JSON surrogate pair)
#   lenet-dm-0000/pytorch       harness-error (numpy, called by the harness)
#   lenet-dm-0000/tensorflow    rejected; the traceback on stderr
#   lenet-dm-0001/keras-jax     ok, with outputs/softmax.npy
#   lenet-dm-0001/pytorch-1.13  crash without a record: stderr holds a
#                               warning only, backtrace.txt the SIGSEGV
#   lenet-dm-0001/tensorflow    crash without a record: stderr holds the
#                               CHECK failure, backtrace.txt gdb's view
#   lenet-dm-0002/keras-jax     rejected, framework "keras-jax", error
#                               raised in jax
#   lenet-dm-0002/pytorch       illegal
#   probe-tensorflow.log        a server log beside them
#
# A fake core is added to the crashes at test time.

. "$(dirname "$0")/test-lib.sh"

if ! "$PYTHON3" -c 1 >/dev/null 2>&1; then
	test_skip 'classify on run directories' 'python3 is not installed'
	test_done
	exit 0
fi

cat >"$TEST_TMP/jl.py" <<'EOF'
import json, sys
path, fields = sys.argv[1], sys.argv[2].split(",")
for l in open(path, 'rb').read().decode('utf-8').splitlines():
    o = json.loads(l)
    print(" ".join(str(o[f]) for f in fields))
EOF
# fields FILE F1,F2,...: those fields of every JSON Lines object, a line each
fields() { "$PYTHON3" "$TEST_TMP/jl.py" "$1" "$2"; }

# a copy of the tree, with a core beside each backtrace
setup() {
	cp -R "$TEST_SRCDIR/tests/rundirs/run.db.d" . &&
	for d in run.db.d/lenet/lenet-dm-0001/tensorflow \
	    run.db.d/lenet/lenet-dm-0001/pytorch-1.13; do
		printf '\177ELF\002\001\001\000\000\000\000\000\000\000\000\000\004\000' >"$d/core" ||
			return 1
	done
}

# the failures of the tree: source, class, framework
cat >"$TEST_TMP/expect-tree" <<'EOF'
run.db.d/lenet/lenet-dm-0000/jax/result.json false-positive jax
run.db.d/lenet/lenet-dm-0000/tensorflow/stderr false-positive tensorflow
run.db.d/lenet/lenet-dm-0001/pytorch-1.13/backtrace.txt crash pytorch
run.db.d/lenet/lenet-dm-0001/tensorflow/stderr crash tensorflow
run.db.d/lenet/lenet-dm-0002/keras-jax/stderr false-positive keras
EOF

test_expect_success 'a run directory tree: every execution, each as one unit' '
	setup &&
	dltriage classify --format json run.db.d >out 2>err &&
	test_must_be_empty err &&
	fields out source,class,framework >actual &&
	test_cmp "$TEST_TMP/expect-tree" actual
'

test_expect_success 'the summary counts executions and harness errors' '
	setup &&
	dltriage classify run.db.d >out 2>err &&
	test_must_be_empty err &&
	sed -n "/ files read: /,/ executions: /p" out >actual &&
	cat >expect <<-\EOF &&
	15 files read: 5 failures in 5 unique defects
	  crash 2, false-positive 3
	8 executions: ok 1, rejected 3, no record 2; 2 harness errors, not read
	EOF
	test_cmp expect actual
'

test_expect_success 'harness errors are no failures, even with --fail-on any' '
	setup &&
	dltriage classify --format json --fail-on any \
	    run.db.d/lenet/lenet-dm-0000/pytorch \
	    run.db.d/lenet/lenet-dm-0002/pytorch >out 2>err &&
	test_must_be_empty out &&
	test_must_be_empty err &&
	dltriage classify run.db.d/lenet/lenet-dm-0000/pytorch \
	    run.db.d/lenet/lenet-dm-0002/pytorch >out &&
	grep "^0 files read: 0 failures" out &&
	grep "^2 executions: 2 harness errors, not read$" out
'

test_expect_success 'the same harness error outside a run directory is a log' '
	setup &&
	cp run.db.d/lenet/lenet-dm-0000/pytorch/stderr harness.log &&
	dltriage classify --format json harness.log >out &&
	test -s out
'

test_expect_success 'no binary warning for outputs and cores' '
	setup &&
	dltriage classify run.db.d >out 2>err &&
	test_must_be_empty err &&
	! grep -e "\.npy" -e "/core" out &&
	! grep "binary skipped" out
'

test_expect_success 'outside a run directory, a .npy is still a binary file' '
	setup &&
	cp run.db.d/lenet/lenet-dm-0001/keras-jax/outputs/softmax.npy . &&
	dltriage classify softmax.npy >out 2>err &&
	grep "binary file" err
'

test_expect_success 'the framework is the record'"'"'s, not the one the log suggests' '
	setup &&
	d=run.db.d/lenet/lenet-dm-0002/keras-jax &&
	dltriage classify --format json $d >out &&
	fields out framework >actual &&
	echo keras >expect &&
	test_cmp expect actual &&
	cp $d/stderr alone.log &&
	dltriage classify --format json alone.log >out &&
	fields out framework >actual &&
	echo jax >expect &&
	test_cmp expect actual
'

test_expect_success 'without a record, the framework of the target label' '
	setup &&
	dltriage classify --format json run.db.d/lenet/lenet-dm-0001/pytorch-1.13 >out &&
	fields out framework,kind >actual &&
	echo "pytorch segfault" >expect &&
	test_cmp expect actual
'

test_expect_success '--framework still overrides the record' '
	setup &&
	dltriage classify --format json --framework tensorflow \
	    run.db.d/lenet/lenet-dm-0002/keras-jax >out &&
	fields out framework >actual &&
	echo tensorflow >expect &&
	test_cmp expect actual
'

test_expect_success 'a backtrace is read only when the streams explain nothing' '
	setup &&
	dltriage classify --format json run.db.d/lenet/lenet-dm-0001 >out &&
	fields out source,kind >actual &&
	cat >expect <<-\EOF &&
	run.db.d/lenet/lenet-dm-0001/pytorch-1.13/backtrace.txt segfault
	run.db.d/lenet/lenet-dm-0001/tensorflow/stderr check-failure
	EOF
	test_cmp expect actual
'

test_expect_success 'a rejected record: its traceback only when stderr is empty' '
	setup &&
	dltriage classify --format json run.db.d/lenet/lenet-dm-0000/tensorflow >out &&
	fields out source >actual &&
	echo run.db.d/lenet/lenet-dm-0000/tensorflow/stderr >expect &&
	test_cmp expect actual &&
	rm run.db.d/lenet/lenet-dm-0000/tensorflow/stderr &&
	dltriage classify --format json run.db.d/lenet/lenet-dm-0000/tensorflow >out &&
	fields out source,class,framework >actual &&
	echo "run.db.d/lenet/lenet-dm-0000/tensorflow/result.json false-positive tensorflow" >expect &&
	test_cmp expect actual
'

test_expect_success 'a result.json alone is read as a record' '
	setup &&
	dltriage classify --format json run.db.d/lenet/lenet-dm-0000/jax/result.json >out 2>err &&
	test_must_be_empty err &&
	fields out source,class,framework >actual &&
	echo "run.db.d/lenet/lenet-dm-0000/jax/result.json false-positive jax" >expect &&
	test_cmp expect actual &&
	grep "got 5 and 4 $(printf "\\360\\237\\230\\200")" out &&
	cp run.db.d/lenet/lenet-dm-0000/pytorch/result.json harness-error.json &&
	dltriage classify harness-error.json >out 2>err &&
	test_must_be_empty err &&
	grep "^0 files read: 0 failures" out &&
	grep "^1 execution: 1 harness error, not read$" out
'

test_expect_success 'a .json file that is no record is read as a log' '
	printf "{\"status\": \"ok\", \"log\": \"Segmentation fault (core dumped)\"}\n" >notes.json &&
	dltriage classify --format json notes.json >out 2>err &&
	test_must_be_empty err &&
	fields out class >actual &&
	echo crash >expect &&
	test_cmp expect actual
'

test_expect_success 'plain logs: no execution line in the summary' '
	dltriage classify "$TEST_SRCDIR/corpus/logs/tf-check-failure.log" >out &&
	! grep execution out
'

test_expect_success 'an unreadable record in an execution directory: status 5' '
	setup &&
	d=run.db.d/lenet/lenet-dm-0000/tensorflow &&
	echo "{\"protocol\": 1, \"status\": " >$d/result.json &&
	test_must_fail --code=5 dltriage classify --format json $d >out 2>err &&
	grep "^dltriage: cannot read result record .*result.json" err &&
	fields out source >actual &&
	echo $d/stderr >expect &&
	test_cmp expect actual
'

test_expect_success 'the store: a second classify of the tree adds nothing' '
	setup &&
	dltriage classify --db t.db run.db.d >out1 &&
	dltriage classify --db t.db run.db.d >out2 &&
	grep "^store .*5 failures" out1 &&
	tail -n 1 out1 >expect &&
	tail -n 1 out2 >actual &&
	test_cmp expect actual
'

# The run context "dltriage run" writes beside an execution's logs: the
# refinements of rules/run.yaml decide as they did in the run, and the
# JSON names the items they relied on.
test_expect_success 'a run-context file: the refinements decide, and JSON says so' '
	setup &&
	d=run.db.d/lenet/lenet-dm-0000/tensorflow &&
	dltriage classify --format json $d >before &&
	fields before class,kind >actual &&
	echo "false-positive invalid-argument" >expect &&
	test_cmp expect actual &&
	! grep run_context before &&
	printf "run.mode=aware\nrun.profile=legal\nrun.status=rejected\nrun.operator=DM\nrun.others=accepted\nrun.other=pytorch:ok\n" >$d/run-context &&
	dltriage classify --format json $d >after &&
	fields after class,kind,rule,source >actual &&
	echo "inconsistency refused-model-others-ran run-refused-model-others-ran $d/stderr" >expect &&
	test_cmp expect actual &&
	fields after run_context >actual &&
	echo "run.profile=legal run.status=rejected run.others=accepted" >expect &&
	test_cmp expect actual &&
	printf "run.profile=violates\nrun.status=rejected\n" >$d/run-context &&
	dltriage classify --format json $d >violates &&
	fields violates class,kind >actual &&
	echo "false-positive validated" >expect &&
	test_cmp expect actual
'

test_expect_success 'a bad run-context file is named, and the logs are classified without it' '
	setup &&
	d=run.db.d/lenet/lenet-dm-0000/tensorflow &&
	printf "run.profile=violates\nrun.colour=blue\n" >$d/run-context &&
	dltriage classify --format json $d >out 2>err &&
	grep "^dltriage: warning: .*run-context: unknown run context field .run.colour." err &&
	fields out class,kind >actual &&
	echo "false-positive invalid-argument" >expect &&
	test_cmp expect actual
'

test_done
