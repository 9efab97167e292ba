#!/usr/bin/env bash
# Installs BGML from its p2 update site into a bare Eclipse IDE, the way "Install New Software" does, and proves that
# the installed BGML works. The bare IDE (features/org.bgml.repository/bare-ide.product) is the platform's workbench
# with p2 and no BGML bundle; a private copy of it runs p2's director application against the BGML site alone (no
# other site), so every non-platform bundle BGML needs must come from that site. Then, in the installed IDE:
#   - the director lists both BGML features as installed roots, and bundles.info holds every BGML bundle;
#   - the bgml command-line application (org.bgml.cli.bgml) validates and generates examples/roundtrip.bgml;
#   - installing again changes nothing;
#   - under Xvfb, the UI smoke driver (tests/org.bgml.ui.smoke) runs a first session in the installed workbench:
#     New BGML Model wizard, diagram editor, Generate & Run on omniORB, BGML Results view (screenshots are kept in
#     out/p2-install/ or $BGML_P2_OUT); then the CLI finds that run in the results store;
#   - uninstalling removes the BGML bundles, and the bgml application is gone.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/toolchain.sh" >/dev/null
repo="$root/features/org.bgml.repository/target"
site="$repo/repository"
bare="$repo/products/org.bgml.bareide.product/linux/gtk/x86_64/bare-ide"
driver=$(ls "$root"/tests/org.bgml.ui.smoke/target/org.bgml.ui.smoke-*.jar 2>/dev/null | grep -v sources | head -n1 || true)
if [ ! -f "$site/content.jar" ] || [ ! -d "$bare/plugins" ] || [ -z "$driver" ]; then
  echo "p2-install: build first (scripts/build.sh): the update site, the bare IDE product or the smoke driver bundle is missing" >&2
  exit 1
fi
for tool in xvfb-run xauth; do
  command -v "$tool" >/dev/null || { echo "p2-install: $tool is missing (scripts/setup.sh installs xvfb and xauth)" >&2; exit 1; }
