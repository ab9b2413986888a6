#!/usr/bin/env bash
# Sets everything up and runs picavk's main job on the built-in demo scene: picavk-render draws
# it with the Vulkan renderer (lavapipe where there is no GPU) and writes the two screens as PNG
# files to out/demo/. Arguments replace the defaults (see picavk-render --help).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh dev
if [ $# -eq 0 ]; then
  set -- --out out/demo --stats
fi
exec build/dev/src/apps/picavk-render "$@"
