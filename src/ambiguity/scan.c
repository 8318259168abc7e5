/*
 * One name of a list, as `ibidi scan` sees it (ibidi/ambiguity.h, ibidi_scan_name):
 * ToUnicode, validity, Badami's analysis and the display keys in both contexts.
 *
 * The steps are those of the public calls (ibidi_idna_to_unicode_utf8,
 * ibidi_iri_validate, ibidi_ambig_analyze, ibidi_display_utf8 with
 * IBIDI_DISPLAY_FORM_VISUAL), but the form is parsed once for all of them and classified once for
 * both displays; tests/test_scan.c checks that the results are those of the public calls.
 * Nothing allocates: the form, the codes and the displays are made on the stack (a form has
 * at most IBIDI_AMBIG_MAX_BYTES bytes) and copied to the caller's buffer.
 */
#include <string.h>

#include "ambiguity/ambiguity_internal.h"
#include "bidi/bidi_internal.h"
#include "common/internal.h"
#include "idna/idna_internal.h"
#include "ibidi/utf8.h"

#define SCAN_MAX IBIDI_AMBIG_MAX_BYTES
/* ibidi_iri_parse: at most len + 2 components. */
#define SCAN_COMPS (SCAN_MAX + 2)
/* Codes: at most 64 distinct names (src/ambiguity/validate.c), each under 30 bytes, so
 * every codes text fits. */
#define SCAN_CODES 2048

/* Places a part of n bytes at *at in buf (when it fits) and records its span. */
static void place(char *buf, size_t cap, size_t *at, const char *p, size_t n, ibidi_span *sp)
{
    sp->start = *at;
    sp->length = n;
    sp->present = 1;
    if (*at <= cap && n <= cap - *at && n > 0)
        memcpy(buf + *at, p, n);
    *at += n;
}

