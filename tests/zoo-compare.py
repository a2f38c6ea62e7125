#!/usr/bin/env python3
"""zoo-compare.py: a target's zoo outputs against a reference's, for the
harness tests of a target (t6102 onnxruntime, t6103 mindspore).

usage: zoo-compare.py RESULTS ORACLES TARGET REFERENCE MODEL...

RESULTS/zoo-TARGET/MODEL and RESULTS/zoo-REFERENCE/MODEL are the harness's
batch outputs (result.json, outputs/*.npy); ORACLES is
rules/oracles/oracles.yaml, whose per-dtype tolerances decide agreement.
Prints one line per model:

    NAME ran:T,R shape:ok|DIFFERS max_abs max_rel tol:U agree:ok|DIFFERS

max_rel is the largest |a - b| / max(|a|, |b|) and U the largest
|a - b| / (atol + rtol * max(|a|, |b|)) (agree: U <= 1 and NaN where the
reference has NaN).  numpy and PyYAML.
"""

import json
import os
import sys

import numpy as np
import yaml


def record(results, fw, m):
    p = os.path.join(results, "zoo-" + fw, m, "result.json")
    return json.load(open(p)) if os.path.exists(p) else None


def main():
    if len(sys.argv) < 5:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    results, oracles, target, ref = sys.argv[1:5]
    tol = yaml.safe_load(open(oracles))["tolerances"]
    for m in sys.argv[5:]:
        a, b = record(results, target, m), record(results, ref, m)
        ran = "%s,%s" % (a["status"] if a else "none", b["status"] if b else "none")
        if not (a and b and a["status"] == b["status"] == "ok"):
            print(m, "ran:" + ran, "shape:-", "-", "-", "tol:-", "agree:DIFFERS")
            continue
        shape_ok, agree, mabs, mrel, used = True, True, 0.0, 0.0, 0.0
        for name, st in b["outputs"].items():
            sa = a["outputs"].get(name)
            if sa is None or sa["shape"] != st["shape"] or sa["dtype"] != st["dtype"]:
                shape_ok = agree = False
                continue
            x = np.load(os.path.join(results, "zoo-" + target, m, sa["file"])).astype(np.float64)
            y = np.load(os.path.join(results, "zoo-" + ref, m, st["file"])).astype(np.float64)
            t = tol.get(st["dtype"], tol["int"] if st["dtype"].startswith("int") else tol["default"])
            d = np.abs(x - y)
            big = np.maximum(np.abs(x), np.abs(y))
            if not (np.isnan(x) == np.isnan(y)).all():
                agree = False
            fin = np.isfinite(d)
            if not np.all(d[fin] <= t["atol"] + t["rtol"] * big[fin]):
                agree = False
            if fin.any():
                mabs = max(mabs, float(d[fin].max()))
                mrel = max(mrel, float((d[fin] / np.maximum(big[fin], 1e-30)).max()))
                lim = t["atol"] + t["rtol"] * big[fin]
                used = max(used, float((d[fin] / np.maximum(lim, 1e-300)).max()))
        print(m, "ran:" + ran, "shape:" + ("ok" if shape_ok else "DIFFERS"),
              "%.3g" % mabs, "%.3g" % mrel, "tol:%.3g" % used,
              "agree:" + ("ok" if agree else "DIFFERS"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
