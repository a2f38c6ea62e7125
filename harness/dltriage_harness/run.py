"""dltriage-harness: build a model IR on one framework, run one forward
pass, write the outputs and a result record.  See harness/README.

Exit status (one mutant): 0 ok: the framework built and ran the model;
1 rejected: the framework raised (its own traceback on stderr, as Python
prints it); 2 usage, or a model illegal by the IR itself (the harness's
message: file:line:col); 3 unsupported: an op the adapter does not
implement; 4 the framework cannot be imported; 5 harness-error: the
harness itself failed (its traceback on stderr).  Signals are not
handled: a crash of the framework kills the process with its signal.
The same execution as the runner's (execute.py, docs/harness-protocol.md).
"""

import argparse
import importlib
import json
import os
import sys
import time

from .execute import EXIT, PROG, execute


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


class Unavailable(Exception):
    """The framework of a target cannot be imported (exit status 4)."""


def import_adapter(name, random_params=False):
    """Import the framework (setting KERAS_BACKEND first for Keras) and
    return an adapter instance; Unavailable when it cannot be imported."""
    from .adapters import FRAMEWORKS
    from .names import split_mode
    base, exec_mode = split_mode(name)
    module, backend = FRAMEWORKS[base]
    if backend:
        os.environ["KERAS_BACKEND"] = backend
    if exec_mode == "compile":
        # TorchInductor compiles its C++ in this process, not in a pool
        # of its own beside the campaign's workers
        os.environ.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")
    if exec_mode == "mt":
        from .names import MT_THREADS
        os.environ["DLTRIAGE_THREADS"] = str(MT_THREADS)
    if backend == "jax" or module == "jax":
        # float64 models compute in float64 (JAX truncates to float32 otherwise)
        os.environ.setdefault("JAX_ENABLE_X64", "1")
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    threads = _threads_before_import()
    try:
        mod = importlib.import_module(".adapters." + module, __package__)
    except ImportError as e:
        top = (getattr(e, "name", None) or "").split(".")[0]
        if top in ("torch", "tensorflow", "jax", "jaxlib", "keras", "numpy", "onnx",
                   "onnxruntime", "mindspore") or \
                not isinstance(e, ModuleNotFoundError):
            raise Unavailable("cannot import %s for %s: %s" % (top or module, name, e))
        raise
    _threads_after_import(threads)
    a = mod.Adapter(random_params=random_params)
    a.framework = name
    a.exec_mode = exec_mode
    why = a.mode_unavailable(exec_mode) if exec_mode else None
    if why:
        raise Unavailable("%s: %s" % (name, why))
    return a


def _threads_before_import():
    """DLTRIAGE_THREADS (the campaign's `threads`, set by the runner): the
    threads each framework may use for one execution; None when unset or
    0 (the framework's own default).  What the frameworks read at import
    or at their runtime's start is set here, before the import."""
    try:
        n = int(os.environ.get("DLTRIAGE_THREADS", ""))
    except ValueError:
        return None
    if n <= 0:
        return None
    for k in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "TF_NUM_INTRAOP_THREADS",
              "TF_NUM_INTEROP_THREADS"):
        os.environ[k] = str(n)
    if n == 1:
        flags = os.environ.get("XLA_FLAGS", "")
        if "xla_cpu_multi_thread_eigen" not in flags:
            os.environ["XLA_FLAGS"] = (flags + " --xla_cpu_multi_thread_eigen=false"
                                       " intra_op_parallelism_threads=1").strip()
    return n


def _threads_after_import(n):
    """PyTorch sizes its pools by call, not by environment alone."""
    torch = sys.modules.get("torch")
    if n is None or torch is None:
        return
    try:
        torch.set_num_threads(n)
        torch.set_num_interop_threads(n)
    except RuntimeError:
        pass  # an inter-op pool already started: it keeps its size


def load_adapter(name, random_params=False):
    """import_adapter(), exit 4 when the framework cannot be imported."""
    try:
        return import_adapter(name, random_params)
    except Unavailable as e:
        _die(4, str(e))


def _model_name(path):
    """The model's name for the batch directory, without running anything."""
    try:
        from . import model
        return model.load(path).name
    except Exception:
        return os.path.splitext(os.path.basename(path))[0]


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog=PROG,
        description="Build a dltriage model IR with a framework's own API, run one "
                    "forward pass, write DIR/outputs/NAME.npy and DIR/result.json.")
    ap.add_argument("--framework", "-f", help="pytorch, tensorflow, jax, keras-tensorflow, "
                    "keras-jax, keras-pytorch, onnxruntime, mindspore, or an alias (torch, tf, "
                    "keras-torch, ms...; keras: KERAS_BACKEND or tensorflow)")
    ap.add_argument("--out", "-o", help="output directory")
    ap.add_argument("--list-ops", action="store_true", help="print the ops each adapter supports")
    ap.add_argument("--random-params", action="store_true",
                    help="fill biases, betas, gammas and moving statistics randomly too "
                         "(layout tests); the default is the IR's fill rule")
    ap.add_argument("models", nargs="*", metavar="MUTANT.yaml")
    args = ap.parse_args(argv)

    from .adapters import FRAMEWORKS
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

    from . import model as ir
    if len(args.models) == 1:
        # one mutant: an illegal model is reported before the framework is
        # imported, and nothing is written
        path = args.models[0]
        try:
            m = ir.load(path)
        except ir.IRError as e:
            _die(2, str(e))
        except OSError as e:
            _die(2, "%s: %s" % (path, e.strerror))
        adapter = load_adapter(name, args.random_params)
        if not os.path.isdir(args.out):
            os.makedirs(args.out)
        status, _ = execute(adapter, m, args.out, file=path)
        return EXIT[status]

    # batch mode: one process, many mutants; exceptions are caught per
    # mutant, a signal kills the batch
    adapter = load_adapter(name, args.random_params)
    if not os.path.isdir(args.out):
        os.makedirs(args.out)
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
        d = os.path.join(args.out, sub)
        rec = {"file": path, "dir": sub, "framework": name}
        t0 = time.time()
        try:
            m = ir.load(path)
        except (ir.IRError, OSError) as e:
            m = None
            rec.update(status="illegal", exception=type(e).__name__, message=str(e))
            sys.stderr.write("%s: %s\n" % (PROG, e))
        if m is not None:
            if not os.path.isdir(d):
                os.makedirs(d)
            status, r = execute(adapter, m, d, file=path)
            rec.update(model=m.name, status=status)
            ex = r.get("exception")
            if ex:
                rec.update(exception="%s.%s" % (ex["module"], ex["type"]),
                           message=ex["message"][:4000], where=ex["where"])
        worst = max(worst, EXIT[rec["status"]])
        rec["seconds"] = round(time.time() - t0, 6)
        summary.write(json.dumps(rec, sort_keys=True) + "\n")
        summary.flush()
    summary.close()
    return worst


if __name__ == "__main__":
    sys.exit(main())
