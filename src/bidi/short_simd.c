/*
 * Short simple paragraphs (UAX #9) on bit planes: up to 63 code points with no explicit
 * embedding, override or isolate, nothing for X9 to remove and no paired bracket, so that
 * the paragraph is one isolating run sequence at the paragraph level (X1-X10) with sos and
 * eos of its direction. Each class is a 64-bit mask, one bit a code point (bit i for index
 * i), and every rule of W1-W7, N1-N2 and I1-I2 becomes a few operations on the masks:
 *
 *   - a propagation upward (the last character of some kind before each position: W1, W2,
 *     W5 after an EN, W7, N1 before a neutral run) is one addition, whose carry runs
 *     through the positions it may cross (fill_up);
 *   - a propagation downward (W5 before an EN, N1 after a neutral run) takes six shift
 *     steps (fill_down);
 *   - the rules about the neighbours (W4) are shifts by one.
 *
 * The general pass branches on every change of class, and identifiers change class every
 * few characters: the masks cost the same whatever the text. The SSE2 part turns classes
 * into masks and masks into levels; the portable loops do the same elsewhere.
 *
 * ibidi__bidi_short_maps does L2 for short lines of levels 0-2 (SSE2 only; the general L2
 * elsewhere) with 16 code points a vector and no branch that depends on the runs.
 */
#include <string.h>

#include "bidi/bidi_internal.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

enum {
    L = IBIDI_BC_L, R = IBIDI_BC_R, AL = IBIDI_BC_AL, EN = IBIDI_BC_EN, ES = IBIDI_BC_ES,
    ET = IBIDI_BC_ET, AN = IBIDI_BC_AN, CS = IBIDI_BC_CS, NSM = IBIDI_BC_NSM
};

/* The positions of p reachable from a seed by going up through p, seeds included (seeds
 * must lie in p). Adding a seed to p carries through the ones of p above it up to the end
 * of its stretch and clears them; a second seed in the same stretch only sets its own
 * bit, which the final or puts back anyway. A carry out of bit 63 is dropped. */
static inline uint64_t fill_up(uint64_t seeds, uint64_t p) { return (p & ~(p + seeds)) | seeds; }

/* The same downward (no carry goes that way): doubling steps, p_k marking the positions
 * from which the next 2^k positions all lie in p. */
static inline uint64_t fill_down(uint64_t g, uint64_t p)
{
    g |= p & (g >> 1);
    p &= p >> 1;
    g |= p & (g >> 2);
    p &= p >> 2;
    g |= p & (g >> 4);
    p &= p >> 4;
    g |= p & (g >> 8);
    p &= p >> 8;
    g |= p & (g >> 16);
    p &= p >> 16;
    g |= p & (g >> 32);
    return g;
}

#ifdef __SSE2__
/* 16 mask bits to 16 bytes: value where the bit is set, 0 elsewhere. The unpacks put the
 * low byte of x in bytes 0-7 and the high byte in 8-15; each byte then keeps its bit. */
static inline __m128i spread16(unsigned x, char value)
{
    const __m128i sel = _mm_set_epi8((char)0x80, 0x40, 0x20, 0x10, 8, 4, 2, 1, (char)0x80, 0x40,
                                     0x20, 0x10, 8, 4, 2, 1);
    __m128i v = _mm_cvtsi32_si128((int)x);
    v = _mm_unpacklo_epi8(v, v);
    v = _mm_unpacklo_epi16(v, v);
    v = _mm_unpacklo_epi32(v, v);
    return _mm_and_si128(_mm_cmpeq_epi8(_mm_and_si128(v, sel), sel), _mm_set1_epi8(value));
}
#endif

int ibidi__bidi_short(const uint8_t *orig, size_t n, uint8_t level, uint8_t *lev)
{
    if (n == 0 || n > IBIDI__BIDI_SHORT_MAX)
        return 0;
    uint64_t m[NSM + 1];
#ifdef __SSE2__
    if (n >= 16) {
        /* Four loads of 16 classes at 0, 16, 32 and n - 16, the middle ones moved back so
         * that none goes past the end: overlapping lanes give the same bits again. */
        const size_t o3 = n - 16, o1 = o3 < 16 ? o3 : 16, o2 = o3 < 32 ? o3 : 32;
        const __m128i cmask = _mm_set1_epi8(IBIDI__O_CLASS);
#define LOADC(o)                                                                           \
    _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(orig + (o))), cmask)
        const __m128i v0 = LOADC(0), v1 = LOADC(o1), v2 = LOADC(o2), v3 = LOADC(o3);
