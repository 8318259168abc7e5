/*
 * The public entry points of the bidirectional algorithm (include/ibidi/bidi.h): the
 * checks of their inputs, the layout of the work area, the shortcuts for text that needs no
 * resolution (ASCII in a left-to-right paragraph), and the calls of the phases:
 * classification (classify.c), resolution (paragraph.c), lines (line.c).
 */
#include <stdlib.h>
#include <string.h>

#include "bidi/bidi_internal.h"
#include "ibidi/utf8.h"
#include "unicode/ucd.h"
#include "unicode/utf8_internal.h"

/* SSE2 is part of x86-64: the ASCII checks and the zeroing of levels use it when the
 * compiler targets it; the portable loops give the same results elsewhere. */
#ifdef __SSE2__
#include <emmintrin.h>
#define LOAD16(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE16(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#endif

/* ---------------------------------------------------------------------------------------
 * The work area. */

void ibidi__bidi_layout(ibidi__bidi *b, ibidi__bidi_visual *v, void *work, size_t n)
{
    const uintptr_t p = ((uintptr_t)work + 7u) & ~(uintptr_t)7u;
    b->aux = (uint32_t *)p;
    b->br = (uint16_t *)(p + n * 4u);
    b->orig = (uint8_t *)(p + n * 6u);
    b->cls = (uint8_t *)(p + n * 7u);
    b->n = n;
    b->lev = b->weak = b->types = NULL;
    if (v) { /* the visual functions' levels, map and offsets */
        v->lev = (uint8_t *)(p + n * 8u);
        v->map = (uint32_t *)((p + n * 9u + 3u) & ~(uintptr_t)3u);
        v->offs = v->map + n;
        b->lev = v->lev;
    }
    /* The bit planes of long isolating run sequences: after the arrays of the visual
     * functions (whose 32-bit arrays may start up to 3 bytes after 9 n), in callers' areas
     * only; up to IBIDI_BIDI_SMALL code points every sequence fits on the stack. */
    b->planes = NULL;
    if (n > IBIDI_BIDI_SMALL) {
        const uintptr_t end = p + n * IBIDI__BIDI_WORK_VISUAL_PER_CP + 3u;
        b->planes = (uint64_t *)((end + 7u) & ~(uintptr_t)7u);
    }
}

/* Work areas for inputs of up to IBIDI_BIDI_SMALL code points, on the stack. */
typedef struct small_work {
    uint64_t w[(IBIDI_BIDI_SMALL * 8u + IBIDI__BIDI_WORK_SLACK) / 8u];
} small_work;
typedef struct small_visual_work {
    uint64_t
        w[(IBIDI_BIDI_SMALL * IBIDI__BIDI_WORK_VISUAL_PER_CP + IBIDI__BIDI_WORK_SLACK) / 8u + 1u];
} small_visual_work;

size_t ibidi_bidi_work_size(size_t n)
{
    if (n <= IBIDI_BIDI_SMALL)
        return 0;
    if (n > IBIDI_BIDI_MAX_LENGTH)
        return SIZE_MAX;
    return n * IBIDI__BIDI_WORK_PER_CP + IBIDI__BIDI_WORK_SLACK;
}

int ibidi_bidi_class_removed(ibidi_unicode_bc bc)
{
    return (unsigned)bc < IBIDI_UNICODE_BC_COUNT && (IBIDI__REMOVED_X9 & IBIDI__BC_BIT(bc)) != 0;
}

/* ---------------------------------------------------------------------------------------
 * Input checks. */

/* The bitwise OR of n code points: below 0xD800 when none can be a surrogate or too large,
 * below 0x80 when all are ASCII. *low gets, for ASCII, whether some code point is below
 * 0x20 (the ASCII paragraph separators are), for the summary: a value below 0x80 is below
 * 0x20 exactly when adding 0x60 leaves bit 7 clear, so the sums are ANDed, in the same
 * loads. */
