/*
 * UAX #9 on lines: L1 (levels reset at separators and the end of a line), L2 (the visual
 * order, as maps and as runs) in linear time, L4 (mirrored glyphs), and the text of a
 * resolved paragraph in display order. Calls no other file of src/bidi.
 *
 * L2 reverses, for every level k from the highest down to the lowest odd level, each
 * maximal block of characters at level k or higher. Done literally that costs up to 126
 * passes. Instead we compute where each character ends up. A character i at level L
 * (L >= m, the lowest odd level) lies in one block B_k = [s_k, e_k] for each k in m..L,
 * and the block of k keeps its set of positions while the higher levels permute inside
 * it, so the reversal at k moves position x to s_k + e_k - x. Composing them:
 *
 *     visual(i) = sum_{k=m..L} (-1)^(k-m) (s_k + e_k)  +  (-1)^(L-m+1) i
 *
 * s_k(i) is one past the last position before i with a level below k. Over k it is a step
 * function whose steps are the "previous smaller level" stack of i, so the s-part of the
 * sum is kept on that stack (at most 128 entries, one per level) and costs O(1) amortised
 * per character; a second pass from the right does the e-part. Arithmetic is modulo
 * 2^bits of size_t; the result is exact because it lies in [0, n).
 *
 * Short lines of levels 0-2 (identifiers) get their maps from vectors of 16 code points,
 * with no branch that depends on the runs (short_maps).
 */
#include <string.h>

#include "bidi/bidi_internal.h"
#include "ibidi/utf8.h"
#include "unicode/ucd.h"
#include "unicode/utf8_internal.h"

/* SSE2 is part of x86-64: the level summary, the map fills and the short maps use it when
 * the compiler targets it; the scalar loops below give the same results elsewhere. */
#if defined(__SSE2__) && SIZE_MAX == UINT64_MAX
#include <emmintrin.h>
#define IBIDI__L2_SSE2 1
#endif
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* ---------------------------------------------------------------------------------------
 * L1. */

size_t ibidi__bidi_l1(const uint8_t *classes, size_t start, size_t end, uint8_t para_level,
                      uint8_t *out, int segments)
{
    /* L1: separators, and whitespace and isolate controls before them or at the end of
     * the line, with the characters X9 removed among them (UAX #9 §5.2). */
    int trailing = 1;
    size_t set = 0;
    for (size_t i = end; i-- > start;) {
        uint8_t c = classes[i] & IBIDI__O_CLASS;
        if (c == IBIDI_UNICODE_BC_B || c == IBIDI_UNICODE_BC_S) {
            out[i - start] = para_level;
            set++;
            trailing = 1;
        } else if (trailing && (IBIDI__BC_BIT(c) &
                                (IBIDI__BC_BIT(IBIDI_UNICODE_BC_WS) | IBIDI__ISOLATE_INITIATORS |
                                 IBIDI__BC_BIT(IBIDI_UNICODE_BC_PDI) | IBIDI__REMOVED_X9))) {
            out[i - start] = para_level;
            set++;
        } else if (!segments) {
            break; /* no segment separator before: nothing more for L1 to reset */
        } else {
            trailing = 0;
        }
    }
    return set;
}

/* ---------------------------------------------------------------------------------------
 * L2. */

#define MAX_LEVEL (IBIDI_BIDI_MAX_DEPTH + 1)

/* sum_{k=max(a,m)..b} (-1)^(k-m), as 0, 1 or -1 (modulo 2^bits). */
static inline size_t alt_sum(int a, int b, int m)
{
    if (a < m)
        a = m;
    if (a > b || ((b - a) & 1))
        return 0;
    return ((a - m) & 1) ? (size_t)-1 : 1u;
}

typedef struct step {
    int level;
    size_t edge; /* s_k for the levels above this entry (forward), e_k (backward) */
    size_t sum;  /* the part of the sum for the levels up to this entry's level */
} step;

/* One element of level l at the edge value `edge` seen by the stack: pops the levels at or
 * above l, returns the part of the sum for levels m..l and pushes the element. */
static inline size_t stack_step(step *st, int *sp, int l, size_t edge, int m)
{
    while (st[*sp].level >= l)
        (*sp)--;
    size_t t = st[*sp].sum + st[*sp].edge * alt_sum(st[*sp].level + 1, l, m);
    (*sp)++;
    st[*sp].level = l;
    st[*sp].edge = edge;
    st[*sp].sum = t;
    return t;
}

/* The visual position of each element of a sequence of levels: levels are read at
 * lev + i * lstride, positions written at out + i * ostride (bytes), as uint32_t when
 * out32, else as size_t. m is the lowest odd level (<= MAX_LEVEL). */
