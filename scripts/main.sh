#!/usr/bin/env bash
# The main job: set up the machine, build BGML Studio, validate and summarise every example, then run the
# roundtrip example end to end on omniORB (the embedded default): generate, build, run, store the results,
# annotate a copy of the model and write the HTML report. Everything it writes goes under out/main/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/build.sh" -q -DskipTests
cd "$root"
echo "== validating the examples and the shipped option catalogues"
bin/bgml validate examples/*.bgml metamodel/org.bgml.model/catalogs/*.bgml
echo "== summary"
bin/bgml info examples/*.bgml metamodel/org.bgml.model/catalogs/*.bgml
echo "== roundtrip on omniORB: generate, build, run, store, annotate, report"
work="$root/out/main"
mkdir -p "$work"
cp examples/roundtrip.bgml "$work/roundtrip.bgml"
cd "$work"
"$root/bin/bgml" run roundtrip.bgml --target omniorb --out benchmark --report roundtrip-report.html
echo "annotated model: $work/roundtrip.bgml"
echo "report:          $work/roundtrip-report.html"
