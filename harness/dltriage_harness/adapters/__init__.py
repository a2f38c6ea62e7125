"""Framework adapters: one module per framework (torch, tensorflow, jax,
keras, onnxruntime, mindspore), by the harness target (names.TARGETS)
that each runs."""

# target (the canonical name, names.py): (adapter module, KERAS_BACKEND)
FRAMEWORKS = {
    "pytorch": ("torch", None),
    "tensorflow": ("tensorflow", None),
    "jax": ("jax", None),
    "keras-tensorflow": ("keras", "tensorflow"),
    "keras-jax": ("keras", "jax"),
    "keras-pytorch": ("keras", "torch"),
    "onnxruntime": ("onnxruntime", None),
    "mindspore": ("mindspore", None),
}


class UnsupportedOp(NotImplementedError):
    """An op the adapter does not implement: a harness gap, not a
    framework rejection (exit status 3)."""

    def __init__(self, op, framework):
        NotImplementedError.__init__(self, "unsupported op '%s' on %s" % (op, framework))
        self.op = op
        self.framework = framework


def supported(module):
    """The ops an adapter module implements (its op_<name> definitions),
    read from its source so that listing needs no framework import."""
    import os
    import re
    from ..common import OPS
    path = os.path.join(os.path.dirname(__file__), module + ".py")
    with open(path) as f:
        src = f.read()
    have = set(re.findall(r"^    (?:def op_(\w+)\(|op_(\w+) = )", src, re.M) and
               [a or b for a, b in re.findall(r"^    (?:def op_(\w+)\(|op_(\w+) = )", src, re.M)])
    return [op for op in OPS if op in have]
