#!/bin/sh
# IDNA never allocates (include/ibidi/idna.h: "Nothing here allocates"; the work area of
# ToASCII and ToUnicode is on the stack): no object of src/idna/ may reference an allocator,
# nor one of the library's allocating wrappers (ibidi_..._alloc, e.g. of normalization).
# Reads the objects of the build in BUILD.
# Usage: sh tests/test_idna_noalloc.sh BUILD
BUILD=${1:-build}
pass=0
fail=0
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }

ALLOC='^(malloc|calloc|realloc|reallocarray|free|aligned_alloc|posix_memalign|memalign|valloc|pvalloc|strdup|strndup|alloca|__builtin_alloca|ibidi_[a-z0-9_]*_alloc)$'

if ! command -v nm >/dev/null 2>&1; then
    echo "skipped: nm is not installed"
    echo "0 passed, 0 failed"
    exit 0
fi

checked=0
for o in "$BUILD"/obj/src/idna/*.o; do
    [ -f "$o" ] || continue
    checked=$((checked + 1))
    name=${o#"$BUILD"/obj/}
    # the undefined symbols, without any @version suffix
    refs=$(nm -u "$o" | awk '{print $NF}' | sed 's/@.*//' | grep -E "$ALLOC" | sort -u | tr '\n' ' ' | sed 's/ $//')
    if [ -z "$refs" ]; then
        echo "info: $name references no allocator"
        ok
    else
        ko "$name references $refs"
    fi
done
if [ "$checked" -eq 0 ]; then
    ko "no objects in $BUILD/obj/src/idna (build the library first)"
else
    echo "info: checked $checked objects of src/idna"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
