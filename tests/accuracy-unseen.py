#!/usr/bin/env python3
"""Class accuracy of `dltriage classify` on real tracker logs its rules were
not written from (corpus/validation/v2), split by time, beside a five-regex
baseline on the same logs.

usage: accuracy-unseen.py [--dltriage PATH] [--data DIR]... [--pool DIR]
                          [--threshold X] [--margin X] [--misses]

--data may be given more than once, and --pool DIR adds every set DIR/vN
but v11 (held out for good): the sets' rows are pooled (one row per url)
and measured in one run, each framework without a fixed cut cut at its
median in each set, as when the set is measured alone.

--misses lists the misses of the earlier half only: the half that rules
may be tuned on.

Each row of DIR/*.jsonl is one issue thread: the error output as printed,
the developers' labels, and a class set from the thread's facts
(corpus/validation/v2/README.md).  A log's predicted class is the class of
its primary failure (crash > oom > timeout > inconsistency > nan >
false-positive > unknown), `none` when dltriage found no failure, as in
accuracy-defects.py.

Time split: issue numbers grow with time in each tracker, so each
framework's rows are cut at a fixed issue number (CUT below: the median of
the first 297 rows, fixed when rules were first tuned on the earlier
half); the later half is the figure that counts ("later").  Rules may be
tuned on the earlier half only (--misses lists its misses and no others);
rows added later fall on either side by their number, and stay unseen
until they are first measured.

The baseline is five regexes in a fixed order (oom, timeout, crash, nan,
inconsistency); a log none of them matches is false-positive when it holds
an exception line, none otherwise.

Beside the class, "defect or not" asks the triager's question only: a
defect of the framework (crash, nan, inconsistency, timeout, oom, or a
failure no rule decided) or not one (false-positive, or no failure found
in the log); it is a second figure, never the one that counts.

Prints accuracy with a 95% Wilson interval overall, per class and per
framework, for dltriage and the baseline, on all rows and on the later
half.  Exits 1 when dltriage's later-half accuracy is below --threshold or
below the baseline's by more than --margin; 2 on usage or execution
errors.  Standard library only.
"""

import argparse
import collections
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

CLASSES = ["crash", "nan", "inconsistency", "false-positive", "timeout", "oom"]
SEVERITY = ["crash", "oom", "timeout", "inconsistency", "nan",
            "false-positive", "unknown"]

CUT = {"jax": 15361, "keras": 14200, "pytorch": 55370, "tensorflow": 43546}

BASELINE = [
    ("oom", re.compile(r"(?i)out of memory|resource ?exhausted|\bOOM\b|MemoryError|bad_alloc")),
    ("timeout", re.compile(r"(?i)timed? ?out|deadlock|\bhang|watchdog")),
    ("crash", re.compile(r"(?i)segmentation fault|sigsegv|\baborted\b|core dumped|check failed|"
                         r"internal assert|floating point exception|illegal instruction|"
                         r"sanitizer|terminate called|fatal python error")),
    ("nan", re.compile(r"(?i)\bnan\b|\binf\b")),
    ("inconsistency", re.compile(r"(?i)mismatch|not close|not equal|differ")),
]
EXC_LINE = re.compile(r"(?m)^\s*(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception)\b")


def baseline(log):
    for cls, rx in BASELINE:
        if rx.search(log):
            return cls
    return "false-positive" if EXC_LINE.search(log) else "none"


def rank(cls):
    return SEVERITY.index(cls) if cls in SEVERITY else len(SEVERITY)


