/* Assumptions of the bidi implementation about the Unicode data, checked on every code
 * point: paired brackets are ON and in the BMP (their canonical closing bracket is kept in
 * 16 bits), the bracket hash has no collisions, and the internal L2 map agrees with the
 * public one. Then the fast paths against the reference ones: simple paragraphs on the bit
 * planes (with and without brackets, up to the BD16 stack limit), long UTF-8 in one pass,
 * and the whole-text checks that choose a path. */
#include <stdio.h>
#include <string.h>

#include "bidi/bidi_internal.h"
#include "unicode/ucd.h"
#include "ibidi.h"
#include "testlib.h"

static uint32_t canonical(uint32_t cp)
{
    uint32_t d[IBIDI_UNICODE_MAX_DECOMPOSITION];
    ibidi_unicode_dt t;
    if (ibidi_unicode_decomposition(cp, d, IBIDI_UNICODE_MAX_DECOMPOSITION, &t) == 1 &&
        t == IBIDI_UNICODE_DT_CANONICAL)
        return d[0];
    return cp;
}

/* Resolves t (n code points) and the same text with a ZERO WIDTH JOINER (BN) inserted at
 * at, built in with (n + 1 entries), into lt and lw: 1 when every other character gets the
 * same level, 0 when one differs, -1 when either call fails. */
static int same_with_bn(const uint32_t *t, size_t n, size_t at, ibidi_dir dir, uint32_t *with,
                        uint8_t *lt, uint8_t *lw)
{
    memcpy(with, t, at * sizeof *t);
    with[at] = 0x200D;
    memcpy(with + at + 1, t + at, (n - at) * sizeof *t);
    const ibidi_bidi_options o = {dir, 0, NULL, 0};
    if (ibidi_bidi_resolve_cp(t, n, &o, &(ibidi_bidi_result){.levels = lt, .cap = n}, NULL) !=
            IBIDI_OK ||
        ibidi_bidi_resolve_cp(with, n + 1, &o, &(ibidi_bidi_result){.levels = lw, .cap = n + 1},
                              NULL) != IBIDI_OK)
        return -1;
    return memcmp(lt, lw, at) == 0 && memcmp(lt + at, lw + at + 1, n - at) == 0;
}

