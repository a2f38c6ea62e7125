"""The framework names of dltriage, as src/vocab.c spells them, and the
harness's targets.  Standard library only: importing this module imports
no framework.

A name is accepted in any case and under any alias of FRAMEWORKS; the
harness writes only canonical names.  The harness's targets are the
frameworks with an adapter, and Keras on each of its backends, spelled
keras-<canonical backend> (keras-pytorch); the backend part takes any
alias too (keras-torch, keras-tf).  Plain "keras" (or an alias of it) is
Keras on $KERAS_BACKEND, else on tensorflow.

    python3 -m dltriage_harness.names     prints FRAMEWORKS, one line each:
                                          "canonical alias1 alias2 ..."
    python3 -m dltriage_harness.names --targets
                                          prints the harness's targets,
                                          execution modes (TARGET+MODE) last
    python3 -m dltriage_harness.names --modes
                                          prints the execution modes only
"""

import difflib
import os
import sys

# The canonical name first, then the aliases users type: src/vocab.c's
# aliases table, in its order (tests/t0002-docs.sh checks that they agree).
FRAMEWORKS = (
    ("pytorch", ("torch",)),
    ("tensorflow", ("tf",)),
    ("jax", ("jaxlib",)),
    ("keras", ("keras3", "tf.keras")),
    ("onnxruntime", ("ort", "onnx-runtime")),
    ("mindspore", ("ms",)),
    ("paddle", ("paddlepaddle",)),
    ("unknown", ()),
)

# The backends Keras runs on here (canonical names), the default one, and
# what KERAS_BACKEND calls each.
KERAS_BACKENDS = ("tensorflow", "jax", "pytorch")
DEFAULT_KERAS_BACKEND = "tensorflow"
KERAS_BACKEND_ENV = {"tensorflow": "tensorflow", "jax": "jax", "pytorch": "torch"}

# The harness's targets: the frameworks with an adapter, and Keras on
# each backend.
TARGETS = ("pytorch", "tensorflow", "jax") + tuple("keras-" + b for b in KERAS_BACKENDS) + \
    ("onnxruntime", "mindspore")

# Execution modes: a target TARGET+MODE runs the same model another way on
# the same framework, so that the oracles compare the two like two
# frameworks (src/vocab.c's exec_modes; tests/t0002-docs.sh checks that
# they agree).  The plain target is the framework's default: PyTorch and
# TensorFlow eager, JAX jitted.
EXEC_MODES = (
    ("tensorflow", "xla"),      # tf.function(jit_compile=True)
    ("jax", "eager"),           # op by op, under jax.disable_jit()
    ("pytorch", "compile"),     # torch.compile: TorchInductor's C++ on CPU
    ("pytorch", "mt"),          # MT_THREADS threads, not DLTRIAGE_THREADS
    ("tensorflow", "mt"),
    ("jax", "mt"),
    ("pytorch", "batch"),       # a batch of BATCH rows, row 0 the input
    ("tensorflow", "batch"),
    ("jax", "batch"),
    ("pytorch", "twice"),       # the forward pass twice in one process:
    ("tensorflow", "twice"),    # outputs that differ bit for bit are
    ("jax", "twice"),           # recorded as "nondeterministic"
    ("pytorch", "grad"),        # the outputs, and the gradient of a
    ("tensorflow", "grad"),     # weighted sum of them with respect to
    ("jax", "grad"),            # each float input, as grad:INPUT;
                                # a training step: the trained weights'
                                # gradient against finite differences,
                                # the outputs after one step as step:OUTPUT
    ("keras-tensorflow", "int8"),  # the outputs, and those of the model
    ("keras-jax", "int8"),         # quantized by Keras (model.quantize:
    ("keras-pytorch", "int8"),     # int8 Dense, EinsumDense, Embedding)
                                   # as int8:OUTPUT
)
GRAD_PREFIX = "grad:"
# +grad's outputs after one optimizer step on the trained weights
# (execute.optimizer_step; DLT_STEP_PREFIX in src/oracle.h)
STEP_PREFIX = "step:"
# +int8's outputs of the model Keras quantized (adapters/keras.py)
INT8_PREFIX = "int8:"
MT_THREADS = 4
BATCH = 4

_CANON = {}
for _c, _aliases in FRAMEWORKS:
    for _a in (_c,) + _aliases:
        _CANON[_a.lower()] = _c
