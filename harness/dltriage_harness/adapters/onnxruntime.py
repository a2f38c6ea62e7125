"""ONNX Runtime adapter: the IR built as an ONNX graph with the onnx
package (onnx.helper, the weights as initializers), run by
onnxruntime.InferenceSession on the CPUExecutionProvider alone.

The walk is symbolic: every value is a _V (the ONNX value's name, its
shape and its IR dtype name).  Each ONNX node is emitted with its shape
inferred at once, by onnx.shape_inference on a one-node graph (its inputs
typed, its small integer constants given by value), so that fill.py can
size the next node's weights.  A node that ONNX's inference refuses is
handed to onnxruntime alone, so that the framework's own error is raised.
The graph is then made (opset OPSET), checked by nothing else, and run
once with the graph optimizations at their default level and
intra_op_num_threads from DLTRIAGE_THREADS (run.py).

Values flow in the IR's channels-last layout; around the ops that ONNX
defines channels-first (Conv, ConvTranspose, MaxPool, AveragePool,
BatchNormalization) the adapter inserts Transpose nodes to NC* and back,
as the PyTorch adapter permutes (ONNX Runtime's transpose optimizer may
cancel them).  Padding: 'same' and explicit pads are ONNX's own pads
(begin and end apart, common.same_pads); pools exclude the padding
(MaxPool pads as -inf, AveragePool count_include_pad=0).  Gate orders:
the IR's LSTM i, f, c, o becomes ONNX's i, o, f, c; GRU z, r, h is ONNX's
own, with linear_before_reset=1 (the IR's "reset after"); the second
(recurrent) bias of LSTM and RNN is zero, as in PyTorch.

Every op of common.OPS (all 53) is implemented; none is left out.
multi_head_attention is built from MatMul, Softmax, Reshape and
Transpose (the JAX adapter's computation, Q scaled by 1/sqrt(key_dim));
adaptive_avg_pool2d is one ReduceMean per PyTorch bin; upsampling
(nearest, integer factors) is Unsqueeze, Expand and Reshape;
conv2d_transpose is ONNX's full ConvTranspose cut to
common.transpose_geometry's window, as the PyTorch adapter does.

Dtypes (onnxruntime 1.32's CPU provider; opset OPSET):
- float32: every op.
- float16: every op.  Where the CPU provider has no float16 kernel (most
  ops) ONNX Runtime itself inserts Casts and computes the node in float32
  (its InsertCastTransformer): that is the framework's float16.
- float64: every op but conv1d/2d/3d, conv2d_transpose,
  depthwise_conv2d, separable_conv2d, avg_pool1d/2d/3d, elu, selu, gelu,
  softplus, hard_sigmoid, leaky_relu and simple_rnn (Conv, ConvTranspose,
  AveragePool, Elu, Selu, Gelu, Softplus, HardSigmoid, LeakyRelu and RNN
  have float kernels only), lstm and gru (registered for double, but
  "LSTM operator does not support double yet" when run).
- bfloat16: data movement only (cast, reshape, flatten, transpose,
  concatenate, slice, cropping, zero_padding, channel_shuffle, identity,
  dropout, embedding, layer_norm); ONNX's schemas or the CPU provider
  refuse bfloat16 for the rest.  bfloat16 inputs and outputs cross the
  session's boundary as float32 (a Cast inside the graph), as numpy has
  no bfloat16.
- int32 and int64: inputs (embedding indices) and cast.
A node that ONNX Runtime cannot compute in its dtype (no CPU kernel:
NOT_IMPLEMENTED; a type ONNX's schema of the op refuses; a kernel that
refuses the type when run) raises UnsupportedOp for its IR op and dtype:
a gap of this target (exit status 3), not a rejection of the model.
"""

import os
import re

import numpy as np

from onnx import TensorProto, helper, numpy_helper, shape_inference
import onnxruntime as ort

from ..base import Adapter as _Base
from ..common import adaptive_bins, conv_geometry, full_perm, norm_axis, pairs, transpose_geometry
from . import UnsupportedOp

