/* The library's version, and the release of what its _alloc calls allocate. The names and
 * messages of the statuses are rows of the table of codes (src/common/codes.c). */
#include <stdlib.h>

#include "ibidi/common.h"

const char *ibidi_version(void) { return IBIDI_VERSION_STRING; }

const char *ibidi_unicode_version(void) { return IBIDI_UNICODE_VERSION_STRING; }

void ibidi_free(void *p) { free(p); }
