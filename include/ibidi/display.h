/*
 * ibidi/display.h: how an identifier with right-to-left text appears on screen, how to
 * show it safely, and how to convert between its forms.
 *
 *   - display order: the identifier alone in a left-to-right embedding (the standard
 *     display model of RFC 3987 §4.1 and the 2012 bidi IRI guidelines §2), or in a
 *     right-to-left paragraph; as text, as levels, and as a map from visual spans to
 *     components;
 *   - presentation forms, each with the promise it makes and a proof by the UBA:
 *     Duerst 2001 §4.3 marks, LRE...PDF and LRI...PDI (2012 guidelines §2), one isolate
 *     per component, HTML;
 *   - the 2012 guidelines §2 test of whether an embedding is needed in a given context;
 *   - Duerst 2001 §4.4 conversions between the logical (processing), textual and visual
 *     forms.
 *
 * Every call takes the identifier as UTF-8 and one options record (ibidi_display_options):
 * how to parse it, or its components already parsed (ibidi_iri_parse), the paragraph it is
 * shown in, the form, and context text and a work area where a call uses them; a NULL
 * pointer or a zero-initialised record is the default (decide what the identifier is, a
 * left-to-right paragraph, the visual form). Nothing here allocates but the _alloc calls.
 * Identifiers of up to IBIDI_DISPLAY_SMALL bytes run in a fixed area on the stack; longer
 * ones need a caller work area of ibidi_display_work_size() bytes, else
 * IBIDI_E_DISPLAY_WORK_TOO_SMALL. Visual positions and levels count code points.
 *
 * Stack: IBIDI_DISPLAY_STACK for every call, the bidi engine they run included; each call
 * keeps on the stack only the arrays it uses, sized for IBIDI_DISPLAY_SMALL bytes.
 */
#ifndef IBIDI_DISPLAY_H
#define IBIDI_DISPLAY_H

#include "common.h"
#include "bidi.h"
#include "iri.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Options ------------------------------------------------------------------------- */

typedef enum ibidi_display_form {
    /* The display order itself (UTF-8, left to right, with L4 mirrored glyphs). */
    IBIDI_DISPLAY_FORM_VISUAL = 0,
    /* Duerst 2001 §4.3: LRM before and after each component with right-to-left characters,
     * and LRE ... PDF around the whole when the context is right-to-left. Promise: the
     * components appear left to right in logical order, each contiguous and in its natural
     * direction (Duerst §4.2), whatever text surrounds it in that context. Duerst §5 says
     * it works only under restrictions, and the proofs find exactly where it does not: a
     * component whose own direction is right-to-left but which starts with something else
     * (a digit after the LRM resolves left-to-right, W7) or holds a left-to-right letter;
     * and, in a left-to-right paragraph, an identifier that starts with a number right after
     * right-to-left text (the number joins that text). */
    IBIDI_DISPLAY_FORM_MARKS = 1,
    /* 2012 guidelines §2: LRE ... PDF. Promise: the identifier displays contiguously and as
     * in the standard display model, whatever surrounds it. */
    IBIDI_DISPLAY_FORM_EMBED = 2,
    /* The isolate form of the same: LRI ... PDI. Same promise. */
    IBIDI_DISPLAY_FORM_ISOLATE = 3,
    /* LRI, each component in FSI ... PDI, PDI. Promise: the components appear left to
     * right in logical order, each contiguous and displayed as it is alone in its own
     * direction (its first strong character, RFC 3987 §4.2's "natural" direction). */
    IBIDI_DISPLAY_FORM_COMPONENTS = 4,
    /* <bdi dir="ltr">...</bdi> with &, <, >, " and ' escaped: an LRI ... PDI for the
     * HTML rendering rules. Same promise as IBIDI_DISPLAY_FORM_ISOLATE. */
    IBIDI_DISPLAY_FORM_HTML = 5,
    /* <span dir="ltr">...</span>: HTML's dir attribute isolates as <bdi> does. */
    IBIDI_DISPLAY_FORM_HTML_SPAN = 6
} ibidi_display_form;

