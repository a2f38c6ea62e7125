#!/bin/sh
# t1000-rules-check: loading and validating rule files ("rules check"),
# the override order of rule directories, "rules list", "rules schema"
# and its agreement with dltriage-rules(5).  Each malformed file in
# tests/rules-bad/ (a NAME.yaml file or a NAME/ directory) must give
# exactly tests/rules-bad/NAME.expected on standard error and status 3.

. "$(dirname "$0")/test-lib.sh"

bad="$TEST_SRCDIR/tests/rules-bad"
page="$TEST_SRCDIR/man/dltriage-rules.5"

# A minimal valid entry of section $1 with id $2 (and a marker $3 that
# ends up in its description), indented as an item of the section.
entry() {
	case $1 in
	detectors)
		printf '  - id: %s\n    description: %s\n    anchors: ["%s anchor"]\n    shape: line\n    samples:\n      - line: "%s anchor"\n' "$2" "$3" "$2" "$2" ;;
	frames)
		printf '  - id: %s\n    description: %s\n    match: "^at (?<func>\\\\S+)$"\n    samples:\n      - line: "at main"\n        func: main\n' "$2" "$3" ;;
	rules)
		printf '  - id: %s\n    description: %s\n    class: crash\n    kind: %s\n    any: ["%s"]\n    samples:\n      - log: "%s"\n        class: crash\n' "$2" "$3" "$2" "$2" "$2" ;;
	frameworks)
		printf '  - id: %s\n    description: %s\n    framework: pytorch\n    any: ["torch"]\n    samples:\n      - log: "torch"\n        framework: pytorch\n' "$2" "$3" ;;
	ignore-frames)
		printf '  - id: %s\n    description: %s\n    func: "^%s$"\n    samples:\n      - frame: "%s"\n' "$2" "$3" "$2" "$2" ;;
	normalise)
		printf '  - id: %s\n    description: %s\n    match: "[0-9]+"\n    replace: N\n    samples:\n      - in: "a1"\n        out: "aN"\n' "$2" "$3" ;;
	esac
}

# A detector for "killed by" lines, as a rule file.
killed_detector() {
	printf 'detectors:\n  - id: killed-line\n    anchors: ["killed by"]\n    shape: line\n    samples:\n      - line: "worker killed by SIGSEGV"\n'
}

# A rule that uses the named pattern signal-name, as a rule file.
signal_rule() {
	printf 'rules:\n  - id: signal-death\n    class: crash\n    kind: k\n    any: ["killed by %%{signal-name}\\\\b"]\n    samples:\n      - log: "worker killed by SIGSEGV"\n        class: crash\n'
}

# A rule file with one entry: section $1, id $2, marker $3.
rule_file() {
	echo "$1:"
	entry "$@"
}

test_expect_success 'the shipped rules pass rules check' '
	dltriage rules check >out 2>err &&
	test_must_be_empty err &&
	grep -E "^rules: [0-9]+ files?, [0-9]+ detectors?, [0-9]+ frame formats?, [0-9]+ rules?, [0-9]+ frameworks?, [0-9]+ ignore-frames?, [0-9]+ normalise(, [0-9]+ patterns?)?: ok\$" out
'

