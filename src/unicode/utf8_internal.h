/*
 * Internal strict UTF-8 decoding step (Unicode 17.0 §3.9, Table 3-7), shared by every
 * decoder of the library so that all report the same error at the same offset.
 */
#ifndef IBIDI_UTF8_INTERNAL_H
#define IBIDI_UTF8_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "common/internal.h"
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

/* The strict decoder out of line, for the hot loops below: four-byte sequences and every
 * error go through it, so that errors are the same everywhere in the library. */
size_t ibidi__utf8_decode_slow(const unsigned char *s, size_t n, uint32_t *cp, ibidi_status *st);

/* Like ibidi__utf8_decode_multi, with the well-formed two- and three-byte sequences
 * decoded inline (Table 3-7) and everything else by ibidi__utf8_decode_slow. */
IBIDI__ALWAYS_INLINE size_t ibidi__utf8_decode_fast(const unsigned char *s, size_t n, uint32_t *cp,
                                                    ibidi_status *st)
{
    unsigned b0 = s[0];
    if (b0 - 0xC2u < 0x1Eu && n >= 2 && (s[1] & 0xC0u) == 0x80u) { /* C2..DF 80..BF */
        *cp = ((uint32_t)(b0 & 0x1Fu) << 6) | (s[1] & 0x3Fu);
        return 2;
    }
    if (b0 - 0xE0u < 0x10u && n >= 3 && (s[1] & 0xC0u) == 0x80u && (s[2] & 0xC0u) == 0x80u) {
        uint32_t v = ((uint32_t)(b0 & 0x0Fu) << 12) | ((uint32_t)(s[1] & 0x3Fu) << 6) |
                     (s[2] & 0x3Fu);
        /* E0 needs A0..BF (no overlong form), ED 80..9F (no surrogate) */
        if (v >= 0x800u && v - 0xD800u >= 0x800u) {
            *cp = v;
            return 3;
        }
    }
    {
        uint32_t v = 0; /* keeps *cp out of memory on the fast paths */
        size_t k = ibidi__utf8_decode_slow(s, n, &v, st);
        *cp = v;
        return k;
    }
}

/* Eight bytes of s from s[i], byte k in bits 8k..8k+7 whatever the machine's byte order
 * (compilers turn this into one load on little-endian machines). */
IBIDI__ALWAYS_INLINE uint64_t ibidi__load_le64(const unsigned char *s)
{
    return (uint64_t)s[0] | (uint64_t)s[1] << 8 | (uint64_t)s[2] << 16 | (uint64_t)s[3] << 24 |
           (uint64_t)s[4] << 32 | (uint64_t)s[5] << 40 | (uint64_t)s[6] << 48 |
           (uint64_t)s[7] << 56;
}

#define IBIDI__B8(x) (UINT64_C(0x0101010101010101) * (uint64_t)(x))

/* End of the ASCII run (bytes below 80) that starts at s[i], eight bytes at a time. */
IBIDI__ALWAYS_INLINE size_t ibidi__ascii_end(const unsigned char *s, size_t i, size_t n)
{
    while (i + 8 <= n) {
        uint64_t w = ibidi__load_le64(s + i) & IBIDI__B8(0x80);
        if (w) {
#if defined(__GNUC__)
            return i + ((unsigned)__builtin_ctzll(w) >> 3);
#else
            break;
#endif
        }
        i += 8;
    }
    while (i < n && s[i] < 0x80)
        i++;
    return i;
}

/* Skips, eight bytes at a time, text made only of ASCII and of two-byte sequences whose
 * lead byte is C0 + lo .. C0 + hi (2 <= lo, hi <= 31: C2..DF are the two-byte leads of
 * Table 3-7, so everything skipped is well-formed). Starts at a character boundary i and
 * returns a character boundary >= i; *chars grows by the number of characters skipped.
 * In each word a byte is a lead when its top bits are 11 and a continuation when they
 * are 10; the word is taken when every continuation follows a lead and every lead but
 * the last byte's is followed by a continuation (a lead in the last byte stays for the
 * next word). */
IBIDI__ALWAYS_INLINE size_t ibidi__utf8_skip_2byte(const unsigned char *s, size_t i, size_t n,
                                                   unsigned lo, unsigned hi, size_t *chars)
{
    const uint64_t top = IBIDI__B8(0x80);
    while (i + 8 <= n) {
        uint64_t w = ibidi__load_le64(s + i);
        uint64_t high = w & top;
        if (!high) { /* ASCII */
            i += 8;
            *chars += 8;
            continue;
        }
        uint64_t b6 = (w << 1) & top;
        uint64_t lead = high & b6, cont = high & ~b6;
        uint64_t x = w & IBIDI__B8(0x3F); /* no carries below: x + 0x7E <= 0xBD */
        uint64_t ge_lo = (x + IBIDI__B8(0x80u - lo)) & top;
        uint64_t gt_hi = (x + IBIDI__B8(0x7Fu - hi)) & top;
        if ((lead & (~ge_lo | gt_hi)) || cont != (lead << 8))
            break;
        if (lead >> 63) { /* the last byte starts a character: leave it for the next word */
            i += 7;
            *chars += 7;
        } else {
            i += 8;
            *chars += 8;
        }
#if defined(__GNUC__)
        *chars -= (size_t)__builtin_popcountll(cont);
#else
        for (uint64_t c = cont; c; c &= c - 1)
            (*chars)--;
#endif
    }
    return i;
}

/* Decodes the code point at s[*pos] of UTF-8 already known to be well-formed, without
 * checks, and advances *pos past it. */
IBIDI__ALWAYS_INLINE uint32_t ibidi__utf8_decode_valid(const unsigned char *s, size_t *pos)
{
    size_t i = *pos;
    uint32_t c = s[i];
    if (c < 0x80u) {
        *pos = i + 1;
    } else if (c < 0xE0u) {
        c = (c & 0x1Fu) << 6 | (s[i + 1] & 0x3Fu);
        *pos = i + 2;
    } else if (c < 0xF0u) {
        c = (c & 0x0Fu) << 12 | (s[i + 1] & 0x3Fu) << 6 | (s[i + 2] & 0x3Fu);
        *pos = i + 3;
    } else {
        c = (c & 0x07u) << 18 | (s[i + 1] & 0x3Fu) << 12 | (s[i + 2] & 0x3Fu) << 6 |
            (s[i + 3] & 0x3Fu);
        *pos = i + 4;
    }
    return c;
}

/* The UTF-8 of cp, a scalar value, at o (room for 4 bytes); its length. Inline for the
 * loops that write decoded text (the A-label fast path); ibidi_utf8_encode_cp checks. */
static inline size_t ibidi__utf8_put(char *o, uint32_t cp)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | (cp >> 6));
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | (cp >> 12));
        o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | (cp >> 18));
    o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

#endif
