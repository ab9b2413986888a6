#!/bin/bash
# On a lent GPU machine, in the repository root, after scripts/device/pack.sh (carry .dev.tgz):
#   tar xzf .dev.tgz && bash .dev/run.sh bash .dev/open_checks.sh    more than 5 minutes
#   tar xzf .dev.tgz && JOBS=15 bash .dev/run.sh bash .dev/per_test.sh "*"   the whole suite
# A call of about 4 minutes for the frame figures: FRAMES=40 TESTS=0 BENCH=0 GAMES=0
# VARIANTS="none" (230 s on an H200, 2026-11-30, 8x8 tiles and asynchronous compiles; the
# shorter raster_checks.sh beside this measures the compute rasteriser alone).
# Timed on an H200 (2026-11-30): FRAMES=60 TESTS=0 with five variants and the benchmarks ran
# past 210 s before reaching the craftus sections; FRAMES=40 TESTS=0 BENCH=0 GAMES=0
# VARIANTS="none depth-fill-words" about 95 s; the whole suite at JOBS=15 about 5 minutes, of
# which the eight "differential: generated fragment shaders" parts took more than 175 s each
# (thousands of pipelines; they never finished inside a call): start them first (CASES).
# What issue 32 (every pass near the hardware's limit) is measured by, in one call (device time
# is scarce), each figure beside its goal:
#  - the device, and the memory type and heap of every block picavk holds (images belong in
#    device-local memory);
#  - frame time, GPU busy time and the host's waits for the GPU of the demo and every corpus
#    trace at scale 1 and 8, about 200 frames each (the games' 660 frames once), clocks warm
#    (goal: at most 0.6 ms at scale 8, and at most 2.5 times scale 1); and each with three
#    frames in flight, the mean frame time (the rate frames come at when the GPU draws behind
#    the caller);
#  - 2d_shapes and gpusprites frame by frame (--frame-times: is a slow frame a wait or the
#    CPU?), and the registers the driver gave the compute rasteriser's shaders
#    (--pipeline-stats: how many warps an SM keeps in flight);
#  - BM_TextureUploadGpu/0/1024 with the upload buffers in each memory type (system memory,
#    the PCI BAR, cached system memory: PICAVK_UPLOAD_MEMORY), with the host's waits; the
#    host's texture hash by vector unit (BM_ContentHash), with and without the copy into
#    staging in the same pass (BM_ContentHashCopy), and the upload with the baseline's;
#  - the compute rasteriser's reads of one-level textures without gradients and its early
#    loads, each on and off, for gpusprites, craftus and four 3D traces;
#  - where the raster pass's time goes: the demo, gpusprites, 2d_shapes and toon_shading at
#    scale 8 with the fragment code left out, everything after the coverage test left out,
#    every pixel's walk of its triangles left out (the set-up alone), and everything left out
#    (PICAVK_RASTER_PROBE: the launch alone);
#  - GPU time, bytes and rate by pass at scale 8 for the demo (fills and the display transfer:
#    goal 1 TB/s or more each), gpusprites (render pass: goal at most 1 ms), the frame table's
#    two outliers (2d_shapes, cubemap: with their fallbacks, uploads and write-backs) and craftus;
#  - the same with each change undone in turn (the compute rasteriser, its binning pass, and
#    compute passes for
#    fills and transfers where the device has few raster units, fills done by the next render
#    pass, storage usage on demand, fills with the clear commands), and with two undone
#    together: what each gained;
#  - BM_TextureUploadGpu/0/1024 (goal 10 GB/s or more; its write_us, gpu_busy_us and
#    gpu_upload_us counters split a frame into the benchmark's own guest write, GPU work and
#    the upload pass, so the host's share is the rest), BM_RendererDemoScale, and the host's
#    display transfer of a screen no GPU surface holds (BM_TransferDisplay: 46 us on the
#    2-core VM for RGBA8 to RGB8);
#  - BM_RendererSprites: gpusprites' 768 blended sprites (citro2d's depth test and fills) drawn
#    by the graphics pipeline (/S/0), by the compute rasteriser (/S/1) and by it without its
#    binning pass (/S/2), scale 1, 4 and 8:
#    draw_us is the draw's own GPU time (goal for gpusprites' render pass: at most 1 ms at
#    scale 8), depth_copies should read 0;
#  - craftus at scale 8 with its vertices shaded by the compute rasteriser's vertex pre-pass and
#    (PICAVK_DEVICE_DISABLE=vertex-prepass) on the CPU: vertex shader runs on the CPU, frame
#    time and GPU busy time;
#  - craftus from a cold and a warm shader cache: the compute rasteriser's shaders from disk,
#    every draw a compute draw from the first frame;
#  - the compute rasteriser's tests, which draw every scene both ways on this device: its
#    coverage, depth, stencil and blending against the device's own graphics pipeline;
#  - the tests whose results hang on conversions Vulkan leaves to the implementation (16-bit
#    colour written and sampled in place, depth clears, texturing), which llvmpipe does as the
#    PICA does;
#  - the gas scene test that failed its goldens on the H200, with the interlock on and off.
# Every timed replay but the frame-by-frame ones and craftus's cold and warm starts compiles
# each shader before its draw (--shader-compile sync): with a draw left to the graphics pipeline
# while its compute shader compiled, the H200's frames took 5-21 ms at scale 8, and a 40-frame
# replay could end before the shader came (rows without a compute pass, 2026-11-30).
D=.dev
frames=${FRAMES:-200} # FRAMES=8 for a quick try on lavapipe
# VARIANTS: the earlier ways to measure (PICAVK_DEVICE_DISABLE values, "none" for today's);
# BENCH=0 leaves out the benchmarks: a shorter call.
variants=${VARIANTS:-none raster-hiding idle-submits spin-waits raster-overlap open-passes raster-clipped-records raster-clipped-tiles raster-kept-bounds raster-lod-free raster-early-loads depth-fill-words compute-raster raster-bins compute-passes render-pass-clears compute-passes,render-pass-clears storage-on-demand clear-commands}
loops=$((frames / 4 > 0 ? frames / 4 : 1)) # the example traces hold 4 frames
# How often to replay trace $1 for about $frames frames: the games (660 frames) once.
loops_for() {
    local n
    # (--no-render: the trace read, no device made - this runs before each of some 150 replays.)
    n=$("$D/picavk-render" "$1" --frames 0 --no-render 2>&1 |
        sed -n 's/.*elements, \([0-9]*\) frames$/\1/p')
    n=${n:-4}
    echo $((frames / n > 0 ? frames / n : 1))
}
echo "== [${SECONDS}s] device and memory"
"$D/picavk-render" --frames 0 --stats | grep -E "device|^memory block|fill clears"
# The sections the issue's open questions hang on first, then the frame tables: a call that
# runs out of time keeps the most.
echo "== [${SECONDS}s] what the driver made of the compute rasteriser's shaders (registers bound the warps in flight)"
for t in gpusprites craftus; do
    echo "-- $t"
    "$D/picavk-render" "tests/corpus/$t.ctf" --scale 8 --shader-compile sync --pipeline-stats 2>&1 |
        grep -E "^pipeline statistics: (compute raster|vertex prepass|memory fill|display transfer|none)" | sort -u
