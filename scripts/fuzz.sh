#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs each for N seconds (default 10).
# A finding (crash, sanitizer report, timeout) fails the script and leaves the input in build/fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
if [ ! -f build/fuzz/build.ninja ]; then
  cmake --preset fuzz >/dev/null
fi
cmake --build --preset fuzz
# The fuzz build uses clang's runtimes: setup.sh must install every package it needs too.
python3 scripts/check_packages.py --build-dir build/fuzz
status=0
for target in build/fuzz/fuzz/fuzz-*; do
  [ -x "$target" ] || continue
  name=$(basename "$target")
  corpus="build/fuzz/corpus/$name"
  mkdir -p "$corpus"
  echo "fuzz: $name for ${seconds}s"
  if ! (cd build/fuzz && "../../$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 "corpus/$name" > "$name.log" 2>&1); then
    echo "fuzz: $name found a problem; see build/fuzz/$name.log"
    tail -n 40 "build/fuzz/$name.log"
    status=1
  else
    grep -E '^stat::number_of_executed_units' "build/fuzz/$name.log" | sed "s/^/fuzz: $name /" || true
  fi
done
exit $status
