#!/usr/bin/env bash
# Runs the diagram's browser tests: `bgml studio` (bin/bgml, built by scripts/build.sh) served to Debian's headless
# Chromium, driven by playwright-core from the npm registry (pinned by package-lock.json; no browser download).
# Skips only when Chromium is not installed. Screenshots land in tests/diagram-browser/artifacts/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
client="$here/../../plugins/org.bgml.diagram/client"
echo "-- diagram client unit tests"
( cd "$client" && { [ -d node_modules ] || npm ci --no-audit --no-fund --ignore-scripts --loglevel=error; } && npm test --silent )
echo "-- diagram browser tests"
chromium="${BGML_CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "diagram browser tests: SKIPPED, Chromium is not installed at $chromium (scripts/setup.sh installs Debian's chromium)"
  exit 0
fi
cd "$here"
npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
rm -rf artifacts
exec node --test --test-concurrency=1 --test-timeout=600000 --test-reporter=spec diagram.test.mjs