ibidi_status ibidi_scan_name(const char *name, size_t len, unsigned idna_flags,
                             unsigned options, char *buf, size_t cap, size_t *needed,
                             ibidi_findings *findings, ibidi_scan_result *r, ibidi_error *err)
{
    char ubuf[SCAN_MAX], codes[SCAN_CODES], dbuf[2][SCAN_MAX];
    ibidi__code_set idna_codes;
    ibidi__code_set_idna idna_x = {&idna_codes, 0, 0};
    ibidi_iri_component comps[SCAN_COMPS];
    ibidi_iri_info info;
    ibidi__parsed pre;
    size_t at = 0, ncodes = 0, ulen = 0;
    const char *form = name;
    size_t flen = len;
    ibidi_status st, vst;

    if (needed)
        *needed = 0;
    if (findings)
        findings->n = findings->errors = 0;
    if (!r || (!name && len) || (!buf && cap) || (findings && !findings->items && findings->cap) ||
        (options & ~(IBIDI_SCAN_LTR | IBIDI_SCAN_RTL)))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    memset(r, 0, sizeof *r);

    st = ibidi_utf8_validate(name, len, NULL, NULL);
    if (st != IBIDI_OK) {
        /* ill-formed UTF-8: the decoder's status, nothing else to make */
        r->status = r->analysis = st;
        ncodes = ibidi__status_codes_text(st, codes, sizeof codes);
        place(buf, cap, &at, codes, ncodes, &r->codes);
        goto done;
    }

    /* 1. ToUnicode */
    const ibidi_idna_options io = ibidi__idna_exact(idna_flags);
    ibidi__code_set_init(&idna_codes);
    st = ibidi__idna_utf8_fn(name, len, &io, 0, ubuf, sizeof ubuf, &ulen, ibidi__code_set_idna_fn,
                             &idna_x, NULL);
    if (st == IBIDI_E_BUFFER_TOO_SMALL || ((st == IBIDI_OK || st == IBIDI_E_IDNA_INVALID) &&
                                           ulen > SCAN_MAX) ||
        ((st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID) && len > SCAN_MAX)) {
        r->status = r->analysis = IBIDI_E_AMBIG_TOO_LONG;
        ncodes = ibidi__status_codes_text(IBIDI_E_AMBIG_TOO_LONG, codes, sizeof codes);
        place(buf, cap, &at, codes, ncodes, &r->codes);
        goto done;
    }
    if (st == IBIDI_OK || st == IBIDI_E_IDNA_INVALID) {
        form = ubuf;
        flen = ulen;
        place(buf, cap, &at, ubuf, ulen, &r->unicode);
    }

    /* the form, parsed once for validity, analysis and display */
    memset(&info, 0, sizeof info);
    pre.err.status = IBIDI_OK;
    pre.err.offset = 0;
    pre.err.value = 0;
    pre.status =
        ibidi_iri_parse(form, flen, IBIDI_IRI_AS_DOMAIN, comps, SCAN_COMPS, &info, &pre.err);
    pre.comps = comps;
    pre.info = &info;

    /* 2. validity */
    if (st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID) {
        /* no Unicode form (e.g. IDNA_TOO_LONG): the name as it is, invalid */
        r->status = st;
        ncodes = ibidi__status_codes_text(st, codes, sizeof codes);
    } else {
        ibidi__code_set c;
        ibidi__code_set_init(&c);
        ibidi__validate_check(form, flen, pre.status, &pre.err, comps, &info, 0, &c);
        if (pre.status == IBIDI_OK && info.host_kind == IBIDI_IRI_COMP_LABEL &&
            info.host.present && info.host.length > 0)
            ibidi__validate_host(form, info.host, &io, &c);
        vst = ibidi__code_set_result(&c, codes, sizeof codes, &ncodes, NULL);
        if (vst == IBIDI_OK && st == IBIDI_E_IDNA_INVALID) {
            /* the form is valid, the name as written is not: ToUnicode's codes say why */
            r->status = st;
            ncodes = ibidi__code_set_format(&idna_codes, codes, sizeof codes);
        } else if (vst == IBIDI_OK) {
            r->valid = 1;
            r->status = IBIDI_OK;
        } else {
            r->status = vst;
            if (vst != IBIDI_E_IDENT_INVALID || ncodes == 0 || ncodes > sizeof codes)
                ncodes = ibidi__status_codes_text(vst, codes, sizeof codes);
        }
    }
    place(buf, cap, &at, codes, ncodes, &r->codes);

    /* 3. Badami's analysis (no twin search) */
    {
        /* forms over 256 bytes: the analysis's arrays (interim, until the scan has a work
         * area of its own) */
        uint64_t awork[(46u * SCAN_MAX + 1024u) / 8u];
        const ibidi_ambig_options ao = {IBIDI_IRI_AS_DOMAIN, 0, IBIDI_DIR_LTR, 0, io, NULL, 0};
        r->analysis = ibidi__ambig_analyze_parsed(form, flen, &pre, &ao, awork, sizeof awork,
                                                  findings, NULL);
    }

    /* 4. the display keys, when the form is a domain name */
    if (pre.status == IBIDI_OK && (options & (IBIDI_SCAN_LTR | IBIDI_SCAN_RTL))) {
        size_t ncp = 0;
        for (size_t i = 0; i < flen; i++)
            ncp += ((unsigned char)form[i] & 0xC0u) != 0x80u;
        char *out[2] = {(options & IBIDI_SCAN_LTR) ? dbuf[0] : NULL,
                        (options & IBIDI_SCAN_RTL) ? dbuf[1] : NULL};
        const size_t dcap[2] = {sizeof dbuf[0], sizeof dbuf[1]};
        size_t dlen[2] = {0, 0};
        /* a visual form has the length of the form, or nearly (L4 may swap a glyph for one
         * of another UTF-8 length): one that does not fit the stack is not made */
        if (ibidi__bidi_visual_utf8_both(form, ncp, out, dcap, dlen))
            for (int k = 0; k < 2; k++)
                if (out[k])
                    place(buf, cap, &at, dbuf[k], dlen[k], &r->display[k]);
    }

done:
    if (needed)
        *needed = at;
    if (at > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}
