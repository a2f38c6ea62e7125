#!/bin/sh
# t7300-reproduce: dltriage reproduce.  Bad ids and command lines are
# refused before anything runs; a small generic campaign on PyTorch
# (the project's .venv and Debian's 1.13 in /usr/bin/python3) finds the
# "not implemented for 'Half'" crash of a DT mutant on 1.13 and a false
# positive on both; reproduce runs the crash's bucket again (reproduced,
# exit 0), says an ok execution has nothing to reproduce (exit 1),
# refuses an oracle finding about several frameworks (exit 2); the
# standalone scripts of the crash, the false positive and the acceptance
# disagreement show the same error messages with only the framework.
#
# The real runs need PyTorch in $DLT_PYTHON and in /usr/bin/python3;
# without them they are skipped.

. "$(dirname "$0")/test-lib.sh"

test_expect_success 'an id that is none is a usage error' '
	for id in zz 0 failure: failure:x execution:1x bucket:12 \
	    0123456789abcdefg; do
		test_must_fail --code=2 dltriage reproduce "$id" --db x.db \
		    2>err || return 1
		grep "^dltriage: bad id" err || return 1
	done &&
	test ! -e x.db
'

test_expect_success 'one id at a time, and a store' '
	test_must_fail --code=2 dltriage reproduce 1 2 --db x.db 2>err &&
	grep "one id at a time" err &&
	test_must_fail --code=2 dltriage reproduce 2>err &&
	grep "no execution, failure or bucket id given" err &&
	test_must_fail --code=2 dltriage reproduce 1 2>err &&
	grep "needs a store" err &&
	test_must_fail --code=2 dltriage reproduce 1 --timeout 0 --db x.db \
	    2>err &&
	grep "bad duration" err &&
	test_must_fail --code=2 dltriage reproduce 1 --memory lots --db x.db \
	    2>err &&
	grep "bad size .lots." err &&
	test ! -e x.db
'

test_expect_success 'an id the store does not hold is named' '
	test_must_fail --code=2 dltriage reproduce 7 --db x.db 2>err &&
	grep "^dltriage: no execution 7 in store .x.db." err &&
	test_must_fail --code=2 dltriage reproduce failure:7 --db x.db 2>err &&
	grep "^dltriage: no failure 7 in store" err &&
	test_must_fail --code=2 dltriage reproduce 0123456789ABCDEF \
	    --db x.db 2>err &&
	grep "^dltriage: no bucket .0123456789abcdef. in store" err
'

if ! "$DLT_PYTHON" -c "import torch, numpy, yaml" >/dev/null 2>&1 ||
    ! /usr/bin/python3 -c "import torch, numpy, yaml" >/dev/null 2>&1; then
	test_skip 'real campaigns' "'$DLT_PYTHON' or /usr/bin/python3 cannot import torch, numpy and yaml"
	test_done
	exit 0
fi

db="$TEST_TMP/c.db"
q() {
	sqlite3 "$db" "$1"
}

test_expect_success 'a campaign that finds a crash' '
	dltriage run --models lenet5-mnist,textcnn,alexnet-cifar10 --ops DT,LA,PM --mode generic \
	    -n 2 --frameworks pytorch,pytorch-1.13=pytorch@1.13:/usr/bin/python3 \
	    -j 2 -q --db "$db" &&
	test -n "$(q "select bucket from failures where class = '\''crash'\''
	    and signature like '\''%not implemented for '\'''\''Half'\'''\''%'\''")"
'

