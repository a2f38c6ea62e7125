#!/usr/bin/env python3
"""Agreement of `dltriage classify` with ClusterFuzz's stack analyzer.

usage: accuracy-clusterfuzz.py [--dltriage PATH] [--suite DIR]
                               [--threshold X] [--each X] [--details]

The suite (shared/conformance/clusterfuzz: logs/ and expected.json) holds
ClusterFuzz's own test logs with the crash_type, crash_state (its top three
frames) and security flag it expects.  dltriage does not use ClusterFuzz's
names; this script maps them (KIND_MAP below) and compares three dimensions
on the logs whose shape dltriage handles.

Selection.  A log is compared when
  1. its expected crash_type (first line) is in KIND_MAP, and
  2. it holds a shape that DL frameworks print: a sanitizer report
     (ASan, UBSan, MSan, TSan, LSan, HWASan), a glog/absl `F... ] ` fatal
     line or `Check failed:`, a C `Assertion ... failed`, a Python
     traceback, or a signal crash (gdb `received signal`, shell
     `Segmentation fault`), and
  3. it is not specific to another platform: file names starting with
     android_, v8_, java_, golang_, go_, kasan_, kernel_, lkl_, cdb_,
     windows_, fuchsia_, swift_, jazzer_, trusty_, wycheproof, miracle_ptr_,
     gpu_, cfi_, centipede_, cobalt_, wtfcrash, linux_gate, libgcc_s,
     missing_, oom, skia_, command_injection, arbitrary_file_open, dns,
     pysecsan, libfuzzer_timeout, or containing _win_, _drt_, windows; or content
     in Chrome's log format (`[...:FATAL:file.cc(N)]`), Android's
     (`Fatal signal N (SIG...)`), Windows ASan (`access-violation`), V8's
     (`# Check failed:`, `#FailureMessage`) or Go's (`panic:`, `goroutine`).

Dimensions, per compared log (the failure compared is the first failure of
class crash in the file, else the first failure):
  kind      our `kind` is one of the kinds KIND_MAP accepts for its type;
  frames    our first frames equal its crash_state's function entries, in
            order, for min(3, entries) positions.  Function entries are the
            crash_state items that name a function: the first item of CHECK
            and ASSERT states (the failed condition, "cond in file.cc") and
            of Bad-cast states ("Bad-cast to ...") is dropped, as are items
            naming a file (".cc", ".c", ".h", ".cpp" endings, or a path) and
            "NULL".
            Names are compared after stripping argument lists, template
            arguments, return types, anonymous namespaces and `module:`
            prefixes (Python frames);
            ClusterFuzz truncates at 80 characters, so a prefix match counts.
            Logs without function entries are not compared on frames;
  security  our `security` flag equals its security flag.
Overall agreement is the mean of the three dimensions' agreement rates.
Exits 1 when overall agreement is below --threshold, or the top-frame or
security-flag agreement below --each; 2 on errors.
Standard library only.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

UBSAN = ["Integer-overflow", "Unsigned-integer-overflow", "Pointer-overflow",
         "Misaligned-address", "Invalid-bool-value", "Index-out-of-bounds",
         "Object-size", "Implicit-conversion", "Bad-cast",
         "Incorrect-function-pointer-type", "Non-positive-vla-bound-value",
         "Assumption-violation", "Upcast-of-null-pointer"]

SEGV = ["sanitizer:segv", "sanitizer:null-dereference",
        "sanitizer:unknown-crash", "segfault"]

KIND_MAP = {
    "Heap-buffer-overflow": ["sanitizer:heap-buffer-overflow"],
    "Heap-use-after-free": ["sanitizer:heap-use-after-free"],
    "Stack-buffer-overflow": ["sanitizer:stack-buffer-overflow"],
    "Container-overflow": ["sanitizer:container-overflow"],
    "Heap-double-free": ["sanitizer:double-free"],
    "Invalid-free": ["sanitizer:bad-free"],
    "Stack-overflow": ["sanitizer:stack-overflow", "stack-overflow"],
    "Null-dereference": SEGV,
    "Null-dereference READ": SEGV,
    "Null-dereference WRITE": SEGV,
    "UNKNOWN": SEGV,
    "UNKNOWN READ": SEGV,
    "UNKNOWN WRITE": SEGV,
    "Segv on unknown address": SEGV,
    "Abrt": ["abort", "sanitizer:abrt"],
    "Ill": ["illegal-instruction", "sanitizer:ill"],
    "Floating-point-exception": ["fpe", "sanitizer:fpe"],
    "Bus": ["bus", "sanitizer:bus"],
    "Divide-by-zero": ["sanitizer:divide-by-zero", "fpe"],
    "CHECK failure": ["check-failure"],
    "ASSERT": ["assert", "internal-assert"],
    "Fatal error": ["fatal-log", "check-failure"],
    "Uncaught exception": ["uncaught-exception"],
    "Direct-leak": ["sanitizer:leak"],
    "Indirect-leak": ["sanitizer:leak"],
    "Data race": ["sanitizer:data-race"],
    "Use-of-uninitialized-value": ["sanitizer:use-of-uninitialized-value"],
    "SIGTRAP": ["sigtrap", "sanitizer:breakpoint"],
    "Breakpoint": ["sigtrap", "sanitizer:breakpoint"],
    "Tag-mismatch": ["sanitizer:tag-mismatch"],
    "Allocation-tail-overwritten": ["sanitizer:allocation-tail-overwritten"],
}
for _t in UBSAN:
    KIND_MAP[_t] = ["sanitizer:" + _t.lower()]

SHAPE_RE = re.compile(
    r"==\d+==\s*ERROR: \w*Sanitizer|WARNING: \w+Sanitizer|runtime error:|"
    r"(?m:^[FE]\d{4} [\d:.]+\s+\d+ \S+:\d+\] )|Check failed:|"
    r"Assertion .* failed|Traceback \(most recent call last\)|"
    r"received signal|Segmentation fault|\w+Sanitizer:DEADLYSIGNAL|"
    r"ASAN:SIG\w+|ASAN:DEADLYSIGNAL")
NAME_EXCLUDE_RE = re.compile(
    r"^(android_|v8_|java_|golang_|go_|kasan_|kernel_|lkl_|cdb_|windows_|"
    r"fuchsia_|swift_|jazzer_|trusty_|wycheproof|miracle_ptr_|gpu_|cfi_|"
    r"centipede_|cobalt_|wtfcrash|linux_gate|libgcc_s|missing_|oom|skia_|"
    r"command_injection|arbitrary_file_open|dns|pysecsan|libfuzzer_timeout)|"
    r"_win_|_drt_|windows")
CONTENT_EXCLUDE_RE = re.compile(
    r":FATAL:[\w.-]+\(\d+\)\]|Fatal signal \d+ \(SIG|access-violation|"
    r"# Check failed:|#FailureMessage|(?m:^panic: )|(?m:^goroutine \d+)")


def default_suite():
    if os.environ.get("DLT_SHARED"):
        return os.path.join(os.environ["DLT_SHARED"], "conformance", "clusterfuzz")
    here = os.path.dirname(os.path.abspath(__file__))
    src = os.environ.get("TEST_SRCDIR", os.path.join(here, ".."))
    return os.path.join(src, "..", "shared", "conformance", "clusterfuzz")


def select(suite):
    with open(os.path.join(suite, "expected.json"), encoding="utf-8") as f:
        expected = json.load(f)
    chosen = []
    for e in expected:
        ctype = e["crash_type"].split("\n")[0].strip()
        if ctype not in KIND_MAP:
            continue
        if NAME_EXCLUDE_RE.search(e["file"]):
            continue
        path = os.path.join(suite, "logs", e["file"])
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError:
            continue
        if not SHAPE_RE.search(text) or CONTENT_EXCLUDE_RE.search(text):
            continue
        chosen.append((e, ctype, path))
    return chosen


def strip_templates(s):
    out = []
    depth = 0
    for ch in s:
        if ch == "<":
            depth += 1
        elif ch == ">" and depth:
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def norm_func(s):
    s = s.strip()
    if ":" in s and "::" not in s and not s.startswith("operator"):
        s = s.rsplit(":", 1)[1]              # python module:function
    s = s.replace("(anonymous namespace)::", "").replace("{anonymous}::", "")
    if not s.startswith("<"):
        s = strip_templates(s)
    if s.endswith("()"):
        s = s[:-2]
    if "operator()" not in s:
        s = s.split("(", 1)[0]
    s = s.strip()
    if " " in s and not s.startswith("operator") and "operator" not in s:
        s = s.rsplit(" ", 1)[1]              # drop return type
    return s.strip()


FILE_RE = re.compile(r"\.(cc|c|h|cpp|hpp|cxx|py|so)(:\d+)?$")


def cf_functions(e, ctype):
    state = list(e["crash_state"])
    if state and (ctype in ("CHECK failure", "ASSERT", "Fatal error",
                            "Bad-cast") or state[0].startswith("Bad-cast to ")):
        state = state[1:]
    return [s for s in state
            if s != "NULL" and not s.startswith("/") and not FILE_RE.search(s)]


def frame_name(fr):
    if isinstance(fr, dict):
        return fr.get("func") or fr.get("function") or fr.get("name") or ""
    return str(fr)


def same_func(ours, theirs):
    a = norm_func(ours)
    b = norm_func(theirs)
    if not a or not b:
        return False
    if a == b:
        return True
    # ClusterFuzz truncates at 80 characters
    return len(theirs) >= 80 and (a.startswith(b) or b.startswith(a))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dltriage", default=os.environ.get("DLTRIAGE", "dltriage"))
    ap.add_argument("--suite", default=default_suite())
    ap.add_argument("--threshold", type=float, default=0.0)
    ap.add_argument("--each", type=float, default=0.0,
                    help="fail when the top-frame or the security-flag "
                    "agreement is below this (issue 9: 0.90 each)")
    ap.add_argument("--details", action="store_true")
    args = ap.parse_args()

    if not os.path.isfile(os.path.join(args.suite, "expected.json")):
        sys.stderr.write("accuracy-clusterfuzz: no suite at '%s'\n" % args.suite)
        return 2
    chosen = select(args.suite)
    work = tempfile.mkdtemp(prefix="dlt-cf.")
    try:
        logdir = os.path.join(work, "logs")
        os.makedirs(logdir)
        for e, ctype, path in chosen:
            shutil.copyfile(path, os.path.join(logdir, e["file"]))
        cmd = [args.dltriage, "classify", "--format", "json",
               "--db", os.path.join(work, "store.db"), logdir]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if p.returncode not in (0, 1):
        sys.stderr.write("accuracy-clusterfuzz: '%s' exited %d\n%s" % (
            " ".join(cmd), p.returncode,
            p.stderr.decode("utf-8", "replace")[-2000:]))
        return 2
    found = {}
    for line in p.stdout.decode("utf-8", "replace").splitlines():
        if not line.strip():
            continue
        obj = json.loads(line)
        src = re.sub(r":\d+-\d+$", "", obj.get("source", ""))
        found.setdefault(os.path.basename(src), []).append(obj)

    n = {"kind": 0, "frames": 0, "security": 0}
    ok = {"kind": 0, "frames": 0, "security": 0}
    details = []
    state_of = {}   # file: ClusterFuzz's crash state (type and state)
    bucket_of = {}  # file: our bucket
    for e, ctype, path in chosen:
        fails = found.get(e["file"], [])
        crash = [o for o in fails if o.get("class") == "crash"]
        ours = (crash or fails or [None])[0]
        if ours is not None and e.get("crash_state"):
            state_of[e["file"]] = (ctype, tuple(e["crash_state"]))
            bucket_of[e["file"]] = ours.get("bucket")
        kind = ours.get("kind") if ours else None
        frames = [frame_name(f) for f in (ours.get("frames") or [])] if ours else []
        sec = bool(ours.get("security")) if ours else False
        kind_ok = kind in KIND_MAP[ctype]
        n["kind"] += 1
        ok["kind"] += kind_ok
        want = cf_functions(e, ctype)[:3]
        fr_ok = None
        if want:
            k = len(want)
            fr_ok = len(frames) >= k and all(
                same_func(frames[i], want[i]) for i in range(k))
            n["frames"] += 1
            ok["frames"] += fr_ok
        sec_ok = sec == bool(e["security"])
        n["security"] += 1
        ok["security"] += sec_ok
        if not (kind_ok and fr_ok in (True, None) and sec_ok):
            details.append("%s: type %r kind %s%s frames %s%s security %s%s" % (
                e["file"], ctype, kind, "" if kind_ok else " (want %s)" % KIND_MAP[ctype][0],
                frames[:3], "" if fr_ok in (True, None) else " (want %s)" % want,
                sec, "" if sec_ok else " (want %s)" % e["security"]))

    rates = {}
    print("clusterfuzz logs compared: %d of %d" % (
        len(chosen), len(json.load(open(os.path.join(args.suite, "expected.json"))))))
    for d in ("kind", "frames", "security"):
        rates[d] = float(ok[d]) / n[d] if n[d] else 0.0
        print("agreement %-9s %.4f (%d/%d)" % (d, rates[d], ok[d], n[d]))
    overall = sum(rates.values()) / len(rates)
    print("agreement overall   %.4f" % overall)
    # Bucketing against ClusterFuzz's crash states: purity (the logs of one
    # bucket of ours share one state) and completeness (the logs of one
    # state share one bucket), each as the share of logs that are in a pure
    # bucket, or in a state kept whole.
    by_bucket, by_state = {}, {}
    for f, st in state_of.items():
        by_bucket.setdefault(bucket_of[f], set()).add(st)
        by_state.setdefault(st, set()).add(bucket_of[f])
    pure = sum(1 for f in state_of if len(by_bucket[bucket_of[f]]) == 1)
    whole = sum(1 for f in state_of if len(by_state[state_of[f]]) == 1)
    m = len(state_of)
    print("buckets   purity %.4f (%d/%d)  completeness %.4f (%d/%d)  "
          "(%d buckets, %d crash states)" % (
              float(pure) / m if m else 0.0, pure, m,
              float(whole) / m if m else 0.0, whole, m,
              len(by_bucket), len(by_state)))
    if args.details:
        for b, sts in sorted(by_bucket.items(), key=lambda kv: str(kv[0])):
            if len(sts) > 1:
                print("impure %s: %s" % (b, sorted(f for f in state_of if bucket_of[f] == b)))
    if args.details:
        for d in details:
            print("differs " + d)
    if overall < args.threshold:
        print("FAIL: overall agreement %.4f is below %.4f" % (overall, args.threshold))
        return 1
    low = [d for d in ("frames", "security") if rates[d] < args.each]
    if low:
        print("FAIL: %s agreement below %.4f" % (" and ".join(low), args.each))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
