#!/bin/bash
# Every test case matching $1 (or, with CASES=FILE, each case FILE names, one a line) in its
# own process (NVIDIA's ICD fails to come back after many instances in one process): PASS/FAIL,
# name, milliseconds; the first lines of a failure's output. JOBS=N runs N cases at once (default 1; the GPU machines have 16 cores), each
# line still whole; a summary line counts the passes and failures.
# Before a GPU call, the suite can meet an H100's or H200's choices on lavapipe (2026-12-03: three
# cases that held only for lavapipe's fills failed this way, none else; about 45 minutes on 2
# cores, the custom-texture pack cases 6 minutes each):
#   PICAVK_DEVICE_ASSUME=few-raster-units,idle-submits,spin-waits,decode-copy \
#   ctest --test-dir build/dev -j2 --timeout 400 -E \
#   '^(fallback-formats|surfaces-|compute-raster|texture-decode|shadow-gas|scripts|setup|picavk-view)|craftus|haxagon|game|differential: gen'
# (the variant suites set their own choices; the games and the differential parts are hours there).
D=.dev
jobs=${JOBS:-1}
list=$(mktemp)
if [ -n "${CASES:-}" ]; then
    grep -v '^$' "$CASES" >"$list"
else
    "$D/picavk-tests" -ltc -tc="$1" 2>/dev/null | grep -v '^\[doctest\]\|^=====' | sed 's/^ *//' |
        grep -v '^$' >"$list"
fi
one_case() {
    local c=$1 esc s e out rc
    esc=$(printf '%s' "$c" | sed 's/[][*?,\\]/\\&/g')
    s=$(date +%s%N)
    out=$(timeout 300 "$D/picavk-tests" -tc="$esc" 2>&1)
    rc=$?
    e=$(date +%s%N)
    {
        printf '%s\t%s\t%d ms\n' "$([ $rc = 0 ] && echo PASS || echo "FAIL:$rc")" "$c" \
            $(((e - s) / 1000000))
        # DETAILS=N: a failure's first N lines whole (its MESSAGE lines say by how much).
        if [ $rc != 0 ] && [ -n "${DETAILS:-}" ]; then
            echo "$out" | grep -vE '^\[doctest\]|^=+$' | head -"$DETAILS"
        elif [ $rc != 0 ]; then
            echo "$out" | grep -E 'ERROR|CHECK|WARN|validation' | head -6
        fi
    } >"$(mktemp -p "$results")"
}
export -f one_case
export D DETAILS
# RESULTS=DIR keeps each case's lines in a file of DIR (under $OUT they come back even from a
# call cut short).
results=${RESULTS:-$(mktemp -d)}
mkdir -p "$results"
export results
tr '\n' '\0' <"$list" | xargs -0 -P "$jobs" -I{} bash -c 'one_case "$1"' _ {}
cat "$results"/*
echo "cases: $(wc -l <"$list"), passed: $(cat "$results"/* | grep -c '^PASS'), failed: $(cat "$results"/* | grep -c '^FAIL')"
[ -n "${RESULTS:-}" ] || rm -rf "$results"
rm -f "$list"
