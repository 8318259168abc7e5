/*
 * The bit-plane engine (ibidi__bidi_planes in src/bidi/planes.c), on the stack up to
 * IBIDI__BIDI_PLANES_MAX code points and in the work area above, against the reference
 * engine of src/bidi/sequence.c: the same levels, the same types after W1-W7 and after
 * N0-N2, for every text, on random code point
 * texts made from a few characters at a time (so that runs of marks, terminators, numbers
 * and neutrals cross the 64-bit words of the planes), with brackets nested, unpaired,
 * canonically equivalent (U+2329 with U+3009) and more than BD16's 63-entry stack holds,
 * lengths around every word boundary and past the path's limit, every paragraph direction;
 * with explicit controls too, whose isolating run sequences go through the planes when
 * they are ranges of the text.
 * Also the path on its own: it declines only empty texts, and texts over its stack limit
 * without an area.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bidi/bidi_internal.h"
#include "ibidi/unicode.h"
#include "testlib.h"

#define MAXN 4300

static uint32_t rng = 2718281u;
static uint32_t next_rand(void) { return t_xorshift32(&rng); }

static uint64_t work[(MAXN * IBIDI__BIDI_WORK_PER_CP + IBIDI__BIDI_WORK_SLACK) / 8 + 1];

/* Levels of text through the internal entry with the reference engine or the planes
 * (the engine resolution.c picks): the levels, and when weak and types are not NULL the
 * types after W7 and after N2 too (which sends every paragraph through X1-X10). */
static void resolve(const uint32_t *text, size_t n, ibidi_dir dir, int reference, uint8_t *lev,
                    uint8_t *weak, uint8_t *types)
{
    ibidi__bidi b;
    ibidi__bidi_layout(&b, NULL, work, n);
    b.lev = lev;
    b.weak = weak;
    b.types = types;
    ibidi__bidi_test hooks = {reference, 0};
    uint32_t mask = ibidi__bidi_classify_cp(&b, text, n);
    ibidi__bidi_run(&b, dir, mask, NULL, &hooks);
}

static void levels(const uint32_t *text, size_t n, ibidi_dir dir, int reference, uint8_t *lev)
{
    resolve(text, n, dir, reference, lev, NULL, NULL);
}

/* Every class the path takes, several characters of some, and the brackets. */
static const uint32_t pool[] = {
    'a',    'Z',    0x05D0, 0x05EA, 0x0627, 0x0645, '1',    '9',    0x06F1, '+',
    '-',    '$',    '%',    '#',    0x0661, ',',    '.',    ':',    '/',    0x0300,
    0x05B0, 0x064B, '\t',   ' ',    0x00A0, '!',    '"',    '(',    ')',    '[',
    ']',    '{',    '}',    0x2329, 0x232A, 0x3008, 0x3009, 0x0F3A, 0x0F3B, 0x2029,
    /* explicit controls: the isolating run sequences that are ranges of the text go
     * through the planes with their own sos and eos, overrides turn brackets and marks
     * into L or R */
    0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069};
#define POOL (sizeof pool / sizeof pool[0])

static size_t cases, taken, long_, differ;

/* ---- The types after W1-W7 and after N0-N2 from both engines. */

static size_t type_cases, type_differ;

/* Resolves b (orig filled, mask given) with both engines, asking for the types, and
 * compares levels and types; what names the input in a failure. When text is not NULL,
 * the public entry must give what the planes gave. */
