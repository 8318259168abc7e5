/*
 * Fuzz target for strict UTF-8 (Unicode 17.0 §3.9, Table 3-7). Properties, checked with
 * abort():
 *  1. ibidi_utf8_validate, ibidi_utf8_next (in a loop) and ibidi_utf8_decode agree: the
 *     same status, the same error offset and value, the same code points;
 *  2. the error is at the first ill-formed sequence: the input before it is well-formed;
 *  3. every decoded code point is a scalar value, and ibidi_utf8_encode_cp gives back the
 *     bytes it was decoded from;
 *  4. if the input is well-formed, ibidi_utf8_encode(decode(x)) == x byte for byte, and
 *     preflighting (no buffer) reports the exact sizes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/unicode.h"
#include "ibidi/utf8.h"

#define REQUIRE(c)                                                                                 \
    do {                                                                                           \
        if (!(c))                                                                                  \
            abort();                                                                               \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    ibidi_error ev, en, ed;
    size_t count = 0;

    ibidi_status sv = ibidi_utf8_validate(s, size, &count, &ev);
    REQUIRE(ev.status == sv);

    /* next, one code point at a time; remember where each starts */
    uint32_t *cps = malloc((size + 1) * sizeof *cps);
    size_t *starts = malloc((size + 1) * sizeof *starts);
    REQUIRE(cps && starts);
    size_t pos = 0, k = 0;
    ibidi_status sn = IBIDI_OK;
    en.status = IBIDI_OK, en.offset = 0, en.value = 0;
    while (pos < size) {
        size_t before = pos;
        uint32_t cp;
        sn = ibidi_utf8_next(s, size, &pos, &cp, &en);
        REQUIRE(en.status == sn);
        if (sn != IBIDI_OK) {
            REQUIRE(pos == before && en.offset == before);
            break;
        }
        REQUIRE(pos > before && pos - before <= 4);
        REQUIRE(cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF));
        /* property 3: encode_cp reproduces the bytes */
        char b[4];
        size_t n = ibidi_utf8_encode_cp(cp, b);
        REQUIRE(n == pos - before && memcmp(b, s + before, n) == 0);
        starts[k] = before;
        cps[k++] = cp;
    }

    /* decode: preflight, then into an exact buffer */
    ibidi_buf32 pre = {NULL, 0, (size_t)-1};
    ibidi_status sd = ibidi_utf8_decode(s, size, &pre, &ed);
    REQUIRE(ed.status == sd);
    uint32_t *dec = malloc((size + 1) * sizeof *dec);
    REQUIRE(dec);
    if (sv == IBIDI_OK) {
        REQUIRE(pre.len == count);
        REQUIRE(sd == (count ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK));
        ibidi_buf32 got = {dec, count, (size_t)-1};
        sd = ibidi_utf8_decode(s, size, &got, &ed);
        REQUIRE(ed.status == sd && got.len == count);
    }

    /* property 1 */
    REQUIRE(sv == sn && sv == sd);
    if (sv != IBIDI_OK) {
        REQUIRE(ev.offset == en.offset && ev.offset == ed.offset);
        REQUIRE(ev.offset < size && ev.value == data[ev.offset]);
        REQUIRE(ev.value == en.value && ev.value == ed.value);
        /* property 2 */
        size_t before_count = (size_t)-1;
        REQUIRE(ibidi_utf8_validate(s, ev.offset, &before_count, NULL) == IBIDI_OK);
        REQUIRE(before_count == k);
        REQUIRE(k == 0 || starts[k - 1] < ev.offset);
    } else {
        REQUIRE(ev.offset == 0 && ev.value == 0);
        REQUIRE(k == count && pos == size);
        REQUIRE(count == 0 || memcmp(dec, cps, count * sizeof *cps) == 0);

        /* property 4 */
        ibidi_buf need = {NULL, 0, (size_t)-1};
        ibidi_status se = ibidi_utf8_encode(dec, count, &need, NULL);
        REQUIRE(need.len == size && se == (size ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK));
        char *enc = malloc(size + 1);
        REQUIRE(enc);
        ibidi_buf got = {enc, size, (size_t)-1};
        REQUIRE(ibidi_utf8_encode(dec, count, &got, NULL) == IBIDI_OK);
        REQUIRE(got.len == size && (size == 0 || memcmp(enc, data, size) == 0));
        free(enc);
    }
    free(dec);
    free(starts);
    free(cps);
    return 0;
}
