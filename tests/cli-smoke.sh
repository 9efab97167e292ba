#!/usr/bin/env bash
# Runs the built bgml product as a user would: through bin/bgml and the Equinox launcher.
# Checks exit codes and the shape of the output; the detailed checks live in tests/org.bgml.cli.tests.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0; failed=0
check() { # description, expected exit code, command...
  local what="$1" want="$2"; shift 2
  "$@" >"$work/out" 2>"$work/err"; local got=$?
  if [ "$got" -eq "$want" ]; then passed=$((passed+1)); else
    failed=$((failed+1)); echo "FAIL: $what: exit $got, expected $want"; cat "$work/out" "$work/err" | tail -20; fi
}
expect_text() { # description, file, pattern
  if grep -qE -- "$3" "$2"; then passed=$((passed+1)); else failed=$((failed+1)); echo "FAIL: $1: no line matching '$3'"; cat "$2" | tail -20; fi
}
check "examples validate clean" 0 bin/bgml validate examples/*.bgml metamodel/org.bgml.model/catalogs/*.bgml
expect_text "validate summary" "$work/err" "^0 errors, 0 warnings in [0-9]+ files$"
check "info summarises" 0 bin/bgml info examples/roundtrip.bgml
expect_text "info lists connections" "$work/out" "connections: +4 "
head -c 300 examples/roundtrip.bgml > "$work/truncated.bgml"
check "truncated file is unusable" 2 bin/bgml validate "$work/truncated.bgml"
expect_text "truncated file names file and line" "$work/err" "truncated.bgml:[0-9]+(:[0-9]+)?: "
check "usage without arguments" 2 bin/bgml
echo "cli-smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
