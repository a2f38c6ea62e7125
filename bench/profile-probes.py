#!/usr/bin/env python3
"""profile-probes.py: check the facts of rules/frameworks/*.yaml against
the real frameworks.

It writes small one-op models in the IR (each op of the vocabulary,
computing in float16, bfloat16 and float64, and a few models that break
one named constraint), runs them through harness/dltriage-harness in
batch mode on each framework given, and prints which were accepted.  The
dtype table and the facts of the profiles come from its output.

    bench/profile-probes.py [--python PY] [--framework NAME]... [--keep DIR]

--python may be given as NAME=PYTHON to run one framework with another
interpreter, e.g. torch=/usr/bin/python3 for Debian's PyTorch 1.13.
Standard library only; the frameworks are imported by the harness.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)

F4 = [1, 8, 8, 3]

# op: (input shapes, attrs); inputs are float32 unless the op needs ints
OPS = {
    "conv1d": ([[1, 8, 3]], {"filters": 4, "kernel": [3]}),
    "conv2d": ([F4], {"filters": 4, "kernel": [3, 3]}),
    "conv3d": ([[1, 6, 6, 6, 2]], {"filters": 2, "kernel": [3, 3, 3]}),
    "conv2d_transpose": ([[1, 4, 4, 3]], {"filters": 2, "kernel": [3, 3], "strides": [2, 2]}),
    "depthwise_conv2d": ([F4], {"kernel": [3, 3]}),
    "separable_conv2d": ([F4], {"filters": 4, "kernel": [3, 3]}),
    "dense": ([[1, 8]], {"units": 4}),
    "batch_norm": ([F4], {}),
    "layer_norm": ([[1, 4, 8]], {}),
    "relu": ([[1, 8]], {}), "relu6": ([[1, 8]], {}), "elu": ([[1, 8]], {}),
    "selu": ([[1, 8]], {}), "gelu": ([[1, 8]], {}), "sigmoid": ([[1, 8]], {}),
    "tanh": ([[1, 8]], {}), "softplus": ([[1, 8]], {}), "silu": ([[1, 8]], {}),
    "hard_sigmoid": ([[1, 8]], {}), "leaky_relu": ([[1, 8]], {}),
    "softmax": ([[1, 8]], {}), "identity": ([[1, 8]], {}),
    "max_pool1d": ([[1, 8, 3]], {"pool": [2]}),
    "max_pool2d": ([F4], {"pool": [2, 2]}),
    "max_pool3d": ([[1, 4, 4, 4, 2]], {"pool": [2, 2, 2]}),
    "avg_pool1d": ([[1, 8, 3]], {"pool": [2]}),
    "avg_pool2d": ([F4], {"pool": [2, 2]}),
    "avg_pool3d": ([[1, 4, 4, 4, 2]], {"pool": [2, 2, 2]}),
    "global_avg_pool": ([F4], {}),
    "global_max_pool": ([F4], {}),
    "adaptive_avg_pool2d": ([F4], {"output_size": [3, 3]}),
    "dropout": ([[1, 8]], {"rate": 0.5}),
    "flatten": ([F4], {}),
    "reshape": ([F4], {"shape": [16, 12]}),
    "transpose": ([[1, 4, 5, 3]], {"perm": [2, 0, 1]}),
    "add": ([[1, 8], [1, 8]], {}),
    "subtract": ([[1, 8], [1, 8]], {}),
    "multiply": ([[1, 8], [1, 8]], {}),
    "maximum": ([[1, 8], [1, 8]], {}),
    "concatenate": ([[1, 8], [1, 8]], {}),
    "zero_padding": ([F4], {"padding": [[1, 1], [1, 1]]}),
    "cropping": ([F4], {"cropping": [[1, 1], [1, 1]]}),
    "upsampling": ([F4], {"size": [2, 2]}),
    "embedding": ([[1, 5]], {"input_dim": 10, "output_dim": 4}),
    "position_embedding": ([[1, 5, 8]], {}),
    "lstm": ([[1, 5, 8]], {"units": 4}),
    "gru": ([[1, 5, 8]], {"units": 4}),
    "simple_rnn": ([[1, 5, 8]], {"units": 4}),
    "multi_head_attention": ([[1, 5, 8]], {"num_heads": 2, "key_dim": 4}),
    "mean": ([F4], {"axes": [1, 2]}),
    "slice": ([[1, 8, 3]], {"axis": 1, "begin": 1, "size": 4}),
    "channel_shuffle": ([[1, 4, 4, 6]], {"groups": 2}),
    "cast": ([[1, 8]], {"dtype": "float64"}),
}

# Models that break one constraint: (name, op, input shapes, attrs).
FACTS = [
    ("max_pool_pad_over_half", "max_pool2d", [F4], {"pool": [2, 2], "padding": [2, 2]}),
    ("avg_pool_pad_over_half", "avg_pool2d", [F4], {"pool": [2, 2], "padding": [2, 2]}),
    ("max_pool_pad_half", "max_pool2d", [F4], {"pool": [3, 3], "padding": [1, 1]}),
    ("conv_dilation_with_strides", "conv2d", [[1, 16, 16, 3]],
     {"filters": 2, "kernel": [3, 3], "strides": [2, 2], "dilation": [2, 2]}),
    ("conv_dilation_with_strides_same", "conv2d", [[1, 16, 16, 3]],
     {"filters": 2, "kernel": [3, 3], "strides": [2, 2], "dilation": [2, 2],
      "padding": "same"}),
    ("depthwise_dilation_with_strides", "depthwise_conv2d", [[1, 16, 16, 3]],
     {"kernel": [3, 3], "strides": [2, 2], "dilation": [2, 2]}),
    ("conv1d_dilation_with_strides", "conv1d", [[1, 16, 3]],
     {"filters": 2, "kernel": [3], "strides": [2], "dilation": [2]}),
    ("conv_same_strided", "conv2d", [F4],
     {"filters": 2, "kernel": [3, 3], "strides": [2, 2], "padding": "same"}),
    ("conv_explicit_pad", "conv2d", [F4],
     {"filters": 2, "kernel": [3, 3], "padding": [2, 2]}),
    ("pool_same_strided", "max_pool2d", [[1, 7, 7, 3]],
     {"pool": [3, 3], "strides": [2, 2], "padding": "same"}),
    ("conv3d_dilation_with_strides", "conv3d", [[1, 9, 9, 9, 2]],
     {"filters": 2, "kernel": [3, 3, 3], "strides": [2, 2, 2], "dilation": [2, 2, 2]}),
    ("conv_kernel_over_input", "conv2d", [[1, 2, 2, 3]], {"filters": 2, "kernel": [3, 3]}),
    ("pool_over_input", "max_pool2d", [[1, 2, 2, 3]], {"pool": [3, 3]}),
    ("avg_pool_over_input", "avg_pool2d", [[1, 2, 2, 3]], {"pool": [3, 3]}),
    ("conv_groups_not_dividing", "conv2d", [[1, 8, 8, 6]],
     {"filters": 4, "kernel": [3, 3], "groups": 4}),
    ("dropout_rate_1", "dropout", [[1, 8]], {"rate": 1.0}),
    ("embedding_float_indices", "embedding-float", [[1, 5]],
     {"input_dim": 10, "output_dim": 4}),
    ("lstm_rank4", "lstm", [[1, 2, 5, 8]], {"units": 4}),
    ("upsampling_rank2", "upsampling", [[1, 8]], {"size": [2]}),
]


def yaml_value(v):
    if isinstance(v, str):
        return v
    return json.dumps(v)


def write_model(path, name, op, shapes, attrs, dtype=None):
    lines = ["model: %s" % name, "seed: 7", "inputs:"]
    ins = []
    float_emb = op == "embedding-float"
    if float_emb:
        op = "embedding"
    for i, s in enumerate(shapes):
        n = "x%d" % i
        ins.append(n)
        if op == "embedding" and not float_emb:
            lines += ["  - name: %s" % n, "    shape: %s" % json.dumps(s),
                      "    dtype: int32", "    range: [0, 10]"]
        else:
            lines += ["  - name: %s" % n, "    shape: %s" % json.dumps(s),
                      "    dtype: float32"]
    lines += ["nodes:", "  - name: n", "    op: %s" % op, "    inputs: [%s]" % ", ".join(ins)]
    if attrs:
        lines.append("    attrs: {%s}" % ", ".join(
            "%s: %s" % (k, yaml_value(v)) for k, v in attrs.items()))
    if dtype:
        lines.append("    dtype: %s" % dtype)
    lines.append("outputs: [n]")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def run(framework, python, files, out):
    env = dict(os.environ)
    env["DLT_PYTHON"] = python
    subprocess.run([os.path.join(TOP, "harness", "dltriage-harness"), "--framework",
                    framework, "--out", out] + files, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    res = {}
    try:
        with open(os.path.join(out, "summary.jsonl")) as f:
            for line in f:
                r = json.loads(line)
                res[os.path.basename(r["file"])[:-5]] = (r["status"], r.get("message", ""))
    except OSError:
        pass
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--framework", action="append",
                    help="torch, tensorflow, jax, keras-tensorflow, keras-jax, keras-torch")
    ap.add_argument("--python", action="append", default=[],
                    help="PYTHON, or NAME=PYTHON for one framework")
    ap.add_argument("--keep", help="write the models and results here")
    ap.add_argument("--facts-only", action="store_true",
                    help="only the models that break a constraint")
    args = ap.parse_args()
    fws = args.framework or ["torch", "tensorflow", "jax", "keras-tensorflow",
                             "keras-jax", "keras-torch"]
    default_py = os.environ.get("DLT_PYTHON", "/work/venv/bin/python")
    per = {}
    for p in args.python:
        if "=" in p:
            k, v = p.split("=", 1)
            per[k] = v
        else:
            default_py = p
    work = args.keep or tempfile.mkdtemp(prefix="dlt-probes.")
    mdir = os.path.join(work, "models")
    os.makedirs(mdir, exist_ok=True)
    files = []
    for op, (shapes, attrs) in sorted(OPS.items()) if not args.facts_only else []:
        for dt in ("float16", "bfloat16", "float64"):
            name = "%s.%s" % (op.replace("_", "-"), dt)
            p = os.path.join(mdir, name + ".yaml")
            write_model(p, name, op, shapes, attrs, dt if op != "cast" else None)
            if op == "cast":
                a = dict(attrs)
                a["dtype"] = dt
                write_model(p, name, op, shapes, a)
            files.append(p)
    for name, op, shapes, attrs in FACTS:
        p = os.path.join(mdir, name.replace("_", "-") + ".yaml")
        write_model(p, name.replace("_", "-"), op, shapes, attrs)
        files.append(p)
    results = {}
    for fw in fws:
        results[fw] = run(fw, per.get(fw, default_py), files, os.path.join(work, fw))
    names = [os.path.basename(f)[:-5] for f in files]
    width = max(len(n) for n in names)
    print("%-*s %s" % (width, "model", " ".join("%-16s" % f for f in fws)))
    for n in names:
        row = []
        for fw in fws:
            st, _ = results[fw].get(n, ("missing", ""))
            row.append("%-16s" % st)
        print("%-*s %s" % (width, n, " ".join(row)))
    print()
    for fw in fws:
        for n in names:
            st, msg = results[fw].get(n, ("missing", ""))
            if st != "ok":
                print("%s %s: %s" % (fw, n, msg.replace("\n", " ")[:200]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
