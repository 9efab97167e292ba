#!/usr/bin/env bash
# Instructions per call of the generated omniORB round trip and of the hand-written omniORB client and server
# (handwritten/), counted by valgrind's callgrind: a count that does not depend on the machine's load, unlike the
# times of run.sh.
#
#   benchmarks/omniorb-roundtrip/instructions.sh [-n CALLS] [-s SMALL] [-t TOP]
#
# Each program runs twice under callgrind, with SMALL (default 2,000) and CALLS (default 20,000) timed calls after
# 1,000 warm-up calls; the difference of the two runs divided by the difference of the calls is the cost of one
# call, free of start-up and shut-down. The generated client times its three metrics (latency, throughput,
# jitter) in one shared loop. Printed as by ../tao-roundtrip/percall.py: per call, client and server side, the
# whole process, the client's stub call, the statistics after the loop and the rest, then the TOP (default 25)
# functions whose exclusive cost per call differs most. Counts are user-space instructions.
#
# Needs valgrind and what run.sh needs (the bgml product or BGML_GENERATED, omniidl, libomniorb4-dev, cmake, g++,
# python3). Takes a few minutes. Work files go to $BGML_BENCH_DIR (default /tmp/bgml-omniorb-instructions).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
calls=20000 small=2000 top=25 warmup=1000
while getopts "n:s:t:h" opt; do
  case $opt in
    n) calls=$OPTARG ;; s) small=$OPTARG ;; t) top=$OPTARG ;;
    *) sed -n '2,16p' "$0"; exit 2 ;;
  esac
done
[ "$calls" -gt "$small" ] || { echo "omniorb-roundtrip: -n must be larger than -s" >&2; exit 2; }
command -v valgrind > /dev/null || { echo "omniorb-roundtrip: valgrind is missing" >&2; exit 1; }
work="${BGML_BENCH_DIR:-/tmp/bgml-omniorb-instructions}"
rm -rf "$work" && mkdir -p "$work"/{hand,run,callgrind}
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; pids=(); }
trap cleanup EXIT
orbargs=(-ORBendPoint giop:tcp:127.0.0.1:)

echo "== building the hand-written omniORB client and server, and the generated TAO-TAO pair"
( cd "$work/hand" && omniidl -bcxx -Wbh=.hh -Wbs=SK.cc "$here/handwritten/RoundTrip.idl" \
  && for p in server client; do
       g++ -std=c++17 -O2 -Wall -Werror -I. -o $p "$here/handwritten/$p.cpp" RoundTripSK.cc $(pkg-config --cflags --libs omniORB4) -pthread
     done )
if [ -n "${BGML_GENERATED:-}" ]; then
  cp -r "$BGML_GENERATED" "$work/generated"
else
  "$root/bin/bgml" generate "$root/examples/roundtrip.bgml" --target omniorb --out "$work/generated" > /dev/null
fi
( cd "$work/generated" && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release > "$work/cmake.log" \
  && cmake --build build --parallel 2 --target TaoTaoServerProcess TaoTaoClientProcess >> "$work/cmake.log" ) \
  || { tail -30 "$work/cmake.log"; exit 1; }

await() { # file, pid
  for _ in $(seq 3000); do [ -s "$1" ] && return 0; kill -0 "$2" 2>/dev/null || break; sleep 0.01; done
  echo "ERROR: no $1" >&2; return 1
}
cg() { # output file, command...
  local out=$1; shift
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@"
}

run_theirs() { # calls, tag
  rm -f "$work/run/hand.ior"
  (exec valgrind --tool=callgrind --callgrind-out-file="$work/callgrind/theirs-server-$2" "$work/hand/server" \
    "$work/run/hand.ior" "${orbargs[@]}") > "$work/run/theirs-server-$2.log" 2>&1 & pids+=($!)
  await "$work/run/hand.ior" $!
  cg "$work/callgrind/theirs-client-$2" "$work/hand/client" "$work/run/hand.ior" "$1" "$warmup" "${orbargs[@]}" \
    > "$work/run/theirs-client-$2.log" 2>&1
  cleanup
  echo $(( $1 + warmup )) > "$work/callgrind/theirs-calls-$2"
}

run_ours() { # calls, tag
  local bin="$work/generated/build" dir="$work/run"
  rm -rf "$dir/TaoTaoServer_rt.ior" "$dir/results" && mkdir "$dir/results"
  (cd "$dir" && exec valgrind --tool=callgrind --callgrind-out-file="$work/callgrind/ours-server-$2" \
    "$bin/TaoTaoServerProcess") > "$dir/ours-server-$2.log" 2>&1 & pids+=($!)
  await "$dir/TaoTaoServer_rt.ior" $!
  (cd "$dir" && exec valgrind --tool=callgrind --callgrind-out-file="$work/callgrind/ours-client-$2" \
    "$bin/TaoTaoClientProcess" -n "$1" -w "$warmup") > "$dir/ours-client-$2.log" 2>&1
  cleanup
  echo $(( $1 + warmup )) > "$work/callgrind/ours-calls-$2" # one loop times all three metrics
}

echo "== the hand-written and the generated pair under callgrind, $small and $calls calls each"
run_theirs "$small" small; run_theirs "$calls" big
run_ours "$small" small; run_ours "$calls" big

python3 "$root/benchmarks/tao-roundtrip/percall.py" "$work/callgrind" --top "$top" --theirs "hand-written" \
  --stub '^Test::_objref_RoundTrip::test_method\(unsigned long\)$' \
  --stats-theirs '^void std::(__introsort_loop|__final_insertion_sort)<' --stats-theirs-exclusive \
  --stats-ours '^bgml::compute_stats'
