#!/bin/sh
# Builds picasso and the tools, assembles the shaders, converts the textures, builds every
# example against citro3d + the host stand-in, runs each one and writes NAME.ctf.
#   ./build.sh [TRACE_DIR]          (default: build/traces)
# Environment: PICAVK_PICA (picavk's src/pica; default ../../src/pica), FRAMES (default 4),
# PROGRAMS (space-separated subset), JOBS.
# Needs: gcc/g++ with 32-bit multilib (Debian: gcc-multilib g++-multilib), libstb-dev, make.
set -eu
cd "$(dirname "$0")"
TRACES=${1:-build/traces}
set -- PICAVK_PICA="${PICAVK_PICA:-../../src/pica}" FRAMES="${FRAMES:-4}" TRACES="$TRACES"
if [ -n "${PROGRAMS:-}" ]; then set -- "$@" PROGRAMS="$PROGRAMS"; fi
make -j"${JOBS:-$(nproc)}" "$@" traces
ls -l "$TRACES"/*.ctf
