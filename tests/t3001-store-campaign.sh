#!/bin/sh
# t3001: the campaign store (src/store-campaign.h), through the C unit
# program tests/unit/unit-store.c: campaigns, models, mutants and
# executions with their evidence, failures and comparisons; resume and
# idempotence; one transaction per execution, also under kill -9; and the
# migration of version 1 stores.  The checks inside the files need the
# sqlite3 command-line tool.
. "$(dirname "$0")/test-lib.sh"

unit="$TEST_BUILDDIR/tests/unit/unit-store"
if [ ! -x "$unit" ]; then
	echo "1..1"
	echo "not ok 1 - $unit is not built"
	exit 1
fi
if ! command -v sqlite3 >/dev/null 2>&1; then
	test_skip 'campaign store' 'sqlite3 command-line tool not installed'
	test_done
	exit 0
fi

# q FILE SQL: one query, waiting out a writer's lock.
q() {
	sqlite3 -cmd ".timeout 5000" "$1" "$2"
}

# tables FILE: the row count of every table of a campaign, one line.
tables() {
	q "$1" "SELECT (SELECT count(*) FROM campaigns),
	    (SELECT count(*) FROM models), (SELECT count(*) FROM mutants),
	    (SELECT count(*) FROM executions), (SELECT count(*) FROM evidence),
	    (SELECT count(*) FROM comparisons), (SELECT count(*) FROM files),
	    (SELECT count(*) FROM failures), (SELECT count(*) FROM buckets),
	    (SELECT sum(count) FROM buckets)"
}

# consistent FILE: what must hold in a store at any moment, even after
# kill -9: every execution whole, every file complete, bucket counts right.
consistent() {
	test "$(q "$1" "PRAGMA integrity_check")" = ok &&
	test -z "$(q "$1" "PRAGMA foreign_key_check")" &&
	test "$(q "$1" "SELECT count(*) FROM executions e WHERE
	    (SELECT count(*) FROM evidence v WHERE v.execution_id = e.id) != 2")" = 0 &&
	test "$(q "$1" "SELECT count(*) FROM executions e WHERE NOT EXISTS
	    (SELECT 1 FROM files f WHERE f.path LIKE 'run:%/' || e.framework ||
	    '/stderr' AND f.id IN (SELECT file_id FROM failures
	    WHERE execution_id = e.id) OR e.status NOT IN ('crashed', 'rejected'))")" = 0 &&
	test "$(q "$1" "SELECT count(*) FROM files WHERE NOT complete")" = 0 &&
	test "$(q "$1" "SELECT count(*) FROM buckets b WHERE count !=
	    (SELECT count(*) FROM failures f WHERE f.bucket = b.id)")" = 0
}

test_expect_success 'the unit tests of the campaign store pass' '
	"$unit" test . >out 2>err
	rc=$?
	cat out err &&
	test $rc -eq 0 &&
	! grep "^not ok" out &&
	grep "^1\.\.[0-9]" out
'

test_expect_success 'a recorded execution is whole in the store' '
	"$unit" test . >/dev/null 2>&1 &&
	echo 6 >expect &&
	q unit.db "PRAGMA user_version" >actual &&
	test_cmp expect actual &&
	cat >expect <<-\EOF &&
	pytorch|crashed|11|1||
	jax|harness||0|unsupported|unsupported: no such op
	EOF
	q unit.db "SELECT e.framework, e.status, e.signal,
	    (SELECT count(*) FROM failures f WHERE f.execution_id = e.id
	    AND f.mutant_id = e.mutant_id), e.harness_status, e.why
	    FROM executions e ORDER BY e.id" >actual &&
	test_cmp expect actual &&
	cat >expect <<-\EOF &&
	run:00c0ffee00c0ffee/lenet@0000000000000001/0/pytorch/stderr|1
	EOF
	q unit.db "SELECT path, complete FROM files" >actual &&
	test_cmp expect actual &&
	echo "1|1" >expect &&
	q unit.db "SELECT count(*), sum(count) FROM buckets" >actual &&
	test_cmp expect actual
