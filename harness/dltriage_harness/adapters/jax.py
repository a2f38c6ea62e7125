"""JAX adapter: jax.numpy, jax.lax and jax.nn directly (no Flax).

The model is one function of (parameters, inputs), traced once with
jax.eval_shape to learn every node's parameter shapes (filled by fill.py
in numpy), then compiled with jax.jit and run once.  64-bit types are
enabled (jax_enable_x64) so that float64 models compute in float64; every
array is created with an explicit dtype.  Channels-last throughout.
"""

import functools
import math

import numpy as np

import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402

from ..base import Adapter as _Base  # noqa: E402
from ..common import (adaptive_bins, conv_geometry, full_perm, norm_axis, pairs,  # noqa: E402
                      transpose_geometry)

_DN = {1: ("NWC", "WIO", "NWC"), 2: ("NHWC", "HWIO", "NHWC"), 3: ("NDHWC", "DHWIO", "NDHWC")}


def _loss_weights(model, shapes, weights):
    """+grad's loss weights per output (weights: fill.loss_weights), None
    for an output that is not float; shapes from jax.eval_shape."""
    return [None if not jnp.issubdtype(shapes[o].dtype, jnp.floating)
            else jnp.asarray(weights(i, shapes[o].shape))
            for i, o in enumerate(model.outputs)]


def _weighted(model, outs, ws):
    """+grad's loss: the sum over the float outputs of sum(output * w)."""
    total = jnp.float32(0)
    for o, w in zip(model.outputs, ws):
        if w is not None:
            total = total + jnp.sum(outs[o].astype(jnp.float32) * w)
    return total


