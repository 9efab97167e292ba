#!/usr/bin/env bash
# The multi-node test cluster on one machine (scripts/slurm-cluster.sh), end to end: brings up 3 Slurm nodes, each
# in its own network namespace, with the link into n2 limited to 10 Mbit/s; checks that the nodes are idle, that a
# step on n2 runs there (its host name and address), that data sent from a step on n1 to a step on n2 crosses n2's
# link (its packet counters move by at least one packet per message), that the limit slows a 2 MB transfer to n2
# down and lifting it (`shape ... off`) speeds it up again, that a batch job can run its server step on n2 and its
# client step on n1 and that a heterogeneous job starts; then leaves a job that ignores SIGTERM running, kills
# slurmctld, calls `down` and checks that nothing of the cluster is left (namespaces, links, daemons, job
# processes), that `down` a second time succeeds, and that an `up` failing half-way leaves nothing behind either.
# Needs root and the Slurm, munge, iproute2 and util-linux packages (scripts/setup.sh); skips, saying so, otherwise.
# Usage: tests/slurm-cluster.sh [--keep]   (--keep leaves the temporary folder for inspection)
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
export PATH="$PATH:/usr/sbin:/sbin"
if [ "$(id -u)" -ne 0 ]; then
  echo "slurm-cluster: SKIPPED: needs root (network namespaces, veth pairs, a bridge)"; exit 0
fi
for p in munged mungekey slurmctld slurmd srun sinfo scancel ip tc nsenter unshare python3; do
  command -v "$p" >/dev/null 2>&1 || { echo "slurm-cluster: SKIPPED: $p not found (scripts/setup.sh installs it)"; exit 0; }
done
keep=0; [ "${1:-}" = "--keep" ] && keep=1
tmp="$(mktemp -d /tmp/bgml-cluster-test.XXXXXX)"
dir="$tmp/cluster"
cluster=scripts/slurm-cluster.sh
passed=0; failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; [ -z "${2:-}" ] || sed 's/^/  /' "$2" | tail -n 20; }
cleanup() {
  "$cluster" down "$dir" >/dev/null 2>&1 || true
  "$cluster" down "$tmp/half" >/dev/null 2>&1 || true
  if [ $keep -eq 0 ] && [ $failed -eq 0 ]; then rm -rf "$tmp"; else echo "slurm-cluster: kept $tmp"; fi
}
trap cleanup EXIT

# Traffic between two steps; every loop bounded in count and time, every socket with a timeout.
cat >"$tmp/net.py" <<'EOF'
import socket, sys, time
mode, addr, port, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
DEADLINE = time.monotonic() + 10

def serve():
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind((addr, port)); s.listen(1); s.settimeout(15)
    c, _ = s.accept(); c.settimeout(15)
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return c

def connect():
    while True:  # the server step may not listen yet
        try:
            c = socket.create_connection((addr, port), timeout=5)
            c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return c
        except OSError:
            if time.monotonic() > DEADLINE: raise
            time.sleep(0.05)

def recv_exactly(c, n):
    data = b""
    while len(data) < n:
        chunk = c.recv(n - len(data))
        if not chunk: raise EOFError("peer closed")
        data += chunk
    return data

if mode == "pingpong-server":  # answers count 32-byte messages
    c = serve()
    for _ in range(count):
        c.sendall(recv_exactly(c, 32))
elif mode == "pingpong-client":
    c = connect()
    done = 0
    t0 = time.monotonic()
    while done < count and time.monotonic() < DEADLINE:
        c.sendall(b"x" * 32); recv_exactly(c, 32); done += 1
    print("client %s: %d round trips to %s in %.3f s" % (c.getsockname()[0], done, addr, time.monotonic() - t0))
    sys.exit(0 if done == count else 1)
elif mode == "sink-server":  # reads count bytes, then answers one byte
    c = serve()
    got = 0
    while got < count:
        chunk = c.recv(65536)
        if not chunk: raise EOFError("peer closed")
        got += len(chunk)
    c.sendall(b"k")
