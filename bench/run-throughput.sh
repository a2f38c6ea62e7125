#!/bin/sh
# bench/run-throughput.sh: executions per hour of `dltriage run` per
# isolation mode, model and framework, beside spawn mode measured in the
# same run, and the runner's own cost per execution beyond the model's
# run time (bench/README, "Run benchmarks").
#
#	bench/run-throughput.sh [DLTRIAGE]
#
# DLTRIAGE defaults to src/dltriage of the current directory.  Each
# campaign runs alone (-j 1) in a fresh store and work directory under a
# temporary directory.  Settings (environment):
#
#	DLT_BENCH_MODELS	NAME:K ... (default "lenet5-mnist:6 resnet18:1
#				tiny:6"): a zoo name, a file, or "tiny" for
#				bench/models/tiny.yaml; K mutants per operator
#	DLT_BENCH_FRAMEWORKS	default "pytorch tensorflow jax"
#	DLT_BENCH_MODES		default "spawn fork worker" (spawn first: the
#				ratios are to it)
#	DLT_BENCH_SPAWN		spawn mode runs the first N executions of
#				each campaign only (default 6)
#	DLT_BENCH_OPS		default LD,DT,GF,NEB,WS
#	DLT_BENCH_KEEP		set: keep the stores and work directories
#
# It needs sqlite3 (with its JSON functions) and GNU find.