static void l2_positions(const uint8_t *lev, size_t lstride, size_t n, unsigned char *out,
                         size_t ostride, int out32, int m)
{
    step st[MAX_LEVEL + 3];
    int sp = 0;

#define LEVEL(i) ((int)lev[(i) * lstride])
#define LOAD(i) (out32 ? (size_t) * (uint32_t *)(out + (i) * ostride) : *(size_t *)(out + (i) * ostride))
#define STORE(i, v)                                                                        \
    do {                                                                                   \
        if (out32)                                                                         \
            *(uint32_t *)(out + (i) * ostride) = (uint32_t)(v);                            \
        else                                                                               \
            *(size_t *)(out + (i) * ostride) = (v);                                        \
    } while (0)

    /* Forward: the s-part. */
    st[0].level = -1;
    st[0].edge = 0;
    st[0].sum = 0;
    for (size_t i = 0; i < n; i++)
        STORE(i, stack_step(st, &sp, LEVEL(i), i + 1, m));
    /* Backward: the e-part, and the final position. */
    sp = 0;
    st[0].level = -1;
    st[0].edge = n - 1;
    st[0].sum = 0;
    for (size_t i = n; i-- > 0;) {
        int l = LEVEL(i);
        size_t t = stack_step(st, &sp, l, i - 1, m);
        size_t v = i;
        if (l >= m)
            v = LOAD(i) + t + (((l - m + 1) & 1) ? (size_t)0 - i : i);
        STORE(i, v);
    }
#undef LEVEL
#undef LOAD
#undef STORE
}

/* One pass over the levels: the highest and the lowest odd one (MAX_LEVEL + 1 when there
 * is none). Branch-free, so that it vectorises. Returns 0 and sets *bad when a level is
 * above MAX_LEVEL. */
typedef struct level_summary {
    int max, min_odd;
} level_summary;

static inline int summarize(const uint8_t *lev, size_t n, level_summary *ls, size_t *bad)
{
    unsigned char mx = 0, mo = 255;
    size_t i = 0;
#ifdef IBIDI__L2_SSE2
    if (n >= 16) { /* 16 levels at a time, the last block overlapping the one before */
        const __m128i one = _mm_set1_epi8(1), zero = _mm_setzero_si128();
        __m128i vmax = zero, vmin = _mm_set1_epi8(-1);
        /* the first block, then the loop (not entered up to 32 levels), then the last */
        __m128i l = _mm_loadu_si128((const __m128i *)(const void *)lev);
        vmax = _mm_max_epu8(vmax, l);
        vmin = _mm_min_epu8(vmin, _mm_or_si128(l, _mm_cmpeq_epi8(_mm_and_si128(l, one), zero)));
        for (i = 16; i + 16 < n; i += 16) {
            l = _mm_loadu_si128((const __m128i *)(const void *)(lev + i));
            __m128i even = _mm_cmpeq_epi8(_mm_and_si128(l, one), zero); /* even: FF */
            vmax = _mm_max_epu8(vmax, l);
            vmin = _mm_min_epu8(vmin, _mm_or_si128(l, even));
        }
        l = _mm_loadu_si128((const __m128i *)(const void *)(lev + n - 16));
        vmax = _mm_max_epu8(vmax, l);
        vmin = _mm_min_epu8(vmin, _mm_or_si128(l, _mm_cmpeq_epi8(_mm_and_si128(l, one), zero)));
        i = n;
        vmax = _mm_max_epu8(vmax, _mm_srli_si128(vmax, 8)); /* fold to one byte */
        vmin = _mm_min_epu8(vmin, _mm_srli_si128(vmin, 8));
        vmax = _mm_max_epu8(vmax, _mm_srli_si128(vmax, 4));
        vmin = _mm_min_epu8(vmin, _mm_srli_si128(vmin, 4));
        vmax = _mm_max_epu8(vmax, _mm_srli_si128(vmax, 2));
        vmin = _mm_min_epu8(vmin, _mm_srli_si128(vmin, 2));
        vmax = _mm_max_epu8(vmax, _mm_srli_si128(vmax, 1));
        vmin = _mm_min_epu8(vmin, _mm_srli_si128(vmin, 1));
        mx = (unsigned char)_mm_cvtsi128_si32(vmax);
        mo = (unsigned char)_mm_cvtsi128_si32(vmin);
    }
#endif
    for (; i < n; i++) {
        unsigned char l = lev[i];
        unsigned char odd = (unsigned char)(l | (unsigned char)((l & 1u) - 1u)); /* even: FF */
        mx = l > mx ? l : mx;
        mo = odd < mo ? odd : mo;
    }
    if (mx > MAX_LEVEL) {
        for (size_t k = 0; k < n; k++)
            if (lev[k] > MAX_LEVEL) {
                *bad = k;
                break;
            }
        return 0;
    }
    ls->max = mx;
    ls->min_odd = mo > MAX_LEVEL ? MAX_LEVEL + 1 : mo;
    return 1;
}

