#!/bin/sh
# t7000-runner-proc: the runner's process control (src/runner-proc.c)
# against hostile children: timeouts in two stages, a child that ignores
# SIGTERM and SIGUSR1, a memory hog, a fork bomb, gigabytes of stderr, a
# segfault with its core and gdb backtrace, exec failures, protocol lines
# in pieces and a 10 MiB line.  tests/unit/unit-runner prints TAP itself.
unit="$TEST_BUILDDIR/tests/unit/unit-runner"
hostile="$TEST_BUILDDIR/tests/hostile/hostile"
for p in "$unit" "$hostile"; do
	if [ ! -x "$p" ]; then
		echo "1..1"
		echo "not ok 1 - $p is not built"
		exit 1
	fi
done
exec "$unit" "$hostile"