IBIDI__ALWAYS_INLINE uint32_t or_all(const uint32_t *text, size_t n, int *low)
{
    size_t i = 0;
#ifdef __SSE2__
    const __m128i k60 = _mm_set1_epi32(0x60);
#define FOLD(acc, hi, x)                                                                   \
    do {                                                                                   \
        const __m128i x_ = (x);                                                            \
        acc = _mm_or_si128(acc, x_);                                                       \
        hi = _mm_and_si128(hi, _mm_add_epi32(x_, k60));                                    \
    } while (0)
#define DONE(acc, hi)                                                                      \
    do {                                                                                   \
        *low = (_mm_movemask_epi8(hi) & 0x1111) != 0x1111; /* bit 7 of each lane */        \
        acc = _mm_or_si128(acc, _mm_srli_si128(acc, 8));                                   \
        acc = _mm_or_si128(acc, _mm_srli_si128(acc, 4));                                   \
        return (uint32_t)_mm_cvtsi128_si32(acc);                                           \
    } while (0)
    if (n >= 4) {
        __m128i acc = LOAD16(text + n - 4), hi = _mm_add_epi32(acc, k60);
        if (n <= 16) { /* short items: a fixed number of loads, no loop to leave */
            FOLD(acc, hi, LOAD16(text));
            FOLD(acc, hi, LOAD16(text + (n >= 8 ? 4 : 0)));
            FOLD(acc, hi, LOAD16(text + (n >= 8 ? n - 8 : 0)));
            DONE(acc, hi);
        }
        if (n <= 32) { /* identifiers and host names: eight loads, still no loop */
            FOLD(acc, hi, LOAD16(text));
            FOLD(acc, hi, LOAD16(text + 4));
            FOLD(acc, hi, LOAD16(text + 8));
            FOLD(acc, hi, LOAD16(text + 12));
            FOLD(acc, hi, LOAD16(text + n - 16));
            FOLD(acc, hi, LOAD16(text + n - 12));
            FOLD(acc, hi, LOAD16(text + n - 8));
            DONE(acc, hi);
        }
        for (; i + 4 < n; i += 4) /* four at a time, the last block overlapping */
            FOLD(acc, hi, LOAD16(text + i));
        DONE(acc, hi);
    }
#undef FOLD
#undef DONE
#endif
    uint32_t all = 0;
    unsigned below = 0;
    for (; i < n; i++) {
        all |= text[i];
        below |= text[i] < 0x20u;
    }
    *low = (int)below;
    return all;
}

/* The status and index of the first surrogate or value above 10FFFF, given the OR of the
 * code points. */
static ibidi_status check_cps_or(const uint32_t *text, size_t n, uint32_t all, ibidi_error *err)
{
    if (all > 0xD7FFu) /* some value may be a surrogate or too large */
        for (size_t i = 0; i < n; i++) {
            if (text[i] - 0xD800u < 0x800u)
                return ibidi__fail(err, IBIDI_E_CP_SURROGATE, i, text[i]);
            if (text[i] > 0x10FFFFu)
                return ibidi__fail(err, IBIDI_E_CP_TOO_LARGE, i, text[i]);
        }
    return IBIDI_OK;
}

/* Host names and other ASCII identifiers are short: this works sixteen bytes at a time with
 * SSE2 (else eight), the last block overlapping the one before, instead of a byte loop or a
 * call. Returns 0 when some byte is not ASCII, else 1, or 2 when some byte is below 0x20
 * (an ASCII paragraph separator is one of these). */
