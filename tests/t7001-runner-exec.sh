#!/bin/sh
# t7001-runner-exec: the runner's execution pool (src/runner-exec.c)
# against the stub harness tests/harness-stub.py in the three isolation
# modes (spawn, worker, fork) with one slot and with three: every
# outcome, timeouts, caps, workers replaced, fork mode refused,
# unavailable targets, no process left behind.  tests/unit/unit-exec
# prints TAP itself.  Needs python3; skipped without it.
unit="$TEST_BUILDDIR/tests/unit/unit-exec"
stub="$TEST_SRCDIR/tests/harness-stub.py"
if [ ! -x "$unit" ]; then
	echo "1..1"
	echo "not ok 1 - $unit is not built"
	exit 1
fi
py="${PYTHON3:-no}"
if [ "$py" = no ] || [ ! -x "$py" ]; then
	py=$(command -v python3 2>/dev/null) || py=
fi
if [ -z "$py" ]; then
	echo "1..0 # SKIP no python3"
	exit 0
fi
exec "$unit" "$stub" "$py"
