#!/bin/sh
# t0002-docs: the command table, "dltriage help", the manual pages and
# the exit-code enum agree (after git's check-builtins and check-docs),
# error messages follow git's rules (lower-case start, no full stop), and
# src/ keeps the layers and library wrappers of docs/CodingStyle
# (tests/check-layers.sh).

. "$(dirname "$0")/test-lib.sh"

man="$TEST_SRCDIR/man"
src="$TEST_SRCDIR/src"

# The commands "dltriage help" lists, one per line.
list_commands() {
	dltriage help | awk '
		/^Commands:/ { f = 1; next }
		f && /^$/ { exit }
		f { sub(/^ +/, ""); split($0, a, /  +/); print a[1] }'
}

# A page's text with "\-" turned into "-".
page_text() {
	sed 's/\\-/-/g' "$1"
}

# The lines of section $2 (".Sh $2" to the next ".Sh") of page $1.
page_section() {
	awk -v want="$2" '
		/^\.Sh / { s = $0; sub(/^\.Sh +/, "", s); gsub(/"/, "", s);
		    f = (s == want); next }
		f { print }' "$1"
}

# The manual page that documents command $1.
command_page() {
	dashed=$(echo "$1" | tr " " -)
	group=${1%% *}
	if [ -f "$man/dltriage-$dashed.1" ]; then
		echo "$man/dltriage-$dashed.1"
	elif [ -f "$man/dltriage-$group.1" ]; then
		echo "$man/dltriage-$group.1"
	else
		echo "$man/dltriage.1"
	fi
}

# The options "dltriage help $1" lists (from the option table), one per
# line: "-q", "--quiet", ...
listed_options() {
	# shellcheck disable=SC2086
	dltriage help $1 | awk '
		/^ +-/ { for (i = 1; i <= NF && $i ~ /^-/; i++) {
			o = $i; sub(/,$/, "", o); print o } }'
}

# The options of the ".It Fl" items of page $1, one per line.
page_options() {
	page_text "$1" | awk '
		/^\.It Fl / { for (i = 2; i < NF; i++)
			if ($i == "Fl") print "-" $(i + 1) }'
}

# The values of enum dlt_exit in src/exitcode.h, sorted.
header_exit_values() {
	sed -n 's/^[[:space:]]*DLT_EXIT_[A-Z_]*[[:space:]]*=[[:space:]]*\([0-9][0-9]*\).*/\1/p' \
	    "$src/exitcode.h" | sort -n
}

# The ".It N" values of the EXIT STATUS section of page $1, sorted.
page_exit_values() {
	page_section "$1" "EXIT STATUS" |
	    sed -n 's/^\.It \(Sy \)\{0,1\}\([0-9][0-9]*\)$/\2/p' | sort -n
}

test_expect_success 'the command list is not empty' '
	list_commands >names &&
	test -s names
'

test_expect_success 'every command has an entry in dltriage(1)' '
	list_commands >names &&
	test -s names &&
	while read -r c; do
		grep -E "^\.It Ic $c( |\$)" "$man/dltriage.1" >/dev/null ||
			{ echo "dltriage.1 has no \".It Ic $c\" entry"; exit 1; }
	done <names
'

test_expect_success 'dltriage(1) lists no command that does not exist' '
	list_commands >names &&
	test -s names &&
	page_section "$man/dltriage.1" COMMANDS >cmds &&
	sed -n "s/^\.It Ic \([a-z][a-z-]*\( [a-z][a-z-]*\)\{0,1\}\).*/\1/p" cmds |
	    sed "s/ \(Op\|Oo\|Ar\|Fl\|Oc\|Ns\)\$//" >documented &&
	test -s documented &&
	while read -r c; do
		grep -x "$c" names >/dev/null ||
			{ echo "dltriage.1 documents \"$c\", which is not a command"; exit 1; }
	done <documented
'

test_expect_success 'every command has a manual page or a section' '
	list_commands >names &&
	test -s names &&
	while read -r c; do
		dashed=$(echo "$c" | tr " " -)
		group=${c%% *}
		verb=${c#* }
		if [ -f "$man/dltriage-$dashed.1" ]; then
			continue
		elif [ "$c" != "$group" ] && [ -f "$man/dltriage-$group.1" ]; then
			grep -E "(Ic|Cm|Nm) (dltriage $group )?$verb( |\$)" \
			    "$man/dltriage-$group.1" >/dev/null ||
				{ echo "dltriage-$group.1 does not describe $verb"; exit 1; }
		else
			# No page of its own: its entry in dltriage.1 is its
			# documentation and must not send the reader elsewhere.
			awk -v c="$c" "
				/^\.It Ic / { f = index(\$0, \".It Ic \" c) == 1; next }
				/^\.(El|Sh)/ { f = 0 }
				f" "$man/dltriage.1" >entry
			test -s entry ||
				{ echo "$c: no manual page and no entry in dltriage.1"; exit 1; }
			if grep "^\.Xr dltriage-" entry; then
				echo "$c: dltriage.1 refers to a page that does not exist"
				exit 1
			fi
		fi
	done <names
'

test_expect_success 'every dltriage page referred to exists' '
	cat "$man"/*.[1-9] "$TEST_SRCDIR/README" |
	    sed -n "s/.*Xr \(dltriage[a-z-]*\) \([1-9]\).*/\1.\2/p" | sort -u >refs &&
	test -s refs &&
	while read -r r; do
		test -f "$man/$r" || { echo "no page man/$r"; exit 1; }
	done <refs
'

test_expect_success 'dltriage(1) refers to every other page' '
	page_section "$man/dltriage.1" "SEE ALSO" >seealso &&
	for p in "$man"/dltriage-*.[1-9]; do
		b=$(basename "$p")
		name=${b%.*}
		sec=${b##*.}
		grep "^\.Xr $name $sec" seealso >/dev/null ||
			{ echo "SEE ALSO of dltriage.1 lacks $name($sec)"; exit 1; }
	done
'

test_expect_success 'every page in man/ is installed and every installed page exists' '
	awk "/^dist_man_MANS/ { f = 1 } f { print } f && !/\\\\\$/ { f = 0 }" \
	    "$TEST_SRCDIR/Makefile.am" | tr " \\t\\\\" "\\n\\n\\n" |
	    sed -n "s|^man/||p" | sort >installed &&
	(cd "$man" && ls -- *.[1-9]) | sort >present &&
	test_cmp present installed
'

test_expect_success 'every shipped rule file is installed and every installed one exists' '
	awk "/^dist_rules_DATA/ { f = 1 } f { print } f && !/\\\\\$/ { f = 0 }" \
	    "$TEST_SRCDIR/Makefile.am" | tr " \\t\\\\" "\\n\\n\\n" |
	    sed -n "s|^rules/||p" | sort >installed &&
	(cd "$TEST_SRCDIR/rules" && ls -- *.yaml *.model) | sort >present &&
	test_cmp present installed
'

test_expect_success 'every exit status of exitcode.h is below 126' '
	header_exit_values >values &&
	test -s values &&
	while read -r v; do
		test "$v" -lt 126 || { echo "exit status $v"; exit 1; }
	done <values
'

test_expect_success 'EXIT STATUS of dltriage(1) lists exactly the enum values' '
	header_exit_values >expect &&
	page_exit_values "$man/dltriage.1" >actual &&
	test_cmp expect actual
'

test_expect_success 'EXIT STATUS of dltriage(1) uses the words of exitcode.h' '
	page_section "$man/dltriage.1" "EXIT STATUS" | page_text /dev/stdin |
	    tr "A-Z" "a-z" >section &&
	for words in "success" "findings present" "bad command line" \
	    "rule files invalid" "store" "could not be read" \
	    "writing the output failed" "bug in"; do
		grep "$words" section >/dev/null ||
			{ echo "EXIT STATUS does not say \"$words\""; exit 1; }
	done
'

test_expect_success 'every command page lists only exit statuses of the enum' '
	header_exit_values >known &&
	for p in "$man"/dltriage-*.1; do
		page_exit_values "$p" >values
		while read -r v; do
			grep -x "$v" known >/dev/null ||
				{ echo "$p: unknown exit status $v"; exit 1; }
		done <values
	done
'

test_expect_success 'dltriage-classify(1) documents every option' '
	page_text "$man/dltriage-classify.1" >page &&
	for o in -db -rules -no-default-rules -framework -format -fail-on \
	    -summary -quiet q; do
		grep "Fl $o" page >/dev/null ||
			{ echo "dltriage-classify.1 lacks -$o"; exit 1; }
	done
'

test_expect_success 'every long option in a usage line is in the manual' '
	list_commands >names &&
	while read -r c; do
		dashed=$(echo "$c" | tr " " -)
		group=${c%% *}
		if [ -f "$man/dltriage-$dashed.1" ]; then
			p="$man/dltriage-$dashed.1"
		elif [ -f "$man/dltriage-$group.1" ]; then
			p="$man/dltriage-$group.1"
		else
			p="$man/dltriage.1"
		fi
		# shellcheck disable=SC2086
		dltriage help $c | sed "/^\$/q" |
		    grep -o -- "--[a-z][a-z-]*" >opts || :
		while read -r o; do
			page_text "$p" | grep "Fl ${o#-}" >/dev/null ||
				{ echo "$c: $o is not in $(basename "$p")"; exit 1; }
		done <opts
	done <names
'

test_expect_success 'help COMMAND lists options' '
	listed_options classify >opts &&
	grep -x -e "--format" opts &&
	grep -x -e "-q" opts &&
	grep -x -e "--help" opts
'

test_expect_success 'every option in a command'\''s table is in its manual page' '
	list_commands >names &&
	while read -r c; do
		p=$(command_page "$c")
		listed_options "$c" >opts &&
		test -s opts ||
			{ echo "help $c lists no options"; exit 1; }
		page_options "$p" >documented
		while read -r o; do
			grep -x -e "$o" documented >/dev/null ||
				{ echo "$c: $o is not an item of $(basename "$p")"; exit 1; }
		done <opts
	done <names
'

test_expect_success 'every option in a command page is in a command'\''s table' '
	list_commands >names &&
	for p in "$man"/dltriage-*.1; do
		: >opts
		while read -r c; do
			test "$(command_page "$c")" = "$p" || continue
			listed_options "$c" >>opts
		done <names
		test -s opts || { echo "$p documents no command"; exit 1; }
		page_options "$p" >documented
		test -s documented || { echo "$p has no options"; exit 1; }
		while read -r o; do
			grep -x -e "$o" opts >/dev/null ||
				{ echo "$(basename "$p"): $o is in no option table"; exit 1; }
		done <documented
	done
'

if command -v mandoc >/dev/null 2>&1; then
	test_expect_success 'manual pages are clean under mandoc -Tlint' '
		mandoc -Tlint -Wwarning "$man"/*.[1-9]
	'
else
	test_skip 'manual pages are clean under mandoc -Tlint' 'mandoc is not installed'
fi

if "$PYTHON3" -c 1 >/dev/null 2>&1; then
	cat >"$TEST_TMP/casing.py" <<'EOF'
# Error messages follow git's rules: they start with a lower-case letter
# (an all-capitals word such as "PCRE2" or "BUG" is fine) and do not end
# with a full stop.  Looks at the format string of every dlt_error,
# dlt_error_errno, dlt_warn, dlt_die, dlt_die_errno, dlt_die_code and
# dlt_bug call in the C sources.
import glob, os, re, sys

call = re.compile(r'\bdlt_(error|error_errno|warn|die|die_errno|die_code|bug)\s*\(')
literal = re.compile(r'\s*"((?:[^"\\\n]|\\.)*)"')
bad = 0
for path in sorted(glob.glob(os.path.join(sys.argv[1], '*.[ch]'))):
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    for m in call.finditer(text):
        pos = m.end()
        if m.group(1) == 'die_code':
            comma = text.find(',', pos)
            if comma < 0:
                continue
            pos = comma + 1
        parts = []
        while True:
            lm = literal.match(text, pos)
            if not lm:
                break
            parts.append(lm.group(1))
            pos = lm.end()
        if not parts:
            continue        # not a literal format (a declaration, a variable)
        msg = ''.join(parts)
        line = text.count('\n', 0, m.start()) + 1
        top = os.path.dirname(os.path.abspath(sys.argv[1]))
        where = '%s:%d' % (os.path.relpath(os.path.abspath(path), top), line)
        if re.match(r'[A-Z][a-z]', msg):
            print('%s: message starts with a capital: "%s"' % (where, msg))
            bad += 1
        if re.search(r'(?<!\.)\.(\\n)?$', msg):
            print('%s: message ends with a full stop: "%s"' % (where, msg))
            bad += 1
sys.exit(1 if bad else 0)
EOF
	test_expect_success 'error messages start lower case and end without a full stop' '
		"$PYTHON3" "$TEST_TMP/casing.py" "$src"
	'
	test_expect_success 'the casing check finds bad messages' '
		mkdir c &&
		printf "%s\n" "int f(void) { return dlt_error(\"Cannot open it\"); }" \
		    "void g(void) { dlt_warn(\"it is \" \"gone.\"); }" \
		    "void h(void) { dlt_die_code(3, \"PCRE2 failed\"); }" >c/x.c &&
		test_must_fail "$PYTHON3" "$TEST_TMP/casing.py" c >out &&
		grep "c/x.c:1: message starts with a capital" out &&
		grep "c/x.c:2: message ends with a full stop" out &&
		! grep "x.c:3" out
	'
else
	test_skip 'error messages start lower case and end without a full stop' 'python3 is not installed'
fi

# --- layers (docs/CodingStyle, "Layers" and "One module per library")

check_layers="$TEST_SRCDIR/tests/check-layers.sh"
style="$TEST_SRCDIR/docs/CodingStyle"
# Includes exempted from the layer check, each "-x FILE:HEADER" with its
# reason in a comment; none today.  The checker warns when one no longer
# matches an include, and then its line goes.
layer_exemptions=""

# A copy of src/'s sources in ./src, for the checks below to break.
copy_src() {
	mkdir src && cp "$src"/*.[ch] src/
}

# add_line FILE TEXT: append TEXT to FILE and print its line number.
add_line() {
	printf '%s\n' "$2" >>"$1" && wc -l <"$1" | tr -d " "
}

test_expect_success 'src/ keeps its layers and library wrappers' '
	# shellcheck disable=SC2086
	"$check_layers" $layer_exemptions "$src" "$style"
'

# An exemption whose include is gone is said in the log, without failing.
# shellcheck disable=SC2086
"$check_layers" $layer_exemptions "$src" "$style" 2>&1 >/dev/null |
    sed -n "s/.*\(stale exemption .*\)/\1: remove it from layer_exemptions/p" |
    while read -r line; do say "$line"; done

test_expect_success 'the layer table places every file of src/ (no exemption)' '
	"$check_layers" "$src" "$style" >out;
	test $? -le 1 &&
	! grep "is in no layer" out
'

test_expect_success 'the layer check finds upward and sibling includes' '
	copy_src &&
	l1=$(add_line src/xmalloc.c "#include \"command.h\"") &&
	l2=$(add_line src/parse.c "#include \"mutate.h\"") &&
	l3=$(add_line src/scan.h "#include \"cmd-classify.c\"") &&
	# shellcheck disable=SC2086
	test_must_fail "$check_layers" $layer_exemptions src "$style" >out &&
	cat out &&
	grep -x "src/xmalloc.c:$l1: .xmalloc.c. (layer 1 base) includes .command.h. (layer 7 commands)" out &&
	grep -x "src/parse.c:$l2: .parse.c. (layer 3 classify) includes .mutate.h. (layer 3 model)" out &&
	grep -x "src/scan.h:$l3: .scan.h. (layer 3 classify) includes .cmd-classify.c. (layer 7 commands)" out &&
	test $(wc -l <out) -eq 3
'

test_expect_success 'the layer check finds a library header outside its wrapper' '
	copy_src &&
	l1=$(add_line src/output.c "#include <curses.h>") &&
	l2=$(add_line src/store.h "#include <sqlite3.h>") &&
	l3=$(add_line src/cmd-help.c "#include <yaml.h>") &&
	# shellcheck disable=SC2086
	test_must_fail "$check_layers" $layer_exemptions src "$style" >out &&
	cat out &&
	grep -x "src/output.c:$l1: .output.c. includes <curses.h>, which only compat-curses\* tui-crt\* may include" out &&
	grep "^src/store.h:$l2: .store.h. includes <sqlite3.h>" out &&
	grep "^src/cmd-help.c:$l3: .cmd-help.c. includes <yaml.h>" out &&
	test $(wc -l <out) -eq 3
'

test_expect_success 'the layer check finds an include cycle' '
	copy_src &&
	l=$(add_line src/logread.c "#include \"classify.h\"") &&
	# shellcheck disable=SC2086
	test_must_fail "$check_layers" $layer_exemptions src "$style" >out &&
	cat out &&
	grep -x "src/logread.c:$l: .logread.c. includes .classify.h. (include cycle: logread -> classify -> logread)" out
'

test_expect_success 'the layer check rejects a file that is in no layer' '
	copy_src &&
	echo "/* frobnicate.c: new */" >src/frobnicate.c &&
	l=$(add_line src/cmd-help.c "#include \"gadget.h\"") &&
	# shellcheck disable=SC2086
	test_must_fail "$check_layers" $layer_exemptions src "$style" >out &&
	cat out &&
	grep -x "src/frobnicate.c:1: .frobnicate.c. is in no layer of .*CodingStyle" out &&
	grep -x "src/cmd-help.c:$l: .cmd-help.c. includes .gadget.h., which is in no layer of .*CodingStyle" out &&
	test $(wc -l <out) -eq 2
'

# --- framework names: src/vocab.c and the harness (names.py) agree

# The aliases table of src/vocab.c, one line per framework: the canonical
# name, then its aliases.
c_framework_names() {
	awk '
		/aliases\[DLT_FW_COUNT\]/ { f = 1; next }
		f && /^}/ { exit }
		f && /\[DLT_FW_[A-Z_]*\]/ {
			line = ""; s = $0
			while (match(s, /"[^"]*"/)) {
				line = line (line == "" ? "" : " ") \
				    substr(s, RSTART + 1, RLENGTH - 2)
				s = substr(s, RSTART + RLENGTH)
			}
			print line
		}' "$src/vocab.c"
}

if "$PYTHON3" -c 1 >/dev/null 2>&1; then
	test_expect_success 'src/vocab.c and the harness know the same framework names' '
		c_framework_names >c &&
		test $(wc -l <c) -ge 8 &&
		grep -x "pytorch torch" c &&
		PYTHONPATH="$TEST_SRCDIR/harness" "$PYTHON3" -m dltriage_harness.names >py &&
		test_cmp c py
	'
	test_expect_success 'the harness reads its names without importing a framework' '
		PYTHONPATH="$TEST_SRCDIR/harness" "$PYTHON3" -c "
import sys
from dltriage_harness import names
assert names.canonical(\"Torch\") == \"pytorch\"
assert names.canonical(\"keras-torch\") == \"keras-pytorch\"
loaded = {\"torch\", \"tensorflow\", \"jax\", \"keras\", \"numpy\"} & set(sys.modules)
assert not loaded, loaded
"
	'
else
	test_skip 'src/vocab.c and the harness know the same framework names' 'python3 is not installed'
fi

test_expect_success 'NEWS has a section for this version' '
	version=$(dltriage --version | sed -n "1s/^dltriage //p") &&
	test -n "$version" &&
	grep "^Changes in $version" "$TEST_SRCDIR/NEWS"
'

test_expect_success 'ChangeLog is not empty' '
	test -s "$TEST_SRCDIR/ChangeLog"
'

# make dist writes a tar whose member names hold at most 99 bytes
# (automake's default format); a longer path is left out of the
# tarball with a mere warning, and the tests that read it fail only
# under distcheck.  "dltriage-VERSION/" comes before every path.
test_expect_success 'every shipped path fits the tarball (99 bytes with its top directory)' '
	version=$(dltriage --version | sed -n "1s/^dltriage //p") &&
	top="dltriage-$version/" &&
	(cd "$TEST_SRCDIR" && find corpus rules tests man src tools harness docs bench fuzz \
	    -name __pycache__ -prune -o -type f -print) >paths &&
	test -s paths &&
	awk -v top="$top" "length(top \$0) > 99 { print; bad = 1 } END { exit bad }" paths
'

test_done
