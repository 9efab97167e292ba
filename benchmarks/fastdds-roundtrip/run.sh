#!/usr/bin/env bash
# The round trip on Fast DDS against omniORB, ACE and raw TCP, and the generated fastdds code against a minimal
# hand-written Fast DDS ping-pong; client and server of each pinned to one CPU, rounds alternating. Prints each
# round's mean, p50 and p99, their medians, the ratios to raw TCP, the ratio of the means generated / hand-written
# fastdds (goal <= 1.02), and the set-up time before the first sample (discovery, matching, handshake).
#
#   benchmarks/fastdds-roundtrip/run.sh [-n CALLS] [-w WARMUP] [-r ROUNDS] [-c CPU]
#
# The generated programs are the TaoTao pair of examples/roundtrip.bgml (its 1,000 warm-up calls, then CALLS timed
# ones, default 20,000); -w sets the warm-up of the hand-written programs (default 1,000, the same).
#
# Needs the bgml product (scripts/build.sh; or BGML_PRODUCT pointing at one), Debian's fastddsgen, libfastrtps-dev
# and libfastcdr-dev, omniidl and libomniorb4-dev, libace-dev, cmake, g++, taskset and python3. Work files go to
# $BGML_BENCH_DIR (default /tmp/bgml-fastdds-roundtrip). BGML_GENERATED_FASTDDS, BGML_GENERATED_OMNIORB and
# BGML_GENERATED_ACE may name folders that already hold what `bgml generate examples/roundtrip.bgml --target T`
# writes (for example a target's golden files plus runtime/include/bgml/): then no product is needed.
# The payload sweep against omniORB, with the knees, is sweep.sh.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
calls=20000 warmup=1000 rounds=3 cpu=0
while getopts "n:w:r:c:h" opt; do
  case $opt in
    n) calls=$OPTARG ;; w) warmup=$OPTARG ;; r) rounds=$OPTARG ;; c) cpu=$OPTARG ;;
    *) sed -n '2,17p' "$0"; exit 2 ;;
  esac
done
work="${BGML_BENCH_DIR:-/tmp/bgml-fastdds-roundtrip}"
rm -rf "$work" && mkdir -p "$work/hand"

echo "== building the raw TCP ping-pong and the hand-written Fast DDS ping-pong"
g++ -std=c++11 -O2 -Wall -Werror -o "$work/tcp_pingpong" "$here/tcp/tcp_pingpong.cpp"
( cd "$work/hand" && fastddsgen -replace -d . "$here/handwritten/PingPong.idl" > fastddsgen.log \
  && g++ -std=c++11 -O2 -Wall -Werror -I. -o pingpong "$here/handwritten/pingpong.cpp" PingPong.cxx PingPongPubSubTypes.cxx \
       -lfastrtps -lfastcdr -pthread ) || { cat "$work/hand/fastddsgen.log"; exit 1; }

for target in ace omniorb fastdds; do
  echo "== generating examples/roundtrip.bgml for $target and building its TAO-TAO pair"
  given="BGML_GENERATED_${target^^}"
  if [ -n "${!given:-}" ]; then
    cp -r "${!given}" "$work/$target"
  else
    "$root/bin/bgml" generate "$root/examples/roundtrip.bgml" --target "$target" --out "$work/$target" > "$work/$target.log"
  fi
  ( cd "$work/$target" && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >> "$work/$target.log" \
    && cmake --build build --parallel 2 --target TaoTaoServerProcess TaoTaoClientProcess >> "$work/$target.log" ) \
    || { tail -30 "$work/$target.log"; exit 1; }
done
python3 "$here/roundtrip.py" "$work" "$calls" "$warmup" "$rounds" "$cpu"
