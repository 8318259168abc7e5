#!/bin/sh
# Every public entry point has a libFuzzer target: each function a public header declares
# (IBIDI_API) is named in the code (not the comments) of at least one target under fuzz/,
# whose corpus replays in make check. A new function without one fails here.
# Usage: sh tests/test_fuzz_coverage.sh [BUILD] (BUILD is not used)
pass=0
fail=0
names=$(cat include/ibidi.h include/ibidi/*.h | tr '\n' ' ' | grep -oE 'IBIDI_API [^;]*;' |
    grep -oE 'ibidi_[a-z0-9_]+[ ]*\(' | tr -d ' (' | sort -u)
code=$(mktemp)
trap 'rm -f "$code"' EXIT
perl -0pe 's{/\*.*?\*/}{}gs; s{//[^\n]*}{}g' fuzz/*.c fuzz/*.h >"$code"
count=0
for f in $names; do
    count=$((count + 1))
    if grep -qw "$f" "$code"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $f is called by no fuzz target"
    fi
done
echo "info: $count public functions, $pass called by a fuzz target"
if [ "$count" -lt 100 ]; then
    fail=$((fail + 1))
    echo "FAIL: only $count public functions found: the header scan is broken"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
