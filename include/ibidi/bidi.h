/*
 * ibidi/bidi.h: the Unicode Bidirectional Algorithm (UAX #9, Unicode 17.0.0), complete:
 * P1-P3, X1-X10, W1-W7, N0 (BD16 bracket pairs), N1-N2, I1-I2, L1, L2 and L4.
 *
 * The steps a caller takes:
 *   1. ibidi_bidi_resolve_utf8 / _cp / _classes: the embedding level of every code point
 *      into an ibidi_bidi_result, and on request its class and its resolved types after
 *      the weak rules (W1-W7) and after the neutral rules (N0-N2).
 *      Each paragraph (P1: text up to and including a paragraph separator, class B) is
 *      resolved on its own and is treated as one line, so L1 is applied at its end. The
 *      levels are then ready for display of single-line text, as identifiers are.
 *   2. For text broken into lines: ibidi_bidi_line_levels applies L1 to one line, given
 *      as an ibidi_bidi_line record (the resolved text, the line's bounds, its paragraph's
 *      level).
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
 * Memory. Nothing here allocates but the functions named _alloc. Inputs of up to
 * IBIDI_BIDI_SMALL code points run in a fixed work area on the stack (opts->work may be
 * NULL); longer inputs need a work area of ibidi_bidi_work_size(n) bytes (any alignment,
 * in opts->work); a missing or smaller one gives IBIDI_E_BIDI_WORK_TOO_SMALL. Each function
 * says the most stack it takes over its calls inside the library (GCC's stack usage of
 * each function along the deepest chain, x86-64, -O2: tools/stack_usage.sh); the C
 * library's memset and memcpy, and malloc in the _alloc functions, come on top.
 * Time is linear in the input length for every input. Every function is thread-safe:
 * there is no global state.
 *
 * Outputs. The text in display order goes to an ibidi_buf (UTF-8) or ibidi_buf32 (code
 * points), ibidi/common.h's output records, and the visual runs to an ibidi_bidi_run_list,
 * with the size the whole result needs set also when it does not fit.
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
 * One size serves every function of this header. SIZE_MAX if n is above the maximum.
 * Stack: 8 bytes. */
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

/* Option bits of ibidi_bidi_options.flags, read by the visual functions. */
enum {
    IBIDI_BIDI_NO_MIRROR = 1u,      /* do not apply L4 (mirrored glyphs) */
    IBIDI_BIDI_REMOVE_CONTROLS = 2u /* drop the bidi controls from the output: LRE, RLE,
                                       LRO, RLO, PDF, LRI, RLI, FSI, PDI, LRM, RLM, ALM
                                       (other BN characters, such as ZWJ, stay) */
};

/* How to resolve. A NULL pointer, or a zero-initialised struct, gives the defaults: a
 * left-to-right paragraph, no flags, no work area. */
typedef struct ibidi_bidi_options {
    ibidi_dir dir;    /* paragraph direction; 0 = IBIDI_DIR_LTR */
    unsigned flags;   /* IBIDI_BIDI_NO_MIRROR, IBIDI_BIDI_REMOVE_CONTROLS (visual calls) */
    void *work;       /* NULL, or a work area of ibidi_bidi_work_size(n) bytes, any alignment
                         (needed above IBIDI_BIDI_SMALL code points) */
    size_t work_size; /* its size in bytes */
} ibidi_bidi_options;

/* The outputs of a resolution, in arrays the caller owns (or that
 * ibidi_bidi_resolve_utf8_alloc allocates). Every array is optional (NULL) but levels;
 * each has cap entries, one per code point. The types are ibidi_unicode_bc values:
 *   weak   the type after W1-W7: a digit is EN, AN (W2) or L (W7); an ES, ET or CS that
 *          joined a number (W4, W5) has the number's type, one that did not is ON (W6); an
 *          NSM has the type W1 gave it (the character before it, ON after an isolate
 *          control); AL is R (W3); other neutrals keep their class (B, S, WS, ON, LRI,
 *          RLI, PDI; an FSI shows as LRI or RLI, X5c); overrides make characters L or R;
 *   types  the type after N0-N2, which I1-I2 read: L, R, EN or AN.
 * In both, characters that X9 removes (ibidi_bidi_class_removed) are BN. */
typedef struct ibidi_bidi_result {
    uint8_t *levels;      /* the resolved level of each code point */
    uint8_t *classes;     /* its Bidi_Class */
    uint8_t *weak;        /* its type after W1-W7 */
    uint8_t *types;       /* its type after N0-N2: L, R, EN or AN (BN for characters X9
                             removes) */
    size_t *offsets;      /* UTF-8 calls: the byte offset where it starts */
    size_t cap;           /* entries of each array given */
    size_t n;             /* out: code points, also when cap is too small
                             (IBIDI_E_BUFFER_TOO_SMALL) */
    ibidi_bidi_info info; /* out: the summary */
} ibidi_bidi_result;

