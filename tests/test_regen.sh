#!/bin/sh
# The committed generated tables are exactly what tools/gen_tables.c makes from the
# vendored UCD files: regenerates them into a temporary folder and compares each file
# byte for byte with the committed one (one check per file).
# Usage: sh tests/test_regen.sh BUILD
BUILD=${1:-build}
GEN=$BUILD/tools/gen_tables
FILES="src/unicode/ucd_tables.c src/unicode/ucd_names.c include/ibidi/unicode_scripts.h
       src/confusable/confusable_tables.c"
pass=0
fail=0

if [ ! -x "$GEN" ]; then
    echo "FAIL: $GEN not built (make $GEN)"
    echo "0 passed, 1 failed"
    exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
if ! "$GEN" data/ucd/17.0.0 "$tmp" 2>"$tmp/gen.log"; then
    echo "FAIL: $GEN exited with an error:"
    cat "$tmp/gen.log"
    echo "0 passed, 1 failed"
    exit 1
fi
n=0
for f in $FILES; do
    n=$((n + 1))
    if cmp -s "$f" "$tmp/$f"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: $f differs from the output of $GEN (run make tables)"
        cmp "$f" "$tmp/$f" 2>&1 | head -n 1
    fi
done
if [ "$fail" -eq 0 ]; then
    echo "compared $n generated files: identical"
else
    echo "compared $n generated files: $fail differ"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
