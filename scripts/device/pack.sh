#!/bin/bash
# Packs what a GPU machine lent through the workplace's device tool needs to run picavk: the
# stripped binaries of a build, the shared libraries a bare Ubuntu image lacks (Vulkan loader,
# libglvnd for NVIDIA's ICD, the validation layer) and the two scripts beside this one. Carry
# the folder it writes (.dev, ignored by git) and run, in the repository root there:
#   bash .dev/run.sh .dev/picavk-render --stats --scale 4      one command on the GPU
#   bash .dev/run.sh .dev/per_test.sh "*"                      every test case, one process each
# Never part of CI: it only checks real-GPU behaviour and takes GPU timings.
set -euo pipefail
build=${1:-build/dev}
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$root/.dev
rm -rf "$out"
mkdir -p "$out/lib" "$out/layer"
for b in src/apps/picavk-render tests/picavk-tests bench/picavk-bench; do
    strip -o "$out/$(basename $b)" "$root/$build/$b"
done
for l in libstb.so.0 libvulkan.so.1 libxxhash.so.0 libbenchmark.so.1debian libGLdispatch.so.0 \
    libGLX.so.0 libEGL.so.1 libOpenGL.so.0 libGL.so.1; do
    cp -L "/lib/x86_64-linux-gnu/$l" "$out/lib/"
done
strip -o "$out/lib/libVkLayer_khronos_validation.so" \
    /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so
cp /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json "$out/layer/"
cp "$root/scripts/device/run.sh" "$root/scripts/device/per_test.sh" \
    "$root/scripts/device/open_checks.sh" "$out/"
grep -qx "/.dev/" "$root/.git/info/exclude" 2>/dev/null || {
    mkdir -p "$root/.git/info"
    echo "/.dev/" >>"$root/.git/info/exclude"
}
du -sh "$out"
