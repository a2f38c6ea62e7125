#!/usr/bin/env python3
"""Bucket quality of dltriage on duplicate groups from the trackers.

usage: accuracy-duplicates.py [--dltriage PATH] [--data FILE]
                              [--recall X] [--near-recall X]
                              [--false-merge X] [--min-groups N] [--details]

Each row of FILE (corpus/duplicates/groups.jsonl) is one issue thread: the
error output as printed in it (`log`) and the duplicate group it belongs
to (`group`): an issue and the issue(s) it was closed as a duplicate of
(corpus/duplicates/README.md).  Every log is written to a temporary
directory and classified once with `dltriage classify --format json --db
STORE DIR`; a log's bucket is the bucket of its primary failure (the most
severe class: crash > oom > timeout > inconsistency > nan > false-positive
> unknown, as in accuracy-unseen.py), none when dltriage found no failure.
`dltriage buckets --db STORE --format json` then gives the near-duplicate
proposals ("near") of each bucket.

Two logs are "proposed together" when they share a bucket or one bucket
is among the other's near proposals.  A log without a failure is in no
bucket and shares nothing.

Figures, each with its counts:
  recall          of the pairs of logs in one duplicate group, the share
                  in the same exact bucket, and the share proposed
                  together (exact or near);
  false merges    of the pairs of logs from different groups, the share in
                  the same exact bucket, and the share proposed together;
  purity          the share of logs (with a bucket) whose bucket holds
                  logs of their own group only;
  completeness    the share of logs (with a bucket) whose group's logs all
                  lie in one bucket;
and the same recall without the pairs whose two logs are the same text
(a reporter filing one report twice), which are the easy case.

Exits 1 when exact recall is below --recall, exact-or-near recall below
--near-recall, the exact false-merge rate above --false-merge, or the
data holds fewer than --min-groups groups of two logs or more; 2 on
usage or execution errors.  Standard library only.
"""

import argparse
import collections
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile

SEVERITY = ["crash", "oom", "timeout", "inconsistency", "nan",
            "false-positive", "unknown"]


def rank(cls):
    return SEVERITY.index(cls) if cls in SEVERITY else len(SEVERITY)


def load(path):
    rows, seen = [], set()
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                r = json.loads(line)
            except ValueError as e:
                raise SystemExit("accuracy-duplicates: %s:%d: %s" % (path, n, e))
            for key in ("framework", "number", "url", "group", "log"):
                if key not in r:
                    raise SystemExit("accuracy-duplicates: %s:%d: no '%s'" % (path, n, key))
            if not r["log"].strip() or r["url"] in seen:
                continue
            seen.add(r["url"])
            rows.append(r)
    return rows


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode not in (0, 1):
        sys.stderr.write("accuracy-duplicates: '%s' exited %d\n%s" % (
            " ".join(cmd), p.returncode, p.stderr.decode("utf-8", "replace")[-2000:]))
        return None
    return [json.loads(l) for l in p.stdout.decode("utf-8", "replace").splitlines()
            if l.strip()]


def classify(dltriage, rows, work):
    """Primary failure of each row (None when there is none) and the near
    proposals of each bucket."""
    logdir = os.path.join(work, "logs")
    os.makedirs(logdir)
    db = os.path.join(work, "store.db")
    names = []
    for i, r in enumerate(rows):
        name = "%s-%d-%d.log" % (r["framework"], r["number"], i)
        names.append(name)
        with open(os.path.join(logdir, name), "w", encoding="utf-8") as f:
            f.write(r["log"] if r["log"].endswith("\n") else r["log"] + "\n")
    objs = run([dltriage, "classify", "--format", "json", "--db", db, logdir])
    if objs is None:
        return None, None
    found = collections.defaultdict(list)
    for obj in objs:
        src = os.path.basename(obj.get("source", ""))
        found[src.rsplit(":", 1)[0] if ":" in src else src].append(obj)
    prims = []
    for name in names:
        fails = found.get(name, [])
        prims.append(min(fails, key=lambda o: rank(o.get("class"))) if fails else None)
    near = {}
    if any(p is not None for p in prims):
        buckets = run([dltriage, "buckets", "--db", db, "--format", "json"])
        if buckets is None:
            return None, None
        for b in buckets:
            near[b["bucket"]] = set(n["bucket"] for n in (b.get("near") or []))
    return prims, near


