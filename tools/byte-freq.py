#!/usr/bin/env python3
"""Print the byte-frequency table of src/scan.c (a developer tool).

usage: byte-freq.py [TOP]

The scanner (src/scan.c) tests, at every byte of a log, whether the two
bytes there start the fragment it chose for some anchor; it chooses for
each anchor the fragment whose bytes are rarest in log text.  This
script measures how often each byte occurs in the real logs bundled
with dltriage: the framework logs of corpus/logs (and corpus/logs/real)
and the tracker logs of corpus/validation/*/*.jsonl.  It prints the
table as C, in parts per 10,000 (at least 1), to paste into scan.c.
Standard library only.
"""

import collections
import glob
import json
import os
import sys


def logs(top):
    """The bytes of every real log bundled under top, one log at a time."""
    for path in sorted(glob.glob(os.path.join(top, "corpus", "logs", "**", "*.log"),
                              recursive=True)):
        yield open(path, "rb").read()
    for path in sorted(glob.glob(os.path.join(top, "corpus", "validation", "*", "*.jsonl"))):
        for line in open(path, encoding="utf-8"):
            try:
                log = json.loads(line).get("log")
            except ValueError:
                continue
            if isinstance(log, str):
                yield log.encode("utf-8")


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..")
    count = collections.Counter()
    total = 0
    for data in logs(top):
        count.update(data)
        total += len(data)
    if total == 0:
        sys.stderr.write("byte-freq.py: no logs under %s\n" % top)
        return 1
    tab = [max(1, round(count[b] * 10000 / total)) for b in range(256)]
    print("/* parts per 10,000 of each byte in real logs (tools/byte-freq.py, %d bytes) */"
          % total)
    print("static const unsigned short byte_freq[256] = {")
    for i in range(0, 256, 16):
        print("\t" + ", ".join("%d" % x for x in tab[i:i + 16]) + ",")
    print("};")
    return 0


if __name__ == "__main__":
    sys.exit(main())