#undef LOADC
#define PLANE(v, cv) ((uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8((v), (cv))))
        if (n <= 32) { /* most identifiers: two loads are enough (v1 = v3) */
            for (int c = 0; c <= NSM; c++) { /* a fixed count: unrolled */
                const __m128i cv = _mm_set1_epi8((char)c);
                m[c] = PLANE(v0, cv) | PLANE(v3, cv) << o3;
            }
        } else {
            for (int c = 0; c <= NSM; c++) {
                const __m128i cv = _mm_set1_epi8((char)c);
                m[c] = PLANE(v0, cv) | PLANE(v1, cv) << o1 | PLANE(v2, cv) << o2 |
                       PLANE(v3, cv) << o3;
            }
        }
#undef PLANE
    } else if (n >= 8) {
        /* Two loads of 8 classes, at 0 and n - 8, in one vector. */
        const size_t o = n - 8;
        const __m128i v = _mm_and_si128(
            _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)orig),
                               _mm_loadl_epi64((const __m128i *)(const void *)(orig + o))),
            _mm_set1_epi8(IBIDI__O_CLASS));
        for (int c = 0; c <= NSM; c++) {
            uint64_t x = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)c)));
            m[c] = (x & 0xFFu) | (x >> 8) << o;
        }
    } else
#endif
    {
        memset(m, 0, sizeof m);
        for (size_t i = 0; i < n; i++) {
            unsigned c = orig[i] & IBIDI__O_CLASS;
            if (c <= NSM)
                m[c] |= (uint64_t)1 << i;
        }
    }
    const uint64_t all = ((uint64_t)1 << n) - 1;
    const uint64_t rtl = (uint64_t)0 - (level & 1u); /* sos and eos are R: all ones */
    uint64_t l = m[L], r = m[R], al = m[AL], en = m[EN], es = m[ES], et = m[ET], an = m[AN];
    uint64_t cs = m[CS], nsm = m[NSM];
    /* B, S, WS and ON: the neutrals of N1, which no W rule changes */
    uint64_t ni = all & ~(l | r | al | en | es | et | an | cs | nsm);

    /* W1: each stretch of NSM takes the type of the character before it, or sos. A seed is
     * the first NSM of a stretch whose previous character has the type. */
#define W1(x) x |= nsm & ~(nsm + (((x) << 1) & nsm))
    uint64_t at_sos = nsm & ~(nsm + (nsm & 1u));
    l |= at_sos & ~rtl;
    r |= at_sos & rtl;
    W1(l);
    W1(r);
    W1(al);
    W1(en);
    W1(es);
    W1(et);
    W1(an);
    W1(cs);
    W1(ni);
#undef W1

    /* W2: EN whose last strong type (L, R, AL; sos is L or R) is AL becomes AN. */
    uint64_t after_al = fill_up(al, ~(l | r));
    an |= en & after_al;
    en &= ~after_al;
    /* W3: AL becomes R. */
    r |= al;
    /* W4: one ES or CS between two EN becomes EN, one CS between two AN becomes AN. The
     * neighbours are numbers, never separators, so the changes do not chain. */
    uint64_t to_en = (es | cs) & (en << 1) & (en >> 1);
    uint64_t to_an = cs & (an << 1) & (an >> 1);
    en |= to_en;
    an |= to_an;
    es &= ~to_en;
    cs &= ~(to_en | to_an);
    /* W5: a stretch of ET next to an EN (after it or before it) becomes EN. */
    en |= et & (fill_up(en, en | et) | fill_down(en, et));
    /* W6: the other separators and terminators become ON. */
    ni |= all & ~(l | r | en | an);
    /* W7: EN whose last strong type (L or R, or sos) is L becomes L. */
    uint64_t sos_r = rtl & 1u & ~l; /* bit 0 carries an R sos unless it is L itself */
    uint64_t after_r = fill_up(r | sos_r, ~l);
    l |= en & ~after_r;
    en &= after_r;

    /* N1: a stretch of neutrals between strong types of one direction (EN and AN count
     * as R; sos and eos at the ends) takes it; N2: the others take the embedding
     * direction. */
    uint64_t rlike = r | en | an;
    uint64_t prev_r = fill_up(rlike | (rtl & 1u & ~l), ~l);
    uint64_t next_r = fill_down(rlike | (rtl & ((uint64_t)1 << n)), ni);
    uint64_t ni_r = ni & ((prev_r & next_r) | (rtl & (prev_r | next_r)));
    r |= ni_r;

    /* I1-I2: at level 0, R goes up one and EN, AN two; at level 1, L, EN and AN go up
     * one. Bit 0 of the level is R, bit 1 the rest of the raise. */
    uint64_t bit0 = r & all;
    uint64_t bit1 = (level & 1u) ? all & ~r : (en | an);
