"""Framework-independent, seeded weights and inputs (docs/model-ir.md,
"Weights and inputs"), and the weight mutations GF, WS, NAI, NEB, NS.

Pure numpy.  Every tensor is a function of (seed, node, param) only:

    key   = FNV-1a-64( ascii(seed) "\\0" node "\\0" param )      (UTF-8)
    x_i   = SplitMix64 output i of state key, i.e.
            z = key + (i + 1) * 0x9E3779B97F4A7C15  (mod 2^64)
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) * 0x94D049BB133111EB
            x_i = z ^ (z >> 31)
    u_i   = (x_i >> 11) * 2^-53                       in [0, 1)

in C order of the tensor's canonical shape, computed in float64 and then
cast.  Parameters are produced in the IR's canonical layouts; adapters only
transpose and reorder them.
"""

import math

import numpy as np

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3


def fnv1a64(data):
    h = _FNV_OFFSET
    for b in data:
        h ^= b
        h = (h * _FNV_PRIME) & _MASK
    return h


def key(seed, node, param):
    return fnv1a64(b"%d\0%s\0%s" % (int(seed) & _MASK, node.encode("utf-8"), param.encode("utf-8")))


def uniform01(seed, node, param, count):
    """count values u_i in [0, 1), float64."""
    k = np.uint64(key(seed, node, param))
    i = np.arange(1, count + 1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        z = k + i * np.uint64(_GAMMA)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)).astype(np.float64) * (1.0 / 9007199254740992.0)


def uniform(seed, node, param, shape, lo, hi):
    n = int(np.prod(shape)) if len(shape) else 1
    u = uniform01(seed, node, param, n)
    return (lo + (hi - lo) * u).reshape(shape)


def normal(seed, node, param, shape):
    """Standard normal values (Box-Muller over two streams)."""
    n = int(np.prod(shape)) if len(shape) else 1
    u1 = uniform01(seed, node, param + "/u1", n)
    u2 = uniform01(seed, node, param + "/u2", n)
    return (np.sqrt(-2.0 * np.log1p(-u1)) * np.cos(2.0 * math.pi * u2)).reshape(shape)


def fans(shape):
    """Keras's compute_fans over a canonical shape."""
    if len(shape) < 1:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    receptive = int(np.prod(shape[:-2]))
    return shape[-2] * receptive, shape[-1] * receptive


# kinds of parameters
KERNEL, BIAS, GAMMA, BETA, MEAN, VARIANCE = "kernel", "bias", "gamma", "beta", "mean", "variance"
# convolution and dense kernels: He (fan-in) scaling, so that the signal
# keeps its size through deep ReLU networks instead of fading away
HE_KERNEL = "he_kernel"


def param_value(seed, node, param, shape, kind, random_params=False):
    """The canonical float64 value of one parameter tensor.

    convolution and dense kernels: He uniform [-a, a), a = sqrt(6/fan_in),
    fan_in per group (a depthwise kernel's is kh*kw); other kernels
    (recurrent, attention) and embeddings: Glorot uniform,
    a = sqrt(6/(fan_in+fan_out));
    bias, beta, mean: zeros; gamma, variance: ones.  With random_params
    (harness option --random-params, for layout tests), bias, beta and
    mean are uniform [-0.5, 0.5) and gamma and variance uniform [0.5, 1.5)
    from the same generator.
    """
    shape = [int(s) for s in shape]
    if kind == HE_KERNEL:
        if param == "depthwise_kernel":
            # each output channel sees kh*kw inputs of its own channel
            fi = int(np.prod(shape[:-2])) if len(shape) > 2 else 1
        else:
            fi, _ = fans(shape)
        a = math.sqrt(6.0 / max(fi, 1))
        return uniform(seed, node, param, shape, -a, a)
    if kind == KERNEL:
        fi, fo = fans(shape)
        a = math.sqrt(6.0 / max(fi + fo, 1))
        return uniform(seed, node, param, shape, -a, a)
    if random_params:
        if kind in (BIAS, BETA, MEAN):
            return uniform(seed, node, param, shape, -0.5, 0.5)
        return uniform(seed, node, param, shape, 0.5, 1.5)
    if kind in (BIAS, BETA, MEAN):
        return np.zeros(shape)
    return np.ones(shape)


