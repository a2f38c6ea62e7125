"""One execution: validate the model, build and run it on the adapter's
framework, write DIR/outputs/NAME.npy and DIR/result.json
(docs/harness-protocol.md, "What an execution does" and "The result
record").  Shared by the command line (run.py) and the server (serve.py).

Statuses and exit codes:
    ok 0, rejected 1, illegal 2, unsupported 3, harness-error 5.
"""

import json
import os
import sys
import time
import traceback

PROTOCOL = 1
PROG = "dltriage-harness"

EXIT = {"ok": 0, "rejected": 1, "illegal": 2, "unsupported": 3, "harness-error": 5}


def stats(a):
    import numpy as np
    x = np.asarray(a)
    st = {"shape": list(x.shape), "dtype": str(x.dtype)}
    if x.dtype.kind in "fc":
        fin = x[np.isfinite(x)]
        st["nan_count"] = int(np.isnan(x).sum())
        st["inf_count"] = int(np.isinf(x).sum())
        if fin.size:
            st["min"] = float(fin.real.min())
            st["max"] = float(fin.real.max())
            st["mean"] = float(fin.real.astype(np.float64).mean())
        else:
            st["min"] = st["max"] = st["mean"] = None
    elif x.size:
        st["min"] = int(x.min())
        st["max"] = int(x.max())
        st["mean"] = float(x.mean())
        st["nan_count"] = st["inf_count"] = 0
    else:
        st["min"] = st["max"] = st["mean"] = None
        st["nan_count"] = st["inf_count"] = 0
    return st


def batched(model, inputs):
    """TARGET+batch: each input of batch 1 becomes a batch of names.BATCH
    rows, row 0 the input itself and the others drawn from other seeds;
    the outputs' row 0 must then be what the others compute from the
    input alone (rows must not influence each other)."""
    import numpy as np
    from . import fill
    from .names import BATCH
    out = {}
    for inp in model.inputs:
        x = inputs[inp.name]
        if x.ndim == 0 or x.shape[0] != 1:
            out[inp.name] = x
            continue
        rows = [x]
        for k in range(1, BATCH):
            saved = model.seed
            model.seed = (saved + 7919 * k) & 0xFFFFFFFF
            try:
                rows.append(fill.input_value(model, inp))
            finally:
                model.seed = saved
        out[inp.name] = np.concatenate(rows, axis=0)
    # the model's input shapes say batch 1: the adapters read the arrays
    for inp in model.inputs:
        inp.shape = list(out[inp.name].shape)
    return out


def write_outputs(outdir, model, outs):
    """DIR/outputs/NAME.npy for every IR output and every other output
    the execution mode adds (bfloat16 as float32, little-endian); returns
    {name: stats with "file"}."""
    import numpy as np
    od = os.path.join(outdir, "outputs")
    if not os.path.isdir(od):
        os.makedirs(od)
    rec = {}
    # the IR's outputs, then what a mode adds (+grad's grad:INPUT)
    extra = sorted(k for k in outs if k not in model.outputs)
    for name in list(model.outputs) + extra:
        a = np.asarray(outs[name])
        if a.dtype.kind == "V" or str(a.dtype) == "bfloat16":
            a = a.astype(np.float32)
        if a.dtype.byteorder == ">":
            a = a.astype(a.dtype.newbyteorder("<"))
        np.save(os.path.join(od, name + ".npy"), a, allow_pickle=False)
        st = stats(a)
        st["file"] = "outputs/%s.npy" % name
        rec[name] = st
    return rec


