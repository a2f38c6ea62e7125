"""Who raised an exception: the framework or the harness
(docs/harness-protocol.md, "The result record").

The traceback runs from the harness's entry point down to the frame that
raised.  Below the harness's last (innermost) frame:

- a frame of a framework package (FRAMEWORK_PACKAGES) -> "framework": the
  framework was running when the exception was raised, even when its own
  frame called numpy or the standard library that raised;
- only frames of numpy, the standard library or other packages ->
  "harness": harness code called them with something they refused (the
  torch adapter's np.transpose of a kernel of the wrong rank).

When there is no frame below the harness's (the exception came from the
harness frame itself: a raise statement, or native code, which has no
Python frame): the exception's class is a framework's -> "framework"; a
raise statement -> "harness"; else the expression being evaluated (the
exact one where Python 3.11's positions give it, the line before) is
looked at: when one of its names is a framework object (a module, a
function, a tensor, a layer) the framework's native code raised ->
"framework"; else (numpy arrays, Python values) -> "harness".
"""

import dis
import io
import linecache
import os
import sys
import tokenize

FRAMEWORK_PACKAGES = frozenset((
    "torch", "torchvision", "functorch", "tensorflow", "tf_keras", "jax", "jaxlib",
    "keras", "mindspore", "onnxruntime", "paddle"))

HARNESS_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _top(modname):
    return (modname or "").split(".")[0]


def is_framework_module(modname):
    return _top(modname) in FRAMEWORK_PACKAGES


def _is_harness_frame(frame):
    f = frame.f_code.co_filename
    return os.path.abspath(f).startswith(HARNESS_DIR)


def _frame_module(frame):
    return frame.f_globals.get("__name__") or os.path.basename(frame.f_code.co_filename)


def _object_module(obj):
    """The module an object comes from: a module's name, a function's or
    class's __module__, a bound builtin's owner's class, else its class's."""
    import types
    if isinstance(obj, types.ModuleType):
        return obj.__name__
    owner = getattr(obj, "__self__", None)
    if owner is not None and not isinstance(owner, types.ModuleType) and \
            isinstance(obj, (types.BuiltinMethodType, types.MethodType)):
        return _object_module(owner)
    if isinstance(obj, (type, types.FunctionType, types.BuiltinFunctionType)):
        m = getattr(obj, "__module__", None)
        if m:
            return m
        if owner is not None:
            return _object_module(owner)
    for cls in type(obj).__mro__:
        m = getattr(cls, "__module__", "")
        if is_framework_module(m):
            return m
    return type(obj).__module__


def _is_raise(code, lasti):
    try:
        for ins in dis.get_instructions(code):
            if ins.offset == lasti:
                return ins.opname.startswith("RAISE") or ins.opname == "RERAISE"
    except Exception:
        pass
    return False


def _expression_text(tb):
    """The source of the expression being evaluated at tb (Python 3.11+:
    from the code's positions), else of its line."""
    code = tb.tb_frame.f_code
    fn = code.co_filename
    pos = getattr(code, "co_positions", None)
    if pos is not None:
        try:
            positions = list(pos())
            l0, l1, c0, c1 = positions[tb.tb_lasti // 2]
            if None not in (l0, l1, c0, c1):
                lines = [linecache.getline(fn, n) for n in range(l0, l1 + 1)]
                if l0 == l1:
                    # columns are UTF-8 byte offsets
                    return lines[0].encode("utf-8")[c0:c1].decode("utf-8", "replace")
                lines[0] = lines[0].encode("utf-8")[c0:].decode("utf-8", "replace")
                lines[-1] = lines[-1].encode("utf-8")[:c1].decode("utf-8", "replace")
                return "".join(lines)
        except Exception:
            pass
    return linecache.getline(fn, tb.tb_lineno)


def _dotted_names(text):
    """a, a.b.c chains of the text (tokenize; what it cannot read is left)."""
    out = []
    chain = None
    last = None
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.NAME:
                if last == "." and chain is not None:
                    chain.append(tok.string)
                else:
                    chain = [tok.string]
                    out.append(chain)
            elif not (tok.type == tokenize.OP and tok.string == "."):
                chain = None if tok.type != tokenize.NL else chain
            last = tok.string if tok.type == tokenize.OP else None
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return out


def _resolve(chain, frame):
    import builtins
    root = chain[0]
    if root in frame.f_locals:
        obj = frame.f_locals[root]
    elif root in frame.f_globals:
        obj = frame.f_globals[root]
    elif hasattr(builtins, root):
        obj = getattr(builtins, root)
    else:
        return []
    objs = [obj]
    for attr in chain[1:4]:
        try:
            obj = getattr(obj, attr)
        except Exception:
            break
        objs.append(obj)
    return objs


def blame(exc):
    """(where, raised_in) for an exception: where is "framework" or
    "harness", raised_in a module name."""
    tbs = []
    tb = exc.__traceback__
    while tb is not None:
        tbs.append(tb)
        tb = tb.tb_next
    if not tbs:
        m = type(exc).__module__
        return ("framework" if is_framework_module(m) else "harness"), m
    last = -1
    for i, t in enumerate(tbs):
        if _is_harness_frame(t.tb_frame):
            last = i
    below = tbs[last + 1:]
    if below:
        fw = [t for t in below if is_framework_module(_frame_module(t.tb_frame))]
        inner = _frame_module(below[-1].tb_frame)
        if fw:
            return "framework", inner
        if is_framework_module(type(exc).__module__):
            return "framework", type(exc).__module__
        return "harness", inner
    t = tbs[-1]
    here = _frame_module(t.tb_frame)
    if is_framework_module(type(exc).__module__):
        return "framework", type(exc).__module__
    if _is_raise(t.tb_frame.f_code, t.tb_lasti):
        return "harness", here
    other = None
    for chain in _dotted_names(_expression_text(t)):
        for obj in reversed(_resolve(chain, t.tb_frame)):
            m = _object_module(obj)
            if is_framework_module(m):
                return "framework", m
            if other is None and m and _top(m) not in ("builtins", "dltriage_harness"):
                other = m
    return "harness", other or here


def record(exc, tb_text=None):
    """The result record's exception object."""
    import traceback
    where, raised_in = blame(exc)
    if tb_text is None:
        tb_text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return {"type": type(exc).__name__, "module": type(exc).__module__,
            "message": str(exc)[:20000], "where": where, "raised_in": raised_in,
            "traceback": tb_text[-100000:]}


if __name__ == "__main__":  # pragma: no cover
    sys.exit("blame.py is a module")
