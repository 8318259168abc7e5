/*
 * Fuzz target for ibidi/uts39.h: the restriction level (UTS #39 §5.2), mixed numbers
 * (§5.3) and the check of a name under a policy. The first byte picks the highest level
 * allowed (0..6, 7 as 0) and IBIDI_UTS39_WHOLE_NAME (bit 3); the rest is the name.
 * Properties checked with abort():
 *  1. no crash; ill-formed UTF-8 fails every UTF-8 call with the same status and offset,
 *     and no findings;
 *  2. the code point calls give what the UTF-8 calls give, offsets as indexes;
 *  3. the name's level is the highest of its labels' (ibidi_uts39_level_utf8 of each
 *     label, or of the whole name with IBIDI_UTS39_WHOLE_NAME);
 *  4. a label has RESTRICTION_LEVEL exactly when its level is above the highest allowed,
 *     at the character with which its prefix goes above it (detail: its level), and
 *     MIXED_NUMBERS exactly when ibidi_uts39_mixed_numbers_utf8 says so, at its offset;
 *  5. the status is IBIDI_E_UTS39_INVALID exactly when a finding is an error;
 *  6. the allocating call gives the same findings;
 *  7. every digit's zero is a digit of value 0; level names read back.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

#define MAXF 8192 /* two findings a label: enough for names of 8 KiB */
#define MAXCP 4096

static void require(int ok)
{
    if (!ok)
        abort();
}

