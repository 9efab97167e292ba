#!/usr/bin/env bash
# Lines of hand-written C++ support code per target, at the given git revisions (default: the layout before the
# shared C++ core, and HEAD). Usage: benchmarks/support-lines/run.sh [rev ...]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."
if [ "$#" -eq 0 ]; then
  set -- 1217a5b HEAD
fi
exec python3 "$here/count.py" "$@"