elif mode == "sink-client":
    c = connect(); c.settimeout(20)
    t0 = time.monotonic()
    block = b"y" * 65536
    sent = 0
    while sent < count:
        c.sendall(block[: min(len(block), count - sent)]); sent += min(len(block), count - sent)
    recv_exactly(c, 1)
    print("%.4f" % (time.monotonic() - t0))
EOF

# A pair of steps: the server on node $1, the client on node $2, as separate one-task jobs.
pair() { # server-node client-node mode count port
  local server="$1" client="$2" mode="$3" count="$4" port="$5" rc
  srun -t 1 -N1 -n1 -w "$server" python3 "$tmp/net.py" "$mode-server" "$addr2" "$port" "$count" >"$tmp/server.out" 2>&1 &
  local spid=$!
  srun -t 1 -N1 -n1 -w "$client" python3 "$tmp/net.py" "$mode-client" "$addr2" "$port" "$count" >"$tmp/client.out" 2>&1
  rc=$?
  wait "$spid" || rc=1
  return $rc
}
counter() { cat "/sys/class/net/$veth2/statistics/$1_packets"; }

# 1. Up, with the link into n2 limited from the start.
if "$cluster" up 3 --dir "$dir" --rate n2=10mbit >"$tmp/up.out" 2>&1 && grep -q "up took" "$tmp/up.out"; then
  ok "up 3 nodes: $(grep -o 'up took [0-9.]* s' "$tmp/up.out")"
else
  bad "up 3 --dir $dir --rate n2=10mbit" "$tmp/up.out"; echo "slurm-cluster: $passed passed, $failed failed"; exit 1
fi
source "$dir/env.sh"
read -r _ addr2 ns2 veth2 < <(grep '^n2 ' "$dir/nodes")
tag="${ns2#bgml-}"; tag="${tag%-n2}"
[ "$(wc -l <"$dir/nodes")" -eq 3 ] && [[ "$addr2" =~ ^10\.88\.[0-9]+\.2$ ]] && ip netns list | grep -q "^$ns2" \
  && ok "nodes file maps n2 to $addr2 in namespace $ns2 (link $veth2)" || bad "nodes file" "$dir/nodes"

# 2. Every node idle.
sinfo -h -N -o '%N %t' >"$tmp/sinfo.out" 2>&1
[ "$(grep -cE '^n[123] idle$' "$tmp/sinfo.out")" -eq 3 ] && ok "sinfo shows n1, n2, n3 idle" || bad "sinfo" "$tmp/sinfo.out"

# 3. A step on n2 runs there.
srun -t 1 -w n2 hostname >"$tmp/hostname.out" 2>&1
[ "$(cat "$tmp/hostname.out")" = n2 ] && ok "srun -w n2 hostname prints n2" || bad "srun -w n2 hostname" "$tmp/hostname.out"
srun -t 1 -w n2 ip -4 addr >"$tmp/addr.out" 2>&1
grep -q "inet $addr2/24" "$tmp/addr.out" && ! grep -v 127.0.0.1 "$tmp/addr.out" | grep "inet " | grep -vq "$addr2/" \
  && ok "srun -w n2 ip -4 addr shows $addr2 (and no other address but loopback)" || bad "srun -w n2 ip -4 addr" "$tmp/addr.out"

# 4. The limit: 2 MB from n1 to n2 at 10 Mbit/s (about 1.6 s), then with the limit lifted.
bytes=2000000
tc qdisc show dev "$veth2" root | grep -q "tbf.*rate 10Mbit" && ok "up --rate put a 10 Mbit/s tbf on $veth2" \
  || { tc qdisc show dev "$veth2" >"$tmp/tc.out"; bad "no 10 Mbit/s tbf on $veth2" "$tmp/tc.out"; }
