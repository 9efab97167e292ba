#!/usr/bin/env bash
# The generated CIAO round trip (examples/roundtrip.bgml, configuration taoLoopback) on a real CIAO/DAnCE, measured
# per call in the locality managers, where the components run, and in the CORBA 2.x processes.
#
#   benchmarks/tao-roundtrip/ciao.sh [-n CALLS] [-s SMALL] [-r ROUNDS] [-t TIMED] [BENCHMARK...]
#
# Each BENCHMARK is a generated and built ciao benchmark folder of examples/roundtrip.bgml (deployment remote or
# collocated; several, to compare two versions of the generator); without one, the remote deployment is generated
# with bin/bgml and built in the work folder. For each folder the manifest's run sequence (TAO servers, node
# manager, execution manager, plan launcher, the completion step, the CORBA 2.x clients, teardown) is made by hand,
# every process on the CPUs the manifest gives it:
#
#  1. counts: with SMALL (default 2,000) and CALLS (default 20,000) timed calls, three times each: with every
#     locality manager and every CORBA 2.x process under callgrind (user-space instructions), under `perf stat -e
#     context-switches,task-clock`, and under `strace -f -c`. The node manager starts its locality managers through
#     a wrapper (`dance_node_manager -s`), which records the executor libraries each one loads. The difference of
#     the two runs divided by the difference of the calls made is the cost of one call, free of start-up and
#     shut-down. A component makes one loop (its metrics share the samples); a CORBA 2.x client one per metric.
#  2. times: ROUNDS (default 4) runs with TIMED (default 100,000) calls, the folders alternating, the p50 of each
#     pair's latency, then the median over the rounds.
#
# What to compare in the remote deployment: CiaoCiao (a component calling from its locality manager) against CiaoTao
# (a plain TAO client) calling the same kind of server (a component alone in its locality manager), with the same
# ORB options. Instruction counts do not depend on the machine's load; times do.
#
# Needs ACE_ROOT, TAO_ROOT, CIAO_ROOT, DANCE_ROOT (a CIAO build), valgrind, perf, strace and python3. Work files go
# to $BGML_BENCH_DIR (default /tmp/bgml-ciao-roundtrip).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
calls=20000 small=2000 rounds=4 timed=100000
while getopts "n:s:r:t:h" opt; do
  case $opt in
    n) calls=$OPTARG ;; s) small=$OPTARG ;; r) rounds=$OPTARG ;; t) timed=$OPTARG ;;
    *) sed -n '2,27p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ "$calls" -gt "$small" ] || { echo "ciao-roundtrip: -n must be larger than -s" >&2; exit 2; }
if [ -z "${CIAO_ROOT:-}" ] || [ -z "${DANCE_ROOT:-}" ] || [ -z "${ACE_ROOT:-}" ]; then
  echo "ciao-roundtrip: skipped: ACE_ROOT, TAO_ROOT, CIAO_ROOT and DANCE_ROOT must point at a CIAO build" >&2; exit 0
fi
for tool in valgrind perf strace python3 taskset; do
  command -v $tool > /dev/null || { echo "ciao-roundtrip: $tool is missing" >&2; exit 1; }
done
work="${BGML_BENCH_DIR:-/tmp/bgml-ciao-roundtrip}"
mkdir -p "$work"
export TAO_ORBENDPOINT=iiop://127.0.0.1:
benches=("$@")
if [ ${#benches[@]} -eq 0 ]; then
  echo "== generating examples/roundtrip.bgml for ciao and building it (takes minutes)"
  rm -rf "$work/generated"
  "$root/bin/bgml" generate "$root/examples/roundtrip.bgml" --target ciao --out "$work/generated" > /dev/null
  ( cd "$work/generated" && "$ACE_ROOT/bin/mwc.pl" -type gnuace RoundTrip.mwc > build.log 2>&1 && make -j2 >> build.log 2>&1 ) \
    || { tail -30 "$work/generated/build.log"; exit 1; }
  benches=("$work/generated")
fi

pids=()
# Stops a process and what it started, the innermost first: a program under a counting tool ends by itself on
# SIGTERM, and the tool then writes its counts and exits.
stop_tree() {
  local c kids
  kids=$(pgrep -P "$1" || true)
  for c in $kids; do stop_tree "$c"; done
  [ -z "$kids" ] || for _ in $(seq 100); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.05; done
  kill "$1" 2>/dev/null || true
}
cleanup() { for p in "${pids[@]}"; do stop_tree "$p"; done; for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done; pids=(); }
trap cleanup EXIT
endpoint=(-ORBEndpoint iiop://127.0.0.1 -ORBDottedDecimalAddresses 1)
await() { # file, seconds
  for _ in $(seq $(( $2 * 20 ))); do [ -s "$1" ] && return 0; sleep 0.05; done
  echo "ERROR: no $1 within $2 s" >&2; return 1
}

# One whole run of a benchmark folder. Arguments: folder, calls, output folder, wrap (perf, strace or none).
run_once() {
  local bench=$1 n=$2 out=$3 wrap=$4
  local s="$bench/scripts/run.sh" run="$bench/run"
  rm -rf "$out" "$run" && mkdir -p "$out" "$run/results"
  # The locality managers start through this wrapper; it notes each one's arguments under its process id.
  cat > "$out/lm.sh" <<EOF
#!/bin/sh
echo "\$\$ \$*" >> "$out/lm.args"
# Which component this locality manager hosts: the executor library it loads (in it, or in the tool's child).
( for i in \$(seq 600); do
    c=\$(for k in \$\$ \$(pgrep -P \$\$); do cat /proc/\$k/maps; done 2>/dev/null | grep -o 'lib[A-Za-z]*_[A-Za-z]*_exec' | sort -u)
    [ -n "\$c" ] && { sleep 2; for k in \$\$ \$(pgrep -P \$\$); do cat /proc/\$k/maps; done 2>/dev/null | grep -o 'lib[A-Za-z]*_[A-Za-z]*_exec' | sort -u > "$out/lm.\$\$.component"; exit 0; }
    sleep 0.1
  done ) > /dev/null 2>&1 &
case "$wrap" in
  perf) exec perf stat -x, -o "$out/lm.\$\$.perf" -e context-switches,task-clock -- "$DANCE_ROOT/bin/dance_locality_manager" "\$@" ;;
  strace) exec strace -f -c -o "$out/lm.\$\$.strace" "$DANCE_ROOT/bin/dance_locality_manager" "\$@" ;;
  callgrind) exec valgrind --tool=callgrind --callgrind-out-file="$out/lm.\$\$.callgrind" "$DANCE_ROOT/bin/dance_locality_manager" "\$@" ;;
  *) exec "$DANCE_ROOT/bin/dance_locality_manager" "\$@" ;;
