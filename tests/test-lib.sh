# tests/test-lib.sh: a small TAP test library, after git's t/test-lib.sh.
#
# A test script sources this file, then calls
#   test_expect_success 'title' 'shell code'
#   test_expect_failure ... (known breakage; reported as TODO)
# and finally test_done.  Each test runs in its own subshell in a fresh
# directory under $TEST_TMP (removed at exit).  Helpers:
#   test_cmp EXPECTED ACTUAL       diff -u, fails when they differ
#   test_must_fail [--code=N] CMD  CMD must exit non-zero (and not by a signal)
#   test_must_be_empty FILE
#   test_golden EXPECTED ACTUAL    compare with a golden file; a missing
#                                  golden file is written and the test FAILS
#                                  (DLT_TEST_UPDATE=1 rewrites them and passes)
# The environment: DLTRIAGE (the binary), DLTRIAGE_DATADIR, TEST_SRCDIR,
# TEST_BUILDDIR, LC_ALL=C.  DLTRIAGE_RULES and DLTRIAGE_DB are unset so
# that a user's settings never leak in.  DLT_VALGRIND=1 runs dltriage
# under valgrind.  dltriage is a shell function: a job put in the
# background to be signalled runs "$DLTRIAGE" itself, or $! is the
# subshell and the signal never reaches dltriage.

: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${TEST_BUILDDIR:=$TEST_SRCDIR}"
: "${DLTRIAGE:=$TEST_BUILDDIR/src/dltriage}"
: "${DLTRIAGE_DATADIR:=$TEST_SRCDIR}"
: "${PYTHON3:=python3}"
# The Python that has the frameworks for the harness: $DLT_PYTHON, else
# the project's virtual environment (.venv, made by the README's test
# command from harness/requirements.txt), else python3.
if [ -z "$DLT_PYTHON" ]; then
	for v in "$TEST_BUILDDIR/.venv" "$TEST_SRCDIR/.venv"; do
		if [ -x "$v/bin/python" ]; then
			DLT_PYTHON=$v/bin/python
			break
		fi
	done
	: "${DLT_PYTHON:=python3}"
fi
export TEST_SRCDIR TEST_BUILDDIR DLTRIAGE DLTRIAGE_DATADIR PYTHON3 DLT_PYTHON
unset DLTRIAGE_RULES DLTRIAGE_DB
LC_ALL=C
export LC_ALL
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}abort_on_error=0:exitcode=99:detect_leaks=1"
UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}print_stacktrace=1:halt_on_error=1:exitcode=98"
export ASAN_OPTIONS UBSAN_OPTIONS

test_count=0
test_fail=0
TEST_TMP=$(mktemp -d "${TMPDIR:-/tmp}/dlt-test.XXXXXX") || exit 1
trap 'chmod -R u+rwx "$TEST_TMP" 2>/dev/null; rm -rf "$TEST_TMP"' EXIT

if [ -n "$DLT_VALGRIND" ]; then
	dltriage() {
		valgrind -q --error-exitcode=97 --leak-check=full \
		    --errors-for-leak-kinds=definite "$DLTRIAGE" "$@"
	}
else
	dltriage() {
		"$DLTRIAGE" "$@"
	}
fi

say() {
	printf '# %s\n' "$*"
}

test_run_() {
	(
		dir="$TEST_TMP/t$test_count"
		mkdir -p "$dir" && cd "$dir" || exit 1
		eval "$1"
	) >"$TEST_TMP/out.$test_count" 2>&1
}

test_expect_success() {
	test_count=$((test_count + 1))
	if test_run_ "$2"; then
		echo "ok $test_count - $1"
	else
		test_fail=$((test_fail + 1))
		echo "not ok $test_count - $1"
		sed 's/^/#   /' "$TEST_TMP/out.$test_count" | head -60
	fi
}

test_expect_failure() {
	test_count=$((test_count + 1))
	if test_run_ "$2"; then
		echo "ok $test_count - $1 # TODO known breakage vanished"
	else
		echo "not ok $test_count - $1 # TODO known breakage"
	fi
}

test_skip() {
	test_count=$((test_count + 1))
	echo "ok $test_count - $1 # SKIP $2"
}

test_done() {
	echo "1..$test_count"
	if [ "$test_count" -eq 0 ]; then
		echo "Bail out! no test was run"
		exit 1
	fi
	[ "$test_fail" -eq 0 ]
}

test_cmp() {
	diff -u "$1" "$2"
}

test_must_be_empty() {
	if [ -s "$1" ]; then
		echo "'$1' is not empty:"
		cat "$1"
		return 1
	fi
}

# test_must_fail [--code=N] cmd...: non-zero exit, but not a signal or a
# sanitizer report (those are crashes, never an acceptable failure).
test_must_fail() {
	want=
	case "$1" in
	--code=*) want=${1#--code=}; shift ;;
	esac
	"$@"
	rc=$?
	if [ $rc -eq 0 ]; then
		echo "test_must_fail: '$*' succeeded"
		return 1
	fi
	if [ $rc -gt 125 ] || [ $rc -eq 97 ] || [ $rc -eq 98 ] || [ $rc -eq 99 ]; then
		echo "test_must_fail: '$*' died (status $rc)"
		return 1
	fi
	if [ -n "$want" ] && [ $rc -ne "$want" ]; then
		echo "test_must_fail: '$*' exited $rc, expected $want"
		return 1
	fi
	return 0
}

test_golden() {
	if [ ! -f "$1" ] || [ -n "$DLT_TEST_UPDATE" ]; then
		mkdir -p "$(dirname "$1")"
		cp "$2" "$1"
		if [ -z "$DLT_TEST_UPDATE" ]; then
			echo "golden file '$1' was missing: written; check it and rerun"
			return 1
		fi
		return 0
	fi
	diff -u "$1" "$2"
}

# stub_python FILE PYTHON STUB: write an executable FILE that runs STUB
# where the runner starts the harness ("-m dltriage_harness.serve ...")
# and PYTHON for anything else (the scripts report and reproduce write).
stub_python() {
	cat >"$1" <<STUB_EOF
#!/bin/sh
if [ "\$1" = -m ]; then shift 2; exec "$2" "$3" "\$@"; fi
exec "$2" "\$@"
STUB_EOF
	chmod +x "$1"
}
