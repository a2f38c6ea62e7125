#!/usr/bin/env python3
"""Build corpus/defects/defects.jsonl from the raw defect reports.

usage: curate.py [--study DIR] RAW.jsonl... > defects.jsonl

RAW files are read in order; a report already read (same url, google/jax
and jax-ml/jax being one tracker) is skipped.  --study names the study's
curated high-priority tables (shared/data/study-rq1: pytorch.csv,
tensorflow.csv, mindspore.csv); a report listed there is high priority.

Standard library only.  The mapping (class, kind, priority) and the
log_evidence criteria are documented in README.md beside this file; this
script is their executable form, so the curation is reproducible and does
not depend on dltriage's own output.
"""

import json
import re
import sys

# --- class -----------------------------------------------------------------
CLASS_MAP = {"hang": "timeout"}          # everything else keeps its name

# --- kind (crashes only) ---------------------------------------------------
KIND_MAP = {
    "check-fail": "check-failure",
    "double-free": "heap-corruption",
    "asan": "sanitizer",                # refined from the log when it names the report
}

# --- priority, per framework ------------------------------------------------
HIGH = {
    "pytorch": {"high priority"},
    "tensorflow": set(),
    "jax": {"P0 (urgent)", "P1 (soon)"},
    "keras": set(),
}
# TensorFlow and Keras have no priority labels: a fix cherry-picked into a
# release branch or shipped in a patch release is their proxy for high.
HIGH_FIX = {"cherry-pick", "patch-release"}
LOW_FW = {"jax": {"P3 (no schedule)"}}
LOW_COMMON = {
    "stale", "stalled", "awaiting response", "stat:awaiting response",
    "stat:awaiting response from contributor", "needs info",
    "needs reproduction", "question", "support", "type:support",
    "won't fix", "wontfix", "not a bug", "invalid",
    "community support", "stat:community support",
}


def priority(fw, cls, labels, in_study=False, fix=None):
    labels = set(labels)
    if labels & HIGH.get(fw, set()) or in_study or fix in HIGH_FIX:
        return "high"
    if cls == "false-positive" or labels & (LOW_COMMON | LOW_FW.get(fw, set())):
        return "low"
    return "medium"


def canonical_url(url):
    return url.replace("github.com/google/jax/", "github.com/jax-ml/jax/")


def study_urls(d):
    """The urls of the study's high-priority tables in directory d."""
    import csv
    import os
    urls = set()
    for name in ("pytorch.csv", "tensorflow.csv", "mindspore.csv"):
        path = os.path.join(d, name)
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            for row in csv.DictReader(f):
                u = (row.get("URL") or "").strip()
                if u:
                    urls.add(canonical_url(u.rstrip("/")))
    return urls


# --- log evidence -----------------------------------------------------------
# A log carries evidence of its symptom when its own text shows it.  These
# criteria look at the text only (never at dltriage's output).
CRASH_RE = re.compile(
    r"Segmentation fault|segmentation fault|\bsegfault|SIGSEGV|SIGFPE|SIGABRT|"
    r"SIGBUS|SIGILL|SIGTRAP|[Ff]loating point exception|[Ii]llegal instruction|"
    r"\bBus error|\bAborted\b|core dumped|received signal|signal \d+|"
    r"EXC_BAD_ACCESS|Fatal Python error|ASSERT FAILED|Assertion .* failed|"
    r"AssertionError|Check failed|CHECK failed|RET_CHECK|Sanitizer|"
    r"terminate called|double free|free\(\): |corruption|munmap_chunk|"
    r"device-side assert|illegal memory access|ILLEGAL_ADDRESS|"
    r"stack overflow|RecursionError|"
    r"^\s*(\[rank\d+\]:\s*)?[\w.]*(Error|Exception)\b:", re.M)
NAN_RE = re.compile(r"(?<![\w.])-?(nan|NaN|NAN|inf|Inf|INF|infinity|Infinity)(?![\w(])|"
                    r"[Ii]nvalid value")
INCONS_RE = re.compile(
    r"[Mm]ismatch|not close|[Nn]ot equal to tolerance|Arrays are not|"
    r"assert_allclose|assert_array_(almost_)?equal|assert_close|allclose|"
    r"max(imum)? abs(olute)? diff|max(imum)? rel(ative)? diff|"
    r"\b[Dd]iff(s|erence)?\b[^\n]*\d|match: False")
