#!/usr/bin/env python3
"""zoo-frameworks.py: do the frameworks compute the shapes dltriage infers?

For every model of corpus/models (or those given), runs the harness in
batch mode on each framework and compares each output's shape with the
one `dltriage corpus check --format json` infers, and each output's
values with the first framework's.  Prints a table; exits 1 on any
mismatch.  Standard library only (the harness needs the frameworks).

    bench/zoo-frameworks.py [--dltriage PATH] [--python PY]
        [--framework NAME]... [--models NAME,...] [--keep DIR]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
FRAMEWORKS = ["torch", "tensorflow", "jax", "keras-tensorflow", "keras-jax", "keras-torch"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dltriage", default=os.path.join(TOP, "src", "dltriage"))
    ap.add_argument("--python", default=os.environ.get("DLT_PYTHON", "python3"))
    ap.add_argument("--framework", action="append")
    ap.add_argument("--models")
    ap.add_argument("--keep")
    args = ap.parse_args()
    fws = args.framework or FRAMEWORKS
    mdir = os.path.join(TOP, "corpus", "models")
    names = sorted(f[:-5] for f in os.listdir(mdir) if f.endswith(".yaml"))
    if args.models:
        names = [n for n in names if n in args.models.split(",")]
    files = [os.path.join(mdir, n + ".yaml") for n in names]
    inferred = {}
    out = subprocess.run([args.dltriage, "corpus", "check", "--format", "json"] + files,
                         capture_output=True, text=True)
    for line in out.stdout.splitlines():
        r = json.loads(line)
        inferred[r["model"]] = {o["name"]: o["shape"] for o in r["outputs"]}
    work = args.keep or tempfile.mkdtemp(prefix="dlt-zoo-")
    env = dict(os.environ, DLT_PYTHON=args.python)
    results = {}
    for fw in fws:
        d = os.path.join(work, fw)
        subprocess.run([os.path.join(TOP, "harness", "dltriage-harness"), "--framework", fw,
                        "--out", d] + files, env=env, capture_output=True)
        results[fw] = d
    check = ("import json,os,sys,numpy as np\n"
             "ld=lambda d: {f[:-4]: np.load(os.path.join(d, f)) for f in os.listdir(d) if f.endswith('.npy')}\n"
             "a=ld(sys.argv[1]); b=ld(sys.argv[2])\n"
             "print(json.dumps({k: float(np.max(np.abs(a[k].astype('f8')-b[k].astype('f8'))))"
             " if k in b and a[k].shape==b[k].shape and a[k].size else 0.0 for k in a}))\n")
    bad = 0
    print("%-22s %-18s %-7s %-20s %s" % ("model", "framework", "status", "shape", "max |diff| vs " + fws[0]))
    for n in names:
        ref = os.path.join(results[fws[0]], n, "outputs")
        for fw in fws:
            res = os.path.join(results[fw], n, "result.json")
            try:
                with open(res) as f:
                    rj = json.load(f)
            except (OSError, ValueError):
                print("%-22s %-18s %-7s" % (n, fw, "error"))
                bad += 1
                continue
            shapes = {k: v["shape"] for k, v in (rj.get("outputs") or {}).items()}
            same = shapes == inferred.get(n)
            diff = "-"
            if os.path.exists(ref) and fw != fws[0]:
                p = subprocess.run([args.python, "-c", check, ref,
                                    os.path.join(results[fw], n, "outputs")],
                                   capture_output=True, text=True)
                if p.returncode == 0:
                    diff = "%.3g" % max(json.loads(p.stdout).values() or [0.0])
            shape_txt = "equal" if same else "DIFFERS %s" % shapes
            if not same or rj.get("status") != "ok":
                bad += 1
            print("%-22s %-18s %-7s %-20s %s" % (n, fw, rj.get("status"), shape_txt, diff))
    total = len(names) * len(fws)
    print("%d of %d model x framework runs ok with the inferred shapes" % (total - bad, total))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
