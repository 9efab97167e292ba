#!/usr/bin/env python3
"""Per-call figures of ciao.sh's runs.

  ciao_percall.py counts FOLDER SMALL CALLS   callgrind, perf and strace counts per call, from the runs with SMALL and CALLS calls
  ciao_percall.py times WORK ROUNDS BENCH...  p50 latency per pair and round, and the median over the rounds

A run's folder holds lm.args (one line per locality manager: its process id, then its arguments), lm.PID.KIND per
locality manager with lm.PID.component (the executor libraries it loaded), proc.NAME.KIND per CORBA 2.x process (KIND:
callgrind, perf or strace), and the result files. Every figure is per call of a pair (TaoTao, CiaoTao, TaoCiao,
CiaoCiao, as the metrics' names say); a locality manager that hosts components of two pairs is left out.
"""
import glob
import json
import os
import re
import statistics
import sys

SYSCALLS = ["futex", "read", "readv", "write", "writev", "select", "pselect6", "poll", "recvfrom", "sendmsg"]


def perf_counts(path):
    counts = {}
    for line in open(path):
        parts = line.strip().split(",")
        if len(parts) > 3 and parts[0] and parts[0][0].isdigit():
            counts[parts[2].split(":")[0]] = float(parts[0])
    return counts


READERS = {}


def callgrind_counts(path):
    for line in open(path):
        if line.startswith("summary:") or line.startswith("totals:"):
            return {"instructions": int(line.split()[1])}
    return {}


def strace_counts(path):
    counts = {}
    for line in open(path):
        parts = line.split()
        # % time, seconds, usecs/call, calls, [errors], syscall
        if len(parts) >= 5 and re.match(r"^[\d.]+$", parts[0]) and parts[-1] != "total":
            counts[parts[-1]] = int(parts[3])
    return counts


STEMS = ["TaoTao", "CiaoTao", "TaoCiao", "CiaoCiao"]


def stem_of(name):
    """The pair a process or component belongs to: TaoTaoClientProcess, CiaoCiaoServer, TaoTaoProcess -> the pair."""
    for stem in sorted(STEMS, key=len, reverse=True):
        if re.match(stem + r"([A-Z_]|$)", name):
            return stem
    return None


def processes(folder, kind):
    """Row name -> (pair, counts): every locality manager (named by its components) and every CORBA 2.x process."""
    out = {}
    for f in glob.glob(os.path.join(folder, "lm.*.component")):
        pid = os.path.basename(f).split(".")[1]
        components = sorted(set(re.findall(r"lib[A-Za-z]+_([A-Za-z]+)_exec", open(f).read())))
        pairs = set(stem_of(c) for c in components)
        path = os.path.join(folder, "lm.%s.%s" % (pid, kind))
        if components and len(pairs) == 1 and os.path.exists(path):
            out["LM " + "+".join(components)] = (pairs.pop(), READERS[kind](path))
    for path in glob.glob(os.path.join(folder, "proc.*." + kind)):
        name = os.path.basename(path).split(".")[1]
        if stem_of(name):
            out[name] = (stem_of(name), READERS[kind](path))
    return out


def calls_made(folder):
    """Calls made per pair in a run, warm-up included, from the result files: a component's metrics share one loop,
    a CORBA 2.x process runs one loop per metric."""
    out = {}
    for f in glob.glob(os.path.join(folder, "*.json")):
        d = json.load(open(f))
        shared = "component" in d.get("labels", {})
        for m in d.get("measurements", []):
            metric = m.get("metric", "").split("/")[-1].split("::")[-1]
            stem = stem_of(metric)
            if stem is None or "n" not in m:
                continue
            calls = m.get("warmup", 0) + m["n"]
            out[stem] = max(out.get(stem, 0), calls) if shared else out.get(stem, 0) + calls
    return out


def counts(folder, small, calls):
    print("per call, (CALLS run - SMALL run) / (difference of the calls made), warm-up included, %s" % folder)
    for kind, keys in (("callgrind", ["instructions"]), ("perf", ["context-switches", "task-clock"]), ("strace", SYSCALLS)):
        fa = os.path.join(folder, "%s-%s" % (kind, small))
        fb = os.path.join(folder, "%s-%s" % (kind, calls))
        if not os.path.isdir(fa) or not os.path.isdir(fb):
            continue
        a, b = processes(fa, kind), processes(fb, kind)
        na, nb = calls_made(fa), calls_made(fb)
        print("  %-36s %s" % ("process", " ".join("%12s" % k for k in keys)))
        for name in sorted(set(a) & set(b), key=lambda n: (STEMS.index(a[n][0]), n)):
            stem = a[name][0]
            per = nb.get(stem, 0) - na.get(stem, 0)
            if per <= 0:
                continue
            row = []
            for k in keys:
                d = (b[name][1].get(k, 0) - a[name][1].get(k, 0)) / per
                if k == "task-clock":
                    row.append("%10.2fus" % (d * 1000.0))  # perf prints milliseconds of CPU time
                else:
                    row.append("%12.0f" % d if k == "instructions" else "%12.2f" % d)
            print("  %-36s %s" % (name, " ".join(row)))


def p50s(folder):
    """Pair -> p50 of its latency metric (us) in one run."""
    out = {}
    for f in glob.glob(os.path.join(folder, "*.json")):
        for m in json.load(open(f)).get("measurements", []):
            stem = stem_of(m.get("metric", "").split("/")[-1].split("::")[-1])
            if stem and m.get("kind") == "latency" and m.get("p50") is not None:
                out[stem] = m["p50"] / 1000.0
    return out


def times(work, rounds, benches):
    names = [os.path.basename(b.rstrip("/")) for b in benches]
    print("p50 latency (us) per round; median over the rounds")
    for n in names:
        table = {p: [] for p in STEMS}
        for r in range(1, int(rounds) + 1):
            got = p50s(os.path.join(work, n, "times-%d" % r))
            for p in STEMS:
                if p in got:
                    table[p].append(got[p])
        med = {p: statistics.median(v) for p, v in table.items() if v}
        print("  %s" % n)
        for p in STEMS:
            if p in med:
                print("    %-10s %s   median %.2f" % (p, " ".join("%7.2f" % x for x in table[p]), med[p]))
        for p in STEMS[1:]:
            if p in med and "TaoTao" in med:
                print("    %s / TaoTao %.3f" % (p, med[p] / med["TaoTao"]))


READERS.update({"perf": perf_counts, "strace": strace_counts, "callgrind": callgrind_counts})

if __name__ == "__main__":
    if len(sys.argv) >= 5 and sys.argv[1] == "counts":
        counts(sys.argv[2], sys.argv[3], sys.argv[4])
    elif len(sys.argv) >= 5 and sys.argv[1] == "times":
        times(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        sys.exit(__doc__)
