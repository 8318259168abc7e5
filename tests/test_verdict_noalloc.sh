#!/bin/sh
# A verdict allocates only in its allocating call (include/ibidi/verdict.h: "nothing is
# allocated but by ibidi_verdict_make_alloc"; the record's parts go to the caller's buffer,
# the steps' state to the caller's work area): no object of src/verdict/ may reference an
# allocator, nor one of the library's allocating wrappers (the steps call the calls that
# take buffers), except src/verdict/alloc.c, where (when objdump is at hand) every
# reference must come from ibidi_verdict_make_alloc and ibidi_verdict_free.
# Usage: sh tests/test_verdict_noalloc.sh BUILD
. tests/noalloc_lib.sh
noalloc_check "${1:-build}" verdict "^($NOALLOC_LIBC|ibidi_[a-z0-9_]*_alloc)\$" \
    "ibidi_verdict_make_alloc ibidi_verdict_free ibidi__record_alloc"
