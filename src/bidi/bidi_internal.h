/*
 * Internal interface of the bidirectional algorithm (src/bidi/). Not installed.
 *
 * The files follow the phases of UAX #9, each calling only files of the phases below it
 * (no circle):
 *   classify.c   Bidi_Class lookup of code points and UTF-8 into the work arrays;
 *   sequence.c   the reference engine on one isolating run sequence: W1-W7, BD16 and N0,
 *                N1-N2, and I1-I2 over a paragraph;
 *   planes.c     the bit-plane engine on an isolating run sequence that is a range of the
 *                text: the same rules, one bit a code point;
 *   line.c       L1, L2 (maps, runs), L4 and the text in display order;
 *   paragraph.c  P1-P3, BD9, X1-X10, and the choice of engine for each isolating run
 *                sequence (calls sequence.c, planes.c, and line.c for L1);
 *   api.c        the work-area layout, the input checks and the public entry points.
 *
 * Work area. Resolution keeps four arrays of n entries: the original class of each code
 * point with flag bits (orig), its current class as the rules change it (cls), a 16-bit
 * word used by brackets and marks (br) and a 32-bit link (aux). The visual functions add
 * the levels, a 32-bit map and, for UTF-8, the byte offset of each code point: 17 bytes a
 * code point so far (IBIDI__BIDI_WORK_VISUAL_PER_CP). Above IBIDI_BIDI_SMALL code points
 * the bit planes of isolating run sequences longer than IBIDI__BIDI_PLANES_MAX follow:
 * IBIDI__BIDI_PLANES_WORDS(n) words, at most 2.25 bytes a code point plus 144 bytes.
 * IBIDI__BIDI_WORK_PER_CP bytes a code point and IBIDI__BIDI_WORK_SLACK cover all of them
 * for n above 1024; callers' areas may have any alignment. ibidi__bidi_layout (api.c) is
 * the one function that places them.
 */
#ifndef IBIDI_BIDI_INTERNAL_H
#define IBIDI_BIDI_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "common/internal.h"
#include "ibidi/bidi.h"

#ifdef __SSE2__
#include <emmintrin.h>

/* Planes into bytes, for planes.c and the short maps of line.c: */
/* 16 mask bits to 16 bytes: value where the bit is set, 0 elsewhere. The unpacks put the
 * low byte of x in bytes 0-7 and the high byte in 8-15; each byte then keeps its bit. */
static inline __m128i ibidi__spread16(unsigned x, char value)
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

#define IBIDI__BIDI_WORK_VISUAL_PER_CP 17u
#define IBIDI__BIDI_WORK_PER_CP 20u
#define IBIDI__BIDI_WORK_SLACK 16u
#define IBIDI__BIDI_NONE UINT32_MAX

/* orig[] bits: the Bidi_Class, then flags that only some classes use. */
#define IBIDI__O_CLASS 0x1Fu
#define IBIDI__O_OPEN 0x20u    /* Bidi_Paired_Bracket_Type Open (BD14 when still ON) */
#define IBIDI__O_CLOSE 0x40u   /* Bidi_Paired_Bracket_Type Close (BD15 when still ON) */
#define IBIDI__O_FSI_RTL 0x20u /* on an FSI only: X5c found its content right-to-left */
#define IBIDI__O_MATCHED 0x80u /* BD9: isolate initiator with a matching PDI, or PDI with one */

/* Class sets (bit c for class c) that several phases test. */
#define IBIDI__ISOLATE_INITIATORS                                                                  \
    (IBIDI__BC_BIT(IBIDI_UNICODE_BC_LRI) | IBIDI__BC_BIT(IBIDI_UNICODE_BC_RLI) |                   \
     IBIDI__BC_BIT(IBIDI_UNICODE_BC_FSI))
#define IBIDI__EXPLICIT                                                                            \
    (IBIDI__BC_BIT(IBIDI_UNICODE_BC_LRE) | IBIDI__BC_BIT(IBIDI_UNICODE_BC_RLE) |                   \
     IBIDI__BC_BIT(IBIDI_UNICODE_BC_LRO) | IBIDI__BC_BIT(IBIDI_UNICODE_BC_RLO) |                   \
     IBIDI__BC_BIT(IBIDI_UNICODE_BC_PDF) | IBIDI__ISOLATE_INITIATORS |                             \
     IBIDI__BC_BIT(IBIDI_UNICODE_BC_PDI))
