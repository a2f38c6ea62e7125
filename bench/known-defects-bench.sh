#!/bin/sh
# bench/known-defects-bench.sh: the known-defect benchmark (bench/README,
# "Known defects"): bench/campaigns/kd-aimed.yaml (operators that aim at
# the edges) and kd-plain.yaml (the study's operators), the same models,
# seeds, targets and budget, run side by side on the pinned releases;
# then bench/known-defects.py says which entries of
# bench/known-defects.yaml each store shows and how long after its start.
#
#	bench/known-defects-bench.sh [DLTRIAGE [OUTDIR]]
#
# Settings: DLT_PYTHON (the current releases, default .venv/bin/python),
# DLT_VENVS (bench/known-defects-venvs.sh's directory, default
# /work/venvs), DLT_KD_BUDGET (a budget for each instead of the files').
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
dlt=${1:-$top/src/dltriage}
case $dlt in /*) ;; *) dlt=$(pwd)/$dlt ;; esac
[ -x "$dlt" ] || { echo "known-defects-bench: no dltriage at '$dlt'" >&2; exit 2; }
out=${2:-$(mktemp -d "${TMPDIR:-/tmp}/dlt-kd.XXXXXX")} || exit 1
mkdir -p "$out" || exit 1
venvs=${DLT_VENVS:-/work/venvs}
fw="pytorch"
if [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import torch' 2>/dev/null; then
	fw="$fw,pytorch-1.13=pytorch@1.13:/usr/bin/python3"
	fw="$fw,pytorch-1.13+grad=pytorch+grad@1.13:/usr/bin/python3"
fi
fw="$fw,tensorflow,tensorflow+xla,tensorflow+grad"
[ -x "$venvs/tf-old/bin/python" ] &&
	fw="$fw,tensorflow-2.14+xla=tensorflow+xla@2.14.1:$venvs/tf-old/bin/python"
fw="$fw,jax"
[ -x "$venvs/jax-old/bin/python" ] &&
	fw="$fw,jax-0.4.30=jax@0.4.30:$venvs/jax-old/bin/python"
fw="$fw,keras-pytorch"
[ -x "$venvs/keras-old-torch/bin/python" ] &&
	fw="$fw,keras-pytorch-3.3=keras-pytorch@3.3.3:$venvs/keras-old-torch/bin/python"
budget=
[ -n "${DLT_KD_BUDGET:-}" ] && budget="--budget $DLT_KD_BUDGET"
echo "known-defects-bench: stores in $out; targets $fw" >&2
cd "$top" || exit 1
for m in aimed plain; do
	# shellcheck disable=SC2086
	"$dlt" run "bench/campaigns/kd-$m.yaml" --frameworks "$fw" $budget \
	    --db "$out/$m.db" >"$out/$m.out" 2>"$out/$m.err" &
done
wait
python3 "$top/bench/known-defects.py" "$out/aimed.db" "$out/plain.db"
