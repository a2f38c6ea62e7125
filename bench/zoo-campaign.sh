#!/bin/sh
# bench/zoo-campaign.sh: the zoo campaign of bench/README ("Zoo
# campaign"): bench/campaigns/zoo-aware.yaml and zoo-generic.yaml (every
# zoo model, every operator, the same seeds, every framework the harness
# has here, one hour each by their budget) run side by side, then
# bench/zoo-report.py prints the per-operator table of each and its
# crash, NaN and inconsistency buckets.
#
#	bench/zoo-campaign.sh [DLTRIAGE [OUTDIR]]
#
# DLTRIAGE defaults to src/dltriage, OUTDIR to a new temporary directory
# (the stores aware.db and generic.db, their run directories, and the
# runs' stderr).  Running it again with the same OUTDIR resumes both.
# Settings: DLT_PYTHON (the Python of the frameworks), DLT_ZOO_BUDGET
# (a budget for each, instead of the files'), DLT_ZOO_PAIR (the two
# campaigns, default "aware generic"; "edge plain" runs zoo-edge.yaml and
# zoo-plain.yaml).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
dlt=${1:-./src/dltriage}
case $dlt in /*) ;; *) dlt=$(pwd)/$dlt ;; esac
[ -x "$dlt" ] || { echo "zoo-campaign: no dltriage at '$dlt'" >&2; exit 2; }
out=${2:-$(mktemp -d "${TMPDIR:-/tmp}/dlt-zoo.XXXXXX")} || exit 1
mkdir -p "$out" || exit 1
echo "zoo-campaign: stores in $out" >&2
budget=
[ -n "${DLT_ZOO_BUDGET:-}" ] && budget="--budget $DLT_ZOO_BUDGET"
pair=${DLT_ZOO_PAIR:-aware generic}
for m in $pair; do
	# shellcheck disable=SC2086
	"$dlt" run "$top/bench/campaigns/zoo-$m.yaml" $budget \
	    --db "$out/$m.db" >"$out/$m.out" 2>"$out/$m.err" &
done
wait
set -- $pair
python3 "$top/bench/zoo-report.py" --curve 5 "$out/$1.db" "$out/$2.db"
