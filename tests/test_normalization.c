/*
 * Normalization (UAX #15): NormalizationTest.txt in full (every relation of its header,
 * through the UTF-8 and the code point API, with exact and one-short buffers, quick check
 * and is_normalized), the Part 1 rule for every other code point, and unit tests: buffer
 * sizes, empty and NULL input, ill-formed input, long runs of combining marks against a
 * literal O(n^2) reference written here from the definitions (D108/D109 canonical
 * ordering, D117 canonical composition) on top of the public property API.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "ibidi/normalize.h"
#include "testlib.h"

/* Internal (src/unicode/normalize.c): below these code points every character is stable. */
extern const uint32_t ibidi__nf_stable_below[4];

static const ibidi_normalize_form forms[4] = {IBIDI_NORMALIZE_NFC, IBIDI_NORMALIZE_NFD, IBIDI_NORMALIZE_NFKC, IBIDI_NORMALIZE_NFKD};
static const char *const form_names[4] = {"NFC", "NFD", "NFKC", "NFKD"};

/* ------------------------------------------------------------------ helpers */

static void hex_str(const uint32_t *c, size_t n, char *buf, size_t cap)
{
    size_t k = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && k + 12 < cap; i++)
        k += (size_t)snprintf(buf + k, cap - k, i ? " %04X" : "%04X", (unsigned)c[i]);
    if (n && k + 12 >= cap)
        snprintf(buf + k, cap - k, " ...");
}

/* UTF-8 of n code points into a malloc'd buffer; *len gets its size. */
static char *enc(const uint32_t *c, size_t n, size_t *len)
{
    ibidi_buf b = {NULL, 0, 0};
    if (ibidi_utf8_encode(c, n, &b, NULL) != (b.len ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK))
        return NULL;
    b.data = malloc(b.len + 1);
    b.cap = b.len;
    if (!b.data || ibidi_utf8_encode(c, n, &b, NULL) != IBIDI_OK)
        abort();
    *len = b.len;
    return b.data;
}

/* Code point normalization into a malloc'd buffer (*n gets its length), via the size query. */
static uint32_t *nf_cp(ibidi_normalize_form f, const uint32_t *s, size_t n, size_t *out_n)
{
    ibidi_buf32 b = {NULL, 0, 0};
    ibidi_status st = ibidi_normalize_cp(s, n, f, &b, NULL);
    if (st != IBIDI_OK && st != IBIDI_E_BUFFER_TOO_SMALL)
        return NULL;
    b.data = malloc((b.len + 1) * sizeof *b.data);
    b.cap = b.len;
    if (!b.data)
        abort();
    if (ibidi_normalize_cp(s, n, f, &b, NULL) != IBIDI_OK) {
        free(b.data);
        return NULL;
    }
    *out_n = b.len;
    return b.data;
}

static int same_cp(const uint32_t *a, size_t an, const uint32_t *b, size_t bn)
{
    return an == bn && (an == 0 || memcmp(a, b, an * sizeof *a) == 0);
}

/* ------------------------------------------------------------------ reference */

/* Full decomposition by applying Decomposition_Mapping recursively (D68, D65), read
 * through the public property API, Hangul included. */
static size_t ref_decompose(uint32_t cp, int compat, uint32_t *out, size_t cap)
{
    uint32_t m[IBIDI_UNICODE_MAX_DECOMPOSITION];
    ibidi_unicode_dt t = IBIDI_UNICODE_DT_NONE;
    size_t k = ibidi_unicode_decomposition(cp, m, IBIDI_UNICODE_MAX_DECOMPOSITION, &t), n = 0;
    if (k == 0 || (!compat && t != IBIDI_UNICODE_DT_CANONICAL)) {
        if (cap)
            out[0] = cp;
        return 1;
    }
    for (size_t i = 0; i < k; i++)
        n += ref_decompose(m[i], compat, out + n, cap - n);
    return n;
}

/* The normalization forms computed literally: decompose, bubble sort adjacent pairs
 * with ccc(A) > ccc(B) > 0 (D108, D109), then for each character seek back to the last
 * starter, check blocking against every character in between, compose and delete (D117).
 * Quadratic or worse: for modest sizes only. out needs 18 * n entries. */
static size_t ref_nf(ibidi_normalize_form f, const uint32_t *s, size_t n, uint32_t *out)
{
    int compat = f == IBIDI_NORMALIZE_NFKC || f == IBIDI_NORMALIZE_NFKD;
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        m += ref_decompose(s[i], compat, out + m, 18 * n - m);
    for (int swapped = 1; swapped;) {
        swapped = 0;
        for (size_t i = 0; i + 1 < m; i++) {
            uint8_t a = ibidi_unicode_combining_class(out[i]),
                    b = ibidi_unicode_combining_class(out[i + 1]);
            if (a > b && b > 0) {
                uint32_t t = out[i];
                out[i] = out[i + 1];
                out[i + 1] = t;
                swapped = 1;
            }
        }
    }
    if (f == IBIDI_NORMALIZE_NFD || f == IBIDI_NORMALIZE_NFKD)
        return m;
    for (size_t i = 1; i < m;) {
        uint8_t cc = ibidi_unicode_combining_class(out[i]);
        size_t j = i;
        int found = 0;
        while (j > 0) {
            j--;
            if (ibidi_unicode_combining_class(out[j]) == 0) {
                found = 1;
                break;
            }
        }
        if (found) {
            int blocked = 0;
            for (size_t b = j + 1; b < i; b++) {
                uint8_t bc = ibidi_unicode_combining_class(out[b]);
                if (bc == 0 || bc >= cc)
                    blocked = 1;
            }
            uint32_t p = blocked ? 0 : ibidi_unicode_compose(out[j], out[i]);
            if (p) {
                out[j] = p;
                memmove(out + i, out + i + 1, (m - i - 1) * sizeof *out);
                m--;
                continue;
            }
        }
        i++;
    }
    return m;
}

/* ------------------------------------------------------------------ one relation */

static long n_relations;

