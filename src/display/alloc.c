/*
 * The allocating calls of ibidi/display.h: each runs the caller-buffer call once to learn
 * the sizes and again into memory of those sizes (the calls give the same result every
 * time), with a work area of its own for an identifier too long for the fixed one. They
 * are the only code of src/display that allocates (tests/test_display_noalloc.sh).
 */
#include <stdlib.h>
#include <string.h>

#include "common/internal.h"
#include "ibidi/display.h"

/* A display call on a copy of the options that carries a work area when the identifier is
 * too long for the fixed one and the caller gave none: *area gets what was allocated. */
static ibidi_status with_display_work(const ibidi_display_options *opts, size_t len,
                                      ibidi_display_options *copy, void **area,
                                      ibidi_error *err)
{
    static const ibidi_display_options none;
    *copy = opts ? *opts : none;
    *area = NULL;
    const size_t need = ibidi_display_work_size(len, copy->before_len + copy->after_len);
    if (copy->work == NULL && need > 0) {
        if (need == SIZE_MAX)
            return ibidi__fail(err, IBIDI_E_TOO_LONG, 0, 0);
        *area = malloc(need);
        if (!*area)
            return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
        copy->work = *area;
        copy->work_size = need;
    }
    return IBIDI_OK;
}

ibidi_status ibidi_display_layout_alloc(const char *s, size_t len,
                                        const ibidi_display_options *opts,
                                        ibidi_display_layout_result *res, ibidi_error *err)
{
    if (!res)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    memset(res, 0, sizeof *res);
    ibidi_display_options o;
    void *area;
    ibidi_status st = with_display_work(opts, len, &o, &area, err);
    if (st != IBIDI_OK)
        return st;
    ibidi_display_layout_result count = {NULL, NULL, NULL, 0, 0, NULL, 0, 0};
    st = ibidi_display_layout(s, len, &o, &count, err);
    if (st != IBIDI_OK && st != IBIDI_E_BUFFER_TOO_SMALL) {
        free(area);
        return st;
    }
    /* one block: the spans, the two maps of size_t, then the levels */
    const size_t n = count.n, ns = count.n_spans;
    unsigned char *block = malloc(ns * sizeof(ibidi_display_span) + 2 * n * sizeof(size_t) + n + 1);
    if (!block) {
        free(area);
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    }
    ibidi_display_layout_result r = {NULL, NULL, NULL, n, 0, NULL, ns, 0};
    r.spans = (ibidi_display_span *)(void *)block;
    r.visual_to_logical = (size_t *)(void *)(block + ns * sizeof(ibidi_display_span));
    r.offsets = r.visual_to_logical + n;
    r.levels = (uint8_t *)(r.offsets + n);
    st = ibidi_display_layout(s, len, &o, &r, err);
    free(area);
    if (st != IBIDI_OK) { /* not reached: sized above */
        free(block);
        return st;
    }
    *res = r;
    return IBIDI_OK;
}

void ibidi_display_layout_free(ibidi_display_layout_result *res)
{
    if (!res)
        return;
    free(res->spans); /* the block starts with the spans */
    memset(res, 0, sizeof *res);
}

/* A display call that writes text, into memory of the size a first run reports. */
typedef ibidi_status (*display_fn)(const char *, size_t, const ibidi_display_options *,
                                   ibidi_buf *, ibidi_error *);

static ibidi_status display_alloc(display_fn fn, const char *s, size_t len,
                                  const ibidi_display_options *opts, ibidi_buf *out,
                                  ibidi_error *err)
{
    if (out) {
        out->data = NULL;
        out->len = 0;
    }
    if (!out)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi_display_options o;
    void *area;
    ibidi_status st = with_display_work(opts, len, &o, &area, err);
    if (st != IBIDI_OK)
        return st;
    ibidi_buf size = {NULL, 0, 0};
    st = fn(s, len, &o, &size, err);
    if (st != IBIDI_OK && st != IBIDI_E_BUFFER_TOO_SMALL) {
        free(area);
        return st;
    }
    ibidi_buf into = {malloc(size.len + 1), size.len, 0};
    if (!into.data) {
        free(area);
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    }
    st = fn(s, len, &o, &into, err);
    free(area);
    if (st != IBIDI_OK) { /* not reached: sized above */
        free(into.data);
        return st;
    }
    into.data[into.len] = '\0';
    out->data = into.data;
    out->len = into.len;
    return IBIDI_OK;
}

ibidi_status ibidi_display_utf8_alloc(const char *s, size_t len,
                                      const ibidi_display_options *opts, ibidi_buf *out,
                                      ibidi_error *err)
{
    return display_alloc(ibidi_display_utf8, s, len, opts, out, err);
}

ibidi_status ibidi_display_convert_alloc(const char *s, size_t len,
                                         const ibidi_display_options *opts, ibidi_buf *out,
                                         ibidi_error *err)
{
    return display_alloc(ibidi_display_convert, s, len, opts, out, err);
}
