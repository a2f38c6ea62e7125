"""Helpers shared by the adapters: attribute normalisation and the
geometry every framework must agree on (padding, bins)."""

# Every op of docs/model-ir.md; each adapter implements all of them.
OPS = (
    "conv1d", "conv2d", "conv3d", "conv2d_transpose", "depthwise_conv2d",
    "separable_conv2d", "dense", "batch_norm", "layer_norm",
    "relu", "relu6", "elu", "selu", "gelu", "sigmoid", "tanh", "softplus",
    "silu", "hard_sigmoid", "leaky_relu", "softmax", "identity",
    "max_pool1d", "max_pool2d", "max_pool3d", "avg_pool1d", "avg_pool2d",
    "avg_pool3d", "global_avg_pool", "global_max_pool", "adaptive_avg_pool2d",
    "dropout", "flatten", "reshape", "transpose", "add", "subtract",
    "multiply", "maximum", "concatenate", "zero_padding", "cropping",
    "upsampling", "embedding", "position_embedding", "lstm", "gru",
    "simple_rnn", "multi_head_attention", "mean", "slice", "channel_shuffle",
    "cast",
)

ACTIVATIONS = ("relu", "relu6", "elu", "selu", "gelu", "sigmoid", "tanh",
               "softplus", "silu", "hard_sigmoid", "leaky_relu", "softmax",
               "identity")


def spatial_of(op):
    for s in ("1d", "2d", "3d"):
        if op.endswith(s):
            return int(s[0])
    if op in ("depthwise_conv2d", "separable_conv2d", "conv2d_transpose"):
        return 2
    return 0


def ints(v, n, default):
    if v is None:
        return [default] * n
    if isinstance(v, (list, tuple)):
        if len(v) == 1 and n > 1:
            return [int(v[0])] * n
        return [int(x) for x in v]
    return [int(v)] * n


