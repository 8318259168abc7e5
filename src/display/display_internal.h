/* Internal interface of the display code (display.c, convert.c): the work area, output
 * with size counting, and form generation. The display calls the identifier code
 * (src/iri/: its parser, and through iri_internal.h the component rules), never the
 * reverse. */
#ifndef IBIDI_DISPLAY_INTERNAL_H
#define IBIDI_DISPLAY_INTERNAL_H

#include "common/internal.h"
#include "ibidi/display.h"
#include "iri/iri_internal.h"

#define IBIDI__LRM 0x200Eu
#define IBIDI__LRE 0x202Au
#define IBIDI__PDF 0x202Cu
#define IBIDI__LRI 0x2066u
#define IBIDI__FSI 0x2068u
#define IBIDI__PDI 0x2069u

/* Marks in the index arrays: a character that belongs to no component (or an inserted
 * control), and the bit of the context text around an identifier (with its ordinal). */
#define IBIDI__NONE 0xFFFFFFFFu
#define IBIDI__CONTEXT 0x80000000u

/* The fixed areas, for identifiers (with their context) of up to IBIDI_DISPLAY_SMALL bytes.
 * Each call keeps on its stack only the arrays it uses, since its whole call tree (the bidi
 * engine's own fixed area included) must fit IBIDI_DISPLAY_STACK. Counts:
 *   - DW_ID: the identifier's code points (at most one a byte) and a terminator;
 *   - DW_PROOF: the text of a proof, context + form + context. A form adds at most two
 *     controls per non-empty component and two around the whole; ibidi_iri_parse puts a
 *     delimiter between any two non-empty components, so they number at most (len + 1) / 2
 *     and the text at most 2 (len + extra) + 3 code points. Components that touch may need
 *     more: such a call gives IBIDI_E_DISPLAY_WORK_TOO_SMALL without a work area;
 *   - DW_CONV: the textual form of a logical one: two marks per component with
 *     right-to-left characters (each such character takes two bytes or more, so at most
 *     (len + 1) / 3 of them) and LRE, PDF. */
#define IBIDI__DW_ID (IBIDI_DISPLAY_SMALL + 1)
#define IBIDI__DW_COMPS (IBIDI_DISPLAY_SMALL + 2)
#define IBIDI__DW_PROOF (2 * IBIDI_DISPLAY_SMALL + 4)
#define IBIDI__DW_CONV (IBIDI_DISPLAY_SMALL + 2 * ((IBIDI_DISPLAY_SMALL + 1) / 3) + 4)
#define IBIDI__DW_BYTES (8 * IBIDI_DISPLAY_SMALL + 64)

/* ibidi_display_layout, _form, _utf8: the identifier laid out alone. */
typedef struct ibidi__dw_id {
    uint32_t cps[IBIDI__DW_ID];
    size_t v2l[IBIDI__DW_ID];
    uint8_t levels[IBIDI__DW_ID];
    uint32_t offs[IBIDI__DW_ID], comp_of[IBIDI__DW_ID];
    ibidi_iri_component comps[IBIDI__DW_COMPS];
} ibidi__dw_id;

/* ibidi_display_prove and _needs_embedding. Arrays whose lives do not overlap share
 * memory (the caller's area gives each its own):
 *   - text (the form) is read into cps before the layout writes v2l, and written again
 *     only after the last read of v2l;
 *   - idx is read up to the end of the arrangement; pos and seq2 are written after it;
 *   - the embedding test reads neither offs, comp_of, seq nor par, which the proof
 *     needs, and only it writes keys (after the decoding that fills offs and comp_of). */
typedef struct ibidi__dw_proof {
    uint32_t cps[IBIDI__DW_PROOF];
    union {
        size_t v2l[IBIDI__DW_PROOF];
        char text[IBIDI__DW_BYTES];
    } u;
    uint8_t levels[IBIDI__DW_PROOF];
    union {
        uint32_t idx[IBIDI__DW_PROOF];
        struct {
            uint32_t pos[IBIDI__DW_ID], seq2[IBIDI__DW_ID];
        } after;
    } x;
    union {
        struct {
            uint32_t offs[IBIDI__DW_ID], comp_of[IBIDI__DW_ID], seq[IBIDI__DW_ID];
            uint8_t par[IBIDI__DW_ID], par2[IBIDI__DW_ID];
        } proof;
        struct {
            uint32_t keys[IBIDI__DW_PROOF];
            uint8_t kpar[IBIDI__DW_PROOF];
        } line;
    } y;
    uint32_t scratch[IBIDI__DW_ID];
} ibidi__dw_proof;

