#!/bin/sh
# t7200-run: dltriage run end to end.  The campaign files of
# tests/campaigns (the sample of dltriage-campaign(5) among them) plan;
# bad campaign files and command lines are refused with their place; a
# small real campaign runs on PyTorch in each isolation mode, and its store
# holds every execution with no harness error; a campaign killed with
# SIGKILL at several points resumes to the same executions, none twice;
# SIGINT stops it with status 8; a framework that cannot be imported is
# said once and the campaign goes on.
#
# The real runs need PyTorch in $DLT_PYTHON (the project's .venv); without
# it they are skipped.

. "$(dirname "$0")/test-lib.sh"

camp="$TEST_SRCDIR/tests/campaigns"

test_expect_success 'every campaign file of tests/campaigns and bench/campaigns plans' '
	for f in "$camp"/*.yaml "$TEST_SRCDIR"/bench/campaigns/*.yaml; do
		dltriage run "$f" --dry-run >out || return 1
		grep "^campaign [a-z-]*: [0-9]* executions" out || return 1
	done
'

test_expect_success 'the sample of dltriage-campaign(5) is tests/campaigns/nightly.yaml' '
	sed -n "/^\.Bd -literal/,/^\.Ed/p" "$TEST_SRCDIR/man/dltriage-campaign.5" |
	    sed "1d;\$d" >sample &&
	test_cmp "$camp/nightly.yaml" sample
'

test_expect_success 'the plan: seeds and mutants on every framework' '
	dltriage run --models lenet5-mnist --ops LD,DT -n 2 \
	    --frameworks pytorch,tf --dry-run >out &&
	grep "^campaign: 10 executions (4 mutants and 1 seed model on 2 frameworks)" out
'

test_expect_success 'a shard plans its part of the mutants and every seed' '
	dltriage run --models lenet5-mnist --ops LD,DT,GF,NEB -n 1 --shard 1/2 \
	    --frameworks pytorch --dry-run >one &&
	dltriage run --models lenet5-mnist --ops LD,DT,GF,NEB -n 1 --shard 2/2 \
	    --frameworks pytorch --dry-run >two &&
	grep "(2 mutants and 1 seed model" one &&
	grep "(2 mutants and 1 seed model" two
'

test_expect_success 'a bad campaign file is refused with its place' '
	cat >bad.yaml <<-\EOF &&
	models: lenet5-mnist
	opps: LD
	frameworks:
	  - pytorch
	  - {name: pytorh}
	  - {name: jax, pyhton: /usr/bin/python3}
	jobs: many
	EOF
	test_must_fail --code=5 dltriage run bad.yaml --dry-run 2>err &&
	grep "^bad.yaml:2:1: unknown key .opps. (did you mean .ops.?)" err &&
	grep "^bad.yaml:5:5: unknown framework .pytorh. (did you mean .pytorch.?)" err &&
	grep "^bad.yaml:6:17: unknown key .pyhton. (did you mean .python.?)" err &&
	grep "^bad.yaml:7:7: bad value .many. for .jobs." err
'

test_expect_success 'a framework listed twice needs a label' '
	test_must_fail --code=2 dltriage run --models lenet5-mnist \
	    --frameworks pytorch,torch --dry-run 2>err &&
	grep "listed twice" err
'

test_expect_success 'bad command lines are usage errors, and create no store' '
	test_must_fail --code=2 dltriage run --models lenet5-mnist 2>err &&
	grep "needs a store" err &&
	test_must_fail --code=2 dltriage run --isolation frk --db x.db 2>err &&
	grep "did you mean .fork." err &&
	test_must_fail --code=2 dltriage run --frameworks pytorh --db x.db 2>err &&
	test_must_fail --code=2 dltriage run a.yaml b.yaml --db x.db 2>err &&
	test_must_fail --code=2 dltriage run --models lenet5-mnist --shard 3/2 \
	    --db x.db 2>err &&
	test_must_fail --code=2 dltriage run --models lenet5-mnist --budget soon \
	    --db x.db 2>err &&
	test ! -e x.db
'

test_expect_success 'execution modes: the harness and dltriage know the same' '
	PYTHONPATH="$TEST_SRCDIR/harness" "$DLT_PYTHON" -m dltriage_harness.names --modes >modes &&
	test -s modes &&
	while read -r t; do
		dltriage run --models lenet5-mnist --frameworks "$t" --dry-run >out ||
			return 1
	done <modes &&
	test_must_fail --code=2 dltriage run --models lenet5-mnist \
	    --frameworks pytorch+xla --db z.db 2>err &&
	grep "unknown execution mode .xla. of pytorch" err &&
	test_must_fail --code=2 dltriage run --models lenet5-mnist \
	    --frameworks tensorflow+jit --db z.db 2>err &&
	grep "unknown execution mode .jit. of tensorflow (xla, mt, batch, twice, grad)" err &&
	test ! -e z.db
'

test_expect_success 'an unknown operator is named as given, with no summary' '
	test_must_fail --code=5 dltriage run --models lenet5-mnist --ops GF,seed \
	    --db ops.db >out 2>err &&
	grep "unknown operator .seed. (see" err &&
	! grep "^campaign" out
'

test_expect_success 'IN-NEGZERO is an operator of run, in any case and in a campaign file' '
	dltriage run --models lenet5-mnist --ops IN-NEGZERO,in-negzero,IN-DENORMAL \
	    -n 1 --frameworks pytorch --dry-run >out &&
	grep "^campaign: 3 executions (2 mutants and 1 seed model on 1 framework)" out &&
	cat >nz.yaml <<-\EOF &&
	models: [lenet5-mnist]
	ops: [IN-NEGZERO, IN-ZERO]
	frameworks: [pytorch]
	schedule: yield
	EOF
	dltriage run nz.yaml --dry-run >out &&
	grep "^campaign: 3 executions (2 mutants and 1 seed model on 1 framework)" out
'

test_expect_success 'an unknown model is named' '
	test_must_fail --code=5 dltriage run --models lenet9 --db y.db 2>err &&
	grep "no model .lenet9." err
'

if ! "$DLT_PYTHON" -c "import torch, numpy, yaml" >/dev/null 2>&1; then
	test_skip 'real campaigns' "'$DLT_PYTHON' cannot import torch, numpy and yaml"
	test_done
	exit 0
fi

# executions of a store, sorted: model, ordinal, framework, status
executions() {
	sqlite3 "$1" "select mo.name, m.ordinal, e.framework, e.status
	    from executions e join mutants m on m.id = e.mutant_id
	    join models mo on mo.id = m.model_id order by 1, 2, 3"
}

printf '%s\n' "models: lenet5-mnist" "ops: [LD, DT, GF, NEB, WS, SM]" \
    "frameworks: [pytorch]" "isolation: worker" >"$TEST_TMP/kill.yaml"

for iso in spawn fork worker; do
	test_expect_success "a small campaign runs in $iso mode" '
		dltriage run "$camp/small.yaml" --isolation '$iso' \
		    --db "$TEST_TMP/'$iso'.db" >out 2>err &&
		grep "^campaign 1: 5 executions planned, 0 done before, 5 run now" out &&
		test "$(sqlite3 "$TEST_TMP/'$iso'.db" "select count(*) from executions")" = 5 &&
		test "$(sqlite3 "$TEST_TMP/'$iso'.db" "select count(*) from executions
		    where status = '\''harness'\''")" = 0 &&
		test "$(sqlite3 "$TEST_TMP/'$iso'.db" "select count(*) from executions
		    where isolation = '\''$iso'\''")" = 5 &&
		test "$(sqlite3 "$TEST_TMP/'$iso'.db" "select count(*) from mutants")" = 5
	'
done

test_expect_success 'the isolation modes agree on every execution' '
	executions "$TEST_TMP/spawn.db" >spawn &&
	executions "$TEST_TMP/fork.db" >fork &&
	executions "$TEST_TMP/worker.db" >worker &&
	test_cmp spawn fork &&
	test_cmp spawn worker
'

test_expect_success '--threads: checked, part of the identity, given to the harness' '
	test_must_fail --code=2 dltriage run --models lenet5-mnist --threads -1 \
	    --db t.db 2>err &&
	grep "threads" err &&
	test ! -e t.db &&
	dltriage run "$camp/small.yaml" --threads 2 --isolation worker \
	    --db threads.db >out 2>err &&
	grep "^campaign 1: 5 executions planned, 0 done before, 5 run now" out &&
	sqlite3 threads.db "select config_json from campaigns" | grep "\"threads\":2}" &&
	test "$(sqlite3 threads.db "select count(*) from executions
	    where result_json like '\''%\"threads\": 2%'\''")" = 5 &&
	test "$(sqlite3 "$TEST_TMP/worker.db" "select count(*) from executions
	    where result_json like '\''%\"threads\": 1%'\''")" = 5
'

if "$DLT_PYTHON" -c "import jax" >/dev/null 2>&1; then
	test_expect_success 'jax and jax+eager: one model two ways, compared' '
		dltriage run --models lenet5-mnist --ops DT,GF --frameworks jax,jax+eager \
		    --isolation worker --db modes.db >out 2>err &&
		grep "^campaign 1: 6 executions planned" out &&
		test "$(sqlite3 modes.db "select count(*) from executions
		    where status = '\''ok'\'' and framework = '\''jax+eager'\''")" = 3 &&
		test "$(sqlite3 modes.db "select count(*) from comparisons
		    where framework_b = '\''jax+eager'\'' or framework_a = '\''jax+eager'\''")" -ge 3
	'
else
	test_skip 'jax and jax+eager' "'$DLT_PYTHON' cannot import jax"
fi

test_expect_success 'pytorch+batch, +mt and +twice: the same outputs as one row, one thread, one run' '
	dltriage run --models lenet5-mnist --ops GF \
	    --frameworks pytorch,pytorch+batch,pytorch+mt,pytorch+twice \
	    --isolation worker --timeout 300s --db batch.db >out 2>err &&
	grep "^campaign 1: 8 executions planned" out &&
	grep "^  failures: 0" out &&
	test "$(sqlite3 batch.db "select count(*) from executions
	    where status = '\''ok'\''")" = 8 &&
	sqlite3 batch.db "select result_json from executions where framework = '\''pytorch+mt'\''" |
	    grep "\"threads\": 4" &&
	! sqlite3 batch.db "select result_json from executions" | grep nondeterministic &&
	test "$(sqlite3 batch.db "select count(*) from comparisons
	    where verdict = '\''same'\'' and framework_a = '\''pytorch'\''
	    and framework_b = '\''pytorch+twice'\''")" = 2 &&
	test "$(sqlite3 batch.db "select count(*) from comparisons
	    where verdict in ('\''same'\'', '\''close'\'')")" = 12
'

# (a relative path to the interpreter exists only where it has a slash)
case "$DLT_PYTHON" in
*/*)
	test_expect_success 'a budget of N executions runs N, with a relative interpreter path, in spawn mode' '
		rel=$("$DLT_PYTHON" -c "import os, sys; print(os.path.relpath(sys.argv[1]))" "$DLT_PYTHON") &&
		case "$rel" in */*) ;; *) rel=./$rel ;; esac &&
		DLT_PYTHON=$rel dltriage run --models lenet5-mnist --ops GF --frameworks pytorch \
		    --isolation spawn --budget 1 --db budget.db >out 2>err &&
		grep "^campaign 1: 2 executions planned, 0 done before, 1 run now" out &&
		grep "^  executions: ok 1$" out &&
		grep "^budget reached" out
	'
	;;
esac

test_expect_success 'a float32 model: the first plain target gives the float64 reference, not compared' '
	dltriage run --models lenet5-mnist --ops DT,GF --frameworks pytorch+twice,pytorch \
	    --isolation worker --db ref.db >out 2>err &&
	grep "^campaign 1: 6 executions planned" out &&
	grep "^  failures: 0" out &&
	sqlite3 ref.db "select m.operator, e.framework, e.result_json like '\''%ref64:%'\''
	    from executions e join mutants m on m.id = e.mutant_id order by 1, 2" >got &&
	cat >expect <<-\EOS &&
	DT|pytorch|0
	DT|pytorch+twice|0
	GF|pytorch|1
	GF|pytorch+twice|0
	seed|pytorch|1
	seed|pytorch+twice|0
	EOS
	test_cmp expect got &&
	sqlite3 ref.db "select result_json from executions where framework = '\''pytorch'\''
	    and result_json like '\''%ref64:%'\''" | grep "\"reference\": {" &&
	test "$(sqlite3 ref.db "select count(*) from comparisons where output like '\''ref64:%'\''")" = 0 &&
	! grep -r "inconsistency:missing" ref.db.d/*/*/*/result.json
'

# Opt-in (DLT_TEST_COMPILE=1): in two clean-clone runs of the whole
# suite the compiled execution was rejected with TorchInductor's
# BackendCompilerFailed, which the same test alone, under make check,
# never gave; until that is understood it does not gate CI.
if [ "${DLT_TEST_COMPILE:-0}" = 1 ] &&
    "$DLT_PYTHON" -c "import torch, sys; sys.exit(not hasattr(torch, \"compile\"))" >/dev/null 2>&1; then
	# the smallest model: TorchInductor compiles each kernel with the C++
	# compiler, minutes on a loaded machine
	test_expect_success 'pytorch+compile: the seed model compiled by TorchInductor agrees with eager' '
		dltriage run --models "$TEST_SRCDIR/bench/models/tiny.yaml" --ops GF --budget 2 \
		    --timeout 600s --frameworks pytorch,pytorch+compile --isolation worker \
		    --db compile.db >out 2>err &&
		sqlite3 compile.db "select framework, status, why from executions" &&
		test "$(sqlite3 compile.db "select count(*) from executions
		    where status = '\''ok'\''")" = 2 &&
		test "$(sqlite3 compile.db "select count(*) from comparisons
		    where framework_b = '\''pytorch+compile'\''
		    and verdict in ('\''same'\'', '\''close'\'')")" = 1
	'
else
	test_skip 'pytorch+compile' "DLT_TEST_COMPILE is not 1, or '$DLT_PYTHON' has no torch.compile"
fi
if /usr/bin/python3 -c "import torch, sys; sys.exit(hasattr(torch, \"compile\"))" >/dev/null 2>&1; then
	test_expect_success 'a release without torch.compile: its +compile target is unavailable, said once' '
		test_must_fail --code=5 dltriage run --models lenet5-mnist --ops GF -n 1 \
		    --frameworks "old=pytorch+compile:/usr/bin/python3" --isolation worker \
		    --db nocompile.db >out 2>err &&
		test "$(grep -c "has no torch.compile" err)" = 1
	'
fi

grad_targets=pytorch,pytorch+grad
if "$DLT_PYTHON" -c "import jax" >/dev/null 2>&1; then
	grad_targets=$grad_targets,jax+grad
fi
test_expect_success "+grad: the inputs' gradients, compared among $grad_targets" '
	dltriage run --models lenet5-mnist --ops GF,IN-BIG --frameworks "$grad_targets" \
	    --isolation worker --db grad.db >out 2>err &&
	grep "^  failures: 0" out &&
	test "$(sqlite3 grad.db "select count(*) from executions
	    where status <> '\''ok'\''")" = 0 &&
	dir=$(sqlite3 grad.db "select dir from executions
	    where framework = '\''pytorch+grad'\'' limit 1") &&
	test -f "$dir/outputs/grad:x.npy" &&
	test "$(sqlite3 grad.db "select count(*) from comparisons
	    where output like '\''grad:%'\'' and (framework_a = '\''pytorch'\''
	    or framework_b = '\''pytorch'\'')")" = 0 &&
	case $grad_targets in
	*jax+grad) test "$(sqlite3 grad.db "select count(*) from comparisons
	    where output = '\''grad:x'\'' and verdict in ('\''same'\'', '\''close'\'')")" -ge 2 ;;
	esac &&
	test -f "$dir/outputs/step:softmax.npy" &&
	sqlite3 grad.db "select result_json from executions where framework = '\''pytorch+grad'\''" |
	    grep "\"training_step\": {" &&
	sqlite3 grad.db "select result_json from executions where framework = '\''pytorch+grad'\''" |
	    grep "ref64:grad:x" &&
	sqlite3 grad.db "select result_json from executions where framework = '\''pytorch+grad'\''" |
	    grep "ref64:step:softmax" &&
	! sqlite3 grad.db "select result_json from executions where framework = '\''jax+grad'\''" |
	    grep "ref64:" &&
	test "$(sqlite3 grad.db "select count(*) from comparisons
	    where output like '\''step:%'\'' and (framework_a = '\''pytorch'\''
	    or framework_b = '\''pytorch'\'')")" = 0 &&
	case $grad_targets in
	*jax+grad) test "$(sqlite3 grad.db "select count(*) from comparisons
	    where output = '\''step:softmax'\'' and verdict in ('\''same'\'', '\''close'\'')")" -ge 2 ;;
	esac
'

test_expect_success '+grad: the optimizer step moves the outputs, and the harness puts the weights back in order' '
	PYTHONPATH="$TEST_SRCDIR/harness" "$DLT_PYTHON" - <<-\EOS
	import numpy as np
	from dltriage_harness.run import import_adapter
	from dltriage_harness import fill, model
	from dltriage_harness.execute import optimizer_step
	import os
	m = model.load(os.environ["TEST_SRCDIR"] + "/corpus/models/lenet5-mnist.yaml")
	a = import_adapter("pytorch+grad")
	xs = fill.model_inputs(m)
	slots, grads = a.weight_grads(m, xs, fill.loss_weights)
	assert len(slots) == 10 and all(s.shape == g.shape for s, g in zip(slots, grads))
	assert all(np.abs(g).max() > 0 for g in grads)
	same = a.run_slots(m, xs, slots)["softmax"]
	plain = a.run(m, xs)["softmax"]
	assert np.array_equal(same, plain), "the weights put back change the outputs"
	moved = optimizer_step(a, m, xs, slots, grads)["step:softmax"]
	assert np.abs(moved - plain).max() > 1e-3, "the step did not move the outputs"
	try:
	    a.run_slots(m, xs, slots[:-1])
	except RuntimeError as e:
	    assert "weights" in str(e) or "weight" in str(e)
	else:
	    raise AssertionError("a missing weight was not noticed")
	EOS
'

test_expect_success '+grad: a gradient that finite differences contradict is an inconsistency' '
	DLTRIAGE_TEST_GRAD_SCALE=1.5 dltriage run --models lenet5-mnist --ops GF -n 1 \
	    --frameworks pytorch+grad --isolation worker --db fd.db >out 2>err &&
	test "$(sqlite3 fd.db "select count(*) from failures where class =
	    '\''inconsistency'\'' and kind = '\''gradient'\'' and signature =
	    '\''gradient: pytorch+grad: the gradient contradicts finite differences'\''")" = 2 &&
	sqlite3 fd.db "select result_json from executions" | grep "\"gradient_check\"" &&
	sqlite3 fd.db "select excerpt from failures" | grep "finite differences" &&
	sqlite3 fd.db "select excerpt from failures" | grep "(weights)"
'

test_expect_success 'a SIGSEGV under the memory cap that runs without it is oom, not a crash' '
	DLTRIAGE_TEST_FAULT=segv-if-capped dltriage run --models lenet5-mnist \
	    --ops GF -n 1 --frameworks pytorch --isolation worker --memory 8G \
	    --db cap.db >out 2>err &&
	grep "^  executions: oom 2$" out &&
	grep "^  crashes under the memory cap run again without it: 2, of which 2 ran" out &&
	test "$(sqlite3 cap.db "select count(*) from executions where status =
	    '\''oom'\'' and signal = 11 and why like
	    '\''%without the memory cap it ran to its end (ok, in %'\''")" = 2 &&
	test "$(sqlite3 cap.db "select count(*) from failures where class =
	    '\''oom'\''")" = 2 &&
	test "$(sqlite3 cap.db "select count(*) from failures where class =
	    '\''crash'\''")" = 0
'

test_expect_success 'a SIGSEGV without the cap too stays a crash, said so' '
	DLTRIAGE_TEST_FAULT=segv dltriage run --models lenet5-mnist \
	    --ops GF -n 1 --frameworks pytorch --isolation spawn --memory 8G \
	    --db segv.db >out 2>err &&
	grep "^  executions: crashed 2$" out &&
	grep "^  crashes under the memory cap run again without it: 2, of which 0 ran" out &&
	test "$(sqlite3 segv.db "select count(*) from executions where
	    why like '\''%without the memory cap: it crashed again (killed by signal 11%'\''")" = 2 &&
	test "$(sqlite3 segv.db "select count(*) from failures where class =
	    '\''crash'\''")" = 2
'

test_expect_success 'with no memory cap a crash is not run again' '
	DLTRIAGE_TEST_FAULT=segv dltriage run --models lenet5-mnist \
	    --ops GF -n 1 --frameworks pytorch --isolation spawn --memory 0 \
	    --db nocap.db >out 2>err &&
	grep "^  executions: crashed 2$" out &&
	! grep "run again without it" out
'

if "$DLT_PYTHON" -c "import keras, tensorflow, jax" >/dev/null 2>&1; then
	test_expect_success 'keras-*+int8: the model Keras quantized, compared among the +int8 targets' '
		dltriage run --models lenet5-mnist --ops GF --frameworks \
		    keras-tensorflow,keras-tensorflow+int8,keras-jax+int8 \
		    --isolation worker --db int8.db >out 2>err &&
		grep "^  failures: 0" out &&
		test "$(sqlite3 int8.db "select count(*) from executions
		    where status = '\''ok'\''")" = 6 &&
		test "$(sqlite3 int8.db "select count(*) from comparisons
		    where output = '\''int8:softmax'\''
		    and framework_a = '\''keras-tensorflow+int8'\''
		    and framework_b = '\''keras-jax+int8'\''
		    and verdict in ('\''same'\'', '\''close'\'')")" = 2 &&
		test "$(sqlite3 int8.db "select count(*) from comparisons
		    where output like '\''int8:%'\'' and framework_a = '\''keras-tensorflow'\''")" = 0 &&
		dir=$(sqlite3 int8.db "select dir from executions
		    where framework = '\''keras-jax+int8'\'' limit 1") &&
		PYTHONPATH="$TEST_SRCDIR/harness" "$DLT_PYTHON" -c "
import numpy as np, sys
q = np.load(sys.argv[1] + \"/outputs/int8:softmax.npy\")
f = np.load(sys.argv[1] + \"/outputs/softmax.npy\")
assert 0 < np.abs(q - f).max() < 0.1, np.abs(q - f).max()
" "$dir" &&
		test_must_fail --code=2 dltriage run --models lenet5-mnist \
		    --frameworks tensorflow+int8 --db z.db 2>err &&
		grep "unknown execution mode .int8. of tensorflow" err &&
		test_must_fail --code=2 dltriage run --models lenet5-mnist \
		    --frameworks keras-jax+xla --db z.db 2>err &&
		grep "unknown execution mode .xla. of keras-jax (int8)" err
	'
else
	test_skip 'keras-*+int8' "'$DLT_PYTHON' cannot import keras, tensorflow and jax"
fi

test_expect_success 'the harness finds two runs that differ bit for bit' '
	PYTHONPATH="$TEST_SRCDIR/harness" "$DLT_PYTHON" -c "
import numpy as np
from dltriage_harness.execute import nondeterministic as nd
a = {\"y\": np.array([1.0, np.nan, 3.0], np.float32)}
assert nd(a, {\"y\": a[\"y\"].copy()}) == {}
b = {\"y\": np.array([1.0, np.nan, np.nextafter(np.float32(3), np.float32(4))], np.float32)}
r = nd(a, b)
assert r[\"y\"][\"count\"] == 1 and 0 < r[\"y\"][\"max_abs\"] < 1e-6, r
assert nd(a, {\"y\": np.zeros(2, np.float32)})[\"y\"][\"max_abs\"] is None
"
'

test_expect_success '--schedule yield runs the same executions in another order' '
	test_must_fail --code=2 dltriage run --models lenet5-mnist --schedule best \
	    --db s.db 2>err &&
	grep "did you mean .yield.\|plan, yield" err &&
	dltriage run "$camp/small.yaml" --schedule yield --isolation worker \
	    --db yield.db >out 2>err &&
	grep "^campaign 1: 5 executions planned, 0 done before, 5 run now" out &&
	executions yield.db >yield &&
	executions "$TEST_TMP/worker.db" >worker &&
	test_cmp worker yield
'

test_expect_success '--schedule yield spreads over the models; plan exhausts the first' '
	for sched in plan yield; do
		dltriage run --models lenet5-mnist,textcnn --ops GF,DT,IN-ZERO -n 1 \
		    --schedule $sched --budget 4 --isolation worker \
		    --db sched-$sched.db >out 2>err || return 1
		sqlite3 sched-$sched.db "select count(distinct m.model_id)
		    from executions e join mutants m on m.id = e.mutant_id
		    where m.operator <> '\''seed'\''" >models-$sched || return 1
	done &&
	test "$(cat models-plan)" = 1 &&
	test "$(cat models-yield)" = 2
'

test_expect_success 'evidence and run directories are kept' '
	test "$(sqlite3 "$TEST_TMP/spawn.db" "select count(*) from evidence
	    where kind = '\''result'\''")" = 5 &&
	ls "$TEST_TMP/spawn.db.d/lenet5-mnist/lenet5-mnist/pytorch/result.json" &&
	ls "$TEST_TMP/spawn.db.d/lenet5-mnist/lenet5-mnist/pytorch/outputs"
'

test_expect_success 'running the same campaign again runs nothing' '
	dltriage run "$camp/small.yaml" --db "$TEST_TMP/spawn.db" >out 2>err &&
	grep "^campaign 1: 5 executions planned, 5 done before, 0 run now" out &&
	test "$(sqlite3 "$TEST_TMP/spawn.db" "select count(*) from executions")" = 5
'

test_expect_success 'a campaign killed with SIGKILL resumes to the same executions' '
	dltriage run "$TEST_TMP/kill.yaml" --db whole.db >/dev/null 2>&1 &&
	executions whole.db >"$TEST_TMP/want" &&
	for delay in 1 2 3 4; do
		"$DLTRIAGE" run "$TEST_TMP/kill.yaml" --db part.db >/dev/null 2>&1 &
		pid=$!
		sleep $delay
		kill -9 $pid 2>/dev/null
		wait $pid 2>/dev/null
		sqlite3 part.db "select count(*) from executions" >>counts || return 1
	done &&
	dltriage run "$TEST_TMP/kill.yaml" --db part.db >out 2>&1 &&
	executions part.db >got &&
	test_cmp "$TEST_TMP/want" got &&
	test "$(sqlite3 part.db "select count(*) from (select mutant_id,
	    framework from executions group by 1, 2 having count(*) > 1)")" = 0
'

test_expect_success 'SIGINT stops after the executions in flight: status 8, resumable' '
	# -n 4: 25 executions, so that the signal comes while some are left
	"$DLTRIAGE" run "$TEST_TMP/kill.yaml" -n 4 --db int.db >out 2>err &
	pid=$!
	for i in $(seq 40); do
		n=$(sqlite3 int.db "select count(*) from executions" 2>/dev/null)
		[ "${n:-0}" -ge 1 ] && break
		sleep 0.5
	done &&
	{ kill -INT $pid 2>/dev/null || :; } &&
	{ wait $pid; echo $? >status; } &&
	{ test "$(cat status)" = 8 || test "$(cat status)" = 0; } &&
	if test "$(cat status)" = 8; then
		grep "run the same command again to resume" out
	fi &&
	dltriage run "$TEST_TMP/kill.yaml" -n 4 --db int.db >out 2>&1 &&
	planned=$(sed -n "s/^campaign 1: \([0-9]*\) executions planned.*/\1/p" out) &&
	test "$planned" -ge 20 &&
	test "$(sqlite3 int.db "select count(*) from executions")" = "$planned" &&
	test "$(sqlite3 int.db "select count(*) from (select mutant_id,
	    framework from executions group by 1, 2 having count(*) > 1)")" = 0