IBIDI__ALWAYS_INLINE int ascii_kind(const unsigned char *s, size_t n)
{
#ifdef __SSE2__
    const __m128i c20 = _mm_set1_epi8(0x20);
    if (n >= 16 && n <= 32) { /* two blocks, no loop to leave */
        const __m128i a = LOAD16(s), b = LOAD16(s + n - 16);
        if (_mm_movemask_epi8(_mm_or_si128(a, b)))
            return 0;
        /* signed compares: the non-ASCII bytes would count too, but there are none */
        return _mm_movemask_epi8(_mm_or_si128(_mm_cmplt_epi8(a, c20), _mm_cmplt_epi8(b, c20))) ? 2 : 1;
    }
    if (n >= 16) {
        __m128i acc = LOAD16(s + n - 16), lo = _mm_cmplt_epi8(acc, c20);
        for (size_t i = 0; i + 16 < n; i += 16) { /* not entered up to 16 */
            const __m128i x = LOAD16(s + i);
            acc = _mm_or_si128(acc, x);
            lo = _mm_or_si128(lo, _mm_cmplt_epi8(x, c20)); /* signed: non-ASCII too */
        }
        if (_mm_movemask_epi8(acc))
            return 0;
        return _mm_movemask_epi8(lo) ? 2 : 1;
    }
#endif
    uint64_t acc = 0, low = 0;
    if (n >= 8) { /* eight at a time, the last word overlapping the one before */
        for (size_t i = 0;; i += 8) {
            const uint64_t w = ibidi__load_le64(s + (i + 8 <= n ? i : n - 8));
            acc |= w;
            low |= (w - IBIDI__B8(0x20)) & ~w; /* bit 7 of a byte below 0x20 (ASCII only) */
            if (i + 8 >= n)
                break;
        }
    } else {
        for (size_t i = 0; i < n; i++) {
            acc |= s[i];
            low |= (uint64_t)(s[i] < 0x20u) << 7;
        }
    }
    return (acc & IBIDI__B8(0x80)) ? 0 : (low & IBIDI__B8(0x80)) ? 2 : 1;
}

IBIDI__ALWAYS_INLINE void zero_bytes(uint8_t *p, size_t n)
{
#ifdef __SSE2__
    if (n >= 16) {
        const __m128i z = _mm_setzero_si128();
        STORE16(p, z);
        for (size_t i = 16; i + 16 < n; i += 16) /* not entered up to 32 */
            STORE16(p + i, z);
        STORE16(p + n - 16, z);
        return;
    }
#endif
    const uint64_t z = 0;
    if (n >= 8) {
        for (size_t i = 0; i + 8 <= n; i += 8)
            memcpy(p + i, &z, 8);
        memcpy(p + n - 8, &z, 8);
    } else {
        for (size_t i = 0; i < n; i++)
            p[i] = 0;
    }
}

static const ibidi_bidi_options defaults; /* constant: a left-to-right paragraph */

/* A failed resolution: res->n gets the code points when they are known (else 0) and the
 * summary is cleared; st was set in err by the check that failed. A success writes both
 * once, at its end. */
static ibidi_status res_failed(ibidi_bidi_result *res, size_t n, ibidi_status st)
{
    res->n = n;
    memset(&res->info, 0, sizeof res->info);
    return st;
}

/* Validates the work area of o for n code points: NULL/too small gives the status. */
static ibidi_status check_work(size_t n, const ibidi_bidi_options *o, ibidi_error *err)
{
    if (n > IBIDI_BIDI_MAX_LENGTH)
        return ibidi__fail(err, IBIDI_E_TOO_LONG, IBIDI_BIDI_MAX_LENGTH, 0);
    if (n > IBIDI_BIDI_SMALL && (!o->work || o->work_size < ibidi_bidi_work_size(n)))
        return ibidi__fail(err, IBIDI_E_BIDI_WORK_TOO_SMALL, 0, 0);
    return IBIDI_OK;
}

/* The checks every resolving entry point makes first; with counted (n code points or
 * classes, not bytes), the capacity and the work area for them too. */
IBIDI__ALWAYS_INLINE ibidi_status check_resolve(const void *in, size_t n, const ibidi_bidi_options *o,
                                                ibidi_bidi_result *res, int counted,
                                                ibidi_error *err)
{
    if (!res)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if ((!in && n > 0) || (!res->levels && res->cap > 0))
        return res_failed(res, 0, ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0));
    if ((unsigned)o->dir > IBIDI_DIR_AUTO_RTL)
        return res_failed(res, 0, ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, (uint32_t)o->dir));
    if (!counted)
        return IBIDI_OK;
    if (n > res->cap)
        return res_failed(res, n, ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0));
    const ibidi_status st = check_work(n, o, err);
    return st == IBIDI_OK ? st : res_failed(res, n, st);
}

/* Only levels wanted (no classes, types or offsets): the shortcuts may serve. */
static inline int levels_only(const ibidi_bidi_result *res)
{
    return ((uintptr_t)res->classes | (uintptr_t)res->weak | (uintptr_t)res->types |
            (uintptr_t)res->offsets) == 0;
}


