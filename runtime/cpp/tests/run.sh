#!/usr/bin/env bash
# Configure, build (gnu++11 and c++17) and run the runtime's tests.
# The build goes to runtime/cpp/build, or to $BGML_RUNTIME_BUILD_DIR.
# Exits non-zero when anything fails.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
build="${BGML_RUNTIME_BUILD_DIR:-$here/../build}"

cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
cmake --build "$build" --parallel "$(nproc 2>/dev/null || echo 2)"
ctest --test-dir "$build" --output-on-failure --timeout 60
"$build/probe_cost_cxx11" -n 20000 -r 3 | tail -n 1
"$build/progress_cost_cxx11" -n 1000000 -r 3 | tail -n 1
