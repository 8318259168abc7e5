/*
 * The contract of include/ibidi/bidi.h, function by function (the conformance files are
 * read by another test; this one checks what the header promises):
 *  - errors: NULL with a length, ill-formed UTF-8 at its byte offset, surrogates and values
 *    above 10FFFF at their index, class values out of range, small buffers with the size
 *    needed, the work area of long inputs (missing, one byte short, exact, misaligned),
 *    levels above 126 given to L2, unknown directions; empty input everywhere;
 *  - ibidi_bidi_reorder (L2) against a naive reference written below (reverse, from the
 *    highest level down to the lowest odd level, every maximal run at that level or
 *    higher): every level array of length <= 6 over 0..3, 200000 random arrays, and
 *    staircases, alternations and long arrays; both maps, and each map alone;
 *  - ibidi_bidi_runs against runs read off the reference map;
 *  - ibidi_bidi_line_levels (L1 per line) against a reference, also in place;
 *  - ibidi_bidi_paragraph and the paragraphs of the resolve functions (P1-P3);
 *  - the visual functions: known outputs, mirroring (L4), NO_MIRROR, REMOVE_CONTROLS,
 *    the UTF-8, code point and allocating forms agree;
 *  - linear time: the internal counted resolver takes at most OPS_PER_CP steps per code
 *    point on ordinary and on 39 adversarial inputs (brackets, embeddings, isolates, FSI,
 *    W-rule and neutral floods), and doubling the input at most doubles the steps (ratio
 *    <= 2.2); as the count covers only the loops the resolver counts, the clock checks
 *    too that no input takes more than 25 times as long as ordinary text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/bidi.h"
#include "ibidi/utf8.h"
#include "testlib.h"

/* The resolver of ibidi_bidi_resolve_cp with the test hooks: test->steps counts its
 * inner-loop steps. Internal (hidden) but reachable: the tests link the static library. */
typedef struct ibidi__bidi_test {
    int reference;
    uint64_t steps;
} ibidi__bidi_test;
extern ibidi_status ibidi__bidi_resolve_test(const uint32_t *text, size_t n,
                                             const ibidi_bidi_options *opts,
                                             ibidi_bidi_result *res, ibidi__bidi_test *test);

/* The options of a call: a paragraph direction, flags, and a work area. */
#define OPTS(d, f, w, ws) (&(ibidi_bidi_options){(d), (f), (w), (ws)})

#define MAXL 126 /* IBIDI_BIDI_MAX_DEPTH + 1: the highest level */

/* ------------------------------------------------------------------ helpers */

static uint64_t rng = 0x9E3779B97F4A7C15u;
/* fixed seed, so every run tests the same arrays */
static uint32_t rnd(void) { return t_xorshift64s(&rng); }
static uint32_t below(uint32_t n) { return (uint32_t)(((uint64_t)rnd() * n) >> 32); }

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        printf("out of memory\n");
        exit(2);
    }
    return p;
}

/* Decodes a UTF-8 literal (NUL-terminated) into code points; returns their number. */
static size_t dec(const char *s, uint32_t *out, size_t cap)
{
    ibidi_buf32 d = {out, cap, 0};
    if (ibidi_utf8_decode(s, strlen(s), &d, NULL) != IBIDI_OK) {
        printf("bad test literal\n");
        exit(2);
    }
    return d.len;
}

/* Encodes code points into a malloc'd NUL-terminated UTF-8 buffer; *len gets its size. */
static char *enc(const uint32_t *t, size_t n, size_t *len)
{
    char *s = xmalloc(4 * n + 1);
    ibidi_buf e = {s, 4 * n + 1, 0};
    if (ibidi_utf8_encode(t, n, &e, NULL) != IBIDI_OK) {
        printf("bad test code points\n");
        exit(2);
    }
    *len = e.len;
    s[*len] = 0;
    return s;
}

static int is_removed(unsigned c) /* X9 */
{
    return c == IBIDI_UNICODE_BC_RLE || c == IBIDI_UNICODE_BC_LRE || c == IBIDI_UNICODE_BC_RLO ||
           c == IBIDI_UNICODE_BC_LRO || c == IBIDI_UNICODE_BC_PDF || c == IBIDI_UNICODE_BC_BN;
}

static int info_eq(const ibidi_bidi_info *a, const ibidi_bidi_info *b)
{
    return a->length == b->length && a->paragraphs == b->paragraphs &&
           a->para_level == b->para_level && a->max_level == b->max_level &&
           a->has_rtl == b->has_rtl && a->has_explicit == b->has_explicit;
}

/* Resolves n code points (t) or classes (c) in a paragraph of direction dir, without a work
 * area, into lv and, when not NULL, cl (their classes) and *info (the summary). */
static ibidi_status levels_cp(const uint32_t *t, size_t n, ibidi_dir dir, uint8_t *lv, uint8_t *cl,
                              ibidi_bidi_info *info, ibidi_error *e)
{
    ibidi_bidi_result r = {.levels = lv, .classes = cl, .cap = n};
    ibidi_status st = ibidi_bidi_resolve_cp(t, n, OPTS(dir, 0, NULL, 0), &r, e);
    if (info)
        *info = r.info;
    return st;
}

static ibidi_status levels_classes(const uint8_t *c, size_t n, ibidi_dir dir, uint8_t *lv,
                                   ibidi_bidi_info *info, ibidi_error *e)
{
    ibidi_bidi_result r = {.levels = lv, .cap = n};
    ibidi_status st = ibidi_bidi_resolve_classes(c, n, OPTS(dir, 0, NULL, 0), &r, e);
    if (info)
        *info = r.info;
    return st;
}

/* P1-P3 through ibidi_bidi_paragraph into the pointers that are not NULL. */
static ibidi_status para_of(const uint8_t *c, size_t n, size_t at, ibidi_dir dir, size_t *start,
                            size_t *end, uint8_t *level, ibidi_error *e)
{
    ibidi_bidi_para pa = {0, 0, 0};
    ibidi_status st = ibidi_bidi_paragraph(c, n, at, dir, &pa, e);
    if (start)
        *start = pa.start;
    if (end)
        *end = pa.end;
    if (level)
        *level = pa.level;
    return st;
}

/* ------------------------------------------------------------------ errors */

