"""MindSpore adapter: mindspore.ops functional forms and primitives, run
op by op in PyNative mode on the CPU (mindspore.set_context(mode=
PYNATIVE_MODE), the CPU device), with the weights fill.py gives: nothing
is trained, each op is built from the IR's weights.  Kernels are launched
synchronously (mindspore.runtime.launch_blocking) so that an error is
raised by the node that made it.  DLTRIAGE_THREADS (run.py) sets the CPU
kernels' threads (mindspore.device_context.cpu.op_tuning.threads_num).

Values flow between nodes in the IR's channels-last layout; around the
ops that MindSpore computes channels-first (Conv1D/2D/3D, Conv2DTranspose,
MaxPool, AvgPool, MaxPool3D, AvgPool3D, BatchNorm, AdaptiveAvgPool2D) the
adapter transposes to NC* and back, as the PyTorch adapter permutes.
Geometry follows common.py, as the PyTorch and JAX adapters do:
convolutions take 'same' as MindSpore's own pad_mode="same" (TF's: the
extra pad at the end), symmetric explicit pads as pad_mode="pad", and
asymmetric ones as ops.pad before a "valid" convolution; pools pad
explicitly (max pools with -inf, average pools exclude the padding: the
pooled sum over the pooled count of ones), 'same' included; 1-d
convolutions are ops.conv1d, 1-d pools MindSpore's 2-d pools over a
height of 1.  conv2d_transpose is the full transposed convolution
(Conv2DTranspose, "valid") cut to common.transpose_geometry's window, as
the PyTorch adapter does.  batch_norm is ops.batch_norm (inference: the
moving statistics) on NCHW, rank 2, 3 and 5 folded into 4 dims.
Recurrent layers are composed from matmuls in a loop over time, with the
IR's gate orders and weight layouts (the JAX adapter's computation):
LSTM i, f, c, o; GRU z, r, h with the reset gate applied after the
recurrent matmul (its second bias row); simple_rnn tanh.
multi_head_attention is matmuls, softmax, reshapes and transposes (Q
scaled by 1/sqrt(key_dim)).  elu with alpha 1 is ops.elu; MindSpore's
Elu kernel takes alpha 1 only ("In Elu, alpha must be 1.0f"), so another
alpha is where(x > 0, x, alpha * expm1(x)).  upsampling (nearest,
integer factors) repeats elements (ops.repeat_interleave); channel_shuffle
is a reshape and a transpose; dropout is ops.dropout(training=False).

Every op of common.OPS (all 53) is implemented; none is left out.

Dtypes (MindSpore 2.10's CPU kernels, bench/profile-probes.py):
- float32: every op.
- float16: every op.
- float64: every op but conv1d/2d/3d, conv2d_transpose,
  depthwise_conv2d and separable_conv2d (Conv2D, Conv3D and
  Conv2DTranspose take float16 and float32 only), batch_norm (BatchNorm:
  float16 and float32) and relu6 (ReLU6: float16 and float32).
- bfloat16: data movement and two elementwise ops only (reshape,
  flatten, transpose, concatenate, slice, cropping, channel_shuffle,
  cast, identity, dropout, add, multiply, position_embedding); the CPU
  kernels of the rest have no bfloat16 (Sub, Maximum, MatMul, ReLU,
  PadV3, Gather, ReduceMean... included).  bfloat16 outputs come back as
  float32 (numpy has no bfloat16).
- int32 and int64: inputs (embedding indices) and cast.
A node that MindSpore's CPU kernels cannot compute in its dtype ("Select
CPU operator[X] fail! Unsupported data type!", or a primitive's type
check that allows float32 but not the node's float16, bfloat16 or
float64) raises UnsupportedOp for its IR op and dtype: a gap of this
target (exit status 3), not a rejection of the model.

Speed: MindSpore 2.10's CPU convolution kernels are slow here (some 0.1
to 0.3 GFLOP/s on one thread, against some 30 GFLOP/s for its MatMul and
tens of times PyTorch's convolution time): U-Net (572x572) takes about
8 minutes on one thread, VGG-16 and VGG-19 over one minute each.
"""

