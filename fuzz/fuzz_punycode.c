/*
 * Fuzz target for Punycode (RFC 3492; include/ibidi/idna.h). The input is read twice:
 *  (1) as Punycode, decoded with and without IBIDI_PUNYCODE_CANONICAL:
 *      - errors name an offset within the input (the length for TRUNCATED); the flag only
 *        adds NOT_CANONICAL, never changes another outcome;
 *      - what decodes is scalar values; it re-encodes without error to the input with its
 *        digits in lower case (and without a leading delimiter that has no basic code
 *        point before it); canonical decoding succeeds exactly when that is the input;
 *      - a buffer one code point short gives BUFFER_TOO_SMALL and the same size, and so
 *        does no buffer at all;
 *  (2) as code points: bytes 00..7F are themselves (the delimiter and the digits among
 *      them), 80..BF are U+0080..U+00BF, C0..DF a small CJK alphabet, E0..F0 one code point
 *      in each plane, F1..FE edges (U+D7FF, U+E000, U+FFFF, U+10FFFF...), and FF followed
 *      by three bytes any value mod 110000. Encoding then decoding canonically gives the
 *      same code points; the output is the basic code points, a delimiter if there are any,
 *      and lower-case digits; the size needed is reported without a buffer; a delta beyond
 *      2^32 (RFC 3492 §6.4) is possible only above 3800 code points; more than
 *      IBIDI_PUNYCODE_MAX_CPS give PUNYCODE_TOO_LONG, and only they; a surrogate or a value
 *      above 10FFFF put in the middle is reported at its index.
 * Properties are checked with abort().
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/idna.h"

#define REQUIRE(c)                                                                                 \
    do {                                                                                           \
        if (!(c))                                                                                  \
            abort();                                                                               \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    REQUIRE(p);
    return p;
}

static int is_pc_error(ibidi_status st)
{
    return st == IBIDI_E_PUNYCODE_BAD_INPUT || st == IBIDI_E_PUNYCODE_TRUNCATED ||
           st == IBIDI_E_PUNYCODE_OVERFLOW || st == IBIDI_E_PUNYCODE_RANGE ||
           st == IBIDI_E_PUNYCODE_TOO_LONG;
}

/* (1) */
static void check_decode(const char *s, size_t len)
{
    uint32_t *out = xmalloc((len + 1) * sizeof *out); /* at most one code point per byte */
    char *enc = xmalloc(len + 1), *norm = xmalloc(len + 1);
    ibidi_buf32 dm = {out, len, (size_t)-1}, dmc = {out, len, (size_t)-1};
    ibidi_error e, ec;
    ibidi_status st = ibidi_punycode_decode(s, len, 0, &dm, &e);
    ibidi_status sc = ibidi_punycode_decode(s, len, IBIDI_PUNYCODE_CANONICAL, &dmc, &ec);
    size_t m = dm.len, mc = dmc.len;
    REQUIRE(e.status == st && ec.status == sc);
    if (st != IBIDI_OK) {
        REQUIRE(is_pc_error(st));
        REQUIRE(e.offset < len || (st == IBIDI_E_PUNYCODE_TRUNCATED && e.offset == len));
        if (st == IBIDI_E_PUNYCODE_BAD_INPUT)
            REQUIRE(e.value == (unsigned char)s[e.offset]);
        REQUIRE(sc == st && ec.offset == e.offset && ec.value == e.value);
        goto done;
    }
    /* the canonical call wrote the same code points, if it succeeded */
    REQUIRE(sc == IBIDI_OK || sc == IBIDI_E_PUNYCODE_NOT_CANONICAL);
    REQUIRE(mc == m && m <= len);
    ibidi_status s2 = ibidi_punycode_decode(s, len, 0, &dm, NULL);
    REQUIRE(s2 == IBIDI_OK && dm.len == m);
    for (size_t i = 0; i < m; i++)
        REQUIRE(out[i] <= 0x10FFFF && (out[i] < 0xD800 || out[i] > 0xDFFF));

    /* the normal form: digits (after the last delimiter) in lower case, a lone leading
     * delimiter dropped */
    size_t d = len, skip;
    while (d > 0 && s[d - 1] != '-')
        d--;
    skip = d == 1 ? 1 : 0;
    memcpy(norm, s, len);
    for (size_t i = d; i < len; i++)
        if (norm[i] >= 'A' && norm[i] <= 'Z')
            norm[i] = (char)(norm[i] - 'A' + 'a');
    ibidi_buf eb = {enc, len, 0};
    REQUIRE(ibidi_punycode_encode(out, m, &eb, &e) == IBIDI_OK);
    REQUIRE(eb.len == len - skip && memcmp(enc, norm + skip, eb.len) == 0);
    int canonical = skip == 0 && memcmp(norm, s, len) == 0;
    REQUIRE(sc == (canonical ? IBIDI_OK : IBIDI_E_PUNYCODE_NOT_CANONICAL));
    if (!canonical)
        REQUIRE(ec.offset < len);

    /* buffer contract */
    if (m > 0) {
        ibidi_buf32 need = {out, m - 1, 0};
        st = ibidi_punycode_decode(s, len, 0, &need, &e);
        REQUIRE(st == IBIDI_E_BUFFER_TOO_SMALL && need.len == m && e.status == st);
        need = (ibidi_buf32){NULL, 0, 0};
        st = ibidi_punycode_decode(s, len, 0, &need, NULL);
        REQUIRE(st == IBIDI_E_BUFFER_TOO_SMALL && need.len == m);
    }
done:
    free(out), free(enc), free(norm);
}