done
echo "== [${SECONDS}s] where the raster pass's time goes (PICAVK_RASTER_PROBE, wrong pictures: fragment-flat leaves out the fragment code, coverage everything after the coverage test, setup every pixel's walk of its triangles, empty everything), scale 8"
for t in demo gpusprites 2d_shapes toon_shading; do
    for probe in none fragment-flat coverage setup empty; do
        echo "-- $t, probe $probe"
        if [ "$t" = demo ]; then
            args=(--frames "0-$((frames - 1))")
        else
            args=("tests/corpus/$t.ctf" --loop "$(loops_for "tests/corpus/$t.ctf")")
        fi
        PICAVK_RASTER_PROBE=$probe "$D/picavk-render" "${args[@]}" --scale 8 --shader-compile sync --gpu-profile 2>&1 |
            grep -E " compute raster$|median frame"
    done
done
echo "== [${SECONDS}s] the compute rasteriser's textures of one level read without gradients and its pixels' colour, depth and stencil read ahead of the set-up (off: at the first fragment), each off in turn, scale 8"
for t in gpusprites craftus toon_shading normal_mapping_3d cubemap lenny_3d; do
    for off in none raster-lod-free raster-early-loads; do
        echo "-- $t, PICAVK_DEVICE_DISABLE=$off"
        PICAVK_DEVICE_DISABLE=$off "$D/picavk-render" "tests/corpus/$t.ctf" --loop "$(loops_for "tests/corpus/$t.ctf")" \
            --scale 8 --shader-compile sync --gpu-profile 2>&1 | grep -E " compute raster$|median frame"
    done