def input_value(model, inp, default_int_hi=None):
    """The float64 (or int64) value of one model input, canonical layout."""
    shape = inp.shape
    if inp.dtype.startswith("int"):
        if inp.range is not None:
            lo, hi = int(inp.range[0]), int(inp.range[1])
        else:
            lo, hi = 0, default_int_hi or 10
        if inp.fill == "zeros":
            return np.zeros(shape, dtype=np.int64)
        u = uniform(model.seed, inp.name, "input", shape, 0.0, 1.0)
        v = np.floor(lo + (hi - lo) * u).astype(np.int64)
        return np.minimum(v, hi - 1)
    if inp.range is not None:
        lo, hi = float(inp.range[0]), float(inp.range[1])
    else:
        lo, hi = -1.0, 1.0
    if inp.fill_at is not None:
        # one element (row-major, modulo the size) gets the fill's value
        v = uniform(model.seed, inp.name, "input", shape, lo, hi)
        if v.size:
            w = fill_tensor(model, inp, (1,))
            v.reshape(-1)[int(inp.fill_at) % v.size] = w.reshape(-1)[0]
        return v
    if inp.fill == "random":
        return uniform(model.seed, inp.name, "input", shape, lo, hi)
    return fill_tensor(model, inp, shape)


# The magnitudes of the fills "big" (finite, far outside what models see)
# and "denormal" (below the dtype's smallest normal number) per input dtype.
BIG = {"float16": 3.0e4, "bfloat16": 1.0e30, "float32": 1.0e30, "float64": 1.0e30}
DENORMAL = {"float16": 6.0e-5, "bfloat16": 1.1e-38, "float32": 1.1e-38,
            "float64": 2.2e-308}


def fill_tensor(model, inp, shape):
    """The values of a fill other than random, in shape."""
    if inp.fill == "zeros":
        return np.zeros(shape)
    if inp.fill == "negzero":
        # -0.0 survives the adapters' casts to every float dtype
        return np.full(shape, -0.0)
    if inp.fill == "nan":
        return np.full(shape, np.nan)
    if inp.fill == "inf":
        return np.full(shape, np.inf)
    scale = (BIG if inp.fill == "big" else DENORMAL).get(inp.dtype, 1.0)
    u = uniform(model.seed, inp.name, "fill", shape, -1.0, 1.0)
    # never exactly zero: every value keeps the fill's magnitude class
    u = np.where(np.abs(u) < 0.5, np.copysign(0.5, u), u)
    return u * scale


def model_inputs(model):
    """{name: float64/int64 ndarray} for every model input."""
    out = {}
    for inp in model.inputs:
        hi = None
        for c in model.consumers.get(inp.name, []):
            if c.op == "embedding" and c.attrs.get("input_dim"):
                hi = int(c.attrs["input_dim"])
        out[inp.name] = input_value(model, inp, hi)
    return out


# ---------------------------------------------------------------------------
# Weight mutations (DeepMutation's weight-level operators)


class WeightMutationError(ValueError):
    pass


def neuron_view(op, param, arr):
    """arr reshaped so that the last axis indexes output neurons, and a
    function that undoes it."""
    shape = arr.shape
    if op == "conv2d_transpose" and param == "kernel":
        v = np.moveaxis(arr, -2, -1)
        return v, lambda w: np.moveaxis(w, -1, -2)
    flat_last_two = (
        (op in ("depthwise_conv2d", "separable_conv2d") and param == "depthwise_kernel")
        or (op == "multi_head_attention" and param in (
            "query_kernel", "key_kernel", "value_kernel", "query_bias", "key_bias", "value_bias")))
    if flat_last_two and arr.ndim >= 2:
        v = arr.reshape(shape[:-2] + (shape[-2] * shape[-1],))
        return v, lambda w: w.reshape(shape)
    if arr.ndim == 0:
        v = arr.reshape(1)
        return v, lambda w: w.reshape(shape)
    return arr, lambda w: w


def companion_bias(op, param):
    """The bias that follows a kernel's neurons for NAI, NEB and NS."""
    if op == "multi_head_attention" and param.endswith("_kernel"):
        return param[: -len("_kernel")] + "_bias"
    if param in ("kernel", "pointwise_kernel") and op not in ("lstm", "gru", "simple_rnn"):
        return "bias"
    if op in ("depthwise_conv2d",) and param == "depthwise_kernel":
        return "bias"
    return None