class Adapter(_Base):
    framework = "jax"

    def version(self):
        return jax.__version__

    def dtype_name(self, x):
        return jnp.dtype(x.dtype).name

    def cast(self, x, dtype):
        return x.astype(jnp.dtype(dtype))

    def t(self, a):
        return jnp.asarray(a).astype(jnp.dtype(self.dtype))

    def params(self, model, node, xs):
        if self.given is not None:
            return self.given[node.name]
        P = _Base.params(self, model, node, xs)
        self.recorded[node.name] = P
        return P

    def run(self, model, inputs):
        ins = {}
        for inp in model.inputs:
            ins[inp.name] = jnp.asarray(np.asarray(inputs[inp.name])).astype(jnp.dtype(inp.dtype))

        def forward(params, ins):
            values = dict(ins)
            self.walk(model, values)
            return {o: values[o] for o in model.outputs}

        # pass 1: shapes only, which records the parameters
        self.given = None
        self.recorded = {}
        jax.eval_shape(lambda i: forward(None, i), ins)
        params = {k: {p: np.asarray(v) for p, v in d.items()} for k, d in self.recorded.items()}
        if self._play is not None:
            # run_slots(): the trained weights given, in _trained()'s order
            for n, p in self._trained(params):
                params[n][p] = self.next_slot(params[n][p].shape)

        # pass 2: compile and run with the parameters as arguments
        def forward2(params, ins):
            self.given = params
            return forward(params, ins)

        if self._want_weights:
            return self._weight_grads(model, forward2, params, ins)
        if self.exec_mode == "grad":
            return self._grad(model, forward2, params, ins)
        if self.exec_mode == "eager":
            # jax+eager: the same walk op by op, nothing compiled as a whole
            with jax.disable_jit():
                outs = forward2(params, ins)
        else:
            outs = jax.jit(forward2)(params, ins)
        outs = jax.block_until_ready(outs)
        res = {}
        for o in model.outputs:
            y = outs[o]
            if y.dtype == jnp.bfloat16:
                y = y.astype(jnp.float32)
            res[o] = np.asarray(y)
        return res

    def run_grad(self, model, inputs, weights):
        """+grad: the outputs, and d(sum_o sum(o * weights(o))) / d(input)
        for every float input (jax.value_and_grad, jitted)."""
        self._weights = weights
        return self.run(model, inputs)

    _want_weights = None

    @staticmethod
    def _trained(params):
        """The trained weights' (node, name), in walk order: the slots of
        base.py are the IR's own arrays here, passed to the jitted walk."""
        from ..base import NOT_TRAINED
        return [(n, p) for n, d in params.items() for p, v in d.items()
                if p not in NOT_TRAINED and np.asarray(v).dtype.kind == "f"]

    def weight_grads(self, model, inputs, weights):
        """The trained weights (slots) and the gradient of the +grad loss
        with respect to each, as numpy arrays in walk order."""
        mode, self.exec_mode, self._want_weights = self.exec_mode, None, weights
        try:
            return self.run(model, inputs)
        finally:
            self.exec_mode, self._want_weights = mode, None

    def _weight_grads(self, model, forward2, params, ins):
        keys = self._trained(params)
        ws = _loss_weights(model, jax.eval_shape(lambda: forward2(params, ins)),
                           self._want_weights)

        def loss(tp):
            full = {n: dict(d) for n, d in params.items()}
            for (n, p), v in zip(keys, tp):
                full[n][p] = v
            return _weighted(model, forward2(full, ins), ws)

        vals = [np.asarray(params[n][p]) for n, p in keys]
        gs = jax.block_until_ready(jax.jit(jax.grad(loss))([jnp.asarray(v) for v in vals]))
        return vals, [np.asarray(g.astype(jnp.float32) if g.dtype == jnp.bfloat16 else g)
                      for g in gs]

    def _grad(self, model, forward2, params, ins):
        floats = {k: v for k, v in ins.items() if jnp.issubdtype(v.dtype, jnp.floating)}
        rest = {k: v for k, v in ins.items() if k not in floats}
        shapes = jax.eval_shape(lambda i: forward2(params, {**rest, **i}), floats)
        ws = _loss_weights(model, shapes, self._weights)

        def loss(fl):
            outs = forward2(params, {**rest, **fl})
            return _weighted(model, outs, ws), outs

        (_, outs), gs = jax.jit(jax.value_and_grad(loss, has_aux=True))(floats)
        outs, gs = jax.block_until_ready((outs, gs))
        res = {}
        for o in model.outputs:
            y = outs[o]
            res[o] = np.asarray(y.astype(jnp.float32) if y.dtype == jnp.bfloat16 else y)
        grads = {k: np.asarray(g.astype(jnp.float32) if g.dtype == jnp.bfloat16 else g)
                 for k, g in gs.items()}
        return res, grads

    # -- convolution
    def _conv(self, node, x, K, bias, groups):
        n = x.ndim - 2
        k, s, d, mode, pads = conv_geometry(node, self.shape(x))
        padding = mode.upper() if mode != "explicit" else [tuple(p) for p in pads]
        y = lax.conv_general_dilated(x, self.t(K), window_strides=s, padding=padding,
                                     rhs_dilation=d, dimension_numbers=_DN[n],
                                     feature_group_count=groups)
        if bias is not None:
            y = y + self.t(bias)
        return y

    def op_conv1d(self, node, xs, P):
        return self._conv(node, xs[0], P["kernel"], P.get("bias"), int(node.attrs.get("groups", 1)))

    op_conv2d = op_conv1d
    op_conv3d = op_conv1d

    def op_depthwise_conv2d(self, node, xs, P):
        K = P["depthwise_kernel"]
        kh, kw, c, m = K.shape
        return self._conv(node, xs[0], jnp.reshape(K, (kh, kw, 1, c * m)), P.get("bias"), c)

    def op_separable_conv2d(self, node, xs, P):
        K = P["depthwise_kernel"]
        kh, kw, c, m = K.shape
        y = self._conv(node, xs[0], jnp.reshape(K, (kh, kw, 1, c * m)), None, c)
        y = lax.conv_general_dilated(y, self.t(P["pointwise_kernel"]), (1, 1), "VALID",
                                     dimension_numbers=_DN[2])
        if "bias" in P:
            y = y + self.t(P["bias"])
        return y

    def op_conv2d_transpose(self, node, xs, P):
        x = xs[0]
        k, s, opad, mode, pads, win = transpose_geometry(node, self.shape(x))
        padding = []
        for i, (start, out) in enumerate(win):
            L = (self.shape(x)[1 + i] - 1) * s[i] + k[i]
            padding.append((k[i] - 1 - start, start + out - L + k[i] - 1))
        # kernel [kh, kw, f, in] is the forward convolution's HWIO kernel
        # (I = f, O = in); transpose_kernel flips it and swaps I and O
        y = lax.conv_transpose(x, self.t(P["kernel"]), strides=s, padding=padding,
                               dimension_numbers=("NHWC", "HWIO", "NHWC"), transpose_kernel=True)
        if "bias" in P:
            y = y + self.t(P["bias"])
        return y

    # -- dense, norms
    def op_dense(self, node, xs, P):
        y = jnp.matmul(xs[0], self.t(P["kernel"]))
        if "bias" in P:
            y = y + self.t(P["bias"])
        return y

    def op_batch_norm(self, node, xs, P):
        eps = float(node.attrs.get("epsilon", 0.001))
        x = xs[0]
        inv = lax.rsqrt(self.t(P["moving_variance"]) + jnp.asarray(eps, x.dtype)) * self.t(P["gamma"])
        return (x - self.t(P["moving_mean"])) * inv + self.t(P["beta"])

    def op_layer_norm(self, node, xs, P):
        eps = float(node.attrs.get("epsilon", 0.001))
        x = xs[0]
        mean = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.var(x, axis=-1, keepdims=True)
        return (x - mean) * lax.rsqrt(var + jnp.asarray(eps, x.dtype)) * self.t(P["gamma"]) \
            + self.t(P["beta"])

    # -- activations
    def op_relu(self, node, xs, P):
        return jax.nn.relu(xs[0])

    def op_relu6(self, node, xs, P):
        return jax.nn.relu6(xs[0])

    def op_elu(self, node, xs, P):
        return jax.nn.elu(xs[0], alpha=float(node.attrs.get("alpha", 1.0)))

    def op_selu(self, node, xs, P):
        return jax.nn.selu(xs[0])

    def op_gelu(self, node, xs, P):
        return jax.nn.gelu(xs[0], approximate=bool(node.attrs.get("approximate", False)))

    def op_sigmoid(self, node, xs, P):
        return jax.nn.sigmoid(xs[0])

    def op_tanh(self, node, xs, P):
        return jnp.tanh(xs[0])

    def op_softplus(self, node, xs, P):
        return jax.nn.softplus(xs[0])

    def op_silu(self, node, xs, P):
        return jax.nn.silu(xs[0])

    def op_hard_sigmoid(self, node, xs, P):
        return jax.nn.hard_sigmoid(xs[0])

    def op_leaky_relu(self, node, xs, P):
        return jax.nn.leaky_relu(xs[0], negative_slope=float(node.attrs.get("alpha", 0.01)))

    def op_softmax(self, node, xs, P):
        return jax.nn.softmax(xs[0], axis=int(node.attrs.get("axis", -1)))

    def op_identity(self, node, xs, P):
        return xs[0]

    def op_dropout(self, node, xs, P):
        return xs[0]  # inference

    # -- pooling
    def _pool(self, node, xs, kind):
        x = xs[0]
        k, s, _, mode, pads = conv_geometry(node, self.shape(x))
        win = (1,) + tuple(k) + (1,)
        st = (1,) + tuple(s) + (1,)
        padding = mode.upper() if mode != "explicit" else \
            ((0, 0),) + tuple(tuple(p) for p in pads) + ((0, 0),)
        # numpy scalars, not jnp arrays: JAX knows a concrete identity as
        # the monoid's and gives the window reduction a gradient (+grad)
        if kind == "max":
            return lax.reduce_window(x, np.array(-np.inf, x.dtype), lax.max, win, st, padding)
        zero = np.array(0, x.dtype)
        num = lax.reduce_window(x, zero, lax.add, win, st, padding)
        den = lax.reduce_window(jnp.ones(x.shape[:-1] + (1,), x.dtype), zero, lax.add, win, st,
                                padding)
        return num / den

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
        return jnp.mean(x, axis=tuple(range(1, x.ndim - 1)),
                        keepdims=bool(node.attrs.get("keepdims", False)))

    def op_global_max_pool(self, node, xs, P):
        x = xs[0]
        return jnp.max(x, axis=tuple(range(1, x.ndim - 1)),
                       keepdims=bool(node.attrs.get("keepdims", False)))

    def op_adaptive_avg_pool2d(self, node, xs, P):
        x = xs[0]
        oh, ow = [int(v) for v in node.attrs["output_size"]]
        h, w = x.shape[1:3]
        rows = []
        for (r0, r1) in adaptive_bins(h, oh):
            rows.append(jnp.stack([jnp.mean(x[:, r0:r1, c0:c1, :], axis=(1, 2))
                                   for (c0, c1) in adaptive_bins(w, ow)], axis=1))
        return jnp.stack(rows, axis=1)

    # -- shape ops
    def op_flatten(self, node, xs, P):
        x = xs[0]
        return jnp.reshape(x, (x.shape[0], -1))

    def op_reshape(self, node, xs, P):
        x = xs[0]
        return jnp.reshape(x, (x.shape[0],) + tuple(int(v) for v in node.attrs["shape"]))

    def op_transpose(self, node, xs, P):
        return jnp.transpose(xs[0], full_perm(node.attrs["perm"]))

    def op_add(self, node, xs, P):
        return functools.reduce(jnp.add, xs)

    def op_subtract(self, node, xs, P):
        return functools.reduce(jnp.subtract, xs)

    def op_multiply(self, node, xs, P):
        return functools.reduce(jnp.multiply, xs)

    def op_maximum(self, node, xs, P):
        return functools.reduce(jnp.maximum, xs)

    def op_concatenate(self, node, xs, P):
        return jnp.concatenate(xs, axis=int(node.attrs.get("axis", -1)))

    def op_zero_padding(self, node, xs, P):
        x = xs[0]
        p = pairs(node.attrs["padding"], x.ndim - 2)
        return jnp.pad(x, [(0, 0)] + p + [(0, 0)])

    def op_cropping(self, node, xs, P):
        x = xs[0]
        sl = [slice(None)]
        for (b, a), n in zip(pairs(node.attrs["cropping"], x.ndim - 2), x.shape[1:-1]):
            sl.append(slice(b, n - a))
        return x[tuple(sl) + (slice(None),)]

    def op_upsampling(self, node, xs, P):
        x = xs[0]
        n = x.ndim - 2
        size = node.attrs["size"]
        size = [int(v) for v in (size if isinstance(size, list) else [size] * n)]
        if len(size) == 1 and n > 1:
            size = size * n
        for i, r in enumerate(size):
            x = jnp.repeat(x, r, axis=1 + i)
        return x

    def op_channel_shuffle(self, node, xs, P):
        x = xs[0]
        g = int(node.attrs["groups"])
        shp = x.shape
        y = jnp.reshape(x, shp[:-1] + (g, shp[-1] // g))
        y = jnp.swapaxes(y, -1, -2)
        return jnp.reshape(y, shp)

    def op_mean(self, node, xs, P):
        x = xs[0]
        return jnp.mean(x, axis=tuple(norm_axis(a, x.ndim) for a in node.attrs["axes"]),
                        keepdims=bool(node.attrs.get("keepdims", False)))

    def op_slice(self, node, xs, P):
        x = xs[0]
        axis = norm_axis(node.attrs["axis"], x.ndim)
        begin = int(node.attrs["begin"])
        size = int(node.attrs["size"])
        if size < 0:
            size = x.shape[axis] - begin
        return lax.slice_in_dim(x, begin, begin + size, axis=axis)

    def op_cast(self, node, xs, P):
        return xs[0].astype(jnp.dtype(node.attrs["dtype"]))

    # -- embeddings
    def op_embedding(self, node, xs, P):
        return jnp.take(self.t(P["embeddings"]), xs[0], axis=0)

    def op_position_embedding(self, node, xs, P):
        return xs[0] + self.t(P["embeddings"])[None]

    # -- recurrent, with lax.scan over time
    def _scan(self, node, x, step, init):
        xt = jnp.swapaxes(x, 0, 1)  # [T, N, F]
        _, ys = lax.scan(step, init, xt)
        ys = jnp.swapaxes(ys, 0, 1)
        if node.attrs.get("return_sequences", False):
            return ys
        return ys[:, -1]

    def op_lstm(self, node, xs, P):
        x = xs[0]
        u = int(node.attrs["units"])
        K, R, b = self.t(P["kernel"]), self.t(P["recurrent_kernel"]), self.t(P["bias"])

        def step(st, xt):
            h, c = st
            z = xt @ K + h @ R + b
            i, f, g, o = jnp.split(z, 4, axis=-1)
            c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
            h = jax.nn.sigmoid(o) * jnp.tanh(c)
            return (h, c), h
        z0 = jnp.zeros((x.shape[0], u), x.dtype)
        return self._scan(node, x, step, (z0, z0))

    def op_gru(self, node, xs, P):
        x = xs[0]
        u = int(node.attrs["units"])
        K, R, b = self.t(P["kernel"]), self.t(P["recurrent_kernel"]), self.t(P["bias"])

        def step(h, xt):
            xz, xr, xh = jnp.split(xt @ K + b[0], 3, axis=-1)
            hz, hr, hh = jnp.split(h @ R + b[1], 3, axis=-1)
            z = jax.nn.sigmoid(xz + hz)
            r = jax.nn.sigmoid(xr + hr)
            hc = jnp.tanh(xh + r * hh)
            h = z * h + (1 - z) * hc
            return h, h
        return self._scan(node, x, step, jnp.zeros((x.shape[0], u), x.dtype))

    def op_simple_rnn(self, node, xs, P):
        x = xs[0]
        u = int(node.attrs["units"])
        K, R, b = self.t(P["kernel"]), self.t(P["recurrent_kernel"]), self.t(P["bias"])

        def step(h, xt):
            h = jnp.tanh(xt @ K + h @ R + b)
            return h, h
        return self._scan(node, x, step, jnp.zeros((x.shape[0], u), x.dtype))

    def op_multi_head_attention(self, node, xs, P):
        q = xs[0]
        v = xs[1] if len(xs) > 1 else xs[0]
        kd = int(node.attrs["key_dim"])
        Q = jnp.einsum("...d,dhk->...hk", q, self.t(P["query_kernel"])) + self.t(P["query_bias"])
        K = jnp.einsum("...d,dhk->...hk", v, self.t(P["key_kernel"])) + self.t(P["key_bias"])
        V = jnp.einsum("...d,dhk->...hk", v, self.t(P["value_kernel"])) + self.t(P["value_bias"])
        Q = Q * jnp.asarray(1.0 / math.sqrt(kd), Q.dtype)
        A = jax.nn.softmax(jnp.einsum("bqhk,bshk->bhqs", Q, K), axis=-1)
        O = jnp.einsum("bhqs,bshk->bqhk", A, V)
        return jnp.einsum("bqhk,hkd->bqd", O, self.t(P["output_kernel"])) + self.t(P["output_bias"])
