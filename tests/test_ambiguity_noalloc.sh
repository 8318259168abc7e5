#!/bin/sh
# The ambiguity analysis allocates only in its allocating call (include/ibidi/ambiguity.h:
# "nothing here allocates but the _alloc calls"; identifiers of up to 256 bytes work on the
# stack, longer ones and the exact analysis in the caller's area): no object of
# src/ambiguity/ may reference an allocator, nor one of the library's allocating wrappers,
# except src/ambiguity/alloc.c, where (when objdump is at hand) every reference must come
# from ibidi_ambiguity_analyze_alloc; and the research verifier of ibidi/rfc5893.h
# (src/ambiguity/verify.c), which keeps its working sets on the heap as that header says.
# Usage: sh tests/test_ambiguity_noalloc.sh BUILD
. tests/noalloc_lib.sh
noalloc_check "${1:-build}" ambiguity "^($NOALLOC_LIBC|ibidi_[a-z0-9_]*_alloc)\$" \
    "ibidi_ambiguity_analyze_alloc" "verify"