def wilson(k, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = float(k) / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def load(datadir, seen=None):
    rows = []
    if seen is None:
        seen = set()
    for name in sorted(os.listdir(datadir)):
        if not name.endswith(".jsonl"):
            continue
        with open(os.path.join(datadir, name), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    r = json.loads(line)
                except ValueError as e:
                    raise SystemExit("accuracy-unseen: %s:%d: %s" % (name, n, e))
                if r.get("class") not in CLASSES or not r.get("log", "").strip():
                    continue
                key = r.get("url") or (r.get("framework"), r.get("number"))
                if key in seen:
                    continue
                seen.add(key)
                rows.append(r)
    return rows


def pool_dirs(pool):
    """Every set pool/vN but v11, the set held out for good."""
    return [os.path.join(pool, d) for d in sorted(os.listdir(pool))
            if re.match(r"^v\d+$", d) and d != "v11"
            and os.path.isdir(os.path.join(pool, d))]


def mark_cuts(part, cut, alone):
    """A framework without a fixed cut is cut at its median number in
    each set (part), as when the set is measured alone; cut, the cuts
    by framework, gets that median when the set is alone."""
    for fw in set(r["framework"] for r in part) - set(CUT):
        nums = sorted(r["number"] for r in part if r["framework"] == fw)
        for r in part:
            if r["framework"] == fw:
                r["_cut"] = nums[len(nums) // 2]
        if alone:
            cut[fw] = nums[len(nums) // 2]
        else:
            cut.setdefault(fw, -1)


def half_of(r, cut):
    return "later" if r["number"] >= r.get("_cut", cut[r["framework"]]) else "earlier"


def classify(dltriage, rows, work):
    logdir = os.path.join(work, "logs")
    os.makedirs(logdir)
    names = {}
    for i, r in enumerate(rows):
        name = "%s-%d-%d.log" % (r["framework"], r["number"], i)
        names[name] = r
        with open(os.path.join(logdir, name), "w", encoding="utf-8") as f:
            f.write(r["log"] if r["log"].endswith("\n") else r["log"] + "\n")
    cmd = [dltriage, "classify", "--format", "json",
           "--db", os.path.join(work, "store.db"), logdir]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode not in (0, 1):
        sys.stderr.write("accuracy-unseen: '%s' exited %d\n%s" % (
            " ".join(cmd), p.returncode, p.stderr.decode("utf-8", "replace")[-2000:]))
        return None
    found = collections.defaultdict(list)
    for line in p.stdout.decode("utf-8", "replace").splitlines():
        if not line.strip():
            continue
        obj = json.loads(line)
        src = os.path.basename(obj.get("source", ""))
        base = src.rsplit(":", 1)[0] if ":" in src else src
        found[base].append(obj)
    out = []
    for name, r in names.items():
        fails = found.get(name, [])
        if fails:
            prim = min(fails, key=lambda o: rank(o.get("class")))
            out.append((r, prim.get("class", "unknown"), prim))
        else:
            out.append((r, "none", None))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    src = os.environ.get("TEST_SRCDIR", os.path.join(here, ".."))
    ap.add_argument("--dltriage", default=os.environ.get("DLTRIAGE", "dltriage"))
    ap.add_argument("--data", action="append",
                    help="a set's directory; given more than once, the sets are pooled "
                    "(default: corpus/validation/v2)")
    ap.add_argument("--pool", metavar="DIR",
                    help="pool every set DIR/vN but v11, the set held out for good")
    ap.add_argument("--threshold", type=float, default=0.0)
    ap.add_argument("--margin", type=float, default=1.0)
    ap.add_argument("--misses", action="store_true",
                    help="list the misses of the earlier half (the half rules may be tuned on)")
    args = ap.parse_args()

    dirs = list(args.data or [])
    if args.pool and not os.path.isdir(args.pool):
        sys.stderr.write("accuracy-unseen: '%s': not a directory\n" % args.pool)
        return 2
    if args.pool:
        dirs += pool_dirs(args.pool)
    if not dirs:
        dirs = [os.path.join(src, "corpus", "validation", "v2")]
    # a framework without a fixed cut is cut at its median number in each
    # set, as when the set is measured alone
    rows, seen, cut = [], set(), dict(CUT)
    for d in dirs:
        if not os.path.isdir(d):
            sys.stderr.write("accuracy-unseen: '%s': not a directory\n" % d)
            return 2
        part = load(d, seen)
        mark_cuts(part, cut, len(dirs) == 1)
        rows += part
    if not rows:
        sys.stderr.write("accuracy-unseen: no rows in %s\n" % ", ".join("'%s'" % d for d in dirs))
        return 2
    work = tempfile.mkdtemp(prefix="dlt-unseen.")
    try:
        res = classify(args.dltriage, rows, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if res is None:
        return 2

    tot = collections.Counter()
    ok = {"dltriage": collections.Counter(), "baseline": collections.Counter()}
    confusion = collections.defaultdict(collections.Counter)
    misses = []
    fw_n = collections.Counter()
    fw_ok = collections.Counter()
    fw_one = collections.Counter()
    for r, pred, prim in res:
        half = half_of(r, cut)
        if prim is not None:
            # framework detection, on logs with a failure (one-line ones apart)
            one = len([l for l in r["log"].splitlines() if l.strip()]) <= 2
            for key in (half, half + (":one" if one else ":long")):
                fw_n[key] += 1
                fw_ok[key] += prim.get("framework") == r["framework"]
        b = baseline(r["log"])
        for key in ("all", half, "class:" + r["class"], half + ":class:" + r["class"],
                    "fw:" + r["framework"], half + ":fw:" + r["framework"]):
            tot[key] += 1
            ok["dltriage"][key] += pred == r["class"]
            ok["baseline"][key] += b == r["class"]
        confusion[r["class"]][pred] += 1
        # the triager's question: a defect of the framework, or not one?
        # (false-positive, or no failure found at all, is "not a defect")
        want_defect = r["class"] != "false-positive"
        for who, got in (("dltriage", pred), ("baseline", b)):
            agree = (got not in ("false-positive", "none")) == want_defect
            ok[who]["defect:" + half] += agree
        tot["defect:" + half] += 1
        if pred != r["class"] and half == "earlier":
            misses.append((r, pred, prim))

    def line(label, key):
        n = tot[key]
        if n == 0:
            return
        parts = []
        for who in ("dltriage", "baseline"):
            k = ok[who][key]
            lo, hi = wilson(k, n)
            parts.append("%s %.3f [%.3f, %.3f] (%d/%d)" % (who, float(k) / n, lo, hi, k, n))
        print("%-30s %s   %s" % (label, parts[0], parts[1]))

    print("rows %d%s; later half: issue number >= %s" % (
        len(rows), "" if len(dirs) == 1 else " of %d sets" % len(dirs),
        ", ".join("%s %s" % (fw, "each set's median" if n < 0 else n)
                  for fw, n in sorted(cut.items()))))
    for half in ("all", "later", "earlier"):
        line(half, half)
    for half in ("later", "earlier"):
        line("%s defect or not" % half, "defect:" + half)
    for half in ("all", "later"):
        p = "" if half == "all" else "later:"
        for c in CLASSES:
            line("%s class %s" % (half, c), p + "class:" + c)
        for fw in sorted(cut):
            line("%s framework %s" % (half, fw), p + "fw:" + fw)
    for key in ("later", "later:one", "later:long", "earlier"):
        if fw_n[key]:
            print("framework detection %-14s %.3f (%d/%d)" % (
                key, float(fw_ok[key]) / fw_n[key], fw_ok[key], fw_n[key]))
    cols = CLASSES + ["unknown", "none"]
    print("confusion, all rows (rows: expected, columns: dltriage)")
    print("  %-15s" % "" + "".join("%15s" % c for c in cols))
    for c in CLASSES:
        print("  %-15s" % c + "".join("%15d" % confusion[c][p] for p in cols))
    if args.misses:
        for r, pred, prim in misses:
            print("miss %s expected %s got %s%s" % (
                r["url"], r["class"], pred, "" if prim is None else
                " (%s: %s)" % (prim.get("rule"), (prim.get("signature") or "")[:100])))
    later = float(ok["dltriage"]["later"]) / tot["later"] if tot["later"] else 0.0
    base = float(ok["baseline"]["later"]) / tot["later"] if tot["later"] else 0.0
    if later < args.threshold:
        print("FAIL: later-half accuracy %.4f is below %.4f" % (later, args.threshold))
        return 1
    if later < base - args.margin:
        print("FAIL: later-half accuracy %.4f is below the baseline's %.4f by more than %.2f"
              % (later, base, args.margin))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
