#!/usr/bin/env python3
"""tests/harness-driver.py: drive `python -m dltriage_harness.serve` as
the runner does (docs/harness-protocol.md) and check what comes back.
Used by tests/t6101-harness-protocol.sh:

    harness-driver.py SCENARIO FRAMEWORK WORKDIR

SCENARIO is one of the functions named s_* below.  The models are read
from tests/models and corpus/models (PyYAML) and sent as JSON.  Exit 0
when every check holds; a failed check prints what was seen.  Environment:
DLT_PYTHON (the Python of the harness), TEST_SRCDIR, DLTRIAGE.
"""

import fcntl
import json
import os
import select
import signal
import subprocess
import sys
import time

import yaml

SRC = os.environ.get("TEST_SRCDIR") or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY = os.environ.get("DLT_PYTHON") or sys.executable
TIMEOUT = float(os.environ.get("DLT_DRIVER_TIMEOUT", "120"))


def model(path):
    with open(os.path.join(SRC, path)) as f:
        return yaml.safe_load(f)


class Server(object):
    """A harness server with fds 3 and 4 on pipes."""

    def __init__(self, framework, mode, work, out=None):
        self.work = work
        req_r, self.req_w = os.pipe()
        self.msg_r, msg_w = os.pipe()
        log = out or os.path.join(work, "server.log")
        self.log = log
        env = dict(os.environ)
        env["PYTHONPATH"] = os.path.join(SRC, "harness") + (
            ":" + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")

        def child():
            # out of the way first: either pipe end may be 3 or 4 already
            a = fcntl.fcntl(req_r, fcntl.F_DUPFD, 10)
            b = fcntl.fcntl(msg_w, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)
            os.close(a)
            os.close(b)

        if isinstance(log, tuple):
            so, se = open(log[0], "wb"), open(log[1], "wb")
        else:
            so = se = open(log, "ab")
        self.p = subprocess.Popen([PY, "-m", "dltriage_harness.serve", "--framework", framework,
                                   "--mode", mode], stdin=subprocess.DEVNULL, stdout=so,
                                  stderr=se, env=env, preexec_fn=child, pass_fds=(3, 4),
                                  close_fds=True)
        so.close()
        if se is not so:
            se.close()
        os.close(req_r)
        os.close(msg_w)
        self.buf = b""

    def send(self, **req):
        os.write(self.req_w, (json.dumps(req) + "\n").encode())

    def send_raw(self, text):
        os.write(self.req_w, text.encode())

    def close(self):
        if self.req_w is not None:
            os.close(self.req_w)
            self.req_w = None

    def msg(self, timeout=TIMEOUT):
        """The next message, or None at the end of fd 4."""
        end = time.time() + timeout
        while b"\n" not in self.buf:
            left = end - time.time()
            if left <= 0:
                raise AssertionError("no message within %gs; server log:\n%s" % (timeout, self.logtext()))
            r, _, _ = select.select([self.msg_r], [], [], left)
            if not r:
                continue
            chunk = os.read(self.msg_r, 65536)
            if not chunk:
                if self.buf:
                    raise AssertionError("a message without its newline: %r" % self.buf)
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        m = json.loads(line.decode("utf-8"))
        print("message: %s" % json.dumps(m, sort_keys=True)[:300])
        return m

    def expect(self, type_, **keys):
        m = self.msg()
        check(m is not None and m.get("type") == type_, "expected %s, got %r; log:\n%s"
              % (type_, m, self.logtext() if m is None else ""))
        for k, v in keys.items():
            check(m.get(k) == v, "%s: %s is %r, expected %r" % (type_, k, m.get(k), v))
        return m

    def wait(self, timeout=TIMEOUT):
        try:
            return self.p.wait(timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            raise AssertionError("the server did not exit")

    def logtext(self):
        if isinstance(self.log, tuple):
            return "".join(open(f, errors="replace").read() for f in self.log)
        try:
            return open(self.log, errors="replace").read()
        except OSError:
            return ""


def check(cond, msg):
    if not cond:
        raise AssertionError(msg)


def newdir(work, name):
    d = os.path.join(work, name)
    os.makedirs(d)
    return d


def result(d):
    with open(os.path.join(d, "result.json")) as f:
        return json.load(f)


def read(d, name):
    try:
        with open(os.path.join(d, name), errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def check_ok(d, exec_id, framework, m):
    import numpy as np
    r = result(d)
    check(r["status"] == "ok" and r["id"] == exec_id and r["protocol"] == 1, r)
    check(r["framework"] == framework and r["framework_version"], r)
    check(r["model"] == m["model"] and r["exception"] is None, r)
    check(sorted(r["outputs"]) == sorted(m["outputs"]), r["outputs"])
    for name, st in r["outputs"].items():
        check(st["file"] == "outputs/%s.npy" % name, st)
        a = np.load(os.path.join(d, st["file"]), allow_pickle=False)
        check(list(a.shape) == st["shape"] and str(a.dtype) == st["dtype"], (a.shape, st))
        check(a.dtype.byteorder in "<=|", a.dtype)


def check_failed(d, exec_id, status, where, stderr_has=None):
    r = result(d)
    check(r["status"] == status and r["id"] == exec_id, r)
    check(r["outputs"] is None and not os.path.exists(os.path.join(d, "outputs")), r)
    e = r["exception"]
    check(e and e["where"] == where, e)
    err = read(d, "stderr")
    if status in ("rejected", "harness-error"):
        check(err.startswith("Traceback (most recent call last):\n"), err[:2000])
        check(e["traceback"] == err, "the record's traceback differs from stderr")
    if stderr_has:
        check(stderr_has in err, "%r not in stderr:\n%s" % (stderr_has, err[-3000:]))
    return r


def dm_mutant(work):
    """A generic DM mutant of lenet5-mnist: input rank 5 into conv2d."""
    out = os.path.join(work, "dm")
    if not os.path.isdir(out):
        subprocess.check_call([os.environ.get("DLTRIAGE", os.path.join(SRC, "src", "dltriage")),
                               "mutate", os.path.join(SRC, "corpus/models/lenet5-mnist.yaml"),
                               "--mode", "generic", "--ops", "DM", "-n", "3", "--seed", "1",
                               "-q", "-o", out])
    for f in sorted(os.listdir(out)):
        with open(os.path.join(out, f)) as fh:
            m = yaml.safe_load(fh)
        if len(m["inputs"][0]["shape"]) == 5:
            return m
    raise AssertionError("no DM mutant with a rank-5 input in %s" % os.listdir(out))


def illegal_model():
    m = model("tests/models/act.yaml")
    m["nodes"][1].setdefault("attrs", {})["alpha"] = "big"
    m["nodes"][1]["op"] = "leaky_relu"
    return m


# --- scenarios


def s_hello(fw, work):
    s = Server(fw, "worker", work)
    h = s.expect("hello", protocol=1, framework=fw, pid=s.p.pid)
    for k in ("framework_version", "python", "executable", "threads", "fork_safe"):
        check(k in h, "hello has no %s" % k)
    check(isinstance(h["fork_safe"], bool) and h["threads"] >= 1, h)
    s.send(type="quit")
    check(s.msg() is None, "a message after quit")
    check(s.wait() == 0, "quit: exit %s" % s.p.returncode)


def _once(fw, work, name, m, **extra):
    d = newdir(work, name)
    s = Server(fw, "once", work, out=(os.path.join(d, "stdout"), os.path.join(d, "stderr")))
    s.expect("hello")
    s.send(type="run", id=name, dir=d, model=m, **extra)
    done = s.expect("done", id=name)
    rc = s.wait()
    print("%s: exit %d, status %s" % (name, rc, done["status"]))
    return d, done, rc


def s_once_ok(fw, work):
    m = model("tests/models/act.yaml")
    d, done, rc = _once(fw, work, "e1", m, random_params=True)
    check(done["status"] == "ok" and rc == 0, (done, rc))
    check_ok(d, "e1", fw, m)


def s_rejected(fw, work):
    d, done, rc = _once(fw, work, "e2", model("tests/models/illegal-conv.yaml"))
    check(done["status"] == "rejected" and rc == 1, (done, rc, read(d, "stderr")))
    r = check_failed(d, "e2", "rejected", "framework")
    check(r["exception"]["raised_in"].split(".")[0] in ("torch", "tensorflow", "keras", "jax", "jaxlib"),
          r["exception"])


def s_illegal(fw, work):
    d, done, rc = _once(fw, work, "e3", illegal_model())
    check(done["status"] == "illegal" and rc == 2, (done, rc))
    r = check_failed(d, "e3", "illegal", "harness", "nodes[1].attrs.alpha")
    check(r["exception"]["type"] == "IRError", r)
    check("Traceback" not in read(d, "stderr"), read(d, "stderr"))
    # unknown op, unresolved input, a node before its input: illegal too
    for i, edit in enumerate(("op", "input", "order")):
        m = model("tests/models/act.yaml")
        if edit == "op":
            m["nodes"][0]["op"] = "frobnicate"
            want = "nodes[0].op: unknown op 'frobnicate'"
        elif edit == "input":
            m["nodes"][0]["inputs"] = ["nosuch"]
            want = "nodes[0].inputs[0]: input 'nosuch'"
        else:
            m["nodes"][0]["inputs"] = [m["nodes"][1]["name"]]
            want = "is not an earlier input or node"
        d, done, rc = _once(fw, work, "e3%d" % i, m)
        check(done["status"] == "illegal" and rc == 2, (edit, done, rc))
        check_failed(d, "e3%d" % i, "illegal", "harness", want)


def s_harness_error(fw, work):
    # a generic DM mutant gives conv2d a rank-5 input: illegal by the IR,
    # which no adapter may guess at (it used to make numpy raise in the
    # torch adapter, a harness error)
    d, done, rc = _once(fw, work, "e4", dm_mutant(work))
    check(done["status"] == "illegal" and rc == 2, (done, rc, read(d, "stderr")[-2000:]))
    check_failed(d, "e4", "illegal", "harness", "conv2d needs rank 4 on input, got rank 5")
    # a bug in harness code is a harness error, exit 5
    d, done, rc = _once(fw, work, "e5", model("tests/models/act.yaml"), test_harness_bug=True)
    check(done["status"] == "harness-error" and rc == 5, (done, rc, read(d, "stderr")[-2000:]))
    r = check_failed(d, "e5", "harness-error", "harness")
    print("exception: %s.%s in %s: %s" % (r["exception"]["module"], r["exception"]["type"],
                                          r["exception"]["raised_in"], r["exception"]["message"]))


def s_worker(fw, work):
    s = Server(fw, "worker", work)
    h = s.expect("hello")
    reqs = [("w1", model("tests/models/act.yaml"), "ok"),
            ("w2", model("tests/models/illegal-conv.yaml"), "rejected"),
            ("w3", model("tests/models/conv.yaml"), "ok")]
    if fw == "pytorch":
        reqs[2] = ("w3", dm_mutant(work), "illegal")
    dirs = {}
    for i, m, want in reqs:
        dirs[i] = newdir(work, i)
        s.send(type="run", id=i, dir=dirs[i], model=m)
    s.send_raw("this is not JSON\n")
    s.send(type="run", id="w5", dir="/nonexistent/dir", model={})
    for i, m, want in reqs:
        s.expect("done", id=i, status=want)
    s.expect("error", id=None)
    s.expect("error", id="w5")
    s.close()  # the end of fd 3 ends the worker
    check(s.msg() is None, "a message after the end")
    check(s.wait() == 0, "worker exit %s" % s.p.returncode)
    check_ok(dirs["w1"], "w1", fw, reqs[0][1])
    check(read(dirs["w1"], "stderr").find("Traceback") < 0, read(dirs["w1"], "stderr"))
    check_failed(dirs["w2"], "w2", "rejected", "framework")
    if reqs[2][2] == "illegal":
        check_failed(dirs["w3"], "w3", "illegal", "harness", "needs rank 4")
    for i in dirs:
        check(os.path.exists(os.path.join(dirs[i], "stdout")), "%s: no stdout file" % i)
    check("Traceback" not in s.logtext(), "a traceback in the server log:\n" + s.logtext())
    check(h["pid"] == s.p.pid, h)


def _wait_file(path, text, timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        if text in read(os.path.dirname(path), os.path.basename(path)):
            return True
        time.sleep(0.1)
    return False


def s_fork(fw, work):
    s = Server(fw, "fork", work)
    h = s.expect("hello")
    print("fork_safe: %s (threads %s, native %s)" % (h["fork_safe"], h["threads"], h.get("native_threads")))
    m = model("tests/models/act.yaml")
    d1 = newdir(work, "f1")
    s.send(type="run", id="f1", dir=d1, model=m,
           limits={"address_space": 64 << 30, "file_size": 1 << 30, "core": 0})
    st = s.expect("started", id="f1")
    check(st["pid"] != s.p.pid and st["pid"] > 0, st)
    ex = s.expect("exited", id="f1", pid=st["pid"])
    ws = ex["wait_status"]
    check(os.WIFEXITED(ws) and os.WEXITSTATUS(ws) == 0, "wait status %r" % ws)
    check_ok(d1, "f1", fw, m)
    d2 = newdir(work, "f2")
    s.send(type="run", id="f2", dir=d2, model=model("tests/models/illegal-conv.yaml"))
    st = s.expect("started", id="f2")
    ws = s.expect("exited", id="f2")["wait_status"]
    check(os.WIFEXITED(ws) and os.WEXITSTATUS(ws) == 1, "wait status %r" % ws)
    check_failed(d2, "f2", "rejected", "framework")
    # the limits, the process group, SIGUSR1's dump, SIGKILL to the group
    d3 = newdir(work, "f3")
    s.send(type="run", id="f3", dir=d3, model=m, test_sleep=60,
           limits={"address_space": 48 << 30, "file_size": 1 << 20, "core": 0})
    pid = s.expect("started", id="f3")["pid"]
    # the child is sleeping once the limits are applied and fd 2 redirected
    time.sleep(1.0)
    check(os.getpgid(pid) == pid, "the child is not its own process group leader")
    lim = open("/proc/%d/limits" % pid).read() if os.path.exists("/proc/%d/limits" % pid) else None
    if lim is not None:
        print(lim)
        for key, v in (("Max address space", 48 << 30), ("Max file size", 1 << 20), ("Max core file size", 0)):
            line = [l for l in lim.splitlines() if l.startswith(key)][0]
            check(line.split()[-3] == str(v) or line.split()[-2] == str(v), line)
    os.kill(pid, signal.SIGUSR1)
    check(_wait_file(os.path.join(d3, "stderr"), "most recent call first"),
          "no faulthandler dump in %s/stderr:\n%s" % (d3, read(d3, "stderr")))
    time.sleep(0.3)
    err = read(d3, "stderr")
    check("execute.py" in err and "in execute" in err, err)
    check(os.path.exists("/proc/%d" % pid), "SIGUSR1 ended the child")
    os.killpg(pid, signal.SIGKILL)
    ws = s.expect("exited", id="f3", pid=pid)["wait_status"]
    check(os.WIFSIGNALED(ws) and os.WTERMSIG(ws) == signal.SIGKILL, "wait status %r" % ws)
    check(not os.path.exists(os.path.join(d3, "result.json")), "a record after SIGKILL")
    s.send(type="quit")
    check(s.msg() is None, "a message after quit")
    check(s.wait() == 0, "fork server exit %s" % s.p.returncode)
    check("most recent call first" not in s.logtext(), "the dump went to the server log")


def s_worker_sigusr1(fw, work):
    s = Server(fw, "worker", work)
    s.expect("hello")
    d = newdir(work, "u1")
    s.send(type="run", id="u1", dir=d, model=model("tests/models/act.yaml"), test_sleep=2)
    time.sleep(1.0)
    s.p.send_signal(signal.SIGUSR1)
    s.expect("done", id="u1", status="ok")
    err = read(d, "stderr")
    check("most recent call first" in err and "in execute" in err, err)
    s.send(type="quit")
    check(s.wait() == 0, "exit %s" % s.p.returncode)
    check("most recent call first" not in s.logtext(), "the dump went to the server log")


def s_unavailable(fw, work):
    s = Server(fw, "worker", work)
    m = s.expect("unavailable", framework=fw)
    check(m.get("message") and m.get("python"), m)
    check(s.msg() is None, "a message after unavailable")
    check(s.wait() == 4, "exit %s" % s.p.returncode)


def main(argv):
    if len(argv) != 4:
        sys.stderr.write("usage: harness-driver.py SCENARIO FRAMEWORK WORKDIR\n")
        return 2
    fn = globals().get("s_" + argv[1].replace("-", "_"))
    if fn is None:
        sys.stderr.write("harness-driver.py: no scenario %r\n" % argv[1])
        return 2
    work = os.path.abspath(argv[3])
    if not os.path.isdir(work):
        os.makedirs(work)
    try:
        fn(argv[2], work)
    except AssertionError as e:
        print("FAILED: %s" % (e,))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
