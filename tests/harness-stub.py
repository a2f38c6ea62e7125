#!/usr/bin/env python3
"""harness-stub.py: a stand-in for dltriage_harness.serve that speaks the
harness protocol (docs/harness-protocol.md) in its three modes, for the
tests of the runner's execution pool (tests/unit/unit-exec.c).  Standard
library only.  The runner starts it as "python3 -m MODULE": the test links
it under an importable name.

    harness-stub.py --framework NAME --mode once|worker|fork

What an execution does comes from the model: {"model": "stub", "stub":
BEHAVIOUR}, BEHAVIOUR one of ok, reject, illegal, unsupported,
harness-error, hog-harness (a MemoryError in harness code), segv, abort, sigkill (SIGKILL to itself, as the OOM
killer does), loop, ignore-term, hog (MemoryError caught: rejected),
hog-raw (MemoryError on stderr, exit 1 without a record), keep:MIB
(MIB MiB kept by the process after an ok), segv-near-cap (memory up
to 95% of the address-space cap held for half a second, then SIGSEGV, as
native code does when an allocation at the cap fails), segv-if-capped
(SIGSEGV when an address-space cap is set, ok without one), spew (4 GiB to stderr, then
ok), fork-bomb (children that sleep, then a loop),
exit-no-record (exit 7), error-msg (an "error" message for the request),
slow:SECONDS (then ok), garbage:SEED (hostile lines on fd 4 and a hostile
result.json, drawn from SEED; in fork mode the server writes the lines,
with "started" pids such as the runner's own, before it forks: the
runner's parser and its kill of a child's group must survive them).
A model IR (with "nodes") is ok, or fails as DLT_STUB_DEFECT says
(ir_defect): the defect that tests/t7301-report.sh reduces.
DLT_STUB_EXECUTABLE is the interpreter the hello names (the runner
records it, and reproduce and report run it again).

The framework name picks the server's behaviour: "unavailable" (or
DLT_STUB_UNAVAILABLE=1) says unavailable and exits 4; "threaded" (or
DLT_STUB_FORK_SAFE=0) says fork_safe false; DLT_STUB_NO_CHDIR=1 keeps
a fork child in the server's directory; "slow-import" sleeps 60 s
before its hello; "no-hello" exits 1 before its hello.
"""

import faulthandler
import json
import os
import platform
import signal
import sys
import threading
import time

EXIT = {"ok": 0, "rejected": 1, "illegal": 2, "unsupported": 3,
        "harness-error": 5}


class Channel:
    def __init__(self, fd):
        self.f = os.fdopen(fd, "w", encoding="utf-8")

    def send(self, **msg):
        self.f.write(json.dumps(msg) + "\n")
        self.f.flush()


KEPT = []  # what keep:MIB keeps


def faulthandler_on():
    faulthandler.enable(file=sys.stderr, all_threads=True)
    faulthandler.register(signal.SIGUSR1, file=sys.stderr, all_threads=True)


def record(req, status, exc=None):
    rec = {"protocol": 1, "id": req.get("id"), "status": status,
           "framework": FRAMEWORK, "framework_version": "0.0-stub",
           "model": "stub", "seconds": 0.001, "outputs": None,
           "exception": exc}
    if status == "ok":
        rec["outputs"] = {"y": {"shape": [1, 2], "dtype": "float32",
                                "file": "outputs/y.npy", "min": 0.0,
                                "max": 1.0, "mean": 0.5, "nan_count": 0,
                                "inf_count": 0}}
    with open(os.path.join(req["dir"], "result.json"), "w") as f:
        json.dump(rec, f)
    return status


def exception(kind, message, where="framework"):
    return {"type": kind, "module": "builtins", "message": message,
            "where": where, "raised_in": "stub", "traceback": None}


