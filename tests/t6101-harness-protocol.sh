#!/bin/sh
# t6101-harness-protocol: the harness side of `dltriage run`
# (docs/harness-protocol.md): python -m dltriage_harness.serve in its three
# modes, driven by tests/harness-driver.py as the runner drives it: hello
# and unavailable, the statuses ok, rejected, illegal and harness-error with
# their exit codes and records, outputs/NAME.npy, per-execution stdout and
# stderr in worker mode, started/exited and the limits in fork mode, and
# faulthandler's dump on SIGUSR1 into the execution's stderr.  The
# framework parts run on pytorch (and tensorflow, once) and are skipped
# visibly when it cannot be imported.
#
# The Python: $DLT_PYTHON, else the project's .venv, else python3 (test-lib.sh).

. "$(dirname "$0")/test-lib.sh"

D="$TEST_SRCDIR/tests/harness-driver.py"
PYTHONPATH="$TEST_SRCDIR/harness${PYTHONPATH:+:$PYTHONPATH}"
TF_CPP_MIN_LOG_LEVEL=2
JAX_PLATFORMS=${JAX_PLATFORMS:-cpu}
export PYTHONPATH TF_CPP_MIN_LOG_LEVEL JAX_PLATFORMS

if ! "$DLT_PYTHON" -c 'import numpy, yaml' 2>/dev/null; then
	test_skip "harness protocol" "$DLT_PYTHON cannot import numpy and yaml (PyYAML)"
	test_done
	exit $?
fi
say "python: $DLT_PYTHON"

drive() {
	"$DLT_PYTHON" "$D" "$@" work
}

test_expect_success 'the op table agrees with dltriage corpus check --ops -v' '
	dltriage corpus check --ops -v >ops.txt &&
	"$DLT_PYTHON" - ops.txt <<-\EOF
	import re, sys
	from dltriage_harness.common import OP_SPECS
	c, cur = {}, None
	for line in open(sys.argv[1]):
	    m = re.match(r"^([a-z0-9_]+) (\S+)", line)
	    if m:
	        cur = m.group(1)
	        c[cur] = (m.group(2), {})
	        continue
	    m = re.match(r"^    ([a-z_]+) +(\S+) +(required|optional|default)", line)
	    if m and cur:
	        c[cur][1][m.group(1)] = (m.group(2), m.group(3) == "required")
	assert c == OP_SPECS, sorted(set(c.items()) ^ set((k, (a, tuple(sorted(b.items())))) for k, (a, b) in OP_SPECS.items()))
	EOF
'

test_expect_success 'a framework without an adapter: unavailable, exit 4' '
	drive unavailable mindspore
'

test_expect_success 'no fds 3 and 4, an unknown framework: exit 2' '
	test_must_fail --code=2 "$DLT_PYTHON" -m dltriage_harness.serve --framework torch --mode once 3<&- 4>&- 2>err &&
	grep "fds 3 (requests) and 4 (messages) must be open" err &&
	test_must_fail --code=2 "$DLT_PYTHON" -m dltriage_harness.serve --framework nosuch --mode once 3</dev/null 4>/dev/null 2>err &&
	grep "unknown framework .nosuch." err
'

if "$DLT_PYTHON" -c 'import torch' >/dev/null 2>&1; then
	test_expect_success 'pytorch: hello, quit, exit 0' 'drive hello pytorch'
	test_expect_success 'pytorch, once: ok, outputs/NAME.npy and result.json, exit 0' 'drive once-ok pytorch'
	test_expect_success 'pytorch, once: the framework raises: rejected, exit 1, its traceback' 'drive rejected pytorch'
	test_expect_success 'pytorch, once: illegal IR: exit 2, the place named' 'drive illegal pytorch'
	test_expect_success 'pytorch, once: a rank its op does not take is illegal (exit 2); a harness bug is harness-error (exit 5)' '
		drive harness-error pytorch >out && cat out &&
		grep "conv2d needs rank 4 on input, got rank 5" work/e4/stderr &&
		grep "IndexError" work/e5/stderr &&
		grep "\"where\": \"harness\"" work/e5/result.json
	'
	test_expect_success 'pytorch, worker: three executions in one process, each with its files' 'drive worker pytorch'
	test_expect_success 'pytorch, worker: SIGUSR1 dumps the stacks into the execution stderr' 'drive worker-sigusr1 pytorch'
	test_expect_success 'pytorch, fork: started/exited, wait status, limits, group, SIGUSR1, SIGKILL' 'drive fork pytorch'
else
	test_skip 'pytorch: the protocol' "$DLT_PYTHON cannot import torch"
fi

if "$DLT_PYTHON" -c 'import tensorflow' >/dev/null 2>&1; then
	test_expect_success 'tensorflow, once: ok' 'drive once-ok tensorflow'
else
	test_skip 'tensorflow, once: ok' "$DLT_PYTHON cannot import tensorflow"
fi

test_done
