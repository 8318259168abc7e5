/*
 * Fuzz target for Badami's analysis (include/ibidi/ambiguity.h: ibidi_ambiguity_analyze and
 * ibidi_ambiguity_analyze_alloc), every kind and option, with a small bound on the twin search
 * (ibidi_ambiguity_options.max_candidates) so that each input stays fast.
 *
 * The first byte picks the call: bits 0-2 the options (IBIDI_AMBIGUITY_RTL, _EXACT, _TEXT),
 * bits 3-4 the kind (auto, domain, iri, email), bit 5 the IDNA flags (UTS #46 with or
 * without CheckBidi); the rest is the text (UTF-8, any bytes), up to the library's limit
 * (IBIDI_AMBIGUITY_MAX_BYTES) also with IBIDI_AMBIGUITY_EXACT: its twin search is bounded by
 * MAX_CANDIDATES. Properties checked with abort():
 *  1. no crash; the status is OK, or an error with findings->n 0 and err->status set;
 *  2. the number of findings is the same with no findings record, cap 0, a small cap and a
 *     large one, and the small array is the start of the large one; none is an error;
 *  3. findings are sorted by context, offset, code; each lies within the input, starts on
 *     a character boundary, its cp is the code point there and its bidi_class that code
 *     point's class (-1 and 0 at the end of the input);
 *  4. every code has a name and is an ambiguity code (201-299), every finding is a
 *     warning with its code's rule text; Badami's codes (201-210) have context LTR; exact
 *     codes come only with IBIDI_AMBIGUITY_EXACT, RTL context only with IBIDI_AMBIGUITY_RTL; the
 *     detail (the expression) is 1-6 for NUMBER_SEPARATOR and 0 otherwise; plain text
 *     gives only codes 201-203, 220, 222, 225;
 *  5. NUMBER_TYPE only where NUMBER_LEVEL is (the paper's claim: resolving number
 *     embedding level ambiguity rules out number type ambiguity);
 *  6. the work area changes nothing: without one, an input the stack serves
 *     (ibidi_ambiguity_work_size 0) gives the same, any other IBIDI_E_AMBIG_WORK_TOO_SMALL
 *     (IBIDI_E_AMBIG_TOO_LONG above IBIDI_AMBIGUITY_MAX_BYTES); the allocating call gives the
 *     status and findings of the call with a large array;
 *  7. the label category of the whole text (ibidi_ambiguity_label_category_utf8) is the one
 *     the paper's definitions give from the Bidi classes, ill-formed UTF-8 fails as
 *     ibidi_utf8_validate does, the code point call agrees, also with values that are not
 *     code points put in (they count as neutral), and the category has a name;
 *  8. characters of class BN are set aside (UAX #9 X9): plain text without the twin search
 *     gives the findings of the text without them, with the offsets mapped back (a
 *     finding ends where its last character kept ends).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

#define BIG 8192
#define SMALL 3
#define MAX_CANDIDATES 2000
#define EXACT_CAP IBIDI_AMBIGUITY_MAX_BYTES

static ibidi_finding big[BIG], small[SMALL];
static unsigned char work[1 << 17]; /* ibidi_ambiguity_work_size(1024, IBIDI_AMBIGUITY_EXACT) */

static void require(int ok)
{
    if (!ok)
        abort();
}

/* Field by field: a struct's padding, if any, need not compare equal. */
static int same(const ibidi_finding *x, const ibidi_finding *y)
{
    return x->code == y->code && x->severity == y->severity && x->rule == y->rule &&
           x->part == y->part && x->offset == y->offset && x->length == y->length &&
           x->cp == y->cp && x->bidi_class == y->bidi_class && x->context == y->context &&
           x->detail == y->detail;
}

static int before(const ibidi_finding *x, const ibidi_finding *y)
{
    if (x->context != y->context)
        return x->context < y->context;
    if (x->offset != y->offset)
        return x->offset < y->offset;
    return x->code <= y->code;
}