static void test_errors(void)
{
    uint8_t lv[64], cl[64];
    size_t off[64], ncp, maps[64], len;
    uint32_t out32[64];
    char out8[256];
    ibidi_bidi_run runs[64];
    ibidi_buf o8b;
    ibidi_buf32 o32b;
    ibidi_bidi_run_list rl;
    ibidi_error e;
    ibidi_status st;
    const uint32_t abc[3] = {'a', 'b', 'c'};
    const uint8_t cls3[3] = {IBIDI_UNICODE_BC_L, IBIDI_UNICODE_BC_R, IBIDI_UNICODE_BC_EN};
    const uint8_t lev3[3] = {0, 1, 2};

    /* NULL input with a non-zero length */
#define NULLCASE(call, name)                                                                       \
    do {                                                                                           \
        memset(&e, 0x55, sizeof e);                                                                \
        st = (call);                                                                               \
        CHECK(st == IBIDI_E_INVALID_ARGUMENT && e.status == st, "%s with NULL: %d (err %d)",      \
              name, st, e.status);                                                                 \
    } while (0)
    ibidi_bidi_result r = {.levels = lv, .classes = cl, .offsets = off, .cap = 64};
    NULLCASE(ibidi_bidi_resolve_utf8(NULL, 3, NULL, &r, &e), "resolve_utf8");
    NULLCASE(ibidi_bidi_resolve_cp(NULL, 3, NULL, &r, &e), "resolve_cp");
    NULLCASE(ibidi_bidi_resolve_classes(NULL, 3, NULL, &r, &e), "resolve_classes");
    NULLCASE(ibidi_bidi_resolve_utf8("abc", 3, NULL, NULL, &e), "resolve_utf8 into no result");
    NULLCASE(ibidi_bidi_resolve_cp(abc, 3, NULL, NULL, &e), "resolve_cp into no result");
    NULLCASE(ibidi_bidi_resolve_classes(cls3, 3, NULL, NULL, &e),
             "resolve_classes into no result");
    NULLCASE(ibidi_bidi_resolve_cp(abc, 3, NULL, &(ibidi_bidi_result){.cap = 3}, &e),
             "resolve_cp into NULL levels");
    NULLCASE(ibidi_bidi_resolve_classes(cls3, 3, NULL, &(ibidi_bidi_result){.cap = 3}, &e),
             "resolve_classes into NULL levels");
    NULLCASE(ibidi_bidi_resolve_utf8_alloc(NULL, 3, NULL, 0, &r, &e), "resolve_utf8_alloc");
    NULLCASE(ibidi_bidi_resolve_utf8_alloc("abc", 3, NULL, 0, NULL, &e),
             "resolve_utf8_alloc into no result");
    NULLCASE(ibidi_bidi_resolve_utf8_alloc("abc", 3, NULL, 16, &r, &e),
             "resolve_utf8_alloc wanting an unknown array");
    CHECK(r.levels == NULL && r.cap == 0, "a failed resolve_utf8_alloc left arrays");
    r = (ibidi_bidi_result){.levels = lv, .classes = cl, .offsets = off, .cap = 64};
    NULLCASE(ibidi_bidi_reorder(NULL, 3, maps, NULL, &e), "reorder");
    NULLCASE(ibidi_bidi_runs(NULL, 3, &(ibidi_bidi_run_list){runs, 64, 0}, &e), "runs");
    NULLCASE(ibidi_bidi_runs(lev3, 3, NULL, &e), "runs into no list");
    NULLCASE(ibidi_bidi_runs(lev3, 3, &(ibidi_bidi_run_list){NULL, 4, 0}, &e),
             "runs into NULL items with a capacity");
    NULLCASE(ibidi_bidi_paragraph(NULL, 3, 0, IBIDI_DIR_AUTO, NULL, &e), "paragraph");
    NULLCASE(ibidi_bidi_line_levels(NULL, lv, &e), "line_levels without a line");
    NULLCASE(ibidi_bidi_line_levels(&(ibidi_bidi_line){NULL, cls3, 3, 0, 3, 0}, lv, &e),
             "line_levels levels");
    NULLCASE(ibidi_bidi_line_levels(&(ibidi_bidi_line){lev3, NULL, 3, 0, 3, 0}, lv, &e),
             "line_levels classes");
    NULLCASE(ibidi_bidi_line_levels(&(ibidi_bidi_line){lev3, cls3, 3, 0, 3, 0}, NULL, &e),
             "line_levels output");
    NULLCASE(ibidi_bidi_visual_utf8(NULL, 3, NULL, &(ibidi_buf){out8, sizeof out8, 0}, NULL, &e),
             "visual_utf8");
    NULLCASE(ibidi_bidi_visual_cp(NULL, 3, NULL, &(ibidi_buf32){out32, 64, 0}, NULL, &e),
             "visual_cp");
    NULLCASE(ibidi_bidi_visual_utf8("abc", 3, NULL, NULL, NULL, &e), "visual_utf8 into no record");
    NULLCASE(ibidi_bidi_visual_cp(abc, 3, NULL, NULL, NULL, &e), "visual_cp into no record");
    NULLCASE(ibidi_bidi_visual_utf8("abc", 3, NULL, &(ibidi_buf){NULL, 4, 0}, NULL, &e),
             "visual_utf8 into NULL data with a capacity");
    NULLCASE(ibidi_bidi_visual_cp(abc, 3, NULL, &(ibidi_buf32){NULL, 4, 0}, NULL, &e),
             "visual_cp into NULL data with a capacity");
    {
        ibidi_buf p = {(char *)1, 0, 1};
        NULLCASE(ibidi_bidi_visual_utf8_alloc(NULL, 3, NULL, &p, &e), "visual_utf8_alloc");
        CHECK(p.data == NULL && p.len == 0, "a failed visual_utf8_alloc left its record");
        NULLCASE(ibidi_bidi_visual_utf8_alloc("abc", 3, NULL, NULL, &e),
                 "visual_utf8_alloc into no record");
    }
    ibidi_bidi_result_free(NULL); /* allowed, does nothing */

    /* an unknown direction, unknown flags */
    memset(&e, 0, sizeof e);
    st = ibidi_bidi_resolve_cp(abc, 3, OPTS((ibidi_dir)4, 0, NULL, 0), &r, &e);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT && e.status == st, "unknown direction: %d", st);
    st = ibidi_bidi_resolve_utf8("abc", 3, OPTS((ibidi_dir)5, 0, NULL, 0), &r, &e);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT, "resolve_utf8 unknown direction: %d", st);
    o32b = (ibidi_buf32){out32, 64, 0};
    st = ibidi_bidi_visual_cp(abc, 3, OPTS((ibidi_dir)7, 0, NULL, 0), &o32b, NULL, &e);
    len = o32b.len;
    CHECK(st == IBIDI_E_INVALID_ARGUMENT, "visual_cp unknown direction: %d", st);
    o32b = (ibidi_buf32){out32, 64, 0};
    st = ibidi_bidi_visual_cp(abc, 3, OPTS(IBIDI_DIR_LTR, 4, NULL, 0), &o32b, NULL, &e);
    len = o32b.len;
    CHECK(st == IBIDI_E_INVALID_ARGUMENT, "visual_cp unknown flag: %d", st);

    /* ill-formed UTF-8: the decoder's status at the byte offset, with the offending byte */
    static const struct {
        const char *s;
        size_t len;
        ibidi_status st;
        size_t off;
    } bad[] = {
        {"ab\xC0\x80", 4, IBIDI_E_UTF8_OVERLONG, 2},
        {"a\xE0\x80\x80z", 5, IBIDI_E_UTF8_OVERLONG, 1},
        {"\xF0\x8F\xBF\xBF", 4, IBIDI_E_UTF8_OVERLONG, 0},
        {"\xD7\x90\xED\xA0\x80", 5, IBIDI_E_UTF8_SURROGATE, 2},
        {"abc\xE2\x82", 5, IBIDI_E_UTF8_TRUNCATED, 3},
        {"a\xE2\x82z", 4, IBIDI_E_UTF8_TRUNCATED, 1},
        {"\xD7", 1, IBIDI_E_UTF8_TRUNCATED, 0},
        {"x\xF5\x80\x80\x80", 5, IBIDI_E_UTF8_TOO_LARGE, 1},
        {"\xF4\x90\x80\x80", 4, IBIDI_E_UTF8_TOO_LARGE, 0},
        {"ab\x80", 3, IBIDI_E_UTF8_UNEXPECTED_CONT, 2},
        {"\xD7\x90\xBF", 3, IBIDI_E_UTF8_UNEXPECTED_CONT, 2},
        {"abc(\xFF)", 6, IBIDI_E_UTF8_INVALID_BYTE, 4},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        unsigned char want_v = (unsigned char)bad[i].s[bad[i].off];
        memset(&e, 0, sizeof e);
        st = ibidi_bidi_resolve_utf8(bad[i].s, bad[i].len, OPTS(IBIDI_DIR_AUTO, 0, NULL, 0), &r,
                                     &e);
        CHECK(st == bad[i].st && e.status == st && e.offset == bad[i].off && e.value == want_v,
              "resolve_utf8 bad case %zu: status %d offset %zu value %X, want %d at %zu", i, st,
              e.offset, e.value, bad[i].st, bad[i].off);
        memset(&e, 0, sizeof e);
        o8b = (ibidi_buf){out8, sizeof out8, 0};
        st = ibidi_bidi_visual_utf8(bad[i].s, bad[i].len, OPTS(IBIDI_DIR_RTL, 0, NULL, 0), &o8b,
                                    NULL, &e);
        len = o8b.len;
        CHECK(st == bad[i].st && e.offset == bad[i].off, "visual_utf8 bad case %zu: %d at %zu", i,
              st, e.offset);
        ibidi_buf p = {NULL, 0, 0};
        memset(&e, 0, sizeof e);
        st = ibidi_bidi_visual_utf8_alloc(bad[i].s, bad[i].len, OPTS(IBIDI_DIR_RTL, 0, NULL, 0),
                                          &p, &e);
        CHECK(st == bad[i].st && e.offset == bad[i].off && p.data == NULL,
              "visual_utf8_alloc bad case %zu: %d at %zu", i, st, e.offset);
        ibidi_bidi_result ra;
        memset(&e, 0, sizeof e);
        st = ibidi_bidi_resolve_utf8_alloc(bad[i].s, bad[i].len, NULL, IBIDI_BIDI_WANT_TYPES, &ra,
                                           &e);
        CHECK(st == bad[i].st && e.offset == bad[i].off && ra.levels == NULL && ra.types == NULL,
              "resolve_utf8_alloc bad case %zu: %d at %zu", i, st, e.offset);
    }

    /* NUL is a character (U+0000, class BN), not a terminator */
    memset(&e, 0x55, sizeof e);
    st = ibidi_bidi_resolve_utf8("a\0\xD7\x90", 4, NULL, &r, &e);
    ncp = r.n;
    CHECK(st == IBIDI_OK && e.status == IBIDI_OK && e.offset == 0 && e.value == 0 && ncp == 3,
          "NUL inside UTF-8: %d, %zu code points", st, ncp);
    CHECK(cl[0] == IBIDI_UNICODE_BC_L && cl[1] == IBIDI_UNICODE_BC_BN &&
              cl[2] == IBIDI_UNICODE_BC_R,
          "classes of a NUL b: %u %u %u", cl[0], cl[1], cl[2]);
    CHECK(off[0] == 0 && off[1] == 1 && off[2] == 2, "offsets %zu %zu %zu", off[0], off[1], off[2]);

    /* code point errors at their index, with the value */
    {
        const uint32_t sur[4] = {'a', 0x5D0, 0xD800, 'b'}, sur2[2] = {'a', 0xDFFF},
                       big[3] = {0x110000, 'a', 'b'}, big2[3] = {'a', 'b', 0xFFFFFFFFu};
        struct {
            const uint32_t *t;
            size_t n;
            ibidi_status st;
            size_t at;
        } cps[] = {{sur, 4, IBIDI_E_CP_SURROGATE, 2},
                   {sur2, 2, IBIDI_E_CP_SURROGATE, 1},
                   {big, 3, IBIDI_E_CP_TOO_LARGE, 0},
                   {big2, 3, IBIDI_E_CP_TOO_LARGE, 2}};
        for (size_t i = 0; i < 4; i++) {
            memset(&e, 0, sizeof e);
            st = ibidi_bidi_resolve_cp(cps[i].t, cps[i].n, OPTS(IBIDI_DIR_AUTO, 0, NULL, 0), &r,
                                       &e);
            CHECK(st == cps[i].st && e.status == st && e.offset == cps[i].at &&
                      e.value == cps[i].t[cps[i].at],
                  "resolve_cp bad case %zu: %d at %zu value %X", i, st, e.offset, e.value);
            memset(&e, 0, sizeof e);
            o32b = (ibidi_buf32){out32, 64, 0};
            st = ibidi_bidi_visual_cp(cps[i].t, cps[i].n, NULL, &o32b, NULL, &e);
            len = o32b.len;
            CHECK(st == cps[i].st && e.offset == cps[i].at, "visual_cp bad case %zu: %d at %zu",
                  i, st, e.offset);
        }
    }

    /* class values out of range */
    {
        const uint8_t c1[3] = {IBIDI_UNICODE_BC_L, IBIDI_UNICODE_BC_R, 23},
                      c2[2] = {255, IBIDI_UNICODE_BC_L};
        memset(&e, 0, sizeof e);
        st = ibidi_bidi_resolve_classes(c1, 3, NULL, &r, &e);
        CHECK(st == IBIDI_E_INVALID_ARGUMENT && e.status == st && e.offset == 2,
              "class 23: %d at %zu", st, e.offset);
        memset(&e, 0, sizeof e);
        st = ibidi_bidi_resolve_classes(c2, 2, OPTS(IBIDI_DIR_AUTO, 0, NULL, 0), &r, &e);
        CHECK(st == IBIDI_E_INVALID_ARGUMENT && e.offset == 0, "class 255: %d at %zu", st,
              e.offset);
    }

    /* arrays too small: the number of code points is still reported */
    ibidi_bidi_result r2 = {.levels = lv, .cap = 2};
    st = ibidi_bidi_resolve_utf8("abc", 3, NULL, &r2, &e);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && e.status == st && r2.n == 3,
          "cap 2 for abc: %d, %zu", st, r2.n);
    st = ibidi_bidi_resolve_cp(abc, 3, NULL, &r2, &e);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && r2.n == 3, "cap 2 for 3 code points: %d, %zu", st,
          r2.n);
    st = ibidi_bidi_resolve_classes(cls3, 3, NULL, &r2, &e);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && r2.n == 3, "cap 2 for 3 classes: %d, %zu", st, r2.n);
    ibidi_bidi_result r0 = {.cap = 0};
    st = ibidi_bidi_resolve_utf8("\xD7\x90\xD7\x91\xF0\x9E\xA4\x80", 8,
                                 OPTS(IBIDI_DIR_AUTO, 0, NULL, 0), &r0, &e);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && r0.n == 3, "preflight of 3 code points: %d, %zu", st,
          r0.n);
    ibidi_bidi_result r3 = {.levels = lv, .classes = cl, .offsets = off, .cap = 3};
    st = ibidi_bidi_resolve_utf8("\xD7\x90\xD7\x91\xF0\x9E\xA4\x80", 8,
                                 OPTS(IBIDI_DIR_AUTO, 0, NULL, 0), &r3, &e);
    ncp = r3.n;
    CHECK(st == IBIDI_OK && ncp == 3 && lv[0] == 1 && lv[1] == 1 && lv[2] == 1 && off[2] == 4,
          "exact cap: %d, %zu, levels %u %u %u", st, ncp, lv[0], lv[1], lv[2]);

    /* L2: levels above 126 */
    {
        uint8_t l[6] = {0, 1, 126, 127, 2, 0};
        memset(&e, 0, sizeof e);
        st = ibidi_bidi_reorder(l, 6, maps, NULL, &e);
        CHECK(st == IBIDI_E_BIDI_LEVEL && e.status == st && e.offset == 3,
              "level 127 at 3: %d at %zu", st, e.offset);
        l[3] = 255;
        st = ibidi_bidi_reorder(l, 6, NULL, maps, &e);
        CHECK(st == IBIDI_E_BIDI_LEVEL && e.offset == 3, "level 255 at 3: %d at %zu", st,
              e.offset);
        rl = (ibidi_bidi_run_list){runs, 64, 0};
        st = ibidi_bidi_runs(l, 6, &rl, &e);
        len = rl.n;
        CHECK(st == IBIDI_E_BIDI_LEVEL && e.offset == 3, "runs, level 255 at 3: %d at %zu", st,
              e.offset);
        l[3] = 126;
        st = ibidi_bidi_reorder(l, 6, maps, NULL, &e);
        CHECK(st == IBIDI_OK && e.status == IBIDI_OK, "level 126 is allowed: %d", st);
    }

    /* runs: too small a buffer still gives the count */
    {
        const uint8_t l[5] = {0, 1, 1, 2, 0};
        len = 0;
        rl = (ibidi_bidi_run_list){runs, 2, 0};
        st = ibidi_bidi_runs(l, 5, &rl, &e);
        len = rl.n;
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && len == 4, "runs cap 2: %d, %zu", st, len);
        len = 0;
        rl = (ibidi_bidi_run_list){NULL, 0, 0};
        st = ibidi_bidi_runs(l, 5, &rl, &e);
        len = rl.n;
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && len == 4, "runs preflight: %d, %zu", st, len);
        rl = (ibidi_bidi_run_list){runs, 4, 0};
        st = ibidi_bidi_runs(l, 5, &rl, &e);
        len = rl.n;
        CHECK(st == IBIDI_OK && len == 4, "runs exact: %d, %zu", st, len);
    }

    /* L1 per line: bad bounds */
    {
        uint8_t out[8];
        st = ibidi_bidi_line_levels(&(ibidi_bidi_line){lev3, cls3, 3, 2, 1, 0}, out, &e);
        CHECK(st == IBIDI_E_INVALID_ARGUMENT && e.status == st, "line start > end: %d", st);
        st = ibidi_bidi_line_levels(&(ibidi_bidi_line){lev3, cls3, 3, 0, 4, 0}, out, &e);
        CHECK(st == IBIDI_E_INVALID_ARGUMENT, "line end > n: %d", st);
        st = ibidi_bidi_line_levels(&(ibidi_bidi_line){lev3, cls3, 3, 3, 3, 0}, out, &e);
        CHECK(st == IBIDI_OK, "empty line at the end: %d", st);
        st = ibidi_bidi_line_levels(&(ibidi_bidi_line){lev3, cls3, 3, 1, 1, 0}, NULL, &e);
        CHECK(st == IBIDI_OK, "empty line into NULL: %d", st);
    }

    /* P1-P3: an index outside the text */
    {
        ibidi_bidi_para pa;
        st = ibidi_bidi_paragraph(cls3, 3, 3, IBIDI_DIR_AUTO, &pa, &e);
        CHECK(st == IBIDI_E_INVALID_ARGUMENT, "paragraph at == n: %d", st);
        st = ibidi_bidi_paragraph(cls3, 3, 99, IBIDI_DIR_AUTO, &pa, &e);
        CHECK(st == IBIDI_E_INVALID_ARGUMENT, "paragraph at > n: %d", st);
    }
