#!/bin/sh
# Builds picasso and the tools, assembles the shaders, converts the textures, builds every
# example against citro3d + the host stand-in, runs each one and writes NAME.ctf.
#   ./build.sh [TRACE_DIR]          (default: build/traces)
# Environment: PICAVK_PICA (picavk's src/pica; default ../../src/pica), FRAMES (default 4),
# PROGRAMS (space-separated subset), JOBS.
# Needs (installed below when missing): make, gcc/g++ with 32-bit multilib, libstb-dev.
set -eu
cd "$(dirname "$0")"
# The Debian packages it needs, installed when missing (as root, or through sudo).
missing=""
for p in make gcc-multilib g++-multilib libstb-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends $missing
fi
TRACES=${1:-build/traces}
set -- PICAVK_PICA="${PICAVK_PICA:-../../src/pica}" FRAMES="${FRAMES:-4}" TRACES="$TRACES"
if [ -n "${PROGRAMS:-}" ]; then set -- "$@" PROGRAMS="$PROGRAMS"; fi
make -j"${JOBS:-$(nproc)}" "$@" traces
ls -l "$TRACES"/*.ctf
