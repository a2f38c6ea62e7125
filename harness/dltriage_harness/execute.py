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


LOW_PRECISION = ("float16", "bfloat16")
FD_TOL = 0.05           # the gradient against the differences, relative
FD_AGREE = 0.01         # the two steps against each other, relative
# Forward against backward differences, relative: a smooth loss gives
# them equal to within h times its curvature, far below this; a kink at
# the point (a ReLU input exactly 0, a max of equal values) does not
# (a MobileNet mutant: 1% apart, and the central difference 5.5% from
# a right gradient).
FD_SMOOTH = 1e-3
# The step of the differences, relative to the largest magnitude moved:
# the float64 twin's rounding allows a small one, and the smaller it is
# the fewer ReLU kinks a step crosses (MobileNet's 4 million weights moved
# by 1e-6 crossed enough of them to move the difference by 2%).
FD_STEP = 1e-8


def weighted_loss(m, outs):
    """The +grad mode's loss of outputs outs, in float64: the sum over
    the float outputs of sum(output * fill.loss_weights)."""
    import numpy as np
    from . import fill

    total = 0.0
    for i, o in enumerate(m.outputs):
        y = np.asarray(outs[o])
        if y.dtype.kind != "f":
            continue
        total += float((y.astype(np.float64) * fill.loss_weights(i, y.shape)).sum())
    return total


def float64_twin(m):
    """A copy of model m that computes every layer in float64 (its float
    inputs float64 too), for finite differences without float32's
    rounding."""
    import copy

    t = copy.deepcopy(m)
    for i in t.inputs:
        if i.dtype.startswith("float") or i.dtype == "bfloat16":
            i.dtype = "float64"
    for n in t.nodes:
        if n.op != "cast":
            n.dtype = "float64"
    return t


def float64_inputs(inputs):
    """The inputs of a float64 twin: float arrays in float64, the rest as
    they are."""
    import numpy as np

    return {k: (np.asarray(v).astype(np.float64) if np.asarray(v).dtype.kind == "f" else v)
            for k, v in inputs.items()}


def gradient_check(run, m, inputs, grads):
    """The gradient of each float input against central differences of
    the loss along one direction v (a fixed generator), computed on the
    model's float64 twin at steps h and h/2 (h = FD_STEP of the input's
    largest magnitude, at least FD_STEP).  Where a kink (ReLU, max) lies
    within h the two steps disagree with each other, or the forward and
    backward differences do, and nothing is said (fd_contradicts());
    otherwise an input whose <grad, v> they contradict is returned:
    {name: {"analytic": <grad, v>, "numeric": [at h, at h/2],
    "one_sided": [forward, backward], "step": h}}.  run(model, inputs)
    gives the outputs of a forward pass.  Models with a float16 or
    bfloat16 layer or input are not checked: their gradients are not
    meant to be that close."""
    import numpy as np

    if any(n.dtype in LOW_PRECISION for n in m.nodes) or \
            any(i.dtype in LOW_PRECISION for i in m.inputs):
        return {}
    twin = float64_twin(m)
    base = float64_inputs(inputs)
    out = {}
    for k, inp in enumerate(m.inputs):
        g = grads.get(inp.name)
        x = base[inp.name]
        if g is None or np.asarray(x).dtype.kind != "f" or x.size == 0:
            continue
        g = np.asarray(g, dtype=np.float64)
        if not np.isfinite(g).all() or not np.isfinite(x).all():
            continue
        v = np.random.default_rng(20261202 + k).uniform(-1.0, 1.0, x.shape)
        a = float((g * v).sum())
        h = FD_STEP * max(1.0, float(np.abs(x).max()))
        wrong = fd_contradicts(a, differences(
            lambda t: weighted_loss(twin, run(twin, dict(base, **{inp.name: x + t * v}))), h), h)
        if wrong:
            out[inp.name] = wrong
    return out


def differences(loss_at, h):
    """Differences of the loss along v, loss_at(t) being the loss at the
    point + t * v: ([central at h, central at h/2], [forward at h,
    backward at h])."""
    l0, lp, lm = loss_at(0.0), loss_at(h), loss_at(-h)
    lp2, lm2 = loss_at(h / 2), loss_at(-h / 2)
    return [(lp - lm) / (2 * h), (lp2 - lm2) / h], [(lp - l0) / h, (l0 - lm) / h]


