/*
 * Display of identifiers: display order (the standard display model of RFC 3987 §4.1 and
 * the 2012 bidi IRI guidelines §2, or a right-to-left paragraph), the presentation forms
 * of Duerst 2001 §4.3 and the 2012 guidelines §2, their proofs by the UBA, and the §2 test
 * of whether an embedding is needed.
 *
 * Every call works in one area (dwork): a fixed one on the stack for short identifiers,
 * else the caller's. The proofs build the text a reader's screen would hold (context,
 * form, context), resolve it with the same UBA as everything else, and compare where the
 * identifier's characters land with what the form promises.
 */
#include <string.h>

#include "display/display_internal.h"
#include "unicode/utf8_internal.h"
#include "ibidi/utf8.h"

/* ---- The work area ------------------------------------------------------------------- */

/* Sizes for an identifier of len bytes and extra bytes of context. Text code points: the
 * context, the identifier and up to two controls per component plus four (a form holds at
 * most 3 len + 8 code points: components number at most len + 2). Form bytes: up to 6
 * per identifier byte (HTML's &quot;) or 3 per control (7 len + 18 for the marks), plus
 * the HTML tags. */
static int sizes(size_t len, size_t extra, size_t *n_text, size_t *n_id, size_t *n_comps,
                 size_t *n_bytes)
{
    const size_t max = (size_t)1 << 28; /* far beyond any identifier; keeps sums in range */
    if (len > max || extra > max)
        return 0;
    *n_text = 3 * len + extra + 16;
    *n_id = len + 1;
    *n_comps = len + 2;
    *n_bytes = 8 * len + 64; /* the conversions hold a logical form and its textual form */
    return 1;
}

#define ALIGN_UP(x) (((x) + 15u) & ~(size_t)15u)

static size_t layout_bytes(size_t n_text, size_t n_id, size_t n_comps, size_t n_bytes,
                           size_t bidi)
{
    return ALIGN_UP(n_text * sizeof(uint32_t)) + ALIGN_UP(n_text * sizeof(size_t)) +
           ALIGN_UP(n_text) * 2 + 2 * ALIGN_UP(n_text * sizeof(uint32_t)) +
           6 * ALIGN_UP(n_id * sizeof(uint32_t)) + 2 * ALIGN_UP(n_id) +
           ALIGN_UP(n_comps * sizeof(ibidi_iri_component)) + ALIGN_UP(n_bytes) + ALIGN_UP(bidi) + 16;
}

size_t ibidi_display_work_size(size_t len, size_t extra)
{
    size_t n_text, n_id, n_comps, n_bytes;
    if (!sizes(len, extra, &n_text, &n_id, &n_comps, &n_bytes))
        return SIZE_MAX;
    if (len + extra <= IBIDI_DISPLAY_SMALL)
        return 0;
    return layout_bytes(n_text, n_id, n_comps, n_bytes, ibidi_bidi_work_size(n_text));
}

static void *carve(unsigned char **p, size_t bytes)
{
    void *r = *p;
    *p += ALIGN_UP(bytes);
    return r;
}

/* Points w at a fixed area (see display_internal.h); arrays a kind does not use are NULL. */
static void lay_fixed(ibidi__dwork *w, ibidi__dw_kind kind, void *small)
{
    memset(w, 0, sizeof *w);
    w->id_cap = IBIDI__DW_ID;
    w->comps_cap = IBIDI__DW_COMPS;
    if (kind == IBIDI__DW_KIND_ID) {
        ibidi__dw_id *a = small;
        w->cps = a->cps;
        w->v2l = a->v2l;
        w->levels = a->levels;
        w->offs = a->offs;
        w->comp_of = a->comp_of;
        w->comps = a->comps;
        w->cap = IBIDI__DW_ID;
    } else if (kind == IBIDI__DW_KIND_PROOF) {
        ibidi__dw_proof *a = small;
        w->cps = a->cps;
        w->v2l = a->u.v2l;
        w->text = a->u.text;
        w->text_cap = sizeof a->u.text;
        w->levels = a->levels;
        w->idx = a->x.idx;
        w->pos = a->x.after.pos;
        w->seq2 = a->x.after.seq2;
        w->offs = a->y.proof.offs;
        w->comp_of = a->y.proof.comp_of;
        w->seq = a->y.proof.seq;
        w->par = a->y.proof.par;
        w->par2 = a->y.proof.par2;
        w->keys = a->y.line.keys;
        w->kpar = a->y.line.kpar;
        w->scratch = a->scratch;
        w->cap = IBIDI__DW_PROOF;
    } else {
        ibidi__dw_conv *a = small;
        w->cps = a->cps;
        w->v2l = a->v2l;
        w->levels = a->levels;
        w->comps = a->comps;
        w->text = a->text;
        w->text_cap = sizeof a->text;
        w->cap = IBIDI__DW_CONV;
    }
}

ibidi_status ibidi__dwork_init(ibidi__dwork *w, ibidi__dw_kind kind, void *small, size_t len,
                               size_t extra, void *work, size_t work_size, ibidi_error *err)
{
    size_t n_text, n_id, n_comps, n_bytes, bidi, need;
    unsigned char *p = work;
    if (!sizes(len, extra, &n_text, &n_id, &n_comps, &n_bytes))
        return ibidi__fail(err, IBIDI_E_TOO_LONG, 0, 0);
    bidi = ibidi_bidi_work_size(n_text);
    need = layout_bytes(n_text, n_id, n_comps, n_bytes, bidi);
    if (work == NULL || work_size < need) {
        if (len + extra > IBIDI_DISPLAY_SMALL)
            return ibidi__fail(err, IBIDI_E_DISPLAY_WORK_TOO_SMALL, 0, 0);
        lay_fixed(w, kind, small);
        return IBIDI_OK;
    }
    p += (16u - ((uintptr_t)p & 15u)) & 15u;
    w->cps = carve(&p, n_text * sizeof(uint32_t));
    w->v2l = carve(&p, n_text * sizeof(size_t));
    w->levels = carve(&p, n_text);
    w->idx = carve(&p, n_text * sizeof(uint32_t));
    w->keys = carve(&p, n_text * sizeof(uint32_t));
    w->kpar = carve(&p, n_text);
    w->offs = carve(&p, n_id * sizeof(uint32_t));
    w->comp_of = carve(&p, n_id * sizeof(uint32_t));
    w->seq = carve(&p, n_id * sizeof(uint32_t));
    w->seq2 = carve(&p, n_id * sizeof(uint32_t));
    w->pos = carve(&p, n_id * sizeof(uint32_t));
    w->scratch = carve(&p, n_id * sizeof(uint32_t));
    w->par = carve(&p, n_id);
    w->par2 = carve(&p, n_id);
    w->comps = carve(&p, n_comps * sizeof(ibidi_iri_component));
    w->text = carve(&p, n_bytes);
    w->text_cap = n_bytes;
    w->bidi = bidi ? carve(&p, bidi) : NULL;
    w->bidi_size = bidi;
    w->cap = n_text;
    w->id_cap = n_id;
    w->comps_cap = n_comps;
    return IBIDI_OK;
}

