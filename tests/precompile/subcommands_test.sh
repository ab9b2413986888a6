#!/bin/sh
# picavk-precompile's subcommands end to end on a cache made from two corpus traces: --verify
# (exit 0), --inspect, --dump-glsl, --diff against itself (exit 0) and against a pruned copy
# (exit 1), --prune, and --verify finding a damaged file (exit 1) that --repair fixes.
# usage: subcommands_test.sh PICAVK_PRECOMPILE CORPUS_DIR WORKDIR
set -eu
pc=$1 corpus=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
"$pc" --cache "$work/c" "$corpus/textured_cube.ctf" "$corpus/fragment_light.ctf" >/dev/null
"$pc" --cache "$work/c" --verify
"$pc" --cache "$work/c" --inspect | grep -q "lighting: 1 lights"
"$pc" --cache "$work/c" --dump-glsl "$work/glsl" | grep -q "wrote 2 shaders"
"$pc" --cache "$work/c" --diff "$work/c"
cp -r "$work/c" "$work/p"
"$pc" --cache "$work/p" --prune "$corpus/textured_cube.ctf" | grep -q "removed 1 shaders, 0 compute rasteriser shaders and 1 keys"
if "$pc" --cache "$work/c" --diff "$work/p"; then echo "diff missed the pruned shader"; exit 1; fi
f=$(ls "$work"/c/picavk-shaders-*.bin)
printf 'XXXX' | dd of="$f" bs=1 seek=2000 conv=notrunc 2>/dev/null
if "$pc" --cache "$work/c" --verify; then echo "verify missed the damage"; exit 1; fi
"$pc" --cache "$work/c" --repair
"$pc" --cache "$work/c" --verify
echo "subcommands: all as expected"
