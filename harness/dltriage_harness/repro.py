"""The body of the standalone scripts that `dltriage reproduce --script`
writes (man/dltriage-reproduce.1, harness/README "Repro scripts").

A script needs Python 3.8 or later, numpy and the framework: no
dltriage, no installed harness.  `dltriage reproduce` writes, in this
order: a header comment, REPRO (what the store recorded, as JSON: the
mutant's IR, its targets, the failure), SOURCES (the harness modules
the model needs, verbatim: fill.py, common.py, model.py, base.py, names.py, the
framework's adapter...), this file, and a last line that calls main().

install() serves SOURCES as the package dltriage_harness from memory
(a meta path finder ahead of any installed one), so that the model is
built by exactly the code that built it in the campaign: the same ops,
the same seeded weights and inputs (fill.py).

One target (a crash, a rejection, NaN on one framework): the model runs
in this interpreter, and its exception propagates as Python prints it;
a native crash kills the process with its signal.  Several targets (an
inconsistency, an acceptance disagreement): the script runs itself once
per target, each in a process of its own with the interpreter recorded
for it (or --python LABEL=PATH, or this one), then compares the outputs.

Exit status: 1 (or death by a signal) when the failure shows, 0 when
the model ran clean, 2 for a bad command line.  That is a failing test's
convention: the bug is there while the script fails.
"""

import argparse
import importlib.abc
import importlib.util
import json
import linecache
import os
import shutil
import subprocess
import sys
import tempfile

PKG = "dltriage_harness"


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports the modules of SOURCES ({"dltriage_harness.fill": text})."""

    def __init__(self, sources):
        self.sources = sources

    def find_spec(self, name, path=None, target=None):
        if name not in self.sources:
            return None
        return importlib.util.spec_from_loader(name, self, is_package=self._pkg(name))

    def _pkg(self, name):
        return any(k.startswith(name + ".") for k in self.sources)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        name = module.__name__
        text = self.sources[name]
        rel = name.replace(".", "/") + ("/__init__.py" if self._pkg(name) else ".py")
        fn = "<embedded %s>" % rel
        # tracebacks show the embedded lines
        linecache.cache[fn] = (len(text), None, text.splitlines(True), fn)
        module.__file__ = fn
        exec(compile(text, fn, "exec"), module.__dict__)


def install(sources):
    for k in list(sys.modules):
        if k == PKG or k.startswith(PKG + "."):
            del sys.modules[k]
    sys.meta_path.insert(0, _Finder(sources))


def _say(msg):
    sys.stdout.write(msg + "\n")
    sys.stdout.flush()


def _target(repro, label):
    for t in repro["targets"]:
        if t["label"] == label:
            return t
    sys.stderr.write("repro: no target '%s' (%s)\n" %
                     (label, ", ".join(t["label"] for t in repro["targets"])))
    sys.exit(2)


def prepare(repro, t):
    """The adapter, the model and its inputs on target t, in this
    interpreter: the harness's own code, before the framework runs."""
    from dltriage_harness import fill, model, run
    adapter = run.import_adapter(t["harness"])
    m = model.from_dict(repro["ir"])
    have = adapter.version()
    _say("framework: %s %s (python %s, %s)" % (t["harness"], have,
                                              sys.version.split()[0], sys.executable))
    if t.get("version") and t["version"] != have:
        _say("note: the campaign ran %s %s (%s); this is %s" %
             (t["harness"], t["version"], t.get("python") or "?", have))
    adapter.check_ops(m)
    inputs = fill.model_inputs(m)
    if adapter.exec_mode == "batch":
        from dltriage_harness import execute
        inputs = execute.batched(m, inputs)
    return adapter, m, inputs


def _run(adapter, m, inputs):
    """adapter.run, and row 0 of a +batch target's outputs."""
    import numpy as np
    outs = {k: np.asarray(v) for k, v in adapter.run(m, inputs).items()}
    if adapter.exec_mode == "batch":
        outs = {k: v[:1] for k, v in outs.items()}
    return outs


def run_model(repro, t, save=None):
    """Build and run the model on target t; the outputs as {name:
    ndarray}.  Exceptions propagate."""
    import numpy as np
    from dltriage_harness import execute
    adapter, m, inputs = prepare(repro, t)
    outs = _run(adapter, m, inputs)
    if save:
        execute.write_outputs(save, m, outs)
    return outs


