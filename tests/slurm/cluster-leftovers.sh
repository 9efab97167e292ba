# Sourced by the tests that run benchmarks on a cluster of scripts/slurm-cluster.sh.
# cluster_leftovers DIR: succeeds once Slurm runs no job and no process but slurmd is alive in any node's namespace
# (waiting up to 10 s for slurmstepd to finish); otherwise prints the jobs and processes left and fails.
cluster_leftovers() {
  local nodes="$1/nodes" i ns p cmd left
  for i in $(seq 1 50); do
    left=""
    for ns in $(awk '{ print $3 }' "$nodes"); do
      for p in $(ip netns pids "$ns" 2>/dev/null); do
        cmd="$( { tr '\0' ' ' <"/proc/$p/cmdline"; } 2>/dev/null || true)"
        [ -n "$cmd" ] || continue
        grep -q '^State:.*Z' "/proc/$p/status" 2>/dev/null && continue
        case "$cmd" in slurmd\ *|*/slurmd\ *) continue ;; esac
        left="$left [$ns $p $cmd]"
      done
    done
    [ -z "$(squeue -h -o %i 2>/dev/null)" ] && [ -z "$left" ] && return 0
    sleep 0.2
  done
  echo "jobs: $(squeue -h -o '%i %T' | tr '\n' ' ') processes:$left"
  return 1
}
