#!/usr/bin/env python3
"""Lists every skipped Java test of the last build with its reason, and fails on a skip that allowed.txt does not allow.

Reads the Surefire XML reports under the repository (TEST-*.xml in target/surefire-reports). A skip is allowed when a
line of allowed.txt matches its 'class#method' and that line's condition holds on this machine (see allowed.txt).
Exit 0: no unexpected skip; 1: at least one unexpected skip; 2: no report found (the tests did not run).
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def rules():
    out = []
    with open(os.path.join(HERE, "allowed.txt"), encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.split(" #", 1)[0].strip() if not line.startswith("#") else ""
            if not line:
                continue
            parts = line.split()
            if len(parts) != 2:
                sys.exit(f"allowed.txt:{number}: want 'PATTERN CONDITION', got: {line}")
            out.append((re.compile(parts[0]), parts[1], number))
    return out


def holds(condition):
    """'always', or 'unset:A,B' (true when any of the variables A, B is unset or empty)."""
    if condition == "always":
        return True
    if condition.startswith("unset:"):
        return any(not os.environ.get(v) for v in condition[len("unset:"):].split(","))
    sys.exit(f"allowed.txt: unknown condition '{condition}' (use 'always' or 'unset:VAR[,VAR...]')")


def skipped_tests():
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in (".git", "node_modules", ".tools")]
        if not folder.endswith(os.path.join("target", "surefire-reports")):
            continue
        for name in sorted(files):
            if not (name.startswith("TEST-") and name.endswith(".xml")):
                continue
            path = os.path.join(folder, name)
            for case in ET.parse(path).getroot().iter("testcase"):
                skipped = case.find("skipped")
                if skipped is not None:
                    reason = (skipped.get("message") or skipped.text or "no reason given").strip().splitlines()
                    yield f"{case.get('classname')}#{case.get('name')}", reason[0] if reason else "no reason given"
            yield None, path


def main():
    allowed = rules()
    reports = 0
    unexpected = []
    listed = []
    for test, reason in skipped_tests():
        if test is None:
            reports += 1
            continue
        ok = any(p.search(test) and holds(c) for p, c, _ in allowed)
        listed.append((test, reason, ok))
        if not ok:
            unexpected.append(test)
    if reports == 0:
        print("skips: no Surefire report found under " + ROOT + ": the Java tests did not run")
        return 2
    for test, reason, ok in listed:
        print(f"skips: {'allowed   ' if ok else 'UNEXPECTED'} {test}: {reason}")
    print(f"skips: {len(listed)} skipped in {reports} test classes, {len(unexpected)} unexpected")
    if unexpected:
        print("skips: a test skipped that must run on this machine; fix the cause, or, if the skip is legitimate, "
              "add it with its condition to tests/skips/allowed.txt")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
