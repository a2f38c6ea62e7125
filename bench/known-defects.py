#!/usr/bin/env python3
"""bench/known-defects.py: which defects of bench/known-defects.yaml a
dltriage store shows (bench/README, "Known defects").  Needs PyYAML.

    bench/known-defects.py STORE.db [LIST.yaml]

One line per defect: found or missed, and for a found one the first
execution or failure that shows it and how long after the campaign's
start it was recorded.  Exit status 0 when every defect of the list whose
framework the store ran was found, 1 otherwise."""

import os
import re
import sqlite3
import sys
from datetime import datetime

import yaml


def when(s):
    try:
        return datetime.strptime(s[:19], "%Y-%m-%dT%H:%M:%S")
    except (TypeError, ValueError):
        return None


def main(argv):
    if len(argv) not in (2, 3):
        sys.stderr.write("usage: known-defects.py STORE.db [LIST.yaml]\n")
        return 2
    lst = argv[2] if len(argv) == 3 else os.path.join(os.path.dirname(argv[0]),
                                                    "known-defects.yaml")
    with open(lst) as f:
        defects = yaml.safe_load(f)["defects"]
    db = sqlite3.connect("file:%s?mode=ro" % argv[1], uri=True)
    start = when((db.execute("select min(created_at) from campaigns").fetchone() or [None])[0])
    ran = {r[0] for r in db.execute("select distinct framework from executions")}
    missed = 0
    for d in defects:
        m = d["match"]
        hit = None
        if "execution" in m:
            e = m["execution"]
            rx = re.compile(e.get("stderr", ""))
            for eid, fin, text in db.execute(
                    "select e.id, e.finished_at, v.content from executions e "
                    "join evidence v on v.execution_id = e.id and v.kind = 'stderr' "
                    "where e.framework = ? and e.status = ? order by e.finished_at",
                    (e["framework"], e.get("status", "rejected"))):
                if text and rx.search(text):
                    hit = ("execution %d" % eid, fin)
                    break
        if hit is None and "failure" in m:
            fm = m["failure"]
            rx = re.compile(fm.get("signature", ""))
            orx = re.compile(fm.get("operator", ".*"))
            for fid, sig, op, fin in db.execute(
                    "select f.id, f.signature, coalesce(m.operator, ''), "
                    "(select max(e.finished_at) from executions e where e.mutant_id = f.mutant_id) "
                    "from failures f left join mutants m on m.id = f.mutant_id "
                    "where f.class = ? order by f.id", (fm["class"],)):
                if rx.search(sig or "") and orx.fullmatch(op):
                    hit = ("failure %d (%s)" % (fid, op), fin)
                    break
        if hit is not None:
            t = when(hit[1])
            after = "%ds" % (t - start).total_seconds() if t and start else "?"
            print("found   %-28s %s, %s after the start" % (d["id"], hit[0], after))
        elif d["framework"] not in ran:
            print("not run %-28s (the store ran no %s)" % (d["id"], d["framework"]))
        else:
            print("missed  %-28s" % d["id"])
            missed += 1
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