int main(void)
{
    uint32_t owner[IBIDI__BRACKET_HASH_SIZE];
    memset(owner, 0, sizeof owner);
    size_t closing = 0, brackets = 0;
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        ibidi_unicode_bpt t = ibidi_unicode_bracket_type(cp);
        if (t == IBIDI_UNICODE_BPT_NONE)
            continue;
        brackets++;
        CHECK(ibidi_unicode_bidi_class(cp) == IBIDI_UNICODE_BC_ON, "U+%04X is a bracket but not ON",
              (unsigned)cp);
        CHECK(cp <= 0xFFFF, "U+%04X is a bracket outside the BMP", (unsigned)cp);
        uint32_t pb = ibidi_unicode_paired_bracket(cp);
        CHECK(pb <= 0xFFFF && pb != cp, "U+%04X pairs with U+%04X", (unsigned)cp, (unsigned)pb);
        if (t != IBIDI_UNICODE_BPT_CLOSE)
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
        unsigned want =
            (unsigned)ibidi_unicode_bidi_class(cp) | (unsigned)ibidi_unicode_bracket_type(cp) << 5;
        bmp_bad += ibidi__bidi_bmp(cp) != want;
    }
    CHECK(bmp_bad == 0, "%zu BMP code points differ in the bidi table", bmp_bad);
    printf("compared 65536 values of the BMP bidi table: %zu mismatches\n", bmp_bad);
    printf("compared %zu paired brackets, %zu canonical closing brackets: hash injective\n",
           brackets, closing);
    CHECK(closing >= 60, "only %zu closing brackets found", closing);
    /* The classification takes ASCII openers' pairs as the next code point for ( and the
     * one after for [ and {, without a decomposition: check that against the data. */
    for (uint32_t cp = 0; cp < 0x80; cp++)
        if (ibidi_unicode_bracket_type(cp) == IBIDI_UNICODE_BPT_OPEN)
            CHECK(ibidi_unicode_paired_bracket(cp) == cp + 1u + (cp != '(') &&
                      canonical(ibidi_unicode_paired_bracket(cp)) ==
                          ibidi_unicode_paired_bracket(cp),
                  "ASCII bracket U+%04X pairs with U+%04X", (unsigned)cp,
                  (unsigned)ibidi_unicode_paired_bracket(cp));
        else if (ibidi_unicode_bracket_type(cp) == IBIDI_UNICODE_BPT_CLOSE)
            CHECK(canonical(cp) == cp, "ASCII bracket U+%04X decomposes", (unsigned)cp);

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
    /* Paths compared: text without explicit controls or BN takes the bit planes; one BN
     * added anywhere sends it through X1-X10 and the sequences, and must change no other
     * level. */
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
        ibidi_dir dir = (ibidi_dir)(r % 4);
        int same = same_with_bn(t1, n, at, dir, t2, l1, l2);
        if (same < 0) {
            diffs++;
            continue;
        }
        cases++;
        if (!same && diffs++ < 5) {
            printf("  paths differ, dir %d, BN at %zu:", (int)dir, at);
            for (size_t i = 0; i < n; i++)
                printf(" %04X:%u/%u", (unsigned)t1[i], l1[i], l2[i + (i >= at)]);
            printf("\n");
        }
    }
    CHECK(diffs == 0, "%zu texts resolve differently with a BN added", diffs);
    printf("compared %zu texts with and without a BN added: %zu differ\n",
           cases, diffs);

    /* The same with long texts full of brackets: pairs nested deep, the 63-entry stack of
     * BD16 filled up (the rest of the text then has no pairs), canonical equivalents
     * (U+2329 pairs with U+3009), marks after brackets, ETs and numbers next to them. */
    static const uint32_t pool2[] = {'(', ')', '[', ']', '{', '}', 0x2329, 0x232A, 0x3008,
                                     0x3009, '(', '(', '[', ')', 'a', 0x05D0, 0x0627, '1',
                                     0x0661, ' ', 0x0300, '$', '.'};
    uint32_t u1[400], u2[401];
    uint8_t m1[400], m2[401];
    size_t diffs2 = 0, cases2 = 0;
    for (int r = 0; r < 20000; r++) {
        x = x * 1103515245u + 12345u;
        size_t n = 1 + (x >> 16) % 400;
        size_t kinds = r % 3 == 0 ? 14 : sizeof pool2 / sizeof pool2[0]; /* brackets only */
        for (size_t i = 0; i < n; i++) {
            x = x * 1103515245u + 12345u;
            u1[i] = pool2[(x >> 16) % kinds];
        }
        if (r % 3 == 0) /* one strong character somewhere */
            u1[(x >> 20) % n] = r % 2 ? 'a' : 0x05D0;
        x = x * 1103515245u + 12345u;
        size_t at = (x >> 16) % (n + 1);
        ibidi_dir dir = (ibidi_dir)(r % 4);
        int same = same_with_bn(u1, n, at, dir, u2, m1, m2);
        if (same < 0) {
            diffs2++;
            continue;
        }
        cases2++;
        if (!same && diffs2++ < 5)
            printf("  paths differ on a bracket text, dir %d, n %zu, BN at %zu\n", (int)dir, n,
                   at);
    }
    /* At the edge of the stack: k opening brackets, a strong character, k closing ones
     * and a pair after them, which BD16 finds only when the k openers fit. */
    for (size_t k = 58; k <= 68; k++) {
        for (int v = 0; v < 8; v++) {
            size_t n = 0;
            for (size_t i = 0; i < k; i++)
                u1[n++] = v & 4 ? '[' : '(';
            u1[n++] = v & 1 ? 'a' : 0x05D0;
            for (size_t i = 0; i < k; i++)
                u1[n++] = v & 4 ? ']' : ')';
            u1[n++] = '1';
            u1[n++] = '(';
            u1[n++] = v & 2 ? 'a' : 0x05D0;
            u1[n++] = ')';
            u1[n++] = 0x0300;
            u1[n++] = v & 2 ? 0x05D0 : 'a';
            for (size_t at = 0; at <= n; at += n / 3) {
                memcpy(u2, u1, at * sizeof *u1);
                u2[at] = 0x200D;
                memcpy(u2 + at + 1, u1 + at, (n - at) * sizeof *u1);
                ibidi_dir dir = (ibidi_dir)(v % 2 + 1 - (int)(k % 2));
                const ibidi_bidi_options o = {dir, 0, NULL, 0};
                int ok = ibidi_bidi_resolve_cp(u1, n, &o,
                                               &(ibidi_bidi_result){.levels = m1, .cap = n},
                                               NULL) == IBIDI_OK &&
                         ibidi_bidi_resolve_cp(u2, n + 1, &o,
                                               &(ibidi_bidi_result){.levels = m2, .cap = n + 1},
                                               NULL) == IBIDI_OK &&
                         memcmp(m1, m2, at) == 0 && memcmp(m1 + at, m2 + at + 1, n - at) == 0;
                cases2++;
                if (!ok && diffs2++ < 5)
                    printf("  paths differ with %zu nested brackets, variant %d, BN at %zu\n", k,
                           v, at);
            }
        }
    }
    CHECK(diffs2 == 0, "%zu bracket texts resolve differently with a BN added", diffs2);

    /* UTF-8 longer than the fixed work area, with a work area for its code points: it is
     * checked and classified in one pass. Errors and counts must be those of the path
     * that validates first (taken without a work area), and levels and offsets those of
     * the code point function on the decoded text. */
    {
        static const char *const piece[] = {"abc ", "\xD7\x90\xD7\x91 ", "12 ",
                                            "(\xD8\xA8) ", "\xE2\x81\xA7x\xE2\x81\xA9",
                                            "\xE2\x80\xAB\xD7\x90\xE2\x80\xAC", "\xE2\x82\xAC\x35 ",
                                            "\xF0\x9D\x90\x80 "};
        static char text[6000];
        static uint32_t cps[6000];
        static uint8_t lv1[6000], lv2[6000];
        static size_t off1[6000];
        static unsigned char work[6000 * IBIDI__BIDI_WORK_PER_CP + 64];
        size_t bad_utf8 = 0, one_pass_ok = 0;
        for (int r = 0; r < 60; r++) {
            size_t len = 0;
            while (len < 1100 + (size_t)r * 70) {
                x = x * 1103515245u + 12345u;
                const char *pc = piece[(x >> 16) % 8];
                memcpy(text + len, pc, strlen(pc));
                len += strlen(pc);
            }
            if (r % 3 == 1) /* an ill-formed byte somewhere */
                text[(x >> 8) % len] = (char)(r % 2 ? 0xFF : 0x80);
            size_t leads = 0; /* the code points when the text is well formed */
            for (size_t i = 0; i < len; i++)
                leads += ((unsigned char)text[i] & 0xC0u) != 0x80u;
            size_t cap = r % 5 == 4 ? leads / 2 : sizeof lv1;
            ibidi_dir dir = (ibidi_dir)(r % 4);
            ibidi_error e1, e2;
            size_t n1 = 0, n2 = 0;
            ibidi_bidi_result r1 = {.levels = lv1, .offsets = off1, .cap = cap};
            ibidi_bidi_result r2 = {.levels = lv2, .cap = cap};
            ibidi_status s1 = ibidi_bidi_resolve_utf8(
                text, len, &(ibidi_bidi_options){dir, 0, work, ibidi_bidi_work_size(leads)}, &r1,
                &e1);
            ibidi_status s2 = ibidi_bidi_resolve_utf8(text, len, &(ibidi_bidi_options){dir, 0, NULL, 0},
                                                      &r2, &e2);
            n1 = r1.n;
            n2 = r2.n;
            int same;
            if (s2 == IBIDI_E_BIDI_WORK_TOO_SMALL) { /* well formed, levels fit */
                ibidi_buf32 dec = {cps, 6000, 0};
                size_t n = n1;
                same = s1 == IBIDI_OK && n1 == n2 &&
                       ibidi_utf8_decode(text, len, &dec, NULL) == IBIDI_OK &&
                       dec.len == n1 &&
                       ibidi_bidi_resolve_cp(cps, n,
                                             &(ibidi_bidi_options){dir, 0, work,
                                                                   ibidi_bidi_work_size(n)},
                                             &(ibidi_bidi_result){.levels = lv2, .cap = 6000},
                                             NULL) == IBIDI_OK &&
                       memcmp(lv1, lv2, n) == 0;
                char u8[4];
                for (size_t i = 0, pos = 0; same && i < n; i++) {
                    same = off1[i] == pos;
                    pos += ibidi_utf8_encode_cp(cps[i], u8);
                }
                one_pass_ok += same;
            } else {
                same = s1 == s2 && e1.status == e2.status && e1.offset == e2.offset && n1 == n2;
            }
            bad_utf8 += !same;
        }
        CHECK(bad_utf8 == 0, "%zu long UTF-8 texts differ between the one-pass and the "
              "validating paths", bad_utf8);
        CHECK(one_pass_ok >= 10, "only %zu long texts resolved in one pass", one_pass_ok);
    }

    /* The whole-text checks that pick the fast paths (any non-ASCII code point or byte,
     * any surrogate, any odd level) read short texts in fixed blocks: one odd value at
     * every position of every length up to 70 must be seen. */
    {
        uint32_t t[70];
        char u[72];
        uint8_t lv[72];
        size_t map[72], missed = 0;
        for (size_t n = 1; n <= 70; n++) {
            for (size_t at = 0; at < n; at++) {
                for (size_t i = 0; i < n; i++)
                    t[i] = 'a';
                t[at] = 0x05D0;
                ibidi_error e;
                ibidi_bidi_result r = {.levels = lv, .cap = sizeof lv};
                missed += ibidi_bidi_resolve_cp(t, n, NULL, &r, NULL) != IBIDI_OK || lv[at] != 1;
                t[at] = 0xDC00;
                missed += ibidi_bidi_resolve_cp(t, n, NULL, &r, &e) != IBIDI_E_CP_SURROGATE ||
                          e.offset != at;
                memset(u, 'a', n + 1);
                u[at] = (char)0xD7; /* U+05D0, one byte longer */
                u[at + 1] = (char)0x90;
                missed += ibidi_bidi_resolve_utf8(u, n + 1, NULL, &r, NULL) != IBIDI_OK ||
                          r.n != n || lv[at] != 1;
                memset(lv, 2, n);
                lv[at] = 1;
                missed += ibidi_bidi_reorder(lv, n, map, NULL, NULL) != IBIDI_OK ||
                          (n > 1 && at + 1 < n && map[at] == at && map[at + 1] == at + 1);
            }
        }
        CHECK(missed == 0, "%zu single odd values missed by the whole-text checks", missed);

        /* ASCII in a left-to-right paragraph skips the resolution, but its summary counts
         * the paragraphs: a LF (B) at every position of every length, in code points and
         * in UTF-8, and a unit separator (U+001F, S) that ends none. */
        size_t bad_paras = 0;
        for (size_t n = 1; n <= 70; n++)
            for (size_t at = 0; at < n; at++)
                for (int k = 0; k < 2; k++) {
                    const uint32_t sep = k ? 0x1F : 0x0A;
                    for (size_t i = 0; i < n; i++)
                        t[i] = 'a';
                    t[at] = sep;
                    memset(u, 'a', n);
                    u[at] = (char)sep;
                    const size_t want = k == 0 && at + 1 < n ? 2 : 1;
                    ibidi_bidi_result r = {.levels = lv, .cap = sizeof lv};
                    bad_paras += ibidi_bidi_resolve_cp(t, n, NULL, &r, NULL) != IBIDI_OK ||
                                 r.info.paragraphs != want || r.info.length != n ||
                                 r.info.max_level != 0;
                    bad_paras += ibidi_bidi_resolve_utf8(u, n, NULL, &r, NULL) != IBIDI_OK ||
                                 r.info.paragraphs != want || r.info.length != n;
                }
        CHECK(bad_paras == 0, "%zu ASCII texts with the wrong number of paragraphs", bad_paras);
    }
    printf("compared %zu bracket texts with and without a BN added: %zu "
           "differ\n", cases2, diffs2);
    return t_summary();
}
