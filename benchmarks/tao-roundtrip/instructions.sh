#!/usr/bin/env bash
# Instructions per call of the generated TAO round trip and of TAO's own latency test
# (TAO/performance-tests/Latency/Single_Threaded), counted by valgrind's callgrind: a count that does not depend
# on the machine's load, unlike the times of run.sh. Both run like-for-like: TAO's test with its svc.conf, the
# generated pair under the configuration taoLatencyTest, which sets the same options (generated.sh).
#
#   benchmarks/tao-roundtrip/instructions.sh [-n CALLS] [-s SMALL] [-t TOP]
#
# Each program runs twice under callgrind, with SMALL (default 2,000) and CALLS (default 20,000) timed calls;
# the difference of the two runs divided by the difference of the calls is the cost of one call, free of start-up
# and shut-down. The generated client makes its three metrics (latency, throughput, jitter), each with its
# warm-up; the calls are counted from its result file. Printed per call, client and server side: the whole
# process, the client's stub call (test_method, inclusive), the statistics computed after the loop, and the rest
# (the loop itself: clock reads and the sample store), then the TOP (default 25) functions whose exclusive cost
# per call differs most (the IDL's interface name, Roundtrip in TAO's test, RoundTrip in the model, is folded).
# Counts are user-space instructions: the kernel's share (the loopback TCP and the context switches) is not in them.
#
# Needs valgrind, a TAO build (ACE_ROOT, TAO_ROOT, LD_LIBRARY_PATH) with TAO's Single_Threaded test built, the
# bgml product (scripts/build.sh, or BGML_PRODUCT) and python3. Takes a few minutes. Work files go to
# $BGML_BENCH_DIR (default /tmp/bgml-tao-instructions).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
calls=20000 small=2000 top=25
while getopts "n:s:t:h" opt; do
  case $opt in
    n) calls=$OPTARG ;; s) small=$OPTARG ;; t) top=$OPTARG ;;
    *) sed -n '2,20p' "$0"; exit 2 ;;
  esac
done
[ "$calls" -gt "$small" ] || { echo "tao-roundtrip: -n must be larger than -s" >&2; exit 2; }
if [ -z "${ACE_ROOT:-}" ] || [ -z "${TAO_ROOT:-}" ]; then
  echo "tao-roundtrip: skipped: ACE_ROOT and TAO_ROOT must point at a TAO build" >&2; exit 0
fi
command -v valgrind > /dev/null || { echo "tao-roundtrip: valgrind is missing" >&2; exit 1; }
theirs="$TAO_ROOT/performance-tests/Latency/Single_Threaded"
for f in client server svc.conf; do
  [ -e "$theirs/$f" ] || { echo "tao-roundtrip: $theirs/$f is missing: build TAO's Single_Threaded latency test in your TAO tree first" >&2; exit 1; }
done
work="${BGML_BENCH_DIR:-/tmp/bgml-tao-instructions}"
rm -rf "$work" && mkdir -p "$work/run/results" "$work/callgrind"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; pids=(); }
trap cleanup EXIT
source "$here/generated.sh"
endpoint=(-ORBEndpoint iiop://127.0.0.1 -ORBDottedDecimalAddresses 1)
cg() { # output file, command...
  local out=$1; shift
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@"
}
await() { # file, pid
  for _ in $(seq 3000); do [ -s "$1" ] && return 0; kill -0 "$2" 2>/dev/null || break; sleep 0.01; done
  echo "ERROR: no $1" >&2; return 1
}

echo "== generating examples/roundtrip.bgml for tao (configuration taoLatencyTest) and building its TAO-TAO pair"
generate_latency_pair

# TAO's test: its client makes 100 warm-up calls, the timed calls and a shutdown call (which ends the server).
run_theirs() { # calls, tag
  rm -f "$work/run/test.ior"
  cg "$work/callgrind/theirs-server-$2" "$theirs/server" -o "$work/run/test.ior" -ORBSvcConf "$theirs/svc.conf" \
    "${endpoint[@]}" > "$work/run/theirs-server-$2.log" 2>&1 & pids+=($!)
  await "$work/run/test.ior" $!
  cg "$work/callgrind/theirs-client-$2" "$theirs/client" -k "file://$work/run/test.ior" -i "$1" \
    -ORBSvcConf "$theirs/svc.conf" "${endpoint[@]}" > "$work/run/theirs-client-$2.log" 2>&1
  wait "${pids[@]}"; pids=()
  echo $(( $1 + 100 + 1 )) > "$work/callgrind/theirs-calls-$2"
}

run_ours() { # calls, tag
  local bin="$work/generated/build" conf="$work/generated/config" dir="$work/run"
  rm -f "$dir/TaoTaoServer_rt.ior"
  (cd "$dir" && exec valgrind --tool=callgrind --callgrind-out-file="$work/callgrind/ours-server-$2" \
    "$bin/TaoTaoServerProcess" -r results/server.json -ORBSvcConf "$conf/TaoTaoServerProcess.svc.conf" "${endpoint[@]}") \
    > "$dir/ours-server-$2.log" 2>&1 & pids+=($!)
  await "$dir/TaoTaoServer_rt.ior" $!
  (cd "$dir" && exec valgrind --tool=callgrind --callgrind-out-file="$work/callgrind/ours-client-$2" \
    "$bin/TaoTaoClientProcess" -r results/client.json -n "$1" -ORBSvcConf "$conf/TaoTaoClientProcess.svc.conf" "${endpoint[@]}") \
    > "$dir/ours-client-$2.log" 2>&1
  cleanup
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(sum(m["warmup"] + m["calls"] for m in d["measurements"]))' "$dir/results/client.json" > "$work/callgrind/ours-calls-$2"
}

echo "== TAO's test and the generated pair under callgrind, $small and $calls calls each"
run_theirs "$small" small; run_theirs "$calls" big
run_ours "$small" small; run_ours "$calls" big

python3 "$here/percall.py" "$work/callgrind" --top "$top" --theirs "TAO's test" --fold Roundtrip=RoundTrip \
  --stub '^Test::RoundTrip::test_method\(unsigned long\)$' \
  --stats-theirs '^ACE_Sample_History::collect_basic_stats' --stats-ours '^bgml::compute_stats'
