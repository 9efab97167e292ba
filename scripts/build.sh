#!/usr/bin/env bash
# Builds the whole reactor (bundles, feature, update site, products) and runs the Java tests.
# Extra arguments go to Maven, e.g. scripts/build.sh -DskipTests.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/toolchain.sh"
export MAVEN_OPTS="${MAVEN_OPTS:---enable-native-access=ALL-UNNAMED}"
cd "$root"
# The IDE's OSGi tests (tests/org.bgml.ui.tests) run in a workbench window: without a display, Maven runs under a
# private X server (xvfb-run picks a free display number, so builds can run side by side).
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null; then
  exec xvfb-run -a -s '-screen 0 1400x900x24' mvn -B -ntp verify "$@"
fi
mvn -B -ntp verify "$@"