void ibidi__bidi_levels_info(const uint8_t *levels, size_t n, uint8_t *max, uint8_t *has_rtl)
{
    /* Every resolution fills its summary: one pass of maxima and ORs, sixteen levels at a
     * time with SSE2 (the last block overlapping the one before). */
    size_t i = 0;
    unsigned mx = 0, any = 0;
#ifdef __SSE2__
    if (n >= 16) {
        __m128i vmax = _mm_loadu_si128((const __m128i *)(const void *)(levels + n - 16));
        __m128i vor = vmax;
        for (; i + 16 < n; i += 16) { /* not entered up to 16 */
            const __m128i l = _mm_loadu_si128((const __m128i *)(const void *)(levels + i));
            vmax = _mm_max_epu8(vmax, l);
            vor = _mm_or_si128(vor, l);
        }
        vmax = _mm_max_epu8(vmax, _mm_srli_si128(vmax, 8));
        vmax = _mm_max_epu8(vmax, _mm_srli_si128(vmax, 4));
        vmax = _mm_max_epu8(vmax, _mm_srli_si128(vmax, 2));
        vmax = _mm_max_epu8(vmax, _mm_srli_si128(vmax, 1));
        mx = (unsigned)_mm_cvtsi128_si32(vmax) & 0xFFu;
        /* bit 0 of each level to bit 7 of its byte, where movemask reads */
        any = _mm_movemask_epi8(_mm_slli_epi64(vor, 7)) != 0;
        i = n;
    }
#endif
    for (; i < n; i++) {
        mx = levels[i] > mx ? levels[i] : mx;
        any |= levels[i];
    }
    *max = (uint8_t)mx;
    *has_rtl = (uint8_t)(any & 1u);
}

/* Are all levels even and at most MAX_LEVEL (left-to-right text, the common case)? An odd
 * level sets bit 0 of its byte, one above 127 bit 7, and an even level below 128 is at
 * most 126. */
IBIDI__ALWAYS_INLINE int all_even(const uint8_t *lev, size_t n)
{
    size_t i = 0;
#ifdef IBIDI__L2_SSE2
    if (n >= 16 && n <= 32) { /* two blocks, no loop to leave */
        __m128i acc = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)lev),
                                   _mm_loadu_si128((const __m128i *)(const void *)(lev + n - 16)));
        acc = _mm_and_si128(acc, _mm_set1_epi8((char)0x81));
        return _mm_movemask_epi8(_mm_cmpeq_epi8(acc, _mm_setzero_si128())) == 0xFFFF;
    }
    if (n >= 16) {
        __m128i acc = _mm_loadu_si128((const __m128i *)(const void *)(lev + n - 16));
        for (; i + 16 < n; i += 16)
            acc = _mm_or_si128(acc, _mm_loadu_si128((const __m128i *)(const void *)(lev + i)));
        acc = _mm_and_si128(acc, _mm_set1_epi8((char)0x81));
        return _mm_movemask_epi8(_mm_cmpeq_epi8(acc, _mm_setzero_si128())) == 0xFFFF;
    }
#endif
    uint64_t acc = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, lev + i, 8);
        acc |= w;
    }
    for (; i < n; i++)
        acc |= lev[i];
    return !(acc & UINT64_C(0x8181818181818181));
}

/* out[d] = first + d for d < len: a run shown left to right. From four entries on, the
 * last four are stored again over the end of the loop's blocks, so that the only branch
 * that depends on len is the loop's. */
IBIDI__ALWAYS_INLINE void fill_up(size_t *out, size_t first, size_t len)
{
#ifdef IBIDI__L2_SSE2
    if (len >= 16 && len <= 32) { /* a whole short line: eight stores, no loop to leave */
        const __m128i two = _mm_set1_epi64x(2), four = _mm_set1_epi64x(4);
        __m128i v = _mm_set_epi64x((long long)(first + 1), (long long)first);
        for (int k = 0; k < 4; k++) { /* a fixed count: unrolled */
            _mm_storeu_si128((__m128i *)(void *)(out + 4 * k), v);
            _mm_storeu_si128((__m128i *)(void *)(out + 4 * k + 2), _mm_add_epi64(v, two));
            v = _mm_add_epi64(v, four);
        }
        size_t t = first + len - 16;
        v = _mm_set_epi64x((long long)(t + 1), (long long)t);
        for (int k = 0; k < 4; k++) {
            _mm_storeu_si128((__m128i *)(void *)(out + len - 16 + 4 * k), v);
            _mm_storeu_si128((__m128i *)(void *)(out + len - 14 + 4 * k), _mm_add_epi64(v, two));
            v = _mm_add_epi64(v, four);
        }
        return;
    }
    if (len >= 4) {
        const __m128i two = _mm_set1_epi64x(2), four = _mm_set1_epi64x(4);
        __m128i v = _mm_set_epi64x((long long)(first + 1), (long long)first);
        for (size_t d = 0; d + 4 <= len; d += 4) {
            _mm_storeu_si128((__m128i *)(void *)(out + d), v);
            _mm_storeu_si128((__m128i *)(void *)(out + d + 2), _mm_add_epi64(v, two));
            v = _mm_add_epi64(v, four);
        }
        size_t t = first + len - 4;
        v = _mm_set_epi64x((long long)(t + 1), (long long)t);
        _mm_storeu_si128((__m128i *)(void *)(out + len - 4), v);
        _mm_storeu_si128((__m128i *)(void *)(out + len - 2), _mm_add_epi64(v, two));
        return;
    }
#endif
    for (size_t d = 0; d < len; d++)
        out[d] = first + d;
}

