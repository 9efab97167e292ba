#!/usr/bin/env bash
# A private Slurm cluster of N compute nodes on this one machine, each node in its own network namespace, for tests
# and for trying multi-host runs without a real cluster.
#
#   scripts/slurm-cluster.sh up N [--dir DIR] [--rate NODE=RATE ...]
#       start munged and slurmctld (in this machine's own network namespace) and one slurmd per node n1..nN, node nK
#       in its own network namespace with the address SUBNET.K/24 on a private Linux bridge; wait until every node
#       is idle; shape the links named by --rate (see shape); print how long it took
#   scripts/slurm-cluster.sh shape DIR NODE RATE|off
#       limit the bandwidth of the traffic into NODE to RATE (tc tbf on the node's bridge port), or lift the limit
#   scripts/slurm-cluster.sh status [DIR]
#       daemons, nodes (address, namespace, link counters, limit) and sinfo; exits non-zero unless all run
#   scripts/slurm-cluster.sh down [DIR]
#       cancel every job, stop every daemon (TERM, then KILL after a bound), kill whatever is left in each node's
#       namespace, delete the namespaces, the veth pairs and the bridge. Safe to run twice and after an `up` that
#       failed half-way. Exits non-zero, naming what, if anything survived.
#
# DIR defaults to $BGML_SLURM_CLUSTER_DIR, else /tmp/bgml-slurm-cluster. Everything of the cluster lives inside DIR:
#   etc/slurm.conf, etc/plugstack.conf (empty), etc/hosts (the nodes' private /etc/hosts), munge/ (key, socket),
#   run/ (pid files), state/, spool/nK/, log/ (one log per daemon), jobcomp.txt (one line per finished job),
#   env.sh        `source DIR/env.sh` points sinfo, srun, sbatch, squeue and scancel at this cluster (SLURM_CONF)
#   nodes         one line per node: name address namespace root-side-veth (for launchers mapping model nodes)
#   net           the tag, subnet, node count and bridge of this cluster (read by status)
# Outside DIR it creates only network objects, all named after a tag of 5 hex digits derived from DIR's path, so
# that clusters in different folders never clash (with each other, with scripts/slurm-local.sh or with the machine):
#   namespaces bgml-TAG-n1 .. bgml-TAG-nN, bridge bgmlTAGbr, veth pairs bgmlTAGnK (bridge side) / eth0 (node side).
# `down` finds them by these names alone. The only other thing outside DIR is the lock file
# /run/lock/bgml-slurm-cluster.lock, held while a cluster picks its subnet and makes its links, and kept.
# SUBNET is 10.88.0 unless another interface or route already uses 10.88.0.0/24; then the next free 10.88.X.
# The bridge has SUBNET.254/24. Nothing routes this subnet anywhere: the namespaces have no default route, the
# script neither enables ip_forward nor adds any iptables rule, so cluster traffic never leaves the machine.
#
# Checked facts this script relies on (Slurm 22.05, Debian 12):
# - `ip netns exec` breaks slurmd: it remounts /sys and slurmd exits with "No filesystem mounted on
#   /sys/fs/cgroup". `nsenter --net=/run/netns/NS` does not remount anything. Each slurmd starts as
#     nsenter --net=/run/netns/NS unshare --uts --mount --propagation slave \
#       sh -c 'hostname nK && mount --bind DIR/etc/hosts /etc/hosts && exec slurmd -D -N nK -f CONF'
#   so each node has its own host name and `getent hosts n2` works inside jobs, while the machine's /etc/hosts
#   stays untouched. Neither nsenter nor unshare forks here, so the recorded pid is slurmd's own.
# - munged's Unix socket works across network namespaces (AuthInfo=socket=...), so one munged serves all.
# - Every slurmd can use the same SlurmdPort: each namespace has its own ports.
# - Heterogeneous jobs (`srun ... : ...`) are started by the backfill scheduler only, every 30 s by default:
#   bf_interval=1 starts them in about 2 s.
# - Two steps at once on one node need `srun --exact` (or --overlap) in a big enough allocation, or the second waits.
# - Launcher shape that works: `sbatch --nodes=2` whose script runs `srun -N1 -n1 -w n2 server &` and then
#   `srun -N1 -n1 -w n1 client`. With --export=NONE use absolute paths.
# - `srun` started on the machine itself (outside every node) listens for its steps' output on all addresses,
#   because its host name does not resolve to the bridge (so CommunicationParameters=NoInAddrAny is not set;
#   slurmctld still listens only on SUBNET.254). An `srun` inside a batch job runs on a node and stays on the bridge.
# - Bandwidth limits: `tc qdisc replace dev bgmlTAGnK root tbf rate RATE burst B latency 100ms` on the bridge-side
#   veth shapes the traffic into node nK (that veth's outgoing direction); 100mbit moved 50 MB in about 4.2 s.
#   `netem` is not in this kernel, so there is no delay or loss injection.
# - Teardown: once slurmctld is gone, slurmstepd ignores SIGTERM, so whatever is left in a namespace
#   (`ip netns pids NS`) gets TERM and then KILL. PIDs wrap around, so a pid from a pid file is signalled only if
#   its command line names DIR. Orphans are reaped only every 1-2 s here: a zombie counts as stopped.
# - The nodes share the machine's CPUs, memory and filesystem; CPUs=2 per node is only declared. Leave RealMemory
#   unset and do not ask for --mem.
# Needs root (network namespaces), Debian's slurm-wlm, slurmctld, slurmd, slurm-client, munge, iproute2 (ip, tc)
# and util-linux (nsenter, unshare, flock, setsid); scripts/setup.sh installs them. No systemd.
# The daemons run in their own sessions: signals to the caller's process group (Ctrl-C, `timeout`) do not reach them.
set -euo pipefail
export PATH="$PATH:/usr/sbin:/sbin" # the daemons, ip and tc live in sbin

