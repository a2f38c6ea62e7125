"""The model IR (docs/model-ir.md): validate a model given as a dict and
turn it into the objects the adapters walk (Model, Input, Node).

A model arrives as a dict with the keys of the YAML file: from json.load
(the runner's requests, docs/harness-protocol.md) or from PyYAML's
yaml.safe_load (a person running the harness on a .yaml file: load()).
Validation is the IR's own, before any framework sees the model: known
keys and ops, attribute types, dtypes, names, inputs that resolve to an
earlier input or node (a DAG in order), outputs that are nodes.  A
failure is an IRError naming the place: "FILE:LINE:COL: PATH: message"
for a YAML file (PyYAML's marks), "PATH: message" for a dict, PATH like
nodes[3].attrs.kernel.  It is the status `illegal`.

Python 3.8 or later; PyYAML only for load()/loads().
"""

import math
import re

from .common import OP_SPECS

DTYPES = ("float16", "bfloat16", "float32", "float64", "int32", "int64")
FLOAT_DTYPES = ("float16", "bfloat16", "float32", "float64")
FILLS = ("random", "zeros", "nan", "inf", "big", "denormal", "negzero")
WEIGHT_MUTATIONS = ("GF", "WS", "NAI", "NEB", "NS")

MODEL_NAME = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
NAME_MAX = 128

TOP_KEYS = ("model", "description", "source", "seed", "published", "inputs", "nodes",
            "outputs", "mutation")
INPUT_KEYS = ("name", "shape", "dtype", "range", "fill", "fill_at")
NODE_KEYS = ("name", "op", "inputs", "attrs", "dtype", "weight_mutations")
WM_KEYS = ("op", "param", "scale", "fraction", "neurons", "seed")


class IRError(ValueError):
    """An illegal model.  str(): "FILE:LINE:COL: PATH: message" (YAML),
    "FILE: PATH: message" or "PATH: message"."""

    def __init__(self, message, path=(), file=None, line=None, col=None):
        self.message = message
        self.path = tuple(path)
        self.file = file
        self.line = line
        self.col = col
        head = []
        if file is not None:
            head.append(file if line is None else "%s:%d:%d" % (file, line, col))
        if self.path:
            head.append(format_path(self.path))
        ValueError.__init__(self, ": ".join(head + [message]))


def format_path(path):
    """("nodes", 3, "attrs", "kernel") -> "nodes[3].attrs.kernel"."""
    out = ""
    for p in path:
        if isinstance(p, int):
            out += "[%d]" % p
        else:
            out += ("." if out else "") + str(p)
    return out


# ---------------------------------------------------------------------------
# The objects the adapters use


class Node(object):
    def __init__(self, d, index):
        self.name = d["name"]
        self.op = d["op"]
        self.inputs = list(d.get("inputs") or [])
        self.attrs = dict(d.get("attrs") or {})
        self.dtype = d.get("dtype")
        self.weight_mutations = list(d.get("weight_mutations") or [])
        self.index = index

    def attr(self, name, default=None):
        return self.attrs.get(name, default)

    def __repr__(self):
        return "Node(%s: %s)" % (self.name, self.op)


class Input(object):
    def __init__(self, d):
        self.name = d["name"]
        self.shape = [int(x) for x in d["shape"]]
        self.dtype = d.get("dtype") or "float32"
        self.range = d.get("range")
        self.fill = d.get("fill") or "random"
        self.fill_at = d.get("fill_at")  # one element only, or None


class Model(object):
    def __init__(self, d, file=None):
        self.file = file
        self.raw = d
        self.name = str(d.get("model"))
        self.seed = int(d.get("seed") or 0)
        self.inputs = [Input(x) for x in d.get("inputs") or []]
        self.nodes = [Node(x, i) for i, x in enumerate(d.get("nodes") or [])]
        self.outputs = list(d.get("outputs") or [])
        self.mutation = d.get("mutation")
        self.consumers = {}
        for n in self.nodes:
            for i in n.inputs:
                self.consumers.setdefault(i, []).append(n)


