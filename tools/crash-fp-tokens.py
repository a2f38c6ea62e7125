#!/usr/bin/env python3
"""crash-fp-tokens.py: would a learned token model beside the rules move
the crash / false-positive line on logs the rules were not written from?

An experiment, not part of dltriage: it classifies the validation pool
(every corpus/validation/vNN set but v11) with DLTRIAGE, splits each set
by time as tests/accuracy-unseen.py does, trains a Bernoulli naive Bayes
on the earlier halves' rows that the rules filed as crash or
false-positive (features: the words of the log's last 4 KiB, the
exception types, and the rule, kind and class that decided), and lets it
overrule the rules on the later halves where its probability reaches
--threshold.  It prints the later halves' accuracy on those rows, rules
alone and rules with the model, at the threshold and a few others (the
others for the record only: choosing among them would be tuning on the
later halves).

    python3 tools/crash-fp-tokens.py --dltriage src/dltriage

The result and the decision not to ship such a model are in
corpus/validation/README.md ("A learned token model").
"""
import argparse, collections, importlib.util, json, math, os, re, shutil, sys, tempfile

CL = ("crash", "false-positive")


def load_acc(root):
    path = os.path.join(root, "tests", "accuracy-unseen.py")
    spec = importlib.util.spec_from_file_location("acc", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def pool_rows(acc, pool, dltriage):
    rows, seen, cut = [], set(), dict(acc.CUT)
    for d in acc.pool_dirs(pool):
        part = acc.load(d, seen)
        acc.mark_cuts(part, cut, False)
        rows += part
    work = tempfile.mkdtemp()
    try:
        res = acc.classify(dltriage, rows, work)
    finally:
        shutil.rmtree(work)
    out = []
    for r, pred, prim in res:
        out.append({"half": acc.half_of(r, cut),
                    "want": r["class"], "got": pred, "log": r["log"],
                    "rule": (prim or {}).get("rule") or "-",
                    "kind": (prim or {}).get("kind") or "-"})
    return out


def features(r):
    f = set("w:" + t.lower() for t in
            re.findall(r"[A-Za-z_][A-Za-z0-9_]{2,}", r["log"][-4096:]))
    f.update("e:" + t for t in
             re.findall(r"\b(\w+(?:Error|Exception|Warning))\b", r["log"]))
    f.update(("r:" + r["rule"], "k:" + r["kind"], "g:" + r["got"]))
    return f


class BernoulliNB:
    def __init__(self, rows, present_only=False):
        self.present_only = present_only
        self.n = collections.Counter(r["want"] for r in rows)
        self.df = {c: collections.Counter() for c in CL}
        for r in rows:
            self.df[r["want"]].update(features(r))
        self.vocab = set().union(*self.df.values())
        # log P(absent | c) summed over the vocabulary, corrected per feature
        self.absent = {c: sum(math.log(1 - (self.df[c][t] + 1) / (self.n[c] + 2))
                              for t in self.vocab) for c in CL}

    def prob(self, r):
        f = features(r) & self.vocab
        s = {}
        for c in CL:
            p = lambda t: (self.df[c][t] + 1) / (self.n[c] + 2)
            s[c] = (math.log(self.n[c] / sum(self.n.values()))
                    + (0 if self.present_only else self.absent[c])
                    + sum(math.log(p(t)) - math.log(1 - p(t)) for t in f))
        z = max(s.values())
        e = {c: math.exp(s[c] - z) for c in CL}
        return {c: e[c] / sum(e.values()) for c in CL}


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dltriage", default="src/dltriage")
    ap.add_argument("--pool", default=os.path.join(here, "corpus", "validation"))
    ap.add_argument("--threshold", type=float, default=0.9)
    a = ap.parse_args()
    rows = pool_rows(load_acc(here), a.pool, a.dltriage)
    train = [r for r in rows if r["half"] == "earlier"
             and r["got"] in CL and r["want"] in CL]
    test = [r for r in rows if r["half"] == "later" and r["got"] in CL]
    nlater = sum(r["half"] == "later" for r in rows)
    if not train or not test:
        sys.exit("crash-fp-tokens: no rows to train or test on")
    base = sum(r["want"] == r["got"] for r in test)
    print("training rows (earlier halves, filed crash or false-positive): %d" % len(train))
    print("later-half rows filed crash or false-positive: %d of %d" % (len(test), nlater))
    print("rules alone: %d right (%.4f)" % (base, base / len(test)))
    for present_only in (False, True):
        print("naive Bayes, %s:" % ("present features only" if present_only
                                    else "Bernoulli (absent features too)"))
        report(a, test, BernoulliNB(train, present_only))


def report(a, test, nb):
    probs = [nb.prob(r) for r in test]
    for th in sorted({a.threshold, 0.5, 0.7, 0.8, 0.9, 0.95}):
        right = flips = fixed = broke = 0
        for r, p in zip(test, probs):
            best = max(p, key=p.get)
            got = best if p[best] >= th else r["got"]
            if got != r["got"]:
                flips += 1
                fixed += got == r["want"]
                broke += r["got"] == r["want"]
            right += got == r["want"]
        print("%s  threshold %.2f: %d right (%.4f), %d overruled: %d fixed, %d broken"
              % ("*" if th == a.threshold else " ", th, right, right / len(test),
                 flips, fixed, broke))


if __name__ == "__main__":
    main()