def rate(k, n):
    if not n:
        return "n/a (0/0)"
    return "%.3f (%d/%d)" % (float(k) / n, k, n)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    src = os.environ.get("TEST_SRCDIR", os.path.join(here, ".."))
    ap.add_argument("--dltriage", default=os.environ.get("DLTRIAGE", "dltriage"))
    ap.add_argument("--data", default=os.path.join(src, "corpus", "duplicates", "groups.jsonl"))
    ap.add_argument("--recall", type=float, default=0.0,
                    help="fail when exact-bucket recall is below this")
    ap.add_argument("--near-recall", type=float, default=0.0,
                    help="fail when exact-or-near recall is below this")
    ap.add_argument("--false-merge", type=float, default=1.0,
                    help="fail when the exact false-merge rate is above this")
    ap.add_argument("--min-groups", type=int, default=0,
                    help="fail when fewer groups have two logs or more")
    ap.add_argument("--details", action="store_true",
                    help="list the split groups and the merged pairs")
    args = ap.parse_args()

    rows = load(args.data)
    if not rows:
        sys.stderr.write("accuracy-duplicates: no rows in '%s'\n" % args.data)
        return 2
    work = tempfile.mkdtemp(prefix="dlt-dups.")
    try:
        prims, near = classify(args.dltriage, rows, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if prims is None:
        return 2

    bucket = [p.get("bucket") if p is not None else None for p in prims]

    def together(i, j):
        a, b = bucket[i], bucket[j]
        if a is None or b is None:
            return False
        return a == b or b in near.get(a, ()) or a in near.get(b, ())

    groups = collections.defaultdict(list)
    for i, r in enumerate(rows):
        groups[r["group"]].append(i)
    multi = [g for g, m in groups.items() if len(m) >= 2]

    same = collections.Counter()
    diff = collections.Counter()
    merged = []
    for i, j in itertools.combinations(range(len(rows)), 2):
        exact = bucket[i] is not None and bucket[i] == bucket[j]
        prop = together(i, j)
        if rows[i]["group"] == rows[j]["group"]:
            keys = ["all"]
            if rows[i]["log"].strip() != rows[j]["log"].strip():
                keys.append("distinct")
            for k in keys:
                same[k] += 1
                same[k + ":exact"] += exact
                same[k + ":near"] += prop
        else:
            diff["all"] += 1
            diff["exact"] += exact
            diff["near"] += prop
            if prop:
                merged.append((i, j, exact))

    by_bucket = collections.defaultdict(set)
    by_group = collections.defaultdict(set)
    for i, r in enumerate(rows):
        if bucket[i] is not None:
            by_bucket[bucket[i]].add(r["group"])
        by_group[r["group"]].add(bucket[i])
    have = [i for i in range(len(rows)) if bucket[i] is not None]
    pure = sum(1 for i in have if len(by_bucket[bucket[i]]) == 1)
    whole = sum(1 for i in have if len(by_group[rows[i]["group"]]) == 1)

    fws = collections.Counter(r["framework"] for r in rows)
    print("logs %d in %d groups (%d with two logs or more); %s" % (
        len(rows), len(groups), len(multi),
        ", ".join("%s %d" % kv for kv in sorted(fws.items()))))
    print("logs with no failure found: %d" % (len(rows) - len(have)))
    print("recall, same group:       exact bucket %s   exact or near %s" % (
        rate(same["all:exact"], same["all"]), rate(same["all:near"], same["all"])))
    print("recall, distinct text:    exact bucket %s   exact or near %s" % (
        rate(same["distinct:exact"], same["distinct"]),
        rate(same["distinct:near"], same["distinct"])))
    print("false merges, diff group: exact bucket %s   exact or near %s" % (
        rate(diff["exact"], diff["all"]), rate(diff["near"], diff["all"])))
    print("per log: purity %s  completeness %s  (%d buckets, %d groups)" % (
        rate(pure, len(have)), rate(whole, len(have)), len(by_bucket), len(groups)))
    if args.details:
        for g in sorted(multi):
            bs = by_group[g]
            if len(bs) > 1:
                print("split %s:" % g)
                for i in groups[g]:
                    p = prims[i]
                    print("  %s %s %s" % (rows[i]["url"], bucket[i],
                                          "" if p is None else (p.get("signature") or "")[:110]))
        for i, j, exact in merged:
            print("merged (%s) %s [%s] + %s [%s] in %s" % (
                "exact" if exact else "near", rows[i]["url"], rows[i]["group"],
                rows[j]["url"], rows[j]["group"], bucket[i]))

    fail = []
    if same["all"]:
        r_exact = float(same["all:exact"]) / same["all"]
        r_near = float(same["all:near"]) / same["all"]
        if r_exact < args.recall:
            fail.append("exact recall %.4f is below %.4f" % (r_exact, args.recall))
        if r_near < args.near_recall:
            fail.append("exact-or-near recall %.4f is below %.4f" % (r_near, args.near_recall))
    if diff["all"]:
        fm = float(diff["exact"]) / diff["all"]
        if fm > args.false_merge:
            fail.append("false-merge rate %.4f is above %.4f" % (fm, args.false_merge))
    if len(multi) < args.min_groups:
        fail.append("%d groups of two logs or more, fewer than %d" % (len(multi), args.min_groups))
    for f in fail:
        print("FAIL: " + f)
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main())
