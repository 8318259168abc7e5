/*
 * The Unicode Bidirectional Algorithm (UAX #9, Unicode 17.0.0): resolution of embedding
 * levels, P1-P3, X1-X10, W1-W7, N0-N2, I1-I2 and L1.
 *
 * Every pass is linear. Isolating run sequences (BD13) are never copied out: a sequence is
 * walked in place by next_in(), which skips characters removed by X9 and jumps from an
 * isolate initiator that ends a level run to its matching PDI; a sequence that is one level
 * run is walked with i + 1. A paragraph without explicit controls, and an isolating run
 * sequence that is a range of the text, go through W1-W7, N0-N2 and I1-I2 on bit planes
 * (short_simd.c) instead; the passes here are then what the tests compare them with
 * (ibidi__bidi.general). The matching PDI of each initiator (BD9), the direction of each
 * FSI (X5c) and the paragraph level (P2-P3) come from one forward pass with a stack of
 * open isolates kept as links in aux[]. Bracket pairs (BD16) are found with the 63-entry
 * stack of the rule, searched through chains per closing bracket so that a closing bracket
 * costs O(1); the strong types inside each pair (N0 b, c) are gathered in the same pass by
 * flagging the innermost open bracket and passing the flags outwards when it leaves the
 * stack.
 */
#include <string.h>

#include "bidi/bidi_internal.h"
#include "unicode/ucd.h"
#include "unicode/utf8_internal.h"

/* SSE2 is part of x86-64: the ASCII checks and the zeroing of levels use it when the
 * compiler targets it; the portable loops give the same results elsewhere. */
#ifdef __SSE2__
#include <emmintrin.h>
#include "ibidi/utf8.h"
#define LOAD16(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE16(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#endif

#define NONE IBIDI__BIDI_NONE
#define O_CLASS IBIDI__O_CLASS
#define O_OPEN IBIDI__O_OPEN
#define O_CLOSE IBIDI__O_CLOSE
#define O_FSI_RTL IBIDI__O_FSI_RTL
#define O_MATCHED IBIDI__O_MATCHED

enum {
    L = IBIDI_BC_L, R = IBIDI_BC_R, AL = IBIDI_BC_AL, EN = IBIDI_BC_EN, ES = IBIDI_BC_ES,
    ET = IBIDI_BC_ET, AN = IBIDI_BC_AN, CS = IBIDI_BC_CS, NSM = IBIDI_BC_NSM, BN = IBIDI_BC_BN,
    B = IBIDI_BC_B, S = IBIDI_BC_S, WS = IBIDI_BC_WS, ON = IBIDI_BC_ON, LRE = IBIDI_BC_LRE,
    LRO = IBIDI_BC_LRO, RLE = IBIDI_BC_RLE, RLO = IBIDI_BC_RLO, PDF = IBIDI_BC_PDF,
    LRI = IBIDI_BC_LRI, RLI = IBIDI_BC_RLI, FSI = IBIDI_BC_FSI, PDI = IBIDI_BC_PDI
};

#define BIT(c) (1u << (c))
#define ISOLATE_INITIATORS (BIT(LRI) | BIT(RLI) | BIT(FSI))
#define EXPLICIT (BIT(LRE) | BIT(RLE) | BIT(LRO) | BIT(RLO) | BIT(PDF) | ISOLATE_INITIATORS | BIT(PDI))
#define REMOVED_X9 (BIT(LRE) | BIT(RLE) | BIT(LRO) | BIT(RLO) | BIT(PDF) | BIT(BN))
/* Neutral and isolate formatting types (NI) of N1-N2. */
#define NI_TYPES (BIT(B) | BIT(S) | BIT(WS) | BIT(ON) | ISOLATE_INITIATORS | BIT(PDI))
/* Marks br[] of a character that was NSM before W1 (for the last paragraph of N0). */
#define NSM_MARK 0xFFFFu
/* In a class mask or the type set of a sequence: a paired bracket occurs (classes use
 * bits 0-22). */
#define HAS_BRACKET (1u << 31)
/* br[] of an opening bracket in a pair, after BD16: the strong types inside (N0 b, c). */
#define IN_L 1u
#define IN_R 2u
/* X9 removes these; cls[] marks every removed character as BN. */
#define REMOVED(b, i) ((b)->cls[i] == BN)

/* BD16 stack: exactly 63 entries. */
#define BRACKET_STACK 63
#define BRACKET_HASH(cp) IBIDI__BRACKET_HASH(cp)
#define BRACKET_HASH_SIZE IBIDI__BRACKET_HASH_SIZE

unsigned char *ibidi__bidi_layout(ibidi__bidi *b, void *work, size_t n)
{
    uintptr_t p = (uintptr_t)work;
    p = (p + 7u) & ~(uintptr_t)7u;
    b->aux = (uint32_t *)p;
    b->br = (uint16_t *)(p + n * 4u);
    b->orig = (uint8_t *)(p + n * 6u);
    b->cls = (uint8_t *)(p + n * 7u);
    b->n = n;
    b->ops = 0;
    b->general = 0;
    return (unsigned char *)(p + n * 8u);
}

/* The bit planes of long isolating run sequences: after the arrays of the visual functions
 * (whose 32-bit arrays may start up to 3 bytes after 9 n), in callers' areas only. */
static uint64_t *planes_area(const ibidi__bidi *b)
{
    if (b->n <= IBIDI_BIDI_SMALL)
        return NULL;
    uintptr_t end = (uintptr_t)b->aux + b->n * IBIDI__BIDI_WORK_VISUAL_PER_CP + 3u;
    return (uint64_t *)((end + 7u) & ~(uintptr_t)7u);
}

size_t ibidi_bidi_work_size(size_t n)
{
    if (n <= IBIDI_BIDI_SMALL)
        return 0;
    if (n > IBIDI_BIDI_MAX_LENGTH)
        return SIZE_MAX;
    return n * IBIDI__BIDI_WORK_PER_CP + IBIDI__BIDI_WORK_SLACK;
}

/* The bitwise OR of n code points: below 0xD800 when none can be a surrogate or too large,
 * below 0x80 when all are ASCII. */