/* out[d] = last - d for d < len: a run shown right to left. */
static inline void fill_down(size_t *out, size_t last, size_t len)
{
#ifdef IBIDI__L2_SSE2
    if (len >= 4) {
        const __m128i two = _mm_set1_epi64x(2), four = _mm_set1_epi64x(4);
        __m128i v = _mm_set_epi64x((long long)(last - 1), (long long)last);
        for (size_t d = 0; d + 4 <= len; d += 4) {
            _mm_storeu_si128((__m128i *)(void *)(out + d), v);
            _mm_storeu_si128((__m128i *)(void *)(out + d + 2), _mm_sub_epi64(v, two));
            v = _mm_sub_epi64(v, four);
        }
        size_t t = last - (len - 4);
        v = _mm_set_epi64x((long long)(t - 1), (long long)t);
        _mm_storeu_si128((__m128i *)(void *)(out + len - 4), v);
        _mm_storeu_si128((__m128i *)(void *)(out + len - 2), _mm_sub_epi64(v, two));
        return;
    }
#endif
    for (size_t d = 0; d < len; d++)
        out[d] = last - d;
}

/* Levels 0, 1 and 2 only, with some 1 (left-to-right text holding right-to-left words and
 * numbers, or the reverse): L2 reverses each stretch of levels 1-2 and, inside it, puts
 * each run of 2 back in order. One backward walk per stretch writes the maps. */
static void low_levels(const uint8_t *lev, size_t n, size_t *v2l, size_t *l2v, uint32_t *v2l32)
{
#define PUT(pos, idx)                                                                      \
    do {                                                                                   \
        if (v2l)                                                                           \
            v2l[pos] = (idx);                                                              \
        if (l2v)                                                                           \
            l2v[idx] = (pos);                                                              \
        if (v2l32)                                                                         \
            v2l32[pos] = (uint32_t)(idx);                                                  \
    } while (0)
    size_t v = 0, i = 0;
    while (i < n) {
        if (lev[i] == 0) {
            PUT(v, i);
            v++;
            i++;
            continue;
        }
        size_t a = i;
        while (i < n && lev[i] != 0)
            i++;
        for (size_t j = i; j > a;) {
            j--;
            if (lev[j] == 1) {
                PUT(v, j);
                v++;
                continue;
            }
            size_t e = j;
            while (j > a && lev[j - 1] == 2)
                j--;
            for (size_t k = j; k <= e; k++, v++)
                PUT(v, k);
        }
    }
#undef PUT
}

/* low_levels for the visual-to-logical map alone, the usual call: the level-0 runs stay in
 * place, and each stretch of levels 1-2 is written run by run from its end, runs of 1
 * reversed and runs of 2 in order (L2). */
static void low_levels_v2l(const uint8_t *lev, size_t n, size_t *v2l)
{
    size_t i = 0;
    while (i < n) {
        size_t a = i;
        while (i < n && lev[i] == 0)
            i++;
        fill_up(v2l + a, a, i - a);
        a = i;
        while (i < n && lev[i] != 0)
            i++;
        size_t v = a, j = i;
        while (j > a) {
            size_t e = j;
            uint8_t l = lev[j - 1];
            while (j > a && lev[j - 1] == l)
                j--;
            if (l & 1u)
                fill_down(v2l + v, e - 1, e - j);
            else
                fill_up(v2l + v, j, e - j);
            v += e - j;
        }
    }
}

/* Most lines have few level runs: then the runs are put in order and the maps written run
 * by run, without per-character stack work. */
#define FEW_RUNS 64

/* Writes the maps of a line with at most FEW_RUNS runs, whose levels ls summarizes: v2l and
 * l2v (either may be NULL) as size_t, or v2l32 as uint32_t. Returns 0, writing nothing,
 * when there are more runs. */
