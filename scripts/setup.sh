#!/usr/bin/env bash
# Installs the Debian packages picavk needs (idempotent, quiet when nothing is missing),
# then configures and builds the given CMake preset (default: dev).
# Usage: scripts/setup.sh [preset]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build ccache pkg-config python3
  clang libclang-rt-14-dev
  doctest-dev libbenchmark-dev libxxhash-dev
  libstb-dev etc1tool nlohmann-json3-dev libzstd-dev
  libvulkan-dev mesa-vulkan-drivers vulkan-validationlayers
  glslang-dev glslang-tools
  libglfw3-dev libimgui-dev libfreetype-dev libx11-dev xvfb xauth
  spirv-tools libspirv-cross-c-shared-dev
)

preset="${1:-dev}"
# The ARM64 cross build (src/pica and its tests, run under qemu-aarch64): Debian's cross
# compiler and C library, and the user-mode emulator.
if [ "$preset" = "arm64" ]; then
  packages+=(g++-aarch64-linux-gnu qemu-user)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ! -f "build/$preset/build.ninja" ]; then
  cmake --preset "$preset" >/dev/null
fi
cmake --build --preset "$preset"
