#!/bin/sh
# Lists of names allocate only in their allocating call, the collision groups and the index
# of candidates (include/ibidi/scan.h: "Nothing here allocates but the _alloc call, the
# collision groups (ibidi_scan_groups) and the index of candidates (ibidi_scan_against),
# whose job it is"): no object of src/scan/ may reference an
# allocator, nor one of the library's allocating wrappers, except src/scan/alloc.c, where
# (when objdump is at hand) every reference must come from ibidi_scan_name_alloc, and the
# collision groups, src/scan/groups.c and the sorted runs they spill, src/scan/runs.c, and the
# index of candidates against an existing list, src/scan/against.c (whose lookup, the call
# made for every existing name, allocates nothing). So
# the scan of a name (ToUnicode, validity, analysis, displays) costs no heap allocation.
# Usage: sh tests/test_scan_noalloc.sh BUILD
. tests/noalloc_lib.sh
noalloc_check "${1:-build}" scan "^($NOALLOC_LIBC|ibidi_[a-z0-9_]*_alloc)\$" \
    "ibidi_scan_name_alloc" "groups runs against"
