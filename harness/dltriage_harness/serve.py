"""The harness side of `dltriage run` (docs/harness-protocol.md):

    python -m dltriage_harness.serve --framework NAME --mode once|worker|fork

Requests arrive on fd 3 and messages leave on fd 4, JSON Lines.  The
framework is imported first; then "hello" (or "unavailable" and exit 4).

- once: one request, run in this process, "done", exit with the status's
  code (0 ok, 1 rejected, 2 illegal, 3 unsupported, 5 harness-error).
  fds 1 and 2 are already the execution's files (the runner's doing).
- worker: requests one after another; fds 1 and 2 are redirected to
  DIR/stdout and DIR/stderr around each execution; "done" after each.
- fork: per request a child that calls setpgid(0, 0), applies the
  request's limits, redirects fds 1 and 2, runs the model and _exits with
  the code; the server says "started" {pid} at once and "exited" {pid,
  wait_status} once it has reaped the child.  One child at a time.

faulthandler is enabled and registered on SIGUSR1 (all threads) on the
current fd 2, again after each redirection, so that a dump lands in
DIR/stderr.  A request may carry "test_sleep": SECONDS (tests only: the
execution sleeps first, so that a test can signal it).
"""

import argparse
import faulthandler
import json
import os
import signal
import sys
import threading

PROTOCOL = 1
PROG = "dltriage-harness serve"


class Channel(object):
    """The message stream (fd 4): one JSON object per line, flushed."""

    def __init__(self, fd):
        self.f = os.fdopen(fd, "w", encoding="utf-8", closefd=True)

    def send(self, **msg):
        self.f.write(json.dumps(msg, sort_keys=True, allow_nan=False) + "\n")
        self.f.flush()


def _faulthandler():
    """faulthandler on the current fd 2 (sys.stderr), SIGUSR1 for every
    thread's stack; called again after each redirection of fd 2."""
    try:
        faulthandler.enable(file=sys.stderr, all_threads=True)
        if hasattr(faulthandler, "register") and hasattr(signal, "SIGUSR1"):
            faulthandler.register(signal.SIGUSR1, file=sys.stderr, all_threads=True,
                                  chain=False)
    except (ValueError, OSError, RuntimeError, AttributeError):
        pass


def native_threads():
    """The number of threads of this process (/proc/self/task), or None."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return None


def fork_safe(baseline):
    """No thread but the main one, Python's or native, beyond the baseline
    counted after numpy's import (a fork carries only the calling thread;
    a framework's pool would be gone in the child).  numpy's OpenBLAS
    starts its pool at import and re-creates it after a fork
    (pthread_atfork), so its threads are the baseline."""
    if threading.active_count() != 1:
        return False
    n = native_threads()
    return n is None or baseline is None or n <= baseline


class Redirect(object):
    """fds 1 and 2 to DIR/stdout and DIR/stderr; restore() puts the old
    ones back (worker mode)."""

    def __init__(self, d, keep=True):
        sys.stdout.flush()
        sys.stderr.flush()
        self.saved = (os.dup(1), os.dup(2)) if keep else None
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0)
        for fd, name in ((1, "stdout"), (2, "stderr")):
            f = os.open(os.path.join(d, name), flags, 0o644)
            os.dup2(f, fd)
            os.close(f)
        _faulthandler()

    def restore(self):
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        if self.saved:
            for fd, old in zip((1, 2), self.saved):
                os.dup2(old, fd)
                os.close(old)
            self.saved = None
        _faulthandler()


def apply_limits(limits):
    """setrlimit of the request's limits (bytes); a value above the hard
    limit is capped at it."""
    import resource
    names = {"address_space": "RLIMIT_AS", "file_size": "RLIMIT_FSIZE", "core": "RLIMIT_CORE"}
    for key, rname in names.items():
        v = (limits or {}).get(key)
        if v is None or not hasattr(resource, rname):
            continue
        r = getattr(resource, rname)
        _, hard = resource.getrlimit(r)
        v = int(v)
        if hard != resource.RLIM_INFINITY and v > hard:
            v = hard
        resource.setrlimit(r, (v, v))


def parse_request(line):
    """(request dict, None) or (None, (id, message)) for a bad one."""
    try:
        req = json.loads(line)
    except ValueError as e:
        return None, (None, "bad request: %s" % e)
    if not isinstance(req, dict):
        return None, (None, "bad request: not a JSON object")
    rid = req.get("id")
    t = req.get("type")
    if t == "quit":
        return req, None
    if t != "run":
        return None, (rid, "bad request: unknown type %r" % (t,))
    d = req.get("dir")
    if not isinstance(d, str) or not os.path.isabs(d) or not os.path.isdir(d):
        return None, (rid, "bad request: 'dir' is not an existing absolute directory: %r" % (d,))
    if not isinstance(req.get("model"), dict):
        return None, (rid, "bad request: 'model' is not a JSON object")
    lim = req.get("limits")
    if lim is not None and not (isinstance(lim, dict) and all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0
            for v in lim.values() if v is not None)):
        return None, (rid, "bad request: 'limits' are byte counts")
    return req, None


def run_request(adapter, req):
    """execute() one request (its random_params honoured); returns the
    status."""
    from .execute import execute
    adapter.random_params = bool(req.get("random_params", False))
    status, _ = execute(adapter, req["model"], req["dir"], exec_id=req.get("id"),
                        test_sleep=req.get("test_sleep"),
                        reference=req.get("reference"),
                        test_harness_bug=bool(req.get("test_harness_bug")))
    return status


def _harness_failure(req):
    """An exception out of execute() itself (a result.json that cannot be
    written): its traceback on stderr, harness-error."""
    import traceback
    traceback.print_exc()
    sys.stderr.flush()
    return "harness-error"


def serve_once(adapter, rq, ch):
    from .execute import EXIT
    line = rq.readline()
    if not line:
        return 0
    req, err = parse_request(line)
    if err:
        ch.send(type="error", id=err[0], message=err[1])
        return EXIT["harness-error"]
    if req["type"] == "quit":
        return 0
    try:
        status = run_request(adapter, req)
    except Exception:
        status = _harness_failure(req)
    sys.stdout.flush()
    sys.stderr.flush()
    ch.send(type="done", id=req.get("id"), status=status)
    return EXIT[status]


def _requests(rq, ch):
    """The run requests of fd 3 in order, until a quit or its end; a
    request that cannot be read is answered with an error message."""
    for line in rq:
        if not line.strip():
            continue
        req, err = parse_request(line)
        if err:
            ch.send(type="error", id=err[0], message=err[1])
            continue
        if req["type"] == "quit":
            return
        yield req


def serve_worker(adapter, rq, ch):
    for req in _requests(rq, ch):
        try:
            red = Redirect(req["dir"])
        except OSError as e:
            ch.send(type="error", id=req.get("id"),
                    message="cannot write %s: %s" % (req["dir"], e.strerror))
            continue
        try:
            status = run_request(adapter, req)
        except Exception:
            status = _harness_failure(req)
        finally:
            red.restore()
        ch.send(type="done", id=req.get("id"), status=status)
    return 0


def _die_with(parent):
    """Linux: SIGKILL to this process when its parent dies, so that a fork
    server that dies (with the runner killed by SIGKILL, say) leaves no
    child writing into an execution directory that a resumed run uses."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError, TypeError):
        return
    if os.getppid() != parent:
        os._exit(1)