static void compare_types_of(ibidi__bidi *b, uint32_t mask, const uint32_t *text, size_t n,
                             ibidi_dir dir, const char *what, long line)
{
    static uint8_t orig[MAXN], l[2][MAXN], w[2][MAXN], t[2][MAXN], l3[MAXN], w3[MAXN], t3[MAXN];
    static uint16_t br[MAXN];
    /* the resolution writes flags into orig and br (BD16, marks): both are put back */
    memcpy(orig, b->orig, n);
    memcpy(br, b->br, n * sizeof br[0]);
    for (int e = 0; e < 2; e++) {
        ibidi__bidi_test hooks = {e == 0, 0};
        memcpy(b->orig, orig, n);
        memcpy(b->br, br, n * sizeof br[0]);
        memset(w[e], 0xEE, n);
        memset(t[e], 0xEE, n);
        b->lev = l[e];
        b->weak = w[e];
        b->types = t[e];
        ibidi__bidi_run(b, dir, mask, NULL, &hooks);
    }
    int ok = memcmp(l[0], l[1], n) == 0 && memcmp(w[0], w[1], n) == 0 &&
             memcmp(t[0], t[1], n) == 0;
    /* the types themselves: after N2 only L, R, EN, AN (and BN for what X9 removes); after W7
     * no NSM, AL, ES, ET, CS; BN exactly where X9 removes */
    for (size_t i = 0; ok && i < n; i++) {
        const unsigned c = orig[i] & IBIDI__O_CLASS, ty = t[0][i], wk = w[0][i];
        const int removed = ibidi_bidi_class_removed((ibidi_unicode_bc)c);
        ok = removed ? ty == IBIDI_UNICODE_BC_BN && wk == IBIDI_UNICODE_BC_BN
                     : (ty == IBIDI_UNICODE_BC_L || ty == IBIDI_UNICODE_BC_R ||
                        ty == IBIDI_UNICODE_BC_EN || ty == IBIDI_UNICODE_BC_AN) &&
                           wk != IBIDI_UNICODE_BC_NSM && wk != IBIDI_UNICODE_BC_AL &&
                           wk != IBIDI_UNICODE_BC_ES && wk != IBIDI_UNICODE_BC_ET &&
                           wk != IBIDI_UNICODE_BC_CS && wk != IBIDI_UNICODE_BC_BN &&
                           wk < IBIDI_UNICODE_BC_COUNT;
    }
    if (ok && text) {
        const ibidi_bidi_options o = {dir, 0, work, sizeof work};
        ibidi_bidi_result r = {.levels = l3, .weak = w3, .types = t3, .cap = MAXN};
        ok = ibidi_bidi_resolve_cp(text, n, &o, &r, NULL) == IBIDI_OK &&
             memcmp(l3, l[1], n) == 0 && memcmp(w3, w[1], n) == 0 && memcmp(t3, t[1], n) == 0;
    }
    type_cases++;
    if (!ok && type_differ++ < 5) {
        size_t at = 0;
        while (at + 1 < n && l[0][at] == l[1][at] && w[0][at] == w[1][at] && t[0][at] == t[1][at])
            at++;
        CHECK(0, "types differ: %s %ld, dir %d, n %zu, first at %zu (class %s: reference weak %s "
              "type %s level %u, planes weak %s type %s level %u)",
              what, line, (int)dir, n, at,
              ibidi_unicode_bidi_class_name((ibidi_unicode_bc)(orig[at] & 31)),
              ibidi_unicode_bidi_class_name((ibidi_unicode_bc)w[0][at]),
              ibidi_unicode_bidi_class_name((ibidi_unicode_bc)t[0][at]), l[0][at],
              ibidi_unicode_bidi_class_name((ibidi_unicode_bc)w[1][at]),
              ibidi_unicode_bidi_class_name((ibidi_unicode_bc)t[1][at]), l[1][at]);
        if (text) { /* the text, to replay it */
            printf("  text:");
            for (size_t i = 0; i < n && i < 200; i++)
                printf(" %04X", (unsigned)text[i]);
            printf("\n");
        }
    }
}

static void compare_types(const uint32_t *text, size_t n, ibidi_dir dir, const char *what,
                          long line)
{
    ibidi__bidi b;
    ibidi__bidi_layout(&b, NULL, work, n);
    uint32_t mask = ibidi__bidi_classify_cp(&b, text, n);
    compare_types_of(&b, mask, text, n, dir, what, line);
}

static void compare_types_classes(const uint8_t *cls, size_t n, ibidi_dir dir, long line)
{
    ibidi__bidi b;
    uint32_t mask = 0;
    ibidi__bidi_layout(&b, NULL, work, n);
    for (size_t i = 0; i < n; i++) {
        b.orig[i] = cls[i];
        mask |= 1u << cls[i];
    }
    compare_types_of(&b, mask, NULL, n, dir, "BidiTest.txt line", line);
}

/* Every input of the conformance files: the class strings of BidiTest.txt in the
 * directions of their bitsets, the code points of BidiCharacterTest.txt in theirs. */