OPSET = 21
IR_VERSION = 10

_ONNX_TYPE = {
    "float16": TensorProto.FLOAT16, "bfloat16": TensorProto.BFLOAT16,
    "float32": TensorProto.FLOAT, "float64": TensorProto.DOUBLE,
    "int32": TensorProto.INT32, "int64": TensorProto.INT64,
}
_IR_DTYPE = dict((v, k) for k, v in _ONNX_TYPE.items())
_IR_DTYPE[TensorProto.BOOL] = "bool"
# ONNX Runtime's type strings (NodeArg.type): numpy dtypes
_ORT_NP = {"tensor(float)": np.float32, "tensor(double)": np.float64,
           "tensor(float16)": np.float16, "tensor(int32)": np.int32,
           "tensor(int64)": np.int64, "tensor(bool)": np.bool_}


def _np_dtype(name):
    if name == "bfloat16":
        import ml_dtypes
        return np.dtype(ml_dtypes.bfloat16)
    return np.dtype(name)


class _V(object):
    """A symbolic value of the walk: an ONNX value name, shape, dtype."""

    __slots__ = ("name", "shape", "dtype")

    def __init__(self, name, shape, dtype):
        self.name = name
        self.shape = [int(d) for d in shape]
        self.dtype = dtype

    def __repr__(self):
        return "_V(%s, %s, %s)" % (self.name, self.shape, self.dtype)


def _perm_cf(r):
    return [0, r - 1] + list(range(1, r - 1))


def _perm_cl(r):
    return [0] + list(range(2, r)) + [1]


