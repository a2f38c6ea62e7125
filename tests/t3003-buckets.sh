#!/bin/sh
# t3003: the unique defects of a store and the decisions of triagers:
# `dltriage buckets` (table, json, csv, every filter, the orders, the
# ellipsis of a table fitted to $COLUMNS) and `dltriage triage` (the
# statuses, history, id prefixes, duplicates that fold and never loop, a
# report's URL), what classify --format json says of a triaged bucket,
# and the refusals: unknown names, bad dates, a missing store, a file that
# is not a store.  The sample logs of corpus/logs are classified into a
# store once; each test works on a copy.  Checks that edit or look inside
# the file need the sqlite3 command-line tool and are skipped without it.
. "$(dirname "$0")/test-lib.sh"

unset COLUMNS

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

LOGS=$TEST_SRCDIR/corpus/logs
BASE=$TEST_TMP/base.db
dltriage classify -q --db "$BASE" "$LOGS"/*.log >/dev/null || exit 1

# store: a fresh copy of the classified store, as s.db.
store() {
	cp "$BASE" s.db
}

# bucket_of FILE PATTERN: the id of the first bucket (json) matching PATTERN.
bucket_of() {
	dltriage buckets --db "$1" --format json | grep -e "$2" |
	    sed -n 's/^{"bucket":"\([0-9a-f]\{16\}\)".*/\1/p' | sed 1q
}

# field FILE KEY: the values of a string or number key, one per line.
field() {
	sed -n "s/.*\"$2\":\"\{0,1\}\([^\",]*\)\"\{0,1\}[,}].*/\1/p" "$1"
}

# same_stats FILE: the aggregates of schema version 6 are what the
# failures say.
same_stats() {
	sqlite3 "$1" "SELECT bucket, coalesce(priority, ''), count(*),
	    count(confidence), printf('%.6f', total(confidence)) FROM failures
	    GROUP BY 1, 2 ORDER BY 1, 2" >stats.expect &&
	sqlite3 "$1" "SELECT bucket, priority, failures, confident,
	    printf('%.6f', confidence) FROM bucket_stats ORDER BY 1, 2" >stats.actual &&
	test_cmp stats.expect stats.actual &&
	sqlite3 "$1" "SELECT f.bucket, f.framework, coalesce(e.framework_version, ''),
	    count(*) FROM failures f LEFT JOIN executions e ON e.id = f.execution_id
	    WHERE f.framework IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3" >fw.expect &&
	sqlite3 "$1" "SELECT bucket, framework, version, failures
	    FROM bucket_frameworks ORDER BY 1, 2, 3" >fw.actual &&
	test_cmp fw.expect fw.actual &&
	sqlite3 "$1" "SELECT f.bucket, mu.operator, coalesce(mo.name, ''),
	    count(*) FROM failures f JOIN mutants mu ON mu.id = f.mutant_id
	    LEFT JOIN models mo ON mo.id = mu.model_id GROUP BY 1, 2, 3
	    ORDER BY 1, 2, 3" >origins.expect &&
	sqlite3 "$1" "SELECT bucket, operator, model, failures
	    FROM bucket_origins ORDER BY 1, 2, 3" >origins.actual &&
	test_cmp origins.expect origins.actual &&
	sqlite3 "$1" "SELECT bucket, id, exc_type, exc_message, frames
	    FROM failures f WHERE id = (SELECT min(id) FROM failures
	    WHERE bucket = f.bucket) ORDER BY 1" >first.expect &&
	sqlite3 "$1" "SELECT bucket, failure, exc_type, exc_message, frames
	    FROM bucket_first ORDER BY 1" >first.actual &&
	test_cmp first.expect first.actual &&
	test -s stats.expect
}

# to_v5 FILE: the store as schema version 5 left it.
to_v5() {
	sqlite3 "$1" "DROP TRIGGER failures_stats_insert;
	    DROP TRIGGER failures_origins_insert;
	    DROP TRIGGER failures_stats_delete; DROP TRIGGER failures_stats_update;
	    DROP TRIGGER executions_version_update; DROP TABLE bucket_stats;
	    DROP TABLE bucket_frameworks; DROP TABLE bucket_origins;
	    DROP TABLE bucket_first; PRAGMA user_version = 5"
}

# The buckets the store holds.
nbuckets=$(dltriage buckets --db "$BASE" --format json | wc -l)

test_expect_success 'the store holds buckets' '
	test "$nbuckets" -gt 10
'

test_expect_success 'a table: a header and one line per bucket' '
	store &&
	dltriage buckets --db s.db >out 2>err &&
	test_must_be_empty err &&
	head -n 1 out >header &&
	grep "^BUCKET  *PRIORITY  *CLASS  *KIND  *FRAMEWORKS  *COUNT  *FIRST  *LAST  *STATUS  *TITLE$" header &&
	test $(($(wc -l <out) - 1)) -eq "$nbuckets" &&
	! grep " $" out
'

test_expect_success 'columns are aligned: every cell starts under its header' '
	store &&
	dltriage buckets --db s.db >out &&
	col=$(head -n 1 out | awk "{ print index(\$0, \"COUNT\") + 4 }") &&
	awk -v c="$col" "NR > 1 && substr(\$0, c, 1) !~ /[0-9]/ { print; bad = 1 }
	    END { exit bad }" out &&
	st=$(head -n 1 out | awk "{ print index(\$0, \"STATUS\") }") &&
	awk -v c="$st" "NR > 1 && substr(\$0, c, 3) != \"new\" { print; bad = 1 }
	    END { exit bad }" out