static void conformance_types(void)
{
    static const ibidi_dir bt_dirs[3] = {IBIDI_DIR_AUTO, IBIDI_DIR_LTR, IBIDI_DIR_RTL};
    size_t len = 0;
    char *text = t_read_file(t_data_path("BidiTest.txt"), &len);
    long lineno = 0;
    static uint8_t cls[MAXN];
    static uint32_t cps[MAXN];
    size_t before = type_cases;
    if (CHECK(text != NULL, "cannot read BidiTest.txt")) {
        for (char *p = text; p < text + len;) {
            char *eol = memchr(p, '\n', (size_t)(text + len - p));
            eol = eol ? eol : text + len;
            lineno++;
            char *semi = memchr(p, ';', (size_t)(eol - p));
            if (p[0] != '#' && p[0] != '@' && semi) {
                size_t n = 0;
                int ok = 1;
                for (char *q = p; q < semi && ok;) {
                    while (q < semi && *q == ' ')
                        q++;
                    char *w = q;
                    while (q < semi && *q != ' ')
                        q++;
                    if (q > w) {
                        int bc = ibidi_unicode_bidi_class_from_name(w, (size_t)(q - w));
                        ok = bc >= 0 && n < MAXN;
                        if (ok)
                            cls[n++] = (uint8_t)bc;
                    }
                }
                unsigned long bits = strtoul(semi + 1, NULL, 16);
                if (CHECK(ok && n > 0, "BidiTest.txt line %ld: cannot parse", lineno))
                    for (int d = 0; d < 3; d++)
                        if (bits & (1ul << d))
                            compare_types_classes(cls, n, bt_dirs[d], lineno);
            }
            p = eol + 1;
        }
        free(text);
    }
    printf("compared the types of both engines on %zu resolutions of BidiTest.txt\n",
           type_cases - before);
    before = type_cases;
    text = t_read_file(t_data_path("BidiCharacterTest.txt"), &len);
    lineno = 0;
    if (CHECK(text != NULL, "cannot read BidiCharacterTest.txt")) {
        for (char *p = text; p < text + len;) {
            char *eol = memchr(p, '\n', (size_t)(text + len - p));
            eol = eol ? eol : text + len;
            lineno++;
            char *semi = memchr(p, ';', (size_t)(eol - p));
            if (p[0] != '#' && semi) {
                size_t n = 0;
                for (char *q = p; q < semi && n < MAXN;) {
                    char *e;
                    unsigned long v = strtoul(q, &e, 16);
                    if (e == q)
                        break;
                    cps[n++] = (uint32_t)v;
                    q = e;
                }
                int d = atoi(semi + 1);
                if (CHECK(n > 0 && d >= 0 && d <= 2, "BidiCharacterTest.txt line %ld", lineno))
                    compare_types(cps, n, d == 0 ? IBIDI_DIR_LTR : d == 1 ? IBIDI_DIR_RTL
                                                                      : IBIDI_DIR_AUTO,
                                  "BidiCharacterTest.txt line", lineno);
            }
            p = eol + 1;
        }
        free(text);
    }
    printf("compared the types of both engines on %zu lines of BidiCharacterTest.txt\n",
           type_cases - before);
}

static void compare(const uint32_t *text, size_t n, ibidi_dir dir)
{
    static uint8_t want[MAXN], got[MAXN];
    levels(text, n, dir, 1, want);
    levels(text, n, dir, 0, got);
    if (cases % 4 == 0)
        compare_types(text, n, dir, "random text", (long)cases);
    cases++;
    /* one paragraph: the planes take it whole (one word a plane up to 63 code points, which
     * test_bidi_short compares too) */
    int one_para = 1;
    for (size_t i = 0; i + 1 < n; i++)
        one_para &= text[i] != 0x2029;
    taken += one_para && n > IBIDI__BIDI_PLANES_ONE;
    long_ += one_para && n > IBIDI__BIDI_PLANES_MAX;
    if (memcmp(want, got, n) != 0) {
        differ++;
        if (differ <= 5) {
            size_t at = 0;
            while (want[at] == got[at])
                at++;
            CHECK(0, "planes differ: dir %d, n %zu, first at %zu (U+%04X: %u, reference %u)",
                  (int)dir, n, at, (unsigned)text[at], got[at], want[at]);
        }
    }
}

/* The path called on its own for a paragraph of n code points without whitespace at its
 * end (so that L1 changes nothing), its link array full of positions that look like pairs:
 * BD16 must read only the entries it wrote. */