START_WAIT_SECONDS="${SLURM_CLUSTER_START_WAIT:-30}"
STOP_WAIT_SECONDS="${SLURM_CLUSTER_STOP_WAIT:-10}"
MAX_NODES=200
SLURMD_PORT=6818 # inside each node's own namespace

usage() {
  cat >&2 <<EOF
usage: $0 up N [--dir DIR] [--rate NODE=RATE ...]
       $0 shape DIR NODE RATE|off        (RATE like 100mbit, 10mbit, 500kbit, 1gbit)
       $0 status [DIR]
       $0 down [DIR]
DIR defaults to \$BGML_SLURM_CLUSTER_DIR, else /tmp/bgml-slurm-cluster.
EOF
  exit 2
}
say() { echo "slurm-cluster: $*"; }
err() { echo "slurm-cluster: $*" >&2; }

need() {
  for c in "$@"; do
    command -v "$c" >/dev/null 2>&1 || { err "$c not found; run scripts/setup.sh (slurm-wlm, munge, iproute2, util-linux)"; exit 3; }
  done
}
need_root() {
  [ "$(id -u)" -eq 0 ] || { err "needs root: it creates network namespaces, veth pairs and a bridge"; exit 3; }
}

# Sets dir, conf, tag and the object names for folder $1.
use_dir() {
  mkdir -p "$1"
  dir="$(cd "$1" && pwd)"
  conf="$dir/etc/slurm.conf"
  export SLURM_CONF="$conf"
  tag="$(printf '%s' "$dir" | sha1sum | cut -c1-5)"
  bridge="bgml${tag}br"
  marker="BGML_SLURM_CLUSTER=$dir"
}
ns_name() { echo "bgml-$tag-n$1"; }
veth_name() { echo "bgml${tag}n$1"; }

# Running means: the process exists, is not a zombie, and its command line names this cluster's folder.
alive() {
  local p="$1" state cmd
  state="$(sed -n 's/^[0-9]* ([^)]*) \([A-Za-z]\).*/\1/p' "/proc/$p/stat" 2>/dev/null || true)"
  [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ] || return 1
  [ -z "${2:-}" ] && return 0
  cmd="$(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null || true)"
  [[ "$cmd" == *"$dir"* ]]
}
pid_of() { # the recorded pid of daemon $1 if it still runs
  local f="$dir/run/$1.pid" p
  [ -s "$f" ] || return 1
  p="$(cat "$f")"
  alive "$p" checked || return 1
  echo "$p"
}