def fd_contradicts(a, diffs, h):
    """The record of a gradient a along v that finite differences
    (differences()) contradict, or None.  They contradict it when the
    central differences at h and h/2 agree with each other within
    FD_AGREE (no kink between the steps), the forward and backward ones
    at h within FD_SMOOTH (no kink at the point itself: a ReLU input
    exactly at 0 gives the same half slope at every step), and neither
    agrees with a within FD_TOL."""
    import numpy as np

    num, sides = diffs
    if not all(np.isfinite(num + sides)) or not np.isfinite(a):
        return None
    scale = max(abs(a), abs(num[0]), abs(num[1]), 1e-9)
    if abs(num[0] - num[1]) <= FD_AGREE * scale and \
            abs(sides[0] - sides[1]) <= FD_SMOOTH * scale and \
            abs(a - num[1]) > FD_TOL * scale:
        return {"analytic": a, "numeric": num, "one_sided": sides, "step": h}
    return None


STEP_LR = 0.01          # the optimizer step, over the largest weight gradient
WEIGHTS_KEY = "(weights)"


def weight_check(adapter, m, inputs, slots, grads):
    """The weights' gradient (every trained weight at once) against
    central differences of the loss along one direction v, on the
    model's float64 twin with the weights put back as slots
    (adapter.run_slots); fd_contradicts()'s record, or None.  Models
    with a float16 or bfloat16 layer or input are not checked."""
    import numpy as np

    if any(n.dtype in LOW_PRECISION for n in m.nodes) or \
            any(i.dtype in LOW_PRECISION for i in m.inputs) or not slots:
        return None
    w = [np.asarray(x, dtype=np.float64) for x in slots]
    g = [np.asarray(x, dtype=np.float64) for x in grads]
    if not all(np.isfinite(x).all() for x in w + g):
        return None
    rng = np.random.default_rng(20261203)
    v = [rng.uniform(-1.0, 1.0, x.shape) for x in w]
    a = float(sum((gi * vi).sum() for gi, vi in zip(g, v)))
    h = FD_STEP * max(1.0, max(float(np.abs(x).max()) for x in w if x.size))
    twin = float64_twin(m)
    xs = float64_inputs(inputs)
    return fd_contradicts(a, differences(
        lambda t: weighted_loss(twin, adapter.run_slots(twin, xs, [x + t * d for x, d in zip(w, v)])),
        h), h)


def optimizer_step(adapter, m, inputs, slots, grads):
    """The outputs after one step of plain gradient descent on every
    trained weight, w - lr * g with lr = STEP_LR / max(1, max |g|): the
    same on every framework whatever its weights' layout, so compared
    among the targets that take it (STEP_PREFIX + NAME)."""
    import numpy as np
    from .names import STEP_PREFIX

    gmax = max([float(np.abs(g).max()) for g in grads if np.size(g)] + [0.0])
    if not np.isfinite(gmax):
        return {}
    lr = STEP_LR / max(1.0, gmax)
    new = [np.asarray(w) - lr * np.asarray(g).astype(np.asarray(w).dtype)
           for w, g in zip(slots, grads)]
    return {STEP_PREFIX + k: v for k, v in adapter.run_slots(m, inputs, new).items()}


REF_PREFIX = "ref64:"


