#!/usr/bin/env python3
"""zoo-params.py: cross-check the zoo's parameter counts and output shapes in Keras.

A developer tool, not part of the build (needs Keras 3 and a backend).

    tools/zoo-params.py [--apps] [--forward] [MODEL...]

For every model of tools/zoo-gen.py it checks that corpus/models/NAME.yaml
is what the generator writes, builds the model layer by layer with Keras's
own layers (only to count: weights are Keras's defaults), and compares
Keras's total and trainable parameter counts and output shape with the
IR's figures (tools/zoo-gen.py's inference, which follows docs/model-ir.md).
Keras's total counts batch norm's moving statistics, like the IR's `all`;
its trainable count is the IR's `trainable`.

--apps also builds the Keras Applications model each Keras-sourced zoo
model names (weights=None) and prints its counts beside the published one.
--forward runs one forward pass on zeros as well.
Exit status 1 when anything differs.
"""

import argparse
import importlib.util
import os
import sys

os.environ.setdefault("KERAS_BACKEND", "tensorflow")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("zoogen", os.path.join(HERE, "zoo-gen.py"))
zoogen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(zoogen)

import keras  # noqa: E402
from keras import layers, ops  # noqa: E402


class PositionEmbedding(layers.Layer):
    def build(self, shape):
        self.pos = self.add_weight(shape=(shape[1], shape[2]), name="embeddings")

    def call(self, x):
        return x + self.pos


class Slice(layers.Layer):
    def __init__(self, axis, begin, size, **kw):
        super().__init__(**kw)
        self.axis, self.begin, self.size = axis, begin, size

    def call(self, x):
        ax = self.axis % len(x.shape)
        idx = [slice(None)] * len(x.shape)
        idx[ax] = slice(self.begin, self.begin + self.size)
        return x[tuple(idx)]