static const uint32_t edges[] = {0xD7FF, 0xE000, 0xFFFF, 0x10FFFF, 0x10000, 0xFFFD, 0x7F, 0x80,
                                 0x81,   0x1F600, 0xE0001, 0x10FFFE, 0xFEFF, 0x2D};

/* (2) */
static void check_encode(const uint8_t *data, size_t size)
{
    uint32_t *t = xmalloc((size + 1) * sizeof *t), *back = xmalloc((size + 1) * sizeof *back);
    size_t n = 0, nb = 0;
    for (size_t i = 0; i < size; i++) {
        uint8_t b = data[i];
        uint32_t c;
        if (b < 0xC0) {
            c = b;
        } else if (b < 0xE0) {
            c = 0x4E00 + (b - 0xC0u);
        } else if (b <= 0xF0) {
            c = 0x10000u * (b - 0xE0u) + 0xA0 + (uint32_t)i % 7; /* planes 0..16 */
        } else if (b < 0xFF) {
            c = edges[(b - 0xF1u) % (sizeof edges / sizeof edges[0])];
        } else if (i + 3 < size) {
            c = ((uint32_t)data[i + 1] << 16 | (uint32_t)data[i + 2] << 8 | data[i + 3]) %
                0x110000u;
            i += 3;
            if (c >= 0xD800 && c <= 0xDFFF)
                continue;
        } else {
            continue;
        }
        t[n++] = c;
        nb += c < 0x80;
    }

    ibidi_buf pre = {NULL, 0, (size_t)-1};
    ibidi_error e;
    ibidi_status st = ibidi_punycode_encode(t, n, &pre, &e);
    size_t need = pre.len;
    if (st == IBIDI_E_PUNYCODE_TOO_LONG) { /* the bound, checked before anything else */
        REQUIRE(n > IBIDI_PUNYCODE_MAX_CPS && e.offset == IBIDI_PUNYCODE_MAX_CPS);
        goto done;
    }
    REQUIRE(n <= IBIDI_PUNYCODE_MAX_CPS);
    if (st == IBIDI_E_PUNYCODE_OVERFLOW) {
        /* (10FFFF - 80) * (n + 1) + 2n + 1 < 2^32 for n <= 3800 */
        REQUIRE(n > 3800 && e.offset < n);
        goto done;
    }
    REQUIRE(st == (need ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK) && e.status == st);
    char *enc = xmalloc(need + 1);
    ibidi_buf eb = {enc, need, 0};
    st = ibidi_punycode_encode(t, n, &eb, &e);
    size_t len = eb.len;
    REQUIRE(st == IBIDI_OK && len == need);
    size_t j = 0;
    for (size_t i = 0; i < n; i++)
        if (t[i] < 0x80)
            REQUIRE(enc[j++] == (char)t[i]);
    if (nb)
        REQUIRE(enc[j++] == '-');
    for (; j < len; j++)
        REQUIRE((enc[j] >= 'a' && enc[j] <= 'z') || (enc[j] >= '0' && enc[j] <= '9'));
    if (need > 0) {
        eb.cap = need - 1;
        st = ibidi_punycode_encode(t, n, &eb, &e);
        REQUIRE(st == IBIDI_E_BUFFER_TOO_SMALL && eb.len == need);
    }
    ibidi_buf32 bb = {back, n, 0};
    st = ibidi_punycode_decode(enc, need, IBIDI_PUNYCODE_CANONICAL, &bb, &e);
    REQUIRE(st == IBIDI_OK && bb.len == n && (n == 0 || memcmp(back, t, n * sizeof *t) == 0));
    free(enc);

    /* a value that is not a scalar value, in the middle */
    if (n > 0) {
        uint32_t keep = t[n / 2];
        t[n / 2] = keep & 1 ? 0xD800 + (keep & 0x7FF) : 0x110000 + keep;
        st = ibidi_punycode_encode(t, n, &pre, &e);
        size_t first = n / 2;
        REQUIRE(st == (keep & 1 ? IBIDI_E_CP_SURROGATE : IBIDI_E_CP_TOO_LARGE) &&
                e.offset == first && e.value == t[first]);
    }
done:
    free(t), free(back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check_decode((const char *)data, size);
    check_encode(data, size);
    return 0;
}