/* 7: the definitions of "Number embedding level ambiguity in IDNs", read directly. */
static unsigned category_of(const uint32_t *cp, size_t n)
{
    size_t first_l = n, last_l = n, first_num = n, last_num = n;
    int has_r = 0;
    for (size_t i = 0; i < n; i++) {
        const ibidi_unicode_bc c = cp[i] <= 0x10FFFFu && (cp[i] < 0xD800u || cp[i] > 0xDFFFu)
                                       ? ibidi_unicode_bidi_class(cp[i])
                                       : IBIDI_UNICODE_BC_ON;
        if (c == IBIDI_UNICODE_BC_L) {
            first_l = first_l == n ? i : first_l;
            last_l = i;
        } else if (c == IBIDI_UNICODE_BC_R || c == IBIDI_UNICODE_BC_AL) {
            has_r = 1;
        } else if (c == IBIDI_UNICODE_BC_EN || c == IBIDI_UNICODE_BC_AN) {
            first_num = first_num == n ? i : first_num;
            last_num = i;
        }
    }
    if (first_l < n && has_r)
        return IBIDI_AMBIGUITY_LABEL_MIXED;
    if (first_l < n)
        return IBIDI_AMBIGUITY_LABEL_LTR |
               (first_num < first_l ? IBIDI_AMBIGUITY_LABEL_NUMBER_PREFIX : 0u) |
               (last_num < n && last_num > last_l ? IBIDI_AMBIGUITY_LABEL_NUMBER_SUFFIX : 0u);
    if (has_r)
        return IBIDI_AMBIGUITY_LABEL_RTL;
    return first_num < n ? IBIDI_AMBIGUITY_LABEL_NUMBER : IBIDI_AMBIGUITY_LABEL_NEUTRAL;
}

static void categories(const char *s, size_t len)
{
    static uint32_t cps[2 * 4096 + 2];
    size_t n = 0, pos = 0;
    unsigned got = 99;
    ibidi_error e, ve;
    const ibidi_status st = ibidi_ambiguity_label_category_utf8(s, len, &got, &e);
    const ibidi_status vst = ibidi_utf8_validate(s, len, NULL, &ve);
    if (vst != IBIDI_OK) {
        require(st == vst && e.offset == ve.offset && got == 99);
        return;
    }
    require(st == IBIDI_OK);
    while (pos < len && n < 4096)
        require(ibidi_utf8_next(s, len, &pos, &cps[n++], NULL) == IBIDI_OK);
    if (pos < len)
        return; /* longer than the array: the UTF-8 call alone was checked */
    const unsigned want = category_of(cps, n);
    require(got == want && ibidi_ambiguity_label_category_cp(cps, n) == want);
    require(ibidi_ambiguity_label_category_name(IBIDI_AMBIGUITY_LABEL_CATEGORY(want)) != NULL);
    {
        /* the spelling of the category with its flags: the name first, then the flags */
        const char *t = ibidi_ambiguity_label_category_text(want);
        const char *nm = ibidi_ambiguity_label_category_name(IBIDI_AMBIGUITY_LABEL_CATEGORY(want));
        require(t && strncmp(t, nm, strlen(nm)) == 0 &&
                (strstr(t, "+number-prefix") != NULL) ==
                    ((want & IBIDI_AMBIGUITY_LABEL_NUMBER_PREFIX) != 0) &&
                (strstr(t, "+number-suffix") != NULL) ==
                    ((want & IBIDI_AMBIGUITY_LABEL_NUMBER_SUFFIX) != 0));
    }
    /* every other value out of the code point range: the category stays */
    size_t m = 0;
    static uint32_t mixed[2 * 4096 + 2];
    for (size_t i = 0; i < n; i++) {
        mixed[m++] = i % 2 ? 0xD800u + (uint32_t)i % 0x800u : 0x110000u + (uint32_t)i;
        mixed[m++] = cps[i];
    }
    require(ibidi_ambiguity_label_category_cp(mixed, m) == want);
    require(ibidi_ambiguity_label_category_cp(NULL, n) == IBIDI_AMBIGUITY_LABEL_NEUTRAL);
}