/* The summary of ASCII text of n characters in a left-to-right paragraph: every level 0;
 * low says whether some character is a control, which paragraph separators are. */
IBIDI__ALWAYS_INLINE void ascii_info(ibidi_bidi_result *res, size_t n, int low,
                                     const unsigned char *u, const uint32_t *t)
{
    size_t paragraphs = n > 0;
    if (low) /* P1: a separator ends a paragraph, and another starts after it */
        for (size_t i = 0; i + 1 < n; i++) {
            uint32_t c = u ? u[i] : t[i];
            paragraphs += c < 0x20u && ibidi__bidi_bmp(c) == IBIDI_UNICODE_BC_B;
        }
    res->n = n;
    res->info = (ibidi_bidi_info){n, paragraphs, 0, 0, 0, 0};
}

/* Points b's output arrays at res's. */
static inline void outputs(ibidi__bidi *b, const ibidi_bidi_result *res)
{
    b->lev = res->levels;
    b->weak = res->weak;
    b->types = res->types;
}

static inline void copy_classes(const ibidi__bidi *b, uint8_t *classes)
{
    if (classes)
        for (size_t i = 0; i < b->n; i++)
            classes[i] = b->orig[i] & IBIDI__O_CLASS;
}

/* ---------------------------------------------------------------------------------------
 * Resolution. */

/* The resolution of checked code points: a function of its own, so that the shortcut
 * for ASCII does not pay for its frame (the work area on the stack, the registers). */
IBIDI__NOINLINE static void resolve_cp_general(const uint32_t *text, size_t n,
                                        const ibidi_bidi_options *o, ibidi_bidi_result *res,
                                        ibidi__bidi_test *test)
{
    small_work sw;
    ibidi__bidi b;
    ibidi__bidi_layout(&b, NULL, n <= IBIDI_BIDI_SMALL ? (void *)&sw : o->work, n);
    outputs(&b, res);
    uint32_t mask = ibidi__bidi_classify_cp(&b, text, n);
    ibidi__bidi_run(&b, o->dir, mask, &res->info, test);
    res->n = n;
    copy_classes(&b, res->classes);
}

/* Inlined in both callers: the production entry point, and the tests' entry with hooks. */
IBIDI__ALWAYS_INLINE ibidi_status resolve_cp(const uint32_t *text, size_t n,
                                             const ibidi_bidi_options *opts,
                                             ibidi_bidi_result *res, ibidi_error *err,
                                             ibidi__bidi_test *test)
{
    const ibidi_bidi_options *o = opts ? opts : &defaults;
    ibidi_status st = check_resolve(text, n, o, res, 1, err);
    if (st != IBIDI_OK)
        return st;
    int low;
    uint32_t all = or_all(text, n, &low);
    st = check_cps_or(text, n, all, err);
    if (st != IBIDI_OK)
        return res_failed(res, n, st);
    const ibidi_dir dir = o->dir;
    if (all < 0x80u && (dir == IBIDI_DIR_LTR || dir == IBIDI_DIR_AUTO) && levels_only(res) &&
        !test) {
        /* ASCII holds no right-to-left or explicit class: with a left-to-right paragraph
         * every level is 0 (see ibidi__bidi_run). */
        zero_bytes(res->levels, n);
        ascii_info(res, n, low, NULL, text);
        return ibidi__ok(err);
    }
    resolve_cp_general(text, n, o, res, test);
    return ibidi__ok(err);
}

ibidi_status ibidi_bidi_resolve_cp(const uint32_t *text, size_t n, const ibidi_bidi_options *opts,
                                   ibidi_bidi_result *res, ibidi_error *err)
{
    return resolve_cp(text, n, opts, res, err, NULL);
}

ibidi_status ibidi__bidi_resolve_test(const uint32_t *text, size_t n,
                                      const ibidi_bidi_options *opts, ibidi_bidi_result *res,
                                      ibidi__bidi_test *test)
{
    return resolve_cp(text, n, opts, res, NULL, test);
}

