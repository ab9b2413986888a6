#!/bin/sh
# Runs a 32-bit x86 program of the recorder: natively where this kernel can, else through
# qemu-i386 (Debian qemu-user), as some machines' kernels have no 32-bit support at all ("Exec
# format error"). Decided at run time by running PROBE, a 32-bit program that only returns 0.
#   run32.sh PROBE PROGRAM [ARGS...]
probe=$1
shift
if "$probe" 2>/dev/null; then exec "$@"; fi
if command -v qemu-i386 >/dev/null 2>&1; then exec qemu-i386 "$@"; fi
echo "run32.sh: this kernel cannot run 32-bit x86 programs, and qemu-i386 (Debian qemu-user) is not installed" >&2
exit 126