if pair n2 n1 sink "$bytes" 7002; then shaped="$(cat "$tmp/client.out")"; else shaped=""; bad "shaped transfer" "$tmp/client.out"; fi
"$cluster" shape "$dir" n2 off >"$tmp/shape.out" 2>&1 || bad "shape n2 off" "$tmp/shape.out"
if pair n2 n1 sink "$bytes" 7003; then unshaped="$(cat "$tmp/client.out")"; else unshaped=""; bad "unshaped transfer" "$tmp/client.out"; fi
echo "  2 MB from n1 to n2: ${shaped:-?} s limited to 10 Mbit/s, ${unshaped:-?} s unlimited"
if [ -n "$shaped" ] && [ -n "$unshaped" ]; then
  awk -v s="$shaped" -v u="$unshaped" 'BEGIN { exit !(s >= 5 * u && s >= 0.8) }' \
    && ok "the 10 Mbit/s limit makes the transfer at least 5x slower" || bad "limit: shaped ${shaped} s against unshaped ${unshaped} s"
fi

# 5. Ping-pong between a step on n1 and a step on n2 crosses n2's link: one packet each way per message at least.
messages=1000
tx0="$(counter tx)"; rx0="$(counter rx)"
if pair n2 n1 pingpong "$messages" 7001; then
  tx1="$(counter tx)"; rx1="$(counter rx)"
  echo "  $(cat "$tmp/client.out"); $veth2 into n2 +$((tx1 - tx0)) packets, out +$((rx1 - rx0))"
  grep -q "^client ${addr2%.2}\.1: $messages round trips to $addr2" "$tmp/client.out" \
    && ok "the client step ran on n1's address and made $messages round trips to n2" || bad "client address" "$tmp/client.out"
  [ $((tx1 - tx0)) -ge $messages ] && [ $((rx1 - rx0)) -ge $messages ] \
    && ok "n2's link counters moved by at least $messages packets each way" || bad "counters: +$((tx1 - tx0)) in, +$((rx1 - rx0)) out"
else
  bad "ping-pong steps" "$tmp/client.out"; cat "$tmp/server.out"
fi

# 6. The launcher shapes a multi-host run can use: one batch job whose steps run on n2 (server) and n1 (client),
# and a heterogeneous job (started by the backfill scheduler, so it needs bf_interval=1 to start quickly).
cat >"$tmp/job.sh" <<EOF
#!/bin/sh
srun -N1 -n1 -w n2 --exact python3 $tmp/net.py pingpong-server $addr2 7004 100 &
srun -N1 -n1 -w n1 --exact python3 $tmp/net.py pingpong-client $addr2 7004 100
wait
EOF
job="$(sbatch --parsable --nodes=2 --ntasks-per-node=1 -w n1,n2 -t 1 --output="$tmp/job.out" "$tmp/job.sh" 2>"$tmp/sbatch.err")"
for _ in $(seq 1 300); do
  [ -n "$job" ] && [ -z "$(squeue -h -j "$job" -o %i 2>/dev/null)" ] && break
  sleep 0.1
done
grep -q "^client ${addr2%.2}\.1: 100 round trips to $addr2" "$tmp/job.out" 2>/dev/null \
  && ok "a batch job ran its server step on n2 and its client step on n1" || bad "batch job $job" "$tmp/job.out"
t0="$(date +%s.%N)"
timeout --foreground 30 srun -t 1 -w n1 hostname : -w n3 hostname >"$tmp/het.out" 2>"$tmp/het.err"
t1="$(date +%s.%N)"
[ "$(sort "$tmp/het.out" | tr '\n' ' ')" = "n1 n3 " ] \
  && ok "a heterogeneous job ran on n1 and n3 in $(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.1f", b - a}') s" || { cat "$tmp/het.err" >>"$tmp/het.out"; bad "heterogeneous job" "$tmp/het.out"; }

