#!/bin/sh
# The display of identifiers allocates only in its allocating calls (include/ibidi/display.h:
# "nothing here allocates but the _alloc calls"; short identifiers work in a fixed area on
# the stack, long ones in the caller's): no object of src/display/ may reference an
# allocator, nor one of the library's allocating wrappers (the parse it calls is
# ibidi_iri_parse, never ibidi_iri_parse_alloc), except src/display/alloc.c, where (when
# objdump is at hand) every reference must come from its _alloc calls and the helpers they
# share. So layouts, forms, proofs and conversions cost no heap allocation.
# Usage: sh tests/test_display_noalloc.sh BUILD
. tests/noalloc_lib.sh
noalloc_check "${1:-build}" display "^($NOALLOC_LIBC|ibidi_[a-z0-9_]*_alloc)\$" \
    "ibidi_display_layout_alloc ibidi_display_layout_free ibidi_display_utf8_alloc ibidi_display_convert_alloc with_display_work display_alloc"
