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
 * Identifiers are parsed with ibidi_iri_parse (ibidi/iri.h); the functions taking `as`
 * parse for themselves. Nothing here allocates. Identifiers of up to IBIDI_DISPLAY_SMALL
 * bytes run in a fixed area on the stack; longer ones need a caller work area of
 * ibidi_display_work_size() bytes (work may be NULL otherwise), else
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
 * (ibidi_display_prove and ibidi_display_needs_embedding; 0 for the other calls): 0 when
 * len + extra <= IBIDI_DISPLAY_SMALL, SIZE_MAX when too large to process. */
IBIDI_API size_t ibidi_display_work_size(size_t len, size_t extra);

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

/*
 * The display of a parsed identifier (s, comps from ibidi_iri_parse): context
 * IBIDI_DIR_LTR gives the standard display model (the identifier alone in a left-to-right
 * embedding), IBIDI_DIR_RTL the identifier placed as it is in a right-to-left paragraph.
 * Outputs are optional (NULL): levels, visual_to_logical and offsets (the byte offset of
 * each code point) have cap entries and get one per code point (*n_cps); spans get the
 * visual spans, left to right (*n_spans, also when scap is too small).
 */
IBIDI_API ibidi_status ibidi_display_layout(const char *s, size_t len,
                                            const ibidi_iri_component *comps, size_t n_comps,
                                            ibidi_dir context, uint8_t *levels,
                                            size_t *visual_to_logical, size_t *offsets,
                                            size_t cap, size_t *n_cps,
                                            ibidi_display_span *spans, size_t scap,
                                            size_t *n_spans, void *work, size_t work_size,
                                            ibidi_error *err);

/* ---- Presentation forms -------------------------------------------------------------- */

typedef enum ibidi_form {
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
} ibidi_form;

/* "visual", "marks", "embed", "isolate", "components", "html", "html-span"; NULL if
 * unknown. */
IBIDI_API const char *ibidi_display_form_name(ibidi_form form);

/* The form of a parsed identifier; context (IBIDI_DIR_LTR or IBIDI_DIR_RTL) is the
 * direction of the surrounding paragraph (IBIDI_DISPLAY_FORM_MARKS and IBIDI_DISPLAY_FORM_VISUAL use it). */
IBIDI_API ibidi_status ibidi_display_form(const char *s, size_t len,
                                          const ibidi_iri_component *comps, size_t n_comps,
                                          ibidi_form form, ibidi_dir context, char *out,
                                          size_t cap, size_t *out_len, void *work,
                                          size_t work_size, ibidi_error *err);

/* Parse (as ibidi_iri_parse with `as`) and form in one call. */
IBIDI_API ibidi_status ibidi_display_utf8(const char *s, size_t len, ibidi_iri_kind as,
                                          ibidi_form form, ibidi_dir context, char *out,
                                          size_t cap, size_t *out_len, void *work,
                                          size_t work_size, ibidi_error *err);

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
} ibidi_display_proof_failure;

typedef struct ibidi_display_proof {
    ibidi_display_proof_failure failure; /* IBIDI_DISPLAY_PROOF_HOLDS when the promise holds */
    size_t component;            /* the component concerned, or IBIDI_NO_PART */
    size_t offset;               /* byte offset in the identifier of the first character
                                    found out of place */
    size_t together;             /* components whose characters are contiguous on screen */
} ibidi_display_proof;

/*
 * Proves a form: builds before + form + after, resolves it with the UBA as a paragraph of
 * direction para (which is also the context the form is made for), and checks the
 * identifier's characters on screen against the form's promise (see ibidi_form). The
 * result goes to *proof; the call itself fails only on bad arguments or input.
 * IBIDI_DISPLAY_FORM_VISUAL has no promise: IBIDI_E_INVALID_ARGUMENT. before and after must be
 * valid UTF-8 without paragraph separators.
 */
IBIDI_API ibidi_status ibidi_display_prove(const char *s, size_t len,
                                           const ibidi_iri_component *comps, size_t n_comps,
                                           ibidi_form form, ibidi_dir para,
                                           const char *before, size_t before_len,
                                           const char *after, size_t after_len,
                                           ibidi_display_proof *proof, void *work, size_t work_size,
                                           ibidi_error *err);

/* 2012 guidelines §2: is an embedding needed for the identifier between before and after
 * in a paragraph of direction para? "The display is still the same without the embedding"
 * is read strictly: *needed gets 0 when every character of the line, context included,
 * shows at the same place and with the same level parity (so the same L4 glyph) as with
 * LRE ... PDF around the identifier, and the identifier is contiguous; else 1. */
IBIDI_API ibidi_status ibidi_display_needs_embedding(const char *s, size_t len,
                                                     const ibidi_iri_component *comps,
                                                     size_t n_comps, ibidi_dir para,
                                                     const char *before, size_t before_len,
                                                     const char *after, size_t after_len,
                                                     int *needed, void *work,
                                                     size_t work_size, ibidi_error *err);

/* ---- Conversions (Duerst 2001 §4.4) -------------------------------------------------- */

typedef enum ibidi_display_repr {
    IBIDI_DISPLAY_REPR_LOGICAL = 0, /* the processing form: logical order, as stored (§4.1) */
    IBIDI_DISPLAY_REPR_TEXTUAL = 1, /* the form for running text: IBIDI_DISPLAY_FORM_MARKS (§4.3) */
    IBIDI_DISPLAY_REPR_VISUAL = 2   /* the visual form (§4.2): components left to right in logical
                               order, each in its natural reading order, no controls */
} ibidi_display_repr;

/* "logical", "textual", "visual"; NULL if unknown. */
IBIDI_API const char *ibidi_display_repr_name(ibidi_display_repr repr);

/*
 * Converts s from one representation to another for a paragraph of direction context.
 *   logical -> textual: IBIDI_DISPLAY_FORM_MARKS;
 *   textual -> logical: removes exactly the marks §4.3 adds, where it adds them; any other
 *     mark or control, or one missing, is an error (IBIDI_E_CONVERT_MARK,
 *     IBIDI_E_CONVERT_EMBEDDING) at its offset, never dropped silently;
 *   textual -> visual: the UBA on the textual form (§4.4), controls removed;
 *   visual -> logical: each component read in its natural order (right-to-left ones
 *     reversed as the UBA shows them); a component whose display cannot give the visual
 *     text read (IBIDI_E_CONVERT_VISUAL) is an error;
 * and the remaining conversions through these. The logical form must parse as `as`.
 */
IBIDI_API ibidi_status ibidi_display_convert(const char *s, size_t len, ibidi_iri_kind as,
                                     ibidi_display_repr from, ibidi_display_repr to, ibidi_dir context,
                                     char *out, size_t cap, size_t *out_len, void *work,
                                     size_t work_size, ibidi_error *err);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_DISPLAY_H */
