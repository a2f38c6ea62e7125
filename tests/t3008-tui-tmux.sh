#!/bin/sh
# t3008: `dltriage tui` on a real terminal: the binary runs in a detached
# tmux session (its own server socket), keys go in with send-keys and the
# screen comes back with capture-pane.  The test never sleeps to wait for
# the TUI: DLTRIAGE_TUI_READY names a file that gets a line after every
# screen drawn, and the test polls it (bounded) until the line it waits
# for is there.  Covered: the worst defect first, j/k/Enter/Esc from the
# defects to the failures and a log and back, search with its hit count,
# a filter on the status line, F in the store at once, help, a resize, q,
# SIGTERM and ^C giving the terminal back (exit 0 and 8), the campaign
# screen following another process's writes (polled on the screen's
# text, bounded), and a log that tries to set the title, write the
# clipboard and clear the screen.
# Skipped without tmux.
. "$(dirname "$0")/test-lib.sh"

if ! command -v tmux >/dev/null 2>&1; then
	test_skip 'the TUI in tmux' 'tmux missing'
	test_done
	exit 0
fi

logs="$TEST_SRCDIR/corpus/logs"
# the servers' sockets in the test's directory, removed with it
TMUX_TMPDIR="$TEST_TMP/tmux"
export TMUX_TMPDIR
mkdir -p "$TMUX_TMPDIR"
unset TMUX
work="$TEST_TMP/w"
mkdir -p "$work"
cp "$logs"/*.log "$work/"
printf 'Traceback (most recent call last):\n  File "/home/ci/run.py", line 3, in <module>\n    evil()\nRuntimeError: \033]0;pwned-title\007evil \033]52;c;ZXZpbA==\007op \033[2J\033[H failed\n' \
    >"$work/zz-hostile.log"
# One server per start, on a socket of its own (named in $work/sock, as
# each test runs in a subshell): a server still going away is never asked
# to start a session.
tmx() {
	tmux -L "$(cat "$work/sock" 2>/dev/null || echo "dlt$$")" -f /dev/null "$@"
}
trap 'for s in $(cat "$work/socks" 2>/dev/null); do tmux -L "$s" kill-server 2>/dev/null; done; chmod -R u+rwx "$TEST_TMP" 2>/dev/null; rm -rf "$TEST_TMP"' EXIT

# wait_for FILE N: until FILE has N lines or more (20 s at most).
wait_for() {
	i=0
	while [ "$(cat "$1" 2>/dev/null | wc -l)" -lt "$2" ]; do
		i=$((i + 1))
		if [ $i -gt 400 ]; then
			echo "no line $2 in '$1' after 20 s"
			return 1
		fi
		sleep 0.05
	done
}

# start DB: the TUI on DB in a new session; its exit status goes to
# $work/done, and the pane then says EXITED.
start() {
	rm -f "$work/ready" "$work/done"
	tmx kill-server 2>/dev/null
	echo "dlt$$-$(($(cat "$work/socks" 2>/dev/null | wc -l) + 1))" >"$work/sock"
	cat "$work/sock" >>"$work/socks"
	tmx new-session -d -s t -x 100 -y 30 \
	    "cd '$work' && DLTRIAGE_TUI_READY='$work/ready' '$DLTRIAGE' tui --db '$1'; echo \"exit \$?\" >'$work/done'; echo EXITED; sleep 600" &&
	wait_for "$work/ready" 1
}

# keys N KEYS...: send the keys, wait for the screen N draws later.
keys() {
	n=$(($(wc -l <"$work/ready") + $1))
	shift
	tmx send-keys -t t "$@" &&
	wait_for "$work/ready" "$n"
}

pane() {
	tmx capture-pane -p -t t
}

test_expect_success 'setup: a store of the bundled logs' '
	(cd "$work" && dltriage classify -q --db s.db *.log >/dev/null) &&
	test -s "$work/s.db"
'

test_expect_success 'the first screen shows the worst defect first' '
	start s.db &&
	pane >p &&
	worst=$(dltriage buckets --db "$work/s.db" --format csv | sed -n 2p |
	    cut -d, -f1) &&
	head -n 1 p | grep "defects 22" &&
	sed -n 3p p | grep "RuntimeError: \"addmm_impl_cpu_\"" &&
	dltriage buckets --db "$work/s.db" | sed -n 2p | grep "^$worst .*addmm"
'

test_expect_success 'j, Enter: the failures of the second; Enter: its log' '
	second=$(dltriage buckets --db "$work/s.db" --format csv | sed -n 3p |
	    cut -d, -f1) &&
	keys 1 j && keys 1 Enter &&
	pane >p && head -n 1 p | grep "^bucket $second" &&
	keys 1 Enter &&
	pane >p && head -n 1 p | grep "^f[0-9]* .*pytorch-internal-assert.log" &&
	grep "^   8> RuntimeError: saved_for INTERNAL ASSERT FAILED" p
'

test_expect_success 'search: the hit count, and n to the next' '
	keys 1 / && keys 5 -l frame && keys 1 Enter &&
	pane >p && grep "/frame  1 of 6" p &&
	keys 1 n && pane >p && grep "/frame  2 of 6" p
'

test_expect_success 'Esc, Esc: back to the defects; k up' '
	keys 1 Escape && pane >p && head -n 1 p | grep "^bucket " &&
	keys 1 Escape && pane >p && head -n 1 p | grep "defects 22" &&
	keys 1 k
'

test_expect_success 'a filter, shown on the status line' '
	keys 1 f && keys 9 -l class=oom && keys 1 Enter &&
	pane >p && head -n 1 p | grep "defects 4 " &&
	grep "^filter: class=oom" p &&
	keys 1 f && keys 1 C-u && keys 1 Enter &&
	pane >p && head -n 1 p | grep "defects 22 "
'

test_expect_success 'F: the store has the decision at once' '
	worst=$(dltriage buckets --db "$work/s.db" --format csv | sed -n 2p |
	    cut -d, -f1) &&
	keys 1 g && keys 1 F &&
	pane >p && grep "bucket $worst: false-positive" p &&
	dltriage buckets --db "$work/s.db" --format csv | grep "^$worst," |
	    grep ",false-positive,"
'

test_expect_success '? shows the help from the key table' '
	keys 1 ? && pane >p && head -n 1 p | grep "^help" &&
	grep "^/  *search (PCRE2" p &&
	keys 1 Escape
'

test_expect_success 'a resize draws the screen again at the new size' '
	n=$(($(wc -l <"$work/ready") + 1)) &&
	tmx resize-window -t t -x 70 -y 20 && wait_for "$work/ready" "$n" &&
	pane >p && test "$(wc -l <p)" = 20 &&
	sed -n 2p p | grep "PRIO" && ! sed -n 2p p | grep "FRAMEWORKS" &&
	sed -n 20p p | grep "^Enter failures"
'

test_expect_success 'q gives the terminal back, exit 0' '
	tmx send-keys -t t q && wait_for "$work/done" 1 &&
	grep "^exit 0$" "$work/done" &&
	test "$(tmx display -p -t t "#{alternate_on}")" = 0 &&
	pane >p && grep "^EXITED" p && ! grep "defects 22" p
'

test_expect_success 'SIGTERM gives the terminal back, exit 8' '
	start s.db &&
	pid=$(ps -o pid= --ppid "$(tmx display -p -t t "#{pane_pid}")" |
	    tr -d " ") &&
	test -n "$pid" &&
	kill -TERM $pid && wait_for "$work/done" 1 &&
	grep "^exit 8$" "$work/done" &&
	test "$(tmx display -p -t t "#{alternate_on}")" = 0 &&
	pane >p && grep "^EXITED" p
'

test_expect_success 'the campaign screen follows the store; ^C gives the terminal back' '
	start s.db &&
	keys 1 c && pane >p && head -n 1 p | grep "^campaign" &&
	grep "^0 mutants, 0 executions, 24 failures in 22 unique defects" p &&
	cp "$work/pytorch-segfault-faulthandler.log" "$work/again.log" &&
	echo "one more line" >>"$work/again.log" &&
	(cd "$work" && dltriage classify -q --db s.db again.log >/dev/null) &&
	i=0 &&
	while ! pane | grep -q "25 failures in 22 unique defects"; do
		i=$((i + 1)) && [ $i -lt 400 ] || break
		sleep 0.05
	done &&
	pane | grep "^0 mutants, 0 executions, 25 failures in 22 unique defects" &&
	tmx send-keys -t t C-c && wait_for "$work/done" 1 &&
	grep "^exit 8$" "$work/done" &&
	test "$(tmx display -p -t t "#{alternate_on}")" = 0
'

test_expect_success 'a hostile log sets no title, no clipboard, clears nothing' '
	start s.db &&
	before=$(tmx display -p -t t "#{pane_title}") &&
	keys 1 / && keys 4 -l evil && keys 1 Enter &&
	keys 1 Enter && keys 1 Enter &&
	pane >p && head -n 1 p | grep "zz-hostile.log" &&
	grep "RuntimeError: evil op  failed" p &&
	test "$(tmx display -p -t t "#{pane_title}")" = "$before" &&
	! tmx display -p -t t "#{pane_title}" | grep pwned &&
	test -z "$(tmx list-buffers)" &&
	keys 1 Escape && pane >p && head -n 1 p | grep "^bucket " &&
	tmx send-keys -t t Q && wait_for "$work/done" 1 &&
	grep "^exit 0$" "$work/done"
'

test_done
