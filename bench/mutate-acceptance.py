#!/usr/bin/env python3
"""mutate-acceptance.py: aware against generic mutation, measured on the
real frameworks (the figures of issue 3).

For each model of the zoo (or those given) and each operator it makes N
mutants in aware mode and N in generic mode on the same seeds, keeps
what dltriage mutate reports (drawn, repaired, rejected), runs every
mutant through harness/dltriage-harness in batch mode on each framework
that can be imported, and prints, per operator and mode, the share of
mutants each framework built and ran.  Standard library only.

    bench/mutate-acceptance.py [--dltriage PATH] [-n N] [--seed S]
        [--models NAME,...] [--ops OP,...] [--framework NAME[=PYTHON]]...
        [--json FILE] [--keep DIR]

Frameworks are the harness's names (torch, tensorflow, jax,
keras-tensorflow, keras-jax, keras-torch, onnxruntime); the mutants are
made against the profiles of the frameworks given (mutate --frameworks); NAME=PYTHON runs one with
another interpreter, and a label may be given as LABEL:NAME=PYTHON,
e.g. torch-1.13:torch=/usr/bin/python3.  By default every framework
importable by $DLT_PYTHON (else /work/venv/bin/python, else python3), and
torch-1.13 when /usr/bin/python3 imports torch 1.x.
"""

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
OPS = ["AFRM", "DM", "DT", "GF", "IN-INF", "IN-NAN", "IN-ZERO", "LA", "LC", "LD",
       "LS", "NAI", "NEB", "NS", "PM", "RA", "SM", "WS"]
IMPORTS = {"torch": "torch", "tensorflow": "tensorflow", "jax": "jax",
           "keras-tensorflow": "keras, tensorflow", "keras-jax": "keras, jax",
           "keras-torch": "keras, torch"}


def default_python():
    p = os.environ.get("DLT_PYTHON")
    if p:
        return p
    if os.access("/work/venv/bin/python", os.X_OK):
        return "/work/venv/bin/python"
    return "python3"


def importable(python, modules):
    try:
        r = subprocess.run([python, "-c", "import %s" % modules],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=300)
        return r.returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def frameworks(args):
    out = []
    if args.framework:
        for spec in args.framework:
            label, _, rest = spec.rpartition(":")
            name, _, py = rest.partition("=")
            out.append((label or name, name, py or default_python()))
        return out
    py = default_python()
    for name, mods in IMPORTS.items():
        if importable(py, mods):
            out.append((name, name, py))
    if os.access("/usr/bin/python3", os.X_OK):
        try:
            v = subprocess.run(["/usr/bin/python3", "-c", "import torch; print(torch.__version__)"],
                               capture_output=True, text=True, timeout=300).stdout.strip()
        except (OSError, subprocess.TimeoutExpired):
            v = ""
        if v.startswith("1."):
            out.append(("torch-1.13", "torch", "/usr/bin/python3"))
    return out


def profiles(fws):
    """The profiles of the frameworks measured, for mutate --frameworks:
    aware mutants are made for the targets that run them."""
    out = []
    for _label, name, _py in fws:
        n = name.lower()
        p = ("keras" if n.startswith("keras") else "pytorch" if n in ("torch", "pytorch")
             else "onnxruntime" if n in ("ort", "onnxruntime") else "mindspore" if n in ("ms", "mindspore")
             else n)
        if p not in out:
            out.append(p)
    return ",".join(out)


