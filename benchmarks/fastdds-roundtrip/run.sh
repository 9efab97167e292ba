#!/usr/bin/env bash
# The generated round trip of examples/roundtrip.bgml (TAO-TAO pair) on fastdds against the same model on
# omniorb, client and server of both pinned to one CPU, the same number of calls, rounds alternating. Prints the
# median and p99 of each round and the ratios fastdds/omniorb of the medians of the rounds' medians and p99s.
#
#   benchmarks/fastdds-roundtrip/run.sh [-n CALLS] [-r ROUNDS] [-c CPU]
#
# Each round warms up with the model's 1,000 calls, then times CALLS calls (default 20,000).
#
# Needs the bgml product (scripts/build.sh; or BGML_PRODUCT pointing at one), Debian's fastddsgen,
# libfastrtps-dev and libfastcdr-dev, omniidl and libomniorb4-dev, cmake, g++ and python3. Work files go to
# $BGML_BENCH_DIR (default /tmp/bgml-fastdds-roundtrip). BGML_GENERATED_FASTDDS and BGML_GENERATED_OMNIORB may
# name folders that already hold what `bgml generate examples/roundtrip.bgml --target T` writes (for example a
# target's golden files plus runtime/include/bgml/): then no product is needed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
calls=20000 rounds=3 cpu=0
while getopts "n:r:c:h" opt; do
  case $opt in
    n) calls=$OPTARG ;; r) rounds=$OPTARG ;; c) cpu=$OPTARG ;;
    *) sed -n '2,15p' "$0"; exit 2 ;;
  esac
done
work="${BGML_BENCH_DIR:-/tmp/bgml-fastdds-roundtrip}"
rm -rf "$work" && mkdir -p "$work"
for target in fastdds omniorb; do
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
python3 "$here/pair.py" "$work" "$calls" "$rounds" "$cpu"
