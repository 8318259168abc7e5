/*
 * Fuzz target for display and presentation forms (include/ibidi/display.h).
 *
 * The first byte picks the kind (bits 0-1: auto, domain, iri, email) and the context
 * (bit 2: right-to-left) and a context text pair (bits 3-5); the rest is the identifier.
 * Properties checked with abort():
 *  1. no crash; a parse error is a defined status;
 *  2. every form strips back to the input: the marks form through ibidi_display_convert
 *     (textual -> logical; refused with CONVERT_RESTRICTION exactly when a component
 *     breaks Duerst 2001 §5 restriction 1, MIXED_DIRECTION or RTL_START), the control
 *     forms by dropping what they insert, HTML by reading its tags and character
 *     references;
 *  3. the forms with an unconditional promise (embed, isolate, components, html,
 *     html-span) pass their proof in the chosen context (a label starting with ZWJ and
 *     holding ZWNJ failed it, issue 24: the proof compared where the BN characters go,
 *     which X9 removes; it now compares the characters that show), unless the identifier
 *     holds a paragraph separator (class B: U+2029 is the one the parser lets through):
 *     it ends the paragraph and every embedding and isolate (P1, X8), so no form can keep
 *     a promise across it, and the proof says so (found by CI's campaign, issue 24); or
 *     unless it ends in whitespace at the end of the line: L1 puts that whitespace at the
 *     paragraph's level, outside the run of a right-to-left component ("a/\u05D2b\u2009":
 *     the components form shows the space right of the component, alone it shows left);
 *  4. the layout's visual-to-logical map covers every code point once;
 *  5. snprintf contract: a size query reports the length a full call writes;
 *  6. the allocating calls (utf8, convert, layout) give what the caller-buffer calls give;
 *  7. ibidi_display_needs_embedding answers 0 or 1, and 0 for the identifier alone in a
 *     left-to-right paragraph (LRE ... PDF there only adds 2 to every level).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

static void require(int ok)
{
    if (!ok)
        abort();
}

static const char *const befores[] = {"", "abc ", "\xD7\xA9\xD7\x9C ", "12 ",
                                      "(", "\xD8\xB3", "x", "\xD7\x90 1"};
static const char *const afters[] = {"", " abc", " \xD7\xA9\xD7\x9C", " 12",
                                     ")", "1", "\xD8\xB3", "."};

static int is_inserted(uint32_t cp)
{
    return cp == 0x200E || cp == 0x202A || cp == 0x202C || cp == 0x2066 || cp == 0x2068 ||
           cp == 0x2069;
}

/* The form without what it inserted equals the identifier. */
static void strips_back(const char *s, size_t len, const char *f, size_t flen)
{
    size_t pos = 0, k = 0;
    while (pos < flen) {
        uint32_t cp;
        size_t at = pos;
        require(ibidi_utf8_next(f, flen, &pos, &cp, NULL) == IBIDI_OK);
        if (is_inserted(cp))
            continue;
        require(k + (pos - at) <= len && memcmp(s + k, f + at, pos - at) == 0);
        k += pos - at;
    }
    require(k == len);
}

