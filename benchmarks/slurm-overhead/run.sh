#!/usr/bin/env bash
# Per-configuration overhead of the Slurm experiment engine against the local engine, as a share of the time the
# benchmarks spent measuring. Starts a private single-node Slurm (scripts/slurm-local.sh), builds the experiment's
# variants once (a warm-up local run, not counted), then runs the same experiment
#   1. with --engine local,
#   2. with --engine slurm, one task at a time (--array ...%1: the same sequence as local),
#   3. with --engine slurm, as many tasks at once as the node has CPUs (one CPU per task),
# the Slurm runs once for each block size K in -b (BGML_SLURM_BATCH: K configurations per task, one bgml process
# per task; K=1 is one process per configuration),
# each into its own store, and prints for each: wall time, the runs' measuring time (runs.measuring_ns), the overhead
# (wall minus measuring) per configuration and as a share of the measuring time. For the Slurm runs it also splits
# out sbatch, the wait from submission to the first task and the mean gap between one task's end and the next one's
# start (from the tasks' own records).
#
#   benchmarks/slurm-overhead/run.sh [-m model] [-s samples] [-p poll_ms] [-b "K1 K2 ..."]
#
# Defaults: tests/slurm/slurm-roundtrip.bgml (8 omniORB configurations, one of which fails by design), 20000 samples,
# poll every 500 ms, block sizes "1 8". Needs the bgml product, the omniORB packages, Slurm and munge (scripts/setup.sh), python3.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
export PATH="$PATH:/usr/sbin:/sbin"
model="$root/tests/slurm/slurm-roundtrip.bgml"; samples=20000; poll=500; batches="1 8"
while getopts "m:s:p:b:h" o; do
  case "$o" in
    m) model="$(cd "$(dirname "$OPTARG")" && pwd)/$(basename "$OPTARG")" ;;
    s) samples="$OPTARG" ;;
    p) poll="$OPTARG" ;;
    b) batches="$OPTARG" ;;
    *) sed -n '2,19p' "$0"; exit 2 ;;
  esac
done
tmp=$(mktemp -d /tmp/bgml-slurm-overhead.XXXXXX)
cluster="$tmp/slurm"
trap '"$root/scripts/slurm-local.sh" stop "$cluster" >/dev/null || true; rm -rf "$tmp"' EXIT
"$root/scripts/slurm-local.sh" start "$cluster" >/dev/null
export SLURM_CONF="$cluster/etc/slurm.conf"
cpus=$(nproc)
bgml() { "$root/bin/bgml" "$@"; }
now() { date +%s.%N; }

# warm-up: generate and build every variant once into the shared work folder; not measured
bgml experiment run "$model" --engine local --samples "$samples" --store "$tmp/warm.db" --work "$tmp/work" >/dev/null 2>&1 || true

run() { # label engine store [env...]
  local label="$1" engine="$2" store="$3"; shift 3
  local t0 t1
  t0=$(now)
  env "$@" "$root/bin/bgml" experiment run "$model" --engine "$engine" --samples "$samples" --store "$store" \
    --work "$tmp/work" >"$tmp/$label.out" 2>"$tmp/$label.err" || true
  t1=$(now)
  python3 - "$label" "$store" "$t0" "$t1" "$tmp/work" "$engine" <<'PY'
import glob, os, sqlite3, sys
label, store, t0, t1, work, engine = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), sys.argv[5], sys.argv[6]
db = sqlite3.connect(store)
rows = db.execute("SELECT r.status, COALESCE(r.measuring_ns, 0) FROM experiment_runs er JOIN runs r ON r.id = er.run").fetchall()
n = len(rows)
measuring = sum(m for _, m in rows) / 1e9
ok = sum(1 for s, _ in rows if s == "ok")
wall = t1 - t0
over = wall - measuring
print(f"{label:<24} {n} runs ({ok} ok)  wall {wall:7.2f} s  measuring {measuring:6.2f} s  overhead {over:7.2f} s"
      f" = {over / n:5.2f} s per configuration = {100 * over / measuring if measuring else float('nan'):6.1f}% of measuring")
if engine == "slurm":
    starts, ends = [], []
    for d in glob.glob(os.path.join(work, "slurm", "*", "configs", "*")):
        try:
            st = dict(w.split("=", 1) for w in open(os.path.join(d, "slurm-started")).read().split())
            ex = dict(w.split("=", 1) for w in open(os.path.join(d, "slurm-exit")).read().split())
        except OSError:
            continue
        if float(st["start"]) >= t0:
            starts.append(float(st["start"])); ends.append(float(ex["end"]))
    if starts:
        pairs = sorted(zip(starts, ends))
        gaps = [max(0.0, pairs[i + 1][0] - pairs[i][1]) for i in range(len(pairs) - 1)]
        task = sum(e - s for s, e in pairs) / len(pairs)
        print(f"{'':<24} first task started {min(starts) - t0:5.2f} s after the command; mean configuration (its own record: with K=1 the bgml JVM + run) "
              f"{task:5.2f} s; mean gap between configurations {sum(gaps) / len(gaps) if gaps else 0:5.2f} s; "
              f"last task end to command end {t1 - max(ends):5.2f} s")
PY
}

echo "experiment $(basename "$model"), $samples samples per metric, $cpus CPUs, poll $poll ms"
run local local "$tmp/local.db"
for k in $batches; do
  rm -rf "$tmp/work/slurm"
  run "slurm-1-at-a-time-K$k" slurm "$tmp/slurm1-$k.db" BGML_SLURM_CPUS_PER_TASK=1 BGML_SLURM_MAX_PARALLEL=1 \
    BGML_SLURM_POLL_MS="$poll" BGML_SLURM_BATCH="$k"
  rm -rf "$tmp/work/slurm"
  run "slurm-$cpus-at-a-time-K$k" slurm "$tmp/slurm2-$k.db" BGML_SLURM_CPUS_PER_TASK=1 BGML_SLURM_MAX_PARALLEL="$cpus" \
    BGML_SLURM_POLL_MS="$poll" BGML_SLURM_BATCH="$k"
done
