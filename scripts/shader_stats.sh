#!/bin/bash
# What a GPU compiler makes of the compute rasteriser's shaders, with no GPU: each trace is
# replayed on lavapipe as on a GPU with few raster units (PICAVK_DEVICE_ASSUME), its raster
# shaders dumped (PICAVK_DUMP_SHADERS: cr_<hash>.comp), and each one compiled by Mesa's RADV for
# an AMD GPU it does not have (RADV_FORCE_FAMILY: a null device that compiles but never runs),
# whose statistics picavk-shader-stats prints: registers per invocation (VGPRs, which bound the
# subgroups a SIMD keeps in flight), instructions, shared memory; with the validation layer on,
# so a layout the tool read wrongly from a shader fails the run. AMD's compiler, not NVIDIA's:
# the direction a change moves them, not the H200's figures (`picavk-render --pipeline-stats`
# prints those there).
#   bash scripts/shader_stats.sh [TRACE...]          (default: gpusprites, craftus' first frames)
# Environment: BUILD (default build/dev), FAMILY (default navi21), PICAVK_DEVICE_DISABLE (passed
# to the replay: e.g. raster-early-loads, to compare a change's shaders with the earlier ones).
set -euo pipefail
build=${BUILD:-build/dev}
family=${FAMILY:-navi21}
render="$build/src/apps/picavk-render"
stats="$build/src/apps/picavk-shader-stats"
for tool in "$render" "$stats"; do
    [ -x "$tool" ] || { echo "shader_stats.sh: no $tool (build first)" >&2; exit 1; }
done
icd=/usr/share/vulkan/icd.d/radeon_icd.$(uname -m).json
[ -f "$icd" ] || { echo "shader_stats.sh: no RADV ($icd: mesa-vulkan-drivers)" >&2; exit 1; }
traces=("$@")
[ ${#traces[@]} -gt 0 ] || traces=(tests/corpus/gpusprites.ctf tests/corpus/craftus.ctf)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for trace in "${traces[@]}"; do
    dump="$work/$(basename "$trace" .ctf)"
    mkdir -p "$dump"
    # Frames past the first few add no new raster shaders to these traces; a timeout bounds a
    # long one on lavapipe (the shaders are dumped as they are made).
    PICAVK_DUMP_SHADERS="$dump" PICAVK_DEVICE_ASSUME=few-raster-units \
        timeout 120 "$render" "$trace" >/dev/null 2>&1 || true
    shopt -s nullglob
    shaders=("$dump"/cr_*.comp)
    shopt -u nullglob
    if [ ${#shaders[@]} -eq 0 ]; then
        echo "$trace: no compute raster shader made"
        continue
    fi
    echo "== $trace (${#shaders[@]} raster shaders; RADV $family)"
    RADV_FORCE_FAMILY=$family VK_ICD_FILENAMES=$icd "$stats" --validation "${shaders[@]}" | awk '
        /^device:|^validation messages:/ { next }
        {
            split($1, path, "/"); name = path[length(path)]; sub(/:$/, "", name)
            stat = $0; sub(/^[^:]*: [^:]*: /, "", stat)
            value = stat; sub(/.* /, "", value); sub(/ [^ ]*$/, "", stat)
            if (!(name in seen)) { seen[name] = 1; order[++n] = name }
            v[name, stat] = value
        }
        END {
            printf "%-28s %6s %6s %8s %8s %6s %9s\n", "shader", "VGPRs", "SGPRs", "instrs",
                   "LDS", "waves", "spills"
            for (i = 1; i <= n; ++i) {
                s = order[i]
                printf "%-28s %6s %6s %8s %8s %6s %9s\n", s, v[s, "VGPRs"], v[s, "SGPRs"],
                       v[s, "Instructions"], v[s, "LDS size"], v[s, "Subgroups per SIMD"],
                       v[s, "Spilled VGPRs"] + v[s, "Spilled SGPRs"]
            }
        }'
done
