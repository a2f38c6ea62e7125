#!/bin/sh
# t3004: `dltriage show`: a bucket by its id, by a prefix and through one
# of its failures (fN); text and JSON; the evidence lines marked in the
# excerpt, from the log while it is there and unchanged, else from the
# store's copy; how the signature was normalised; near buckets proposed
# (another number in the same exception, the same frames) and an
# unrelated one not; a store written by a run (tests/unit/unit-store);
# and the refusals: an unknown id, an ambiguous prefix, a missing store,
# a file that is no store.  None of them may crash.  The checks that
# write rows by hand need the sqlite3 command-line tool, and the JSON
# checks python3.
. "$(dirname "$0")/test-lib.sh"

logs="$TEST_SRCDIR/corpus/logs"
db="$TEST_TMP/s.db"
unit="$TEST_BUILDDIR/tests/unit/unit-store"

if command -v sqlite3 >/dev/null 2>&1; then
	have_sqlite3=yes
else
	have_sqlite3=
fi
if "$PYTHON3" -c 'import json' >/dev/null 2>&1; then
	have_python=yes
else
	have_python=
fi

# bucket_of DB LOGNAME: the bucket of the failure found in LOGNAME.
bucket_of() {
	dltriage classify --db "$1" --format json "$2" |
	sed -n 's/.*"bucket":"\([0-9a-f]*\)".*/\1/p' | head -n 1
}

# A traceback of the mutated model's op with message $1.
traceback() {
	cat <<EOF
Traceback (most recent call last):
  File "/home/ci/harness/run_mutant.py", line 40, in <module>
    out = model(x)
  File "/home/ci/models/net.py", line 22, in forward
    return self.block(x)
  File "/home/ci/models/net.py", line 57, in block
    return torch.ops.aten.mutated_op(x)
RuntimeError: mutated_op: $1
EOF
}

test_expect_success 'setup: classify the bundled logs into a store' '
	dltriage classify -q --db "$db" "$logs"/*.log >/dev/null &&
	test -s "$db"
'

test_expect_success 'show a bucket by its id' '
	b=$(bucket_of "$db" "$logs/jax-oom.log") &&
	test -n "$b" &&
	dltriage show --db "$db" "$b" >out &&
	grep "^bucket $b\$" out &&
	grep "signature  jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED" out &&
	grep "class      oom / resource-exhausted, framework jax" out &&
	grep "priority   low (confidence 0.90), the hint of rule oom-resource-exhausted" out
'

test_expect_success 'the normalisation: what was replaced, by which entry' '
	b=$(bucket_of "$db" "$logs/jax-oom.log") &&
	dltriage show --db "$db" "$b" >out &&
	grep -- "->       .*allocate N bytes" out &&
	grep "norm-number (1): .17179869184. -> .N." out &&
	grep "frame 1    run_mutant_jax:<module>" out
'

test_expect_success 'a rule that names the defect by its key says so' '
	b=$(bucket_of "$db" "$logs/real/mindspore-conv2d-bfloat16-kernel-missing.log") &&
	dltriage show --db "$db" "$b" >out &&
	grep "the key of rule mindspore-kernel-missing, .no kernel for {op} in {dtype}., filled from the log" out &&
	! grep "rules loaded now make" out
'

test_expect_success 'show by a prefix (any case) is the same as by the id' '
	b=$(bucket_of "$db" "$logs/jax-oom.log") &&
	dltriage show --db "$db" "$b" >full &&
	p=$(echo "$b" | cut -c1-6 | tr a-f A-F) &&
	dltriage show --db "$db" "$p" >prefix &&
	test_cmp full prefix
'

test_expect_success 'show a failure (fN, failure:N, N) shows its bucket' '
	b=$(bucket_of "$db" "$logs/jax-oom.log") &&
	n=$(dltriage show --db "$db" --format json "$b" |
	    sed -n "s/.*\"failures\":\[{\"id\":\([0-9]*\),.*/\1/p") &&
	test -n "$n" &&
	dltriage show --db "$db" "f$n" >a &&
	dltriage show --db "$db" "failure:$n" >b &&
	dltriage show --db "$db" "$n" >c &&
	grep "^bucket $b\$" a &&
	test_cmp a b && test_cmp a c
'

test_expect_success 'the excerpt marks the evidence lines, from the log' '
	b=$(bucket_of "$db" "$logs/jax-oom.log") &&
	dltriage show --db "$db" "$b" >out &&
	grep "excerpt    from the log" out &&
	grep "^ *1 > Traceback (most recent call last):" out &&
	grep "^ *2     File " out &&
	grep "^ *4 > jaxlib.xla_extension.XlaRuntimeError" out
'

