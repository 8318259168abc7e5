/*
 * Internal strict UTF-8 decoding step (Unicode 17.0 §3.9, Table 3-7), shared by every
 * decoder of the library so that all report the same error at the same offset.
 */
#ifndef IBIDI_UTF8_INTERNAL_H
#define IBIDI_UTF8_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ibidi/common.h"

/* Decodes the non-ASCII sequence starting at s[0] (n >= 1 bytes available, s[0] >= 0x80).
 * On success stores the code point in *cp and returns the sequence length 2..4. On
 * failure returns 0 and stores the status in *st; the error's offset is that of s[0]. */
static inline size_t ibidi__utf8_decode_multi(const unsigned char *s, size_t n, uint32_t *cp,
                                              ibidi_status *st)
{
    unsigned b0 = s[0];
    size_t need;
    unsigned lo = 0x80, hi = 0xBF; /* Table 3-7: allowed range of the second byte */
    uint32_t v;

    if (b0 < 0xC0) {
        *st = IBIDI_E_UTF8_UNEXPECTED_CONT;
        return 0;
    }
    if (b0 < 0xC2) { /* C0, C1 could only encode 00..7F */
        *st = IBIDI_E_UTF8_OVERLONG;
        return 0;
    }
    if (b0 < 0xE0) {
        need = 2;
        v = b0 & 0x1Fu;
    } else if (b0 < 0xF0) {
        need = 3;
        v = b0 & 0x0Fu;
        if (b0 == 0xE0)
            lo = 0xA0;
        else if (b0 == 0xED)
            hi = 0x9F;
    } else if (b0 < 0xF5) {
        need = 4;
        v = b0 & 0x07u;
        if (b0 == 0xF0)
            lo = 0x90;
        else if (b0 == 0xF4)
            hi = 0x8F;
    } else {
        *st = b0 < 0xF8 ? IBIDI_E_UTF8_TOO_LARGE : IBIDI_E_UTF8_INVALID_BYTE;
        return 0;
    }
    if (n < 2) {
        *st = IBIDI_E_UTF8_TRUNCATED;
        return 0;
    }
    /* Second byte: its range tells overlong, surrogate and too-large forms apart from
     * truncation (a byte outside 80..BF ends the sequence). */
    if (s[1] < lo || s[1] > hi) {
        if (s[1] < 0x80 || s[1] > 0xBF)
            *st = IBIDI_E_UTF8_TRUNCATED;
        else if (b0 == 0xED)
            *st = IBIDI_E_UTF8_SURROGATE;
        else if (b0 == 0xF4)
            *st = IBIDI_E_UTF8_TOO_LARGE;
        else
            *st = IBIDI_E_UTF8_OVERLONG;
        return 0;
    }
    v = (v << 6) | (s[1] & 0x3Fu);
    for (size_t i = 2; i < need; i++) {
        if (i >= n || (s[i] & 0xC0u) != 0x80u) {
            *st = IBIDI_E_UTF8_TRUNCATED;
            return 0;
        }
        v = (v << 6) | (s[i] & 0x3Fu);
    }
    *cp = v;
    return need;
}

/* Fills *err (may be NULL) and returns status. */
static inline ibidi_status ibidi__fail(ibidi_error *err, ibidi_status status, size_t offset,
                                       uint32_t value)
{
    if (err) {
        err->status = status;
        err->offset = offset;
        err->value = value;
    }
    return status;
}

static inline ibidi_status ibidi__ok(ibidi_error *err)
{
    if (err) {
        err->status = IBIDI_OK;
        err->offset = 0;
        err->value = 0;
    }
    return IBIDI_OK;
}

#endif
