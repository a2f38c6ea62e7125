#!/bin/sh
# bench/mutate-throughput.sh: mutants per second, per operator and mode,
# beside a reference measured in the same run: the cost of loading,
# inferring and writing an unmutated copy of the model (IN-ZERO in
# generic mode, which changes one word and checks nothing).
#
#	bench/mutate-throughput.sh [DLTRIAGE] [MODEL...]
#
# DLTRIAGE defaults to src/dltriage of the current directory; the models
# default to LeNet-5, AlexNet and ResNet-50 of the zoo.  N (default 200)
# mutants of each operator are made per model.

set -u
top=$(cd "$(dirname "$0")/.." && pwd)
dlt=${1:-./src/dltriage}
[ $# -gt 0 ] && shift
case $dlt in /*) ;; *) dlt=$(pwd)/$dlt ;; esac
[ -x "$dlt" ] || { echo "mutate-throughput: no dltriage at '$dlt'" >&2; exit 2; }
N=${N:-200}
if [ $# -eq 0 ]; then
	set -- "$top/corpus/models/lenet5-mnist.yaml" \
	    "$top/corpus/models/alexnet-cifar10.yaml" \
	    "$top/corpus/models/resnet50.yaml"
fi
ops="AFRM DM DT GF IN-INF IN-NAN IN-ZERO LA LC LD LS NAI NEB NS PM RA SM WS"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dlt-mbench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
DLTRIAGE_DATADIR=$top
export DLTRIAGE_DATADIR

now() {
	date +%s.%N
}

# rate MODEL OP MODE: print "made seconds"
rate() {
	rm -rf "$tmp/out"
	t0=$(now)
	"$dlt" mutate "$1" -q -n "$N" --ops "$2" --mode "$3" \
	    --report "$tmp/r.json" -o "$tmp/out" 2>/dev/null
	t1=$(now)
	made=$(ls "$tmp/out" 2>/dev/null | wc -l)
	echo "$made $(echo "$t1 - $t0" | bc -l)"
}

printf '%-22s %-8s %10s %10s %10s %10s\n' model operator aware/s generic/s \
    aware-made reference/s
for m in "$@"; do
	name=$(basename "$m" .yaml)
	set -- $(rate "$m" IN-ZERO generic)
	ref=$(echo "$1 / $2" | bc -l)
	for op in $ops; do
		set -- $(rate "$m" "$op" aware)
		am=$1
		ar=$(echo "$1 / $2" | bc -l)
		set -- $(rate "$m" "$op" generic)
		gr=$(echo "$1 / $2" | bc -l)
		printf '%-22s %-8s %10.1f %10.1f %10s %10.1f\n' "$name" "$op" \
		    "$ar" "$gr" "$am" "$ref"
	done
done