ibidi_status ibidi_bidi_resolve_classes(const uint8_t *classes, size_t n,
                                        const ibidi_bidi_options *opts, ibidi_bidi_result *res,
                                        ibidi_error *err)
{
    const ibidi_bidi_options *o = opts ? opts : &defaults;
    ibidi_status st = check_resolve(classes, n, o, res, 1, err);
    if (st != IBIDI_OK)
        return st;
    small_work sw;
    ibidi__bidi b;
    ibidi__bidi_layout(&b, NULL, n <= IBIDI_BIDI_SMALL ? (void *)&sw : o->work, n);
    outputs(&b, res);
    uint32_t mask = 0;
    for (size_t i = 0; i < n; i++) {
        if (classes[i] >= IBIDI_UNICODE_BC_COUNT)
            return res_failed(res, n,
                              ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, i, classes[i]));
        b.orig[i] = classes[i]; /* no character of these stands for a paired bracket */
        mask |= IBIDI__BC_BIT(classes[i]);
    }
    ibidi__bidi_run(&b, o->dir, mask, &res->info, NULL);
    res->n = n;
    copy_classes(&b, res->classes);
    return ibidi__ok(err);
}

/* The resolution of UTF-8 that is not ASCII in a left-to-right paragraph: inlined, the
 * usual call for identifiers (unlike resolve_cp_general, the UTF-8 shortcut for ASCII does
 * not suffer from it). */
IBIDI__ALWAYS_INLINE ibidi_status resolve_utf8_general(const char *s, size_t len,
                                                 const ibidi_bidi_options *o,
                                                 ibidi_bidi_result *res, ibidi_error *err)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t *offsets = res->offsets;
    ibidi_status st;
    small_work sw;
    ibidi__bidi b;
    uint32_t mask = 0;
    size_t n;
    /* Every code point decoded (up to the first error) starts with a byte that is not a
     * continuation byte, so their number bounds the code points: when the work area holds
     * that many (the fixed one, or the caller's sized for the code points of a well-formed
     * text), the text is checked and classified in one pass, the arrays laid out for the
     * bound. Otherwise it is validated first, for the errors in their order. */
    size_t bound = len <= IBIDI_BIDI_SMALL ? len : ibidi__bidi_lead_bytes(u, len);
    if (bound <= IBIDI_BIDI_SMALL || (o->work && o->work_size >= ibidi_bidi_work_size(bound))) {
        ibidi__bidi_layout(&b, NULL, bound <= IBIDI_BIDI_SMALL ? (void *)&sw : o->work, bound);
        st = ibidi__bidi_classify_utf8_checked(
            &b, u, len, offsets && bound <= res->cap ? offsets : NULL, &mask, err);
        if (st != IBIDI_OK)
            return res_failed(res, 0, st);
        n = b.n;
        if (n > res->cap)
            return res_failed(res, n, ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0));
        if (offsets && bound > res->cap) /* not written above: the capacity was unknown */
            for (size_t i = 0, pos = 0; i < n; i++) {
                offsets[i] = pos;
                ibidi__utf8_decode_valid(u, &pos);
            }
    } else {
        st = ibidi_utf8_validate(s, len, &n, err);
        if (st != IBIDI_OK)
            return res_failed(res, 0, st);
        if (n > res->cap)
            return res_failed(res, n, ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0));
        st = check_work(n, o, err);
        if (st != IBIDI_OK)
            return res_failed(res, n, st);
        ibidi__bidi_layout(&b, NULL, n <= IBIDI_BIDI_SMALL ? (void *)&sw : o->work, n);
        mask = ibidi__bidi_classify_utf8(&b, u, offsets, NULL);
    }
    outputs(&b, res);
    ibidi__bidi_run(&b, o->dir, mask, &res->info, NULL);
    res->n = n;
    copy_classes(&b, res->classes);
    return ibidi__ok(err);
}


