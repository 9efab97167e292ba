#!/usr/bin/env bash
# The generated TAO round trip (examples/roundtrip.bgml, its TAO-TAO pair) against TAO's own latency test
# (TAO/performance-tests/Latency/Single_Threaded), both with that test's ORB settings (TAO's test with its svc.conf,
# the generated pair under the configuration taoLatencyTest that sets the same options: generated.sh), client and
# server pinned to one CPU and in the SCHED_FIFO class, the same number of calls, rounds alternating ABBA so that
# drift favours neither. instructions.sh counts the instructions per call of both, independent of the load.
# Prints min, p50 and mean of each program per round and the ratios generated/TAO's test of the medians over the
# rounds (goal for the mean: at most 1.02).
#
#   benchmarks/tao-roundtrip/run.sh [-n CALLS] [-r ROUNDS] [-c CPU] [-f PRIORITY]
#
# Needs a TAO build (ACE_ROOT, TAO_ROOT, LD_LIBRARY_PATH) in which TAO's own Single_Threaded latency test is built
# (its 'client' and 'server' beside its sources; this script does not build TAO or its tests), the bgml product
# (scripts/build.sh, or BGML_PRODUCT), taskset, chrt (root) and python3. TAO's test reports its minimum in whole
# microseconds and no percentile (its per-sample dump prints no values on 64-bit Linux: ACE's logger takes the 'l' of
# '%lu' for a line number); its mean comes from its throughput line. The generated client's figures are in ns.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
calls=250000 rounds=4 cpu=0 fifo=50
while getopts "n:r:c:f:h" opt; do
  case $opt in
    n) calls=$OPTARG ;; r) rounds=$OPTARG ;; c) cpu=$OPTARG ;; f) fifo=$OPTARG ;;
    *) sed -n '2,16p' "$0"; exit 2 ;;
  esac
done
if [ -z "${ACE_ROOT:-}" ] || [ -z "${TAO_ROOT:-}" ]; then
  echo "tao-roundtrip: skipped: ACE_ROOT and TAO_ROOT must point at a TAO build" >&2; exit 0
fi
theirs="$TAO_ROOT/performance-tests/Latency/Single_Threaded"
for f in client server svc.conf; do
  [ -e "$theirs/$f" ] || { echo "tao-roundtrip: $theirs/$f is missing: build TAO's Single_Threaded latency test in your TAO tree first" >&2; exit 1; }
done
work="${BGML_BENCH_DIR:-/tmp/bgml-tao-roundtrip}"
rm -rf "$work" && mkdir -p "$work/run/results"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; pids=(); }
trap cleanup EXIT
pin=(chrt -f "$fifo" taskset -c "$cpu")
# TAO's test sets its own class: the client the middle SCHED_FIFO priority, the server the next one above it, so
# that a request preempts the client at once and the client finds its reply without sleeping in read(). The
# generated server runs one above its client in the same way (-f is the client's priority).
pin_server=(chrt -f "$((fifo + 1))" taskset -c "$cpu")
endpoint=(-ORBEndpoint iiop://127.0.0.1 -ORBDottedDecimalAddresses 1)
svc=(-ORBSvcConf "$theirs/svc.conf" "${endpoint[@]}")

source "$here/generated.sh"
echo "== generating examples/roundtrip.bgml for tao (configuration taoLatencyTest) and building its TAO-TAO pair"
generate_latency_pair

await() { # file, pid
  for _ in $(seq 1000); do [ -s "$1" ] && return 0; kill -0 "$2" 2>/dev/null || break; sleep 0.01; done
  echo "ERROR: no $1" >&2; return 1
}

run_theirs() { # prints "min p50 mean" in ns (p50 unknown: 0)
  rm -f "$work/run/test.ior"
  "${pin[@]}" "$theirs/server" -o "$work/run/test.ior" "${svc[@]}" > "$work/run/their-server.log" 2>&1 & pids+=($!)
  await "$work/run/test.ior" $!
  "${pin[@]}" "$theirs/client" -k "file://$work/run/test.ior" -i "$calls" -x "${svc[@]}" > "$work/run/their-client.log" 2>&1
  cleanup
  python3 - "$work/run/their-client.log" <<'PY'
import re, statistics, sys
text = open(sys.argv[1]).read()
low = int(re.search(r"Total latency\s*:\s*(\d+)\[", text).group(1))
events = float(re.search(r"Total throughput:\s*([\d.]+)", text).group(1))
print("%d 0 %.1f" % (low * 1000, 1e9 / events))
PY
}

run_ours() { # prints "min p50 mean" in ns
  local bin="$work/generated/build" conf="$work/generated/config" dir="$work/run"
  rm -f "$dir/TaoTaoServer_rt.ior" "$dir/results/"*
  (cd "$dir" && exec "${pin_server[@]}" "$bin/TaoTaoServerProcess" -r results/server.json \
    -ORBSvcConf "$conf/TaoTaoServerProcess.svc.conf" "${endpoint[@]}") > "$dir/our-server.log" 2>&1 & pids+=($!)
  await "$dir/TaoTaoServer_rt.ior" $!
  (cd "$dir" && exec "${pin[@]}" "$bin/TaoTaoClientProcess" -r results/client.json -n "$calls" \
    -ORBSvcConf "$conf/TaoTaoClientProcess.svc.conf" "${endpoint[@]}") \
    > "$dir/our-client.log" 2>&1
  cleanup
  python3 - "$dir/results/client.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
m = next(x for x in d["measurements"] if x["metric"] == "TaoTaoLatency")
print("%d %d %.1f" % (m["min"], m["p50"], m["mean"]))
PY
}

echo "== $rounds rounds of $calls calls, client and server pinned to CPU $cpu, SCHED_FIFO $fifo, TAO's test's settings"
: > "$work/figures"
for r in $(seq "$rounds"); do
  if [ $((r % 2)) -eq 1 ]; then t=$(run_theirs); g=$(run_ours); else g=$(run_ours); t=$(run_theirs); fi
  echo "round $r: TAO's test (min p50 mean ns) $t | generated $g"
  echo "$t | $g" >> "$work/figures"
done
python3 - "$work/figures" <<'PY'
import statistics, sys
rows = [[[float(x) for x in part.split()] for part in line.split("|")] for line in open(sys.argv[1]) if line.strip()]
print()
print("%-34s %10s %10s %10s" % ("median of the rounds", "min ns", "p50 ns", "mean ns"))
for i, name in enumerate(["TAO's Single_Threaded latency test", "generated TAO (bgml)"]):
    print("%-34s %10.0f %10.0f %10.1f" % (name, *(statistics.median(r[i][j] for r in rows) for j in range(3))))
for j, what in [(0, "min (TAO's test in whole us)"), (2, "mean")]:
    ratios = [r[1][j] / r[0][j] for r in rows]
    print("ratio generated/TAO's test, %-30s %.4f (rounds: %s)" % (what + ":", statistics.median(ratios), ", ".join("%.3f" % x for x in ratios)))
PY
