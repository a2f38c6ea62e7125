#!/bin/sh
# t3009: a store edited by hand.  tools/store-chaos.py sets, in turn,
# columns that the readers parse or add up (counts, times, JSON frames
# and evidence, messages, triage decisions and their targets, the
# aggregates) to hostile values (NULL, 2^63 - 1, 70,000 bytes, escape
# bytes, broken JSON) and runs buckets, show, triage, export and the
# triage screen on each copy: none may die of a signal, exit above 10 or
# print a sanitizer report.  A sample of what the tool does in full
# (fuzz/README).
. "$(dirname "$0")/test-lib.sh"

if ! "$PYTHON3" -c 'import sqlite3' 2>/dev/null; then
	test_skip 'hostile stores' 'python3 has no sqlite3 module'
	test_done
	exit 0
fi

test_expect_success 'setup: a store with failures and triage decisions' '
	dltriage classify -q --db s.db "$TEST_SRCDIR"/corpus/logs/*.log >/dev/null &&
	a=$(dltriage buckets --db s.db --format csv | sed -n 2p | cut -d, -f1) &&
	b=$(dltriage buckets --db s.db --format csv | sed -n 3p | cut -d, -f1) &&
	c=$(dltriage buckets --db s.db --format csv | sed -n 4p | cut -d, -f1) &&
	dltriage triage --db s.db "$a" --status confirmed --note "seen" >/dev/null &&
	dltriage triage --db s.db "$b" --status duplicate --duplicate-of "$a" >/dev/null &&
	dltriage triage --db s.db "$c" --status reported \
	    --url https://example.org/issues/1 >/dev/null &&
	cp s.db "$TEST_TMP/hostile-base.db"
'

test_expect_success 'every reader survives hostile values in the columns it parses' '
	"$PYTHON3" "$TEST_SRCDIR/tools/store-chaos.py" --dltriage "$DLTRIAGE" \
	    --commands buckets,show,triage,export,tui --values 5 \
	    --columns buckets.count,buckets.first_seen,buckets.signature,failures.frames,failures.evidence,failures.exc_message,failures.line_start,triage.decision,triage.duplicate_of,bucket_stats.failures,bucket_first.frames \
	    "$TEST_TMP/hostile-base.db" >out 2>err
	rc=$?
	cat out err &&
	test $rc = 0 &&
	grep "^[1-9][0-9]* runs, 0 bad$" out
'

test_done