#undef NULLCASE
}

/* ------------------------------------------------------------------ work area */

static void test_work_area(void)
{
    for (size_t n = 0; n <= IBIDI_BIDI_SMALL; n++)
        if (ibidi_bidi_work_size(n) != 0) {
            CHECK(0, "work size of %zu is %zu", n, ibidi_bidi_work_size(n));
            break;
        }
    t_pass_n(1);
    size_t prev = 0;
    int mono = 1;
    for (size_t n = IBIDI_BIDI_SMALL + 1; n < 5000000; n = n * 3 / 2 + 1) {
        size_t w = ibidi_bidi_work_size(n);
        if (w < prev || w == 0 || w == SIZE_MAX)
            mono = 0;
        prev = w;
    }
    CHECK(mono, "work size grows with n and is positive above IBIDI_BIDI_SMALL");
    CHECK(ibidi_bidi_work_size(IBIDI_BIDI_MAX_LENGTH) != SIZE_MAX, "work size of the maximum");
    CHECK(ibidi_bidi_work_size(IBIDI_BIDI_MAX_LENGTH + 1) == SIZE_MAX, "above the maximum");
    CHECK(ibidi_bidi_work_size(SIZE_MAX) == SIZE_MAX, "work size of SIZE_MAX");

    /* IBIDI_BIDI_SMALL + 1 code points: a mix with brackets, isolates and paragraphs */
    static const char *unit = "ab \xD7\x90(\xD7\x91)1\xE2\x81\xA7" "c\xE2\x81\xA9.\n";
    enum { N = IBIDI_BIDI_SMALL + 1 };
    uint32_t *t = xmalloc(N * sizeof *t), tmp[32];
    size_t k = dec(unit, tmp, 32), n = 0;
    while (n < N) {
        t[n] = tmp[n % k];
        n++;
    }
    size_t blen;
    char *s = enc(t, N, &blen);
    uint8_t *cls = xmalloc(N), *lv0 = xmalloc(N), *lv = xmalloc(N);
    for (size_t i = 0; i < N; i++)
        cls[i] = (uint8_t)ibidi_unicode_bidi_class(t[i]);
    size_t ws = ibidi_bidi_work_size(N);
    unsigned char *buf = xmalloc(ws + 16);
    uint32_t *o32 = xmalloc(N * sizeof *o32);
    char *o8 = xmalloc(blen + 1);
    size_t olen;
    ibidi_buf o8b;
    ibidi_buf32 o32b;
    ibidi_bidi_run_list rl;
    ibidi_error e;
    ibidi_status st;

    /* three work areas: none, one byte short, exact (also at an odd address) */
    struct {
        void *w;
        size_t size;
        int ok;
        const char *name;
    } areas[] = {{NULL, 0, 0, "NULL"},
                 {NULL, ws, 0, "NULL with a size"},
                 {buf, ws - 1, 0, "size - 1"},
                 {buf, ws, 1, "exact"},
                 {buf + 1, ws, 1, "exact, odd address"},
                 {buf + 3, ws + 13, 1, "larger"}};
    for (size_t a = 0; a < sizeof areas / sizeof areas[0]; a++) {
        ibidi_status want = areas[a].ok ? IBIDI_OK : IBIDI_E_BIDI_WORK_TOO_SMALL;
        const char *nm = areas[a].name;
        memset(&e, 0, sizeof e);
        const ibidi_bidi_options *o = OPTS(IBIDI_DIR_AUTO, 0, areas[a].w, areas[a].size);
        ibidi_bidi_result r = {.levels = lv, .cap = N};
        st = ibidi_bidi_resolve_utf8(s, blen, o, &r, &e);
        CHECK(st == want && e.status == st, "resolve_utf8, work %s: %d", nm, st);
        if (a == 3)
            memcpy(lv0, lv, N);
        else if (areas[a].ok)
            CHECK(memcmp(lv0, lv, N) == 0, "resolve_utf8, work %s: other levels", nm);
        st = ibidi_bidi_resolve_cp(t, N, o, &r, &e);
        CHECK(st == want && e.status == st, "resolve_cp, work %s: %d", nm, st);
        if (areas[a].ok)
            CHECK(a == 3 || memcmp(lv0, lv, N) == 0, "resolve_cp, work %s: other levels", nm);
        st = ibidi_bidi_resolve_classes(cls, N, o, &r, &e);
        CHECK(st == want && e.status == st, "resolve_classes, work %s: %d", nm, st);
        o8b = (ibidi_buf){o8, blen, 0};
        st = ibidi_bidi_visual_utf8(s, blen, o, &o8b, NULL, &e);
        olen = o8b.len;
        CHECK(st == want && e.status == st, "visual_utf8, work %s: %d", nm, st);
        o32b = (ibidi_buf32){o32, N, 0};
        st = ibidi_bidi_visual_cp(t, N, o, &o32b, NULL, &e);
        olen = o32b.len;
        CHECK(st == want && e.status == st, "visual_cp, work %s: %d", nm, st);
    }
    /* the allocating wrappers need no work area, and ignore one given */
    ibidi_buf p = {NULL, 0, 0};
    st = ibidi_bidi_visual_utf8_alloc(s, blen, OPTS(IBIDI_DIR_AUTO, 0, buf, 1), &p, &e);
    CHECK(st == IBIDI_OK && p.data && p.len == blen, "visual_utf8_alloc of %d code points: %d",
          N, st);
    ibidi_free(p.data);
    {
        ibidi_bidi_result ra;
        const unsigned want = IBIDI_BIDI_WANT_CLASSES | IBIDI_BIDI_WANT_WEAK |
                              IBIDI_BIDI_WANT_TYPES | IBIDI_BIDI_WANT_OFFSETS;
        st = ibidi_bidi_resolve_utf8_alloc(s, blen, OPTS(IBIDI_DIR_AUTO, 0, buf, 1), want, &ra, &e);
        CHECK(st == IBIDI_OK && ra.n == N && ra.cap == N && ra.levels && ra.classes && ra.weak &&
                  ra.types && ra.offsets && memcmp(ra.levels, lv0, N) == 0 &&
                  memcmp(ra.classes, cls, N) == 0 && ra.offsets[N - 1] < blen,
              "resolve_utf8_alloc of %d code points: %d", N, st);
        ibidi_bidi_result_free(&ra);
        CHECK(ra.levels == NULL && ra.classes == NULL && ra.weak == NULL && ra.types == NULL &&
                  ra.offsets == NULL,
              "ibidi_bidi_result_free leaves its pointers");
        st = ibidi_bidi_resolve_utf8_alloc(s, blen, NULL, 0, &ra, &e);
        CHECK(st == IBIDI_OK && ra.levels && !ra.classes && !ra.weak && !ra.types && !ra.offsets,
              "resolve_utf8_alloc of levels only: %d", st);
        ibidi_bidi_result_free(&ra);
    }

    /* exactly IBIDI_BIDI_SMALL code points: no work area */
    ibidi_bidi_result rs = {.levels = lv, .cap = N};
    st = ibidi_bidi_resolve_cp(t, IBIDI_BIDI_SMALL, OPTS(IBIDI_DIR_AUTO, 0, NULL, 0), &rs, &e);
    CHECK(st == IBIDI_OK, "resolve_cp of IBIDI_BIDI_SMALL without a work area: %d", st);
    CHECK(memcmp(lv, lv0, IBIDI_BIDI_SMALL / k * k) == 0,
          "the same levels as the longer text in the whole paragraphs");
    st = ibidi_bidi_resolve_classes(cls, IBIDI_BIDI_SMALL, OPTS(IBIDI_DIR_RTL, 0, NULL, 0), &rs,
                                    &e);
    CHECK(st == IBIDI_OK, "resolve_classes of IBIDI_BIDI_SMALL: %d", st);
    o32b = (ibidi_buf32){o32, N, 0};
    st = ibidi_bidi_visual_cp(t, IBIDI_BIDI_SMALL, OPTS(IBIDI_DIR_RTL, 0, NULL, 0), &o32b, NULL,
                              &e);
    olen = o32b.len;
    CHECK(st == IBIDI_OK && olen == IBIDI_BIDI_SMALL, "visual_cp of IBIDI_BIDI_SMALL: %d", st);

    /* the functions without a work area take any length: reorder, runs, line levels */
    {
        enum { M = 5000 };
        uint8_t *l = xmalloc(M);
        size_t *v = xmalloc(M * sizeof *v), *w = xmalloc(M * sizeof *w);
        ibidi_bidi_run *r = xmalloc(M * sizeof *r);
        for (size_t i = 0; i < M; i++)
            l[i] = (uint8_t)below(127);
        st = ibidi_bidi_reorder(l, M, v, w, &e);
        CHECK(st == IBIDI_OK, "reorder of %d levels: %d", M, st);
        rl = (ibidi_bidi_run_list){r, M, 0};
        st = ibidi_bidi_runs(l, M, &rl, &e);
        olen = rl.n;
        CHECK(st == IBIDI_OK, "runs of %d levels: %d", M, st);
        free(l);
        free(v);
        free(w);
        free(r);
    }
    free(t);
    free(s);
    free(cls);
    free(lv0);
    free(lv);
    free(buf);
    free(o32);
    free(o8);
}

/* ------------------------------------------------------------------ empty input */

