#!/usr/bin/env bash
# One benchmark across two hosts through Slurm, end to end: brings up a 2-node cluster on this machine
# (scripts/slurm-cluster.sh: each node in its own network namespace) and runs the omniORB round trip of
# tests/slurm/multihost-roundtrip.bgml with `bgml run --engine slurm`, the server on n2 and the client on n1, as job
# steps of one allocation. Checks that
#   1. the run succeeds, the server's IOR carries n2's address, n2's link counters moved by at least one packet per
#      call each way, and the store holds the run with both hosts and where each process ran;
#   2. a model host that Slurm does not know and the host map does not name is refused before anything is generated
#      or submitted (exit 2), naming the host and listing the Slurm nodes;
#   3. killing the server process on n2 in the middle of a run makes the run fail, stored as failed and naming n2;
#   4. SIGTERM to the submitting bgml in the middle of a run cancels the allocation;
#   5. where a TAO build is set up (ACE_ROOT, TAO_ROOT), the same round trip on the tao target: TAO's server IOR
#      carries n2's address only, n2's link moves, and the store says where each process ran (skipped, saying so,
#      without TAO);
# and after each run that nothing of it is left: no job, and no process in any node but slurmd.
# Needs root and the Slurm, munge, iproute2, util-linux and omniORB packages (scripts/setup.sh), and a built bin/bgml;
# skips, saying so, otherwise.
# Usage: tests/slurm-multihost.sh [--keep]   (--keep leaves the temporary folder and prints it)
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source tests/slurm/cluster-test.sh
cluster_test_begin slurm-multihost 2 "$@"
read -r _ addr2 ns2 veth2 < <(grep '^n2 ' "$dir/nodes")

leftovers() { cluster_leftovers "$dir"; } # what of a run is still alive on n1 or n2, or still a job
counter() { cat "/sys/class/net/$veth2/statistics/$1_packets"; }

# 1. The round trip across n1 and n2.
cp tests/slurm/multihost-roundtrip.bgml "$tmp/rt.bgml"
tx0="$(counter tx)"; rx0="$(counter rx)"
t0="$(date +%s.%N)"
bin/bgml run "$tmp/rt.bgml" --engine slurm --deployment twoHosts --out "$tmp/bench" --store "$store" \
  --report "$tmp/rt.html" >"$tmp/rt.out" 2>"$tmp/rt.err"
rc=$?
t1="$(date +%s.%N)"
tx1="$(counter tx)"; rx1="$(counter rx)"
cat "$tmp/rt.out" >>"$tmp/rt.err"
wall="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')"
[ $rc -eq 0 ] && ok "bgml run --engine slurm: the 2-host round trip succeeded in $wall s" || bad "bgml run exited with $rc" "$tmp/rt.err"
grep -q "placing n1 on n1, n2 on n2" "$tmp/rt.err" && ok "model nodes placed by name" || bad "no placement line" "$tmp/rt.err"
echo "  $(grep -o 'Slurm job [0-9]* ended.*' "$tmp/rt.err")"
run_dir="$(ls -d "$tmp"/bench/run-* 2>/dev/null | head -n1)"
ior="$(cat "$run_dir"/*.ior 2>/dev/null | head -n1)"
if python3 -c 'import sys; ior, addr = sys.argv[1], sys.argv[2]; data = bytes.fromhex(ior[4:]) if ior.startswith("IOR:") else b""; sys.exit(0 if addr.encode() in data and b"127.0.0.1" not in data else 1)' "$ior" "$addr2"; then
  ok "the server's IOR carries n2's address $addr2 (and no loopback)"
else
  echo "$ior" >"$tmp/ior.txt"; bad "the server's IOR does not carry $addr2 alone" "$tmp/ior.txt"
fi
calls=3200 # 200 warm-up and 3000 timed round trips
echo "  $veth2 into n2 +$((tx1 - tx0)) packets, out of n2 +$((rx1 - rx0)) packets, for $calls calls"
[ $((tx1 - tx0)) -ge $calls ] && [ $((rx1 - rx0)) -ge $calls ] \
  && ok "n2's link counters moved by at least one packet per call each way" || bad "n2's link counters: +$((tx1 - tx0)) in, +$((rx1 - rx0)) out"
python3 - "$store" >"$tmp/store.out" 2>&1 <<'EOF' && ok "the store has the run with hosts n1 and n2 and where each process ran" || bad "store" "$tmp/store.out"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
status, host, placement, n = db.execute("""SELECT r.status, e.host, e.cpu_placement,
    (SELECT COUNT(*) FROM measurements m WHERE m.run = r.id AND m.n >= 3000)
    FROM runs r JOIN environment e ON e.run = r.id ORDER BY r.id DESC LIMIT 1""").fetchone()
