#!/usr/bin/env bash
# A private single-node Slurm on 127.0.0.1, for tests and for trying the Slurm experiment engine on one machine.
#
#   scripts/slurm-local.sh start DIR    start munged, slurmctld and slurmd with everything (key, sockets, pids,
#                                       state, spool, logs, slurm.conf) inside DIR, and wait until the node is idle
#   scripts/slurm-local.sh status DIR   say which daemons run and show sinfo
#   scripts/slurm-local.sh stop DIR     cancel every job, stop every daemon (TERM, then KILL after a bound) and any
#                                       job process left behind; exits non-zero if something survived
#
# After start, `export SLURM_CONF=DIR/etc/slurm.conf` points sbatch, squeue, scontrol and scancel at this Slurm
# (DIR/env.sh does it). The finished array tasks are listed in DIR/jobcomp.txt (jobcomp/filetxt), one line each.
# Needs Debian's slurm-wlm, slurmctld, slurmd, slurm-client and munge (scripts/setup.sh installs them). No systemd.
# The daemons run in their own sessions: signals to the caller's process group (Ctrl-C, `timeout`) do not reach them.
set -euo pipefail
export PATH="$PATH:/usr/sbin:/sbin" # the daemons live in sbin

usage() { echo "usage: $0 start|stop|status DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
action="$1"
mkdir -p "$2"
dir="$(cd "$2" && pwd)"
conf="$dir/etc/slurm.conf"
export SLURM_CONF="$conf"
# Marks the daemons (and the step daemons slurmd forks) of this instance, so stop finds whatever they left.
marker="BGML_SLURM_LOCAL=$dir"
START_WAIT_SECONDS="${SLURM_LOCAL_START_WAIT:-30}"
STOP_WAIT_SECONDS="${SLURM_LOCAL_STOP_WAIT:-10}"

need() {
  for c in "$@"; do
    command -v "$c" >/dev/null 2>&1 || { echo "slurm-local: $c not found; run scripts/setup.sh (Debian slurm-wlm and munge)" >&2; exit 3; }
  done
}

pid_of() { # the recorded pid of daemon $1 if it still runs
  local f="$dir/run/$1.pid" p
  [ -s "$f" ] || return 1
  p="$(cat "$f")"
  kill -0 "$p" 2>/dev/null || return 1
  echo "$p"
}

# Two free TCP ports on 127.0.0.1 (slurmctld, slurmd), so several private Slurms can run side by side.
free_ports() {
  python3 - <<'EOF'
import socket
socks = []
for _ in range(2):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    socks.append(s)
print(" ".join(str(s.getsockname()[1]) for s in socks))
EOF
}

write_conf() {
  local node cpus user ports ctld_port slurmd_port
  node="$(hostname -s)"
  cpus="$(nproc)"
  user="$(id -un)"
  read -r ctld_port slurmd_port < <(free_ports)
  mkdir -p "$dir/etc" "$dir/state" "$dir/spool" "$dir/log" "$dir/run" "$dir/munge"
  chmod 700 "$dir/munge"
  cat >"$conf" <<EOF
# Private single-node Slurm written by scripts/slurm-local.sh; every path is inside $dir.
ClusterName=bgml-local
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid.slurm
SlurmdPidFile=$dir/run/slurmd.pid.slurm
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/affinity
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/jobcomp.txt
MpiDefault=none
ReturnToService=2
MinJobAge=600
MaxArraySize=100001
KillWait=5
InactiveLimit=0
SlurmctldTimeout=30
SlurmdTimeout=60
NodeName=$node NodeAddr=127.0.0.1 NodeHostname=$node CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
EOF
  cat >"$dir/env.sh" <<EOF
# Source this to point the Slurm commands at the private Slurm in $dir.
export SLURM_CONF="$conf"
EOF
}

# Starts "$@" in its own session with its output in log $1; records its pid as run/$1.pid.
launch() {
  local name="$1"; shift
  env "$marker" setsid "$@" >>"$dir/log/$name.out" 2>&1 </dev/null &
  echo $! >"$dir/run/$name.pid"
}

node_state() { sinfo -h -N -o '%t' 2>/dev/null | head -n 1; }

start() {
  need munged mungekey slurmctld slurmd sinfo python3 setsid
  if pid_of slurmctld >/dev/null || pid_of slurmd >/dev/null || pid_of munged >/dev/null; then
    echo "slurm-local: already running in $dir (stop it first)" >&2
    exit 1
  fi
  write_conf
  [ -s "$dir/munge/munge.key" ] || mungekey --create --keyfile="$dir/munge/munge.key" >/dev/null
  chmod 600 "$dir/munge/munge.key"
  rm -f "$dir/munge/munge.socket" "$dir/munge/munge.socket.lock"
  launch munged munged --foreground --force --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed"
  local t=0
  until [ -S "$dir/munge/munge.socket" ]; do
    pid_of munged >/dev/null || { echo "slurm-local: munged did not start:" >&2; tail -n 20 "$dir/log/munged.out" "$dir/log/munged.log" >&2 2>/dev/null || true; stop_all >/dev/null; exit 1; }
    sleep 0.1; t=$((t + 1))
    [ $t -lt $((START_WAIT_SECONDS * 10)) ] || { echo "slurm-local: munged socket did not appear" >&2; stop_all >/dev/null; exit 1; }
  done
  # -c: start clean, dropping the jobs of an earlier start in the same folder.
  launch slurmctld slurmctld -D -c -f "$conf"
  launch slurmd slurmd -D -f "$conf" -N "$(hostname -s)"
  t=0
  local state=""
  while :; do
    state="$(node_state || true)"
    case "$state" in idle|idle*) break ;; esac
    for d in slurmctld slurmd; do
      pid_of "$d" >/dev/null || {
        echo "slurm-local: $d exited during start:" >&2
        tail -n 20 "$dir/log/$d.out" "$dir/log/$d.log" >&2 2>/dev/null || true
        stop_all >/dev/null; exit 1; }
    done
    sleep 0.2; t=$((t + 1))
    if [ $t -ge $((START_WAIT_SECONDS * 5)) ]; then
      echo "slurm-local: node not idle after ${START_WAIT_SECONDS} s (state '${state:-none}'); logs in $dir/log" >&2
      stop_all >/dev/null; exit 1
    fi
  done
  echo "slurm-local: up in $dir (node $(hostname -s), $(nproc) CPUs, partition local); export SLURM_CONF=$conf"
}

