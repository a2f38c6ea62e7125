#!/bin/sh
# t3007: `dltriage tui`'s screens without a terminal (--dump-screen): the
# screen after a series of keys at a fixed size, with the clock frozen
# (DLTRIAGE_NOW), compared with golden dumps in tests/expected/tui-*.out
# (a missing one is written and the test fails; DLT_TEST_UPDATE=1
# rewrites them).  The defects worst first, a defect's failures, a
# failure's log with its evidence highlighted, search with its hit count,
# filters, help, the mutant with its diff against the seed, the nearest
# known defects, the campaign, a narrow screen; triage decisions in the
# store at once (buckets --format csv, triage's history), marks and bulk
# decisions; a log full of escape sequences drawn harmless.  The store's
# dates are made fixed with the sqlite3 tool; without it the golden
# comparisons are skipped.
. "$(dirname "$0")/test-lib.sh"

expected="$TEST_SRCDIR/tests/expected"
logs="$TEST_SRCDIR/corpus/logs"
unit="$TEST_BUILDDIR/tests/unit/unit-store"
DLTRIAGE_NOW=1704189600
export DLTRIAGE_NOW

if command -v sqlite3 >/dev/null 2>&1; then
	have_sqlite3=yes
else
	have_sqlite3=
fi

# A store of the bundled logs, classified under relative names from
# $TEST_TMP/logs (the log screen opens them from there), with fixed dates.
store="$TEST_TMP/s.db"
mkdir -p "$TEST_TMP/logs"
cp "$logs"/*.log "$TEST_TMP/logs/"
# a log that tries to set the title, write the clipboard and clear the screen
printf 'Traceback (most recent call last):\n  File "/home/ci/run.py", line 3, in <module>\n    evil()\nRuntimeError: \033]0;pwned-title\007evil \033]52;c;ZXZpbA==\007op \033[2J\033[H failed\n' \
    >"$TEST_TMP/logs/zz-hostile.log"

fixdates() {
	sqlite3 "$1" "UPDATE buckets SET first_seen = '2024-01-02T09:00:00Z',
	    last_seen = '2024-01-02T09:30:00Z';
	    UPDATE files SET classified_at = '2024-01-02T09:00:00Z'"
}

# screen NAME KEYS [SIZE [--attributes]]: dump the screen into NAME.out
# (run from $TEST_TMP/logs, where the store's log paths lead).
screen() {
	(cd "$TEST_TMP/logs" && dltriage tui --db "$db" --dump-screen \
	    --keys "$2" --size "${3:-100x30}" $4) >"$1.out"
}

test_expect_success 'setup: classify the bundled logs into a store' '
	(cd "$TEST_TMP/logs" && dltriage classify -q --db "$store" *.log \
	    >/dev/null) &&
	test -s "$store" &&
	if [ -n "$have_sqlite3" ]; then fixdates "$store"; fi
'

if [ -n "$have_sqlite3" ]; then
	for case in \
	    'defects||100x30|--attributes' \
	    'failures|j\n|100x30|' \
	    'log|j\n\n|100x30|--attributes' \
	    'log-search|j\n\n/torch\nn|100x30|--attributes' \
	    'defects-search|/oom\n|100x30|--attributes' \
	    'defects-filter|fclass=oom framework=jax\n|100x30|' \
	    'defects-sort|ss|100x30|' \
	    'help|?|100x40|' \
	    'mutant-none|jm|100x30|' \
	    'campaign|c|100x30|' \
	    'narrow||60x12|' \
	    'wide||160x30|' \
	    'hostile-defects|/evil\n|100x30|' \
	    'hostile-log|/evil\n\n\n|100x30|--attributes'; do
		name=${case%%|*}
		rest=${case#*|}
		keys=${rest%%|*}
		rest=${rest#*|}
		size=${rest%%|*}
		attrs=${rest#*|}
		test_expect_success "screen: $name" "
			db=../s.db &&
			screen $name '$keys' $size $attrs &&
			test_golden \"$expected/tui-$name.out\" $name.out
		"
	done
else
	test_skip 'golden screens' 'sqlite3 missing'
fi

test_expect_success 'no byte of an escape sequence reaches the screen' '
	db="$store" &&
	screen h "/evil\n\n\n" &&
	grep "evil" h.out &&
	! grep "$(printf "\033")" h.out &&
	! grep "$(printf "\007")" h.out &&
	screen d "/evil\n" &&
	! grep "$(printf "\033")" d.out
'

test_expect_success 'the log opens at the evidence, which is marked' '
	db="$store" &&
	screen l "j\n\n" 100x30 --attributes &&
	grep "^   8> RuntimeError: saved_for INTERNAL ASSERT FAILED" l.out &&
	grep "^   |.*eeeeeeeeee" l.out
'

test_expect_success 'search counts its hits and n goes to the next' '
	db="$store" &&
	screen s1 "j\n\n/frame\n" &&
	grep "/frame  1 of 6" s1.out &&
	screen s2 "j\n\n/frame\nn" &&
	grep "/frame  2 of 6" s2.out &&
	screen s3 "j\n\n/frame\nN" &&
	grep "/frame  6 of 6" s3.out
'

test_expect_success 'a filter is shown on the status line and narrows the list' '
	db="$store" &&
	screen f "fstatus=new class=false-positive\n" &&
	grep "defects 5 " f.out &&
	grep "^filter: status=new class=false-positive" f.out &&
	screen bad "fcolour=red\n" &&
	grep "is not class=, framework=, priority= or status=" bad.out
'

test_expect_success 'F records a false positive in the store at once' '
	cp "$store" t.db && db="$PWD/t.db" &&
	b=$(dltriage buckets --db t.db --format csv | sed -n 2p | cut -d, -f1) &&
	screen f "F" &&
	grep "bucket $b: false-positive" f.out &&
	dltriage buckets --db t.db --format csv | grep "^$b," |
	    grep ",false-positive,"
'

test_expect_success 'marks and a bulk decision: two defects confirmed' '
	cp "$store" t.db && db="$PWD/t.db" &&
	screen m "  C" &&
	grep "2 buckets: confirmed" m.out &&
	test "$(dltriage buckets --db t.db --format csv | grep -c ",confirmed,")" = 2
'

test_expect_success 'duplicate of a prefix, reported with a URL, a note' '
	cp "$store" t.db && db="$PWD/t.db" &&
	ids=$(dltriage buckets --db t.db --format csv | sed -n "2,3p" |
	    cut -d, -f1) &&
	first=$(echo "$ids" | sed -n 1p) && second=$(echo "$ids" | sed -n 2p) &&
	short=$(echo "$second" | cut -c1-6) &&
	screen d "D$short\n" &&
	grep "bucket $first: duplicate of $second" d.out &&
	dltriage triage --db t.db "$first" | grep "duplicate of $second" &&
	screen r "jRhttps://example.org/issue/1\n" &&
	dltriage triage --db t.db "$first" >h &&
	screen n "j\naneeds a smaller model\n" &&
	dltriage triage --db t.db "$second" >h &&
	grep "reported https://example.org/issue/1" h &&
	grep "needs a smaller model" h
'

test_expect_success 'a refused decision says why on the status line' '
	cp "$store" t.db && db="$PWD/t.db" &&
	screen d "Dffff\n" &&
	grep "no bucket .ffff." d.out &&
	screen r "R\n" &&
	grep "nothing given: no decision recorded" r.out
'

if [ "$(id -u)" -ne 0 ]; then
	test_expect_success 'a read-only store is browsed, not written' '
		mkdir ro && cp "$store" ro/ro.db && chmod a-w ro/ro.db ro &&
		db="$PWD/ro/ro.db" &&
		screen f "F" &&
		grep "the store is read-only: no decision recorded" f.out &&
		chmod u+w ro
	'
else
	test_skip 'a read-only store' 'root may write any file'
fi

test_expect_success 'the nearest known defects name their URLs' '
	db="$store" &&
	screen k "K" &&
	grep "^nearest known defects of failure f" k.out &&
	grep "https://github.com/" k.out
'

# The bucket whose first failure is of a mutant of operator LD.
first_ld() {
	sqlite3 "$1" "SELECT f.bucket FROM failures f WHERE f.id =
	    (SELECT min(g.id) FROM failures g WHERE g.bucket = f.bucket)
	    AND f.mutant_id IN (SELECT id FROM mutants WHERE operator = 'LD')
	    ORDER BY f.id LIMIT 1"
}

if [ -x "$unit" ] && [ -n "$have_sqlite3" ]; then
	test_expect_success 'a run: the mutant, its operator and its diff' '
		cd "$TEST_TMP" &&
		"$unit" run r.db 0 1 >/dev/null &&
		sqlite3 r.db "UPDATE mutants SET ir_json = '"'"'{\"inputs\": [{\"name\": \"x\", \"shape\": [1, 3, 8, 8]}], \"nodes\": [{\"id\": \"conv1\", \"op\": \"conv2d\", \"attrs\": {\"filters\": 8}}, {\"id\": \"relu\", \"op\": \"relu\"}]}'"'"' WHERE ordinal = 0;
		    UPDATE mutants SET ir_json = '"'"'{\"inputs\": [{\"name\": \"x\", \"shape\": [1, 3, 8, 8]}], \"nodes\": [{\"id\": \"relu\", \"op\": \"relu\"}]}'"'"' WHERE operator = '"'"'LD'"'"';
		    UPDATE buckets SET first_seen = '"'"'2024-01-02T09:00:00Z'"'"', last_seen = '"'"'2024-01-02T09:30:00Z'"'"'" &&
		db="$PWD/r.db" &&
		b=$(first_ld r.db) &&
		screen m "f$b\n\nm" &&
		grep "^operator    LD" m.out &&
		grep "^position    conv1" m.out &&
		grep "^-    id: \"conv1\"" m.out &&
		grep "changed)" m.out &&
		screen l "f$b\n\n\n" &&
		grep "the run.s log, as the store keeps it" l.out &&
		screen c "c" &&
		grep "^12 mutants, 36 executions, 22 failures in" c.out &&
		grep "^newest defects" c.out
	'
	test_expect_success 'screen: mutant (golden)' '
		cd "$TEST_TMP" && db=../r.db &&
		b=$(first_ld r.db) &&
		screen mutant "f$b\n\nm" &&
		test_golden "$expected/tui-mutant.out" mutant.out
	'
else
	test_skip 'a run: the mutant' 'unit-store or sqlite3 missing'
	test_skip 'screen: mutant (golden)' 'unit-store or sqlite3 missing'
fi

test_expect_success 'refusals: no store, a missing store, bad keys, a bad size' '
	test_must_fail --code=2 dltriage tui --dump-screen 2>err &&
	grep "needs a store" err &&
	test_must_fail --code=4 dltriage tui --db nope.db --dump-screen &&
	test_must_fail --code=2 dltriage tui --db "$store" --dump-screen \
	    --keys "<Nope>" 2>err &&
	grep "unknown key name" err &&
	test_must_fail --code=2 dltriage tui --db "$store" --dump-screen \
	    --size 10x2 2>err &&
	grep "invalid size" err &&
	test_must_fail --code=2 dltriage tui --db "$store" --keys j 2>err &&
	grep "go with .--dump-screen." err
'

test_expect_success 'without a terminal, tui says so (exit 2)' '
	test_must_fail --code=2 dltriage tui --db "$store" </dev/null >out 2>err &&
	grep "needs a terminal" err
'

test_done