def garbage_lines(seed):
    """Hostile lines for fd 4, drawn from seed (never "unavailable",
    which would end the target for the rest of a test)."""
    import random
    r = random.Random(seed)
    ids = [None, "x", 0, -1, 2 ** 70, [], {}, "e1", "1"]
    pids = [1, 0, -1, os.getppid(), os.getpid(), os.getpgrp(), 2 ** 40, "12",
            3.5, None, [], 4194304]
    statuses = [-1, 2 ** 31, 2 ** 64, "0", None, 9.5, [1], 0, 134, 9]
    out = []
    for _ in range(r.randint(1, 10)):
        k = r.randrange(12)
        if k == 0:
            out.append(bytes(r.randrange(256) for _ in range(r.randint(0, 300))))
        elif k == 1:
            out.append(b"[" * 200000 + b"\n")
        elif k == 2:
            out.append(b'{"type": "' + b"A" * (2 << 20) + b'"}\n')
        elif k == 3:
            out.append(json.dumps({"type": "started", "id": r.choice(ids),
                                   "pid": r.choice(pids)}).encode() + b"\n")
        elif k == 4:
            out.append(json.dumps({"type": "exited", "id": r.choice(ids),
                                   "pid": r.choice(pids),
                                   "wait_status": r.choice(statuses)}).encode() + b"\n")
        elif k == 5:
            out.append(json.dumps({"type": "done", "id": r.choice(ids),
                                   "status": r.choice(["ok", None, 5, "zz", ""])}).encode()
                       + b"\n")
        elif k == 6:
            out.append(json.dumps({"type": "hello", "protocol": r.choice([1, "1", None, 99]),
                                   "fork_safe": r.choice([True, "no", None])}).encode()
                       + b"\n")
        elif k == 7:
            out.append(b'{"type": "error", "message": "\xff\xfe\x00bad"}\n')
        elif k == 8:
            out.append(b'{"type": ' + json.dumps(r.choice(["done", 1, None, ["x"]])).encode()
                       + b', "id": "\\ud800", "wait_status": 1e999}\n')
        elif k == 9:
            out.append(b"\x00\x00\n\n\r\n")
        elif k == 10:
            out.append(b'{"type": "exited", "wait_status": 0, "type": "started", "pid": 1}\n')
        else:
            out.append(b'{"type": "done"')  # no end
    return out


def garbage_record(seed, d):
    import random
    r = random.Random(seed * 7 + 1)
    k = r.randrange(5)
    if k == 0:
        data = bytes(r.randrange(256) for _ in range(r.randint(0, 500)))
    elif k == 1:
        data = b"{" * 100000
    elif k == 2:
        data = json.dumps({"status": r.choice([5, None, [], "ok"]), "id": {},
                           "exception": "x", "outputs": 3}).encode()
    elif k == 3:
        data = b'{"status": "rejected", "exception": {"type": 1, "message": []}}'
    else:
        data = b""
    with open(os.path.join(d, "result.json"), "wb") as f:
        f.write(data)


def write_garbage(fd, seed):
    for line in garbage_lines(seed):
        try:
            os.write(fd, line)
        except OSError:
            return


def hog():
    chunks = []
    while True:
        chunks.append(bytearray(64 << 20))


def ir_defect(model):
    """A model IR (not a stub model) under DLT_STUB_DEFECT=OP:DIM:MIN: a
    defect that needs a node of op OP and dim DIM of the first input at
    MIN or more (SIGSEGV, as native code dies); ok otherwise.
    DLT_STUB_SLEEP=SECONDS makes every execution that long first."""
    time.sleep(float(os.environ.get("DLT_STUB_SLEEP", "0")))
    spec = os.environ.get("DLT_STUB_DEFECT")
    if not spec:
        return "ok"
    op, dim, low = spec.split(":")
    inputs = model.get("inputs") or []
    shape = inputs[0].get("shape", []) if inputs else []
    if any(n.get("op") == op for n in model.get("nodes") or []) and \
            len(shape) > int(dim) and shape[int(dim)] >= int(low):
        return "segv"
    return "ok"


