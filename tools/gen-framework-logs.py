#!/usr/bin/env python3
"""Generate real framework logs for corpus/logs/real (a developer tool).

usage: gen-framework-logs.py [--out DIR] [--manifest FILE] [--venv-python PY]
                             [--system-python PY] [--mindspore-python PY]
                             [--only SUBSTR] [--jobs N] [--list]

Runs small scenarios, each in its own subprocess (`python -X faulthandler`),
against the real frameworks (PyTorch, TensorFlow, JAX, Keras 3 on its three
backends, ONNX Runtime, MindSpore in its own interpreter, and an older
PyTorch where one is installed for the system Python) and keeps what they
print (stdout and stderr together) as <out>/<framework>-<scenario>.log.  The expected class of each log is decided
by the nature of the scenario, never by dltriage:

  false-positive  an illegal model or input the framework must reject
  crash           a real crash (signal, abort, a kernel missing for a dtype)
  nan / oom / timeout / inconsistency   as their names say

A scenario that expects a crash but whose process exits normally (the bug is
fixed in the installed version) is reported and left out; one that expects a
rejection but whose process dies of a signal is a crash (the framework was to
reject the input gracefully) and is listed as one; and so is any
scenario whose framework is not installed.  The manifest (corpus/logs.real.tsv,
kept outside the log directory so that classifying corpus/logs does not read
it, like corpus/logs.README) lists file, framework, framework version, expected class, expected kind (or
-) and how the log was produced.

Not run by the test suite: the logs it produced are checked in, and
tests/accuracy-real.py compares dltriage with the manifest.  Standard library
only; the frameworks are needed in the interpreters that run the scenarios.
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "..", "corpus", "logs", "real")
DEFAULT_MANIFEST = os.path.join(HERE, "..", "corpus", "logs.real.tsv")
MAX_LINES = 240          # logs longer than this keep their head and tail
HEAD_LINES = 60

# --------------------------------------------------------------------------
# Scenarios: (name, framework, interpreter, class, kind, how, code, env)
# interpreter: "venv" (current frameworks), "system" (Debian's PyTorch 1.13)
# or "mindspore" (MindSpore, in a virtual environment of its own: it needs
# numpy<2)
# --------------------------------------------------------------------------

S = []


def sc(name, framework, cls, kind, how, code, interp="venv", env=None):
    S.append(dict(name=name, framework=framework, cls=cls, kind=kind or "-",
                  how=how, code=textwrap.dedent(code), interp=interp,
                  env=env or {}))


def add_batch(batch):
    """Add a batch's entries: (framework, interpreter, KERAS_BACKEND or None,
    class, kind, name, how, code)."""
    for fw, interp, be, cls, kind, name, how, code in batch:
        sc(name, fw, cls, kind, how + (" (KERAS_BACKEND=%s)" % be if be else ""),
           textwrap.dedent(code), interp=interp,
           env={"KERAS_BACKEND": be} if be else None)


def prefixed(framework, interp, pre, cases):
    """Batch entries of one framework whose scenarios share a preamble:
    cases are (class, kind, name, how, code), code without the preamble."""
    return [(framework, interp, None, cls, kind, name, how,
             pre + textwrap.dedent(code) + "\n")
            for cls, kind, name, how, code in cases]


# ---- PyTorch: illegal models and inputs (false-positive) ------------------
TORCH_FP = [
    ("conv-channel-mismatch", "Conv2d(3,8,3) applied to a 4-channel input",
     "m = nn.Conv2d(3, 8, 3)\nm(torch.randn(1, 4, 8, 8))"),
    ("conv-kernel-larger-than-input", "Conv2d with a 7x7 kernel on a 4x4 input",
     "m = nn.Conv2d(3, 8, 7)\nm(torch.randn(1, 3, 4, 4))"),
    ("bad-reshape", "reshape of 6 elements into [4, 2]",
     "torch.randn(2, 3).reshape(4, 2)"),
    ("linear-shape-mismatch", "Linear(128, 10) applied to a [4, 256] input",
     "m = nn.Linear(128, 10)\nm(torch.randn(4, 256))"),
    ("conv-int-input", "Conv2d applied to an int64 input",
     "m = nn.Conv2d(3, 8, 3)\nm(torch.ones(1, 3, 8, 8, dtype=torch.int64))"),
    ("linear-double-input", "Linear (float32 weights) applied to a float64 input",
     "m = nn.Linear(3, 3)\nm(torch.ones(2, 3, dtype=torch.float64))"),
    ("negative-dim", "Linear with a negative number of input features",
     "nn.Linear(-1, 3)"),
    ("zero-out-channels", "Conv2d with zero output channels, then run",
     "m = nn.Conv2d(3, 0, 3)\nprint(m(torch.randn(1, 3, 8, 8)).shape)"),
    ("groups-not-dividing", "Conv2d(3, 8, groups=2)",
     "nn.Conv2d(3, 8, 3, groups=2)"),
    ("negative-padding", "Conv2d with padding=-1",
     "m = nn.Conv2d(3, 8, 3, padding=-1)\nm(torch.randn(1, 3, 8, 8))"),
    ("bad-padding-string", "Conv2d with padding='full'",
     "nn.Conv2d(3, 8, 3, padding='full')"),
    ("conv2d-rank-mismatch", "Conv2d applied to a 2-D tensor",
     "m = nn.Conv2d(3, 8, 3)\nm(torch.randn(8, 8))"),
    ("lstm-rank-mismatch", "LSTM applied to a 4-D tensor",
     "m = nn.LSTM(10, 20)\nm(torch.randn(5, 3, 10, 2))"),
    ("lstm-input-size", "LSTM(10, 20) applied to 7 features",
     "m = nn.LSTM(10, 20)\nm(torch.randn(5, 3, 7))"),
    ("embedding-index-out-of-range", "Embedding(10, 3) looked up with index 12",
     "m = nn.Embedding(10, 3)\nm(torch.tensor([1, 12]))"),
    ("maxpool-output-too-small", "MaxPool2d(5) on a 2x2 input",
     "m = nn.MaxPool2d(5)\nm(torch.randn(1, 1, 2, 2))"),
    ("batchnorm-features", "BatchNorm2d(4) on 3 channels",
     "m = nn.BatchNorm2d(4)\nm(torch.randn(2, 3, 5, 5))"),
    ("cat-size-mismatch", "torch.cat of [2,3] and [2,4] along dim 0",
     "torch.cat([torch.randn(2, 3), torch.randn(2, 4)])"),
    ("cross-entropy-target-out-of-bounds", "cross_entropy with a class index 5 of 3",
     "F.cross_entropy(torch.randn(2, 3), torch.tensor([0, 5]))"),
    ("dropout-probability", "Dropout(p=1.5)", "nn.Dropout(p=1.5)"),
    ("view-noncontiguous", "view() of a transposed tensor",
     "torch.randn(3, 4).t().view(12)"),
    ("avgpool-padding", "AvgPool2d(2, padding=2)",
     "m = nn.AvgPool2d(2, padding=2)\nm(torch.randn(1, 1, 8, 8))"),
    ("matmul-shape-mismatch", "torch.matmul of [2,3] and [4,5]",
     "torch.matmul(torch.randn(2, 3), torch.randn(4, 5))"),
    ("sequential-linear-mismatch", "Sequential(Conv2d, Flatten, Linear) with a wrong in_features, in a module",
     """\
     class Net(nn.Module):
         def __init__(self):
             super().__init__()
             self.body = nn.Sequential(nn.Conv2d(3, 4, 3), nn.ReLU(), nn.Flatten(), nn.Linear(100, 10))
         def forward(self, x):
             return self.body(x)
     Net()(torch.randn(2, 3, 8, 8))"""),
    ("expand-size", "expand of [3] to [2, 4]",
     "torch.randn(3).expand(2, 4)"),
    ("conv-transpose-output-padding", "ConvTranspose2d with output_padding >= stride",
     "m = nn.ConvTranspose2d(3, 4, 3, stride=1, output_padding=2)\nm(torch.randn(1, 3, 8, 8))"),
]
for _n, _how, _code in TORCH_FP:
    sc(_n, "pytorch", "false-positive", None, _how,
       "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n" + textwrap.dedent(_code) + "\n")

# ---- PyTorch: crashes ------------------------------------------------------
sc("segv-ctypes-in-forward-hook", "pytorch", "crash", "segfault",
   "a forward hook dereferences NULL through ctypes inside Module.__call__",
   """\
   import ctypes, torch, torch.nn as nn
   m = nn.Sequential(nn.Linear(4, 4), nn.ReLU())
   def hook(mod, inp, out):
       ctypes.string_at(0)
   m[0].register_forward_hook(hook)
   m(torch.randn(2, 4))
   """)
sc("abort-in-autograd-function", "pytorch", "crash", "abort",
   "os.abort() inside a custom autograd.Function's backward",
   """\
   import os, torch
   class F(torch.autograd.Function):
       @staticmethod
       def forward(ctx, x):
           return x * 2
       @staticmethod
       def backward(ctx, g):
           os.abort()
   x = torch.randn(3, requires_grad=True)
   F.apply(x).sum().backward()
   """)
sc("batch-norm-backward-none-segv", "pytorch", "crash", "segfault",
   "aten.native_batch_norm_backward with None weight/running stats/saved stats in training mode (SIGSEGV)",
   """\
   import torch
   g = torch.randn(2, 3)
   x = torch.randn(2, 3)
   torch.ops.aten.native_batch_norm_backward(g, x, None, None, None, None, None, True, 1e-5, [True, True, True])
   """)
sc("half-cholesky-not-implemented", "pytorch", "crash", "not-implemented",
   "torch.linalg.cholesky on a CPU float16 tensor (no Half kernel)",
   """\
   import torch
   a = torch.randn(4, 4)
   a = (a @ a.T + 4 * torch.eye(4)).half()
   torch.linalg.cholesky(a)
   """)
sc("half-svd-not-implemented", "pytorch", "crash", "not-implemented",
   "torch.linalg.svd on a CPU float16 tensor inside a module (no Half kernel)",
   """\
   import torch, torch.nn as nn
   class Whiten(nn.Module):
       def forward(self, x):
           u, s, v = torch.linalg.svd(x)
           return u
   Whiten().half()(torch.randn(4, 4).half())
   """)

# ---- PyTorch 1.13 (Debian python3-torch): crashes and kernel gaps ----------
sc("batch-norm-backward-none-segv", "pytorch-1.13", "crash", "segfault",
   "aten.native_batch_norm_backward with None weight/running stats/saved stats (SIGSEGV on 1.13)",
   """\
   import torch
   torch.ops.aten.native_batch_norm_backward(torch.randn(2, 3), torch.randn(2, 3), None, None, None, None, None, True, 1e-5, [True, True, True])
   """, interp="system")
sc("half-addmm-not-implemented", "pytorch-1.13", "crash", "not-implemented",
   "nn.Linear in float16 on CPU (1.13 has no Half addmm kernel)",
   """\
   import torch, torch.nn as nn
   m = nn.Linear(4, 4).half()
   print(m(torch.randn(2, 4).half()))
   """, interp="system")
sc("half-conv-not-implemented", "pytorch-1.13", "crash", "not-implemented",
   "nn.Conv2d in float16 on CPU (1.13 has no Half slow_conv2d kernel)",
   """\
   import torch, torch.nn as nn
   m = nn.Conv2d(3, 4, 3).half()
   print(m(torch.randn(1, 3, 8, 8).half()).shape)
   """, interp="system")
sc("remainder-int-zero", "pytorch-1.13", "crash", "fpe",
   "torch.remainder of an int tensor by a zero tensor (SIGFPE)",
   """\
   import torch
   print(torch.remainder(torch.tensor([5, 7]), torch.tensor([0, 0])))
   """, interp="system")
sc("jit-modulo-zero", "pytorch-1.13", "crash", "fpe",
   "a TorchScript function computing int % 0 (SIGFPE)",
   """\
   import torch
   @torch.jit.script
   def f(a: int, b: int) -> int:
       return a % b
   print(f(5, 0))
   """, interp="system")
sc("conv-channel-mismatch", "pytorch-1.13", "false-positive", None,
   "Conv2d(3,8,3) applied to a 4-channel input",
   "import torch, torch.nn as nn\nnn.Conv2d(3, 8, 3)(torch.randn(1, 4, 8, 8))\n", interp="system")
sc("linear-shape-mismatch", "pytorch-1.13", "false-positive", None,
   "Linear(128, 10) applied to a [4, 256] input",
   "import torch, torch.nn as nn\nnn.Linear(128, 10)(torch.randn(4, 256))\n", interp="system")
sc("embedding-index-out-of-range", "pytorch-1.13", "false-positive", None,
   "Embedding(10, 3) looked up with index 12",
   "import torch, torch.nn as nn\nnn.Embedding(10, 3)(torch.tensor([12]))\n", interp="system")

# ---- PyTorch: nan, oom, timeout, inconsistency ----------------------------
sc("nan-log-negative", "pytorch", "nan", None, "prints torch.log of a negative input",
   "import torch\nx = torch.tensor([-1.0, 2.0, 3.0])\nprint('output:', torch.log(x))\n")
sc("nan-training-huge-lr", "pytorch", "nan", None,
   "trains a small MLP with lr=1e10 and prints the loss per epoch",
   """\
   import torch, torch.nn as nn
   torch.manual_seed(0)
   m = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 1))
   opt = torch.optim.SGD(m.parameters(), lr=1e10)
   x, y = torch.randn(64, 8), torch.randn(64, 1)
   for epoch in range(6):
       opt.zero_grad()
       loss = nn.functional.mse_loss(m(x), y)
       loss.backward()
       opt.step()
       print(f"epoch {epoch} loss: {loss.item():.4f}")
   """)
sc("nan-anomaly-sqrt", "pytorch", "nan", None,
   "autograd anomaly detection on sqrt of a negative value",
   """\
   import torch
   torch.autograd.set_detect_anomaly(True)
   x = torch.tensor([-1.0, 4.0], requires_grad=True)
   y = torch.sqrt(x).sum()
   y.backward()
   """)
sc("oom-cpu-allocator", "pytorch", "oom", None, "torch.empty of 2**40 floats on CPU",
   "import torch\nx = torch.empty(2**40)\n")
sc("oom-numpy-memoryerror", "pytorch", "oom", None,
   "numpy.zeros of 2**40 float64 while preparing a torch input",
   "import numpy as np, torch\nbuf = np.zeros(2**40)\nx = torch.from_numpy(buf)\n")
sc("timeout-dump-traceback-later", "pytorch", "timeout", None,
   "faulthandler.dump_traceback_later(2, exit=True) around a training loop that never ends",
   """\
   import faulthandler, torch, torch.nn as nn
   faulthandler.dump_traceback_later(2, exit=True)
   m = nn.Linear(64, 64)
   x = torch.randn(64, 64)
   def train_step():
       return m(x).sum()
   while True:
       train_step()
   """)
sc("inconsistency-assert-close-vs-numpy", "pytorch", "inconsistency", None,
   "torch.testing.assert_close between a float16 torch softmax and a numpy float64 softmax",
   """\
   import numpy as np, torch
   x = np.random.RandomState(0).randn(4, 16).astype(np.float64) * 8
   ref = np.exp(x - x.max(1, keepdims=True)); ref /= ref.sum(1, keepdims=True)
   out = torch.softmax(torch.from_numpy(x).half(), dim=1).double()
   torch.testing.assert_close(out, torch.from_numpy(ref), rtol=1e-6, atol=1e-7)
   """)

# ---- TensorFlow ------------------------------------------------------------
TF_FP = [
    ("conv-channel-mismatch", "tf.nn.conv2d of a 3-channel input with a 4-channel filter",
     "tf.nn.conv2d(tf.zeros([1, 8, 8, 3]), tf.zeros([3, 3, 4, 8]), 1, 'SAME')"),
    ("matmul-shape-mismatch", "tf.matmul of [2,3] and [4,5]",
     "tf.matmul(tf.zeros([2, 3]), tf.zeros([4, 5]))"),
    ("bad-reshape", "tf.reshape of 6 values into [4, 2]",
     "tf.reshape(tf.zeros([2, 3]), [4, 2])"),
    ("kernel-larger-than-input", "tf.nn.conv2d VALID with a 5x5 filter on a 2x2 input",
     "tf.nn.conv2d(tf.zeros([1, 2, 2, 3]), tf.zeros([5, 5, 3, 8]), 1, 'VALID')"),
    ("negative-dim", "tf.zeros with a negative dimension",
     "tf.zeros([-1, 3])"),
    ("gather-index-out-of-range", "tf.gather of index 10 from 3 rows",
     "tf.gather(tf.zeros([3, 4]), [0, 10])"),
    ("bad-padding", "tf.nn.conv2d with padding='FULL'",
     "tf.nn.conv2d(tf.zeros([1, 8, 8, 3]), tf.zeros([3, 3, 3, 8]), 1, 'FULL')"),
    ("conv-int-input", "tf.nn.conv2d on int32 tensors",
     "tf.nn.conv2d(tf.zeros([1, 8, 8, 3], tf.int32), tf.zeros([3, 3, 3, 8], tf.int32), 1, 'SAME')"),
    ("add-shape-mismatch", "tf.add of [8,10] and [8,12]",
     "tf.add(tf.zeros([8, 10]), tf.zeros([8, 12]))"),
    ("function-graph-shape-mismatch", "tf.function whose traced graph adds [2,3] and [2,4] (shape inference error)",
     """\
     @tf.function
     def f(a, b):
         return tf.matmul(a, b) + 1.0
     f(tf.zeros([2, 3]), tf.zeros([4, 5]))"""),
    ("function-runtime-invalid-argument", "tf.function with unknown dims fed mismatching shapes (Graph execution error)",
     """\
     @tf.function(input_signature=[tf.TensorSpec([None, None]), tf.TensorSpec([None, None])])
     def f(a, b):
         return tf.matmul(a, b)
     f(tf.zeros([2, 3]), tf.zeros([4, 5]))"""),
    ("rank-mismatch-conv", "tf.nn.conv2d on a 3-D input",
     "tf.nn.conv2d(tf.zeros([8, 8, 3]), tf.zeros([3, 3, 3, 8]), 1, 'SAME')"),
]
for _n, _how, _code in TF_FP:
    sc(_n, "tensorflow", "false-positive", None, _how, "import tensorflow as tf\n" + textwrap.dedent(_code) + "\n")

sc("segv-ctypes-in-py-function", "tensorflow", "crash", "segfault",
   "tf.py_function whose body dereferences NULL through ctypes, called from a tf.function",
   """\
   import ctypes, tensorflow as tf
   def body(x):
       ctypes.string_at(0)
       return x
   @tf.function
   def f(x):
       return tf.py_function(body, [x], tf.float32)
   f(tf.constant(1.0))
   """)
sc("abort-in-map-fn", "tensorflow", "crash", "abort",
   "os.abort() inside a Keras-free TF eager loop (tf.map_fn body)",
   """\
   import os, tensorflow as tf
   def body(x):
       os.abort()
   tf.map_fn(body, tf.zeros([3]))
   """)
sc("nan-log-negative", "tensorflow", "nan", None, "prints tf.math.log of a negative input",
   "import tensorflow as tf\nprint(tf.math.log(tf.constant([-1.0, 2.0])))\n")
sc("nan-check-numerics", "tensorflow", "nan", None,
   "tf.debugging.check_numerics on sqrt of a negative value",
   "import tensorflow as tf\ntf.debugging.check_numerics(tf.sqrt(tf.constant([-1.0])), 'sqrt output')\n")
sc("oom-huge-tensor", "tensorflow", "oom", None, "tf.zeros of [2**20, 2**20] floats on CPU",
   "import tensorflow as tf\nx = tf.zeros([2**20, 2**20])\nprint(x.shape)\n")
sc("timeout-dump-traceback-later", "tensorflow", "timeout", None,
   "faulthandler.dump_traceback_later(2, exit=True) around an endless tf loop",
   """\
   import faulthandler, tensorflow as tf
   x = tf.random.normal([64, 64])
   faulthandler.dump_traceback_later(2, exit=True)
   def step():
       return tf.reduce_sum(tf.matmul(x, x))
   while True:
       step()
   """)
sc("inconsistency-allclose-vs-numpy", "tensorflow", "inconsistency", None,
   "numpy.testing.assert_allclose between tf float16 and numpy float64 matmul",
   """\
   import numpy as np, tensorflow as tf
   a = np.random.RandomState(0).randn(8, 8)
   out = tf.matmul(tf.constant(a, tf.float16), tf.constant(a, tf.float16)).numpy()
   np.testing.assert_allclose(out, a @ a, rtol=1e-6)
   """)

# ---- JAX ---------------------------------------------------------------------
JAX_FP = [
    ("broadcast-mismatch", "jnp add of shapes (3,) and (4,)",
     "jnp.ones(3) + jnp.ones(4)"),
    ("matmul-shape-mismatch", "jnp.dot of (2,3) and (4,5)",
     "jnp.dot(jnp.ones((2, 3)), jnp.ones((4, 5)))"),
    ("bad-reshape", "reshape of 6 elements into (4, 2)",
     "jnp.ones(6).reshape(4, 2)"),
    ("conv-channel-mismatch", "lax.conv of 3 input channels with a 4-channel kernel",
     "jax.lax.conv(jnp.ones((1, 3, 8, 8)), jnp.ones((8, 4, 3, 3)), (1, 1), 'SAME')"),
    ("dtype-mismatch", "lax.add of int32 and float32",
     "jax.lax.add(jnp.int32(1), jnp.float32(1))"),
    ("tracer-bool", "Python if on a traced value under jit",
     """\
     @jax.jit
     def f(x):
         if x > 0:
             return x
         return -x
     f(1.0)"""),
    ("negative-dim", "jnp.zeros with a negative dimension",
     "jnp.zeros((-1, 3))"),
    ("jit-shape-mismatch", "a jitted function multiplying (2,3) by (4,5)",
     """\
     @jax.jit
     def f(a, b):
         return jnp.tanh(a @ b)
     f(jnp.ones((2, 3)), jnp.ones((4, 5)))"""),
    ("conv-rank-mismatch", "lax.conv on a 3-D input",
     "jax.lax.conv(jnp.ones((3, 8, 8)), jnp.ones((8, 3, 3, 3)), (1, 1), 'SAME')"),
]
for _n, _how, _code in JAX_FP:
    sc(_n, "jax", "false-positive", None, _how, "import jax\nimport jax.numpy as jnp\n" + textwrap.dedent(_code) + "\n")

sc("segv-ctypes-in-jit-trace", "jax", "crash", "segfault",
   "a jitted function dereferences NULL through ctypes while it is traced",
   """\
   import ctypes, jax, jax.numpy as jnp
   @jax.jit
   def f(x):
       ctypes.string_at(0)
       return x + 1
   f(jnp.ones(3))
   """)
sc("nan-log-negative", "jax", "nan", None, "prints jnp.log of a negative input",
   "import jax.numpy as jnp\nprint('output:', jnp.log(jnp.array([-1.0, 2.0])))\n")
sc("nan-debug-nans", "jax", "nan", None, "jax_debug_nans with log of a negative input under jit",
   """\
   import jax, jax.numpy as jnp
   jax.config.update('jax_debug_nans', True)
   jax.jit(lambda x: jnp.log(x) * 2)(jnp.array([-1.0, 2.0]))
   """)
sc("oom-huge-array", "jax", "oom", None, "jnp.zeros of (2**20, 2**20) float32 on CPU",
   "import jax.numpy as jnp\nx = jnp.zeros((2**20, 2**20))\nprint(x.shape)\n")
sc("timeout-dump-traceback-later", "jax", "timeout", None,
   "faulthandler.dump_traceback_later(2, exit=True) around an endless jitted loop",
   """\
   import faulthandler, jax, jax.numpy as jnp
   x = jnp.ones((64, 64))
   step = jax.jit(lambda a: (a @ a).sum())
   step(x).block_until_ready()
   faulthandler.dump_traceback_later(2, exit=True)
   while True:
       step(x).block_until_ready()
   """)
sc("inconsistency-allclose-bf16", "jax", "inconsistency", None,
   "numpy.testing.assert_allclose between a bfloat16 jax matmul and numpy float64",
   """\
   import numpy as np, jax.numpy as jnp
   a = np.random.RandomState(0).randn(8, 8)
   out = np.asarray(jnp.dot(jnp.asarray(a, jnp.bfloat16), jnp.asarray(a, jnp.bfloat16)), dtype=np.float64)
   np.testing.assert_allclose(out, a @ a, rtol=1e-5)
   """)

# ---- Keras 3 on each backend -------------------------------------------------
KERAS_FP = [
    ("dense-input-incompatible", "Sequential(Input((8,)), Dense(4)) called on a (2, 4) input",
     "m = keras.Sequential([keras.Input((8,)), keras.layers.Dense(4)])\nm(np.zeros((2, 4), 'float32'))"),
    ("conv2d-rank-mismatch", "Conv2D built on a 3-D input",
     "m = keras.Sequential([keras.Input((28, 28)), keras.layers.Conv2D(4, 3)])"),
    ("lstm-rank-mismatch", "LSTM built on a 2-D input",
     "m = keras.Sequential([keras.Input((8,)), keras.layers.LSTM(4)])"),
    ("negative-units", "Dense(-1)", "keras.layers.Dense(-1)"),
    ("bad-padding", "Conv2D(padding='full')", "keras.layers.Conv2D(4, 3, padding='full')"),
    ("kernel-larger-than-input", "Conv2D with a 7x7 kernel on a 4x4 input",
     "m = keras.Sequential([keras.Input((4, 4, 3)), keras.layers.Conv2D(8, 7)])\nm(np.zeros((1, 4, 4, 3), 'float32'))"),
    ("fit-target-shape-mismatch", "model.fit with targets of the wrong shape",
     "m = keras.Sequential([keras.Input((8,)), keras.layers.Dense(3)])\nm.compile('sgd', 'mse')\nm.fit(np.zeros((16, 8)), np.zeros((16, 5)), epochs=1, verbose=2)"),
]
for _backend in ("tensorflow", "jax", "torch"):
    for _n, _how, _code in KERAS_FP:
        sc(_backend + "-" + _n, "keras", "false-positive", None,
           _how + " (KERAS_BACKEND=%s)" % _backend,
           "import numpy as np\nimport keras\n" + _code + "\n",
           env={"KERAS_BACKEND": _backend})
    sc(_backend + "-nan-training-huge-lr", "keras", "nan", None,
       "Keras fit with SGD(learning_rate=1e12), verbose=2 (KERAS_BACKEND=%s)" % _backend,
       """\
       import numpy as np, keras
       keras.utils.set_random_seed(0)
       m = keras.Sequential([keras.Input((8,)), keras.layers.Dense(32, activation='relu'), keras.layers.Dense(1)])
       m.compile(keras.optimizers.SGD(learning_rate=1e12), 'mse')
       x = np.random.RandomState(0).randn(64, 8); y = np.random.RandomState(1).randn(64, 1)
       m.fit(x, y, epochs=4, batch_size=16, verbose=2)
       """, env={"KERAS_BACKEND": _backend})


# ---- ONNX Runtime: a graph built with onnx.helper, run on the CPU provider --
ORT_PRE = """\
import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto as T, helper as h, numpy_helper as nh

def model(nodes, inputs, outputs, inits=(), check=False):
    g = h.make_graph(nodes, "g", inputs, outputs, list(inits))
    m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
    m.ir_version = 10
    if check:
        onnx.checker.check_model(m, full_check=True)
    return ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])

def vi(name, dtype, shape):
    return h.make_tensor_value_info(name, dtype, shape)
"""
ORT_CASES = [
    ("false-positive", None, "conv-channel-mismatch", "Conv with a 3-channel weight on a 4-channel input",
     "s = model([h.make_node('Conv', ['x', 'w'], ['y'])], [vi('x', T.FLOAT, [1, 4, 8, 8])], [vi('y', T.FLOAT, None)],\n"
     "          [nh.from_array(np.zeros((8, 3, 3, 3), 'float32'), 'w')])\n"
     "s.run(None, {'x': np.zeros((1, 4, 8, 8), 'float32')})"),
    ("false-positive", None, "matmul-shape-mismatch", "MatMul of [2,3] and [4,5]",
     "s = model([h.make_node('MatMul', ['a', 'b'], ['y'])], [vi('a', T.FLOAT, [2, 3]), vi('b', T.FLOAT, [4, 5])],\n"
     "          [vi('y', T.FLOAT, None)])\n"
     "s.run(None, {'a': np.zeros((2, 3), 'float32'), 'b': np.zeros((4, 5), 'float32')})"),
    ("false-positive", None, "bad-reshape", "Reshape of 6 elements into [4, 2]",
     "s = model([h.make_node('Reshape', ['x', 'shape'], ['y'])], [vi('x', T.FLOAT, [2, 3])], [vi('y', T.FLOAT, None)],\n"
     "          [nh.from_array(np.array([4, 2], 'int64'), 'shape')])\n"
     "s.run(None, {'x': np.zeros((2, 3), 'float32')})"),
    ("false-positive", None, "broadcast-mismatch", "Add of shapes [3] and [4] given at run time",
     "s = model([h.make_node('Add', ['a', 'b'], ['y'])], [vi('a', T.FLOAT, ['n']), vi('b', T.FLOAT, ['m'])],\n"
     "          [vi('y', T.FLOAT, None)])\n"
     "s.run(None, {'a': np.zeros(3, 'float32'), 'b': np.zeros(4, 'float32')})"),
    ("false-positive", None, "gather-float-indices", "Gather with float indices",
     "model([h.make_node('Gather', ['x', 'i'], ['y'])], [vi('x', T.FLOAT, [4, 3]), vi('i', T.FLOAT, [2])],\n"
     "      [vi('y', T.FLOAT, None)])"),
    ("false-positive", None, "input-rank-mismatch", "a 3-D array fed to a 4-D input",
     "s = model([h.make_node('Relu', ['x'], ['y'])], [vi('x', T.FLOAT, [1, 3, 8, 8])], [vi('y', T.FLOAT, None)])\n"
     "s.run(None, {'x': np.zeros((3, 8, 8), 'float32')})"),
    ("false-positive", None, "input-dtype-mismatch", "a float64 array fed to a float input",
     "s = model([h.make_node('Relu', ['x'], ['y'])], [vi('x', T.FLOAT, [2, 2])], [vi('y', T.FLOAT, None)])\n"
     "s.run(None, {'x': np.zeros((2, 2), 'float64')})"),
    ("false-positive", None, "missing-input", "run without feeding the graph's input",
     "s = model([h.make_node('Add', ['a', 'b'], ['y'])], [vi('a', T.FLOAT, [2]), vi('b', T.FLOAT, [2])], [vi('y', T.FLOAT, None)])\n"
     "s.run(None, {'a': np.zeros(2, 'float32')})"),
    ("false-positive", None, "maxpool-pad-over-kernel", "MaxPool with pads as large as its kernel",
     "s = model([h.make_node('MaxPool', ['x'], ['y'], kernel_shape=[2, 2], pads=[2, 2, 2, 2])],\n"
     "          [vi('x', T.FLOAT, [1, 1, 8, 8])], [vi('y', T.FLOAT, None)])\n"
     "s.run(None, {'x': np.zeros((1, 1, 8, 8), 'float32')})"),
    ("false-positive", None, "conv-kernel-larger-than-input", "Conv with a 7x7 kernel on a 4x4 input",
     "s = model([h.make_node('Conv', ['x', 'w'], ['y'])], [vi('x', T.FLOAT, [1, 3, 4, 4])], [vi('y', T.FLOAT, None)],\n"
     "          [nh.from_array(np.zeros((8, 3, 7, 7), 'float32'), 'w')])\n"
     "s.run(None, {'x': np.zeros((1, 3, 4, 4), 'float32')})"),
    ("false-positive", None, "unknown-op", "a node of an op no domain defines",
     "model([h.make_node('NoSuchOp', ['x'], ['y'])], [vi('x', T.FLOAT, [2])], [vi('y', T.FLOAT, None)])"),
    ("crash", "not-implemented", "conv-float64-kernel-missing", "Conv in float64: no CPU kernel for the type",
     "s = model([h.make_node('Conv', ['x', 'w'], ['y'])], [vi('x', T.DOUBLE, [1, 3, 8, 8])], [vi('y', T.DOUBLE, None)],\n"
     "          [nh.from_array(np.zeros((8, 3, 3, 3), 'float64'), 'w')])\n"
     "s.run(None, {'x': np.zeros((1, 3, 8, 8), 'float64')})"),
    ("nan", None, "nan-log-negative", "prints Log of a negative input",
     "s = model([h.make_node('Log', ['x'], ['y'])], [vi('x', T.FLOAT, [3])], [vi('y', T.FLOAT, None)])\n"
     "print(s.run(None, {'x': np.array([-1.0, 2.0, -3.0], 'float32')})[0])"),
    ("oom", None, "oom-huge-tensor", "ConstantOfShape of (2**20, 2**20) float32",
     "s = model([h.make_node('ConstantOfShape', ['shape'], ['y'])], [], [vi('y', T.FLOAT, None)],\n"
     "          [nh.from_array(np.array([2 ** 20, 2 ** 20], 'int64'), 'shape')])\n"
     "s.run(None, {})"),
]
for _cls, _kind, _n, _how, _code in ORT_CASES:
    sc(_n, "onnxruntime", _cls, _kind, _how, ORT_PRE + _code + "\n")

# ---- MindSpore: ops and cells run op by op in PyNative mode on the CPU ------
# (GRAPH_MODE once: a shape error found while the graph is compiled).
# MindSpore runs PyNative ops asynchronously: an op's error is raised when
# its result is next used, so the scenarios print what they compute.
MS_PRE = """\
import numpy as np
import mindspore
from mindspore import Tensor, nn, ops
mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU")

def t(shape, dtype="float32", fill=1.0):
    return Tensor(np.full(shape, fill, dtype))
"""
MS_CASES = [
    ("false-positive", None, "conv-channel-mismatch", "nn.Conv2d(3, 8, 3) applied to a 4-channel input",
     "m = nn.Conv2d(3, 8, 3)\nprint(m(t((1, 4, 8, 8))).shape)"),
    ("false-positive", None, "conv-kernel-larger-than-input", "nn.Conv2d with a 7x7 kernel (pad_mode='valid') on a 4x4 input",
     "m = nn.Conv2d(3, 8, 7, pad_mode='valid')\nprint(m(t((1, 3, 4, 4))).shape)"),
    ("false-positive", None, "matmul-shape-mismatch", "ops.matmul of [2,3] and [4,5]",
     "print(ops.matmul(t((2, 3)), t((4, 5))))"),
    ("false-positive", None, "dense-input-mismatch", "nn.Dense(128, 10) applied to a [4, 256] input",
     "m = nn.Dense(128, 10)\nprint(m(t((4, 256))).shape)"),
    ("false-positive", None, "bad-reshape", "ops.reshape of 6 elements into (4, 2)",
     "print(ops.reshape(t((2, 3)), (4, 2)))"),
    ("false-positive", None, "broadcast-mismatch", "add of shapes (3,) and (4,)",
     "print(t((3,)) + t((4,)))"),
    ("false-positive", None, "negative-dim", "ops.zeros with a negative dimension",
     "print(ops.zeros((-1, 3), mindspore.float32))"),
    ("false-positive", None, "dtype-mismatch", "ops.matmul of a float32 and an int32 tensor",
     "print(ops.matmul(t((2, 3)), t((3, 2), 'int32')))"),
    ("false-positive", None, "maxpool-kernel-zero", "nn.MaxPool2d(kernel_size=0)",
     "m = nn.MaxPool2d(kernel_size=0)\nprint(m(t((1, 1, 4, 4))).shape)"),
    ("false-positive", None, "maxpool-output-too-small", "nn.MaxPool2d(5) on a 2x2 input",
     "m = nn.MaxPool2d(5)\nprint(m(t((1, 1, 2, 2))).shape)"),
    ("false-positive", None, "reduce-axis-out-of-range", "ReduceSum over axis 5 of a 2-D tensor",
     "print(ops.ReduceSum()(t((2, 3)), 5))"),
    ("false-positive", None, "gather-index-out-of-range", "ops.gather of row 10 from 3 rows",
     "print(ops.gather(t((3, 4)), Tensor(np.array([0, 10], 'int32')), 0))"),
    ("false-positive", None, "gather-float-indices",
     "ops.gather with float32 indices (no Gather kernel takes float indices: the kernel selection refuses the node)",
     "print(ops.gather(t((3, 4)), Tensor(np.array([0.0, 1.0], 'float32')), 0))"),
    ("false-positive", None, "graph-mode-shape-mismatch", "a Cell in GRAPH_MODE (mode=0) multiplying [2,3] by [4,5]",
     """\
     mindspore.set_context(mode=mindspore.GRAPH_MODE)
     class Net(nn.Cell):
         def construct(self, a, b):
             return ops.relu(ops.matmul(a, b))
     print(Net()(t((2, 3)), t((4, 5))))"""),
    ("crash", "internal-error", "argmax-empty-batch",
     "ops.argmax along dim 1 of a (0, 3) tensor (a legal empty batch; the CPU kernel's resize fails)",
     "print(ops.argmax(t((0, 3)), 1))"),
    ("crash", "internal-error", "layer-norm-empty-batch",
     "ops.layer_norm of a (0, 5) tensor (a legal empty batch; the kernel is not created)",
     "print(ops.layer_norm(t((0, 5)), (5,), t((5,)), t((5,), fill=0.0)))"),
    ("crash", "internal-error", "cumsum-empty-axis",
     "ops.cumsum along the empty axis of a (0, 3) tensor (legal: numpy gives a (0, 3) result; the kernel launch fails)",
     "print(ops.cumsum(t((0, 3)), 0))"),
    ("crash", "not-implemented", "matmul-bfloat16-kernel-missing",
     "ops.matmul of bfloat16 tensors: no CPU kernel for the type",
     "print(ops.matmul(t((2, 3)).astype(mindspore.bfloat16), t((3, 2)).astype(mindspore.bfloat16)))"),
    ("crash", "not-implemented", "conv2d-bfloat16-kernel-missing",
     "ops.conv2d in bfloat16 (a type Conv2D declares): no CPU kernel for it",
     "x = t((1, 3, 8, 8)).astype(mindspore.bfloat16)\n"
     "w = t((8, 3, 3, 3)).astype(mindspore.bfloat16)\n"
     "print(ops.conv2d(x, w).shape)"),
    ("crash", "not-implemented", "relu6-float64-kernel-missing",
     "ops.relu6 in float64: ReLU6 takes float16 and float32 only (a precision gap, as ONNX Runtime's float64 Conv)",
     "print(ops.relu6(t((2, 3), 'float64')))"),
    ("crash", "segfault", "segv-ctypes-in-construct",
     "a Cell's construct dereferences NULL through ctypes",
     """\
     import ctypes
     class Net(nn.Cell):
         def construct(self, x):
             ctypes.string_at(0)
             return x * 2
     print(Net()(t((3,))))"""),
    ("nan", None, "nan-log-negative", "prints ops.log of a negative input",
     "print('output:', ops.log(Tensor(np.array([-1.0, 2.0, 3.0], 'float32'))))"),
    ("oom", None, "oom-huge-tensor", "ops.zeros of (2**20, 2**20) float32 on the CPU",
     "x = ops.zeros((2 ** 20, 2 ** 20), mindspore.float32)\nprint(x.shape, x.sum())"),
]
for _cls, _kind, _n, _how, _code in MS_CASES:
    sc(_n, "mindspore", _cls, _kind, _how, MS_PRE + textwrap.dedent(_code) + "\n",
       interp="mindspore")

# ==========================================================================
# Second batch ("b2-" names): more illegal inputs and models, and more of the
# genuine classes where these versions produce them honestly.
# Each entry: (class, kind, name, how, code).
# ==========================================================================

# ---- PyTorch (current) -------------------------------------------------------
TORCH_PRE = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
B2_TORCH = [
    ("false-positive", None, "b2-gather-index-out-of-range",
     "torch.gather along dim 1 of [4,5] logits with a column index 7",
     """\
     logits = torch.randn(4, 5)
     idx = torch.tensor([[0], [2], [7], [1]])
     picked = torch.gather(logits, 1, idx)
     print(picked)"""),
    ("false-positive", None, "b2-cross-entropy-batch-mismatch",
     "CrossEntropyLoss of an MLP's [8,3] output against 4 targets",
     """\
     m = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 3))
     x, y = torch.randn(8, 16), torch.randint(0, 3, (4,))
     loss = nn.CrossEntropyLoss()(m(x), y)
     print(loss)"""),
    ("false-positive", None, "b2-mean-dim-out-of-range",
     "mean over dim 2 of a Linear layer's 2-D output",
     """\
     feats = nn.Linear(8, 4)(torch.randn(2, 8))
     pooled = feats.mean(dim=2)
     print(pooled)"""),
    ("false-positive", None, "b2-permute-duplicate-dims",
     "permute(0, 2, 2, 1) of an NCHW batch (a dimension repeated)",
     """\
     x = nn.Conv2d(3, 4, 3, padding=1)(torch.randn(2, 3, 8, 8))
     print(x.permute(0, 2, 2, 1).shape)"""),
    ("false-positive", None, "b2-backward-twice",
     "loss.backward() called twice on the same graph without retain_graph",
     """\
     m = nn.Linear(4, 1)
     loss = m(torch.randn(8, 4)).pow(2).mean()
     loss.backward()
     loss.backward()"""),
    ("false-positive", None, "b2-inplace-leaf-requires-grad",
     "a manual SGD step 'w -= lr * w.grad' outside torch.no_grad (in-place op on a leaf requiring grad)",
     """\
     w = torch.randn(4, 1, requires_grad=True)
     loss = (torch.randn(8, 4) @ w).pow(2).mean()
     loss.backward()
     w -= 0.1 * w.grad"""),
    ("false-positive", None, "b2-searchsorted-sorter-out-of-range",
     "torch.searchsorted with a sorter holding an index past the end (rejected; 1.13 crashes on it)",
     """\
     print(torch.searchsorted(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([2.5]),
                              sorter=torch.tensor([0, 100000000, 2])))"""),
    ("crash", "segfault", "b2-maxpool-backward-bad-indices-segv",
     "aten.max_pool2d_with_indices_backward given indices far outside the input (SIGSEGV instead of a check)",
     """\
     x = torch.randn(1, 1, 4, 4)
     idx = torch.full((1, 1, 2, 2), 10 ** 9, dtype=torch.long)
     print(torch.ops.aten.max_pool2d_with_indices_backward(
         torch.randn(1, 1, 2, 2), x, [2, 2], [2, 2], [0, 0], [1, 1], False, idx))"""),
    ("nan", None, "b2-nan-masked-mean-zero-div",
     "a masked MSE whose mask is all zero: 0/0, the loss printed and checked",
     """\
     pred, target = torch.randn(6), torch.randn(6)
     mask = torch.zeros(6)  # no valid targets in this batch
     loss = ((pred - target) ** 2 * mask).sum() / mask.sum()
     print(f"loss: {loss.item()}")
     if torch.isnan(loss):
         print("NaN detected in loss")"""),
    ("nan", None, "b2-nan-clip-grad-nonfinite",
     "clip_grad_norm_(error_if_nonfinite=True) after a loss through log of a negative feature",
     """\
     m = nn.Linear(3, 1)
     x = torch.tensor([[-1.0, 2.0, 3.0], [1.0, 2.0, 3.0]])
     loss = m(torch.log(x)).pow(2).mean()
     loss.backward()
     nn.utils.clip_grad_norm_(m.parameters(), 1.0, error_if_nonfinite=True)"""),
    ("oom", None, "b2-oom-linear-huge-weight",
     "nn.Linear(2**20, 2**20): a 4 TiB weight allocated on the CPU",
     """\
     m = nn.Linear(2 ** 20, 2 ** 20)
     print(m.weight.shape)"""),
    ("timeout", None, "b2-timeout-dataloader-worker",
     "DataLoader(num_workers=1, timeout=2) over a dataset whose __getitem__ hangs",
     """\
     import time
     from torch.utils.data import DataLoader, Dataset
     class Slow(Dataset):
         def __len__(self):
             return 8
         def __getitem__(self, i):
             time.sleep(30)
             return torch.zeros(3)
     for batch in DataLoader(Slow(), batch_size=2, num_workers=1, timeout=2):
         print(batch.shape)"""),
]
for _cls, _kind, _n, _how, _code in B2_TORCH:
    sc(_n, "pytorch", _cls, _kind, _how, TORCH_PRE + textwrap.dedent(_code) + "\n")

# ---- PyTorch 1.13 (system Python) ------------------------------------------------
B2_TORCH_113 = [
    ("crash", "segfault", "b2-searchsorted-sorter-segv",
     "torch.searchsorted with a sorter index past the end (SIGSEGV on 1.13; later versions check it)",
     """\
     print(torch.searchsorted(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([2.5]),
                              sorter=torch.tensor([0, 100000000, 2])))"""),
    ("false-positive", None, "b2-bmm-batch-mismatch",
     "torch.bmm of batches of 2 and 3 matrices",
     """\
     q = nn.Linear(4, 4)(torch.randn(2, 3, 4))
     k = torch.randn(3, 4, 5)
     print(torch.bmm(q, k).shape)"""),
    ("false-positive", None, "b2-nll-loss-float-target",
     "F.nll_loss with float32 class targets",
     """\
     logp = F.log_softmax(nn.Linear(6, 3)(torch.randn(4, 6)), dim=1)
     print(F.nll_loss(logp, torch.tensor([0.0, 1.0, 2.0, 1.0])))"""),
    ("false-positive", None, "b2-backward-no-grad-fn",
     "loss computed under torch.no_grad(), then loss.backward()",
     """\
     m = nn.Linear(4, 1)
     with torch.no_grad():
         loss = m(torch.randn(8, 4)).pow(2).mean()
     loss.backward()"""),
    ("nan", None, "b2-nan-normalize-zero-std",
     "standardizes a constant batch by hand ((x - mean) / std with std 0) and prints it",
     """\
     x = torch.full((4, 3), 2.0)
     z = (x - x.mean(0)) / x.std(0)
     print("normalized batch:", z)
     print("has nan:", bool(torch.isnan(z).any()))"""),
    ("oom", None, "b2-oom-embedding-huge-vocab",
     "nn.Embedding(2**31, 1024): an 8 TiB table allocated on the CPU",
     """\
     emb = nn.Embedding(2 ** 31, 1024)
     print(emb.weight.shape)"""),
]
for _cls, _kind, _n, _how, _code in B2_TORCH_113:
    sc(_n, "pytorch-1.13", _cls, _kind, _how, TORCH_PRE + textwrap.dedent(_code) + "\n",
       interp="system")

# ---- TensorFlow ----------------------------------------------------------------
B2_TF = [
    ("false-positive", None, "b2-reduce-axis-out-of-range",
     "tf.reduce_sum over axis 3 of a 2-D tensor",
     "x = tf.random.normal([4, 8])\nprint(tf.reduce_sum(x, axis=3))"),
    ("false-positive", None, "b2-transpose-bad-perm",
     "tf.transpose with perm=[0, 2, 2] (an axis repeated, one missing)",
     "print(tf.transpose(tf.zeros([2, 3, 4]), perm=[0, 2, 2]))"),
    ("false-positive", None, "b2-concat-shape-mismatch",
     "tf.concat of [2,3] and [2,4] along axis 0",
     "print(tf.concat([tf.zeros([2, 3]), tf.zeros([2, 4])], axis=0))"),
    ("false-positive", None, "b2-sparse-ce-batch-mismatch",
     "sparse_softmax_cross_entropy_with_logits of [8,3] logits and 4 labels",
     """\
     logits = tf.random.normal([8, 3])
     labels = tf.zeros([4], tf.int32)
     print(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))"""),
    ("false-positive", None, "b2-matmul-dtype-mismatch",
     "tf.matmul of a float32 activation and an int32 weight",
     """\
     x = tf.random.normal([4, 3])
     w = tf.ones([3, 2], tf.int32)
     print(tf.matmul(x, w))"""),
    ("false-positive", None, "b2-gradient-tape-twice",
     "gradient() called twice on a non-persistent GradientTape",
     """\
     w = tf.Variable(tf.random.normal([3, 1]))
     x = tf.random.normal([8, 3])
     with tf.GradientTape() as tape:
         loss = tf.reduce_mean(tf.square(x @ w))
     g1 = tape.gradient(loss, w)
     g2 = tape.gradient(loss, w)"""),
    ("nan", None, "b2-nan-masked-mean-zero-div",
     "a masked MSE whose mask is all zero: 0/0, the loss printed and checked",
     """\
     pred, target = tf.random.normal([6]), tf.random.normal([6])
     mask = tf.zeros([6])
     loss = tf.reduce_sum(tf.square(pred - target) * mask) / tf.reduce_sum(mask)
     print("loss:", float(loss))
     if tf.math.is_nan(loss):
         print("NaN detected in loss")"""),
    ("oom", None, "b2-oom-matmul-outer",
     "tf.matmul of [2**20,1] by [1,2**20]: a 4 TiB float32 result on the CPU",
     "y = tf.matmul(tf.ones([2 ** 20, 1]), tf.ones([1, 2 ** 20]))\nprint(y.shape)"),
    ("timeout", None, "b2-timeout-session-dequeue",
     "a TF1 Session.run with RunOptions(timeout_in_ms=2000) dequeuing from an empty FIFOQueue (a stalled input pipeline)",
     """\
     tf.compat.v1.disable_eager_execution()
     q = tf.queue.FIFOQueue(4, tf.float32)
     batch = q.dequeue()
     with tf.compat.v1.Session() as s:
         s.run(batch, options=tf.compat.v1.RunOptions(timeout_in_ms=2000))"""),
]
for _cls, _kind, _n, _how, _code in B2_TF:
    sc(_n, "tensorflow", _cls, _kind, _how, "import tensorflow as tf\n" + textwrap.dedent(_code) + "\n")

# ---- JAX ---------------------------------------------------------------------
B2_JAX = [
    ("false-positive", None, "b2-dynamic-slice-too-large",
     "lax.dynamic_slice of an (8, 4) window from a (4, 4) array",
     "print(jax.lax.dynamic_slice(jnp.ones((4, 4)), (0, 0), (8, 4)))"),
    ("false-positive", None, "b2-sum-axis-out-of-range",
     "jnp.sum over axis 3 of a 2-D array",
     "print(jnp.sum(jnp.ones((2, 3)), axis=3))"),
    ("false-positive", None, "b2-concat-shape-mismatch",
     "jnp.concatenate of (2,3) and (2,4) along axis 0",
     "print(jnp.concatenate([jnp.ones((2, 3)), jnp.ones((2, 4))], axis=0))"),
    ("false-positive", None, "b2-grad-non-scalar",
     "jax.grad of a layer function that returns a vector",
     """\
     x = jnp.ones((3, 4))
     w = jnp.ones((4,))
     def layer(w):
         return jnp.tanh(x @ w)
     print(jax.grad(layer)(w))"""),
    ("false-positive", None, "b2-vmap-inconsistent-sizes",
     "jax.vmap over two arguments with batch sizes 3 and 5",
     """\
     f = jax.vmap(lambda a, b: jnp.dot(a, b))
     print(f(jnp.ones((3, 4)), jnp.ones((5, 4))))"""),
    ("nan", None, "b2-nan-masked-mean-zero-div",
     "a jitted masked MSE whose mask is all zero: 0/0, the loss printed and checked",
     """\
     @jax.jit
     def loss_fn(pred, target, mask):
         return jnp.sum((pred - target) ** 2 * mask) / jnp.sum(mask)
     loss = loss_fn(jnp.arange(6.0), jnp.ones(6), jnp.zeros(6))
     print("loss:", float(loss))
     if jnp.isnan(loss):
         print("NaN detected in loss")"""),
]
for _cls, _kind, _n, _how, _code in B2_JAX:
    sc(_n, "jax", _cls, _kind, _how, "import jax\nimport jax.numpy as jnp\n" + textwrap.dedent(_code) + "\n")

# ---- Keras 3 (backend in the name) --------------------------------------------
B2_KERAS = [
    ("tensorflow", "false-positive", None, "b2-tensorflow-sparse-label-out-of-range",
     "fit with SparseCategoricalCrossentropy over 3 classes and a label 5",
     """\
     m = keras.Sequential([keras.Input((8,)), keras.layers.Dense(16, activation='relu'), keras.layers.Dense(3)])
     m.compile('adam', keras.losses.SparseCategoricalCrossentropy(from_logits=True))
     m.fit(np.random.rand(16, 8), np.array([0, 1, 2, 5] * 4), epochs=1, verbose=2)"""),
    ("tensorflow", "false-positive", None, "b2-tensorflow-reshape-bad-target",
     "Reshape((3, 3)) on an 8-feature input",
     "m = keras.Sequential([keras.Input((8,)), keras.layers.Reshape((3, 3))])"),
    ("jax", "false-positive", None, "b2-jax-fit-cardinality-mismatch",
     "fit with 16 inputs and 12 targets",
     """\
     m = keras.Sequential([keras.Input((8,)), keras.layers.Dense(3)])
     m.compile('sgd', 'mse')
     m.fit(np.zeros((16, 8)), np.zeros((12, 3)), epochs=1, verbose=2)"""),
    ("torch", "false-positive", None, "b2-torch-concatenate-shape-mismatch",
     "Concatenate(axis=-1) of (None, 4, 3) and (None, 5, 2) inputs",
     """\
     a, b = keras.Input((4, 3)), keras.Input((5, 2))
     y = keras.layers.Concatenate(axis=-1)([a, b])"""),
    ("torch", "nan", None, "b2-torch-nan-log-loss",
     "fit with a custom loss taking the log of a negative quantity, verbose=2",
     """\
     keras.utils.set_random_seed(0)
     def bad_loss(y_true, y_pred):
         return keras.ops.mean(keras.ops.log(y_pred - 100.0))
     m = keras.Sequential([keras.Input((8,)), keras.layers.Dense(1)])
     m.compile(keras.optimizers.SGD(0.01), bad_loss)
     m.fit(np.random.rand(32, 8), np.random.rand(32, 1), epochs=2, batch_size=16, verbose=2)"""),
]
for _be, _cls, _kind, _n, _how, _code in B2_KERAS:
    sc(_n, "keras", _cls, _kind, _how + " (KERAS_BACKEND=%s)" % _be,
       "import numpy as np\nimport keras\n" + textwrap.dedent(_code) + "\n",
       env={"KERAS_BACKEND": _be})

# ---- ONNX Runtime --------------------------------------------------------------
B2_ORT = [
    ("false-positive", None, "b2-transpose-bad-perm", "Transpose with perm=[0, 0]",
     "s = model([h.make_node('Transpose', ['x'], ['y'], perm=[0, 0])], [vi('x', T.FLOAT, [2, 3])], [vi('y', T.FLOAT, None)])\n"
     "print(s.run(None, {'x': np.zeros((2, 3), 'float32')}))"),
    ("false-positive", None, "b2-concat-shape-mismatch", "Concat on axis 0 of [2,3] and [2,4] given at run time",
     "s = model([h.make_node('Concat', ['a', 'b'], ['y'], axis=0)], [vi('a', T.FLOAT, ['n', 'c']), vi('b', T.FLOAT, ['m', 'd'])],\n"
     "          [vi('y', T.FLOAT, None)])\n"
     "print(s.run(None, {'a': np.zeros((2, 3), 'float32'), 'b': np.zeros((2, 4), 'float32')}))"),
    ("false-positive", None, "b2-gather-index-out-of-range", "Gather of row 10 from 3 rows, indices fed at run time",
     "s = model([h.make_node('Gather', ['x', 'i'], ['y'], axis=0)], [vi('x', T.FLOAT, [3, 4]), vi('i', T.INT64, [2])],\n"
     "          [vi('y', T.FLOAT, None)])\n"
     "print(s.run(None, {'x': np.zeros((3, 4), 'float32'), 'i': np.array([0, 10], 'int64')}))"),
    ("nan", None, "b2-nan-div-zero", "a masked mean as ReduceSum/ReduceSum with an all-zero mask: 0/0, printed",
     "s = model([h.make_node('Mul', ['e', 'm'], ['em']), h.make_node('ReduceSum', ['em'], ['num'], keepdims=0),\n"
     "           h.make_node('ReduceSum', ['m'], ['den'], keepdims=0), h.make_node('Div', ['num', 'den'], ['loss'])],\n"
     "          [vi('e', T.FLOAT, [4]), vi('m', T.FLOAT, [4])], [vi('loss', T.FLOAT, None)])\n"
     "print('loss:', s.run(None, {'e': np.ones(4, 'float32'), 'm': np.zeros(4, 'float32')})[0])"),
]
for _cls, _kind, _n, _how, _code in B2_ORT:
    sc(_n, "onnxruntime", _cls, _kind, _how, ORT_PRE + _code + "\n")

# ---- MindSpore -------------------------------------------------------------------
B2_MS = [
    ("false-positive", None, "b2-transpose-bad-perm", "ops.transpose with perm (0, 0)",
     "print(ops.transpose(t((2, 3)), (0, 0)))"),
    ("false-positive", None, "b2-concat-shape-mismatch", "ops.concat of (2,3) and (2,4) along axis 0",
     "print(ops.concat((t((2, 3)), t((2, 4))), 0))"),
    ("false-positive", None, "b2-loss-batch-mismatch",
     "nn.SoftmaxCrossEntropyWithLogits(sparse=True) of (8,3) logits and 4 labels",
     """\
     loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')
     print(loss(t((8, 3)), Tensor(np.zeros(4, 'int32'))))"""),
    ("false-positive", None, "b2-dropout-bad-p", "nn.Dropout(p=1.5)",
     "m = nn.Dropout(p=1.5)\nprint(m(t((2, 3))))"),
    ("nan", None, "b2-nan-normalize-zero-std",
     "standardizes a constant batch by hand ((x - mean) / std with std 0) and prints it",
     """\
     x = t((4, 3), fill=2.0)
     mean = x.mean(0)
     std = ops.sqrt(((x - mean) ** 2).mean(0))
     print("normalized batch:", (x - mean) / std)"""),
]
for _cls, _kind, _n, _how, _code in B2_MS:
    sc(_n, "mindspore", _cls, _kind, _how, MS_PRE + textwrap.dedent(_code) + "\n",
       interp="mindspore")

# ==========================================================================
# Third batch ("b3-" names), held out from the rules: other ops and API
# layers (optimizers, schedulers, data pipelines, linalg, fft, sparse,
# distributions, control flow, serialization, graph attributes), and more of
# the genuine classes.  Each entry: (class, kind, name, how, code).
# ==========================================================================

# ---- PyTorch (current) -------------------------------------------------------
B3_TORCH = [
    ("false-positive", None, "b3-optimizer-negative-lr",
     "torch.optim.Adam with lr=-0.001",
     """\
     m = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
     opt = torch.optim.Adam(m.parameters(), lr=-0.001)
     print(opt)"""),
    ("false-positive", None, "b3-scheduler-given-model",
     "StepLR constructed with the model instead of its optimizer",
     """\
     m = nn.Linear(4, 2)
     opt = torch.optim.SGD(m.parameters(), lr=0.1)
     sched = torch.optim.lr_scheduler.StepLR(m, step_size=10, gamma=0.5)"""),
    ("false-positive", None, "b3-dataloader-ragged-collate",
     "DataLoader with the default collate over sequences of different lengths",
     """\
     from torch.utils.data import DataLoader, Dataset
     class Seqs(Dataset):
         def __len__(self):
             return 6
         def __getitem__(self, i):
             return torch.randn(3 + i)
     for batch in DataLoader(Seqs(), batch_size=3):
         print(batch.shape)"""),
    ("false-positive", None, "b3-linalg-solve-shape-mismatch",
     "torch.linalg.solve of a [3,3] system with a [4] right-hand side",
     """\
     A = torch.randn(3, 3) + 3 * torch.eye(3)
     b = torch.randn(4)
     print(torch.linalg.solve(A, b))"""),
    ("false-positive", None, "b3-linalg-inv-singular",
     "torch.linalg.inv of a singular covariance matrix (two identical rows)",
     """\
     x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [0.0, 1.0, 0.0]])
     print(torch.linalg.inv(x))"""),
    ("false-positive", None, "b3-fft-dim-out-of-range",
     "torch.fft.rfft along dim 2 of a [4, 16] signal batch",
     """\
     sig = torch.randn(4, 16)
     spec = torch.fft.rfft(sig, dim=2)
     print(spec.abs())"""),
    ("false-positive", None, "b3-sparse-coo-index-past-size",
     "torch.sparse_coo_tensor(check_invariants=True) with an index 5 in a dimension of size 3",
     """\
     i = torch.tensor([[0, 1, 5], [2, 0, 1]])
     v = torch.tensor([1.0, 2.0, 3.0])
     s = torch.sparse_coo_tensor(i, v, (3, 3), check_invariants=True)
     print(s.to_dense())"""),
    ("false-positive", None, "b3-distribution-negative-scale",
     "torch.distributions.Normal with a negative scale",
     """\
     from torch.distributions import Normal
     d = Normal(torch.zeros(3), torch.tensor([1.0, -0.5, 2.0]))
     print(d.sample())"""),
    ("false-positive", None, "b3-einsum-operand-mismatch",
     "torch.einsum('bij,bjk->bik') of [2,3,4] and [2,5,6]",
     """\
     q = torch.randn(2, 3, 4)
     k = torch.randn(2, 5, 6)
     print(torch.einsum('bij,bjk->bik', q, k).shape)"""),
    ("false-positive", None, "b3-scatter-float-index",
     "Tensor.scatter_ with a float32 index tensor",
     """\
     out = torch.zeros(3, 5)
     idx = torch.tensor([[0.0, 1.0, 2.0]])
     out.scatter_(0, idx, torch.ones(1, 3))
     print(out)"""),
    ("false-positive", None, "b3-reflect-pad-too-large",
     "F.pad(mode='reflect') with padding 5 on a length-3 signal",
     """\
     x = torch.randn(1, 2, 3)
     print(F.pad(x, (5, 5), mode='reflect').shape)"""),
    ("false-positive", None, "b3-gru-hidden-shape",
     "GRU(10, 20) given an initial hidden state of shape [2, 3, 20] for one layer",
     """\
     rnn = nn.GRU(10, 20)
     x = torch.randn(5, 3, 10)
     h0 = torch.zeros(2, 3, 20)
     out, h = rnn(x, h0)
     print(out.shape)"""),
    ("false-positive", None, "b3-quantize-float-dtype",
     "torch.quantize_per_tensor to dtype torch.float32",
     """\
     x = torch.randn(4, 4)
     q = torch.quantize_per_tensor(x, scale=0.1, zero_point=0, dtype=torch.float32)
     print(q)"""),
    ("false-positive", None, "b3-load-state-dict-size-mismatch",
     "load_state_dict of a checkpoint saved from a wider model",
     """\
     import io
     buf = io.BytesIO()
     torch.save(nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 2)).state_dict(), buf)
     buf.seek(0)
     m = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
     m.load_state_dict(torch.load(buf))"""),
    ("false-positive", None, "b3-save-lambda-module",
     "torch.save of a whole module holding a lambda activation",
     """\
     class Net(nn.Module):
         def __init__(self):
             super().__init__()
             self.fc = nn.Linear(4, 4)
             self.act = lambda t: t.clamp(min=0)
         def forward(self, x):
             return self.act(self.fc(x))
     torch.save(Net(), "net.pt")"""),
    ("false-positive", None, "b3-jit-script-type-error",
     "torch.jit.script of a function adding a str to a Tensor",
     """\
     @torch.jit.script
     def scale(x: torch.Tensor, name: str) -> torch.Tensor:
         return x + name
     print(scale(torch.ones(2), "a"))"""),
    ("crash", "segfault", "b3-adaptive-maxpool-backward-bad-indices-segv",
     "aten.adaptive_max_pool2d_backward given indices far outside the input (SIGSEGV instead of a check)",
     """\
     print(torch.ops.aten.adaptive_max_pool2d_backward(
         torch.randn(1, 1, 2, 2), torch.randn(1, 1, 4, 4),
         torch.full((1, 1, 2, 2), 10 ** 9, dtype=torch.long)))"""),
    ("crash", "not-implemented", "b3-half-qr-not-implemented",
     "torch.linalg.qr of a CPU float16 matrix (no Half geqrf kernel)",
     """\
     w = torch.randn(6, 6).half()
     q, r = torch.linalg.qr(w)
     print(q)"""),
    ("crash", "not-implemented", "b3-half-cdist-not-implemented",
     "torch.cdist between CPU float16 embeddings (no Half kernel)",
     """\
     a = torch.randn(5, 8).half()
     b = torch.randn(7, 8).half()
     print(torch.cdist(a, b))"""),
    ("crash", "not-implemented", "b3-bfloat16-eigh-not-implemented",
     "torch.linalg.eigh of a CPU bfloat16 symmetric matrix (no BFloat16 kernel)",
     """\
     a = torch.randn(4, 4)
     a = (a + a.T).bfloat16()
     print(torch.linalg.eigh(a))"""),
    ("nan", None, "b3-nan-softmax-fully-masked",
     "attention softmax over a row whose keys are all masked with -inf, printed",
     """\
     scores = torch.randn(2, 4)
     mask = torch.tensor([[True, True, False, False], [False, False, False, False]])
     attn = torch.softmax(scores.masked_fill(~mask, float('-inf')), dim=-1)
     print("attention weights:", attn)"""),
    ("oom", None, "b3-oom-one-hot-huge-classes",
     "F.one_hot with num_classes=2**40 (a 16 TiB int64 result on the CPU)",
     """\
     labels = torch.tensor([0, 3, 7])
     print(F.one_hot(labels, num_classes=2 ** 40).shape)"""),
    ("timeout", None, "b3-timeout-init-process-group",
     "dist.init_process_group(gloo, world_size=2, timeout=3s) as rank 0 with no rank 1 joining",
     """\
     import datetime
     import torch.distributed as dist
     dist.init_process_group("gloo", init_method="tcp://127.0.0.1:29517", rank=0, world_size=2,
                             timeout=datetime.timedelta(seconds=3))
     print("joined")"""),
    ("inconsistency", None, "b3-inconsistency-matrix-exp-half",
     "torch.testing.assert_close between torch.linalg.matrix_exp in float16 and float32",
     """\
     a = 0.5 * torch.eye(3) + 0.1 * torch.ones(3, 3)
     ref = torch.linalg.matrix_exp(a)
     out = torch.linalg.matrix_exp(a.half()).float()
     torch.testing.assert_close(out, ref, rtol=1e-2, atol=1e-2)"""),
    ("inconsistency", None, "b3-inconsistency-bf16-linear",
     "torch.testing.assert_close between an MLP run in bfloat16 and in float32",
     """\
     torch.manual_seed(0)
     m = nn.Sequential(nn.Linear(64, 64), nn.Tanh(), nn.Linear(64, 8))
     x = torch.randn(16, 64)
     ref = m(x)
     out = m.to(torch.bfloat16)(x.bfloat16()).float()
     torch.testing.assert_close(out, ref)"""),
]
for _cls, _kind, _n, _how, _code in B3_TORCH:
    sc(_n, "pytorch", _cls, _kind, _how, TORCH_PRE + textwrap.dedent(_code) + "\n")

# ---- PyTorch 1.13 (system Python) ------------------------------------------------
B3_TORCH_113 = [
    ("crash", "segfault", "b3-fractional-maxpool-empty-samples-segv",
     "aten.fractional_max_pool2d given an empty random_samples tensor (SIGSEGV on 1.13; later versions check it)",
     """\
     print(torch.ops.aten.fractional_max_pool2d(torch.randn(1, 1, 8, 8), [2, 2], [4, 4], torch.randn(1, 1, 0)))"""),
    ("crash", "segfault", "b3-adaptive-maxpool-backward-bad-indices-segv",
     "aten.adaptive_max_pool2d_backward given indices far outside the input (SIGSEGV)",
     """\
     print(torch.ops.aten.adaptive_max_pool2d_backward(
         torch.randn(1, 1, 2, 2), torch.randn(1, 1, 4, 4),
         torch.full((1, 1, 2, 2), 10 ** 9, dtype=torch.long)))"""),
    ("crash", "not-implemented", "b3-half-layer-norm-not-implemented",
     "nn.LayerNorm in float16 on CPU (1.13 has no Half LayerNorm kernel)",
     """\
     m = nn.LayerNorm(16).half()
     print(m(torch.randn(4, 16).half()))"""),
    ("crash", "not-implemented", "b3-half-softmax-not-implemented",
     "softmax over float16 logits on CPU (1.13 has no Half softmax kernel)",
     """\
     logits = torch.randn(4, 10).half()
     print(torch.softmax(logits, dim=-1))"""),
    ("crash", "not-implemented", "b3-half-topk-not-implemented",
     "torch.topk of float16 scores on CPU (1.13 has no Half topk kernel)",
     """\
     scores = torch.randn(100).half()
     print(torch.topk(scores, 5))"""),
    ("false-positive", None, "b3-sgd-nesterov-without-momentum",
     "torch.optim.SGD(nesterov=True) with momentum=0",
     """\
     m = nn.Linear(4, 2)
     opt = torch.optim.SGD(m.parameters(), lr=0.1, nesterov=True)"""),
    ("false-positive", None, "b3-pixel-shuffle-channels",
     "nn.PixelShuffle(2) on 6 channels (not divisible by 4)",
     """\
     m = nn.PixelShuffle(2)
     print(m(torch.randn(1, 6, 4, 4)).shape)"""),
    ("false-positive", None, "b3-ctc-target-lengths",
     "F.ctc_loss with a target length of 100 for 8 targets",
     """\
     logp = torch.randn(5, 1, 4).log_softmax(2)
     targets = torch.tensor([[1, 2, 3, 1, 2, 3, 1, 2]])
     print(F.ctc_loss(logp, targets, torch.tensor([5]), torch.tensor([100])))"""),
    ("nan", None, "b3-nan-std-single-sample",
     "per-feature std over a batch of one sample (unbiased, n-1 = 0), printed",
     """\
     feats = nn.Linear(8, 3)(torch.randn(1, 8)).detach()
     print("feature std:", feats.std(0))"""),
]
for _cls, _kind, _n, _how, _code in B3_TORCH_113:
    sc(_n, "pytorch-1.13", _cls, _kind, _how, TORCH_PRE + textwrap.dedent(_code) + "\n",
       interp="system")

# ---- TensorFlow ----------------------------------------------------------------
B3_TF = [
    ("false-positive", None, "b3-data-batch-ragged",
     "tf.data.Dataset.from_generator of variable-length sequences, .batch(2)",
     """\
     def gen():
         for n in (3, 5, 4, 2):
             yield tf.ones([n])
     ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec([None], tf.float32)).batch(2)
     for b in ds:
         print(b.shape)"""),
    ("false-positive", None, "b3-data-slices-size-mismatch",
     "tf.data.Dataset.from_tensor_slices of 10 features and 8 labels",
     """\
     ds = tf.data.Dataset.from_tensor_slices((tf.zeros([10, 4]), tf.zeros([8])))
     print(ds)"""),
    ("false-positive", None, "b3-function-input-signature-mismatch",
     "a tf.function with input_signature [None, 3] called on a [2, 4] batch",
     """\
     @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
     def predict(x):
         return tf.nn.relu(x) * 2.0
     print(predict(tf.zeros([2, 4])))"""),
    ("false-positive", None, "b3-variable-assign-shape",
     "tf.Variable of shape [3] assigned a [4] value",
     """\
     v = tf.Variable(tf.zeros([3]))
     v.assign(tf.ones([4]))"""),
    ("false-positive", None, "b3-one-hot-float-indices",
     "tf.one_hot of float32 labels",
     """\
     labels = tf.constant([0.0, 2.0, 1.0])
     print(tf.one_hot(labels, 3))"""),
    ("nan", None, "b3-nan-cholesky-not-positive-definite",
     "prints tf.linalg.cholesky of a matrix that is not positive definite",
     """\
     a = tf.constant([[1.0, 2.0], [2.0, 1.0]])
     print(tf.linalg.cholesky(a))"""),
    ("false-positive", None, "b3-fft-real-input",
     "tf.signal.fft of a float32 signal (it needs a complex tensor)",
     """\
     sig = tf.random.normal([16])
     print(tf.signal.fft(sig))"""),
    ("false-positive", None, "b3-scatter-nd-index-out-of-range",
     "tf.tensor_scatter_nd_update of row 10 in a [4, 3] tensor",
     """\
     x = tf.zeros([4, 3])
     print(tf.tensor_scatter_nd_update(x, [[1], [10]], tf.ones([2, 3])))"""),
    ("false-positive", None, "b3-einsum-dim-mismatch",
     "tf.einsum('bij,bjk->bik') of [2,3,4] and [2,5,6]",
     """\
     print(tf.einsum('bij,bjk->bik', tf.zeros([2, 3, 4]), tf.zeros([2, 5, 6])))"""),
    ("false-positive", None, "b3-sparse-to-dense-out-of-bounds",
     "tf.sparse.to_dense of a SparseTensor with index 5 in a dimension of size 3",
     """\
     st = tf.sparse.SparseTensor(indices=[[0, 1], [5, 2]], values=[1.0, 2.0], dense_shape=[3, 3])
     print(tf.sparse.to_dense(st))"""),
    ("false-positive", None, "b3-tensor-array-read-out-of-range",
     "TensorArray(size=2).read(5)",
     """\
     ta = tf.TensorArray(tf.float32, size=2)
     ta = ta.write(0, 1.0).write(1, 2.0)
     print(ta.read(5))"""),
    ("false-positive", None, "b3-strided-slice-zero-step",
     "tf.strided_slice with a zero stride",
     """\
     x = tf.range(10)
     print(tf.strided_slice(x, [0], [10], [0]))"""),
    ("crash", "not-implemented", "b3-expm-float16-kernel-missing",
     "tf.linalg.expm of a float16 matrix (a documented dtype; no CPU MatrixSolve kernel for it)",
     """\
     a = tf.eye(3, dtype=tf.float16) * 0.5
     print(tf.linalg.expm(a))"""),
    ("nan", None, "b3-nan-norm-gradient-at-zero",
     "gradient of tf.norm at the zero vector (an unused embedding row), printed",
     """\
     v = tf.Variable(tf.zeros([4]))
     with tf.GradientTape() as tape:
         loss = tf.norm(v)
     print("grad:", tape.gradient(loss, v))"""),
    ("oom", None, "b3-oom-random-normal-huge",
     "tf.random.normal of [2**20, 2**20] on the CPU (4 TiB)",
     """\
     noise = tf.random.normal([2 ** 20, 2 ** 20])
     print(noise.shape)"""),
    ("timeout", None, "b3-timeout-stalled-generator",
     "faulthandler.dump_traceback_later(3, exit=True) around a tf.data pipeline whose generator waits on an empty queue",
     """\
     import faulthandler, queue
     q = queue.Queue()
     def gen():
         while True:
             yield q.get()
     ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec([], tf.float32)).batch(4)
     faulthandler.dump_traceback_later(3, exit=True)
     for batch in ds:
         print(batch)"""),
    ("inconsistency", None, "b3-inconsistency-assert-near-bf16",
     "tf.debugging.assert_near between a bfloat16 and a float32 softmax",
     """\
     logits = tf.random.stateless_normal([4, 32], seed=[1, 2]) * 4.0
     ref = tf.nn.softmax(logits)
     out = tf.cast(tf.nn.softmax(tf.cast(logits, tf.bfloat16)), tf.float32)
     tf.debugging.assert_near(out, ref, rtol=1e-5, atol=1e-6)"""),
]
for _cls, _kind, _n, _how, _code in B3_TF:
    sc(_n, "tensorflow", _cls, _kind, _how, "import tensorflow as tf\n" + textwrap.dedent(_code) + "\n")

# ---- JAX ---------------------------------------------------------------------
B3_JAX = [
    ("false-positive", None, "b3-scan-carry-mismatch",
     "lax.scan whose body returns a carry of another shape",
     """\
     def step(carry, x):
         return jnp.concatenate([carry, x[None]]), x
     print(jax.lax.scan(step, jnp.zeros(2), jnp.arange(4.0)))"""),
    ("false-positive", None, "b3-cond-branch-mismatch",
     "lax.cond whose branches return shapes (3,) and (4,)",
     """\
     x = jnp.ones(3)
     print(jax.lax.cond(True, lambda v: v * 2, lambda v: jnp.zeros(4), x))"""),
    ("false-positive", None, "b3-while-loop-non-scalar-cond",
     "lax.while_loop whose cond_fun returns a vector",
     """\
     print(jax.lax.while_loop(lambda v: v < 10, lambda v: v + 1, jnp.zeros(3)))"""),
    ("false-positive", None, "b3-vmap-axis-out-of-range",
     "jax.vmap(in_axes=2) over a 2-D batch",
     """\
     f = jax.vmap(lambda row: jnp.sum(row ** 2), in_axes=2)
     print(f(jnp.ones((4, 3))))"""),
    ("false-positive", None, "b3-pmap-more-than-devices",
     "jax.pmap over a leading axis of 4 with one CPU device",
     """\
     f = jax.pmap(lambda x: x * 2)
     print(f(jnp.ones((4, 3))))"""),
    ("false-positive", None, "b3-jit-unhashable-static-arg",
     "jax.jit(static_argnums=1) called with a list as the static argument",
     """\
     from functools import partial
     @partial(jax.jit, static_argnums=1)
     def pad_to(x, shape):
         return jnp.zeros(shape).at[:x.shape[0]].set(x)
     print(pad_to(jnp.ones(3), [5]))"""),
    ("false-positive", None, "b3-jit-traced-shape",
     "jnp.zeros(n) inside jax.jit with n a traced argument",
     """\
     @jax.jit
     def make(n):
         return jnp.zeros(n)
     print(make(5))"""),
    ("false-positive", None, "b3-einsum-dim-mismatch",
     "jnp.einsum('bij,bjk->bik') of (2,3,4) and (2,5,6)",
     "print(jnp.einsum('bij,bjk->bik', jnp.ones((2, 3, 4)), jnp.ones((2, 5, 6))))"),
    ("false-positive", None, "b3-random-int-key",
     "jax.random.normal given the int 42 instead of a PRNG key",
     "print(jax.random.normal(42, (3,)))"),
    ("false-positive", None, "b3-grad-integer-input",
     "jax.grad with respect to an integer argument",
     """\
     def loss(n):
         return jnp.sin(n) ** 2
     print(jax.grad(loss)(3))"""),
    ("nan", None, "b3-nan-grad-norm-at-zero",
     "jax.grad of jnp.linalg.norm at the zero vector, printed",
     """\
     g = jax.grad(lambda v: jnp.linalg.norm(v))(jnp.zeros(3))
     print("grad:", g)"""),
    ("oom", None, "b3-oom-random-normal-huge",
     "jax.random.normal of (2**20, 2**20) float32 on the CPU",
     """\
     key = jax.random.PRNGKey(0)
     noise = jax.random.normal(key, (2 ** 20, 2 ** 20))
     print(noise.shape, float(noise.std()))"""),
    ("timeout", None, "b3-timeout-while-loop-never-converges",
     "faulthandler.dump_traceback_later(3, exit=True) around a jitted fixed-point lax.while_loop that never converges",
     """\
     import faulthandler
     def solve(x0):
         def cond(s):
             x, prev = s
             return jnp.abs(x - prev) > 1e-6
         def body(s):
             x, _ = s
             return -x, x
         return jax.lax.while_loop(cond, body, (x0, x0 + 1.0))[0]
     faulthandler.dump_traceback_later(3, exit=True)
     print(jax.jit(solve)(1.0))"""),
    ("inconsistency", None, "b3-inconsistency-cumsum-float16",
     "numpy.testing.assert_allclose between a float16 jnp.cumsum and numpy float64",
     """\
     import numpy as np
     x = np.full(4096, 0.1)
     out = np.asarray(jnp.cumsum(jnp.asarray(x, jnp.float16)), dtype=np.float64)
     np.testing.assert_allclose(out, np.cumsum(x), rtol=1e-3)"""),
]
for _cls, _kind, _n, _how, _code in B3_JAX:
    sc(_n, "jax", _cls, _kind, _how, "import jax\nimport jax.numpy as jnp\n" + textwrap.dedent(_code) + "\n")

# ---- Keras 3 (backend in the name) --------------------------------------------
B3_KERAS = [
    ("tensorflow", "false-positive", None, "b3-tensorflow-embedding-index-out-of-range",
     "Embedding(10, 4) called on token id 12",
     """\
     m = keras.Sequential([keras.Input((3,), dtype='int32'), keras.layers.Embedding(10, 4)])
     print(m(np.array([[1, 12, 3]])))"""),
    ("tensorflow", "false-positive", None, "b3-tensorflow-dropout-rate",
     "Dropout(rate=1.5)",
     "m = keras.Sequential([keras.Input((8,)), keras.layers.Dense(4), keras.layers.Dropout(1.5)])"),
    ("tensorflow", "false-positive", None, "b3-tensorflow-maxpool-larger-than-input",
     "MaxPooling2D(pool_size=8) on a 4x4 feature map",
     """\
     m = keras.Sequential([keras.Input((4, 4, 3)), keras.layers.MaxPooling2D(pool_size=8)])
     print(m(np.zeros((1, 4, 4, 3), 'float32')).shape)"""),
    ("jax", "false-positive", None, "b3-jax-unknown-optimizer",
     "compile(optimizer='adamm')",
     """\
     m = keras.Sequential([keras.Input((8,)), keras.layers.Dense(1)])
     m.compile(optimizer='adamm', loss='mse')"""),
    ("jax", "false-positive", None, "b3-jax-embedding-zero-vocab",
     "Embedding(input_dim=0, output_dim=4)",
     "m = keras.Sequential([keras.Input((5,), dtype='int32'), keras.layers.Embedding(0, 4)])"),
    ("jax", "false-positive", None, "b3-jax-categorical-ce-shape",
     "fit with categorical_crossentropy, integer labels of shape (N,) against (N, 3) outputs",
     """\
     m = keras.Sequential([keras.Input((8,)), keras.layers.Dense(3, activation='softmax')])
     m.compile('adam', 'categorical_crossentropy')
     m.fit(np.random.rand(16, 8), np.random.randint(0, 3, (16,)), epochs=1, verbose=2)"""),
    ("jax", "false-positive", None, "b3-jax-load-weights-mismatch",
     "load_weights of a file saved from a model with a wider hidden layer",
     """\
     a = keras.Sequential([keras.Input((8,)), keras.layers.Dense(32), keras.layers.Dense(1)])
     a.save_weights('a.weights.h5')
     b = keras.Sequential([keras.Input((8,)), keras.layers.Dense(16), keras.layers.Dense(1)])
     b.load_weights('a.weights.h5')"""),
    ("torch", "false-positive", None, "b3-torch-gru-feature-mismatch",
     "a GRU model built for 8 features called on 5",
     """\
     m = keras.Sequential([keras.Input((10, 8)), keras.layers.GRU(16), keras.layers.Dense(1)])
     print(m(np.zeros((2, 10, 5), 'float32')))"""),
    ("torch", "false-positive", None, "b3-torch-predict-missing-input",
     "predict on a two-input functional model given only one array",
     """\
     a, b = keras.Input((4,)), keras.Input((6,))
     y = keras.layers.Dense(1)(keras.layers.Concatenate()([a, b]))
     m = keras.Model([a, b], y)
     print(m.predict(np.zeros((2, 4)), verbose=0))"""),
    ("torch", "false-positive", None, "b3-torch-unknown-activation",
     "Dense(activation='relu6x')",
     "m = keras.Sequential([keras.Input((8,)), keras.layers.Dense(4, activation='relu6x')])"),
    ("tensorflow", "nan", None, "b3-tensorflow-nan-float16-overflow",
     "fit of a float16 Dense model on inputs of magnitude 1e4 (the float16 activations overflow), verbose=2",
     """\
     keras.utils.set_random_seed(0)
     m = keras.Sequential([keras.Input((16,)), keras.layers.Dense(64, dtype='float16'),
                           keras.layers.Dense(64, dtype='float16'), keras.layers.Dense(1, dtype='float16')])
     m.compile(keras.optimizers.SGD(0.01), 'mse')
     m.fit(np.random.rand(32, 16) * 1e4, np.random.rand(32, 1), epochs=2, batch_size=16, verbose=2)"""),
    ("jax", "nan", None, "b3-jax-nan-terminate-on-nan",
     "fit with the TerminateOnNaN callback on targets holding a missing value (NaN), verbose=2",
     """\
     keras.utils.set_random_seed(0)
     m = keras.Sequential([keras.Input((8,)), keras.layers.Dense(32, activation='relu'), keras.layers.Dense(1)])
     m.compile(keras.optimizers.SGD(learning_rate=0.01), 'mse')
     y = np.random.rand(64, 1)
     y[21] = np.nan
     m.fit(np.random.rand(64, 8), y, epochs=5, batch_size=8, verbose=2,
           callbacks=[keras.callbacks.TerminateOnNaN()])"""),
    ("torch", "oom", None, "b3-torch-oom-dense-huge",
     "Dense(2**20) built on 2**20 input features (a 4 TiB kernel)",
     """\
     m = keras.Sequential([keras.Input((2 ** 20,)), keras.layers.Dense(2 ** 20)])
     m.summary()"""),
    ("torch", "inconsistency", None, "b3-torch-inconsistency-float16-policy",
     "numpy.testing.assert_allclose between the same model's predictions under float16 and float32 dtype policies",
     """\
     keras.utils.set_random_seed(0)
     def build(dtype):
         return keras.Sequential([keras.Input((32,)), keras.layers.Dense(64, activation='tanh', dtype=dtype),
                                  keras.layers.Dense(4, dtype=dtype)])
     ref, half = build('float32'), build('float16')
     half.set_weights(ref.get_weights())
     x = np.random.RandomState(0).randn(8, 32).astype('float32') * 3
     np.testing.assert_allclose(np.asarray(half.predict(x, verbose=0), 'float32'), ref.predict(x, verbose=0), rtol=1e-4)"""),
]
for _be, _cls, _kind, _n, _how, _code in B3_KERAS:
    sc(_n, "keras", _cls, _kind, _how + " (KERAS_BACKEND=%s)" % _be,
       "import numpy as np\nimport keras\n" + textwrap.dedent(_code) + "\n",
       env={"KERAS_BACKEND": _be})

# ---- ONNX Runtime --------------------------------------------------------------
B3_ORT = [
    ("false-positive", None, "b3-softmax-axis-out-of-range", "Softmax with axis=5 on a rank-2 input",
     "s = model([h.make_node('Softmax', ['x'], ['y'], axis=5)], [vi('x', T.FLOAT, [2, 3])], [vi('y', T.FLOAT, None)])\n"
     "print(s.run(None, {'x': np.zeros((2, 3), 'float32')}))"),
    ("false-positive", None, "b3-conv-zero-strides", "Conv with strides=[0, 0]",
     "s = model([h.make_node('Conv', ['x', 'w'], ['y'], strides=[0, 0])], [vi('x', T.FLOAT, [1, 3, 8, 8])], [vi('y', T.FLOAT, None)],\n"
     "          [nh.from_array(np.zeros((4, 3, 3, 3), 'float32'), 'w')])\n"
     "print(s.run(None, {'x': np.zeros((1, 3, 8, 8), 'float32')})[0].shape)"),
    ("false-positive", None, "b3-gemm-without-transb", "Gemm of [2,3] and a [4,3] weight without transB",
     "s = model([h.make_node('Gemm', ['x', 'w', 'b'], ['y'])], [vi('x', T.FLOAT, [2, 3])], [vi('y', T.FLOAT, None)],\n"
     "          [nh.from_array(np.zeros((4, 3), 'float32'), 'w'), nh.from_array(np.zeros(4, 'float32'), 'b')])\n"
     "print(s.run(None, {'x': np.zeros((2, 3), 'float32')}))"),
    ("false-positive", None, "b3-resize-bad-mode", "Resize with mode='bicubic' (not a mode ONNX defines)",
     "s = model([h.make_node('Resize', ['x', '', 'scales'], ['y'], mode='bicubic')], [vi('x', T.FLOAT, [1, 1, 4, 4])],\n"
     "          [vi('y', T.FLOAT, None)], [nh.from_array(np.array([1, 1, 2, 2], 'float32'), 'scales')])\n"
     "print(s.run(None, {'x': np.zeros((1, 1, 4, 4), 'float32')})[0].shape)"),
    ("false-positive", None, "b3-scatter-elements-index-out-of-range", "ScatterElements with an index 10 on an axis of 3",
     "s = model([h.make_node('ScatterElements', ['x', 'i', 'u'], ['y'], axis=0)],\n"
     "          [vi('x', T.FLOAT, [3, 3]), vi('i', T.INT64, [1, 3]), vi('u', T.FLOAT, [1, 3])], [vi('y', T.FLOAT, None)])\n"
     "print(s.run(None, {'x': np.zeros((3, 3), 'float32'), 'i': np.array([[0, 10, 1]], 'int64'), 'u': np.ones((1, 3), 'float32')}))"),
    ("false-positive", None, "b3-cast-bad-to", "Cast with to=99 (no such element type)",
     "s = model([h.make_node('Cast', ['x'], ['y'], to=99)], [vi('x', T.FLOAT, [3])], [vi('y', T.FLOAT, None)])\n"
     "print(s.run(None, {'x': np.zeros(3, 'float32')}))"),
    ("false-positive", None, "b3-topk-k-too-large", "TopK with K=10 along an axis of 4",
     "s = model([h.make_node('TopK', ['x', 'k'], ['v', 'i'])], [vi('x', T.FLOAT, [2, 4]), vi('k', T.INT64, [1])],\n"
     "          [vi('v', T.FLOAT, None), vi('i', T.INT64, None)])\n"
     "print(s.run(None, {'x': np.zeros((2, 4), 'float32'), 'k': np.array([10], 'int64')}))"),
    ("false-positive", None, "b3-einsum-bad-equation", "Einsum with equation 'ij,jk->il' (an output label no input has)",
     "s = model([h.make_node('Einsum', ['a', 'b'], ['y'], equation='ij,jk->il')], [vi('a', T.FLOAT, [2, 3]), vi('b', T.FLOAT, [3, 4])],\n"
     "          [vi('y', T.FLOAT, None)])\n"
     "print(s.run(None, {'a': np.zeros((2, 3), 'float32'), 'b': np.zeros((3, 4), 'float32')}))"),
    ("false-positive", None, "b3-session-from-non-model-bytes", "InferenceSession from bytes that are a numpy array, not a model",
     "buf = np.arange(16, dtype='float32').tobytes()\n"
     "s = ort.InferenceSession(buf, providers=['CPUExecutionProvider'])"),
    ("nan", None, "b3-nan-sqrt-negative", "prints Sqrt of a negative input",
     "s = model([h.make_node('Sqrt', ['x'], ['y'])], [vi('x', T.FLOAT, [3])], [vi('y', T.FLOAT, None)])\n"
     "print('output:', s.run(None, {'x': np.array([4.0, -1.0, 9.0], 'float32')})[0])"),
    ("oom", None, "b3-oom-expand-huge", "Expand of a scalar to shape (2**20, 2**20) float32",
     "s = model([h.make_node('Expand', ['x', 'shape'], ['y'])], [vi('x', T.FLOAT, [1])], [vi('y', T.FLOAT, None)],\n"
     "          [nh.from_array(np.array([2 ** 20, 2 ** 20], 'int64'), 'shape')])\n"
     "print(s.run(None, {'x': np.ones(1, 'float32')})[0].shape)"),
    ("inconsistency", None, "b3-inconsistency-float16-graph", "numpy.testing.assert_allclose between the same MatMul+Softmax graph in float16 and float32",
     "def build(t, dt):\n"
     "    return model([h.make_node('MatMul', ['x', 'w'], ['z']), h.make_node('Softmax', ['z'], ['y'], axis=-1)],\n"
     "                 [vi('x', t, [4, 32])], [vi('y', t, None)],\n"
     "                 [nh.from_array(np.random.RandomState(1).randn(32, 16).astype(dt), 'w')])\n"
     "x = np.random.RandomState(0).randn(4, 32)\n"
     "ref = build(T.FLOAT, 'float32').run(None, {'x': x.astype('float32')})[0]\n"
     "out = build(T.FLOAT16, 'float16').run(None, {'x': x.astype('float16')})[0]\n"
     "np.testing.assert_allclose(out.astype('float32'), ref, rtol=1e-4, atol=1e-6)"),
]
for _cls, _kind, _n, _how, _code in B3_ORT:
    sc(_n, "onnxruntime", _cls, _kind, _how, ORT_PRE + _code + "\n")

# ---- MindSpore -------------------------------------------------------------------
B3_MS = [
    ("false-positive", None, "b3-lstm-input-size", "nn.LSTM(10, 20) applied to 7 features",
     """\
     rnn = nn.LSTM(10, 20, batch_first=True)
     out, _ = rnn(t((3, 5, 7)))
     print(out.shape)"""),
    ("false-positive", None, "b3-optimizer-negative-lr", "nn.Momentum with learning_rate=-0.1",
     """\
     net = nn.Dense(4, 2)
     opt = nn.Momentum(net.trainable_params(), learning_rate=-0.1, momentum=0.9)
     print(opt)"""),
    ("false-positive", None, "b3-conv-bad-pad-mode", "nn.Conv2d(pad_mode='full')",
     "m = nn.Conv2d(3, 8, 3, pad_mode='full')\nprint(m(t((1, 3, 8, 8))).shape)"),
    ("false-positive", None, "b3-avgpool-zero-stride", "nn.AvgPool2d(kernel_size=2, stride=0)",
     "m = nn.AvgPool2d(kernel_size=2, stride=0)\nprint(m(t((1, 1, 4, 4))).shape)"),
    ("false-positive", None, "b3-softmax-axis-out-of-range", "ops.softmax over axis 5 of a 2-D tensor",
     "print(ops.softmax(t((2, 3)), axis=5))"),
    ("false-positive", None, "b3-split-sizes-mismatch", "ops.split of 5 elements into sizes [2, 2]",
     "print(ops.split(t((5,)), [2, 2]))"),
    ("false-positive", None, "b3-batchnorm-channels", "nn.BatchNorm2d(4) on 3 channels",
     "m = nn.BatchNorm2d(4)\nm.set_train(False)\nprint(m(t((2, 3, 5, 5))).shape)"),
    ("false-positive", None, "b3-load-param-shape-mismatch",
     "load_param_into_net of a checkpoint saved from a wider Dense",
     """\
     mindspore.save_checkpoint(nn.Dense(8, 32), "wide.ckpt")
     params = mindspore.load_checkpoint("wide.ckpt")
     mindspore.load_param_into_net(nn.Dense(8, 16), params)"""),
    ("false-positive", None, "b3-one-hot-negative-depth", "ops.one_hot with depth -1",
     "print(ops.one_hot(Tensor(np.array([0, 1, 2], 'int32')), -1, Tensor(1.0), Tensor(0.0)))"),
    ("nan", None, "b3-nan-float16-softmax-by-hand",
     "a softmax written as exp(x)/sum(exp(x)) in float16 on logits of about 20 (exp overflows), printed",
     """\
     logits = Tensor(np.array([[20.0, 12.0, 3.0]], 'float16'))
     e = ops.exp(logits)
     print("probs:", e / e.sum(axis=-1, keepdims=True))"""),
    ("oom", None, "b3-oom-dense-huge", "nn.Dense(2**20, 2**20): a 4 TiB weight initialized on the CPU",
     "m = nn.Dense(2 ** 20, 2 ** 20)\nprint(m.weight.shape)"),
    ("inconsistency", None, "b3-inconsistency-float16-matmul",
     "numpy.testing.assert_allclose between ops.matmul in float16 and numpy float64",
     """\
     a = np.random.RandomState(0).randn(16, 64)
     out = ops.matmul(Tensor(a.astype('float16')), Tensor(a.T.astype('float16'))).asnumpy()
     np.testing.assert_allclose(out.astype('float64'), a @ a.T, rtol=1e-5)"""),
]
for _cls, _kind, _n, _how, _code in B3_MS:
    sc(_n, "mindspore", _cls, _kind, _how, MS_PRE + textwrap.dedent(_code) + "\n",
       interp="mindspore")

# ==========================================================================
# Fourth batch ("b4-" names), held out from the rules: the same classes as
# real users' logs show them, through other runners: unittest, the logging
# module with timestamps, long training loops that fail at step N,
# DataLoader and multiprocessing workers (the error re-raised in the parent),
# a child process whose death the parent reports, warnings printed first,
# jax.jit / tf.function / torch.compile, Keras fit, ONNX Runtime with its
# session logging on, MindSpore in graph mode.  Each scenario is a whole
# script.  Each entry: (framework, interpreter, KERAS_BACKEND or None, class,
# kind, name, how, code).  Scenarios whose death happens in a child the parent
# reports are named in B4_CHILD (the parent exits non-zero by itself, so a
# crash there is kept though the parent's status is not a signal).  No pytest
# runner: pytest is installed in none of the interpreters.
# ==========================================================================

B4_LOGGING = """\
import logging
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("train")
"""

B4 = [
    # ---- PyTorch (current) ----------------------------------------------------
    ("pytorch", "venv", None, "false-positive", None, "b4-unittest-layernorm-shape",
     "a unittest TestCase applying nn.LayerNorm(16) to a [4, 10] batch",
     """\
     import unittest
     import torch
     import torch.nn as nn

     class Encoder(nn.Module):
         def __init__(self):
             super().__init__()
             self.proj = nn.Linear(10, 10)
             self.norm = nn.LayerNorm(16)
         def forward(self, x):
             return self.norm(self.proj(x))

     class TestEncoder(unittest.TestCase):
         def test_output_shape(self):
             out = Encoder()(torch.randn(4, 10))
             self.assertEqual(out.shape, (4, 10))

         def test_param_count(self):
             self.assertGreater(sum(p.numel() for p in Encoder().parameters()), 0)

     if __name__ == "__main__":
         unittest.main()
     """),
    ("pytorch", "venv", None, "false-positive", None, "b4-logging-loop-ragged-last-batch",
     "a training loop logging each step (logging, timestamps) whose 25th batch has 12 features instead of 10",
     B4_LOGGING + """\
     import torch
     import torch.nn as nn
     torch.manual_seed(0)
     model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 1))
     opt = torch.optim.SGD(model.parameters(), lr=0.05)
     batches = [(torch.randn(16, 10), torch.randn(16, 1)) for _ in range(24)]
     batches.append((torch.randn(16, 12), torch.randn(16, 1)))
     for step, (x, y) in enumerate(batches, 1):
         loss = nn.functional.mse_loss(model(x), y)
         opt.zero_grad()
         loss.backward()
         opt.step()
         log.info("step %d/%d loss=%.4f", step, len(batches), loss.item())
     """),
    ("pytorch", "venv", None, "false-positive", None, "b4-dataloader-worker-object-array",
     "DataLoader(num_workers=2) whose dataset calls torch.from_numpy on an object array (error re-raised in the parent)",
     """\
     import numpy as np
     import torch
     from torch.utils.data import DataLoader, Dataset

     class Records(Dataset):
         def __init__(self):
             self.rows = [np.array([1.0, "n/a", 3.0], dtype=object) for _ in range(8)]
         def __len__(self):
             return len(self.rows)
         def __getitem__(self, i):
             return torch.from_numpy(self.rows[i])

     if __name__ == "__main__":
         for batch in DataLoader(Records(), batch_size=4, num_workers=2):
             print(batch.shape)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b4-mp-spawn-index-select",
     "torch.multiprocessing.spawn of 2 workers, one calls index_select with an index past the end",
     """\
     import torch
     import torch.multiprocessing as mp

     def worker(rank, table):
         rows = torch.tensor([rank, rank + 4])
         print(f"worker {rank}: {table.index_select(0, rows).sum().item():.3f}", flush=True)

     if __name__ == "__main__":
         table = torch.randn(5, 8)
         mp.spawn(worker, args=(table,), nprocs=2, join=True)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b4-warnings-then-mse-size-mismatch",
     "mse_loss size warnings printed first (a broadcast target), then a target of 5 against 3 outputs",
     """\
     import torch
     import torch.nn.functional as F
     pred = torch.randn(4, 1)
     print("warm-up loss", F.mse_loss(pred, torch.randn(4)).item())
     pred = torch.randn(4, 3)
     print("loss", F.mse_loss(pred, torch.randn(5)).item())
     """),
    ("pytorch", "venv", None, "false-positive", None, "b4-compile-matmul-shape",
     "torch.compile of a function multiplying [8,16] by [32,4]",
     """\
     import torch

     @torch.compile
     def head(x, w):
         return torch.relu(x @ w)

     print(head(torch.randn(8, 16), torch.randn(32, 4)))
     """),
    ("pytorch", "venv", None, "nan", None, "b4-detect-anomaly-norm-at-zero",
     "a contrastive-loss loop under torch.autograd.detect_anomaly: the Euclidean distance sqrt(sum((a-b)**2)) of two identical embeddings has a NaN gradient",
     """\
     import torch
     torch.manual_seed(0)
     emb = torch.nn.Embedding(6, 4)
     opt = torch.optim.SGD(emb.parameters(), lr=0.1)
     pairs = [(0, 1), (2, 3), (4, 5), (1, 1)]
     with torch.autograd.detect_anomaly():
         for step, (i, j) in enumerate(pairs):
             a, b = emb(torch.tensor(i)), emb(torch.tensor(j))
             loss = torch.sqrt(((a - b) ** 2).sum())
             opt.zero_grad()
             loss.backward()
             opt.step()
             print(f"step {step} pair ({i},{j}) dist={loss.item():.4f}")
     """),
    ("pytorch", "venv", None, "oom", None, "b4-logging-attention-huge-seq",
     "attention scores q @ k^T for a 2**20-token sequence (a 4 TiB matrix), after logging the setup",
     B4_LOGGING + """\
     import torch
     seq, dim = 2 ** 20, 64
     log.info("building attention for seq_len=%d dim=%d", seq, dim)
     q = torch.randn(1, seq, dim)
     k = torch.randn(1, seq, dim)
     log.info("q/k ready, computing scores")
     scores = q @ k.transpose(1, 2) / dim ** 0.5
     log.info("scores %s", scores.shape)
     """),
    ("pytorch", "venv", None, "timeout", None, "b4-subprocess-store-wait",
     "the parent runs a training script with subprocess.run(timeout=25); the child waits on a TCPStore key no other rank sets",
     """\
     import subprocess, sys
     child = '''
     import datetime, torch.distributed as dist
     print("rank 1: connecting to store", flush=True)
     store = dist.TCPStore("127.0.0.1", 29533, 2, True, timeout=datetime.timedelta(hours=1))
     print("rank 1: waiting for rank 0", flush=True)
     store.wait(["rank0_ready"])
     print("go")
     '''
     with open("train_rank1.py", "w") as f:
         f.write(child)
     p = subprocess.run([sys.executable, "train_rank1.py"], timeout=25)
     sys.exit(p.returncode)
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b4-unittest-matmul-half",
     "a unittest TestCase comparing a [64,256]x[256,64] matmul in float16 and float32 with assert_close",
     """\
     import unittest
     import torch

     class TestMatmul(unittest.TestCase):
         def test_half_matches_float(self):
             torch.manual_seed(0)
             a, b = torch.randn(64, 256), torch.randn(256, 64)
             ref = a @ b
             out = (a.half() @ b.half()).float()
             torch.testing.assert_close(out, ref)

     if __name__ == "__main__":
         unittest.main(verbosity=2)
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b4-compile-vs-eager-bf16",
     "torch.testing.assert_close between an eager float32 MLP and the same MLP compiled in bfloat16",
     """\
     import torch
     import torch.nn as nn
     torch.manual_seed(0)
     m = nn.Sequential(nn.Linear(128, 256), nn.GELU(), nn.Linear(256, 16))
     x = torch.randn(32, 128)
     ref = m(x)
     fast = torch.compile(m.to(torch.bfloat16))
     out = fast(x.bfloat16()).float()
     torch.testing.assert_close(out, ref, rtol=1e-4, atol=1e-4)
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b4-logging-half-det",
     "torch.linalg.det of a CPU float16 matrix inside a logged evaluation (no Half kernel)",
     B4_LOGGING + """\
     import torch
     cov = torch.eye(4) * 0.5 + 0.1
     log.info("evaluating log-det of %s covariance", tuple(cov.shape))
     print(torch.linalg.det(cov.half()))
     """),
    # ---- PyTorch 1.13 (system Python) ------------------------------------------
    ("pytorch-1.13", "system", None, "crash", "segfault", "b4-child-maxpool-backward-negative-indices",
     "the parent runs a worker script with subprocess.run(check=True); the worker calls aten.max_pool2d_with_indices_backward with negative indices and dies of SIGSEGV",
     """\
     import subprocess, sys
     child = '''
     import torch
     grad = torch.randn(1, 1, 2, 2)
     x = torch.randn(1, 1, 4, 4)
     idx = torch.full((1, 1, 2, 2), -10 ** 9, dtype=torch.long)
     print("worker: computing pool gradient", flush=True)
     print(torch.ops.aten.max_pool2d_with_indices_backward(grad, x, [2, 2], [2, 2], [0, 0], [1, 1], False, idx))
     '''
     with open("worker.py", "w") as f:
         f.write(child)
     print("launching worker", flush=True)
     subprocess.run([sys.executable, "worker.py"], check=True)
     """),
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b4-unittest-half-conv2d",
     "a unittest TestCase running a float16 Conv2d on the CPU (no Half slow_conv2d kernel in 1.13)",
     """\
     import unittest
     import torch
     import torch.nn as nn

     class TestHalfConv(unittest.TestCase):
         def test_forward(self):
             m = nn.Conv2d(3, 8, 3).half()
             out = m(torch.randn(2, 3, 16, 16).half())
             self.assertEqual(out.shape, (2, 8, 14, 14))

     if __name__ == "__main__":
         unittest.main()
     """),
    ("pytorch-1.13", "system", None, "false-positive", None, "b4-logging-bilinear-3d-input",
     "nn.Upsample(mode='bilinear') applied to a 3-D feature map, after logging",
     B4_LOGGING + """\
     import torch
     import torch.nn as nn
     up = nn.Upsample(scale_factor=2, mode='bilinear', align_corners=False)
     feat = torch.randn(8, 16, 16)
     log.info("upsampling feature map %s", tuple(feat.shape))
     print(up(feat).shape)
     """),
    ("pytorch-1.13", "system", None, "nan", None, "b4-loop-hand-bce-saturates",
     "a training loop with a hand-written BCE on a sigmoid that saturates; the printed loss becomes nan",
     """\
     import torch
     torch.manual_seed(0)
     w = torch.zeros(4, requires_grad=True)
     x = torch.randn(64, 4) * 20
     y = (x[:, 0] > 0).float()
     opt = torch.optim.SGD([w], lr=5.0)
     for step in range(1, 41):
         p = torch.sigmoid(x @ w)
         loss = -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()
         opt.zero_grad()
         loss.backward()
         opt.step()
         if step % 5 == 0:
             print(f"step {step:3d}  loss {loss.item():.4f}")
     """),
    # ---- TensorFlow -------------------------------------------------------------
    ("tensorflow", "venv", None, "false-positive", None, "b4-function-add-int-float",
     "a tf.function adding an int32 bias to a float32 tensor",
     """\
     import tensorflow as tf

     @tf.function
     def step(x):
         bias = tf.constant([1, 2, 3])
         return tf.nn.relu(x + bias)

     print(step(tf.ones([2, 3])))
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b4-warnings-conv2d-filter-channels",
     "numpy RuntimeWarnings printed while normalizing, then tf.nn.conv2d with a 4-channel filter on a 3-channel image",
     """\
     import warnings
     import numpy as np
     import tensorflow as tf
     warnings.simplefilter("always")
     img = np.random.rand(1, 8, 8, 3).astype("float32")
     img[..., 2] = 0.0
     img = img / img.max(axis=(0, 1, 2), keepdims=True)
     img = np.nan_to_num(img)
     filters = tf.random.normal([3, 3, 4, 8])
     print(tf.nn.conv2d(img, filters, strides=1, padding="SAME").shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b4-pool-worker-image-resize",
     "a multiprocessing Pool (spawn) whose worker calls tf.image.resize with a negative size (error re-raised in the parent)",
     """\
     import multiprocessing as mp

     def preprocess(size):
         import numpy as np
         import tensorflow as tf
         img = np.random.rand(32, 32, 3).astype("float32")
         return tf.image.resize(img, size).shape.as_list()

     if __name__ == "__main__":
         with mp.get_context("spawn").Pool(2) as pool:
             print(pool.map(preprocess, [[16, 16], [-1, 24]]))
     """),
    ("tensorflow", "venv", None, "nan", None, "b4-check-numerics-custom-loop",
     "tf.debugging.enable_check_numerics in a custom training loop; a log(0) appears at step 6",
     """\
     import tensorflow as tf
     tf.debugging.enable_check_numerics()
     tf.random.set_seed(0)
     w = tf.Variable(tf.random.normal([4, 1]))
     for step in range(1, 11):
         x = tf.random.uniform([8, 4])
         if step == 6:
             x = tf.zeros([8, 4])
         with tf.GradientTape() as tape:
             pred = tf.nn.relu(tf.matmul(x, w))
             loss = -tf.reduce_mean(tf.math.log(pred))
         g = tape.gradient(loss, w)
         w.assign_sub(0.01 * g)
         print(f"step {step} loss {float(loss):.4f}")
     """),
    ("tensorflow", "venv", None, "oom", None, "b4-function-tile-huge",
     "tf.tile of a [1024, 1024] map by [1024, 1024] inside a tf.function (a 4 TiB result)",
     """\
     import tensorflow as tf

     @tf.function
     def expand(m):
         return tf.reduce_sum(tf.tile(m, [1024, 1024]))

     print(expand(tf.ones([1024, 1024])))
     """),
    ("tensorflow", "venv", None, "timeout", None, "b4-subprocess-data-server-silent",
     "the parent runs a TF input-pipeline script with subprocess.run(timeout=40); its generator waits on a socket that never sends",
     """\
     import subprocess, sys
     child = '''
     import socket
     import tensorflow as tf
     srv = socket.socket()
     srv.bind(("127.0.0.1", 0))
     srv.listen(1)
     cli = socket.create_connection(srv.getsockname())
     def records():
         while True:
             data = cli.recv(16)
             yield float(len(data))
     ds = tf.data.Dataset.from_generator(records, output_signature=tf.TensorSpec([], tf.float32)).batch(8)
     print("pipeline ready, reading first batch", flush=True)
     for b in ds:
         print(b)
     '''
     with open("input_pipeline.py", "w") as f:
         f.write(child)
     subprocess.run([sys.executable, "input_pipeline.py"], timeout=40)
     """),
    ("tensorflow", "venv", None, "inconsistency", None, "b4-tf-test-matmul-half",
     "a tf.test.TestCase comparing a [64,256]x[256,64] matmul in float16 and float32 with assertAllClose",
     """\
     import tensorflow as tf

     class SumTest(tf.test.TestCase):
         def test_half_matmul(self):
             a = tf.random.stateless_normal([64, 256], seed=[3, 4])
             b = tf.random.stateless_normal([256, 64], seed=[5, 6])
             ref = tf.matmul(a, b)
             out = tf.cast(tf.matmul(tf.cast(a, tf.float16), tf.cast(b, tf.float16)), tf.float32)
             self.assertAllClose(out, ref, rtol=1e-5, atol=1e-5)

     if __name__ == "__main__":
         tf.test.main()
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b4-logging-gather-index",
     "tf.gather of item 50 from a 20-row embedding table, in a logged lookup",
     B4_LOGGING + """\
     import tensorflow as tf
     table = tf.random.normal([20, 8])
     ids = tf.constant([3, 7, 50])
     log.info("looking up %d ids", ids.shape[0])
     print(tf.gather(table, ids))
     """),
    # ---- JAX ----------------------------------------------------------------------
    ("jax", "venv", None, "false-positive", None, "b4-unittest-jit-solve-shape",
     "a unittest TestCase calling a jitted jnp.linalg.solve on a [3,3] system with a [4] right-hand side",
     """\
     import unittest
     import jax
     import jax.numpy as jnp

     @jax.jit
     def solve(a, b):
         return jnp.linalg.solve(a, b)

     class TestSolve(unittest.TestCase):
         def test_identity(self):
             self.assertEqual(solve(jnp.eye(3), jnp.ones(3)).shape, (3,))

         def test_rhs(self):
             out = solve(jnp.eye(3) * 2.0, jnp.ones(4))
             self.assertEqual(out.shape, (3,))

     if __name__ == "__main__":
         unittest.main()
     """),
    ("jax", "venv", None, "nan", None, "b4-debug-nans-training-loop",
     "jax_debug_nans on a jitted loss (mean sqrt of the predictions) in a logged training loop; the 5th batch is centred, sqrt of a negative gives NaN",
     B4_LOGGING + """\
     import jax
     import jax.numpy as jnp
     jax.config.update("jax_debug_nans", True)

     @jax.jit
     def loss_fn(w, x):
         return jnp.mean(jnp.sqrt(x @ w))

     key = jax.random.PRNGKey(0)
     w = jnp.ones(4) * 0.5
     for step in range(1, 9):
         key, sub = jax.random.split(key)
         x = jax.random.uniform(sub, (16, 4))
         if step == 5:
             x = x - x.mean()
         loss, g = jax.value_and_grad(loss_fn)(w, x)
         w = w - 0.01 * g
         log.info("step %d loss %.5f", step, float(loss))
     """),
    ("jax", "venv", None, "inconsistency", None, "b4-jit-bf16-logsumexp",
     "numpy.testing.assert_allclose between a jitted logsumexp in bfloat16 and numpy float64",
     """\
     import numpy as np
     import jax
     import jax.numpy as jnp
     from jax.scipy.special import logsumexp
     x = np.random.RandomState(0).randn(64, 512) * 3
     out = jax.jit(lambda a: logsumexp(a, axis=-1))(jnp.asarray(x, jnp.bfloat16))
     ref = np.log(np.exp(x).sum(-1))
     np.testing.assert_allclose(np.asarray(out, np.float64), ref, rtol=1e-4)
     """),
    ("jax", "venv", None, "oom", None, "b4-jit-outer-huge",
     "a jitted jnp.outer of a 2**20-element vector with itself, returned (a 4 TiB result)",
     """\
     import jax
     import jax.numpy as jnp

     @jax.jit
     def gram(v):
         return jnp.outer(v, v) * 0.5

     print("vector ready")
     print(gram(jnp.ones(2 ** 20))[0, :3])
     """),
    ("jax", "venv", None, "false-positive", None, "b4-warnings-conv-feature-mismatch",
     "a float64 request warned about (x64 off), then lax.conv with 3 input channels against a 4-channel kernel",
     """\
     import numpy as np
     import jax
     import jax.numpy as jnp
     img = jnp.asarray(np.random.rand(1, 3, 16, 16), dtype=jnp.float64)
     kernel = jnp.ones((8, 4, 3, 3), dtype=jnp.float64)
     out = jax.lax.conv(img, kernel, window_strides=(1, 1), padding="SAME")
     print(out.shape)
     """),
    ("jax", "venv", None, "timeout", None, "b4-subprocess-io-callback-recv",
     "the parent runs a scoring script with subprocess.run(timeout=30); its jitted step reads a socket that never sends through io_callback",
     """\
     import subprocess, sys
     child = '''
     import socket
     import numpy as np
     import jax
     import jax.numpy as jnp
     from jax.experimental import io_callback
     srv = socket.socket()
     srv.bind(("127.0.0.1", 0))
     srv.listen(1)
     conn = socket.create_connection(srv.getsockname())
     def fetch():
         return np.full(4, len(conn.recv(16)), np.float32)
     @jax.jit
     def score(w):
         x = io_callback(fetch, jax.ShapeDtypeStruct((4,), jnp.float32))
         return jnp.dot(w, x)
     print("scorer up, waiting for features", flush=True)
     print(score(jnp.ones(4)))
     '''
     with open("scorer.py", "w") as f:
         f.write(child)
     subprocess.run([sys.executable, "scorer.py"], timeout=30)
     """),
    ("jax", "venv", None, "false-positive", None, "b4-pool-worker-jit-reshape",
     "a multiprocessing Pool (spawn) whose worker reshapes 12 values into (5, -1) under jax.jit",
     """\
     import multiprocessing as mp

     def featurize(n):
         import jax
         import jax.numpy as jnp
         return jax.jit(lambda a: a.reshape(5, -1).sum(0))(jnp.arange(n, dtype=jnp.float32)).tolist()

     if __name__ == "__main__":
         with mp.get_context("spawn").Pool(2) as pool:
             print(pool.map(featurize, [10, 12]))
     """),
    # ---- Keras 3 --------------------------------------------------------------------
    ("keras", "venv", "tensorflow", "false-positive", None, "b4-tensorflow-fit-validation-features",
     "fit with verbose=1 whose validation_data has 12 features against a 10-feature model",
     """\
     import numpy as np
     import keras
     keras.utils.set_random_seed(0)
     m = keras.Sequential([keras.Input((10,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(1)])
     m.compile("adam", "mse")
     m.fit(np.random.rand(64, 10), np.random.rand(64, 1), epochs=2, batch_size=16,
           validation_data=(np.random.rand(16, 12), np.random.rand(16, 1)), verbose=1)
     """),
    ("keras", "venv", "torch", "false-positive", None, "b4-torch-fit-channels-first",
     "fit of a channels-last Conv2D model on (N, 1, 28, 28) images",
     """\
     import numpy as np
     import keras
     m = keras.Sequential([keras.Input((28, 28, 1)), keras.layers.Conv2D(8, 3, activation="relu"),
                           keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(10, activation="softmax")])
     m.compile("adam", "sparse_categorical_crossentropy", metrics=["accuracy"])
     m.fit(np.random.rand(32, 1, 28, 28).astype("float32"), np.random.randint(0, 10, 32), epochs=1, verbose=2)
     """),
    ("keras", "venv", "jax", "nan", None, "b4-jax-fit-diverging-lr",
     "fit with SGD(learning_rate=50) on unscaled targets, verbose=2; the loss is printed as nan",
     """\
     import numpy as np
     import keras
     keras.utils.set_random_seed(0)
     x = np.random.rand(256, 8).astype("float32") * 100
     y = x.sum(1, keepdims=True) * 10
     m = keras.Sequential([keras.Input((8,)), keras.layers.Dense(32, activation="relu"), keras.layers.Dense(1)])
     m.compile(keras.optimizers.SGD(learning_rate=50.0), "mse")
     m.fit(x, y, epochs=4, batch_size=32, verbose=2)
     """),
    ("keras", "venv", "tensorflow", "inconsistency", None, "b4-tensorflow-unittest-bf16-policy",
     "a unittest TestCase comparing predictions under mixed_bfloat16 and float32 with numpy.testing.assert_allclose",
     """\
     import unittest
     import numpy as np
     import keras

     def build(policy):
         keras.utils.set_random_seed(0)
         return keras.Sequential([keras.Input((64,)), keras.layers.Dense(128, activation="gelu", dtype=policy),
                                  keras.layers.Dense(8, dtype=policy)])

     class TestPolicy(unittest.TestCase):
         def test_bf16_matches(self):
             ref, fast = build("float32"), build("mixed_bfloat16")
             fast.set_weights(ref.get_weights())
             x = np.random.RandomState(0).randn(16, 64).astype("float32")
             np.testing.assert_allclose(np.asarray(fast.predict(x, verbose=0), "float32"),
                                        ref.predict(x, verbose=0), rtol=1e-5)

     if __name__ == "__main__":
         unittest.main()
     """),
    ("keras", "venv", "tensorflow", "oom", None, "b4-tensorflow-embedding-huge-vocab",
     "Embedding(2**32, 1024) built inside a model (a 16 TiB table)",
     """\
     import keras
     m = keras.Sequential([keras.Input((16,), dtype="int32"), keras.layers.Embedding(2 ** 32, 1024),
                           keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(2)])
     m.summary()
     """),
    # ---- ONNX Runtime ------------------------------------------------------------------
    ("onnxruntime", "venv", None, "false-positive", None, "b4-verbose-matmul-runtime-shape",
     "MatMul with symbolic dims fed [2,3] and [4,5], session log_severity_level=0 (verbose)",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h
     g = h.make_graph([h.make_node("MatMul", ["a", "b"], ["y"])], "g",
                      [h.make_tensor_value_info("a", T.FLOAT, ["N", "K"]), h.make_tensor_value_info("b", T.FLOAT, ["K2", "M"])],
                      [h.make_tensor_value_info("y", T.FLOAT, None)])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
     so = ort.SessionOptions()
     so.log_severity_level = 0
     so.log_verbosity_level = 1
     s = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])
     print(s.run(None, {"a": np.ones((2, 3), "float32"), "b": np.ones((4, 5), "float32")}))
     """),
    ("onnxruntime", "venv", None, "false-positive", None, "b4-logging-wrong-input-name",
     "session.run fed an input named 'input' when the graph's input is 'x', with log_severity_level=1 and logging",
     B4_LOGGING + """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h
     g = h.make_graph([h.make_node("Relu", ["x"], ["y"])], "g",
                      [h.make_tensor_value_info("x", T.FLOAT, [1, 4])], [h.make_tensor_value_info("y", T.FLOAT, None)])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
     so = ort.SessionOptions()
     so.log_severity_level = 1
     s = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])
     log.info("session ready, inputs=%s", [i.name for i in s.get_inputs()])
     print(s.run(None, {"input": np.ones((1, 4), "float32")}))
     """),
    ("onnxruntime", "venv", None, "false-positive", None, "b4-unittest-float64-feed",
     "a unittest TestCase feeding a float64 array to a float32 graph input",
     """\
     import unittest
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     def session():
         g = h.make_graph([h.make_node("Gemm", ["x", "w", "b"], ["y"])], "g",
                          [h.make_tensor_value_info("x", T.FLOAT, [None, 4])], [h.make_tensor_value_info("y", T.FLOAT, None)],
                          [nh.from_array(np.ones((4, 2), "float32"), "w"), nh.from_array(np.zeros(2, "float32"), "b")])
         m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
         return ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])

     class TestGemm(unittest.TestCase):
         def test_predict(self):
             out = session().run(None, {"x": np.random.rand(3, 4)})[0]
             self.assertEqual(out.shape, (3, 2))

     if __name__ == "__main__":
         unittest.main()
     """),
    ("onnxruntime", "venv", None, "nan", None, "b4-verbose-layernorm-constant-input",
     "LayerNormalization with epsilon=0 on a constant row (0/0), verbose session logging, output printed",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h, numpy_helper as nh
     g = h.make_graph([h.make_node("LayerNormalization", ["x", "scale", "bias"], ["y"], axis=-1, epsilon=0.0)], "g",
                      [h.make_tensor_value_info("x", T.FLOAT, [2, 4])], [h.make_tensor_value_info("y", T.FLOAT, None)],
                      [nh.from_array(np.ones(4, "float32"), "scale"), nh.from_array(np.zeros(4, "float32"), "bias")])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
     so = ort.SessionOptions()
     so.log_severity_level = 0
     s = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])
     x = np.array([[1.0, 2.0, 3.0, 4.0], [5.0, 5.0, 5.0, 5.0]], "float32")
     print("normalized:", s.run(None, {"x": x})[0])
     """),
    ("onnxruntime", "venv", None, "oom", None, "b4-verbose-constant-of-shape-huge",
     "ConstantOfShape with a run-time shape (2**20, 2**20), session logging at INFO",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h
     g = h.make_graph([h.make_node("ConstantOfShape", ["shape"], ["y"])], "g",
                      [h.make_tensor_value_info("shape", T.INT64, [2])], [h.make_tensor_value_info("y", T.FLOAT, None)])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
     so = ort.SessionOptions()
     so.log_severity_level = 1
     s = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])
     print(s.run(None, {"shape": np.array([2 ** 20, 2 ** 20], "int64")})[0].shape)
     """),
    ("onnxruntime", "venv", None, "inconsistency", None, "b4-float16-reducesum-vs-numpy",
     "numpy.testing.assert_allclose between a float16 ReduceSum graph over 30000 values and numpy float64",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h
     g = h.make_graph([h.make_node("ReduceSum", ["x"], ["y"], keepdims=0)], "g",
                      [h.make_tensor_value_info("x", T.FLOAT16, [30000])], [h.make_tensor_value_info("y", T.FLOAT16, None)])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
     so = ort.SessionOptions()
     so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
     s = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])
     x = np.random.RandomState(0).rand(30000)
     out = s.run(None, {"x": x.astype("float16")})[0]
     np.testing.assert_allclose(float(out), x.sum(), rtol=1e-4)
     """),
    ("onnxruntime", "venv", None, "false-positive", None, "b4-logging-undefined-graph-input",
     "InferenceSession of a graph whose Add reads a tensor nothing produces, with logging",
     B4_LOGGING + """\
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h
     g = h.make_graph([h.make_node("Add", ["x", "offset"], ["y"])], "g",
                      [h.make_tensor_value_info("x", T.FLOAT, [3])], [h.make_tensor_value_info("y", T.FLOAT, None)])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
     log.info("loading exported model (%d nodes)", len(m.graph.node))
     s = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
     """),
    # ---- MindSpore ---------------------------------------------------------------------
    ("mindspore", "mindspore", None, "false-positive", None, "b4-graph-mode-matmul-shape",
     "a Cell whose construct multiplies (4, 6) by (5, 3), run in GRAPH_MODE",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn, ops
     mindspore.set_context(mode=mindspore.GRAPH_MODE, device_target="CPU")

     class Head(nn.Cell):
         def __init__(self):
             super().__init__()
             self.w = mindspore.Parameter(Tensor(np.ones((5, 3), "float32")), name="w")
         def construct(self, x):
             return ops.relu(ops.matmul(x, self.w))

     print(Head()(Tensor(np.ones((4, 6), "float32"))))
     """),
    ("mindspore", "mindspore", None, "false-positive", None, "b4-graph-mode-dense-features",
     "nn.Dense(4, 2) in a SequentialCell applied to 5 features, in GRAPH_MODE",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn
     mindspore.set_context(mode=mindspore.GRAPH_MODE, device_target="CPU")
     net = nn.SequentialCell([nn.Dense(4, 8), nn.ReLU(), nn.Dense(8, 2)])
     print(net(Tensor(np.ones((3, 5), "float32"))).shape)
     """),
    ("mindspore", "mindspore", None, "nan", None, "b4-graph-mode-cosine-zero-row",
     "cosine similarity written by hand (dot / (norm * norm)) over a zero padding row, in GRAPH_MODE, printed",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn, ops
     mindspore.set_context(mode=mindspore.GRAPH_MODE, device_target="CPU")

     class Cosine(nn.Cell):
         def construct(self, a, b):
             return (a * b).sum(-1) / (ops.sqrt((a * a).sum(-1)) * ops.sqrt((b * b).sum(-1)))

     a = np.random.RandomState(0).rand(3, 8).astype("float32")
     a[2] = 0.0
     print("similarity:", Cosine()(Tensor(a), Tensor(a)))
     """),
    ("mindspore", "mindspore", None, "inconsistency", None, "b4-graph-mode-float16-softmax-sum",
     "numpy.testing.assert_allclose between a GRAPH_MODE softmax-weighted sum in float16 and numpy float64",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn, ops
     mindspore.set_context(mode=mindspore.GRAPH_MODE, device_target="CPU")

     class Pool(nn.Cell):
         def construct(self, x, v):
             return (ops.softmax(x, axis=-1) * v).sum(-1)

     rs = np.random.RandomState(0)
     x, v = rs.randn(8, 1000) * 4, rs.randn(8, 1000) * 100
     out = Pool()(Tensor(x.astype("float16")), Tensor(v.astype("float16"))).asnumpy()
     e = np.exp(x - x.max(-1, keepdims=True))
     ref = (e / e.sum(-1, keepdims=True) * v).sum(-1)
     np.testing.assert_allclose(out.astype("float64"), ref, rtol=1e-4)
     """),
    ("mindspore", "mindspore", None, "false-positive", None, "b4-logging-loop-label-batch",
     "a PyNative training loop with logging whose 9th batch has 6 labels for 8 samples",
     B4_LOGGING + """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn
     mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU")
     net = nn.Dense(4, 3)
     loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
     opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
     step_fn = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
     rs = np.random.RandomState(0)
     for step in range(1, 11):
         n = 6 if step == 9 else 8
         x = Tensor(rs.rand(8, 4).astype("float32"))
         y = Tensor(rs.randint(0, 3, n).astype("int32"))
         log.info("step %d loss %.4f", step, float(step_fn(x, y).asnumpy()))
     """),
    ("mindspore", "mindspore", None, "oom", None, "b4-graph-mode-zeros-huge",
     "ops.zeros((2**20, 2**20)) inside a GRAPH_MODE construct (a 4 TiB tensor)",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn, ops
     mindspore.set_context(mode=mindspore.GRAPH_MODE, device_target="CPU")

     class Buf(nn.Cell):
         def construct(self, x):
             return (ops.zeros((2 ** 20, 2 ** 20), mindspore.float32) + x).sum()

     print(Buf()(Tensor(np.ones(1, "float32"))))
     """),
]
B4_CHILD = {"b4-child-maxpool-backward-negative-indices"}
for _fw, _interp, _be, _cls, _kind, _n, _how, _code in B4:
    if _code.startswith(B4_LOGGING):
        _code = B4_LOGGING + textwrap.dedent(_code[len(B4_LOGGING):])
    sc(_n, _fw, _cls, _kind, _how + (" (KERAS_BACKEND=%s)" % _be if _be else ""),
       textwrap.dedent(_code), interp=_interp, env={"KERAS_BACKEND": _be} if _be else None)
    S[-1]["child"] = _n in B4_CHILD

# ==========================================================================
# Fifth batch ("b5-" names), held out from the rules: what a model-mutation
# tester produces.  Each script builds a small model (a few layers: Conv,
# Dense/Linear, pooling, normalization, attention, RNN, embedding), runs the
# original, then one mutant: a changed dtype (float16, bfloat16, float64,
# integer inputs), a boundary value (zero-size dims, 1x1 images, huge dims,
# zero or negative strides/paddings/kernel sizes, an empty batch), a changed
# execution mode (torch.compile, torch.jit.script/trace, tf.function with
# jit_compile=True, jax.jit/vmap/grad, ONNX Runtime optimization levels,
# MindSpore GRAPH_MODE and PYNATIVE_MODE), or the same model on two
# frameworks or two modes, compared in the script (both printed with a
# max-abs-diff line; an error raised only when the difference is real).
# Timeouts are a watchdog (signal.alarm, a thread, or ONNX Runtime's
# terminate flag) around a genuinely long run.  Each entry: (framework,
# interpreter, KERAS_BACKEND or None, class, kind, name, how, code).
# ==========================================================================


# The same mutant on PyTorch 2.13 (a clean rejection) and 1.13 (SIGSEGV).
B5_LSTMCELL_PRUNED = """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     cell = nn.LSTMCell(4, 2, bias=False)
     x = torch.randn(1, 4)
     state = (torch.zeros(1, 2), torch.zeros(1, 2))
     print("original gate rows:", cell.weight_ih.shape[0], cell.weight_hh.shape[0])
     print("original output:", cell(x, state)[0])
     cell.weight_ih = nn.Parameter(cell.weight_ih[:3].detach().clone())
     cell.weight_hh = nn.Parameter(cell.weight_hh[:3].detach().clone())
     print("mutant gate rows:", cell.weight_ih.shape[0], cell.weight_hh.shape[0])
     print("mutant output:", cell(x, state)[0])
     """

B5 = [
    # ---- PyTorch (current) ----------------------------------------------------
    ("pytorch", "venv", None, "false-positive", None, "b5-conv-kernel-size-zero",
     "a small CNN whose Conv2d kernel_size is mutated from 3 to 0",
     """\
     import torch
     import torch.nn as nn

     def make_cnn(k):
         return nn.Sequential(nn.Conv2d(3, 8, k, padding=k // 2), nn.ReLU(),
                              nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 10))

     x = torch.randn(4, 3, 32, 32)
     print("original (kernel_size=3):", tuple(make_cnn(3)(x).shape))
     print("mutant (kernel_size=0):", tuple(make_cnn(0)(x).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b5-jit-script-maxpool-stride-zero",
     "a torch.jit.script'ed CNN whose MaxPool2d stride is mutated from 2 to 0",
     """\
     import torch
     import torch.nn as nn

     class Net(nn.Module):
         def __init__(self, stride: int):
             super().__init__()
             self.conv = nn.Conv2d(1, 4, 3, padding=1)
             self.pool = nn.MaxPool2d(2, stride=stride)
             self.fc = nn.Linear(4 * 14 * 14, 10)
         def forward(self, x):
             return self.fc(torch.flatten(self.pool(torch.relu(self.conv(x))), 1))

     x = torch.randn(2, 1, 28, 28)
     print("original (stride=2):", tuple(torch.jit.script(Net(2))(x).shape))
     mutant = torch.jit.script(Net(0))
     print("mutant (stride=0):", tuple(mutant(x).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b5-lstm-float64-input",
     "an LSTM tagger (float32 weights) fed a float64 mutant of its input",
     """\
     import torch
     import torch.nn as nn

     class Tagger(nn.Module):
         def __init__(self):
             super().__init__()
             self.rnn = nn.LSTM(16, 32, batch_first=True)
             self.out = nn.Linear(32, 5)
         def forward(self, x):
             h, _ = self.rnn(x)
             return self.out(h)

     torch.manual_seed(0)
     m = Tagger()
     x = torch.randn(4, 12, 16)
     print("original (float32 input):", tuple(m(x).shape))
     print("mutant (float64 input):", tuple(m(x.double()).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b5-embedding-float-token-ids",
     "a bag-of-words classifier whose int64 token ids are mutated to float32",
     """\
     import torch
     import torch.nn as nn

     class BagOfWords(nn.Module):
         def __init__(self):
             super().__init__()
             self.emb = nn.Embedding(1000, 32)
             self.fc = nn.Linear(32, 2)
         def forward(self, ids):
             return self.fc(self.emb(ids).mean(1))

     m = BagOfWords()
     ids = torch.randint(0, 1000, (8, 20))
     print("original (int64 ids):", tuple(m(ids).shape))
     print("mutant (float32 ids):", tuple(m(ids.float()).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b5-mha-heads-not-dividing",
     "an attention block whose MultiheadAttention num_heads is mutated from 4 to 5 (48 not divisible by 5)",
     """\
     import torch
     import torch.nn as nn

     class Block(nn.Module):
         def __init__(self, dim, heads):
             super().__init__()
             self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
             self.norm = nn.LayerNorm(dim)
         def forward(self, x):
             return self.norm(x + self.attn(x, x, x, need_weights=False)[0])

     x = torch.randn(2, 10, 48)
     print("original (heads=4):", tuple(Block(48, 4)(x).shape))
     print("mutant (heads=5):", tuple(Block(48, 5)(x).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b5-upsample-scale-zero",
     "a small decoder whose Upsample scale_factor is mutated from 2 to 0",
     """\
     import torch
     import torch.nn as nn

     def decoder(scale):
         return nn.Sequential(nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(),
                              nn.Upsample(scale_factor=scale, mode="nearest"), nn.Conv2d(8, 3, 3, padding=1))

     x = torch.randn(1, 8, 16, 16)
     print("original (scale_factor=2):", tuple(decoder(2.0)(x).shape))
     print("mutant (scale_factor=0):", tuple(decoder(0.0)(x).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b5-compile-empty-sequence-amax",
     "a torch.compile'd embedding classifier with max pooling over tokens, fed a mutant batch of zero-length sequences",
     """\
     import torch
     import torch.nn as nn

     class Head(nn.Module):
         def __init__(self):
             super().__init__()
             self.emb = nn.Embedding(100, 16)
             self.fc = nn.Linear(16, 3)
         def forward(self, tokens):
             h = self.emb(tokens)
             return self.fc(h.amax(dim=1))

     m = torch.compile(Head())
     print("original (seq_len=5):", tuple(m(torch.randint(0, 100, (2, 5))).shape))
     print("mutant (seq_len=0):", tuple(m(torch.randint(0, 100, (2, 0))).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b5-batchnorm-single-sample-train",
     "an MLP with BatchNorm1d trained on a batch whose size is mutated from 32 to 1",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     m = nn.Sequential(nn.Linear(20, 64), nn.BatchNorm1d(64), nn.ReLU(), nn.Linear(64, 1))
     m.train()
     opt = torch.optim.SGD(m.parameters(), lr=0.1)
     for batch_size in (32, 1):
         x, y = torch.randn(batch_size, 20), torch.randn(batch_size, 1)
         loss = nn.functional.mse_loss(m(x), y)
         opt.zero_grad()
         loss.backward()
         opt.step()
         print(f"batch of {batch_size}: loss {loss.item():.4f}")
     """),
    ("pytorch", "venv", None, "false-positive", None, "b5-lstmcell-pruned-gate-rows",
     "an LSTMCell(bias=False) whose weight_ih and weight_hh are mutated to their first 3 gate rows (8 needed)",
     B5_LSTMCELL_PRUNED),
    ("pytorch", "venv", None, "crash", "not-implemented", "b5-half-rrelu-not-implemented",
     "an MLP with an RReLU activation in training mode, mutated to float16 on the CPU (no Half rrelu_with_noise kernel)",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     m = nn.Sequential(nn.Linear(16, 32), nn.RReLU(), nn.Linear(32, 4))
     m.train()
     x = torch.randn(8, 16)
     print("original (float32):", tuple(m(x).shape))
     print("mutant (float16):", tuple(m.half()(x.half()).shape))
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b5-half-ctc-not-implemented",
     "a GRU speech head trained with CTCLoss, mutated to float16 on the CPU (no Half ctc_loss kernel)",
     """\
     import torch
     import torch.nn as nn

     class SpeechHead(nn.Module):
         def __init__(self):
             super().__init__()
             self.rnn = nn.GRU(13, 32)
             self.fc = nn.Linear(32, 6)
         def forward(self, x):
             return self.fc(self.rnn(x)[0]).log_softmax(-1)

     torch.manual_seed(0)
     m = SpeechHead()
     feats = torch.randn(50, 2, 13)
     targets = torch.randint(1, 6, (2, 10))
     in_len, tgt_len = torch.tensor([50, 50]), torch.tensor([10, 8])
     ctc = nn.CTCLoss()
     print("original loss (float32):", ctc(m(feats), targets, in_len, tgt_len).item())
     m = m.half()
     print("mutant loss (float16):", ctc(m(feats.half()), targets, in_len, tgt_len).item())
     """),
    ("pytorch", "venv", None, "nan", None, "b5-nan-half-attention-pixels",
     "a single-head attention layer mutated to float16, fed features in pixel units (0-255): the q.k scores exceed float16's maximum (65504), become inf, and softmax over inf gives NaN; the float32 original is finite",
     """\
     import torch
     import torch.nn as nn

     class Attention(nn.Module):
         def __init__(self, d=64):
             super().__init__()
             self.q, self.k, self.v = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, d)
             self.scale = d ** -0.5
         def forward(self, x):
             scores = self.q(x) @ self.k(x).transpose(-2, -1) * self.scale
             return torch.softmax(scores, dim=-1) @ self.v(x)

     torch.manual_seed(0)
     m = Attention()
     x = torch.rand(2, 8, 64) * 255
     with torch.no_grad():
         ref = m(x)
         out = m.half()(x.half())
     print("float32 output: nan count", torch.isnan(ref).sum().item(), "max abs", ref.abs().max().item())
     print("float16 output: nan count", torch.isnan(out).sum().item())
     print(out[0, :2, :6])
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b5-inconsistency-compile-vs-eager-half-rmsnorm",
     "a float16 MLP with a hand-written RMSNorm run eagerly and under torch.compile on inputs up to 4000: eager float16 x.pow(2) overflows and the norm output collapses, the compiled kernel keeps the intermediate in float32; the outputs differ by about 1",
     """\
     import torch
     import torch.nn as nn

     class RMSNorm(nn.Module):
         def __init__(self, d):
             super().__init__()
             self.weight = nn.Parameter(torch.ones(d))
         def forward(self, x):
             return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * self.weight

     torch.manual_seed(0)
     m = nn.Sequential(nn.Linear(32, 32), RMSNorm(32), nn.Linear(32, 4)).half().eval()
     x = (torch.rand(4, 32) * 4000).half()
     with torch.no_grad():
         eager = m(x).float()
         compiled = torch.compile(m)(x).float()
     diff = (eager - compiled).abs().max().item()
     print("eager:   ", eager[0])
     print("compiled:", compiled[0])
     print(f"max abs diff: {diff:.4g}")
     if diff > 1e-2:
         raise AssertionError(f"eager and torch.compile outputs differ: max abs diff {diff:.4g} > 1e-2")
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b5-inconsistency-jit-trace-frozen-branch",
     "a gated head with a data-dependent branch, traced with torch.jit.trace on one input and compared with eager on another: the trace froze the other branch",
     """\
     import torch
     import torch.nn as nn

     class GatedHead(nn.Module):
         def __init__(self):
             super().__init__()
             self.fc = nn.Linear(8, 8)
         def forward(self, x):
             h = self.fc(x)
             if h.mean() > 0:
                 return torch.relu(h)
             return torch.tanh(h)

     torch.manual_seed(0)
     m = GatedHead().eval()
     traced = torch.jit.trace(m, torch.randn(4, 8) + 3)
     x = torch.randn(4, 8) - 3
     with torch.no_grad():
         eager_out, traced_out = m(x), traced(x)
     diff = (eager_out - traced_out).abs().max().item()
     print("eager: ", eager_out[0])
     print("traced:", traced_out[0])
     print(f"max abs diff: {diff:.4g}")
     if diff > 1e-5:
         raise AssertionError(f"eager and torch.jit.trace outputs differ: max abs diff {diff:.4g} > 1e-5")
     """),
    ("pytorch", "venv", None, "oom", None, "b5-oom-upsample-huge-scale",
     "a small decoder whose bilinear Upsample scale_factor is mutated from 2 to 10000 (a 3 TiB activation)",
     """\
     import torch
     import torch.nn as nn

     def decoder(scale):
         return nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),
                              nn.Upsample(scale_factor=scale, mode="bilinear"), nn.Conv2d(8, 3, 1))

     x = torch.randn(1, 3, 32, 32)
     with torch.no_grad():
         print("original (scale 2):", tuple(decoder(2)(x).shape))
         print("mutant (scale 10000):", tuple(decoder(10000)(x).shape))
     """),
    ("pytorch", "venv", None, "timeout", None, "b5-timeout-gru-cell-long-sequence",
     "a GRUCell unrolled over a sequence whose length is mutated from 20 to 10**9, under signal.alarm(5) whose handler raises TimeoutError",
     """\
     import signal
     import torch
     import torch.nn as nn

     def on_alarm(signum, frame):
         raise TimeoutError("forward pass of the mutant did not finish within 5 s")

     torch.manual_seed(0)
     cell = nn.GRUCell(16, 32)
     x = torch.randn(1, 16)

     def run(seq_len):
         h = torch.zeros(1, 32)
         with torch.no_grad():
             for _ in range(seq_len):
                 h = cell(x, h)
         return h

     print("original (seq_len=20):", tuple(run(20).shape))
     signal.signal(signal.SIGALRM, on_alarm)
     signal.alarm(5)
     print("mutant (seq_len=10**9):", tuple(run(10 ** 9).shape))
     """),
    # ---- PyTorch 1.13 (system Python) ------------------------------------------
    ("pytorch-1.13", "system", None, "crash", "segfault", "b5-lstmcell-pruned-gate-rows",
     "an LSTMCell(bias=False) whose weight_ih and weight_hh are mutated to their first 3 gate rows (SIGSEGV in lstm_cell on 1.13; 2.x checks the shapes)",
     B5_LSTMCELL_PRUNED),
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b5-bfloat16-mish-not-implemented",
     "a small CNN with Mish activations mutated to bfloat16 on the CPU (1.13 has no BFloat16 mish kernel)",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     m = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.Mish(), nn.MaxPool2d(2),
                       nn.Conv2d(16, 32, 3, padding=1), nn.Mish(), nn.AdaptiveAvgPool2d(1),
                       nn.Flatten(), nn.Linear(32, 10))
     x = torch.randn(2, 3, 32, 32)
     print("original (float32):", tuple(m(x).shape))
     print("mutant (bfloat16):", tuple(m.bfloat16()(x.bfloat16()).shape))
     """),
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b5-bfloat16-bce-not-implemented",
     "a binary classifier (sigmoid + BCELoss) mutated to bfloat16 on the CPU (1.13 has no BFloat16 binary_cross_entropy kernel)",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     m = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 1), nn.Sigmoid())
     x, y = torch.randn(32, 10), torch.randint(0, 2, (32, 1)).float()
     loss_fn = nn.BCELoss()
     print("original loss (float32):", loss_fn(m(x), y).item())
     m = m.bfloat16()
     print("mutant loss (bfloat16):", loss_fn(m(x.bfloat16()), y.bfloat16()).item())
     """),
    ("pytorch-1.13", "system", None, "false-positive", None, "b5-conv-dilation-zero",
     "a small CNN whose Conv2d dilation is mutated from 1 to 0",
     """\
     import torch
     import torch.nn as nn

     def make_cnn(dilation):
         return nn.Sequential(nn.Conv2d(3, 8, 3, padding=1, dilation=dilation), nn.ReLU(),
                              nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 4))

     x = torch.randn(2, 3, 16, 16)
     print("original (dilation=1):", tuple(make_cnn(1)(x).shape))
     print("mutant (dilation=0):", tuple(make_cnn(0)(x).shape))
     """),
    ("pytorch-1.13", "system", None, "nan", None, "b5-nan-softmax-temperature",
     "a classifier head with a hand-written softmax exp(z/T)/sum(exp(z/T)) whose temperature is mutated from 1.0 to 0.01: exp overflows float32 to inf and inf/inf gives NaN, from finite logits",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     head = nn.Linear(16, 5)
     x = torch.randn(4, 16)

     def softmax_t(z, t):
         e = torch.exp(z / t)
         return e / e.sum(-1, keepdim=True)

     with torch.no_grad():
         for t in (1.0, 0.01):
             p = softmax_t(head(x), t)
             print(f"temperature {t}: probs[0] = {p[0]}, nan: {torch.isnan(p).any().item()}")
     """),
    ("pytorch-1.13", "system", None, "oom", None, "b5-oom-conv-huge-padding",
     "a small CNN whose Conv2d padding is mutated from 1 to 2**20 (the convolution asks for about 144 TiB)",
     """\
     import torch
     import torch.nn as nn

     def make_cnn(pad):
         return nn.Sequential(nn.Conv2d(1, 4, 3, padding=pad), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())

     x = torch.randn(1, 1, 28, 28)
     with torch.no_grad():
         print("original (padding=1):", tuple(make_cnn(1)(x).shape))
         print("mutant (padding=2**20):", tuple(make_cnn(2 ** 20)(x).shape))
     """),
    ("pytorch-1.13", "system", None, "timeout", None, "b5-timeout-maxpool1d-huge-kernel",
     "a Conv1d + max_pool1d model whose pooling kernel is mutated to 2**62 (padding 2**61) under no_grad: the pooling loop runs on; a watchdog thread prints, dumps the stacks (faulthandler) and exits after 10 s",
     """\
     import faulthandler
     import os
     import threading
     import time
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     def watchdog(limit):
         time.sleep(limit)
         print(f"watchdog: forward pass still running after {limit} s, aborting the run", flush=True)
         faulthandler.dump_traceback(all_threads=True)
         os._exit(3)

     class Net(nn.Module):
         def __init__(self, k, p):
             super().__init__()
             self.conv = nn.Conv1d(2, 4, 3, padding=1)
             self.k, self.p = k, p
         def forward(self, x):
             return F.max_pool1d(torch.relu(self.conv(x)), self.k, padding=self.p)

     x = torch.randn(1, 2, 16)
     with torch.no_grad():
         print("original (kernel 2):", tuple(Net(2, 0)(x).shape))
     threading.Thread(target=watchdog, args=(10,), daemon=True).start()
     with torch.no_grad():
         print("mutant (kernel 2**62):", tuple(Net(2 ** 62, 2 ** 61)(x).shape))
     """),
    # ---- TensorFlow -------------------------------------------------------------
    ("tensorflow", "venv", None, "false-positive", None, "b5-conv-stride-zero",
     "a small CNN (tf.nn.conv2d, global average pooling, dense head) whose conv stride is mutated from 1 to 0",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     kernel = tf.Variable(tf.random.normal([3, 3, 3, 16], stddev=0.1))
     head = tf.Variable(tf.random.normal([16, 10], stddev=0.1))

     def cnn(x, stride):
         h = tf.nn.relu(tf.nn.conv2d(x, kernel, strides=stride, padding="SAME"))
         return tf.reduce_mean(h, axis=[1, 2]) @ head

     x = tf.random.uniform([4, 32, 32, 3])
     print("original (strides=1):", cnn(x, 1).shape)
     print("mutant (strides=0):", cnn(x, 0).shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b5-avgpool-1x1-image",
     "a conv + 3x3 VALID average-pooling model fed a mutant 1x1 image",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     kernel = tf.Variable(tf.random.normal([3, 3, 3, 8], stddev=0.1))

     def net(x):
         h = tf.nn.relu(tf.nn.conv2d(x, kernel, strides=1, padding="SAME"))
         h = tf.nn.avg_pool2d(h, ksize=3, strides=1, padding="VALID")
         return tf.reduce_mean(h, axis=[1, 2])

     print("original (32x32 image):", net(tf.random.uniform([2, 32, 32, 3])).shape)
     print("mutant (1x1 image):", net(tf.random.uniform([2, 1, 1, 3])).shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b5-function-embedding-float-ids",
     "a tf.function bag-of-words classifier (embedding_lookup) whose int32 token ids are mutated to float32",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     table = tf.Variable(tf.random.normal([1000, 32], stddev=0.05))
     w = tf.Variable(tf.random.normal([32, 2], stddev=0.1))

     @tf.function
     def classify(ids):
         return tf.reduce_mean(tf.nn.embedding_lookup(table, ids), axis=1) @ w

     ids = tf.random.uniform([8, 20], 0, 1000, dtype=tf.int32)
     print("original (int32 ids):", classify(ids).shape)
     print("mutant (float32 ids):", classify(tf.cast(ids, tf.float32)).shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b5-maxpool3d-float64-volume",
     "a 3-D CNN (conv3d, max_pool3d) on a volume mutated to float64 (MaxPool3D takes half, bfloat16 and float only)",
     """\
     import numpy as np
     import tensorflow as tf

     rs = np.random.RandomState(0)
     kernel = rs.randn(3, 3, 3, 1, 4) * 0.1

     def net(vol):
         h = tf.nn.relu(tf.nn.conv3d(vol, tf.constant(kernel, vol.dtype), strides=[1, 1, 1, 1, 1], padding="SAME"))
         return tf.nn.max_pool3d(h, ksize=2, strides=2, padding="VALID")

     vol = rs.rand(1, 8, 16, 16, 1)
     print("original (float32):", net(tf.constant(vol, tf.float32)).shape)
     print("mutant (float64):", net(tf.constant(vol, tf.float64)).shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b5-conv-negative-explicit-padding",
     "tf.nn.conv2d with explicit padding mutated from 1 to -2 (rejected through oneDNN's primitive-descriptor error)",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     kernel = tf.Variable(tf.random.normal([3, 3, 3, 8], stddev=0.1))

     def conv(x, pad):
         return tf.nn.conv2d(x, kernel, strides=1, padding=[[0, 0], [pad, pad], [pad, pad], [0, 0]])

     x = tf.random.uniform([1, 16, 16, 3])
     print("original (padding=1):", conv(x, 1).shape)
     print("mutant (padding=-2):", conv(x, -2).shape)
     """),
    ("tensorflow", "venv", None, "crash", "not-implemented", "b5-lrn-bfloat16-kernel-missing",
     "an AlexNet-style block (conv2d, relu, local_response_normalization, max_pool) mutated to bfloat16: LRN declares bfloat16 but has no CPU kernel for it",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     kernel = tf.random.normal([5, 5, 3, 16], stddev=0.05)

     def block(x):
         h = tf.nn.relu(tf.nn.conv2d(x, tf.cast(kernel, x.dtype), strides=2, padding="SAME"))
         h = tf.nn.local_response_normalization(h, depth_radius=2, bias=1.0, alpha=1e-4, beta=0.75)
         return tf.nn.max_pool2d(h, ksize=3, strides=2, padding="VALID")

     x = tf.random.uniform([2, 32, 32, 3])
     print("original (float32):", block(x).shape)
     print("mutant (bfloat16):", block(tf.cast(x, tf.bfloat16)).shape)
     """),
    ("tensorflow", "venv", None, "nan", None, "b5-nan-xla-cross-entropy-unscaled-pixels",
     "a tf.function(jit_compile=True) softmax classifier with a hand-written cross-entropy (-sum(y*log(softmax))) whose input scaling is removed (pixels 0-255 instead of 0-1): softmax underflows to 0, log(0) is -inf, and 0*-inf gives a NaN loss",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     w = tf.random.normal([16, 10], stddev=0.5)

     @tf.function(jit_compile=True)
     def loss_fn(x, y):
         p = tf.nn.softmax(x @ w)
         return -tf.reduce_mean(tf.reduce_sum(y * tf.math.log(p), axis=-1))

     x = tf.random.uniform([8, 16], 0, 1)
     y = tf.one_hot(tf.range(8) % 10, 10)
     print("original loss (inputs in [0, 1]):", float(loss_fn(x, y)))
     print("mutant loss (inputs in [0, 255]):", float(loss_fn(x * 255, y)))
     """),
    ("tensorflow", "venv", None, "inconsistency", None, "b5-inconsistency-same-padding-vs-torch",
     "the same stride-2 3x3 convolution in TensorFlow (padding='SAME') and PyTorch (padding=1) with the same weights: TF pads SAME asymmetrically, the outputs differ",
     """\
     import numpy as np
     import tensorflow as tf
     import torch
     import torch.nn.functional as F

     rs = np.random.RandomState(0)
     x = rs.rand(1, 8, 8, 3).astype("float32")
     w = rs.randn(3, 3, 3, 4).astype("float32")
     tf_out = tf.nn.conv2d(x, w, strides=2, padding="SAME").numpy()
     torch_out = F.conv2d(torch.from_numpy(x.transpose(0, 3, 1, 2)), torch.from_numpy(w.transpose(3, 2, 0, 1)),
                          stride=2, padding=1).numpy().transpose(0, 2, 3, 1)
     diff = float(np.abs(tf_out - torch_out).max())
     print("tensorflow:", tf_out.shape, tf_out[0, 0, :, 0])
     print("pytorch:   ", torch_out.shape, torch_out[0, 0, :, 0])
     print(f"max abs diff: {diff:.4g}")
     if diff > 1e-4:
         raise AssertionError(f"TensorFlow and PyTorch outputs differ: max abs diff {diff:.4g} > 1e-4")
     """),
    ("tensorflow", "venv", None, "oom", None, "b5-oom-resize-huge-target",
     "a conv + bilinear tf.image.resize model whose target size is mutated from 64x64 to 100000x100000 (a 120 GB float32 tensor)",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     kernel = tf.random.normal([3, 3, 3, 3], stddev=0.1)

     def net(x, size):
         h = tf.nn.relu(tf.nn.conv2d(x, kernel, strides=1, padding="SAME"))
         return tf.image.resize(h, size, method="bilinear")

     x = tf.random.uniform([1, 32, 32, 3])
     print("original (64x64):", net(x, [64, 64]).shape)
     print("mutant (100000x100000):", net(x, [100000, 100000]).shape)
     """),
    ("tensorflow", "venv", None, "timeout", None, "b5-timeout-while-loop-huge-trip-count",
     "a tf.function recurrent loop (tf.while_loop) whose step count is mutated from 10 to 10**12; a watchdog thread prints, dumps the stacks (faulthandler) and exits after 8 s",
     """\
     import faulthandler
     import os
     import threading
     import time
     import tensorflow as tf

     def watchdog(limit):
         time.sleep(limit)
         print(f"watchdog: mutant still running after {limit} s, aborting the run", flush=True)
         faulthandler.dump_traceback(all_threads=True)
         os._exit(3)

     w = tf.eye(16) * 0.5

     @tf.function
     def rnn(x, steps):
         def body(i, h):
             return i + 1, tf.tanh(h @ w + x)
         _, h = tf.while_loop(lambda i, h: i < steps, body, (tf.constant(0, tf.int64), tf.zeros([1, 16])))
         return h

     x = tf.ones([1, 16])
     print("original (10 steps):", rnn(x, tf.constant(10, tf.int64)).shape)
     threading.Thread(target=watchdog, args=(8,), daemon=True).start()
     print("mutant (10**12 steps):", rnn(x, tf.constant(10 ** 12, tf.int64)).shape)
     """),
    # ---- JAX ----------------------------------------------------------------------
    ("jax", "venv", None, "false-positive", None, "b5-jit-conv-stride-zero",
     "a jitted small CNN (lax.conv_general_dilated, relu, mean pooling) whose window strides are mutated from (1, 1) to (0, 0)",
     """\
     from functools import partial
     import jax
     import jax.numpy as jnp

     key = jax.random.PRNGKey(0)
     w = jax.random.normal(key, (8, 3, 3, 3)) * 0.1

     @partial(jax.jit, static_argnums=1)
     def cnn(x, stride):
         h = jax.lax.conv_general_dilated(x, w, (stride, stride), "SAME")
         return jax.nn.relu(h).mean(axis=(2, 3))

     x = jnp.ones((2, 3, 16, 16))
     print("original (strides 1):", cnn(x, 1).shape)
     print("mutant (strides 0):", cnn(x, 0).shape)
     """),
    ("jax", "venv", None, "false-positive", None, "b5-vmap-embedding-float-token-ids",
     "a vmapped bag-of-words classifier (jnp.take on an embedding table) whose int32 token ids are mutated to float32",
     """\
     import jax
     import jax.numpy as jnp

     k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
     table = jax.random.normal(k1, (1000, 32)) * 0.05
     w = jax.random.normal(k2, (32, 2)) * 0.1

     def classify(ids):
         return jnp.take(table, ids, axis=0).mean(0) @ w

     ids = jax.random.randint(k3, (8, 20), 0, 1000)
     print("original (int32 ids):", jax.vmap(classify)(ids).shape)
     print("mutant (float32 ids):", jax.vmap(classify)(ids.astype(jnp.float32)).shape)
     """),
    ("jax", "venv", None, "false-positive", None, "b5-jit-empty-sequence-max-pool",
     "a jitted token classifier with max pooling over the sequence, fed a mutant batch of zero-length sequences",
     """\
     import jax
     import jax.numpy as jnp

     k1, k2 = jax.random.split(jax.random.PRNGKey(0))
     table = jax.random.normal(k1, (100, 16))
     w = jax.random.normal(k2, (16, 3))

     @jax.jit
     def head(tokens):
         return jnp.max(table[tokens], axis=1) @ w

     print("original (seq_len=5):", head(jnp.zeros((2, 5), jnp.int32)).shape)
     print("mutant (seq_len=0):", head(jnp.zeros((2, 0), jnp.int32)).shape)
     """),
    ("jax", "venv", None, "crash", "not-implemented", "b5-float16-whitening-eigh-not-implemented",
     "a ZCA whitening layer (jnp.linalg.eigh of the feature covariance) mutated to float16: no float16 eigh kernel on the CPU",
     """\
     import jax
     import jax.numpy as jnp

     def whiten(x):
         x = x - x.mean(0)
         cov = x.T @ x / x.shape[0]
         vals, vecs = jnp.linalg.eigh(cov)
         return x @ vecs / jnp.sqrt(vals + 1e-3)

     x = jax.random.normal(jax.random.PRNGKey(0), (64, 8))
     print("original (float32):", jax.jit(whiten)(x).shape)
     print("mutant (float16):", jax.jit(whiten)(x.astype(jnp.float16)).shape)
     """),
    ("jax", "venv", None, "nan", None, "b5-nan-grad-where-sqrt",
     "jax.jit(jax.grad) of an MLP whose activation is mutated from relu to a 'safe' sqrt, jnp.where(h > 0, sqrt(h), 0): the forward pass is finite, but the gradient multiplies sqrt's NaN derivative at the negative pre-activations by zero, and the printed gradient holds NaN",
     """\
     import jax
     import jax.numpy as jnp

     def mlp(params, x, act):
         w1, w2 = params
         return act(x @ w1) @ w2

     def safe_sqrt(h):
         return jnp.where(h > 0, jnp.sqrt(h), 0.0)

     def loss(params, x, act):
         return jnp.mean(mlp(params, x, act) ** 2)

     k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
     params = (jax.random.normal(k1, (8, 16)), jax.random.normal(k2, (16, 1)))
     x = jax.random.normal(k3, (4, 8))
     for name, act in (("relu", jax.nn.relu), ("safe_sqrt", safe_sqrt)):
         g = jax.jit(jax.grad(loss), static_argnums=2)(params, x, act)
         print(f"{name}: loss {float(loss(params, x, act)):.4f}, grad w1 has nan: {bool(jnp.isnan(g[0]).any())}")
         print(g[0][0, :6])
     """),
    ("jax", "venv", None, "inconsistency", None, "b5-inconsistency-resize-vs-torch",
     "the same conv + bilinear downsampling (32 to 16) in JAX (jax.image.resize) and PyTorch (F.interpolate) with the same weights: jax.image.resize antialiases when downsampling, F.interpolate does not; the outputs differ",
     """\
     import numpy as np
     import jax
     import jax.numpy as jnp
     import torch
     import torch.nn.functional as F

     rs = np.random.RandomState(0)
     img = rs.rand(1, 3, 32, 32).astype("float32")
     w = rs.randn(4, 3, 3, 3).astype("float32") * 0.2

     @jax.jit
     def jax_model(x):
         y = jax.nn.relu(jax.lax.conv_general_dilated(x, w, (1, 1), "SAME"))
         return jax.image.resize(y, (1, 4, 16, 16), "bilinear")

     def torch_model(x):
         y = F.relu(F.conv2d(x, torch.from_numpy(w), padding=1))
         return F.interpolate(y, size=(16, 16), mode="bilinear", align_corners=False)

     a = np.asarray(jax_model(jnp.asarray(img)))
     b = torch_model(torch.from_numpy(img)).numpy()
     diff = float(np.abs(a - b).max())
     print("jax:    ", a[0, 0, 0, :5])
     print("pytorch:", b[0, 0, 0, :5])
     print(f"max abs diff: {diff:.4g}")
     if diff > 1e-4:
         raise AssertionError(f"JAX and PyTorch outputs differ: max abs diff {diff:.4g} > 1e-4")
     """),
    ("jax", "venv", None, "oom", None, "b5-oom-jit-one-hot-huge-vocab",
     "a jitted one-hot token encoder whose vocabulary size is mutated from 1000 to 2**31 (a 4 TiB result for 512 tokens)",
     """\
     from functools import partial
     import jax
     import jax.numpy as jnp

     @partial(jax.jit, static_argnums=1)
     def encode(tokens, vocab):
         return jax.nn.one_hot(tokens, vocab)

     tokens = jnp.arange(512) % 1000
     print("original (vocab 1000):", encode(tokens, 1000).shape, float(encode(tokens, 1000).sum()))
     out = encode(tokens, 2 ** 31)
     print("mutant (vocab 2**31):", out.shape, float(out[0].sum()))
     """),
    ("jax", "venv", None, "timeout", None, "b5-timeout-fori-loop-huge-trip-count",
     "a jitted recurrent unroll (lax.fori_loop) whose step count is mutated from 10 to 2**31-1; a watchdog thread prints, dumps the stacks (faulthandler) and exits after 8 s",
     """\
     import faulthandler
     import os
     import threading
     import time
     import jax
     import jax.numpy as jnp

     def watchdog(limit):
         time.sleep(limit)
         print(f"watchdog: mutant still running after {limit} s, aborting the run", flush=True)
         faulthandler.dump_traceback(all_threads=True)
         os._exit(3)

     @jax.jit
     def unroll(h, w, steps):
         return jax.lax.fori_loop(0, steps, lambda i, h: jnp.tanh(h @ w), h)

     h, w = jnp.ones((1, 16)), jnp.eye(16) * 0.5
     print("original (10 steps):", unroll(h, w, 10).shape)
     threading.Thread(target=watchdog, args=(8,), daemon=True).start()
     print("mutant (2**31-1 steps):", unroll(h, w, 2 ** 31 - 1).block_until_ready().shape)
     """),
    # ---- Keras 3 --------------------------------------------------------------------
    ("keras", "venv", "tensorflow", "false-positive", None, "b5-tensorflow-conv-kernel-size-zero",
     "a small Conv2D classifier whose kernel_size is mutated from 3 to 0",
     """\
     import numpy as np
     import keras

     def build(k):
         return keras.Sequential([keras.Input((28, 28, 1)), keras.layers.Conv2D(8, k, activation="relu"),
                                  keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(10)])

     x = np.random.rand(2, 28, 28, 1).astype("float32")
     print("original (kernel_size=3):", build(3)(x).shape)
     print("mutant (kernel_size=0):", build(0)(x).shape)
     """),
    ("keras", "venv", "tensorflow", "nan", None, "b5-tensorflow-nan-mixed-float16-attention",
     "a MultiHeadAttention model whose dtype policy is mutated from float32 to mixed_float16, fed features in pixel units (0-255): the float16 attention scores overflow to inf and the output holds NaN; the float32 original is finite",
     """\
     import numpy as np
     import keras

     def build(policy):
         keras.utils.set_random_seed(0)
         inp = keras.Input((8, 64))
         out = keras.layers.MultiHeadAttention(num_heads=2, key_dim=32, dtype=policy)(inp, inp)
         return keras.Model(inp, out)

     x = np.random.RandomState(0).rand(2, 8, 64).astype("float32") * 255
     for policy in ("float32", "mixed_float16"):
         y = np.asarray(build(policy).predict(x, verbose=0), "float32")
         print(f"{policy}: nan count {int(np.isnan(y).sum())} of {y.size}")
     """),
    ("keras", "venv", "jax", "false-positive", None, "b5-jax-maxpool-1x1-image",
     "a Conv2D + MaxPooling2D(2) model built for a mutant 1x1 input image",
     """\
     import numpy as np
     import keras

     def build(size):
         return keras.Sequential([keras.Input((size, size, 3)), keras.layers.Conv2D(8, 1, activation="relu"),
                                  keras.layers.MaxPooling2D(2), keras.layers.Flatten(), keras.layers.Dense(4)])

     print("original (32x32):", build(32)(np.zeros((1, 32, 32, 3), "float32")).shape)
     print("mutant (1x1):", build(1)(np.zeros((1, 1, 1, 3), "float32")).shape)
     """),
    ("keras", "venv", "jax", "false-positive", None, "b5-jax-lstm-zero-units",
     "a sequence classifier whose LSTM units are mutated from 16 to 0",
     """\
     import numpy as np
     import keras

     def build(units):
         return keras.Sequential([keras.Input((10, 8)), keras.layers.LSTM(units), keras.layers.Dense(2)])

     x = np.random.rand(4, 10, 8).astype("float32")
     print("original (units=16):", build(16)(x).shape)
     print("mutant (units=0):", build(0)(x).shape)
     """),
    ("keras", "venv", "jax", "inconsistency", None, "b5-jax-inconsistency-avgpool-vs-torch",
     "the same Conv2D + AveragePooling2D(3, strides=1, padding='same') model in Keras (JAX backend) and PyTorch (AvgPool2d(3, 1, padding=1)) with the same weights: Keras excludes the padding from the border averages, PyTorch counts it; the outputs differ",
     """\
     import numpy as np
     import keras
     import torch

     keras.utils.set_random_seed(0)
     x = np.random.RandomState(0).rand(2, 8, 8, 3).astype("float32")
     m = keras.Sequential([keras.Input((8, 8, 3)), keras.layers.Conv2D(4, 3, padding="same", activation="relu"),
                           keras.layers.AveragePooling2D(3, strides=1, padding="same")])
     k_out = np.asarray(m.predict(x, verbose=0))
     kernel, bias = m.layers[0].get_weights()
     conv = torch.nn.Conv2d(3, 4, 3, padding=1)
     with torch.no_grad():
         conv.weight.copy_(torch.from_numpy(kernel.transpose(3, 2, 0, 1)))
         conv.bias.copy_(torch.from_numpy(bias))
         t = torch.nn.AvgPool2d(3, stride=1, padding=1)(torch.relu(conv(torch.from_numpy(x.transpose(0, 3, 1, 2)))))
     t_out = t.numpy().transpose(0, 2, 3, 1)
     diff = float(np.abs(k_out - t_out).max())
     print("keras:  ", k_out[0, 0, :4, 0])
     print("pytorch:", t_out[0, 0, :4, 0])
     print(f"max abs diff: {diff:.4g}")
     if diff > 1e-5:
         raise AssertionError(f"Keras and PyTorch outputs differ: max abs diff {diff:.4g} > 1e-5")
     """),
    ("keras", "venv", "torch", "false-positive", None, "b5-torch-conv-strides-zero",
     "a small Conv2D classifier whose strides are mutated from 1 to 0",
     """\
     import numpy as np
     import keras

     def build(s):
         return keras.Sequential([keras.Input((28, 28, 1)), keras.layers.Conv2D(8, 3, strides=s, activation="relu"),
                                  keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(10)])

     x = np.random.rand(2, 28, 28, 1).astype("float32")
     print("original (strides=1):", build(1)(x).shape)
     print("mutant (strides=0):", build(0)(x).shape)
     """),
    ("keras", "venv", "torch", "oom", None, "b5-torch-oom-conv-huge-filters",
     "a Conv2D layer whose filters are mutated from 64 to 2**24 on 1024 input channels (a 576 GiB kernel)",
     """\
     import keras

     def build(filters):
         return keras.Sequential([keras.Input((32, 32, 1024)), keras.layers.Conv2D(filters, 3),
                                  keras.layers.GlobalAveragePooling2D()])

     print("original (64 filters):", build(64).count_params(), "parameters")
     print("mutant (2**24 filters):", build(2 ** 24).count_params(), "parameters")
     """),
]
B5_ORT_PRE = """\
import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto as T, helper as h, numpy_helper as nh

def session(nodes, inputs, outputs, inits=(), level=ort.GraphOptimizationLevel.ORT_ENABLE_ALL):
    g = h.make_graph(nodes, "mutant", inputs, outputs, list(inits))
    m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
    m.ir_version = 10
    so = ort.SessionOptions()
    so.graph_optimization_level = level
    return ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])

def vi(name, dtype, shape):
    return h.make_tensor_value_info(name, dtype, shape)
"""
B5_ORT = [
    ("false-positive", None, "b5-averagepool-1x1-image",
     "a Conv + AveragePool(3x3) graph fed a mutant 1x1 image",
     """\
     w = nh.from_array(np.random.RandomState(0).randn(8, 3, 1, 1).astype("float32"), "w")
     def run(size):
         s = session([h.make_node("Conv", ["x", "w"], ["c"]), h.make_node("Relu", ["c"], ["r"]),
                      h.make_node("AveragePool", ["r"], ["y"], kernel_shape=[3, 3])],
                     [vi("x", T.FLOAT, [1, 3, size, size])], [vi("y", T.FLOAT, None)], [w])
         return s.run(None, {"x": np.ones((1, 3, size, size), "float32")})[0].shape
     print("original (32x32):", run(32))
     print("mutant (1x1):", run(1))"""),
    ("false-positive", None, "b5-lstm-hidden-size-mismatch",
     "an LSTM node whose hidden_size attribute is mutated from 4 to 8 while W and R keep the shapes for 4",
     """\
     rs = np.random.RandomState(0)
     W = nh.from_array(rs.randn(1, 16, 3).astype("float32") * 0.1, "W")
     R = nh.from_array(rs.randn(1, 16, 4).astype("float32") * 0.1, "R")
     x = rs.randn(5, 2, 3).astype("float32")
     def run(hidden):
         s = session([h.make_node("LSTM", ["x", "W", "R"], ["y"], hidden_size=hidden)],
                     [vi("x", T.FLOAT, [5, 2, 3])], [vi("y", T.FLOAT, None)], [W, R])
         return s.run(None, {"x": x})[0].shape
     print("original (hidden_size=4):", run(4))
     print("mutant (hidden_size=8):", run(8))"""),
    ("false-positive", None, "b5-resize-zero-scale",
     "a Conv + Resize(nearest) upsampler whose scales are mutated from 2 to 0",
     """\
     w = nh.from_array(np.random.RandomState(0).randn(4, 3, 3, 3).astype("float32"), "w")
     def run(scale):
         sc = nh.from_array(np.array([1, 1, scale, scale], "float32"), "sc")
         s = session([h.make_node("Conv", ["x", "w"], ["c"], pads=[1, 1, 1, 1]),
                      h.make_node("Resize", ["c", "", "sc"], ["y"], mode="nearest")],
                     [vi("x", T.FLOAT, [1, 3, 8, 8])], [vi("y", T.FLOAT, None)], [w, sc])
         return s.run(None, {"x": np.ones((1, 3, 8, 8), "float32")})[0].shape
     print("original (scale 2):", run(2.0))
     print("mutant (scale 0):", run(0.0))"""),
    ("false-positive", None, "b5-argmax-empty-batch",
     "a Gemm + ArgMax(axis=0) graph with a symbolic batch dimension fed a mutant empty batch (arg max over no rows)",
     """\
     w = nh.from_array(np.random.RandomState(0).randn(4, 3).astype("float32"), "w")
     s = session([h.make_node("Gemm", ["x", "w"], ["z"]), h.make_node("ArgMax", ["z"], ["y"], axis=0)],
                 [vi("x", T.FLOAT, ["N", 4])], [vi("y", T.INT64, None)], [w])
     print("original (batch 5):", s.run(None, {"x": np.ones((5, 4), "float32")})[0])
     print("mutant (batch 0):", s.run(None, {"x": np.ones((0, 4), "float32")})[0])"""),
    ("crash", "not-implemented", "b5-lstm-float64-not-implemented",
     "an LSTM graph mutated from float32 to float64 (a type the LSTM schema allows): the CPU kernel does not support double",
     """\
     rs = np.random.RandomState(0)
     def run(dt, npdt):
         W = nh.from_array(rs.randn(1, 16, 3).astype(npdt) * 0.1, "W")
         R = nh.from_array(rs.randn(1, 16, 4).astype(npdt) * 0.1, "R")
         s = session([h.make_node("LSTM", ["x", "W", "R"], ["y"], hidden_size=4)],
                     [vi("x", dt, [5, 2, 3])], [vi("y", dt, None)], [W, R])
         return s.run(None, {"x": rs.randn(5, 2, 3).astype(npdt)})[0].shape
     print("original (float32):", run(T.FLOAT, "float32"))
     print("mutant (float64):", run(T.DOUBLE, "float64"))"""),
    ("nan", None, "b5-nan-hand-layernorm-cancellation",
     "a hand-written normalization graph (variance as E[x^2]-E[x]^2, then (x-mean)/sqrt(var+eps)) fed a mutant input offset to about 1000 with a spread of 0.01: float32 cancellation makes the variance negative, and Sqrt of it gives NaN",
     """\
     nodes = [h.make_node("ReduceMean", ["x", "ax"], ["mu"]), h.make_node("Mul", ["x", "x"], ["xx"]),
              h.make_node("ReduceMean", ["xx", "ax"], ["ex2"]), h.make_node("Mul", ["mu", "mu"], ["mu2"]),
              h.make_node("Sub", ["ex2", "mu2"], ["var"]), h.make_node("Add", ["var", "eps"], ["ve"]),
              h.make_node("Sqrt", ["ve"], ["sd"]), h.make_node("Sub", ["x", "mu"], ["d"]), h.make_node("Div", ["d", "sd"], ["y"])]
     s = session(nodes, [vi("x", T.FLOAT, [4, 256])], [vi("y", T.FLOAT, None), vi("var", T.FLOAT, None)],
                 [nh.from_array(np.array([-1], "int64"), "ax"), nh.from_array(np.array(1e-5, "float32"), "eps")])
     rs = np.random.RandomState(0)
     for offset in (1.0, 1000.0):
         x = (offset + rs.rand(4, 256) * 0.01).astype("float32")
         y, var = s.run(None, {"x": x})
         print(f"offset {offset}: variance {var.ravel()}, nan in output: {int(np.isnan(y).sum())} of {y.size}")"""),
    ("inconsistency", None, "b5-inconsistency-float16-layernorm-vs-reference",
     "the same float16 hand-written LayerNorm graph run by ONNX Runtime (ORT_DISABLE_ALL and ORT_ENABLE_ALL) and by onnx.reference.ReferenceEvaluator on activations of about 300: the reference's float16 Pow overflows and its output collapses to 0, ONNX Runtime's does not; the outputs differ",
     """\
     from onnx.reference import ReferenceEvaluator
     f16 = "float16"
     inits = [nh.from_array(np.array(1e-5, f16), "eps"), nh.from_array(np.array(2.0, f16), "two"),
              nh.from_array(np.ones(64, f16), "sc"), nh.from_array(np.zeros(64, f16), "bi"),
              nh.from_array(np.array([-1], "int64"), "ax")]
     nodes = [h.make_node("ReduceMean", ["x", "ax"], ["mu"]), h.make_node("Sub", ["x", "mu"], ["d"]),
              h.make_node("Pow", ["d", "two"], ["d2"]), h.make_node("ReduceMean", ["d2", "ax"], ["var"]),
              h.make_node("Add", ["var", "eps"], ["ve"]), h.make_node("Sqrt", ["ve"], ["sd"]),
              h.make_node("Div", ["d", "sd"], ["n"]), h.make_node("Mul", ["n", "sc"], ["ns"]), h.make_node("Add", ["ns", "bi"], ["y"])]
     g = h.make_graph(nodes, "layernorm", [vi("x", T.FLOAT16, [4, 64])], [vi("y", T.FLOAT16, None)], inits)
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
     m.ir_version = 10
     x = (np.random.RandomState(0).randn(4, 64) * 300).astype(f16)
     outs = {}
     for level in (ort.GraphOptimizationLevel.ORT_DISABLE_ALL, ort.GraphOptimizationLevel.ORT_ENABLE_ALL):
         so = ort.SessionOptions()
         so.graph_optimization_level = level
         s = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])
         outs[str(level).split(".")[-1]] = s.run(None, {"x": x})[0].astype("float32")
     outs["reference"] = ReferenceEvaluator(m).run(None, {"x": x})[0].astype("float32")
     for k, v in outs.items():
         print(f"{k:16s}", v[0, :5])
     base = outs["ORT_DISABLE_ALL"]
     for k, v in outs.items():
         diff = float(np.abs(v - base).max())
         print(f"max abs diff {k} vs ORT_DISABLE_ALL: {diff:.4g}")
         if diff > 1e-2:
             raise AssertionError(f"{k} and ORT_DISABLE_ALL outputs differ: max abs diff {diff:.4g} > 1e-2")"""),
    ("oom", None, "b5-oom-resize-huge-scale",
     "a Conv + Resize(linear) upsampler whose scales are mutated from 2 to 10000 (about 5 TB of float32 output; the NCHWc-optimized graph asks for 26 TB)",
     """\
     w = nh.from_array(np.random.RandomState(0).randn(3, 3, 3, 3).astype("float32"), "w")
     def run(scale):
         sc = nh.from_array(np.array([1, 1, scale, scale], "float32"), "sc")
         s = session([h.make_node("Conv", ["x", "w"], ["c"], pads=[1, 1, 1, 1]),
                      h.make_node("Resize", ["c", "", "sc"], ["y"], mode="linear")],
                     [vi("x", T.FLOAT, [1, 3, 64, 64])], [vi("y", T.FLOAT, None)], [w, sc])
         return s.run(None, {"x": np.ones((1, 3, 64, 64), "float32")})[0].shape
     print("original (scale 2):", run(2.0))
     print("mutant (scale 10000):", run(10000.0))"""),
    ("timeout", None, "b5-timeout-loop-terminate",
     "a recurrent Loop graph (MatMul, Tanh) whose trip count is mutated from 10 to 10**12; a timer thread sets RunOptions.terminate after 5 s and the run is cancelled",
     """\
     import threading
     body = h.make_graph(
         [h.make_node("Identity", ["cond_in"], ["cond_out"]), h.make_node("MatMul", ["h_in", "W"], ["hw"]),
          h.make_node("Tanh", ["hw"], ["h_out"])],
         "body", [vi("i", T.INT64, []), vi("cond_in", T.BOOL, []), vi("h_in", T.FLOAT, [1, 16])],
         [vi("cond_out", T.BOOL, []), vi("h_out", T.FLOAT, [1, 16])])
     s = session([h.make_node("Loop", ["trip", "cond", "h0"], ["h"], body=body)],
                 [vi("trip", T.INT64, []), vi("h0", T.FLOAT, [1, 16])], [vi("h", T.FLOAT, [1, 16])],
                 [nh.from_array(np.array(True), "cond"), nh.from_array((np.eye(16) * 0.5).astype("float32"), "W")])
     h0 = np.ones((1, 16), "float32")
     print("original (10 steps):", s.run(None, {"trip": np.array(10, "int64"), "h0": h0})[0][0, :3])
     ro = ort.RunOptions()
     def stop():
         print("watchdog: run still going after 5 s, setting RunOptions.terminate", flush=True)
         ro.terminate = True
     threading.Timer(5, stop).start()
     print("mutant (10**12 steps):", s.run(None, {"trip": np.array(10 ** 12, "int64"), "h0": h0}, ro)[0][0, :3])"""),
]
B5 += prefixed("onnxruntime", "venv", B5_ORT_PRE, B5_ORT)

B5_MS_PRE = """\
import numpy as np
import mindspore
from mindspore import Tensor, nn, ops
mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU")
"""
B5_MS = [
    ("false-positive", None, "b5-conv-kernel-size-zero",
     "a small CNN (nn.Conv2d, ReLU, mean pooling, nn.Dense) whose kernel_size is mutated from 3 to 0",
     """\
     class Net(nn.Cell):
         def __init__(self, k):
             super().__init__()
             self.conv = nn.Conv2d(3, 8, k, pad_mode="same")
             self.fc = nn.Dense(8, 10)
         def construct(self, x):
             return self.fc(ops.relu(self.conv(x)).mean(axis=(2, 3)))

     x = Tensor(np.random.rand(2, 3, 16, 16).astype("float32"))
     print("original (kernel_size=3):", Net(3)(x).shape)
     print("mutant (kernel_size=0):", Net(0)(x).shape)"""),
    ("false-positive", None, "b5-maxpool-stride-zero",
     "a conv + nn.MaxPool2d model whose pooling stride is mutated from 2 to 0",
     """\
     def build(stride):
         return nn.SequentialCell([nn.Conv2d(1, 4, 3), nn.ReLU(), nn.MaxPool2d(kernel_size=2, stride=stride)])

     x = Tensor(np.random.rand(2, 1, 28, 28).astype("float32"))
     print("original (stride=2):", build(2)(x).shape)
     print("mutant (stride=0):", build(0)(x).shape)"""),
    ("false-positive", None, "b5-graph-mode-dense-float64-input",
     "an MLP (nn.Dense, float32 weights) in GRAPH_MODE fed a float64 mutant of its input",
     """\
     mindspore.set_context(mode=mindspore.GRAPH_MODE)
     net = nn.SequentialCell([nn.Dense(4, 8), nn.ReLU(), nn.Dense(8, 2)])
     x = np.random.rand(3, 4)
     print("original (float32):", net(Tensor(x.astype("float32"))).shape)
     print("mutant (float64):", net(Tensor(x.astype("float64"))).shape)"""),
    ("crash", "internal-error", "b5-lstm-empty-batch",
     "an nn.LSTM tagger fed a mutant empty batch (0 sequences; legal: nn.Dense and nn.Conv2d accept it), the CPU LSTM primitive fails to execute",
     """\
     class Tagger(nn.Cell):
         def __init__(self):
             super().__init__()
             self.rnn = nn.LSTM(8, 16, batch_first=True)
             self.fc = nn.Dense(16, 4)
         def construct(self, x):
             out, _ = self.rnn(x)
             return self.fc(out)

     m = Tagger()
     print("original (batch 2):", m(Tensor(np.random.rand(2, 5, 8).astype("float32"))).shape)
     print("mutant (batch 0):", m(Tensor(np.zeros((0, 5, 8), "float32"))).shape)"""),
    ("nan", None, "b5-nan-graph-mode-float16-attention",
     "a single-head attention Cell in GRAPH_MODE mutated to float16 (to_float), fed features in pixel units (0-255): the q.k scores exceed float16's maximum, become inf, and softmax over inf gives NaN; the float32 original is finite",
     """\
     mindspore.set_context(mode=mindspore.GRAPH_MODE)
     mindspore.set_seed(0)

     class Attention(nn.Cell):
         def __init__(self, d=64):
             super().__init__()
             self.q, self.k, self.v = nn.Dense(d, d), nn.Dense(d, d), nn.Dense(d, d)
             self.scale = d ** -0.5
         def construct(self, x):
             s = ops.matmul(self.q(x), self.k(x).swapaxes(-1, -2)) * self.scale
             return ops.matmul(ops.softmax(s, -1), self.v(x))

     ref, mutant = Attention(), Attention()
     for p, q in zip(ref.get_parameters(), mutant.get_parameters()):
         q.set_data(p.data)
     mutant.to_float(mindspore.float16)
     x = np.random.RandomState(0).rand(2, 8, 64) * 255
     out32 = ref(Tensor(x.astype("float32"))).asnumpy()
     out16 = mutant(Tensor(x.astype("float16"))).asnumpy()
     print("float32 output: nan count", int(np.isnan(out32).sum()))
     print("float16 output: nan count", int(np.isnan(out16).sum()))
     rows = out16.reshape(-1, 64)
     print(rows[np.isnan(rows).any(axis=1)][:2, :6])"""),
    ("inconsistency", None, "b5-inconsistency-pynative-vs-graph-float16-variance",
     "the same float16 variance Cell (E[x^2]-E[x]^2) run in PYNATIVE_MODE and GRAPH_MODE on activations of about 100: the two modes round differently and disagree by 8 on a variance of about 8",
     """\
     class Variance(nn.Cell):
         def construct(self, x):
             return (x * x).mean(-1) - x.mean(-1) ** 2

     x = Tensor((np.random.RandomState(0).rand(4, 256) * 10 + 100).astype("float16"))
     mindspore.set_context(mode=mindspore.PYNATIVE_MODE)
     pynative = Variance()(x).asnumpy().astype("float32")
     mindspore.set_context(mode=mindspore.GRAPH_MODE)
     graph = Variance()(x).asnumpy().astype("float32")
     diff = float(np.abs(pynative - graph).max())
     print("PYNATIVE_MODE:", pynative)
     print("GRAPH_MODE:   ", graph)
     print(f"max abs diff: {diff:.4g}")
     if diff > 0.5:
         raise AssertionError(f"PYNATIVE_MODE and GRAPH_MODE outputs differ: max abs diff {diff:.4g} > 0.5")"""),
    ("oom", None, "b5-oom-interpolate-huge-size",
     "a conv + bilinear ops.interpolate upsampler whose output size is mutated from 128x128 to 100000x100000 (a 120 GB result)",
     """\
     conv = nn.Conv2d(3, 3, 3)
     def run(size):
         y = ops.interpolate(ops.relu(conv(Tensor(np.random.rand(1, 3, 64, 64).astype("float32")))),
                             size=(size, size), mode="bilinear")
         return y.shape, float(y.mean().asnumpy())
     print("original (128x128):", run(128))
     print("mutant (100000x100000):", run(100000))"""),
]
B5 += prefixed("mindspore", "mindspore", B5_MS_PRE, B5_MS)

add_batch(B5)

# ==========================================================================
# Sixth batch ("b6-" names), held out from the rules: more of what a
# model-mutation tester produces, on other layers and other mutations than
# b5.  Each script builds a small mainstream model piece (TextCNN, GRU/LSTM
# encoders, transformer and grouped-query attention blocks, embeddings,
# normalization, pooling, upsampling, flows, audio front ends), runs the
# original and then one mutant: a changed dtype (float16, bfloat16, float64,
# int, uint8, complex64), a changed parameter (groups, padding, dilation
# with stride, heads, bidirectional, padding_idx, epsilon, axis), an inserted,
# duplicated or deleted layer, another execution mode (torch.compile,
# torch.autocast, export to ONNX then ONNX Runtime, tf.compat.v1 graph mode,
# tf.function, jax.jit with jax_debug_nans) or a boundary value (inf in the
# input, a constant batch, negative sizes, corrupted pooling indices, huge
# sizes and trip counts).  The output is varied on purpose: the logging
# module, unittest, training-loop prints, warnings before the error, a
# mutant runner that runs each mutant in a worker process with a timeout,
# model.summary(), Keras progress output, ONNX Runtime's own error lines.
# Each entry: (framework, interpreter, KERAS_BACKEND or None, class, kind,
# name, how, code).
# ==========================================================================

# The same mutant on PyTorch 2.13 and 1.13 (both reject it).
B6_GRU_BIDIRECTIONAL = """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)

     class Encoder(nn.Module):
         def __init__(self, bidirectional):
             super().__init__()
             self.rnn = nn.GRU(16, 32, batch_first=True, bidirectional=bidirectional)
             self.head = nn.Linear(32 * (2 if bidirectional else 1), 3)
         def forward(self, x):
             h0 = torch.zeros(1, x.size(0), 32)
             out, _ = self.rnn(x, h0)
             return self.head(out[:, -1])

     x, y = torch.randn(64, 12, 16), torch.randint(0, 3, (64,))
     for bidirectional in (False, True):
         print(f"== GRU encoder, bidirectional={bidirectional}")
         m = Encoder(bidirectional)
         opt = torch.optim.Adam(m.parameters(), 1e-3)
         for epoch in range(3):
             for i in range(0, 64, 16):
                 loss = nn.functional.cross_entropy(m(x[i:i + 16]), y[i:i + 16])
                 opt.zero_grad()
                 loss.backward()
                 opt.step()
             print(f"epoch {epoch + 1}/3 loss {loss.item():.4f}")
     """

# The same corrupted-indices mutant on PyTorch 2.13 and 1.13 (SIGSEGV on both).
B6_MAXPOOL_BACKWARD_INDICES = """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     pool = nn.MaxPool2d(2, return_indices=True)
     unpool = nn.MaxUnpool2d(2)
     x = torch.randn(1, 4, 8, 8)
     y, idx = pool(x)
     print("encoder pool:", tuple(y.shape), "indices", tuple(idx.shape), "max index", idx.max().item())
     print("decoder unpool:", tuple(unpool(y, idx).shape))
     g = torch.ones_like(y)

     def pool_backward(indices):
         return torch.ops.aten.max_pool2d_with_indices_backward(g, x, [2, 2], [2, 2], [0, 0], [1, 1], False, indices)

     print("original pooling backward:", tuple(pool_backward(idx).shape))
     mutant = idx.clone()
     mutant[0, 0, 0, 0] = 10 ** 9
     print("mutant indices: max index", mutant.max().item())
     print("mutant pooling backward:", tuple(pool_backward(mutant).shape))
     """

B6 = [
    # ---- PyTorch (current) ----------------------------------------------------
    ("pytorch", "venv", None, "false-positive", None, "b6-textcnn-conv1d-groups",
     "a TextCNN (Embedding, three Conv1d branches, max over time) whose Conv1d groups are mutated from 1 to 3 (128 input channels), logged with the logging module",
     """\
     import logging
     import sys
     import torch
     import torch.nn as nn

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
     log = logging.getLogger("mutation.textcnn")

     class TextCNN(nn.Module):
         def __init__(self, groups):
             super().__init__()
             self.emb = nn.Embedding(5000, 128)
             self.convs = nn.ModuleList([nn.Conv1d(128, 96, k, groups=groups) for k in (3, 4, 5)])
             self.fc = nn.Linear(288, 4)
         def forward(self, ids):
             h = self.emb(ids).transpose(1, 2)
             return self.fc(torch.cat([torch.relu(c(h)).amax(-1) for c in self.convs], 1))

     torch.manual_seed(0)
     ids = torch.randint(0, 5000, (8, 40))
     for groups in (1, 3):
         log.info("building TextCNN with Conv1d groups=%d", groups)
         try:
             out = TextCNN(groups)(ids)
         except Exception:
             log.exception("mutant groups=%d failed", groups)
             sys.exit(1)
         log.info("groups=%d: output shape %s", groups, tuple(out.shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b6-gru-bidirectional-h0",
     "a GRU encoder trained for 3 epochs, then mutated to bidirectional=True while its initial hidden state keeps one direction",
     B6_GRU_BIDIRECTIONAL),
    ("pytorch", "venv", None, "false-positive", None, "b6-transformer-causal-mask-seq-len",
     "a pre-norm TransformerEncoder (a UserWarning about nested tensors first) with a causal mask built for 16 tokens, fed a mutant sequence of 20 tokens",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     layer = nn.TransformerEncoderLayer(64, 4, 128, batch_first=True, norm_first=True)
     enc = nn.TransformerEncoder(layer, 2)

     def causal(n):
         return torch.triu(torch.full((n, n), float("-inf")), 1)

     mask = causal(16)
     print("original (16 tokens):", tuple(enc(torch.randn(2, 16, 64), mask=mask).shape))
     print("mutant (20 tokens, mask for 16):", tuple(enc(torch.randn(2, 20, 64), mask=mask).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b6-inserted-layernorm-after-projection",
     "a ViT-style patch-embedding head whose LayerNorm(64) is duplicated and inserted after the 64-to-32 projection",
     """\
     import copy
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     layers = [nn.Conv2d(3, 64, 4, stride=4), nn.Flatten(2), nn.Identity(), nn.LayerNorm(64), nn.Linear(64, 32), nn.GELU(), nn.Linear(32, 10)]

     class Head(nn.Module):
         def __init__(self, layers):
             super().__init__()
             self.layers = nn.ModuleList(layers)
         def forward(self, x):
             h = self.layers[1](self.layers[0](x)).transpose(1, 2)
             for layer in self.layers[2:]:
                 h = layer(h)
             return h.mean(1)

     x = torch.randn(2, 3, 32, 32)
     print("original:", [type(l).__name__ for l in layers], tuple(Head(layers)(x).shape))
     mutant = layers[:5] + [copy.deepcopy(layers[3])] + layers[5:]
     print("mutant:  ", [type(l).__name__ for l in mutant])
     print("mutant output:", tuple(Head(mutant)(x).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b6-unittest-duplicated-linear",
     "a unittest suite over an MLP and two layer-duplication mutants: duplicating a ReLU passes, duplicating Linear(64, 32) breaks the next layer's input size",
     """\
     import copy
     import unittest
     import torch
     import torch.nn as nn

     def base():
         return nn.Sequential(nn.Flatten(), nn.Linear(784, 64), nn.ReLU(), nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 10))

     def duplicate_layer(model, idx):
         layers = list(model)
         layers.insert(idx + 1, copy.deepcopy(layers[idx]))
         return nn.Sequential(*layers)

     class MutantTest(unittest.TestCase):
         def setUp(self):
             torch.manual_seed(0)
             self.x = torch.randn(8, 1, 28, 28)
         def test_original(self):
             self.assertEqual(tuple(base()(self.x).shape), (8, 10))
         def test_mutant_duplicate_linear(self):
             self.assertEqual(tuple(duplicate_layer(base(), 3)(self.x).shape), (8, 10))
         def test_mutant_duplicate_relu(self):
             self.assertEqual(tuple(duplicate_layer(base(), 2)(self.x).shape), (8, 10))

     unittest.main(verbosity=2)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b6-embedding-padding-idx-vocab-size",
     "a bag-of-embeddings classifier whose Embedding padding_idx is mutated from 0 to the vocabulary size",
     """\
     import torch
     import torch.nn as nn

     VOCAB = 1000

     class Classifier(nn.Module):
         def __init__(self, pad):
             super().__init__()
             self.emb = nn.Embedding(VOCAB, 32, padding_idx=pad)
             self.fc = nn.Linear(32, 2)
         def forward(self, ids):
             return self.fc(self.emb(ids).mean(1))

     ids = torch.randint(1, VOCAB, (4, 16))
     print("original (padding_idx=0):", tuple(Classifier(0)(ids).shape))
     print(f"mutant (padding_idx={VOCAB}):", tuple(Classifier(VOCAB)(ids).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b6-compile-uint8-image",
     "a torch.compile'd CNN fed a mutant uint8 image (the /255 float conversion deleted)",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     m = torch.compile(nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 2)))
     img = torch.randint(0, 256, (2, 3, 32, 32), dtype=torch.uint8)
     print("original (float image):", tuple(m(img.float() / 255).shape))
     print("mutant (uint8 image):", tuple(m(img).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b6-upsample-size-and-scale",
     "a decoder whose Upsample gets scale_factor=2 added next to its size=(64, 64)",
     """\
     import torch
     import torch.nn as nn

     def decoder(**up):
         return nn.Sequential(nn.Conv2d(16, 8, 3, padding=1), nn.ReLU(), nn.Upsample(mode="nearest", **up), nn.Conv2d(8, 3, 3, padding=1))

     x = torch.randn(1, 16, 32, 32)
     print("original (size=(64, 64)):", tuple(decoder(size=(64, 64))(x).shape))
     print("mutant (size=(64, 64), scale_factor=2):", tuple(decoder(size=(64, 64), scale_factor=2)(x).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b6-resnet-stem-maxpool-padding",
     "a ResNet stem (7x7 conv, BatchNorm, ReLU, 3x3 max pooling) whose MaxPool2d padding is mutated from 1 to 2",
     """\
     import torch
     import torch.nn as nn

     def stem(pad):
         return nn.Sequential(nn.Conv2d(3, 64, 7, stride=2, padding=3, bias=False), nn.BatchNorm2d(64), nn.ReLU(inplace=True),
                              nn.MaxPool2d(3, stride=2, padding=pad))

     x = torch.randn(2, 3, 64, 64)
     print("original (padding=1):", tuple(stem(1)(x).shape))
     print("mutant (padding=2):", tuple(stem(2)(x).shape))
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b6-bfloat16-video-avgpool3d-not-implemented",
     "a small video classifier (Conv3d, AvgPool3d, Conv3d, global pooling) mutated to bfloat16 on the CPU: Conv3d runs, AvgPool3d has no BFloat16 kernel",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     m = nn.Sequential(nn.Conv3d(3, 8, 3, padding=1), nn.ReLU(), nn.AvgPool3d(2),
                       nn.Conv3d(8, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool3d(1), nn.Flatten(), nn.Linear(16, 5))
     clip = torch.randn(2, 3, 8, 32, 32)
     print("original (float32):", tuple(m(clip).shape))
     m = m.to(torch.bfloat16)
     print("mutant (bfloat16):", tuple(m(clip.to(torch.bfloat16)).shape))
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b6-half-glow-invconv-logdet-not-implemented",
     "a Glow invertible 1x1 convolution (conv2d plus log|det| of its weight) mutated to float16 on the CPU: the convolution runs, det has no Half LU kernel",
     """\
     import torch
     import torch.nn as nn

     class InvConv1x1(nn.Module):
         def __init__(self, c):
             super().__init__()
             self.weight = nn.Parameter(torch.linalg.qr(torch.randn(c, c))[0])
         def forward(self, x):
             b, c, hgt, wid = x.shape
             y = nn.functional.conv2d(x, self.weight.view(c, c, 1, 1))
             logdet = hgt * wid * torch.log(torch.linalg.det(self.weight).abs())
             return y, logdet

     torch.manual_seed(0)
     flow = InvConv1x1(8)
     x = torch.randn(2, 8, 16, 16)
     y, logdet = flow(x)
     print("original (float32):", tuple(y.shape), "logdet", float(logdet))
     flow = flow.half()
     y, logdet = flow(x.half())
     print("mutant (float16):", tuple(y.shape), "logdet", float(logdet))
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b6-half-log-spectrogram-stft",
     "an audio front end (stft power spectrogram, log, Conv1d over frequency bins) mutated to float16 on the CPU: no Half FFT kernel",
     """\
     import torch
     import torch.nn as nn

     class Frontend(nn.Module):
         def __init__(self):
             super().__init__()
             self.register_buffer("window", torch.hann_window(400))
             self.conv = nn.Conv1d(201, 64, 3, padding=1)
         def forward(self, wav):
             spec = torch.stft(wav, 400, hop_length=160, window=self.window, return_complex=True).abs() ** 2
             return self.conv(torch.log(spec + 1e-6))

     torch.manual_seed(0)
     m = Frontend()
     wav = torch.randn(2, 16000)
     print("original (float32):", tuple(m(wav).shape))
     m = m.half()
     print("mutant (float16):", tuple(m(wav.half()).shape))
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b6-complex64-batchnorm-not-implemented",
     "a complex-valued CNN block (Conv2d, BatchNorm2d) mutated from float32 to complex64: the complex convolution runs, BatchNorm2d has no ComplexFloat kernel (a UserWarning about complex modules first)",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     block = nn.Sequential(nn.Conv2d(2, 8, 3, padding=1), nn.BatchNorm2d(8))
     x = torch.randn(4, 2, 16, 16)
     print("original (float32):", tuple(block(x).shape))
     block = block.to(torch.complex64)
     print("mutant (complex64):", tuple(block(torch.complex(x, x)).shape))
     """),
    ("pytorch", "venv", None, "crash", "segfault", "b6-segnet-maxpool-backward-corrupt-indices-segv",
     "a SegNet-style pooling/unpooling pair whose saved max-pooling indices are mutated (one index set to 10**9) before the pooling backward (aten.max_pool2d_with_indices_backward): SIGSEGV",
     B6_MAXPOOL_BACKWARD_INDICES),
    ("pytorch", "venv", None, "nan", None, "b6-nan-lstm-inf-reading",
     "an LSTM regressor trained for 3 epochs on sensor windows, then on a mutant copy with one reading set to inf: the first loss is finite, the gradients are NaN and every later loss is NaN",
     """\
     import torch
     import torch.nn as nn

     class Regressor(nn.Module):
         def __init__(self):
             super().__init__()
             self.rnn = nn.LSTM(4, 16, batch_first=True)
             self.fc = nn.Linear(16, 1)
         def forward(self, x):
             return self.fc(self.rnn(x)[0][:, -1])

     torch.manual_seed(0)
     x, y = torch.randn(32, 20, 4), torch.randn(32, 1)
     x_mut = x.clone()
     x_mut[3, 7, 2] = float("inf")
     for name, data in (("original", x), ("mutant", x_mut)):
         torch.manual_seed(1)
         m = Regressor()
         opt = torch.optim.SGD(m.parameters(), lr=0.05)
         for epoch in range(3):
             loss = nn.functional.mse_loss(m(data), y)
             opt.zero_grad()
             loss.backward()
             opt.step()
             print(f"[{name}] epoch {epoch + 1}/3 train_loss={loss.item():.5f}")
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b6-inconsistency-autocast-bf16-lstm",
     "an LSTM + Linear tagger run in float32 and under torch.autocast('cpu', bfloat16) with the same weights, compared with torch.testing.assert_close: the bfloat16 matmuls move the outputs by about 1e-3",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     rnn, fc = nn.LSTM(32, 64, batch_first=True), nn.Linear(64, 8)
     x = torch.randn(4, 50, 32)
     with torch.no_grad():
         ref = fc(rnn(x)[0])
         with torch.autocast("cpu", dtype=torch.bfloat16):
             out = fc(rnn(x)[0]).float()
     print("float32: ", ref[0, -1, :4])
     print("autocast:", out[0, -1, :4])
     torch.testing.assert_close(out, ref)
     """),
    ("pytorch", "venv", None, "oom", None, "b6-oom-embedding-huge-vocab",
     "a language-model head whose Embedding vocabulary is mutated from 32000 to 2**36 (a 128 TiB table)",
     """\
     import torch
     import torch.nn as nn

     def lm(vocab):
         return nn.Sequential(nn.Embedding(vocab, 512), nn.LayerNorm(512))

     ids = torch.randint(0, 32000, (2, 16))
     print("original (vocab 32000):", tuple(lm(32000)(ids).shape))
     print("mutant (vocab 2**36):", tuple(lm(2 ** 36)(ids).shape))
     """),
    ("pytorch", "venv", None, "timeout", None, "b6-timeout-runner-generation-max-tokens",
     "a mutant runner that runs each mutant of a GRU text generator in a worker process (subprocess.run, timeout=10): max_new_tokens mutated from 50 to 10**9 is killed at the timeout and the runner reports it",
     """\
     import subprocess
     import sys
     import time

     WORKER = '''
     import sys
     import torch
     import torch.nn as nn
     torch.manual_seed(0)
     emb, cell, out = nn.Embedding(100, 32), nn.GRUCell(32, 64), nn.Linear(64, 100)
     def generate(max_new_tokens):
         tok, h = torch.zeros(1, dtype=torch.long), torch.zeros(1, 64)
         with torch.no_grad():
             for i in range(max_new_tokens):
                 h = cell(emb(tok), h)
                 tok = out(h).argmax(-1)
                 if i % 20000 == 0:
                     print(f"worker: {i} tokens generated", flush=True)
         return max_new_tokens
     print("worker: generated", generate(int(sys.argv[1])), "tokens", flush=True)
     '''

     for label, n in (("original", 50), ("mutant", 10 ** 9)):
         start = time.time()
         print(f"[runner] {label}: max_new_tokens={n}", flush=True)
         try:
             p = subprocess.run([sys.executable, "-c", WORKER, str(n)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=10)
         except subprocess.TimeoutExpired as e:
             sys.stdout.write((e.stdout or b"").decode())
             print(f"[runner] {label}: TIMEOUT after {e.timeout:.0f} s, worker killed", flush=True)
             sys.exit(124)
         sys.stdout.write(p.stdout.decode())
         print(f"[runner] {label}: exit {p.returncode} in {time.time() - start:.1f} s", flush=True)
     """),
    # ---- PyTorch 1.13 (system Python) ------------------------------------------
    ("pytorch-1.13", "system", None, "false-positive", None, "b6-gru-bidirectional-h0",
     "a GRU encoder trained for 3 epochs, then mutated to bidirectional=True while its initial hidden state keeps one direction",
     B6_GRU_BIDIRECTIONAL),
    ("pytorch-1.13", "system", None, "crash", "segfault", "b6-segnet-maxpool-backward-corrupt-indices-segv",
     "a SegNet-style pooling/unpooling pair whose saved max-pooling indices are mutated (one index set to 10**9) before the pooling backward (aten.max_pool2d_with_indices_backward): SIGSEGV",
     B6_MAXPOOL_BACKWARD_INDICES),
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b6-half-gru-seq2seq-encoder",
     "a GRU seq2seq encoder (Embedding, GRU) mutated to float16 on the CPU (1.13 has no Half addmm kernel)",
     """\
     import torch
     import torch.nn as nn

     class Encoder(nn.Module):
         def __init__(self):
             super().__init__()
             self.emb = nn.Embedding(500, 32)
             self.rnn = nn.GRU(32, 64, batch_first=True)
         def forward(self, ids):
             return self.rnn(self.emb(ids))[1]

     torch.manual_seed(0)
     enc = Encoder()
     ids = torch.randint(0, 500, (4, 12))
     print("original (float32): context", tuple(enc(ids).shape))
     print("mutant (float16): context", tuple(enc.half()(ids).shape))
     """),
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b6-half-fpn-upsample-bilinear",
     "an FPN top-down merge (bilinear upsampling of the coarse map, add, 3x3 smoothing conv) mutated to float16 on the CPU (1.13 has no Half upsample_bilinear2d kernel)",
     """\
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     torch.manual_seed(0)
     smooth = nn.Conv2d(32, 32, 3, padding=1)

     def merge(coarse, fine):
         up = F.interpolate(coarse, size=fine.shape[-2:], mode="bilinear", align_corners=False)
         return smooth(up + fine)

     c, f = torch.randn(1, 32, 8, 8), torch.randn(1, 32, 16, 16)
     print("original (float32):", tuple(merge(c, f).shape))
     smooth.half()
     print("mutant (float16):", tuple(merge(c.half(), f.half()).shape))
     """),
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b6-bfloat16-replication-pad-cnn",
     "a CNN with ReplicationPad2d before each conv mutated to bfloat16 on the CPU (1.13 has no BFloat16 replication_pad2d kernel)",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     m = nn.Sequential(nn.ReplicationPad2d(1), nn.Conv2d(3, 16, 3), nn.ReLU(),
                       nn.ReplicationPad2d(1), nn.Conv2d(16, 16, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
     x = torch.randn(2, 3, 32, 32)
     print("original (float32):", tuple(m(x).shape))
     print("mutant (bfloat16):", tuple(m.bfloat16()(x.bfloat16()).shape))
     """),
    ("pytorch-1.13", "system", None, "nan", None, "b6-nan-activation-replaced-by-sqrt",
     "a small CNN classifier whose ReLU after the first conv is replaced by an element-wise sqrt (activation-replacement mutant): the negative pre-activations give NaN, which reaches every logit",
     """\
     import torch
     import torch.nn as nn

     class Sqrt(nn.Module):
         def forward(self, x):
             return torch.sqrt(x)

     def cnn(act):
         torch.manual_seed(0)
         return nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), act, nn.MaxPool2d(2), nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(),
                              nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10))

     x = torch.randn(4, 1, 28, 28)
     with torch.no_grad():
         for name, act in (("ReLU", nn.ReLU()), ("Sqrt", Sqrt())):
             logits = cnn(act)(x)
             print(f"activation {name}: logits[0] = {logits[0]}")
             print(f"activation {name}: predictions {logits.argmax(1).tolist()}, nan logits {torch.isnan(logits).sum().item()}")
     """),
    ("pytorch-1.13", "system", None, "oom", None, "b6-oom-conv-transpose-huge-stride",
     "a DCGAN-style generator whose ConvTranspose2d stride is mutated from 2 to 2**16 (an output of about 2 million pixels a side)",
     """\
     import torch
     import torch.nn as nn

     def generator(stride):
         return nn.Sequential(nn.ConvTranspose2d(64, 32, 4, stride=stride, padding=1), nn.ReLU(), nn.Conv2d(32, 3, 3, padding=1), nn.Tanh())

     z = torch.randn(1, 64, 32, 32)
     with torch.no_grad():
         print("original (stride 2):", tuple(generator(2)(z).shape))
         print("mutant (stride 2**16):", tuple(generator(2 ** 16)(z).shape))
     """),
    # ---- TensorFlow -------------------------------------------------------------
    ("tensorflow", "venv", None, "crash", "abort", "b6-conv2d-transpose-negative-output-shape",
     "a small decoder (tf.nn.conv2d_transpose) whose output_shape is mutated from [1, 32, 32, 3] to [1, -32, 32, 3]: a CHECK failure in the oneDNN backprop-input kernel aborts the process",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     kernel = tf.random.normal([4, 4, 3, 16], stddev=0.05)

     def decode(z, out_shape):
         return tf.nn.sigmoid(tf.nn.conv2d_transpose(z, kernel, output_shape=out_shape, strides=2, padding="SAME"))

     z = tf.random.normal([1, 16, 16, 16])
     print("original (output_shape [1, 32, 32, 3]):", decode(z, [1, 32, 32, 3]).shape)
     print("mutant (output_shape [1, -32, 32, 3]):", decode(z, [1, -32, 32, 3]).shape)
     """),
    ("tensorflow", "venv", None, "crash", "abort", "b6-block-lstm-seq-len-max",
     "a BlockLSTM sequence tagger (tf.raw_ops.BlockLSTM) whose seq_len_max is mutated from 5 to 6 on 5 time steps: a CHECK failure aborts the process",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     T, B, F, H = 5, 2, 4, 8
     w = tf.random.normal([F + H, 4 * H], stddev=0.1)
     b = tf.zeros([4 * H])
     peep = tf.zeros([H])

     def tagger(x, seq_len_max):
         out = tf.raw_ops.BlockLSTM(seq_len_max=tf.constant(seq_len_max, tf.int64), x=x, cs_prev=tf.zeros([B, H]), h_prev=tf.zeros([B, H]),
                                    w=w, wci=peep, wcf=peep, wco=peep, b=b)
         return out.h

     x = tf.random.normal([T, B, F])
     print("original (seq_len_max=5):", tagger(x, 5).shape)
     print("mutant (seq_len_max=6):", tagger(x, 6).shape)
     """),
    ("tensorflow", "venv", None, "crash", "abort", "b6-segnet-maxpool-argmax-grad-corrupt",
     "a SegNet-style encoder (tf.nn.max_pool_with_argmax) whose argmax indices are mutated (one set to 10**9) before the pooling gradient (MaxPoolGradWithArgmax): a CHECK failure aborts the process",
     """\
     import numpy as np
     import tensorflow as tf

     tf.random.set_seed(0)
     x = tf.random.normal([1, 8, 8, 4])
     pooled, argmax = tf.nn.max_pool_with_argmax(x, ksize=2, strides=2, padding="VALID")
     print("encoder pool:", pooled.shape, "argmax max:", int(tf.reduce_max(argmax)))

     def pool_grad(indices):
         return tf.raw_ops.MaxPoolGradWithArgmax(input=x, grad=tf.ones_like(pooled), argmax=indices,
                                                 ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID")

     print("original gradient:", pool_grad(argmax).shape)
     bad = argmax.numpy()
     bad[0, 0, 0, 0] = 10 ** 9
     print("mutant gradient:", pool_grad(tf.constant(bad)).shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b6-graph-mode-feed-deleted-channel-axis",
     "a tf.compat.v1 graph-mode CNN (placeholder, Session.run) fed a mutant batch whose channel axis is deleted",
     """\
     import numpy as np
     import tensorflow as tf

     tf.compat.v1.disable_eager_execution()
     x = tf.compat.v1.placeholder(tf.float32, [None, 28, 28, 1], name="images")
     k = tf.Variable(tf.random.normal([3, 3, 1, 8], stddev=0.1))
     logits = tf.reduce_mean(tf.nn.relu(tf.nn.conv2d(x, k, 1, "SAME")), axis=[1, 2])
     with tf.compat.v1.Session() as sess:
         sess.run(tf.compat.v1.global_variables_initializer())
         print("original (4, 28, 28, 1):", sess.run(logits, {x: np.zeros((4, 28, 28, 1))}).shape)
         print("mutant (4, 28, 28):", sess.run(logits, {x: np.zeros((4, 28, 28))}).shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b6-convolution-dilation-with-stride",
     "a tf.nn.convolution block whose strides are mutated from 1 to 2 while its dilation rate is 2",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     k = tf.random.normal([3, 3, 8, 8], stddev=0.1)

     def block(x, strides):
         return tf.nn.relu(tf.nn.convolution(x, k, strides=strides, dilations=2, padding="SAME"))

     x = tf.random.normal([2, 32, 32, 8])
     print("original (strides=1, dilations=2):", block(x, 1).shape)
     print("mutant (strides=2, dilations=2):", block(x, 2).shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b6-embedding-negative-padding-id",
     "a tf.function bag-of-words classifier whose padding token id is mutated from 0 to -1",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     table = tf.Variable(tf.random.normal([1000, 16]))
     w = tf.Variable(tf.random.normal([16, 2]))

     @tf.function
     def classify(ids):
         return tf.reduce_mean(tf.nn.embedding_lookup(table, ids), axis=1) @ w

     def pad(seqs, pad_id):
         return tf.constant([s + [pad_id] * (6 - len(s)) for s in seqs])

     seqs = [[5, 17, 933], [42, 8, 1, 77, 300]]
     print("original (pad id 0):", classify(pad(seqs, 0)).shape)
     print("mutant (pad id -1):", classify(pad(seqs, -1)).shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b6-fused-batch-norm-filters-changed",
     "a tf.function conv + fused batch norm block whose conv filters are mutated from 16 to 24 while the batch-norm scale and offset keep 16 entries",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     scale, offset = tf.Variable(tf.ones([16])), tf.Variable(tf.zeros([16]))

     @tf.function
     def block(x, k):
         h = tf.nn.conv2d(x, k, 1, "SAME")
         y, _, _ = tf.compat.v1.nn.fused_batch_norm(h, scale, offset, is_training=True)
         return tf.nn.relu(y)

     x = tf.random.normal([2, 16, 16, 3])
     print("original (16 filters):", block(x, tf.random.normal([3, 3, 3, 16])).shape)
     print("mutant (24 filters):", block(x, tf.random.normal([3, 3, 3, 24])).shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b6-conv2d-int8-image",
     "a tf.nn.conv2d classifier whose image and kernel dtype is mutated from float32 to int8 (Conv2D does not take int8)",
     """\
     import numpy as np
     import tensorflow as tf

     rs = np.random.RandomState(0)
     img = rs.randint(-128, 127, (2, 16, 16, 3))
     k = rs.randint(-3, 3, (3, 3, 3, 8))

     def net(x, w):
         return tf.reduce_max(tf.nn.conv2d(x, w, 1, "VALID"), axis=[1, 2])

     print("original (float32):", net(tf.constant(img, tf.float32), tf.constant(k, tf.float32)).shape)
     print("mutant (int8):", net(tf.constant(img, tf.int8), tf.constant(k, tf.int8)).shape)
     """),
    ("tensorflow", "venv", None, "nan", None, "b6-nan-layernorm-negative-epsilon",
     "a tf.function layer normalization whose epsilon is mutated from 1e-3 to -1e-3, fed a constant feature vector (variance 0): sqrt(-1e-3) is NaN, printed with tf.print",
     """\
     import tensorflow as tf

     @tf.function
     def layer_norm(x, eps):
         mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
         y = (x - mean) / tf.sqrt(var + eps)
         tf.print("eps", eps, "variance", var[:, 0], "nan count", tf.reduce_sum(tf.cast(tf.math.is_nan(y), tf.int32)))
         return y

     x = tf.concat([tf.random.normal([3, 16]), tf.fill([1, 16], 3.0)], axis=0)
     for eps in (1e-3, -1e-3):
         y = layer_norm(x, tf.constant(eps))
         print("output row 3:", y[3, :4].numpy())
     """),
    ("tensorflow", "venv", None, "oom", None, "b6-oom-attention-long-sequence",
     "a single-head self-attention whose sequence length is mutated from 512 to 2**20 (a 4 TiB score matrix)",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     wq = tf.random.normal([64, 64], stddev=0.1)

     def attention(x):
         q = x @ wq
         scores = tf.matmul(q, x, transpose_b=True) / 8.0
         return tf.nn.softmax(scores) @ x

     print("original (512 tokens):", attention(tf.random.normal([1, 512, 64])).shape)
     print("mutant (2**20 tokens):", attention(tf.random.normal([1, 2 ** 20, 64])).shape)
     """),
    ("tensorflow", "venv", None, "timeout", None, "b6-timeout-greedy-decode-stop-condition",
     "a tf.function greedy decoder (tf.while_loop) whose stop condition is mutated to a max length of 2**62, run in a worker thread; future.result(timeout=8) gives up and the script exits",
     """\
     import concurrent.futures
     import os
     import traceback
     import tensorflow as tf

     tf.random.set_seed(0)
     emb = tf.random.normal([50, 16], stddev=0.3)
     w = tf.random.normal([16, 50], stddev=0.3)

     @tf.function
     def decode(max_len):
         def body(i, tok, h):
             h = tf.tanh(h + tf.gather(emb, tok))
             return i + 1, tf.argmax(h @ w, axis=-1, output_type=tf.int32), h
         _, tok, h = tf.while_loop(lambda i, tok, h: i < max_len, body,
                                   (tf.constant(0, tf.int64), tf.zeros([1], tf.int32), tf.zeros([1, 16])))
         return tok

     print("original (max_len 20):", decode(tf.constant(20, tf.int64)).numpy())
     pool = concurrent.futures.ThreadPoolExecutor(1)
     fut = pool.submit(decode, tf.constant(2 ** 62, tf.int64))
     try:
         print("mutant (max_len 2**62):", fut.result(timeout=8).numpy())
     except concurrent.futures.TimeoutError:
         traceback.print_exc()
         print("decode did not finish within 8 s; abandoning the mutant", flush=True)
         os._exit(1)
     """),
    ("tensorflow", "venv", None, "inconsistency", None, "b6-inconsistency-nearest-resize-vs-torch",
     "the same conv + nearest-neighbour upsampling by 1.5 (16 to 24) in TensorFlow (tf.image.resize) and PyTorch (F.interpolate, mode='nearest') with the same weights: the two pick different source pixels; the outputs differ",
     """\
     import numpy as np
     import tensorflow as tf
     import torch
     import torch.nn.functional as F

     rs = np.random.RandomState(0)
     x = rs.rand(1, 16, 16, 3).astype("float32")
     w = (rs.randn(3, 3, 3, 4) * 0.3).astype("float32")
     tf_out = tf.image.resize(tf.nn.relu(tf.nn.conv2d(x, w, 1, "SAME")), [24, 24], method="nearest").numpy()
     t = F.relu(F.conv2d(torch.from_numpy(x.transpose(0, 3, 1, 2)), torch.from_numpy(w.transpose(3, 2, 0, 1)), padding=1))
     torch_out = F.interpolate(t, size=(24, 24), mode="nearest").numpy().transpose(0, 2, 3, 1)
     diff = float(np.abs(tf_out - torch_out).max())
     print("tensorflow:", tf_out[0, 1, :6, 0])
     print("pytorch:   ", torch_out[0, 1, :6, 0])
     print(f"max abs diff: {diff:.4g}")
     np.testing.assert_allclose(tf_out, torch_out, rtol=1e-5, atol=1e-5, err_msg="TensorFlow and PyTorch nearest upsampling differ")
     """),
    # ---- JAX ----------------------------------------------------------------------
    ("jax", "venv", None, "false-positive", None, "b6-grouped-conv-feature-group-count",
     "a jitted grouped-convolution block whose feature_group_count is mutated from 6 (depthwise) to 4 on 6 input channels",
     """\
     from functools import partial
     import jax
     import jax.numpy as jnp

     x = jax.random.normal(jax.random.PRNGKey(0), (2, 6, 16, 16))

     @partial(jax.jit, static_argnums=1)
     def block(x, groups):
         w = jnp.ones((6, 6 // groups, 3, 3)) / 9.0
         return jax.nn.relu(jax.lax.conv_general_dilated(x, w, (1, 1), "SAME", feature_group_count=groups))

     print("original (groups=6):", block(x, 6).shape)
     print("mutant (groups=4):", block(x, 4).shape)
     """),
    ("jax", "venv", None, "false-positive", None, "b6-gqa-kv-heads",
     "a grouped-query attention block (jax.nn.dot_product_attention) whose key/value heads are mutated from 2 to 3 with 4 query heads",
     """\
     import jax
     import jax.numpy as jnp

     k1, k2 = jax.random.split(jax.random.PRNGKey(0))
     x = jax.random.normal(k1, (2, 10, 64))
     wq = jax.random.normal(k2, (64, 64)) * 0.1

     def attention(x, q_heads, kv_heads, head_dim=16):
         q = (x @ wq).reshape(2, 10, q_heads, head_dim)
         kv = x[..., : kv_heads * head_dim].reshape(2, 10, kv_heads, head_dim)
         return jax.nn.dot_product_attention(q, kv, kv).reshape(2, 10, -1)

     print("original (4 query heads, 2 kv heads):", attention(x, 4, 2).shape)
     print("mutant (4 query heads, 3 kv heads):", attention(x, 4, 3).shape)
     """),
    ("jax", "venv", None, "false-positive", None, "b6-scan-lstm-carry-float16",
     "an LSTM written with lax.scan whose initial carry (h, c) is mutated from float32 to float16",
     """\
     import jax
     import jax.numpy as jnp

     k1, k2 = jax.random.split(jax.random.PRNGKey(0))
     W = jax.random.normal(k1, (8 + 16, 64)) * 0.1
     xs = jax.random.normal(k2, (12, 8))

     def step(carry, x):
         h, c = carry
         i, f, g, o = jnp.split(jnp.concatenate([x, h]) @ W, 4)
         c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
         h = jax.nn.sigmoid(o) * jnp.tanh(c)
         return (h, c), h

     def lstm(dtype):
         init = (jnp.zeros(16, dtype), jnp.zeros(16, dtype))
         return jax.lax.scan(step, init, xs)[1]

     print("original (float32 carry):", lstm(jnp.float32).shape)
     print("mutant (float16 carry):", lstm(jnp.float16).shape)
     """),
    ("jax", "venv", None, "false-positive", None, "b6-max-pool-negative-window",
     "a CNN's max pooling (lax.reduce_window) whose window is mutated from 2 to -2",
     """\
     import jax
     import jax.numpy as jnp

     def max_pool(x, k):
         return jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, k, k, 1), (1, 2, 2, 1), "VALID")

     x = jax.random.normal(jax.random.PRNGKey(0), (2, 16, 16, 8))
     print("original (window 2):", max_pool(x, 2).shape)
     print("mutant (window -2):", max_pool(x, -2).shape)
     """),
    ("jax", "venv", None, "crash", "not-implemented", "b6-bfloat16-glow-slogdet-not-implemented",
     "a jitted Glow invertible 1x1 convolution (einsum plus slogdet of its weight) mutated to bfloat16: no bfloat16 LU kernel on the CPU",
     """\
     import jax
     import jax.numpy as jnp

     @jax.jit
     def invconv(x, w):
         y = jnp.einsum("bhwc,dc->bhwd", x, w)
         return y, x.shape[1] * x.shape[2] * jnp.linalg.slogdet(w)[1]

     k1, k2 = jax.random.split(jax.random.PRNGKey(0))
     w = jnp.linalg.qr(jax.random.normal(k1, (8, 8)))[0]
     x = jax.random.normal(k2, (2, 16, 16, 8))
     y, logdet = invconv(x, w)
     print("original (float32):", y.shape, float(logdet))
     y, logdet = invconv(x.astype(jnp.bfloat16), w.astype(jnp.bfloat16))
     print("mutant (bfloat16):", y.shape, float(logdet))
     """),
    ("jax", "venv", None, "nan", None, "b6-nan-debug-nans-rmsnorm-eps-zero",
     "a jitted RMSNorm whose epsilon is mutated from 1e-6 to 0, fed a mutant all-zero token, with jax_debug_nans set: 0/0 gives NaN, and the NaN statistic is printed (no FloatingPointError is raised on this version)",
     """\
     import jax
     import jax.numpy as jnp

     jax.config.update("jax_debug_nans", True)

     @jax.jit
     def rmsnorm(x, eps):
         return x / jnp.sqrt(jnp.mean(x * x, axis=-1, keepdims=True) + eps)

     x = jax.random.normal(jax.random.PRNGKey(0), (4, 32))
     print("original (eps 1e-6):", float(rmsnorm(x, 1e-6).std()))
     x = x.at[2].set(0.0)
     print("mutant (eps 0, a zero token):", float(rmsnorm(x, 0.0).std()))
     """),
    ("jax", "venv", None, "oom", None, "b6-oom-jit-attention-long-sequence",
     "a jitted self-attention whose sequence length is mutated from 512 to 2**20 (a 4 TiB score matrix; the failed allocation surfaces as 'allocate of <4> failed' and an INTERNAL YNNPACK error)",
     """\
     import jax
     import jax.numpy as jnp

     @jax.jit
     def attention(x):
         scores = x @ x.T / 8.0
         return jax.nn.softmax(scores) @ x

     print("original (512 tokens):", attention(jnp.ones((512, 64))).shape)
     print("mutant (2**20 tokens):", attention(jnp.ones((2 ** 20, 64))).block_until_ready().shape)
     """),
    ("jax", "venv", None, "inconsistency", None, "b6-inconsistency-gelu-vs-torch",
     "the same MLP block (Dense, GELU, Dense) in JAX (jax.nn.gelu) and PyTorch (F.gelu) with the same weights: jax.nn.gelu defaults to the tanh approximation, F.gelu to the exact erf form; the outputs differ beyond 1e-5",
     """\
     import numpy as np
     import jax
     import jax.numpy as jnp
     import torch
     import torch.nn.functional as F

     rs = np.random.RandomState(0)
     x = (rs.randn(8, 32) * 3).astype("float32")
     w1, w2 = (rs.randn(32, 128) * 0.2).astype("float32"), (rs.randn(128, 32) * 0.2).astype("float32")
     jax_out = np.asarray(jax.jit(lambda x: jax.nn.gelu(x @ w1) @ w2)(jnp.asarray(x)))
     torch_out = (F.gelu(torch.from_numpy(x) @ torch.from_numpy(w1)) @ torch.from_numpy(w2)).numpy()
     diff = float(np.abs(jax_out - torch_out).max())
     print("jax:    ", jax_out[0, :5])
     print("pytorch:", torch_out[0, :5])
     print(f"max abs diff: {diff:.4g}")
     if diff > 1e-5:
         raise AssertionError(f"JAX and PyTorch outputs differ: max abs diff {diff:.4g} > 1e-5")
     """),
    # ---- Keras 3 --------------------------------------------------------------------
    ("keras", "venv", "tensorflow", "false-positive", None, "b6-tensorflow-mha-value-length",
     "a cross-attention layer (MultiHeadAttention) whose value sequence is mutated from 10 to 12 tokens while the key keeps 10",
     """\
     import numpy as np
     import keras

     keras.utils.set_random_seed(0)
     mha = keras.layers.MultiHeadAttention(num_heads=4, key_dim=16)
     rs = np.random.RandomState(0)
     q = rs.rand(2, 8, 64).astype("float32")
     k10, v12 = rs.rand(2, 10, 64).astype("float32"), rs.rand(2, 12, 64).astype("float32")
     print("original (key 10, value 10):", mha(q, k10, key=k10).shape)
     print("mutant (key 10, value 12):", mha(q, v12, key=k10).shape)
     """),
    ("keras", "venv", "jax", "false-positive", None, "b6-jax-bidirectional-gru-return-sequences-deleted",
     "a Bidirectional GRU + Conv1D sequence classifier (model.summary() printed) whose GRU return_sequences=True is deleted: Conv1D gets a 2-D tensor",
     """\
     import keras

     def build(return_sequences):
         return keras.Sequential([keras.Input((20, 8)),
                                  keras.layers.Bidirectional(keras.layers.GRU(16, return_sequences=return_sequences)),
                                  keras.layers.Conv1D(8, 3, activation="relu"), keras.layers.GlobalMaxPooling1D(),
                                  keras.layers.Dense(2)], name=f"bigru_return_sequences_{return_sequences}")

     build(True).summary()
     print("mutant: return_sequences deleted")
     build(False).summary()
     """),
    ("keras", "venv", "torch", "false-positive", None, "b6-torch-reshape-after-dense-units",
     "a DCGAN-style generator (Dense, Reshape((7, 7, 32)), Conv2DTranspose) whose Dense units are mutated from 1568 to 1500",
     """\
     import numpy as np
     import keras

     def generator(units):
         return keras.Sequential([keras.Input((64,)), keras.layers.Dense(units, activation="relu"), keras.layers.Reshape((7, 7, 32)),
                                  keras.layers.Conv2DTranspose(16, 4, strides=2, padding="same", activation="relu"),
                                  keras.layers.Conv2DTranspose(1, 4, strides=2, padding="same", activation="tanh")])

     z = np.random.RandomState(0).randn(4, 64).astype("float32")
     print("original (units=1568):", generator(1568)(z).shape)
     print("mutant (units=1500):", generator(1500)(z).shape)
     """),
    ("keras", "venv", "tensorflow", "nan", None, "b6-tensorflow-nan-fit-huge-learning-rate",
     "an MLP regressor fit for 4 epochs with SGD, then with its learning rate mutated from 1e-3 to 1e6 (verbose=2): the loss becomes nan",
     """\
     import numpy as np
     import keras

     rs = np.random.RandomState(0)
     x, y = rs.rand(256, 20).astype("float32"), rs.rand(256, 1).astype("float32")
     for lr in (1e-3, 1e6):
         keras.utils.set_random_seed(0)
         m = keras.Sequential([keras.Input((20,)), keras.layers.Dense(64, activation="relu"),
                               keras.layers.Dense(64, activation="relu"), keras.layers.Dense(1)])
         m.compile(optimizer=keras.optimizers.SGD(learning_rate=lr), loss="mse")
         print(f"--- learning_rate={lr}")
         m.fit(x, y, epochs=4, batch_size=32, verbose=2)
     """),
    ("keras", "venv", "jax", "false-positive", None, "b6-jax-conv1d-strides-with-dilation",
     "a WaveNet-style Conv1D stack whose strides are mutated from 1 to 2 in a layer with dilation_rate=4",
     """\
     import numpy as np
     import keras

     def build(strides):
         return keras.Sequential([keras.Input((128, 1)), keras.layers.Conv1D(16, 2, dilation_rate=1, padding="causal"),
                                  keras.layers.Conv1D(16, 2, strides=strides, dilation_rate=4, padding="causal"),
                                  keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(1)])

     x = np.random.rand(2, 128, 1).astype("float32")
     print("original (strides=1):", build(1)(x).shape)
     print("mutant (strides=2):", build(2)(x).shape)
     """),
    ("keras", "venv", "torch", "false-positive", None, "b6-torch-batchnorm-axis-out-of-range",
     "a Conv2D + BatchNormalization block whose BatchNormalization axis is mutated from -1 to 4 on 4-D feature maps",
     """\
     import numpy as np
     import keras

     def block(axis):
         return keras.Sequential([keras.Input((16, 16, 3)), keras.layers.Conv2D(8, 3, padding="same"),
                                  keras.layers.BatchNormalization(axis=axis), keras.layers.ReLU()])

     x = np.random.rand(2, 16, 16, 3).astype("float32")
     print("original (axis=-1):", block(-1)(x).shape)
     print("mutant (axis=4):", block(4)(x).shape)
     """),
    ("keras", "venv", "tensorflow", "false-positive", None, "b6-tensorflow-dense-complex64-dtype",
     "an MLP whose hidden Dense layer dtype is mutated from float32 to complex64",
     """\
     import numpy as np
     import keras

     def build(dtype):
         return keras.Sequential([keras.Input((16,)), keras.layers.Dense(32, activation="relu", dtype=dtype), keras.layers.Dense(4)])

     x = np.random.rand(2, 16).astype("float32")
     print("original (float32):", build("float32")(x).shape)
     print("mutant (complex64):", build("complex64")(x).shape)
     """),
    ("keras", "venv", "torch", "inconsistency", None, "b6-torch-inconsistency-layernorm-vs-torch",
     "the same Dense + LayerNormalization block in Keras (torch backend) and plain PyTorch (nn.LayerNorm) with the same weights, on low-variance features: Keras' default epsilon is 1e-3, PyTorch's 1e-5; the outputs differ",
     """\
     import numpy as np
     import keras
     import torch

     keras.utils.set_random_seed(0)
     x = (np.random.RandomState(0).randn(4, 32) * 0.01).astype("float32")
     m = keras.Sequential([keras.Input((32,)), keras.layers.Dense(64), keras.layers.LayerNormalization()])
     k_out = np.asarray(m.predict(x, verbose=0))
     kernel, bias = m.layers[0].get_weights()
     dense, norm = torch.nn.Linear(32, 64), torch.nn.LayerNorm(64)
     with torch.no_grad():
         dense.weight.copy_(torch.from_numpy(kernel.T))
         dense.bias.copy_(torch.from_numpy(bias))
         t_out = norm(dense(torch.from_numpy(x))).numpy()
     diff = float(np.abs(k_out - t_out).max())
     print("keras:  ", k_out[0, :5])
     print("pytorch:", t_out[0, :5])
     print(f"max abs diff: {diff:.4g}")
     if diff > 1e-4:
         raise AssertionError(f"Keras and PyTorch outputs differ: max abs diff {diff:.4g} > 1e-4")
     """),
    ("keras", "venv", "jax", "inconsistency", None, "b6-jax-inconsistency-gru-reset-after-vs-torch",
     "a Keras GRU (JAX backend) whose reset_after is mutated from True to False, compared with PyTorch's GRU given the same weights: the reset gate is applied before instead of after the recurrent matmul; the outputs differ",
     """\
     import numpy as np
     import keras
     import torch

     keras.utils.set_random_seed(0)
     U = 8
     x = np.random.RandomState(0).randn(2, 6, 4).astype("float32")
     m = keras.Sequential([keras.Input((6, 4)), keras.layers.GRU(U, reset_after=False, return_sequences=True)])
     k_out = np.asarray(m.predict(x, verbose=0))
     kernel, rec, bias = m.layers[0].get_weights()

     def reorder(a):  # keras gates z, r, h -> torch gates r, z, n
         z, r, h = np.split(a, 3, axis=-1)
         return np.concatenate([r, z, h], axis=-1)

     gru = torch.nn.GRU(4, U, batch_first=True)
     with torch.no_grad():
         gru.weight_ih_l0.copy_(torch.from_numpy(reorder(kernel).T))
         gru.weight_hh_l0.copy_(torch.from_numpy(reorder(rec).T))
         gru.bias_ih_l0.copy_(torch.from_numpy(reorder(bias)))
         gru.bias_hh_l0.zero_()
         t_out = gru(torch.from_numpy(x))[0].numpy()
     diff = float(np.abs(k_out - t_out).max())
     print("keras GRU(reset_after=False):", k_out[0, -1, :4])
     print("pytorch GRU:                 ", t_out[0, -1, :4])
     print(f"max abs diff: {diff:.4g}")
     np.testing.assert_allclose(k_out, t_out, rtol=1e-5, atol=1e-5)
     """),
    ("keras", "venv", "tensorflow", "oom", None, "b6-tensorflow-oom-embedding-huge-input-dim",
     "a text classifier whose Embedding input_dim is mutated from 20000 to 2**34 (a 16 TiB table)",
     """\
     import numpy as np
     import keras

     def build(vocab):
         return keras.Sequential([keras.Input((50,), dtype="int32"), keras.layers.Embedding(vocab, 256),
                                  keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(2)])

     ids = np.random.RandomState(0).randint(0, 20000, (4, 50))
     print("original (input_dim 20000):", build(20000)(ids).shape)
     print("mutant (input_dim 2**34):", build(2 ** 34)(ids).shape)
     """),
    ("keras", "venv", "torch", "crash", "not-implemented", "b6-torch-float16-avgpool3d-not-implemented",
     "a Conv3D + AveragePooling3D video model whose dtype is mutated from float32 to float16 (torch backend, CPU): Conv3D runs, torch has no Half avg_pool3d kernel",
     """\
     import numpy as np
     import keras

     def build(dtype):
         keras.utils.set_random_seed(0)
         return keras.Sequential([keras.Input((8, 16, 16, 3)), keras.layers.Conv3D(8, 3, padding="same", activation="relu", dtype=dtype),
                                  keras.layers.AveragePooling3D(2, dtype=dtype), keras.layers.GlobalAveragePooling3D(dtype=dtype),
                                  keras.layers.Dense(4, dtype=dtype)])

     clip = np.random.rand(2, 8, 16, 16, 3)
     print("original (float32):", build("float32")(clip.astype("float32")).shape)
     print("mutant (float16):", build("float16")(clip.astype("float16")).shape)
     """),
    ("keras", "venv", "jax", "timeout", None, "b6-jax-timeout-fit-steps-per-epoch",
     "model.fit on a generator whose steps_per_epoch is mutated from 20 to 10**9, under signal.alarm(20) whose handler raises TimeoutError; a callback prints progress every 2000 batches",
     """\
     import signal
     import numpy as np
     import keras

     def on_alarm(signum, frame):
         raise TimeoutError("training of the mutant did not finish within 20 s")

     class Progress(keras.callbacks.Callback):
         def on_train_batch_end(self, batch, logs=None):
             if batch % 2000 == 0:
                 print(f"batch {batch}: loss {logs['loss']:.4f}", flush=True)

     def batches():
         rs = np.random.RandomState(0)
         while True:
             yield rs.rand(8, 16).astype("float32"), rs.rand(8, 1).astype("float32")

     keras.utils.set_random_seed(0)
     m = keras.Sequential([keras.Input((16,)), keras.layers.Dense(32, activation="relu"), keras.layers.Dense(1)])
     m.compile(optimizer="adam", loss="mse")
     m.fit(batches(), steps_per_epoch=20, epochs=1, verbose=0, callbacks=[Progress()])
     print("original (steps_per_epoch=20): done")
     signal.signal(signal.SIGALRM, on_alarm)
     signal.alarm(20)
     m.fit(batches(), steps_per_epoch=10 ** 9, epochs=1, verbose=0, callbacks=[Progress()])
     print("mutant (steps_per_epoch=10**9): done")
     """),
]

B6_ORT_PRE = """\
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T, helper as h, numpy_helper as nh

def session(nodes, inputs, outputs, inits=()):
    g = h.make_graph(nodes, "mutant", inputs, outputs, list(inits))
    m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
    m.ir_version = 10
    return ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])

def vi(name, dtype, shape):
    return h.make_tensor_value_info(name, dtype, shape)
"""
B6_ORT = [
    ("crash", "not-implemented", "b6-cnn-float64-conv-not-implemented",
     "a Conv + Relu + GlobalAveragePool graph mutated from float32 to float64 (a type Conv's schema allows): the CPU provider has no double Conv kernel",
     """\
     rs = np.random.RandomState(0)
     def run(dt, npdt):
         w = nh.from_array(rs.randn(8, 3, 3, 3).astype(npdt) * 0.1, "w")
         s = session([h.make_node("Conv", ["x", "w"], ["c"], pads=[1, 1, 1, 1]), h.make_node("Relu", ["c"], ["r"]),
                      h.make_node("GlobalAveragePool", ["r"], ["y"])],
                     [vi("x", dt, [1, 3, 16, 16])], [vi("y", dt, None)], [w])
         return s.run(None, {"x": rs.rand(1, 3, 16, 16).astype(npdt)})[0].shape
     print("original (float32):", run(T.FLOAT, "float32"))
     print("mutant (float64):", run(T.DOUBLE, "float64"))"""),
    ("crash", "not-implemented", "b6-mlp-int32-gemm-not-implemented",
     "an MLP graph (Gemm, Relu, Gemm) mutated from float32 to int32 (a type Gemm's schema allows): the CPU provider has no int32 Gemm kernel",
     """\
     rs = np.random.RandomState(0)
     def run(dt, npdt):
         w1 = nh.from_array((rs.randn(16, 32) * 4).astype(npdt), "w1")
         w2 = nh.from_array((rs.randn(32, 4) * 4).astype(npdt), "w2")
         s = session([h.make_node("Gemm", ["x", "w1"], ["a"]), h.make_node("Relu", ["a"], ["r"]), h.make_node("Gemm", ["r", "w2"], ["y"])],
                     [vi("x", dt, [2, 16])], [vi("y", dt, None)], [w1, w2])
         return s.run(None, {"x": (rs.rand(2, 16) * 10).astype(npdt)})[0].shape
     print("original (float32):", run(T.FLOAT, "float32"))
     print("mutant (int32):", run(T.INT32, "int32"))"""),
    ("crash", "not-implemented", "b6-gru-float64-not-supported",
     "a GRU graph mutated from float32 to float64 (a type the GRU schema allows): the CPU kernel fails with 'GRU operator does not support double yet'",
     """\
     rs = np.random.RandomState(0)
     def run(dt, npdt):
         W = nh.from_array(rs.randn(1, 24, 6).astype(npdt) * 0.1, "W")
         R = nh.from_array(rs.randn(1, 24, 8).astype(npdt) * 0.1, "R")
         s = session([h.make_node("GRU", ["x", "W", "R"], ["y", "y_h"], hidden_size=8)],
                     [vi("x", dt, [10, 2, 6])], [vi("y", dt, None), vi("y_h", dt, None)], [W, R])
         return s.run(None, {"x": rs.randn(10, 2, 6).astype(npdt)})[1].shape
     print("original (float32):", run(T.FLOAT, "float32"))
     print("mutant (float64):", run(T.DOUBLE, "float64"))"""),
    ("false-positive", None, "b6-conv-group-attribute",
     "a Conv graph whose group attribute is mutated from 1 to 2 on 3 input channels (the weight keeps its group=1 shape)",
     """\
     w = nh.from_array(np.random.RandomState(0).randn(8, 3, 3, 3).astype("float32"), "w")
     def run(group):
         s = session([h.make_node("Conv", ["x", "w"], ["y"], group=group, pads=[1, 1, 1, 1])],
                     [vi("x", T.FLOAT, [1, 3, 16, 16])], [vi("y", T.FLOAT, None)], [w])
         return s.run(None, {"x": np.ones((1, 3, 16, 16), "float32")})[0].shape
     print("original (group=1):", run(1))
     print("mutant (group=2):", run(2))"""),
    ("false-positive", None, "b6-conv-int32-input-invalid-graph",
     "a Conv + MaxPool graph whose input and weight type is mutated from float to int32 (not in Conv's type constraints)",
     """\
     def run(dt, npdt):
         w = nh.from_array(np.ones((4, 3, 3, 3), npdt), "w")
         s = session([h.make_node("Conv", ["x", "w"], ["c"]), h.make_node("MaxPool", ["c"], ["y"], kernel_shape=[2, 2])],
                     [vi("x", dt, [1, 3, 8, 8])], [vi("y", dt, None)], [w])
         return s.run(None, {"x": np.ones((1, 3, 8, 8), npdt)})[0].shape
     print("original (float32):", run(T.FLOAT, "float32"))
     print("mutant (int32):", run(T.INT32, "int32"))"""),
    ("false-positive", None, "b6-gather-embedding-index-vocab-size",
     "an embedding lookup graph (Gather, ReduceMean, Gemm) fed a mutant token id equal to the vocabulary size",
     """\
     rs = np.random.RandomState(0)
     table = nh.from_array(rs.randn(1000, 16).astype("float32"), "table")
     w = nh.from_array(rs.randn(16, 2).astype("float32"), "w")
     ax = nh.from_array(np.array([1], "int64"), "ax")
     s = session([h.make_node("Gather", ["table", "ids"], ["e"]), h.make_node("ReduceMean", ["e", "ax"], ["m"], keepdims=0),
                  h.make_node("Gemm", ["m", "w"], ["y"])],
                 [vi("ids", T.INT64, [2, 5])], [vi("y", T.FLOAT, None)], [table, w, ax])
     ids = rs.randint(0, 1000, (2, 5)).astype("int64")
     print("original:", s.run(None, {"ids": ids})[0].shape)
     ids[1, 4] = 1000
     print("mutant (id 1000):", s.run(None, {"ids": ids})[0].shape)"""),
    ("nan", None, "b6-nan-softmax-classifier-inf-input",
     "a classifier graph (Gemm, Softmax) fed a mutant input holding one inf: the logits get +inf and -inf, and Softmax gives NaN",
     """\
     rs = np.random.RandomState(0)
     w = nh.from_array(rs.randn(8, 4).astype("float32"), "w")
     s = session([h.make_node("Gemm", ["x", "w"], ["z"]), h.make_node("Softmax", ["z"], ["p"])],
                 [vi("x", T.FLOAT, [3, 8])], [vi("p", T.FLOAT, None)], [w])
     x = rs.rand(3, 8).astype("float32")
     print("original probabilities:\\n", s.run(None, {"x": x})[0])
     x[1, 2] = np.inf
     p = s.run(None, {"x": x})[0]
     print("mutant (x[1, 2] = inf) probabilities:\\n", p)
     print("nan count:", int(np.isnan(p).sum()))"""),
    ("oom", None, "b6-oom-conv-transpose-huge-stride",
     "a ConvTranspose upsampler whose strides are mutated from 2 to 100000 (an output of about 700000 pixels a side)",
     """\
     w = nh.from_array(np.random.RandomState(0).randn(8, 4, 3, 3).astype("float32") * 0.1, "w")
     def run(stride):
         s = session([h.make_node("ConvTranspose", ["x", "w"], ["y"], strides=[stride, stride])],
                     [vi("x", T.FLOAT, [1, 8, 8, 8])], [vi("y", T.FLOAT, None)], [w])
         return s.run(None, {"x": np.ones((1, 8, 8, 8), "float32")})[0].shape
     print("original (strides 2):", run(2))
     print("mutant (strides 100000):", run(100000))"""),
]
B6 += prefixed("onnxruntime", "venv", B6_ORT_PRE, B6_ORT)

B6.append(("onnxruntime", "venv", None, "false-positive", None, "b6-torch-export-static-batch",
           "a PyTorch CNN exported with torch.onnx.export (the legacy exporter, a DeprecationWarning first) with a static batch of 1, then run by ONNX Runtime on a mutant batch of 4",
           """\
import io
import numpy as np
import onnxruntime as ort
import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 10)).eval()
buf = io.BytesIO()
torch.onnx.export(m, (torch.randn(1, 3, 32, 32),), buf, dynamo=False, input_names=["image"], output_names=["logits"])
s = ort.InferenceSession(buf.getvalue(), providers=["CPUExecutionProvider"])
print("original (batch 1):", s.run(None, {"image": np.random.rand(1, 3, 32, 32).astype("float32")})[0].shape)
print("mutant (batch 4):", s.run(None, {"image": np.random.rand(4, 3, 32, 32).astype("float32")})[0].shape)
"""))

B6_MS_PRE = """\
import numpy as np
import mindspore
from mindspore import Tensor, nn, ops
mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU")
"""
B6_MS = [
    ("false-positive", None, "b6-conv-group-not-dividing",
     "a grouped conv block (nn.Conv2d) whose group is mutated from 2 to 4 on 6 input channels",
     """\
     def block(group):
         return nn.SequentialCell([nn.Conv2d(6, 4, 3, group=group), nn.ReLU()])

     x = Tensor(np.random.rand(1, 6, 8, 8).astype("float32"))
     print("original (group=2):", block(2)(x).shape)
     print("mutant (group=4):", block(4)(x).shape)"""),
    ("false-positive", None, "b6-graph-mode-lstm-input-size",
     "an nn.LSTM tagger in GRAPH_MODE whose input features are mutated from 8 to 7",
     """\
     mindspore.set_context(mode=mindspore.GRAPH_MODE)

     class Tagger(nn.Cell):
         def __init__(self):
             super().__init__()
             self.rnn = nn.LSTM(8, 16, batch_first=True)
             self.fc = nn.Dense(16, 4)
         def construct(self, x):
             out, _ = self.rnn(x)
             return self.fc(out)

     m = Tagger()
     print("original (8 features):", m(Tensor(np.random.rand(2, 5, 8).astype("float32"))).shape)
     print("mutant (7 features):", m(Tensor(np.random.rand(2, 5, 7).astype("float32"))).shape)"""),
    ("false-positive", None, "b6-embedding-id-vocab-size",
     "an nn.Embedding bag-of-words classifier fed a mutant token id equal to the vocabulary size",
     """\
     class BagOfWords(nn.Cell):
         def __init__(self):
             super().__init__()
             self.emb = nn.Embedding(100, 16)
             self.fc = nn.Dense(16, 2)
         def construct(self, ids):
             return self.fc(self.emb(ids).mean(1))

     m = BagOfWords()
     ids = np.random.RandomState(0).randint(0, 100, (2, 6)).astype("int32")
     print("original:", m(Tensor(ids)).asnumpy().shape)
     ids[0, 3] = 100
     print("mutant (id 100):", m(Tensor(ids)).asnumpy().shape)"""),
    ("nan", None, "b6-nan-graph-mode-layernorm-negative-epsilon",
     "a hand-written layer normalization Cell in GRAPH_MODE whose epsilon is mutated from 1e-5 to -1e-5, fed a constant feature row: sqrt of a negative variance gives NaN",
     """\
     mindspore.set_context(mode=mindspore.GRAPH_MODE)

     class Norm(nn.Cell):
         def __init__(self, eps):
             super().__init__()
             self.eps = eps
         def construct(self, x):
             mean = x.mean(-1, keep_dims=True)
             var = ((x - mean) ** 2).mean(-1, keep_dims=True)
             return (x - mean) / ops.sqrt(var + self.eps)

     x = np.random.RandomState(0).rand(3, 16).astype("float32")
     x[2] = 5.0
     for eps in (1e-5, -1e-5):
         y = Norm(eps)(Tensor(x)).asnumpy()
         print(f"eps={eps}: nan count {int(np.isnan(y).sum())}, row 2: {y[2, :4]}")"""),
]
B6 += prefixed("mindspore", "mindspore", B6_MS_PRE, B6_MS)

add_batch(B6)

# ==========================================================================
# Seventh batch ("b7-" names), held out from the rules: what a
# model-mutation tester sees beyond crashes and rejections.  Timeouts (a
# mutant whose loop never ends or whose op runs forever, stopped by a
# watchdog: faulthandler.dump_traceback_later, concurrent.futures and
# subprocess timeouts, a runner that kills its worker, a thread dump, a
# DataLoader worker timeout, a barrier or a queue that waits with a timeout,
# a distributed rendezvous), out-of-memory (huge mutated sizes in each
# framework, and processes under a memory limit set with setrlimit or
# `ulimit -v`), NaN/Inf (eps 0, log of 0, division by zero, float16
# overflow, exploding learning rates, with anomaly detection, check_numerics,
# jax_debug_nans, TerminateOnNaN or np.isnan prints), inconsistencies (the
# same model and weights on two frameworks, two dtypes or two modes,
# reported by assert_close/assert_allclose, unittest or max-abs-diff prints,
# the script exiting non-zero), and false-positive controls: output that
# looks like the above (a NaN check that passes, an allclose within
# tolerance, a timeout budget met, an allocation warning, a timeout in the
# user's own code) followed by a rightful rejection of an impossible size.
# Clean logs are not kept (the manifest has no class for them).  Each entry:
# (framework, interpreter, KERAS_BACKEND or None, class, kind, name, how,
# code).
# ==========================================================================

B7 = [
    # ---- timeout ---------------------------------------------------------------
    ("pytorch", "venv", None, "timeout", None, "b7-timeout-faulthandler-convergence-loop",
     "an MLP regressor trained until its loss falls under a target, the target mutated from 0.05 to 0.0 (never reached); faulthandler.dump_traceback_later(8, exit=True) dumps the stuck loop and ends the process",
     """\
     import faulthandler
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     m = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
     x = torch.randn(64, 8)
     y = x.sum(1, keepdim=True)
     opt = torch.optim.SGD(m.parameters(), lr=0.05)

     def train(target):
         step = 0
         while True:
             loss = nn.functional.mse_loss(m(x), y)
             opt.zero_grad()
             loss.backward()
             opt.step()
             step += 1
             if step % 3000 == 0:
                 print(f"step {step} loss {loss.item():.6f}", flush=True)
             if loss.item() < target:
                 return step

     print("original (stop at loss < 0.05): converged after", train(0.05), "steps")
     faulthandler.dump_traceback_later(8, exit=True)
     print("mutant (stop at loss < 0.0):", flush=True)
     train(0.0)
     """),
    ("pytorch", "venv", None, "timeout", None, "b7-timeout-futures-greedy-decode-stop-token",
     "a GRUCell greedy decoder whose end-of-sequence token is mutated from 2 to -1 (never produced), run in a ThreadPoolExecutor; future.result(timeout=6) raises TimeoutError, logged with the logging module",
     """\
     import concurrent.futures
     import logging
     import os
     import torch
     import torch.nn as nn

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s")
     log = logging.getLogger("mutant.decoder")
     torch.manual_seed(0)
     emb, cell, out = nn.Embedding(50, 32), nn.GRUCell(32, 64), nn.Linear(64, 50)

     @torch.no_grad()
     def decode(eos):
         tok, h, seq = torch.tensor([1]), torch.zeros(1, 64), []
         while True:
             h = cell(emb(tok), h)
             tok = out(h).argmax(-1)
             seq.append(tok.item())
             if tok.item() == eos or (eos == 2 and len(seq) >= 20):
                 return seq

     ex = concurrent.futures.ThreadPoolExecutor(1)
     log.info("original (eos=2): %d tokens", len(ex.submit(decode, 2).result(timeout=6)))
     fut = ex.submit(decode, -1)
     try:
         fut.result(timeout=6)
     except concurrent.futures.TimeoutError:
         log.exception("mutant eos=-1: decode did not finish within 6 s")
         os._exit(1)
     """),
    ("pytorch-1.13", "system", None, "timeout", None, "b7-timeout-subprocess-timeoutexpired-pyramid-pool",
     "a mutant runner runs an image-pyramid builder (halve with MaxPool2d until 4 pixels a side) in a subprocess; the pooling kernel is mutated from 2 to 1, so the loop never ends; subprocess.run(timeout=8) raises TimeoutExpired, uncaught",
     """\
     import subprocess
     import sys

     CHILD = '''
     import sys, torch, torch.nn as nn
     k = int(sys.argv[1])
     pool = nn.MaxPool2d(k)
     x = torch.randn(1, 3, 64, 64)
     levels = 0
     while x.shape[-1] > 4:
         x = pool(x)
         levels += 1
     print("pyramid levels:", levels, "last", tuple(x.shape))
     '''
     with open("pyramid.py", "w") as f:
         f.write(CHILD)
     for k in (2, 1):
         print(f"[runner] mutant kernel_size={k}", flush=True)
         p = subprocess.run([sys.executable, "pyramid.py", str(k)], capture_output=True, text=True, timeout=8)
         print(p.stdout, end="", flush=True)
     """),
    ("pytorch", "venv", None, "timeout", None, "b7-timeout-dataloader-worker-random-crop-retry",
     "a Dataset whose random-crop retry loop (crop until the crop fits the image) gets its crop size mutated from 24 to 40 on 32-pixel images, so it never fits; DataLoader(num_workers=1, timeout=5) gives up on the worker",
     """\
     import random
     import torch
     from torch.utils.data import DataLoader, Dataset

     class Crops(Dataset):
         def __init__(self, crop):
             self.crop = crop
             self.images = torch.randn(16, 3, 32, 32)
         def __len__(self):
             return 16
         def __getitem__(self, i):
             while True:
                 top, left = random.randint(0, 31), random.randint(0, 31)
                 if top + self.crop <= 32 and left + self.crop <= 32:
                     return self.images[i, :, top:top + self.crop, left:left + self.crop]

     if __name__ == "__main__":
         for crop in (24, 40):
             print(f"crop={crop}")
             for batch in DataLoader(Crops(crop), batch_size=8, num_workers=1, timeout=5):
                 print("  batch", tuple(batch.shape), flush=True)
     """),
    ("tensorflow", "venv", None, "timeout", None, "b7-timeout-watchdog-thread-dump-while-loop",
     "a tf.function counting loop (tf.while_loop) whose condition is mutated from i < n to i != n with an odd n and a step of 2 (never equal); a watchdog thread logs the timeout after 8 s, dumps every thread with faulthandler and exits 124",
     """\
     import faulthandler
     import logging
     import os
     import sys
     import threading
     import tensorflow as tf

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
     log = logging.getLogger("watchdog")

     def watchdog():
         log.error("mutant still running after 8 s; dumping threads and killing it")
         faulthandler.dump_traceback(all_threads=True)
         sys.stderr.flush()
         os._exit(124)

     @tf.function
     def count(n, mutant):
         def cond(i, s):
             return tf.cond(mutant, lambda: i != n, lambda: i < n)
         return tf.while_loop(cond, lambda i, s: (i + 2, s + tf.cast(i, tf.float32)), (tf.constant(0), tf.constant(0.0)))

     print("original (i < n):", count(tf.constant(1001), tf.constant(False))[1].numpy())
     threading.Timer(8, watchdog).start()
     print("mutant (i != n):", count(tf.constant(1001), tf.constant(True))[1].numpy())
     """),
    ("jax", "venv", None, "timeout", None, "b7-timeout-runner-kills-while-loop-newton",
     "a mutant runner (subprocess.Popen, communicate(timeout=8)) runs a jitted Newton square-root (lax.while_loop) whose tolerance is negated (err > -tol, always true); the runner kills the worker and reports TIMEOUT, exit 124",
     """\
     import subprocess
     import sys
     import time

     CHILD = '''
     import sys
     import jax, jax.numpy as jnp
     from jax import lax
     sign = float(sys.argv[1])
     @jax.jit
     def newton_sqrt(a):
         def cond(c):
             x, it = c
             return jnp.abs(x * x - a) > sign * 1e-6
         def body(c):
             x, it = c
             return 0.5 * (x + a / x), it + 1
         return lax.while_loop(cond, body, (a, 0))
     print("worker: sqrt(2) =", newton_sqrt(jnp.float32(2.0)), flush=True)
     '''
     with open("newton.py", "w") as f:
         f.write(CHILD)
     for name, sign in (("original", "1"), ("mutant-negate-tol", "-1")):
         t0 = time.time()
         p = subprocess.Popen([sys.executable, "newton.py", sign], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
         try:
             out, _ = p.communicate(timeout=8)
         except subprocess.TimeoutExpired:
             p.kill()
             out, _ = p.communicate()
             print(out, end="")
             print(f"[runner] {name}: TIMEOUT after {time.time() - t0:.1f} s, worker pid {p.pid} killed (SIGKILL)")
             sys.exit(124)
         print(out, end="")
         print(f"[runner] {name}: ok in {time.time() - t0:.1f} s (exit {p.returncode})")
     """),
    ("keras", "venv", "torch", "timeout", None, "b7-timeout-predict-endless-generator",
     "model.predict on a batch generator whose `for i in range(n)` is mutated to `while True` (no steps given); a threading.Timer watchdog logs the timeout after 8 s and ends the mutant with exit 3",
     """\
     import logging
     import os
     import threading
     import numpy as np
     import keras

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
     log = logging.getLogger("mutant-runner")

     def batches(endless):
         rs = np.random.RandomState(0)
         i = 0
         while endless or i < 10:
             i += 1
             yield (rs.rand(8, 12).astype("float32"),)

     keras.utils.set_random_seed(0)
     m = keras.Sequential([keras.Input((12,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(3, activation="softmax")])
     log.info("original: predictions %s", m.predict(batches(False), verbose=0).shape)

     def kill():
         log.error("mutant endless-generator: predict() still running after 8 s, aborting")
         os._exit(3)

     threading.Timer(8, kill).start()
     log.info("mutant: predicting")
     log.info("mutant: predictions %s", m.predict(batches(True), verbose=0).shape)
     """),
    ("onnxruntime", "venv", None, "timeout", None, "b7-timeout-queue-loop-trip-count",
     "an ONNX Loop graph (a counter in the body) whose trip count is mutated from 10 to 2**40, run by ONNX Runtime in a daemon worker process; the parent's multiprocessing Queue.get(timeout=8) raises queue.Empty, uncaught",
     """\
     import multiprocessing as mp
     import time
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h

     def build():
         one = h.make_tensor("one", T.FLOAT, [], [1.0])
         body = h.make_graph(
             [h.make_node("Identity", ["cond_in"], ["cond_out"]), h.make_node("Add", ["v_in", "one"], ["v_out"])],
             "body", [h.make_tensor_value_info("i", T.INT64, []), h.make_tensor_value_info("cond_in", T.BOOL, []),
                      h.make_tensor_value_info("v_in", T.FLOAT, [])],
             [h.make_tensor_value_info("cond_out", T.BOOL, []), h.make_tensor_value_info("v_out", T.FLOAT, [])], [one])
         g = h.make_graph([h.make_node("Loop", ["M", "cond", "v0"], ["v"], body=body)], "count",
                          [h.make_tensor_value_info("M", T.INT64, []), h.make_tensor_value_info("cond", T.BOOL, []),
                           h.make_tensor_value_info("v0", T.FLOAT, [])], [h.make_tensor_value_info("v", T.FLOAT, [])])
         m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
         m.ir_version = 10
         return ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])

     def worker(trips, q):
         s = build()
         q.put(float(s.run(None, {"M": np.array(trips, "int64"), "cond": np.array(True), "v0": np.array(0.0, "float32")})[0]))

     if __name__ == "__main__":
         for name, trips in (("original", 10), ("mutant", 2 ** 40)):
             q = mp.Queue()
             p = mp.Process(target=worker, args=(trips, q), daemon=True)
             p.start()
             t0 = time.time()
             print(f"{name}: trip count {trips}, waiting for worker {p.pid}", flush=True)
             print(f"{name}: result {q.get(timeout=8)} after {time.time() - t0:.2f} s", flush=True)
     """),
    ("mindspore", "mindspore", None, "timeout", None, "b7-timeout-runner-subprocess-decode-loop",
     "a mutant runner runs a MindSpore (PyNative) greedy decoder in a subprocess with timeout=14; the decoder's stop condition is mutated from `step < max_len` to `step >= 0`; the runner catches TimeoutExpired and reports the mutant as TIMEOUT (exit 1)",
     """\
     import subprocess
     import sys
     import time

     CHILD = '''
     import sys
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn, ops
     mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU")
     mutant = sys.argv[1] == "1"
     cell, proj, emb = nn.GRUCell(16, 16), nn.Dense(16, 20), nn.Embedding(20, 16)
     h, tok, step = Tensor(np.zeros((1, 16), np.float32)), Tensor(np.array([1], np.int32)), 0
     while (step >= 0) if mutant else (step < 12):
         h = cell(emb(tok), h)
         tok = ops.argmax(proj(h), -1).astype(mindspore.int32)
         step += 1
         if step % 500 == 0:
             print("step", step, "token", int(tok.asnumpy()[0]), flush=True)
     print("decoded", step, "tokens", flush=True)
     '''
     with open("decode.py", "w") as f:
         f.write(CHILD)
     status = 0
     for name, flag in (("original", "0"), ("mutant-stop-condition", "1")):
         t0 = time.time()
         try:
             p = subprocess.run([sys.executable, "decode.py", flag], capture_output=True, text=True, timeout=14)
             print(p.stdout + p.stderr, end="")
             print(f"[runner] {name}: exit {p.returncode} in {time.time() - t0:.1f} s")
         except subprocess.TimeoutExpired as e:
             print((e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or ""), end="")
             print(f"[runner] {name}: TIMEOUT ({e})")
             status = 1
     sys.exit(status)
     """),
    ("tensorflow", "venv", None, "timeout", None, "b7-timeout-barrier-endless-tf-data-epoch",
     "a trainer thread iterates a tf.data pipeline whose .repeat(1) is mutated to .repeat() (endless epoch); the evaluator thread waits at a threading.Barrier with timeout=6 and gets BrokenBarrierError",
     """\
     import os
     import sys
     import threading
     import traceback
     import tensorflow as tf

     barrier = threading.Barrier(2, timeout=6)
     ds = tf.data.Dataset.from_tensor_slices(tf.random.normal([256, 8])).batch(32)

     def trainer(dataset, tag):
         n = 0
         for b in dataset:
             n += 1
             if n % 20000 == 0:
                 print(f"[{tag}] trainer: {n} batches", flush=True)
         print(f"[{tag}] trainer: epoch done, {n} batches", flush=True)
         barrier.wait()

     for tag, dataset in (("original", ds.repeat(1)), ("mutant", ds.repeat())):
         threading.Thread(target=trainer, args=(dataset, tag), daemon=True).start()
         try:
             barrier.wait()
             print(f"[{tag}] evaluator: epoch finished, evaluating", flush=True)
         except threading.BrokenBarrierError:
             print(f"[{tag}] evaluator: trainer did not reach the barrier within 6 s", flush=True)
             traceback.print_exc()
             sys.stderr.flush()
             os._exit(1)
     """),
    ("pytorch", "venv", None, "timeout", None, "b7-timeout-distributed-world-size",
     "a data-parallel training script whose world_size is mutated from 1 to 2 while one process is started: torch.distributed.init_process_group (gloo, TCP store, timeout 5 s) waits for the missing rank and times out",
     """\
     import datetime
     import socket
     import torch
     import torch.distributed as dist

     def port():
         s = socket.socket()
         s.bind(("127.0.0.1", 0))
         p = s.getsockname()[1]
         s.close()
         return p

     for world_size in (1, 2):
         print(f"init_process_group(gloo, rank=0, world_size={world_size})", flush=True)
         dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port()}", rank=0,
                                 world_size=world_size, timeout=datetime.timedelta(seconds=5))
         t = torch.ones(4)
         dist.all_reduce(t)
         print("all_reduce:", t.tolist(), flush=True)
         dist.destroy_process_group()
     """),

    # ---- oom -------------------------------------------------------------------
    ("pytorch", "venv", None, "oom", None, "b7-oom-classifier-head-out-features",
     "an image classifier whose head's out_features is mutated from 1000 to 2**40 (a 2 PiB weight), logged with the logging module",
     """\
     import logging
     import torch
     import torch.nn as nn

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
     log = logging.getLogger("mutation.head")

     def classifier(classes):
         return nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
                              nn.Linear(16, 512), nn.ReLU(), nn.Linear(512, classes))

     x = torch.randn(2, 3, 32, 32)
     for classes in (1000, 2 ** 40):
         log.info("building classifier with %d classes", classes)
         log.info("logits %s", tuple(classifier(classes)(x).shape))
     """),
    ("pytorch-1.13", "system", None, "oom", None, "b7-oom-conv-out-channels",
     "a VGG-style block whose second Conv2d out_channels is mutated from 64 to 2**34 (a 2 TiB weight)",
     """\
     import torch
     import torch.nn as nn

     for ch in (64, 2 ** 34):
         print(f"== block with conv2 out_channels={ch}")
         m = nn.Sequential(nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.Conv2d(32, ch, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2))
         print("output", tuple(m(torch.randn(1, 3, 32, 32)).shape))
     """),
    ("pytorch", "venv", None, "oom", None, "b7-oom-rlimit-batch-size",
     "a CNN evaluated under a 6 GiB address-space limit (resource.setrlimit(RLIMIT_AS) after import) whose batch size is mutated from 8 to 2**14 (a 9.9 GB input batch at 224x224)",
     """\
     import resource
     import torch
     import torch.nn as nn

     resource.setrlimit(resource.RLIMIT_AS, (6 << 30, 6 << 30))
     print("RLIMIT_AS set to", resource.getrlimit(resource.RLIMIT_AS)[0] >> 30, "GiB")
     m = nn.Sequential(nn.Conv2d(3, 8, 3, stride=4), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 10)).eval()
     with torch.no_grad():
         for batch in (8, 2 ** 14):
             print(f"batch={batch}", flush=True)
             x = torch.rand(batch, 3, 224, 224)
             print("  logits", tuple(m(x).shape), flush=True)
     """),
    ("tensorflow", "venv", None, "oom", None, "b7-oom-function-dense-hidden-units",
     "a tf.function MLP whose hidden layer width is mutated from 256 to 2**31 (a 6 TiB weight made with tf.random.normal)",
     """\
     import tensorflow as tf

     @tf.function
     def mlp(x, hidden):
         w1 = tf.random.normal([784, hidden], stddev=0.05)
         w2 = tf.random.normal([hidden, 10], stddev=0.05)
         return tf.matmul(tf.nn.relu(tf.matmul(x, w1)), w2)

     x = tf.random.uniform([4, 784])
     for hidden in (256, 2 ** 31):
         print(f"hidden={hidden}")
         print("  logits", mlp(x, tf.constant(hidden)).shape)
     """),
    ("tensorflow", "venv", None, "oom", None, "b7-oom-rlimit-one-hot-depth",
     "label preprocessing (tf.one_hot) under a 12 GiB address-space limit (resource.setrlimit after import) whose depth is mutated from 10 to 10**5 on 60000 labels (a 24 GB tensor)",
     """\
     import resource
     import numpy as np
     import tensorflow as tf

     resource.setrlimit(resource.RLIMIT_AS, (12 << 30, 12 << 30))
     print("RLIMIT_AS:", resource.getrlimit(resource.RLIMIT_AS)[0] >> 30, "GiB", flush=True)
     labels = tf.constant(np.random.RandomState(0).randint(0, 10, 60000))
     for depth in (10, 10 ** 5):
         y = tf.one_hot(labels, depth)
         print(f"depth={depth}: one-hot {y.shape}, sum {float(tf.reduce_sum(y)):.0f}", flush=True)
     """),
    ("jax", "venv", None, "oom", None, "b7-oom-conv-input-batch",
     "a conv + pooling feature extractor (jitted) whose input batch, built with jnp.ones before the call, is mutated from 4 to 2**20 images of 3x224x224 (a 631 GB array)",
     """\
     import jax
     import jax.numpy as jnp
     from jax import lax

     w = jax.random.normal(jax.random.PRNGKey(0), (16, 3, 3, 3)) * 0.1

     @jax.jit
     def f(x):
         y = jax.nn.relu(lax.conv_general_dilated(x, w, (2, 2), "SAME"))
         return y.mean(axis=(2, 3))

     def features(batch):
         return f(jnp.ones((batch, 3, 224, 224)))

     for batch in (4, 2 ** 20):
         print(f"batch={batch}", flush=True)
         print("  features", features(batch).shape, flush=True)
     """),
    ("keras", "venv", "jax", "oom", None, "b7-oom-dense-units",
     "a Keras MLP whose hidden Dense units are mutated from 128 to 2**38 (a 400 TiB kernel) (model.summary() of the original first)",
     """\
     import keras

     def mlp(units):
         return keras.Sequential([keras.Input((100,)), keras.layers.Dense(units, activation="relu"), keras.layers.Dense(10)])

     m = mlp(128)
     m.summary()
     print("mutant units=2**38", flush=True)
     m = mlp(2 ** 38)
     m.summary()
     """),
    ("keras", "venv", "torch", "oom", None, "b7-oom-runner-ulimit-conv-filters",
     "a mutant runner runs each mutant of a Keras CNN (torch backend) in a worker started under `ulimit -v 8000000` (about 7.6 GiB); the Conv2D filters mutated from 64 to 2**20 need a 9.7 GB kernel; the runner reports the worker's failure",
     """\
     import subprocess
     import sys

     CHILD = '''
     import sys
     import numpy as np
     import keras
     filters = int(sys.argv[1])
     m = keras.Sequential([keras.Input((16, 16, 256)), keras.layers.Conv2D(filters, 3, padding="same"), keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(10)])
     print("params:", m.count_params(), flush=True)
     print("output:", m.predict(np.zeros((1, 16, 16, 256), "float32"), verbose=0).shape, flush=True)
     '''
     with open("worker.py", "w") as f:
         f.write(CHILD)
     status = 0
     for filters in (64, 2 ** 20):
         cmd = f"ulimit -v 8000000; exec {sys.executable} worker.py {filters}"
         print(f"[runner] $ {cmd}", flush=True)
         p = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True, timeout=120)
         print(p.stdout + p.stderr[-6000:], end="")
         print(f"[runner] filters={filters}: worker exited with {p.returncode}", flush=True)
         if p.returncode != 0:
             status = 1
     sys.exit(status)
     """),
    ("onnxruntime", "venv", None, "oom", None, "b7-oom-constant-of-shape-mask",
     "an attention-mask builder graph (ConstantOfShape of [seq, seq], then Trilu) whose sequence length is mutated from 128 to 2**21 (a 16 TiB mask)",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h

     one = h.make_tensor("value", T.FLOAT, [1], [1.0])
     g = h.make_graph([h.make_node("ConstantOfShape", ["shape"], ["ones"], value=one), h.make_node("Trilu", ["ones"], ["mask"], upper=0)],
                      "causal_mask", [h.make_tensor_value_info("shape", T.INT64, [2])], [h.make_tensor_value_info("mask", T.FLOAT, None)])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
     m.ir_version = 10
     s = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
     for seq in (128, 2 ** 21):
         mask = s.run(None, {"shape": np.array([seq, seq], "int64")})[0]
         print(f"seq={seq}: mask {mask.shape}, ones {int(mask.sum())}")
     """),
    ("mindspore", "mindspore", None, "oom", None, "b7-oom-ops-zeros-feature-map",
     "a MindSpore (PyNative) decoder that allocates its feature-map buffer with ops.zeros, the spatial size mutated from 64 to 2**20 (a 256 TiB buffer)",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, ops
     mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU")

     for size in (64, 2 ** 20):
         print(f"feature map 1x64x{size}x{size}", flush=True)
         buf = ops.zeros((1, 64, size, size), mindspore.float32)
         buf = buf + Tensor(np.ones((1, 64, 1, 1), np.float32))
         print("  sum", float(buf.sum().asnumpy()), flush=True)
     """),

    # ---- nan -------------------------------------------------------------------
    ("pytorch", "venv", None, "nan", None, "b7-nan-detect-anomaly-bce-eps-zero",
     "a hand-written binary cross-entropy whose eps in log(p + eps) is mutated from 1e-7 to 0, on saturated predictions, trained under torch.autograd.detect_anomaly(): the backward of log(0) gives NaN and anomaly mode raises",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     m = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
     with torch.no_grad():
         m[2].bias.fill_(120.0)
     x, y = torch.randn(16, 4), torch.randint(0, 2, (16, 1)).float()

     def bce(p, y, eps):
         return -(y * torch.log(p + eps) + (1 - y) * torch.log(1 - p + eps)).mean()

     for eps in (1e-7, 0.0):
         m.zero_grad()
         with torch.autograd.detect_anomaly():
             loss = bce(torch.sigmoid(m(x)), y, eps)
             print(f"eps={eps}: loss {loss.item()}", flush=True)
             loss.backward()
         print(f"eps={eps}: grad norm {m[0].weight.grad.norm().item():.4f}", flush=True)
     """),
    ("pytorch-1.13", "system", None, "nan", None, "b7-nan-batchnorm-eps-zero-constant-channel",
     "a conv + BatchNorm2d block in eval mode with a dead channel (zero conv weights and bias, running mean and variance 0, as in a pruned checkpoint), the BatchNorm eps mutated from 1e-5 to 0: 0/sqrt(0) gives NaN in that channel, printed with torch.isnan counts",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     x = torch.randn(8, 3, 16, 16)
     for eps in (1e-5, 0.0):
         conv = nn.Conv2d(3, 4, 1)
         bn = nn.BatchNorm2d(4, eps=eps)
         with torch.no_grad():
             conv.weight[2].zero_()
             conv.bias[2].zero_()
             bn.running_mean[2] = 0.0
             bn.running_var[2] = 0.0
         m = nn.Sequential(conv, bn).eval()
         y = m(x)
         print(f"eps={eps}: output mean {y.mean().item():.4f}, nan per channel {torch.isnan(y).sum((0, 2, 3)).tolist()}")
     """),
    ("pytorch", "venv", None, "nan", None, "b7-nan-half-training-exploding-lr",
     "a float16 regression MLP (on the CPU) trained with SGD whose learning rate is mutated from 1e-2 to 50: the loss overflows float16 to inf at step 2 and the weights turn NaN at step 3; logged per step with timestamps",
     """\
     import logging
     import torch
     import torch.nn as nn

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s train: %(message)s")
     torch.manual_seed(0)
     x = torch.randn(64, 16).half()
     y = x.float().sum(1, keepdim=True).half()
     for lr in (1e-2, 50.0):
         torch.manual_seed(1)
         m = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 1)).half()
         opt = torch.optim.SGD(m.parameters(), lr=lr)
         logging.info("float16 model, lr %s", lr)
         for step in range(1, 7):
             loss = ((m(x) - y) ** 2).mean()
             opt.zero_grad()
             loss.backward()
             opt.step()
             logging.info("step %d loss %s nan params %d", step, loss.item(), sum(int(torch.isnan(p).sum()) for p in m.parameters()))
     """),
    ("tensorflow", "venv", None, "nan", None, "b7-nan-check-numerics-softmax-temperature-zero",
     "attention scores divided by a softmax temperature mutated from 1.0 to 0.0: inf and 0/0 give NaN probabilities, caught by tf.debugging.check_numerics",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     q, k = tf.random.normal([2, 5, 8]), tf.random.normal([2, 5, 8])
     scores = tf.matmul(q, k, transpose_b=True)
     scores = tf.tensor_scatter_nd_update(scores, [[0, 0, 0]], [0.0])
     for temperature in (1.0, 0.0):
         probs = tf.nn.softmax(scores / temperature, axis=-1)
         probs = tf.debugging.check_numerics(probs, f"attention probs (temperature={temperature})")
         print(f"temperature={temperature}: row sums {tf.reduce_sum(probs, -1).numpy()[0]}")
     """),
    ("tensorflow", "venv", None, "nan", None, "b7-nan-enable-check-numerics-exploding-lr",
     "a GradientTape linear-regression loop whose learning rate is mutated from 1e-2 to 1e8 under tf.debugging.enable_check_numerics(): the weights blow up to inf and the first op that yields inf/NaN raises",
     """\
     import tensorflow as tf

     tf.debugging.enable_check_numerics()
     tf.random.set_seed(0)
     x = tf.random.normal([128, 4])
     y = tf.matmul(x, tf.constant([[1.0], [-2.0], [0.5], [3.0]]))
     for lr in (1e-2, 1e8):
         w = tf.Variable(tf.zeros([4, 1]))
         for step in range(8):
             with tf.GradientTape() as tape:
                 loss = tf.reduce_mean(tf.square(tf.matmul(x, w) - y))
             w.assign_sub(lr * tape.gradient(loss, w))
             print(f"lr={lr} step {step} loss {float(loss):.6g}", flush=True)
     """),
    ("jax", "venv", None, "nan", None, "b7-nan-debug-nans-log-prob-zero",
     "a categorical log-likelihood (log of softmax probabilities, weighted by one-hot targets) whose log-softmax is mutated to log(softmax(x)) on logits 200 apart: the probability underflows to 0, log(0) * 0 gives NaN, and jax_debug_nans raises FloatingPointError",
     """\
     import jax
     import jax.numpy as jnp

     jax.config.update("jax_debug_nans", True)
     logits = jnp.array([[200.0, 0.0, 1.0], [1.0, 2.0, 3.0]])
     targets = jax.nn.one_hot(jnp.array([0, 2]), 3)

     def nll_original(z):
         return -(targets * jax.nn.log_softmax(z)).sum(-1).mean()

     def nll_mutant(z):
         return -(targets * jnp.log(jax.nn.softmax(z))).sum(-1).mean()

     print("original:", nll_original(logits))
     print("mutant:", nll_mutant(logits))
     """),
    ("keras", "venv", "tensorflow", "nan", None, "b7-nan-terminate-on-nan-huge-learning-rate",
     "a Keras regressor fit with SGD whose learning rate is mutated from 1e-3 to 1e7, with the TerminateOnNaN callback: the loss overflows to inf at batch 2 and TerminateOnNaN (which also stops on inf) ends training",
     """\
     import numpy as np
     import keras

     keras.utils.set_random_seed(0)
     x = np.random.rand(256, 8).astype("float32")
     y = x @ np.arange(1, 9, dtype="float32")[:, None]
     for lr in (1e-3, 1e7):
         print(f"== SGD learning_rate={lr}")
         m = keras.Sequential([keras.Input((8,)), keras.layers.Dense(32, activation="relu"), keras.layers.Dense(1)])
         m.compile(optimizer=keras.optimizers.SGD(lr), loss="mse")
         h = m.fit(x, y, batch_size=32, epochs=3, verbose=2, callbacks=[keras.callbacks.TerminateOnNaN()])
         print("loss history:", h.history["loss"])
     """),
    ("keras", "venv", "jax", "nan", None, "b7-nan-float16-policy-logits-overflow",
     "a Keras classifier whose dtype policy is mutated from float32 to float16 with raw 0-255 pixel inputs: the Dense logits overflow float16 to inf and softmax gives NaN; counted with np.isnan",
     """\
     import numpy as np
     import keras

     x = np.random.RandomState(0).randint(0, 256, (4, 784)).astype("float32")
     for policy in ("float32", "float16"):
         keras.config.set_dtype_policy(policy)
         keras.utils.set_random_seed(0)
         m = keras.Sequential([keras.Input((784,)), keras.layers.Dense(64, activation="relu", kernel_initializer=keras.initializers.RandomUniform(0.0, 0.5)),
                               keras.layers.Dense(10, kernel_initializer=keras.initializers.RandomUniform(0.0, 0.5)), keras.layers.Softmax()])
         p = np.asarray(m.predict(x, verbose=0), dtype="float32")
         print(f"policy={policy}: output dtype {m.outputs[0].dtype}, nan {int(np.isnan(p).sum())}/{p.size}, first row {p[0, :3]}")
     """),
    ("onnxruntime", "venv", None, "nan", None, "b7-nan-instance-norm-epsilon-zero",
     "a Conv + InstanceNormalization graph whose epsilon is mutated from 1e-5 to 0, on an image with a flat channel: the normalization divides 0 by 0; np.isnan counts printed",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     rs = np.random.RandomState(0)
     w = rs.randn(4, 3, 1, 1).astype("float32")
     w[1] = 0.0
     inits = [nh.from_array(w, "w"), nh.from_array(np.ones(4, "float32"), "scale"), nh.from_array(np.zeros(4, "float32"), "bias")]
     x = rs.rand(1, 3, 8, 8).astype("float32")
     for eps in (1e-5, 0.0):
         g = h.make_graph([h.make_node("Conv", ["x", "w"], ["c"]), h.make_node("InstanceNormalization", ["c", "scale", "bias"], ["y"], epsilon=eps)],
                          "norm", [h.make_tensor_value_info("x", T.FLOAT, [1, 3, 8, 8])], [h.make_tensor_value_info("y", T.FLOAT, None)], inits)
         m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
         m.ir_version = 10
         y = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, {"x": x})[0]
         print(f"epsilon={eps}: nan per channel {np.isnan(y).sum((0, 2, 3)).tolist()}")
     """),
    ("mindspore", "mindspore", None, "nan", None, "b7-nan-cross-entropy-log-eps-zero",
     "a hand-written cross-entropy (log(softmax + eps) times one-hot) whose eps is mutated from 1e-8 to 0, trained for a few steps with large logits: log(0) * 0 gives a NaN loss and NaN gradients",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn, ops
     mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU")
     mindspore.set_seed(0)

     x = Tensor(np.random.RandomState(0).randn(8, 6).astype(np.float32) * 40)
     y = Tensor(np.eye(4, dtype=np.float32)[np.arange(8) % 4])
     for eps in (1e-8, 0.0):
         net = nn.Dense(6, 4)
         opt = nn.SGD(net.trainable_params(), learning_rate=0.01)
         def loss_fn(x, y):
             return -(y * ops.log(ops.softmax(net(x) * 10, -1) + eps)).sum(-1).mean()
         grad_fn = mindspore.value_and_grad(loss_fn, None, opt.parameters)
         for step in range(3):
             loss, grads = grad_fn(x, y)
             opt(grads)
             print(f"eps={eps} step {step}: loss {loss.asnumpy()}, nan grads {int(sum(np.isnan(g.asnumpy()).sum() for g in grads))}")
     """),

    # ---- inconsistency -----------------------------------------------------------
    ("pytorch", "venv", None, "inconsistency", None, "b7-inconsistency-half-vs-float-layernorm-mlp",
     "an MLP block (Linear, LayerNorm, GELU, Linear) run in float32 and, with the same weights, mutated to float16 on the CPU; compared with torch.testing.assert_close (float32 tolerances)",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     m = nn.Sequential(nn.Linear(64, 256), nn.LayerNorm(256), nn.GELU(), nn.Linear(256, 64)).eval()
     x = torch.randn(8, 64) * 4
     with torch.no_grad():
         ref = m(x)
         out = m.half()(x.half()).float()
     print("float32 vs float16 max abs diff:", (ref - out).abs().max().item())
     torch.testing.assert_close(out, ref)
     """),
    ("pytorch-1.13", "system", None, "inconsistency", None, "b7-inconsistency-unittest-one-pass-variance",
     "a normalization layer whose two-pass variance is mutated to the one-pass E[x^2] - E[x]^2 form, on features with a mean of 1e4: in float32 the result departs from the float64 reference; a unittest with np.testing.assert_allclose fails",
     """\
     import unittest
     import numpy as np
     import torch

     def normalize(x, one_pass):
         mean = x.mean(-1, keepdim=True)
         if one_pass:
             var = (x * x).mean(-1, keepdim=True) - mean * mean
         else:
             var = ((x - mean) ** 2).mean(-1, keepdim=True)
         return (x - mean) / torch.sqrt(var.clamp_min(0) + 1e-5)

     class NormTest(unittest.TestCase):
         def setUp(self):
             torch.manual_seed(0)
             self.x = 1e4 + torch.randn(4, 256, dtype=torch.float64)

         def check(self, one_pass):
             ref = normalize(self.x, False).numpy()
             out = normalize(self.x.float(), one_pass).double().numpy()
             np.testing.assert_allclose(out, ref, rtol=1e-2, atol=1e-2)

         def test_two_pass_float32(self):
             self.check(False)

         def test_one_pass_float32(self):
             self.check(True)

     unittest.main(verbosity=2)
     """),
    ("tensorflow", "venv", None, "inconsistency", None, "b7-inconsistency-lrn-vs-torch",
     "the same conv + local response normalization layer in TensorFlow (tf.nn.local_response_normalization) and PyTorch (nn.LocalResponseNorm) with the same weights and the same size/alpha/beta/k: PyTorch divides alpha by the window size, TensorFlow does not; the max-abs-diff print and the exit status report it",
     """\
     import sys
     import numpy as np
     import tensorflow as tf
     import torch

     rs = np.random.RandomState(0)
     x = rs.rand(2, 8, 8, 6).astype("float32")
     w = rs.randn(3, 3, 6, 8).astype("float32")
     radius, alpha, beta, k = 2, 1e-2, 0.75, 1.0
     y_tf = tf.nn.local_response_normalization(tf.nn.conv2d(x, w, 1, "SAME"), depth_radius=radius, bias=k, alpha=alpha, beta=beta).numpy()
     conv = torch.nn.Conv2d(6, 8, 3, padding=1, bias=False)
     with torch.no_grad():
         conv.weight.copy_(torch.from_numpy(w.transpose(3, 2, 0, 1)))
         y_pt = torch.nn.LocalResponseNorm(2 * radius + 1, alpha=alpha, beta=beta, k=k)(conv(torch.from_numpy(x.transpose(0, 3, 1, 2))))
     y_pt = y_pt.numpy().transpose(0, 2, 3, 1)
     diff = np.abs(y_tf - y_pt).max()
     print(f"tf vs torch LRN: max abs diff {diff:.6g}, max rel diff {(np.abs(y_tf - y_pt) / np.abs(y_pt).clip(1e-6)).max():.6g}")
     if diff > 1e-4:
         print("INCONSISTENT: outputs differ beyond atol=1e-4")
         sys.exit(1)
     """),
    ("tensorflow", "venv", None, "inconsistency", None, "b7-inconsistency-float16-dense-softmax",
     "a Dense + softmax classifier run in float32 and, with the same weights, mutated to float16 (tf.cast of inputs and weights), inputs in the hundreds: the float16 probabilities differ; logged with timestamps and an AssertionError",
     """\
     import logging
     import numpy as np
     import tensorflow as tf

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s diff-test: %(message)s")
     rs = np.random.RandomState(0)
     x = rs.rand(16, 32).astype("float32") * 300
     w = rs.randn(32, 10).astype("float32") * 0.05

     def model(dtype):
         return tf.nn.softmax(tf.matmul(tf.cast(x, dtype), tf.cast(w, dtype)), -1)

     ref, out = model(tf.float32).numpy(), model(tf.float16).numpy().astype("float32")
     diff = np.abs(ref - out)
     logging.info("float32 vs float16: max abs diff %.6g at %s", diff.max(), np.unravel_index(diff.argmax(), diff.shape))
     assert diff.max() < 1e-5, f"float16 mutant differs from float32: max abs diff {diff.max():.6g} > 1e-5"
     """),
    ("jax", "venv", None, "inconsistency", None, "b7-inconsistency-jit-bfloat16-attention",
     "a single-head attention block run eagerly in float32 and, with the same weights, jitted with its dtype mutated to bfloat16; np.testing.assert_allclose fails",
     """\
     import numpy as np
     import jax
     import jax.numpy as jnp

     k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
     x = jax.random.normal(k1, (4, 16, 32))
     wq, wk = jax.random.normal(k2, (32, 32)) * 0.3, jax.random.normal(k3, (32, 32)) * 0.3

     def attend(x, wq, wk):
         q, k = x @ wq, x @ wk
         p = jax.nn.softmax(q @ jnp.swapaxes(k, -1, -2) / jnp.sqrt(32.0), -1)
         return p @ x

     ref = attend(x, wq, wk)
     out = jax.jit(attend)(*(a.astype(jnp.bfloat16) for a in (x, wq, wk))).astype(jnp.float32)
     print("eager float32 vs jit bfloat16, max abs diff:", float(jnp.abs(ref - out).max()))
     np.testing.assert_allclose(np.asarray(out), np.asarray(ref), rtol=1e-4, atol=1e-4)
     """),
    ("jax", "venv", None, "inconsistency", None, "b7-inconsistency-layernorm-var-vs-torch",
     "the same hand-written layer normalization in JAX (jnp.var, population variance) and PyTorch (Tensor.var, unbiased by default) with the same input and epsilon, on 8 features: the outputs differ; reported with np.testing.assert_allclose",
     """\
     import numpy as np
     import jax.numpy as jnp
     import torch

     x = np.random.RandomState(0).randn(4, 8).astype("float32")

     def ln_jax(x, eps=1e-5):
         return (x - x.mean(-1, keepdims=True)) / jnp.sqrt(x.var(-1, keepdims=True) + eps)

     def ln_torch(x, eps=1e-5):
         return (x - x.mean(-1, keepdim=True)) / torch.sqrt(x.var(-1, keepdim=True) + eps)

     a = np.asarray(ln_jax(jnp.asarray(x)))
     b = ln_torch(torch.from_numpy(x)).numpy()
     print("jax:  ", a[0, :4])
     print("torch:", b[0, :4])
     np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6, err_msg="layer norm: jax vs torch")
     """),
    ("keras", "venv", "jax", "inconsistency", None, "b7-inconsistency-mixed-bfloat16-policy",
     "a Keras Conv2D + Dense classifier built under the float32 policy and, with the same weights, under the mutated mixed_bfloat16 policy; a unittest with np.testing.assert_allclose fails",
     """\
     import unittest
     import numpy as np
     import keras

     def build(policy):
         keras.config.set_dtype_policy(policy)
         keras.utils.set_random_seed(0)
         return keras.Sequential([keras.Input((16, 16, 3)), keras.layers.Conv2D(16, 3, activation="relu"),
                                  keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(10)])

     class PolicyTest(unittest.TestCase):
         def test_mixed_bfloat16_matches_float32(self):
             x = np.random.RandomState(0).rand(4, 16, 16, 3).astype("float32") * 10
             ref_model = build("float32")
             mut_model = build("mixed_bfloat16")
             mut_model.set_weights(ref_model.get_weights())
             ref = np.asarray(ref_model.predict(x, verbose=0), "float32")
             out = np.asarray(mut_model.predict(x, verbose=0), "float32")
             print("max abs diff", np.abs(ref - out).max())
             np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5)

     unittest.main(verbosity=2)
     """),
    ("keras", "venv", "tensorflow", "inconsistency", None, "b7-inconsistency-avgpool-same-vs-torch",
     "the same Conv2D + AveragePooling2D(3, strides=2, padding='same') block in Keras (TensorFlow backend) and PyTorch (AvgPool2d(3, 2, padding=1)) with the same weights: Keras leaves the padding out of the average, PyTorch counts it by default; the borders differ (np.testing.assert_allclose)",
     """\
     import numpy as np
     import keras
     import torch

     rs = np.random.RandomState(0)
     x = rs.rand(1, 8, 8, 3).astype("float32")
     k = rs.randn(3, 3, 3, 4).astype("float32")
     km = keras.Sequential([keras.Input((8, 8, 3)), keras.layers.Conv2D(4, 3, padding="same", use_bias=False),
                            keras.layers.AveragePooling2D(3, strides=2, padding="same")])
     km.layers[0].set_weights([k])
     conv = torch.nn.Conv2d(3, 4, 3, padding=1, bias=False)
     with torch.no_grad():
         conv.weight.copy_(torch.from_numpy(k.transpose(3, 2, 0, 1)))
         t = torch.nn.AvgPool2d(3, 2, padding=1)(conv(torch.from_numpy(x.transpose(0, 3, 1, 2)))).numpy().transpose(0, 2, 3, 1)
     y = np.asarray(km(x))
     print("keras", y.shape, "torch", t.shape)
     np.testing.assert_allclose(y, t, rtol=1e-5, atol=1e-5, err_msg="AveragePooling2D same vs AvgPool2d(padding=1)")
     """),
    ("onnxruntime", "venv", None, "inconsistency", None, "b7-inconsistency-resize-asymmetric-vs-torch",
     "a bilinear 2x upsampler exported by hand to ONNX whose Resize coordinate_transformation_mode is mutated from half_pixel to asymmetric, compared with PyTorch's F.interpolate(bilinear, align_corners=False) on the same input: the outputs differ",
     """\
     import numpy as np
     import onnxruntime as ort
     import torch
     import torch.nn.functional as F
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     x = np.random.RandomState(0).rand(1, 2, 6, 6).astype("float32")
     ref = F.interpolate(torch.from_numpy(x), scale_factor=2, mode="bilinear", align_corners=False).numpy()
     for mode in ("half_pixel", "asymmetric"):
         g = h.make_graph([h.make_node("Resize", ["x", "", "scales"], ["y"], mode="linear", coordinate_transformation_mode=mode)], "up",
                          [h.make_tensor_value_info("x", T.FLOAT, [1, 2, 6, 6])], [h.make_tensor_value_info("y", T.FLOAT, None)],
                          [nh.from_array(np.array([1, 1, 2, 2], "float32"), "scales")])
         m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
         m.ir_version = 10
         y = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, {"x": x})[0]
         diff = float(np.abs(y - ref).max())
         print(f"coordinate_transformation_mode={mode}: max abs diff vs torch {diff:.6g}")
         assert diff < 1e-5, f"ONNX Runtime Resize ({mode}) and torch bilinear disagree: {diff:.6g}"
     """),
    ("mindspore", "mindspore", None, "inconsistency", None, "b7-inconsistency-float16-dense-vs-numpy",
     "a MindSpore two-layer MLP (nn.Dense) whose dtype is mutated from float32 to float16 (to_float), compared with a float64 NumPy reference computed from the same weights: np.testing.assert_allclose fails",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn
     mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU")
     mindspore.set_seed(0)

     net = nn.SequentialCell([nn.Dense(32, 64), nn.ReLU(), nn.Dense(64, 8)])
     x = np.random.RandomState(0).randn(4, 32).astype(np.float32) * 8
     w1, b1, w2, b2 = (p.asnumpy().astype(np.float64) for p in net.trainable_params())
     ref = np.maximum(x @ w1.T + b1, 0) @ w2.T + b2
     print("float32 max abs diff:", np.abs(net(Tensor(x)).asnumpy() - ref).max())
     out = net.to_float(mindspore.float16)(Tensor(x)).asnumpy().astype(np.float64)
     print("float16 max abs diff:", np.abs(out - ref).max())
     np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-4)
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b7-inconsistency-unittest-bfloat16-conv",
     "a unittest comparing a small CNN in float32 with the same CNN (same weights) mutated to bfloat16 on the CPU, with np.testing.assert_allclose (float32 tolerances, 1e-5); the bfloat16 outputs differ",
     """\
     import copy
     import unittest
     import numpy as np
     import torch
     import torch.nn as nn

     class DtypeMutantTest(unittest.TestCase):
         def test_bfloat16_matches_float32(self):
             torch.manual_seed(0)
             m = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 16, 3, padding=1),
                               nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10)).eval()
             x = torch.randn(2, 3, 16, 16)
             with torch.no_grad():
                 ref = m(x).numpy()
                 out = copy.deepcopy(m).bfloat16()(x.bfloat16()).float().numpy()
             np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5)

     unittest.main(verbosity=2)
     """),

    # ---- false-positive controls -------------------------------------------------
    ("pytorch", "venv", None, "false-positive", None, "b7-finite-check-passes-then-negative-dim",
     "a NaN/Inf checker that passes on the original encoder's outputs ('no NaN/Inf found'), then a mutant whose hidden size is computed as 16 - 32: torch.zeros rightly rejects the negative dimension",
     """\
     import torch
     import torch.nn as nn

     class Encoder(nn.Module):
         def __init__(self, hidden):
             super().__init__()
             self.hidden = hidden
             self.proj = nn.Linear(8, 16)
         def forward(self, x):
             state = torch.zeros(x.size(0), self.hidden)
             return torch.cat([self.proj(x), state], -1)

     def check(name, out):
         bad = torch.isnan(out).sum().item() + torch.isinf(out).sum().item()
         print(f"[nan-check] {name}: {out.numel()} values, {'no NaN/Inf found' if not bad else f'{bad} NaN/Inf'}")

     torch.manual_seed(0)
     x = torch.randn(4, 8)
     check("original hidden=16", Encoder(16)(x))
     check("mutant hidden=16-32", Encoder(16 - 32)(x))
     """),
    ("pytorch-1.13", "system", None, "false-positive", None, "b7-allclose-passes-then-linear-features",
     "a float32-vs-float64 comparison of an MLP that passes torch.testing.assert_close (its max abs diff printed within tolerance), then a mutant input with 12 instead of 10 features, rightly rejected by nn.Linear",
     """\
     import copy
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     m = nn.Sequential(nn.Linear(10, 32), nn.Tanh(), nn.Linear(32, 2))
     x = torch.randn(5, 10)
     ref = copy.deepcopy(m).double()(x.double())
     out = m(x)
     print(f"float32 vs float64: max abs diff {(out.double() - ref).abs().max().item():.3e} (atol 1e-5, rtol 1.3e-6)")
     torch.testing.assert_close(out.double(), ref, atol=1e-5, rtol=1.3e-6)
     print("assert_close: OK")
     print("mutant input features=12:", m(torch.randn(5, 12)).shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b7-allocation-warning-then-negative-shape",
     "a large but legal buffer (about 3 GB, more than 10% of free memory: TensorFlow's default CPU allocator, oneDNN off, warns about the allocation and goes on), then a mutant whose buffer shape gets a negative dimension: tf.zeros rightly rejects it",
     """\
     import os
     os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
     import tensorflow as tf

     for shape in ([24000, 32000], [24000, -32]):
         print(f"buffer shape {shape}", flush=True)
         buf = tf.zeros(shape) + 1.0
         print("  sum", float(tf.reduce_sum(buf[:2])), flush=True)
         del buf
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b7-check-numerics-passes-then-reshape",
     "tf.debugging.check_numerics passes on a CNN's features (no NaN/Inf), then a mutant Reshape target of [-2, 64]: tf.reshape rightly rejects it",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     x = tf.random.normal([4, 8, 8, 3])
     feats = tf.nn.relu(tf.nn.conv2d(x, tf.random.normal([3, 3, 3, 4]), 1, "SAME"))
     feats = tf.debugging.check_numerics(feats, "conv features")
     print("check_numerics: conv features are finite, shape", feats.shape)
     for target in ([-1, 256], [-2, 64]):
         print(f"reshape to {target}:", tf.reshape(feats, target).shape)
     """),
    ("jax", "venv", None, "false-positive", None, "b7-time-budget-met-then-negative-shape",
     "a runner that gives the jitted model a 10 s budget (future.result(timeout=10)) which the original meets, then a mutant whose hidden-state shape gets a negative size: jnp.zeros rightly rejects it",
     """\
     import concurrent.futures
     import time
     import jax
     import jax.numpy as jnp

     def run(hidden):
         h = jnp.zeros((4, hidden))
         w = jax.random.normal(jax.random.PRNGKey(0), (hidden, hidden)) * 0.1
         return jax.jit(lambda h: jnp.tanh(h @ w + 1.0))(h).block_until_ready()

     with concurrent.futures.ThreadPoolExecutor(1) as ex:
         for hidden in (32, -32):
             t0 = time.time()
             out = ex.submit(run, hidden).result(timeout=10)
             print(f"hidden={hidden}: finished in {time.time() - t0:.2f} s (budget 10 s), output {out.shape}", flush=True)
     """),
    ("jax", "venv", None, "false-positive", None, "b7-zeros-size-overflow",
     "a mutant whose embedding table size is mutated from (50000, 256) to (2**62, 2**62), more elements than an int64 can count (an impossible size jnp.zeros was expected to reject)",
     """\
     import jax.numpy as jnp

     for shape in ((50000, 256), (2 ** 62, 2 ** 62)):
         print(f"embedding table {shape}", flush=True)
         table = jnp.zeros(shape, jnp.float32)
         print("  bytes", table.nbytes, flush=True)
     """),
    ("keras", "venv", "torch", "false-positive", None, "b7-clean-fit-then-negative-units",
     "a Keras fit with TerminateOnNaN whose loss history is checked for NaN and found clean, then a mutant Dense whose units are mutated from 16 to -16: Keras rightly rejects it",
     """\
     import numpy as np
     import keras

     keras.utils.set_random_seed(0)
     x = np.random.rand(64, 4).astype("float32")
     y = x.sum(1, keepdims=True)
     for units in (16, -16):
         print(f"== Dense units={units}")
         m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(units, activation="relu"), keras.layers.Dense(1)])
         m.compile(optimizer="adam", loss="mse")
         h = m.fit(x, y, epochs=2, verbose=2, callbacks=[keras.callbacks.TerminateOnNaN()])
         print("NaN in loss history:", any(np.isnan(h.history["loss"])))
     """),
    ("onnxruntime", "venv", None, "false-positive", None, "b7-finite-check-then-constant-of-shape-negative",
     "a padding-buffer graph (ConstantOfShape, Add) whose output passes an np.isnan/np.isinf check, then a mutant shape [4, -8]: ONNX Runtime rightly rejects the negative dimension",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h

     zero = h.make_tensor("value", T.FLOAT, [1], [0.0])
     g = h.make_graph([h.make_node("ConstantOfShape", ["shape"], ["z"], value=zero), h.make_node("Add", ["z", "b"], ["y"])], "pad",
                      [h.make_tensor_value_info("shape", T.INT64, [2]), h.make_tensor_value_info("b", T.FLOAT, [1])],
                      [h.make_tensor_value_info("y", T.FLOAT, None)])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
     m.ir_version = 10
     s = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
     for shape in ([4, 8], [4, -8]):
         y = s.run(None, {"shape": np.array(shape, "int64"), "b": np.array([0.5], "float32")})[0]
         print(f"shape {shape}: {y.shape}, NaN {int(np.isnan(y).sum())}, Inf {int(np.isinf(y).sum())} -> no NaN/Inf found")
     """),
    ("mindspore", "mindspore", None, "false-positive", None, "b7-finite-check-passes-then-zeros-negative",
     "a MindSpore nn.Dense head whose outputs pass an np.isnan check ('no NaN'), then a mutant state buffer of shape (4, -16): ops.zeros rightly rejects the negative dimension",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn, ops
     mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU")

     out = nn.Dense(8, 4)(Tensor(np.random.rand(4, 8).astype(np.float32))).asnumpy()
     print(f"head output {out.shape}: NaN {int(np.isnan(out).sum())} -> no NaN found")
     for hidden in (16, -16):
         state = ops.zeros((4, hidden), mindspore.float32)
         print(f"state buffer hidden={hidden}:", state.asnumpy().shape)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b7-user-data-fetch-sleep-deadline",
     "a training script whose own data-fetch function (a stub that sleeps 30 s, simulating a slow remote store) is given a 3 s budget by the script itself; the model code never ran long; the script raises its own TimeoutError",
     """\
     import concurrent.futures
     import os
     import time
     import traceback
     import torch
     import torch.nn as nn

     def fetch_shard(i):
         time.sleep(30)
         return torch.randn(32, 8)

     m = nn.Linear(8, 1)
     print("model check:", m(torch.randn(2, 8)).shape, flush=True)
     ex = concurrent.futures.ThreadPoolExecutor(1)
     t0 = time.time()
     try:
         shard = ex.submit(fetch_shard, 0).result(timeout=3)
     except concurrent.futures.TimeoutError:
         traceback.print_exc()
         print(f"fetch_shard(0) took longer than 3 s ({time.time() - t0:.1f} s); giving up on this shard", flush=True)
         os._exit(2)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b7-storage-size-overflow-rejected",
     "an activation-cache mutant whose buffer shape is mutated from (64, 512) to (2**40, 2**40, 2**40): the element count overflows int64 and torch.empty rightly rejects the size (a NaN check on the original buffer passes first)",
     """\
     import torch

     for shape in ((64, 512), (2 ** 40, 2 ** 40, 2 ** 40)):
         buf = torch.empty(shape).fill_(0.0)
         print(f"cache {shape}: NaN {int(torch.isnan(buf).sum())}, ok", flush=True)
     """),
]

add_batch(B7)

# ==========================================================================
# Eighth batch ("b8-" names), held out from the rules: a model-mutation
# tester's runs on mainstream model pieces (ResNet basic blocks, MobileNet
# depthwise blocks, U-Net down/up blocks, Transformer encoder layers,
# LSTM/GRU taggers, embedding bags, masked attention, normalization
# variants, detection heads), with mutations of boundaries (zero, negative,
# huge parameters; masks; deleted batch axes), dtypes (float16, bfloat16,
# int32, float64, complex64) and structure (a layer inserted, deleted or
# duplicated), and of the execution mode (torch.jit.script, export to ONNX
# then ONNX Runtime, tf.function with an input signature, tf.compat.v1 graph
# mode, jax.jit and vmap, MindSpore GRAPH_MODE).  The output is varied: the
# mutant's name printed first, the logging module, unittest, training-loop
# prints, warnings before the error, a runner with a worker process.  Each
# entry: (framework, interpreter, KERAS_BACKEND or None, class, kind, name,
# how, code).
# ==========================================================================

B8 = [
    # ---- PyTorch (current) ----------------------------------------------------
    ("pytorch", "venv", None, "false-positive", None, "b8-resnet-basicblock-downsample-deleted",
     "a ResNet BasicBlock with stride 2 whose downsample shortcut (1x1 conv + BatchNorm) is deleted: the residual add gets tensors of different sizes; logged with the logging module",
     """\
     import logging
     import torch
     import torch.nn as nn

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s [mutant-runner] %(message)s")
     log = logging.getLogger()

     class BasicBlock(nn.Module):
         def __init__(self, cin, cout, stride, downsample):
             super().__init__()
             self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
             self.bn1 = nn.BatchNorm2d(cout)
             self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
             self.bn2 = nn.BatchNorm2d(cout)
             self.downsample = downsample
         def forward(self, x):
             idt = x if self.downsample is None else self.downsample(x)
             out = torch.relu(self.bn1(self.conv1(x)))
             out = self.bn2(self.conv2(out))
             return torch.relu(out + idt)

     torch.manual_seed(0)
     x = torch.randn(2, 16, 32, 32)
     for name, ds in (("original", nn.Sequential(nn.Conv2d(16, 32, 1, 2, bias=False), nn.BatchNorm2d(32))),
                      ("LD-mutant-03 (downsample deleted)", None)):
         log.info("running %s", name)
         y = BasicBlock(16, 32, 2, ds)(x)
         log.info("%s output %s", name, tuple(y.shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b8-mha-3d-attn-mask-heads",
     "a Transformer self-attention block whose 3-D attention mask is built for 1 head while nn.MultiheadAttention's num_heads is mutated from 1 to 4",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     x = torch.randn(2, 6, 32)
     causal = torch.triu(torch.ones(6, 6, dtype=torch.bool), 1)
     mask = causal.expand(2, 6, 6)
     for heads in (1, 4):
         print(f"mutant NUM_HEADS={heads}:", flush=True)
         mha = nn.MultiheadAttention(32, heads, batch_first=True)
         out, w = mha(x, x, x, attn_mask=mask)
         print("  attention output", tuple(out.shape), "weights", tuple(w.shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b8-detection-head-zero-anchors",
     "a RetinaNet-style box regression head whose num_anchors is mutated from 9 to 0: the box conv gets zero output channels and conv2d rejects its empty weight",
     """\
     import torch
     import torch.nn as nn

     class BoxHead(nn.Module):
         def __init__(self, cin, num_anchors):
             super().__init__()
             self.tower = nn.Sequential(nn.Conv2d(cin, cin, 3, padding=1), nn.ReLU())
             self.bbox = nn.Conv2d(cin, num_anchors * 4, 3, padding=1)
         def forward(self, feats):
             outs = []
             for f in feats:
                 b = self.bbox(self.tower(f))
                 outs.append(b.permute(0, 2, 3, 1).reshape(b.size(0), -1, 4))
             return torch.cat(outs, 1)

     torch.manual_seed(0)
     feats = [torch.randn(2, 64, s, s) for s in (16, 8, 4)]
     for a in (9, 0):
         print(f"[AnchorMutation num_anchors={a}]")
         print("  boxes:", tuple(BoxHead(64, a)(feats).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b8-embeddingbag-offsets-first-nonzero",
     "an EmbeddingBag text classifier whose offsets are mutated from [0, 3, 7] to [1, 3, 7] (the first bag must start at 0), trained a few steps first",
     """\
     import torch
     import torch.nn as nn

     class BagClassifier(nn.Module):
         def __init__(self):
             super().__init__()
             self.bag = nn.EmbeddingBag(1000, 32, mode="mean")
             self.fc = nn.Linear(32, 4)
         def forward(self, tokens, offsets):
             return self.fc(self.bag(tokens, offsets))

     torch.manual_seed(0)
     m = BagClassifier()
     opt = torch.optim.SGD(m.parameters(), lr=0.5)
     tokens = torch.randint(0, 1000, (10,))
     labels = torch.tensor([0, 2, 3])
     for offsets in ([0, 3, 7], [1, 3, 7]):
         print(f"offsets={offsets}")
         for step in range(3):
             loss = nn.functional.cross_entropy(m(tokens, torch.tensor(offsets)), labels)
             opt.zero_grad(); loss.backward(); opt.step()
             print(f"  step {step} loss {loss.item():.4f}")
     """),
    ("pytorch", "venv", None, "false-positive", None, "b8-unet-up-skip-odd-input",
     "a U-Net up block (ConvTranspose2d x2, concatenation with the encoder skip, double conv) whose input size is mutated from 64 to 65: the upsampled map no longer matches the skip connection",
     """\
     import torch
     import torch.nn as nn

     class Down(nn.Module):
         def __init__(self, c):
             super().__init__()
             self.pool = nn.MaxPool2d(2)
             self.conv = nn.Sequential(nn.Conv2d(c, 2 * c, 3, padding=1), nn.ReLU())
         def forward(self, x):
             return self.conv(self.pool(x))

     class Up(nn.Module):
         def __init__(self, c):
             super().__init__()
             self.up = nn.ConvTranspose2d(2 * c, c, 2, stride=2)
             self.conv = nn.Sequential(nn.Conv2d(2 * c, c, 3, padding=1), nn.ReLU())
         def forward(self, x, skip):
             return self.conv(torch.cat([self.up(x), skip], dim=1))

     torch.manual_seed(0)
     stem, down, up = nn.Conv2d(3, 8, 3, padding=1), Down(8), Up(8)
     for size in (64, 65):
         x = stem(torch.randn(1, 3, size, size))
         print(f"input {size}x{size}: decoder output", tuple(up(down(x), x).shape))
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b8-complex64-prenorm-encoder-layernorm",
     "a pre-norm Transformer encoder layer (norm_first=True) mutated from float32 to complex64 on the CPU: LayerNorm has no ComplexFloat kernel",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     layer = nn.TransformerEncoderLayer(32, 4, 64, batch_first=True, norm_first=True).train()
     x = torch.randn(2, 10, 32)
     print("original (float32):", tuple(layer(x).shape))
     layer = layer.to(torch.complex64)
     print("mutant (complex64):", tuple(layer(x.to(torch.complex64)).shape))
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b8-half-ctc-speech-tagger",
     "a unittest of a BiLSTM speech tagger trained with CTC loss, mutated from float32 to float16 on the CPU: the LSTM runs, ctc_loss has no Half kernel",
     """\
     import unittest
     import torch
     import torch.nn as nn

     class Tagger(nn.Module):
         def __init__(self):
             super().__init__()
             self.rnn = nn.LSTM(40, 64, bidirectional=True)
             self.out = nn.Linear(128, 30)
         def forward(self, x):
             return self.out(self.rnn(x)[0]).log_softmax(-1)

     class CTCMutants(unittest.TestCase):
         def loss(self, dtype):
             torch.manual_seed(0)
             m = Tagger().to(dtype)
             feats = torch.randn(50, 2, 40, dtype=dtype)
             targets = torch.randint(1, 30, (2, 12))
             return nn.functional.ctc_loss(m(feats), targets, [50, 50], [12, 12])
         def test_float32(self):
             self.assertTrue(torch.isfinite(self.loss(torch.float32)))
         def test_float16_mutant(self):
             self.assertTrue(torch.isfinite(self.loss(torch.float16)))

     unittest.main(verbosity=2)
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b8-complex64-unet-bilinear-up",
     "a U-Net up block with bilinear upsampling (Upsample, concatenation, conv) mutated from float32 to complex64: no ComplexFloat upsample_bilinear2d kernel",
     """\
     import torch
     import torch.nn as nn

     class UpBilinear(nn.Module):
         def __init__(self, c):
             super().__init__()
             self.up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True)
             self.conv = nn.Conv2d(2 * c, c, 3, padding=1)
         def forward(self, x, skip):
             return self.conv(torch.cat([self.up(x), skip], 1))

     torch.manual_seed(0)
     up = UpBilinear(8)
     x, skip = torch.randn(1, 8, 16, 16), torch.randn(1, 8, 32, 32)
     print("original (float32):", tuple(up(x, skip).shape))
     up = up.to(torch.complex64)
     print("mutant (complex64):", tuple(up(x.to(torch.complex64), skip.to(torch.complex64)).shape))
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b8-half-prototype-head-cdist",
     "a prototypical-network classification head (a conv embedding, then torch.cdist to class prototypes) mutated to float16 on the CPU: no Half cdist kernel",
     """\
     import torch
     import torch.nn as nn

     class ProtoHead(nn.Module):
         def __init__(self):
             super().__init__()
             self.embed = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
             self.prototypes = nn.Parameter(torch.randn(5, 16))
         def forward(self, x):
             return -torch.cdist(self.embed(x), self.prototypes)

     torch.manual_seed(0)
     m = ProtoHead()
     x = torch.randn(4, 3, 28, 28)
     print("mutant DT-07 (model.half())")
     print("original logits:", tuple(m(x).shape))
     print("mutant logits:", tuple(m.half()(x.half()).shape))
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b8-half-rrelu-inserted-resnet",
     "a ResNet stem in training mode where an RReLU layer is inserted after the BatchNorm and the model is mutated to float16 on the CPU: no Half rrelu_with_noise kernel",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     layers = [nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2)]
     x = torch.randn(4, 3, 32, 32)
     print("original:", tuple(nn.Sequential(*layers).train()(x).shape))
     mutant = nn.Sequential(*layers[:2], nn.RReLU(), *layers[2:]).train().half()
     print("mutant (RReLU inserted, float16):", tuple(mutant(x.half()).shape))
     """),
    ("pytorch", "venv", None, "nan", None, "b8-nan-masked-attention-all-padded",
     "a hand-written masked self-attention module (masked_fill with -inf, then softmax) fed a padding mask mutated so that one sequence is padded at every position: softmax over a row of -inf gives NaN for that sequence",
     """\
     import torch
     import torch.nn as nn

     class MaskedSelfAttention(nn.Module):
         def __init__(self, d):
             super().__init__()
             self.qkv = nn.Linear(d, 3 * d)
             self.out = nn.Linear(d, d)
         def forward(self, x, pad):
             q, k, v = self.qkv(x).chunk(3, -1)
             scores = q @ k.transpose(1, 2) / q.size(-1) ** 0.5
             scores = scores.masked_fill(pad[:, None, :], float("-inf"))
             return self.out(scores.softmax(-1) @ v)

     torch.manual_seed(0)
     att = MaskedSelfAttention(32)
     x = torch.randn(3, 8, 32)
     pad = torch.zeros(3, 8, dtype=torch.bool)
     pad[:, 6:] = True
     mutant = pad.clone()
     mutant[1] = True
     for name, mask in (("original", pad), ("mutant (sequence 1 all padding)", mutant)):
         y = att(x, mask)
         print(f"{name}: nan per sequence {torch.isnan(y).flatten(1).sum(1).tolist()}")
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b8-inconsistency-dynamic-int8-lstm-tagger",
     "an LSTM tagger compared with its dynamically int8-quantized mutant (torch.ao.quantization.quantize_dynamic) with torch.testing.assert_close at float32 tolerances: the outputs differ",
     """\
     import torch
     import torch.nn as nn

     class Tagger(nn.Module):
         def __init__(self):
             super().__init__()
             self.emb = nn.Embedding(500, 32)
             self.rnn = nn.LSTM(32, 64, batch_first=True)
             self.fc = nn.Linear(64, 9)
         def forward(self, ids):
             return self.fc(self.rnn(self.emb(ids))[0])

     torch.manual_seed(0)
     m = Tagger().eval()
     q = torch.ao.quantization.quantize_dynamic(m, {nn.LSTM, nn.Linear}, dtype=torch.qint8)
     ids = torch.randint(0, 500, (4, 20))
     with torch.no_grad():
         ref, out = m(ids), q(ids)
     print("max abs diff float32 vs int8:", (ref - out).abs().max().item())
     torch.testing.assert_close(out, ref)
     """),
    ("pytorch", "venv", None, "timeout", None, "b8-timeout-worker-gru-decode-max-len",
     "a mutant runner that runs a GRU greedy decoder in a multiprocessing worker with a 10 s budget; the mutant's max_len is mutated from 20 to 10**9 and the stop token can no longer be produced, so the worker is terminated",
     """\
     import multiprocessing as mp
     import time
     import torch
     import torch.nn as nn

     def decode(max_len, stop_token):
         torch.manual_seed(0)
         emb, cell, out = nn.Embedding(50, 32), nn.GRUCell(32, 32), nn.Linear(32, 50)
         h, tok, n = torch.zeros(1, 32), torch.tensor([1]), 0
         with torch.no_grad():
             while n < max_len:
                 h = cell(emb(tok), h)
                 tok = out(h).argmax(-1)
                 n += 1
                 if tok.item() == stop_token:
                     break
         print(f"[worker] decoded {n} tokens", flush=True)

     if __name__ == "__main__":
         ctx = mp.get_context("fork")
         for name, args in (("original", (20, 0)), ("mutant MAXLEN-1e9", (10 ** 9, 50))):
             p = ctx.Process(target=decode, args=args)
             t0 = time.time()
             p.start()
             p.join(10)
             if p.is_alive():
                 p.terminate()
                 p.join()
                 print(f"[runner] {name}: TIMEOUT after {time.time() - t0:.1f} s, worker terminated (exitcode {p.exitcode})", flush=True)
                 raise SystemExit(3)
             print(f"[runner] {name}: finished in {time.time() - t0:.2f} s", flush=True)
     """),
    ("pytorch", "venv", None, "oom", None, "b8-oom-embeddingbag-num-embeddings",
     "an EmbeddingBag recommender whose num_embeddings is mutated from 10**5 to 10**11 (about 25 TB of float32 weights)",
     """\
     import torch
     import torch.nn as nn

     for n in (10 ** 5, 10 ** 11):
         print(f"building EmbeddingBag(num_embeddings={n}, 64)", flush=True)
         bag = nn.EmbeddingBag(n, 64, mode="sum")
         print("  output", tuple(bag(torch.tensor([[1, 2, 3]])).shape))
     """),

    # ---- PyTorch 1.13 (system Python) --------------------------------------------
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b8-half-unet-down-maxpool",
     "a U-Net down block (MaxPool2d, then a double conv) mutated to float16 on the CPU: 1.13 has no Half max_pool2d kernel",
     """\
     import torch
     import torch.nn as nn

     down = nn.Sequential(nn.MaxPool2d(2), nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(inplace=True),
                          nn.Conv2d(32, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(inplace=True))
     x = torch.randn(2, 16, 64, 64)
     print("original (float32):", tuple(down(x).shape))
     print("mutant (float16):", tuple(down.half()(x.half()).shape))
     """, ),
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b8-half-prenorm-tagger-layernorm",
     "a token tagger (Embedding, then a pre-norm LayerNorm and Linear) mutated to float16 on the CPU: the embedding lookup runs, 1.13 has no Half LayerNorm kernel",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     m = nn.Sequential(nn.Embedding(1000, 64), nn.LayerNorm(64), nn.Linear(64, 17))
     ids = torch.randint(0, 1000, (4, 25))
     for epoch, dtype in enumerate((torch.float32, torch.float16)):
         m = m.to(dtype)
         print(f"epoch {epoch}: dtype {dtype}", flush=True)
         print("  logits", tuple(m(ids).shape))
     """),
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b8-half-unet-up-nearest",
     "a U-Net up block (nearest Upsample, concatenation with the skip, conv) mutated to float16 on the CPU: 1.13 has no Half upsample_nearest2d kernel",
     """\
     import torch
     import torch.nn as nn

     class Up(nn.Module):
         def __init__(self):
             super().__init__()
             self.up = nn.Upsample(scale_factor=2, mode="nearest")
             self.conv = nn.Conv2d(16, 8, 3, padding=1)
         def forward(self, x, skip):
             return self.conv(torch.cat([self.up(x), skip], 1))

     up = Up()
     x, skip = torch.randn(1, 8, 16, 16), torch.randn(1, 8, 32, 32)
     print("original:", tuple(up(x, skip).shape))
     print("mutant (half):", tuple(up.half()(x.half(), skip.half()).shape))
     """),
    ("pytorch-1.13", "system", None, "false-positive", None, "b8-lstm-tagger-h0-batch",
     "an LSTM tagger whose initial state is built for a batch of 4 while the mutant feeds a batch of 3 (the last, smaller batch)",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     rnn = nn.LSTM(16, 32, batch_first=True)
     state = (torch.zeros(1, 4, 32), torch.zeros(1, 4, 32))
     data = torch.randn(11, 7, 16)
     for i, batch in enumerate(data.split(4)):
         out, _ = rnn(batch, state)
         print(f"batch {i}: {tuple(batch.shape)} -> {tuple(out.shape)}")
     """),
    ("pytorch-1.13", "system", None, "false-positive", None, "b8-depthwise-groups-plus-one",
     "a MobileNet depthwise-separable block whose depthwise groups are mutated from in_channels (32) to in_channels + 1",
     """\
     import torch
     import torch.nn as nn

     def dw_block(cin, cout, groups):
         return nn.Sequential(nn.Conv2d(cin, cin, 3, padding=1, groups=groups, bias=False), nn.BatchNorm2d(cin), nn.ReLU6(),
                              nn.Conv2d(cin, cout, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU6())

     x = torch.randn(2, 32, 28, 28)
     print("mutant-id GRP+1")
     print("original groups=32:", tuple(dw_block(32, 64, 32)(x).shape))
     print("mutant groups=33:", tuple(dw_block(32, 64, 33)(x).shape))
     """),
    ("pytorch-1.13", "system", None, "false-positive", None, "b8-jit-script-deleted-norm-layer",
     "a residual block compiled with torch.jit.script after its BatchNorm layer is deleted while forward still calls self.norm: TorchScript rejects the module",
     """\
     import torch
     import torch.nn as nn

     class Block(nn.Module):
         def __init__(self, with_norm):
             super().__init__()
             self.conv = nn.Conv2d(8, 8, 3, padding=1)
             if with_norm:
                 self.norm = nn.BatchNorm2d(8)
         def forward(self, x):
             return torch.relu(self.norm(self.conv(x)) + x)

     x = torch.randn(1, 8, 16, 16)
     for with_norm in (True, False):
         print(f"scripting Block(with_norm={with_norm})", flush=True)
         s = torch.jit.script(Block(with_norm).eval())
         print("  scripted output", tuple(s(x).shape))
     """),
]
B8 += [
    # ---- TensorFlow ----------------------------------------------------------------
    ("tensorflow", "venv", None, "crash", "abort", "b8-mobilenet-depthwise-batch-axis-deleted",
     "a MobileNet depthwise-separable block (depthwise_conv2d, batch norm, relu6, pointwise conv) fed a mutant image whose batch axis is deleted (3-D input): a CHECK in tensor_format.h aborts the process",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     dw = tf.random.normal([3, 3, 32, 1]) * 0.1
     pw = tf.random.normal([1, 1, 32, 64]) * 0.1

     def block(x):
         y = tf.nn.depthwise_conv2d(x, dw, [1, 1, 1, 1], "SAME")
         mean, var = tf.nn.moments(y, axes=[0, 1, 2])
         y = tf.nn.relu6(tf.nn.batch_normalization(y, mean, var, None, None, 1e-3))
         return tf.nn.relu6(tf.nn.conv2d(y, pw, 1, "SAME"))

     img = tf.random.uniform([4, 56, 56, 32])
     print("original input", img.shape, "->", block(img).shape, flush=True)
     print("mutant input", img[0].shape, "(batch axis deleted)", flush=True)
     print("->", block(img[0]).shape)
     """),
    ("tensorflow", "venv", None, "crash", "abort", "b8-conv1d-text-tagger-squeezed-batch",
     "a Conv1D text tagger over embeddings where a mutation squeezes the batch axis of a single-sentence batch (2-D input to tf.nn.conv1d): a CHECK in tensor_format.h aborts the process",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     table = tf.random.normal([5000, 64])
     kernel = tf.random.normal([3, 64, 128]) * 0.05
     proj = tf.random.normal([128, 12]) * 0.05

     def tagger(ids):
         x = tf.nn.embedding_lookup(table, ids)
         return tf.nn.conv1d(tf.nn.relu(x), kernel, 1, "SAME") @ proj

     ids = tf.random.uniform([1, 40], 0, 5000, tf.int32)
     print("original ids", ids.shape, "tags", tagger(ids).shape, flush=True)
     mutant = tf.squeeze(ids, 0)
     print("mutant ids", mutant.shape, flush=True)
     print("tags", tagger(mutant).shape)
     """),
    ("tensorflow", "venv", None, "crash", "abort", "b8-unet-conv-transpose-negative-output-shape",
     "a U-Net up block (tf.nn.conv2d_transpose) whose output height is mutated from 32 to -32: instead of an error, a CHECK in the oneDNN backprop-input kernel aborts the process",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     w = tf.random.normal([2, 2, 16, 32]) * 0.1
     x = tf.random.normal([1, 16, 16, 32])
     skip = tf.random.normal([1, 32, 32, 16])
     for h in (32, -32):
         print(f"Mutant<output_shape[1]={h}>", flush=True)
         up = tf.nn.conv2d_transpose(x, w, [1, h, 32, 16], strides=2)
         print("  concat", tf.concat([up, skip], -1).shape, flush=True)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b8-tf-function-signature-encoder-features",
     "a Transformer encoder block wrapped in tf.function with an input_signature of [None, 16, 64], called with a mutant input of 65 features",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     wq, wk, wv = (tf.Variable(tf.random.normal([64, 64]) * 0.1) for _ in range(3))
     w1, w2 = tf.Variable(tf.random.normal([64, 128]) * 0.1), tf.Variable(tf.random.normal([128, 64]) * 0.1)

     @tf.function(input_signature=[tf.TensorSpec([None, 16, 64], tf.float32)])
     def encoder(x):
         q, k, v = x @ wq, x @ wk, x @ wv
         att = tf.nn.softmax(q @ tf.transpose(k, [0, 2, 1]) / 8.0)
         h = x + att @ v
         return h + tf.nn.gelu(h @ w1) @ w2

     print("original:", encoder(tf.random.normal([2, 16, 64])).shape)
     print("mutant (65 features):", encoder(tf.random.normal([2, 16, 65])).shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b8-lrn-alexnet-float64",
     "an AlexNet-style block (conv, relu, local response normalization, max pooling) mutated from float32 to float64: LRN does not take double",
     """\
     import tensorflow as tf

     def block(dtype):
         tf.random.set_seed(0)
         x = tf.random.normal([2, 32, 32, 3], dtype=dtype)
         k = tf.random.normal([5, 5, 3, 48], dtype=dtype) * 0.1
         y = tf.nn.relu(tf.nn.conv2d(x, k, 1, "SAME"))
         y = tf.nn.local_response_normalization(y, depth_radius=2, bias=2.0, alpha=1e-4, beta=0.75)
         return tf.nn.max_pool2d(y, 3, 2, "VALID")

     print("original float32:", block(tf.float32).shape)
     print("mutant float64:", block(tf.float64).shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b8-graph-mode-depthwise-stride-zero",
     "a MobileNet depthwise layer built in tf.compat.v1 graph mode and run in a Session, whose stride is mutated from 2 to 0",
     """\
     import numpy as np
     import tensorflow as tf

     tf.compat.v1.disable_eager_execution()
     for stride in (2, 0):
         g = tf.Graph()
         with g.as_default():
             x = tf.compat.v1.placeholder(tf.float32, [None, 32, 32, 16])
             w = tf.constant(np.random.RandomState(0).randn(3, 3, 16, 1).astype("float32"))
             y = tf.nn.relu6(tf.nn.depthwise_conv2d(x, w, [1, stride, stride, 1], "SAME"))
             with tf.compat.v1.Session(graph=g) as s:
                 print(f"stride={stride}:", s.run(y, {x: np.ones((2, 32, 32, 16), "float32")}).shape)
     """),
    ("tensorflow", "venv", None, "nan", None, "b8-nan-check-numerics-batchnorm-negative-epsilon",
     "a conv + batch normalization block whose variance_epsilon is mutated from 1e-3 to -1e-3, fed a batch where one channel is constant; tf.debugging.check_numerics reports the NaN",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     x = tf.random.normal([8, 16, 16, 4])
     k = tf.random.normal([1, 1, 4, 4]) * tf.constant([1.0, 1.0, 0.0, 1.0])[None, None, None, :]

     for eps in (1e-3, -1e-3):
         y = tf.nn.conv2d(x, k, 1, "SAME")
         mean, var = tf.nn.moments(y, [0, 1, 2])
         y = tf.nn.batch_normalization(y, mean, var, offset=None, scale=None, variance_epsilon=eps)
         y = tf.debugging.check_numerics(y, f"batch norm output (epsilon={eps})")
         print(f"epsilon={eps}: ok, mean {float(tf.reduce_mean(y)):.4f}")
     """),
    ("tensorflow", "venv", None, "timeout", None, "b8-timeout-tf-function-while-loop-watchdog",
     "a tf.function power-iteration normalization (spectral norm) looping until the change falls under a tolerance mutated from 1e-4 to 0.0 (a tf.while_loop that never ends); a watchdog thread prints the stack and os._exit(124) after 15 s",
     """\
     import faulthandler
     import os
     import sys
     import threading
     import tensorflow as tf

     def watchdog(seconds):
         def fire():
             print(f"watchdog: mutant still running after {seconds} s, dumping stacks and exiting", flush=True)
             faulthandler.dump_traceback(sys.stdout)
             os._exit(124)
         t = threading.Timer(seconds, fire)
         t.daemon = True
         t.start()

     w = tf.random.stateless_normal([64, 64], seed=[0, 1])

     @tf.function
     def spectral_norm(tol):
         u = tf.ones([64, 1]) / 8.0
         def cond(u, delta, i):
             return delta > tol
         def body(u, delta, i):
             v = tf.linalg.normalize(tf.transpose(w) @ u)[0]
             nu = tf.linalg.normalize(w @ v)[0]
             return nu, tf.reduce_max(tf.abs(nu - u)), i + 1
         u, delta, i = tf.while_loop(cond, body, (u, tf.constant(1.0), tf.constant(0)))
         return tf.norm(tf.transpose(u) @ w), i

     print("original (tol=1e-4): sigma %.4f after %d iterations" % tuple(x.numpy() for x in spectral_norm(tf.constant(1e-4))), flush=True)
     watchdog(15)
     print("mutant (tol=0.0): sigma %.4f after %d iterations" % tuple(x.numpy() for x in spectral_norm(tf.constant(0.0))), flush=True)
     """),

    # ---- JAX ---------------------------------------------------------------------
    ("jax", "venv", None, "crash", "not-implemented", "b8-jax-float16-zca-whitening-eigh",
     "a ZCA whitening normalization layer (covariance, jnp.linalg.eigh) mutated from float32 to float16 on the CPU: no float16 eigh kernel",
     """\
     import jax
     import jax.numpy as jnp

     def zca(x, eps=1e-5):
         xc = x - x.mean(0)
         cov = xc.T @ xc / x.shape[0]
         w, v = jnp.linalg.eigh(cov)
         return xc @ (v / jnp.sqrt(w + eps)) @ v.T

     x = jax.random.normal(jax.random.PRNGKey(0), (128, 16))
     print("original float32:", jax.jit(zca)(x).shape)
     print("mutant float16:", jax.jit(zca)(x.astype(jnp.float16)).shape)
     """),
    ("jax", "venv", None, "crash", "not-implemented", "b8-jax-bfloat16-orthogonal-init-qr",
     "an orthogonal initializer (jax.nn.initializers.orthogonal, a QR decomposition) for an LSTM recurrent kernel whose param dtype is mutated from float32 to bfloat16: no bfloat16 QR kernel on the CPU",
     """\
     import jax
     import jax.numpy as jnp

     init = jax.nn.initializers.orthogonal()
     for dtype in (jnp.float32, jnp.bfloat16):
         print(f"== init recurrent kernel, param_dtype={jnp.dtype(dtype).name}")
         k = init(jax.random.PRNGKey(0), (64, 256), dtype)
         print("   kernel", k.shape, k.dtype)
     """),
    ("jax", "venv", None, "false-positive", None, "b8-jax-jit-attention-mask-length",
     "jitted scaled dot-product attention with a boolean padding mask whose length is mutated from 10 to 12",
     """\
     import jax
     import jax.numpy as jnp

     @jax.jit
     def attention(q, k, v, mask):
         logits = q @ k.swapaxes(-1, -2) / jnp.sqrt(q.shape[-1])
         logits = jnp.where(mask[:, None, :], logits, -1e9)
         return jax.nn.softmax(logits, -1) @ v

     kq, kk, kv = jax.random.split(jax.random.PRNGKey(0), 3)
     q, k, v = (jax.random.normal(r, (2, 10, 32)) for r in (kq, kk, kv))
     for n in (10, 12):
         mask = jnp.arange(n)[None, :] < jnp.array([[7], [10]])
         print(f"mask length {n}:", attention(q, k, v, mask).shape)
     """),
    ("jax", "venv", None, "false-positive", None, "b8-jax-vmap-tagger-label-batch",
     "a per-example loss of a GRU-less embedding tagger vmapped over the batch, whose labels batch is mutated from 8 to 7",
     """\
     import jax
     import jax.numpy as jnp

     key = jax.random.PRNGKey(0)
     params = {"emb": jax.random.normal(key, (100, 16)), "out": jax.random.normal(key, (16, 5))}

     def loss(params, ids, labels):
         logits = jnp.tanh(params["emb"][ids]) @ params["out"]
         return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], -1))

     ids = jax.random.randint(key, (8, 12), 0, 100)
     labels = jax.random.randint(key, (8, 12), 0, 5)
     per_example = jax.vmap(loss, in_axes=(None, 0, 0))
     print("original:", per_example(params, ids, labels).shape)
     print("mutant (labels batch 7):", per_example(params, ids, labels[:7]).shape)
     """),
    ("jax", "venv", None, "inconsistency", None, "b8-inconsistency-float16-gru-cell",
     "a GRU cell unrolled with lax.scan in float32 and in a float16 mutant (same weights), compared with np.testing.assert_allclose at rtol 1e-5",
     """\
     import numpy as np
     import jax
     import jax.numpy as jnp

     def gru(params, xs, dtype):
         wx, wh = (p.astype(dtype) for p in params)
         def step(h, x):
             z, r, n = jnp.split(x @ wx, 3, -1)
             hz, hr, hn = jnp.split(h @ wh, 3, -1)
             z, r = jax.nn.sigmoid(z + hz), jax.nn.sigmoid(r + hr)
             h = (1 - z) * jnp.tanh(n + r * hn) + z * h
             return h, h
         return jax.lax.scan(step, jnp.zeros((xs.shape[1], 32), dtype), xs.astype(dtype))[1]

     k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
     params = (jax.random.normal(k1, (16, 96)) * 0.3, jax.random.normal(k2, (32, 96)) * 0.3)
     xs = jax.random.normal(k3, (30, 4, 16))
     ref = np.asarray(jax.jit(gru, static_argnums=2)(params, xs, jnp.float32))
     out = np.asarray(jax.jit(gru, static_argnums=2)(params, xs, jnp.float16)).astype(np.float32)
     print("max abs diff float16 vs float32:", np.abs(out - ref).max())
     np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5)
     """),
]
B8 += [
    # ---- Keras 3 (backend in the name) --------------------------------------------
    ("keras", "venv", "tensorflow", "false-positive", None, "b8-tensorflow-unet-concatenate-cropping-deleted",
     "a functional Keras U-Net (valid convolutions) whose Cropping2D on the skip connection is deleted: Concatenate gets maps of 28 and 24 pixels",
     """\
     import keras
     from keras import layers

     def unet(crop):
         inp = keras.Input((64, 64, 1))
         c1 = layers.Conv2D(8, 3, activation="relu")(inp)
         c1 = layers.Conv2D(8, 3, activation="relu")(c1)
         p = layers.MaxPooling2D()(c1)
         c2 = layers.Conv2D(16, 3, activation="relu")(p)
         c2 = layers.Conv2D(16, 3, activation="relu")(c2)
         u = layers.Conv2DTranspose(8, 2, strides=2)(c2)
         skip = layers.Cropping2D(((2, 2), (2, 2)))(c1) if crop else c1
         x = layers.Concatenate()([u, skip])
         return keras.Model(inp, layers.Conv2D(2, 1)(x))

     print("original:", unet(True).output.shape)
     print("mutant (Cropping2D deleted):", unet(False).output.shape)
     """),
    ("keras", "venv", "jax", "false-positive", None, "b8-jax-gru-tagger-units-zero",
     "an Embedding + GRU sequence tagger whose GRU units are mutated from 64 to 0",
     """\
     import numpy as np
     import keras

     def tagger(units):
         return keras.Sequential([keras.Input((20,), dtype="int32"), keras.layers.Embedding(2000, 32),
                                  keras.layers.GRU(units, return_sequences=True), keras.layers.Dense(9, activation="softmax")])

     ids = np.random.RandomState(0).randint(0, 2000, (4, 20))
     for units in (64, 0):
         print(f"--- mutant GRU.units={units}")
         m = tagger(units)
         m.summary()
         print(m.predict(ids, verbose=0).shape)
     """),
    ("keras", "venv", "torch", "false-positive", None, "b8-torch-depthwise-multiplier-zero",
     "a MobileNet-style block (DepthwiseConv2D, BatchNormalization, ReLU6, 1x1 Conv2D) whose depth_multiplier is mutated from 1 to 0",
     """\
     import numpy as np
     import keras
     from keras import layers

     def block(mult):
         return keras.Sequential([keras.Input((32, 32, 16)), layers.DepthwiseConv2D(3, padding="same", depth_multiplier=mult, use_bias=False),
                                  layers.BatchNormalization(), layers.ReLU(6.0), layers.Conv2D(32, 1)])

     x = np.random.rand(2, 32, 32, 16).astype("float32")
     for mult in (1, 0):
         print(f"depth_multiplier={mult}:", block(mult)(x).shape)
     """),
    ("keras", "venv", "jax", "false-positive", None, "b8-jax-mha-attention-mask-shape",
     "a Keras Transformer encoder block (MultiHeadAttention, LayerNormalization, feed-forward) whose attention_mask is mutated from (batch, 10, 10) to (batch, 10, 12)",
     """\
     import numpy as np
     import keras
     from keras import layers

     class EncoderBlock(layers.Layer):
         def __init__(self):
             super().__init__()
             self.mha = layers.MultiHeadAttention(4, 16)
             self.ln1, self.ln2 = layers.LayerNormalization(), layers.LayerNormalization()
             self.ff = keras.Sequential([layers.Dense(128, activation="gelu"), layers.Dense(64)])
         def call(self, x, mask):
             x = self.ln1(x + self.mha(x, x, attention_mask=mask))
             return self.ln2(x + self.ff(x))

     keras.utils.set_random_seed(0)
     block = EncoderBlock()
     x = np.random.rand(2, 10, 64).astype("float32")
     for n in (10, 12):
         mask = np.tril(np.ones((2, 10, n), bool))
         print(f"attention_mask {mask.shape}:", block(x, mask).shape)
     """),
    ("keras", "venv", "tensorflow", "nan", None, "b8-tensorflow-nan-layernorm-epsilon-negative-fit",
     "a Keras classifier whose LayerNormalization epsilon is mutated from 1e-3 to -1.0, trained on inputs with constant rows; the loss becomes NaN during fit (printed by a callback)",
     """\
     import numpy as np
     import keras

     keras.utils.set_random_seed(0)
     x = np.random.rand(64, 16).astype("float32")
     x[::4] = 0.5
     y = np.random.randint(0, 3, 64)

     class LossLogger(keras.callbacks.Callback):
         def on_epoch_end(self, epoch, logs=None):
             print(f"epoch {epoch + 1}: loss={logs['loss']}", flush=True)

     for eps in (1e-3, -1.0):
         print(f"== LayerNormalization(epsilon={eps})")
         m = keras.Sequential([keras.Input((16,)), keras.layers.Dense(32), keras.layers.LayerNormalization(epsilon=eps),
                               keras.layers.Activation("relu"), keras.layers.Dense(3, activation="softmax")])
         m.compile("adam", "sparse_categorical_crossentropy")
         m.fit(x, y, epochs=3, batch_size=16, verbose=0, callbacks=[LossLogger()])
     """),
]

B8_ORT_PRE = """\
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T, helper as h, numpy_helper as nh

def session(nodes, inputs, outputs, inits=(), opset=21):
    g = h.make_graph(nodes, "mutant", inputs, outputs, list(inits))
    m = h.make_model(g, opset_imports=[h.make_opsetid("", opset)])
    m.ir_version = 10
    return ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])

def vi(name, dtype, shape):
    return h.make_tensor_value_info(name, dtype, shape)
"""
B8_ORT = [
    ("crash", "not-implemented", "b8-unet-up-convtranspose-float64",
     "a U-Net up block graph (ConvTranspose stride 2, Concat with the skip, Conv, Relu) mutated from float32 to float64 (a type ConvTranspose's schema allows): the CPU provider has no double ConvTranspose kernel",
     """\
     rs = np.random.RandomState(0)
     def run(dt, npdt):
         wt = nh.from_array(rs.randn(16, 8, 2, 2).astype(npdt) * 0.1, "wt")
         wc = nh.from_array(rs.randn(8, 16, 3, 3).astype(npdt) * 0.1, "wc")
         s = session([h.make_node("ConvTranspose", ["x", "wt"], ["u"], strides=[2, 2]), h.make_node("Concat", ["u", "skip"], ["c"], axis=1),
                      h.make_node("Conv", ["c", "wc"], ["v"], pads=[1, 1, 1, 1]), h.make_node("Relu", ["v"], ["y"])],
                     [vi("x", dt, [1, 16, 8, 8]), vi("skip", dt, [1, 8, 16, 16])], [vi("y", dt, None)], [wt, wc])
         return s.run(None, {"x": rs.rand(1, 16, 8, 8).astype(npdt), "skip": rs.rand(1, 8, 16, 16).astype(npdt)})[0].shape
     print("original (float32):", run(T.FLOAT, "float32"))
     print("mutant (float64):", run(T.DOUBLE, "float64"))"""),
    ("crash", "not-implemented", "b8-lstm-tagger-float64",
     "an LSTM tagger graph (LSTM, Squeeze, MatMul) mutated from float32 to float64 (a type the LSTM schema allows): the CPU kernel fails with 'LSTM operator does not support double yet'",
     """\
     rs = np.random.RandomState(0)
     def run(dt, npdt):
         W = nh.from_array(rs.randn(1, 64, 12).astype(npdt) * 0.1, "W")
         R = nh.from_array(rs.randn(1, 64, 16).astype(npdt) * 0.1, "R")
         P = nh.from_array(rs.randn(16, 5).astype(npdt), "P")
         ax = nh.from_array(np.array([1], "int64"), "ax")
         s = session([h.make_node("LSTM", ["x", "W", "R"], ["y"], hidden_size=16), h.make_node("Squeeze", ["y", "ax"], ["s"]),
                      h.make_node("MatMul", ["s", "P"], ["tags"])],
                     [vi("x", dt, [20, 3, 12])], [vi("tags", dt, None)], [W, R, P, ax])
         return s.run(None, {"x": rs.randn(20, 3, 12).astype(npdt)})[0].shape
     print("original (float32):", run(T.FLOAT, "float32"))
     print("mutant (float64):", run(T.DOUBLE, "float64"))"""),
    ("crash", "not-implemented", "b8-transformer-ffn-gelu-float64",
     "a Transformer feed-forward graph (MatMul, Gelu from opset 20, MatMul, Add, LayerNormalization) mutated from float32 to float64: Gelu is expanded into Erf, and the CPU provider has no double Erf kernel",
     """\
     rs = np.random.RandomState(0)
     def run(dt, npdt):
         w1 = nh.from_array(rs.randn(32, 64).astype(npdt) * 0.1, "w1")
         w2 = nh.from_array(rs.randn(64, 32).astype(npdt) * 0.1, "w2")
         g = nh.from_array(np.ones(32, npdt), "g")
         b = nh.from_array(np.zeros(32, npdt), "b")
         s = session([h.make_node("MatMul", ["x", "w1"], ["a"]), h.make_node("Gelu", ["a"], ["ga"]), h.make_node("MatMul", ["ga", "w2"], ["f"]),
                      h.make_node("Add", ["x", "f"], ["r"]), h.make_node("LayerNormalization", ["r", "g", "b"], ["y"], axis=-1)],
                     [vi("x", dt, [2, 10, 32])], [vi("y", dt, None)], [w1, w2, g, b])
         return s.run(None, {"x": rs.randn(2, 10, 32).astype(npdt)})[0].shape
     print("original (float32):", run(T.FLOAT, "float32"))
     print("mutant (float64):", run(T.DOUBLE, "float64"))"""),
    ("crash", "not-implemented", "b8-attention-scores-bfloat16-matmul",
     "a masked attention-score graph (MatMul, Mul by a scale, Add of the mask, Softmax) mutated from float32 to bfloat16 (a type MatMul's schema allows): the CPU provider has no bfloat16 MatMul kernel",
     """\
     import ml_dtypes
     rs = np.random.RandomState(0)
     def run(dt, npdt):
         scale = nh.from_array(np.array(0.125, npdt), "scale") if npdt != "bfloat16" else h.make_tensor("scale", T.BFLOAT16, [], [0.125])
         s = session([h.make_node("MatMul", ["q", "kt"], ["s"]), h.make_node("Mul", ["s", "scale"], ["ss"]),
                      h.make_node("Add", ["ss", "mask"], ["m"]), h.make_node("Softmax", ["m"], ["p"])],
                     [vi("q", dt, [2, 8, 16]), vi("kt", dt, [2, 16, 8]), vi("mask", dt, [8, 8])], [vi("p", dt, None)], [scale])
         np_dt = ml_dtypes.bfloat16 if npdt == "bfloat16" else npdt
         mask = np.triu(np.full((8, 8), -1e4, "float32"), 1).astype(np_dt)
         return s.run(None, {"q": rs.randn(2, 8, 16).astype(np_dt), "kt": rs.randn(2, 16, 8).astype(np_dt), "mask": mask})[0].shape
     print("original (float32):", run(T.FLOAT, "float32"))
     print("mutant (bfloat16):", run(T.BFLOAT16, "bfloat16"))"""),
    ("false-positive", None, "b8-detection-head-reshape-box-coords",
     "an SSD-style box head graph (Conv, Transpose, Reshape to [N, -1, 4]) whose Reshape target is mutated to [N, -1, 7] (36 anchor values per cell do not divide by 7)",
     """\
     rs = np.random.RandomState(0)
     w = nh.from_array(rs.randn(36, 32, 3, 3).astype("float32") * 0.1, "w")
     def run(coords):
         shape = nh.from_array(np.array([1, -1, coords], "int64"), "shape")
         s = session([h.make_node("Conv", ["f", "w"], ["c"], pads=[1, 1, 1, 1]), h.make_node("Transpose", ["c"], ["t"], perm=[0, 2, 3, 1]),
                      h.make_node("Reshape", ["t", "shape"], ["boxes"])],
                     [vi("f", T.FLOAT, [1, 32, 5, 5])], [vi("boxes", T.FLOAT, None)], [w, shape])
         return s.run(None, {"f": rs.rand(1, 32, 5, 5).astype("float32")})[0].shape
     print("original ([1, -1, 4]):", run(4))
     print("mutant ([1, -1, 7]):", run(7))"""),
]
B8 += prefixed("onnxruntime", "venv", B8_ORT_PRE, B8_ORT)

B8.append(("onnxruntime", "venv", None, "false-positive", None, "b8-torch-export-embeddingbag-int32-ids",
           "a PyTorch EmbeddingBag classifier exported with torch.onnx.export (legacy exporter) with int64 token ids, then run by ONNX Runtime with mutant int32 ids",
           """\
import io
import numpy as np
import onnxruntime as ort
import torch
import torch.nn as nn

class Bag(nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = nn.EmbeddingBag(500, 16, mode="mean")
        self.fc = nn.Linear(16, 3)
    def forward(self, ids):
        return self.fc(self.bag(ids))

torch.manual_seed(0)
buf = io.BytesIO()
torch.onnx.export(Bag().eval(), (torch.randint(0, 500, (2, 6)),), buf, dynamo=False, input_names=["ids"], output_names=["logits"])
s = ort.InferenceSession(buf.getvalue(), providers=["CPUExecutionProvider"])
ids = np.random.RandomState(0).randint(0, 500, (2, 6))
print("original (int64 ids):", s.run(None, {"ids": ids.astype("int64")})[0].shape)
print("mutant (int32 ids):", s.run(None, {"ids": ids.astype("int32")})[0].shape)
"""))

B8_MS_PRE = """\
import numpy as np
import mindspore
from mindspore import Tensor, nn, ops
mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU")
"""
B8_MS = [
    ("crash", "not-implemented", "b8-bfloat16-classifier-head-matmul",
     "a classifier head (a pooled feature vector through nn.Dense) whose weights and input are mutated from float32 to bfloat16 on the CPU: no bfloat16 MatMul kernel is selected",
     """\
     head = nn.SequentialCell([nn.Dense(64, 128), nn.ReLU(), nn.Dense(128, 10)])
     feats = np.random.RandomState(0).rand(4, 64).astype("float32")
     print("original (float32):", head(Tensor(feats)).shape)
     head = head.to_float(mindspore.bfloat16)
     print("mutant (bfloat16):", head(Tensor(feats, mindspore.bfloat16)).shape)"""),
    ("false-positive", None, "b8-batchnorm-float64-input",
     "a ResNet stem cell (nn.Conv2d, nn.BatchNorm2d, ReLU) whose input is mutated from float32 to float64; the conv casts, BatchNorm's primitive only takes float16/float32",
     """\
     class Stem(nn.Cell):
         def __init__(self):
             super().__init__()
             self.bn = nn.BatchNorm2d(3)
             self.conv = nn.Conv2d(3, 16, 3)
         def construct(self, x):
             return ops.relu(self.conv(self.bn(x)))

     m = Stem()
     x = np.random.RandomState(0).rand(2, 3, 32, 32)
     print("original float32:", m(Tensor(x, mindspore.float32)).shape)
     print("mutant float64:", m(Tensor(x, mindspore.float64)).shape)"""),
    ("false-positive", None, "b8-graph-mode-ffn-dense-duplicated",
     "a Transformer feed-forward Cell in GRAPH_MODE whose second nn.Dense(256, 64) is duplicated (the copy receives 64 features)",
     """\
     mindspore.set_context(mode=mindspore.GRAPH_MODE)

     class FFN(nn.Cell):
         def __init__(self, duplicate):
             super().__init__()
             layers = [nn.Dense(64, 256), nn.GELU(), nn.Dense(256, 64)]
             if duplicate:
                 layers.append(nn.Dense(256, 64))
             self.net = nn.SequentialCell(layers)
             self.norm = nn.LayerNorm((64,))
         def construct(self, x):
             return self.norm(x + self.net(x))

     x = Tensor(np.random.RandomState(0).rand(2, 10, 64).astype("float32"))
     print("original:", FFN(False)(x).shape)
     print("mutant (Dense duplicated):", FFN(True)(x).shape)"""),
    ("nan", None, "b8-nan-attention-temperature-zero",
     "a MindSpore scaled dot-product attention Cell whose softmax temperature (the scale divisor) is mutated from sqrt(d) to 0: the scores become inf and softmax gives NaN (counted with np.isnan)",
     """\
     class Attention(nn.Cell):
         def __init__(self, temperature):
             super().__init__()
             self.temperature = temperature
             self.softmax = nn.Softmax(-1)
         def construct(self, q, k, v):
             scores = ops.matmul(q, k.swapaxes(-1, -2)) / self.temperature
             return ops.matmul(self.softmax(scores), v)

     rs = np.random.RandomState(0)
     q, k, v = (Tensor(rs.randn(2, 6, 16).astype("float32")) for _ in range(3))
     for temp in (4.0, 0.0):
         out = Attention(temp)(q, k, v).asnumpy()
         print(f"temperature={temp}: output {out.shape}, NaN count {int(np.isnan(out).sum())}")"""),
]
B8 += prefixed("mindspore", "mindspore", B8_MS_PRE, B8_MS)

B8 += [
    ("pytorch", "venv", None, "false-positive", None, "b8-resnet-groupnorm-groups-not-dividing",
     "a ResNet bottleneck whose BatchNorm layers are replaced by GroupNorm (a normalization-variant mutation) with num_groups mutated from 32 to 24 on 64 channels (24 does not divide 64); a UserWarning precedes the run",
     """\
     import warnings
     import torch
     import torch.nn as nn

     def bottleneck(groups):
         warnings.warn(f"mutation NORM-SWAP: BatchNorm2d -> GroupNorm({groups}, C)", UserWarning)
         return nn.Sequential(nn.Conv2d(256, 64, 1, bias=False), nn.GroupNorm(groups, 64), nn.ReLU(),
                              nn.Conv2d(64, 64, 3, padding=1, bias=False), nn.GroupNorm(groups, 64), nn.ReLU(),
                              nn.Conv2d(64, 256, 1, bias=False), nn.GroupNorm(groups, 256))

     x = torch.randn(2, 256, 14, 14)
     for g in (32, 24):
         print(f"num_groups={g}:", tuple((bottleneck(g)(x) + x).relu().shape))
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b8-xla-fpn-maxpool-ksize-zero",
     "an FPN extra-level block (a stride-2 max pooling over P5) compiled with tf.function(jit_compile=True), whose pooling window is mutated from 1 to 0",
     """\
     import tensorflow as tf

     def p6(ksize):
         @tf.function(jit_compile=True)
         def f(p5):
             return tf.nn.max_pool2d(p5, ksize, 2, "SAME")
         return f

     p5 = tf.random.normal([2, 8, 8, 256])
     for k in (1, 0):
         print(f"P6 = max_pool(P5, ksize={k}):", p6(k)(p5).shape)
     """),
    ("jax", "venv", None, "false-positive", None, "b8-jax-jit-ssd-head-reshape-coords",
     "a jitted SSD box head (a conv over a feature map, then a reshape of the anchor outputs) whose box coordinate count is mutated from 4 to 7",
     """\
     import jax
     import jax.numpy as jnp

     def head(params, feats, coords):
         y = jax.lax.conv_general_dilated(feats, params, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
         return y.reshape(y.shape[0], -1, coords)

     key = jax.random.PRNGKey(0)
     params = jax.random.normal(key, (3, 3, 32, 36)) * 0.1
     feats = jax.random.normal(key, (2, 5, 5, 32))
     f = jax.jit(head, static_argnums=2)
     for coords in (4, 7):
         print(f"boxes with {coords} coordinates:", f(params, feats, coords).shape)
     """),
    ("keras", "venv", "tensorflow", "false-positive", None, "b8-tensorflow-lstm-tagger-embedding-deleted",
     "a Keras LSTM tagger whose Embedding layer is deleted, so the LSTM receives the 2-D integer id batch directly",
     """\
     import numpy as np
     import keras
     from keras import layers

     def tagger(with_embedding):
         stack = [keras.Input((30,), dtype="int32")]
         if with_embedding:
             stack.append(layers.Embedding(5000, 64, mask_zero=True))
         stack += [layers.Bidirectional(layers.LSTM(32, return_sequences=True)), layers.TimeDistributed(layers.Dense(12))]
         return keras.Sequential(stack)

     ids = np.random.RandomState(0).randint(1, 5000, (4, 30))
     print("original:", tagger(True).predict(ids, verbose=0).shape)
     print("mutant (Embedding deleted):", tagger(False).predict(ids, verbose=0).shape)
     """),
    ("keras", "venv", "torch", "inconsistency", None, "b8-torch-inconsistency-float16-mobilenet-block",
     "a Keras MobileNet block (DepthwiseConv2D, BatchNormalization, ReLU6, 1x1 Conv2D) in float32 and as a float16 mutant with the same weights (torch backend, CPU), compared with np.testing.assert_allclose at rtol 1e-5",
     """\
     import numpy as np
     import keras
     from keras import layers

     def block(dtype):
         keras.utils.set_random_seed(0)
         return keras.Sequential([keras.Input((16, 16, 8)), layers.DepthwiseConv2D(3, padding="same", dtype=dtype),
                                  layers.BatchNormalization(dtype=dtype), layers.ReLU(6.0, dtype=dtype), layers.Conv2D(16, 1, dtype=dtype)])

     x = np.random.RandomState(0).rand(2, 16, 16, 8).astype("float32")
     ref_model, mut_model = block("float32"), block("float16")
     mut_model.set_weights([w.astype("float16") for w in ref_model.get_weights()])
     ref = keras.ops.convert_to_numpy(ref_model(x))
     out = keras.ops.convert_to_numpy(mut_model(x.astype("float16"))).astype("float32")
     print("max abs diff float16 vs float32:", float(np.abs(out - ref).max()))
     np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5)
     """),
]

B8_ORT2 = [
    ("oom", None, "b8-oom-expand-position-table",
     "a learned position-embedding graph (Expand of a [1, 512, 64] table to the batch, Add) whose batch for Expand is mutated from 8 to 10**7 (about 1.3 TB)",
     """\
     table = nh.from_array(np.random.RandomState(0).randn(1, 512, 64).astype("float32"), "table")
     s = session([h.make_node("Expand", ["table", "shape"], ["pos"]), h.make_node("Add", ["x", "pos"], ["y"])],
                 [vi("x", T.FLOAT, [None, 512, 64]), vi("shape", T.INT64, [3])], [vi("y", T.FLOAT, None)], [table])
     for b in (8, 10 ** 7):
         print(f"Expand to [{b}, 512, 64]", flush=True)
         y = s.run(None, {"x": np.zeros((1, 512, 64), "float32"), "shape": np.array([b, 512, 64], "int64")})[0]
         print("  output", y.shape, flush=True)"""),
]
B8 += prefixed("onnxruntime", "venv", B8_ORT_PRE, B8_ORT2)

B8.append(("mindspore", "mindspore", None, "false-positive", None, "b8-conv-same-pad-mode-with-padding",
           "a MobileNet stem Cell (nn.Conv2d, nn.BatchNorm2d, ReLU6) whose padding is mutated from 0 to 1 while pad_mode stays 'same'",
           B8_MS_PRE + textwrap.dedent("""\
     def stem(padding):
         return nn.SequentialCell([nn.Conv2d(3, 32, 3, stride=2, pad_mode="same", padding=padding), nn.BatchNorm2d(32), nn.ReLU6()])

     x = Tensor(np.random.RandomState(0).rand(1, 3, 64, 64).astype("float32"))
     for p in (0, 1):
         print(f"stem padding={p}:", stem(p)(x).shape)""") + "\n"))


add_batch(B8)

# ==========================================================================
# Ninth batch ("b9-" names), held out from the rules: a model-mutation
# tester running mutants of mainstream models (VGG, ResNet, MobileNet,
# DenseNet, Inception, U-Net/FPN, LSTM/GRU/TextCNN, Transformer blocks,
# autoencoders and VAEs) on every framework: PyTorch (current and 1.13),
# TensorFlow, Keras 3 on its three backends, JAX, ONNX Runtime (graphs built
# with onnx.helper, run on the CPU provider) and MindSpore (PyNative and
# GRAPH_MODE).  Mostly illegal mutants the framework rightly rejects (layers
# deleted, inserted or duplicated, channel counts, strides, axes, ranks,
# dtypes and parameter ranges mutated), with real crashes (Check-failure
# aborts, kernels missing for a dtype that exist for float32, a misreported
# bfloat16 kernel), NaN, inconsistencies between two frameworks, two
# backends or two precisions, timeouts (watchdogs, alarms, runners that kill
# their worker) and refused huge allocations.  The output varies: a runner
# printing mutant names, the logging module, unittest, warnings first, a
# worker process or subprocess.  Each entry: (framework, interpreter,
# KERAS_BACKEND or None, class, kind, name, how, code).
# ==========================================================================

B9 = [
    # ---- PyTorch (current) ----------------------------------------------------
    ("pytorch", "venv", None, "false-positive", None, "b9-vgg-maxpool-deleted-classifier",
     "a VGG-style network (conv blocks, Flatten, Linear classifier sized for a 4x4 map) whose last MaxPool2d is deleted (a layer-deletion mutant): the classifier's first Linear gets 4 times the features; a runner prints each mutant's name",
     """\
     import torch
     import torch.nn as nn

     CFG = [16, "M", 32, "M", 64, 64, "M"]

     def vgg(cfg):
         layers, c = [], 3
         for v in cfg:
             if v == "M":
                 layers.append(nn.MaxPool2d(2))
             else:
                 layers += [nn.Conv2d(c, v, 3, padding=1), nn.BatchNorm2d(v), nn.ReLU(inplace=True)]
                 c = v
         return nn.Sequential(*layers, nn.Flatten(), nn.Linear(64 * 4 * 4, 256), nn.ReLU(inplace=True),
                              nn.Dropout(0.5), nn.Linear(256, 10))

     mutants = [("original", CFG),
                ("WS-04 (conv weights shuffled)", CFG),
                ("LD-11 (MaxPool2d #3 deleted)", CFG[:-1])]
     torch.manual_seed(0)
     x = torch.randn(4, 3, 32, 32)
     for i, (name, cfg) in enumerate(mutants, 1):
         print(f"[{i}/{len(mutants)}] mutant {name}", flush=True)
         model = vgg(cfg).eval()
         with torch.no_grad():
             print(f"      logits {tuple(model(x).shape)}", flush=True)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b9-densenet-growth-rate-transition",
     "a DenseNet dense block whose growth rate is mutated from 12 to 16 while the transition layer is still built for 24 + 4*12 channels: the transition's BatchNorm2d(72) gets 88 channels; logged with the logging module",
     """\
     import logging
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s: %(message)s")
     log = logging.getLogger("mutation.densenet")

     class DenseLayer(nn.Module):
         def __init__(self, cin, growth):
             super().__init__()
             self.bn = nn.BatchNorm2d(cin)
             self.conv = nn.Conv2d(cin, growth, 3, padding=1, bias=False)
         def forward(self, x):
             return torch.cat([x, self.conv(F.relu(self.bn(x)))], 1)

     def densenet_stage(growth, layers=4, stem=24, transition_from=24 + 4 * 12):
         block = [DenseLayer(stem + i * growth, growth) for i in range(layers)]
         transition = [nn.BatchNorm2d(transition_from), nn.ReLU(), nn.Conv2d(transition_from, transition_from // 2, 1), nn.AvgPool2d(2)]
         return nn.Sequential(*block, *transition)

     x = torch.randn(2, 24, 16, 16)
     for growth in (12, 16):
         log.info("growth_rate=%d: building stage", growth)
         y = densenet_stage(growth)(x)
         log.info("growth_rate=%d: output %s", growth, tuple(y.shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b9-inception-branch-stride-unittest",
     "an Inception module test suite (unittest) whose mutant sets the 5x5 branch's stride to 2: torch.cat of the branches gets 16x16 and 8x8 maps",
     """\
     import unittest
     import torch
     import torch.nn as nn

     class Inception(nn.Module):
         def __init__(self, cin, stride5=1):
             super().__init__()
             self.b1 = nn.Conv2d(cin, 16, 1)
             self.b3 = nn.Sequential(nn.Conv2d(cin, 12, 1), nn.ReLU(), nn.Conv2d(12, 24, 3, padding=1))
             self.b5 = nn.Sequential(nn.Conv2d(cin, 4, 1), nn.ReLU(), nn.Conv2d(4, 8, 5, stride=stride5, padding=2))
             self.bp = nn.Sequential(nn.MaxPool2d(3, 1, 1), nn.Conv2d(cin, 8, 1))
         def forward(self, x):
             return torch.cat([self.b1(x), self.b3(x), self.b5(x), self.bp(x)], 1)

     class InceptionMutants(unittest.TestCase):
         x = torch.randn(2, 32, 16, 16)
         def test_original(self):
             self.assertEqual(Inception(32)(self.x).shape, (2, 56, 16, 16))
         def test_mutant_b5_stride_2(self):
             self.assertEqual(Inception(32, stride5=2)(self.x).shape, (2, 56, 16, 16))

     if __name__ == "__main__":
         unittest.main(verbosity=2)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b9-mobilenetv2-relu6-bounds-swapped",
     "a MobileNetV2 inverted residual block whose ReLU6 is replaced by Hardtanh with its bounds swapped (min_val=6, max_val=0, an activation-parameter mutant): nn.Hardtanh rejects it; the mutation tool's UserWarning comes first",
     """\
     import warnings
     import torch
     import torch.nn as nn

     def act(mutated):
         if not mutated:
             return nn.ReLU6(inplace=True)
         warnings.warn("AP-mutation: ReLU6 -> Hardtanh(min_val=6.0, max_val=0.0)", UserWarning, stacklevel=2)
         return nn.Hardtanh(min_val=6.0, max_val=0.0)

     def inverted_residual(cin, expand, mutated=False):
         hid = cin * expand
         return nn.Sequential(nn.Conv2d(cin, hid, 1, bias=False), nn.BatchNorm2d(hid), act(mutated),
                              nn.Conv2d(hid, hid, 3, padding=1, groups=hid, bias=False), nn.BatchNorm2d(hid), act(mutated),
                              nn.Conv2d(hid, cin, 1, bias=False), nn.BatchNorm2d(cin))

     x = torch.randn(2, 24, 28, 28)
     for mutated in (False, True):
         blk = inverted_residual(24, 6, mutated)
         print("mutated" if mutated else "original", tuple((x + blk(x)).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b9-transformer-posenc-max-len",
     "a Transformer encoder whose sinusoidal positional-encoding table's max_len is mutated from 512 to 32 while the batch holds 48-token sequences: adding the table fails on dimension 1",
     """\
     import math
     import torch
     import torch.nn as nn

     class PositionalEncoding(nn.Module):
         def __init__(self, d_model, max_len):
             super().__init__()
             pos = torch.arange(max_len).unsqueeze(1)
             div = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
             pe = torch.zeros(1, max_len, d_model)
             pe[0, :, 0::2] = torch.sin(pos * div)
             pe[0, :, 1::2] = torch.cos(pos * div)
             self.register_buffer("pe", pe)
         def forward(self, x):
             return x + self.pe[:, : x.size(1)]

     class Encoder(nn.Module):
         def __init__(self, max_len):
             super().__init__()
             self.emb = nn.Embedding(1000, 64)
             self.pos = PositionalEncoding(64, max_len)
             self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(64, 4, 128, batch_first=True), 2, enable_nested_tensor=False)
         def forward(self, ids):
             return self.enc(self.pos(self.emb(ids)))

     ids = torch.randint(0, 1000, (4, 48))
     for max_len in (512, 32):
         print(f"PositionalEncoding(max_len={max_len}):", tuple(Encoder(max_len).eval()(ids).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b9-textcnn-embedding-transpose-deleted",
     "a TextCNN sentence classifier whose transpose(1, 2) between the Embedding and the Conv1d filters is deleted: Conv1d(128, ...) gets 50 channels (the sequence length)",
     """\
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     class TextCNN(nn.Module):
         def __init__(self, transpose=True):
             super().__init__()
             self.transpose = transpose
             self.emb = nn.Embedding(20000, 128, padding_idx=0)
             self.convs = nn.ModuleList(nn.Conv1d(128, 100, k) for k in (3, 4, 5))
             self.fc = nn.Linear(300, 2)
         def forward(self, ids):
             e = self.emb(ids)
             if self.transpose:
                 e = e.transpose(1, 2)
             pooled = [F.relu(c(e)).amax(-1) for c in self.convs]
             return self.fc(torch.cat(pooled, 1))

     ids = torch.randint(1, 20000, (8, 50))
     print("original logits:", tuple(TextCNN()(ids).shape))
     print("mutant (transpose deleted) logits:", tuple(TextCNN(transpose=False)(ids).shape))
     """),
    ("pytorch", "venv", None, "nan", None, "b9-nan-vae-logvar-scale",
     "a convolutional VAE whose log-variance head's output is mutated to be scaled by 1e4: exp(0.5*logvar) overflows to inf, the reparameterized sample and the loss become NaN; the training loop prints each step's losses",
     """\
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     class VAE(nn.Module):
         def __init__(self, logvar_scale):
             super().__init__()
             self.scale = logvar_scale
             self.enc = nn.Sequential(nn.Conv2d(1, 16, 4, 2, 1), nn.ReLU(), nn.Conv2d(16, 32, 4, 2, 1), nn.ReLU(), nn.Flatten())
             self.mu = nn.Linear(32 * 7 * 7, 16)
             self.logvar = nn.Linear(32 * 7 * 7, 16)
             self.dec = nn.Sequential(nn.Linear(16, 32 * 7 * 7), nn.ReLU(), nn.Unflatten(1, (32, 7, 7)),
                                      nn.ConvTranspose2d(32, 16, 4, 2, 1), nn.ReLU(), nn.ConvTranspose2d(16, 1, 4, 2, 1), nn.Sigmoid())
         def forward(self, x):
             h = self.enc(x)
             mu, logvar = self.mu(h), self.logvar(h) * self.scale
             z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
             return self.dec(z), mu, logvar

     torch.manual_seed(0)
     x = torch.rand(32, 1, 28, 28)
     for scale in (1.0, 1e4):
         print(f"== logvar scale {scale}")
         m = VAE(scale)
         opt = torch.optim.Adam(m.parameters(), 1e-3)
         for step in range(4):
             rec, mu, logvar = m(x)
             bce = F.mse_loss(rec, x, reduction="sum") / len(x)
             kld = -0.5 * torch.mean(torch.sum(1 + logvar - mu.pow(2) - logvar.exp(), 1))
             loss = bce + kld
             opt.zero_grad()
             loss.backward()
             opt.step()
             print(f"step {step}: recon={bce.item():.4f} kld={kld.item():.4f} loss={loss.item():.4f}", flush=True)
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b9-bfloat16-vgg-multi-margin-loss",
     "a VGG-style classifier trained with a multi-class hinge loss (F.multi_margin_loss), mutated from float32 to bfloat16 on the CPU: the forward passes, the loss has no BFloat16 kernel",
     """\
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     def make():
         torch.manual_seed(0)
         return nn.Sequential(nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                              nn.Conv2d(32, 64, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                              nn.Flatten(), nn.Linear(64 * 8 * 8, 10))

     x = torch.randn(8, 3, 32, 32)
     y = torch.randint(0, 10, (8,))
     for dtype in (torch.float32, torch.bfloat16):
         m = make().to(dtype)
         scores = m(x.to(dtype))
         print(f"{dtype}: scores {tuple(scores.shape)}", flush=True)
         loss = F.multi_margin_loss(scores, y, margin=1.0)
         loss.backward()
         print(f"{dtype}: hinge loss {loss.item():.4f}")
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b9-half-autoencoder-pdist-regularizer",
     "a dense autoencoder with a latent-diversity regularizer (mean pairwise distance of the codes, F.pdist), mutated from float32 to float16 on the CPU: pdist has no Half kernel",
     """\
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     class AE(nn.Module):
         def __init__(self):
             super().__init__()
             self.enc = nn.Sequential(nn.Linear(784, 128), nn.ReLU(), nn.Linear(128, 16))
             self.dec = nn.Sequential(nn.Linear(16, 128), nn.ReLU(), nn.Linear(128, 784), nn.Sigmoid())
         def forward(self, x):
             z = self.enc(x)
             return self.dec(z), z

     x = torch.rand(16, 784)
     for dtype in (torch.float32, torch.float16):
         torch.manual_seed(0)
         m = AE().to(dtype)
         rec, z = m(x.to(dtype))
         diversity = F.pdist(z).mean()
         loss = F.mse_loss(rec, x.to(dtype)) - 0.01 * diversity
         print(f"{dtype}: loss {loss.item():.5f}")
     """),
    ("pytorch", "venv", None, "timeout", None, "b9-timeout-alarm-lr-decay-gamma-one",
     "a ResNet fine-tuning script that trains until the step-decayed learning rate falls below 1e-4, with the decay factor gamma mutated from 0.5 to 1.0 (never falls); the mutation runner's signal.alarm(5) handler raises a timeout exception",
     """\
     import signal
     import time
     import torch
     import torch.nn as nn

     class MutantTimeout(Exception):
         pass

     def on_alarm(signum, frame):
         raise MutantTimeout("mutant RS-gamma=1.0 exceeded its 5 s budget")

     class Block(nn.Module):
         def __init__(self, c):
             super().__init__()
             self.body = nn.Sequential(nn.Conv2d(c, c, 3, padding=1, bias=False), nn.BatchNorm2d(c), nn.ReLU(),
                                       nn.Conv2d(c, c, 3, padding=1, bias=False), nn.BatchNorm2d(c))
         def forward(self, x):
             return torch.relu(x + self.body(x))

     torch.manual_seed(0)
     model = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), Block(16), Block(16), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10))
     x, y = torch.randn(16, 3, 16, 16), torch.randint(0, 10, (16,))
     opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
     sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=1.0)
     signal.signal(signal.SIGALRM, on_alarm)
     signal.alarm(5)
     t0, epoch = time.time(), 0
     while opt.param_groups[0]["lr"] >= 1e-4:
         loss = nn.functional.cross_entropy(model(x), y)
         opt.zero_grad()
         loss.backward()
         opt.step()
         sched.step()
         epoch += 1
         if epoch % 50 == 0:
             print(f"epoch {epoch}: lr={opt.param_groups[0]['lr']:.4g} loss={loss.item():.4f} ({time.time() - t0:.1f} s)", flush=True)
     print("finished after", epoch, "epochs")
     """),
    ("pytorch", "venv", None, "oom", None, "b9-oom-densenet-growth-rate",
     "a DenseNet-121 bottleneck layer whose growth rate is mutated from 32 to 2**30: the 1x1 conv's weight (4*growth x 64 channels) is about 1 TiB and the CPU allocator refuses it",
     """\
     import torch
     import torch.nn as nn

     def bottleneck(cin, growth, bn_size=4):
         return nn.Sequential(nn.BatchNorm2d(cin), nn.ReLU(), nn.Conv2d(cin, bn_size * growth, 1, bias=False),
                              nn.BatchNorm2d(bn_size * growth), nn.ReLU(), nn.Conv2d(bn_size * growth, growth, 3, padding=1, bias=False))

     x = torch.randn(2, 64, 56, 56)
     for growth in (32, 2 ** 30):
         print(f"growth_rate={growth}", flush=True)
         layer = bottleneck(64, growth)
         print("  new features:", tuple(layer(x).shape), flush=True)
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b9-inconsistency-fpn-area-downsample-vs-tf",
     "an FPN lateral branch whose downsampling of a 10x10 map is mutated from 5x5 to 4x4 with mode 'area': PyTorch (adaptive average pooling over overlapping windows) and TensorFlow's tf.image.resize(method='area') (pixel-area weights) disagree; a differential-testing script compares them with np.testing.assert_allclose",
     """\
     import numpy as np
     import tensorflow as tf
     import torch
     import torch.nn.functional as F

     rs = np.random.RandomState(0)
     feat = rs.rand(2, 64, 10, 10).astype("float32")
     w = (rs.randn(64, 64, 1, 1) * 0.1).astype("float32")

     def torch_branch(size):
         y = F.conv2d(torch.from_numpy(feat), torch.from_numpy(w))
         return F.interpolate(y, size=size, mode="area").numpy()

     def tf_branch(size):
         y = tf.nn.conv2d(feat.transpose(0, 2, 3, 1), w.transpose(2, 3, 1, 0), 1, "VALID")
         return tf.image.resize(y, size, method="area").numpy().transpose(0, 3, 1, 2)

     for size in ((5, 5), (4, 4)):
         a, b = torch_branch(size), tf_branch(size)
         print(f"downsample to {size}: max abs diff torch vs tf = {np.abs(a - b).max():.3g}", flush=True)
         np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-5, err_msg=f"FPN lateral downsample {size}: torch != tensorflow")
     """),
    # ---- PyTorch 1.13 (system Python) -------------------------------------------
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b9-bfloat16-stn-grid-sample",
     "a classifier with a spatial-transformer front end (localization net, F.affine_grid, F.grid_sample) mutated from float32 to bfloat16: 1.13 has no BFloat16 grid_sampler_2d kernel on the CPU",
     """\
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     class STN(nn.Module):
         def __init__(self):
             super().__init__()
             self.loc = nn.Sequential(nn.Conv2d(1, 8, 7), nn.MaxPool2d(2), nn.ReLU(), nn.Conv2d(8, 10, 5), nn.MaxPool2d(2), nn.ReLU(),
                                      nn.Flatten(), nn.Linear(10 * 3 * 3, 32), nn.ReLU(), nn.Linear(32, 6))
             self.loc[-1].weight.data.zero_()
             self.loc[-1].bias.data.copy_(torch.tensor([1, 0, 0, 0, 1, 0], dtype=torch.float))
             self.cls = nn.Sequential(nn.Conv2d(1, 10, 5), nn.MaxPool2d(2), nn.ReLU(), nn.Flatten(), nn.Linear(10 * 12 * 12, 10))
         def forward(self, x):
             theta = self.loc(x).view(-1, 2, 3)
             grid = F.affine_grid(theta, x.size(), align_corners=False)
             return self.cls(F.grid_sample(x, grid, align_corners=False))

     x = torch.rand(4, 1, 28, 28)
     for dtype in (torch.float32, torch.bfloat16):
         torch.manual_seed(0)
         print(dtype, "logits:", tuple(STN().to(dtype)(x.to(dtype)).shape))
     """),
    ("pytorch-1.13", "system", None, "crash", None, "b9-bfloat16-unet3d-conv-transpose3d",
     "a 3-D U-Net decoder up-convolution (nn.ConvTranspose3d(32, 16, 2, stride=2)) mutated from float32 to bfloat16: 1.13 runs the bfloat16 transposed convolution as a forward convolution and rejects the valid input with a misleading channel-count error (the float32 model runs)",
     """\
     import torch
     import torch.nn as nn

     class Up3D(nn.Module):
         def __init__(self):
             super().__init__()
             self.up = nn.ConvTranspose3d(32, 16, 2, stride=2)
             self.conv = nn.Sequential(nn.Conv3d(32, 16, 3, padding=1), nn.ReLU())
         def forward(self, x, skip):
             return self.conv(torch.cat([self.up(x), skip], 1))

     x, skip = torch.randn(1, 32, 4, 8, 8), torch.randn(1, 16, 8, 16, 16)
     for dtype in (torch.float32, torch.bfloat16):
         torch.manual_seed(0)
         m = Up3D().to(dtype)
         print(f"{dtype}: up-conv output", tuple(m.up(x.to(dtype)).shape), flush=True)
         print(f"{dtype}: decoder output", tuple(m(x.to(dtype), skip.to(dtype)).shape), flush=True)
     """),
    ("pytorch-1.13", "system", None, "false-positive", None, "b9-bilstm-language-model-decoder",
     "an LSTM language model whose LSTM is mutated to bidirectional=True while the output projection stays Linear(256, vocab): the projection gets 512 features",
     """\
     import torch
     import torch.nn as nn

     class LM(nn.Module):
         def __init__(self, bidirectional):
             super().__init__()
             self.emb = nn.Embedding(5000, 128)
             self.rnn = nn.LSTM(128, 256, num_layers=2, batch_first=True, dropout=0.2, bidirectional=bidirectional)
             self.proj = nn.Linear(256, 5000)
         def forward(self, ids):
             out, _ = self.rnn(self.emb(ids))
             return self.proj(out)

     ids = torch.randint(0, 5000, (4, 35))
     for bi in (False, True):
         print(f"LSTM(bidirectional={bi}) ->", tuple(LM(bi)(ids).shape))
     """, ),
    ("pytorch-1.13", "system", None, "nan", None, "b9-nan-autoencoder-log-eps-deleted",
     "a denoising autoencoder trained with a hand-written binary cross-entropy whose clamp/eps (log(p + 1e-7)) is deleted by the mutant: black pixels of a saturated reconstruction give 0 * log(0) = NaN; the loss is printed each epoch",
     """\
     import torch
     import torch.nn as nn

     def bce(p, t, eps):
         return -(t * torch.log(p + eps) + (1 - t) * torch.log(1 - p + eps)).mean()

     torch.manual_seed(0)
     x = (torch.rand(64, 256) > 0.5).float()
     for eps in (1e-7, 0.0):
         model = nn.Sequential(nn.Linear(256, 64), nn.ReLU(), nn.Linear(64, 256), nn.Sigmoid())
         with torch.no_grad():
             model[2].weight.mul_(200.0)
         opt = torch.optim.SGD(model.parameters(), lr=0.1)
         print(f"-- eps={eps}")
         for epoch in range(3):
             noisy = x * (torch.rand_like(x) > 0.1)
             loss = bce(model(noisy), x, eps)
             opt.zero_grad()
             loss.backward()
             opt.step()
             print(f"epoch {epoch}: loss {loss.item()}")
     """),
    ("pytorch-1.13", "system", None, "timeout", None, "b9-timeout-coreutils-timeout-denoiser",
     "a diffusion-style iterative U-Net denoiser whose stopping test (delta < tol) has its tolerance mutated from 1e-3 to 0.0 (never met): the runner starts it under coreutils timeout 5 and reports the kill (exit status 124)",
     """\
     import os
     import subprocess
     import sys
     import tempfile

     child = '''
     import torch, torch.nn as nn
     torch.manual_seed(0)
     unet = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 3, 3, padding=1))
     x = torch.randn(1, 3, 32, 32)
     tol, step = 0.0, 0
     with torch.no_grad():
         while True:
             nxt = 0.9 * x + 0.1 * torch.tanh(unet(x))
             delta = (nxt - x).abs().max().item()
             x, step = nxt, step + 1
             if step % 500 == 0:
                 print("step", step, "delta", delta, flush=True)
             if delta < tol:
                 break
     print("converged after", step, "steps")
     '''
     with tempfile.TemporaryDirectory() as d:
         path = os.path.join(d, "mutant_denoise_tol0.py")
         with open(path, "w") as f:
             f.write(child)
         print("running mutant_denoise_tol0.py (budget 5 s)", flush=True)
         rc = subprocess.call(["timeout", "5", sys.executable, path])
     if rc == 124:
         print("mutant_denoise_tol0.py: TIMEOUT (killed by timeout(1) after 5 s, exit status 124)", flush=True)
     sys.exit(rc)
     """),
    # ---- TensorFlow ---------------------------------------------------------------
    ("tensorflow", "venv", None, "false-positive", None, "b9-vgg-valid-padding-negative-size",
     "a VGG feature extractor written with tf.nn ops inside a tf.function whose conv padding is mutated from 'SAME' to 'VALID': on a 16x16 input, after the pools the last 3x3 conv meets a 1x1 map",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     kernels = [tf.Variable(tf.random.normal([3, 3, cin, cout], stddev=0.05)) for cin, cout in ((3, 32), (32, 64), (64, 128), (128, 128))]

     def make(padding):
         @tf.function
         def features(x):
             for i, k in enumerate(kernels):
                 x = tf.nn.relu(tf.nn.conv2d(x, k, 1, padding))
                 if i < 3:
                     x = tf.nn.max_pool2d(x, 2, 2, "VALID")
             return x
         return features

     x = tf.random.uniform([2, 16, 16, 3])
     for padding in ("SAME", "VALID"):
         print(f"padding={padding}:", make(padding)(x).shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b9-resnet-shortcut-stride-mismatch",
     "a ResNet downsampling block in a tf.function whose projection shortcut's stride is mutated from 2 to 1: the residual tf.add gets [2,8,8,64] and [2,16,16,64]",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     w1 = tf.Variable(tf.random.normal([3, 3, 32, 64], stddev=0.05))
     w2 = tf.Variable(tf.random.normal([3, 3, 64, 64], stddev=0.05))
     ws = tf.Variable(tf.random.normal([1, 1, 32, 64], stddev=0.05))

     def block(shortcut_stride):
         @tf.function
         def f(x):
             y = tf.nn.relu(tf.nn.conv2d(x, w1, 2, "SAME"))
             y = tf.nn.conv2d(y, w2, 1, "SAME")
             s = tf.nn.conv2d(x, ws, shortcut_stride, "SAME")
             return tf.nn.relu(tf.add(y, s))
         return f

     x = tf.random.normal([2, 16, 16, 32])
     for stride in (2, 1):
         print(f"shortcut stride {stride}:", block(stride)(x).shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b9-densenet-concat-pool-inserted",
     "a DenseNet layer written with tf ops whose new-features branch gets a global average pooling inserted (a layer-insertion mutant): tf.concat gets a 4-D and a 2-D tensor",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     k = tf.random.normal([3, 3, 64, 32], stddev=0.05)

     def dense_layer(x, mutated):
         y = tf.nn.conv2d(tf.nn.relu(x), k, 1, "SAME")
         if mutated:
             y = tf.reduce_mean(y, axis=[1, 2])
         return tf.concat([x, y], axis=-1)

     x = tf.random.normal([2, 8, 8, 64])
     print("original:", dense_layer(x, False).shape)
     print("mutant (GlobalAveragePooling inserted):", dense_layer(x, True).shape)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b9-textcnn-embedding-vocab-shrunk",
     "a TextCNN whose embedding table's vocabulary size is mutated from 20000 to 8000 while the tokenizer still emits ids up to 19999: tf.nn.embedding_lookup rejects the out-of-range ids",
     """\
     import numpy as np
     import tensorflow as tf

     ids = tf.constant(np.random.RandomState(0).randint(1, 20000, (8, 40)), tf.int32)
     filters = [tf.random.normal([k, 64, 32], stddev=0.05) for k in (3, 4, 5)]

     def textcnn(vocab):
         table = tf.random.normal([vocab, 64], stddev=0.05)
         e = tf.nn.embedding_lookup(table, ids)
         pooled = [tf.reduce_max(tf.nn.relu(tf.nn.conv1d(e, f, 1, "VALID")), axis=1) for f in filters]
         return tf.concat(pooled, -1)

     for vocab in (20000, 8000):
         print(f"vocab_size={vocab}: sentence features", textcnn(vocab).shape)
     """),
    ("tensorflow", "venv", None, "nan", None, "b9-nan-check-numerics-autoencoder-sigmoid-deleted",
     "a convolutional autoencoder whose output sigmoid is deleted (a layer-deletion mutant) while the loss is still a hand-written binary cross-entropy: log of negative reconstructions is NaN, caught by tf.debugging.check_numerics",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     enc = tf.random.normal([3, 3, 1, 16], stddev=0.3)
     dec = tf.random.normal([3, 3, 16, 1], stddev=0.3)

     def step(x, sigmoid):
         h = tf.nn.relu(tf.nn.conv2d(x, enc, 1, "SAME"))
         logits = tf.nn.conv2d(h, dec, 1, "SAME")
         p = tf.sigmoid(logits) if sigmoid else logits
         log_p = tf.debugging.check_numerics(tf.math.log(p + 1e-7), "log(reconstruction)")
         log_q = tf.debugging.check_numerics(tf.math.log(1.0 - p + 1e-7), "log(1 - reconstruction)")
         return -tf.reduce_mean(x * log_p + (1.0 - x) * log_q)

     x = tf.cast(tf.random.uniform([4, 28, 28, 1]) > 0.5, tf.float32)
     for sigmoid in (True, False):
         print(f"sigmoid={'kept' if sigmoid else 'deleted'}: loss", float(step(x, sigmoid)))
     """),
    ("tensorflow", "venv", None, "crash", "abort", "b9-c3d-maxpool3d-channel-axis-deleted",
     "a C3D video classifier's first pooling stage (tf.nn.max_pool3d) fed a clip whose channel axis is deleted by the mutant (a 4-D [1, 16, 32, 32] tensor): the oneDNN pooling kernel fails a Check and aborts instead of rejecting the rank",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     clip = tf.random.uniform([1, 16, 32, 32, 3])
     print("original clip", clip.shape, "->", tf.nn.max_pool3d(clip, [1, 2, 2], [1, 2, 2], "SAME").shape, flush=True)
     mutant = tf.reduce_mean(clip, axis=-1)
     print("mutant clip (channel axis deleted)", mutant.shape, flush=True)
     print(tf.nn.max_pool3d(mutant, [1, 2, 2], [1, 2, 2], "SAME").shape)
     """),
    ("tensorflow", "venv", None, "crash", "abort", "b9-xception-separable-conv-batch-deleted",
     "an Xception entry-flow separable convolution (tf.nn.separable_conv2d) applied to a single image whose batch axis is deleted by the mutant: the oneDNN convolution fails a Check and aborts",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     dw = tf.random.normal([3, 3, 64, 1], stddev=0.1)
     pw = tf.random.normal([1, 1, 64, 128], stddev=0.1)
     img = tf.random.normal([1, 38, 38, 64])
     print("batched input:", tf.nn.separable_conv2d(img, dw, pw, [1, 1, 1, 1], "SAME").shape, flush=True)
     print("mutant input (batch axis deleted):", tf.nn.separable_conv2d(img[0], dw, pw, [1, 1, 1, 1], "SAME").shape)
     """),
    ("tensorflow", "venv", None, "timeout", None, "b9-timeout-process-greedy-decode-eos",
     "a Transformer-style greedy decoder whose end-of-sequence id is mutated to the vocabulary size (never produced) and whose max-length guard is deleted; the runner runs it in a multiprocessing worker, join(timeout=8), then terminates it",
     """\
     import multiprocessing as mp
     import sys
     import time

     def decode(eos_id):
         import tensorflow as tf
         tf.random.set_seed(0)
         emb = tf.random.normal([1000, 64])
         w = tf.random.normal([64, 1000])
         tokens = [1]
         while True:
             h = tf.reduce_mean(tf.nn.embedding_lookup(emb, tf.constant(tokens[-16:])), 0, keepdims=True)
             nxt = int(tf.argmax(tf.matmul(h, w), -1)[0])
             tokens.append(nxt)
             if nxt == eos_id:
                 break
             if len(tokens) % 2000 == 0:
                 print(f"[worker] {len(tokens)} tokens decoded", flush=True)
         print("[worker] decoded", len(tokens), "tokens", flush=True)

     if __name__ == "__main__":
         ctx = mp.get_context("spawn")
         p = ctx.Process(target=decode, args=(1000,), name="mutant-EOS-1000")
         t0 = time.time()
         p.start()
         p.join(timeout=8)
         if p.is_alive():
             p.terminate()
             p.join()
             print(f"runner: {p.name} did not finish within 8 s ({time.time() - t0:.1f} s), terminated (exitcode {p.exitcode})", flush=True)
             sys.exit(1)
     """),
    ("tensorflow", "venv", None, "oom", None, "b9-oom-tile-attention-mask-batch",
     "a Transformer's padding mask tiled to batch x heads x query length, with the number of heads mutated from 8 to 2**24: tf.tile asks for 4 TiB",
     """\
     import tensorflow as tf

     pad = tf.cast(tf.random.uniform([4, 1, 1, 128]) > 0.1, tf.float32)
     for heads in (8, 2 ** 24):
         mask = tf.tile(pad, [1, heads, 128, 1])
         print(f"heads={heads}: attention mask", mask.shape, flush=True)
     """),
    # ---- Keras 3 (backend in the name) -------------------------------------------
    ("keras", "venv", "tensorflow", "false-positive", None, "b9-tensorflow-vgg-conv-after-global-pool",
     "a Keras VGG-style model whose mutant inserts a Conv2D after GlobalAveragePooling2D (a layer-insertion mutant): the Conv2D gets a 2-D input",
     """\
     import keras
     from keras import layers

     def build(insert):
         stack = [keras.Input((32, 32, 3))]
         for f in (32, 64, 128):
             stack += [layers.Conv2D(f, 3, padding="same", activation="relu"), layers.Conv2D(f, 3, padding="same", activation="relu"), layers.MaxPooling2D()]
         stack.append(layers.GlobalAveragePooling2D())
         if insert:
             stack.append(layers.Conv2D(128, 3, padding="same"))
         stack.append(layers.Dense(10, activation="softmax"))
         return keras.Sequential(stack, name="vgg_mutant" if insert else "vgg")

     for insert in (False, True):
         m = build(insert)
         print(m.name, "params:", m.count_params())
     """),
    ("keras", "venv", "jax", "false-positive", None, "b9-jax-resnet-add-strided-branch",
     "a Keras functional ResNet block whose residual branch's first conv gets strides=2 while the shortcut stays the identity: layers.Add receives (8, 8, 64) and (16, 16, 64)",
     """\
     import numpy as np
     import keras
     from keras import layers

     def resnet_block(strides):
         inp = keras.Input((16, 16, 64))
         y = layers.Conv2D(64, 3, strides=strides, padding="same", use_bias=False)(inp)
         y = layers.BatchNormalization()(y)
         y = layers.ReLU()(y)
         y = layers.Conv2D(64, 3, padding="same", use_bias=False)(y)
         y = layers.BatchNormalization()(y)
         out = layers.ReLU()(layers.Add()([y, inp]))
         return keras.Model(inp, out)

     x = np.random.RandomState(0).rand(2, 16, 16, 64).astype("float32")
     for s in (1, 2):
         print(f"branch strides={s}:", resnet_block(s).predict(x, verbose=0).shape)
     """),
    ("keras", "venv", "torch", "false-positive", None, "b9-torch-densenet-concatenate-axis",
     "a Keras DenseNet layer whose Concatenate axis is mutated from -1 (channels) to 1 (height): the 32- and 12-channel maps cannot be joined along the height",
     """\
     import keras
     from keras import layers

     def dense_block(axis, n=3, growth=12):
         inp = keras.Input((16, 16, 32))
         x = inp
         for i in range(n):
             y = layers.BatchNormalization()(x)
             y = layers.ReLU()(y)
             y = layers.Conv2D(growth, 3, padding="same")(y)
             x = layers.Concatenate(axis=axis, name=f"concat_{i}")([x, y])
         return keras.Model(inp, x)

     for axis in (-1, 1):
         print(f"Concatenate(axis={axis}):", dense_block(axis).output.shape)
     """),
    ("keras", "venv", "jax", "false-positive", None, "b9-jax-lstm-units-negative",
     "a Keras LSTM sentiment classifier whose LSTM units are mutated from 32 to -32 (a sign-flip mutant of a layer's size)",
     """\
     import numpy as np
     import keras
     from keras import layers

     ids = np.random.RandomState(0).randint(1, 10000, (8, 60))
     for units in (32, -32):
         print(f"LSTM(units={units})", flush=True)
         m = keras.Sequential([keras.Input((60,), dtype="int32"), layers.Embedding(10000, 64), layers.LSTM(units), layers.Dense(1, activation="sigmoid")])
         print("  scores:", m.predict(ids, verbose=0).shape)
     """),
    ("keras", "venv", "tensorflow", "false-positive", None, "b9-tensorflow-unet-upsampling-cubic",
     "a Keras U-Net decoder whose UpSampling2D interpolation is mutated from 'bilinear' to 'cubic' (not a valid name; 'bicubic' is): the layer rejects it when called",
     """\
     import numpy as np
     import keras
     from keras import layers

     def decoder(interp):
         bottleneck = keras.Input((8, 8, 128))
         skip = keras.Input((16, 16, 64))
         x = layers.UpSampling2D(2, interpolation=interp)(bottleneck)
         x = layers.Concatenate()([x, skip])
         x = layers.Conv2D(64, 3, padding="same", activation="relu")(x)
         return keras.Model([bottleneck, skip], x)

     rs = np.random.RandomState(0)
     b, s = rs.rand(1, 8, 8, 128).astype("float32"), rs.rand(1, 16, 16, 64).astype("float32")
     for interp in ("bilinear", "cubic"):
         print(f"interpolation={interp!r}:", decoder(interp).predict([b, s], verbose=0).shape)
     """),
    ("keras", "venv", "torch", "false-positive", None, "b9-torch-vgg-maxpool-pool-size",
     "a small Keras VGG whose last MaxPooling2D's pool_size is mutated from 2 to 8 on a 4x4 feature map: the output size would be zero",
     """\
     import keras
     from keras import layers

     def vgg(last_pool):
         return keras.Sequential([keras.Input((32, 32, 3)),
                                  layers.Conv2D(32, 3, padding="same", activation="relu"), layers.MaxPooling2D(2),
                                  layers.Conv2D(64, 3, padding="same", activation="relu"), layers.MaxPooling2D(2),
                                  layers.Conv2D(128, 3, padding="same", activation="relu"), layers.MaxPooling2D(2),
                                  layers.Conv2D(128, 3, padding="same", activation="relu"), layers.MaxPooling2D(last_pool),
                                  layers.Flatten(), layers.Dense(10)])

     for p in (2, 8):
         print(f"last pool_size={p}:", vgg(p).output_shape)
     """),
    ("keras", "venv", "jax", "nan", None, "b9-jax-nan-adam-epsilon-zero",
     "a Keras GRU text classifier trained with Adam whose epsilon is mutated from 1e-7 to 0: embedding rows with a zero gradient get 0/0 updates, the weights become NaN and fit reports loss nan",
     """\
     import numpy as np
     import keras
     from keras import layers

     rs = np.random.RandomState(0)
     ids = rs.randint(1, 1000, (256, 20))
     y = (ids.mean(1) > 500).astype("float32")

     class PrintLoss(keras.callbacks.Callback):
         def on_epoch_end(self, epoch, logs=None):
             print(f"  epoch {epoch + 1}: loss={logs['loss']:.4f} accuracy={logs['accuracy']:.4f}", flush=True)

     for eps in (1e-7, 0.0):
         keras.utils.set_random_seed(0)
         print(f"Adam(epsilon={eps})", flush=True)
         m = keras.Sequential([keras.Input((20,), dtype="int32"), layers.Embedding(1000, 32), layers.GRU(32), layers.Dense(1, activation="sigmoid")])
         m.compile(keras.optimizers.Adam(1e-3, epsilon=eps), "binary_crossentropy", metrics=["accuracy"])
         m.fit(ids, y, epochs=3, batch_size=64, verbose=0, callbacks=[PrintLoss()])
     """),
    ("keras", "venv", "torch", "inconsistency", None, "b9-torch-inconsistency-unet-bicubic-vs-jax",
     "a Keras U-Net decoder whose UpSampling2D interpolation is mutated from 'bilinear' to 'bicubic', run on the torch backend and (in a subprocess) on the jax backend with the same weights: torch's bicubic kernel (a=-0.75) and JAX's (a=-0.5) disagree; np.testing.assert_allclose fails",
     """\
     import os
     import subprocess
     import sys
     import numpy as np

     SCRIPT = r'''
     import sys, numpy as np, keras
     from keras import layers
     interp = sys.argv[1]
     keras.utils.set_random_seed(0)
     m = keras.Sequential([keras.Input((8, 8, 16)), layers.Conv2D(16, 3, padding="same"), layers.UpSampling2D(2, interpolation=interp), layers.Conv2D(8, 1)])
     x = np.random.RandomState(1).rand(2, 8, 8, 16).astype("float32")
     np.save(sys.argv[2], keras.ops.convert_to_numpy(m(x)))
     print(keras.backend.backend(), interp, "done")
     '''

     for interp in ("bilinear", "bicubic"):
         outs = {}
         for backend in ("torch", "jax"):
             path = f"out_{backend}_{interp}.npy"
             subprocess.run([sys.executable, "-c", SCRIPT, interp, path], check=True, env=dict(os.environ, KERAS_BACKEND=backend))
             outs[backend] = np.load(path)
         diff = np.abs(outs["torch"] - outs["jax"]).max()
         print(f"UpSampling2D({interp!r}): max |torch - jax| = {diff:.3g}", flush=True)
         np.testing.assert_allclose(outs["torch"], outs["jax"], rtol=1e-5, atol=1e-5, err_msg=f"decoder with {interp} upsampling: torch vs jax")
     """),
    # ---- JAX ------------------------------------------------------------------------
    ("jax", "venv", None, "false-positive", None, "b9-jit-resnet-residual-stride",
     "a jitted ResNet basic block (lax.conv_general_dilated) whose first conv's stride is mutated from 1 to 2 with no projection shortcut: the residual add gets (2, 8, 8, 64) and (2, 16, 16, 64)",
     """\
     import jax
     import jax.numpy as jnp

     def conv(x, w, stride):
         return jax.lax.conv_general_dilated(x, w, (stride, stride), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))

     def block(params, x, stride):
         y = jax.nn.relu(conv(x, params["w1"], stride))
         y = conv(y, params["w2"], 1)
         return jax.nn.relu(y + x)

     k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
     params = {"w1": jax.random.normal(k1, (3, 3, 64, 64)) * 0.05, "w2": jax.random.normal(k2, (3, 3, 64, 64)) * 0.05}
     x = jax.random.normal(k3, (2, 16, 16, 64))
     f = jax.jit(block, static_argnums=2)
     for stride in (1, 2):
         print(f"conv1 stride={stride}:", f(params, x, stride).shape)
     """),
    ("jax", "venv", None, "false-positive", None, "b9-inception-branch-valid-padding",
     "a JAX Inception module whose 3x3 branch's padding is mutated from 'SAME' to 'VALID': jnp.concatenate of the branches gets 14x14 and 12x12 maps",
     """\
     import jax
     import jax.numpy as jnp

     def conv(x, w, padding="SAME"):
         return jax.nn.relu(jax.lax.conv_general_dilated(x, w, (1, 1), padding, dimension_numbers=("NHWC", "HWIO", "NHWC")))

     def inception(p, x, pad3):
         b1 = conv(x, p["b1"])
         b3 = conv(conv(x, p["b3r"]), p["b3"], pad3)
         b5 = conv(conv(x, p["b5r"]), p["b5"])
         bp = conv(jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 3, 3, 1), (1, 1, 1, 1), "SAME"), p["bp"])
         return jnp.concatenate([b1, b3, b5, bp], axis=-1)

     keys = jax.random.split(jax.random.PRNGKey(0), 6)
     shapes = {"b1": (1, 1, 192, 64), "b3r": (1, 1, 192, 96), "b3": (3, 3, 96, 128), "b5r": (1, 1, 192, 16), "b5": (5, 5, 16, 32), "bp": (1, 1, 192, 32)}
     p = {k: jax.random.normal(key, s) * 0.05 for key, (k, s) in zip(keys, shapes.items())}
     x = jax.random.normal(keys[0], (1, 14, 14, 192))
     for pad3 in ("SAME", "VALID"):
         print(f"3x3 branch padding={pad3}:", inception(p, x, pad3).shape)
     """),
    ("jax", "venv", None, "false-positive", None, "b9-scan-lstm-mask-length",
     "an LSTM tagger written with lax.scan over (inputs, mask) pairs whose mask is mutated to cover 40 steps while the inputs have 50: scan rejects the different leading axis sizes",
     """\
     import jax
     import jax.numpy as jnp

     H = 32
     def lstm_step(params, carry, xm):
         h, c = carry
         x, m = xm
         z = x @ params["wx"] + h @ params["wh"] + params["b"]
         i, f, g, o = jnp.split(z, 4, axis=-1)
         c2 = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
         h2 = jax.nn.sigmoid(o) * jnp.tanh(c2)
         h2 = jnp.where(m[:, None], h2, h)
         c2 = jnp.where(m[:, None], c2, c)
         return (h2, c2), h2

     def tagger(params, xs, mask):
         init = (jnp.zeros((xs.shape[1], H)), jnp.zeros((xs.shape[1], H)))
         _, hs = jax.lax.scan(lambda carry, xm: lstm_step(params, carry, xm), init, (xs, mask))
         return hs @ params["out"]

     k = jax.random.split(jax.random.PRNGKey(0), 4)
     params = {"wx": jax.random.normal(k[0], (16, 4 * H)) * 0.1, "wh": jax.random.normal(k[1], (H, 4 * H)) * 0.1,
               "b": jnp.zeros(4 * H), "out": jax.random.normal(k[2], (H, 9)) * 0.1}
     xs = jax.random.normal(k[3], (50, 4, 16))
     for steps in (50, 40):
         mask = jnp.ones((steps, 4), bool)
         print(f"mask over {steps} steps:", jax.jit(tagger)(params, xs, mask).shape)
     """),
    ("jax", "venv", None, "false-positive", None, "b9-unet-skip-crop-negative-pad",
     "a JAX U-Net decoder that pads the upsampled map to the skip connection's size, with the encoder's pooling deleted by the mutant so the upsampled map is larger than the skip: jnp.pad gets negative widths",
     """\
     import jax
     import jax.numpy as jnp

     def up_and_merge(x, skip):
         up = jax.image.resize(x, (x.shape[0], x.shape[1] * 2, x.shape[2] * 2, x.shape[3]), "nearest")
         dh, dw = skip.shape[1] - up.shape[1], skip.shape[2] - up.shape[2]
         up = jnp.pad(up, ((0, 0), (dh // 2, dh - dh // 2), (dw // 2, dw - dw // 2), (0, 0)))
         return jnp.concatenate([up, skip], axis=-1)

     key = jax.random.PRNGKey(0)
     skip = jax.random.normal(key, (1, 17, 17, 64))
     for name, bottleneck in (("original", jnp.ones((1, 8, 8, 128))), ("LD-pool4 deleted", jnp.ones((1, 17, 17, 128)))):
         print(f"{name}: bottleneck {bottleneck.shape} ->", up_and_merge(bottleneck, skip).shape)
     """),
    ("jax", "venv", None, "nan", None, "b9-nan-textcnn-standardize-eps-zero",
     "a jitted TextCNN whose feature standardization (jax.nn.standardize) has its epsilon mutated from 1e-5 to 0: padded all-zero sentences give 0/0; jax.debug.print inside the jitted function reports the NaN count",
     """\
     import jax
     import jax.numpy as jnp

     def textcnn(params, ids, eps):
         e = params["emb"][ids] * (ids > 0)[..., None]
         y = jax.lax.conv_general_dilated(e, params["conv"], (1,), "VALID", dimension_numbers=("NWC", "WIO", "NWC"))
         feats = jnp.max(jax.nn.relu(y), axis=1)
         feats = jax.nn.standardize(feats, axis=-1, epsilon=eps)
         logits = feats @ params["fc"]
         jax.debug.print("eps={e}: logits NaN count {n} of {t}", e=eps, n=jnp.isnan(logits).sum(), t=logits.size)
         return logits

     k1, k2, k3, k4 = jax.random.split(jax.random.PRNGKey(0), 4)
     params = {"emb": jax.random.normal(k1, (5000, 64)), "conv": jax.random.normal(k2, (3, 64, 100)) * 0.1, "fc": jax.random.normal(k3, (100, 2))}
     ids = jax.random.randint(k4, (6, 30), 1, 5000).at[4:].set(0)
     f = jax.jit(textcnn, static_argnums=2)
     for eps in (1e-5, 0.0):
         out = f(params, ids, eps)
         print(f"eps={eps}: predictions", jnp.argmax(out, -1))
     """),
    ("jax", "venv", None, "timeout", None, "b9-timeout-spawned-worker-beam-search",
     "a jitted beam-search decoder (lax.while_loop) whose stop condition is mutated so that it waits for a score that can never be reached; the mutation runner runs it in a spawned worker process, waits 8 s, kills it and raises TimeoutError",
     """\
     import multiprocessing as mp
     import time

     def run_mutant(q):
         import jax
         import jax.numpy as jnp

         def beam_search(logits_w, threshold):
             def cond(state):
                 step, beams, scores = state
                 return jnp.max(scores) < threshold
             def body(state):
                 step, beams, scores = state
                 logp = jax.nn.log_softmax(beams @ logits_w)
                 best = jnp.max(logp, -1)
                 return step + 1, jnp.tanh(beams + 0.01), scores + jnp.abs(best) * 0.0
             return jax.lax.while_loop(cond, body, (0, jnp.ones((4, 64)), jnp.zeros(4)))

         w = jax.random.normal(jax.random.PRNGKey(0), (64, 64))
         q.put("compiled and running")
         steps, _, scores = jax.jit(beam_search)(w, 1.0)
         q.put(f"finished after {int(steps)} steps")

     if __name__ == "__main__":
         ctx = mp.get_context("spawn")
         q = ctx.Queue()
         p = ctx.Process(target=run_mutant, args=(q,), name="mutant-beam-stop-threshold")
         p.start()
         print("runner: started", p.name, "pid", p.pid, flush=True)
         p.join(8)
         while not q.empty():
             print("worker:", q.get(), flush=True)
         if p.is_alive():
             p.kill()
             p.join()
             raise TimeoutError(f"{p.name} still running after 8 s; killed (exitcode {p.exitcode})")
     """),
    ("jax", "venv", None, "oom", None, "b9-oom-lstm-hidden-size",
     "an LSTM language model whose hidden size is mutated from 512 to 2**19: initializing the recurrent kernel (4*H x H float32, 4 TiB) with jax.random.normal is refused by the CPU allocator",
     """\
     import jax
     import jax.numpy as jnp

     def init_lstm(key, n_in, hidden):
         k1, k2 = jax.random.split(key)
         return {"wx": jax.random.normal(k1, (n_in, 4 * hidden)) * 0.01,
                 "wh": jax.random.normal(k2, (hidden, 4 * hidden)) * 0.01,
                 "b": jnp.zeros(4 * hidden)}

     for hidden in (512, 2 ** 19):
         print(f"hidden_size={hidden}", flush=True)
         params = jax.block_until_ready(init_lstm(jax.random.PRNGKey(0), 256, hidden))
         print("  parameters:", sum(p.size for p in params.values()), "wh[0, :3] =", params["wh"][0, :3], flush=True)
     """),
    ("jax", "venv", None, "inconsistency", None, "b9-inconsistency-layernorm-eps-zero-float32-vs-x64",
     "a Transformer block's LayerNorm whose epsilon is mutated from 1e-5 to 0, run on nearly constant activations in float32 and with jax_enable_x64 in float64: without eps the float32 rounding of the tiny variance is amplified and the two precisions disagree (np.testing.assert_allclose)",
     """\
     import jax
     jax.config.update("jax_enable_x64", True)
     import jax.numpy as jnp
     import numpy as np

     def block(x, w, eps):
         mu = x.mean(-1, keepdims=True)
         var = ((x - mu) ** 2).mean(-1, keepdims=True)
         h = (x - mu) / jnp.sqrt(var + eps)
         return jax.nn.gelu(h @ w)

     rs = np.random.RandomState(0)
     x = 1.0 + 1e-6 * rs.randn(4, 16, 64)
     w = rs.randn(64, 64) * 0.1
     for eps in (1e-5, 0.0):
         f = jax.jit(block, static_argnums=2)
         lo = np.asarray(f(jnp.asarray(x, jnp.float32), jnp.asarray(w, jnp.float32), eps), np.float64)
         hi = np.asarray(f(jnp.asarray(x, jnp.float64), jnp.asarray(w, jnp.float64), eps))
         print(f"eps={eps}: max |float32 - float64| = {np.abs(lo - hi).max():.3g}", flush=True)
         np.testing.assert_allclose(lo, hi, rtol=1e-3, atol=1e-3, err_msg=f"LayerNorm eps={eps}: float32 vs float64")
     """),
]

B9_ORT_PRE = B8_ORT_PRE     # the same helpers to build and run a graph
B9_ORT = [
    ("false-positive", None, "b9-vgg-gemm-flatten-features",
     "a VGG classifier graph (Conv, Relu, MaxPool, Flatten, Gemm) whose MaxPool is deleted by the mutant while the Gemm weight stays sized for the pooled 8x8 map: Gemm gets 16384 features for a 4096-row weight",
     """\
     rs = np.random.RandomState(0)
     wc = nh.from_array(rs.randn(64, 3, 3, 3).astype("float32") * 0.1, "wc")
     wf = nh.from_array(rs.randn(64 * 8 * 8, 10).astype("float32") * 0.01, "wf")
     bf = nh.from_array(np.zeros(10, "float32"), "bf")
     def graph(pool):
         nodes = [h.make_node("Conv", ["img", "wc"], ["c"], pads=[1, 1, 1, 1]), h.make_node("Relu", ["c"], ["r"])]
         last = "r"
         if pool:
             nodes.append(h.make_node("MaxPool", ["r"], ["p"], kernel_shape=[2, 2], strides=[2, 2]))
             last = "p"
         nodes += [h.make_node("Flatten", [last], ["f"]), h.make_node("Gemm", ["f", "wf", "bf"], ["logits"])]
         return session(nodes, [vi("img", T.FLOAT, [None, 3, 16, 16])], [vi("logits", T.FLOAT, None)], [wc, wf, bf])
     img = rs.rand(2, 3, 16, 16).astype("float32")
     for name, pool in (("original", True), ("mutant LD-maxpool", False)):
         print(name, "->", graph(pool).run(None, {"img": img})[0].shape, flush=True)"""),
    ("false-positive", None, "b9-resnet-add-broadcast-stride",
     "a ResNet block graph (Conv stride 2, Relu, Conv, Add with the identity shortcut) whose downsampling shortcut Conv is deleted by the mutant: Add cannot broadcast 28 against 56",
     """\
     rs = np.random.RandomState(0)
     w1 = nh.from_array(rs.randn(64, 64, 3, 3).astype("float32") * 0.05, "w1")
     w2 = nh.from_array(rs.randn(64, 64, 3, 3).astype("float32") * 0.05, "w2")
     ws = nh.from_array(rs.randn(64, 64, 1, 1).astype("float32") * 0.05, "ws")
     def graph(shortcut):
         nodes = [h.make_node("Conv", ["x", "w1"], ["a"], pads=[1, 1, 1, 1], strides=[2, 2]), h.make_node("Relu", ["a"], ["b"]),
                  h.make_node("Conv", ["b", "w2"], ["c"], pads=[1, 1, 1, 1])]
         s = "x"
         if shortcut:
             nodes.append(h.make_node("Conv", ["x", "ws"], ["s"], strides=[2, 2]))
             s = "s"
         nodes += [h.make_node("Add", ["c", s], ["d"]), h.make_node("Relu", ["d"], ["y"])]
         return session(nodes, [vi("x", T.FLOAT, [1, 64, "H", "W"])], [vi("y", T.FLOAT, None)], [w1, w2, ws])
     x = rs.rand(1, 64, 56, 56).astype("float32")
     for shortcut in (True, False):
         print("projection shortcut" if shortcut else "mutant: shortcut conv deleted", graph(shortcut).run(None, {"x": x})[0].shape, flush=True)"""),
    ("false-positive", None, "b9-maxpool-pads-not-smaller-than-kernel",
     "a ResNet stem graph (Conv 7x7 stride 2, Relu, MaxPool 3x3 stride 2) whose MaxPool pads are mutated from 1 to 3: ONNX Runtime rejects pads that are not smaller than the kernel",
     """\
     rs = np.random.RandomState(0)
     w = nh.from_array(rs.randn(64, 3, 7, 7).astype("float32") * 0.05, "w")
     img = rs.rand(1, 3, 64, 64).astype("float32")
     for pad in (1, 3):
         s = session([h.make_node("Conv", ["img", "w"], ["c"], strides=[2, 2], pads=[3, 3, 3, 3]), h.make_node("Relu", ["c"], ["r"]),
                      h.make_node("MaxPool", ["r"], ["y"], kernel_shape=[3, 3], strides=[2, 2], pads=[pad] * 4)],
                     [vi("img", T.FLOAT, [1, 3, 64, 64])], [vi("y", T.FLOAT, None)], [w])
         print(f"stem MaxPool pads={pad}:", s.run(None, {"img": img})[0].shape, flush=True)"""),
    ("false-positive", None, "b9-mobilenet-batchnorm-channels-halved",
     "a MobileNet pointwise block graph (Conv 1x1 to 64 channels, BatchNormalization, Clip 0..6) whose BatchNormalization parameters are mutated to 32 channels (a width-multiplier mutant applied to one layer only)",
     """\
     rs = np.random.RandomState(0)
     w = nh.from_array(rs.randn(64, 32, 1, 1).astype("float32") * 0.1, "w")
     lo, hi = nh.from_array(np.array(0.0, "float32"), "lo"), nh.from_array(np.array(6.0, "float32"), "hi")
     x = rs.rand(1, 32, 28, 28).astype("float32")
     for c in (64, 32):
         bn = [nh.from_array(v, n) for v, n in ((np.ones(c, "float32"), "g"), (np.zeros(c, "float32"), "b"), (np.zeros(c, "float32"), "m"), (np.ones(c, "float32"), "v"))]
         s = session([h.make_node("Conv", ["x", "w"], ["c"]), h.make_node("BatchNormalization", ["c", "g", "b", "m", "v"], ["n"]),
                      h.make_node("Clip", ["n", "lo", "hi"], ["y"])],
                     [vi("x", T.FLOAT, [1, 32, 28, 28])], [vi("y", T.FLOAT, None)], [w, lo, hi] + bn)
         print(f"BatchNormalization over {c} channels:", s.run(None, {"x": x})[0].shape, flush=True)"""),
    ("crash", "not-implemented", "b9-resnet-head-float64-global-average-pool",
     "a ResNet classification head graph (GlobalAveragePool, Flatten, Gemm, Softmax) mutated from float32 to float64 (a type GlobalAveragePool's schema allows): the CPU provider has no double GlobalAveragePool kernel",
     """\
     rs = np.random.RandomState(0)
     def run(dt, npdt):
         w = nh.from_array(rs.randn(512, 1000).astype(npdt) * 0.01, "w")
         b = nh.from_array(np.zeros(1000, npdt), "b")
         s = session([h.make_node("GlobalAveragePool", ["feat"], ["g"]), h.make_node("Flatten", ["g"], ["f"]),
                      h.make_node("Gemm", ["f", "w", "b"], ["z"]), h.make_node("Softmax", ["z"], ["p"], axis=-1)],
                     [vi("feat", dt, [None, 512, 7, 7])], [vi("p", dt, None)], [w, b])
         return s.run(None, {"feat": rs.rand(2, 512, 7, 7).astype(npdt)})[0].shape
     print("original (float32):", run(T.FLOAT, "float32"), flush=True)
     print("mutant (float64):", run(T.DOUBLE, "float64"), flush=True)"""),
    ("crash", "not-implemented", "b9-dcgan-discriminator-head-leakyrelu-float64",
     "a DCGAN discriminator head graph (Flatten, MatMul, LeakyRelu, MatMul, Sigmoid) mutated from float32 to float64 (a type LeakyRelu's schema allows): the CPU provider has no double LeakyRelu kernel",
     """\
     rs = np.random.RandomState(0)
     def run(dt, npdt):
         w1 = nh.from_array(rs.randn(256 * 4 * 4, 128).astype(npdt) * 0.01, "w1")
         w2 = nh.from_array(rs.randn(128, 1).astype(npdt) * 0.1, "w2")
         s = session([h.make_node("Flatten", ["feat"], ["f"]), h.make_node("MatMul", ["f", "w1"], ["a"]),
                      h.make_node("LeakyRelu", ["a"], ["l"], alpha=0.2), h.make_node("MatMul", ["l", "w2"], ["z"]), h.make_node("Sigmoid", ["z"], ["p"])],
                     [vi("feat", dt, [None, 256, 4, 4])], [vi("p", dt, None)], [w1, w2])
         return s.run(None, {"feat": rs.randn(8, 256, 4, 4).astype(npdt)})[0].shape
     print("original (float32):", run(T.FLOAT, "float32"), flush=True)
     print("mutant (float64):", run(T.DOUBLE, "float64"), flush=True)"""),
    ("nan", None, "b9-nan-log-softmax-split-one-hot",
     "a classifier loss graph whose LogSoftmax is mutated into Log(Softmax(.)) (an operator-split mutant) with large logits: Softmax underflows to 0, Log gives -inf and the one-hot product 0 * -inf is NaN; the runner prints the loss per batch",
     """\
     rs = np.random.RandomState(0)
     w = nh.from_array(rs.randn(128, 10).astype("float32") * 5.0, "w")
     def loss_graph(split):
         nodes = [h.make_node("MatMul", ["x", "w"], ["z"])]
         if split:
             nodes += [h.make_node("Softmax", ["z"], ["p"], axis=-1), h.make_node("Log", ["p"], ["lp"])]
         else:
             nodes.append(h.make_node("LogSoftmax", ["z"], ["lp"], axis=-1))
         nodes += [h.make_node("Mul", ["lp", "onehot"], ["m"]), h.make_node("ReduceSum", ["m"], ["s"], keepdims=0),
                   h.make_node("Neg", ["s"], ["loss"])]
         return session(nodes, [vi("x", T.FLOAT, [None, 128]), vi("onehot", T.FLOAT, [None, 10])], [vi("loss", T.FLOAT, None)], [w])
     for split in (False, True):
         s = loss_graph(split)
         print("mutant Log(Softmax)" if split else "original LogSoftmax")
         for batch in range(3):
             x = rs.randn(16, 128).astype("float32")
             onehot = np.eye(10, dtype="float32")[rs.randint(0, 10, 16)]
             print(f"  batch {batch}: loss = {s.run(None, {'x': x, 'onehot': onehot})[0]}")"""),
    ("timeout", None, "b9-timeout-subprocess-loop-stop-token",
     "an autoregressive decoder graph (an ONNX Loop whose condition checks for a stop token) whose stop-token id is mutated to -1 and whose trip count is removed: the runner starts it in a subprocess with subprocess.run(timeout=8), which expires",
     """\
     import os
     import subprocess
     import sys
     import tempfile

     CHILD = r'''
     import numpy as np, onnxruntime as ort
     from onnx import TensorProto as T, helper as h, numpy_helper as nh
     rs = np.random.RandomState(0)
     emb = nh.from_array(rs.randn(100, 16).astype("float32"), "emb")
     proj = nh.from_array(rs.randn(16, 100).astype("float32"), "proj")
     stop = nh.from_array(np.array(-1, "int64"), "stop")
     body = h.make_graph(
         [h.make_node("Gather", ["emb", "tok_in"], ["e"]), h.make_node("MatMul", ["e", "proj"], ["z"]),
          h.make_node("ArgMax", ["z"], ["tok_out"], axis=0, keepdims=0), h.make_node("Equal", ["tok_out", "stop"], ["done"]),
          h.make_node("Not", ["done"], ["cond_out"])],
         "step", [h.make_tensor_value_info("i", T.INT64, []), h.make_tensor_value_info("cond_in", T.BOOL, []), h.make_tensor_value_info("tok_in", T.INT64, [])],
         [h.make_tensor_value_info("cond_out", T.BOOL, []), h.make_tensor_value_info("tok_out", T.INT64, [])])
     g = h.make_graph([h.make_node("Loop", ["", "cond", "start"], ["last"], body=body)], "decoder",
                      [h.make_tensor_value_info("cond", T.BOOL, []), h.make_tensor_value_info("start", T.INT64, [])],
                      [h.make_tensor_value_info("last", T.INT64, [])], [emb, proj, stop])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)]); m.ir_version = 10
     s = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
     print("decoding with stop token -1 ...", flush=True)
     print(s.run(None, {"cond": np.array(True), "start": np.array(1, "int64")}))
     '''
     with tempfile.TemporaryDirectory() as work:
         script = os.path.join(work, "mutant_decoder_stop_token.py")
         with open(script, "w") as f:
             f.write(CHILD)
         print("runner: mutant STOP_TOKEN=-1, budget 8 s", flush=True)
         subprocess.run([sys.executable, script], timeout=8, check=True)"""),
]
B9 += prefixed("onnxruntime", "venv", B9_ORT_PRE, B9_ORT)

B9_MS_PRE = B5_MS_PRE      # the same imports and PyNative context on the CPU
B9_MS = [
    ("false-positive", None, "b9-vgg-conv-in-channels",
     "a MindSpore VGG block (PyNative) whose second nn.Conv2d's in_channels is mutated from 64 to 32 while the first conv still outputs 64 channels",
     """\
     def vgg_block(cin2):
         return nn.SequentialCell([nn.Conv2d(3, 64, 3, pad_mode="same"), nn.ReLU(),
                                   nn.Conv2d(cin2, 64, 3, pad_mode="same"), nn.ReLU(), nn.MaxPool2d(2, 2)])

     x = Tensor(np.random.RandomState(0).rand(2, 3, 32, 32).astype("float32"))
     for cin2 in (64, 32):
         print(f"conv2 in_channels={cin2}:", vgg_block(cin2)(x).shape)"""),
    ("false-positive", None, "b9-graph-mode-resnet-add-shapes",
     "a MindSpore ResNet bottleneck Cell in GRAPH_MODE whose last 1x1 conv's out_channels is mutated from 256 to 128: the residual add of [2,128,14,14] and [2,256,14,14] fails shape inference",
     """\
     mindspore.set_context(mode=mindspore.GRAPH_MODE)

     class Bottleneck(nn.Cell):
         def __init__(self, cout):
             super().__init__()
             self.conv1 = nn.Conv2d(256, 64, 1)
             self.bn1 = nn.BatchNorm2d(64)
             self.conv2 = nn.Conv2d(64, 64, 3, pad_mode="same")
             self.bn2 = nn.BatchNorm2d(64)
             self.conv3 = nn.Conv2d(64, cout, 1)
             self.bn3 = nn.BatchNorm2d(cout)
             self.relu = nn.ReLU()
         def construct(self, x):
             y = self.relu(self.bn1(self.conv1(x)))
             y = self.relu(self.bn2(self.conv2(y)))
             y = self.bn3(self.conv3(y))
             return self.relu(y + x)

     x = Tensor(np.random.RandomState(0).rand(2, 256, 14, 14).astype("float32"))
     for cout in (256, 128):
         print(f"conv3 out_channels={cout}:", Bottleneck(cout)(x).shape)"""),
    ("false-positive", None, "b9-graph-mode-textcnn-dense-in-channels",
     "a MindSpore TextCNN Cell in GRAPH_MODE with three filter widths whose classifier nn.Dense keeps in_channels=300 after one conv branch is deleted (200 features arrive)",
     """\
     mindspore.set_context(mode=mindspore.GRAPH_MODE)

     class TextCNN(nn.Cell):
         def __init__(self, widths):
             super().__init__()
             self.emb = nn.Embedding(5000, 64)
             self.convs = nn.CellList([nn.Conv1d(64, 100, k, pad_mode="valid") for k in widths])
             self.fc = nn.Dense(300, 2)
         def construct(self, ids):
             e = self.emb(ids).transpose(0, 2, 1)
             feats = [ops.max(ops.relu(c(e)), axis=-1)[0] for c in self.convs]
             return self.fc(ops.concat(feats, 1))

     ids = Tensor(np.random.RandomState(0).randint(1, 5000, (4, 40)), mindspore.int32)
     for widths in ((3, 4, 5), (3, 5)):
         print(f"filter widths {widths}:", TextCNN(widths)(ids).shape)"""),
    ("false-positive", None, "b9-densenet-concat-pool-duplicated",
     "a MindSpore DenseNet transition (PyNative) whose AvgPool2d is duplicated inside the new-features branch: ops.concat gets 16x16 and 8x8 maps",
     """\
     class DenseLayer(nn.Cell):
         def __init__(self, cin, growth, dup_pool):
             super().__init__()
             layers = [nn.BatchNorm2d(cin), nn.ReLU(), nn.Conv2d(cin, growth, 3, pad_mode="same")]
             if dup_pool:
                 layers.append(nn.AvgPool2d(2, 2))
             self.body = nn.SequentialCell(layers)
         def construct(self, x):
             return ops.concat((x, self.body(x)), 1)

     x = Tensor(np.random.RandomState(0).rand(2, 48, 16, 16).astype("float32"))
     for dup in (False, True):
         print(f"AvgPool2d duplicated={dup}:", DenseLayer(48, 12, dup)(x).shape)"""),
    ("crash", "not-implemented", "b9-bfloat16-vgg-conv2d",
     "a MindSpore VGG block (PyNative) cast to bfloat16 with to_float on the CPU: no bfloat16 Conv2D kernel is selected (float32 runs)",
     """\
     block = nn.SequentialCell([nn.Conv2d(3, 32, 3, pad_mode="same"), nn.ReLU(), nn.Conv2d(32, 32, 3, pad_mode="same"), nn.ReLU(), nn.MaxPool2d(2, 2)])
     x = np.random.RandomState(0).rand(2, 3, 32, 32).astype("float32")
     print("original (float32):", block(Tensor(x)).shape)
     block = block.to_float(mindspore.bfloat16)
     print("mutant (bfloat16):", block(Tensor(x, mindspore.bfloat16)).shape)"""),
    ("crash", "not-implemented", "b9-graph-mode-bfloat16-transformer-layernorm",
     "a MindSpore Transformer encoder layer (multi-head attention written with ops.matmul, nn.LayerNorm, nn.Dense) in GRAPH_MODE mutated to bfloat16 on the CPU: no bfloat16 LayerNorm kernel is selected (float32 runs)",
     """\
     mindspore.set_context(mode=mindspore.GRAPH_MODE)

     class EncoderLayer(nn.Cell):
         def __init__(self, d=64, heads=4):
             super().__init__()
             self.heads, self.dh = heads, d // heads
             self.qkv = nn.Dense(d, 3 * d)
             self.out = nn.Dense(d, d)
             self.norm1 = nn.LayerNorm((d,))
             self.norm2 = nn.LayerNorm((d,))
             self.ffn = nn.SequentialCell([nn.Dense(d, 4 * d), nn.GELU(), nn.Dense(4 * d, d)])
         def construct(self, x):
             b, t, d = x.shape
             q, k, v = ops.split(self.qkv(self.norm1(x)), d, -1)
             q = q.reshape(b, t, self.heads, self.dh).transpose(0, 2, 1, 3)
             k = k.reshape(b, t, self.heads, self.dh).transpose(0, 2, 1, 3)
             v = v.reshape(b, t, self.heads, self.dh).transpose(0, 2, 1, 3)
             a = ops.softmax(ops.matmul(q, k.transpose(0, 1, 3, 2)) / 4.0, -1)
             y = ops.matmul(a, v).transpose(0, 2, 1, 3).reshape(b, t, d)
             x = x + self.out(y)
             return x + self.ffn(self.norm2(x))

     x = np.random.RandomState(0).rand(2, 10, 64).astype("float32")
     layer = EncoderLayer()
     print("original (float32):", layer(Tensor(x)).shape)
     layer = EncoderLayer().to_float(mindspore.bfloat16)
     print("mutant (bfloat16):", layer(Tensor(x, mindspore.bfloat16)).shape)"""),
    ("nan", None, "b9-nan-autoencoder-log-zero-pixels",
     "a MindSpore convolutional autoencoder (PyNative) whose reconstruction loss is mutated from MSE to a log-likelihood without eps: ReLU outputs of exactly 0 give log(0) = -inf and 0 * -inf = NaN (counted with np.isnan)",
     """\
     class AE(nn.Cell):
         def __init__(self):
             super().__init__()
             self.enc = nn.SequentialCell([nn.Conv2d(1, 8, 3, stride=2, pad_mode="same"), nn.ReLU()])
             self.dec = nn.SequentialCell([nn.Conv2dTranspose(8, 1, 2, stride=2), nn.ReLU()])
         def construct(self, x):
             return self.dec(self.enc(x))

     mindspore.set_seed(0)
     x = Tensor((np.random.RandomState(0).rand(4, 1, 28, 28) > 0.7).astype("float32"))
     ae = AE()
     rec = ae(x)
     for name, loss in (("MSE", ops.mean((rec - x) ** 2)), ("mutant log-likelihood", -ops.mean(x * ops.log(rec) + (1 - x) * ops.log(1 - rec)))):
         v = loss.asnumpy()
         print(f"{name}: loss={v} NaN={bool(np.isnan(v))}")"""),
    ("inconsistency", None, "b9-inconsistency-gelu-approximate-vs-erf",
     "a Transformer feed-forward Cell converted from PyTorch by the mutation tester with nn.GELU() (MindSpore's default approximate=True, tanh form) checked against the PyTorch reference (exact erf GELU, recomputed with numpy and math.erf) on large activations: np.testing.assert_allclose fails",
     """\
     import math

     rs = np.random.RandomState(0)
     w1 = rs.randn(64, 256).astype("float32") * 0.5
     w2 = rs.randn(256, 64).astype("float32") * 0.1
     x = rs.randn(4, 64).astype("float32") * 2.0

     ffn = nn.SequentialCell([nn.Dense(64, 256, has_bias=False), nn.GELU(), nn.Dense(256, 64, has_bias=False)])
     ffn[0].weight.set_data(Tensor(w1.T))
     ffn[2].weight.set_data(Tensor(w2.T))
     out = ffn(Tensor(x)).asnumpy()

     erf = np.vectorize(math.erf)
     hid = x @ w1
     ref = (0.5 * hid * (1 + erf(hid / math.sqrt(2)))).astype("float32") @ w2
     print("max |mindspore - torch reference| =", float(np.abs(out - ref).max()))
     np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5, err_msg="FFN: MindSpore vs PyTorch reference")"""),
]
B9 += prefixed("mindspore", "mindspore", B9_MS_PRE, B9_MS)

add_batch(B9)

# ==========================================================================
# Tenth batch ("b10-" names), held out from the rules: a model-mutation
# tester aimed at the places where framework defects live: execution modes
# (torch.compile, torch.jit.script/trace, torch.export, tf.function with and
# without jit_compile=True, jax.jit / vmap / scan / sharding over forced host
# devices, ONNX Runtime optimisation levels and session options, MindSpore
# PyNative and GRAPH_MODE), dtypes (float16, bfloat16, float64, int8/uint8,
# bool, complex64) and boundaries (empty and size-1 dims, huge or negative
# sizes, extreme values, NaN/Inf inputs, strides and dilations at their
# limits) inside pieces of mainstream models (conv stacks, attention,
# normalisation, RNNs, embeddings, pooling, upsampling, losses).  Mostly
# illegal mutants the framework rightly rejects, with real crashes (kernels
# missing for a dtype the op supports for float32, internal errors of XLA and
# ONNX Runtime), NaN, inconsistencies between two modes, two dtypes or two
# frameworks, timeouts (alarms, pools and subprocess runners with short
# limits) and refused huge allocations.  Each entry: (framework, interpreter,
# KERAS_BACKEND or None, class, kind, name, how, code).
# ==========================================================================

B10 = [
    # ---- PyTorch (current) ----------------------------------------------------
    ("pytorch", "venv", None, "false-positive", None, "b10-export-attention-seq-below-min-dim",
     "a self-attention block exported with torch.export and a dynamic sequence dimension Dim('seq', min=8, max=128); the mutation runner then feeds the exported program a 4-token sequence (a boundary mutant below the declared minimum): the exported module's input guard rejects it",
     """\
     import torch
     import torch.nn as nn
     from torch.export import Dim, export

     class SelfAttention(nn.Module):
         def __init__(self, d=32, heads=4):
             super().__init__()
             self.norm = nn.LayerNorm(d)
             self.mha = nn.MultiheadAttention(d, heads, batch_first=True)
         def forward(self, x):
             h = self.norm(x)
             return x + self.mha(h, h, h, need_weights=False)[0]

     torch.manual_seed(0)
     block = SelfAttention().eval()
     seq = Dim("seq", min=8, max=128)
     ep = export(block, (torch.randn(2, 16, 32),), dynamic_shapes={"x": {1: seq}})
     runner = ep.module()
     print("exported with dynamic seq in [8, 128]", flush=True)
     for mid, length in (("M000 (seq=64)", 64), ("M001 (seq=128)", 128), ("M002 (seq=4)", 4)):
         print(f"mutant {mid}:", tuple(runner(torch.randn(2, length, 32)).shape), flush=True)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b10-resnet-downsample-same-padding-stride2",
     "a ResNet stage whose downsampling 3x3 conv has its explicit padding=1 mutated to padding='same' while keeping stride=2: nn.Conv2d refuses 'same' padding for strided convolutions; logged with the logging module",
     """\
     import logging
     import torch
     import torch.nn as nn

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
     log = logging.getLogger("mutator.resnet")

     class Downsample(nn.Module):
         def __init__(self, cin, cout, padding):
             super().__init__()
             self.conv1 = nn.Conv2d(cin, cout, 3, stride=2, padding=padding, bias=False)
             self.bn1 = nn.BatchNorm2d(cout)
             self.conv2 = nn.Conv2d(cout, cout, 3, padding=1, bias=False)
             self.bn2 = nn.BatchNorm2d(cout)
             self.proj = nn.Sequential(nn.Conv2d(cin, cout, 1, stride=2, bias=False), nn.BatchNorm2d(cout))
         def forward(self, x):
             y = torch.relu(self.bn1(self.conv1(x)))
             return torch.relu(self.bn2(self.conv2(y)) + self.proj(x))

     x = torch.randn(2, 64, 56, 56)
     for padding in (1, "same"):
         log.info("building layer2.0 with conv1 padding=%r", padding)
         y = Downsample(64, 128, padding)(x)
         log.info("layer2.0 output %s", tuple(y.shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b10-wavenet-dilation-doubling-past-input",
     "a WaveNet-style stack of causal dilated Conv1d layers (kernel 2, dilation doubling each layer) whose number of layers is mutated from 6 to 8 on a 64-sample window: after six layers one sample is left and the seventh layer (dilation 64) needs 65; run under unittest",
     """\
     import unittest
     import torch
     import torch.nn as nn

     class WaveNet(nn.Module):
         def __init__(self, layers, ch=16):
             super().__init__()
             self.inp = nn.Conv1d(1, ch, 1)
             self.dil = nn.ModuleList(nn.Conv1d(ch, 2 * ch, 2, dilation=2 ** i) for i in range(layers))
             self.res = nn.ModuleList(nn.Conv1d(ch, ch, 1) for _ in range(layers))
             self.out = nn.Conv1d(ch, 256, 1)
         def forward(self, x):
             h = self.inp(x)
             for d, r in zip(self.dil, self.res):
                 f, g = d(h).chunk(2, 1)
                 z = torch.tanh(f) * torch.sigmoid(g)
                 h = h[..., -z.size(-1):] + r(z)
             return self.out(h)

     class WaveNetMutants(unittest.TestCase):
         audio = torch.randn(4, 1, 64)
         def test_original_6_layers(self):
             self.assertEqual(WaveNet(6)(self.audio).shape[1], 256)
         def test_mutant_8_layers(self):
             self.assertEqual(WaveNet(8)(self.audio).shape[1], 256)

     if __name__ == "__main__":
         unittest.main(verbosity=2)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b10-byte-level-lm-uint8-token-ids",
     "a byte-level Transformer language model whose tokenizer mutant returns the raw bytes as a uint8 tensor instead of int64 ids: nn.Embedding accepts only Long or Int indices; the mutation tool's DeprecationWarning and UserWarning come first",
     """\
     import warnings
     import torch
     import torch.nn as nn

     warnings.simplefilter("always")

     def tokenize(text, mutated):
         data = text.encode("utf-8")
         if mutated:
             warnings.warn("DT-07: token ids cast to torch.uint8 (byte-level vocabulary fits in 8 bits)", UserWarning, stacklevel=2)
             return torch.frombuffer(bytearray(data), dtype=torch.uint8).unsqueeze(0)
         return torch.tensor(list(data), dtype=torch.long).unsqueeze(0)

     class ByteLM(nn.Module):
         def __init__(self, d=64):
             super().__init__()
             self.emb = nn.Embedding(256, d)
             self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(d, 4, 128, batch_first=True), 2, enable_nested_tensor=False)
             self.head = nn.Linear(d, 256)
         def forward(self, ids):
             return self.head(self.enc(self.emb(ids)))

     warnings.warn("mutation operators DT-* are experimental", DeprecationWarning)
     lm = ByteLM().eval()
     for mutated in (False, True):
         ids = tokenize("the quick brown fox jumps over the lazy dog", mutated)
         print("ids", ids.dtype, tuple(ids.shape), "-> logits", tuple(lm(ids).shape), flush=True)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b10-packed-gru-zero-length-utterance",
     "a speech-command GRU classifier that packs a padded batch with pack_padded_sequence; the mutant trims silence until one utterance has length 0 (an empty-sequence boundary): packing rejects the zero length; a runner prints progress per batch",
     """\
     import torch
     import torch.nn as nn
     from torch.nn.utils.rnn import pack_padded_sequence

     class KWS(nn.Module):
         def __init__(self):
             super().__init__()
             self.gru = nn.GRU(40, 64, batch_first=True, bidirectional=True)
             self.fc = nn.Linear(128, 12)
         def forward(self, feats, lengths):
             packed = pack_padded_sequence(feats, lengths, batch_first=True, enforce_sorted=False)
             _, h = self.gru(packed)
             return self.fc(torch.cat([h[0], h[1]], 1))

     torch.manual_seed(0)
     model = KWS().eval()
     batches = [torch.tensor([98, 75, 60, 81]), torch.tensor([98, 40, 12, 66]), torch.tensor([98, 33, 0, 51])]
     for i, lengths in enumerate(batches, 1):
         feats = torch.randn(4, 98, 40)
         print(f"[batch {i}/{len(batches)}] lengths={lengths.tolist()}", flush=True)
         with torch.no_grad():
             print("   logits", tuple(model(feats, lengths).shape), flush=True)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b10-sdpa-int8-padding-mask",
     "a Transformer encoder's attention written with F.scaled_dot_product_attention whose padding mask is mutated from bool to int8 (a dtype mutant): SDPA accepts only a bool mask, a float mask or one of the query's dtype; pytest-style output from the tester's own runner",
     """\
     import time
     import traceback
     import torch
     import torch.nn.functional as F

     def attention(x, mask, heads=4):
         b, t, d = x.shape
         q = k = v = x.view(b, t, heads, d // heads).transpose(1, 2)
         return F.scaled_dot_product_attention(q, k, v, attn_mask=mask[:, None, None, :]).transpose(1, 2).reshape(b, t, d)

     x = torch.randn(2, 10, 64)
     keep = torch.ones(2, 10, dtype=torch.bool)
     keep[1, 7:] = False

     def test_bool_mask():
         assert attention(x, keep).shape == x.shape
     def test_float_mask():
         assert attention(x, torch.zeros(2, 10).masked_fill(~keep, float("-inf"))).shape == x.shape
     def test_int8_mask_mutant():
         assert attention(x, keep.to(torch.int8)).shape == x.shape

     print("============================= test session starts ==============================")
     print("collected 3 items\\n")
     t0, failed = time.time(), []
     for fn in (test_bool_mask, test_float_mask, test_int8_mask_mutant):
         try:
             fn()
             print(f"test_sdpa_mutants.py::{fn.__name__} PASSED")
         except Exception:
             print(f"test_sdpa_mutants.py::{fn.__name__} FAILED")
             failed.append((fn.__name__, traceback.format_exc()))
     print("\\n=================================== FAILURES ===================================")
     for name, tb in failed:
         print(f"_____________________________ {name} _____________________________")
         print(tb)
     print("=========================== short test summary info ============================")
     for name, tb in failed:
         print(f"FAILED test_sdpa_mutants.py::{name} - {tb.strip().splitlines()[-1]}")
     print(f"========================= {len(failed)} failed, {3 - len(failed)} passed in {time.time() - t0:.2f}s =========================")
     raise SystemExit(1 if failed else 0)
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b10-half-multilabel-tagger-margin-loss",
     "a multi-label image tagger (small conv stack, global pooling, Linear over 20 tags) trained with F.multilabel_margin_loss, mutated from float32 to float16 on the CPU: the forward passes, the loss has no Half kernel (float32 runs)",
     """\
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     def tagger():
         torch.manual_seed(0)
         return nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                              nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
                              nn.Flatten(), nn.Linear(32, 20))

     imgs = torch.rand(6, 3, 32, 32)
     targets = torch.full((6, 20), -1, dtype=torch.long)
     for i in range(6):
         targets[i, :3] = torch.tensor([i, (i + 5) % 20, (i + 11) % 20])
     for dtype in (torch.float32, torch.float16):
         model = tagger().to(dtype)
         scores = model(imgs.to(dtype))
         print(f"{dtype}: tag scores {tuple(scores.shape)}", flush=True)
         loss = F.multilabel_margin_loss(scores, targets)
         print(f"{dtype}: multilabel margin loss {loss.item():.4f}", flush=True)
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b10-bfloat16-dirichlet-topic-vae",
     "a Dirichlet-VAE topic model (encoder MLP to softplus concentrations, torch.distributions.Dirichlet rsample, linear decoder over the vocabulary) mutated from float32 to bfloat16 on the CPU: the reparameterized Dirichlet sample has no BFloat16 kernel",
     """\
     import torch
     import torch.nn as nn
     import torch.nn.functional as F
     from torch.distributions import Dirichlet

     class DirVAE(nn.Module):
         def __init__(self, vocab=2000, topics=16):
             super().__init__()
             self.enc = nn.Sequential(nn.Linear(vocab, 128), nn.Softplus(), nn.Linear(128, topics))
             self.dec = nn.Linear(topics, vocab)
         def forward(self, bow):
             alpha = F.softplus(self.enc(bow)) + 1e-3
             theta = Dirichlet(alpha).rsample()
             return F.log_softmax(self.dec(theta), -1), alpha

     torch.manual_seed(0)
     bow = torch.poisson(torch.full((8, 2000), 0.05))
     for dtype in (torch.float32, torch.bfloat16):
         m = DirVAE().to(dtype)
         logp, alpha = m(bow.to(dtype))
         nll = -(bow.to(dtype) * logp).sum(-1).mean()
         print(f"{dtype}: reconstruction NLL {nll.item():.3f}, mean concentration {alpha.mean().item():.3f}", flush=True)
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b10-complex64-mri-cnn-avgpool",
     "a complex-valued CNN for MRI k-space reconstruction (complex64 Conv2d layers, a complex modReLU, AvgPool2d downsampling) whose input is kept complex (a dtype mutant that skips the magnitude/phase split): complex Conv2d runs, AvgPool2d has no ComplexFloat kernel",
     """\
     import torch
     import torch.nn as nn

     class ModReLU(nn.Module):
         def __init__(self, c):
             super().__init__()
             self.b = nn.Parameter(torch.full((1, c, 1, 1), -0.1))
         def forward(self, z):
             mag = z.abs()
             return torch.relu(mag + self.b) * z / (mag + 1e-6)

     class ComplexEncoder(nn.Module):
         def __init__(self, dtype):
             super().__init__()
             self.c1 = nn.Conv2d(1, 16, 3, padding=1, dtype=dtype)
             self.a1 = ModReLU(16)
             self.pool = nn.AvgPool2d(2)
             self.c2 = nn.Conv2d(16, 32, 3, padding=1, dtype=dtype)
         def forward(self, z):
             return self.c2(self.pool(self.a1(self.c1(z))))

     torch.manual_seed(0)
     kspace = torch.randn(2, 1, 64, 64, dtype=torch.complex64)
     image = torch.fft.ifft2(kspace)
     print("magnitude branch (float32):", tuple(ComplexEncoder(torch.float32)(image.abs()).shape), flush=True)
     print("complex branch (complex64):", tuple(ComplexEncoder(torch.complex64)(image).shape), flush=True)
     """),
    ("pytorch", "venv", None, "nan", None, "b10-nan-focal-loss-gamma-below-one",
     "a RetinaNet-style classification head trained with sigmoid focal loss whose focusing parameter gamma is mutated from 2.0 to 0.5: for confidently correct anchors p == 1 exactly, d/dp (1-p)**0.5 is infinite and multiplies a zero sigmoid gradient, the weights become NaN after the first step and the loss is NaN from then on",
     """\
     import torch
     import torch.nn as nn

     def focal_loss(logits, targets, gamma, alpha=0.25):
         p = torch.sigmoid(logits)
         pt = torch.where(targets == 1, p, 1 - p)
         at = torch.where(targets == 1, alpha, 1 - alpha)
         return (-at * (1 - pt) ** gamma * torch.log(pt.clamp_min(1e-12))).sum() / targets.sum().clamp_min(1)

     torch.manual_seed(0)
     feats = torch.randn(256, 64)
     targets = torch.zeros(256, 8)
     targets[torch.arange(256), torch.randint(0, 8, (256,))] = 1
     for gamma in (2.0, 0.5):
         head = nn.Linear(64, 8)
         with torch.no_grad():
             head.weight.copy_(targets.T @ feats / 8.0)
             head.bias.fill_(-30.0)
         opt = torch.optim.SGD(head.parameters(), lr=0.01)
         print(f"-- gamma={gamma}")
         for step in range(3):
             loss = focal_loss(head(feats), targets, gamma)
             opt.zero_grad()
             loss.backward()
             opt.step()
             print(f"step {step}: focal loss {loss.item():.6f}  grad-norm {head.weight.grad.norm().item():.4g}", flush=True)
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b10-inconsistency-compile-bilinear-inf-pixel",
     "a U-Net decoder's bilinear upsampling of a feature map holding one +inf activation (an extreme-value input mutant), run eagerly and under torch.compile (Inductor): eager keeps inf where the interpolation weight of the inf pixel is non-zero, the compiled kernel yields NaN at some of those positions; the differential check compares the non-finite pattern and the values with torch.testing.assert_close(equal_nan=True)",
     """\
     import torch
     import torch.nn.functional as F

     def up_block(x, skip):
         u = F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False)
         return torch.cat([u, skip], 1)

     torch.manual_seed(0)
     x = torch.randn(1, 4, 8, 8)
     x[0, 2, 3, 3] = float("inf")
     skip = torch.randn(1, 4, 16, 16)
     eager = up_block(x, skip)
     compiled = torch.compile(up_block)(x, skip)
     for name, y in (("eager", eager), ("inductor", compiled)):
         print(f"{name:9s}: nan={int(torch.isnan(y).sum())} inf={int(torch.isinf(y).sum())}", flush=True)
     torch.testing.assert_close(compiled, eager, equal_nan=True, rtol=1e-5, atol=1e-6,
                                msg=lambda m: "torch.compile vs eager (U-Net up block, inf input):\\n" + m)
     print("eager and compiled agree")
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b10-inconsistency-gelu-inf-float32-vs-float64",
     "a Transformer feed-forward block fed a hidden state holding +inf (an overflowed residual, an extreme-value mutant) evaluated in float32 and float64: GELU(+inf) is NaN in float32 (vectorized CPU kernel) and +inf in float64, so the two precisions disagree on which outputs are NaN; the tester compares NaN masks and fails",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     ffn = nn.Sequential(nn.Linear(16, 64), nn.GELU(), nn.Linear(64, 16))
     h = torch.randn(4, 16)
     h[1, 3] = float("inf")

     outs = {}
     for dtype in (torch.float32, torch.float64):
         m = ffn.to(dtype)
         with torch.no_grad():
             act = m[1](m[0](h.to(dtype)))
             outs[dtype] = act
         print(f"{str(dtype):14s}: GELU activations nan={int(torch.isnan(act).sum()):3d} +inf={int(torch.isposinf(act).sum()):3d}", flush=True)
     mismatch = (torch.isnan(outs[torch.float32]) != torch.isnan(outs[torch.float64])).sum().item()
     print("positions where float32 and float64 disagree on NaN:", mismatch)
     if mismatch:
         raise SystemExit(f"FFN GELU: float32 and float64 disagree on {mismatch} activations (tolerance: identical NaN masks)")
     """),
    ("pytorch", "venv", None, "timeout", None, "b10-timeout-pool-act-halting-threshold",
     "an adaptive-computation-time (ACT) recurrent cell whose halting threshold is mutated from 0.99 to 1.01 (cumulative halting probabilities never reach it, so the ponder loop never stops); the mutation runner evaluates it in a multiprocessing Pool and gives up after 6 s (multiprocessing.TimeoutError)",
     """\
     import multiprocessing as mp
     import time

     def ponder(threshold):
         import torch
         import torch.nn as nn
         torch.manual_seed(0)
         cell, halt = nn.GRUCell(32, 64), nn.Linear(64, 1)
         x, h = torch.randn(8, 32), torch.zeros(8, 64)
         cum, steps = torch.zeros(8), 0
         with torch.no_grad():
             while bool((cum < threshold).any()):
                 h = cell(x, h)
                 cum = (cum + torch.sigmoid(halt(h)).squeeze(1)).clamp(max=1.0)
                 steps += 1
         return steps

     if __name__ == "__main__":
         with mp.get_context("spawn").Pool(1) as pool:
             for threshold in (0.99, 1.01):
                 t0 = time.time()
                 res = pool.apply_async(ponder, (threshold,))
                 print(f"mutant halting_threshold={threshold}: submitted", flush=True)
                 steps = res.get(timeout=6)
                 print(f"  halted after {steps} ponder steps ({time.time() - t0:.1f} s)", flush=True)
     """),
    ("pytorch", "venv", None, "oom", None, "b10-oom-vit-unfold-patch-stride-one",
     "a ViT patch embedding implemented with F.unfold whose patch stride is mutated from 16 to 1 on an 8192x8192 image: the unfolded tensor (768 x 66.8M patches) needs 205 GB and the CPU allocator refuses it",
     """\
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     class PatchEmbed(nn.Module):
         def __init__(self, stride, patch=16, dim=192):
             super().__init__()
             self.patch, self.stride = patch, stride
             self.proj = nn.Linear(3 * patch * patch, dim)
         def forward(self, img):
             cols = F.unfold(img, self.patch, stride=self.stride)
             return self.proj(cols.transpose(1, 2))

     img = torch.zeros(1, 3, 8192, 8192)
     for stride in (16, 1):
         print(f"patch stride {stride}:", flush=True)
         tokens = PatchEmbed(stride)(img)
         print("   tokens", tuple(tokens.shape), flush=True)
     """),
    # ---- PyTorch 1.13 (system Python) -------------------------------------------
    ("pytorch-1.13", "system", None, "false-positive", None, "b10-jit-trace-stem-input-channels",
     "a ResNet stem traced with torch.jit.trace on RGB images and then run by the mutation runner on a 4-channel RGBA batch (an input-channel mutant): the traced graph's convolution rejects the channel count inside the TorchScript interpreter",
     """\
     import torch
     import torch.nn as nn

     stem = nn.Sequential(nn.Conv2d(3, 64, 7, stride=2, padding=3, bias=False), nn.BatchNorm2d(64), nn.ReLU(inplace=True),
                          nn.MaxPool2d(3, stride=2, padding=1)).eval()
     traced = torch.jit.trace(stem, torch.randn(1, 3, 224, 224))
     print("traced stem:", type(traced).__name__, "for input (1, 3, 224, 224)", flush=True)
     for name, c in (("RGB", 3), ("grayscale replicated", 3), ("RGBA", 4)):
         with torch.no_grad():
             print(f"{name:22s}", tuple(traced(torch.randn(2, c, 224, 224)).shape), flush=True)
     """, ),
    ("pytorch-1.13", "system", None, "false-positive", None, "b10-lstmp-proj-size-equals-hidden",
     "an LSTMP acoustic model (nn.LSTM with projection) whose proj_size is mutated from 256 to hidden_size=512 (the boundary where the projection no longer reduces the state): nn.LSTM requires proj_size < hidden_size",
     """\
     import torch
     import torch.nn as nn

     class AcousticModel(nn.Module):
         def __init__(self, proj):
             super().__init__()
             self.lstm = nn.LSTM(80, 512, num_layers=2, proj_size=proj, batch_first=True)
             self.out = nn.Linear(proj, 42)
         def forward(self, x):
             return self.out(self.lstm(x)[0])

     feats = torch.randn(3, 200, 80)
     for proj in (256, 512):
         print(f"proj_size={proj}", flush=True)
         print("  senone logits", tuple(AcousticModel(proj)(feats).shape), flush=True)
     """),
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b10-bfloat16-denoising-ae-mse-loss",
     "a convolutional denoising autoencoder (strided Conv2d encoder, nearest Upsample + Conv2d decoder) mutated from float32 to bfloat16 on the CPU under PyTorch 1.13: the convolutions and upsampling run in bfloat16, F.mse_loss has no BFloat16 kernel (float32 runs)",
     """\
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     def dae():
         torch.manual_seed(0)
         return nn.Sequential(nn.Conv2d(1, 16, 3, stride=2, padding=1), nn.ReLU(),
                              nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.ReLU(),
                              nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(32, 16, 3, padding=1), nn.ReLU(),
                              nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(16, 1, 3, padding=1), nn.Sigmoid())

     clean = torch.rand(8, 1, 28, 28)
     noisy = (clean + 0.3 * torch.randn_like(clean)).clamp(0, 1)
     for dtype in (torch.float32, torch.bfloat16):
         model = dae().to(dtype)
         rec = model(noisy.to(dtype))
         print(f"{dtype}: reconstruction {tuple(rec.shape)}", flush=True)
         loss = F.mse_loss(rec, clean.to(dtype))
         print(f"{dtype}: denoising MSE {loss.item():.5f}", flush=True)
     """),
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b10-jit-script-bfloat16-cyclegan-reflection-pad",
     "a CycleGAN ResNet-generator block (ReflectionPad2d, Conv2d, InstanceNorm2d) compiled with torch.jit.script and cast to bfloat16 by the mutant on PyTorch 1.13: the scripted float32 block runs, the bfloat16 one fails in reflection_pad2d (no BFloat16 kernel) inside the TorchScript interpreter",
     """\
     import torch
     import torch.nn as nn

     class ResnetBlock(nn.Module):
         def __init__(self, c):
             super().__init__()
             self.body = nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(c, c, 3), nn.InstanceNorm2d(c), nn.ReLU(True),
                                       nn.ReflectionPad2d(1), nn.Conv2d(c, c, 3), nn.InstanceNorm2d(c))
         def forward(self, x):
             return x + self.body(x)

     torch.manual_seed(0)
     x = torch.randn(1, 64, 32, 32)
     for dtype in (torch.float32, torch.bfloat16):
         block = torch.jit.script(ResnetBlock(64).to(dtype).eval())
         with torch.no_grad():
             print(f"scripted block ({dtype}):", tuple(block(x.to(dtype)).shape), flush=True)
     """),
    ("pytorch-1.13", "system", None, "nan", None, "b10-nan-sac-tanh-logprob-eps-deleted",
     "a soft actor-critic policy (Gaussian head squashed by tanh) whose log-probability correction log(1 - tanh(u)^2 + 1e-6) has the epsilon deleted: saturated actions give log(0) = -inf, the entropy term's gradient is NaN and the actor loss is NaN after one update",
     """\
     import torch
     import torch.nn as nn

     class Actor(nn.Module):
         def __init__(self):
             super().__init__()
             self.body = nn.Sequential(nn.Linear(17, 64), nn.ReLU(), nn.Linear(64, 12))
         def forward(self, s, eps):
             mu, log_std = self.body(s).chunk(2, -1)
             std = log_std.clamp(-5, 2).exp()
             u = mu + std * torch.randn_like(mu)
             a = torch.tanh(u)
             logp = torch.distributions.Normal(mu, std).log_prob(u) - torch.log(1 - a.pow(2) + eps)
             return a, logp.sum(-1)

     torch.manual_seed(0)
     states = torch.randn(64, 17) * 40.0
     for eps in (1e-6, 0.0):
         torch.manual_seed(1)
         actor = Actor()
         opt = torch.optim.Adam(actor.parameters(), 3e-4)
         print(f"== log-prob epsilon {eps}")
         for it in range(3):
             a, logp = actor(states, eps)
             loss = (0.2 * logp - a.sum(-1)).mean()
             opt.zero_grad()
             loss.backward()
             opt.step()
             print(f"update {it}: actor loss {loss.item():.4f}  |a|max {a.abs().max().item():.6f}")
     """),
    ("pytorch-1.13", "system", None, "oom", None, "b10-oom-pointnet-cdist-num-points",
     "a point-cloud model's kNN grouping (torch.cdist between all points) whose number of sampled points is mutated from 1024 to 2**21: the pairwise distance matrix needs 16 TiB and PyTorch 1.13's CPU allocator refuses it",
     """\
     import torch

     def knn_group(xyz, k=16):
         d = torch.cdist(xyz, xyz)
         return d.topk(k, largest=False).indices

     torch.manual_seed(0)
     for npoints in (1024, 2 ** 21):
         xyz = torch.rand(1, npoints, 3)
         print(f"npoints={npoints}: grouping", flush=True)
         idx = knn_group(xyz)
         print("   neighbour index", tuple(idx.shape), flush=True)
     """),
]

B10 += [
    # ---- TensorFlow ---------------------------------------------------------------
    ("tensorflow", "venv", None, "false-positive", None, "b10-xla-classifier-avgpool-ksize-zero",
     "a CNN classifier head (conv features, average pooling, dense logits) compiled with tf.function(jit_compile=True) whose pooling window and stride are mutated from 7 to 0: the jit-compiled function is rejected while it is traced (AvgPool stride must be > 0)",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     w = tf.random.normal([3, 3, 64, 128], stddev=0.05)
     dense = tf.random.normal([128, 10], stddev=0.05)

     def make_head(pool):
         @tf.function(jit_compile=True)
         def head(feat):
             h = tf.nn.relu(tf.nn.conv2d(feat, w, 1, "SAME"))
             h = tf.nn.avg_pool2d(h, pool, pool, "VALID")
             return tf.matmul(tf.reshape(h, [tf.shape(h)[0], -1]), dense)
         return head

     feat = tf.random.normal([4, 7, 7, 64])
     for pool in (7, 0):
         print(f"avg-pool window {pool}: logits", make_head(pool)(feat).shape, flush=True)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b10-yolov2-passthrough-space-to-depth-block-one",
     "a YOLOv2 passthrough (reorg) layer whose tf.nn.space_to_depth block size is mutated from 2 to 1 (the boundary value): SpaceToDepth requires block_size >= 2; the detector prints each mutant's feature shapes first",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     fine = tf.random.normal([2, 26, 26, 64])
     coarse = tf.random.normal([2, 13, 13, 1024])
     for mid, block in (("orig", 2), ("RB-3 block_size=1", 1)):
         print(f"[{mid}] fine {fine.shape} coarse {coarse.shape}", flush=True)
         reorg = tf.nn.space_to_depth(fine, block)
         merged = tf.concat([reorg, coarse], -1)
         print(f"[{mid}] passthrough -> {merged.shape}", flush=True)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b10-xla-int8-dense-matmul",
     "a quantization mutant that casts a dense layer's activations and weights to int8 inside a tf.function(jit_compile=True) inference step: tf.linalg.matmul has no int8 type in its signature and the call is rejected while tracing",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     w = tf.random.normal([256, 10])

     @tf.function(jit_compile=True)
     def logits(x, quantize):
         if quantize:
             scale = 127.0 / tf.reduce_max(tf.abs(x))
             xq = tf.cast(tf.round(x * scale), tf.int8)
             wq = tf.cast(tf.round(w * 127.0 / tf.reduce_max(tf.abs(w))), tf.int8)
             return tf.matmul(xq, wq)
         return tf.matmul(x, w)

     x = tf.random.normal([8, 256])
     print("float32 logits:", logits(x, False).shape, flush=True)
     print("int8 logits:", logits(x, True).shape, flush=True)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b10-fractional-avg-pool-ratio-below-one",
     "a fractional max/average pooling network (Graham's FMP) whose pooling ratio is mutated from 1.44 to 0.7 (below the boundary 1.0, i.e. upsampling): tf.nn.fractional_avg_pool rejects pooling_ratio < 1; logged with the logging module",
     """\
     import logging
     import tensorflow as tf

     logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
     log = logging.getLogger("fmp-mutants")
     tf.random.set_seed(0)
     x = tf.random.normal([4, 32, 32, 16])
     for ratio in (1.44, 0.7):
         log.info("pooling_ratio=%s", ratio)
         y, rows, cols = tf.nn.fractional_avg_pool(x, [1.0, ratio, ratio, 1.0], pseudo_random=True, seed=7)
         log.info("output %s", y.shape)
     """),
    ("tensorflow", "venv", None, "crash", None, "b10-xla-float16-detection-nms",
     "an SSD detection post-processing step (score thresholding and tf.image.non_max_suppression) compiled with tf.function(jit_compile=True) and mutated from float32 to float16 boxes and scores: XLA's lowering of NonMaxSuppressionV3 mixes f16 and f32 and fails with an InternalError (the float32 graph and the eager float16 call both run)",
     """\
     import tensorflow as tf

     @tf.function(jit_compile=True)
     def postprocess(boxes, scores):
         keep = tf.image.non_max_suppression(boxes, scores, max_output_size=20, iou_threshold=0.5, score_threshold=0.3)
         return tf.gather(boxes, keep)

     tf.random.set_seed(0)
     corners = tf.random.uniform([200, 4])
     boxes = tf.concat([tf.minimum(corners[:, :2], corners[:, 2:]), tf.maximum(corners[:, :2], corners[:, 2:])], 1)
     scores = tf.random.uniform([200])
     print("eager float16:", tf.image.non_max_suppression(tf.cast(boxes, tf.float16), tf.cast(scores, tf.float16), 20).shape, flush=True)
     for dtype in (tf.float32, tf.float16):
         kept = postprocess(tf.cast(boxes, dtype), tf.cast(scores, dtype))
         print(f"jit_compile {dtype.name}: kept boxes {kept.shape}", flush=True)
     """),
    ("tensorflow", "venv", None, "crash", "not-implemented", "b10-bfloat16-negative-binomial-loss-lgamma",
     "a count-data autoencoder (scVI-style) whose negative-binomial reconstruction loss is mutated from float32 to bfloat16: tf.math.lgamma has CPU kernels for float16, float32 and float64 but none for bfloat16 (only the XLA device lists one), so the eager op fails with NotFoundError",
     """\
     import tensorflow as tf

     def nb_nll(x, mu, theta):
         eps = tf.cast(1e-8, x.dtype)
         log_theta_mu = tf.math.log(theta + mu + eps)
         ll = (theta * (tf.math.log(theta + eps) - log_theta_mu) + x * (tf.math.log(mu + eps) - log_theta_mu)
               + tf.math.lgamma(x + theta) - tf.math.lgamma(theta) - tf.math.lgamma(x + 1.0))
         return -tf.reduce_mean(tf.reduce_sum(ll, -1))

     tf.random.set_seed(0)
     counts = tf.random.poisson([16, 500], 2.0)
     enc = tf.random.normal([500, 10], stddev=0.05)
     dec = tf.random.normal([10, 500], stddev=0.05)
     for dtype in (tf.float32, tf.bfloat16):
         x = tf.cast(counts, dtype)
         z = tf.matmul(tf.math.log1p(x), tf.cast(enc, dtype))
         mu = tf.exp(tf.matmul(z, tf.cast(dec, dtype)))
         theta = tf.ones_like(mu) * tf.cast(5.0, dtype)
         print(f"{dtype.name}: NB loss", float(nb_nll(x, mu, theta)), flush=True)
     """),
    ("tensorflow", "venv", None, "nan", None, "b10-nan-xla-groupnorm-1x1-eps-zero",
     "a GroupNorm layer (written by hand, groups == channels, i.e. instance normalisation) applied after global pooling to a 1x1 map, with epsilon mutated from 1e-5 to 0, inside a tf.function(jit_compile=True) training step: every group holds a single value, variance 0, (x - mean) / sqrt(0) = 0/0 = NaN; the loop prints the loss per step",
     """\
     import tensorflow as tf

     tf.random.set_seed(0)
     w = tf.Variable(tf.random.normal([3, 3, 3, 32], stddev=0.1))
     gamma = tf.Variable(tf.ones([32]))
     dense = tf.Variable(tf.random.normal([32, 10], stddev=0.1))

     def group_norm(x, groups, eps):
         n, h, wd, c = x.shape
         g = tf.reshape(x, [n, h, wd, groups, c // groups])
         mean, var = tf.nn.moments(g, [1, 2, 4], keepdims=True)
         return tf.reshape((g - mean) / tf.sqrt(var + eps), [n, h, wd, c]) * gamma

     @tf.function(jit_compile=True)
     def step(x, y, eps):
         with tf.GradientTape() as tape:
             h = tf.nn.relu(tf.nn.conv2d(x, w, 1, "SAME"))
             h = tf.reduce_mean(h, [1, 2], keepdims=True)
             h = group_norm(h, 32, eps)
             logits = tf.matmul(tf.reshape(h, [-1, 32]), dense)
             loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
         grads = tape.gradient(loss, [w, gamma, dense])
         for v, g in zip([w, gamma, dense], grads):
             v.assign_sub(0.01 * g)
         return loss

     x = tf.random.normal([8, 16, 16, 3])
     y = tf.random.uniform([8], 0, 10, tf.int32)
     for eps in (1e-5, 0.0):
         print(f"group norm epsilon={eps}")
         for i in range(3):
             print(f"  step {i}: loss = {float(step(x, y, tf.constant(eps))):.4f}", flush=True)
     """),
    ("tensorflow", "venv", None, "timeout", None, "b10-timeout-maxpool-ksize-int-max",
     "a feature-pyramid pooling branch whose max-pool window is mutated to 2**31-1 with SAME padding (an integer-boundary mutant): the CPU MaxPool kernel does not return; the runner runs the mutant in a ProcessPoolExecutor worker, waits 8 s (concurrent.futures.TimeoutError) and kills the worker",
     """\
     import concurrent.futures as cf
     import os
     import signal
     import time

     def pooled_shape(ksize):
         import tensorflow as tf
         feat = tf.random.normal([1, 8, 8, 3])
         return tuple(tf.nn.max_pool2d(feat, ksize, 1, "SAME").shape)

     if __name__ == "__main__":
         ex = cf.ProcessPoolExecutor(max_workers=1)
         try:
             for ksize in (3, 2 ** 31 - 1):
                 t0 = time.time()
                 fut = ex.submit(pooled_shape, ksize)
                 print(f"mutant pool ksize={ksize}: waiting (limit 8 s)", flush=True)
                 print(f"  -> {fut.result(timeout=8)} in {time.time() - t0:.1f} s", flush=True)
         finally:
             for pid in list(getattr(ex, "_processes", {}) or {}):
                 os.kill(pid, signal.SIGKILL)
             ex.shutdown(wait=False, cancel_futures=True)
     """),
    ("tensorflow", "venv", None, "oom", None, "b10-oom-vit-extract-patches-stride-one",
     "a ViT patchify step for grayscale whole-slide tiles (tf.image.extract_patches, 64x64 patches) whose patch stride is mutated from 64 to 1 on an 8192x8192 tile: the patch tensor needs about 1 TiB and the allocation fails with ResourceExhaustedError (OOM when allocating tensor)",
     """\
     import tensorflow as tf

     tile = tf.zeros([1, 8192, 8192, 1])
     for stride in (64, 1):
         patches = tf.image.extract_patches(tile, [1, 64, 64, 1], [1, stride, stride, 1], [1, 1, 1, 1], "VALID")
         print(f"stride {stride}: patches {patches.shape}", flush=True)
     """),
    # ---- Keras 3 (backend in the name) -------------------------------------------
    ("keras", "venv", "tensorflow", "false-positive", None, "b10-tensorflow-unet-cropping-exceeds-map",
     "a Keras U-Net whose skip-connection Cropping2D is mutated from ((4, 4), (4, 4)) to ((14, 14), (14, 14)) on the 28x28 encoder map: Keras rejects cropping that is not smaller than the spatial size",
     """\
     import keras
     from keras import layers

     def unet(crop):
         inp = keras.Input((68, 68, 1))
         e1 = layers.Conv2D(16, 3, activation="relu")(inp)
         e1 = layers.Conv2D(16, 3, activation="relu")(e1)
         e2 = layers.Conv2D(32, 3, activation="relu")(layers.MaxPooling2D(2)(e1))
         e2 = layers.Conv2D(32, 3, activation="relu")(e2)
         b = layers.Conv2D(64, 3, activation="relu")(layers.MaxPooling2D(2)(e2))
         b = layers.Conv2D(64, 3, activation="relu")(b)
         u2 = layers.Conv2DTranspose(32, 2, strides=2)(b)
         skip = layers.Cropping2D(crop)(e2)
         d2 = layers.Conv2D(32, 3, activation="relu")(layers.Concatenate()([u2, skip]))
         return keras.Model(inp, layers.Conv2D(1, 1, activation="sigmoid")(d2))

     for crop in (((4, 4), (4, 4)), ((14, 14), (14, 14))):
         print("cropping", crop, "->", unet(crop).output.shape, flush=True)
     """),
    ("keras", "venv", "tensorflow", "crash", "not-implemented", "b10-tensorflow-float16-video-maxpooling3d",
     "a Keras C3D-style video classifier (Conv3D, MaxPooling3D, GlobalAveragePooling3D, Dense) built with the float16 dtype policy on the TensorFlow backend: Conv3D runs in float16, MaxPooling3D has no float16 CPU kernel (NotFoundError: Could not find device for node MaxPool3D T=DT_HALF; float32 runs)",
     """\
     import numpy as np
     import keras
     from keras import layers

     def c3d(policy):
         keras.config.set_dtype_policy(policy)
         return keras.Sequential([keras.Input((8, 32, 32, 3)),
                                  layers.Conv3D(16, 3, padding="same", activation="relu"), layers.MaxPooling3D((1, 2, 2)),
                                  layers.Conv3D(32, 3, padding="same", activation="relu"), layers.MaxPooling3D(2),
                                  layers.GlobalAveragePooling3D(), layers.Dense(5)])

     clips = np.random.RandomState(0).rand(2, 8, 32, 32, 3).astype("float32")
     for policy in ("float32", "float16"):
         model = c3d(policy)
         print(f"policy {policy}: logits", model.predict(clips, verbose=0).shape, flush=True)
     """),
    ("keras", "venv", "tensorflow", "inconsistency", None, "b10-tensorflow-inconsistency-maxpool-nan-pixel-vs-torch",
     "a Keras CNN block (Conv2D, MaxPooling2D) on the TensorFlow backend fed an image with one NaN pixel (a corrupted-sensor input mutant), checked against the same block in PyTorch with copied weights: TensorFlow's max pooling drops the NaN (returns the window's finite maximum) while PyTorch propagates it; the tester requires identical NaN masks",
     """\
     import numpy as np
     import keras
     from keras import layers
     import torch
     import torch.nn.functional as F

     rs = np.random.RandomState(0)
     img = rs.rand(1, 8, 8, 3).astype("float32")
     img[0, 2, 5, 1] = np.nan

     block = keras.Sequential([keras.Input((8, 8, 3)), layers.Conv2D(4, 1, use_bias=False), layers.MaxPooling2D(2)])
     k = block.layers[0].get_weights()[0]
     ours = np.asarray(block(img))

     x = torch.from_numpy(img).permute(0, 3, 1, 2)
     ref = F.max_pool2d(F.conv2d(x, torch.from_numpy(k).permute(3, 2, 0, 1)), 2).permute(0, 2, 3, 1).numpy()
     print("keras/tensorflow NaN outputs:", int(np.isnan(ours).sum()), " torch NaN outputs:", int(np.isnan(ref).sum()))
     np.testing.assert_allclose(ours, ref, rtol=1e-5, atol=1e-6, equal_nan=True,
                                err_msg="MaxPooling2D with a NaN pixel: keras(tensorflow) vs torch")
     """),
    ("keras", "venv", "jax", "false-positive", None, "b10-jax-pixelcnn-conv2d-causal-padding",
     "a Keras PixelCNN whose masked 2-D convolutions are mutated to Conv2D(padding='causal') (a padding mode only Conv1D supports): the layer constructor rejects it",
     """\
     import keras
     from keras import layers

     def pixelcnn(padding):
         inp = keras.Input((28, 28, 1))
         h = layers.Conv2D(32, 7, padding=padding, activation="relu")(inp)
         for _ in range(3):
             h = layers.Conv2D(32, 3, padding=padding, activation="relu")(h)
         return keras.Model(inp, layers.Conv2D(256, 1)(h))

     for padding in ("same", "causal"):
         print(f"padding={padding!r}:", pixelcnn(padding).output.shape, flush=True)
     """),
    ("keras", "venv", "jax", "false-positive", None, "b10-jax-spatial-dropout-noise-shape",
     "a Keras text classifier whose word-level dropout is mutated to Dropout(noise_shape=(1, 50)) while the embedded batch is (8, 40, 64) (sequence length shortened, noise shape kept): the mask cannot be broadcast to the input during training",
     """\
     import numpy as np
     import keras
     from keras import layers

     def classifier(seq_len, noise):
         inp = keras.Input((seq_len,), dtype="int32")
         h = layers.Embedding(5000, 64)(inp)
         h = layers.Dropout(0.3, noise_shape=noise)(h)
         h = layers.GlobalAveragePooling1D()(h)
         return keras.Model(inp, layers.Dense(2)(h))

     ids = np.random.RandomState(0).randint(1, 5000, (8, 40))
     model = classifier(40, (1, 50, 1))
     model.compile("adam", keras.losses.SparseCategoricalCrossentropy(from_logits=True))
     print("fitting mutant noise_shape=(1, 50, 1) on sequences of 40", flush=True)
     model.fit(ids, np.zeros(8), epochs=1, verbose=2)
     """),
    ("keras", "venv", "jax", "nan", None, "b10-jax-nan-bfloat16-one-pass-variance",
     "a custom Keras normalisation layer computing the variance in one pass (E[x^2] - E[x]^2) under the bfloat16 dtype policy on features with a large offset (about 300): cancellation gives negative variances and keras.ops.sqrt returns NaN; the model's predictions are checked with np.isnan",
     """\
     import numpy as np
     import keras
     from keras import layers, ops

     class OnePassNorm(layers.Layer):
         def call(self, x):
             mean = ops.mean(x, -1, keepdims=True)
             var = ops.mean(x * x, -1, keepdims=True) - mean * mean
             return (x - mean) / ops.sqrt(var)

     x = (300.0 + np.random.RandomState(0).rand(4, 64)).astype("float32")
     for policy in ("float32", "bfloat16"):
         keras.config.set_dtype_policy(policy)
         model = keras.Sequential([keras.Input((64,)), OnePassNorm(), layers.Dense(8)])
         y = np.asarray(model(x)).astype("float32")
         print(f"{policy}: output NaN count {int(np.isnan(y).sum())} of {y.size}; first row {y[0, :4]}")
     """),
    ("keras", "venv", "torch", "false-positive", None, "b10-torch-mha-key-dim-zero",
     "a Keras Transformer block whose key_dim is computed as embed_dim // num_heads with num_heads mutated from 4 to 64 on a 32-dim embedding (key_dim becomes 0, a zero-size boundary): MultiHeadAttention rejects key_dim=0",
     """\
     import keras
     from keras import layers

     def encoder_block(embed_dim=32, num_heads=4):
         inp = keras.Input((20, embed_dim))
         att = layers.MultiHeadAttention(num_heads=num_heads, key_dim=embed_dim // num_heads)(inp, inp)
         h = layers.LayerNormalization()(inp + att)
         ffn = layers.Dense(embed_dim)(layers.Dense(64, activation="gelu")(h))
         return keras.Model(inp, layers.LayerNormalization()(h + ffn))

     for heads in (4, 64):
         print(f"num_heads={heads}: key_dim={32 // heads}", flush=True)
         print("   ", encoder_block(num_heads=heads).output.shape, flush=True)
     """),
    ("keras", "venv", "torch", "oom", None, "b10-torch-oom-upsampling-size",
     "a Keras super-resolution head whose UpSampling2D factor is mutated from 4 to 2**14 on a 32x32x3 map (the output would be 524288 x 524288 x 3 floats, 3 TiB): the torch backend's CPU allocator refuses it",
     """\
     import numpy as np
     import keras
     from keras import layers

     x = np.random.RandomState(0).rand(1, 32, 32, 3).astype("float32")
     for factor in (4, 2 ** 14):
         head = keras.Sequential([keras.Input((32, 32, 3)), layers.UpSampling2D(factor, interpolation="nearest")])
         print(f"upsampling x{factor}:", flush=True)
         print("   ", tuple(head(x).shape), flush=True)
     """),
    # ---- JAX ------------------------------------------------------------------------
    ("jax", "venv", None, "false-positive", None, "b10-sharded-batch-not-divisible",
     "a data-parallel MLP step on 4 forced host CPU devices (XLA_FLAGS --xla_force_host_platform_device_count=4, a Mesh with a 'data' axis and NamedSharding) whose batch size is mutated from 8 to 6: device_put rejects a batch dimension not divisible by the 4 shards",
     """\
     import os
     os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"
     import jax
     import jax.numpy as jnp
     import numpy as np
     from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

     mesh = Mesh(np.array(jax.devices()), ("data",))
     batch_sharding = NamedSharding(mesh, P("data"))
     print("devices:", jax.devices(), flush=True)

     @jax.jit
     def step(w, x):
         return jnp.tanh(x @ w).mean()

     w = jax.random.normal(jax.random.key(0), (32, 16))
     for batch in (8, 6):
         x = jax.device_put(jnp.ones((batch, 32)), batch_sharding)
         print(f"batch {batch}: sharding {x.sharding.spec}, loss {float(step(w, x)):.4f}", flush=True)
     """),
    ("jax", "venv", None, "false-positive", None, "b10-dot-product-attention-head-dim-mismatch",
     "a grouped-query attention layer calling jax.nn.dot_product_attention under jax.jit whose key projection's head dimension is mutated from 16 to 12: the query/key and value head sizes disagree and the call is rejected",
     """\
     import jax
     import jax.numpy as jnp

     def attention(x, wq, wk, wv, heads=4):
         b, t, _ = x.shape
         q = (x @ wq).reshape(b, t, heads, -1)
         k = (x @ wk).reshape(b, t, heads, -1)
         v = (x @ wv).reshape(b, t, heads, -1)
         return jax.nn.dot_product_attention(q, k, v, is_causal=True).reshape(b, t, -1)

     keys = jax.random.split(jax.random.key(0), 4)
     x = jax.random.normal(keys[0], (2, 10, 64))
     for kdim in (16, 12):
         wq = jax.random.normal(keys[1], (64, 64)) * 0.1
         wk = jax.random.normal(keys[2], (64, 4 * kdim)) * 0.1
         wv = jax.random.normal(keys[3], (64, 64)) * 0.1
         print(f"key head dim {kdim}:", jax.jit(attention)(x, wq, wk, wv).shape, flush=True)
     """),
    ("jax", "venv", None, "false-positive", None, "b10-kv-cache-update-longer-than-cache",
     "a decoder's KV cache updated with jax.lax.dynamic_update_slice inside jax.jit, with the prompt chunk length mutated from 16 to 40 for a 32-slot cache (a size boundary): the update is larger than the operand and is rejected",
     """\
     import jax
     import jax.numpy as jnp

     @jax.jit
     def write_cache(cache, new_kv, pos):
         return jax.lax.dynamic_update_slice(cache, new_kv, (0, pos, 0, 0))

     cache = jnp.zeros((1, 32, 8, 64))
     for chunk in (16, 40):
         kv = jnp.ones((1, chunk, 8, 64))
         cache2 = write_cache(cache, kv, 0)
         print(f"prefill chunk {chunk}: cache filled {int((cache2[0, :, 0, 0] != 0).sum())}/32", flush=True)
     """),
    ("jax", "venv", None, "false-positive", None, "b10-associative-scan-length-mismatch",
     "a linear recurrent layer (an S4/LRU-style diagonal recurrence h_t = a_t * h_{t-1} + b_t) computed with jax.lax.associative_scan whose decay sequence is mutated to drop the last time step: the scanned arrays disagree in their leading dimension and the scan is rejected",
     """\
     import jax
     import jax.numpy as jnp

     def combine(left, right):
         a1, b1 = left
         a2, b2 = right
         return a1 * a2, a2 * b1 + b2

     def lru(decay, inputs):
         return jax.lax.associative_scan(combine, (decay, inputs))[1]

     key = jax.random.key(0)
     u = jax.random.normal(key, (128, 64))
     lam = jnp.full((128, 64), 0.95)
     print("original:", jax.jit(lru)(lam, u).shape, flush=True)
     print("mutant (decay[:-1]):", jax.jit(lru)(lam[:-1], u).shape, flush=True)
     """),
    ("jax", "venv", None, "crash", "not-implemented", "b10-bfloat16-gp-head-cholesky",
     "a deep-kernel-learning Gaussian-process head (RBF kernel on learned features, Cholesky solve for the posterior mean) under jax.jit mutated from float32 to bfloat16: jnp.linalg.cholesky has no bfloat16 CPU implementation (float32 runs)",
     """\
     import jax
     import jax.numpy as jnp

     def gp_posterior_mean(feats_train, y, feats_test, noise=0.1):
         def rbf(a, b):
             d2 = jnp.sum(a * a, -1)[:, None] + jnp.sum(b * b, -1)[None, :] - 2 * a @ b.T
             return jnp.exp(-0.5 * d2)
         k = rbf(feats_train, feats_train) + noise * jnp.eye(feats_train.shape[0], dtype=feats_train.dtype)
         chol = jnp.linalg.cholesky(k)
         alpha = jax.scipy.linalg.cho_solve((chol, True), y)
         return rbf(feats_test, feats_train) @ alpha

     key = jax.random.key(0)
     w = jax.random.normal(key, (8, 4)) * 0.3
     x_train, x_test = jax.random.normal(key, (32, 8)), jax.random.normal(jax.random.key(1), (5, 8))
     y = jnp.sin(x_train.sum(-1))
     for dtype in (jnp.float32, jnp.bfloat16):
         f = jax.jit(gp_posterior_mean)
         mean = f(jnp.tanh(x_train @ w).astype(dtype), y.astype(dtype), jnp.tanh(x_test @ w).astype(dtype))
         print(dtype.__name__, "posterior mean", mean.astype(jnp.float32))
     """),
    ("jax", "venv", None, "inconsistency", None, "b10-inconsistency-int8-quantize-cast-vs-torch",
     "an int8 post-training quantization of a conv layer's activations whose scale is mutated from max|x|/127 to max|x|/300 (codes leave the int8 range), computed in JAX and in PyTorch: JAX's float-to-int8 conversion saturates at +-127/-128 while PyTorch's wraps around, so the two frameworks' int8 codes and dequantized activations disagree beyond the tolerance of one quantization step",
     """\
     import numpy as np
     import jax.numpy as jnp
     import torch

     rs = np.random.RandomState(0)
     act = (rs.randn(4, 64) * 3.0).astype(np.float32)
     for divisor in (127.0, 300.0):
         scale = np.float32(np.abs(act).max() / divisor)
         q_jax = np.asarray(jnp.round(jnp.asarray(act) / scale).astype(jnp.int8))
         q_torch = torch.round(torch.from_numpy(act) / scale).to(torch.int8).numpy()
         deq_err = np.abs(q_jax.astype(np.float32) - q_torch.astype(np.float32)).max() * scale
         print(f"scale=max/{divisor:g}: codes differ at {int((q_jax != q_torch).sum())} positions, max dequantized difference {deq_err:.4f} (one step {scale:.4f})", flush=True)
         np.testing.assert_allclose(q_jax.astype(np.float32) * scale, q_torch.astype(np.float32) * scale, atol=float(scale),
                                    err_msg=f"int8 quantization scale max/{divisor:g}: jax vs torch")
     """),
    ("jax", "venv", None, "timeout", None, "b10-timeout-alarm-jit-retrace-per-step",
     "an autoregressive sampler whose mutant feeds the whole growing sequence to a jax.jit-compiled step (instead of a fixed-size buffer), so every decoding step has a new shape and is traced and compiled again; the runner's signal.alarm(8) handler stops it with a TimeoutError",
     """\
     import signal
     import time
     import jax
     import jax.numpy as jnp

     def on_alarm(signum, frame):
         raise TimeoutError("mutant DEC-dynamic-shape exceeded its 8 s budget")

     emb = jax.random.normal(jax.random.key(0), (512, 64))
     w = jax.random.normal(jax.random.key(1), (64, 512))

     @jax.jit
     def next_token(tokens):
         h = jnp.tanh(emb[tokens].mean(0))
         return jnp.argmax(h @ w)

     signal.signal(signal.SIGALRM, on_alarm)
     signal.alarm(8)
     tokens, t0 = [1], time.time()
     while len(tokens) < 4096:
         tokens.append(int(next_token(jnp.array(tokens))))
         if len(tokens) % 10 == 0:
             print(f"{len(tokens)} tokens, {time.time() - t0:.1f} s, {next_token._cache_size()} compiled shapes", flush=True)
     print("sampled", len(tokens), "tokens")
     """),
    ("jax", "venv", None, "oom", None, "b10-oom-jit-resize-feature-map",
     "a segmentation decoder's final jax.image.resize under jax.jit whose output size is mutated from the 512x512 image size to 2**20 x 2**20: XLA cannot allocate the 4 TiB result and raises RESOURCE_EXHAUSTED",
     """\
     import jax
     import jax.numpy as jnp

     def upsample(logits, size):
         return jax.image.resize(logits, (logits.shape[0], size, size, logits.shape[-1]), "bilinear")

     logits = jnp.ones((1, 64, 64, 1))
     f = jax.jit(upsample, static_argnums=1)
     for size in (512, 2 ** 20):
         mask = f(logits, size).block_until_ready()
         print(f"resize to {size}x{size}:", mask.shape, flush=True)
     """),
]

B10_ORT_PRE = """\
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as T, helper as h, numpy_helper as nh

LEVELS = {"disable": ort.GraphOptimizationLevel.ORT_DISABLE_ALL, "basic": ort.GraphOptimizationLevel.ORT_ENABLE_BASIC,
          "extended": ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED, "all": ort.GraphOptimizationLevel.ORT_ENABLE_ALL}

def session(nodes, inputs, outputs, inits=(), opset=21, level="all", threads=0, log_severity=2):
    g = h.make_graph(nodes, "mutant", inputs, outputs, list(inits))
    m = h.make_model(g, opset_imports=[h.make_opsetid("", opset)])
    m.ir_version = 10
    so = ort.SessionOptions()
    so.graph_optimization_level = LEVELS[level]
    so.intra_op_num_threads = threads
    so.log_severity_level = log_severity
    return ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])

def vi(name, dtype, shape):
    return h.make_tensor_value_info(name, dtype, shape)
"""
B10_ORT = [
    ("false-positive", None, "b10-cyclegan-reflect-pad-exceeds-map",
     "a CycleGAN generator residual block graph (Pad mode=reflect, Conv, InstanceNormalization, Relu) run at optimisation level ORT_ENABLE_EXTENDED whose reflect padding is mutated from 1 to 4 on the 4x4 bottleneck map: reflect padding must be smaller than the dimension and the Pad kernel rejects it",
     """\
     rs = np.random.RandomState(0)
     w = nh.from_array(rs.randn(64, 64, 3, 3).astype("float32") * 0.05, "w")
     s = nh.from_array(np.ones(64, "float32"), "s")
     b = nh.from_array(np.zeros(64, "float32"), "b")
     x = rs.randn(1, 64, 4, 4).astype("float32")
     for p in (1, 4):
         pads = nh.from_array(np.array([0, 0, p, p, 0, 0, p, p], "int64"), "pads")
         k = 2 * p + 1
         wk = nh.from_array(rs.randn(64, 64, k, k).astype("float32") * 0.05, "w")
         sess = session([h.make_node("Pad", ["x", "pads"], ["xp"], mode="reflect"), h.make_node("Conv", ["xp", "w"], ["c"]),
                         h.make_node("InstanceNormalization", ["c", "s", "b"], ["n"]), h.make_node("Relu", ["n"], ["r"]),
                         h.make_node("Add", ["x", "r"], ["y"])],
                        [vi("x", T.FLOAT, [1, 64, 4, 4])], [vi("y", T.FLOAT, None)], [wk, s, b, pads], level="extended")
         print(f"reflect pad {p}:", sess.run(None, {"x": x})[0].shape, flush=True)"""),
    ("false-positive", None, "b10-dcgan-convtranspose-output-padding",
     "a DCGAN generator up-sampling graph (ConvTranspose stride 2, BatchNormalization, Relu) whose output_padding is mutated from 1 to 2 (equal to the stride, past the legal boundary): the ConvTranspose kernel rejects output_padding >= stride",
     """\
     rs = np.random.RandomState(0)
     w = nh.from_array(rs.randn(128, 64, 4, 4).astype("float32") * 0.02, "w")
     bn = [nh.from_array(v, n) for v, n in ((np.ones(64, "float32"), "g"), (np.zeros(64, "float32"), "b"), (np.zeros(64, "float32"), "m"), (np.ones(64, "float32"), "v"))]
     z = rs.randn(2, 128, 8, 8).astype("float32")
     for op in (1, 2):
         sess = session([h.make_node("ConvTranspose", ["z", "w"], ["u"], strides=[2, 2], pads=[1, 1, 2, 2], output_padding=[op, op]),
                         h.make_node("BatchNormalization", ["u", "g", "b", "m", "v"], ["n"]), h.make_node("Relu", ["n"], ["y"])],
                        [vi("z", T.FLOAT, [2, 128, 8, 8])], [vi("y", T.FLOAT, None)], [w] + bn)
         print(f"output_padding={op}:", sess.run(None, {"z": z})[0].shape, flush=True)"""),
    ("false-positive", None, "b10-byte-lm-gather-uint8-ids",
     "a byte-level language model's embedding graph (Gather from a 256-row table, ReduceMean, MatMul head) whose token-id input is mutated from int64 to uint8: Gather's indices must be int32 or int64 and the model fails type checking when the session is created",
     """\
     rs = np.random.RandomState(0)
     table = nh.from_array(rs.randn(256, 64).astype("float32") * 0.1, "table")
     head = nh.from_array(rs.randn(64, 256).astype("float32") * 0.1, "head")
     text = np.frombuffer("hello onnx runtime".encode(), dtype=np.uint8)[None, :]
     for dt, npdt in ((T.INT64, "int64"), (T.UINT8, "uint8")):
         sess = session([h.make_node("Gather", ["table", "ids"], ["e"]), h.make_node("ReduceMean", ["e"], ["p"], axes=[1], keepdims=0),
                         h.make_node("MatMul", ["p", "head"], ["logits"])],
                        [vi("ids", dt, [1, None])], [vi("logits", T.FLOAT, None)], [table, head], opset=17)
         print(f"ids {npdt}:", sess.run(None, {"ids": text.astype(npdt)})[0].shape, flush=True)"""),
    ("false-positive", None, "b10-espcn-depth-to-space-blocksize",
     "an ESPCN super-resolution graph (Conv to C*r*r channels, DepthToSpace) whose upscale factor is mutated from 2 to 3 in DepthToSpace only while the conv still emits 3*2*2 = 12 channels: DepthToSpace requires the depth to be a multiple of blocksize squared; session logging at verbose level",
     """\
     rs = np.random.RandomState(0)
     w = nh.from_array(rs.randn(12, 32, 3, 3).astype("float32") * 0.05, "w")
     feat = rs.randn(1, 32, 24, 24).astype("float32")
     for r in (2, 3):
         sess = session([h.make_node("Conv", ["f", "w"], ["c"], pads=[1, 1, 1, 1]), h.make_node("DepthToSpace", ["c"], ["y"], blocksize=r, mode="CRD")],
                        [vi("f", T.FLOAT, [1, 32, 24, 24])], [vi("y", T.FLOAT, None)], [w], log_severity=1)
         print(f"DepthToSpace blocksize={r}:", sess.run(None, {"f": feat})[0].shape, flush=True)"""),
    ("crash", None, "b10-uint8-preprocess-resize-cubic",
     "an image pre-processing graph that resizes a uint8 NCHW camera frame with Resize(mode='cubic') before normalising it (the mutant moves the Cast to float after the Resize; the Resize schema allows uint8): the CPU kernel fails an internal type check (Tensor::MutableData<float> on a uint8 tensor, 'Tensor type mismatch') while linear and nearest modes run",
     """\
     rs = np.random.RandomState(0)
     frame = rs.randint(0, 256, (1, 3, 120, 160)).astype("uint8")
     scales = nh.from_array(np.array([1, 1, 2, 2], "float32"), "scales")
     mean = nh.from_array(np.array([0.485, 0.456, 0.406], "float32").reshape(1, 3, 1, 1) * 255, "mean")
     for mode in ("nearest", "linear", "cubic"):
         sess = session([h.make_node("Resize", ["img", "", "scales"], ["r"], mode=mode), h.make_node("Cast", ["r"], ["f"], to=T.FLOAT),
                         h.make_node("Sub", ["f", "mean"], ["y"])],
                        [vi("img", T.UINT8, [1, 3, 120, 160])], [vi("y", T.FLOAT, None)], [scales, mean])
         print(f"Resize mode={mode}:", sess.run(None, {"img": frame})[0].shape, flush=True)"""),
    ("crash", "not-implemented", "b10-srgan-discriminator-prelu-float64",
     "an SRGAN discriminator's dense head graph (Flatten, MatMul, Add, PRelu, MatMul, Sigmoid) mutated from float32 to float64 (a type PRelu's schema allows) and run with ORT_DISABLE_ALL: the CPU provider has no double PRelu kernel (float32 runs)",
     """\
     rs = np.random.RandomState(0)
     def run(dt, npdt):
         w1 = nh.from_array(rs.randn(512 * 6 * 6, 1024).astype(npdt) * 0.01, "w1")
         b1 = nh.from_array(np.zeros(1024, npdt), "b1")
         slope = nh.from_array(np.full(1024, 0.2, npdt), "slope")
         w2 = nh.from_array(rs.randn(1024, 1).astype(npdt) * 0.05, "w2")
         sess = session([h.make_node("Flatten", ["feat"], ["f"]), h.make_node("MatMul", ["f", "w1"], ["a"]), h.make_node("Add", ["a", "b1"], ["ab"]),
                         h.make_node("PRelu", ["ab", "slope"], ["p"]), h.make_node("MatMul", ["p", "w2"], ["z"]), h.make_node("Sigmoid", ["z"], ["y"])],
                        [vi("feat", dt, [None, 512, 6, 6])], [vi("y", dt, None)], [w1, b1, slope, w2], level="disable")
         return sess.run(None, {"feat": rs.randn(4, 512, 6, 6).astype(npdt)})[0].shape
     print("original (float32):", run(T.FLOAT, "float32"), flush=True)
     print("mutant (float64):", run(T.DOUBLE, "float64"), flush=True)"""),
    ("nan", None, "b10-nan-cmvn-silent-segment",
     "a keyword-spotting graph whose front end applies cepstral mean and variance normalisation with MeanVarianceNormalization over the time axis; the mutant input is a silent (all-zero) segment: every feature has zero variance and MVN produces 0/0 = NaN features and NaN keyword scores; the runner prints the scores per segment",
     """\
     rs = np.random.RandomState(0)
     w = nh.from_array(rs.randn(40, 12).astype("float32") * 0.1, "w")
     sess = session([h.make_node("MeanVarianceNormalization", ["feats"], ["n"], axes=[1]), h.make_node("ReduceMean", ["n"], ["p"], axes=[1], keepdims=0),
                     h.make_node("MatMul", ["p", "w"], ["z"]), h.make_node("Softmax", ["z"], ["scores"], axis=-1)],
                    [vi("feats", T.FLOAT, [1, None, 40])], [vi("scores", T.FLOAT, None)], [w], opset=13)
     segments = {"speech": rs.randn(1, 98, 40).astype("float32"), "noise": 0.01 * rs.randn(1, 98, 40).astype("float32"), "silence": np.zeros((1, 98, 40), "float32")}
     for name, feats in segments.items():
         scores = sess.run(None, {"feats": feats})[0]
         print(f"{name:8s}: top keyword {int(np.nanargmax(scores)) if np.isfinite(scores).any() else -1}, scores[:4]={scores[0, :4]}")"""),
    ("inconsistency", None, "b10-inconsistency-globalmaxpool-nan-vs-torch",
     "a CNN classifier exported to ONNX (Conv, Relu, GlobalMaxPool, Gemm) checked against the PyTorch reference on an image holding one NaN pixel (a corrupted-input mutant): ONNX Runtime's GlobalMaxPool skips the NaN and returns finite logits while PyTorch's amax propagates NaN; np.testing.assert_allclose(equal_nan=True) fails",
     """\
     import torch
     import torch.nn.functional as F

     rs = np.random.RandomState(0)
     wc = rs.randn(16, 3, 3, 3).astype("float32") * 0.2
     wf = rs.randn(16, 10).astype("float32") * 0.2
     sess = session([h.make_node("Conv", ["img", "wc"], ["c"], pads=[1, 1, 1, 1]), h.make_node("Relu", ["c"], ["r"]),
                     h.make_node("GlobalMaxPool", ["r"], ["g"]), h.make_node("Flatten", ["g"], ["f"]), h.make_node("Gemm", ["f", "wf"], ["logits"])],
                    [vi("img", T.FLOAT, [None, 3, 16, 16])], [vi("logits", T.FLOAT, None)], [nh.from_array(wc, "wc"), nh.from_array(wf, "wf")])
     img = rs.rand(2, 3, 16, 16).astype("float32")
     img[1, 0, 7, 9] = np.nan
     ours = sess.run(None, {"img": img})[0]
     x = torch.from_numpy(img)
     ref = (F.relu(F.conv2d(x, torch.from_numpy(wc), padding=1)).amax((2, 3)) @ torch.from_numpy(wf)).numpy()
     print("onnxruntime logits (image 1):", ours[1, :4])
     print("pytorch     logits (image 1):", ref[1, :4])
     np.testing.assert_allclose(ours, ref, rtol=1e-4, atol=1e-5, equal_nan=True, err_msg="GlobalMaxPool head with a NaN pixel: onnxruntime vs torch")"""),
]
B10 += prefixed("onnxruntime", "venv", B10_ORT_PRE, B10_ORT)

B10_MS_PRE = """\
import numpy as np
import mindspore
from mindspore import Tensor, nn, ops
mindspore.set_context(mode=mindspore.PYNATIVE_MODE)
mindspore.set_device("CPU")
"""
B10_MS = [
    ("false-positive", None, "b10-graph-mode-dilation-overflow",
     "a MindSpore dilated-convolution context module (DeepLab ASPP branch) in GRAPH_MODE whose dilation rate is mutated from 6 to 2**30: the effective kernel overflows the output-shape computation and shape inference rejects the negative size",
     """\
     mindspore.set_context(mode=mindspore.GRAPH_MODE)

     class ASPPBranch(nn.Cell):
         def __init__(self, rate):
             super().__init__()
             self.conv = nn.Conv2d(256, 64, 3, pad_mode="valid", dilation=rate, has_bias=False)
             self.bn = nn.BatchNorm2d(64)
             self.relu = nn.ReLU()
         def construct(self, x):
             return self.relu(self.bn(self.conv(x)))

     x = Tensor(np.random.RandomState(0).rand(1, 256, 33, 33).astype("float32"))
     for rate in (6, 2 ** 30):
         print(f"atrous rate {rate}:", ASPPBranch(rate)(x).shape)"""),
    ("false-positive", None, "b10-avgpool-kernel-larger-than-map",
     "a MindSpore MobileNet head whose final AvgPool2d kernel is mutated from 7 to 14 while the last feature map is 7x7 (a classifier built for 448-pixel inputs run on 224): AvgPool rejects the negative output size",
     """\
     class Head(nn.Cell):
         def __init__(self, k):
             super().__init__()
             self.pool = nn.AvgPool2d(k, 1)
             self.flat = nn.Flatten()
             self.fc = nn.Dense(1280, 1000)
         def construct(self, x):
             return self.fc(self.flat(self.pool(x)))

     feat = Tensor(np.random.RandomState(0).rand(2, 1280, 7, 7).astype("float32"))
     for k in (7, 14):
         print(f"AvgPool2d kernel {k}:", Head(k)(feat).shape)"""),
    ("false-positive", None, "b10-interpolate-negative-scale",
     "a MindSpore FPN top-down pathway whose upsampling scale_factor is mutated from 2.0 to -2.0 (a sign mutant): ops.interpolate rejects a non-positive scale factor; the runner prints each level",
     """\
     c5 = Tensor(np.random.RandomState(0).rand(1, 256, 8, 8).astype("float32"))
     c4 = Tensor(np.random.RandomState(1).rand(1, 256, 16, 16).astype("float32"))
     lateral = nn.Conv2d(256, 256, 1)
     for scale in (2.0, -2.0):
         print(f"[FPN] top-down scale_factor={scale}")
         up = ops.interpolate(c5, scale_factor=scale, mode="nearest", recompute_scale_factor=True)
         print("      P4 =", (lateral(c4) + up).shape)"""),
    ("crash", "not-implemented", "b10-bfloat16-lm-embedding-gather",
     "a MindSpore GPT-style language model (nn.Embedding, a Dense decoder head) whose embedding cell is cast to bfloat16 with to_float on the CPU: no Gather kernel is selected for a bfloat16 table (float32 and float16 tables run)",
     """\
     class TinyLM(nn.Cell):
         def __init__(self, dtype):
             super().__init__()
             self.emb = nn.Embedding(1000, 64).to_float(dtype)
             self.head = nn.Dense(64, 1000)
         def construct(self, ids):
             return self.head(self.emb(ids).astype(mindspore.float32))

     ids = Tensor(np.random.RandomState(0).randint(0, 1000, (2, 16)), mindspore.int32)
     for dtype in (mindspore.float32, mindspore.float16, mindspore.bfloat16):
         print(f"embedding table {dtype}:", TinyLM(dtype)(ids).shape)"""),
    ("nan", None, "b10-nan-empty-sentence-cosine",
     "a MindSpore sentence-retrieval model (mean-pooled nn.Embedding with padding_idx=0, cosine similarity written as dot / (norm * norm)) whose eps in the denominator is deleted; the mutant query is an empty sentence (all padding): its pooled vector is zero and the similarity is 0/0 = NaN",
     """\
     class Encoder(nn.Cell):
         def __init__(self):
             super().__init__()
             self.emb = nn.Embedding(500, 32, padding_idx=0)
         def construct(self, ids):
             mask = (ids != 0).astype(mindspore.float32).expand_dims(-1)
             return (self.emb(ids) * mask).sum(1) / ops.maximum(mask.sum(1), 1.0)

     def cosine(a, b):
         return (a * b).sum(-1) / (ops.norm(a, dim=-1) * ops.norm(b, dim=-1))

     mindspore.set_seed(0)
     enc = Encoder()
     docs = Tensor(np.random.RandomState(0).randint(1, 500, (4, 12)), mindspore.int32)
     queries = {"query 'tensor shapes'": [[17, 251, 3, 0, 0, 0]], "empty query": [[0, 0, 0, 0, 0, 0]]}
     d = enc(docs)
     for name, q in queries.items():
         sims = cosine(enc(Tensor(np.array(q), mindspore.int32)), d)
         print(f"{name}: similarities {sims.asnumpy()}  any NaN: {bool(np.isnan(sims.asnumpy()).any())}")"""),
    ("inconsistency", None, "b10-inconsistency-relu-nan-vs-torch",
     "a MindSpore MLP block (Dense, ReLU, Dense) converted from PyTorch by the mutation tester, fed a feature vector holding a NaN (a corrupted-input mutant) and checked against the PyTorch reference recomputed with numpy (torch.relu propagates NaN): MindSpore's ReLU maps NaN to 0 in PyNative and GRAPH_MODE, so the outputs differ; np.testing.assert_allclose(equal_nan=True) fails",
     """\
     rs = np.random.RandomState(0)
     w1 = rs.randn(16, 32).astype("float32") * 0.3
     w2 = rs.randn(32, 4).astype("float32") * 0.3
     x = rs.randn(3, 16).astype("float32")
     x[2, 5] = np.nan

     mlp = nn.SequentialCell([nn.Dense(16, 32, has_bias=False), nn.ReLU(), nn.Dense(32, 4, has_bias=False)])
     mlp[0].weight.set_data(Tensor(w1.T))
     mlp[2].weight.set_data(Tensor(w2.T))
     ref = np.where(np.isnan(x @ w1), np.nan, np.maximum(x @ w1, 0)) @ w2
     for mode, name in ((mindspore.PYNATIVE_MODE, "PyNative"), (mindspore.GRAPH_MODE, "GRAPH_MODE")):
         mindspore.set_context(mode=mode)
         out = mlp(Tensor(x)).asnumpy()
         print(f"{name}: row 2 = {out[2]}   torch reference row 2 = {ref[2]}")
     np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5, equal_nan=True, err_msg="MLP with a NaN feature: MindSpore vs PyTorch reference")"""),
    ("timeout", None, "b10-timeout-alarm-lr-zero",
     "a MindSpore training loop that runs until the loss falls below 0.05, with the optimizer's learning rate mutated from 0.05 to 0.0 (the loss never moves); the runner's signal.alarm(8) handler stops the mutant with a TimeoutError",
     """\
     import signal
     import time

     def on_alarm(signum, frame):
         raise TimeoutError("mutant OPT-lr=0.0 did not converge within 8 s")

     net = nn.SequentialCell([nn.Dense(8, 32), nn.ReLU(), nn.Dense(32, 1)])
     loss_fn = nn.MSELoss()
     opt = nn.SGD(net.trainable_params(), learning_rate=0.0)
     train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
     rs = np.random.RandomState(0)
     x = Tensor(rs.randn(64, 8).astype("float32"))
     y = Tensor(rs.randn(64, 1).astype("float32"))
     signal.signal(signal.SIGALRM, on_alarm)
     signal.alarm(8)
     step, t0, loss = 0, time.time(), 1.0
     while loss >= 0.05:
         loss = float(train(x, y).asnumpy())
         step += 1
         if step % 200 == 0:
             print(f"step {step}: loss {loss:.4f} ({time.time() - t0:.1f} s)", flush=True)
     print("converged after", step, "steps")"""),
]
B10 += prefixed("mindspore", "mindspore", B10_MS_PRE, B10_MS)

add_batch(B10)

# Eleventh batch ("b11-" names), held out from the rules: a tester exercising
# the paths users take around the model rather than only its forward pass:
# training (optimizers, LR schedulers, gradient clipping and accumulation,
# autocast/GradScaler and mixed-precision policies, custom losses and
# metrics), data pipelines (DataLoader workers and collate functions, tf.data
# map/batch/prefetch, mindspore.dataset, jax host data loops), save/load and
# conversion (state dicts, torch.load weights_only, tf.train.Checkpoint,
# .keras files, callbacks, torch.onnx.export then ONNX Runtime, external
# data, MindSpore checkpoints), quantization (torch.ao static and weight-only,
# ONNX Runtime quantize_dynamic/quantize_static, TFLite converter and
# interpreter, Keras model.quantize), custom ops and callbacks
# (torch.library, jax.pure_callback, Keras callbacks) and single-machine
# distributed runs on CPU (gloo in 2 processes, jax.shard_map over forced host
# devices, MirroredStrategy over logical CPUs).  Each entry: (framework,
# interpreter, KERAS_BACKEND or None, class, kind, name, how, code).
# ==========================================================================

B11 = [
    # ---- PyTorch (current) -----------------------------------------------------
    ("pytorch", "venv", None, "false-positive", None, "b11-gloo-allreduce-band-gradient-sync",
     "a data-parallel CNN trained in 2 processes (torch.multiprocessing.spawn, gloo backend over TCP) that averages gradients by hand with dist.all_reduce; the reduce op is mutated from ReduceOp.SUM to ReduceOp.BAND: gloo rejects a bitwise AND on float gradients and mp.spawn re-raises the rank's error with interleaved rank output before it",
     """\
     import os
     import socket
     import torch
     import torch.distributed as dist
     import torch.multiprocessing as mp
     import torch.nn as nn
     import torch.nn.functional as F

     SYNC_OP = dist.ReduceOp.BAND     # mutant GRAD-SYNC-03 (original: dist.ReduceOp.SUM)

     class SmallCNN(nn.Module):
         def __init__(self):
             super().__init__()
             self.conv1 = nn.Conv2d(1, 8, 3, padding=1)
             self.conv2 = nn.Conv2d(8, 16, 3, padding=1)
             self.fc = nn.Linear(16 * 7 * 7, 10)
         def forward(self, x):
             x = F.max_pool2d(F.relu(self.conv1(x)), 2)
             x = F.max_pool2d(F.relu(self.conv2(x)), 2)
             return self.fc(x.flatten(1))

     def average_gradients(model, world):
         for p in model.parameters():
             dist.all_reduce(p.grad, op=SYNC_OP)
             p.grad /= world

     def worker(rank, world, port):
         dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=world)
         torch.manual_seed(0)
         model = SmallCNN()
         opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
         g = torch.Generator().manual_seed(100 + rank)
         for step in range(3):
             x = torch.randn(16, 1, 28, 28, generator=g)
             y = torch.randint(0, 10, (16,), generator=g)
             loss = F.cross_entropy(model(x), y)
             opt.zero_grad()
             loss.backward()
             print(f"[rank {rank}] step {step} local loss {loss.item():.4f}", flush=True)
             average_gradients(model, world)
             opt.step()
         dist.destroy_process_group()

     if __name__ == "__main__":
         with socket.socket() as s:
             s.bind(("127.0.0.1", 0))
             port = s.getsockname()[1]
         print(f"launching 2 gloo ranks on port {port}", flush=True)
         mp.spawn(worker, args=(2, port), nprocs=2, join=True)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b11-ptq-dcgan-convtranspose-per-channel-qconfig",
     "eager-mode post-training static quantization (torch.ao.quantization prepare/convert) of a DCGAN generator made of ConvTranspose2d layers, with the quantization engine mutated from qnnpack to x86: the x86 default qconfig uses a per-channel weight observer, which prepare() refuses for ConvTranspose; logged with the logging module after the deprecation warnings",
     """\
     import logging
     import torch
     import torch.nn as nn
     from torch.ao.quantization import DeQuantStub, QuantStub, convert, get_default_qconfig, prepare

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)-7s %(name)s | %(message)s")
     log = logging.getLogger("ptq.dcgan")

     class Generator(nn.Module):
         def __init__(self, nz=64, ngf=32):
             super().__init__()
             self.quant = QuantStub()
             self.net = nn.Sequential(
                 nn.ConvTranspose2d(nz, ngf * 4, 4, 1, 0, bias=False), nn.BatchNorm2d(ngf * 4), nn.ReLU(),
                 nn.ConvTranspose2d(ngf * 4, ngf * 2, 4, 2, 1, bias=False), nn.BatchNorm2d(ngf * 2), nn.ReLU(),
                 nn.ConvTranspose2d(ngf * 2, ngf, 4, 2, 1, bias=False), nn.BatchNorm2d(ngf), nn.ReLU(),
                 nn.ConvTranspose2d(ngf, 3, 4, 2, 1, bias=False))
             self.dequant = DeQuantStub()
         def forward(self, z):
             return torch.tanh(self.dequant(self.net(self.quant(z))))

     torch.manual_seed(0)
     gen = Generator().eval()
     log.info("float generator: %s", tuple(gen(torch.randn(2, 64, 1, 1)).shape))
     engine = "x86"      # mutant Q-ENGINE (original recipe: qnnpack, per-tensor weight observers)
     torch.backends.quantized.engine = engine
     gen.qconfig = get_default_qconfig(engine)
     log.info("qconfig for %s: %s", engine, gen.qconfig)
     prepared = prepare(gen)
     for i in range(8):
         prepared(torch.randn(16, 64, 1, 1))
         log.info("calibration batch %d/8", i + 1)
     qgen = convert(prepared)
     log.info("int8 generator: %s", tuple(qgen(torch.randn(2, 64, 1, 1)).shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b11-resume-checkpoint-pickled-config-weights-only",
     "a training checkpoint (model and AdamW state dicts) saved with torch.save whose mutant also pickles the training-config dataclass object; resuming with torch.load and the default weights_only=True is refused by the weights-only unpickler (unsupported global __main__.TrainConfig)",
     """\
     import dataclasses
     import os
     import tempfile
     import torch
     import torch.nn as nn

     @dataclasses.dataclass
     class TrainConfig:
         vocab: int = 5000
         dim: int = 64
         classes: int = 4
         lr: float = 3e-4

     class TextClassifier(nn.Module):
         def __init__(self, cfg):
             super().__init__()
             self.emb = nn.EmbeddingBag(cfg.vocab, cfg.dim, mode="mean")
             self.fc = nn.Linear(cfg.dim, cfg.classes)
         def forward(self, ids, offsets):
             return self.fc(self.emb(ids, offsets))

     cfg = TrainConfig()
     model = TextClassifier(cfg)
     opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
     ids, offsets = torch.randint(0, cfg.vocab, (40,)), torch.tensor([0, 10, 25])
     loss = nn.functional.cross_entropy(model(ids, offsets), torch.tensor([0, 3, 1]))
     loss.backward()
     opt.step()

     ckpt_dir = tempfile.mkdtemp(prefix="ckpt-")
     path = os.path.join(ckpt_dir, "epoch_0001.pt")
     # mutant CKPT-02: the whole config object is pickled next to the state dicts (original: dataclasses.asdict(cfg))
     torch.save({"epoch": 1, "model": model.state_dict(), "optim": opt.state_dict(), "config": cfg}, path)
     print(f"saved {path} ({os.path.getsize(path)} bytes)")

     state = torch.load(path)
     model.load_state_dict(state["model"])
     print("resumed from epoch", state["epoch"])
     """),
    ("pytorch", "venv", None, "false-positive", None, "b11-onecycle-lr-stepped-per-micro-batch",
     "a CNN training loop with gradient accumulation (4 micro-batches per optimizer step) and OneCycleLR sized for the optimizer steps, whose mutant calls scheduler.step() for every micro-batch: OneCycleLR refuses to step past total_steps; tqdm-style progress lines and the scheduler-order UserWarning come first",
     """\
     import sys
     import time
     import torch
     import torch.nn as nn
     from torch.utils.data import DataLoader, TensorDataset

     def bar(i, n, t0, postfix, width=30):
         done = int(width * i / n)
         rate = i / max(time.time() - t0, 1e-6)
         return f"{100 * i // n:3d}%|{'#' * done}{' ' * (width - done)}| {i}/{n} [{time.time() - t0:05.2f}<?, {rate:.2f}it/s, {postfix}]"

     torch.manual_seed(0)
     ds = TensorDataset(torch.randn(640, 3, 16, 16), torch.randint(0, 10, (640,)))
     loader = DataLoader(ds, batch_size=16, shuffle=True)
     model = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10))
     opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
     epochs, accum = 3, 4
     sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.4, total_steps=epochs * len(loader) // accum)
     print(f"OneCycleLR: total_steps={epochs * len(loader) // accum} ({len(loader)} micro-batches/epoch, accumulation {accum})")
     for epoch in range(epochs):
         t0 = time.time()
         for i, (x, y) in enumerate(loader, 1):
             loss = nn.functional.cross_entropy(model(x), y) / accum
             loss.backward()
             if i % accum == 0:
                 opt.step()
                 opt.zero_grad()
             sched.step()    # mutant SCHED-07: moved out of the `if i % accum == 0` block
             if i % 10 == 0 or i == len(loader):
                 print(f"epoch {epoch + 1}/{epochs}: " + bar(i, len(loader), t0, f"loss={loss.item() * accum:.3f}, lr={sched.get_last_lr()[0]:.4f}"), flush=True)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b11-gradscaler-unscale-every-micro-step",
     "mixed-precision training of a Transformer encoder classifier with torch.autocast('cpu', float16) and torch.amp.GradScaler('cpu') with gradient accumulation and clipping, whose mutant calls scaler.unscale_(optimizer) on every micro-batch instead of once per optimizer step: GradScaler refuses a second unscale_ before update()",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(64, 4, 128, batch_first=True, dropout=0.0), 2)
     head = nn.Linear(64, 2)
     params = list(enc.parameters()) + list(head.parameters())
     opt = torch.optim.AdamW(params, lr=1e-3)
     scaler = torch.amp.GradScaler("cpu", init_scale=2.0 ** 10)
     accum_steps, max_norm = 4, 1.0
     data = [(torch.randn(8, 32, 64), torch.randint(0, 2, (8,))) for _ in range(12)]

     for step, (x, y) in enumerate(data):
         with torch.autocast("cpu", dtype=torch.float16):
             logits = head(enc(x).mean(1))
             loss = nn.functional.cross_entropy(logits.float(), y) / accum_steps
         scaler.scale(loss).backward()
         # mutant AMP-11: unscale/clip moved out of the `if (step + 1) % accum_steps == 0` block
         scaler.unscale_(opt)
         gnorm = nn.utils.clip_grad_norm_(params, max_norm)
         print(f"micro-step {step}: loss {loss.item() * accum_steps:.4f}  grad-norm {gnorm.item():.3f}  scale {scaler.get_scale():.0f}", flush=True)
         if (step + 1) % accum_steps == 0:
             scaler.step(opt)
             scaler.update()
             opt.zero_grad(set_to_none=True)
             print(f"optimizer step {(step + 1) // accum_steps} done", flush=True)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b11-custom-op-returns-input-alias",
     "a two-tower recommender whose L2 normalization is a torch.library.custom_op (with a register_fake) mutated to normalize in place and return its input: the custom-op machinery rejects an output that aliases an input",
     """\
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     @torch.library.custom_op("recsys::l2_normalize", mutates_args=())
     def l2_normalize(x: torch.Tensor, eps: float) -> torch.Tensor:
         # mutant OPT-INPLACE: normalizes in place to save the copy (original: x / x.norm(...).clamp_min(eps))
         return x.div_(x.norm(dim=-1, keepdim=True).clamp_min(eps))

     @l2_normalize.register_fake
     def _(x, eps):
         return torch.empty_like(x)

     class TwoTower(nn.Module):
         def __init__(self, users=1000, items=5000, dim=32):
             super().__init__()
             self.user = nn.Embedding(users, dim)
             self.item = nn.Embedding(items, dim)
         def forward(self, u, i):
             with torch.no_grad():
                 uv = l2_normalize(self.user(u), 1e-6)
                 iv = l2_normalize(self.item(i), 1e-6)
             return (uv * iv).sum(-1)

     torch.manual_seed(0)
     model = TwoTower().eval()
     u = torch.randint(0, 1000, (256,))
     i = torch.randint(0, 5000, (256,))
     print("checking custom op recsys::l2_normalize on", tuple(model.user(u).shape))
     scores = model(u, i)
     print("top-5 scores:", scores.topk(5).values)
     """),
    ("pytorch", "venv", None, "crash", "segfault", "b11-dlrm-embeddingbag-null-sentinel-offsets",
     "a DLRM-style recommender whose collate function builds nn.EmbeddingBag offsets as the running sum of the users' history lengths; the mutant batch carries the export job's INT32_MIN null sentinel as one user's length, so the offsets after it are hugely negative: EmbeddingBag does not validate them and the process dies of SIGSEGV (faulthandler traceback) instead of raising",
     """\
     import numpy as np
     import torch
     import torch.nn as nn

     INT32_MIN = np.iinfo(np.int32).min   # "missing" sentinel written by the feature export job

     class DLRMSparse(nn.Module):
         def __init__(self, items=50000, dim=32):
             super().__init__()
             self.history = nn.EmbeddingBag(items, dim, mode="sum")
             self.top = nn.Sequential(nn.Linear(dim, 64), nn.ReLU(), nn.Linear(64, 1))
         def forward(self, ids, offsets):
             return self.top(self.history(ids, offsets)).squeeze(-1)

     def collate(rows):
         # rows: (history_len, item ids); the offsets are the running sum of the lengths
         lengths = torch.tensor([n for n, _ in rows], dtype=torch.int64)
         ids = torch.cat([torch.as_tensor(items, dtype=torch.int64) for _, items in rows])
         offsets = torch.cat([torch.zeros(1, dtype=torch.int64), lengths.cumsum(0)[:-1]])
         return ids, offsets

     rng = np.random.default_rng(0)
     def make_batch(corrupt):
         rows = []
         for u in range(64):
             n = int(rng.integers(5, 40))
             rows.append((n, rng.integers(0, 50000, n)))
         if corrupt:
             # mutant DATA-NULL: the length column of user 17 holds the export job's null sentinel
             rows[17] = (INT32_MIN, rows[17][1])
         return rows

     torch.manual_seed(0)
     model = DLRMSparse().eval()
     for step, corrupt in enumerate((False, False, True)):
         ids, offsets = collate(make_batch(corrupt))
         with torch.no_grad():
             ctr = torch.sigmoid(model(ids, offsets))
         print(f"batch {step}: {ids.numel()} ids, offsets[15:20]={offsets[15:20].tolist()}, mean CTR {ctr.mean().item():.4f}", flush=True)
     """),
    ("pytorch", "venv", None, "crash", None, "b11-bfloat16-orthogonal-rnn-parametrization",
     "an orthogonal RNN whose 8x8 recurrent Linear is wrapped with torch.nn.utils.parametrizations.orthogonal (matrix_exp trivialization), built directly in bfloat16 by the mutant: geqrf has no BFloat16 kernel, register_parametrization swallows the NotImplementedError of right_inverse and leaves the trivialization base as None, and the first forward fails inside torch with TypeError: unsupported operand type(s) for @: 'NoneType' and 'Tensor' (the float32 model trains)",
     '''\
     import torch
     import torch.nn as nn
     from torch.nn.utils.parametrizations import orthogonal

     class OrthoRNN(nn.Module):
         """RNN whose recurrent matrix is kept orthogonal (expRNN-style trivialization)."""
         def __init__(self, inp, hidden, classes, dtype):
             super().__init__()
             self.inp = nn.Linear(inp, hidden, dtype=dtype)
             self.rec = orthogonal(nn.Linear(hidden, hidden, bias=False, dtype=dtype))
             self.out = nn.Linear(hidden, classes, dtype=dtype)
         def forward(self, x):
             h = x.new_zeros(x.size(0), self.rec.weight.size(0))
             for t in range(x.size(1)):
                 h = torch.tanh(self.inp(x[:, t]) + self.rec(h))
             return self.out(h)

     torch.manual_seed(0)
     x = torch.randn(16, 50, 4)
     y = torch.randint(0, 10, (16,))
     for dtype in (torch.float32, torch.bfloat16):   # mutant DT-BF16: the whole model is built in bfloat16
         model = OrthoRNN(4, 8, 10, dtype)
         opt = torch.optim.RMSprop(model.parameters(), lr=1e-3)
         for step in range(2):
             loss = nn.functional.cross_entropy(model(x.to(dtype)).float(), y)
             opt.zero_grad()
             loss.backward()
             opt.step()
             W = model.rec.weight.float()
             err = (W @ W.T - torch.eye(8)).abs().max().item()
             print(f"{dtype} step {step}: loss {loss.item():.4f}  |W W^T - I|max {err:.2e}", flush=True)
     '''),
    ("pytorch", "venv", None, "crash", "not-implemented", "b11-dataloader-half-cache-antialias-resize",
     "an image DataLoader with 2 worker processes whose in-memory image cache is mutated from uint8 to float16; the per-sample transform resizes with F.interpolate(mode='bilinear', antialias=True), which has no Half kernel on the CPU: the worker's NotImplementedError is re-raised in the main process ('Caught NotImplementedError in DataLoader worker process')",
     '''\
     import torch
     import torch.nn.functional as F
     from torch.utils.data import DataLoader, Dataset

     class CachedImages(Dataset):
         """Decoded images are cached in memory; the cache stores half precision to fit in RAM."""
         def __init__(self, n=64, cache_dtype=torch.float16):   # mutant CACHE-FP16 (original: torch.uint8)
             g = torch.Generator().manual_seed(0)
             self.images = (torch.rand(n, 3, 96, 128, generator=g) * 255).to(cache_dtype)
             self.labels = torch.randint(0, 10, (n,), generator=g)
         def __len__(self):
             return len(self.images)
         def __getitem__(self, i):
             img = self.images[i].unsqueeze(0)
             img = F.interpolate(img, size=(64, 64), mode="bilinear", antialias=True, align_corners=False)
             return img.squeeze(0).float() / 255.0, self.labels[i]

     if __name__ == "__main__":
         loader = DataLoader(CachedImages(), batch_size=16, num_workers=2, shuffle=True)
         for step, (x, y) in enumerate(loader):
             print(f"step {step}: batch {tuple(x.shape)} mean {x.mean().item():.3f}", flush=True)
     '''),
    ("pytorch", "venv", None, "nan", None, "b11-nan-grad-accumulation-empty-micro-batch",
     "a BiGRU sequence tagger trained with gradient accumulation over 4 micro-batches, each loss being a token-level mean (masked sum divided by the number of real tokens) whose clamp_min(1) on the token count is deleted; at step 2 one micro-batch holds only empty sentences, the loss is 0/0 = NaN, the gradients and (after clipping and Adam) the embedding weights become NaN and stay NaN",
     """\
     import torch
     import torch.nn as nn

     PAD = 0
     torch.manual_seed(0)

     class Tagger(nn.Module):
         def __init__(self, vocab=2000, tags=9, dim=64):
             super().__init__()
             self.emb = nn.Embedding(vocab, dim, padding_idx=PAD)
             self.rnn = nn.GRU(dim, dim, batch_first=True, bidirectional=True)
             self.fc = nn.Linear(2 * dim, tags)
         def forward(self, ids):
             return self.fc(self.rnn(self.emb(ids))[0])

     def micro_batches(step):
         for k in range(4):
             ids = torch.randint(1, 2000, (8, 24))
             lengths = torch.randint(6, 25, (8,))
             if step == 2 and k == 3:
                 lengths.zero_()   # the bucketing sampler put only empty (all-padding) sentences in this micro-batch
             mask = torch.arange(24)[None] < lengths[:, None]
             ids = ids.masked_fill(~mask, PAD)
             yield ids, torch.randint(0, 9, (8, 24)), mask

     model = Tagger()
     opt = torch.optim.Adam(model.parameters(), lr=2e-3)
     loss_fn = nn.CrossEntropyLoss(reduction="none")
     for step in range(5):
         opt.zero_grad()
         total = 0.0
         for ids, tags, mask in micro_batches(step):
             logits = model(ids)
             # token-level mean per micro-batch (mutant ACC-04: the clamp_min(1) on the token count was removed)
             loss = (loss_fn(logits.transpose(1, 2), tags) * mask).sum() / mask.sum()
             (loss / 4).backward()
             total += loss.item() / 4
         gnorm = nn.utils.clip_grad_norm_(model.parameters(), 5.0)
         opt.step()
         print(f"step {step}: loss {total:.4f}  grad-norm {gnorm.item():.4f}  emb[1,:3] {model.emb.weight[1, :3].tolist()}", flush=True)
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b11-inconsistency-ddp-gloo-batchnorm-vs-single-process",
     "a BatchNorm CNN run in training mode as DistributedDataParallel on 2 gloo ranks (each rank gets half of a batch whose halves come from differently scaled cameras) and in a single process on the whole batch; the mutant dropped SyncBatchNorm, so each rank normalizes with its own batch statistics and the gathered DDP logits differ from the single-process logits by 0.18, beyond the 1e-4 tolerance the test checks; exits non-zero",
     """\
     import os
     import socket
     import tempfile
     import torch
     import torch.distributed as dist
     import torch.multiprocessing as mp
     import torch.nn as nn

     TOL = 1e-4

     def make_model():
         torch.manual_seed(0)
         # mutant DIST-BN: nn.SyncBatchNorm.convert_sync_batchnorm(...) was dropped when porting to CPU/gloo
         return nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
                              nn.Conv2d(16, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
                              nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 4))

     def batch():
         g = torch.Generator().manual_seed(42)
         x = torch.randn(16, 3, 16, 16, generator=g)
         x[8:] = x[8:] * 3.0 + 1.0          # the second half comes from a different camera
         return x

     def worker(rank, world, port, out_dir):
         dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=world)
         model = nn.parallel.DistributedDataParallel(make_model())
         x = batch()[rank * 8:(rank + 1) * 8]
         y = model(x)
         print(f"[rank {rank}] shard {tuple(x.shape)} -> logits {tuple(y.shape)}, bn1 running_mean[:3] {model.module[1].running_mean[:3].tolist()}", flush=True)
         gathered = [torch.empty_like(y) for _ in range(world)]
         dist.all_gather(gathered, y.detach())
         if rank == 0:
             torch.save(torch.cat(gathered), os.path.join(out_dir, "ddp.pt"))
         dist.destroy_process_group()

     if __name__ == "__main__":
         with socket.socket() as s:
             s.bind(("127.0.0.1", 0))
             port = s.getsockname()[1]
         out_dir = tempfile.mkdtemp()
         mp.spawn(worker, args=(2, port, out_dir), nprocs=2, join=True)
         ddp = torch.load(os.path.join(out_dir, "ddp.pt"))
         single = make_model().train()(batch()).detach()
         diff = (ddp - single).abs().max().item()
         print("single-process logits[8]:", single[8].tolist())
         print("2-rank DDP     logits[8]:", ddp[8].tolist())
         print(f"max |DDP - single| = {diff:.4g} (tolerance {TOL})")
         if diff > TOL:
             raise SystemExit(f"MISMATCH: DDP (2 ranks, gloo) and single-process training-mode forward differ by {diff:.4g} > {TOL}")
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b11-inconsistency-int8-ptq-unscaled-serving-input",
     "a CNN quantized with x86 eager-mode static PTQ calibrated on normalized images, then evaluated on a serving batch whose /255 scaling is skipped by the mutant: the activations exceed the calibrated ranges, the int8 logits saturate and torch.testing.assert_close against the fp32 logits (atol 0.5) fails with a difference above 100",
     """\
     import torch
     import torch.nn as nn
     from torch.ao.quantization import DeQuantStub, QuantStub, convert, get_default_qconfig, prepare

     ATOL = 0.5   # accepted logit error of the int8 model

     class Net(nn.Module):
         def __init__(self):
             super().__init__()
             self.quant = QuantStub()
             self.body = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                                       nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(32, 10))
             self.dequant = DeQuantStub()
         def forward(self, x):
             return self.dequant(self.body(self.quant(x)))

     torch.manual_seed(0)
     fp32 = Net().eval()
     torch.backends.quantized.engine = "x86"
     fp32.qconfig = get_default_qconfig("x86")
     prepared = prepare(fp32)
     mean, std = torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1), torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1)
     for _ in range(16):                                   # calibration: normalized images
         prepared((torch.rand(8, 3, 32, 32) - mean) / std)
     int8 = convert(prepared)

     # evaluation batch from the serving path (mutant PRE-03: the /255 scaling before normalization is skipped)
     raw = torch.randint(0, 256, (8, 3, 32, 32)).float()
     x = (raw - mean) / std
     with torch.no_grad():
         ref, q = fp32(x), int8(x)
     err = (ref - q).abs().max().item()
     print("fp32 logits[0]:", [round(v, 3) for v in ref[0].tolist()])
     print("int8 logits[0]:", [round(v, 3) for v in q[0].tolist()])
     print(f"top-1 agreement {(ref.argmax(1) == q.argmax(1)).float().mean().item():.2f}, max |fp32 - int8| = {err:.3f}")
     torch.testing.assert_close(q, ref, atol=ATOL, rtol=0.0, msg=lambda m: f"int8 (x86 static PTQ) vs fp32 logits beyond atol={ATOL}\\n{m}")
     """),
    ("pytorch", "venv", None, "timeout", None, "b11-timeout-ddp-uneven-shards-gloo",
     "a DistributedDataParallel regression job on 2 gloo ranks with a process-group timeout of 5 s whose sharding mutant gives rank 1 one more batch than rank 0: rank 0 finishes its epoch and goes on to validation while rank 1 waits in the gradient all-reduce until gloo raises 'Timed out waiting 5000ms for recv operation to complete'",
     """\
     import datetime
     import socket
     import time
     import torch
     import torch.distributed as dist
     import torch.multiprocessing as mp
     import torch.nn as nn

     def shards(rank):
         n = 120 + (1 if rank == 1 else 0) * 8    # mutant SHARD-02: drop_last=False in the sharding sampler
         g = torch.Generator().manual_seed(rank)
         return [(torch.randn(8, 32, generator=g), torch.randn(8, 1, generator=g)) for _ in range(n // 8)]

     def worker(rank, world, port):
         dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=world,
                                 timeout=datetime.timedelta(seconds=5))
         torch.manual_seed(0)
         model = nn.parallel.DistributedDataParallel(nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 1)))
         opt = torch.optim.SGD(model.parameters(), lr=0.01)
         t0 = time.time()
         batches = shards(rank)
         for i, (x, y) in enumerate(batches):
             loss = nn.functional.mse_loss(model(x), y)
             opt.zero_grad()
             loss.backward()
             opt.step()
             if i % 5 == 0 or i == len(batches) - 1:
                 print(f"[rank {rank}] batch {i + 1}/{len(batches)} loss {loss.item():.4f} t={time.time() - t0:.1f}s", flush=True)
         print(f"[rank {rank}] epoch done, running validation", flush=True)
         time.sleep(12)      # validation on rank 0 only in the real job
         dist.destroy_process_group()

     if __name__ == "__main__":
         with socket.socket() as s:
             s.bind(("127.0.0.1", 0))
             port = s.getsockname()[1]
         mp.spawn(worker, args=(2, port), nprocs=2, join=True)
     """),
    ("pytorch", "venv", None, "oom", None, "b11-oom-collate-pad-to-header-frame-count",
     "a speech DataLoader whose pad_collate is mutated to pad to the frame count of each utterance's header rather than to its feature length; one corrupted header claims 2**40 frames and torch.zeros refuses the 2.8 PB allocation (DefaultCPUAllocator: can't allocate memory) after a few progress lines",
     """\
     import time
     import torch
     from torch.utils.data import DataLoader, Dataset

     class Utterances(Dataset):
         def __init__(self):
             g = torch.Generator().manual_seed(0)
             self.lengths = torch.randint(800, 1600, (96,), generator=g).tolist()
             self.lengths[53] = 2 ** 40      # corrupted header: frame count read from a truncated .flac
         def __len__(self):
             return len(self.lengths)
         def __getitem__(self, i):
             n = self.lengths[i]
             return {"n_frames": n, "feats": torch.randn(min(n, 1600), 80)}

     def pad_collate(items):
         T = max(it["n_frames"] for it in items)       # mutant COL-05: pads to the header's frame count, not to len(feats)
         out = torch.zeros(len(items), T, 80)
         for k, it in enumerate(items):
             out[k, :it["feats"].shape[0]] = it["feats"]
         return out

     loader = DataLoader(Utterances(), batch_size=8, collate_fn=pad_collate)
     t0 = time.time()
     for i, feats in enumerate(loader, 1):
         pct = 100 * i // len(loader)
         print(f"\\rfeatures: {pct:3d}%|{'#' * (pct // 5):<20}| {i}/{len(loader)} [{time.time() - t0:.2f}s, batch {tuple(feats.shape)}]", flush=True)
     """),
    # ---- PyTorch 1.13 (system interpreter) -------------------------------------
    ("pytorch-1.13", "system", None, "false-positive", None, "b11-cycliclr-adam-cycle-momentum",
     "an ECG rhythm classifier (Conv1d) trained with CyclicLR whose optimizer is mutated from SGD with momentum to Adam while the scheduler keeps cycle_momentum=True: CyclicLR refuses an optimizer without a momentum hyper-parameter",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     model = nn.Sequential(nn.Conv1d(12, 32, 5, padding=2), nn.ReLU(), nn.AdaptiveMaxPool1d(1), nn.Flatten(), nn.Linear(32, 5))
     x, y = torch.randn(64, 12, 250), torch.randint(0, 5, (64,))    # 12-lead ECG windows, 5 rhythm classes
     configs = [
         ("sgd+cyclic", lambda p: torch.optim.SGD(p, lr=1e-3, momentum=0.9)),
         ("adam+cyclic", lambda p: torch.optim.Adam(p, lr=1e-3)),      # mutant OPT-SWAP: SGD -> Adam, scheduler kwargs untouched
     ]
     for name, make_opt in configs:
         opt = make_opt(model.parameters())
         sched = torch.optim.lr_scheduler.CyclicLR(opt, base_lr=1e-4, max_lr=1e-2, step_size_up=20, mode="triangular2")
         for it in range(40):
             loss = nn.functional.cross_entropy(model(x), y)
             opt.zero_grad()
             loss.backward()
             opt.step()
             sched.step()
         print(f"{name}: final loss {loss.item():.4f}, lr {sched.get_last_lr()[0]:.2e}")
     """),
    ("pytorch-1.13", "system", None, "false-positive", None, "b11-dataparallel-checkpoint-module-prefix",
     "a unittest suite for checkpoint round trips of an MLP autoencoder: the second test saves the state dict of the nn.DataParallel wrapper used for training and loads it into the bare model for serving, and load_state_dict (strict) rejects the 'module.'-prefixed keys (missing and unexpected keys)",
     """\
     import io
     import unittest
     import torch
     import torch.nn as nn

     def autoencoder():
         return nn.Sequential(nn.Linear(784, 128), nn.ReLU(), nn.Linear(128, 32), nn.ReLU(),
                              nn.Linear(32, 128), nn.ReLU(), nn.Linear(128, 784), nn.Sigmoid())

     class CheckpointRoundTrip(unittest.TestCase):
         def _save(self, model):
             buf = io.BytesIO()
             torch.save(model.state_dict(), buf)
             buf.seek(0)
             return buf

         def test_plain_model(self):
             src = autoencoder()
             dst = autoencoder()
             dst.load_state_dict(torch.load(self._save(src)))
             x = torch.rand(4, 784)
             self.assertTrue(torch.equal(src(x), dst(x)))

         def test_trained_with_data_parallel(self):
             # the trainer wraps the model for multi-worker training and saves the wrapper's state dict
             src = nn.DataParallel(autoencoder())
             dst = autoencoder()     # serving side loads into the bare model
             dst.load_state_dict(torch.load(self._save(src)))
             x = torch.rand(4, 784)
             self.assertTrue(torch.equal(src.module(x), dst(x)))

     if __name__ == "__main__":
         unittest.main(verbosity=2)
     """),
    ("pytorch-1.13", "system", None, "false-positive", None, "b11-int8-embeddingbag-item-id-past-table",
     "a wide-and-deep recommender whose EmbeddingBag is weight-only quantized (float_qparams_weight_only_qconfig) and served requests with an item id equal to the table size (the catalogue grew, the table did not): the quantized embedding_bag_byte kernel rejects the indices (Invalid indices data); logging module output",
     """\
     import logging
     import torch
     import torch.nn as nn
     from torch.quantization import float_qparams_weight_only_qconfig, prepare, convert

     logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
     log = logging.getLogger("recsys.int8")

     class WideAndDeep(nn.Module):
         def __init__(self, n_items=20000, dim=16):
             super().__init__()
             self.items = nn.EmbeddingBag(n_items, dim, mode="mean")
             self.deep = nn.Sequential(nn.Linear(dim, 64), nn.ReLU(), nn.Linear(64, 1))
         def forward(self, ids, offsets):
             return self.deep(self.items(ids, offsets)).squeeze(-1)

     torch.manual_seed(0)
     model = WideAndDeep().eval()
     model.items.qconfig = float_qparams_weight_only_qconfig
     qmodel = convert(prepare(model))
     log.info("quantized embedding: %s", qmodel.items)
     requests = [torch.tensor([3, 17, 19999, 42, 7]), torch.tensor([5, 20000, 11, 12])]   # id 20000: catalogue grew, table did not (mutant VOCAB-OFF-BY-ONE)
     for k, ids in enumerate(requests):
         offsets = torch.tensor([0, 2])
         log.info("request %d ids=%s", k, ids.tolist())
         log.info("request %d scores=%s", k, qmodel(ids, offsets).tolist())
     """),
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b11-half-matrix-factorization-adam",
     "a matrix-factorization recommender (user/item embeddings and biases, squared-error loss) trained with Adam, mutated to keep the model and ratings in float16 on the CPU: forward and backward run, the Adam step fails because addcmul has no Half CPU kernel in PyTorch 1.13 (float32 trains)",
     """\
     import torch
     import torch.nn as nn

     class MatrixFactorization(nn.Module):
         def __init__(self, users, items, dim, dtype):
             super().__init__()
             self.u = nn.Embedding(users, dim).to(dtype)
             self.i = nn.Embedding(items, dim).to(dtype)
             self.ub = nn.Embedding(users, 1).to(dtype)
             self.ib = nn.Embedding(items, 1).to(dtype)
         def forward(self, u, i):
             return (self.u(u) * self.i(i)).sum(-1) + self.ub(u).squeeze(-1) + self.ib(i).squeeze(-1)

     torch.manual_seed(0)
     users, items = torch.randint(0, 943, (4096,)), torch.randint(0, 1682, (4096,))
     ratings = torch.randint(1, 6, (4096,)).float()
     for dtype in (torch.float32, torch.float16):     # mutant DT-HALF: model and ratings kept in half precision to halve memory
         model = MatrixFactorization(943, 1682, 32, dtype)
         opt = torch.optim.Adam(model.parameters(), lr=0.01)
         for epoch in range(3):
             pred = model(users, items)
             err = pred - ratings.to(dtype)
             loss = (err * err).mean()
             opt.zero_grad()
             loss.backward()
             opt.step()
             print(f"[{dtype}] epoch {epoch}: train RMSE {loss.float().sqrt().item():.4f}", flush=True)
     """),
    ("pytorch-1.13", "system", None, "nan", None, "b11-nan-soft-dice-no-smoothing-empty-mask",
     "a lesion-segmentation CNN trained with a soft Dice loss whose +1 smoothing terms are deleted; from epoch 2 some batches contain slices without any lesion while the foreground bias keeps the predicted probabilities at 0, so the Dice ratio is 0/0 = NaN and the weights become NaN",
     """\
     import torch
     import torch.nn as nn

     def soft_dice_loss(logits, target):
         p = torch.sigmoid(logits)
         inter = (p * target).sum((1, 2, 3))
         denom = p.sum((1, 2, 3)) + target.sum((1, 2, 3))
         return 1 - (2 * inter / denom).mean()     # mutant LOSS-EPS: the +1 smoothing in numerator and denominator removed

     torch.manual_seed(0)
     net = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 1, 1))
     with torch.no_grad():
         net[-1].bias.fill_(-120.0)     # initialized to the (very low) prior foreground frequency
     opt = torch.optim.Adam(net.parameters(), lr=1e-3)
     for epoch in range(1, 4):
         for it in range(3):
             img = torch.randn(4, 1, 64, 64)
             mask = (torch.rand(4, 1, 64, 64) > 0.995).float()
             if epoch >= 2 and it == 1:
                 mask.zero_()           # slices without any lesion
             loss = soft_dice_loss(net(img), mask)
             opt.zero_grad()
             loss.backward()
             opt.step()
             print(f"epoch {epoch} iter {it}: dice loss {loss.item():.4f}  fg voxels {int(mask.sum())}  w[0,0,0,0] {net[0].weight[0, 0, 0, 0].item():.5f}", flush=True)
     """),
    ("pytorch-1.13", "system", None, "oom", None, "b11-oom-item-cooccurrence-catalogue-units",
     "an item-to-item co-occurrence matrix for a session recommender built with torch.zeros(n_items, n_items), whose catalogue size is mutated to be read in thousands (3 million items): the 36 TB allocation is refused by the CPU allocator",
     """\
     import torch

     def item_cooccurrence(sessions, n_items):
         C = torch.zeros(n_items, n_items)
         for s in sessions:
             idx = torch.tensor(s)
             C[idx[:, None], idx[None, :]] += 1
         return C

     torch.manual_seed(0)
     sessions = [torch.randint(0, 3000, (int(torch.randint(2, 12, (1,))),)).tolist() for _ in range(500)]
     for name, n_items in (("catalogue v1", 3000), ("catalogue v2", 3000 * 10 ** 3)):   # mutant CAT-UNITS: item count read in thousands
         C = item_cooccurrence(sessions, n_items)
         print(f"{name}: co-occurrence {tuple(C.shape)}, nnz {int((C > 0).sum())}", flush=True)
     """),
    # ---- TensorFlow ------------------------------------------------------------
    ("tensorflow", "venv", None, "false-positive", None, "b11-mirrored-strategy-reduce-axis",
     "a custom training loop under tf.distribute.MirroredStrategy over 2 logical CPU devices (strategy.run, compute_average_loss) whose loss reporting mutates strategy.reduce(SUM, per_example, axis=0) to axis=1 on the rank-1 per-example losses: tracing the tf.function rejects the reduction dimension",
     """\
     import tensorflow as tf

     cpus = tf.config.list_physical_devices("CPU")
     tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 2)
     strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
     print("Number of devices:", strategy.num_replicas_in_sync)

     GLOBAL_BATCH = 32
     x = tf.random.stateless_normal((256, 20), seed=(1, 2))
     y = tf.cast(tf.reduce_sum(x[:, :5], 1, keepdims=True) > 0, tf.float32)
     dist_ds = strategy.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices((x, y)).batch(GLOBAL_BATCH))

     with strategy.scope():
         w1 = tf.Variable(tf.random.stateless_normal((20, 32), seed=(3, 4)) * 0.1)
         w2 = tf.Variable(tf.random.stateless_normal((32, 1), seed=(5, 6)) * 0.1)
         opt = tf.keras.optimizers.SGD(0.1)

     def replica_step(xb, yb):
         with tf.GradientTape() as tape:
             logits = tf.nn.relu(xb @ w1) @ w2
             per_example = tf.nn.sigmoid_cross_entropy_with_logits(labels=yb[:, 0], logits=logits[:, 0])
             loss = tf.nn.compute_average_loss(per_example, global_batch_size=GLOBAL_BATCH)
         grads = tape.gradient(loss, [w1, w2])
         opt.apply_gradients(zip(grads, [w1, w2]))
         return per_example

     @tf.function
     def train_step(batch):
         per_example = strategy.run(replica_step, args=batch)
         # mutant RED-AXIS: axis=0 (sum over the examples of each replica) changed to axis=1
         return strategy.reduce(tf.distribute.ReduceOp.SUM, per_example, axis=1) / GLOBAL_BATCH

     for epoch in range(2):
         for step, batch in enumerate(dist_ds):
             loss = train_step(batch)
             print(f"epoch {epoch} step {step} loss {float(loss):.4f}")
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b11-tflite-batched-windows-without-resize",
     "a gesture-recognition Conv1D model converted with TFLiteConverter (dynamic-range quantization) for batch 1 and run with tf.lite.Interpreter; the mutant streams 3 accelerometer windows at once without resize_tensor_input(): set_tensor rejects the dimension mismatch",
     """\
     import numpy as np
     import tensorflow as tf

     inp = tf.keras.Input((40, 1), batch_size=1)
     h = tf.keras.layers.Conv1D(16, 5, activation="relu")(inp)
     h = tf.keras.layers.GlobalMaxPooling1D()(h)
     out = tf.keras.layers.Dense(3, activation="softmax")(h)
     model = tf.keras.Model(inp, out)

     @tf.function(input_signature=[tf.TensorSpec([1, 40, 1], tf.float32)])
     def serve(x):
         return model(x)

     converter = tf.lite.TFLiteConverter.from_concrete_functions([serve.get_concrete_function()], model)
     converter.optimizations = [tf.lite.Optimize.DEFAULT]
     tflite_model = converter.convert()
     print(f"converted gesture model: {len(tflite_model)} bytes")

     interp = tf.lite.Interpreter(model_content=tflite_model)
     interp.allocate_tensors()
     i_det, o_det = interp.get_input_details()[0], interp.get_output_details()[0]
     print("input", i_det["shape"], i_det["dtype"].__name__)
     rs = np.random.RandomState(0)
     # accelerometer windows: the mutant streams 3 windows at once without resize_tensor_input()
     for name, window in (("single window", rs.randn(1, 40, 1)), ("batched windows", rs.randn(3, 40, 1))):
         interp.set_tensor(i_det["index"], window.astype("float32"))
         interp.invoke()
         print(name, "->", interp.get_tensor(o_det["index"]).round(3))
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b11-checkpoint-warm-start-grown-catalogue",
     "a tf.Module recommender saved with tf.train.Checkpoint and warm-started into a model whose item embedding table has 120 more rows (the catalogue grew): restore rejects the incompatible (500, 16) vs (620, 16) tensor, followed by TensorFlow's unrestored-values warnings",
     """\
     import os
     import tempfile
     import tensorflow as tf

     class Recommender(tf.Module):
         def __init__(self, n_users, n_items, dim=16):
             super().__init__()
             self.user_emb = tf.Variable(tf.random.stateless_normal((n_users, dim), seed=(0, 1)) * 0.05, name="user_emb")
             self.item_emb = tf.Variable(tf.random.stateless_normal((n_items, dim), seed=(0, 2)) * 0.05, name="item_emb")
         def score(self, u, i):
             return tf.reduce_sum(tf.gather(self.user_emb, u) * tf.gather(self.item_emb, i), -1)

     ckdir = tempfile.mkdtemp()
     old = Recommender(n_users=1000, n_items=500)
     opt_step = tf.Variable(1200, dtype=tf.int64)
     path = tf.train.Checkpoint(model=old, step=opt_step).save(os.path.join(ckdir, "ckpt"))
     print("saved", path)
     for f in sorted(os.listdir(ckdir)):
         print("  ", f)

     # the catalogue grew by 120 items since the checkpoint was written (mutant: warm start into the new shape)
     new = Recommender(n_users=1000, n_items=620)
     status = tf.train.Checkpoint(model=new, step=tf.Variable(0, dtype=tf.int64)).restore(path)
     status.assert_existing_objects_matched()
     print("warm start ok:", new.score(tf.constant([1, 2]), tf.constant([3, 600])).numpy())
     """),
    ("tensorflow", "venv", None, "crash", "not-implemented", "b11-tf-data-float16-random-hue",
     "a tf.data augmentation pipeline (map with random_crop, flip, brightness, random_hue, parallel calls, prefetch) whose convert_image_dtype target is mutated from float32 to float16: AdjustHue has a DT_HALF kernel only for XLA, none on the CPU, so making the iterator fails with 'No OpKernel was registered to support Op AdjustHue' (float32 works)",
     """\
     import tensorflow as tf

     def decode(i):
         img = tf.random.stateless_uniform((72, 72, 3), seed=tf.stack([i, 7]), maxval=255, dtype=tf.int32)
         return tf.cast(img, tf.uint8), i % 10

     def augment(img, label):
         img = tf.image.convert_image_dtype(img, tf.float16)     # mutant AUG-FP16 (original: tf.float32)
         img = tf.image.random_crop(img, (64, 64, 3))
         img = tf.image.random_flip_left_right(img)
         img = tf.image.random_brightness(img, 0.2)
         img = tf.image.random_hue(img, 0.05)
         return img, label

     ds = (tf.data.Dataset.range(256).map(decode, num_parallel_calls=tf.data.AUTOTUNE)
           .map(augment, num_parallel_calls=tf.data.AUTOTUNE)
           .batch(32).prefetch(tf.data.AUTOTUNE))
     print(ds.element_spec)
     for step, (x, y) in enumerate(ds):
         print(f"batch {step}: {x.shape} {x.dtype.name} mean={float(tf.reduce_mean(tf.cast(x, tf.float32))):.3f}")
     """),
    ("tensorflow", "venv", None, "crash", None, "b11-ctc-loss-float64-dense-labels",
     "a speech model's CTC head evaluated in float64 for a gradient check, with dense labels and label lengths: tf.nn.ctc_loss's dense-label path mixes a float32 tensor into its float64 computation and fails inside TensorFlow with 'cannot compute Mul as input #1 was expected to be a double tensor but is a float tensor' (float32 runs; the sparse-label path accepts float64)",
     """\
     import numpy as np
     import tensorflow as tf

     class SpeechModel(tf.Module):
         def __init__(self, feats=40, hidden=64, vocab=29, dtype=tf.float32):
             super().__init__()
             rs = np.random.RandomState(0)
             self.w1 = tf.Variable(rs.randn(feats, hidden) * 0.1, dtype=dtype)
             self.w2 = tf.Variable(rs.randn(hidden, vocab) * 0.1, dtype=dtype)
         def __call__(self, x):
             return tf.nn.relu(x @ self.w1) @ self.w2

     rs = np.random.RandomState(1)
     feats = rs.randn(4, 120, 40)
     labels = tf.constant(rs.randint(1, 29, (4, 18)), tf.int32)
     label_len = tf.constant([18, 15, 12, 17])
     logit_len = tf.constant([120, 110, 95, 120])
     # gradient check of the CTC head runs in float64 (mutant DT-F64 applied to the model and features)
     for dtype in (tf.float32, tf.float64):
         model = SpeechModel(dtype=dtype)
         with tf.GradientTape() as tape:
             logits = model(tf.constant(feats, dtype))
             loss = tf.reduce_mean(tf.nn.ctc_loss(labels, logits, label_len, logit_len, logits_time_major=False, blank_index=0))
         grads = tape.gradient(loss, model.trainable_variables)
         print(f"{dtype.name}: CTC loss {float(loss):.4f}, |grad w2| {float(tf.norm(grads[1])):.4f}")
     """),
    ("tensorflow", "venv", None, "crash", "segfault", "b11-tf-data-padded-batch-huge-padded-shape",
     "a text-classification tf.data pipeline (from_generator, padded_batch, prefetch) whose padded_shapes is mutated from 512 to 2**40 tokens: the BFC allocator logs that it ran out of memory for the 64 TiB batch (with its allocation dump) and the padded_batch kernel then dies of SIGSEGV instead of returning a RESOURCE_EXHAUSTED error",
     """\
     import tensorflow as tf

     MAX_TOKENS = 512
     # mutant PAD-LEN: padded_shapes taken from the tokenizer's vocabulary size instead of MAX_TOKENS
     PAD_TO = 2 ** 40

     def gen():
         for i in range(64):
             n = 20 + (i * 37) % 300
             yield tf.range(n, dtype=tf.int32) % 30000, i % 2

     ds = tf.data.Dataset.from_generator(gen, output_signature=(tf.TensorSpec([None], tf.int32), tf.TensorSpec([], tf.int32)))
     ds = ds.padded_batch(16, padded_shapes=([PAD_TO], []), padding_values=(0, 0)).prefetch(2)
     emb = tf.Variable(tf.random.stateless_normal((30000, 32), seed=(0, 0)))
     for step, (ids, y) in enumerate(ds):
         pooled = tf.reduce_mean(tf.nn.embedding_lookup(emb, ids[:, :MAX_TOKENS]), 1)
         print(f"step {step}: ids {ids.shape}, pooled {pooled.shape}")
     """),
    ("tensorflow", "venv", None, "nan", None, "b11-nan-tf-data-standardize-saturated-frames",
     "a tf.data pipeline that standardizes each image as (x - mean) / sqrt(var), the mutant replacing tf.image.per_image_standardization (which floors the stddev); every 37th frame is saturated (constant 255), its variance is 0, the standardized frame is NaN and a GradientTape training loop prints NaN losses and NaN weights from then on",
     """\
     import tensorflow as tf

     def load(i):
         x = tf.random.stateless_normal((32, 32, 1), seed=tf.stack([i, 3])) * 40.0 + 120.0
         x = tf.cond(tf.equal(i % 37, 36), lambda: tf.fill((32, 32, 1), 255.0), lambda: x)   # saturated (all-white) frames
         return x, tf.cast(i % 4, tf.int32)

     def standardize(x, y):
         mean, var = tf.nn.moments(x, axes=[0, 1, 2])
         return (x - mean) / tf.sqrt(var), y     # mutant NORM-EPS: tf.image.per_image_standardization replaced by the bare formula

     ds = tf.data.Dataset.range(148).map(load).map(standardize).batch(16)
     model_vars = [tf.Variable(tf.random.stateless_normal((3, 3, 1, 8), seed=(1, 1)) * 0.1), tf.Variable(tf.zeros(8)),
                   tf.Variable(tf.random.stateless_normal((8, 4), seed=(1, 2)) * 0.1)]
     opt = tf.keras.optimizers.Adam(1e-3)

     def forward(x):
         h = tf.nn.relu(tf.nn.conv2d(x, model_vars[0], 1, "SAME") + model_vars[1])
         return tf.reduce_mean(h, [1, 2]) @ model_vars[2]

     for epoch in range(2):
         for step, (x, y) in enumerate(ds):
             with tf.GradientTape() as tape:
                 loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, forward(x)))
             opt.apply_gradients(zip(tape.gradient(loss, model_vars), model_vars))
             print(f"epoch {epoch} step {step}: loss={float(loss):.4f} bias[0]={float(model_vars[1][0]):.5f}")
     """),
    ("tensorflow", "venv", None, "inconsistency", None, "b11-inconsistency-tflite-full-int8-unscaled-pixels",
     "a small Keras CNN converted to a full-integer TFLite model with a representative dataset in [0, 1], fed 0..255 pixels by the mutant (the /255 of the training pipeline missing on device): the int8 interpreter saturates and its class probabilities differ from the Keras float model's beyond the atol 0.05 that np.testing.assert_allclose checks",
     """\
     import numpy as np
     import tensorflow as tf

     RTOL_TOP = 0.05   # accepted |float - int8| on the class probabilities

     rs = np.random.RandomState(0)
     inp = tf.keras.Input((16, 16, 3))
     h = tf.keras.layers.Conv2D(8, 3, activation="relu")(inp)
     h = tf.keras.layers.GlobalAveragePooling2D()(h)
     out = tf.keras.layers.Dense(4, activation="softmax")(h)
     model = tf.keras.Model(inp, out)

     def representative():
         for _ in range(32):
             yield [rs.rand(1, 16, 16, 3).astype("float32")]     # calibration images in [0, 1]

     conv = tf.lite.TFLiteConverter.from_keras_model(model)
     conv.optimizations = [tf.lite.Optimize.DEFAULT]
     conv.representative_dataset = representative
     conv.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
     interp = tf.lite.Interpreter(model_content=conv.convert())
     interp.allocate_tensors()
     i_det, o_det = interp.get_input_details()[0], interp.get_output_details()[0]

     # deployment feeds 0..255 pixel values (mutant PRE-SCALE: the /255 of the training pipeline is missing on device)
     x = (rs.rand(4, 16, 16, 3) * 255).astype("float32")
     ref = model.predict(x, verbose=0)
     q = []
     for img in x:
         interp.set_tensor(i_det["index"], img[None])
         interp.invoke()
         q.append(interp.get_tensor(o_det["index"])[0])
     q = np.array(q)
     print("keras float32 probs:", ref.round(4).tolist())
     print("tflite int8   probs:", q.round(4).tolist())
     np.testing.assert_allclose(q, ref, atol=RTOL_TOP, rtol=0, err_msg="TFLite full-integer model vs Keras float model")
     """),
    ("tensorflow", "venv", None, "oom", None, "b11-oom-multi-hot-hash-buckets",
     "a recommender input pipeline (tf.data ragged_batch) that hashes item ids with to_hash_bucket_fast and densifies multi-hot vectors with tf.sparse.to_dense; the item feature's bucket count is mutated from the vocabulary size to 2**40: SparseToDense fails with RESOURCE_EXHAUSTED (OOM when allocating tensor with shape[32,1099511627776]) after the allocator's retry and memory dump",
     """\
     import tensorflow as tf

     VOCAB = {"items": 30000, "categories": 450}
     # mutant FEAT-HASH: the item feature is hashed into 2**40 buckets instead of the vocabulary size
     BUCKETS = {"items": 2 ** 40, "categories": 450}

     def parse(i):
         n = 3 + i % 7
         items = tf.strings.as_string(tf.random.stateless_uniform((n,), seed=tf.stack([i, 1]), maxval=VOCAB["items"], dtype=tf.int64))
         cats = tf.strings.as_string(tf.random.stateless_uniform((2,), seed=tf.stack([i, 2]), maxval=VOCAB["categories"], dtype=tf.int64))
         return {"items": items, "categories": cats}

     def multi_hot(feats, buckets):
         rows = feats.value_rowids()
         ids = tf.strings.to_hash_bucket_fast(feats.flat_values, buckets)
         sp = tf.sparse.reorder(tf.SparseTensor(tf.stack([rows, ids], 1), tf.ones_like(ids, tf.float32), [feats.nrows(), buckets]))
         return tf.sparse.to_dense(sp, validate_indices=False)

     ds = tf.data.Dataset.range(128).map(parse).ragged_batch(32)
     for step, batch in enumerate(ds):
         for name in ("categories", "items"):
             feats = batch[name]
             if not isinstance(feats, tf.RaggedTensor):
                 feats = tf.RaggedTensor.from_tensor(feats)
             dense = multi_hot(feats, BUCKETS[name])
             print(f"step {step} {name}: multi-hot {dense.shape}, nnz {int(tf.math.count_nonzero(dense))}", flush=True)
     """),
    # ---- Keras 3 ---------------------------------------------------------------
    ("keras", "venv", "torch", "false-positive", None, "b11-torch-keras-file-unregistered-custom-layer",
     "a keyword-spotting model built from a custom ResidualBlock layer, trained and saved as a .keras file; the mutant removes the @register_keras_serializable decorator, so keras.saving.load_model cannot locate the class and refuses to deserialize the model",
     """\
     import os
     import tempfile
     import numpy as np
     import keras
     from keras import layers

     class ResidualBlock(layers.Layer):
         # mutant SER-REG: @keras.saving.register_keras_serializable(package="audio") decorator removed
         def __init__(self, filters, **kwargs):
             super().__init__(**kwargs)
             self.filters = filters
             self.c1 = layers.Conv1D(filters, 3, padding="same", activation="relu")
             self.c2 = layers.Conv1D(filters, 3, padding="same")
         def call(self, x):
             return keras.ops.relu(x + self.c2(self.c1(x)))
         def get_config(self):
             return {**super().get_config(), "filters": self.filters}

     inp = keras.Input((128, 16))
     h = ResidualBlock(16)(inp)
     h = ResidualBlock(16)(h)
     out = layers.Dense(5, activation="softmax")(layers.GlobalAveragePooling1D()(h))
     model = keras.Model(inp, out)
     model.compile("adam", "sparse_categorical_crossentropy")
     x, y = np.random.rand(64, 128, 16).astype("float32"), np.random.randint(0, 5, 64)
     model.fit(x, y, epochs=1, batch_size=16, verbose=2)
     path = os.path.join(tempfile.mkdtemp(), "kws.keras")
     model.save(path)
     print("saved", path, os.path.getsize(path), "bytes")
     del ResidualBlock, model
     restored = keras.saving.load_model(path)
     print(restored.predict(x[:2], verbose=0).round(3))
     """),
    ("keras", "venv", "jax", "false-positive", None, "b11-jax-model-checkpoint-weights-only-keras-path",
     "a CNN training setup with EarlyStopping, ModelCheckpoint and CSVLogger callbacks whose ModelCheckpoint gets save_weights_only=True while its path still ends in .keras: the callback's constructor requires a .weights.h5 path",
     """\
     import os
     import tempfile
     import numpy as np
     import keras
     from keras import layers

     ckpt_dir = tempfile.mkdtemp()
     model = keras.Sequential([keras.Input((28, 28, 1)), layers.Conv2D(8, 3, activation="relu"), layers.MaxPooling2D(),
                               layers.Flatten(), layers.Dense(10, activation="softmax")])
     model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
     callbacks = [
         keras.callbacks.EarlyStopping(monitor="val_loss", patience=3),
         # mutant CB-WEIGHTS: save_weights_only=True added to shrink the checkpoints, the path still names a full model
         keras.callbacks.ModelCheckpoint(os.path.join(ckpt_dir, "best-{epoch:02d}.keras"), monitor="val_loss",
                                         save_best_only=True, save_weights_only=True),
         keras.callbacks.CSVLogger(os.path.join(ckpt_dir, "log.csv")),
     ]
     x, y = np.random.rand(256, 28, 28, 1).astype("float32"), np.random.randint(0, 10, 256)
     model.fit(x, y, validation_split=0.25, epochs=5, batch_size=32, callbacks=callbacks, verbose=2)
     """),
    ("keras", "venv", "tensorflow", "false-positive", None, "b11-tensorflow-int8-quantize-under-mixed-float16",
     "a text classifier trained under the mixed_float16 dtype policy and then post-training quantized with model.quantize('int8') without resetting the policy: Keras refuses int8 quantization of layers whose compute dtype is float16",
     """\
     import numpy as np
     import keras
     from keras import layers

     keras.mixed_precision.set_global_policy("mixed_float16")   # training recipe for the text classifier
     inp = keras.Input((64,), dtype="int32")
     h = layers.Embedding(8000, 64)(inp)
     h = layers.GlobalAveragePooling1D()(h)
     h = layers.Dense(128, activation="relu")(h)
     out = layers.Dense(6, activation="softmax", dtype="float32")(h)
     model = keras.Model(inp, out)
     model.compile("adam", "sparse_categorical_crossentropy", metrics=["accuracy"])
     x, y = np.random.randint(0, 8000, (512, 64)), np.random.randint(0, 6, 512)
     model.fit(x, y, epochs=2, batch_size=64, verbose=2)
     print("float model:", model.evaluate(x, y, verbose=0))
     # post-training int8 weight quantization for the edge build (mutant: policy not reset before quantize)
     model.quantize("int8")
     print("int8 model:", model.evaluate(x, y, verbose=0))
     """),
    ("keras", "venv", "jax", "false-positive", None, "b11-jax-adam-clipnorm-and-global-clipnorm",
     "a stacked-LSTM regressor whose Adam optimizer is given both global_clipnorm and (mutant) clipnorm: the Keras optimizer accepts only one of clipnorm, clipvalue and global_clipnorm",
     """\
     import numpy as np
     import keras
     from keras import layers

     def build():
         inp = keras.Input((None, 32))
         h = layers.LSTM(64, return_sequences=True)(inp)
         h = layers.LSTM(64)(h)
         return keras.Model(inp, layers.Dense(1)(h))

     x = np.random.rand(128, 20, 32).astype("float32")
     y = x[:, -5:, :4].sum((1, 2))[:, None]
     for name, kwargs in (("global clip", {"global_clipnorm": 1.0}),
                          ("global + per-variable clip", {"global_clipnorm": 1.0, "clipnorm": 0.5})):   # mutant CLIP-DUP
         print(f"--- {name}: Adam(learning_rate=1e-3, {kwargs})")
         model = build()
         model.compile(optimizer=keras.optimizers.Adam(learning_rate=1e-3, **kwargs), loss="mse")
         hist = model.fit(x, y, epochs=2, batch_size=32, verbose=0)
         print("    losses:", [round(v, 4) for v in hist.history["loss"]])
     """),
    ("keras", "venv", "tensorflow", "crash", None, "b11-tensorflow-top-k-metric-float16-logits",
     "a GRU next-item recommender trained under mixed_float16 whose output Dense layer is left in the float16 compute dtype (mutant) and compiled with SparseTopKCategoricalAccuracy(k=10): the TensorFlow backend's in_top_k passes float16 predictions to tf.math.in_top_k, which accepts only float32, and fit() fails with a TypeError inside Keras (the jax and torch backends train the same model)",
     """\
     import numpy as np
     import keras
     from keras import layers

     keras.mixed_precision.set_global_policy("mixed_float16")
     n_items = 500
     # next-item recommender: the last Dense is left in the float16 compute dtype (mutant: dtype="float32" removed)
     inp = keras.Input((10,), dtype="int32")
     h = layers.Embedding(n_items, 32)(inp)
     h = layers.GRU(64)(h)
     out = layers.Dense(n_items)(h)
     model = keras.Model(inp, out)
     model.compile(optimizer="adam",
                   loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                   metrics=[keras.metrics.SparseTopKCategoricalAccuracy(k=10, name="hit@10")])
     seqs = np.random.randint(0, n_items, (640, 11))
     model.fit(seqs[:, :10], seqs[:, 10], epochs=2, batch_size=64, verbose=2)
     """),
    ("keras", "venv", "torch", "nan", None, "b11-torch-nan-poisson-loss-linear-rate-head",
     "a visit-count regressor trained with a custom Poisson negative log-likelihood (rate - y log rate) whose rate head loses its softplus activation and whose log loses its epsilon: negative rates make log() NaN and a custom callback prints NaN losses from the first epoch on",
     """\
     import numpy as np
     import keras
     from keras import layers, ops

     def poisson_nll(y_true, rate):
         return ops.mean(rate - y_true * ops.log(rate))   # mutant LOSS-EPS: log(rate + 1e-7) -> log(rate)

     class PrintLoss(keras.callbacks.Callback):
         def on_train_batch_end(self, batch, logs=None):
             if batch % 4 == 0:
                 print(f"  batch {batch:02d}: loss={logs['loss']:.4f}")
         def on_epoch_end(self, epoch, logs=None):
             print(f"epoch {epoch + 1}: loss={logs['loss']:.4f}  mae={logs['mae']:.4f}")

     rs = np.random.RandomState(0)
     x = rs.rand(1024, 12).astype("float32")
     counts = rs.poisson(np.exp(x @ rs.rand(12) * 0.3)).astype("float32")[:, None]   # daily visit counts
     model = keras.Sequential([keras.Input((12,)), layers.Dense(32, activation="relu"),
                               layers.Dense(1)])    # mutant ACT-DEL: activation="softplus" removed from the rate head
     model.compile(optimizer=keras.optimizers.Adam(1e-2), loss=poisson_nll, metrics=["mae"])
     model.fit(x, counts, epochs=3, batch_size=64, verbose=0, callbacks=[PrintLoss()])
     """),
    ("keras", "venv", "jax", "inconsistency", None, "b11-jax-inconsistency-int8-quantize-unscaled-feature",
     "an MLP compared before and after model.quantize('int8') on a batch where one raw feature is no longer standardized (mutant, values about 400x larger): per-tensor int8 activation quantization crushes the other features and np.testing.assert_allclose (atol 0.05) between the float and int8 outputs fails with a max error above 1",
     """\
     import numpy as np
     import keras
     from keras import layers

     ATOL = 0.05
     rs = np.random.RandomState(0)
     inp = keras.Input((64,))
     h = layers.Dense(256, activation="gelu")(inp)
     h = layers.Dense(256, activation="gelu")(h)
     out = layers.Dense(8)(h)
     model = keras.Model(inp, out)
     x = rs.randn(32, 64).astype("float32")
     x[:, 7] *= 400.0          # mutant FEAT-SCALE: feature 7 (raw transaction amount) is no longer standardized
     ref = model.predict(x, verbose=0)
     model.quantize("int8")
     q = model.predict(x, verbose=0)
     err = np.abs(ref - q)
     print("float32 out[0]:", ref[0].round(3))
     print("int8    out[0]:", q[0].round(3))
     print(f"max abs err {err.max():.4f}, mean abs err {err.mean():.4f}")
     np.testing.assert_allclose(q, ref, atol=ATOL, rtol=0, err_msg="int8-quantized model vs float32 model (keras jax backend)")
     """),
    ("keras", "venv", "tensorflow", "timeout", None, "b11-tensorflow-timeout-early-stopping-patience",
     "a runner that trains a small classifier in a subprocess with a 12 s budget; the job relies on EarlyStopping with epochs=10**6 and the mutant sets patience to 10**9, so training never stops and subprocess.run raises TimeoutExpired after the last epoch lines",
     """\
     import subprocess
     import sys
     import textwrap

     TRAIN = textwrap.dedent('''
         import numpy as np, keras
         from keras import layers
         x = np.random.rand(512, 16).astype("float32"); y = (x.sum(1, keepdims=True) > 8).astype("float32")
         model = keras.Sequential([keras.Input((16,)), layers.Dense(32, activation="relu"), layers.Dense(1, activation="sigmoid")])
         model.compile("adam", "binary_crossentropy", metrics=["accuracy"])
         stop = keras.callbacks.EarlyStopping(monitor="val_loss", patience=10 ** 9, restore_best_weights=True)  # mutant ES-PATIENCE (original 5)
         model.fit(x, y, validation_split=0.2, epochs=10 ** 6, batch_size=64, callbacks=[stop], verbose=2)
     ''')

     LIMIT = 12
     print(f"runner: training job with a {LIMIT} s budget", flush=True)
     try:
         p = subprocess.run([sys.executable, "-c", TRAIN], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=LIMIT)
         print(p.stdout)
     except subprocess.TimeoutExpired as e:
         out = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
         print("\\n".join(out.splitlines()[-12:]))
         raise
     """),
    # ---- JAX -------------------------------------------------------------------
    ("jax", "venv", None, "false-positive", None, "b11-moe-all-to-all-capacity-not-divisible",
     "a mixture-of-experts layer under jax.shard_map over 4 forced host devices that dispatches tokens to experts with jax.lax.all_to_all; the expert-capacity mutant gives 6 tokens per device: all_to_all rejects a split axis not divisible by the 4-way mesh axis",
     """\
     import os
     os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"
     from functools import partial
     import jax
     import jax.numpy as jnp
     import numpy as np
     from jax.sharding import Mesh, PartitionSpec as P

     mesh = Mesh(np.array(jax.devices()), ("expert",))
     n_exp, d = 4, 32
     print("devices:", jax.devices())

     @partial(jax.shard_map, mesh=mesh, in_specs=(P("expert"), P("expert")), out_specs=P("expert"))
     def moe_layer(tokens, w):
         # tokens: [tokens_per_device, d] routed to expert slots, exchanged with all_to_all
         dispatched = jax.lax.all_to_all(tokens, "expert", split_axis=0, concat_axis=0, tiled=True)
         out = jnp.tanh(dispatched @ w[0])
         return jax.lax.all_to_all(out, "expert", split_axis=0, concat_axis=0, tiled=True)

     w = jax.random.normal(jax.random.key(0), (n_exp, d, d)) * 0.1
     for capacity in (8, 6):   # mutant CAP-FACTOR: expert capacity 1.0 -> 0.75, 6 tokens per device
         tokens = jax.random.normal(jax.random.key(1), (n_exp * capacity, d))
         y = jax.jit(moe_layer)(tokens, w)
         print(f"capacity {capacity}: out {y.shape}, mean {float(y.mean()):.4f}")
     """),
    ("jax", "venv", None, "false-positive", None, "b11-pure-callback-augment-crop-shape",
     "a jitted training step that augments images on the host through jax.pure_callback, whose numpy callback is mutated to return a 28x28 random crop instead of the declared 32x32 result: the callback's result is rejected for its shape at run time",
     """\
     import jax
     import jax.numpy as jnp
     import numpy as np

     def host_augment(images, seed):
         # numpy/OpenCV-style augmentation on the host
         rs = np.random.RandomState(int(seed))
         flipped = np.where(rs.rand(images.shape[0], 1, 1, 1) < 0.5, images[:, :, ::-1], images)
         crop = flipped[:, 2:-2, 2:-2]      # mutant AUG-CROP: random 28x28 crop without padding back to 32x32
         return crop.astype(np.float32)

     @jax.jit
     def train_step(params, images, labels, seed):
         aug = jax.pure_callback(host_augment, jax.ShapeDtypeStruct(images.shape, jnp.float32), images, seed)
         def loss_fn(p):
             logits = aug.reshape(aug.shape[0], -1) @ p
             return -jnp.mean(jax.nn.log_softmax(logits)[jnp.arange(labels.shape[0]), labels])
         loss, g = jax.value_and_grad(loss_fn)(params)
         return params - 0.01 * g, loss

     params = jnp.zeros((32 * 32 * 3, 10))
     key = jax.random.key(0)
     for step in range(3):
         key, k1, k2 = jax.random.split(key, 3)
         images = jax.random.uniform(k1, (16, 32, 32, 3))
         labels = jax.random.randint(k2, (16,), 0, 10)
         params, loss = train_step(params, images, labels, step)
         print(f"step {step}: loss {float(loss):.4f}")
     """),
    ("jax", "venv", None, "false-positive", None, "b11-adam-state-pytree-renamed-layer",
     "a hand-written Adam (jax.tree.map over params, moments and grads) resumed on a parameter tree whose 'decoder' sub-tree is renamed 'head' by the mutant: jax.tree.map rejects the mismatching dict keys between the new parameters and the saved moments",
     """\
     import jax
     import jax.numpy as jnp

     def init(key):
         k1, k2, k3 = jax.random.split(key, 3)
         return {"encoder": {"w": jax.random.normal(k1, (16, 32)) * 0.1, "b": jnp.zeros(32)},
                 "decoder": {"w": jax.random.normal(k2, (32, 16)) * 0.1, "b": jnp.zeros(16)},
                 "log_scale": jnp.zeros(())}

     def loss_fn(p, x):
         z = jnp.tanh(x @ p["encoder"]["w"] + p["encoder"]["b"])
         rec = z @ p["decoder"]["w"] + p["decoder"]["b"]
         return jnp.mean((rec - x) ** 2 * jnp.exp(-p["log_scale"]) + p["log_scale"])

     def adam_init(p):
         return {"m": jax.tree.map(jnp.zeros_like, p), "v": jax.tree.map(jnp.zeros_like, p), "t": 0}

     def adam_update(p, g, s, lr=1e-3, b1=0.9, b2=0.999, eps=1e-8):
         t = s["t"] + 1
         m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, s["m"], g)
         v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, s["v"], g)
         p = jax.tree.map(lambda p, m, v: p - lr * (m / (1 - b1 ** t)) / (jnp.sqrt(v / (1 - b2 ** t)) + eps), p, m, v)
         return p, {"m": m, "v": v, "t": t}

     key = jax.random.key(0)
     params = init(key)
     state = adam_init(params)
     x = jax.random.normal(key, (64, 16))
     for step in range(3):
         loss, grads = jax.value_and_grad(loss_fn)(params, x)
         params, state = adam_update(params, grads, state)
         print(f"step {step}: loss {float(loss):.5f}")

     # fine-tuning resumes from the optimizer state saved above, with the model definition of the new release
     # (mutant RENAME: the "decoder" sub-tree is renamed "head")
     params = {"encoder": params["encoder"], "head": params["decoder"], "log_scale": params["log_scale"]}
     loss, grads = jax.value_and_grad(lambda p, x: loss_fn({"encoder": p["encoder"], "decoder": p["head"], "log_scale": p["log_scale"]}, x))(params, x)
     params, state = adam_update(params, grads, state)
     print(f"fine-tune step: loss {float(loss):.5f}")
     """),
    ("jax", "venv", None, "false-positive", None, "b11-cutout-inplace-assignment-jax-array",
     "a data loop's cutout augmentation ported from numpy whose mutant converts the batch with jnp.asarray before the in-place slice assignment: JAX arrays are immutable and item assignment raises TypeError",
     """\
     import time
     import jax
     import jax.numpy as jnp
     import numpy as np

     def cutout(batch, rng, size=8):
         # ported from the numpy data loader (mutant PORT-NP: np.asarray(batch) -> jnp.asarray(batch))
         out = jnp.asarray(batch)
         for i in range(out.shape[0]):
             y, x = rng.integers(0, out.shape[1] - size, 2)
             out[i, y:y + size, x:x + size, :] = 0.0
         return out

     @jax.jit
     def step(w, x, y):
         logits = x.reshape(x.shape[0], -1) @ w
         loss = jnp.mean(jax.nn.logsumexp(logits, -1) - jnp.take_along_axis(logits, y[:, None], 1)[:, 0])
         return w - 0.1 * jax.grad(lambda w: jnp.mean(jax.nn.logsumexp(x.reshape(x.shape[0], -1) @ w, -1)))(w), loss

     rng = np.random.default_rng(0)
     w = jnp.zeros((32 * 32 * 3, 10))
     t0 = time.time()
     for it in range(3):
         x = rng.random((32, 32, 32, 3), dtype=np.float32)
         y = jnp.asarray(rng.integers(0, 10, 32))
         x = cutout(x, rng)
         w, loss = step(w, x, y)
         print(f"iter {it}: loss={float(loss):.4f} ({time.time() - t0:.2f}s)")
     """),
    ("jax", "venv", None, "crash", "not-implemented", "b11-float16-mixed-precision-dot-product-attention",
     "a causal attention block trained with a mixed-precision policy (float32 master params, half-precision compute) through jax.nn.dot_product_attention; the bfloat16 policy runs, the mutant float16 policy fails because the XLA implementation asks dot_general for float32 accumulation of float16 inputs, which the CPU backend does not support ('The precision F16_F16_F32 is not supported by dot_general on CPU')",
     """\
     import jax
     import jax.numpy as jnp

     # mixed-precision policy: float32 master params, half-precision compute
     POLICIES = {"bf16": jnp.bfloat16, "fp16": jnp.float16}   # mutant MP-FP16 adds the float16 run

     def init(key, d=64, heads=4):
         ks = jax.random.split(key, 4)
         return {n: jax.random.normal(k, (d, d)) / d ** 0.5 for n, k in zip(("q", "k", "v", "o"), ks)}

     def attention_block(p, x, heads=4, compute=jnp.bfloat16):
         b, t, d = x.shape
         pc = jax.tree.map(lambda a: a.astype(compute), p)
         xc = x.astype(compute)
         q, k, v = (jnp.reshape(xc @ pc[n], (b, t, heads, d // heads)) for n in ("q", "k", "v"))
         o = jax.nn.dot_product_attention(q, k, v, is_causal=True)
         return (o.reshape(b, t, d) @ pc["o"]).astype(jnp.float32)

     def loss_fn(p, x, compute):
         return jnp.mean((attention_block(p, x, compute=compute) - x) ** 2)

     params = init(jax.random.key(0))
     x = jax.random.normal(jax.random.key(1), (8, 128, 64))
     for name, dt in POLICIES.items():
         step = jax.jit(jax.value_and_grad(loss_fn), static_argnums=2)
         loss, grads = step(params, x, dt)
         params = jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)
         print(f"[{name}] loss {float(loss):.5f}  |g_q| {float(jnp.linalg.norm(grads['q'])):.5f}")
     """),
    ("jax", "venv", None, "inconsistency", None, "b11-inconsistency-bfloat16-gradient-accumulation",
     "gradient accumulation over 512 micro-batches in a jax.lax.scan whose accumulation buffer is mutated from float32 to bfloat16, compared with the float32 gradient of the full batch: the accumulated gradient differs by about 7% of its largest entry, beyond the 2% the np.testing.assert_allclose check allows",
     """\
     from functools import partial
     import jax
     import jax.numpy as jnp
     import numpy as np

     RTOL = 0.02   # accepted error of the accumulated gradient, relative to its largest entry

     def loss_fn(w, x, y):
         return jnp.mean((jnp.tanh(x @ w["w1"]) @ w["w2"] - y) ** 2)

     key = jax.random.key(0)
     k1, k2, k3, k4 = jax.random.split(key, 4)
     w = {"w1": jax.random.normal(k1, (128, 256)) * 0.05, "w2": jax.random.normal(k2, (256, 1)) * 0.05}
     x = jax.random.normal(k3, (4096, 128))
     y = jnp.sin(x[:, :1] * 3.0) + 5.0

     grad = jax.jit(jax.grad(loss_fn))
     full = grad(w, x, y)                                # one 4096-example batch, float32

     @partial(jax.jit, static_argnums=3)
     def accumulate(w, xs, ys, acc_dtype):
         def body(acc, batch):
             g = grad(w, *batch)
             return jax.tree.map(lambda a, b: (a + b.astype(acc_dtype)).astype(acc_dtype), acc, g), None
         zeros = jax.tree.map(lambda a: jnp.zeros_like(a, acc_dtype), w)
         acc, _ = jax.lax.scan(body, zeros, (xs, ys))
         return jax.tree.map(lambda a: a.astype(jnp.float32) / xs.shape[0], acc)

     xs, ys = x.reshape(512, 8, 128), y.reshape(512, 8, 1)   # 512 micro-batches of 8
     accum = accumulate(w, xs, ys, jnp.bfloat16)   # mutant ACC-BF16: accumulation buffer in the compute dtype (original float32)
     for name in ("w1", "w2"):
         a, b = np.asarray(full[name]), np.asarray(accum[name])
         print(f"{name}: |full| {np.linalg.norm(a):.6f}  |accumulated| {np.linalg.norm(b):.6f}  max rel err {np.abs(a - b).max() / np.abs(a).max():.4f}")
     ref = np.asarray(full["w2"])
     np.testing.assert_allclose(np.asarray(accum["w2"]), ref, rtol=0, atol=RTOL * np.abs(ref).max(),
                                err_msg="512 accumulated micro-batch gradients (bfloat16 buffer) vs one full-batch gradient (float32)")
     """),
    ("jax", "venv", None, "timeout", None, "b11-timeout-prefetch-thread-stalled",
     "a jitted autoencoder training loop fed by a host prefetch thread through a bounded queue; the mutant's retry logic makes the producer stop putting batches at shard 40 without raising, and the consumer's 6 s queue.get timeout ends the run with TimeoutError('input pipeline stalled')",
     """\
     import queue
     import threading
     import time
     import jax
     import jax.numpy as jnp
     import numpy as np

     STALL_LIMIT = 6.0

     def producer(q, stop):
         rng = np.random.default_rng(0)
         shard = 0
         while not stop.is_set():
             try:
                 batch = rng.random((64, 784), dtype=np.float32)
                 if shard == 40:
                     # mutant IO-RETRY: a transient read error on shard 40 is "retried" by skipping the put forever
                     while not stop.is_set():
                         time.sleep(0.1)
                     return
                 q.put(jax.device_put(batch), timeout=1.0)
                 shard += 1
             except queue.Full:
                 continue

     @jax.jit
     def step(w, x):
         loss, g = jax.value_and_grad(lambda w: jnp.mean((jnp.tanh(x @ w) @ w.T - x) ** 2))(w)
         return w - 0.05 * g, loss

     q, stop = queue.Queue(maxsize=4), threading.Event()
     threading.Thread(target=producer, args=(q, stop), daemon=True).start()
     w = jax.random.normal(jax.random.key(0), (784, 64)) * 0.01
     t0 = time.time()
     try:
         for it in range(200):
             try:
                 x = q.get(timeout=STALL_LIMIT)
             except queue.Empty:
                 raise TimeoutError(f"input pipeline stalled: no batch for {STALL_LIMIT:.0f} s at step {it} (elapsed {time.time() - t0:.1f} s)") from None
             w, loss = step(w, x)
             if it % 10 == 0:
                 print(f"step {it:3d} loss {float(loss):.5f} queue {q.qsize()} t={time.time() - t0:.2f}s", flush=True)
     finally:
         stop.set()
     """),
    ("jax", "venv", None, "oom", None, "b11-oom-dp-sgd-per-example-gradients",
     "a DP-SGD step (jax.vmap of jax.grad for per-example gradients, clipping, Gaussian noise) under jax.jit whose mutant feeds the logical batch of 2**17 examples as one physical batch: XLA cannot allocate the 4.8 TB of per-example gradients (Out of memory allocating ... bytes)",
     """\
     import jax
     import jax.numpy as jnp

     def init(key, d_in=1024, d_h=4096, d_out=100):
         k1, k2 = jax.random.split(key)
         return {"w1": jax.random.normal(k1, (d_in, d_h)) * 0.02, "w2": jax.random.normal(k2, (d_h, d_out)) * 0.02}

     def loss_fn(p, x, y):
         logits = jax.nn.relu(x @ p["w1"]) @ p["w2"]
         return -jax.nn.log_softmax(logits)[y]

     @jax.jit
     def dp_sgd_step(p, xs, ys, key, clip=1.0, sigma=1.1, lr=0.1):
         per_ex = jax.vmap(jax.grad(loss_fn), in_axes=(None, 0, 0))(p, xs, ys)        # per-example gradients
         norms = jnp.sqrt(sum(jnp.sum(g.reshape(g.shape[0], -1) ** 2, 1) for g in jax.tree.leaves(per_ex)))
         scale = jnp.minimum(1.0, clip / (norms + 1e-6))
         summed = jax.tree.map(lambda g: jnp.tensordot(scale, g, 1), per_ex)
         keys = dict(zip(p, jax.random.split(key, len(p))))
         noisy = {k: (summed[k] + sigma * clip * jax.random.normal(keys[k], summed[k].shape)) / xs.shape[0] for k in p}
         return jax.tree.map(lambda a, g: a - lr * g, p, noisy)

     params = init(jax.random.key(0))
     for batch in (32, 2 ** 17):   # mutant DP-BATCH: logical batch (2**17) fed as one physical batch
         xs = jnp.ones((batch, 1024), jnp.float32)
         ys = jnp.zeros((batch,), jnp.int32)
         params = dp_sgd_step(params, xs, ys, jax.random.key(batch))
         print(f"DP-SGD step with batch {batch}: |w1| = {float(jnp.linalg.norm(params['w1'])):.4f}", flush=True)
     """),
    # ---- ONNX Runtime ----------------------------------------------------------
    ("onnxruntime", "venv", None, "false-positive", None, "b11-quantize-static-s8-activations-u8-weights",
     "onnxruntime.quantization.quantize_static (QDQ format, per-channel, calibration data reader) of a MobileNet-style block with signed int8 activations and the weight type mutated to unsigned int8: the quantizer rejects the activation/weight type combination; logging module output",
     """\
     import logging
     import os
     import tempfile
     import numpy as np
     import onnx
     from onnx import TensorProto as T, helper as h, numpy_helper as nh
     from onnxruntime.quantization import CalibrationDataReader, QuantFormat, QuantType, quantize_static

     logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(levelname)s] %(name)s: %(message)s")
     log = logging.getLogger("edge-export")
     rs = np.random.RandomState(0)

     # MobileNet-style block: depthwise 3x3 + pointwise 1x1 + ReLU6 (Clip) + global pool + classifier
     inits = [nh.from_array(rs.randn(16, 1, 3, 3).astype("float32") * 0.3, "dw"), nh.from_array(rs.randn(32, 16, 1, 1).astype("float32") * 0.2, "pw"),
              nh.from_array(np.array(0.0, "float32"), "lo"), nh.from_array(np.array(6.0, "float32"), "hi"),
              nh.from_array(rs.randn(32, 10).astype("float32") * 0.2, "fc")]
     nodes = [h.make_node("Conv", ["x", "dw"], ["a"], group=16, pads=[1, 1, 1, 1]), h.make_node("Conv", ["a", "pw"], ["b"]),
              h.make_node("Clip", ["b", "lo", "hi"], ["c"]), h.make_node("GlobalAveragePool", ["c"], ["g"]),
              h.make_node("Flatten", ["g"], ["f"]), h.make_node("MatMul", ["f", "fc"], ["logits"])]
     g = h.make_graph(nodes, "mbv2_block", [h.make_tensor_value_info("x", T.FLOAT, [1, 16, 32, 32])], [h.make_tensor_value_info("logits", T.FLOAT, [1, 10])], inits)
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 17)])
     m.ir_version = 9
     d = tempfile.mkdtemp()
     src = os.path.join(d, "block.onnx")
     onnx.save(m, src)
     log.info("saved float model %s", src)

     class Calib(CalibrationDataReader):
         def __init__(self):
             self.batches = iter([{"x": rs.rand(1, 16, 32, 32).astype("float32")} for _ in range(8)])
         def get_next(self):
             return next(self.batches, None)

     # the NPU toolchain wants signed activations (mutant: weight_type flipped to unsigned as well)
     for act, wt in ((QuantType.QInt8, QuantType.QInt8), (QuantType.QInt8, QuantType.QUInt8)):
         dst = os.path.join(d, f"block.{act.name}.{wt.name}.onnx")
         log.info("quantize_static activation=%s weight=%s format=QDQ", act.name, wt.name)
         quantize_static(src, dst, Calib(), quant_format=QuantFormat.QDQ, activation_type=act, weight_type=wt, per_channel=True)
         log.info("wrote %s (%d bytes)", dst, os.path.getsize(dst))
     """),
    ("onnxruntime", "venv", None, "false-positive", None, "b11-exported-segmentation-stale-output-name",
     "a segmentation network exported with torch.onnx.export (outputs 'logits' and 'mask') and served with ONNX Runtime by a client that still requests the output name of the previous export: InferenceSession.run rejects the invalid output name",
     """\
     import io
     import warnings
     import numpy as np
     import onnxruntime as ort
     import torch
     import torch.nn as nn

     warnings.simplefilter("ignore", DeprecationWarning)

     class SegHead(nn.Module):
         def __init__(self, classes=21):
             super().__init__()
             self.backbone = nn.Sequential(nn.Conv2d(3, 32, 3, 2, 1), nn.ReLU(), nn.Conv2d(32, 64, 3, 2, 1), nn.ReLU())
             self.cls = nn.Conv2d(64, classes, 1)
         def forward(self, x):
             logits = nn.functional.interpolate(self.cls(self.backbone(x)), size=x.shape[-2:], mode="bilinear", align_corners=False)
             return logits, logits.argmax(1)

     buf = io.BytesIO()
     torch.onnx.export(SegHead().eval(), (torch.randn(1, 3, 128, 128),), buf, dynamo=False, input_names=["image"],
                       output_names=["logits", "mask"], dynamic_axes={"image": {0: "n"}})
     sess = ort.InferenceSession(buf.getvalue(), providers=["CPUExecutionProvider"])
     print("inputs :", [(i.name, i.shape, i.type) for i in sess.get_inputs()])
     print("outputs:", [(o.name, o.shape, o.type) for o in sess.get_outputs()])
     img = np.random.RandomState(0).rand(2, 3, 128, 128).astype("float32")
     print("logits:", sess.run(["logits"], {"image": img})[0].shape)
     # serving client still asks for the output name used by the previous export (mutant OUT-NAME)
     mask, = sess.run(["segmentation_mask"], {"image": img})
     print("mask:", mask.shape)
     """),
    ("onnxruntime", "venv", None, "false-positive", None, "b11-external-data-not-deployed",
     "a two-tower retrieval model saved with its 200k x 64 item table as external data (item_tower.onnx.data); the deployment step copies only the .onnx file: InferenceSession creation fails because the external data file does not exist",
     """\
     import os
     import shutil
     import tempfile
     import numpy as np
     import onnx
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     rs = np.random.RandomState(0)
     build = tempfile.mkdtemp(prefix="build-")
     # two-tower retrieval model: the 200k x 64 item table is stored as external data next to the graph
     table = nh.from_array(rs.randn(200000, 64).astype("float32") * 0.01, "item_table")
     proj = nh.from_array(rs.randn(64, 64).astype("float32") * 0.1, "proj")
     g = h.make_graph([h.make_node("Gather", ["item_table", "item_ids"], ["e"]), h.make_node("MatMul", ["e", "proj"], ["p"]),
                       h.make_node("LpNormalization", ["p"], ["emb"], axis=-1, p=2)],
                      "item_tower", [h.make_tensor_value_info("item_ids", T.INT64, [None])], [h.make_tensor_value_info("emb", T.FLOAT, [None, 64])], [table, proj])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 17)])
     m.ir_version = 9
     src = os.path.join(build, "item_tower.onnx")
     onnx.save_model(m, src, save_as_external_data=True, all_tensors_to_one_file=True, location="item_tower.onnx.data", size_threshold=1024)
     print("build dir:", sorted((f, os.path.getsize(os.path.join(build, f))) for f in os.listdir(build)))
     sess = ort.InferenceSession(src, providers=["CPUExecutionProvider"])
     print("build check:", sess.run(None, {"item_ids": np.array([1, 2, 3])})[0].shape)

     # deployment step (mutant DEPLOY-COPY: copies only *.onnx into the serving directory)
     serve = tempfile.mkdtemp(prefix="serve-")
     for f in os.listdir(build):
         if f.endswith(".onnx"):
             shutil.copy(os.path.join(build, f), serve)
     print("serving dir:", sorted(os.listdir(serve)))
     sess = ort.InferenceSession(os.path.join(serve, "item_tower.onnx"), providers=["CPUExecutionProvider"])
     print("serving check:", sess.run(None, {"item_ids": np.array([1, 2, 3])})[0].shape)
     """),
    ("onnxruntime", "venv", None, "crash", "not-implemented", "b11-gpt-export-uint8-causal-mask-trilu",
     "a small GPT exported with torch.onnx.export (opset 17, dynamic sequence length) whose causal mask is built as a uint8 tensor with triu(1) as in the original code base: the graph contains Trilu on uint8, which the ONNX schema allows but ONNX Runtime's CPU provider has no kernel for, so session creation fails with NOT_IMPLEMENTED",
     """\
     import io
     import warnings
     import numpy as np
     import onnxruntime as ort
     import torch
     import torch.nn as nn

     warnings.simplefilter("ignore", DeprecationWarning)

     class TinyGPT(nn.Module):
         def __init__(self, vocab=512, d=64, heads=4, layers=2):
             super().__init__()
             self.tok = nn.Embedding(vocab, d)
             self.pos = nn.Embedding(256, d)
             self.blocks = nn.ModuleList(nn.MultiheadAttention(d, heads, batch_first=True) for _ in range(layers))
             self.norms = nn.ModuleList(nn.LayerNorm(d) for _ in range(layers))
             self.head = nn.Linear(d, vocab)
         def forward(self, ids):
             T = ids.size(1)
             x = self.tok(ids) + self.pos(torch.arange(T, device=ids.device))
             # byte mask as in the original GPT code base (1 = masked future position)
             causal = torch.ones(T, T, dtype=torch.uint8, device=ids.device).triu(1).bool()
             for attn, norm in zip(self.blocks, self.norms):
                 h = norm(x)
                 x = x + attn(h, h, h, attn_mask=causal, need_weights=False)[0]
             return self.head(x)

     torch.manual_seed(0)
     model = TinyGPT().eval()
     ids = torch.randint(0, 512, (2, 24))
     buf = io.BytesIO()
     torch.onnx.export(model, (ids,), buf, dynamo=False, opset_version=17, input_names=["ids"], output_names=["logits"],
                       dynamic_axes={"ids": {0: "batch", 1: "seq"}})
     print(f"exported TinyGPT: {len(buf.getvalue()) / 1e6:.2f} MB, opset 17")
     with torch.no_grad():
         ref = model(ids).numpy()
     sess = ort.InferenceSession(buf.getvalue(), providers=["CPUExecutionProvider"])
     out = sess.run(None, {"ids": ids.numpy()})[0]
     print("max |ort - torch| =", float(np.abs(out - ref).max()))
     """),
    ("onnxruntime", "venv", None, "crash", "not-implemented", "b11-qlinearconv-int8-input-uint8-weights",
     "a QOperator detector stem (QuantizeLinear, two QLinearConv, DequantizeLinear) as emitted by a third-party converter, whose first conv keeps uint8 weights with zero point 128 on int8 activations (a combination the QLinearConv schema allows): the CPU provider has no kernel for it and session creation fails with NOT_IMPLEMENTED",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     # QOperator model as emitted by a third-party (TFLite-style) converter: signed int8 activations,
     # unsigned weights with zero point 128 for the first conv (mutant W-ZP: weights kept in uint8 after re-zero-pointing)
     rs = np.random.RandomState(0)
     def const(name, arr):
         return nh.from_array(arr, name)

     inits = [
         const("x_s", np.array(0.02, "float32")), const("x_zp", np.array(0, "int8")),
         const("w1", rs.randint(0, 256, (16, 3, 3, 3)).astype("uint8")), const("w1_s", np.array(0.01, "float32")), const("w1_zp", np.array(128, "uint8")),
         const("y1_s", np.array(0.05, "float32")), const("y1_zp", np.array(0, "int8")),
         const("w2", rs.randint(-127, 128, (32, 16, 3, 3)).astype("int8")), const("w2_s", np.array(0.01, "float32")), const("w2_zp", np.array(0, "int8")),
         const("y2_s", np.array(0.1, "float32")), const("y2_zp", np.array(0, "int8")),
     ]
     nodes = [
         h.make_node("QuantizeLinear", ["image", "x_s", "x_zp"], ["xq"]),
         h.make_node("QLinearConv", ["xq", "x_s", "x_zp", "w1", "w1_s", "w1_zp", "y1_s", "y1_zp"], ["c1"], pads=[1, 1, 1, 1], strides=[2, 2]),
         h.make_node("QLinearConv", ["c1", "y1_s", "y1_zp", "w2", "w2_s", "w2_zp", "y2_s", "y2_zp"], ["c2"], pads=[1, 1, 1, 1]),
         h.make_node("DequantizeLinear", ["c2", "y2_s", "y2_zp"], ["features"]),
     ]
     g = h.make_graph(nodes, "detector_stem_int8", [h.make_tensor_value_info("image", T.FLOAT, [1, 3, 64, 64])],
                      [h.make_tensor_value_info("features", T.FLOAT, [1, 32, 32, 32])], inits)
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 13)])
     m.ir_version = 8
     so = ort.SessionOptions()
     so.log_severity_level = 1
     print("creating session for detector_stem_int8 (QLinearConv x2)")
     sess = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])
     print(sess.run(None, {"image": rs.rand(1, 3, 64, 64).astype("float32")})[0].shape)
     """),
    ("onnxruntime", "venv", None, "nan", None, "b11-nan-dynamic-quant-inf-feature",
     "a fraud-detection MLP exported from PyTorch and quantized with quantize_dynamic (DynamicQuantizeLinear + MatMulInteger); one transaction carries an inf ratio feature from a division by zero upstream: the per-tensor dynamic scale becomes inf and the int8 model returns NaN probabilities for every transaction of the batch",
     """\
     import io
     import logging
     import os
     import tempfile
     import warnings
     import numpy as np
     import onnxruntime as ort
     import torch
     import torch.nn as nn
     from onnxruntime.quantization import QuantType, quantize_dynamic

     warnings.simplefilter("ignore", DeprecationWarning)
     logging.getLogger().setLevel(logging.ERROR)
     torch.manual_seed(0)

     class FraudMLP(nn.Module):
         def __init__(self):
             super().__init__()
             self.net = nn.Sequential(nn.Linear(30, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 2))
         def forward(self, x):
             return torch.softmax(self.net(x), -1)

     d = tempfile.mkdtemp()
     fp32_path, int8_path = os.path.join(d, "fraud.onnx"), os.path.join(d, "fraud.int8.onnx")
     torch.onnx.export(FraudMLP().eval(), (torch.randn(1, 30),), fp32_path, dynamo=False, input_names=["features"],
                       output_names=["probs"], dynamic_axes={"features": {0: "batch"}})
     quantize_dynamic(fp32_path, int8_path, weight_type=QuantType.QInt8)
     sess = ort.InferenceSession(int8_path, providers=["CPUExecutionProvider"])
     print("int8 graph ops:", sorted({n.op_type for n in __import__("onnx").load(int8_path).graph.node}))

     rs = np.random.RandomState(0)
     batch = rs.randn(6, 30).astype("float32")
     # feature 4 is amount/previous_amount; the upstream ETL divides by a zero previous amount for new accounts
     batch[3, 4] = np.float32(1.0) / np.float32(0.0)
     probs = sess.run(None, {"features": batch})[0]
     for i, p in enumerate(probs):
         print(f"txn {i}: p(fraud)={p[1]:.4f}")
     """),
    ("onnxruntime", "venv", None, "inconsistency", None, "b11-inconsistency-int8-ffn-outlier-vs-torch",
     "a Transformer feed-forward block exported from PyTorch and quantized with quantize_dynamic, whose LayerNorm gain has one outlier channel (mutant, gain 60): the per-tensor uint8 activation quantization loses the small activations and the ONNX Runtime output differs from the PyTorch fp32 reference beyond atol 0.1 (np.testing.assert_allclose)",
     '''\
     import logging
     import os
     import tempfile
     import warnings
     import numpy as np
     import onnxruntime as ort
     import torch
     import torch.nn as nn
     from onnxruntime.quantization import QuantType, quantize_dynamic

     warnings.simplefilter("ignore", DeprecationWarning)
     logging.getLogger().setLevel(logging.ERROR)
     ATOL = 0.1
     torch.manual_seed(0)

     class FFN(nn.Module):
         """Transformer feed-forward block with its residual, as exported from the PyTorch model."""
         def __init__(self, d=256, h=1024):
             super().__init__()
             self.norm = nn.LayerNorm(d)
             self.fc1 = nn.Linear(d, h)
             self.fc2 = nn.Linear(h, d)
         def forward(self, x):
             return x + self.fc2(torch.relu(self.fc1(self.norm(x))))

     model = FFN().eval()
     with torch.no_grad():
         model.norm.weight[17] = 60.0    # mutant LN-GAIN: one LayerNorm gain trained to an outlier value (massive activation)
     d = tempfile.mkdtemp()
     path, qpath = os.path.join(d, "ffn.onnx"), os.path.join(d, "ffn.int8.onnx")
     torch.onnx.export(model, (torch.randn(1, 16, 256),), path, dynamo=False, input_names=["x"], output_names=["y"],
                       dynamic_axes={"x": {0: "b", 1: "t"}})
     quantize_dynamic(path, qpath, weight_type=QuantType.QInt8)
     x = torch.randn(4, 16, 256)
     with torch.no_grad():
         ref = model(x).numpy()
     q = ort.InferenceSession(qpath, providers=["CPUExecutionProvider"]).run(None, {"x": x.numpy()})[0]
     err = np.abs(q - ref)
     print("torch fp32 y[0,0,:6]:", ref[0, 0, :6].round(4))
     print("ort int8   y[0,0,:6]:", q[0, 0, :6].round(4))
     print(f"max abs err {err.max():.4f}  mean abs err {err.mean():.4f}")
     np.testing.assert_allclose(q, ref, atol=ATOL, rtol=0, err_msg="ONNX Runtime dynamic int8 model vs PyTorch fp32 reference")
     '''),
    ("onnxruntime", "venv", None, "oom", None, "b11-oom-range-position-ids-header",
     "a speech encoder's positional-encoding graph (Range over the frame count, Clip, Gather, Add) fed a frame count of 2**40 read from a truncated file's header: the BFC arena fails to allocate the 8 TB Range output (Failed to allocate memory for requested buffer)",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     rs = np.random.RandomState(0)
     # rotary/position ids of an exported speech encoder: positions = Range(0, n_frames); n_frames comes from the request header
     inits = [nh.from_array(np.array(0, "int64"), "zero"), nh.from_array(np.array(1, "int64"), "one"),
              nh.from_array(rs.randn(4096, 80).astype("float32") * 0.01, "pos_table")]
     nodes = [h.make_node("Range", ["zero", "n_frames", "one"], ["positions"]),
              h.make_node("Clip", ["positions", "", "max_pos"], ["pos_c"]),
              h.make_node("Gather", ["pos_table", "pos_c"], ["pe"]),
              h.make_node("Add", ["feats", "pe"], ["y"])]
     inits.append(nh.from_array(np.array(4095, "int64"), "max_pos"))
     g = h.make_graph(nodes, "posenc", [h.make_tensor_value_info("feats", T.FLOAT, [None, 80]), h.make_tensor_value_info("n_frames", T.INT64, [])],
                      [h.make_tensor_value_info("y", T.FLOAT, [None, 80])], inits)
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 17)])
     m.ir_version = 9
     sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
     for name, n in (("utt-001", 998), ("utt-002", 1480), ("utt-003", 2 ** 40)):   # utt-003: header read from a truncated file
         feats = rs.randn(min(n, 1500), 80).astype("float32")
         y = sess.run(None, {"feats": feats, "n_frames": np.array(n if n < 2 ** 40 else n, "int64")})[0]
         print(f"{name}: n_frames={n} -> {y.shape}")
     """),
    # ---- MindSpore -------------------------------------------------------------
    ("mindspore", "mindspore", None, "false-positive", None, "b11-load-checkpoint-partial-copy",
     "a LeNet-5 checkpoint written with mindspore.save_checkpoint and copied while still being written (the mutant copy keeps the first third of the file): mindspore.load_checkpoint refuses the corrupted file",
     """\
     import os
     import tempfile
     import numpy as np
     import mindspore
     from mindspore import nn

     mindspore.set_device("CPU")

     class LeNet5(nn.Cell):
         def __init__(self):
             super().__init__()
             self.c1 = nn.Conv2d(1, 6, 5, pad_mode="valid")
             self.c2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
             self.pool = nn.MaxPool2d(2, 2)
             self.flat = nn.Flatten()
             self.f1, self.f2, self.f3 = nn.Dense(400, 120), nn.Dense(120, 84), nn.Dense(84, 10)
             self.relu = nn.ReLU()
         def construct(self, x):
             x = self.pool(self.relu(self.c1(x)))
             x = self.pool(self.relu(self.c2(x)))
             return self.f3(self.relu(self.f2(self.relu(self.f1(self.flat(x))))))

     d = tempfile.mkdtemp()
     path = os.path.join(d, "lenet-5_1875.ckpt")
     mindspore.save_checkpoint(LeNet5(), path)
     size = os.path.getsize(path)
     print(f"saved {path}: {size} bytes")
     # the checkpoint is copied from the training node while the trainer is still writing it (mutant SYNC-COPY)
     with open(path, "rb") as f:
         head = f.read(size // 3)
     partial = os.path.join(d, "lenet-5_1875.partial.ckpt")
     with open(partial, "wb") as f:
         f.write(head)
     print(f"copied {len(head)} bytes to {partial}")
     params = mindspore.load_checkpoint(partial)
     net = LeNet5()
     print("not loaded:", mindspore.load_param_into_net(net, params))
     print(net(mindspore.Tensor(np.zeros((1, 1, 32, 32), np.float32))).shape)
     """),
    ("mindspore", "mindspore", None, "false-positive", None, "b11-dataset-batch-variable-length-sentences",
     "a text-classification GeneratorDataset of variable-length token-id sentences whose padded_batch is mutated into a plain batch(16): the batch operation rejects rows of different shapes (dataset pipeline error message)",
     """\
     import numpy as np
     import mindspore
     import mindspore.dataset as ds

     mindspore.set_device("CPU")
     rs = np.random.RandomState(0)

     def sentences():
         for i in range(64):
             n = int(rs.randint(5, 40))
             yield rs.randint(1, 5000, n).astype(np.int32), np.int32(i % 3)

     data = ds.GeneratorDataset(sentences, column_names=["token_ids", "label"], shuffle=False)
     # mutant PAD-DROP: .padded_batch(16, pad_info={"token_ids": ([40], 0)}) replaced by .batch(16)
     data = data.batch(16, drop_remainder=True)
     for step, (ids, label) in enumerate(data.create_tuple_iterator(output_numpy=True)):
         print(f"step {step}: token_ids {ids.shape}, labels {label.tolist()}")
     """),
    ("mindspore", "mindspore", None, "false-positive", None, "b11-cosine-decay-lr-min-max-swapped",
     "a warm-up plus cosine learning-rate schedule built with nn.warmup_lr and nn.cosine_decay_lr whose min_lr and max_lr are swapped by the mutant: cosine_decay_lr rejects max_lr smaller than min_lr",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn

     mindspore.set_device("CPU")
     steps_per_epoch, epochs = 50, 4
     total = steps_per_epoch * epochs
     warmup = nn.warmup_lr(0.1, 20, 20, 1)
     print("warmup lr[:5]:", [round(v, 4) for v in warmup[:5]])
     # mutant LR-SWAP: min_lr and max_lr exchanged in the cosine schedule
     cosine = nn.cosine_decay_lr(min_lr=0.1, max_lr=1e-5, total_step=total - 20, step_per_epoch=steps_per_epoch, decay_epoch=epochs)
     lr = warmup + cosine
     net = nn.SequentialCell([nn.Dense(32, 64), nn.ReLU(), nn.Dense(64, 10)])
     opt = nn.Momentum(net.trainable_params(), learning_rate=lr, momentum=0.9)
     train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")), opt)
     x, y = Tensor(np.random.rand(64, 32).astype(np.float32)), Tensor(np.random.randint(0, 10, 64).astype(np.int32))
     for step in range(total):
         loss = train(x, y)
         if step % 50 == 0:
             print(f"step {step}: loss {float(loss.asnumpy()):.4f}")
     """),
    ("mindspore", "mindspore", None, "crash", None, "b11-dataset-hwc2chw-float16-image-cache",
     "a mindspore.dataset image pipeline (NumpySlicesDataset, RandomHorizontalFlip, HWC2CHW, batch) whose decoded-image cache is mutated from float32 to float16: the pure layout change HWC2CHW fails inside OpenCV with '(-215:Assertion failed) func in function mixChannels' (float32 runs)",
     """\
     import numpy as np
     import mindspore
     import mindspore.dataset as ds
     import mindspore.dataset.vision as vision

     mindspore.set_device("CPU")
     rs = np.random.RandomState(0)
     images = rs.rand(48, 64, 64, 3).astype(np.float32)
     labels = rs.randint(0, 10, 48).astype(np.int32)

     def pipeline(store_dtype):
         data = ds.NumpySlicesDataset({"image": images.astype(store_dtype), "label": labels}, shuffle=False)
         data = data.map(operations=[vision.RandomHorizontalFlip(), vision.HWC2CHW()], input_columns="image")
         return data.batch(16)

     for store_dtype in (np.float32, np.float16):   # mutant CACHE-FP16: decoded images cached as float16
         print(f"--- image cache dtype {np.dtype(store_dtype).name}")
         for step, (img, lab) in enumerate(pipeline(store_dtype).create_tuple_iterator(output_numpy=True)):
             print(f"step {step}: image {img.shape} {img.dtype}, labels {lab[:6].tolist()}")
     """),
    ("mindspore", "mindspore", None, "crash", None, "b11-float16-svm-head-multi-margin-loss",
     "a linear SVM-style classifier head trained with ops.multi_margin_loss (no class weights) in float32 and, mutated, in float16: the float16 CPU kernel dereferences the optional weight input and fails with 'The pointer[weight_addr] is null', reported as a framework unexpected error when the loss is read (float32 trains)",
     '''\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn, ops

     mindspore.set_device("CPU")
     mindspore.set_context(mode=mindspore.PYNATIVE_MODE)
     mindspore.set_seed(0)

     class SVMHead(nn.Cell):
         """Linear SVM-style classifier on frozen backbone features, trained with the multi-class hinge loss."""
         def __init__(self, feat=512, classes=10):
             super().__init__()
             self.fc = nn.Dense(feat, classes)
         def construct(self, f):
             return self.fc(f)

     rs = np.random.RandomState(0)
     feats = Tensor(rs.randn(64, 512).astype(np.float32))
     labels = Tensor(rs.randint(0, 10, 64).astype(np.int64))
     for dtype in (mindspore.float32, mindspore.float16):    # mutant AMP-FP16: head and loss run in float16
         net = SVMHead()
         net.to_float(dtype)
         opt = nn.SGD(net.trainable_params(), learning_rate=0.01, momentum=0.9)
         def forward(f, y):
             return ops.multi_margin_loss(net(f), y, p=1, margin=1)
         print(f"[{dtype}] initial hinge loss {float(forward(feats, labels).asnumpy()):.4f}", flush=True)
         grad_fn = mindspore.value_and_grad(forward, None, opt.parameters)
         for epoch in range(3):
             loss, grads = grad_fn(feats, labels)
             opt(grads)
             print(f"[{dtype}] epoch {epoch}: hinge loss {float(loss.asnumpy()):.4f}", flush=True)
     '''),
    ("mindspore", "mindspore", None, "nan", None, "b11-nan-amp-o3-fixed-loss-scale",
     "a small ResNet trained with amp.build_train_network at level O3 (float16 everywhere) whose DynamicLossScaleManager is replaced by FixedLossScaleManager(2**24, drop_overflow_update=False): the scaled float16 gradients overflow, the update is applied anyway and the weights and loss become NaN",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, amp, nn

     mindspore.set_device("CPU")
     mindspore.set_seed(0)

     class SmallResNet(nn.Cell):
         def __init__(self):
             super().__init__()
             self.stem = nn.SequentialCell([nn.Conv2d(3, 16, 3), nn.BatchNorm2d(16), nn.ReLU()])
             self.block = nn.SequentialCell([nn.Conv2d(16, 16, 3), nn.BatchNorm2d(16), nn.ReLU(), nn.Conv2d(16, 16, 3), nn.BatchNorm2d(16)])
             self.relu = nn.ReLU()
             self.pool = nn.AdaptiveAvgPool2d(1)
             self.fc = nn.Dense(16, 10)
         def construct(self, x):
             h = self.stem(x)
             h = self.relu(h + self.block(h))
             return self.fc(self.pool(h).reshape(x.shape[0], -1))

     net = SmallResNet()
     opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
     loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
     # mutant LS-FIXED: DynamicLossScaleManager(2**16) replaced by a fixed scale that never drops overflowing steps
     scale = amp.FixedLossScaleManager(2.0 ** 24, drop_overflow_update=False)
     train = amp.build_train_network(net, opt, loss_fn, level="O3", loss_scale_manager=scale)
     rs = np.random.RandomState(0)
     for step in range(6):
         x = Tensor(rs.rand(16, 3, 32, 32).astype(np.float32))
         y = Tensor(rs.randint(0, 10, 16).astype(np.int32))
         loss = train(x, y)
         w = net.fc.weight.asnumpy().astype(np.float32)
         print(f"step {step}: loss {float(loss.asnumpy()):.4f}  fc.weight finite={bool(np.isfinite(w).all())}  |w|={np.linalg.norm(w):.4f}", flush=True)
     """),
    ("mindspore", "mindspore", None, "timeout", None, "b11-timeout-generator-dataset-vad-filter",
     "a runner that starts a keyword-spotting job in a subprocess with a 10 s limit; the job's GeneratorDataset keeps only clips whose voice-activity ratio exceeds a threshold mutated from 0.3 to 3.0, so no clip is ever yielded and the runner kills the job after 10 s and exits with status 124",
     """\
     import subprocess
     import sys
     import textwrap

     JOB = textwrap.dedent('''
         import time
         import numpy as np
         import mindspore
         import mindspore.dataset as ds
         mindspore.set_device("CPU")

         def clips():
             rs = np.random.RandomState(0)
             while True:
                 clip = rs.rand(16, 40).astype(np.float32)
                 # keep only clips whose voice-activity ratio is above the threshold
                 # (mutant VAD-THR: threshold 0.3 -> 3.0, a ratio can never exceed 1)
                 if (clip.mean(1) > 0.5).mean() > 3.0:
                     yield clip, np.int32(rs.randint(0, 12))

         data = ds.GeneratorDataset(clips, column_names=["feats", "label"], shuffle=False).batch(8)
         print("pipeline built, waiting for the first batch", flush=True)
         t0 = time.time()
         for step, (x, y) in enumerate(data.create_tuple_iterator(output_numpy=True)):
             print(f"step {step}: {x.shape} after {time.time() - t0:.1f}s", flush=True)
     ''')

     LIMIT = 10
     print(f"[runner] launching the keyword-spotting training job (limit {LIMIT}s)", flush=True)
     proc = subprocess.Popen([sys.executable, "-c", JOB], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
     try:
         out, _ = proc.communicate(timeout=LIMIT)
         print(out)
     except subprocess.TimeoutExpired:
         proc.kill()
         out, _ = proc.communicate()
         print(out.rstrip())
         print(f"[runner] job exceeded {LIMIT}s without producing a batch, killed (pid {proc.pid})", flush=True)
         raise SystemExit(124)
     """),
]

add_batch(B11)

# ==========================================================================
# Twelfth batch ("b12-" names), held out from the rules: a tester exercising
# deployment and interop paths, where models leave the framework they were
# written in or are frozen for serving: torch.jit.script/trace/freeze,
# torch.fx and torch.export with dynamic shapes, jax.export and jax2tf,
# tf.function input signatures, SavedModel signatures, Keras model.export
# endpoints, TFLite conversion (select TF ops, dynamic-range quantization),
# ONNX shape inference and checker, ONNX Runtime session and run options
# (threads, optimisation levels, IOBinding, sequence outputs), MindSpore
# MindIR export and load, and tensors crossing framework borders (DLPack,
# __array__, numpy views, memory-mapped and strided arrays, ragged, sparse,
# string and complex tensors), with batch-size and sequence polymorphism.
# Each entry: (framework, interpreter, KERAS_BACKEND or None, class, kind,
# name, how, code).
# ==========================================================================

B12 = [
    # ---- PyTorch (current) -----------------------------------------------------
    ("pytorch", "venv", None, "false-positive", None, "b12-fx-detection-head-empty-frame-branch",
     "a one-stage detection head (class and box convolutions) prepared for post-training quantization with torch.fx.symbolic_trace; its forward has an early exit for empty frames that branches on scores.max(), and FX rejects a traced Proxy used as a Python bool; logged with the logging module",
     """\
     import logging
     import torch
     import torch.nn as nn
     import torch.fx

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
     log = logging.getLogger("deploy.fx_quant")

     class DetectionHead(nn.Module):
         def __init__(self, c=64, anchors=3, classes=20):
             super().__init__()
             self.cls = nn.Conv2d(c, anchors * classes, 3, padding=1)
             self.box = nn.Conv2d(c, anchors * 4, 3, padding=1)
         def forward(self, feat):
             scores = self.cls(feat).sigmoid().flatten(1)
             boxes = self.box(feat).flatten(2).transpose(1, 2)
             if scores.max() < 0.05:
                 return boxes[:, :0], scores[:, :0]
             return boxes, scores

     head = DetectionHead().eval()
     with torch.no_grad():
         b, s = head(torch.randn(1, 64, 20, 20))
     log.info("eager head ok: boxes %s scores %s", tuple(b.shape), tuple(s.shape))
     log.info("symbolic_trace(%s) for prepare_fx", type(head).__name__)
     gm = torch.fx.symbolic_trace(head)
     log.info("graph has %d nodes", len(gm.graph.nodes))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b12-export-two-tower-batch-dim-specialized",
     "a two-tower recommender (EmbeddingBag user tower, Embedding item tower) exported with torch.export and a dynamic batch Dim; the user tower reshapes with the training loader's batch of 8 hard-coded, so export reports that the dynamic dimension was specialized to a constant; pytest-style output from the tester's runner",
     """\
     import time
     import traceback
     import torch
     import torch.nn as nn
     from torch.export import Dim, export

     class TwoTower(nn.Module):
         def __init__(self, users=1000, items=500, d=32):
             super().__init__()
             self.user = nn.EmbeddingBag(users, d, mode="mean")
             self.item = nn.Embedding(items, d)
             self.mlp = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, d))
         def forward(self, history, item):
             u = self.mlp(self.user(history)).reshape(8, 32)
             return (u * self.item(item)).sum(-1)

     model = TwoTower().eval()
     hist = torch.randint(0, 1000, (8, 16))
     item = torch.randint(0, 500, (8,))

     def test_eager_batch_8():
         assert model(hist, item).shape == (8,)
     def test_export_static():
         ep = export(model, (hist, item))
         assert ep.module()(hist, item).shape == (8,)
     def test_export_dynamic_batch():
         batch = Dim("batch", min=1, max=256)
         ep = export(model, (hist, item), dynamic_shapes={"history": {0: batch}, "item": {0: batch}})
         assert ep.module()(hist[:3], item[:3]).shape == (3,)

     tests = (test_eager_batch_8, test_export_static, test_export_dynamic_batch)
     print("============================= test session starts ==============================")
     print(f"platform linux -- Python, torch {torch.__version__}")
     print(f"collected {len(tests)} items\\n")
     t0, failed = time.time(), []
     for fn in tests:
         try:
             fn()
             print(f"tests/test_export_two_tower.py::{fn.__name__} PASSED")
         except Exception as e:
             print(f"tests/test_export_two_tower.py::{fn.__name__} FAILED")
             failed.append((fn.__name__, e, traceback.format_exc()))
     print("\\n=================================== FAILURES ===================================")
     for name, e, tb in failed:
         print(f"__________________________ {name} __________________________")
         for line in tb.rstrip().splitlines()[:-1]:
             print(line)
         for line in f"{type(e).__name__}: {e}".splitlines():
             print("E   " + line)
     print("=========================== short test summary info ============================")
     for name, e, tb in failed:
         print(f"FAILED tests/test_export_two_tower.py::{name} - {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
     print(f"========================= {len(failed)} failed, {len(tests) - len(failed)} passed in {time.time() - t0:.2f}s =========================")
     raise SystemExit(1 if failed else 0)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b12-script-gru-decoder-kwargs-catch-all",
     "a GRU sequence-to-sequence decoder whose forward was given a **kwargs catch-all for compatibility with a generation utility; torch.jit.script for the C++ serving runtime refuses a function with a variable number of arguments; run under unittest",
     """\
     import unittest
     from typing import Optional
     import torch
     import torch.nn as nn

     class Decoder(nn.Module):
         def __init__(self, vocab=100, d=32, h=64):
             super().__init__()
             self.emb = nn.Embedding(vocab, d)
             self.gru = nn.GRU(d, h, batch_first=True)
             self.out = nn.Linear(h, vocab)
         def forward(self, tokens, hidden: Optional[torch.Tensor] = None, **generate_kwargs):
             y, hidden = self.gru(self.emb(tokens), hidden)
             return self.out(y), hidden

     class ScriptExport(unittest.TestCase):
         def test_eager_step(self):
             logits, h = Decoder()(torch.randint(0, 100, (2, 5)))
             self.assertEqual(tuple(logits.shape), (2, 5, 100))
         def test_script_for_serving(self):
             scripted = torch.jit.script(Decoder().eval())
             logits, h = scripted(torch.randint(0, 100, (2, 5)))
             self.assertEqual(tuple(h.shape), (1, 2, 64))

     if __name__ == "__main__":
         unittest.main(verbosity=2)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b12-dlpack-conj-spectrogram-to-jax",
     "a PyTorch audio front-end hands its complex STFT to a JAX post-processor through DLPack; the mutant takes the complex conjugate (a lazy conj view) before the hand-off and torch refuses to export a tensor whose conjugate bit is set; warnings come first",
     """\
     import warnings
     import torch
     import jax.numpy as jnp

     warnings.simplefilter("always")
     torch.manual_seed(0)
     wave = torch.randn(2, 16000)
     window = torch.hann_window(400)
     spec = torch.stft(wave, n_fft=400, hop_length=160, window=window, return_complex=True)
     print("stft:", tuple(spec.shape), spec.dtype, flush=True)
     mag = jnp.from_dlpack(spec.abs().contiguous())
     print("magnitude handed to jax:", mag.shape, mag.dtype, flush=True)
     warnings.warn("phase convention: using conj() to match the JAX vocoder (e^{+i w t})", UserWarning)
     spec_c = spec.conj()
     print("is_conj:", spec_c.is_conj(), flush=True)
     phase = jnp.angle(jnp.from_dlpack(spec_c))
     print("phase:", phase.shape)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b12-from-numpy-bgr-flip-negative-stride",
     "an image-classification server converts decoded BGR frames to RGB with a [..., ::-1] numpy view and hands them to torch.from_numpy; torch refuses numpy arrays with negative strides; tqdm-style progress over the request batch precedes the error",
     """\
     import sys
     import time
     import numpy as np
     import torch
     import torch.nn as nn

     model = nn.Sequential(nn.Conv2d(3, 16, 3, stride=2), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10)).eval()
     rs = np.random.RandomState(0)
     frames = [rs.randint(0, 255, (224, 224, 3), dtype=np.uint8) for _ in range(12)]

     def preprocess(bgr, i):
         rgb = bgr[..., ::-1] if i >= 8 else np.ascontiguousarray(bgr[..., ::-1])  # request 8+: new fast path without the copy
         x = torch.from_numpy(rgb).permute(2, 0, 1).float().div(255)
         return x.unsqueeze(0)

     t0 = time.time()
     with torch.no_grad():
         for i, f in enumerate(frames):
             pred = model(preprocess(f, i)).argmax(1).item()
             n = i + 1
             bar = "#" * (n * 20 // len(frames))
             sys.stdout.write(f"\\rserving: {100 * n // len(frames):3d}%|{bar:<20}| {n}/{len(frames)} [{time.time() - t0:04.1f}s, pred={pred}]")
             sys.stdout.flush()
     print()
     """),
    ("pytorch", "venv", None, "false-positive", None, "b12-trace-segmentation-dict-output-strict",
     "a semantic-segmentation model (conv encoder, upsampling decoder, auxiliary head) returning a dict {'out', 'aux'} like the torchvision models, traced with torch.jit.trace in its default strict mode; the tracer refuses a mutable dict at the output; JSON-lines logging",
     """\
     import json
     import logging
     import time
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     class JsonFormatter(logging.Formatter):
         def format(self, r):
             return json.dumps({"ts": round(time.time(), 3), "level": r.levelname, "logger": r.name, "msg": r.getMessage()})

     h = logging.StreamHandler()
     h.setFormatter(JsonFormatter())
     log = logging.getLogger("export.segmentation")
     log.addHandler(h)
     log.setLevel(logging.INFO)

     class SegNet(nn.Module):
         def __init__(self, classes=21):
             super().__init__()
             self.enc = nn.Sequential(nn.Conv2d(3, 32, 3, 2, 1), nn.ReLU(), nn.Conv2d(32, 64, 3, 2, 1), nn.ReLU())
             self.head = nn.Conv2d(64, classes, 1)
             self.aux = nn.Conv2d(32, classes, 1)
         def forward(self, x):
             f1 = self.enc[:2](x)
             f2 = self.enc[2:](f1)
             out = F.interpolate(self.head(f2), size=x.shape[-2:], mode="bilinear", align_corners=False)
             aux = F.interpolate(self.aux(f1), size=x.shape[-2:], mode="bilinear", align_corners=False)
             return {"out": out, "aux": aux}

     model = SegNet().eval()
     x = torch.randn(1, 3, 128, 128)
     log.info("eager output keys=%s shape=%s", sorted(model(x)), tuple(model(x)["out"].shape))
     log.info("tracing SegNet for TorchServe (strict=True)")
     traced = torch.jit.trace(model, x)
     traced.save("segnet.pt")
     log.info("saved segnet.pt")
     """),
    ("pytorch", "venv", None, "crash", "segfault", "b12-mmap-item-table-embedding-max-norm",
     "a recommender serving process memory-maps its item-embedding table read-only (np.load(mmap_mode='r')), wraps it with torch.from_numpy (which warns that the array is not writable) and builds nn.Embedding.from_pretrained(..., max_norm=1.0); the lookup renormalises the looked-up rows in place, writing into the PROT_READ mapping: SIGSEGV",
     """\
     import os
     import tempfile
     import numpy as np
     import torch
     import torch.nn as nn

     d = tempfile.mkdtemp()
     path = os.path.join(d, "item_emb.npy")
     np.save(path, np.random.RandomState(0).randn(20000, 64).astype("float32") * 2.0)
     table = np.load(path, mmap_mode="r")
     print("mapped", table.shape, table.dtype, "writeable:", table.flags.writeable, flush=True)
     weights = torch.from_numpy(table)
     items = nn.Embedding.from_pretrained(weights, freeze=True, max_norm=1.0)
     user = torch.randn(4, 64)
     candidates = torch.randint(0, 20000, (4, 50))
     print("scoring", tuple(candidates.shape), "candidates", flush=True)
     with torch.no_grad():
         scores = (items(candidates) * user[:, None]).sum(-1)
     print("top-5:", scores.topk(5).indices.tolist())
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b12-frozen-face-retrieval-head-half-cdist",
     "a face-retrieval head for a door-access device (Linear projection, L2 normalisation, torch.cdist to a 20-identity gallery buffer, top-k) scripted, frozen with torch.jit.freeze and cast to float16 for serving on the CPU: the projection and normalisation run in half, cdist has no Half kernel on the CPU (float32 runs)",
     """\
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     class RetrievalHead(nn.Module):
         def __init__(self, gallery):
             super().__init__()
             self.proj = nn.Linear(128, 64)
             self.register_buffer("gallery", F.normalize(gallery, dim=-1))
         def forward(self, q):
             e = F.normalize(self.proj(q), dim=-1)
             d = torch.cdist(e, self.gallery)
             return d.topk(5, dim=-1, largest=False)

     torch.manual_seed(0)
     head = RetrievalHead(torch.randn(20, 64)).eval()
     for dtype in (torch.float32, torch.float16):
         frozen = torch.jit.freeze(torch.jit.script(head.to(dtype)))
         dist, idx = frozen(torch.randn(8, 128, dtype=dtype))
         print(dtype, "nearest:", idx[:, 0].tolist(), "dist:", [round(v, 3) for v in dist[:, 0].tolist()], flush=True)
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b12-scripted-audio-frontend-half-stft",
     "a keyword-spotting audio front-end (STFT, power, mel projection, log) compiled with torch.jit.script and served in float16 to halve its memory: the scripted graph reaches aten::stft with a Half tensor and the CPU FFT has no Half kernel (float32 runs); training-style step lines come first",
     """\
     import torch
     import torch.nn as nn

     class LogMel(nn.Module):
         def __init__(self, n_fft: int = 512, hop: int = 160, mels: int = 40):
             super().__init__()
             self.n_fft = n_fft
             self.hop = hop
             self.register_buffer("window", torch.hann_window(n_fft))
             self.register_buffer("fb", torch.rand(n_fft // 2 + 1, mels))
         def forward(self, wave: torch.Tensor) -> torch.Tensor:
             spec = torch.stft(wave, self.n_fft, self.hop, window=self.window, return_complex=True)
             power = spec.abs().pow(2).transpose(1, 2)
             return torch.log(power @ self.fb + 1e-6)

     class KWS(nn.Module):
         def __init__(self):
             super().__init__()
             self.front = LogMel()
             self.rnn = nn.GRU(40, 64, batch_first=True)
             self.cls = nn.Linear(64, 12)
         def forward(self, wave: torch.Tensor) -> torch.Tensor:
             y, _ = self.rnn(self.front(wave))
             return self.cls(y[:, -1])

     torch.manual_seed(0)
     model = KWS().eval()
     wave = torch.randn(4, 16000)
     scripted = torch.jit.script(model)
     for step, dtype in enumerate((torch.float32, torch.float16)):
         out = scripted.to(dtype)(wave.to(dtype))
         print(f"[serve] step={step} dtype={dtype} logits={tuple(out.shape)} argmax={out.argmax(1).tolist()}", flush=True)
     """),
    ("pytorch", "venv", None, "nan", None, "b12-fx-fuse-conv-bn-zero-eps-dead-channel",
     "a CNN whose BatchNorm layers were built with eps=0 for bit-exact parity with an exported reference; the deployment step folds Conv+BN with torch.fx.experimental.optimization.fuse, and a channel that was dead during calibration (running_var 0) gets an infinite scale: the fused model's outputs are NaN; CI-style summary at the end",
     """\
     import torch
     import torch.nn as nn
     from torch.fx.experimental.optimization import fuse

     torch.manual_seed(0)
     model = nn.Sequential(
         nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16, eps=0.0), nn.ReLU(),
         nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32, eps=0.0), nn.ReLU(),
         nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(32, 10))
     with torch.no_grad():
         for bn in (model[1], model[4]):
             bn.running_mean.uniform_(-0.2, 0.2)
             bn.running_var.uniform_(0.5, 2.0)
         model[1].running_mean[5] = 0.0
         model[1].running_var[5] = 0.0
     model.eval()
     print("calibration: channel 5 of bn1 was dead (running_var 0)", flush=True)
     fused = fuse(model)
     print("fused modules:", [type(m).__name__ for m in fused.modules()][1:], flush=True)
     x = torch.randn(4, 3, 32, 32)
     with torch.no_grad():
         y = fused(x)
     print("logits[0]:", y[0].tolist(), flush=True)
     bad = torch.isnan(y).sum().item()
     print("------------------------------------------------------------")
     print(f"deploy-check fuse_conv_bn: outputs={y.numel()} nan={bad} inf={torch.isinf(y).sum().item()}")
     print("deploy-check summary: 1 check, " + ("1 failed" if bad else "0 failed"))
     raise SystemExit(1 if bad else 0)
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b12-trace-pooling-branch-on-sequence-length",
     "a text classifier that pools differently for long inputs (if tokens.size(1) > 64: strided max pooling) traced with torch.jit.trace on a 32-token example; the trace freezes the short-input branch (TracerWarning), and on a 128-token request the traced and eager logits disagree beyond the stated tolerance of 1e-4; the tester exits non-zero after printing both",
     """\
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     class TextCNN(nn.Module):
         def __init__(self):
             super().__init__()
             self.emb = nn.Embedding(5000, 64)
             self.conv = nn.Conv1d(64, 128, 5, padding=2)
             self.fc = nn.Linear(128, 4)
         def forward(self, tokens):
             h = F.relu(self.conv(self.emb(tokens).transpose(1, 2)))
             if tokens.size(1) > 64:
                 h = F.max_pool1d(h, 4)
                 return self.fc(h.mean(-1))
             return self.fc(h.amax(-1))

     torch.manual_seed(0)
     model = TextCNN().eval()
     traced = torch.jit.trace(model, torch.randint(0, 5000, (1, 32)))
     req = torch.randint(0, 5000, (2, 128))
     with torch.no_grad():
         eager, tr = model(req), traced(req)
     diff = (eager - tr).abs().max().item()
     print("eager :", [[round(v, 4) for v in r] for r in eager.tolist()])
     print("traced:", [[round(v, 4) for v in r] for r in tr.tolist()])
     print(f"max |eager - traced| = {diff:.6f} (tolerance 1e-4)")
     if diff > 1e-4:
         raise SystemExit("traced module disagrees with the eager model on a 128-token request")
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b12-bf16-serving-ctr-tower-vs-fp32",
     "a click-through-rate model (embedding sums of 40 sparse features, dot interaction, MLP, sigmoid) cast to bfloat16 for serving; the release check compares predicted CTRs with the float32 model on the same requests, tolerance 1e-3 absolute, and the bfloat16 copy disagrees; both printed before the non-zero exit",
     """\
     import copy
     import torch
     import torch.nn as nn

     class CTR(nn.Module):
         def __init__(self, fields=40, vocab=10000, d=16):
             super().__init__()
             self.emb = nn.ModuleList(nn.EmbeddingBag(vocab, d, mode="sum") for _ in range(fields))
             self.mlp = nn.Sequential(nn.Linear(fields * (fields - 1) // 2 + d, 256), nn.ReLU(), nn.Linear(256, 64), nn.ReLU(), nn.Linear(64, 1))
         def forward(self, ids):
             e = torch.stack([m(ids[:, i]) for i, m in enumerate(self.emb)], 1)
             inter = e @ e.transpose(1, 2)
             iu = torch.triu_indices(e.size(1), e.size(1), 1)
             z = torch.cat([inter[:, iu[0], iu[1]], e.sum(1)], 1)
             return torch.sigmoid(self.mlp(z)).squeeze(1)

     torch.manual_seed(0)
     ref = CTR().eval()
     served = copy.deepcopy(ref).to(torch.bfloat16)
     ids = torch.randint(0, 10000, (16, 40, 8))
     with torch.no_grad():
         p32 = ref(ids)
         p16 = served(ids).float()
     diff = (p32 - p16).abs()
     print("fp32 ctr:", [round(v, 5) for v in p32[:8].tolist()])
     print("bf16 ctr:", [round(v, 5) for v in p16[:8].tolist()])
     print(f"max abs diff {diff.max().item():.5f} at request {diff.argmax().item()} (tolerance 1e-3)")
     if diff.max().item() > 1e-3:
         print("release check FAILED: bfloat16 serving copy does not match float32")
         raise SystemExit(1)
     """),
    ("pytorch", "venv", None, "timeout", None, "b12-scripted-greedy-decoder-eos-out-of-vocab",
     "a scripted GRU greedy decoder served with a per-request deadline of 5 s (signal.alarm); the export config's EOS id is mutated to 1000 in a 256-token vocabulary and the max-length guard was dropped, so decoding never stops and the deadline handler raises",
     """\
     import signal
     import time
     import torch
     import torch.nn as nn

     class Step(nn.Module):
         def __init__(self, vocab: int = 256, d: int = 64):
             super().__init__()
             self.emb = nn.Embedding(vocab, d)
             self.cell = nn.GRUCell(d, d)
             self.out = nn.Linear(d, vocab)
         def forward(self, tok: torch.Tensor, h: torch.Tensor):
             h = self.cell(self.emb(tok), h)
             return self.out(h).argmax(-1), h

     def deadline(signum, frame):
         raise TimeoutError("request r-0007 exceeded its 5 s deadline")

     torch.manual_seed(0)
     step = torch.jit.script(Step().eval())
     EOS = 1000
     signal.signal(signal.SIGALRM, deadline)
     signal.alarm(5)
     tok, h = torch.tensor([1]), torch.zeros(1, 64)
     out, t0 = [], time.time()
     with torch.no_grad():
         while True:
             tok, h = step(tok, h)
             out.append(int(tok))
             if out[-1] == EOS:
                 break
             if len(out) % 20000 == 0:
                 print(f"r-0007: {len(out)} tokens after {time.time() - t0:.1f} s", flush=True)
     print("decoded", len(out), "tokens")
     """),
    ("pytorch", "venv", None, "oom", None, "b12-exported-decoder-kv-cache-max-len",
     "a transformer decoder exported with torch.export (dynamic batch and sequence) whose serving wrapper pre-allocates the KV cache from the deployment config; the config's max_seq_len is mutated from 2048 to 2**31 and torch cannot allocate the cache",
     """\
     import torch
     import torch.nn as nn
     from torch.export import Dim, export

     class Block(nn.Module):
         def __init__(self, d=64, heads=4):
             super().__init__()
             self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
             self.ff = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
         def forward(self, x):
             x = x + self.attn(x, x, x, need_weights=False)[0]
             return x + self.ff(x)

     ep = export(Block().eval(), (torch.randn(2, 16, 64),),
                 dynamic_shapes={"x": {0: Dim("batch", max=64), 1: Dim("seq", max=4096)}})
     print("exported; input specs:", [str(s.arg) for s in ep.graph_signature.input_specs][-1:], flush=True)
     config = {"layers": 6, "heads": 4, "head_dim": 16, "max_batch": 8, "max_seq_len": 2 ** 31}
     print("deployment config:", config, flush=True)
     cache = torch.empty(config["layers"], 2, config["max_batch"], config["heads"], config["max_seq_len"], config["head_dim"])
     print("kv cache", tuple(cache.shape))
     """),
    # ---- PyTorch 1.13 (system interpreter) -------------------------------------
    ("pytorch-1.13", "system", None, "false-positive", None, "b12-from-numpy-uint16-depth-maps",
     "a depth-completion model's serving loader reads 16-bit PNG depth maps as uint16 numpy arrays and hands them to torch.from_numpy; PyTorch 1.13 has no uint16 tensor type and refuses the array (the RGB frames, uint8, pass); logged with the logging module",
     """\
     import logging
     import numpy as np
     import torch
     import torch.nn as nn

     logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
     log = logging.getLogger("depth_server")

     net = nn.Sequential(nn.Conv2d(4, 32, 3, padding=1), nn.ReLU(), nn.Conv2d(32, 1, 3, padding=1)).eval()
     rs = np.random.RandomState(0)
     rgb = rs.randint(0, 255, (240, 320, 3), dtype=np.uint8)
     depth_mm = rs.randint(0, 10000, (240, 320), dtype=np.uint16)
     log.info("request 17: rgb %s %s, sparse depth %s %s", rgb.shape, rgb.dtype, depth_mm.shape, depth_mm.dtype)
     x_rgb = torch.from_numpy(rgb).permute(2, 0, 1).float() / 255
     log.info("rgb tensor %s", tuple(x_rgb.shape))
     x_d = torch.from_numpy(depth_mm).float()[None] / 1000
     with torch.no_grad():
         out = net(torch.cat([x_rgb, x_d])[None])
     log.info("dense depth %s", tuple(out.shape))
     """),
    ("pytorch-1.13", "system", None, "false-positive", None, "b12-onnx-export-pca-whitening-eigh",
     "an anomaly-detection autoencoder whose input stage whitens features with torch.linalg.eigh of the batch covariance, exported with torch.onnx.export at opset 13 for an edge runtime; the exporter has no symbolic for aten::linalg_eigh and refuses it",
     """\
     import io
     import torch
     import torch.nn as nn

     class Whitening(nn.Module):
         def forward(self, x):
             xc = x - x.mean(0, keepdim=True)
             cov = xc.t() @ xc / (x.shape[0] - 1)
             evals, evecs = torch.linalg.eigh(cov)
             return xc @ evecs / torch.sqrt(evals + 1e-5)

     class AE(nn.Module):
         def __init__(self):
             super().__init__()
             self.white = Whitening()
             self.enc = nn.Sequential(nn.Linear(16, 8), nn.Tanh(), nn.Linear(8, 3))
             self.dec = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 16))
         def forward(self, x):
             z = self.white(x)
             return ((self.dec(self.enc(z)) - z) ** 2).mean(1)

     model = AE().eval()
     x = torch.randn(64, 16)
     print("eager anomaly scores:", model(x)[:4].tolist())
     buf = io.BytesIO()
     torch.onnx.export(model, (x,), buf, opset_version=13, input_names=["features"], output_names=["score"],
                       dynamic_axes={"features": {0: "batch"}})
     print("exported", len(buf.getvalue()), "bytes")
     """),
    ("pytorch-1.13", "system", None, "crash", "fpe", "b12-shufflenet-native-channel-shuffle-zero-groups",
     "a ShuffleNetV2 unit prepared for mobile export calls torch.native_channel_shuffle (the kernel the quantized and mkldnn paths use) with groups computed from the width multiplier; the 0.25x variant gives groups=0 and the 1.13 kernel divides by zero: SIGFPE",
     """\
     import torch
     import torch.nn as nn

     class ShuffleUnit(nn.Module):
         def __init__(self, c, groups):
             super().__init__()
             self.groups = groups
             self.branch = nn.Sequential(nn.Conv2d(c // 2, c // 2, 1), nn.ReLU(), nn.Conv2d(c // 2, c // 2, 3, padding=1, groups=c // 2), nn.Conv2d(c // 2, c // 2, 1), nn.ReLU())
         def forward(self, x):
             a, b = x.chunk(2, dim=1)
             y = torch.cat([a, self.branch(b)], 1)
             return torch.native_channel_shuffle(y, self.groups)

     for width in (1.0, 0.5, 0.25):
         groups = int(2 * width * 2) // 2
         c = int(116 * width) // 2 * 2
         unit = ShuffleUnit(c, groups).eval()
         print(f"width {width}: channels={c} groups={groups}", flush=True)
         with torch.no_grad():
             print("  out", tuple(unit(torch.randn(1, c, 28, 28)).shape), flush=True)
     """),
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b12-traced-half-intent-classifier-cpu",
     "an intent classifier (EmbeddingBag, two Linear layers) cast to float16 and traced with torch.jit.trace to halve the serving footprint, then run on the CPU: PyTorch 1.13 has no Half kernel for addmm on the CPU (float32 runs)",
     """\
     import torch
     import torch.nn as nn

     class Intent(nn.Module):
         def __init__(self):
             super().__init__()
             self.emb = nn.EmbeddingBag(30000, 128, mode="mean")
             self.fc1 = nn.Linear(128, 64)
             self.fc2 = nn.Linear(64, 7)
         def forward(self, ids, offsets):
             return self.fc2(torch.relu(self.fc1(self.emb(ids, offsets))))

     ids = torch.randint(0, 30000, (40,))
     offsets = torch.tensor([0, 12, 25])
     model = Intent().eval()
     for dtype in (torch.float32, torch.float16):
         m = model.to(dtype)
         traced = torch.jit.trace(m, (ids, offsets))
         print(dtype, "intents:", traced(ids, offsets).argmax(1).tolist(), flush=True)
     """),
    ("pytorch-1.13", "system", None, "nan", None, "b12-gcn-isolated-node-degree-normalisation",
     "a two-layer graph convolutional network with symmetric normalisation D^-1/2 A D^-1/2 built without self-loops; the citation graph of the export fixture contains isolated papers, whose degree 0 gives an infinite scale and 0 * inf: the loss is NaN from the first epoch; training loop printing epochs and losses",
     """\
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     torch.manual_seed(0)
     n, feats, classes = 200, 32, 5
     adj = (torch.rand(n, n) < 0.03).float()
     adj = ((adj + adj.t()) > 0).float()
     adj.fill_diagonal_(0)
     adj[190:] = 0
     adj[:, 190:] = 0
     deg = adj.sum(1)
     d = deg.pow(-0.5)
     a_hat = d[:, None] * adj * d[None, :]
     x = torch.randn(n, feats)
     y = torch.randint(0, classes, (n,))

     class GCN(nn.Module):
         def __init__(self):
             super().__init__()
             self.l1 = nn.Linear(feats, 64)
             self.l2 = nn.Linear(64, classes)
         def forward(self, a, x):
             return self.l2(a @ F.relu(self.l1(a @ x)))

     model = GCN()
     opt = torch.optim.Adam(model.parameters(), lr=0.01)
     print(f"graph: {n} nodes, {int(adj.sum().item()) // 2} edges, isolated: {(deg == 0).sum().item()}")
     for epoch in range(1, 6):
         opt.zero_grad()
         loss = F.cross_entropy(model(a_hat, x), y)
         loss.backward()
         opt.step()
         print(f"Epoch {epoch:03d} | loss {loss.item():.4f}")
     frozen = torch.jit.freeze(torch.jit.script(model.eval()))
     print("frozen GCN logits[0]:", frozen(a_hat, x)[0].tolist())
     """),
    ("pytorch-1.13", "system", None, "oom", None, "b12-traced-dlrm-embedding-rows-from-config",
     "a DLRM-style recommender rebuilt from its serving config before tracing; the config's hashed-id space is mutated from 2**20 to 2**36 rows and the embedding table of 64-dim rows cannot be allocated",
     """\
     import json
     import torch
     import torch.nn as nn

     config = json.loads('{"sparse_features": 3, "rows": [1048576, 68719476736, 4096], "dim": 64}')
     print("serving config:", config, flush=True)

     class DLRM(nn.Module):
         def __init__(self, cfg):
             super().__init__()
             self.tables = nn.ModuleList()
             for i, rows in enumerate(cfg["rows"]):
                 print(f"  building table {i}: {rows} x {cfg['dim']}", flush=True)
                 self.tables.append(nn.EmbeddingBag(rows, cfg["dim"], mode="sum"))
             self.top = nn.Linear(cfg["dim"] * cfg["sparse_features"], 1)
         def forward(self, ids):
             return self.top(torch.cat([t(ids[:, i:i + 1]) for i, t in enumerate(self.tables)], 1))

     model = DLRM(config).eval()
     traced = torch.jit.trace(model, torch.zeros(2, 3, dtype=torch.long))
     print("traced", traced.graph)
     """),
    # ---- TensorFlow ------------------------------------------------------------
    ("tensorflow", "venv", None, "false-positive", None, "b12-input-signature-grayscale-cnn-rgb-request",
     "a digit-recognition CNN served through a tf.function with input_signature TensorSpec([None, 28, 28, 1]); a client sends a batch of 32x32 RGB crops, and the tf.function refuses inputs incompatible with its signature instead of retracing",
     """\
     import os
     os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
     import numpy as np
     import tensorflow as tf

     class DigitCNN(tf.Module):
         def __init__(self):
             super().__init__()
             init = tf.random.stateless_normal
             self.k1 = tf.Variable(init((3, 3, 1, 16), seed=(1, 2)) * 0.1)
             self.k2 = tf.Variable(init((3, 3, 16, 32), seed=(3, 4)) * 0.1)
             self.w = tf.Variable(init((32, 10), seed=(5, 6)) * 0.1)

         @tf.function(input_signature=[tf.TensorSpec([None, 28, 28, 1], tf.float32, name="images")])
         def serve(self, images):
             h = tf.nn.relu(tf.nn.conv2d(images, self.k1, 2, "SAME"))
             h = tf.nn.relu(tf.nn.conv2d(h, self.k2, 2, "SAME"))
             return tf.nn.softmax(tf.reduce_mean(h, [1, 2]) @ self.w)

     m = DigitCNN()
     ok = m.serve(tf.zeros([4, 28, 28, 1]))
     print("batch of 4 grayscale digits ->", ok.shape, flush=True)
     crops = np.random.rand(8, 32, 32, 3).astype("float32")
     print("client batch:", crops.shape, flush=True)
     print(m.serve(crops).numpy().argmax(1))
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b12-savedmodel-signature-wrong-input-key",
     "a GRU sentiment model saved as a SavedModel with a serving signature keyed 'input_ids'; after a refactor the client calls signatures['serving_default'] with the tokenizer's key 'tokens', and the concrete function refuses the unexpected keyword",
     """\
     import os
     import tempfile
     os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
     import tensorflow as tf

     class Sentiment(tf.Module):
         def __init__(self):
             super().__init__()
             self.emb = tf.Variable(tf.random.stateless_normal((8000, 32), seed=(0, 1)) * 0.1)
             self.gru = tf.keras.layers.GRU(32)
             self.out = tf.Variable(tf.random.stateless_normal((32, 2), seed=(2, 3)) * 0.1)

         @tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32, name="input_ids")])
         def serve(self, input_ids):
             h = self.gru(tf.nn.embedding_lookup(self.emb, input_ids))
             return {"probabilities": tf.nn.softmax(h @ self.out)}

     export_dir = os.path.join(tempfile.mkdtemp(), "sentiment", "1")
     m = Sentiment()
     tf.saved_model.save(m, export_dir, signatures={"serving_default": m.serve})
     print("saved", export_dir, flush=True)
     loaded = tf.saved_model.load(export_dir)
     fn = loaded.signatures["serving_default"]
     print("signature inputs:", fn.structured_input_signature, flush=True)
     batch = {"tokens": tf.constant([[12, 45, 7, 0], [88, 3, 0, 0]], tf.int32)}
     print(fn(**batch)["probabilities"].numpy())
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b12-tflite-string-hash-features-no-select-ops",
     "a recommender's feature-hashing preprocessor (tf.strings.lower, tf.strings.to_hash_bucket_fast over string ids) converted to TFLite with the default builtin op set only; the converter refuses string ops that need TF Select kernels; the converter's MLIR log lines come first",
     """\
     import tensorflow as tf

     @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="item_ids")])
     def hash_items(item_ids):
         return tf.strings.to_hash_bucket_fast(tf.strings.lower(item_ids), 100000)

     print("eager:", hash_items(tf.constant(["SKU-001", "sku-002"])).numpy(), flush=True)
     conv = tf.lite.TFLiteConverter.from_concrete_functions([hash_items.get_concrete_function()], hash_items)
     conv.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS]
     blob = conv.convert()
     print("tflite model:", len(blob), "bytes")
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b12-dlpack-transposed-torch-features-to-tf",
     "a PyTorch feature extractor hands its [batch, dim] embeddings to a TensorFlow ranking model through DLPack; the mutant transposes them to [dim, batch] with .t() (a strided view) before the hand-off, and TensorFlow refuses DLPack tensors with non-compact strides",
     """\
     import os
     os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
     import torch
     import tensorflow as tf

     torch.manual_seed(0)
     extractor = torch.nn.Sequential(torch.nn.Linear(64, 32), torch.nn.ReLU()).eval()
     with torch.no_grad():
         feats = extractor(torch.randn(16, 64))
     ranker_w = tf.random.stateless_normal((32, 1), seed=(1, 1))
     x = tf.experimental.dlpack.from_dlpack(feats.__dlpack__())
     print("ranked (contiguous hand-off):", tf.argsort(tf.squeeze(x @ ranker_w), direction="DESCENDING")[:5].numpy(), flush=True)
     feats_t = feats.t()
     print("feature-major view:", tuple(feats_t.shape), "stride", feats_t.stride(), "contiguous", feats_t.is_contiguous(), flush=True)
     xt = tf.experimental.dlpack.from_dlpack(feats_t.__dlpack__())
     print(tf.transpose(xt).shape)
     """),
    ("tensorflow", "venv", None, "crash", "abort", "b12-dlpack-string-token-tensor-check-failure",
     "a text pipeline hands its tokenizer output to PyTorch through tf.experimental.dlpack.to_dlpack; the mutant passes the tf.string token tensor instead of the int32 ids, and TensorFlow aborts in Tensor::tensor_data with a Check failure (DataTypeCanUseMemcpy) instead of raising",
     """\
     import os
     os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
     import tensorflow as tf

     text = tf.constant(["the cat sat", "on the mat today"])
     tokens = tf.strings.split(text).to_tensor(default_value="")
     vocab = tf.keras.layers.StringLookup(vocabulary=["the", "cat", "sat", "on", "mat", "today"], mask_token="")
     ids = vocab(tokens)
     print("tokens:", tokens.shape, tokens.dtype, "ids:", ids.shape, ids.dtype, flush=True)
     cap = tf.experimental.dlpack.to_dlpack(tf.cast(ids, tf.int32))
     print("ids capsule:", type(cap).__name__, flush=True)
     cap = tf.experimental.dlpack.to_dlpack(tokens)
     print("tokens capsule:", type(cap).__name__)
     """),
    ("tensorflow", "venv", None, "crash", "not-implemented", "b12-savedmodel-half-spectral-graph-embedding",
     "a spectral graph-embedding SavedModel (normalised Laplacian, tf.linalg.eigh, smallest eigenvectors) exported with a float16 serving signature to match a mixed-precision downstream model; calling the loaded signature on the CPU fails because SelfAdjointEigV2 has no CPU kernel for half (float32 runs)",
     """\
     import os
     import tempfile
     os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
     import numpy as np
     import tensorflow as tf

     def make(dtype):
         class SpectralEmbed(tf.Module):
             @tf.function(input_signature=[tf.TensorSpec([None, None], dtype, name="adjacency")])
             def serve(self, adjacency):
                 deg = tf.reduce_sum(adjacency, 1)
                 d = tf.math.rsqrt(tf.maximum(deg, tf.cast(1e-3, dtype)))
                 lap = tf.eye(tf.shape(adjacency)[0], dtype=dtype) - d[:, None] * adjacency * d[None, :]
                 evals, evecs = tf.linalg.eigh(lap)
                 return {"embedding": evecs[:, 1:5], "spectrum": evals[:5]}
         return SpectralEmbed()

     rs = np.random.RandomState(0)
     a = (rs.rand(30, 30) < 0.2).astype("float32")
     a = np.triu(a, 1)
     a = a + a.T
     for dtype in (tf.float32, tf.float16):
         path = os.path.join(tempfile.mkdtemp(), dtype.name)
         m = make(dtype)
         tf.saved_model.save(m, path, signatures=m.serve)
         sig = tf.saved_model.load(path).signatures["serving_default"]
         out = sig(adjacency=tf.constant(a, dtype))
         print(dtype.name, "spectrum:", np.round(out["spectrum"].numpy().astype("float32"), 3), flush=True)
     """),
    ("tensorflow", "venv", None, "nan", None, "b12-ragged-signature-empty-session-mean",
     "a session-based recommender served through a tf.function whose input_signature is a RaggedTensorSpec of clicked-item embeddings; it mean-pools each session with tf.reduce_mean over the ragged dimension, and a request carrying an empty session gives 0/0: the scores of that row are NaN",
     """\
     import os
     os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
     import tensorflow as tf

     item_emb = tf.random.stateless_normal((1000, 16), seed=(7, 7))
     w = tf.random.stateless_normal((16, 1000), seed=(8, 8)) * 0.1

     @tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.int64, ragged_rank=1)])
     def next_item_scores(sessions):
         e = tf.ragged.map_flat_values(tf.gather, item_emb, sessions)
         pooled = tf.reduce_mean(e, axis=1)
         return tf.nn.log_softmax(pooled @ w)

     sessions = tf.ragged.constant([[3, 17, 256], [42], [], [9, 9, 500, 731]], dtype=tf.int64)
     scores = next_item_scores(sessions)
     for i, row in enumerate(scores.numpy()):
         print(f"session {i} ({int(sessions.row_lengths()[i])} clicks): top item {row.argmax()} score {row.max():.4f} nan={int(tf.math.is_nan(row).numpy().sum())}")
     """),
    ("tensorflow", "venv", None, "inconsistency", None, "b12-tflite-dynamic-range-quant-outlier-weights",
     "a tabular regression model (three dense layers) converted to TFLite with dynamic-range quantization (Optimize.DEFAULT); one weight column of the first layer carries a large outlier, the int8 scale swallows the small weights, and the release check finds the TFLite and TensorFlow outputs disagree beyond its tolerance of 5e-2; both printed before the non-zero exit",
     """\
     import os
     os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
     import numpy as np
     import tensorflow as tf

     rs = np.random.RandomState(0)
     w1 = rs.randn(64, 256).astype("float32") * 0.02
     w1[3, :] = 60.0 * np.sign(rs.randn(256))
     w2 = rs.randn(256, 256).astype("float32") * 0.4
     w3 = rs.randn(256, 1).astype("float32") * 0.4

     class Regressor(tf.Module):
         def __init__(self):
             super().__init__()
             self.w1, self.w2, self.w3 = tf.Variable(w1), tf.Variable(w2), tf.Variable(w3)
         @tf.function(input_signature=[tf.TensorSpec([1, 64], tf.float32)])
         def __call__(self, x):
             h = tf.nn.relu(x @ self.w1)
             h = tf.nn.relu(h @ self.w2)
             return h @ self.w3

     m = Regressor()
     conv = tf.lite.TFLiteConverter.from_concrete_functions([m.__call__.get_concrete_function()], m)
     conv.optimizations = [tf.lite.Optimize.DEFAULT]
     it = tf.lite.Interpreter(model_content=conv.convert())
     it.allocate_tensors()
     inp, out = it.get_input_details()[0]["index"], it.get_output_details()[0]["index"]
     x = rs.rand(8, 64).astype("float32")
     x[:, 3] = 0.0
     ref, lite = [], []
     for row in x:
         ref.append(float(m(row[None])[0, 0]))
         it.set_tensor(inp, row[None])
         it.invoke()
         lite.append(float(it.get_tensor(out)[0, 0]))
     ref, lite = np.array(ref), np.array(lite)
     print("tensorflow:", np.round(ref, 4))
     print("tflite    :", np.round(lite, 4))
     err = np.abs(ref - lite).max()
     print(f"max abs error {err:.4f} (tolerance 5e-2)")
     if err > 5e-2:
         raise SystemExit("dynamic-range quantized model disagrees with the float model")
     """),
    ("tensorflow", "venv", None, "oom", None, "b12-polymorphic-decoder-logits-buffer",
     "a tf.function with a polymorphic input_signature ([None, None] token ids) that pre-allocates a [batch, max_len, vocab] logits buffer for beam search; the request's max_len field is mutated from 128 to 2**24 and TensorFlow cannot allocate the 31 TiB buffer (ResourceExhaustedError; oneDNN ops disabled, plain CPU allocator)",
     """\
     import os
     os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
     os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
     import tensorflow as tf

     VOCAB = 32000

     @tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32, name="ids"), tf.TensorSpec([], tf.int32, name="max_len")])
     def init_beams(ids, max_len):
         batch = tf.shape(ids)[0]
         logits = tf.zeros(tf.stack([batch, max_len, VOCAB]), tf.float32)
         return tf.reduce_sum(logits[:, :1])

     for req in ({"batch": 4, "max_len": 128}, {"batch": 16, "max_len": 2 ** 24}):
         ids = tf.ones([req["batch"], 12], tf.int32)
         print("request", req, "->", float(init_beams(ids, tf.constant(req["max_len"]))), flush=True)
     """),
    # ---- Keras 3 ---------------------------------------------------------------
    ("keras", "venv", "jax", "false-positive", None, "b12-ragged-bag-of-items-input-jax",
     "a bag-of-items recommender written against the TensorFlow backend (keras.Input(ragged=True) for variable-length purchase histories) is moved to the JAX backend for serving; Keras refuses ragged inputs on the jax backend; warnings come first",
     """\
     import warnings
     warnings.simplefilter("always")
     import keras

     print("keras", keras.__version__, "backend", keras.backend.backend(), flush=True)
     warnings.warn("config 'history_encoding: ragged' was written for the tensorflow backend", UserWarning)
     history = keras.Input(shape=(None,), ragged=True, dtype="int32", name="history")
     emb = keras.layers.Embedding(50000, 32)(history)
     pooled = keras.layers.GlobalAveragePooling1D()(emb)
     scores = keras.layers.Dense(50000)(pooled)
     model = keras.Model(history, scores)
     model.summary()
     """),
    ("keras", "venv", "tensorflow", "false-positive", None, "b12-export-archive-stale-input-signature",
     "a churn classifier's serving artifact is built with keras.export.ExportArchive; after the feature set grew from 10 to 20 columns the endpoint's input_signature was not updated, and write_out traces the endpoint and the Dense layer's input spec rejects the [None, 10] signature; JSON-lines logging",
     """\
     import json
     import logging
     import tempfile
     import keras
     import tensorflow as tf

     class J(logging.Formatter):
         def format(self, r):
             return json.dumps({"level": r.levelname.lower(), "component": r.name, "event": r.getMessage()})
     h = logging.StreamHandler()
     h.setFormatter(J())
     log = logging.getLogger("export")
     log.addHandler(h)
     log.setLevel(logging.INFO)

     model = keras.Sequential([keras.Input((20,), name="features"), keras.layers.Dense(64, activation="relu"),
                               keras.layers.Dense(1, activation="sigmoid")])
     log.info("model built, %d params", model.count_params())
     archive = keras.export.ExportArchive()
     archive.track(model)
     archive.add_endpoint("serve", model.call, input_signature=[tf.TensorSpec(shape=(None, 10), dtype=tf.float32, name="features")])
     log.info("endpoint serve added")
     path = tempfile.mkdtemp() + "/churn/3"
     archive.write_out(path)
     log.info("written %s", path)
     """),
    ("keras", "venv", "torch", "false-positive", None, "b12-sparse-tfidf-input-torch",
     "a TF-IDF text classifier whose input layer is declared keras.Input(sparse=True) to accept scipy/tf sparse matrices, built with the torch backend for a TorchServe deployment; Keras refuses sparse inputs on the torch backend",
     """\
     import keras

     print("backend:", keras.backend.backend(), flush=True)
     vocab = 20000
     inp = keras.Input(shape=(vocab,), sparse=True, name="tfidf")
     h = keras.layers.Dense(128, activation="relu")(inp)
     out = keras.layers.Dense(5, activation="softmax")(h)
     model = keras.Model(inp, out)
     print(model.output_shape)
     """),
    ("keras", "venv", "jax", "false-positive", None, "b12-exported-jax-endpoint-feature-width",
     "an autoencoder built with the JAX backend and exported with model.export(format='tf_saved_model') (via jax2tf); the serving client reloads it with tf.saved_model.load and calls serve with 24 features instead of the 32 the endpoint's signature declares, and the TF function refuses the input",
     """\
     import tempfile
     import numpy as np
     import keras

     inp = keras.Input((32,), name="x")
     z = keras.layers.Dense(8, activation="relu")(keras.layers.Dense(16, activation="relu")(inp))
     out = keras.layers.Dense(32)(keras.layers.Dense(16, activation="relu")(z))
     ae = keras.Model(inp, out)
     path = tempfile.mkdtemp() + "/ae"
     ae.export(path, format="tf_saved_model")
     import tensorflow as tf
     served = tf.saved_model.load(path)
     x = np.random.rand(4, 32).astype("float32")
     print("reconstruction error:", float(np.mean((served.serve(x).numpy() - x) ** 2)), flush=True)
     print("error on a 24-feature batch:", served.serve(np.random.rand(4, 24).astype("float32")))
     """),
    ("keras", "venv", "torch", "crash", "not-implemented", "b12-half-kriging-head-linalg-solve",
     "a Keras spatial-interpolation model whose kriging head solves the covariance system with keras.ops.linalg.solve; the serving copy uses dtype float16 on the torch backend (CPU) and the LU factorisation has no Half kernel (float32 runs)",
     """\
     import numpy as np
     import keras
     from keras import ops

     class Kriging(keras.layers.Layer):
         def __init__(self, stations, **kw):
             super().__init__(**kw)
             self.stations = stations
         def call(self, values, query):
             d = ops.sqrt(ops.sum((self.stations[:, None] - self.stations[None]) ** 2, -1) + 1e-6)
             k = ops.exp(-d) + 0.1 * ops.eye(self.stations.shape[0], dtype=self.compute_dtype)
             dq = ops.sqrt(ops.sum((query[:, None] - self.stations[None]) ** 2, -1) + 1e-6)
             w = ops.linalg.solve(k, ops.transpose(ops.exp(-dq)))
             return ops.matmul(ops.transpose(w), values)

     rs = np.random.RandomState(0)
     st = rs.rand(12, 2)
     vals = rs.rand(12, 1)
     q = rs.rand(5, 2)
     for dtype in ("float32", "float16"):
         layer = Kriging(ops.convert_to_tensor(st.astype(dtype)), dtype=dtype)
         out = layer(ops.convert_to_tensor(vals.astype(dtype)), ops.convert_to_tensor(q.astype(dtype)))
         print(dtype, "interpolated:", np.round(ops.convert_to_numpy(out).ravel().astype("float32"), 3), flush=True)
     """),
    ("keras", "venv", "tensorflow", "nan", None, "b12-exported-heteroscedastic-head-log-variance",
     "a heteroscedastic regression model whose variance head was mutated from softplus to a raw Dense output (and the variance loss was left out of the first training stage); the exported serving endpoint (model.export, reloaded with tf.saved_model.load) returns log(variance) for the request batch, and the negative variances give NaN; a Keras training log precedes it",
     """\
     import tempfile
     import numpy as np
     import keras
     from keras import ops

     keras.utils.set_random_seed(0)
     rs = np.random.RandomState(0)
     x = rs.randn(256, 8).astype("float32")
     y = (x[:, :1] * 2 + rs.randn(256, 1) * 0.3).astype("float32")
     inp = keras.Input((8,))
     h = keras.layers.Dense(32, activation="relu")(inp)
     mean = keras.layers.Dense(1, name="mean")(h)
     var = keras.layers.Dense(1, name="variance")(h)
     model = keras.Model(inp, {"mean": mean, "variance": var})
     model.compile(optimizer="adam", loss={"mean": "mse"})
     model.fit(x, {"mean": y}, epochs=3, batch_size=64, verbose=2)

     class Serve(keras.Model):
         def __init__(self, m):
             super().__init__()
             self.m = m
         def call(self, x):
             out = self.m(x)
             return ops.concatenate([out["mean"], ops.log(out["variance"])], -1)

     serve = Serve(model)
     serve(x[:2])
     path = tempfile.mkdtemp() + "/hetero"
     serve.export(path, format="tf_saved_model")
     import tensorflow as tf
     served = tf.saved_model.load(path)
     out = served.serve(rs.randn(8, 8).astype("float32") * 3).numpy()
     for i, (mu, logv) in enumerate(out):
         print(f"request {i}: mean={mu:.3f} log_var={logv:.3f}")
     """),
    ("keras", "venv", "tensorflow", "inconsistency", None, "b12-mixed-bfloat16-serving-copy-vs-float32",
     "a Keras transformer-encoder text classifier is rebuilt under the mixed_bfloat16 dtype policy for serving and loaded with the float32 weights; the release check compares class probabilities with the float32 model on the same batch with a tolerance of 1e-4, and the two disagree; both printed before the non-zero exit",
     """\
     import numpy as np
     import keras

     def build():
         inp = keras.Input((64,), dtype="int32")
         x = keras.layers.Embedding(5000, 64)(inp)
         a = keras.layers.MultiHeadAttention(4, 16)(x, x)
         x = keras.layers.LayerNormalization()(x + a)
         f = keras.layers.Dense(64)(keras.layers.Dense(256, activation="gelu")(x))
         x = keras.layers.LayerNormalization()(x + f)
         out = keras.layers.Dense(3, activation="softmax", dtype="float32")(keras.layers.GlobalAveragePooling1D()(x))
         return keras.Model(inp, out)

     keras.utils.set_random_seed(0)
     ref = build()
     weights = ref.get_weights()
     keras.mixed_precision.set_dtype_policy("mixed_bfloat16")
     served = build()
     served.set_weights(weights)
     tokens = np.random.RandomState(1).randint(0, 5000, (8, 64))
     p32 = ref.predict(tokens, verbose=0)
     p16 = served.predict(tokens, verbose=0)
     print("float32       :", np.round(p32[:4].astype("float64"), 5).tolist())
     print("mixed_bfloat16:", np.round(p16[:4].astype("float64"), 5).tolist())
     diff = float(np.abs(p32 - p16).max())
     print(f"max |p32 - pbf16| = {diff:.5f} (tolerance 1e-4)")
     if diff > 1e-4:
         raise SystemExit(1)
     """),
    ("keras", "venv", "jax", "timeout", None, "b12-warmup-until-stable-latency-worker-killed",
     "a deployment runner starts a Keras (JAX backend) inference worker that warms the jitted predict function until 50 consecutive latencies each agree with the previous one within 0.1%, which on a shared CPU never happens; the runner's subprocess timeout of 12 s kills the worker and raises TimeoutExpired; the worker's latency lines come first",
     """\
     import subprocess
     import sys
     import textwrap

     worker = textwrap.dedent('''
         import time
         import numpy as np
         import keras
         model = keras.Sequential([keras.Input((128,)), keras.layers.Dense(512, activation="relu"),
                                   keras.layers.Dense(512, activation="relu"), keras.layers.Dense(10)])
         x = np.random.rand(64, 128).astype("float32")
         prev, i, stable = None, 0, 0
         while stable < 50:
             t = time.perf_counter()
             model.predict_on_batch(x)
             lat = time.perf_counter() - t
             i += 1
             stable = stable + 1 if prev is not None and abs(lat - prev) / prev < 1e-3 else 0
             if i % 200 == 0:
                 print(f"[worker] warmup call {i}: {lat * 1e3:.3f} ms (stable for {stable})", flush=True)
             prev = lat
         print("[worker] latency stable, ready", flush=True)
     ''')
     print("[runner] starting inference worker (timeout 12 s)", flush=True)
     subprocess.run([sys.executable, "-c", worker], check=True, timeout=12)
     print("[runner] worker ready")
     """),
    # ---- JAX -------------------------------------------------------------------
    ("jax", "venv", None, "false-positive", None, "b12-export-mixer-called-with-larger-images",
     "an MLP-Mixer image classifier serialised with jax.export for a symbolic batch ('b, 32, 32, 3'); the serving client deserialises it and sends 64x64 images, and the exported function refuses an input whose static dimensions differ from the ones it was exported for",
     """\
     import jax
     import jax.numpy as jnp
     from jax import export

     def mixer(params, x):
         b = x.shape[0]
         p = x.reshape(b, 8, 4, 8, 4, 3).transpose(0, 1, 3, 2, 4, 5).reshape(b, 64, 48)
         h = p @ params["embed"]
         h = h + jnp.swapaxes(jax.nn.gelu(jnp.swapaxes(h, 1, 2) @ params["tok"]), 1, 2)
         h = h + jax.nn.gelu(h @ params["ch"])
         return h.mean(1) @ params["head"]

     k = jax.random.split(jax.random.key(0), 4)
     params = {"embed": jax.random.normal(k[0], (48, 64)) * 0.1, "tok": jax.random.normal(k[1], (64, 64)) * 0.1,
               "ch": jax.random.normal(k[2], (64, 64)) * 0.1, "head": jax.random.normal(k[3], (64, 10)) * 0.1}
     b, = export.symbolic_shape("b")
     exp = export.export(jax.jit(mixer))(params, jax.ShapeDtypeStruct((b, 32, 32, 3), jnp.float32))
     blob = exp.serialize()
     print("exported", len(blob), "bytes; in_avals:", exp.in_avals[-1], flush=True)
     served = export.deserialize(blob)
     print("batch of 5 at 32x32:", served.call(params, jnp.ones((5, 32, 32, 3))).shape, flush=True)
     print("batch of 4 at 64x64:", served.call(params, jnp.ones((4, 64, 64, 3))).shape)
     """),
    ("jax", "venv", None, "false-positive", None, "b12-export-token-pooling-symbolic-seq-divisibility",
     "a speech encoder that pools every 4 frames by reshaping (b, t, d) to (b, t // 4, 4 * d), exported with jax.export for a symbolic sequence length 't'; the export succeeds, but a 4.02 s clip (402 frames, not a multiple of 4) is refused by the exported module's shape refinement at call time (the tester's pytest-style runner)",
     """\
     import time
     import traceback
     import jax
     import jax.numpy as jnp
     from jax import export

     def encoder(w, x):
         b, t, d = x.shape
         h = jnp.tanh(x @ w)
         return h.reshape(b, t // 4, 4 * d).mean(-1)

     w = jax.random.normal(jax.random.key(0), (80, 80)) * 0.1

     def test_eager_t_400():
         assert encoder(w, jnp.ones((2, 400, 80))).shape == (2, 100)
     def test_export_static_t():
         e = export.export(jax.jit(encoder))(w, jax.ShapeDtypeStruct((2, 400, 80), jnp.float32))
         assert e.out_avals[0].shape == (2, 100)
     def test_export_symbolic_t_clip_402_frames():
         b, t = export.symbolic_shape("b, t")
         e = export.export(jax.jit(encoder))(w, jax.ShapeDtypeStruct((b, t, 80), jnp.float32))
         assert e.call(w, jnp.ones((2, 400, 80))).shape == (2, 100)
         assert e.call(w, jnp.ones((2, 402, 80))).shape == (2, 100)

     tests = [test_eager_t_400, test_export_static_t, test_export_symbolic_t_clip_402_frames]
     print("============================= test session starts ==============================")
     print(f"collected {len(tests)} items\\n")
     t0, failed = time.time(), []
     for fn in tests:
         try:
             fn()
             print(f"test_speech_export.py::{fn.__name__} PASSED")
         except Exception as e:
             print(f"test_speech_export.py::{fn.__name__} FAILED")
             failed.append((fn.__name__, e, traceback.format_exc()))
     print("\\n=================================== FAILURES ===================================")
     for name, e, tb in failed:
         print(f"___________________________ {name} ___________________________")
         print(tb.rstrip())
         for line in str(e).splitlines():
             print("E   " + line)
     print("=========================== short test summary info ============================")
     for name, e, tb in failed:
         print(f"FAILED test_speech_export.py::{name} - {type(e).__name__}")
     print(f"========================= {len(failed)} failed, {len(tests) - len(failed)} passed in {time.time() - t0:.2f}s =========================")
     raise SystemExit(1 if failed else 0)
     """),
    ("jax", "venv", None, "false-positive", None, "b12-export-two-tower-mixed-symbolic-scopes",
     "a two-tower retrieval scorer (query tower, document tower, dot-product scores) exported with jax.export with a symbolic batch for queries and another for documents; the two dimensions were created by two separate export.symbolic_shape calls, and jax.export refuses symbolic dimensions from different scopes; warnings come first",
     """\
     import warnings
     import jax
     import jax.numpy as jnp
     from jax import export

     warnings.simplefilter("always")

     def scores(params, q, d):
         qe = jnp.tanh(q @ params["q"])
         de = jnp.tanh(d @ params["d"])
         return qe @ de.T

     kq, kd = jax.random.split(jax.random.key(0))
     params = {"q": jax.random.normal(kq, (64, 32)) * 0.1, "d": jax.random.normal(kd, (128, 32)) * 0.1}
     print("eager:", scores(params, jnp.ones((3, 64)), jnp.ones((50, 128))).shape, flush=True)
     warnings.warn("export spec: query batch 'b' and document count 'n' are declared separately", UserWarning)
     b, = export.symbolic_shape("b")
     n, = export.symbolic_shape("n")
     exp = export.export(jax.jit(scores))(params, jax.ShapeDtypeStruct((b, 64), jnp.float32), jax.ShapeDtypeStruct((n, 128), jnp.float32))
     print("exported:", exp.out_avals)
     """),
    ("jax", "venv", None, "false-positive", None, "b12-export-for-cuda-called-on-cpu-host",
     "a release job serialises a JAX segmentation head with jax.export for the GPU serving fleet (platforms=['cuda']); a CPU canary host deserialises the same artifact and calls it, and jax refuses to run an exported function on a platform it was not lowered for; logged with the logging module",
     """\
     import logging
     import jax
     import jax.numpy as jnp
     from jax import export

     logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(levelname)s] %(name)s: %(message)s")
     log = logging.getLogger("canary")

     def seg_head(w, feats):
         logits = jnp.einsum("bhwc,ck->bhwk", feats, w)
         return jax.image.resize(logits, (feats.shape[0], 64, 64, w.shape[1]), "bilinear").argmax(-1)

     w = jax.random.normal(jax.random.key(0), (32, 6))
     exp = export.export(jax.jit(seg_head), platforms=["cuda"])(w, jax.ShapeDtypeStruct((2, 16, 16, 32), jnp.float32))
     blob = exp.serialize()
     log.info("artifact for platforms=%s, %d bytes", exp.platforms, len(blob))
     log.info("canary host devices: %s", jax.devices())
     served = export.deserialize(blob)
     mask = served.call(w, jnp.ones((2, 16, 16, 32)))
     log.info("canary mask %s", mask.shape)
     """),
    ("jax", "venv", None, "crash", "not-implemented", "b12-export-half-gaussian-process-logdet",
     "a Gaussian-process marginal-likelihood scorer (RBF kernel, jnp.linalg.slogdet and solve) exported with jax.export in float16 for a memory-constrained scorer; lowering for the CPU has no LAPACK kernel for float16 and fails (float32 exports and runs)",
     """\
     import jax
     import jax.numpy as jnp
     from jax import export

     def gp_nll(x, y, ls):
         d2 = jnp.sum((x[:, None] - x[None]) ** 2, -1)
         k = jnp.exp(-0.5 * d2 / ls ** 2) + 0.1 * jnp.eye(x.shape[0], dtype=x.dtype)
         sign, logdet = jnp.linalg.slogdet(k)
         alpha = jnp.linalg.solve(k, y)
         return 0.5 * (y @ alpha + logdet)

     x = jax.random.uniform(jax.random.key(0), (16, 2))
     y = jnp.sin(3 * x[:, 0])
     for dt in (jnp.float32, jnp.float16):
         args = (x.astype(dt), y.astype(dt), jnp.asarray(0.5, dt))
         exp = export.export(jax.jit(gp_nll))(*(jax.ShapeDtypeStruct(a.shape, a.dtype) for a in args))
         print(jnp.dtype(dt).name, "nll:", float(exp.call(*args)), flush=True)
     """),
    ("jax", "venv", None, "nan", None, "b12-exported-attention-empty-sequence-row",
     "a transformer encoder layer exported with jax.export for a symbolic batch and sequence length uses a key-padding mask with -inf fill; a batch from the serving queue carries an empty (length 0) request, whose query rows are fully masked, so softmax gives NaN for that row",
     """\
     import jax
     import jax.numpy as jnp
     from jax import export

     def attn(params, x, lengths):
         q, k, v = x @ params["q"], x @ params["k"], x @ params["v"]
         s = jnp.einsum("btd,bsd->bts", q, k) / jnp.sqrt(q.shape[-1])
         valid = jnp.arange(x.shape[1])[None, :] < lengths[:, None]
         s = jnp.where(valid[:, None, :], s, -jnp.inf)
         return jnp.einsum("bts,bsd->btd", jax.nn.softmax(s, -1), v)

     ks = jax.random.split(jax.random.key(0), 3)
     params = {n: jax.random.normal(kk, (32, 32)) * 0.1 for n, kk in zip("qkv", ks)}
     b, t = export.symbolic_shape("b, t")
     exp = export.export(jax.jit(attn))(params, jax.ShapeDtypeStruct((b, t, 32), jnp.float32), jax.ShapeDtypeStruct((b,), jnp.int32))
     print("exported with", exp.in_avals[-2:], flush=True)
     x = jax.random.normal(jax.random.key(1), (4, 12, 32))
     lengths = jnp.array([12, 7, 0, 3], jnp.int32)
     out = exp.call(params, x, lengths)
     for i in range(4):
         print(f"request {i} (len {int(lengths[i])}): out[0,:4]={[round(float(v), 4) for v in out[i, 0, :4]]} nan={int(jnp.isnan(out[i]).sum())}")
     """),
    ("jax", "venv", None, "inconsistency", None, "b12-flax-same-padding-stride2-port-to-torch",
     "a stride-2 convolution ported from a Flax model (padding='SAME') to PyTorch with padding=1; the weights cross through DLPack and the parity test compares the two frameworks' outputs on the same image with a tolerance of 1e-4: XLA's SAME padding is asymmetric for even inputs (0 before, 1 after) while torch pads 1 on both sides, and the outputs disagree; both printed before the non-zero exit",
     """\
     import numpy as np
     import jax
     import jax.numpy as jnp
     import torch
     import torch.nn.functional as F

     kx, kw = jax.random.split(jax.random.key(0))
     x = jax.random.normal(kx, (1, 16, 16, 8))
     w = jax.random.normal(kw, (3, 3, 8, 16)) * 0.1
     y_jax = jax.lax.conv_general_dilated(x, w, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))

     xt = torch.from_dlpack(x).permute(0, 3, 1, 2)
     wt = torch.from_dlpack(w).permute(3, 2, 0, 1).contiguous()
     y_torch = F.conv2d(xt, wt, stride=2, padding=1).permute(0, 2, 3, 1)

     a, b = np.asarray(y_jax), y_torch.numpy()
     print("jax   y[0,0,:4,0]:", np.round(a[0, 0, :4, 0], 4))
     print("torch y[0,0,:4,0]:", np.round(b[0, 0, :4, 0], 4))
     err = float(np.abs(a - b).max())
     print(f"shapes {a.shape} vs {b.shape}; max abs diff {err:.5f} (tolerance 1e-4)")
     if err > 1e-4:
         raise SystemExit("ported torch conv does not match the Flax original")
     """),
    ("jax", "venv", None, "oom", None, "b12-exported-pairwise-similarity-long-document",
     "a near-duplicate detector's pairwise-similarity endpoint (sentence embeddings, full [t, t] cosine matrix) exported with jax.export for a symbolic number of sentences; a 2**20-sentence corpus dump sent as one request makes the 4 TiB output matrix, and XLA cannot allocate it",
     """\
     import jax
     import jax.numpy as jnp
     from jax import export

     def pairwise(w, x):
         e = x @ w
         e = e / jnp.linalg.norm(e, axis=-1, keepdims=True)
         return e @ e.T

     w = jax.random.normal(jax.random.key(0), (16, 16)) * 0.1
     t, = export.symbolic_shape("t")
     exp = export.export(jax.jit(pairwise))(w, jax.ShapeDtypeStruct((t, 16), jnp.float32))
     for n in (512, 2 ** 20):
         x = jax.random.normal(jax.random.key(n), (n, 16))
         sim = exp.call(w, x)
         print(f"{n} sentences -> {sim.shape}, near-duplicates: {int((sim[0] > 0.95).sum())}", flush=True)
     """),
    # ---- ONNX Runtime ----------------------------------------------------------
    ("onnxruntime", "venv", None, "false-positive", None, "b12-iobinding-float64-pandas-features",
     "a credit-scoring MLP served with ONNX Runtime IOBinding; the feature batch comes from a pandas-style float64 pipeline and is bound with bind_cpu_input without a cast, and ONNX Runtime refuses a double tensor for the model's float input",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     rs = np.random.RandomState(0)
     inits = [nh.from_array(rs.randn(30, 64).astype("float32") * 0.1, "w1"), nh.from_array(np.zeros(64, "float32"), "b1"),
              nh.from_array(rs.randn(64, 1).astype("float32") * 0.1, "w2"), nh.from_array(np.zeros(1, "float32"), "b2")]
     nodes = [h.make_node("Gemm", ["x", "w1", "b1"], ["h"]), h.make_node("Relu", ["h"], ["hr"]),
              h.make_node("Gemm", ["hr", "w2", "b2"], ["z"]), h.make_node("Sigmoid", ["z"], ["p"])]
     g = h.make_graph(nodes, "credit", [h.make_tensor_value_info("x", T.FLOAT, ["batch", 30])],
                      [h.make_tensor_value_info("p", T.FLOAT, ["batch", 1])], inits)
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
     m.ir_version = 10
     sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
     io = sess.io_binding()
     feats32 = rs.rand(16, 30).astype("float32")
     io.bind_cpu_input("x", feats32)
     io.bind_output("p")
     sess.run_with_iobinding(io)
     print("float32 batch scores:", io.copy_outputs_to_cpu()[0][:4, 0], flush=True)
     feats = rs.rand(16, 30)
     print("pipeline batch:", feats.shape, feats.dtype, flush=True)
     io.bind_cpu_input("x", feats)
     sess.run_with_iobinding(io)
     print(io.copy_outputs_to_cpu()[0][:4, 0])
     """),
    ("onnxruntime", "venv", None, "false-positive", None, "b12-unet-skip-concat-strict-shape-inference",
     "a U-Net decoder stage edited by graph surgery (the encoder skip is taken from the wrong resolution, 16x16 instead of 32x32); the pre-deployment check runs onnx.checker.check_model and onnx.shape_inference.infer_shapes(strict_mode=True), and shape inference rejects the Concat of incompatible spatial sizes; CI-style summary",
     """\
     import numpy as np
     import onnx
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     rs = np.random.RandomState(0)
     inits = [nh.from_array(rs.randn(32, 64, 2, 2).astype("float32"), "up_w"),
              nh.from_array(rs.randn(32, 64, 3, 3).astype("float32"), "conv_w")]
     nodes = [h.make_node("ConvTranspose", ["bottleneck", "up_w"], ["up"], strides=[2, 2]),
              h.make_node("Concat", ["up", "skip"], ["cat"], axis=1),
              h.make_node("Conv", ["cat", "conv_w"], ["y"], pads=[1, 1, 1, 1])]
     inputs = [h.make_tensor_value_info("bottleneck", T.FLOAT, [1, 64, 16, 16]),
               h.make_tensor_value_info("skip", T.FLOAT, [1, 32, 16, 16])]
     g = h.make_graph(nodes, "unet_dec3", inputs, [h.make_tensor_value_info("y", T.FLOAT, [1, 32, 32, 32])], inits)
     model = h.make_model(g, opset_imports=[h.make_opsetid("", 17)])
     results = []
     for name, check in (("checker", lambda: onnx.checker.check_model(model)),
                         ("shape_inference(strict)", lambda: onnx.shape_inference.infer_shapes(model, check_type=True, strict_mode=True))):
         print(f"[predeploy] running {name} on unet_dec3 ...", flush=True)
         try:
             check()
             results.append((name, "ok"))
         except Exception as e:
             results.append((name, "FAILED"))
             print(f"[predeploy] {name} raised {type(e).__name__}:\\n{e}", flush=True)
     print("==================== predeploy summary ====================")
     for name, r in results:
         print(f"  {name:<28} {r}")
     failed = sum(r != "ok" for _, r in results)
     print(f"  {len(results)} checks, {failed} failed")
     raise SystemExit(1 if failed else 0)
     """),
    ("onnxruntime", "venv", None, "false-positive", None, "b12-sequence-output-detections-index-out-of-range",
     "a detection post-processing graph that splits its per-image detections into a sequence (SplitToSequence) and returns one image's boxes with SequenceAt; the client asks for image 5 of a 3-image batch and ONNX Runtime rejects the out-of-range sequence index; ORT's own error log line precedes the exception",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h

     nodes = [h.make_node("SplitToSequence", ["dets"], ["per_image"], axis=0, keepdims=0),
              h.make_node("SequenceLength", ["per_image"], ["n"]),
              h.make_node("SequenceAt", ["per_image", "index"], ["boxes"])]
     g = h.make_graph(nodes, "postproc",
                      [h.make_tensor_value_info("dets", T.FLOAT, ["images", 100, 6]), h.make_tensor_value_info("index", T.INT64, [])],
                      [h.make_tensor_value_info("boxes", T.FLOAT, [100, 6]), h.make_tensor_value_info("n", T.INT64, [])])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
     m.ir_version = 10
     sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
     dets = np.random.RandomState(0).rand(3, 100, 6).astype("float32")
     for idx in (0, 2, -1, 5):
         boxes, n = sess.run(None, {"dets": dets, "index": np.array(idx, np.int64)})
         print(f"image {idx} of {int(n)}: top box {np.round(boxes[0, :4], 3)} score {boxes[0, 4]:.3f}", flush=True)
     """),
    ("onnxruntime", "venv", None, "false-positive", None, "b12-free-dimension-override-batch-mismatch",
     "a speech-command CNN served with SessionOptions.add_free_dimension_override_by_name('batch', 8) (to let ONNX Runtime pre-plan memory for a fixed batch), with intra-op threads 2 and ORT_ENABLE_ALL; a partial batch of 3 at the end of a stream is refused because the overridden dimension must be 8; logged with the logging module",
     """\
     import logging
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)-7s %(name)s | %(message)s")
     log = logging.getLogger("kws.serve")
     rs = np.random.RandomState(0)
     inits = [nh.from_array(rs.randn(16, 1, 3, 3).astype("float32") * 0.2, "w"), nh.from_array(rs.randn(16, 12).astype("float32") * 0.2, "fc")]
     nodes = [h.make_node("Conv", ["mfcc", "w"], ["c"], pads=[1, 1, 1, 1]), h.make_node("Relu", ["c"], ["r"]),
              h.make_node("GlobalAveragePool", ["r"], ["p"]), h.make_node("Flatten", ["p"], ["f"]), h.make_node("MatMul", ["f", "fc"], ["logits"])]
     g = h.make_graph(nodes, "kws", [h.make_tensor_value_info("mfcc", T.FLOAT, ["batch", 1, 49, 40])],
                      [h.make_tensor_value_info("logits", T.FLOAT, ["batch", 12])], inits)
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
     m.ir_version = 10
     so = ort.SessionOptions()
     so.intra_op_num_threads = 2
     so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
     so.add_free_dimension_override_by_name("batch", 8)
     sess = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])
     log.info("session ready: inputs %s", [(i.name, i.shape) for i in sess.get_inputs()])
     stream = rs.randn(19, 1, 49, 40).astype("float32")
     for start in range(0, len(stream), 8):
         batch = stream[start:start + 8]
         log.info("batch %d-%d (%d clips)", start, start + len(batch) - 1, len(batch))
         logits = sess.run(["logits"], {"mfcc": batch})[0]
         log.info("commands %s", logits.argmax(1).tolist())
     """),
    ("onnxruntime", "venv", None, "crash", "not-implemented", "b12-float64-physics-cnn-conv-kernel",
     "a surrogate-physics CNN trained and exported in float64 (the ONNX graph's Conv, Relu and GlobalAveragePool all typed tensor(double), which the ONNX Conv schema allows); ONNX Runtime's CPU provider has no double Conv kernel and the session cannot be created (the float32 export runs)",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     def build(np_dtype, onnx_dtype):
         rs = np.random.RandomState(0)
         inits = [nh.from_array(rs.randn(8, 2, 3, 3).astype(np_dtype) * 0.1, "w1"), nh.from_array(rs.randn(4, 8, 3, 3).astype(np_dtype) * 0.1, "w2")]
         nodes = [h.make_node("Conv", ["field", "w1"], ["c1"], pads=[1, 1, 1, 1]), h.make_node("Relu", ["c1"], ["r1"]),
                  h.make_node("Conv", ["r1", "w2"], ["c2"], pads=[1, 1, 1, 1]), h.make_node("GlobalAveragePool", ["c2"], ["flux"])]
         g = h.make_graph(nodes, "surrogate", [h.make_tensor_value_info("field", onnx_dtype, ["b", 2, 64, 64])],
                          [h.make_tensor_value_info("flux", onnx_dtype, ["b", 4, 1, 1])], inits)
         m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
         m.ir_version = 10
         return m.SerializeToString()

     field = np.random.RandomState(1).randn(2, 2, 64, 64)
     for np_dtype, onnx_dtype in (("float32", T.FLOAT), ("float64", T.DOUBLE)):
         sess = ort.InferenceSession(build(np_dtype, onnx_dtype), providers=["CPUExecutionProvider"])
         flux = sess.run(None, {"field": field.astype(np_dtype)})[0]
         print(np_dtype, "flux:", flux.reshape(2, 4).round(4).tolist(), flush=True)
     """),
    ("onnxruntime", "venv", None, "crash", "not-implemented", "b12-bfloat16-transformer-ffn-matmul",
     "a transformer feed-forward block converted to bfloat16 for serving (MatMul, Add, Gelu, MatMul all in tensor(bfloat16), which the ONNX MatMul schema allows since opset 13); ONNX Runtime's CPU provider has no bfloat16 MatMul kernel and the session cannot be created (the float32 graph runs); a progress bar over the conversion steps comes first",
     """\
     import sys
     import time
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     def build(elem):
         rs = np.random.RandomState(0)
         def init(name, shape):
             a = rs.randn(*shape).astype("float32") * 0.05
             if elem == T.BFLOAT16:
                 t = h.make_tensor(name, T.BFLOAT16, shape, (a.view(np.uint32) >> 16).astype(np.uint16).tobytes(), raw=True)
                 return t
             return nh.from_array(a, name)
         inits = [init("w1", (256, 1024)), init("b1", (1024,)), init("w2", (1024, 256))]
         nodes = [h.make_node("MatMul", ["x", "w1"], ["a"]), h.make_node("Add", ["a", "b1"], ["ab"]),
                  h.make_node("Gelu", ["ab"], ["g"]), h.make_node("MatMul", ["g", "w2"], ["y"])]
         g = h.make_graph(nodes, "ffn", [h.make_tensor_value_info("x", elem, ["tokens", 256])],
                          [h.make_tensor_value_info("y", elem, ["tokens", 256])], inits)
         m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
         m.ir_version = 10
         return m.SerializeToString()

     steps = [("float32", T.FLOAT), ("bfloat16", T.BFLOAT16)]
     t0 = time.time()
     for i, (name, elem) in enumerate(steps, 1):
         sys.stdout.write(f"\\rconvert ffn: {100 * i // len(steps):3d}%|{'#' * (10 * i // len(steps)):<10}| {i}/{len(steps)} [{time.time() - t0:.2f}s, dtype={name}]\\n")
         sys.stdout.flush()
         sess = ort.InferenceSession(build(elem), providers=["CPUExecutionProvider"])
         print("  session inputs:", [(x.name, x.type) for x in sess.get_inputs()], flush=True)
         if elem == T.FLOAT:
             y = sess.run(None, {"x": np.ones((4, 256), "float32")})[0]
             print("  float32 ffn out:", y.shape, flush=True)
     """),
    ("onnxruntime", "venv", None, "inconsistency", None, "b12-resize-asymmetric-vs-torch-bilinear",
     "a segmentation decoder's bilinear upsampling ported from PyTorch to a hand-built ONNX graph with Resize(mode=linear) left at coordinate_transformation_mode='asymmetric' instead of 'half_pixel'; the parity test compares ONNX Runtime with torch.nn.functional.interpolate(align_corners=False) on the same logits, tolerance 1e-4, and the two frameworks disagree; both printed before the non-zero exit",
     """\
     import numpy as np
     import onnxruntime as ort
     import torch
     import torch.nn.functional as F
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     scales = nh.from_array(np.array([1, 1, 4, 4], "float32"), "scales")
     node = h.make_node("Resize", ["logits", "", "scales"], ["up"], mode="linear", coordinate_transformation_mode="asymmetric")
     g = h.make_graph([node], "upsample", [h.make_tensor_value_info("logits", T.FLOAT, [1, 6, 16, 16])],
                      [h.make_tensor_value_info("up", T.FLOAT, [1, 6, 64, 64])], [scales])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 19)])
     m.ir_version = 10
     sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
     logits = np.random.RandomState(0).randn(1, 6, 16, 16).astype("float32")
     y_ort = sess.run(None, {"logits": logits})[0]
     y_pt = F.interpolate(torch.from_numpy(logits), scale_factor=4, mode="bilinear", align_corners=False).numpy()
     print("onnxruntime up[0,0,0,:6]:", np.round(y_ort[0, 0, 0, :6], 4))
     print("torch       up[0,0,0,:6]:", np.round(y_pt[0, 0, 0, :6], 4))
     err = float(np.abs(y_ort - y_pt).max())
     agree = float((y_ort.argmax(1) == y_pt.argmax(1)).mean())
     print(f"max abs diff {err:.5f} (tolerance 1e-4); mask agreement {agree:.3%}")
     if err > 1e-4:
         raise SystemExit(1)
     """),
    ("onnxruntime", "venv", None, "timeout", None, "b12-run-options-terminate-refinement-loop",
     "an iterative depth-refinement model (ONNX Loop whose trip count comes from the request, MatMul and Tanh in the body) served with a watchdog thread that sets RunOptions.terminate after 3 s; the request's iteration count is mutated from 8 to 10**9, the watchdog fires and ONNX Runtime aborts the run",
     """\
     import threading
     import time
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     w = nh.from_array((np.random.RandomState(0).randn(256, 256) * 0.05).astype("float32"), "w")
     body = h.make_graph(
         [h.make_node("MatMul", ["d_in", "w"], ["m"]), h.make_node("Tanh", ["m"], ["d_out"]), h.make_node("Identity", ["cond_in"], ["cond_out"])],
         "refine", [h.make_tensor_value_info("i", T.INT64, []), h.make_tensor_value_info("cond_in", T.BOOL, []),
                    h.make_tensor_value_info("d_in", T.FLOAT, [64, 256])],
         [h.make_tensor_value_info("cond_out", T.BOOL, []), h.make_tensor_value_info("d_out", T.FLOAT, [64, 256])])
     loop = h.make_node("Loop", ["iters", "", "depth0"], ["depth"], body=body)
     g = h.make_graph([loop], "refiner", [h.make_tensor_value_info("iters", T.INT64, []), h.make_tensor_value_info("depth0", T.FLOAT, [64, 256])],
                      [h.make_tensor_value_info("depth", T.FLOAT, [64, 256])], [w])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 21)])
     m.ir_version = 10
     so = ort.SessionOptions()
     so.intra_op_num_threads = 1
     sess = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])
     d0 = np.random.RandomState(1).rand(64, 256).astype("float32")
     for req, iters in (("req-1", 8), ("req-2", 10 ** 9)):
         ro = ort.RunOptions()
         ro.logid = req
         timer = threading.Timer(3.0, lambda ro=ro: (print(f"watchdog: {ro.logid} over 3.0 s, terminating", flush=True), setattr(ro, "terminate", True)))
         timer.start()
         t0 = time.time()
         out = sess.run(None, {"iters": np.array(iters, np.int64), "depth0": d0}, ro)[0]
         timer.cancel()
         print(f"{req}: {iters} iterations in {time.time() - t0:.2f} s, depth mean {out.mean():.4f}", flush=True)
     """),
    # ---- MindSpore -------------------------------------------------------------
    ("mindspore", "mindspore", None, "false-positive", None, "b12-export-air-format-on-cpu-host",
     "a release script exports a MindSpore ResNet-style classifier for an Ascend inference server with mindspore.export(file_format='AIR') on a CPU-only build host; MindSpore refuses AIR export without the Ascend backend (the MINDIR export before it succeeds); MindSpore's deprecation warning comes first",
     """\
     import os
     import tempfile
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn

     mindspore.set_device("CPU")

     class Block(nn.Cell):
         def __init__(self, c):
             super().__init__()
             self.c1 = nn.Conv2d(c, c, 3)
             self.b1 = nn.BatchNorm2d(c)
             self.c2 = nn.Conv2d(c, c, 3)
             self.b2 = nn.BatchNorm2d(c)
             self.relu = nn.ReLU()
         def construct(self, x):
             return self.relu(x + self.b2(self.c2(self.relu(self.b1(self.c1(x))))))

     net = nn.SequentialCell([nn.Conv2d(3, 32, 3, stride=2), nn.ReLU(), Block(32), Block(32),
                              nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dense(32, 100)])
     net.set_train(False)
     dummy = Tensor(np.zeros((1, 3, 224, 224), np.float32))
     out_dir = tempfile.mkdtemp()
     for fmt in ("MINDIR", "AIR"):
         path = os.path.join(out_dir, "resnet_mini")
         mindspore.export(net, dummy, file_name=path, file_format=fmt)
         print(f"exported {fmt}:", sorted(os.listdir(out_dir)), flush=True)
     """),
    ("mindspore", "mindspore", None, "false-positive", None, "b12-graph-mode-set-inputs-rank-mismatch",
     "a GRAPH_MODE bidirectional LSTM tagger compiled for dynamic batch and sequence length with set_inputs(Tensor(shape=[None, None, 40])); a request arrives with the per-frame features flattened to a rank-2 [batch, frames*40] array, and MindSpore's shape consistency check refuses it; training-style step lines come first",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn, ops

     mindspore.set_context(mode=mindspore.GRAPH_MODE)
     mindspore.set_device("CPU")

     class Tagger(nn.Cell):
         def __init__(self):
             super().__init__()
             self.lstm = nn.LSTM(40, 64, batch_first=True, bidirectional=True)
             self.out = nn.Dense(128, 12)
         def construct(self, x):
             y, _ = self.lstm(x)
             return self.out(y)

     net = Tagger()
     net.set_train(False)
     net.set_inputs(Tensor(shape=[None, None, 40], dtype=mindspore.float32))
     rs = np.random.RandomState(0)
     for step, shape in enumerate([(2, 50, 40), (5, 13, 40), (3, 2000)]):
         x = Tensor(rs.randn(*shape).astype(np.float32))
         y = net(x)
         print(f"[serve] step {step}: in {shape} -> tags {y.shape}", flush=True)
     """),
    ("mindspore", "mindspore", None, "false-positive", None, "b12-mindir-graphcell-extra-metadata-input",
     "a product-image classifier exported to MindIR with a single image input and served through nn.GraphCell(mindspore.load(...)); the client was updated for the v2 model, which also takes a metadata tensor, and calls the v1 graph with (image, metadata): MindSpore refuses the mismatched number of inputs; logged with the logging module",
     """\
     import logging
     import os
     import tempfile
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
     log = logging.getLogger("mindir_server")
     mindspore.set_device("CPU")
     net = nn.SequentialCell([nn.Conv2d(3, 8, 3, pad_mode="valid"), nn.ReLU(), nn.Flatten(), nn.Dense(8 * 30 * 30, 10)])
     net.set_train(False)
     path = os.path.join(tempfile.mkdtemp(), "product_cls_v1")
     mindspore.export(net, Tensor(np.zeros((1, 3, 32, 32), np.float32)), file_name=path, file_format="MINDIR")
     served = nn.GraphCell(mindspore.load(path + ".mindir"))
     log.info("loaded %s.mindir", path)
     rs = np.random.RandomState(0)
     image = Tensor(rs.rand(4, 3, 32, 32).astype(np.float32))
     log.info("v1 request: image %s", image.shape)
     log.info("classes %s", served(image).asnumpy().argmax(1).tolist())
     meta = Tensor(rs.rand(4, 12).astype(np.float32))
     log.info("v2 client request: image %s metadata %s", image.shape, meta.shape)
     log.info("classes %s", served(image, meta).asnumpy().argmax(1).tolist())
     """),
    ("mindspore", "mindspore", None, "crash", "internal-error", "b12-half-serving-copy-multi-margin-loss",
     "a MindSpore classifier cast to float16 for export (Dense layers to_float(float16)) is validated before export with ops.multi_margin_loss without class weights; the CPU float16 kernel dereferences the absent weight and MindSpore raises a 'Framework Unexpected Exception' (The pointer[weight_addr] is null); float32 runs",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn, ops

     mindspore.set_device("CPU")
     net = nn.SequentialCell([nn.Dense(64, 128), nn.ReLU(), nn.Dense(128, 10)])
     rs = np.random.RandomState(0)
     x = rs.randn(32, 64).astype(np.float32)
     y = Tensor(rs.randint(0, 10, 32).astype(np.int64))
     for dtype in (mindspore.float32, mindspore.float16):
         net.to_float(dtype)
         logits = net(Tensor(x).astype(dtype))
         loss = ops.multi_margin_loss(logits, y)
         print(f"validation {dtype}: multi-margin loss {float(loss.asnumpy()):.4f}", flush=True)
     """),
    ("mindspore", "mindspore", None, "nan", None, "b12-mindir-half-vae-reparameterisation-overflow",
     "a VAE exported to MindIR in float16 for an edge device; its logvar head is saturated (bias near 12) and exp(logvar) overflows float16 (exp(12) > 65504); the serving path decodes deterministically with zero noise, so z = mu + inf * 0 is NaN and the loaded graph's reconstructions are NaN",
     """\
     import os
     import tempfile
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn, ops

     mindspore.set_device("CPU")

     class VAE(nn.Cell):
         def __init__(self):
             super().__init__()
             self.enc = nn.Dense(32, 16)
             self.mu = nn.Dense(16, 4)
             self.logvar = nn.Dense(16, 4)
             self.dec = nn.Dense(4, 32)
         def construct(self, x, eps):
             h = ops.tanh(self.enc(x))
             mu, logvar = self.mu(h), self.logvar(h)
             z = mu + ops.exp(logvar) * eps
             kl = -0.5 * ops.sum(1 + logvar - mu * mu - ops.exp(2 * logvar), -1)
             return self.dec(z), kl

     net = VAE()
     net.logvar.bias.set_data(Tensor(np.full(4, 12.0, np.float32)))
     net.to_float(mindspore.float16)
     net.set_train(False)
     path = os.path.join(tempfile.mkdtemp(), "vae16")
     x = Tensor(np.zeros((4, 32), np.float16))
     eps = Tensor(np.zeros((4, 4), np.float16))
     mindspore.export(net, x, eps, file_name=path, file_format="MINDIR")
     g = nn.GraphCell(mindspore.load(path + ".mindir"))
     rs = np.random.RandomState(0)
     xs = (rs.rand(4, 32) * 4).astype(np.float16)
     rec, kl = g(Tensor(xs), Tensor(np.zeros((4, 4), np.float16)))
     rec, kl = rec.asnumpy(), kl.asnumpy()
     for i in range(4):
         print(f"sample {i}: kl={kl[i]} recon[:3]={rec[i, :3]} nan={int(np.isnan(rec[i]).sum())}")
     """),
    ("mindspore", "mindspore", None, "timeout", None, "b12-graphcell-worker-no-eos-queue-deadline",
     "a MindSpore text generator (GRU cell step exported to MindIR and loaded as a GraphCell) runs in a worker thread that answers on a response queue; the mutant's EOS check compares against a token id the vocabulary cannot produce, the worker never answers, and the client's queue.get(timeout=6) deadline expires: it cancels the worker and raises TimeoutError",
     """\
     import os
     import queue
     import tempfile
     import threading
     import time
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn, ops

     mindspore.set_device("CPU")

     class Step(nn.Cell):
         def __init__(self, vocab=128, d=32):
             super().__init__()
             self.emb = nn.Embedding(vocab, d)
             self.cell = nn.GRUCell(d, d)
             self.out = nn.Dense(d, vocab)
         def construct(self, tok, h):
             h = self.cell(self.emb(tok), h)
             return ops.argmax(self.out(h), -1).astype(mindspore.int32), h

     path = os.path.join(tempfile.mkdtemp(), "step")
     mindspore.export(Step(), Tensor(np.zeros(1, np.int32)), Tensor(np.zeros((1, 32), np.float32)), file_name=path, file_format="MINDIR")
     step = nn.GraphCell(mindspore.load(path + ".mindir"))
     EOS = -1
     replies = queue.Queue()
     cancel = threading.Event()

     def worker():
         tok, h, out = Tensor(np.array([1], np.int32)), Tensor(np.zeros((1, 32), np.float32)), []
         while not cancel.is_set():
             tok, h = step(tok, h)
             out.append(int(tok.asnumpy()[0]))
             if out[-1] == EOS:
                 break
             if len(out) % 2000 == 0:
                 print(f"[worker] {len(out)} tokens generated", flush=True)
         replies.put(out)

     th = threading.Thread(target=worker, daemon=True)
     th.start()
     t0 = time.time()
     print("[client] waiting for completion (deadline 6 s)", flush=True)
     try:
         tokens = replies.get(timeout=6)
     except queue.Empty:
         cancel.set()
         th.join()
         print("[client] request cancelled", flush=True)
         raise TimeoutError(f"generation request not answered within 6 s (waited {time.time() - t0:.1f} s)") from None
     print("[client] got", len(tokens), "tokens")
     """),
    ("mindspore", "mindspore", None, "oom", None, "b12-mindir-export-dummy-input-max-batch",
     "a MindIR export script builds its dummy input from the deployment config's max batch and sequence length; the config's max_tokens is mutated from 4096 to 2**31 and MindSpore cannot allocate the dummy [max_batch, max_tokens, 1024] tensor (Allocate memory failed)",
     """\
     import json
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn, ops

     mindspore.set_device("CPU")
     cfg = json.loads('{"max_batch": 32, "max_tokens": 2147483648, "hidden": 1024}')
     print("export config:", cfg, flush=True)
     net = nn.SequentialCell([nn.Dense(cfg["hidden"], 256), nn.GELU(), nn.Dense(256, cfg["hidden"])])
     dummy = ops.zeros((cfg["max_batch"], cfg["max_tokens"], cfg["hidden"]), mindspore.float32)
     print("dummy input", dummy.shape, "finite:", bool(ops.isfinite(dummy).all()), flush=True)
     mindspore.export(net, dummy, file_name="ffn", file_format="MINDIR")
     print("exported ffn.mindir")
     """),
]

add_batch(B12)

# ==========================================================================
# Thirteenth batch ("b13-" names), held out from the rules: differential
# testing as mutation-testing and fuzzing tools run it.  Each scenario runs
# one model (or a mutant of it) two or more ways - the same network on two
# or three of the installed frameworks, eager against compiled or jitted,
# float32 against float64 or a NumPy reference, batch of one against a
# batch, before and after a conversion - and reports in the voice of such a
# tool (LEMON-style per-layer distances, NNSmith-style bug reports, pytest
# parametrised over frameworks, tables per backend, JSON lines, campaign
# summaries).  The failure is one framework's: a rejection by its own check,
# a real crash (kernels missing for a dtype), NaN where the others are
# finite, a disagreement beyond the stated tolerance, a hang cut by a
# watchdog, or a refused huge allocation.  Each entry: (framework,
# interpreter, KERAS_BACKEND or None, class, kind, name, how, code).
# ==========================================================================

B13 = [
    # ---- PyTorch (current) -----------------------------------------------------
    ("pytorch", "venv", None, "false-positive", None, "b13-nnsmith-attention-embed-not-divisible-by-heads",
     "an NNSmith-style generator emits an attention block with embed_dim 60 and 8 heads (legal for Keras MultiHeadAttention, whose key_dim is per head); the NumPy reference runs it, PyTorch's nn.MultiheadAttention asserts that embed_dim is divisible by num_heads; printed as an NNSmith bug report",
     """\
     import numpy as np
     import torch
     import torch.nn as nn

     print("================ NNSmith bug report ================")
     print("seed      : 1311")
     print("model     : gen/attn-0042.onnx (MultiHeadAttention d_model=60 heads=8)")
     print("backends  : numpy-ref, torch-" + torch.__version__)
     print("oracle    : allclose(rtol=1e-4, atol=1e-5)")
     print("----------------------------------------------------")
     rs = np.random.RandomState(1311)
     x = rs.randn(2, 7, 60).astype(np.float32)
     heads, key_dim = 8, 60 // 8 + 1
     wq, wk, wv = (rs.randn(60, heads * key_dim).astype(np.float32) * 0.1 for _ in range(3))
     def ref(x):
         q = (x @ wq).reshape(2, 7, heads, key_dim).transpose(0, 2, 1, 3)
         k = (x @ wk).reshape(2, 7, heads, key_dim).transpose(0, 2, 1, 3)
         v = (x @ wv).reshape(2, 7, heads, key_dim).transpose(0, 2, 1, 3)
         s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(key_dim)
         p = np.exp(s - s.max(-1, keepdims=True)); p /= p.sum(-1, keepdims=True)
         return (p @ v).transpose(0, 2, 1, 3).reshape(2, 7, -1)
     print("[numpy-ref] output", ref(x).shape, "ok")
     print("[torch] building nn.MultiheadAttention(embed_dim=60, num_heads=8)", flush=True)
     mha = nn.MultiheadAttention(60, 8, batch_first=True)
     out, _ = mha(*(torch.from_numpy(x),) * 3)
     print("[torch] output", tuple(out.shape))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b13-ragged-row-lengths-as-embeddingbag-offsets",
     "a recommender's multi-hot feature tower ported from TensorFlow, where the bags are a tf.RaggedTensor; TensorFlow pools the ragged lookup, the port hands the ragged row lengths ([3, 2, 1]) to F.embedding_bag as offsets, and PyTorch checks that offsets start at 0 and rejects them; logged as JSON lines per execution",
     """\
     import json
     import os
     os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"
     import numpy as np
     import tensorflow as tf
     import torch
     import torch.nn.functional as F

     rs = np.random.RandomState(3)
     table = rs.randn(1000, 16).astype(np.float32)
     ids = np.array([3, 17, 256, 9, 9, 4], np.int64)
     row_lengths = np.array([3, 2, 1], np.int64)
     def log(**kw):
         print(json.dumps(kw), flush=True)

     bags = tf.RaggedTensor.from_row_lengths(ids, row_lengths)
     out_tf = tf.reduce_mean(tf.gather(table, bags), axis=1).numpy()
     log(exec=1, backend="tensorflow", op="ragged gather + reduce_mean", bags=bags.shape[0], shape=list(out_tf.shape), status="ok")
     try:
         out_pt = F.embedding_bag(torch.from_numpy(ids), torch.from_numpy(table), torch.from_numpy(row_lengths), mode="mean")
     except Exception as e:
         log(exec=2, backend="torch", op="embedding_bag", mode="mean", status="error", error=type(e).__name__)
         raise
     log(exec=2, backend="torch", op="embedding_bag", max_abs_diff=float(np.abs(out_pt.numpy() - out_tf).max()))
     """),
    ("pytorch", "venv", None, "false-positive", None, "b13-streaming-gru-cached-state-batch-one",
     "a streaming speech GRU tested batch-of-one against a batch: the harness caches the hidden state from a warm-up pass on a single utterance and reuses it for a batch of 8; nn.GRU checks the hidden state's batch size and rejects it",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     class StreamingEncoder(nn.Module):
         def __init__(self):
             super().__init__()
             self.proj = nn.Linear(40, 64)
             self.gru = nn.GRU(64, 64, batch_first=True)
         def forward(self, feats, h=None):
             return self.gru(torch.relu(self.proj(feats)), h)

     enc = StreamingEncoder().eval()
     frames = torch.randn(8, 20, 40)
     with torch.no_grad():
         _, h_cache = enc(frames[:1, :10])
         print(f"warm-up on 1 utterance: h {tuple(h_cache.shape)}")
         singles = [enc(frames[i:i + 1, 10:], h_cache)[0] for i in range(8)]
         print(f"batch-of-one pass: 8 x {tuple(singles[0].shape)}")
         print("batched pass with the cached state ...", flush=True)
         batched, _ = enc(frames[:, 10:], h_cache)
         print("max |batched - singles| =", (batched - torch.cat(singles)).abs().max().item())
     """),
    ("pytorch", "venv", None, "false-positive", None, "b13-lemon-gcn-mutant-dangling-edge",
     "a LEMON-style campaign on a two-layer GCN (message passing with index_add_) compares each layer against a NumPy reference; the edge-mutation operator rewires node 9's edges to node id 10 in a 10-node graph and PyTorch's indexing of the node features rejects the out-of-range index",
     """\
     import numpy as np
     import torch

     rs = np.random.RandomState(7)
     n, d = 10, 8
     x = rs.randn(n, d).astype(np.float32)
     w1, w2 = rs.randn(d, 16).astype(np.float32) * 0.3, rs.randn(16, 4).astype(np.float32) * 0.3

     def gcn_torch(edges):
         src, dst = torch.from_numpy(edges[0]), torch.from_numpy(edges[1])
         h = torch.from_numpy(x)
         outs = []
         for w in (w1, w2):
             msg = (h @ torch.from_numpy(w))[src]
             h = torch.relu(torch.zeros(n, w.shape[1]).index_add_(0, dst, msg))
             outs.append(h)
         return outs

     def gcn_ref(edges):
         h, outs = x, []
         for w in (w1, w2):
             agg = np.zeros((n, w.shape[1]), np.float32)
             np.add.at(agg, edges[1], (h @ w)[edges[0]])
             h = np.maximum(agg, 0)
             outs.append(h)
         return outs

     seed = np.array([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]], np.int64)
     print("LEMON  model=gcn-2layer  layers=[gconv1, gconv2]  metric=max_abs_dist")
     for mid, edges in (("seed", seed), ("M1-edge-rewire", np.where(seed == 9, 10, seed))):
         print(f"-- {mid}: {edges.shape[1]} edges, max node id {edges.max()}", flush=True)
         for layer, (a, b) in enumerate(zip(gcn_torch(edges), gcn_ref(edges))):
             print(f"   layer gconv{layer + 1}: D = {np.abs(a.numpy() - b).max():.3e}")
     """),
    ("pytorch", "venv", None, "false-positive", None, "b13-bilstm-tagger-shuffled-batch-packing",
     "a unittest-based differential test of a BiLSTM tagger (packed sequences) against per-sentence runs; the data-order mutant shuffles the batch so the lengths are no longer sorted, and pack_padded_sequence (enforce_sorted=True by default) rejects it",
     """\
     import unittest
     import torch
     import torch.nn as nn
     from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

     torch.manual_seed(0)
     class Tagger(nn.Module):
         def __init__(self):
             super().__init__()
             self.emb = nn.Embedding(500, 32, padding_idx=0)
             self.lstm = nn.LSTM(32, 32, batch_first=True, bidirectional=True)
             self.out = nn.Linear(64, 9)
         def forward(self, tokens, lengths):
             packed = pack_padded_sequence(self.emb(tokens), lengths, batch_first=True)
             h, _ = pad_packed_sequence(self.lstm(packed)[0], batch_first=True)
             return self.out(h)

     model = Tagger().eval()
     lengths = torch.tensor([12, 9, 7, 3])
     tokens = torch.zeros(4, 12, dtype=torch.long)
     for i, l in enumerate(lengths):
         tokens[i, :l] = torch.randint(1, 500, (int(l),))

     class BatchVsSingle(unittest.TestCase):
         def check(self, order):
             with torch.no_grad():
                 batched = model(tokens[order], lengths[order])
                 for j, i in enumerate(order.tolist()):
                     single = model(tokens[i:i + 1, :lengths[i]], lengths[i:i + 1])
                     torch.testing.assert_close(batched[j, :lengths[i]], single[0], rtol=1e-5, atol=1e-6)
         def test_sorted_batch(self):
             self.check(torch.arange(4))
         def test_shuffled_batch(self):
             self.check(torch.tensor([2, 0, 3, 1]))

     if __name__ == "__main__":
         unittest.main(verbosity=2)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b13-seq-length-mutants-decoder-causal-mask",
     "a sequence-length mutation campaign on a Transformer decoder: the harness builds the causal mask once for the seed length 7 and reuses it for the mutant target length 5; nn.TransformerDecoder checks the 2-D attn_mask shape against the target length and rejects it; logged with the logging module",
     """\
     import logging
     import torch
     import torch.nn as nn

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
     log = logging.getLogger("difftest.seqlen")
     torch.manual_seed(0)
     dec = nn.TransformerDecoder(nn.TransformerDecoderLayer(32, 4, 64, batch_first=True, dropout=0.0), 2).eval()
     memory = torch.randn(2, 11, 32)
     mask = nn.Transformer.generate_square_subsequent_mask(7)
     log.info("causal mask built for seed length %d", mask.shape[0])
     for length in (7, 5):
         tgt = torch.randn(2, length, 32)
         log.info("mutant tgt_len=%d: running eager decoder", length)
         with torch.no_grad():
             y = dec(tgt, memory, tgt_mask=mask)
         log.info("mutant tgt_len=%d: output %s", length, tuple(y.shape))
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b13-alexnet-lrn-half-torch-vs-tensorflow",
     "an AlexNet front end (conv, ReLU, local response normalisation, max-pool) run in float16 on TensorFlow and PyTorch for a per-backend output table; TensorFlow's LRN runs in half, PyTorch's F.local_response_norm has no Half avg_pool3d kernel on the CPU",
     """\
     import os
     os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"
     import numpy as np
     import tensorflow as tf
     import torch
     import torch.nn.functional as F

     rs = np.random.RandomState(0)
     img = rs.rand(2, 3, 63, 63).astype(np.float16)
     w = (rs.randn(32, 3, 11, 11) * 0.05).astype(np.float16)

     def run_tf():
         x = tf.nn.conv2d(img.transpose(0, 2, 3, 1), w.transpose(2, 3, 1, 0), 4, "VALID")
         x = tf.nn.local_response_normalization(tf.nn.relu(x), depth_radius=2, bias=2.0, alpha=1e-4 / 5, beta=0.75)
         return tf.nn.max_pool2d(x, 3, 2, "VALID").numpy().transpose(0, 3, 1, 2)

     def run_torch():
         x = F.relu(F.conv2d(torch.from_numpy(img), torch.from_numpy(w), stride=4))
         x = F.local_response_norm(x, 5, alpha=1e-4, beta=0.75, k=2.0)
         return F.max_pool2d(x, 3, 2).numpy()

     print(f"{'backend':<12}{'dtype':<10}{'shape':<20}{'mean':>10}{'max':>10}")
     for name, fn in (("tensorflow", run_tf), ("torch", run_torch)):
         y = fn()
         print(f"{name:<12}{str(y.dtype):<10}{str(y.shape):<20}{float(y.mean()):>10.4f}{float(y.max()):>10.4f}", flush=True)
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b13-lowrank-compression-bfloat16-svd",
     "a before-and-after-conversion check of a model compression pass: the MLP is first converted to bfloat16, then each Linear is replaced by a rank-16 factorisation from torch.linalg.svd; the float32 pass runs, the bfloat16 one fails because linalg_svd has no BFloat16 CPU kernel; tqdm-style progress over layers",
     """\
     import sys
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     def compress(model, rank, dtype):
         layers = [m for m in model if isinstance(m, nn.Linear)]
         for i, lin in enumerate(layers):
             w = lin.weight.detach().to(dtype)
             u, s, vh = torch.linalg.svd(w, full_matrices=False)
             lin.weight.data = (u[:, :rank] * s[:rank]) @ vh[:rank]
             done = int(20 * (i + 1) / len(layers))
             sys.stdout.write(f"\\rcompress[{dtype}] |{'#' * done}{' ' * (20 - done)}| {i + 1}/{len(layers)}")
             sys.stdout.flush()
         print()
         return model

     x = torch.randn(32, 256)
     base = nn.Sequential(nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 10))
     ref = base(x).detach()
     for dtype in (torch.float32, torch.bfloat16):
         model = nn.Sequential(*[m.__class__(m.in_features, m.out_features) if isinstance(m, nn.Linear) else m for m in base])
         model.load_state_dict(base.state_dict())
         model = compress(model.to(dtype), 16, dtype)
         out = model(x.to(dtype)).float().detach()
         print(f"{dtype}: rel. error after compression {((out - ref).norm() / ref.norm()).item():.4f}", flush=True)
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b13-gamma-poisson-recommender-half-rsample",
     "a pytest-style run parametrised over dtypes of a Gamma-Poisson (Bayesian matrix factorisation) recommender whose variational factors are reparameterised with torch.distributions.Gamma.rsample; float32 and float64 pass, float16 fails because the Gamma sampler has no Half CPU kernel",
     """\
     import time
     import traceback
     import torch
     import torch.nn as nn
     import torch.nn.functional as F

     class GammaPoissonMF(nn.Module):
         def __init__(self, users=200, items=300, k=8):
             super().__init__()
             self.ua = nn.Parameter(torch.zeros(users, k)); self.ub = nn.Parameter(torch.zeros(users, k))
             self.ia = nn.Parameter(torch.zeros(items, k)); self.ib = nn.Parameter(torch.zeros(items, k))
         def forward(self, u, i):
             theta = torch.distributions.Gamma(F.softplus(self.ua[u]) + 0.3, F.softplus(self.ub[u]) + 0.3).rsample()
             beta = torch.distributions.Gamma(F.softplus(self.ia[i]) + 0.3, F.softplus(self.ib[i]) + 0.3).rsample()
             return (theta * beta).sum(-1)

     def run(dtype):
         torch.manual_seed(0)
         m = GammaPoissonMF().to(dtype)
         u, i = torch.randint(0, 200, (64,)), torch.randint(0, 300, (64,))
         counts = torch.poisson(torch.full((64,), 2.0)).to(dtype)
         rate = m(u, i)
         loss = (rate - counts * torch.log(rate)).mean()
         loss.backward()
         assert torch.isfinite(loss)

     params = ("float32", "float64", "float16")
     print("============================= test session starts ==============================")
     print(f"platform linux -- Python, torch {torch.__version__}")
     print(f"collected {len(params)} items")
     print()
     t0, failed = time.time(), []
     for p in params:
         try:
             run(getattr(torch, p))
             print(f"tests/test_gpmf.py::test_elbo_step[{p}] PASSED")
         except Exception as e:
             print(f"tests/test_gpmf.py::test_elbo_step[{p}] FAILED")
             failed.append((p, e, traceback.format_exc()))
     print()
     print("=================================== FAILURES ===================================")
     for p, e, tb in failed:
         print(f"____________________________ test_elbo_step[{p}] ____________________________")
         for line in tb.rstrip().splitlines()[:-1]:
             print(line)
         print(f"E   {type(e).__name__}: {e}")
     print("=========================== short test summary info ============================")
     for p, e, tb in failed:
         print(f"FAILED tests/test_gpmf.py::test_elbo_step[{p}] - {type(e).__name__}: {e}")
     print(f"========================= {len(failed)} failed, {len(params) - len(failed)} passed in {time.time() - t0:.2f}s =========================")
     raise SystemExit(1 if failed else 0)
     """),
    ("pytorch", "venv", None, "nan", None, "b13-session-recsys-attention-empty-session",
     "a session-based recommender's self-attention (nn.MultiheadAttention with a key padding mask) is compared with a NumPy reference that fills masked scores with -1e9 as Keras and TensorFlow attention layers do; the fuzzed batch contains an empty session (every position padded) and PyTorch returns NaN for it while the reference stays finite",
     """\
     import numpy as np
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     mha = nn.MultiheadAttention(32, 4, batch_first=True)
     items = torch.randn(4, 6, 32)
     lengths = [6, 3, 1, 0]
     pad = torch.tensor([[j >= l for j in range(6)] for l in lengths])
     out, _ = mha(items, items, items, key_padding_mask=pad)
     out = out.detach().numpy()

     sd = {k: v.detach().numpy() for k, v in mha.state_dict().items()}
     wq, wk, wv = np.split(sd["in_proj_weight"], 3); bq, bk, bv = np.split(sd["in_proj_bias"], 3)
     x = items.numpy()
     def heads(t):
         return t.reshape(4, 6, 4, 8).transpose(0, 2, 1, 3)
     q, k, v = heads(x @ wq.T + bq), heads(x @ wk.T + bk), heads(x @ wv.T + bv)
     s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(8)
     s = np.where(pad.numpy()[:, None, None, :], -1e9, s)
     p = np.exp(s - s.max(-1, keepdims=True)); p /= p.sum(-1, keepdims=True)
     ref = (p @ v).transpose(0, 2, 1, 3).reshape(4, 6, 32) @ sd["out_proj.weight"].T + sd["out_proj.bias"]

     print(f"{'session':>8}{'len':>5}{'torch nan':>11}{'ref nan':>9}{'max|diff| (valid)':>20}")
     for b, l in enumerate(lengths):
         diff = np.abs(out[b, :l] - ref[b, :l]).max() if l else float("nan")
         print(f"{b:>8}{l:>5}{int(np.isnan(out[b]).sum()):>11}{int(np.isnan(ref[b]).sum()):>9}{diff:>20.3e}")
     print("torch output session 3, first position:", out[3, 0, :6])
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b13-encoder-inference-fastpath-vs-autograd",
     "an eager-versus-inference-mode check of a TransformerEncoder with a key padding mask: under torch.no_grad() the encoder takes the nested-tensor fast path and writes zeros at padded positions, with autograd enabled it computes them; the harness compares whole outputs with atol=1e-5, prints both and exits non-zero",
     """\
     import sys
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 2, 32, batch_first=True, dropout=0.0), 2).eval()
     x = torch.randn(2, 5, 16)
     pad = torch.tensor([[False] * 5, [False, False, False, True, True]])
     with torch.no_grad():
         fast = enc(x, src_key_padding_mask=pad)
     slow = enc(x, src_key_padding_mask=pad).detach()
     diff = (fast - slow).abs()
     print("mode A (torch.no_grad, inference):", fast[1, 3, :4].tolist())
     print("mode B (autograd enabled)        :", slow[1, 3, :4].tolist())
     print(f"max |A - B| = {diff.max().item():.4f} at {tuple(int(i) for i in (diff == diff.max()).nonzero()[0])}, tolerance atol=1e-05")
     if not torch.allclose(fast, slow, atol=1e-5):
         print("MISMATCH: inference-mode and autograd-mode outputs differ", file=sys.stderr)
         sys.exit(1)
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b13-avgpool-border-torch-vs-tensorflow-port",
     "a ResNet-D style shortcut (3x3 average pooling, stride 1, padding 1, then a 1x1 conv) ported from TensorFlow (AvgPool 'SAME', which averages only the valid pixels) to PyTorch (nn.AvgPool2d(3, 1, 1), which counts the zero padding by default); interior pixels agree, border pixels differ beyond rtol=1e-4 and the differential test fails",
     """\
     import os
     os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"
     import numpy as np
     import tensorflow as tf
     import torch
     import torch.nn as nn

     rs = np.random.RandomState(0)
     x = rs.rand(1, 8, 14, 14).astype(np.float32)
     w = rs.randn(16, 8, 1, 1).astype(np.float32) * 0.2
     pt = nn.Sequential(nn.AvgPool2d(3, 1, 1), nn.Conv2d(8, 16, 1, bias=False))
     pt[1].weight.data = torch.from_numpy(w)
     y_pt = pt(torch.from_numpy(x)).detach().numpy()
     y_tf = tf.nn.conv2d(tf.nn.avg_pool2d(x.transpose(0, 2, 3, 1), 3, 1, "SAME"), w.transpose(2, 3, 1, 0), 1, "VALID").numpy().transpose(0, 3, 1, 2)
     inner = np.abs(y_pt[..., 1:-1, 1:-1] - y_tf[..., 1:-1, 1:-1]).max()
     border = np.abs(y_pt - y_tf).max()
     print(f"{'region':<10}{'max|torch - tf|':>18}")
     print(f"{'interior':<10}{inner:>18.3e}")
     print(f"{'all':<10}{border:>18.3e}")
     print("corner  torch:", y_pt[0, :3, 0, 0], " tf:", y_tf[0, :3, 0, 0])
     np.testing.assert_allclose(y_pt, y_tf, rtol=1e-4, atol=1e-5)
     """),
    ("pytorch", "venv", None, "timeout", None, "b13-neural-ode-float32-step-runner-deadline",
     "a differential runner executes a neural ODE (Euler steps of an MLP vector field) in float64 and float32, each in a subprocess with a 6 s limit; integrating from t=1000 to 1000.01 with dt=1e-5, the float64 worker finishes 1000 steps, in float32 t + dt rounds back to t, the loop never ends and the runner kills the worker",
     """\
     import subprocess
     import sys
     import time

     WORKER = '''
     import sys, torch
     dtype = getattr(torch, sys.argv[1])
     torch.manual_seed(0)
     f = torch.nn.Sequential(torch.nn.Linear(4, 32), torch.nn.Tanh(), torch.nn.Linear(32, 4)).to(dtype)
     t, t1, dt = torch.tensor(1000.0, dtype=dtype), 1000.01, torch.tensor(1e-5, dtype=dtype)
     y, steps = torch.ones(4, dtype=dtype), 0
     with torch.no_grad():
         while t < t1:
             y = y + dt * f(y)
             t = t + dt
             steps += 1
     print("steps", steps, "y", [round(v, 5) for v in y.tolist()])
     '''
     for dtype in ("float64", "float32"):
         t0 = time.time()
         print(f"[runner] launching worker dtype={dtype} (limit 6 s)", flush=True)
         try:
             p = subprocess.run([sys.executable, "-c", WORKER, dtype], capture_output=True, text=True, timeout=6)
         except subprocess.TimeoutExpired:
             print(f"[runner] worker dtype={dtype} killed after {time.time() - t0:.1f} s", flush=True)
             raise
         print(f"[runner] worker dtype={dtype} rc={p.returncode} {p.stdout.strip()} ({time.time() - t0:.1f} s)", flush=True)
     """),
    ("pytorch", "venv", None, "oom", None, "b13-extreme-classification-one-hot-vocab-mutant",
     "an extreme multi-label recommender's loss compared between a sparse-target and a dense one-hot formulation; the vocabulary-size mutant sets num_classes to 2**36 and F.one_hot asks the CPU allocator for 1 TiB, which PyTorch refuses (DefaultCPUAllocator: can't allocate memory)",
     """\
     import torch
     import torch.nn.functional as F

     torch.manual_seed(0)
     for vocab in (50_000, 2 ** 36):
         labels = torch.randint(0, min(vocab, 50_000), (2,))
         print(f"mutant vocab={vocab}: dense one-hot target {2} x {vocab}", flush=True)
         dense = F.one_hot(labels, num_classes=vocab).float()
         logits = torch.zeros(2, 1).expand(2, vocab)
         a = F.cross_entropy(logits, labels)
         b = -(dense * F.log_softmax(logits, -1)).sum(-1).mean()
         print(f"  sparse {a.item():.5f}  dense {b.item():.5f}")
     """),
    # ---- PyTorch 1.13 (Debian) -------------------------------------------------
    ("pytorch-1.13", "system", None, "false-positive", None, "b13-cyclegan-reflection-pad-small-input-mutant",
     "a CycleGAN ResNet generator differentially tested on PyTorch 1.13 against a NumPy reference; the input-size mutant shrinks the image to 8x8, the bottleneck is 2x2 and ReflectionPad2d(3) refuses padding not smaller than the input dimension",
     """\
     import numpy as np
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     class Generator(nn.Module):
         def __init__(self):
             super().__init__()
             self.stem = nn.Sequential(nn.ReflectionPad2d(3), nn.Conv2d(3, 16, 7), nn.ReLU())
             self.down = nn.Sequential(nn.Conv2d(16, 32, 3, 2, 1), nn.ReLU(), nn.Conv2d(32, 64, 3, 2, 1), nn.ReLU())
             self.res = nn.Sequential(nn.ReflectionPad2d(3), nn.Conv2d(64, 64, 7), nn.ReLU())
         def forward(self, x):
             h = self.down(self.stem(x))
             return h + self.res(h)

     g = Generator().eval()
     for size in (64, 32, 8):
         x = torch.rand(1, 3, size, size)
         print(f"[mutant input {size}x{size}] torch {torch.__version__}", flush=True)
         with torch.no_grad():
             y = g(x)
         print(f"    output {tuple(y.shape)} mean {y.mean().item():.4f} finite {bool(np.isfinite(y.numpy()).all())}")
     """),
    ("pytorch-1.13", "system", None, "false-positive", None, "b13-deconv-autoencoder-output-padding-mutant",
     "a convolutional autoencoder's decoder tested with an output_padding mutation operator on PyTorch 1.13: output_padding is raised from 1 to 2 with stride 2, and the transposed convolution rejects output padding not smaller than the stride; campaign summary with counts",
     """\
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     def decoder(op):
         return nn.Sequential(nn.ConvTranspose2d(32, 16, 3, stride=2, padding=1, output_padding=op), nn.ReLU(),
                              nn.ConvTranspose2d(16, 3, 3, stride=2, padding=1, output_padding=1), nn.Sigmoid())
     z = torch.randn(2, 32, 7, 7)
     results = {"passed": 0, "rejected": 0}
     for mid, op in (("M0", 0), ("M1", 1), ("M2", 2)):
         print(f"[{mid}] output_padding={op}", flush=True)
         try:
             y = decoder(op)(z)
         except RuntimeError:
             results["rejected"] += 1
             print(f"campaign: {sum(results.values())} mutants, {results['passed']} executed, {results['rejected']} rejected")
             raise
         results["passed"] += 1
         print(f"[{mid}] reconstruction {tuple(y.shape)}")
     """),
    ("pytorch-1.13", "system", None, "false-positive", None, "b13-bert-embedding-padding-idx-vocab-boundary",
     "a unittest comparing a BERT embedding layer built from a Keras config on PyTorch 1.13; the boundary mutant sets padding_idx to vocab_size (one past the last row) and nn.Embedding asserts that padding_idx is within num_embeddings",
     """\
     import unittest
     import torch
     import torch.nn as nn

     CFG = {"vocab_size": 30522, "hidden": 64, "max_position": 128}

     class BertEmbeddings(nn.Module):
         def __init__(self, pad_id):
             super().__init__()
             self.word = nn.Embedding(CFG["vocab_size"], CFG["hidden"], padding_idx=pad_id)
             self.pos = nn.Embedding(CFG["max_position"], CFG["hidden"])
             self.norm = nn.LayerNorm(CFG["hidden"])
         def forward(self, ids):
             return self.norm(self.word(ids) + self.pos(torch.arange(ids.shape[1])))

     class EmbeddingMutants(unittest.TestCase):
         ids = torch.randint(1, 30000, (2, 16))
         def test_pad_id_0(self):
             self.assertEqual(BertEmbeddings(0)(self.ids).shape, (2, 16, 64))
         def test_pad_id_last_row(self):
             self.assertEqual(BertEmbeddings(CFG["vocab_size"] - 1)(self.ids).shape, (2, 16, 64))
         def test_pad_id_vocab_size(self):
             self.assertEqual(BertEmbeddings(CFG["vocab_size"])(self.ids).shape, (2, 16, 64))

     if __name__ == "__main__":
         unittest.main(verbosity=2)
     """),
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b13-diffusion-resblock-groupnorm-half-1.13",
     "a diffusion U-Net residual block (GroupNorm, SiLU, conv, timestep embedding) compared float32 against float16 on PyTorch 1.13's CPU: the float32 pass runs, the float16 pass fails because GroupNorm has no Half kernel",
     """\
     import math
     import torch
     import torch.nn as nn

     class ResBlock(nn.Module):
         def __init__(self, c=32, tdim=64):
             super().__init__()
             self.n1, self.c1 = nn.GroupNorm(8, c), nn.Conv2d(c, c, 3, padding=1)
             self.t = nn.Linear(tdim, c)
             self.n2, self.c2 = nn.GroupNorm(8, c), nn.Conv2d(c, c, 3, padding=1)
         def forward(self, x, temb):
             h = self.c1(torch.relu(self.n1(x)))
             h = h + self.t(temb)[:, :, None, None]
             return x + self.c2(torch.relu(self.n2(h)))

     def timestep_embedding(t, dim=64):
         freqs = torch.exp(-math.log(10000) * torch.arange(dim // 2) / (dim // 2))
         a = t[:, None].float() * freqs[None]
         return torch.cat([torch.sin(a), torch.cos(a)], -1)

     torch.manual_seed(0)
     block = ResBlock().eval()
     x, temb = torch.randn(2, 32, 16, 16), timestep_embedding(torch.tensor([10, 500]))
     with torch.no_grad():
         ref = block(x, temb)
         print(f"float32: out mean {ref.mean().item():.5f}", flush=True)
         out = block.half()(x.half(), temb.half())
         print(f"float16: max |diff| {(out.float() - ref).abs().max().item():.4f}")
     """),
    ("pytorch-1.13", "system", None, "nan", None, "b13-stylegan-minibatch-std-batch-of-one",
     "a StyleGAN discriminator's minibatch-standard-deviation layer run batch-of-one against a batch on PyTorch 1.13 and against a NumPy reference (np.std, population): torch.std is unbiased, so with a single image it divides by zero and the appended feature map and the discriminator score are NaN",
     """\
     import numpy as np
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     class Disc(nn.Module):
         def __init__(self):
             super().__init__()
             self.conv = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.LeakyReLU(0.2), nn.Conv2d(16, 32, 3, 2, 1), nn.LeakyReLU(0.2))
             self.head = nn.Linear(33 * 8 * 8, 1)
         def forward(self, x):
             h = self.conv(x)
             std = h.std(dim=0).mean().expand(h.shape[0], 1, h.shape[2], h.shape[3])
             return self.head(torch.cat([h, std], 1).flatten(1)), std[0, 0, 0, 0]

     d = Disc().eval()
     imgs = torch.randn(4, 3, 32, 32)
     with torch.no_grad():
         for name, batch in (("batch of 4", imgs), ("batch of 1", imgs[:1])):
             score, s = d(batch)
             h = d.conv(batch).numpy()
             ref = float(np.std(h, axis=0).mean())
             print(f"{name}: mbstd torch={s.item():.5f} numpy={ref:.5f} score[0]={score[0, 0].item():.5f}")
     """),
    ("pytorch-1.13", "system", None, "oom", None, "b13-dense-attention-mask-long-context-mutant",
     "a long-context differential test on PyTorch 1.13 materialises the additive attention mask as a dense float tensor; the sequence-length mutant raises the context from 512 to 2**19 tokens and the [1, 2**19, 2**19] mask needs 1 TiB, which the CPU allocator refuses",
     """\
     import torch
     import torch.nn.functional as F

     torch.manual_seed(0)
     for seq in (512, 2 ** 19):
         print(f"[seq={seq}] building causal mask", flush=True)
         mask = torch.zeros(1, seq, seq)
         mask.masked_fill_(torch.ones(seq, seq, dtype=torch.bool).triu(1), float("-inf"))
         q = torch.randn(1, seq, 32)
         att = F.softmax(q @ q.transpose(1, 2) / 32 ** 0.5 + mask, -1)
         print(f"[seq={seq}] attention rows sum to {att.sum(-1).mean().item():.4f}")
     """),
    # ---- TensorFlow ------------------------------------------------------------
    ("tensorflow", "venv", None, "false-positive", None, "b13-ctr-hash-bucket-overflow-tf-vs-jax",
     "a CTR model's embedding lookup run on JAX and TensorFlow from the same NumPy tables; the fuzzer's id mutant emits id 1000 for a 1000-row table: JAX clamps the out-of-bounds gather silently, TensorFlow's CPU GatherV2 rejects the index; output as a per-backend table",
     """\
     import os
     os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"
     import numpy as np
     import jax.numpy as jnp
     import tensorflow as tf

     rs = np.random.RandomState(0)
     table = rs.randn(1000, 16).astype(np.float32)
     w = rs.randn(16, 1).astype(np.float32)
     batches = {"seed": np.array([[4, 77], [999, 5]]), "mutant#17 (id+1)": np.array([[4, 77], [1000, 5]])}
     print(f"{'input':<18}{'backend':<12}{'ctr[0]':>10}{'ctr[1]':>10}")
     for name, ids in batches.items():
         j = jnp.asarray(table)[ids].sum(1) @ w
         print(f"{name:<18}{'jax':<12}{float(j[0, 0]):>10.4f}{float(j[1, 0]):>10.4f}", flush=True)
         t = tf.reduce_sum(tf.nn.embedding_lookup(table, ids), 1) @ w
         print(f"{name:<18}{'tensorflow':<12}{float(t[0, 0]):>10.4f}{float(t[1, 0]):>10.4f}", flush=True)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b13-unet-skip-concat-odd-input-mutant",
     "an input-shape fuzzing run of a small U-Net written with tf.nn ops: the 64x64 seed passes, the 65x65 mutant leaves the upsampled decoder map one pixel smaller than the skip connection and ConcatV2 rejects the mismatched shapes; progress printed per mutant",
     """\
     import os
     os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"
     import numpy as np
     import tensorflow as tf

     rs = np.random.RandomState(0)
     k1 = tf.constant(rs.randn(3, 3, 3, 16).astype(np.float32) * 0.1)
     k2 = tf.constant(rs.randn(3, 3, 16, 32).astype(np.float32) * 0.1)
     up = tf.constant(rs.randn(2, 2, 16, 32).astype(np.float32) * 0.1)
     k3 = tf.constant(rs.randn(3, 3, 32, 2).astype(np.float32) * 0.1)

     def unet(x):
         s1 = tf.nn.relu(tf.nn.conv2d(x, k1, 1, "SAME"))
         b = tf.nn.relu(tf.nn.conv2d(tf.nn.max_pool2d(s1, 2, 2, "VALID"), k2, 1, "SAME"))
         n, h, w, _ = b.shape
         u = tf.nn.conv2d_transpose(b, up, [n, 2 * h, 2 * w, 16], 2)
         return tf.nn.conv2d(tf.concat([u, s1], -1), k3, 1, "SAME")

     sizes = [64, 96, 65]
     for i, s in enumerate(sizes):
         print(f"[{i + 1}/{len(sizes)}] input 1x{s}x{s}x3 ...", end=" ", flush=True)
         y = unet(tf.random.normal((1, s, s, 3)))
         print(f"mask {tuple(y.shape)} ok", flush=True)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b13-roi-align-batch-one-reused-box-indices",
     "a two-stage detector's RoI head tested batch-of-one against a batch: the harness reuses the proposals' box indices from the batch of 4 when it runs image 3 alone, and tf.image.crop_and_resize rejects box_index 3 outside [0, batch_size)",
     """\
     import os
     os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"
     import numpy as np
     import tensorflow as tf

     rs = np.random.RandomState(0)
     feats = tf.constant(rs.rand(4, 32, 32, 64).astype(np.float32))
     boxes = tf.constant([[0.1, 0.1, 0.5, 0.5], [0.2, 0.3, 0.9, 0.8], [0.0, 0.0, 1.0, 1.0]], tf.float32)
     box_idx = tf.constant([0, 2, 3])
     w = tf.constant(rs.randn(7 * 7 * 64, 21).astype(np.float32) * 0.01)
     def roi_head(f, b, i):
         crops = tf.image.crop_and_resize(f, b, i, [7, 7])
         return tf.reshape(crops, [-1, 7 * 7 * 64]) @ w
     batched = roi_head(feats, boxes, box_idx)
     print("batched RoI logits", batched.shape)
     single = roi_head(feats[3:4], boxes[2:3], box_idx[2:3])
     print("single-image RoI logits", single.shape, "max diff", float(tf.reduce_max(tf.abs(single - batched[2:3]))))
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b13-digit-cnn-serving-signature-squeezed-batch",
     "a digit CNN exported as a tf.function with input_signature [None, 28, 28, 1] for serving is compared with the eager model; the batch-of-one check squeezes the batch axis (a [28, 28, 1] image), which the eager model broadcasts through and the concrete serving function rejects as incompatible with its signature",
     """\
     import os
     os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"
     import numpy as np
     import tensorflow as tf

     rs = np.random.RandomState(0)
     k = tf.constant(rs.randn(5, 5, 1, 8).astype(np.float32) * 0.2)
     w = tf.constant(rs.randn(8, 10).astype(np.float32) * 0.2)
     def model(x):
         h = tf.nn.relu(tf.nn.conv2d(tf.reshape(x, [-1, 28, 28, 1]), k, 2, "SAME"))
         return tf.reduce_mean(h, [1, 2]) @ w
     serve = tf.function(model, input_signature=[tf.TensorSpec([None, 28, 28, 1], tf.float32)])
     imgs = tf.constant(rs.rand(8, 28, 28, 1).astype(np.float32))
     d = float(tf.reduce_max(tf.abs(model(imgs) - serve(imgs))))
     print(f"batch of 8: eager vs serving max diff {d:.2e}")
     one = imgs[0]
     print("eager, single image", one.shape, "->", model(one).shape, flush=True)
     print("serving, single image", one.shape, "->", serve(one).shape)
     """),
    ("tensorflow", "venv", None, "crash", "not-implemented", "b13-probit-calibration-ndtri-half",
     "a Gaussian-copula calibration layer (probit transform with tf.math.ndtri) compared in float32 and float16: Ndtri declares half but the CPU has kernels only for float and double, so the float16 run fails with NotFoundError",
     """\
     import os
     os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"
     import numpy as np
     import tensorflow as tf

     rs = np.random.RandomState(0)
     scores = rs.rand(16).astype(np.float32) * 0.98 + 0.01
     def calibrate(p, dtype):
         z = tf.math.ndtri(tf.cast(p, dtype))
         return tf.math.sigmoid(1.7 * z + tf.cast(0.1, dtype))
     ref = calibrate(scores, tf.float32).numpy()
     print("float32 calibrated[:4]", ref[:4], flush=True)
     half = calibrate(scores, tf.float16).numpy()
     print("float16 max |diff|", float(np.abs(half.astype(np.float32) - ref).max()))
     """),
    ("tensorflow", "venv", None, "crash", "not-implemented", "b13-mahalanobis-ood-cholesky-half",
     "a Mahalanobis out-of-distribution detector (class means, shared covariance, Cholesky solve) run in float64 with NumPy and in float16 with TensorFlow for a mixed-precision deployment: the Cholesky op declares half, but no CPU kernel exists for it (NotFoundError)",
     """\
     import os
     os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"
     import numpy as np
     import tensorflow as tf

     rs = np.random.RandomState(0)
     feats = rs.randn(200, 16)
     cov = np.cov(feats, rowvar=False) + 1e-3 * np.eye(16)
     mu = feats.mean(0)
     test = rs.randn(5, 16) * 2
     d = test - mu
     ref = np.einsum("bi,ij,bj->b", d, np.linalg.inv(cov), d)
     print("numpy float64 scores:", np.round(ref, 3))
     L = tf.linalg.cholesky(tf.constant(cov, tf.float16))
     z = tf.linalg.triangular_solve(L, tf.transpose(tf.constant(d, tf.float16)))
     out = tf.reduce_sum(z * z, 0).numpy()
     print("tensorflow float16 scores:", out)
     """),
    ("tensorflow", "venv", None, "inconsistency", None, "b13-seg-logits-nearest-resize-tf-vs-torch",
     "a segmentation head's logits resized with nearest-neighbour interpolation from 5x5 to 8x8 in TensorFlow (tf.image.resize, half-pixel centres) and in the original PyTorch code (F.interpolate mode='nearest', floor of the asymmetric coordinate); the differential oracle with atol=1e-6 reports a mismatch and exits 1",
     """\
     import os
     import sys
     os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"
     import numpy as np
     import tensorflow as tf
     import torch
     import torch.nn.functional as F

     logits = np.arange(25, dtype=np.float32).reshape(1, 5, 5, 1)
     out_tf = tf.image.resize(logits, (8, 8), method="nearest").numpy()[0, :, :, 0]
     out_pt = F.interpolate(torch.from_numpy(logits).permute(0, 3, 1, 2), size=(8, 8), mode="nearest")[0, 0].numpy()
     print("tensorflow row 0:", out_tf[0].tolist())
     print("torch      row 0:", out_pt[0].tolist())
     d = np.abs(out_tf - out_pt)
     print(f"mismatched pixels {int((d > 1e-6).sum())}/64, max |diff| {d.max():.1f} (atol 1e-06)")
     if d.max() > 1e-6:
         print("DIFF tensorflow vs torch: resize nearest 5x5 -> 8x8 FAILED")
         sys.exit(1)
     """),
    ("tensorflow", "venv", None, "timeout", None, "b13-greedy-decoder-eos-mutant-alarm",
     "a differential harness times each backend's greedy decoding of a GRU language model (eager TensorFlow ops) under signal.alarm(6); the EOS mutant replaces the end-of-sequence id with one the output layer can never produce, decoding never stops and the alarm handler raises TimeoutError",
     """\
     import os
     import signal
     import time
     os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"
     import numpy as np
     import tensorflow as tf

     def on_alarm(signum, frame):
         raise TimeoutError("decode exceeded the 6 s budget of the differential harness")
     signal.signal(signal.SIGALRM, on_alarm)

     rs = np.random.RandomState(0)
     emb = tf.constant(rs.randn(64, 32).astype(np.float32))
     wx, wh = (tf.constant(rs.randn(32, 96).astype(np.float32) * 0.2) for _ in range(2))
     out = tf.constant(rs.randn(32, 64).astype(np.float32))
     EOS = 64
     def gru(x, h):
         zx, rx, nx = tf.split(x @ wx, 3, -1)
         zh, rh, nh = tf.split(h @ wh, 3, -1)
         z, r = tf.sigmoid(zx + zh), tf.sigmoid(rx + rh)
         return (1 - z) * tf.tanh(nx + r * nh) + z * h
     def decode():
         tok, h, n = tf.constant([1]), tf.zeros((1, 32)), 0
         while True:
             h = gru(tf.gather(emb, tok), h)
             tok = tf.argmax(h @ out, -1, output_type=tf.int32)
             n += 1
             if n % 500 == 0:
                 print(f"  decoded {n} tokens", flush=True)
             if int(tok[0]) == EOS:
                 return n
     t0 = time.time()
     signal.alarm(6)
     print("[tensorflow] greedy decode, EOS id", EOS, flush=True)
     n = decode()
     signal.alarm(0)
     print(f"[tensorflow] {n} tokens in {time.time() - t0:.1f}s")
     """),
    ("tensorflow", "venv", None, "nan", None, "b13-padding-embedding-norm-gradient-tf-vs-torch",
     "gradients of an L2 embedding-norm regulariser compared between TensorFlow and PyTorch on the same table; the padding row is all zeros, tf.norm's gradient there is 0/0 and the TensorFlow gradient row is NaN (which then poisons the update), while torch.linalg.vector_norm's gradient at zero is 0",
     """\
     import os
     os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"
     import numpy as np
     import tensorflow as tf
     import torch

     rs = np.random.RandomState(0)
     table = rs.randn(6, 8).astype(np.float32)
     table[0] = 0.0
     ids = np.array([[0, 3, 5], [2, 0, 0]])

     tv = tf.Variable(table)
     with tf.GradientTape() as tape:
         reg = 1e-3 * tf.reduce_sum(tf.norm(tf.gather(tv, ids), axis=-1))
     g_tf = tape.gradient(reg, tv)
     g_tf = tf.convert_to_tensor(g_tf).numpy()
     pv = torch.tensor(table, requires_grad=True)
     (1e-3 * torch.linalg.vector_norm(pv[torch.from_numpy(ids)], dim=-1).sum()).backward()
     g_pt = pv.grad.numpy()
     for row in range(6):
         print(f"row {row}: tf |g|={np.linalg.norm(g_tf[row]):.6f}  torch |g|={np.linalg.norm(g_pt[row]):.6f}")
     tv.assign_sub(0.1 * g_tf)
     print("table row 0 after one SGD step (tensorflow):", tv.numpy()[0, :4])
     """),
    # ---- Keras 3 -----------------------------------------------------------------
    ("keras", "venv", "tensorflow", "false-positive", None, "b13-deeplab-aspp-strided-atrous-port",
     "a DeepLab ASPP stem ported from PyTorch (nn.Conv2d with stride=2 and dilation=2, which PyTorch runs) to Keras for a cross-framework comparison; Keras's Conv2D refuses strides > 1 together with dilation_rate > 1",
     """\
     import numpy as np
     import torch
     import torch.nn as nn
     import keras

     x = np.random.RandomState(0).rand(1, 3, 64, 64).astype(np.float32)
     stem = nn.Conv2d(3, 32, 3, stride=2, dilation=2, padding=2)
     y_pt = stem(torch.from_numpy(x)).detach().numpy()
     print(f"[torch ] aspp stem: stride=2 dilation=2 -> {y_pt.shape}", flush=True)
     layer = keras.layers.Conv2D(32, 3, strides=2, dilation_rate=2, padding="same")
     y_k = layer(x.transpose(0, 2, 3, 1))
     print(f"[keras ] aspp stem -> {tuple(y_k.shape)}")
     """),
    ("keras", "venv", "tensorflow", "inconsistency", None, "b13-fastspeech-duration-cumsum-float16-backends",
     "a FastSpeech length regulator (cumulative phoneme durations to frame positions with keras.ops.cumsum) run under the float16 dtype policy and compared with NumPy and with PyTorch and JAX on the same durations: TensorFlow's float16 cumsum accumulates in half precision and drifts hundreds of frames from the others; the tolerance of 1 frame is exceeded and the test exits 1",
     """\
     import sys
     import numpy as np
     import keras
     from keras import ops
     import jax.numpy as jnp
     import torch

     keras.config.set_dtype_policy("float16")
     rs = np.random.RandomState(0)
     durations = rs.randint(3, 8, size=(1, 2000)).astype(np.float16)
     class LengthRegulator(keras.layers.Layer):
         def call(self, d):
             ends = ops.cumsum(ops.cast(d, self.compute_dtype), axis=-1)
             return ends[:, -1], ends
     total, ends = LengthRegulator()(durations)
     rows = {
         "numpy (float64)": float(durations.astype(np.float64).sum()),
         "keras/" + keras.backend.backend() + " (float16)": float(ops.convert_to_numpy(total)[0]),
         "torch (float16)": float(torch.from_numpy(durations).cumsum(-1)[0, -1]),
         "jax (float16)": float(jnp.cumsum(jnp.asarray(durations), -1)[0, -1]),
     }
     print(f"{'implementation':<28}{'total frames':>14}")
     for k, v in rows.items():
         print(f"{k:<28}{v:>14.1f}")
     ref = rows["numpy (float64)"]
     bad = {k: v for k, v in rows.items() if abs(v - ref) > 1.0}
     if bad:
         print(f"FAIL: {len(bad)} implementation(s) beyond 1 frame of the reference: {sorted(bad)}")
         sys.exit(1)
     """),
    ("keras", "venv", "jax", "false-positive", None, "b13-keras-conv2d-causal-padding-from-conv1d",
     "a cross-backend mutation campaign on a Keras video-frame model (JAX backend): the padding mutation operator applies padding='causal', valid for Conv1D, to a Conv2D layer, and Keras rejects it when the layer is built",
     """\
     import json
     import numpy as np
     import keras

     x = np.random.RandomState(0).rand(2, 16, 16, 3).astype(np.float32)
     def build(pad):
         return keras.Sequential([keras.Input((16, 16, 3)), keras.layers.Conv2D(8, 3, padding=pad, activation="relu"),
                                  keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(4)])
     for i, pad in enumerate(("same", "valid", "causal")):
         rec = {"mutant": i, "op": "padding", "value": pad, "backend": keras.backend.backend()}
         print(json.dumps(rec | {"event": "build"}), flush=True)
         y = build(pad)(x)
         print(json.dumps(rec | {"event": "ok", "out": list(y.shape)}), flush=True)
     """),
    ("keras", "venv", "jax", "false-positive", None, "b13-torch-to-keras-weight-transfer-untransposed",
     "a before-and-after conversion check copies a PyTorch MLP's state_dict into the equivalent Keras model (JAX backend); the converter forgets to transpose nn.Linear's [out, in] weight into Keras's [in, out] kernel and Dense.set_weights rejects the incompatible shape",
     """\
     import numpy as np
     import torch
     import torch.nn as nn
     import keras

     torch.manual_seed(0)
     pt = nn.Sequential(nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 10))
     km = keras.Sequential([keras.Input((64,)), keras.layers.Dense(32, activation="relu"), keras.layers.Dense(10)])
     print("converting", [tuple(p.shape) for p in pt.parameters()], "->", [tuple(w.shape) for w in km.get_weights()], flush=True)
     for lin, dense in zip([pt[0], pt[2]], [l for l in km.layers if isinstance(l, keras.layers.Dense)]):
         dense.set_weights([lin.weight.detach().numpy(), lin.bias.detach().numpy()])
         print(f"  copied {dense.name}")
     x = np.random.rand(4, 64).astype(np.float32)
     print("max |keras - torch| =", np.abs(np.asarray(km(x)) - pt(torch.from_numpy(x)).detach().numpy()).max())
     """),
    ("keras", "venv", "jax", "crash", "not-implemented", "b13-keras-zca-whitening-inv-float16-jax",
     "a Keras ZCA-style whitening layer (covariance, keras.ops.linalg.inv of the regularised covariance) run under float32 and then the float16 dtype policy on the JAX backend: the float32 model runs, the float16 inverse has no LAPACK kernel on the CPU and JAX raises NotImplementedError",
     """\
     import numpy as np
     import keras
     from keras import ops

     class Whiten(keras.layers.Layer):
         def call(self, x):
             xc = x - ops.mean(x, 0, keepdims=True)
             cov = ops.matmul(ops.transpose(xc), xc) / ops.cast(ops.shape(x)[0], x.dtype) + 0.1 * ops.eye(ops.shape(x)[1], dtype=x.dtype)
             return ops.matmul(xc, ops.linalg.inv(cov))

     x = np.random.RandomState(0).randn(128, 12).astype(np.float32)
     for policy in ("float32", "float16"):
         keras.config.set_dtype_policy(policy)
         model = keras.Sequential([keras.Input((12,)), Whiten(), keras.layers.Dense(4)])
         y = model(x)
         print(f"[{keras.backend.backend()}/{policy}] whitened output {tuple(y.shape)} mean {float(ops.mean(y)):.5f}", flush=True)
     """),
    ("keras", "venv", "torch", "false-positive", None, "b13-resnext-grouped-conv-channel-mutant",
     "a ResNeXt block differentially tested on the Keras torch backend; the channel mutant widens the block input from 63 to 64 channels while keeping cardinality 3, and Keras rejects a grouped Conv2D whose input channels are not divisible by groups",
     """\
     import numpy as np
     import keras

     def block(cin):
         inp = keras.Input((14, 14, cin))
         h = keras.layers.Conv2D(96, 1, activation="relu")(inp)
         h = keras.layers.Conv2D(96, 3, padding="same", groups=3, activation="relu")(h)
         h = keras.layers.Conv2D(96, 3, padding="same", groups=3)(keras.layers.Concatenate()([h, inp]))
         return keras.Model(inp, h)
     for cin in (63, 64):
         print(f"[{keras.backend.backend()}] ResNeXt block, input channels {cin}, cardinality 3", flush=True)
         y = block(cin)(np.zeros((1, 14, 14, cin), np.float32))
         print("  output", tuple(y.shape))
     """),
    ("keras", "venv", "torch", "nan", None, "b13-siamese-cosine-head-float16-policy",
     "a Siamese retrieval head (cosine similarity written with keras.ops) compared under the float32 and the mixed float16 policy on the torch backend; large but ordinary activations (about 300) overflow the float16 dot product and norm product to inf and the similarity is inf/inf = NaN, while float32 gives 1.0",
     """\
     import numpy as np
     import keras
     from keras import ops

     class Cosine(keras.layers.Layer):
         def call(self, a, b):
             return ops.sum(a * b, -1) / (ops.norm(a, axis=-1) * ops.norm(b, axis=-1))

     rs = np.random.RandomState(0)
     q = (300 + rs.rand(4, 64)).astype(np.float32)
     for policy in ("float32", "mixed_float16"):
         keras.config.set_dtype_policy(policy)
         enc = keras.layers.Dense(64, kernel_initializer="identity", use_bias=False)
         a = enc(q)
         s = ops.convert_to_numpy(Cosine()(a, a))
         print(f"[{keras.backend.backend()}/{policy}] compute dtype {a.dtype}  cos(q, q) = {s.tolist()}")
     """),
    ("keras", "venv", "torch", "oom", None, "b13-keras-hashed-vocab-embedding-size-mutant",
     "a cross-backend recommender test builds a Keras Embedding whose input_dim comes from a hashing config; the mutant sets the hash bucket count to 2**34 and the torch backend cannot allocate the 4 TiB table (DefaultCPUAllocator: can't allocate memory)",
     """\
     import numpy as np
     import keras

     ids = np.random.RandomState(0).randint(0, 1000, size=(8, 5))
     for buckets in (100_003, 2 ** 34):
         print(f"[{keras.backend.backend()}] Embedding(input_dim={buckets}, output_dim=64)", flush=True)
         emb = keras.layers.Embedding(buckets, 64)
         out = emb(ids % buckets)
         print("  pooled", tuple(keras.ops.mean(out, 1).shape))
     """),
    # ---- JAX ---------------------------------------------------------------------
    ("jax", "venv", None, "false-positive", None, "b13-per-example-grad-vmap-label-batch-one",
     "per-example gradients of a small MLP classifier computed with jax.vmap(jax.grad) and compared with a PyTorch loop; the batch-of-one mutant passes a single label row for a batch of 8 inputs, and vmap rejects the inconsistent sizes of the mapped axes",
     """\
     import numpy as np
     import jax
     import jax.numpy as jnp

     rs = np.random.RandomState(0)
     params = {"w1": jnp.asarray(rs.randn(20, 32) * 0.1), "w2": jnp.asarray(rs.randn(32, 5) * 0.1)}
     def loss(p, x, y):
         logits = jax.nn.relu(x @ p["w1"]) @ p["w2"]
         return -jax.nn.log_softmax(logits)[y]
     per_example = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))
     x = jnp.asarray(rs.randn(8, 20).astype(np.float32))
     y = jnp.asarray(rs.randint(0, 5, 8))
     g = per_example(params, x, y)
     print("per-example grads:", {k: v.shape for k, v in g.items()})
     y1 = y[:1]
     print("mutant: labels", y1.shape, "inputs", x.shape, flush=True)
     g = per_example(params, x, y1)
     """),
    ("jax", "venv", None, "false-positive", None, "b13-retrieval-topk-k-traced-under-jit",
     "a retrieval scorer compared eager against jax.jit: the jitted variant passes the number of results k as an ordinary (traced) argument instead of a static one, and JAX refuses to use the traced value where top_k needs a concrete k; eager and NumPy runs pass",
     """\
     import numpy as np
     import jax
     import jax.numpy as jnp

     rs = np.random.RandomState(0)
     items = jnp.asarray(rs.randn(500, 32).astype(np.float32))
     query = jnp.asarray(rs.randn(4, 32).astype(np.float32))
     def retrieve(q, k):
         scores, idx = jax.lax.top_k(q @ items.T, k)
         return idx
     ref = np.argsort(-(np.asarray(query) @ np.asarray(items).T), axis=1)[:, :10]
     eager = retrieve(query, 10)
     print("eager  == numpy:", bool((np.asarray(eager) == ref).all()), flush=True)
     jitted = jax.jit(retrieve)(query, 10)
     print("jitted == numpy:", bool((np.asarray(jitted) == ref).all()))
     """),
    ("jax", "venv", None, "false-positive", None, "b13-attention-key-projection-width-mutant",
     "a LEMON-style layer-wise comparison of a JAX multi-head attention against a NumPy port; the mutant narrows the key projection from 16 to 12 features per head, and jnp.einsum rejects the score contraction whose 'd' sizes no longer match",
     """\
     import numpy as np
     import jax.numpy as jnp

     rs = np.random.RandomState(0)
     x = rs.randn(2, 6, 64).astype(np.float32)
     def layers(dk):
         wq = rs.randn(64, 4 * 16).astype(np.float32) * 0.1
         wk = rs.randn(64, 4 * dk).astype(np.float32) * 0.1
         q = jnp.asarray(x @ wq).reshape(2, 6, 4, 16)
         k = jnp.asarray(x @ wk).reshape(2, 6, 4, dk)
         s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / 4.0
         ref = np.einsum("bqhd,bkhd->bhqk", np.asarray(q), np.asarray(k)) / 4.0
         return {"proj_q": 0.0, "scores": float(np.abs(np.asarray(s) - ref).max())}
     for name, dk in (("seed", 16), ("M3:key-dim", 12)):
         print(f"== {name}", flush=True)
         for layer, dist in layers(dk).items():
             print(f"   {layer:<8} D_max={dist:.2e}")
     """),
    ("jax", "venv", None, "false-positive", None, "b13-shufflenet-group-conv-cardinality-mutant",
     "a grouped-convolution stage of ShuffleNet written with jax.lax.conv_general_dilated and compared with a PyTorch conv on the same weights; the cardinality mutant sets feature_group_count=3 on 64 input channels and JAX rejects it before PyTorch is run",
     """\
     import numpy as np
     import jax
     import jax.numpy as jnp
     import torch
     import torch.nn.functional as F

     rs = np.random.RandomState(0)
     x = rs.randn(1, 64, 16, 16).astype(np.float32)
     print(f"{'groups':>7}{'backend':>9}{'status':>10}{'max|jax - torch|':>20}")
     for groups in (4, 8, 3):
         w = rs.randn(64, 64 // groups, 3, 3).astype(np.float32) * 0.1
         y = jax.lax.conv_general_dilated(jnp.asarray(x), jnp.asarray(w), (1, 1), "SAME", feature_group_count=groups)
         print(f"{groups:>7}{'jax':>9}{'ok':>10}", flush=True)
         ref = F.conv2d(torch.from_numpy(x), torch.from_numpy(w), padding=1, groups=groups).numpy()
         print(f"{groups:>7}{'torch':>9}{'ok':>10}{float(np.abs(np.asarray(y) - ref).max()):>20.2e}", flush=True)
     """),
    ("jax", "venv", None, "crash", "not-implemented", "b13-gan-spectral-norm-svd-bfloat16",
     "a GAN discriminator with exact spectral normalisation (largest singular value from jnp.linalg.svd) run under a bfloat16 parameter policy and compared with float32: the float32 step runs, the bfloat16 SVD has no CPU kernel and JAX raises NotImplementedError",
     """\
     import numpy as np
     import jax
     import jax.numpy as jnp

     rs = np.random.RandomState(0)
     w1, w2 = rs.randn(64, 128) * 0.2, rs.randn(128, 1) * 0.2
     def disc(params, x):
         h = x
         for w in params:
             sigma = jnp.linalg.svd(w, compute_uv=False)[0]
             h = jax.nn.leaky_relu(h @ (w / sigma), 0.2)
         return h
     x = rs.randn(16, 64)
     for dtype in (jnp.float32, jnp.bfloat16):
         params = [jnp.asarray(w1, dtype), jnp.asarray(w2, dtype)]
         out = jax.jit(disc)(params, jnp.asarray(x, dtype))
         print(f"{jnp.dtype(dtype).name}: D(x) mean {float(out.mean()):.5f}", flush=True)
     """),
    ("jax", "venv", None, "nan", None, "b13-contrastive-pairwise-distance-grad-jax-vs-torch",
     "a metric-learning loss on pairwise Euclidean distances (sqrt of summed squares) differentiated with jax.grad and with PyTorch (torch.cdist); the distances on the diagonal (and of a duplicated pair of embeddings) are zero, which makes JAX's sqrt gradient 0 * inf = NaN in every row, while torch.cdist's backward gives 0 at zero distance",
     """\
     import numpy as np
     import jax
     import jax.numpy as jnp
     import torch

     rs = np.random.RandomState(0)
     emb = rs.randn(6, 8).astype(np.float32)
     emb[3] = emb[1]
     labels = np.array([0, 1, 2, 1, 0, 2])
     same = (labels[:, None] == labels[None]).astype(np.float32)

     def loss_jax(e):
         d = jnp.sqrt(jnp.sum((e[:, None] - e[None]) ** 2, -1))
         return jnp.mean(same * d ** 2 + (1 - same) * jnp.maximum(1.0 - d, 0) ** 2)
     g_jax = np.asarray(jax.grad(loss_jax)(jnp.asarray(emb)))
     t = torch.tensor(emb, requires_grad=True)
     d = torch.cdist(t, t)
     s = torch.from_numpy(same)
     (s * d ** 2 + (1 - s) * torch.clamp(1.0 - d, min=0) ** 2).mean().backward()
     g_pt = t.grad.numpy()
     print(f"loss jax={float(loss_jax(jnp.asarray(emb))):.5f}")
     for i in range(6):
         print(f"row {i}: jax grad nan={int(np.isnan(g_jax[i]).sum())}/8  torch |grad|={np.linalg.norm(g_pt[i]):.5f}")
     """),
    ("jax", "venv", None, "inconsistency", None, "b13-feature-hashing-int64-ids-jax-vs-numpy",
     "a recommender's feature-hashing step (64-bit item ids modulo the bucket count, then an embedding gather) run in NumPy and in JAX with the default 32-bit mode: jnp.asarray silently converts the int64 ids to int32, wrapping those above 2**31, the bucket ids and the pooled embeddings differ from NumPy beyond atol=1e-6 and the check exits 1",
     """\
     import sys
     import numpy as np
     import jax.numpy as jnp

     rs = np.random.RandomState(0)
     table = rs.randn(1000, 8).astype(np.float32)
     ids = np.array([3_000_000_017, 42, 8_589_934_597, 7_000_000_123], dtype=np.int64)
     b_np = ids % 1000
     b_jax = np.asarray(jnp.asarray(ids) % 1000)
     print("numpy buckets:", b_np.tolist())
     print("jax   buckets:", b_jax.tolist())
     pooled_np = table[b_np].mean(0)
     pooled_jax = np.asarray(jnp.asarray(table)[b_jax].mean(0))
     d = float(np.abs(pooled_np - pooled_jax).max())
     print(f"pooled embedding max |diff| = {d:.4f} (atol 1e-06)")
     if d > 1e-6:
         print("inconsistent: jax vs numpy", file=sys.stderr)
         sys.exit(1)
     """),
    ("jax", "venv", None, "timeout", None, "b13-deq-fixed-point-tolerance-sign-mutant",
     "a deep-equilibrium layer's fixed-point solver (jax.lax.while_loop under jit) is run by a differential runner in a worker subprocess with a 10 s limit; the tolerance mutant flips the sign of tol, the residual can never fall below it, the compiled loop never exits and the runner kills the worker",
     """\
     import subprocess
     import sys
     import time

     WORKER = '''
     import sys
     import jax, jax.numpy as jnp
     import numpy as np
     tol = float(sys.argv[1])
     rs = np.random.RandomState(0)
     W = jnp.asarray(rs.randn(32, 32) * 0.05, jnp.float32)
     x = jnp.asarray(rs.randn(32), jnp.float32)
     def f(z):
         return jnp.tanh(W @ z + x)
     @jax.jit
     def solve(z0):
         def cond(s):
             z, res, it = s
             return res > tol
         def body(s):
             z, res, it = s
             zn = f(z)
             return zn, jnp.linalg.norm(zn - z), it + 1
         return jax.lax.while_loop(cond, body, (z0, jnp.inf, 0))
     z, res, it = solve(jnp.zeros(32))
     print("converged in", int(it), "iterations, residual", float(res))
     '''
     for tol in ("1e-5", "-1e-5"):
         t0 = time.time()
         print(f"[runner] worker tol={tol} (limit 10 s)", flush=True)
         try:
             p = subprocess.run([sys.executable, "-c", WORKER, tol], capture_output=True, text=True, timeout=10)
         except subprocess.TimeoutExpired:
             print(f"[runner] worker tol={tol}: no result after {time.time() - t0:.1f} s, killed", flush=True)
             raise
         print(f"[runner] worker tol={tol}: {p.stdout.strip()} ({time.time() - t0:.1f} s)", flush=True)
     """),
    # ---- ONNX Runtime ------------------------------------------------------------
    ("onnxruntime", "venv", None, "false-positive", None, "b13-converted-mlp-double-bias-initializer",
     "a hand-written converter turns a NumPy MLP into an ONNX graph for an ONNX Runtime vs NumPy comparison; it stores the second bias as a float64 initializer (NumPy's default dtype) while the MatMul output is float, and ONNX Runtime's type inference rejects the Add with mixed element types when the session is created",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     rs = np.random.RandomState(0)
     w1, b1 = rs.randn(16, 32).astype(np.float32), np.zeros(32, np.float32)
     w2, b2 = rs.randn(32, 4).astype(np.float32), rs.randn(4)
     x = rs.randn(3, 16).astype(np.float32)
     ref = np.maximum(x @ w1 + b1, 0) @ w2 + b2
     print("numpy reference", ref.shape, ref.dtype)
     nodes = [h.make_node("MatMul", ["x", "w1"], ["a"]), h.make_node("Add", ["a", "b1"], ["b"]), h.make_node("Relu", ["b"], ["c"]),
              h.make_node("MatMul", ["c", "w2"], ["d"]), h.make_node("Add", ["d", "b2"], ["y"])]
     inits = [nh.from_array(v, k) for k, v in (("w1", w1), ("b1", b1), ("w2", w2), ("b2", b2))]
     g = h.make_graph(nodes, "mlp", [h.make_tensor_value_info("x", T.FLOAT, [None, 16])], [h.make_tensor_value_info("y", T.FLOAT, None)], inits)
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 17)])
     m.ir_version = 8
     print("initializers:", [(i.name, T.DataType.Name(i.data_type)) for i in m.graph.initializer], flush=True)
     sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
     print("max |ort - numpy|", np.abs(sess.run(None, {"x": x})[0] - ref).max())
     """),
    ("onnxruntime", "venv", None, "false-positive", None, "b13-exported-classifier-squeezed-single-image",
     "an image classifier graph (Conv, Relu, GlobalAveragePool, Flatten, Gemm) run on ONNX Runtime against a PyTorch eager reference, batch of 4 then batch of one; the batch-of-one path squeezes the batch axis as the PyTorch code's unbatched mode allows, and ONNX Runtime rejects the rank-3 input against the graph's rank-4 declaration",
     """\
     import numpy as np
     import onnxruntime as ort
     import torch
     import torch.nn as nn
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     torch.manual_seed(0)
     conv, fc = nn.Conv2d(3, 8, 3, padding=1), nn.Linear(8, 5)
     def torch_model(x):
         return fc(torch.relu(conv(x)).mean((-2, -1)))
     inits = [nh.from_array(conv.weight.detach().numpy(), "cw"), nh.from_array(conv.bias.detach().numpy(), "cb"),
              nh.from_array(fc.weight.detach().numpy(), "fw"), nh.from_array(fc.bias.detach().numpy(), "fb")]
     nodes = [h.make_node("Conv", ["x", "cw", "cb"], ["c"], pads=[1, 1, 1, 1]), h.make_node("Relu", ["c"], ["r"]),
              h.make_node("GlobalAveragePool", ["r"], ["p"]), h.make_node("Flatten", ["p"], ["f"]),
              h.make_node("Gemm", ["f", "fw", "fb"], ["y"], transB=1)]
     g = h.make_graph(nodes, "cls", [h.make_tensor_value_info("x", T.FLOAT, ["N", 3, 32, 32])], [h.make_tensor_value_info("y", T.FLOAT, None)], inits)
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 17)])
     m.ir_version = 8
     sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
     imgs = np.random.RandomState(0).rand(4, 3, 32, 32).astype(np.float32)
     with torch.no_grad():
         d = np.abs(sess.run(None, {"x": imgs})[0] - torch_model(torch.from_numpy(imgs)).numpy()).max()
         print(f"batch 4: max |ort - torch| = {d:.2e}")
         one = imgs[0]
         print("torch unbatched:", tuple(torch_model(torch.from_numpy(one)).shape), flush=True)
         print("ort unbatched:", sess.run(None, {"x": one})[0].shape)
     """),
    ("onnxruntime", "venv", None, "false-positive", None, "b13-two-tower-item-id-past-vocab",
     "a two-tower recommender's item tower (Gather, ReduceMean, MatMul) compared on ONNX Runtime and NumPy over fuzzed id batches; the boundary mutant uses item id 5000 for a 5000-row table and ONNX Runtime's Gather rejects the index out of bounds; JSON lines per execution",
     """\
     import json
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     rs = np.random.RandomState(0)
     table, proj = rs.randn(5000, 16).astype(np.float32), rs.randn(16, 8).astype(np.float32)
     nodes = [h.make_node("Gather", ["table", "ids"], ["e"]), h.make_node("ReduceMean", ["e"], ["m"], axes=[1], keepdims=0),
              h.make_node("MatMul", ["m", "proj"], ["y"])]
     g = h.make_graph(nodes, "item_tower", [h.make_tensor_value_info("ids", T.INT64, ["B", 3])], [h.make_tensor_value_info("y", T.FLOAT, None)],
                      [nh.from_array(table, "table"), nh.from_array(proj, "proj")])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 13)])
     m.ir_version = 8
     sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
     for run, ids in enumerate([rs.randint(0, 5000, (4, 3)), np.array([[0, 4999, 12]]), np.array([[1, 5000, 7]])]):
         rec = {"run": run, "ids_max": int(ids.max()), "backend": "onnxruntime"}
         try:
             out = sess.run(None, {"ids": ids.astype(np.int64)})[0]
         except Exception as e:
             print(json.dumps(rec | {"status": "error", "type": type(e).__name__}), flush=True)
             raise
         ref = table[np.clip(ids, 0, 4999)].mean(1) @ proj
         print(json.dumps(rec | {"status": "ok", "max_abs_diff": float(np.abs(out - ref).max())}), flush=True)
     """),
    ("onnxruntime", "venv", None, "false-positive", None, "b13-seq2seq-context-concat-length-mutant",
     "a seq2seq decoder step graph concatenates the decoder state with the attention context along the feature axis; the fuzzer feeds a context for 2 sequences with a decoder state for 3 (batch mutant) and ONNX Runtime's Concat rejects the mismatched non-concat dimension, after NumPy reported the same inputs as unconcatenatable",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     rs = np.random.RandomState(0)
     w = rs.randn(96, 32).astype(np.float32) * 0.1
     nodes = [h.make_node("Concat", ["state", "context"], ["cat"], axis=1), h.make_node("MatMul", ["cat", "w"], ["pre"]),
              h.make_node("Tanh", ["pre"], ["next_state"])]
     g = h.make_graph(nodes, "decoder_step",
                      [h.make_tensor_value_info("state", T.FLOAT, ["B", 32]), h.make_tensor_value_info("context", T.FLOAT, ["B2", 64])],
                      [h.make_tensor_value_info("next_state", T.FLOAT, None)], [nh.from_array(w, "w")])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 17)])
     m.ir_version = 8
     sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
     for b_state, b_ctx in ((3, 3), (3, 2)):
         s, c = rs.randn(b_state, 32).astype(np.float32), rs.randn(b_ctx, 64).astype(np.float32)
         try:
             ref = np.tanh(np.concatenate([s, c], 1) @ w)
             print(f"numpy: state {s.shape} context {c.shape} -> {ref.shape}")
         except ValueError as e:
             print(f"numpy: state {s.shape} context {c.shape} -> ValueError: {e}")
         out = sess.run(None, {"state": s, "context": c})[0]
         print(f"onnxruntime: -> {out.shape}", flush=True)
     """),
    ("onnxruntime", "venv", None, "crash", "not-implemented", "b13-panoptic-instance-map-depth-to-space-int32",
     "a panoptic segmentation head upsamples its int32 instance-id map with DepthToSpace (pixel shuffle), which the ONNX schema allows for every tensor type; PyTorch's pixel_shuffle runs on the int32 map, ONNX Runtime's CPU provider has no int32 DepthToSpace kernel (NOT_IMPLEMENTED)",
     """\
     import numpy as np
     import onnxruntime as ort
     import torch
     import torch.nn.functional as F
     from onnx import TensorProto as T, helper as h

     rs = np.random.RandomState(0)
     ids = rs.randint(0, 40, size=(1, 16, 8, 8)).astype(np.int32)
     ref = F.pixel_shuffle(torch.from_numpy(ids), 4).numpy()
     print("torch pixel_shuffle int32:", ref.shape, ref.dtype, "instances", len(np.unique(ref)), flush=True)
     g = h.make_graph([h.make_node("DepthToSpace", ["ids"], ["up"], blocksize=4, mode="CRD")], "instance_upsample",
                      [h.make_tensor_value_info("ids", T.INT32, [1, 16, 8, 8])], [h.make_tensor_value_info("up", T.INT32, None)])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 13)])
     m.ir_version = 8
     sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
     out = sess.run(None, {"ids": ids})[0]
     print("onnxruntime == torch:", bool((out == ref).all()))
     """),
    ("onnxruntime", "venv", None, "crash", "not-implemented", "b13-int8-attention-scores-einsum",
     "an int8 attention-score graph (Einsum 'bhqd,bhkd->bhqk' on int8 query and key codes, which the Einsum schema allows for all numeric types) checked against a NumPy int32-accumulating reference: ONNX Runtime's CPU provider has no int8 Einsum kernel (NOT_IMPLEMENTED)",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h

     rs = np.random.RandomState(0)
     q = rs.randint(-8, 8, (1, 2, 4, 16)).astype(np.int8)
     k = rs.randint(-8, 8, (1, 2, 4, 16)).astype(np.int8)
     ref = np.einsum("bhqd,bhkd->bhqk", q.astype(np.int32), k.astype(np.int32))
     print("numpy int32-accumulated scores, range", ref.min(), ref.max(), flush=True)
     g = h.make_graph([h.make_node("Einsum", ["q", "k"], ["s"], equation="bhqd,bhkd->bhqk")], "int8_scores",
                      [h.make_tensor_value_info("q", T.INT8, [1, 2, 4, 16]), h.make_tensor_value_info("k", T.INT8, [1, 2, 4, 16])],
                      [h.make_tensor_value_info("s", T.INT8, None)])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 17)])
     m.ir_version = 8
     sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
     out = sess.run(None, {"q": q, "k": k})[0]
     print("onnxruntime scores", out.dtype, "match:", bool((out.astype(np.int32) == ref).all()))
     """),
    ("onnxruntime", "venv", None, "inconsistency", None, "b13-antialias-resize-preprocess-ort-vs-torch",
     "an image pre-processing graph (Resize linear, antialias=1, half_pixel, opset 18) compared before and after conversion with the PyTorch transform it replaces (F.interpolate bilinear, antialias=True): both downscale 224 to 96 with antialiasing but ONNX Runtime's filter differs from PyTorch's, the outputs disagree beyond atol=1e-3 and the check exits 1",
     """\
     import sys
     import numpy as np
     import onnxruntime as ort
     import torch
     import torch.nn.functional as F
     from onnx import TensorProto as T, helper as h, numpy_helper as nh

     img = np.random.RandomState(0).rand(1, 3, 224, 224).astype(np.float32)
     ref = F.interpolate(torch.from_numpy(img), size=(96, 96), mode="bilinear", antialias=True, align_corners=False).numpy()
     node = h.make_node("Resize", ["x", "", "", "sizes"], ["y"], mode="linear", antialias=1, coordinate_transformation_mode="half_pixel")
     g = h.make_graph([node], "preprocess", [h.make_tensor_value_info("x", T.FLOAT, [1, 3, 224, 224])], [h.make_tensor_value_info("y", T.FLOAT, None)],
                      [nh.from_array(np.array([1, 3, 96, 96], np.int64), "sizes")])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 18)])
     m.ir_version = 8
     out = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, {"x": img})[0]
     d = np.abs(out - ref)
     print(f"{'stage':<22}{'max|diff|':>12}{'mean|diff|':>12}")
     print(f"{'resize(aa) 224->96':<22}{d.max():>12.5f}{d.mean():>12.5f}")
     print("pixel (0, 0, 40, 40): torch", ref[0, 0, 40, 40], "onnxruntime", out[0, 0, 40, 40])
     if d.max() > 1e-3:
         print("conversion check FAILED (atol 1e-3)")
         sys.exit(1)
     """),
    ("onnxruntime", "venv", None, "oom", None, "b13-attention-bias-expand-seq-mutant",
     "an exported attention block builds its additive bias at run time with ConstantOfShape from [batch, heads, seq, seq]; the sequence-length fuzzer feeds seq=2**20 and ONNX Runtime's arena fails to allocate the 64 TiB buffer",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as T, helper as h


     nodes = [h.make_node("ConstantOfShape", ["shape"], ["bias"]), h.make_node("ReduceSum", ["bias"], ["total"], keepdims=0)]
     g = h.make_graph(nodes, "attn_bias", [h.make_tensor_value_info("shape", T.INT64, [4])], [h.make_tensor_value_info("total", T.FLOAT, None)])
     m = h.make_model(g, opset_imports=[h.make_opsetid("", 17)])
     m.ir_version = 8
     sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
     for seq in (128, 1024, 2 ** 20):
         print(f"seq={seq}: bias [1, 16, {seq}, {seq}]", flush=True)
         print("  sum", sess.run(None, {"shape": np.array([1, 16, seq, seq], np.int64)})[0])
     """),
    # ---- MindSpore -----------------------------------------------------------------
    ("mindspore", "mindspore", None, "false-positive", None, "b13-ms-port-conv-padding-with-default-pad-mode",
     "a VGG block ported mechanically from PyTorch to MindSpore for a cross-framework comparison copies padding=1 into nn.Conv2d but keeps MindSpore's default pad_mode='same'; MindSpore rejects an explicit pad unless pad_mode is 'pad'",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn

     mindspore.set_device("CPU")
     TORCH_CFG = [(3, 16, 3, 1), (16, 16, 3, 1), "M", (16, 32, 3, 1)]
     print("porting", TORCH_CFG, "from torch to mindspore", flush=True)
     layers = []
     for c in TORCH_CFG:
         if c == "M":
             layers.append(nn.MaxPool2d(2, 2))
             continue
         cin, cout, k, p = c
         layers += [nn.Conv2d(cin, cout, k, padding=p, has_bias=True), nn.ReLU()]
         print(f"  Conv2d({cin}, {cout}, {k}, padding={p}) ok", flush=True)
     net = nn.SequentialCell(layers)
     print(net(Tensor(np.random.rand(1, 3, 32, 32).astype(np.float32))).shape)
     """),
    ("mindspore", "mindspore", None, "false-positive", None, "b13-ms-lstm-cached-state-batch-one",
     "a MindSpore LSTM language model tested batch-of-one against a batch: the harness reuses the (h, c) state from a single-sequence warm-up for a batch of 4, and the LSTM primitive rejects the hidden state whose batch dimension is 1",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn

     mindspore.set_device("CPU")
     class LM(nn.Cell):
         def __init__(self):
             super().__init__()
             self.emb = nn.Embedding(200, 16)
             self.lstm = nn.LSTM(16, 32, batch_first=True)
             self.out = nn.Dense(32, 200)
         def construct(self, tok, hc):
             y, hc = self.lstm(self.emb(tok), hc)
             return self.out(y), hc

     lm = LM()
     rs = np.random.RandomState(0)
     tokens = Tensor(rs.randint(0, 200, (4, 12)).astype(np.int32))
     zero = (Tensor(np.zeros((1, 1, 32), np.float32)), Tensor(np.zeros((1, 1, 32), np.float32)))
     _, hc = lm(tokens[:1, :6], zero)
     print("warm-up state", hc[0].shape, flush=True)
     singles = [lm(tokens[i:i + 1, 6:], hc)[0] for i in range(4)]
     print("batch-of-one logits", singles[0].shape, flush=True)
     batched, _ = lm(tokens[:, 6:], hc)
     print("batched logits", batched.shape)
     """),
    ("mindspore", "mindspore", None, "crash", "not-implemented", "b13-ms-ranking-feature-groupnorm-bfloat16",
     "a ranking model's dense-feature normaliser (ops.group_norm over 4 feature groups, then a ReLU gate in NumPy) compared in float32, float16 and bfloat16 on MindSpore's CPU: float32 and float16 run, the bfloat16 GroupNorm kernel fails to initialise (KernelMod Init Failed: GroupNorm) after an ERROR log line",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, ops

     mindspore.set_device("CPU")
     rs = np.random.RandomState(0)
     feats = rs.randn(64, 32, 1, 1).astype(np.float32) * 3 + 1
     gamma, beta = rs.rand(32).astype(np.float32) + 0.5, rs.randn(32).astype(np.float32) * 0.1
     ref = None
     print(f"{'dtype':<10}{'mean':>10}{'max|diff|':>12}")
     for dtype in (mindspore.float32, mindspore.float16, mindspore.bfloat16):
         x = Tensor(feats).astype(dtype)
         y = ops.group_norm(x, 4, Tensor(gamma).astype(dtype), Tensor(beta).astype(dtype))
         y = np.maximum(y.astype(mindspore.float32).asnumpy(), 0)
         ref = y if ref is None else ref
         print(f"{str(dtype):<10}{y.mean():>10.5f}{np.abs(y - ref).max():>12.5f}", flush=True)
     """),
    ("mindspore", "mindspore", None, "crash", "not-implemented", "b13-ms-retrieval-score-cache-topk-bfloat16",
     "a retrieval service keeps candidate scores in a score cache whose dtype is a deployment option; the differential test runs ops.topk over float32, float16 and bfloat16 caches: the first two agree, for bfloat16 no CPU TopK kernel is selected (Kernel select failed)",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, ops

     mindspore.set_device("CPU")
     rs = np.random.RandomState(0)
     users, items = rs.randn(4, 32).astype(np.float32), rs.randn(2000, 32).astype(np.float32)
     scores = Tensor(users @ items.T)
     ref = np.argsort(-(users @ items.T), axis=1)[:, :10]
     for dtype in (mindspore.float32, mindspore.float16, mindspore.bfloat16):
         cache = scores.astype(dtype)
         _, idx = ops.topk(cache, 10)
         hits = float((np.sort(idx.asnumpy(), 1) == np.sort(ref, 1)).mean())
         print(f"score cache {dtype}: top-10 agreement with numpy {hits:.2f}", flush=True)
     """),
    ("mindspore", "mindspore", None, "nan", None, "b13-ms-capsule-squash-dead-capsule-gradient",
     "a capsule network's squash non-linearity (v = |s|^2 / (1 + |s|^2) * s / |s|, with ops.norm) differentiated in MindSpore and compared with PyTorch-style analytic gradients; one capsule of the batch is dead (all-zero pose vector), the gradient of the norm at zero is NaN and the whole weight gradient becomes NaN",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, nn, ops

     mindspore.set_device("CPU")
     def squash(s):
         n = ops.norm(s, dim=-1, keepdim=True)
         return (n * n / (1 + n * n)) * s / (n + 1e-8)

     class Caps(nn.Cell):
         def __init__(self):
             super().__init__()
             self.w = mindspore.Parameter(Tensor(np.random.RandomState(0).randn(8, 16).astype(np.float32) * 0.1))
         def construct(self, u):
             return squash(ops.matmul(u, self.w)).sum()

     rs = np.random.RandomState(1)
     u = rs.randn(6, 8).astype(np.float32)
     u[4] = 0.0
     net = Caps()
     grad_fn = mindspore.value_and_grad(net, None, net.trainable_params())
     loss, (gw,) = grad_fn(Tensor(u))
     gw = gw.asnumpy()
     print(f"loss {float(loss.asnumpy()):.5f}")
     print(f"grad w: nan entries {int(np.isnan(gw).sum())}/{gw.size}")
     print("grad w[0, :4]", gw[0, :4])
     """),
    ("mindspore", "mindspore", None, "timeout", None, "b13-ms-worker-killed-power-iteration",
     "a differential runner executes a MindSpore spectral-radius estimator (power iteration until the Rayleigh quotient changes by less than 1e-6) in a worker subprocess with a 14 s limit, on the seed matrix and then on a mutant whose dominant eigenvalues are a complex pair (a scaled rotation): the iterate cycles with period 2, the stopping test never passes and the runner kills the worker and prints its partial output",
     """\
     import subprocess
     import sys
     import time

     WORKER = '''
     import numpy as np
     import mindspore
     from mindspore import Tensor, ops
     mindspore.set_device("CPU")
     def spectral_radius(name, A):
         A = Tensor(np.array(A, np.float32))
         v = Tensor(np.array([[1.0], [0.3]], np.float32))
         prev, it = 0.0, 0
         while True:
             w = ops.matmul(A, v)
             v = w / ops.norm(w)
             lam = float(ops.matmul(v.T, ops.matmul(A, v)).asnumpy()[0, 0])
             it += 1
             if it % 500 == 0:
                 print(name, "iteration", it, "rayleigh", round(lam, 4), flush=True)
             if abs(lam - prev) < 1e-6:
                 break
             prev = lam
         print(name, "spectral radius", round(lam, 5), "after", it, "iterations", flush=True)
     spectral_radius("seed", [[2.0, 1.0], [1.0, 3.0]])
     spectral_radius("mutant", [[0.0, 2.0], [-0.5, 0.0]])
     '''
     t0 = time.time()
     print("[runner] starting mindspore worker (limit 14 s)", flush=True)
     try:
         p = subprocess.run([sys.executable, "-c", WORKER], capture_output=True, text=True, timeout=14)
     except subprocess.TimeoutExpired as e:
         out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
         for line in out.splitlines():
             print("[worker]", line)
         print(f"[runner] worker still running after {time.time() - t0:.1f} s, killed", flush=True)
         raise
     print(p.stdout)
     """),
    ("mindspore", "mindspore", None, "oom", None, "b13-ms-gcn-dense-adjacency-node-count-mutant",
     "a graph convolution layer compared between a sparse edge-list and a dense-adjacency formulation on MindSpore; the node-count mutant raises the graph from 2,000 to 2**20 nodes and the dense [N, N] float32 adjacency (4 TiB) cannot be allocated (Allocate memory failed)",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, ops

     mindspore.set_device("CPU")
     rs = np.random.RandomState(0)
     for n in (2000, 2 ** 20):
         src, dst = rs.randint(0, n, 5000), rs.randint(0, n, 5000)
         x = Tensor(rs.rand(min(n, 2000), 8).astype(np.float32))
         print(f"[n={n}] dense adjacency {n} x {n}", flush=True)
         adj = ops.zeros((n, n), mindspore.float32)
         adj = ops.tensor_scatter_elements(adj.reshape(-1), Tensor((src * n + dst).astype(np.int64)), ops.ones(5000, mindspore.float32)).reshape(n, n)
         deg = adj.sum(1)
         print(f"[n={n}] edges {int(deg.sum().asnumpy())}")
     """),
]

add_batch(B13)

# ==========================================================================
# Fourteenth batch ("b14-" names), held out from the rules: API-level
# testing as API fuzzers and the frameworks' own test runners log it.  Each
# scenario is one run of such a tool - a FreeFuzz/DocTer/DeepREL/TitanFuzz
# style fuzzer calling one public API (an op, a layer, a loss, a
# linalg/fft/signal routine, a random or sparse op, a quantization helper)
# with generated arguments (edge values, empty and zero-size tensors,
# negative, huge or mismatched sizes, unusual dtypes, out-of-range axes and
# indices, extreme scalars), logging seeds, arguments, per-call status lines,
# JSON records, tables and tallies - or a test runner over such calls
# (pytest with xdist workers, unittest, absltest, a bazel test summary, a
# hypothesis falsifying example, a GitHub Actions step with ::error
# annotations).  The failure is the framework's: a rejection by its own
# check, a real crash (signals, CHECK failures, kernels missing for a dtype),
# NaN or Inf where the mathematics is finite, a disagreement with an
# equivalent API or a NumPy/SciPy oracle beyond a stated tolerance, a call
# cut by a short watchdog, or a refused huge allocation.  Each entry:
# (framework, interpreter, KERAS_BACKEND or None, class, kind, name, how,
# code).
# ==========================================================================

B14_ORT_PRE = """\
import numpy as np
import onnxruntime as ort
from onnx import TensorProto as TP, helper

def session(nodes, inputs, outputs, opset=21):
    graph = helper.make_graph(nodes, "fuzz", inputs, outputs)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)], ir_version=10)
    return ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])

def vi(name, dtype, shape):
    return helper.make_tensor_value_info(name, dtype, shape)
"""

B14 = [
    # ---- PyTorch (current) ----------------------------------------------------
    ("pytorch", "venv", None, "false-positive", None, "b14-freefuzz-irfft-zero-signal-length",
     "a FreeFuzz-style fuzzer of torch.fft.irfft that mutates the signal length n (a seed, the generated arguments, one JSON record per call); the boundary mutant n=0 is rejected by irfft's own check and the fuzzer re-raises it",
     """\
     import json
     import random
     import torch

     seed = 1402
     random.seed(seed); torch.manual_seed(seed)
     print(f"[freefuzz] api=torch.fft.irfft seed={seed}", flush=True)
     spectrum = torch.randn(4, 9, dtype=torch.complex64)
     for call, n in enumerate((16, 17, 1, 0)):
         rec = {"call": call, "api": "torch.fft.irfft", "args": {"input": "complex64[4, 9]", "n": n, "dim": -1, "norm": "backward"}}
         try:
             out = torch.fft.irfft(spectrum, n=n)
             rec.update(status="ok", out_shape=list(out.shape), finite=bool(torch.isfinite(out).all()))
             print(json.dumps(rec), flush=True)
         except Exception as e:
             rec.update(status="exception", error=type(e).__name__)
             print(json.dumps(rec), flush=True)
             raise
     """),
    ("pytorch", "venv", None, "false-positive", None, "b14-docter-fold-output-size-blocks",
     "a DocTer-style fuzzer that builds torch.nn.functional.fold arguments from the documented constraints and then breaks one (output_size no longer matches the number of sliding blocks in the input): fold's own check rejects it; a table of calls is printed before the traceback",
     """\
     import torch
     import torch.nn.functional as F

     cols = torch.randn(2, 3 * 2 * 2, 12)
     calls = [("valid", dict(output_size=(4, 5), kernel_size=2)),
              ("valid-stride", dict(output_size=(3, 7), kernel_size=2, stride=1)),
              ("violates: L", dict(output_size=(5, 5), kernel_size=2))]
     print(f"{'#':>3} {'constraint':<14} {'output_size':<12} {'kernel':<7} result")
     for i, (tag, kw) in enumerate(calls):
         print(f"{i:>3} {tag:<14} {str(kw['output_size']):<12} {kw['kernel_size']:<7}", end=" ", flush=True)
         y = F.fold(cols, **kw)
         print(tuple(y.shape), flush=True)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b14-pytest-xdist-cdist-negative-p",
     "pytest run with -n 2 over a parametrised test of torch.cdist whose generated p values include -1.0: cdist rejects a negative p with its own check; xdist worker lines, the E lines and the short summary",
     """\
     import traceback
     import torch

     ps = [0.0, 1.0, 2.0, 3.5, float("inf"), -1.0]
     x1, x2 = torch.randn(5, 7), torch.randn(6, 7)
     print("============================= test session starts ==============================")
     print("platform linux -- Python 3.11, pytest-8.3.4, pluggy-1.5.0")
     print("created: 2/2 workers")
     print("2 workers [6 items]\\n")
     fails = []
     for i, p in enumerate(ps):
         tid = f"test_fuzz_cdist.py::test_cdist_p[p{i}-{p}]"
         try:
             d = torch.cdist(x1, x2, p=p)
             assert d.shape == (5, 6)
             print(f"[gw{i % 2}] [{100 * (i + 1) // len(ps):3d}%] PASSED {tid}")
         except Exception as e:
             print(f"[gw{i % 2}] [{100 * (i + 1) // len(ps):3d}%] FAILED {tid}")
             fails.append((tid, e, traceback.format_exc()))
     print("\\n=================================== FAILURES ===================================")
     for tid, e, tb in fails:
         print(f"_____________________ {tid.split('::')[1]} _____________________")
         print("[gw1] linux -- Python 3.11.2 /work/venv/bin/python")
         print("    def test_cdist_p(p):\\n>       d = torch.cdist(x1, x2, p=p)\\n")
         for line in str(e).splitlines():
             print("E   " + type(e).__name__ + ": " + line)
         print("\\ntest_fuzz_cdist.py:14: " + type(e).__name__)
     print("=========================== short test summary info ============================")
     for tid, e, tb in fails:
         print(f"FAILED {tid} - {type(e).__name__}: {str(e).splitlines()[0]}")
     print(f"========================= {len(fails)} failed, {len(ps) - len(fails)} passed in 0.41s =========================")
     raise SystemExit(1)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b14-random-op-multinomial-negative-weight",
     "an API fuzzer of the random op torch.multinomial whose weight generator produces an edge vector with one negative entry: multinomial's own check refuses the probability tensor; tqdm-style progress over the generated cases first",
     """\
     import sys
     import torch

     torch.manual_seed(7)
     cases = [torch.rand(10), torch.ones(3), torch.tensor([0.0, 0.0, 1e-30]), torch.tensor([0.2, -0.1, 0.9])]
     for i, w in enumerate(cases, 1):
         bar = "#" * (i * 20 // len(cases))
         sys.stdout.write(f"\\rfuzz torch.multinomial: {100 * i // len(cases):3d}%|{bar:<20}| {i}/{len(cases)} [seed=7]")
         sys.stdout.flush()
         torch.multinomial(w, 2, replacement=True)
     print()
     """),
    ("pytorch", "venv", None, "false-positive", None, "b14-unittest-sparse-coo-size-below-indices",
     "a unittest suite of generated sparse COO tensors (torch.sparse_coo_tensor with check_invariants=True) whose size mutant is smaller than the largest index: the invariant check rejects it",
     """\
     import unittest
     import torch

     class TestSparseCooFuzz(unittest.TestCase):
         idx = torch.tensor([[0, 2, 5], [1, 3, 4]])
         val = torch.tensor([1.0, -2.0, 0.5])
         def _build(self, size):
             return torch.sparse_coo_tensor(self.idx, self.val, size, check_invariants=True).coalesce()
         def test_case_000_exact_size(self):
             self.assertEqual(self._build((6, 5)).to_dense().shape, (6, 5))
         def test_case_001_padded_size(self):
             self.assertEqual(self._build((64, 8)).to_dense().sum().item(), -0.5)
         def test_case_002_shrunk_size(self):
             self.assertEqual(self._build((4, 5)).to_dense().shape, (4, 5))

     if __name__ == "__main__":
         unittest.main(verbosity=2)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b14-hypothesis-cross-entropy-label-smoothing",
     "a hypothesis property test of torch.nn.functional.cross_entropy whose float strategy for label_smoothing is unbounded: the falsifying example label_smoothing=1.5 is rejected by the loss's own range check",
     """\
     import torch
     import torch.nn.functional as F

     def test_ce_label_smoothing(label_smoothing, classes):
         logits = torch.randn(8, classes)
         target = torch.randint(0, classes, (8,))
         loss = F.cross_entropy(logits, target, label_smoothing=label_smoothing)
         assert torch.isfinite(loss)

     examples = [(0.0, 3), (0.1, 10), (0.99, 2), (1.5, 4)]
     for i, (ls, c) in enumerate(examples):
         try:
             test_ce_label_smoothing(ls, c)
         except Exception:
             print("Falsifying example: test_ce_label_smoothing(")
             print(f"    label_smoothing={ls},")
             print(f"    classes={c},")
             print(")")
             print(f"You can reproduce this example by temporarily adding @reproduce_failure('6.122.1', b'AXicY2BgYGBgAAAABQAB') as a decorator on your test case")
             raise
     """),
    ("pytorch", "venv", None, "false-positive", None, "b14-grid-sample-volumetric-grid-on-image",
     "a TitanFuzz-style generated program for torch.nn.functional.grid_sample whose grid mutant has a last dimension of 3 (a volumetric grid) for a 4-D image: grid_sample's own shape check rejects it; the campaign prints each generated program's id first",
     """\
     import torch
     import torch.nn.functional as F

     print("TitanFuzz campaign: target=torch.nn.functional.grid_sample, 3 programs", flush=True)
     img = torch.randn(2, 3, 16, 16)
     for pid, grid_shape, mode in (("p0017", (2, 8, 8, 2), "bilinear"), ("p0018", (2, 4, 4, 2), "nearest"), ("p0019", (2, 8, 8, 3), "bilinear")):
         grid = torch.rand(*grid_shape) * 2 - 1
         print(f"[{pid}] grid_sample(input=float32{list(img.shape)}, grid=float32{list(grid_shape)}, mode={mode!r}, align_corners=False)", flush=True)
         out = F.grid_sample(img, grid, mode=mode, align_corners=False)
         print(f"[{pid}] -> {list(out.shape)}", flush=True)
     """),
    ("pytorch", "venv", None, "crash", "abort", "b14-sparse-coo-negative-index-to-dense",
     "an API fuzzer of torch.sparse_coo_tensor (default arguments, invariants unchecked) whose index mutant is -1; densifying the tensor corrupts the heap and the process aborts (double free or corruption) instead of raising",
     """\
     import torch

     print("fuzz target: torch.sparse_coo_tensor(...).to_dense()", flush=True)
     for i, idx in enumerate(([[0]], [[2]], [[-1]])):
         t = torch.sparse_coo_tensor(torch.tensor(idx), torch.tensor([1.0]), (3,))
         print(f"case {i}: indices={idx} ->", t.to_dense().tolist(), flush=True)
     """),
    ("pytorch", "venv", None, "crash", "fpe", "b14-div-trunc-int32-min-by-minus-one",
     "an extreme-scalar fuzzer of torch.div(rounding_mode='trunc') on int32 tensors: the pair (INT32_MIN, -1) kills the process with SIGFPE instead of wrapping or raising; a per-call status line before the signal",
     """\
     import torch

     lo = torch.iinfo(torch.int32).min
     pairs = [(7, 2), (-7, 2), (lo, 1), (lo, -1)]
     for i, (a, b) in enumerate(pairs):
         print(f"call {i:02d} torch.div(int32[{a}], int32[{b}], rounding_mode='trunc') ...", end=" ", flush=True)
         r = torch.div(torch.tensor([a], dtype=torch.int32), torch.tensor([b], dtype=torch.int32), rounding_mode="trunc")
         print("ok", r.item(), flush=True)
     """),
    ("pytorch", "venv", None, "crash", "not-implemented", "b14-dtype-sweep-special-bessel-j0-bfloat16",
     "a dtype-sweep fuzzer of torch.special.bessel_j0 over float32, float64, bfloat16 and float16 on the CPU: float32 and float64 run, bfloat16 has no CPU kernel",
     """\
     import logging
     import torch

     logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
     log = logging.getLogger("dtype_sweep")
     x = torch.linspace(0.0, 20.0, 11)
     for dt in (torch.float32, torch.float64, torch.bfloat16, torch.float16):
         log.info("torch.special.bessel_j0(input=%s[11])", dt)
         y = torch.special.bessel_j0(x.to(dt))
         log.info("  ok first zero near x=2.4: %s", y[1].item())
     """),
    ("pytorch", "venv", None, "nan", None, "b14-vector-norm-large-finite-entries",
     "an extreme-value fuzzer of torch.linalg.vector_norm with finite float32 entries of 1e30: the 2-norm (about 1.4e30, well inside float32) comes back inf, while torch.hypot of the same pair is finite; the fuzzer's finiteness oracle fails",
     """\
     import math
     import torch

     for scale in (1.0, 1e15, 1e30):
         v = torch.tensor([scale, scale], dtype=torch.float32)
         n = torch.linalg.vector_norm(v).item()
         ref = torch.hypot(v[0], v[1]).item()
         print(f"vector_norm([{scale:g}, {scale:g}]) = {n!r:<14} hypot = {ref!r:<14} expected {math.sqrt(2) * scale:.6g}", flush=True)
         if not math.isfinite(n):
             raise FloatingPointError(f"torch.linalg.vector_norm returned {n} for finite float32 input of magnitude {scale:g}")
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b14-deeprel-cosine-similarity-vs-normalize",
     "a DeepREL-style relational check between torch.nn.functional.cosine_similarity and the dot product of F.normalize'd vectors (and NumPy float64) on generated vectors of magnitude 1e30: cosine_similarity and the normalize-dot relation both return 0 where NumPy gives 1; tolerance 1e-4, exits 1",
     """\
     import numpy as np
     import torch
     import torch.nn.functional as F

     rtol = 1e-4
     bad = 0
     for mag in (1.0, 1e10, 1e30):
         a = torch.tensor([[3.0, 4.0]]) * mag
         b = torch.tensor([[6.0, 8.0]]) * mag
         cs = F.cosine_similarity(a, b).item()
         rel = (F.normalize(a) * F.normalize(b)).sum().item()
         ref = float(np.dot(a.double().numpy()[0], b.double().numpy()[0]) / (np.linalg.norm(a.double().numpy()) * np.linalg.norm(b.double().numpy())))
         ok = abs(cs - rel) <= rtol and abs(cs - ref) <= rtol
         bad += not ok
         print(f"mag={mag:<8g} cosine_similarity={cs:.6f} normalize-dot={rel:.6f} numpy={ref:.6f} {'OK' if ok else 'MISMATCH'}")
     if bad:
         print(f"{bad} relation(s) violated beyond rtol={rtol}")
         raise SystemExit(1)
     """),
    ("pytorch", "venv", None, "timeout", None, "b14-conv-transpose1d-kernel-length-runner-kill",
     "a fuzz runner that executes each generated call of torch.nn.functional.conv_transpose1d in a worker process with a 5-second limit; the mutant with a 100000-tap kernel on a 100000-sample signal runs past it and the runner kills the worker",
     """\
     import multiprocessing as mp
     import time
     import torch

     def call(n):
         import torch.nn.functional as F
         out = F.conv_transpose1d(torch.randn(1, 1, n), torch.randn(1, 1, n))
         return tuple(out.shape)

     if __name__ == "__main__":
         ctx = mp.get_context("fork")
         for n in (64, 4096, 100000):
             with ctx.Pool(1) as pool:
                 t0 = time.time()
                 res = pool.apply_async(call, (n,))
                 try:
                     print(f"[runner] conv_transpose1d(input=float32[1,1,{n}], weight=float32[1,1,{n}]) -> {res.get(timeout=5)} in {time.time() - t0:.2f}s", flush=True)
                 except mp.TimeoutError:
                     print(f"[runner] conv_transpose1d(input=float32[1,1,{n}], weight=float32[1,1,{n}]) exceeded the 5s limit; worker terminated", flush=True)
                     pool.terminate()
                     raise SystemExit(124)
     """),
    ("pytorch", "venv", None, "oom", None, "b14-bincount-huge-generated-value",
     "an extreme-value fuzzer of torch.bincount whose integer generator yields 2**40 as one element: bincount sizes its output from the largest value and the CPU allocator refuses the 8 TiB buffer",
     """\
     import torch

     for i, vals in enumerate(([0, 1, 1, 3], [5, 5, 2], [7, 2 ** 40])):
         x = torch.tensor(vals, dtype=torch.int64)
         print(f"#{i} torch.bincount(int64{list(x.shape)}, max={int(x.max())})", flush=True)
         print("   ->", torch.bincount(x).shape, flush=True)
     """),
    # ---- PyTorch 1.13 ---------------------------------------------------------
    ("pytorch-1.13", "system", None, "false-positive", None, "b14-unittest-matrix-power-non-square",
     "a unittest suite of generated arguments for torch.linalg.matrix_power (exponents 0, 3, -2 on square batches, then a 3x4 matrix mutant): matrix_power's own check rejects the non-square input",
     """\
     import unittest
     import torch

     class TestMatrixPowerFuzz(unittest.TestCase):
         def test_000_exp_zero(self):
             self.assertTrue(torch.equal(torch.linalg.matrix_power(torch.randn(2, 3, 3), 0), torch.eye(3).expand(2, 3, 3)))
         def test_001_exp_three(self):
             a = torch.randn(4, 4, dtype=torch.float64)
             torch.testing.assert_close(torch.linalg.matrix_power(a, 3), a @ a @ a)
         def test_002_exp_negative(self):
             a = torch.randn(3, 3, dtype=torch.float64) + 3 * torch.eye(3, dtype=torch.float64)
             torch.testing.assert_close(torch.linalg.matrix_power(a, -2), torch.linalg.inv(a @ a))
         def test_003_non_square_mutant(self):
             torch.linalg.matrix_power(torch.randn(3, 4), 2)

     if __name__ == "__main__":
         unittest.main(verbosity=2)
     """),
    ("pytorch-1.13", "system", None, "false-positive", None, "b14-json-log-tensordot-contracted-dims",
     "an API fuzzer of torch.tensordot logging JSON lines through the logging module, whose dims mutant pairs a size-5 axis with a size-4 axis: tensordot's own check rejects the contraction",
     """\
     import json
     import logging
     import torch

     class JsonFormatter(logging.Formatter):
         def format(self, r):
             return json.dumps({"ts": round(r.created, 3), "level": r.levelname, "logger": r.name, "msg": r.getMessage()})

     h = logging.StreamHandler()
     h.setFormatter(JsonFormatter())
     log = logging.getLogger("fuzz.tensordot")
     log.addHandler(h); log.setLevel(logging.INFO)
     a, b = torch.randn(3, 4, 5), torch.randn(4, 5, 6)
     for dims in (2, ([1, 2], [0, 1]), ([2], [0])):
         log.info("call tensordot(a=float32[3,4,5], b=float32[4,5,6], dims=%s)", dims)
         try:
             log.info("ok shape=%s", list(torch.tensordot(a, b, dims=dims).shape))
         except RuntimeError as e:
             log.error("exception %s: %s", type(e).__name__, e)
             raise
     """),
    ("pytorch-1.13", "system", None, "crash", "fpe", "b14-hypothesis-floor-divide-int64-min",
     "a hypothesis property test comparing torch.floor_divide with Python's // on int64 tensors; the shrinker reaches (-2**63, -1) and the process dies of SIGFPE inside the kernel",
     """\
     import torch

     examples = [(7, 2), (-7, 2), (0, -3), (-2 ** 63 + 1, -1), (-2 ** 63, -1)]
     print("Trying example: test_floor_divide_matches_python(a, b)", flush=True)
     for a, b in examples:
         print(f"  a={a}, b={b}", flush=True)
         got = torch.floor_divide(torch.tensor([a]), torch.tensor([b])).item()
         assert got == (a // b if -2 ** 63 <= a // b < 2 ** 63 else got)
     print("1 passed")
     """),
    ("pytorch-1.13", "system", None, "crash", "fpe", "b14-mkldnn-max-pool2d-kernel-zero",
     "an API fuzzer of torch.mkldnn_max_pool2d with a generated kernel_size of (0, 0): instead of rejecting it, the oneDNN path divides by zero and the process dies of SIGFPE",
     """\
     import torch

     x = torch.randn(1, 2, 8, 8).to_mkldnn()
     for ks in ((2, 2), (3, 1), (0, 0)):
         print(f"torch.mkldnn_max_pool2d(mkldnn float32[1,2,8,8], kernel_size={ks})", flush=True)
         y = torch.mkldnn_max_pool2d(x, ks)
         print("   ->", tuple(y.to_dense().shape), flush=True)
     """),
    ("pytorch-1.13", "system", None, "nan", None, "b14-complex-sigmoid-large-negative-real",
     "a complex-dtype fuzzer of torch.sigmoid on complex64 with a large negative real part (-100+1j): the result is nan+nanj where 1/(1+exp(-z)) is a tiny finite number (NumPy complex128 gives it); the finiteness oracle fails",
     """\
     import numpy as np
     import torch

     for z in (complex(0.5, 0.5), complex(-10, 1), complex(-100, 1)):
         got = torch.sigmoid(torch.tensor([z], dtype=torch.complex64))[0].item()
         ref = 1 / (1 + np.exp(-np.complex128(z)))
         print(f"sigmoid({z}) torch={got} numpy={ref}", flush=True)
         if not np.isfinite(got):
             raise SystemExit(f"non-finite output {got} for input {z}")
     """),
    ("pytorch-1.13", "system", None, "timeout", None, "b14-alarm-ctc-loss-long-input-lengths",
     "an API fuzzer of torch.nn.functional.ctc_loss under a 3-second signal.alarm per call; the generated mutant with 14000 input frames and a 7000-label target runs past the alarm (the alarm is delivered when the kernel returns)",
     """\
     import signal
     import time
     import torch
     import torch.nn.functional as F

     def on_alarm(signum, frame):
         raise TimeoutError("call exceeded 3s alarm")

     signal.signal(signal.SIGALRM, on_alarm)
     torch.manual_seed(0)
     for T, S in ((50, 20), (2000, 800), (14000, 7000)):
         lp = torch.randn(T, 1, 5).log_softmax(2)
         tg = torch.randint(1, 5, (1, S))
         print(f"ctc_loss(log_probs=float32[{T},1,5], targets=int64[1,{S}], input_lengths=[{T}], target_lengths=[{S}])", flush=True)
         t0 = time.time()
         signal.alarm(3)
         loss = F.ctc_loss(lp, tg, [T], [S])
         signal.alarm(0)
         print(f"   loss={loss.item():.3f} ({time.time() - t0:.2f}s)", flush=True)
     """),
    # ---- TensorFlow -------------------------------------------------------------
    ("tensorflow", "venv", None, "false-positive", None, "b14-tf-test-unsorted-segment-negative-count",
     "a tf.test.TestCase (absltest) suite of generated arguments for tf.math.unsorted_segment_sum whose num_segments mutant is -1: the kernel's own check rejects it",
     """\
     import tensorflow as tf

     class UnsortedSegmentSumFuzz(tf.test.TestCase):
         data = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
         def test_case_00_exact(self):
             self.assertAllClose(tf.math.unsorted_segment_sum(self.data, [0, 1, 0], num_segments=2), [[6.0, 8.0], [3.0, 4.0]])
         def test_case_01_extra_segments(self):
             self.assertEqual(tf.math.unsorted_segment_sum(self.data, [2, 2, 2], num_segments=5).shape, (5, 2))
         def test_case_02_negative_count(self):
             tf.math.unsorted_segment_sum(self.data, [0, 1, 0], num_segments=-1)

     if __name__ == "__main__":
         tf.test.main()
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b14-bazel-crop-and-resize-box-index",
     "a bazel test target that fuzzes tf.image.crop_and_resize with generated boxes and box indices; the mutant box index 4 on a batch of 2 images is rejected by the op's own range check; the test log and then bazel's summary",
     """\
     import sys
     import tensorflow as tf

     print("exec ${PAGER:-/usr/bin/less} \\"$0\\" || exit 1")
     print("Executing tests from //tensorflow/fuzz/image:crop_and_resize_fuzz_test")
     print("-" * 80)
     images = tf.random.uniform([2, 32, 32, 3], seed=3)
     status = 0
     for case, (boxes, idx) in enumerate((([[0.0, 0.0, 1.0, 1.0]], [0]), ([[0.1, 0.2, 0.7, 0.9], [0.5, 0.5, 1.0, 1.0]], [1, 0]), ([[0.0, 0.0, 0.5, 0.5]], [4]))):
         try:
             out = tf.image.crop_and_resize(images, boxes, idx, [8, 8])
             print(f"[ RUN      ] CropAndResizeFuzz.case_{case}\\n[       OK ] CropAndResizeFuzz.case_{case} shape={out.shape.as_list()}")
         except tf.errors.OpError as e:
             print(f"[ RUN      ] CropAndResizeFuzz.case_{case}")
             print(f"{type(e).__name__}: {e.message}")
             print(f"[  FAILED  ] CropAndResizeFuzz.case_{case}")
             status = 1
     print("-" * 80)
     print("INFO: Elapsed time: 41.882s, Critical Path: 38.10s")
     print("INFO: 2 processes: 1 internal, 1 linux-sandbox.")
     print("//tensorflow/fuzz/image:crop_and_resize_fuzz_test                      FAILED in 6.4s")
     print("  /home/ci/.cache/bazel/_bazel_ci/execroot/org_tensorflow/bazel-out/k8-opt/testlogs/tensorflow/fuzz/image/crop_and_resize_fuzz_test/test.log")
     print("\\nExecuted 1 out of 1 test: 1 fails locally.")
     sys.exit(3 if status else 0)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b14-gha-fake-quant-num-bits-one",
     "a GitHub Actions step that runs a fuzz job over tf.quantization.fake_quant_with_min_max_vars with generated num_bits; the value 1 is rejected by the op's own attribute check and the job emits ::error annotations",
     """\
     import sys
     import tensorflow as tf

     print("::group::fuzz tf.quantization.fake_quant_with_min_max_vars")
     x = tf.random.normal([4, 16], seed=11)
     failed = []
     for bits in (8, 4, 16, 2, 1):
         try:
             y = tf.quantization.fake_quant_with_min_max_vars(x, -3.0, 3.0, num_bits=bits, narrow_range=False)
             print(f"num_bits={bits:<3} levels={len(set(y.numpy().ravel().tolist())):<5} ok")
         except Exception as e:
             print(f"num_bits={bits:<3} {type(e).__name__}")
             failed.append((bits, e))
     print("::endgroup::")
     for bits, e in failed:
         msg = str(e).replace("\\n", " ")
         print(f"::error file=fuzz/test_fake_quant.py,line=11,title=fake_quant num_bits={bits}::{type(e).__name__}: {msg}")
     print("Error: Process completed with exit code 1.")
     sys.exit(1 if failed else 0)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b14-ctc-greedy-sequence-length-past-time",
     "an API fuzzer of tf.nn.ctc_greedy_decoder whose sequence_length mutant (90) exceeds the 50 time steps of the generated logits: the decoder's own check rejects it; TensorFlow's C++ log lines come first",
     """\
     import numpy as np
     import tensorflow as tf

     rs = np.random.RandomState(5)
     logits = tf.constant(rs.randn(50, 3, 6).astype(np.float32))
     for lengths in ([50, 50, 50], [12, 50, 1], [50, 90, 20]):
         print(f"ctc_greedy_decoder(inputs=float32[50,3,6], sequence_length={lengths}, merge_repeated=True)", flush=True)
         decoded, neg_sum = tf.nn.ctc_greedy_decoder(logits, tf.constant(lengths, tf.int32))
         print(f"   decoded nnz={decoded[0].values.shape[0]} neg_sum={neg_sum.numpy().ravel().round(2).tolist()}", flush=True)
     """),
    ("tensorflow", "venv", None, "crash", "abort", "b14-raw-ops-conv2d-backprop-input-negative-size",
     "a raw-op fuzzer of tf.raw_ops.Conv2DBackpropInput whose input_sizes mutant carries a negative height: the oneDNN kernel's CHECK fails (Check failed ... Dimension -2 must be >= 0) and the process aborts instead of raising InvalidArgumentError",
     """\
     import tensorflow as tf

     filt = tf.random.normal([2, 2, 1, 1], seed=1)
     for i, (sizes, g) in enumerate((([1, 2, 2, 1], 1), ([1, 3, 3, 1], 2), ([1, -2, 2, 1], 1))):
         grad = tf.random.normal([1, g, g, 1], seed=2)
         print(f"[{i}] tf.raw_ops.Conv2DBackpropInput(input_sizes={sizes}, filter=float32[2,2,1,1], out_backprop=float32[1,{g},{g},1], strides=[1,1,1,1], padding='VALID')", flush=True)
         try:
             out = tf.raw_ops.Conv2DBackpropInput(input_sizes=sizes, filter=filt, out_backprop=grad, strides=[1, 1, 1, 1], padding="VALID")
             print("    ok", out.shape, flush=True)
         except tf.errors.InvalidArgumentError as e:
             print("    rejected:", e.message.splitlines()[0], flush=True)
     """),
    ("tensorflow", "venv", None, "crash", "abort", "b14-encode-png-zero-size-image",
     "an empty-tensor fuzzer of tf.io.encode_png: the generated 0x0x3 uint8 image reaches the PNG writer, whose CHECK ('image' Must be non NULL) aborts the process instead of raising",
     """\
     import tensorflow as tf

     print("campaign: tf.io.encode_png, zero-size and edge shapes", flush=True)
     for shape in ([4, 4, 3], [1, 1, 1], [2, 7, 4], [0, 0, 3]):
         img = tf.zeros(shape, tf.uint8)
         try:
             png = tf.io.encode_png(img)
             print(f"  encode_png(uint8{shape}) -> {len(png.numpy())} bytes", flush=True)
         except tf.errors.InvalidArgumentError as e:
             print(f"  encode_png(uint8{shape}) rejected: {e.message}", flush=True)
     """),
    ("tensorflow", "venv", None, "nan", None, "b14-atan2-denormal-operands",
     "an extreme-scalar fuzzer of tf.math.atan2 with float32 denormal operands (1e-38 for both, below the smallest normal float32): TensorFlow returns NaN where atan2(y, x) is pi/4 (NumPy gives 0.785398; normal operands such as 1e-30 are fine); the oracle rejects the non-finite result",
     """\
     import numpy as np
     import tensorflow as tf

     cases = [(1.0, 1.0), (1e-30, 1e-30), (1e-38, 1e-38)]
     for y, x in cases:
         got = float(tf.math.atan2(tf.constant([y], tf.float32), tf.constant([x], tf.float32))[0])
         ref = float(np.arctan2(np.float32(y), np.float32(x)))
         print(f"atan2(y={y!r}, x={x!r}) tf={got!r} numpy={ref!r}", flush=True)
         assert np.isfinite(got), f"tf.math.atan2 returned {got} for finite operands"
     """),
    ("tensorflow", "venv", None, "inconsistency", None, "b14-l2-normalize-large-norm-vs-numpy",
     "a differential fuzzer of tf.nn.l2_normalize against a NumPy float64 oracle on generated vectors of increasing magnitude: at 1e30 TensorFlow returns zeros where the unit vector is [0.6, 0.8]; max abs tolerance 1e-5, the program exits 1 after the table",
     """\
     import numpy as np
     import tensorflow as tf

     atol = 1e-5
     print(f"{'scale':>8} | {'tf.nn.l2_normalize':>24} | {'numpy':>24} | max|diff|")
     worst = 0.0
     for scale in (1.0, 1e10, 1e18, 1e30):
         x = np.array([3.0, 4.0], np.float32) * np.float32(scale)
         got = tf.nn.l2_normalize(tf.constant(x)).numpy()
         ref = x.astype(np.float64) / np.linalg.norm(x.astype(np.float64))
         d = float(np.max(np.abs(got - ref)))
         worst = max(worst, d)
         print(f"{scale:>8.0e} | {str(got.round(6)):>24} | {str(ref.round(6)):>24} | {d:.3g}")
     if worst > atol:
         print(f"FAIL: max abs diff {worst:.3g} > atol {atol}")
         raise SystemExit(1)
     """),
    ("tensorflow", "venv", None, "oom", None, "b14-sparse-to-dense-huge-dense-shape",
     "a sparse-op fuzzer of tf.sparse.to_dense whose dense_shape generator yields [2**20, 2**20] for a single-entry SparseTensor: densifying asks for 4 TiB and TensorFlow refuses the allocation",
     """\
     import tensorflow as tf

     for shape in ([4, 4], [1024, 1024], [2 ** 20, 2 ** 20]):
         st = tf.sparse.SparseTensor(indices=[[0, 1]], values=[1.0], dense_shape=shape)
         print(f"tf.sparse.to_dense(SparseTensor(nnz=1, dense_shape={shape}))", flush=True)
         d = tf.sparse.to_dense(st)
         print("   ->", d.shape, float(tf.reduce_sum(d)), flush=True)
     """),
    # ---- Keras 3 ----------------------------------------------------------------
    ("keras", "venv", "tensorflow", "false-positive", None, "b14-pytest-ops-stft-fft-shorter-than-window",
     "pytest over generated arguments of keras.ops.stft whose fft_length mutant (16) is shorter than sequence_length (32): Keras's own argument check rejects it; pytest's E lines and short summary",
     """\
     import traceback
     import numpy as np
     from keras import ops

     x = np.random.RandomState(0).randn(2, 256).astype("float32")
     params = [(32, 8, 32), (32, 16, 64), (64, 32, 64), (32, 8, 16)]
     print("============================= test session starts ==============================")
     print(f"collected {len(params)} items\\n")
     fails = []
     for seq, stride, fft in params:
         tid = f"test_keras_ops_fuzz.py::test_stft[{seq}-{stride}-{fft}]"
         try:
             re, im = ops.stft(x, sequence_length=seq, sequence_stride=stride, fft_length=fft)
             assert re.shape[-1] == fft // 2 + 1
             print(tid, "PASSED")
         except Exception as e:
             print(tid, "FAILED")
             fails.append((tid, e))
     print("\\n=================================== FAILURES ===================================")
     for tid, e in fails:
         print(f"___________________________ {tid.split('::')[1]} ___________________________")
         print(">       re, im = ops.stft(x, sequence_length=seq, sequence_stride=stride, fft_length=fft)")
         print(f"E       {type(e).__name__}: {e}")
         fr = traceback.extract_tb(e.__traceback__)[-1]
         print(f"\\n{fr.filename}:{fr.lineno}: {type(e).__name__}")
     print("=========================== short test summary info ============================")
     for tid, e in fails:
         print(f"FAILED {tid} - {type(e).__name__}: {str(e)[:90]}")
     print(f"========================= {len(fails)} failed, {len(params) - len(fails)} passed in 0.87s =========================")
     raise SystemExit(1 if fails else 0)
     """),
    ("keras", "venv", "jax", "false-positive", None, "b14-random-categorical-rank-one-logits",
     "a FreeFuzz-style fuzzer of the random op keras.random.categorical that mutates the rank of logits; the rank-1 mutant is rejected by Keras's own check; one JSON record per call, then the re-raised error",
     """\
     import json
     import numpy as np
     import keras

     rs = np.random.RandomState(3)
     seed = keras.random.SeedGenerator(3)
     for call, shape in enumerate(((4, 10), (1, 2), (10,))):
         logits = rs.randn(*shape).astype("float32")
         rec = {"call": call, "api": "keras.random.categorical", "backend": keras.backend.backend(), "logits": f"float32{list(shape)}", "num_samples": 5}
         try:
             out = keras.random.categorical(logits, 5, seed=seed)
             rec.update(status="ok", out_shape=list(out.shape))
             print(json.dumps(rec), flush=True)
         except Exception as e:
             rec.update(status="error", exc=type(e).__name__)
             print(json.dumps(rec), flush=True)
             raise
     """),
    ("keras", "venv", "torch", "false-positive", None, "b14-unittest-linalg-solve-row-mismatch",
     "a unittest suite of generated operands for keras.ops.linalg.solve; the mutant right-hand side has 4 rows for a 3x3 system and Keras's own shape check rejects it",
     """\
     import unittest
     import numpy as np
     from keras import ops

     class SolveFuzz(unittest.TestCase):
         rs = np.random.RandomState(1)
         a = (rs.randn(3, 3) + 4 * np.eye(3)).astype("float32")
         def test_vector_rhs_batched(self):
             x = ops.linalg.solve(np.stack([self.a] * 2), self.rs.randn(2, 3, 1).astype("float32"))
             self.assertEqual(tuple(x.shape), (2, 3, 1))
         def test_matrix_rhs(self):
             b = self.rs.randn(3, 5).astype("float32")
             np.testing.assert_allclose(ops.convert_to_numpy(ops.matmul(self.a, ops.linalg.solve(self.a, b))), b, atol=1e-4)
         def test_rhs_rows_mutant(self):
             ops.linalg.solve(self.a, self.rs.randn(4, 1).astype("float32"))

     if __name__ == "__main__":
         unittest.main(verbosity=2)
     """),
    ("keras", "venv", "jax", "false-positive", None, "b14-hypothesis-group-norm-groups-vs-channels",
     "a hypothesis test that builds keras.layers.GroupNormalization from drawn (groups, channels) pairs; the falsifying example groups=3 with 4 channels is rejected by the layer's own divisibility check when it is built",
     """\
     import numpy as np
     import keras

     def test_group_norm(groups, channels):
         layer = keras.layers.GroupNormalization(groups=groups)
         y = layer(np.random.rand(2, 5, channels).astype("float32"))
         assert y.shape == (2, 5, channels)

     for groups, channels in ((1, 4), (2, 4), (4, 8), (3, 4)):
         try:
             test_group_norm(groups, channels)
         except Exception:
             print("Falsifying example: test_group_norm(")
             print(f"    groups={groups},")
             print(f"    channels={channels},")
             print(")")
             raise
     """),
    ("keras", "venv", "torch", "crash", "not-implemented", "b14-dtype-sweep-linalg-qr-float16-torch",
     "a dtype sweep of keras.ops.linalg.qr on the torch backend (float32, float64, float16): the float16 call reaches torch's geqrf, which has no Half kernel on the CPU (the TensorFlow backend factorises the same float16 matrix)",
     """\
     import numpy as np
     import keras
     from keras import ops

     a = np.random.RandomState(2).randn(6, 4)
     print(f"backend={keras.backend.backend()}")
     for dt in ("float32", "float64", "float16"):
         print(f"ops.linalg.qr({dt}[6, 4], mode='reduced') ...", flush=True)
         q, r = ops.linalg.qr(a.astype(dt))
         err = np.abs(ops.convert_to_numpy(ops.matmul(q, r)).astype("float64") - a).max()
         print(f"   q{tuple(q.shape)} r{tuple(r.shape)} reconstruction error {err:.2e}", flush=True)
     """),
    ("keras", "venv", "torch", "nan", None, "b14-layer-norm-constant-huge-feature-torch",
     "an extreme-value fuzzer of keras.layers.LayerNormalization on the torch backend: a row whose features are all 1e30 (finite float32) normalises to NaN, where (x - mean) is exactly 0 and the JAX and TensorFlow backends return 0",
     """\
     import numpy as np
     import keras

     layer = keras.layers.LayerNormalization(epsilon=1e-3)
     for v in (1.0, 1e18, 1e30):
         x = np.full((1, 8), v, "float32")
         y = keras.ops.convert_to_numpy(layer(x))
         print(f"[{keras.backend.backend()}] LayerNormalization(full((1, 8), {v:g})) -> {y[0, :4]} ...", flush=True)
         if not np.isfinite(y).all():
             raise FloatingPointError(f"non-finite output for finite input {v:g}")
     """),
    ("keras", "venv", "jax", "inconsistency", None, "b14-layer-norm-large-features-vs-numpy-jax",
     "a differential fuzzer of keras.layers.LayerNormalization on the JAX backend against a NumPy float64 oracle: for features of magnitude 1e30 the layer returns zeros where the oracle gives +-1.26 and +-0.63; atol 1e-3, exits 1 after both are printed",
     """\
     import numpy as np
     import keras

     atol = 1e-3
     layer = keras.layers.LayerNormalization(epsilon=1e-3)
     worst = 0.0
     for scale in (1.0, 1e15, 1e30):
         x = (np.array([[2.0, -2.0, 1.0, -1.0]]) * scale).astype("float32")
         got = keras.ops.convert_to_numpy(layer(x))
         x64 = x.astype("float64")
         ref = (x64 - x64.mean(-1, keepdims=True)) / np.sqrt(x64.var(-1, keepdims=True) + 1e-3)
         d = float(np.abs(got - ref).max())
         worst = max(worst, d)
         print(f"scale={scale:g}\\n  keras[{keras.backend.backend()}] {got.round(4).tolist()}\\n  numpy float64 {ref.round(4).tolist()}\\n  max|diff|={d:.3g}")
     if worst > atol:
         print(f"mismatch: max|diff| {worst:.3g} exceeds atol={atol}")
         raise SystemExit(1)
     """),
    ("keras", "venv", "tensorflow", "timeout", None, "b14-watchdog-ctc-decode-beam-width",
     "an API fuzzer of keras.ops.ctc_decode (beam_search) on the TensorFlow backend whose beam_width generator reaches 4096 on a 1000-step sequence; a 4-second watchdog thread dumps the stacks and ends the run",
     """\
     import faulthandler
     import os
     import sys
     import threading
     import time
     import numpy as np
     import keras
     from keras import ops

     def watchdog():
         print("watchdog: call still running after 4.0s, dumping stacks and exiting", flush=True)
         faulthandler.dump_traceback(file=sys.stdout, all_threads=True)
         os._exit(124)

     logits = np.random.RandomState(0).rand(1, 1000, 40).astype("float32")
     for bw in (4, 64, 4096):
         t = threading.Timer(4.0, watchdog)
         t.start()
         t0 = time.time()
         paths, scores = ops.ctc_decode(logits, np.array([1000]), strategy="beam_search", beam_width=bw, top_paths=1)
         t.cancel()
         print(f"ctc_decode(beam_width={bw}) -> path len {int((ops.convert_to_numpy(paths)[0, 0] >= 0).sum())} in {time.time() - t0:.2f}s", flush=True)
     """),
    # ---- JAX --------------------------------------------------------------------
    ("jax", "venv", None, "false-positive", None, "b14-absltest-random-choice-sample-past-population",
     "an absltest parameterized suite of generated arguments for the random op jax.random.choice; the case replace=False with shape (8,) from a population of 5 is rejected by JAX's own check",
     """\
     import jax
     import jax.numpy as jnp
     from absl.testing import absltest, parameterized

     class ChoiceFuzz(parameterized.TestCase):
         @parameterized.named_parameters(
             ("replace_small", 5, (3,), True),
             ("replace_large", 5, (64,), True),
             ("no_replace_exact", 5, (5,), False),
             ("no_replace_oversample", 5, (8,), False),
         )
         def test_choice(self, n, shape, replace):
             out = jax.random.choice(jax.random.key(42), n, shape, replace=replace)
             self.assertEqual(out.shape, shape)
             self.assertTrue(bool(jnp.all((out >= 0) & (out < n))))

     if __name__ == "__main__":
         absltest.main()
     """),
    ("jax", "venv", None, "false-positive", None, "b14-logging-scipy-signal-stft-noverlap",
     "an API fuzzer of jax.scipy.signal.stft logging through the logging module; the mutant noverlap equal to nperseg (a zero hop) is rejected by JAX's own check",
     """\
     import logging
     import numpy as np
     import jax.numpy as jnp
     from jax.scipy import signal

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
     log = logging.getLogger("fuzz.jax.stft")
     x = jnp.asarray(np.random.RandomState(4).randn(1024).astype("float32"))
     for nperseg, noverlap in ((256, 128), (128, 0), (64, 63), (64, 64)):
         log.info("stft(x=float32[1024], fs=16000, nperseg=%d, noverlap=%d)", nperseg, noverlap)
         f, t, Z = signal.stft(x, fs=16000.0, nperseg=nperseg, noverlap=noverlap)
         log.info("  -> Z %s, %d frames", Z.shape, t.shape[0])
     """),
    ("jax", "venv", None, "false-positive", None, "b14-lax-pad-negative-low-beyond-size",
     "an API fuzzer of jax.lax.pad whose padding_config generator produces negative edge padding (cropping) of -5 on a length-4 operand: lax.pad's own check refuses a negative result size; tqdm-style progress first",
     """\
     import sys
     import jax.numpy as jnp
     from jax import lax

     x = jnp.arange(4.0)
     configs = [[(1, 1, 0)], [(0, 0, 2)], [(-2, 1, 0)], [(-5, 0, 0)]]
     for i, cfg in enumerate(configs, 1):
         sys.stdout.write(f"\\rfuzz lax.pad {i}/{len(configs)} |{'#' * (5 * i):<20}| padding_config={cfg}")
         sys.stdout.flush()
         y = lax.pad(x, 0.0, cfg)
     print()
     """),
    ("jax", "venv", None, "false-positive", None, "b14-pytest-tridiagonal-solve-diagonal-lengths",
     "pytest over generated operands of jax.lax.linalg.tridiagonal_solve whose upper-diagonal mutant has length n-1 (the banded SciPy convention) instead of n: JAX's own shape check rejects it",
     """\
     import traceback
     import jax.numpy as jnp
     from jax.lax.linalg import tridiagonal_solve

     def case(n, du_len):
         dl = jnp.concatenate([jnp.zeros(1), jnp.ones(n - 1)])
         d = jnp.full(n, 4.0)
         du = jnp.concatenate([jnp.ones(du_len - 1), jnp.zeros(1)])
         b = jnp.ones((n, 1))
         x = tridiagonal_solve(dl, d, du, b)
         assert x.shape == (n, 1)

     params = [(4, 4), (16, 16), (16, 15)]
     print("============================= test session starts ==============================")
     print("collected 3 items\\n")
     fails = []
     for n, du_len in params:
         name = f"test_lax_linalg_fuzz.py::test_tridiagonal_solve[n{n}-du{du_len}]"
         try:
             case(n, du_len)
             print(name, "PASSED")
         except Exception as e:
             print(name, "FAILED")
             fails.append((name, e, traceback.format_exc()))
     print("\\n=================================== FAILURES ===================================")
     for name, e, tb in fails:
         print(f"____________________ {name.split('::')[1]} ____________________")
         print(">       x = tridiagonal_solve(dl, d, du, b)")
         print(f"E       {type(e).__name__}: {e}")
     print("=========================== short test summary info ============================")
     for name, e, tb in fails:
         print(f"FAILED {name} - {type(e).__name__}: {e}")
     print(f"========================= {len(fails)} failed, {len(params) - len(fails)} passed in 1.02s =========================")
     raise SystemExit(1 if fails else 0)
     """),
    ("jax", "venv", None, "crash", "not-implemented", "b14-random-multivariate-normal-float16",
     "a dtype-sweep fuzzer of the random op jax.random.multivariate_normal (float32, then float16): the float16 draw needs a float16 Cholesky/eigen factorisation, for which JAX's CPU linear-algebra lowering has no kernel (Unsupported dtype float16)",
     """\
     import jax
     import jax.numpy as jnp

     key = jax.random.key(0)
     mean = jnp.zeros(3)
     cov = jnp.array([[2.0, 0.3, 0.0], [0.3, 1.0, 0.2], [0.0, 0.2, 0.5]])
     for dt in (jnp.float32, jnp.float16):
         print(f"jax.random.multivariate_normal(mean={dt.__name__}[3], cov={dt.__name__}[3,3], shape=(1000,), dtype={dt.__name__})", flush=True)
         s = jax.random.multivariate_normal(key, mean.astype(dt), cov.astype(dt), shape=(1000,), dtype=dt)
         print("   sample cov diag", jnp.diag(jnp.cov(s.astype(jnp.float32).T)).round(2), flush=True)
     """),
    ("jax", "venv", None, "nan", None, "b14-trapezoid-large-finite-samples",
     "an extreme-value fuzzer of jnp.trapezoid with two finite float32 samples of 3e38: the integral (3e38 over a unit interval) is representable, JAX returns NaN; the oracle flags the non-finite result",
     """\
     import numpy as np
     import jax.numpy as jnp

     for v in (1.0, 1e30, 3e38):
         y = jnp.array([v, v], dtype=jnp.float32)
         got = float(jnp.trapezoid(y))
         print(f"trapezoid(float32[{v:g}, {v:g}], dx=1.0) = {got!r}  (exact: {v:g})", flush=True)
         if not np.isfinite(got):
             raise FloatingPointError(f"jnp.trapezoid returned {got} for finite samples of magnitude {v:g}")
     """),
    ("jax", "venv", None, "inconsistency", None, "b14-special-betainc-large-parameters-vs-scipy",
     "a differential fuzzer of jax.scipy.special.betainc against scipy.special.betainc on generated (a, b, x) triples: for a = b = 1e5 at x = 0.5 JAX returns 0.58 where SciPy (and symmetry) give 0.5; rtol 1e-3, the table is printed and the run exits 1",
     """\
     import numpy as np
     import scipy.special as ss
     import jax.numpy as jnp
     from jax.scipy import special as js

     rtol = 1e-3
     cases = [(2.0, 3.0, 0.4), (50.0, 50.0, 0.5), (1e3, 1e3, 0.5), (1e5, 1e5, 0.5)]
     print(f"{'a':>8} {'b':>8} {'x':>5} {'jax':>12} {'scipy':>12} {'rel.err':>9}")
     bad = []
     for a, b, x in cases:
         got = float(js.betainc(jnp.float32(a), jnp.float32(b), jnp.float32(x)))
         ref = float(ss.betainc(a, b, x))
         rel = abs(got - ref) / abs(ref)
         print(f"{a:>8g} {b:>8g} {x:>5g} {got:>12.6g} {ref:>12.6g} {rel:>9.2e}")
         if rel > rtol:
             bad.append((a, b, x))
     if bad:
         print(f"{len(bad)} case(s) outside rtol={rtol}: {bad}")
         raise SystemExit(1)
     """),
    ("jax", "venv", None, "oom", None, "b14-tri-generated-mask-size",
     "an API fuzzer of jnp.tri (a causal-mask helper) whose size generator yields N = 2**20: the float32 N x N result needs 4 TiB and XLA refuses the allocation (RESOURCE_EXHAUSTED)",
     """\
     import jax.numpy as jnp

     for n in (8, 4096, 2 ** 20):
         print(f"jnp.tri(N={n}, dtype=float32)", flush=True)
         m = jnp.tri(n, dtype=jnp.float32)
         print(f"   -> {m.shape}, lower-triangle count {int(m.sum())}", flush=True)
     """),
] + prefixed("onnxruntime", "venv", B14_ORT_PRE, [
    # ---- ONNX Runtime -------------------------------------------------------------
    ("false-positive", None, "b14-unittest-slice-zero-step",
     "a unittest suite of generated starts/ends/axes/steps for the ONNX Slice op run on ONNX Runtime; the steps mutant 0 is rejected by the Slice kernel's own check (and logged by the executor first)",
     """\
     import unittest

     class SliceFuzz(unittest.TestCase):
         sess = session([helper.make_node("Slice", ["x", "starts", "ends", "axes", "steps"], ["y"])],
                        [vi("x", TP.FLOAT, [2, 10]), vi("starts", TP.INT64, [1]), vi("ends", TP.INT64, [1]),
                         vi("axes", TP.INT64, [1]), vi("steps", TP.INT64, [1])], [vi("y", TP.FLOAT, None)])
         x = np.arange(20, dtype=np.float32).reshape(2, 10)
         def call(self, s, e, step):
             feed = {"x": self.x, "starts": np.array([s]), "ends": np.array([e]), "axes": np.array([1]), "steps": np.array([step])}
             return self.sess.run(None, feed)[0]
         def test_forward_step(self):
             np.testing.assert_array_equal(self.call(1, 9, 3), self.x[:, 1:9:3])
         def test_negative_step(self):
             np.testing.assert_array_equal(self.call(-1, -11, -2), self.x[:, ::-2])
         def test_zero_step_mutant(self):
             self.call(0, 10, 0)

     if __name__ == "__main__":
         unittest.main(verbosity=2)
     """),
    ("false-positive", None, "b14-json-dequantize-per-axis-scale-length",
     "an API fuzzer of the quantization op DequantizeLinear (per-axis, axis=1) on ONNX Runtime logging one JSON record per call; the scale/zero-point mutant of length 3 for a 4-channel axis is rejected by the kernel's own check",
     """\
     import json

     sess = session([helper.make_node("DequantizeLinear", ["x", "scale", "zp"], ["y"], axis=1)],
                    [vi("x", TP.INT8, [2, 4]), vi("scale", TP.FLOAT, [None]), vi("zp", TP.INT8, [None])], [vi("y", TP.FLOAT, None)])
     x = np.array([[-128, -1, 0, 127], [5, 6, 7, 8]], np.int8)
     for call, n in enumerate((4, 4, 3)):
         scale = np.linspace(0.01, 0.04, n).astype(np.float32)
         rec = {"call": call, "op": "DequantizeLinear", "axis": 1, "x": "int8[2, 4]", "scale": f"float32[{n}]", "zero_point": f"int8[{n}]"}
         try:
             y = sess.run(None, {"x": x, "scale": scale, "zp": np.zeros(n, np.int8)})[0]
             rec.update(status="ok", y_min=float(y.min()), y_max=float(y.max()))
             print(json.dumps(rec), flush=True)
         except Exception as e:
             rec.update(status="fail", error=str(e).splitlines()[0][:160])
             print(json.dumps(rec), flush=True)
             raise
     """),
    ("false-positive", None, "b14-logging-stft-zero-frame-step",
     "an API fuzzer of the ONNX STFT op (opset 17) on ONNX Runtime, logging through the logging module, whose frame_step generator yields 0: the DFT kernel's own check rejects it",
     """\
     import logging

     logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(name)s | %(message)s")
     log = logging.getLogger("fuzz.ort.stft")
     sess = session([helper.make_node("STFT", ["signal", "frame_step", "window"], ["y"], onesided=1)],
                    [vi("signal", TP.FLOAT, [1, 256, 1]), vi("frame_step", TP.INT64, []), vi("window", TP.FLOAT, [32])],
                    [vi("y", TP.FLOAT, None)], opset=17)
     sig = np.random.RandomState(0).randn(1, 256, 1).astype(np.float32)
     win = np.hanning(32).astype(np.float32)
     for step in (16, 8, 32, 0):
         log.info("STFT(signal=float32[1,256,1], frame_step=%d, window=hann[32])", step)
         y = sess.run(None, {"signal": sig, "frame_step": np.array(step, np.int64), "window": win})[0]
         log.info("  -> %s", y.shape)
     """),
    ("false-positive", None, "b14-gha-onehot-negative-depth",
     "a GitHub Actions job running an ONNX Runtime fuzz step over the OneHot op whose depth generator yields -4: the kernel's own check rejects the negative depth and the job prints ::error annotations and fails",
     """\
     import sys

     sess = session([helper.make_node("OneHot", ["indices", "depth", "values"], ["y"], axis=-1)],
                    [vi("indices", TP.INT64, [None]), vi("depth", TP.INT64, [1]), vi("values", TP.FLOAT, [2])], [vi("y", TP.FLOAT, None)])
     print("Run python fuzz/ort_onehot.py --seed 1414")
     failures = []
     for depth in (5, 1, 1000, -4):
         try:
             y = sess.run(None, {"indices": np.array([0, 3, -1]), "depth": np.array([depth]), "values": np.array([0, 1], np.float32)})[0]
             print(f"  depth={depth:<5} ok shape={y.shape}")
         except Exception as e:
             print(f"  depth={depth:<5} error")
             failures.append((depth, e))
     for depth, e in failures:
         print(f"::error file=fuzz/ort_onehot.py,line=14::OneHot depth={depth}: {str(e).splitlines()[0]}")
     print(f"{len(failures)} of 4 generated calls failed")
     print("Error: Process completed with exit code 1.")
     sys.exit(1 if failures else 0)
     """),
    ("crash", "not-implemented", "b14-dtype-sweep-erf-float64",
     "a DocTer-style dtype sweep of the ONNX Erf op on ONNX Runtime: the schema allows tensor(double) and the float32 and float16 models run, but the CPU execution provider has no float64 Erf kernel (NOT_IMPLEMENTED at session creation)",
     """\
     for tp, npt in ((TP.FLOAT, np.float32), (TP.FLOAT16, np.float16), (TP.DOUBLE, np.float64)):
         name = TP.DataType.Name(tp).lower()
         print(f"Erf<{name}>: building session", flush=True)
         sess = session([helper.make_node("Erf", ["x"], ["y"])], [vi("x", tp, [5])], [vi("y", tp, None)], opset=13)
         y = sess.run(None, {"x": np.linspace(-2, 2, 5).astype(npt)})[0]
         print(f"Erf<{name}>: {y.round(4).tolist()}", flush=True)
     """),
    ("crash", "not-implemented", "b14-activation-sweep-softplus-float64",
     "an API fuzzer that sweeps activation ops (Relu, Sigmoid, Softplus) over float32 and float64 on ONNX Runtime: Softplus has a float32 kernel, and although the schema allows tensor(double) the CPU provider has no float64 kernel for it",
     """\
     x = np.linspace(-3, 3, 7)
     print(f"{'op':<10}{'dtype':<9}result")
     for op in ("Relu", "Sigmoid", "Softplus"):
         for tp, npt in ((TP.FLOAT, np.float32), (TP.DOUBLE, np.float64)):
             sess = session([helper.make_node(op, ["x"], ["y"])], [vi("x", tp, [7])], [vi("y", tp, None)])
             y = sess.run(None, {"x": x.astype(npt)})[0]
             print(f"{op:<10}{np.dtype(npt).name:<9}{np.round(y, 3).tolist()}", flush=True)
     """),
    ("inconsistency", None, "b14-lp-normalization-large-norm-vs-numpy",
     "a differential fuzzer of the ONNX LpNormalization op (p=2) on ONNX Runtime against NumPy float64: rows of magnitude 1e30 come back as zeros where the unit vector is [0.6, 0.8]; atol 1e-5, ONNX Runtime's and NumPy's rows are printed and the run exits 1",
     """\
     sess = session([helper.make_node("LpNormalization", ["x"], ["y"], axis=-1, p=2)], [vi("x", TP.FLOAT, [None, 2])], [vi("y", TP.FLOAT, None)])
     scales = np.array([1.0, 1e12, 1e19, 1e30], np.float32)
     x = np.array([3.0, 4.0], np.float32) * scales[:, None]
     got = sess.run(None, {"x": x})[0]
     ref = x.astype(np.float64) / np.linalg.norm(x.astype(np.float64), axis=-1, keepdims=True)
     for s, g, r in zip(scales, got, ref):
         print(f"scale {s:8.0e}  onnxruntime {g.round(6).tolist()}  numpy {r.round(6).tolist()}")
     err = float(np.abs(got - ref).max())
     print(f"max abs error {err:.3g} (atol 1e-05)")
     if err > 1e-5:
         raise SystemExit("LpNormalization disagrees with the NumPy reference")
     """),
    ("timeout", None, "b14-subprocess-nms-generated-box-count",
     "a fuzz runner that executes each generated NonMaxSuppression call on ONNX Runtime in a subprocess with a 6-second limit; the case with 150000 barely-overlapping boxes (max_output_boxes = all) runs past it and the runner reports the timeout",
     """\
     import subprocess
     import sys

     CALL = '''
     import sys, time, numpy as np, onnxruntime as ort
     from onnx import TensorProto as TP, helper
     n = int(sys.argv[1])
     vi = helper.make_tensor_value_info
     g = helper.make_graph([helper.make_node("NonMaxSuppression", ["b", "s", "m", "i"], ["y"])], "nms",
         [vi("b", TP.FLOAT, [1, None, 4]), vi("s", TP.FLOAT, [1, 1, None]), vi("m", TP.INT64, [1]), vi("i", TP.FLOAT, [1])], [vi("y", TP.INT64, None)])
     sess = ort.InferenceSession(helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)], ir_version=10).SerializeToString(), providers=["CPUExecutionProvider"])
     rs = np.random.RandomState(0)
     xy = rs.rand(1, n, 2).astype(np.float32) * 100
     t0 = time.time()
     keep = sess.run(None, {"b": np.concatenate([xy, xy + 0.001], -1), "s": rs.rand(1, 1, n).astype(np.float32), "m": np.array([n]), "i": np.array([0.5], np.float32)})[0]
     print(f"kept {keep.shape[0]} of {n} boxes in {time.time() - t0:.2f}s")
     '''
     for n in (100, 20000, 150000):
         print(f"[runner] NonMaxSuppression(boxes=float32[1,{n},4], max_output_boxes_per_class={n}, iou_threshold=0.5) limit=6s", flush=True)
         try:
             r = subprocess.run([sys.executable, "-c", CALL, str(n)], capture_output=True, text=True, timeout=6)
             print("   " + r.stdout.strip(), flush=True)
         except subprocess.TimeoutExpired as e:
             print(f"   subprocess.TimeoutExpired: worker still running after {e.timeout:g}s, killed", flush=True)
             sys.exit(124)
     """),

]) + [
    # ---- MindSpore ----------------------------------------------------------------
    ("mindspore", "mindspore", None, "false-positive", None, "b14-pytest-multinomial-oversample-no-replacement",
     "pytest over generated arguments of the random op mindspore.ops.multinomial; the case num_samples=5 from 3 categories with replacement=False is rejected by MindSpore's own check",
     """\
     import traceback
     import numpy as np
     import mindspore
     from mindspore import Tensor, ops

     mindspore.set_device("CPU")
     probs = Tensor(np.array([[0.2, 0.3, 0.5], [0.6, 0.2, 0.2]], np.float32))
     params = [(2, True), (3, False), (16, True), (5, False)]
     print("============================= test session starts ==============================")
     print(f"collected {len(params)} items\\n")
     fails = []
     for n, repl in params:
         tid = f"test_ms_random_fuzz.py::test_multinomial[{n}-{repl}]"
         try:
             out = ops.multinomial(probs, n, replacement=repl)
             assert out.shape == (2, n)
             print(tid, "PASSED")
         except Exception as e:
             print(tid, "FAILED")
             fails.append((tid, e))
     print("\\n=================================== FAILURES ===================================")
     for tid, e in fails:
         print(f"_________________________ {tid.split('::')[1]} _________________________")
         print(">       out = ops.multinomial(probs, n, replacement=repl)")
         print(f"E       {type(e).__name__}: {str(e).strip().splitlines()[0]}")
     print("=========================== short test summary info ============================")
     for tid, e in fails:
         print(f"FAILED {tid} - {type(e).__name__}: {str(e).strip().splitlines()[0][:100]}")
     print(f"========================= {len(fails)} failed, {len(params) - len(fails)} passed in 0.66s =========================")
     raise SystemExit(1 if fails else 0)
     """),
    ("mindspore", "mindspore", None, "false-positive", None, "b14-json-range-zero-delta",
     "an extreme-scalar fuzzer of mindspore.ops.range printing one JSON record per call; the generated delta 0.0 is rejected by MindSpore's own check and the fuzzer re-raises it",
     """\
     import json
     import mindspore
     from mindspore import Tensor, ops

     mindspore.set_device("CPU")
     for call, (start, limit, delta) in enumerate(((0.0, 1.0, 0.125), (5.0, -5.0, -2.5), (0.0, 3e4, 1e3), (0.0, 1.0, 0.0))):
         rec = {"call": call, "api": "mindspore.ops.range", "start": start, "end": limit, "step": delta}
         try:
             out = ops.range(Tensor(start, mindspore.float32), Tensor(limit, mindspore.float32), Tensor(delta, mindspore.float32))
             rec.update(status="ok", length=int(out.shape[0]))
             print(json.dumps(rec), flush=True)
         except Exception as e:
             rec.update(status="exception", type=type(e).__name__)
             print(json.dumps(rec), flush=True)
             raise
     """),
    ("mindspore", "mindspore", None, "false-positive", None, "b14-docter-interpolate-bicubic-on-signal",
     "a DocTer-style fuzzer of mindspore.ops.interpolate that crosses documented modes with input ranks; bicubic on a 3-D (N, C, L) signal is rejected by MindSpore's own check; a table of calls then the traceback",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, ops

     mindspore.set_device("CPU")
     sig = Tensor(np.random.RandomState(0).rand(1, 2, 16).astype(np.float32))
     img = Tensor(np.random.RandomState(1).rand(1, 2, 8, 8).astype(np.float32))
     calls = [("linear", sig, (32,)), ("nearest", sig, (7,)), ("bilinear", img, (16, 16)), ("bicubic", img, (12, 12)), ("bicubic", sig, (32,))]
     print(f"{'#':>2}  {'mode':<9} {'input':<16} {'size':<9} output")
     for i, (mode, x, size) in enumerate(calls):
         print(f"{i:>2}  {mode:<9} {str(tuple(x.shape)):<16} {str(size):<9}", end=" ", flush=True)
         kw = {"align_corners": False} if mode in ("linear", "bilinear", "bicubic") else {}
         y = ops.interpolate(x, size=size, mode=mode, **kw)
         print(tuple(y.shape), flush=True)
     """),
    ("mindspore", "mindspore", None, "crash", "not-implemented", "b14-dtype-sweep-gather-elements-bfloat16",
     "a dtype sweep of mindspore.ops.gather_elements on the CPU (float32, float16, bfloat16 with the same int64 index): float32 and float16 run, bfloat16 has no CPU GatherD kernel (Select CPU operator[GatherD] fail! Unsupported data type!)",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, ops

     mindspore.set_device("CPU")
     x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
     idx = Tensor(np.array([[0, 2], [1, 3], [3, 0]], np.int64))
     for dt in (mindspore.float32, mindspore.float16, mindspore.bfloat16):
         print(f"gather_elements(input={dt}[3,4], dim=1, index=int64[3,2])", flush=True)
         y = ops.gather_elements(x.astype(dt), 1, idx)
         print("   ->", y.astype(mindspore.float32).asnumpy().tolist(), flush=True)
     """),
    ("mindspore", "mindspore", None, "nan", None, "b14-cosine-similarity-large-finite-vectors",
     "an extreme-value fuzzer of mindspore.ops.cosine_similarity on generated parallel vectors of magnitude 1e30 (finite float32): MindSpore returns NaN where the similarity is 1; the finiteness oracle fails",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, ops

     mindspore.set_device("CPU")
     for mag in (1.0, 1e15, 1e30):
         a = Tensor(np.array([[1.0, 2.0, 2.0]], np.float32) * np.float32(mag))
         b = Tensor(np.array([[2.0, 4.0, 4.0]], np.float32) * np.float32(mag))
         s = float(ops.cosine_similarity(a, b, dim=1).asnumpy()[0])
         print(f"cosine_similarity(mag={mag:g}) = {s!r} (expected 1.0)", flush=True)
         if not np.isfinite(s):
             raise FloatingPointError(f"ops.cosine_similarity returned {s} for finite inputs of magnitude {mag:g}")
     """),
    ("mindspore", "mindspore", None, "inconsistency", None, "b14-log1p-tiny-arguments-vs-numpy",
     "a differential fuzzer of mindspore.ops.log1p and ops.expm1 against NumPy on generated tiny float32 arguments (1e-3, 1e-10, 1e-30): MindSpore returns 0 for 1e-10 and 1e-30 where log1p(x) ~ x (NumPy gives x); relative tolerance 1e-4, both columns printed, exit 1",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, ops

     mindspore.set_device("CPU")
     x = np.array([1e-3, 1e-10, 1e-30], np.float32)
     rows = []
     for name, msf, npf in (("log1p", ops.log1p, np.log1p), ("expm1", ops.expm1, np.expm1)):
         got = msf(Tensor(x)).asnumpy()
         ref = npf(x.astype(np.float64))
         for xi, g, r in zip(x, got, ref):
             rel = abs(g - r) / abs(r)
             rows.append(rel)
             print(f"{name}({xi:.0e}): mindspore={g:.7g} numpy={r:.7g} rel.err={rel:.2e}")
     if max(rows) > 1e-4:
         print(f"FAILED: {sum(r > 1e-4 for r in rows)} value(s) beyond rtol=1e-4")
         raise SystemExit(1)
     """),
    ("mindspore", "mindspore", None, "oom", None, "b14-eye-generated-size",
     "an API fuzzer of mindspore.ops.eye whose size generator yields 2**20 x 2**20: the float32 identity needs 4 TiB and the CPU allocator refuses it (Allocate memory failed)",
     """\
     import mindspore
     from mindspore import ops

     mindspore.set_device("CPU")
     for n in (4, 2048, 2 ** 20):
         print(f"ops.eye({n}, {n}, float32)", flush=True)
         e = ops.eye(n, n, mindspore.float32)
         print(f"   -> {e.shape}, trace {float(e.sum().asnumpy())}", flush=True)
     """),

]

add_batch(B14)

# --------------------------------------------------------------------------

# ==========================================================================
# Fifteenth batch ("b15-" names), held out from the rules: environment,
# configuration and the process around the framework.  Failures around the
# model rather than in it, as users meet them: an optional dependency or a
# native library missing, a device this CPU-only machine lacks, a flag or
# environment setting the framework refuses, a version skew, a file from
# another version (false-positive, kind environment); a truncated or
# corrupted artifact or an invalid setting the user made (false-positive);
# a real crash met on the way; an allocation refused under a memory limit
# the program set; a hang cut by its own watchdog; NaN or a disagreement
# that a setting causes.  Printed as plain tracebacks and as launchers, CI
# jobs, services, Makefiles and notebooks print them.  Written by two
# helpers who never ran dltriage nor read its rules (PyTorch 2.13, PyTorch
# 1.13, ONNX Runtime, MindSpore; TensorFlow, Keras, JAX).  Each entry:
# (framework, interpreter, KERAS_BACKEND or None, class, kind, name, how,
# code).
# ==========================================================================

B15_A = [
    # ---- PyTorch 2.13 (venv) ------------------------------------------------------
    ("pytorch", "venv", None, "false-positive", "environment", "b15-make-train-torch-logs-unknown-artifact",
     "a Makefile target exports TORCH_LOGS with a misspelt artifact name (graph_break for graph_breaks) and starts the training script: torch refuses the setting at import with its own list of valid names; make echoes the command and reports the failed recipe",
     """\
     import os
     import subprocess
     import sys

     env = dict(os.environ, TORCH_LOGS="+dynamo,graph_break,recompiles")
     cmd = [sys.executable, "-c", "import torch; print('torch', torch.__version__)"]
     print("make[1]: Entering directory '/home/ci/src/vision-trainer'")
     print("TORCH_LOGS=+dynamo,graph_break,recompiles python -m trainer.main --config configs/resnet18.yaml --compile")
     r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
     sys.stdout.write(r.stdout)
     if r.returncode:
         print(f"make[1]: *** [Makefile:27: train-compiled] Error {r.returncode}")
         print("make[1]: Leaving directory '/home/ci/src/vision-trainer'")
         print("make: *** [Makefile:9: ci] Error 2")
         sys.exit(2)
     """),
    ("pytorch", "venv", None, "false-positive", "environment", "b15-yaml-config-device-cuda-on-cpu-host",
     "a training launcher reads device: cuda:0 from its YAML config on a CPU-only host and moves the model there: torch's lazy CUDA initialisation refuses because this build has no CUDA; the launcher's logging lines come first",
     """\
     import logging
     import yaml
     import torch
     import torch.nn as nn

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s [%(name)s] %(message)s")
     log = logging.getLogger("launcher")
     cfg = yaml.safe_load('''
     experiment: cifar10-wrn-16-4
     device: cuda:0
     precision: fp32
     optimizer: {name: sgd, lr: 0.1, momentum: 0.9}
     ''')
     log.info("loaded config for %s", cfg["experiment"])
     log.info("torch %s, cuda available: %s", torch.__version__, torch.cuda.is_available())
     model = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10))
     log.info("moving model to %s", cfg["device"])
     model = model.to(torch.device(cfg["device"]))
     log.info("model ready")
     """),
    ("pytorch", "venv", None, "false-positive", "environment", "b15-notebook-onnx-export-dynamo-without-onnxscript",
     "a notebook cell exports a model with torch.onnx.export(dynamo=True) in a kernel whose environment lacks the optional dependency onnxscript (simulated by a meta-path finder that blocks the import): the exporter's import fails with ModuleNotFoundError; the cell prompts are printed",
     """\
     import sys
     import importlib.abc

     class _NotInstalled(importlib.abc.MetaPathFinder):
         # this kernel's environment was built without onnxscript
         def find_spec(self, name, path=None, target=None):
             if name == "onnxscript" or name.startswith("onnxscript."):
                 raise ModuleNotFoundError(f"No module named {name!r}", name=name)
             return None

     sys.meta_path.insert(0, _NotInstalled())

     import torch
     import torch.nn as nn

     print("In [1]: import torch, torch.nn as nn")
     print("In [2]: model = nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 4)).eval()")
     model = nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 4)).eval()
     print("In [3]: torch.onnx.export(model, (torch.randn(1, 32),), 'classifier.onnx', dynamo=True)")
     print("---------------------------------------------------------------------------")
     torch.onnx.export(model, (torch.randn(1, 32),), "classifier.onnx", dynamo=True)
     """),
    ("pytorch", "venv", None, "false-positive", "environment", "b15-gha-custom-op-library-is-lfs-pointer",
     "a GitHub Actions test job checks the repository out without git-lfs, so the prebuilt custom-operator library is a Git LFS pointer text file; torch.ops.load_library fails to dlopen it (invalid ELF header) and the step fails with an ::error annotation",
     """\
     import os
     import sys
     import time
     import torch

     def ts():
         return time.strftime("%Y-%m-%dT%H:%M:%S.0000000Z", time.gmtime())

     os.makedirs("third_party/fused_ops/lib", exist_ok=True)
     lib = "third_party/fused_ops/lib/libfused_ops.so"
     with open(lib, "w") as f:
         f.write("version https://git-lfs.github.com/spec/v1\\n")
         f.write("oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\\n")
         f.write("size 18234880\\n")
     print(f"{ts()} ##[group]Run python -m pytest tests/test_fused_ops.py -x -q")
     print(f"{ts()} python -m pytest tests/test_fused_ops.py -x -q")
     print(f"{ts()} shell: /usr/bin/bash -e {{0}}")
     print(f"{ts()} ##[endgroup]")
     try:
         torch.ops.load_library(lib)
     except OSError as e:
         import traceback
         for line in traceback.format_exc().splitlines():
             print(f"{ts()} {line}")
         print(f"{ts()} ##[error]tests/test_fused_ops.py: could not load {lib}: {e.__cause__ or e}")
         print(f"{ts()} ##[error]Process completed with exit code 1.")
         sys.exit(1)
     print(f"{ts()} loaded fused ops")
     """),
    ("pytorch", "venv", None, "false-positive", "environment", "b15-torchrun-nccl-backend-on-cpu-node",
     "a torchrun-style launcher starts one rank whose training script calls init_process_group with backend nccl on a CPU-only node: the distributed package refuses because this build has no NCCL; the launcher prefixes the rank's output with [rank0]: and reports the failed child",
     """\
     import os
     import socket
     import subprocess
     import sys

     s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
     WORKER = '''
     import os, torch, torch.distributed as dist
     print(f"rank {os.environ['RANK']}/{os.environ['WORLD_SIZE']} local_rank {os.environ['LOCAL_RANK']} starting", flush=True)
     dist.init_process_group(backend="nccl")
     torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
     '''
     env = dict(os.environ, RANK="0", LOCAL_RANK="0", WORLD_SIZE="1", LOCAL_WORLD_SIZE="1",
                MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
     print("[launcher] torchrun --nnodes=1 --nproc-per-node=1 train_ddp.py --backend nccl")
     print(f"[launcher] master_addr=127.0.0.1 master_port={port} group_world_size=1")
     p = subprocess.run([sys.executable, "-c", WORKER], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
     for line in p.stdout.splitlines():
         print(f"[rank0]: {line}")
     if p.returncode:
         print(f"E1206 10:21:07.118000 {os.getpid()} torch/distributed/elastic/multiprocessing/api.py:882] failed (exitcode: {p.returncode}) local_rank: 0 (pid: {os.getpid() + 1}) of binary: {sys.executable}")
         print("torch.distributed.elastic.multiprocessing.errors.ChildFailedError:")
         print("train_ddp.py FAILED")
         sys.exit(1)
     """),
    ("pytorch", "venv", None, "false-positive", None, "b15-resume-from-truncated-checkpoint",
     "a training script resumes from checkpoints/last.pt, which a previous run left truncated when its disk filled during torch.save: torch.load rejects the zip archive (no central directory) with its own error; epoch log lines first",
     """\
     import os
     import torch
     import torch.nn as nn

     os.makedirs("checkpoints", exist_ok=True)
     model = nn.Sequential(nn.Linear(128, 256), nn.ReLU(), nn.Linear(256, 10))
     opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
     torch.save({"epoch": 11, "model": model.state_dict(), "optim": opt.state_dict()}, "checkpoints/last.pt")
     size = os.path.getsize("checkpoints/last.pt")
     with open("checkpoints/last.pt", "r+b") as f:
         f.truncate(size * 3 // 5)
     print("epoch 10 | train_loss 0.4127 | val_acc 0.8812 | saved checkpoints/epoch_10.pt")
     print("epoch 11 | train_loss 0.3985 | val_acc 0.8840 | saving checkpoints/last.pt ...")
     print("OSError: [Errno 28] No space left on device (save interrupted)")
     print("--- restart 1/3 ---")
     print(f"resuming from checkpoints/last.pt ({os.path.getsize('checkpoints/last.pt')} bytes)")
     state = torch.load("checkpoints/last.pt", map_location="cpu", weights_only=True)
     model.load_state_dict(state["model"])
     print("resumed at epoch", state["epoch"])
     """),
    ("pytorch", "venv", None, "false-positive", None, "b15-json-config-negative-weight-decay",
     "a training service reads its optimizer settings from a JSON config in which weight_decay is -0.0001 (a sign typo): torch.optim.AdamW rejects the value with its own check; the service logs JSON lines and re-raises",
     """\
     import json
     import time
     import torch
     import torch.nn as nn

     def log(level, msg, **kw):
         print(json.dumps({"ts": round(time.time(), 3), "level": level, "logger": "trainer.service", "msg": msg, **kw}), flush=True)

     cfg = json.loads('{"run_id": "r-20261206-0412", "optimizer": {"name": "adamw", "lr": 0.0003, "betas": [0.9, 0.999], "weight_decay": -0.0001}, "epochs": 30}')
     log("INFO", "config loaded", run_id=cfg["run_id"], optimizer=cfg["optimizer"])
     model = nn.Sequential(nn.Embedding(5000, 64), nn.Flatten(), nn.Linear(64 * 16, 2))
     log("INFO", "model built", params=sum(p.numel() for p in model.parameters()))
     o = cfg["optimizer"]
     try:
         opt = torch.optim.AdamW(model.parameters(), lr=o["lr"], betas=tuple(o["betas"]), weight_decay=o["weight_decay"])
     except Exception as e:
         log("ERROR", "optimizer construction failed", error=f"{type(e).__name__}: {e}")
         raise
     log("INFO", "optimizer ready")
     """),
    ("pytorch", "venv", None, "crash", "segfault", "b15-torchscript-archive-truncated-tensor-record",
     "a model server loads a TorchScript archive whose weight record was cut short by an interrupted copy (the zip is rewritten intact around a 4 KiB data/0 record of a 2048x2048 Linear): torch.jit.load accepts it without checking the record against the tensor's size and the first forward reads past the buffer and dies of SIGSEGV",
     """\
     import zipfile
     import torch
     import torch.nn as nn

     class Scorer(nn.Module):
         def __init__(self):
             super().__init__()
             self.proj = nn.Linear(2048, 2048)
         def forward(self, x):
             return torch.relu(self.proj(x)).sum(-1)

     torch.jit.save(torch.jit.script(Scorer()), "scorer_full.pt")
     src = zipfile.ZipFile("scorer_full.pt")
     with zipfile.ZipFile("scorer.pt", "w", zipfile.ZIP_STORED) as dst:
         for name in src.namelist():
             data = src.read(name)
             if name.endswith("/data/0"):
                 data = data[:4096]
             dst.writestr(name, data)
     print("[model-server] INFO  fetching artifact scorer.pt from the registry cache", flush=True)
     m = torch.jit.load("scorer.pt", map_location="cpu")
     print("[model-server] INFO  loaded TorchScript module", type(m).__name__, flush=True)
     print("[model-server] INFO  warm-up request batch=4 dim=2048", flush=True)
     print("[model-server] INFO  warm-up scores", m(torch.ones(4, 2048)).tolist(), flush=True)
     """),
    ("pytorch", "venv", None, "crash", "segfault", "b15-mmap-checkpoint-truncated-by-writer-sigbus",
     "an evaluator loads the trainer's latest checkpoint with torch.load(mmap=True) while the trainer starts rewriting the same file in place (truncating it): the first touch of a mapped tensor past the new end of file kills the evaluator with SIGBUS",
     """\
     import os
     import torch

     torch.save({"step": 4000, "encoder.weight": torch.randn(1024, 1024), "head.weight": torch.randn(10, 1024)}, "latest.pt")
     print(f"[eval] step-4000 checkpoint latest.pt {os.path.getsize('latest.pt')} bytes", flush=True)
     sd = torch.load("latest.pt", mmap=True, weights_only=True, map_location="cpu")
     print(f"[eval] mapped {len(sd)} entries (mmap=True), step {sd['step']}", flush=True)
     # the trainer reopens latest.pt with open(..., 'wb') for its next save
     with open("latest.pt", "r+b") as f:
         f.truncate(4096)
     print("[train] step 4500: writing latest.pt", flush=True)
     print("[eval] encoder.weight norm:", flush=True)
     print(sd["encoder.weight"].norm().item(), flush=True)
     """),
    ("pytorch", "venv", None, "oom", None, "b15-srun-mem-limit-batch-allocation",
     "a job started under a SLURM-style memory limit (applied to the process as RLIMIT_AS: current usage plus 1 GiB) builds its input batch from the config's batch_size=128 of 3x1024x1024 images: the 1.5 GiB tensor is refused by PyTorch's CPU allocator",
     """\
     import resource
     import torch

     vm = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
     limit = vm + (1 << 30)
     resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
     print("srun: job 884213 queued and waiting for resources")
     print("srun: job 884213 has been allocated resources")
     print(f"[job 884213] address-space limit {limit / 2**30:.2f} GiB (--mem plus interpreter)", flush=True)
     cfg = {"batch_size": 128, "image_size": 1024, "channels": 3}
     for bs in (8, cfg["batch_size"]):
         print(f"[job 884213] allocating input batch {bs}x{cfg['channels']}x{cfg['image_size']}x{cfg['image_size']} float32 "
               f"({bs * cfg['channels'] * cfg['image_size'] ** 2 * 4 / 2**30:.2f} GiB)", flush=True)
         batch = torch.empty(bs, cfg["channels"], cfg["image_size"], cfg["image_size"])
         print(f"[job 884213] ok {tuple(batch.shape)}", flush=True)
         del batch
     """),
    ("pytorch", "venv", None, "timeout", None, "b15-dataloader-worker-lock-held-at-fork",
     "a DataLoader with two forked workers whose dataset takes a module-level cache lock that a background warm-up thread in the parent holds at fork time: the workers' copy of the lock is never released, every __getitem__ blocks, and DataLoader(timeout=5) gives up",
     """\
     import threading
     import time
     import torch
     from torch.utils.data import DataLoader, Dataset

     _cache_lock = threading.Lock()
     _cache = {}

     class FeatureStore(Dataset):
         def __len__(self):
             return 256
         def __getitem__(self, i):
             with _cache_lock:
                 return _cache.get(i, torch.full((16,), float(i)))

     def warm_cache():
         with _cache_lock:
             for i in range(256):
                 _cache[i] = torch.full((16,), float(i))
                 time.sleep(0.1)

     if __name__ == "__main__":
         threading.Thread(target=warm_cache, daemon=True, name="cache-warmup").start()
         time.sleep(0.2)
         loader = DataLoader(FeatureStore(), batch_size=32, num_workers=2, timeout=5)
         print("epoch 0: starting, workers=2 timeout=5s", flush=True)
         t0 = time.time()
         for step, batch in enumerate(loader):
             print(f"epoch 0 step {step} batch {tuple(batch.shape)} {time.time() - t0:.2f}s", flush=True)
     """),
    ("pytorch", "venv", None, "nan", None, "b15-flush-denormal-rmsnorm-without-eps",
     "a perf-tuning config turns on torch.set_flush_denormal(True); an RMSNorm written without eps normalises small activations (about 1e-20) whose squares are denormal, so the mean square is flushed to 0 and the output is inf/NaN; the program's finiteness check fails (with the flag off the same input gives unit-scale values)",
     """\
     import torch

     def rms_norm(x):
         return x / x.pow(2).mean(-1, keepdim=True).sqrt()

     torch.set_num_threads(1)
     x = torch.tensor([[1.5e-20, -2.0e-20, 0.5e-20, 3.0e-20], [0.0, 1.0e-20, -1.0e-20, 0.0]])
     for fast_math in (False, True):
         torch.set_flush_denormal(fast_math)
         y = rms_norm(x)
         print(f"perf.flush_denormal={fast_math}: rms_norm -> {y.tolist()}")
     if not torch.isfinite(y).all():
         bad = (~torch.isfinite(y)).sum().item()
         raise FloatingPointError(f"rms_norm produced {bad} non-finite values with perf.flush_denormal=True")
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b15-repro-check-intra-op-threads-checksum",
     "a reproducibility gate that runs the same float32 reductions with torch.set_num_threads 1, 2 and 4 and requires bit-identical checksums (tolerance 0 ULP): the multi-threaded reductions split the sum differently and the checksums disagree; a table and exit 1",
     """\
     import struct
     import sys
     import torch

     torch.manual_seed(0)
     x = torch.randn(4_000_000) * 1000
     a = torch.randn(64, 4096)
     b = torch.randn(256, 4096)
     rows = []
     for n in (1, 2, 4):
         torch.set_num_threads(n)
         vals = (x.sum().item(), (x * x).mean().item(), (a @ b.t()).sum().item())
         bits = "".join(struct.pack("<f", v).hex() for v in vals)
         rows.append((n, vals, bits))
         print(f"threads={n:<2} sum={vals[0]:<14.2f} mean_sq={vals[1]:<14.4f} gemm_sum={vals[2]:<12.5f} checksum={bits}")
     ref = rows[0][2]
     bad = [n for n, _, bits in rows if bits != ref]
     if bad:
         print(f"REPRO FAIL: checksum differs from threads=1 for threads={bad} (required: bit-identical)")
         sys.exit(1)
     print("REPRO OK")
     """),
    ("pytorch", "venv", None, "inconsistency", None, "b15-pytest-autocast-cpu-bf16-vs-fp32",
     "a pytest check that the config switch amp: true (torch.autocast on the CPU with bfloat16) leaves a classifier's logits within atol 1e-3 of the float32 run: the bfloat16 matmuls differ by about 2e-3 and the assertion fails",
     """\
     import sys
     import torch
     import torch.nn as nn

     torch.manual_seed(0)
     model = nn.Sequential(nn.Linear(256, 512), nn.GELU(), nn.Linear(512, 10)).eval()
     x = torch.randn(32, 256)
     print("============================= test session starts ==============================")
     print("collected 2 items\\n")
     with torch.no_grad():
         ref = model(x)
         print("tests/test_amp.py::test_amp_off_matches_reference PASSED")
         with torch.autocast("cpu", dtype=torch.bfloat16):
             y = model(x)
     err = (y.float() - ref).abs().max().item()
     if err > 1e-3:
         print("tests/test_amp.py::test_amp_on_matches_reference FAILED\\n")
         print("=================================== FAILURES ===================================")
         print("________________________ test_amp_on_matches_reference _________________________")
         print(">       torch.testing.assert_close(y.float(), ref, atol=1e-3, rtol=0)")
         print("E       AssertionError: Tensor-likes are not close!")
         print(f"E       Mismatched elements: {int(((y.float() - ref).abs() > 1e-3).sum())} / {ref.numel()}")
         print(f"E       Greatest absolute difference: {err:.6g} (up to 0.001 allowed)")
         print(f"E       autocast dtype: {y.dtype}")
         print("========================= 1 failed, 1 passed in 0.52s ==========================")
         sys.exit(1)
     print("tests/test_amp.py::test_amp_on_matches_reference PASSED")
     """),
    # ---- PyTorch 1.13 (system) ----------------------------------------------------
    ("pytorch-1.13", "system", None, "false-positive", "environment", "b15-113-tensorboard-version-skew",
     "a training script on the PyTorch 1.13 host imports torch.utils.tensorboard while an old tensorboard 1.14 sits first on sys.path (a shim directory with that __version__ simulates the stale install): torch's own version check refuses it with ImportError",
     """\
     import os
     import sys

     os.makedirs("vendor/tensorboard", exist_ok=True)
     with open("vendor/tensorboard/__init__.py", "w") as f:
         f.write("__version__ = '1.14.0'\\n")
     sys.path.insert(0, os.path.abspath("vendor"))

     import torch
     print(f"$ PYTHONPATH=vendor python train.py --logdir runs/exp7   # torch {torch.__version__}", flush=True)
     print("setting up SummaryWriter for runs/exp7", flush=True)
     from torch.utils.tensorboard import SummaryWriter
     writer = SummaryWriter("runs/exp7")
     """),
    ("pytorch-1.13", "system", None, "false-positive", "environment", "b15-113-checkpoint-from-newer-format-version",
     "a model-registry client on the PyTorch 1.13 serving host loads a checkpoint whose zip archive records serialization version 12 (as a newer PyTorch writes it; simulated by rewriting the version record): the 1.13 reader refuses a version above 10 and asks for an upgrade",
     """\
     import zipfile
     import torch
     import torch.nn as nn

     net = nn.Sequential(nn.Linear(20, 40), nn.Tanh(), nn.Linear(40, 1))
     torch.save(net.state_dict(), "staged.pt")
     src = zipfile.ZipFile("staged.pt")
     with zipfile.ZipFile("ranker-v31.pt", "w", zipfile.ZIP_STORED) as dst:
         for name in src.namelist():
             data = src.read(name)
             if name.endswith("/version"):
                 data = b"12\\n"
             dst.writestr(name, data)
     print("registry> pull ranker:v31 (producer: trainer-gpu-07, torch 2.x) -> ranker-v31.pt", flush=True)
     print(f"registry> local torch {torch.__version__}", flush=True)
     state = torch.load("ranker-v31.pt", map_location="cpu")
     net.load_state_dict(state)
     print("registry> ranker:v31 ready", flush=True)
     """),
    ("pytorch-1.13", "system", None, "false-positive", None, "b15-113-html-error-page-saved-as-weights",
     "a setup script downloads pretrained weights but the mirror answered with an HTML error page that was saved as resnet50.pth: torch.load of PyTorch 1.13 fails to unpickle it (invalid load key '<'); the download log comes first",
     """\
     import os
     import torch

     with open("resnet50.pth", "w") as f:
         f.write("<!DOCTYPE html>\\n<html><head><title>403 Forbidden</title></head>\\n")
         f.write("<body><h1>Forbidden</h1><p>Request signature expired.</p></body></html>\\n")
     print("--2026-12-06 08:14:02--  https://mirror.internal/models/resnet50-0676ba61.pth")
     print("Resolving mirror.internal... 10.20.0.14")
     print("HTTP request sent, awaiting response... 403 Forbidden (saved anyway: --content-on-error)")
     print(f"Saving to: 'resnet50.pth'   {os.path.getsize('resnet50.pth')} bytes", flush=True)
     print(f"+ python -c 'torch.load(\\"resnet50.pth\\")'   # torch {torch.__version__}", flush=True)
     sd = torch.load("resnet50.pth", map_location="cpu")
     print(len(sd), "tensors")
     """),
    ("pytorch-1.13", "system", None, "crash", "abort", "b15-113-interop-threads-configured-twice-abort",
     "a launcher applies threads.inter_op=4 from its config with torch.set_num_interop_threads, then the data module applies its own setting again: PyTorch 1.13 throws c10::Error from a path that cannot propagate it and the process aborts (terminate called after throwing an instance of 'c10::Error')",
     """\
     import torch

     cfg = {"threads": {"intra_op": 2, "inter_op": 4}, "data": {"inter_op_threads": 2}}
     print(f"[launcher] torch {torch.__version__}: intra_op={cfg['threads']['intra_op']} inter_op={cfg['threads']['inter_op']}", flush=True)
     torch.set_num_threads(cfg["threads"]["intra_op"])
     torch.set_num_interop_threads(cfg["threads"]["inter_op"])
     print("[launcher] thread pools configured", flush=True)
     print(f"[data] configuring loader pools: inter_op_threads={cfg['data']['inter_op_threads']}", flush=True)
     torch.set_num_interop_threads(cfg["data"]["inter_op_threads"])
     print("[data] ready", flush=True)
     """),
    ("pytorch-1.13", "system", None, "crash", "not-implemented", "b15-113-env-infer-dtype-float16-gelu",
     "an inference harness picks its dtype from INFER_DTYPE=float16 (set in the service's environment file) and runs a token encoder (Embedding, then GELU) on the CPU under PyTorch 1.13: the float32 smoke test runs, the float16 embedding lookup runs, and the GELU fails because 1.13 has no Half GeluKernelImpl on the CPU",
     """\
     import os
     import torch
     import torch.nn as nn

     os.environ.setdefault("INFER_DTYPE", "float16")
     torch.manual_seed(0)
     enc = nn.Sequential(nn.Embedding(30522, 128), nn.GELU(), nn.Dropout(0.1)).eval()
     ids = torch.randint(0, 30522, (4, 32))
     with torch.no_grad():
         print(f"[harness] smoke test float32: out {tuple(enc(ids).shape)}", flush=True)
         dt = getattr(torch, os.environ["INFER_DTYPE"])
         print(f"[harness] INFER_DTYPE={os.environ['INFER_DTYPE']} -> casting encoder to {dt}", flush=True)
         enc = enc.to(dt)
         print(f"[harness] embedding lookup {enc[0](ids).dtype}", flush=True)
         y = enc(ids)
         print(f"[harness] {dt} out {tuple(y.shape)}", flush=True)
     """),
    ("pytorch-1.13", "system", None, "timeout", None, "b15-113-gloo-peer-never-joins",
     "rank 0 of a two-rank gloo job calls init_process_group with a 5-second timeout while the launcher never starts rank 1 (its node failed to come up): the store waits for the missing peer and PyTorch 1.13 gives up with a socket timeout",
     """\
     import datetime
     import socket
     import time
     import torch
     import torch.distributed as dist

     s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
     print(f"[rank 0] torch {torch.__version__} init_process_group(gloo, tcp://127.0.0.1:{port}, world_size=2, timeout=5s)", flush=True)
     print("[rank 0] waiting for rank 1 (node gpu-b07)...", flush=True)
     t0 = time.time()
     try:
         dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=0, world_size=2,
                                 timeout=datetime.timedelta(seconds=5))
     finally:
         print(f"[rank 0] init_process_group returned after {time.time() - t0:.1f}s", flush=True)
     """),
    # ---- ONNX Runtime ------------------------------------------------------------------
    ("onnxruntime", "venv", None, "false-positive", "environment", "b15-ort-model-ir-version-from-newer-exporter",
     "a deployment smoke test loads an ONNX model stamped with IR version 15 by a newer exporter than the installed ONNX Runtime 1.32 supports (version skew, simulated by setting ir_version): the loader refuses it with its maximum supported IR version",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as TP, helper

     vi = helper.make_tensor_value_info
     w = helper.make_tensor("w", TP.FLOAT, [16, 4], np.random.RandomState(0).randn(64).astype(np.float32).tolist())
     g = helper.make_graph([helper.make_node("MatMul", ["x", "w"], ["h"]), helper.make_node("Softmax", ["h"], ["y"], axis=-1)],
                           "intent-head", [vi("x", TP.FLOAT, [None, 16])], [vi("y", TP.FLOAT, None)], initializer=[w])
     m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 21)], producer_name="exporter-nightly", producer_version="2.0.0.dev20261201")
     m.ir_version = 15
     with open("intent_head.onnx", "wb") as f:
         f.write(m.SerializeToString())
     print(f"==> smoke-test intent_head.onnx (producer {m.producer_name} {m.producer_version}, ir_version {m.ir_version})")
     print(f"==> onnxruntime {ort.__version__}, providers {ort.get_available_providers()}")
     sess = ort.InferenceSession("intent_head.onnx", providers=["CPUExecutionProvider"])
     print(sess.run(None, {"x": np.ones((1, 16), np.float32)})[0])
     """),
    ("onnxruntime", "venv", None, "false-positive", "environment", "b15-ort-custom-ops-library-not-built",
     "an inference service registers the custom-operator library named by ORT_CUSTOM_OPS_LIB, but the image was built without running the library's build step, so the .so is not there: SessionOptions.register_custom_ops_library fails to load it; the service's startup log lines come first",
     """\
     import logging
     import os
     import onnxruntime as ort

     logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s: %(message)s")
     log = logging.getLogger("inference-svc")
     os.environ.setdefault("ORT_CUSTOM_OPS_LIB", os.path.abspath("build/lib/libtext_ops.so"))
     log.info("onnxruntime %s starting, model=models/tokenizer_in_graph.onnx", ort.__version__)
     lib = os.environ["ORT_CUSTOM_OPS_LIB"]
     log.info("registering custom ops from %s", lib)
     so = ort.SessionOptions()
     so.register_custom_ops_library(lib)
     log.info("custom ops registered")
     """),
    ("onnxruntime", "venv", None, "false-positive", "environment", "b15-ort-iobinding-cuda-device-cpu-package",
     "a pipeline written for the GPU package binds its input as an OrtValue on device 'cuda' (to avoid host copies) while the CPU-only onnxruntime package is installed: ONNX Runtime refuses to allocate on a device this package does not support",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as TP, helper

     vi = helper.make_tensor_value_info
     g = helper.make_graph([helper.make_node("Relu", ["x"], ["y"])], "g", [vi("x", TP.FLOAT, [None, 8])], [vi("y", TP.FLOAT, None)])
     m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 21)], ir_version=10)
     cfg = {"device": "cuda", "device_id": 0, "providers": ["CUDAExecutionProvider", "CPUExecutionProvider"]}
     print(f"[pipeline] onnxruntime {ort.__version__} device={ort.get_device()} available={ort.get_available_providers()}", flush=True)
     sess = ort.InferenceSession(m.SerializeToString(), providers=cfg["providers"])
     print(f"[pipeline] session providers: {sess.get_providers()}", flush=True)
     x = np.random.RandomState(0).randn(4, 8).astype(np.float32)
     print(f"[pipeline] binding input on {cfg['device']}:{cfg['device_id']}", flush=True)
     xv = ort.OrtValue.ortvalue_from_numpy(x, cfg["device"], cfg["device_id"])
     io = sess.io_binding()
     io.bind_ortvalue_input("x", xv)
     io.bind_output("y", cfg["device"], cfg["device_id"])
     sess.run_with_iobinding(io)
     """),
    ("onnxruntime", "venv", None, "false-positive", None, "b15-ort-external-data-file-not-shipped",
     "a model saved with its weights in external data (model.onnx plus model.onnx.data) is copied to the serving directory without the .data file: ONNX Runtime fails to load the initializer from the missing external file with its own error",
     """\
     import os
     import shutil
     import numpy as np
     import onnx
     import onnxruntime as ort
     from onnx import TensorProto as TP, helper, numpy_helper

     vi = helper.make_tensor_value_info
     w = numpy_helper.from_array(np.random.RandomState(0).randn(512, 256).astype(np.float32), "w")
     g = helper.make_graph([helper.make_node("MatMul", ["x", "w"], ["y"])], "encoder", [vi("x", TP.FLOAT, [None, 512])], [vi("y", TP.FLOAT, None)], initializer=[w])
     m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 21)], ir_version=10)
     os.makedirs("export", exist_ok=True); os.makedirs("serving", exist_ok=True)
     onnx.save_model(m, "export/encoder.onnx", save_as_external_data=True, all_tensors_to_one_file=True, location="encoder.onnx.data", size_threshold=1024)
     print("$ ls -l export/")
     for n in sorted(os.listdir("export")):
         print(f"-rw-r--r-- 1 ci ci {os.path.getsize(os.path.join('export', n)):>8} {n}")
     print("$ cp export/encoder.onnx serving/")
     shutil.copy("export/encoder.onnx", "serving/")
     print("$ python serve.py --model serving/encoder.onnx", flush=True)
     sess = ort.InferenceSession("serving/encoder.onnx", providers=["CPUExecutionProvider"])
     print(sess.run(None, {"x": np.ones((1, 512), np.float32)})[0].shape)
     """),
    ("onnxruntime", "venv", None, "crash", "not-implemented", "b15-ort-export-precision-float64-leaky-relu",
     "a scientific-surrogate model exported with the export setting precision=float64 (every tensor double) and run on ONNX Runtime: the schema allows tensor(double) for LeakyRelu but the CPU execution provider has no float64 kernel for it (NOT_IMPLEMENTED at session creation); the float32 export of the same graph runs",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as TP, helper, numpy_helper

     def export(precision):
         tp, npt = {"float32": (TP.FLOAT, np.float32), "float64": (TP.DOUBLE, np.float64)}[precision]
         rs = np.random.RandomState(0)
         inits = [numpy_helper.from_array(rs.randn(6, 32).astype(npt), "w1"), numpy_helper.from_array(rs.randn(32).astype(npt), "b1"),
                  numpy_helper.from_array(rs.randn(32, 1).astype(npt), "w2")]
         nodes = [helper.make_node("MatMul", ["x", "w1"], ["h0"]), helper.make_node("Add", ["h0", "b1"], ["h1"]),
                  helper.make_node("LeakyRelu", ["h1"], ["h2"], alpha=0.01), helper.make_node("MatMul", ["h2", "w2"], ["y"])]
         g = helper.make_graph(nodes, "surrogate", [helper.make_tensor_value_info("x", tp, [None, 6])], [helper.make_tensor_value_info("y", tp, None)], initializer=inits)
         return helper.make_model(g, opset_imports=[helper.make_opsetid("", 21)], ir_version=10), npt

     for precision in ("float32", "float64"):
         print(f"export.precision={precision}: building session", flush=True)
         m, npt = export(precision)
         sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
         y = sess.run(None, {"x": np.linspace(-1, 1, 12).reshape(2, 6).astype(npt)})[0]
         print(f"export.precision={precision}: y = {y.ravel().tolist()}", flush=True)
     """),
    ("onnxruntime", "venv", None, "oom", None, "b15-ort-env-arena-max-mem-cap",
     "a multi-tenant server registers a shared CPU arena capped by its config (OrtArenaCfg max_mem 64 MiB, session.use_env_allocators=1); a request whose Tile output needs 128 MiB is refused by ONNX Runtime's BFC arena",
     """\
     import json
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as TP, helper

     cfg = json.loads('{"arena": {"max_mem_mb": 64, "extend_strategy": "same_as_requested"}, "tenants": 3}')
     mi = ort.OrtMemoryInfo("Cpu", ort.OrtAllocatorType.ORT_ARENA_ALLOCATOR, 0, ort.OrtMemType.DEFAULT)
     ort.create_and_register_allocator(mi, ort.OrtArenaCfg({"max_mem": cfg["arena"]["max_mem_mb"] << 20, "arena_extend_strategy": 1}))
     print(f"shared arena registered: {json.dumps(cfg['arena'])}", flush=True)
     vi = helper.make_tensor_value_info
     g = helper.make_graph([helper.make_node("Tile", ["x", "reps"], ["y"])], "expand", [vi("x", TP.FLOAT, [None, None]), vi("reps", TP.INT64, [2])], [vi("y", TP.FLOAT, None)])
     m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 21)], ir_version=10)
     so = ort.SessionOptions()
     so.add_session_config_entry("session.use_env_allocators", "1")
     sess = ort.InferenceSession(m.SerializeToString(), so, providers=["CPUExecutionProvider"])
     x = np.ones((1024, 1024), np.float32)
     for req, reps in enumerate(([1, 1], [4, 1], [32, 1])):
         print(f"request {req}: Tile(float32[1024,1024], reps={reps}) -> {reps[0] * 4} MiB output", flush=True)
         y = sess.run(None, {"x": x, "reps": np.array(reps, np.int64)})[0]
         print(f"request {req}: ok {y.shape}", flush=True)
     """),
    ("onnxruntime", "venv", None, "inconsistency", None, "b15-ort-denormal-as-zero-vs-default",
     "an A/B check of the session option session.set_denormal_as_zero=1 (a fast-math setting) against the default session on a surrogate MatMul whose outputs are about 6e-41 (denormal float32): with the flag the work done on the intra-op pool threads is flushed to 0, so part of the output is 0 where the default session keeps the values; relative tolerance 1e-3, exits 1",
     """\
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as TP, helper

     vi = helper.make_tensor_value_info
     g = helper.make_graph([helper.make_node("MatMul", ["x", "w"], ["y"])], "xsec", [vi("x", TP.FLOAT, [None, None]), vi("w", TP.FLOAT, [None, None])], [vi("y", TP.FLOAT, None)])
     m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 21)], ir_version=10).SerializeToString()
     rs = np.random.RandomState(0)
     x = (rs.rand(256, 256) * 1e-21).astype(np.float32)
     w = (rs.rand(256, 256) * 1e-21).astype(np.float32)
     outs = {}
     for flag in ("0", "1"):
         so = ort.SessionOptions()
         so.intra_op_num_threads = 4
         so.add_session_config_entry("session.set_denormal_as_zero", flag)
         sess = ort.InferenceSession(m, so, providers=["CPUExecutionProvider"])
         outs[flag] = sess.run(None, {"x": x, "w": w})[0]
         print(f"set_denormal_as_zero={flag}: y[0,:3]={outs[flag][0, :3].tolist()} y[-1,:3]={outs[flag][-1, :3].tolist()} zeros={int((outs[flag] == 0).sum())}")
     rel = np.abs(outs["1"] - outs["0"]) / np.abs(outs["0"])
     n_bad = int((rel > 1e-3).sum())
     print(f"max relative difference {rel.max():.3g} (rtol 1e-3), {n_bad} of {rel.size} elements differ")
     if n_bad:
         raise SystemExit("A/B FAILED: session.set_denormal_as_zero changes the model output")
     """),
    ("onnxruntime", "venv", None, "timeout", None, "b15-ort-request-deadline-terminate-loop",
     "a serving wrapper enforces a 3-second request deadline by setting RunOptions.terminate from a timer thread; a request whose Loop trip count comes from the client (10**12 decoding steps) runs past it and ONNX Runtime stops the run (Exiting due to terminate flag)",
     """\
     import threading
     import time
     import numpy as np
     import onnxruntime as ort
     from onnx import TensorProto as TP, helper

     vi = helper.make_tensor_value_info
     body = helper.make_graph(
         [helper.make_node("Identity", ["cond_in"], ["cond_out"]), helper.make_node("Add", ["v_in", "one"], ["v_sum"]),
          helper.make_node("Sin", ["v_sum"], ["v_out"])],
         "step", [vi("i", TP.INT64, []), vi("cond_in", TP.BOOL, []), vi("v_in", TP.FLOAT, [1])],
         [vi("cond_out", TP.BOOL, []), vi("v_out", TP.FLOAT, [1])], initializer=[helper.make_tensor("one", TP.FLOAT, [1], [1.0])])
     g = helper.make_graph([helper.make_node("Loop", ["max_steps", "go", "v0"], ["v"], body=body)], "decoder",
                           [vi("max_steps", TP.INT64, []), vi("go", TP.BOOL, []), vi("v0", TP.FLOAT, [1])], [vi("v", TP.FLOAT, None)])
     sess = ort.InferenceSession(helper.make_model(g, opset_imports=[helper.make_opsetid("", 21)], ir_version=10).SerializeToString(),
                                 providers=["CPUExecutionProvider"])

     def handle(req_id, steps, deadline=3.0):
         ro = ort.RunOptions()
         ro.logid = req_id
         timer = threading.Timer(deadline, lambda: setattr(ro, "terminate", True))
         timer.start()
         t0 = time.time()
         try:
             out = sess.run(None, {"max_steps": np.array(steps, np.int64), "go": np.array(True), "v0": np.zeros(1, np.float32)}, ro)[0]
             print(f"{req_id} steps={steps} ok v={out.tolist()} {time.time() - t0:.3f}s", flush=True)
         except Exception:
             print(f"{req_id} steps={steps} deadline {deadline:g}s exceeded after {time.time() - t0:.2f}s, run terminated", flush=True)
             raise
         finally:
             timer.cancel()

     for rid, steps in (("req-0001", 16), ("req-0002", 2000), ("req-0003", 10 ** 12)):
         handle(rid, steps)
     """),
    # ---- MindSpore -----------------------------------------------------------------------
    ("mindspore", "mindspore", None, "false-positive", "environment", "b15-ms-yaml-device-target-gpu-cpu-wheel",
     "a MindSpore training script takes device_target: GPU from its YAML config on a host with the CPU-only wheel: MindSpore's run-check reports libcuda/libcudnn missing and set_device refuses the GPU target (this process only supports CPU)",
     """\
     import yaml
     import mindspore

     cfg = yaml.safe_load('''
     model: lenet5
     device_target: GPU
     device_id: 0
     mode: PYNATIVE
     ''')
     print(f"[train.py] mindspore {mindspore.__version__}, config: {cfg}", flush=True)
     mindspore.set_device(cfg["device_target"], cfg["device_id"])
     print("[train.py] device set", flush=True)
     """),
    ("mindspore", "mindspore", None, "false-positive", "environment", "b15-ms-custom-aot-path-outside-whitelist",
     "the platform team's environment sets MS_CUSTOM_AOT_WHITE_LIST=/opt/mindspore/custom_ops, while a project builds its AOT custom operator into its own build/ directory: mindspore.ops.Custom refuses the library path as outside the legal path",
     """\
     import os
     import numpy as np
     import mindspore
     from mindspore import Tensor, ops

     mindspore.set_device("CPU")
     os.environ.setdefault("MS_CUSTOM_AOT_WHITE_LIST", "/opt/mindspore/custom_ops")
     print(f"env: MS_CUSTOM_AOT_WHITE_LIST={os.environ['MS_CUSTOM_AOT_WHITE_LIST']}", flush=True)
     lib = os.path.abspath("build/custom/libfused_swiglu.so")
     print(f"registering Custom(func='{lib}:FusedSwiGLU', func_type='aot')", flush=True)
     swiglu = ops.Custom(f"{lib}:FusedSwiGLU", out_shape=lambda x: x, out_dtype=lambda x: x, func_type="aot")
     print(swiglu(Tensor(np.ones((2, 8), np.float32))))
     """),
    ("mindspore", "mindspore", None, "false-positive", "environment", "b15-ms-communication-init-without-launcher",
     "a data-parallel MindSpore script is started with plain python instead of msrun/mpirun, so none of the cluster environment variables are set: mindspore.communication.init() refuses and says to launch the process with mpirun or msrun; a shell harness echoes the command",
     """\
     import os
     import mindspore
     from mindspore.communication import init, get_rank, get_group_size

     mindspore.set_device("CPU")
     print("+ export DEVICE_NUM=2", flush=True)
     print("+ python train_dp.py --parallel-mode data_parallel   # (msrun --worker_num=2 expected)", flush=True)
     print(f"MS_ROLE={os.environ.get('MS_ROLE')} MS_WORKER_NUM={os.environ.get('MS_WORKER_NUM')} MS_SCHED_HOST={os.environ.get('MS_SCHED_HOST')}", flush=True)
     init()
     print(f"rank {get_rank()} of {get_group_size()}")
     """),
    ("mindspore", "mindspore", None, "false-positive", None, "b15-ms-truncated-checkpoint-after-copy",
     "an evaluation job loads a MindSpore checkpoint that an interrupted rsync left at half its size: load_checkpoint cannot parse the protobuf and rejects the file as corrupted; the job's copy log comes first",
     """\
     import os
     import mindspore
     from mindspore import nn

     mindspore.set_device("CPU")
     net = nn.SequentialCell([nn.Dense(128, 64), nn.ReLU(), nn.Dense(64, 10)])
     mindspore.save_checkpoint(net, "full.ckpt")
     full = os.path.getsize("full.ckpt")
     with open("full.ckpt", "rb") as src, open("resnet_head-30_1875.ckpt", "wb") as dst:
         dst.write(src.read(full // 2))
     print(f"rsync: connection unexpectedly closed ({full // 2} bytes received so far) [receiver]")
     print("rsync error: error in rsync protocol data stream (code 12) at io.c(228) [receiver=3.2.7]")
     print("eval: loading resnet_head-30_1875.ckpt", flush=True)
     params = mindspore.load_checkpoint("resnet_head-30_1875.ckpt")
     mindspore.load_param_into_net(net, params)
     print("eval: checkpoint loaded")
     """),
    ("mindspore", "mindspore", None, "crash", "not-implemented", "b15-ms-amp-o2-bfloat16-dense-cpu",
     "a training config selects amp_level O2 with dtype bfloat16 (as tuned for Ascend) and the network runs on the CPU: MindSpore casts the Dense layers to bfloat16 and the CPU has no bfloat16 MatMul kernel (Select CPU operator[MatMul] fail! Unsupported data type!); the float32 run first",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, amp, nn

     mindspore.set_device("CPU")
     mindspore.set_seed(0)
     cfg = {"amp_level": "O2", "amp_dtype": "bfloat16"}
     x = Tensor(np.random.RandomState(0).rand(8, 784).astype(np.float32))
     net = nn.SequentialCell([nn.Dense(784, 256), nn.ReLU(), nn.Dense(256, 10)])
     print("amp O0 float32:", net(x).shape, flush=True)
     print(f"applying amp_level={cfg['amp_level']} dtype={cfg['amp_dtype']}", flush=True)
     net = amp.auto_mixed_precision(net, cfg["amp_level"], dtype=getattr(mindspore, cfg["amp_dtype"]))
     print(f"amp {cfg['amp_level']} {cfg['amp_dtype']}:", net(x).shape, flush=True)
     """),
    ("mindspore", "mindspore", None, "oom", None, "b15-ms-container-address-space-limit",
     "a MindSpore job in a container whose address space is capped (applied here as RLIMIT_AS: current usage plus 1 GiB) allocates a 2 GiB ones tensor for a feature cache: the CPU memory pool's malloc fails and MindSpore reports Allocate memory failed",
     """\
     import resource
     import mindspore
     from mindspore import ops

     mindspore.set_device("CPU")
     warm = ops.ones((4, 4), mindspore.float32)
     print("warm-up sum", float(warm.sum()), flush=True)
     vm = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
     limit = vm + (1 << 30)
     resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
     print(f"container limit applied: RLIMIT_AS={limit / 2**30:.2f} GiB", flush=True)
     for rows in (4096, 524288):
         print(f"feature cache: ops.ones(({rows}, 1024), float32) = {rows * 4096 / 2**20:.0f} MiB", flush=True)
         cache = ops.ones((rows, 1024), mindspore.float32)
         print(f"feature cache: first entry {float(cache[0, 0])}", flush=True)
     """),
    ("mindspore", "mindspore", None, "nan", None, "b15-ms-amp-o3-float16-raw-pcm-standardize",
     "a config sets amp_level O3 (the whole network in float16) for an audio classifier whose first cell standardises raw 16-bit PCM amplitudes (about 3000): x*x overflows float16, the variance becomes inf - inf and the logits come out NaN; with O0 the same input is finite; the program's check fails",
     """\
     import numpy as np
     import mindspore
     from mindspore import Tensor, amp, nn, ops

     mindspore.set_device("CPU")
     mindspore.set_seed(0)

     class Standardize(nn.Cell):
         def construct(self, x):
             mean = x.mean(-1, keep_dims=True)
             var = (x * x).mean(-1, keep_dims=True) - mean * mean
             return (x - mean) / ops.sqrt(var + 1e-5)

     class AudioNet(nn.Cell):
         def __init__(self):
             super().__init__()
             self.norm = Standardize()
             self.fc = nn.Dense(400, 8)
         def construct(self, x):
             return self.fc(self.norm(x))

     pcm = Tensor((np.random.RandomState(0).randn(4, 400) * 3000).astype(np.float32))
     for level in ("O0", "O3"):
         net = amp.auto_mixed_precision(AudioNet(), level, dtype=mindspore.float16)
         logits = net(pcm).asnumpy()
         print(f"amp_level={level}: logits[0,:4]={np.round(logits[0, :4], 4).tolist()} finite={bool(np.isfinite(logits).all())}", flush=True)
     if not np.isfinite(logits).all():
         raise FloatingPointError(f"NaN/Inf in logits with amp_level=O3: {int((~np.isfinite(logits)).sum())} of {logits.size} values")
     """),
]

add_batch(B15_A)

B15_B = [
    # ---- TensorFlow -------------------------------------------------------------
    ("tensorflow", "venv", None, "false-positive", "environment", "b15-tf-load-op-library-missing-custom-op-so",
     "a model-serving launcher (logging lines) loads the model's custom-op libraries with tf.load_op_library from CUSTOM_OPS_DIR; the .so files were never deployed on this host, TensorFlow's loader reports NotFoundError (cannot open shared object file) and the launcher exits 2",
     """\
     import logging
     import os
     import sys

     logging.basicConfig(level=logging.INFO, format="%(asctime)s [serve-launcher] %(levelname)s %(message)s")
     log = logging.getLogger("launcher")
     ops_dir = os.environ.get("CUSTOM_OPS_DIR", "/opt/ranker/custom_ops/lib")
     log.info("model=ranker-v7 signature=serving_default CUSTOM_OPS_DIR=%s", ops_dir)
     import tensorflow as tf
     log.info("tensorflow %s, devices: %s", tf.__version__, [d.name for d in tf.config.list_physical_devices()])
     for lib in ("libsparse_hash_embedding.so", "libgather_topk_ops.so"):
         path = os.path.join(ops_dir, lib)
         log.info("loading custom op library %s", path)
         try:
             mod = tf.load_op_library(path)
         except tf.errors.NotFoundError as e:
             log.error("tf.load_op_library failed: %s: %s", type(e).__name__, e)
             log.critical("model ranker-v7 needs op SparseHashEmbeddingLookup from %s; refusing to start", lib)
             sys.exit(2)
         log.info("registered ops: %s", [n for n in dir(mod) if not n.startswith("_")])
     """),
    ("tensorflow", "venv", None, "false-positive", "environment", "b15-tf-gpu-placement-strict-on-cpu-host",
     "a training script whose config pins the model to /GPU:0 with soft device placement disabled runs on a CPU-only host: TensorFlow finds no GPU and refuses the placement (Could not satisfy device specification ... Supported device types [CPU])",
     """\
     import tensorflow as tf

     config = {"device": "/GPU:0", "soft_device_placement": False, "batch_size": 32}
     print("config:", config)
     print("visible GPUs:", tf.config.list_physical_devices("GPU"))
     tf.config.set_soft_device_placement(config["soft_device_placement"])
     with tf.device(config["device"]):
         w = tf.Variable(tf.random.normal([64, 10], seed=1), name="dense/kernel")
         x = tf.random.normal([config["batch_size"], 64], seed=2)
         logits = tf.matmul(x, w)
     print("logits", logits.shape, logits.device)
     """),
    ("tensorflow", "venv", None, "false-positive", "environment", "b15-tf-use-legacy-keras-without-tf-keras",
     "a GitHub Actions job sets TF_USE_LEGACY_KERAS=1 (left over from a Keras 2 migration) in an image without the tf_keras package (it is not installed in this environment): tensorflow's lazy tf.keras loader refuses (ImportError: Keras cannot be imported) and the step fails with ::error annotations",
     """\
     import os
     import sys
     import traceback

     os.environ["TF_USE_LEGACY_KERAS"] = "1"
     print("Run python -m training.smoke_test --epochs 1")
     print("  python -m training.smoke_test --epochs 1")
     print("  shell: /usr/bin/bash -e {0}")
     print("  env:")
     print("    TF_USE_LEGACY_KERAS: 1")
     print("    pythonLocation: /opt/hostedtoolcache/Python/3.11.7/x64")
     import tensorflow as tf
     print(f"tensorflow {tf.__version__}")
     try:
         model = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(1)])
         model.compile(optimizer="adam", loss="mse")
     except ImportError as e:
         traceback.print_exc(file=sys.stdout)
         print(f"::error file=training/smoke_test.py,line=27,title=smoke test::{type(e).__name__}: {e}")
         print("Error: Process completed with exit code 1.")
         sys.exit(1)
     """),
    ("tensorflow", "venv", None, "false-positive", None, "b15-tf-checkpoint-corrupted-data-shard-restore",
     "Jupyter-like cell output: a tf.train.Checkpoint is saved, 512 bytes of its data shard are zeroed (a copy damaged in transfer), and restoring it is rejected by TensorFlow's own CRC check (DataLossError: Checksum does not match)",
     """\
     import glob
     import sys
     import traceback
     import tensorflow as tf

     print("In [1]: ckpt = tf.train.Checkpoint(w=..., b=...); path = ckpt.save('ckpt/model')")
     ckpt = tf.train.Checkpoint(w=tf.Variable(tf.random.normal([256, 256], seed=4)), b=tf.Variable(tf.zeros([256])))
     path = ckpt.save("ckpt/model")
     print(f"Out[1]: '{path}'")
     print("\\nIn [2]: !scp trainer:/data/ckpt/model-1.data-00000-of-00001 ckpt/   # re-copied from the trainer")
     shard = glob.glob("ckpt/model-1.data-*")[0]
     with open(shard, "r+b") as f:
         f.seek(4096)
         f.write(b"\\x00" * 512)
     print("\\nIn [3]: restored = tf.train.Checkpoint(w=tf.Variable(tf.zeros([256, 256])), b=tf.Variable(tf.ones([256])))\\n   ...: restored.restore(path).assert_consumed()")
     restored = tf.train.Checkpoint(w=tf.Variable(tf.zeros([256, 256])), b=tf.Variable(tf.ones([256])))
     try:
         restored.restore(path).assert_consumed()
     except Exception as e:
         print("-" * 75)
         print(f"{type(e).__name__:<42}Traceback (most recent call last)")
         print("".join(traceback.format_tb(e.__traceback__)[-3:]), end="")
         print(f"{type(e).__name__}: {e}")
         sys.exit(1)
     """),
    ("tensorflow", "venv", None, "crash", "abort", "b15-tf-intra-op-threads-minus-one-config",
     "a make target runs a training script whose runtime config sets intra_op_threads: -1 (meant as 'all cores', as in n_jobs=-1); tf.config.threading accepts the value, and creating the CPU device's thread pool fails a CHECK (num_threads >= 1) and aborts the process instead of rejecting the setting",
     """\
     import tensorflow as tf

     runtime = {"intra_op_threads": -1, "inter_op_threads": 2, "xla_jit": False}
     print("$ make train CONFIG=configs/cpu-node.yaml")
     print("python train.py --config configs/cpu-node.yaml")
     print(f"[train] runtime: {runtime}", flush=True)
     tf.config.threading.set_intra_op_parallelism_threads(runtime["intra_op_threads"])
     tf.config.threading.set_inter_op_parallelism_threads(runtime["inter_op_threads"])
     print(f"[train] threading: intra={tf.config.threading.get_intra_op_parallelism_threads()} inter={tf.config.threading.get_inter_op_parallelism_threads()}", flush=True)
     x = tf.random.normal([128, 64], seed=0)
     w = tf.random.normal([64, 8], seed=1)
     print("[train] first step loss", float(tf.reduce_mean(tf.matmul(x, w) ** 2)), flush=True)
     """),
    ("tensorflow", "venv", None, "crash", "not-implemented", "b15-tf-cholesky-float16-from-dtype-env",
     "a Gaussian-process regression job takes its compute dtype from GP_DTYPE=float16 (set to halve memory): tf.linalg.cholesky's op schema allows half but TensorFlow has no CPU kernel for Cholesky in half precision (NotFoundError: Could not find device for node Cholesky[T=DT_HALF])",
     """\
     import logging
     import os
     import numpy as np
     import tensorflow as tf

     os.environ.setdefault("GP_DTYPE", "float16")
     logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
     log = logging.getLogger("gp.fit")
     dtype = tf.as_dtype(os.environ["GP_DTYPE"])
     log.info("GP_DTYPE=%s -> %s", os.environ["GP_DTYPE"], dtype.name)
     rs = np.random.RandomState(0)
     x = tf.constant(rs.rand(64, 2), dtype)
     d2 = tf.reduce_sum((x[:, None, :] - x[None, :, :]) ** 2, -1)
     K = tf.exp(-0.5 * d2 / tf.constant(0.3, dtype) ** 2) + tf.constant(1e-2, dtype) * tf.eye(64, dtype=dtype)
     log.info("kernel matrix %s %s, min diag %.3f", K.shape, K.dtype.name, float(tf.reduce_min(tf.linalg.diag_part(K))))
     L = tf.linalg.cholesky(K)
     log.info("log marginal likelihood term %.4f", float(tf.reduce_sum(tf.math.log(tf.linalg.diag_part(L)))))
     """),
    ("tensorflow", "venv", None, "oom", None, "b15-tf-rlimit-as-feature-cache",
     "a feature-caching service (JSON log lines) runs under an address-space limit (RLIMIT_AS = current size + 1 GiB, standing in for the container's memory limit); its third cache block of 2 GiB is refused by TensorFlow's allocator (ResourceExhaustedError: OOM when allocating tensor)",
     """\
     import json
     import resource
     import sys
     import time
     import tensorflow as tf

     def log(level, msg, **kw):
         print(json.dumps({"ts": round(time.time(), 3), "level": level, "logger": "feature-cache", "msg": msg, **kw}), flush=True)

     tf.constant(1.0).numpy()
     vm = int([l for l in open("/proc/self/status") if l.startswith("VmSize")][0].split()[1]) * 1024
     limit = vm + 2 ** 30
     resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
     log("INFO", "address-space limit set", vmsize_mib=vm >> 20, limit_mib=limit >> 20)
     blocks = []
     for name, rows in (("user_emb", 2 ** 16), ("item_emb", 2 ** 17), ("cross_emb", 2 ** 21)):
         log("INFO", "allocating cache block", block=name, shape=[rows, 256], mib=rows * 256 * 4 >> 20)
         try:
             blocks.append(tf.zeros([rows, 256], tf.float32))
         except tf.errors.ResourceExhaustedError as e:
             log("ERROR", "cache block allocation failed", block=name, error=type(e).__name__, detail=e.message.splitlines()[0])
             sys.exit(1)
         log("INFO", "cache block ready", block=name, total_mib=sum(int(b.shape[0]) * 256 * 4 for b in blocks) >> 20)
     """),
    ("tensorflow", "venv", None, "nan", None, "b15-tf-float16-feature-dtype-variance",
     "a preprocessing step takes its dtype from FEATURE_DTYPE=float16 (a memory-saving setting): standardising 512 features around 300 computes E[x^2] - E[x]^2 in half precision, the reductions overflow float16 to inf and the variance is inf - inf = NaN; tf.debugging.check_numerics reports it",
     """\
     import os
     import numpy as np
     import tensorflow as tf

     os.environ.setdefault("FEATURE_DTYPE", "float16")
     dtype = tf.as_dtype(os.environ["FEATURE_DTYPE"])
     print(f"preprocess: FEATURE_DTYPE={dtype.name}")
     raw = np.random.RandomState(7).normal(300.0, 20.0, size=(512, 4))
     x = tf.constant(raw, dtype)
     mean = tf.reduce_mean(x, axis=0)
     mean_sq = tf.reduce_mean(x * x, axis=0)
     var = mean_sq - mean * mean
     print("mean   ", mean.numpy())
     print("E[x^2] ", mean_sq.numpy())
     print("var    ", var.numpy())
     var = tf.debugging.check_numerics(var, "feature variance (FEATURE_DTYPE=%s)" % dtype.name)
     print("std    ", tf.sqrt(var).numpy())
     """),
    ("tensorflow", "venv", None, "inconsistency", None, "b15-tf-grappler-onednn-bf16-rewrite-parity",
     "a parity check runs the same tf.function MLP with and without grappler's auto_mixed_precision_onednn_bfloat16 option (enabled in the deployment config): the rewrite computes the matmuls in bfloat16 and the logits differ by about 1e-2 where the check's tolerance is atol 1e-3; it prints both and exits 1",
     """\
     import numpy as np
     import tensorflow as tf

     def mlp(x, w1, w2):
         return tf.matmul(tf.nn.relu(tf.matmul(x, w1)), w2)

     rs = np.random.RandomState(0)
     x = tf.constant(rs.randn(256, 512).astype("float32"))
     w1 = tf.constant((rs.randn(512, 512) / 20).astype("float32"))
     w2 = tf.constant((rs.randn(512, 10) / 20).astype("float32"))
     ref = tf.function(mlp)(x, w1, w2).numpy()
     tf.config.optimizer.set_experimental_options({"auto_mixed_precision_onednn_bfloat16": True})
     print("grappler options:", tf.config.optimizer.get_experimental_options())
     got = tf.function(mlp)(x, w1, w2).numpy()
     diff = np.abs(got - ref)
     print("row 0 default :", ref[0, :5].round(5))
     print("row 0 bf16 opt:", got[0, :5].round(5))
     print(f"max |diff| = {diff.max():.3e} at {np.unravel_index(diff.argmax(), diff.shape)}, mean {diff.mean():.3e}")
     if diff.max() > 1e-3:
         raise SystemExit(f"parity check failed: auto_mixed_precision_onednn_bfloat16 changes logits by {diff.max():.3e} > atol 1e-3")
     """),
    # ---- Keras 3 ----------------------------------------------------------------
    ("keras", "venv", "tensorflow", "false-positive", "environment", "b15-keras-load-model-legacy-savedmodel-dir",
     "a model server's startup (timestamped log lines) points keras.models.load_model at a model directory exported as a TensorFlow SavedModel (the Keras 2 era format): Keras 3 refuses the format and names TFSMLayer as the way to load it",
     """\
     import time
     import tensorflow as tf

     def log(msg):
         print(time.strftime("[%Y-%m-%d %H:%M:%S]") + " model-server: " + msg, flush=True)

     class Exported(tf.Module):
         @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
         def serving_default(self, x):
             return {"score": tf.reduce_sum(x, axis=1, keepdims=True) * 0.5}

     tf.saved_model.save(Exported(), "models/churn/3")
     import keras
     log(f"keras {keras.__version__} backend={keras.backend.backend()}")
     log("MODEL_BASE_PATH=models/churn, serving version 3")
     model = keras.models.load_model("models/churn/3")
     log(f"loaded {model.name}")
     """),
    ("keras", "venv", "tensorflow", "false-positive", None, "b15-keras-json-floatx-bfloat16",
     "Jupyter-like cell output: the user's keras.json (under KERAS_HOME) sets floatx to bfloat16; importing Keras validates the config file and rejects the value (Invalid floatx configuration; expected float16, float32 or float64)",
     """\
     import json
     import os

     os.makedirs("keras_home", exist_ok=True)
     cfg = {"floatx": "bfloat16", "epsilon": 1e-07, "backend": "tensorflow", "image_data_format": "channels_last"}
     with open("keras_home/keras.json", "w") as f:
         json.dump(cfg, f, indent=4)
     os.environ["KERAS_HOME"] = os.path.abspath("keras_home")
     print("In [1]: !cat $KERAS_HOME/keras.json")
     print(open("keras_home/keras.json").read())
     print("\\nIn [2]: import keras")
     import keras
     print(keras.config.floatx())
     """),
    ("keras", "venv", "tensorflow", "timeout", None, "b15-keras-pydataset-lock-taken-twice",
     "model.fit on a PyDataset whose __getitem__ holds a non-reentrant threading.Lock and calls a decoder that takes the same lock again: fetching the first batch blocks for ever; a 10-second faulthandler watchdog (dump_traceback_later, exit=True) dumps the stacks and ends the run",
     """\
     import faulthandler
     import threading
     import numpy as np
     import keras

     class ShardDataset(keras.utils.PyDataset):
         def __init__(self, **kw):
             super().__init__(**kw)
             self._lock = threading.Lock()
             self.rs = np.random.RandomState(0)
         def __len__(self):
             return 8
         def _decode(self, idx):
             with self._lock:
                 return self.rs.randn(16, 4).astype("float32")
         def __getitem__(self, idx):
             with self._lock:
                 x = self._decode(idx)
                 return x, x.sum(1, keepdims=True)

     print("watchdog: dumping stacks and exiting if fit() has not finished in 10s", flush=True)
     faulthandler.dump_traceback_later(10, exit=True)
     model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
     model.compile(optimizer="sgd", loss="mse")
     print(f"fit: backend={keras.backend.backend()} steps_per_epoch=8 workers=2", flush=True)
     model.fit(ShardDataset(workers=2, use_multiprocessing=False), epochs=1)
     """),
    ("keras", "venv", "jax", "false-positive", "environment", "b15-keras-save-h5-without-h5py",
     "a shell harness runs an export script that saves the model in the legacy .h5 format inside a slim image without h5py (simulated by a blocking import hook): Keras refuses the save (save_model() using h5 format requires h5py)",
     """\
     import importlib.abc
     import sys

     class SlimImage(importlib.abc.MetaPathFinder):
         def find_spec(self, name, path, target=None):
             if name == "h5py" or name.startswith("h5py."):
                 raise ModuleNotFoundError(f"No module named '{name}'", name=name)
             return None

     sys.meta_path.insert(0, SlimImage())
     print("+ pip list 2>/dev/null | grep -Ei '^(keras|jax|h5py) '")
     print("jax                 0.10.2\\nkeras               3.15.1")
     print("+ python export.py --out artifacts/classifier.h5")
     import keras
     model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(3, activation="softmax")])
     print(f"exporting {model.name} ({model.count_params()} params) with backend {keras.backend.backend()}", flush=True)
     model.save("classifier.h5")
     """),
    ("keras", "venv", "jax", "inconsistency", None, "b15-keras-floatx-float64-without-jax-x64",
     "a unittest sets keras.config.set_floatx('float64') and compares a Dense layer with a NumPy float64 reference at atol 1e-10; on the JAX backend with jax_enable_x64 off the variables are silently truncated to float32 (with a UserWarning), the result differs by up to about 1e-6 and the test fails",
     """\
     import unittest
     import numpy as np
     import keras

     class Float64Parity(unittest.TestCase):
         def test_dense_matches_numpy_float64(self):
             keras.config.set_floatx("float64")
             rs = np.random.RandomState(0)
             x = rs.randn(4, 16)
             w = rs.randn(16, 8)
             layer = keras.layers.Dense(8, use_bias=False, kernel_initializer=keras.initializers.Constant(w))
             y = keras.ops.convert_to_numpy(layer(x))
             print(f"\\nfloatx={keras.config.floatx()} kernel.dtype={layer.kernel.dtype} result dtype={y.dtype}")
             np.testing.assert_allclose(y, x @ w, rtol=0, atol=1e-10)

     if __name__ == "__main__":
         unittest.main(verbosity=2)
     """),
    ("keras", "venv", "torch", "false-positive", "environment", "b15-keras-device-cuda-on-cpu-torch",
     "a training launcher whose config says device cuda:0 runs on a CPU-only machine with a CPU build of PyTorch: keras.device('cuda:0') places the batch there and torch refuses (Torch not compiled with CUDA enabled)",
     """\
     import logging
     import numpy as np
     import keras
     import torch

     logging.basicConfig(level=logging.INFO, format="%(asctime)s | %(levelname)-8s | %(name)s - %(message)s")
     log = logging.getLogger("trainer")
     cfg = {"device": "cuda:0", "batch_size": 8, "epochs": 1}
     log.info("config %s", cfg)
     log.info("keras %s backend=%s torch=%s cuda.is_available()=%s", keras.__version__, keras.backend.backend(), torch.__version__, torch.cuda.is_available())
     model = keras.Sequential([keras.Input((12,)), keras.layers.Dense(32, activation="relu"), keras.layers.Dense(2)])
     x = np.random.RandomState(0).randn(cfg["batch_size"], 12).astype("float32")
     with keras.device(cfg["device"]):
         log.info("running warm-up batch on %s", cfg["device"])
         out = model(x)
     log.info("warm-up output %s", tuple(out.shape))
     """),
    ("keras", "venv", "torch", "crash", "not-implemented", "b15-keras-floatx-float16-lstm-orthogonal-torch",
     "a script sets keras.config.set_floatx('float16') to save memory and builds a functional model with an LSTM: the LSTM's orthogonal recurrent initializer calls torch.linalg.qr on a float16 matrix and torch has no Half kernel for geqrf on the CPU",
     """\
     import numpy as np
     import keras

     print("train_seq.py --floatx float16 --units 16 --timesteps 20")
     keras.config.set_floatx("float16")
     print(f"keras {keras.__version__}, backend {keras.backend.backend()}, floatx {keras.config.floatx()}", flush=True)
     inputs = keras.Input((20, 8))
     h = keras.layers.LSTM(16)(inputs)
     model = keras.Model(inputs, keras.layers.Dense(1)(h))
     print(model(np.ones((2, 20, 8), "float16")).shape)
     """),
    ("keras", "venv", "torch", "inconsistency", None, "b15-keras-mixed-bfloat16-policy-parity-torch",
     "a GitLab CI parity job builds the same MLP under dtype policies float32 and mixed_bfloat16 (the serving config), copies the weights and compares predictions: the bfloat16 compute differs by about 9e-3 where the job allows atol 1e-3, and it fails",
     """\
     import sys
     import numpy as np
     import keras

     print("$ python ci/check_policy_parity.py --policy mixed_bfloat16 --atol 1e-3")

     def build(policy):
         keras.config.set_dtype_policy(policy)
         keras.utils.set_random_seed(7)
         return keras.Sequential([keras.Input((32,)), keras.layers.Dense(64, activation="relu"),
                                  keras.layers.Dense(64, activation="relu"), keras.layers.Dense(10)])

     x = np.random.RandomState(1).randn(128, 32).astype("float32")
     ref_model = build("float32")
     ref = keras.ops.convert_to_numpy(ref_model(x)).astype("float64")
     bf_model = build("mixed_bfloat16")
     bf_model.set_weights(ref_model.get_weights())
     got = keras.ops.convert_to_numpy(keras.ops.cast(bf_model(x), "float32")).astype("float64")
     d = np.abs(got - ref)
     print(f"backend={keras.backend.backend()} compute dtypes: {ref_model.layers[0].compute_dtype} vs {bf_model.layers[0].compute_dtype}")
     print(f"max|diff|={d.max():.4e} mean|diff|={d.mean():.4e} max|ref|={np.abs(ref).max():.3f}")
     if d.max() > 1e-3:
         print(f"FAIL: predictions under mixed_bfloat16 differ from float32 by {d.max():.4e} (atol 1e-3)")
         print("ERROR: Job failed: exit code 1")
         sys.exit(1)
     """),
    # ---- JAX --------------------------------------------------------------------
    ("jax", "venv", None, "false-positive", "environment", "b15-jax-xla-flags-misspelled-flag",
     "a shell harness exports XLA_FLAGS with a misspelled flag (--xla_cpu_enable_fast_maths) before a benchmark: XLA's flag parser refuses it at backend start (Unknown flag in XLA_FLAGS) and exits 1",
     """\
     import os

     flags = "--xla_cpu_multi_thread_eigen=false --xla_cpu_enable_fast_maths=false"
     os.environ["XLA_FLAGS"] = flags
     print(f"+ export XLA_FLAGS='{flags}'")
     print("+ python bench/attention.py --seq 512 --repeat 20")
     import jax
     import jax.numpy as jnp
     print(f"jax {jax.__version__}", flush=True)
     q = jnp.ones((512, 64))
     print("scores", jax.jit(lambda q: jax.nn.softmax(q @ q.T / 8.0).sum())(q), flush=True)
     """),
    ("jax", "venv", None, "false-positive", "environment", "b15-jax-stale-jaxlib-vendored-on-path",
     "an old jaxlib (0.4.30) vendored in a directory that comes first on the path (simulated by an overlay package whose version module says 0.4.30) shadows the installed one: importing jax runs its own version check and refuses (jaxlib is version 0.4.30, but this version of jax requires version >= ...)",
     """\
     import importlib.util
     import os
     import sys

     vendor = os.path.abspath("third_party/python")
     os.makedirs(os.path.join(vendor, "jaxlib"), exist_ok=True)
     real = os.path.dirname(importlib.util.find_spec("jaxlib").origin)
     with open(os.path.join(vendor, "jaxlib", "__init__.py"), "w") as f:
         f.write(f"__path__.append({real!r})\\n")
     with open(os.path.join(vendor, "jaxlib", "version.py"), "w") as f:
         f.write("__version__ = '0.4.30'\\n_version = '0.4.30'\\n")
     sys.path.insert(0, vendor)
     print("PYTHONPATH=" + vendor)
     print("python -c 'import jax; print(jax.devices())'", flush=True)
     import jax
     print(jax.devices())
     """),
    ("jax", "venv", None, "false-positive", "environment", "b15-jax-devices-gpu-on-cpu-host",
     "an absl-logging training binary asks for jax.devices('gpu') to shard its batch on a host whose JAX has only the CPU platform: JAX refuses (Unknown backend: 'gpu' requested, but no platforms that are instances of gpu are present)",
     """\
     import jax
     import jax.numpy as jnp
     from absl import app, logging

     def main(argv):
         logging.info("jax %s, default backend %s, local devices %s", jax.__version__, jax.default_backend(), jax.local_devices())
         logging.info("--platform=gpu --global_batch=256")
         devices = jax.devices("gpu")
         logging.info("sharding over %d GPUs", len(devices))
         x = jax.device_put(jnp.ones((256, 128)), devices[0])
         logging.info("batch on %s", x.devices())

     if __name__ == "__main__":
         app.run(main)
     """),
    ("jax", "venv", None, "false-positive", None, "b15-jax-config-file-matmul-precision-typo",
     "an experiment's JSON config sets matmul_precision to 'fp32', which the run applies with jax.config.update('jax_default_matmul_precision', ...): JAX's own enum check rejects the value and lists the valid ones",
     """\
     import json
     import jax

     with open("experiment.json", "w") as f:
         json.dump({"name": "vit-s16-ablation", "seed": 0, "matmul_precision": "fp32", "enable_x64": False}, f)
     cfg = json.load(open("experiment.json"))
     print("loaded experiment.json:", cfg)
     jax.config.update("jax_enable_x64", cfg["enable_x64"])
     jax.config.update("jax_default_matmul_precision", cfg["matmul_precision"])
     print("precision", jax.config.jax_default_matmul_precision)
     """),
    ("jax", "venv", None, "crash", "abort", "b15-jax-xla-flags-negative-codegen-split-count",
     "a nox session runs a benchmark with XLA_FLAGS=--xla_cpu_parallel_codegen_split_count=-1 (meant as 'automatic'): XLA accepts the flag, and the first compilation throws an uncaught std::length_error (vector::_M_default_append) and the process aborts",
     """\
     import os

     os.environ["XLA_FLAGS"] = "--xla_cpu_parallel_codegen_split_count=-1"
     print("nox > Running session bench-3.11")
     print("nox > Creating virtual environment (virtualenv) using python3.11 in .nox/bench-3-11")
     print(f"nox > XLA_FLAGS={os.environ['XLA_FLAGS']} python bench/mlp.py", flush=True)
     import jax
     import jax.numpy as jnp

     @jax.jit
     def mlp(x, w1, w2):
         return jnp.tanh(x @ w1) @ w2

     k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
     x = jax.random.normal(k1, (64, 128))
     print("compiling mlp ...", flush=True)
     print(mlp(x, jax.random.normal(k2, (128, 256)), jax.random.normal(k3, (256, 10))).shape)
     """),
    ("jax", "venv", None, "oom", None, "b15-jax-rlimit-as-activation-buffer",
     "a JAX job runs under an address-space limit (RLIMIT_AS = current size + 1 GiB, as a batch scheduler's ulimit -v would set); its 2 GiB activation buffer is refused by XLA's CPU allocator (RESOURCE_EXHAUSTED: Out of memory allocating 2147483648 bytes)",
     """\
     import resource
     import jax
     import jax.numpy as jnp

     jnp.zeros(4).block_until_ready()
     vm = int([l for l in open("/proc/self/status") if l.startswith("VmSize")][0].split()[1]) * 1024
     limit = vm + 2 ** 30
     resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
     print(f"ulimit -v {limit >> 10}  (VmSize {vm >> 20} MiB + 1024 MiB)", flush=True)
     for name, n in (("embeddings", 2 ** 25), ("activations", 2 ** 29)):
         print(f"allocating {name}: float32[{n}] = {n * 4 >> 20} MiB", flush=True)
         buf = jnp.zeros((n,), jnp.float32).block_until_ready()
         print(f"  {name} ready on {buf.devices()}", flush=True)
     """),
    ("jax", "venv", None, "timeout", None, "b15-jax-distributed-initialize-missing-peer",
     "process 0 of a 2-process job calls jax.distributed.initialize against its own coordinator while process 1 was never launched: initialization waits for the missing peer, and the launcher's 10-second join timeout dumps the stacks and exits 3",
     """\
     import faulthandler
     import os
     import socket
     import sys
     import threading
     import time
     import jax

     s = socket.socket()
     s.bind(("127.0.0.1", 0))
     port = s.getsockname()[1]
     s.close()
     print(f"[launcher] JAX_COORDINATOR=127.0.0.1:{port} NUM_PROCESSES=2 PROCESS_ID=0 (process 1 not scheduled)", flush=True)
     t0 = time.time()

     def init():
         jax.distributed.initialize(coordinator_address=f"127.0.0.1:{port}", num_processes=2, process_id=0)
         print("[rank0] distributed runtime up:", jax.process_count(), "processes", flush=True)

     th = threading.Thread(target=init, name="jax-distributed-init", daemon=True)
     th.start()
     th.join(timeout=10)
     if th.is_alive():
         print(f"[launcher] rank 0 still in jax.distributed.initialize after {time.time() - t0:.1f}s (timeout 10s); dumping stacks", flush=True)
         faulthandler.dump_traceback(file=sys.stdout, all_threads=True)
         sys.stdout.flush()
         os._exit(3)
     """),
    ("jax", "venv", None, "inconsistency", None, "b15-jax-fast-math-kahan-summation",
     "a numerics check runs a Kahan-compensated summation (lax.scan) in two subprocesses, with the default XLA_FLAGS and with --xla_cpu_enable_fast_math=true: fast math reassociates away the compensation term and the sum of 200000 x 0.1 drops from 20000.0 to about 19959.5; the check's rtol is 1e-6 and it exits 1",
     """\
     import json
     import os
     import subprocess
     import sys

     CODE = '''
     import json, jax, jax.numpy as jnp
     from jax import lax
     def kahan(xs):
         def step(carry, x):
             s, c = carry
             y = x - c
             t = s + y
             return (t, (t - s) - y), None
         return lax.scan(step, (jnp.float32(0), jnp.float32(0)), xs)[0][0]
     print(json.dumps({"sum": float(jax.jit(kahan)(jnp.full((200000,), 0.1, jnp.float32)))}))
     '''
     results = {}
     for flags in ("", "--xla_cpu_enable_fast_math=true"):
         env = dict(os.environ, XLA_FLAGS=flags)
         r = subprocess.run([sys.executable, "-c", CODE], env=env, capture_output=True, text=True)
         results[flags or "(default)"] = json.loads(r.stdout)["sum"]
         print(f"XLA_FLAGS={flags or '(default)':<34} kahan_sum = {results[flags or '(default)']!r}", flush=True)
     a, b = results.values()
     rel = abs(a - b) / abs(a)
     print(f"exact: 20000.0   relative difference between settings: {rel:.3e} (rtol 1e-06)")
     if rel > 1e-6:
         print("FAIL: compensated summation depends on --xla_cpu_enable_fast_math")
         sys.exit(1)
     """),
]

add_batch(B15_B)


def versions(py):
    code = ("import importlib\n"
            "for n in ('torch','tensorflow','jax','keras','onnxruntime','mindspore'):\n"
            "    try:\n"
            "        m = importlib.import_module(n); print(n, m.__version__)\n"
            "    except Exception:\n"
            "        print(n, '-')\n")
    try:
        p = subprocess.run([py, "-c", code], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired):
        return {}
    return dict(l.split(None, 1) for l in p.stdout.splitlines() if " " in l)


def trim(text):
    lines = text.splitlines()
    if len(lines) <= MAX_LINES:
        return text
    tail = MAX_LINES - HEAD_LINES
    cut = len(lines) - MAX_LINES
    return "\n".join(lines[:HEAD_LINES] + ["[... %d lines trimmed ...]" % cut]
                     + lines[-tail:]) + "\n"


def run_one(s, py):
    with tempfile.TemporaryDirectory(prefix="dlt-gen.") as d:
        with open(os.path.join(d, "repro.py"), "w") as f:
            f.write(s["code"])
        env = dict(os.environ)
        env.update(s["env"])
        env.setdefault("PYTHONUNBUFFERED", "1")
        try:
            p = subprocess.run([py, "-X", "faulthandler", "repro.py"], cwd=d, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=240)
            out, rc = p.stdout.decode("utf-8", "replace"), p.returncode
        except subprocess.TimeoutExpired as e:
            out, rc = (e.stdout or b"").decode("utf-8", "replace"), None
    return out, rc


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--manifest", default=DEFAULT_MANIFEST)
    ap.add_argument("--venv-python", default="/work/venv/bin/python")
    ap.add_argument("--system-python", default="/usr/bin/python3")
    ap.add_argument("--mindspore-python", default="/work/venvs/mindspore/bin/python")
    ap.add_argument("--only", default="")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()

    todo = [s for s in S if args.only in s["framework"] + "-" + s["name"]]
    if args.list:
        for s in todo:
            print("%s-%s\t%s" % (s["framework"], s["name"], s["cls"]))
        return 0
    pys = {"venv": args.venv_python, "system": args.system_python,
           "mindspore": args.mindspore_python}
    # only the interpreters that run a scenario are asked (importing every
    # framework takes a while)
    vers = {k: versions(v) for k, v in pys.items()
            if any(s["interp"] == k for s in todo)}
    os.makedirs(args.out, exist_ok=True)

    def fwversion(s):
        v = vers[s["interp"]]
        key = {"pytorch": "torch", "pytorch-1.13": "torch",
               "mindspore": "mindspore"}.get(s["framework"], s["framework"])
        ver = v.get(key, "-")
        if s["framework"] == "keras":
            be = s["env"].get("KERAS_BACKEND", "")
            ver += " (backend %s %s)" % (be, v.get(be, "-"))
        return ver

    runnable = []
    for s in todo:
        if fwversion(s).startswith("-"):
            print("skip %s-%s: framework not installed" % (s["framework"], s["name"]))
            continue
        runnable.append(s)

    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = {ex.submit(run_one, s, pys[s["interp"]]): s for s in runnable}
        for fut in concurrent.futures.as_completed(futs):
            s = futs[fut]
            results[id(s)] = fut.result()

    manifest = args.manifest
    rows = {}
    if os.path.exists(manifest) and args.only:
        with open(manifest) as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                rows[line.split("\t", 1)[0]] = line.rstrip("\n")
    for s in runnable:
        out, rc = results[id(s)]
        fw = "pytorch" if s["framework"] == "pytorch-1.13" else s["framework"]
        fname = "%s-%s.log" % (s["framework"], s["name"])
        if (s["cls"] == "crash" and rc is not None and rc >= 0 and s["kind"] in ("segfault", "abort", "fpe")
                and not s.get("child")):
            print("drop %s: expected a %s, exited %d" % (fname, s["kind"], rc))
            continue
        cls, kind, how = s["cls"], s["kind"], s["how"]
        if rc is not None and rc < 0 and cls != "crash":
            # the framework was to reject the input and died instead: a crash
            sig = {-11: "segfault", -6: "abort", -8: "fpe", -7: "bus", -4: "illegal-instruction"}
            cls, kind = "crash", "-"
            how += "; the framework died of signal %d instead (%s)" % (-rc, sig.get(rc, "signal"))
        if rc == 0 and s["cls"] not in ("nan",):
            print("drop %s: exited 0, no failure" % fname)
            continue
        with open(os.path.join(args.out, fname), "w") as f:
            f.write(trim(out))
        print("%-60s rc=%s" % (fname, rc))
        rows[fname] = "\t".join([fname, fw, fwversion(s), cls, kind, how])
    with open(manifest, "w") as f:
        f.write("# file\tframework\tversion\tclass\tkind\thow (tools/gen-framework-logs.py)\n")
        for k in sorted(rows):
            f.write(rows[k] + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