# ---------------------------------------------------------------------------
# Validation


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _is_pair(v):
    return isinstance(v, list) and len(v) == 2 and all(_is_int(x) for x in v)


def _type_ok(kind, v):
    if kind == "int":
        return _is_int(v)
    if kind == "float":
        return _is_num(v)
    if kind == "bool":
        return isinstance(v, bool)
    if kind == "dtype":
        return v in DTYPES
    if kind == "ints":
        return _is_int(v) or (isinstance(v, list) and len(v) > 0 and all(_is_int(x) for x in v))
    if kind in ("padding", "pairs"):
        if kind == "padding" and isinstance(v, str):
            return v.lower() in ("valid", "same")
        return _is_int(v) or (isinstance(v, list) and len(v) > 0 and
                              all(_is_int(x) or _is_pair(x) for x in v))
    return False


_TYPE_TEXT = {
    "int": "an integer", "float": "a number", "bool": "true or false",
    "dtype": "one of " + ", ".join(DTYPES),
    "ints": "an integer or a list of integers",
    "padding": "valid, same, or a list of pads or [before, after] pairs",
    "pairs": "an integer or a list of [before, after] pairs",
}


def _arity_ok(arity, n):
    if arity.endswith("+"):
        return n >= int(arity[:-1])
    if "-" in arity:
        lo, hi = arity.split("-")
        return int(lo) <= n <= int(hi)
    return n == int(arity)