def execute(req):
    """Run one request in this process; the status (or no return)."""
    model = req.get("model") or {}
    what = model.get("stub", "ok") if isinstance(model, dict) else "ok"
    if isinstance(model, dict) and "nodes" in model:
        what = ir_defect(model)
    print("stub: %s" % what, flush=True)
    if what == "ok":
        return record(req, "ok")
    if what == "reject":
        print("Traceback (most recent call last):\n"
              "RuntimeError: stub rejects the model", file=sys.stderr,
              flush=True)
        return record(req, "rejected",
                      exception("RuntimeError", "stub rejects the model"))
    if what in ("illegal", "unsupported"):
        print("dltriage-harness: %s" % what, file=sys.stderr, flush=True)
        return record(req, what, exception("ValueError", what, "harness"))
    if what == "harness-error":
        return record(req, "harness-error",
                      exception("KeyError", "stub", "harness"))
    if what == "hog-harness":
        # the harness's own allocation refused (filling weights in numpy)
        return record(req, "harness-error",
                      exception("MemoryError", "Unable to allocate 784. MiB",
                                "harness"))
    if what == "segv":
        os.kill(os.getpid(), signal.SIGSEGV)
    if what == "abort":
        os.abort()
    if what == "segv-near-cap":
        import resource
        cap = resource.getrlimit(resource.RLIMIT_AS)[0]
        with open("/proc/self/statm") as f:
            vm = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        held = bytearray(max(0, int(cap * 0.95) - vm)) if cap > 0 else b""
        time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGSEGV)
        del held
    if what == "segv-if-capped":
        import resource
        if resource.getrlimit(resource.RLIMIT_AS)[0] != resource.RLIM_INFINITY:
            os.kill(os.getpid(), signal.SIGSEGV)
        return record(req, "ok")
    if what.startswith("keep:"):
        # memory a worker keeps after the execution, as caches do
        KEPT.append(bytearray(int(what[5:]) << 20))
        return record(req, "ok")
    if what == "sigkill":
        # as the kernel's OOM killer does: SIGKILL from outside
        os.kill(os.getpid(), signal.SIGKILL)
    if what == "loop":
        while True:
            pass
    if what == "ignore-term":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGUSR1, signal.SIG_IGN)
        while True:
            pass
    if what == "hog":
        try:
            hog()
        except MemoryError:
            print("MemoryError", file=sys.stderr, flush=True)
            return record(req, "rejected", exception("MemoryError", ""))
    if what == "hog-raw":
        try:
            hog()
        except MemoryError:
            print("Traceback (most recent call last):\nMemoryError",
                  file=sys.stderr, flush=True)
            os._exit(1)
    if what == "spew":
        chunk = b"e" * (1 << 20)
        try:
            for _ in range(4096):
                os.write(2, chunk)
        except OSError:
            pass
        return record(req, "ok")
    if what == "fork-bomb":
        for _ in range(8):
            if os.fork() == 0:
                os.fork()
                while True:
                    time.sleep(10)
        while True:
            pass
    if what == "exit-no-record":
        os._exit(7)
    if what.startswith("slow:"):
        time.sleep(float(what[5:]))
        return record(req, "ok")
    if what.startswith("garbage:"):
        seed = int(what[8:])
        if MODE != "fork":
            write_garbage(4, seed)
        garbage_record(seed, req["dir"])
        return "ok"
    return record(req, "harness-error",
                  exception("ValueError", "unknown stub " + what, "harness"))


def redirect(d):
    sys.stdout.flush()
    sys.stderr.flush()
    saved = (os.dup(1), os.dup(2))
    for fd, name in ((1, "stdout"), (2, "stderr")):
        f = os.open(os.path.join(d, name), os.O_WRONLY | os.O_CREAT | os.O_TRUNC,
                    0o666)
        os.dup2(f, fd)
        os.close(f)
    return saved


def restore(saved):
    sys.stdout.flush()
    sys.stderr.flush()
    for fd, old in zip((1, 2), saved):
        os.dup2(old, fd)
        os.close(old)


def refused(req, ch):
    model = req.get("model") or {}
    if isinstance(model, dict) and model.get("stub") == "error-msg":
        ch.send(type="error", id=req.get("id"), message="stub refuses")
        return True
    return False


