#!/usr/bin/env bash
# Builds the whole reactor (bundles, feature, update site, products) and runs the Java tests.
# Extra arguments go to Maven, e.g. scripts/build.sh -DskipTests.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/toolchain.sh"
export MAVEN_OPTS="${MAVEN_OPTS:---enable-native-access=ALL-UNNAMED}"
cd "$root"
mvn -B -ntp verify "$@"