def _neurons(wm, count, seed, node, tag):
    ns = wm.get("neurons")
    if ns:
        ns = [int(n) for n in ns]
        for n in ns:
            if n < 0 or n >= count:
                raise WeightMutationError(
                    "node '%s': %s neuron %d out of range [0, %d)" % (node, wm.get("op"), n, count))
        return ns
    frac = float(wm.get("fraction", 1.0))
    u = uniform01(seed, node, tag + "/select", count)
    return [i for i in range(count) if u[i] < frac]


def apply_weight_mutations(model, node, params):
    """params: {name: float64 ndarray}, canonical; mutated in place (copies)."""
    for wm in node.weight_mutations:
        opn = str(wm.get("op", "")).upper()
        pname = wm.get("param", "kernel")
        if pname not in params:
            raise WeightMutationError("node '%s' (%s): %s: no parameter '%s' (has: %s)" % (
                node.name, node.op, opn, pname, ", ".join(sorted(params)) or "none"))
        seed = int(wm.get("seed", model.seed))
        arr = np.array(params[pname], dtype=np.float64)
        tag = "%s/%s" % (opn, pname)
        if opn == "GF":
            scale = float(wm.get("scale", 0.1))
            frac = float(wm.get("fraction", 1.0))
            sd = float(np.std(arr))
            sigma = scale * (sd if sd > 0 else 1.0)
            sel = uniform01(seed, node.name, tag + "/select", arr.size).reshape(arr.shape) < frac
            noise = normal(seed, node.name, tag, arr.shape) * sigma
            params[pname] = np.where(sel, arr + noise, arr)
            continue
        if opn not in ("WS", "NAI", "NEB", "NS"):
            raise WeightMutationError("node '%s': unknown weight mutation '%s'" % (node.name, opn))
        v, undo = neuron_view(node.op, pname, arr)
        count = v.shape[-1]
        bname = companion_bias(node.op, pname)
        bias = None
        if bname and bname in params and bname != pname:
            b = np.array(params[bname], dtype=np.float64)
            bv, bundo = neuron_view(node.op, bname, b)
            if bv.shape[-1] == count:
                bias = (bv, bundo)
        if opn == "WS":
            for n in _neurons(wm, count, seed, node.name, tag):
                col = v[..., n].reshape(-1)
                perm = np.argsort(uniform01(seed, node.name, "%s/%d" % (tag, n), col.size), kind="stable")
                v[..., n] = col[perm].reshape(v[..., n].shape)
        elif opn in ("NAI", "NEB"):
            for n in _neurons(wm, count, seed, node.name, tag):
                if opn == "NAI":
                    v[..., n] = -v[..., n]
                    if bias is not None:
                        bias[0][..., n] = -bias[0][..., n]
                else:
                    v[..., n] = 0.0
                    if bias is not None:
                        bias[0][..., n] = 0.0
        else:  # NS
            ns = wm.get("neurons") or []
            ns = [int(n) for n in ns]
            if len(ns) < 2:
                if count < 2:
                    raise WeightMutationError("node '%s': NS needs two neurons" % node.name)
                u = uniform01(seed, node.name, tag + "/pick", 2)
                a = int(u[0] * count)
                b = (a + 1 + int(u[1] * (count - 1))) % count
                ns = [a, b]
            for n in ns:
                if n < 0 or n >= count:
                    raise WeightMutationError(
                        "node '%s': NS neuron %d out of range [0, %d)" % (node.name, n, count))
            for j in range(0, len(ns) - 1, 2):
                a, b = ns[j], ns[j + 1]
                v[..., [a, b]] = v[..., [b, a]]
                if bias is not None:
                    bias[0][..., [a, b]] = bias[0][..., [b, a]]
        params[pname] = undo(v)
        if bias is not None:
            params[bname] = bias[1](bias[0])
    return params


# ---------------------------------------------------------------------------
# Parameter specs: (name, canonical shape, kind) per op, from the input shapes.


def _spatial(op):
    for s in ("1d", "2d", "3d"):
        if op.endswith(s):
            return int(s[0])
    return 0


