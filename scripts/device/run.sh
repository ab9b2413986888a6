#!/bin/bash
# On the GPU machine: points the Vulkan loader at NVIDIA's driver and the carried libraries,
# makes the build's source paths (goldens, corpus) resolve, then runs "$@".
set -u
D=$PWD/.dev
export LD_LIBRARY_PATH=$D/lib
export PATH=$D/bin:$PATH
export VK_LAYER_PATH=$D/layer
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
# (Where /work/main is a real folder, as on the development machine, ln would put a link
# inside it: the paths resolve there already.)
if [ ! -e /work/main ] || [ -L /work/main ]; then mkdir -p /work && ln -sfn "$PWD" /work/main; fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
"$D/picavk-render" --list-devices 2>&1 | head -3
"$@"
