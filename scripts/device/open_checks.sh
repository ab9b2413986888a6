#!/bin/bash
# On a lent GPU machine, in the repository root, after scripts/device/pack.sh (carry .dev):
#   bash .dev/run.sh bash .dev/open_checks.sh
# The checks the open issues wait for, in one call (device time is scarce):
#  - shadow and gas test cases on a device with fragment-shader interlock (the interlock calls
#    themselves; the code between them also runs on lavapipe: ctest shadow-gas.ordered-fragments),
#    and again with it turned off (the compare-and-swap fallback on a real GPU);
#  - the demo's frame time and GPU busy time at scales 1, 4 and 8, three runs each, the GPU
#    time by pass at each scale, and BM_RendererDemoScale (the flat and no-draw floors);
#  - issue 17: the GPU vertex path's figures (to set gpu_vertex_min_draw on GPUs);
#  - issue 13's optional GPU texture decode: the texture decode tests, and the upload benchmarks
#    down both paths (TextureDecode::Auto takes the GPU on GPUs: this is its measurement);
#  - 40 sessions in one process now that drivers stay loaded (vk/device/resident_modules.h).
D=.dev
echo "== device"
"$D/picavk-render" --frames 0 --stats | head -1 # the profile's I: fragment-shader interlock
echo "== sessions one after another in one process (NVIDIA's driver failed to load after ~30)"
"$D/picavk-tests" -tc="device lifetime*" 2>&1 | tail -3
echo "== shadow and gas, interlock on"
bash "$D/per_test.sh" "*shadow*,*gas*"
echo "== shadow and gas, interlock off"
PICAVK_DEVICE_DISABLE=interlock bash "$D/per_test.sh" "*shadow*,*gas*"
echo "== demo frame time by scale"
for s in 1 4 8; do
    for run in 1 2 3; do
        printf 'scale %s run %s: ' "$s" "$run"
        "$D/picavk-render" --frames 0-29 --scale "$s" --stats | grep -E "^median per frame|median frame" | tr '\n' ' '
        echo
    done
    # Where the GPU's time goes at this scale (profiling itself costs little on a GPU).
    "$D/picavk-render" --frames 0-29 --scale "$s" --gpu-profile | sed -n '/^median per frame/,/between the passes/p'
done
echo "== the demo by scale: whole, with a flat cube, with no draw (what the device itself costs)"
"$D/picavk-bench" --benchmark_filter='BM_RendererDemoScale' --benchmark_repetitions=3 \
    --benchmark_report_aggregates_only=true 2>&1 | grep -E "median"
echo "== GPU vertex path"
"$D/picavk-bench" --benchmark_filter='BM_RendererVertexPath|BM_RendererFrame' \
    --benchmark_repetitions=3 --benchmark_report_aggregates_only=true 2>&1 | grep -v "^\*\*\*"
echo "== texture decode on the GPU: exact, and what it saves"
"$D/picavk-tests" -tc="texture decode:*" 2>&1 | tail -2
PICAVK_TEXTURE_DECODE=gpu "$D/picavk-tests" \
    "-tc=texturing:*,surface reinterpretation:*,surface transfers: render-to-texture*" 2>&1 | tail -2
"$D/picavk-bench" --benchmark_filter='BM_TextureUpload' --benchmark_min_time=0.2 \
    --benchmark_repetitions=3 --benchmark_report_aggregates_only=true 2>&1 | grep -E "median|^Bench"
