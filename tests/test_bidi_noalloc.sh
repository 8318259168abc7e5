#!/bin/sh
# The bidirectional algorithm never allocates (include/ibidi/bidi.h, "Memory"): no object
# of src/bidi/ may reference an allocator, except the one that defines the allocating
# wrappers ibidi_bidi_resolve_utf8_alloc, ibidi_bidi_result_free and
# ibidi_bidi_visual_utf8_alloc (and alloc_work_area, which they share); there (when objdump
# is at hand) every reference must come from inside those functions. Reads the objects of the build in BUILD.
# Usage: sh tests/test_bidi_noalloc.sh BUILD
. tests/noalloc_lib.sh
noalloc_check "${1:-build}" bidi "^($NOALLOC_LIBC)\$" \
    "ibidi_bidi_resolve_utf8_alloc ibidi_bidi_result_free ibidi_bidi_visual_utf8_alloc alloc_work_area"
