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
 * ibidi__bidi_planes does the same, and N0, for simple paragraphs of up to 1024 code points
 * that may hold paired brackets, on planes of several words. BD16 and N0 visit only the
 * brackets, and N0 asks the planes whether a pair holds a strong type of each direction
 * and which strong type comes before it.
 *
 * ibidi__bidi_short_maps does L2 for short lines of levels 0-2 (SSE2 only; the general L2
 * elsewhere) with 16 code points a vector and no branch that depends on the runs.
 */
#include <string.h>

#include "bidi/bidi_internal.h"
#include "common/internal.h"

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
            IBIDI__UNROLL for (int c = 0; c <= NSM; c++) {
                const __m128i cv = _mm_set1_epi8((char)c);
                m[c] = PLANE(v0, cv) | PLANE(v3, cv) << o3;
            }
        } else {
            IBIDI__UNROLL for (int c = 0; c <= NSM; c++) {
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
        IBIDI__UNROLL for (int c = 0; c <= NSM; c++) {
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

#define LANES(x, k) spread16((unsigned)((x) >> (16 * (k))) & 0xFFFFu, -1)
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
 * Simple paragraphs and isolating run sequences that are ranges of the text, paired
 * brackets allowed: the rules of ibidi__bidi_short on planes of several 64-bit words (bit i
 * of word w for index 64 w + i). Propagations carry from word to word: an addition passes
 * its carry up, a shift passes the bit it pushes out, a downward fill starts each word with
 * the bit it reached at the bottom of the word above. N0 works between W7 and N1 on the
 * pairs that BD16 finds among the bracket positions (the only characters it visits). Up to
 * IBIDI__BIDI_PLANES_MAX code points the planes sit on the stack; longer texts bring an area
 * of IBIDI__BIDI_PLANES_WORDS(n) words.
 */
#define PW (IBIDI__BIDI_PLANES_MAX / 64 + 1) /* words: bit n, past the end, included */

/* out = fill_up(seeds, p) over nw words (fill_up above, with the carry of each word's
 * addition going into the next). */
static inline void fill_up_w(uint64_t *out, const uint64_t *seeds, const uint64_t *p, size_t nw)
{
    uint64_t carry = 0;
    for (size_t w = 0; w < nw; w++) {
        uint64_t s = p[w] + seeds[w];
        uint64_t c = s < p[w];
        uint64_t t = s + carry;
        carry = c | (t < s);
        out[w] = (p[w] & ~t) | seeds[w];
    }
}

/* fill_down over nw words, from the top word down. */
static inline void fill_down_w(uint64_t *out, const uint64_t *g, const uint64_t *p, size_t nw)
{
    uint64_t in = 0; /* bit 0 of the word above was reached */
    for (size_t w = nw; w-- > 0;) {
        uint64_t x = fill_down(g[w] | (p[w] & (in << 63)), p[w]);
        out[w] = x;
        in = x & 1u;
    }
}

/* x << 1 and x >> 1 across words. */
static inline uint64_t shl1_w(const uint64_t *x, size_t w)
{
    return x[w] << 1 | (w ? x[w - 1] >> 63 : 0);
}
static inline uint64_t shr1_w(const uint64_t *x, size_t w, size_t nw)
{
    return x[w] >> 1 | (w + 1 < nw ? x[w + 1] << 63 : 0);
}

static inline int bit_w(const uint64_t *x, size_t i) { return (int)((x[i >> 6] >> (i & 63)) & 1u); }

/* Sixteen bits of x from position i (i + 16 <= 64 * nw). */
static inline unsigned get16_w(const uint64_t *x, size_t i)
{
    size_t w = i >> 6;
    unsigned s = (unsigned)(i & 63);
    uint64_t v = x[w] >> s;
    if (s > 48)
        v |= x[w + 1] << (64 - s);
    return (unsigned)v & 0xFFFFu;
}

enum { P_L, P_R, P_AL, P_EN, P_ES, P_ET, P_AN, P_CS, P_NSM, P_OPEN, P_CLOSE, P_COUNT };
/* The planes of one call: the class planes, then all, ni, t1, t2, t3, sl and sr. */
#define P_ALL (P_COUNT + 7)
_Static_assert(IBIDI__BIDI_PLANES_WORDS(0) == P_ALL, "IBIDI__BIDI_PLANES_WORDS counts the planes");

/* The class planes of cls (classes L .. NSM, whose numbers are P_L .. P_NSM) and the
 * planes of paired brackets of orig (opening, closing) whose class is ON, which no W rule
 * changes; bits at n and above stay 0. */
#define LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
static void extract_planes(const uint8_t *cls, const uint8_t *orig, size_t n, size_t nw,
                           uint64_t *const m[P_COUNT])
{
    for (int k = 0; k < P_COUNT; k++) /* only the words in use: a short text reads no more */
        memset(m[k], 0, nw * sizeof m[k][0]);
#ifdef __SSE2__
    if (n >= 16) {
        const __m128i cmask = _mm_set1_epi8(IBIDI__O_CLASS);
        const __m128i kopen = _mm_set1_epi8((char)IBIDI__O_OPEN);
        const __m128i kclose = _mm_set1_epi8((char)IBIDI__O_CLOSE);
        for (size_t i = 0; i < n; i += 16) {
            /* the last block ends at n, overlapping the one before; its bits are shifted */
            size_t at = i + 16 <= n ? i : n - 16;
            unsigned sh = (unsigned)(i - at);
            const __m128i raw = _mm_loadu_si128((const __m128i *)(const void *)(orig + at));
            const __m128i v = cls == orig ? _mm_and_si128(raw, cmask)
                                          : _mm_and_si128(LOADU(cls + at), cmask);
            size_t w = i >> 6;
            unsigned pos = (unsigned)(i & 63);
#define PUT(k, vec) m[k][w] |= (uint64_t)((unsigned)_mm_movemask_epi8(vec) >> sh) << pos
            IBIDI__UNROLL for (int c = 0; c <= NSM; c++)
                PUT(c, _mm_cmpeq_epi8(v, _mm_set1_epi8((char)c)));
            /* BD14, BD15: a bracket pairs only while its type is ON (not under an
             * override; O_OPEN also marks an FSI, whose class is not ON) */
            const __m128i on = _mm_cmpeq_epi8(v, _mm_set1_epi8((char)IBIDI_BC_ON));
            PUT(P_OPEN, _mm_and_si128(on, _mm_cmpeq_epi8(_mm_and_si128(raw, kopen), kopen)));
            PUT(P_CLOSE, _mm_and_si128(on, _mm_cmpeq_epi8(_mm_and_si128(raw, kclose), kclose)));
#undef PUT
        }
        return;
    }
#endif
    for (size_t i = 0; i < n; i++) {
        unsigned c = cls[i] & IBIDI__O_CLASS;
        uint64_t bit = (uint64_t)1 << (i & 63);
        if (c <= NSM)
            m[c][i >> 6] |= bit;
        if (c == IBIDI_BC_ON && (orig[i] & IBIDI__O_OPEN))
            m[P_OPEN][i >> 6] |= bit;
        if (c == IBIDI_BC_ON && (orig[i] & IBIDI__O_CLOSE))
            m[P_CLOSE][i >> 6] |= bit;
    }
}

/* Set bits of x at positions a .. b - 1 (none when a >= b: an empty pair); the words
 * between the first and the last count as steps. */
static int any_in(const uint64_t *x, size_t a, size_t b, uint64_t *steps)
{
    if (a >= b)
        return 0;
    size_t wa = a >> 6, wb = (b - 1) >> 6;
    uint64_t lo = ~(uint64_t)0 << (a & 63), hi = ~(uint64_t)0 >> (63 - ((b - 1) & 63));
    if (wa == wb)
        return (x[wa] & lo & hi) != 0;
    if (x[wa] & lo)
        return 1;
    for (size_t w = wa + 1; w < wb; w++) {
        (*steps)++;
        if (x[w])
            return 1;
    }
    return (x[wb] & hi) != 0;
}

/* The highest set bit of x below position a, or -1; each word read counts as a step. */
static long last_below(const uint64_t *x, size_t a, uint64_t *steps)
{
    size_t w = a >> 6;
    uint64_t v = (a & 63) ? x[w] & (~(uint64_t)0 >> (64 - (a & 63))) : 0;
    for (;;) {
        if (v)
            return (long)(w * 64 + 63 - (unsigned)__builtin_clzll(v));
        if (w == 0)
            return -1;
        v = x[--w];
        (*steps)++;
    }
}

int ibidi__bidi_planes(const uint8_t *cls, const uint8_t *orig, const uint16_t *br, size_t n,
                       unsigned dirs, uint8_t *lev, uint8_t *types, uint64_t *area,
                       uint32_t *link, uint64_t *steps)
{
    if (n == 0 || (n > IBIDI__BIDI_PLANES_MAX && (!area || !link)))
        return 0;
    const size_t nw = n / 64 + 1;
    uint64_t stack_planes[P_ALL * PW];
    uint32_t stack_link[IBIDI__BIDI_PLANES_MAX];
    uint64_t *const base = area ? area : stack_planes;
    link = link ? link : stack_link;
    uint64_t *m[P_COUNT];
    for (int k = 0; k < P_COUNT; k++)
        m[k] = base + (size_t)k * nw;
    uint64_t *const all = base + P_COUNT * nw, *const ni = all + nw, *const t1 = ni + nw;
    uint64_t *const t2 = t1 + nw, *const t3 = t2 + nw, *const sl = t3 + nw, *const sr = sl + nw;
    extract_planes(cls, orig, n, nw, m);
    uint64_t *l = m[P_L], *r = m[P_R], *al = m[P_AL], *en = m[P_EN], *es = m[P_ES];
    uint64_t *et = m[P_ET], *an = m[P_AN], *cs = m[P_CS], *nsm = m[P_NSM];
    /* all ones for R: the embedding direction, sos and eos */
    const uint64_t rtl = (uint64_t)0 - (dirs & IBIDI__PLANES_E_RTL ? 1u : 0u);
    const uint64_t sos = (uint64_t)0 - (dirs & IBIDI__PLANES_SOS_RTL ? 1u : 0u);
    const uint64_t eos = (uint64_t)0 - (dirs & IBIDI__PLANES_EOS_RTL ? 1u : 0u);
    for (size_t w = 0; w < nw; w++) {
        size_t lo = w * 64;
        all[w] = n >= lo + 64 ? ~(uint64_t)0 : ((uint64_t)1 << (n - lo)) - 1;
        /* B, S, WS, ON and isolate controls: the neutrals of N1 */
        ni[w] = all[w] & ~(l[w] | r[w] | al[w] | en[w] | es[w] | et[w] | an[w] | cs[w] | nsm[w]);
    }

    /* W1, as in ibidi__bidi_short: the NSM stretch at the start takes sos, the others the
     * type before them. */
    memset(t1, 0, sizeof(uint64_t) * nw);
    t1[0] = nsm[0] & 1u;
    fill_up_w(t2, t1, nsm, nw);
    for (size_t w = 0; w < nw; w++) {
        l[w] |= t2[w] & ~sos;
        r[w] |= t2[w] & sos;
    }
    uint64_t *const planes[] = {l, r, al, en, es, et, an, cs, ni};
    for (size_t k = 0; k < sizeof planes / sizeof planes[0]; k++) {
        uint64_t *x = planes[k];
        for (size_t w = nw; w-- > 0;) /* from the top: shl1_w reads the word below */
            t1[w] = shl1_w(x, w) & nsm[w];
        fill_up_w(t2, t1, nsm, nw);
        for (size_t w = 0; w < nw; w++)
            x[w] |= t2[w];
    }
    /* W2 */
    for (size_t w = 0; w < nw; w++)
        t1[w] = ~(l[w] | r[w]);
    fill_up_w(t2, al, t1, nw);
    for (size_t w = 0; w < nw; w++) {
        an[w] |= en[w] & t2[w];
        en[w] &= ~t2[w];
        r[w] |= al[w]; /* W3 */
    }
    /* W4: the neighbours are numbers, so the changes do not chain (computed from the
     * planes before any change). */
    for (size_t w = 0; w < nw; w++) {
        t1[w] = (es[w] | cs[w]) & shl1_w(en, w) & shr1_w(en, w, nw);
        t2[w] = cs[w] & shl1_w(an, w) & shr1_w(an, w, nw);
    }
    for (size_t w = 0; w < nw; w++) {
        en[w] |= t1[w];
        an[w] |= t2[w];
        es[w] &= ~t1[w];
        cs[w] &= ~(t1[w] | t2[w]);
        t3[w] = en[w] | et[w];
    }
    /* W5 */
    fill_up_w(t1, en, t3, nw);
    fill_down_w(t2, en, et, nw);
    for (size_t w = 0; w < nw; w++) {
        en[w] |= et[w] & (t1[w] | t2[w]);
        ni[w] |= all[w] & ~(l[w] | r[w] | en[w] | an[w]); /* W6 */
        t3[w] = ~l[w];
        t1[w] = r[w];
    }
    /* W7 */
    t1[0] |= sos & 1u & ~l[0];
    fill_up_w(t2, t1, t3, nw);
    for (size_t w = 0; w < nw; w++) {
        l[w] |= en[w] & ~t2[w];
        en[w] &= t2[w];
    }
    (*steps) += 4 * n;

    if (any_in(m[P_CLOSE], 0, n, steps)) { /* N0 */
        /* BD16 over the bracket positions. link[a] of an opener a that BD16 pushed gets the
         * position of its closing bracket, or 0 when it has none; the openers below stop
         * are those it pushed. */
        const uint64_t *const open = m[P_OPEN];
        /* the 63 entries of the rule: an opener's position and canonical closing bracket,
         * chained per hash of that bracket so that a closer finds its entry at once */
        uint32_t st_open[63];
        uint16_t st_close[63];
        uint8_t st_chain[63], head[IBIDI__BRACKET_HASH_SIZE];
        size_t sp = 0, pairs = 0, stop = n;
        memset(head, 0xFF, sizeof head);
        for (size_t w = 0; w < nw; w++) {
            uint64_t bits = open[w] | m[P_CLOSE][w];
            while (bits) {
                const size_t i = w * 64 + (unsigned)__builtin_ctzll(bits);
                bits &= bits - 1;
                const uint16_t cb = br[i];
                const uint32_t h = IBIDI__BRACKET_HASH(cb);
                (*steps)++;
                if (open[w] >> (i & 63) & 1u) {
                    if (sp == 63) { /* BD16: no room, stop */
                        stop = i;
                        goto bd16_done;
                    }
                    link[i] = 0;
                    st_open[sp] = (uint32_t)i;
                    st_close[sp] = cb;
                    st_chain[sp] = head[h];
                    head[h] = (uint8_t)sp++;
                    continue;
                }
                unsigned k = head[h];
                while (k != 0xFF && st_close[k] != cb) {
                    k = st_chain[k];
                    (*steps)++;
                }
                if (k == 0xFF) /* no opener of its kind: not paired */
                    continue;
                link[st_open[k]] = (uint32_t)i;
                pairs++;
                while (sp > k) { /* pop through the matched entry */
                    sp--;
                    head[IBIDI__BRACKET_HASH(st_close[sp])] = st_chain[sp];
                    (*steps)++;
                }
            }
        }
    bd16_done:
        if (pairs) {
            /* strong types after W7, EN and AN as R; N0 b, c look inside each pair at
             * these (pairs resolved before a pair enclose it or lie before it). A pair's
             * scans are linear together: a position lies inside at most 63 pairs, and the
             * scan back for N0 c stops at the brackets of the pair resolved before. */
            for (size_t w = 0; w < nw; w++) {
                sl[w] = l[w];
                sr[w] = r[w] | en[w] | an[w];
                t1[w] = sl[w] | sr[w]; /* strong so far, with brackets N0 changed */
            }
            const uint64_t *in_e = rtl ? sr : sl, *in_o = rtl ? sl : sr;
            /* the openers in text order, below stop */
            for (size_t w = 0; w <= (stop - 1) >> 6; w++) {
                uint64_t bits = open[w];
                if ((w + 1) * 64 > stop)
                    bits &= ~(~(uint64_t)0 << (stop & 63));
                while (bits) {
                    const size_t a = w * 64 + (unsigned)__builtin_ctzll(bits);
                    bits &= bits - 1;
                    const size_t c = link[a];
                    if (!c)
                        continue;
                    (*steps)++;
                    int to_r;
                    if (any_in(in_e, a + 1, c, steps)) { /* N0 b */
                        to_r = rtl != 0;
                    } else if (any_in(in_o, a + 1, c, steps)) {
                        /* N0 c: the opposite direction when the first strong type before
                         * the pair (sos when none) is it (c1), else the embedding one (c2):
                         * either way the direction of that strong type */
                        long before = last_below(t1, a, steps);
                        to_r = before < 0 ? sos != 0 : !bit_w(l, (size_t)before);
                    } else {
                        continue; /* N0 d */
                    }
                    const size_t ends[2] = {a, c};
                    for (int s = 0; s < 2; s++) {
                        /* the bracket, then the NSMs after it, to which W1 gave its ON */
                        size_t j = ends[s];
                        do {
                            const uint64_t bit = (uint64_t)1 << (j & 63);
                            ni[j >> 6] &= ~bit;
                            t1[j >> 6] |= bit;
                            if (to_r)
                                r[j >> 6] |= bit;
                            else
                                l[j >> 6] |= bit;
                            (*steps)++;
                            j++;
                        } while (j < n && bit_w(nsm, j));
                    }
                }
            }
        }
    }

    /* N1-N2 */
    for (size_t w = 0; w < nw; w++) {
        t1[w] = r[w] | en[w] | an[w];
        t3[w] = ~l[w];
    }
    t1[0] |= sos & 1u & ~l[0];
    fill_up_w(t2, t1, t3, nw); /* prev_r */
    for (size_t w = 0; w < nw; w++)
        t1[w] = r[w] | en[w] | an[w];
    t1[n >> 6] |= (eos & 1u) << (n & 63);
    fill_down_w(t3, t1, ni, nw); /* next_r */
    for (size_t w = 0; w < nw; w++)
        r[w] |= ni[w] & ((t2[w] & t3[w]) | (rtl & (t2[w] | t3[w])));

    if (types) { /* the types after N2 for I1-I2: R, EN, AN, and L for the rest */
#ifdef __SSE2__
        if (n >= 16) {
            for (size_t i = 0; i < n; i += 16) {
                size_t at = i + 16 <= n ? i : n - 16;
                const __m128i v = _mm_or_si128(
                    spread16(get16_w(r, at), R),
                    _mm_or_si128(spread16(get16_w(en, at), EN), spread16(get16_w(an, at), AN)));
                _mm_storeu_si128((__m128i *)(void *)(types + at), v);
            }
            return 1;
        }
#endif
        for (size_t i = 0; i < n; i++)
            types[i] = bit_w(r, i) ? R : bit_w(en, i) ? EN : bit_w(an, i) ? AN : L;
        return 1;
    }
    /* I1-I2 at level 0 or 1 */
    for (size_t w = 0; w < nw; w++) {
        t1[w] = r[w] & all[w];
        t2[w] = rtl ? all[w] & ~r[w] : (en[w] | an[w]);
    }
#ifdef __SSE2__
    if (n >= 16) {
        for (size_t i = 0; i < n; i += 16) {
            size_t at = i + 16 <= n ? i : n - 16;
            const __m128i v =
                _mm_or_si128(spread16(get16_w(t1, at), 1), spread16(get16_w(t2, at), 2));
            _mm_storeu_si128((__m128i *)(void *)(lev + at), v);
        }
        return 1;
    }
#endif
    for (size_t i = 0; i < n; i++)
        lev[i] = (uint8_t)(bit_w(t1, i) | bit_w(t2, i) << 1);
    return 1;
}
