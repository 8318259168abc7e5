#!/bin/sh
# IDNA never allocates (include/ibidi/idna.h: "Nothing here allocates"; the work area of
# ToASCII and ToUnicode is on the stack): no object of src/idna/ may reference an allocator,
# nor one of the library's allocating wrappers (ibidi_..._alloc, e.g. of normalization).
# Reads the objects of the build in BUILD.
# Usage: sh tests/test_idna_noalloc.sh BUILD
. tests/noalloc_lib.sh
noalloc_check "${1:-build}" idna "^($NOALLOC_LIBC|ibidi_[a-z0-9_]*_alloc)\$"
