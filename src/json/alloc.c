/* The allocating call of ibidi/json.h, the only code of src/json/ that allocates
 * (tests/test_json_noalloc.sh): measure, allocate, write. */
#include <stdlib.h>

#include "ibidi/json.h"

/* Measures with fn, allocates, writes. */
typedef ibidi_status (*writer_fn)(const void *rec, const char *input, size_t input_len,
                                  ibidi_buf *out);

static ibidi_status write_alloc(writer_fn fn, const void *rec, const char *input,
                                size_t input_len, ibidi_buf *out)
{
    if (!out)
        return IBIDI_E_INVALID_ARGUMENT;
    ibidi_buf m = {NULL, 0, 0};
    out->data = NULL;
    out->len = 0;
    ibidi_status st = fn(rec, input, input_len, &m);
    if (st != IBIDI_OK && st != IBIDI_E_BUFFER_TOO_SMALL)
        return st;
    ibidi_buf b = {malloc(m.len + 1), m.len + 1, 0};
    if (!b.data)
        return IBIDI_E_NOMEM;
    st = fn(rec, input, input_len, &b);
    if (st != IBIDI_OK) {
        free(b.data);
        return st;
    }
    b.data[b.len] = '\0';
    out->data = b.data;
    out->cap = b.len + 1;
    out->len = b.len;
    return IBIDI_OK;
}

static ibidi_status verdict_fn(const void *rec, const char *input, size_t input_len,
                               ibidi_buf *out)
{
    return ibidi_json_verdict(rec, input, input_len, out);
}

static ibidi_status show_fn(const void *rec, const char *input, size_t input_len, ibidi_buf *out)
{
    return ibidi_json_show(rec, input, input_len, out);
}

ibidi_status ibidi_json_verdict_alloc(const ibidi_verdict *v, const char *input,
                                      size_t input_len, ibidi_buf *out)
{
    return write_alloc(verdict_fn, v, input, input_len, out);
}

ibidi_status ibidi_json_show_alloc(const ibidi_show *r, const char *input, size_t input_len,
                                   ibidi_buf *out)
{
    return write_alloc(show_fn, r, input, input_len, out);
}
