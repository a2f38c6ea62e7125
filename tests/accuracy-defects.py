#!/usr/bin/env python3
"""Class accuracy of `dltriage classify` on defect reports with their logs.

usage: accuracy-defects.py [--dltriage PATH] [--data FILE] [--threshold X]
                           [--all-rows] [--split heldout|parity]
                           [--misses] [--keep DIR]

The same script measures the independent validation set
(corpus/validation/issues.jsonl, every row, odd issue numbers held out):
    accuracy-defects.py --data corpus/validation/issues.jsonl --all-rows --split parity

Takes the rows of corpus/defects/defects.jsonl whose log carries evidence of
their class (log_evidence true; the criteria are in corpus/defects/README.md
and do not depend on dltriage) and whose class is one dltriage predicts
(crash, nan, inconsistency, false-positive, timeout, oom).  Each log is
written to its own file in a temporary directory; one
`dltriage classify --format json` run reads them all.

The predicted class of a log is the class of its *primary* failure: the
failure whose class ranks first in
    crash > oom > timeout > inconsistency > nan > false-positive > unknown
(a log may hold several failures; the most severe one is what a triager
files), or `none` when dltriage found no failure.  A row is correct when the
predicted class equals its expected class.  The lenient figure ("any")
counts a row as correct when any of its failures has the expected class; it
is printed for information only.

Prints accuracy overall, per class, on the visible rows and on the held-out
slice (number % 4 == 0, never read while writing rules), a confusion matrix
(rows: expected, columns: predicted) and framework detection agreement.
Exits 1 when the overall accuracy is below --threshold, 2 on usage or
execution errors.  Standard library only.
"""

import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

CLASSES = ["crash", "nan", "inconsistency", "false-positive", "timeout", "oom"]
SEVERITY = ["crash", "oom", "timeout", "inconsistency", "nan",
            "false-positive", "unknown"]


def rank(cls):
    return SEVERITY.index(cls) if cls in SEVERITY else len(SEVERITY)


def default_data():
    here = os.path.dirname(os.path.abspath(__file__))
    src = os.environ.get("TEST_SRCDIR", os.path.join(here, ".."))
    return os.path.join(src, "corpus", "defects", "defects.jsonl")


def load_rows(path, evidence_only=True):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            r = json.loads(line)
            if (r.get("log_evidence") or not evidence_only) and r.get("class") in CLASSES:
                rows.append(r)
    return rows


def run_classify(dltriage, logdir, workdir):
    cmd = [dltriage, "classify", "--format", "json",
           "--db", os.path.join(workdir, "store.db"), logdir]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # 0: no failure, 1: failures found; anything else is an error
    if p.returncode not in (0, 1):
        sys.stderr.write("accuracy-defects: '%s' exited %d\n%s" % (
            " ".join(cmd), p.returncode,
            p.stderr.decode("utf-8", "replace")[-2000:]))
        return None
    found = collections.defaultdict(list)
    for line in p.stdout.decode("utf-8", "replace").splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            sys.stderr.write("accuracy-defects: bad JSON line: %s\n" % line[:200])
            return None
        src = obj.get("source", "")
        base = os.path.basename(src.rsplit(":", 1)[0] if ":" in os.path.basename(src) else src)
        found[base].append(obj)
    return found


def pct(n, d):
    return (float(n) / d) if d else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dltriage", default=os.environ.get("DLTRIAGE", "dltriage"))
    ap.add_argument("--data", default=default_data())
    ap.add_argument("--threshold", type=float, default=0.0)
    ap.add_argument("--misses", action="store_true",
                    help="list the rows classified wrongly (of the tuning split only)")
    ap.add_argument("--all-rows", action="store_true",
                    help="use every row, not only those with log_evidence")
    ap.add_argument("--split", choices=["heldout", "parity"], default="heldout",
                    help="heldout: number %% 4 == 0 is held out (corpus/defects); "
                         "parity: odd numbers are held out (corpus/validation)")
    ap.add_argument("--batch", action="append", metavar="GLOB",
                    help="only rows whose batch (the raw file they were curated "
                         "from) matches GLOB; repeatable")
    ap.add_argument("--keep", metavar="DIR",
                    help="write the logs to DIR and keep them")
    args = ap.parse_args()

    rows = load_rows(args.data, not args.all_rows)
    if args.batch:
        import fnmatch
        rows = [r for r in rows
                if any(fnmatch.fnmatch(r.get("batch", ""), g) for g in args.batch)]
    if not rows:
        sys.stderr.write("accuracy-defects: no usable rows in '%s'\n" % args.data)
        return 2
    work = tempfile.mkdtemp(prefix="dlt-acc.")
    try:
        logdir = args.keep or os.path.join(work, "logs")
        os.makedirs(logdir, exist_ok=True)
        names = {}
        for r in rows:
            name = "%s-%d.log" % (r["framework"], r["number"])
            names[name] = r
            with open(os.path.join(logdir, name), "w", encoding="utf-8") as f:
                f.write(r["log"])
                if not r["log"].endswith("\n"):
                    f.write("\n")
        found = run_classify(args.dltriage, logdir, work)
        if found is None:
            return 2
    finally:
        shutil.rmtree(work, ignore_errors=True)

    total = collections.Counter()
    right = collections.Counter()
    lenient = collections.Counter()
    confusion = collections.defaultdict(collections.Counter)
    fw_total = fw_right = 0
    misses = []
    for name, r in sorted(names.items()):
        fails = found.get(name, [])
        exp = r["class"]
        if fails:
            primary = min(fails, key=lambda o: rank(o.get("class")))
            pred = primary.get("class", "unknown")
            fw_total += 1
            fw_right += primary.get("framework") == r["framework"]
        else:
            primary = None
            pred = "none"
        ok = pred == exp
        anyok = any(o.get("class") == exp for o in fails)
        if args.split == "parity":
            split = "heldout" if r["number"] % 2 == 1 else "visible"
        else:
            split = "heldout" if r["number"] % 4 == 0 else "visible"
        for key in ("all", split, "class:" + exp, split + ":" + exp):
            total[key] += 1
            right[key] += ok
            lenient[key] += anyok
        confusion[exp][pred] += 1
        if not ok and split == "visible":
            misses.append((name, exp, pred, primary))

    def line(label, key):
        print("accuracy %-24s %.4f (%d/%d)  any %.4f" % (
            label, pct(right[key], total[key]), right[key], total[key],
            pct(lenient[key], total[key])))

    line("overall", "all")
    line("visible", "visible")
    line("held-out", "heldout")
    for c in CLASSES:
        line("class " + c, "class:" + c)
        line("  %s held-out" % c, "heldout:" + c)
    cols = CLASSES + ["unknown", "none"]
    print("confusion (rows: expected, columns: predicted)")
    print("  %-15s" % "" + "".join("%15s" % c for c in cols))
    for c in CLASSES:
        print("  %-15s" % c + "".join("%15d" % confusion[c][p] for p in cols))
    print("framework detection %.4f (%d/%d)" % (pct(fw_right, fw_total),
                                               fw_right, fw_total))
    if args.misses:
        for name, exp, pred, prim in misses:
            print("miss %s expected %s got %s%s" % (
                name, exp, pred,
                "" if prim is None else " (%s, %s)" % (
                    prim.get("rule", {}).get("id") if isinstance(prim.get("rule"), dict)
                    else prim.get("rule"), prim.get("signature"))))
    acc = pct(right["all"], total["all"])
    if acc < args.threshold:
        print("FAIL: overall accuracy %.4f is below %.4f" % (acc, args.threshold))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
