/*
 * The bit planes of one word (src/bidi/planes.c, the instances for up to 63 code points)
 * on short paragraphs against the reference engine (src/bidi/sequence.c): the same levels
 * for every text, on random class strings of all 23 classes (paragraphs with explicit
 * controls or BN go through X1-X10 first), lengths 0-70 (one word holds up to 63), every
 * paragraph direction; exhaustively over small alphabets of the classes of simple
 * paragraphs. Then the L2 maps of ibidi_bidi_reorder on levels 0-2 against a literal L2.
 */
#include <stdio.h>
#include <string.h>

#include "bidi/bidi_internal.h"
#include "testlib.h"

#define MAXN 72

static uint32_t rng = 12345u;
static uint32_t next_rand(void) { return t_xorshift32(&rng); }

/* The reference engine: the work area laid out as the public calls do, with the planes
 * switched off. */
static void reference_levels(const uint8_t *cls, size_t n, ibidi_dir dir, uint8_t *lev)
{
    static uint64_t work[(MAXN * 8 + IBIDI__BIDI_WORK_SLACK) / 8 + 1];
    ibidi__bidi b;
    ibidi__bidi_test hooks = {1, 0};
    ibidi__bidi_layout(&b, NULL, work, n);
    b.lev = lev;
    uint32_t mask = 0;
    for (size_t i = 0; i < n; i++) {
        b.orig[i] = cls[i];
        mask |= 1u << cls[i];
    }
    ibidi__bidi_run(&b, dir, mask, NULL, &hooks);
}

static size_t cases, taken, differ;

/* One text through the public call (which takes the planes) and through the reference
 * engine; also the planes on their own, as a paragraph, with L1 added, when the text is one
 * simple paragraph. */
static void compare(const uint8_t *cls, size_t n, ibidi_dir dir)
{
    uint8_t want[MAXN], got[MAXN];
    reference_levels(cls, n, dir, want);
    ibidi_bidi_result r = {.levels = got, .cap = MAXN};
    ibidi_status st = ibidi_bidi_resolve_classes(cls, n, &(ibidi_bidi_options){dir, 0, NULL, 0},
                                                 &r, NULL);
    int ok = st == IBIDI_OK && memcmp(want, got, n) == 0;
    uint32_t mask = 0;
    for (size_t i = 0; i < n; i++)
        mask |= 1u << cls[i];
    const uint32_t simple =
        (1u << IBIDI_UNICODE_BC_L) | (1u << IBIDI_UNICODE_BC_R) | (1u << IBIDI_UNICODE_BC_AL) |
        (1u << IBIDI_UNICODE_BC_EN) | (1u << IBIDI_UNICODE_BC_ES) | (1u << IBIDI_UNICODE_BC_ET) |
        (1u << IBIDI_UNICODE_BC_AN) | (1u << IBIDI_UNICODE_BC_CS) | (1u << IBIDI_UNICODE_BC_NSM) |
        (1u << IBIDI_UNICODE_BC_S) | (1u << IBIDI_UNICODE_BC_WS) | (1u << IBIDI_UNICODE_BC_ON);
    /* one paragraph: B only at the end */
    int one_para = 1;
    for (size_t i = 0; i + 1 < n; i++)
        one_para &= cls[i] != IBIDI_UNICODE_BC_B;
    if (one_para && !(mask & ~(simple | (1u << IBIDI_UNICODE_BC_B)))) {
        ibidi_bidi_para pa = {0, 0, 0};
        ibidi_bidi_paragraph(cls, n, 0, dir, &pa, NULL);
        const uint8_t lv = pa.level;
        uint8_t direct[MAXN];
        uint16_t br[MAXN];
        uint64_t steps = 0;
        memset(direct, 0xEE, sizeof direct);
        ibidi__planes_out out = {direct, NULL, NULL, 0, 0};
        int took = ibidi__bidi_planes_paragraph(cls, br, n, lv, IBIDI__PLANES_NO_BRACKETS, &out,
                                                NULL, NULL, &steps);
        if (took) {
            taken += n <= IBIDI__BIDI_PLANES_ONE;
            /* the summary holds as long as L1 changes nothing */
            uint8_t max = 0, odd = 0;
            for (size_t i = 0; i < n; i++) {
                max = direct[i] > max ? direct[i] : max;
                odd |= direct[i] & 1u;
            }
            ok &= out.max_level == max && out.has_rtl == odd;
            (void)ibidi__bidi_l1(cls, 0, n, lv, direct, 1);
            ok &= memcmp(want, direct, n) == 0 && direct[n] == 0xEE;
        }
        ok &= took == (n >= 1);
    }
    cases++;
    if (!ok) {
        differ++;
        if (differ <= 10) {
            char buf[MAXN * 4 + 1];
            size_t k = 0;
            for (size_t i = 0; i < n; i++)
                k += (size_t)snprintf(buf + k, sizeof buf - k, "%u ", cls[i]);
            buf[k] = 0;
            CHECK(0, "planes differ: dir %d classes %s", (int)dir, buf);
        }
    }
}

