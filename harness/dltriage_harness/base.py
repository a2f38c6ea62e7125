"""The adapter skeleton: walk the IR's DAG in order, fill each node's
parameters from fill.py, and dispatch to the adapter's op_<name> method."""

from . import fill
from .adapters import UnsupportedOp
from .common import OPS, rank_problem
from .model import IRError


class Adapter(object):
    framework = "?"  # the canonical target (names.py), set by run.py
    exec_mode = None  # its execution mode (names.EXEC_MODES), or None

    def __init__(self, random_params=False):
        self.random_params = random_params

    # -- to be provided by each adapter
    def version(self):
        raise NotImplementedError

    def mode_unavailable(self, mode):
        """Why this release cannot run execution mode MODE (a string), or
        None: the target is then said to be unavailable."""
        return None

    def shape(self, x):
        return [int(d) for d in x.shape]

    def dtype_name(self, x):
        raise NotImplementedError

    def cast(self, x, dtype):
        raise NotImplementedError

    @classmethod
    def supported_ops(cls):
        return [op for op in OPS if hasattr(cls, "op_" + op)]

    # -- the walk
    def compute_dtype(self, node, xs):
        if node.dtype:
            return node.dtype
        for x in xs:
            dt = self.dtype_name(x)
            if dt.startswith("float") or dt == "bfloat16":
                return dt
        return "float32"

    def node_inputs(self, node, values):
        xs = [values[i] for i in node.inputs]
        if node.dtype and node.op != "cast":
            xs = [self.cast(x, node.dtype) if self._is_float(x) else x for x in xs]
        return xs

    def _is_float(self, x):
        dt = self.dtype_name(x)
        return dt.startswith("float") or dt == "bfloat16"

    def params(self, model, node, xs):
        return fill.node_params(model, node, [self.shape(x) for x in xs], self.random_params)

    def check_ops(self, model):
        for node in model.nodes:
            if getattr(self, "op_" + node.op, None) is None:
                raise UnsupportedOp(node.op, self.framework)

    def walk(self, model, values):
        """values: {input name: framework tensor}; returns {name: tensor}."""
        for i, node in enumerate(model.nodes):
            fn = getattr(self, "op_" + node.op, None)
            if fn is None:
                raise UnsupportedOp(node.op, self.framework)
            xs = self.node_inputs(node, values)
            why = rank_problem(node.op, [len(self.shape(x)) for x in xs])
            if why is not None:
                raise IRError("node '%s': %s" % (node.name, why), ("nodes", i), model.file)
            self.node = node
            self.dtype = self.compute_dtype(node, xs)
            P = self.params(model, node, xs)
            values[node.name] = fn(node, xs, P)
        return values