typedef enum ibidi_display_repr {
    IBIDI_DISPLAY_REPR_LOGICAL = 0, /* the processing form: logical order, as stored (§4.1) */
    IBIDI_DISPLAY_REPR_TEXTUAL = 1, /* the form for running text: IBIDI_DISPLAY_FORM_MARKS
                                       (§4.3) */
    IBIDI_DISPLAY_REPR_VISUAL = 2   /* the visual form (§4.2): components left to right in logical
                               order, each in its natural reading order, no controls */
} ibidi_display_repr;

typedef struct ibidi_display_options {
    ibidi_iri_kind as;                /* what the identifier is, when comps is NULL (0: decide,
                                         as ibidi_iri_parse does) */
    const ibidi_iri_components *comps; /* the identifier already parsed: the record that
                                          ibidi_iri_parse of the same text filled (its
                                          items[0..n); one with n above cap is refused),
                                          or NULL: the call parses it. ibidi_display_prove
                                          and _needs_embedding need it */
    ibidi_dir context;                /* the paragraph around the identifier: IBIDI_DIR_LTR
                                         (0; the standard display model, the identifier alone
                                         in a left-to-right embedding) or IBIDI_DIR_RTL */
    ibidi_display_form form;          /* ibidi_display_utf8, _prove (0: the visual order) */
    ibidi_display_repr from, to;      /* ibidi_display_convert */
    const char *before;               /* ibidi_display_prove, _needs_embedding: the text of the
                                         line before and after the identifier (UTF-8 without
                                         paragraph separators; may be empty) */
    size_t before_len;
    const char *after;
    size_t after_len;
    void *work;                       /* NULL, or ibidi_display_work_size() bytes */
    size_t work_size;
} ibidi_display_options;

/* Identifiers (plus context text for ibidi_display_prove) of up to this many bytes need no
 * work area, as long as no two non-empty components touch (ibidi_iri_parse puts a
 * delimiter between them): the proofs' fixed area holds two controls for every other byte
 * of such an identifier; with components that touch they may ask for one. A call given a
 * work area large enough uses it whatever the identifier's size. */
#define IBIDI_DISPLAY_SMALL 256

/* Worst-case stack of any function of this header, in bytes (gcc -O2, x86-64): the proofs
 * the most, the others about 29 KiB. */
#define IBIDI_DISPLAY_STACK 32768

/* Bytes of work area for an identifier of len bytes with extra bytes of context text
 * (before_len + after_len of ibidi_display_prove and ibidi_display_needs_embedding; 0 for
 * the other calls): 0 when len + extra <= IBIDI_DISPLAY_SMALL, SIZE_MAX when too large to
 * process. */
IBIDI_API size_t ibidi_display_work_size(size_t len, size_t extra);

/* "visual", "marks", "embed", "isolate", "components", "html", "html-span"; NULL if
 * unknown. */
IBIDI_API const char *ibidi_display_form_name(ibidi_display_form form);
/* "logical", "textual", "visual"; NULL if unknown. */
IBIDI_API const char *ibidi_display_repr_name(ibidi_display_repr repr);

/* ---- Display order ------------------------------------------------------------------ */

/* A visual span that belongs to no component (delimiters) has component IBIDI_NO_PART. */

/* A maximal run of visual positions that hold consecutive characters of one component (or
 * of delimiters between the same two components) at one level. */
typedef struct ibidi_display_span {
    size_t visual;    /* first visual position, counted from the left */
    size_t length;    /* code points */
    size_t logical;   /* logical index (code points) of the span's first character in
                         logical order */
    size_t component; /* index into the components, or IBIDI_NO_PART */
    uint8_t level;    /* resolved embedding level: odd is shown right to left */
} ibidi_display_span;

/* Where ibidi_display_layout writes: optional arrays (NULL: not wanted) of cap entries,
 * one per code point of the identifier, and of spans_cap visual spans; the counts are
 * stored also when an array is too small (then IBIDI_E_BUFFER_TOO_SMALL). */
