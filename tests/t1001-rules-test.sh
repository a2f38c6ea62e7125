#!/bin/sh
# t1001-rules-test: "rules test" runs every sample of every rule entry
# through the engine; the shipped rules must pass, and a failing sample
# is named by file:line:col with what was expected and what came out.

. "$(dirname "$0")/test-lib.sh"

# A rule directory with one entry of every section whose samples pass.
mkdir "$TEST_TMP/good"
cat >"$TEST_TMP/good/all.yaml" <<'EOF'
detectors:
  - id: segv-line
    description: the shell's report of a SIGSEGV
    anchors: ["Segmentation fault"]
    shape: line
    samples:
      - line: "Segmentation fault (core dumped)"
      - line: "all is well"
        hit: false
  - id: py-traceback
    anchors: ["Traceback (most recent call last)"]
    shape: traceback
    samples:
      - line: "Traceback (most recent call last):"
frames:
  - id: py-frame
    python: true
    match: '^\s*File "(?<file>[^"]+)", line (?<line>\d+), in (?<func>\S+)'
    samples:
      - line: '  File "/x/site-packages/torch/nn/functional.py", line 12, in relu'
        func: relu
        file: /x/site-packages/torch/nn/functional.py
rules:
  - id: segv
    class: crash
    kind: segfault
    precedence: 40
    signature: "SIGSEGV in {top}"
    any: ['Segmentation fault']
    samples:
      - log: "Segmentation fault (core dumped)\n"
        class: crash
        kind: segfault
  - id: value-error
    class: false-positive
    kind: invalid-argument
    all:
      - { field: exception.type, match: '^ValueError$' }
    samples:
      - log: |
          Traceback (most recent call last):
            File "/x/site-packages/torch/nn/functional.py", line 12, in relu
              raise ValueError("negative")
          ValueError: negative
        class: false-positive
        exception: ValueError
        top-frame: torch.nn.functional:relu
        framework: pytorch
  - id: clean
    class: ignore
    any: ['never matches']
    samples:
      - log: "all is well\n"
        class: ignore
frameworks:
  - id: torch-path
    framework: pytorch
    any:
      - { field: frame.file, match: 'site-packages/torch/' }
    samples:
      - log: |
          Traceback (most recent call last):
            File "/x/site-packages/torch/nn/functional.py", line 12, in relu
          ValueError: negative
        framework: pytorch
ignore-frames:
  - id: pybind
    func: '^pybind11::'
    samples:
      - frame: "pybind11::cpp_function::dispatcher"
      - frame: "at::native::relu"
        ignored: false
normalise:
  - id: hex
    match: '0x[0-9a-fA-F]+'
    replace: 'ADDR'
    samples:
      - in: "at 0x7ffe12 and 0xdead"
        out: "at ADDR and ADDR"
EOF

# The same with a wrong expectation in every section.
mkdir "$TEST_TMP/bad"
cat >"$TEST_TMP/bad/wrong.yaml" <<'EOF'
detectors:
  - id: segv-line
    anchors: ["Segmentation fault"]
    shape: line
    samples:
      - line: "Segmentation fault (core dumped)"
      - line: "all is well"
rules:
  - id: segv
    class: crash
    kind: segfault
    any: ['Segmentation fault']
    samples:
      - log: "Segmentation fault (core dumped)\n"
        class: crash
        kind: segfault
      - log: "Segmentation fault (core dumped)\n"
        class: false-positive
      - log: "Segmentation fault (core dumped)\n"
        class: crash
        kind: abort
      - log: "nothing to see\n"
        class: crash
normalise:
  - id: hex
    match: '0x[0-9a-fA-F]+'
    replace: 'ADDR'
    samples:
      - in: "at 0x7ffe12"
        out: "at 0x7ffe12"
ignore-frames:
  - id: pybind
    func: '^pybind11::'
    samples:
      - frame: "at::native::relu"
frames:
  - id: gdb-frame
    match: '^#\d+\s+(?<func>\S+)'
    samples:
      - line: "#0  main"
        func: not-main
      - line: "no frame here"
EOF

test_expect_success 'the shipped rules pass rules test' '
	dltriage rules test >out 2>err &&
	test_must_be_empty err &&
	tail -n 1 out | grep -E "^[0-9]+ passed, 0 failed\$" &&
	test $(wc -l <out) = 1
'

