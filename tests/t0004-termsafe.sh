#!/bin/sh
# t0004: the terminal sanitiser (src/termsafe.h) and lazy log access
# (src/logview.h), through the C unit program tests/unit/unit-termsafe.c,
# which prints TAP itself.  The compressed logs it opens are made here,
# with whichever of gzip, xz and zstd there is (a missing one is skipped).
unit="$TEST_BUILDDIR/tests/unit/unit-termsafe"
if [ ! -x "$unit" ]; then
	echo "1..1"
	echo "not ok 1 - $unit is not built"
	exit 1
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/t0004.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
printf 'first\nsecond \033[31mline\nthird\n' >"$dir/log"
for z in gzip xz zstd; do
	command -v $z >/dev/null 2>&1 || continue
	case $z in
	gzip)	ext=gz ;;
	xz)	ext=xz ;;
	zstd)	ext=zst ;;
	esac
	$z -c <"$dir/log" >"$dir/log.$ext" 2>/dev/null
done
if [ -s "$dir/log.gz" ]; then
	# a gzip stream cut in the middle: an error, not a short log
	seq 1 20000 | gzip -c | head -c 4000 >"$dir/cut.gz"
fi
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=1"
export ASAN_OPTIONS
"$unit" "$dir"