/* Checks toNF(src) == want through both APIs, with the exact capacity and one less. */
static void check_relation(ibidi_normalize_form f, const uint32_t *src, size_t sn, const uint32_t *want,
                           size_t wn, long lineno, const char *rel)
{
    uint32_t o[64];
    size_t su, wu;
    char *s8 = enc(src, sn, &su), *w8 = enc(want, wn, &wu);
    char o8[256];
    ibidi_status st;
    char hs[200], hw[200];
    int ok = 1;

    hex_str(src, sn, hs, sizeof hs);
    hex_str(want, wn, hw, sizeof hw);
    ibidi_buf32 r = {o, wn, 0};
    st = ibidi_normalize_cp(src, sn, f, &r, NULL);
    ok &= CHECK(st == IBIDI_OK && same_cp(o, r.len, want, wn), "line %ld %s: to%s(%s) (code points) "
                "gave status %d, %zu code points, want %s", lineno, rel, form_names[f], hs, st, r.len, hw);
    if (wn) {
        r.cap = wn - 1;
        st = ibidi_normalize_cp(src, sn, f, &r, NULL);
        ok &= CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && r.len == wn,
                    "line %ld %s: to%s(%s) with capacity %zu: status %d, size %zu",
                    lineno, rel, form_names[f], hs, wn - 1, st, r.len);
    }
    ibidi_buf r8 = {o8, wu, 0};
    st = ibidi_normalize_utf8(s8, su, f, &r8, NULL);
    ok &= CHECK(st == IBIDI_OK && r8.len == wu && memcmp(o8, w8, wu) == 0,
                "line %ld %s: to%s(%s) (UTF-8) gave status %d, %zu bytes, want %s", lineno, rel,
                form_names[f], hs, st, r8.len, hw);
    if (wu) {
        r8.cap = wu - 1;
        st = ibidi_normalize_utf8(s8, su, f, &r8, NULL);
        ok &= CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && r8.len == wu,
                    "line %ld %s: to%s(%s) UTF-8 capacity %zu: status %d, size %zu", lineno, rel,
                    form_names[f], hs, wu - 1, st, r8.len);
    }
    (void)ok;
    n_relations++;
    free(s8);
    free(w8);
}

/* Quick check and is_normalized of x in form f agree with the normalization itself. */
static void check_qc(ibidi_normalize_form f, const uint32_t *x, size_t n, long lineno)
{
    size_t on = 0, u;
    uint32_t *o = nf_cp(f, x, n, &on);
    char *s8 = enc(x, n, &u);
    int normalized = o && same_cp(o, on, x, n), isn = -1;
    ibidi_normalize_qc q8 = IBIDI_NORMALIZE_MAYBE, qc = IBIDI_NORMALIZE_MAYBE;
    char hs[200];
    hex_str(x, n, hs, sizeof hs);
    CHECK(ibidi_normalize_quick_check_utf8(s8, u, f, &q8, NULL) == IBIDI_OK &&
              ibidi_normalize_quick_check_cp(x, n, f, &qc, NULL) == IBIDI_OK && q8 == qc,
          "line %ld: quick check %s(%s): UTF-8 %d, code points %d", lineno, form_names[f], hs, q8, qc);
    CHECK(!(q8 == IBIDI_NORMALIZE_YES && !normalized) && !(q8 == IBIDI_NORMALIZE_NO && normalized),
          "line %ld: quick check %s(%s) = %d but normalized = %d", lineno, form_names[f], hs, q8,
          normalized);
    CHECK(!(q8 == IBIDI_NORMALIZE_MAYBE && (f == IBIDI_NORMALIZE_NFD || f == IBIDI_NORMALIZE_NFKD)),
          "line %ld: quick check %s(%s) = MAYBE", lineno, form_names[f], hs);
    CHECK(ibidi_normalize_is_normalized_utf8(s8, u, f, &isn, NULL) == IBIDI_OK && isn == normalized,
          "line %ld: is_normalized %s(%s) = %d, want %d", lineno, form_names[f], hs, isn, normalized);
    free(o);
    free(s8);
}

/* ------------------------------------------------------------------ NormalizationTest.txt */

static size_t parse_field(const char *p, const char *end, uint32_t *out, size_t cap)
{
    size_t n = 0;
    while (p < end) {
        char *e;
        unsigned long v;
        while (p < end && *p == ' ')
            p++;
        if (p >= end)
            break;
        v = strtoul(p, &e, 16);
        if (e == p || n >= cap)
            return (size_t)-1;
        out[n++] = (uint32_t)v;
        p = e;
    }
    return n;
}

static void test_conformance_file(void)
{
    size_t len = 0;
    char *text = t_read_file(t_data_path("NormalizationTest.txt"), &len);
    unsigned char *listed = calloc(0x110000, 1);
    long lineno = 0, lines = 0, invariant = 0, bad_lines = 0;
    int part = -1;

    if (!CHECK(text != NULL, "cannot read %s", t_data_path("NormalizationTest.txt")) || !listed) {
        free(text);
        free(listed);
        return;
    }
    for (char *p = text; p < text + len;) {
        char *nl = memchr(p, '\n', (size_t)(text + len - p));
        char *eol = nl ? nl : text + len;
        uint32_t c[5][40];
        size_t cn[5];
        char *q = p;
        int nf = 0;
        lineno++;
        if (p[0] == '@') {
            part = atoi(p + 5);
        } else if (p[0] != '#' && eol > p) {
            for (nf = 0; nf < 5; nf++) {
                char *semi = memchr(q, ';', (size_t)(eol - q));
                if (!semi)
                    break;
                cn[nf] = parse_field(q, semi, c[nf], 40);
                if (cn[nf] == (size_t)-1 || cn[nf] == 0)
                    break;
                q = semi + 1;
            }
            if (!CHECK(nf == 5, "line %ld: cannot parse", lineno)) {
                bad_lines++;
            } else {
                lines++;
                if (part == 1 && cn[0] == 1)
                    listed[c[0][0]] = 1;
                /* NFC: c2 == toNFC(c1) == toNFC(c2) == toNFC(c3); c4 == toNFC(c4) == toNFC(c5) */
                for (int i = 0; i < 3; i++)
                    check_relation(IBIDI_NORMALIZE_NFC, c[i], cn[i], c[1], cn[1], lineno, "c2 == NFC(c1..c3)");
                for (int i = 3; i < 5; i++)
                    check_relation(IBIDI_NORMALIZE_NFC, c[i], cn[i], c[3], cn[3], lineno, "c4 == NFC(c4,c5)");
                /* NFD: c3 == toNFD(c1..c3); c5 == toNFD(c4), toNFD(c5) */
                for (int i = 0; i < 3; i++)
                    check_relation(IBIDI_NORMALIZE_NFD, c[i], cn[i], c[2], cn[2], lineno, "c3 == NFD(c1..c3)");
                for (int i = 3; i < 5; i++)
                    check_relation(IBIDI_NORMALIZE_NFD, c[i], cn[i], c[4], cn[4], lineno, "c5 == NFD(c4,c5)");
                /* NFKC: c4 == toNFKC(c1..c5); NFKD: c5 == toNFKD(c1..c5) */
                for (int i = 0; i < 5; i++)
                    check_relation(IBIDI_NORMALIZE_NFKC, c[i], cn[i], c[3], cn[3], lineno, "c4 == NFKC(c1..c5)");
                for (int i = 0; i < 5; i++)
                    check_relation(IBIDI_NORMALIZE_NFKD, c[i], cn[i], c[4], cn[4], lineno, "c5 == NFKD(c1..c5)");
                for (int i = 0; i < 5; i++)
                    for (int f = 0; f < 4; f++)
                        check_qc(forms[f], c[i], cn[i], lineno);
            }
        }
        p = nl ? nl + 1 : text + len;
    }
    CHECK(part == 5 && lines > 19000, "parts read: last %d, %ld lines", part, lines);

    /* Part 1 rule: X == toNFC(X) == toNFD(X) == toNFKC(X) == toNFKD(X) for every code point
     * not listed in Part 1 (unassigned ones included; surrogates are not scalar values). */
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        uint32_t o[IBIDI_UNICODE_MAX_DECOMPOSITION];
        char s8[4], o8[4 * IBIDI_UNICODE_MAX_DECOMPOSITION];
        size_t u;
        int ok = 1;
        if ((cp >= 0xD800 && cp <= 0xDFFF) || listed[cp])
            continue;
        u = ibidi_utf8_encode_cp(cp, s8);
        for (int f = 0; f < 4; f++) {
            int isn = 0;
            ibidi_buf32 r = {o, 1, 0};
            ibidi_buf r8 = {o8, u, 0};
            ok &= ibidi_normalize_cp(&cp, 1, forms[f], &r, NULL) == IBIDI_OK && r.len == 1 &&
                  o[0] == cp;
            ok &= ibidi_normalize_utf8(s8, u, forms[f], &r8, NULL) == IBIDI_OK && r8.len == u &&
                  memcmp(o8, s8, u) == 0;
            ok &= ibidi_normalize_is_normalized_utf8(s8, u, forms[f], &isn, NULL) == IBIDI_OK && isn == 1;
        }
        if (CHECK(ok, "U+%04X is not listed in Part 1 but is not invariant", (unsigned)cp))
            invariant++;
    }
    printf("compared %ld lines, %ld relations, %ld invariant code points\n", lines, n_relations,
           invariant);
    free(text);
    free(listed);
}

