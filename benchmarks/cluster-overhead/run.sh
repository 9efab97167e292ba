#!/usr/bin/env bash
# What the one-machine test cluster (scripts/slurm-cluster.sh) costs to orchestrate:
#   1. the wall time of `up` with 2, 4 and 8 nodes (until every node is idle), and of `down`, R times each, with
#      the added `up` time per extra node (least-squares slope over the sizes);
#   2. on a 2-node cluster, the time from `sbatch` of a 2-step job (a TCP echo server as a step on n2, a client as
#      a step on n1) to the client's first sample (its first round trip to n2), R times.
#
#   benchmarks/cluster-overhead/run.sh [-r R] [-s "2 4 8"]      (R defaults to 3)
#
# Needs root, Slurm, munge, iproute2, util-linux (scripts/setup.sh) and python3. Every cluster it starts is taken
# down again, also on Ctrl-C. Traffic stays between the cluster's own namespaces.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
export PATH="$PATH:/usr/sbin:/sbin"
reps=3; sizes="2 4 8"
while getopts "r:s:h" o; do
  case "$o" in
    r) reps="$OPTARG" ;;
    s) sizes="$OPTARG" ;;
    *) sed -n '2,11p' "$0"; exit 2 ;;
  esac
done
cluster="$root/scripts/slurm-cluster.sh"
tmp="$(mktemp -d /tmp/bgml-cluster-overhead.XXXXXX)"
current=""
cleanup() { [ -z "$current" ] || "$cluster" down "$current" >/dev/null 2>&1 || true; rm -rf "$tmp"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
now() { date +%s.%N; }
minus() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a - b }'; }
stats() { # label values...: median, min, max
  python3 - "$@" <<'PY'
import statistics, sys
label, values = sys.argv[1], [float(v) for v in sys.argv[2:]]
print("%-44s median %6.2f s  min %6.2f s  max %6.2f s  (%d runs)" % (label, statistics.median(values), min(values), max(values), len(values)))
PY
}

echo "== up and down (until every node is idle; down until nothing is left)"
declare -A up_times
for n in $sizes; do
  ups=(); downs=()
  for r in $(seq 1 "$reps"); do
    current="$tmp/c$n-$r"
    t0="$(now)"; "$cluster" up "$n" --dir "$current" >"$tmp/up.out" 2>&1 || { cat "$tmp/up.out" >&2; exit 1; }; t1="$(now)"
    "$cluster" down "$current" >"$tmp/down.out" 2>&1 || { cat "$tmp/down.out" >&2; exit 1; }; t2="$(now)"
    current=""
    ups+=("$(minus "$t1" "$t0")"); downs+=("$(minus "$t2" "$t1")")
  done
  up_times[$n]="${ups[*]}"
  stats "up $n nodes" "${ups[@]}"
  stats "down $n nodes" "${downs[@]}"
done
python3 - $(for n in $sizes; do for v in ${up_times[$n]}; do echo "$n:$v"; done; done) <<'PY'
import sys
pts = [tuple(map(float, a.split(":"))) for a in sys.argv[1:]]
if len({n for n, _ in pts}) > 1:
    mn = sum(n for n, _ in pts) / len(pts); mt = sum(t for _, t in pts) / len(pts)
    slope = sum((n - mn) * (t - mt) for n, t in pts) / sum((n - mn) ** 2 for n, _ in pts)
    print("added up time per extra node (least squares): %.3f s" % slope)
PY

echo "== sbatch of a 2-step job (server on n2, client on n1) to the client's first sample"
cat >"$tmp/echo.py" <<'PY'
import socket, sys, time
mode, addr, port, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
deadline = time.monotonic() + 20
if mode == "server":
    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind((addr, port)); s.listen(1); s.settimeout(20)
    c, _ = s.accept(); c.settimeout(20)
    for _ in range(count):
        m = c.recv(64)
        if not m: break
        c.sendall(m)
else:
    while True:
        try:
            c = socket.create_connection((addr, port), timeout=5); break
        except OSError:
            if time.monotonic() > deadline: raise
            time.sleep(0.02)
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    for i in range(count):
        t0 = time.monotonic_ns(); c.sendall(b"x" * 8); c.recv(64); t1 = time.monotonic_ns()
        if i == 0:
            print("first-sample %.6f %d" % (time.time(), t1 - t0), flush=True)
    print("done %d" % count, flush=True)
PY
current="$tmp/job"
"$cluster" up 2 --dir "$current" >"$tmp/up.out" 2>&1 || { cat "$tmp/up.out" >&2; exit 1; }
source "$current/env.sh"
addr2="$(awk '$1 == "n2" {print $2}' "$current/nodes")"
firsts=(); submits=()
for r in $(seq 1 "$reps"); do
  port=$((7100 + r))
  cat >"$tmp/job-$r.sh" <<JOB
#!/bin/sh
srun -N1 -n1 -w n2 --exact python3 $tmp/echo.py server $addr2 $port 1000 &
srun -N1 -n1 -w n1 --exact python3 $tmp/echo.py client $addr2 $port 1000
wait
JOB
  t0="$(now)"
  sbatch -Q --nodes=2 --ntasks-per-node=1 -w n1,n2 -t 1 --output="$tmp/job-$r.out" "$tmp/job-$r.sh" >/dev/null
  t1="$(now)"
  for _ in $(seq 1 300); do grep -q '^done' "$tmp/job-$r.out" 2>/dev/null && break; sleep 0.1; done
  grep -q '^done' "$tmp/job-$r.out" || { echo "job $r did not finish within 30 s:" >&2; cat "$tmp/job-$r.out" >&2; exit 1; }
  first="$(awk '$1 == "first-sample" {print $2}' "$tmp/job-$r.out")"
  firsts+=("$(minus "$first" "$t0")"); submits+=("$(minus "$t1" "$t0")")
  # the next job only after this one has left the nodes
  for _ in $(seq 1 100); do [ -z "$(squeue -h -o %i)" ] && break; sleep 0.1; done
done
stats "sbatch command itself" "${submits[@]}"
stats "sbatch to the client's first sample" "${firsts[@]}"
"$cluster" down "$current" >/dev/null
current=""
