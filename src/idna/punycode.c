/*
 * Punycode (RFC 3492): the Bootstring algorithms of §6 with the parameter values of §5.
 *
 * Values are those of 32-bit unsigned arithmetic: a delta, a weight or a code point that
 * does not fit in 32 bits is IBIDI_E_PUNYCODE_OVERFLOW (RFC 3492 §6.4, detection
 * approach). The sums are formed in 64 bits and compared with UINT32_MAX, which fails on
 * exactly the inputs where the 32-bit checks of §6.4 fail, without a division per digit.
 *
 * The decoder's state (n, i, bias) depends on the digits and on the length of the output
 * only, never on the code points already decoded, so a call with a buffer that is too small
 * still checks the whole input and reports the size needed.
 *
 * With IBIDI_PUNYCODE_CANONICAL the decoder accepts only what ibidi_punycode_encode
 * produces (RFC 5891 §5.4: decode, re-encode, compare): upper-case digits are reported
 * where they occur, and the decoded code points are re-encoded and compared byte by byte
 * with the input, without a buffer. A leading delimiter is refused in both modes, as §6.2
 * refuses it (it consumes the delimiter only after basic code points). Basic code points
 * inserted by a delta cannot occur: n starts at 0x80 and only grows (§6.2, the note on the
 * braces), and cannot wrap because of the overflow checks.
 *
 * Both directions are bounded by IBIDI_PUNYCODE_MAX_CPS code points: the encoder makes one
 * pass per distinct non-basic code point and the decoder inserts each code point into the
 * output, both quadratic in the length, so an unbounded input would take seconds (RFC 3492
 * §6 has no limit; a DNS label has 63 octets, RFC 1034 §3.1).
 *
 * Error offsets: the offending byte (a bad digit, the digit whose addition or weight
 * overflows, the first upper-case digit); for a code point out of range or too large, the
 * first byte of the variable-length integer whose delta produced it; for a truncated
 * integer, the length of the input.
 */
#include <string.h>

#include "idna/punycode_internal.h"
#include "common/internal.h"

/* RFC 3492 §5: Bootstring parameter values for Punycode. */
enum {
    BASE = 36,
    TMIN = 1,
    TMAX = 26,
    SKEW = 38,
    DAMP = 700,
    INITIAL_BIAS = 72,
    INITIAL_N = 0x80,
    DELIMITER = '-'
};

#define NO_CP 0xFFFFFFFFu /* above every code point: "none found yet" */

/* RFC 3492 §5: the code point of each digit value, lower case as the encoder writes it. */
static const char digit_char[BASE] = "abcdefghijklmnopqrstuvwxyz0123456789";

/* RFC 3492 §5: the digit value of each byte plus 1 (0: not a digit); upper-case letters
 * also carry DIGIT_UPPER, which canonical decoding rejects. */
#define DIGIT_UPPER 0x40u
#define LOWER(c) [c] = (c) - 'a' + 1, [(c) - 'a' + 'A'] = ((c) - 'a' + 1) | DIGIT_UPPER
#define DEC(c) [c] = (c) - '0' + 27
static const unsigned char digit_value[256] = {
    LOWER('a'), LOWER('b'), LOWER('c'), LOWER('d'), LOWER('e'), LOWER('f'), LOWER('g'),
    LOWER('h'), LOWER('i'), LOWER('j'), LOWER('k'), LOWER('l'), LOWER('m'), LOWER('n'),
    LOWER('o'), LOWER('p'), LOWER('q'), LOWER('r'), LOWER('s'), LOWER('t'), LOWER('u'),
    LOWER('v'), LOWER('w'), LOWER('x'), LOWER('y'), LOWER('z'), DEC('0'),   DEC('1'),
    DEC('2'),   DEC('3'),   DEC('4'),   DEC('5'),   DEC('6'),   DEC('7'),   DEC('8'),
    DEC('9')};
#undef LOWER
#undef DEC

/* RFC 3492 §3.3, §6.2, §6.3: the threshold t for k = base * (j + 1), clamped to
 * tmin..tmax (the "+ tmin" of the pseudocode is not needed, §6.2). */