/* ------------------------------------------------------------------ assumptions */

/* What the fast paths of normalize.c take from UAX #15, checked on every code point:
 *   - every second character of a primary composite has NFC_Quick_Check = Maybe (only
 *     those are looked up in the composition table);
 *   - for NFC and NFKC, a stable character (class 0, Quick_Check Yes) decomposes to a
 *     starter first, and that starter is never the second character of a primary
 *     composite: so nothing before a stable character interacts with it or what follows
 *     (text is cut and copied there; for NFD and NFKD class 0 and no decomposition
 *     suffice);
 *   - every code point below ibidi__nf_stable_below[form] is stable in the form. */
static void test_fast_path_assumptions(void)
{
    unsigned char *second = calloc(0x110000, 1);
    long pairs = 0, stable_n[4] = {0, 0, 0, 0}, bad = 0;
    if (!second)
        abort();
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        uint32_t m[IBIDI_UNICODE_MAX_DECOMPOSITION];
        ibidi_unicode_dt t = IBIDI_UNICODE_DT_NONE;
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        if (ibidi_unicode_decomposition(cp, m, IBIDI_UNICODE_MAX_DECOMPOSITION, &t) == 2 &&
            t == IBIDI_UNICODE_DT_CANONICAL && ibidi_unicode_compose(m[0], m[1]) == cp) {
            second[m[1]] = 1;
            pairs++;
        }
    }
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        ibidi_normalize_qc q = IBIDI_NORMALIZE_NO;
        if (!second[cp])
            continue;
        if (!CHECK(ibidi_normalize_quick_check_cp(&cp, 1, IBIDI_NORMALIZE_NFC, &q, NULL) == IBIDI_OK &&
                       q == IBIDI_NORMALIZE_MAYBE,
                   "U+%04X is the second of a primary composite but NFC_QC is %d", (unsigned)cp, q))
            bad++;
    }
    for (int f = 0; f < 4; f++) {
        int compat = forms[f] == IBIDI_NORMALIZE_NFKC || forms[f] == IBIDI_NORMALIZE_NFKD;
        for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
            ibidi_normalize_qc q = IBIDI_NORMALIZE_NO;
            uint32_t d[IBIDI_UNICODE_MAX_DECOMPOSITION * 4];
            int stable;
            if (cp >= 0xD800 && cp <= 0xDFFF)
                continue;
            stable = ibidi_normalize_quick_check_cp(&cp, 1, forms[f], &q, NULL) == IBIDI_OK &&
                     q == IBIDI_NORMALIZE_YES && ibidi_unicode_combining_class(cp) == 0;
            if (cp < ibidi__nf_stable_below[f] &&
                !CHECK(stable, "U+%04X is below the %s fast-path limit U+%04X but not stable",
                       (unsigned)cp, form_names[f], (unsigned)ibidi__nf_stable_below[f]))
                bad++;
            if (!stable)
                continue;
            stable_n[f]++;
            if (forms[f] == IBIDI_NORMALIZE_NFD || forms[f] == IBIDI_NORMALIZE_NFKD)
                continue; /* nothing composes: class 0 and no decomposition suffice */
            ref_decompose(cp, compat, d, sizeof d / sizeof d[0]);
            if (!CHECK(ibidi_unicode_combining_class(d[0]) == 0 && !second[d[0]],
                       "stable U+%04X (%s) decomposes first to U+%04X, which may combine back",
                       (unsigned)cp, form_names[f], (unsigned)d[0]))
                bad++;
        }
    }
    printf("info: %ld primary composites; stable code points NFC %ld, NFD %ld, NFKC %ld, NFKD %ld;"
           " %ld exceptions\n", pairs, stable_n[0], stable_n[1], stable_n[2], stable_n[3], bad);
    free(second);
}

/* ------------------------------------------------------------------ unit tests */