static void test_empty(void)
{
    uint8_t lv[1], cl[1], wk[1], ty[1];
    size_t off[1], olen = 9, maps[1], nr = 9;
    uint32_t o32[1];
    char o8[1];
    ibidi_bidi_run runs[1];
    ibidi_buf o8b;
    ibidi_buf32 o32b;
    ibidi_bidi_run_list rl;
    ibidi_bidi_info info;
    ibidi_error e;
    ibidi_status st;
    for (int d = 0; d < 4; d++) {
        ibidi_dir dir = (ibidi_dir)d;
        const ibidi_bidi_options *o = OPTS(dir, 0, NULL, 0);
        ibidi_bidi_result r = {lv, cl, wk, ty, off, 1, 9, {0, 0, 0, 0, 0, 0}};
        memset(&r.info, 0x55, sizeof r.info);
        st = ibidi_bidi_resolve_utf8("", 0, o, &r, &e);
        info = r.info;
        CHECK(st == IBIDI_OK && r.n == 0 && info.length == 0 && info.paragraphs == 0 &&
                  info.para_level == 0 && info.max_level == 0 && info.has_rtl == 0 &&
                  info.has_explicit == 0,
              "resolve_utf8 empty, dir %d: %d, paragraphs %zu level %u", d, st, info.paragraphs,
              info.para_level);
        ibidi_bidi_result r0;
        memset(&r0, 0x55, sizeof r0);
        r0.levels = NULL;
        r0.classes = r0.weak = r0.types = NULL;
        r0.offsets = NULL;
        r0.cap = 0;
        st = ibidi_bidi_resolve_utf8(NULL, 0, o, &r0, &e);
        CHECK(st == IBIDI_OK && r0.n == 0 && r0.info.paragraphs == 0, "resolve_utf8 NULL, 0: %d",
              st);
        memset(&r0.info, 0x55, sizeof r0.info);
        r0.n = 9;
        st = ibidi_bidi_resolve_cp(NULL, 0, o, &r0, &e);
        CHECK(st == IBIDI_OK && r0.n == 0 && r0.info.length == 0 && r0.info.paragraphs == 0 &&
                  r0.info.para_level == 0,
              "resolve_cp empty: %d", st);
        memset(&r0.info, 0x55, sizeof r0.info);
        st = ibidi_bidi_resolve_classes(NULL, 0, o, &r0, &e);
        CHECK(st == IBIDI_OK && r0.info.length == 0 && r0.info.paragraphs == 0 &&
                  r0.info.para_level == 0,
              "resolve_classes empty: %d", st);
        ibidi_bidi_result ra;
        st = ibidi_bidi_resolve_utf8_alloc("", 0, o, IBIDI_BIDI_WANT_TYPES, &ra, &e);
        CHECK(st == IBIDI_OK && ra.n == 0 && ra.levels && ra.types, "resolve_utf8_alloc empty: %d",
              st);
        ibidi_bidi_result_free(&ra);
        memset(&info, 0x55, sizeof info);
        o8b = (ibidi_buf){o8, 0, 9};
        st = ibidi_bidi_visual_utf8("", 0, o, &o8b, &info, &e);
        olen = o8b.len;
        CHECK(st == IBIDI_OK && olen == 0 && info.paragraphs == 0, "visual_utf8 empty: %d", st);
        o8b = (ibidi_buf){NULL, 0, 9};
        st = ibidi_bidi_visual_utf8(NULL, 0, OPTS(dir, 3, NULL, 0), &o8b, NULL, &e);
        olen = o8b.len;
        CHECK(st == IBIDI_OK && olen == 0, "visual_utf8 NULL: %d", st);
        memset(&info, 0x55, sizeof info);
        o32b = (ibidi_buf32){o32, 0, 9};
        st = ibidi_bidi_visual_cp(NULL, 0, o, &o32b, &info, &e);
        olen = o32b.len;
        CHECK(st == IBIDI_OK && olen == 0 && info.paragraphs == 0, "visual_cp empty: %d", st);
        ibidi_buf p = {NULL, 0, 9};
        st = ibidi_bidi_visual_utf8_alloc("", 0, o, &p, &e);
        CHECK(st == IBIDI_OK && p.data && p.data[0] == 0 && p.len == 0,
              "visual_utf8_alloc empty: %d", st);
        ibidi_free(p.data);
    }
    st = ibidi_bidi_reorder(NULL, 0, NULL, NULL, &e);
    CHECK(st == IBIDI_OK, "reorder empty: %d", st);
    st = ibidi_bidi_reorder(NULL, 0, maps, maps, &e);
    CHECK(st == IBIDI_OK, "reorder empty with maps: %d", st);
    rl = (ibidi_bidi_run_list){runs, 1, 9};
    st = ibidi_bidi_runs(NULL, 0, &rl, &e);
    nr = rl.n;
    CHECK(st == IBIDI_OK && nr == 0, "runs empty: %d, %zu", st, nr);
    rl = (ibidi_bidi_run_list){NULL, 0, 9};
    st = ibidi_bidi_runs(NULL, 0, &rl, &e);
    nr = rl.n;
    CHECK(st == IBIDI_OK && nr == 0, "runs empty, no buffer: %d, %zu", st, nr);
    st = ibidi_bidi_line_levels(&(ibidi_bidi_line){NULL, NULL, 0, 0, 0, 0}, NULL, &e);
    CHECK(st == IBIDI_OK, "line_levels empty: %d", st);
}

/* ------------------------------------------------------------------ L2 */

/* L2, naively: from the highest level down to the lowest odd level, reverse every maximal
 * run of (current) positions whose level is at that level or higher. */
static void ref_reorder(const uint8_t *lv, size_t n, size_t *v2l)
{
    unsigned hi = 0, lo = 255;
    for (size_t i = 0; i < n; i++) {
        v2l[i] = i;
        if (lv[i] > hi)
            hi = lv[i];
        if (lv[i] < lo)
            lo = lv[i];
    }
    if (n == 0)
        return;
    for (unsigned k = hi; k >= (lo | 1u) && k > 0; k--) {
        size_t i = 0;
        while (i < n) {
            if (lv[v2l[i]] < k) {
                i++;
                continue;
            }
            size_t j = i;
            while (j < n && lv[v2l[j]] >= k)
                j++;
            for (size_t a = i, b = j - 1; a < b; a++, b--) {
                size_t x = v2l[a];
                v2l[a] = v2l[b];
                v2l[b] = x;
            }
            i = j;
        }
    }
}

/* Runs read off a visual-to-logical map. */
static size_t ref_runs(const uint8_t *lv, const size_t *v2l, size_t n, ibidi_bidi_run *r)
{
    size_t k = 0, v = 0;
    while (v < n) {
        size_t l = v2l[v], len = 1;
        uint8_t L = lv[l];
        if (L & 1) {
            while (v + len < n && lv[v2l[v + len]] == L && v2l[v + len] + len == l)
                len++;
            r[k].start = l + 1 - len;
        } else {
            while (v + len < n && lv[v2l[v + len]] == L && v2l[v + len] == l + len)
                len++;
            r[k].start = l;
        }
        r[k].length = len;
        r[k].level = L;
        k++;
        v += len;
    }
    return k;
}

static size_t *rb_ref, *rb_v2l, *rb_l2v, *rb_one;
static ibidi_bidi_run *rb_runs, *rb_refruns;
static size_t rb_cap;

static void reorder_buffers(size_t n)
{
    if (n <= rb_cap)
        return;
    free(rb_ref), free(rb_v2l), free(rb_l2v), free(rb_one), free(rb_runs), free(rb_refruns);
    rb_ref = xmalloc(n * sizeof(size_t));
    rb_v2l = xmalloc(n * sizeof(size_t));
    rb_l2v = xmalloc(n * sizeof(size_t));
    rb_one = xmalloc(n * sizeof(size_t));
    rb_runs = xmalloc(n * sizeof(ibidi_bidi_run));
    rb_refruns = xmalloc(n * sizeof(ibidi_bidi_run));
    rb_cap = n;
}

static void show_levels(const uint8_t *lv, size_t n)
{
    printf("  levels:");
    for (size_t i = 0; i < n && i < 40; i++)
        printf(" %u", lv[i]);
    printf(n > 40 ? " ...\n" : "\n");
}

/* Compares ibidi_bidi_reorder (both maps, each alone) and ibidi_bidi_runs with the
 * references. Counts one pass per array; reports the first difference. */
static int check_l2(const uint8_t *lv, size_t n, const char *what)
{
    ibidi_error e;
    size_t nr = 0;
    reorder_buffers(n + 1);
    ref_reorder(lv, n, rb_ref);
    ibidi_status st = ibidi_bidi_reorder(lv, n, rb_v2l, rb_l2v, &e);
    const char *bad = NULL;
    size_t at = 0;
    if (st != IBIDI_OK)
        bad = "status";
    for (size_t i = 0; !bad && i < n; i++)
        if (rb_v2l[i] != rb_ref[i])
            bad = "visual_to_logical", at = i;
    for (size_t i = 0; !bad && i < n; i++)
        if (rb_l2v[rb_ref[i]] != i)
            bad = "logical_to_visual", at = i;
    if (!bad) {
        if (ibidi_bidi_reorder(lv, n, rb_one, NULL, &e) != IBIDI_OK ||
            (n && memcmp(rb_one, rb_ref, n * sizeof *rb_one) != 0))
            bad = "visual_to_logical alone";
        else if (ibidi_bidi_reorder(lv, n, NULL, rb_one, &e) != IBIDI_OK ||
                 (n && memcmp(rb_one, rb_l2v, n * sizeof *rb_one) != 0))
            bad = "logical_to_visual alone";
        else if (ibidi_bidi_reorder(lv, n, NULL, NULL, &e) != IBIDI_OK)
            bad = "no maps";
    }
    if (!bad) {
        size_t k = ref_runs(lv, rb_ref, n, rb_refruns);
        ibidi_bidi_run_list rl = {rb_runs, n, (size_t)-1};
        st = ibidi_bidi_runs(lv, n, &rl, &e);
        nr = rl.n;
        if (st != IBIDI_OK || nr != k)
            bad = "runs count";
        for (size_t i = 0; !bad && i < k; i++)
            if (rb_runs[i].start != rb_refruns[i].start ||
                rb_runs[i].length != rb_refruns[i].length || rb_runs[i].level != rb_refruns[i].level)
                bad = "runs", at = i;
    }
    if (bad) {
        CHECK(0, "L2 %s, n=%zu: %s differs at %zu (status %d)", what, n, bad, at, st);
        show_levels(lv, n);
        return 0;
    }
    t_pass_n(1);
    return 1;
}