static int few_runs(const uint8_t *lev, size_t n, const level_summary *ls, size_t *v2l,
                    size_t *l2v, uint32_t *v2l32)
{
    size_t start[FEW_RUNS + 2];
    uint8_t rl[FEW_RUNS + 1] = {0}, order[FEW_RUNS];
    /* The run starts, stored without a branch per character: each candidate is written,
     * and the count moves on only at a change of level. */
    size_t r = 0;
    if (n == 0)
        return 1;
    uint8_t prev = (uint8_t)~lev[0];
    for (size_t i = 0; i < n && r <= FEW_RUNS; i++) {
        uint8_t l = lev[i];
        start[r] = i;
        rl[r] = l;
        r += l != prev;
        prev = l;
    }
    if (r > FEW_RUNS)
        return 0;
    for (size_t k = 0; k < r; k++)
        order[k] = (uint8_t)k;
    start[r] = n;
    if (ls->max - ls->min_odd < 4) {
        /* L2 as written, on the runs: a few levels of a few runs. */
        for (int k = ls->max; k >= ls->min_odd; k--)
            for (size_t j = 0; j < r;) {
                if (rl[order[j]] < k) {
                    j++;
                    continue;
                }
                size_t z = j;
                while (z < r && rl[order[z]] >= k)
                    z++;
                for (size_t a = j, b = z - 1; a < b; a++, b--) {
                    uint8_t t = order[a];
                    order[a] = order[b];
                    order[b] = t;
                }
                j = z;
            }
    } else {
        size_t rank[FEW_RUNS];
        l2_positions(rl, 1, r, (unsigned char *)rank, sizeof(size_t), 0, ls->min_odd);
        for (size_t k = 0; k < r; k++)
            order[rank[k]] = (uint8_t)k;
    }
    /* Each run left to right (even level) or right to left (odd), one map at a time so
     * that the loops stay tight. */
    size_t v = 0;
    for (size_t j = 0; j < r; j++) {
        size_t k = order[j], a = start[k], z = start[k + 1], len = z - a;
        if (rl[k] & 1u) {
            if (v2l32)
                for (size_t d = 0; d < len; d++)
                    v2l32[v + d] = (uint32_t)(z - 1 - d);
            if (v2l)
                fill_down(v2l + v, z - 1, len);
            if (l2v)
                for (size_t d = 0; d < len; d++)
                    l2v[z - 1 - d] = v + d;
        } else {
            if (v2l32)
                for (size_t d = 0; d < len; d++)
                    v2l32[v + d] = (uint32_t)(a + d);
            if (v2l)
                fill_up(v2l + v, a, len);
            if (l2v)
                for (size_t d = 0; d < len; d++)
                    l2v[a + d] = v + d;
        }
        v += len;
    }
    return 1;
}

/* ---------------------------------------------------------------------------------------
 * L2 of short lines of levels 0-2, on vectors. */

#ifdef __SSE2__
/* Every lane gets lane 15 (bcast_last) or lane 0 (bcast_first) of x. */
static inline __m128i bcast_last(__m128i x)
{
    x = _mm_unpackhi_epi8(x, x);
    x = _mm_shufflehi_epi16(x, 0xFF);
    return _mm_unpackhi_epi64(x, x);
}
static inline __m128i bcast_first(__m128i x)
{
    x = _mm_unpacklo_epi8(x, x);
    x = _mm_shufflelo_epi16(x, 0);
    return _mm_unpacklo_epi64(x, x);
}
/* Each lane gets the largest value at or below it (scan_up) or at or above it (scan_down):
 * four shifted maxima. */
static inline __m128i scan_up(__m128i x)
{
    x = _mm_max_epu8(x, _mm_slli_si128(x, 1));
    x = _mm_max_epu8(x, _mm_slli_si128(x, 2));
    x = _mm_max_epu8(x, _mm_slli_si128(x, 4));
    return _mm_max_epu8(x, _mm_slli_si128(x, 8));
}
static inline __m128i scan_down(__m128i x)
{
    x = _mm_max_epu8(x, _mm_srli_si128(x, 1));
    x = _mm_max_epu8(x, _mm_srli_si128(x, 2));
    x = _mm_max_epu8(x, _mm_srli_si128(x, 4));
    return _mm_max_epu8(x, _mm_srli_si128(x, 8));
}

#define LANES(x, k) ibidi__spread16((unsigned)((x) >> (16 * (k))) & 0xFFFFu, -1)
/* For the stretches of set bits with starts st and ends en (bit masks, positions below
 * 64), every lane of out[0..nv) inside a stretch gets the sum of its first and last
 * position (modulo 256); other lanes get values the caller masks out. One stretch, the
 * usual case for an identifier, needs no scan. Otherwise each lane gets its start as the
 * largest start at or before it and its end as the smallest end at or after it (kept as
 * 255 - position, so that the smallest is the largest). */
IBIDI__ALWAYS_INLINE void stretch_sums(uint64_t st, uint64_t en, int nv, __m128i *out)
{
    if (!(st & (st - 1))) {
        const unsigned sum =
            st ? (unsigned)__builtin_ctzll(st) + 63u - (unsigned)__builtin_clzll(en) : 0u;
        const __m128i v = _mm_set1_epi8((char)sum);
        IBIDI__UNROLL for (int k = 0; k < nv; k++)
            out[k] = v;
        return;
    }
    const __m128i idx0 = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m128i ones = _mm_set1_epi8(-1), sixteen = _mm_set1_epi8(16);
    __m128i carry = _mm_setzero_si128(), idx = idx0;
    IBIDI__UNROLL for (int k = 0; k < nv; k++) {
        out[k] = _mm_max_epu8(scan_up(_mm_and_si128(LANES(st, k), idx)), carry);
        carry = bcast_last(out[k]);
        idx = _mm_add_epi8(idx, sixteen);
    }
    carry = _mm_setzero_si128();
    IBIDI__UNROLL for (int k = nv - 1; k >= 0; k--) {
        idx = _mm_sub_epi8(idx, sixteen);
        __m128i ridx = _mm_xor_si128(idx, ones);
        __m128i b = _mm_max_epu8(scan_down(_mm_and_si128(LANES(en, k), ridx)), carry);
        carry = bcast_first(b);
        out[k] = _mm_add_epi8(out[k], _mm_xor_si128(b, ones));
    }
}

