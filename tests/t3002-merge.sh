#!/bin/sh
# t3002: dltriage merge.  The shards of a campaign (written by
# tests/unit/unit-store) merge into what one unsharded run writes, and
# merging again adds nothing; classify stores and version 1 stores merge
# too; bad inputs are refused before the output is touched.  Needs the
# sqlite3 command-line tool.
. "$(dirname "$0")/test-lib.sh"

unit="$TEST_BUILDDIR/tests/unit/unit-store"
if [ ! -x "$unit" ]; then
	echo "1..1"
	echo "not ok 1 - $unit is not built"
	exit 1
fi
if ! command -v sqlite3 >/dev/null 2>&1; then
	test_skip 'merge' 'sqlite3 command-line tool not installed'
	test_done
	exit 0
fi

q() {
	sqlite3 -cmd ".timeout 5000" "$1" "$2"
}

# content FILE: the rows of a store by their natural keys, without rowids
# or timestamps, so that two stores with the same content compare equal.
content() {
	q "$1" "SELECT c.config_hash, c.seed, c.mode FROM campaigns c;
	SELECT name, content_hash, seed FROM models ORDER BY name, content_hash;
	SELECT mo.name, mu.ordinal, mu.operator, mu.seed, mu.ir_hash,
	    mu.equivalent, coalesce(p.ordinal, '-')
	    FROM mutants mu JOIN models mo ON mo.id = mu.model_id
	    LEFT JOIN mutants p ON p.id = mu.parent_id ORDER BY 1, 2;
	SELECT mo.name, mu.ordinal, e.framework, e.status, e.signal,
	    e.exit_code, e.wall_ms, (SELECT group_concat(kind || ':' ||
	    length(content), ',') FROM evidence v WHERE v.execution_id = e.id)
	    FROM executions e JOIN mutants mu ON mu.id = e.mutant_id
	    JOIN models mo ON mo.id = mu.model_id ORDER BY 1, 2, 3;
	SELECT mo.name, mu.ordinal, c.output, c.framework_a, c.framework_b,
	    c.verdict FROM comparisons c JOIN mutants mu ON mu.id = c.mutant_id
	    JOIN models mo ON mo.id = mu.model_id ORDER BY 1, 2;
	SELECT path, size, content_hash, complete FROM files ORDER BY path;
	SELECT fi.path, f.line_start, f.line_end, f.bucket, f.class,
	    coalesce(e.framework, '-'), coalesce(mu.ordinal, '-')
	    FROM failures f JOIN files fi ON fi.id = f.file_id
	    LEFT JOIN executions e ON e.id = f.execution_id
	    LEFT JOIN mutants mu ON mu.id = f.mutant_id ORDER BY 1, 2, 4;
	SELECT id, class, priority, count FROM buckets ORDER BY id"
}

# set_user_version FILE N: patch the schema version in the header.
set_user_version() {
	test ! -e "$1-wal" &&
	printf "\\000\\000\\000\\$(printf %o "$2")" |
	    dd of="$1" bs=1 seek=60 count=4 conv=notrunc 2>/dev/null
}

# shards: s0.db and s1.db, the two shards of the campaign, and whole.db,
# the campaign unsharded.
shards() {
	"$unit" run s0.db 0 2 >/dev/null &&
	"$unit" run s1.db 1 2 >/dev/null &&
	"$unit" run whole.db 0 1 >/dev/null
}

test_expect_success 'two shards merge into what one run writes' '
	shards &&
	test "$(q s0.db "SELECT count(*) FROM executions")" -gt 0 &&
	test "$(q s1.db "SELECT count(*) FROM executions")" -gt 0 &&
	dltriage merge -o all.db s0.db s1.db >out &&
	grep "^s0\.db: added 1 campaigns, 2 models, " out &&
	grep "^s1\.db: added 0 campaigns, 0 models, " out &&
	content whole.db >expect &&
	content all.db >actual &&
	test_cmp expect actual &&
	echo "|2" >expect &&
	q all.db "SELECT shard_index, shard_count FROM campaigns" >actual &&
	test_cmp expect actual &&
	echo 0 >expect &&
	q all.db "SELECT count(*) FROM buckets b WHERE count !=
	    (SELECT count(*) FROM failures f WHERE f.bucket = b.id)" >actual &&
	test_cmp expect actual &&
	test -z "$(q all.db "PRAGMA foreign_key_check")"
'

test_expect_success 'merging the same shards again adds nothing' '
	shards &&
	dltriage merge -o all.db s0.db s1.db >/dev/null &&
	content all.db >before &&
	dltriage merge -o all.db s1.db s0.db s1.db >out &&
	content all.db >after &&
	test_cmp before after &&
	test "$(grep -c ": added 0 campaigns, 0 models, 0 mutants, 0 executions, 0 evidence, 0 comparisons, 0 files, 0 failures, 0 buckets, 0 triage$" out)" -eq 3
'

test_expect_success 'the order of the shards does not matter' '
	shards &&
	dltriage merge -o a.db s0.db s1.db >/dev/null &&
	dltriage merge -q -o b.db s1.db s0.db >out &&
	test_must_be_empty out &&
	content a.db >expect &&
	content b.db >actual &&
	test_cmp expect actual
'