#ifdef __SSE2__
    if (n >= 16) {
        /* 16 levels at a time at the offsets of the loads above. */
        const size_t o3 = n - 16, o1 = o3 < 16 ? o3 : 16, o2 = o3 < 32 ? o3 : 32;
#define LEVELS(o)                                                                          \
    _mm_storeu_si128((__m128i *)(void *)(lev + (o)),                                       \
                     _mm_or_si128(spread16((unsigned)(bit0 >> (o)) & 0xFFFFu, 1),          \
                                  spread16((unsigned)(bit1 >> (o)) & 0xFFFFu, 2)))
        LEVELS(0);
        if (n > 32) {
            LEVELS(o1);
            LEVELS(o2);
        }
        LEVELS(o3);
#undef LEVELS
    } else if (n >= 8) { /* 8 levels at 0 and 8 at n - 8 */
        const size_t o = n - 8;
        const unsigned x0 = (unsigned)((bit0 & 0xFFu) | ((bit0 >> o) & 0xFFu) << 8);
        const unsigned x1 = (unsigned)((bit1 & 0xFFu) | ((bit1 >> o) & 0xFFu) << 8);
        const __m128i v = _mm_or_si128(spread16(x0, 1), spread16(x1, 2));
        _mm_storel_epi64((__m128i *)(void *)lev, v);
        _mm_storel_epi64((__m128i *)(void *)(lev + o), _mm_srli_si128(v, 8));
    } else
#endif
    {
        for (size_t i = 0; i < n; i++)
            lev[i] = (uint8_t)(((bit0 >> i) & 1u) | (((bit1 >> i) & 1u) << 1));
    }
    return 1;
}

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
#endif

int ibidi__bidi_short_maps(const uint8_t *lev, size_t n, size_t *v2l, size_t *l2v)
{
#ifdef __SSE2__
    if (n < 8 || n > IBIDI__BIDI_SHORT_MAX)
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
    if (n >= 16) { /* loads as in ibidi__bidi_short */
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
    const uint64_t sa = nz & ~(nz << 1), eb = nz & ~(nz >> 1); /* stretch starts, ends */
    const uint64_t sc = two & ~(two << 1), ed = two & ~(two >> 1); /* level-2 runs */
    const int nv = n <= 32 ? 2 : 4;
    const __m128i idx0 = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m128i ones = _mm_set1_epi8(-1), sixteen = _mm_set1_epi8(16);
#define LANES(x, k) spread16((unsigned)((x) >> (16 * (k))) & 0xFFFFu, -1)
    /* the ends as 255 - position, so that the smallest end is the largest of these */
    __m128i a[4], c[4], b[4], d[4];
    __m128i ca = zero, cc = zero, idx = idx0;
    for (int k = 0; k < nv; k++) {
        a[k] = _mm_max_epu8(scan_up(_mm_and_si128(LANES(sa, k), idx)), ca);
        c[k] = _mm_max_epu8(scan_up(_mm_and_si128(LANES(sc, k), idx)), cc);
        ca = bcast_last(a[k]);
        cc = bcast_last(c[k]);
        idx = _mm_add_epi8(idx, sixteen);
    }
    __m128i cb = zero, cd = zero;
    for (int k = nv - 1; k >= 0; k--) {
        idx = _mm_sub_epi8(idx, sixteen);
        __m128i ridx = _mm_xor_si128(idx, ones);
        b[k] = _mm_max_epu8(scan_down(_mm_and_si128(LANES(eb, k), ridx)), cb);
        d[k] = _mm_max_epu8(scan_down(_mm_and_si128(LANES(ed, k), ridx)), cd);
        cb = bcast_first(b[k]);
        cd = bcast_first(d[k]);
    }
    unsigned char vis[64];
    for (int k = 0; k < nv; k++) {
        __m128i twice = _mm_add_epi8(idx, idx);
        __m128i ab = _mm_add_epi8(a[k], _mm_xor_si128(b[k], ones));
        __m128i cd2 = _mm_add_epi8(c[k], _mm_xor_si128(d[k], ones));
        __m128i v = _mm_add_epi8(idx, _mm_and_si128(LANES(nz, k), _mm_sub_epi8(ab, twice)));
        v = _mm_add_epi8(v, _mm_and_si128(LANES(two, k), _mm_sub_epi8(twice, cd2)));
        _mm_storeu_si128((__m128i *)(void *)(vis + 16 * k), v);
        idx = _mm_add_epi8(idx, sixteen);
    }
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