test_expect_success 'every shipped rule file is loaded' '
	dltriage rules check >out &&
	n=$(ls "$TEST_SRCDIR"/rules/*.yaml | wc -l) &&
	grep "^rules: $n files, " out
'

test_expect_success 'every file in tests/rules-bad has an expected message file' '
	for f in "$bad"/*; do
		case $f in
		*.expected) continue ;;
		*.yaml) name=$(basename "$f" .yaml) ;;
		*) name=$(basename "$f") ;;
		esac
		test -f "$bad/$name.expected" || { echo "no $name.expected"; exit 1; }
	done
'

for expected in "$bad"/*.expected; do
	name=$(basename "$expected" .expected)
	if [ -d "$bad/$name" ]; then
		target=$name
	else
		target=$name.yaml
	fi
	test_expect_success "rules-bad/$target gives exactly its problems" "
		cp -R \"$bad/$target\" . &&
		test_must_fail --code=3 dltriage rules check --no-default-rules \
		    \"$target\" >out 2>actual &&
		test_must_be_empty out &&
		test_cmp \"$expected\" actual
	"
done

test_expect_success 'every problem of every file is reported, sorted' '
	mkdir d &&
	cp "$bad/unknown-key.yaml" d/b.yaml &&
	cp "$bad/missing-field.yaml" d/a.yaml &&
	test_must_fail --code=3 dltriage rules check --no-default-rules d 2>err &&
	sed -n "s/^missing-field\.yaml:/d\/a.yaml:/p; s/^unknown-key\.yaml:/d\/b.yaml:/p" \
	    "$bad/missing-field.expected" "$bad/unknown-key.expected" >expect &&
	echo "dltriage: 8 problems in rule files" >>expect &&
	test_cmp expect err
'

test_expect_success 'an empty file, comments only or empty sections are fine' '
	mkdir d &&
	: >d/empty.yaml &&
	printf "# nothing here\n" >d/comment.yaml &&
	printf -- "---\n" >d/dashes.yaml &&
	printf "rules:\ndetectors: []\nnormalise: ~\n" >d/sections.yaml &&
	printf "not yaml: [" >d/skipped.yml &&
	printf "not yaml: [" >d/.hidden.yaml &&
	dltriage rules check --no-default-rules d >out 2>err &&
	test_must_be_empty err &&
	echo "rules: 4 files, 0 detectors, 0 frame formats, 0 rules, 0 frameworks, 0 ignore-frames, 0 normalise: ok" >expect &&
	test_cmp expect out
'

test_expect_success 'an entry of every section loads' '
	mkdir d &&
	for s in detectors frames rules frameworks ignore-frames normalise; do
		rule_file $s "one-$s" x >"d/$s.yaml" || exit 1
	done &&
	dltriage rules check --no-default-rules d >out &&
	echo "rules: 6 files, 1 detector, 1 frame format, 1 rule, 1 framework, 1 ignore-frame, 1 normalise: ok" >expect &&
	test_cmp expect out
'

test_expect_success 'a rule the literal prefilter cannot gate is a warning' '
	cat >slow.yaml <<-\EOF &&
	rules:
	  - id: no-literal
	    description: nothing of 3 bytes the text must hold
	    class: crash
	    kind: k
	    any: ["[0-9]+ x", "(?i)ab"]
	    samples:
	      - log: "12 x"
	        class: crash
	  - id: gated-by-all
	    description: one condition of all is enough
	    class: crash
	    kind: k
	    all: ["Segmentation"]
	    any: ["[0-9]+ x"]
	    samples:
	      - log: "Segmentation 12 x"
	        class: crash
	  - id: gated-by-detector
	    description: a condition on another field is cheap
	    class: crash
	    kind: k
	    any: [{ field: detector, match: "^sig" }]
	    samples:
	      - log: "Segmentation fault"
	        class: crash
	  - id: half-gated
	    description: one condition of any without a literal is enough to warn
	    class: crash
	    kind: k
	    any: ["Segmentation", "[0-9]+ y"]
	    samples:
	      - log: "12 y"
	        class: crash
	EOF
	dltriage rules check --no-default-rules slow.yaml >out 2>err &&
	cat >expect <<-\EOF &&
	slow.yaml:2:5: warning: rule '\''no-literal'\'' gives the prefilter nothing to test (no text regex needing a literal of 3 bytes or more, no condition on another field): its regexes run on every failure
	slow.yaml:27:5: warning: rule '\''half-gated'\'' gives the prefilter nothing to test (no text regex needing a literal of 3 bytes or more, no condition on another field): its regexes run on every failure
	EOF
	test_cmp expect err &&
	echo "rules: 1 file, 0 detectors, 0 frame formats, 4 rules, 0 frameworks, 0 ignore-frames, 0 normalise: 2 warnings" >expect &&
	test_cmp expect out
'

test_expect_success 'named patterns: one file uses what another defines' '
	mkdir d &&
	signal_rule >d/a.yaml &&
	cat >d/b.yaml <<-\EOF &&
	patterns:
	  signal-name: "SIG%{signal-tail}"
	  signal-tail: "(?:SEGV|ABRT|FPE)"
	EOF
	killed_detector >d/c.yaml &&
	dltriage rules check --no-default-rules d >out 2>err &&
	test_must_be_empty err &&
	echo "rules: 3 files, 1 detector, 0 frame formats, 1 rule, 0 frameworks, 0 ignore-frames, 0 normalise, 2 patterns: ok" >expect &&
	test_cmp expect out &&
	dltriage rules test --no-default-rules d >out &&
	grep "^2 passed, 0 failed\$" out
'

test_expect_success 'named patterns: a later directory redefines one for every file' '
	mkdir base user &&
	{ printf "patterns:\n  signal-name: \"SIG(?:SEGV|ABRT)\"\n" && signal_rule; } >base/a.yaml &&
	killed_detector >base/c.yaml &&
	printf "patterns:\n  signal-name: \"SIGBUS\"\n" >user/p.yaml &&
	echo "worker killed by SIGBUS" >bus.log &&
	dltriage classify --no-default-rules --rules base --format json bus.log >before &&
	! grep "signal-death" before &&
	dltriage classify --no-default-rules --rules base --rules user --format json bus.log >after &&
	grep "\"rule\": *\"signal-death\"" after
'

test_expect_success 'named patterns: an escaped %{ and a quantifier are left alone' '
	cat >lit.yaml <<-\EOF &&
	patterns:
	  word: "x"
	detectors:
	  - id: fmt-line
	    anchors: ["fmt "]
	    shape: line
	    samples:
	      - line: "fmt x failed"
	rules:
	  - id: literal-brace
	    class: crash
	    kind: k
	    any: ["fmt \\%{word} failed %{2}"]
	    samples:
	      - log: "fmt %{word} failed %%"
	        class: crash
	      - log: "fmt x failed %%"
	        class: unknown
	EOF
	dltriage rules test --no-default-rules lit.yaml >out &&
	grep "^3 passed, 0 failed\$" out
'

test_expect_success 'named patterns: a chain nested deeper than 16 is refused, and a long one does not exhaust the stack' '
	awk "BEGIN { print \"patterns:\"; for (i = 0; i < 40; i++) printf \"  p%d: \\\"a%%{p%d}\\\"\\n\", i, i + 1;
		print \"  p40: \\\"x\\\"\" }" >deep.yaml &&
	test_must_fail --code=3 dltriage rules check --no-default-rules deep.yaml 2>err &&
	grep "is nested more than 16 patterns deep" err &&
	awk "BEGIN { print \"patterns:\"; for (i = 0; i < 100000; i++) printf \"  p%d: \\\"a%%{p%d}\\\"\\n\", i, i + 1;
		print \"  p100000: \\\"x\\\"\" }" >long.yaml &&
	test_must_fail --code=3 dltriage rules check --no-default-rules long.yaml 2>err &&
	grep "^dltriage: [0-9]* problems in rule files\$" err
'

test_expect_success 'rules check takes files and directories as arguments' '
	mkdir d &&
	rule_file rules r1 x >d/r1.yaml &&
	rule_file detectors d1 x >one.yaml &&
	dltriage rules check --no-default-rules d one.yaml >out &&
	grep "^rules: 2 files, 1 detector, 0 frame formats, 1 rule, " out
'

test_expect_success 'a missing rule directory given with --rules is a problem' '
	test_must_fail --code=3 dltriage rules check --no-default-rules \
	    --rules nope 2>err &&
	cat >expect <<-\EOF &&
	dltriage: cannot open rule directory '\''nope'\'': No such file or directory
	dltriage: 1 problem in rule files
	EOF
	test_cmp expect err
'

test_expect_success 'a missing rule file is a problem' '
	test_must_fail --code=3 dltriage rules check --no-default-rules \
	    nope.yaml 2>err &&
	grep "^dltriage: cannot open rule file '\''nope.yaml'\'': No such file or directory\$" err
'

test_expect_success 'a missing shipped rule directory is a problem' '
	DLTRIAGE_DATADIR=$PWD/none &&
	export DLTRIAGE_DATADIR &&
	test_must_fail --code=3 dltriage rules check 2>err &&
	grep "^dltriage: cannot open rule directory '\''$PWD/none/rules'\'': No such file or directory\$" err
'

test_expect_success 'a user directory without rule files is fine' '
	mkdir empty &&
	dltriage rules check --rules empty >out 2>err &&
	test_must_be_empty err &&
	grep ": ok\$" out
'

test_expect_success 'a user directory overrides a shipped id' '
	dltriage rules list >shipped &&
	if ! test -s shipped; then
		echo "no shipped entries yet; overriding a rules entry of --rules"
		mkdir base && rule_file rules base-rule shipped >base/r.yaml &&
		set -- --rules base
	else
		set --
	fi &&
	dltriage rules list "$@" >before &&
	first=$(head -n 1 before) &&
	section=$(echo "$first" | cut -f 1) &&
	id=$(echo "$first" | cut -f 2) &&
	mkdir user &&
	rule_file "$section" "$id" overridden >user/over.yaml &&
	dltriage rules check "$@" --rules user >out &&
	dltriage rules list "$@" --rules user >after &&
	test $(wc -l <after) = $(wc -l <before) &&
	grep -x "$section	$id	user/over.yaml:2" after &&
	test $(grep -c "	$id	" after) = 1
'

test_expect_success 'a replacement keeps the place of the entry it replaces' '
	mkdir a b &&
	{ echo "frames:"; entry frames f1 a; entry frames f2 a; entry frames f3 a; } >a/f.yaml &&
	rule_file frames f2 b >b/f.yaml &&
	dltriage rules list --no-default-rules --rules a --rules b >out &&
	printf "frames\tf1\ta/f.yaml:2\nframes\tf2\tb/f.yaml:2\nframes\tf3\ta/f.yaml:14\n" >expect &&
	test_cmp expect out
'

test_expect_success 'directories load in order: DLTRIAGE_RULES, then --rules' '
	mkdir env1 env2 opt &&
	rule_file rules same env1 >env1/r.yaml &&
	rule_file rules same env2 >env2/r.yaml &&
	rule_file rules same opt >opt/r.yaml &&
	DLTRIAGE_RULES=env1:env2 dltriage rules list --no-default-rules >out &&
	printf "rules\tsame\tenv2/r.yaml:2\n" >expect &&
	test_cmp expect out &&
	DLTRIAGE_RULES=env1:env2 dltriage rules list --no-default-rules \
	    --rules opt >out &&
	printf "rules\tsame\topt/r.yaml:2\n" >expect &&
	test_cmp expect out
'

test_expect_success 'a replacement in another section is a problem' '
	mkdir a b &&
	rule_file rules same a >a/r.yaml &&
	rule_file detectors same b >b/d.yaml &&
	test_must_fail --code=3 dltriage rules check --no-default-rules a b 2>err &&
	cat >expect <<-\EOF &&
	b/d.yaml:2:5: id '\''same'\'' replaces a rules entry (at a/r.yaml:2:5) with a detectors entry; a replacement must be in the same section
	dltriage: 1 problem in rule files
	EOF
	test_cmp expect err
'

test_expect_success 'the same id twice in one file is a duplicate' '
	{ echo "rules:"; entry rules twice a; entry rules twice b; } >r.yaml &&
	test_must_fail --code=3 dltriage rules check --no-default-rules r.yaml 2>err &&
	grep -x "r.yaml:10:5: duplicate id '\''twice'\'' (first defined at r.yaml:2:5)" err
'

test_expect_success 'rules are sorted by precedence, ties in load order' '
	mkdir d &&
	cat >d/p.yaml <<-\EOF &&
	rules:
	  - { id: low, class: crash, kind: k, precedence: -5, any: [x], samples: [{log: x, class: crash}] }
	  - { id: tie-1, class: crash, kind: k, precedence: 10, any: [x], samples: [{log: x, class: crash}] }
	  - { id: high, class: crash, kind: k, precedence: 99, any: [x], samples: [{log: x, class: crash}] }
	  - { id: default, class: crash, kind: k, any: [x], samples: [{log: x, class: crash}] }
	  - { id: tie-2, class: crash, kind: k, precedence: 10, any: [x], samples: [{log: x, class: crash}] }
	EOF
	dltriage rules list --no-default-rules --rules d --section rules | cut -f 2 >out &&
	printf "high\ntie-1\ntie-2\ndefault\nlow\n" >expect &&
	test_cmp expect out
'

test_expect_success 'rules list prints section, id and place of every entry' '
	mkdir d &&
	for s in detectors frames rules frameworks ignore-frames normalise; do
		rule_file $s "x-$s" x >"d/$s.yaml" || exit 1
	done &&
	dltriage rules list --no-default-rules --rules d >out &&
	cat >expect <<-\EOF &&
	detectors	x-detectors	d/detectors.yaml:2
	frames	x-frames	d/frames.yaml:2
	rules	x-rules	d/rules.yaml:2
	frameworks	x-frameworks	d/frameworks.yaml:2
	ignore-frames	x-ignore-frames	d/ignore-frames.yaml:2
	normalise	x-normalise	d/normalise.yaml:2
	EOF
	test_cmp expect out &&
	dltriage rules list --no-default-rules --rules d --section ignore-frames >out &&
	grep -x "ignore-frames	x-ignore-frames	d/ignore-frames.yaml:2" out &&
	test $(wc -l <out) = 1
'

test_expect_success 'rules list --anchors prints each anchor once, as written' '
	cat >d.yaml <<-\EOF &&
	detectors:
	  - id: one
	    anchors: ["Segmentation fault", "Check failed:"]
	    shape: line
	    samples: [{ line: "Segmentation fault" }]
	  - id: two
	    anchors: ["Check failed:", "RuntimeError"]
	    caseless: true
	    shape: line
	    samples: [{ line: "runtimeerror" }]
	  - id: three
	    anchors: ["Segmentation fault"]
	    word: true
	    shape: line
	    samples: [{ line: "Segmentation fault" }]
	EOF
	dltriage rules list --no-default-rules --rules d.yaml --anchors >out &&
	printf "Segmentation fault\nCheck failed:\nRuntimeError\n" >expect &&
	test_cmp expect out
'

test_expect_success 'rules list --anchors on the shipped rules gives grep -F patterns' '
	dltriage rules list --anchors >anchors &&
	if test -s anchors; then
		! grep -x "" anchors &&
		test $(sort anchors | uniq -d | wc -l) = 0 &&
		grep -F -f anchors /dev/null >/dev/null || test $? = 1
	fi
'

test_expect_success 'rules list rejects an unknown section' '
	test_must_fail --code=2 dltriage rules list --section rule 2>err &&
	grep "^dltriage: unknown section '\''rule'\''" err
'

test_expect_success 'rules schema prints one line per key' '
	dltriage rules schema >out 2>err &&
	test_must_be_empty err &&
	head -n 1 out | grep "^SECTION  *KEY  *TYPE  *DEFAULT  *VALUES  *DESCRIPTION\$" &&
	grep -E "^detectors +anchors +string-list +required " out &&
	grep -E "^detectors +max-lines +int +200 +1\.\.100000 " out &&
	grep -E "^rules +class +enum +required +crash\|nan\|inconsistency\|false-positive\|timeout\|oom\|unknown\|ignore " out &&
	grep -E "^rules +confidence +number +0\.5 +0\.\.1 " out &&
	grep -E "^condition +field +enum +text +text\|head\|" out &&
	grep -E "^rules\.samples +log +text +required " out
'

test_expect_success 'every key of rules schema is documented in dltriage-rules(5)' '
	sed "s/\\\\-/-/g" "$page" >page &&
	dltriage rules schema | awk "NR > 1 { print \$2, \$3, \$4 }" >keys &&
	test -s keys &&
	while read -r key type def; do
		case $def in
		required) want="$type, required" ;;
		-) want="$type, optional" ;;
		*) want="$type, default $def" ;;
		esac
		grep -x -F ".It Ic $key Pq $want" page >/dev/null ||
			{ echo "dltriage-rules.5 lacks \".It Ic $key Pq $want\""; exit 1; }
	done <keys
'

test_expect_success 'dltriage-rules(5) documents no key the schema lacks' '
	sed "s/\\\\-/-/g" "$page" >page &&
	dltriage rules schema | awk "NR > 1 {
		d = \"default \" \$4
		if (\$4 == \"required\") d = \"required\"
		if (\$4 == \"-\") d = \"optional\"
		print \".It Ic \" \$2 \" Pq \" \$3 \", \" d }" | sort -u >schema &&
	grep "^\.It Ic [a-z.-]* Pq " page | sort -u >documented &&
	test -s documented &&
	comm -13 schema documented >extra &&
	test_must_be_empty extra
'

test_expect_success 'rules schema lists every section once at the top, then patterns' '
	dltriage rules schema | awk "\$1 == \"top\" { print \$2 }" >out &&
	printf "detectors\nframes\nrules\nframeworks\nignore-frames\nnormalise\npatterns\n" >expect &&
	test_cmp expect out
'

for verb in check list test schema; do
	test_expect_success "rules $verb: an unknown option is a usage error" "
		test_must_fail --code=2 dltriage rules $verb --bogus >out 2>err &&
		test_must_be_empty out &&
		grep \"^dltriage: unknown option '--bogus'\\\$\" err &&
		grep \"^usage: dltriage rules $verb \" err
	"
done

test_expect_success 'rules check: --rules without a value is a usage error' '
	test_must_fail --code=2 dltriage rules check --rules 2>err &&
	grep "^usage: dltriage rules check " err
'

test_expect_success 'rules schema takes no arguments' '
	test_must_fail --code=2 dltriage rules schema extra 2>err &&
	grep "^usage: dltriage rules schema" err
'

test_expect_success 'a large rule file loads' '
	awk "BEGIN {
		print \"rules:\"
		for (i = 0; i < 5000; i++)
			printf \"  - { id: r%d, class: crash, kind: k, any: [\\\"x%d\\\"], samples: [{log: x, class: crash}] }\\n\", i, i
	}" >big.yaml &&
	dltriage rules check --no-default-rules big.yaml >out &&
	grep "^rules: 1 file, 0 detectors, 0 frame formats, 5000 rules, " out
'

test_expect_success 'a file over 16 MiB is refused' '
	dd if=/dev/zero bs=1048576 count=17 2>/dev/null | tr "\\000" "#" >huge.yaml &&
	test_must_fail --code=3 dltriage rules check --no-default-rules huge.yaml 2>err &&
	grep "^dltriage: '\''huge.yaml'\'' is too large (more than 16 MiB)\$" err
'

test_expect_success 'a file with too many problems is cut short' '
	awk "BEGIN { print \"rules:\"; print \"  - id: many\";
		for (i = 0; i < 500; i++) printf \"    k%d: 1\\n\", i }" >many.yaml &&
	test_must_fail --code=3 dltriage rules check --no-default-rules many.yaml 2>err &&
	grep "^many.yaml: too many problems, skipping the rest of the file\$" err &&
	test $(wc -l <err) -lt 250
'

test_expect_success 'a directory given as a rule file is a problem, not a crash' '
	mkdir d d/x.yaml &&
	test_must_fail --code=3 dltriage rules check --no-default-rules d 2>err &&
	grep "^dltriage: cannot read '\''d/x.yaml'\'': Is a directory\$" err
'

# Three detectors for rules check --against: a regex wider than its
# anchors, a filter (takes the empty line), a stack position.
gap_rules() {
	cat >gap.yaml <<-\EOF
	detectors:
	  - id: gap-report
	    anchors: ["diff"]
	    word: true
	    match: "(?i)\\b(?:max|mean)[ _]?diff\\s*[:=]\\s*\\d"
	    shape: line
	    samples:
	      - line: "max diff: 3"
	  - id: gap-filter
	    anchors: ["killed by"]
	    match: "^(?!INFO)"
	    shape: line
	    samples:
	      - line: "worker killed by SIGSEGV"
	  - id: gap-stack
	    anchors: ["pthread_cond_wait"]
	    match: "^#[01]\\s"
	    shape: backtrace
	    samples:
	      - line: "#0  0x1 in pthread_cond_wait () from libc.so.6"
	EOF
}

test_expect_success 'rules check --against: a regex that takes lines its anchors miss is named, with the first such line' '
	gap_rules &&
	mkdir logs &&
	printf "max diff: 3\nmax_diff = 4\nmean_diff=5\n" >logs/a.log &&
	printf "#1  0x2 in worker () from libx.so\nall well\n" >logs/b.log &&
	printf "maxdiff=6\n" | gzip >logs/c.log.gz &&
	dltriage rules check --no-default-rules --against logs gap.yaml >out 2>err &&
	grep "^against: 3 logs, 6 lines\$" out &&
	grep "^rules: 1 file, 3 detectors, .*: 1 warning\$" out &&
	grep "^gap.yaml:2:5: warning: detector '\''gap-report'\'': its match takes 3 lines that none of its anchors is on, so it never sees them; the first, logs/a.log:2: max_diff = 4\$" err &&
	test $(wc -l <err) = 1
'

test_expect_success 'rules check --against: a log it cannot read is named, the rest are read, status 5' '
	gap_rules &&
	mkdir logs2 &&
	printf "max_diff = 4\n" >logs2/a.log &&
	test_must_fail --code=5 dltriage rules check --no-default-rules --against logs2 --against missing.log gap.yaml >out 2>err &&
	grep "^dltriage: .*missing.log" err &&
	grep "warning: detector '\''gap-report'\''.*logs2/a.log:1: max_diff = 4\$" err &&
	grep "^against: 1 log, 1 line\$" out
'

test_expect_success 'rules check --against: the shipped rules read the bundled logs as their regexes say' '
	dltriage rules check --against "$TEST_SRCDIR/corpus/logs" >out 2>err &&
	test_must_be_empty err &&
	grep "^against: [1-9][0-9]* logs, " out &&
	grep "^rules: .*: ok\$" out
'

test_done
