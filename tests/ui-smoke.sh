#!/usr/bin/env bash
# UI smoke test of BGML Studio under Xvfb: starts the materialized Studio product (a private copy of it, with the
# test-only bundle org.bgml.ui.smoke added), which drives a first session through the platform's own APIs: project,
# New BGML Model wizard (roundtrip example), editor, Generate & Run on omniORB, BGML Results view. Screenshots of
# every step and result.txt are kept in out/ui-smoke/ (or $BGML_SMOKE_OUT).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/toolchain.sh" >/dev/null
product=$(ls -d "$root"/features/org.bgml.repository/target/products/org.bgml.studio.product/linux/gtk/x86_64/bgml-studio 2>/dev/null || true)
driver=$(ls "$root"/tests/org.bgml.ui.smoke/target/org.bgml.ui.smoke-*.jar 2>/dev/null | grep -v sources | head -n1 || true)
if [ -z "$product" ] || [ -z "$driver" ]; then
  echo "ui-smoke: build first (scripts/build.sh): the Studio product or the smoke driver bundle is missing" >&2
  exit 1
fi
for tool in xvfb-run xauth; do
  command -v "$tool" >/dev/null || { echo "ui-smoke: $tool is missing (scripts/setup.sh installs xvfb and xauth)" >&2; exit 1; }
done
out="${BGML_SMOKE_OUT:-$root/out/ui-smoke}"
rm -rf "$out"; mkdir -p "$out"
work=$(mktemp -d /tmp/bgml-ui-smoke.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp -r "$product" "$work/studio"
version=$(python3 -c 'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read("META-INF/MANIFEST.MF").decode())' "$driver" | tr -d '\r' | sed -n 's/^Bundle-Version: //p')
cp "$driver" "$work/studio/plugins/org.bgml.ui.smoke_$version.jar"
echo "org.bgml.ui.smoke,$version,plugins/org.bgml.ui.smoke_$version.jar,4,false" \
  >> "$work/studio/configuration/org.eclipse.equinox.simpleconfigurator/bundles.info"
launcher=$(ls "$work"/studio/plugins/org.eclipse.equinox.launcher_*.jar | head -n1)
start=$(date +%s%N)
status=0
timeout 900 xvfb-run -a -s '-screen 0 1400x900x24' \
  "$JAVA_HOME/bin/java" -Xmx1g -Dbgml.smoke.out="$out" -jar "$launcher" -nosplash -consoleLog \
  -data "$work/workspace" > "$out/studio.log" 2>&1 || status=$?
end=$(date +%s%N)
cat "$out/result.txt" 2>/dev/null || { echo "ui-smoke: no result.txt; the Studio log:" >&2; tail -50 "$out/studio.log" >&2; }
printf 'ui-smoke: Studio session took %d ms (exit %d); screenshots in %s\n' "$(( (end - start) / 1000000 ))" "$status" "$out"
ls "$out"/*.png 2>/dev/null | sed 's/^/  /'
if grep -q '^.*SMOKE OK$' "$out/result.txt" 2>/dev/null; then
  echo "1 passed, 0 failed"
  exit 0
fi
echo "0 passed, 1 failed"
exit 1