def same_pads(sizes, k, s, d):
    """TF's 'same': out = ceil(in / s); the extra pad goes at the end."""
    out = []
    for n, kk, ss, dd in zip(sizes, k, s, d):
        eff = (kk - 1) * dd + 1
        o = -(-n // ss)
        total = max((o - 1) * ss + eff - n, 0)
        out.append((total // 2, total - total // 2))
    return out


def padding_of(node, sizes, k, s, d):
    """('valid'|'same'|'explicit', [(before, after)] per spatial dim)."""
    p = node.attrs.get("padding", "valid")
    n = len(sizes)
    if isinstance(p, str):
        p = p.lower()
        if p == "valid":
            return "valid", [(0, 0)] * n
        if p == "same":
            return "same", same_pads(sizes, k, s, d)
        raise ValueError("node '%s': unknown padding '%s'" % (node.name, p))
    if isinstance(p, int):
        p = [p] * n
    pairs = []
    for x in p:
        if isinstance(x, (list, tuple)):
            pairs.append((int(x[0]), int(x[1])))
        else:
            pairs.append((int(x), int(x)))
    if len(pairs) == 1 and n > 1:
        pairs = pairs * n
    return "explicit", pairs


def conv_geometry(node, x_shape):
    """kernel, strides, dilation, (mode, pads) for a conv/pool node."""
    op = node.op
    n = len(x_shape) - 2
    a = node.attrs
    if op.startswith("max_pool") or op.startswith("avg_pool"):
        k = ints(a.get("pool"), n, 2)
        s = ints(a.get("strides"), n, 0) if a.get("strides") is not None else list(k)
        d = [1] * n
    else:
        k = ints(a.get("kernel"), n, 1)
        s = ints(a.get("strides"), n, 1)
        d = ints(a.get("dilation"), n, 1)
    mode, pads = padding_of(node, list(x_shape[1:-1]), k, s, d)
    return k, s, d, mode, pads


def transpose_geometry(node, x_shape):
    """Transposed convolution: every framework computes Y_full, the stride-s
    transposed convolution of length L = (in - 1) * s + k per spatial dim,
    extended with zeros at the end; the output is Y_full[start : start + out]
    plus the bias, where
        valid:        start = 0, out = L + output_padding
        explicit p:   start = p, out = L - 2p + output_padding  (PyTorch)
        same:         start = max(k - s, 0) // 2, out = in * s + output_padding (TF)
    Returns k, s, op, mode, pads(sym p), [(start, out)]."""
    n = len(x_shape) - 2
    a = node.attrs
    k = ints(a.get("kernel"), n, 1)
    s = ints(a.get("strides"), n, 1)
    opad = ints(a.get("output_padding"), n, 0)
    p = a.get("padding", "valid")
    win = []
    if isinstance(p, str):
        mode = p.lower()
        if mode not in ("valid", "same"):
            raise ValueError("node '%s': unknown padding '%s'" % (node.name, p))
        pads = [0] * n
    else:
        mode = "explicit"
        pads = ints(p, n, 0) if not (isinstance(p, list) and p and isinstance(p[0], list)) \
            else [int(x[0]) for x in p]
    for i in range(n):
        L = (x_shape[1 + i] - 1) * s[i] + k[i]
        if mode == "valid":
            win.append((0, L + opad[i]))
        elif mode == "explicit":
            win.append((pads[i], L - 2 * pads[i] + opad[i]))
        else:
            win.append((max(k[i] - s[i], 0) // 2, x_shape[1 + i] * s[i] + opad[i]))
    return k, s, opad, mode, pads, win


def adaptive_bins(n, o):
    """PyTorch's adaptive pooling bins: [floor(i*n/o), ceil((i+1)*n/o))."""
    return [((i * n) // o, -(-((i + 1) * n) // o)) for i in range(o)]


def norm_axis(axis, rank):
    axis = int(axis)
    if axis < 0:
        axis += rank
    if axis < 0 or axis >= rank:
        raise ValueError("axis %d out of range for rank %d" % (axis, rank))
    return axis


def full_perm(perm):
    return [0] + [int(p) + 1 for p in perm]


def pairs(v, n):
    """[[b, a], ...] per spatial dim (an int or a flat pair broadcasts)."""
    if isinstance(v, int):
        return [(v, v)] * n
    out = []
    for x in v:
        if isinstance(x, (list, tuple)):
            out.append((int(x[0]), int(x[1])))
        else:
            out.append((int(x), int(x)))
    if len(out) == 1 and n > 1:
        out = out * n
    return out


# Every op's inputs ("1", "2", "1-2", "2+") and attributes {name: (type, required)},
# as `dltriage corpus check --ops -v` lists them (src/model-ops.c; tests/t6101 checks
# that they agree).  Types: int, float, bool, dtype, ints (an int or a list of ints),
# padding (valid | same | an int or a list of ints or [before, after] pairs),
# pairs (an int or a list of ints or [before, after] pairs).
OP_SPECS = {
    "adaptive_avg_pool2d": ("1", {"output_size": ("ints", True)}),
    "add": ("2+", {}),
    "avg_pool1d": ("1", {
        "pool": ("ints", True),
        "strides": ("ints", False),
        "padding": ("padding", False),
    }),
    "avg_pool2d": ("1", {
        "pool": ("ints", True),
        "strides": ("ints", False),
        "padding": ("padding", False),
    }),
    "avg_pool3d": ("1", {
        "pool": ("ints", True),
        "strides": ("ints", False),
        "padding": ("padding", False),
    }),
    "batch_norm": ("1", {
        "epsilon": ("float", False),
        "scale": ("bool", False),
        "center": ("bool", False),
    }),
    "cast": ("1", {"dtype": ("dtype", True)}),
    "channel_shuffle": ("1", {"groups": ("int", True)}),
    "concatenate": ("2+", {"axis": ("int", False)}),
    "conv1d": ("1", {
        "filters": ("int", True),
        "kernel": ("ints", True),
        "strides": ("ints", False),
        "padding": ("padding", False),
        "dilation": ("ints", False),
        "groups": ("int", False),
        "bias": ("bool", False),
    }),
    "conv2d": ("1", {
        "filters": ("int", True),
        "kernel": ("ints", True),
        "strides": ("ints", False),
        "padding": ("padding", False),
        "dilation": ("ints", False),
        "groups": ("int", False),
        "bias": ("bool", False),
    }),
    "conv2d_transpose": ("1", {
        "filters": ("int", True),
        "kernel": ("ints", True),
        "strides": ("ints", False),
        "padding": ("padding", False),
        "output_padding": ("ints", False),
        "bias": ("bool", False),
    }),
    "conv3d": ("1", {
        "filters": ("int", True),
        "kernel": ("ints", True),
        "strides": ("ints", False),
        "padding": ("padding", False),
        "dilation": ("ints", False),
        "groups": ("int", False),
        "bias": ("bool", False),
    }),
    "cropping": ("1", {"cropping": ("pairs", True)}),
    "dense": ("1", {"units": ("int", True), "bias": ("bool", False)}),
    "depthwise_conv2d": ("1", {
        "kernel": ("ints", True),
        "strides": ("ints", False),
        "padding": ("padding", False),
        "dilation": ("ints", False),
        "depth_multiplier": ("int", False),
        "bias": ("bool", False),
    }),
    "dropout": ("1", {"rate": ("float", True)}),
    "elu": ("1", {"alpha": ("float", False)}),
    "embedding": ("1", {"input_dim": ("int", True), "output_dim": ("int", True)}),
    "flatten": ("1", {}),
    "gelu": ("1", {"approximate": ("bool", False)}),
    "global_avg_pool": ("1", {"keepdims": ("bool", False)}),
    "global_max_pool": ("1", {"keepdims": ("bool", False)}),
    "gru": ("1", {"units": ("int", True), "return_sequences": ("bool", False)}),
    "hard_sigmoid": ("1", {}),
    "identity": ("1", {}),
    "layer_norm": ("1", {"epsilon": ("float", False)}),
    "leaky_relu": ("1", {"alpha": ("float", False)}),
    "lstm": ("1", {"units": ("int", True), "return_sequences": ("bool", False)}),
    "max_pool1d": ("1", {
        "pool": ("ints", True),
        "strides": ("ints", False),
        "padding": ("padding", False),
    }),
    "max_pool2d": ("1", {
        "pool": ("ints", True),
        "strides": ("ints", False),
        "padding": ("padding", False),
    }),
    "max_pool3d": ("1", {
        "pool": ("ints", True),
        "strides": ("ints", False),
        "padding": ("padding", False),
    }),
    "maximum": ("2+", {}),
    "mean": ("1", {"axes": ("ints", True), "keepdims": ("bool", False)}),
    "multi_head_attention": ("1-2", {"num_heads": ("int", True), "key_dim": ("int", True)}),
    "multiply": ("2+", {}),
    "position_embedding": ("1", {}),
    "relu": ("1", {}),
    "relu6": ("1", {}),
    "reshape": ("1", {"shape": ("ints", True)}),
    "selu": ("1", {}),
    "separable_conv2d": ("1", {
        "filters": ("int", True),
        "kernel": ("ints", True),
        "strides": ("ints", False),
        "padding": ("padding", False),
        "dilation": ("ints", False),
        "depth_multiplier": ("int", False),
        "bias": ("bool", False),
    }),
    "sigmoid": ("1", {}),
    "silu": ("1", {}),
    "simple_rnn": ("1", {"units": ("int", True), "return_sequences": ("bool", False)}),
    "slice": ("1", {"axis": ("int", True), "begin": ("int", True), "size": ("int", True)}),
    "softmax": ("1", {"axis": ("int", False)}),
    "softplus": ("1", {}),
    "subtract": ("2", {}),
    "tanh": ("1", {}),
    "transpose": ("1", {"perm": ("ints", True)}),
    "upsampling": ("1", {"size": ("ints", True)}),
    "zero_padding": ("1", {"padding": ("pairs", True)}),
}


# The ranks each op takes on its inputs, (lowest, highest), as the shape
# inference of src/model-ops.c checks them (need_rank and win_setup); every
# other op takes rank 1 to MAX_RANK.  A tensor of another rank reaching an op
# makes the model illegal by the IR itself: no framework sees it, and each
# adapter may rely on these ranks when it lays tensors out.
MAX_RANK = 8
INPUT_RANKS = {
    "conv1d": (3, 3), "conv2d": (4, 4), "conv3d": (5, 5),
    "conv2d_transpose": (4, 4), "depthwise_conv2d": (4, 4),
    "separable_conv2d": (4, 4),
    "max_pool1d": (3, 3), "max_pool2d": (4, 4), "max_pool3d": (5, 5),
    "avg_pool1d": (3, 3), "avg_pool2d": (4, 4), "avg_pool3d": (5, 5),
    "adaptive_avg_pool2d": (4, 4),
    "global_avg_pool": (3, 5), "global_max_pool": (3, 5),
    "zero_padding": (3, 5), "cropping": (3, 5), "upsampling": (3, 5),
    "dense": (2, MAX_RANK), "batch_norm": (2, MAX_RANK),
    "layer_norm": (2, MAX_RANK), "flatten": (2, MAX_RANK),
    "channel_shuffle": (2, MAX_RANK),
    "embedding": (1, MAX_RANK - 1), "position_embedding": (3, 3),
    "lstm": (3, 3), "gru": (3, 3), "simple_rnn": (3, 3),
    "multi_head_attention": (3, 3),
}


def rank_problem(op, ranks):
    """None, or why inputs of these ranks are illegal for op."""
    lo, hi = INPUT_RANKS.get(op, (1, MAX_RANK))
    for i, r in enumerate(ranks):
        if lo <= r <= hi:
            continue
        which = "" if len(ranks) == 1 else " %d" % i
        if lo == hi:
            want = "rank %d" % lo
        elif hi == MAX_RANK:
            want = "rank %d or more" % lo
        else:
            want = "rank %d to %d" % (lo, hi)
        return "%s needs %s on input%s, got rank %d" % (op, want, which, r)
    return None
