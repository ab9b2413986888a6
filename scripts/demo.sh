#!/usr/bin/env bash
# Sets everything up and runs picavk's main job on the built-in demo scene.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh dev
exec build/dev/src/apps/picavk-render "$@"
