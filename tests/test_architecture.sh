#!/bin/sh
# docs/ARCHITECTURE.md stays true, and the clients stay clients.
#  1. Every reference `src/FILE:LINE` in a row of its Rules table points at a line that
#     names the row's rule (the row's first cell, e.g. W4 or RFC 5893 rule 3), so a rule
#     that moves without the map being updated fails here.
#  2. Every source file of src/ and every public header is named in it.
#  3. The command (src/cli/) includes only the public headers and its own, and calls only
#     what libibidi.so exports: rule logic it would need has to be in the library.
#  4. The public API is regular: no call takes more than six parameters, and every name a
#     header declares (functions, types, enumerators, macros) starts with its header's
#     prefix (ibidi_idna_ / IBIDI_IDNA_ in ibidi/idna.h; the generated unicode_scripts.h
#     is unicode.h's; common.h's names are ibidi_ alone).
# Usage: sh tests/test_architecture.sh BUILD
BUILD=${1:-build}
DOC=docs/ARCHITECTURE.md
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
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

# 3. the command uses the public API only (and its own headers, src/cli/*.h: one per
#    part that a command's file shares with another, such as scan's --against)
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
# 4. the public API's shape, read from the headers without their comments
for h in include/ibidi/*.h; do
    base=$(basename "$h" .h)
    case $base in
    common) prefix=ibidi ;;
    unicode_scripts) prefix=ibidi_unicode ;;
    *) prefix=ibidi_$base ;;
    esac
    awk -v prefix="$prefix" -v file="$h" '
    { text = text $0 "\n" }
    END {
        # comments out (/* ... */ and // ...), then the preprocessor lines apart
        while ((i = index(text, "/*")) > 0) {
            rest = substr(text, i + 2); j = index(rest, "*/")
            text = substr(text, 1, i - 1) " " substr(rest, j + 2)
        }
        gsub(/\/\/[^\n]*/, "", text)
        n = split(text, lines, "\n"); code = ""
        for (k = 1; k <= n; k++) {
            if (lines[k] ~ /^[ \t]*#[ \t]*define[ \t]+[A-Za-z_]/) {
                name = lines[k]; sub(/^[ \t]*#[ \t]*define[ \t]+/, "", name)
                sub(/[^A-Za-z0-9_].*$/, "", name)
                names[name] = 1
            } else if (lines[k] !~ /^[ \t]*#/) code = code " " lines[k]
        }
        # enumerators: NAME = or NAME, inside enum { }
        e = code
        while (match(e, /enum[ \t]*[A-Za-z0-9_]*[ \t]*\{[^}]*\}/)) {
            body = substr(e, RSTART, RLENGTH); e = substr(e, RSTART + RLENGTH)
            sub(/^[^{]*\{/, "", body); sub(/\}$/, "", body)
            m = split(body, items, ",")
            for (q = 1; q <= m; q++) {
                it = items[q]; sub(/^[ \t]+/, "", it); sub(/[^A-Za-z0-9_].*$/, "", it)
                if (it != "") names[it] = 1
            }
        }
        # the bodies of structs out (their members are no names of the header), so that a
        # typedef names the last word of its statement
        gsub(/extern[ \t]*"C"[ \t]*\{/, " ", code)
        while (gsub(/(struct|union)[ \t]*[A-Za-z0-9_]*[ \t]*\{[^{}]*\}/, " ", code) > 0)
            ;
        # statements: the calls (IBIDI_API ... name(params)) and the typedef names
        m = split(code, st, ";")
        for (q = 1; q <= m; q++) {
            t = st[q]
            if (t ~ /IBIDI_API/ && match(t, /[A-Za-z0-9_]+[ \t]*\(/)) {
                fn = substr(t, RSTART, RLENGTH); sub(/[ \t]*\($/, "", fn)
                names[fn] = 1
                params = substr(t, RSTART + RLENGTH); depth = 0; count = 1; empty = 1
                for (c = 1; c <= length(params); c++) {
                    ch = substr(params, c, 1)
                    if (ch == "(") depth++
                    else if (ch == ")") { if (depth == 0) break; depth-- }
                    else if (ch == "," && depth == 0) count++
                    else if (ch !~ /[ \t]/) empty = 0
                }
                p = params; sub(/\).*$/, "", p); gsub(/[ \t]/, "", p)
                if (p == "void" || empty) count = 0
                calls++
                if (count > 6) print "PARAMS " fn " takes " count " parameters"
            }
            if (t ~ /(^|[^A-Za-z0-9_])typedef[ \t]/) {
                if (match(t, /\([ \t]*\*[ \t]*[A-Za-z0-9_]+[ \t]*\)/)) { # a function type
                    fn = substr(t, RSTART, RLENGTH); gsub(/[()* \t]/, "", fn); names[fn] = 1
                } else if (match(t, /[A-Za-z0-9_]+[ \t]*$/)) {
                    fn = substr(t, RSTART, RLENGTH); sub(/[ \t]+$/, "", fn); names[fn] = 1
                }
            }
        }
        for (x in names) {
            lx = tolower(x)
            if (lx == prefix || index(lx, prefix "_") == 1) ok_names++
            else print "NAME " x " lacks the prefix " prefix "_"
        }
        print "COUNT " calls + 0 " " ok_names + 0
    }' "$h" >"$tmp/api.$base" 2>&1
done
ncalls=0
nnames=0
for f in "$tmp"/api.*; do
    while read -r kind rest; do
        case $kind in
        COUNT)
            set -- $rest
            ncalls=$((ncalls + $1))
            nnames=$((nnames + $2))
            ;;
        *) bad "$(basename "$f" | sed 's/^api\.//').h: $kind $rest" ;;
        esac
    done <"$f"
done
echo "info: $ncalls public calls of at most six parameters, $nnames names with their header's prefix"
[ "$ncalls" -ge 150 ] && [ "$nnames" -ge 800 ] && ok || bad "the headers were not read ($ncalls calls, $nnames names)"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