IBIDI__ALWAYS_INLINE uint32_t or_all(const uint32_t *text, size_t n)
{
    size_t i = 0;
#ifdef __SSE2__
    if (n >= 8 && n <= 16) { /* short items: a fixed number of loads, no loop to leave */
        __m128i acc = _mm_or_si128(_mm_or_si128(LOAD16(text), LOAD16(text + 4)),
                                   _mm_or_si128(LOAD16(text + n - 8), LOAD16(text + n - 4)));
        acc = _mm_or_si128(acc, _mm_srli_si128(acc, 8));
        acc = _mm_or_si128(acc, _mm_srli_si128(acc, 4));
        return (uint32_t)_mm_cvtsi128_si32(acc);
    }
    if (n >= 16 && n <= 32) {
        __m128i a = _mm_or_si128(_mm_or_si128(LOAD16(text), LOAD16(text + 4)),
                                 _mm_or_si128(LOAD16(text + 8), LOAD16(text + 12)));
        __m128i b = _mm_or_si128(_mm_or_si128(LOAD16(text + n - 16), LOAD16(text + n - 12)),
                                 _mm_or_si128(LOAD16(text + n - 8), LOAD16(text + n - 4)));
        __m128i acc = _mm_or_si128(a, b);
        acc = _mm_or_si128(acc, _mm_srli_si128(acc, 8));
        acc = _mm_or_si128(acc, _mm_srli_si128(acc, 4));
        return (uint32_t)_mm_cvtsi128_si32(acc);
    }
    if (n >= 4) { /* four at a time, the last block overlapping the one before */
        __m128i acc = LOAD16(text + n - 4);
        for (; i + 8 <= n; i += 8)
            acc = _mm_or_si128(acc, _mm_or_si128(LOAD16(text + i), LOAD16(text + i + 4)));
        if (i + 4 < n)
            acc = _mm_or_si128(acc, LOAD16(text + i));
        acc = _mm_or_si128(acc, _mm_srli_si128(acc, 8));
        acc = _mm_or_si128(acc, _mm_srli_si128(acc, 4));
        return (uint32_t)_mm_cvtsi128_si32(acc);
    }
#endif
    uint32_t all = 0;
    for (; i < n; i++)
        all |= text[i];
    return all;
}

/* ibidi__bidi_check_cps, given the OR of the code points. */
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

ibidi_status ibidi__bidi_check_cps(const uint32_t *text, size_t n, ibidi_error *err)
{
    return check_cps_or(text, n, or_all(text, n), err);
}

/* The checks every resolving entry point makes first. */
static ibidi_status check_input(const void *in, size_t n, const void *out, ibidi_dir dir,
                                const void *work, size_t work_size, ibidi_error *err)
{
    if ((!in || !out) && n > 0)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if ((unsigned)dir > IBIDI_DIR_AUTO_RTL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, (uint32_t)dir);
    return ibidi__bidi_check_work(n, work, work_size, err);
}

ibidi_status ibidi__bidi_check_work(size_t n, const void *work, size_t work_size,
                                    ibidi_error *err)
{
    if (n > IBIDI_BIDI_MAX_LENGTH)
        return ibidi__fail(err, IBIDI_E_TOO_LONG, IBIDI_BIDI_MAX_LENGTH, 0);
    if (n > IBIDI_BIDI_SMALL && (!work || work_size < ibidi_bidi_work_size(n)))
        return ibidi__fail(err, IBIDI_E_BIDI_WORK_TOO_SMALL, 0, 0);
    return IBIDI_OK;
}

int ibidi_bidi_class_removed(ibidi_bidi_class bc)
{
    return (unsigned)bc < IBIDI_BC_COUNT && (REMOVED_X9 & BIT(bc)) != 0;
}

/* ---------------------------------------------------------------------------------------
 * Classification. */

/* BD16 compares brackets "or their canonical equivalents": U+2329/U+232A decompose to
 * U+3008/U+3009. Every bracket is folded to the canonical form of its closing bracket. */
static uint16_t canonical_closing(uint32_t close)
{
    uint32_t d[IBIDI_MAX_DECOMPOSITION];
    if ((ibidi__norm_info(close) & IBIDI__NI_NFD_NO) && ibidi__full_decomposition(close, 0, d) == 1)
        close = d[0];
    return (uint16_t)close;
}

/* The byte of orig[] for cp: its class, and for a paired bracket its type (the BMP table
 * keeps Bidi_Paired_Bracket_Type << 5, which is O_OPEN or O_CLOSE). Brackets also get
 * their canonical closing bracket in br[]; every paired bracket is in the BMP. */
static inline uint32_t classify_one(ibidi__bidi *b, size_t i, uint32_t cp)
{
    uint8_t o = cp < 0x10000u ? ibidi__bidi_bmp(cp) : ibidi__props_of(cp)->bc;
    if (o & (O_OPEN | O_CLOSE)) {
        if (cp < 0x80u) {
            /* ASCII ( ) [ ] { }: no decomposition, and each opener's pair is one or two
             * code points on (BidiBrackets.txt); most brackets of text are these. */
            b->br[i] = (uint16_t)((o & O_OPEN) ? cp + 1u + (cp != '(') : cp);
        } else {
            uint32_t close = (o & O_OPEN) ? ibidi_cp_paired_bracket(cp) : cp;
            b->br[i] = canonical_closing(close);
        }
    }
    b->orig[i] = o;
    return BIT(o & O_CLASS) | ((o & (O_OPEN | O_CLOSE)) ? HAS_BRACKET : 0u);
}

uint32_t ibidi__bidi_classify_cp(ibidi__bidi *b, const uint32_t *text, size_t n)
{
    uint32_t mask = 0;
    for (size_t i = 0; i < n; i++)
        mask |= classify_one(b, i, text[i]);
    return mask;
}

/* Host names and other ASCII identifiers are short: these two work sixteen bytes at a time
 * with SSE2 (else eight), the last block overlapping the one before, instead of a byte loop
 * or a call. */
