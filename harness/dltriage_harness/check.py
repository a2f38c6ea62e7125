"""Check harness results: output shapes against a test model's
"# expect: NAME [shape]" comments, and agreement across frameworks.

    python -m dltriage_harness.check MODEL.yaml REFDIR DIR... [--rtol R] [--atol A]

REFDIR and each DIR hold outputs/NAME.npy (and result.json) of one run.
Prints one line per output and framework:  NAME FRAMEWORK max_abs max_rel ok|MISMATCH
and exits 1 on any shape or value mismatch."""

import argparse
import json
import os
import re
import sys

import numpy as np

_EXPECT = re.compile(r"^#\s*expect:\s*(\S+)\s*\[([^\]]*)\]", re.M)


def expected_shapes(path):
    with open(path) as f:
        text = f.read()
    return {m.group(1): [int(v) for v in m.group(2).split(",") if v.strip()]
            for m in _EXPECT.finditer(text)}


def _load(d):
    od = os.path.join(d, "outputs")
    outs = {f[:-4]: np.load(os.path.join(od, f), allow_pickle=False)
            for f in sorted(os.listdir(od)) if f.endswith(".npy")}
    fw = os.path.basename(d.rstrip("/"))
    rj = os.path.join(d, "result.json")
    if os.path.exists(rj):
        with open(rj) as f:
            fw = json.load(f).get("framework", fw)
    return fw, outs


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--rtol", type=float, default=1e-4)
    ap.add_argument("--atol", type=float, default=1e-5)
    a = ap.parse_args(argv)
    exp = expected_shapes(a.model)
    runs = [_load(d) for d in a.dirs]
    bad = 0
    ref_fw, ref = runs[0]
    for fw, outs in runs:
        for name, shape in exp.items():
            if name not in outs:
                print("%s %s missing" % (name, fw))
                bad += 1
            elif list(outs[name].shape) != shape:
                print("%s %s shape %s expected %s SHAPE-MISMATCH" % (name, fw, list(outs[name].shape), shape))
                bad += 1
    for fw, outs in runs[1:]:
        for name in sorted(ref):
            r = ref[name].astype(np.float64)
            if name not in outs or outs[name].shape != ref[name].shape:
                print("%s %s shape %s vs %s %s MISMATCH" % (
                    name, fw, list(outs[name].shape) if name in outs else None, ref_fw, list(r.shape)))
                bad += 1
                continue
            x = outs[name].astype(np.float64)
            rtol, atol = a.rtol, a.atol
            if ref[name].dtype == np.float64 and outs[name].dtype == np.float64:
                rtol, atol = min(rtol, 1e-6), min(atol, 1e-7)
            diff = np.abs(x - r)
            same_nan = np.isnan(x) == np.isnan(r)
            ok = bool(np.all(same_nan) and np.allclose(x, r, rtol=rtol, atol=atol, equal_nan=True))
            if outs[name].dtype != ref[name].dtype:
                ok = False
            fin = np.isfinite(diff)
            mabs = float(diff[fin].max()) if fin.any() else 0.0
            mrel = float((diff[fin] / (np.abs(r[fin]) + 1e-12)).max()) if fin.any() else 0.0
            print("%s %s vs %s max_abs %.3g max_rel %.3g %s%s" % (
                name, fw, ref_fw, mabs, mrel, "ok" if ok else "MISMATCH",
                "" if outs[name].dtype == ref[name].dtype else
                " (dtype %s vs %s)" % (outs[name].dtype, ref[name].dtype)))
            bad += not ok
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