static void test_buffers(void)
{
    /* "A" + U+030A: NFC is U+00C5 (2 bytes) although the decomposed form has 3 bytes. */
    const char *a_ring = "A\xCC\x8A";
    char buf[16];
    uint32_t cbuf[8];
    ibidi_buf o = {buf, 2, 99};
    ibidi_buf32 o32 = {cbuf, 8, 99};
    ibidi_status st;

    st = ibidi_normalize_utf8(a_ring, 3, IBIDI_NORMALIZE_NFC, &o, NULL);
    CHECK(st == IBIDI_OK && o.len == 2 && memcmp(buf, "\xC3\x85", 2) == 0,
          "NFC(A U+030A) with capacity 2: status %d size %zu", st, o.len);
    o.cap = 1;
    st = ibidi_normalize_utf8(a_ring, 3, IBIDI_NORMALIZE_NFC, &o, NULL);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && o.len == 2, "capacity 1: status %d size %zu", st,
          o.len);
    o = (ibidi_buf){NULL, 0, 99};
    st = ibidi_normalize_utf8("\xC3\x85", 2, IBIDI_NORMALIZE_NFD, &o, NULL);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && o.len == 3, "NFD(U+00C5) size query: %d %zu", st,
          o.len);
    o = (ibidi_buf){buf, 2, 99};
    st = ibidi_normalize_utf8("\xC3\x85", 2, IBIDI_NORMALIZE_NFD, &o, NULL);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && o.len == 3, "NFD(U+00C5) capacity 2: %d %zu", st,
          o.len);
    o.cap = 3;
    st = ibidi_normalize_utf8("\xC3\x85", 2, IBIDI_NORMALIZE_NFD, &o, NULL);
    CHECK(st == IBIDI_OK && o.len == 3 && memcmp(buf, a_ring, 3) == 0, "NFD(U+00C5): %d", st);
    /* U+FDFA: one code point, 18 in NFKD */
    {
        const uint32_t fdfa = 0xFDFA;
        ibidi_error e = {IBIDI_OK, 0, 0};
        st = ibidi_normalize_cp(&fdfa, 1, IBIDI_NORMALIZE_NFKD, &o32, &e);
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && o32.len == 18 && e.status == st,
              "NFKD(U+FDFA) capacity 8: %d %zu", st, o32.len);
        o = (ibidi_buf){buf, sizeof buf, 99};
        st = ibidi_normalize_utf8("\xEF\xB7\xBA", 3, IBIDI_NORMALIZE_NFKD, &o, NULL);
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && o.len == 33, "NFKD(U+FDFA) UTF-8 size %zu",
              o.len);
    }
    /* ASCII text longer than the buffer, with a mark at the end */
    {
        const char *t = "abcdefghijklmnopqrstuvwxyze\xCC\x81";
        size_t tl = strlen(t);
        char big[64];
        o = (ibidi_buf){big, 10, 99};
        st = ibidi_normalize_utf8(t, tl, IBIDI_NORMALIZE_NFC, &o, NULL);
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && o.len == tl - 1, "long ASCII NFC size %zu",
              o.len);
        o.cap = tl - 1;
        st = ibidi_normalize_utf8(t, tl, IBIDI_NORMALIZE_NFC, &o, NULL);
        CHECK(st == IBIDI_OK && o.len == tl - 1 && memcmp(big, t, 26) == 0 &&
                  memcmp(big + 26, "\xC3\xA9", 2) == 0,
              "long ASCII NFC exact: %d", st);
        o32 = (ibidi_buf32){cbuf, 1, 99};
        st = ibidi_normalize_cp((const uint32_t[]){'a', 'e', 0x301}, 3, IBIDI_NORMALIZE_NFC, &o32,
                                NULL);
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && o32.len == 2, "cp NFC capacity 1: %d %zu", st,
              o32.len);
    }
}