IBIDI__ALWAYS_INLINE int all_ascii(const unsigned char *s, size_t n)
{
#ifdef __SSE2__
    if (n >= 16 && n <= 32) /* two blocks, no loop to leave */
        return _mm_movemask_epi8(_mm_or_si128(LOAD16(s), LOAD16(s + n - 16))) == 0;
    if (n >= 16) {
        __m128i acc = LOAD16(s + n - 16);
        for (size_t i = 0; i + 16 < n; i += 16)
            acc = _mm_or_si128(acc, LOAD16(s + i));
        return _mm_movemask_epi8(acc) == 0;
    }
#endif
    uint64_t acc = 0;
    if (n >= 8) {
        for (size_t i = 0; i + 8 <= n; i += 8)
            acc |= ibidi__load_le64(s + i);
        acc |= ibidi__load_le64(s + n - 8);
    } else {
        for (size_t i = 0; i < n; i++)
            acc |= s[i];
    }
    return !(acc & IBIDI__B8(0x80));
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

uint32_t ibidi__bidi_classify_utf8(ibidi__bidi *b, const unsigned char *s, size_t *offsets,
                                   uint32_t *offsets32)
{
    uint32_t mask = 0;
    size_t pos = 0;
    for (size_t i = 0; i < b->n; i++) {
        if (offsets)
            offsets[i] = pos;
        if (offsets32)
            offsets32[i] = (uint32_t)pos;
        mask |= classify_one(b, i, ibidi__utf8_decode_valid(s, &pos));
    }
    return mask;
}

/* The number of bytes of s that are not continuation bytes (80..BF). */
static size_t lead_bytes(const unsigned char *s, size_t len)
{
    size_t count = 0, i = 0;
#ifdef __SSE2__
    /* sixteen at a time: a lead byte is above -65 as a signed byte; psadbw sums the ones */
    __m128i acc = _mm_setzero_si128();
    const __m128i cont = _mm_set1_epi8(-65), one = _mm_set1_epi8(1);
    for (; i + 16 <= len; i += 16) {
        __m128i lead = _mm_and_si128(_mm_cmpgt_epi8(LOAD16(s + i), cont), one);
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

/* Decodes, checks and classifies UTF-8 in one pass (b's arrays hold at least as many
 * entries as code points decoded: see lead_bytes). Sets b->n; the errors are those of
 * ibidi_utf8_validate, from the same decoder, at the same offsets.
 * Instantiated with and without offsets, so that the usual call tests nothing more per
 * character. */
IBIDI__ALWAYS_INLINE ibidi_status classify_utf8_impl(ibidi__bidi *b, const unsigned char *s,
                                                     size_t len, size_t *offsets,
                                                     uint32_t *mask_out, ibidi_error *err)
{
    uint32_t mask = 0;
    size_t pos = 0, i = 0;
    while (pos < len) {
        uint32_t cp = s[pos];
        size_t k = 1;
        if (cp >= 0x80u) {
            /* two and three bytes inline (Hebrew, Arabic, bidi controls, punctuation) */
            ibidi_status st;
            k = ibidi__utf8_decode_fast(s + pos, len - pos, &cp, &st);
            if (k == 0)
                return ibidi__fail(err, st, pos, s[pos]);
        }
        if (offsets)
            offsets[i] = pos;
        mask |= classify_one(b, i, cp);
        pos += k;
        i++;
    }
    b->n = i;
    *mask_out = mask;
    return IBIDI_OK;
}

static ibidi_status classify_utf8_checked(ibidi__bidi *b, const unsigned char *s, size_t len,
                                          size_t *offsets, uint32_t *mask_out, ibidi_error *err)
{
    if (offsets)
        return classify_utf8_impl(b, s, len, offsets, mask_out, err);
    return classify_utf8_impl(b, s, len, NULL, mask_out, err);
}

/* ---------------------------------------------------------------------------------------
 * One paragraph. */

typedef struct para {
    ibidi__bidi *b;
    size_t ps, pe; /* [ps, pe): the paragraph, its separator included */
    uint8_t level; /* paragraph embedding level */
} para;

static inline int is_initiator(uint8_t o) { return (ISOLATE_INITIATORS & BIT(o & O_CLASS)) != 0; }

/* P2-P3 for the paragraph, BD9 matching of isolates, and X5c for each FSI: one pass with
 * the open isolate initiators kept as a stack linked through aux[]. Returns the class of
 * the first strong character outside isolates (L or R), or ON when there is none. */
static uint8_t isolates_and_first_strong(para *p)
{
    ibidi__bidi *b = p->b;
    uint8_t *orig = b->orig;
    uint32_t *aux = b->aux;
    uint32_t top = NONE;
    uint8_t first = ON;
    b->ops += p->pe - p->ps;
    for (size_t i = p->ps; i < p->pe; i++) {
        uint8_t c = orig[i] & O_CLASS;
        switch (c) {
        case L:
        case R:
        case AL:
            if (top == NONE) { /* P2: skip characters inside isolates */
                if (first == ON)
                    first = c == L ? L : R;
            }
            /* X5c: the first strong character of an FSI's content decides its direction.
             * cls[] of an open initiator records whether that happened. */
            if (top != NONE && (orig[top] & O_CLASS) == FSI && b->cls[top] == 0) {
                b->cls[top] = 1;
                if (c != L)
                    orig[top] |= O_FSI_RTL;
            }
            break;
        case LRI:
        case RLI:
        case FSI:
            aux[i] = top;
            b->cls[i] = 0; /* FSI direction not decided yet */
            top = (uint32_t)i;
            break;
        case PDI:
            if (top != NONE) { /* BD9: the PDI matches the innermost open initiator */
                uint32_t j = top;
                top = aux[j];
                aux[j] = (uint32_t)i;
                orig[j] |= O_MATCHED;
                orig[i] |= O_MATCHED;
            }
            break;
        default:
            break;
        }
    }
    while (top != NONE) { /* initiators without a matching PDI */
        uint32_t j = top;
        top = aux[j];
        aux[j] = NONE;
        b->ops++;
    }
    return first;
}

typedef struct status_entry {
    uint8_t level;
    uint8_t override; /* ON (neutral), L or R */
    uint8_t isolate;
} status_entry;

/* X1-X8: explicit levels and directions. Sets lev[] and cls[] of every character;
 * characters removed by X9 get cls BN. */
static void explicit_levels(para *p)
{
    ibidi__bidi *b = p->b;
    const uint8_t *orig = b->orig;
    uint8_t *cls = b->cls, *lev = b->lev;
    status_entry stack[IBIDI_BIDI_MAX_DEPTH + 2];
    int sp = 0;
    unsigned overflow_isolates = 0, overflow_embeddings = 0, valid_isolates = 0;

    b->ops += p->pe - p->ps;
    /* X1 */
    stack[0].level = p->level;
    stack[0].override = ON;
    stack[0].isolate = 0;
    for (size_t i = p->ps; i < p->pe; i++) {
        uint8_t o = orig[i], c = o & O_CLASS;
        status_entry *top = &stack[sp];
        switch (c) {
        case RLE:
        case LRE:
        case RLO:
        case LRO: { /* X2-X5 */
            unsigned lv = (c == RLE || c == RLO) ? (top->level + 1u) | 1u
                                                 : (top->level + 2u) & ~1u;
            if (lv <= IBIDI_BIDI_MAX_DEPTH && overflow_isolates == 0 &&
                overflow_embeddings == 0) {
                sp++;
                stack[sp].level = (uint8_t)lv;
                stack[sp].override = c == RLO ? R : c == LRO ? L : ON;
                stack[sp].isolate = 0;
            } else if (overflow_isolates == 0) {
                overflow_embeddings++;
            }
            lev[i] = top->level;
            cls[i] = BN; /* X9 */
            break;
        }
        case RLI:
        case LRI:
        case FSI: { /* X5a-X5c */
            int rtl = c == RLI || (c == FSI && (o & O_FSI_RTL));
            unsigned lv = rtl ? (top->level + 1u) | 1u : (top->level + 2u) & ~1u;
            lev[i] = top->level;
            cls[i] = top->override != ON ? top->override : (rtl ? RLI : LRI);
            if (lv <= IBIDI_BIDI_MAX_DEPTH && overflow_isolates == 0 &&
                overflow_embeddings == 0) {
                valid_isolates++;
                sp++;
                stack[sp].level = (uint8_t)lv;
                stack[sp].override = ON;
                stack[sp].isolate = 1;
            } else {
                overflow_isolates++;
            }
            break;
        }
        case PDI: /* X6a */
            if (overflow_isolates > 0) {
                overflow_isolates--;
            } else if (valid_isolates > 0) {
                overflow_embeddings = 0;
                while (!stack[sp].isolate) {
                    sp--;
                    b->ops++;
                }
                sp--;
                valid_isolates--;
            }
            lev[i] = stack[sp].level;
            cls[i] = stack[sp].override != ON ? stack[sp].override : PDI;
            break;
        case PDF: /* X7 */
            if (overflow_isolates > 0) {
            } else if (overflow_embeddings > 0) {
                overflow_embeddings--;
            } else if (!top->isolate && sp >= 1) {
                sp--;
            }
            lev[i] = stack[sp].level;
            cls[i] = BN; /* X9 */
            break;
        case B: /* X8: the separator gets the paragraph level */
            lev[i] = p->level;
            cls[i] = B;
            break;
        case BN: /* X6 leaves BN alone; X9 removes it */
            lev[i] = top->level;
            cls[i] = BN;
            break;
        default: /* X6 */
            lev[i] = top->level;
            cls[i] = top->override != ON ? top->override : c;
            break;
        }
    }
}

/* A type as seen by the rules that treat EN and AN as R (N0, N1). */
static inline uint8_t strong_dir(uint8_t t)
{
    return t == L ? L : (t == R || t == EN || t == AN) ? R : ON;
}

/* ---------------------------------------------------------------------------------------
 * The rules on one isolating run sequence. Each pass is instantiated twice from one
 * source: for a sequence that is a range of the text (walked with i + 1) and for the
 * general case (walked with next_in). The arrays and bounds are copied into a
 * struct passed by value, so the compiler keeps them in registers even though the passes
 * store bytes (which may alias anything reached through a pointer).
 */
typedef struct seq {
    uint8_t *cls;
    uint8_t *orig;
    const uint8_t *lev;
    uint32_t *aux;
    uint16_t *br;
    size_t pe;
} seq;

#define SEQ_INLINE IBIDI__ALWAYS_INLINE

/* BD13 inside a pass: the character after i in its isolating run sequence, or pe. When
 * the level run of i ends at an isolate initiator with a matching PDI, the sequence goes
 * on at that PDI (whose level is the initiator's). Removed characters skipped count as
 * steps. */
SEQ_INLINE size_t next_in(const seq q, int simple, size_t i, uint64_t *steps)
{
    if (simple)
        return i + 1;
    size_t j = i + 1;
    while (j < q.pe && q.cls[j] == BN) {
        j++;
        (*steps)++;
    }
    if (j < q.pe && q.lev[j] == q.lev[i])
        return j;
    if ((q.orig[i] & O_MATCHED) && is_initiator(q.orig[i]))
        return q.aux[i];
    return q.pe;
}

/* W1-W3. Returns the set of types left (with HAS_BRACKET) and sets *last to the last
 * character of the sequence. Written with conditional moves rather than branches: the
 * classes of mixed text follow no pattern a branch predictor could learn. */
SEQ_INLINE uint32_t weak_w1_w3(const seq q, int simple, size_t start, uint8_t sos, size_t *last,
                               uint64_t *steps)
{
    uint8_t strong2 = sos; /* last strong type for W2 */
    uint8_t nsm_as = sos;  /* what an NSM here becomes under W1 */
    uint32_t types = 0, flags = 0;
    size_t i = start, prev = start;
    while (i < q.pe) {
        uint8_t o = q.orig[i];
        uint8_t t = q.cls[i];
        (*steps)++;
        if ((o & O_CLASS) == NSM)
            q.br[i] = t == NSM ? NSM_MARK : 0; /* remembered for N0 */
        t = t == NSM ? nsm_as : t; /* W1 */
        nsm_as = (BIT(t) & (ISOLATE_INITIATORS | BIT(PDI))) ? ON : t;
        t = (t == EN && strong2 == AL) ? AN : t; /* W2 */
        strong2 = (BIT(t) & (BIT(L) | BIT(R) | BIT(AL))) ? t : strong2;
        t = t == AL ? R : t; /* W3 */
        q.cls[i] = t;
        types |= BIT(t);
        flags |= o;
        prev = i;
        i = next_in(q, simple, i, steps);
    }
    *last = prev;
    /* N0 needs a pair, so a closing bracket (O_CLOSE, a bit no other flag shares) */
    return types | ((flags & O_CLOSE) ? HAS_BRACKET : 0u);
}

/* W4-W7. */
SEQ_INLINE void weak_w4_w7(const seq q, int simple, size_t start, uint8_t sos, uint64_t *steps)
{
    uint8_t *cls = q.cls;
    uint8_t prev4 = sos;    /* previous type after W4 */
    uint8_t prev5 = sos;    /* previous type after W5-W6 (before W7) */
    uint8_t strong7 = sos;  /* last strong type for W7 */
    size_t et_start = NONE; /* a run of ET not yet known to touch an EN */
    size_t i = start;
    while (i < q.pe) {
        size_t nx = next_in(q, simple, i, steps);
        uint8_t t = cls[i];
        (*steps)++;
        if (t == ES || t == CS) { /* W4: a single separator between two numbers */
            uint8_t tn = nx < q.pe ? cls[nx] : ON;
            t = (prev4 == EN && tn == EN) ? EN : (t == CS && prev4 == AN && tn == AN) ? AN : t;
        }
        prev4 = t;
        if (t == ET) { /* W5: ETs after an EN become EN; others wait for what follows */
            if (et_start == NONE && prev5 == EN) {
                t = EN;
            } else {
                if (et_start == NONE)
                    et_start = i;
                prev5 = ET;
                i = nx;
                continue;
            }
        }
        if (et_start != NONE) { /* W5 when an EN follows the ETs, else W6 */
            uint8_t to = t == EN ? (strong7 == L ? L : EN) : ON; /* with W7 */
            for (size_t j = et_start; j != i; j = next_in(q, simple, j, steps)) {
                cls[j] = to;
                (*steps)++;
            }
            et_start = NONE;
        }
        t = (t == ES || t == CS) ? ON : t; /* W6 */
        prev5 = t;
        t = (t == EN && strong7 == L) ? L : t; /* W7 */
        strong7 = (t == L || t == R) ? t : strong7;
        cls[i] = t;
        i = nx;
    }
    if (et_start != NONE) /* W6 */
        for (size_t j = et_start; j < q.pe; j = next_in(q, simple, j, steps)) {
            cls[j] = ON;
            (*steps)++;
        }
}

typedef struct bracket_entry {
    uint32_t pos;
    uint16_t close; /* canonical closing bracket */
    uint8_t chain;  /* the entry below with the same hash, or 0xFF */
    uint8_t inside; /* IN_L | IN_R: strong types seen after it (N0 b, c) */
} bracket_entry;

/* BD16: finds the bracket pairs of the sequence; aux[open] gets the closing position and
 * br[open] the strong types inside the pair (EN and AN counting as R), gathered on the
 * way: a strong type marks the innermost open bracket, and what an entry saw passes to
 * the entry below when it leaves the stack. Nested pairs are resolved after the pair
 * around them, so their brackets count as neutral here, as N0 wants. Returns the number
 * of pairs. */
SEQ_INLINE size_t bracket_pairs(const seq q, int simple, size_t start, size_t *last_close,
                                uint64_t *steps)
{
    bracket_entry st[BRACKET_STACK];
    uint8_t head[BRACKET_HASH_SIZE];
    int sp = 0;
    size_t pairs = 0;
    memset(head, 0xFF, sizeof head);
    for (size_t i = start; i < q.pe; i = next_in(q, simple, i, steps)) {
        uint8_t o = q.orig[i];
        (*steps)++;
        if (!(o & (O_OPEN | O_CLOSE)) || q.cls[i] != ON) { /* not BD14, BD15 */
            uint8_t d = strong_dir(q.cls[i]);
            if (sp > 0 && d != ON)
                st[sp - 1].inside |= d == L ? IN_L : IN_R;
            continue;
        }
        uint16_t cb = q.br[i];
        uint32_t h = BRACKET_HASH(cb);
        if (o & O_OPEN) {
            /* No room: stop processing BD16 for this sequence. Every pair found closes
             * before this point, and N0 reads no further than the last of them. */
            if (sp == BRACKET_STACK)
                break;
            st[sp].pos = (uint32_t)i;
            st[sp].close = cb;
            st[sp].inside = 0;
            st[sp].chain = head[h];
            head[h] = (uint8_t)sp;
            sp++;
            q.aux[i] = NONE;
        } else {
            unsigned k = head[h];
            while (k != 0xFF && st[k].close != cb) {
                k = st[k].chain;
                (*steps)++;
            }
            if (k == 0xFF) /* no opening bracket of this kind: not paired */
                continue;
            q.aux[st[k].pos] = (uint32_t)i;
            *last_close = i; /* sequences only go forward in the text */
            pairs++;
            uint8_t inside = 0;
            while (sp > (int)k) { /* pop through the matched entry */
                sp--;
                head[BRACKET_HASH(st[sp].close)] = st[sp].chain;
                inside |= st[sp].inside;
                (*steps)++;
            }
            q.br[st[k].pos] = inside;
            if (sp > 0)
                st[sp - 1].inside |= inside;
        }
    }
    while (sp > 0) /* opening brackets left on the stack have no pair */
        q.aux[st[--sp].pos] = NONE;
    return pairs;
}

SEQ_INLINE int is_paired_open(const seq q, size_t i)
{
    return (q.orig[i] & O_OPEN) && q.cls[i] == ON && q.aux[i] != NONE;
}

/* N0: bracket pairs take one direction. */
SEQ_INLINE void brackets_n0(const seq q, int simple, size_t start, uint8_t sos, uint8_t e,
                            uint64_t *steps)
{
    uint8_t *cls = q.cls;
    size_t last_close = start;
    if (bracket_pairs(q, simple, start, &last_close, steps) == 0)
        return;

    /* Each pair in the order of its opening bracket. */
    uint8_t o = e == L ? R : L;
    uint16_t in_e = e == L ? IN_L : IN_R, in_o = e == L ? IN_R : IN_L;
    uint8_t before = sos; /* the last strong type before i, EN and AN counting as R */
    uint8_t follow = ON;  /* type for NSMs after a bracket that N0 changed */
    /* Nothing changes after the last pair and the marks that follow it. */
    for (size_t i = start; i < q.pe && (i <= last_close || follow != ON);
         i = next_in(q, simple, i, steps)) {
        uint8_t orig = q.orig[i];
        (*steps)++;
        if (follow != ON) {
            if ((orig & O_CLASS) == NSM && q.br[i] == NSM_MARK)
                cls[i] = follow;
            else
                follow = ON;
        }
        if (is_paired_open(q, i)) {
            uint16_t f = q.br[i];
            uint8_t t = ON;
            if (f & in_e) /* N0 b */
                t = e;
            else if (f & in_o) /* N0 c: c1 with context, else c2 */
                t = before == o ? o : e;
            if (t != ON) { /* N0 d: else leave the pair to N1-N2 */
                cls[i] = t;
                cls[q.aux[i]] = t;
            }
        }
        uint8_t t = cls[i];
        uint8_t d = strong_dir(t);
        if (d != ON)
            before = d;
        if ((orig & (O_OPEN | O_CLOSE)) && (t == L || t == R))
            follow = t;
    }
}

/* N1-N2: neutrals between two strong types of one direction take it; others take the
 * embedding direction e. */
SEQ_INLINE void neutrals_n1_n2(const seq q, int simple, size_t start, uint8_t sos, uint8_t eos,
                               uint8_t e, uint64_t *steps)
{
    uint8_t *cls = q.cls;
    uint8_t prev = sos;
    size_t ni_start = NONE;
    for (size_t i = start; i < q.pe; i = next_in(q, simple, i, steps)) {
        uint8_t t = cls[i];
        (*steps)++;
        if (BIT(t) & NI_TYPES) {
            ni_start = ni_start == NONE ? i : ni_start;
            continue;
        }
        uint8_t d = t == L ? L : R; /* N1: EN and AN count as R */
        if (ni_start != NONE) {
            uint8_t to = prev == d ? d : e;
            for (size_t j = ni_start; j != i; j = next_in(q, simple, j, steps)) {
                cls[j] = to;
                (*steps)++;
            }
            ni_start = NONE;
        }
        prev = d;
    }
    if (ni_start != NONE) {
        uint8_t to = prev == eos ? eos : e;
        for (size_t j = ni_start; j < q.pe; j = next_in(q, simple, j, steps)) {
            cls[j] = to;
            (*steps)++;
        }
    }
}

/* X10: the weak and neutral rules on one isolating run sequence starting at start, whose
 * level is level; before_level is the level of the character before it (X10 sos). */
SEQ_INLINE void run_sequence_impl(para *p, int simple, size_t start, size_t end, uint8_t level,
                                  uint8_t before_level)
{
    ibidi__bidi *b = p->b;
    const seq q = {b->cls, b->orig, b->lev, b->aux, b->br, simple ? end : p->pe};
    uint64_t steps = 0;
    uint8_t e = (level & 1u) ? R : L; /* embedding direction */
    uint8_t sos = ((level > before_level ? level : before_level) & 1u) ? R : L;
    /* a sequence that is a range of the text ends at end - 1; the others' last character
     * comes out of W1-W3 */
    size_t last = end - 1;
    /* the planes take any length: on the stack, or in the caller's work area */
    const int planes = simple && !b->general &&
                       (end - start <= IBIDI__BIDI_PLANES_MAX || b->n > IBIDI_BIDI_SMALL);
    uint32_t types = planes ? 0 : weak_w1_w3(q, simple, start, sos, &last, &steps);

    /* eos: the level after the sequence, or the paragraph level at its end or after an
     * isolate initiator without a matching PDI. */
    uint8_t after_level = p->level;
    size_t after = last + 1;
    while (after < p->pe && q.cls[after] == BN)
        after++;
    if (after < p->pe && !is_initiator(q.orig[last]))
        after_level = q.lev[after];
    uint8_t eos = ((level > after_level ? level : after_level) & 1u) ? R : L;

    if (planes) { /* the rules on bit planes, the types written back to cls[] */
        const unsigned dirs = (e == R ? IBIDI__PLANES_E_RTL : 0u) |
                              (sos == R ? IBIDI__PLANES_SOS_RTL : 0u) |
                              (eos == R ? IBIDI__PLANES_EOS_RTL : 0u);
        ibidi__bidi_planes(q.cls + start, q.orig + start, q.br + start, end - start, dirs, NULL,
                           q.cls + start, planes_area(b), q.aux + start, &steps);
        b->ops += steps;
        return;
    }
    if (types & (BIT(EN) | BIT(ES) | BIT(ET) | BIT(CS))) {
        weak_w4_w7(q, simple, start, sos, &steps);
        if (types & (BIT(ES) | BIT(ET) | BIT(CS))) /* W6 may have made neutrals */
            types |= BIT(ON);
    }
    if ((types & (BIT(ON) | HAS_BRACKET)) == (BIT(ON) | HAS_BRACKET))
        brackets_n0(q, simple, start, sos, e, &steps);
    if (types & NI_TYPES)
        neutrals_n1_n2(q, simple, start, sos, eos, e, &steps);
    b->ops += steps;
}

/* Returns the end of the level run at start without removed characters, [start, j): the
 * caller's X10 walk goes on from there. */
static size_t run_sequence(para *p, size_t start, uint8_t before_level)
{
    ibidi__bidi *b = p->b;
    uint8_t level = b->lev[start];
    /* A sequence that is one level run without removed characters, not ending at an
     * isolate initiator that continues it, is the range [start, j): the passes then walk it
     * with i + 1. */
    size_t j = start;
    while (j < p->pe && b->lev[j] == level && b->cls[j] != BN)
        j++;
    b->ops += j - start;
    uint8_t o = b->orig[j - 1];
    int jumps = (o & O_MATCHED) && is_initiator(o);
    if ((j == p->pe || b->cls[j] != BN) && !jumps)
        run_sequence_impl(p, 1, start, j, level, before_level);
    else
        run_sequence_impl(p, 0, start, p->pe, level, before_level);
    return j;
}

/* I1-I2, then levels for removed characters, then L1 at the end of the paragraph (which is
 * treated as one line) and at segment separators. */
static void implicit_and_l1(para *p, uint32_t mask)
{
    ibidi__bidi *b = p->b;
    const uint8_t *cls = b->cls, *orig = b->orig;
    uint8_t *lev = b->lev;
    uint8_t prev = p->level;
    b->ops += 2 * (p->pe - p->ps);
    /* I1 (even levels) and I2 (odd levels) as additions looked up by parity and type, so
     * that mixed types cost no mispredicted branch */
    static const uint8_t add[2][IBIDI_BC_COUNT] = {{[R] = 1, [EN] = 2, [AN] = 2},
                                                   {[L] = 1, [EN] = 1, [AN] = 1}};
    for (size_t i = p->ps; i < p->pe; i++) {
        uint8_t t = cls[i], l = lev[i];
        l = (uint8_t)(l + add[l & 1u][t]);
        /* removed by X9: the level of the character before it */
        l = t == BN ? prev : l;
        lev[i] = l;
        prev = l;
    }
    ibidi__bidi_l1(orig, p->ps, p->pe, p->level, lev + p->ps, (mask & BIT(S)) != 0);
}

void ibidi__bidi_l1(const uint8_t *classes, size_t start, size_t end, uint8_t para_level,
                    uint8_t *out, int segments)
{
    /* L1: separators, and whitespace and isolate controls before them or at the end of
     * the line, with the characters X9 removed among them (UAX #9 §5.2). */
    int trailing = 1;
    for (size_t i = end; i-- > start;) {
        uint8_t c = classes[i] & O_CLASS;
        if (c == B || c == S) {
            out[i - start] = para_level;
            trailing = 1;
        } else if (trailing &&
                   (BIT(c) & (BIT(WS) | ISOLATE_INITIATORS | BIT(PDI) | REMOVED_X9))) {
            out[i - start] = para_level;
        } else if (!segments) {
            break; /* no segment separator before: nothing more for L1 to reset */
        } else {
            trailing = 0;
        }
    }
}

/* P3, or HL1 when the direction is forced: the paragraph level from the first strong type
 * outside isolates (L, R, or ON when there is none). */
static uint8_t paragraph_level(ibidi_dir dir, uint8_t first)
{
    switch (dir) {
    case IBIDI_DIR_RTL:
        return 1;
    case IBIDI_DIR_AUTO:
        return first == R;
    case IBIDI_DIR_AUTO_RTL:
        return first != L;
    default:
        return 0;
    }
}

static void resolve_paragraph(para *p, ibidi_dir dir, uint32_t mask)
{
    ibidi__bidi *b = p->b;
    uint8_t first = ON;
    if (mask & ISOLATE_INITIATORS) {
        first = isolates_and_first_strong(p);
    } else if (dir == IBIDI_DIR_AUTO || dir == IBIDI_DIR_AUTO_RTL) {
        for (size_t i = p->ps; i < p->pe; i++) { /* P2 */
            uint8_t c = b->orig[i] & O_CLASS;
            if (c == L || c == R || c == AL) {
                first = c == L ? L : R;
                break;
            }
        }
        b->ops += p->pe - p->ps;
    }
    p->level = paragraph_level(dir, first);

    if (!(mask & (EXPLICIT | BIT(BN))) && !b->general) {
        /* No explicit controls and nothing for X9 to remove: every character is at the
         * paragraph level (X6), and the paragraph is one isolating run sequence, which the
         * bit planes resolve (W1-W7, N0-N2, I1-I2) whatever its length: on the stack up to
         * IBIDI__BIDI_PLANES_MAX code points, in the work area above. b->general (tests)
         * sends it through the passes below instead. */
        const size_t n = p->pe - p->ps;
        /* embedding direction, sos and eos: all the paragraph's */
        const unsigned dirs = (p->level & 1u) ? IBIDI__PLANES_E_RTL | IBIDI__PLANES_SOS_RTL |
                                                    IBIDI__PLANES_EOS_RTL
                                              : 0u;
        int done = !(mask & HAS_BRACKET) &&
                   ibidi__bidi_short(b->orig + p->ps, n, p->level, b->lev + p->ps);
        if (done) /* short and without brackets: one word a plane */
            b->ops += 2 * n;
        else
            done = ibidi__bidi_planes(b->orig + p->ps, b->orig + p->ps, b->br + p->ps, n, dirs,
                                      b->lev + p->ps, NULL, planes_area(b), b->aux + p->ps,
                                      &b->ops);
        if (done) {
            ibidi__bidi_l1(b->orig, p->ps, p->pe, p->level, b->lev + p->ps,
                           (mask & BIT(S)) != 0);
            return;
        }
    }
    explicit_levels(p);

    /* X10: each isolating run sequence starts at a level run that does not begin with a
     * PDI matching an initiator (those continue the initiator's sequence). */
    size_t prev = NONE;
    b->ops += p->pe - p->ps;
    for (size_t i = p->ps; i < p->pe; i++) {
        if (REMOVED(b, i))
            continue;
        if (prev == NONE || b->lev[prev] != b->lev[i]) {
            uint8_t o = b->orig[i];
            if (!((o & O_CLASS) == PDI && (o & O_MATCHED))) {
                /* the rest of the level run starts no sequence: go on after it */
                size_t j = run_sequence(p, i, prev == NONE ? p->level : b->lev[prev]);
                i = j - 1;
            }
        }
        prev = i;
    }
    implicit_and_l1(p, mask);
}

void ibidi__bidi_run(ibidi__bidi *b, ibidi_dir dir, uint32_t mask, ibidi_bidi_info *info)
{
    ibidi_bidi_info in;
    memset(&in, 0, sizeof in);
    in.length = b->n;
    if (b->n == 0) {
        if (info)
            *info = in;
        return;
    }
    in.has_explicit = (mask & EXPLICIT) != 0;
    if (!(mask & (BIT(R) | BIT(AL) | BIT(AN) | EXPLICIT)) &&
        (dir == IBIDI_DIR_LTR || dir == IBIDI_DIR_AUTO)) {
        /* Nothing right-to-left and a left-to-right paragraph: W1-W7 and N1-N2 can only
         * give L (sos and eos are L, W7 turns EN into L), so every level is 0. */
        memset(b->lev, 0, b->n);
        size_t paras = 1;
        if (mask & BIT(B))
            for (size_t i = 0; i + 1 < b->n; i++)
                paras += (b->orig[i] & O_CLASS) == B;
        in.paragraphs = paras;
        b->ops += b->n;
        if (info)
            *info = in;
        return;
    }
    para p;
    p.b = b;
    p.ps = 0;
    while (p.ps < b->n) {
        p.pe = p.ps;
        if (mask & BIT(B)) { /* P1 */
            while (p.pe < b->n && (b->orig[p.pe] & O_CLASS) != B)
                p.pe++;
            if (p.pe < b->n)
                p.pe++;
        } else {
            p.pe = b->n;
        }
        resolve_paragraph(&p, dir, mask);
        if (in.paragraphs == 0)
            in.para_level = p.level;
        in.paragraphs++;
        p.ps = p.pe;
    }
    if (!info)
        return;
    uint8_t max = 0, odd = 0;
    for (size_t i = 0; i < b->n; i++) {
        uint8_t l = b->lev[i];
        max = l > max ? l : max;
        odd |= l;
    }
    in.max_level = max;
    in.has_rtl = odd & 1u;
    *info = in;
}

/* ---------------------------------------------------------------------------------------
 * Public entry points. */

/* Work area for inputs of up to IBIDI_BIDI_SMALL code points. */
typedef struct small_work {
    uint64_t w[(IBIDI_BIDI_SMALL * 8u + IBIDI__BIDI_WORK_SLACK) / 8u];
} small_work;

/* Inlined in both callers: a call with ten arguments costs as much as the whole of a short
 * ASCII item. */
IBIDI__ALWAYS_INLINE ibidi_status resolve_cp(const uint32_t *text, size_t n, ibidi_dir dir,
                                             uint8_t *levels, uint8_t *classes,
                                             ibidi_bidi_info *info, void *work, size_t work_size,
                                             ibidi_error *err, uint64_t *ops)
{
    ibidi_status st = check_input(text, n, levels, dir, work, work_size, err);
    if (st != IBIDI_OK)
        return st;
    uint32_t all = or_all(text, n);
    st = check_cps_or(text, n, all, err);
    if (st != IBIDI_OK)
        return st;
    if (all < 0x80u && (dir == IBIDI_DIR_LTR || dir == IBIDI_DIR_AUTO) && !classes && !info &&
        !ops) {
        /* ASCII in a left-to-right paragraph: every level is 0 (see ibidi__bidi_run). */
        zero_bytes(levels, n);
        return ibidi__ok(err);
    }
    small_work sw;
    ibidi__bidi b;
    ibidi__bidi_layout(&b, n <= IBIDI_BIDI_SMALL ? (void *)&sw : work, n);
    b.lev = levels;
    uint32_t mask = ibidi__bidi_classify_cp(&b, text, n);
    ibidi__bidi_run(&b, dir, mask, info);
    if (classes)
        for (size_t i = 0; i < n; i++)
            classes[i] = b.orig[i] & O_CLASS;
    if (ops)
        *ops = b.ops;
    return ibidi__ok(err);
}

ibidi_status ibidi_bidi_resolve_cp(const uint32_t *text, size_t n, ibidi_dir dir,
                                   uint8_t *levels, uint8_t *classes, ibidi_bidi_info *info,
                                   void *work, size_t work_size, ibidi_error *err)
{
    return resolve_cp(text, n, dir, levels, classes, info, work, work_size, err, NULL);
}

ibidi_status ibidi__bidi_resolve_counted(const uint32_t *text, size_t n, ibidi_dir dir,
                                         uint8_t *levels, void *work, size_t work_size,
                                         uint64_t *ops)
{
    return resolve_cp(text, n, dir, levels, NULL, NULL, work, work_size, NULL, ops);
}

ibidi_status ibidi_bidi_resolve_classes(const uint8_t *classes, size_t n, ibidi_dir dir,
                                        uint8_t *levels, ibidi_bidi_info *info, void *work,
                                        size_t work_size, ibidi_error *err)
{
    ibidi_status st = check_input(classes, n, levels, dir, work, work_size, err);
    if (st != IBIDI_OK)
        return st;
    small_work sw;
    ibidi__bidi b;
    ibidi__bidi_layout(&b, n <= IBIDI_BIDI_SMALL ? (void *)&sw : work, n);
    b.lev = levels;
    uint32_t mask = 0;
    for (size_t i = 0; i < n; i++) {
        if (classes[i] >= IBIDI_BC_COUNT)
            return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, i, classes[i]);
        b.orig[i] = classes[i]; /* no character of these stands for a paired bracket */
        mask |= BIT(classes[i]);
    }
    ibidi__bidi_run(&b, dir, mask, info);
    return ibidi__ok(err);
}

ibidi_status ibidi_bidi_resolve_utf8(const char *s, size_t len, ibidi_dir dir, uint8_t *levels,
                                     size_t levels_cap, size_t *n_cps, uint8_t *classes,
                                     size_t *offsets, ibidi_bidi_info *info, void *work,
                                     size_t work_size, ibidi_error *err)
{
    if (n_cps)
        *n_cps = 0;
    if ((!s && len > 0) || (!levels && levels_cap > 0))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if ((unsigned)dir > IBIDI_DIR_AUTO_RTL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, (uint32_t)dir);
    const unsigned char *u = (const unsigned char *)s;
    size_t n;
    ibidi_status st;
    if ((dir == IBIDI_DIR_LTR || dir == IBIDI_DIR_AUTO) && !classes && !offsets &&
        all_ascii(u, len)) {
        /* ASCII holds no right-to-left or explicit class: with a left-to-right paragraph
         * every level is 0. Only paragraph separators need counting. */
        if (n_cps)
            *n_cps = len;
        if (len > levels_cap)
            return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
        if (len > IBIDI_BIDI_MAX_LENGTH)
            return ibidi__fail(err, IBIDI_E_TOO_LONG, IBIDI_BIDI_MAX_LENGTH, 0);
        zero_bytes(levels, len);
        if (info) {
            memset(info, 0, sizeof *info);
            info->length = len;
            if (len > 0) {
                /* Paragraph separators in ASCII are control characters (below 20): a loop
                 * the compiler vectorises tells whether there are any. */
                unsigned char lowest = 0xFF;
                for (size_t i = 0; i < len; i++)
                    lowest = u[i] < lowest ? u[i] : lowest;
                info->paragraphs = 1;
                if (lowest < 0x20)
                    for (size_t i = 0; i + 1 < len; i++)
                        info->paragraphs += u[i] < 0x20 && ibidi_cp_bidi_class(u[i]) == IBIDI_BC_B;
            }
        }
        return ibidi__ok(err);
    }
    small_work sw;
    ibidi__bidi b;
    uint32_t mask = 0;
    /* Every code point decoded (up to the first error) starts with a byte that is not a
     * continuation byte, so their number bounds the code points: when the work area holds
     * that many (the fixed one, or the caller's sized for the code points of a well-formed
     * text), the text is checked and classified in one pass, the arrays laid out for the
     * bound. Otherwise it is validated first, for the errors in their order. */
    size_t bound = len <= IBIDI_BIDI_SMALL ? len : lead_bytes(u, len);
    if (bound <= IBIDI_BIDI_SMALL || (work && work_size >= ibidi_bidi_work_size(bound))) {
        ibidi__bidi_layout(&b, bound <= IBIDI_BIDI_SMALL ? (void *)&sw : work, bound);
        st = classify_utf8_checked(&b, u, len, offsets && bound <= levels_cap ? offsets : NULL,
                                   &mask, err);
        if (st != IBIDI_OK)
            return st;
        n = b.n;
        if (n_cps)
            *n_cps = n;
        if (n > levels_cap)
            return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
        if (offsets && bound > levels_cap) /* not written above: the capacity was unknown */
            for (size_t i = 0, pos = 0; i < n; i++) {
                offsets[i] = pos;
                ibidi__utf8_decode_valid(u, &pos);
            }
    } else {
        st = ibidi_utf8_validate(s, len, &n, err);
        if (st != IBIDI_OK)
            return st;
        if (n_cps)
            *n_cps = n;
        if (n > levels_cap)
            return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
        st = ibidi__bidi_check_work(n, work, work_size, err);
        if (st != IBIDI_OK)
            return st;
        ibidi__bidi_layout(&b, n <= IBIDI_BIDI_SMALL ? (void *)&sw : work, n);
        mask = ibidi__bidi_classify_utf8(&b, u, offsets, NULL);
    }
    b.lev = levels;
    ibidi__bidi_run(&b, dir, mask, info);
    if (classes)
        for (size_t i = 0; i < n; i++)
            classes[i] = b.orig[i] & O_CLASS;
    return ibidi__ok(err);
}

/* ---------------------------------------------------------------------------------------
 * Paragraphs. */

ibidi_status ibidi_bidi_paragraph(const uint8_t *classes, size_t n, size_t at, ibidi_dir dir,
                                  size_t *start, size_t *end, uint8_t *level, ibidi_error *err)
{
    if ((!classes && n > 0) || (at >= n && n > 0) || (unsigned)dir > IBIDI_DIR_AUTO_RTL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, at, 0);
    size_t ps = at, pe = at;
    while (ps > 0 && classes[ps - 1] != B) /* P1 */
        ps--;
    while (pe < n && classes[pe] != B)
        pe++;
    if (pe < n)
        pe++;
    uint8_t first = ON;
    if (dir == IBIDI_DIR_AUTO || dir == IBIDI_DIR_AUTO_RTL) {
        /* P2: the first strong character outside isolates; an unmatched initiator hides
         * the rest of the paragraph. */
        size_t depth = 0;
        for (size_t i = ps; i < pe && first == ON; i++) {
            uint8_t c = classes[i];
            if (c == LRI || c == RLI || c == FSI)
                depth++;
            else if (c == PDI && depth > 0)
                depth--;
            else if (depth == 0 && (c == L || c == R || c == AL))
                first = c == L ? L : R;
        }
    }
    if (start)
        *start = ps;
    if (end)
        *end = pe;
    if (level)
        *level = paragraph_level(dir, first);
    return ibidi__ok(err);
}
