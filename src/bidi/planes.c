/*
 * The bit-plane engine of UAX #9: W1-W7, N0 (with BD16), N1-N2 and I1-I2 on an isolating
 * run sequence that is a range of the text. Each class is a plane of bits, one bit a code
 * point (bit i of word w for index 64 w + i), and every rule becomes a few operations on
 * the planes:
 *
 *   - a propagation upward (the last character of some kind before each position: W1, W2,
 *     W5 after an EN, W7, N1 before a neutral run) is one addition, whose carry runs
 *     through the positions it may cross (fill_up) and on into the next word;
 *   - a propagation downward (W5 before an EN, N1 after a neutral run) takes six shift
 *     steps (fill_down), each word starting with the bit reached at the bottom of the word
 *     above;
 *   - the rules about the neighbours (W4) are shifts by one.
 *
 * The reference passes (sequence.c) branch on every change of class, and identifiers
 * change class every few characters: the planes cost the same whatever the text. N0 works
 * between W7 and N1 on the pairs that BD16 finds among the bracket positions (the only
 * characters it visits), asking the planes whether a pair holds a strong type of each
 * direction and which strong type comes before it.
 *
 * The rules are written once (planes_impl), over nw words a plane, and instantiated with
 * the constant 1 for sequences of up to 63 code points, where the compiler keeps every
 * plane in a register and the SSE2 code turns classes into planes and planes into bytes
 * with a fixed number of loads and stores (twice: for any sequence, and for the levels of
 * a whole paragraph without brackets, the usual identifier, where N0 drops out and sos and
 * eos are the embedding direction); and with a variable count for sequences of up to
 * IBIDI__BIDI_PLANES_MAX code points on the stack, or any length in the caller's area.
 * Calls no other file of src/bidi.
 */
#include <string.h>

#include "bidi/bidi_internal.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

enum {
    L = IBIDI_UNICODE_BC_L,
    R = IBIDI_UNICODE_BC_R,
    AL = IBIDI_UNICODE_BC_AL,
    EN = IBIDI_UNICODE_BC_EN,
    ES = IBIDI_UNICODE_BC_ES,
    ET = IBIDI_UNICODE_BC_ET,
    AN = IBIDI_UNICODE_BC_AN,
    CS = IBIDI_UNICODE_BC_CS,
    NSM = IBIDI_UNICODE_BC_NSM,
    ON = IBIDI_UNICODE_BC_ON
};

/* The planes of one call: the classes L .. NSM (whose numbers are P_L .. P_NSM), the
 * paired brackets whose class is ON (opening, closing), then all, ni, t1, t2, t3, se, so. */
enum { P_L, P_R, P_AL, P_EN, P_ES, P_ET, P_AN, P_CS, P_NSM, P_OPEN, P_CLOSE, P_COUNT };
/* dirs of the instance for a whole paragraph without brackets: sos and eos are the
 * embedding direction; N0 has nothing to do. */
#define PARAGRAPH 0x100u
#define NO_N0 0x200u
#define P_ALL (P_COUNT + 7)
_Static_assert(IBIDI__BIDI_PLANES_WORDS(0) == P_ALL, "IBIDI__BIDI_PLANES_WORDS counts the planes");
#define PW (IBIDI__BIDI_PLANES_MAX / 64 + 1) /* words on the stack: bit n, past the end, too */

/* The word of position i: with one word a plane always the first, which the compiler then
 * knows, so that it keeps the planes in registers. */
#define WI(i) (nw == 1 ? 0 : (size_t)(i) >> 6)
/* Word w of a loop over the words: the same for the loops the compiler does not unroll
 * early (those holding a loop of their own). */
#define WX(w) (nw == 1 ? 0 : (w))

/* The positions of p reachable from a seed by going up through p, seeds included (seeds
 * must lie in p), over nw words. Adding a seed to p carries through the ones of p above it
 * up to the end of its stretch and clears them; a second seed in the same stretch only
 * sets its own bit, which the final or puts back anyway. The carry of each word's
 * addition goes into the next; a carry out of the last is dropped. */
IBIDI__ALWAYS_INLINE void fill_up_seeds(uint64_t *out, const uint64_t *seeds, const uint64_t *p,
                                        const size_t nw, const int with_seeds)
{
    uint64_t carry = 0;
    for (size_t w = 0; w < nw; w++) {
        uint64_t s = p[w] + seeds[w];
        uint64_t c = s < p[w];
        uint64_t t = s + carry;
        carry = c | (t < s);
        out[w] = (p[w] & ~t) | (with_seeds ? seeds[w] : 0);
    }
}

IBIDI__ALWAYS_INLINE void fill_up(uint64_t *out, const uint64_t *seeds, const uint64_t *p,
                                  const size_t nw)
{
    fill_up_seeds(out, seeds, p, nw, 1);
}

