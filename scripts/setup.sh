#!/usr/bin/env bash
# Prepares a fresh Debian machine: installs the Debian packages BGML needs (only those missing),
# then checks for a JDK >= 21 and fetches Maven (scripts/toolchain.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

packages=(
  curl ca-certificates tar gzip python3
  g++ make cmake pkg-config
  omniidl libomniorb4-dev omniorb omniorb-nameserver omnievents libomnievents-dev
  libace-dev mpc-ace
  fastddsgen libfastrtps-dev libfastcdr-dev fastdds-tools
  chromium
  xvfb xauth dbus-x11 libwebkit2gtk-4.1-0
  slurm-wlm munge slurmctld slurmd slurm-client
  iproute2 util-linux
  zsh
)
# Node.js and npm build the report assets; a machine may already have them from another source.
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
source "$root/scripts/toolchain.sh"
echo "setup: JDK $JAVA_HOME, Maven $MAVEN_HOME"
