/*
 * Display twins and identifier validity (ibidi/ambiguity.h: ibidi_ambiguity_twins_cp,
 * ibidi_ambiguity_twins_utf8, ibidi_iri_validate).
 *
 *   - Badami's pairs in the standard display model (LTR): each text is among the twins
 *     of the other, with the validity codes of the twins that IDNA rules out; the exact
 *     twin lists of several examples, and twins in a right-to-left paragraph;
 *   - marks as rendered: a mark (class NSM) is drawn on its base, the closest preceding
 *     character in logical order that is not a mark; twins draw every mark on the same
 *     glyph (R EN NSM and R NSM EN, Badami's a'A and aA', are not twins), marks that move
 *     with their base keep their twins, a mark without a base stays without one;
 *   - properties: the input is never its own twin, every twin displays identically (the
 *     UBA run again here, marks compared as rendered), strong-only text has none, the
 *     order is fixed;
 *   - the claims the search rests on: the levels each class can get without controls, a
 *     mark's level being its logical predecessor's (or the paragraph level), and L4's
 *     mirroring being an involution (every code point);
 *   - completeness: the pruned search against the unpruned one (every level vector the
 *     classes allow) and against a brute force over every permutation of the text's
 *     characters and their mirror images, on thousands of random texts, both contexts;
 *     every twin of both searches is checked by the rendered comparison written here;
 *   - errors, truncation, stopping (by the twin callback, and by the stop callback asked
 *     every IBIDI_AMBIGUITY_STOP_EVERY steps), and the validity codes of domain names, IRIs
 *     and mail addresses.
 * Notation: A-Z are Hebrew letters (class R), lower case is Latin (L); M stands for
 * U+0301 COMBINING ACUTE ACCENT (NSM) in the comments, written \xCC\x81 in the strings.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ambiguity/ambiguity_internal.h"
#include "ibidi.h"
#include "testlib.h"

#define LTR IBIDI_DIR_LTR
#define RTL IBIDI_DIR_RTL
#define AUTO IBIDI_IRI_AS_AUTO
#define DOM IBIDI_IRI_AS_DOMAIN
#define IRI IBIDI_IRI_AS_IRI
#define MAIL IBIDI_IRI_AS_EMAIL

static unsigned uts46(void) { return ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_UTS46); }
static const char *dname(ibidi_dir d) { return d == RTL ? "RTL" : "LTR"; }

/* ---- twins in notation ------------------------------------------------------------- */

#define LIST_MAX 256
typedef struct tlist {
    size_t n;
    int overflow;
    char s[LIST_MAX][128];
} tlist;

static int collect(const char *t, size_t len, void *ctx)
{
    tlist *l = (tlist *)ctx;
    if (l->n >= LIST_MAX) {
        l->overflow = 1;
        return 0;
    }
    snprintf(l->s[l->n++], sizeof l->s[0], "%s", t_to_notation(3, t, len, 0));
    return 0;
}

static ibidi_status twins_of(const char *notation, ibidi_dir d, tlist *l,
                             ibidi_ambiguity_twin_stats *st) {
    size_t len;
    const char *s = t_notation(0, notation, 0, &len);
    ibidi_error e;
    l->n = 0;
    l->overflow = 0;
    return t_twins_utf8(s, len, d, 0, collect, l, st, &e);
}

static int has(const tlist *l, const char *notation)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->s[i], notation) == 0)
            return 1;
    return 0;
}

/* The validity codes of an identifier given in notation. */
static const char *codes_of(const char *notation, ibidi_iri_kind as, unsigned check_options,
                            ibidi_status *status)
{
    static char codes[256];
    size_t len, cl = 0;
    const char *s = t_notation(1, notation, 0, &len);
    ibidi_error e;
    ibidi_status st = t_iri_validate(s, len, as, uts46(), check_options, codes,
                                           sizeof codes - 1, &cl, &e);
    if (status)
        *status = st;
    codes[cl < sizeof codes ? cl : sizeof codes - 1] = '\0';
    return codes;
}

static void check_codes(const char *name, const char *notation, ibidi_iri_kind as,
                        unsigned options, const char *want)
{
    ibidi_status st;
    const char *got = codes_of(notation, as, options, &st);
    CHECK(strcmp(got, want) == 0, "%s: %s gives %s, want %s", name, notation, got, want);
    ibidi_status want_st = strcmp(want, "[]") == 0 ? IBIDI_OK : IBIDI_E_IDENT_INVALID;
    CHECK(st == want_st, "%s: %s status %d, want %d", name, notation, (int)st, (int)want_st);
}

/* Each of a and b is a twin of the other in context d. */
static void pair(const char *name, const char *a, const char *b, ibidi_dir d)
{
    tlist *ta = malloc(sizeof *ta), *tb = malloc(sizeof *tb);
    ibidi_ambiguity_twin_stats sa, sb;
    CHECK(twins_of(a, d, ta, &sa) == IBIDI_OK, "%s: twins of %s", name, a);
    CHECK(twins_of(b, d, tb, &sb) == IBIDI_OK, "%s: twins of %s", name, b);
    CHECK(has(ta, b), "%s (%s): %s is a twin of %s", name, dname(d), b, a);
    CHECK(has(tb, a), "%s (%s): %s is a twin of %s", name, dname(d), a, b);
    CHECK(!sa.truncated && !sb.truncated, "%s: not truncated", name);
    printf("  %-58s %s: %zu and %zu twins, %zu and %zu candidates\n", name, dname(d), sa.twins,
           sb.twins, sa.candidates, sb.candidates);
    free(ta);
    free(tb);
}

/* The exact twin list (in the search's order) of a text. */
static void exact(const char *name, const char *text, ibidi_dir d, const char *const *want,
                  size_t nwant)
{
    tlist *l = malloc(sizeof *l);
    ibidi_ambiguity_twin_stats st;
    CHECK(twins_of(text, d, l, &st) == IBIDI_OK, "%s: status", name);
    int ok = l->n == nwant && st.twins == nwant;
    for (size_t i = 0; ok && i < nwant; i++)
        ok = has(l, want[i]);
    CHECK(ok, "%s: %s (%s) has %zu twins, want %zu", name, text, dname(d), l->n, nwant);
    if (!ok)
        for (size_t i = 0; i < l->n; i++)
            printf("    got %s\n", l->s[i]);
    free(l);
}

/* ---- display, computed here ----------------------------------------------------------- */

/* How a text is rendered, left to right: its glyphs (resolve with the paragraph level
 * forced, L2, L4 with the "drawn mirrored" flag of a Bidi_Mirrored character without a
 * mirroring glyph) and, for each position, where its mark is drawn: -1 when it is not a
 * mark (class NSM), -2 for a mark without a base, else the visual position of its base
 * (the closest preceding character, in logical order, that is not a mark). */
typedef struct rendering {
    uint32_t g[IBIDI_AMBIGUITY_TWINS_MAX];
    uint8_t f[IBIDI_AMBIGUITY_TWINS_MAX];
    long on[IBIDI_AMBIGUITY_TWINS_MAX];
} rendering;

static int render(const uint32_t *t, size_t n, ibidi_dir d, rendering *r)
{
    uint8_t lv[IBIDI_AMBIGUITY_TWINS_MAX];
    size_t v2l[IBIDI_AMBIGUITY_TWINS_MAX], l2v[IBIDI_AMBIGUITY_TWINS_MAX];
    if (ibidi_bidi_resolve_cp(t, n, &(ibidi_bidi_options){.dir = d},
                              &(ibidi_bidi_result){.levels = lv, .cap = n}, NULL) != IBIDI_OK ||
        ibidi_bidi_reorder(lv, n, v2l, NULL, NULL) != IBIDI_OK)
        return 0;
    for (size_t v = 0; v < n; v++) {
        uint32_t c = t[v2l[v]];
        uint8_t l = lv[v2l[v]];
        r->g[v] = ibidi_bidi_mirror(c, l);
        r->f[v] = (uint8_t)((l & 1) && ibidi_unicode_bidi_mirrored(c) &&
                            ibidi_unicode_mirroring_glyph(c) == c);
        l2v[v2l[v]] = v;
    }
    for (size_t i = 0; i < n; i++) {
        long on = -1;
        if (ibidi_unicode_bidi_class(t[i]) == IBIDI_UNICODE_BC_NSM) {
            on = -2;
            for (size_t j = i; j-- > 0;)
                if (ibidi_unicode_bidi_class(t[j]) != IBIDI_UNICODE_BC_NSM) {
                    on = (long)l2v[j];
                    break;
                }
        }
        r->on[l2v[i]] = on;
    }
    return 1;
}

/* The same glyphs, ignoring where the marks are drawn (the comparison before marks
 * counted), and the same rendering. */
static int same_glyphs(const rendering *a, const rendering *b, size_t n)
{
    return memcmp(a->g, b->g, n * sizeof a->g[0]) == 0 && memcmp(a->f, b->f, n) == 0;
}

static int same_rendering(const rendering *a, const rendering *b, size_t n)
{
    return same_glyphs(a, b, n) && memcmp(a->on, b->on, n * sizeof a->on[0]) == 0;
}

static int same_display(const uint32_t *a, const uint32_t *b, size_t n, ibidi_dir d)
{
    rendering *ra = malloc(sizeof *ra), *rb = malloc(sizeof *rb);
    int same = ra && rb && render(a, n, d, ra) && render(b, n, d, rb) && same_rendering(ra, rb, n);
    free(ra);
    free(rb);
    return same;
}

/* ---- sets of twins (code points) ------------------------------------------------------ */

#define SET_MAX 4096
#define SET_LEN 10
typedef struct tset {
    size_t n, len;
    int overflow;
    uint32_t t[SET_MAX][SET_LEN];
} tset;

