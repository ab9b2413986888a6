#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs each for N seconds (default 10).
# Each target first runs over its kept inputs: fuzz/corpus/TARGET (small, minimised seeds: real
# traces, cache files, what earlier runs found) and fuzz/regressions/TARGET (inputs that once
# crashed it), then fuzzes from them into build/fuzz/corpus/TARGET.
# A finding (crash, sanitizer report, timeout) fails the script and leaves the input in build/fuzz/;
# add it to fuzz/regressions/TARGET once fixed. `scripts/fuzz.sh --merge N` fuzzes N seconds and
# then merges what was found into fuzz/corpus (minimised) for committing.
set -euo pipefail
cd "$(dirname "$0")/.."
merge=0
if [ "${1:-}" = "--merge" ]; then merge=1; shift; fi
seconds="${1:-10}"
if [ ! -f build/fuzz/build.ninja ]; then
  cmake --preset fuzz >/dev/null
fi
cmake --build --preset fuzz
# The fuzz build uses clang's runtimes: setup.sh must install every package it needs too.
python3 scripts/check_packages.py --build-dir build/fuzz
# LeakSanitizer as in the sanitizer suite: the Vulkan driver's and layer's modules only.
export LSAN_OPTIONS="suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0"
# One target: its kept regressions, then N seconds of fuzzing. Prints its summary; exits 1 on a
# finding.
fuzz_target() {
  local target=$1 name work
  name=$(basename "$target")
  work="build/fuzz/corpus/$name"
  mkdir -p "$work" "fuzz/corpus/$name"
  local options=(-timeout=10 -rss_limit_mb=2048 -print_final_stats=1)
  # The renderer replays each input on lavapipe with validation: small inputs, more time.
  [ "$name" = fuzz-renderer ] && options=(-timeout=60 -rss_limit_mb=4096 -max_len=16384 -print_final_stats=1)
  if [ -d "fuzz/regressions/$name" ] && [ -n "$(ls -A "fuzz/regressions/$name")" ]; then
    # Each input runs once (no fuzzing): a crash, trap or sanitizer report fails.
    if ! "$target" "${options[@]}" "fuzz/regressions/$name"/* > "build/fuzz/$name.regressions.log" 2>&1; then
      echo "fuzz: $name fails a kept regression input; see build/fuzz/$name.regressions.log"
      tail -n 40 "build/fuzz/$name.regressions.log"
      return 1
    fi
  fi
  echo "fuzz: $name for ${seconds}s"
  if ! (cd build/fuzz && "../../$target" "${options[@]}" -max_total_time="$seconds" \
        "corpus/$name" "../../fuzz/corpus/$name" > "$name.log" 2>&1); then
    echo "fuzz: $name found a problem; see build/fuzz/$name.log"
    tail -n 40 "build/fuzz/$name.log"
    return 1
  fi
  local runs
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "build/fuzz/$name.log")
  echo "fuzz: $name ran ${runs:-0} inputs, $(( ${runs:-0} / seconds )) per second"
  # The renderer's kept inputs stay the recorded traces: its finds are large and slow to run.
  if [ "$merge" = 1 ] && [ "$name" != fuzz-renderer ]; then
    "$target" "${options[@]}" -merge=1 "fuzz/corpus/$name" "$work" > "build/fuzz/$name.merge.log" 2>&1
    echo "fuzz: $name kept corpus: $(ls "fuzz/corpus/$name" | wc -l) files, $(du -sk "fuzz/corpus/$name" | cut -f1) KiB"
  fi
}

# The targets run side by side, one per core (libFuzzer's runs are single-threaded): the same
# seconds each, a fraction of the wall time (ten targets were 300 s of CI's run one after
# another). Their summaries print in order once all have finished.
targets=()
for target in build/fuzz/fuzz/fuzz-*; do
  [ -x "$target" ] || continue
  targets+=("$target")
done
parallel="${PICAVK_FUZZ_JOBS:-$(nproc)}"
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n || true; done
  name=$(basename "$target")
  rm -f "build/fuzz/$name.status"
  ( if fuzz_target "$target"; then echo 0 > "build/fuzz/$name.status"; else
      echo 1 > "build/fuzz/$name.status"; fi ) > "build/fuzz/$name.summary" 2>&1 &
done
wait
status=0
for target in "${targets[@]}"; do
  name=$(basename "$target")
  cat "build/fuzz/$name.summary"
  [ "$(cat "build/fuzz/$name.status" 2>/dev/null)" = 0 ] || status=1
done
exit $status
