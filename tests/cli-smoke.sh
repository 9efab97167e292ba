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
expect_text "an unloadable file is counted apart" "$work/err" "^1 file could not be loaded$"
check "usage without arguments" 2 bin/bgml
expect_text "usage lists the commands" "$work/err" "^  validate +check models"
# Conventions: --help on every command (exit 0, options, an example), --version, one style for wrong arguments.
for command in validate info format generate run benchmark results annotate report compare experiment reproduce analyze studio daemon completion; do
  check "$command --help" 0 bin/bgml "$command" --help
  expect_text "$command --help shows its usage" "$work/out" "^usage: bgml $command "
  expect_text "$command --help has an example" "$work/out" "^  (bin/)?bgml $command( |$)"
  check "$command with a wrong option" 2 bin/bgml "$command" --no-such-option
  expect_text "$command: one error style" "$work/err" "^bgml $command: unknown option --no-such-option$"
done
check "--version" 0 bin/bgml --version
expect_text "--version names the tool" "$work/out" "^bgml [0-9]+\.[0-9]+\.[0-9]+"
expect_text "--version names the model format" "$work/out" "^model format 1\.0 \(http://bgml\.org/bgml/1\.0\)$"
check "completion bash" 0 bin/bgml completion bash
if cmp -s "$work/out" plugins/org.bgml.cli/completion/bgml.bash; then passed=$((passed+1)); else
  failed=$((failed+1)); echo "FAIL: plugins/org.bgml.cli/completion/bgml.bash differs from 'bgml completion bash'"; fi
# The completion works in bash: it offers the commands and --target's values.
complete_words() { # words of the command line...
  bash -c 'source plugins/org.bgml.cli/completion/bgml.bash; COMP_WORDS=("$@"); COMP_CWORD=$(($#-1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
    _complete_bgml 2>/dev/null; printf "%s\n" "${COMPREPLY[@]}"' _ "$@"
}
[ "$(complete_words bgml va | tr -d ' ')" = validate ] && passed=$((passed+1)) || { failed=$((failed+1)); echo "FAIL: bash completes 'bgml va': $(complete_words bgml va)"; }
# The registered targets, as bgml's own usage lists them (from the registry): the completion offers each of them.
targets="$(bin/bgml run --help 2>&1 | grep -o -- '--target [a-z0-9|]*' | head -n1 | cut -d' ' -f2 | tr '|' '\n' | sort)"
echo "$targets" | grep -qx omniorb || { failed=$((failed+1)); echo "FAIL: 'bgml run --help' lists no targets: $targets"; }
[ "$(complete_words bgml run x.bgml --target '' | tr -d ' ' | sort | paste -sd,)" = "$(echo "$targets" | paste -sd,)" ] && passed=$((passed+1)) \
  || { failed=$((failed+1)); echo "FAIL: bash completes --target: $(complete_words bgml run x.bgml --target '')"; }
# In zsh, _bgml on fpath completes from the first Tab on (zsh's line editor, driven through a pseudo-terminal).
if command -v zsh >/dev/null; then
  check "completion zsh" 0 bin/bgml completion zsh
  if cmp -s "$work/out" plugins/org.bgml.cli/completion/_bgml; then passed=$((passed+1)); else
    failed=$((failed+1)); echo "FAIL: plugins/org.bgml.cli/completion/_bgml differs from 'bgml completion zsh'"; fi
  cat > "$work/zsh-complete.zsh" <<'ZSH'
zmodload zsh/zpty
zpty z 'zsh -f -i'
zpty -w z "PROMPT='> '; fpath=($1 \$fpath); autoload -U compinit && compinit -u; bgml() { :; }; zstyle ':completion:*' list-prompt ''"
sleep 1
zpty -n -w z $'bgml run x.bgml --target \t'
sleep 3
out=""
while zpty -r -t z chunk; do out+=$chunk; done
zpty -d z
print -r -- "$out"
ZSH
  listed=$(timeout 30 zsh -f "$work/zsh-complete.zsh" "$root/plugins/org.bgml.cli/completion" 2>&1 | tr -d '\r' | sed 's/\x1b\[[0-9;?]*[a-zA-Z]//g')
  if echo "$listed" | grep -qE "^$(echo $targets | sed 's/ / +/g')" && ! echo "$listed" | grep -q 'not found'; then passed=$((passed+1)); else
    failed=$((failed+1)); echo "FAIL: zsh does not complete --target:"; echo "$listed" | tail -5; fi
else
  echo "cli-smoke: zsh is not installed; the zsh completion is not checked"
fi
# A normal run prints what was asked for: no SLF4J start-up notes (a cold JVM, no daemon).
sed -e 's/samples="250000"/samples="2000"/g' examples/roundtrip.bgml > "$work/roundtrip.bgml"
check "a short run" 0 env BGML_DAEMON=off bin/bgml run "$work/roundtrip.bgml" --out "$work/bench" --store "$work/results.db" --report "$work/report.html"
if grep -q SLF4J "$work/out" "$work/err"; then failed=$((failed+1)); echo "FAIL: the run printed SLF4J lines:"; grep SLF4J "$work/out" "$work/err"; else passed=$((passed+1)); fi
echo "cli-smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