/* L2 written literally: reverse every block at level k or above, k from the highest down
 * to 1 (pairs of levels without an odd one between give the same blocks and cancel). */
static void literal_l2(const uint8_t *lev, size_t n, size_t *v2l)
{
    uint8_t lv[MAXN];
    memcpy(lv, lev, n);
    for (size_t i = 0; i < n; i++)
        v2l[i] = i;
    int max = 0;
    for (size_t i = 0; i < n; i++)
        max = lev[i] > max ? lev[i] : max;
    for (int k = max; k >= 1; k--)
        for (size_t i = 0; i < n;) {
            if (lv[i] < k) {
                i++;
                continue;
            }
            size_t j = i;
            while (j < n && lv[j] >= k)
                j++;
            for (size_t a = i, z = j - 1; a < z; a++, z--) {
                size_t t = v2l[a];
                v2l[a] = v2l[z];
                v2l[z] = t;
                uint8_t u = lv[a];
                lv[a] = lv[z];
                lv[z] = u;
            }
            i = j;
        }
}

static size_t map_cases, map_differ;

static void compare_maps(const uint8_t *lev, size_t n)
{
    size_t want[MAXN], v2l[MAXN], l2v[MAXN], both_v[MAXN], both_l[MAXN];
    literal_l2(lev, n, want);
    int ok = ibidi_bidi_reorder(lev, n, v2l, NULL, NULL) == IBIDI_OK &&
             ibidi_bidi_reorder(lev, n, NULL, l2v, NULL) == IBIDI_OK &&
             ibidi_bidi_reorder(lev, n, both_v, both_l, NULL) == IBIDI_OK;
    for (size_t v = 0; ok && v < n; v++)
        ok = v2l[v] == want[v] && both_v[v] == want[v] && l2v[want[v]] == v &&
             both_l[want[v]] == v;
    map_cases++;
    if (!ok) {
        map_differ++;
        if (map_differ <= 10) {
            char buf[MAXN * 2 + 1];
            for (size_t i = 0; i < n; i++)
                buf[i] = (char)('0' + lev[i]);
            buf[n] = 0;
            CHECK(0, "L2 maps differ: levels %s", buf);
        }
    }
}

