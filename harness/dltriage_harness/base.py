"""The adapter skeleton: walk the IR's DAG in order, fill each node's
parameters from fill.py, and dispatch to the adapter's op_<name> method."""

from . import fill
from .adapters import UnsupportedOp
from .common import OPS, rank_problem
from .model import IRError


# Weights that are state, not trained (an optimizer step leaves them).
NOT_TRAINED = ("moving_mean", "moving_variance")


class Adapter(object):
    framework = "?"  # the canonical target (names.py), set by run.py
    exec_mode = None  # its execution mode (names.EXEC_MODES), or None
    # The trained weights as slots, in the order the walk makes them (the
    # adapter's own layout): a list while weight_grads() records them;
    # numpy arrays while run_slots() puts them back in that order.
    _rec = None
    _play = None
    _play_i = 0

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

    def next_slot(self, shape):
        """The next weight run_slots() was given, checked against the
        shape the walk expects there."""
        import numpy as np
        if self._play_i >= len(self._play):
            raise RuntimeError("harness: the walk asks for more weights than it made")
        a = np.asarray(self._play[self._play_i])
        if list(a.shape) != [int(d) for d in shape]:
            raise RuntimeError("harness: weight %d has shape %s, the walk expects %s"
                               % (self._play_i, list(a.shape), list(shape)))
        self._play_i += 1
        return a

    def run_slots(self, model, inputs, slots):
        """A forward pass (plain mode) with the trained weights replaced by
        slots, in weight_grads()' order and shapes."""
        mode, self.exec_mode = self.exec_mode, None
        self._play, self._play_i = list(slots), 0
        try:
            out = self.run(model, inputs)
            if self._play_i != len(self._play):
                raise RuntimeError("harness: the walk used %d of %d weights"
                                   % (self._play_i, len(self._play)))
            return out
        finally:
            self._play, self._play_i = None, 0
            self.exec_mode = mode

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