def mutate(dlt, model, op, mode, n, seed, outdir, fws=""):
    rep = outdir + ".json"
    os.makedirs(os.path.dirname(outdir), exist_ok=True)
    subprocess.run([dlt, "mutate", model, "-q", "-n", str(n), "--ops", op, "--mode", mode,
                    "--seed", str(seed), "--report", rep, "-o", outdir] +
                   (["--frameworks", fws] if fws else []),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with open(rep) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def harness(name, python, files, out):
    env = dict(os.environ)
    env["DLT_PYTHON"] = python
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    res = {}
    for i in range(0, len(files), 200):
        subprocess.run([os.path.join(TOP, "harness", "dltriage-harness"), "--framework", name,
                        "--out", out] + files[i:i + 200], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with open(os.path.join(out, "summary.jsonl")) as f:
            for line in f:
                r = json.loads(line)
                res[os.path.abspath(r["file"])] = r
    except OSError:
        pass
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dltriage", default=os.path.join(os.getcwd(), "src", "dltriage"))
    ap.add_argument("-n", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--models")
    ap.add_argument("--ops")
    ap.add_argument("--framework", action="append")
    ap.add_argument("--json")
    ap.add_argument("--keep")
    args = ap.parse_args()
    zoo = os.path.join(TOP, "corpus", "models")
    if args.models:
        models = [m if m.endswith(".yaml") else os.path.join(zoo, m + ".yaml")
                  for m in args.models.split(",")]
    else:
        models = sorted(os.path.join(zoo, f) for f in os.listdir(zoo) if f.endswith(".yaml"))
    ops = args.ops.split(",") if args.ops else OPS
    fws = frameworks(args)
    work = args.keep or tempfile.mkdtemp(prefix="dlt-accept.")
    os.environ.setdefault("DLTRIAGE_DATADIR", TOP)

    # mutants and the mutator's own counts
    counts = collections.defaultdict(lambda: collections.Counter())
    mutants = collections.defaultdict(list)      # (op, mode) -> files
    for model in models:
        name = os.path.basename(model)[:-5]
        for op in ops:
            for mode in ("aware", "generic"):
                d = os.path.join(work, "mutants", mode, name, op)
                rep = mutate(args.dltriage, model, op, mode, args.n, args.seed, d,
                             profiles(fws))
                if rep is None:
                    counts[(op, mode)]["error"] += 1
                    continue
                o = rep["operators"][0]
                c = counts[(op, mode)]
                for k in ("requested", "drawn", "made", "repaired", "rejected", "failed"):
                    c[k] += o[k]
                if o["not_applicable"]:
                    c["not_applicable"] += 1
                for m in rep["mutants"]:
                    mutants[(op, mode)].append(os.path.abspath(m["file"]))
    allfiles = [f for fl in mutants.values() for f in fl]
    print("%d models, %d operators, %d mutants; frameworks: %s" % (
        len(models), len(ops), len(allfiles), ", ".join(l for l, _, _ in fws) or "none"),
        file=sys.stderr)

    results = {}
    for label, name, py in fws:
        print("running %d mutants on %s..." % (len(allfiles), label), file=sys.stderr)
        results[label] = harness(name, py, allfiles, os.path.join(work, "runs", label))

    table = []
    head = ["operator", "mode", "made", "drawn", "repaired", "rejected", "n/a"] + \
        [l for l, _, _ in fws]
    for op in ops:
        for mode in ("aware", "generic"):
            c = counts[(op, mode)]
            files = mutants[(op, mode)]
            row = {"operator": op, "mode": mode, "made": c["made"], "drawn": c["drawn"],
                   "repaired": c["repaired"], "rejected": c["rejected"],
                   "n/a": c["not_applicable"], "accepted": {}}
            for label, _, _ in fws:
                ok = sum(1 for f in files if results[label].get(f, {}).get("status") == "ok")
                row["accepted"][label] = [ok, len(files)]
            table.append(row)
    widths = [8, 7, 5, 6, 8, 8, 4] + [max(12, len(l)) for l, _, _ in fws]
    print(" ".join("%-*s" % (w, h) for w, h in zip(widths, head)))
    tot = collections.defaultdict(lambda: [0, 0])
    for r in table:
        cells = [r["operator"], r["mode"], str(r["made"]), str(r["drawn"]), str(r["repaired"]),
                 str(r["rejected"]), str(r["n/a"])]
        for label, _, _ in fws:
            ok, n = r["accepted"][label]
            t = tot[(r["mode"], label)]
            t[0] += ok
            t[1] += n
            cells.append("%5.1f%% %d/%d" % (100.0 * ok / n, ok, n) if n else "-")
        print(" ".join("%-*s" % (w, c) for w, c in zip(widths, cells)))
    for mode in ("aware", "generic"):
        cells = ["all", mode, "", "", "", "", ""]
        for label, _, _ in fws:
            ok, n = tot[(mode, label)]
            cells.append("%5.1f%% %d/%d" % (100.0 * ok / n, ok, n) if n else "-")
        print(" ".join("%-*s" % (w, c) for w, c in zip(widths, cells)))
    # what the frameworks said about aware mutants they rejected
    for label, _, _ in fws:
        for op in ops:
            for f in mutants[(op, "aware")]:
                r = results[label].get(f)
                if r is not None and r.get("status") != "ok":
                    print("aware mutant rejected by %s: %s: %s" % (
                        label, os.path.basename(f), (r.get("message") or r.get("status"))[:160]
                        .replace("\n", " ")))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"models": [os.path.basename(m) for m in models], "n": args.n,
                       "seed": args.seed, "rows": table}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