print(status, host, placement, n)
assert status == "ok", status
assert sorted(h.strip() for h in host.split(",")) == ["n1", "n2"], host
assert "ClientProcess: on n1" in placement and "ServerProcess: on n2" in placement, placement
assert n >= 1, "no measurement with 3000 samples"
EOF
run_id="$(sqlite3 "$store" 'SELECT run_id FROM runs ORDER BY id DESC LIMIT 1' 2>/dev/null || python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT run_id FROM runs ORDER BY id DESC LIMIT 1").fetchone()[0])' "$store")"
bin/bgml results --run "$run_id" --store "$store" >"$tmp/results.out" 2>&1
grep -q "ServerProcess: on n2" "$tmp/results.out" && grep -q "ClientProcess: on n1" "$tmp/results.out" \
  && ok "bgml results --run shows where each process ran" || bad "bgml results --run" "$tmp/results.out"
grep -q "ServerProcess: on n2" "$tmp/rt.html" && ok "the report shows where each process ran" || bad "the report names no host per process"
if out="$(leftovers)"; then ok "nothing of the run is left on n1 or n2"; else echo "$out" >"$tmp/left.out"; bad "left after the run" "$tmp/left.out"; fi

# 2. A host that is not a Slurm node and not in the host map.
jobs0="$(squeue -h -t all -o %i | wc -l)"
bin/bgml run "$tmp/rt.bgml" --engine slurm --deployment unknownHost --out "$tmp/bench-unknown" --store "$store" --report "$tmp/unknown.html" \
  >"$tmp/unknown.out" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "model node 'edge' (host edge.example) is no Slurm node" "$tmp/unknown.out" && grep -q "Slurm nodes: n1 n2" "$tmp/unknown.out" \
  && ok "an unknown host is refused with exit 2, naming it and listing the Slurm nodes" || bad "unknown host: exit $rc" "$tmp/unknown.out"
[ ! -e "$tmp/bench-unknown" ] && [ "$(squeue -h -t all -o %i | wc -l)" -eq "$jobs0" ] \
  && ok "nothing was generated or submitted for it" || bad "the refused run generated or submitted something"
bin/bgml run "$tmp/rt.bgml" --engine slurm --deployment unknownHost --hosts edge=n2 --out "$tmp/bench-mapped" --store "$store" --report "$tmp/mapped.html" \
  >"$tmp/mapped.out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q "placing edge on n2, n1 on n1" "$tmp/mapped.out" \
  && ok "the same deployment runs with --hosts edge=n2" || bad "--hosts edge=n2: exit $rc" "$tmp/mapped.out"
if out="$(leftovers)"; then ok "nothing of the mapped run is left"; else echo "$out" >"$tmp/left.out"; bad "left after the mapped run" "$tmp/left.out"; fi

# 3. The server on n2 killed in the middle of a paced run of about 10 s.
cp tests/slurm/multihost-fault.bgml "$tmp/fault.bgml"
bin/bgml run "$tmp/fault.bgml" --engine slurm --deployment twoHosts --out "$tmp/bench-fault" --store "$store" --report "$tmp/fault.html" \
  >"$tmp/fault.out" 2>&1 &
runner=$!
server=""
for _ in $(seq 1 600); do # the client measures once a progress file has samples; bounded to 120 s
  progress="$(ls "$tmp"/bench-fault/run-*/progress/ClientProcess* 2>/dev/null | head -n1)"
  if [ -n "$progress" ] && [ -s "$progress" ]; then
    for p in $(ip netns pids "$ns2"); do
      grep -q "build/ServerProcess" "/proc/$p/cmdline" 2>/dev/null && server="$p"
    done
    [ -n "$server" ] && break
  fi
  kill -0 "$runner" 2>/dev/null || break
  sleep 0.2
done
if [ -n "$server" ]; then
  sleep 1
  kill -KILL "$server" && ok "killed the server process on n2 (pid $server) while the client measured"
else
  bad "the fault run's server never ran on n2 with the client measuring" "$tmp/fault.out"
fi
for _ in $(seq 1 300); do kill -0 "$runner" 2>/dev/null || break; sleep 0.2; done
if kill -0 "$runner" 2>/dev/null; then bad "bgml run still runs 60 s after the server died"; kill -INT "$runner"; fi
wait "$runner"; rc=$?
[ $rc -eq 1 ] && grep -q "the run failed: ServerProcess on Slurm node n2 was killed by signal 9" "$tmp/fault.out" \
  && ok "the run failed, naming the server and node n2" || bad "fault run: exit $rc" "$tmp/fault.out"
