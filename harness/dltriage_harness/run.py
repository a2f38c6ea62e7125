"""dltriage-harness: build a model IR on one framework, run one forward
pass, write the outputs and a result record.  See harness/README.

Exit status (one mutant): 0 the framework built and ran the model; 1 the
framework raised (its own traceback on stderr, as Python reports it);
2 usage or a malformed model or weight mutation (the harness's message);
3 an op the adapter does not implement ("dltriage-harness: unsupported op
'x' on FRAMEWORK"); 4 the framework cannot be imported.  Signals are not
handled: a crash of the framework kills the process with its signal.
"""

import argparse
import importlib
import json
import os
import sys
import time

PROG = "dltriage-harness"


def _die(status, msg):
    sys.stderr.write("%s: %s\n" % (PROG, msg))
    sys.exit(status)


def resolve_framework(name):
    """The canonical target a --framework name or alias stands for
    (names.py); exit 2 on an unknown one."""
    from . import names
    try:
        return names.canonical(name)
    except names.UnknownFramework as e:
        _die(2, str(e))


def load_adapter(name, random_params=False):
    """Import the framework (setting KERAS_BACKEND first for Keras) and
    return an adapter instance."""
    from .adapters import FRAMEWORKS
    module, backend = FRAMEWORKS[name]
    if backend:
        os.environ["KERAS_BACKEND"] = backend
    if backend == "jax" or module == "jax":
        # float64 models compute in float64 (JAX truncates to float32 otherwise)
        os.environ.setdefault("JAX_ENABLE_X64", "1")
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    try:
        mod = importlib.import_module(".adapters." + module, __package__)
    except ModuleNotFoundError as e:
        top = (e.name or "").split(".")[0]
        if top in ("torch", "tensorflow", "jax", "jaxlib", "keras", "numpy"):
            _die(4, "cannot import %s for %s: %s" % (top, name, e))
        raise
    a = mod.Adapter(random_params=random_params)
    a.framework = name
    return a


def _stats(a):
    import numpy as np
    x = np.asarray(a)
    st = {"shape": list(x.shape), "dtype": str(x.dtype)}
    if x.dtype.kind in "fc":
        fin = x[np.isfinite(x)]
        st["nan_count"] = int(np.isnan(x).sum())
        st["inf_count"] = int(np.isinf(x).sum())
        if fin.size:
            st["min"] = float(fin.min())
            st["max"] = float(fin.max())
            st["mean"] = float(fin.astype(np.float64).mean())
        else:
            st["min"] = st["max"] = st["mean"] = None
    elif x.size:
        st["min"] = int(x.min())
        st["max"] = int(x.max())
        st["mean"] = float(x.mean())
        st["nan_count"] = st["inf_count"] = 0
    return st


def run_one(adapter, path, outdir):
    """Load, build, run, write.  Framework exceptions propagate."""
    import numpy as np
    from . import fill, ir
    model = ir.load(path)
    adapter.check_ops(model)
    inputs = fill.model_inputs(model)
    t0 = time.time()
    outs = adapter.run(model, inputs)
    secs = time.time() - t0
    os.makedirs(outdir, exist_ok=True)
    arrays = {}
    for name in model.outputs:
        a = np.asarray(outs[name])
        if a.dtype.kind == "V" or str(a.dtype) == "bfloat16":
            a = a.astype(np.float32)
        arrays[name] = a
    np.savez(os.path.join(outdir, "outputs.npz"), **arrays)
    rec = {
        "framework": adapter.framework,
        "framework_version": adapter.version(),
        "model": model.name,
        "file": path,
        "status": "ok",
        "outputs": {n: _stats(a) for n, a in arrays.items()},
        "seconds": round(secs, 6),
    }
    if model.mutation:
        rec["mutation"] = model.mutation
    with open(os.path.join(outdir, "result.json"), "w") as f:
        json.dump(rec, f, indent=1, sort_keys=True, allow_nan=False)
        f.write("\n")
    return model, rec


