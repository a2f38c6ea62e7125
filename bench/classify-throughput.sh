#!/bin/bash
# bench/classify-throughput.sh: how fast "dltriage classify" reads logs,
# next to grep over the same bytes with the rules' literal anchors, and
# how much memory it needs at 1/4, 1/2 and all of the data.  See
# bench/README.
#
# usage: bench/classify-throughput.sh [DLTRIAGE]
#
# Environment:
#   DLT_BENCH_DIR   where the generated logs live (reused when they match);
#                   default ${TMPDIR:-/tmp}/dltriage-bench
#   DLT_BENCH_SIZE  how much to generate: bytes, or with K, M, G; default 1G
#   DLT_BENCH_SEED  generator seed; default 1
#   DLT_BENCH_RUNS  runs of each measurement, the best and the median are
#                   kept; default 3
#   DLT_BENCH_PROFILE  mixed (default) or dense: the generator's profile
#                   (bench/gen-logs.py --profile)
#   DLT_BENCH_CLOCK  wall (default) or cpu: the time measured (cpu: user
#                   and system time, steadier on a shared machine)
#   DLT_BENCH_STORE  1: classify with the store on (--db, a new store for
#                   each run), as "dltriage classify --db" is used
#
# Needs bash, python3, GNU time (/usr/bin/time, Debian package "time")
# and grep.
if [ -z "${BASH_VERSION:-}" ]; then
	exec bash "$0" "$@"
fi
set -eu
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
dltriage=${1:-${DLTRIAGE:-$top/src/dltriage}}
dir=${DLT_BENCH_DIR:-${TMPDIR:-/tmp}/dltriage-bench}
size=${DLT_BENCH_SIZE:-1G}
seed=${DLT_BENCH_SEED:-1}
runs=${DLT_BENCH_RUNS:-3}
profile=${DLT_BENCH_PROFILE:-mixed}
clock=${DLT_BENCH_CLOCK:-wall}
case $clock in
wall) timefmt='%e %M' ;;
cpu) timefmt='%U %S %M' ;;
*) echo "classify-throughput: DLT_BENCH_CLOCK must be wall or cpu" >&2; exit 1 ;;
esac
store=${DLT_BENCH_STORE:-0}
case $profile in
mixed) target=300 ;;
dense) target=500 ;;
*) echo "classify-throughput: DLT_BENCH_PROFILE must be mixed or dense" >&2; exit 1 ;;
esac
# The shipped rules of this source tree, unless told otherwise.
: "${DLTRIAGE_DATADIR:=$top}"
export DLTRIAGE_DATADIR
unset DLTRIAGE_RULES DLTRIAGE_DB

die() {
	echo "classify-throughput: $*" >&2
	exit 1
}

[ -x "$dltriage" ] || die "no dltriage binary at '$dltriage' (build it, or give its path)"
[ -x /usr/bin/time ] || die "GNU time is needed as /usr/bin/time (apt-get install time)"
command -v python3 >/dev/null || die "python3 is needed"
/usr/bin/time -f %M true 2>/dev/null || die "/usr/bin/time is not GNU time"

# 1. The data: generate it unless a matching copy is there.
want_size=$(python3 -c "import sys; sys.path.insert(0, sys.argv[1]); import importlib; g = importlib.import_module('gen-logs'); print(g.parse_size(sys.argv[2]))" "$here" "$size")
have=$(python3 -c "import json, sys
try:
    m = json.load(open(sys.argv[1]))
    print('%d %d %s' % (m['size'], m['seed'], m.get('profile', 'mixed')))
except Exception:
    print('none')" "$dir/MANIFEST.json")
if [ "$have" != "$want_size $seed $profile" ]; then
	echo "generating $size of $profile logs (seed $seed) in $dir ..."
	rm -rf "$dir"
	python3 "$here/gen-logs.py" --size "$size" --seed "$seed" --parts 4 --profile "$profile" "$dir"
else
	echo "reusing the logs in $dir"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/dlt-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 2. The anchors, for grep.
"$dltriage" rules list --anchors >"$work/anchors" || die "dltriage rules list --anchors failed"
[ -s "$work/anchors" ] || die "dltriage rules list --anchors printed nothing"
nanchors=$(wc -l <"$work/anchors")

# 3. Everything in the page cache, so both tools read from memory.
find "$dir" -type f -name '*.log' -exec cat {} + >/dev/null

manifest() {
	python3 -c "import json, sys
m = json.load(open(sys.argv[1]))
parts = m['parts'][:int(sys.argv[2])]
print(sum(p['bytes'] for p in parts), sum(p['failures'] for p in parts), sum(p['files'] for p in parts))" \
	    "$dir/MANIFEST.json" "$1"
}

# best TOOL ARGS...: run under GNU time $runs times; print the best time
# and the median time in seconds and the largest peak RSS in KiB.  The time is CPU time (user
# and system) with DLT_BENCH_CLOCK=cpu, wall time otherwise (the default):
# on a shared machine the CPU time of a one-thread run is the steadier.  stdout of the last
# run is in $work/stdout.
best() {
	local i t m bt= bm=0 all=
	for ((i = 0; i < runs; i++)); do
		/usr/bin/time -f "$timefmt" -o "$work/time" "$@" >"$work/stdout" 2>"$work/stderr" || {
			# grep says 1 when nothing matched; anything else is a failure
			rc=$?
			if [ "$1" != grep ] || [ $rc -ne 1 ]; then
				cat "$work/stderr" >&2
				die "$1 failed (status $rc)"
			fi
		}
		read -r t m < <(tail -n 1 "$work/time" | awk '{ if (NF == 3) print $1 + $2, $3; else print $1, $2 }')
		if [ -z "$bt" ] || awk -v a="$t" -v b="$bt" 'BEGIN { exit !(a < b) }'; then
			bt=$t
		fi
		all="$all $t"
		[ "$m" -gt "$bm" ] && bm=$m
	done
	echo "$bt $(echo "$all" | tr ' ' '\n' | sed '/^$/d' | sort -g |
	    awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }') $bm"
}