# 7. Down with a job left running that ignores SIGTERM, after slurmctld died (so no scancel; slurmstepd then ignores
# SIGTERM too): down must find them in the namespaces and kill them.
{ srun -t 5 -w n3 sh -c 'trap "" TERM; echo $$ >'"$tmp/stubborn.pid"'; exec sleep 300'; true; } >/dev/null 2>&1 &
client=$!
for _ in $(seq 1 100); do [ -s "$tmp/stubborn.pid" ] && break; sleep 0.1; done
stubborn="$(cat "$tmp/stubborn.pid" 2>/dev/null || echo)"
[ -n "$stubborn" ] && ok "a job ignoring SIGTERM runs on n3 (pid $stubborn)" || bad "the stubborn job did not start"
# Every process in the nodes' namespaces now: slurmd, slurmstepd and the job's own.
innodes="$(for ns in $(ip netns list | awk '{print $1}' | grep "^bgml-$tag-"); do ip netns pids "$ns"; done | sort -un | tr '\n' ' ')"
ctld="$(cat "$dir/run/slurmctld.pid")"
grep -q slurmctld "/proc/$ctld/cmdline" && kill -KILL "$ctld"
if SLURM_CLUSTER_STOP_WAIT=3 "$cluster" down "$dir" >"$tmp/down.out" 2>&1; then ok "down, after slurmctld was killed"; else bad "down" "$tmp/down.out"; fi
# Its srun here, a client of the dead slurmctld, would wait forever: down stops it too.
for _ in $(seq 1 50); do kill -0 "$client" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$client" 2>/dev/null; then bad "the job's srun is still waiting after down"; kill -KILL "$client"; else ok "the job's srun ended"; fi
wait "$client" 2>/dev/null
ip netns list | grep -q "^bgml-$tag-" && bad "namespaces left: $(ip netns list | grep "^bgml-$tag-" | tr '\n' ' ')" \
  || ok "no bgml-$tag-* namespace left"
ip -o link show | grep -q "bgml$tag" && bad "links left: $(ip -o link show | grep -o "bgml$tag[a-z0-9]*" | tr '\n' ' ')" \
  || ok "no bridge or veth of the cluster left"
left="$(pgrep -a -f "$dir" || true)"
[ -z "$left" ] && ok "no slurmctld, slurmd or munged of the cluster left" || bad "processes left: $left"
left=""
for p in $innodes; do
  [ -d "/proc/$p" ] && ! grep -q '^State:.*Z' "/proc/$p/status" 2>/dev/null && left="$left $p $(tr '\0' ' ' <"/proc/$p/cmdline")"
done
[ -n "$innodes" ] && [ -z "$left" ] && ok "none of the $(echo $innodes | wc -w) processes that ran in the nodes is left" \
  || bad "processes of the nodes left:${left:- (none were found before down)}"
if [ -n "$stubborn" ] && [ -d "/proc/$stubborn" ] && ! grep -q '^State:.*Z' "/proc/$stubborn/status" 2>/dev/null; then
  bad "the job that ignored SIGTERM (pid $stubborn) survived down"
else
  ok "the job that ignored SIGTERM is gone"
fi
"$cluster" down "$dir" >"$tmp/down2.out" 2>&1 && ok "down a second time succeeds" || bad "down a second time" "$tmp/down2.out"

# 8. An up failing half-way (its etc/ is a file, after the network exists) leaves nothing behind.
mkdir -p "$tmp/half"; : >"$tmp/half/etc"
half_tag="$(printf '%s' "$tmp/half" | sha1sum | cut -c1-5)"
if "$cluster" up 2 --dir "$tmp/half" >"$tmp/half.out" 2>&1; then bad "up in a broken folder succeeded" "$tmp/half.out"; else
  if ip netns list | grep -q "^bgml-$half_tag-" || ip -o link show | grep -q "bgml$half_tag"; then
    bad "a failed up left namespaces or links" "$tmp/half.out"
  else
    ok "a failed up tears down what it made"
  fi
fi
"$cluster" down "$tmp/half" >"$tmp/half-down.out" 2>&1 && ok "down after a failed up succeeds" || bad "down after a failed up" "$tmp/half-down.out"

echo "slurm-cluster: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