static int set_add(const uint32_t *twin, size_t n, void *ctx)
{
    tset *s = (tset *)ctx;
    if (s->n >= SET_MAX || n > SET_LEN) {
        s->overflow = 1;
        return 0;
    }
    memset(s->t[s->n], 0, sizeof s->t[0]);
    memcpy(s->t[s->n], twin, n * sizeof twin[0]);
    s->n++;
    return 0;
}

static int cmp_twin(const void *a, const void *b) { return memcmp(a, b, SET_LEN * sizeof(uint32_t)); }

/* Sorts; returns the number of repeats removed. */
static size_t set_sort_unique(tset *s)
{
    size_t w = 0, rep = 0;
    qsort(s->t, s->n, sizeof s->t[0], cmp_twin);
    for (size_t i = 0; i < s->n; i++) {
        if (w && cmp_twin(s->t[w - 1], s->t[i]) == 0) {
            rep++;
            continue;
        }
        if (w != i)
            memcpy(s->t[w], s->t[i], sizeof s->t[0]);
        w++;
    }
    s->n = w;
    return rep;
}

static int set_equal(const tset *a, const tset *b)
{
    if (a->n != b->n)
        return 0;
    for (size_t i = 0; i < a->n; i++)
        if (cmp_twin(a->t[i], b->t[i]) != 0)
            return 0;
    return 1;
}

/* ---- random texts --------------------------------------------------------------------- */

#ifndef RNG_SEED
#define RNG_SEED 0x9E3779B97F4A7C15ull
#endif
static uint64_t rng = RNG_SEED;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

/* a, b, Hebrew alef and bet (R), beh (AL), 1 and Arabic-Indic one (EN, AN), ES, ET,
 * CS, WS, ON, paired brackets, COMPLEMENT (Bidi_Mirrored, no mirroring glyph), and a
 * combining acute (NSM). */
static const uint32_t alphabet[] = {'a', 'b', 0x05D0, 0x05D1, 0x0628, '1', 0x0661, '-', '+', '%',
                                    '.', ',', '/', ':', ' ', '!', '(', ')', 0x0301, 0x2201};
#define ALPHA (sizeof alphabet / sizeof alphabet[0])

/* Marks: after letters of both directions, digits, separators, brackets and each other. */
static const uint32_t marks[] = {'a', 0x05D0, 0x05D1, 0x0628, '1', 0x0661, 0x0301, 0x0301, 0x05B4,
                                 '.', '+', '%', ' ', '(', ')', 0x0301};
#define MARKS (sizeof marks / sizeof marks[0])

/* Twins need right-to-left letters, numbers and separators: every other text draws from
 * this biased alphabet (about half of its characters are R, AL, EN or AN). */
static const uint32_t biased[] = {0x05D0, 0x05D1, 0x0628, 0x05D0, '1', '2', 0x0661, '1', '-', '+', '%',
                                  '.',    ',',    '/',    ':',    'a', ' ', '(', ')',    0x0301};
#define BIASED (sizeof biased / sizeof biased[0])
/* ... and this one, for N0: paired brackets among strong letters and numbers. */
static const uint32_t brackets[] = {'a', 0x05D0, 0x0628, '1', 0x0661, '(', ')', '[', ']', '+', '%', ',', ' ', 0x0301};
#define BRACKETS (sizeof brackets / sizeof brackets[0])

static void random_text(uint32_t *t, size_t n)
{
    unsigned mode = rnd() % 4;
    for (size_t i = 0; i < n; i++)
        t[i] = mode == 0   ? alphabet[rnd() % ALPHA]
               : mode == 1 ? biased[rnd() % BIASED]
               : mode == 2 ? brackets[rnd() % BRACKETS]
                           : marks[rnd() % MARKS];
}

static const char *show(const uint32_t *t, size_t n)
{
    static char buf[4][512];
    static int k;
    char *b = buf[k++ & 3];
    size_t w = 0;
    for (size_t i = 0; i < n && w + 8 < sizeof buf[0]; i++)
        w += (size_t)snprintf(b + w, sizeof buf[0] - w, "%s%04X", i ? " " : "", (unsigned)t[i]);
    b[w] = '\0';
    return b;
}

/* Brute force (n <= 7): every arrangement of T's characters, each possibly replaced by
 * its mirroring glyph, that is rendered as T (render: the same glyphs, each mark on the
 * same glyph) and differs from it. Complete because every glyph of a twin is a glyph of
 * T, and the characters that show a glyph are that glyph and its mirror image (L4 is an
 * involution: checked below). *glyphs_only counts the arrangements with T's glyphs whose
 * marks are drawn elsewhere: the twins of the comparison without marks that are gone. */
static void brute_perm(const uint32_t *t, size_t n, ibidi_dir d, tset *out, long *glyphs_only)
{
    uint32_t p[SET_LEN], c[SET_LEN];
    rendering *r0 = malloc(sizeof *r0), *r = malloc(sizeof *r);
    out->n = 0;
    out->overflow = 0;
    render(t, n, d, r0);
    memcpy(p, t, n * sizeof t[0]);
    /* sorted start; next_permutation visits each distinct arrangement once */
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && p[j - 1] > p[j]; j--) {
            uint32_t x = p[j];
            p[j] = p[j - 1];
            p[j - 1] = x;
        }
    for (;;) {
        size_t mpos[SET_LEN], nm = 0;
        for (size_t i = 0; i < n; i++)
            if (ibidi_unicode_mirroring_glyph(p[i]) != p[i])
                mpos[nm++] = i;
        for (unsigned mask = 0; mask < (1u << nm); mask++) {
            memcpy(c, p, n * sizeof p[0]);
            for (size_t k = 0; k < nm; k++)
                if (mask & (1u << k))
                    c[mpos[k]] = ibidi_unicode_mirroring_glyph(c[mpos[k]]);
            if (memcmp(c, t, n * sizeof t[0]) == 0)
                continue;
            if (!render(c, n, d, r) || !same_glyphs(r, r0, n))
                continue;
            if (same_rendering(r, r0, n))
                set_add(c, n, out);
            else
                (*glyphs_only)++;
        }
        /* next permutation */
        size_t i = n - 1;
        while (i > 0 && p[i - 1] >= p[i])
            i--;
        if (i == 0)
            break;
        size_t j = n - 1;
        while (p[j] <= p[i - 1])
            j--;
        uint32_t x = p[i - 1];
        p[i - 1] = p[j];
        p[j] = x;
        for (size_t a = i, b = n - 1; a < b; a++, b--) {
            x = p[a];
            p[a] = p[b];
            p[b] = x;
        }
    }
    set_sort_unique(out);
    free(r0);
    free(r);
}

/* ---- the cases -------------------------------------------------------------------------- */

