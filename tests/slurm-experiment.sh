#!/usr/bin/env bash
# The Slurm experiment engine end to end: starts a private single-node Slurm on 127.0.0.1 (scripts/slurm-local.sh),
# runs the 8-configuration omniORB round-trip experiment of tests/slurm/slurm-roundtrip.bgml through
# `bgml experiment run --engine slurm` (one configuration listens on an address this machine does not have, so it
# fails on purpose), checks every run in the results store, then stops every daemon and checks that no Slurm,
# munge or benchmark process is left. Skips, saying so, when Slurm is not installed.
# Usage: tests/slurm-experiment.sh [--keep]   (--keep leaves the temporary folder for inspection)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
export PATH="$PATH:/usr/sbin:/sbin"
for p in munged mungekey slurmctld slurmd sbatch scontrol scancel sinfo python3; do
  if ! command -v "$p" >/dev/null 2>&1; then
    echo "slurm-experiment: SKIPPED: $p not found (scripts/setup.sh installs Debian's slurm-wlm and munge)"
    exit 0
  fi
done
keep=0; [ "${1:-}" = "--keep" ] && keep=1
tmp="$(mktemp -d /tmp/bgml-slurm-test.XXXXXX)"
cluster="$tmp/slurm"
work="$tmp/work"
store="$tmp/results.db"
failures=0
fail() { echo "slurm-experiment: FAIL: $*" >&2; failures=$((failures + 1)); }

# Everything of this test still alive: the daemons and job processes (their command lines or environments name
# the test folder) and benchmark processes (they run from the work folder).
leftovers() {
  local p cmd
  for p in /proc/[0-9]*; do
    p="${p#/proc/}"
    [ "$p" != "$$" ] && [ "$p" != "$BASHPID" ] || continue
    cmd="$( { tr '\0' ' ' <"/proc/$p/cmdline"; } 2>/dev/null || true)"
    if [[ "$cmd" == *"$tmp"* ]] || grep -qzF "$tmp" "/proc/$p/environ" 2>/dev/null; then
      echo "$p $cmd"
    fi
  done
}

stopped=0
stop_cluster() {
  [ $stopped -eq 0 ] || return 0
  stopped=1
  scripts/slurm-local.sh stop "$cluster" || fail "slurm-local.sh stop reported processes left"
}
cleanup() {
  stop_cluster
  if [ $keep -eq 0 ]; then rm -rf "$tmp"; else echo "slurm-experiment: kept $tmp"; fi
}
trap cleanup EXIT

scripts/slurm-local.sh start "$cluster"
export SLURM_CONF="$cluster/etc/slurm.conf"

