#!/usr/bin/env bash
# The PPL proxy finding, reproduced: per-client calls per second of three concurrent client/server pairs through one
# forwarding proxy, against one direct pair, with the ratio; and the two controls that separate the proxy's cost
# from concurrency's (one pair through the proxy, three concurrent direct pairs).
#
#   benchmarks/ppl-proxy/run.sh [-t TARGET] [-d MS] [-p CPU] [-r ROUNDS] [-c]
#
# -t omniorb (default), ace or tao (tao needs ACE_ROOT/TAO_ROOT); -d the duration of every client's timed loop
# (default 3000 ms); -p pins every process to that CPU (default: unpinned); -r repeats the four runs (default 1);
# -c runs on a private 3-node cluster (scripts/slurm-cluster.sh): clients on n1, the proxy on n3, servers on n2,
# through `bgml run --engine slurm`, and takes the cluster down again.
# The models are written by models.py (see there); every client starts behind the start line, so the clients of
# the -3 models overlap from the first call to the last (the script checks the measuring windows in the store).
# Needs the bgml product (scripts/build.sh), the target's toolchain and python3.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
target=omniorb; duration=3000; pin=""; rounds=1; cluster=no
while getopts "t:d:p:r:ch" o; do
  case "$o" in
    t) target="$OPTARG" ;;
    d) duration="$OPTARG" ;;
    p) pin="$OPTARG" ;;
    r) rounds="$OPTARG" ;;
    c) cluster=yes ;;
    *) sed -n '2,15p' "$0"; exit 2 ;;
  esac
done
work="$(mktemp -d /tmp/bgml-ppl-proxy.XXXXXX)"
cdir="$work/cluster"
cleanup() {
  [ "$cluster" = no ] || "$root/scripts/slurm-cluster.sh" down "$cdir" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
args=(--duration-ms "$duration")
[ -z "$pin" ] || args+=(--pin "$pin")
engine=()
if [ "$cluster" = yes ]; then
  args+=(--hosts n1,n3,n2)
  "$root/scripts/slurm-cluster.sh" up 3 --dir "$cdir" >/dev/null
  source "$cdir/env.sh"
  engine=(--engine slurm)
fi
python3 "$root/benchmarks/ppl-proxy/models.py" "$work/models" "${args[@]}"
store="$work/results.db"
for r in $(seq 1 "$rounds"); do
  for m in direct-1 direct-3 proxy-1 proxy-3; do
    "$root/bin/bgml" run "$work/models/$m.bgml" --target "$target" --out "$work/bench-$m" --store "$store" "${engine[@]}" \
      >"$work/$m-$r.out" 2>&1 || { echo "bgml run $m failed:"; tail -30 "$work/$m-$r.out"; exit 1; }
  done
done
python3 - "$store" "$target" "$duration" "$rounds" <<'PY'
import sqlite3, statistics, sys
store, target, duration, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
db = sqlite3.connect(store)
cols = {r[1] for r in db.execute("PRAGMA table_info(measurements)")}
windows = "window_begin_ns" in cols
per = {}
overlap = {}
for run, model in db.execute("SELECT id, model_name FROM runs WHERE status = 'ok' ORDER BY id"):
    q = "SELECT throughput" + (", window_begin_ns, window_end_ns" if windows else "") + \
        " FROM measurements WHERE run = ? AND metric LIKE 'CallsPerSecond%' ORDER BY metric"
    rows = db.execute(q, (run,)).fetchall()
    per.setdefault(model, []).append(statistics.mean(r[0] for r in rows))
    if windows and len(rows) > 1 and all(r[1] for r in rows):
        common = min(r[2] for r in rows) - max(r[1] for r in rows)
        longest = max(r[2] - r[1] for r in rows)
        overlap.setdefault(model, []).append(max(0, common) / longest)
names = {"Direct1": "1 direct pair", "Direct3": "3 concurrent direct pairs", "Proxy1": "1 pair through the proxy",
         "Proxy3": "3 concurrent pairs through the proxy"}
if "Direct1" not in per:
    sys.exit("no successful direct-1 run in the store")
base = statistics.median(per["Direct1"])
print(f"PPL proxy reproduction on {target}: every client's timed loop {duration} ms, {rounds} round(s), median over rounds")
for key in ("Direct1", "Direct3", "Proxy1", "Proxy3"):
    if key not in per:
        print(f"  {names[key]:<40} (no successful run)")
        continue
    v = statistics.median(per[key])
    ov = f"   clients overlapped {100 * statistics.median(overlap[key]):5.1f}% of the longest window" if key in overlap else ""
    print(f"  {names[key]:<40} {v:10.0f} calls/s per client   {v / base:6.3f} of one direct pair{ov}")
if "Proxy3" in per:
    drop = 1 - statistics.median(per["Proxy3"]) / base
    print(f"  per-client throughput lost with 3 pairs through the proxy against 1 direct pair: {100 * drop:.1f}% (the PPL paper: about 10%)")
if "Proxy3" in per and "Proxy1" in per:
    print(f"  3 concurrent pairs through the proxy against 1 pair through it: {statistics.median(per['Proxy3']) / statistics.median(per['Proxy1']):.3f}"
          " (what sharing the proxy costs each client)")
if "Direct3" in per:
    print(f"  3 concurrent direct pairs against 1: {statistics.median(per['Direct3']) / base:.3f} (what concurrency alone costs each client here)")
PY
