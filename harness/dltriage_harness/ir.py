"""The model IR (docs/model-ir.md): a loader built on a small YAML-subset
parser, so that the harness needs nothing beyond the standard library.

The subset is what the IR uses and what dlt_model_write() emits: block
mappings and sequences (indentation, "- " items, "key:" with the value on
the same line or nested below), flow sequences and mappings ([a, b],
{k: v}, nested, possibly spread over several lines), plain scalars
(null/~, true/false, integers, floats including .inf/.nan, strings),
single- and double-quoted scalars, literal (|) and folded (>) block
scalars, and comments.  Anchors, aliases, tags and multiple documents are
not part of it and are rejected.
"""

import math
import re


class IRError(Exception):
    """A malformed model: "file:line:col: message"."""

    def __init__(self, file, line, col, message):
        Exception.__init__(self, "%s:%d:%d: %s" % (file, line, col, message))
        self.file = file
        self.line = line
        self.col = col
        self.message = message


# ---------------------------------------------------------------------------
# YAML subset

_INT_RE = re.compile(r"^[-+]?(0|[1-9][0-9]*)$")
_HEX_RE = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT_RE = re.compile(r"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$")


def _plain(text):
    t = text.strip()
    if t in ("", "~", "null", "Null", "NULL"):
        return None
    if t in ("true", "True", "TRUE"):
        return True
    if t in ("false", "False", "FALSE"):
        return False
    if _INT_RE.match(t):
        return int(t)
    if _HEX_RE.match(t):
        return int(t, 16)
    if _FLOAT_RE.match(t):
        return float(t)
    low = t.lower()
    if low in (".inf", "+.inf"):
        return math.inf
    if low == "-.inf":
        return -math.inf
    if low == ".nan":
        return math.nan
    return t


class _Line(object):
    __slots__ = ("no", "indent", "text")

    def __init__(self, no, indent, text):
        self.no = no
        self.indent = indent
        self.text = text


def _strip_comment(s):
    """Remove a trailing comment: '#' at the start or after blank, outside quotes."""
    q = None
    i = 0
    n = len(s)
    while i < n:
        c = s[i]
        if q:
            if q == '"' and c == "\\":
                i += 2
                continue
            if c == q:
                if q == "'" and i + 1 < n and s[i + 1] == "'":
                    i += 2
                    continue
                q = None
        elif c in "\"'":
            # a quote opens a quoted scalar only at the start of a token
            if i == 0 or s[i - 1] in " \t[{,:-":
                q = c
        elif c == "#" and (i == 0 or s[i - 1] in " \t"):
            return s[:i].rstrip()
        i += 1
    return s.rstrip()