python3 - "$store" >"$tmp/fault-store.out" 2>&1 <<'EOF' && ok "the store has the run as failed, naming n2" || bad "fault store" "$tmp/fault-store.out"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
model, status, failure = db.execute("SELECT model_name, status, failure FROM runs ORDER BY id DESC LIMIT 1").fetchone()
print(model, status, failure)
assert model == "MultiHostFault" and status == "failed" and "Slurm node n2" in failure, failure
EOF
if out="$(leftovers)"; then ok "nothing of the failed run is left on n1 or n2"; else echo "$out" >"$tmp/left.out"; bad "left after the failed run" "$tmp/left.out"; fi

# 4. SIGTERM to the submitting bgml in the middle of a run (as a kill or a logout would send it): the allocation is
# cancelled and nothing is left on any node. The benchmark of case 3 is built already.
bin/bgml run "$tmp/fault.bgml" --engine slurm --deployment twoHosts --out "$tmp/bench-fault" --store "$store" --report "$tmp/term.html" \
  >"$tmp/term.out" 2>&1 &
runner=$!
measuring=0
for _ in $(seq 1 600); do
  progress="$(ls -t "$tmp"/bench-fault/run-*/progress/ClientProcess* 2>/dev/null | head -n1)"
  [ -n "$progress" ] && [ "$progress" -nt "$tmp/fault.out" ] && [ -s "$progress" ] && { measuring=1; break; }
  kill -0 "$runner" 2>/dev/null || break
  sleep 0.2
done
[ $measuring -eq 1 ] || bad "the run to be stopped never measured" "$tmp/term.out"
job="$(squeue -h -o %i | head -n1)"
kill -TERM "$runner"
for _ in $(seq 1 300); do kill -0 "$runner" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$runner" 2>/dev/null; then bad "bgml run still runs 30 s after SIGTERM"; kill -KILL "$runner"; fi
wait "$runner"
[ -n "$job" ] && ok "SIGTERM to bgml run while Slurm job $job measured: bgml ended" || bad "no Slurm job ran" "$tmp/term.out"
if out="$(leftovers)"; then ok "the allocation was cancelled and nothing is left on n1 or n2"; else echo "$out" >"$tmp/left.out"; bad "left after SIGTERM" "$tmp/left.out"; fi

# 5. The round trip on TAO, where a TAO build is set up: its -ORBEndpoint comes from n2's address too.
if [ -z "${ACE_ROOT:-}" ] || [ -z "${TAO_ROOT:-}" ] || [ ! -x "${ACE_ROOT}/bin/tao_idl" ]; then
  echo "skip: the round trip on TAO across n1 and n2 (ACE_ROOT/TAO_ROOT are not set to a TAO build)"
else
  tx0="$(counter tx)"; rx0="$(counter rx)"
  bin/bgml run "$tmp/rt.bgml" --engine slurm --deployment twoHosts --target tao --out "$tmp/bench-tao" --store "$store" \
    --report "$tmp/tao.html" >"$tmp/tao.out" 2>"$tmp/tao.err"
  rc=$?
  tx1="$(counter tx)"; rx1="$(counter rx)"
  cat "$tmp/tao.out" >>"$tmp/tao.err"
  [ $rc -eq 0 ] && ok "bgml run --engine slurm --target tao: the 2-host round trip succeeded" || bad "tao: bgml run exited with $rc" "$tmp/tao.err"
  ior="$(cat "$(ls -d "$tmp"/bench-tao/run-* 2>/dev/null | head -n1)"/*.ior 2>/dev/null | head -n1)"
  if python3 -c 'import sys; ior, addr = sys.argv[1], sys.argv[2]; data = bytes.fromhex(ior[4:]) if ior.startswith("IOR:") else b""; sys.exit(0 if addr.encode() in data and b"127.0.0.1" not in data else 1)' "$ior" "$addr2"; then
    ok "TAO's server IOR carries n2's address $addr2 (and no loopback)"
  else
    echo "$ior" >"$tmp/tao-ior.txt"; bad "TAO's server IOR does not carry $addr2 alone" "$tmp/tao-ior.txt"
  fi
  [ $((tx1 - tx0)) -ge $calls ] && [ $((rx1 - rx0)) -ge $calls ] \
    && ok "tao: n2's link counters moved by at least one packet per call each way (+$((tx1 - tx0)) in, +$((rx1 - rx0)) out)" \
    || bad "tao: n2's link counters: +$((tx1 - tx0)) in, +$((rx1 - rx0)) out"
  grep -q "ServerProcess: on n2" "$tmp/tao.html" && grep -q "ClientProcess: on n1" "$tmp/tao.html" \
    && ok "tao: the report shows the server on n2 and the client on n1" || bad "tao: the report does not place the processes"
  if out="$(leftovers)"; then ok "tao: nothing of the run is left on n1 or n2"; else echo "$out" >"$tmp/left.out"; bad "tao: left after the run" "$tmp/left.out"; fi
fi

cluster_test_end