'

test_expect_success 'a second run in the same directory is refused (status 4); the first goes on' '
	"$DLTRIAGE" run "$TEST_TMP/kill.yaml" --db lock.db >out1 2>err1 &
	pid=$!
	for i in $(seq 60); do
		test -s lock.db.d/.lock && break
		sleep 0.25
	done &&
	test_must_fail --code=4 dltriage run "$TEST_TMP/kill.yaml" \
	    --db lock.db >out2 2>err2 &&
	grep "lock.db.d. is in use by another dltriage run (pid $pid)" err2 &&
	wait $pid &&
	executions lock.db >got &&
	test_cmp "$TEST_TMP/want" got &&
	dltriage run "$TEST_TMP/kill.yaml" --db lock.db >out3 2>&1 &&
	grep "^campaign 1: [0-9]* executions planned, \([0-9]*\) done before, 0 run now" out3
'

# The validation probe.  "old" says it is PyTorch 1.13, whose profile
# has no float16 convolution, and is the current PyTorch, which runs it:
# a missing validation by old's profile.  pytorch, judged by the release
# it reports (2.x), is bound to no such check and has no finding.
test_expect_success '--probe-validation: what runs against its profile is missing validation' '
	dltriage run --models lenet5-mnist --probe-validation --ops DT,GF -n 2 \
	    --frameworks "pytorch,old=pytorch@1.13:$DLT_PYTHON" \
	    --isolation fork --db probe.db >out 2>err &&
	test "$(sqlite3 probe.db "select mode from campaigns")" = probe &&
	test "$(sqlite3 probe.db "select count(*) from mutants
	    where operator = '\''GF'\''")" = 0 &&
	test "$(sqlite3 probe.db "select count(*) from mutants
	    where params_json like '\''%\"violates\":\"pytorch dtypes at %'\''")" = 2 &&
	sqlite3 probe.db "select e.framework, e.status, f.class, f.kind
	    from failures f join executions e on e.id = f.execution_id" |
	    sort -u >got &&
	echo "old|ok|inconsistency|missing-validation" >want &&
	test_cmp want got &&
	grep "missing-validation: old ran a model its profile rejects: dtypes of " out &&
	! grep acceptance-disagreement out &&
	id=$(sqlite3 probe.db "select min(id) from failures
	    where kind = '\''missing-validation'\''") &&
	dltriage reproduce "failure:$id" --db probe.db >rep 2>&1 &&
	grep "^reproduced$" rep
'

test_expect_success 'each execution has its run context: the profile, and the other targets' '
	f=$(find "$TEST_TMP" -name run-context -path "*/batch.db.d/*" -path "*pytorch?mt*" | xargs grep -l "^run.operator=GF$" | head -n 1) &&
	test -n "$f" &&
	grep -x "run.mode=aware" "$f" &&
	grep -x "run.profile=legal" "$f" &&
	grep -x "run.status=ok" "$f" &&
	grep -x "run.operator=GF" "$f" &&
	grep -x "run.others=accepted" "$f" &&
	test "$(grep -c "^run.other=pytorch[+a-z]*:ok$" "$f")" = 3 &&
	f=$(find "$TEST_TMP" -name run-context -path "*/probe.db.d/*" | xargs grep -l "run.profile=violates" | head -n 1) &&
	test -n "$f" &&
	grep -x "run.mode=probe" "$f"
'

test_expect_success 'a framework that cannot be imported is said once; the rest runs' '
	dltriage run --models lenet5-mnist --ops LD \
	    --frameworks pytorch,mindspore --isolation spawn --db ms.db >out 2>err &&
	test "$(grep -c "framework .mindspore. cannot be used" err)" = 1 &&
	test "$(sqlite3 ms.db "select count(*) from executions
	    where framework = '\''pytorch'\''")" = 2 &&
	test "$(sqlite3 ms.db "select count(*) from executions
	    where framework = '\''mindspore'\''")" = 0
'

test_done
