#!/usr/bin/env bash
# Concurrent scenarios across hosts through Slurm, end to end, on a 4-node cluster on this machine
# (scripts/slurm-cluster.sh: each node in its own network namespace):
#   1. the PPL proxy pattern on 3 hosts: three clients on n1 call through one forwarding proxy on n3 to three
#      servers on n2 (the models of benchmarks/ppl-proxy, short loops), on omniORB, with the clients together. The
#      run succeeds, each process ran on its node, the clients were released together (a start skew is stored) and
#      their measuring windows overlap; the report draws the timeline;
#   2. DBA-color with 4 agents on 4 hosts (tests/slurm/dba-color-4-hosts.bgml) on the ace target: every agent on its
#      own node and the segment measurements stored (the agents serve each other: none waits at a start line);
# and after each run that nothing of it is left: no job, and no process in any node but slurmd.
# Needs root and the Slurm, munge, iproute2, util-linux, omniORB and ACE packages (scripts/setup.sh), and a built
# bin/bgml; skips, saying so, otherwise.
# Usage: tests/slurm-scenarios.sh [--keep]   (--keep leaves the temporary folder and prints it)
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source tests/slurm/cluster-test.sh
cluster_test_begin slurm-scenarios 4 "$@"

nothing_left() { # what of a run is still alive on any node, or still a job
  local out
  if out="$(cluster_leftovers "$dir")"; then ok "nothing of the $1 is left on any node"; else echo "$out" >"$tmp/left.out"; bad "left after the $1" "$tmp/left.out"; fi
}

# 1. The proxy pattern on 3 hosts, clients together.
python3 benchmarks/ppl-proxy/models.py "$tmp/ppl" --duration-ms 1500 --hosts n1,n3,n2
bin/bgml run "$tmp/ppl/proxy-3.bgml" --target omniorb --engine slurm --out "$tmp/bench-proxy" --store "$store" \
  --report "$tmp/proxy.html" >"$tmp/proxy.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok "the proxy pattern ran across n1, n2 and n3" || bad "bgml run proxy-3 exited with $rc" "$tmp/proxy.out"
grep -q "clients together: 3 released within" "$tmp/proxy.out" && ok "bgml run says the 3 clients were released together" \
  || bad "no release line in the run summary" "$tmp/proxy.out"
python3 - "$store" >"$tmp/proxy-store.out" 2>&1 <<'PY' && ok "stored: each process on its node, a start skew, and the three clients' windows overlap" || bad "proxy store" "$tmp/proxy-store.out"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
run, status, clients, skew = db.execute("SELECT id, status, clients, start_skew_ns FROM runs ORDER BY id DESC LIMIT 1").fetchone()
placement = db.execute("SELECT cpu_placement FROM environment WHERE run = ?", (run,)).fetchone()[0]
print(status, clients, skew, placement)
assert status == "ok" and clients == "together" and skew is not None and skew >= 0, (status, clients, skew)
for process, node in (("Client1Process", "n1"), ("Client3Process", "n1"), ("ProxyProcess", "n3"), ("Server2Process", "n2")):
    assert f"{process}: on {node}" in placement, (process, node, placement)
w = db.execute("SELECT metric, window_begin_ns, window_end_ns FROM measurements WHERE run = ? AND metric LIKE 'CallsPerSecond%'",
               (run,)).fetchall()
print(w)
assert len(w) == 3 and all(b and e and e > b for _, b, e in w), w
common = min(e for _, _, e in w) - max(b for _, b, _ in w)
print("all three measured together for %.0f ms of %.0f ms" % (common / 1e6, max(e - b for _, b, e in w) / 1e6))
assert common > 0.5 * min(e - b for _, b, e in w), "the clients' windows hardly overlap"
PY
grep -q "Measuring windows" "$tmp/proxy.html" && ok "the report draws the measuring windows" || bad "no timeline in the report"
nothing_left "proxy run"

# 2. DBA-color, 4 agents on 4 hosts, on the ace target.
cp tests/slurm/dba-color-4-hosts.bgml "$tmp/dba.bgml"
bin/bgml run "$tmp/dba.bgml" --target ace --engine slurm --deployment fourHosts --out "$tmp/bench-dba" --store "$store" \
  --report "$tmp/dba.html" >"$tmp/dba.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok "DBA-color ran its 4 agents on n1..n4" || bad "bgml run dba exited with $rc" "$tmp/dba.out"
python3 - "$store" >"$tmp/dba-store.out" 2>&1 <<'PY' && ok "stored: every agent on its own node, segments measured" || bad "dba store" "$tmp/dba-store.out"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
run, model, status, clients, skew = db.execute(
    "SELECT id, model_name, status, clients, start_skew_ns FROM runs ORDER BY id DESC LIMIT 1").fetchone()
host, placement = db.execute("SELECT host, cpu_placement FROM environment WHERE run = ?", (run,)).fetchone()
print(model, status, clients, skew, host, placement)
assert model == "DbaColor4Hosts" and status == "ok", (status, clients, skew)
assert sorted(h.strip() for h in host.split(",")) == ["n1", "n2", "n3", "n4"], host
for i in range(4):
    assert f"P_{i}: on n{i + 1}" in placement, placement
segments = db.execute("SELECT COUNT(*) FROM measurements WHERE run = ? AND n > 0 AND segment IS NOT NULL", (run,)).fetchone()[0]
print("segment measurements", segments)
assert segments > 0
PY
nothing_left "DBA run"

cluster_test_end
