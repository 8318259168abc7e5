#!/bin/sh
# The bidirectional algorithm never allocates (include/ibidi/bidi.h, "Memory"): no object
# of src/bidi/ may reference an allocator, except the one that defines the allocating
# wrapper ibidi_bidi_visual_utf8_alloc; there (when objdump is at hand) every reference
# must come from inside that function. Reads the objects of the build in BUILD.
# Usage: sh tests/test_bidi_noalloc.sh BUILD
BUILD=${1:-build}
pass=0
fail=0
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }

ALLOC='^(malloc|calloc|realloc|reallocarray|free|aligned_alloc|posix_memalign|memalign|valloc|pvalloc|strdup|strndup|alloca|__builtin_alloca)$'
WRAPPER=ibidi_bidi_visual_utf8_alloc

if ! command -v nm >/dev/null 2>&1; then
    echo "skipped: nm is not installed"
    echo "0 passed, 0 failed"
    exit 0
fi

checked=0
for o in "$BUILD"/obj/src/bidi/*.o; do
    [ -f "$o" ] || continue
    checked=$((checked + 1))
    name=${o#"$BUILD"/obj/}
    # the undefined symbols, without any @version suffix
    refs=$(nm -u "$o" | awk '{print $NF}' | sed 's/@.*//' | grep -E "$ALLOC" | sort -u | tr '\n' ' ' | sed 's/ $//')
    if [ -z "$refs" ]; then
        echo "info: $name references no allocator"
        ok
        continue
    fi
    if ! nm --defined-only "$o" | awk '{print $NF}' | grep -qx "$WRAPPER"; then
        ko "$name references $refs"
        continue
    fi
    if command -v objdump >/dev/null 2>&1; then
        # the function around each relocation that names an allocator
        where=$(objdump -dr "$o" | awk -v re="$ALLOC" '
            /^[0-9a-f]+ <[^>]+>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
            / R_[A-Z0-9_]+[ \t]/ { s = $NF; sub(/[-+]0x[0-9a-f]+$/, "", s); sub(/@.*/, "", s);
                                   if (s ~ re) print fn }' | sort -u | tr '\n' ' ' | sed 's/ $//')
        if [ "$where" = "$WRAPPER" ]; then
            echo "info: $name references $refs only from $WRAPPER"
            ok
        else
            ko "$name references $refs from: $where"
        fi
    else
        echo "info: $name references $refs and defines $WRAPPER (objdump missing: not narrowed)"
        ok
    fi
done
if [ "$checked" -eq 0 ]; then
    ko "no objects in $BUILD/obj/src/bidi (build the library first)"
else
    echo "info: checked $checked objects of src/bidi"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