static inline uint32_t threshold(uint32_t k, uint32_t bias)
{
    return k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
}

/* The last step of RFC 3492 §6.1, ((base - tmin + 1) * delta) / (delta + skew), for every
 * delta its loop leaves (0 to ((base - tmin) * tmax) / 2 = 455), computed by the compiler:
 * a division by a variable costs more than the rest of a decoded code point. */
#define ADAPT_MAX (((BASE - TMIN) * TMAX) / 2)
#define ADAPT_Q(d) (uint8_t)(((BASE - TMIN + 1) * (d)) / ((d) + SKEW))
#define ADAPT_Q8(d)                                                                        \
    ADAPT_Q(d), ADAPT_Q((d) + 1), ADAPT_Q((d) + 2), ADAPT_Q((d) + 3), ADAPT_Q((d) + 4),    \
        ADAPT_Q((d) + 5), ADAPT_Q((d) + 6), ADAPT_Q((d) + 7)
#define ADAPT_Q64(d)                                                                       \
    ADAPT_Q8(d), ADAPT_Q8((d) + 8), ADAPT_Q8((d) + 16), ADAPT_Q8((d) + 24),                \
        ADAPT_Q8((d) + 32), ADAPT_Q8((d) + 40), ADAPT_Q8((d) + 48), ADAPT_Q8((d) + 56)
static const uint8_t adapt_last[ADAPT_MAX + 1] = {
    ADAPT_Q64(0),   ADAPT_Q64(64),  ADAPT_Q64(128), ADAPT_Q64(192),
    ADAPT_Q64(256), ADAPT_Q64(320), ADAPT_Q64(384), ADAPT_Q8(448)};
_Static_assert(ADAPT_MAX + 1 == 7 * 64 + 8, "adapt_last covers 0..ADAPT_MAX");

/* x / d for the divisors of short strings (a delta over the code points so far, §6.1;
 * i over length(output) + 1, §6.2), by a multiplication: with m = ceil(2^32 / d) =
 * (2^32 + e) / d, e < d, x * m / 2^32 = x / d + x * e / (d * 2^32), and the second term
 * is below 1 / d when x * e < 2^32, which x < 2^26 and d <= 64 ensure; then the floor is
 * that of x / d (the fraction of x / d is at most (d - 1) / d). Else a division. */
#define RECIP(d) ((((uint64_t)1 << 32) + (d) - 1) / (d))
#define RECIP8(d)                                                                          \
    RECIP(d), RECIP((d) + 1), RECIP((d) + 2), RECIP((d) + 3), RECIP((d) + 4),              \
        RECIP((d) + 5), RECIP((d) + 6), RECIP((d) + 7)
static const uint64_t recip[65] = {0,           RECIP8(1),  RECIP8(9),  RECIP8(17),
                                   RECIP8(25),  RECIP8(33), RECIP8(41), RECIP8(49),
                                   RECIP8(57)};
static inline uint32_t div_small(uint32_t x, uint32_t d)
{
    if (d <= 64 && x < ((uint32_t)1 << 26))
        return (uint32_t)(((uint64_t)x * recip[d]) >> 32);
    return x / d;
}

/* RFC 3492 §6.1 (bias adaptation function, §3.4). delta <= UINT32_MAX, so delta / 2 +
 * delta / 2 / numpoints still fits; numpoints <= IBIDI_PUNYCODE_MAX_CPS + 1 (32 bits: a
 * 64-bit division costs twice as much). */
IBIDI__ALWAYS_INLINE uint32_t adapt(uint32_t delta, uint32_t numpoints, int firsttime)
{
    uint32_t k = 0;
    delta = firsttime ? delta / DAMP : delta / 2;
    delta += div_small(delta, numpoints);
    while (delta > ADAPT_MAX) {
        delta /= BASE - TMIN;
        k += BASE;
    }
    return k + adapt_last[delta];
}

/* Where the encoder's bytes go: stored while they fit (buf, cap) or, with ref set, compared
 * with ref[0..cap). len counts every byte, also those beyond cap. */