done
echo "== [${SECONDS}s] GPU time, bytes and rate by pass at scale 8"
echo "-- demo"
"$D/picavk-render" --frames "0-$((frames - 1))" --scale 8 --shader-compile sync --gpu-profile |
    sed -n '/^GPU time per frame/,/between the passes/p;/untimed/p'
echo "-- gpusprites"
"$D/picavk-render" tests/corpus/gpusprites.ctf --loop "$loops" --scale 8 --shader-compile sync --gpu-profile |
    sed -n '/^GPU time per frame/,/between the passes/p;/untimed/p'
# The two outliers of the frame table: 2d_shapes (13 ms frames with the GPU busy 0.84 ms, two
# draws a frame) and cubemap (1.83 ms of GPU a frame): which passes, which draws left to the
# graphics pipeline and why, uploads and write-backs a frame.
for t in 2d_shapes cubemap; do
    echo "-- $t"
    "$D/picavk-render" "tests/corpus/$t.ctf" --loop "$loops" --scale 8 --shader-compile sync --gpu-profile --stats |
        sed -n '/^renderer:/p;/^compute rasteriser/p;/^per frame:/p;/^median per frame/p;/^GPU time per frame/,/between the passes/p;/untimed/p'
done
echo "-- craftus (a game: its draws binned, depth shared with graphics draws)"
"$D/picavk-render" tests/corpus/craftus.ctf --scale 8 --shader-compile sync --gpu-profile --stats |
    sed -n '/^compute rasteriser/p;/^GPU time per frame/,/between the passes/p;/untimed/p'
echo "== [${SECONDS}s] texture upload (goal 10 GB/s) with the staging and stream buffers in each memory type (PICAVK_UPLOAD_MEMORY): wait_us is the host's wait for the GPU, the frame less it and write_us the host's own work"
for mem in default device-local host-cached; do
    echo "-- $mem"
    PICAVK_UPLOAD_MEMORY=$mem "$D/picavk-render" --frames 0 --stats | grep -E "^memory block: buffers"
    PICAVK_UPLOAD_MEMORY=$mem "$D/picavk-bench" --benchmark_filter='BM_TextureUploadGpu/0/1024/' \
        --benchmark_repetitions=3 --benchmark_report_aggregates_only=true 2>&1 | grep -E "median"
done
echo "-- the host's hash of texture bytes by vector unit (pica/content_hash.h: AVX2 by default), hashed while copied or then copied (BM_ContentHashCopy), and the upload with the baseline's"
grep -m1 "model name" /proc/cpuinfo || true
"$D/picavk-bench" --benchmark_filter='BM_ContentHash' --benchmark_min_time=0.2 2>&1 | grep -E "^BM_"
PICAVK_HASH_UNIT=baseline "$D/picavk-bench" --benchmark_filter='BM_TextureUploadGpu/0/1024/' \
    --benchmark_repetitions=3 --benchmark_report_aggregates_only=true 2>&1 | grep -E "median"