/* The same downward (no carry goes that way): doubling steps in each word, p_k marking the
 * positions from which the next 2^k positions all lie in p; each word starts with bit 63
 * set when bit 0 of the word above was reached and lies in p. */
IBIDI__ALWAYS_INLINE void fill_down(uint64_t *out, const uint64_t *gs, const uint64_t *ps,
                                    const size_t nw)
{
    uint64_t in = 0; /* bit 0 of the word above was reached */
    for (size_t w = nw; w-- > 0;) {
        uint64_t p = ps[w], g = gs[w] | (p & (in << 63));
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
        out[w] = g;
        in = g & 1u;
    }
}

/* x << 1 and x >> 1 across words. */
IBIDI__ALWAYS_INLINE uint64_t shl1(const uint64_t *x, size_t w)
{
    return x[w] << 1 | (w ? x[w - 1] >> 63 : 0);
}
IBIDI__ALWAYS_INLINE uint64_t shr1(const uint64_t *x, size_t w, const size_t nw)
{
    return x[w] >> 1 | (w + 1 < nw ? x[w + 1] << 63 : 0);
}

#define BIT_AT(x, i) ((int)(((x)[WI(i)] >> ((i) & 63)) & 1u))

/* Set bits of x at positions a .. b - 1 (none when a >= b: an empty pair); the words
 * between the first and the last count as steps. */
IBIDI__ALWAYS_INLINE int any_in(const uint64_t *x, size_t a, size_t b, const size_t nw,
                                uint64_t *steps)
{
    if (a >= b)
        return 0;
    size_t wa = WI(a), wb = WI(b - 1);
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
IBIDI__ALWAYS_INLINE long last_below(const uint64_t *x, size_t a, const size_t nw,
                                     uint64_t *steps)
{
    size_t w = WI(a);
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

/* ---------------------------------------------------------------------------------------
 * Classes into planes and planes into bytes (SSE2 where the compiler targets it; the
 * portable loops give the same results elsewhere). */

#ifdef __SSE2__
#define LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define MOVEMASK(v) ((uint64_t)(unsigned)_mm_movemask_epi8(v))

/* The class planes (and, with brackets, the bracket planes) of n code points in nv vectors
 * loaded at the offsets off[] (the last one ending at n, the middle ones moved back so that
 * none goes past the end: overlapping lanes give the same bits again). */
IBIDI__ALWAYS_INLINE void planes_of_vectors(const uint8_t *cls, const uint8_t *orig, int nv,
                                            const size_t *off, int brackets, uint64_t *m)
{
    __m128i v[4], raw[4];
    const __m128i cmask = _mm_set1_epi8(IBIDI__O_CLASS);
    IBIDI__UNROLL for (int k = 0; k < nv; k++) {
        raw[k] = LOADU(orig + off[k]);
        v[k] = _mm_and_si128(cls == orig ? raw[k] : LOADU(cls + off[k]), cmask);
    }
    IBIDI__UNROLL for (int c = 0; c <= NSM; c++) {
        const __m128i cv = _mm_set1_epi8((char)c);
        uint64_t x = 0;
        IBIDI__UNROLL for (int k = 0; k < nv; k++)
            x |= MOVEMASK(_mm_cmpeq_epi8(v[k], cv)) << off[k];
        m[c] = x;
    }
    m[P_OPEN] = m[P_CLOSE] = 0;
    if (!brackets)
        return;
    /* BD14, BD15: a bracket pairs only while its type is ON (not under an override;
     * O_OPEN also marks an FSI, whose class is not ON) */
    const __m128i kopen = _mm_set1_epi8((char)IBIDI__O_OPEN);
    const __m128i kclose = _mm_set1_epi8((char)IBIDI__O_CLOSE);
    IBIDI__UNROLL for (int k = 0; k < nv; k++) {
        const __m128i on = _mm_cmpeq_epi8(v[k], _mm_set1_epi8((char)ON));
        m[P_OPEN] |= MOVEMASK(_mm_and_si128(on, _mm_cmpeq_epi8(_mm_and_si128(raw[k], kopen), kopen)))
                     << off[k];
        m[P_CLOSE] |=
            MOVEMASK(_mm_and_si128(on, _mm_cmpeq_epi8(_mm_and_si128(raw[k], kclose), kclose)))
            << off[k];
    }
}

/* Bytes out of up to three planes of nv vectors at the offsets off[]: each byte gets the
 * OR of the values of the planes whose bit is set. */
IBIDI__ALWAYS_INLINE void bytes_of_planes(uint8_t *out, int nv, const size_t *off, int np,
                                          const uint64_t *p, const char *val)
{
    IBIDI__UNROLL for (int k = 0; k < nv; k++) {
        __m128i v = ibidi__spread16((unsigned)(p[0] >> off[k]) & 0xFFFFu, val[0]);
        IBIDI__UNROLL for (int j = 1; j < np; j++)
            v = _mm_or_si128(v, ibidi__spread16((unsigned)(p[j] >> off[k]) & 0xFFFFu, val[j]));
        _mm_storeu_si128((__m128i *)(void *)(out + off[k]), v);
    }
}
#endif

/* The planes m[0 .. P_COUNT) of one word (n <= 63). */
IBIDI__ALWAYS_INLINE void extract_one(const uint8_t *cls, const uint8_t *orig, size_t n,
                                      int brackets, uint64_t *m)
{
#ifdef __SSE2__
    if (n >= 16) { /* loads at 0, 16, 32 and n - 16; two are enough up to 32 */
        const size_t o3 = n - 16;
        const size_t off[4] = {0, o3 < 16 ? o3 : 16, o3 < 32 ? o3 : 32, o3};
        const size_t off2[2] = {0, o3};
        if (n <= 32)
            planes_of_vectors(cls, orig, 2, off2, brackets, m);
        else
            planes_of_vectors(cls, orig, 4, off, brackets, m);
        return;
    }
    if (n >= 8) { /* two loads of 8 classes, at 0 and n - 8, in one vector */
        const size_t o = n - 8;
        const __m128i raw = _mm_unpacklo_epi64(
            _mm_loadl_epi64((const __m128i *)(const void *)orig),
            _mm_loadl_epi64((const __m128i *)(const void *)(orig + o)));
        const __m128i v = _mm_and_si128(
            cls == orig ? raw
                        : _mm_unpacklo_epi64(
                              _mm_loadl_epi64((const __m128i *)(const void *)cls),
                              _mm_loadl_epi64((const __m128i *)(const void *)(cls + o))),
            _mm_set1_epi8(IBIDI__O_CLASS));
#define HALVES(x) (((x) & 0xFFu) | ((x) >> 8) << o)
        IBIDI__UNROLL for (int c = 0; c <= NSM; c++) {
            const uint64_t x = MOVEMASK(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)c)));
            m[c] = HALVES(x);
        }
        m[P_OPEN] = m[P_CLOSE] = 0;
        if (brackets) {
            const __m128i on = _mm_cmpeq_epi8(v, _mm_set1_epi8((char)ON));
            const __m128i ko = _mm_set1_epi8((char)IBIDI__O_OPEN);
            const __m128i kc = _mm_set1_epi8((char)IBIDI__O_CLOSE);
            const uint64_t xo = MOVEMASK(_mm_and_si128(on, _mm_cmpeq_epi8(_mm_and_si128(raw, ko), ko)));
            const uint64_t xc = MOVEMASK(_mm_and_si128(on, _mm_cmpeq_epi8(_mm_and_si128(raw, kc), kc)));
            m[P_OPEN] = HALVES(xo);
            m[P_CLOSE] = HALVES(xc);
        }
#undef HALVES
        return;
    }
