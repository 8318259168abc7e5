/* The allocating call of ibidi/verdict.h, the only code of src/verdict/ that allocates
 * (tests/test_verdict_noalloc.sh): the work area when the options give none, and the
 * record's buffer, sized so that one run nearly always suffices (a second one, of exactly
 * the size the first one said, always does). */
#include <stdlib.h>
#include <string.h>

#include "ibidi/verdict.h"

/* Room for the texts and some two hundred findings: far more than a domain name draws. */
#define FIRST_GUESS(len) (32768 + 16 * (len))

ibidi_status ibidi_verdict_make_alloc(const char *s, size_t len,
                                      const ibidi_verdict_options *opts, ibidi_verdict *v)
{
    ibidi_verdict_options o;
    void *work = NULL;
    if (!v)
        return IBIDI_E_INVALID_ARGUMENT;
    memset(v, 0, sizeof *v);
    if (opts)
        o = *opts;
    else
        memset(&o, 0, sizeof o);
    if (!o.work) {
        const size_t w = ibidi_verdict_work_size(len, &o);
        if (w == SIZE_MAX)
            return IBIDI_E_TOO_LONG;
        if (!(work = malloc(w)))
            return IBIDI_E_NOMEM;
        o.work = work;
        o.work_size = w;
    }
    size_t cap = FIRST_GUESS(len);
    void *buf = malloc(cap);
    ibidi_status st = buf ? ibidi_verdict_make(s, len, &o, buf, cap, v) : IBIDI_E_NOMEM;
    if (st == IBIDI_E_BUFFER_TOO_SMALL) {
        cap = v->needed;
        free(buf);
        buf = malloc(cap);
        st = buf ? ibidi_verdict_make(s, len, &o, buf, cap, v) : IBIDI_E_NOMEM;
    }
    free(work);
    if (st != IBIDI_OK) {
        free(buf);
        memset(v, 0, sizeof *v);
        return st;
    }
    v->allocated = buf;
    return IBIDI_OK;
}

void ibidi_verdict_free(ibidi_verdict *v)
{
    if (!v)
        return;
    free(v->allocated);
    memset(v, 0, sizeof *v);
}
