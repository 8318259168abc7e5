#!/bin/sh
# IDNA allocates only in its allocating calls (include/ibidi/idna.h: "Nothing here allocates
# but the _alloc calls"; the work area of ToASCII and ToUnicode is on the stack): no object
# of src/idna/ may reference an allocator, nor one of the library's other allocating
# wrappers (ibidi_..._alloc, e.g. of normalization), except src/idna/alloc.c, which defines
# ibidi_idna_to_ascii_alloc, ibidi_idna_to_unicode_alloc and ibidi_idna_bidi_rule_alloc;
# there (when objdump is at hand) every reference must come from inside those or
# run_alloc, the helper the first two share, which the compiler may or may not inline.
# Reads the objects of the build in BUILD.
# Usage: sh tests/test_idna_noalloc.sh BUILD
. tests/noalloc_lib.sh
noalloc_check "${1:-build}" idna "^($NOALLOC_LIBC|ibidi_[a-z0-9_]*_alloc)\$" \
    "ibidi_idna_to_ascii_alloc ibidi_idna_to_unicode_alloc ibidi_idna_bidi_rule_alloc run_alloc"
