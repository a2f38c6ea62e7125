#!/bin/sh
# t4005: the priority model.  `corpus train` learns it from a defect
# dataset into a file the rule loader reads; `corpus eval` measures it
# split by time and by groups beside its baselines; classify uses it
# (and the rule layer still overrides it); a bad model file or dataset
# is refused with file:line:col and loses the model already there.
. "$(dirname "$0")/test-lib.sh"

data="$TEST_SRCDIR/corpus/defects/defects.jsonl"
model="$TEST_SRCDIR/rules/priority.model"

test_expect_success 'the shipped model loads with the rules' '
	dltriage rules check >out &&
	grep "^priority model: .*priority.model: [0-9]* features, [0-9]* known defects: ok" out
'

# After a change to the rules or the dataset: make priority-model.
test_expect_success 'the shipped model is the one corpus train makes from the shipped dataset' '
	dltriage corpus train -q -o "$TEST_TMP/again.model" &&
	test_cmp "$model" "$TEST_TMP/again.model" ||
	{ echo "rules/priority.model is stale: run make priority-model"; false; }
'

test_expect_success 'corpus train reports what it learned from' '
	dltriage corpus train -o "$TEST_TMP/m.model" >out &&
	grep "^trained on [0-9]* reports (high [0-9]*, medium [0-9]*, low [0-9]*" out &&
	grep "^wrote $TEST_TMP/m.model" out &&
	head -1 "$TEST_TMP/m.model" | grep "^dltriage-priority-model	2$"
'

test_expect_success 'the shipped dataset holds at least 1000 reports with a priority' '
	n=$(grep -c "\"priority\": \"\(high\|medium\|low\)\"" "$data") &&
	test "$n" -ge 1000
'

test_expect_success 'corpus eval prints both splits and the three predictors' '
	dltriage corpus eval >out &&
	grep "^time split: the newest 30% of each tracker" out &&
	grep "^grouped split: 5 folds" out &&
	test "$(grep -c "^  model " out)" = 2 &&
	test "$(grep -c "^  rules alone " out)" = 2 &&
	test "$(grep -c "^  majority " out)" = 2 &&
	grep "reliability of the model" out
'

# The figures: the model beats both baselines on macro-F1 on the time
# split and on the grouped one, and its Brier score beats the majority
# class with its training frequencies.
test_expect_success 'the model beats the rule layer and the majority class' '
	dltriage corpus eval --format json >ev.json &&
	"$PYTHON3" - ev.json <<-\PY
	import json, sys
	ev = json.load(open(sys.argv[1]))
	assert ev["reports"] >= 1000, ev["reports"]
	for s in ev["splits"]:
	    m, r, j = s["model"], s["rules"], s["majority"]
	    print(s["split"], m["macro_f1"], r["macro_f1"], j["macro_f1"], m["brier"], j["brier"])
	    assert m["macro_f1"] > r["macro_f1"] + 0.1, s["split"]
	    assert m["macro_f1"] > j["macro_f1"] + 0.1, s["split"]
	    assert m["brier"] < j["brier"], s["split"]
	    assert s["tested"] > 0 and s["trained"] > 0
	PY
'

test_expect_success 'the time split never trains on a newer report of a tracker' '
	dltriage corpus eval --split time --test-fraction 0.5 --format json >t.json &&
	"$PYTHON3" - t.json "$data" <<-\PY
	import json, math, sys, collections
	ev = json.load(open(sys.argv[1]))
	rows = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
	n = collections.Counter(r["framework"] for r in rows
	                        if r.get("priority") in ("high", "medium", "low") and not r.get("train_only"))
	want = sum(math.ceil(0.5 * v) for v in n.values())
	assert ev["splits"][0]["tested"] == want, (ev["splits"][0]["tested"], want)
	PY
'