/* Wants of ibidi_bidi_resolve_utf8_alloc: the arrays to allocate besides levels. */
enum {
    IBIDI_BIDI_WANT_CLASSES = 1u,
    IBIDI_BIDI_WANT_WEAK = 2u,
    IBIDI_BIDI_WANT_TYPES = 4u,
    IBIDI_BIDI_WANT_OFFSETS = 8u
};

/* Resolves the embedding level of every code point of UTF-8 text (P1-P3, X1-X10, W1-W7,
 * N0-N2, I1-I2, and L1 at each paragraph end) into the arrays of res that are not NULL
 * (levels must be given when the text is not empty); res->n and res->info are filled.
 * res->cap smaller than the number of code points gives IBIDI_E_BUFFER_TOO_SMALL with
 * res->n set. The classes are what ibidi_bidi_line_levels and ibidi_bidi_paragraph take.
 * Ill-formed UTF-8 gives the decoder's status with the byte offset in err. Writes nothing
 * but res and err. Stack: at most 17 KiB (17136 bytes). */
IBIDI_API ibidi_status ibidi_bidi_resolve_utf8(const char *s, size_t len,
                                               const ibidi_bidi_options *opts,
                                               ibidi_bidi_result *res, ibidi_error *err);

/* The same for n code points (res->cap must be at least n; res->offsets is not written).
 * Surrogates and values above 10FFFF give IBIDI_E_CP_SURROGATE / IBIDI_E_CP_TOO_LARGE
 * with the index. Stack: at most 17 KiB (17088 bytes). */
IBIDI_API ibidi_status ibidi_bidi_resolve_cp(const uint32_t *text, size_t n,
                                             const ibidi_bidi_options *opts,
                                             ibidi_bidi_result *res, ibidi_error *err);

/* The same for a sequence of Bidi_Class values (ibidi_unicode_bc), each standing for a
 * character of that class which is not a paired bracket (the input of BidiTest.txt).
 * A value >= IBIDI_UNICODE_BC_COUNT gives IBIDI_E_INVALID_ARGUMENT with its index. res->offsets
 * is not written. Stack: at most 17 KiB (17040 bytes). */
IBIDI_API ibidi_status ibidi_bidi_resolve_classes(const uint8_t *classes, size_t n,
                                                  const ibidi_bidi_options *opts,
                                                  ibidi_bidi_result *res, ibidi_error *err);

/* Allocating convenience: ibidi_bidi_resolve_utf8 into arrays allocated for the text's
 * code points, levels always and the others named by the bits of want
 * (IBIDI_BIDI_WANT_*); the work area is allocated when needed (opts->work is not used).
 * res's arrays are overwritten (not freed) on entry; on success release them with
 * ibidi_bidi_result_free, on failure none is left allocated. IBIDI_E_NOMEM when memory
 * runs out. Stack: at most 17 KiB (17264 bytes). */
IBIDI_API ibidi_status ibidi_bidi_resolve_utf8_alloc(const char *s, size_t len,
                                                     const ibidi_bidi_options *opts,
                                                     unsigned want, ibidi_bidi_result *res,
                                                     ibidi_error *err);

/* Frees the arrays of a result filled by ibidi_bidi_resolve_utf8_alloc and sets them to
 * NULL (res may be NULL). Stack: 16 bytes. */
IBIDI_API void ibidi_bidi_result_free(ibidi_bidi_result *res);

/* Is a character of this class removed by rule X9 (RLE, LRE, RLO, LRO, PDF, BN)? Stack: 8
 * bytes. */
IBIDI_API int ibidi_bidi_class_removed(ibidi_unicode_bc bc);

/* A paragraph (P1): the code points [start, end), its paragraph separator included when it
 * has one, and its embedding level. */
typedef struct ibidi_bidi_para {
    size_t start, end;
    uint8_t level;
} ibidi_bidi_para;

/* The paragraph that holds index `at` of text whose classes are given, with its embedding
 * level for the direction dir (P2-P3) in *para (may be NULL). Stack: 40 bytes. */
IBIDI_API ibidi_status ibidi_bidi_paragraph(const uint8_t *classes, size_t n, size_t at,
                                            ibidi_dir dir, ibidi_bidi_para *para,
                                            ibidi_error *err);

/* One line of resolved text, the input of ibidi_bidi_line_levels: the levels and classes of
 * the whole text as a resolution gives them (ibidi_bidi_result's levels and classes, n code
 * points), the line's code points [start, end), and the embedding level of the paragraph
 * that holds it (ibidi_bidi_para.level, 0 or 1). */
typedef struct ibidi_bidi_line {
    const uint8_t *levels;  /* n resolved levels */
    const uint8_t *classes; /* n Bidi_Class values (ibidi_unicode_bc) */
    size_t n;
    size_t start, end; /* the line: start <= end <= n */
    uint8_t para_level;
} ibidi_bidi_line;

