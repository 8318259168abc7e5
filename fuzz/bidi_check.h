/*
 * The properties of the bidirectional algorithm (include/ibidi/bidi.h) that the targets
 * fuzz_bidi_levels, fuzz_bidi_lines, fuzz_bidi_visual and fuzz_bidi_utf8 check, each a part
 * of them, so that one input makes one pass of one comparison (issue 24: one target that
 * compared every engine in every direction on both readings ran 29-111 inputs a second).
 * The first byte of the input picks the paragraph direction (bits 0-1: LTR, RTL, AUTO,
 * AUTO_RTL) and the reading of the rest (bit 2):
 *  (1) as UTF-8: ill-formed input must give the status and offset of ibidi_utf8_validate
 *      from every UTF-8 entry point (fuzz_bidi_utf8); well-formed input is decoded and
 *      checked as in (2);
 *  (2) as code points, one per byte: bytes 00..7F are themselves (ASCII holds L, EN, ES,
 *      ET, CS, ON, WS, S, B, BN and the brackets), bytes 80..FE index the table `special`
 *      below (explicit controls first, then R, AL, AN, EN, ES, ET, CS, NSM, BN, WS, B, ON,
 *      paired and canonically equivalent brackets, unassigned code points with a right-to-
 *      left default), and FF followed by three bytes is any code point (mod 110000,
 *      surrogates skipped).
 * Every part resolves the text (and its paragraphs, 2) first; then, with abort():
 * fuzz_bidi_levels: 1, 2, 3, 8; fuzz_bidi_lines: 4, 5; fuzz_bidi_visual: 6 and the visual
 * text of 7; fuzz_bidi_utf8: (1), the scalar value check of (2) and the rest of 7.
 *  1. the classes returned are ibidi_unicode_bidi_class; info agrees with the levels (length,
 *     maximum, odd levels, explicit controls) and with the paragraphs; asking for the
 *     types changes no level, and the types agree with the levels: BN exactly where X9
 *     removes, after N2 only L, R, EN, AN, R exactly at odd levels (I1-I2) where L1 reset
 *     nothing, after W7 a digit is EN, AN or L and no NSM, AL, ES, ET or CS is left;
 *  2. P1: paragraphs end after a B or at the end of the text, and each paragraph resolved
 *     alone (with the direction given, and forced to its level) has the same levels;
 *  3. every level is in paragraph level..126; B and S, and whitespace, isolate controls and
 *     removed characters before them or at the paragraph end, have the paragraph level
 *     (L1); a removed character (X9) has the level of the character before it;
 *     a left-to-right paragraph without R, AL, AN, RLE, RLO, RLI, FSI has only even
 *     levels; a right-to-left one without L, EN, AN, LRE, LRO, LRI, FSI only odd ones;
 *  4. L1 per line: the whole paragraph as one line gives the resolved levels; lines cut
 *     at places picked from the input give the resolved levels except for the characters
 *     that L1 resets; in place gives the same;
 *  5. L2: both maps are permutations and inverse to each other, each alone is the same;
 *     reordering the levels taken in visual order gives the inverse map (L2 is an
 *     involution); the runs cover the line in visual order with the right levels;
 *  6. the visual text is the paragraphs reordered by L2 (separator kept last) with L4
 *     applied; NO_MIRROR leaves out L4; REMOVE_CONTROLS drops exactly the controls;
 *  7. the UTF-8 forms agree with the code point forms (levels, classes, offsets, info,
 *     visual text), also the allocating one; with no paired bracket in the text,
 *     ibidi_bidi_resolve_classes gives the same levels;
 *  8. X9: a ZERO WIDTH SPACE (BN) put in at a place picked from the text changes no other
 *     level. It sends the text through X1-X10, so that the shortcut for paragraphs without
 *     explicit controls (the bit planes at once) is compared with that way.
 * Inputs above IBIDI_BIDI_SMALL code points run with a work area allocated here.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/bidi.h"
#include "ibidi/utf8.h"

#define P_LEVELS 1u /* properties 1, 2, 3, 8 */
#define P_LINES 2u  /* 4, 5 */
#define P_VISUAL 4u /* 6, the visual text of 7 */
#define P_UTF8 8u   /* (1), 7 but the visual text, the scalar value check */

