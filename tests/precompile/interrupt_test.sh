#!/bin/sh
# picavk-precompile on bad input and when interrupted:
# - Ctrl-C (SIGINT) while thousands of shaders compile into an existing cache: exit 130, the
#   message, and every file of the cache byte for byte as before, no temporary file left;
# - a trace truncated inside its stream, with a whole one after it: exit 1, the damage named,
#   the keys of both built (the readable part of the first counts);
# - the progress bar on a terminal (script(1) gives a pty): count, rate and ETA rewritten in
#   place with carriage returns; plain lines otherwise.
# usage: interrupt_test.sh PICAVK_PRECOMPILE MAKE_KEY_LIST CORPUS_DIR WORKDIR
set -eu
pc=$1 make_keys=$2 corpus=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
fail() { echo "interrupt-and-damage: $*"; exit 1; }

# Interrupted.
"$pc" --cache "$work/c" "$corpus/textured_cube.ctf" >/dev/null
before=$(cd "$work/c" && md5sum -- * | sort)
"$make_keys" 4000 "$work/many.keys"
"$pc" --cache "$work/c" -j 1 --keys "$work/many.keys" >"$work/out" 2>"$work/err" &
pid=$!
i=0
until grep -q "^shaders: " "$work/err"; do # the first shader is done: compiling has begun
    i=$((i + 1))
    [ $i -lt 1200 ] || { kill "$pid"; fail "no progress line in 120 s"; }
    sleep 0.1
done
kill -INT "$pid"
status=0
wait "$pid" || status=$?
[ "$status" = 130 ] || { cat "$work/err"; fail "exit status $status after SIGINT, not 130"; }
grep -q "interrupted; the cache directory is as it was" "$work/err" || fail "no message"
after=$(cd "$work/c" && md5sum -- * | sort)
[ "$before" = "$after" ] || fail "the cache changed: $before // $after"
if ls "$work/c" | grep -q tmp; then fail "a temporary file was left"; fi
"$pc" --cache "$work/c" --verify >/dev/null || fail "the cache no longer verifies"

# A trace cut inside its stream (frame 0 of fragment_light ends past byte 7000).
head -c 7600 "$corpus/fragment_light.ctf" >"$work/cut.ctf"
status=0
"$pc" --cache "$work/d" --no-pipelines "$work/cut.ctf" "$corpus/textured_cube.ctf" \
    >"$work/out" 2>"$work/err" || status=$?
[ "$status" = 1 ] || { cat "$work/out" "$work/err"; fail "exit status $status for a cut trace"; }
grep -q "cut.ctf is damaged" "$work/err" || fail "the damage was not named"
grep -q "textured_cube.ctf: 4 frames, 1 new keys$" "$work/out" || fail "the next trace changed"
grep -q "2 keys, 2 shaders: 2 compiled" "$work/out" || { cat "$work/out"; fail "keys lost"; }

# The progress bar on a terminal, and plain lines without one.
"$make_keys" 60 "$work/few.keys"
script -qec "$pc --cache $work/t -j 2 --no-pipelines --keys $work/few.keys" /dev/null \
    >"$work/tty" </dev/null
grep -q "shaders \[#.*\] 60/60 .*/s ETA" "$work/tty" || { cat "$work/tty"; fail "no bar"; }
[ "$(tr -cd '\r' <"$work/tty" | wc -c)" -ge 10 ] || fail "the bar was not rewritten in place"
"$pc" --cache "$work/p" -j 2 --no-pipelines --keys "$work/few.keys" 2>"$work/plain" >/dev/null
grep -q "^shaders: 60/60 (.*/s, ETA 0 s)$" "$work/plain" || fail "no plain progress lines"
if grep -q "$(printf '\r')" "$work/plain"; then fail "carriage returns without a terminal"; fi
echo "interrupt-and-damage: all as expected"
