#!/usr/bin/env bash
# End-to-end latency of the avionics event chain (examples/avionics-chain.bgml): a rate generator ticks a GPS,
# the GPS publishes to an airframe, which reads the GPS and publishes to a display, which reads the airframe.
# For each target and each deployment (remote: one process per component; collocated: one process), it runs the
# chain with `bgml run` and prints, per path, the end-to-end mean / median / p99, each hop's mean and median, and
# how far the sum of the hop means is from the end-to-end mean. Last, remote against collocated per path.
#
#   benchmarks/event-chain/run.sh [-t "TARGET ..."] [-d "DEPLOYMENT ..."]
#                                 (omniorb ace, and tao when ACE_ROOT/TAO_ROOT name a TAO build; remote collocated)
#
# Needs the bgml product (scripts/build.sh) and what each target builds with (scripts/setup.sh; for tao, a TAO
# build with its PI_Server library in the environment). Work files go to a temporary folder, removed on exit;
# BGML_KEEP=1 keeps it.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
targets="omniorb ace"; deployments="remote collocated"
if [ -n "${TAO_ROOT:-}" ] && [ -e "${ACE_ROOT:-/nonexistent}/lib/libTAO_PI_Server.so" ]; then
  targets="$targets tao"
fi
while getopts "t:d:h" o; do
  case "$o" in
    t) targets="$OPTARG" ;;
    d) deployments="$OPTARG" ;;
    *) sed -n '2,14p' "$0"; exit 2 ;;
  esac
done
work="$(mktemp -d /tmp/bgml-event-chain.XXXXXX)"
cleanup() { [ -n "${BGML_KEEP:-}" ] && echo "kept $work" || rm -rf "$work"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
runs=()
for t in $targets; do
  for d in $deployments; do
    mkdir -p "$work/$t-$d"
    cp "$root/examples/avionics-chain.bgml" "$work/$t-$d/model.bgml"
    if ! "$root/bin/bgml" run "$work/$t-$d/model.bgml" --target "$t" --deployment "$d" --out "$work/$t-$d/bench" \
        --store "$work/results.db" --report "$work/$t-$d/report.html" >"$work/$t-$d/run.out" 2>&1; then
      echo "bgml run $t $d failed:"; tail -30 "$work/$t-$d/run.out"; exit 1
    fi
    runs+=("$t-$d=$(ls -d "$work/$t-$d"/bench/run-* | tail -n1)")
  done
done
python3 - "${runs[@]}" <<'PY'
import glob, json, sys

def paths(run_dir):
    out = {}
    for f in sorted(glob.glob(run_dir + "/results/*.json")):
        for m in json.load(open(f))["measurements"]:
            if m["kind"] == "pathLatency":
                out.setdefault(m["metric"], []).append(m)
    return out

us = lambda ns: ns / 1000.0
totals = {}
for arg in sys.argv[1:]:
    label, run_dir = arg.split("=", 1)
    print(f"== {label}")
    for metric, ms in paths(run_dir).items():
        total = next(m for m in ms if m["segment"] is None)
        hops = [m for m in ms if m["segment"] is not None]
        hop_sum = sum(m["mean"] for m in hops)
        totals.setdefault(metric, {})[label] = total
        print(f"  {metric}: end to end n={total['n']} mean={us(total['mean']):.1f} us p50={us(total['p50']):.1f} us"
              f" p99={us(total['p99']):.1f} us; hops sum to {us(hop_sum):.1f} us"
              f" ({100 * abs(hop_sum - total['mean']) / total['mean']:.3f}% off the total)")
        for m in hops:
            print(f"    {m['segment']:<34} mean={us(m['mean']):9.1f} us  p50={us(m['p50']):9.1f} us"
                  f"  share={100 * m['mean'] / total['mean']:5.1f}%")
print("== remote against collocated (median end to end)")
for metric, by in totals.items():
    targets = sorted({label.rsplit("-", 1)[0] for label in by})
    for t in targets:
        r, c = by.get(t + "-remote"), by.get(t + "-collocated")
        if r and c:
            print(f"  {t} {metric}: remote {us(r['p50']):.1f} us, collocated {us(c['p50']):.1f} us,"
                  f" ratio {r['p50'] / c['p50']:.2f}")
PY