class _Parser(object):
    def __init__(self, text, file):
        self.file = file
        self.raw = text.split("\n")
        self.lines = []
        for no, raw in enumerate(self.raw, 1):
            if "\t" in raw[: len(raw) - len(raw.lstrip(" \t"))]:
                raise IRError(file, no, 1, "tab in indentation")
            body = raw.lstrip(" ")
            if body.startswith("%") or body.startswith("---") and body.strip() == "---":
                if body.strip() == "---" and not self.lines:
                    continue
                raise IRError(file, no, 1, "directives and multiple documents are not supported")
            stripped = _strip_comment(body)
            if not stripped:
                self.lines.append(_Line(no, len(raw) - len(body), None))  # blank
                continue
            self.lines.append(_Line(no, len(raw) - len(body), stripped))
        self.pos = 0

    def err(self, line, col, msg):
        raise IRError(self.file, line, col, msg)

    # -- helpers over significant lines
    def _skip_blank(self):
        while self.pos < len(self.lines) and self.lines[self.pos].text is None:
            self.pos += 1

    def peek(self):
        self._skip_blank()
        if self.pos < len(self.lines):
            return self.lines[self.pos]
        return None

    def parse(self):
        ln = self.peek()
        if ln is None:
            return None
        v = self.block(ln.indent)
        ln = self.peek()
        if ln is not None:
            self.err(ln.no, ln.indent + 1, "unexpected content (bad indentation?)")
        return v

    def block(self, indent):
        ln = self.peek()
        if ln.text == "-" or ln.text.startswith("- "):
            return self.seq(indent)
        return self.mapping(indent)

    def seq(self, indent):
        out = []
        while True:
            ln = self.peek()
            if ln is None or ln.indent < indent:
                break
            if ln.indent > indent:
                self.err(ln.no, ln.indent + 1, "bad indentation")
            if not (ln.text == "-" or ln.text.startswith("- ")):
                break
            rest = ln.text[1:]
            sub = len(rest) - len(rest.lstrip(" "))
            rest = rest.lstrip(" ")
            if not rest:
                self.pos += 1
                nx = self.peek()
                if nx is None or nx.indent <= indent:
                    out.append(None)
                else:
                    out.append(self.block(nx.indent))
                continue
            col = indent + 1 + sub
            if self._is_key(rest) or rest == "-" or rest.startswith("- "):
                # an inline block: rewrite this line as the first line of a
                # nested block at column col
                self.lines[self.pos] = _Line(ln.no, col, rest)
                out.append(self.block(col))
            else:
                self.pos += 1
                out.append(self.value_text(rest, ln.no, col, indent))
        return out

    def _split_key(self, text):
        """(key, rest, keylen) if text is 'key: ...' / 'key:'; else None."""
        if text[0] in "\"'":
            q = text[0]
            i = 1
            while i < len(text):
                if text[i] == "\\" and q == '"':
                    i += 2
                    continue
                if text[i] == q:
                    if q == "'" and i + 1 < len(text) and text[i + 1] == "'":
                        i += 2
                        continue
                    break
                i += 1
            else:
                return None
            after = text[i + 1:]
            if after.startswith(":") and (len(after) == 1 or after[1] == " "):
                return self._quoted(text[: i + 1], 0, 0), after[1:].strip(), i + 2
            return None
        if text[0] in "[{":
            return None
        m = re.match(r"^([^:#]*?[^ ]):( |$)", text)
        if not m:
            return None
        return m.group(1), text[m.end():].strip(), len(m.group(1)) + 1

    def _is_key(self, text):
        return self._split_key(text) is not None

    def mapping(self, indent):
        out = {}
        while True:
            ln = self.peek()
            if ln is None or ln.indent < indent:
                break
            if ln.indent > indent:
                self.err(ln.no, ln.indent + 1, "bad indentation")
            if ln.text == "-" or ln.text.startswith("- "):
                break
            kv = self._split_key(ln.text)
            if kv is None:
                self.err(ln.no, ln.indent + 1, "expected 'key: value'")
            key, rest, klen = kv
            if key in out:
                self.err(ln.no, ln.indent + 1, "duplicate key '%s'" % key)
            self.pos += 1
            if not rest:
                nx = self.peek()
                if nx is not None and nx.indent > indent:
                    out[key] = self.block(nx.indent)
                elif nx is not None and nx.indent == indent and (
                        nx.text == "-" or nx.text.startswith("- ")):
                    out[key] = self.seq(indent)
                else:
                    out[key] = None
            else:
                col = ln.indent + len(ln.text) - len(rest) + 1
                out[key] = self.value_text(rest, ln.no, col, indent)
        return out

    def value_text(self, text, lineno, col, indent):
        """A value that starts on a line: flow collection (may continue on
        following lines), quoted or plain scalar, or block scalar."""
        if text[0] in "[{":
            buf = text
            while True:
                try:
                    v, end = _Flow(buf, self, lineno, col).parse_all()
                    return v
                except _Incomplete:
                    nx = self.peek()
                    if nx is None:
                        self.err(lineno, col, "unterminated flow collection")
                    buf += " " + nx.text
                    self.pos += 1
        if text[0] in "|>":
            return self.block_scalar(text, lineno, indent)
        if text[0] in "\"'":
            q = text[0]
            buf = text
            while not _quote_closed(buf, q):
                nx = self.peek()
                if nx is None:
                    self.err(lineno, col, "unterminated quoted scalar")
                buf += " " + nx.text
                self.pos += 1
            return self._quoted(buf, lineno, col)
        if text[0] in "&*!":
            self.err(lineno, col, "anchors, aliases and tags are not supported")
        # plain scalar, possibly continued on more-indented lines
        parts = [text]
        while True:
            nx = self.peek()
            if nx is None or nx.indent <= indent or self._is_key(nx.text) or nx.text.startswith("- "):
                break
            parts.append(nx.text)
            self.pos += 1
        return _plain(" ".join(parts))

    def block_scalar(self, head, lineno, indent):
        style = head[0]
        chomp = "clip"
        if "-" in head[1:]:
            chomp = "strip"
        elif "+" in head[1:]:
            chomp = "keep"
        # raw lines (comments are content inside block scalars)
        i = self.pos
        lines = []
        bindent = None
        while i < len(self.lines):
            raw = self.raw[self.lines[i].no - 1]
            if raw.strip() == "":
                lines.append("")
                i += 1
                continue
            ind = len(raw) - len(raw.lstrip(" "))
            if ind <= indent:
                break
            if bindent is None:
                bindent = ind
            if ind < bindent:
                break
            lines.append(raw[bindent:])
            i += 1
        self.pos = i
        while lines and lines[-1] == "" and chomp != "keep":
            lines.pop()
        if style == "|":
            s = "\n".join(lines)
        else:
            s = ""
            for j, l in enumerate(lines):
                if j == 0:
                    s = l
                elif l == "":
                    s += "\n"
                elif s.endswith("\n") or s == "":
                    s += l
                else:
                    s += " " + l
        if chomp != "strip" and lines:
            s += "\n"
        return s

    def _quoted(self, text, lineno, col):
        q = text[0]
        body = text.strip()
        if len(body) < 2 or body[-1] != q:
            self.err(lineno, col, "bad quoted scalar")
        body = body[1:-1]
        if q == "'":
            return body.replace("''", "'")
        return _unescape(body, self, lineno, col)


