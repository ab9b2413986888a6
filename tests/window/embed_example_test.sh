#!/bin/sh
# examples/embed-minimal against the installed package: install this build into a fresh prefix,
# configure and build the example there (find_package(picavk), nothing from the build tree), and
# run it for a few frames in a window under Xvfb (run through xvfb-run by ctest).
# usage: embed_example_test.sh BUILD_DIR SOURCE_DIR WORKDIR
set -eu
build=$1 source=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
export XDG_RUNTIME_DIR="$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$source/examples/embed-minimal" -B "$work/build" -G Ninja \
      -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
cmake --build "$work/build" >/dev/null
# The example must not find picavk's sources: its compile commands name only the prefix.
if grep -q -e "$source/include" -e "$source/src" "$work/build/compile_commands.json"; then
  echo "embed-minimal was compiled against the source tree"; exit 1
fi
"$work/build/embed-minimal" 5
