#!/usr/bin/env python3
"""gen-store.py: a big store for measuring the TUI (bench/tui-latency.sh).

    bench/gen-store.py DLTRIAGE STORE [FAILURES [BUCKETS [BIGLOG]]]

The store is made by dltriage itself (classify of one small log, so that
the schema and its markers are the real ones), then FAILURES failures
(default 1,000,000) over BUCKETS unique defects (default 20,000, with a
Zipf-like spread of counts: a few big buckets and a long tail) are
added with Python's sqlite3 in one transaction, as classify would have
left them: a files row per 100 failures, realistic signatures, frames,
evidence and excerpts, the bucket counts equal to their failures, one
decision for one bucket in 50.  With BIGLOG, the first failure of the
worst bucket points at that file (any size; its middle line is the
evidence), for timing the opening of a big log.  Classifying a million
logs with dltriage classify would take an hour; this takes a minute or
two, and what the TUI reads is the same.
"""
import os
import random
import sqlite3
import subprocess
import sys
import tempfile

CLASSES = ["crash", "crash", "crash", "nan", "inconsistency",
           "false-positive", "false-positive", "timeout", "oom", "unknown"]
KINDS = {"crash": ["segfault", "abort", "internal-assert", "check-failure",
                   "uncaught-exception", "sanitizer:heap-buffer-overflow"],
         "nan": ["nan"], "inconsistency": ["tolerance-mismatch"],
         "false-positive": ["shape-mismatch", "invalid-argument"],
         "timeout": ["timeout"], "oom": ["gpu-oom", "oom-killer"],
         "unknown": [None]}