class _Checker(object):
    def __init__(self, file, marks):
        self.file = file
        self.marks = marks or {}

    def fail(self, path, msg):
        path = tuple(path)
        mark = None
        for k in range(len(path), -1, -1):
            mark = self.marks.get(path[:k])
            if mark is not None:
                break
        if mark is not None:
            raise IRError(msg, path, self.file, mark[0], mark[1])
        raise IRError(msg, path, self.file)

    def mapping(self, path, v, keys, what):
        if not isinstance(v, dict):
            self.fail(path, "%s is a mapping" % what)
        for k in v:
            if k not in keys:
                self.fail(tuple(path) + (k,), "unknown key '%s' in %s" % (k, what))

    def name(self, path, v, what):
        if not isinstance(v, str) or not NAME.match(v) or len(v.encode("utf-8")) > NAME_MAX:
            self.fail(path, "%s name %r is not [A-Za-z_][A-Za-z0-9_-]* (at most %d bytes)"
                      % (what, v, NAME_MAX))

    def check(self, d):
        if not isinstance(d, dict):
            self.fail((), "a model is a mapping")
        self.mapping((), d, TOP_KEYS, "the model")
        for k in ("model", "inputs", "nodes", "outputs"):
            if k not in d:
                self.fail((), "missing '%s'" % k)
        if not isinstance(d["model"], str) or not MODEL_NAME.match(d["model"]):
            self.fail(("model",), "model name %r is not [a-z0-9][a-z0-9._-]*" % (d["model"],))
        for k in ("description", "source"):
            if d.get(k) is not None and not isinstance(d[k], str):
                self.fail((k,), "'%s' is a string" % k)
        if d.get("seed") is not None and not _is_int(d["seed"]):
            self.fail(("seed",), "seed is an integer")
        for k in ("published", "mutation"):
            if d.get(k) is not None and not isinstance(d[k], dict):
                self.fail((k,), "'%s' is a mapping" % k)
        seen = {}
        if not isinstance(d["inputs"], list) or not d["inputs"]:
            self.fail(("inputs",), "inputs is a non-empty list")
        for i, x in enumerate(d["inputs"]):
            p = ("inputs", i)
            self.mapping(p, x, INPUT_KEYS, "an input")
            if "name" not in x or "shape" not in x:
                self.fail(p, "an input has a name and a shape")
            self.name(p + ("name",), x["name"], "input")
            if x["name"] in seen:
                self.fail(p + ("name",), "duplicate name '%s'" % x["name"])
            seen[x["name"]] = "input"
            s = x["shape"]
            if not isinstance(s, list) or not s or not all(_is_int(v) and v >= 0 for v in s):
                self.fail(p + ("shape",), "shape is a non-empty list of non-negative integers")
            if x.get("dtype") is not None and x["dtype"] not in DTYPES:
                self.fail(p + ("dtype",), "unknown dtype %r (%s)" % (x["dtype"], ", ".join(DTYPES)))
            r = x.get("range")
            if r is not None and not (isinstance(r, list) and len(r) == 2 and all(_is_num(v) for v in r)):
                self.fail(p + ("range",), "range is [low, high]")
            if x.get("fill") is not None and x["fill"] not in FILLS:
                self.fail(p + ("fill",), "unknown fill %r (%s)" % (x["fill"], ", ".join(FILLS)))
            at = x.get("fill_at")
            if at is not None:
                if not _is_int(at) or at < 0:
                    self.fail(p + ("fill_at",), "fill_at is an element index (0 or more)")
                if x.get("fill") in (None, "random"):
                    self.fail(p + ("fill_at",), "fill_at needs a fill to put there")
        if not isinstance(d["nodes"], list) or not d["nodes"]:
            self.fail(("nodes",), "nodes is a non-empty list")
        for i, n in enumerate(d["nodes"]):
            self.node(("nodes", i), n, seen)
            seen[n["name"]] = "node"
        outs = d["outputs"]
        if not isinstance(outs, list) or not outs:
            self.fail(("outputs",), "outputs is a non-empty list of node names")
        for i, o in enumerate(outs):
            if seen.get(o) != "node":
                self.fail(("outputs", i), "output %r is not a node" % (o,))

    def node(self, p, n, seen):
        self.mapping(p, n, NODE_KEYS, "a node")
        if "name" not in n or "op" not in n:
            self.fail(p, "a node has a name and an op")
        self.name(p + ("name",), n["name"], "node")
        if n["name"] in seen:
            self.fail(p + ("name",), "duplicate name '%s'" % n["name"])
        op = n["op"]
        if not isinstance(op, str) or op not in OP_SPECS:
            self.fail(p + ("op",), "unknown op %r" % (op,))
        arity, attrs = OP_SPECS[op]
        ins = n.get("inputs")
        if ins is None:
            ins = []
        if not isinstance(ins, list):
            self.fail(p + ("inputs",), "inputs is a list of names")
        for j, x in enumerate(ins):
            if not isinstance(x, str) or x not in seen:
                self.fail(p + ("inputs", j), "input %r of node '%s' is not an earlier input or node"
                          % (x, n["name"]))
        if not _arity_ok(arity, len(ins)):
            self.fail(p + ("inputs",), "%s takes %s input%s, not %d" % (
                op, arity.replace("-", " or ").replace("+", " or more"),
                "" if arity == "1" else "s", len(ins)))
        a = n.get("attrs")
        if a is None:
            a = {}
        if not isinstance(a, dict):
            self.fail(p + ("attrs",), "attrs is a mapping")
        for k, v in a.items():
            if k not in attrs:
                self.fail(p + ("attrs", k), "%s has no attribute '%s'%s" % (
                    op, k, " (it has: %s)" % ", ".join(attrs) if attrs else ""))
            kind = attrs[k][0]
            if not _type_ok(kind, v):
                self.fail(p + ("attrs", k), "%s.%s is %s, not %r" % (op, k, _TYPE_TEXT[kind], v))
        for k, (kind, required) in attrs.items():
            if required and k not in a:
                self.fail(p + ("attrs",), "%s needs the attribute '%s'" % (op, k))
        if n.get("dtype") is not None and n["dtype"] not in DTYPES:
            self.fail(p + ("dtype",), "unknown dtype %r (%s)" % (n["dtype"], ", ".join(DTYPES)))
        wms = n.get("weight_mutations")
        if wms is None:
            return
        if not isinstance(wms, list):
            self.fail(p + ("weight_mutations",), "weight_mutations is a list")
        for j, w in enumerate(wms):
            q = p + ("weight_mutations", j)
            self.mapping(q, w, WM_KEYS, "a weight mutation")
            if not isinstance(w.get("op"), str) or w["op"].upper() not in WEIGHT_MUTATIONS:
                self.fail(q + ("op",), "unknown weight mutation %r (%s)"
                          % (w.get("op"), ", ".join(WEIGHT_MUTATIONS)))
            if w.get("param") is not None and not isinstance(w["param"], str):
                self.fail(q + ("param",), "param is a parameter name")
            for k in ("scale", "fraction"):
                if w.get(k) is not None and not (_is_num(w[k]) and math.isfinite(w[k])):
                    self.fail(q + (k,), "%s is a number" % k)
            if w.get("seed") is not None and not _is_int(w["seed"]):
                self.fail(q + ("seed",), "seed is an integer")
            ns = w.get("neurons")
            if ns is not None and not (isinstance(ns, list) and len(ns) <= 8 and
                                       all(_is_int(v) for v in ns)):
                self.fail(q + ("neurons",), "neurons is a list of at most 8 integers")