static void test_badami_pairs(void)
{
    printf("info: Badami's pairs (standard display model unless said)\n");
    pair("number embedding level: 123ABC / ABC123", "123ABC", "ABC123", LTR);
    pair("number embedding level: abc123ABC / abcABC123", "abc123ABC", "abcABC123", LTR);
    pair("IDN: 123.ABC.com / ABC.123.com", "123.ABC.com", "ABC.123.com", LTR);
    pair("IDN: abc123.ABC.com / *abcABC.123.com", "abc123.ABC.com", "abcABC.123.com", LTR);
    pair("IDN case 3: ABC.123.456com / *123.456.ABCcom", "ABC.123.456com", "123.456.ABCcom", LTR);
    pair("IDN case 3: com123.456.ABC / *comABC.123.456", "com123.456.ABC", "comABC.123.456", LTR);
    pair("IDN case 2: abc123.456.ABC / *abcABC.123.456", "abc123.456.ABC", "abcABC.123.456", LTR);
    pair("IMA: 123@ABC.com / ABC@123.com", "123@ABC.com", "ABC@123.com", LTR);
    pair("IRI same authority: http://www.ABC.com/123/ABC/ and /ABC/123/",
         "http://www.ABC.com/123/ABC/", "http://www.ABC.com/ABC/123/", LTR);
    pair("Recommendation II: http://www.123.ABC/abc / http://www.ABC.123/abc",
         "http://www.123.ABC/abc", "http://www.ABC.123/abc", LTR);
    pair("number separator (ET, ES): A%123+456B / A456+%123B", "A%123+456B", "A456+%123B", LTR);
    pair("number separator in RTL too: A%123+456B / A456+%123B", "A%123+456B", "A456+%123B", RTL);

    /* Validity under UTS #46 (CheckBidi: RFC 5893 applies to every label of a Bidi domain
     * name, so a number label there breaks B1 too). */
    check_codes("*abcABC.123.com: IDNA rules it out", "abcABC.123.com", AUTO, 0, "[B1, B5, B6]");
    check_codes("abc123.ABC.com is valid", "abc123.ABC.com", AUTO, 0, "[]");
    check_codes("*123.456.ABCcom", "123.456.ABCcom", AUTO, 0, "[B1, B2, B3]");
    check_codes("*comABC.123.456", "comABC.123.456", AUTO, 0, "[B1, B5, B6]");
    check_codes("*abcABC.123.456", "abcABC.123.456", AUTO, 0, "[B1, B5, B6]");
    check_codes("ABC.123.456com: the number label breaks B1 under RFC 5893", "ABC.123.456com",
                AUTO, 0, "[B1]");
    check_codes("123.ABC.com: valid for the paper (IDNA2003), B1 under RFC 5893",
                "123.ABC.com", AUTO, 0, "[B1]");
    check_codes("ABC.123.com: the same", "ABC.123.com", AUTO, 0, "[B1]");
    check_codes("IMA 123@ABC.com valid", "123@ABC.com", AUTO, 0, "[]");
    check_codes("IMA ABC@123.com valid: the display does not fix the domain", "ABC@123.com",
                AUTO, 0, "[]");
    check_codes("IRI http://www.ABC.com/123/ABC/ valid", "http://www.ABC.com/123/ABC/", AUTO,
                0, "[]");
    check_codes("IRI http://www.ABC.com/ABC/123/ valid", "http://www.ABC.com/ABC/123/", AUTO,
                0, "[]");
    check_codes("IRI (*) http://www.ABC.123/abc: its host breaks B1", "http://www.ABC.123/abc",
                AUTO, 0, "[B1]");
    check_codes("IRI http://www.123.ABC/abc: its host breaks B1 too", "http://www.123.ABC/abc",
                AUTO, 0, "[B1]");

    /* abc123.ABC.com: every twin moves a suffix of 123 into the RTL label, which makes a
     * label mixing L and R (B5, B6) and a number label in a Bidi domain name (B1), so IDNA
     * leaves no valid twin: the paper's "resolved by the restrictions within IDNA". */
    {
        static const char *const want[] = {"abc12ABC.3.com", "abc1ABC.23.com", "abcABC.123.com"};
        exact("abc123.ABC.com: exact twins", "abc123.ABC.com", LTR, want, 3);
        tlist *l = malloc(sizeof *l);
        size_t valid = 0;
        twins_of("abc123.ABC.com", LTR, l, NULL);
        for (size_t i = 0; i < l->n; i++) {
            ibidi_status st;
            codes_of(l->s[i], AUTO, 0, &st);
            valid += st == IBIDI_OK;
        }
        CHECK(l->n == 3 && valid == 0, "abc123.ABC.com: %zu twins, %zu valid, want 3 and 0",
              l->n, valid);
        free(l);
    }
    {
        static const char *const want[] = {"12ABC3", "1ABC23", "ABC123"};
        exact("123ABC: every split of the number", "123ABC", LTR, want, 3);
    }
    {
        static const char *const want[] = {"123.456.ABCcom", "123.45ABC.6com", "123.4ABC.56com",
                                           "123.ABC.456com", "12ABC.3.456com", "1ABC.23.456com"};
        exact("ABC.123.456com: exact twins", "ABC.123.456com", LTR, want, 6);
    }
    {
        static const char *const want[] = {"12ABC@3.com", "1ABC@23.com", "ABC@123.com"};
        exact("123@ABC.com: exact twins (all valid mail addresses)", "123@ABC.com", LTR, want, 3);
        check_codes("12ABC@3.com valid too", "12ABC@3.com", AUTO, 0, "[]");
    }

    /* A%123+456B and A456+%123B both show B%123+456A: W5 joins % to the number, W4 joins
     * + between two ENs, the rest is right to left. */
    {
        const char *want = "B%123+456A";
        for (int k = 0; k < 2; k++) {
            const char *text = k ? "A456+%123B" : "A%123+456B";
            size_t len;
            const char *s = t_notation(0, text, 0, &len);
            char out[64];
            ibidi_buf ob = {out, sizeof out, 0};
            ibidi_status st =
                ibidi_bidi_visual_utf8(s, len, &(ibidi_bidi_options){.dir = LTR}, &ob, NULL, NULL);
            const char *got = st == IBIDI_OK ? t_to_notation(2, out, ob.len, 0) : "(error)";
            CHECK(strcmp(got, want) == 0, "A%%123+456B display: %s shows %s, want %s", text, got,
                  want);
        }
    }
    /* The paper's A-123/456B and A456/-123B: under Unicode 17.0 '-' is ES and '/' is CS,
     * so W4 makes neither separator part of 123/456 in the first (an ES is joined only
     * between two ENs, and '-' is not); no twin exists at all. */
    {
        tlist *l = malloc(sizeof *l);
        ibidi_ambiguity_twin_stats st;
        twins_of("A-123/456B", LTR, l, &st);
        CHECK(!has(l, "A456/-123B"), "A-123/456B and A456/-123B are not twins under Unicode 17 "
                                     "classes ('-' ES, '/' CS)");
        CHECK(l->n == 0 && !st.truncated, "A-123/456B has no twin at all (%zu)", l->n);
        /* The IDN variant A-123,456B (',' CS): W4 makes 123,456 one number, so it shows
         * B123,456-A, while A456,-123B shows B123-,456A: no twin either. */
        twins_of("A-123,456B", LTR, l, &st);
        CHECK(l->n == 0 && !st.truncated, "A-123,456B (IDN form): no twin (%zu)", l->n);
        twins_of("A456,-123B", LTR, l, &st);
        CHECK(l->n == 0 && !st.truncated, "A456,-123B (IDN form): no twin (%zu)", l->n);
        free(l);
    }
}

static void test_rtl_context(void)
{
    /* In a right-to-left paragraph numbers after L or R both sit at level 2, so the
     * number embedding level ambiguity of the standard model disappears ... */
    static const char *const none[] = {NULL};
    exact("RTL: 123ABC has no twin", "123ABC", RTL, none, 0);
    exact("RTL: 123.ABC.com has no twin", "123.ABC.com", RTL, none, 0);
    exact("RTL: 123@ABC.com has no twin", "123@ABC.com", RTL, none, 0);
    /* ... and others appear: the LTR run and a number label swap places. */
    {
        static const char *const want[] = {"456.com123.ABC"};
        exact("RTL: com123.456.ABC / 456.com123.ABC", "com123.456.ABC", RTL, want, 1);
        pair("RTL: com123.456.ABC / 456.com123.ABC", "com123.456.ABC", "456.com123.ABC", RTL);
    }
    {
        static const char *const want[] = {"http://www.ABC.123/com/ABC/"};
        exact("RTL: the IRI http://www.ABC.com/123/ABC/", "http://www.ABC.com/123/ABC/", RTL,
              want, 1);
        check_codes("RTL twin http://www.ABC.123/com/ABC/ invalid", "http://www.ABC.123/com/ABC/",
                    AUTO, 0, "[B1]");
    }
    {
        static const char *const want[] = {"123.http://www.ABC/abc"};
        exact("RTL: http://www.123.ABC/abc", "http://www.123.ABC/abc", RTL, want, 1);
        check_codes("RTL twin 123.http://www.ABC/abc is no IRI", "123.http://www.ABC/abc", AUTO,
                    0, "[IRI_SCHEME]");
    }
}

/* ---- marks as rendered ----------------------------------------------------------------- */

#define M "\xCC\x81" /* U+0301 COMBINING ACUTE ACCENT, class NSM */

/* a and b (notation) show the same glyphs, each mark drawn on the same glyph or not. */
static void glyphs(const char *name, const char *a, const char *b, ibidi_dir d, int marks_alike)
{
    uint32_t ta[64], tb[64];
    size_t la, lb;
    ibidi_buf32 da = {ta, 64, 0}, db = {tb, 64, 0};
    const char *sa = t_notation(0, a, 0, &la);
    ibidi_utf8_decode(sa, la, &da, NULL);
    const char *sb = t_notation(0, b, 0, &lb);
    ibidi_utf8_decode(sb, lb, &db, NULL);
    size_t na = da.len, nb = db.len;
    rendering *ra = malloc(sizeof *ra), *rb = malloc(sizeof *rb);
    int ok = na == nb && render(ta, na, d, ra) && render(tb, nb, d, rb);
    CHECK(ok && same_glyphs(ra, rb, na), "%s (%s): the same glyphs", name, dname(d));
    CHECK(ok && same_rendering(ra, rb, na) == marks_alike, "%s (%s): marks drawn %s", name,
          dname(d), marks_alike ? "on the same glyphs" : "on different glyphs");
    free(ra);
    free(rb);
}

static void test_marks(void)
{
    static const char *const none[] = {NULL};
    printf("info: marks as rendered (M: a combining mark, class NSM)\n");
    /* R EN NSM and R NSM EN both show EN NSM R (LTR: 1M A with A at level 1; RTL: the
     * whole reversed), with the mark on the digit in one and on the letter in the other:
     * not twins, in either paragraph direction. */
    for (int d = 0; d < 2; d++) {
        glyphs("A1M and AM1", "A1" M, "A" M "1", (ibidi_dir)d, 0);
        tlist *l = malloc(sizeof *l);
        twins_of("A1" M, (ibidi_dir)d, l, NULL);
        CHECK(!has(l, "A" M "1"), "A1M (%s): AM1 is not a twin (the mark is on the letter)",
              dname((ibidi_dir)d));
        twins_of("A" M "1", (ibidi_dir)d, l, NULL);
        CHECK(!has(l, "A1" M), "AM1 (%s): A1M is not a twin (the mark is on the digit)",
              dname((ibidi_dir)d));
        free(l);
    }
    /* LTR: the digit may come first with its mark (1M at level 0 before A), or after the
     * letter with it; RTL: none is left. */
    {
        static const char *const w1[] = {"1" M "A"}, *const w2[] = {"1A" M};
        exact("A1M: the mark stays on the digit", "A1" M, LTR, w1, 1);
        exact("AM1: the mark stays on the letter", "A" M "1", LTR, w2, 1);
        exact("A1M: no twin in RTL (AM1 was one without marks)", "A1" M, RTL, none, 0);
        exact("AM1: no twin in RTL (A1M was one without marks)", "A" M "1", RTL, none, 0);
    }
    /* Badami, "Weak type NSM": a'A and aA' both show a'A, the mark on a and on A. */
    glyphs("Badami's a'A and aA'", "a" M "A", "aA" M, LTR, 0);
    exact("Badami's a'A: no twin", "a" M "A", LTR, none, 0);
    exact("Badami's aA': no twin", "aA" M, LTR, none, 0);

    /* A mark on a right-to-left letter moves with it: 123A'BC and A'BC123 both show
     * 123CBMA with the mark on A, like 123ABC and ABC123. */
    pair("mark on an RTL letter: 123AMBC / AMBC123", "123A" M "BC", "A" M "BC123", LTR);
    glyphs("123AMBC and AMBC123", "123A" M "BC", "A" M "BC123", LTR, 1);
    {
        static const char *const want[] = {"12A" M "BC3", "1A" M "BC23", "A" M "BC123"};
        exact("123AMBC: every split of the number, the mark on A", "123A" M "BC", LTR, want, 3);
    }
    /* ... and in a right-to-left paragraph, a label and its marks swap with a number label;
     * a mark on a digit goes with the digit. */
    pair("RTL: mark on an RTL letter: com123.456.AMBC / 456.com123.AMBC", "com123.456.A" M "BC",
         "456.com123.A" M "BC", RTL);
    {
        static const char *const w1[] = {"456.com123.A" M "BC"}, *const w2[] = {"456" M ".com123.ABC"};
        exact("RTL: com123.456.AMBC", "com123.456.A" M "BC", RTL, w1, 1);
        exact("RTL: com123.456M.ABC: only the twin that keeps the mark on 6 (not M456..., "
              "Mcom123...)", "com123.456" M ".ABC", RTL, w2, 1);
    }

    /* The stats: candidates are the texts run forward (those whose marks then differ
     * count too), twins those reported; the bound still cuts the search. */
    {
        tlist *l = malloc(sizeof *l);
        ibidi_ambiguity_twin_stats st;
        size_t len;
        const char *s = t_notation(0, "123A" M "BC", 0, &len);
        l->n = 0;
        CHECK(t_twins_utf8(s, len, LTR, 0, collect, l, &st, NULL) == IBIDI_OK &&
                  st.twins == 3 && l->n == 3 && st.candidates >= st.twins && !st.truncated,
              "123AMBC: stats (%zu candidates, %zu twins)", st.candidates, st.twins);
        l->n = 0;
        CHECK(t_twins_utf8(s, len, LTR, 1, collect, l, &st, NULL) == IBIDI_OK &&
                  st.truncated && st.candidates == 1 && l->n <= 1,
              "123AMBC with max_candidates 1: truncated after 1 candidate (%zu)", st.candidates);
        twins_of("A1" M, RTL, l, &st);
        CHECK(st.twins == 0 && l->n == 0 && st.candidates >= st.twins && !st.truncated,
              "A1M (RTL): no twin, %zu candidates", st.candidates);
        free(l);
    }

    /* A label that starts with a mark: it has no base, and keeps none in every twin. */
    {
        static const char *const w1[] = {M "1A"};
        static const char *const w2[] = {M "12ABC3", M "1ABC23", M "ABC123"};
        exact("MA1: the mark without a base stays first", M "A1", LTR, w1, 1);
        exact("M123ABC: the mark without a base stays first", M "123ABC", LTR, w2, 3);
        glyphs("M1A and 1MA", M "1A", "1" M "A", RTL, 0);
        exact("RTL: M1A has no twin (1MA draws the mark on the digit)", M "1A", RTL, none, 0);
        exact("RTL: MA1 has no twin", M "A1", RTL, none, 0);
    }
}