FRAMEWORKS = ["pytorch", "tensorflow", "jax", "keras", "onnxruntime"]
PRIOS = ["high", "medium", "medium", "low", "low", None]
OPS = ["conv2d", "matmul", "softmax", "batch_norm", "max_pool2d",
       "channel_shuffle", "layer_norm", "gather", "scatter_add", "einsum"]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    dlt, store = sys.argv[1], sys.argv[2]
    nfail = int(sys.argv[3]) if len(sys.argv) > 3 else 1000000
    nbuck = int(sys.argv[4]) if len(sys.argv) > 4 else 20000
    biglog = sys.argv[5] if len(sys.argv) > 5 else None
    rnd = random.Random(11)
    if os.path.exists(store):
        sys.exit("gen-store.py: '%s' exists" % store)
    with tempfile.TemporaryDirectory() as d:
        log = os.path.join(d, "seed.log")
        with open(log, "w") as f:
            f.write("Traceback (most recent call last):\n"
                    '  File "x.py", line 1, in <module>\n'
                    "RuntimeError: seed\n")
        subprocess.run([dlt, "classify", "-q", "--db", store, log],
                       check=True, stdout=subprocess.DEVNULL)
    db = sqlite3.connect(store)
    db.execute("PRAGMA synchronous = OFF")
    db.execute("BEGIN")
    # Zipf-like counts that add up to nfail, every bucket at least one
    weights = [1.0 / (i + 1) ** 1.1 for i in range(nbuck)]
    total = sum(weights)
    counts = [1 + int((nfail - nbuck) * w / total) for w in weights]
    counts[0] += nfail - sum(counts)
    buckets = []
    for i in range(nbuck):
        cls = CLASSES[rnd.randrange(len(CLASSES))]
        kind = rnd.choice(KINDS[cls])
        fw = rnd.choice(FRAMEWORKS)
        op = rnd.choice(OPS)
        sig = "%s in %s::native::%s_%d (%s %d)" % (
            (kind or "error").upper() if cls == "crash" else
            "RuntimeError", fw, op, i, "shape", rnd.randrange(1000))
        bid = "%016x" % rnd.getrandbits(64)
        day = 1 + (i * 27) // nbuck
        first = "2026-11-%02dT%02d:%02d:00Z" % (day, rnd.randrange(24),
                                                rnd.randrange(60))
        buckets.append((bid, sig, cls, kind, fw, rnd.choice(PRIOS), first,
                        "2026-11-28T12:00:00Z", counts[i]))
    db.executemany("INSERT INTO buckets (id, signature, class, kind,"
                   " framework, priority, first_seen, last_seen, count)"
                   " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", buckets)
    nfiles = (nfail + 99) // 100
    db.executemany("INSERT INTO files (id, path, size, content_hash,"
                   " classified_at, complete) VALUES (?, ?, ?, ?, ?, 1)",
                   ((1000 + k, "logs/run-%06d.log" % k, 40000,
                     "%016x" % k, "2026-11-28T12:00:00Z")
                    for k in range(nfiles)))
    # the failures, bucket by bucket, spread over the files
    order = []
    for i, c in enumerate(counts):
        order.extend([i] * c)
    rnd.shuffle(order)

    def rows():
        for n, i in enumerate(order):
            b = buckets[i]
            fw = b[4] if rnd.random() < 0.9 else rnd.choice(FRAMEWORKS)
            line = (n % 100) * 40 + 1
            frames = ('["at::native::%s", "at::_ops::%s::call",'
                      ' "torch::autograd::VariableType::%s"]'
                      % (b[1][:30], b[1][:20], b[1][:10]))
            excerpt = ("Traceback (most recent call last):\n"
                       "  File \"/home/ci/run_mutant.py\", line 40\n"
                       "RuntimeError: %s\n" % b[1])
            yield (1000 + n // 100, "%016x" % (n // 100),
                   "logs/run-%06d.log:%d-%d" % (n // 100, line, line + 30),
                   line, line + 30, b[2], b[3], fw, "RuntimeError", b[1],
                   frames, b[1], b[0], "bench-rule",
                   "[%d]" % (line + 30), b[5], 0.5 + rnd.random() / 2,
                   excerpt)
    db.executemany("INSERT INTO failures (file_id, content_hash, source,"
                   " line_start, line_end, class, kind, framework,"
                   " exc_type, exc_message, frames, signature, bucket, rule,"
                   " evidence, priority, confidence, excerpt)"
                   " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                   " ?, ?, ?)", rows())
    db.executemany("INSERT INTO triage (bucket, decision, author,"
                   " decided_at) VALUES (?, ?, 'bench', ?)",
                   ((buckets[i][0], rnd.choice(["confirmed",
                     "false-positive", "wont-fix"]), "2026-11-29T10:00:00Z")
                    for i in range(0, nbuck, 50)))
    if biglog is not None:
        # the worst bucket's first failure: the big log, evidence mid-way
        size = os.path.getsize(biglog)
        with open(biglog, "rb") as f:
            nlines = sum(1 for _ in f)
        mid = nlines // 2
        db.execute("INSERT INTO files (id, path, size, content_hash,"
                   " classified_at, complete) VALUES (999, ?, ?, 'big', ?,"
                   " 1)", (os.path.abspath(biglog), size,
                           "2026-11-28T12:00:00Z"))
        worst = db.execute(
            "SELECT id FROM buckets ORDER BY CASE priority WHEN 'high'"
            " THEN 0 WHEN 'medium' THEN 1 WHEN 'low' THEN 2 ELSE 4 END,"
            " CASE class WHEN 'crash' THEN 0 ELSE 6 END, count DESC, id"
            " LIMIT 1").fetchone()[0]
        first = db.execute("SELECT min(id) FROM failures WHERE bucket = ?",
                           (worst,)).fetchone()[0]
        db.execute("UPDATE failures SET file_id = 999, line_start = ?,"
                   " line_end = ?, evidence = ? WHERE id = ?",
                   (mid - 5, mid + 5, "[%d]" % mid, first))
    db.execute("COMMIT")
    got = db.execute("SELECT count(*) FROM failures").fetchone()[0]
    nb = db.execute("SELECT count(*) FROM buckets").fetchone()[0]
    db.close()
    print("%s: %d failures in %d buckets" % (store, got, nb))


if __name__ == "__main__":
    main()