static void test_empty_and_arguments(void)
{
    char buf[4];
    uint32_t cbuf[4];
    ibidi_buf o = {NULL, 0, 99}, a = {(char *)1, 0, 99};
    ibidi_buf32 o32 = {NULL, 0, 99};
    ibidi_normalize_qc q = IBIDI_NORMALIZE_NO;
    int yes = 0;
    ibidi_error e = {IBIDI_E_NOMEM, 9, 9};

    for (int f = 0; f < 4; f++) {
        o = (ibidi_buf){NULL, 0, 99};
        CHECK(ibidi_normalize_utf8(NULL, 0, forms[f], &o, &e) == IBIDI_OK && o.len == 0 &&
                  e.status == IBIDI_OK && e.offset == 0,
              "%s of NULL/0", form_names[f]);
        o = (ibidi_buf){buf, sizeof buf, 99};
        CHECK(ibidi_normalize_utf8("", 0, forms[f], &o, NULL) == IBIDI_OK && o.len == 0,
              "%s of empty", form_names[f]);
        o32 = (ibidi_buf32){NULL, 0, 99};
        CHECK(ibidi_normalize_cp(NULL, 0, forms[f], &o32, NULL) == IBIDI_OK && o32.len == 0,
              "%s cp of NULL/0", form_names[f]);
        CHECK(ibidi_normalize_quick_check_utf8(NULL, 0, forms[f], &q, NULL) == IBIDI_OK && q == IBIDI_NORMALIZE_YES,
              "quick check of empty");
        q = IBIDI_NORMALIZE_NO;
        CHECK(ibidi_normalize_quick_check_cp(NULL, 0, forms[f], &q, NULL) == IBIDI_OK && q == IBIDI_NORMALIZE_YES,
              "quick check cp of empty");
        CHECK(ibidi_normalize_is_normalized_utf8(NULL, 0, forms[f], &yes, NULL) == IBIDI_OK && yes == 1,
              "is_normalized of empty");
        a = (ibidi_buf){(char *)1, 0, 99};
        CHECK(ibidi_normalize_utf8_alloc(NULL, 0, forms[f], &a, NULL) == IBIDI_OK && a.data &&
                  a.data[0] == '\0' && a.len == 0,
              "alloc of empty");
        ibidi_free(a.data);
    }
    o = (ibidi_buf){buf, 4, 0};
    CHECK(ibidi_normalize_utf8(NULL, 3, IBIDI_NORMALIZE_NFC, &o, &e) == IBIDI_E_INVALID_ARGUMENT &&
              e.status == IBIDI_E_INVALID_ARGUMENT,
          "NULL with length 3");
    o = (ibidi_buf){NULL, 4, 0};
    CHECK(ibidi_normalize_utf8("a", 1, IBIDI_NORMALIZE_NFC, &o, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "NULL output with capacity 4");
    CHECK(ibidi_normalize_utf8("a", 1, IBIDI_NORMALIZE_NFC, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "no output record");
    o = (ibidi_buf){buf, 4, 0};
    CHECK(ibidi_normalize_utf8("a", 1, (ibidi_normalize_form)4, &o, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "form 4");
    o32 = (ibidi_buf32){NULL, 0, 0};
    CHECK(ibidi_normalize_cp(NULL, 0, (ibidi_normalize_form)-1, &o32, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "form -1");
    CHECK(ibidi_normalize_cp(NULL, 2, IBIDI_NORMALIZE_NFD, &o32, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "cp NULL with length 2");
    o32 = (ibidi_buf32){NULL, 4, 0};
    CHECK(ibidi_normalize_cp(cbuf, 0, IBIDI_NORMALIZE_NFD, &o32, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "cp NULL output with capacity 4");
    CHECK(ibidi_normalize_cp(cbuf, 0, IBIDI_NORMALIZE_NFD, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "cp without an output record");
    CHECK(ibidi_normalize_quick_check_utf8("a", 1, IBIDI_NORMALIZE_NFC, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "quick check without result");
    CHECK(ibidi_normalize_quick_check_utf8("a", 1, (ibidi_normalize_form)9, &q, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "quick check form 9");
    CHECK(ibidi_normalize_quick_check_cp(NULL, 1, IBIDI_NORMALIZE_NFC, &q, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "quick check cp NULL with length 1");
    CHECK(ibidi_normalize_is_normalized_utf8("a", 1, IBIDI_NORMALIZE_NFC, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "is_normalized without result");
    CHECK(ibidi_normalize_is_normalized_utf8(NULL, 1, IBIDI_NORMALIZE_NFC, &yes, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "is_normalized NULL with length 1");
    CHECK(ibidi_normalize_utf8_alloc("a", 1, IBIDI_NORMALIZE_NFC, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "alloc without out");
    a = (ibidi_buf){(char *)1, 0, 99};
    CHECK(ibidi_normalize_utf8_alloc(NULL, 1, IBIDI_NORMALIZE_NFC, &a, NULL) == IBIDI_E_INVALID_ARGUMENT &&
              a.data == NULL && a.len == 0,
          "alloc NULL with length 1");
}

/* Ill-formed UTF-8: every entry point reports what the shared decoder reports. */
static void test_invalid_utf8(void)
{
    static const struct {
        const char *s;
        size_t len;
        ibidi_status st;
        size_t off;
    } cases[] = {
        {"abc\xC0\x80", 5, IBIDI_E_UTF8_OVERLONG, 3},
        {"a\xED\xA0\x80", 4, IBIDI_E_UTF8_SURROGATE, 1},
        {"\xF4\x90\x80\x80", 4, IBIDI_E_UTF8_TOO_LARGE, 0},
        {"ab\xE2\x82", 4, IBIDI_E_UTF8_TRUNCATED, 2},
        {"e\xCC\x81\x80", 4, IBIDI_E_UTF8_UNEXPECTED_CONT, 3},
        {"\xC3\xA9 ok \xFF", 7, IBIDI_E_UTF8_INVALID_BYTE, 6},       /* after a quick check NO */
        {"e\xCC\x81\xCC\x96 \xE0\x80\x80", 9, IBIDI_E_UTF8_OVERLONG, 6}, /* after NO (order) */
        {"\xEA\xB0\x80\xE1\x86\xA8\xF0\x9F", 8, IBIDI_E_UTF8_TRUNCATED, 6},
        {"abcdefghijklmnop\xF8", 17, IBIDI_E_UTF8_INVALID_BYTE, 16},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ibidi_error shared = {IBIDI_OK, 0, 0}, e;
        char buf[64];
        ibidi_buf o = {buf, sizeof buf, 99}, a = {(char *)1, 0, 99};
        ibidi_normalize_qc q = IBIDI_NORMALIZE_YES;
        int yes = -1;
        CHECK(ibidi_utf8_validate(cases[i].s, cases[i].len, NULL, &shared) == cases[i].st &&
                  shared.offset == cases[i].off,
              "case %zu: the shared decoder says %d at %zu", i, shared.status, shared.offset);
        for (int f = 0; f < 4; f++) {
            memset(&e, 0, sizeof e);
            o.len = 99;
            CHECK(ibidi_normalize_utf8(cases[i].s, cases[i].len, forms[f], &o, &e) == cases[i].st &&
                      e.status == cases[i].st && e.offset == cases[i].off &&
                      e.value == shared.value && o.len == 0,
                  "case %zu %s: status %d offset %zu value %X", i, form_names[f], e.status, e.offset,
                  (unsigned)e.value);
            memset(&e, 0, sizeof e);
            CHECK(ibidi_normalize_quick_check_utf8(cases[i].s, cases[i].len, forms[f], &q, &e) == cases[i].st &&
                      e.offset == cases[i].off,
                  "case %zu %s quick check: status %d offset %zu", i, form_names[f], e.status, e.offset);
            memset(&e, 0, sizeof e);
            CHECK(ibidi_normalize_is_normalized_utf8(cases[i].s, cases[i].len, forms[f], &yes, &e) ==
                          cases[i].st &&
                      e.offset == cases[i].off,
                  "case %zu %s is_normalized: status %d offset %zu", i, form_names[f], e.status,
                  e.offset);
            memset(&e, 0, sizeof e);
            a = (ibidi_buf){(char *)1, 0, 99};
            CHECK(ibidi_normalize_utf8_alloc(cases[i].s, cases[i].len, forms[f], &a, &e) ==
                          cases[i].st &&
                      a.data == NULL && a.len == 0 && e.offset == cases[i].off,
                  "case %zu %s alloc: status %d offset %zu", i, form_names[f], e.status, e.offset);
        }
    }
    /* An error inside and after a run of non-starters longer than any buffer. */
    for (size_t marks = 60; marks <= 300; marks += 120) {
        size_t len = 1 + 2 * marks + 2;
        char *s = malloc(len);
        ibidi_error e = {IBIDI_OK, 0, 0};
        ibidi_buf o = {NULL, 0, 0};
        s[0] = 'a';
        for (size_t i = 0; i < marks; i++)
            memcpy(s + 1 + 2 * i, i % 2 ? "\xCC\x81" : "\xCC\x96", 2);
        memcpy(s + 1 + 2 * marks, "\xE2\x82", 2);
        for (int f = 0; f < 4; f++) {
            memset(&e, 0, sizeof e);
            CHECK(ibidi_normalize_utf8(s, len, forms[f], &o, &e) == IBIDI_E_UTF8_TRUNCATED &&
                      e.offset == 1 + 2 * marks && e.value == 0xE2,
                  "%zu marks %s: status %d offset %zu", marks, form_names[f], e.status, e.offset);
        }
        s[1 + 2 * (marks / 2)] = (char)0xC1;
        memset(&e, 0, sizeof e);
        CHECK(ibidi_normalize_utf8(s, len, IBIDI_NORMALIZE_NFC, &o, &e) == IBIDI_E_UTF8_OVERLONG &&
                  e.offset == 1 + 2 * (marks / 2),
              "%zu marks, error in the middle: status %d offset %zu", marks, e.status, e.offset);
        free(s);
    }
}

static void test_invalid_cp(void)
{
    uint32_t s[200];
    ibidi_error e = {IBIDI_OK, 0, 0};
    ibidi_buf32 o = {NULL, 0, 0};
    ibidi_normalize_qc q = IBIDI_NORMALIZE_YES;
    s[0] = 'a';
    for (size_t i = 1; i < 200; i++)
        s[i] = i % 3 ? 0x301 : 0x316;
    for (size_t at = 1; at < 200; at += 66) {
        for (int k = 0; k < 3; k++) {
            uint32_t bad = k == 0 ? 0xD800 : k == 1 ? 0xDFFF : 0x110000;
            ibidi_status want = k < 2 ? IBIDI_E_CP_SURROGATE : IBIDI_E_CP_TOO_LARGE;
            uint32_t save = s[at];
            s[at] = bad;
            for (int f = 0; f < 4; f++) {
                memset(&e, 0, sizeof e);
                CHECK(ibidi_normalize_cp(s, 200, forms[f], &o, &e) == want &&
                          e.offset == at && e.value == bad,
                      "cp %X at %zu %s: status %d offset %zu", (unsigned)bad, at, form_names[f],
                      e.status, e.offset);
                memset(&e, 0, sizeof e);
                CHECK(ibidi_normalize_quick_check_cp(s, 200, forms[f], &q, &e) == want && e.offset == at,
                      "quick check cp %X at %zu: status %d offset %zu", (unsigned)bad, at, e.status,
                      e.offset);
            }
            s[at] = save;
        }
    }
    /* after a NO: U+00C5 is NO for NFD */
    {
        const uint32_t t[3] = {0xC5, 'x', 0xFFFFFFFFu};
        memset(&e, 0, sizeof e);
        CHECK(ibidi_normalize_quick_check_cp(t, 3, IBIDI_NORMALIZE_NFD, &q, &e) == IBIDI_E_CP_TOO_LARGE && e.offset == 2,
              "quick check NFD after NO: %d %zu", e.status, e.offset);
    }
}

static void test_quick_check_cases(void)
{
    static const struct {
        ibidi_normalize_form f;
        const char *s;
        ibidi_normalize_qc q;
        int normalized;
    } cases[] = {
        {IBIDI_NORMALIZE_NFC, "plain ASCII text, longer than eight bytes", IBIDI_NORMALIZE_YES, 1},
        {IBIDI_NORMALIZE_NFC, "\xC3\xA9", IBIDI_NORMALIZE_YES, 1},            /* U+00E9 */
        {IBIDI_NORMALIZE_NFD, "\xC3\xA9", IBIDI_NORMALIZE_NO, 0},
        {IBIDI_NORMALIZE_NFC, "e\xCC\x81", IBIDI_NORMALIZE_MAYBE, 0},         /* e U+0301: composes */
        {IBIDI_NORMALIZE_NFC, "\xC3\xA9\xCC\x81", IBIDI_NORMALIZE_MAYBE, 1},  /* U+00E9 U+0301: nothing to do */
        {IBIDI_NORMALIZE_NFD, "a\xCC\x81\xCC\x96", IBIDI_NORMALIZE_NO, 0},    /* 230 before 220 */
        {IBIDI_NORMALIZE_NFD, "a\xCC\x96\xCC\x81", IBIDI_NORMALIZE_YES, 1},
        {IBIDI_NORMALIZE_NFKC, "\xEF\xAC\x81", IBIDI_NORMALIZE_NO, 0},        /* U+FB01 */
        {IBIDI_NORMALIZE_NFC, "\xEF\xAC\x81", IBIDI_NORMALIZE_YES, 1},
        {IBIDI_NORMALIZE_NFC, "\xE1\x84\x80\xE1\x85\xA1", IBIDI_NORMALIZE_MAYBE, 0}, /* L V jamo */
        {IBIDI_NORMALIZE_NFC, "\xEA\xB0\x80", IBIDI_NORMALIZE_YES, 1},        /* U+AC00 */
        {IBIDI_NORMALIZE_NFD, "\xEA\xB0\x80", IBIDI_NORMALIZE_NO, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ibidi_normalize_qc q = IBIDI_NORMALIZE_YES;
        int yes = -1;
        size_t len = strlen(cases[i].s);
        CHECK(ibidi_normalize_quick_check_utf8(cases[i].s, len, cases[i].f, &q, NULL) == IBIDI_OK &&
                  q == cases[i].q,
              "quick check case %zu: %d, want %d", i, q, cases[i].q);
        CHECK(ibidi_normalize_is_normalized_utf8(cases[i].s, len, cases[i].f, &yes, NULL) == IBIDI_OK &&
                  yes == cases[i].normalized,
              "is_normalized case %zu: %d", i, yes);
    }
}

/* Compares both APIs with the literal reference on s, for all four forms. */
static int check_against_ref(const uint32_t *s, size_t n, const char *what, size_t param)
{
    uint32_t *want = malloc(18 * (n + 1) * sizeof *want);
    int ok = 1;
    for (int f = 0; f < 4; f++) {
        size_t wn = ref_nf(forms[f], s, n, want), on = 0, su, wu;
        uint32_t *got = nf_cp(forms[f], s, n, &on);
        char *s8 = enc(s, n, &su), *w8 = enc(want, wn, &wu);
        ibidi_buf a = {NULL, 0, 0};
        ibidi_status st = ibidi_normalize_utf8_alloc(s8, su, forms[f], &a, NULL);
        char *o8 = a.data;
        size_t ou = a.len;
        int yes = -1;
        ok &= CHECK(got && same_cp(got, on, want, wn), "%s %zu %s: code point result differs (%zu vs %zu)",
                    what, param, form_names[f], on, wn);
        ok &= CHECK(st == IBIDI_OK && ou == wu && memcmp(o8, w8, wu) == 0 && o8[ou] == '\0',
                    "%s %zu %s: UTF-8 result differs", what, param, form_names[f]);
        ok &= CHECK(ibidi_normalize_is_normalized_utf8(s8, su, forms[f], &yes, NULL) == IBIDI_OK &&
                        yes == same_cp(s, n, want, wn),
                    "%s %zu %s: is_normalized %d", what, param, form_names[f], yes);
        ok &= CHECK(ibidi_normalize_is_normalized_utf8(w8, wu, forms[f], &yes, NULL) == IBIDI_OK && yes == 1,
                    "%s %zu %s: result not normalized", what, param, form_names[f]);
        free(got);
        free(s8);
        free(w8);
        ibidi_free(o8);
    }
    free(want);
    return ok;
}

static uint32_t rng_state = 12345;
static uint32_t rnd(uint32_t n)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 8) % n;
}

/* Marks of many classes, some that compose with the starters below, some that decompose
 * into several marks (U+0344, U+0F73, U+0F75, U+0F81). */
static const uint32_t mark_pool[] = {
    0x0300, 0x0301, 0x0302, 0x0303, 0x0308, 0x030A, 0x0323, 0x0327, 0x0328, 0x031B,
    0x0316, 0x0345, 0x0334, 0x0344, 0x05B0, 0x05B4, 0x05BC, 0x05C1, 0x0651, 0x064B,
    0x0650, 0x0670, 0x093C, 0x094D, 0x0F71, 0x0F72, 0x0F73, 0x0F74, 0x0F75, 0x0F80,
    0x0F81, 0x3099, 0x309A, 0x0315, 0x05AE, 0x1DCE, 0x0E48, 0x0E38, 0x0C55, 0x1D165,
    0x1D16D, 0x0485, 0x0711, 0x07EB, 0x20D2, 0x302A, 0x302E, 0x0592, 0x18A9, 0x1DFA};
static const uint32_t starter_pool[] = {
    'a', 'e', 'o', 'u', 'A', 'E', 'O', 's', 'x', 0x03B1, 0x03C9, 0x0399, 0x0415, 0x0627,
    0x05D0, 0x0915, 0x0928, 0x09C7, 0x09BE, 0x0B47, 0x0F40, 0x0FB2, 0x1100, 0x1161,
    0x11A8, 0xAC00, 0xAC01, 0x304B, 0x30A6, 0x1138B, 0x113C2, 0x113B8, 0x00E9, 0x1E9B,
    0xFB01, 0x3300, 0x2474, 0xFDFA, 0x01C4, 0x1E0A, 0x0958, 0x2126, 0x212B, 0xFF76, 0x1F82};

static void test_long_runs(void)
{
    uint32_t *s = malloc(400 * sizeof *s);
    long checked = 0;
    /* A starter, then n marks of several patterns, for every n up to 200 (whatever the
     * buffer size is below that, the step from buffered to replayed runs is crossed),
     * then a starter or the end. */
    for (size_t n = 0; n <= 300; n += n < 200 ? 1 : 50) {
        for (int pat = 0; pat < 5; pat++) {
            size_t k = 0;
            if (pat != 4)
                s[k++] = pat == 3 ? 0x1100 : 'a';
            for (size_t i = 0; i < n; i++) {
                switch (pat) {
                case 0: s[k++] = 0x0301; break;                     /* one class */
                case 1: s[k++] = i % 2 ? 0x0301 : 0x0316; break;    /* 230, 220 alternating */
                default: s[k++] = mark_pool[rnd(sizeof mark_pool / sizeof mark_pool[0])]; break;
                }
            }
            if (pat == 2 || pat == 3)
                s[k++] = pat == 3 ? 0x1161 : 'b';
            if (!check_against_ref(s, k, "run pattern", (size_t)pat * 1000 + n))
                goto out;
            checked++;
        }
    }
    /* Random mixtures of starters (precomposed, Hangul, compatibility) and marks. */
    for (int t = 0; t < 3000; t++) {
        size_t k = 1 + rnd(t < 2900 ? 24 : 150);
        for (size_t i = 0; i < k; i++)
            s[i] = rnd(3) ? mark_pool[rnd(sizeof mark_pool / sizeof mark_pool[0])]
                          : starter_pool[rnd(sizeof starter_pool / sizeof starter_pool[0])];
        if (!check_against_ref(s, k, "random string", (size_t)t))
            break;
        checked++;
    }
out:
    printf("info: %ld strings compared with the literal reference in 4 forms\n", checked);
    free(s);
}

/* The paths that copy stable text: ASCII words of every length around the 8-byte steps,
 * then a tail that stops the copy in different ways (a mark that composes with the last
 * character, a precomposed last character that must be decomposed again because of a
 * following mark, marks out of order, Hangul L V T, a No character), then more text. */
static void test_copy_paths(void)
{
    static const uint32_t tails[][4] = {
        {0x0301, 0, 0, 0},          {0x00E9, 0x0323, 0, 0},      {0x00E9, 0x0301, 0, 0},
        {0x0316, 0x0301, 0, 0},     {0x0301, 0x0316, 0, 0},      {0xAC00, 0x11A8, 0, 0},
        {0x1100, 0x1161, 0x11A8, 0}, {0xFB01, 0x0301, 0, 0},     {0x05D0, 0x05B8, 0x05B0, 0},
        {0x0627, 0x0653, 0, 0},     {0x0928, 0x093C, 0, 0},      {0x0958, 0, 0, 0},
        {0x1E0A, 0x0323, 0x0307, 0}, {0x00C5, 0x030A, 0x0327, 0}, {0x0344, 0x0301, 0, 0},
        {0x1138B, 0x113C5, 0x113B8, 0}};
    uint32_t s[64];
    long n = 0;
    for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
        for (size_t pre = 0; pre <= 17; pre++) {
            for (int suf = 0; suf < 3; suf++) {
                size_t k = 0;
                for (size_t i = 0; i < pre; i++)
                    s[k++] = i % 3 == 2 ? 0xE9 : 'a' + (uint32_t)i; /* ASCII and Latin-1 */
                for (size_t i = 0; i < 4 && tails[t][i]; i++)
                    s[k++] = tails[t][i];
                if (suf == 1)
                    s[k++] = 'z';
                if (suf == 2)
                    for (int i = 0; i < 9; i++)
                        s[k++] = i % 2 ? 0x0644 : 'q'; /* Arabic letters and ASCII */
                if (!check_against_ref(s, k, "copy path", t * 100 + pre * 3 + (size_t)suf))
                    return;
                n++;
            }
        }
    }
    printf("info: %ld strings through the copy paths compared with the reference\n", n);
}

/* Runs far beyond any buffer: 'a' + 100000 marks; expected results built here. */
static void test_huge_runs(void)
{
    const size_t n = 100000;
    uint32_t *s = malloc((n + 2) * sizeof *s), *w = malloc((n + 2) * sizeof *w);
    size_t on = 0, wn;
    uint32_t *o;
    clock_t t0 = clock();

    /* 'a' + n x U+0301: NFC U+00E1 + (n-1) x U+0301; NFD unchanged */
    s[0] = 'a';
    for (size_t i = 1; i <= n; i++)
        s[i] = 0x301;
    o = nf_cp(IBIDI_NORMALIZE_NFC, s, n + 1, &on);
    w[0] = 0xE1;
    for (size_t i = 1; i < n; i++)
        w[i] = 0x301;
    CHECK(o && same_cp(o, on, w, n), "NFC of a + %zu x U+0301: %zu code points", n, on);
    free(o);
    o = nf_cp(IBIDI_NORMALIZE_NFD, s, n + 1, &on);
    CHECK(o && same_cp(o, on, s, n + 1), "NFD of a + %zu x U+0301", n);
    free(o);

    /* alternating U+0301 (230) and U+0316 (220), then 'b': the sorted run puts every
     * U+0316 first; the first U+0301 is not blocked and composes with 'a'. */
    for (size_t i = 1; i <= n; i++)
        s[i] = i % 2 ? 0x301 : 0x316;
    s[n + 1] = 'b';
    w[0] = 0xE1;
    wn = 1;
    for (size_t i = 0; i < n / 2; i++)
        w[wn++] = 0x316;
    for (size_t i = 1; i < n / 2; i++)
        w[wn++] = 0x301;
    w[wn++] = 'b';
    o = nf_cp(IBIDI_NORMALIZE_NFC, s, n + 2, &on);
    CHECK(o && same_cp(o, on, w, wn), "NFC of a + %zu alternating marks + b", n);
    free(o);

    /* every class of the pool, at random, n marks: NFD is the stable sort by class */
    s[0] = 'q';
    for (size_t i = 1; i <= n; i++) {
        uint32_t m;
        do
            m = mark_pool[rnd(sizeof mark_pool / sizeof mark_pool[0])];
        while (m == 0x0344 || m == 0x0F73 || m == 0x0F75 || m == 0x0F81); /* single marks */
        s[i] = m;
    }
    s[n + 1] = 'z';
    wn = 0;
    w[wn++] = 'q';
    for (unsigned c = 1; c < 256; c++)
        for (size_t i = 1; i <= n; i++)
            if (ibidi_unicode_combining_class(s[i]) == c)
                w[wn++] = s[i];
    w[wn++] = 'z';
    o = nf_cp(IBIDI_NORMALIZE_NFD, s, n + 2, &on);
    CHECK(o && same_cp(o, on, w, wn), "NFD of q + %zu random marks + z", n);
    free(o);
    {
        /* the same through UTF-8 with exact and short capacity, and NFC(NFD) == NFC */
        size_t su, wu;
        char *s8 = enc(s, n + 2, &su), *w8 = enc(w, wn, &wu), *o8 = malloc(wu + 1);
        ibidi_buf ol = {o8, wu, 0};
        ibidi_status st = ibidi_normalize_utf8(s8, su, IBIDI_NORMALIZE_NFD, &ol, NULL);
        CHECK(st == IBIDI_OK && ol.len == wu && memcmp(o8, w8, wu) == 0, "NFD UTF-8 long run");
        ol.cap = wu - 1;
        st = ibidi_normalize_utf8(s8, su, IBIDI_NORMALIZE_NFD, &ol, NULL);
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && ol.len == wu, "NFD UTF-8 long run, short buffer");
        ibidi_buf c1 = {NULL, 0, 0}, c2 = {NULL, 0, 0};
        int yes = -1;
        CHECK(ibidi_normalize_utf8_alloc(s8, su, IBIDI_NORMALIZE_NFC, &c1, NULL) == IBIDI_OK &&
                  ibidi_normalize_utf8_alloc(w8, wu, IBIDI_NORMALIZE_NFC, &c2, NULL) == IBIDI_OK &&
                  c1.len == c2.len && memcmp(c1.data, c2.data, c1.len) == 0,
              "NFC(x) == NFC(NFD(x)) on a long run");
        CHECK(ibidi_normalize_is_normalized_utf8(c1.data, c1.len, IBIDI_NORMALIZE_NFC, &yes, NULL) == IBIDI_OK &&
                  yes == 1,
              "NFC of a long run is normalized");
        CHECK(ibidi_normalize_is_normalized_utf8(s8, su, IBIDI_NORMALIZE_NFD, &yes, NULL) == IBIDI_OK && yes == 0,
              "the unsorted long run is not NFD");
        CHECK(ibidi_normalize_is_normalized_utf8(w8, wu, IBIDI_NORMALIZE_NFD, &yes, NULL) == IBIDI_OK && yes == 1,
              "the sorted long run is NFD");
        ibidi_free(c1.data);
        ibidi_free(c2.data);
        free(s8);
        free(w8);
        free(o8);
    }
    printf("info: runs of %zu marks normalized in %.2f s\n", n,
           (double)(clock() - t0) / CLOCKS_PER_SEC);
    free(s);
    free(w);
}

/* The quick check of UTF-8 reads words of ASCII and two-byte characters at a time; the
 * code point variant does not. Random strings of ASCII, U+0080..U+02FF, combining marks,
 * Hebrew and Arabic (with points), Hangul and compatibility characters must get the same
 * answer from both, and is_normalized must agree with normalizing and comparing. */
static void test_quick_check_word_path(void)
{
    static const uint32_t extra[] = {0x0300, 0x0301, 0x0316, 0x0327, 0x05D0, 0x05B4, 0x0627,
                                     0x064E, 0x0653, 0x1100, 0x1161, 0xAC00, 0xFB01, 0x2460,
                                     0x0344, 0x1E0A, 0x00C5, 0x212B};
    uint32_t state = 0x9E3779B9u;
    long n_strings = 0, bad = 0;
    for (int iter = 0; iter < 40000; iter++) {
        uint32_t cps[48];
        char u8[48 * 4];
        size_t n = 1 + (size_t)(iter % 40), u8len = 0;
        for (size_t k = 0; k < n; k++) {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            unsigned r = state % 100;
            if (r < 40)
                cps[k] = 0x20 + (state >> 8) % 0x5F;
            else if (r < 85)
                cps[k] = 0x80 + (state >> 8) % (0x300 - 0x80);
            else
                cps[k] = extra[(state >> 8) % (sizeof extra / sizeof extra[0])];
            u8len += ibidi_utf8_encode_cp(cps[k], u8 + u8len);
        }
        for (int f = 0; f < 4; f++) {
            ibidi_normalize_qc a = IBIDI_NORMALIZE_YES, b = IBIDI_NORMALIZE_YES;
            int isn = -1;
            char out[48 * 4 * 18];
            ibidi_buf ob = {out, sizeof out, 0};
            ibidi_status s1 = ibidi_normalize_quick_check_utf8(u8, u8len, (ibidi_normalize_form)f, &a, NULL);
            ibidi_status s2 = ibidi_normalize_quick_check_cp(cps, n, (ibidi_normalize_form)f, &b, NULL);
            ibidi_status s3 = ibidi_normalize_is_normalized_utf8(u8, u8len, (ibidi_normalize_form)f, &isn, NULL);
            ibidi_status s4 = ibidi_normalize_utf8(u8, u8len, (ibidi_normalize_form)f, &ob, NULL);
            size_t out_len = ob.len;
            int same = s4 == IBIDI_OK && out_len == u8len && memcmp(out, u8, u8len) == 0;
            /* The code point path reads no words: its result, in UTF-8, must be the same. */
            uint32_t ncps[48 * 18];
            char nu8[48 * 4 * 18];
            ibidi_buf32 ncp_b = {ncps, 48 * 18, 0};
            ibidi_status s5 = ibidi_normalize_cp(cps, n, (ibidi_normalize_form)f, &ncp_b, NULL);
            ibidi_buf nu8_b = {nu8, sizeof nu8, 0};
            ibidi_status s6 = ibidi_utf8_encode(ncps, ncp_b.len, &nu8_b, NULL);
            size_t nu8_len = nu8_b.len;
            int agree = !s5 && !s6 && nu8_len == out_len && memcmp(nu8, out, out_len) == 0;
            n_strings++;
            if (s1 || s2 || s3 || s4 || a != b || isn != same || (a == IBIDI_NORMALIZE_YES && !same) ||
                (a == IBIDI_NORMALIZE_NO && same) || !agree) {
                bad++;
                CHECK(0, "form %d, %zu code points starting U+%04X: qc utf8 %d, cp %d, "
                         "is_normalized %d, normalize %s, UTF-8 and code point results %s",
                      f, n, (unsigned)cps[0], (int)a, (int)b, isn, same ? "same" : "differs",
                      agree ? "agree" : "differ");
            }
        }
    }
    t_pass_n(n_strings - bad);
    printf("info: %ld random strings x forms through the UTF-8 word path: %ld disagreements\n",
           n_strings, bad);
}

int main(void)
{
    test_buffers();
    test_empty_and_arguments();
    test_invalid_utf8();
    test_invalid_cp();
    test_quick_check_cases();
    test_quick_check_word_path();
    test_fast_path_assumptions();
    test_copy_paths();
    test_long_runs();
    test_huge_runs();
    test_conformance_file();
    return t_summary();
}