/* Every twin displays like the input, differs from it, and is reported once; the order
 * is fixed. */
typedef struct prop_ctx {
    const uint32_t *text;
    size_t n;
    ibidi_dir d;
    long bad_display, self, count;
} prop_ctx;

static int prop_cb(const uint32_t *twin, size_t n, void *ctx)
{
    prop_ctx *p = (prop_ctx *)ctx;
    p->count++;
    if (n != p->n || !same_display(twin, p->text, n, p->d))
        p->bad_display++;
    if (n == p->n && memcmp(twin, p->text, n * sizeof twin[0]) == 0)
        p->self++;
    return 0;
}

static void test_properties(void)
{
    static const char *const texts[] = {
        "123ABC", "abc123ABC", "http://www.ABC.com/123/ABC/", "A%123+456B", "a(B)c 1 [D]", "A(b)C",
        "ABC 1-2-3 DEF", "A 1.2.3 B", "x 1:2:3 Y", "(1)A(2)", "MNO 12,34 PQR", "a b c D E F 1 2 3",
        "A1\xCC\x81", "A\xCC\x81" "BC123", "\xCC\x81" "123ABC", "com123.456\xCC\x81.ABC"};
    long twins = 0;
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++)
        for (int d = 0; d < 2; d++) {
            size_t len;
            const char *s = t_notation(0, texts[k], 0, &len);
            uint32_t cps[IBIDI_AMBIGUITY_TWINS_MAX];
            ibidi_buf32 dec = {cps, IBIDI_AMBIGUITY_TWINS_MAX, 0};
            ibidi_utf8_decode(s, len, &dec, NULL);
            size_t n = dec.len;
            prop_ctx p = {cps, n, (ibidi_dir)d, 0, 0, 0};
            ibidi_ambiguity_twin_stats st;
            ibidi_status r = t_twins_cp(cps, n, (ibidi_dir)d, 0, prop_cb, &p, &st, NULL);
            CHECK(r == IBIDI_OK && !st.truncated && !st.stopped, "properties: %s %s", texts[k],
                  dname((ibidi_dir)d));
            CHECK(p.bad_display == 0, "every twin of %s (%s) displays identically", texts[k],
                  dname((ibidi_dir)d));
            CHECK(p.self == 0, "%s (%s) is not its own twin", texts[k], dname((ibidi_dir)d));
            CHECK((size_t)p.count == st.twins, "stats count the twins of %s", texts[k]);
            twins += p.count;
            /* the same order twice */
            tlist *a = malloc(sizeof *a), *b = malloc(sizeof *b);
            twins_of(texts[k], (ibidi_dir)d, a, NULL);
            twins_of(texts[k], (ibidi_dir)d, b, NULL);
            int same = a->n == b->n;
            for (size_t i = 0; same && i < a->n; i++)
                same = strcmp(a->s[i], b->s[i]) == 0;
            CHECK(same, "twins of %s come in a fixed order", texts[k]);
            free(a);
            free(b);
        }
    printf("info: properties: %ld twins checked by the UBA\n", twins);

    /* strong characters only: levels are fixed, no twin */
    static const char *const strong[] = {"abc", "ABC", "abcDEF", "ABCdefGHI", "aBcDeF"};
    for (size_t k = 0; k < sizeof strong / sizeof strong[0]; k++)
        for (int d = 0; d < 2; d++) {
            static const char *const none[] = {NULL};
            exact("only strong characters: no twin", strong[k], (ibidi_dir)d, none, 0);
        }
    /* the empty text */
    ibidi_ambiguity_twin_stats st;
    CHECK(t_twins_utf8("", 0, LTR, 0, NULL, NULL, &st, NULL) == IBIDI_OK && st.twins == 0,
          "empty text: no twin");
    CHECK(t_twins_cp(NULL, 0, RTL, 0, NULL, NULL, &st, NULL) == IBIDI_OK && st.twins == 0,
          "empty code point text: no twin");
}

/* The level sets per class (the search's options) hold for random texts; L4 is an
 * involution on every code point, so a glyph at an odd level has at most two sources. */
static void test_claims(void)
{
    /* Also: a mark gets the level of the character before it in logical order, or the
     * paragraph level as the first character (W1 and N0's note on marks after a bracket):
     * the search prunes on it (the parity of a mark's level decides the side its base is
     * on). */
    long texts = 0, bad = 0, marks = 0, bad_marks = 0;
    uint32_t t[24];
    uint8_t lv[24];
    for (int k = 0; k < 40000; k++) {
        size_t n = 1 + rnd() % 24;
        ibidi_dir d = (ibidi_dir)(k & 1);
        random_text(t, n);
        if (ibidi_bidi_resolve_cp(t, n, &(ibidi_bidi_options){.dir = d},
                              &(ibidi_bidi_result){.levels = lv, .cap = n}, NULL) != IBIDI_OK) {
            bad++;
            bad_marks++;
            continue;
        }
        for (size_t i = 0; i < n; i++) {
            if (!ibidi__twin_level_allowed(ibidi_unicode_bidi_class(t[i]), (unsigned)d, lv[i])) {
                if (bad++ < 5)
                    printf("  level %u for %04X in %s (%s)\n", lv[i], (unsigned)t[i], show(t, n),
                           dname(d));
            }
            if (ibidi_unicode_bidi_class(t[i]) != IBIDI_UNICODE_BC_NSM)
                continue;
            marks++;
            if (lv[i] != (i ? lv[i - 1] : (uint8_t)d) && bad_marks++ < 5)
                printf("  mark at %zu has level %u in %s (%s)\n", i, lv[i], show(t, n), dname(d));
        }
        texts++;
    }
    CHECK(bad == 0, "levels by class: %ld violations in %ld random texts", bad, texts);
    printf("info: level sets by class hold on %ld random texts (both contexts)\n", texts);
    CHECK(bad_marks == 0 && marks > 10000, "a mark's level is its predecessor's: %ld violations "
                                           "(%ld marks)", bad_marks, marks);
    printf("info: a mark has the level of the character before it: %ld marks in %ld random "
           "texts\n", marks, texts);

    long pairs = 0, asym = 0;
    for (uint32_t c = 0; c <= 0x10FFFF; c++) {
        if (c >= 0xD800 && c <= 0xDFFF)
            continue;
        uint32_t m = ibidi_unicode_mirroring_glyph(c);
        if (m == c)
            continue;
        pairs++;
        if (ibidi_unicode_mirroring_glyph(m) != c || !ibidi_unicode_bidi_mirrored(c))
            asym++;
    }
    CHECK(pairs > 300 && asym == 0, "Bidi_Mirroring_Glyph is an involution: %ld mappings, %ld not",
          pairs, asym);
}

#ifndef PERM_TEXTS
#define PERM_TEXTS 12000
#endif
#ifndef DFS_TEXTS
#define DFS_TEXTS 20000
#endif

/* Every twin in the set is rendered as t (the comparison written here); the number that
 * are not. */
static long not_rendered_alike(const tset *set, const uint32_t *t, size_t n, ibidi_dir d)
{
    long bad = 0;
    for (size_t i = 0; i < set->n; i++)
        bad += !same_display(set->t[i], t, n, d);
    return bad;
}

