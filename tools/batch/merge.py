#!/usr/bin/env python3
"""Merge a staged batch into tools/gen-framework-logs.py (a developer tool).

usage: merge.py NN DIR

Reads the lists BNN_A and BNN_B from DIR/out-a.py and DIR/out-b.py (as
stage.py asked the helpers to write them) and adds them, each with its
add_batch() call, after the generator's last add_batch() call.  A list
already in the generator is refused, so that a batch is merged once.
"""

import os
import re
import runpy
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "..", "gen-framework-logs.py")


def main():
    if len(sys.argv) != 3 or not sys.argv[1].isdigit():
        sys.stderr.write("usage: merge.py NN DIR\n")
        return 2
    nn, staging = sys.argv[1], sys.argv[2]
    with open(GEN) as f:
        gen = f.read()
    add = ""
    for p in ("a", "b"):
        name = "B%s_%s" % (nn, p.upper())
        path = os.path.join(staging, "out-%s.py" % p)
        if re.search(r"(?m)^%s = \[" % name, gen):
            sys.stderr.write("merge.py: %s is in the generator already\n" % name)
            return 1
        with open(path) as f:
            text = f.read()
        # the list must load, and hold tuples of eight
        items = runpy.run_path(path)[name]
        bad = [i for i, t in enumerate(items) if not isinstance(t, tuple) or len(t) != 8]
        if bad:
            sys.stderr.write("merge.py: %s: entries %s are not tuples of eight\n" % (path, bad))
            return 1
        m = re.search(r"(?m)^%s = \[" % name, text)
        add += "\n" + text[m.start():].rstrip() + "\nadd_batch(%s)\n" % name
        print("%s: %d scenarios" % (name, len(items)))
    last = list(re.finditer(r"(?m)^add_batch\(\w+\)\n", gen))[-1]
    gen = gen[:last.end()] + add + gen[last.end():]
    with open(GEN, "w") as f:
        f.write(gen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