# Processes this Slurm left: its daemons and step daemons (the marker) and job processes (a job id and this
# configuration in their environment; the caller may have SLURM_CONF too, but no job id).
stragglers() {
  {
    grep -lzxF "$marker" /proc/[0-9]*/environ 2>/dev/null || true
    grep -lzxF "SLURM_CONF=$conf" /proc/[0-9]*/environ 2>/dev/null | xargs -r grep -lz '^SLURM_JOB_ID=' 2>/dev/null || true
  } | sed -n 's#^/proc/\([0-9]*\)/environ$#\1#p' | sort -un | grep -vx -e "$$" -e "$BASHPID" || true
}

# TERM to each pid, wait up to STOP_WAIT_SECONDS for all of them, then KILL the rest.
term_then_kill() {
  [ $# -gt 0 ] || return 0
  kill -TERM "$@" 2>/dev/null || true
  local t=0 alive
  while :; do
    alive=()
    for p in "$@"; do kill -0 "$p" 2>/dev/null && alive+=("$p"); done
    [ ${#alive[@]} -gt 0 ] || return 0
    [ $t -lt $((STOP_WAIT_SECONDS * 10)) ] || break
    sleep 0.1; t=$((t + 1))
  done
  echo "slurm-local: killing ${alive[*]} (still running ${STOP_WAIT_SECONDS} s after TERM)" >&2
  kill -KILL "${alive[@]}" 2>/dev/null || true
  sleep 0.2
}

stop_all() {
  local p pids=()
  if pid_of slurmctld >/dev/null && [ -f "$conf" ]; then
    # Cancel every job first so that slurmd ends their steps; bounded wait for the queue to drain.
    scancel --quiet --full --partition=local 2>/dev/null || true
    local t=0
    while [ -n "$(squeue -h -t PD,R,CG,S -o %i 2>/dev/null || true)" ] && [ $t -lt $((STOP_WAIT_SECONDS * 10)) ]; do
      sleep 0.1; t=$((t + 1))
    done
  fi
  for d in slurmd slurmctld; do
    p="$(pid_of "$d" || true)"
    [ -z "$p" ] || pids+=("$p")
  done
  term_then_kill "${pids[@]}"
  # Whatever the step daemons left (a job that ignored the cancel), then munged last: slurmd needs it to stop cleanly.
  mapfile -t pids < <(stragglers)
  term_then_kill "${pids[@]}"
  p="$(pid_of munged || true)"
  [ -z "$p" ] || term_then_kill "$p"
  local left=()
  for d in slurmd slurmctld munged; do
    pid_of "$d" >/dev/null && left+=("$d")
  done
  mapfile -t pids < <(stragglers)
  if [ ${#left[@]} -gt 0 ] || [ ${#pids[@]} -gt 0 ]; then
    echo "slurm-local: still running after stop: ${left[*]} ${pids[*]}" >&2
    return 1
  fi
  rm -f "$dir/run/"*.pid
  echo "slurm-local: stopped $dir"
}

status() {
  local running=0
  for d in munged slurmctld slurmd; do
    if p="$(pid_of "$d")"; then echo "$d: running (pid $p)"; running=$((running + 1)); else echo "$d: not running"; fi
  done
  if [ $running -gt 0 ] && [ -f "$conf" ]; then sinfo -N 2>&1 || true; fi
  [ $running -eq 3 ]
}

case "$action" in
  start) start ;;
  stop) need scancel squeue; stop_all ;;
  status) need sinfo; status ;;
  *) usage ;;
esac