static void html_back(const char *s, size_t len, const char *f, size_t flen, const char *open,
                      const char *close)
{
    size_t ol = strlen(open), cl = strlen(close), pos, k = 0;
    require(flen >= ol + cl && memcmp(f, open, ol) == 0 && memcmp(f + flen - cl, close, cl) == 0);
    for (pos = ol; pos < flen - cl;) {
        static const char *const refs[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&#39;"};
        static const char chars[] = "&<>\"'";
        char c = f[pos];
        require(c != '<');
        if (c == '&') {
            size_t r = 0;
            while (r < 5 && strncmp(f + pos, refs[r], strlen(refs[r])) != 0)
                r++;
            require(r < 5);
            c = chars[r];
            pos += strlen(refs[r]);
        } else {
            pos++;
        }
        require(k < len && s[k] == c);
        k++;
    }
    require(k == len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ibidi_iri_component comps[4096];
    static char out[65536];
    static unsigned char work[1 << 21];
    ibidi_iri_info info;
    ibidi_error err;
    ibidi_iri_kind as;
    ibidi_dir ctx;
    const char *s, *before, *after;
    size_t len;
    if (size < 1 || size > 2000)
        return 0;
    as = (ibidi_iri_kind)(data[0] & 3);
    ctx = (data[0] & 4) ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
    before = befores[(data[0] >> 3) & 7];
    after = afters[(data[0] >> 3) & 7];
    s = (const char *)data + 1;
    len = size - 1;
    ibidi_iri_components rec = {comps, 4096, 0};
    if (ibidi_iri_parse(s, len, as, &rec, &info, &err) != IBIDI_OK)
        return 0;
    int has_b = 0, ends_ws = 0; /* a paragraph separator, whitespace at the end (see 3) */
    for (size_t pos = 0; pos < len;) {
        uint32_t cp;
        if (ibidi_utf8_next(s, len, &pos, &cp, NULL) != IBIDI_OK)
            break;
        has_b |= ibidi_unicode_bidi_class(cp) == IBIDI_UNICODE_BC_B;
        if (ibidi_unicode_bidi_class(cp) != IBIDI_UNICODE_BC_BN) /* BN shows nothing (see 3) */
            ends_ws = ibidi_unicode_bidi_class(cp) == IBIDI_UNICODE_BC_WS;
    }
    ibidi_display_options o;
    memset(&o, 0, sizeof o);
    o.as = as;
    o.comps = &rec;
    o.context = ctx;
    o.before = before;
    o.before_len = strlen(before);
    o.after = after;
    o.after_len = strlen(after);
    o.work = work;
    o.work_size = sizeof work;
    for (int form = IBIDI_DISPLAY_FORM_VISUAL; form <= IBIDI_DISPLAY_FORM_HTML_SPAN; form++) {
        ibidi_buf ob = {out, sizeof out, 0}, need = {NULL, 0, 0};
        o.form = (ibidi_display_form)form;
        ibidi_status st = ibidi_display_utf8(s, len, &o, &ob, &err);
        const size_t out_len = ob.len;
        require(st == IBIDI_OK);
        require(ibidi_display_utf8(s, len, &o, &need, &err) ==
                    (out_len ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK) &&
                need.len == out_len);
        {
            /* the allocating call, and parsing inside the call, give the same text */
            ibidi_buf a = {NULL, 0, 0};
            ibidi_display_options p = o;
            p.comps = NULL;
            p.as = info.kind;
            require(ibidi_display_utf8_alloc(s, len, &p, &a, &err) == IBIDI_OK &&
                    a.len == out_len && memcmp(a.data, out, out_len) == 0 &&
                    a.data[out_len] == '\0');
            ibidi_free(a.data);
        }
        switch (form) {
        case IBIDI_DISPLAY_FORM_VISUAL:
            break;
        case IBIDI_DISPLAY_FORM_MARKS: {
            /* Duerst 2001 §4.4: textual -> logical gives the identifier back exactly. */
            static char back[65536];
            ibidi_buf bb = {back, sizeof back, 0};
            as = info.kind;
            ibidi_display_options c = o;
            c.as = as;
            c.from = IBIDI_DISPLAY_REPR_TEXTUAL;
            c.to = IBIDI_DISPLAY_REPR_LOGICAL;
            /* ... unless a component breaks restriction 1 (§5), which the conversions refuse */
            ibidi_findings rf;
            const ibidi_iri_options io = {as, 0, {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}};
            int broken = 0;
            if (ibidi_iri_check_alloc(s, len, &io, &rf, NULL) != IBIDI_E_NOMEM)
                for (size_t k = 0; k < rf.n; k++)
                    broken |= rf.items[k].code == IBIDI_IRI_MIXED_DIRECTION ||
                              rf.items[k].code == IBIDI_IRI_RTL_START;
            ibidi_findings_free(&rf);
            const ibidi_status cst = ibidi_display_convert(out, out_len, &c, &bb, &err);
            require(cst == (broken ? IBIDI_E_CONVERT_RESTRICTION : IBIDI_OK));
            require(broken || (bb.len == len && memcmp(back, s, len) == 0));
            ibidi_buf a = {NULL, 0, 0};
            require(ibidi_display_convert_alloc(out, out_len, &c, &a, &err) == cst &&
                    (broken ? a.data == NULL
                            : a.len == len && memcmp(a.data, s, len) == 0 &&
                                  a.data[len] == '\0'));
            ibidi_free(a.data);
            break;
        }
        case IBIDI_DISPLAY_FORM_HTML:
            html_back(s, len, out, out_len, "<bdi dir=\"ltr\">", "</bdi>");
            break;
        case IBIDI_DISPLAY_FORM_HTML_SPAN:
            html_back(s, len, out, out_len, "<span dir=\"ltr\">", "</span>");
            break;
        default:
            strips_back(s, len, out, out_len);
            break;
        }
        if (form != IBIDI_DISPLAY_FORM_VISUAL && form != IBIDI_DISPLAY_FORM_MARKS) {
            ibidi_display_proof p;
            require(ibidi_display_prove(s, len, &o, &p, &err) == IBIDI_OK);
            require(p.failure == IBIDI_DISPLAY_PROOF_HOLDS || has_b ||
                    (ends_ws && o.after_len == 0));
        }
    }
    {
        /* The layout covers every code point once. */
        static uint8_t levels[4096];
        static size_t v2l[4096];
        static char seen[4096];
        ibidi_display_layout_result r = {levels, v2l, NULL, 4096, 0, NULL, 0, 0};
        require(ibidi_display_layout(s, len, &o, &r, &err) == IBIDI_OK);
        const size_t ncp = r.n;
        memset(seen, 0, ncp);
        for (size_t v = 0; v < ncp; v++) {
            require(v2l[v] < ncp && !seen[v2l[v]]);
            seen[v2l[v]] = 1;
        }
        ibidi_display_layout_result ra;
        ibidi_status st = ibidi_display_layout_alloc(s, len, &o, &ra, &err);
        require(st == IBIDI_OK || st == IBIDI_E_NOMEM);
        if (st == IBIDI_OK) {
            require(ra.n == ncp && memcmp(ra.levels, levels, ncp) == 0 &&
                    memcmp(ra.visual_to_logical, v2l, ncp * sizeof *v2l) == 0 &&
                    ra.n_spans > 0 && ra.spans && ra.offsets);
            ibidi_display_layout_free(&ra);
        }
        require(ra.levels == NULL && ra.spans == NULL);
    }
    {
        int needed = -1;
        require(ibidi_display_needs_embedding(s, len, &o, &needed, &err) == IBIDI_OK);
        require(needed == 0 || needed == 1);
        ibidi_display_options alone = o;
        alone.context = IBIDI_DIR_LTR;
        alone.before_len = alone.after_len = 0;
        require(ibidi_display_needs_embedding(s, len, &alone, &needed, &err) == IBIDI_OK &&
                needed == 0);
    }
    return 0;
}
