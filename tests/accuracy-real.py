#!/usr/bin/env python3
"""Class and framework accuracy of `dltriage classify` on real framework logs.

usage: accuracy-real.py [--dltriage PATH] [--dir DIR] [--manifest FILE]
                        [--threshold X] [--misses]

The logs in corpus/logs/real were printed by the frameworks themselves
(PyTorch, TensorFlow, JAX, Keras 3 on its three backends, ONNX Runtime,
MindSpore, an older PyTorch),
each by one small scenario of tools/gen-framework-logs.py.  Their expected
class (and kind, where the scenario fixes one) comes from the nature of the
scenario, never from dltriage, and is listed in corpus/logs.real.tsv (kept
outside the log directory so that classifying corpus/logs does not read it):
file, framework, framework version, class, kind or -, how it was produced.

One `dltriage classify --format json` run reads the whole directory.  The
predicted class of a log is that of its primary failure: the failure whose
class ranks first in
    crash > oom > timeout > inconsistency > nan > false-positive > unknown
or `none` when no failure was found.  Prints class accuracy overall and per
expected class and framework, kind agreement where the manifest fixes a kind,
framework detection (the primary failure's framework against the manifest),
and a confusion matrix.  Exits 1 when class accuracy is below --threshold, 2
on usage or execution errors.  Standard library only.
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


def default_dir():
    here = os.path.dirname(os.path.abspath(__file__))
    src = os.environ.get("TEST_SRCDIR", os.path.join(here, ".."))
    return os.path.join(src, "corpus", "logs", "real")


def load_manifest(path):
    rows = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            p = line.rstrip("\n").split("\t")
            if len(p) < 5:
                continue
            rows[p[0]] = dict(framework=p[1], version=p[2], cls=p[3], kind=p[4])
    return rows


def pct(n, d):
    return float(n) / d if d else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dltriage", default=os.environ.get("DLTRIAGE", "dltriage"))
    ap.add_argument("--dir", default=default_dir())
    ap.add_argument("--manifest", default=None,
                    help="default: logs.real.tsv beside the directory's parent's logs")
    ap.add_argument("--threshold", type=float, default=0.0)
    ap.add_argument("--misses", action="store_true")
    args = ap.parse_args()

    try:
        manifest = args.manifest or os.path.join(
            os.path.dirname(os.path.dirname(os.path.abspath(args.dir))), "logs.real.tsv")
        rows = load_manifest(manifest)
    except OSError as e:
        sys.stderr.write("accuracy-real: %s\n" % e)
        return 2
    if not rows:
        sys.stderr.write("accuracy-real: empty manifest '%s'\n" % manifest)
        return 2
    work = tempfile.mkdtemp(prefix="dlt-real.")
    try:
        logdir = os.path.join(work, "logs")
        os.makedirs(logdir)
        for name in rows:
            shutil.copy(os.path.join(args.dir, name), os.path.join(logdir, name))
        cmd = [args.dltriage, "classify", "--format", "json",
               "--db", os.path.join(work, "store.db"), logdir]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        sys.stderr.write("accuracy-real: %s\n" % e)
        return 2
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if p.returncode not in (0, 1):
        sys.stderr.write("accuracy-real: '%s' exited %d\n%s" % (
            " ".join(cmd), p.returncode, p.stderr.decode("utf-8", "replace")[-2000:]))
        return 2
    found = collections.defaultdict(list)
    for line in p.stdout.decode("utf-8", "replace").splitlines():
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            sys.stderr.write("accuracy-real: bad JSON line: %s\n" % line[:200])
            return 2
        src = os.path.basename(obj.get("source", ""))
        if ":" in src:
            src = src.rsplit(":", 1)[0]
        found[src].append(obj)

    total = collections.Counter()
    right = collections.Counter()
    confusion = collections.defaultdict(collections.Counter)
    kind_total = kind_right = fw_total = fw_right = 0
    misses = []
    for name, r in sorted(rows.items()):
        fails = found.get(name, [])
        prim = min(fails, key=lambda o: rank(o.get("class"))) if fails else None
        pred = prim.get("class", "unknown") if prim else "none"
        ok = pred == r["cls"]
        for key in ("all", "class:" + r["cls"], "framework:" + r["framework"]):
            total[key] += 1
            right[key] += ok
        confusion[r["cls"]][pred] += 1
        if r["kind"] != "-" and ok:
            kind_total += 1
            kind_right += prim.get("kind") == r["kind"]
        if prim is not None:
            fw_total += 1
            fw_right += prim.get("framework") == r["framework"]
        if not ok or (prim is not None and prim.get("framework") != r["framework"]) \
                or (ok and r["kind"] != "-" and prim.get("kind") != r["kind"]):
            misses.append((name, r, pred, prim))

    def line(label, key):
        print("accuracy %-26s %.4f (%d/%d)" % (label, pct(right[key], total[key]),
                                              right[key], total[key]))

    print("real framework logs: %d" % total["all"])
    line("class overall", "all")
    for c in CLASSES:
        if total["class:" + c]:
            line("class " + c, "class:" + c)
    for fw in sorted(k.split(":", 1)[1] for k in total if k.startswith("framework:")):
        line("framework " + fw, "framework:" + fw)
    print("kind agreement (where fixed) %.4f (%d/%d)" % (pct(kind_right, kind_total),
                                                       kind_right, kind_total))
    print("framework detection %.4f (%d/%d)" % (pct(fw_right, fw_total), fw_right, fw_total))
    cols = CLASSES + ["unknown", "none"]
    print("confusion (rows: expected, columns: predicted)")
    print("  %-15s" % "" + "".join("%15s" % c for c in cols))
    for c in CLASSES:
        if total["class:" + c]:
            print("  %-15s" % c + "".join("%15d" % confusion[c][p] for p in cols))
    if args.misses:
        for name, r, pred, prim in misses:
            print("miss %s expected %s/%s/%s got %s%s" % (
                name, r["cls"], r["kind"], r["framework"], pred,
                "" if prim is None else " (%s, %s, %s, %s)" % (
                    prim.get("kind"), prim.get("framework"), prim.get("rule"),
                    prim.get("signature"))))
    acc = pct(right["all"], total["all"])
    if acc < args.threshold:
        print("FAIL: class accuracy %.4f is below %.4f" % (acc, args.threshold))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