/* ibidi_display_convert: the logical text, its textual form and its layout. */
typedef struct ibidi__dw_conv {
    uint32_t cps[IBIDI__DW_CONV];
    size_t v2l[IBIDI__DW_CONV];
    uint8_t levels[IBIDI__DW_CONV];
    ibidi_iri_component comps[IBIDI__DW_COMPS];
    char text[IBIDI__DW_BYTES];
} ibidi__dw_conv;

/* Which fixed area a call gives ibidi__dwork_init. */
typedef enum ibidi__dw_kind { IBIDI__DW_KIND_ID, IBIDI__DW_KIND_PROOF, IBIDI__DW_KIND_CONV } ibidi__dw_kind;

/* The arrays of one call, in the fixed area or carved from the caller's. */
typedef struct ibidi__dwork {
    uint32_t *cps;     /* text being laid out */
    size_t *v2l;       /* its visual-to-logical map */
    uint8_t *levels;
    uint32_t *idx;     /* per text code point: identifier index, IBIDI__NONE or _CONTEXT */
    uint32_t *offs;    /* per identifier code point: byte offset (one more at the end) */
    uint32_t *comp_of; /* per identifier code point: component or IBIDI__NONE */
    uint32_t *seq, *seq2, *pos, *scratch;
    uint32_t *keys;    /* a whole line's visual order (needs_embedding) */
    uint8_t *kpar;
    uint8_t *par, *par2;
    ibidi_iri_component *comps;
    char *text;
    size_t text_cap, cap, id_cap, comps_cap;
    void *bidi;
    size_t bidi_size;
} ibidi__dwork;

/* Lays out w in the caller's area when one large enough is given (so that a call with a
 * work area behaves the same whatever the identifier's size), else in the fixed area
 * `small` of the kind given when len + extra <= IBIDI_DISPLAY_SMALL. */
ibidi_status ibidi__dwork_init(ibidi__dwork *w, ibidi__dw_kind kind, void *small, size_t len,
                               size_t extra, void *work, size_t work_size, ibidi_error *err);
ibidi_status ibidi__decode_id(ibidi__dwork *w, const char *s, size_t len,
                              const ibidi_iri_component *comps, size_t n_comps, size_t *n,
                              ibidi_error *err);
int ibidi__span_has_rtl(const char *s, size_t start, size_t length);
ibidi_status ibidi__parse_in(ibidi__dwork *w, const char *s, size_t len, ibidi_iri_kind as,
                             size_t *n_comps, ibidi_error *err);
/* Resolves and reorders w->cps[0..n) as one line of a paragraph of direction dir. */
ibidi_status ibidi__lay_out(ibidi__dwork *w, size_t n, ibidi_dir dir, ibidi_error *err);
ibidi_status ibidi__form_in(ibidi__dwork *w, const char *s, size_t len,
                            const ibidi_iri_component *comps, size_t n_comps, ibidi_display_form form,
                            ibidi_dir context, char *out, size_t cap, size_t *out_len,
                            ibidi_error *err);
/* ibidi_display_utf8 of a form other than IBIDI_DISPLAY_FORM_VISUAL with the components
 * given, for a caller that has made sure of what that call checks: s[0..len) is well-formed
 * UTF-8, comps[0..n_comps) lie in order within it (as ibidi_display_options.comps), form
 * and context are valid, and its size would not be refused (len at most
 * IBIDI_DISPLAY_SMALL, or a work area of ibidi_display_work_size(len, 0) bytes in the
 * options). The result (out, *out_len, the status) is then that call's, without the UTF-8
 * checked again or a work area: these forms only wrap the text. */
ibidi_status ibidi__display_wrap(const char *s, size_t len, const ibidi_iri_component *comps,
                                 size_t n_comps, ibidi_display_form form, ibidi_dir context,
                                 char *out, size_t cap, size_t *out_len, ibidi_error *err);

/* Output that counts what it could not store, as snprintf does; with cmp set it also
 * compares what it is given with cmp[0..cmp_len) and notes the first difference. */
typedef struct ibidi__emit {
    char *out;
    size_t cap;
    size_t len;
    const char *cmp;
    size_t cmp_len;
    size_t mismatch; /* SIZE_MAX while none */
} ibidi__emit;
static inline ibidi__emit ibidi__emitter(char *out, size_t cap)
{
    ibidi__emit e = {out, out ? cap : 0, 0, NULL, 0, SIZE_MAX};
    return e;
}
void ibidi__put(ibidi__emit *e, const char *b, size_t n);
void ibidi__put_cp(ibidi__emit *e, uint32_t cp);
void ibidi__emit_form(ibidi__emit *e, const char *s, size_t len, const ibidi_iri_component *comps,
                      size_t n_comps, ibidi_display_form form, ibidi_dir context);

#endif