int main(void)
{
    static const ibidi_dir dirs[] = {IBIDI_DIR_LTR, IBIDI_DIR_RTL, IBIDI_DIR_AUTO,
                                     IBIDI_DIR_AUTO_RTL};
    uint8_t cls[MAXN];

    /* Exhaustive: every string of up to 5 over the 13 classes of simple paragraphs, and of
     * up to 7 over the 6 that meet most in identifiers and numbers. */
    static const uint8_t all13[] = {IBIDI_UNICODE_BC_L,  IBIDI_UNICODE_BC_R,  IBIDI_UNICODE_BC_AL,
                                    IBIDI_UNICODE_BC_EN, IBIDI_UNICODE_BC_ES, IBIDI_UNICODE_BC_ET,
                                    IBIDI_UNICODE_BC_AN, IBIDI_UNICODE_BC_CS, IBIDI_UNICODE_BC_NSM,
                                    IBIDI_UNICODE_BC_B,  IBIDI_UNICODE_BC_S,  IBIDI_UNICODE_BC_WS,
                                    IBIDI_UNICODE_BC_ON};
    static const uint8_t six[] = {IBIDI_UNICODE_BC_R,  IBIDI_UNICODE_BC_L,  IBIDI_UNICODE_BC_EN,
                                  IBIDI_UNICODE_BC_AN, IBIDI_UNICODE_BC_CS, IBIDI_UNICODE_BC_ET};
    static const struct {
        const uint8_t *set;
        size_t k, maxlen;
    } ex[] = {{all13, 13, 5}, {six, 6, 7}};
    for (size_t e = 0; e < 2; e++)
        for (size_t n = 0; n <= ex[e].maxlen; n++) {
            size_t idx[MAXN] = {0};
            for (;;) {
                for (size_t i = 0; i < n; i++)
                    cls[i] = ex[e].set[idx[i]];
                for (size_t d = 0; d < 4; d++)
                    compare(cls, n, dirs[d]);
                size_t i = 0;
                while (i < n && ++idx[i] == ex[e].k)
                    idx[i++] = 0;
                if (i == n)
                    break;
            }
        }

    /* Random: all 23 classes now and then, runs of one class as in identifiers, lengths
     * 0-70. */
    for (long t = 0; t < 400000; t++) {
        size_t n = next_rand() % 71;
        uint32_t mode = next_rand() % 4;
        for (size_t i = 0; i < n;) {
            uint8_t c = mode == 0 ? (uint8_t)(next_rand() % IBIDI_UNICODE_BC_COUNT)
                                  : all13[next_rand() % (mode == 1 ? 9 : 13)];
            size_t run = mode == 3 ? 1 + next_rand() % 6 : 1;
            for (; run > 0 && i < n; run--)
                cls[i++] = c;
        }
        compare(cls, n, dirs[next_rand() % 4]);
    }
    printf("compared %zu class texts through the planes and the reference engine (%zu taken "
           "by one word a plane): %zu differ\n",
           cases, taken, differ);
    CHECK(differ == 0, "%zu of %zu texts differ", differ, cases);
    CHECK(taken > cases / 4, "one word a plane took only %zu of %zu texts", taken, cases);

    /* L2 maps: every line of levels 0-2 up to 9 long, and random ones up to 70 (some with
     * levels 3 and 4, which the short maps leave to the general L2). */
    uint8_t lev[MAXN];
    for (size_t n = 0; n <= 9; n++) {
        size_t count = 1;
        for (size_t i = 0; i < n; i++)
            count *= 3;
        for (size_t c = 0; c < count; c++) {
            size_t x = c;
            for (size_t i = 0; i < n; i++, x /= 3)
                lev[i] = (uint8_t)(x % 3);
            compare_maps(lev, n);
        }
    }
    for (long t = 0; t < 200000; t++) {
        size_t n = next_rand() % 71;
        for (size_t i = 0; i < n;) {
            uint8_t l = (uint8_t)(next_rand() % 3); /* now and then 3 or 4: the general L2 */
            l = next_rand() % 64 == 0 ? (uint8_t)(3 + next_rand() % 2) : l;
            for (size_t run = 1 + next_rand() % 5; run > 0 && i < n; run--)
                lev[i++] = l;
        }
        compare_maps(lev, n);
    }
    printf("compared %zu L2 maps with a literal L2: %zu differ\n", map_cases, map_differ);
    CHECK(map_differ == 0, "%zu of %zu maps differ", map_differ, map_cases);
    t_pass_n((long)(cases - differ + map_cases - map_differ));
    return t_summary();
}
