#!/usr/bin/env bash
# Sets up the machine and runs every test: the Java test bundles (Tycho surefire, inside OSGi),
# the C++ measurement runtime tests (C++11 and C++17), and the command-line smoke checks.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
cd "$root"
echo "== Java: build and test bundles"
scripts/build.sh
echo "== Java: skipped tests (each with its reason; only those in tests/skips/allowed.txt may skip)"
python3 tests/skips/check.py
echo "== C++ measurement runtime"
runtime/cpp/tests/run.sh
echo "== command line"
tests/cli-smoke.sh
echo "== bgml reproduce --quick: the seeds' seven findings on this machine"
tests/reproduce-quick.sh
echo "== bgml daemon: warm calls behave as cold ones"
tests/cli-daemon.sh
echo "== bgml run: faults end to end"
tests/run-faults.sh
echo "== bgml experiment run --engine slurm: a private single-node Slurm"
tests/slurm-experiment.sh
echo "== scripts/slurm-cluster.sh: a 3-node Slurm on this machine, each node in its own network namespace"
tests/slurm-cluster.sh
echo "== bgml run --engine slurm: one benchmark across two namespace nodes of that cluster"
tests/slurm-multihost.sh
echo "== concurrent scenarios across hosts: the proxy pattern on 3 nodes, DBA-color with 4 agents on 4 nodes"
tests/slurm-scenarios.sh
echo "== bgml reproduce --quick --engine slurm: the proxy penalty and DBA-color with their processes on separate nodes"
tests/slurm-reproduce.sh
echo "== diagram: client unit tests and browser tests (headless Chromium)"
tests/diagram-browser/run.sh
echo "== BGML Studio under Xvfb: wizard, editor, Generate & Run, results view"
tests/ui-smoke.sh
echo "== update site: p2's director installs BGML into a bare Eclipse IDE, which then runs it"
tests/p2-install.sh
