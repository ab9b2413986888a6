#!/bin/sh
# picavk-render --vertex-shaders cpu (the batched shader unit) and cpu-interpreter draw the same
# pictures of the given traces, byte for byte. Usage: cpu_engines_test.sh RENDER OUTDIR TRACE...
set -e
render=$1
out=$2
shift 2
rm -rf "$out"
for trace in "$@"; do
    name=$(basename "$trace" .ctf)
    for engine in cpu cpu-interpreter; do
        "$render" "$trace" --frames 0-3 --stats --validation --vertex-shaders "$engine" \
            --out "$out/$engine/$name" | grep -E "^(cpu shader unit|warnings|validation)" |
            sed "s|^|$name $engine: |"
    done
    for png in "$out/cpu/$name"/*.png; do
        cmp "$png" "$out/cpu-interpreter/$name/$(basename "$png")"
    done
    echo "$name: $(ls "$out/cpu/$name" | wc -l) pictures identical"
done
echo "all identical"