ibidi_status ibidi_bidi_resolve_utf8(const char *s, size_t len, const ibidi_bidi_options *opts,
                                     ibidi_bidi_result *res, ibidi_error *err)
{
    const ibidi_bidi_options *o = opts ? opts : &defaults;
    ibidi_status st = check_resolve(s, len, o, res, 0, err);
    if (st != IBIDI_OK)
        return st;
    const unsigned char *u = (const unsigned char *)s;
    const ibidi_dir dir = o->dir;
    int kind;
    if ((dir == IBIDI_DIR_LTR || dir == IBIDI_DIR_AUTO) && levels_only(res) &&
        (kind = ascii_kind(u, len)) != 0) {
        /* ASCII holds no right-to-left or explicit class: with a left-to-right paragraph
         * every level is 0. Only paragraph separators need counting. */
        if (len > res->cap)
            return res_failed(res, len, ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0));
        if (len > IBIDI_BIDI_MAX_LENGTH)
            return res_failed(res, len,
                              ibidi__fail(err, IBIDI_E_TOO_LONG, IBIDI_BIDI_MAX_LENGTH, 0));
        zero_bytes(res->levels, len);
        ascii_info(res, len, kind == 2, u, NULL);
        return ibidi__ok(err);
    }
    return resolve_utf8_general(s, len, o, res, err);
}

void ibidi_bidi_result_free(ibidi_bidi_result *res)
{
    if (!res)
        return;
    free(res->levels);
    free(res->classes);
    free(res->weak);
    free(res->types);
    free(res->offsets);
    res->levels = res->classes = res->weak = res->types = NULL;
    res->offsets = NULL;
    res->cap = 0;
}

/* For the allocating calls: validates s, *n getting its code points, and sets *o to the
 * caller's options with a work area allocated for them (o->work NULL when none is
 * needed; the caller frees it). */
static ibidi_status alloc_work_area(const char *s, size_t len, const ibidi_bidi_options *opts,
                                    ibidi_bidi_options *o, size_t *n, ibidi_error *err)
{
    *o = opts ? *opts : defaults;
    o->work = NULL;
    ibidi_status st = ibidi_utf8_validate(s, len, n, err);
    if (st != IBIDI_OK)
        return st;
    o->work_size = ibidi_bidi_work_size(*n);
    if (o->work_size == SIZE_MAX)
        return ibidi__fail(err, IBIDI_E_TOO_LONG, IBIDI_BIDI_MAX_LENGTH, 0);
    if (o->work_size > 0 && !(o->work = malloc(o->work_size)))
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    return IBIDI_OK;
}

ibidi_status ibidi_bidi_resolve_utf8_alloc(const char *s, size_t len,
                                           const ibidi_bidi_options *opts, unsigned want,
                                           ibidi_bidi_result *res, ibidi_error *err)
{
    if (!res)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    memset(res, 0, sizeof *res);
    const unsigned all_wants = IBIDI_BIDI_WANT_CLASSES | IBIDI_BIDI_WANT_WEAK |
                               IBIDI_BIDI_WANT_TYPES | IBIDI_BIDI_WANT_OFFSETS;
    if ((!s && len > 0) || (want & ~all_wants))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, want & ~all_wants);
    size_t n;
    ibidi_bidi_options o;
    ibidi_status st = alloc_work_area(s, len, opts, &o, &n, err);
    if (st != IBIDI_OK)
        return st;
    const size_t k = n ? n : 1;
    int nomem = !(res->levels = malloc(k));
    if (want & IBIDI_BIDI_WANT_CLASSES)
        nomem |= !(res->classes = malloc(k));
    if (want & IBIDI_BIDI_WANT_WEAK)
        nomem |= !(res->weak = malloc(k));
    if (want & IBIDI_BIDI_WANT_TYPES)
        nomem |= !(res->types = malloc(k));
    if (want & IBIDI_BIDI_WANT_OFFSETS)
        nomem |= !(res->offsets = malloc(k * sizeof *res->offsets));
    res->cap = n;
    st = nomem ? ibidi__fail(err, IBIDI_E_NOMEM, 0, 0) : ibidi_bidi_resolve_utf8(s, len, &o, res, err);
    free(o.work);
    if (st != IBIDI_OK)
        ibidi_bidi_result_free(res);
    return st;
}

/* ---------------------------------------------------------------------------------------
 * Paragraphs. */