test_expect_success 'classify takes its priorities from the model' '
	dltriage classify --format json "$TEST_SRCDIR/corpus/logs/tf-invalid-argument.log" >with &&
	dltriage classify --format json --rules "$TEST_TMP/norules" "$TEST_SRCDIR/corpus/logs/tf-invalid-argument.log" >/dev/null 2>&1 || :
	mkdir -p nomodel &&
	cp "$TEST_SRCDIR"/rules/*.yaml nomodel/ &&
	dltriage classify --format json --no-default-rules --rules nomodel \
	    "$TEST_SRCDIR/corpus/logs/pytorch-half-not-implemented.log" >without &&
	dltriage classify --format json \
	    "$TEST_SRCDIR/corpus/logs/pytorch-half-not-implemented.log" >with2 &&
	grep "\"priority\":\"medium\",\"confidence\":0.70" without &&
	! cmp -s without with2
'

test_expect_success 'a user rule directory with its own model replaces the shipped one' '
	mkdir -p mine &&
	printf "dltriage-priority-model\t1\nrows\t0\nbias\t0\t0\t5\ncalibration\t1\t0\t0\t0\nabstain\t0\n" >mine/priority.model &&
	dltriage classify --format json --rules mine \
	    "$TEST_SRCDIR/corpus/logs/tf-invalid-argument.log" >out &&
	grep "\"priority\":\"high\"" out
'

test_expect_success 'memory corruption is high whatever the model says' '
	mkdir -p low &&
	printf "dltriage-priority-model\t1\nbias\t9\t0\t0\ncalibration\t1\t0\t0\t0\n" >low/priority.model &&
	dltriage classify --format json --rules low \
	    "$TEST_SRCDIR/corpus/logs/asan-heap-buffer-overflow.log" >out &&
	grep "\"security\":true" out &&
	! grep "\"security\":true" out | grep -v "\"priority\":\"high\""
'

test_expect_success 'a model that abstains says unknown' '
	mkdir -p unsure &&
	printf "dltriage-priority-model\t1\nbias\t0\t0\t0\ncalibration\t1\t0\t0\t0\nabstain\t0.9\n" >unsure/priority.model &&
	dltriage classify --format json --rules unsure \
	    "$TEST_SRCDIR/corpus/logs/tf-invalid-argument.log" >out &&
	grep "\"priority\":\"unknown\"" out
'

bad_model() {
	mkdir -p "$1" && printf "$2" >"$1/priority.model"
}

test_expect_success 'bad model files are refused at file:line:col with status 3' '
	bad_model b1 "not a model\n" &&
	test_must_fail --code=3 dltriage rules check --rules b1 2>err &&
	grep "b1/priority.model:1:1: not a dltriage priority model" err &&
	bad_model b2 "dltriage-priority-model\t3\n" &&
	test_must_fail --code=3 dltriage rules check --rules b2 2>err &&
	grep "b2/priority.model:1:25: priority model version .3. is not supported" err &&
	bad_model b3 "dltriage-priority-model\t1\nbias\t0\tx\t0\ncalibration\t1\t0\t0\t0\n" &&
	test_must_fail --code=3 dltriage rules check --rules b3 2>err &&
	grep "b3/priority.model:2:8: .x. is not a finite number" err &&
	bad_model b4 "dltriage-priority-model\t1\nbias\t0\t0\t0\ncalibration\t0\t0\t0\t0\nfeature\tb=1\t0\t0\t0\nfeature\ta=1\t0\t0\t0\nknown\tu\thigh\t\tc=1\nwhat\n" &&
	test_must_fail --code=3 dltriage rules check --rules b4 2>err &&
	grep "b4/priority.model:3:13: the temperature must be above 0" err &&
	grep "b4/priority.model:5:9: feature .a=1. is out of order" err &&
	grep "b4/priority.model:7:1: unknown line kind .what." err &&
	bad_model b5 "" &&
	test_must_fail --code=3 dltriage rules check --rules b5 2>err &&
	grep "b5/priority.model: empty priority model" err &&
	bad_model b6 "dltriage-priority-model\t1\nbias\t0\t0\t0\ncalibration\t1\t0\t0\t0\nknown\tu\thigh\t\tnope\n" &&
	test_must_fail --code=3 dltriage rules check --rules b6 2>err &&
	grep "b6/priority.model:4:15: known defect .u. names feature .nope." err &&
	bad_model b7 "dltriage-priority-model\t1\nbias\t0\t0\t0\n" &&
	test_must_fail --code=3 dltriage rules check --rules b7 2>err &&
	grep "b7/priority.model: priority model without a .calibration. line" err
'

test_expect_success 'a model cut short or added to after its end line is refused' '
	tail -1 "$model" | grep "^end	[0-9][0-9]*	[0-9][0-9]*$" &&
	n=$(wc -l <"$model") &&
	mkdir -p cut1 cut2 cut3 cut4 &&
	head -n $((n - 1)) "$model" >cut1/priority.model &&
	test_must_fail --code=3 dltriage rules check --rules cut1 2>err &&
	grep "cut1/priority.model: priority model without its .end. line: the file is cut short" err &&
	head -n $((n / 2)) "$model" >cut2/priority.model &&
	test_must_fail --code=3 dltriage rules check --rules cut2 2>err &&
	grep "cut2/priority.model: priority model without its .end. line" err &&
	grep -v "^feature	class=nan	" "$model" >cut3/priority.model &&
	test_must_fail --code=3 dltriage rules check --rules cut3 2>err &&
	grep "cut3/priority.model:[0-9]*:5: the .end. line counts [0-9]* features, the file holds" err &&
	{ cat "$model"; printf "known\tu\thigh\t\tfw=jax\n"; } >cut4/priority.model &&
	test_must_fail --code=3 dltriage rules check --rules cut4 2>err &&
	grep "cut4/priority.model:$((n + 1)):1: a .known. line after the .end. line (line $n)" err &&
	bad_model e1 "dltriage-priority-model\t2\nbias\t0\t0\t0\ncalibration\t1\t0\t0\t0\nend\t0\tx\n" &&
	test_must_fail --code=3 dltriage rules check --rules e1 2>err &&
	grep "e1/priority.model:4:7: .x. is not a count" err &&
	bad_model e2 "dltriage-priority-model\t2\nbias\t0\t0\t0\ncalibration\t1\t0\t0\t0\nknown\tu\thigh\t\t\nend\t0\t2\n" &&
	test_must_fail --code=3 dltriage rules check --rules e2 2>err &&
	grep "e2/priority.model:5:7: the .end. line counts 2 known defects, the file holds 1" err &&
	bad_model v2 "dltriage-priority-model\t2\nbias\t0\t0\t0\ncalibration\t1\t0\t0\t0\nend\t0\t0\n" &&
	dltriage rules check --rules v2 >out &&
	grep "v2/priority.model: 0 features, 0 known defects: ok" out
'

test_expect_success 'a bad dataset is refused at file:line:col and the model is kept' '
	cp "$model" keep.model &&
	printf "{\"url\": \"u\", \"framework\": \"pytorch\", \"number\": 1, \"priority\": \"high\", \"log\": \"\"}\n{\"url\": \n[1]\n{\"url\": \"v\", \"framework\": \"jax\"}\n{\"url\": \"w\", \"framework\": \"jax\", \"number\": \"x\"}\n{\"url\": \"w\", \"framework\": \"jax\", \"number\": 3, \"log\": [1], \"priority\": \"low\"}\n" >bad.jsonl &&
	test_must_fail --code=5 dltriage corpus train --data bad.jsonl -o keep.model 2>err &&
	cat err &&
	grep "^bad.jsonl:2:" err &&
	grep "^bad.jsonl:3:1: not a JSON object" err &&
	grep "^bad.jsonl:5:1: .number. is .x., not an issue number" err &&
	grep "^bad.jsonl:6:1: .log. is not a string" err &&
	grep "no model written" err &&
	test_cmp "$model" keep.model
'

test_expect_success 'only the priority is required: reports without url, number or framework' '
	"$PYTHON3" - <<-\PY &&
	import json
	logs = ["RuntimeError: CUDA error: an illegal memory access was encountered",
	        "ValueError: expected 3 dimensions, got 2",
	        "Segmentation fault (core dumped)", ""]
	with open("bare.jsonl", "w") as f:
	    for i in range(40):
	        f.write(json.dumps({"priority": ["high", "medium", "low", "medium"][i % 4],
	                            "log": logs[i % 4]}) + "\n")
	PY
	dltriage corpus eval --data bare.jsonl --format json >bare.json &&
	"$PYTHON3" -c "import json; e = json.load(open(\"bare.json\")); assert e[\"reports\"] == 40, e" &&
	dltriage corpus train --data bare.jsonl -o bare.model >out &&
	grep "^known	bare.jsonl:1	high	" bare.model
'

# Reports chosen for their label (the study's high-priority tables) are
# trained on but never tested, and are no part of the class frequencies;
# on the time split they train only when older than every tested report.
test_expect_success 'train_only reports: trained on, never tested, not in the priors' '
	"$PYTHON3" - <<-\PY &&
	import json
	kinds = [("high", "RuntimeError: CUDA error: an illegal memory access was encountered"),
	         ("medium", "ValueError: expected 3 dimensions, got 2"),
	         ("low", "Segmentation fault (core dumped)"), ("medium", "")]
	nat = [dict(framework="pytorch", number=100 + i, priority=kinds[i % 4][0],
	            log=kinds[i % 4][1]) for i in range(40)]
	# ten chosen reports older than every other, ten newer than the time cut
	sel = [dict(framework="pytorch", number=i if i < 10 else 1000 + i, priority="high",
	            train_only=True, log="Segmentation fault (core dumped)") for i in range(20)]
	open("nat.jsonl", "w").writelines(json.dumps(r) + "\n" for r in nat)
	open("sel.jsonl", "w").writelines(json.dumps(r) + "\n" for r in nat + sel)
	PY
	dltriage corpus eval --data sel.jsonl --format json >sel.json &&
	dltriage corpus eval --data sel.jsonl >sel.txt &&
	grep "^  20 of them chosen for their label (train_only): trained on, never tested" sel.txt &&
	"$PYTHON3" - sel.json <<-\PY &&
	import json, sys
	ev = json.load(open(sys.argv[1]))
	assert ev["reports"] == 60 and ev["train_only"] == 20, ev
	time = [s for s in ev["splits"] if s["split"] == "time"][0]
	grouped = [s for s in ev["splits"] if s["split"] == "grouped"][0]
	assert time["tested"] == 12, time            # ceil(0.3 * 40)
	assert time["trained"] == 28 + 10, time      # the ten older ones only
	assert grouped["tested"] == 40, grouped
	PY
	dltriage corpus train --data nat.jsonl -o nat.model >/dev/null &&
	dltriage corpus train --data sel.jsonl -o sel.model >out &&
	grep "^20 of the reports chosen for their label (train_only)" out &&
	grep "^calibration" nat.model | cut -f3- >nat.adj &&
	grep "^calibration" sel.model | cut -f3- >sel.adj &&
	test_cmp nat.adj sel.adj &&
	printf "{\"priority\": \"high\", \"train_only\": \"yes\"}\n" >badsel.jsonl &&
	test_must_fail --code=5 dltriage corpus eval --data badsel.jsonl 2>err &&
	grep "^badsel.jsonl:1:1: .train_only. is .yes., not true or false" err
'

test_expect_success 'corpus eval --split model tests the loaded model as it is, nothing trained' '
	dltriage corpus eval --split model --format json >m.json &&
	"$PYTHON3" - m.json <<-\PY &&
	import json, sys
	ev = json.load(open(sys.argv[1]))
	s = ev["splits"][0]
	assert len(ev["splits"]) == 1 and s["split"] == "model", s
	# the shipped model was trained on the shipped dataset: all seen
	assert s["tested"] == ev["reports"] == s["seen_in_training"] == s["trained"], s
	PY
	"$PYTHON3" - <<-\PY &&
	import json
	with open("bare.jsonl", "w") as f:
	    for i in range(40):
	        f.write(json.dumps({"priority": ["high", "medium", "low", "medium"][i % 4],
	                            "log": "ValueError: expected 3 dimensions, got %d" % (i % 3)}) + "\n")
	PY
	mkdir -p mine &&
	printf "dltriage-priority-model\t1\nrows\t0\nbias\t0\t0\t5\ncalibration\t1\t0\t0\t0\nabstain\t0\n" >mine/priority.model &&
	dltriage corpus eval --split model --rules mine --data bare.jsonl --format json >c.json &&
	"$PYTHON3" - c.json <<-\PY &&
	import json, sys
	s = json.load(open(sys.argv[1]))["splits"][0]
	assert s["tested"] == 40 and s["seen_in_training"] == 0 and s["trained"] == 0, s
	# the constant model of mine/ says high for every report
	conf = s["model"]["confusion"]
	assert conf["high"]["high"] == 10 and conf["medium"]["high"] == 20, conf
	assert conf["low"]["high"] == 10, conf
	PY
	dltriage corpus eval --split model --data bare.jsonl >c.txt &&
	grep "^model split: the loaded model (.*priority.model, trained on [0-9]* reports) on all 40, nothing trained; 0 of them among its training rows" c.txt &&
	mkdir -p nomodel2 &&
	cp "$TEST_SRCDIR"/rules/*.yaml nomodel2/ &&
	test_must_fail --code=3 dltriage corpus eval --split model --no-default-rules --rules nomodel2 --data bare.jsonl 2>err &&
	grep "no priority model is loaded" err
'

test_expect_success 'too small a dataset, a missing one and bad options are refused' '
	printf "{\"url\": \"u\", \"framework\": \"pytorch\", \"number\": 1, \"priority\": \"high\", \"log\": \"\"}\n" >one.jsonl &&
	test_must_fail --code=5 dltriage corpus train --data one.jsonl -o x.model 2>err &&
	grep "holds 1 usable report; a model needs at least 10" err &&
	test_must_fail --code=5 dltriage corpus eval --data one.jsonl 2>err &&
	grep "an evaluation needs at least 20" err &&
	test_must_fail --code=5 dltriage corpus eval --data missing.jsonl 2>err &&
	grep "missing.jsonl: cannot open defect dataset" err &&
	test_must_fail --code=2 dltriage corpus eval --test-fraction 1.5 2>err &&
	grep "bad fraction .1.5." err &&
	test_must_fail --code=2 dltriage corpus eval --folds 1 2>err &&
	test_must_fail --code=2 dltriage corpus train extra 2>err &&
	grep "takes no arguments" err &&
	test_must_fail --code=6 dltriage corpus train -o /nonexistent/dir/m.model 2>err &&
	grep "cannot write ./nonexistent/dir/m.model." err
'

test_done