def show_single(repro, t):
    import traceback
    import numpy as np
    from dltriage_harness import execute
    f = repro["failure"]
    _say("expected: %s" % f["expected"])
    adapter, m, inputs = prepare(repro, t)
    try:
        # the framework builds and runs the model: what the campaign saw
        outs = _run(adapter, m, inputs)
    except Exception as e:
        # as Python prints an uncaught exception, then the verdict
        sys.stderr.write(traceback.format_exc())
        sys.stderr.flush()
        got = "%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")
        same = not f.get("exc_type") or f["exc_type"] == type(e).__name__ or \
            f["exc_type"].endswith("." + type(e).__name__)
        _say("reproduced%s: %s raised %s" % ("" if same else " with another exception",
                                            t["label"], got))
        return 1
    bad = 0
    for name in sorted(outs):
        st = execute.stats(outs[name])
        _say("output %s: shape %s %s, NaN %d, Inf %d, min %s, max %s" %
             (name, st["shape"], st["dtype"], st["nan_count"], st["inf_count"],
              st["min"], st["max"]))
        bad += st["nan_count"] + st["inf_count"]
    if f["class"] == "nan" and bad:
        _say("reproduced: NaN or Inf in the outputs on %s" % t["label"])
        return 1
    _say("not reproduced: the model ran on %s without error%s" %
         (t["label"], "" if f["class"] != "nan" else " and without NaN or Inf"))
    return 0


def _python_for(t, overrides):
    if t["label"] in overrides:
        return overrides[t["label"]]
    p = t.get("python")
    if p and os.access(p, os.X_OK):
        return p
    return sys.executable


def show_compare(repro, overrides):
    import numpy as np
    f = repro["failure"]
    _say("expected: %s" % f["expected"])
    tmp = tempfile.mkdtemp(prefix="dltriage-repro-")
    got = {}
    for t in repro["targets"]:
        d = os.path.join(tmp, t["label"])
        os.makedirs(d)
        py = _python_for(t, overrides)
        _say("--- %s: %s %s --target %s" % (t["label"], py, sys.argv[0], t["label"]))
        p = subprocess.run([py, os.path.abspath(sys.argv[0]), "--target", t["label"],
                            "--save", d])
        if p.returncode < 0:
            got[t["label"]] = "killed by signal %d" % -p.returncode
        elif p.returncode != 0:
            got[t["label"]] = "raised (exit %d)" % p.returncode
        else:
            outs = {}
            od = os.path.join(d, "outputs")
            for fn in sorted(os.listdir(od)) if os.path.isdir(od) else []:
                outs[fn[:-4]] = np.load(os.path.join(od, fn), allow_pickle=False)
            got[t["label"]] = outs
    _say("--- results")
    ran = [lab for lab in got if isinstance(got[lab], dict)]
    for lab in got:
        _say("%s: %s" % (lab, "ran" if lab in ran else got[lab]))
    shown = len(ran) != len(got) and len(ran) > 0
    tols = repro.get("tolerances", {})
    for i, a in enumerate(ran):
        for b in ran[i + 1:]:
            for name in sorted(got[a]):
                if name not in got[b]:
                    continue
                x = got[a][name].astype(np.float64)
                y = got[b][name].astype(np.float64)
                if x.shape != y.shape:
                    _say("%s: %s %s vs %s %s: shapes differ" % (name, a, x.shape, b, y.shape))
                    shown = True
                    continue
                d = np.abs(x - y)
                fin = np.isfinite(d)
                mabs = float(d[fin].max()) if fin.any() else 0.0
                rel = d / np.maximum(np.abs(y), 1e-12)
                mrel = float(rel[fin].max()) if fin.any() else 0.0
                nanmis = int((np.isnan(x) != np.isnan(y)).sum())
                tol = tols.get("%s %s %s" % (name, a, b)) or tols.get("%s %s %s" % (name, b, a))
                rtol, atol = (tol if tol else (1e-3, 1e-5))
                over = int((d[fin] > atol + rtol * np.abs(y[fin])).sum())
                verdict = "inconsistent" if over or nanmis else "consistent"
                _say("%s: %s vs %s: max |a-b| %.6g, max rel %.6g, %d of %d elements "
                     "over atol %g + rtol %g * |b|, NaN mismatches %d: %s" %
                     (name, a, b, mabs, mrel, over, d.size, atol, rtol, nanmis, verdict))
                shown = shown or verdict == "inconsistent"
    _say("reproduced" if shown else "not reproduced: the targets agree")
    return 1 if shown else 0


def trace_single(repro, t, path):
    """Run the model on t under the tracer (trace.py), writing the plain
    script to path: exit status 3 and "trace: WHY" when it cannot."""
    try:
        import torch  # noqa: F401
        from torch.overrides import TorchFunctionMode  # noqa: F401
    except ImportError as e:
        sys.stderr.write("trace: no torch.overrides.TorchFunctionMode in %s (%s)\n"
                         % (sys.executable, e))
        return 3
    from dltriage_harness import trace
    adapter, m, inputs = prepare(repro, t)
    try:
        trace.trace(adapter, m, inputs, path)
    except trace.TraceError as e:
        sys.stderr.write("trace: %s\n" % e)
        return 3
    return 0