import functools
import math
import os
import re

import numpy as np

import mindspore as ms
from mindspore import Tensor, ops

from ..base import Adapter as _Base
from ..common import conv_geometry, full_perm, norm_axis, pairs, transpose_geometry
from . import UnsupportedOp

_MS_DTYPE = {"float16": ms.float16, "bfloat16": ms.bfloat16, "float32": ms.float32,
             "float64": ms.float64, "int32": ms.int32, "int64": ms.int64, "bool": ms.bool_,
             "int8": ms.int8, "int16": ms.int16, "uint8": ms.uint8}
_IR_DTYPE = dict((str(v), k) for k, v in _MS_DTYPE.items())
# the names MindSpore's messages give the float types
_MSG_NAME = {"float16": "Float16", "bfloat16": "BFloat16", "float64": "Float64"}


def _threads():
    """DLTRIAGE_THREADS (run.py), or None (MindSpore's default)."""
    try:
        n = int(os.environ.get("DLTRIAGE_THREADS", ""))
    except ValueError:
        return None
    return n if n > 0 else None


def _setup():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    if hasattr(ms, "set_device"):
        ms.set_device("CPU")
    else:
        ms.set_context(device_target="CPU")
    n = _threads()
    if n:
        try:
            ms.device_context.cpu.op_tuning.threads_num(n)
        except (AttributeError, RuntimeError, TypeError, ValueError):
            pass
    try:
        ms.runtime.launch_blocking()
    except (AttributeError, RuntimeError):
        pass


_setup()


def _perm_cf(r):
    return (0, r - 1) + tuple(range(1, r - 1))


def _perm_cl(r):
    return (0,) + tuple(range(2, r)) + (1,)


def _cf(x):
    r = x.ndim
    return x if r <= 2 else ops.transpose(x, _perm_cf(r))


def _cl(x):
    r = x.ndim
    return x if r <= 2 else ops.transpose(x, _perm_cl(r))


def _pad_list(pads):
    """ops.pad's list for the trailing dims, last dim first."""
    out = []
    for b, a in reversed(pads):
        out += [int(b), int(a)]
    return tuple(out)


