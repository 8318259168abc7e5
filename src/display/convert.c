/*
 * Duerst 2001 §4.4: conversions between the processing (logical), textual and visual
 * forms of an identifier. Every conversion goes through the logical form and is checked
 * by going back: a textual form is accepted only when it is exactly what §4.3 makes of
 * its logical form, a visual form only when its logical form shows as it; and a visual
 * form is made only when it reads back so (§5).
 */
#include <string.h>

#include "display/display_internal.h"
#include "iri/iri_internal.h"
#include "ibidi/utf8.h"
#include "unicode/utf8_internal.h"

/* Textual to logical. The logical text goes to w->text; *llen gets its length. Anything
 * but the marks of §4.3 at their places is an error at its offset in the textual text. */
static ibidi_status strip_textual(ibidi__dwork *w, const char *s, size_t len, ibidi_dir context,
                                  size_t *llen, ibidi_error *err)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t pos = 0, end = len, k = 0;
    uint32_t cp;
    ibidi_status st;
    /* §4.3: LRE ... PDF around the identifier exactly when the context is right-to-left. */
    if (context == IBIDI_DIR_RTL) {
        if (len < 6 || memcmp(s, "\xE2\x80\xAA", 3) != 0)
            return ibidi__fail(err, IBIDI_E_CONVERT_EMBEDDING, 0, 0);
        if (memcmp(s + len - 3, "\xE2\x80\xAC", 3) != 0)
            return ibidi__fail(err, IBIDI_E_CONVERT_EMBEDDING, len, 0);
        pos = 3;
        end = len - 3;
    }
    while (pos < end) {
        size_t step = 1;
        if (u[pos] < 0x80) {
            cp = u[pos];
        } else {
            step = ibidi__utf8_decode_multi(u + pos, end - pos, &cp, &st);
            if (step == 0)
                return ibidi__fail(err, st, pos, u[pos]);
        }
        if (cp == IBIDI__LRE || cp == IBIDI__PDF)
            return ibidi__fail(err, IBIDI_E_CONVERT_EMBEDDING, pos, cp);
        if (cp != IBIDI__LRM) {
            if (ibidi__is_bidi_control(cp))
                return ibidi__fail(err, IBIDI_E_IDENT_BIDI_CONTROL, pos, cp);
            memcpy(w->text + k, s + pos, step);
            k += step;
        }
        pos += step;
    }
    *llen = k;
    return IBIDI_OK;
}

/* The offset in the textual text of byte lofs of its logical text (for errors). */
static size_t textual_offset(const char *s, size_t len, ibidi_dir context, size_t lofs)
{
    size_t pos = context == IBIDI_DIR_RTL ? 3 : 0, k = 0;
    while (pos < len) {
        if (pos + 3 <= len && memcmp(s + pos, "\xE2\x80\x8E", 3) == 0) {
            pos += 3;
            continue;
        }
        if (k == lofs)
            break;
        pos++;
        k++;
    }
    return pos;
}

/* Visual form (§4.2) of the logical text l[0..llen) with its components: the UBA on the
 * textual form (§4.4), the controls left out. */
static void visual_of(ibidi__dwork *w, const char *l, size_t llen, size_t n_comps,
                      ibidi_dir context, ibidi__emit *out, size_t *n_laid, ibidi_status *st,
                      ibidi_error *err)
{
    ibidi__emit t = ibidi__emitter(w->text + llen, w->text_cap - llen);
    const unsigned char *u;
    size_t n = 0, pos = 0;
    ibidi__emit_form(&t, l, llen, w->comps, n_comps, IBIDI_DISPLAY_FORM_MARKS, context);
    if (t.len > t.cap) {
        *st = ibidi__fail(err, IBIDI_E_DISPLAY_WORK_TOO_SMALL, 0, 0);
        return;
    }
    u = (const unsigned char *)t.out;
    while (pos < t.len) {
        uint32_t cp;
        ibidi_status dst;
        size_t step = u[pos] < 0x80 ? 1 : ibidi__utf8_decode_multi(u + pos, t.len - pos, &cp, &dst);
        if (u[pos] < 0x80)
            cp = u[pos];
        if (step == 0 || n >= w->cap) {
            *st = ibidi__fail(err, IBIDI_E_DISPLAY_WORK_TOO_SMALL, 0, 0);
            return;
        }
        w->cps[n++] = cp;
        pos += step;
    }
    *st = ibidi__lay_out(w, n, context, err);
    if (*st != IBIDI_OK)
        return;
    if (n_laid)
        *n_laid = n;
    for (size_t v = 0; v < n; v++) {
        size_t i = w->v2l[v];
        if (!ibidi__is_bidi_control(w->cps[i]))
            ibidi__put_cp(out, ibidi_bidi_mirror(w->cps[i], w->levels[i]));
    }
}

