#!/usr/bin/env bash
# `bgml reproduce --quick --engine slurm` on a 3-node cluster on this machine (scripts/slurm-cluster.sh: each node in its
# own network namespace): the proxy penalty runs with its servers on n1, its proxy on n2 and its clients on n3, and
# DBA-color with agent 0 on n1 and agent 1 on n2, as the papers ran them (a machine per role). It must exit 0, print
# both findings with a verdict and the other five as "not run" with why, store each process on its node, and leave
# nothing on any node. A host map naming no node of the reproductions is refused with exit 2 before anything runs.
# Prints the table, so that the figures across nodes can be set beside those of `bgml reproduce --quick` on one host.
# Needs root and the Slurm, munge, iproute2, util-linux and omniORB packages (scripts/setup.sh), and a built bin/bgml;
# skips, saying so, otherwise.
# Usage: tests/slurm-reproduce.sh [--keep]   (--keep leaves the temporary folder and prints it)
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source tests/slurm/cluster-test.sh
cluster_test_begin slurm-reproduce 3 "$@"
mkdir -p "$tmp/work"

# A host map that names no node of the reproductions: refused before anything is built or submitted.
(cd "$tmp/work" && "$root/bin/bgml" reproduce --quick --engine slurm --hosts server=n1 >"$tmp/bad.out" 2>&1)
rc=$?
[ $rc -eq 2 ] && grep -q "none of the reproductions' nodes" "$tmp/bad.out" && [ ! -d "$tmp/work/.bgml/reproduce/benchmarks" ] \
  && ok "an unknown model node in --hosts is refused (exit 2) before anything runs" || bad "bad host map: exit $rc" "$tmp/bad.out"

t0=$(date +%s)
(cd "$tmp/work" && timeout --foreground 900 "$root/bin/bgml" reproduce --quick --engine slurm >"$tmp/out" 2>"$tmp/err")
rc=$?
cat "$tmp/out"
echo "bgml reproduce --quick --engine slurm took $(( $(date +%s) - t0 )) s (exit $rc)"
[ $rc -eq 0 ] && ok "bgml reproduce --engine slurm ran" || bad "bgml reproduce --engine slurm exited with $rc" "$tmp/err"
grep -q "across Slurm nodes: servers on n1, proxy on n2, clients on n3, agent0 on n1, agent1 on n2" "$tmp/err" \
  && ok "the placement is said before the runs" || bad "no placement line" "$tmp/err"
for n in 4 5; do
  grep -qE "^$n +[A-Za-z].*(shape reproduced|not reproduced)$" "$tmp/out" && ok "finding $n is judged across nodes" \
    || bad "finding $n has no verdict across nodes" "$tmp/out"
done
for n in 1 2 3 6 7; do
  grep -qE "^$n +[A-Za-z].*not run$" "$tmp/out" || bad "finding $n is not 'not run' across nodes" "$tmp/out"
done
grep -q "runs on one host only" "$tmp/out" && ok "the findings that run on one host say so" || bad "no reason for the other findings" "$tmp/out"
python3 - "$tmp/work/.bgml/results.db" >"$tmp/store.out" 2>&1 <<'PY' && ok "stored: servers on n1, the proxy on n2, clients on n3; agent 0 on n1, agent 1 on n2" || bad "store" "$tmp/store.out"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
runs = db.execute("SELECT id, model_name, status FROM runs ORDER BY id").fetchall()
print(runs)
assert [r[2] for r in runs] == ["ok", "ok"], runs
where = {}
for run, model, _ in runs:
    where[model] = db.execute("SELECT cpu_placement FROM environment WHERE run = ?", (run,)).fetchone()[0]
print(where)
proxy = where["ProxyPenalty"]
for process, node in (("DirectServerProcess", "n1"), ("ProxyServer2Process", "n1"), ("ProxyRouterProcess", "n2"),
                      ("ProxyClient1Process", "n3"), ("DirectClientProcess", "n3")):
    assert f"{process}: on {node}" in proxy, (process, node, proxy)
dba = where["DbaColor"]  # reproductions/dba-color.bgml: the mesh pattern's names
assert "DbaP_0_0: on n1" in dba and "DbaP_0_1: on n2" in dba, dba
PY
if out="$(cluster_leftovers "$dir")"; then ok "nothing of the runs is left on any node"; else echo "$out" >"$tmp/left.out"; bad "left after the runs" "$tmp/left.out"; fi

cluster_test_end