del _c, _aliases, _a


class UnknownFramework(ValueError):
    """A name that is no harness target; str() is the message."""

    def __init__(self, name, why=None, suggestion=None):
        self.name = name
        # suggestion: None to look one up, "" for none
        self.suggestion = suggest(name) if suggestion is None else suggestion or None
        msg = why or "unknown framework '%s'" % name
        if self.suggestion:
            msg += " (did you mean '%s'?)" % self.suggestion
        msg += "; known: %s" % ", ".join(TARGETS)
        ValueError.__init__(self, msg)


def framework(name):
    """The canonical name of a framework name or alias, as dltriage's C
    side has it (torch, PyTorch: pytorch; keras-torch is no framework
    name); None when it is none."""
    if not isinstance(name, str):
        return None
    return _CANON.get(name.strip().lower())


def _keras_target(name, backend):
    b = framework(backend)
    if b in KERAS_BACKENDS:
        return "keras-" + b
    if not backend:
        raise UnknownFramework(name)
    hit = suggest(backend, KERAS_BACKENDS)
    raise UnknownFramework(name, "unknown Keras backend '%s' in '%s'" % (backend, name),
                           "keras-" + hit if hit else "")


def canonical(name, keras_backend=None):
    """The canonical harness target that name stands for: "torch" and
    "PyTorch" give "pytorch", "keras-torch" gives "keras-pytorch", "keras"
    gives keras-<keras_backend, else $KERAS_BACKEND, else tensorflow>.
    Raises UnknownFramework for a name that is no target.  TARGET+MODE
    (an execution mode of EXEC_MODES) gives the canonical target with its
    mode: "tf+xla" gives "tensorflow+xla"."""
    if isinstance(name, str) and "+" in name:
        base, _, mode = name.partition("+")
        t = canonical(base, keras_backend)
        mode = mode.strip().lower()
        modes = [m for b, m in EXEC_MODES if b == t]
        if mode not in modes:
            raise UnknownFramework(name, "unknown execution mode '%s' of %s (%s)" % (
                mode, t, ", ".join(modes) if modes else "it has none"), "")
        return t + "+" + mode
    fw = framework(name)
    if fw == "keras":
        return _keras_target(name, keras_backend or os.environ.get("KERAS_BACKEND")
                             or DEFAULT_KERAS_BACKEND)
    if fw in TARGETS:
        return fw
    if fw is not None:
        raise UnknownFramework(name, "framework '%s' has no harness adapter" % fw)
    low = name.strip().lower() if isinstance(name, str) else ""
    for k in sorted((a for a, c in _CANON.items() if c == "keras"), key=len, reverse=True):
        if low.startswith(k + "-"):
            return _keras_target(name, low[len(k) + 1:])
    raise UnknownFramework(name)


def _spellings(among=TARGETS + ("keras",)):
    """{spelling: the target it suggests} for every accepted spelling of
    the names among."""
    out = {}
    for c, aliases in FRAMEWORKS:
        if c in among:
            for a in (c,) + aliases:
                out[a.lower()] = c
    for b in KERAS_BACKENDS:
        if "keras-" + b in among:
            for a in [x for x, c in _CANON.items() if c == b]:
                out["keras-" + a] = "keras-" + b
    return out


def split_mode(target):
    """(target, mode or None) of a canonical target."""
    base, _, mode = target.partition("+")
    return base, mode or None


def suggest(name, among=TARGETS + ("keras",)):
    """The name of among (default: the targets and "keras") most like an
    unknown name (difflib), or None."""
    if not isinstance(name, str) or not name.strip():
        return None
    sp = _spellings(among)
    hit = difflib.get_close_matches(name.strip().lower(), list(sp), n=1, cutoff=0.6)
    return sp[hit[0]] if hit else None


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--targets"]:
        for t in TARGETS:
            print(t)
        for b, m in EXEC_MODES:
            print("%s+%s" % (b, m))
        return 0
    if argv == ["--modes"]:
        for b, m in EXEC_MODES:
            print("%s+%s" % (b, m))
        return 0
    if argv:
        sys.stderr.write("usage: python3 -m dltriage_harness.names [--targets | --modes]\n")
        return 2
    for c, aliases in FRAMEWORKS:
        print(" ".join((c,) + aliases))
    return 0


if __name__ == "__main__":
    sys.exit(main())