static void test_reorder(void)
{
    uint8_t lv[512];
    long bad = 0;

    /* every array of length <= 6 over the levels 0..3 */
    for (size_t n = 0; n <= 6 && bad < 5; n++) {
        size_t total = 1;
        for (size_t i = 0; i < n; i++)
            total *= 4;
        for (size_t x = 0; x < total && bad < 5; x++) {
            size_t y = x;
            for (size_t i = 0; i < n; i++, y /= 4)
                lv[i] = (uint8_t)(y % 4);
            bad += !check_l2(lv, n, "exhaustive");
        }
    }
    /* 200000 random arrays of length 0..300: uniform over 0..126, a few neighbouring
     * levels anywhere in 0..126, two levels, and random walks */
    for (int it = 0; it < 200000 && bad < 10; it++) {
        size_t n = below(301);
        unsigned kind = (unsigned)it % 4, base = below(127), span = 1 + below(6);
        unsigned a = below(127), b = below(127), cur = below(127);
        for (size_t i = 0; i < n; i++) {
            unsigned v;
            switch (kind) {
            case 0: v = below(127); break;
            case 1: v = base + below(span); break;
            case 2: v = below(2) ? a : b; break;
            default:
                cur = below(2) ? (cur < MAXL ? cur + 1 : cur) : (cur > 0 ? cur - 1 : cur);
                v = cur;
            }
            lv[i] = (uint8_t)(v > MAXL ? MAXL : v);
        }
        bad += !check_l2(lv, n, "random");
    }
    /* shapes */
    {
        size_t n = 0;
        for (unsigned k = 0; k <= MAXL; k++)
            lv[n++] = (uint8_t)k;
        for (unsigned k = MAXL; k-- > 0;)
            lv[n++] = (uint8_t)k;
        check_l2(lv, n, "staircase 0..126..0");
        n = 0;
        for (unsigned k = MAXL + 1; k-- > 0;)
            lv[n++] = (uint8_t)k;
        for (unsigned k = 1; k <= MAXL; k++)
            lv[n++] = (uint8_t)k;
        check_l2(lv, n, "valley 126..0..126");
        for (n = 0; n < 300; n++)
            lv[n] = (uint8_t)(n & 1 ? MAXL : 0);
        check_l2(lv, n, "alternating 0/126");
        for (n = 0; n < 301; n++)
            lv[n] = (uint8_t)(n & 1 ? MAXL - 1 : MAXL);
        check_l2(lv, n, "alternating 126/125");
        for (n = 0; n < 257; n++)
            lv[n] = (uint8_t)(n & 1 ? 1 : 2);
        check_l2(lv, n, "alternating 2/1");
        for (n = 0; n < 300; n++)
            lv[n] = MAXL;
        check_l2(lv, n, "all 126");
        for (n = 0; n < 300; n++)
            lv[n] = 1;
        check_l2(lv, n, "all 1");
        for (n = 0; n < 300; n++)
            lv[n] = (uint8_t)(n < 150 ? 2 * (n % 63) : 2 * (n % 63) + 1);
        check_l2(lv, n, "even then odd saws");
    }
    /* long arrays */
    {
        enum { M = 200000 };
        uint8_t *l = xmalloc(M);
        for (size_t i = 0; i < M; i++)
            l[i] = (uint8_t)below(127);
        check_l2(l, M, "long uniform");
        for (size_t i = 0; i < M; i++) {
            size_t k = i % 252;
            l[i] = (uint8_t)(k <= MAXL ? k : 252 - k);
        }
        check_l2(l, M, "long staircases");
        for (size_t i = 0; i < M; i++)
            l[i] = (uint8_t)((i & 1) ? MAXL : 0);
        check_l2(l, M, "long alternating 0/126");
        unsigned cur = 60;
        for (size_t i = 0; i < M; i++) {
            cur = below(2) ? (cur < MAXL ? cur + 1 : cur) : (cur > 0 ? cur - 1 : cur);
            l[i] = (uint8_t)cur;
        }
        check_l2(l, M, "long random walk");
        free(l);
    }
    printf("info: L2 compared with the naive reference on 5461 exhaustive, 200000 random and "
           "12 shaped arrays\n");
}

/* ------------------------------------------------------------------ L1 per line */

/* L1 for the line [start, end): separators, and whitespace, isolate controls and removed
 * characters before a separator or at the end of the line, take the paragraph level. */
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
        } else if (trailing && (c == IBIDI_UNICODE_BC_WS || c == IBIDI_UNICODE_BC_LRI ||
                                c == IBIDI_UNICODE_BC_RLI || c == IBIDI_UNICODE_BC_FSI ||
                                c == IBIDI_UNICODE_BC_PDI || is_removed(c))) {
            out[i - start] = para;
        } else {
            trailing = 0;
        }
    }
}

static void test_line_levels(void)
{
    uint32_t t[128];
    uint8_t lv[128], cl[128], out[128], want[128];
    ibidi_error e;
    ibidi_bidi_info info;
    ibidi_status st;

    /* Hebrew words in a left-to-right paragraph: the spaces between them are at level 1
     * until the line breaks after them */
    size_t n = dec(u8"\u05d0 \u05d1 \u05d2 \u05d3", t, 128);
    st = levels_cp(t, n, IBIDI_DIR_LTR, lv, cl, &info, &e);
    CHECK(st == IBIDI_OK && info.para_level == 0 && n == 7, "resolve: %d", st);
    for (size_t i = 0; i < n; i++)
        CHECK(lv[i] == 1, "level %zu is %u", i, lv[i]);
    const size_t br[4] = {0, 2, 4, 7};
    const uint8_t want_ltr[7] = {1, 0, 1, 0, 1, 1, 1};
    for (int l = 0; l < 3; l++) {
        st = ibidi_bidi_line_levels(&(ibidi_bidi_line){lv, cl, n, br[l], br[l + 1], 0}, out, &e);
        CHECK(st == IBIDI_OK && memcmp(out, want_ltr + br[l], br[l + 1] - br[l]) == 0,
              "line %d of the LTR paragraph: %d, %u %u", l, st, out[0], out[1]);
    }
    /* in place, line by line */
    memcpy(out, lv, n);
    for (int l = 0; l < 3; l++) {
        st = ibidi_bidi_line_levels(&(ibidi_bidi_line){out, cl, n, br[l], br[l + 1], 0},
                                    out + br[l], &e);
        CHECK(st == IBIDI_OK, "in place line %d: %d", l, st);
    }
    CHECK(memcmp(out, want_ltr, n) == 0, "in place: %u %u %u %u", out[0], out[1], out[2], out[3]);

    /* Latin words in a right-to-left paragraph, with a tab, a ZWSP (BN) and an isolate
     * at the end of the first line */
    n = dec(u8"ab\u2067\u2069 \u200b\tcd ef  gh", t, 128);
    st = levels_cp(t, n, IBIDI_DIR_RTL, lv, cl, &info, &e);
    CHECK(st == IBIDI_OK && info.para_level == 1, "resolve RTL: %d", st);
    /* a b RLI PDI sp ZWSP tab c d sp e f sp sp g h */
    CHECK(lv[0] == 2 && lv[2] == 1 && lv[3] == 1 && lv[4] == 1 && lv[6] == 1 && lv[7] == 2 &&
              lv[9] == 2 && lv[10] == 2 && lv[13] == 2 && lv[14] == 2,
          "levels of the RTL paragraph: %u %u %u %u %u %u %u %u", lv[0], lv[2], lv[4], lv[6],
          lv[7], lv[9], lv[10], lv[13]);
    {
        const size_t lb[4] = {0, 2, 12, 16};
        for (int l = 0; l < 3; l++) {
            st = ibidi_bidi_line_levels(&(ibidi_bidi_line){lv, cl, n, lb[l], lb[l + 1], 1}, out,
                                        &e);
            ref_line(lv, cl, lb[l], lb[l + 1], 1, want);
            CHECK(st == IBIDI_OK && memcmp(out, want, lb[l + 1] - lb[l]) == 0,
                  "RTL line %d: %d", l, st);
        }
        /* "cd ef  " ends with two spaces at level 2 that go to level 1 */
        st = ibidi_bidi_line_levels(&(ibidi_bidi_line){lv, cl, n, 7, 14, 1}, out, &e);
        CHECK(st == IBIDI_OK && out[0] == 2 && out[2] == 2 && out[3] == 2 && out[5] == 1 &&
                  out[6] == 1,
              "line 'cd ef  ': %u %u %u %u %u %u %u", out[0], out[1], out[2], out[3], out[4],
              out[5], out[6]);
    }

    /* random class strings, several paragraphs, random line breaks, against ref_line */
    static const uint8_t pool[] = {
        IBIDI_UNICODE_BC_L,   IBIDI_UNICODE_BC_R,   IBIDI_UNICODE_BC_AL,  IBIDI_UNICODE_BC_EN,
        IBIDI_UNICODE_BC_AN,  IBIDI_UNICODE_BC_WS,  IBIDI_UNICODE_BC_WS,  IBIDI_UNICODE_BC_WS,
        IBIDI_UNICODE_BC_S,   IBIDI_UNICODE_BC_B,   IBIDI_UNICODE_BC_BN,  IBIDI_UNICODE_BC_BN,
        IBIDI_UNICODE_BC_ON,  IBIDI_UNICODE_BC_NSM, IBIDI_UNICODE_BC_ET,  IBIDI_UNICODE_BC_CS,
        IBIDI_UNICODE_BC_LRE, IBIDI_UNICODE_BC_RLE, IBIDI_UNICODE_BC_PDF, IBIDI_UNICODE_BC_RLO,
        IBIDI_UNICODE_BC_LRI, IBIDI_UNICODE_BC_RLI, IBIDI_UNICODE_BC_FSI, IBIDI_UNICODE_BC_PDI};
    long bad = 0, lines = 0;
    for (int it = 0; it < 20000 && bad < 5; it++) {
        n = 1 + below(60);
        for (size_t i = 0; i < n; i++)
            cl[i] = pool[below(sizeof pool)];
        ibidi_dir dir = (ibidi_dir)below(4);
        if (levels_classes(cl, n, dir, lv, NULL, &e) != IBIDI_OK) {
            bad++;
            CHECK(0, "resolve_classes failed");
            continue;
        }
        size_t p = 0;
        while (p < n && bad < 5) {
            size_t s, en;
            uint8_t pl;
            if (para_of(cl, n, p, dir, &s, &en, &pl, &e) != IBIDI_OK || s != p ||
                en <= p) {
                bad++;
                CHECK(0, "paragraph at %zu", p);
                break;
            }
            /* the whole paragraph as one line: the resolved levels already */
            st = ibidi_bidi_line_levels(&(ibidi_bidi_line){lv, cl, n, s, en, pl}, out, &e);
            if (st != IBIDI_OK || memcmp(out, lv + s, en - s) != 0) {
                bad++;
                CHECK(0, "the paragraph [%zu,%zu) as one line differs", s, en);
            }
            size_t a = s;
            while (a < en) {
                size_t b = a + 1 + below((uint32_t)(en - a));
                ref_line(lv, cl, a, b, pl, want);
                st = ibidi_bidi_line_levels(&(ibidi_bidi_line){lv, cl, n, a, b, pl}, out, &e);
                memcpy(out + 64, lv, n);
                ibidi_status st2 =
                    ibidi_bidi_line_levels(&(ibidi_bidi_line){out + 64, cl, n, a, b, pl},
                                           out + 64 + a, &e);
                if (st != IBIDI_OK || st2 != IBIDI_OK || memcmp(out, want, b - a) != 0 ||
                    memcmp(out + 64 + a, want, b - a) != 0) {
                    bad++;
                    CHECK(0, "line [%zu,%zu) of paragraph [%zu,%zu) level %u: %d %d", a, b, s, en,
                          pl, st, st2);
                    printf("  classes:");
                    for (size_t i = a; i < b; i++)
                        printf(" %s", ibidi_unicode_bidi_class_name((ibidi_unicode_bc)cl[i]));
                    printf("\n  got/want:");
                    for (size_t i = a; i < b; i++)
                        printf(" %u/%u", out[i - a], want[i - a]);
                    printf("\n");
                    break;
                }
                lines++;
                a = b;
            }
            p = en;
        }
    }
    t_pass_n(lines);
    printf("info: L1 per line compared with the reference on %ld lines\n", lines);
}

/* ------------------------------------------------------------------ P1-P3 */

