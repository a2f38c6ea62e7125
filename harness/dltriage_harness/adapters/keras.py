"""Keras 3 adapter: a functional keras.Model of keras.layers (keras.ops
where no layer fits), on the backend named by KERAS_BACKEND, which run.py
sets before Keras is imported (--framework keras-tensorflow | keras-jax |
keras-pytorch).  Weights are set with layer.set_weights() in Keras's own
layouts, which are the IR's canonical ones.  The model is called once with
training=False.
"""


import numpy as np

import keras
from keras import layers, ops

from ..base import Adapter as _Base
from ..common import conv_geometry, full_perm, norm_axis, pairs, transpose_geometry


class PositionEmbedding(layers.Layer):
    """A learned [length, dim] table added to the input."""

    def build(self, input_shape):
        self.embeddings = self.add_weight(shape=tuple(input_shape[-2:]), name="embeddings",
                                          initializer="zeros")

    def call(self, x):
        return x + ops.expand_dims(ops.cast(self.embeddings, x.dtype), 0)


def _np_dtype(name):
    if name == "bfloat16":
        import ml_dtypes
        return ml_dtypes.bfloat16
    return np.dtype(name)


class Adapter(_Base):
    framework = "keras"

    def mode_unavailable(self, mode):
        """Why this Keras cannot run execution mode MODE, or None."""
        if mode == "int8" and not hasattr(keras.Model, "quantize"):
            return "Keras %s has no Model.quantize" % keras.__version__
        return None

    def version(self):
        b = keras.backend.backend()
        bv = "?"
        try:
            if b == "tensorflow":
                import tensorflow as tf
                bv = tf.__version__
            elif b == "jax":
                import jax
                bv = jax.__version__
            elif b == "torch":
                import torch
                bv = torch.__version__
        except ImportError:
            pass
        return "%s (backend %s %s)" % (keras.__version__, b, bv)

    def dtype_name(self, x):
        return keras.backend.standardize_dtype(x.dtype)

    def cast(self, x, dtype):
        return ops.cast(x, dtype)

    def const(self, a):
        return ops.convert_to_tensor(np.asarray(a).astype(_np_dtype(self.dtype)))

    def layer(self, cls, *args, **kw):
        kw.setdefault("dtype", self.dtype)
        return cls(*args, **kw)

    def apply(self, layer, x, weights=None):
        y = layer(x)
        if weights is not None:
            layer.set_weights([np.asarray(w).astype(_np_dtype(self.dtype)) for w in weights])
        return y

    def run(self, model, inputs):
        kin = []
        values = {}
        for inp in model.inputs:
            t = keras.Input(batch_shape=tuple(inp.shape), dtype=inp.dtype, name=inp.name)
            kin.append(t)
            values[inp.name] = t
        self.walk(model, values)
        outs = {o: values[o] for o in model.outputs}
        km = keras.Model(inputs=kin, outputs=outs, name=model.name.replace(".", "_"))
        arrays = [np.asarray(inputs[i.name]).astype(_np_dtype(i.dtype)) for i in model.inputs]
        out = self._outputs(model, km(arrays, training=False))
        if self.exec_mode == "int8":
            # keras-*+int8: the same model quantized by Keras itself
            # (int8 weights per output channel, inputs quantized as they
            # come), on this backend's integer kernels; compared among the
            # +int8 targets only (int8:OUTPUT)
            from ..names import INT8_PREFIX
            if self._quantize(km):
                q = self._outputs(model, km(arrays, training=False))
                out.update((INT8_PREFIX + k, v) for k, v in q.items())
        return out

    @staticmethod
    def _quantize(km):
        """Quantize the layers of km that Keras quantizes to int8; whether
        there was one."""
        flat = getattr(km, "_flatten_layers", None)
        layers_ = list(flat(include_self=False)) if flat else km.layers
        if not any(type(l).__name__ in ("Dense", "EinsumDense", "Embedding")
                   for l in layers_):
            return False
        import warnings
        with warnings.catch_warnings():
            # "Layer Softmax does not have a `quantize` method": the
            # layers Keras leaves in float, as it should
            warnings.simplefilter("ignore", UserWarning)
            km.quantize("int8")
        return True

    @staticmethod
    def _outputs(model, res):
        out = {}
        for o in model.outputs:
            y = ops.convert_to_numpy(res[o])
            if str(y.dtype) == "bfloat16":
                y = y.astype(np.float32)
            out[o] = y
        return out

    # -- convolution
    def _zero_pad(self, x, pads):
        n = len(pads)
        P = (layers.ZeroPadding1D, layers.ZeroPadding2D, layers.ZeroPadding3D)[n - 1]
        arg = tuple(pads[0]) if n == 1 else tuple(tuple(p) for p in pads)
        return self.layer(P, arg)(x)

    def _conv(self, node, x, P):
        a = node.attrs
        n = len(x.shape) - 2
        k, s, d, mode, pads = conv_geometry(node, self.shape(x))
        if mode == "explicit":
            x = self._zero_pad(x, pads)
            mode = "valid"
        w = [P[k_] for k_ in ("kernel", "depthwise_kernel", "pointwise_kernel", "bias") if k_ in P]
        if node.op == "depthwise_conv2d":
            L = self.layer(layers.DepthwiseConv2D, k, strides=s, padding=mode, dilation_rate=d,
                           depth_multiplier=int(a.get("depth_multiplier", 1)),
                           use_bias="bias" in P, name=node.name)
        elif node.op == "separable_conv2d":
            L = self.layer(layers.SeparableConv2D, int(a["filters"]), k, strides=s, padding=mode,
                           dilation_rate=d, depth_multiplier=int(a.get("depth_multiplier", 1)),
                           use_bias="bias" in P, name=node.name)
        else:
            C = (layers.Conv1D, layers.Conv2D, layers.Conv3D)[n - 1]
            L = self.layer(C, int(a["filters"]), k, strides=s, padding=mode, dilation_rate=d,
                           groups=int(a.get("groups", 1)), use_bias="bias" in P, name=node.name)
        return self.apply(L, x, w)

    def op_conv1d(self, node, xs, P):
        return self._conv(node, xs[0], P)

    op_conv2d = op_conv1d
    op_conv3d = op_conv1d
    op_depthwise_conv2d = op_conv1d
    op_separable_conv2d = op_conv1d

    def op_conv2d_transpose(self, node, xs, P):
        x = xs[0]
        shp = self.shape(x)
        k, s, opad, mode, pads, win = transpose_geometry(node, shp)
        f = int(node.attrs["filters"])
        w = [P["kernel"]] + ([P["bias"]] if "bias" in P else [])
        if mode == "same" and not any(opad):
            L = self.layer(layers.Conv2DTranspose, f, k, strides=s, padding="same",
                           use_bias="bias" in P, name=node.name)
            return self.apply(L, x, w)
        if mode in ("valid", "explicit"):
            L = self.layer(layers.Conv2DTranspose, f, k, strides=s, padding="valid",
                           output_padding=tuple(opad), use_bias="bias" in P, name=node.name)
            y = self.apply(L, x, w)
            if mode == "explicit" and any(pads):
                y = self.layer(layers.Cropping2D, tuple((p, p) for p in pads))(y)
            return y
        # same with output padding: the full result, then the window
        L = self.layer(layers.Conv2DTranspose, f, k, strides=s, padding="valid",
                       output_padding=(0, 0), use_bias=False, name=node.name)
        y = self.apply(L, x, [P["kernel"]])
        full = [(shp[1 + i] - 1) * s[i] + k[i] for i in range(2)]
        extra = [max(st + out - full[i], 0) for i, (st, out) in enumerate(win)]
        if any(extra):
            y = self.layer(layers.ZeroPadding2D, tuple((0, e) for e in extra))(y)
        y = self.layer(layers.Cropping2D, tuple(
            (st, full[i] + extra[i] - st - out) for i, (st, out) in enumerate(win)))(y)
        if "bias" in P:
            y = ops.add(y, self.const(P["bias"]))
        return y

    # -- dense, norms
    def op_dense(self, node, xs, P):
        L = self.layer(layers.Dense, int(node.attrs["units"]), use_bias="bias" in P, name=node.name)
        return self.apply(L, xs[0], [P["kernel"]] + ([P["bias"]] if "bias" in P else []))

    def op_batch_norm(self, node, xs, P):
        L = self.layer(layers.BatchNormalization, axis=-1,
                       epsilon=float(node.attrs.get("epsilon", 0.001)), name=node.name)
        return self.apply(L, xs[0], [P["gamma"], P["beta"], P["moving_mean"], P["moving_variance"]])

    def op_layer_norm(self, node, xs, P):
        L = self.layer(layers.LayerNormalization, axis=-1,
                       epsilon=float(node.attrs.get("epsilon", 0.001)), name=node.name)
        return self.apply(L, xs[0], [P["gamma"], P["beta"]])

    # -- activations
    def _act(self, node, xs, cls, *a, **kw):
        return self.layer(cls, *a, name=node.name, **kw)(xs[0])

    def op_relu(self, node, xs, P):
        return self._act(node, xs, layers.ReLU)

    def op_relu6(self, node, xs, P):
        return self._act(node, xs, layers.ReLU, max_value=6.0)

    def op_elu(self, node, xs, P):
        return self._act(node, xs, layers.ELU, alpha=float(node.attrs.get("alpha", 1.0)))

    def op_selu(self, node, xs, P):
        return self._act(node, xs, layers.Activation, "selu")

    def op_gelu(self, node, xs, P):
        if node.attrs.get("approximate", False):
            return self._act(node, xs, layers.Activation,
                             lambda x: keras.activations.gelu(x, approximate=True))
        return self._act(node, xs, layers.Activation, "gelu")

    def op_sigmoid(self, node, xs, P):
        return self._act(node, xs, layers.Activation, "sigmoid")

    def op_tanh(self, node, xs, P):
        return self._act(node, xs, layers.Activation, "tanh")

    def op_softplus(self, node, xs, P):
        return self._act(node, xs, layers.Activation, "softplus")

    def op_silu(self, node, xs, P):
        return self._act(node, xs, layers.Activation, "silu")

    def op_hard_sigmoid(self, node, xs, P):
        return self._act(node, xs, layers.Activation, "hard_sigmoid")

    def op_leaky_relu(self, node, xs, P):
        return self._act(node, xs, layers.LeakyReLU,
                         negative_slope=float(node.attrs.get("alpha", 0.01)))

    def op_softmax(self, node, xs, P):
        return self._act(node, xs, layers.Softmax, axis=int(node.attrs.get("axis", -1)))

    def op_identity(self, node, xs, P):
        return self._act(node, xs, layers.Identity)

    def op_dropout(self, node, xs, P):
        return self._act(node, xs, layers.Dropout, float(node.attrs.get("rate", 0.5)))

    # -- pooling
    def _pool(self, node, xs, kind):
        x = xs[0]
        n = len(x.shape) - 2
        k, s, _, mode, pads = conv_geometry(node, self.shape(x))
        if kind == "max":
            C = (layers.MaxPooling1D, layers.MaxPooling2D, layers.MaxPooling3D)[n - 1]
        else:
            C = (layers.AveragePooling1D, layers.AveragePooling2D, layers.AveragePooling3D)[n - 1]
        if mode != "explicit":
            return self.layer(C, k, strides=s, padding=mode, name=node.name)(x)
        full = [(0, 0)] + [tuple(p) for p in pads] + [(0, 0)]
        if kind == "max":
            xp = ops.pad(x, full, constant_values=float("-inf"))
            return self.layer(C, k, strides=s, padding="valid", name=node.name)(xp)
        pool = self.layer(C, k, strides=s, padding="valid", name=node.name)
        num = pool(ops.pad(x, full))
        den = pool(ops.pad(ops.ones_like(x[..., :1]), full))
        return ops.divide(num, den)

    def op_max_pool1d(self, node, xs, P):
        return self._pool(node, xs, "max")

    op_max_pool2d = op_max_pool1d
    op_max_pool3d = op_max_pool1d

    def op_avg_pool1d(self, node, xs, P):
        return self._pool(node, xs, "avg")

    op_avg_pool2d = op_avg_pool1d
    op_avg_pool3d = op_avg_pool1d

    def op_global_avg_pool(self, node, xs, P):
        n = len(xs[0].shape) - 2
        C = (layers.GlobalAveragePooling1D, layers.GlobalAveragePooling2D,
             layers.GlobalAveragePooling3D)[n - 1]
        return self._act(node, xs, C, keepdims=bool(node.attrs.get("keepdims", False)))

    def op_global_max_pool(self, node, xs, P):
        n = len(xs[0].shape) - 2
        C = (layers.GlobalMaxPooling1D, layers.GlobalMaxPooling2D, layers.GlobalMaxPooling3D)[n - 1]
        return self._act(node, xs, C, keepdims=bool(node.attrs.get("keepdims", False)))

    def op_adaptive_avg_pool2d(self, node, xs, P):
        size = tuple(int(v) for v in node.attrs["output_size"])
        if hasattr(layers, "AdaptiveAveragePooling2D"):
            return self._act(node, xs, layers.AdaptiveAveragePooling2D, size)
        # older Keras (3.3, 3.12) has no such layer: PyTorch's bins, one mean each
        x = xs[0]
        H, W = self.shape(x)[1:3]
        rows = []
        for i in range(size[0]):
            h0, h1 = (i * H) // size[0], -(-((i + 1) * H) // size[0])
            cols = [ops.mean(x[:, h0:h1, (j * W) // size[1]:-(-((j + 1) * W) // size[1]), :],
                             axis=(1, 2)) for j in range(size[1])]
            rows.append(ops.stack(cols, axis=1))
        return ops.stack(rows, axis=1)

    # -- shape ops
    def op_flatten(self, node, xs, P):
        return self._act(node, xs, layers.Flatten)

    def op_reshape(self, node, xs, P):
        return self._act(node, xs, layers.Reshape, tuple(int(v) for v in node.attrs["shape"]))

    def op_transpose(self, node, xs, P):
        return self._act(node, xs, layers.Permute, tuple(full_perm(node.attrs["perm"])[1:]))

    def _merge(self, node, xs, cls, **kw):
        return self.layer(cls, name=node.name, **kw)(list(xs))

    def op_add(self, node, xs, P):
        return self._merge(node, xs, layers.Add)

    def op_subtract(self, node, xs, P):
        return self._merge(node, xs, layers.Subtract)

    def op_multiply(self, node, xs, P):
        return self._merge(node, xs, layers.Multiply)

    def op_maximum(self, node, xs, P):
        return self._merge(node, xs, layers.Maximum)

    def op_concatenate(self, node, xs, P):
        return self._merge(node, xs, layers.Concatenate, axis=int(node.attrs.get("axis", -1)))

    def op_zero_padding(self, node, xs, P):
        n = len(xs[0].shape) - 2
        p = pairs(node.attrs["padding"], n)
        C = (layers.ZeroPadding1D, layers.ZeroPadding2D, layers.ZeroPadding3D)[n - 1]
        return self._act(node, xs, C, tuple(p[0]) if n == 1 else tuple(tuple(v) for v in p))

    def op_cropping(self, node, xs, P):
        n = len(xs[0].shape) - 2
        p = pairs(node.attrs["cropping"], n)
        C = (layers.Cropping1D, layers.Cropping2D, layers.Cropping3D)[n - 1]
        return self._act(node, xs, C, tuple(p[0]) if n == 1 else tuple(tuple(v) for v in p))

    def op_upsampling(self, node, xs, P):
        n = len(xs[0].shape) - 2
        size = node.attrs["size"]
        size = [int(v) for v in (size if isinstance(size, list) else [size] * n)]
        if len(size) == 1 and n > 1:
            size = size * n
        if n == 1:
            return self._act(node, xs, layers.UpSampling1D, size[0])
        if n == 2:
            return self._act(node, xs, layers.UpSampling2D, tuple(size), interpolation="nearest")
        return self._act(node, xs, layers.UpSampling3D, tuple(size))

    def op_channel_shuffle(self, node, xs, P):
        x = xs[0]
        shp = self.shape(x)
        g = int(node.attrs["groups"])
        r = len(shp)
        y = self.layer(layers.Reshape, tuple(shp[1:-1]) + (g, shp[-1] // g))(x)
        y = self.layer(layers.Permute, tuple(range(1, r - 1)) + (r, r - 1))(y)
        return self.layer(layers.Reshape, tuple(shp[1:]), name=node.name)(y)

    def op_mean(self, node, xs, P):
        x = xs[0]
        return ops.mean(x, axis=tuple(norm_axis(a, len(x.shape)) for a in node.attrs["axes"]),
                        keepdims=bool(node.attrs.get("keepdims", False)))

    def op_slice(self, node, xs, P):
        x = xs[0]
        shp = self.shape(x)
        axis = norm_axis(node.attrs["axis"], len(shp))
        begin = int(node.attrs["begin"])
        size = int(node.attrs["size"])
        if size < 0:
            size = shp[axis] - begin
        start = [0] * len(shp)
        start[axis] = begin
        out = list(shp)
        out[axis] = size
        return ops.slice(x, start, out)

    def op_cast(self, node, xs, P):
        return ops.cast(xs[0], node.attrs["dtype"])

    # -- embeddings
    def op_embedding(self, node, xs, P):
        L = self.layer(layers.Embedding, int(node.attrs["input_dim"]), int(node.attrs["output_dim"]),
                       name=node.name)
        return self.apply(L, xs[0], [P["embeddings"]])

    def op_position_embedding(self, node, xs, P):
        L = self.layer(PositionEmbedding, name=node.name)
        return self.apply(L, xs[0], [P["embeddings"]])

    # -- recurrent
    def _rnn(self, node, xs, P, cls, **kw):
        L = self.layer(cls, int(node.attrs["units"]),
                       return_sequences=bool(node.attrs.get("return_sequences", False)),
                       name=node.name, **kw)
        return self.apply(L, xs[0], [P["kernel"], P["recurrent_kernel"], P["bias"]])

    def op_lstm(self, node, xs, P):
        return self._rnn(node, xs, P, layers.LSTM)

    def op_gru(self, node, xs, P):
        return self._rnn(node, xs, P, layers.GRU, reset_after=True)

    def op_simple_rnn(self, node, xs, P):
        return self._rnn(node, xs, P, layers.SimpleRNN)

    def op_multi_head_attention(self, node, xs, P):
        q = xs[0]
        v = xs[1] if len(xs) > 1 else xs[0]
        L = self.layer(layers.MultiHeadAttention, int(node.attrs["num_heads"]),
                       int(node.attrs["key_dim"]), name=node.name)
        y = L(q, v)
        names = ("query_kernel", "query_bias", "key_kernel", "key_bias", "value_kernel",
                 "value_bias", "output_kernel", "output_bias")
        L.set_weights([np.asarray(P[n]).astype(_np_dtype(self.dtype)) for n in names])
        return y
