#!/bin/sh
# The JSON writer allocates only in its allocating calls (include/ibidi/json.h): no object
# of src/json/ may reference an allocator, except src/json/alloc.c, where (when objdump is
# at hand) every reference must come from ibidi_json_verdict_alloc, ibidi_json_show_alloc
# and the one helper both call.
# Usage: sh tests/test_json_noalloc.sh BUILD
. tests/noalloc_lib.sh
noalloc_check "${1:-build}" json "^($NOALLOC_LIBC|ibidi_[a-z0-9_]*_alloc)\$" \
    "ibidi_json_verdict_alloc ibidi_json_show_alloc write_alloc"