# The namespaces and links of this cluster that exist now (found by name, so no state file is needed).
our_namespaces() { ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^bgml-$tag-n[0-9]+$" || true; }
our_links() { ip -o link show 2>/dev/null | awk -F': ' '{print $2}' | sed 's/@.*//' | grep -E "^bgml${tag}(br|n[0-9]+|p[0-9]+)$" || true; }

# A 10.88.X.0/24 that no interface address and no route of this machine uses yet.
free_subnet() {
  local x used
  used="$( { ip -4 -o addr show; ip -4 route show table all; } 2>/dev/null)"
  for x in $(seq 0 255); do
    grep -qE "(^|[^0-9])10\.88\.$x\.[0-9]+" <<<"$used" || { echo "10.88.$x"; return 0; }
  done
  return 1
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("", 0)); print(s.getsockname()[1])'
}

# Rates tc understands, in bits per second units only (bytes-per-second units are easy to mistake).
rate_bits() {
  local r="$1" n u
  [[ "$r" =~ ^([0-9]+)(bit|kbit|mbit|gbit)$ ]] || return 1
  n="${BASH_REMATCH[1]}"; u="${BASH_REMATCH[2]}"
  case "$u" in bit) echo "$n" ;; kbit) echo $((n * 1000)) ;; mbit) echo $((n * 1000000)) ;; gbit) echo $((n * 1000000000)) ;; esac
}

# Starts "$@" in its own session with its output in log/$1.out; records its pid as run/$1.pid.
launch() {
  local name="$1"; shift
  env "$marker" setsid "$@" >>"$dir/log/$name.out" 2>&1 </dev/null &
  echo $! >"$dir/run/$name.pid"
}

make_network() { # n subnet
  local n="$1" subnet="$2" k ns veth peer
  ip link add "$bridge" type bridge
  disable_ipv6 "$bridge"
  ip addr add "$subnet.254/24" dev "$bridge"
  ip link set "$bridge" up
  for k in $(seq 1 "$n"); do
    ns="$(ns_name "$k")"; veth="$(veth_name "$k")"; peer="bgml${tag}p$k"
    ip netns add "$ns"
    ip link add "$veth" type veth peer name "$peer"
    disable_ipv6 "$veth"
    ip link set "$peer" netns "$ns"
    ip -n "$ns" link set "$peer" name eth0
    nsenter --net="/run/netns/$ns" sh -c 'echo 1 >/proc/sys/net/ipv6/conf/eth0/disable_ipv6' 2>/dev/null || true
    ip -n "$ns" addr add "$subnet.$k/24" dev eth0
    ip -n "$ns" link set lo up
    ip -n "$ns" link set eth0 up
    ip link set "$veth" master "$bridge"
    ip link set "$veth" up
  done
}
disable_ipv6() { # no router solicitations or neighbour discovery noise on the cluster links
  [ -w "/proc/sys/net/ipv6/conf/$1/disable_ipv6" ] && echo 1 >"/proc/sys/net/ipv6/conf/$1/disable_ipv6" || true
}

write_files() { # n subnet
  local n="$1" subnet="$2" k ctld_port user
  user="$(id -un)"
  ctld_port="$(free_port)"
  mkdir -p "$dir/etc" "$dir/state" "$dir/log" "$dir/run" "$dir/munge"
  for k in $(seq 1 "$n"); do mkdir -p "$dir/spool/n$k"; done
  chmod 700 "$dir/munge"
  : >"$dir/etc/plugstack.conf"
  {
    echo "127.0.0.1 localhost"
    echo "$subnet.254 bgml-ctld"
    for k in $(seq 1 "$n"); do echo "$subnet.$k n$k"; done
  } >"$dir/etc/hosts"
  cat >"$conf" <<EOF
# Private $n-node Slurm written by scripts/slurm-cluster.sh; every path is inside $dir.
ClusterName=bgml-$tag
SlurmctldHost=bgml-ctld($subnet.254)
SlurmctldPort=$ctld_port
SlurmdPort=$SLURMD_PORT
CommunicationParameters=NoCtldInAddrAny
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/%n
SlurmctldPidFile=$dir/run/slurmctld.pid.slurm
SlurmdPidFile=$dir/run/slurmd-%n.pid.slurm
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd-%n.log
PlugStackConfig=$dir/etc/plugstack.conf
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
SchedulerParameters=bf_interval=1,batch_sched_delay=0
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/jobcomp.txt
MpiDefault=none
ReturnToService=2
MinJobAge=300
KillWait=2
InactiveLimit=0
SlurmctldTimeout=30
SlurmdTimeout=60
NodeName=n[1-$n] NodeAddr=$subnet.[1-$n] CPUs=2 State=UNKNOWN
PartitionName=cluster Nodes=n[1-$n] Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
EOF
  cat >"$dir/env.sh" <<EOF
# Source this to point the Slurm commands at the private $n-node cluster in $dir.
export SLURM_CONF="$conf"
EOF
  : >"$dir/nodes.tmp"
  for k in $(seq 1 "$n"); do echo "n$k $subnet.$k $(ns_name "$k") $(veth_name "$k")" >>"$dir/nodes.tmp"; done
  mv -f "$dir/nodes.tmp" "$dir/nodes"
}

