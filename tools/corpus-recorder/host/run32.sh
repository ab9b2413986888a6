#!/bin/sh
# Runs a 32-bit x86 program of the recorder: natively where this kernel can, else through
# qemu-i386 (Debian qemu-user), as some machines' kernels have no 32-bit support at all ("Exec
# format error"). Decided at run time by running PROBE, a 32-bit program that only returns 0.
#   run32.sh PROBE PROGRAM [ARGS...]
# Address-space randomisation off (setarch -R, util-linux): a program whose behaviour depends on
# where things are (craftus's did: two traces in three runs differed) then records the same
# bytes every run, natively and through qemu-i386 alike.
norandom=""
if command -v setarch >/dev/null 2>&1; then norandom="setarch $(uname -m) -R"; fi
probe=$1
shift
if "$probe" 2>/dev/null; then exec $norandom "$@"; fi
if command -v qemu-i386 >/dev/null 2>&1; then exec $norandom qemu-i386 "$@"; fi
echo "run32.sh: this kernel cannot run 32-bit x86 programs, and qemu-i386 (Debian qemu-user) is not installed" >&2
exit 126
