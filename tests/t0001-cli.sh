#!/bin/sh
# t0001-cli: the command line as a whole: --version, help, exact command
# names with a suggestion, unknown options, exit statuses, write errors.

. "$(dirname "$0")/test-lib.sh"

# The commands "dltriage help" lists, one per line ("rules check" keeps
# its space).
list_commands() {
	dltriage help | awk '
		/^Commands:/ { f = 1; next }
		f && /^$/ { exit }
		f { sub(/^ +/, ""); split($0, a, /  +/); print a[1] }'
}

test_expect_success '--version prints the configured version' '
	dltriage --version >out 2>err &&
	test_must_be_empty err &&
	version=$(sed -n "s/^#define PACKAGE_VERSION \"\(.*\)\"$/\1/p" \
	    "$TEST_BUILDDIR/config.h") &&
	test -n "$version" &&
	echo "dltriage $version" >expect &&
	head -n 1 out >actual &&
	test_cmp expect actual
'

test_expect_success '--version names the library versions' '
	dltriage --version >out &&
	grep "PCRE2 [0-9]" out &&
	grep "libyaml [0-9]" out &&
	grep "SQLite [0-9]" out
'

test_expect_success 'help lists the commands with their summaries' '
	dltriage help >out 2>err &&
	test_must_be_empty err &&
	grep "^usage: dltriage " out &&
	list_commands >names &&
	for c in classify help "rules check" "rules list" "rules schema" "rules test"; do
		grep -x "$c" names || { echo "help does not list $c"; exit 1; }
	done
'

test_expect_success 'help lists the commands in sorted order' '
	list_commands >names &&
	test -s names &&
	LC_ALL=C sort names >sorted &&
	test_cmp sorted names
'

test_expect_success 'command summaries are lower case without a full stop' '
	dltriage help | awk "
		/^Commands:/ { f = 1; next }
		f && /^\$/ { exit }
		f { print }" >lines &&
	test -s lines &&
	! grep -E "  [A-Z][a-z]" lines &&
	! grep -E "\\.\$" lines
'

test_expect_success '--help and -h are help' '
	dltriage help >expect &&
	dltriage --help >actual &&
	test_cmp expect actual &&
	dltriage -h >actual &&
	test_cmp expect actual
'

test_expect_success 'help COMMAND prints the usage of every command' '
	list_commands >names &&
	test -s names &&
	while read -r c; do
		# shellcheck disable=SC2086
		dltriage help $c >out 2>err ||
			{ echo "help $c failed"; cat err; exit 1; }
		grep "^usage: dltriage $c" out ||
			{ echo "help $c: no usage line"; cat out; exit 1; }
	done <names
'

test_expect_success 'help rules lists the verbs of rules' '
	dltriage help rules >out &&
	for v in check list schema test; do
		grep -E "^ +$v " out || { echo "no $v"; exit 1; }
	done
'

test_expect_success 'help of an unknown command fails with status 2' '
	test_must_fail --code=2 dltriage help no-such-command >out 2>err &&
	grep "^dltriage: .*no-such-command" err
'

test_expect_success 'a misspelt command is refused with a suggestion' '
	test_must_fail --code=2 dltriage clasify corpus/logs >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: .*clasify" err &&
	grep -A1 "^The most similar command is" err >hint &&
	sed -n 2p hint | grep -E "^[[:space:]]*classify\$"
'

test_expect_success 'a name far from every command gets no suggestion' '
	test_must_fail --code=2 dltriage xyzzyplugh >out 2>err &&
	grep "^dltriage: .*xyzzyplugh" err &&
	! grep "most similar" err
'

test_expect_success 'commands are exact: no abbreviations' '
	test_must_fail --code=2 dltriage class corpus/logs 2>err &&
	grep "^dltriage: " err &&
	test_must_fail --code=2 dltriage Classify 2>err
'

test_expect_success 'an unknown global option is a usage error' '
	test_must_fail --code=2 dltriage --no-such-option >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: .*no-such-option" err
'

test_expect_success 'an unknown command option is a usage error' '
	test_must_fail --code=2 dltriage classify --no-such-option corpus/logs \
	    >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: " err
'

test_expect_success 'rules without a verb is a usage error' '
	test_must_fail --code=2 dltriage rules >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: " err &&
	grep "usage:" err
'

test_expect_success 'rules with an unknown verb is a usage error' '
	test_must_fail --code=2 dltriage rules chek 2>err &&
	grep "^dltriage: .*chek" err
'

test_expect_success 'no command prints the usage and fails with status 2' '
	test_must_fail --code=2 dltriage >out 2>err &&
	cat out err >both &&
	grep "usage: dltriage" both
'

test_expect_success 'a write error on standard output is status 6' '
	test -w /dev/full || exit 0
	test_must_fail --code=6 dltriage help >/dev/full 2>err &&
	grep "^dltriage: .*write" err
'

test_expect_success 'a write error on --version output is status 6' '
	test -w /dev/full || exit 0
	test_must_fail --code=6 dltriage --version >/dev/full 2>err &&
	grep "^dltriage: " err
'

test_expect_success 'a closed pipe is not a crash' '
	# A lot of output into a reader that goes away: status 0 or 6,
	# never a death by SIGPIPE.
	{ dltriage help; echo $? >rc; } | head -c 1 >/dev/null &&
	rc=$(cat rc) &&
	{ test "$rc" -eq 0 || test "$rc" -eq 6; }
'

test_expect_success 'errors go to standard error with the dltriage: prefix' '
	test_must_fail dltriage no-such-command >out 2>err &&
	test_must_be_empty out &&
	head -n 1 err | grep "^dltriage: "
'

test_done