idle_count() { { sinfo -h -N -o '%N %t' 2>/dev/null || true; } | awk '$2 ~ /^idle/ {print $1}' | sort -u | wc -l; }

up() {
  local n="" rates=() a
  [ $# -ge 1 ] || usage
  n="$1"; shift
  [[ "$n" =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] && [ "$n" -le $MAX_NODES ] || { err "N must be 1..$MAX_NODES, not '$n'"; exit 2; }
  local d="${BGML_SLURM_CLUSTER_DIR:-/tmp/bgml-slurm-cluster}"
  while [ $# -gt 0 ]; do
    case "$1" in
      --dir) [ $# -ge 2 ] || usage; d="$2"; shift 2 ;;
      --rate) [ $# -ge 2 ] || usage; rates+=("$2"); shift 2 ;;
      --delay|--loss) err "$1: netem is not in this kernel, so there is no delay or loss injection; only --rate"; exit 2 ;;
      *) usage ;;
    esac
  done
  for a in "${rates[@]}"; do
    [[ "$a" =~ ^n([0-9]+)=(.+)$ ]] && [ "${BASH_REMATCH[1]}" -ge 1 ] && [ "${BASH_REMATCH[1]}" -le "$n" ] \
      && rate_bits "${BASH_REMATCH[2]}" >/dev/null \
      || { err "--rate $a: expected nK=RATE with K in 1..$n and RATE like 100mbit"; exit 2; }
  done
  need_root
  need munged mungekey slurmctld slurmd sinfo python3 setsid nsenter unshare flock ip tc sha1sum
  use_dir "$d"
  if pid_of slurmctld >/dev/null || pid_of munged >/dev/null || [ -n "$(our_namespaces)$(our_links)" ]; then
    err "a cluster (or what is left of one) already exists for $dir; run: $0 down $dir"
    exit 1
  fi
  local t0 t1 subnet
  t0="$(date +%s.%N)"
  # From here on, any way out of `up` but success (a failed step, Ctrl-C, TERM) tears down what was made so far.
  up_done=0
  trap 'if [ $up_done -eq 0 ]; then err "up failed; tearing down what it started"; down_all >/dev/null || true; fi' EXIT
  trap 'exit 130' INT TERM
  mkdir -p "$dir/run" "$dir/log"
  rm -f "$dir"/run/*.pid "$dir/nodes"
  # The subnet choice and the network objects under one machine-wide lock, so two clusters never pick one subnet.
  mkdir -p /run/lock
  exec 9>/run/lock/bgml-slurm-cluster.lock
  flock -w 30 9 || { err "could not take /run/lock/bgml-slurm-cluster.lock within 30 s"; exit 1; }
  subnet="$(free_subnet)" || { err "no free 10.88.X.0/24 left"; exit 1; }
  printf 'tag=%s\nsubnet=%s\nnodes=%s\nbridge=%s\n' "$tag" "$subnet" "$n" "$bridge" >"$dir/net"
  if ! make_network "$n" "$subnet" 2>"$dir/log/network.err"; then
    err "creating the network failed:"; cat "$dir/log/network.err" >&2
    exit 1
  fi
  flock -u 9; exec 9>&-
  write_files "$n" "$subnet"
  local t_net t_munge
  t_net="$(date +%s.%N)"

  [ -s "$dir/munge/munge.key" ] || mungekey --create --keyfile="$dir/munge/munge.key" >/dev/null
  chmod 600 "$dir/munge/munge.key"
  rm -f "$dir/munge/munge.socket" "$dir/munge/munge.socket.lock"
  launch munged munged --foreground --force --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed"
  local t=0
  until [ -S "$dir/munge/munge.socket" ]; do
    pid_of munged >/dev/null || fail_up "munged did not start" munged
    sleep 0.05; t=$((t + 1))
    [ $t -lt $((START_WAIT_SECONDS * 20)) ] || fail_up "munged's socket did not appear" munged
  done
  # -c: start clean, dropping the jobs of an earlier start in the same folder.
  t_munge="$(date +%s.%N)"
  # slurmctld has its own host name and /etc/hosts too (network namespace unchanged), in which bgml-ctld is the
  # bridge address: with NoCtldInAddrAny it then listens on that address only, not on the machine's others.
  launch slurmctld unshare --uts --mount --propagation slave \
    sh -c "hostname bgml-ctld && mount --bind '$dir/etc/hosts' /etc/hosts && exec slurmctld -D -c -f '$conf'"
  local k
  for k in $(seq 1 "$n"); do
    launch "slurmd-n$k" nsenter --net="/run/netns/$(ns_name "$k")" unshare --uts --mount --propagation slave \
      sh -c "hostname n$k && mount --bind '$dir/etc/hosts' /etc/hosts && exec slurmd -D -N n$k -f '$conf'"
  done
  t=0
  local idle=0
  while :; do
    idle="$(idle_count || echo 0)"
    [ "$idle" -lt "$n" ] || break
    pid_of slurmctld >/dev/null || fail_up "slurmctld exited during start" slurmctld
    for k in $(seq 1 "$n"); do pid_of "slurmd-n$k" >/dev/null || fail_up "slurmd of n$k exited during start" "slurmd-n$k"; done
    sleep 0.1; t=$((t + 1))
    [ $t -lt $((START_WAIT_SECONDS * 10)) ] || fail_up "only $idle of $n nodes idle after $START_WAIT_SECONDS s" slurmctld
  done
  for a in "${rates[@]}"; do
    [[ "$a" =~ ^(n[0-9]+)=(.+)$ ]]
    shape_node "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" || fail_up "could not shape $a" slurmctld
  done
  up_done=1
  trap - INT TERM
  t1="$(date +%s.%N)"
  say "up: $n nodes (n1..n$n at $subnet.1..$subnet.$n, namespaces bgml-$tag-nK, bridge $bridge at $subnet.254) in $dir"
  say "up took $(awk -v a="$t0" -v b="$t1" -v n="$t_net" -v m="$t_munge" \
    'BEGIN {printf "%.2f s (network and files %.2f s, munged %.2f s, daemons until every node idle %.2f s)", b - a, n - a, m - n, b - m}')"
  say "source $dir/env.sh (SLURM_CONF=$conf)"
}

fail_up() { # message, daemon whose logs to show
  err "$1; logs in $dir/log:"
  tail -n 15 "$dir/log/$2.out" "$dir/log/$2.log" 2>/dev/null | sed 's/^/  /' >&2 || true
  exit 1 # the EXIT trap of up tears down
}

read_net() { # sets subnet and nodes from DIR/net, if it is there
  subnet=""; nodes=0
  [ -f "$dir/net" ] || return 1
  subnet="$(sed -n 's/^subnet=//p' "$dir/net")"
  nodes="$(sed -n 's/^nodes=//p' "$dir/net")"
  [ -n "$subnet" ] && [ -n "$nodes" ]
}

shape_node() { # node rate|off
  local node="$1" rate="$2" k veth bits burst
  [[ "$node" =~ ^n([0-9]+)$ ]] || { err "node must be nK, not '$node'"; return 2; }
  k="${BASH_REMATCH[1]}"
  veth="$(veth_name "$k")"
  ip link show "$veth" >/dev/null 2>&1 || { err "no link $veth for $node in $dir (is the cluster up?)"; return 1; }
  if [ "$rate" = off ]; then
    tc qdisc del dev "$veth" root 2>/dev/null || true
    say "$node: no limit"
    return 0
  fi
  bits="$(rate_bits "$rate")" || { err "rate '$rate': expected a number with bit, kbit, mbit or gbit (like 100mbit)"; return 2; }
  # 20 ms worth of bytes, at least 16 KiB: small enough to shape short transfers, large enough for the timer.
  burst=$((bits / 8 / 50)); [ "$burst" -ge 16384 ] || burst=16384
  tc qdisc replace dev "$veth" root tbf rate "$rate" burst "$burst" latency 100ms
  say "$node: traffic into the node limited to $rate (tbf on $veth, burst $burst bytes)"
}

shape() {
  [ $# -eq 3 ] || usage
  need_root; need ip tc sha1sum
  [ -d "$1" ] || { err "no cluster folder $1"; exit 1; }
  use_dir "$1"
  [ -n "$(our_namespaces)" ] || { err "no cluster is up in $dir"; exit 1; }
  shape_node "$2" "$3"
}

# Processes of this cluster outside the namespaces' lists: the daemons (marker in their environment), and anything
# in its namespaces.
ns_pids() { local ns; for ns in $(our_namespaces); do ip netns pids "$ns" 2>/dev/null || true; done; }
marked_pids() {
  grep -lzxF "$marker" /proc/[0-9]*/environ 2>/dev/null | sed -n 's#^/proc/\([0-9]*\)/environ$#\1#p' || true
}
# srun and salloc clients of this cluster (its SLURM_CONF in their environment): without slurmctld they would wait
# forever for steps that are gone.
client_pids() {
  local f p
  for f in $(grep -lzxF "SLURM_CONF=$conf" /proc/[0-9]*/environ 2>/dev/null || true); do
    p="${f#/proc/}"; p="${p%/environ}"
    case "$(cat "/proc/$p/comm" 2>/dev/null)" in srun|salloc|sattach) echo "$p" ;; esac
  done
}
leftover_pids() {
  local p
  { ns_pids; marked_pids; client_pids; } | sort -un | while read -r p; do
    [ "$p" != "$$" ] && [ "$p" != "$BASHPID" ] && alive "$p" && echo "$p"
  done
}