typedef struct pc_out {
    char *buf;
    size_t cap;
    const char *ref;
    size_t len;
    size_t diff; /* compare mode: first differing offset, SIZE_MAX while equal */
} pc_out;

/* compare is a constant at each call, so that the encoder is compiled once for each mode,
 * without a test per byte. */
IBIDI__ALWAYS_INLINE void put(pc_out *o, char c, const int compare)
{
    if (compare) {
        if (o->diff == SIZE_MAX && (o->len >= o->cap || o->ref[o->len] != c))
            o->diff = o->len;
    } else if (o->len < o->cap) {
        o->buf[o->len] = c;
    }
    o->len++;
}

/* RFC 3492 §3.3, §6.3: q as a generalized variable-length integer, least significant digit
 * first. */
IBIDI__ALWAYS_INLINE void put_integer(pc_out *o, uint32_t q, uint32_t bias, const int compare)
{
    for (uint32_t k = BASE;; k += BASE) {
        uint32_t t = threshold(k, bias), r;
        if (q < t)
            break;
        r = (q - t) % (BASE - t);
        q = (q - t) / (BASE - t);
        put(o, digit_char[t + r], compare);
    }
    put(o, digit_char[q], compare);
}

/*
 * RFC 3492 §6.3 (encoding procedure). One pass copies the basic code points, checks that
 * every code point is a scalar value and finds the smallest non-basic one; then one pass
 * per distinct non-basic code point, which also finds the next one (so m never needs a
 * pass of its own). delta is kept in 64 bits and checked where it is used: it only grows
 * between two uses, and every pass uses it at least once, so this fails exactly when the
 * 32-bit checks of §6.4 would.
 */
IBIDI__ALWAYS_INLINE ibidi_status encode_core(const uint32_t *cps, size_t n, pc_out *o,
                                              ibidi_error *err, const int compare)
{
    size_t b = 0, h;
    uint32_t m = NO_CP, cur = INITIAL_N, bias = INITIAL_BIAS;
    uint64_t delta = 0;

    /* §6.3: copy the basic code points in order (§3.1), followed by a delimiter if any */
    for (size_t j = 0; j < n; j++) {
        uint32_t c = cps[j];
        if (c < INITIAL_N) {
            put(o, (char)c, compare);
            b++;
        } else {
            if (c - 0xD800u < 0x800u)
                return ibidi__fail(err, IBIDI_E_CP_SURROGATE, j, c);
            if (c > 0x10FFFFu)
                return ibidi__fail(err, IBIDI_E_CP_TOO_LARGE, j, c);
            if (c < m)
                m = c;
        }
    }
    if (b > 0)
        put(o, DELIMITER, compare);

    /* §6.3 main loop (§3.2 insertion unsort coding) */
    for (h = b; h < n;) {
        /* m: the smallest code point >= cur in the input, found by the previous pass */
        if (m != cur && h >= UINT32_MAX) /* (m - cur) * (h + 1) >= 2^32 */
            return ibidi__fail(err, IBIDI_E_PUNYCODE_OVERFLOW, 0, cps[0]);
        delta += (uint64_t)(m - cur) * (h + 1);
        cur = m;
        uint32_t next = NO_CP;
        for (size_t j = 0; j < n; j++) {
            uint32_t c = cps[j];
            delta += c < cur;
            if (c == cur) {
                if (delta > UINT32_MAX) /* §6.4 */
                    return ibidi__fail(err, IBIDI_E_PUNYCODE_OVERFLOW, j, c);
                put_integer(o, (uint32_t)delta, bias, compare);
                bias = adapt((uint32_t)delta, (uint32_t)(h + 1), h == b);
                delta = 0;
                h++;
            }
            uint32_t above = c > cur ? c : NO_CP; /* candidate for the next m */
            next = above < next ? above : next;
        }
        delta++;
        cur++;
        m = next;
    }
    return IBIDI_OK;
}

/* RFC 3492 §3.3: the most digits a generalized variable-length integer of value v takes.
 * Each digit but the last leaves (q - t) / (base - t) with t <= tmax, so q shrinks by at
 * least base - tmax = 10 a digit. */