class Adapter(_Base):
    framework = "mindspore"

    def version(self):
        return ms.__version__

    def shape(self, x):
        return [int(d) for d in x.shape]

    def dtype_name(self, x):
        return _IR_DTYPE.get(str(x.dtype), str(x.dtype).lower())

    def cast(self, x, dtype):
        if self.dtype_name(x) == dtype:
            return x
        return ops.cast(x, _MS_DTYPE[dtype])

    def tensor(self, a, dtype):
        a = np.ascontiguousarray(np.asarray(a))
        if dtype == "bfloat16":
            return Tensor(a.astype(np.float32)).astype(ms.bfloat16)
        return Tensor(a.astype(np.dtype(dtype)))

    def t(self, a):
        """A weight, in the node's compute dtype."""
        return self.tensor(a, self.dtype)

    def scalar_like(self, v, x):
        return self.tensor(np.asarray(v), self.dtype_name(x))

    # -- running
    def run(self, model, inputs):
        values = {}
        for inp in model.inputs:
            values[inp.name] = self.tensor(inputs[inp.name], inp.dtype)
        self.node = None
        try:
            self.walk(model, values)
        except (TypeError, RuntimeError, ValueError) as e:
            self._kernel_gap(e)
            raise
        out = {}
        for o in model.outputs:
            y = values[o]
            if y.dtype == ms.bfloat16:
                y = ops.cast(y, ms.float32)
            out[o] = np.asarray(y.asnumpy())
        return out

    def _kernel_gap(self, e):
        """MindSpore's CPU kernels cannot compute the node in its float
        type: no kernel of that type ("Select CPU operator[X] fail!
        Unsupported data type!", with float32 among the supported types)
        or a primitive's type check that allows float32 and not the
        node's float16, bfloat16 or float64.  UnsupportedOp for the IR
        node: a gap of the target, not a rejection.  A float32 node is
        never a gap (what its kernels refuse is the model's doing)."""
        node = getattr(self, "node", None)
        dt = getattr(self, "dtype", None)
        if node is None or dt not in _MSG_NAME:
            return
        name = _MSG_NAME[dt]
        msg = str(e)
        prim = None
        # the got types as "input[BFloat16 BFloat16 ]" or, from PyNative's
        # pyboost kernels, "input[[const vector]{BFloat16, BFloat16, Bool}]"
        hit = re.search(r"Select CPU operator\[(\w+)\] fail! Unsupported data type!"
                        r"\s*The supported data types are (.*?),\s*but get input(.*?)"
                        r"(?:output|$)", msg, re.S)
        if hit and "Float32" in hit.group(2) and re.search(r"\b%s\b" % name, hit.group(3)):
            prim = hit.group(1)
        if prim is None:
            hit = re.search(r"For primitive\[(\w+)\], the input argument\[\w+\] must be a type "
                            r"of \{([^}]*)\}, but got Tensor\[(\w+)\]", msg)
            if hit and "Tensor[Float32]" in hit.group(2) and hit.group(3) == name:
                prim = hit.group(1)
        if prim is None:
            return
        u = UnsupportedOp(node.op, self.framework)
        u.args = ("unsupported op '%s' on %s: MindSpore's CPU kernels cannot run %s in %s "
                  "(node '%s')" % (node.op, self.framework, prim, dt, node.name),)
        raise u

    # -- convolution
    def _conv(self, node, x, K, bias, groups):
        n = x.ndim - 2
        k, s, d, mode, pads = conv_geometry(node, self.shape(x))
        W = self.t(np.transpose(K, [n + 1, n] + list(range(n))))
        y = _cf(x)
        fn = (ops.conv1d, ops.conv2d, ops.conv3d)[n - 1]
        kw = dict(stride=tuple(s) if n > 1 else s[0], dilation=tuple(d) if n > 1 else d[0],
                  groups=int(groups))
        if mode == "same":
            y = fn(y, W, pad_mode="same", **kw)
        elif all(b == a for b, a in pads):
            p = [b for b, _ in pads]
            if any(p):
                y = fn(y, W, pad_mode="pad", padding=tuple(p) if n > 1 else p[0], **kw)
            else:
                y = fn(y, W, pad_mode="valid", **kw)
        else:
            y = ops.pad(y, _pad_list(pads))
            y = fn(y, W, pad_mode="valid", **kw)
        y = _cl(y)
        if bias is not None:
            y = y + self.t(bias)
        return y

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
        y = _cl(ops.conv2d(_cf(y), self.t(np.transpose(pw, [3, 2, 0, 1])), pad_mode="valid"))
        if "bias" in P:
            y = y + self.t(P["bias"])
        return y

    def op_conv2d_transpose(self, node, xs, P):
        x = xs[0]
        k, s, opad, mode, pads, win = transpose_geometry(node, self.shape(x))
        K = P["kernel"]  # [kh, kw, f, in]: the forward convolution's kernel
        f = K.shape[2]
        W = self.t(np.transpose(K, [3, 2, 0, 1]))  # [in, f, kh, kw]
        N, H, Wd, _ = self.shape(x)
        full = [(H - 1) * s[0] + k[0], (Wd - 1) * s[1] + k[1]]
        deconv = ops.Conv2DTranspose(out_channel=f, kernel_size=tuple(k), pad_mode="valid",
                                     stride=tuple(s))
        y = deconv(_cf(x), W, (N, f, full[0], full[1]))
        extra = [max(start + out - full[i], 0) for i, (start, out) in enumerate(win)]
        if any(extra):
            y = ops.pad(y, _pad_list([(0, extra[0]), (0, extra[1])]))
        (h0, ho), (w0, wo) = win
        y = y[:, :, h0:h0 + ho, w0:w0 + wo]
        y = _cl(y)
        if "bias" in P:
            y = y + self.t(P["bias"])
        return y

    # -- dense, norms
    def op_dense(self, node, xs, P):
        y = ops.matmul(xs[0], self.t(P["kernel"]))
        if "bias" in P:
            y = y + self.t(P["bias"])
        return y

    def op_batch_norm(self, node, xs, P):
        x = xs[0]
        shp = self.shape(x)
        r = len(shp)
        y = _cf(x)  # [N, C, ...]
        if r != 4:
            rest = int(np.prod(shp[1:-1])) if r > 2 else 1
            if r == 5:
                y = ops.reshape(y, (shp[0], shp[-1], shp[1], rest // shp[1]))
            else:
                y = ops.reshape(y, (shp[0], shp[-1], rest, 1))
        y = ops.batch_norm(y, self.t(P["moving_mean"]), self.t(P["moving_variance"]),
                           self.t(P["gamma"]), self.t(P["beta"]), training=False,
                           eps=float(node.attrs.get("epsilon", 0.001)))
        if r != 4:
            y = ops.reshape(y, [shp[0], shp[-1]] + shp[1:-1])
        return _cl(y)

    def op_layer_norm(self, node, xs, P):
        ln = ops.LayerNorm(begin_norm_axis=-1, begin_params_axis=-1,
                           epsilon=float(node.attrs.get("epsilon", 0.001)))
        return ln(xs[0], self.t(P["gamma"]), self.t(P["beta"]))[0]

    # -- activations
    def op_relu(self, node, xs, P):
        return ops.relu(xs[0])

    def op_relu6(self, node, xs, P):
        return ops.relu6(xs[0])

    def op_elu(self, node, xs, P):
        x = xs[0]
        alpha = float(node.attrs.get("alpha", 1.0))
        if alpha == 1.0:
            return ops.elu(x, 1.0)
        # MindSpore's Elu kernel takes alpha 1.0 only
        return ops.where(x > 0, x, ops.expm1(x) * self.scalar_like(alpha, x))

    def op_selu(self, node, xs, P):
        return ops.selu(xs[0])

    def op_gelu(self, node, xs, P):
        return ops.gelu(xs[0], approximate="tanh" if node.attrs.get("approximate", False)
                        else "none")

    def op_sigmoid(self, node, xs, P):
        return ops.sigmoid(xs[0])

    def op_tanh(self, node, xs, P):
        return ops.tanh(xs[0])

    def op_softplus(self, node, xs, P):
        return ops.softplus(xs[0])

    def op_silu(self, node, xs, P):
        return ops.silu(xs[0])

    def op_hard_sigmoid(self, node, xs, P):
        return ops.hardsigmoid(xs[0])  # relu6(x + 3) / 6, as PyTorch's

    def op_leaky_relu(self, node, xs, P):
        return ops.leaky_relu(xs[0], float(node.attrs.get("alpha", 0.01)))

    def op_softmax(self, node, xs, P):
        return ops.softmax(xs[0], int(node.attrs.get("axis", -1)))

    def op_identity(self, node, xs, P):
        return xs[0]  # ops.identity is deprecated (a warning on every call)

    def op_dropout(self, node, xs, P):
        return ops.dropout(xs[0], p=float(node.attrs.get("rate", 0.5)), training=False)

    # -- pooling
    def _pool(self, node, xs, kind):
        x = xs[0]
        n = x.ndim - 2
        k, s, _, mode, pads = conv_geometry(node, self.shape(x))
        y = _cf(x)
        if n == 1:  # MindSpore's 2-d pools over a height of 1
            y = ops.expand_dims(y, 2)
            k, s, pads = [1] + k, [1] + s, [(0, 0)] + pads
        if n == 3:
            Max, Avg = ops.MaxPool3D, ops.AvgPool3D
        else:
            Max, Avg = ops.MaxPool, ops.AvgPool
        padded = any(b or a for b, a in pads)
        if kind == "max":
            if padded:
                y = ops.pad(y, _pad_list(pads), value=float("-inf"))
            y = Max(kernel_size=tuple(k), strides=tuple(s), pad_mode="VALID")(y)
        else:
            pool = Avg(kernel_size=tuple(k), strides=tuple(s), pad_mode="VALID")
            if padded:
                ones = ops.ones_like(y[:, :1])
                y = pool(ops.pad(y, _pad_list(pads))) / pool(ops.pad(ones, _pad_list(pads)))
            else:
                y = pool(y)
        if n == 1:
            y = ops.squeeze(y, 2)
        return _cl(y)

    def op_max_pool1d(self, node, xs, P):
        return self._pool(node, xs, "max")

    op_max_pool2d = op_max_pool1d
    op_max_pool3d = op_max_pool1d

    def op_avg_pool1d(self, node, xs, P):
        return self._pool(node, xs, "avg")

    op_avg_pool2d = op_avg_pool1d
    op_avg_pool3d = op_avg_pool1d

    def op_global_avg_pool(self, node, xs, P):
        x = xs[0]
        return ops.mean(x, tuple(range(1, x.ndim - 1)), bool(node.attrs.get("keepdims", False)))

    def op_global_max_pool(self, node, xs, P):
        x = xs[0]
        return ops.amax(x, tuple(range(1, x.ndim - 1)), bool(node.attrs.get("keepdims", False)))

    def op_adaptive_avg_pool2d(self, node, xs, P):
        size = tuple(int(v) for v in node.attrs["output_size"])
        return _cl(ops.adaptive_avg_pool2d(_cf(xs[0]), size))

    # -- shape ops
    def op_flatten(self, node, xs, P):
        x = xs[0]
        return ops.reshape(x, (x.shape[0], -1))

    def op_reshape(self, node, xs, P):
        x = xs[0]
        return ops.reshape(x, (x.shape[0],) + tuple(int(v) for v in node.attrs["shape"]))

    def op_transpose(self, node, xs, P):
        return ops.transpose(xs[0], tuple(full_perm(node.attrs["perm"])))

    def op_add(self, node, xs, P):
        return functools.reduce(ops.add, xs)

    def op_subtract(self, node, xs, P):
        return functools.reduce(ops.sub, xs)

    def op_multiply(self, node, xs, P):
        return functools.reduce(ops.mul, xs)

    def op_maximum(self, node, xs, P):
        return functools.reduce(ops.maximum, xs)

    def op_concatenate(self, node, xs, P):
        return ops.cat(list(xs), int(node.attrs.get("axis", -1)))

    def op_zero_padding(self, node, xs, P):
        x = xs[0]
        p = pairs(node.attrs["padding"], x.ndim - 2)
        return ops.pad(x, (0, 0) + _pad_list(p))

    def op_cropping(self, node, xs, P):
        x = xs[0]
        sl = [slice(None)]
        for (b, a), size in zip(pairs(node.attrs["cropping"], x.ndim - 2), x.shape[1:-1]):
            sl.append(slice(b, size - a))
        sl.append(slice(None))
        return x[tuple(sl)]

    def op_upsampling(self, node, xs, P):
        x = xs[0]
        n = x.ndim - 2
        size = node.attrs["size"]
        size = [int(v) for v in (size if isinstance(size, list) else [size] * n)]
        if len(size) == 1 and n > 1:
            size = size * n
        for i, r in enumerate(size):
            if r != 1:
                x = ops.repeat_interleave(x, r, 1 + i)
        return x

    def op_channel_shuffle(self, node, xs, P):
        x = xs[0]
        g = int(node.attrs["groups"])
        shp = tuple(x.shape)
        r = len(shp)
        y = ops.reshape(x, shp[:-1] + (g, shp[-1] // g))
        y = ops.transpose(y, tuple(range(r - 1)) + (r, r - 1))
        return ops.reshape(y, shp)

    def op_mean(self, node, xs, P):
        x = xs[0]
        return ops.mean(x, tuple(norm_axis(a, x.ndim) for a in node.attrs["axes"]),
                        bool(node.attrs.get("keepdims", False)))

    def op_slice(self, node, xs, P):
        x = xs[0]
        axis = norm_axis(node.attrs["axis"], x.ndim)
        begin = int(node.attrs["begin"])
        size = int(node.attrs["size"])
        if size < 0:
            size = x.shape[axis] - begin
        return ops.narrow(x, axis, begin, size)

    def op_cast(self, node, xs, P):
        return ops.cast(xs[0], _MS_DTYPE[node.attrs["dtype"]])

    # -- embeddings
    def op_embedding(self, node, xs, P):
        return ops.gather(self.t(P["embeddings"]), xs[0], 0)

    def op_position_embedding(self, node, xs, P):
        return xs[0] + ops.expand_dims(self.t(P["embeddings"]), 0)

    # -- recurrent: matmuls in a loop over time
    def _loop(self, node, x, step, state):
        T = x.shape[1]
        ys = []
        for t in range(T):
            state, h = step(state, x[:, t])
            ys.append(h)
        if node.attrs.get("return_sequences", False):
            return ops.stack(ys, 1)
        return ys[-1]

    def op_lstm(self, node, xs, P):
        x = xs[0]
        u = int(node.attrs["units"])
        K, R, b = self.t(P["kernel"]), self.t(P["recurrent_kernel"]), self.t(P["bias"])
        xk = ops.matmul(x, K) + b  # [N, T, 4u], the input's part at every step

        def step(st, xt):
            h, c = st
            z = xt + ops.matmul(h, R)
            i, f, g, o = ops.split(z, u, -1)
            c = ops.sigmoid(f) * c + ops.sigmoid(i) * ops.tanh(g)
            h = ops.sigmoid(o) * ops.tanh(c)
            return (h, c), h
        z0 = ops.zeros((x.shape[0], u), x.dtype)
        return self._loop(node, xk, step, (z0, z0))

    def op_gru(self, node, xs, P):
        x = xs[0]
        u = int(node.attrs["units"])
        K, R, b = self.t(P["kernel"]), self.t(P["recurrent_kernel"]), self.t(P["bias"])
        xk = ops.matmul(x, K) + b[0]
        bh = b[1]

        def step(h, xt):
            xz, xr, xh = ops.split(xt, u, -1)
            hz, hr, hh = ops.split(ops.matmul(h, R) + bh, u, -1)
            z = ops.sigmoid(xz + hz)
            r = ops.sigmoid(xr + hr)
            hc = ops.tanh(xh + r * hh)
            h = z * h + (1 - z) * hc
            return h, h
        return self._loop(node, xk, step, ops.zeros((x.shape[0], u), x.dtype))

    def op_simple_rnn(self, node, xs, P):
        x = xs[0]
        u = int(node.attrs["units"])
        K, R, b = self.t(P["kernel"]), self.t(P["recurrent_kernel"]), self.t(P["bias"])
        xk = ops.matmul(x, K) + b

        def step(h, xt):
            h = ops.tanh(xt + ops.matmul(h, R))
            return h, h
        return self._loop(node, xk, step, ops.zeros((x.shape[0], u), x.dtype))

    def op_multi_head_attention(self, node, xs, P):
        q = xs[0]
        v = xs[1] if len(xs) > 1 else xs[0]
        h = int(node.attrs["num_heads"])
        kd = int(node.attrs["key_dim"])
        N, Tq, d = self.shape(q)
        Tv, dv = self.shape(v)[1:]

        def project(x, T, din, kernel, bias):
            y = ops.matmul(x, self.t(P[kernel].reshape(din, h * kd))) + \
                self.t(P[bias].reshape(h * kd))
            return ops.transpose(ops.reshape(y, (N, T, h, kd)), (0, 2, 1, 3))  # [N, h, T, kd]

        Q = project(q, Tq, d, "query_kernel", "query_bias")
        K = project(v, Tv, dv, "key_kernel", "key_bias")
        V = project(v, Tv, dv, "value_kernel", "value_bias")
        Q = Q * self.scalar_like(1.0 / math.sqrt(kd), Q)
        S = ops.matmul(Q, ops.transpose(K, (0, 1, 3, 2)))  # [N, h, Tq, Tv]
        A = ops.softmax(S, -1)
        O = ops.matmul(A, V)  # [N, h, Tq, kd]
        O = ops.reshape(ops.transpose(O, (0, 2, 1, 3)), (N, Tq, h * kd))
        return ops.matmul(O, self.t(P["output_kernel"].reshape(h * kd, d))) + \
            self.t(P["output_bias"])
