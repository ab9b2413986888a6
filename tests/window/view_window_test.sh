#!/bin/sh
# picavk-view in a real window under Xvfb (run by ctest through xvfb-run): plays the demo for
# three frames and pauses; the window's pixels, grabbed from the X server, must show the same top
# screen as picavk-render's PNG of that frame (tolerance 0: both are the GPU's exact bytes at 1x
# with nearest filtering). Then the self-test resizes the window and changes scale, layout and
# filter live with validation on.
# usage: view_window_test.sh PICAVK_VIEW PICAVK_RENDER X11_GRAB WORKDIR
set -eu
view=$1 render=$2 grab=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
export XDG_RUNTIME_DIR="$work"
"$render" --frames 2 --out "$work/render" >/dev/null
"$view" --frames 3 --hide-ui --validation > "$work/view.log" 2>&1 &
pid=$!
status=0
"$grab" "picavk-view - frame 2 (paused)" "$work/window.png" 60 \
    "$work/render/frame_0002_top.png" 0 0 0 || status=$?
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
if [ "$status" -ne 0 ]; then cat "$work/view.log"; exit "$status"; fi
"$view" --self-test --validation --stats
