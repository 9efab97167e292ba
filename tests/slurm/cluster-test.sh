# Sourced by the tests that run bgml on a cluster of scripts/slurm-cluster.sh (slurm-multihost, slurm-scenarios,
# slurm-reproduce): what each of them needs before its first check and after its last.
#
# cluster_test_begin NAME NODES [--keep]
#   Skips the test (exit 0 with a line saying why) without root, without one of the cluster's or the benchmarks'
#   programs, or without a built bin/bgml. Otherwise makes the test's folder ($tmp, the cluster's folder $dir, the
#   results store $store), the counters and the ok/bad reporters, brings up a cluster of NODES nodes and sources its
#   environment. On exit the cluster goes down, and the folder is removed unless a check failed or --keep was given.
# cluster_test_end
#   Prints the test's summary line and fails when a check failed.
source "$(dirname "${BASH_SOURCE[0]}")/cluster-leftovers.sh"

cluster_test_begin() {
  test_name="$1"
  local nodes="$2" p
  keep=0; [ "${3:-}" = "--keep" ] && keep=1
  export PATH="$PATH:/usr/sbin:/sbin"
  export BGML_DAEMON=off
  if [ "$(id -u)" -ne 0 ]; then
    echo "$test_name: SKIPPED: needs root (network namespaces for the cluster's nodes)"; exit 0
  fi
  for p in munged mungekey slurmctld slurmd srun sbatch squeue scancel sinfo ip nsenter unshare python3 cmake omniidl; do
    command -v "$p" >/dev/null 2>&1 || { echo "$test_name: SKIPPED: $p not found (scripts/setup.sh installs it)"; exit 0; }
  done
  if ! bin/bgml --version >/dev/null 2>&1; then
    echo "$test_name: SKIPPED: bin/bgml is not built (scripts/build.sh)"; exit 0
  fi
  tmp="$(mktemp -d "/tmp/bgml-$test_name-test.XXXXXX")"
  dir="$tmp/cluster"
  cluster=scripts/slurm-cluster.sh
  store="$tmp/results.db"
  passed=0; failed=0
  trap cluster_test_cleanup EXIT
  trap 'exit 130' INT TERM
  if "$cluster" up "$nodes" --dir "$dir" >"$tmp/up.out" 2>&1; then ok "cluster of $nodes nodes up"; else
    bad "scripts/slurm-cluster.sh up $nodes" "$tmp/up.out"; cluster_test_end; exit 1
  fi
  source "$dir/env.sh"
}

ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; [ -z "${2:-}" ] || sed 's/^/  /' "$2" | tail -n 25; }

cluster_test_cleanup() {
  "$cluster" down "$dir" >/dev/null 2>&1 || echo "$test_name: down reported something left"
  if [ "$keep" -eq 0 ] && [ "$failed" -eq 0 ]; then rm -rf "$tmp"; else echo "$test_name: kept $tmp"; fi
}

cluster_test_end() {
  echo "$test_name: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