def param_specs(node, in_shapes):
    """[(name, shape, kind)] in the order documented in harness/README."""
    op = node.op
    a = node.attrs
    x = in_shapes[0] if in_shapes else None
    use_bias = bool(a.get("bias", True))
    if op in ("conv1d", "conv2d", "conv3d"):
        k = list(a["kernel"])
        g = int(a.get("groups", 1))
        f = int(a["filters"])
        out = [("kernel", k + [x[-1] // g, f], HE_KERNEL)]
        if use_bias:
            out.append(("bias", [f], BIAS))
        return out
    if op == "conv2d_transpose":
        k = list(a["kernel"])
        f = int(a["filters"])
        out = [("kernel", k + [f, x[-1]], HE_KERNEL)]
        if use_bias:
            out.append(("bias", [f], BIAS))
        return out
    if op == "depthwise_conv2d":
        k = list(a["kernel"])
        m = int(a.get("depth_multiplier", 1))
        out = [("depthwise_kernel", k + [x[-1], m], HE_KERNEL)]
        if use_bias:
            out.append(("bias", [x[-1] * m], BIAS))
        return out
    if op == "separable_conv2d":
        k = list(a["kernel"])
        m = int(a.get("depth_multiplier", 1))
        f = int(a["filters"])
        out = [("depthwise_kernel", k + [x[-1], m], HE_KERNEL),
               ("pointwise_kernel", [1, 1, x[-1] * m, f], HE_KERNEL)]
        if use_bias:
            out.append(("bias", [f], BIAS))
        return out
    if op == "dense":
        u = int(a["units"])
        out = [("kernel", [x[-1], u], HE_KERNEL)]
        if use_bias:
            out.append(("bias", [u], BIAS))
        return out
    if op == "batch_norm":
        c = x[-1]
        return [("gamma", [c], GAMMA), ("beta", [c], BETA),
                ("moving_mean", [c], MEAN), ("moving_variance", [c], VARIANCE)]
    if op == "layer_norm":
        c = x[-1]
        return [("gamma", [c], GAMMA), ("beta", [c], BETA)]
    if op == "embedding":
        return [("embeddings", [int(a["input_dim"]), int(a["output_dim"])], KERNEL)]
    if op == "position_embedding":
        return [("embeddings", [x[-2], x[-1]], KERNEL)]
    if op in ("lstm", "gru", "simple_rnn"):
        u = int(a["units"])
        g = {"lstm": 4, "gru": 3, "simple_rnn": 1}[op]
        out = [("kernel", [x[-1], g * u], KERNEL), ("recurrent_kernel", [u, g * u], KERNEL)]
        if op == "gru":
            out.append(("bias", [2, 3 * u], BIAS))
        else:
            out.append(("bias", [g * u], BIAS))
        return out
    if op == "multi_head_attention":
        h = int(a["num_heads"])
        kd = int(a["key_dim"])
        v = in_shapes[1] if len(in_shapes) > 1 else x
        d = x[-1]
        return [("query_kernel", [d, h, kd], KERNEL), ("query_bias", [h, kd], BIAS),
                ("key_kernel", [v[-1], h, kd], KERNEL), ("key_bias", [h, kd], BIAS),
                ("value_kernel", [v[-1], h, kd], KERNEL), ("value_bias", [h, kd], BIAS),
                ("output_kernel", [h, kd, d], KERNEL), ("output_bias", [d], BIAS)]
    return []


def node_params(model, node, in_shapes, random_params=False):
    """{name: float64 canonical ndarray} for a node, weight mutations applied."""
    specs = param_specs(node, [list(s) for s in in_shapes])
    params = {}
    for name, shape, kind in specs:
        params[name] = param_value(model.seed, node.name, name, shape, kind, random_params)
    if node.op == "batch_norm":
        # scale: false / center: false fix gamma at 1 and beta at 0
        if str(node.attrs.get("scale", True)).lower() in ("false", "0"):
            params["gamma"] = np.ones_like(params["gamma"])
        if str(node.attrs.get("center", True)).lower() in ("false", "0"):
            params["beta"] = np.zeros_like(params["beta"])
    if node.weight_mutations:
        apply_weight_mutations(model, node, params)
    return params


def loss_weights(index, shape):
    """The weights of output number index in the +grad mode's loss,
    sum over outputs of sum(output * weights): uniform in [-1, 1) from a
    fixed generator, the same on every framework (a plain sum would give
    a softmax output a gradient of zero)."""
    import numpy as np

    rng = np.random.default_rng(20261201 + index)
    return rng.uniform(-1.0, 1.0, size=tuple(int(d) for d in shape)).astype(np.float32)