echo "-- the upload with one host thread (PICAVK_HOST_THREADS=1) against the default (the host's threads, at most 8: the 4 MiB write and hashed copy in 256 KiB stripes)"
for threads in 1 default; do
    echo "-- host threads: $threads"
    env $([ "$threads" = default ] || echo PICAVK_HOST_THREADS=$threads) "$D/picavk-bench" \
        --benchmark_filter='BM_TextureUpload(Gpu|Cpu)/0/1024/' --benchmark_repetitions=3 \
        --benchmark_report_aggregates_only=true 2>&1 | grep -E "median"
done
echo "== [${SECONDS}s] frame by frame at scale 8 (--frame-times: ms, calls_ms, gpu_ms, wait_ms, mid-frame waits, what each did): 2d_shapes took 13 ms a frame with the GPU busy 0.84 ms"
for t in 2d_shapes gpusprites; do
    echo "-- $t"
    "$D/picavk-render" "tests/corpus/$t.ctf" --loop 3 --scale 8 --frame-times "$D/frames_$t.csv" >/dev/null 2>&1
    cat "$D/frames_$t.csv"
    [ -n "${OUT:-}" ] && cp "$D/frames_$t.csv" "$OUT/" 2>/dev/null
done
echo "== [${SECONDS}s] frame time: median ms per frame at scale 1 and 8 ($frames frames each)"
for t in demo tests/corpus/*.ctf; do
    line="$(basename "$t" .ctf):"
    for s in 1 8; do
        if [ "$t" = demo ]; then
            out=$("$D/picavk-render" --frames "0-$((frames - 1))" --scale "$s" --shader-compile sync --stats 2>&1)
        else
            out=$("$D/picavk-render" "$t" --loop "$(loops_for "$t")" --scale "$s" --shader-compile sync --stats 2>&1)
        fi
        frame=$(echo "$out" | sed -n 's/.*median frame time: \([0-9.]*\) ms.*/\1/p')
        busy=$(echo "$out" | sed -n 's/^median per frame: GPU busy \([0-9.]*\) ms.*/\1/p')
        # The host's waits for the GPU, and those inside the frame (a frame far longer than
        # the GPU is busy that waits little is held up on the CPU).
        wait=$(echo "$out" | sed -n 's/^median per frame: waiting for the GPU \([0-9.]*\) ms, of which inside the frame \([0-9.]*\) ms/\1 (\2)/p')
        line="$line  scale $s: frame ${frame:-?} GPU ${busy:-?} wait ${wait:-?}"
    done
    echo "$line"
done
# Each --loop's restart no longer writes 134 MiB (a session's memory is handed back to the OS:
# api/owned_guest_memory.h), so these means are the rate frames come at, restarts included.
echo "== [${SECONDS}s] three frames in flight (the GPU draws behind the replay, as behind an emulator): mean ms per frame"
for t in demo tests/corpus/*.ctf; do
    [ "$t" = tests/corpus/craftus.ctf ] && continue # its own sections below
    line="$(basename "$t" .ctf):"
    for s in 1 8; do
        if [ "$t" = demo ]; then
            out=$("$D/picavk-render" --frames "0-$((frames - 1))" --scale "$s" --shader-compile sync --stats --frames-in-flight 3 2>&1)
        else
            out=$("$D/picavk-render" "$t" --loop "$(loops_for "$t")" --scale "$s" --shader-compile sync --stats --frames-in-flight 3 2>&1)
        fi
        mean=$(echo "$out" | sed -n 's/.*median frame time: [0-9.]* ms  mean \([0-9.]*\) ms.*/\1/p')
        line="$line  scale $s: ${mean:-?}"
    done
    echo "$line"
done
echo "== [${SECONDS}s] each change measured against the earlier way (PICAVK_DEVICE_DISABLE), scale 8"
for off in $variants; do
    echo "-- demo, earlier way: $off"
    PICAVK_DEVICE_DISABLE=$off "$D/picavk-render" --frames "0-$((frames - 1))" --scale 8 \
        --shader-compile sync --gpu-profile | sed -n '/^GPU time per frame/,/between the passes/p;/untimed/p'
    echo "-- gpusprites, earlier way: $off"
    PICAVK_DEVICE_DISABLE=$off "$D/picavk-render" tests/corpus/gpusprites.ctf \
        --loop "$loops" --scale 8 --shader-compile sync --gpu-profile | grep -E "render pass|compute raster|depth words|memory fill|display tr|untimed|median frame"
