#!/bin/sh
# A decision of how to show allocates only in its allocating calls (include/ibidi/show.h:
# the record's parts go to the caller's buffer, the steps' state to the caller's work
# area): no object of src/show/ may reference an allocator, nor one of the library's
# allocating wrappers, except src/show/alloc.c, where (when objdump is at hand) every
# reference must come from the calls that make or free the protected names and
# ibidi_show_make_alloc and ibidi_show_free (and the helper that grows their buffers).
# Usage: sh tests/test_show_noalloc.sh BUILD
. tests/noalloc_lib.sh
noalloc_check "${1:-build}" show "^($NOALLOC_LIBC|ibidi_[a-z0-9_]*_alloc)\$" \
    "ibidi_show_make_alloc ibidi_show_free ibidi_show_protect_create ibidi_show_protect_free grow_reserve ibidi__record_alloc"
