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

test_expect_success 'a misspelt option is refused with the nearest one' '
	test_must_fail --code=2 dltriage classify --formt json "$TEST_SRCDIR/corpus/logs" \
	    >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: unknown option '\''--formt'\'' (did you mean '\''--format'\''?)\$" err &&
	grep "^usage: dltriage classify " err
'

test_expect_success 'a misspelt option with its value after = is named alone' '
	test_must_fail --code=2 dltriage classify --formt=json x 2>err &&
	grep "unknown option '\''--formt'\'' (did you mean '\''--format'\''?)" err
'

test_expect_success 'an option far from every other gets no suggestion' '
	test_must_fail --code=2 dltriage classify --xyzzyplugh x 2>err &&
	grep "^dltriage: unknown option '\''--xyzzyplugh'\''\$" err
'

test_expect_success 'an ambiguous abbreviation names the candidates' '
	test_must_fail --code=2 dltriage classify --f x 2>err &&
	grep "^dltriage: option '\''--f'\'' is ambiguous" err &&
	grep -e "--format" err && grep -e "--framework" err && grep -e "--fail-on" err
'

test_expect_success 'a value for an option that takes none is refused' '
	test_must_fail --code=2 dltriage classify --summary=yes x 2>err &&
	grep "^dltriage: option '\''--summary'\'' takes no value" err
'

test_expect_success 'a misspelt verb of a group gets the nearest verb' '
	test_must_fail --code=2 dltriage rules tset >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: '\''rules tset'\'' is not a dltriage command" err &&
	grep -A1 "^The most similar command is" err >hint &&
	sed -n 2p hint | grep -E "^[[:space:]]*rules test\$"
'

test_expect_success 'a value outside an option'\''s list lists the valid ones' '
	test_must_fail --code=2 dltriage classify --format jsn "$TEST_SRCDIR/corpus/logs" \
	    >out 2>err &&
	test_must_be_empty out &&
	grep "^dltriage: unknown format '\''jsn'\'' (did you mean '\''json'\''?)\$" err &&
	grep "^valid: table, json, csv\$" err
'

test_expect_success 'mutate --mode and rules list --section list the valid values' '
	test_must_fail --code=2 dltriage mutate m.yaml --mode gnrc -o out 2>err &&
	grep "^dltriage: unknown mode '\''gnrc'\''" err &&
	grep "^valid: aware, generic, probe\$" err &&
	test_must_fail --code=2 dltriage rules list --section frame 2>err &&
	grep "^dltriage: unknown section '\''frame'\'' (did you mean '\''frames'\''?)" err &&
	grep "^valid: detectors, frames, rules, frameworks, ignore-frames, normalise\$" err
'

test_expect_success 'COMMAND --help prints the usage and every option on stdout' '
	list_commands >names &&
	test -s names &&
	while read -r c; do
		# shellcheck disable=SC2086
		dltriage $c --help >out 2>err ||
			{ echo "$c --help failed"; exit 1; }
		test_must_be_empty err &&
		grep "^usage: dltriage $c" out &&
		grep -E "^ +-h, --help +[a-z]" out ||
			{ echo "$c --help lists no options"; cat out; exit 1; }
		# shellcheck disable=SC2086
		dltriage help $c >help-out &&
		test_cmp out help-out
	done <names
'

test_expect_success 'mutate --help lists every option of mutate' '
	dltriage mutate --help >out &&
	for o in "-n N" "--ops LIST" "--mode aware|generic|probe" "--probe-validation" "--frameworks LIST" \
	    "--seed S" "--max-tries N" "--profiles DIR" "-o, --output DIR" \
	    "--report FILE" "-q, --quiet" "-h, --help"; do
		sed "s/\$/ /" out | grep -F -e "$o " >/dev/null ||
			{ echo "mutate --help lacks $o"; cat out; exit 1; }
	done &&
	test "$(grep -c -E "^ +-" out)" -eq 12
'

test_expect_success 'classify --db still records in the store, and DLTRIAGE_DB too' '
	dltriage classify --db s.db "$TEST_SRCDIR/corpus/logs" >out &&
	grep "^store '\''s.db'\'': [1-9][0-9]* files" out &&
	DLTRIAGE_DB=e.db dltriage classify "$TEST_SRCDIR/corpus/logs" >out &&
	grep "^store '\''e.db'\'': [1-9][0-9]* files" out &&
	dltriage classify "$TEST_SRCDIR/corpus/logs" >out &&
	! grep "^store " out
'

test_expect_success 'the shared options work after the operands too' '
	dltriage classify "$TEST_SRCDIR/corpus/logs" -q --db s2.db >out &&
	grep "^store '\''s2.db'\''" out
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

test_expect_success 'a usage error creates no store and reads no rules' '
	mkdir badrules &&
	printf "rules: [\n" >badrules/x.yaml &&
	test_must_fail --code=2 dltriage classify --db new.db 2>err &&
	grep "no log file or directory given" err &&
	test_must_fail --code=2 dltriage classify --db new.db --fail-on crsh . 2>err &&
	test_must_fail --code=2 dltriage classify --db new.db --framework pytorh . 2>err &&
	test ! -e new.db &&
	test_must_fail --code=2 dltriage classify --rules badrules 2>err &&
	test_must_fail --code=2 dltriage rules list --rules badrules x 2>err &&
	grep "takes no arguments" err
'

test_done