static int same(const ibidi_finding *x, const ibidi_finding *y)
{
    return x->code == y->code && x->severity == y->severity && x->rule == y->rule &&
           x->part == y->part && x->offset == y->offset && x->length == y->length &&
           x->cp == y->cp && x->bidi_class == y->bidi_class && x->context == y->context &&
           x->detail == y->detail;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ibidi_finding f[MAXF], g[MAXF];
    static uint32_t cps[MAXCP];
    static size_t start[MAXCP + 1]; /* byte offset of each code point, and the end */
    if (size < 1)
        return 0;
    ibidi_uts39_level max = (ibidi_uts39_level)(data[0] & 7u);
    if (max > IBIDI_UTS39_UNRESTRICTED)
        max = IBIDI_UTS39_NO_LIMIT;
    const int whole = (data[0] >> 3) & 1;
    const ibidi_uts39_options opts = {max, whole ? IBIDI_UTS39_WHOLE_NAME : 0u};
    const char *s = (const char *)data + 1;
    const size_t len = size - 1;
    ibidi_findings fs = {f, MAXF, 0, 0}, gs = {g, MAXF, 0, 0};
    ibidi_uts39_level lv = IBIDI_UTS39_NO_LIMIT, lv2 = IBIDI_UTS39_NO_LIMIT;
    ibidi_error err, err2;

    const ibidi_status st = ibidi_uts39_check_utf8(s, len, &opts, &lv, &fs, &err);
    ibidi_findings a = {NULL, 0, 0, 0};
    const ibidi_status sta = ibidi_uts39_check_alloc(s, len, &opts, &lv2, &a, &err2);
    require(sta == st || sta == IBIDI_E_NOMEM);

    /* 1. ill-formed UTF-8 */
    size_t ncp = 0;
    ibidi_error derr;
    ibidi_status dst = ibidi_utf8_validate(s, len, &ncp, &derr);
    if (dst != IBIDI_OK) {
        ibidi_uts39_level l;
        int m;
        require(st == dst && err.offset == derr.offset && fs.n == 0 && fs.errors == 0);
        require(ibidi_uts39_level_utf8(s, len, &l, &err2) == dst && err2.offset == derr.offset);
        require(ibidi_uts39_mixed_numbers_utf8(s, len, &m, NULL, &err2) == dst &&
                err2.offset == derr.offset);
        require(sta == dst && a.items == NULL && a.n == 0);
        return 0;
    }
    require(st == IBIDI_OK || st == IBIDI_E_UTS39_INVALID);
    require(lv >= IBIDI_UTS39_ASCII_ONLY && lv <= IBIDI_UTS39_UNRESTRICTED);
    /* 5. */
    require((st == IBIDI_E_UTS39_INVALID) == (fs.errors > 0));
    if (fs.n > MAXF) { /* not all stored: nothing more to compare */
        ibidi_findings_free(&a);
        return 0;
    }
    /* 6. */
    if (sta != IBIDI_E_NOMEM) {
        require(lv2 == lv && a.n == fs.n && a.errors == fs.errors);
        for (size_t i = 0; i < a.n; i++)
            require(same(&a.items[i], &f[i]));
    }
    ibidi_findings_free(&a);

    /* 3. and 4.: label by label, with the string calls */
    size_t k = 0, part = 0;
    ibidi_uts39_level worst = IBIDI_UTS39_ASCII_ONLY;
    for (size_t b = 0; b <= len; part++) {
        size_t e = b;
        if (!whole)
            while (e < len && s[e] != '.')
                e++;
        else
            e = len;
        ibidi_uts39_level l;
        int mixed = 0;
        size_t moff = 0;
        require(ibidi_uts39_level_utf8(s + b, e - b, &l, NULL) == IBIDI_OK);
        require(ibidi_uts39_mixed_numbers_utf8(s + b, e - b, &mixed, &moff, NULL) == IBIDI_OK);
        if (l > worst)
            worst = l;
        const size_t p = whole ? IBIDI_NO_PART : part;
        if (max != IBIDI_UTS39_NO_LIMIT && l > max) {
            require(k < fs.n && f[k].code == IBIDI_UTS39_RESTRICTION_LEVEL && f[k].part == p &&
                    f[k].severity == IBIDI_SEVERITY_ERROR && f[k].detail == (int)l &&
                    f[k].offset >= b && f[k].offset + f[k].length <= e);
            ibidi_uts39_level before, with;
            require(ibidi_uts39_level_utf8(s + b, f[k].offset - b, &before, NULL) == IBIDI_OK);
            require(ibidi_uts39_level_utf8(s + b, f[k].offset + f[k].length - b, &with, NULL) ==
                    IBIDI_OK);
            require(before <= max && with > max);
            k++;
        }
        if (mixed) {
            require(k < fs.n && f[k].code == IBIDI_UTS39_MIXED_NUMBERS && f[k].part == p &&
                    f[k].offset == b + moff &&
                    f[k].severity == (max != IBIDI_UTS39_NO_LIMIT ? IBIDI_SEVERITY_ERROR
                                                                 : IBIDI_SEVERITY_WARNING));
            uint32_t zero;
            require(ibidi_uts39_digit(f[k].cp, &zero) >= 0 && zero != (uint32_t)f[k].detail);
            k++;
        }
        b = e + 1;
    }
    require(k == fs.n && worst == lv);

    /* 2. the code point calls (offsets as indexes) */
    if (ncp <= MAXCP) {
        size_t pos = 0;
        for (size_t i = 0; i < ncp; i++) {
            start[i] = pos;
            require(ibidi_utf8_next(s, len, &pos, &cps[i], NULL) == IBIDI_OK);
        }
        start[ncp] = len;
        ibidi_uts39_level lc;
        require(ibidi_uts39_check_cp(cps, ncp, &opts, &lc, &gs, &err2) == st && lc == lv &&
                gs.n == fs.n && gs.errors == fs.errors);
        for (size_t i = 0; i < gs.n; i++)
            require(g[i].code == f[i].code && g[i].cp == f[i].cp && g[i].part == f[i].part &&
                    start[g[i].offset] == f[i].offset && g[i].length == 1 &&
                    g[i].detail == f[i].detail && g[i].severity == f[i].severity);
        ibidi_uts39_level lu;
        require(ibidi_uts39_level_cp(cps, ncp, &lc, NULL) == IBIDI_OK &&
                ibidi_uts39_level_utf8(s, len, &lu, NULL) == IBIDI_OK && lc == lu);
        int m1, m2;
        size_t o1, o2;
        require(ibidi_uts39_mixed_numbers_cp(cps, ncp, &m1, &o1, NULL) == IBIDI_OK &&
                ibidi_uts39_mixed_numbers_utf8(s, len, &m2, &o2, NULL) == IBIDI_OK && m1 == m2 &&
                start[o1] == o2);
        /* 7. */
        for (size_t i = 0; i < ncp; i++) {
            uint32_t zero;
            if (ibidi_uts39_digit(cps[i], &zero) >= 0)
                require(ibidi_uts39_digit(zero, NULL) == 0);
        }
        ibidi_unicode_sc sc = ibidi_unicode_script(ncp ? cps[0] : 0);
        require(ibidi_uts39_recommended_script(sc) == 0 || ibidi_uts39_recommended_script(sc) == 1);
    }
    const char *n = ibidi_uts39_level_name(lv);
    require(n && ibidi_uts39_level_from_name(n, strlen(n)) == (int)lv);
    return 0;
}