# TERM to each pid, wait up to STOP_WAIT_SECONDS for all of them to stop, then KILL the rest and wait a little.
term_then_kill() {
  [ $# -gt 0 ] || return 0
  kill -TERM "$@" 2>/dev/null || true
  local t=0 alive_ones p
  while :; do
    alive_ones=()
    for p in "$@"; do alive "$p" && alive_ones+=("$p"); done
    [ ${#alive_ones[@]} -gt 0 ] || return 0
    [ $t -lt $((STOP_WAIT_SECONDS * 10)) ] || break
    sleep 0.1; t=$((t + 1))
  done
  err "killing ${alive_ones[*]} (still running ${STOP_WAIT_SECONDS} s after TERM)"
  kill -KILL "${alive_ones[@]}" 2>/dev/null || true
  t=0
  while [ $t -lt 30 ]; do
    alive_ones=()
    for p in "$@"; do alive "$p" && alive_ones+=("$p"); done
    [ ${#alive_ones[@]} -gt 0 ] || return 0
    sleep 0.1; t=$((t + 1))
  done
}

describe() { local p; for p in "$@"; do echo "  $p $(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | cut -c1-150)"; done; }

down_all() {
  local p pids=() f name
  if pid_of slurmctld >/dev/null && [ -f "$conf" ]; then
    # Cancel every job first so that the slurmds end their steps; bounded wait for the queue to drain.
    scancel --quiet --full --partition=cluster 2>/dev/null || true
    local t=0
    while [ -n "$(squeue -h -t PD,R,CG,S -o %i 2>/dev/null || true)" ] && [ $t -lt $((STOP_WAIT_SECONDS * 10)) ]; do
      sleep 0.1; t=$((t + 1))
    done
  fi
  for f in "$dir"/run/slurmd-n*.pid "$dir/run/slurmctld.pid"; do
    [ -e "$f" ] || continue
    name="$(basename "$f" .pid)"
    p="$(pid_of "$name" || true)"
    [ -z "$p" ] || pids+=("$p")
  done
  term_then_kill "${pids[@]}"
  # Whatever the step daemons and jobs left in the namespaces (slurmstepd ignores TERM without slurmctld), then
  # munged last: the slurmds need it to stop cleanly.
  mapfile -t pids < <(leftover_pids | grep -vx "$(pid_of munged || echo none)" || true)
  term_then_kill "${pids[@]}"
  p="$(pid_of munged || true)"
  [ -z "$p" ] || term_then_kill "$p"
  mapfile -t pids < <(leftover_pids)
  local problems=()
  if [ ${#pids[@]} -gt 0 ]; then
    problems+=("processes still running:"$'\n'"$(describe "${pids[@]}")")
  fi
  # A namespace is deleted only once nothing runs in it: deleting it would hide such processes from a second `down`.
  local ns left
  for ns in $(our_namespaces); do
    left="$(ip netns pids "$ns" 2>/dev/null || true)"
    if [ -n "$left" ]; then problems+=("namespace $ns kept: processes $(echo $left) still in it"); continue; fi
    ip netns del "$ns" 2>/dev/null || problems+=("could not delete namespace $ns")
  done
  for name in $(our_links); do
    ip link del "$name" 2>/dev/null || true # deleting a namespace already took its veth pairs with it
  done
  name="$(our_links | tr '\n' ' ')"
  [ -z "$name" ] || problems+=("links left: $name")
  if [ ${#problems[@]} -gt 0 ]; then
    err "down left something behind in or for $dir:"
    printf '  %s\n' "${problems[@]}" >&2
    return 1
  fi
  rm -f "$dir"/run/*.pid "$dir/munge/munge.socket" "$dir/munge/munge.socket.lock"
  say "down: nothing left of the cluster in $dir"
}

down() {
  [ $# -le 1 ] || usage
  need_root; need ip sha1sum scancel squeue
  local d="${1:-${BGML_SLURM_CLUSTER_DIR:-/tmp/bgml-slurm-cluster}}"
  if [ ! -d "$d" ]; then
    # No folder: nothing of it can run (its names derive from the path, so look for them anyway).
    use_dir_noncreate "$d"
  else
    use_dir "$d"
  fi
  down_all
}
use_dir_noncreate() {
  dir="$(realpath -m "$1")"; conf="$dir/etc/slurm.conf"; export SLURM_CONF="$conf"
  tag="$(printf '%s' "$dir" | sha1sum | cut -c1-5)"; bridge="bgml${tag}br"; marker="BGML_SLURM_CLUSTER=$dir"
}

status() {
  [ $# -le 1 ] || usage
  need ip sinfo sha1sum
  local d="${1:-${BGML_SLURM_CLUSTER_DIR:-/tmp/bgml-slurm-cluster}}"
  [ -d "$d" ] || { echo "no cluster folder $d"; exit 1; }
  use_dir "$d"
  local running=0 expected=2 p k veth subnet nodes qd
  read_net || true
  for name in munged slurmctld; do
    if p="$(pid_of "$name")"; then echo "$name: running (pid $p)"; running=$((running + 1)); else echo "$name: not running"; fi
  done
  for k in $(seq 1 "${nodes:-0}"); do
    expected=$((expected + 1))
    veth="$(veth_name "$k")"
    if p="$(pid_of "slurmd-n$k")"; then running=$((running + 1)); p="running (pid $p)"; else p="not running"; fi
    if [ -e "/sys/class/net/$veth" ]; then
      qd="$(tc qdisc show dev "$veth" root 2>/dev/null | grep -o 'tbf.*rate [^ ]*' | sed 's/.*rate /limit /' || true)"
      echo "n$k: slurmd $p, $subnet.$k in $(ns_name "$k"), $veth into node $(cat "/sys/class/net/$veth/statistics/tx_packets") packets, out $(cat "/sys/class/net/$veth/statistics/rx_packets") packets, ${qd:-no limit}"
    else
      echo "n$k: slurmd $p, no link $veth"
    fi
  done
  if pid_of slurmctld >/dev/null; then sinfo -N 2>&1 || true; fi
  [ "$running" -eq "$expected" ] && [ "$expected" -gt 2 ]
}

[ $# -ge 1 ] || usage
action="$1"; shift
case "$action" in
  up) up "$@" ;;
  shape) shape "$@" ;;
  down) down "$@" ;;
  status) status "$@" ;;
  *) usage ;;
esac