LABEL_RE = re.compile(
    r"^[#>\s]*(?:[\w ]{1,20}?[ _(-])?(cpu|gpu|cuda|mps|eager|compiled?|jit|jitted|xla|numpy|"
    r"np|baseline|reference|expected|actual|naive|torch|pytorch|tf|tensorflow|"
    r"jax|keras|float16|float32|float64|fp16|fp32|bf16|cpu_out|gpu_out)"
    r"(?:[ _-]\w+)?\)?\s*[:=]\s*\S", re.I | re.M)
FP_RE = re.compile(
    r"^\s*(\[rank\d+\]:\s*)?[\w.]*(Error|Exception)\b:|\berror\b[:!]|"
    r"Assertion .* failed|device-side assert", re.M | re.I)
TIMEOUT_RE = re.compile(
    r"\bhang(s|ing)?\b|\bhung\b|deadlock|timed? ?out|timeout|watchdog|"
    r"\bstuck\b|not responding|DUE TO TIME LIMIT|"
    r"pthread_cond_(timed)?wait|futex_wait|sem_wait|Mutex::(Await|Block|Lock)|"
    r"Waiter::Wait|__lll_lock_wait", re.I)
OOM_RE = re.compile(
    r"out of memory|\bOOM\b|ResourceExhausted|RESOURCE_EXHAUSTED|MemoryError|"
    r"bad_alloc|Cannot allocate memory|Killed process|oom-kill|oom_reaper|"
    r"memory exhausted|[Ff]ailed to allocate|OUT_OF_MEMORY|"
    r"allocation of \d+ .*exceeds", re.I)


def inconsistency_evidence(log):
    if INCONS_RE.search(log):
        return True
    labels = {m.group(1).lower() for m in LABEL_RE.finditer(log)}
    return len(labels) >= 2


def log_evidence(cls, log):
    if not log.strip():
        return False
    if cls == "crash":
        return bool(CRASH_RE.search(log))
    if cls == "nan":
        return bool(NAN_RE.search(log))
    if cls == "inconsistency":
        return inconsistency_evidence(log)
    if cls == "false-positive":
        return bool(FP_RE.search(log))
    if cls == "timeout":
        return bool(TIMEOUT_RE.search(log))
    if cls == "oom":
        return bool(OOM_RE.search(log))
    return False


SAN_RE = re.compile(r"ERROR: (Address|Memory|Thread|Leak|UndefinedBehavior)Sanitizer: ?([A-Za-z-]+)")


def kind(cls, raw, log):
    if cls != "crash":
        return None
    if raw is None:
        return None
    k = KIND_MAP.get(raw, raw)
    if k == "sanitizer":
        m = SAN_RE.search(log)
        if m:
            k = "sanitizer:" + m.group(2).lower()
    return k


def main(argv):
    import os
    args = argv[1:]
    study = set()
    if len(args) >= 2 and args[0] == "--study":
        study = study_urls(args[1])
        args = args[2:]
    if not args:
        sys.stderr.write("usage: curate.py [--study DIR] RAW.jsonl...\n")
        return 2
    out = sys.stdout
    seen = set()
    for path in args:
        batch = os.path.splitext(os.path.basename(path))[0]
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    emit(out, json.loads(line), batch, study, seen)
    return 0


def emit(out, r, batch, study, seen):
    """Write the curated row of raw report r, unless its url was seen."""
    url = canonical_url(r["url"])
    if url in seen:
        return
    seen.add(url)
    cls = CLASS_MAP.get(r["symptom"], r["symptom"])
    log = r.get("log") or ""
    repo = "jax-ml/jax" if r["repo"] == "google/jax" else r["repo"]
    row = {
        "framework": r["framework"],
        "repo": repo,
        "number": r["number"],
        "url": url,
        "state": r["state"],
        "class": cls,
        "kind": kind(cls, r.get("crash_kind"), log),
        "api": r.get("api"),
        "version": r.get("version"),
        "labels": r["labels"],
        "priority": priority(r["framework"], cls, r["labels"],
                             url in study, r.get("fix_evidence")),
        "in_study": url in study,
        "batch": batch,
        "heldout": r["number"] % 4 == 0,
        "log_evidence": log_evidence(cls, log),
        "log": log,
    }
    # A report found by looking up the study's high-priority tables was
    # chosen for its label: it teaches what high looks like, not how
    # common it is, so it is trained on and never tested.
    if r.get("study_label"):
        row["train_only"] = True
    out.write(json.dumps(row, ensure_ascii=False, sort_keys=False) + "\n")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