static void test_completeness(void)
{
    tset *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    long texts_perm = 0, texts_dfs = 0, twins_perm = 0, twins_dfs = 0, fails = 0;
    long with_perm = 0, with_dfs = 0, glyphs_only = 0, marks_perm = 0, marks_dfs = 0;
    long bad_render = 0;
    size_t cand_pruned = 0, cand_full = 0;
    uint32_t t[SET_LEN];
    /* against the brute force over permutations and mirror images, n <= 7 */
    for (int k = 0; k < PERM_TEXTS; k++) {
        size_t n = 1 + rnd() % 7;
        ibidi_dir d = (ibidi_dir)(k & 1);
        random_text(t, n);
        a->n = 0;
        a->overflow = 0;
        ibidi_ambiguity_twin_stats st;
        ibidi_status r = t_twins_cp(t, n, d, 0, set_add, a, &st, NULL);
        size_t rep = set_sort_unique(a);
        brute_perm(t, n, d, b, &glyphs_only);
        if (r != IBIDI_OK || st.truncated || rep || a->overflow || b->overflow || !set_equal(a, b)) {
            if (fails++ < 5)
                printf("  permutations: %s (%s): search %zu twins (%zu repeats), brute force %zu\n",
                       show(t, n), dname(d), a->n, rep, b->n);
        }
        bad_render += not_rendered_alike(a, t, n, d);
        texts_perm++;
        twins_perm += (long)b->n;
        with_perm += b->n > 0;
        for (size_t i = 0; i < n; i++)
            if (ibidi_unicode_bidi_class(t[i]) == IBIDI_UNICODE_BC_NSM) {
                marks_perm += (long)b->n;
                break;
            }
    }
    CHECK(fails == 0, "pruned search = brute force over permutations: %ld differ of %ld", fails,
          texts_perm);
    /* against the unpruned search, n <= 10 */
    fails = 0;
    for (int k = 0; k < DFS_TEXTS; k++) {
        size_t n = 1 + rnd() % 10;
        ibidi_dir d = (ibidi_dir)(k & 1);
        random_text(t, n);
        ibidi_ambiguity_twin_stats sa, sb;
        a->n = b->n = 0;
        a->overflow = b->overflow = 0;
        ibidi_status ra = ibidi__twins_search(t, n, d, 0, 0, set_add, NULL, NULL, a, &sa, NULL);
        ibidi_status rb =
            ibidi__twins_search(t, n, d, 0, IBIDI__TWINS_NO_PRUNE, set_add, NULL, NULL, b, &sb,
                                NULL);
        size_t rep = set_sort_unique(a) + set_sort_unique(b);
        if (ra || rb || rep || a->overflow || b->overflow || !set_equal(a, b)) {
            if (fails++ < 5)
                printf("  unpruned: %s (%s): pruned %zu twins, unpruned %zu, repeats %zu\n",
                       show(t, n), dname(d), a->n, b->n, rep);
        }
        bad_render += not_rendered_alike(a, t, n, d) + not_rendered_alike(b, t, n, d);
        texts_dfs++;
        twins_dfs += (long)a->n;
        with_dfs += a->n > 0;
        for (size_t i = 0; i < n; i++)
            if (ibidi_unicode_bidi_class(t[i]) == IBIDI_UNICODE_BC_NSM) {
                marks_dfs += (long)a->n;
                break;
            }
        cand_pruned += sa.candidates;
        cand_full += sb.candidates;
    }
    CHECK(fails == 0, "pruned search = unpruned search: %ld differ of %ld", fails, texts_dfs);
    CHECK(bad_render == 0, "every twin of both searches is rendered alike (marks on the same "
                           "glyphs): %ld are not", bad_render);
    CHECK(glyphs_only > 0, "the brute force met texts with the same glyphs but marks drawn "
                           "elsewhere (%ld)", glyphs_only);
    printf("compared %ld texts (n <= 7) with the permutation brute force (%ld with twins, %ld "
           "twins, %ld of them of texts with marks; %ld arrangements with the same glyphs but "
           "marks drawn elsewhere left out), %ld texts (n <= 10) with the unpruned search (%ld "
           "with twins, %ld twins, %ld of texts with marks; %zu candidates pruned vs %zu)\n",
           texts_perm, with_perm, twins_perm, marks_perm, glyphs_only, texts_dfs, with_dfs,
           twins_dfs, marks_dfs, cand_pruned, cand_full);
    free(a);
    free(b);
}

static int stop_first(const char *t, size_t len, void *ctx)
{
    (void)t;
    (void)len;
    (*(long *)ctx)++;
    return 1;
}

static void test_errors(void)
{
    static const struct {
        const char *name;
        const char *s;
        size_t offset;
        uint32_t value;
    } ctl[] = {
        {"LRM", "ab\xE2\x80\x8E" "c", 2, 0x200E},   {"RLM", "\xE2\x80\x8F", 0, 0x200F},
        {"ALM", "a\xD8\x9C", 1, 0x061C},             {"RLE", "a1\xE2\x80\xAB", 2, 0x202B},
        {"PDF", "\xE2\x80\xAC", 0, 0x202C},          {"LRI", "x\xE2\x81\xA6", 1, 0x2066},
        {"PDI", "x\xE2\x81\xA9", 1, 0x2069},
        {"TAB (S)", "a\tb", 1, 9},                   {"LF (B)", "ab\n", 2, 10},
        {"U+2029 (B)", "\xD7\x90\xE2\x80\xA9", 2, 0x2029},
    };
    for (size_t k = 0; k < sizeof ctl / sizeof ctl[0]; k++) {
        ibidi_error e;
        ibidi_status st = t_twins_utf8(ctl[k].s, strlen(ctl[k].s), LTR, 0, NULL, NULL, NULL, &e);
        CHECK(st == IBIDI_E_AMBIG_CONTROL && e.status == st && e.offset == ctl[k].offset &&
                  e.value == ctl[k].value,
              "control %s: status %d offset %zu value %X", ctl[k].name, (int)st, e.offset,
              (unsigned)e.value);
    }
    {
        uint32_t t[] = {'a', '1', 0x202E, 'b'};
        ibidi_error e;
        CHECK(t_twins_cp(t, 4, RTL, 0, NULL, NULL, NULL, &e) == IBIDI_E_AMBIG_CONTROL &&
                  e.offset == 2 && e.value == 0x202E,
              "control RLO in code points: index 2");
    }
    /* length */
    {
        char s[IBIDI_AMBIGUITY_TWINS_MAX * 2 + 2];
        uint32_t t[IBIDI_AMBIGUITY_TWINS_MAX + 1];
        ibidi_error e;
        ibidi_ambiguity_twin_stats st;
        for (size_t i = 0; i < IBIDI_AMBIGUITY_TWINS_MAX + 1; i++) {
            s[2 * i] = (char)0xD7; /* Hebrew letters, two bytes each */
            s[2 * i + 1] = (char)0x90;
            t[i] = i % 2 ? '1' : 0x05D0;
        }
        CHECK(t_twins_utf8(s, IBIDI_AMBIGUITY_TWINS_MAX * 2 + 2, LTR, 0, NULL, NULL, NULL, &e) ==
                      IBIDI_E_TWINS_TOO_LONG && e.offset == IBIDI_AMBIGUITY_TWINS_MAX * 2,
              "257 code points (UTF-8): TWINS_TOO_LONG at byte %zu", e.offset);
        CHECK(t_twins_cp(t, IBIDI_AMBIGUITY_TWINS_MAX + 1, LTR, 0, NULL, NULL, NULL, &e) ==
                      IBIDI_E_TWINS_TOO_LONG && e.offset == IBIDI_AMBIGUITY_TWINS_MAX,
              "257 code points: TWINS_TOO_LONG");
        CHECK(t_twins_utf8(s, IBIDI_AMBIGUITY_TWINS_MAX * 2, LTR, 0, NULL, NULL, &st, &e) ==
                      IBIDI_OK &&
                  st.twins == 0,
              "256 code points: searched");
        /* 256 alternating A1A1...: long, many twins; bounded */
        CHECK(t_twins_cp(t, IBIDI_AMBIGUITY_TWINS_MAX, LTR, 1000, NULL, NULL, &st, &e) ==
                      IBIDI_OK &&
                  st.candidates <= 1000,
              "256 code points with numbers: bounded (%zu candidates, truncated %d)", st.candidates,
              st.truncated);
        printf("info: A1A1... (256 code points, LTR, bound 1000): %zu candidates, %zu twins, "
               "truncated %d\n", st.candidates, st.twins, st.truncated);
    }
    /* encodings */
    {
        ibidi_error e;
        CHECK(t_twins_utf8("ab\xC3", 3, LTR, 0, NULL, NULL, NULL, &e) ==
                      IBIDI_E_UTF8_TRUNCATED && e.offset == 2,
              "truncated UTF-8: decoder status and offset");
        CHECK(t_twins_utf8("a\xED\xA0\x80", 4, LTR, 0, NULL, NULL, NULL, &e) ==
                      IBIDI_E_UTF8_SURROGATE && e.offset == 1,
              "UTF-8 surrogate: decoder status and offset");
        CHECK(t_twins_utf8("\x80", 1, RTL, 0, NULL, NULL, NULL, &e) ==
                  IBIDI_E_UTF8_UNEXPECTED_CONT,
              "stray continuation byte");
        uint32_t t1[] = {'a', 0xD800, 'b'}, t2[] = {0x110000};
        CHECK(t_twins_cp(t1, 3, LTR, 0, NULL, NULL, NULL, &e) == IBIDI_E_CP_SURROGATE &&
                  e.offset == 1 && e.value == 0xD800,
              "surrogate code point: CP_SURROGATE at 1");
        CHECK(t_twins_cp(t2, 1, LTR, 0, NULL, NULL, NULL, &e) == IBIDI_E_CP_TOO_LARGE &&
                  e.offset == 0,
              "code point above 10FFFF: CP_TOO_LARGE");
        CHECK(t_twins_cp(NULL, 2, LTR, 0, NULL, NULL, NULL, &e) == IBIDI_E_INVALID_ARGUMENT,
              "NULL text with a length");
        CHECK(t_twins_utf8(NULL, 2, LTR, 0, NULL, NULL, NULL, &e) == IBIDI_E_INVALID_ARGUMENT,
              "NULL UTF-8 with a length");
        CHECK(t_twins_utf8("a", 1, IBIDI_DIR_AUTO, 0, NULL, NULL, NULL, &e) ==
                  IBIDI_E_INVALID_ARGUMENT,
              "context AUTO refused (the display model fixes the paragraph level)");
    }
    /* truncation and stopping */
    {
        tlist *l = malloc(sizeof *l);
        ibidi_ambiguity_twin_stats st;
        size_t len;
        const char *s = t_notation(0, "ABC.123.456com", 0, &len);
        l->n = 0;
        CHECK(t_twins_utf8(s, len, LTR, 2, collect, l, &st, NULL) == IBIDI_OK &&
                  st.truncated == 1 && st.candidates == 2 && l->n <= 2,
              "max_candidates 2: truncated after 2 candidates (%zu, %d)", st.candidates,
              st.truncated);
        CHECK(t_twins_utf8(s, len, LTR, 6, collect, l, &st, NULL) == IBIDI_OK &&
                  st.truncated == 0 && st.twins == 6,
              "max_candidates 6 = the candidates needed: not truncated");
        free(l);
    }
    {
        long calls = 0;
        ibidi_ambiguity_twin_stats st;
        size_t len;
        const char *s = t_notation(0, "ABC.123.456com", 0, &len);
        CHECK(t_twins_utf8(s, len, LTR, 0, NULL, NULL, &st, NULL) == IBIDI_OK && st.twins == 6,
              "NULL callback: twins counted");
        calls = 0;
        CHECK(t_twins_utf8(s, len, LTR, 0, stop_first, &calls, &st, NULL) == IBIDI_OK &&
                  st.stopped == 1 && st.twins == 1 && calls == 1 && !st.truncated,
              "callback stop: stopped after the first twin");
    }
}