static size_t digits_bound(uint64_t v)
{
    size_t d = 1;
    for (; v; v /= BASE - TMAX)
        d++;
    return d;
}

/*
 * RFC 3492 §6.3 bounds each delta written, with h <= n - 1 code points handled and at most
 * n positions counted in one pass:
 *  - the first: (m - initial_n) * (h + 1) plus the positions before it, at most
 *    (max - initial_n) * (n + 1) + n;
 *  - one in the same pass as the previous: the positions between them, at most n;
 *  - the first of a later pass: the positions after the previous one (at most n), one
 *    for the pass's end, (m - previous m - 1) * (h + 1) and the positions before it, at
 *    most (max - min) * (n + 1) + 2n.
 * So the output is at most the basic code points, the delimiter and one integer of the
 * first bound and k - 1 of the last for the k non-basic code points. With n <= 63 every
 * delta stays below 2^27: no overflow (§6.4).
 */
size_t ibidi__punycode_bound(const uint32_t *cps, size_t n)
{
    if (n > 63)
        return SIZE_MAX;
    size_t b = 0;
    uint32_t lo = NO_CP, hi = 0;
    for (size_t j = 0; j < n; j++) {
        const uint32_t c = cps[j];
        if (c < INITIAL_N) {
            b++;
        } else {
            lo = c < lo ? c : lo;
            hi = c > hi ? c : hi;
        }
    }
    const size_t k = n - b;
    if (!k)
        return b + (b > 0);
    const uint64_t first = (uint64_t)(hi - INITIAL_N) * (n + 1) + n;
    const uint64_t later = (uint64_t)(hi - lo) * (n + 1) + 2 * (uint64_t)n;
    return b + (b > 0) + digits_bound(first) + (k - 1) * digits_bound(later);
}

