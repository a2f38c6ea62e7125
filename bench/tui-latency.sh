#!/bin/bash
# bench/tui-latency.sh: how fast `dltriage tui` shows its first screen,
# scrolls, and opens a 100 MB log on a store of a million failures, and
# how much memory it takes; next to references over the same store in
# the same run (sqlite3 counting the failures, `dltriage buckets`).
# See bench/README.
#
# usage: bench/tui-latency.sh [DLTRIAGE]
#
# DLTRIAGE defaults to src/dltriage of this tree (build it without
# sanitizers: ./configure && make).  The TUI runs in a detached tmux
# session; each latency is from send-keys to the line that the TUI appends
# to its DLTRIAGE_TUI_READY file after drawing the screen for that key
# (polled every millisecond or so), so it includes tmux's own delivery.
#
# Environment:
#   DLT_BENCH_DIR       where the store and the log live (reused when
#                       there); default ${TMPDIR:-/tmp}/dltriage-bench-tui
#   DLT_BENCH_FAILURES  failures in the store; default 1000000
#   DLT_BENCH_BUCKETS   unique defects; default 20000
#   DLT_BENCH_LOG_MB    the big log's size; default 100
#   DLT_BENCH_KEYS      PgDn presses timed; default 50
# Needs bash, python3, tmux, sqlite3 and GNU time (/usr/bin/time).
if [ -z "${BASH_VERSION:-}" ]; then
	exec bash "$0" "$@"
fi
set -eu
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
dlt=${1:-$top/src/dltriage}
dir=${DLT_BENCH_DIR:-${TMPDIR:-/tmp}/dltriage-bench-tui}
nfail=${DLT_BENCH_FAILURES:-1000000}
nbuck=${DLT_BENCH_BUCKETS:-20000}
logmb=${DLT_BENCH_LOG_MB:-100}
nkeys=${DLT_BENCH_KEYS:-50}
sock=dltbench$$

die() {
	echo "tui-latency: $*" >&2
	exit 1
}
for t in python3 tmux sqlite3 /usr/bin/time; do
	command -v "$t" >/dev/null || die "'$t' is needed"
done
[ -x "$dlt" ] || die "no dltriage at '$dlt'"
mkdir -p "$dir"
log=$dir/big.log
store=$dir/store-$nfail.db

if [ ! -s "$log" ]; then
	echo "writing a ${logmb} MB log: $log"
	python3 - "$log" "$logmb" <<'PY'
import random, sys
path, mb = sys.argv[1], int(sys.argv[2])
rnd = random.Random(3)
with open(path, "w") as f:
    n = 0
    while f.tell() < mb << 20:
        n += 1
        f.write("I1128 12:%02d:%02d.%06d  4242 trainer.cc:%d] step %d"
                " loss=%.5f lr=%.2e grad_norm=%.3f throughput=%.1f ex/s\n"
                % (n // 3600 % 60, n // 60 % 60, n % 1000000,
                   100 + n % 900, n, rnd.random(), 1e-3 * rnd.random(),
                   rnd.random() * 10, 1000 * rnd.random()))
PY
fi
if [ ! -s "$store" ]; then
	echo "generating the store: $store"
	python3 "$here/gen-store.py" "$dlt" "$store" "$nfail" "$nbuck" "$log"
fi

ms() {
	echo $(( $(date +%s%N) / 1000000 ))
}
lines() {
	if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi
}
# wait_line FILE N: until FILE has N lines; the time in ms when it had.
wait_line() {
	local i=0
	while [ "$(lines "$1")" -lt "$2" ]; do
		i=$((i + 1))
		[ $i -lt 200000 ] || die "no screen $2 in '$1'"
		sleep 0.0005
	done
	ms
}
tmx() {
	tmux -L "$sock" -f /dev/null "$@"
}
trap 'tmx kill-server 2>/dev/null || true' EXIT
# key NAME: the latency of one key, in ms
key() {
	local n t0
	n=$(( $(lines "$dir/ready") + 1 ))
	t0=$(ms)
	tmx send-keys -t b "$1"
	echo $(( $(wait_line "$dir/ready" "$n") - t0 ))
}
stats() {
	sort -n | awk '{ v[NR] = $1; s += $1 } END {
	    printf "median %d ms, max %d ms, mean %.1f ms over %d\n",
	    v[int((NR + 1) / 2)], v[NR], s / NR, NR }'
}

echo "store: $(du -h "$store" | cut -f1) ($nfail failures, $nbuck buckets)"
echo
echo "references on the same store:"
t0=$(ms); sqlite3 "$store" "SELECT count(*) FROM failures" >/dev/null
echo "  sqlite3 'SELECT count(*) FROM failures': $(( $(ms) - t0 )) ms"
t0=$(ms); "$dlt" buckets --db "$store" --format csv | head -n 2 >/dev/null
echo "  dltriage buckets --format csv | head -2: $(( $(ms) - t0 )) ms"
echo
best=
for i in $(seq 10); do
	t0=$(ms)
	"$dlt" tui --db "$store" --dump-screen --size 100x30 >/dev/null
	t=$(( $(ms) - t0 ))
	if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
done
echo "tui --dump-screen, the first screen (process start to exit), best of 10: $best ms"
/usr/bin/time -f "%U %S" -o "$dir/cpu" "$dlt" tui --db "$store" --dump-screen \
    --size 100x30 >/dev/null
echo "  its CPU time (user + system, what the machine's load does not change): $(awk '{ printf "%d", ($1 + $2) * 1000 }' "$dir/cpu") ms"
echo "  (load average now: $(cut -d" " -f1 /proc/loadavg) on $(nproc) CPUs)"
/usr/bin/time -f "%M" -o "$dir/rss-dump" "$dlt" tui --db "$store" \
    --dump-screen --size 100x30 >/dev/null
echo "  its peak RSS: $(cat "$dir/rss-dump") KiB"
echo

rm -f "$dir/ready" "$dir/rss"
t0=$(ms)
tmx new-session -d -s b -x 100 -y 30 \
    "cd '$dir' && DLTRIAGE_TUI_READY='$dir/ready' /usr/bin/time -f %M -o '$dir/rss' '$dlt' tui --db '$store'; sleep 600"
t1=$(wait_line "$dir/ready" 1)
echo "tui in tmux: from the launch to the first screen drawn: $(( t1 - t0 )) ms"
for i in $(seq "$nkeys"); do key NPage; done | stats |
    sed 's/^/  PgDn on the defects: /'
echo "  G (the last page of $nbuck defects): $(key G) ms"
echo "  g (the first page again): $(key g) ms"
echo "  Enter (the failures of the worst defect): $(key Enter) ms"
for i in $(seq 10); do key NPage; done | stats |
    sed 's/^/  PgDn on its failures: /'
key g >/dev/null
echo "  Enter (its ${logmb} MB log, at the evidence mid-way): $(key Enter) ms"
for i in $(seq 10); do key NPage; done | stats |
    sed 's/^/  PgDn in the log: /'
echo "  G (the end of the log: the whole index): $(key G) ms"
echo "  / and 'loss=0.12345' Enter: search, counting in the background:"
key / >/dev/null
n=$(( $(lines "$dir/ready") + 11 ))
tmx send-keys -t b -l 'loss=0.1234'
wait_line "$dir/ready" "$n" >/dev/null
echo "    Enter: $(key Enter) ms"
tmx send-keys -t b Q
i=0
while [ ! -s "$dir/rss" ]; do
	i=$((i + 1)); [ $i -lt 20000 ] || die "no RSS"
	sleep 0.001
done
echo "  peak RSS of the session: $(cat "$dir/rss") KiB"
