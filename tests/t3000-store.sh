#!/bin/sh
# t3000: the SQLite store, through `dltriage classify --db FILE PATH...`:
# a fresh store's shape, migration from an empty (version 0) database,
# idempotence (classifying the same logs twice adds nothing), and the
# refusals (corrupt, foreign, newer, read-only, locked, missing directory):
# each exits 4, names the store, prints no failure and leaves the file
# byte-identical.  Checks that look inside the file need the sqlite3
# command-line tool and are skipped without it.
. "$(dirname "$0")/test-lib.sh"

if command -v sqlite3 >/dev/null 2>&1; then
	have_sqlite3=yes
else
	have_sqlite3=
fi

# test_expect_sqlite3 TITLE BODY: a test that needs the sqlite3 tool.
test_expect_sqlite3() {
	if [ -n "$have_sqlite3" ]; then
		test_expect_success "$1" "$2"
	else
		test_skip "$1" "sqlite3 command-line tool not installed"
	fi
}

# How to make a file or directory read-only for dltriage: file modes,
# unless we are root (root ignores them); then the immutable attribute,
# when this file system and our capabilities allow it.
ro_how=
if [ "$(id -u)" -ne 0 ]; then
	ro_how=chmod
elif : >"$TEST_TMP/ro-probe" && chattr +i "$TEST_TMP/ro-probe" 2>/dev/null; then
	chattr -i "$TEST_TMP/ro-probe"
	ro_how=chattr
	# An immutable file left behind by a failed test would defeat rm -rf.
	trap 'chattr -R -i "$TEST_TMP" 2>/dev/null; chmod -R u+rwx "$TEST_TMP" 2>/dev/null; rm -rf "$TEST_TMP"' EXIT
fi
rm -f "$TEST_TMP/ro-probe"

make_ro() {
	case $ro_how in
	chmod)	chmod a-w "$1" ;;
	chattr)	chattr +i "$1" ;;
	esac
}

undo_ro() {
	case $ro_how in
	chmod)	chmod u+w "$1" ;;
	chattr)	chattr -i "$1" ;;
	esac
}

# test_expect_ro TITLE BODY: a test that needs make_ro.
test_expect_ro() {
	if [ -n "$ro_how" ]; then
		test_expect_success "$1" "$2"
	else
		test_skip "$1" "running as root without chattr +i: cannot make a file read-only"
	fi
}

# The logs every test classifies.
LOGS=$TEST_TMP/logs
mkdir "$LOGS" || exit 1
cat >"$LOGS/shape.log" <<'EOF'
Traceback (most recent call last):
  File "/work/run_model.py", line 41, in <module>
    y = model(x)
  File "/usr/lib/python3/dist-packages/torch/nn/modules/module.py", line 1501, in _call_impl
    return forward_call(*args, **kwargs)
  File "/usr/lib/python3/dist-packages/torch/nn/modules/conv.py", line 463, in forward
    return self._conv_forward(input, self.weight, self.bias)
RuntimeError: Given groups=1, weight of size [8, 3, 3, 3], expected input[1, 4, 32, 32] to have 3 channels, but got 4 channels instead
EOF
cat >"$LOGS/segv.log" <<'EOF'
running mutant 17 (LS) on pytorch 2.1.0
Fatal Python error: Segmentation fault

Current thread 0x00007f3a9c8b5740 (most recent call first):
  File "/usr/lib/python3/dist-packages/torch/nn/functional.py", line 4102 in channel_shuffle
  File "/work/harness/pytorch_run.py", line 88 in run
  File "/work/harness/pytorch_run.py", line 120 in <module>
Segmentation fault (core dumped)
EOF
cat >"$LOGS/multi.log" <<'EOF'
============================= test session starts ==============================
collected 3 items

test_ops.py::test_conv F
2024-01-02 10:00:00.123456: F tensorflow/core/kernels/conv_ops.cc:1105] Check failed: input.dims() == 4 (5 vs. 4)
Fatal Python error: Aborted

Current thread 0x00007f0000000001 (most recent call first):
  File "/usr/lib/python3/dist-packages/tensorflow/python/eager/execute.py", line 53 in quick_execute
  File "test_ops.py", line 12 in test_conv