/* The visual position of every lane of nv vectors, for the stretches of levels 1-2 (nz) and
 * the runs of level 2 (two) in them: i goes to a + b - i at level 1 and to
 * a + b - (c + d - i) at level 2. */
IBIDI__ALWAYS_INLINE void visual_positions(uint64_t nz, uint64_t two, int nv, unsigned char *vis)
{
    const uint64_t sa = nz & ~(nz << 1), eb = nz & ~(nz >> 1); /* stretch starts, ends */
    const uint64_t sc = two & ~(two << 1), ed = two & ~(two >> 1); /* level-2 runs */
    __m128i ab[4], cd[4];
    stretch_sums(sa, eb, nv, ab);
    stretch_sums(sc, ed, nv, cd);
    __m128i idx = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    IBIDI__UNROLL for (int k = 0; k < nv; k++) {
        __m128i twice = _mm_add_epi8(idx, idx);
        __m128i v = _mm_add_epi8(idx, _mm_and_si128(LANES(nz, k), _mm_sub_epi8(ab[k], twice)));
        v = _mm_add_epi8(v, _mm_and_si128(LANES(two, k), _mm_sub_epi8(twice, cd[k])));
        _mm_storeu_si128((__m128i *)(void *)(vis + 16 * k), v);
        idx = _mm_add_epi8(idx, _mm_set1_epi8(16));
    }
}
#endif

/* L2 for one line of n levels, all 0, 1 or 2: the maps of ibidi_bidi_reorder (either may be
 * NULL). Returns 0, writing nothing, when a level is above 2, n is below 8 or above
 * IBIDI__BIDI_PLANES_ONE, or without SSE2. */
static int short_maps(const uint8_t *lev, size_t n, size_t *v2l, size_t *l2v)
{
#ifdef __SSE2__
    if (n < 8 || n > IBIDI__BIDI_PLANES_ONE)
        return 0;
    /* L2 with levels 0, 1 and 2: each stretch [a, b] of levels 1-2 is reversed, and each
     * run [c, d] of level 2 in it reversed before, so that i goes to a + b - i at level 1
     * and to a + b - (c + d - i) at level 2. Every lane (one a code point, 64 in four
     * vectors) gets its a and c as the largest run start at or before it, and its b and d
     * as the smallest run end at or after it, by scans; the arithmetic is modulo 256 and
     * exact since positions are below 64. No branch depends on the runs. */
    const __m128i zero = _mm_setzero_si128(), two8 = _mm_set1_epi8(2);
    const uint64_t all = ((uint64_t)1 << n) - 1;
    uint64_t nz, two, le2; /* le2: levels up to 2 */
#define BITS(v, c) ((uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8((v), (c))))
    if (n >= 16) { /* loads at 0, 16, 32 and n - 16, as planes.c does */
        const size_t o3 = n - 16, o1 = o3 < 16 ? o3 : 16, o2 = o3 < 32 ? o3 : 32;
        const __m128i l0 = _mm_loadu_si128((const __m128i *)(const void *)lev);
        const __m128i l1 = _mm_loadu_si128((const __m128i *)(const void *)(lev + o1));
        const __m128i l2 = _mm_loadu_si128((const __m128i *)(const void *)(lev + o2));
        const __m128i l3 = _mm_loadu_si128((const __m128i *)(const void *)(lev + o3));
        nz = all & ~(BITS(l0, zero) | BITS(l1, zero) << o1 | BITS(l2, zero) << o2 |
                     BITS(l3, zero) << o3);
        le2 = BITS(l0, _mm_min_epu8(l0, two8)) | BITS(l1, _mm_min_epu8(l1, two8)) << o1 |
              BITS(l2, _mm_min_epu8(l2, two8)) << o2 | BITS(l3, _mm_min_epu8(l3, two8)) << o3;
        two = BITS(l0, two8) | BITS(l1, two8) << o1 | BITS(l2, two8) << o2 | BITS(l3, two8) << o3;
    } else {
        const size_t o = n - 8;
        const __m128i l =
            _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)lev),
                               _mm_loadl_epi64((const __m128i *)(const void *)(lev + o)));
        uint64_t z = BITS(l, zero), t = BITS(l, two8);
        uint64_t s = BITS(l, _mm_min_epu8(l, two8));
        le2 = (s & 0xFFu) | (s >> 8) << o;
        nz = all & ~((z & 0xFFu) | (z >> 8) << o);
        two = (t & 0xFFu) | (t >> 8) << o;
    }
#undef BITS
    if ((le2 & all) != all)
        return 0;
    unsigned char vis[64];
    if (n <= 32) /* a constant count of vectors for each */
        visual_positions(nz, two, 2, vis);
    else
        visual_positions(nz, two, 4, vis);
#undef LANES
    if (v2l)
        for (size_t i = 0; i < n; i++)
            v2l[vis[i]] = i;
    if (l2v)
        for (size_t i = 0; i < n; i++)
            l2v[i] = vis[i];
    return 1;