#define REQUIRE(c)                                                                                 \
    do {                                                                                           \
        if (!(c))                                                                                  \
            abort();                                                                               \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Bytes 80..FE: index (byte - 0x80) modulo the size of the table. */
static const uint32_t special[] = {
    /* 80..8B explicit controls, LRM, RLM, ALM */
    0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F,
    0x061C,
    /* 8C..95 R */
    0x05D0, 0x05D1, 0x05D2, 0x05EA, 0x07C0, 0x0800, 0xFB1D, 0x10800, 0x1E900, 0x05BE,
    /* 96..9D AL */
    0x0627, 0x0628, 0x0645, 0x0710, 0x0780, 0x08A0, 0x1EE00, 0xFDF2,
    /* 9E..A5 AN */
    0x0660, 0x0661, 0x0669, 0x066B, 0x066C, 0x0600, 0x10E60, 0x10D30,
    /* A6..AC EN */
    0x06F0, 0x06F9, 0x00B2, 0x2070, 0x1D7CE, 0xFF10, 0x1F100,
    /* AD..B0 ES, B1..B6 ET */
    0x207A, 0xFB29, 0x2212, 0xFF0B, 0x00B0, 0x20AC, 0x066A, 0x00A2, 0x2030, 0x0E3F,
    /* B7..BC CS */
    0x060C, 0x00A0, 0x2044, 0xFF0C, 0x202F, 0xFE50,
    /* BD..C4 NSM */
    0x0300, 0x0301, 0x05B0, 0x064B, 0x0670, 0x20D0, 0x1D167, 0xE0100,
    /* C5..CB BN */
    0x00AD, 0x200B, 0x200D, 0x2060, 0xFEFF, 0xE0001, 0x1BCA0,
    /* CC..CF WS, D0..D1 B */
    0x2000, 0x2028, 0x3000, 0x1680, 0x2029, 0x0085,
    /* D2..D9 ON, mirrored or not */
    0x00A1, 0x2018, 0x2264, 0x2265, 0x221E, 0x00AB, 0x00BB, 0x2201,
    /* DA..F5 paired brackets, with the canonical pair 2329/232A ~ 3008/3009 */
    0x2329, 0x232A, 0x3008, 0x3009, 0xFF08, 0xFF09, 0xFF3B, 0xFF3D, 0x0F3A, 0x0F3B, 0x0F3C,
    0x0F3D, 0x169B, 0x169C, 0x2045, 0x2046, 0x298B, 0x298C, 0x298D, 0x298E, 0x298F, 0x2990,
    0x27E8, 0x27E9, 0xFE59, 0xFE5A, 0x2E28, 0x2E29,
    /* F6..FE L and unassigned code points with default R / AL, private use */
    0x00E9, 0x4E2D, 0x10000, 0x05FF, 0x07BF, 0x1EC70, 0x1E800, 0x10FFFD, 0x1F600};
#define N_SPECIAL (sizeof special / sizeof special[0])

static int is_removed(unsigned c) /* X9 */
{
    return c == IBIDI_UNICODE_BC_RLE || c == IBIDI_UNICODE_BC_LRE || c == IBIDI_UNICODE_BC_RLO ||
           c == IBIDI_UNICODE_BC_LRO || c == IBIDI_UNICODE_BC_PDF || c == IBIDI_UNICODE_BC_BN;
}
static int is_isolate_ctl(unsigned c)
{
    return c == IBIDI_UNICODE_BC_LRI || c == IBIDI_UNICODE_BC_RLI || c == IBIDI_UNICODE_BC_FSI ||
           c == IBIDI_UNICODE_BC_PDI;
}
static int is_control(uint32_t cp, unsigned c) /* dropped by IBIDI_BIDI_REMOVE_CONTROLS */
{
    /* the bidi controls; other BN characters (ZWJ, soft hyphen) stay */
    return (is_removed(c) && c != IBIDI_UNICODE_BC_BN) || is_isolate_ctl(c) || cp == 0x200E ||
           cp == 0x200F || cp == 0x061C;
}

/* L1 for [start, end) into out[0 .. end - start). */
static void ref_line(const uint8_t *levels, const uint8_t *cls, size_t start, size_t end,
                     uint8_t para, uint8_t *out)
{
    int trailing = 1;
    for (size_t i = end; i-- > start;) {
        unsigned c = cls[i];
        out[i - start] = levels[i];
        if (c == IBIDI_UNICODE_BC_S || c == IBIDI_UNICODE_BC_B) {
            out[i - start] = para;
            trailing = 1;
        } else if (trailing && (c == IBIDI_UNICODE_BC_WS || is_isolate_ctl(c) || is_removed(c))) {
            out[i - start] = para;
        } else {
            trailing = 0;
        }
    }
}

typedef struct bufs {
    uint8_t *cls, *cls2, *lv, *lv2, *lv3, *line, *vlv, *weak, *types;
    size_t *v2l, *l2v, *one, *w, *offs;
    ibidi_bidi_run *runs;
    uint32_t *out, *out2, *want;
    char *u8, *o8, *w8;
    void *work;
    size_t work_size;
} bufs;

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    REQUIRE(p);
    return p;
}

