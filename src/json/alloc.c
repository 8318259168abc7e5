/* The allocating call of ibidi/json.h, the only code of src/json/ that allocates
 * (tests/test_json_noalloc.sh): measure, allocate, write. */
#include <stdlib.h>

#include "ibidi/json.h"

ibidi_status ibidi_json_verdict_alloc(const ibidi_verdict *v, const char *input,
                                      size_t input_len, ibidi_buf *out)
{
    if (!out)
        return IBIDI_E_INVALID_ARGUMENT;
    ibidi_buf m = {NULL, 0, 0};
    out->data = NULL;
    out->len = 0;
    ibidi_status st = ibidi_json_verdict(v, input, input_len, &m);
    if (st != IBIDI_OK && st != IBIDI_E_BUFFER_TOO_SMALL)
        return st;
    ibidi_buf b = {malloc(m.len + 1), m.len + 1, 0};
    if (!b.data)
        return IBIDI_E_NOMEM;
    st = ibidi_json_verdict(v, input, input_len, &b);
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
