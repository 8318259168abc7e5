/*
 * ibidi/bidi.h: the Unicode Bidirectional Algorithm (UAX #9, Unicode 17.0.0), complete:
 * P1-P3, X1-X10, W1-W7, N0 (BD16 bracket pairs), N1-N2, I1-I2, L1, L2 and L4.
 *
 * The steps a caller takes:
 *   1. ibidi_bidi_resolve_utf8 / _cp / _classes: the embedding level of every code point.
 *      Each paragraph (P1: text up to and including a paragraph separator, class B) is
 *      resolved on its own and is treated as one line, so L1 is applied at its end. The
 *      levels are then ready for display of single-line text, as identifiers are.
 *   2. For text broken into lines: ibidi_bidi_line_levels applies L1 to one line.
 *   3. ibidi_bidi_reorder (L2) gives the visual-to-logical and logical-to-visual maps of a
 *      line; ibidi_bidi_runs gives its visual runs.
 *   ibidi_bidi_visual_utf8 / _cp do everything at once and return the text in display
 *   order with mirrored glyphs (L4), one line per paragraph.
 *
 * Levels. Every code point gets a level, also those that rule X9 removes (the classes
 * RLE, LRE, RLO, LRO, PDF and BN; see ibidi_bidi_class_removed): they get the level of the
 * character before them (the paragraph level at the start), or the paragraph level when
 * L1 resets them, so that they never split a run in L2. Conformance files print them as
 * 'x'; ibidi's command does the same.
 *
 * Memory. Nothing here allocates. Inputs of up to IBIDI_BIDI_SMALL code points run in a
 * fixed work area on the stack (work may be NULL). Longer inputs need a work area of
 * ibidi_bidi_work_size(n) bytes (any alignment); a missing or smaller one gives
 * IBIDI_E_BIDI_WORK_TOO_SMALL. Time is linear in the input length for every input.
 *
 * Stack: IBIDI_BIDI_STACK at most (the visual calls, which lay out a whole text);
 * IBIDI_BIDI_RESOLVE_STACK for the others (resolution, L1, L2, runs).
 *
 * Indices and lengths of levels, maps and runs count code points. For UTF-8 input the
 * optional offsets array gives the byte offset of each code point.
 */
#ifndef IBIDI_BIDI_H
#define IBIDI_BIDI_H

#include "common.h"
#include "unicode.h"

