#!/usr/bin/env python3
"""Stage a batch of real framework logs for helpers to write (a developer tool).

usage: stage.py NN DIR "THEME" "WHAT THE THEME COVERS"

Writes DIR/common.md (the rules every scenario follows, from
tools/batch/common.md), DIR/try.py (runs a part's scenarios as
tools/gen-framework-logs.py will) and DIR/part-a.md, DIR/part-b.md (the
frameworks of each half).  Each helper is then told: "Read DIR/part-X.md
and do exactly what it says."  What comes back is merged with merge.py,
generated with tools/gen-framework-logs.py --only bNN-, and measured with
tests/accuracy-real.py before anything is read from it (README.md here).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))

PARTS = {
    "a": "- pytorch (venv): about 15 scenarios\n"
         "- pytorch-1.13 (system): about 9 (Debian's torch 1.13; it has known crash bugs worth provoking)\n"
         "- onnxruntime (venv): about 8 (graphs built with onnx.helper)",
    "b": "- tensorflow (venv): about 9\n"
         "- jax (venv): about 8\n"
         "- keras (venv): about 8, spread over the three backends\n"
         "- mindspore (mindspore): about 8",
}

PART = """# Batch b{NN}, part {P}

First read {STAGING}/common.md and follow it.

Theme: **{TITLE}**. {BODY}

Frameworks and counts:
{FWS}

Mix of classes in each framework: about half false-positive (a third of
those "environment"), a quarter crash, the rest spread over nan,
inconsistency, oom and timeout (at least one of each across your part).

OUTPUT: {STAGING}/out-{p}.py, defining the list B{NN}_{P}.
Names start with "b{NN}-<fwshort>-".
Test with: python3 {STAGING}/try.py {STAGING}/out-{p}.py B{NN}_{P}
"""

TRY = '''#!/usr/bin/env python3
"""try.py OUTPUT LISTNAME [NAME-SUBSTRING]: run a part's scenarios as the
generator will (its own run_one), print each one's exit status and output
(trimmed)."""
import importlib.util, runpy, sys, textwrap
spec = importlib.util.spec_from_file_location("gen", "{ROOT}/tools/gen-framework-logs.py")
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)
PY = {{"venv": "{ROOT}/.venv/bin/python", "system": "/usr/bin/python3",
      "mindspore": "{ROOT}/.venv-mindspore/bin/python"}}
path, listname = sys.argv[1], sys.argv[2]
sub = sys.argv[3] if len(sys.argv) > 3 else ""
names = set()
for fw, interp, be, cls, kind, name, how, code in runpy.run_path(path)[listname]:
    if name in names:
        print("DUPLICATE NAME", name)
    names.add(name)
    if sub not in name:
        continue
    out, rc = gen.run_one(dict(code=textwrap.dedent(code),
                               env={{"KERAS_BACKEND": be}} if be else {{}}), PY[interp])
    lines = out.splitlines()
    if len(lines) > 60:
        lines = lines[:20] + ["[... %d lines ...]" % (len(lines) - 50)] + lines[-30:]
    print("=" * 80)
    print("%s  [%s %s%s]  expected %s/%s  rc=%s" % (name, fw, interp, " " + be if be else "",
                                                    cls, kind,
                                                    "TIMEOUT (killed, nothing kept)" if rc is None else rc))
    print("\\n".join(lines))
'''


def main():
    if len(sys.argv) != 5:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    nn, staging, title, body = sys.argv[1:]
    if not nn.isdigit():
        sys.stderr.write("stage.py: NN must be a number, not '%s'\n" % nn)
        return 2
    staging = os.path.abspath(staging)
    os.makedirs(staging, exist_ok=True)
    with open(os.path.join(HERE, "common.md")) as f:
        common = f.read()
    subst = {"{NN}": nn, "{STAGING}": staging, "{ROOT}": ROOT}
    for k, v in subst.items():
        common = common.replace(k, v)
    with open(os.path.join(staging, "common.md"), "w") as f:
        f.write(common)
    with open(os.path.join(staging, "try.py"), "w") as f:
        f.write(TRY.format(NN=nn, ROOT=ROOT))
    for p, fws in PARTS.items():
        with open(os.path.join(staging, "part-%s.md" % p), "w") as f:
            f.write(PART.format(NN=nn, P=p.upper(), p=p, STAGING=staging,
                                TITLE=title, BODY=body, FWS=fws))
    print("staged b%s in %s" % (nn, staging))
    return 0


if __name__ == "__main__":
    sys.exit(main())
