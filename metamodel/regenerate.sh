#!/usr/bin/env bash
# Regenerates metamodel/org.bgml.model/src-gen and model/bgml.genmodel from model/bgml.ecore.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../scripts/toolchain.sh"
cd "$here/codegen"
mvn -q -B compile exec:java -Dexec.args="$here/org.bgml.model"
