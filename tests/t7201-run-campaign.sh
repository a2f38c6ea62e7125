#!/bin/sh
# t7201-run-campaign: the campaign CI runs.  Two seed models, every
# operator, on every framework that can be imported: PyTorch 2.13,
# TensorFlow and JAX from $DLT_PYTHON (the project's .venv) and Debian's
# PyTorch 1.13 through /usr/bin/python3.  The store must hold every
# planned execution; aware mutants give no harness error; no harness
# error is counted as a framework failure, in generic mode either; the
# failure classes are the vocabulary's; a campaign killed with SIGKILL
# resumes to the same executions.

. "$(dirname "$0")/test-lib.sh"

targets=
for fw in torch tensorflow jax; do
	if "$DLT_PYTHON" -c "import $fw, numpy, yaml" >/dev/null 2>&1; then
		targets="$targets${targets:+,}$fw"
	fi
done
if [ -x /usr/bin/python3 ] &&
    /usr/bin/python3 -c "import torch, numpy, yaml" >/dev/null 2>&1; then
	targets="$targets${targets:+,}pytorch-1.13=pytorch@1.13:/usr/bin/python3"
fi
if [ -z "$targets" ]; then
	test_skip 'the CI campaign' 'no framework can be imported'
	test_done
	exit 0
fi
say "frameworks: $targets"

count() {
	sqlite3 "$1" "$2"
}

test_expect_success 'aware: every planned execution is in the store' '
	dltriage run --models lenet5-mnist,textcnn --frameworks "$targets" \
	    -j 2 --db "$TEST_TMP/aware.db" >out 2>err &&
	planned=$(sed -n "s/^campaign 1: \([0-9]*\) executions planned.*/\1/p" out) &&
	test "$planned" -gt 0 &&
	test "$(count "$TEST_TMP/aware.db" "select count(*) from executions")" = "$planned" &&
	grep "unique defects, worst first\|no failure found" out
'

test_expect_success 'aware: no harness error' '
	test "$(count "$TEST_TMP/aware.db" "select count(*) from executions
	    where status = '\''harness'\''")" = 0
'

test_expect_success 'aware: every framework ran the seed models' '
	count "$TEST_TMP/aware.db" "select e.framework from executions e
	    join mutants m on m.id = e.mutant_id where m.ordinal = 0
	    and e.status = '\''ok'\'' group by 1 having count(*) = 2" >ran &&
	n=$(echo "$targets" | tr , "\n" | wc -l) &&
	test "$(wc -l <ran)" -eq "$n"
'

test_expect_success 'generic: no harness error or illegal model is a framework failure' '
	dltriage run --models lenet5-mnist,textcnn --mode generic \
	    --frameworks "$targets" -j 2 --db "$TEST_TMP/generic.db" >out 2>err &&
	test "$(count "$TEST_TMP/generic.db" "select count(*) from failures f
	    join executions e on e.id = f.execution_id
	    where e.status in ('\''harness'\'', '\''illegal'\'')")" = 0 &&
	test "$(count "$TEST_TMP/generic.db" "select count(*) from executions
	    where status in ('\''rejected'\'', '\''illegal'\'')")" -gt 0
'

test_expect_success 'failure classes are those of the vocabulary' '
	count "$TEST_TMP/generic.db" "select distinct class from failures" >classes &&
	! grep -v "^\(crash\|nan\|inconsistency\|false-positive\|timeout\|oom\|unknown\)\$" classes
'

test_expect_success 'every execution but ok says why it ended as it did' '
	test "$(count "$TEST_TMP/generic.db" "select count(*) from executions
	    where status <> '\''ok'\'' and coalesce(why, '\'''\'') = '\'''\''")" = 0 &&
	test "$(count "$TEST_TMP/generic.db" "select count(*) from executions
	    where status = '\''illegal'\'' and why not like '\''illegal: %'\''")" = 0
'

test_expect_success 'a rejection is classified; a clean run has no failure' '
	test "$(count "$TEST_TMP/generic.db" "select count(*) from executions e
	    where e.status = '\''rejected'\'' and not exists (select 1 from
	    failures f where f.execution_id = e.id)")" = 0 &&
	test "$(count "$TEST_TMP/generic.db" "select count(*) from failures f
	    join executions e on e.id = f.execution_id
	    where e.status = '\''ok'\''")" = 0
'

test_expect_success 'killed with SIGKILL twice, the campaign resumes to the same executions' '
	count "$TEST_TMP/aware.db" "select m.ordinal, mo.name, e.framework, e.status
	    from executions e join mutants m on m.id = e.mutant_id
	    join models mo on mo.id = m.model_id order by 1, 2, 3" >want &&
	for delay in 3 6; do
		"$DLTRIAGE" run --models lenet5-mnist,textcnn --frameworks "$targets" \
		    -j 2 --db again.db >/dev/null 2>&1 &
		pid=$!
		sleep $delay
		kill -9 $pid 2>/dev/null
		wait $pid 2>/dev/null
	done
	dltriage run --models lenet5-mnist,textcnn --frameworks "$targets" \
	    -j 2 --db again.db >out 2>&1 &&
	count again.db "select m.ordinal, mo.name, e.framework, e.status
	    from executions e join mutants m on m.id = e.mutant_id
	    join models mo on mo.id = m.model_id order by 1, 2, 3" >got &&
	test_cmp want got
'

test_expect_success 'the closing list respects triage decisions' '
	db="$TEST_TMP/generic.db" &&
	n=$(count "$db" "select count(distinct f.bucket) from failures f join mutants m on m.id = f.mutant_id") &&
	if [ "$n" -ge 2 ]; then
		first=$(count "$db" "select f.bucket from failures f join buckets b on b.id = f.bucket where b.class != '\''false-positive'\'' limit 1") &&
		other=$(count "$db" "select bucket from failures where bucket != '\''$first'\'' limit 1") &&
		dltriage triage --db "$db" "$first" --status false-positive &&
		dltriage triage --db "$db" "$other" --status duplicate --duplicate-of "$first" &&
		dltriage run --models lenet5-mnist,textcnn --mode generic \
		    --frameworks "$targets" -j 2 --db "$db" >out 2>err &&
		sed -n "/^unique defects, worst first:/,\$p" out >list &&
		grep "^$first .* false-positive " list &&
		! grep "^$other " list &&
		grep "marked duplicates of others, left out" out
	elif [ "$n" -eq 1 ]; then
		b=$(count "$db" "select bucket from failures limit 1") &&
		dltriage triage --db "$db" "$b" --status false-positive &&
		dltriage run --models lenet5-mnist,textcnn --mode generic \
		    --frameworks "$targets" -j 2 --db "$db" >out 2>err &&
		grep "^$b .* false-positive " out
	fi
'

test_done
