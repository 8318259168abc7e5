/*
 * Internal interface of the bidirectional algorithm (src/bidi/). Not installed.
 *
 * Work area. Resolution keeps four arrays of n entries: the original class of each code
 * point with flag bits (orig), its current class as the rules change it (cls), a 16-bit
 * word used by brackets and marks (br) and a 32-bit link (aux). The visual functions add
 * the levels, a 32-bit map and, for UTF-8, the byte offset of each code point: 17 bytes a
 * code point so far (IBIDI__BIDI_WORK_VISUAL_PER_CP). Above IBIDI_BIDI_SMALL code points
 * the bit planes of isolating run sequences longer than IBIDI__BIDI_PLANES_MAX follow:
 * IBIDI__BIDI_PLANES_WORDS(n) words, at most 2.25 bytes a code point plus 144 bytes.
 * IBIDI__BIDI_WORK_PER_CP bytes a code point and IBIDI__BIDI_WORK_SLACK cover all of them
 * for n above 1024; callers' areas may have any alignment.
 */
#ifndef IBIDI_BIDI_INTERNAL_H
#define IBIDI_BIDI_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ibidi/bidi.h"

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

/* BD16 searches its stack through chains per closing bracket. The hash is a
 * multiplicative one that is injective on the 63 canonical closing brackets of Unicode
 * 17.0 (tests/test_bidi_internal.c checks it), so a search takes one step; a collision in
 * a later version would only cost time. */
#define IBIDI__BRACKET_HASH(cp) ((uint32_t)((uint32_t)(cp) * 0x6c12fa97u) >> 25)
#define IBIDI__BRACKET_HASH_SIZE 128

/* The arrays of one resolution. levels is the caller's output array. */
typedef struct ibidi__bidi {
    uint8_t *orig;
    uint8_t *cls;
    uint16_t *br;
    uint32_t *aux;
    uint8_t *lev;
    size_t n;
    uint64_t ops; /* inner-loop steps, for the linear-time tests */
    int general;  /* tests only: 1 keeps everything off the bit planes, on the general passes */
} ibidi__bidi;

/* Points the arrays of b at a work area of at least n * 8 + IBIDI__BIDI_WORK_SLACK bytes,
 * or of ibidi_bidi_work_size(n) bytes when n is above IBIDI_BIDI_SMALL (the planes then
 * take its end); returns the first byte after the four arrays. */
unsigned char *ibidi__bidi_layout(ibidi__bidi *b, void *work, size_t n);

/* Resolves b->orig (filled by the caller: class and bracket flags; br holds the
 * canonical closing bracket of each bracket) into b->lev: P1-P3, X1-X10, W1-W7, N0-N2,
 * I1-I2 and L1 at each paragraph end. mask has bit (1 << class) set for every class
 * that occurs. Fills info. */
void ibidi__bidi_run(ibidi__bidi *b, ibidi_dir dir, uint32_t mask, ibidi_bidi_info *info);

/* Classifies text into b (orig, br); returns the class mask. */
uint32_t ibidi__bidi_classify_cp(ibidi__bidi *b, const uint32_t *text, size_t n);

/* Classifies b->n code points of validated UTF-8; offsets and offsets32 (optional) get
 * the byte offset of each. Returns the class mask. */
uint32_t ibidi__bidi_classify_utf8(ibidi__bidi *b, const unsigned char *s, size_t *offsets,
                                   uint32_t *offsets32);

/* L2 into a 32-bit visual-to-logical map (used by the visual functions); scratch holds n
 * entries. Levels must be in range. */
void ibidi__bidi_visual_map32(const uint8_t *levels, size_t n, uint32_t *v2l, uint32_t *scratch);

/* L1 on the line [start, end): out[i - start] gets the paragraph level where the rule
 * resets it, from the classes (read with IBIDI__O_CLASS, so orig[] serves too). With
 * segments 0 the caller knows there is no segment separator in the line, and the walk
 * ends at the first character before the trailing whitespace. */
void ibidi__bidi_l1(const uint8_t *classes, size_t start, size_t end, uint8_t para_level,
                    uint8_t *out, int segments);