/* ---- Decoding the identifier ---------------------------------------------------------- */

/* The components the options give: the record's items[0..n), or none (NULL). */
static inline const ibidi_iri_component *given_items(const ibidi_display_options *o)
{
    return o->comps ? o->comps->items : NULL;
}
static inline size_t given_n(const ibidi_display_options *o)
{
    return o->comps ? o->comps->n : 0;
}

/* Checks that the components given (none: NULL) lie in [0, len), in order and without
 * overlap, all of them stored: a record with n above cap comes from a parse into too
 * small an array, and holds no identifier's components. */
static int comps_valid(size_t len, const ibidi_iri_components *rec)
{
    size_t end = 0;
    if (rec == NULL)
        return 1;
    const ibidi_iri_component *comps = rec->items;
    const size_t n = rec->n;
    if (n > rec->cap || (n > 0 && comps == NULL))
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (comps[i].start < end || comps[i].start > len || comps[i].length > len - comps[i].start)
            return 0;
        end = comps[i].start + comps[i].length;
    }
    return 1;
}

/* Decodes s into w->cps[first..] (when cps_too) and the identifier arrays: the byte offset
 * and the component of every code point (IBIDI__NONE between components). *n gets the
 * number of code points. */
ibidi_status ibidi__decode_id(ibidi__dwork *w, const char *s, size_t len,
                              const ibidi_iri_component *comps, size_t n_comps, size_t *n,
                              ibidi_error *err)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t pos = 0, k = 0, ci = 0;
    while (pos < len) {
        uint32_t cp;
        size_t step;
        if (u[pos] < 0x80) {
            cp = u[pos];
            step = 1;
        } else {
            ibidi_status st;
            step = ibidi__utf8_decode_multi(u + pos, len - pos, &cp, &st);
            if (step == 0)
                return ibidi__fail(err, st, pos, u[pos]);
        }
        if (k >= w->id_cap - 1)
            return ibidi__fail(err, IBIDI_E_DISPLAY_WORK_TOO_SMALL, pos, 0);
        while (ci < n_comps && comps[ci].start + comps[ci].length <= pos &&
               !(comps[ci].length == 0 && comps[ci].start == pos))
            ci++;
        w->cps[k] = cp;
        w->offs[k] = (uint32_t)pos;
        w->comp_of[k] = (ci < n_comps && comps[ci].start <= pos &&
                         pos < comps[ci].start + comps[ci].length)
                            ? (uint32_t)ci
                            : IBIDI__NONE;
        k++;
        pos += step;
    }
    w->offs[k] = (uint32_t)len;
    *n = k;
    return IBIDI_OK;
}

/* Does s[start, start + length) hold a right-to-left character (R, AL)? The caller has
 * checked the UTF-8. */
int ibidi__span_has_rtl(const char *s, size_t start, size_t length)
{
    const unsigned char *u = (const unsigned char *)s + start;
    size_t pos = 0;
    while (pos < length) {
        uint32_t cp;
        ibidi_status st;
        size_t step;
        if (u[pos] < 0x80) { /* ASCII has no right-to-left characters */
            pos++;
            continue;
        }
        step = ibidi__utf8_decode_multi(u + pos, length - pos, &cp, &st);
        if (step == 0)
            return 0;
        if (ibidi__is_rtl_bc(ibidi__bc(cp)))
            return 1;
        pos += step;
    }
    return 0;
}

/* The first strong character's direction: 1 for R or AL, 0 for L or none (P2-P3 of a
 * component alone: its "natural" direction). */
static int first_strong_rtl(const uint32_t *cps, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        ibidi_unicode_bc bc = ibidi__bc(cps[i]);
        if (bc == IBIDI_UNICODE_BC_L)
            return 0;
        if (ibidi__is_rtl_bc(bc))
            return 1;
    }
    return 0;
}

/* ---- Layout ---------------------------------------------------------------------------- */

/* Resolves and reorders w->cps[0..n) as one line of a paragraph of direction dir. */
ibidi_status ibidi__lay_out(ibidi__dwork *w, size_t n, ibidi_dir dir, ibidi_error *err)
{
    const ibidi_bidi_options o = {dir, 0, w->bidi, w->bidi_size};
    ibidi_bidi_result r = {.levels = w->levels, .cap = n};
    ibidi_status st = ibidi_bidi_resolve_cp(w->cps, n, &o, &r, err);
    if (st != IBIDI_OK)
        return st;
    return ibidi_bidi_reorder(w->levels, n, w->v2l, NULL, err);
}

static int valid_context(ibidi_dir d)
{
    return d == IBIDI_DIR_LTR || d == IBIDI_DIR_RTL;
}

/* The defaults of the options: decide the kind, a left-to-right paragraph, the visual
 * form, no context text, no work area. */
static const ibidi_display_options defaults;

/* Parses s into w->comps; *n_comps gets their number. */
ibidi_status ibidi__parse_in(ibidi__dwork *w, const char *s, size_t len, ibidi_iri_kind as,
                             size_t *n_comps, ibidi_error *err)
{
    ibidi_iri_components rec = {w->comps, w->comps_cap, 0};
    ibidi_status st = ibidi_iri_parse(s, len, as, &rec, NULL, err);
    if (st != IBIDI_OK)
        return st;
    *n_comps = rec.n;
    return IBIDI_OK;
}