def float64_reference(adapter, m, inputs, outs):
    """The float64 twin's outputs of a model that computes in float32
    (no float16 or bfloat16 layer or input, no float64 one), as
    {REF_PREFIX + NAME: array} for the float outputs in outs (in +grad
    the gradients grad:INPUT and the optimizer step step:NAME too): how far float32 rounding alone moves
    each element (the oracles' tolerance grows with it).  {} for other
    models."""
    import numpy as np

    dts = [n.dtype for n in m.nodes if n.op != "cast"] + [i.dtype for i in m.inputs]
    if any(d in LOW_PRECISION or d == "float64" for d in dts) or "float32" not in dts:
        return {}
    twin = float64_twin(m)
    xs = float64_inputs(inputs)
    sys.stderr.write("%s: the float64 reference of %s\n" % (PROG, m.name))
    sys.stderr.flush()
    if getattr(adapter, "exec_mode", None) == "grad":
        # +grad: the twin's gradients too (ref64:grad:INPUT)
        from . import fill
        from .names import GRAD_PREFIX, STEP_PREFIX
        ref, grads = adapter.run_grad(twin, xs, fill.loss_weights)
        ref.update((GRAD_PREFIX + k, v) for k, v in grads.items())
        if hasattr(adapter, "weight_grads") and any(k.startswith(STEP_PREFIX) for k in outs):
            # and its optimizer step (ref64:step:NAME)
            slots, wgrads = adapter.weight_grads(twin, xs, fill.loss_weights)
            ref.update(optimizer_step(adapter, twin, xs, slots, wgrads))
    else:
        ref = forward(adapter, twin, xs)
    return {REF_PREFIX + k: v for k, v in ref.items()
            if k in outs and np.asarray(v).dtype.kind == "f" and
            np.asarray(v).shape == np.asarray(outs[k]).shape}


def forward(adapter, m, inputs):
    """A plain forward pass, whatever the adapter's execution mode."""
    mode = adapter.exec_mode
    adapter.exec_mode = None
    try:
        return adapter.run(m, inputs)
    finally:
        adapter.exec_mode = mode


def execute(adapter, model, outdir, exec_id=None, file=None, test_sleep=None,
            test_harness_bug=False, reference=None):
    """Run one model (a dict, or a model.Model already validated) and
    write its record under outdir.  Returns (status, record).
    reference "float64": a model computed in float32 gives its outputs'
    float64 twins too (float64_reference()), in the plain mode and +grad
    (its gradients' twins too).  Only
    BaseExceptions that are not Exceptions (KeyboardInterrupt,
    SystemExit) propagate."""
    import numpy as np
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
        fault = os.environ.get("DLTRIAGE_TEST_FAULT")
        if fault in ("segv", "segv-if-capped"):
            # tests only: native code dying of SIGSEGV, always or only
            # under an address-space cap (an allocation that failed)
            import resource
            import signal
            if fault == "segv" or resource.getrlimit(resource.RLIMIT_AS)[0] \
                    != resource.RLIM_INFINITY:
                os.kill(os.getpid(), signal.SIGSEGV)
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
            if os.environ.get("DLTRIAGE_TEST_GRAD_SCALE"):
                # tests only: a gradient made wrong on purpose
                k = float(os.environ["DLTRIAGE_TEST_GRAD_SCALE"])
                grads = {n: g * k for n, g in grads.items()}
            wrong = gradient_check(lambda t, xs: forward(adapter, t, xs), m, inputs, grads)
            if hasattr(adapter, "weight_grads"):
                # a training step: the weights' gradients, checked against
                # finite differences, then one optimizer step
                slots, wgrads = adapter.weight_grads(m, inputs, fill.loss_weights)
                if os.environ.get("DLTRIAGE_TEST_GRAD_SCALE"):
                    k = float(os.environ["DLTRIAGE_TEST_GRAD_SCALE"])
                    wgrads = [g * k for g in wgrads]
                ww = weight_check(adapter, m, inputs, slots, wgrads)
                if ww:
                    wrong[WEIGHTS_KEY] = ww
                rec["training_step"] = {"weights": len(slots),
                                        "elements": int(sum(np.size(x) for x in slots))}
                outs.update(optimizer_step(adapter, m, inputs, slots, wgrads))
            if wrong:
                rec["gradient_check"] = wrong
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
        if reference == "float64" and getattr(adapter, "exec_mode", None) in (None, "grad"):
            t1 = time.time()
            try:
                ref = float64_reference(adapter, m, inputs, outs)
                rec["reference"] = {"dtype": "float64", "outputs": len(ref),
                                    "seconds": round(time.time() - t1, 6)}
                outs.update(ref)
            except Exception as e:
                # the float32 run stands; the oracles go without the twin
                rec["reference"] = {"dtype": "float64", "outputs": 0,
                                    "error": "%s: %s" % (type(e).__name__, e)}
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