some unrelated output
some unrelated output
some unrelated output
some unrelated output
some unrelated output
some unrelated output
some unrelated output
some unrelated output
test_ops.py::test_pool F
Traceback (most recent call last):
  File "test_ops.py", line 30, in test_pool
    tf.nn.max_pool2d(x, ksize=0, strides=1, padding="VALID")
  File "/usr/lib/python3/dist-packages/tensorflow/python/ops/nn_ops.py", line 4850, in max_pool2d
    return gen_nn_ops.max_pool(
tensorflow.python.framework.errors_impl.InvalidArgumentError: Sliding window ksize for dimension 1 was zero. [Op:MaxPool]
EOF
cat >"$LOGS/clean.log" <<'EOF'
epoch 1: loss 0.6931
epoch 2: loss 0.5120
all done
EOF

# make_store FILE: a store holding the failures of $LOGS.
make_store() {
	dltriage classify --db "$1" "$LOGS" >/dev/null
}

# counts FILE: "files failures buckets sum-of-bucket-counts"
counts() {
	sqlite3 -separator " " "$1" "SELECT (SELECT count(*) FROM files),
	    (SELECT count(*) FROM failures), (SELECT count(*) FROM buckets),
	    (SELECT coalesce(sum(count), 0) FROM buckets)"
}

# set_user_version FILE N: patch the schema version in the header
# (offset 60, big-endian), as a newer dltriage would have left it.
set_user_version() {
	test ! -e "$1-wal" &&
	printf "\\000\\000\\000\\$(printf %o "$2")" |
	    dd of="$1" bs=1 seek=60 count=4 conv=notrunc 2>/dev/null
}

# wait_locked FILE: until another process holds the write lock on FILE.
wait_locked() {
	n=0
	while sqlite3 "$1" "BEGIN IMMEDIATE; ROLLBACK;" >/dev/null 2>&1; do
		n=$((n + 1))
		if [ $n -gt 200 ]; then
			echo "wait_locked: '$1' never got locked"
			return 1
		fi
		sleep 0.05
	done
}

test_expect_success 'dltriage --version names the SQLite library' '
	dltriage --version >out &&
	grep "SQLite 3\.[0-9]" out
'

test_expect_success 'classify --db creates a store' '
	make_store s.db &&
	test -s s.db
'

test_expect_sqlite3 'a fresh store has schema version 6, WAL and every table' '
	make_store s.db &&
	echo 6 >expect &&
	sqlite3 s.db "PRAGMA user_version" >actual &&
	test_cmp expect actual &&
	echo wal >expect &&
	sqlite3 s.db "PRAGMA journal_mode" >actual &&
	test_cmp expect actual &&
	echo dltriage >expect &&
	sqlite3 s.db "SELECT value FROM meta WHERE key = '\''application'\''" >actual &&
	test_cmp expect actual &&
	sqlite3 s.db "SELECT value FROM meta WHERE key = '\''created_by'\''" >actual &&
	grep "^dltriage [0-9]" actual &&
	cat >expect <<-\EOF &&
	bucket_first
	bucket_frameworks
	bucket_origins
	bucket_stats
	buckets
	campaigns
	comparisons
	evidence
	executions
	failures
	files
	known_defects
	meta
	models
	mutants
	triage
	EOF
	sqlite3 s.db "SELECT name FROM sqlite_master WHERE type = '\''table'\''
	    ORDER BY name" >actual &&
	test_cmp expect actual &&
	sqlite3 s.db "SELECT name FROM sqlite_master WHERE type = '\''index'\''
	    AND tbl_name = '\''failures'\''" >actual &&
	grep "^failures_bucket$" actual &&
	grep "^failures_class$" actual
'

test_expect_sqlite3 'the store holds what classify prints' '
	dltriage classify --format json --db s.db "$LOGS" >out.json &&
	set -- $(counts s.db) &&
	test "$2" -gt 0 &&
	test "$(wc -l <out.json)" -eq "$2" &&
	test "$4" -eq "$2" &&
	sed -n "s/.*\"bucket\": *\"\([0-9a-f]\{16\}\)\".*/\1/p" out.json |
	    sort -u >expect &&
	sqlite3 s.db "SELECT id FROM buckets ORDER BY id" >actual &&
	test_cmp expect actual &&
	sqlite3 s.db "SELECT count(*) FROM failures
	    WHERE json_valid(frames) AND json_type(frames) = '\''array'\''
	    AND json_valid(evidence) AND json_type(evidence) = '\''array'\''" >actual &&
	echo "$2" >expect &&
	test_cmp expect actual
'

test_expect_sqlite3 'classifying the same logs twice adds nothing' '
	make_store s.db &&
	counts s.db >before &&
	set -- $(cat before) &&
	test "$2" -gt 0 &&
	make_store s.db &&
	counts s.db >after &&
	test_cmp before after
'

test_expect_sqlite3 'changed content is classified again' '
	mkdir logs &&
	cp "$LOGS/segv.log" logs/run.log &&
	dltriage classify --db s.db logs >/dev/null &&
	set -- $(counts s.db) &&
	files=$1 failures=$2 &&
	echo "rerun after the crash" >>logs/run.log &&
	dltriage classify --db s.db logs >/dev/null &&
	set -- $(counts s.db) &&
	test "$1" -eq $((files + 1)) &&
	test "$2" -gt "$failures" &&
	test "$4" -eq "$2"
'

test_expect_sqlite3 'an empty version 0 database is migrated' '
	sqlite3 v0.db "PRAGMA user_version = 0" &&
	test -s v0.db &&
	echo 0 >expect &&
	sqlite3 v0.db "SELECT count(*) FROM sqlite_master" >actual &&
	test_cmp expect actual &&
	dltriage classify --db v0.db "$LOGS" >/dev/null &&
	echo 6 >expect &&
	sqlite3 v0.db "PRAGMA user_version" >actual &&
	test_cmp expect actual &&
	echo wal >expect &&
	sqlite3 v0.db "PRAGMA journal_mode" >actual &&
	test_cmp expect actual &&
	set -- $(counts v0.db) &&
	test "$2" -gt 0
'

test_expect_sqlite3 'a copy of a log under another path or compressed: a file of the store, no failure twice' '
	cp "$TEST_SRCDIR/corpus/logs/pytorch-internal-assert.log" one.log &&
	mkdir -p elsewhere &&
	cp one.log elsewhere/two.log &&
	gzip -c one.log >three.log.gz &&
	dltriage classify --db c.db one.log >/dev/null &&
	n1=$(sqlite3 c.db "select count(*) from failures") &&
	test "$n1" -gt 0 &&
	dltriage classify --db c.db elsewhere/two.log three.log.gz >out &&
	test "$(sqlite3 c.db "select count(*) from failures")" = "$n1" &&
	test "$(sqlite3 c.db "select count(*) from files where complete")" = 3 &&
	grep "3 files, $n1 failure" out
'

test_expect_success 'an empty file becomes a store' '
	: >empty.db &&
	dltriage classify --db empty.db "$LOGS" >/dev/null &&
	test -s empty.db
'

test_expect_success 'random bytes are refused (exit 4) and left alone' '
	head -c 8192 /dev/urandom >s.db &&
	cp s.db before.db &&
	test_must_fail --code=4 dltriage classify --db s.db "$LOGS" >out 2>err &&
	grep "^dltriage: .s\.db. is not a dltriage store or is corrupt$" err &&
	test_must_be_empty out &&
	cmp before.db s.db &&
	test ! -e s.db-wal
'

test_expect_success 'a store with a garbled body is refused and left alone' '
	make_store good.db &&
	head -c 100 good.db >s.db &&
	head -c 16000 /dev/urandom >>s.db &&
	cp s.db before.db &&
	test_must_fail --code=4 dltriage classify --db s.db "$LOGS" >out 2>err &&
	grep "^dltriage: .s\.db. is not a dltriage store or is corrupt$" err &&
	test_must_be_empty out &&
	cmp before.db s.db
'

test_expect_sqlite3 'another program'\''s SQLite database is refused' '
	sqlite3 s.db "CREATE TABLE t (x); INSERT INTO t VALUES (1);" &&
	cp s.db before.db &&
	test_must_fail --code=4 dltriage classify --db s.db "$LOGS" >out 2>err &&
	grep "^dltriage: .s\.db. is a SQLite database but not a dltriage store$" err &&
	test_must_be_empty out &&
	cmp before.db s.db
'

test_expect_success 'a store from a newer dltriage is refused' '
	make_store s.db &&
	set_user_version s.db 9 &&
	cp s.db before.db &&
	test_must_fail --code=4 dltriage classify --db s.db "$LOGS" >out 2>err &&
	grep "^dltriage: store .s\.db. has schema version 9, newer than this dltriage supports (6); upgrade dltriage$" err &&
	test_must_be_empty out &&
	cmp before.db s.db
'

test_expect_ro 'a read-only store is refused before any work' '
	make_store s.db &&
	cp s.db before.db &&
	make_ro s.db &&
	test_must_fail --code=4 dltriage classify --db s.db "$LOGS" >out 2>err
	rc=$?
	undo_ro s.db &&
	test $rc -eq 0 &&
	grep "^dltriage: cannot write store .s\.db.: read-only" err &&
	test_must_be_empty out &&
	cmp before.db s.db
'

test_expect_ro 'a store in a read-only directory is refused' '
	mkdir d &&
	make_store d/s.db &&
	cp d/s.db before.db &&
	make_ro d &&
	test_must_fail --code=4 dltriage classify --db d/s.db "$LOGS" >out 2>err
	rc=$?
	undo_ro d &&
	test $rc -eq 0 &&
	grep "^dltriage: cannot write store .d/s\.db.: directory .d. is read-only$" err &&
	test_must_be_empty out &&
	cmp before.db d/s.db &&
	test ! -e d/s.db-wal
'

test_expect_ro 'a new store in a read-only directory is refused' '
	mkdir d &&
	make_ro d &&
	test_must_fail --code=4 dltriage classify --db d/s.db "$LOGS" >out 2>err
	rc=$?
	undo_ro d &&
	test $rc -eq 0 &&
	grep "^dltriage: cannot create store .d/s\.db.: directory .d. is read-only$" err &&
	test_must_be_empty out &&
	test ! -e d/s.db
'

test_expect_success 'a store in a missing directory is refused' '
	test_must_fail --code=4 dltriage classify --db nodir/s.db "$LOGS" >out 2>err &&
	grep "^dltriage: cannot create store .nodir/s\.db.: directory .nodir. does not exist$" err &&
	test_must_be_empty out &&
	test ! -e nodir
'

test_expect_sqlite3 'a locked store is refused after the busy timeout' '
	make_store s.db &&
	cp s.db before.db &&
	mkfifo lock.in &&
	{ sqlite3 s.db <lock.in >lock.out 2>&1 & } &&
	exec 3>lock.in &&
	echo ".timeout 10000" >&3 &&
	echo "BEGIN EXCLUSIVE;" >&3 &&
	wait_locked s.db &&
	DLTRIAGE_BUSY_TIMEOUT=100 &&
	export DLTRIAGE_BUSY_TIMEOUT &&
	test_must_fail --code=4 dltriage classify --db s.db "$LOGS" >out 2>err
	rc=$?
	echo "ROLLBACK;" >&3
	exec 3>&-
	wait
	test $rc -eq 0 &&
	grep "^dltriage: store .s\.db. is locked by another process$" err &&
	test_must_be_empty out &&
	cmp before.db s.db
'

test_expect_success 'a bad DLTRIAGE_BUSY_TIMEOUT is refused' '
	DLTRIAGE_BUSY_TIMEOUT=soon &&
	export DLTRIAGE_BUSY_TIMEOUT &&
	test_must_fail --code=4 dltriage classify --db s.db "$LOGS" >out 2>err &&
	grep "DLTRIAGE_BUSY_TIMEOUT .soon." err &&
	test ! -e s.db
'

test_done