done
out="${BGML_P2_OUT:-$root/out/p2-install}"
rm -rf "$out"; mkdir -p "$out"
work=$(mktemp -d /tmp/bgml-p2-install.XXXXXX)
trap 'rm -rf "$work"' EXIT
ide="$work/ide"
t0=$(date +%s%N)
passed=0; failed=0
pass() { passed=$((passed+1)); echo "ok: $1"; }
fail() { failed=$((failed+1)); echo "FAIL: $1"; [ $# -lt 2 ] || tail -n 25 "$2" | sed 's/^/  | /'; }
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
bgml_bundles() { grep -o '^org\.bgml\.[a-z.]*,' "$1/configuration/org.eclipse.equinox.simpleconfigurator/bundles.info" | tr -d , | sort; }
launcher() { ls "$1"/plugins/org.eclipse.equinox.launcher_*.jar | head -n1; }
eclipse() { # install folder, log file, arguments: runs that install's own launcher headless
  local dir="$1" log="$2"; shift 2
  "$JAVA_HOME/bin/java" -Xmx1g -jar "$(launcher "$dir")" -nosplash "$@" >"$log" 2>&1
}
director() { # log file, director arguments: p2's director application of the copy, acting on the copy. It runs with
  # a configuration area of its own, so that it provisions the copy as an install it is not running from.
  local log="$1"; shift
  eclipse "$ide" "$log" -configuration "$work/director-configuration" \
    -application org.eclipse.equinox.p2.director -destination "$ide" -profile "$profile" "$@"
}

# The bare IDE: a p2-managed install (its profile is named in config.ini) with no BGML bundle.
profile=$(sed -n 's/^eclipse\.p2\.profile=//p' "$bare/configuration/config.ini")
if [ -z "$profile" ] || [ ! -d "$bare/p2/org.eclipse.equinox.p2.engine/profileRegistry/$profile.profile" ]; then
  echo "p2-install: the bare IDE has no p2 profile (eclipse.p2.profile in config.ini and its profile registry)" >&2
  exit 1
fi
mkdir "$ide" && cp -r "$bare/." "$ide/"
if [ -n "$(bgml_bundles "$ide")" ] || ls "$ide/plugins" | grep -q '^org\.bgml\.'; then
  fail "the bare IDE already holds BGML bundles"
fi
ls "$ide/plugins" | sort > "$work/plugins.before"
echo "p2-install: bare IDE with $(wc -l < "$work/plugins.before") bundles, p2 profile $profile; site $site"

# Install both features from the BGML site alone.
wanted=org.bgml.feature.feature.group,org.bgml.ui.feature.feature.group
t=$(date +%s%N)
director "$work/install.log" -repository "file:$site" -installIU "$wanted"; status=$?
install_ms=$(ms "$t")
if [ "$status" -eq 0 ] && grep -q '^Operation completed' "$work/install.log"; then
  pass "director installed $wanted from the BGML site alone (exit 0, $install_ms ms)"
else
  fail "director install from $site exited $status (the site must carry every bundle BGML needs)" "$work/install.log"
  echo "p2-install: $passed passed, $failed failed (nothing installed, nothing more to check)"
  exit 1
fi
director "$work/roots.log" -listInstalledRoots; status=$?
if [ "$status" -eq 0 ] && grep -q '^org\.bgml\.feature\.feature\.group/' "$work/roots.log" \
    && grep -q '^org\.bgml\.ui\.feature\.feature\.group/' "$work/roots.log"; then
  pass "profile $profile lists both BGML features as installed roots"
else
  fail "profile $profile does not list both BGML features (exit $status)" "$work/roots.log"
fi
# Every bundle the two features name (and the targets feature that org.bgml.feature includes) is configured to run.
expected=$(cat "$root"/features/org.bgml.feature/feature.xml "$root"/features/org.bgml.targets.feature/feature.xml \
  "$root"/features/org.bgml.ui.feature/feature.xml \
  | grep -o '<plugin id="org\.bgml\.[a-z.]*"' | sed 's/.*id="//; s/"//' | sort -u)
missing=$(comm -23 <(echo "$expected") <(bgml_bundles "$ide"))
if [ -z "$missing" ]; then
  pass "bundles.info holds all $(echo "$expected" | wc -l) BGML bundles"
else
  fail "BGML bundles missing from bundles.info: $(echo $missing)"
fi
ls "$ide/plugins" | sort > "$work/plugins.after"
added=$(comm -13 "$work/plugins.before" "$work/plugins.after" | sed -E 's/_[0-9][^_]*$//; s/\.jar$//')
others=$(echo "$added" | grep -v '^org\.bgml\.' || true)
echo "p2-install: the site added $(echo "$added" | grep -c .) bundles, $(echo "$others" | grep -c .) of them not BGML's own:"
echo "$others" | tr '\n' ' ' | fold -s -w 116 | sed 's/^/  /'; echo

# The installed IDE runs BGML's command-line application headless.
cd "$root"
t=$(date +%s%N)
eclipse "$ide" "$work/validate.log" -data "$work/cli-ws" -application org.bgml.cli.bgml validate examples/roundtrip.bgml; status=$?
if [ "$status" -eq 0 ] && grep -q '^0 errors, 0 warnings in 1 file$' "$work/validate.log"; then
  pass "installed IDE: bgml validate examples/roundtrip.bgml (exit 0, $(ms "$t") ms)"
else
  fail "installed IDE: bgml validate exited $status" "$work/validate.log"
fi
eclipse "$ide" "$work/generate.log" -data "$work/cli-ws" -application org.bgml.cli.bgml \
  generate examples/roundtrip.bgml --target omniorb --out "$work/gen"; status=$?
if [ "$status" -eq 0 ] && grep -q '^generated [0-9]* files' "$work/generate.log" && [ -f "$work/gen/manifest.json" ] \
    && [ -f "$work/gen/CMakeLists.txt" ] && ls "$work"/gen/idl/*.idl >/dev/null 2>&1; then
  pass "installed IDE: bgml generate --target omniorb wrote $(find "$work/gen" -type f | wc -l) files"
else
  fail "installed IDE: bgml generate exited $status or wrote no benchmark" "$work/generate.log"
fi

# Installing again is a no-op.
sum() { (cat "$ide/configuration/org.eclipse.equinox.simpleconfigurator/bundles.info"; ls "$ide/plugins") | md5sum; }
before=$(sum)
director "$work/again.log" -repository "file:$site" -installIU "$wanted"; status=$?
if [ "$status" -eq 0 ] && [ "$(sum)" = "$before" ]; then
  pass "installing again: exit 0, bundles.info and plugins unchanged"
else
  fail "installing again: exit $status, or it changed the install" "$work/again.log"
fi

# The BGML Studio UI in the installed workbench, driven by the smoke driver under Xvfb.
mkdir "$work/ui" && cp -r "$ide/." "$work/ui/"
version=$(python3 -c 'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read("META-INF/MANIFEST.MF").decode())' "$driver" \
  | tr -d '\r' | sed -n 's/^Bundle-Version: //p')
cp "$driver" "$work/ui/plugins/org.bgml.ui.smoke_$version.jar"
echo "org.bgml.ui.smoke,$version,plugins/org.bgml.ui.smoke_$version.jar,4,false" \
  >> "$work/ui/configuration/org.eclipse.equinox.simpleconfigurator/bundles.info"
t=$(date +%s%N)
timeout 600 xvfb-run -a -s '-screen 0 1400x900x24' "$JAVA_HOME/bin/java" -Xmx1g -Dbgml.smoke.out="$out" \
  -jar "$(launcher "$work/ui")" -nosplash -consoleLog -data "$work/ui-ws" > "$out/ide.log" 2>&1; status=$?
cp "$work/ui-ws/.metadata/.log" "$out/workspace.log" 2>/dev/null || true
if grep -q 'SMOKE OK$' "$out/result.txt" 2>/dev/null; then
  pass "installed IDE under Xvfb: wizard, diagram editor, Generate & Run, results view ($(ms "$t") ms, exit $status)"
else
  fail "installed IDE under Xvfb: the UI smoke session did not pass (exit $status; $out/ide.log)" "$out/result.txt"
  [ -f "$out/result.txt" ] || tail -n 25 "$out/ide.log" | sed 's/^/  | /'
fi
for problem in 'Theme .* not found' 'No SVG rasterizer found' 'Unsupported class file major version'; do
  if grep -qE "$problem" "$out/workspace.log" 2>/dev/null; then fail "installed IDE's log: $problem ($out/workspace.log)"; fi
done
store=$(find "$work/ui-ws" -name results.db -path '*/.bgml/*' 2>/dev/null | head -n1)
if [ -n "$store" ] && eclipse "$ide" "$work/results.log" -data "$work/cli-ws" -application org.bgml.cli.bgml \
    results --store "$store" --last 1 && grep -qE '[0-9]{8}-[0-9]{6}-' "$work/results.log"; then
  pass "installed IDE: bgml results reads the UI's run from $(basename "$(dirname "$(dirname "$store")")")/.bgml/results.db"
else
  fail "installed IDE: bgml results found no stored run of the UI session (store: ${store:-none})" "$work/results.log"
fi

# Uninstalling removes BGML again.
director "$work/uninstall.log" -uninstallIU "$wanted"; status=$?
left=$(bgml_bundles "$ide")
if [ "$status" -eq 0 ] && [ -z "$left" ]; then
  pass "uninstall: exit 0, no BGML bundle left in bundles.info"
else
  fail "uninstall: exit $status, BGML bundles left: $(echo $left)" "$work/uninstall.log"
fi
eclipse "$ide" "$work/gone.log" -data "$work/cli-ws" -application org.bgml.cli.bgml validate examples/roundtrip.bgml; status=$?
if [ "$status" -ne 0 ] && grep -qE 'Application "?org\.bgml\.cli\.bgml"? could not be found' "$work/gone.log" "$ide"/configuration/*.log 2>/dev/null; then
  pass "after uninstall the bgml application is gone (exit $status)"
else
  fail "after uninstall the bgml application still starts or fails otherwise (exit $status)" "$work/gone.log"
fi

echo "p2-install: $passed passed, $failed failed in $(ms "$t0") ms (director install $install_ms ms)"
[ "$failed" -eq 0 ]