/* Property 5 on one line of m levels. */
static void check_l2(bufs *B, const uint8_t *lv, size_t m)
{
    ibidi_error e;
    size_t nr = (size_t)-1;
    REQUIRE(ibidi_bidi_reorder(lv, m, B->v2l, B->l2v, &e) == IBIDI_OK);
    for (size_t i = 0; i < m; i++)
        B->w[i] = (size_t)-1;
    for (size_t v = 0; v < m; v++) {
        REQUIRE(B->v2l[v] < m && B->w[B->v2l[v]] == (size_t)-1); /* a permutation */
        B->w[B->v2l[v]] = v;
        REQUIRE(B->l2v[B->v2l[v]] == v); /* the inverse */
    }
    REQUIRE(ibidi_bidi_reorder(lv, m, B->one, NULL, &e) == IBIDI_OK);
    REQUIRE(m == 0 || memcmp(B->one, B->v2l, m * sizeof *B->one) == 0);
    REQUIRE(ibidi_bidi_reorder(lv, m, NULL, B->one, &e) == IBIDI_OK);
    REQUIRE(m == 0 || memcmp(B->one, B->l2v, m * sizeof *B->one) == 0);
    /* the levels in visual order reorder back to logical order */
    for (size_t v = 0; v < m; v++)
        B->vlv[v] = lv[B->v2l[v]];
    REQUIRE(ibidi_bidi_reorder(B->vlv, m, B->one, NULL, &e) == IBIDI_OK);
    for (size_t k = 0; k < m; k++)
        REQUIRE(B->v2l[B->one[k]] == k);
    /* runs */
    ibidi_bidi_run_list pre = {NULL, 0, (size_t)-1};
    ibidi_status st = ibidi_bidi_runs(lv, m, &pre, &e);
    nr = pre.n;
    REQUIRE(st == (m ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK) && nr <= m && (m == 0 || nr > 0));
    ibidi_bidi_run_list all = {B->runs, nr, (size_t)-1};
    REQUIRE(ibidi_bidi_runs(lv, m, &all, &e) == IBIDI_OK && all.n == nr);
    size_t v = 0;
    for (size_t r = 0; r < nr; r++) {
        const ibidi_bidi_run *run = &B->runs[r];
        REQUIRE(run->length > 0 && run->start + run->length <= m && v + run->length <= m);
        for (size_t j = 0; j < run->length; j++) {
            size_t l = run->level & 1 ? run->start + run->length - 1 - j : run->start + j;
            REQUIRE(lv[l] == run->level && B->v2l[v + j] == l);
        }
        /* maximal: the next run differs in level or is not its continuation */
        if (r + 1 < nr) {
            const ibidi_bidi_run *nx = &B->runs[r + 1];
            REQUIRE(nx->level != run->level ||
                    (run->level & 1 ? nx->start + nx->length != run->start
                                    : run->start + run->length != nx->start));
        }
        v += run->length;
    }
    REQUIRE(v == m);
}

static int info_eq(const ibidi_bidi_info *a, const ibidi_bidi_info *b)
{
    return a->length == b->length && a->paragraphs == b->paragraphs &&
           a->para_level == b->para_level && a->max_level == b->max_level &&
           a->has_rtl == b->has_rtl && a->has_explicit == b->has_explicit;
}

/* Visual text expected from the levels (property 6) into B->want; returns its length. */
static size_t expected_visual(bufs *B, const uint32_t *t, const size_t *ps, const size_t *pe,
                              size_t np, unsigned opt)
{
    size_t k = 0;
    for (size_t p = 0; p < np; p++) {
        size_t s = ps[p], e = pe[p];
        size_t ce = B->cls[e - 1] == IBIDI_UNICODE_BC_B ? e - 1 : e;
        REQUIRE(ibidi_bidi_reorder(B->lv + s, ce - s, B->v2l, NULL, NULL) == IBIDI_OK);
        for (size_t v = 0; v < ce - s; v++) {
            size_t l = s + B->v2l[v];
            if ((opt & IBIDI_BIDI_REMOVE_CONTROLS) && is_control(t[l], B->cls[l]))
                continue;
            B->want[k++] = (opt & IBIDI_BIDI_NO_MIRROR) ? t[l] : ibidi_bidi_mirror(t[l], B->lv[l]);
        }
        if (ce < e)
            B->want[k++] = t[ce];
    }
    return k;
}

