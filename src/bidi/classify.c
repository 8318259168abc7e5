/*
 * UAX #9 input: the Bidi_Class of every code point (and, for paired brackets, the
 * Bidi_Paired_Bracket_Type and the canonical closing bracket that BD16 compares) into the
 * work arrays, from code points or from UTF-8, the latter checked and classified in one
 * pass. Calls no other file of src/bidi.
 */
#include "bidi/bidi_internal.h"
#include "unicode/ucd.h"
#include "unicode/utf8_internal.h"

/* SSE2 is part of x86-64: the count of lead bytes uses it when the compiler targets it;
 * the portable loop gives the same result elsewhere. */
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define O_CLASS IBIDI__O_CLASS
#define O_OPEN IBIDI__O_OPEN
#define O_CLOSE IBIDI__O_CLOSE

/* BD16 compares brackets "or their canonical equivalents": U+2329/U+232A decompose to
 * U+3008/U+3009. Every bracket is folded to the canonical form of its closing bracket. */
static uint16_t canonical_closing(uint32_t close)
{
    uint32_t d[IBIDI_UNICODE_MAX_DECOMPOSITION];
    if ((ibidi__norm_info(close) & IBIDI__NI_NFD_NO) && ibidi__full_decomposition(close, 0, d) == 1)
        close = d[0];
    return (uint16_t)close;
}

/* ASCII, most of an identifier, lies in the first two blocks of the BMP table (64 code
 * points each): their addresses are looked up once per text, not once per character. */
typedef struct ascii_blocks {
    const uint8_t *lo, *hi;
} ascii_blocks;

static inline ascii_blocks ascii_blocks_of(void)
{
    const ascii_blocks a = {ibidi__bidi_bmp_s2 + ((uint32_t)ibidi__bidi_bmp_s1[0] << 6),
                            ibidi__bidi_bmp_s2 + ((uint32_t)ibidi__bidi_bmp_s1[1] << 6)};
    return a;
}

/* The byte of orig[] for cp: its class, and for a paired bracket its type (the BMP table
 * keeps Bidi_Paired_Bracket_Type << 5, which is O_OPEN or O_CLOSE). No test for ASCII:
 * in mixed text it would be a branch no predictor learns (the UTF-8 loop has one anyway,
 * in its decoder, and uses the ASCII blocks there). */
static inline uint8_t class_byte(uint32_t cp)
{
    return cp < 0x10000u ? ibidi__bidi_bmp(cp) : ibidi__props_of(cp)->bc;
}

/* Stores o, the byte of cp, at i, and returns the bit of its class. Brackets also get their
 * canonical closing bracket in br[] (every paired bracket is in the BMP), and set
 * IBIDI__HAS_BRACKET in *brackets, on the rare path rather than for every character. */
static inline uint32_t classify_one(ibidi__bidi *b, size_t i, uint32_t cp, uint8_t o,
                                    uint32_t *brackets)
{
    if (o & (O_OPEN | O_CLOSE)) {
        *brackets = IBIDI__HAS_BRACKET;
        if (cp < 0x80u) {
            /* ASCII ( ) [ ] { }: no decomposition, and each opener's pair is one or two
             * code points on (BidiBrackets.txt); most brackets of text are these. */
            b->br[i] = (uint16_t)((o & O_OPEN) ? cp + 1u + (cp != '(') : cp);
        } else {
            uint32_t close = (o & O_OPEN) ? ibidi_unicode_paired_bracket(cp) : cp;
            b->br[i] = canonical_closing(close);
        }
    }
    b->orig[i] = o;
    return IBIDI__BC_BIT(o & O_CLASS);
}

uint32_t ibidi__bidi_classify_cp(ibidi__bidi *b, const uint32_t *text, size_t n)
{
    uint32_t mask = 0, brackets = 0;
    for (size_t i = 0; i < n; i++)
        mask |= classify_one(b, i, text[i], class_byte(text[i]), &brackets);
    return mask | brackets;
}

uint32_t ibidi__bidi_classify_utf8(ibidi__bidi *b, const unsigned char *s, size_t *offsets,
                                   uint32_t *offsets32)
{
    uint32_t mask = 0, brackets = 0;
    size_t pos = 0;
    for (size_t i = 0; i < b->n; i++) {
        if (offsets)
            offsets[i] = pos;
        if (offsets32)
            offsets32[i] = (uint32_t)pos;
        const uint32_t cp = ibidi__utf8_decode_valid(s, &pos);
        mask |= classify_one(b, i, cp, class_byte(cp), &brackets);
    }
    return mask | brackets;
}

size_t ibidi__bidi_lead_bytes(const unsigned char *s, size_t len)
{
    size_t count = 0, i = 0;
#ifdef __SSE2__
    /* sixteen at a time: a lead byte is above -65 as a signed byte; psadbw sums the ones */
    __m128i acc = _mm_setzero_si128();
    const __m128i cont = _mm_set1_epi8(-65), one = _mm_set1_epi8(1);
    for (; i + 16 <= len; i += 16) {
        __m128i lead = _mm_and_si128(
            _mm_cmpgt_epi8(_mm_loadu_si128((const __m128i *)(const void *)(s + i)), cont), one);
        acc = _mm_add_epi64(acc, _mm_sad_epu8(lead, _mm_setzero_si128()));
    }
    uint64_t sums[2];
    _mm_storeu_si128((__m128i *)(void *)sums, acc);
    count = (size_t)(sums[0] + sums[1]);
#endif
    for (; i < len; i++)
        count += (s[i] & 0xC0u) != 0x80u;
    return count;
}

/* Instantiated with and without offsets, so that the usual call tests nothing more per
 * character. */
IBIDI__ALWAYS_INLINE ibidi_status classify_utf8_impl(ibidi__bidi *b, const unsigned char *s,
                                                     size_t len, size_t *offsets,
                                                     uint32_t *mask_out, ibidi_error *err)
{
    const ascii_blocks a = ascii_blocks_of();
    uint32_t mask = 0, brackets = 0;
    size_t pos = 0, i = 0;
    while (pos < len) {
        uint32_t cp = s[pos];
        size_t k = 1;
        uint8_t o;
        if (cp < 0x80u) {
            o = (cp < 0x40u ? a.lo : a.hi)[cp & 0x3Fu];
        } else {
            /* two and three bytes inline (Hebrew, Arabic, bidi controls, punctuation) */
            ibidi_status st;
            k = ibidi__utf8_decode_fast(s + pos, len - pos, &cp, &st);
            if (k == 0)
                return ibidi__fail(err, st, pos, s[pos]);
            o = class_byte(cp);
        }
        if (offsets)
            offsets[i] = pos;
        mask |= classify_one(b, i, cp, o, &brackets);
        pos += k;
        i++;
    }
    b->n = i;
    *mask_out = mask | brackets;
    return IBIDI_OK;
}

ibidi_status ibidi__bidi_classify_utf8_checked(ibidi__bidi *b, const unsigned char *s,
                                               size_t len, size_t *offsets, uint32_t *mask,
                                               ibidi_error *err)
{
    if (offsets)
        return classify_utf8_impl(b, s, len, offsets, mask, err);
    return classify_utf8_impl(b, s, len, NULL, mask, err);
}
