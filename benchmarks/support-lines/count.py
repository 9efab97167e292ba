#!/usr/bin/env python3
"""Lines of hand-written C++ support code per target at one or more git revisions.

Support code is what a target's generated benchmarks share whatever the model: the process setup, command line,
timed loops, pacing, sleeps, busy work and IOR files. It lives either as C++ files in the target bundle's cpp/
folder, or (in older layouts) as C++ inside an Xtend rich string, whose lines are counted here. The runtime
headers every target shares (runtime/cpp/include/bgml/loop.h and ior.h) are counted on a line of their own, and the
metric loop, the reporting and the shared process flags (metric_loop.h, report.h, process.h and their sources in
runtime/cpp/src) on another, and the bookkeeping of event chains and white-box probes (chain.h, path.h, probes.h)
on a third.
"""
import subprocess
import sys

# target -> path prefixes (files or folders) holding its support code; .xtend files count their rich strings.
SUPPORT = {
    "tao": ["generators/org.bgml.generator.tao/cpp/",
            "generators/org.bgml.generator.tao/src/org/bgml/generator/tao/SupportTemplate.xtend"],
    "ciao": ["generators/org.bgml.generator.ciao/cpp/",
             "generators/org.bgml.generator.ciao/src/org/bgml/generator/ciao/SupportHeader.xtend"],
    "omniorb": ["generators/org.bgml.generator.omniorb/cpp/"],
    "ace": ["generators/org.bgml.generator.ace/cpp/"],
    "fastdds": ["generators/org.bgml.generator.fastdds/cpp/"],
    "shared (runtime loop.h, ior.h)": ["runtime/cpp/include/bgml/loop.h", "runtime/cpp/include/bgml/ior.h"],
    "shared (runtime metric_loop.h, report.h, process.h, src/)": ["runtime/cpp/include/bgml/metric_loop.h",
                                                                  "runtime/cpp/include/bgml/report.h",
                                                                  "runtime/cpp/include/bgml/process.h",
                                                                  "runtime/cpp/src/"],
    "shared (runtime chain.h, path.h, probes.h)": ["runtime/cpp/include/bgml/chain.h",
                                                   "runtime/cpp/include/bgml/path.h",
                                                   "runtime/cpp/include/bgml/probes.h"],
}
CPP = (".h", ".cpp")


def git(*args):
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def files_at(rev, prefix):
    out = git("ls-tree", "-r", "--name-only", rev, "--", prefix)
    return [f for f in out.splitlines() if f == prefix or f.startswith(prefix)]


def rich_string_lines(text):
    """The lines inside multi-line ''' ... ''' strings of an Xtend file."""
    lines, inside = [], False
    for line in text.splitlines():
        quotes = line.count("'''")
        if inside:
            if quotes:
                inside = False
            else:
                lines.append(line)
        elif quotes % 2 == 1:
            inside = True
    return lines


def count(lines):
    code = 0
    for line in lines:
        s = line.strip()
        if s and not s.startswith(("//", "/*", "*")):
            code += 1
    return len(lines), code


def measure(rev):
    result = {}
    for target, prefixes in SUPPORT.items():
        total = [0, 0]
        for prefix in prefixes:
            for f in files_at(rev, prefix):
                text = git("show", f"{rev}:{f}")
                if f.endswith(".xtend"):
                    lines = rich_string_lines(text)
                elif f.endswith(CPP):
                    lines = text.splitlines()
                else:
                    continue
                n, c = count(lines)
                total[0] += n
                total[1] += c
        result[target] = tuple(total)
    return result


def main(revs):
    results = [(rev, measure(rev)) for rev in revs]
    header = f"{'target':60}" + "".join(f"{rev[:18]:>24}" for rev, _ in results)
    print("lines (all / code, without blank and comment lines) of hand-written C++ support code")
    print(header)
    sums = [[0, 0] for _ in results]
    for target in SUPPORT:
        row = f"{target:60}"
        for k, (_, r) in enumerate(results):
            n, c = r[target]
            sums[k][0] += n
            sums[k][1] += c
            row += f"{f'{n} / {c}':>24}"
        print(row)
    print(f"{'total':60}" + "".join(f"{f'{n} / {c}':>24}" for n, c in sums))


if __name__ == "__main__":
    main(sys.argv[1:] or ["HEAD"])
