#!/bin/sh
# t0003-unit: the C unit tests of the base modules (tests/unit/unit-base.c,
# linked against libdlt.a); they print TAP themselves.
unit="$TEST_BUILDDIR/tests/unit/unit-base"
if [ ! -x "$unit" ]; then
	echo "1..1"
	echo "not ok 1 - $unit is not built"
	exit 1
fi
exec "$unit"
