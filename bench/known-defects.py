#!/usr/bin/env python3
"""bench/known-defects.py: which defects of bench/known-defects.yaml one
or more dltriage stores show (bench/README, "Known defects").  Needs
PyYAML.

    bench/known-defects.py STORE.db [STORE.db ...] [LIST.yaml]

With one store, one line per defect: found or missed, and for a found
one the first execution or failure that shows it and how long after the
campaign's start it was recorded.  With several, one column per store
(the seconds after its start, "-" for missed, "n/r" where the store ran
no target of the defect's framework) and a count per store at the end.
Exit status 0 when every defect of the list whose framework the (first)
store ran was found, 1 otherwise."""

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


def find(db, d):
    """(what, finished_at) of the first evidence of defect d, or None."""
    m = d["match"]
    if "execution" in m:
        e = m["execution"]
        rx = re.compile(e.get("stderr", ""))
        for eid, fin, text in db.execute(
                "select e.id, e.finished_at, v.content from executions e "
                "join evidence v on v.execution_id = e.id and v.kind = 'stderr' "
                "where e.framework = ? and e.status = ? order by e.finished_at",
                (e["framework"], e.get("status", "rejected"))):
            if text and rx.search(text):
                return ("execution %d" % eid, fin)
    if "failure" in m:
        fm = m["failure"]
        rx = re.compile(fm.get("signature", ""))
        orx = re.compile(fm.get("operator", ".*"))
        mrx = re.compile(fm.get("model", ".*"))
        for fid, sig, op, fin, model in db.execute(
                "select f.id, f.signature, coalesce(m.operator, ''), "
                "(select max(e.finished_at) from executions e where e.mutant_id = f.mutant_id), "
                "coalesce(mo.name, '') "
                "from failures f left join mutants m on m.id = f.mutant_id "
                "left join models mo on mo.id = m.model_id "
                "where f.class = ? order by 4", (fm["class"],)):
            if rx.search(sig or "") and orx.fullmatch(op) and mrx.fullmatch(model):
                return ("failure %d (%s)" % (fid, op), fin)
    return None


def frameworks_of(d):
    """The targets whose executions can show defect d."""
    fw = {d["framework"]}
    e = d["match"].get("execution")
    if e:
        fw.add(e["framework"])
    return fw


def judge(path, defects):
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    start = when((db.execute("select min(created_at) from campaigns").fetchone() or [None])[0])
    ran = {r[0] for r in db.execute("select distinct framework from executions")}
    out = []
    for d in defects:
        hit = find(db, d)
        if hit is not None:
            t = when(hit[1])
            after = int((t - start).total_seconds()) if t and start else None
            out.append(("found", hit[0], after))
        elif not any(f in ran for f in frameworks_of(d)):
            out.append(("not run", None, None))
        else:
            out.append(("missed", None, None))
    db.close()
    return out


def main(argv):
    lists = [a for a in argv[1:] if a.endswith((".yaml", ".yml"))]
    stores = [a for a in argv[1:] if a not in lists]
    if not stores or len(lists) > 1:
        sys.stderr.write("usage: known-defects.py STORE.db [STORE.db ...] [LIST.yaml]\n")
        return 2
    lst = lists[0] if lists else os.path.join(os.path.dirname(argv[0]), "known-defects.yaml")
    with open(lst) as f:
        defects = yaml.safe_load(f)["defects"]
    results = [judge(s, defects) for s in stores]
    if len(stores) == 1:
        for d, (v, what, after) in zip(defects, results[0]):
            if v == "found":
                print("found   %-36s %s, %ss after the start" % (d["id"], what,
                                                              "?" if after is None else after))
            elif v == "not run":
                print("not run %-36s (the store ran no %s)" % (d["id"], d["framework"]))
            else:
                print("missed  %-36s" % d["id"])
    else:
        names = [os.path.splitext(os.path.basename(s))[0][:10] for s in stores]
        print("%-36s %s" % ("defect", " ".join("%10s" % n for n in names)))
        for i, d in enumerate(defects):
            cells = []
            for r in results:
                v, _, after = r[i]
                cells.append("%9ss" % after if v == "found" and after is not None else
                             "found" if v == "found" else "n/r" if v == "not run" else "-")
            print("%-36s %s" % (d["id"], " ".join("%10s" % c for c in cells)))
        print("%-36s %s" % ("found", " ".join(
            "%10s" % ("%d/%d" % (sum(v == "found" for v, _, _ in r),
                                 sum(v != "not run" for v, _, _ in r))) for r in results)))
    return 1 if any(v == "missed" for v, _, _ in results[0]) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