ibidi_status ibidi_bidi_paragraph(const uint8_t *classes, size_t n, size_t at, ibidi_dir dir,
                                  ibidi_bidi_para *para, ibidi_error *err)
{
    if ((!classes && n > 0) || (at >= n && n > 0) || (unsigned)dir > IBIDI_DIR_AUTO_RTL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, at, 0);
    size_t ps = at, pe = at;
    while (ps > 0 && classes[ps - 1] != IBIDI_UNICODE_BC_B) /* P1 */
        ps--;
    while (pe < n && classes[pe] != IBIDI_UNICODE_BC_B)
        pe++;
    if (pe < n)
        pe++;
    uint8_t first = IBIDI_UNICODE_BC_ON;
    if (dir == IBIDI_DIR_AUTO || dir == IBIDI_DIR_AUTO_RTL) {
        /* P2: the first strong character outside isolates; an unmatched initiator hides
         * the rest of the paragraph. */
        size_t depth = 0;
        for (size_t i = ps; i < pe && first == IBIDI_UNICODE_BC_ON; i++) {
            uint8_t c = classes[i];
            if (IBIDI__BC_BIT(c) & IBIDI__ISOLATE_INITIATORS)
                depth++;
            else if (c == IBIDI_UNICODE_BC_PDI && depth > 0)
                depth--;
            else if (depth == 0 && (c == IBIDI_UNICODE_BC_L || c == IBIDI_UNICODE_BC_R ||
                                    c == IBIDI_UNICODE_BC_AL))
                first = c == IBIDI_UNICODE_BC_L ? IBIDI_UNICODE_BC_L : IBIDI_UNICODE_BC_R;
        }
    }
    if (para) {
        para->start = ps;
        para->end = pe;
        para->level = ibidi__bidi_paragraph_level(dir, first);
    }
    return ibidi__ok(err);
}

/* ---------------------------------------------------------------------------------------
 * Text in display order: resolution, L1 and L2 with each paragraph as one line, and L4. */

/* The arguments of both visual functions; the output record's len is 0 until the end. */
static ibidi_status check_visual(const void *s, size_t len, const ibidi_bidi_options *o,
                                 const void *data, size_t cap, size_t *out_len, ibidi_error *err)
{
    if (!out_len)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    *out_len = 0;
    if ((!s && len > 0) || (!data && cap > 0) || (unsigned)o->dir > IBIDI_DIR_AUTO_RTL ||
        (o->flags & ~(unsigned)(IBIDI_BIDI_NO_MIRROR | IBIDI_BIDI_REMOVE_CONTROLS)))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    return IBIDI_OK;
}