typedef struct ibidi_display_layout_result {
    uint8_t *levels;            /* the resolved level of each code point */
    size_t *visual_to_logical;  /* the logical index shown at each visual position */
    size_t *offsets;            /* the byte offset of each code point */
    size_t cap;
    size_t n;                   /* out: code points */
    ibidi_display_span *spans;  /* the visual spans, left to right */
    size_t spans_cap;
    size_t n_spans;             /* out */
} ibidi_display_layout_result;

/*
 * The display of an identifier in the paragraph opts->context: IBIDI_DIR_LTR gives the
 * standard display model (the identifier alone in a left-to-right embedding), IBIDI_DIR_RTL
 * the identifier placed as it is in a right-to-left paragraph. Stack: IBIDI_DISPLAY_STACK.
 */
IBIDI_API ibidi_status ibidi_display_layout(const char *s, size_t len,
                                            const ibidi_display_options *opts,
                                            ibidi_display_layout_result *res, ibidi_error *err);

/* Allocating convenience: every array of res allocated (one block, levels,
 * visual_to_logical, offsets and spans all filled; release with ibidi_display_layout_free);
 * no work area needed. After an error every pointer of res is NULL. */
IBIDI_API ibidi_status ibidi_display_layout_alloc(const char *s, size_t len,
                                                  const ibidi_display_options *opts,
                                                  ibidi_display_layout_result *res,
                                                  ibidi_error *err);
IBIDI_API void ibidi_display_layout_free(ibidi_display_layout_result *res);

/* ---- Presentation forms -------------------------------------------------------------- */

/* The identifier in form opts->form (IBIDI_DISPLAY_FORM_MARKS and _VISUAL depend on the
 * paragraph, opts->context), into out (ibidi_buf: not NUL-terminated; out->len gets the
 * size needed, also when it does not fit, then IBIDI_E_BUFFER_TOO_SMALL; out may be NULL:
 * a capacity of 0). Stack: IBIDI_DISPLAY_STACK. */
IBIDI_API ibidi_status ibidi_display_utf8(const char *s, size_t len,
                                          const ibidi_display_options *opts, ibidi_buf *out,
                                          ibidi_error *err);
/* Allocating convenience: into out->data, allocated and NUL-terminated (release with
 * ibidi_free; out->len its length, out->cap ignored); no work area needed; out->data is
 * NULL after an error. out NULL: IBIDI_E_INVALID_ARGUMENT. */
IBIDI_API ibidi_status ibidi_display_utf8_alloc(const char *s, size_t len,
                                                const ibidi_display_options *opts,
                                                ibidi_buf *out, ibidi_error *err);

/* Which promise a proof found broken. */
typedef enum ibidi_display_proof_failure {
    IBIDI_DISPLAY_PROOF_HOLDS = 0,
    IBIDI_DISPLAY_PROOF_NOT_CONTIGUOUS = 1,    /* context text shows inside the identifier */
    IBIDI_DISPLAY_PROOF_NOT_STANDARD = 2,      /* the identifier's characters are not arranged as
                                          in the standard display model */
    IBIDI_DISPLAY_PROOF_COMPONENT_ORDER = 3,   /* a component (or delimiter) shows left of one that
                                          comes before it in logical order */
    IBIDI_DISPLAY_PROOF_COMPONENT_SPLIT = 4,   /* a component's characters are not contiguous */
    IBIDI_DISPLAY_PROOF_COMPONENT_DISPLAY = 5  /* a component is not displayed as alone in its own
                                          direction */
    /* Every promise is about the characters that show: a BN character (ZWJ, ZWNJ), which
     * UAX #9 X9 removes, may be anywhere. No form keeps one across a paragraph separator
     * (U+2029, class B), which ends the paragraph and every embedding (P1, X8), nor for
     * whitespace that ends the line, which L1 puts at the paragraph's level, outside the
     * run of its component or embedding (the proof reports both). */
} ibidi_display_proof_failure;

typedef struct ibidi_display_proof {
    ibidi_display_proof_failure failure; /* IBIDI_DISPLAY_PROOF_HOLDS when the promise holds */
    size_t component;            /* the component concerned, or IBIDI_NO_PART */
    size_t offset;               /* byte offset in the identifier of the first character
                                    found out of place */
    size_t together;             /* components whose characters are contiguous on screen */
} ibidi_display_proof;

