#!/usr/bin/env python3
"""Check a bgml result file: strict JSON, the schema, and the figures'
internal consistency.

usage: check_results.py RESULT.json SCHEMA.json [--fixture]

--fixture also checks the particular content test_results writes.
Validation against the JSON Schema uses the jsonschema module when it is
installed; without it the required keys are checked by hand.
"""

import json
import os
import sys

errors = []


def fail(message):
    errors.append(message)


def reject_constant(name):
    raise ValueError("non-standard JSON constant %s" % name)


def load_strict(path):
    with open(path, encoding="utf-8", errors="strict") as f:
        return json.load(f, parse_constant=reject_constant)


def check_required(obj, schema, where):
    for key in schema.get("required", []):
        if key not in obj:
            fail("%s: missing key %r" % (where, key))
    if schema.get("additionalProperties") is False:
        for key in obj:
            if key not in schema.get("properties", {}):
                fail("%s: unexpected key %r" % (where, key))


def validate_schema(doc, schema):
    try:
        import jsonschema
    except ImportError:
        print("jsonschema not installed: checking required keys only")
        check_required(doc, schema, "result")
        for i, m in enumerate(doc.get("measurements", [])):
            check_required(m, schema["$defs"]["measurement"], "measurements[%d]" % i)
        return
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for error in validator.iter_errors(doc):
        fail("schema: %s at %s" % (error.message, "/".join(str(p) for p in error.absolute_path)))
    print("validated against the JSON Schema (draft 2020-12)")


def close(a, b, rel=1e-9):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-300)


def check_measurement(i, m):
    where = "measurements[%d] (%s %s)" % (i, m.get("kind"), m.get("segment"))
    n = m["n"]
    stats = ["mean", "stddev", "min", "max", "p50", "p90", "p99", "p999"]
    if n == 0:
        for key in stats:
            if m[key] is not None:
                fail("%s: n == 0 but %s is %r" % (where, key, m[key]))
        if m["histogram"]:
            fail("%s: n == 0 but histogram is not empty" % where)
    else:
        order = [m["min"], m["p50"], m["p90"], m["p99"], m["p999"], m["max"]]
        if order != sorted(order):
            fail("%s: min <= p50 <= p90 <= p99 <= p999 <= max does not hold: %r" % (where, order))
        if not (m["min"] <= m["mean"] <= m["max"]):
            fail("%s: mean outside [min, max]" % where)
        total = sum(b["count"] for b in m["histogram"])
        if total != n:
            fail("%s: histogram counts add up to %d, n is %d" % (where, total, n))
        previous_upper = -1
        for b in m["histogram"]:
            if not (b["lower"] < b["upper"]) or b["lower"] < previous_upper:
                fail("%s: bad or overlapping bucket %r" % (where, b))
            previous_upper = b["upper"]
        if m["histogram"]:
            if not (m["histogram"][0]["lower"] <= m["min"] and m["max"] < m["histogram"][-1]["upper"]):
                fail("%s: histogram does not cover [min, max]" % where)
    if m["calls"] is not None and m["wallNs"]:
        expected = m["calls"] * 1e9 / m["wallNs"]
        if m["throughput"] is None or not close(m["throughput"], expected):
            fail("%s: throughput %r, expected %r" % (where, m["throughput"], expected))
        if m["payloadBytes"] is not None:
            if m["bytesPerSecond"] is None or not close(m["bytesPerSecond"], expected * m["payloadBytes"]):
                fail("%s: bytesPerSecond %r inconsistent" % (where, m["bytesPerSecond"]))
    begin, end = m.get("windowBeginNs"), m.get("windowEndNs")
    if (begin is None) != (end is None):
        fail("%s: windowBeginNs and windowEndNs must both be set or both null" % where)
    elif begin is not None and begin > end:
        fail("%s: the window ends before it begins" % where)
    if m["rawSamples"] is not None:
        if not os.path.isfile(m["rawSamples"]):
            fail("%s: raw samples file %s missing" % (where, m["rawSamples"]))
        else:
            with open(m["rawSamples"]) as f:
                values = [int(line) for line in f]
            if len(values) != n or (values and (min(values) != m["min"] or max(values) != m["max"])):
                fail("%s: raw samples do not match n/min/max" % where)


def check_consistency(doc):
    f = doc["footprint"]
    if f is not None:
        if f["staticBytes"] != sum(b["bytes"] for b in f["binaries"]):
            fail("footprint: staticBytes is not the sum of binaries")
    for i, m in enumerate(doc["measurements"]):
        check_measurement(i, m)


