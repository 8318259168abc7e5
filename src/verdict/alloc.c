/* The allocating call of ibidi/verdict.h, the only code of src/verdict/ that allocates
 * (tests/test_verdict_noalloc.sh): the work area when the options give none, and the
 * record's buffer, sized so that one run nearly always suffices (a second one, of exactly
 * the size the first one said, always does: common/record_alloc.h). */
#include <stdlib.h>
#include <string.h>

#include "common/record_alloc.h"
#include "ibidi/verdict.h"

/* Room for the texts and some two hundred findings: far more than a domain name draws. */
#define FIRST_GUESS(len) (32768 + 16 * (len))

typedef struct verdict_call {
    const char *s;
    size_t len;
    ibidi_verdict_options o;
    ibidi_verdict *v;
} verdict_call;

static ibidi_status make(void *ctx, void *work, size_t work_size, void *buf, size_t cap,
                         size_t *needed)
{
    verdict_call *c = ctx;
    c->o.work = work;
    c->o.work_size = work_size;
    const ibidi_status st = ibidi_verdict_make(c->s, c->len, &c->o, buf, cap, c->v);
    *needed = c->v->needed;
    return st;
}

ibidi_status ibidi_verdict_make_alloc(const char *s, size_t len,
                                      const ibidi_verdict_options *opts, ibidi_verdict *v)
{
    if (!v)
        return IBIDI_E_INVALID_ARGUMENT;
    memset(v, 0, sizeof *v);
    verdict_call c = {s, len, {0}, v};
    if (opts)
        c.o = *opts;
    void *buf = NULL;
    const ibidi_status st = ibidi__record_alloc(
        make, &c, c.o.work, c.o.work ? c.o.work_size : ibidi_verdict_work_size(len, &c.o),
        FIRST_GUESS(len), &buf);
    if (st != IBIDI_OK) {
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
