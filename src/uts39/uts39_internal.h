/* The script policy's interface inside the library (src/uts39/): the check of a name with
 * its findings passed to a function, for a caller that keeps them its own way (the verdict,
 * src/verdict/verdict.c, which must see every error also when its buffer is full). */
#ifndef IBIDI_UTS39_INTERNAL_H
#define IBIDI_UTS39_INTERNAL_H

#include "common/internal.h"
#include "ibidi/uts39.h"

/* ibidi_uts39_check_utf8, every finding to fn (no argument checks). */
ibidi_status ibidi__uts39_check_fn(const char *name, size_t len, const ibidi_uts39_options *opts,
                                   ibidi_uts39_level *level, ibidi__sink_fn fn, void *ctx,
                                   ibidi_error *err);

#endif