ibidi_status ibidi_punycode_encode(const uint32_t *cps, size_t n, ibidi_buf *out,
                                   ibidi_error *err)
{
    ibidi_status st;
    if (!out)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    out->len = 0;
    if ((!cps && n) || (!out->data && out->cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    pc_out o = {out->data, out->cap, NULL, 0, SIZE_MAX};
    if (n > IBIDI_PUNYCODE_MAX_CPS) /* the bound on §6.3's passes (see the top) */
        return ibidi__fail(err, IBIDI_E_PUNYCODE_TOO_LONG, IBIDI_PUNYCODE_MAX_CPS,
                           cps[IBIDI_PUNYCODE_MAX_CPS]);
    st = encode_core(cps, n, &o, err, 0);
    if (st != IBIDI_OK)
        return st;
    out->len = o.len;
    if (o.len > out->cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

ibidi_status ibidi_punycode_decode(const char *s, size_t len, unsigned flags, ibidi_buf32 *res,
                                   ibidi_error *err)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t nb, pos, outn, d = len;
    size_t nc_off = SIZE_MAX; /* first non-canonical byte */
    uint32_t i = 0, n = INITIAL_N, bias = INITIAL_BIAS;

    if (!res)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    res->len = 0;
    uint32_t *const out = res->data;
    const size_t cap = res->cap;
    if ((!s && len) || (!out && cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);

    /* §6.2: the basic code points are those before the last delimiter, if there is one */
    while (d > 0 && p[d - 1] != DELIMITER)
        d--;
    if (d == 0) { /* no delimiter: every byte is a digit */
        nb = 0;
        pos = 0;
    } else if (d == 1) {
        /* §6.2: "if more than zero code points were consumed then consume one more" (the
         * delimiter): none were, so the leading delimiter is read as a digit, and refused
         * below (BAD_INPUT at 0). The encoder never writes it (§6.3). */
        nb = 0;
        pos = 0;
    } else {
        nb = d - 1;
        pos = d;
    }
    for (size_t j = 0; j < nb; j++) {
        if (p[j] >= INITIAL_N) /* §6.2: fail on any non-basic code point */
            return ibidi__fail(err, IBIDI_E_PUNYCODE_BAD_INPUT, j, p[j]);
        if (j == IBIDI_PUNYCODE_MAX_CPS) /* the bound on §6.2's insertions (see the top) */
            return ibidi__fail(err, IBIDI_E_PUNYCODE_TOO_LONG, j, p[j]);
        if (j < cap)
            out[j] = p[j];
    }
    outn = nb;

    /* §6.2 main loop: one delta (§3.3 generalized variable-length integer) per code point */
    while (pos < len) {
        const size_t start = pos;
        const uint32_t oldi = i;
        uint64_t acc = i, w = 1;
        if (outn == IBIDI_PUNYCODE_MAX_CPS) /* the bound on §6.2's insertions (see the top);
                                              so length(output) + 1 fits in 32 bits too */
            return ibidi__fail(err, IBIDI_E_PUNYCODE_TOO_LONG, start, p[start]);
        for (uint32_t k = BASE;; k += BASE) {
            if (pos == len)
                return ibidi__fail(err, IBIDI_E_PUNYCODE_TRUNCATED, len, 0);
            const unsigned char c = p[pos];
            uint32_t dv = digit_value[c];
            if (dv == 0) /* §5: not a base-36 digit */
                return ibidi__fail(err, IBIDI_E_PUNYCODE_BAD_INPUT, pos, c);
            if (dv & DIGIT_UPPER) {
                dv &= ~DIGIT_UPPER;
                if (nc_off == SIZE_MAX) /* §5: the encoder writes lower case */
                    nc_off = pos;
            }
            dv--;
            acc += dv * w; /* dv * w < 36 * 2^32: exact in 64 bits */
            if (acc > UINT32_MAX) /* §6.4: i + digit * w overflows */
                return ibidi__fail(err, IBIDI_E_PUNYCODE_OVERFLOW, pos, c);
            const uint32_t t = threshold(k, bias);
            pos++;
            if (dv < t)
                break;
            w *= BASE - t;
            if (w > UINT32_MAX) /* §6.4: w * (base - t) overflows */
                return ibidi__fail(err, IBIDI_E_PUNYCODE_OVERFLOW, pos - 1, c);
        }
        i = (uint32_t)acc;
        const uint32_t npts = (uint32_t)(outn + 1);
        bias = adapt(i - oldi, npts, oldi == 0);
        const uint64_t nn = (uint64_t)n + i / npts;
        if (nn > UINT32_MAX) /* §6.4: n + i div (length(output) + 1) overflows */
            return ibidi__fail(err, IBIDI_E_PUNYCODE_OVERFLOW, start, p[start]);
        if (nn > 0x10FFFFu || nn - 0xD800u < 0x800u) /* not a Unicode scalar value */
            return ibidi__fail(err, IBIDI_E_PUNYCODE_RANGE, start, (uint32_t)nn);
        n = (uint32_t)nn;
        i %= npts;
        /* insert n at position i; once the output no longer fits, it never will again */
        if (outn < cap) {
            memmove(out + i + 1, out + i, (outn - i) * sizeof *out);
            out[i] = n;
        }
        outn++;
        i++;
    }

    res->len = outn;
    if ((flags & IBIDI_PUNYCODE_CANONICAL) && nc_off != SIZE_MAX)
        return ibidi__fail(err, IBIDI_E_PUNYCODE_NOT_CANONICAL, nc_off, p[nc_off]);
    if (outn > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    if (flags & IBIDI_PUNYCODE_CANONICAL) {
        /* RFC 5891 §5.4: re-encode and compare. The checks above already reject every
         * difference RFC 3492 allows (§6.2: one encoding per sequence of deltas), so this
         * is the definitive check rather than the usual one. */
        pc_out o = {NULL, len, s, 0, SIZE_MAX};
        if (encode_core(out, outn, &o, NULL, 1) != IBIDI_OK)
            o.diff = 0;
        if (o.diff == SIZE_MAX && o.len != len)
            o.diff = o.len < len ? o.len : len;
        if (o.diff != SIZE_MAX)
            return ibidi__fail(err, IBIDI_E_PUNYCODE_NOT_CANONICAL, o.diff,
                               o.diff < len ? p[o.diff] : 0);
    }
    return ibidi__ok(err);
}

/*
 * RFC 3492 §6.2 for the A-label fast path of UTS #46 (src/idna/alabel.c): s[0..len) is
 * the Punycode of an "xn--" label after Map (UTS #46 §4 step 1), so in lower case, its
 * basic code points among a-z, 0-9 and "-". Returns the number of code points decoded
 * into out, or 0 when the path must fall back: wherever ibidi_punycode_decode with
 * IBIDI_PUNYCODE_CANONICAL would fail (a bad digit, a truncated integer, an overflow of
 * §6.4, a value that is no scalar value, a delimiter with no basic code point before it,
 * more than cap code points, cap <= IBIDI_PUNYCODE_MAX_CPS), and also where it would
 * succeed with basic code points only (UTS #46 §4 step 4.3 then rejects the label).
 *
 * The re-encoding of RFC 5891 §5.4 is left out, because it cannot fail here:
 *   - the basic part, copied as it is, is what §6.3 writes first, and its delimiter is
 *     there exactly when the basic part is not empty (the leading delimiter is refused);
 *   - every delta inserts a code point >= 0x80 (n starts there and only grows), so the
 *     decoded string determines its insertions: by value, and from left to right among
 *     equal values (a delta >= 0 never goes back to the left of the last insertion of the
 *     same n), which is the order of §6.3's passes;
 *   - from one state (n, i, length) the insertion a delta makes is one-to-one in the
 *     delta, so the encoder, whose deltas decode to the same string, writes the same
 *     deltas, with the same bias after each (§6.1 depends on the deltas only);
 *   - a value has one generalized variable-length integer for a given bias (§3.3: the
 *     digits below t end it, the others go on, a mixed radix), and the digits here are in
 *     lower case, the encoder's (§5).
 * So the encoder writes s back byte for byte; tests/test_punycode.c compares this decoder
 * with the canonical one on every short string of a small alphabet.
 */
size_t ibidi__punycode_decode_lane(const char *s, size_t len, uint32_t *out, size_t cap)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t d = len, outn, pos;
    uint32_t i = 0, n = INITIAL_N, bias = INITIAL_BIAS;
    if (cap > IBIDI_PUNYCODE_MAX_CPS)
        cap = IBIDI_PUNYCODE_MAX_CPS;
    /* §6.2: the basic code points are those before the last delimiter */
    while (d > 0 && p[d - 1] != DELIMITER)
        d--;
    if (d == len || d == 1) /* basic code points only (or empty); a leading delimiter */
        return 0;
    outn = d ? d - 1 : 0;
    if (outn >= cap)
        return 0;
    for (size_t j = 0; j < outn; j++) {
        if (p[j] >= INITIAL_N) /* §6.2: fail on any non-basic code point */
            return 0;
        out[j] = p[j];
    }
    for (pos = d; pos < len;) {
        const uint32_t oldi = i;
        uint64_t acc = i, w = 1;
        if (outn == cap)
            return 0;
        for (uint32_t k = BASE;; k += BASE) {
            if (pos == len) /* truncated */
                return 0;
            uint32_t dv = digit_value[p[pos++]];
            if (dv == 0 || (dv & DIGIT_UPPER)) /* §5: not a digit, or not canonical */
                return 0;
            dv--;
            acc += dv * w;
            if (acc > UINT32_MAX) /* §6.4 */
                return 0;
            const uint32_t t = threshold(k, bias);
            if (dv < t)
                break;
            w *= BASE - t;
            if (w > UINT32_MAX) /* §6.4 */
                return 0;
        }
        i = (uint32_t)acc;
        const uint32_t npts = (uint32_t)(outn + 1);
        bias = adapt(i - oldi, npts, oldi == 0);
        const uint32_t q = div_small(i, npts);
        const uint64_t nn = (uint64_t)n + q;
        if (nn > 0x10FFFFu || nn - 0xD800u < 0x800u) /* §6.4, or not a scalar value */
            return 0;
        n = (uint32_t)nn;
        i -= q * npts;
        for (size_t j = outn; j > i; j--) /* insert n at i */
            out[j] = out[j - 1];
        out[i++] = n;
        outn++;
    }
    return outn;
}
