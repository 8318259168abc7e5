#!/bin/sh
# docs/ARCHITECTURE.md stays true, and the clients stay clients.
#  1. Every reference `src/FILE:LINE` in a row of its Rules table points at a line that
#     names the row's rule (the row's first cell, e.g. W4 or RFC 5893 rule 3), so a rule
#     that moves without the map being updated fails here.
#  2. Every source file of src/ and every public header is named in it.
#  3. The command (src/cli/) includes only the public headers and its own, and calls only
#     what libibidi.so exports: rule logic it would need has to be in the library.
# Usage: sh tests/test_architecture.sh BUILD
BUILD=${1:-build}
DOC=docs/ARCHITECTURE.md
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    echo "FAIL: $*"
}

if [ ! -f "$DOC" ]; then
    bad "$DOC is missing"
    echo "$pass passed, $fail failed"
    exit 1
fi

# 1. rows: | tag | ... `src/a.c:12` ... |
refs=$(awk -F'|' '
    /^## / { rules = ($0 == "## Rules") }
    rules && /^\|/ && /src\/[A-Za-z0-9_\/.-]+:[0-9]+/ {
        tag = $2; gsub(/`/, "", tag); gsub(/^ +| +$/, "", tag)
        line = $0
        while (match(line, /src\/[A-Za-z0-9_\/.-]+:[0-9]+/)) {
            print tag "\t" substr(line, RSTART, RLENGTH)
            line = substr(line, RSTART + RLENGTH)
        }
    }' "$DOC")
nrefs=0
tab=$(printf '\t')
while IFS="$tab" read -r tag ref; do
    [ -n "$ref" ] || continue
    nrefs=$((nrefs + 1))
    file=${ref%:*}
    n=${ref##*:}
    if [ ! -f "$file" ]; then
        bad "$ref ($tag): no such file"
        continue
    fi
    text=$(sed -n "${n}p" "$file")
    case "$text" in
    *"$tag"*) ok ;;
    *) bad "$ref does not name $tag: $text" ;;
    esac
done <<EOF
$refs
EOF
echo "info: $nrefs rule references checked"
[ "$nrefs" -ge 40 ] && ok || bad "only $nrefs rule references: the rule tables are missing"

# 2. every source file and public header named
nfiles=0
for f in src/*/*.c src/*/*.h include/ibidi.h include/ibidi/*.h; do
    [ -f "$f" ] || continue
    nfiles=$((nfiles + 1))
    if grep -qF "$f" "$DOC"; then ok; else bad "$f is not in $DOC"; fi
done
echo "info: $nfiles files looked up"

# 3. the command uses the public API only
for f in src/cli/*.c src/cli/*.h; do
    inc=$(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f" | grep -v -E '^(ibidi\.h|ibidi/[a-z0-9_]+\.h|cli/[a-z0-9_]+\.h)$')
    if [ -z "$inc" ]; then ok; else bad "$f includes $(echo "$inc" | tr '\n' ' ')"; fi
done
if command -v nm >/dev/null 2>&1 && [ -f "$BUILD/libibidi.so" ]; then
    exported=$(nm -D --defined-only "$BUILD/libibidi.so" | awk '{print $NF}' | sort -u)
    used=$(for o in "$BUILD"/obj/src/cli/*.o; do nm -u "$o"; done | awk '{print $NF}' |
        grep '^ibidi' | sort -u)
    if [ -z "$used" ]; then
        bad "no objects in $BUILD/obj/src/cli (build first)"
    fi
    for s in $used; do
        if printf '%s\n' "$exported" | grep -qx "$s"; then ok; else bad "the command calls $s, which libibidi.so does not export"; fi
    done
    echo "info: the command calls $(printf '%s\n' "$used" | grep -c .) functions, all exported"
else
    echo "skipped: nm or $BUILD/libibidi.so missing: the command's symbols not checked"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
