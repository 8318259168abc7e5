#!/bin/sh
# Label Generation Rulesets allocate only while an LGR is loaded (include/ibidi/lgr.h:
# "Loading allocates (ibidi_lgr_free releases everything); evaluation allocates nothing"):
# the loader, src/lgr/load.c, the set algebra of src/lgr/classes.c and the load-time
# preparation of the rules, src/lgr/prepare.c, may allocate; every
# other object of src/lgr/ (the evaluation of labels) may reference no allocator nor one of
# the library's allocating wrappers. So judging a label, its variants or its index label
# costs no heap allocation.
# Usage: sh tests/test_lgr_noalloc.sh BUILD
. tests/noalloc_lib.sh
noalloc_check "${1:-build}" lgr "^($NOALLOC_LIBC|ibidi_[a-z0-9_]*_alloc)\$" "" "load classes prepare"
