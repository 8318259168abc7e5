/* The allocating call of a record whose parts go to a caller's buffer (the verdict's, the
 * decision of how to show): the work area when the options give none, then the buffer,
 * sized so that one run nearly always suffices, and a second run of exactly the size the
 * first said when not. Included by each folder's alloc.c, the only code that allocates. */
#ifndef IBIDI_COMMON_RECORD_ALLOC_H
#define IBIDI_COMMON_RECORD_ALLOC_H

#include <stdint.h>
#include <stdlib.h>

#include "ibidi/common.h"

/* Makes the record into buf (cap bytes) with the work area work: the caller's call, which
 * sets *needed to the bytes the record's parts take. */
typedef ibidi_status (*ibidi__record_make_fn)(void *ctx, void *work, size_t work_size,
                                              void *buf, size_t cap, size_t *needed);

/* Runs make with a work area of work_size bytes (allocated unless the options give one:
 * given_work non-NULL) and a buffer of first_guess bytes, then of the size needed; *buf
 * gets the buffer holding the record (NULL after an error, when nothing is held). */
static inline ibidi_status ibidi__record_alloc(ibidi__record_make_fn make, void *ctx,
                                               void *given_work, size_t work_size,
                                               size_t first_guess, void **buf)
{
    void *work = NULL;
    *buf = NULL;
    if (!given_work) {
        if (work_size == SIZE_MAX)
            return IBIDI_E_TOO_LONG;
        if (!(work = malloc(work_size)))
            return IBIDI_E_NOMEM;
        given_work = work;
    }
    size_t cap = first_guess, needed = 0;
    void *b = malloc(cap);
    ibidi_status st = b ? make(ctx, given_work, work_size, b, cap, &needed) : IBIDI_E_NOMEM;
    if (st == IBIDI_E_BUFFER_TOO_SMALL) {
        cap = needed;
        free(b);
        b = malloc(cap);
        st = b ? make(ctx, given_work, work_size, b, cap, &needed) : IBIDI_E_NOMEM;
    }
    free(work);
    if (st != IBIDI_OK) {
        free(b);
        return st;
    }
    *buf = b;
    return IBIDI_OK;
}

#endif /* IBIDI_COMMON_RECORD_ALLOC_H */