def _ending(p, short):
    """How a run ended: ("signal", N), ("exception", "Type: message"),
    ("nan",), ("clean",) or ("exit", N)."""
    if p.returncode < 0:
        return ("signal", -p.returncode)
    err = p.stderr.decode("utf-8", "replace").splitlines()
    if "Traceback (most recent call last):" in err:
        i = len(err) - 1 - err[::-1].index("Traceback (most recent call last):")
        for line in err[i + 1:]:
            if line and not line.startswith(" "):
                return ("exception", line)
    out = p.stdout.decode("utf-8", "replace")
    if (short and p.returncode == 0 and ": True" in out) or \
            (not short and "reproduced: NaN or Inf" in out):
        return ("nan",)
    return ("clean",) if p.returncode == 0 else ("exit", p.returncode)


def _says(e):
    if e[0] == "signal":
        import signal
        try:
            return "dies by %s" % signal.Signals(e[1]).name
        except ValueError:
            return "dies by signal %d" % e[1]
    if e[0] == "exception":
        return "raises %s" % e[1]
    return {"nan": "gives NaN or Inf", "clean": "runs clean"}.get(
        e[0], "exits with status %s" % (e[1:] or ("?",))[0])


def short_script(repro, path, timeout):
    """Trace the model into a plain script and keep it at path only when
    it ends, on a clean interpreter (-I, an empty directory), as this
    script does.  Prints "short: yes LINES HOW" or "short: no WHY"."""
    if len(repro["targets"]) != 1:
        _say("short: no: the failure compares several targets")
        return 0
    t = repro["targets"][0]
    if not t["harness"].startswith("pytorch"):
        _say("short: no: not a PyTorch target")
        return 0
    tmp = tempfile.mkdtemp(prefix="dltriage-short-")
    try:
        return _short_in(t, path, timeout, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _short_in(t, path, timeout, tmp):
    """short_script's work, in the scratch directory tmp."""
    me = os.path.abspath(sys.argv[0])
    traced = os.path.join(tmp, "traced.py")
    clean = os.path.join(tmp, "clean")
    os.makedirs(clean)

    def run(argv, cwd):
        try:
            return subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
    p = run([sys.executable, me, "--target", t["label"], "--trace", traced], tmp)
    if p is None:
        _say("short: no: tracing ran past %g s" % timeout)
        return 0
    if p.returncode == 3:
        why = [ln[7:] for ln in p.stderr.decode("utf-8", "replace").splitlines()
               if ln.startswith("trace: ")]
        _say("short: no: tracing failed: %s" % (why[-1] if why else "exit status 3"))
        return 0
    if not os.path.exists(traced):
        _say("short: no: the traced run %s before it traced" % _says(_ending(p, False)))
        return 0
    ref = run([sys.executable, me, "--target", t["label"]], tmp)
    if ref is None:
        _say("short: no: the reduced script ran past %g s" % timeout)
        return 0
    want = _ending(ref, False)
    if want[0] == "clean":
        _say("short: no: the reduced script runs clean now")
        return 0
    got = run([sys.executable, "-I", traced], clean)
    if got is None:
        _say("short: no: the traced script ran past %g s" % timeout)
        return 0
    have = _ending(got, True)
    if have != want:
        _say("short: no: the traced script %s where the reduced script %s"
             % (_says(have), _says(want)))
        return 0
    with open(traced) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(text)
    _say("short: yes %d %s" % (text.count("\n"), _says(want)))
    return 0


def main(repro, sources, argv=None):
    ap = argparse.ArgumentParser(
        description="Rebuild a dltriage mutant and show its failure (%s)." %
                    repro["failure"]["what"])
    ap.add_argument("--target", help="run on this target only, in this interpreter")
    ap.add_argument("--save", metavar="DIR", help=argparse.SUPPRESS)
    ap.add_argument("--trace", metavar="FILE", help=argparse.SUPPRESS)
    ap.add_argument("--short", metavar="FILE", help=argparse.SUPPRESS)
    ap.add_argument("--short-timeout", type=float, default=60, help=argparse.SUPPRESS)
    ap.add_argument("--python", action="append", default=[], metavar="LABEL=PATH",
                    help="the interpreter of a target, when comparing")
    args = ap.parse_args(argv)
    overrides = {}
    for s in args.python:
        if "=" not in s:
            ap.error("--python takes LABEL=PATH")
        k, v = s.split("=", 1)
        overrides[k] = v
    install(sources)
    if args.short:
        return short_script(repro, args.short, args.short_timeout)
    if args.trace:
        return trace_single(repro, _target(repro, args.target), args.trace)
    if args.save:
        run_model(repro, _target(repro, args.target), args.save)
        return 0
    if args.target:
        return show_single(repro, _target(repro, args.target))
    if len(repro["targets"]) == 1:
        return show_single(repro, repro["targets"][0])
    return show_compare(repro, overrides)