static void compare_direct(const uint32_t *text, size_t n, int rtl)
{
    static uint8_t want[MAXN], got[MAXN];
    static uint32_t link[MAXN];
    static uint64_t area[IBIDI__BIDI_PLANES_WORDS(MAXN)];
    static uint64_t work2[(MAXN * IBIDI__BIDI_WORK_PER_CP + IBIDI__BIDI_WORK_SLACK) / 8 + 1];
    levels(text, n, rtl ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, 1, want);
    ibidi__bidi b;
    ibidi__bidi_layout(&b, NULL, work2, n);
    ibidi__bidi_classify_cp(&b, text, n);
    for (size_t i = 0; i < n; i++)
        link[i] = (uint32_t)(n - 1);
    uint64_t steps = 0;
    ibidi__planes_out out = {got, NULL, NULL, 0, 0};
    int took = ibidi__bidi_planes(b.orig, b.orig, b.br, n, rtl ? 7u : 0u, &out,
                                  n > IBIDI__BIDI_PLANES_MAX ? area : NULL, link, &steps);
    cases++;
    if (!took || memcmp(want, got, n) != 0) {
        differ++;
        CHECK(0, "planes on their own differ: n %zu, rtl %d, took %d", n, rtl, took);
    }
}

int main(void)
{
    static const ibidi_dir dirs[] = {IBIDI_DIR_LTR, IBIDI_DIR_RTL, IBIDI_DIR_AUTO,
                                     IBIDI_DIR_AUTO_RTL};
    static uint32_t text[MAXN];

    /* Random texts over a random handful of the pool, runs of one character now and then;
     * lengths near the word boundaries, then anywhere up to past the stack limit, and now
     * and then up to four times that (planes in the work area). */
    static const size_t edges[] = {63, 64, 65, 127, 128, 129, 191, 192, 193, 1023, 1024, 1025};
    for (long t = 0; t < 150000; t++) {
        size_t n;
        if (t % 3 == 0)
            n = edges[next_rand() % (sizeof edges / sizeof edges[0])] - 2 + next_rand() % 5;
        else if (t % 3 == 1)
            n = 1 + next_rand() % 200;
        else if (t % 30 != 2)
            n = 1 + next_rand() % (IBIDI__BIDI_PLANES_MAX + 60);
        else
            n = IBIDI__BIDI_PLANES_MAX + 1 + next_rand() % (MAXN - IBIDI__BIDI_PLANES_MAX - 100);
        uint32_t alphabet[8];
        size_t k = 2 + next_rand() % 7;
        for (size_t i = 0; i < k; i++) {
            alphabet[i] = pool[next_rand() % POOL];
            if (alphabet[i] == 0x2029 && next_rand() % 4) /* paragraphs now and then */
                alphabet[i] = ' ';
        }
        uint32_t mode = next_rand() % 3;
        for (size_t i = 0; i < n;) {
            uint32_t c = alphabet[next_rand() % k];
            size_t run = mode == 0 ? 1 : 1 + next_rand() % (mode == 1 ? 4 : 40);
            for (; run > 0 && i < n; run--)
                text[i++] = c;
        }
        compare(text, n, dirs[next_rand() % 4]);
    }

    /* W4 across a word: EN ES EN, EN CS EN and AN CS AN with the separator at every
     * position near the first two word boundaries, amid letters and spaces. */
    static const uint32_t w4[][3] = {{'1', ',', '2'}, {'1', '+', '2'}, {0x0661, ',', 0x0662},
                                     {0x06F1, '.', '3'}, {'1', ':', 0x0661}};
    for (size_t at = 58; at < 134; at++)
        for (size_t k = 0; k < sizeof w4 / sizeof w4[0]; k++) {
            size_t n = 140;
            for (size_t i = 0; i < n; i++) {
                uint32_t x = next_rand() % 3;
                text[i] = x == 0 ? 'a' : x == 1 ? 0x05D0 : ' ';
            }
            text[n++] = next_rand() % 2 ? 'b' : 0x0628;
            memcpy(text + at - 1, w4[k], sizeof w4[k]);
            for (size_t d = 0; d < 4; d++)
                compare(text, n, dirs[d]);
        }

    /* BD16's stack: k openers (fewer or more than 63), a strong character, k closers, then
     * pairs after them, which count only when the openers fit; the whole spread over two
     * or more words, on the stack and after a long stretch in the work area. */
    for (size_t k = 55; k <= 70; k++)
        for (int v = 0; v < 16; v++) {
            size_t n = 0;
            for (size_t i = 0; i < k; i++)
                text[n++] = v & 4 ? '[' : (i % 2 ? '(' : 0x2329);
            text[n++] = v & 1 ? 'a' : 0x05D0;
            for (size_t i = 0; i < k; i++)
                text[n++] = v & 4 ? ']' : (i % 2 ? 0x3009 : ')');
            for (size_t i = 0; i < (size_t)(v & 8 ? 40 : 3); i++) {
                text[n++] = '(';
                text[n++] = v & 2 ? 'a' : 0x05D0;
                text[n++] = ')';
                text[n++] = 0x0300;
                text[n++] = v & 2 ? 0x05D0 : '1';
            }
            text[n++] = v & 2 ? 0x05D1 : 'b';
            text[n++] = ')'; /* pairs with an opener past the stack's limit */
            for (size_t d = 0; d < 4; d++)
                compare(text, n, dirs[d]);
            compare_direct(text, n, v & 1);
            /* the same after a long stretch: planes in the work area */
            size_t pad = IBIDI__BIDI_PLANES_MAX + 40;
            memmove(text + pad, text, n * sizeof text[0]);
            for (size_t i = 0; i < pad; i++)
                text[i] = i % 7 ? 'c' : '-';
            compare(text, n + pad, dirs[v % 4]);
            compare_direct(text, n + pad, v & 1);
        }

    /* An L, a pair, more openers than the stack holds, an L and a closer, in a
     * right-to-left paragraph: the closer pairs with none of the openers, so N1 cannot
     * make it L; both with and without a long stretch before. */
    for (size_t k = 62; k <= 66; k++)
        for (size_t z = 0; z < 2; z++) {
            const size_t pad = z * (IBIDI__BIDI_PLANES_MAX + 40);
            size_t n = 0;
            for (size_t i = 0; i < pad; i++)
                text[n++] = i % 5 ? 0x05D2 : ' ';
            text[n++] = 'a';
            text[n++] = '(';
            text[n++] = 'c';
            text[n++] = ')';
            for (size_t i = 0; i < k; i++)
                text[n++] = '(';
            text[n++] = 'b';
            text[n++] = ')';
            compare(text, n, IBIDI_DIR_RTL);
            compare_direct(text, n, 1);
        }

    /* Steps stay linear within the path, on the stack and in the work area: floods of
     * openers that fill the stack, then closers of the same kind, of another kind, and of
     * kinds that share no pair; and 63 nested pairs as wide as the text, whose N0 looks
     * inside each of them, in both directions. */
    static const uint32_t floods[][2] = {{'(', ')'}, {'(', ']'}, {0x2329, 0x3009},
                                         {'[', 0x0F3B}, {0x0F3A, ')'}};
    static const size_t flood_n[] = {IBIDI__BIDI_PLANES_MAX, MAXN - 10};
    static uint8_t lv[MAXN];
    double worst = 0;
    for (size_t f = 0; f <= sizeof floods / sizeof floods[0]; f++)
        for (size_t open = 1; open <= 100; open += 33)
            for (size_t z = 0; z < 2; z++) {
                size_t n = 0, len = flood_n[z];
                if (f < sizeof floods / sizeof floods[0]) {
                    for (size_t i = 0; i < open; i++)
                        text[n++] = i % 2 ? floods[f][0] : '(';
                    text[n++] = 0x05D0;
                    for (; n < len; n++)
                        text[n] = n % 3 ? floods[f][1] : 0x0300;
                } else { /* 63 wide pairs; the strong type at the far end of the inside */
                    for (size_t i = 0; i < 63; i++)
                        text[n++] = '(';
                    for (; n < len - 64; n++)
                        text[n] = ' ';
                    text[n++] = open % 2 ? 'a' : 0x05D0;
                    for (size_t i = 0; i < 63; i++)
                        text[n++] = ')';
                }
                ibidi__bidi_test hooks = {0, 0};
                ibidi_dir dir = open % 2 ? IBIDI_DIR_RTL : IBIDI_DIR_AUTO;
                const ibidi_bidi_options o = {dir, 0, work, sizeof work};
                ibidi_bidi_result r = {.levels = lv, .cap = MAXN};
                CHECK(ibidi__bidi_resolve_test(text, n, &o, &r, &hooks) == IBIDI_OK,
                      "flood %zu: not resolved", f);
                const uint64_t ops = hooks.steps;
                double per = (double)ops / (double)n;
                worst = per > worst ? per : worst;
                CHECK(per <= 40, "flood %zu with %zu openers, %zu code points: %.1f steps per "
                      "code point", f, open, n, per);
                compare(text, n, dir);
            }
    printf("info: bracket floods take at most %.2f steps per code point\n", worst);

    printf("compared %zu texts through the bit planes and the reference engine (%zu one "
           "paragraph of over %u code points, %zu of them over %u): %zu differ\n",
           cases, taken, IBIDI__BIDI_PLANES_ONE, long_, IBIDI__BIDI_PLANES_MAX, differ);
    CHECK(differ == 0, "%zu of %zu texts differ", differ, cases);
    CHECK(taken > cases / 3, "only %zu of %zu texts were for the planes", taken, cases);
    CHECK(long_ > 1000, "only %zu texts were for the planes in the work area", long_);

    /* The path declines exactly the empty text, and texts over its stack limit without an
     * area and links. */
    static uint8_t orig[MAXN], lev[MAXN];
    static uint16_t br[MAXN];
    static uint32_t link[MAXN];
    static uint64_t area[IBIDI__BIDI_PLANES_WORDS(MAXN)];
    memset(orig, IBIDI_UNICODE_BC_L, sizeof orig);
    uint64_t steps = 0;
    ibidi__planes_out out = {lev, NULL, NULL, 0, 0};
    CHECK(ibidi__bidi_planes(orig, orig, br, 0, 0, &out, NULL, NULL, &steps) == 0,
          "took an empty text");
    CHECK(ibidi__bidi_planes(orig, orig, br, 1, 0, &out, NULL, NULL, &steps) == 1,
          "declined one character");
    CHECK(out.max_level == 0 && out.has_rtl == 0, "summary of L at level 0: %u %u",
          out.max_level, out.has_rtl);
    CHECK(ibidi__bidi_planes(orig, orig, br, IBIDI__BIDI_PLANES_MAX, 7, &out, NULL, NULL,
                             &steps) == 1,
          "declined a text at the limit");
    CHECK(lev[0] == 2 && lev[IBIDI__BIDI_PLANES_MAX - 1] == 2, "L at level 1 is not 2");
    CHECK(out.max_level == 2 && out.has_rtl == 0, "summary of L at level 1: %u %u",
          out.max_level, out.has_rtl);
    memset(lev, 0xEE, sizeof lev);
    CHECK(ibidi__bidi_planes(orig, orig, br, IBIDI__BIDI_PLANES_MAX + 1, 0, &out, NULL, link,
                             &steps) == 0 &&
              ibidi__bidi_planes(orig, orig, br, IBIDI__BIDI_PLANES_MAX + 1, 0, &out, area, NULL,
                                 &steps) == 0 &&
              lev[0] == 0xEE,
          "took a text over the limit without an area or links");
    CHECK(ibidi__bidi_planes(orig, orig, br, MAXN, 7, &out, area, link, &steps) == 1 &&
              lev[0] == 2 && lev[MAXN - 1] == 2,
          "declined a long text with an area");
    /* The types on random texts of every class, BN (ZWJ, soft hyphen) and marks after
     * isolate controls among them, short and long, every direction; then on the inputs of
     * the conformance files. */
    static const uint32_t pool3[] = {'a',    0x05D0, 0x0627, '1',    0x0661, 0x06F1, '+',
                                     '-',    '$',    '%',    ',',    '.',    ':',    0x0300,
                                     0x064B, '\t',   ' ',    '!',    '(',    ')',    '[',
                                     ']',    0x2029, 0x200D, 0x00AD, 0x200E, 0x200F, 0x061C,
                                     0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067,
                                     0x2068, 0x2069};
    for (long t = 0; t < 60000; t++) {
        size_t n = t % 10 ? 1 + next_rand() % 80 : 1 + next_rand() % 1500;
        size_t k = 2 + next_rand() % 8;
        uint32_t alphabet[10];
        for (size_t i = 0; i < k; i++)
            alphabet[i] = pool3[next_rand() % (sizeof pool3 / sizeof pool3[0])];
        for (size_t i = 0; i < n;) {
            uint32_t c = alphabet[next_rand() % k];
            for (size_t run = 1 + next_rand() % 3; run > 0 && i < n; run--)
                text[i++] = c;
        }
        compare_types(text, n, dirs[next_rand() % 4], "random text of every class", t);
    }
    conformance_types();
    printf("compared the types after W1-W7 and after N0-N2 of both engines on %zu texts: %zu "
           "differ\n",
           type_cases, type_differ);
    CHECK(type_differ == 0, "%zu of %zu texts have other types", type_differ, type_cases);
    CHECK(type_cases > 500000, "only %zu texts compared for their types", type_cases);
    t_pass_n((long)(cases - differ + type_cases - type_differ));
    return t_summary();
}