#ifdef __cplusplus
extern "C" {
#endif

/* BD2: the deepest explicit embedding level; levels go from 0 to IBIDI_BIDI_MAX_DEPTH + 1. */
#define IBIDI_BIDI_MAX_DEPTH 125
/* Inputs of up to this many code points need no caller work area. */
#define IBIDI_BIDI_SMALL 1024
/* The longest input, in code points, that the algorithm accepts (indices are 32-bit). */
#define IBIDI_BIDI_MAX_LENGTH ((size_t)0x7FFFFFFFu)

/* Worst-case stack, in bytes (gcc -O2, x86-64): of ibidi_bidi_visual_utf8, _cp and
 * _utf8_alloc, and of every other function of this header. */
#define IBIDI_BIDI_STACK 28672
#define IBIDI_BIDI_RESOLVE_STACK 18432

/* Bytes of work area that a call on n code points needs: 0 when n <= IBIDI_BIDI_SMALL.
 * One size serves every function of this header. SIZE_MAX if n is above the maximum. */
IBIDI_API size_t ibidi_bidi_work_size(size_t n);

/* Summary of a resolution. */
typedef struct ibidi_bidi_info {
    size_t length;        /* code points */
    size_t paragraphs;    /* number of paragraphs (P1); 0 for empty input */
    uint8_t para_level;   /* the embedding level of the first paragraph (0 for empty input) */
    uint8_t max_level;    /* the highest resolved level */
    uint8_t has_rtl;      /* 1 if some level is odd: the text does not display as stored */
    uint8_t has_explicit; /* 1 if the text holds embedding, override or isolate controls */
} ibidi_bidi_info;

/* Resolves the embedding level of every code point of UTF-8 text (P1-P3, X1-X10, W1-W7,
 * N0-N2, I1-I2, and L1 at each paragraph end). levels gets one entry per code point;
 * levels_cap is its capacity, also of classes and offsets when given. *n_cps (may be NULL)
 * gets the number of code points, also when levels is too small (then
 * IBIDI_E_BUFFER_TOO_SMALL). classes (optional) gets the Bidi_Class of each code point, as
 * ibidi_bidi_line_levels and ibidi_bidi_paragraph need it; offsets (optional) the byte
 * offset where each code point starts. info (optional) gets the summary.
 * Ill-formed UTF-8 gives the decoder's status with the byte offset in err. */
IBIDI_API ibidi_status ibidi_bidi_resolve_utf8(const char *s, size_t len, ibidi_dir dir,
                                               uint8_t *levels, size_t levels_cap,
                                               size_t *n_cps, uint8_t *classes,
                                               size_t *offsets, ibidi_bidi_info *info,
                                               void *work, size_t work_size, ibidi_error *err);

/* The same for code points; levels (and classes when not NULL) have n entries. Surrogates
 * and values above 10FFFF give IBIDI_E_CP_SURROGATE / IBIDI_E_CP_TOO_LARGE with the index. */
IBIDI_API ibidi_status ibidi_bidi_resolve_cp(const uint32_t *text, size_t n, ibidi_dir dir,
                                             uint8_t *levels, uint8_t *classes,
                                             ibidi_bidi_info *info, void *work,
                                             size_t work_size, ibidi_error *err);

/* The same for a sequence of Bidi_Class values (ibidi_bidi_class), each standing for a
 * character of that class which is not a paired bracket (the input of BidiTest.txt).
 * A value >= IBIDI_BC_COUNT gives IBIDI_E_INVALID_ARGUMENT with its index. */
IBIDI_API ibidi_status ibidi_bidi_resolve_classes(const uint8_t *classes, size_t n,
                                                  ibidi_dir dir, uint8_t *levels,
                                                  ibidi_bidi_info *info, void *work,
                                                  size_t work_size, ibidi_error *err);

/* Is a character of this class removed by rule X9 (RLE, LRE, RLO, LRO, PDF, BN)? */
IBIDI_API int ibidi_bidi_class_removed(ibidi_bidi_class bc);

/* The paragraph (P1) that holds index `at` of text whose classes are given: *start and
 * *end (exclusive, after its paragraph separator if any) bound it, *level gets its
 * embedding level for the direction dir (P2-P3). Any pointer may be NULL. */
IBIDI_API ibidi_status ibidi_bidi_paragraph(const uint8_t *classes, size_t n, size_t at,
                                            ibidi_dir dir, size_t *start, size_t *end,
                                            uint8_t *level, ibidi_error *err);

/* L1 for the line [start, end) of a paragraph with embedding level para_level, from the
 * resolved levels and classes of the whole text: writes end - start levels to line_levels
 * (which may be levels + start: the call works in place). Segment and paragraph
 * separators, and whitespace and isolate controls before them or at the end of the line,
 * take the paragraph level; characters removed by X9 next to them go with them. */
IBIDI_API ibidi_status ibidi_bidi_line_levels(const uint8_t *levels, const uint8_t *classes,
                                              size_t n, size_t start, size_t end,
                                              uint8_t para_level, uint8_t *line_levels,
                                              ibidi_error *err);

/* L2 for one line of n levels: visual_to_logical[v] is the logical index shown at visual
 * position v (left to right); logical_to_visual is its inverse. Either may be NULL. Runs in
 * linear time whatever the levels. Levels above IBIDI_BIDI_MAX_DEPTH + 1 give
 * IBIDI_E_BIDI_LEVEL with the index in err. */
IBIDI_API ibidi_status ibidi_bidi_reorder(const uint8_t *levels, size_t n,
                                          size_t *visual_to_logical, size_t *logical_to_visual,
                                          ibidi_error *err);

/* A run of one level in visual order. Its code points are logical indices
 * [start, start + length), shown left to right when the level is even, right to left
 * when it is odd, from visual position `visual` (the number of code points shown to the
 * left of the run) on. */
typedef struct ibidi_bidi_run {
    size_t start;
    size_t length;
    size_t visual;
    uint8_t level;
} ibidi_bidi_run;

/* The visual runs of one line of n levels, left to right. *n_runs gets their number, also
 * when cap is too small (then IBIDI_E_BUFFER_TOO_SMALL). */
IBIDI_API ibidi_status ibidi_bidi_runs(const uint8_t *levels, size_t n, ibidi_bidi_run *runs,
                                       size_t cap, size_t *n_runs, ibidi_error *err);

/* Options of the visual functions (bits). */
enum {
    IBIDI_VISUAL_NO_MIRROR = 1u,      /* do not apply L4 (mirrored glyphs) */
    IBIDI_VISUAL_REMOVE_CONTROLS = 2u /* drop the bidi controls from the output: LRE, RLE,
                                         LRO, RLO, PDF, LRI, RLI, FSI, PDI, LRM, RLM, ALM
                                         (other BN characters, such as ZWJ, stay) */
};

/* The text in display order, left to right: each paragraph resolved and laid out as one
 * line (L1, L2), paragraph separators staying at the end of their paragraph, and characters
 * at odd levels replaced by their Bidi_Mirroring_Glyph (L4). *out_len gets the size needed,
 * also when cap is too small. info (optional) gets the summary. */
IBIDI_API ibidi_status ibidi_bidi_visual_utf8(const char *s, size_t len, ibidi_dir dir,
                                              unsigned options, char *out, size_t cap,
                                              size_t *out_len, ibidi_bidi_info *info,
                                              void *work, size_t work_size, ibidi_error *err);
IBIDI_API ibidi_status ibidi_bidi_visual_cp(const uint32_t *text, size_t n, ibidi_dir dir,
                                            unsigned options, uint32_t *out, size_t cap,
                                            size_t *out_len, ibidi_bidi_info *info,
                                            void *work, size_t work_size, ibidi_error *err);

/* L4: the glyph to show for cp at the given level: its Bidi_Mirroring_Glyph when the level
 * is odd and cp is Bidi_Mirrored with a mirroring glyph, else cp. */
IBIDI_API uint32_t ibidi_bidi_mirror(uint32_t cp, uint8_t level);

/* Allocating convenience wrapper: ibidi_bidi_visual_utf8 into a NUL-terminated string
 * returned in *out (release with ibidi_free); no work area needed. */
IBIDI_API ibidi_status ibidi_bidi_visual_utf8_alloc(const char *s, size_t len, ibidi_dir dir,
                                                    unsigned options, char **out,
                                                    size_t *out_len, ibidi_error *err);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_BIDI_H */