/* Where the text an emitter compared (check->cmp, len bytes) first differs from what it was
 * given, at the start of that character; SIZE_MAX when the two are the same. */
static size_t mismatch_at(const ibidi__emit *check, const char *s, size_t len)
{
    size_t at = check->mismatch;
    if (at == SIZE_MAX && check->len != len)
        at = check->len < len ? check->len : len;
    if (at == SIZE_MAX)
        return SIZE_MAX;
    while (at > 0 && at < len && ((unsigned char)s[at] & 0xC0u) == 0x80u)
        at--;
    return at;
}

/* Visual to logical, into *l (which may only compare): each component with right-to-left
 * characters read in its natural order (§4.4: "component-by-component from left to right,
 * using the natural reading order for each component"), which the UBA gives back for any
 * component whose display is its own inverse; the caller checks the result by showing it
 * again. */
static ibidi_status read_visual(ibidi__dwork *w, const char *s, size_t len, size_t n_comps,
                                ibidi__emit *l, ibidi_error *err)
{
    size_t pos = 0;
    for (size_t c = 0; c < n_comps; c++) {
        const ibidi_iri_component *cm = &w->comps[c];
        size_t n = 0, p = cm->start, end = cm->start + cm->length;
        ibidi_status st;
        if (!ibidi__span_has_rtl(s, cm->start, cm->length))
            continue;
        ibidi__put(l, s + pos, cm->start - pos);
        while (p < end) {
            const unsigned char *u = (const unsigned char *)s;
            uint32_t cp = u[p];
            size_t step = 1;
            if (cp >= 0x80) {
                step = ibidi__utf8_decode_multi(u + p, end - p, &cp, &st);
                if (step == 0)
                    return ibidi__fail(err, st, p, u[p]);
            }
            w->cps[n++] = cp;
            p += step;
        }
        st = ibidi__lay_out(w, n, IBIDI_DIR_RTL, err);
        if (st != IBIDI_OK)
            return st;
        for (size_t v = 0; v < n; v++) {
            size_t i = w->v2l[v];
            ibidi__put_cp(l, ibidi_bidi_mirror(w->cps[i], w->levels[i]));
        }
        pos = end;
    }
    ibidi__put(l, s + pos, len - pos);
    return IBIDI_OK;
}

/* The byte offset in the logical text l of the character that visual_of showed at byte
 * vofs of its visual form (w->cps and w->v2l as visual_of left them, n_laid code points):
 * the character to blame when the visual form does not read back. */
static size_t logical_of_visual(const ibidi__dwork *w, size_t n_laid, const char *v, size_t vofs,
                                const char *l, size_t llen)
{
    size_t k = 0, pos = 0, n = 0, i = 0, j;
    uint32_t cp;
    /* the visual form's characters before vofs (the form is well-formed UTF-8) */
    while (pos < vofs && ibidi_utf8_next(v, vofs, &pos, &cp, NULL) == IBIDI_OK)
        k++;
    /* the k-th character shown (the marks of the textual form are not), in logical order
     * among the characters that are not marks */
    for (size_t v2 = 0;; v2++) {
        if (v2 >= n_laid) /* past the last character shown: blame the end */
            return llen;
        i = w->v2l[v2];
        if (ibidi__is_bidi_control(w->cps[i]))
            continue;
        if (n++ == k)
            break;
    }
    j = i;
    for (size_t t = 0; t < i; t++)
        j -= ibidi__is_bidi_control(w->cps[t]) != 0;
    for (pos = 0; j > 0 && ibidi_utf8_next(l, llen, &pos, &cp, NULL) == IBIDI_OK; j--)
        ;
    return pos;
}

