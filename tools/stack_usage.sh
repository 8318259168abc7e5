#!/bin/sh
# The worst-case stack use of public functions, in bytes, over their calls inside the
# library: each source of the library is compiled with GCC's -fcallgraph-info=su (the
# frame of every function and the calls it makes), and the deepest chain from each
# function is summed. Calls that leave the library (libc: memset, malloc...) count 0 and
# are named; calls through pointers are not followed (the library makes none on these
# paths). The figures are those of the compiler and flags given (x86-64 GCC -O2 for the
# header's).
#
#   sh tools/stack_usage.sh [PATTERN] [CFLAGS...]
#
# PATTERN (an awk regular expression, default ^ibidi_bidi_) picks the functions shown.
set -eu
PATTERN=${1:-^ibidi_bidi_}
[ $# -gt 0 ] && shift
CFLAGS=${*:--O2}
CC=${CC:-gcc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in src/common/*.c src/unicode/*.c src/bidi/*.c src/idna/*.c src/iri/*.c src/display/*.c src/ambiguity/*.c src/uts39/*.c; do
    o=$tmp/$(echo "$f" | tr / _ | sed 's/\.c$//')
    $CC -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L -std=c11 $CFLAGS -fPIC -fvisibility=hidden \
        -fcallgraph-info=su -c "$f" -o "$o.o" -dumpbase "$(basename "$o")" -dumpdir "$tmp/"
done
cat "$tmp"/*.ci | awk -v pat="$PATTERN" '
function depth(f,    i, d, best, g) {
    if (f in memo) return memo[f]
    if (f in busy) { cycle = 1; return 0 }
    busy[f] = 1
    best = 0
    for (i = 1; i <= nout[f]; i++) {
        g = out[f, i]
        d = depth(g)
        if (d > best) best = d
    }
    delete busy[f]
    if (f in size)
        memo[f] = size[f] + best
    else {
        memo[f] = best
        extern[f] = 1
    }
    return memo[f]
}
/^node:/ {
    t = $0; sub(/.*title: "/, "", t); sub(/".*/, "", t)
    l = $0; sub(/.*label: "/, "", l); sub(/".*/, "", l)
    if (match(l, /\\n[0-9]+ bytes/)) {
        b = substr(l, RSTART + 2, RLENGTH - 2); sub(/ bytes/, "", b)
        size[t] = b + 0
    }
    nodes[t] = 1
}
/^edge:/ {
    s = $0; sub(/.*sourcename: "/, "", s); sub(/".*/, "", s)
    d = $0; sub(/.*targetname: "/, "", d); sub(/".*/, "", d)
    if (!((s, d) in seen)) { seen[s, d] = 1; out[s, ++nout[s]] = d }
}
END {
    for (f in nodes) {
        name = f; sub(/.*:/, "", name)
        if (name ~ pat && (f in size) && f !~ /:/) {
            printf "%7d  %s\n", depth(f), f
        }
    }
    n = 0
    for (e in extern) if (e !~ /^__builtin/) list = list (n++ ? ", " : "") e
    if (n) printf "calls leaving the library (counted as 0): %s\n", list > "/dev/stderr"
    if (cycle) print "note: a recursive call was cut" > "/dev/stderr"
}' | sort -k2
