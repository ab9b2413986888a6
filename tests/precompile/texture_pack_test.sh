#!/bin/sh
# A texture pack end to end through the tools: picavk-render dumps a trace's textures (as Azahar
# names them), the dump becomes a pack whose one replacement is a copy of the dumped PNG,
# picavk-precompile converts the pack into a cache directory, and picavk-render draws the trace
# with pack and cache: the replacement is read from the converted cache (no PNG decoded).
# usage: texture_pack_test.sh PICAVK_PRECOMPILE PICAVK_RENDER TRACE WORKDIR
set -eu
precompile=$1 render=$2 trace=$3 work=$4
rm -rf "$work"
"$render" "$trace" --frames 0-1 --dump-textures "$work/dump" --stats --validation
ls "$work/dump"
mkdir -p "$work/pack"
cp "$work"/dump/*.png "$work"/dump/pack.json "$work/pack/"
"$precompile" --cache "$work/cache" --textures "$work/pack"
"$render" "$trace" --frames 0-3 --cache "$work/cache" --textures "$work/pack" \
    --preload-textures --stats --validation
