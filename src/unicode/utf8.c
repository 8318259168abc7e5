/* Strict UTF-8 (Unicode 17.0 §3.9, Table 3-7): validation, decoding, encoding. */
#include <string.h>

#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "unicode/utf8_internal.h"

size_t ibidi__utf8_decode_slow(const unsigned char *s, size_t n, uint32_t *cp, ibidi_status *st)
{
    return ibidi__utf8_decode_multi(s, n, cp, st);
}

ibidi_status ibidi_utf8_validate(const char *s, size_t len, size_t *n_cps, ibidi_error *err)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, count = 0;
    if (!s && len)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    while (i < len) {
        /* Words of ASCII and two-byte sequences (C2..DF: Latin, Greek, Cyrillic, Hebrew,
         * Arabic, Syriac, Thaana, N'Ko) at a time; the rest one character at a time. */
        i = ibidi__utf8_skip_2byte(p, i, len, 0x02, 0x1F, &count);
        if (i >= len)
            break;
        if (p[i] < 0x80) {
            i++;
            count++;
            continue;
        }
        uint32_t cp;
        ibidi_status st;
        size_t k = ibidi__utf8_decode_fast(p + i, len - i, &cp, &st);
        if (!k)
            return ibidi__fail(err, st, i, p[i]);
        i += k;
        count++;
    }
    if (n_cps)
        *n_cps = count;
    return ibidi__ok(err);
}

ibidi_status ibidi_utf8_next(const char *s, size_t len, size_t *pos, uint32_t *cp,
                             ibidi_error *err)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i;
    if (!pos || !cp || (!s && len) || *pos >= len)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, pos ? *pos : 0, 0);
    i = *pos;
    if (p[i] < 0x80) {
        *cp = p[i];
        *pos = i + 1;
        return ibidi__ok(err);
    }
    ibidi_status st;
    size_t k = ibidi__utf8_decode_multi(p + i, len - i, cp, &st);
    if (!k)
        return ibidi__fail(err, st, i, p[i]);
    *pos = i + k;
    return ibidi__ok(err);
}

ibidi_status ibidi_utf8_decode(const char *s, size_t len, ibidi_buf32 *out, ibidi_error *err)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, n = 0;
    if ((!s && len) || !out || (!out->data && out->cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    uint32_t *dst = out->data;
    size_t cap = out->cap;
    while (i < len) {
        uint32_t cp;
        if (p[i] < 0x80) {
            cp = p[i++];
        } else {
            ibidi_status st;
            size_t k = ibidi__utf8_decode_fast(p + i, len - i, &cp, &st);
            if (!k)
                return ibidi__fail(err, st, i, p[i]);
            i += k;
        }
        if (n < cap)
            dst[n] = cp;
        n++;
    }
    out->len = n;
    if (n > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

size_t ibidi_utf8_encode_cp(uint32_t cp, char out[4])
{
    if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
        return 0; /* no scalar value: no UTF-8 */
    return ibidi__utf8_put(out, cp);
}

ibidi_status ibidi_utf8_encode(const uint32_t *cps, size_t n, ibidi_buf *out, ibidi_error *err)
{
    size_t need = 0;
    if ((!cps && n) || !out || (!out->data && out->cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    char *dst = out->data;
    size_t cap = out->cap;
    for (size_t i = 0; i < n; i++) {
        char buf[4];
        size_t k = ibidi_utf8_encode_cp(cps[i], buf);
        if (!k)
            return ibidi__fail(err, cps[i] > 0x10FFFF ? IBIDI_E_CP_TOO_LARGE : IBIDI_E_CP_SURROGATE,
                               i, cps[i]);
        if (need + k <= cap)
            memcpy(dst + need, buf, k);
        need += k;
    }
    out->len = need;
    if (need > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}
