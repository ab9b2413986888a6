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
install() {
  missing=""
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  [ -n "$missing" ] || return 0
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends $missing
}
install make gcc-multilib g++-multilib libstb-dev
# Where this kernel cannot run 32-bit x86 programs ("Exec format error"), the programs run
# through qemu-i386 (host/run32.sh decides at run time), from Debian's qemu-user.
probe=$(mktemp)
printf 'int main(void) { return 0; }\n' | gcc -m32 -x c -o "$probe" -
"$probe" 2>/dev/null || install qemu-user
rm -f "$probe"
TRACES=${1:-build/traces}
set -- PICAVK_PICA="${PICAVK_PICA:-../../src/pica}" FRAMES="${FRAMES:-4}" TRACES="$TRACES"
if [ -n "${PROGRAMS:-}" ]; then set -- "$@" PROGRAMS="$PROGRAMS"; fi
make -j"${JOBS:-$(nproc)}" "$@" traces
ls -l "$TRACES"/*.ctf
