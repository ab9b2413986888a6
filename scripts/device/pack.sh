#!/bin/bash
# Packs what a GPU machine lent through the workplace's device tool needs to run picavk: the
# stripped binaries of a build, the shared libraries a bare Ubuntu image lacks (Vulkan loader,
# libglvnd for NVIDIA's ICD, the validation layer) and the scripts beside this one, into .dev,
# and .dev into .dev.tgz (both ignored by git): the folder itself is 57 MB, which with the
# working tree passes the 64 MiB the device tool carries. Carry .dev.tgz and run, in the
# repository root there:
#   tar xzf .dev.tgz && bash .dev/run.sh .dev/picavk-render --stats --scale 4   one command
#   tar xzf .dev.tgz && JOBS=12 bash .dev/run.sh .dev/per_test.sh "*"    every case, a process each
# Never part of CI: it only checks real-GPU behaviour and takes GPU timings.
set -euo pipefail
build=${1:-build/dev}
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$root/.dev
rm -rf "$out"
mkdir -p "$out/lib" "$out/layer" "$out/bin"
for b in src/apps/picavk-render tests/picavk-tests bench/picavk-bench; do
    strip -o "$out/$(basename $b)" "$root/$build/$b"
done
# The tools the tests run (the ETC1 tests compare with etc1tool's decoding); run.sh puts
# .dev/bin first in PATH.
cp /usr/bin/etc1tool "$out/bin/"
# Every shared library the binaries load, from ldd, except the C runtime the machine has (a
# fixed list once missed libspirv-cross-c-shared.so.0, and picavk-tests did not start there);
# and libglvnd, which NVIDIA's ICD loads without any binary naming it.
for b in picavk-render picavk-tests picavk-bench bin/etc1tool; do
    ldd "$out/$b" | awk '$2 == "=>" && $3 ~ /^\// {print $3}'
done | sort -u | while read -r l; do
    case $(basename "$l") in
    libc.so.* | libm.so.* | libpthread.so.* | libdl.so.* | librt.so.* | ld-linux*) ;;
    *) cp -L "$l" "$out/lib/" ;;
    esac
done
for l in libGLdispatch.so.0 libGLX.so.0 libEGL.so.1 libOpenGL.so.0 libGL.so.1; do
    cp -L "/lib/x86_64-linux-gnu/$l" "$out/lib/"
done
# What the binaries would still miss on a machine with only the C runtime: nothing. Every
# library ldd resolves (from .dev/lib first) must be a carried one or part of the C runtime.
for b in picavk-render picavk-tests picavk-bench bin/etc1tool; do
    LD_LIBRARY_PATH=$out/lib ldd "$out/$b" | awk '$2 == "=>" {print $1, $3}' |
        while read -r name path; do
            case $name in
            libc.so.* | libm.so.* | libpthread.so.* | libdl.so.* | librt.so.* | ld-linux*) ;;
            *) [ "$(dirname "$path")" = "$out/lib" ] || {
                echo "pack.sh: $b loads $name from $path, not from .dev/lib" >&2
                exit 1
            } ;;
            esac
        done
done
strip -o "$out/lib/libVkLayer_khronos_validation.so" \
    /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so
cp /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json "$out/layer/"
cp "$root/scripts/device/run.sh" "$root/scripts/device/per_test.sh" \
    "$root/scripts/device/open_checks.sh" "$root/scripts/device/raster_checks.sh" "$out/"
for ignored in /.dev/ /.dev.tgz; do
    grep -qx "$ignored" "$root/.git/info/exclude" 2>/dev/null || {
        mkdir -p "$root/.git/info"
        echo "$ignored" >>"$root/.git/info/exclude"
    }
done
tar czf "$root/.dev.tgz" -C "$root" .dev
du -sh "$out" "$root/.dev.tgz"