done
[ "${BENCH:-1}" = 0 ] || echo "== [${SECONDS}s] texture upload, the demo by scale, sprites by the graphics pipeline and the compute rasteriser"
[ "${BENCH:-1}" = 0 ] || "$D/picavk-bench" --benchmark_filter='BM_TextureUploadGpu/0/1024|BM_RendererDemoScale|BM_RendererSprites|BM_TransferDisplay/in:0/out:1/flags:0' \
    --benchmark_repetitions=3 --benchmark_report_aggregates_only=true 2>&1 | grep -E "median"
# GAMES=0 leaves out the two craftus sections below (four replays of 660 frames: a shorter call).
if [ "${GAMES:-1}" != 0 ]; then
echo "== [${SECONDS}s] craftus at scale 8, vertices from the vertex pre-pass and from the CPU"
for off in none vertex-prepass; do
    echo "-- PICAVK_DEVICE_DISABLE=$off"
    PICAVK_DEVICE_DISABLE=$off "$D/picavk-render" tests/corpus/craftus.ctf --scale 8 --shader-compile sync --stats 2>&1 |
        grep -E "^geometry:|^vertex shaders|^compute rasteriser|median"
done
echo "== [${SECONDS}s] craftus from a cold and from a warm shader cache (compute shaders from disk)"
cache=$(mktemp -d)
for start in cold warm; do
    echo "-- $start"
    "$D/picavk-render" tests/corpus/craftus.ctf --cache "$cache" --stats 2>&1 |
        grep -E "^compute rasteriser|^renderer:|median frame"
done
rm -rf "$cache"
fi
# TESTS=0 leaves out the test sections below (for a call that runs the whole suite after this
# script: JOBS=14 bash .dev/per_test.sh "*"); the gas pictures still come back.
if [ "${TESTS:-1}" != 0 ]; then
echo "== [${SECONDS}s] the compute rasteriser against this device's graphics pipeline (tests/vk/test_compute_raster.cpp)"
JOBS=8 bash "$D/per_test.sh" "compute raster*"
echo "== [${SECONDS}s] conversions Vulkan leaves to the device, which llvmpipe does as the PICA does"
# 16-bit colour targets written and sampled in place (a GPU that rounds where the PICA drops
# bits), depth clears, derivatives next to discards.
JOBS=8 bash "$D/per_test.sh" "render: a draw into a 16-bit target*,render: every colour format*,surface transfers: render-to-texture*,surface transfers: a 16-bit target*,memory fill of depth*,surface reinterpretation*,texturing:*"
echo "== [${SECONDS}s] the gas scene (its goldens failed on the H200), interlock on and off"
bash "$D/per_test.sh" "gas scene*"
PICAVK_DEVICE_DISABLE=interlock bash "$D/per_test.sh" "gas scene*"
fi
# The pictures the device draws for it, brought back under $OUT to set beside the goldens
# (PICAVK_UPDATE_GOLDEN writes them over the copy's goldens on the device, not here).
if [ -n "${OUT:-}" ]; then
    mkdir -p "$OUT/gas"
    kept=$(mktemp -d)
    cp tests/golden/gas/*.png "$kept/"
    PICAVK_UPDATE_GOLDEN=1 "$D/picavk-tests" -tc="gas scene*" >/dev/null 2>&1
    cp tests/golden/gas/smoke_volume*.png "$OUT/gas/" && echo "gas pictures: \$OUT/gas"
    # The goldens back as they were: a suite run after this one compares with them.
    cp "$kept"/*.png tests/golden/gas/
    rm -rf "$kept"
fi
echo "== [${SECONDS}s] done"
