"""TensorFlow adapter: raw TensorFlow ops (tf.nn, tf.math, tf.linalg),
no tf.keras, executed eagerly.  TensorFlow computes channels-last
natively, so values keep the IR's layout throughout."""

import functools
import math

import numpy as np
import tensorflow as tf

from ..base import Adapter as _Base
from ..common import (adaptive_bins, conv_geometry, full_perm, norm_axis, pairs,
                      transpose_geometry)


class Adapter(_Base):
    framework = "tensorflow"

    def version(self):
        return tf.__version__

    def dtype_name(self, x):
        return x.dtype.name

    def cast(self, x, dtype):
        return tf.cast(x, getattr(tf, dtype))

    def c(self, a):
        """A weight that is state, not trained (batch norm's moving
        statistics)."""
        return tf.constant(np.asarray(a), dtype=getattr(tf, self.dtype))

    def t(self, a):
        """A trained weight (a slot, see base.py)."""
        if self._play is not None:
            return self.c(self.next_slot(np.shape(a)))
        x = self.c(a)
        if self._rec is not None and x.dtype.is_floating:
            self._tape.watch(x)
            self._rec.append(x)
        return x

    def _loss(self, model, values, weights):
        loss = None
        for i, o in enumerate(model.outputs):
            y = values[o]
            if y.dtype.is_floating:
                term = tf.reduce_sum(tf.cast(y, tf.float32) * weights(i, y.shape))
                loss = term if loss is None else loss + term
        return loss

    def weight_grads(self, model, inputs, weights):
        """The trained weights (slots) and the gradient of the +grad loss
        with respect to each, as numpy arrays in walk order."""
        values = {}
        for inp in model.inputs:
            values[inp.name] = tf.cast(tf.constant(np.asarray(inputs[inp.name])),
                                       getattr(tf, inp.dtype))
        self._rec = []
        try:
            with tf.GradientTape() as tape:
                self._tape = tape
                self.walk(model, values)
                loss = self._loss(model, values, weights)
            slots = self._rec
            gs = [None] * len(slots)
            if loss is not None and slots:
                gs = tape.gradient(loss, slots)
        finally:
            self._rec = self._tape = None

        def np_of(x):
            x = tf.convert_to_tensor(x)
            return (tf.cast(x, tf.float32) if x.dtype == tf.bfloat16 else x).numpy()
        vals = [np_of(x) for x in slots]
        return vals, [np.zeros_like(v) if g is None else np_of(g) for v, g in zip(vals, gs)]

    def run(self, model, inputs):
        values = {}
        for inp in model.inputs:
            values[inp.name] = tf.cast(tf.constant(np.asarray(inputs[inp.name])),
                                       getattr(tf, inp.dtype))
        if self.exec_mode == "xla":
            # tensorflow+xla: the walk traced once into a graph that XLA
            # compiles (the weights are constants of the graph)
            names = [i.name for i in model.inputs]

            def forward(*xs):
                vals = dict(zip(names, xs))
                self.walk(model, vals)
                return [vals[o] for o in model.outputs]

            ys = tf.function(forward, jit_compile=True)(*[values[n] for n in names])
            values.update(zip(model.outputs, ys))
        else:
            self.walk(model, values)
        out = {}
        for o in model.outputs:
            y = values[o]
            if y.dtype == tf.bfloat16:
                y = tf.cast(y, tf.float32)
            out[o] = y.numpy()
        return out

    def run_grad(self, model, inputs, weights):
        """+grad: the outputs, and d(sum_o sum(o * weights(o))) / d(input)
        for every float input (tf.GradientTape)."""
        values, leaves = {}, {}
        for inp in model.inputs:
            x = tf.cast(tf.constant(np.asarray(inputs[inp.name])), getattr(tf, inp.dtype))
            if x.dtype.is_floating:
                leaves[inp.name] = x
            values[inp.name] = x
        with tf.GradientTape() as tape:
            for x in leaves.values():
                tape.watch(x)
            self.walk(model, values)
            loss = self._loss(model, values, weights)
        gs = [None] * len(leaves)
        if loss is not None and leaves:
            gs = tape.gradient(loss, list(leaves.values()))
        out = {}
        for o in model.outputs:
            y = values[o]
            out[o] = (tf.cast(y, tf.float32) if y.dtype == tf.bfloat16 else y).numpy()
        grads = {}
        for (name, x), g in zip(leaves.items(), gs):
            g = tf.zeros_like(x) if g is None else tf.convert_to_tensor(g)
            grads[name] = (tf.cast(g, tf.float32) if g.dtype == tf.bfloat16 else g).numpy()
        return out, grads

    # -- convolution
    def _pad(self, x, pads, value=0.0):
        return tf.pad(x, [[0, 0]] + [[b, a] for b, a in pads] + [[0, 0]], constant_values=value)

    def _conv(self, node, x, kernel, bias, groups=1):
        k, s, d, mode, pads = conv_geometry(node, self.shape(x))
        if mode == "explicit":
            x = self._pad(x, pads)
            mode = "valid"
        y = tf.nn.convolution(x, self.t(kernel), strides=s, padding=mode.upper(), dilations=d)
        if bias is not None:
            y = tf.nn.bias_add(y, self.t(bias))
        return y

    def op_conv1d(self, node, xs, P):
        return self._conv(node, xs[0], P["kernel"], P.get("bias"))

    op_conv2d = op_conv1d
    op_conv3d = op_conv1d

    def op_depthwise_conv2d(self, node, xs, P):
        x = xs[0]
        k, s, d, mode, pads = conv_geometry(node, self.shape(x))
        if mode == "explicit":
            x = self._pad(x, pads)
            mode = "valid"
        y = tf.nn.depthwise_conv2d(x, self.t(P["depthwise_kernel"]), strides=[1] + s + [1],
                                   padding=mode.upper(), dilations=d)
        if "bias" in P:
            y = tf.nn.bias_add(y, self.t(P["bias"]))
        return y

    def op_separable_conv2d(self, node, xs, P):
        x = xs[0]
        k, s, d, mode, pads = conv_geometry(node, self.shape(x))
        if mode == "explicit":
            x = self._pad(x, pads)
            mode = "valid"
        y = tf.nn.separable_conv2d(x, self.t(P["depthwise_kernel"]), self.t(P["pointwise_kernel"]),
                                   strides=[1] + s + [1], padding=mode.upper(), dilations=d)
        if "bias" in P:
            y = tf.nn.bias_add(y, self.t(P["bias"]))
        return y

    def op_conv2d_transpose(self, node, xs, P):
        x = xs[0]
        shp = self.shape(x)
        k, s, opad, mode, pads, win = transpose_geometry(node, shp)
        K = self.t(P["kernel"])  # [kh, kw, f, in]
        f = int(P["kernel"].shape[2])
        n = shp[0]
        if mode == "same" and not any(opad):
            y = tf.nn.conv2d_transpose(x, K, [n] + [o for _, o in win] + [f], strides=s,
                                       padding="SAME")
        else:
            full = [(shp[1 + i] - 1) * s[i] + k[i] for i in range(2)]
            y = tf.nn.conv2d_transpose(x, K, [n] + full + [f], strides=s, padding="VALID")
            for i, (start, out) in enumerate(win):
                if start + out > full[i]:
                    pad = [[0, 0]] * 4
                    pad[1 + i] = [0, start + out - full[i]]
                    y = tf.pad(y, pad)
                y = tf.slice(y, [0] * (1 + i) + [start] + [0] * (2 - i),
                             [-1] * (1 + i) + [out] + [-1] * (2 - i))
        if "bias" in P:
            y = tf.nn.bias_add(y, self.t(P["bias"]))
        return y

    # -- dense, norms
    def op_dense(self, node, xs, P):
        y = tf.tensordot(xs[0], self.t(P["kernel"]), axes=[[-1], [0]]) if len(xs[0].shape) > 2 \
            else tf.linalg.matmul(xs[0], self.t(P["kernel"]))
        if "bias" in P:
            y = tf.nn.bias_add(y, self.t(P["bias"]))
        return y

    def op_batch_norm(self, node, xs, P):
        return tf.nn.batch_normalization(xs[0], self.c(P["moving_mean"]), self.c(P["moving_variance"]),
                                         self.t(P["beta"]), self.t(P["gamma"]),
                                         float(node.attrs.get("epsilon", 0.001)))

    def op_layer_norm(self, node, xs, P):
        x = xs[0]
        mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
        return tf.nn.batch_normalization(x, mean, var, self.t(P["beta"]), self.t(P["gamma"]),
                                         float(node.attrs.get("epsilon", 0.001)))

    # -- activations
    def op_relu(self, node, xs, P):
        return tf.nn.relu(xs[0])

    def op_relu6(self, node, xs, P):
        return tf.nn.relu6(xs[0])

    def op_elu(self, node, xs, P):
        x = xs[0]
        alpha = float(node.attrs.get("alpha", 1.0))
        y = tf.nn.elu(x)
        if alpha == 1.0:
            return y
        return tf.where(x > 0, y, tf.cast(alpha, x.dtype) * y)

    def op_selu(self, node, xs, P):
        return tf.nn.selu(xs[0])

    def op_gelu(self, node, xs, P):
        return tf.nn.gelu(xs[0], approximate=bool(node.attrs.get("approximate", False)))

    def op_sigmoid(self, node, xs, P):
        return tf.math.sigmoid(xs[0])

    def op_tanh(self, node, xs, P):
        return tf.math.tanh(xs[0])

    def op_softplus(self, node, xs, P):
        return tf.math.softplus(xs[0])

    def op_silu(self, node, xs, P):
        return tf.nn.silu(xs[0])

    def op_hard_sigmoid(self, node, xs, P):
        x = xs[0]
        return tf.nn.relu6(x + tf.cast(3.0, x.dtype)) / tf.cast(6.0, x.dtype)

    def op_leaky_relu(self, node, xs, P):
        return tf.nn.leaky_relu(xs[0], alpha=float(node.attrs.get("alpha", 0.01)))

    def op_softmax(self, node, xs, P):
        return tf.nn.softmax(xs[0], axis=int(node.attrs.get("axis", -1)))

    def op_identity(self, node, xs, P):
        return tf.identity(xs[0])

    def op_dropout(self, node, xs, P):
        return tf.identity(xs[0])  # inference

    # -- pooling
    def _pool(self, node, xs, kind):
        x = xs[0]
        k, s, _, mode, pads = conv_geometry(node, self.shape(x))
        if mode != "explicit":
            f = tf.nn.max_pool if kind == "max" else tf.nn.avg_pool
            return f(x, ksize=k, strides=s, padding=mode.upper())
        if kind == "max":
            return tf.nn.max_pool(self._pad(x, pads, float("-inf")), ksize=k, strides=s,
                                  padding="VALID")
        ones = tf.ones_like(x[..., :1])
        num = tf.nn.avg_pool(self._pad(x, pads), ksize=k, strides=s, padding="VALID")
        den = tf.nn.avg_pool(self._pad(ones, pads), ksize=k, strides=s, padding="VALID")
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
        return tf.reduce_mean(x, axis=list(range(1, len(x.shape) - 1)),
                              keepdims=bool(node.attrs.get("keepdims", False)))

    def op_global_max_pool(self, node, xs, P):
        x = xs[0]
        return tf.reduce_max(x, axis=list(range(1, len(x.shape) - 1)),
                             keepdims=bool(node.attrs.get("keepdims", False)))

    def op_adaptive_avg_pool2d(self, node, xs, P):
        x = xs[0]
        oh, ow = [int(v) for v in node.attrs["output_size"]]
        h, w = self.shape(x)[1:3]
        rows = []
        for (r0, r1) in adaptive_bins(h, oh):
            cols = []
            for (c0, c1) in adaptive_bins(w, ow):
                cols.append(tf.reduce_mean(x[:, r0:r1, c0:c1, :], axis=[1, 2]))
            rows.append(tf.stack(cols, axis=1))
        return tf.stack(rows, axis=1)

    # -- shape ops
    def op_flatten(self, node, xs, P):
        x = xs[0]
        return tf.reshape(x, [self.shape(x)[0], -1])

    def op_reshape(self, node, xs, P):
        x = xs[0]
        return tf.reshape(x, [self.shape(x)[0]] + [int(v) for v in node.attrs["shape"]])

    def op_transpose(self, node, xs, P):
        return tf.transpose(xs[0], full_perm(node.attrs["perm"]))

    def op_add(self, node, xs, P):
        return functools.reduce(tf.math.add, xs)

    def op_subtract(self, node, xs, P):
        return functools.reduce(tf.math.subtract, xs)

    def op_multiply(self, node, xs, P):
        return functools.reduce(tf.math.multiply, xs)

    def op_maximum(self, node, xs, P):
        return functools.reduce(tf.math.maximum, xs)

    def op_concatenate(self, node, xs, P):
        return tf.concat(xs, axis=int(node.attrs.get("axis", -1)))

    def op_zero_padding(self, node, xs, P):
        x = xs[0]
        return self._pad(x, pairs(node.attrs["padding"], len(x.shape) - 2))

    def op_cropping(self, node, xs, P):
        x = xs[0]
        shp = self.shape(x)
        cr = pairs(node.attrs["cropping"], len(shp) - 2)
        begin = [0] + [b for b, _ in cr] + [0]
        size = [-1] + [n - b - a for (b, a), n in zip(cr, shp[1:-1])] + [-1]
        return tf.slice(x, begin, size)

    def op_upsampling(self, node, xs, P):
        x = xs[0]
        n = len(x.shape) - 2
        size = node.attrs["size"]
        size = [int(v) for v in (size if isinstance(size, list) else [size] * n)]
        if len(size) == 1 and n > 1:
            size = size * n
        for i, r in enumerate(size):
            x = tf.repeat(x, r, axis=1 + i)
        return x

    def op_channel_shuffle(self, node, xs, P):
        x = xs[0]
        shp = self.shape(x)
        g = int(node.attrs["groups"])
        c = shp[-1]
        y = tf.reshape(x, shp[:-1] + [g, c // g])
        r = len(shp)
        y = tf.transpose(y, list(range(r - 1)) + [r, r - 1])
        return tf.reshape(y, shp)

    def op_mean(self, node, xs, P):
        x = xs[0]
        r = len(x.shape)
        return tf.reduce_mean(x, axis=[norm_axis(a, r) for a in node.attrs["axes"]],
                              keepdims=bool(node.attrs.get("keepdims", False)))

    def op_slice(self, node, xs, P):
        x = xs[0]
        r = len(x.shape)
        axis = norm_axis(node.attrs["axis"], r)
        begin = [0] * r
        size = [-1] * r
        begin[axis] = int(node.attrs["begin"])
        size[axis] = int(node.attrs["size"])
        return tf.slice(x, begin, size)

    def op_cast(self, node, xs, P):
        return tf.cast(xs[0], getattr(tf, node.attrs["dtype"]))

    # -- embeddings
    def op_embedding(self, node, xs, P):
        return tf.nn.embedding_lookup(self.t(P["embeddings"]), xs[0])

    def op_position_embedding(self, node, xs, P):
        return xs[0] + self.t(P["embeddings"])[tf.newaxis]

    # -- recurrent: the cell equations over tf ops, unrolled in time
    def _seq(self, node, x, step, u, state):
        T = self.shape(x)[1]
        ys = []
        for t in range(T):
            state = step(x[:, t], state)
            ys.append(state[0])
        if node.attrs.get("return_sequences", False):
            return tf.stack(ys, axis=1)
        return ys[-1]

    def op_lstm(self, node, xs, P):
        x = xs[0]
        u = int(node.attrs["units"])
        K, R, b = self.t(P["kernel"]), self.t(P["recurrent_kernel"]), self.t(P["bias"])
        n = self.shape(x)[0]
        z0 = tf.zeros([n, u], dtype=x.dtype)

        def step(xt, st):
            h, c = st
            z = tf.linalg.matmul(xt, K) + tf.linalg.matmul(h, R) + b
            i, f, g, o = tf.split(z, 4, axis=-1)
            c = tf.math.sigmoid(f) * c + tf.math.sigmoid(i) * tf.math.tanh(g)
            h = tf.math.sigmoid(o) * tf.math.tanh(c)
            return h, c
        return self._seq(node, x, step, u, (z0, z0))

    def op_gru(self, node, xs, P):
        x = xs[0]
        u = int(node.attrs["units"])
        K, R, b = self.t(P["kernel"]), self.t(P["recurrent_kernel"]), self.t(P["bias"])
        n = self.shape(x)[0]

        def step(xt, st):
            h = st[0]
            xz, xr, xh = tf.split(tf.linalg.matmul(xt, K) + b[0], 3, axis=-1)
            hz, hr, hh = tf.split(tf.linalg.matmul(h, R) + b[1], 3, axis=-1)
            z = tf.math.sigmoid(xz + hz)
            r = tf.math.sigmoid(xr + hr)
            hc = tf.math.tanh(xh + r * hh)
            return (z * h + (1 - z) * hc,)
        return self._seq(node, x, step, u, (tf.zeros([n, u], dtype=x.dtype),))

    def op_simple_rnn(self, node, xs, P):
        x = xs[0]
        u = int(node.attrs["units"])
        K, R, b = self.t(P["kernel"]), self.t(P["recurrent_kernel"]), self.t(P["bias"])
        n = self.shape(x)[0]

        def step(xt, st):
            return (tf.math.tanh(tf.linalg.matmul(xt, K) + tf.linalg.matmul(st[0], R) + b),)
        return self._seq(node, x, step, u, (tf.zeros([n, u], dtype=x.dtype),))

    def op_multi_head_attention(self, node, xs, P):
        q = xs[0]
        v = xs[1] if len(xs) > 1 else xs[0]
        kd = int(node.attrs["key_dim"])
        Q = tf.einsum("...d,dhk->...hk", q, self.t(P["query_kernel"])) + self.t(P["query_bias"])
        K = tf.einsum("...d,dhk->...hk", v, self.t(P["key_kernel"])) + self.t(P["key_bias"])
        V = tf.einsum("...d,dhk->...hk", v, self.t(P["value_kernel"])) + self.t(P["value_bias"])
        Q = Q * tf.cast(1.0 / math.sqrt(kd), Q.dtype)
        S = tf.einsum("bqhk,bshk->bhqs", Q, K)
        A = tf.nn.softmax(S, axis=-1)
        O = tf.einsum("bhqs,bshk->bqhk", A, V)
        return tf.einsum("bqhk,hkd->bqd", O, self.t(P["output_kernel"])) + self.t(P["output_bias"])