/* The start of a call on one identifier: its work area, and its components, those of
 * the options or parsed here (as o->as) when the options give none. */
static ibidi_status begin_id(ibidi__dwork *w, ibidi__dw_id *small, const char *s, size_t len,
                             const ibidi_display_options *o,
                             const ibidi_iri_component **comps, size_t *n_comps,
                             ibidi_error *err)
{
    ibidi_status st =
        ibidi__dwork_init(w, IBIDI__DW_KIND_ID, small, len, 0, o->work, o->work_size, err);
    if (st != IBIDI_OK)
        return st;
    *comps = given_items(o);
    *n_comps = given_n(o);
    if (o->comps != NULL)
        return IBIDI_OK;
    *comps = w->comps;
    return ibidi__parse_in(w, s, len, o->as, n_comps, err);
}

ibidi_status ibidi_display_layout(const char *s, size_t len, const ibidi_display_options *opts,
                                  ibidi_display_layout_result *res, ibidi_error *err)
{
    const ibidi_display_options *o = opts ? opts : &defaults;
    ibidi__dw_id small;
    ibidi__dwork w;
    ibidi_status st;
    size_t n = 0, ns = 0;
    if (res == NULL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    uint8_t *const levels = res->levels;
    size_t *const visual_to_logical = res->visual_to_logical, *const offsets = res->offsets;
    ibidi_display_span *const spans = res->spans;
    const size_t cap = res->cap, scap = res->spans_cap;
    res->n = res->n_spans = 0;
    if ((s == NULL && len > 0) || !valid_context(o->context) ||
        !comps_valid(len, o->comps) || (spans == NULL && scap > 0) ||
        (cap > 0 && levels == NULL && visual_to_logical == NULL && offsets == NULL))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    const ibidi_iri_component *comps;
    size_t n_comps;
    st = begin_id(&w, &small, s, len, o, &comps, &n_comps, err);
    if (st != IBIDI_OK)
        return st;
    st = ibidi__decode_id(&w, s, len, comps, n_comps, &n, err);
    if (st != IBIDI_OK)
        return st;
    res->n = n;
    st = ibidi__lay_out(&w, n, o->context, err);
    if (st != IBIDI_OK)
        return st;
    /* Spans: a new one wherever the component, the level or logical adjacency changes. */
    for (size_t v = 0; v < n; v++) {
        size_t l = w.v2l[v];
        int cont = 0;
        if (v > 0) {
            size_t pl = w.v2l[v - 1];
            int rtl = w.levels[pl] & 1;
            cont = w.levels[l] == w.levels[pl] && w.comp_of[l] == w.comp_of[pl] &&
                   (rtl ? l + 1 == pl : pl + 1 == l);
        }
        if (!cont) {
            if (ns < scap) {
                spans[ns].visual = v;
                spans[ns].length = 0;
                spans[ns].logical = l;
                spans[ns].component =
                    w.comp_of[l] == IBIDI__NONE ? IBIDI_NO_PART : (size_t)w.comp_of[l];
                spans[ns].level = w.levels[l];
            }
            ns++;
        }
        if (ns - 1 < scap) {
            spans[ns - 1].length++;
            if (l < spans[ns - 1].logical)
                spans[ns - 1].logical = l;
        }
    }
    res->n_spans = ns;
    if (cap < n && (levels || visual_to_logical || offsets || (n > 0 && cap > 0)))
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    if (levels)
        memcpy(levels, w.levels, n);
    if (visual_to_logical)
        memcpy(visual_to_logical, w.v2l, n * sizeof(size_t));
    if (offsets)
        for (size_t i = 0; i < n; i++)
            offsets[i] = w.offs[i];
    if (ns > scap && spans != NULL)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

/* ---- Forms ------------------------------------------------------------------------------ */

void ibidi__put(ibidi__emit *e, const char *b, size_t n)
{
    if (n > 0 && e->len + n <= e->cap)
        memcpy(e->out + e->len, b, n);
    if (e->cmp != NULL && e->mismatch == SIZE_MAX && n > 0) {
        /* Comparing mode: note the first byte that differs from the expected text. */
        for (size_t i = 0; i < n; i++)
            if (e->len + i >= e->cmp_len || e->cmp[e->len + i] != b[i]) {
                e->mismatch = e->len + i;
                break;
            }
    }
    e->len += n;
}

void ibidi__put_cp(ibidi__emit *e, uint32_t cp)
{
    char b[4];
    ibidi__put(e, b, ibidi_utf8_encode_cp(cp, b));
}

static void put_html(ibidi__emit *e, const char *s, size_t len)
{
    size_t run = 0;
    for (size_t i = 0; i < len; i++) {
        const char *rep = NULL;
        switch (s[i]) {
        case '&': rep = "&amp;"; break;
        case '<': rep = "&lt;"; break;
        case '>': rep = "&gt;"; break;
        case '"': rep = "&quot;"; break;
        case '\'': rep = "&#39;"; break;
        default: continue;
        }
        ibidi__put(e, s + run, i - run);
        ibidi__put(e, rep, strlen(rep));
        run = i + 1;
    }
    ibidi__put(e, s + run, len - run);
}

static const char HTML_BDI_OPEN[] = "<bdi dir=\"ltr\">";
static const char HTML_BDI_CLOSE[] = "</bdi>";
static const char HTML_SPAN_OPEN[] = "<span dir=\"ltr\">";
static const char HTML_SPAN_CLOSE[] = "</span>";

/* Writes s with open before and close after each non-empty component (with only_rtl,
 * each component holding a right-to-left character). */
static void wrap_components(ibidi__emit *e, const char *s, size_t len,
                            const ibidi_iri_component *comps, size_t n_comps, uint32_t open,
                            uint32_t close, int only_rtl)
{
    size_t pos = 0;
    for (size_t i = 0; i < n_comps; i++) {
        const ibidi_iri_component *c = &comps[i];
        if (c->length == 0 || (only_rtl && !ibidi__span_has_rtl(s, c->start, c->length)))
            continue;
        ibidi__put(e, s + pos, c->start - pos);
        ibidi__put_cp(e, open);
        ibidi__put(e, s + c->start, c->length);
        ibidi__put_cp(e, close);
        pos = c->start + c->length;
    }
    ibidi__put(e, s + pos, len - pos);
}

/* Writes the form (not VISUAL) of s with its components. The caller has checked the UTF-8. */
void ibidi__emit_form(ibidi__emit *e, const char *s, size_t len, const ibidi_iri_component *comps,
                      size_t n_comps, ibidi_display_form form, ibidi_dir context)
{
    switch (form) {
    case IBIDI_DISPLAY_FORM_MARKS:
        /* Duerst 2001 §4.3: LRE ... PDF when the base direction is right-to-left. */
        if (context == IBIDI_DIR_RTL)
            ibidi__put_cp(e, IBIDI__LRE);
        /* Duerst 2001 §4.3: an LRM before and after each component with right-to-left
         * characters gives the delimiters around it a left-to-right context. */
        wrap_components(e, s, len, comps, n_comps, IBIDI__LRM, IBIDI__LRM, 1);
        if (context == IBIDI_DIR_RTL)
            ibidi__put_cp(e, IBIDI__PDF);
        break;
    case IBIDI_DISPLAY_FORM_EMBED: /* 2012 guidelines §2 */
        ibidi__put_cp(e, IBIDI__LRE);
        ibidi__put(e, s, len);
        ibidi__put_cp(e, IBIDI__PDF);
        break;
    case IBIDI_DISPLAY_FORM_ISOLATE: /* the isolate form of the same (UAX #9 X5a, X6a) */
        ibidi__put_cp(e, IBIDI__LRI);
        ibidi__put(e, s, len);
        ibidi__put_cp(e, IBIDI__PDI);
        break;
    case IBIDI_DISPLAY_FORM_COMPONENTS:
        /* The whole in a left-to-right isolate orders the components left to right: each
         * isolate is a neutral to its surroundings (X6a, N1-N2), and so are the delimiters
         * next to them (W rules see only NI there). Inside, FSI gives each component the
         * direction of its first strong character (P2-P3 applied to the isolate). */
        ibidi__put_cp(e, IBIDI__LRI);
        wrap_components(e, s, len, comps, n_comps, IBIDI__FSI, IBIDI__PDI, 0);
        ibidi__put_cp(e, IBIDI__PDI);
        break;
    case IBIDI_DISPLAY_FORM_HTML:
    case IBIDI_DISPLAY_FORM_HTML_SPAN: {
        int bdi = form == IBIDI_DISPLAY_FORM_HTML;
        ibidi__put(e, bdi ? HTML_BDI_OPEN : HTML_SPAN_OPEN,
                   bdi ? sizeof HTML_BDI_OPEN - 1 : sizeof HTML_SPAN_OPEN - 1);
        put_html(e, s, len);
        ibidi__put(e, bdi ? HTML_BDI_CLOSE : HTML_SPAN_CLOSE,
                   bdi ? sizeof HTML_BDI_CLOSE - 1 : sizeof HTML_SPAN_CLOSE - 1);
        break;
    }
    case IBIDI_DISPLAY_FORM_VISUAL:
        break;
    }
}

/* The display order of w->cps[0..n), already laid out, as UTF-8 with L4 mirrored glyphs. */
static void emit_visual(ibidi__emit *e, const ibidi__dwork *w, size_t n)
{
    for (size_t v = 0; v < n; v++) {
        size_t l = w->v2l[v];
        ibidi__put_cp(e, ibidi_bidi_mirror(w->cps[l], w->levels[l]));
    }
}

static int valid_form(ibidi_display_form f)
{
    return f >= IBIDI_DISPLAY_FORM_VISUAL && f <= IBIDI_DISPLAY_FORM_HTML_SPAN;
}

/* The three bytes of a control of U+2000..U+2FFF in UTF-8 (E2 80..BF 80..BF): every control
 * the forms insert is one. */
static inline char *put_control(char *o, uint32_t cp)
{
    o[0] = (char)0xE2;
    o[1] = (char)(0x80u | (cp >> 6 & 0x3Fu));
    o[2] = (char)(0x80u | (cp & 0x3Fu));
    return o + 3;
}

/* s[0..n) to o: a name's runs are short, and a call for each costs more than the copy. */
static inline char *put_bytes(char *o, const char *s, size_t n)
{
    if (n > 16) {
        memcpy(o, s, n);
    } else if (n >= 8) { /* two words that may overlap */
        uint64_t a, b;
        memcpy(&a, s, 8);
        memcpy(&b, s + n - 8, 8);
        memcpy(o, &a, 8);
        memcpy(o + n - 8, &b, 8);
    } else if (n >= 4) {
        uint32_t a, b;
        memcpy(&a, s, 4);
        memcpy(&b, s + n - 4, 4);
        memcpy(o, &a, 4);
        memcpy(o + n - 4, &b, 4);
    } else if (n > 0) { /* 1 to 3 bytes: the first, the middle and the last */
        o[0] = s[0];
        o[n / 2] = s[n / 2];
        o[n - 1] = s[n - 1];
    }
    return o + n;
}

/* The forms that only put controls around the whole and its components (EMBED, ISOLATE,
 * COMPONENTS), byte for byte as ibidi__emit_form writes them, straight into out when they
 * fit: *need gets their size and the call 1. Any other form, or one that does not fit,
 * gives 0 with nothing written (ibidi__emit_form writes what fits of it). */
static int wrap_direct(char *out, size_t cap, const char *s, size_t len,
                       const ibidi_iri_component *comps, size_t n_comps,
                       ibidi_display_form form, size_t *need)
{
    size_t n = len + 6; /* the text and two controls around it */
    if (form == IBIDI_DISPLAY_FORM_COMPONENTS) {
        for (size_t i = 0; i < n_comps; i++)
            n += comps[i].length ? 6 : 0; /* FSI ... PDI around each non-empty component */
    } else if (form != IBIDI_DISPLAY_FORM_EMBED && form != IBIDI_DISPLAY_FORM_ISOLATE) {
        return 0;
    }
    if (out == NULL || n > cap)
        return 0;
    char *o = out;
    if (form == IBIDI_DISPLAY_FORM_EMBED) { /* 2012 guidelines §2 */
        o = put_control(o, IBIDI__LRE);
        o = put_bytes(o, s, len);
        o = put_control(o, IBIDI__PDF);
    } else if (form == IBIDI_DISPLAY_FORM_ISOLATE) { /* UAX #9 X5a, X6a */
        o = put_control(o, IBIDI__LRI);
        o = put_bytes(o, s, len);
        o = put_control(o, IBIDI__PDI);
    } else { /* LRI, each component in FSI ... PDI (P2-P3 in the isolate), PDI */
        size_t pos = 0;
        o = put_control(o, IBIDI__LRI);
        for (size_t i = 0; i < n_comps; i++) {
            const ibidi_iri_component *c = &comps[i];
            if (c->length == 0)
                continue;
            o = put_bytes(o, s + pos, c->start - pos);
            o = put_control(o, IBIDI__FSI);
            o = put_bytes(o, s + c->start, c->length);
            o = put_control(o, IBIDI__PDI);
            pos = c->start + c->length;
        }
        o = put_bytes(o, s + pos, len - pos);
        o = put_control(o, IBIDI__PDI);
    }
    *need = n;
    return 1;
}

/* A form other than VISUAL of well-formed text with its components: it only wraps the text,
 * so needs neither decoding nor a work area. */
static ibidi_status wrap_valid(const char *s, size_t len, const ibidi_iri_component *comps,
                               size_t n_comps, ibidi_display_form form, ibidi_dir context,
                               char *out, size_t cap, size_t *out_len, ibidi_error *err)
{
    size_t n;
    if (!wrap_direct(out, cap, s, len, comps, n_comps, form, &n)) {
        ibidi__emit e = ibidi__emitter(out, cap);
        ibidi__emit_form(&e, s, len, comps, n_comps, form, context);
        n = e.len;
    }
    if (out_len)
        *out_len = n;
    if (n > cap || (out == NULL && n > 0))
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

ibidi_status ibidi__display_wrap(const char *s, size_t len, const ibidi_iri_component *comps,
                                 size_t n_comps, ibidi_display_form form, ibidi_dir context,
                                 char *out, size_t cap, size_t *out_len, ibidi_error *err)
{
    return wrap_valid(s, len, comps, n_comps, form, context, out, cap, out_len, err);
}

ibidi_status ibidi__form_in(ibidi__dwork *w, const char *s, size_t len,
                            const ibidi_iri_component *comps, size_t n_comps, ibidi_display_form form,
                            ibidi_dir context, char *out, size_t cap, size_t *out_len,
                            ibidi_error *err)
{
    ibidi__emit e = {out, out ? cap : 0, 0, NULL, 0, SIZE_MAX};
    size_t n = 0;
    ibidi_status st;
    if (form != IBIDI_DISPLAY_FORM_VISUAL && len < w->id_cap) {
        /* the other forms only wrap the text: it need not be decoded into the work area,
           only be well-formed (fewer bytes than the area holds code points: it fits) */
        st = ibidi_utf8_validate(s, len, NULL, err);
        if (st != IBIDI_OK)
            return st;
        return wrap_valid(s, len, comps, n_comps, form, context, out, cap, out_len, err);
    }
    st = ibidi__decode_id(w, s, len, comps, n_comps, &n, err);
    if (st != IBIDI_OK)
        return st;
    if (form == IBIDI_DISPLAY_FORM_VISUAL) {
        st = ibidi__lay_out(w, n, context, err);
        if (st != IBIDI_OK)
            return st;
        emit_visual(&e, w, n);
    } else {
        ibidi__emit_form(&e, s, len, comps, n_comps, form, context);
    }
    if (out_len)
        *out_len = e.len;
    if (e.len > cap || (out == NULL && e.len > 0))
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

/* ibidi_display_utf8 past its argument checks, with the work area laid out (in a frame of
 * its own: the fixed area is large). */
static IBIDI__NOINLINE ibidi_status display_in_area(const char *s, size_t len,
                                             const ibidi_display_options *o, char *data,
                                             size_t cap, size_t *out_len, ibidi_error *err)
{
    ibidi__dw_id small;
    ibidi__dwork w;
    const ibidi_iri_component *comps;
    size_t nc;
    ibidi_status st = begin_id(&w, &small, s, len, o, &comps, &nc, err);
    if (st != IBIDI_OK)
        return st;
    return ibidi__form_in(&w, s, len, comps, nc, o->form, o->context, data, cap, out_len, err);
}

ibidi_status ibidi_display_utf8(const char *s, size_t len, const ibidi_display_options *opts,
                                ibidi_buf *out, ibidi_error *err)
{
    const ibidi_display_options *o = opts ? opts : &defaults;
    char *const data = out ? out->data : NULL;
    const size_t cap = out ? out->cap : 0;
    ibidi_status st;
    if (out)
        out->len = 0;
    if ((s == NULL && len > 0) || (data == NULL && cap > 0) || !valid_form(o->form) ||
        !valid_context(o->context) || !comps_valid(len, o->comps))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (o->form != IBIDI_DISPLAY_FORM_VISUAL && o->comps != NULL && len <= IBIDI_DISPLAY_SMALL) {
        /* No work area: for a text this short ibidi__dwork_init cannot fail and lays out
           one (the fixed area or the caller's) that holds more code points than the text
           has bytes, and the components are given, so ibidi__form_in would only check the
           UTF-8 and wrap the text, as here. */
        st = ibidi_utf8_validate(s, len, NULL, err);
        if (st != IBIDI_OK)
            return st;
        return wrap_valid(s, len, o->comps->items, o->comps->n, o->form, o->context, data, cap,
                          out ? &out->len : NULL, err);
    }
    return display_in_area(s, len, o, data, cap, out ? &out->len : NULL, err);
}

/* ---- Proofs ----------------------------------------------------------------------------- */

/* Appends the code points of context text to the text being built, as context. */
static ibidi_status add_context(ibidi__dwork *w, size_t *n, const char *t, size_t tlen,
                                uint32_t *ordinal, ibidi_error *err)
{
    const unsigned char *u = (const unsigned char *)t;
    size_t pos = 0;
    while (pos < tlen) {
        uint32_t cp;
        size_t step = 1;
        if (u[pos] < 0x80) {
            cp = u[pos];
        } else {
            ibidi_status st;
            step = ibidi__utf8_decode_multi(u + pos, tlen - pos, &cp, &st);
            if (step == 0)
                return ibidi__fail(err, st, pos, u[pos]);
        }
        /* One paragraph: separators would start another (P1). */
        if (ibidi__bc(cp) == IBIDI_UNICODE_BC_B)
            return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, pos, cp);
        if (*n >= w->cap)
            return ibidi__fail(err, IBIDI_E_DISPLAY_WORK_TOO_SMALL, pos, 0);
        w->cps[*n] = cp;
        w->idx[*n] = IBIDI__CONTEXT | (*ordinal)++;
        (*n)++;
        pos += step;
    }
    return IBIDI_OK;
}

/* Appends a form's text: controls it inserted are marked IBIDI__NONE, the identifier's own
 * characters get their index. For the HTML forms the text is first read as HTML: the
 * element with dir="ltr" is an LRI ... PDI (HTML's bdi element and dir attribute isolate;
 * UAX #9 HL3), the character references become their characters. A form whose characters
 * are not exactly the identifier's gives 0 (and *bad the byte offset in the form). A text longer
 * than the area holds gives -1 (the fixed area holds the forms of components that
 * ibidi_iri_parse makes: see display_internal.h). */
static int add_form(ibidi__dwork *w, size_t *n, const char *f, size_t flen, ibidi_display_form form,
                    size_t n_id, size_t *bad)
{
    const unsigned char *u = (const unsigned char *)f;
    size_t pos = 0, k = 0, end = flen;
    int html = form == IBIDI_DISPLAY_FORM_HTML || form == IBIDI_DISPLAY_FORM_HTML_SPAN;
    if (html) {
        const char *open = form == IBIDI_DISPLAY_FORM_HTML ? HTML_BDI_OPEN : HTML_SPAN_OPEN;
        const char *close = form == IBIDI_DISPLAY_FORM_HTML ? HTML_BDI_CLOSE : HTML_SPAN_CLOSE;
        size_t ol = strlen(open), cl = strlen(close);
        if (flen < ol + cl || memcmp(f, open, ol) != 0 || memcmp(f + flen - cl, close, cl) != 0) {
            *bad = 0;
            return 0;
        }
        if (*n >= w->cap)
            return -1;
        w->cps[*n] = IBIDI__LRI;
        w->idx[(*n)++] = IBIDI__NONE;
        pos = ol;
        end = flen - cl;
    }
    while (pos < end) {
        uint32_t cp;
        size_t step = 1;
        if (u[pos] < 0x80) {
            cp = u[pos];
            if (html && cp == '<') { /* no markup inside the element */
                *bad = pos;
                return 0;
            }
            if (html && cp == '&') {
                static const struct {
                    const char *ref;
                    char c;
                } refs[] = {{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'},
                            {"&#39;", '\''}};
                size_t r = 0;
                while (r < sizeof refs / sizeof refs[0] &&
                       !(end - pos >= strlen(refs[r].ref) &&
                         memcmp(f + pos, refs[r].ref, strlen(refs[r].ref)) == 0))
                    r++;
                if (r == sizeof refs / sizeof refs[0]) {
                    *bad = pos;
                    return 0;
                }
                cp = (uint32_t)(unsigned char)refs[r].c;
                step = strlen(refs[r].ref);
            }
        } else {
            ibidi_status st;
            step = ibidi__utf8_decode_multi(u + pos, end - pos, &cp, &st);
            if (step == 0) {
                *bad = pos;
                return 0;
            }
        }
        if (*n >= w->cap)
            return -1;
        if (!html && ibidi__is_bidi_control(cp)) {
            w->cps[*n] = cp;
            w->idx[(*n)++] = IBIDI__NONE;
        } else {
            if (k >= n_id || cp != w->scratch[k]) {
                *bad = pos;
                return 0;
            }
            w->cps[*n] = cp;
            w->idx[(*n)++] = (uint32_t)k++;
        }
        pos += step;
    }
    if (k != n_id) {
        *bad = pos;
        return 0;
    }
    if (html) {
        if (*n >= w->cap)
            return -1;
        w->cps[*n] = IBIDI__PDI;
        w->idx[(*n)++] = IBIDI__NONE;
    }
    return 1;
}

/* Is cp of class BN (X9 removes it; it shows nothing)? */
static int is_bn(uint32_t cp)
{
    return ibidi_unicode_bidi_class(cp) == IBIDI_UNICODE_BC_BN;
}

/* Where the identifier's characters land when before + form + after is shown in a
 * paragraph of direction para: seq[m] is the identifier index at the m-th visual place
 * among them, par[m] the parity of its level (not made when seq is NULL). *contiguous says
 * whether no context character shows between them. Needs w->scratch = the identifier's
 * code points. With n_keys the whole line, context included, goes to w->keys and w->kpar
 * as the reader sees it, *n_keys its length; with *differs as well it is compared with what
 * is there instead (*differs becomes 1 at the first difference) and not stored. */
static ibidi_status arrange(ibidi__dwork *w, const char *form_text, size_t form_len,
                            ibidi_display_form form, size_t n_id,
                            const ibidi_display_options *o, uint32_t *seq, uint8_t *par,
                            int *contiguous, int *form_ok, size_t *bad, size_t *n_keys,
                            int *differs, ibidi_error *err)
{
    size_t n = 0, m = 0, shown = 0, ctx_between = 0, nk = 0;
    uint32_t ordinal = 0;
    int added;
    ibidi_status st = add_context(w, &n, o->before, o->before_len, &ordinal, err);
    if (st != IBIDI_OK)
        return st;
    added = add_form(w, &n, form_text, form_len, form, n_id, bad);
    if (added < 0)
        return ibidi__fail(err, IBIDI_E_DISPLAY_WORK_TOO_SMALL, 0, 0);
    *form_ok = added;
    if (!*form_ok)
        return IBIDI_OK;
    st = add_context(w, &n, o->after, o->after_len, &ordinal, err);
    if (st != IBIDI_OK)
        return st;
    st = ibidi__lay_out(w, n, o->context, err);
    if (st != IBIDI_OK)
        return st;
    for (size_t v = 0; v < n; v++) {
        uint32_t k = w->idx[w->v2l[v]];
        uint8_t odd = w->levels[w->v2l[v]] & 1u;
        if (k == IBIDI__NONE) /* an inserted control: removed by X9 or invisible */
            continue;
        /* The whole line, context included, as the reader sees it (L4 needs the parity). */
        if (n_keys && differs) {
            if (nk >= *n_keys || w->keys[nk] != k || w->kpar[nk] != odd)
                *differs = 1;
            nk++;
        } else if (n_keys) {
            w->keys[nk] = k;
            w->kpar[nk++] = odd;
        }
        /* A BN character shows nothing, and where it goes is a convention (see
         * ibidi_display_prove): it neither splits the identifier nor lies in it. */
        const int bn = is_bn(w->cps[w->v2l[v]]);
        if (k & IBIDI__CONTEXT) {
            if (shown > 0 && !bn)
                ctx_between++;
            continue;
        }
        if (!bn) {
            /* Context seen since the first identifier character lies inside the identifier. */
            if (ctx_between > 0 && shown > 0)
                *contiguous = 0;
            ctx_between = 0;
            shown++;
        }
        if (seq) {
            seq[m] = k;
            par[m] = odd;
        }
        m++;
    }
    if (n_keys) {
        if (differs && nk != *n_keys)
            *differs = 1;
        *n_keys = nk;
    }
    return IBIDI_OK;
}

/* The standard display model: the identifier alone in a left-to-right paragraph. */
static ibidi_status standard(ibidi__dwork *w, size_t n_id, uint32_t *seq, uint8_t *par,
                             ibidi_error *err)
{
    ibidi_status st;
    memcpy(w->cps, w->scratch, n_id * sizeof(uint32_t));
    st = ibidi__lay_out(w, n_id, IBIDI_DIR_LTR, err);
    if (st != IBIDI_OK)
        return st;
    for (size_t v = 0; v < n_id; v++) {
        seq[v] = (uint32_t)w->v2l[v];
        par[v] = w->levels[w->v2l[v]] & 1u;
    }
    return IBIDI_OK;
}

/* The promise of the marks and components forms: delimiters and components left to right
 * in logical order, each component as it shows alone in its own direction. */
static ibidi_status componentwise(ibidi__dwork *w, size_t n_id, uint32_t *seq, uint8_t *par,
                                  ibidi_error *err)
{
    size_t i = 0, m = 0;
    while (i < n_id) {
        uint32_t c = w->comp_of[i];
        size_t j = i, len;
        ibidi_status st;
        if (c == IBIDI__NONE) { /* a delimiter: left to right, at an even level */
            seq[m] = (uint32_t)i;
            par[m++] = 0;
            i++;
            continue;
        }
        while (j < n_id && w->comp_of[j] == c)
            j++;
        len = j - i;
        memcpy(w->cps, w->scratch + i, len * sizeof(uint32_t));
        st = ibidi__lay_out(w, len, first_strong_rtl(w->cps, len) ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, err);
        if (st != IBIDI_OK)
            return st;
        for (size_t v = 0; v < len; v++) {
            seq[m] = (uint32_t)(i + w->v2l[v]);
            par[m++] = w->levels[w->v2l[v]] & 1u;
        }
        i = j;
    }
    return IBIDI_OK;
}

/* Components whose characters are contiguous in the arrangement seq. */
static size_t count_together(ibidi__dwork *w, size_t n_id, const uint32_t *seq)
{
    size_t together = 0;
    for (size_t m = 0; m < n_id; m++)
        w->pos[seq[m]] = (uint32_t)m;
    for (size_t i = 0; i < n_id;) {
        uint32_t c = w->comp_of[i];
        size_t j = i, lo = SIZE_MAX, hi = 0;
        if (c == IBIDI__NONE) {
            i++;
            continue;
        }
        while (j < n_id && w->comp_of[j] == c) {
            if (w->pos[j] < lo)
                lo = w->pos[j];
            if (w->pos[j] > hi)
                hi = w->pos[j];
            j++;
        }
        if (hi - lo + 1 == j - i)
            together++;
        i = j;
    }
    return together;
}

static int comp_contiguous(ibidi__dwork *w, size_t n_id, uint32_t c)
{
    size_t lo = SIZE_MAX, hi = 0, count = 0;
    for (size_t i = 0; i < n_id; i++)
        if (w->comp_of[i] == c) {
            count++;
            if (w->pos[i] < lo)
                lo = w->pos[i];
            if (w->pos[i] > hi)
                hi = w->pos[i];
        }
    return count == 0 || hi - lo + 1 == count;
}

/* The start of a call that proves in context (ibidi_display_prove, _needs_embedding): the
 * inputs every such call needs checked, the work area laid out, the identifier's code
 * points decoded, and a copy of them in the scratch array that the forms are built over. */
static ibidi_status begin_proof(ibidi__dwork *w, ibidi__dw_proof *small, const char *s,
                                size_t len, const ibidi_display_options *o, size_t *n_id,
                                ibidi_error *err)
{
    if ((s == NULL && len > 0) || (o->before == NULL && o->before_len > 0) ||
        (o->after == NULL && o->after_len > 0) || !valid_context(o->context) ||
        (o->comps == NULL && len > 0) || !comps_valid(len, o->comps) ||
        o->before_len > SIZE_MAX / 2 - o->after_len)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi_status st = ibidi__dwork_init(w, IBIDI__DW_KIND_PROOF, small, len,
                                        o->before_len + o->after_len, o->work, o->work_size,
                                        err);
    if (st != IBIDI_OK)
        return st;
    st = ibidi__decode_id(w, s, len, given_items(o), given_n(o), n_id, err);
    if (st != IBIDI_OK)
        return st;
    memcpy(w->scratch, w->cps, *n_id * sizeof(uint32_t));
    return IBIDI_OK;
}

ibidi_status ibidi_display_prove(const char *s, size_t len, const ibidi_display_options *opts,
                                 ibidi_display_proof *proof, ibidi_error *err)
{
    const ibidi_display_options *o = opts ? opts : &defaults;
    const ibidi_iri_component *const comps = given_items(o);
    const size_t n_comps = given_n(o);
    const ibidi_display_form form = o->form;
    const ibidi_dir para = o->context;
    ibidi__dw_proof small;
    ibidi__dwork w;
    ibidi__emit e;
    ibidi_status st;
    size_t n_id = 0, bad = 0;
    int contiguous = 1, form_ok = 1;
    if (proof == NULL || !valid_form(form) || form == IBIDI_DISPLAY_FORM_VISUAL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    st = begin_proof(&w, &small, s, len, o, &n_id, err);
    if (st != IBIDI_OK)
        return st;
    e = ibidi__emitter(w.text, w.text_cap);
    ibidi__emit_form(&e, s, len, comps, n_comps, form, para);
    if (e.len > e.cap)
        return ibidi__fail(err, IBIDI_E_DISPLAY_WORK_TOO_SMALL, 0, 0);
    proof->failure = IBIDI_DISPLAY_PROOF_HOLDS;
    proof->component = IBIDI_NO_PART;
    proof->offset = 0;
    proof->together = 0;
    st = arrange(&w, w.text, e.len, form, n_id, o, w.seq, w.par, &contiguous, &form_ok, &bad,
                 NULL, NULL, err);
    if (st != IBIDI_OK)
        return st;
    if (!form_ok) { /* the form's text does not hold the identifier as it should */
        proof->failure = IBIDI_DISPLAY_PROOF_NOT_STANDARD;
        proof->offset = bad;
        return ibidi__ok(err);
    }
    proof->together = count_together(&w, n_id, w.seq);
    if (form == IBIDI_DISPLAY_FORM_MARKS || form == IBIDI_DISPLAY_FORM_COMPONENTS)
        st = componentwise(&w, n_id, w.seq2, w.par2, err);
    else
        st = standard(&w, n_id, w.seq2, w.par2, err);
    if (st != IBIDI_OK)
        return st;
    if (!contiguous) {
        proof->failure = IBIDI_DISPLAY_PROOF_NOT_CONTIGUOUS;
        return ibidi__ok(err);
    }
    /* The arrangements are compared on the characters that show: X9 removes a BN character
     * (ZWJ, ZWNJ, U+206A...), so where an implementation that keeps it puts it, and at
     * which level, is its own convention (UAX #9 §5.2: the level of the character before
     * it, which next to an isolate initiator is the level outside the isolate), not a
     * display the form could keep or break. */
    for (size_t m = 0, m2 = 0;; m++, m2++) {
        while (m < n_id && is_bn(w.scratch[w.seq[m]]))
            m++;
        while (m2 < n_id && is_bn(w.scratch[w.seq2[m2]]))
            m2++;
        if (m >= n_id || m2 >= n_id)
            break;
        uint32_t want = w.seq2[m2], got = w.seq[m];
        uint32_t cw, cg;
        if (want == got && w.par[m] == w.par2[m2])
            continue;
        proof->offset = w.offs[want];
        cw = w.comp_of[want];
        cg = w.comp_of[got];
        proof->component = cw == IBIDI__NONE ? IBIDI_NO_PART : (size_t)cw;
        if (form != IBIDI_DISPLAY_FORM_MARKS && form != IBIDI_DISPLAY_FORM_COMPONENTS)
            proof->failure = IBIDI_DISPLAY_PROOF_NOT_STANDARD;
        else if (cw != IBIDI__NONE && cw == cg)
            proof->failure = IBIDI_DISPLAY_PROOF_COMPONENT_DISPLAY;
        else if (cw != IBIDI__NONE && !comp_contiguous(&w, n_id, cw))
            proof->failure = IBIDI_DISPLAY_PROOF_COMPONENT_SPLIT;
        else
            proof->failure = IBIDI_DISPLAY_PROOF_COMPONENT_ORDER;
        break;
    }
    return ibidi__ok(err);
}

ibidi_status ibidi_display_needs_embedding(const char *s, size_t len,
                                           const ibidi_display_options *opts, int *needed,
                                           ibidi_error *err)
{
    const ibidi_display_options *o = opts ? opts : &defaults;
    const ibidi_iri_component *const comps = given_items(o);
    const size_t n_comps = given_n(o);
    const ibidi_dir para = o->context;
    ibidi__dw_proof small;
    ibidi__dwork w;
    ibidi__emit e;
    ibidi_status st;
    size_t n_id = 0, bad = 0, nk = 0;
    int plain = 1, embedded = 1, form_ok = 1, differs = 0;
    if (needed == NULL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    st = begin_proof(&w, &small, s, len, o, &n_id, err);
    if (st != IBIDI_OK)
        return st;
    /* The line with the identifier as it is ... */
    st = arrange(&w, s, len, IBIDI_DISPLAY_FORM_EMBED, n_id, o, NULL, NULL, &plain, &form_ok,
                 &bad, &nk, NULL, err);
    if (st != IBIDI_OK)
        return st;
    /* ... against the line with LRE ... PDF around it (2012 guidelines §2). "The display is
     * still the same" is read strictly: every character of the line, context included,
     * shows at the same place with the same level parity (L4 glyphs). */
    e = ibidi__emitter(w.text, w.text_cap);
    ibidi__emit_form(&e, s, len, comps, n_comps, IBIDI_DISPLAY_FORM_EMBED, para);
    st = arrange(&w, w.text, e.len, IBIDI_DISPLAY_FORM_EMBED, n_id, o, NULL, NULL, &embedded,
                 &form_ok, &bad, &nk, &differs, err);
    if (st != IBIDI_OK)
        return st;
    *needed = !plain || differs;
    return ibidi__ok(err);
}

/* ---- Names ------------------------------------------------------------------------------ */

const char *ibidi_display_form_name(ibidi_display_form form)
{
    static const char *const names[] = {"visual",     "marks", "embed",    "isolate",
                                        "components", "html",  "html-span"};
    return valid_form(form) ? names[form] : NULL;
}

const char *ibidi_display_repr_name(ibidi_display_repr repr)
{
    static const char *const names[] = {"logical", "textual", "visual"};
    return repr >= IBIDI_DISPLAY_REPR_LOGICAL && repr <= IBIDI_DISPLAY_REPR_VISUAL ? names[repr] : NULL;
}