/* X9 removes these; cls[] marks every removed character as BN. */
#define IBIDI__REMOVED_X9                                                                          \
    (IBIDI__BC_BIT(IBIDI_UNICODE_BC_LRE) | IBIDI__BC_BIT(IBIDI_UNICODE_BC_RLE) |                   \
     IBIDI__BC_BIT(IBIDI_UNICODE_BC_LRO) | IBIDI__BC_BIT(IBIDI_UNICODE_BC_RLO) |                   \
     IBIDI__BC_BIT(IBIDI_UNICODE_BC_PDF) | IBIDI__BC_BIT(IBIDI_UNICODE_BC_BN))
/* In a class mask (classes use bits 0-22): a paired bracket occurs. */
#define IBIDI__HAS_BRACKET (1u << 31)

/* BD16 searches its stack through chains per closing bracket. The hash is a
 * multiplicative one that is injective on the 63 canonical closing brackets of Unicode
 * 17.0 (tests/test_bidi_internal.c checks it), so a search takes one step; a collision in
 * a later version would only cost time. */
#define IBIDI__BRACKET_HASH(cp) ((uint32_t)((uint32_t)(cp) * 0x6c12fa97u) >> 25)
#define IBIDI__BRACKET_HASH_SIZE 128
/* BD16: the stack holds exactly 63 entries. */
#define IBIDI__BRACKET_STACK 63

/* The arrays of one resolution. lev is the caller's output array (or the visual area's);
 * weak and types, when not NULL, are the caller's arrays of the types after W7 and after
 * N2; planes is where the bit planes of long sequences go (NULL up to IBIDI_BIDI_SMALL
 * code points: the stack serves). */
typedef struct ibidi__bidi {
    uint8_t *orig;
    uint8_t *cls;
    uint16_t *br;
    uint32_t *aux;
    uint8_t *lev;
    uint8_t *weak;
    uint8_t *types;
    uint64_t *planes;
    size_t n;
} ibidi__bidi;

/* The arrays the visual functions add to the work area (see ibidi__bidi_layout). */
typedef struct ibidi__bidi_visual {
    uint8_t *lev;
    uint32_t *map;  /* visual position -> logical index */
    uint32_t *offs; /* UTF-8 only: byte offset of each code point */
} ibidi__bidi_visual;

/* Test hooks, kept out of the structures of the entry points: production passes NULL. */
typedef struct ibidi__bidi_test {
    int reference;  /* 1: every isolating run sequence through the reference engine */
    uint64_t steps; /* out: inner-loop steps, for the linear-time tests */
} ibidi__bidi_test;

/* ---- api.c */

/* The work-area layout: points the arrays of b (and those of v when not NULL) at a work
 * area of at least n * 8 + IBIDI__BIDI_WORK_SLACK bytes (n * 17 + IBIDI__BIDI_WORK_SLACK
 * with v), or of ibidi_bidi_work_size(n) bytes when n is above IBIDI_BIDI_SMALL, where the
 * planes take its end. Sets b->n; lev, weak and types are NULL (v->lev with v). */
void ibidi__bidi_layout(ibidi__bidi *b, ibidi__bidi_visual *v, void *work, size_t n);

/* ibidi_bidi_resolve_cp with the test hooks (tests only). */
ibidi_status ibidi__bidi_resolve_test(const uint32_t *text, size_t n,
                                      const ibidi_bidi_options *opts, ibidi_bidi_result *res,
                                      ibidi__bidi_test *test);

/* The visual form of validated UTF-8 of n code points (n <= IBIDI_BIDI_SMALL) laid out
 * as one line (as ibidi_display_utf8 IBIDI_DISPLAY_FORM_VISUAL; ibidi_bidi_visual_utf8 gives each
 * paragraph its own line) in a left-to-right (out[0]) and a right-to-left (out[1])
 * paragraph, classified once; a NULL out[k] is not made. out_len[k] gets each length
 * needed. Returns 1 when every form made fit its cap, 0 otherwise or when n is too large. */
int ibidi__bidi_visual_utf8_both(const char *s, size_t n, char *const out[2],
                                 const size_t cap[2], size_t out_len[2]);

/* ---- classify.c */

