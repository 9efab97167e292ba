#!/usr/bin/env bash
# The main job: set up the machine, build BGML Studio, then validate and summarise every example model.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/build.sh" -q -DskipTests
cd "$root"
echo "== validating the examples and the shipped option catalogues"
bin/bgml validate examples/*.bgml metamodel/org.bgml.model/catalogs/*.bgml
echo "== summary"
bin/bgml info examples/*.bgml metamodel/org.bgml.model/catalogs/*.bgml
