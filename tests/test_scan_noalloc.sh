#!/bin/sh
# Lists of names allocate only in their allocating call (include/ibidi/scan.h: "nothing
# here allocates but the _alloc call"): no object of src/scan/ may reference an allocator,
# nor one of the library's allocating wrappers, except src/scan/alloc.c, where (when
# objdump is at hand) every reference must come from ibidi_scan_name_alloc. So the scan of a
# name (ToUnicode, validity, analysis, displays) costs no heap allocation.
# Usage: sh tests/test_scan_noalloc.sh BUILD
. tests/noalloc_lib.sh
noalloc_check "${1:-build}" scan "^($NOALLOC_LIBC|ibidi_[a-z0-9_]*_alloc)\$" \
    "ibidi_scan_name_alloc"