/* Property 8 for s (len bytes, analysed with o into f, n findings). */
static void set_aside(const char *s, size_t len, const ibidi_ambiguity_options *o,
                      const ibidi_finding *f, size_t n)
{
    static char t[1024];
    static size_t start[1025], end[1025];
    static ibidi_finding g[BIG];
    size_t pos = 0, tl = 0, any = 0;
    end[0] = 0;
    while (pos < len) {
        const size_t at = pos;
        uint32_t cp;
        require(ibidi_utf8_next(s, len, &pos, &cp, NULL) == IBIDI_OK);
        if (ibidi_unicode_bidi_class(cp) == IBIDI_UNICODE_BC_BN) {
            any = 1;
            continue;
        }
        start[tl] = at;
        memcpy(t + tl, s + at, pos - at);
        tl += pos - at;
        end[tl] = pos;
    }
    start[tl] = len;
    if (!any)
        return;
    ibidi_findings fg = {g, BIG, 0, 0};
    require(ibidi_ambiguity_analyze(t, tl, o, &fg, NULL) == IBIDI_OK && fg.n == n);
    for (size_t i = 0; i < n && i < BIG; i++) {
        require(g[i].code == f[i].code && g[i].context == f[i].context &&
                g[i].detail == f[i].detail && g[i].cp == f[i].cp);
        require(f[i].offset == start[g[i].offset]);
        require(g[i].length == 0 ? f[i].length == 0
                                 : f[i].offset + f[i].length == end[g[i].offset + g[i].length]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned opt, flags;
    ibidi_iri_kind kind;
    const char *s;
    size_t len, n0, n1, n2;
    ibidi_error e0, e1, e2, e3;
    ibidi_status st0, st1, st2, st3;
    ibidi_findings f0 = {NULL, 0, 99, 99}, f1 = {small, SMALL, 99, 99}, f2 = {big, BIG, 99, 99};
    if (size < 1)
        return 0;
    opt = data[0] & 7u;
    kind = (ibidi_iri_kind)((data[0] >> 3) & 3u);
    flags = ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_UTS46);
    if (data[0] & 0x20u)
        flags &= ~(unsigned)IBIDI_IDNA_CHECK_BIDI;
    s = (const char *)data + 1;
    len = size - 1;
    if ((opt & IBIDI_AMBIGUITY_EXACT) && len > EXACT_CAP)
        len = EXACT_CAP;

    categories(s, size - 1);

    const ibidi_ambiguity_options o = {.as = kind,
                                       .flags = opt,
                                       .max_candidates = MAX_CANDIDATES,
                                       .idna = {IBIDI_IDNA_PROFILE_UTS46, flags, ~flags, NULL, 0},
                                       .work = work,
                                       .work_size = sizeof work};
    st0 = ibidi_ambiguity_analyze(s, len, &o, &f0, &e0);
    st1 = ibidi_ambiguity_analyze(s, len, &o, &f1, &e1);
    st2 = ibidi_ambiguity_analyze(s, len, &o, &f2, &e2);
    /* no record at all: only the status */
    st3 = ibidi_ambiguity_analyze(s, len, &o, NULL, &e3);
    n0 = f0.n;
    n1 = f1.n;
    n2 = f2.n;
    /* 6 */
    {
        ibidi_ambiguity_options none = o;
        ibidi_findings fn = {NULL, 0, 99, 99}, fa;
        const size_t ws = ibidi_ambiguity_work_size(len, opt);
        none.work = NULL;
        none.work_size = 0;
        ibidi_status st = ibidi_ambiguity_analyze(s, len, &none, &fn, NULL);
        if (ws == 0)
            require(st == st2 && fn.n == n2);
        else
            require(st == (ws == SIZE_MAX ? IBIDI_E_AMBIG_TOO_LONG
                                          : IBIDI_E_AMBIG_WORK_TOO_SMALL) &&
                    fn.n == 0);
        st = ibidi_ambiguity_analyze_alloc(s, len, &none, &fa, NULL);
        require(st == st2 && fa.n == (st == IBIDI_OK ? n2 : 0) && (fa.n == 0) == !fa.items);
        for (size_t i = 0; i < fa.n && i < BIG && i < n2; i++)
            require(same(&fa.items[i], &big[i]));
        ibidi_findings_free(&fa);
    }
    /* 1, 2 */
    require(st0 == st1 && st1 == st2 && st2 == st3 && e0.status == st0 && e2.status == st2 &&
            e3.status == st3);
    require(f0.errors == 0 && f1.errors == 0 && f2.errors == 0); /* ambiguities are warnings */
    if (st2 != IBIDI_OK) {
        require(n0 == 0 && n1 == 0 && n2 == 0 && e0.offset == e2.offset &&
                e3.offset == e2.offset && e2.offset <= (len > 1024 ? 1024 : len) &&
                ibidi_strerror(st2) != NULL);
        return 0;
    }
    require(n0 == n1 && n1 == n2 && n2 <= BIG);
    for (size_t i = 0; i < n2 && i < SMALL; i++)
        require(same(&small[i], &big[i]));

    for (size_t i = 0; i < n2; i++) {
        const ibidi_finding *f = &big[i];
        int exact = ibidi_ambiguity_code_is_exact(f->code);
        /* 3 */
        if (i > 0)
            require(before(&big[i - 1], f));
        require(f->offset <= len && f->length <= len - f->offset);
        if (f->offset < len) {
            size_t pos = f->offset;
            uint32_t cp = 0;
            require(((unsigned char)s[f->offset] & 0xC0u) != 0x80u);
            require(ibidi_utf8_next(s, len, &pos, &cp, NULL) == IBIDI_OK && cp == f->cp);
            require(f->bidi_class == (int)ibidi_unicode_bidi_class(cp));
        } else {
            require(f->cp == 0 && f->bidi_class == -1);
        }
        /* 4 */
        require(f->code >= 201 && f->code <= 299 && ibidi_code_name(f->code) != NULL);
        require(f->severity == IBIDI_SEVERITY_WARNING && f->rule == ibidi_code_message(f->code));
        require(f->context == IBIDI_DIR_LTR || f->context == IBIDI_DIR_RTL);
        require(exact || f->context == IBIDI_DIR_LTR);
        require(!exact || (opt & IBIDI_AMBIGUITY_EXACT));
        require(f->context == IBIDI_DIR_LTR || (opt & IBIDI_AMBIGUITY_RTL));
        require((f->code == IBIDI_AMBIGUITY_NUMBER_SEPARATOR) ==
                (f->detail >= 1 && f->detail <= 6));
        require(f->code == IBIDI_AMBIGUITY_NUMBER_SEPARATOR || f->detail == 0);
        if (opt & IBIDI_AMBIGUITY_TEXT)
            require(f->code <= IBIDI_AMBIGUITY_NUMBER_SEPARATOR ||
                    f->code == IBIDI_AMBIGUITY_VALID_TWIN ||
                    f->code == IBIDI_AMBIGUITY_SEPARATOR_TWIN ||
                    f->code == IBIDI_AMBIGUITY_SEARCH_TRUNCATED);
        /* 5 */
        if (f->code == IBIDI_AMBIGUITY_NUMBER_TYPE) {
            int found = 0;
            for (size_t j = 0; j < n2; j++)
                found |= big[j].code == IBIDI_AMBIGUITY_NUMBER_LEVEL && big[j].offset == f->offset;
            require(found);
        }
    }
    /* 8 */
    if ((opt & IBIDI_AMBIGUITY_TEXT) && !(opt & IBIDI_AMBIGUITY_EXACT))
        set_aside(s, len, &o, big, n2);
    return 0;
}