static int count_utf8(const char *t, size_t len, void *ctx)
{
    (void)t;
    (void)len;
    (*(long *)ctx)++;
    return 0;
}
static int count_cp(const uint32_t *t, size_t n, void *ctx)
{
    (void)t;
    (void)n;
    (*(long *)ctx)++;
    return 0;
}

/* The options record of the twin calls: NULL and zero are the standard display model and
 * the default bound; the context, bound and callback are read, unknown flag bits refused,
 * the other fields ignored. */
static void test_options(void)
{
    const ibidi_ambiguity_options zero = {.as = IBIDI_IRI_AS_AUTO, .context = IBIDI_DIR_LTR,
                                          .idna = {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}};
    ibidi_ambiguity_options o = zero;
    ibidi_ambiguity_twin_stats a, b;
    ibidi_error e;
    size_t len;
    const char *s = t_notation(0, "ABC.123.456com", 0, &len);
    uint32_t cps[64];
    ibidi_buf32 dec = {cps, 64, 0};
    CHECK(ibidi_utf8_decode(s, len, &dec, NULL) == IBIDI_OK, "decode");
    size_t n = dec.len;
    CHECK(ibidi_ambiguity_twins_utf8(s, len, NULL, &a, &e) == IBIDI_OK &&
              ibidi_ambiguity_twins_utf8(s, len, &zero, &b, &e) == IBIDI_OK &&
              a.twins == 6 && b.twins == a.twins && b.candidates == a.candidates,
          "NULL and zeroed options: LTR, the default bound (%zu twins)", a.twins);
    CHECK(t_twins_utf8(s, len, LTR, IBIDI_AMBIGUITY_DEFAULT_CANDIDATES, NULL, NULL, &b, &e) ==
                  IBIDI_OK && b.twins == a.twins && b.candidates == a.candidates,
          "the default bound is IBIDI_AMBIGUITY_DEFAULT_CANDIDATES");
    CHECK(ibidi_ambiguity_twins_cp(cps, n, NULL, &b, &e) == IBIDI_OK &&
              b.twins == a.twins,
          "code points, NULL options");
    o.context = IBIDI_DIR_RTL;
    CHECK(ibidi_ambiguity_twins_utf8(s, len, &o, &b, &e) == IBIDI_OK &&
              t_twins_utf8(s, len, RTL, 0, NULL, NULL, &a, &e) == IBIDI_OK &&
              b.twins == a.twins && b.candidates == a.candidates,
          "context RTL from the options");
    o = zero;
    o.max_candidates = 2;
    CHECK(ibidi_ambiguity_twins_cp(cps, n, &o, &b, &e) == IBIDI_OK && b.truncated &&
              b.candidates == 2,
          "max_candidates 2: truncated");
    o.max_candidates = SIZE_MAX;
    CHECK(ibidi_ambiguity_twins_cp(cps, n, &o, &b, &e) == IBIDI_OK && !b.truncated &&
              b.twins == 6,
          "max_candidates SIZE_MAX: no bound");
    o = zero;
    o.flags = IBIDI_AMBIGUITY_EXACT | IBIDI_AMBIGUITY_RTL | IBIDI_AMBIGUITY_TEXT;
    o.as = (ibidi_iri_kind)9;
    o.idna.profile = (ibidi_idna_profile)9;
    CHECK(ibidi_ambiguity_twins_utf8(s, len, &o, &b, &e) == IBIDI_OK && b.twins == 6,
          "the analysis's fields are not read");
    o.flags = 0x10u;
    b.twins = 99;
    CHECK(ibidi_ambiguity_twins_utf8(s, len, &o, &b, &e) == IBIDI_E_INVALID_ARGUMENT &&
              e.status == IBIDI_E_INVALID_ARGUMENT && b.twins == 0 &&
              ibidi_ambiguity_twins_cp(cps, n, &o, &b, &e) == IBIDI_E_INVALID_ARGUMENT,
          "unknown flag bits refused");
    o = zero;
    o.context = IBIDI_DIR_AUTO_RTL;
    CHECK(ibidi_ambiguity_twins_cp(cps, n, &o, &b, &e) == IBIDI_E_INVALID_ARGUMENT,
          "context AUTO_RTL refused");
    /* the callback and its context: each call takes its own, and ignores the other's */
    long utf8_calls = 0, cp_calls = 0;
    o = zero;
    o.twin_utf8_fn = count_utf8;
    o.twin_fn = count_cp;
    o.twin_ctx = &utf8_calls;
    CHECK(ibidi_ambiguity_twins_utf8(s, len, &o, &b, &e) == IBIDI_OK && b.twins == 6 &&
              utf8_calls == 6,
          "twin_utf8_fn gets every twin with twin_ctx");
    o.twin_ctx = &cp_calls;
    CHECK(ibidi_ambiguity_twins_cp(cps, n, &o, &b, &e) == IBIDI_OK && b.twins == 6 &&
              cp_calls == 6 && utf8_calls == 6,
          "twin_fn gets every twin with twin_ctx, twin_utf8_fn is not called");
    o.twin_fn = NULL;
    CHECK(ibidi_ambiguity_twins_cp(cps, n, &o, &b, &e) == IBIDI_OK && b.twins == 6 &&
              cp_calls == 6 && utf8_calls == 6,
          "twin_fn NULL: twins counted, twin_utf8_fn not called");
    o.twin_utf8_fn = stop_first;
    utf8_calls = 0;
    o.twin_ctx = &utf8_calls;
    CHECK(ibidi_ambiguity_twins_utf8(s, len, &o, &b, &e) == IBIDI_OK && b.stopped &&
              b.twins == 1 && utf8_calls == 1,
          "the callback of the options stops the search");
}

