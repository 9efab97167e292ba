#!/usr/bin/env bash
# What omniORB's interceptors cost, in one run: interceptors.bgml has one client that calls two identical
# servers, all three processes pinned to one CPU. In the order the client runs them:
#   NoInterceptors        black box against PlainServer: no interceptor installed in either process
#   InactiveInterceptors  black box against ProbedServer: its server interceptors are installed but see no
#                         probe context (the client's are not installed), as for any black-box metric that
#                         shares a connection with a white-box one
#   WhiteBox              the same calls with the client interceptors installed and armed: the segment table
# Prints each figure (mean, p50, p99 per round, medians over rounds), the ratios against NoInterceptors and the
# segment table of the last round, with the timestamp cost the result file carries.
#
#   benchmarks/orb-interceptors/run.sh [-n CALLS] [-w WARMUP] [-r ROUNDS] [-c CPU]
#
# Needs the bgml product (scripts/build.sh; or BGML_PRODUCT pointing at one), omniidl, libomniorb4-dev, cmake,
# g++, taskset and python3. BGML_GENERATED names a folder that already holds what `bgml generate
# benchmarks/orb-interceptors/interceptors.bgml --target omniorb` writes: then no product is needed.
# Work files go to $BGML_BENCH_DIR (default /tmp/bgml-orb-interceptors).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
calls=100000 warmup=1000 rounds=3 cpu=0
while getopts "n:w:r:c:h" opt; do
  case $opt in
    n) calls=$OPTARG ;; w) warmup=$OPTARG ;; r) rounds=$OPTARG ;; c) cpu=$OPTARG ;;
    *) sed -n '2,19p' "$0"; exit 2 ;;
  esac
done
work="${BGML_BENCH_DIR:-/tmp/bgml-orb-interceptors}"
rm -rf "$work" && mkdir -p "$work/run"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; pids=(); }
trap cleanup EXIT

if [ -n "${BGML_GENERATED:-}" ]; then
  echo "== copying the generated interceptors.bgml from $BGML_GENERATED"
  cp -r "$BGML_GENERATED" "$work/generated"
else
  echo "== generating interceptors.bgml for omniorb with bin/bgml"
  "$root/bin/bgml" generate "$here/interceptors.bgml" --target omniorb --out "$work/generated"
fi
echo "== building it"
( cd "$work/generated" && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release > "$work/cmake.log" \
  && cmake --build build --parallel 2 >> "$work/cmake.log" ) || { tail -30 "$work/cmake.log"; exit 1; }

await() { # file, pid: wait until the file is there (10 s at most)
  for _ in $(seq 1000); do [ -s "$1" ] && return 0; kill -0 "$2" 2>/dev/null || break; sleep 0.01; done
  echo "ERROR: no $1" >&2; return 1
}

run_once() { # round number; leaves results/ClientProcess.json and results/ProbedServerProcess.json in run-<r>
  local bin="$work/generated/build" dir="$work/run-$1"
  mkdir -p "$dir/results"
  for s in PlainServer ProbedServer; do
    (cd "$dir" && exec "$bin/${s}Process" -c "$cpu") > "$dir/$s.log" 2>&1 & pids+=($!)
    await "$dir/${s}_rt.ior" $!
  done
  (cd "$dir" && exec "$bin/ClientProcess" -c "$cpu" -n "$calls" -w "$warmup") > "$dir/client.log" 2>&1 \
    || { cat "$dir/client.log"; exit 1; }
  cleanup
}

echo "== $rounds rounds of $calls calls per loop after $warmup warm-up calls, every process pinned to CPU $cpu"
for r in $(seq "$rounds"); do
  run_once "$r"
done

python3 - "$work" "$rounds" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
names = ["NoInterceptors", "InactiveInterceptors", "WhiteBox"]
rows = []
for r in range(1, rounds + 1):
    d = json.load(open("%s/run-%d/results/ClientProcess.json" % (work, r)))
    ms = d["measurements"]
    def whole(metric):
        return next(m for m in ms if m["metric"] == metric and m["segment"] is None)
    row = [whole(n) for n in names]
    rows.append((row, ms, d["probeCost"]))
    print("round %d: " % r + " | ".join("%s mean %.0f p50 %d p99 %d" % (n, m["mean"], m["p50"], m["p99"])
                                         for n, m in zip(names, row)))
print()
print("%-22s %10s %10s %10s %14s %14s" % ("median of the rounds", "mean ns", "p50 ns", "p99 ns", "mean / none", "p50 / none"))
for i, n in enumerate(names):
    mean = statistics.median(r[0][i]["mean"] for r in rows)
    p50 = statistics.median(r[0][i]["p50"] for r in rows)
    p99 = statistics.median(r[0][i]["p99"] for r in rows)
    rm = statistics.median(r[0][i]["mean"] / r[0][0]["mean"] for r in rows)
    rp = statistics.median(r[0][i]["p50"] / r[0][0]["p50"] for r in rows)
    print("%-22s %10.0f %10.0f %10.0f %14.4f %14.4f" % (n, mean, p50, p99, rm, rp))
row, ms, cost = rows[-1]
print()
print("segment table of round %d (WhiteBox, means in ns):" % rounds)
total = 0.0
for m in ms:
    if m["metric"] == "WhiteBox" and m["segment"] is not None:
        total += m["mean"]
        print("  %-36s %10.0f" % (m["segment"], m["mean"]))
cycle = row[2]
print("  %-36s %10.0f   (sum of segments %.0f, relative difference %.2e)" % ("cycle", cycle["mean"], total,
      abs(total - cycle["mean"]) / cycle["mean"]))
print("timestamp cost (probeCost, median of a back-to-back pair): %d ns; the white-box cycle takes 7 stamps" % cost["medianNs"])
PY
