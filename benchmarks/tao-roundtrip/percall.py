#!/usr/bin/env python3
"""Instructions per call from pairs of callgrind runs (used by instructions.sh here and in omniorb-roundtrip).

FOLDER holds, for SIDE in theirs and ours, PROGRAM in client and server and TAG in small and big, the callgrind
files SIDE-PROGRAM-TAG and the call counts SIDE-calls-TAG. The cost of one call is the difference of the big and
the small run over the difference of their calls, so start-up and shut-down cancel. Printed per program: the
whole process, and for the client the stub call (inclusive), the statistics after the loop and the rest; then the
functions whose exclusive cost per call differs most.
"""
import argparse
import collections
import os
import re
import subprocess

parser = argparse.ArgumentParser()
parser.add_argument("folder")
parser.add_argument("--top", type=int, default=25)
parser.add_argument("--theirs", default="TAO's test", help="the column name of the yardstick")
parser.add_argument("--fold", action="append", default=[], help="OLD=NEW: a name part that differs only by name")
parser.add_argument("--stub", required=True, help="the client stub's function (regular expression)")
parser.add_argument("--stats-theirs", required=True, help="the yardstick's statistics after the loop (regex)")
parser.add_argument("--stats-theirs-exclusive", action="store_true",
                    help="sum the exclusive costs of --stats-theirs (for recursive functions such as std::sort's)")
parser.add_argument("--stats-ours", required=True, help="the generated client's statistics after the loop (regex)")
args = parser.parse_args()
folds = [f.split("=", 1) for f in args.fold]


def functions(path, inclusive):
    out = subprocess.run(["callgrind_annotate", "--auto=no", "--threshold=100", "--inclusive=" + inclusive, path],
                         capture_output=True, text=True, check=True).stdout
    costs = collections.Counter()
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?([^=\s][^:]*):(.*?)(?: \[[^\]]*\])?$", line)
        if m and not m.group(3).startswith(" "):
            name = m.group(3)
            for old, new in folds:
                name = name.replace(old, new)
            costs[name] += int(m.group(1).replace(",", ""))
    return costs


def per_call(side, program):
    calls = [int(open(os.path.join(args.folder, "%s-calls-%s" % (side, t))).read()) for t in ("small", "big")]
    n = calls[1] - calls[0]
    runs = [os.path.join(args.folder, "%s-%s-%s" % (side, program, t)) for t in ("small", "big")]
    excl = [functions(r, "no") for r in runs]
    incl = [functions(r, "yes") for r in runs]
    total = (sum(excl[1].values()) - sum(excl[0].values())) / n

    def inc(pattern, exclusive=False):
        costs = excl if exclusive else incl
        return sum(costs[1][k] - costs[0].get(k, 0) for k in costs[1] if re.search(pattern, k)) / n

    each = {k: (excl[1].get(k, 0) - excl[0].get(k, 0)) / n for k in set(excl[0]) | set(excl[1])}
    return total, inc, each


row = "%-58s %12.0f %12.0f"
for program in ("client", "server"):
    t_total, t_inc, t_each = per_call("theirs", program)
    o_total, o_inc, o_each = per_call("ours", program)
    print()
    print("%-58s %12s %12s %8s" % ("%s, user-space instructions per call" % program, args.theirs, "generated", "ratio"))
    print((row + " %8.4f") % ("whole process", t_total, o_total, o_total / t_total))
    if program == "client":
        t_stub, o_stub = t_inc(args.stub), o_inc(args.stub)
        t_stats, o_stats = t_inc(args.stats_theirs, args.stats_theirs_exclusive), o_inc(args.stats_ours)
        print((row + " %8.4f") % ("  the stub call, test_method (inclusive)", t_stub, o_stub, o_stub / t_stub))
        print(row % ("  statistics after the loop", t_stats, o_stats))
        print(row % ("  the rest (the loop: clock reads, sample store)", t_total - t_stub - t_stats,
                     o_total - o_stub - o_stats))
        print((row + " %8.4f") % ("whole process without the statistics", t_total - t_stats, o_total - o_stats,
                                  (o_total - o_stats) / (t_total - t_stats)))
    diffs = sorted(((o_each.get(k, 0) - t_each.get(k, 0), k) for k in set(t_each) | set(o_each)),
                   key=lambda r: -abs(r[0]))
    print("  functions differing most (exclusive instructions per call: generated - %s):" % args.theirs)
    for d, k in diffs[:args.top]:
        if abs(d) >= 0.5:
            print("  %9.1f  %s" % (d, k[:110]))
