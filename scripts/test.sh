#!/usr/bin/env bash
# Sets everything up and runs every test (unit suites through ctest, then a short fuzz run).
# CI=true (as .ci/run sets it) builds with -Werror and fuzzes each target for 60 seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=dev
[ "${CI:-}" = "true" ] && preset=ci
scripts/setup.sh "$preset"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
ctest --preset "$preset" | tee "$log"
seconds="${PICAVK_FUZZ_SECONDS:-$([ "${CI:-}" = "true" ] && echo 60 || echo 10)}"
scripts/fuzz.sh "$seconds" | tee -a "$log"
fuzz_targets=$(grep -c '^fuzz: .* for [0-9]*s$' "$log" || true)
# One closing line over both: ctest's count plus one per fuzz target that ran clean.
passed=$(sed -n 's/.*tests passed, \([0-9]*\) tests failed out of \([0-9]*\).*/\2 \1/p' "$log" | awk '{print $1 - $2}')
echo "all: $((passed + fuzz_targets)) passed, 0 failed"
