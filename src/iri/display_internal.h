/* Internal interface of the display code (display.c, convert.c): the work area, output
 * with size counting, and form generation. */
#ifndef IBIDI_DISPLAY_INTERNAL_H
#define IBIDI_DISPLAY_INTERNAL_H

#include "iri/iri_internal.h"
#include "common/internal.h"

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

/* The fixed area: text of up to 1024 code points (the bidi engine's own fixed area), for
 * identifiers and context of up to IBIDI_DISPLAY_SMALL bytes (3 * 320 + 16 <= 1024). */
#define IBIDI__DW_TEXT 1024
#define IBIDI__DW_ID (IBIDI_DISPLAY_SMALL + 1)
#define IBIDI__DW_COMPS (IBIDI_DISPLAY_SMALL + 2)

typedef struct ibidi__dwork_small {
    uint32_t cps[IBIDI__DW_TEXT];
    size_t v2l[IBIDI__DW_TEXT];
    uint8_t levels[IBIDI__DW_TEXT];
    uint8_t classes[IBIDI__DW_TEXT];
    uint32_t idx[IBIDI__DW_TEXT];
    uint32_t keys[IBIDI__DW_TEXT], keys2[IBIDI__DW_TEXT];
    uint8_t kpar[IBIDI__DW_TEXT], kpar2[IBIDI__DW_TEXT];
    size_t offs[IBIDI__DW_ID];
    uint32_t comp_of[IBIDI__DW_ID], seq[IBIDI__DW_ID], seq2[IBIDI__DW_ID], pos[IBIDI__DW_ID];
    uint32_t scratch[IBIDI__DW_ID];
    uint8_t par[IBIDI__DW_ID], par2[IBIDI__DW_ID];
    ibidi_iri_component comps[IBIDI__DW_COMPS];
    char text[8 * IBIDI_DISPLAY_SMALL + 64];
} ibidi__dwork_small;

/* The arrays of one call, in the fixed area or carved from the caller's. */
typedef struct ibidi__dwork {
    uint32_t *cps;     /* text being laid out */
    size_t *v2l;       /* its visual-to-logical map */
    uint8_t *levels, *classes;
    uint32_t *idx;     /* per text code point: identifier index, IBIDI__NONE or _CONTEXT */
    size_t *offs;      /* per identifier code point: byte offset (one more at the end) */
    uint32_t *comp_of; /* per identifier code point: component or IBIDI__NONE */
    uint32_t *seq, *seq2, *pos, *scratch;
    uint32_t *keys, *keys2; /* a whole line's visual order (needs_embedding) */
    uint8_t *kpar, *kpar2;
    uint8_t *par, *par2;
    ibidi_iri_component *comps;
    char *text;
    size_t text_cap, cap, id_cap, comps_cap;
    void *bidi;
    size_t bidi_size;
} ibidi__dwork;

ibidi_status ibidi__dwork_init(ibidi__dwork *w, ibidi__dwork_small *small, size_t len,
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
                            const ibidi_iri_component *comps, size_t n_comps, ibidi_form form,
                            ibidi_dir context, char *out, size_t cap, size_t *out_len,
                            ibidi_error *err);

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
                      size_t n_comps, ibidi_form form, ibidi_dir context);

#endif