esac
EOF
  chmod +x "$out/lm.sh"
  tool() { # name of the output file; prints the counting tool's command for it
    case "$wrap" in
      perf) echo "perf stat -x, -o $out/$1.perf -e context-switches,task-clock --" ;;
      callgrind) echo "valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=$out/$1.callgrind" ;;
      strace) echo "strace -f -c -o $out/$1.strace" ;;
    esac
  }
  # The manifest's run sequence, one process a line: role, ready files, CPUs, program and arguments.
  python3 - "$bench/manifest.json" > "$out/sequence" <<'PY'
import json, sys
for p in json.load(open(sys.argv[1]))["processes"]:
    ready = ",".join(p.get("ready", {}).get("paths", [])) or "-"
    cpus = ",".join(str(c) for c in p.get("cpus", [])) or "-"
    print("|".join([p["role"], ready, cpus, " ".join(p["args"])]))
PY
  (
    cd "$run"
    export BGML_ITERATIONS=$n
    local role ready cpus cmd name args place
    while IFS='|' read -r role ready cpus cmd; do
      read -r -a args <<< "$cmd"
      name=${args[0]}
      place=(); [ "$cpus" != - ] && place=(taskset -c "$cpus")
      case "$name" in
        dance_node_manager)
          for i in "${!args[@]}"; do [ "${args[$i]}" = -s ] && args[$((i + 1))]="$out/lm.sh"; [ "${args[$i]}" = -t ] && args[$((i + 1))]=120; done
          "${place[@]}" "$s" "${args[@]}" > "$out/$name.log" 2>&1 < /dev/null & pids+=($!) ;;
        dance_*|*_await)
          if [ "$role" = client ]; then "${place[@]}" "$s" "${args[@]}" > "$out/$name.log" 2>&1 < /dev/null
          else "${place[@]}" "$s" "${args[@]}" > "$out/$name.log" 2>&1 < /dev/null & pids+=($!); fi ;;
        *) # a CORBA 2.x process of the benchmark, under the counting tool
          if [ "$role" = client ]; then
            $(tool "proc.$name") "${place[@]}" "$s" "${args[@]}" -n "$n" > "$out/$name.log" 2>&1 < /dev/null
          else
            $(tool "proc.$name") "${place[@]}" "$s" "${args[@]}" > "$out/$name.log" 2>&1 < /dev/null & pids+=($!)
          fi ;;
      esac
      if [ "$ready" != - ]; then
        for f in ${ready//,/ }; do await "$f" 60; done
      fi
      if [[ " ${args[*]} " == *" -s "* && "$name" == dance_plan_launcher ]]; then
        # The locality managers exit after the teardown; their counts are written then.
        local lms alive
        lms=$(cut -d' ' -f1 "$out/lm.args" 2>/dev/null || true)
        for _ in $(seq 600); do
          alive=0; for p in $lms; do kill -0 "$p" 2>/dev/null && alive=1; done
          [ $alive = 0 ] && break; sleep 0.05
        done
      fi
    done < "$out/sequence"
    sleep 0.5
    cleanup
  )
  cp "$run"/results/*.json "$out/"
}

echo "== counts: $small and $calls calls, every locality manager and CORBA 2.x process under callgrind, perf stat and strace -f -c"
for b in "${benches[@]}"; do
  name=$(basename "$b")
  for n in "$small" "$calls"; do
    for wrap in callgrind perf strace; do
      run_once "$b" "$n" "$work/$name/$wrap-$n" "$wrap"
    done
  done
  python3 "$here/ciao_percall.py" counts "$work/$name" "$small" "$calls"
done

echo "== times: $rounds rounds of $timed calls, the folders alternating"
for r in $(seq "$rounds"); do
  for b in "${benches[@]}"; do
    run_once "$b" "$timed" "$work/$(basename "$b")/times-$r" none
  done
done
python3 "$here/ciao_percall.py" times "$work" "$rounds" "${benches[@]}"