#else
    (void)lev;
    (void)n;
    (void)v2l;
    (void)l2v;
    return 0;
#endif
}


/* ---------------------------------------------------------------------------------------
 * L2 of any line. */

void ibidi__bidi_visual_map32(const uint8_t *levels, size_t n, uint32_t *v2l, uint32_t *scratch)
{
    level_summary ls;
    size_t bad;
    if (!summarize(levels, n, &ls, &bad) || ls.min_odd > MAX_LEVEL) {
        /* nothing right-to-left (levels from resolution are always in range): identity */
        for (size_t i = 0; i < n; i++)
            v2l[i] = (uint32_t)i;
        return;
    }
    if (ls.max <= 2) {
        low_levels(levels, n, NULL, NULL, v2l);
        return;
    }
    if (few_runs(levels, n, &ls, NULL, NULL, v2l))
        return;
    l2_positions(levels, 1, n, (unsigned char *)scratch, sizeof(uint32_t), 1, ls.min_odd);
    for (size_t i = 0; i < n; i++)
        v2l[scratch[i]] = (uint32_t)i;
}

/* Inverts the permutation p of 0..n-1 in place, following each cycle once; the top bit
 * marks entries already inverted (n <= IBIDI_BIDI_MAX_LENGTH leaves it free). */
static void invert_in_place(size_t *p, size_t n)
{
    const size_t mark = (size_t)1 << (sizeof(size_t) * 8 - 1);
    for (size_t i = 0; i < n; i++) {
        if (p[i] & mark)
            continue;
        size_t prev = i, cur = p[i];
        while (cur != i) {
            size_t next = p[cur];
            p[cur] = prev | mark;
            prev = cur;
            cur = next;
        }
        p[i] = prev | mark;
    }
    for (size_t i = 0; i < n; i++)
        p[i] &= ~mark;
}

ibidi_status ibidi_bidi_reorder(const uint8_t *levels, size_t n, size_t *visual_to_logical,
                                size_t *logical_to_visual, ibidi_error *err)
{
    if (!levels && n > 0)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (n > IBIDI_BIDI_MAX_LENGTH)
        return ibidi__fail(err, IBIDI_E_TOO_LONG, IBIDI_BIDI_MAX_LENGTH, 0);
    int even = all_even(levels, n);
    if (!even && short_maps(levels, n, visual_to_logical, logical_to_visual))
        return ibidi__ok(err); /* short lines of levels 0-2: without a branch per run */
    level_summary ls = {0, MAX_LEVEL + 1}; /* all even: no odd level */
    size_t bad = 0;
    if (!even && !summarize(levels, n, &ls, &bad))
        return ibidi__fail(err, IBIDI_E_BIDI_LEVEL, bad, levels[bad]);
    if (ls.min_odd > MAX_LEVEL) { /* no odd level: nothing moves */
        if (visual_to_logical)
            fill_up(visual_to_logical, 0, n);
        if (logical_to_visual)
            fill_up(logical_to_visual, 0, n);
        return ibidi__ok(err);
    }
    if (ls.max <= 2 && ls.min_odd == 1) {
        if (visual_to_logical && !logical_to_visual)
            low_levels_v2l(levels, n, visual_to_logical);
        else
            low_levels(levels, n, visual_to_logical, logical_to_visual, NULL);
        return ibidi__ok(err);
    }
    if (few_runs(levels, n, &ls, visual_to_logical, logical_to_visual, NULL))
        return ibidi__ok(err);
    size_t *l2v = logical_to_visual ? logical_to_visual : visual_to_logical;
    if (!l2v)
        return ibidi__ok(err);
    l2_positions(levels, 1, n, (unsigned char *)l2v, sizeof(size_t), 0, ls.min_odd);
    if (logical_to_visual && visual_to_logical) {
        for (size_t i = 0; i < n; i++)
            visual_to_logical[logical_to_visual[i]] = i;
    } else if (visual_to_logical) {
        invert_in_place(visual_to_logical, n);
    }
    return ibidi__ok(err);
}

