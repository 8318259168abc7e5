/*
 * The bidirectional algorithm (UAX #9) against the Unicode 17.0.0 conformance files:
 *   - BidiTest.txt: every data line for every paragraph direction of its bitset, through
 *     ibidi_bidi_resolve_classes: levels (X9-removed positions skipped, but checked to be
 *     exactly the removed classes), the order from L2, the paragraph level (P2-P3 computed
 *     here for the automatic direction);
 *   - BidiCharacterTest.txt: every line through the UTF-8 and the code point API (same
 *     levels, classes and summaries, right byte offsets), paragraph level, levels, order,
 *     and the text in display order from the visual functions (L4 mirroring, the options);
 *   - for every resolution: logical_to_visual is the inverse of visual_to_logical and the
 *     visual runs list every index once, in the order of the map;
 *   - BidiMirroring.txt (L4): every entry, every other code point, and one mirrored
 *     character shown in a right-to-left paragraph;
 *   - inputs above IBIDI_BIDI_SMALL code points with a caller work area.
 * Each file is read once. The first failures of each part are printed with what was
 * expected and what came back; later ones are only counted.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ibidi/bidi.h"
#include "ibidi/utf8.h"
#include "testlib.h"

/* Failures printed in full per part, each as one failed check; the rest are only counted
 * (in the part's `compared` line and one more failed check), so that the summary lines stay
 * within what tests/run.sh shows. */
#define SHOW_FAILURES 20

/* ------------------------------------------------------------------ buffers */

/* Per-input arrays, grown together; the work area grows with them. */
static struct {
    size_t cap;
    uint8_t *cls, *cls2, *lev, *lev2;
    uint32_t *cps, *out;
    size_t *v2l, *l2v, *offs;
    ibidi_bidi_run *runs;
    char *u8, *u8out;
    void *work;
    size_t work_size;
} B;

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fprintf(stderr, "out of memory\n");
        abort();
    }
    return q;
}

static void ensure(size_t n)
{
    size_t c;
    if (n <= B.cap)
        return;
    c = B.cap ? B.cap : 64;
    while (c < n)
        c *= 2;
    B.cls = xrealloc(B.cls, c);
    B.cls2 = xrealloc(B.cls2, c);
    B.lev = xrealloc(B.lev, c);
    B.lev2 = xrealloc(B.lev2, c);
    B.cps = xrealloc(B.cps, c * sizeof *B.cps);
    B.out = xrealloc(B.out, c * sizeof *B.out);
    B.v2l = xrealloc(B.v2l, c * sizeof *B.v2l);
    B.l2v = xrealloc(B.l2v, c * sizeof *B.l2v);
    B.offs = xrealloc(B.offs, c * sizeof *B.offs);
    B.runs = xrealloc(B.runs, c * sizeof *B.runs);
    B.u8 = xrealloc(B.u8, 4 * c);
    B.u8out = xrealloc(B.u8out, 8 * c);
    B.work_size = ibidi_bidi_work_size(c);
    B.work = xrealloc(B.work, B.work_size);
    B.cap = c;
}

/* The work area for n code points: none is needed up to IBIDI_BIDI_SMALL. */
#define WORK(n) ((n) > IBIDI_BIDI_SMALL ? B.work : NULL)
#define WORK_SIZE(n) ((n) > IBIDI_BIDI_SMALL ? B.work_size : 0)
/* The options of a call on n code points in direction d with flags f. */
#define OPTS(d, f, n) (&(ibidi_bidi_options){(d), (f), WORK(n), WORK_SIZE(n)})

/* ------------------------------------------------------------------ failure reports */

/* What went wrong with one resolution (bits), counted per part for the final info line. */
enum {
    F_STATUS = 1 << 0,   /* a call did not return IBIDI_OK */
    F_PARA = 1 << 1,     /* paragraph level (info.para_level) */
    F_LEVELS = 1 << 2,   /* a resolved level */
    F_REMOVED = 1 << 3,  /* ibidi_bidi_class_removed disagrees with the x positions */
    F_ORDER = 1 << 4,    /* visual order from L2 */
    F_INVERSE = 1 << 5,  /* logical_to_visual is not the inverse of visual_to_logical */
    F_RUNS = 1 << 6,     /* ibidi_bidi_runs disagrees with the map */
    F_APIS = 1 << 7,     /* UTF-8 and code point calls differ (levels, classes, info) */
    F_OFFSETS = 1 << 8,  /* byte offsets of the UTF-8 call */
    F_INFO = 1 << 9,     /* other fields of the summary */
    F_VISUAL = 1 << 10,  /* ibidi_bidi_visual_cp / _utf8 output */
    F_MIRROR = 1 << 11,  /* ibidi_bidi_mirror */
    F_KINDS = 12
};
static const char *const kind_names[F_KINDS] = {
    "status", "paragraph level", "levels", "removed (x) positions", "order",
    "inverse map", "runs", "UTF-8 vs code point API", "offsets", "info", "visual output",
    "mirror"};

typedef struct part {
    const char *name;
    long failures;
    long kinds[F_KINDS];
} part;

static char msg[8192];
static size_t msg_len;