#endif
    /* By class into an array of its own, copied out with constant indices: m stays free
     * of variable indices, which would keep the planes out of registers. */
    (void)brackets;
    uint64_t by_class[IBIDI__O_CLASS + 1] = {0}, open = 0, close = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned c = cls[i] & IBIDI__O_CLASS;
        uint64_t bit = (uint64_t)1 << i;
        by_class[c] |= bit;
        if (c == ON && (orig[i] & IBIDI__O_OPEN))
            open |= bit;
        if (c == ON && (orig[i] & IBIDI__O_CLOSE))
            close |= bit;
    }
    IBIDI__UNROLL for (int c = 0; c <= NSM; c++)
        m[c] = by_class[c];
    m[P_OPEN] = open;
    m[P_CLOSE] = close;
}

/* The planes of nw words (bits at n and above stay 0). */
static void extract_words(const uint8_t *cls, const uint8_t *orig, size_t n, size_t nw,
                          uint64_t *base)
{
    memset(base, 0, (size_t)P_COUNT * nw * sizeof base[0]); /* only the words in use */
#define PLANE(k) (base + (size_t)(k) * nw)
#ifdef __SSE2__
    if (n >= 16) {
        for (size_t i = 0; i < n; i += 16) {
            /* the last block ends at n, overlapping the one before; its bits are shifted */
            const size_t at = i + 16 <= n ? i : n - 16;
            const size_t w = i >> 6;
            const unsigned sh = (unsigned)(i - at), pos = (unsigned)(i & 63);
            uint64_t m[P_COUNT];
            planes_of_vectors(cls + at, orig + at, 1, &(const size_t){0}, 1, m);
            for (int k = 0; k < P_COUNT; k++)
                PLANE(k)[w] |= (m[k] >> sh) << pos;
        }
        return;
    }
#endif
    for (size_t i = 0; i < n; i++) {
        unsigned c = cls[i] & IBIDI__O_CLASS;
        uint64_t bit = (uint64_t)1 << (i & 63);
        if (c <= NSM)
            PLANE(c)[i >> 6] |= bit;
        if (c == ON && (orig[i] & IBIDI__O_OPEN))
            PLANE(P_OPEN)[i >> 6] |= bit;
        if (c == ON && (orig[i] & IBIDI__O_CLOSE))
            PLANE(P_CLOSE)[i >> 6] |= bit;
    }
#undef PLANE
}