def apply_limits(limits):
    import resource
    names = {"address_space": resource.RLIMIT_AS,
             "file_size": resource.RLIMIT_FSIZE,
             "core": resource.RLIMIT_CORE}
    for k, v in (limits or {}).items():
        if k in names:
            _, hard = resource.getrlimit(names[k])
            if hard != resource.RLIM_INFINITY and v > hard:
                v = hard
            resource.setrlimit(names[k], (v, v))


def serve_once(rq, ch):
    line = rq.readline()
    if not line:
        return 0
    req = json.loads(line)
    if req.get("type") == "quit":
        return 0
    if refused(req, ch):
        return 5
    status = execute(req)
    sys.stdout.flush()
    sys.stderr.flush()
    ch.send(type="done", id=req.get("id"), status=status)
    return EXIT[status]


def serve_worker(rq, ch):
    for line in rq:
        req = json.loads(line)
        if req.get("type") == "quit":
            # DLT_STUB_QUIT_SLEEP: a worker slow to go (a framework's
            # atexit handlers), past the pool's wait for it
            time.sleep(float(os.environ.get("DLT_STUB_QUIT_SLEEP", "0")))
            break
        if refused(req, ch):
            continue
        saved = redirect(req["dir"])
        try:
            status = execute(req)
        finally:
            restore(saved)
        ch.send(type="done", id=req.get("id"), status=status)
    return 0


def serve_fork(rq, ch):
    for line in rq:
        req = json.loads(line)
        if req.get("type") == "quit":
            break
        if refused(req, ch):
            continue
        sys.stdout.flush()
        sys.stderr.flush()
        model = req.get("model") or {}
        what = model.get("stub", "") if isinstance(model, dict) else ""
        if isinstance(what, str) and what.startswith("garbage:"):
            ch.f.flush()
            write_garbage(4, int(what[8:]))
        pid = os.fork()
        if pid == 0:
            code = 5
            try:
                os.setpgid(0, 0)
                os.close(3)
                os.close(4)
                if os.environ.get("DLT_STUB_NO_CHDIR") != "1":
                    os.chdir(req["dir"])
                redirect(req["dir"])
                apply_limits(req.get("limits"))
                code = EXIT[execute(req)]
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code)
        try:
            os.setpgid(pid, pid)
        except OSError:
            pass
        ch.send(type="started", id=req.get("id"), pid=pid)
        _, ws = os.waitpid(pid, 0)
        ch.send(type="exited", id=req.get("id"), pid=pid, wait_status=ws)
    return 0


def main():
    global FRAMEWORK, MODE
    args = sys.argv[1:]
    FRAMEWORK = args[args.index("--framework") + 1]
    mode = MODE = args[args.index("--mode") + 1]
    faulthandler_on()
    ch = Channel(4)
    rq = os.fdopen(3, "r", encoding="utf-8")
    if FRAMEWORK == "unavailable" or os.environ.get("DLT_STUB_UNAVAILABLE") == "1":
        ch.send(type="unavailable", framework=FRAMEWORK,
                python=platform.python_version(),
                message="No module named 'stub_%s'" % FRAMEWORK)
        return 4
    if FRAMEWORK == "no-hello":
        print("stub: no hello", file=sys.stderr)
        return 1
    if FRAMEWORK == "slow-import":
        time.sleep(60)
    safe = FRAMEWORK != "threaded" and os.environ.get("DLT_STUB_FORK_SAFE") != "0"
    ch.send(type="hello", protocol=1, framework=FRAMEWORK,
            framework_version="0.0-stub", python=platform.python_version(),
            executable=os.environ.get("DLT_STUB_EXECUTABLE", sys.executable),
            pid=os.getpid(),
            threads=threading.active_count(), fork_safe=safe)
    return {"once": serve_once, "worker": serve_worker,
            "fork": serve_fork}[mode](rq, ch)


FRAMEWORK = None
MODE = None

if __name__ == "__main__":
    sys.exit(main())
