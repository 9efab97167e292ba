#!/usr/bin/env bash
# The generated omniORB round trip (examples/roundtrip.bgml, TAO-TAO pair) against a hand-written minimal
# omniORB client and server (handwritten/) and against raw TCP ping-pong (tcp/), all three with client and
# server pinned to the same CPU and the same number of calls. Prints mean/p50/p99 of each, the ratio of the
# means generated/hand-written (goal <= 1.02) and the probe cost as a share of the generated mean (goal <= 0.2%).
#
#   benchmarks/omniorb-roundtrip/run.sh [-n CALLS] [-w WARMUP] [-r ROUNDS] [-c CPU] [-f PRIORITY]
#
# -f runs client and server in the SCHED_FIFO class at that priority (chrt; needs root), as CCMPerf ran
# in the real-time class: on a shared machine it keeps other work from preempting the measured processes.
#
# Needs the bgml product (scripts/build.sh; or BGML_PRODUCT pointing at one), omniidl, libomniorb4-dev,
# cmake, g++, gcc, taskset and python3. Work files go to $BGML_BENCH_DIR (default /tmp/bgml-omniorb-roundtrip).
# BGML_GENERATED names a folder that already holds what `bgml generate examples/roundtrip.bgml --target omniorb`
# writes (for example the omniorb golden files plus runtime/include/bgml/): then no product is needed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
calls=250000 warmup=1000 rounds=3 cpu=0 fifo=""
while getopts "n:w:r:c:f:h" opt; do
  case $opt in
    n) calls=$OPTARG ;; w) warmup=$OPTARG ;; r) rounds=$OPTARG ;; c) cpu=$OPTARG ;; f) fifo=$OPTARG ;;
    *) sed -n '2,18p' "$0"; exit 2 ;;
  esac
done
work="${BGML_BENCH_DIR:-/tmp/bgml-omniorb-roundtrip}"
rm -rf "$work" && mkdir -p "$work"/{hand,tcp,run}
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; pids=(); }
trap cleanup EXIT
orbargs=(-ORBendPoint giop:tcp:127.0.0.1:)
pin=(taskset -c "$cpu")
[ -n "$fifo" ] && pin=(chrt -f "$fifo" taskset -c "$cpu")

echo "== building the hand-written omniORB client and server, and the raw TCP ping-pong"
( cd "$work/hand" && omniidl -bcxx -Wbh=.hh -Wbs=SK.cc "$here/handwritten/RoundTrip.idl" \
  && for p in server client; do
       g++ -std=c++17 -O2 -Wall -Werror -I. -o $p "$here/handwritten/$p.cpp" RoundTripSK.cc $(pkg-config --cflags --libs omniORB4) -pthread
     done )
gcc -std=c11 -O2 -Wall -Werror -o "$work/tcp/pingpong" "$here/tcp/pingpong.c"

if [ -n "${BGML_GENERATED:-}" ]; then
  echo "== copying the generated examples/roundtrip.bgml for omniorb from $BGML_GENERATED, and building it"
  cp -r "$BGML_GENERATED" "$work/generated"
else
  echo "== generating examples/roundtrip.bgml for omniorb with bin/bgml, and building it"
  "$root/bin/bgml" generate "$root/examples/roundtrip.bgml" --target omniorb --out "$work/generated"
fi
( cd "$work/generated" && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release > "$work/cmake.log" \
  && cmake --build build --parallel 2 --target TaoTaoServerProcess TaoTaoClientProcess >> "$work/cmake.log" ) \
  || { tail -30 "$work/cmake.log"; exit 1; }

await() { # file, pid: wait until the file is there (10 s at most)
  for _ in $(seq 1000); do [ -s "$1" ] && return 0; kill -0 "$2" 2>/dev/null || break; sleep 0.01; done
  echo "ERROR: no $1" >&2; return 1
}

run_tcp() {
  rm -f "$work/run/port"
  "${pin[@]}" "$work/tcp/pingpong" server "$work/run/port" & pids+=($!)
  await "$work/run/port" $!
  "${pin[@]}" "$work/tcp/pingpong" client "$work/run/port" "$calls" "$warmup"
  cleanup
}

run_hand() {
  rm -f "$work/run/hand.ior"
  "${pin[@]}" "$work/hand/server" "$work/run/hand.ior" "${orbargs[@]}" & pids+=($!)
  await "$work/run/hand.ior" $!
  "${pin[@]}" "$work/hand/client" "$work/run/hand.ior" "$calls" "$warmup" "${orbargs[@]}"
  cleanup
}

run_generated() { # prints "mean p50 p99 probe-cost-median"
  local bin="$work/generated/build" dir="$work/run"
  rm -rf "$dir/TaoTaoServer_rt.ior" "$dir/results" && mkdir "$dir/results"
  (cd "$dir" && exec "${pin[@]}" "$bin/TaoTaoServerProcess" -c "$cpu") > "$dir/server.log" 2>&1 & pids+=($!)
  await "$dir/TaoTaoServer_rt.ior" $!
  (cd "$dir" && exec "${pin[@]}" "$bin/TaoTaoClientProcess" -c "$cpu" -n "$calls" -w "$warmup") > "$dir/client.log" 2>&1
  cleanup
  python3 - "$work/run/results/TaoTaoClientProcess.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
m = next(x for x in d["measurements"] if x["metric"] == "TaoTaoLatency")
print("%.1f %d %d %d" % (m["mean"], m["p50"], m["p99"], d["probeCost"]["medianNs"]))
EOF
}

echo "== $rounds rounds of $calls calls after $warmup warm-up calls, client and server pinned to CPU $cpu${fifo:+, SCHED_FIFO $fifo}"
: > "$work/figures"
for r in $(seq "$rounds"); do
  # Alternate the order of the two omniORB programs (ABBA), so that drift favours neither.
  t=$(run_tcp)
  if [ $((r % 2)) -eq 1 ]; then h=$(run_hand); g=$(run_generated); else g=$(run_generated); h=$(run_hand); fi
  echo "round $r: raw TCP $t | hand-written $h | generated $g"
  echo "$t | $h | $g" >> "$work/figures"
done

python3 - "$work/figures" <<'EOF'
import statistics, sys
rows = [[[float(x) for x in part.split()] for part in line.split("|")] for line in open(sys.argv[1]) if line.strip()]
def med(i, j): return statistics.median(r[i][j] for r in rows)
print()
print("%-28s %10s %10s %10s" % ("median of the rounds", "mean ns", "p50 ns", "p99 ns"))
for i, name in enumerate(["raw TCP ping-pong (72/32 B)", "hand-written omniORB", "generated omniORB (bgml)"]):
    print("%-28s %10.1f %10.0f %10.0f" % (name, med(i, 0), med(i, 1), med(i, 2)))
ratios = [r[2][0] / r[1][0] for r in rows]
probe = [r[2][3] / r[2][0] * 100 for r in rows]
print()
print("ratio of means generated/hand-written: %.4f (rounds: %s; goal <= 1.02)" % (statistics.median(ratios), ", ".join("%.4f" % x for x in ratios)))
medians = [r[2][1] / r[1][1] for r in rows]
print("ratio of medians generated/hand-written: %.4f (rounds: %s)" % (statistics.median(medians), ", ".join("%.4f" % x for x in medians)))
print("ratio of means hand-written/raw TCP:   %.4f" % statistics.median(r[1][0] / r[0][0] for r in rows))
print("probe cost: %d ns per timestamp pair = %.3f%% of the generated mean (goal <= 0.2%%)" % (med(2, 3), statistics.median(probe)))
EOF
