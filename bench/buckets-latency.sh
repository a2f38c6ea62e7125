#!/bin/bash
# bench/buckets-latency.sh: how soon `dltriage buckets` and `dltriage
# show` print their first line on a store of a million failures, next
# to a reference over the same store in the same run (sqlite3 counting
# the failures).  See bench/README.
#
# usage: bench/buckets-latency.sh [DLTRIAGE]
#
# DLTRIAGE defaults to src/dltriage of this tree (build it without
# sanitizers: ./configure && make).  Each command runs with its standard
# output a pipe, as under `| head`: the time is from the start of the
# process to the first line of a row (the line after a header), and the
# process is killed there.  The best of DLT_BENCH_RUNS is kept, with its
# CPU time (user + system), which the machine's load does not change.
# The whole run of each is timed too, once.
#
# Environment:
#   DLT_BENCH_DIR       where the store lives (reused when there; a store
#                       of an older schema is migrated by the first,
#                       untimed, run); default
#                       ${TMPDIR:-/tmp}/dltriage-bench-buckets
#   DLT_BENCH_FAILURES  failures in the store; default 1000000
#   DLT_BENCH_BUCKETS   unique defects; default 20000
#   DLT_BENCH_RUNS      runs of each, the best kept; default 5
# Needs bash, python3 and sqlite3.
if [ -z "${BASH_VERSION:-}" ]; then
	exec bash "$0" "$@"
fi
set -eu
export LC_ALL=C
unset COLUMNS

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
dlt=${1:-$top/src/dltriage}
dir=${DLT_BENCH_DIR:-${TMPDIR:-/tmp}/dltriage-bench-buckets}
nfail=${DLT_BENCH_FAILURES:-1000000}
nbuck=${DLT_BENCH_BUCKETS:-20000}
runs=${DLT_BENCH_RUNS:-5}

die() {
	echo "buckets-latency: $*" >&2
	exit 1
}
for t in python3 sqlite3; do
	command -v "$t" >/dev/null || die "'$t' is needed"
done
[ -x "$dlt" ] || die "no dltriage at '$dlt'"
case $runs in
''|*[!0-9]*|0) die "DLT_BENCH_RUNS must be a positive number" ;;
esac
mkdir -p "$dir"
store=$dir/store-$nfail.db
if [ ! -s "$store" ]; then
	echo "generating the store: $store"
	python3 "$here/gen-store.py" "$dlt" "$store" "$nfail" "$nbuck"
fi
# an older schema is migrated now, not in a timed run
"$dlt" buckets --db "$store" --status reported --format csv >/dev/null

big=$(sqlite3 "$store" "SELECT id FROM buckets ORDER BY count DESC, id LIMIT 1")
bigcount=$(sqlite3 "$store" "SELECT count FROM buckets WHERE id = '$big'")
one=$(sqlite3 "$store" "SELECT max(id) / 2 FROM failures")
echo "store: $store, $(sqlite3 "$store" "SELECT count(*) FROM failures") failures in $(sqlite3 "$store" "SELECT count(*) FROM buckets") buckets"
echo "show: the biggest bucket $big ($bigcount failures), failure f$one"
echo "best of $runs; first line, its CPU time, then the whole run (once)"

# first LINES CMD...: "ms cpu_ms whole_ms" of the first LINES lines.
first() {
	python3 - "$runs" "$@" <<'PY'
import os, signal, subprocess, sys, time
runs, lines, cmd = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
best = None
for _ in range(runs):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)
    got = 0
    while got < lines and p.stdout.readline():
        got += 1
    t1 = time.perf_counter()
    if got < lines:
        sys.exit("buckets-latency: %s printed %d lines" % (cmd, got))
    os.kill(p.pid, signal.SIGKILL)  # not p.kill(): it may reap it
    _, _, ru = os.wait4(p.pid, 0)
    p.returncode = -9
    p.stdout.close()
    r = ((t1 - t0) * 1000, (ru.ru_utime + ru.ru_stime) * 1000)
    if best is None or r[0] < best[0]:
        best = r
t0 = time.perf_counter()
subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print("%.1f %.1f %.0f" % (best[0], best[1], (time.perf_counter() - t0) * 1000))
PY
}

row() {
	local what=$1 lines=$2
	shift 2
	set -- $(first "$lines" "$@")
	printf "| %s | %s ms | %s ms | %s ms |\n" "$what" "$1" "$2" "$3"
}

echo
echo "| what | first line | its CPU | whole run |"
echo "|---|---:|---:|---:|"
row "reference: sqlite3 \`SELECT count(*) FROM failures\`" 1 \
    sqlite3 "$store" "SELECT count(*) FROM failures"
row "buckets (table)" 2 "$dlt" buckets --db "$store"
row "buckets --format json" 1 "$dlt" buckets --db "$store" --format json
row "buckets --format csv" 2 "$dlt" buckets --db "$store" --format csv
row "buckets --class oom --format csv" 2 "$dlt" buckets --db "$store" \
    --class oom --format csv
row "buckets --sort count" 2 "$dlt" buckets --db "$store" --sort count
row "show, the biggest bucket" 1 "$dlt" show --db "$store" "$big"
row "show f$one" 1 "$dlt" show --db "$store" "f$one"