/* The end of both visual functions: the length needed, and whether it fit. */
static ibidi_status visual_done(size_t len, size_t cap, size_t *out_len, ibidi_error *err)
{
    *out_len = len;
    if (len > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

ibidi_status ibidi_bidi_visual_cp(const uint32_t *text, size_t n, const ibidi_bidi_options *opts,
                                  ibidi_buf32 *out, ibidi_bidi_info *info, ibidi_error *err)
{
    const ibidi_bidi_options *o = opts ? opts : &defaults;
    ibidi_status st = check_visual(text, n, o, out ? out->data : NULL, out ? out->cap : 0,
                                   out ? &out->len : NULL, err);
    if (st == IBIDI_OK)
        st = check_work(n, o, err);
    int low;
    if (st == IBIDI_OK)
        st = check_cps_or(text, n, or_all(text, n, &low), err);
    if (st != IBIDI_OK)
        return st;
    small_visual_work sw;
    ibidi__bidi b;
    ibidi__bidi_visual v;
    ibidi__bidi_layout(&b, &v, n <= IBIDI_BIDI_SMALL ? (void *)&sw : o->work, n);
    uint32_t mask = ibidi__bidi_classify_cp(&b, text, n);
    ibidi__bidi_run(&b, o->dir, mask, info, NULL);
    ibidi__bidi_visual_order(&b, &v);
    return visual_done(ibidi__bidi_visual_cps(text, n, &v, o->flags, out->data, out->cap),
                       out->cap, &out->len, err);
}

ibidi_status ibidi_bidi_visual_utf8(const char *s, size_t len, const ibidi_bidi_options *opts,
                                    ibidi_buf *out, ibidi_bidi_info *info, ibidi_error *err)
{
    const ibidi_bidi_options *o = opts ? opts : &defaults;
    ibidi_status st = check_visual(s, len, o, out ? out->data : NULL, out ? out->cap : 0,
                                   out ? &out->len : NULL, err);
    if (st != IBIDI_OK)
        return st;
    size_t n;
    st = ibidi_utf8_validate(s, len, &n, err);
    if (st == IBIDI_OK)
        st = check_work(n, o, err);
    if (st != IBIDI_OK)
        return st;
    small_visual_work sw;
    ibidi__bidi b;
    ibidi__bidi_visual v;
    ibidi__bidi_layout(&b, &v, n <= IBIDI_BIDI_SMALL ? (void *)&sw : o->work, n);
    const unsigned char *u = (const unsigned char *)s;
    uint32_t mask = ibidi__bidi_classify_utf8(&b, u, NULL, v.offs);
    ibidi__bidi_run(&b, o->dir, mask, info, NULL);
    ibidi__bidi_visual_order(&b, &v);
    return visual_done(ibidi__bidi_visual_bytes(u, n, &v, o->flags, out->data, out->cap),
                       out->cap, &out->len, err);
}

/* The resolution writes flags into orig and marks into br, so both are kept and put back
 * before the second run. */
int ibidi__bidi_visual_utf8_both(const char *s, size_t n, char *const out[2],
                                 const size_t cap[2], size_t out_len[2])
{
    small_visual_work sw;
    uint8_t orig[IBIDI_BIDI_SMALL];
    uint16_t br[IBIDI_BIDI_SMALL];
    ibidi__bidi b;
    ibidi__bidi_visual v;
    int fit = 1;
    if (n > IBIDI_BIDI_SMALL)
        return 0;
    ibidi__bidi_layout(&b, &v, &sw, n);
    const unsigned char *u = (const unsigned char *)s;
    uint32_t mask = ibidi__bidi_classify_utf8(&b, u, NULL, v.offs);
    memcpy(orig, b.orig, n);
    memcpy(br, b.br, n * sizeof br[0]);
    for (int k = 0; k < 2; k++) {
        out_len[k] = 0;
        if (!out[k])
            continue;
        if (k == 1 && out[0]) {
            memcpy(b.orig, orig, n);
            memcpy(b.br, br, n * sizeof br[0]);
        }
        ibidi__bidi_run(&b, k ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, mask, NULL, NULL);
        /* one line, as ibidi_display_utf8 lays out an identifier (a paragraph separator
         * in a name does not start a new line there) */
        ibidi__bidi_visual_map32(v.lev, n, v.map, b.aux);
        out_len[k] = ibidi__bidi_visual_bytes(u, n, &v, 0, out[k], cap[k]);
        fit &= out_len[k] <= cap[k];
    }
    return fit;
}

ibidi_status ibidi_bidi_visual_utf8_alloc(const char *s, size_t len,
                                          const ibidi_bidi_options *opts, ibidi_buf *out,
                                          ibidi_error *err)
{
    if (!out)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    out->data = NULL;
    out->len = 0;
    size_t n;
    ibidi_bidi_options o;
    ibidi_status st = alloc_work_area(s, len, opts, &o, &n, err);
    if (st != IBIDI_OK)
        return st;
    /* Mirroring never changes the length by more than 4 bytes a code point. */
    size_t cap = len + 1;
    char *buf = NULL;
    for (;;) {
        char *nb = realloc(buf, cap);
        if (!nb) {
            st = ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
            break;
        }
        buf = nb;
        ibidi_buf b = {buf, cap - 1, 0};
        st = ibidi_bidi_visual_utf8(s, len, &o, &b, NULL, err);
        if (st == IBIDI_E_BUFFER_TOO_SMALL && b.len + 1 > cap) {
            cap = b.len + 1;
            continue;
        }
        if (st == IBIDI_OK) {
            buf[b.len] = '\0';
            out->len = b.len;
            out->data = buf;
            buf = NULL;
        }
        break;
    }
    free(buf);
    free(o.work);
    return st;
}