/* ibidi_bidi_resolve_cp with a count of inner-loop steps in *ops (tests only). */
ibidi_status ibidi__bidi_resolve_counted(const uint32_t *text, size_t n, ibidi_dir dir,
                                         uint8_t *levels, void *work, size_t work_size,
                                         uint64_t *ops);

/* Checks that every value is a Unicode scalar value: the status and index of the first
 * surrogate or value above 10FFFF. */
ibidi_status ibidi__bidi_check_cps(const uint32_t *text, size_t n, ibidi_error *err);

/* Validates a work area for n code points: NULL/too small gives the status. */
ibidi_status ibidi__bidi_check_work(size_t n, const void *work, size_t work_size,
                                    ibidi_error *err);

/* The visual form of validated UTF-8 of n code points (n <= IBIDI_BIDI_SMALL) laid out
 * as one line (as ibidi_display_utf8 IBIDI_DISPLAY_FORM_VISUAL; ibidi_bidi_visual_utf8 gives each
 * paragraph its own line) in a left-to-right (out[0]) and a right-to-left (out[1])
 * paragraph, classified once; a NULL out[k] is not made. out_len[k] gets each length
 * needed. Returns 1 when every form made fit its cap, 0 otherwise or when n is too large. */
int ibidi__bidi_visual_utf8_both(const char *s, size_t n, char *const out[2],
                                 const size_t cap[2], size_t out_len[2]);

/* The longest paragraph that ibidi__bidi_short takes (one bit a code point, bit n free). */
#define IBIDI__BIDI_SHORT_MAX 63u

/* W1-W7, N1-N2 and I1-I2 of a simple paragraph of n code points (no explicit control, no
 * class that X9 removes, no paired bracket: orig holds only the classes L, R, AL, EN, ES,
 * ET, AN, CS, NSM, B, S, WS and ON) at paragraph level 0 or 1, on bit planes
 * (short_simd.c): writes n levels (before L1) and returns 1, or returns 0 and writes
 * nothing when n is 0 or above IBIDI__BIDI_SHORT_MAX. Gives the levels of the general
 * pass. */
int ibidi__bidi_short(const uint8_t *orig, size_t n, uint8_t level, uint8_t *lev);

/* The longest paragraph that ibidi__bidi_planes takes. */
#define IBIDI__BIDI_PLANES_MAX 1024u

/* The same rules, with N0 too, on an isolating run sequence that is a range of n code
 * points of the text, on planes of several words (short_simd.c). cls holds the classes
 * (read with IBIDI__O_CLASS, so orig may serve), orig the bracket flags and br the canonical
 * closing bracket of each bracket, as ibidi__bidi_run has them; no class is BN or removed by
 * X9. dirs says which of the embedding direction, sos and eos are R. Writes either the
 * levels of a paragraph at level 0 or 1 (before L1) into lev, or the types after N2 (L, R,
 * EN, AN) into types; adds its inner steps to *steps and returns 1. Up to
 * IBIDI__BIDI_PLANES_MAX code points area and link may be NULL (the stack serves); longer
 * sequences need area, of IBIDI__BIDI_PLANES_WORDS(n) words, and link, n entries that BD16
 * overwrites at the opening brackets (as the general pass does with aux). Returns 0 and
 * writes nothing when n is 0, or above IBIDI__BIDI_PLANES_MAX without both. */
#define IBIDI__PLANES_E_RTL 1u
#define IBIDI__PLANES_SOS_RTL 2u
#define IBIDI__PLANES_EOS_RTL 4u
#define IBIDI__BIDI_PLANES_WORDS(n) ((size_t)18u * ((size_t)(n) / 64u + 1u))
int ibidi__bidi_planes(const uint8_t *cls, const uint8_t *orig, const uint16_t *br, size_t n,
                       unsigned dirs, uint8_t *lev, uint8_t *types, uint64_t *area,
                       uint32_t *link, uint64_t *steps);

/* L2 for one line of n levels, all 0, 1 or 2 (short_simd.c): the maps of
 * ibidi_bidi_reorder (either may be NULL). Returns 0, writing nothing, when a level is above
 * 2, n is below 8 or above IBIDI__BIDI_SHORT_MAX, or without SSE2. */
int ibidi__bidi_short_maps(const uint8_t *lev, size_t n, size_t *v2l, size_t *l2v);

#endif
