#!/bin/sh
# bench/report-reduction.sh: how far `dltriage report` reduces the
# failures of a small real campaign, and whether the reduced scripts
# still show them on a clean interpreter (bench/README, "Report
# reduction").
#
#	bench/report-reduction.sh [DLTRIAGE [WORKDIR]]
#
# DLTRIAGE defaults to src/dltriage of the current directory; WORKDIR to
# a new temporary directory (kept: it holds the store, the reports and
# the scripts).  The campaign runs generic mutants of a few zoo models on
# the targets of DLT_BENCH_FRAMEWORKS; then for every bucket of class
# crash or nan that a run found: `report --no-reduce --script` (the
# unreduced script), `report --script` (reduced, within the budget), and
# each script run with `python3 -I` in an empty directory by the
# interpreter the campaign ran the target with.  "reproduces" is yes when
# the script exits 1 or dies of a signal (its convention: the failure
# shows).  "short script" is the plain PyTorch script of the reduced
# report (its lines, and whether it shows the failure run the same way:
# exit 1 or a signal, or NaN or Inf printed), or "-" and why there is none.  Settings (environment):
#
#	DLT_BENCH_MODELS	default lenet5-mnist,textcnn,alexnet-cifar10
#	DLT_BENCH_OPS		default DT,LA,PM,SM
#	DLT_BENCH_N		mutants per operator and model (default 2)
#	DLT_BENCH_FRAMEWORKS	default "pytorch-1.13=pytorch@1.13:/usr/bin/python3"
#	DLT_BENCH_BUDGET	report --budget (default 60)
#	DLT_BENCH_MAX		buckets reported at most (default 8)
#
# It needs sqlite3.  Prints one Markdown table row per bucket.

set -u
dlt=${1:-./src/dltriage}
case $dlt in /*) ;; *) dlt=$(pwd)/$dlt ;; esac
[ -x "$dlt" ] || { echo "report-reduction: no dltriage at '$dlt'" >&2; exit 2; }
command -v sqlite3 >/dev/null 2>&1 ||
    { echo "report-reduction: sqlite3 is needed" >&2; exit 2; }
work=${2:-$(mktemp -d "${TMPDIR:-/tmp}/dlt-report-bench.XXXXXX")} || exit 1
mkdir -p "$work" || exit 1
models=${DLT_BENCH_MODELS:-lenet5-mnist,textcnn,alexnet-cifar10}
ops=${DLT_BENCH_OPS:-DT,LA,PM,SM}
n=${DLT_BENCH_N:-2}
fws=${DLT_BENCH_FRAMEWORKS:-"pytorch-1.13=pytorch@1.13:/usr/bin/python3"}
budget=${DLT_BENCH_BUDGET:-60}
max=${DLT_BENCH_MAX:-8}
db=$work/c.db
echo "report-reduction: work in $work" >&2

"$dlt" run --models "$models" --ops "$ops" -n "$n" --mode generic \
    --frameworks "$fws" -j 2 -q --db "$db" || [ $? -eq 1 ] ||
    { echo "report-reduction: the campaign failed" >&2; exit 1; }

# Script lines and bytes; the IR's bytes (its json.loads block).
size() {
	printf '%s/%s' "$(wc -l <"$1" | tr -d ' ')" "$(wc -c <"$1" | tr -d ' ')"
}
ir_bytes() {
	sed -n '/^IR = json.loads($/,/^)$/p' "$1" | wc -c | tr -d ' '
}
# Whether the script shows the failure on a clean interpreter.
shows() {
	d=$(mktemp -d "$work/clean.XXXXXX")
	cp "$1" "$d/repro.py"
	(cd "$d" && env -u PYTHONPATH "$2" -I repro.py >out 2>err)
	rc=$?
	if [ $rc -eq 1 ] || [ $rc -gt 128 ]; then echo yes; else echo "no ($rc)"; fi
}

# The short script of a report: its lines and whether it shows the
# failure, or why there is none.
short() {
	if ! grep -q "^A plain PyTorch script" "$1"; then
		printf -- '- (%s)' "$(sed -n 's/^No short script: \(.*\)\.$/\1/p' "$1" |
		    cut -c1-60)"
		return
	fi
	awk '/^```python$/ { n++; next } /^```$/ { if (n == 1) exit } n == 1' \
	    "$1" >"$1.short.py"
	d=$(mktemp -d "$work/clean.XXXXXX")
	cp "$1.short.py" "$d/short.py"
	(cd "$d" && env -u PYTHONPATH "$2" -I short.py >out 2>err)
	rc=$?
	if [ $rc -eq 1 ] || [ $rc -gt 128 ] || grep -q ": True$" "$d/out"; then
		r=yes
	else
		r="no ($rc)"
	fi
	printf '%s, %s' "$(wc -l <"$1.short.py" | tr -d ' ')" "$r"
}

echo "| bucket | class | target | layers | input elements | trials | seconds | stopped | script lines/bytes | IR bytes | reproduces (unreduced, reduced) | short script lines, reproduces |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
sqlite3 -separator ' ' "$db" "
    select b.id, b.class, e.framework, e.python
    from buckets b join failures f on f.bucket = b.id
    join executions e on e.id = f.execution_id
    where b.class in ('crash', 'nan')
    group by b.id order by b.class, b.id limit $max" |
while read -r id cls target py; do
	"$dlt" report "$id" --no-reduce --script "$work/$id-full.py" -q \
	    -o "$work/$id-full.md" --db "$db" >/dev/null 2>&1
	start=$(date +%s.%N)
	"$dlt" report "$id" --budget "$budget" --script "$work/$id.py" -q \
	    -o "$work/$id.md" --db "$db" >/dev/null 2>&1
	rc=$?
	end=$(date +%s.%N)
	line=$(grep "^Reduced by delta debugging" "$work/$id.md")
	if [ -n "$line" ]; then
		layers=$(printf '%s' "$line" | sed 's/.*model: \([0-9]*\) → \([0-9]*\) layers.*/\1→\2/')
		elems=$(printf '%s' "$line" | sed 's/.*, \([0-9]*\) → \([0-9]*\) input elements.*/\1→\2/')
		trials=$(printf '%s' "$line" | sed 's/.* \([0-9]*\) trials.*/\1/')
		secs=$(printf '%s' "$line" | sed 's/.* trials, \([0-9.]*\) s.*/\1/')
		stop=$(printf '%s' "$line" | sed 's/.* s, \([a-z ]*\)[.(].*/\1/')
	else
		layers=-; elems=-; trials=-; stop="not reproduced (report exit $rc)"
		secs=$(echo "$end - $start" | bc 2>/dev/null || echo ?)
	fi
	echo "| $id | $cls | $target | $layers | $elems | $trials | $secs | $stop |" \
	    "$(size "$work/$id-full.py") → $(size "$work/$id.py") |" \
	    "$(ir_bytes "$work/$id-full.py") → $(ir_bytes "$work/$id.py") |" \
	    "$(shows "$work/$id-full.py" "$py"), $(shows "$work/$id.py" "$py") |" \
	    "$(short "$work/$id.md" "$py") |"
done