def _quote_closed(buf, q):
    i = 1
    while i < len(buf):
        c = buf[i]
        if q == '"' and c == "\\":
            i += 2
            continue
        if c == q:
            if q == "'" and i + 1 < len(buf) and buf[i + 1] == "'":
                i += 2
                continue
            return True
        i += 1
    return False


_ESC = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "/": "/",
        "a": "\a", "b": "\b", "e": "\x1b", "f": "\f", "v": "\v", " ": " "}


def _unescape(s, p, lineno, col):
    out = []
    i = 0
    while i < len(s):
        c = s[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        i += 1
        if i >= len(s):
            p.err(lineno, col, "bad escape")
        c = s[i]
        if c in _ESC:
            out.append(_ESC[c])
            i += 1
        elif c in "xuU":
            n = {"x": 2, "u": 4, "U": 8}[c]
            try:
                out.append(chr(int(s[i + 1:i + 1 + n], 16)))
            except ValueError:
                p.err(lineno, col, "bad escape")
            i += 1 + n
        else:
            p.err(lineno, col, "bad escape '\\%s'" % c)
    return "".join(out)


class _Incomplete(Exception):
    pass


class _Flow(object):
    def __init__(self, s, p, lineno, col):
        self.s = s
        self.i = 0
        self.p = p
        self.lineno = lineno
        self.col = col

    def err(self, msg):
        self.p.err(self.lineno, self.col + self.i, msg)

    def ws(self):
        while self.i < len(self.s) and self.s[self.i] in " \t":
            self.i += 1

    def parse_all(self):
        v = self.value()
        self.ws()
        if self.i != len(self.s):
            self.err("unexpected text after flow collection")
        return v, self.i

    def value(self):
        self.ws()
        if self.i >= len(self.s):
            raise _Incomplete()
        c = self.s[self.i]
        if c == "[":
            self.i += 1
            out = []
            while True:
                self.ws()
                if self.i >= len(self.s):
                    raise _Incomplete()
                if self.s[self.i] == "]":
                    self.i += 1
                    return out
                out.append(self.value())
                self.ws()
                if self.i >= len(self.s):
                    raise _Incomplete()
                if self.s[self.i] == ",":
                    self.i += 1
                elif self.s[self.i] != "]":
                    self.err("expected ',' or ']'")
        if c == "{":
            self.i += 1
            out = {}
            while True:
                self.ws()
                if self.i >= len(self.s):
                    raise _Incomplete()
                if self.s[self.i] == "}":
                    self.i += 1
                    return out
                k = self.scalar(key=True)
                self.ws()
                if self.i >= len(self.s):
                    raise _Incomplete()
                if self.s[self.i] != ":":
                    self.err("expected ':' in flow mapping")
                self.i += 1
                v = self.value()
                if not isinstance(k, str):
                    k = str(k)
                if k in out:
                    self.err("duplicate key '%s'" % k)
                out[k] = v
                self.ws()
                if self.i >= len(self.s):
                    raise _Incomplete()
                if self.s[self.i] == ",":
                    self.i += 1
                elif self.s[self.i] != "}":
                    self.err("expected ',' or '}'")
        return self.scalar()

    def scalar(self, key=False):
        self.ws()
        c = self.s[self.i]
        if c in "\"'":
            j = self.i + 1
            while j < len(self.s):
                if c == '"' and self.s[j] == "\\":
                    j += 2
                    continue
                if self.s[j] == c:
                    if c == "'" and j + 1 < len(self.s) and self.s[j + 1] == "'":
                        j += 2
                        continue
                    break
                j += 1
            else:
                raise _Incomplete()
            text = self.s[self.i:j + 1]
            self.i = j + 1
            return self.p._quoted(text, self.lineno, self.col + self.i)
        if c in "&*!":
            self.err("anchors, aliases and tags are not supported")
        j = self.i
        while j < len(self.s):
            ch = self.s[j]
            if ch in ",]}":
                break
            if ch == ":" and (j + 1 == len(self.s) or self.s[j + 1] in " ,]}"):
                if key:
                    break
            if ch in "[{":
                self.err("unexpected '%s'" % ch)
            j += 1
        text = self.s[self.i:j]
        self.i = j
        if key:
            return text.strip()
        return _plain(text)


def parse_yaml(text, file="<string>"):
    """Parse the IR's YAML subset into dicts, lists and scalars."""
    return _Parser(text, file).parse()


# ---------------------------------------------------------------------------
# The model

DTYPES = ("float16", "bfloat16", "float32", "float64", "int32", "int64")
FLOAT_DTYPES = ("float16", "bfloat16", "float32", "float64")


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
        v = self.attrs.get(name, default)
        return v

    def __repr__(self):
        return "Node(%s: %s)" % (self.name, self.op)


class Input(object):
    def __init__(self, d):
        self.name = d["name"]
        self.shape = [int(x) for x in d["shape"]]
        self.dtype = d.get("dtype", "float32")
        self.range = d.get("range")
        self.fill = d.get("fill") or "random"


class Model(object):
    def __init__(self, d, file):
        self.file = file
        self.raw = d
        self.name = str(d.get("model"))
        self.seed = int(d.get("seed", 0))
        self.inputs = [Input(x) for x in d.get("inputs") or []]
        self.nodes = [Node(x, i) for i, x in enumerate(d.get("nodes") or [])]
        self.outputs = list(d.get("outputs") or [])
        self.mutation = d.get("mutation")
        self.consumers = {}
        for n in self.nodes:
            for i in n.inputs:
                self.consumers.setdefault(i, []).append(n)


def _check(model, file):
    def fail(msg):
        raise IRError(file, 1, 1, msg)

    if not model.name or model.name == "None":
        fail("missing 'model'")
    seen = set()
    for i in model.inputs:
        if i.name in seen:
            fail("duplicate name '%s'" % i.name)
        if i.dtype not in DTYPES:
            fail("input '%s': unknown dtype '%s'" % (i.name, i.dtype))
        if i.fill not in ("random", "zeros", "nan", "inf"):
            fail("input '%s': unknown fill '%s'" % (i.name, i.fill))
        seen.add(i.name)
    for n in model.nodes:
        if n.name in seen:
            fail("duplicate name '%s'" % n.name)
        for x in n.inputs:
            if x not in seen:
                fail("node '%s': input '%s' is not an earlier input or node" % (n.name, x))
        if n.dtype is not None and n.dtype not in DTYPES:
            fail("node '%s': unknown dtype '%s'" % (n.name, n.dtype))
        seen.add(n.name)
    if not model.outputs:
        fail("no outputs")
    for o in model.outputs:
        if o not in seen:
            fail("output '%s' is not a node or input" % o)


def load(path):
    with open(path, "r", encoding="utf-8") as f:
        text = f.read()
    return loads(text, path)


def loads(text, file="<string>"):
    d = parse_yaml(text, file)
    if not isinstance(d, dict):
        raise IRError(file, 1, 1, "a model is a YAML mapping")
    for key in ("inputs", "nodes", "outputs"):
        if key not in d:
            raise IRError(file, 1, 1, "missing '%s'" % key)
    try:
        m = Model(d, file)
    except (KeyError, TypeError, ValueError) as e:
        raise IRError(file, 1, 1, "malformed model: %s" % e)
    _check(m, file)
    return m