static void note(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
static void note(const char *fmt, ...)
{
    va_list ap;
    int k;
    if (msg_len >= sizeof msg - 1)
        return;
    va_start(ap, fmt);
    k = vsnprintf(msg + msg_len, sizeof msg - msg_len, fmt, ap);
    va_end(ap);
    if (k > 0)
        msg_len += (size_t)k;
    if (msg_len > sizeof msg - 1)
        msg_len = sizeof msg - 1;
}

/* Records the outcome of one resolution: a pass, or a failure described by msg, shown
 * under a header line that head() writes (the input) while fewer than SHOW_FAILURES of the
 * part have been shown. */
static void record(part *pt, unsigned fails, void (*head)(void *), void *ctx)
{
    if (!fails) {
        t_pass_n(1);
        return;
    }
    for (int k = 0; k < F_KINDS; k++)
        if (fails & (1u << k))
            pt->kinds[k]++;
    if (pt->failures < SHOW_FAILURES) {
        char body[sizeof msg];
        memcpy(body, msg, msg_len + 1);
        msg_len = 0;
        msg[0] = '\0';
        head(ctx);
        note("%s", body);
        CHECK(0, "%s", msg);
    }
    pt->failures++;
}

static void print_kinds(const part *pt)
{
    CHECK(pt->failures <= SHOW_FAILURES, "%s: %ld more failures (not shown)", pt->name,
          pt->failures - SHOW_FAILURES);
    if (!pt->failures)
        return;
    printf("info: %s failures by kind:", pt->name);
    for (int k = 0; k < F_KINDS; k++)
        if (pt->kinds[k])
            printf(" %s %ld;", kind_names[k], pt->kinds[k]);
    printf("\n");
}

static void note_levels(const char *label, const int16_t *want, const uint8_t *got, size_t n)
{
    note("\n    %s", label);
    for (size_t i = 0; i < n; i++) {
        if (want)
            want[i] < 0 ? note(" x") : note(" %d", want[i]);
        else
            note(" %u", got[i]);
    }
}

static void note_indices(const char *label, const size_t *v, size_t n)
{
    note("%s", label);
    for (size_t i = 0; i < n; i++)
        note(" %zu", v[i]);
}

static const char *dir_name(ibidi_dir d)
{
    switch (d) {
    case IBIDI_DIR_LTR: return "LTR";
    case IBIDI_DIR_RTL: return "RTL";
    case IBIDI_DIR_AUTO: return "auto";
    default: return "auto-RTL";
    }
}

/* ------------------------------------------------------------------ shared checks */

static int is_removed(uint8_t bc) { return ibidi_bidi_class_removed((ibidi_unicode_bc)bc) != 0; }

/* Checks resolved levels against the expected ones (-1 = x), the X9-removed positions,
 * L2 against the expected order (removed indices dropped), the inverse map and the runs.
 * Leaves the map in B.v2l. Returns the failure bits and notes the details in msg. */
static unsigned check_resolution(const uint8_t *cls, const uint8_t *lev, size_t n,
                                 const int16_t *want_lev, size_t want_n, const size_t *want_ord,
                                 size_t want_ord_n)
{
    unsigned f = 0;
    size_t got_ord_n = 0, nr = 0, pos = 0;
    ibidi_status st;

    if (want_n != n) {
        note("\n    expected %zu levels for %zu inputs (bad test data?)", want_n, n);
        return F_LEVELS;
    }
    for (size_t i = 0; i < n; i++) {
        if (want_lev[i] >= 0 && lev[i] != want_lev[i])
            f |= F_LEVELS;
        if (is_removed(cls[i]) != (want_lev[i] < 0)) {
            if (!(f & F_REMOVED))
                note("\n    position %zu: class %s, removed %d, expected level %d", i,
                     ibidi_unicode_bidi_class_name((ibidi_unicode_bc)cls[i]), is_removed(cls[i]),
                     want_lev[i]);
            f |= F_REMOVED;
        }
    }

    st = ibidi_bidi_reorder(lev, n, B.v2l, B.l2v, NULL);
    if (st != IBIDI_OK) {
        note("\n    ibidi_bidi_reorder: status %s", ibidi_status_name(st));
        f |= F_STATUS;
    } else {
        /* the expected order: the map without the removed indices */
        for (size_t v = 0; v < n; v++) {
            size_t i = B.v2l[v];
            if (i >= n || B.l2v[i] != v) {
                if (!(f & F_INVERSE))
                    note("\n    visual_to_logical[%zu] = %zu but logical_to_visual of it is %zu", v,
                         i, i < n ? B.l2v[i] : (size_t)-1);
                f |= F_INVERSE;
                continue;
            }
            if (is_removed(cls[i]))
                continue;
            if (got_ord_n >= want_ord_n || want_ord[got_ord_n] != i)
                f |= F_ORDER;
            got_ord_n++;
        }
        if (got_ord_n != want_ord_n)
            f |= F_ORDER;

        /* L2 runs: every index once, in the order of the map, descending in odd runs */
        ibidi_bidi_run_list rl = {B.runs, n, (size_t)-1};
        st = ibidi_bidi_runs(lev, n, &rl, NULL);
        nr = rl.n;
        if (st != IBIDI_OK || nr == 0 || nr > n) {
            note("\n    ibidi_bidi_runs: status %s, %zu runs", ibidi_status_name(st), nr);
            f |= F_RUNS;
        } else {
            for (size_t r = 0; r < nr && !(f & F_RUNS); r++) {
                const ibidi_bidi_run *run = &B.runs[r];
                if (run->length == 0 || run->start >= n || run->length > n - run->start) {
                    note("\n    run %zu: [%zu, +%zu) out of range", r, run->start, run->length);
                    f |= F_RUNS;
                    break;
                }
                for (size_t k = 0; k < run->length; k++) {
                    size_t i = run->level & 1 ? run->start + run->length - 1 - k : run->start + k;
                    if (pos >= n || B.v2l[pos] != i || lev[i] != run->level) {
                        note("\n    run %zu (start %zu, length %zu, level %u) disagrees with the "
                             "map at visual position %zu",
                             r, run->start, run->length, run->level, pos);
                        f |= F_RUNS;
                        break;
                    }
                    pos++;
                }
            }
            if (!(f & F_RUNS) && pos != n) {
                note("\n    runs cover %zu of %zu indices", pos, n);
                f |= F_RUNS;
            }
            if (n && !(f & F_RUNS)) {
                size_t q = 0;
                rl = (ibidi_bidi_run_list){B.runs, nr - 1, 0};
                st = ibidi_bidi_runs(lev, n, &rl, NULL);
                q = rl.n;
                if (st != IBIDI_E_BUFFER_TOO_SMALL || q != nr) {
                    note("\n    ibidi_bidi_runs with capacity %zu: status %s, n_runs %zu (want "
                         "BUFFER_TOO_SMALL, %zu)",
                         nr - 1, ibidi_status_name(st), q, nr);
                    f |= F_RUNS;
                }
            }
        }
    }

    if (f & (F_LEVELS | F_ORDER)) {
        note_levels("levels want:", want_lev, NULL, n);
        note_levels("levels got: ", NULL, lev, n);
    }
    if ((f & F_ORDER) && !(f & F_STATUS)) {
        note_indices("\n    order want:", want_ord, want_ord_n);
        note("\n    order got: ");
        for (size_t v = 0; v < n; v++)
            if (B.v2l[v] < n && !is_removed(cls[B.v2l[v]]))
                note(" %zu", B.v2l[v]);
    }
    return f;
}

/* ------------------------------------------------------------------ parsing */

static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    return p;
}