static void check_text(const uint32_t *t, size_t n, ibidi_dir dir, unsigned parts)
{
    bufs B;
    size_t n1 = n + 1;
    B.cls = xmalloc(n1), B.cls2 = xmalloc(n1), B.lv = xmalloc(n1), B.lv2 = xmalloc(n1);
    B.lv3 = xmalloc(n1), B.line = xmalloc(2 * n1), B.vlv = xmalloc(n1);
    B.weak = xmalloc(n1), B.types = xmalloc(n1);
    B.v2l = xmalloc(n1 * sizeof(size_t)), B.l2v = xmalloc(n1 * sizeof(size_t));
    B.one = xmalloc(n1 * sizeof(size_t)), B.w = xmalloc(n1 * sizeof(size_t));
    B.offs = xmalloc(n1 * sizeof(size_t)), B.runs = xmalloc(n1 * sizeof(ibidi_bidi_run));
    B.out = xmalloc(n1 * 4), B.out2 = xmalloc(n1 * 4), B.want = xmalloc(n1 * 4);
    B.u8 = xmalloc(4 * n1), B.o8 = xmalloc(4 * n1), B.w8 = xmalloc(4 * n1);
    size_t *ps = xmalloc(n1 * sizeof(size_t)), *pe = xmalloc(n1 * sizeof(size_t));
    uint8_t *pl = xmalloc(n1);
    B.work_size = ibidi_bidi_work_size(n);
    REQUIRE(B.work_size != SIZE_MAX);
    B.work = B.work_size ? xmalloc(B.work_size) : NULL;
    REQUIRE((n > IBIDI_BIDI_SMALL) == (B.work_size > 0));
    uint32_t *bn = xmalloc((n + 1) * sizeof *bn);
    size_t bn_work_size = ibidi_bidi_work_size(n + 1);
    void *bn_work = bn_work_size ? xmalloc(bn_work_size) : NULL;

    ibidi_error e;
    ibidi_buf u8 = {B.u8, 4 * n1, 0};
    REQUIRE(ibidi_utf8_encode(t, n, &u8, NULL) == IBIDI_OK);
    size_t u8len = u8.len;
    int brackets = 0, explicit_ = 0;
    for (size_t i = 0; i < n; i++) {
        ibidi_unicode_bc bc = ibidi_unicode_bidi_class(t[i]);
        brackets |= ibidi_unicode_bracket_type(t[i]) != IBIDI_UNICODE_BPT_NONE;
        explicit_ |= bc >= IBIDI_UNICODE_BC_LRE && bc <= IBIDI_UNICODE_BC_PDI;
        B.cls2[i] = (uint8_t)bc;
    }

    {
        const int d = (int)dir;
        ibidi_bidi_info info, info2;
        const ibidi_bidi_options o = {dir, 0, B.work, B.work_size};
        ibidi_bidi_options ov = o; /* for the visual calls: with their flags */
        /* 1 */
        ibidi_bidi_result r = {.levels = B.lv, .classes = B.cls, .cap = n};
        ibidi_status st = ibidi_bidi_resolve_cp(t, n, &o, &r, &e);
        info = r.info;
        REQUIRE(st == IBIDI_OK && e.status == IBIDI_OK && r.n == n);
        REQUIRE(n == 0 || memcmp(B.cls, B.cls2, n) == 0);
        REQUIRE(info.length == n && info.has_explicit == explicit_);
        unsigned maxl = 0, odd = 0;
        for (size_t i = 0; i < n; i++) {
            REQUIRE(B.lv[i] <= IBIDI_BIDI_MAX_DEPTH + 1);
            if (B.lv[i] > maxl)
                maxl = B.lv[i];
            odd |= B.lv[i] & 1u;
        }
        REQUIRE(info.max_level == maxl && info.has_rtl == odd);
        /* 1: the types */
        if (parts & P_LEVELS) {
        ibidi_bidi_result rt = {.levels = B.lv2, .weak = B.weak, .types = B.types, .cap = n};
        REQUIRE(ibidi_bidi_resolve_cp(t, n, &o, &rt, &e) == IBIDI_OK);
        REQUIRE(n == 0 || memcmp(B.lv2, B.lv, n) == 0);
        REQUIRE(info_eq(&info, &rt.info));
        for (size_t i = 0; i < n; i++) {
            const unsigned c = B.cls[i], ty = B.types[i], wk = B.weak[i];
            const unsigned l1 = (1u << IBIDI_UNICODE_BC_WS) | (1u << IBIDI_UNICODE_BC_S) |
                                (1u << IBIDI_UNICODE_BC_B) | (1u << IBIDI_UNICODE_BC_LRI) |
                                (1u << IBIDI_UNICODE_BC_RLI) | (1u << IBIDI_UNICODE_BC_FSI) |
                                (1u << IBIDI_UNICODE_BC_PDI);
            if (ibidi_bidi_class_removed((ibidi_unicode_bc)c)) {
                REQUIRE(ty == IBIDI_UNICODE_BC_BN && wk == IBIDI_UNICODE_BC_BN);
                continue;
            }
            REQUIRE(ty == IBIDI_UNICODE_BC_L || ty == IBIDI_UNICODE_BC_R ||
                    ty == IBIDI_UNICODE_BC_EN || ty == IBIDI_UNICODE_BC_AN);
            REQUIRE(wk < IBIDI_UNICODE_BC_COUNT && wk != IBIDI_UNICODE_BC_NSM &&
                    wk != IBIDI_UNICODE_BC_AL && wk != IBIDI_UNICODE_BC_ES &&
                    wk != IBIDI_UNICODE_BC_ET && wk != IBIDI_UNICODE_BC_CS &&
                    wk != IBIDI_UNICODE_BC_BN);
            if (c == IBIDI_UNICODE_BC_EN)
                REQUIRE(wk == IBIDI_UNICODE_BC_EN || wk == IBIDI_UNICODE_BC_AN ||
                        wk == IBIDI_UNICODE_BC_L ||
                        wk == IBIDI_UNICODE_BC_R); /* R: under an override */
            if (!((1u << c) & l1)) /* I1-I2, where L1 did not reset the level */
                REQUIRE((ty == IBIDI_UNICODE_BC_R) == (B.lv[i] & 1u));
        }

        }
        memcpy(B.lv3, B.lv, n);

        /* 2: paragraphs */
        size_t np = 0, p = 0;
        while (p < n) {
            ibidi_bidi_para pa = {99, 99, 99};
            REQUIRE(ibidi_bidi_paragraph(B.cls, n, p, dir, &pa, &e) == IBIDI_OK);
            const size_t s = pa.start, en = pa.end;
            const uint8_t lvl = pa.level;
            REQUIRE(s == p && en > p && en <= n && lvl <= 1);
            REQUIRE(dir == IBIDI_DIR_AUTO || dir == IBIDI_DIR_AUTO_RTL || lvl == (uint8_t)d);
            for (size_t i = s; i + 1 < en; i++)
                REQUIRE(B.cls[i] != IBIDI_UNICODE_BC_B);
            REQUIRE(en == n || B.cls[en - 1] == IBIDI_UNICODE_BC_B);
            /* the same answer for every index inside */
            ibidi_bidi_para pa2;
            REQUIRE(ibidi_bidi_paragraph(B.cls, n, en - 1, dir, &pa2, &e) == IBIDI_OK);
            if (parts & P_LEVELS)
                REQUIRE(pa2.start == s && pa2.end == en && pa2.level == lvl);
            ps[np] = s, pe[np] = en, pl[np] = lvl;
            np++;
            p = en;
        }
        REQUIRE(info.paragraphs == np && info.para_level == (np ? pl[0] : 0));

        for (size_t q = 0; q < np; q++) {
            size_t s = ps[q], en = pe[q], m = en - s;
            uint8_t L = pl[q];
            if (parts & P_LEVELS) {
            /* 2: alone, with the direction given and forced */
            ibidi_bidi_result r2 = {.levels = B.lv2, .cap = m};
            REQUIRE(ibidi_bidi_resolve_cp(t + s, m, &o, &r2, &e) == IBIDI_OK);
            info2 = r2.info;
            REQUIRE(memcmp(B.lv2, B.lv + s, m) == 0 && info2.paragraphs == 1 &&
                    info2.para_level == L);
            const ibidi_bidi_options forced = {L ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, 0, B.work,
                                               B.work_size};
            REQUIRE(ibidi_bidi_resolve_cp(t + s, m, &forced, &r2, &e) == IBIDI_OK);
            REQUIRE(memcmp(B.lv2, B.lv + s, m) == 0);

            /* 3 */
            ref_line(B.lv, B.cls, s, en, L, B.line);
            int has_rtl_input = 0, has_ltr_input = 0, has_fsi = 0;
            for (size_t i = s; i < en; i++) {
                unsigned c = B.cls[i];
                REQUIRE(B.lv[i] >= L);
                REQUIRE(B.line[i - s] == B.lv[i]); /* L1 was applied at the paragraph end */
                if (c == IBIDI_UNICODE_BC_B || c == IBIDI_UNICODE_BC_S)
                    REQUIRE(B.lv[i] == L);
                if (is_removed(c) && i > s && B.cls[i - 1] != IBIDI_UNICODE_BC_S) {
                    /* the level of the character before it, unless L1 reset it */
                    REQUIRE(B.lv[i] == B.lv[i - 1] || B.lv[i] == L);
                }
                if (is_removed(c) && i == s)
                    REQUIRE(B.lv[i] == L);
                has_rtl_input |= c == IBIDI_UNICODE_BC_R || c == IBIDI_UNICODE_BC_AL ||
                                 c == IBIDI_UNICODE_BC_AN || c == IBIDI_UNICODE_BC_RLE ||
                                 c == IBIDI_UNICODE_BC_RLO || c == IBIDI_UNICODE_BC_RLI;
                has_ltr_input |= c == IBIDI_UNICODE_BC_L || c == IBIDI_UNICODE_BC_EN ||
                                 c == IBIDI_UNICODE_BC_AN || c == IBIDI_UNICODE_BC_LRE ||
                                 c == IBIDI_UNICODE_BC_LRO || c == IBIDI_UNICODE_BC_LRI;
                has_fsi |= c == IBIDI_UNICODE_BC_FSI;
            }
            for (size_t i = s; i < en; i++) {
                if (L == 0 && !has_rtl_input && !has_fsi)
                    REQUIRE((B.lv[i] & 1) == 0);
                if (L == 1 && !has_ltr_input && !has_fsi)
                    REQUIRE((B.lv[i] & 1) == 1);
            }
            /* a removed character whose level differs from the one before it must have
             * been reset by L1: it is followed, after removed characters, whitespace and
             * isolate controls only, by a separator or the end */
            for (size_t i = s + 1; i < en; i++) {
                if (!is_removed(B.cls[i]) || B.lv[i] == B.lv[i - 1] ||
                    B.cls[i - 1] == IBIDI_UNICODE_BC_S)
                    continue;
                size_t j = i;
                while (j < en && (is_removed(B.cls[j]) || is_isolate_ctl(B.cls[j]) ||
                                  B.cls[j] == IBIDI_UNICODE_BC_WS))
                    j++;
                REQUIRE(j == en || B.cls[j] == IBIDI_UNICODE_BC_S ||
                        B.cls[j] == IBIDI_UNICODE_BC_B);
            }

            }
            if (!(parts & P_LINES))
                continue;
            /* 4: L1 per line (B.lv3 is a copy of B.lv for the calls in place) */
            ibidi_bidi_line para_line = {B.lv, B.cls, n, s, en, L};
            REQUIRE(ibidi_bidi_line_levels(&para_line, B.line, &e) == IBIDI_OK);
            REQUIRE(memcmp(B.line, B.lv + s, m) == 0);
            size_t a = s;
            while (a < en) {
                size_t b = a + 1;
                while (b < en && ((t[b] * 2654435761u) >> 29) != 0)
                    b++;
                ref_line(B.lv, B.cls, a, b, L, B.line + n1);
                ibidi_bidi_line line = {B.lv, B.cls, n, a, b, L};
                REQUIRE(ibidi_bidi_line_levels(&line, B.line, &e) == IBIDI_OK);
                REQUIRE(memcmp(B.line, B.line + n1, b - a) == 0);
                line.levels = B.lv3;
                REQUIRE(ibidi_bidi_line_levels(&line, B.lv3 + a, &e) == IBIDI_OK);
                REQUIRE(memcmp(B.lv3 + a, B.line + n1, b - a) == 0);
                memcpy(B.lv3 + a, B.lv + a, b - a); /* B.lv3 is B.lv again */
                /* 5 on the line */
                check_l2(&B, B.line, b - a);
                a = b;
            }
            /* 5 on the paragraph */
            check_l2(&B, B.lv + s, m);
        }
        /* 5 on the whole text, as one line */
        if (parts & P_LINES)
            check_l2(&B, B.lv, n);

        /* 6 */
        for (unsigned opt = 0; opt < 4 && (parts & P_VISUAL); opt++) {
            size_t k = expected_visual(&B, t, ps, pe, np, opt);
            ibidi_buf32 o32 = {B.out, n, (size_t)-1};
            ov.flags = opt;
            st = ibidi_bidi_visual_cp(t, n, &ov, &o32, &info2, &e);
            REQUIRE(st == IBIDI_OK && o32.len == k && info_eq(&info, &info2));
            REQUIRE(k == 0 || memcmp(B.out, B.want, k * 4) == 0);
            if (!(opt & IBIDI_BIDI_REMOVE_CONTROLS))
                REQUIRE(k == n);
            /* preflight */
            ibidi_buf32 p32 = {NULL, 0, (size_t)-1};
            st = ibidi_bidi_visual_cp(t, n, &ov, &p32, NULL, NULL);
            REQUIRE(st == (k ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK) && p32.len == k);

            /* 7: the UTF-8 forms */
            ibidi_buf w8 = {B.w8, 4 * n1, 0};
            REQUIRE(ibidi_utf8_encode(B.want, k, &w8, NULL) == IBIDI_OK);
            size_t wlen = w8.len;
            ibidi_buf p8 = {NULL, 0, (size_t)-1};
            st = ibidi_bidi_visual_utf8(B.u8, u8len, &ov, &p8, NULL, &e);
            REQUIRE(st == (wlen ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK) && p8.len == wlen);
            ibidi_buf o8 = {B.o8, wlen, (size_t)-1};
            st = ibidi_bidi_visual_utf8(B.u8, u8len, &ov, &o8, &info2, &e);
            REQUIRE(st == IBIDI_OK && o8.len == wlen && info_eq(&info, &info2));
            REQUIRE(wlen == 0 || memcmp(B.o8, B.w8, wlen) == 0);
            if (opt == (unsigned)d) { /* the allocating form, once per option */
                ibidi_buf a = {NULL, 0, (size_t)-1};
                REQUIRE(ibidi_bidi_visual_utf8_alloc(B.u8, u8len, &ov, &a, &e) == IBIDI_OK);
                REQUIRE(a.data && a.len == wlen && memcmp(a.data, B.w8, wlen) == 0 &&
                        a.data[wlen] == 0);
                ibidi_free(a.data);
            }
        }

        if (parts & P_UTF8) {
        /* 7: resolve_utf8 */
        ibidi_bidi_result r8 = {.levels = B.lv2, .classes = B.cls2, .offsets = B.offs, .cap = n};
        st = ibidi_bidi_resolve_utf8(B.u8, u8len, &o, &r8, &e);
        REQUIRE(st == IBIDI_OK && r8.n == n && info_eq(&info, &r8.info));
        REQUIRE(n == 0 || (memcmp(B.lv2, B.lv, n) == 0 && memcmp(B.cls2, B.cls, n) == 0));
        size_t off = 0;
        for (size_t i = 0; i < n; i++) {
            char tmp[4];
            REQUIRE(B.offs[i] == off);
            off += ibidi_utf8_encode_cp(t[i], tmp);
        }
        if (n > 0) {
            ibidi_bidi_result rs = {.levels = B.lv2, .cap = n - 1};
            st = ibidi_bidi_resolve_utf8(B.u8, u8len, &o, &rs, &e);
            REQUIRE(st == IBIDI_E_BUFFER_TOO_SMALL && rs.n == n);
        }
        /* 7: the allocating form; the types from the code point form (P_LEVELS has them) */
        if (!(parts & P_LEVELS))
            REQUIRE(ibidi_bidi_resolve_cp(t, n, &o,
                                          &(ibidi_bidi_result){.levels = B.lv3, .types = B.types,
                                                               .cap = n},
                                          &e) == IBIDI_OK);
        ibidi_bidi_result ra;
        st = ibidi_bidi_resolve_utf8_alloc(B.u8, u8len, &o,
                                           IBIDI_BIDI_WANT_CLASSES | IBIDI_BIDI_WANT_TYPES, &ra, &e);
        REQUIRE(st == IBIDI_OK && ra.n == n && info_eq(&info, &ra.info) && ra.levels &&
                ra.classes && ra.types && !ra.weak && !ra.offsets);
        REQUIRE(n == 0 || (memcmp(ra.levels, B.lv, n) == 0 && memcmp(ra.classes, B.cls, n) == 0 &&
                           memcmp(ra.types, B.types, n) == 0));
        ibidi_bidi_result_free(&ra);
        /* 7: resolve_classes */
        ibidi_bidi_result rc = {.levels = B.lv2, .cap = n};
        st = ibidi_bidi_resolve_classes(B.cls, n, &o, &rc, &e);
        info2 = rc.info;
        REQUIRE(st == IBIDI_OK && info2.paragraphs == info.paragraphs &&
                info2.para_level == info.para_level);
        if (!brackets)
            REQUIRE(n == 0 || memcmp(B.lv2, B.lv, n) == 0);
        }
        if (!(parts & P_LEVELS))
            goto done;
        /* 8: with a BN */
        size_t at = n ? t[n / 2] % (n + 1) : 0;
        memcpy(bn, t, at * sizeof *t);
        bn[at] = 0x200B;
        memcpy(bn + at + 1, t + at, (n - at) * sizeof *t);
        st = ibidi_bidi_resolve_cp(bn, n + 1, &(ibidi_bidi_options){dir, 0, bn_work, bn_work_size},
                                   &(ibidi_bidi_result){.levels = B.lv3, .cap = n + 1}, &e);
        REQUIRE(st == IBIDI_OK && memcmp(B.lv3, B.lv, at) == 0 &&
                memcmp(B.lv3 + at + 1, B.lv + at, n - at) == 0);
    }
done:

    free(B.cls), free(B.cls2), free(B.lv), free(B.lv2), free(B.lv3), free(B.line), free(B.vlv);
    free(B.weak), free(B.types);
    free(B.v2l), free(B.l2v), free(B.one), free(B.w), free(B.offs), free(B.runs);
    free(B.out), free(B.out2), free(B.want), free(B.u8), free(B.o8), free(B.w8), free(B.work);
    free(ps), free(pe), free(pl), free(bn), free(bn_work);
}