/* Duerst 2001 §5: the forms are offered so that they convert back. The visual form v of the
 * logical text l (w->text: l, then v) reads back as l exactly: it parses as `as` and its
 * components read in their natural order give l. Restriction 1 does not make it so alone:
 * L1 moves a trailing neutral or a BN character (ZWNJ) to the side of a right-to-left
 * paragraph, W rules join numbers across components, and such a form parses as something
 * else or reads back as another text. *at gets the offset in l to blame. */
static ibidi_status visual_reads_back(ibidi__dwork *w, size_t n_laid, const char *l, size_t llen,
                                      const char *v, size_t vlen, ibidi_iri_kind as, size_t *at)
{
    size_t nv = 0;
    ibidi_error e2;
    ibidi__emit back = ibidi__emitter(NULL, 0);
    if (ibidi__parse_in(w, v, vlen, as, &nv, &e2) != IBIDI_OK) {
        *at = logical_of_visual(w, n_laid, v, e2.offset < vlen ? e2.offset : vlen, l, llen);
        return IBIDI_E_CONVERT_ROUND_TRIP;
    }
    back.cmp = l;
    back.cmp_len = llen;
    if (read_visual(w, v, vlen, nv, &back, &e2) != IBIDI_OK) {
        *at = 0;
        return IBIDI_E_CONVERT_ROUND_TRIP;
    }
    *at = mismatch_at(&back, l, llen);
    return *at == SIZE_MAX ? IBIDI_OK : IBIDI_E_CONVERT_ROUND_TRIP;
}

static const ibidi_display_options defaults;

