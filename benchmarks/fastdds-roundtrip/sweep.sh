#!/usr/bin/env bash
# The payload sweep of examples/payload-sweep.bgml (4 B to 64 KiB, doubling) on fastdds against omniorb, with the
# knee of each: where the latency-against-size slope changes (UDP fragmentation of the DDS samples, GIOP
# fragmentation of the calls). One `bgml compare` across the two targets: one run each, stored, one table per
# metric with the medians, p99s and ratios, the knees, and the HTML report with the curves.
#
#   benchmarks/fastdds-roundtrip/sweep.sh [-n SAMPLES] [-b BASELINE]
#
# -n replaces the model's 10,000 samples per size (default 2,000), -b is the baseline target (default omniorb).
# Needs the bgml product (scripts/build.sh; or BGML_PRODUCT pointing at one), Debian's fastddsgen, libfastrtps-dev,
# libfastcdr-dev, omniidl, libomniorb4-dev, cmake and g++. Work files go to $BGML_BENCH_DIR (default
# /tmp/bgml-fastdds-sweep); the report is $BGML_BENCH_DIR/sweep.html.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
samples=2000 baseline=omniorb
while getopts "n:b:h" opt; do
  case $opt in
    n) samples=$OPTARG ;; b) baseline=$OPTARG ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
  esac
done
work="${BGML_BENCH_DIR:-/tmp/bgml-fastdds-sweep}"
rm -rf "$work" && mkdir -p "$work"
sed -e "s/samples=\"10000\"/samples=\"$samples\"/g" "$root/examples/payload-sweep.bgml" > "$work/payload-sweep.bgml"
cd "$work"
"$root/bin/bgml" compare payload-sweep.bgml --targets fastdds,omniorb --baseline "$baseline" --out "$work/build" \
  --store "$work/results.db" --report "$work/sweep.html"
