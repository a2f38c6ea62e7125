#!/bin/bash
# bench/logview-open.sh: how fast the TUI's log view (src/logview.c)
# opens a 100 MB log and has its first screen ready, how long the whole
# line index takes, next to "wc -l" over the same file, and how much
# memory each needs.  See bench/README.
#
# usage: bench/logview-open.sh [LOGVIEW-BENCH]
#
# LOGVIEW-BENCH is the driver bench/logview-bench.c ("make bench-logview"
# builds it and runs this script).
#
# Environment:
#   DLT_BENCH_DIR   where the generated log lives (reused when it is
#                   there); default ${TMPDIR:-/tmp}/dltriage-bench-logview
#   DLT_BENCH_SIZE  its size for bench/gen-logs.py; default 100M
#   DLT_BENCH_RUNS  runs of each measurement, the best is kept; default 5
#
# The file is read from the page cache (it was just written, and every
# run reads it again): the figures are of the work done, not of the disk.
# Needs bash, python3, GNU time (/usr/bin/time), bc and wc.
if [ -z "${BASH_VERSION:-}" ]; then
	exec bash "$0" "$@"
fi
set -eu
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
driver=${1:-$top/bench/logview-bench}
dir=${DLT_BENCH_DIR:-${TMPDIR:-/tmp}/dltriage-bench-logview}
size=${DLT_BENCH_SIZE:-100M}
runs=${DLT_BENCH_RUNS:-5}

die() {
	echo "logview-open: $*" >&2
	exit 1
}

[ -x "$driver" ] || die "no driver at '$driver' (make bench-logview builds it)"
[ -x /usr/bin/time ] || die "GNU time is needed as /usr/bin/time (apt-get install time)"
command -v python3 >/dev/null || die "python3 is needed"
command -v bc >/dev/null || die "bc is needed"

# 1. The log: the generator's logs (training, test-suite and mutant-run
# output) in one file, as a CI job's whole output would be.
log=$dir/big-$size.log
if [ ! -s "$log" ]; then
	echo "generating a $size log in $dir ..."
	rm -rf "$dir"
	mkdir -p "$dir"
	python3 "$here/gen-logs.py" --size "$size" --seed 1 --parts 1 "$dir/gen" >/dev/null
	find "$dir/gen" -name '*.log' | sort | xargs cat >"$log"
	rm -rf "$dir/gen"
else
	echo "reusing $log"
fi
bytes=$(wc -c <"$log")
lines=$(wc -l <"$log")
printf 'log: %s, %d bytes (%.1f MB), %d lines\n' "$log" "$bytes" \
    "$(echo "$bytes / 1000000" | bc -l)" "$lines"

# 2. Each measurement RUNS times; the best time is kept, with the peak
# RSS of that run (which counts the log's pages mapped: they belong to
# the page cache, not to the process) and the driver's own memory
# (RssAnon: the index).  The driver times itself, from open to the
# screen ready, without its process start.
best_ms=
best_rss=
best_out=
measure() {
	local i out ms rss tf
	tf=$(mktemp)
	best_ms=
	for i in $(seq 1 "$runs"); do
		out=$(/usr/bin/time -f '%M' -o "$tf" "$@")
		read -r rss <"$tf"
		ms=$(echo "$out" | awk 'NR == 1 { print $2 }')
		if [ -z "$best_ms" ] || [ "$(echo "$ms < $best_ms" | bc -l)" = 1 ]; then
			best_ms=$ms
			best_rss=$rss
			best_out=$out
		fi
	done
	rm -f "$tf"
}

# wc -l is timed by a clock of its own, as GNU time says 0.01 s at best;
# its figure includes starting the process (about 1 ms).
wc_ms() {
	python3 -c 'import subprocess, sys, time
t = time.monotonic()
subprocess.run(["wc", "-l", sys.argv[1]], stdout=subprocess.DEVNULL, check=True)
print("wc %.3f" % ((time.monotonic() - t) * 1000))' "$1"
}

measure "$driver" first "$log" 50
first_ms=$best_ms first_rss=$best_rss
set -- $best_out
first_lines=$3 first_done=$4 first_anon=$5
measure "$driver" first "$log" 1
quick_ms=$best_ms quick_rss=$best_rss
set -- $best_out
quick_lines=$3 quick_anon=$5
measure "$driver" full "$log"
full_ms=$best_ms full_rss=$best_rss
set -- $best_out
full_lines=$3 full_anon=$5
best_ms=
for i in $(seq 1 "$runs"); do
	ms=$(wc_ms "$log" | awk '{ print $2 }')
	if [ -z "$best_ms" ] || [ "$(echo "$ms < $best_ms" | bc -l)" = 1 ]; then
		best_ms=$ms
	fi
done
wc_best=$best_ms
/usr/bin/time -f '%M' -o "$dir/wc.rss" wc -l "$log" >/dev/null
wc_rss=$(cat "$dir/wc.rss")

printf '\n%-36s %9s %10s %10s %10s\n' "" "ms" "lines" "peak RSS" "own KB"
printf '%-36s %9.1f %10s %10s %10s\n' "open + first screen, 50 ms index" \
    "$first_ms" "$first_lines" "$first_rss" "$first_anon"
printf '%-36s %9.1f %10s %10s %10s\n' "open + first screen, 1 ms index" \
    "$quick_ms" "$quick_lines" "$quick_rss" "$quick_anon"
printf '%-36s %9.1f %10s %10s %10s\n' "open + whole index" "$full_ms" \
    "$full_lines" "$full_rss" "$full_anon"
printf '%-36s %9.1f %10s %10s %10s\n' "wc -l (reference)" "$wc_best" "$lines" \
    "$wc_rss" "-"
echo
[ "$full_lines" = "$lines" ] || [ "$(tail -c 1 "$log" | od -An -c | tr -d ' ')" != '\n' ] ||
    die "the index counts $full_lines lines, wc -l $lines"
printf 'first screen ready in %.1f ms (%s); whole index %.2fx the time of wc -l\n' \
    "$first_ms" "$([ "$first_done" = 1 ] && echo "index complete by then" || echo "index partial")" \
    "$(echo "$full_ms / $wc_best" | bc -l)"