def _child(adapter, req, rq, ch, parent):
    """The fork child: never returns."""
    from .execute import EXIT
    code = EXIT["harness-error"]
    try:
        _die_with(parent)
        try:
            os.setpgid(0, 0)
        except OSError:
            pass
        for f in (rq, ch.f):
            try:
                os.close(f.fileno())
            except (OSError, ValueError):
                pass
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        try:
            # a core dump lands in the execution's directory
            os.chdir(req["dir"])
        except (OSError, KeyError, TypeError):
            pass
        Redirect(req["dir"], keep=False)
        apply_limits(req.get("limits"))
        try:
            code = EXIT[run_request(adapter, req)]
        except Exception:
            code = EXIT[_harness_failure(req)]
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:
        try:
            import traceback
            traceback.print_exc()
            sys.stderr.flush()
        except BaseException:
            pass
    finally:
        os._exit(code)


def serve_fork(adapter, rq, ch):
    from . import blame, execute, fill, model  # noqa: F401  (once, not in every child)
    import ctypes  # noqa: F401  (for _die_with, once)
    me = os.getpid()
    for req in _requests(rq, ch):
        sys.stdout.flush()
        sys.stderr.flush()
        ch.f.flush()
        pid = os.fork()
        if pid == 0:
            _child(adapter, req, rq, ch, me)
        try:
            os.setpgid(pid, pid)
        except OSError:
            pass  # the child did it first, or has already exited
        ch.send(type="started", id=req.get("id"), pid=pid)
        while True:
            try:
                _, ws = os.waitpid(pid, 0)
                break
            except InterruptedError:
                continue
        ch.send(type="exited", id=req.get("id"), pid=pid, wait_status=ws)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog=PROG, description="The harness side of dltriage run "
                                 "(docs/harness-protocol.md): requests on fd 3, messages on fd 4.")
    ap.add_argument("--framework", "-f", required=True)
    ap.add_argument("--mode", choices=("once", "worker", "fork"), required=True)
    args = ap.parse_args(argv)

    try:
        rq = os.fdopen(3, "r", encoding="utf-8", closefd=True)
        ch = Channel(4)
    except OSError as e:
        sys.stderr.write("%s: fds 3 (requests) and 4 (messages) must be open: %s\n"
                         % (PROG, e.strerror))
        return 2
    _faulthandler()

    import platform
    from . import names
    from .run import Unavailable, import_adapter
    py = platform.python_version()
    try:
        name = names.canonical(args.framework)
    except names.UnknownFramework as e:
        fw = names.framework(args.framework)
        if fw is None:
            sys.stderr.write("%s: %s\n" % (PROG, e))
            return 2
        # a framework dltriage knows but without an adapter
        ch.send(type="unavailable", framework=fw, python=py, message=str(e))
        return 4
    try:
        import numpy  # noqa: F401  (its BLAS threads are the baseline)
    except ImportError as e:
        ch.send(type="unavailable", framework=name, python=py,
                message="cannot import numpy: %s" % e)
        return 4
    baseline = native_threads()
    try:
        adapter = import_adapter(name)
    except Unavailable as e:
        ch.send(type="unavailable", framework=name, python=py, message=str(e))
        return 4
    ch.send(type="hello", protocol=PROTOCOL, framework=name,
            framework_version=adapter.version(), python=py,
            executable=sys.executable, pid=os.getpid(),
            threads=threading.active_count(), native_threads=native_threads(),
            fork_safe=fork_safe(baseline))
    if args.mode == "once":
        return serve_once(adapter, rq, ch)
    if args.mode == "worker":
        return serve_worker(adapter, rq, ch)
    return serve_fork(adapter, rq, ch)


if __name__ == "__main__":
    sys.exit(main())
