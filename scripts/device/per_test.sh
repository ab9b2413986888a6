#!/bin/bash
# Every test case matching $1 in its own process (NVIDIA's ICD fails to come back after many
# instances in one process): PASS/FAIL, name, seconds; the first lines of a failure's output.
D=.dev
"$D/picavk-tests" -ltc -tc="$1" 2>/dev/null | grep -v '^\[doctest\]\|^=====' | sed 's/^ *//' |
    grep -v '^$' >/tmp/cases
while IFS= read -r c; do
    esc=$(printf '%s' "$c" | sed 's/[][*?,\\]/\\&/g')
    s=$(date +%s%N)
    out=$(timeout 300 "$D/picavk-tests" -tc="$esc" 2>&1)
    rc=$?
    e=$(date +%s%N)
    printf '%s\t%s\t%d ms\n' "$([ $rc = 0 ] && echo PASS || echo "FAIL:$rc")" "$c" \
        $(((e - s) / 1000000))
    [ $rc != 0 ] && echo "$out" | grep -E 'ERROR|CHECK|WARN|validation' | head -6
done </tmp/cases