if [ -n "$have_python" ]; then
	test_expect_success 'json: one valid object with every section' '
		b=$(bucket_of "$db" "$logs/jax-shape-typeerror.log") &&
		dltriage show --db "$db" --format json "$b" >out.json &&
		test $(wc -l <out.json) -eq 1 &&
		"$PYTHON3" - "$b" <<-\EOF
		import json, sys
		o = json.load(open("out.json"))
		assert o["bucket"] == sys.argv[1], o["bucket"]
		assert o["class"] == "false-positive"
		assert o["priority"]["source"] == "model", o["priority"]
		assert o["priority"]["rule"] == "jax-shape-dtype-validation"
		pm = o["priority_model"]
		assert pm["predicted"] == o["priority"]["level"], pm
		assert abs(sum(pm["probabilities"].values()) - 1) < 0.01, pm
		assert pm["weighed"] and all("feature" in w for w in pm["weighed"])
		assert pm["known_defects"], pm
		for k in pm["known_defects"]:
		    assert k["url"].startswith("https://github.com/"), k
		    assert k["priority"] in ("high", "medium", "low"), k
		    assert 0 < k["similarity"] <= 1, k
		assert o["identity"]["recomputed_matches"] is True
		f = o["identity"]["fields"][0]
		assert f["field"] == "signature"
		r = f["replaced"][0]
		assert r["entry"] == "norm-shape" and r["count"] == 2, r
		assert r["examples"][0] == {"from": "(32, 10)", "to": "SHAPE"}
		m = o["failures"][0]
		assert o["failures_total"] == 1
		assert m["excerpt"]["from"] == "file"
		ev = [l["line"] for l in m["excerpt"]["lines"] if l["evidence"]]
		assert 1 in ev, ev
		assert m["exception"]["type"] == "TypeError"
		assert m["run"] is None
		assert o["near"] == [] and o["near_threshold"] == 0.75
		EOF
	'
else
	test_skip 'json: one valid object with every section' 'python3 not found'
fi

test_expect_success 'a log deleted since: the excerpt the store kept' '
	cp "$logs/tf-check-failure.log" gone.log &&
	dltriage classify -q --db s.db gone.log >/dev/null &&
	rm gone.log &&
	dltriage show --db s.db f1 >out 2>err &&
	test_must_be_empty err &&
	grep "excerpt    as the store kept it: cannot read .gone.log." out &&
	grep "^ *2 > .*Check failed: NDIMS == dims()" out &&
	grep "^ *8 > Aborted (core dumped)" out
'

test_expect_success 'a log changed since: the excerpt the store kept' '
	cp "$logs/tf-check-failure.log" changed.log &&
	dltriage classify -q --db s.db changed.log >/dev/null &&
	echo "one more line" >>changed.log &&
	dltriage show --db s.db f1 >out &&
	grep "as the store kept it: .changed.log. has changed since" out
'

test_expect_success 'near: another number in the same exception is proposed' '
	mkdir "$TEST_TMP/near" && cd "$TEST_TMP/near" &&
	traceback "weight of layer conv_3 has no gradient buffer" >a.log &&
	traceback "weight of layer conv_7 has no gradient buffer" >b.log &&
	traceback "internal bookkeeping of sorted indices went wrong" >c.log &&
	dltriage classify -q --db n.db a.log b.log c.log >/dev/null &&
	a=$(bucket_of n.db a.log) && b=$(bucket_of n.db b.log) &&
	c=$(bucket_of n.db c.log) &&
	test "$a" != "$b" &&
	dltriage show --db n.db "$a" >out &&
	grep "^  $b  1.00  proposed " out &&
	grep "shared   pytorch crash RuntimeError, kind uncaught-exception; message 100% alike; 3 of 3 top frames" out &&
	grep "differs  message: conv_3 vs conv_7" out &&
	! grep "^  $c  [0-9.]*  proposed" out
'

test_expect_success 'near: an unrelated bucket is not proposed' '
	cd "$TEST_TMP/near" &&
	dltriage show --db n.db "$(bucket_of n.db c.log)" >out &&
	! grep "  proposed " out
'

if [ -n "$have_python" ]; then
	test_expect_success 'near in json: score, parts, explanation' '
		cd "$TEST_TMP/near" &&
		dltriage show --db n.db --format json "$(bucket_of n.db a.log)" \
		    >out.json &&
		"$PYTHON3" - <<-\EOF
		import json
		o = json.load(open("out.json"))
		near = [n for n in o["near"] if n["proposed"]]
		assert len(near) == 1, o["near"]
		n = near[0]
		assert n["score"] >= 0.75 and n["frames"] == 1.0, n
		assert "conv_7" in n["differs"], n
		EOF
	'
else
	test_skip 'near in json: score, parts, explanation' 'python3 not found'
fi