/* Levels: numbers or x (-1) separated by white space. Returns the count, -1 on bad syntax. */
static long parse_levels(const char *p, const char *end, int16_t **out, size_t *cap)
{
    size_t n = 0;
    for (;;) {
        p = skip_ws(p, end);
        if (p >= end)
            break;
        if (n >= *cap) {
            *cap = *cap ? *cap * 2 : 64;
            *out = xrealloc(*out, *cap * sizeof **out);
        }
        if (*p == 'x') {
            (*out)[n++] = -1;
            p++;
        } else if (*p >= '0' && *p <= '9') {
            int v = 0;
            while (p < end && *p >= '0' && *p <= '9')
                v = v * 10 + (*p++ - '0');
            if (v > IBIDI_BIDI_MAX_DEPTH + 1)
                return -1;
            (*out)[n++] = (int16_t)v;
        } else {
            return -1;
        }
    }
    return (long)n;
}

/* Indices separated by white space. Returns the count, -1 on bad syntax. */
static long parse_indices(const char *p, const char *end, size_t **out, size_t *cap)
{
    size_t n = 0;
    for (;;) {
        size_t v = 0;
        p = skip_ws(p, end);
        if (p >= end)
            break;
        if (*p < '0' || *p > '9')
            return -1;
        while (p < end && *p >= '0' && *p <= '9')
            v = v * 10 + (size_t)(*p++ - '0');
        if (n >= *cap) {
            *cap = *cap ? *cap * 2 : 64;
            *out = xrealloc(*out, *cap * sizeof **out);
        }
        (*out)[n++] = v;
    }
    return (long)n;
}

/* P2-P3 computed here for the automatic direction: the first L, R or AL of the paragraph
 * that is not between an isolate initiator and its matching PDI (BD9); 0 when none. */