printf '\ndltriage: %s\n' "$("$dltriage" --version | head -n 1)"
printf 'data: %s, %s profile, seed %s, %s anchors, best (and median) of %s runs, one thread, store %s, %s time\n\n' \
    "$dir" "$profile" "$seed" "$nanchors" "$runs" "$([ "$store" = 1 ] && echo on || echo off)" "$clock"
printf '%-5s %9s %7s %10s %10s %12s %8s %10s %10s %8s %7s\n' \
    part MB files inserted found "dlt MB/s" median "failures/s" "grep MB/s" median ratio
fmt='%-5s %9.1f %7d %10d %10d %12.1f %8.1f %10.0f %10.1f %8.1f %7.2f\n'

declare -A rss
for k in 1 2 4; do
	paths=()
	for ((i = 0; i < k; i++)); do
		paths+=("$dir/part-$i")
	done
	read -r bytes inserted files < <(manifest "$k")
	if [ "$store" = 1 ]; then
		read -r dt dmed dm < <(best sh -c 'rm -f "$1" "$1-wal" "$1-shm"; rm -rf "$1.d"; db=$1; shift; exec "$@" --db "$db"' \
		    sh "$work/bench.db" "$dltriage" classify --format json "${paths[@]}")
	else
		read -r dt dmed dm < <(best "$dltriage" classify --format json "${paths[@]}")
	fi
	cp "$work/stdout" "$work/found-$k.jsonl"
	found=$(wc -l <"$work/found-$k.jsonl")
	read -r gt gmed _ < <(best grep -r -c -F -f "$work/anchors" "${paths[@]}")
	mb=$(awk -v b="$bytes" 'BEGIN { print b / 1e6 }')
	case $k in 1) label=1/4 ;; 2) label=1/2 ;; 4) label=all ;; esac
	# guard against a zero time on tiny data
	dt=$(awk -v t="$dt" 'BEGIN { print (t > 0 ? t : 0.01) }')
	gt=$(awk -v t="$gt" 'BEGIN { print (t > 0 ? t : 0.01) }')
	dmed=$(awk -v t="$dmed" 'BEGIN { print (t > 0 ? t : 0.01) }')
	gmed=$(awk -v t="$gmed" 'BEGIN { print (t > 0 ? t : 0.01) }')
	# shellcheck disable=SC2059
	printf "$fmt" "$label" "$mb" "$files" "$inserted" "$found" \
	    "$(awk -v m="$mb" -v t="$dt" 'BEGIN { print m / t }')" \
	    "$(awk -v m="$mb" -v t="$dmed" 'BEGIN { print m / t }')" \
	    "$(awk -v f="$found" -v t="$dt" 'BEGIN { print f / t }')" \
	    "$(awk -v m="$mb" -v t="$gt" 'BEGIN { print m / t }')" \
	    "$(awk -v m="$mb" -v t="$gmed" 'BEGIN { print m / t }')" \
	    "$(awk -v a="$dt" -v b="$gt" 'BEGIN { print a / b }')"
	rss[$k]=$dm
	eval "dt_$k=$dt gt_$k=$gt mb_$k=$mb"
done

printf '\npeak RSS of dltriage: 1/4 %d KiB, 1/2 %d KiB, all %d KiB\n' \
    "${rss[1]}" "${rss[2]}" "${rss[4]}"

echo
echo "failures by class, inserted and found (all of the data):"
python3 - "$dir/MANIFEST.json" "$work/found-4.jsonl" <<'EOF'
import collections, json, sys
m = json.load(open(sys.argv[1]))
found = collections.Counter()
for line in open(sys.argv[2], 'rb'):
    try:
        found[json.loads(line)['class']] += 1
    except ValueError:
        found['(invalid JSON)'] += 1
classes = sorted(set(m['by_class']) | set(found))
print('  %-16s %9s %9s' % ('class', 'inserted', 'found'))
for c in classes:
    print('  %-16s %9d %9d' % (c, m['by_class'].get(c, 0), found[c]))
EOF

mbs=$(awk -v m="$mb_4" -v t="$dt_4" 'BEGIN { print m / t }')
ratio=$(awk -v a="$dt_4" -v b="$gt_4" 'BEGIN { print a / b }')
echo
echo "targets:"
awk -v v="$mbs" -v t="$target" 'BEGIN { printf "  throughput >= %d MB/s:        %6.1f MB/s  %s\n", t, v, (v >= t ? "met" : "NOT MET") }'
awk -v v="$ratio" 'BEGIN { printf "  within 2x of grep:             %6.2fx      %s\n", v, (v <= 2 ? "met" : "NOT MET") }'
awk -v a="${rss[1]}" -v b="${rss[4]}" 'BEGIN {
	printf "  flat memory (all vs 1/4 RSS):  %6.2fx      %s\n", b / a,
	    (b <= a * 1.25 + 2048 ? "met" : "NOT MET") }'