def check_fixture(doc):
    """What test_results.cpp put in."""
    if doc["process"] != 'Deployment::client "one"\n':
        fail("process string did not survive escaping: %r" % doc["process"])
    if doc["labels"].get("svcConf", "")[-2:] != "\t\u00b5":
        fail("label with tab and UTF-8 did not survive: %r" % doc["labels"].get("svcConf"))
    if doc["labels"].get("orb") != "omniORB 4.2.5" or len(doc["labels"]) != 2:
        fail("labels %r" % doc["labels"])
    if doc["target"] != "omniorb":
        fail("target")
    if not doc["cpuAffinity"] or doc["cpuObserved"] is None:
        fail("CPU placement not recorded")
    if doc["cpuObserved"] is not None and doc["cpuObserved"] not in doc["cpuAffinity"]:
        fail("cpuObserved %r not in cpuAffinity %r" % (doc["cpuObserved"], doc["cpuAffinity"]))
    cost = doc["probeCost"]
    if cost["pairs"] <= 0 or cost["minNs"] > cost["medianNs"] or cost["meanNs"] < cost["minNs"]:
        fail("probe cost %r" % doc["probeCost"])
    f = doc["footprint"]
    if f is None or f["vmHwmKiB"] is None or f["vmHwmKiB"] <= 0 or f["staticBytes"] <= 0:
        fail("footprint %r" % f)
    if doc.get("startLine") != {"releasedNs": 1700000000123456789, "waitedNs": 2500000}:
        fail("startLine %r" % doc.get("startLine"))
    ms = doc["measurements"]
    kinds = [m["kind"] for m in ms]
    expected = ["latency", "throughput", "latency", "missedDeadlines",
                "functionalPath", "functionalPath", "functionalPath", "footprint", "contextSwitch"]
    if kinds != expected:
        fail("kinds %r, expected %r" % (kinds, expected))
        return
    lat = ms[0]
    if lat["n"] != 500 or lat["warmup"] != 50 or lat["dropped"] != 0 or lat["rawSamples"] is None:
        fail("latency measurement %r" % {k: lat[k] for k in ("n", "warmup", "dropped", "rawSamples")})
    if lat["operation"] != "Test::RoundTrip::test_method" or lat["element"] != "RoundTrip::client_server":
        fail("latency element paths")
    if lat["windowBeginNs"] is None or lat["windowEndNs"] - lat["windowBeginNs"] != lat["wallNs"]:
        fail("latency window %r..%r does not span wallNs %r" % (lat["windowBeginNs"], lat["windowEndNs"], lat["wallNs"]))
    if any(m["windowBeginNs"] is not None for m in ms[1:]):
        fail("a window on a measurement that was given none")
    tput = ms[1]
    if tput["n"] != 0 or tput["mean"] is not None or not close(tput["throughput"], 100000.0) \
            or not close(tput["bytesPerSecond"], 102400000.0):
        fail("throughput-only measurement %r" % tput)
    threaded = ms[2]
    if threaded["threads"] != 2 or threaded["n"] != 200 or threaded["min"] != 10000 or threaded["max"] != 10199:
        fail("merged per-thread measurement")
    if threaded["threadSamples"] != [100, 100] or lat["threadSamples"] is not None:
        fail("per-thread sample counts %r, %r" % (threaded["threadSamples"], lat["threadSamples"]))
    deadlines = ms[3]
    if deadlines["missedDeadlines"] is None or deadlines["missedDeadlines"] < 1 \
            or not close(deadlines["rateHz"], 1000.0):
        fail("missed deadlines %r" % deadlines["missedDeadlines"])
    marshal, send, cycle = ms[4], ms[5], ms[6]
    if (marshal["segment"], send["segment"], cycle["segment"]) != ("marshal", "send", None):
        fail("segment names")
    if cycle["segmentSumError"] is None or cycle["segmentSumError"] > 1e-9:
        fail("segmentSumError %r" % cycle["segmentSumError"])
    if not close(marshal["mean"] + send["mean"], cycle["mean"], 1e-9):
        fail("segment means do not add up to the cycle mean")
    fp = ms[7]
    if fp["staticFootprintBytes"] != f["staticBytes"] or not fp["peakResidentKiB"]:
        fail("footprint measurement")
    if ms[8]["value"] != 2.5 or ms[8]["unit"] != "count":
        fail("single-value measurement")


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    try:
        doc = load_strict(argv[1])
        schema = load_strict(argv[2])
    except (OSError, ValueError) as e:
        print("ERROR: %s" % e)
        return 1
    validate_schema(doc, schema)
    if not errors:
        check_consistency(doc)
    if not errors and "--fixture" in argv[3:]:
        check_fixture(doc)
    for e in errors:
        print("ERROR: %s" % e)
    if errors:
        return 1
    print("%s: %d measurements, all checks passed" % (argv[1], len(doc["measurements"])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