static void test_validate(void)
{
    /* domain names */
    check_codes("domain: ASCII", "example.com", DOM, 0, "[]");
    check_codes("domain: RTL label", "ABC.com", DOM, 0, "[]");
    check_codes("domain: number prefix label before RTL", "abc123.ABC.com", DOM, 0, "[]");
    check_codes("domain: mixed label (B5, B6)", "abcABC.com", DOM, 0, "[B5, B6]");
    check_codes("domain: RTL label ending with L", "ABCa.com", DOM, 0, "[B2, B3]");
    check_codes("domain: leading hyphen (V3)", "-abc.com", DOM, 0, "[V3]");
    check_codes("domain: -- in 3rd/4th (V2)", "ab--c.com", DOM, 0, "[V2]");
    check_codes("domain: bad Punycode (P4)", "xn--a-.com", DOM, 0, "[P4]");
    check_codes("domain: underscore under STD3 (U1)", "a_b.com", DOM, 0, "[U1]");
    check_codes("mail: second @ is in the domain", "a@@b", MAIL, 0, "[DOMAIN_CHAR]");
    check_codes("domain: leading combining mark (V6)", "\xCC\x81" "a.com", DOM, 0, "[V6]");
    check_codes("domain: space (parse error)", "a b.com", DOM, 0, "[DOMAIN_CHAR]");
    check_codes("domain: empty label (parse error)", "a..com", DOM, 0, "[DOMAIN_EMPTY_LABEL]");
    check_codes("domain: empty", "", DOM, 0, "[IDENT_EMPTY]");
    check_codes("domain: a bidi control", "a&rlm;b.com", DOM, 0, "[IDENT_BIDI_CONTROL]");
    /* IRIs */
    check_codes("IRI: plain", "http://example.com/a/b?c=d#e", IRI, 0, "[]");
    check_codes("IRI: RTL host and path", "http://ABC.DEF/GHI/", IRI, 0, "[]");
    check_codes("IRI: mixed segment is a warning", "http://ABC.com/abcDEF/", IRI, 0, "[]");
    check_codes("IRI: mixed segment, Duerst 2001", "http://ABC.com/abcDEF/", IRI,
                IBIDI_IRI_DUERST2001, "[MIXED_DIRECTION, RTL_OTHER_CLASS]");
    check_codes("IRI: RTL component with a digit, Duerst 2001", "http://ABC.com/AB1C/", IRI,
                IBIDI_IRI_DUERST2001, "[RTL_OTHER_CLASS]");
    check_codes("IRI: warnings as errors", "http://ABC.com/abcDEF/", IRI,
                IBIDI_IRI_STRICT, "[MIXED_DIRECTION, RTL_START]");
    check_codes("IRI: host breaks the Bidi Rule", "http://abcABC.com/", IRI, 0, "[B5, B6]");
    check_codes("IRI: IPv4 host (no IDNA)", "http://1.2.3.4/ABC", IRI, 0, "[]");
    check_codes("IRI: bad scheme", "1http://a", IRI, 0, "[IRI_SCHEME]");
    check_codes("IRI: bad percent", "http://a/%zz", IRI, 0, "[IRI_PERCENT]");
    /* mail addresses */
    check_codes("mail: plain", "user@example.com", MAIL, 0, "[]");
    check_codes("mail: RTL local part and domain", "ABC@DEF.com", MAIL, 0, "[]");
    check_codes("mail: domain breaks the Bidi Rule", "a@abcABC.com", MAIL, 0, "[B5, B6]");
    check_codes("mail: syntax (empty local part)", "@b.com", MAIL, 0, "[EMAIL_SYNTAX]");
    check_codes("mail: domain label with hyphen", "a@-b.com", MAIL, 0, "[V3]");
    check_codes("auto: a mail address", "abc@ABC.com", AUTO, 0, "[]");

    /* several reasons sorted, and the offset of the first problem */
    {
        size_t len, cl;
        const char *s = t_notation(0, "ab.-c.com", 0, &len);
        char codes[64];
        ibidi_error e;
        ibidi_status st = t_iri_validate(s, len, DOM, uts46(), 0, codes, sizeof codes, &cl, &e);
        CHECK(st == IBIDI_E_IDENT_INVALID && e.status == st && e.offset == 3,
              "validate: offset of the first problem (%zu)", e.offset);
        st = t_iri_validate("a b", 3, DOM, uts46(), 0, codes, sizeof codes, &cl, &e);
        CHECK(st == IBIDI_E_IDENT_INVALID && e.offset == 1, "validate: parse error offset");
    }
    /* limits: more components than the stack holds; a host longer than IDNA processes */
    {
        static char big[8192];
        size_t n = 0, cl = 0;
        char codes[64];
        ibidi_error e;
        memcpy(big, "http://a/", 9);
        n = 9;
        for (int k = 0; k < 1100; k++) {
            big[n++] = 'b';
            big[n++] = '/';
        }
        CHECK(t_iri_validate(big, n, IRI, uts46(), 0, codes, sizeof codes, &cl, &e) ==
                  IBIDI_E_TOO_LONG,
              "validate: an IRI of over 1024 components is refused (TOO_LONG)");
        /* more components than the stack holds (258): they take the IDNA work area */
        static unsigned char work[1 << 16];
        const size_t ws = ibidi_idna_work_size();
        CHECK(ws <= sizeof work && ws >= 1024 * sizeof(ibidi_iri_component) + 16,
              "ibidi_idna_work_size() (%zu) holds 1024 components", ws);
        ibidi_iri_options wo = {IBIDI_IRI_AS_IRI, 0, {IBIDI_IDNA_PROFILE_UTS46, 0, 0, work, ws}};
        ibidi_buf cb = {codes, sizeof codes, 0};
        CHECK(ibidi_iri_validate(big, n, &wo, &cb, &e) == IBIDI_E_TOO_LONG,
              "validate: over 1024 components with a work area: TOO_LONG");
        for (size_t comps = 259; comps <= 1024; comps += 765) {
            /* "http://a/" and comps - 2 segments "b/", the last one empty */
            size_t m = 9 + 2 * (comps - 3);
            ibidi_buf z = {NULL, 0, 0};
            CHECK(ibidi_iri_validate(big, m, NULL, &cb, &e) == IBIDI_E_IDNA_WORK_TOO_SMALL &&
                      e.status == IBIDI_E_IDNA_WORK_TOO_SMALL,
                  "validate: %zu components without a work area: IDNA_WORK_TOO_SMALL", comps);
            wo.idna.work_size = 100;
            CHECK(ibidi_iri_validate(big, m, &wo, &cb, &e) == IBIDI_E_IDNA_WORK_TOO_SMALL,
                  "validate: %zu components, a work area too small: IDNA_WORK_TOO_SMALL", comps);
            for (size_t skew = 0; skew < 3; skew++) { /* any alignment */
                wo.idna.work = work + skew;
                wo.idna.work_size = ws;
                CHECK(ibidi_iri_validate(big, m, &wo, &cb, &e) == IBIDI_OK && cb.len == 2 &&
                          memcmp(codes, "[]", 2) == 0,
                      "validate: %zu components in the work area (+%zu): valid", comps, skew);
            }
            wo.idna.work = work;
            CHECK(ibidi_iri_validate_alloc(big, m, NULL, &z, &e) == IBIDI_OK && z.data &&
                      strcmp(z.data, "[]") == 0 && z.len == 2,
                  "validate_alloc: %zu components: a work area of its own", comps);
            ibidi_free(z.data);
        }
        memcpy(big, "http://", 7);
        n = 7;
        for (int k = 0; k < 2100; k++)
            big[n++] = 'a';
        big[n++] = '/';
        /* the host does not fit IDNA's fixed area (1536 code points) and the validation has no
         * work area to give it: no verdict, the status says why and where; the allocating
         * call gives it one */
        ibidi_status st = t_iri_validate(big, n, IRI, uts46(), 0, codes, sizeof codes, &cl, &e);
        CHECK(st == IBIDI_E_IDNA_WORK_TOO_SMALL && e.status == st && e.offset >= 7 &&
                  e.offset < n,
              "validate: a host of 2100 code points, no work area: IDNA_WORK_TOO_SMALL in the "
              "host (%s at %zu)",
              ibidi_status_name(st), e.offset);
        ibidi_buf z = {NULL, 0, 0};
        st = ibidi_iri_validate_alloc(big, n, NULL, &z, &e);
        CHECK(st == IBIDI_E_IDENT_INVALID && z.data && strcmp(z.data, "[IDNA_TOO_LONG]") == 0,
              "validate_alloc: a host of 2100 code points, past IBIDI_IDNA_MAX_CPS: %s",
              z.data ? z.data : "(null)");
        ibidi_free(z.data);
    }
    /* buffer semantics */
    {
        size_t len, cl = 0;
        const char *s = t_notation(0, "abcABC.123.com", 0, &len);
        char codes[64];
        ibidi_error e;
        memset(codes, 'x', sizeof codes);
        ibidi_status st = t_iri_validate(s, len, DOM, uts46(), 0, codes, 3, &cl, &e);
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && cl == 12 && codes[3] == 'x',
              "validate: buffer too small gives the size needed (%zu)", cl);
        st = t_iri_validate(s, len, DOM, uts46(), 0, NULL, 0, &cl, &e);
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && cl == 12, "validate: NULL buffer sizes");
        st = t_iri_validate(s, len, DOM, uts46(), 0, codes, 12, &cl, &e);
        CHECK(st == IBIDI_E_IDENT_INVALID && cl == 12 && memcmp(codes, "[B1, B5, B6]", 12) == 0 &&
                  codes[12] == 'x',
              "validate: exact size, no NUL");
        st = t_iri_validate("a.com", 5, DOM, uts46(), 0, codes, 1, &cl, &e);
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && cl == 2, "validate: \"[]\" needs 2");
        st = t_iri_validate("a.com", 5, DOM, uts46(), 0, codes, 2, &cl, &e);
        CHECK(st == IBIDI_OK && e.status == IBIDI_OK && memcmp(codes, "[]", 2) == 0,
              "validate: valid");
        CHECK(t_iri_validate(NULL, 3, DOM, uts46(), 0, codes, 2, &cl, &e) ==
                  IBIDI_E_INVALID_ARGUMENT,
              "validate: NULL with a length");
        CHECK(t_iri_validate("a", 1, DOM, uts46(), 0, NULL, 2, &cl, &e) ==
                  IBIDI_E_INVALID_ARGUMENT,
              "validate: NULL codes with a capacity");
    }
}

/* A typical IRI: the candidates the search runs in each context. */
static void test_figures(void)
{
    static const char *const texts[] = {"http://www.ABC.com/123/ABC/",
                                        "http://www.ABC.DEF.com/123/456/GHI/?q=1&r=MN#4",
                                        "ABC.123.456com", "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s",
                                        "1-2-3-4-5-6-7-8-9-0-1-2-3"};
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++)
        for (int d = 0; d < 2; d++) {
            ibidi_ambiguity_twin_stats st;
            tlist *l = malloc(sizeof *l);
            ibidi_status r = twins_of(texts[k], (ibidi_dir)d, l, &st);
            CHECK(r == IBIDI_OK && !st.truncated, "figures: %s", texts[k]);
            printf("info: %s (%s): %zu candidates, %zu twins\n", texts[k], dname((ibidi_dir)d),
                   st.candidates, st.twins);
            free(l);
        }
}

/* ---- Characters set aside: ZWNJ, ZWJ (UAX #9 X9) ---------------------------------------- */

/* The twins of one search, each in UTF-8 with a NUL, one after the other. */
typedef struct twin_list {
    char buf[16384];
    size_t len, n;
} twin_list;

static int collect_twin(const char *t, size_t len, void *vp)
{
    twin_list *l = vp;
    if (l->len + len + 1 > sizeof l->buf)
        return 1;
    memcpy(l->buf + l->len, t, len);
    l->buf[l->len + len] = 0;
    l->len += len + 1;
    l->n++;
    return 0;
}

