#!/usr/bin/env bash
# Sets everything up and runs every test (unit suites through ctest, then a short fuzz run).
# CI=true (as .ci/run sets it) builds with -Werror, also runs the whole suite under ASan+UBSan
# (preset debug, LeakSanitizer on with tests/sanitizers/lsan.supp) and the threaded tests under
# TSan (preset tsan), and fuzzes each target for 30 seconds. PICAVK_SANITIZERS=1 adds the
# sanitizer suites outside CI. The sanitizer suites run each test once: the re-runs of suites
# under other device settings (texture-decode.*, shadow-gas.*, surfaces-*.*) are in ci's suite,
# where validation checks them; under ASan they were over a third of the suite's time, spent in
# lavapipe. The whole-corpus equivalence tests (GPU vertex path against the CPU, batched unit
# against the interpreter, the compute rasteriser's vertex pre-pass against the CPU) run in ci
# only too: the per-trace corpus tests take the same code through the sanitizers, and they were
# the sanitizer suites' longest tests (300, 215 and 336 s; the pre-pass one takes 44 s in ci's).
# CI (or PICAVK_ARM64=1) also cross-builds src/pica and its tests for ARM64 (preset arm64) and
# runs them under qemu-aarch64: the shader units' and texture decoders' vector code on the other
# architecture emulators ship for.
# The presets CI builds (ci, debug, tsan, arm64, fuzz) keep line tables only (-g1): file and line
# in sanitizer reports and backtraces, no variables. Against full debug information (-g, the dev
# preset's, kept there for the debugger), a clean build of the ci preset on 2 cores compiles in
# the same time within the noise (its jobs summed 1,247 s against 1,151), but its objects take
# 82 MB rather than 565 MB, picavk-tests 32 MB rather than 106, and its link 4.1 s rather than
# 7.0: each CI run makes five build trees on a disk that has run short here.
# The debug preset optimises lightly (-O1), as Clang's AddressSanitizer documentation advises for
# reasonable speed (https://clang.llvm.org/docs/AddressSanitizer.html, "Usage"); it also turns on
# GCC's flow-based warnings there, which found two in tests. In a whole CI run on a fresh 2-core
# clone (cold ccache and Mesa shader cache) its suite took 1,198 s (tests 651 s of it) against
# 2,254 at -O0. Run alone, its tests' times summed 2,241 s against 3,569 (craftus 43 s against
# 136, the batched shader unit's random programs 20 s against 97). Its build is no longer than
# -O0's once the two shader units drop UBSan's pointer checks (src/CMakeLists.txt).
set -euo pipefail
cd "$(dirname "$0")/.."
preset=dev
[ "${CI:-}" = "true" ] && preset=ci
sanitizers="${PICAVK_SANITIZERS:-$([ "${CI:-}" = "true" ] && echo 1 || echo 0)}"
jobs=$(nproc)
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# One suite: build the preset, run its tests, say how long it took.
suite() {
  local name=$1 start=$SECONDS
  scripts/setup.sh "$name"
  ctest --preset "$name" --parallel "$jobs" | tee -a "$log"
  echo "time: suite $name took $((SECONDS - start)) s"
}

suite "$preset"
if [ "$sanitizers" = "1" ]; then
  suite debug
  suite tsan
fi
if [ "${PICAVK_ARM64:-$([ "${CI:-}" = "true" ] && echo 1 || echo 0)}" = "1" ]; then
  suite arm64
fi
start=$SECONDS
seconds="${PICAVK_FUZZ_SECONDS:-$([ "${CI:-}" = "true" ] && echo 30 || echo 10)}"
scripts/fuzz.sh "$seconds" | tee -a "$log"
echo "time: fuzzing took $((SECONDS - start)) s"
fuzz_targets=$(grep -c '^fuzz: .* for [0-9]*s$' "$log" || true)
# One closing line over everything: each ctest run's count plus one per fuzz target that ran
# clean (any failure has stopped the script before this line).
passed=$(sed -n 's/.*tests passed, \([0-9]*\) tests failed out of \([0-9]*\).*/\2 \1/p' "$log" |
         awk '{sum += $1 - $2} END {print sum + 0}')
echo "all: $((passed + fuzz_targets)) passed, 0 failed"