class Adapter(_Base):
    framework = "onnxruntime"

    def version(self):
        return ort.__version__

    def dtype_name(self, x):
        return x.dtype

    def shape(self, x):
        return list(x.shape)

    # -- the graph under construction
    def _reset(self):
        self._nodes = []
        self._inits = []
        self._ints = {}       # name: int64 array (shape inference needs the values)
        self._types = {}      # name: (onnx elem type, shape) of every value
        self._k = 0
        self._owner = {}      # ONNX node name: IR node
        self.dtype_of = {}    # ONNX node name: its IR node's compute dtype
        self.node = None

    def _fresh(self, tag):
        self._k += 1
        base = self.node.name if self.node is not None else "g"
        return "%s/%s_%d" % (base, tag, self._k)

    def _register(self, name, dtype, shape):
        self._types[name] = (_ONNX_TYPE[dtype] if dtype in _ONNX_TYPE else dtype, list(shape))
        return _V(name, shape, dtype)

    def const(self, arr, dtype):
        """An initializer of the given IR dtype."""
        a = np.ascontiguousarray(np.asarray(arr).astype(_np_dtype(dtype)))
        name = self._fresh("w")
        self._inits.append(numpy_helper.from_array(a, name))
        if dtype in ("int64", "int32") and a.size <= 64:
            self._ints[name] = a
        return self._register(name, dtype, a.shape)

    def w(self, arr):
        """A weight, in the node's compute dtype."""
        return self.const(arr, self.dtype)

    def i64(self, vals):
        return self.const(np.asarray(vals, dtype=np.int64), "int64")

    def scalar(self, v, dtype):
        return self.const(np.asarray(v), dtype)

    def emit(self, op_type, inputs, **attrs):
        """One ONNX node with one output; returns its _V (shape inferred)."""
        name = self._fresh(op_type)
        out = name + ":0"
        ins = ["" if v is None else v.name for v in inputs]
        nd = helper.make_node(op_type, ins, [out], name=name, **attrs)
        self._nodes.append(nd)
        if self.node is not None:
            self._owner[name] = self.node
            self.dtype_of[name] = self.dtype
        et, shape = self._infer(nd, [v for v in inputs if v is not None], out)
        return self._register(out, _IR_DTYPE.get(et, et), shape)

    def _local_model(self, nd, inputs, out):
        gin, inits = [], []
        seen = set()
        for v in inputs:
            if v.name in seen:
                continue
            seen.add(v.name)
            if v.name in self._ints:
                inits.append(numpy_helper.from_array(self._ints[v.name], v.name))
            else:
                et, shape = self._types[v.name]
                gin.append(helper.make_tensor_value_info(v.name, et, shape))
        outs = [helper.make_empty_tensor_value_info(out)]
        g = helper.make_graph([nd], "local", gin, outs, initializer=inits)
        return helper.make_model(g, opset_imports=[helper.make_opsetid("", OPSET)],
                                 ir_version=IR_VERSION)

    def _infer(self, nd, inputs, out):
        m = self._local_model(nd, inputs, out)
        try:
            inferred = shape_inference.infer_shapes(m, check_type=True, strict_mode=True,
                                                    data_prop=True)
        except Exception as e:
            # let ONNX Runtime judge the node itself: its error is the
            # framework's; an accepted node leaves the harness's error
            self._judge(m)
            raise RuntimeError("harness: no shape for ONNX %s node %s: %s"
                               % (nd.op_type, nd.name, e))
        for vi in list(inferred.graph.output) + list(inferred.graph.value_info):
            if vi.name == out:
                t = vi.type.tensor_type
                if t.HasField("shape") and all(d.HasField("dim_value") for d in t.shape.dim):
                    shape = [d.dim_value for d in t.shape.dim]
                    if min(shape + [0]) < 0:
                        # a negative size (a kernel larger than its input):
                        # ONNX Runtime says so when it runs the node
                        self._judge(m, run=True)
                        raise RuntimeError("harness: ONNX %s node %s has shape %s"
                                           % (nd.op_type, nd.name, shape))
                    return t.elem_type, shape
        self._judge(m)
        raise RuntimeError("harness: no static shape for ONNX %s node %s" % (nd.op_type, nd.name))

    def _judge(self, m, run=False):
        """ONNX Runtime on the one-node model m alone (run: with zeros)."""
        try:
            sess = self._ort_session(m.SerializeToString())
            if run:
                feed = dict((i.name, np.zeros(i.shape, dtype=_ORT_NP[i.type]))
                            for i in sess.get_inputs())
                sess.run(None, feed)
        except Exception as e:
            self._kernel_gap(e)
            raise

    def _ort_session(self, data):
        so = ort.SessionOptions()
        n = _threads()
        if n:
            so.intra_op_num_threads = n
            so.inter_op_num_threads = n
        so.log_severity_level = 3
        return ort.InferenceSession(data, sess_options=so, providers=["CPUExecutionProvider"])

    # -- the walk's conversions
    def node_inputs(self, node, values):
        self.node, self.dtype = node, node.dtype  # names the casts after their node
        return _Base.node_inputs(self, node, values)

    def cast(self, x, dtype):
        if x.dtype == dtype:
            return x
        return self.emit("Cast", [x], to=_ONNX_TYPE[dtype])

    def transpose(self, x, perm):
        if list(perm) == list(range(len(perm))):
            return x
        return self.emit("Transpose", [x], perm=[int(p) for p in perm])

    def cf(self, x):
        r = len(x.shape)
        return x if r <= 2 else self.transpose(x, _perm_cf(r))

    def cl(self, x):
        r = len(x.shape)
        return x if r <= 2 else self.transpose(x, _perm_cl(r))

    def reshape(self, x, shape):
        return self.emit("Reshape", [x, self.i64(shape)])

    def slice(self, x, starts, ends, axes, steps=None):
        ins = [x, self.i64(starts), self.i64(ends), self.i64(axes)]
        if steps is not None:
            ins.append(self.i64(steps))
        return self.emit("Slice", ins)

    # -- running
    def run(self, model, inputs):
        self._reset()
        values, gin = {}, []
        for inp in model.inputs:
            dt = inp.dtype
            a = np.asarray(inputs[inp.name])
            io = "float32" if dt == "bfloat16" else dt
            v = self._register(inp.name, io, a.shape)
            gin.append(helper.make_tensor_value_info(inp.name, _ONNX_TYPE[io], list(a.shape)))
            values[inp.name] = self.cast(v, dt) if io != dt else v
        self.walk(model, values)
        self.node = None
        gout, names = [], []
        seen = set(i.name for i in model.inputs)
        for o in model.outputs:
            y = values[o]
            if y.dtype == "bfloat16":
                y = self.cast(y, "float32")
            if y.name in seen:
                y = self.emit("Identity", [y])
            seen.add(y.name)
            et, shape = self._types[y.name]
            gout.append(helper.make_tensor_value_info(y.name, et, shape))
            names.append(y.name)
        g = helper.make_graph(self._nodes, model.name or "dltriage", gin, gout,
                              initializer=self._inits)
        m = helper.make_model(g, opset_imports=[helper.make_opsetid("", OPSET)],
                              ir_version=IR_VERSION, producer_name="dltriage")
        data = m.SerializeToString()
        del m, g
        self._inits = []
        try:
            sess = self._ort_session(data)
        except Exception as e:
            self._kernel_gap(e)
            raise
        del data
        feed = {}
        for inp in model.inputs:
            a = np.asarray(inputs[inp.name])
            io = "float32" if inp.dtype == "bfloat16" else inp.dtype
            feed[inp.name] = np.ascontiguousarray(a.astype(_np_dtype(io)))
        try:
            ys = sess.run(names, feed)
        except Exception as e:
            self._kernel_gap(e)
            raise
        return dict((o, np.asarray(y)) for o, y in zip(model.outputs, ys))

    def _kernel_gap(self, e):
        """A session refused because ONNX Runtime cannot compute a node in
        its float type: its CPU provider has no kernel for it
        (NOT_IMPLEMENTED), ONNX's schema of the op does not allow the type
        (a Type Error, bfloat16 for Conv), or the kernel refuses it when
        run ("LSTM operator does not support double yet").  UnsupportedOp for the IR
        node that made it: a gap of the target, not a rejection."""
        msg = str(e)
        hit = re.search(r"Could not find an implementation for (\w+)\(\d+\) node with "
                        r"name '([^']*)'", msg)
        if hit is None:
            hit = re.search(r"Type Error: Type 'tensor\((?:bfloat16|float16|double)\)' of "
                            r"\w+ parameter \([^)]*\) of operator \((\w+)\) in node "
                            r"\(([^)]*)\) is invalid", msg)
        if hit is None:
            # registered, but refused when run (LSTM and GRU in double)
            hit = re.search(r"running (\w+) node\. Name:'([^']*)' Status Message: \w+ operator "
                            r"does not support \w+ yet", msg)
        if hit is None:
            return
        onnx_op, name = hit.group(1), hit.group(2)
        node = self._owner.get(name)
        if node is None:
            # a node ONNX Runtime's optimizer made: named after ours
            for k, n in self._owner.items():
                if name.startswith(n.name + "/"):
                    node = n
        op = node.op if node is not None else "?"
        u = UnsupportedOp(op, self.framework)
        u.args = ("unsupported op '%s' on %s: ONNX Runtime's CPU provider cannot run ONNX "
                  "%s in %s (node '%s')" % (op, self.framework, onnx_op,
                                            self.dtype_of.get(name, "this dtype"),
                                            node.name if node is not None else name),)
        raise u

    # -- convolution
    def _conv(self, node, x, K, bias, groups):
        n = len(x.shape) - 2
        k, s, d, mode, pads = conv_geometry(node, self.shape(x))
        W = self.w(np.transpose(K, [n + 1, n] + list(range(n))))
        ins = [self.cf(x), W] + ([self.w(bias)] if bias is not None else [])
        y = self.emit("Conv", ins, kernel_shape=k, strides=s, dilations=d, group=int(groups),
                      pads=[b for b, _ in pads] + [a for _, a in pads])
        return self.cl(y)

    def op_conv1d(self, node, xs, P):
        return self._conv(node, xs[0], P["kernel"], P.get("bias"), int(node.attrs.get("groups", 1)))

    op_conv2d = op_conv1d
    op_conv3d = op_conv1d

    def op_depthwise_conv2d(self, node, xs, P):
        K = P["depthwise_kernel"]  # [kh, kw, in, m]
        kh, kw, c, m = K.shape
        return self._conv(node, xs[0], K.reshape(kh, kw, 1, c * m), P.get("bias"), c)

    def op_separable_conv2d(self, node, xs, P):
        K = P["depthwise_kernel"]
        kh, kw, c, m = K.shape
        y = self._conv(node, xs[0], K.reshape(kh, kw, 1, c * m), None, c)
        pw = P["pointwise_kernel"]  # [1, 1, in*m, f]
        ins = [self.cf(y), self.w(np.transpose(pw, [3, 2, 0, 1]))]
        if "bias" in P:
            ins.append(self.w(P["bias"]))
        return self.cl(self.emit("Conv", ins, kernel_shape=[1, 1], strides=[1, 1],
                                 pads=[0, 0, 0, 0]))

    def op_conv2d_transpose(self, node, xs, P):
        x = xs[0]
        k, s, opad, mode, pads, win = transpose_geometry(node, self.shape(x))
        K = P["kernel"]  # [kh, kw, f, in]
        W = self.w(np.transpose(K, [3, 2, 0, 1]))  # [in, f, kh, kw]
        # the full transposed convolution, (in - 1) * s + k per dim, then
        # the window of transpose_geometry (zeros past the end), then bias
        y = self.emit("ConvTranspose", [self.cf(x), W], kernel_shape=k, strides=s,
                      pads=[0, 0, 0, 0])
        extra = [max(start + out - y.shape[2 + i], 0) for i, (start, out) in enumerate(win)]
        if any(extra):
            y = self.emit("Pad", [y, self.i64([0, 0, 0, 0, 0, 0] + extra)])
        y = self.slice(y, [st for st, _ in win], [st + o for st, o in win], [2, 3])
        y = self.cl(y)
        if "bias" in P:
            y = self.emit("Add", [y, self.w(P["bias"])])
        return y

    # -- dense, norms
    def op_dense(self, node, xs, P):
        y = self.emit("MatMul", [xs[0], self.w(P["kernel"])])
        if "bias" in P:
            y = self.emit("Add", [y, self.w(P["bias"])])
        return y

    def op_batch_norm(self, node, xs, P):
        y = self.emit("BatchNormalization",
                      [self.cf(xs[0]), self.w(P["gamma"]), self.w(P["beta"]),
                       self.w(P["moving_mean"]), self.w(P["moving_variance"])],
                      epsilon=float(node.attrs.get("epsilon", 0.001)))
        return self.cl(y)

    def op_layer_norm(self, node, xs, P):
        return self.emit("LayerNormalization", [xs[0], self.w(P["gamma"]), self.w(P["beta"])],
                         axis=-1, epsilon=float(node.attrs.get("epsilon", 0.001)))

    # -- activations
    def op_relu(self, node, xs, P):
        return self.emit("Relu", xs)

    def op_relu6(self, node, xs, P):
        x = xs[0]
        return self.emit("Clip", [x, self.scalar(0.0, x.dtype), self.scalar(6.0, x.dtype)])

    def op_elu(self, node, xs, P):
        return self.emit("Elu", xs, alpha=float(node.attrs.get("alpha", 1.0)))

    def op_selu(self, node, xs, P):
        return self.emit("Selu", xs)

    def op_gelu(self, node, xs, P):
        return self.emit("Gelu", xs, approximate="tanh" if node.attrs.get("approximate", False)
                         else "none")

    def op_sigmoid(self, node, xs, P):
        return self.emit("Sigmoid", xs)

    def op_tanh(self, node, xs, P):
        return self.emit("Tanh", xs)

    def op_softplus(self, node, xs, P):
        return self.emit("Softplus", xs)

    def op_silu(self, node, xs, P):
        return self.emit("Mul", [xs[0], self.emit("Sigmoid", xs)])

    def op_hard_sigmoid(self, node, xs, P):
        # relu6(x + 3) / 6 = max(0, min(1, x / 6 + 1/2))
        return self.emit("HardSigmoid", xs, alpha=1.0 / 6.0, beta=0.5)

    def op_leaky_relu(self, node, xs, P):
        return self.emit("LeakyRelu", xs, alpha=float(node.attrs.get("alpha", 0.01)))

    def op_softmax(self, node, xs, P):
        return self.emit("Softmax", xs, axis=int(node.attrs.get("axis", -1)))

    def op_identity(self, node, xs, P):
        return self.emit("Identity", xs)

    def op_dropout(self, node, xs, P):
        return self.emit("Identity", xs)  # inference

    # -- pooling
    def _pool(self, node, xs, kind):
        x = xs[0]
        k, s, _, mode, pads = conv_geometry(node, self.shape(x))
        p = [b for b, _ in pads] + [a for _, a in pads]
        if kind == "max":
            y = self.emit("MaxPool", [self.cf(x)], kernel_shape=k, strides=s, pads=p)
        else:
            y = self.emit("AveragePool", [self.cf(x)], kernel_shape=k, strides=s, pads=p,
                          count_include_pad=0)
        return self.cl(y)

    def op_max_pool1d(self, node, xs, P):
        return self._pool(node, xs, "max")

    op_max_pool2d = op_max_pool1d
    op_max_pool3d = op_max_pool1d

    def op_avg_pool1d(self, node, xs, P):
        return self._pool(node, xs, "avg")

    op_avg_pool2d = op_avg_pool1d
    op_avg_pool3d = op_avg_pool1d

    def _reduce(self, op_type, x, axes, keepdims):
        return self.emit(op_type, [x, self.i64(axes)], keepdims=1 if keepdims else 0)

    def op_global_avg_pool(self, node, xs, P):
        x = xs[0]
        return self._reduce("ReduceMean", x, list(range(1, len(x.shape) - 1)),
                            bool(node.attrs.get("keepdims", False)))

    def op_global_max_pool(self, node, xs, P):
        x = xs[0]
        return self._reduce("ReduceMax", x, list(range(1, len(x.shape) - 1)),
                            bool(node.attrs.get("keepdims", False)))

    def op_adaptive_avg_pool2d(self, node, xs, P):
        # PyTorch's bins, each the mean of its window (as the JAX adapter)
        x = xs[0]
        oh, ow = [int(v) for v in node.attrs["output_size"]]
        h, w = x.shape[1:3]
        rows = []
        for (r0, r1) in adaptive_bins(h, oh):
            cells = [self._reduce("ReduceMean", self.slice(x, [r0, c0], [r1, c1], [1, 2]),
                                  [1, 2], True)
                     for (c0, c1) in adaptive_bins(w, ow)]
            rows.append(cells[0] if len(cells) == 1 else self.emit("Concat", cells, axis=2))
        return rows[0] if len(rows) == 1 else self.emit("Concat", rows, axis=1)

    # -- shape ops
    def op_flatten(self, node, xs, P):
        return self.emit("Flatten", xs, axis=1)

    def op_reshape(self, node, xs, P):
        x = xs[0]
        return self.reshape(x, [x.shape[0]] + [int(v) for v in node.attrs["shape"]])

    def op_transpose(self, node, xs, P):
        return self.emit("Transpose", xs, perm=full_perm(node.attrs["perm"]))

    def _fold(self, op_type, xs):
        y = xs[0]
        for x in xs[1:]:
            y = self.emit(op_type, [y, x])
        return y

    def op_add(self, node, xs, P):
        return self._fold("Add", xs)

    def op_subtract(self, node, xs, P):
        return self._fold("Sub", xs)

    def op_multiply(self, node, xs, P):
        return self._fold("Mul", xs)

    def op_maximum(self, node, xs, P):
        return self._fold("Max", xs)

    def op_concatenate(self, node, xs, P):
        return self.emit("Concat", xs, axis=int(node.attrs.get("axis", -1)))

    def op_zero_padding(self, node, xs, P):
        x = xs[0]
        p = pairs(node.attrs["padding"], len(x.shape) - 2)
        pads = [0] + [b for b, _ in p] + [0] + [0] + [a for _, a in p] + [0]
        return self.emit("Pad", [x, self.i64(pads)], mode="constant")

    def op_cropping(self, node, xs, P):
        x = xs[0]
        n = len(x.shape) - 2
        p = pairs(node.attrs["cropping"], n)
        return self.slice(x, [b for b, _ in p], [size - a for (_, a), size in zip(p, x.shape[1:-1])],
                          list(range(1, n + 1)))

    def op_upsampling(self, node, xs, P):
        # nearest, integer factors: each element repeated (Unsqueeze,
        # Expand, Reshape per spatial dim), exact in every dtype
        x = xs[0]
        n = len(x.shape) - 2
        size = node.attrs["size"]
        size = [int(v) for v in (size if isinstance(size, list) else [size] * n)]
        if len(size) == 1 and n > 1:
            size = size * n
        for i, r in enumerate(size):
            if r == 1:
                continue
            ax = 1 + i
            shp = list(x.shape)
            y = self.emit("Unsqueeze", [x, self.i64([ax + 1])])
            y = self.emit("Expand", [y, self.i64(shp[:ax + 1] + [r] + shp[ax + 1:])])
            x = self.reshape(y, shp[:ax] + [shp[ax] * r] + shp[ax + 1:])
        return x if x is not xs[0] else self.emit("Identity", [x])

    def op_channel_shuffle(self, node, xs, P):
        x = xs[0]
        g = int(node.attrs["groups"])
        shp = list(x.shape)
        r = len(shp)
        y = self.reshape(x, shp[:-1] + [g, shp[-1] // g])
        y = self.transpose(y, list(range(r - 1)) + [r, r - 1])
        return self.reshape(y, shp)

    def op_mean(self, node, xs, P):
        x = xs[0]
        return self._reduce("ReduceMean", x, [norm_axis(a, len(x.shape)) for a in node.attrs["axes"]],
                            bool(node.attrs.get("keepdims", False)))

    def op_slice(self, node, xs, P):
        x = xs[0]
        axis = norm_axis(node.attrs["axis"], len(x.shape))
        begin = int(node.attrs["begin"])
        size = int(node.attrs["size"])
        if size < 0:
            size = x.shape[axis] - begin
        return self.slice(x, [begin], [begin + size], [axis])

    def op_cast(self, node, xs, P):
        return self.emit("Cast", xs, to=_ONNX_TYPE[node.attrs["dtype"]])

    # -- embeddings
    def op_embedding(self, node, xs, P):
        return self.emit("Gather", [self.w(P["embeddings"]), xs[0]], axis=0)

    def op_position_embedding(self, node, xs, P):
        return self.emit("Add", [xs[0], self.w(P["embeddings"])])

    # -- recurrent: ONNX's LSTM, GRU and RNN, time-major (layout 0)
    def _recurrent(self, node, op_type, x, W, R, B, u, **attrs):
        xt = self.transpose(x, [1, 0, 2])  # [T, N, F]
        seq = node.attrs.get("return_sequences", False)
        nd_name = self._fresh(op_type)
        y, yh = nd_name + ":Y", nd_name + ":Y_h"
        nd = helper.make_node(op_type, [xt.name, W.name, R.name, B.name],
                              [y, yh] if seq else ["", yh], name=nd_name,
                              hidden_size=int(u), **attrs)
        self._nodes.append(nd)
        self._owner[nd_name] = self.node
        self.dtype_of[nd_name] = self.dtype
        N, T = x.shape[0], x.shape[1]
        if seq:
            # Y [T, 1, N, u] -> [N, T, u]
            Y = self._register(y, x.dtype, [T, 1, N, u])
            self._register(yh, x.dtype, [1, N, u])
            Y = self.emit("Squeeze", [Y, self.i64([1])])
            return self.transpose(Y, [1, 0, 2])
        Yh = self._register(yh, x.dtype, [1, N, u])
        return self.emit("Squeeze", [Yh, self.i64([0])])

    def op_lstm(self, node, xs, P):
        x = xs[0]
        u = int(node.attrs["units"])

        def iofc(m):  # IR gates i, f, c, o -> ONNX i, o, f, c
            i, f, c, o = np.split(m, 4, axis=-1)
            return np.concatenate([i, o, f, c], axis=-1)
        W = self.w(iofc(P["kernel"]).T[None])
        R = self.w(iofc(P["recurrent_kernel"]).T[None])
        B = self.w(np.concatenate([iofc(P["bias"]), np.zeros(4 * u)])[None])
        return self._recurrent(node, "LSTM", x, W, R, B, u)

    def op_gru(self, node, xs, P):
        x = xs[0]
        u = int(node.attrs["units"])
        b = P["bias"]  # [2, 3u]: input and recurrent bias, gates z, r, h as ONNX's
        W = self.w(P["kernel"].T[None])
        R = self.w(P["recurrent_kernel"].T[None])
        B = self.w(np.concatenate([b[0], b[1]])[None])
        return self._recurrent(node, "GRU", x, W, R, B, u, linear_before_reset=1)

    def op_simple_rnn(self, node, xs, P):
        x = xs[0]
        u = int(node.attrs["units"])
        W = self.w(P["kernel"].T[None])
        R = self.w(P["recurrent_kernel"].T[None])
        B = self.w(np.concatenate([P["bias"], np.zeros(u)])[None])
        return self._recurrent(node, "RNN", x, W, R, B, u, activations=["Tanh"])

    def op_multi_head_attention(self, node, xs, P):
        q = xs[0]
        v = xs[1] if len(xs) > 1 else xs[0]
        h = int(node.attrs["num_heads"])
        kd = int(node.attrs["key_dim"])
        N, Tq, d = q.shape
        Tv, dv = v.shape[1], v.shape[2]

        def project(x, T, din, kernel, bias):
            y = self.emit("MatMul", [x, self.w(P[kernel].reshape(din, h * kd))])
            y = self.emit("Add", [y, self.w(P[bias].reshape(h * kd))])
            return self.transpose(self.reshape(y, [N, T, h, kd]), [0, 2, 1, 3])  # [N, h, T, kd]

        Q = project(q, Tq, d, "query_kernel", "query_bias")
        K = project(v, Tv, dv, "key_kernel", "key_bias")
        V = project(v, Tv, dv, "value_kernel", "value_bias")
        Q = self.emit("Mul", [Q, self.scalar(1.0 / np.sqrt(kd), Q.dtype)])
        S = self.emit("MatMul", [Q, self.transpose(K, [0, 1, 3, 2])])  # [N, h, Tq, Tv]
        A = self.emit("Softmax", [S], axis=-1)
        O = self.emit("MatMul", [A, V])  # [N, h, Tq, kd]
        O = self.reshape(self.transpose(O, [0, 2, 1, 3]), [N, Tq, h * kd])
        y = self.emit("MatMul", [O, self.w(P["output_kernel"].reshape(h * kd, d))])
        return self.emit("Add", [y, self.w(P["output_bias"])])


def _threads():
    """DLTRIAGE_THREADS (run.py): the session's intra-op threads, or None
    (ONNX Runtime's default)."""
    try:
        n = int(os.environ.get("DLTRIAGE_THREADS", ""))
    except ValueError:
        return None
    return n if n > 0 else None