'

test_expect_success 'evidence is capped, and keeps its bytes' '
	"$unit" test . >/dev/null 2>&1 &&
	cat >expect <<-\EOF &&
	stderr|5|0|
	stdout|1|1|
	backtrace|13|0|core.1
	EOF
	q unit.db "SELECT kind, CASE WHEN kind = '\''stdout'\''
	    THEN length(CAST(content AS BLOB)) BETWEEN 60000 AND 65536
	    ELSE length(CAST(content AS BLOB)) END, truncated,
	    coalesce(path, '\'''\'') FROM evidence ORDER BY id" >actual &&
	test_cmp expect actual &&
	q unit.db "SELECT content FROM evidence WHERE kind = '\''stdout'\''" >out &&
	grep "^\[\.\.\. [0-9]* bytes cut \.\.\.\]$" out &&
	head -1 out | grep "^line of stdout" &&
	sed "/^\$/d" out | tail -1 | grep "^line of stdout"
'

test_expect_success 'a campaign run in one go is consistent' '
	"$unit" run c.db 0 1 >out &&
	echo "recorded 36 skipped 0" >expect &&
	test_cmp expect out &&
	consistent c.db &&
	echo "1|2|12|36|72|12|48|22|8|22" >expect &&
	tables c.db >actual &&
	test_cmp expect actual &&
	echo "0|1" >expect &&
	q c.db "SELECT shard_index, shard_count FROM campaigns
	    WHERE finished_at IS NOT NULL" >actual &&
	test_cmp expect actual
'

test_expect_success 'resuming a finished campaign records nothing' '
	"$unit" run c.db 0 1 >/dev/null &&
	tables c.db >before &&
	"$unit" run c.db 0 1 >out &&
	echo "recorded 0 skipped 36" >expect &&
	test_cmp expect out &&
	tables c.db >after &&
	test_cmp before after
'

test_expect_success 'kill -9 during a campaign loses only what was in flight' '
	"$unit" run whole.db 0 1 >/dev/null &&
	tables whole.db >expect &&
	"$unit" run k.db 0 1 30000 >/dev/null 2>&1 &
	pid=$! &&
	n=0 &&
	while :; do
		done=$(q k.db "SELECT count(*) FROM executions" 2>/dev/null) &&
		test "${done:-0}" -ge 8 && break
		n=$((n + 1))
		if [ $n -gt 400 ]; then
			echo "the run never recorded 8 executions"
			kill -9 $pid
			exit 1
		fi
		sleep 0.02
	done &&
	kill -9 $pid &&
	{ wait $pid; true; } &&
	consistent k.db &&
	set -- $(q k.db "SELECT count(*) FROM executions") &&
	test "$1" -ge 8 && test "$1" -lt 36 &&
	before=$1 &&
	"$unit" run k.db 0 1 >out &&
	echo "recorded $((36 - before)) skipped $before" >expected_out &&
	test_cmp expected_out out &&
	consistent k.db &&
	tables k.db >actual &&
	test_cmp expect actual
'

# v1rows FILE: the rows that classify wrote into the version 1 store.
v1rows() {
	q "$1" "SELECT id, path, size, content_hash, complete FROM files
	    WHERE path NOT LIKE 'run:%' ORDER BY id;
	    SELECT id, file_id, line_start, line_end, class, bucket, signature,
	    length(excerpt) FROM failures WHERE file_id IN (SELECT id FROM files
	    WHERE path NOT LIKE 'run:%') ORDER BY id;
	    SELECT id, signature, class, count FROM buckets WHERE id IN
	    (SELECT bucket FROM failures WHERE file_id IN (SELECT id FROM files
	    WHERE path NOT LIKE 'run:%')) ORDER BY id"
}