if [ -x "$unit" ] && [ -n "$have_sqlite3" ]; then
	test_expect_success 'a store from a run: mutant, operator, model, status' '
		"$unit" run r.db 0 1 >/dev/null &&
		b=$(sqlite3 r.db "SELECT bucket FROM failures
		    WHERE execution_id IS NOT NULL ORDER BY id LIMIT 1") &&
		dltriage show --db r.db "$b" >out &&
		grep "run        mutant 0 of model model0 (operator seed, aware mode) on tensorflow 1.0: rejected, exit code 1" out &&
		grep "excerpt    from the run.s log, as the store keeps it" out
	'
	test_expect_success 'an ambiguous prefix names the candidates; a bucket without failures' '
		cp "$db" amb.db &&
		sqlite3 amb.db "INSERT INTO buckets (id, signature, class,
		    first_seen, last_seen) VALUES
		    (\"abcd000000000001\", \"x\", \"crash\", \"t\", \"t\"),
		    (\"abcd000000000002\", \"y\", \"crash\", \"t\", \"t\")" &&
		test_must_fail --code=2 dltriage show --db amb.db abcd 2>err &&
		grep "bucket prefix .abcd. is ambiguous: abcd000000000001, abcd000000000002" err &&
		test_must_fail --code=2 dltriage show --db amb.db abcd000000000001 2>err &&
		grep "bucket .abcd000000000001. has no failure" err
	'
	test_expect_success 'damaged rows (bad JSON, no file) do not crash' '
		cp "$db" bad.db &&
		sqlite3 bad.db "UPDATE failures SET frames = \"[not json\",
		    evidence = \"{}\", excerpt = NULL WHERE id = 1;
		    UPDATE failures SET line_start = 9223372036854775807,
		    line_end = -5, evidence = \"[1e99, -1, 3]\" WHERE id = 2;
		    PRAGMA foreign_keys = OFF; DELETE FROM files" &&
		dltriage show --db bad.db f1 >out &&
		grep "no excerpt" out &&
		dltriage show --db bad.db f2 >out &&
		dltriage show --db bad.db --format json f2 >out
	'
else
	test_skip 'a store from a run' 'unit-store or sqlite3 missing'
	test_skip 'an ambiguous prefix' 'sqlite3 missing'
	test_skip 'damaged rows' 'sqlite3 missing'
fi

test_expect_success 'an unknown bucket or failure: exit 2, said' '
	test_must_fail --code=2 dltriage show --db "$db" 0000 2>err &&
	grep "no bucket starts with .0000. in store" err &&
	test_must_fail --code=2 dltriage show --db "$db" f99999 2>err &&
	grep "no failure 99999 in store" err
'

test_expect_success 'bad ids are usage errors' '
	for id in zz f0 abc 12345678901234567 failure: f-1 ""; do
		test_must_fail --code=2 dltriage show --db "$db" "$id" 2>err &&
		grep "dltriage: bad id" err || return 1
	done &&
	test_must_fail --code=2 dltriage show --db "$db" 2>err &&
	grep "no bucket or failure id given" err &&
	test_must_fail --code=2 dltriage show --db "$db" abcd abce 2>err &&
	grep "one id at a time" err
'

test_expect_success 'a missing store is refused, not created' '
	test_must_fail --code=4 dltriage show --db nope.db abcd 2>err &&
	grep "cannot open store .nope.db.: No such file or directory" err &&
	test ! -e nope.db
'

test_expect_success 'no store named: usage' '
	test_must_fail --code=2 dltriage show abcd 2>err &&
	grep "needs a store" err
'

test_expect_success 'DLTRIAGE_DB names the store' '
	b=$(bucket_of "$db" "$logs/jax-oom.log") &&
	DLTRIAGE_DB=$db dltriage show "$b" >out &&
	grep "^bucket $b" out
'

# A store this process may not write: file modes, or for root the
# immutable attribute where the file system allows it.
ro=
if [ "$(id -u)" -ne 0 ]; then
	ro=chmod
elif : >"$TEST_TMP/ro-probe" && chattr +i "$TEST_TMP/ro-probe" 2>/dev/null; then
	chattr -i "$TEST_TMP/ro-probe"
	ro=chattr
fi
rm -f "$TEST_TMP/ro-probe"
if [ -n "$ro" ]; then
	test_expect_success 'a read-only store is read, and left as it was' '
		b=$(bucket_of "$db" "$logs/jax-oom.log") &&
		cp "$db" ro.db && cp ro.db ro.orig &&
		case $ro in
		chmod) chmod a-w ro.db . ;;
		chattr) chattr +i ro.db ;;
		esac &&
		dltriage show --db ro.db "$b" >out 2>err
		rc=$?
		case $ro in
		chmod) chmod u+w ro.db . ;;
		chattr) chattr -i ro.db ;;
		esac
		test $rc -eq 0 &&
		grep "^bucket $b" out &&
		test_cmp ro.orig ro.db
	'
else
	test_skip 'a read-only store is read' 'no way to make a file read-only'
fi

test_expect_success 'a file that is no dltriage store is refused, unchanged' '
	echo "not a store" >x.db && cp x.db x.orig &&
	test_must_fail --code=4 dltriage show --db x.db abcd 2>err &&
	grep "is not a dltriage store" err &&
	test_cmp x.orig x.db &&
	test_must_fail --code=4 dltriage show --db . abcd 2>err &&
	grep "not a regular file" err
'

test_done