/* Classifies text into b (orig, br); returns the class mask (with IBIDI__HAS_BRACKET). */
uint32_t ibidi__bidi_classify_cp(ibidi__bidi *b, const uint32_t *text, size_t n);

/* Classifies b->n code points of validated UTF-8; offsets and offsets32 (optional) get
 * the byte offset of each. Returns the class mask. */
uint32_t ibidi__bidi_classify_utf8(ibidi__bidi *b, const unsigned char *s, size_t *offsets,
                                   uint32_t *offsets32);

/* Decodes, checks and classifies len bytes of UTF-8 in one pass into b, whose arrays hold
 * at least as many entries as there are code points; sets b->n and *mask. The errors are
 * those of ibidi_utf8_validate at the same offsets. offsets (optional) gets the byte offset
 * of each code point. */
ibidi_status ibidi__bidi_classify_utf8_checked(ibidi__bidi *b, const unsigned char *s,
                                               size_t len, size_t *offsets, uint32_t *mask,
                                               ibidi_error *err);

/* The number of bytes of s that are not continuation bytes (80..BF): a bound on the code
 * points of the text. */
size_t ibidi__bidi_lead_bytes(const unsigned char *s, size_t len);

/* ---- sequence.c: the reference engine */

/* One isolating run sequence (BD13) as the reference engine walks it: from start to pe,
 * with i + 1 when it is a range of the text (range), else skipping removed characters
 * and jumping from an initiator to its matching PDI. The arrays are b's. */
typedef struct ibidi__bidi_seq {
    ibidi__bidi *b;
    size_t start, pe; /* pe: the end of the range, or of the paragraph */
    int range;
    uint8_t sos, eos, e; /* L or R */
} ibidi__bidi_seq;

/* W1-W3 of the sequence: returns the set of types left (with IBIDI__HAS_BRACKET when a
 * closing bracket occurs) and sets *last to its last character. */
uint32_t ibidi__bidi_seq_w1_w3(const ibidi__bidi_seq *q, size_t *last, uint64_t *steps);

/* W4-W7, N0 and N1-N2 of the sequence after W1-W3 gave the type set `types`; b->weak (when
 * not NULL) gets the types after W7. */
void ibidi__bidi_seq_rest(const ibidi__bidi_seq *q, uint32_t types, uint64_t *steps);

/* I1-I2 on the paragraph [ps, pe) whose types are in b->cls (BN for removed characters,
 * which take the level of the character before them, or para_level at the start); b->types
 * (when not NULL) gets the types. */
void ibidi__bidi_implicit(ibidi__bidi *b, size_t ps, size_t pe, uint8_t para_level,
                          uint64_t *steps);

/* ---- planes.c: the bit-plane engine */

/* The longest isolating run sequence that the planes take on the stack; one word a plane
 * up to IBIDI__BIDI_PLANES_ONE code points (bit n, past the end, stays free). */
#define IBIDI__BIDI_PLANES_MAX 1024u
#define IBIDI__BIDI_PLANES_ONE 63u
#define IBIDI__BIDI_PLANES_WORDS(n) ((size_t)18u * ((size_t)(n) / 64u + 1u))

/* dirs of ibidi__bidi_planes: which of the embedding direction, sos and eos are R; and
 * NO_BRACKETS when the caller knows there is no paired bracket (the planes skip them). */
#define IBIDI__PLANES_E_RTL 1u
#define IBIDI__PLANES_SOS_RTL 2u
#define IBIDI__PLANES_EOS_RTL 4u
#define IBIDI__PLANES_NO_BRACKETS 8u

/* The outputs of ibidi__bidi_planes (each optional): the levels of a paragraph at level 0
 * or 1 before L1 (I1-I2 applied), the types after W7, the types after N2. */
typedef struct ibidi__planes_out {
    uint8_t *lev;
    uint8_t *weak;
    uint8_t *types;
    uint8_t max_level, has_rtl; /* out, with lev: the highest level, and whether one is odd */
} ibidi__planes_out;

