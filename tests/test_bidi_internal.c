/* Assumptions of the bidi implementation about the Unicode data, checked on every code
 * point: paired brackets are ON and in the BMP (their canonical closing bracket is kept in
 * 16 bits), the bracket hash has no collisions, and the internal L2 map agrees with the
 * public one. */
#include <stdio.h>
#include <string.h>

#include "bidi/bidi_internal.h"
#include "unicode/ucd.h"
#include "ibidi.h"
#include "testlib.h"

static uint32_t canonical(uint32_t cp)
{
    uint32_t d[IBIDI_MAX_DECOMPOSITION];
    ibidi_decomposition_type t;
    if (ibidi_cp_decomposition(cp, d, IBIDI_MAX_DECOMPOSITION, &t) == 1 && t == IBIDI_DT_CANONICAL)
        return d[0];
    return cp;
}

int main(void)
{
    uint32_t owner[IBIDI__BRACKET_HASH_SIZE];
    memset(owner, 0, sizeof owner);
    size_t closing = 0, brackets = 0;
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        ibidi_bracket_type t = ibidi_cp_bracket_type(cp);
        if (t == IBIDI_BPT_NONE)
            continue;
        brackets++;
        CHECK(ibidi_cp_bidi_class(cp) == IBIDI_BC_ON, "U+%04X is a bracket but not ON", (unsigned)cp);
        CHECK(cp <= 0xFFFF, "U+%04X is a bracket outside the BMP", (unsigned)cp);
        uint32_t pb = ibidi_cp_paired_bracket(cp);
        CHECK(pb <= 0xFFFF && pb != cp, "U+%04X pairs with U+%04X", (unsigned)cp, (unsigned)pb);
        if (t != IBIDI_BPT_CLOSE)
            continue;
        uint32_t c = canonical(cp);
        if (c != cp)
            continue; /* folded onto its canonical equivalent */
        closing++;
        uint32_t h = IBIDI__BRACKET_HASH(c);
        CHECK(h < IBIDI__BRACKET_HASH_SIZE, "hash of U+%04X out of range", (unsigned)c);
        CHECK(owner[h] == 0, "bracket hash collision: U+%04X and U+%04X", (unsigned)owner[h],
              (unsigned)c);
        owner[h] = c;
    }
    /* The BMP table of the classification loop agrees with the property lookups. */
    size_t bmp_bad = 0;
    for (uint32_t cp = 0; cp <= 0xFFFF; cp++) {
        unsigned want = (unsigned)ibidi_cp_bidi_class(cp) | (unsigned)ibidi_cp_bracket_type(cp) << 5;
        bmp_bad += ibidi__bidi_bmp(cp) != want;
    }
    CHECK(bmp_bad == 0, "%zu BMP code points differ in the bidi table", bmp_bad);
    printf("compared 65536 values of the BMP bidi table: %zu mismatches\n", bmp_bad);
    printf("compared %zu paired brackets, %zu canonical closing brackets: hash injective\n",
           brackets, closing);
    CHECK(closing >= 60, "only %zu closing brackets found", closing);

    /* The internal 32-bit L2 map is the public map, with few runs and with many. */
    uint8_t lev[300];
    size_t pub[300];
    uint32_t in[300], scratch[300];
    uint32_t x = 12345;
    for (int r = 0; r < 20000; r++) {
        size_t n = 1 + r % 300;
        for (size_t i = 0; i < n; i++) {
            x = x * 1103515245u + 12345u;
            lev[i] = (uint8_t)((x >> 16) % (r % 2 ? 127 : 5));
        }
        CHECK(ibidi_bidi_reorder(lev, n, pub, NULL, NULL) == IBIDI_OK, "reorder");
        ibidi__bidi_visual_map32(lev, n, in, scratch);
        int same = 1;
        for (size_t i = 0; i < n; i++)
            same &= pub[i] == in[i];
        CHECK(same, "internal and public L2 maps differ (round %d)", r);
    }
    /* Paths compared: text without explicit controls or BN takes the one-pass path (or,
     * with brackets, the passes instantiated for a simple paragraph); one BN added
     * anywhere sends it through the general passes, and must change no other level. */
    static const uint32_t pool[] = {'a', 'b', 'Z', 0x05D0, 0x05D1, 0x0627, 0x0628, 0x0661, '1', '2',
                                    '+', '-', '#', '$', '%', ',', '.', ':', '/', ' ', '\t', '!',
                                    '(', ')', '[', ']', 0x0300, 0x064B, 0x2029, 0x00A0, 0x0660};
    uint32_t t1[80], t2[81];
    uint8_t l1[80], l2[81];
    size_t diffs = 0, cases = 0;
    for (int r = 0; r < 200000; r++) {
        x = x * 1103515245u + 12345u;
        size_t n = 1 + (x >> 16) % 80;
        int no_brackets = r % 2;
        for (size_t i = 0; i < n; i++) {
            x = x * 1103515245u + 12345u;
            size_t k = (x >> 16) % (sizeof pool / sizeof pool[0] - (no_brackets ? 11 : 0));
            t1[i] = pool[k];
        }
        x = x * 1103515245u + 12345u;
        size_t at = (x >> 16) % (n + 1);
        memcpy(t2, t1, at * sizeof *t1);
        t2[at] = 0x200D; /* ZERO WIDTH JOINER: BN */
        memcpy(t2 + at + 1, t1 + at, (n - at) * sizeof *t1);
        ibidi_dir dir = (ibidi_dir)(r % 4);
        if (ibidi_bidi_resolve_cp(t1, n, dir, l1, NULL, NULL, NULL, 0, NULL) != IBIDI_OK ||
            ibidi_bidi_resolve_cp(t2, n + 1, dir, l2, NULL, NULL, NULL, 0, NULL) != IBIDI_OK) {
            diffs++;
            continue;
        }
        cases++;
        int same = memcmp(l1, l2, at) == 0 && memcmp(l1 + at, l2 + at + 1, n - at) == 0;
        if (!same && diffs++ < 5) {
            printf("  paths differ, dir %d, BN at %zu:", (int)dir, at);
            for (size_t i = 0; i < n; i++)
                printf(" %04X:%u/%u", (unsigned)t1[i], l1[i], l2[i + (i >= at)]);
            printf("\n");
        }
    }
    CHECK(diffs == 0, "%zu texts resolve differently with a BN added", diffs);
    printf("compared %zu texts through the one-pass and the general paths: %zu differ\n", cases,
           diffs);
    return t_summary();
}
