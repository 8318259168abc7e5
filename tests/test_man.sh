#!/bin/sh
# The manual pages docs/ibidi.1 and docs/libibidi.3 stay complete and render cleanly:
#  1. each has its .TH line and the sections its kind needs, with .nf/.fi balanced;
#  2. every command of `ibidi help`, and every option its usage text names, appears in
#     ibidi.1, so a command or option added without its page fails here;
#  3. with groff, `groff -ww -man -z` prints no warning; with man, `man -l` neither;
#  4. with man and a compiler, the example program of libibidi.3 compiles and runs.
# Usage: sh tests/test_man.sh BUILD
BUILD=${1:-build}
IBIDI=$BUILD/ibidi
. tests/cli_lib.sh

# 1. structure (awk only: no tool beyond POSIX needed)
sections() { # FILE SECTION...
    f=$1
    shift
    head -n 20 "$f" | grep -q '^\.TH [A-Z]' && ok || ko "$f: no .TH line"
    for s in "$@"; do
        if grep -qx "\.SH \"*$s\"*" "$f"; then ok; else ko "$f: no section $s"; fi
    done
    bal=$(awk '/^\.nf/ { d++ } /^\.fi/ { d-- } d < 0 || d > 1 { bad = 1 }
               END { print (bad || d) ? "no" : "yes" }' "$f")
    [ "$bal" = yes ] && ok || ko "$f: .nf/.fi not balanced"
}
sections docs/ibidi.1 NAME SYNOPSIS DESCRIPTION COMMANDS "EXIT STATUS" EXAMPLES FILES \
    "SEE ALSO"
sections docs/libibidi.3 NAME LIBRARY SYNOPSIS DESCRIPTION "RETURN VALUE" EXAMPLES FILES \
    "SEE ALSO"

# 2. commands and options, as the page's source spells them ("\-" is a hyphen)
sed -e 's/\\-/-/g' -e 's/\[no-\]//g' docs/ibidi.1 >"$tmp/page"
"$IBIDI" help >"$tmp/help" || ko "ibidi help failed"
cmds=$(awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }' "$tmp/help")
[ -n "$cmds" ] && ok || ko "no commands in 'ibidi help'"
ncmd=0
nopt=0
for c in $cmds; do
    ncmd=$((ncmd + 1))
    if grep -q "^\.SS \"*ibidi $c\( \|\"\|$\)" "$tmp/page"; then ok; else
        ko "ibidi.1: no .SS heading for command '$c'"
    fi
    case $c in help | version) continue ;; esac
    "$IBIDI" help "$c" | sed 's/\[no-\]//g' | grep -o -- '--[a-z][a-z0-9-]*' | sort -u >"$tmp/opts"
    while read -r o; do
        nopt=$((nopt + 1))
        if grep -qF -- "$o" "$tmp/page"; then ok; else ko "ibidi.1: option $o of '$c' missing"; fi
    done <"$tmp/opts"
done
echo "compared: $ncmd commands and $nopt options of 'ibidi help' with docs/ibidi.1"

# 3. rendering
for page in docs/ibidi.1 docs/libibidi.3; do
    if command -v groff >/dev/null 2>&1; then
        w=$(groff -ww -man -z "$page" 2>&1)
        [ -z "$w" ] && ok || ko "$page: groff warns: $(printf '%s' "$w" | head -c 400)"
    else
        echo "skipped: groff not installed, $page not checked with groff -ww"
    fi
    if command -v man >/dev/null 2>&1; then
        w=$(MANWIDTH=80 man -l "$page" 2>&1 >/dev/null)
        [ -z "$w" ] && ok || ko "$page: man -l warns: $(printf '%s' "$w" | head -c 400)"
    else
        echo "skipped: man not installed, $page not rendered"
    fi
done

# 4. the library page's example is a working program
CC=${CC:-cc}
if command -v man >/dev/null 2>&1 && command -v "$CC" >/dev/null 2>&1; then
    MANWIDTH=200 man -l docs/libibidi.3 2>/dev/null |
        sed -n '/^EXAMPLES/,/^ *Build it/p' | sed -e '1d' -e '$d' -e 's/^       //' >"$tmp/ex.c"
    # a sanitizer build's library links only with the sanitizer's runtime
    san=
    if grep -q __asan_init "$BUILD/libibidi.a" 2>/dev/null; then
        san="-fsanitize=address,undefined"
    fi
    if "$CC" -std=c11 -Wall -Wextra -Werror -Iinclude "$tmp/ex.c" "$BUILD/libibidi.a" -lexpat $san \
        -o "$tmp/ex" 2>"$tmp/err"; then
        ok
        "$tmp/ex" >"$tmp/out" 2>&1 && ok || ko "libibidi.3 example: exit $?"
        has libibidi-example "$tmp/out" "xn--4dbc.com"
    else
        ko "libibidi.3 example does not compile: $(head -c 400 "$tmp/err")"
    fi
else
    echo "skipped: man or $CC missing, the example of libibidi.3 not compiled"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