# One CPU per task: two configurations run at once on this 2-CPU node, each pinned to the CPU Slurm granted it.
# One experiment run through Slurm into STORE with WORK, with further settings as VAR=value arguments, and its checks.
check_run() {
local label="$1" store="$2" work="$3"
shift 3
set +e
env BGML_SLURM_CPUS_PER_TASK=1 BGML_SLURM_MAX_PARALLEL=2 BGML_SLURM_POLL_MS=250 BGML_SLURM_TIME=20 "$@" \
  bin/bgml experiment run tests/slurm/slurm-roundtrip.bgml --engine slurm --samples 2000 \
  --store "$store" --work "$work" >"$tmp/out-$label.txt" 2>"$tmp/err-$label.txt"
rc=$?
set -e
cat "$tmp/err-$label.txt" "$tmp/out-$label.txt"
[ $rc -eq 1 ] || fail "$label: bgml experiment run exited with $rc, expected 1 (one configuration fails)"
grep -q "8 runs, 7 ok, 1 failed, 0 remaining" "$tmp/out-$label.txt" || fail "$label: the summary does not say 8 runs, 7 ok, 1 failed"
grep -q "submitted Slurm job array" "$tmp/err-$label.txt" || fail "$label: no job array was submitted"

# The store: every configuration once, linked to the plan; seven with round-trip measurements, the failing one
# (the endpoint 192.0.2.1) failed with its reason.
python3 - "$store" "$work" <<'EOF' || fail "$label: store check"
import glob, json, os, sqlite3, sys
store, work = sys.argv[1], sys.argv[2]
db = sqlite3.connect(store)
rows = db.execute("""SELECT er.run_index, r.status, r.failure, r.factor_levels, r.target,
                            (SELECT COUNT(*) FROM measurements m WHERE m.run = r.id AND m.kind = 'latency' AND m.n > 0)
                     FROM experiment_runs er JOIN runs r ON r.id = er.run ORDER BY er.run_index""").fetchall()
problems = []
if sorted(r[0] for r in rows) != list(range(8)):
    problems.append("runs stored for indexes %s, expected 0..7" % [r[0] for r in rows])
endpoints = set()
for index, status, failure, levels, target, latencies in rows:
    endpoint = json.loads(levels)["endPoint"]
    endpoints.add(endpoint)
    if target != "omniorb":
        problems.append("run %d has target %s" % (index, target))
    if endpoint == "giop:tcp:192.0.2.1:":
        if status != "failed" or not failure:
            problems.append("run %d (%s) is %s, expected failed with a reason" % (index, endpoint, status))
        else:
            print("failing configuration recorded: run %d %s: %s" % (index, endpoint, failure.splitlines()[0]))
    elif status != "ok" or latencies < 1:
        problems.append("run %d (%s) is %s with %d latency measurements: %s" % (index, endpoint, status, latencies, failure))
if len(endpoints) != 8:
    problems.append("expected 8 distinct endpoints, got %s" % sorted(endpoints))
# Pinning: each benchmark process ran on exactly the one CPU its Slurm task was granted.
granted = {}
for started in glob.glob(os.path.join(work, "slurm", "*", "configs", "*", "slurm-started")):
    fields = dict(w.split("=", 1) for w in open(started).read().split())
    granted[int(os.path.basename(os.path.dirname(started)))] = fields["cpus"]
for index, cpus in sorted(granted.items()):
    for name, affinity in db.execute("""SELECT p.name, p.cpu_affinity FROM experiment_runs er JOIN processes p ON p.run = er.run
                                        WHERE er.run_index = ? AND p.cpu_affinity IS NOT NULL""", (index,)):
        if json.loads(affinity) != [int(cpus)]:
            problems.append("run %d: %s could run on CPUs %s, but its task was granted %s" % (index, name, affinity, cpus))
if len(granted) != 8:
    problems.append("%d configurations recorded their granted CPUs, expected 8" % len(granted))
for p in problems:
    print("store: " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
EOF
}

check_run one-per-task "$store" "$work"
# Blocks of 3 configurations, each block in one bgml process: 3 tasks for the 8 configurations, the failing one
# recorded on its own while the others of its block are stored.
check_run blocks-of-3 "$tmp/results-blocks.db" "$tmp/work-blocks" BGML_SLURM_BATCH=3
grep -q "8 runs in 3 tasks" "$tmp/err-blocks-of-3.txt" || fail "blocks-of-3: the 8 runs were not submitted as 3 tasks"
grep -q "one bgml process per task" "$tmp"/work-blocks/slurm/*/slurm/array-*.sh || fail "blocks-of-3: the script runs no blocks"

stop_cluster
unset SLURM_CONF
left="$(leftovers)"
if [ -n "$left" ]; then
  fail "processes left after stopping Slurm:"$'\n'"$left"
fi
if [ $failures -gt 0 ]; then
  echo "slurm-experiment: $failures check(s) failed; logs in $tmp/slurm/log (kept)" >&2
  keep=1
  exit 1
fi
echo "slurm-experiment: OK (8 configurations through Slurm, 7 ok and the deliberately failing one recorded; nothing left running)"