test_expect_success 'a version 1 store migrates to version 6 and keeps its failures' '
	sqlite3 v1.db <"$TEST_SRCDIR/tests/stores/v1.sql" &&
	echo 1 >expect &&
	q v1.db "PRAGMA user_version" >actual &&
	test_cmp expect actual &&
	v1rows v1.db >expect &&
	test "$(wc -l <expect)" -ge 7 &&
	"$unit" open v1.db &&
	v1rows v1.db >actual &&
	test_cmp expect actual &&
	echo 6 >expect &&
	q v1.db "PRAGMA user_version" >actual &&
	test_cmp expect actual &&
	q v1.db "SELECT value FROM meta WHERE key = '\''migrated_by'\''" >actual &&
	grep "^dltriage [0-9]" actual &&
	consistent v1.db &&
	echo "1|2|12|36|72|12|$((48 + 3))|$((22 + 2))" >expect &&
	tables v1.db | cut -d"|" -f1-8 >actual &&
	test_cmp expect actual
'

test_expect_success 'classify --db migrates a version 1 store too' '
	sqlite3 v1.db <"$TEST_SRCDIR/tests/stores/v1.sql" &&
	dltriage classify --db v1.db "$TEST_SRCDIR/corpus/logs/clean.log" >/dev/null &&
	echo 6 >expect &&
	q v1.db "PRAGMA user_version" >actual &&
	test_cmp expect actual &&
	test -z "$(q v1.db "PRAGMA foreign_key_check")"
'

test_expect_success 'a version 1 store whose unused tables hold rows is refused' '
	sqlite3 v1.db <"$TEST_SRCDIR/tests/stores/v1.sql" &&
	q v1.db "INSERT INTO models (name, content_hash, added_at)
	    VALUES ('\''m'\'', '\''00'\'', '\''now'\'');
	    INSERT INTO mutants (model_id, operator, mode, seed, ir_hash,
	    status, created_at) VALUES (1, '\''LD'\'', '\''aware'\'', 1,
	    '\''00'\'', '\''emitted'\'', '\''now'\'')" &&
	cp v1.db before.db &&
	test_must_fail --code=4 dltriage classify --db v1.db \
	    "$TEST_SRCDIR/corpus/logs/clean.log" >out 2>err &&
	grep "^dltriage: cannot migrate store .v1\.db. to schema version 2: it holds rows that version 2 cannot keep$" err &&
	test_must_be_empty out &&
	echo 1 >expect &&
	q v1.db "PRAGMA user_version" >actual &&
	test_cmp expect actual &&
	test_must_fail "$unit" open v1.db 2>err &&
	grep "cannot migrate" err
'

test_expect_success 'a version 2 store migrates to version 6 and keeps its executions, and gains a why' '
	sqlite3 v2.db <"$TEST_SRCDIR/tests/stores/v2.sql" &&
	echo 2 >expect &&
	q v2.db "PRAGMA user_version" >actual &&
	test_cmp expect actual &&
	q v2.db "SELECT id, mutant_id, framework, status FROM executions ORDER BY id;
	    SELECT count(*) FROM evidence; SELECT count(*) FROM failures" >expect &&
	test "$(wc -l <expect)" -ge 9 &&
	dltriage classify --db v2.db "$TEST_SRCDIR/corpus/logs/clean.log" >/dev/null &&
	q v2.db "SELECT id, mutant_id, framework, status FROM executions ORDER BY id;
	    SELECT count(*) FROM evidence; SELECT count(*) FROM failures" >actual &&
	test_cmp expect actual &&
	echo 6 >expect &&
	q v2.db "PRAGMA user_version" >actual &&
	test_cmp expect actual &&
	test -z "$(q v2.db "PRAGMA foreign_key_check")" &&
	q v2.db "SELECT sql FROM sqlite_master WHERE name = '\''executions'\''" >schema &&
	grep "'\''illegal'\''" schema &&
	grep "why TEXT" schema &&
	test "$(q v2.db "SELECT count(*) FROM executions WHERE why IS NOT NULL")" = 0 &&
	test "$(q v2.db "PRAGMA integrity_check")" = ok
'

test_done