test_expect_success 'samples of every section pass' '
	cp -R "$TEST_TMP/good" . &&
	dltriage rules test --no-default-rules good >out 2>err &&
	test_must_be_empty err &&
	echo "11 passed, 0 failed" >expect &&
	test_cmp expect out
'

test_expect_success 'rules test -v names every sample' '
	cp -R "$TEST_TMP/good" . &&
	dltriage rules test --no-default-rules -v good >out &&
	grep -x "good/all.yaml:7:9: sample 1 of '\''segv-line'\'': ok" out &&
	grep -x "good/all.yaml:53:9: sample 1 of '\''clean'\'': ok" out &&
	test $(grep -c ": ok\$" out) = 11 &&
	tail -n 1 out | grep -x "11 passed, 0 failed"
'

test_expect_success 'a wrong sample fails with file:line:col and exit 1' '
	cp -R "$TEST_TMP/bad" . &&
	test_must_fail --code=1 dltriage rules test --no-default-rules \
	    --rules bad >out 2>err &&
	test_must_be_empty err &&
	cat >expect <<-\EOF &&
	bad/wrong.yaml:7:9: sample 2 of '\''segv-line'\'': expected a hit, got none
	bad/wrong.yaml:40:9: sample 1 of '\''gdb-frame'\'': expected func '\''not-main'\'', got '\''main'\''
	bad/wrong.yaml:42:9: sample 2 of '\''gdb-frame'\'': not parsed by any frame format
	bad/wrong.yaml:17:9: sample 2 of '\''segv'\'': expected class '\''false-positive'\'', got '\''crash'\'' (decided by rule '\''segv'\'')
	bad/wrong.yaml:19:9: sample 3 of '\''segv'\'': expected kind '\''abort'\'', got '\''segfault'\'' (decided by rule '\''segv'\'')
	bad/wrong.yaml:22:9: sample 4 of '\''segv'\'': expected class '\''crash'\'', no failure found
	bad/wrong.yaml:35:9: sample 1 of '\''pybind'\'': expected frame '\''at::native::relu'\'' to be ignored, it was kept
	bad/wrong.yaml:29:9: sample 1 of '\''hex'\'': expected '\''at 0x7ffe12'\'', got '\''at ADDR'\''
	2 passed, 8 failed
	EOF
	test_cmp expect out
'

test_expect_success 'a user directory with a wrong sample fails the shipped run' '
	mkdir user &&
	cat >user/local.yaml <<-\EOF &&
	detectors:
	  - id: t1001-aborted
	    anchors: ["T1001 synthetic abort"]
	    shape: line
	    samples: [{ line: "T1001 synthetic abort" }]
	rules:
	  - id: local-abort
	    class: crash
	    kind: abort
	    precedence: 1000
	    any: ["T1001 synthetic abort"]
	    samples:
	      - log: "T1001 synthetic abort\n"
	        class: oom
	EOF
	test_must_fail --code=1 dltriage rules test --rules user >out &&
	grep -x "user/local.yaml:13:9: sample 1 of '\''local-abort'\'': expected class '\''oom'\'', got '\''crash'\'' (decided by rule '\''local-abort'\'')" out &&
	tail -n 1 out | grep -E "^[0-9]+ passed, 1 failed\$"
'

test_expect_success 'an ignore sample fails when a failure is found' '
	cat >r.yaml <<-\EOF &&
	detectors:
	  - { id: segv-line, anchors: ["Segmentation fault"], shape: line, samples: [{line: "Segmentation fault"}] }
	rules:
	  - id: segv
	    class: crash
	    kind: segfault
	    any: ["Segmentation fault"]
	    samples:
	      - log: "Segmentation fault\n"
	        class: ignore
	EOF
	test_must_fail --code=1 dltriage rules test --no-default-rules r.yaml >out &&
	grep -x "r.yaml:9:9: sample 1 of '\''segv'\'': expected no failure (class '\''ignore'\''), got class '\''crash'\'' (decided by rule '\''segv'\'')" out
'

test_expect_success 'rules that do not load give status 3' '
	test_must_fail --code=3 dltriage rules test --no-default-rules \
	    "$TEST_SRCDIR/tests/rules-bad/unknown-key.yaml" >out 2>err &&
	test_must_be_empty out &&
	grep "unknown key '\''matchs'\'' (did you mean '\''match'\''?)" err
'

test_expect_success 'no rules at all: nothing to test' '
	mkdir empty &&
	dltriage rules test --no-default-rules empty >out &&
	echo "0 passed, 0 failed" >expect &&
	test_cmp expect out
'

test_done