def write_result(outdir, rec):
    path = os.path.join(outdir, "result.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(rec, f, indent=1, sort_keys=True, allow_nan=False)
        f.write("\n")
    os.rename(tmp, path)


def _message_record(exc, status):
    """The exception object of an illegal or unsupported model (the
    harness's own finding: no traceback is printed)."""
    return {"type": type(exc).__name__, "module": type(exc).__module__,
            "message": str(exc), "where": "harness",
            "raised_in": type(exc).__module__, "traceback": None}


def _threads():
    """DLTRIAGE_THREADS as the harness applied it (run.py), or None."""
    try:
        n = int(os.environ.get("DLTRIAGE_THREADS", ""))
    except ValueError:
        return None
    return n if n > 0 else None


def nondeterministic(a, b):
    """The outputs of two runs that differ bit for bit (a NaN equals a NaN
    of the same bits): {name: {"count": elements, "max_abs": largest
    difference, None where every one is a NaN against a number}}."""
    import numpy as np

    out = {}
    for name in a:
        x, y = np.asarray(a[name]), np.asarray(b.get(name))
        if x.shape != y.shape or x.dtype != y.dtype:
            out[name] = {"count": int(max(x.size, y.size)), "max_abs": None}
            continue
        if x.tobytes() == y.tobytes():
            continue
        xb = x.reshape(-1).view(np.uint8).reshape(x.size, -1) if x.size else x
        yb = y.reshape(-1).view(np.uint8).reshape(y.size, -1) if y.size else y
        diff = (xb != yb).any(axis=1)
        d = np.abs(x.reshape(-1)[diff].astype(np.float64) -
                   y.reshape(-1)[diff].astype(np.float64))
        out[name] = {"count": int(diff.sum()),
                     "max_abs": None if np.isnan(d).all() else float(np.nanmax(d))}
    return out


def execute(adapter, model, outdir, exec_id=None, file=None, test_sleep=None,
            test_harness_bug=False):
    """Run one model (a dict, or a model.Model already validated) and
    write its record under outdir.  Returns (status, record).  Only
    BaseExceptions that are not Exceptions (KeyboardInterrupt,
    SystemExit) propagate."""
    from . import fill
    from .adapters import UnsupportedOp
    from .blame import record as exc_record
    from .model import IRError, Model, from_dict

    rec = {"protocol": PROTOCOL, "framework": adapter.framework,
           "framework_version": None, "model": None, "status": None,
           "seconds": None, "outputs": None, "exception": None,
           "threads": _threads()}
    if exec_id is not None:
        rec["id"] = exec_id
    if file is not None:
        rec["file"] = file
    status = "harness-error"
    t0 = time.time()
    try:
        rec["framework_version"] = adapter.version()
        if test_sleep:
            time.sleep(float(test_sleep))
        if test_harness_bug:
            [][0]  # an IndexError raised in harness code, as a bug would
        m = model if isinstance(model, Model) else from_dict(model)
        rec["model"] = m.name
        if m.mutation:
            rec["mutation"] = m.mutation
        adapter.check_ops(m)
        inputs = fill.model_inputs(m)
        if getattr(adapter, "exec_mode", None) == "batch":
            inputs = batched(m, inputs)
        t0 = time.time()
        if getattr(adapter, "exec_mode", None) == "grad":
            # a backward pass: the gradients go out as outputs of their own
            from .names import GRAD_PREFIX
            outs, grads = adapter.run_grad(m, inputs, fill.loss_weights)
            outs.update((GRAD_PREFIX + k, v) for k, v in grads.items())
        else:
            outs = adapter.run(m, inputs)
        if getattr(adapter, "exec_mode", None) == "twice":
            # determinism: the same inputs again, in the same process
            first, outs = outs, adapter.run(m, inputs)
            differs = nondeterministic(first, outs)
            if differs:
                rec["nondeterministic"] = differs
        if getattr(adapter, "exec_mode", None) == "batch":
            outs = {k: v[:1] for k, v in outs.items()}
        rec["seconds"] = round(time.time() - t0, 6)
        rec["outputs"] = write_outputs(outdir, m, outs)
        status = "ok"
    except (IRError, fill.WeightMutationError) as e:
        status = "illegal"
        rec["exception"] = _message_record(e, status)
        sys.stderr.write("%s: illegal model: %s\n" % (PROG, e))
    except UnsupportedOp as e:
        status = "unsupported"
        rec["exception"] = _message_record(e, status)
        sys.stderr.write("%s: %s\n" % (PROG, e))
    except Exception as e:
        # the traceback exactly as Python prints an uncaught one
        text = "".join(traceback.format_exception(type(e), e, e.__traceback__))
        sys.stderr.write(text)
        rec["exception"] = exc_record(e, text)
        status = "rejected" if rec["exception"]["where"] == "framework" else "harness-error"
    finally:
        sys.stderr.flush()
    if rec["seconds"] is None:
        rec["seconds"] = round(time.time() - t0, 6)
    rec["status"] = status
    try:
        write_result(outdir, rec)
    except (TypeError, ValueError):
        # something in the record is not JSON (a NaN in a mutation record):
        # keep the record, stringified
        write_result(outdir, json.loads(json.dumps(rec, default=str).replace("NaN", "null")))
    return status, rec
