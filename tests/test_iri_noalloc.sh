#!/bin/sh
# Identifiers never allocate (include/ibidi/iri.h and display.h: "nothing here allocates";
# short identifiers work in a fixed area on the stack, long ones in the caller's): no object
# of src/iri/ may reference an allocator, nor one of the library's allocating wrappers. So
# parsing, checking, display, forms, proofs and conversions of an IRI cost no heap
# allocation.
# Usage: sh tests/test_iri_noalloc.sh BUILD
. tests/noalloc_lib.sh
noalloc_check "${1:-build}" iri "^($NOALLOC_LIBC|ibidi_[a-z0-9_]*_alloc)\$"