def from_dict(d, file=None, marks=None):
    """Validate a model dict and return its Model; IRError when illegal.
    marks: {path tuple: (line, col)} for messages (loads() makes them)."""
    _Checker(file, marks).check(d)
    return Model(d, file)


# ---------------------------------------------------------------------------
# YAML files (PyYAML)

_loader_class = None


def _loader():
    """PyYAML's SafeLoader, reading 1e-5 and 1.0e5 as floats (YAML 1.1's
    float needs a dot and a signed exponent; the IR means a number)."""
    global _loader_class
    if _loader_class is None:
        import yaml

        class Loader(yaml.SafeLoader):
            pass

        Loader.add_implicit_resolver(
            "tag:yaml.org,2002:float",
            re.compile(r"^[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?[eE][-+]?[0-9]+$"),
            list("-+0123456789"))
        _loader_class = Loader
    return _loader_class


def _marks(node, path, out, file):
    import yaml
    m = node.start_mark
    out[path] = (m.line + 1, m.column + 1)
    if isinstance(node, yaml.MappingNode):
        seen = set()
        for k, v in node.value:
            key = k.value if isinstance(k, yaml.ScalarNode) else None
            if key in seen:
                raise IRError("duplicate key '%s'" % key, path + (key,), file,
                              k.start_mark.line + 1, k.start_mark.column + 1)
            seen.add(key)
            _marks(v, path + (key,), out, file)
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _marks(v, path + (i,), out, file)


def loads(text, file="<string>"):
    """A model from YAML text: validated Model, or IRError with FILE:LINE:COL."""
    import yaml
    loader = _loader()(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise IRError("empty file: a model is a YAML mapping", (), file, 1, 1)
        marks = {}
        _marks(node, (), marks, file)
        d = loader.construct_document(node)
    except yaml.MarkedYAMLError as e:
        m = e.problem_mark or e.context_mark
        msg = " ".join(x for x in (e.context, e.problem) if x) or "malformed YAML"
        if m is None:
            raise IRError(msg, (), file)
        raise IRError(msg, (), file, m.line + 1, m.column + 1)
    except yaml.YAMLError as e:
        raise IRError("malformed YAML: %s" % e, (), file)
    finally:
        loader.dispose()
    return from_dict(d, file, marks)


def load(path):
    """A model from a YAML file (OSError when it cannot be read)."""
    with open(path, "r", encoding="utf-8") as f:
        text = f.read()
    return loads(text, path)