/* Sixteen bits of x from position i (i + 16 <= 64 * nw). */
static inline unsigned get16(const uint64_t *x, size_t i)
{
    size_t w = i >> 6;
    unsigned s = (unsigned)(i & 63);
    uint64_t v = x[w] >> s;
    if (s > 48)
        v |= x[w + 1] << (64 - s);
    return (unsigned)v & 0xFFFFu;
}

/* n bytes out of the planes p0, p1, p2 of nw words (p2 may be NULL): each byte gets the
 * OR of the values of the planes whose bit is set. The planes are named one by one, not
 * in an array: an array of their addresses would keep one-word planes out of registers. */
IBIDI__ALWAYS_INLINE void put_bytes(uint8_t *out, size_t n, const size_t nw, const uint64_t *p0,
                                    char v0, const uint64_t *p1, char v1, const uint64_t *p2,
                                    char v2)
{
    const int np = p2 ? 3 : 2;
#ifdef __SSE2__
    const char val[3] = {v0, v1, v2};
    if (nw == 1 && n >= 16) { /* the offsets of extract_one */
        const size_t o3 = n - 16;
        const size_t off[4] = {0, o3 < 16 ? o3 : 16, o3 < 32 ? o3 : 32, o3};
        const size_t off2[2] = {0, o3};
        const uint64_t x[3] = {p0[0], p1[0], p2 ? p2[0] : 0};
        if (n <= 32)
            bytes_of_planes(out, 2, off2, np, x, val);
        else
            bytes_of_planes(out, 4, off, np, x, val);
        return;
    }
    if (nw == 1 && n >= 8) { /* 8 bytes at 0 and 8 at n - 8 */
        const size_t o = n - 8;
        const uint64_t x[3] = {p0[0], p1[0], p2 ? p2[0] : 0};
        __m128i v = _mm_setzero_si128();
        IBIDI__UNROLL for (int j = 0; j < np; j++)
            v = _mm_or_si128(v, ibidi__spread16((unsigned)((x[j] & 0xFFu) | ((x[j] >> o) & 0xFFu) << 8),
                                                val[j]));
        _mm_storel_epi64((__m128i *)(void *)out, v);
        _mm_storel_epi64((__m128i *)(void *)(out + o), _mm_srli_si128(v, 8));
        return;
    }
    if (nw > 1 && n >= 16) {
        for (size_t i = 0; i < n; i += 16) {
            const size_t at = i + 16 <= n ? i : n - 16;
            __m128i v = _mm_or_si128(ibidi__spread16(get16(p0, at), v0),
                                     ibidi__spread16(get16(p1, at), v1));
            if (p2)
                v = _mm_or_si128(v, ibidi__spread16(get16(p2, at), v2));
            _mm_storeu_si128((__m128i *)(void *)(out + at), v);
        }
        return;
    }
#endif
    for (size_t i = 0; i < n; i++) {
        unsigned x = (BIT_AT(p0, i) ? (unsigned char)v0 : 0u) |
                     (BIT_AT(p1, i) ? (unsigned char)v1 : 0u);
        if (p2)
            x |= BIT_AT(p2, i) ? (unsigned char)v2 : 0u;
        out[i] = (uint8_t)x;
    }
    (void)np;
}

/* The types after W7, for callers that ask (a cold path: one byte at a time). Strong and
 * number types come from the planes; a neutral keeps its class, but ES, ET and CS, which
 * W6 made ON; an NSM that W1 made neutral has the type of the character before it, ON
 * after an isolate control. */
