#!/usr/bin/env bash
# Sets everything up and runs every test (unit suites through ctest, then a short fuzz run).
# CI=true (as .ci/run sets it) builds with -Werror and fuzzes for 60 seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=dev
[ "${CI:-}" = "true" ] && preset=ci
scripts/setup.sh "$preset"
ctest --preset "$preset"
scripts/fuzz.sh "${PICAVK_FUZZ_SECONDS:-$([ "${CI:-}" = "true" ] && echo 60 || echo 10)}"
