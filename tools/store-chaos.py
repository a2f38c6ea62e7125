#!/usr/bin/env python3
"""store-chaos.py: every reader of a store, on stores edited by hand.

A store is a SQLite file anyone can edit.  This script takes a store
(STORE: ideally one with a campaign, classified logs and triage
decisions in it), and for every column of every table and every value of
a list of hostile ones (NULL, '', a 70,000-byte string, -1, 2^63 - 1,
NaN, bytes with escapes, broken JSON, a date that is none), makes a copy
whose rows (every other one, and the first) hold that value, then runs
the commands that read a store on it: buckets in each format and order,
show of a bucket and of a failure, triage, export in every format,
classify into it, triage --status, and the triage screen (tui
--dump-screen: the list, a defect, a log).  A run that dies of a signal, exits
with a status above 10 or prints a sanitizer report is printed as BAD;
the script exits 1 when there was one.  A value the schema refuses (NOT
NULL, CHECK) is skipped.  Run it with an --enable-asan build:

    python3 tools/store-chaos.py --dltriage src/dltriage STORE [TABLE...]

It takes long (about 20,000 runs for a store with every table filled);
name tables, or --columns, --commands and --values, to try fewer
(tests/t3009-store-hostile.sh runs a sample).
"""
import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

# the most hostile first (--values N takes the first N)
VALUES = [None, 2**63 - 1, "x" * 70000, b"\x00\xff\x1b[31m", '[[[[{"a":',
          "", -1, float("nan"), "2026-13-45T99:99:99"]


def commands(db, bucket, failure, logs):
    return [
        ["buckets", "--db", db],
        ["buckets", "--db", db, "--format", "json"],
        ["buckets", "--db", db, "--format", "csv", "--sort", "first"],
        ["buckets", "--db", db, "--sort", "last", "--since", "2020-01-01"],
        ["buckets", "--db", db, "--sort", "count"],
        ["show", bucket[:8], "--db", db],
        ["show", str(failure), "--db", db],
        ["triage", bucket, "--db", db],
        ["export", "--db", db, "--format", "json"],
        ["export", "--db", db, "--format", "csv", "--what", "buckets"],
        ["export", "--db", db, "--format", "junit"],
        ["export", "--db", db, "--format", "sarif"],
        ["export", "--db", db, "--format", "html"],
        ["classify", "--db", db, logs],
        ["triage", bucket, "--db", db, "--status", "confirmed"],
        # the triage screen: the list, a defect opened, its first
        # failure's log
        ["tui", "--db", db, "--dump-screen", "--size", "120x40"],
        ["tui", "--db", db, "--dump-screen", "--size", "120x40",
         "--keys", "\\n"],
        ["tui", "--db", db, "--dump-screen", "--size", "60x12",
         "--keys", "j\\n\\n"],
    ]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dltriage", default="src/dltriage")
    ap.add_argument("--logs", default="corpus/logs",
                    help="what classify reads into each store")
    ap.add_argument("--commands", default="",
                    help="only these commands (comma-separated: buckets, "
                    "show, triage, export, classify, tui)")
    ap.add_argument("--columns", default="",
                    help="only these columns (comma-separated TABLE.COLUMN)")
    ap.add_argument("--values", type=int, default=len(VALUES),
                    help="only the first N hostile values")
    ap.add_argument("store")
    ap.add_argument("tables", nargs="*")
    a = ap.parse_args()

    con = sqlite3.connect(a.store)
    tables = [r[0] for r in con.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")]
    cols = {t: [r[1] for r in con.execute(f"PRAGMA table_info('{t}')")]
            for t in tables}
    row = con.execute("SELECT bucket, id FROM failures ORDER BY id "
                      "LIMIT 1").fetchone()
    con.close()
    if row is None:
        sys.exit("store-chaos.py: %s has no failure" % a.store)
    bucket, failure = row
    only = set(x for x in a.commands.split(",") if x)
    columns = set(x for x in a.columns.split(",") if x)
    work = tempfile.mkdtemp(prefix="store-chaos.")
    db = os.path.join(work, "c.db")
    runs = bad = 0
    try:
        for t in tables:
            if a.tables and t not in a.tables:
                continue
            for c in cols[t]:
                if columns and "%s.%s" % (t, c) not in columns:
                    continue
                for v in VALUES[:a.values]:
                    for f in os.listdir(work):
                        os.unlink(os.path.join(work, f))
                    shutil.copy(a.store, db)
                    k = sqlite3.connect(db)
                    try:
                        k.execute(f'UPDATE "{t}" SET "{c}" = ? WHERE '
                                  f'rowid % 2 = 0 OR rowid = '
                                  f'(SELECT min(rowid) FROM "{t}")', (v,))
                        k.commit()
                    except sqlite3.OperationalError as e:
                        # a table WITHOUT ROWID: every row
                        try:
                            if "rowid" not in str(e):
                                raise
                            k.execute(f'UPDATE "{t}" SET "{c}" = ?', (v,))
                            k.commit()
                        except sqlite3.Error:
                            k.close()
                            continue
                    except sqlite3.Error:
                        k.close()
                        continue
                    k.close()
                    for cmd in commands(db, bucket, failure, a.logs):
                        if only and cmd[0] not in only:
                            continue
                        runs += 1
                        r = subprocess.run([a.dltriage] + cmd,
                                           capture_output=True, timeout=300)
                        err = r.stderr.decode("utf-8", "replace")
                        if (r.returncode < 0 or r.returncode > 10 or
                                "Sanitizer" in err or
                                "runtime error" in err):
                            bad += 1
                            print("BAD %s.%s = %.40r: %s: status %d: %s" % (
                                t, c, v, " ".join(cmd[:2]), r.returncode,
                                err[-400:].replace("\n", " | ")),
                                flush=True)
    finally:
        shutil.rmtree(work)
    print("%d runs, %d bad" % (runs, bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
