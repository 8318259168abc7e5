#!/bin/sh
# The script policy allocates only in its allocating call (include/ibidi/uts39.h: "nothing
# here allocates but the _alloc call"): no object of src/uts39/ may reference an allocator,
# except src/uts39/alloc.c, where (when objdump is at hand) every reference must come from
# ibidi_uts39_check_alloc.
# Usage: sh tests/test_uts39_noalloc.sh BUILD
. tests/noalloc_lib.sh
noalloc_check "${1:-build}" uts39 "^($NOALLOC_LIBC|ibidi_[a-z0-9_]*_alloc)\$" \
    "ibidi_uts39_check_alloc"
