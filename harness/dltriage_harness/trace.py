"""The short plain PyTorch script of a repro (dltriage report; harness
README "Repro scripts").

trace() runs the model's walk, exactly as the PyTorch adapter runs it,
under a TorchFunctionMode that writes each torch call on a tracked
tensor as a line of Python: the model's inputs are tracked from the
start, and a call's results are tracked when one of its arguments is.
So the weights, built and loaded by calls on untracked tensors, show up
as literals where a tracked call first uses them, and the script holds
only the forward computation.

A line is written and flushed before its call runs: a call that kills
the process leaves its line as the last one.  A call whose result holds
no tensor (a size, a dtype) is taken back after it returned: its value
is a literal wherever it is used.

TraceError: what cannot be written (a numpy argument, a function with no
public name, constants over LIMIT bytes); the script is then not made.
"""

import base64
import math

LIMIT = 64 * 1024	# bytes of constants at most
INLINE = 16		# elements written as a list at most


class TraceError(Exception):
    pass


def _has_tensor(x, torch):
    if isinstance(x, torch.Tensor):
        return True
    if isinstance(x, (list, tuple)):
        return any(_has_tensor(v, torch) for v in x)
    return False


class Tracer:
    def __init__(self, fp, torch):
        self.fp = fp
        self.torch = torch
        self.names = {}		# id(tensor) -> expression
        self.keep = []		# the tensors named, so ids stay theirs
        self.n = 0
        self.lits = 0
        self.bytes = 0
        self.lines = 0
        self.b64 = False	# "import base64" written

    def write(self, s):
        self.fp.write(s + "\n")
        self.fp.flush()
        self.lines += 1

    def tracked(self, x):
        if isinstance(x, self.torch.Tensor):
            return id(x) in self.names
        if isinstance(x, (list, tuple)):
            return any(self.tracked(v) for v in x)
        if isinstance(x, dict):
            return any(self.tracked(v) for v in x.values())
        return False

    def name(self, t, expr):
        self.names[id(t)] = expr
        self.keep.append(t)

    def literal(self, t, name=None):
        """Write tensor t as a constant; its name."""
        torch = self.torch
        if t.device.type != "cpu":
            raise TraceError("a tensor on %s" % t.device)
        if t.is_complex() or t.is_quantized or t.is_sparse:
            raise TraceError("a %s tensor" % t.dtype)
        t0 = t
        t = t.detach().contiguous()
        shape = tuple(t.shape)
        self.bytes += t.numel() * t.element_size()
        if self.bytes > LIMIT:
            raise TraceError("the constants exceed %d KiB" % (LIMIT // 1024))
        if name is None:
            self.lits += 1
            name = "c%d" % self.lits
        if t.numel() <= INLINE:
            vals = ", ".join(_num(v) for v in t.reshape(-1).tolist())
            expr = "torch.tensor([%s], dtype=%s).reshape(%r)" % (vals, t.dtype, shape)
        else:
            raw = t.view(torch.int16) if t.dtype == torch.bfloat16 else t
            if raw.dtype == torch.bool:
                raw = raw.to(torch.uint8)
            if not self.b64:
                self.write("import base64")
                self.b64 = True
            data = base64.b64encode(raw.numpy().tobytes()).decode()
            expr = ("torch.frombuffer(bytearray(base64.b64decode(\n    \"%s\")), "
                    "dtype=%s).reshape(%r)" % (data, raw.dtype, shape))
            if raw.dtype != t.dtype:
                expr = "%s.to(%s)" % (expr, t.dtype) if t.dtype == torch.bool else \
                    "%s.view(%s)" % (expr, t.dtype)
        if t0.requires_grad and t0.is_leaf:
            expr += ".requires_grad_()"
        self.write("%s = %s" % (name, expr))
        self.name(t0, name)
        return name

    def arg(self, x):
        torch = self.torch
        if isinstance(x, torch.Tensor):
            if id(x) in self.names:
                return self.names[id(x)]
            return self.literal(x)
        if isinstance(x, torch.Size):
            return "torch.Size(%r)" % (list(x),)
        if isinstance(x, tuple):
            s = ", ".join(self.arg(v) for v in x)
            return "(%s,)" % s if len(x) == 1 else "(%s)" % s
        if isinstance(x, list):
            return "[%s]" % ", ".join(self.arg(v) for v in x)
        if x is None or isinstance(x, (bool, int, str)) or x is Ellipsis:
            return repr(x)
        if isinstance(x, float):
            return _num(x)
        if isinstance(x, slice):
            return "slice(%s, %s, %s)" % (self.arg(x.start), self.arg(x.stop), self.arg(x.step))
        if isinstance(x, (torch.dtype, torch.layout, torch.memory_format)):
            return str(x)
        if isinstance(x, torch.device):
            return "torch.device(%r)" % str(x)
        if type(x).__module__ == "numpy" and hasattr(x, "item") and getattr(x, "ndim", 1) == 0:
            return self.arg(x.item())
        raise TraceError("an argument of type %s" % type(x).__name__)

    def callee(self, func, args):
        """The call's text but for its arguments: (prefix, skip self)."""
        torch = self.torch
        name = getattr(func, "__name__", None)
        if name == "__get__":
            attr = getattr(getattr(func, "__self__", None), "__name__", None)
            if attr is None or not args:
                raise TraceError("an attribute of a tensor with no name")
            return "%s.%s" % (self.arg(args[0]), attr), None
        if name is None:
            raise TraceError("a function with no name (%r)" % (func,))
        if args and isinstance(args[0], torch.Tensor) and \
                getattr(torch.Tensor, name, None) is func:
            return "%s.%s" % (self.arg(args[0]), name), 1
        for mod, text in ((torch, "torch"), (torch.nn.functional, "torch.nn.functional"),
                          (torch.linalg, "torch.linalg"), (torch.fft, "torch.fft"),
                          (torch.special, "torch.special")):
            if getattr(mod, name, None) is func:
                return "%s.%s" % (text, name), 0
        mname = getattr(func, "__module__", None) or ""
        if mname.startswith("torch"):
            import importlib
            try:
                mod = importlib.import_module(mname)
            except ImportError:
                mod = None
            if mod is not None and getattr(mod, name, None) is func:
                return "%s.%s" % (mname, name), 0
        raise TraceError("no public name for %s.%s" % (mname or "?", name))


def _num(v):
    if isinstance(v, bool):
        return repr(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "float('nan')"
        if math.isinf(v):
            return "float('inf')" if v > 0 else "-float('inf')"
    return repr(v)


def make_mode(tr):
    import torch
    from torch.overrides import TorchFunctionMode

    class Mode(TorchFunctionMode):
        depth = 0

        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            if Mode.depth > 0 or not (tr.tracked(args) or tr.tracked(kwargs)):
                return func(*args, **kwargs)
            Mode.depth += 1
            try:
                return self._record(func, args, kwargs)
            finally:
                Mode.depth -= 1

        def _record(self, func, args, kwargs):
            pos = tr.fp.tell()
            names, lines = len(tr.keep), tr.lines
            head, skip = tr.callee(func, args)
            if skip is None:
                line = head
            else:
                parts = [tr.arg(a) for a in args[skip:]]
                parts += ["%s=%s" % (k, tr.arg(v)) for k, v in kwargs.items()]
                line = "%s(%s)" % (head, ", ".join(parts))
            tr.n += 1
            var = "t%d" % tr.n
            tr.write("%s = %s" % (var, line))
            out = func(*args, **kwargs)
            if out is not None and not _has_tensor(out, torch):
                # a size, a dtype: no line; its value is a literal later
                tr.fp.seek(pos)
                tr.fp.truncate()
                for t in tr.keep[names:]:
                    tr.names.pop(id(t), None)
                del tr.keep[names:]
                tr.lines = lines
                tr.n -= 1
                return out
            if isinstance(out, torch.Tensor):
                tr.name(out, var)
            elif isinstance(out, (list, tuple)):
                for i, v in enumerate(out):
                    if isinstance(v, torch.Tensor):
                        tr.name(v, "%s[%d]" % (var, i))
            return out

    return Mode


def trace(adapter, m, inputs, path):
    """Run model m on the PyTorch adapter under the tracer, writing the
    script to path.  The model's exceptions propagate; TraceError."""
    import torch
    if adapter.exec_mode not in (None, "batch"):
        raise TraceError("the %s execution mode is not traced" % adapter.exec_mode)
    fp = open(path, "w")
    tr = Tracer(fp, torch)
    tr.write("# A plain PyTorch script traced by dltriage from its model")
    tr.write("# (torch %s): the model's inputs, its weights where first used,"
             % torch.__version__)
    tr.write("# then each torch call of its forward pass in order.")
    tr.write("import torch")
    tr.write("")
    values = {}
    for inp in m.inputs:
        values[inp.name] = torch.as_tensor(inputs[inp.name]).to(adapter.tdtype(inp.dtype))
        tr.literal(values[inp.name], "x_" + _ident(inp.name))
    Mode = make_mode(tr)
    with torch.no_grad():
        tr.write("torch.set_grad_enabled(False)")
        with Mode():
            adapter.walk(m, values)
    for o in m.outputs:
        y = values[o]
        e = tr.arg(y)
        tr.write("print(%r, %s)" % (o, e))
        tr.write("print('NaN or Inf in %s:', not bool(torch.isfinite(%s).all()))" % (o, e))
    fp.close()
    return tr.lines


def _ident(s):
    return "".join(c if c.isalnum() or c == "_" else "_" for c in s)