static uint8_t ref_auto_level(const uint8_t *cls, size_t n)
{
    size_t depth = 0;
    for (size_t i = 0; i < n; i++) {
        switch (cls[i]) {
        case IBIDI_UNICODE_BC_L:
            if (!depth)
                return 0;
            break;
        case IBIDI_UNICODE_BC_R:
        case IBIDI_UNICODE_BC_AL:
            if (!depth)
                return 1;
            break;
        case IBIDI_UNICODE_BC_LRI:
        case IBIDI_UNICODE_BC_RLI:
        case IBIDI_UNICODE_BC_FSI: depth++; break;
        case IBIDI_UNICODE_BC_PDI:
            if (depth)
                depth--;
            break;
        case IBIDI_UNICODE_BC_B: return 0;
        default:
            break;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ BidiTest.txt */

typedef struct bt_ctx {
    long lineno;
    ibidi_dir dir;
    const uint8_t *cls;
    size_t n;
} bt_ctx;

static void bt_head(void *p)
{
    const bt_ctx *c = p;
    note("BidiTest.txt line %ld, %s:", c->lineno, dir_name(c->dir));
    for (size_t i = 0; i < c->n; i++)
        note(" %s", ibidi_unicode_bidi_class_name((ibidi_unicode_bc)c->cls[i]));
}

static void test_bidi_test(void)
{
    static const ibidi_dir dirs[3] = {IBIDI_DIR_AUTO, IBIDI_DIR_LTR, IBIDI_DIR_RTL};
    size_t len = 0, want_cap = 0, ord_cap = 0, want_n = 0, ord_n = 0;
    int16_t *want = NULL;
    size_t *ord = NULL;
    char *text = t_read_file(t_data_path("BidiTest.txt"), &len);
    long lineno = 0, lines = 0, resolutions = 0, bad_syntax = 0;
    int have_levels = 0, have_order = 0;
    part pt = {"BidiTest", 0, {0}};
    clock_t t0 = clock();

    if (!CHECK(text != NULL, "cannot read %s", t_data_path("BidiTest.txt")))
        return;
    for (char *p = text; p < text + len;) {
        char *nl = memchr(p, '\n', (size_t)(text + len - p));
        char *eol = nl ? nl : text + len;
        lineno++;
        if (p[0] == '@') {
            if (eol - p >= 8 && memcmp(p, "@Levels:", 8) == 0) {
                long k = parse_levels(p + 8, eol, &want, &want_cap);
                have_levels = CHECK(k >= 0, "BidiTest.txt line %ld: bad @Levels", lineno);
                want_n = k > 0 ? (size_t)k : 0;
            } else if (eol - p >= 9 && memcmp(p, "@Reorder:", 9) == 0) {
                long k = parse_indices(p + 9, eol, &ord, &ord_cap);
                have_order = CHECK(k >= 0, "BidiTest.txt line %ld: bad @Reorder", lineno);
                ord_n = k > 0 ? (size_t)k : 0;
            }
        } else if (p[0] != '#' && skip_ws(p, eol) < eol) {
            char *semi = memchr(p, ';', (size_t)(eol - p));
            const char *q = p;
            size_t n = 0;
            unsigned long bits = 0;
            int ok = semi != NULL && have_levels && have_order;
            while (ok && (q = skip_ws(q, semi)) < semi) {
                const char *w = q;
                int bc;
                while (q < semi && *q != ' ' && *q != '\t')
                    q++;
                bc = ibidi_unicode_bidi_class_from_name(w, (size_t)(q - w));
                if (bc < 0 || bc >= IBIDI_UNICODE_BC_COUNT) {
                    ok = 0;
                    break;
                }
                ensure(n + 1);
                B.cls[n++] = (uint8_t)bc;
            }
            if (ok) {
                char *e;
                bits = strtoul(semi + 1, &e, 16);
                ok = e != semi + 1 && n > 0 && bits > 0 && bits < 8;
            }
            if (!CHECK(ok, "BidiTest.txt line %ld: cannot parse", lineno)) {
                bad_syntax++;
            } else {
                lines++;
                for (int d = 0; d < 3; d++) {
                    ibidi_bidi_info info;
                    ibidi_status st;
                    unsigned f = 0;
                    uint8_t want_para;
                    bt_ctx ctx;
                    if (!(bits & (1ul << d)))
                        continue;
                    resolutions++;
                    msg_len = 0;
                    msg[0] = '\0';
                    ibidi_bidi_result r = {.levels = B.lev, .cap = n};
                    memset(&r.info, 0xA5, sizeof r.info);
                    memset(B.lev, 0xEE, n);
                    st = ibidi_bidi_resolve_classes(B.cls, n, OPTS(dirs[d], 0, n), &r, NULL);
                    info = r.info;
                    want_para = dirs[d] == IBIDI_DIR_LTR   ? 0
                                : dirs[d] == IBIDI_DIR_RTL ? 1
                                                           : ref_auto_level(B.cls, n);
                    if (st != IBIDI_OK) {
                        note("\n    ibidi_bidi_resolve_classes: status %s", ibidi_status_name(st));
                        f |= F_STATUS;
                    } else {
                        if (info.para_level != want_para) {
                            note("\n    paragraph level want %u got %u", want_para,
                                 info.para_level);
                            f |= F_PARA;
                        }
                        if (info.length != n || info.paragraphs != 1) {
                            note("\n    info: length %zu (want %zu), paragraphs %zu (want 1)",
                                 info.length, n, info.paragraphs);
                            f |= F_INFO;
                        }
                        f |= check_resolution(B.cls, B.lev, n, want, want_n, ord, ord_n);
                    }
                    ctx.lineno = lineno;
                    ctx.dir = dirs[d];
                    ctx.cls = B.cls;
                    ctx.n = n;
                    record(&pt, f, bt_head, &ctx);
                }
            }
        }
        p = nl ? nl + 1 : text + len;
    }
    printf("compared %ld BidiTest resolutions (%ld lines): %ld failures\n", resolutions, lines,
           pt.failures);
    CHECK(resolutions == 770241, "BidiTest.txt: %ld resolutions, expected 770241", resolutions);
    CHECK(bad_syntax == 0, "BidiTest.txt: %ld lines not understood", bad_syntax);
    print_kinds(&pt);
    printf("info: BidiTest.txt in %.2f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    free(text);
    free(want);
    free(ord);
}

/* ------------------------------------------------------------------ BidiCharacterTest.txt */

typedef struct bct_ctx {
    long lineno;
    ibidi_dir dir;
    const uint32_t *cps;
    size_t n;
} bct_ctx;

static void bct_head(void *p)
{
    const bct_ctx *c = p;
    note("BidiCharacterTest.txt line %ld, %s:", c->lineno, dir_name(c->dir));
    for (size_t i = 0; i < c->n; i++)
        note(" %04X(%s)", (unsigned)c->cps[i],
             ibidi_unicode_bidi_class_name(ibidi_unicode_bidi_class(c->cps[i])));
}

/* Is cp dropped by IBIDI_BIDI_REMOVE_CONTROLS: X9-removed, isolate controls, LRM, RLM,
 * ALM. */
static int dropped_control(uint32_t cp, uint8_t bc)
{
    /* The bidi controls only: other BN characters (ZWJ, soft hyphen) matter to shaping. */
    return (is_removed(bc) && bc != IBIDI_UNICODE_BC_BN) || bc == IBIDI_UNICODE_BC_LRI ||
           bc == IBIDI_UNICODE_BC_RLI || bc == IBIDI_UNICODE_BC_FSI || bc == IBIDI_UNICODE_BC_PDI ||
           cp == 0x200E || cp == 0x200F || cp == 0x061C;
}

/* The visual functions on one line of BidiCharacterTest: display order with mirroring,
 * without mirroring, without controls, and the UTF-8 variant equal to the code point one.
 * B.v2l holds the map and B.lev the levels. */
static unsigned check_visual(const uint32_t *cps, size_t n, ibidi_dir dir, const uint8_t *cls)
{
    static const unsigned opts[3] = {0, IBIDI_BIDI_NO_MIRROR, IBIDI_BIDI_REMOVE_CONTROLS};
    unsigned f = 0;
    for (int o = 0; o < 3; o++) {
        size_t out_len = (size_t)-1, k = 0, u8_len = 0, want_u8 = 0;
        ibidi_buf32 o32b = {B.out, n, (size_t)-1};
        ibidi_status st = ibidi_bidi_visual_cp(cps, n, OPTS(dir, opts[o], n), &o32b, NULL, NULL);
        out_len = o32b.len;
        if (st != IBIDI_OK) {
            note("\n    ibidi_bidi_visual_cp options %u: status %s", opts[o],
                 ibidi_status_name(st));
            f |= F_VISUAL;
            continue;
        }
        for (size_t v = 0; v < n; v++) {
            size_t i = B.v2l[v];
            uint32_t want;
            if (opts[o] == IBIDI_BIDI_REMOVE_CONTROLS && dropped_control(cps[i], cls[i]))
                continue;
            want = opts[o] == IBIDI_BIDI_NO_MIRROR ? cps[i] : ibidi_bidi_mirror(cps[i], B.lev[i]);
            if (k >= out_len || B.out[k] != want) {
                note("\n    ibidi_bidi_visual_cp options %u: output %zu is %04X, want %04X "
                     "(logical %zu, level %u)",
                     opts[o], k, k < out_len ? (unsigned)B.out[k] : 0u, (unsigned)want, i,
                     B.lev[i]);
                f |= F_VISUAL;
                break;
            }
            k++;
        }
        if (!(f & F_VISUAL) && k != out_len) {
            note("\n    ibidi_bidi_visual_cp options %u: %zu code points, want %zu", opts[o],
                 out_len, k);
            f |= F_VISUAL;
        }
        if (f & F_VISUAL)
            continue;
        /* the UTF-8 variant gives the same text */
        ibidi_buf want = {B.u8out, 4 * B.cap, 0};
        if (ibidi_utf8_encode(B.out, out_len, &want, NULL) != IBIDI_OK)
            abort();
        want_u8 = want.len;
        {
            ibidi_buf in = {B.u8, 4 * B.cap, 0};
            char *res = B.u8out + want_u8;
            if (ibidi_utf8_encode(cps, n, &in, NULL) != IBIDI_OK)
                abort();
            size_t u8_in = in.len;
            ibidi_buf o8b = {res, 8 * B.cap - want_u8, 0};
            st = ibidi_bidi_visual_utf8(B.u8, u8_in, OPTS(dir, opts[o], n), &o8b, NULL, NULL);
            u8_len = o8b.len;
            if (st != IBIDI_OK || u8_len != want_u8 || memcmp(res, B.u8out, want_u8) != 0) {
                note("\n    ibidi_bidi_visual_utf8 options %u: status %s, %zu bytes (want %zu), "
                     "%s",
                     opts[o], ibidi_status_name(st), u8_len, want_u8,
                     st == IBIDI_OK && u8_len == want_u8 ? "different text" : "");
                f |= F_VISUAL;
            }
        }
    }
    return f;
}

static void test_bidi_character_test(void)
{
    size_t len = 0, want_cap = 0, ord_cap = 0;
    int16_t *want = NULL;
    size_t *ord = NULL;
    char *text = t_read_file(t_data_path("BidiCharacterTest.txt"), &len);
    long lineno = 0, lines = 0, bad_syntax = 0;
    part pt = {"BidiCharacterTest", 0, {0}};
    clock_t t0 = clock();

    if (!CHECK(text != NULL, "cannot read %s", t_data_path("BidiCharacterTest.txt")))
        return;
    for (char *p = text; p < text + len;) {
        char *nl = memchr(p, '\n', (size_t)(text + len - p));
        char *eol = nl ? nl : text + len;
        lineno++;
        if (p[0] != '#' && skip_ws(p, eol) < eol) {
            const char *fld[6];
            int nf = 0, ok = 1;
            size_t n = 0, u8_len = 0, n_cps = 0;
            long want_n = -1, ord_n = -1;
            int dirv = -1, para = -1;
            ibidi_dir dir = IBIDI_DIR_AUTO;

            fld[nf++] = p;
            for (const char *q = p; q < eol && nf < 6; q++)
                if (*q == ';')
                    fld[nf++] = q + 1;
            ok = nf == 5;
            if (ok) {
                /* field 0: code points */
                const char *q = fld[0];
                const char *e0 = fld[1] - 1;
                while ((q = skip_ws(q, e0)) < e0) {
                    char *e;
                    unsigned long v = strtoul(q, &e, 16);
                    if (e == q || e > e0 || v > 0x10FFFF) {
                        ok = 0;
                        break;
                    }
                    ensure(n + 1);
                    B.cps[n++] = (uint32_t)v;
                    q = e;
                }
                dirv = atoi(fld[1]);
                para = atoi(fld[2]);
                want_n = parse_levels(fld[3], fld[4] - 1, &want, &want_cap);
                ord_n = parse_indices(fld[4], eol, &ord, &ord_cap);
                ok = ok && n > 0 && dirv >= 0 && dirv <= 2 && (para == 0 || para == 1) &&
                     want_n >= 0 && ord_n >= 0;
            }
            if (!CHECK(ok, "BidiCharacterTest.txt line %ld: cannot parse", lineno)) {
                bad_syntax++;
            } else {
                ibidi_bidi_info i8, icp;
                ibidi_status s8, scp;
                unsigned f = 0;
                bct_ctx ctx;
                dir = dirv == 0 ? IBIDI_DIR_LTR : dirv == 1 ? IBIDI_DIR_RTL : IBIDI_DIR_AUTO;
                lines++;
                msg_len = 0;
                msg[0] = '\0';
                ibidi_buf u8 = {B.u8, 4 * B.cap, 0};
                if (ibidi_utf8_encode(B.cps, n, &u8, NULL) != IBIDI_OK)
                    abort();
                u8_len = u8.len;
                ibidi_bidi_result r8 = {.levels = B.lev2, .classes = B.cls2, .offsets = B.offs,
                                        .cap = n};
                ibidi_bidi_result rcp = {.levels = B.lev, .classes = B.cls, .cap = n};
                memset(&r8.info, 0xA5, sizeof r8.info);
                memset(&rcp.info, 0x5A, sizeof rcp.info);
                memset(B.lev, 0xEE, n);
                memset(B.lev2, 0xDD, n);
                s8 = ibidi_bidi_resolve_utf8(B.u8, u8_len, OPTS(dir, 0, n), &r8, NULL);
                scp = ibidi_bidi_resolve_cp(B.cps, n, OPTS(dir, 0, n), &rcp, NULL);
                n_cps = r8.n;
                i8 = r8.info;
                icp = rcp.info;
                if (s8 != IBIDI_OK || scp != IBIDI_OK || n_cps != n) {
                    note("\n    resolve_utf8: status %s, %zu code points (want %zu); "
                         "resolve_cp: status %s",
                         ibidi_status_name(s8), n_cps, n, ibidi_status_name(scp));
                    f |= F_STATUS;
                } else {
                    size_t off = 0;
                    if (icp.para_level != para || i8.para_level != para) {
                        note("\n    paragraph level want %d got %u (code points), %u (UTF-8)",
                             para, icp.para_level, i8.para_level);
                        f |= F_PARA;
                    }
                    if (i8.length != icp.length || i8.paragraphs != icp.paragraphs ||
                         i8.para_level != icp.para_level || i8.max_level != icp.max_level ||
                         i8.has_rtl != icp.has_rtl || i8.has_explicit != icp.has_explicit) {
                        note("\n    info differs between the UTF-8 and the code point call");
                        f |= F_APIS;
                    }
                    if (icp.length != n || icp.paragraphs != 1) {
                        note("\n    info: length %zu (want %zu), paragraphs %zu (want 1)",
                             icp.length, n, icp.paragraphs);
                        f |= F_INFO;
                    }
                    for (size_t i = 0; i < n; i++) {
                        char tmp[4];
                        if (B.lev[i] != B.lev2[i] || B.cls[i] != B.cls2[i]) {
                            if (!(f & F_APIS))
                                note("\n    index %zu: level %u class %u (code points) vs "
                                     "level %u class %u (UTF-8)",
                                     i, B.lev[i], B.cls[i], B.lev2[i], B.cls2[i]);
                            f |= F_APIS;
                        }
                        if (B.cls[i] != (uint8_t)ibidi_unicode_bidi_class(B.cps[i])) {
                            if (!(f & F_APIS))
                                note("\n    index %zu: classes output %u, Bidi_Class %u", i,
                                     B.cls[i], (unsigned)ibidi_unicode_bidi_class(B.cps[i]));
                            f |= F_APIS;
                        }
                        if (B.offs[i] != off) {
                            if (!(f & F_OFFSETS))
                                note("\n    offset of index %zu: %zu, want %zu", i, B.offs[i],
                                     off);
                            f |= F_OFFSETS;
                        }
                        off += ibidi_utf8_encode_cp(B.cps[i], tmp);
                    }
                    {
                        /* max_level and has_rtl follow from the levels */
                        uint8_t mx = 0;
                        int rtl = 0;
                        for (size_t i = 0; i < n; i++) {
                            mx = B.lev[i] > mx ? B.lev[i] : mx;
                            rtl |= B.lev[i] & 1;
                        }
                        if (icp.max_level != mx || icp.has_rtl != rtl) {
                            note("\n    info: max_level %u has_rtl %u, levels say %u and %d",
                                 icp.max_level, icp.has_rtl, mx, rtl);
                            f |= F_INFO;
                        }
                    }
                    f |= check_resolution(B.cls, B.lev, n, want, (size_t)want_n, ord,
                                          (size_t)ord_n);
                    if (!(f & (F_STATUS | F_INVERSE)))
                        f |= check_visual(B.cps, n, dir, B.cls);
                }
                ctx.lineno = lineno;
                ctx.dir = dir;
                ctx.cps = B.cps;
                ctx.n = n;
                record(&pt, f, bct_head, &ctx);
            }
        }
        p = nl ? nl + 1 : text + len;
    }
    printf("compared %ld BidiCharacterTest lines: %ld failures\n", lines, pt.failures);
    CHECK(lines == 91707, "BidiCharacterTest.txt: %ld lines, expected 91707", lines);
    CHECK(bad_syntax == 0, "BidiCharacterTest.txt: %ld lines not understood", bad_syntax);
    print_kinds(&pt);
    printf("info: BidiCharacterTest.txt in %.2f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    free(text);
    free(want);
    free(ord);
}

/* ------------------------------------------------------------------ BidiMirroring.txt */

static void test_mirroring(void)
{
    size_t len = 0;
    char *text = t_read_file(t_data_path("BidiMirroring.txt"), &len);
    uint32_t *glyph = calloc(0x110000, sizeof *glyph); /* 0: no entry */
    long lineno = 0, entries = 0, fails = 0, bad_syntax = 0, others = 0, others_mirrored = 0;

    if (!CHECK(text != NULL && glyph != NULL, "cannot read %s", t_data_path("BidiMirroring.txt"))) {
        free(text);
        free(glyph);
        return;
    }
    for (char *p = text; p < text + len;) {
        char *nl = memchr(p, '\n', (size_t)(text + len - p));
        char *eol = nl ? nl : text + len;
        lineno++;
        if (p[0] != '#' && skip_ws(p, eol) < eol) {
            char *e, *e2;
            unsigned long a = strtoul(p, &e, 16), b = 0;
            int ok = e != p && e < eol && a <= 0x10FFFF;
            if (ok) {
                e = (char *)skip_ws(e, eol);
                ok = *e == ';';
                if (ok) {
                    b = strtoul(e + 1, &e2, 16);
                    ok = e2 != e + 1 && b <= 0x10FFFF && b != 0 && glyph[a] == 0;
                }
            }
            if (!CHECK(ok, "BidiMirroring.txt line %ld: cannot parse", lineno)) {
                bad_syntax++;
            } else {
                uint32_t cp = (uint32_t)a, g = (uint32_t)b, out[2] = {0, 0}, one = cp, rtl;
                size_t out_len = 0;
                ibidi_status st;
                int ok1;
                glyph[cp] = g;
                entries++;
                ok1 = ibidi_bidi_mirror(cp, 1) == g && ibidi_bidi_mirror(cp, 3) == g &&
                      ibidi_bidi_mirror(cp, IBIDI_BIDI_MAX_DEPTH) == g &&
                      ibidi_bidi_mirror(cp, 0) == cp && ibidi_bidi_mirror(cp, 2) == cp &&
                      ibidi_bidi_mirror(cp, IBIDI_BIDI_MAX_DEPTH + 1) == cp;
                ibidi_buf32 o32b = {out, 2, 0};
                st = ibidi_bidi_visual_cp(&one, 1, OPTS(IBIDI_DIR_RTL, 0, 1), &o32b, NULL, NULL);
                out_len = o32b.len;
                rtl = st == IBIDI_OK && out_len == 1 ? out[0] : 0xFFFFFFFFu;
                ok1 = ok1 && rtl == g;
                o32b = (ibidi_buf32){out, 2, 0};
                st = ibidi_bidi_visual_cp(&one, 1, OPTS(IBIDI_DIR_LTR, 0, 1), &o32b, NULL, NULL);
                out_len = o32b.len;
                ok1 = ok1 && st == IBIDI_OK && out_len == 1 && out[0] == cp;
                ok1 = ok1 && ibidi_unicode_bidi_mirrored(cp) == 1;
                if (!ok1) {
                    fails++;
                    if (fails <= SHOW_FAILURES)
                        CHECK(0,
                              "BidiMirroring.txt line %ld: %04X; %04X: mirror(cp, 1) = %04X, "
                              "mirror(cp, 0) = %04X, Bidi_Mirrored %d, visual_cp RTL gives %04X, "
                              "LTR gives %04X",
                              lineno, (unsigned)cp, (unsigned)g, (unsigned)ibidi_bidi_mirror(cp, 1),
                              (unsigned)ibidi_bidi_mirror(cp, 0), ibidi_unicode_bidi_mirrored(cp),
                              (unsigned)rtl, (unsigned)out[0]);
                } else {
                    t_pass_n(1);
                }
            }
        }
        p = nl ? nl + 1 : text + len;
    }
    /* Every other code point keeps its glyph at every level, Bidi_Mirrored or not. */
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        int m;
        if (glyph[cp])
            continue;
        m = ibidi_unicode_bidi_mirrored(cp);
        others++;
        others_mirrored += m != 0;
        if (ibidi_bidi_mirror(cp, 1) != cp || ibidi_bidi_mirror(cp, 0) != cp) {
            fails++;
            if (fails <= SHOW_FAILURES)
                CHECK(0, "U+%04X (Bidi_Mirrored %d) has no BidiMirroring.txt entry but "
                         "mirror(cp, 1) = %04X, mirror(cp, 0) = %04X",
                      (unsigned)cp, m, (unsigned)ibidi_bidi_mirror(cp, 1),
                      (unsigned)ibidi_bidi_mirror(cp, 0));
        }
    }
    t_pass_n(1);
    printf("compared %ld BidiMirroring.txt entries: %ld failures\n", entries, fails);
    CHECK(fails <= SHOW_FAILURES, "mirroring: %ld more failures (not shown)",
          fails - SHOW_FAILURES);
    printf("info: %ld other code points keep their glyph (%ld of them Bidi_Mirrored)\n", others,
           others_mirrored);
    CHECK(entries > 400 && bad_syntax == 0, "BidiMirroring.txt: %ld entries, %ld bad lines",
          entries, bad_syntax);
    CHECK(others_mirrored > 0, "no Bidi_Mirrored code point without a mirroring glyph");
    free(text);
    free(glyph);
}

/* ------------------------------------------------------------------ long inputs */

/* Above IBIDI_BIDI_SMALL code points a work area of ibidi_bidi_work_size(n) bytes is
 * needed. Text: pairs of 'a' and pairs of U+05D0, so the levels are known: L 0 and R 1 in
 * an LTR paragraph, L 2 and R 1 in an RTL one. */
static void test_long_input(void)
{
    const size_t n = 3 * IBIDI_BIDI_SMALL + 7;
    size_t ws = ibidi_bidi_work_size(n), got = 0, u8_len = 0, n_cps = 0;
    void *small;
    ibidi_status st;

    CHECK(ibidi_bidi_work_size(0) == 0 && ibidi_bidi_work_size(IBIDI_BIDI_SMALL) == 0,
          "work size up to IBIDI_BIDI_SMALL must be 0");
    CHECK(ibidi_bidi_work_size(IBIDI_BIDI_SMALL + 1) > 0 && ws > 0 && ws != (size_t)-1,
          "work size of %zu code points: %zu", n, ws);
    CHECK(ibidi_bidi_work_size(IBIDI_BIDI_MAX_LENGTH + (size_t)1) == (size_t)-1,
          "work size above the maximum length must be SIZE_MAX");
    ensure(n);
    for (size_t i = 0; i < n; i++) {
        B.cps[i] = i % 4 < 2 ? 'a' : 0x05D0;
        B.cls[i] = i % 4 < 2 ? IBIDI_UNICODE_BC_L : IBIDI_UNICODE_BC_R;
    }
    CHECK(ibidi_bidi_resolve_cp(B.cps, n, NULL, &(ibidi_bidi_result){.levels = B.lev, .cap = n},
                                NULL) == IBIDI_E_BIDI_WORK_TOO_SMALL,
          "resolve_cp of %zu code points without a work area", n);
    small = malloc(ws);
    if (!small)
        abort();
    CHECK(ibidi_bidi_resolve_classes(B.cls, n, &(ibidi_bidi_options){IBIDI_DIR_LTR, 0, small, ws - 1},
                                     &(ibidi_bidi_result){.levels = B.lev, .cap = n},
                                     NULL) == IBIDI_E_BIDI_WORK_TOO_SMALL,
          "resolve_classes of %zu code points with a work area one byte short", n);
    /* an unaligned work area of the exact size */
    for (int d = 0; d < 2; d++) {
        ibidi_dir dir = d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
        char *w = xrealloc(NULL, ws + 1);
        int ok = 1;
        const ibidi_bidi_options o = {dir, 0, w + 1, ws};
        ibidi_bidi_result r = {.levels = B.lev, .classes = B.cls2, .cap = n};
        st = ibidi_bidi_resolve_cp(B.cps, n, &o, &r, NULL);
        const ibidi_bidi_info info = r.info;
        ok = st == IBIDI_OK && info.length == n && info.para_level == d;
        for (size_t i = 0; ok && i < n; i++)
            ok = B.lev[i] == (B.cls[i] == IBIDI_UNICODE_BC_R ? 1
                              : d                            ? 2
                                                             : 0) &&
                 B.cls2[i] == B.cls[i];
        CHECK(ok, "long input, %s: status %s or wrong levels", dir_name(dir),
              ibidi_status_name(st));
        ibidi_buf u8 = {B.u8, 4 * B.cap, 0};
        if (ibidi_utf8_encode(B.cps, n, &u8, NULL) != IBIDI_OK)
            abort();
        u8_len = u8.len;
        ibidi_bidi_result r8 = {.levels = B.lev2, .cap = n};
        st = ibidi_bidi_resolve_utf8(B.u8, u8_len, &o, &r8, NULL);
        n_cps = r8.n;
        CHECK(st == IBIDI_OK && n_cps == n && memcmp(B.lev, B.lev2, n) == 0,
              "long input, %s: UTF-8 call: status %s", dir_name(dir), ibidi_status_name(st));
        st = ibidi_bidi_reorder(B.lev, n, B.v2l, B.l2v, NULL);
        ok = st == IBIDI_OK;
        for (size_t v = 0; ok && v < n; v++)
            ok = B.v2l[v] < n && B.l2v[B.v2l[v]] == v;
        CHECK(ok, "long input, %s: reorder", dir_name(dir));
        ibidi_buf32 o32b = {B.out, n, 0};
        st = ibidi_bidi_visual_cp(B.cps, n, &o, &o32b, NULL, NULL);
        got = o32b.len;
        ok = st == IBIDI_OK && got == n;
        for (size_t v = 0; ok && v < n; v++)
            ok = B.out[v] == B.cps[B.v2l[v]];
        CHECK(ok, "long input, %s: visual_cp status %s", dir_name(dir), ibidi_status_name(st));
        CHECK(ibidi_bidi_visual_cp(B.cps, n, &(ibidi_bidi_options){dir, 0, NULL, 0}, &o32b, NULL,
                                   NULL) == IBIDI_E_BIDI_WORK_TOO_SMALL,
              "long input, %s: visual_cp without a work area", dir_name(dir));
        free(w);
    }
    free(small);
    printf("info: inputs of %zu code points with a work area of %zu bytes\n", n, ws);
}

int main(void)
{
    clock_t t0 = clock();
    test_bidi_test();
    test_bidi_character_test();
    test_mirroring();
    test_long_input();
    printf("info: bidi conformance in %.2f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    free(B.cls);
    free(B.cls2);
    free(B.lev);
    free(B.lev2);
    free(B.cps);
    free(B.out);
    free(B.v2l);
    free(B.l2v);
    free(B.offs);
    free(B.runs);
    free(B.u8);
    free(B.u8out);
    free(B.work);
    return t_summary();
}