test_expect_success 'a shard merges into a store holding the whole campaign' '
	shards &&
	cp whole.db w.db &&
	content w.db >expect &&
	dltriage merge -o w.db s0.db s1.db >/dev/null &&
	content w.db >actual &&
	test_cmp expect actual &&
	echo "|" >expect &&
	q w.db "SELECT shard_index, shard_count FROM campaigns" >actual &&
	test_cmp expect actual
'

test_expect_success 'merging leaves the inputs as they were' '
	shards &&
	cp s0.db s0.before && cp s1.db s1.before &&
	dltriage merge -o all.db s0.db s1.db >/dev/null &&
	cmp s0.before s0.db &&
	cmp s1.before s1.db
'

test_expect_success 'classify stores merge into what classifying everything writes' '
	mkdir l1 l2 &&
	cp "$TEST_SRCDIR"/corpus/logs/asan-heap-buffer-overflow.log l1/ &&
	cp "$TEST_SRCDIR"/corpus/logs/clean.log l1/ &&
	cp "$TEST_SRCDIR"/corpus/logs/inconsistency-allclose.log l1/ &&
	cp "$TEST_SRCDIR"/corpus/logs/inconsistency-allclose.log l2/ &&
	for f in $(ls "$TEST_SRCDIR"/corpus/logs | sed -n "4,12p"); do
		cp "$TEST_SRCDIR/corpus/logs/$f" l2/ || return 1
	done &&
	dltriage classify --db c1.db l1 >/dev/null &&
	dltriage classify --db c2.db l2 >/dev/null &&
	dltriage classify --db both.db l1 >/dev/null &&
	dltriage classify --db both.db l2 >/dev/null &&
	dltriage merge -o m.db c1.db c2.db >/dev/null &&
	dltriage merge -o m.db c2.db c1.db >/dev/null &&
	content both.db >expect &&
	content m.db >actual &&
	test_cmp expect actual &&
	test "$(q m.db "SELECT count(*) FROM failures")" -gt 3
'

test_expect_success 'a version 1 store merges and is left at version 1' '
	sqlite3 v1.db <"$TEST_SRCDIR/tests/stores/v1.sql" &&
	cp v1.db before.db &&
	dltriage merge -o m.db v1.db >out &&
	grep "^v1\.db: added 0 campaigns, 0 models, 0 mutants, 0 executions, 0 evidence, 0 comparisons, 3 files, 2 failures, 2 buckets, 0 triage$" out &&
	cmp before.db v1.db &&
	echo 6 >expect &&
	q m.db "PRAGMA user_version" >actual &&
	test_cmp expect actual
'

test_expect_success 'triage decisions and known defects merge once' '
	dltriage classify --db t1.db "$TEST_SRCDIR/corpus/logs/inconsistency-allclose.log" >/dev/null &&
	q t1.db "INSERT INTO known_defects (id, framework) VALUES ('\''k1'\'', '\''pytorch'\'');
	    INSERT INTO triage (bucket, decision, known_defect, author, decided_at)
	    SELECT id, '\''confirmed'\'', '\''k1'\'', '\''ann'\'', '\''2026-01-01T00:00:00Z'\''
	    FROM buckets" &&
	dltriage merge -o m.db t1.db t1.db >/dev/null &&
	cp t1.db t2.db &&
	dltriage merge -o m.db t2.db >/dev/null &&
	echo "1|1" >expect &&
	q m.db "SELECT (SELECT count(*) FROM triage), (SELECT count(*) FROM known_defects)" >actual &&
	test_cmp expect actual
'

test_expect_success 'a store of a newer schema is refused before the output is made' '
	shards &&
	set_user_version s1.db 9 &&
	test_must_fail --code=4 dltriage merge -o all.db s0.db s1.db >out 2>err &&
	grep "^dltriage: store .s1\.db. has schema version 9, newer than this dltriage supports (6); upgrade dltriage$" err &&
	test_must_be_empty out &&
	test ! -e all.db
'

test_expect_success 'a file that is not a store is refused and named' '
	shards &&
	echo "not a store" >junk.db &&
	test_must_fail --code=4 dltriage merge -o all.db s0.db junk.db >out 2>err &&
	grep "^dltriage: .junk\.db. is not a dltriage store or is corrupt$" err &&
	test ! -e all.db &&
	sqlite3 other.db "CREATE TABLE t (x)" &&
	test_must_fail --code=4 dltriage merge -o all.db other.db 2>err &&
	grep "^dltriage: .other\.db. is a SQLite database but not a dltriage store$" err &&
	test_must_fail --code=4 dltriage merge -o all.db missing.db 2>err &&
	grep "^dltriage: cannot open store .missing\.db.: No such file or directory$" err &&
	test ! -e missing.db &&
	test ! -e all.db
'

test_expect_success 'the output may be one of the inputs, which is skipped' '
	shards &&
	cp s0.db out.db &&
	dltriage merge -o out.db out.db s1.db >out 2>err &&
	grep "^dltriage: warning: .out\.db. is the output store; skipped$" err &&
	content whole.db >expect &&
	content out.db >actual &&
	test_cmp expect actual
'

test_expect_success 'merge needs -o and a store' '
	shards &&
	test_must_fail --code=2 dltriage merge s0.db 2>err &&
	grep "^dltriage: no output store given (-o FILE)$" err &&
	grep "^usage: dltriage merge " err &&
	test_must_fail --code=2 dltriage merge -o all.db 2>err &&
	grep "^dltriage: no store to merge given$" err &&
	test ! -e all.db
'

test_done
