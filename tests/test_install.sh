#!/bin/sh
# `make install` into a staging directory (DESTDIR) puts every file where it belongs, the
# man pages and the bash completion included, runs no ldconfig (the loader's cache is the
# system's, not the stage's), and gives a pkg-config file a program links and runs with;
# `make uninstall` removes all of it.
# Usage: sh tests/test_install.sh BUILD
BUILD=${1:-build}
. tests/cli_lib.sh
# a test run by `make check` must not join that make's job server
unset MAKEFLAGS MFLAGS MAKELEVEL

dest=$tmp/stage
p=$dest/usr/local
if make -s install BUILD="$BUILD" DESTDIR="$dest" PREFIX=/usr/local >"$tmp/log" 2>&1; then
    ok
else
    ko "make install: $(tail -c 400 "$tmp/log")"
fi
if grep -q ldconfig "$tmp/log"; then ko "ldconfig ran for a DESTDIR install"; else ok; fi
files="bin/ibidi include/ibidi.h include/ibidi/common.h lib/libibidi.a lib/libibidi.so
lib/libibidi.so.2 lib/pkgconfig/ibidi.pc share/man/man1/ibidi.1 share/man/man3/libibidi.3
share/bash-completion/completions/ibidi"
for f in $files; do
    [ -e "$p/$f" ] && ok || ko "not installed: \$PREFIX/$f"
done
cmp -s docs/ibidi.1 "$p/share/man/man1/ibidi.1" && ok || ko "ibidi.1 differs"
cmp -s tools/ibidi.bash-completion "$p/share/bash-completion/completions/ibidi" && ok ||
    ko "completion differs"
grep -qx 'prefix=/usr/local' "$p/lib/pkgconfig/ibidi.pc" && ok || ko "ibidi.pc prefix"

# a program built with the installed pkg-config file (its prefix moved to the stage)
CC=${CC:-cc}
if grep -q __asan_init "$p/lib/libibidi.so" 2>/dev/null; then
    echo "skipped: a sanitizer build, whose library needs the sanitizer's runtime to link"
elif command -v pkg-config >/dev/null 2>&1; then
    flags=$(PKG_CONFIG_PATH=$p/lib/pkgconfig pkg-config --define-variable=prefix="$p" \
        --cflags --libs ibidi)
    printf '#include <ibidi.h>\n#include <stdio.h>\nint main(void) { puts(ibidi_version()); %s\n' \
        'return 0; }' >"$tmp/v.c"
    if "$CC" "$tmp/v.c" $flags -o "$tmp/v" 2>"$tmp/err"; then
        ok
        v=$(sed -n 's/^#define IBIDI_VERSION_STRING "\(.*\)"/\1/p' include/ibidi/common.h)
        [ "$(LD_LIBRARY_PATH=$p/lib "$tmp/v")" = "$v" ] && ok || ko "linked program: wrong output"
    else
        ko "linking with pkg-config flags '$flags': $(head -c 300 "$tmp/err")"
    fi
else
    echo "skipped: pkg-config not installed, no program linked against the stage"
fi

make -s uninstall BUILD="$BUILD" DESTDIR="$dest" PREFIX=/usr/local >"$tmp/log" 2>&1 && ok ||
    ko "make uninstall: $(tail -c 400 "$tmp/log")"
left=$(find "$dest" -type f -o -type l)
[ -z "$left" ] && ok || ko "left after uninstall: $left"
echo "compared: $(echo $files | wc -w) installed files, then none after uninstall"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