static void test_paragraphs(void)
{
    uint32_t t[64];
    uint8_t lv[64], cl[64], pl;
    size_t n, s, en;
    ibidi_error e;
    ibidi_bidi_info info;
    ibidi_status st;

    /* LF is class B: two paragraphs, each with its own direction */
    n = dec(u8"abc\n\u05d0\u05d1", t, 64);
    st = levels_cp(t, n, IBIDI_DIR_AUTO, lv, cl, &info, &e);
    CHECK(st == IBIDI_OK && info.paragraphs == 2 && info.para_level == 0 && info.has_rtl == 1 &&
              info.max_level == 1 && info.has_explicit == 0 && info.length == 6,
          "abc LF alef bet: %d, %zu paragraphs, level %u", st, info.paragraphs, info.para_level);
    {
        const uint8_t want[6] = {0, 0, 0, 0, 1, 1};
        CHECK(memcmp(lv, want, 6) == 0, "levels %u %u %u %u %u %u", lv[0], lv[1], lv[2], lv[3],
              lv[4], lv[5]);
    }
    for (size_t at = 0; at < n; at++) {
        st = para_of(cl, n, at, IBIDI_DIR_AUTO, &s, &en, &pl, &e);
        int first = at < 4;
        CHECK(st == IBIDI_OK && s == (first ? 0u : 4u) && en == (first ? 4u : 6u) &&
                  pl == (first ? 0 : 1),
              "paragraph of %zu: [%zu,%zu) level %u", at, s, en, pl);
        st = para_of(cl, n, at, IBIDI_DIR_RTL, NULL, NULL, &pl, &e);
        CHECK(st == IBIDI_OK && pl == 1, "RTL forced: %u", pl);
        st = para_of(cl, n, at, IBIDI_DIR_LTR, &s, NULL, &pl, &e);
        CHECK(st == IBIDI_OK && pl == 0 && s == (first ? 0u : 4u), "LTR forced: %u", pl);
    }
    /* the same through UTF-8 and through classes */
    ibidi_bidi_result r8 = {.levels = lv, .cap = 64};
    st = ibidi_bidi_resolve_utf8("abc\n\xD7\x90\xD7\x91", 8, OPTS(IBIDI_DIR_AUTO, 0, NULL, 0), &r8,
                                 &e);
    info = r8.info;
    CHECK(st == IBIDI_OK && r8.n == 6 && info.paragraphs == 2 && lv[3] == 0 && lv[4] == 1,
          "UTF-8 form: %d, %zu paragraphs", st, info.paragraphs);
    st = levels_classes(cl, n, IBIDI_DIR_AUTO_RTL, lv, &info, &e);
    CHECK(st == IBIDI_OK && info.paragraphs == 2 && lv[3] == 0 && lv[4] == 1,
          "classes form: %d, %zu paragraphs", st, info.paragraphs);
    st = levels_cp(t, n, IBIDI_DIR_RTL, lv, cl, &info, &e);
    CHECK(st == IBIDI_OK && info.para_level == 1 && lv[0] == 2 && lv[3] == 1 && lv[4] == 1,
          "RTL forced: abc at %u, LF at %u", lv[0], lv[3]);

    /* U+2029, an empty paragraph, and a paragraph without a separator at the end */
    n = dec(u8"\u05d0\u2029abc\u2029\u2029x", t, 64);
    {
        const size_t ps[4] = {0, 2, 6, 7}, pe[4] = {2, 6, 7, 8};
        const uint8_t lvl_auto[4] = {1, 0, 0, 0}, lvl_autortl[4] = {1, 0, 1, 0};
        for (int d = IBIDI_DIR_AUTO; d <= IBIDI_DIR_AUTO_RTL; d++) {
            const uint8_t *want = d == IBIDI_DIR_AUTO ? lvl_auto : lvl_autortl;
            st = levels_cp(t, n, (ibidi_dir)d, lv, cl, &info, &e);
            CHECK(st == IBIDI_OK && info.paragraphs == 4 && info.para_level == 1,
                  "four paragraphs, dir %d: %d, %zu", d, st, info.paragraphs);
            for (int p = 0; p < 4; p++) {
                for (size_t at = ps[p]; at < pe[p]; at++) {
                    st = para_of(cl, n, at, (ibidi_dir)d, &s, &en, &pl, &e);
                    CHECK(st == IBIDI_OK && s == ps[p] && en == pe[p] && pl == want[p],
                          "dir %d, index %zu: [%zu,%zu) level %u", d, at, s, en, pl);
                    CHECK(lv[at] == want[p], "dir %d: level of %zu is %u", d, at, lv[at]);
                }
            }
        }
    }

    /* P2-P3: which characters count */
    static const struct {
        const char *s;
        uint8_t lvl_auto, lvl_auto_rtl;
    } p2[] = {
        {u8"\u2067\u05d0\u2069abc", 0, 0},   /* the isolate is skipped */
        {u8"\u2067\u05d0", 0, 1},            /* an unmatched isolate runs to the end */
        {u8"\u2068a\u2069\u05d0", 1, 1},     /* FSI too */
        {u8"\u2066\u2069\u05d0", 1, 1},      /* an empty isolate */
        {u8"\u202b abc", 0, 0},              /* embeddings are not skipped */
        {u8"\u202e\u05d0", 1, 1},            /* nor overrides */
        {u8"123\u05d0", 1, 1},               /* EN is not strong */
        {u8"\u0661\u0662a", 0, 0},           /* AN is not strong */
        {u8"\u0627", 1, 1},                  /* AL is */
        {u8"!?", 0, 1},                      /* nothing strong */
        {u8"\u200f", 1, 1},                  /* RLM is R */
        {u8"\u200e\u05d0", 0, 0},            /* LRM is L */
        {u8"\u061c", 1, 1},                  /* ALM is AL */
        {u8"  \u2069\u05d0", 1, 1},          /* an unmatched PDI is not an isolate */
        {u8"\u2066\u2067\u2069a\u2069\u05d0", 1, 1}, /* nested isolates */
    };
    for (size_t i = 0; i < sizeof p2 / sizeof p2[0]; i++) {
        n = dec(p2[i].s, t, 64);
        for (size_t k = 0; k < n; k++)
            cl[k] = (uint8_t)ibidi_unicode_bidi_class(t[k]);
        st = para_of(cl, n, n - 1, IBIDI_DIR_AUTO, &s, &en, &pl, &e);
        CHECK(st == IBIDI_OK && s == 0 && en == n && pl == p2[i].lvl_auto,
              "P2 case %zu AUTO: level %u", i, pl);
        st = para_of(cl, n, 0, IBIDI_DIR_AUTO_RTL, &s, &en, &pl, &e);
        CHECK(st == IBIDI_OK && pl == p2[i].lvl_auto_rtl, "P2 case %zu AUTO_RTL: level %u", i, pl);
        st = levels_cp(t, n, IBIDI_DIR_AUTO, lv, NULL, &info, &e);
        CHECK(st == IBIDI_OK && info.para_level == p2[i].lvl_auto && info.paragraphs == 1,
              "P2 case %zu resolve: level %u", i, info.para_level);
        int explicit_ = 0;
        for (size_t k = 0; k < n; k++)
            explicit_ |= cl[k] >= IBIDI_UNICODE_BC_LRE && cl[k] <= IBIDI_UNICODE_BC_PDI;
        CHECK(info.has_explicit == explicit_, "P2 case %zu: has_explicit %u", i, info.has_explicit);
    }

    /* every paragraph is resolved on its own: the levels of the whole text are those of
     * each paragraph alone, for random class strings */
    static const uint8_t pool[] = {
        IBIDI_UNICODE_BC_L,   IBIDI_UNICODE_BC_R,   IBIDI_UNICODE_BC_AL,  IBIDI_UNICODE_BC_EN,
        IBIDI_UNICODE_BC_AN,  IBIDI_UNICODE_BC_WS,  IBIDI_UNICODE_BC_B,   IBIDI_UNICODE_BC_B,
        IBIDI_UNICODE_BC_S,   IBIDI_UNICODE_BC_BN,  IBIDI_UNICODE_BC_ON,  IBIDI_UNICODE_BC_NSM,
        IBIDI_UNICODE_BC_RLE, IBIDI_UNICODE_BC_LRO, IBIDI_UNICODE_BC_PDF, IBIDI_UNICODE_BC_RLI,
        IBIDI_UNICODE_BC_FSI, IBIDI_UNICODE_BC_PDI, IBIDI_UNICODE_BC_ET,  IBIDI_UNICODE_BC_ES};
    long bad = 0, count = 0;
    for (int it = 0; it < 5000 && bad < 5; it++) {
        uint8_t one[64];
        ibidi_bidi_info i1;
        n = 1 + below(50);
        for (size_t i = 0; i < n; i++)
            cl[i] = pool[below(sizeof pool)];
        ibidi_dir dir = (ibidi_dir)below(4);
        st = levels_classes(cl, n, dir, lv, &info, &e);
        size_t p = 0, np = 0;
        while (st == IBIDI_OK && p < n) {
            st = para_of(cl, n, p, dir, &s, &en, &pl, &e);
            if (st != IBIDI_OK)
                break;
            ibidi_status st1 = levels_classes(cl + s, en - s, dir, one, &i1, &e);
            if (st1 != IBIDI_OK || memcmp(one, lv + s, en - s) != 0 || i1.para_level != pl ||
                i1.paragraphs != 1 || (np == 0 && info.para_level != pl)) {
                bad++;
                CHECK(0, "paragraph [%zu,%zu) alone differs (dir %d)", s, en, dir);
            }
            np++;
            p = en;
        }
        if (st != IBIDI_OK || np != info.paragraphs) {
            bad++;
            CHECK(0, "paragraph count %zu vs %zu", np, info.paragraphs);
        }
        count++;
    }
    t_pass_n(count);
}

/* ------------------------------------------------------------------ visual */

/* visual_cp, visual_utf8 (preflight, one byte short, exact) and visual_utf8_alloc on one
 * input; all must give want. */
static void vis(int line, const char *in, ibidi_dir dir, unsigned opt, const char *want)
{
    uint32_t t[128], o32[128], w32[128];
    char o8[512];
    size_t n = dec(in, t, 128), wn = dec(want, w32, 128), len = 0, wlen = strlen(want), olen;
    ibidi_buf o8b;
    ibidi_error e;
    ibidi_buf32 o32b = {o32, 128, (size_t)-1};
    ibidi_status st = ibidi_bidi_visual_cp(t, n, OPTS(dir, opt, NULL, 0), &o32b, NULL, &e);
    olen = o32b.len;
    if (!t_check(st == IBIDI_OK && olen == wn && memcmp(o32, w32, wn * 4) == 0, __FILE__, line,
                 "visual_cp dir %d options %u: %d, %zu code points", dir, opt, st, olen)) {
        printf("  got:");
        for (size_t i = 0; i < olen && i < 128; i++)
            printf(" %04X", o32[i]);
        printf("\n  want:");
        for (size_t i = 0; i < wn; i++)
            printf(" %04X", w32[i]);
        printf("\n");
    }
    o8b = (ibidi_buf){NULL, 0, (size_t)-1};
    st = ibidi_bidi_visual_utf8(in, strlen(in), OPTS(dir, opt, NULL, 0), &o8b, NULL, &e);
    len = o8b.len;
    t_check(st == (wlen ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK) && len == wlen, __FILE__, line,
            "visual_utf8 preflight: %d, %zu (want %zu)", st, len, wlen);
    if (wlen) {
        o8b = (ibidi_buf){o8, wlen - 1, 0};
        st = ibidi_bidi_visual_utf8(in, strlen(in), OPTS(dir, opt, NULL, 0), &o8b, NULL, &e);
        len = o8b.len;
        t_check(st == IBIDI_E_BUFFER_TOO_SMALL && e.status == st && len == wlen, __FILE__, line,
                "visual_utf8 one byte short: %d, %zu", st, len);
    }
    o8b = (ibidi_buf){o8, wlen, 0};
    st = ibidi_bidi_visual_utf8(in, strlen(in), OPTS(dir, opt, NULL, 0), &o8b, NULL, &e);
    len = o8b.len;
    t_check(st == IBIDI_OK && len == wlen && memcmp(o8, want, wlen) == 0, __FILE__, line,
            "visual_utf8 exact: %d, %zu", st, len);
    ibidi_buf p = {NULL, 0, (size_t)-1};
    st = ibidi_bidi_visual_utf8_alloc(in, strlen(in), OPTS(dir, opt, NULL, 0), &p, &e);
    t_check(st == IBIDI_OK && p.data && p.len == wlen && memcmp(p.data, want, wlen + 1) == 0,
            __FILE__, line, "visual_utf8_alloc: %d, %zu", st, p.len);
    ibidi_free(p.data);
}