set -u
top=$(cd "$(dirname "$0")/.." && pwd)
dlt=${1:-./src/dltriage}
case $dlt in /*) ;; *) dlt=$(pwd)/$dlt ;; esac
[ -x "$dlt" ] || { echo "run-throughput: no dltriage at '$dlt'" >&2; exit 2; }
command -v sqlite3 >/dev/null 2>&1 ||
    { echo "run-throughput: sqlite3 is needed" >&2; exit 2; }
models=${DLT_BENCH_MODELS:-"lenet5-mnist:6 resnet18:1 tiny:6"}
fws=${DLT_BENCH_FRAMEWORKS:-"pytorch tensorflow jax"}
modes=${DLT_BENCH_MODES:-"spawn fork worker"}
spawn_max=${DLT_BENCH_SPAWN:-6}
ops=${DLT_BENCH_OPS:-LD,DT,GF,NEB,WS}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dlt-rbench.XXXXXX") || exit 1
if [ -n "${DLT_BENCH_KEEP:-}" ]; then
	echo "run-throughput: keeping $tmp" >&2
else
	trap 'rm -rf "$tmp"' EXIT
fi
trap 'exit 130' INT TERM
DLTRIAGE_DATADIR=${DLTRIAGE_DATADIR:-$top}
export DLTRIAGE_DATADIR

now() {
	date +%s.%N
}

# The end of each execution: the newest file its directory holds (its
# result.json, or its stderr for one that wrote none), with nanoseconds.
# Prints "id isolation status wall_ms seconds end" per execution, in the
# order the runner committed them.
executions() {
	sqlite3 -separator ' ' "$1" "SELECT id, isolation, status,
	    coalesce(wall_ms, ''), coalesce(json_extract(result_json,
	    '\$.seconds'), '-'), dir FROM executions ORDER BY id" |
	while read -r id iso st wall sec dir; do
		end=$(find "$dir" -type f -printf '%T@\n' 2>/dev/null |
		    sort -n | tail -n 1)
		echo "$id $iso $st ${wall:--} $sec ${end:--}"
	done
}

# stats FILE: "execs ran ok mean_exec_ms mean_wall_ms mean_model_ms" over
# the executions after the first (the first carries the startup).
stats() {
	awk '
	{ n++; iso[$2]++; if ($3 == "ok") ok++
	  if ($6 != "-") { if (first == "") first = $6; last = $6 }
	  if (n == 1) next
	  if ($4 != "-") { w += $4; nw++ }
	  if ($5 != "-") { s += $5; ns++ } }
	END {
		ran = ""
		for (k in iso) ran = ran (ran == "" ? "" : "+") k
		if (ran == "") ran = "-"
		ex = (n > 1 && last != "") ? sprintf("%.1f", (last - first) * 1000 / (n - 1)) : "-"
		printf "%d %s %d %s %s %s\n", n, ran, ok, ex,
		    (nw ? sprintf("%.1f", w / nw) : "-"),
		    (ns ? sprintf("%.1f", s * 1000 / ns) : "-")
	}' "$1"
}

hdr='%-13s %-10s %-6s %-6s %5s %7s %8s %8s %7s %8s %9s %8s %9s\n'
printf "$hdr" model framework mode ran execs wall/s exec/ms exec/h \
    x-spawn model/ms harness/ms runner/ms overhead/ms
: >"$tmp/results"
for mk in $models; do
	m=${mk%:*}
	k=${mk##*:}
	[ "$k" = "$mk" ] && k=2
	case $m in
	tiny) path=$top/bench/models/tiny.yaml ;;
	*) path=$m ;;
	esac
	name=$(basename "$m" .yaml)
	for fw in $fws; do
		ref=
		for mode in $modes; do
			c=$tmp/$name-$fw-$mode
			budget=
			[ "$mode" = spawn ] && budget="--budget $spawn_max"
			t0=$(now)
			"$dlt" run --models "$path" --frameworks "$fw" \
			    --ops "$ops" -n "$k" --isolation "$mode" -j 1 \
			    $budget --db "$c.db" --workdir "$c.w" -q \
			    >"$c.out" 2>"$c.err"
			rc=$?
			t1=$(now)
			if [ $rc -ne 0 ] && [ $rc -ne 8 ]; then
				printf '%-13s %-10s %-6s failed (exit %d): %s\n' \
				    "$name" "$fw" "$mode" $rc \
				    "$(grep -v '^ *$' "$c.err" | tail -n 1)"
				continue
			fi
			executions "$c.db" >"$c.execs"
			set -- $(stats "$c.execs")
			n=$1 ran=$2 ok=$3 ex=$4 wall=$5 model=$6
			[ "$mode" = spawn ] && ref=$ex
			awk -v name="$name" -v fw="$fw" -v mode="$mode" \
			    -v ran="$ran" -v n="$n" -v w="$(echo "$t1 - $t0" | bc -l)" \
			    -v ex="$ex" -v ref="$ref" -v wall="$wall" \
			    -v model="$model" -v hdr="$hdr" 'BEGIN {
				num = ex != "-" && ex + 0 > 0
				rate = num ? sprintf("%.0f", 3600000 / ex) : "-"
				x = "-"
				if (num && ref != "" && ref != "-")
					x = sprintf("%.1f", ref / ex)
				h = "-"
				if (wall != "-" && model != "-")
					h = sprintf("%.1f", wall - model)
				r = (num && wall != "-") ? sprintf("%.1f", ex - wall) : "-"
				o = (num && model != "-") ? sprintf("%.1f", ex - model) : "-"
				printf hdr, name, fw, mode, ran, n, sprintf("%.1f", w),
				    ex, rate, x, model, h, r, o
			}' | tee -a "$tmp/results"
			grep -h 'refused' "$c.err" | sed 's/^/  /'
		done
	done
done

# The targets of issue 7: fork mode at least 50 times the executions per
# hour of spawn on LeNet-5, at most 15 ms of overhead per execution (fork
# mode; where the runner refused fork, it is said).
echo
awk '$3 == "fork" {
	ran = $4 == "fork" ? "" : " (ran " $4 ")"
	if ($1 ~ /^lenet5/ && $9 != "-")
		printf "target fork >= 50x spawn, %s on %s: %sx%s: %s\n", $1, $2,
		    $9, ran, ($9 >= 50 ? "met" : "NOT met")
	if ($13 != "-")
		printf "target overhead <= 15 ms, %s on %s: %s ms%s: %s\n", $1, $2,
		    $13, ran, ($13 <= 15 ? "met" : "NOT met")
}' "$tmp/results"