def _model_name(path):
    """The model's name for the batch directory, without running anything."""
    try:
        from . import ir
        return ir.load(path).name
    except Exception:
        return os.path.splitext(os.path.basename(path))[0]


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog=PROG,
        description="Build a dltriage model IR with a framework's own API, run one "
                    "forward pass, write DIR/outputs.npz and DIR/result.json.")
    ap.add_argument("--framework", "-f", help="pytorch, tensorflow, jax, keras-tensorflow, "
                    "keras-jax, keras-pytorch, or an alias (torch, tf, keras-torch...; "
                    "keras: KERAS_BACKEND or tensorflow)")
    ap.add_argument("--out", "-o", help="output directory")
    ap.add_argument("--list-ops", action="store_true", help="print the ops each adapter supports")
    ap.add_argument("--random-params", action="store_true",
                    help="fill biases, betas, gammas and moving statistics randomly too "
                         "(layout tests); the default is the IR's fill rule")
    ap.add_argument("models", nargs="*", metavar="MUTANT.yaml")
    args = ap.parse_args(argv)

    from .adapters import FRAMEWORKS, UnsupportedOp
    from .names import TARGETS
    if args.list_ops:
        targets = [resolve_framework(args.framework)] if args.framework else TARGETS
        from .adapters import supported
        for n in targets:
            print("%s: %s" % (n, " ".join(supported(FRAMEWORKS[n][0]))))
        return 0
    if not args.framework:
        _die(2, "--framework is required")
    if not args.models:
        _die(2, "no model given")
    if not args.out:
        _die(2, "--out DIR is required")
    name = resolve_framework(args.framework)

    from . import fill, ir
    if len(args.models) == 1:
        path = args.models[0]
        try:
            ir.load(path)
        except ir.IRError as e:
            _die(2, str(e))
        except OSError as e:
            _die(2, "%s: %s" % (path, e.strerror))
        adapter = load_adapter(name, args.random_params)
        try:
            run_one(adapter, path, args.out)
        except UnsupportedOp as e:
            _die(3, str(e))
        except fill.WeightMutationError as e:
            _die(2, "%s: %s" % (path, e))
        return 0

    # batch mode: one process, many mutants; exceptions are caught per
    # mutant, a signal kills the batch
    adapter = load_adapter(name, args.random_params)
    os.makedirs(args.out, exist_ok=True)
    used = set()
    summary = open(os.path.join(args.out, "summary.jsonl"), "a")
    worst = 0
    for path in args.models:
        base = _model_name(path)
        sub = base
        k = 1
        while sub in used:
            k += 1
            sub = "%s.%d" % (base, k)
        used.add(sub)
        rec = {"file": path, "dir": sub, "framework": name}
        t0 = time.time()
        try:
            model, r = run_one(adapter, path, os.path.join(args.out, sub))
            rec.update(model=model.name, status="ok")
        except UnsupportedOp as e:
            rec.update(status="unsupported", exception="UnsupportedOp", message=str(e))
            worst = max(worst, 3)
        except (ir.IRError, fill.WeightMutationError, OSError) as e:
            rec.update(status="ir-error", exception=type(e).__name__, message=str(e))
            worst = max(worst, 2)
        except Exception as e:  # the framework's rejection
            rec.update(status="error", exception="%s.%s" % (type(e).__module__, type(e).__name__),
                       message=str(e)[:4000])
            worst = max(worst, 1)
            import traceback
            sys.stderr.write("%s: %s: %s\n" % (PROG, path, rec["exception"]))
            traceback.print_exc()
        rec["seconds"] = round(time.time() - t0, 6)
        summary.write(json.dumps(rec, sort_keys=True) + "\n")
        summary.flush()
    summary.close()
    return worst


if __name__ == "__main__":
    sys.exit(main())