/*
 * Proves a form: builds before + form + after (opts->before, opts->form, opts->after),
 * resolves it with the UBA as a paragraph of direction opts->context (which is also the
 * context the form is made for), and checks the identifier's characters on screen against
 * the form's promise (see ibidi_display_form). The identifier must be given parsed
 * (opts->comps). The result goes to *proof; the call itself fails only on bad arguments or
 * input. IBIDI_DISPLAY_FORM_VISUAL has no promise: IBIDI_E_INVALID_ARGUMENT.
 * Stack: IBIDI_DISPLAY_STACK.
 */
IBIDI_API ibidi_status ibidi_display_prove(const char *s, size_t len,
                                           const ibidi_display_options *opts,
                                           ibidi_display_proof *proof, ibidi_error *err);

/* 2012 guidelines §2: is an embedding needed for the identifier (given parsed,
 * opts->comps) between opts->before and opts->after in a paragraph of direction
 * opts->context? "The display is still the same without the embedding" is read strictly:
 * *needed gets 0 when every character of the line, context included, shows at the same
 * place and with the same level parity (so the same L4 glyph) as with LRE ... PDF around
 * the identifier, and the identifier is contiguous; else 1. Stack: IBIDI_DISPLAY_STACK. */
IBIDI_API ibidi_status ibidi_display_needs_embedding(const char *s, size_t len,
                                                     const ibidi_display_options *opts,
                                                     int *needed, ibidi_error *err);

/* ---- Conversions (Duerst 2001 §4.4) -------------------------------------------------- */

/*
 * Converts s from representation opts->from to opts->to for a paragraph of direction
 * opts->context.
 *   logical -> textual: IBIDI_DISPLAY_FORM_MARKS;
 *   textual -> logical: removes exactly the marks §4.3 adds, where it adds them; any other
 *     mark or control, or one missing, is an error (IBIDI_E_CONVERT_MARK,
 *     IBIDI_E_CONVERT_EMBEDDING) at its offset, never dropped silently;
 *   textual -> visual: the UBA on the textual form (§4.4), controls removed, offered only
 *     when it reads back as the identifier (visual -> logical gives it again; Duerst 2001
 *     §5), else IBIDI_E_CONVERT_ROUND_TRIP at the character to blame: restriction 1 alone
 *     does not ensure it, since L1 moves a trailing neutral or ZWNJ to the side of a
 *     right-to-left paragraph and the W rules join numbers across components;
 *   visual -> logical: each component read in its natural order (right-to-left ones
 *     reversed as the UBA shows them); a component whose display cannot give the visual
 *     text read (IBIDI_E_CONVERT_VISUAL) is an error;
 * and the remaining conversions through these. The logical form must parse as opts->as
 * (opts->comps is not used: each form is parsed as it comes), and, for a conversion
 * between two different forms, keep Duerst 2001 §5 restriction 1 (RFC 3987 §4.2 rule 1):
 * a component with both directions (MIXED_DIRECTION) or one using right-to-left
 * characters that does not start with one (RTL_START) gives IBIDI_E_CONVERT_RESTRICTION
 * at that finding's offset (in the logical form when the input is visual), since the
 * forms of such an identifier do not convert back to it. The converted form goes to out
 * (ibidi_buf, as ibidi_display_utf8). Stack: IBIDI_DISPLAY_STACK.
 */
IBIDI_API ibidi_status ibidi_display_convert(const char *s, size_t len,
                                             const ibidi_display_options *opts,
                                             ibidi_buf *out, ibidi_error *err);
/* Allocating convenience: into out->data, allocated and NUL-terminated (release with
 * ibidi_free; out->len its length, out->cap ignored); out->data is NULL after an error.
 * out NULL: IBIDI_E_INVALID_ARGUMENT. */
IBIDI_API ibidi_status ibidi_display_convert_alloc(const char *s, size_t len,
                                                   const ibidi_display_options *opts,
                                                   ibidi_buf *out, ibidi_error *err);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_DISPLAY_H */
