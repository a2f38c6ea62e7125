#!/bin/sh
# t3005: near-duplicate buckets (src/near.h) and the normaliser's trace
# (dlt_normalise_trace in src/bucket.h), through the C unit program
# tests/unit/unit-near.c, which prints TAP itself; given the shipped
# rules/, it also scores with their normalise and ignore-frames entries.
unit="$TEST_BUILDDIR/tests/unit/unit-near"
if [ ! -x "$unit" ]; then
	echo "1..1"
	echo "not ok 1 - $unit is not built"
	exit 1
fi
: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=1"
export ASAN_OPTIONS
exec "$unit" "$TEST_SRCDIR/rules"