ibidi_status ibidi_bidi_runs(const uint8_t *levels, size_t n, ibidi_bidi_run_list *list,
                             ibidi_error *err)
{
    if (!list)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    list->n = 0;
    ibidi_bidi_run *const runs = list->items;
    const size_t cap = list->cap;
    if ((!levels && n > 0) || (!runs && cap > 0))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (n > IBIDI_BIDI_MAX_LENGTH)
        return ibidi__fail(err, IBIDI_E_TOO_LONG, IBIDI_BIDI_MAX_LENGTH, 0);
    size_t bad = 0;
    level_summary ls;
    if (!summarize(levels, n, &ls, &bad))
        return ibidi__fail(err, IBIDI_E_BIDI_LEVEL, bad, levels[bad]);
    size_t r = 0;
    for (size_t i = 0; i < n; i++)
        r += i == 0 || levels[i] != levels[i - 1];
    list->n = r;
    if (r > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    /* The level runs in logical order. */
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (i == 0 || levels[i] != levels[i - 1]) {
            runs[k].start = i;
            runs[k].length = 0;
            runs[k].level = levels[i];
            k++;
        }
        runs[k - 1].length++;
    }
    /* Reversals never split a run, so the runs move as the elements of the sequence of
     * their levels: their ranks come from the same computation. */
    int m = ls.min_odd; /* the runs have the same levels */
    if (m <= MAX_LEVEL) {
        l2_positions(&runs[0].level, sizeof(ibidi_bidi_run), r, (unsigned char *)&runs[0].visual,
                     sizeof(ibidi_bidi_run), 0, m);
        for (size_t j = 0; j < r; j++) /* each swap puts one run in its place */
            while (runs[j].visual != j) {
                ibidi_bidi_run t = runs[runs[j].visual];
                runs[runs[j].visual] = runs[j];
                runs[j] = t;
            }
    }
    size_t v = 0;
    for (size_t j = 0; j < r; j++) {
        runs[j].visual = v;
        v += runs[j].length;
    }
    return ibidi__ok(err);
}

ibidi_status ibidi_bidi_line_levels(const ibidi_bidi_line *line, uint8_t *line_levels,
                                    ibidi_error *err)
{
    if (!line)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    const uint8_t *const levels = line->levels, *const classes = line->classes;
    const size_t n = line->n, start = line->start, end = line->end;
    const uint8_t para_level = line->para_level;
    if (((!levels || !classes) && n > 0) || start > end || end > n ||
        (!line_levels && end > start))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, start, 0);
    if (para_level > 1)
        return ibidi__fail(err, IBIDI_E_BIDI_LEVEL, 0, para_level);
    for (size_t i = start; i < end; i++)
        if (classes[i] >= IBIDI_UNICODE_BC_COUNT)
            return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, i, classes[i]);
    if (end > start)
        memmove(line_levels, levels + start, end - start);
    (void)ibidi__bidi_l1(classes, start, end, para_level, line_levels, 1);
    return ibidi__ok(err);
}

/* ---------------------------------------------------------------------------------------
 * L4 and the text in display order. */

uint32_t ibidi_bidi_mirror(uint32_t cp, uint8_t level)
{
    /* L4: a Bidi_Mirrored character at an odd level shows its mirrored glyph, when the
     * UCD names one (BidiMirroring.txt); others are left to the font. */
    if (!(level & 1u) || cp > 0x10FFFFu || !(ibidi__props_of(cp)->flags & IBIDI__PF_MIRRORED))
        return cp;
    return ibidi_unicode_mirroring_glyph(cp);
}

void ibidi__bidi_visual_order(const ibidi__bidi *b, const ibidi__bidi_visual *v)
{
    size_t n = b->n, ps = 0;
    while (ps < n) {
        size_t pe = ps;
        while (pe < n && (b->orig[pe] & IBIDI__O_CLASS) != IBIDI_UNICODE_BC_B)
            pe++;
        ibidi__bidi_visual_map32(v->lev + ps, pe - ps, v->map + ps, b->aux + ps);
        if (ps > 0)
            for (size_t k = ps; k < pe; k++)
                v->map[k] += (uint32_t)ps;
        if (pe < n) {
            v->map[pe] = (uint32_t)pe;
            pe++;
        }
        ps = pe;
    }
}

size_t ibidi__bidi_visual_cps(const uint32_t *text, size_t n, const ibidi__bidi_visual *v,
                              unsigned flags, uint32_t *out, size_t cap)
{
    size_t len = 0;
    for (size_t k = 0; k < n; k++) {
        const size_t i = v->map[k];
        uint32_t cp = text[i];
        if ((flags & IBIDI_BIDI_REMOVE_CONTROLS) && ibidi__is_bidi_control(cp))
            continue;
        if (!(flags & IBIDI_BIDI_NO_MIRROR))
            cp = ibidi_bidi_mirror(cp, v->lev[i]);
        if (len < cap)
            out[len] = cp;
        len++;
    }
    return len;
}

size_t ibidi__bidi_visual_bytes(const unsigned char *s, size_t n, const ibidi__bidi_visual *v,
                                unsigned flags, char *out, size_t cap)
{
    size_t len = 0;
    for (size_t k = 0; k < n; k++) {
        const size_t i = v->map[k];
        size_t a = v->offs[i], z = a;
        uint32_t cp = ibidi__utf8_decode_valid(s, &z); /* validated before */
        if ((flags & IBIDI_BIDI_REMOVE_CONTROLS) && ibidi__is_bidi_control(cp))
            continue;
        uint32_t m = (flags & IBIDI_BIDI_NO_MIRROR) ? cp : ibidi_bidi_mirror(cp, v->lev[i]);
        if (m == cp) {
            if (len + (z - a) <= cap)
                memcpy(out + len, s + a, z - a);
            len += z - a;
        } else {
            char buf[4];
            size_t k8 = ibidi_utf8_encode_cp(m, buf);
            if (len + k8 <= cap)
                memcpy(out + len, buf, k8);
            len += k8;
        }
    }
    return len;
}
