/*
 * Body shared by the four normalization fuzz targets (fuzz_normalize_nf*.c): each defines
 * FUZZ_FORM (its ibidi_normalize_form), FUZZ_OTHER (the form that differs from it only in composing:
 * NFC <-> NFD, NFKC <-> NFKD) and includes this file.
 *
 * The input is normalized as UTF-8. Ill-formed input must give the shared decoder's error
 * (same status and offset) from every entry point. For well-formed input x:
 *   - a buffer of exactly the reported size succeeds, one byte less does not and reports
 *     the same size (also through the code point API);
 *   - NF(NF(x)) == NF(x);
 *   - quick check of NF(x) is never NO (YES for NFD/NFKD; MAYBE is allowed for NFC/NFKC
 *     by UAX #15 §9) and is_normalized(NF(x)) == 1;
 *   - quick check of x: YES implies NF(x) == x, NO implies NF(x) != x; both APIs agree;
 *     is_normalized(x) == (NF(x) == x);
 *   - the UTF-8 and code point APIs and the allocating wrapper give the same result;
 *   - NF(OTHER(x)) == NF(x) (e.g. NFC(NFD(x)) == NFC(x), NFKD(NFKC(x)) == NFKD(x)).
 * Any violation calls abort().
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "ibidi/normalize.h"

#define REQUIRE(c)     \
    do {               \
        if (!(c))      \
            abort();   \
    } while (0)

/* NF of well-formed s as a malloc'd buffer, checking the size contract on the way. */
static char *nf_utf8(ibidi_normalize_form f, const char *s, size_t n, size_t *out_n)
{
    ibidi_buf pre = {NULL, 0, 0};
    ibidi_status st = ibidi_normalize_utf8(s, n, f, &pre, NULL);
    size_t need = pre.len;
    char *o;
    REQUIRE(st == (need ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK));
    o = malloc(need + 1);
    REQUIRE(o != NULL);
    if (need) {
        ibidi_buf got = {o, need - 1, 0};
        REQUIRE(ibidi_normalize_utf8(s, n, f, &got, NULL) == IBIDI_E_BUFFER_TOO_SMALL);
        REQUIRE(got.len == need);
    }
    ibidi_buf got = {o, need, 0};
    REQUIRE(ibidi_normalize_utf8(s, n, f, &got, NULL) == IBIDI_OK && got.len == need);
    *out_n = need;
    return o;
}

static int same(const char *a, size_t an, const char *b, size_t bn)
{
    return an == bn && (an == 0 || memcmp(a, b, an) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ibidi_normalize_form f = FUZZ_FORM;
    const char *x = (const char *)data;
    ibidi_error ev = {IBIDI_OK, 0, 0}, e = {IBIDI_OK, 0, 0};
    size_t on = 0, n2 = 0, ncp = 0;
    char *o, *o2;
    ibidi_normalize_qc q = IBIDI_NORMALIZE_YES, qcp = IBIDI_NORMALIZE_YES;
    int yes = -1;

    if (ibidi_utf8_validate(x, size, &ncp, &ev) != IBIDI_OK) {
        ibidi_buf a = {(char *)1, 0, 1};
        REQUIRE(ibidi_normalize_utf8(x, size, f, &(ibidi_buf){NULL, 0, 0}, &e) == ev.status);
        REQUIRE(e.status == ev.status && e.offset == ev.offset && e.value == ev.value);
        REQUIRE(ibidi_normalize_quick_check_utf8(x, size, f, &q, &e) == ev.status && e.offset == ev.offset);
        REQUIRE(ibidi_normalize_is_normalized_utf8(x, size, f, &yes, &e) == ev.status &&
                e.offset == ev.offset);
        REQUIRE(ibidi_normalize_utf8_alloc(x, size, f, &a, &e) == ev.status && a.data == NULL &&
                a.len == 0 && e.offset == ev.offset);
        return 0;
    }

    o = nf_utf8(f, x, size, &on);

    /* idempotence */
    o2 = nf_utf8(f, o, on, &n2);
    REQUIRE(same(o, on, o2, n2));
    free(o2);

    /* the result is in the form */
    REQUIRE(ibidi_normalize_quick_check_utf8(o, on, f, &q, NULL) == IBIDI_OK && q != IBIDI_NORMALIZE_NO);
    REQUIRE(!(q == IBIDI_NORMALIZE_MAYBE && (f == IBIDI_NORMALIZE_NFD || f == IBIDI_NORMALIZE_NFKD)));
    REQUIRE(ibidi_normalize_is_normalized_utf8(o, on, f, &yes, NULL) == IBIDI_OK && yes == 1);

    /* quick check and is_normalized of the input agree with the result */
    REQUIRE(ibidi_normalize_quick_check_utf8(x, size, f, &q, NULL) == IBIDI_OK);
    REQUIRE(!(q == IBIDI_NORMALIZE_YES && !same(o, on, x, size)));
    REQUIRE(!(q == IBIDI_NORMALIZE_NO && same(o, on, x, size)));
    REQUIRE(ibidi_normalize_is_normalized_utf8(x, size, f, &yes, NULL) == IBIDI_OK &&
            yes == same(o, on, x, size));

    /* the code point API */
    {
        uint32_t *cp = malloc((ncp + 1) * sizeof *cp), *ocp;
        char *enc;
        REQUIRE(cp != NULL);
        ibidi_buf32 dec = {cp, ncp, 0};
        REQUIRE(ibidi_utf8_decode(x, size, &dec, NULL) == IBIDI_OK && dec.len == ncp);
        REQUIRE(ibidi_normalize_quick_check_cp(cp, ncp, f, &qcp, NULL) == IBIDI_OK && qcp == q);
        ibidi_buf32 pre = {NULL, 0, 0};
        ibidi_status sp = ibidi_normalize_cp(cp, ncp, f, &pre, NULL);
        size_t need = pre.len;
        REQUIRE(sp == (need ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK));
        ocp = malloc((need + 1) * sizeof *ocp);
        REQUIRE(ocp != NULL);
        if (need) {
            ibidi_buf32 got = {ocp, need - 1, 0};
            REQUIRE(ibidi_normalize_cp(cp, ncp, f, &got, NULL) == IBIDI_E_BUFFER_TOO_SMALL &&
                    got.len == need);
        }
        ibidi_buf32 got = {ocp, need, 0};
        REQUIRE(ibidi_normalize_cp(cp, ncp, f, &got, NULL) == IBIDI_OK && got.len == need);
        enc = malloc(4 * need + 1);
        REQUIRE(enc != NULL);
        ibidi_buf u = {enc, 4 * need, 0};
        REQUIRE(ibidi_utf8_encode(ocp, need, &u, NULL) == IBIDI_OK);
        REQUIRE(same(enc, u.len, o, on));
        free(enc);
        free(ocp);
        free(cp);
    }

    /* the allocating wrapper */
    {
        ibidi_buf a = {NULL, 0, 0};
        REQUIRE(ibidi_normalize_utf8_alloc(x, size, f, &a, NULL) == IBIDI_OK && a.data != NULL);
        REQUIRE(a.data[a.len] == '\0' && same(a.data, a.len, o, on));
        ibidi_free(a.data);
    }

    /* canonical equivalence: composing or not first does not change the result */
    {
        size_t pn = 0, rn = 0;
        char *p = nf_utf8(FUZZ_OTHER, x, size, &pn);
        char *r = nf_utf8(f, p, pn, &rn);
        REQUIRE(same(r, rn, o, on));
        free(r);
        free(p);
    }

    free(o);
    return 0;
}