crash=$(q "select bucket from failures where class = 'crash' and
    signature like '%avg_pool2d%Half%' limit 1")
fp=$(q "select f.id from failures f join executions e
    on e.id = f.execution_id where f.class = 'false-positive' and
    e.framework = 'pytorch' limit 1")
ok=$(q "select id from executions where status = 'ok' limit 1")
several=$(q "select id from failures where execution_id is null and
    mutant_id is not null limit 1")

test_expect_success 'the crash of its bucket comes back' '
	dltriage reproduce "$crash" --db "$db" >out &&
	cat out &&
	grep "^  recorded: rejected" out &&
	grep "^  now:      rejected in .*c.db.d/reproduce/[0-9]*-1$" out &&
	grep "^  found:    crash not-implemented \[$crash\]" out &&
	grep "^reproduced$" out &&
	dltriage reproduce "bucket:$crash" -q --db "$db" >out &&
	test_must_be_empty out &&
	ls -d "$db.d"/reproduce/*-2 &&
	dltriage reproduce "$crash" --memory 0 -q --db "$db" &&
	ls -d "$db.d"/reproduce/*-3
'

test_expect_success 'reproduce --memory: the cap is the execution'\''s (64MiB: PyTorch cannot load)' '
	test_must_fail dltriage reproduce "$crash" --memory 64MiB --db "$db" >out 2>err &&
	cat out err &&
	# what fails first under the cap depends on the machine: the
	# loader mapping libtorch, or NumPy (an OpenBLAS build sizes its
	# thread buffers as it is imported)
	grep -E "unavailable: .*(failed to map segment|cannot import numpy)" err
'

test_expect_success 'the execution of a failure, by its id' '
	exec_id=$(q "select execution_id from failures where id = $fp") &&
	dltriage reproduce "$exec_id" --db "$db" >out &&
	grep "^execution $exec_id: [a-z0-9.-]* mutant" out &&
	grep "^reproduced$" out
'

test_expect_success 'an ok execution has nothing to reproduce' '
	test_must_fail --code=1 dltriage reproduce "$ok" --db "$db" >out &&
	grep "ran ok and has no failure: nothing to reproduce" out
'

test_expect_success 'an oracle finding about several frameworks is not one execution' '
	test -n "$several" || { echo "no such failure: skipped"; return 0; }
	test_must_fail --code=2 dltriage reproduce "failure:$several" \
	    --db "$db" 2>err &&
	grep "is the oracles. finding about several frameworks" err
'

test_expect_success 'the script of the crash shows it with the framework alone' '
	dltriage reproduce "$crash" --script repro.py --db "$db" >out &&
	grep "^wrote .repro.py." out &&
	head -1 repro.py | grep "^#!/usr/bin/env python3" &&
	! grep "^import dltriage\|^from dltriage" repro.py &&
	cd / && test_must_fail --code=1 env -u PYTHONPATH /usr/bin/python3 -I \
	    "$OLDPWD/repro.py" >"$OLDPWD/sout" 2>"$OLDPWD/serr" && cd "$OLDPWD" &&
	cat sout serr &&
	grep "^expected: crash (not-implemented): RuntimeError: .avg_pool2d" sout &&
	grep "^RuntimeError: .avg_pool2d_channels_last. not implemented for .Half.$" serr &&
	grep "^reproduced: pytorch-1.13 raised RuntimeError" sout
'

test_expect_success 'the script of a false positive on the .venv PyTorch' '
	dltriage reproduce "failure:$fp" --script fp.py -q --db "$db" &&
	msg=$(q "select exc_message from failures where id = $fp") &&
	test_must_fail --code=1 "$DLT_PYTHON" -I fp.py >sout 2>serr &&
	grep "^framework: pytorch 2\." sout &&
	grep -F "RuntimeError: $msg" serr
'

test_expect_success 'the script of an acceptance disagreement runs every target' '
	test -n "$several" || { echo "no such failure: skipped"; return 0; }
	dltriage reproduce "failure:$several" --script all.py -q --db "$db" &&
	test_must_fail --code=1 "$DLT_PYTHON" -I all.py >sout 2>serr &&
	cat sout &&
	grep "^--- pytorch: " sout &&
	grep "^--- pytorch-1.13: /usr/bin/python3 " sout &&
	grep "^--- results" sout &&
	grep "^reproduced$" sout
'

test_done