IBIDI__NOINLINE static void put_weak(uint8_t *weak, const uint8_t *cls, size_t n, const size_t nw,
                              const uint64_t *l, const uint64_t *r, const uint64_t *en,
                              const uint64_t *an)
{
    const unsigned isolates = IBIDI__ISOLATE_INITIATORS | IBIDI__BC_BIT(IBIDI_UNICODE_BC_PDI);
    const unsigned w6 = IBIDI__BC_BIT(ES) | IBIDI__BC_BIT(ET) | IBIDI__BC_BIT(CS);
    for (size_t i = 0; i < n; i++) {
        const size_t w = WI(i);
        uint64_t bit = (uint64_t)1 << (i & 63);
        uint8_t c = cls[i] & IBIDI__O_CLASS, t;
        if (r[w] & bit)
            t = R;
        else if (en[w] & bit)
            t = EN;
        else if (an[w] & bit)
            t = AN;
        else if (l[w] & bit)
            t = L;
        else if (c == NSM) /* never first: W1 gives the first sos, L or R */
            t = (IBIDI__BC_BIT(weak[i - 1]) & isolates) ? (uint8_t)ON : weak[i - 1];
        else
            t = (IBIDI__BC_BIT(c) & w6) ? (uint8_t)ON : c;
        weak[i] = t;
    }
}

/* N0 with BD16, over planes of nw words (a function of its own, out of the way of the
 * registers of the rules around it; the one-word instance passes copies of its planes).
 * l, r and ni change; t1, se and so are scratch. rtl and sos are all ones for R. */
typedef struct n0_planes {
    uint64_t *l, *r, *ni, *t1, *se, *so;
    const uint64_t *en, *an, *nsm, *open, *close;
} n0_planes;