ibidi_status ibidi_display_convert(const char *s, size_t len, const ibidi_display_options *opts,
                                   ibidi_buf *out, ibidi_error *err)
{
    const ibidi_display_options *o = opts ? opts : &defaults;
    char *const data = out ? out->data : NULL;
    const size_t cap = out ? out->cap : 0;
    const ibidi_iri_kind as = o->as;
    const ibidi_display_repr from = o->from, to = o->to;
    const ibidi_dir context = o->context;
    ibidi__dw_conv small;
    ibidi__dwork w;
    ibidi__emit e = ibidi__emitter(data, cap);
    const char *l = s;
    size_t llen = len, nc = 0;
    ibidi_status st;
    if (out) /* 0 until there is a form, as every call of the header */
        out->len = 0;
    if ((s == NULL && len > 0) || (data == NULL && cap > 0) || from > IBIDI_DISPLAY_REPR_VISUAL ||
        to > IBIDI_DISPLAY_REPR_VISUAL || (context != IBIDI_DIR_LTR && context != IBIDI_DIR_RTL))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    st = ibidi__dwork_init(&w, IBIDI__DW_KIND_CONV, &small, len, 0, o->work, o->work_size, err);
    if (st != IBIDI_OK)
        return st;

    /* To the logical form, and its components. */
    if (from == IBIDI_DISPLAY_REPR_TEXTUAL) {
        ibidi__emit check;
        st = strip_textual(&w, s, len, context, &llen, err);
        if (st != IBIDI_OK)
            return st;
        l = w.text;
        st = ibidi__parse_in(&w, l, llen, as, &nc, err);
        if (st != IBIDI_OK) {
            if (err)
                err->offset = textual_offset(s, len, context, err->offset);
            return st;
        }
        /* Duerst 2001 §4.4: the marks removed must be exactly those §4.3 adds, where it
         * adds them. */
        check = ibidi__emitter(NULL, 0);
        check.cmp = s;
        check.cmp_len = len;
        ibidi__emit_form(&check, l, llen, w.comps, nc, IBIDI_DISPLAY_FORM_MARKS, context);
        size_t at = mismatch_at(&check, s, len);
        if (at != SIZE_MAX) {
            return ibidi__fail(err, IBIDI_E_CONVERT_MARK, at,
                               at < len && (unsigned char)s[at] >= 0xE0 ? 0x200Eu : 0);
        }
    } else if (from == IBIDI_DISPLAY_REPR_VISUAL) {
        st = ibidi__parse_in(&w, s, len, as, &nc, err);
        if (st != IBIDI_OK)
            return st;
        ibidi__emit rl = ibidi__emitter(w.text, w.text_cap);
        st = read_visual(&w, s, len, nc, &rl, err);
        if (st != IBIDI_OK)
            return st;
        if (rl.len > rl.cap)
            return ibidi__fail(err, IBIDI_E_DISPLAY_WORK_TOO_SMALL, 0, 0);
        llen = rl.len;
        l = w.text;
        st = ibidi__parse_in(&w, l, llen, as, &nc, err);
        if (st != IBIDI_OK)
            return st;
        {
            /* The logical form must show as the visual text read (§4.2). */
            ibidi__emit check = ibidi__emitter(NULL, 0);
            check.cmp = s;
            check.cmp_len = len;
            visual_of(&w, l, llen, nc, context, &check, NULL, &st, err);
            if (st != IBIDI_OK)
                return st;
            size_t at = mismatch_at(&check, s, len);
            if (at != SIZE_MAX)
                return ibidi__fail(err, IBIDI_E_CONVERT_VISUAL, at, 0);
        }
    } else {
        st = ibidi__parse_in(&w, s, len, as, &nc, err);
        if (st != IBIDI_OK)
            return st;
    }

    /* Duerst 2001 §5 restriction 1 and RFC 3987 §4.2 rule 1: the forms convert back to the
     * identifier only when each component keeps one direction and one that uses
     * right-to-left characters starts with one (ab.1CD.com would show as ab.1DC.com,
     * whose logical form is ab.CD1.com). A component that breaks either refuses the
     * conversion, at its offset in the logical form (in the input when that is logical or
     * textual). Restriction 3 (no numbers in a right-to-left component) is not needed for
     * the round trip, as RFC 3987 §4.4 Example 7 shows. */
    if (from != to) {
        for (size_t c = 0; c < nc; c++) {
            _Alignas(ibidi_finding) unsigned char facts[IBIDI__IRI_FACTS_SIZE];
            const ibidi_finding *f;
            size_t nf = 0;
            st = ibidi__iri_component_rules(l, w.comps[c].start,
                                            w.comps[c].start + w.comps[c].length, 0, &f, &nf,
                                            facts, err);
            if (st != IBIDI_OK)
                return st;
            for (size_t k = 0; k < nf; k++)
                if (f[k].code == IBIDI_IRI_MIXED_DIRECTION || f[k].code == IBIDI_IRI_RTL_START)
                    return ibidi__fail(err, IBIDI_E_CONVERT_RESTRICTION,
                                       from == IBIDI_DISPLAY_REPR_TEXTUAL
                                           ? textual_offset(s, len, context, f[k].offset)
                                           : f[k].offset,
                                       f[k].cp);
        }
    }

    /* From the logical form to the one asked for. */
    switch (to) {
    case IBIDI_DISPLAY_REPR_LOGICAL:
        ibidi__put(&e, l, llen);
        break;
    case IBIDI_DISPLAY_REPR_TEXTUAL:
        ibidi__emit_form(&e, l, llen, w.comps, nc, IBIDI_DISPLAY_FORM_MARKS, context);
        break;
    case IBIDI_DISPLAY_REPR_VISUAL: {
        /* w.text: the logical form, then its textual form, which visual_of has decoded
         * before it writes the visual form over it */
        ibidi__emit v;
        if (from == IBIDI_DISPLAY_REPR_VISUAL) { /* checked above: it is the input */
            ibidi__put(&e, s, len);
            break;
        }
        if (l != w.text) {
            if (llen > w.text_cap)
                return ibidi__fail(err, IBIDI_E_DISPLAY_WORK_TOO_SMALL, 0, 0);
            memcpy(w.text, l, llen);
            l = w.text;
        }
        v = ibidi__emitter(w.text + llen, w.text_cap - llen);
        size_t n_laid = 0;
        visual_of(&w, l, llen, nc, context, &v, &n_laid, &st, err);
        if (st != IBIDI_OK)
            return st;
        if (v.len > v.cap)
            return ibidi__fail(err, IBIDI_E_DISPLAY_WORK_TOO_SMALL, 0, 0);
        size_t at;
        if (visual_reads_back(&w, n_laid, l, llen, v.out, v.len, as, &at) != IBIDI_OK) {
            uint32_t cp = 0;
            ibidi_utf8_next(l, llen, &(size_t){at}, &cp, NULL);
            return ibidi__fail(err, IBIDI_E_CONVERT_ROUND_TRIP,
                               from == IBIDI_DISPLAY_REPR_TEXTUAL
                                   ? textual_offset(s, len, context, at)
                                   : at,
                               cp);
        }
        ibidi__put(&e, v.out, v.len);
        break;
    }
    }
    if (out)
        out->len = e.len;
    if (e.len > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}