class ChannelShuffle(layers.Layer):
    def __init__(self, groups, **kw):
        super().__init__(**kw)
        self.groups = groups

    def call(self, x):
        s = x.shape
        c = s[-1]
        y = ops.reshape(x, (-1,) + tuple(s[1:-1]) + (self.groups, c // self.groups))
        perm = list(range(len(s) - 1)) + [len(s), len(s) - 1]
        y = ops.transpose(y, perm)
        return ops.reshape(y, (-1,) + tuple(s[1:]))


ACT = {"relu": "relu", "sigmoid": "sigmoid", "tanh": "tanh", "silu": "silu",
       "softmax": "softmax", "elu": "elu", "selu": "selu", "gelu": "gelu",
       "softplus": "softplus", "hard_sigmoid": "hard_sigmoid", "identity": "linear"}


def pad_layer(n, pads, name):
    zp = {1: layers.ZeroPadding1D, 2: layers.ZeroPadding2D, 3: layers.ZeroPadding3D}[n]
    if n == 1:
        return zp(pads[0], name=name)
    return zp(tuple((p, p) for p in pads), name=name)


def build_layer(op, a, name, xs):
    """Apply the Keras equivalent of IR op `op` to the Keras tensors xs."""
    x = xs[0]
    pad = a.get("padding", "valid")

    def prepad(n):
        nonlocal x, pad
        if isinstance(pad, list):
            if any(pad):
                x = pad_layer(n, pad, name + "_pad")(x)
            pad = "valid"

    if op in ("conv1d", "conv2d", "conv3d"):
        n = int(op[4])
        prepad(n)
        cls = {1: layers.Conv1D, 2: layers.Conv2D, 3: layers.Conv3D}[n]
        return cls(a["filters"], tuple(a["kernel"]), strides=tuple(a.get("strides", [1] * n)),
                   padding=pad, dilation_rate=tuple(a.get("dilation", [1] * n)),
                   groups=a.get("groups", 1), use_bias=a.get("bias", True), name=name)(x)
    if op == "conv2d_transpose":
        return layers.Conv2DTranspose(a["filters"], tuple(a["kernel"]),
                                      strides=tuple(a.get("strides", [1, 1])), padding=pad,
                                      use_bias=a.get("bias", True), name=name)(x)
    if op == "depthwise_conv2d":
        prepad(2)
        return layers.DepthwiseConv2D(tuple(a["kernel"]), strides=tuple(a.get("strides", [1, 1])),
                                      padding=pad, depth_multiplier=a.get("depth_multiplier", 1),
                                      use_bias=a.get("bias", True), name=name)(x)
    if op == "separable_conv2d":
        prepad(2)
        return layers.SeparableConv2D(a["filters"], tuple(a["kernel"]),
                                      strides=tuple(a.get("strides", [1, 1])), padding=pad,
                                      depth_multiplier=a.get("depth_multiplier", 1),
                                      use_bias=a.get("bias", True), name=name)(x)
    if op == "dense":
        return layers.Dense(a["units"], use_bias=a.get("bias", True), name=name)(x)
    if op == "batch_norm":
        return layers.BatchNormalization(epsilon=a.get("epsilon", 1e-3), scale=a.get("scale", True),
                                         center=a.get("center", True), name=name)(x)
    if op == "layer_norm":
        return layers.LayerNormalization(epsilon=a.get("epsilon", 1e-3), name=name)(x)
    if op == "relu6":
        return layers.ReLU(6.0, name=name)(x)
    if op == "leaky_relu":
        return layers.LeakyReLU(a.get("alpha", 0.01), name=name)(x)
    if op in ACT:
        return layers.Activation(ACT[op], name=name)(x)
    if op == "dropout":
        return layers.Dropout(a["rate"], name=name)(x)
    if op[:-2] in ("max_pool", "avg_pool"):
        n = int(op[-2])
        if isinstance(pad, list):
            prepad(n)
        kind = "Max" if op.startswith("max") else "Average"
        cls = getattr(layers, "%sPooling%dD" % (kind, n))
        return cls(tuple(a["pool"]), strides=tuple(a.get("strides", a["pool"])), padding=pad,
                   name=name)(x)
    if op in ("global_avg_pool", "global_max_pool"):
        n = len(x.shape) - 2
        kind = "Average" if op == "global_avg_pool" else "Max"
        cls = getattr(layers, "Global%sPooling%dD" % (kind, n))
        return cls(keepdims=a.get("keepdims", False), name=name)(x)
    if op == "adaptive_avg_pool2d":
        assert list(a["output_size"]) == [1, 1]
        return layers.GlobalAveragePooling2D(keepdims=True, name=name)(x)
    if op == "flatten":
        return layers.Flatten(name=name)(x)
    if op == "reshape":
        return layers.Reshape(tuple(a["shape"]), name=name)(x)
    if op == "add":
        return layers.Add(name=name)(xs)
    if op == "multiply":
        return layers.Multiply(name=name)(xs)
    if op == "concatenate":
        return layers.Concatenate(axis=a.get("axis", -1), name=name)(xs)
    if op == "zero_padding":
        return layers.ZeroPadding2D(tuple(tuple(p) for p in a["padding"]), name=name)(x)
    if op == "cropping":
        return layers.Cropping2D(tuple(tuple(p) for p in a["cropping"]), name=name)(x)
    if op == "upsampling":
        return layers.UpSampling2D(tuple(a["size"]), name=name)(x)
    if op == "embedding":
        return layers.Embedding(a["input_dim"], a["output_dim"], name=name)(x)
    if op == "position_embedding":
        return PositionEmbedding(name=name)(x)
    if op in ("lstm", "gru", "simple_rnn"):
        cls = {"lstm": layers.LSTM, "gru": layers.GRU, "simple_rnn": layers.SimpleRNN}[op]
        return cls(a["units"], return_sequences=a.get("return_sequences", False), name=name)(x)
    if op == "multi_head_attention":
        v = xs[-1]
        return layers.MultiHeadAttention(a["num_heads"], a["key_dim"], name=name)(x, v)
    if op == "slice":
        return Slice(a["axis"], a["begin"], a["size"], name=name)(x)
    if op == "channel_shuffle":
        return ChannelShuffle(a["groups"], name=name)(x)
    raise SystemExit("zoo-params: no Keras mapping for op %s" % op)


def to_keras(m):
    t = {}
    ins = []
    for name, shape, dtype, _ in m.inputs:
        t[name] = keras.Input(shape=tuple(shape[1:]), batch_size=shape[0], dtype=dtype, name=name)
        ins.append(t[name])
    for name, op, inputs, attrs in m.nodes:
        t[name] = build_layer(op, attrs, name, [t[i] for i in inputs])
    return keras.Model(ins, [t[o] for o in m.outputs], name=m.name.replace(".", "_"))


APPS = {
    "vgg16": ("VGG16", {}),
    "vgg19": ("VGG19", {}),
    "resnet50": ("ResNet50", {}),
    "densenet121": ("DenseNet121", {}),
    "mobilenet": ("MobileNet", {}),
    "mobilenet-v2": ("MobileNetV2", {}),
    "inception-v3": ("InceptionV3", {}),
    "xception": ("Xception", {}),
    "efficientnet-b0": ("EfficientNetB0", {}),
}


def counts(km):
    tr = sum(int(w.numpy().size) if hasattr(w, "numpy") else int(keras.ops.size(w))
             for w in km.trainable_weights)
    return km.count_params(), tr


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--apps", action="store_true")
    ap.add_argument("--forward", action="store_true")
    ap.add_argument("models", nargs="*")
    args = ap.parse_args()
    modeldir = os.path.join(HERE, "..", "corpus", "models")
    bad = 0
    for m in zoogen.build_all(args.models):
        path = os.path.join(modeldir, m.name + ".yaml")
        stale = not os.path.exists(path) or open(path).read() != m.yaml()
        km = to_keras(m)
        k_all, k_tr = counts(km)
        k_out = [int(d) for d in km.outputs[0].shape]
        ok = (k_all == m.params and k_tr == m.trainable and k_out == m.shape[m.outputs[0]]
              and m.counted() == m.published["params"] and not stale)
        line = "%-22s keras all %11d trainable %11d out %-18s | IR all %11d trainable %11d | published %11d %-9s %s" % (
            m.name, k_all, k_tr, k_out, m.params, m.trainable, m.published["params"],
            m.published["counts"], "ok" if ok else "MISMATCH")
        if stale:
            line += " (yaml stale: rerun tools/zoo-gen.py)"
        if args.forward:
            import numpy as np
            feed = [np.zeros(s, dtype=d) for _, s, d, _ in m.inputs]
            y = km(feed if len(feed) > 1 else feed[0])
            line += " forward %s" % (list(y.shape),)
        print(line, flush=True)
        bad += not ok
        if args.apps and m.name in APPS:
            cls, kw = APPS[m.name]
            app = getattr(keras.applications, cls)(weights=None, **kw)
            a_all, a_tr = counts(app)
            print("%-22s keras.applications.%s: total %d trainable %d" % ("", cls, a_all, a_tr), flush=True)
        keras.backend.clear_session()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
