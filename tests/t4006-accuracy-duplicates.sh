#!/bin/sh
# t4006: bucket quality on duplicate groups from the trackers
# (corpus/duplicates: issues closed as duplicates of one another, each
# with the error output its thread prints): pairs of one group should
# share a bucket or a near proposal, pairs of different groups should not.
# See tests/accuracy-duplicates.py and corpus/duplicates/README.md.
. "$(dirname "$0")/test-lib.sh"

# Floors a little under what the current rules measure on the set
# (2026-12-02, 14 logs in 9 groups, 4 of them with two logs or more; see
# corpus/duplicates/README.md and bench/README): exact recall 2/6 pairs
# (0.333) and exact-or-near recall 5/6 (0.833), so losing one more pair
# fails; false merges 2/85 (0.024), so a fifth merged cross-group pair
# fails.  (Exact recall was 4/6 before the framework a log imports was
# read: two of jax-432's three bus errors name JAX's files, the third
# nothing, and the framework is part of a bucket; a near proposal
# joins them, since an unknown framework is not another one.)  The set
# is still small: the floors guard against a regression, they do not
# say the buckets are good.
recall=0.3
near=0.8
merge=0.05
groups=4

test_expect_success "recall within duplicate groups >= $recall exact, >= $near exact or near; false merges <= $merge" '
	"$PYTHON3" "$TEST_SRCDIR/tests/accuracy-duplicates.py" \
	    --dltriage "$DLTRIAGE" \
	    --data "$TEST_SRCDIR/corpus/duplicates/groups.jsonl" \
	    --recall $recall --near-recall $near --false-merge $merge >out 2>err
	rc=$?
	cat out err >"$TEST_TMP/accuracy.txt"
	test $rc -eq 0
'
test_expect_success "the set holds at least $groups group(s) of two logs, every row complete" '
	"$PYTHON3" -c "
import collections, json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
need = (\"framework\", \"repo\", \"number\", \"url\", \"group\", \"evidence\", \"log\")
bad = [r.get(\"url\") for r in rows if any(not r.get(k) for k in need)]
size = collections.Counter(r[\"group\"] for r in rows)
multi = sum(1 for n in size.values() if n >= 2)
urls = [r[\"url\"] for r in rows]
print(len(rows), \"rows\", len(size), \"groups\", multi, \"of two or more\", \"incomplete:\", bad)
sys.exit(0 if not bad and multi >= int(sys.argv[2]) and len(set(urls)) == len(urls) else 1)
" "$TEST_SRCDIR/corpus/duplicates/groups.jsonl" $groups
'
# The fourth round (groups-v3.jsonl): one ONNX Runtime pair that differed
# by its node names alone; a normaliser was written from it, so this
# guards the normaliser and is no held-out figure.
test_expect_success 'ONNX Runtime node names do not split a duplicate pair (groups-v3)' '
	"$PYTHON3" "$TEST_SRCDIR/tests/accuracy-duplicates.py" \
	    --dltriage "$DLTRIAGE" \
	    --data "$TEST_SRCDIR/corpus/duplicates/groups-v3.jsonl" \
	    --min-groups 1 --recall 1 >out3 2>err3
	rc=$?
	cat out3 err3 &&
	test $rc -eq 0
'
# The fifth round (groups-v4.jsonl): Apple's linker's error was not read,
# and Inductor's generated modules named frames at random; both were
# written from it, so this guards them and is no held-out figure (its
# other group, one defect seen as two different CUDA errors, stays split).
test_expect_success 'a custom op that does not link is one defect on either linker (groups-v4)' '
	grep "tensorflow-42524" "$TEST_SRCDIR/corpus/duplicates/groups-v4.jsonl" >tf4.jsonl &&
	"$PYTHON3" "$TEST_SRCDIR/tests/accuracy-duplicates.py" \
	    --dltriage "$DLTRIAGE" --data tf4.jsonl \
	    --min-groups 1 --recall 1 >out4 2>err4
	rc=$?
	cat out4 err4 &&
	test $rc -eq 0
'
test_expect_success 'the script fails when a group is split below the floor' '
	printf "%s\n" "{\"framework\": \"pytorch\", \"number\": 1, \"url\": \"u1\", \"group\": \"a\", \"log\": \"Traceback (most recent call last):\\n  File \\\"a.py\\\", line 1, in <module>\\nValueError: first\\n\"}" \
	    "{\"framework\": \"pytorch\", \"number\": 2, \"url\": \"u2\", \"group\": \"a\", \"log\": \"Traceback (most recent call last):\\n  File \\\"b.py\\\", line 9, in g\\nKeyError: second\\n\"}" >split.jsonl &&
	"$PYTHON3" "$TEST_SRCDIR/tests/accuracy-duplicates.py" \
	    --dltriage "$DLTRIAGE" --data split.jsonl --recall 1 >out2
	rc=$?
	cat out2 &&
	test $rc -eq 1 &&
	grep "^FAIL: exact recall" out2
'
if [ -f "$TEST_TMP/accuracy.txt" ]; then
	sed 's/^/# /' "$TEST_TMP/accuracy.txt"
fi

test_done