static void test_visual(void)
{
    /* X9 */
    for (int c = 0; c < 256; c++)
        CHECK(ibidi_bidi_class_removed((ibidi_unicode_bc)c) == is_removed((unsigned)c),
              "ibidi_bidi_class_removed(%d)", c);

    /* L4 */
    CHECK(ibidi_bidi_mirror('(', 1) == ')' && ibidi_bidi_mirror('(', 0) == '(' &&
              ibidi_bidi_mirror(']', 3) == '[' && ibidi_bidi_mirror(0x2264, 1) == 0x2265 &&
              ibidi_bidi_mirror(0x5D0, 1) == 0x5D0 && ibidi_bidi_mirror('a', 125) == 'a' &&
              ibidi_bidi_mirror(0xAB, 2) == 0xAB && ibidi_bidi_mirror(0xAB, 1) == 0xBB,
          "ibidi_bidi_mirror");

    /* Hebrew, digits and brackets: N0 makes the brackets R, I2 raises the digits */
    vis(__LINE__, u8"\u05d0\u05d1 (12) \u05d2", IBIDI_DIR_RTL, 0, u8"\u05d2 (12) \u05d1\u05d0");
    vis(__LINE__, u8"\u05d0\u05d1 (12) \u05d2", IBIDI_DIR_LTR, 0, u8"\u05d2 (12) \u05d1\u05d0");
    vis(__LINE__, u8"\u05d0\u05d1 (12) \u05d2", IBIDI_DIR_AUTO, 0, u8"\u05d2 (12) \u05d1\u05d0");
    vis(__LINE__, u8"\u05d0\u05d1 (12) \u05d2", IBIDI_DIR_RTL, IBIDI_BIDI_NO_MIRROR,
        u8"\u05d2 )12( \u05d1\u05d0");
    /* Latin around a bracketed Hebrew word */
    vis(__LINE__, u8"a (\u05d0) b", IBIDI_DIR_LTR, 0, u8"a (\u05d0) b");
    vis(__LINE__, u8"a (\u05d0) b", IBIDI_DIR_RTL, 0, u8"b (\u05d0) a");
    vis(__LINE__, u8"a (\u05d0) b", IBIDI_DIR_RTL, IBIDI_BIDI_NO_MIRROR, u8"b )\u05d0( a");
    vis(__LINE__, u8"a (\u05d0) b", IBIDI_DIR_AUTO, 0, u8"a (\u05d0) b");
    /* Arabic letters and Arabic-Indic digits */
    vis(__LINE__, u8"\u0627\u0661\u0662", IBIDI_DIR_AUTO, 0, u8"\u0661\u0662\u0627");
    vis(__LINE__, u8"ab \u0627\u0644 12 cd", IBIDI_DIR_LTR, 0, u8"ab 12 \u0644\u0627 cd");
    /* mirrored pairs that are not brackets */
    vis(__LINE__, u8"\u05d0<\u05d1", IBIDI_DIR_LTR, 0, u8"\u05d1>\u05d0");
    vis(__LINE__, u8"\u05d0\u2264\u05d1", IBIDI_DIR_RTL, IBIDI_BIDI_NO_MIRROR,
        u8"\u05d1\u2264\u05d0");
    /* one line per paragraph; separators stay at the end of their paragraph */
    vis(__LINE__, u8"\u05d0\u05d1\n\u05d2\u05d3", IBIDI_DIR_AUTO, 0, u8"\u05d1\u05d0\n\u05d3\u05d2");
    vis(__LINE__, u8"\u05d0\u05d1\u2029ab\u2029", IBIDI_DIR_RTL, 0, u8"\u05d1\u05d0\u2029ab\u2029");
    /* trailing whitespace goes to the paragraph's end (L1) */
    vis(__LINE__, u8"\u05d0\u05d1  ", IBIDI_DIR_LTR, 0, u8"\u05d1\u05d0  ");
    vis(__LINE__, u8"ab  ", IBIDI_DIR_RTL, 0, u8"  ab");

    /* controls: kept in place, or dropped; other BN characters (ZWSP here) stay */
    const char *ctl = u8"a\u202a b\u202c\u2066c\u2069\u200e\u200f\u061c\u200bd";
    vis(__LINE__, ctl, IBIDI_DIR_LTR, IBIDI_BIDI_REMOVE_CONTROLS, u8"a bc\u200bd");
    vis(__LINE__, ctl, IBIDI_DIR_LTR, 0,
        u8"a\u202a b\u202c\u2066c\u2069\u200e\u200b\u061c\u200fd");
    vis(__LINE__, u8"\u202b\u202dx\u202c\u202c\u202e\u05d0\u202c\u2067\u2068\u2069\u2069\u00ad",
        IBIDI_DIR_LTR, IBIDI_BIDI_REMOVE_CONTROLS, u8"\u05d0x\u00ad");
    vis(__LINE__, u8"\u2067ab\u2069 \u05d0", IBIDI_DIR_LTR,
        IBIDI_BIDI_REMOVE_CONTROLS | IBIDI_BIDI_NO_MIRROR, u8"ab \u05d0");
    vis(__LINE__, u8"\u202eabc(\u202c", IBIDI_DIR_LTR, IBIDI_BIDI_REMOVE_CONTROLS, u8")cba");
    vis(__LINE__, u8"\u202eabc(\u202c", IBIDI_DIR_LTR,
        IBIDI_BIDI_REMOVE_CONTROLS | IBIDI_BIDI_NO_MIRROR, u8"(cba");

    /* random texts: the UTF-8, code point and allocating forms agree; REMOVE_CONTROLS
     * drops exactly the controls; NO_MIRROR differs only by L4 */
    static const uint32_t pool[] = {'a',    'b',    '1',    '2',    ' ',    '(',    ')',
                                    '[',    ']',    '<',    '-',    ',',    '$',    '\n',
                                    '\t',   0x5D0,  0x5D1,  0x627,  0x628,  0x661,  0x300,
                                    0x200B, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066,
                                    0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x61C,  0x2029,
                                    0x2264, 0xAB,   0x6F1,  0x66B,  0xFEFF};
    long bad = 0, count = 0;
    for (int it = 0; it < 3000 && bad < 5; it++) {
        uint32_t t[80], a[80], b[80], c[80], d[80];
        size_t n = below(80), la, lb, lc, ld, blen, olen;
        for (size_t i = 0; i < n; i++)
            t[i] = pool[below(sizeof pool / sizeof pool[0])];
        ibidi_dir dir = (ibidi_dir)below(4);
        uint8_t lv[80];
        ibidi_bidi_info info;
        ibidi_buf32 o32b = {a, 80, 0};
        ibidi_status s0 = ibidi_bidi_visual_cp(t, n, OPTS(dir, 0, NULL, 0), &o32b, &info, NULL);
        la = o32b.len;
        o32b = (ibidi_buf32){b, 80, 0};
        ibidi_status s1 =
            ibidi_bidi_visual_cp(t, n, OPTS(dir, IBIDI_BIDI_NO_MIRROR, NULL, 0), &o32b, NULL, NULL);
        lb = o32b.len;
        o32b = (ibidi_buf32){c, 80, 0};
        ibidi_status s2 = ibidi_bidi_visual_cp(t, n, OPTS(dir, IBIDI_BIDI_REMOVE_CONTROLS, NULL, 0),
                                               &o32b, NULL, NULL);
        lc = o32b.len;
        o32b = (ibidi_buf32){d, 80, 0};
        ibidi_status s3 = ibidi_bidi_visual_cp(t, n, OPTS(dir, 3, NULL, 0), &o32b, NULL, NULL);
        ld = o32b.len;
        ibidi_status s4 = levels_cp(t, n, dir, lv, NULL, NULL, NULL);
        int ok = s0 == IBIDI_OK && s1 == IBIDI_OK && s2 == IBIDI_OK && s3 == IBIDI_OK &&
                 s4 == IBIDI_OK && la == n && lb == n;
        /* mirroring: a[v] is b[v] mirrored, or b[v] itself */
        for (size_t v = 0; ok && v < n; v++)
            ok = a[v] == b[v] ||
                 (a[v] == ibidi_unicode_mirroring_glyph(b[v]) && ibidi_unicode_bidi_mirrored(b[v]));
        /* dropping the controls from a gives c, from b gives d */
        size_t k = 0, k2 = 0;
        for (size_t v = 0; ok && v < n; v++) {
            ibidi_unicode_bc bc = ibidi_unicode_bidi_class(a[v]);
            int ctlc = (is_removed(bc) && bc != IBIDI_UNICODE_BC_BN) ||
                       bc == IBIDI_UNICODE_BC_LRI || bc == IBIDI_UNICODE_BC_RLI ||
                       bc == IBIDI_UNICODE_BC_FSI || bc == IBIDI_UNICODE_BC_PDI || a[v] == 0x200E ||
                       a[v] == 0x200F || a[v] == 0x61C;
            if (!ctlc)
                ok = k < lc && c[k++] == a[v];
            bc = ibidi_unicode_bidi_class(b[v]);
            ctlc = (is_removed(bc) && bc != IBIDI_UNICODE_BC_BN) || bc == IBIDI_UNICODE_BC_LRI ||
                   bc == IBIDI_UNICODE_BC_RLI || bc == IBIDI_UNICODE_BC_FSI ||
                   bc == IBIDI_UNICODE_BC_PDI || b[v] == 0x200E || b[v] == 0x200F || b[v] == 0x61C;
            if (ok && !ctlc)
                ok = k2 < ld && d[k2++] == b[v];
        }
        ok = ok && k == lc && k2 == ld;
        /* UTF-8 and the allocating form */
        char *s = enc(t, n, &blen), *w = enc(a, n, &olen), o8[400];
        ibidi_buf l8 = {o8, sizeof o8, 0}, p = {NULL, 0, 0};
        ibidi_bidi_info info8;
        ok = ok &&
             ibidi_bidi_visual_utf8(s, blen, OPTS(dir, 0, NULL, 0), &l8, &info8, NULL) ==
                 IBIDI_OK &&
             l8.len == olen && memcmp(o8, w, olen) == 0 && info_eq(&info8, &info) &&
             ibidi_bidi_visual_utf8_alloc(s, blen, OPTS(dir, 0, NULL, 0), &p, NULL) == IBIDI_OK &&
             p.data && p.len == olen && memcmp(p.data, w, olen + 1) == 0;
        ibidi_free(p.data);
        free(s);
        free(w);
        if (!ok) {
            bad++;
            CHECK(0, "random visual case %d (n=%zu dir %d) disagrees", it, n, dir);
        }
        count++;
    }
    t_pass_n(count);
}

/* ------------------------------------------------------------------ linear time */

/* Steps per code point allowed on every input: ordinary text takes about 10 (the figures
 * are printed, one line a family, when the test is run by hand). */
#define OPS_PER_CP 40
#define N1 150000
#define N2 300000

typedef struct tb {
    uint32_t *t;
    size_t n, cap;
} tb;

