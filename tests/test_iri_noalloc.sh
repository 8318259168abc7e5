#!/bin/sh
# Identifiers allocate only in their allocating calls (include/ibidi/iri.h: "nothing here
# allocates but the _alloc calls"; short identifiers work in a fixed area on the stack, long
# ones in the caller's): no object of src/iri/ may reference an allocator, nor one of the
# library's allocating wrappers, except src/iri/alloc.c, where (when objdump is at hand)
# every reference must come from its _alloc calls and the helpers they share.
# So parsing, checking, validity and the URI conversions of an IRI cost no heap allocation.
# Usage: sh tests/test_iri_noalloc.sh BUILD
. tests/noalloc_lib.sh
noalloc_check "${1:-build}" iri "^($NOALLOC_LIBC|ibidi_[a-z0-9_]*_alloc)\$" \
    "ibidi_iri_parse_alloc ibidi_iri_check_alloc ibidi_iri_validate_alloc ibidi_iri_unicode_form_alloc ibidi_iri_to_uri_alloc ibidi_iri_from_uri_alloc convert_alloc with_idna_work"