/* s without ZWNJ and ZWJ, into out (NUL-terminated). */
static void strip_joiners(const char *s, char *out)
{
    while (*s) {
        if (strncmp(s, "\xE2\x80\x8C", 3) == 0 || strncmp(s, "\xE2\x80\x8D", 3) == 0)
            s += 3;
        else
            *out++ = *s++;
    }
    *out = 0;
}

/* The twins of s (with joiners) are those of s without them, in the same order, each with
 * the input's joiners. */
static void joiners_carried(const char *what, const char *s, ibidi_dir dir, size_t min_twins)
{
    static twin_list with, without;
    char plain[512], t[512];
    ibidi_ambiguity_twin_stats sw, so;
    with.len = with.n = without.len = without.n = 0;
    strip_joiners(s, plain);
    CHECK(t_twins_utf8(s, strlen(s), dir, 0, collect_twin, &with, &sw, NULL) == IBIDI_OK &&
              t_twins_utf8(plain, strlen(plain), dir, 0, collect_twin, &without, &so, NULL) ==
                  IBIDI_OK &&
              with.n == without.n && with.n >= min_twins && sw.candidates == so.candidates &&
              !sw.truncated,
          "%s: %zu twins with the joiners, %zu without (at least %zu)", what, with.n,
          without.n, min_twins);
    size_t nj = strlen(s) - strlen(plain);
    for (size_t a = 0, b = 0, k = 0; k < with.n && k < without.n; k++) {
        const char *x = with.buf + a, *y = without.buf + b;
        strip_joiners(x, t);
        CHECK(strcmp(t, y) == 0 && strlen(x) - strlen(t) == nj,
              "%s: twin %zu is the twin without joiners, with them", what, k);
        a += strlen(x) + 1;
        b += strlen(y) + 1;
    }
}

static void test_joiners(void)
{
    /* the name: 5.روح‌افزا.com */
    static const char persian[] = "5.\xD8\xB1\xD9\x88\xD8\xAD\xE2\x80\x8C\xD8\xA7\xD9\x81"
                                  "\xD8\xB2\xD8\xA7.com";
    static twin_list l;
    l.len = l.n = 0;
    CHECK(t_twins_utf8(persian, strlen(persian), LTR, 0, collect_twin, &l, NULL, NULL) ==
                  IBIDI_OK &&
              l.n == 1 &&
              strcmp(l.buf, "\xD8\xB1\xD9\x88\xD8\xAD\xE2\x80\x8C\xD8\xA7\xD9\x81\xD8\xB2"
                            "\xD8\xA7.5.com") == 0,
          "5.ruh|afza.com: the twin ruh|afza.5.com, ZWNJ still between HAH and ALEF");
    joiners_carried("5.ruh|afza.com", persian, LTR, 1);
    joiners_carried("5.ruh|afza.com (RTL)", persian, RTL, 0);
    static const struct {
        const char *notation;
        size_t min_twins;
    } cases[] = {
        {"123.A\xE2\x80\x8C" "BC.com", 1},
        {"http://www.ABC.com/1\xE2\x80\x8D" "23/A\xE2\x80\x8C" "BC/", 3},
        {"\xE2\x80\x8C" "A1+2\xE2\x80\x8D" "b", 1},
        {"A\xE2\x80\x8C\xE2\x80\x8D" "%123+456B", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int d = 0; d < 2; d++) {
            size_t len;
            char s[512];
            const char *u = t_notation(1, cases[i].notation, 0, &len);
            memcpy(s, u, len);
            s[len] = 0;
            joiners_carried(cases[i].notation, s, d ? RTL : LTR, d ? 0 : cases[i].min_twins);
        }
    /* the code point call: the same twins */
    {
        uint32_t cps[64];
        ibidi_buf32 dec = {cps, 64, 0};
        ibidi_ambiguity_twin_stats a, b;
        CHECK(ibidi_utf8_decode(persian, strlen(persian), &dec, NULL) == IBIDI_OK &&
                  t_twins_cp(cps, dec.len, LTR, 0, NULL, NULL, &a, NULL) == IBIDI_OK &&
                  t_twins_utf8(persian, strlen(persian), LTR, 0, NULL, NULL, &b, NULL) ==
                      IBIDI_OK &&
                  a.twins == b.twins && a.twins == 1 && a.candidates == b.candidates,
              "code points: the same twins");
    }
    /* joiners alone: nothing shows, no twin */
    {
        ibidi_ambiguity_twin_stats st;
        CHECK(t_twins_utf8("\xE2\x80\x8C\xE2\x80\x8D", 6, LTR, 0, NULL, NULL, &st, NULL) ==
                      IBIDI_OK &&
                  st.twins == 0 && st.candidates == 0,
              "joiners alone: no twin");
    }
}

/* The stop callback: counts its calls, and answers yes at the call numbered stop_at (0:
 * never). */
typedef struct stop_ctx {
    long calls, stop_at, twins;
} stop_ctx;
static int stop_at(void *ctx)
{
    stop_ctx *c = ctx;
    return ++c->calls == c->stop_at;
}
static int stop_count_twin(const char *t, size_t len, void *ctx)
{
    (void)t;
    (void)len;
    ((stop_ctx *)ctx)->twins++;
    return 0;
}
static int stop_count_twin_cp(const uint32_t *t, size_t n, void *ctx)
{
    (void)t;
    (void)n;
    ((stop_ctx *)ctx)->twins++;
    return 0;
}

/* opts->stop_fn: asked every IBIDI_AMBIGUITY_STOP_EVERY steps whether twins come or not, so
 * that a caller can abandon a search that runs long between two twins (a database's cancel);
 * a yes ends the search with IBIDI_E_INTERRUPTED. "١٢.א.1-2" eight times over runs 6560
 * candidates for 2 twins: the twin callback alone would be called twice. */
static void test_stop(void)
{
    char s[256];
    size_t len = 0;
    for (int k = 0; k < 8; k++)
        len += (size_t)snprintf(s + len, sizeof s - len, "%s\xD9\xA1\xD9\xA2.\xD7\x90.1-2",
                                k ? "." : "");
    uint32_t cps[256];
    ibidi_buf32 dec = {cps, 256, 0};
    CHECK(ibidi_utf8_decode(s, len, &dec, NULL) == IBIDI_OK, "stop: decode");
    ibidi_ambiguity_options o = {.context = IBIDI_DIR_LTR};
    ibidi_ambiguity_twin_stats full, b;
    ibidi_error e;
    stop_ctx c = {0, 0, 0};
    o.twin_utf8_fn = stop_count_twin;
    o.twin_ctx = &c;
    CHECK(ibidi_ambiguity_twins_utf8(s, len, &o, &full, &e) == IBIDI_OK && full.twins == 2 &&
              full.candidates == 6560 && !full.truncated && c.twins == 2,
          "stop: the search without a stop callback (%zu twins, %zu candidates)", full.twins,
          full.candidates);
    /* a callback that never says stop changes nothing, and is asked at least once every
     * IBIDI_AMBIGUITY_STOP_EVERY candidates (each candidate is a step at least) */
    o.stop_fn = stop_at;
    c = (stop_ctx){0, 0, 0};
    CHECK(ibidi_ambiguity_twins_utf8(s, len, &o, &b, &e) == IBIDI_OK && e.status == IBIDI_OK &&
              b.twins == full.twins && b.candidates == full.candidates && !b.stopped &&
              c.twins == 2 && c.calls >= (long)(full.candidates / IBIDI_AMBIGUITY_STOP_EVERY) &&
              c.calls > 2,
          "stop: a callback that never stops changes nothing (asked %ld times)", c.calls);
    const long asked = c.calls;
    /* stopped at its third call: the search ends there, with the status */
    c = (stop_ctx){0, 3, 0};
    CHECK(ibidi_ambiguity_twins_utf8(s, len, &o, &b, &e) == IBIDI_E_INTERRUPTED &&
              e.status == IBIDI_E_INTERRUPTED && c.calls == 3 &&
              b.candidates < full.candidates && b.twins <= full.twins &&
              (long)b.twins == c.twins && !b.truncated,
          "stop: the third call stops the search (%zu candidates run, asked %ld times)",
          b.candidates, c.calls);
    /* the code point call reads the same field */
    o.twin_fn = stop_count_twin_cp;
    c = (stop_ctx){0, 1, 0};
    CHECK(ibidi_ambiguity_twins_cp(cps, dec.len, &o, &b, &e) == IBIDI_E_INTERRUPTED &&
              e.status == IBIDI_E_INTERRUPTED && c.calls == 1 &&
              b.candidates < full.candidates,
          "stop: ibidi_ambiguity_twins_cp stops at the first call too");
    c = (stop_ctx){0, 0, 0};
    CHECK(ibidi_ambiguity_twins_cp(cps, dec.len, &o, &b, &e) == IBIDI_OK &&
              b.twins == full.twins && c.calls == asked,
          "stop: the code point call asks as often as the UTF-8 one (%ld)", c.calls);
    /* a search shorter than one period never asks */
    size_t slen;
    const char *shortname = t_notation(0, "ABC.123.456com", 0, &slen);
    c = (stop_ctx){0, 1, 0};
    CHECK(ibidi_ambiguity_twins_utf8(shortname, slen, &o, &b, &e) == IBIDI_OK && b.twins == 6 &&
              c.calls == 0,
          "stop: a search of fewer steps than IBIDI_AMBIGUITY_STOP_EVERY is not asked");
    CHECK(ibidi_status_name(IBIDI_E_INTERRUPTED) &&
              strcmp(ibidi_status_name(IBIDI_E_INTERRUPTED), "INTERRUPTED") == 0,
          "stop: IBIDI_E_INTERRUPTED is in the table of codes");
}

int main(void)
{
    test_claims();
    test_badami_pairs();
    test_rtl_context();
    test_marks();
    test_properties();
    test_errors();
    test_joiners();
    test_options();
    test_stop();
    test_validate();
    test_figures();
    test_completeness();
    return t_summary();
}