static void put(tb *b, uint32_t c)
{
    if (b->n < b->cap)
        b->t[b->n++] = c;
}
static void put_s(tb *b, const char *s)
{
    uint32_t tmp[64];
    size_t k = dec(s, tmp, 64);
    for (size_t i = 0; i < k; i++)
        put(b, tmp[i]);
}
static void put_rep(tb *b, uint32_t c, size_t k)
{
    while (k-- > 0)
        put(b, c);
}
static void fill_s(tb *b, const char *s)
{
    while (b->n < b->cap)
        put_s(b, s);
}

#define RLE 0x202B
#define LRE 0x202A
#define PDF 0x202C
#define RLO 0x202E
#define LRI 0x2066
#define RLI 0x2067
#define FSI 0x2068
#define PDI 0x2069
#define ALEF 0x5D0
#define BET 0x5D1

static const char *const families[] = {
    "ordinary text",
    "ASCII text",
    "nested brackets",
    "sibling brackets ()()",
    "unmatched (",
    "unmatched )",
    ")))(((",
    "mismatched ((((]]]]",
    "nested brackets, strong at every depth",
    "nested brackets, strong innermost",
    "nested brackets, EN innermost",
    "bracket stack overflow blocks",
    "bracket pairs needing context",
    "bracketed words with long neutral gaps",
    "embeddings 125 deep, repeated",
    "overflowing embeddings 200 deep",
    "overflowing overrides RLO/LRO",
    "RLI chain without PDI",
    "RLI chain with PDIs",
    "sibling isolates",
    "isolates 120 deep, repeated",
    "FSI flood, strong at the end",
    "FSI nested with PDIs",
    "FSI each followed by neutrals",
    "FSI chain with PDIs in between",
    "ET flood then EN",
    "EN then ET flood",
    "ET and BN alternating, then EN",
    "NSM flood",
    "NSM after isolates",
    "CS between digits",
    "CS flood",
    "ES between digits",
    "WS flood between R and L",
    "BN flood between digits",
    "R/L/EN/AN alternating",
    "AL then EN flood",
    "many paragraphs",
    "trailing whitespace and tabs",
    "random class soup",
};
enum { N_FAMILIES = sizeof families / sizeof families[0] };

static void gen_family(int f, tb *b)
{
    size_t n = b->cap, k;
    b->n = 0;
    switch (f) {
    case 0:
        fill_s(b, u8"The name \u05e9\u05dc\u05d5\u05dd (shalom) is 123, "
                  u8"\u0627\u0644\u0633\u0644\u0627\u0645 \u0661\u0662\u0663! ");
        break;
    case 1: fill_s(b, "hello world 123, (see: a.b-c) "); break;
    case 2:
        put_rep(b, '(', n / 2);
        put_rep(b, ')', n - n / 2);
        break;
    case 3: fill_s(b, "()"); break;
    case 4: put_rep(b, '(', n); break;
    case 5: put_rep(b, ')', n); break;
    case 6:
        put_rep(b, ')', n / 2);
        put_rep(b, '(', n - n / 2);
        break;
    case 7:
        put_rep(b, '(', n / 2);
        put_rep(b, ']', n - n / 2);
        break;
    case 8:
        k = n / 3;
        for (size_t i = 0; i < k; i++) {
            put(b, '(');
            put(b, i & 1 ? ALEF : 'a');
        }
        put_rep(b, ')', n - b->n);
        break;
    case 9:
        put_rep(b, '(', n / 2 - 1);
        put(b, ALEF);
        put_rep(b, ')', n - b->n);
        break;
    case 10:
        put(b, ALEF);
        put_rep(b, '(', n / 2 - 1);
        put(b, '1');
        put_rep(b, ')', n - b->n);
        break;
    case 11:
        while (b->n < n) {
            put_rep(b, '(', 64);
            put(b, ALEF);
            put_rep(b, ')', 64);
            put(b, 'a');
        }
        break;
    case 12: fill_s(b, u8"\u05d0(\u05d1)a(\u05d0)[b]1(\u05d2)"); break;
    case 13:
        while (b->n < n) {
            put(b, ALEF);
            put_rep(b, ' ', 50);
            put_s(b, u8"(\u05d1)");
            put_rep(b, ' ', 50);
            put_s(b, "(b)");
        }
        break;
    case 14:
        while (b->n < n) {
            for (int i = 0; i < 125; i++)
                put(b, i & 1 ? LRE : RLE);
            put_s(b, u8"a\u05d0 1(");
            put_rep(b, PDF, 125);
        }
        break;
    case 15:
        while (b->n < n) {
            put_rep(b, RLE, 200);
            put_s(b, u8"a\u05d01");
            put_rep(b, PDF, 200);
        }
        break;
    case 16:
        while (b->n < n) {
            for (int i = 0; i < 200; i++)
                put(b, i & 1 ? 0x202D : RLO);
            put_s(b, u8"ab\u05d0 ");
            put_rep(b, PDF, 200);
        }
        break;
    case 17:
        while (b->n < n) {
            put(b, RLI);
            put(b, 'a');
        }
        break;
    case 18:
        k = n / 3;
        for (size_t i = 0; i < k; i++) {
            put(b, RLI);
            put(b, i & 1 ? ALEF : 'a');
        }
        put_rep(b, PDI, n - b->n);
        break;
    case 19: fill_s(b, u8"a \u2067\u05d0\u2069 "); break;
    case 20:
        while (b->n < n) {
            for (int i = 0; i < 120; i++) {
                put(b, i % 3 ? LRI : RLI);
                put(b, i & 1 ? ALEF : 'a');
            }
            for (int i = 0; i < 120; i++) {
                put(b, '1');
                put(b, PDI);
            }
        }
        break;
    case 21:
        put_rep(b, FSI, n - 1);
        put(b, ALEF);
        break;
    case 22:
        put_rep(b, FSI, n / 2);
        put(b, ALEF);
        put_rep(b, PDI, n - b->n);
        break;
    case 23:
        while (b->n + 1 < n) {
            put(b, FSI);
            put_rep(b, ' ', 9);
        }
        put_rep(b, ALEF, n - b->n);
        break;
    case 24:
        while (b->n < n) {
            put(b, FSI);
            put_rep(b, FSI, 5);
            put(b, '1');
            put_rep(b, PDI, 5);
            put(b, ' ');
        }
        break;
    case 25:
        put_rep(b, '$', n - 1);
        put(b, '1');
        break;
    case 26:
        put(b, '1');
        put_rep(b, '$', n - 1);
        break;
    case 27:
        while (b->n + 1 < n) {
            put(b, '$');
            put(b, 0x200B);
        }
        put_rep(b, '1', n - b->n);
        break;
    case 28:
        put(b, ALEF);
        put_rep(b, 0x300, n - 1);
        break;
    case 29: fill_s(b, u8"\u2067\u2069\u0300\u0300\u0300\u0300\u2066\u0300\u2069\u0300"); break;
    case 30: fill_s(b, "1,"); break;
    case 31:
        put(b, '1');
        put_rep(b, ',', n - 2);
        put(b, '1');
        break;
    case 32: fill_s(b, u8"1+\u06f1-"); break;
    case 33:
        put(b, ALEF);
        put_rep(b, ' ', n - 2);
        put(b, 'a');
        break;
    case 34:
        put(b, '1');
        put_rep(b, 0x200B, n - 2);
        put(b, '1');
        break;
    case 35: fill_s(b, u8"\u05d0a1\u0661"); break;
    case 36:
        put(b, 0x627);
        put_rep(b, '1', n - 1);
        break;
    case 37: fill_s(b, u8"a\u05d0 (1)\n\u05d1\u2029"); break;
    case 38:
        put(b, ALEF);
        fill_s(b, u8" \t \u200b");
        break;
    default: {
        static const uint32_t pool[] = {'a',    ALEF,   0x627, '1',    0x661,  '$',   ',',
                                        '+',    ' ',    '\t',  '\n',   '(',    ')',   '[',
                                        ']',    0x300,  0x200B, RLE,   LRE,    PDF,   RLO,
                                        0x202D, RLI,    LRI,   FSI,    PDI,    0x200F, '!'};
        uint64_t save = rng;
        rng = 12345;
        while (b->n < n)
            put(b, pool[below(sizeof pool / sizeof pool[0])]);
        rng = save;
    }
    }
}

static void test_linear(void)
{
    tb b1 = {xmalloc(N1 * sizeof(uint32_t)), 0, N1}, b2 = {xmalloc(N2 * sizeof(uint32_t)), 0, N2};
    uint8_t *l1 = xmalloc(N2), *l2 = xmalloc(N2);
    size_t ws = ibidi_bidi_work_size(N2);
    void *work = xmalloc(ws);
    double ordinary = 0, worst = 0, worst_ratio = 0;
    int worst_f = 0, worst_rf = 0;
    for (int f = 0; f < N_FAMILIES; f++) {
        double per = 0, ratio = 0;
        for (int d = 0; d < 3; d++) {
            ibidi_dir dir = (ibidi_dir)d;
            gen_family(f, &b1);
            gen_family(f, &b2);
            const ibidi_bidi_options *o = OPTS(dir, 0, work, ws);
            ibidi_bidi_result r1 = {.levels = l1, .cap = N2}, r2 = {.levels = l2, .cap = N2};
            ibidi__bidi_test h1 = {0, 0}, h2 = {0, 0};
            ibidi_status s1 = ibidi__bidi_resolve_test(b1.t, b1.n, o, &r1, &h1);
            ibidi_status s2 = ibidi__bidi_resolve_test(b2.t, b2.n, o, &r2, &h2);
            const uint64_t o1 = h1.steps, o2 = h2.steps;
            CHECK(s1 == IBIDI_OK && s2 == IBIDI_OK && b1.n == N1 && b2.n == N2,
                  "%s: status %d %d, length %zu %zu", families[f], s1, s2, b1.n, b2.n);
            /* the counted resolver is the resolver */
            ibidi_status s3 = ibidi_bidi_resolve_cp(b1.t, b1.n, o, &r2, NULL);
            CHECK(s3 == IBIDI_OK && memcmp(l1, l2, b1.n) == 0,
                  "%s: counted and public resolvers give other levels", families[f]);
            double p1 = (double)o1 / N1, p2 = (double)o2 / N2, r = o1 ? (double)o2 / (double)o1 : 0;
            CHECK(o1 <= (uint64_t)OPS_PER_CP * N1 && o2 <= (uint64_t)OPS_PER_CP * N2,
                  "%s, dir %d: %.1f and %.1f steps per code point (bound %d)", families[f], d, p1,
                  p2, OPS_PER_CP);
            CHECK(r <= 2.2, "%s, dir %d: doubling the input multiplies the steps by %.3f",
                  families[f], d, r);
            CHECK(o1 > 0, "%s, dir %d: no steps counted", families[f], d);
            if (p2 > per)
                per = p2;
            if (p1 > per)
                per = p1;
            if (r > ratio)
                ratio = r;
        }
        if (f == 0)
            ordinary = per;
        if (per > worst)
            worst = per, worst_f = f;
        if (ratio > worst_ratio)
            worst_ratio = ratio, worst_rf = f;
        printf("  steps per code point %6.2f, doubling ratio %.3f: %s\n", per, ratio,
               families[f]);
    }
    printf("info: ordinary text %.2f steps per code point; worst %.2f (%s), bound %d; worst "
           "doubling ratio %.3f (%s)\n",
           ordinary, worst, families[worst_f], OPS_PER_CP, worst_ratio, families[worst_rf]);
    free(b1.t);
    free(b2.t);
    free(l1);
    free(l2);
    free(work);
}

int main(void)
{
    test_errors();
    test_work_area();
    test_empty();
    test_reorder();
    test_line_levels();
    test_paragraphs();
    test_visual();
    test_linear();
    free(rb_ref), free(rb_v2l), free(rb_l2v), free(rb_one), free(rb_runs), free(rb_refruns);
    return t_summary();
}
