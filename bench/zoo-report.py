#!/usr/bin/env python3
"""bench/zoo-report.py: the per-operator table of one or more `dltriage run`
stores (bench/README, "Zoo campaign"), standard library only.

    bench/zoo-report.py [--curve MINUTES] STORE.db [STORE.db ...]

For each store (its campaign's mode in the first column), one row per
mutation operator and one for the seed models:
  mutants     mutants with an execution (seed: the seed models)
  execs       executions recorded (the budget may end a campaign early)
  accepted    share of the executions whose framework ran the model
              (status ok), of those that reached a framework (illegal
              and harness executions left out)
  illegal     executions whose model the harness found illegal by the IR
  equiv       share of the mutants judged (all their executions done)
              whose outputs equal their seed's on every framework (the
              runner's equivalence oracle)
  crash nan inc fp to oom
              failures of each class (false-positive, timeout)
  B:crash B:nan B:inc
              unique buckets of the class among the operator's failures
  harness     harness errors (target 0)
Then the crash, NaN and inconsistency buckets, worst first: the bucket,
its class and kind, frameworks, failures, the operators that reached it,
the first execution (for `dltriage reproduce`), and its signature.
With --curve, the discovery curve: unique crash, NaN and inconsistency
buckets found by the end of each slot of MINUTES since the campaign's
start (the buckets' first_seen).
"""

import sqlite3
import sys

CLASSES = ("crash", "nan", "inconsistency", "false-positive", "timeout", "oom")


def pct(a, b):
    return "-" if not b else "%.0f%%" % (100.0 * a / b)


def report(path):
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    q = db.execute
    mode = q("select coalesce(mode, '?') from campaigns order by id limit 1").fetchone()
    mode = mode[0] if mode else "?"
    ops = [r[0] for r in q("select distinct operator from mutants order by operator = 'seed', operator")]
    head = ("%-8s %-7s %7s %6s %8s %7s %6s %5s %4s %5s %5s %4s %4s %7s %5s %5s %7s" %
            ("mode", "op", "mutants", "execs", "accepted", "illegal", "equiv", "crash", "nan",
             "inc", "fp", "to", "oom", "B:crash", "B:nan", "B:inc", "harness"))
    print(head)
    tot = None
    for op in ops + [None]:
        w = "m.operator = ?" if op is not None else "1"
        a = (op,) if op is not None else ()
        nm = q("select count(*) from mutants m where " + w + " and exists (select 1 from "
               "executions e where e.mutant_id = m.id)", a).fetchone()[0]
        judged = q("select count(*) from mutants m where equivalent is not null and " + w,
                   a).fetchone()[0]
        neq = q("select count(*) from mutants m where equivalent = 1 and " + w, a).fetchone()[0]
        st = dict(q("select e.status, count(*) from executions e join mutants m on m.id = e.mutant_id "
                    "where " + w + " group by e.status", a).fetchall())
        ne = sum(st.values())
        reached = ne - st.get("illegal", 0) - st.get("harness", 0)
        fc = dict(q("select f.class, count(*) from failures f join mutants m on m.id = f.mutant_id "
                    "where " + w + " group by f.class", a).fetchall())
        bc = dict(q("select f.class, count(distinct f.bucket) from failures f join mutants m "
                    "on m.id = f.mutant_id where " + w + " group by f.class", a).fetchall())
        print("%-8s %-7s %7d %6d %8s %7d %6s %5d %4d %5d %5d %4d %4d %7d %5d %5d %7d" % (
            mode, op if op is not None else "all", nm, ne, pct(st.get("ok", 0), reached),
            st.get("illegal", 0), pct(neq, judged) if op != "seed" else "-",
            fc.get("crash", 0), fc.get("nan", 0), fc.get("inconsistency", 0),
            fc.get("false-positive", 0), fc.get("timeout", 0), fc.get("oom", 0),
            bc.get("crash", 0), bc.get("nan", 0), bc.get("inconsistency", 0),
            st.get("harness", 0)))
    models = q("select count(distinct m.model_id) from executions e join mutants m on m.id = e.mutant_id").fetchone()[0]
    print("%s: %d models reached" % (path, models))
    print()
    print("crash, nan and inconsistency buckets of %s (%s):" % (path, mode))
    rows = q("""select f.bucket, f.class, coalesce(f.kind, ''), group_concat(distinct f.framework),
                       count(*), group_concat(distinct m.operator), min(f.execution_id),
                       min(f.mutant_id), substr(max(f.signature), 1, 110)
                from failures f left join mutants m on m.id = f.mutant_id
                where f.class in ('crash', 'nan', 'inconsistency')
                group by f.bucket order by f.class, count(*) desc""").fetchall()
    for b, cls, kind, fws, n, opsr, ex, mu, sig in rows:
        print("  %s %-13s %-30s %-28s %3d  ops %-14s exec %s mutant %s" % (
            b, cls, kind[:30], (fws or "")[:28], n, opsr or "-", ex, mu))
        print("      %s" % sig)
    if not rows:
        print("  none")
    print()
    if CURVE:
        curve(db, path, CURVE)


def curve(db, path, minutes):
    from datetime import datetime
    def t(x):
        return datetime.strptime(x[:19], "%Y-%m-%dT%H:%M:%S")
    start = db.execute("select min(created_at) from campaigns").fetchone()[0]
    last = db.execute("select max(finished_at) from executions").fetchone()[0]
    if start is None or last is None:
        return
    firsts = [t(r[0]) for r in db.execute(
        "select first_seen from buckets where class in ('crash', 'nan', 'inconsistency')")]
    end = (t(last) - t(start)).total_seconds()
    print("discovery curve of %s: minute, unique crash/nan/inconsistency buckets" % path)
    k = 1
    while True:
        edge = k * minutes * 60
        n = sum(1 for f in firsts if (f - t(start)).total_seconds() <= edge)
        print("  %4d %4d" % (k * minutes, n))
        if edge >= end:
            break
        k += 1
    print()


CURVE = 0


def main(argv):
    global CURVE
    argv = list(argv)
    if len(argv) > 2 and argv[1] == "--curve":
        CURVE = int(argv[2])
        del argv[1:3]
    if len(argv) < 2:
        sys.stderr.write("usage: zoo-report.py [--curve MINUTES] STORE.db [STORE.db ...]\n")
        return 2
    for p in argv[1:]:
        report(p)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