/* L1 for line->start .. line->end: writes end - start levels to line_levels (which may be
 * line->levels + start: the call works in place). Segment and paragraph separators, and
 * whitespace and isolate controls before them or at the end of the line, take the
 * paragraph level; characters removed by X9 next to them go with them. Statuses:
 * IBIDI_E_INVALID_ARGUMENT for line NULL, levels or classes NULL with n > 0, start > end,
 * end > n, or line_levels NULL with a line that is not empty (offset: start), and for a
 * class of the line >= IBIDI_UNICODE_BC_COUNT (offset: its index, value: the class);
 * IBIDI_E_BIDI_LEVEL for para_level above 1 (value: the level). Stack: 72 bytes. */
IBIDI_API ibidi_status ibidi_bidi_line_levels(const ibidi_bidi_line *line, uint8_t *line_levels,
                                              ibidi_error *err);

/* L2 for one line of n levels: visual_to_logical[v] is the logical index shown at visual
 * position v (left to right); logical_to_visual is its inverse. Either may be NULL. Runs in
 * linear time whatever the levels. Levels above IBIDI_BIDI_MAX_DEPTH + 1 give
 * IBIDI_E_BIDI_LEVEL with the index in err. Stack: at most 4.4 KiB (4456 bytes). */
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

/* Where ibidi_bidi_runs puts the runs, as ibidi_findings holds findings: the first cap go
 * to items (which may be NULL with cap 0); n counts them all. */
typedef struct ibidi_bidi_run_list {
    ibidi_bidi_run *items;
    size_t cap;
    size_t n; /* out: the number of runs, also when they do not fit */
} ibidi_bidi_run_list;

/* The visual runs of one line of n levels, left to right, into runs. runs->n gets their
 * number, also when runs->cap is too small (then IBIDI_E_BUFFER_TOO_SMALL), and 0 after
 * the other errors: IBIDI_E_INVALID_ARGUMENT (levels NULL with n > 0, runs NULL, or
 * runs->items NULL with runs->cap), IBIDI_E_TOO_LONG (n above IBIDI_BIDI_MAX_LENGTH),
 * IBIDI_E_BIDI_LEVEL (a level above IBIDI_BIDI_MAX_DEPTH + 1, with its index). Stack: at
 * most 3.1 KiB (3128 bytes). */
IBIDI_API ibidi_status ibidi_bidi_runs(const uint8_t *levels, size_t n,
                                       ibidi_bidi_run_list *runs, ibidi_error *err);

/* The text in display order, left to right: each paragraph resolved and laid out as one
 * line (L1, L2), paragraph separators staying at the end of their paragraph, and characters
 * at odd levels replaced by their Bidi_Mirroring_Glyph (L4) unless opts->flags holds
 * IBIDI_BIDI_NO_MIRROR; IBIDI_BIDI_REMOVE_CONTROLS drops the bidi controls. out->data gets
 * out->cap bytes (code points for _cp) at most, not NUL-terminated; out->len the size
 * needed, also when it does not fit (IBIDI_E_BUFFER_TOO_SMALL), and 0 after the other
 * errors. IBIDI_E_INVALID_ARGUMENT for out NULL or out->data NULL with out->cap, as for
 * the input and the options. info (optional) gets the summary. Stack: at most 26 KiB
 * (26384 bytes for UTF-8, 26368 for code points). */
IBIDI_API ibidi_status ibidi_bidi_visual_utf8(const char *s, size_t len,
                                              const ibidi_bidi_options *opts, ibidi_buf *out,
                                              ibidi_bidi_info *info, ibidi_error *err);
IBIDI_API ibidi_status ibidi_bidi_visual_cp(const uint32_t *text, size_t n,
                                            const ibidi_bidi_options *opts, ibidi_buf32 *out,
                                            ibidi_bidi_info *info, ibidi_error *err);

/* L4: the glyph to show for cp at the given level: its Bidi_Mirroring_Glyph when the level
 * is odd and cp is Bidi_Mirrored with a mirroring glyph, else cp. Stack: 16 bytes. */
IBIDI_API uint32_t ibidi_bidi_mirror(uint32_t cp, uint8_t level);

/* Allocating convenience: ibidi_bidi_visual_utf8 into a NUL-terminated string that
 * out->data receives (release with ibidi_free), its length without the terminator in
 * out->len; out->cap is not read. After an error out->data is NULL and out->len 0
 * (IBIDI_E_NOMEM when memory runs out, IBIDI_E_INVALID_ARGUMENT for out NULL). The work
 * area is allocated when needed (opts->work is not used). Stack: at most 26 KiB (26544
 * bytes). */
IBIDI_API ibidi_status ibidi_bidi_visual_utf8_alloc(const char *s, size_t len,
                                                    const ibidi_bidi_options *opts,
                                                    ibidi_buf *out, ibidi_error *err);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_BIDI_H */