static int bidi_fuzz_one(const uint8_t *data, size_t size, unsigned parts)
{
    if (size == 0)
        return 0;
    const ibidi_dir dir = (ibidi_dir)(data[0] & 3u);
    const int as_utf8 = (data[0] >> 2) & 1u;
    data++, size--;
    const char *s = (const char *)data;
    ibidi_error ev, e;
    size_t count = 0;

    /* (1) as UTF-8 */
    if (as_utf8) {
    ibidi_status sv = ibidi_utf8_validate(s, size, &count, &ev);
    if (sv != IBIDI_OK && !(parts & P_UTF8)) {
        return 0;
    } else if (sv != IBIDI_OK) {
        size_t ws = ibidi_bidi_work_size(size);
        void *work = ws ? xmalloc(ws) : NULL;
        uint8_t *lv = xmalloc(size + 1);
        ibidi_bidi_result r = {.levels = lv, .cap = size};
        ibidi_status st = ibidi_bidi_resolve_utf8(
            s, size, &(ibidi_bidi_options){IBIDI_DIR_AUTO, 0, work, ws}, &r, &e);
        REQUIRE(st == sv && e.status == sv && e.offset == ev.offset && e.value == ev.value);
        ibidi_buf o = {(char *)lv, size, 1};
        st = ibidi_bidi_visual_utf8(s, size, &(ibidi_bidi_options){IBIDI_DIR_RTL, 0, work, ws},
                                    &o, NULL, &e);
        REQUIRE(st == sv && e.offset == ev.offset && o.len == 0);
        ibidi_buf p = {NULL, 0, 1};
        st = ibidi_bidi_visual_utf8_alloc(s, size, &(ibidi_bidi_options){IBIDI_DIR_LTR, 3, NULL, 0},
                                          &p, &e);
        REQUIRE(st == sv && e.offset == ev.offset && p.data == NULL && p.len == 0);
        ibidi_bidi_result ra;
        st = ibidi_bidi_resolve_utf8_alloc(s, size, NULL, IBIDI_BIDI_WANT_WEAK, &ra, &e);
        REQUIRE(st == sv && e.offset == ev.offset && ra.levels == NULL && ra.weak == NULL);
        free(lv);
        free(work);
    } else {
        uint32_t *t = xmalloc((count + 1) * sizeof *t);
        ibidi_buf32 got = {t, count, 0};
        REQUIRE(ibidi_utf8_decode(s, size, &got, NULL) == IBIDI_OK && got.len == count);
        check_text(t, count, dir, parts);
        free(t);
    }
    return 0;
    }

    /* (2) as code points, one per byte */
    uint32_t *t = xmalloc((size + 1) * sizeof *t);
    size_t n = 0;
    for (size_t i = 0; i < size; i++) {
        uint8_t b = data[i];
        if (b < 0x80) {
            t[n++] = b;
        } else if (b < 0xFF) {
            t[n++] = special[(b - 0x80) % N_SPECIAL];
        } else if (i + 3 < size) {
            uint32_t cp = ((uint32_t)data[i + 1] << 16 | (uint32_t)data[i + 2] << 8 | data[i + 3]) %
                          0x110000u;
            i += 3;
            if (cp < 0xD800 || cp > 0xDFFF)
                t[n++] = cp;
        }
    }
    /* the code point entry points reject what is not a scalar value, at its index */
    if (n > 0 && (parts & P_UTF8)) {
        uint32_t keep = t[n / 2];
        size_t ws = ibidi_bidi_work_size(n);
        void *work = ws ? xmalloc(ws) : NULL;
        uint8_t *lv = xmalloc(n);
        t[n / 2] = keep & 1 ? 0xD800 + (keep & 0x7FF) : 0x110000 + keep;
        ibidi_status want = keep & 1 ? IBIDI_E_CP_SURROGATE : IBIDI_E_CP_TOO_LARGE;
        ibidi_status st =
            ibidi_bidi_resolve_cp(t, n, &(ibidi_bidi_options){IBIDI_DIR_AUTO, 0, work, ws},
                                  &(ibidi_bidi_result){.levels = lv, .cap = n}, &e);
        REQUIRE(st == want && e.offset == n / 2 && e.value == t[n / 2]);
        t[n / 2] = keep;
        free(lv);
        free(work);
    }
    check_text(t, n, dir, parts);
    free(t);
    return 0;
}
