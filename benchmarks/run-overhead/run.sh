#!/usr/bin/env bash
# Orchestration overhead of `bgml run`: the wall time of the whole command minus the build and minus the time the
# benchmark processes spent measuring, as a share of the wall time; and the second (unchanged, no compile) run's
# rebuild time as a share of the first run's build.
#
#   benchmarks/run-overhead/run.sh [-m model] [-t target] [-r rounds] [-d]
#
# -d runs every call through a warm `bgml daemon` (started before the first round, stopped after the last), so the
# JVM and OSGi start-up is paid once instead of per call.
#
# Defaults: examples/roundtrip.bgml on omniorb, 2 rounds of (first run with a fresh build, second run unchanged).
# Each `bgml run --timings` prints its phases (JVM start-up, load, generate, build, measuring, teardown, store,
# annotate, report); this script adds the wall time seen from outside (bash and the java launcher included) and
# prints one summary line per run. Needs the bgml product (scripts/build.sh, or BGML_PRODUCT naming one).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
model="$root/examples/roundtrip.bgml"; target=omniorb; rounds=2; daemon=no
while getopts "m:t:r:dh" o; do
  case "$o" in
    m) model="$(cd "$(dirname "$OPTARG")" && pwd)/$(basename "$OPTARG")" ;;
    t) target="$OPTARG" ;;
    r) rounds="$OPTARG" ;;
    d) daemon=yes ;;
    *) sed -n '2,15p' "$0"; exit 2 ;;
  esac
done
work=$(mktemp -d /tmp/bgml-run-overhead.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp "$model" "$work/model.bgml"
cd "$work"
if [ "$daemon" = yes ]; then
  export XDG_RUNTIME_DIR="$work/run"; mkdir -p "$XDG_RUNTIME_DIR"
  trap '"$root/bin/bgml" daemon stop >/dev/null 2>&1; rm -rf "$work"' EXIT
  "$root/bin/bgml" daemon start
fi

# seconds of a "name   x.xxx s" row of the --timings table
field() { grep -E "^ *$1 " "$2" | head -n1 | awk '{ for (i = 1; i <= NF; i++) if ($(i+1) == "s") { print $i; exit } }'; }

summary() { # label, timings file, outer wall seconds
  local build measuring loops overhead strict
  build=$(field "build" "$2"); measuring=$(field "measuring" "$2"); loops=$(field "of it in timed loops" "$2")
  overhead=$(python3 -c "print(f'{$3 - $build - $measuring:.3f}')")
  strict=$(python3 -c "print(f'{$3 - $build - $loops:.3f}')")
  python3 - "$1" "$3" "$build" "$measuring" "$loops" <<'PY'
import sys
label, wall, build, measuring, loops = sys.argv[1], *map(float, sys.argv[2:])
over = wall - build - measuring
strict = wall - build - loops
print(f"{label:<14} wall {wall:7.3f} s  build {build:7.3f} s  measuring {measuring:7.3f} s  "
      f"overhead {over:6.3f} s = {100 * over / wall:5.1f}%   (start-up of the processes counted too: {100 * strict / wall:5.1f}%)")
PY
}

for r in $(seq 1 "$rounds"); do
  rm -rf bench
  for pass in first second; do
    t0=$(date +%s%N)
    "$root/bin/bgml" run model.bgml --target "$target" --out bench --store results.db --report report.html --timings \
      >"out-$r-$pass.txt" 2>"err-$r-$pass.txt" || { echo "bgml run failed:"; tail -30 "err-$r-$pass.txt"; exit 1; }
    t1=$(date +%s%N)
    wall=$(python3 -c "print(($t1 - $t0) / 1e9)")
    echo "== round $r, $pass run (outer wall $wall s)"
    sed -n '/^wall /,$p' "err-$r-$pass.txt"
    summary "round $r $pass" "err-$r-$pass.txt" "$wall" | tee -a summary.txt
  done
  first=$(field "build" "err-$r-first.txt"); second=$(field "build" "err-$r-second.txt")
  python3 -c "print(f'round $r: second-run rebuild {float(\"$second\"):.3f} s = {100 * $second / $first:.2f}% of the first build ({float(\"$first\"):.3f} s)')" | tee -a summary.txt
done
echo "== summary"
cat summary.txt
echo "report size: $(stat -c %s report.html) bytes"
