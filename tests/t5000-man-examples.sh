#!/bin/sh
# t5000-man-examples: the EXAMPLES of the manual pages run as printed.
#
# The convention (also in the comment at the top of man/dltriage.1):
# every ".Dl" line in an EXAMPLES section whose text starts with
# "dltriage " is an example.  The examples of a page run in order, in one
# copy of the source tree (so a later example may use what an earlier one
# wrote), with "dltriage" on PATH, under bash -o pipefail, and must exit
# 0.  A comment line
#	.\" t5000: exit N
# just above an example expects status N instead, and
#	.\" t5000: skip
# leaves the next example alone (it needs something the tree lacks).
# In examples write "\-" for "-", "\(aq" for "'", "\(dq" for a double
# quote, "\e" for a backslash; no other escapes, no bare double quotes
# and no word that mdoc would take for a macro (Ar, Fl, Li, ...).

. "$(dirname "$0")/test-lib.sh"

if ! "$PYTHON3" -c 1 >/dev/null 2>&1; then
	test_skip 'manual page examples' 'python3 is not installed'
	test_done
	exit 0
fi

cat >"$TEST_TMP/extract.py" <<'EOF'
# extract.py OUTDIR PAGE...: write OUTDIR/N.sh (the command) and
# OUTDIR/N.exit (the status it must give) for every example, and print
# "N<TAB>page<TAB>status<TAB>command" lines; exit 1 on a badly written
# example.
import os, re, sys

MACROS = set('''Ac Ad An Ao Ap Aq Ar At Bc Bo Bq Brc Bro Brq Bsx Bx Cd Cm Dc
Do Dq Dv Dx Ec Em En Eo Er Ev Fa Fc Fl Fn Fo Fr Ft Fx Ic In Lb Li Lk Ms Mt
Nm No Ns Nx Oc Oo Op Ot Ox Pa Pc Pf Po Pq Qc Ql Qo Qq Sc So Sq St Sx Sy Ta
Tn Ux Va Vt Xc Xo Xr'''.split())
ESCAPES = {r'\-': '-', r'\(aq': "'", r'\(dq': '"', r'\e': '\\', r'\&': '',
           r'\(ti': '~', r'\(ha': '^', r'\(ga': '`'}
ESC = re.compile(r'\\(\(..|.)')

outdir, pages = sys.argv[1], sys.argv[2:]
n = 0
bad = 0
for page in pages:
    section = None
    directive = None
    with open(page, encoding='utf-8') as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip('\n')
            where = '%s:%d' % (os.path.basename(page), lineno)
            if line.startswith('.Sh '):
                section = line[4:].strip().strip('"')
                directive = None
                continue
            if section != 'EXAMPLES':
                continue
            m = re.match(r'^\.\\"\s*t5000:\s*(.*)$', line)
            if m:
                directive = m.group(1).strip()
                continue
            if not line.startswith('.Dl '):
                continue
            raw = line[4:]
            d, directive = directive, None

            def unescape(m):
                e = '\\' + m.group(1)
                if e not in ESCAPES:
                    raise ValueError('unsupported escape %r' % e)
                return ESCAPES[e]
            try:
                if '"' in raw:
                    raise ValueError('bare double quote (write \\(dq)')
                text = ESC.sub(unescape, raw)
            except ValueError as e:
                print('%s: %s' % (where, e), file=sys.stderr)
                bad += 1
                continue
            if not text.startswith('dltriage '):
                continue
            if d == 'skip':
                continue
            for w in raw.split():
                if w in MACROS:
                    print('%s: %r would be read as an mdoc macro' % (where, w),
                          file=sys.stderr)
                    bad += 1
            want = 0
            if d:
                m = re.match(r'^exit\s+([0-9]+)$', d)
                if not m:
                    print('%s: bad directive %r' % (where, d), file=sys.stderr)
                    bad += 1
                    continue
                want = int(m.group(1))
            n += 1
            with open(os.path.join(outdir, '%d.sh' % n), 'w') as o:
                o.write(text + '\n')
            with open(os.path.join(outdir, '%d.exit' % n), 'w') as o:
                o.write('%d\n' % want)
            print('%d\t%s\t%d\t%s' % (n, os.path.basename(page), want, text))
sys.exit(1 if bad else 0)
EOF

mkdir -p "$TEST_TMP/ex" "$TEST_TMP/bin"
cat >"$TEST_TMP/bin/dltriage" <<EOF
#!/bin/sh
if [ -n "\$DLT_VALGRIND" ]; then
	exec valgrind -q --error-exitcode=97 --leak-check=full \\
	    --errors-for-leak-kinds=definite "$DLTRIAGE" "\$@"
fi
exec "$DLTRIAGE" "\$@"
EOF
chmod +x "$TEST_TMP/bin/dltriage"

if command -v bash >/dev/null 2>&1; then
	run_shell() { bash -o pipefail "$@"; }
else
	run_shell() { sh "$@"; }
fi

# A fresh, writable copy of the parts of the source tree that examples
# may use, for page $1.
copy_tree() {
	mkdir -p "$1" || return 1
	for p in corpus rules man docs tests bench README NEWS ChangeLog; do
		if [ -e "$TEST_SRCDIR/$p" ]; then
			cp -R "$TEST_SRCDIR/$p" "$1/" || return 1
		fi
	done
	chmod -R u+w "$1"
}

test_expect_success 'the examples are well written' '
	"$PYTHON3" "$TEST_TMP/extract.py" "$TEST_TMP/ex" \
	    "$TEST_SRCDIR"/man/*.[1-9] >"$TEST_TMP/examples"
'

test_expect_success 'every section 1 page has a runnable example' '
	for p in "$TEST_SRCDIR"/man/*.1; do
		b=$(basename "$p")
		awk -F "	" -v b="$b" "\$2 == b { found = 1 } END { exit !found }" \
		    "$TEST_TMP/examples" ||
			{ echo "$b has no runnable example"; exit 1; }
	done
'

# run_example N PAGE WANT: run example N in the copy of the tree for
# PAGE; its status must be WANT, with no sanitizer report.
run_example() {
	dir="$TEST_TMP/tree-$2"
	if [ ! -d "$dir" ]; then
		copy_tree "$dir" || return 1
	fi
	(
		cd "$dir" &&
		PATH="$TEST_TMP/bin:$PATH" run_shell "$TEST_TMP/ex/$1.sh" \
		    >"$TEST_TMP/ex/$1.out" 2>"$TEST_TMP/ex/$1.err"
	)
	rc=$?
	echo "\$ $(cat "$TEST_TMP/ex/$1.sh")"
	head -n 20 "$TEST_TMP/ex/$1.out"
	head -n 20 "$TEST_TMP/ex/$1.err"
	if [ "$rc" -ne "$3" ]; then
		echo "status $rc, expected $3"
		return 1
	fi
	if grep -E "Sanitizer|runtime error:" "$TEST_TMP/ex/$1.err"; then
		return 1
	fi
	return 0
}

if [ -s "$TEST_TMP/examples" ]; then
	# Read the list on a separate descriptor so that the tests cannot eat it.
	while IFS="	" read -r n page want cmd <&3; do
		# a "#" in a TAP title would start a directive
		title=$(printf "%s" "$cmd" | tr "#" "_")
		test_expect_success "$page: $title" "run_example $n $page $want"
	done 3<"$TEST_TMP/examples"
fi

test_done