/* W1-W7, N0 (BD16), N1-N2 and, for out->lev, I1-I2 on an isolating run sequence that is a
 * range of n code points of the text, on bit planes. cls holds the classes (read with
 * IBIDI__O_CLASS, so orig may serve), orig the bracket flags and br the canonical closing
 * bracket of each bracket, as the resolution has them; no class is BN or removed by X9.
 * Adds its inner steps to *steps and returns 1. Up to IBIDI__BIDI_PLANES_MAX code points
 * area and link may be NULL (the stack serves); longer sequences need area, of
 * IBIDI__BIDI_PLANES_WORDS(n) words, and link, n entries that BD16 overwrites at the
 * opening brackets. Returns 0 and writes nothing when n is 0, or above
 * IBIDI__BIDI_PLANES_MAX without both. */
int ibidi__bidi_planes(const uint8_t *cls, const uint8_t *orig, const uint16_t *br, size_t n,
                       unsigned dirs, ibidi__planes_out *out, uint64_t *area,
                       uint32_t *link, uint64_t *steps);

/* The same for a whole paragraph of n code points at level `level` (0 or 1) without
 * explicit controls or characters X9 removes, into out->lev only (and the summary):
 * orig serves as classes; brackets is IBIDI__PLANES_NO_BRACKETS when the caller knows
 * there is no paired bracket. The usual call for identifiers, with an instance of its
 * own. */
int ibidi__bidi_planes_paragraph(const uint8_t *orig, const uint16_t *br, size_t n,
                                 uint8_t level, unsigned brackets, ibidi__planes_out *out,
                                 uint64_t *area, uint32_t *link, uint64_t *steps);

/* ---- line.c */

/* L1 on the line [start, end): out[i - start] gets the paragraph level where the rule
 * resets it, from the classes (read with IBIDI__O_CLASS, so orig[] serves too). With
 * segments 0 the caller knows there is no segment separator in the line, and the walk
 * ends at the first character before the trailing whitespace. Returns the number of levels
 * it set. */
size_t ibidi__bidi_l1(const uint8_t *classes, size_t start, size_t end, uint8_t para_level,
                    uint8_t *out, int segments);

/* The highest of n levels (all in range) and whether one is odd, for ibidi_bidi_info. */
void ibidi__bidi_levels_info(const uint8_t *levels, size_t n, uint8_t *max, uint8_t *has_rtl);

/* L2 into a 32-bit visual-to-logical map (used by the visual functions); scratch holds n
 * entries. Levels must be in range. */
void ibidi__bidi_visual_map32(const uint8_t *levels, size_t n, uint32_t *v2l, uint32_t *scratch);

/* L2 of every paragraph of a resolved text (b and v): v->map gets the logical index shown
 * at each visual position, each paragraph its own line with its separator at its end. */
void ibidi__bidi_visual_order(const ibidi__bidi *b, const ibidi__bidi_visual *v);

/* The code points of text (n) or of validated UTF-8 s (v->offs) in the order of v->map,
 * with L4 and the flags (IBIDI_BIDI_NO_MIRROR, IBIDI_BIDI_REMOVE_CONTROLS): writes cap
 * entries (bytes) at most and returns the number needed. */
size_t ibidi__bidi_visual_cps(const uint32_t *text, size_t n, const ibidi__bidi_visual *v,
                              unsigned flags, uint32_t *out, size_t cap);
size_t ibidi__bidi_visual_bytes(const unsigned char *s, size_t n, const ibidi__bidi_visual *v,
                                unsigned flags, char *out, size_t cap);

/* ---- paragraph.c */

/* Resolves b->orig (filled by classification: class and bracket flags; br holds the
 * canonical closing bracket of each bracket) into b->lev, and b->weak and b->types when
 * they are not NULL: P1-P3, X1-X10, W1-W7, N0-N2, I1-I2 and L1 at each paragraph end. mask
 * has bit (1 << class) set for every class that occurs (and IBIDI__HAS_BRACKET). Fills
 * info (may be NULL). test is NULL but in tests. */
void ibidi__bidi_run(ibidi__bidi *b, ibidi_dir dir, uint32_t mask, ibidi_bidi_info *info,
                     ibidi__bidi_test *test);

/* P3, or HL1 when the direction is forced: the paragraph level from the first strong type
 * outside isolates (IBIDI_UNICODE_BC_L, IBIDI_UNICODE_BC_R, or IBIDI_UNICODE_BC_ON when there is
 * none). */
uint8_t ibidi__bidi_paragraph_level(ibidi_dir dir, uint8_t first);

#endif