IBIDI__NOINLINE static void planes_n0(const n0_planes *q, const size_t nw, size_t n, const uint16_t *br,
                               uint32_t *link, uint64_t rtl, uint64_t sos, uint64_t *steps)
{
    uint64_t *const l = q->l, *const r = q->r, *const ni = q->ni, *const t1 = q->t1;
    uint64_t *const se = q->se, *const so = q->so;
    const uint64_t *const en = q->en, *const an = q->an, *const nsm = q->nsm;

        /* BD16 over the bracket positions. link[a] of an opener a that BD16 pushed gets the
         * position of its closing bracket, or 0 when it has none; the openers below stop
         * are those it pushed. */
        const uint64_t *const open = q->open, *const close = q->close;
        /* the 63 entries of the rule: an opener's position and canonical closing bracket,
         * chained per hash of that bracket so that a closer finds its entry at once */
        uint32_t st_open[IBIDI__BRACKET_STACK];
        uint16_t st_close[IBIDI__BRACKET_STACK];
        uint8_t st_chain[IBIDI__BRACKET_STACK], head[IBIDI__BRACKET_HASH_SIZE];
        size_t sp = 0, pairs = 0, stop = n;
        memset(head, 0xFF, sizeof head);
        for (size_t w = 0; w < nw; w++) {
            uint64_t bits = open[WX(w)] | close[WX(w)];
            while (bits) {
                const size_t i = w * 64 + (unsigned)__builtin_ctzll(bits);
                bits &= bits - 1;
                const uint16_t cb = br[i];
                const uint32_t h = IBIDI__BRACKET_HASH(cb);
                (*steps)++;
                if (open[WX(w)] >> (i & 63) & 1u) {
                    if (sp == IBIDI__BRACKET_STACK) { /* BD16: no room, stop */
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
            /* Strong types after W7, EN and AN as R, of the embedding direction (se) and
             * the opposite one (so); N0 b, c look inside each pair at these (pairs resolved
             * before a pair enclose it or lie before it). t1: strong so far, with the
             * brackets N0 changed. A pair's scans are linear together: a position lies
             * inside at most 63 pairs, and the scan back for N0 c stops at the brackets of
             * the pair resolved before. */
            for (size_t w = 0; w < nw; w++) {
                const uint64_t rl = r[w] | en[w] | an[w];
                se[w] = (rtl & rl) | (~rtl & l[w]);
                so[w] = (rtl & l[w]) | (~rtl & rl);
                t1[w] = l[w] | rl;
            }
            /* the openers in text order, below stop */
            const size_t wend = nw == 1 ? 1 : ((stop - 1) >> 6) + 1;
            for (size_t w = 0; w < wend; w++) {
                uint64_t bits = open[WX(w)];
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
                    if (any_in(se, a + 1, c, nw, steps)) { /* N0 b */
                        to_r = rtl != 0;
                    } else if (any_in(so, a + 1, c, nw, steps)) {
                        /* N0 c: the opposite direction when the first strong type before
                         * the pair (sos when none) is it (c1), else the embedding one (c2):
                         * either way the direction of that strong type */
                        long before = last_below(t1, a, nw, steps);
                        to_r = before < 0 ? sos != 0 : !BIT_AT(l, (size_t)before);
                    } else {
                        continue; /* N0 d */
                    }
                    const size_t ends[2] = {a, c};
                    for (int s = 0; s < 2; s++) {
                        /* the bracket, then the NSMs after it, to which W1 gave its ON */
                        size_t j = ends[s];
                        do {
                            const uint64_t bit = (uint64_t)1 << (j & 63);
                            const uint64_t to = (uint64_t)0 - (uint64_t)to_r;
                            ni[WI(j)] &= ~bit;
                            t1[WI(j)] |= bit;
                            r[WI(j)] |= bit & to;
                            l[WI(j)] |= bit & ~to;
                            (*steps)++;
                            j++;
                        } while (j < n && BIT_AT(nsm, j));
                    }
                }
            }
        }
    }

/* ---------------------------------------------------------------------------------------
 * The rules, written once over nw words a plane (base: the P_ALL planes of nw words each,
 * extracted), for a sequence of n code points. */
IBIDI__ALWAYS_INLINE void planes_impl(uint64_t *base, const size_t nw, const uint8_t *cls,
                                      const uint16_t *br, size_t n, unsigned dirs,
                                      ibidi__planes_out *out, uint32_t *link,
                                      uint64_t *steps_out)
{
    uint64_t step_count = 0, *const steps = &step_count; /* in a register, stored once */
    uint64_t *m[P_COUNT];
    IBIDI__UNROLL for (int k = 0; k < P_COUNT; k++)
        m[k] = base + (size_t)k * nw;
    uint64_t *const all = base + P_COUNT * nw, *const ni = all + nw, *const t1 = ni + nw;
    uint64_t *const t2 = t1 + nw, *const t3 = t2 + nw, *const se = t3 + nw, *const so = se + nw;
    uint64_t *const l = m[P_L], *const r = m[P_R], *const al = m[P_AL], *const en = m[P_EN];
    uint64_t *const es = m[P_ES], *const et = m[P_ET], *const an = m[P_AN], *const cs = m[P_CS];
    const uint64_t *const nsm = m[P_NSM];
    /* all ones for R: the embedding direction, sos and eos (one mask for a paragraph, where
     * they are the paragraph's direction) */
    const uint64_t rtl = (uint64_t)0 - (dirs & IBIDI__PLANES_E_RTL ? 1u : 0u);
    const uint64_t sos = (dirs & PARAGRAPH) ? rtl : (uint64_t)0 - (dirs & IBIDI__PLANES_SOS_RTL ? 1u : 0u);
    const uint64_t eos = (dirs & PARAGRAPH) ? rtl : (uint64_t)0 - (dirs & IBIDI__PLANES_EOS_RTL ? 1u : 0u);
    for (size_t w = 0; w < nw; w++) {
        size_t lo = w * 64;
        /* one word: n is at most 63 */
        all[w] = nw > 1 && n >= lo + 64 ? ~(uint64_t)0 : ((uint64_t)1 << (n - lo)) - 1;
        /* B, S, WS, ON and isolate controls: the neutrals of N1, which no W rule changes */
        ni[w] = all[w] & ~(l[w] | r[w] | al[w] | en[w] | es[w] | et[w] | an[w] | cs[w] | nsm[w]);
    }

    /* W1: each stretch of NSM takes the type of the character before it; the stretch at
     * the start takes sos. A seed is the first NSM of a stretch whose previous character
     * has the type. */
    for (size_t w = 0; w < nw; w++)
        t1[w] = w ? 0 : nsm[0] & 1u;
    fill_up_seeds(t2, t1, nsm, nw, 0); /* one seed: no carry can clear it */
    for (size_t w = 0; w < nw; w++) {
        l[w] |= t2[w] & ~sos;
        r[w] |= t2[w] & sos;
    }
    uint64_t *const typed[] = {l, r, al, en, es, et, an, cs, ni};
    IBIDI__UNROLL for (size_t k = 0; k < sizeof typed / sizeof typed[0]; k++) {
        uint64_t *x = typed[k];
        for (size_t w = nw; w-- > 0;) /* from the top: shl1 reads the word below */
            t1[w] = shl1(x, w) & nsm[w];
        /* A seed loses its bit to a carry only from another seed in its stretch, which
         * x then holds (the stretch of sos): x keeps the seeds anyway. */
        fill_up_seeds(t2, t1, nsm, nw, 0);
        for (size_t w = 0; w < nw; w++)
            x[w] |= t2[w];
    }
    /* W2: EN whose last strong type (L, R, AL; sos is L or R) is AL becomes AN. */
    for (size_t w = 0; w < nw; w++)
        t1[w] = ~(l[w] | r[w]);
    fill_up(t2, al, t1, nw);
    for (size_t w = 0; w < nw; w++) {
        an[w] |= en[w] & t2[w];
        en[w] &= ~t2[w];
        r[w] |= al[w]; /* W3: AL becomes R. */
    }
    /* W4: one ES or CS between two EN becomes EN, one CS between two AN becomes AN. The
     * neighbours are numbers, never separators, so the changes do not chain (computed from
     * the planes before any change). */
    for (size_t w = 0; w < nw; w++) {
        t1[w] = (es[w] | cs[w]) & shl1(en, w) & shr1(en, w, nw);
        t2[w] = cs[w] & shl1(an, w) & shr1(an, w, nw);
    }
    for (size_t w = 0; w < nw; w++) {
        en[w] |= t1[w];
        an[w] |= t2[w];
        es[w] &= ~t1[w];
        cs[w] &= ~(t1[w] | t2[w]);
        t3[w] = en[w] | et[w];
    }
    /* W5: a stretch of ET next to an EN (after it or before it) becomes EN. */
    fill_up(t1, en, t3, nw);
    fill_down(t2, en, et, nw);
    for (size_t w = 0; w < nw; w++) {
        en[w] |= et[w] & (t1[w] | t2[w]);
        /* W6: the other separators and terminators become ON. */
        ni[w] |= all[w] & ~(l[w] | r[w] | en[w] | an[w]);
        t3[w] = ~l[w];
        t1[w] = r[w];
    }
    /* W7: EN whose last strong type (L or R, or sos) is L becomes L; bit 0 carries an R sos
     * unless it is L itself. */
    t1[0] |= sos & 1u & ~l[0];
    fill_up(t2, t1, t3, nw);
    for (size_t w = 0; w < nw; w++) {
        l[w] |= en[w] & ~t2[w];
        en[w] &= t2[w];
    }
    *steps += 4 * n;
    if (out->weak) {
        if (nw == 1) { /* copies: the planes stay in registers */
            const uint64_t w[4] = {l[0], r[0], en[0], an[0]};
            put_weak(out->weak, cls, n, 1, w, w + 1, w + 2, w + 3);
        } else {
            put_weak(out->weak, cls, n, nw, l, r, en, an);
        }
    }

    if (!(dirs & (IBIDI__PLANES_NO_BRACKETS | NO_N0)) && any_in(m[P_CLOSE], 0, n, nw, steps)) {
        /* N0 */
        if (nw == 1) {
            uint64_t w[11] = {l[0], r[0], ni[0], 0, 0, 0, en[0], an[0], nsm[0], m[P_OPEN][0],
                              m[P_CLOSE][0]};
            const n0_planes q = {w, w + 1, w + 2, w + 3, w + 4, w + 5, w + 6, w + 7, w + 8, w + 9, w + 10};
            planes_n0(&q, 1, n, br, link, rtl, sos, steps);
            l[0] = w[0];
            r[0] = w[1];
            ni[0] = w[2];
        } else {
            const n0_planes q = {l, r, ni, t1, se, so, en, an, nsm, m[P_OPEN], m[P_CLOSE]};
            planes_n0(&q, nw, n, br, link, rtl, sos, steps);
        }
    }

    /* N1: a stretch of neutrals between strong types of one direction (EN and AN count as
     * R; sos and eos at the ends) takes it; N2: the others take the embedding direction. */
    for (size_t w = 0; w < nw; w++) {
        t1[w] = r[w] | en[w] | an[w];
        t3[w] = ~l[w];
    }
    t1[0] |= sos & 1u & ~l[0];
    fill_up(t2, t1, t3, nw); /* an R-like type before */
    for (size_t w = 0; w < nw; w++)
        t1[w] = r[w] | en[w] | an[w];
    t1[WI(n)] |= (eos & 1u) << (n & 63);
    fill_down(t3, t1, ni, nw); /* an R-like type after */
    for (size_t w = 0; w < nw; w++)
        r[w] |= ni[w] & ((t2[w] & t3[w]) | (rtl & (t2[w] | t3[w])));

    if (out->types) { /* the types after N2 for I1-I2: R, EN, AN, and L for the rest */
        put_bytes(out->types, n, nw, r, R, en, EN, an, AN);
    }
    if (out->lev) {
        /* I1-I2 at level 0 or 1: at level 0, R goes up one and EN, AN two; at level 1, L,
         * EN and AN go up one. Bit 0 of the level is R, bit 1 the rest of the raise. */
        uint64_t any1 = 0, any2 = 0;
        for (size_t w = 0; w < nw; w++) {
            t1[w] = r[w] & all[w];
            t2[w] = (rtl & all[w] & ~r[w]) | (~rtl & (en[w] | an[w]));
            any1 |= t1[w];
            any2 |= t2[w];
        }
        put_bytes(out->lev, n, nw, t1, 1, t2, 2, NULL, 0);
        /* the summary of the levels, which spares the caller a pass over them */
        const unsigned has1 = any1 != 0, has2 = any2 != 0;
        out->max_level = (uint8_t)(has2 << 1 | (has1 & ~has2)); /* 2, else 1 or 0 */
        out->has_rtl = (uint8_t)has1;
    }
    *steps_out += step_count;
}

/* Up to 63 code points: every plane one word, kept in registers; a function of its own, so
 * that the frame and the registers of the long case do not weigh on it (the paragraph
 * instance is in ibidi__bidi_planes_paragraph). */
IBIDI__NOINLINE static void planes_one(const uint8_t *cls, const uint8_t *orig, const uint16_t *br,
                                size_t n, unsigned dirs, ibidi__planes_out *out,
                                uint32_t *link, uint64_t *steps)
{
    uint64_t base[P_ALL];
    uint32_t stack_link[IBIDI__BIDI_PLANES_ONE];
    extract_one(cls, orig, n, !(dirs & IBIDI__PLANES_NO_BRACKETS), base);
    planes_impl(base, 1, cls, br, n, dirs, out, link ? link : stack_link, steps);
}

/* Longer sequences: the planes in base, BD16's links in link. */
static void planes_words(const uint8_t *cls, const uint8_t *orig, const uint16_t *br, size_t n,
                         unsigned dirs, ibidi__planes_out *out, uint64_t *base,
                         uint32_t *link, uint64_t *steps)
{
    const size_t nw = n / 64 + 1;
    extract_words(cls, orig, n, nw, base);
    planes_impl(base, nw, cls, br, n, dirs, out, link, steps);
}

/* The planes on the stack (up to IBIDI__BIDI_PLANES_MAX code points), the links the
 * caller's: the resolution's case. Each stack array has a frame that holds only what the
 * call lacks, so that the links (4 KiB), which the resolution always gives, weigh on no
 * call's stack (IBIDI_STACK_MAX: the twin search runs the UBA at every leaf). */
IBIDI__NOINLINE static void planes_words_stack(const uint8_t *cls, const uint8_t *orig,
                                        const uint16_t *br, size_t n, unsigned dirs,
                                        ibidi__planes_out *out, uint32_t *link, uint64_t *steps)
{
    uint64_t stack_planes[P_ALL * PW];
    planes_words(cls, orig, br, n, dirs, out, stack_planes, link, steps);
}

/* Both on the stack where the caller gives none (tests of the engine). */
IBIDI__NOINLINE static void planes_words_all(const uint8_t *cls, const uint8_t *orig,
                                      const uint16_t *br, size_t n, unsigned dirs,
                                      ibidi__planes_out *out, uint64_t *area, uint32_t *link,
                                      uint64_t *steps)
{
    uint64_t stack_planes[P_ALL * PW];
    uint32_t stack_link[IBIDI__BIDI_PLANES_MAX];
    planes_words(cls, orig, br, n, dirs, out, area ? area : stack_planes,
                 link ? link : stack_link, steps);
}

int ibidi__bidi_planes(const uint8_t *cls, const uint8_t *orig, const uint16_t *br, size_t n,
                       unsigned dirs, ibidi__planes_out *out, uint64_t *area,
                       uint32_t *link, uint64_t *steps)
{
    if (n - 1 < IBIDI__BIDI_PLANES_ONE) {
        planes_one(cls, orig, br, n, dirs, out, link, steps);
        return 1;
    }
    if (n == 0 || (n > IBIDI__BIDI_PLANES_MAX && (!area || !link)))
        return 0;
    if (area && link)
        planes_words(cls, orig, br, n, dirs, out, area, link, steps);
    else if (link)
        planes_words_stack(cls, orig, br, n, dirs, out, link, steps);
    else
        planes_words_all(cls, orig, br, n, dirs, out, area, link, steps);
    return 1;
}

int ibidi__bidi_planes_paragraph(const uint8_t *orig, const uint16_t *br, size_t n,
                                 uint8_t level, unsigned brackets, ibidi__planes_out *out,
                                 uint64_t *area, uint32_t *link, uint64_t *steps)
{
    /* embedding direction, sos and eos: all the paragraph's */
    const unsigned dirs = (level & 1u ? IBIDI__PLANES_E_RTL | IBIDI__PLANES_SOS_RTL |
                                            IBIDI__PLANES_EOS_RTL
                                      : 0u) |
                          brackets;
    if (!(brackets & IBIDI__PLANES_NO_BRACKETS) || n - 1 >= IBIDI__BIDI_PLANES_ONE)
        return ibidi__bidi_planes(orig, orig, br, n, dirs, out, area, link, steps);
    /* identifiers: one word a plane, levels only, no N0 */
    uint64_t base[P_ALL], discarded = 0;
    ibidi__planes_out lev_only = {out->lev, NULL, NULL, 0, 0};
    extract_one(orig, orig, n, 0, base);
    planes_impl(base, 1, orig, NULL, n, dirs | PARAGRAPH | NO_N0, &lev_only, NULL, &discarded);
    out->max_level = lev_only.max_level;
    out->has_rtl = lev_only.has_rtl;
    *steps += 4 * n;
    return 1;
}
