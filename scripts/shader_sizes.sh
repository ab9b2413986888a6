#!/bin/bash
# How heavy the fragment shaders are that the demo and each corpus trace make picavk generate,
# beside the ubershader that stands in while they compile (issue 32: "fragment shaders heavier
# than the state needs"). Each shader is compiled as picavk compiles it (glslangValidator, Vulkan
# 1.3) and then optimised by spirv-opt -O, so that code the state leaves dead does not count; a
# driver's compiler starts from about there. Per shader: the instructions in its functions, the
# texture reads among them (sample, fetch), and the conditional branches (what a GPU may
# diverge on). Static counts: the ubershader runs only the part its configuration selects.
#   bash scripts/shader_sizes.sh [BUILD_DIR]      (default build/dev; needs picavk-render)
set -euo pipefail
build=${1:-build/dev}
render="$build/src/apps/picavk-render"
[ -x "$render" ] || { echo "shader_sizes.sh: no $render (build first)" >&2; exit 1; }
for tool in glslangValidator spirv-opt spirv-dis; do
    command -v "$tool" >/dev/null || { echo "shader_sizes.sh: $tool missing" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# "instructions texture-reads branches" of one GLSL fragment shader, optimised.
measure() {
    glslangValidator -V --target-env vulkan1.3 -S frag "$1" -o "$work/a.spv" >/dev/null
    spirv-opt -O "$work/a.spv" -o "$work/b.spv"
    spirv-dis "$work/b.spv" | awk '
        /OpFunction /  { body = 1 }
        body           { n++ }
        body && /OpImageSample|OpImageFetch|OpImageRead|OpImageGather/ { tex++ }
        body && /OpBranchConditional|OpSwitch/ { br++ }
        /OpFunctionEnd/ { body = 0 }
        END { printf "%d %d %d\n", n, tex, br }'
}

printf '%-22s %7s %27s %27s\n' "trace" "shaders" "instructions min/median/max" "texture reads, branches max"
for t in demo tests/corpus/*.ctf; do
    name=$(basename "$t" .ctf)
    mkdir -p "$work/$name"
    if [ "$t" = demo ]; then
        PICAVK_DUMP_SHADERS="$work/$name" "$render" >/dev/null 2>&1
    else
        PICAVK_DUMP_SHADERS="$work/$name" "$render" "$t" >/dev/null 2>&1
    fi
    [ -f "$work/$name/ubershader.frag" ] && mv "$work/$name/ubershader.frag" "$work/ubershader.frag"
    sizes=$(for f in "$work/$name"/fs_*.frag; do [ -f "$f" ] && measure "$f"; done | sort -n)
    count=$(printf '%s\n' "$sizes" | grep -c . || true)
    if [ "$count" = 0 ]; then # every trace draws: its shaders were not written
        echo "shader_sizes.sh: $name wrote no shader" >&2
        exit 1
    fi
    min=$(printf '%s\n' "$sizes" | head -1 | cut -d' ' -f1)
    max=$(printf '%s\n' "$sizes" | tail -1 | cut -d' ' -f1)
    median=$(printf '%s\n' "$sizes" | sed -n "$(((count + 1) / 2))p" | cut -d' ' -f1)
    tex=$(printf '%s\n' "$sizes" | cut -d' ' -f2 | sort -n | tail -1)
    br=$(printf '%s\n' "$sizes" | cut -d' ' -f3 | sort -n | tail -1)
    printf '%-22s %7d %27s %27s\n' "$name" "$count" "$min/$median/$max" "$tex, $br"
done
[ -f "$work/ubershader.frag" ] || { echo "shader_sizes.sh: no ubershader written" >&2; exit 1; }
read -r n tex br < <(measure "$work/ubershader.frag")
printf '%-22s %7s %27s %27s\n' "ubershader" 1 "$n" "$tex, $br"