'

test_expect_success 'worst first: priority, then class, then count' '
	store &&
	dltriage buckets --db s.db --format json >out &&
	awk "
		function prank(p) { return p == \"high\" ? 0 : p == \"medium\" ? 1 : p == \"low\" ? 2 : 3 }
		function crank(c) { return c == \"crash\" ? 0 : c == \"oom\" ? 1 : c == \"timeout\" ? 2 : \\
		    c == \"inconsistency\" ? 3 : c == \"nan\" ? 4 : c == \"false-positive\" ? 5 : 6 }
		{
			match(\$0, /\"priority\":\"[a-z]*\"/); p = prank(substr(\$0, RSTART + 12, RLENGTH - 13))
			match(\$0, /\"class\":\"[a-z-]*\"/); c = crank(substr(\$0, RSTART + 9, RLENGTH - 10))
			match(\$0, /\"count\":[0-9]*/); n = substr(\$0, RSTART + 8, RLENGTH - 8) + 0
			if (NR > 1 && (p < lp || (p == lp && c < lc) || (p == lp && c == lc && n > ln))) {
				print \"out of order: \" \$0; bad = 1
			}
			lp = p; lc = c; ln = n
		}
		END { exit bad }" out &&
	head -n 1 out | grep "\"priority\":\"high\"" &&
	head -n 1 out | grep "\"class\":\"crash\""
'

test_expect_success 'json: the same keys in the same order on every line' '
	store &&
	dltriage buckets --db s.db --format json >out &&
	test $(wc -l <out) -eq "$nbuckets" &&
	sed "s/\"\(bucket\|class\|kind\|frameworks\|count\|first_seen\|last_seen\|priority\|confidence\|status\|duplicate_of\|url\|title\)\":/\n\1=/g" out |
	    sed -n "s/=.*//p" | paste -sd " " - | tr " " "\n" >keys &&
	for k in bucket class kind frameworks count first_seen last_seen \
	    priority confidence status duplicate_of url title; do
		echo $k
	done >one &&
	: >expect &&
	i=0 && while [ $i -lt "$nbuckets" ]; do cat one >>expect; i=$((i + 1)); done &&
	test_cmp expect keys &&
	grep "^{\"bucket\":\"[0-9a-f]\{16\}\",\"class\":\"[a-z-]*\"," out >/dev/null &&
	grep "\"frameworks\":\[{\"name\":\"pytorch\",\"versions\":\[\]}" out &&
	grep "\"first_seen\":\"[0-9-]*T[0-9:]*Z\",\"last_seen\":\"[0-9-]*T[0-9:]*Z\"" out &&
	grep "\"confidence\":0\.[0-9][0-9]," out &&
	grep "\"status\":\"new\",\"duplicate_of\":null,\"url\":null," out
'

if "$PYTHON3" -c 1 >/dev/null 2>&1; then
	test_expect_success 'json: every line is a JSON object' '
		store &&
		dltriage buckets --db s.db --format json >out &&
		"$PYTHON3" -c "
import json, sys
for line in open(sys.argv[1]):
    o = json.loads(line)
    assert isinstance(o, dict), line
    assert isinstance(o[\"frameworks\"], list)
    assert isinstance(o[\"count\"], int) and o[\"count\"] >= 1
    assert 0 <= o[\"confidence\"] <= 1
" out
	'
	test_expect_success 'csv: RFC 4180, a header and one row per bucket' '
		store &&
		dltriage buckets --db s.db --format csv >out &&
		head -n 1 out >header &&
		printf "bucket,class,kind,frameworks,count,first_seen,last_seen,priority,confidence,status,duplicate_of,url,title,near\r\n" >expect &&
		test_cmp expect header &&
		test $(($(wc -l <out) - 1)) -eq "$nbuckets" &&
		grep "\"\"addmm_impl_cpu_\"\"" out &&
		"$PYTHON3" -c "
import csv, sys
with open(sys.argv[1], newline=\"\") as f:
    rows = list(csv.reader(f))
assert all(len(r) == 14 for r in rows), rows
assert any(\"\\\"addmm_impl_cpu_\\\"\" in r[12] for r in rows)
" out
	'
else
	test_skip 'json: every line is a JSON object' 'python3 is not installed'
	test_skip 'csv: RFC 4180, a header and one row per bucket' 'python3 is not installed'
fi

test_expect_success 'csv lines end with CR LF' '
	store &&
	dltriage buckets --db s.db --format csv >out &&
	test $(grep -c "$(printf "\r")\$" out) -eq $((nbuckets + 1))
'

test_expect_success '--class keeps those classes only' '
	store &&
	dltriage buckets --db s.db --class crash --format json >out &&
	test -s out &&
	! grep -v "\"class\":\"crash\"" out &&
	dltriage buckets --db s.db --class crash,oom --format json >out2 &&
	test $(wc -l <out2) -gt $(wc -l <out) &&
	! grep -v -e "\"class\":\"crash\"" -e "\"class\":\"oom\"" out2 &&
	dltriage buckets --db s.db --class crash --class oom --format json >out3 &&
	test_cmp out2 out3
'

test_expect_success '--framework takes names and aliases' '
	store &&
	dltriage buckets --db s.db --framework torch --format json >out &&
	test -s out &&
	! grep -v "{\"name\":\"pytorch\"" out &&
	dltriage buckets --db s.db --framework pytorch --format json >out2 &&
	test_cmp out out2 &&
	dltriage buckets --db s.db --framework tf,jax --format json >out3 &&
	test -s out3 &&
	! grep "{\"name\":\"pytorch\"" out3 &&
	dltriage buckets --db s.db --framework unknown --format json >out4 &&
	grep "{\"name\":\"unknown\"" out4
'

test_expect_success '--priority keeps those priorities only' '
	store &&
	dltriage buckets --db s.db --priority high --format json >out &&
	test -s out &&
	! grep -v "\"priority\":\"high\"" out &&
	dltriage buckets --db s.db --priority low,medium --format json >out2 &&
	! grep "\"priority\":\"high\"" out2 &&
	test $(($(wc -l <out) + $(wc -l <out2))) -eq "$nbuckets" &&
	dltriage buckets --db s.db --priority unset --format json >out3 &&
	test_must_be_empty out3
'

test_expect_success '--status new lists the untriaged buckets' '
	store &&
	dltriage buckets --db s.db --status new --format json >out &&
	test $(wc -l <out) -eq "$nbuckets" &&
	dltriage buckets --db s.db --status confirmed --format json >out &&
	test_must_be_empty out
'

test_expect_success '--since keeps the buckets seen since a date' '
	store &&
	dltriage buckets --db s.db --since 2000-01-01 --format json >out &&
	test $(wc -l <out) -eq "$nbuckets" &&
	dltriage buckets --db s.db --since 2999-12-31T23:59 --format json >out &&
	test_must_be_empty out &&
	dltriage buckets --db s.db --since "2000-02-29 10:00:00Z" --format json >out &&
	test $(wc -l <out) -eq "$nbuckets"
'

test_expect_success 'filters combine' '
	store &&
	dltriage buckets --db s.db --class crash --framework pytorch \
	    --priority high --status new --since 2000-01-01 --format json >out &&
	test -s out &&
	! grep -v "\"class\":\"crash\".*{\"name\":\"pytorch\".*\"priority\":\"high\"" out
'

test_expect_sqlite3 '--sort count, first and last' '
	store &&
	dltriage buckets --db s.db --sort count --format json >out &&
	head -n 1 out | grep "\"count\":2," &&
	old=$(bucket_of s.db "\"class\":\"crash\"") &&
	new=$(bucket_of s.db "\"class\":\"timeout\"") &&
	sqlite3 s.db "UPDATE buckets SET first_seen = '\''2099-01-01T00:00:00Z'\'',
	    last_seen = '\''2099-01-01T00:00:00Z'\'' WHERE id = '\''$new'\'';
	    UPDATE buckets SET last_seen = '\''2001-01-01T00:00:00Z'\'',
	    first_seen = '\''2000-01-01T00:00:00Z'\'' WHERE id = '\''$old'\''" &&
	dltriage buckets --db s.db --sort first --format json >out &&
	head -n 1 out | grep "\"bucket\":\"$new\"" &&
	tail -n 1 out | grep "\"bucket\":\"$old\"" &&
	dltriage buckets --db s.db --sort last --format json >out &&
	head -n 1 out | grep "\"bucket\":\"$new\"" &&
	tail -n 1 out | grep "\"bucket\":\"$old\"" &&
	dltriage buckets --db s.db --since 2002-01-01 --format json >out &&
	test $(wc -l <out) -eq $((nbuckets - 1)) &&
	! grep "\"bucket\":\"$old\"" out &&
	dltriage buckets --db s.db --sort priority --format json >a &&
	dltriage buckets --db s.db --format json >b &&
	test_cmp a b
'

test_expect_success 'a table fitted to COLUMNS cuts with an ellipsis' '
	store &&
	COLUMNS=130 dltriage buckets --db s.db >out &&
	grep "…" out &&
	sed "s/…/./g" out | awk "length(\$0) > 130 { print; bad = 1 } END { exit bad }" &&
	test $(($(wc -l <out) - 1)) -eq "$nbuckets" &&
	dltriage buckets --db s.db >whole &&
	! grep "…" whole &&
	sed "s/…/./g" whole | awk "length(\$0) > 130 { n++ } END { exit !n }" &&
	grep "INTERNAL ASSERT FAILED: saved_for at saved_variable.cpp\$" whole
'

test_expect_success 'a narrow table keeps the columns it must and says what it cut' '
	store &&
	COLUMNS=40 dltriage buckets --db s.db >out &&
	head -n 1 out | grep "TITLE$" &&
	grep "^[0-9a-f]\{16\}  " out >/dev/null &&
	COLUMNS=junk dltriage buckets --db s.db >out2 &&
	! grep "…" out2
'

# --- bad input

test_expect_success 'an unknown class is refused with a suggestion' '
	store &&
	test_must_fail --code=2 dltriage buckets --db s.db --class crash,crsh >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: unknown class .crsh. (did you mean .crash.?)$" err &&
	grep "^valid: crash, nan, inconsistency, false-positive, timeout, oom, unknown$" err
'

test_expect_success 'unknown frameworks, priorities, statuses, sorts and formats are refused' '
	store &&
	test_must_fail --code=2 dltriage buckets --db s.db --framework pytorh 2>err &&
	grep "^dltriage: unknown framework .pytorh. (did you mean .pytorch.?)$" err &&
	test_must_fail --code=2 dltriage buckets --db s.db --priority hgih 2>err &&
	grep "^dltriage: unknown priority .hgih. (did you mean .high.?)$" err &&
	test_must_fail --code=2 dltriage buckets --db s.db --status confrimed 2>err &&
	grep "^dltriage: unknown status .confrimed. (did you mean .confirmed.?)$" err &&
	test_must_fail --code=2 dltriage buckets --db s.db --class crash, 2>err &&
	grep "^dltriage: empty class in .crash,.$" err &&
	test_must_fail --code=2 dltriage buckets --db s.db --class "" 2>err &&
	test_must_fail --code=2 dltriage buckets --db s.db --sort worst 2>err &&
	test_must_fail --code=2 dltriage buckets --db s.db --format yaml 2>err &&
	test_must_fail --code=2 dltriage buckets --db s.db extra 2>err &&
	grep "^dltriage: unexpected argument .extra.$" err
'

test_expect_success 'bad dates are refused' '
	store &&
	for d in 2026-02-30 2025-02-29 2026-13-01 2026-00-10 2026-1-01 yesterday \
	    2026-01-01T24:00 2026-01-01T10:60 2026-01-01T10 2026-01-01T10:00:61 \
	    "2026-01-01 " 2026-01-01ZZ 0000-01-01 ""; do
		test_must_fail --code=2 dltriage buckets --db s.db --since "$d" 2>err ||
			{ echo "accepted \"$d\""; exit 1; }
		grep "^dltriage: invalid date .*: expected YYYY-MM-DD" err ||
			{ echo "no message for \"$d\""; exit 1; }
	done &&
	dltriage buckets --db s.db --since 2024-02-29 --format json >out &&
	test -s out
'

test_expect_success 'a missing store is refused and not created' '
	test_must_fail --code=4 dltriage buckets --db none.db >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: store .none\.db. does not exist$" err &&
	test ! -e none.db &&
	test_must_fail --code=4 dltriage triage --db none.db abcd 2>err &&
	test ! -e none.db &&
	test_must_fail --code=4 dltriage buckets --db nodir/x.db 2>err &&
	test ! -e nodir
'

test_expect_success 'a file that is not a dltriage store is refused and left alone' '
	echo "not a store" >text.db &&
	cp text.db before &&
	test_must_fail --code=4 dltriage buckets --db text.db 2>err &&
	grep "^dltriage: .text\.db. is not a dltriage store or is corrupt$" err &&
	cmp before text.db &&
	: >empty.db &&
	test_must_fail --code=4 dltriage buckets --db empty.db 2>err &&
	grep "^dltriage: .empty\.db. is not a dltriage store: it is empty$" err &&
	test ! -s empty.db &&
	mkdir dir.db &&
	test_must_fail --code=4 dltriage buckets --db dir.db 2>err
'

test_expect_sqlite3 'another program'\''s SQLite database is refused' '
	sqlite3 other.db "CREATE TABLE t (x); INSERT INTO t VALUES (1)" &&
	cp other.db before &&
	test_must_fail --code=4 dltriage buckets --db other.db 2>err &&
	grep "^dltriage: .other\.db. is a SQLite database but not a dltriage store$" err &&
	cmp before other.db
'

test_expect_success 'no store given is a usage error; DLTRIAGE_DB names one' '
	store &&
	test_must_fail --code=2 dltriage buckets 2>err &&
	grep "^dltriage: no store given (--db FILE or DLTRIAGE_DB)$" err &&
	grep "^usage: dltriage buckets" err &&
	DLTRIAGE_DB=s.db dltriage buckets --format json >out &&
	test $(wc -l <out) -eq "$nbuckets" &&
	test_must_fail --code=2 dltriage triage abcd 2>err &&
	grep "^dltriage: no store given" err
'

# --- triage

test_expect_success 'triage records a decision; buckets shows it' '
	store &&
	id=$(bucket_of s.db "addmm_impl_cpu_") &&
	test -n "$id" &&
	dltriage triage --db s.db "$id" --status confirmed --author alice \
	    --note "seen in CI" >out 2>err &&
	test_must_be_empty err &&
	echo "bucket $id: new -> confirmed" >expect &&
	test_cmp expect out &&
	dltriage buckets --db s.db --status confirmed --format json >out &&
	test $(wc -l <out) -eq 1 &&
	grep "\"bucket\":\"$id\".*\"status\":\"confirmed\"" out &&
	dltriage buckets --db s.db --status new --format json >out &&
	test $(wc -l <out) -eq $((nbuckets - 1)) &&
	dltriage buckets --db s.db >table &&
	grep "^$id .* confirmed " table
'

test_expect_success 'a prefix of 4 or more hex digits names a bucket, in any case' '
	store &&
	id=$(bucket_of s.db "INTERNAL ASSERT") &&
	short=$(echo "$id" | cut -c1-6 | tr a-f A-F) &&
	dltriage triage --db s.db "$short" --status wont-fix >out &&
	grep "^bucket $id: new -> wont-fix$" out
'

test_expect_success 'the history of a bucket, oldest first; the latest decision wins' '
	store &&
	id=$(bucket_of s.db "addmm_impl_cpu_") &&
	dltriage triage --db s.db "$id" >out &&
	echo "bucket $id: new (no decision)" >expect &&
	test_cmp expect out &&
	dltriage triage --db s.db "$id" --status confirmed --author alice --note "half on CPU" &&
	USER=bob dltriage triage --db s.db "$id" --status reported \
	    --url https://github.com/pytorch/pytorch/issues/1 &&
	USER= dltriage triage --db s.db "$id" --status new &&
	dltriage triage --db s.db "$id" --status reported --author carol \
	    --url https://example.org/2 --note "$(printf "two\nlines")" >out &&
	echo "bucket $id: new -> reported" >expect &&
	test_cmp expect out &&
	dltriage triage --db s.db "$id" >out &&
	test $(wc -l <out) -eq 5 &&
	sed -n 1p out >first &&
	echo "bucket $id: reported" >expect &&
	test_cmp expect first &&
	sed -n 2p out | grep "^[0-9-]*T[0-9:]*Z  confirmed  by alice: half on CPU$" &&
	sed -n 3p out | grep "  reported https://github.com/pytorch/pytorch/issues/1  by bob$" &&
	sed -n 4p out | grep "  new  by " &&
	sed -n 5p out | grep "  reported https://example.org/2  by carol: two lines$" &&
	dltriage buckets --db s.db --status reported --format json >out &&
	grep "\"url\":\"https://example.org/2\"" out
'

test_expect_sqlite3 'decisions are appended, never changed' '
	store &&
	id=$(bucket_of s.db "addmm_impl_cpu_") &&
	dltriage triage --db s.db "$id" --status confirmed &&
	dltriage triage --db s.db "$id" --status false-positive &&
	echo 2 >expect &&
	sqlite3 s.db "SELECT count(*) FROM triage WHERE bucket = '\''$id'\''" >actual &&
	test_cmp expect actual &&
	echo "confirmed false-positive" >expect &&
	sqlite3 s.db "SELECT group_concat(decision, '\'' '\'') FROM
	    (SELECT decision FROM triage ORDER BY id)" >actual &&
	test_cmp expect actual
'

test_expect_sqlite3 'an ambiguous prefix is refused, naming the candidates' '
	store &&
	id=$(bucket_of s.db "addmm_impl_cpu_") &&
	p=$(echo "$id" | cut -c1-4) &&
	twin=${p}000000000000 &&
	test "$twin" != "$id" &&
	sqlite3 s.db "INSERT INTO buckets (id, signature, class, first_seen,
	    last_seen, count) VALUES ('\''$twin'\'', '\''x'\'', '\''crash'\'',
	    '\''2026-01-01T00:00:00Z'\'', '\''2026-01-01T00:00:00Z'\'', 0)" &&
	test_must_fail --code=2 dltriage triage --db s.db "$p" --status confirmed >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: bucket .$p. is ambiguous: " err &&
	grep "$twin" err && grep "$id" err &&
	dltriage triage --db s.db "$(echo "$id" | cut -c1-8)" --status confirmed &&
	echo 1 >expect &&
	sqlite3 s.db "SELECT count(*) FROM triage" >actual &&
	test_cmp expect actual
'

test_expect_success 'bad bucket arguments are refused' '
	store &&
	test_must_fail --code=2 dltriage triage --db s.db abc 2>err &&
	grep "^dltriage: invalid bucket .abc.: expected 4 to 16 hex digits of a bucket id$" err &&
	test_must_fail --code=2 dltriage triage --db s.db xyzw 2>err &&
	test_must_fail --code=2 dltriage triage --db s.db 0123456789abcdef0 2>err &&
	test_must_fail --code=2 dltriage triage --db s.db 2>err &&
	grep "^dltriage: no bucket given$" err &&
	test_must_fail --code=2 dltriage triage --db s.db abcd abce 2>err &&
	test_must_fail --code=2 dltriage triage --db s.db 0000000000000001 \
	    --status confirmed 2>err &&
	grep "^dltriage: no bucket .0000000000000001. in store .s\.db.$" err
'

test_expect_success 'bad triage options are refused and record nothing' '
	store &&
	id=$(bucket_of s.db "addmm_impl_cpu_") &&
	test_must_fail --code=2 dltriage triage --db s.db "$id" --status fixed 2>err &&
	grep "^dltriage: unknown status .fixed." err &&
	test_must_fail --code=2 dltriage triage --db s.db "$id" --status reported 2>err &&
	grep "^dltriage: .--status reported. needs .--url URL.$" err &&
	test_must_fail --code=2 dltriage triage --db s.db "$id" --status reported --url "a b" 2>err &&
	grep "^dltriage: invalid URL .a b.: expected one word without blanks$" err &&
	test_must_fail --code=2 dltriage triage --db s.db "$id" --status reported --url "" 2>err &&
	test_must_fail --code=2 dltriage triage --db s.db "$id" --status duplicate 2>err &&
	grep "^dltriage: .--status duplicate. needs .--duplicate-of BUCKET.$" err &&
	test_must_fail --code=2 dltriage triage --db s.db "$id" --status confirmed \
	    --duplicate-of "$id" 2>err &&
	grep "^dltriage: .--duplicate-of. goes with .--status duplicate. only$" err &&
	test_must_fail --code=2 dltriage triage --db s.db "$id" --note hi 2>err &&
	grep "^dltriage: .--note. needs .--status.$" err &&
	test_must_fail --code=2 dltriage triage --db s.db "$id" --status confirmed \
	    --author "" 2>err &&
	grep "^dltriage: empty author$" err &&
	test_must_fail --code=2 dltriage triage --db s.db "$id" --status duplicate \
	    --duplicate-of "$id" 2>err &&
	grep "^dltriage: bucket .$id. cannot be a duplicate of itself$" err &&
	test_must_fail --code=2 dltriage triage --db s.db "$id" --status duplicate \
	    --duplicate-of zzzz 2>err &&
	dltriage triage --db s.db "$id" >out &&
	test $(wc -l <out) -eq 1
'

test_expect_success 'a duplicate folds into its target' '
	store &&
	a=$(bucket_of s.db "Tensor-likes are not close") &&
	b=$(bucket_of s.db "\"title\":\"AssertionError\"") &&
	c=$(bucket_of s.db "numpy.testing") &&
	test -n "$a" && test -n "$b" && test -n "$c" &&
	dltriage buckets --db s.db --format json >before &&
	dltriage triage --db s.db "$a" --status duplicate --duplicate-of "$b" >out &&
	echo "bucket $a: new -> duplicate of $b" >expect &&
	test_cmp expect out &&
	dltriage buckets --db s.db --format json >after &&
	test $(wc -l <after) -eq $((nbuckets - 1)) &&
	! grep "\"bucket\":\"$a\"" after &&
	grep "\"bucket\":\"$b\".*\"count\":2," after &&
	dltriage buckets --db s.db --status duplicate --format json >dups &&
	test $(wc -l <dups) -eq 1 &&
	grep "\"bucket\":\"$a\".*\"count\":1,.*\"status\":\"duplicate\",\"duplicate_of\":\"$b\"" dups &&
	dltriage triage --db s.db "$b" --status duplicate --duplicate-of "$c" &&
	dltriage buckets --db s.db --format json >chain &&
	test $(wc -l <chain) -eq $((nbuckets - 2)) &&
	grep "\"bucket\":\"$c\".*\"frameworks\":\[{\"name\":\"jax\",\"versions\":\[\]},{\"name\":\"pytorch\",\"versions\":\[\]},{\"name\":\"unknown\",\"versions\":\[\]}\],\"count\":3," chain &&
	dltriage buckets --db s.db --status duplicate,new --format json >all &&
	test $(wc -l <all) -eq "$nbuckets" &&
	dltriage buckets --db s.db --class inconsistency --format json >inc &&
	test $(wc -l <inc) -eq 1
'

test_expect_success 'a duplicate that would loop is refused' '
	store &&
	a=$(bucket_of s.db "Tensor-likes are not close") &&
	b=$(bucket_of s.db "\"title\":\"AssertionError\"") &&
	c=$(bucket_of s.db "numpy.testing") &&
	dltriage triage --db s.db "$a" --status duplicate --duplicate-of "$b" &&
	test_must_fail --code=2 dltriage triage --db s.db "$b" --status duplicate \
	    --duplicate-of "$a" 2>err &&
	grep "^dltriage: bucket .$b. cannot be a duplicate of .$a.: the duplicates would loop ($b -> $a -> $b)$" err &&
	dltriage triage --db s.db "$b" --status duplicate --duplicate-of "$c" &&
	test_must_fail --code=2 dltriage triage --db s.db "$c" --status duplicate \
	    --duplicate-of "$a" 2>err &&
	grep "would loop ($c -> $a -> $b -> $c)$" err &&
	dltriage triage --db s.db "$c" >out &&
	grep "^bucket $c: new (no decision)$" out &&
	dltriage triage --db s.db "$a" --status confirmed &&
	dltriage triage --db s.db "$c" --status duplicate --duplicate-of "$a"
'

test_expect_success 'a false positive is listed after every real defect' '
	store &&
	id=$(dltriage buckets --db s.db --format json | head -n 1 |
	    sed "s/.*\"bucket\":\"\([0-9a-f]*\)\".*/\1/") &&
	test ${#id} = 16 &&
	dltriage triage --db s.db "$id" --status false-positive &&
	dltriage buckets --db s.db --format json >out &&
	tail -n 1 out | grep "\"bucket\":\"$id\".*\"status\":\"false-positive\"" &&
	test $(wc -l <out) -eq "$nbuckets" &&
	dltriage buckets --db s.db --sort count --format json | tail -n 1 |
	    grep "\"bucket\":\"$id\"" &&
	dltriage buckets --db s.db | tail -n 1 | grep "^$id .* false-positive "
'

test_expect_success 'classify --db reports the decision of a triaged bucket' '
	store &&
	cp "$LOGS/pytorch-internal-assert.log" ia.log &&
	cp "$LOGS/pytorch-half-not-implemented.log" half.log &&
	echo "run again" >>ia.log &&
	echo "run again" >>half.log &&
	ia=$(bucket_of s.db "INTERNAL ASSERT") &&
	half=$(bucket_of s.db "addmm_impl_cpu_") &&
	dltriage triage --db s.db "$ia" --status false-positive &&
	dltriage triage --db s.db "$half" --status duplicate --duplicate-of "$ia" &&
	dltriage classify --db s.db --format json ia.log half.log \
	    "$LOGS/nan-loss-training.log" >out &&
	test $(wc -l <out) -eq 3 &&
	grep "\"bucket\":\"$ia\".*\"security\":[a-z]*,\"triage\":\"false-positive\"}$" out &&
	grep "\"bucket\":\"$half\".*,\"triage\":\"duplicate\",\"duplicate_of\":\"$ia\"}$" out &&
	grep "nan-loss-training" out >nan &&
	! grep "\"triage\"" nan &&
	dltriage classify --format json ia.log >plain &&
	! grep "\"triage\"" plain &&
	dltriage buckets --db s.db --status false-positive --format json >fp &&
	grep "\"bucket\":\"$ia\".*\"count\":5," fp &&
	dltriage classify --db s.db ia.log >table &&
	! grep "triage" table
'

test_expect_sqlite3 'a version 4 store migrates to version 6 and keeps its decisions' '
	store &&
	id=$(bucket_of s.db "addmm_impl_cpu_") &&
	to_v5 s.db &&
	sqlite3 s.db "ALTER TABLE triage DROP COLUMN url;
	    INSERT INTO triage (bucket, decision, author, decided_at)
	    VALUES ('\''$id'\'', '\''confirmed'\'', '\''old'\'', '\''2026-01-01T00:00:00Z'\'');
	    PRAGMA user_version = 4" &&
	dltriage buckets --db s.db --status confirmed --format json >out &&
	grep "\"bucket\":\"$id\".*\"url\":null" out &&
	echo 6 >expect &&
	sqlite3 s.db "PRAGMA user_version" >actual &&
	test_cmp expect actual &&
	dltriage triage --db s.db "$id" --status reported --url https://x.org/1 &&
	dltriage triage --db s.db "$id" >out &&
	grep "  confirmed  by old$" out &&
	grep "  reported https://x.org/1  by " out
'

test_expect_sqlite3 'a decision with a word of no dltriage is no decision' '
	store &&
	id=$(bucket_of s.db "addmm_impl_cpu_") &&
	sqlite3 s.db "INSERT INTO triage (bucket, decision, decided_at)
	    VALUES ('\''$id'\'', '\''wontfix'\'', '\''2026-01-01T00:00:00Z'\'')" &&
	dltriage buckets --db s.db --status new --format json >out &&
	test $(wc -l <out) -eq "$nbuckets"
'

test_expect_success 'merge carries decisions and their URL' '
	store &&
	id=$(bucket_of s.db "addmm_impl_cpu_") &&
	dltriage triage --db s.db "$id" --status reported --url https://x.org/7 &&
	dltriage merge -q -o m.db s.db &&
	dltriage merge -o m.db s.db >out &&
	grep " 0 triage$" out &&
	dltriage buckets --db m.db --status reported --format json >out &&
	grep "\"bucket\":\"$id\".*\"url\":\"https://x.org/7\"" out
'

test_expect_sqlite3 'frameworks carry the versions the executions recorded' '
	sqlite3 v2.db <"$TEST_SRCDIR/tests/stores/v2.sql" &&
	dltriage buckets --db v2.db --format json >out &&
	grep "{\"name\":\"jax\",\"versions\":\[\"0.10.2\"\]}" out &&
	dltriage buckets --db v2.db >table &&
	grep " jax 0\.10\.2 " table
'

test_expect_sqlite3 'bytes that are not text stay out of the table' '
	store &&
	id=$(bucket_of s.db "addmm_impl_cpu_") &&
	sqlite3 s.db "UPDATE buckets SET signature = '\''a'\'' || char(10) || '\''b'\'' ||
	    char(27) || '\''[31mred'\'' WHERE id = '\''$id'\''" &&
	dltriage buckets --db s.db >out &&
	test $(($(wc -l <out) - 1)) -eq "$nbuckets" &&
	grep "a b \[31mred$" out &&
	dltriage buckets --db s.db --format json | grep "\"title\":\"a\\\\nb\\\\u001b\[31mred\"" &&
	dltriage buckets --db s.db --format csv >csv &&
	test $(grep -c "$(printf "\r")\$" csv) -eq $((nbuckets + 1))
'

test_expect_success 'a bucket the priority model abstained on is unknown, below low' '
	mkdir -p unsure &&
	printf "dltriage-priority-model\t1\nbias\t0\t0\t0\ncalibration\t1\t0\t0\t0\nabstain\t0.9\n" >unsure/priority.model &&
	dltriage classify -q --rules unsure --db u.db "$LOGS/tf-invalid-argument.log" &&
	dltriage classify -q --db u.db "$LOGS/pytorch-internal-assert.log" &&
	dltriage buckets --db u.db --format json >out &&
	tail -n 1 out | grep "\"priority\":\"unknown\"" &&
	dltriage buckets --db u.db --priority unknown --format json >out &&
	test $(wc -l <out) -eq 1 &&
	grep "\"priority\":\"unknown\"" out
'

test_expect_success 'near duplicates are proposed beside the exact ids' '
	printf "Traceback (most recent call last):\n  File \"/venv/lib/python3.11/site-packages/torch/nn/modules/conv.py\", line 454, in _conv_forward\n    return F.conv2d(input, weight)\nRuntimeError: Given groups=1, weight of size [8, 3, 3, 3], expected input[1, 4, 8, 8] to have 3 channels, but got 4 channels instead\n" >n1.log &&
	sed "s/got 4 channels/got 5 channels/; s/input\[1, 4, 8, 8\]/input[1, 5, 8, 8]/; s/weight of size/the weight of size/" n1.log >n2.log &&
	printf "Segmentation fault (core dumped)\n" >n3.log &&
	dltriage classify -q --db n.db n1.log n2.log n3.log &&
	dltriage buckets --db n.db --format json >out &&
	test $(wc -l <out) -eq 3 &&
	test $(grep -c "\"near\":\[{\"bucket\":\"[0-9a-f]\{16\}\",\"score\":" out) -eq 2 &&
	grep "SIGSEGV" out | grep "\"near\":\[\]" &&
	dltriage buckets --db n.db >table &&
	test $(grep -c "\[~1 near\] RuntimeError" table) -eq 2 &&
	dltriage buckets --db n.db --format csv | tr -d "\r" |
	    grep -c ",[0-9a-f]\{16\}:0\.[0-9][0-9]\$" | grep -x 2
'

test_expect_sqlite3 'a version 5 store migrates to version 6 and lists the same' '
	store &&
	same_stats s.db &&
	id=$(bucket_of s.db "addmm_impl_cpu_") &&
	dltriage triage --db s.db "$id" --status confirmed &&
	for f in table json csv; do
		dltriage buckets --db s.db --format $f >new.$f || return 1
	done &&
	dltriage show --db s.db "$id" >new.show &&
	to_v5 s.db &&
	dltriage buckets --db s.db >old.table &&
	echo 6 >expect &&
	sqlite3 s.db "PRAGMA user_version" >actual &&
	test_cmp expect actual &&
	same_stats s.db &&
	test_cmp new.table old.table &&
	for f in json csv; do
		dltriage buckets --db s.db --format $f >old.$f &&
		test_cmp new.$f old.$f || return 1
	done &&
	dltriage show --db s.db "$id" >old.show &&
	test_cmp new.show old.show
'

test_expect_sqlite3 'the aggregates follow failures added, moved and removed' '
	store &&
	dltriage classify -q --db s.db "$LOGS"/*.log &&
	same_stats s.db &&
	sqlite3 s.db "UPDATE failures SET priority = '\''high'\'', confidence = 0.5
	    WHERE id % 3 = 0;
	    UPDATE failures SET framework = NULL WHERE id % 5 = 0;
	    UPDATE failures SET bucket = (SELECT min(id) FROM buckets)
	    WHERE id % 7 = 0" &&
	same_stats s.db &&
	sqlite3 s.db "DELETE FROM failures WHERE id % 2 = 0" &&
	same_stats s.db &&
	dltriage merge -q -o m.db s.db "$BASE" &&
	same_stats m.db
'

test_expect_sqlite3 'counts out of range in an edited store are read as counts' '
	store &&
	a=$(sqlite3 s.db "SELECT id FROM buckets ORDER BY id LIMIT 1") &&
	b=$(sqlite3 s.db "SELECT id FROM buckets ORDER BY id LIMIT 1 OFFSET 1") &&
	c=$(sqlite3 s.db "SELECT id FROM buckets ORDER BY id LIMIT 1 OFFSET 2") &&
	dltriage triage --db s.db "$b" --status duplicate --duplicate-of "$a" >/dev/null &&
	sqlite3 s.db "UPDATE buckets SET count = 9223372036854775807
	    WHERE id IN ('\''$a'\'', '\''$b'\'');
	    UPDATE buckets SET count = -5 WHERE id = '\''$c'\'';
	    UPDATE bucket_stats SET failures = 9223372036854775807" &&
	dltriage buckets --db s.db --format json >out &&
	grep "^{\"bucket\":\"$a\",.*\"count\":2199023255552," out &&
	grep "^{\"bucket\":\"$c\",.*\"count\":0," out &&
	dltriage buckets --db s.db >/dev/null &&
	dltriage show --db s.db "$a" >/dev/null &&
	dltriage export --db s.db --format html >/dev/null
'

test_expect_sqlite3 'the aggregates follow an execution whose version changes' '
	sqlite3 v2.db <"$TEST_SRCDIR/tests/stores/v2.sql" &&
	dltriage buckets --db v2.db --format json >/dev/null &&
	same_stats v2.db &&
	sqlite3 v2.db "UPDATE executions SET framework_version = '\''9.9'\''
	    WHERE framework = '\''jax'\''" &&
	same_stats v2.db &&
	dltriage buckets --db v2.db --format json >out &&
	grep "{\"name\":\"jax\",\"versions\":\[\"9.9\"\]}" out
'

test_done
