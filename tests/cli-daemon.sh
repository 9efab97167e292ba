#!/usr/bin/env bash
# `bgml daemon`: calls served by one warm JVM behave as cold ones, through bin/bgml as a user runs them:
#  - start, status, stop; a second start finds the running daemon;
#  - relative paths are the calling shell's (validate, a whole `bgml run` storing, annotating and reporting in the
#    caller's folder), exit codes and messages come back;
#  - a call from a different environment, or with BGML_DAEMON=off, starts its own JVM and leaves the daemon alone;
#  - a caller killed mid-run (Ctrl-C) stops its benchmark processes, and the daemon serves the next call.
# A private XDG_RUNTIME_DIR keeps this daemon apart from any other on the machine.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bgml="$root/bin/bgml"
work=$(mktemp -d /tmp/bgml-daemon.XXXXXX)
export XDG_RUNTIME_DIR="$work/run"
mkdir -p "$XDG_RUNTIME_DIR" "$work/caller"
trap '"$bgml" daemon stop >/dev/null 2>&1; pkill -KILL -f "$work/" 2>/dev/null; rm -rf "$work"' EXIT
passed=0; failed=0
ok() { passed=$((passed+1)); }
fail() { failed=$((failed+1)); echo "FAIL: $*"; }
served() { "$bgml" daemon status | sed -n 's/.* \([0-9][0-9]*\) call(s) served.*/\1/p'; }
leftovers() { pgrep -f "$work/caller/long/" || true; }

"$bgml" daemon status >"$work/out" 2>&1; code=$?
[ "$code" -eq 1 ] && grep -q "none serves this environment" "$work/out" && ok || fail "status before start: exit $code: $(cat "$work/out")"
"$bgml" daemon start --idle-minutes 10 >"$work/out" 2>&1; code=$?
[ "$code" -eq 0 ] && grep -q "0 call(s) served" "$work/out" && ok || fail "start: exit $code: $(cat "$work/out")"
"$bgml" daemon start >"$work/out" 2>&1 && grep -q "pid" "$work/out" && [ "$(ls "$XDG_RUNTIME_DIR"/bgml-*/*.sock | wc -l)" -eq 1 ] \
  && ok || fail "a second start should find the running daemon: $(cat "$work/out")"

cd "$work/caller"
sed -e 's/samples="250000"/samples="5000"/g' "$root/examples/roundtrip.bgml" > roundtrip.bgml
"$bgml" validate roundtrip.bgml >out.txt 2>err.txt; code=$?
[ "$code" -eq 0 ] && grep -q "0 errors, 0 warnings in 1 file" err.txt && [ "$(served)" = 1 ] && ok \
  || fail "validate through the daemon: exit $code, served $(served): $(cat err.txt)"
head -c 300 roundtrip.bgml > truncated.bgml
"$bgml" validate truncated.bgml >out.txt 2>err.txt; code=$?
[ "$code" -eq 2 ] && grep -qE "truncated.bgml:[0-9]+" err.txt && [ "$(served)" = 2 ] && ok \
  || fail "a broken file through the daemon: exit $code, served $(served): $(cat err.txt)"

"$bgml" run roundtrip.bgml --target omniorb --timings >out.txt 2>err.txt; code=$?
[ "$code" -eq 0 ] && [ "$(served)" = 3 ] && ok || { fail "run through the daemon: exit $code, served $(served)"; tail -20 err.txt; }
[ -f .bgml/results.db ] && ls .bgml/reports/report-*.html >/dev/null 2>&1 && [ -d .bgml/benchmarks/roundtrip-omniorb ] && ok \
  || fail "the run's store, report and benchmark are not in the caller's folder: $(find . -maxdepth 3 | head -20)"
grep -q "<results" roundtrip.bgml && ok || fail "the caller's model was not annotated"
grep -qE "^ +startup \(daemon call\) +0\.[0-9]+ s" err.txt && ok || fail "a warm call's start-up is under a second: $(grep startup err.txt)"
! grep -q SLF4J out.txt err.txt "$XDG_RUNTIME_DIR"/bgml-*/*.log && ok || fail "SLF4J lines in the run's output or the daemon's log"
# Help and wrong arguments come back from the daemon as from a cold call.
"$bgml" run --help >out.txt 2>err.txt; code=$?
[ "$code" -eq 0 ] && grep -q "^usage: bgml run " out.txt && grep -q "^example:" out.txt && [ "$(served)" = 4 ] && ok \
  || fail "run --help through the daemon: exit $code, served $(served): $(cat out.txt err.txt | head -5)"
"$bgml" run roundtrip.bgml --bogus >out.txt 2>err.txt; code=$?
[ "$code" -eq 2 ] && [ "$(head -1 err.txt)" = "bgml run: unknown option --bogus" ] && [ "$(served)" = 5 ] && ok \
  || fail "a wrong option through the daemon: exit $code, served $(served): $(cat err.txt)"

BGML_UNRELATED_SETTING=1 "$bgml" validate roundtrip.bgml >/dev/null 2>&1 && [ "$(served)" = 5 ] && ok \
  || fail "a call from another environment must start its own JVM (served $(served))"
BGML_DAEMON=off "$bgml" validate roundtrip.bgml >/dev/null 2>&1 && [ "$(served)" = 5 ] && ok \
  || fail "BGML_DAEMON=off must bypass the daemon (served $(served))"

# Ctrl-C on a run the daemon serves: the caller goes, so do the benchmark processes; the daemon stays.
sed -e 's/samples="5000"/samples="250000"/g' roundtrip.bgml > long.bgml
"$bgml" run long.bgml --target omniorb --out "$work/caller/long" --store long.db >long-out.txt 2>long-err.txt &
caller=$!
# (A background job ignores SIGINT, so the test sends SIGTERM: the client's JVM exits either way and the daemon sees
# the connection close.)
for _ in $(seq 1 900); do grep -q "ready " long-err.txt && break; sleep 0.1; done
if grep -q "ready " long-err.txt; then
  pkill -TERM -f "DaemonClient .* run long.bgml"
  wait "$caller"
  for _ in $(seq 1 100); do [ -z "$(leftovers)" ] && "$bgml" daemon status | grep -q ", idle;" && break; sleep 0.1; done
  [ -z "$(leftovers)" ] && ok || fail "benchmark processes left after the caller was interrupted: $(leftovers)"
  "$bgml" daemon status | grep -q ", idle;" && ok || fail "the daemon is still busy after its caller went"
  grep -q "hung up; interrupting it" "$XDG_RUNTIME_DIR"/bgml-*/*.log && ok || fail "the daemon's log does not say the caller hung up"
else
  fail "the long run started no benchmark process: $(tail -5 long-err.txt)"
fi
"$bgml" validate roundtrip.bgml >/dev/null 2>&1 && [ "$(served)" = 7 ] && ok || fail "the daemon serves the next call (served $(served))"

"$bgml" daemon stop >"$work/out" 2>&1 && grep -q stopping "$work/out" && ok || fail "stop: $(cat "$work/out")"
for _ in $(seq 1 50); do ls "$XDG_RUNTIME_DIR"/bgml-*/*.sock >/dev/null 2>&1 || break; sleep 0.1; done
! ls "$XDG_RUNTIME_DIR"/bgml-*/*.sock >/dev/null 2>&1 && ok || fail "the socket outlives the daemon"
"$bgml" validate roundtrip.bgml >/dev/null 2>&1 && ok || fail "without a daemon, calls start their own JVM"

echo "cli-daemon: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
