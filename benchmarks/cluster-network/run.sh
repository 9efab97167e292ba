#!/usr/bin/env bash
# What the network between nodes does to a benchmark, on a private 4-node cluster on this machine
# (scripts/slurm-cluster.sh, every node in its own network namespace, traffic over veth links and a bridge):
#   1. the network matters: an octet echo payload sweep (4 B to 64 KiB) from n1 to n2 with the link into n2 shaped
#      to RATE (tc tbf), against the unshaped link: bytes/s per payload side by side, the payload where the curves
#      part, and the shaped curve's plateau against the link rate;
#   2. same node against cross node: cube_long round trips with client and server pinned to CPU 0 on n1, and with
#      the server on n2 (same pinning): the ratio of the means is what the veth path costs;
#   3. orchestration: one client on n1 calling a server on each of n2..nK, K in 1 2 4, each run twice (the second
#      reuses the build): the wall time of `bgml run --engine slurm`, the added wall time per extra node, and the
#      time from submission to the first sample (the earliest measuring window in the store).
#
#   benchmarks/cluster-network/run.sh [-t TARGET] [-s SAMPLES] [-l RATE]      (omniorb, 2000, 100mbit)
#
# Needs root, Slurm, munge, iproute2 (scripts/setup.sh), the bgml product and python3. The cluster is taken down
# on exit, also on Ctrl-C; traffic stays between the cluster's own namespaces.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
export PATH="$PATH:/usr/sbin:/sbin"
target=omniorb; samples=2000; rate=100mbit
while getopts "t:s:l:h" o; do
  case "$o" in
    t) target="$OPTARG" ;;
    s) samples="$OPTARG" ;;
    l) rate="$OPTARG" ;;
    *) sed -n '2,19p' "$0"; exit 2 ;;
  esac
done
work="$(mktemp -d /tmp/bgml-cluster-network.XXXXXX)"
cdir="$work/cluster"
cluster="$root/scripts/slurm-cluster.sh"
cleanup() { "$cluster" down "$cdir" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
python3 "$root/benchmarks/cluster-network/models.py" "$work/models" --samples "$samples" --nodes 1 2 4
"$cluster" up 4 --dir "$cdir" >/dev/null
source "$cdir/env.sh"
store="$work/results.db"
bgml_run() { # label model [extra args]
  local label="$1" model="$2"; shift 2
  "$root/bin/bgml" run "$work/models/$model.bgml" --target "$target" --engine slurm --out "$work/bench-$model" \
    --store "$store" "$@" >"$work/$label.out" 2>&1 || { echo "bgml run $label failed:"; tail -30 "$work/$label.out"; exit 1; }
}
now_ns() { date +%s%N; }

"$cluster" shape "$cdir" n2 "$rate" >/dev/null
bgml_run sweep-shaped sweep
"$cluster" shape "$cdir" n2 off >/dev/null
bgml_run sweep-open sweep
bgml_run same roundtrip-same
bgml_run cross roundtrip-cross
declare -A walls submits
for k in 1 2 4; do
  bgml_run "spread-$k-build" "spread-$k"
  t0="$(now_ns)"; bgml_run "spread-$k" "spread-$k"; t1="$(now_ns)"
  walls[$k]="$t0 $t1"; submits[$k]="$t0"
done
python3 - "$store" "$rate" "${walls[1]}" "${walls[2]}" "${walls[4]}" <<'PY'
import re, sqlite3, statistics, sys
store, rate = sys.argv[1], sys.argv[2]
walls = {k: tuple(map(int, w.split())) for k, w in zip((1, 2, 4), sys.argv[3:6])}
db = sqlite3.connect(store)
runs = db.execute("SELECT id, model_name FROM runs WHERE status = 'ok' ORDER BY id").fetchall()
def run_ids(model): return [r for r, m in runs if m == model]
def rows(run, cols, where=""):
    return db.execute(f"SELECT {cols} FROM measurements WHERE run = ? {where} ORDER BY payload_bytes", (run,)).fetchall()
m = re.fullmatch(r"(\d+)([kmg])bit", rate)
link = int(m.group(1)) * {"k": 1e3, "m": 1e6, "g": 1e9}[m.group(2)] / 8 if m else None
shaped, open_ = run_ids("NetworkSweep")[:2]
s = dict(rows(shaped, "payload_bytes, bytes_per_second", "AND payload_bytes IS NOT NULL"))
o = dict(rows(open_, "payload_bytes, bytes_per_second", "AND payload_bytes IS NOT NULL"))
print(f"1. octet echo sweep n1 -> n2, link into n2 shaped to {rate} against unshaped (bytes/s moved by the calls)")
print(f"   {'payload':>9} {'shaped':>14} {'unshaped':>14} {'shaped/unshaped':>16}")
parted = None
for p in sorted(s, reverse=True): # the smallest payload from which the shaped curve stays below 80% of the other
    if o.get(p) and s[p] / o[p] < 0.8:
        parted = p
    else:
        break
for p in sorted(s):
    ratio = s[p] / o[p] if o.get(p) else float("nan")
    print(f"   {p:>8}B {s[p]:>12.0f}/s {o.get(p, float('nan')):>12.0f}/s {ratio:>16.3f}")
if parted:
    print(f"   the curves part at {parted} B (from there on, shaped stays below 80% of unshaped)")
if link:
    print(f"   shaped plateau {max(s.values()) / 1e6:.2f} MB/s against the link's {link / 1e6:.2f} MB/s "
          f"({100 * max(s.values()) / link:.0f}%; an echo carries the payload both ways, only the way into n2 is shaped)")
same = rows(run_ids("RoundTripSameNode")[0], "mean")[0][0]
cross = rows(run_ids("RoundTripCrossNode")[0], "mean")[0][0]
print(f"2. cube_long round trip, both pinned to CPU 0: same node {same / 1000:.1f} us, cross node {cross / 1000:.1f} us, "
      f"cross/same {cross / same:.2f}")
print("3. orchestration (second run of each size, build reused)")
secs = {}
for k, (t0, t1) in walls.items():
    run = run_ids("Spread%d" % k)[-1]
    first = db.execute("SELECT MIN(window_begin_ns) FROM measurements WHERE run = ?", (run,)).fetchone()[0]
    secs[k] = (t1 - t0) / 1e9
    sub = f"{(first - t0) / 1e9:.2f} s" if first else "n/a (no measuring windows stored)"
    print(f"   {k} node(s): wall {secs[k]:.2f} s, submission to first sample {sub}")
ks = sorted(secs)
mean_k = statistics.mean(ks); mean_w = statistics.mean(secs[k] for k in ks)
slope = sum((k - mean_k) * (secs[k] - mean_w) for k in ks) / sum((k - mean_k) ** 2 for k in ks)
print(f"   added wall time per extra node (least squares over 1, 2, 4): {slope:.2f} s")
PY
