#!/usr/bin/env bash
# Builds a private copy of the working tree in /tmp/bgml-build-NAME, so that several builds can run at once
# without sharing target/ folders. Usage: scripts/build-copy.sh NAME [maven arguments]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
name="$1"; shift
copy="/tmp/bgml-build-$name"
rm -rf "$copy"
mkdir -p "$copy"
tar -C "$root" --exclude=./.git --exclude='./.tools' --exclude='*/target' --exclude='*/node_modules' \
    --exclude='./runtime/cpp/build' -cf - . | tar -C "$copy" -xf -
ln -s "$root/.tools" "$copy/.tools"
exec "$copy/scripts/build.sh" "$@"
