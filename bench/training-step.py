#!/usr/bin/env python3
"""bench/training-step.py: how the +grad training step behaves on zoo
models (bench/README, "The training step").

For each model and framework it runs the +grad execution as dltriage run
does (harness execute()), twice: as it is, and with every gradient
multiplied by SCALE (DLTRIAGE_TEST_GRAD_SCALE, a wrong gradient made on
purpose).  Per row it prints the number of trained weights, whether the
finite-difference checks of the inputs' and the weights' gradients are
quiet, and how far the outputs after the optimizer step are from the
first framework's (against how far the step moved them).  The reference
in the same run is the scaled run: a check that says nothing there is
blind.

    PYTHONPATH=harness .venv/bin/python bench/training-step.py \\
        [--scale 1.5] [--frameworks pytorch,tensorflow,jax] MODEL.yaml...
"""

import argparse
import os
import sys
import tempfile


def one(fw, path, scale, out):
    from dltriage_harness import model as ir
    from dltriage_harness.execute import execute
    from dltriage_harness.run import import_adapter
    import numpy as np

    if scale is None:
        os.environ.pop("DLTRIAGE_TEST_GRAD_SCALE", None)
    else:
        os.environ["DLTRIAGE_TEST_GRAD_SCALE"] = str(scale)
    a = import_adapter(fw + "+grad")
    st, rec = execute(a, ir.load(path), out)
    if st != "ok":
        return {"status": st}
    outs = {k: np.load(os.path.join(out, v["file"])) for k, v in rec["outputs"].items()}
    return {"status": st, "gc": rec.get("gradient_check") or {},
            "ts": rec.get("training_step") or {}, "outs": outs}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scale", type=float, default=1.5)
    ap.add_argument("--frameworks", default="pytorch,tensorflow,jax")
    ap.add_argument("models", nargs="+")
    args = ap.parse_args()
    import numpy as np

    fws = args.frameworks.split(",")
    print("%-22s %-11s %7s | %-7s %-7s %-9s %-9s | %-9s %-9s"
          % ("model", "framework", "weights", "inputs", "weights", "step-diff",
             "moved", "scaled:in", "scaled:w"))
    for path in args.models:
        name = os.path.splitext(os.path.basename(path))[0]
        first = None
        for fw in fws:
            with tempfile.TemporaryDirectory() as d1, tempfile.TemporaryDirectory() as d2:
                r = one(fw, path, None, d1)
                s = one(fw, path, args.scale, d2)
            if r["status"] != "ok":
                print("%-22s %-11s %s" % (name, fw, r["status"]))
                continue
            steps = {k: v for k, v in r["outs"].items() if k.startswith("step:")}
            if first is None:
                first = r
            diff = max([float(np.abs(v.astype(np.float64) -
                                     first["outs"][k].astype(np.float64)).max())
                        for k, v in steps.items()] + [0.0])
            moved = max([float(np.abs(v.astype(np.float64) -
                                      r["outs"][k[5:]].astype(np.float64)).max())
                         for k, v in steps.items()] + [0.0])
            gin = [k for k in r["gc"] if k != "(weights)"]
            sin = [k for k in s.get("gc", {}) if k != "(weights)"]
            # no float input (token ids): no input gradient to check
            floats = any(k.startswith("grad:") for k in r["outs"])
            print("%-22s %-11s %7s | %-7s %-7s %-9.2g %-9.2g | %-9s %-9s"
                  % (name, fw, r["ts"].get("weights", "-"),
                     ("WRONG" if gin else "quiet") if floats else "n/a",
                     "WRONG" if "(weights)" in r["gc"] else "quiet",
                     diff, moved,
                     ("found" if sin else "missed") if floats else "n/a",
                     "found" if "(weights)" in s.get("gc", {}) else "missed"))
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
