#!/usr/bin/env bash
# End-to-end faults of `bgml run` on the omniORB roundtrip (small sample counts):
#  1. a server that crashes on its 1,000th call (injected through a user-code region, which must survive the
#     regeneration `bgml run` does) ends as a stored failed run with the signal and log tail, exit code 1;
#  2. the launcher itself stopped with SIGTERM mid-run leaves no benchmark process behind;
#  3. an unwritable results store gives a clear message and exit 2, and nothing keeps running;
#  4. on fastdds with the shared-memory transport, the launcher killed with SIGKILL and with SIGTERM mid-run leaves
#     no process and no new fastrtps_* file in /dev/shm (skipped without Debian's Fast DDS packages).
# Every check looks for leftover processes by the benchmark folder's unique path.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bgml="$root/bin/bgml"
work=$(mktemp -d /tmp/bgml-run-faults.XXXXXX)
trap 'pkill -KILL -f "$work/" 2>/dev/null; rm -rf "$work"' EXIT
passed=0; failed=0
ok() { passed=$((passed+1)); }
fail() { failed=$((failed+1)); echo "FAIL: $*"; }
leftovers() { pgrep -f "$work/" | grep -v "^$$\$" || true; }

cd "$work"
# The roundtrip's remote TAO-TAO scenario with 5,000 samples per metric keeps each run short.
sed -e 's/samples="250000"/samples="5000"/g' "$root/examples/roundtrip.bgml" > roundtrip.bgml

# 1. a crash on the 1,000th call
"$bgml" generate roundtrip.bgml --target omniorb --out bench >/dev/null || fail "generate"
servant=bench/src/RoundTrip_i.cpp
python3 - "$servant" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
old = "  // BEGIN USER CODE Test::RoundTrip::test_method\n"
assert old in s, "no user code region in " + p
s = s.replace(old, old + "  static unsigned long calls = 0;\n  if (++calls == 1000) { ::abort(); }\n", 1)
open(p, "w").write(s)
PY
"$bgml" run roundtrip.bgml --target omniorb --out bench --store store.db >out.txt 2>err.txt; code=$?
[ "$code" -eq 1 ] && ok || fail "crashing server: exit $code, expected 1"
grep -q "calls == 1000" "$servant" && ok || fail "the user-code region did not survive regeneration"
grep -q "the run failed: .*signal 6 (SIGABRT)" err.txt && ok || { fail "no SIGABRT failure message"; tail -20 err.txt; }
"$bgml" results --store store.db --format csv >results.csv 2>&1 && grep -q ",failed," results.csv && ok || { fail "failed run not stored"; cat results.csv; }
[ -z "$(leftovers)" ] && ok || fail "processes left after the crash: $(leftovers)"

# 2. SIGTERM to the launcher mid-run
sed -i 's/^  static unsigned long calls = 0;$//; s/^  if (++calls == 1000) { ::abort(); }$//' "$servant"
sed -e 's/samples="5000"/samples="2000000"/' roundtrip.bgml > long.bgml
"$bgml" run long.bgml --target omniorb --out bench --store store.db >/dev/null 2>term.txt &
launcher=$!
for _ in $(seq 1 600); do grep -q "starting   (5/8)" term.txt 2>/dev/null && break; sleep 0.1; done
grep -q "starting   (5/8)" term.txt && ok || fail "the long run never reached its first client"
sleep 1
kill -TERM "$launcher"; wait "$launcher"; code=$?
[ "$code" -ne 0 ] && ok || fail "launcher exited 0 after SIGTERM"
sleep 0.5
[ -z "$(leftovers)" ] && ok || fail "processes left after SIGTERM of the launcher: $(leftovers)"

# 3. an unwritable store path
touch not-a-folder
"$bgml" run roundtrip.bgml --target omniorb --out bench --store not-a-folder/results.db >/dev/null 2>store.txt; code=$?
[ "$code" -eq 2 ] && ok || fail "unwritable store: exit $code, expected 2"
grep -q "the results could not be stored" store.txt && ok || { fail "no clear store message"; cat store.txt; }
[ -z "$(leftovers)" ] && ok || fail "processes left after the store failure: $(leftovers)"

# 4. fastdds over shared memory: SIGKILL and SIGTERM of the launcher mid-run. A SIGTERM'd launcher stops its process
#    groups with TERM first; a SIGKILL'd one cannot, so the fastdds processes ask the kernel for SIGTERM when their
#    parent dies. Either way the last process of the run removes the run's files in /dev/shm.
if command -v fastddsgen >/dev/null && [ -f /usr/include/fastdds/dds/domain/DomainParticipant.hpp ]; then
  sed -e 's/samples="250000"/samples="2000000"/' -e 's#^</bgml:BenchmarkModel>$#  <configurations name="fastddsShm">\n    <settings option="bgml:/catalogs/fastdds.bgml\#transport" value="shm"/>\n  </configurations>\n</bgml:BenchmarkModel>#' \
    "$root/examples/roundtrip.bgml" > dds.bgml
  shm_files() { ls /dev/shm | grep -E '^(sem\.)?fastrtps_' | sort; }
  # built once before, so that each run reaches its timed loops soon (the launcher's build finds it up to date)
  "$bgml" generate dds.bgml --target fastdds --out ddsbench >/dev/null \
    && (cd ddsbench && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build -j 2) >dds-build.txt 2>&1 \
    && ok || { fail "fastdds: the roundtrip does not build"; tail -20 dds-build.txt; }
  grep -A1 -- '"--transport",' ddsbench/manifest.json | grep -q '"shm"' && ok || fail "fastdds: the run does not use the shared-memory transport"
  for sig in KILL TERM; do
    before="$(shm_files)"
    BGML_DAEMON=off "$bgml" run dds.bgml --target fastdds --out ddsbench --store store.db >/dev/null 2>"dds-$sig.txt" &
    launcher=$!
    for _ in $(seq 1 3000); do grep -q "measuring" "dds-$sig.txt" 2>/dev/null && break; sleep 0.1; done
    grep -q "measuring" "dds-$sig.txt" && ok || { fail "fastdds ($sig): the long run never reached its timed loops"; tail -5 "dds-$sig.txt"; }
    sleep 1
    pgrep -f "$work/ddsbench/build/" >/dev/null && ok || fail "fastdds ($sig): no benchmark process was running when the launcher was killed"
    kill -"$sig" "$launcher"; wait "$launcher" 2>/dev/null
    for _ in $(seq 1 100); do [ -z "$(leftovers)" ] && break; sleep 0.1; done
    [ -z "$(leftovers)" ] && ok || fail "fastdds: processes left after SIG$sig of the launcher: $(leftovers)"
    left="$(comm -13 <(echo "$before") <(shm_files))"
    [ -z "$left" ] && ok || fail "fastdds: files left in /dev/shm after SIG$sig of the launcher: $(echo $left)"
  done
else
  echo "run-faults: skipping the fastdds checks: Debian's fastddsgen and libfastrtps-dev are not installed"
fi

echo "run-faults: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
