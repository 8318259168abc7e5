/*
 * The bit-plane path for simple paragraphs with paired brackets (ibidi__bidi_planes in
 * src/bidi/short_simd.c), on the stack up to IBIDI__BIDI_PLANES_MAX code points and in the
 * work area above, against
 * the general passes of resolve.c: the same levels for every text, on random code point
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
#include <string.h>

#include "bidi/bidi_internal.h"
#include "testlib.h"

#define MAXN 4300

static uint32_t rng = 2718281u;
static uint32_t next_rand(void) { return t_xorshift32(&rng); }

static uint64_t work[(MAXN * IBIDI__BIDI_WORK_PER_CP + IBIDI__BIDI_WORK_SLACK) / 8 + 1];

/* Levels of text through the internal entry with the bit-plane paths on or off. */
static void levels(const uint32_t *text, size_t n, ibidi_dir dir, int general, uint8_t *lev)
{
    ibidi__bidi b;
    ibidi__bidi_layout(&b, work, n);
    b.general = general;
    b.lev = lev;
    uint32_t mask = ibidi__bidi_classify_cp(&b, text, n);
    ibidi__bidi_run(&b, dir, mask, NULL);
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

static void compare(const uint32_t *text, size_t n, ibidi_dir dir)
{
    static uint8_t want[MAXN], got[MAXN];
    levels(text, n, dir, 1, want);
    levels(text, n, dir, 0, got);
    cases++;
    /* one paragraph within the limit: the planes take it (or the short path, which the
     * other test compares) */
    int one_para = 1;
    for (size_t i = 0; i + 1 < n; i++)
        one_para &= text[i] != 0x2029;
    taken += one_para && n > IBIDI__BIDI_SHORT_MAX;
    long_ += one_para && n > IBIDI__BIDI_PLANES_MAX;
    if (memcmp(want, got, n) != 0) {
        differ++;
        if (differ <= 5) {
            size_t at = 0;
            while (want[at] == got[at])
                at++;
            CHECK(0, "planes differ: dir %d, n %zu, first at %zu (U+%04X: %u, general %u)",
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
    ibidi__bidi_layout(&b, work2, n);
    ibidi__bidi_classify_cp(&b, text, n);
    for (size_t i = 0; i < n; i++)
        link[i] = (uint32_t)(n - 1);
    uint64_t steps = 0;
    int took = ibidi__bidi_planes(b.orig, b.orig, b.br, n, rtl ? 7u : 0u, got, NULL,
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
                uint64_t ops = 0;
                ibidi_dir dir = open % 2 ? IBIDI_DIR_RTL : IBIDI_DIR_AUTO;
                CHECK(ibidi__bidi_resolve_counted(text, n, dir, lv, work, sizeof work, &ops) ==
                          IBIDI_OK,
                      "flood %zu: not resolved", f);
                double per = (double)ops / (double)n;
                worst = per > worst ? per : worst;
                CHECK(per <= 40, "flood %zu with %zu openers, %zu code points: %.1f steps per "
                      "code point", f, open, n, per);
                compare(text, n, dir);
            }
    printf("info: bracket floods take at most %.2f steps per code point\n", worst);

    printf("compared %zu texts through the bit planes and the general paths (%zu one "
           "paragraph of over %u code points, %zu of them over %u): %zu differ\n",
           cases, taken, IBIDI__BIDI_SHORT_MAX, long_, IBIDI__BIDI_PLANES_MAX, differ);
    CHECK(differ == 0, "%zu of %zu texts differ", differ, cases);
    CHECK(taken > cases / 3, "only %zu of %zu texts were for the planes", taken, cases);
    CHECK(long_ > 1000, "only %zu texts were for the planes in the work area", long_);

    /* The path declines exactly the empty text, and texts over its stack limit without an
     * area and links. */
    static uint8_t orig[MAXN], lev[MAXN];
    static uint16_t br[MAXN];
    static uint32_t link[MAXN];
    static uint64_t area[IBIDI__BIDI_PLANES_WORDS(MAXN)];
    memset(orig, IBIDI_BC_L, sizeof orig);
    uint64_t steps = 0;
    CHECK(ibidi__bidi_planes(orig, orig, br, 0, 0, lev, NULL, NULL, NULL, &steps) == 0,
          "took an empty text");
    CHECK(ibidi__bidi_planes(orig, orig, br, 1, 0, lev, NULL, NULL, NULL, &steps) == 1,
          "declined one character");
    CHECK(ibidi__bidi_planes(orig, orig, br, IBIDI__BIDI_PLANES_MAX, 7, lev, NULL, NULL, NULL,
                             &steps) == 1,
          "declined a text at the limit");
    CHECK(lev[0] == 2 && lev[IBIDI__BIDI_PLANES_MAX - 1] == 2, "L at level 1 is not 2");
    memset(lev, 0xEE, sizeof lev);
    CHECK(ibidi__bidi_planes(orig, orig, br, IBIDI__BIDI_PLANES_MAX + 1, 0, lev, NULL, NULL,
                             link, &steps) == 0 &&
              ibidi__bidi_planes(orig, orig, br, IBIDI__BIDI_PLANES_MAX + 1, 0, lev, NULL,
                                 area, NULL, &steps) == 0 &&
              lev[0] == 0xEE,
          "took a text over the limit without an area or links");
    CHECK(ibidi__bidi_planes(orig, orig, br, MAXN, 7, lev, NULL, area, link, &steps) == 1 &&
              lev[0] == 2 && lev[MAXN - 1] == 2,
          "declined a long text with an area");
    t_pass_n((long)(cases - differ));
    return t_summary();
}
