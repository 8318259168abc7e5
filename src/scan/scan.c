/*
 * One name of a list, as `ibidi scan` sees it (ibidi/scan.h, ibidi_scan_name): ToUnicode,
 * validity, Badami's analysis and the display keys in both contexts.
 *
 * The steps are those of the public calls (ibidi_idna_to_unicode_utf8,
 * ibidi_iri_validate, ibidi_ambiguity_analyze, ibidi_display_utf8 with
 * IBIDI_DISPLAY_FORM_VISUAL), but the form is parsed once for all of them and classified once
 * for both displays; tests/test_scan.c checks that the results are those of the public
 * calls.
 *
 * Stack (IBIDI_STACK_MAX, ibidi/common.h). Nothing allocates, and no work area is needed.
 * The form (at most IBIDI_AMBIGUITY_MAX_BYTES) is kept on the stack; the large steps each run in
 * a frame of their own that returns before the next one: ToUnicode (IDNA's area), then the
 * parse with the component rules and the analysis (the components and the analysis's
 * arrays, sized for SCAN_SMALL bytes: a longer form is no domain name, its parse fails
 * before any component is kept, and the analysis then only decodes it), then ToASCII of
 * the form's host (IDNA's area again), then the displays. Findings go through callbacks
 * into sets of codes, and the codes are written straight into the caller's buffer.
 */
#include <string.h>

#include "ambiguity/ambiguity_internal.h"
#include "bidi/bidi_internal.h"
#include "common/internal.h"
#include "confusable/confusable_internal.h"
#include "idna/idna_internal.h"
#include "ibidi/confusable.h"
#include "ibidi/lgr.h"
#include "ibidi/scan.h"
#include "ibidi/utf8.h"

#define SCAN_MAX IBIDI_AMBIGUITY_MAX_BYTES
/* A domain name has at most 253 octets and a label separator for the root (at most three
 * bytes): the parse of a longer form fails (IBIDI_E_DOMAIN_TOO_LONG) and keeps nothing; so
 * components for SCAN_SMALL bytes (ibidi_iri_parse: at most len + 2) always do, and the
 * analysis of a parsed form has it on the stack. */
#define SCAN_SMALL 256
#define SCAN_SMALL_COMPS (SCAN_SMALL + 2)

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

/* Records the span of a part already written at *at (as ibidi__code_set_format: only when
 * it fitted). */
static void placed(size_t *at, size_t n, ibidi_span *sp)
{
    sp->start = *at;
    sp->length = n;
    sp->present = 1;
    *at += n;
}

/* Room in buf from at, and where it starts (NULL when there is none: buf may be NULL). */
static size_t room(size_t cap, size_t at)
{
    return at < cap ? cap - at : 0;
}
static char *room_at(char *buf, size_t cap, size_t at)
{
    return at < cap ? buf + at : NULL;
}

/* A status alone as the codes part ("[NAME]"), written into buf. */
static void place_status(char *buf, size_t cap, size_t *at, ibidi_status st, ibidi_span *sp)
{
    placed(at, ibidi__status_codes_text(st, room_at(buf, cap, *at), room(cap, *at)), sp);
}

/* What the parse step leaves for the steps after it. */
typedef struct parse_out {
    ibidi_status status; /* the parser's */
    ibidi_iri_info info;
} parse_out;

/* The contexts where the form displays as itself and no other form can display alike
 * (ibidi_scan_result.self_display), of those in flags; *quiet says the form has none of
 * Badami's findings.
 * Left-to-right: ASCII holds no R, AL or AN, so in a left-to-right paragraph every
 * character resolves to L (W7 makes digits L after sos L; N1, N2 the neutrals), all at
 * level 0: a display is its form, so two forms never share one.
 * Right-to-left, for a form of letters, digits, hyphens and dots that starts with a letter
 * and has only digits after its last letter: W7 makes every digit L (a letter comes
 * first), every hyphen and dot lies between two of them (N1), so all of it is L at level
 * 2, shown as it is. Another form N of the same characters (a display reorders the form's
 * code points: ASCII letters, digits, hyphens and dots mirror to nothing else) shows as
 * itself unless some of its neutrals resolve to level 1, which needs an EN still EN (a
 * digit before N's first letter) on one side; the display then ends with N's first run,
 * digits only, after such a neutral: never a letter, nor digits after a letter. So no
 * other form displays alike in either context.
 * Badami (*quiet), for a form of letters, digits, hyphens and dots whose labels each hold a
 * letter (neither empty nor starting or ending with a hyphen), whatever it displays as:
 * its only strong class is L and the ends count as L, so no number has neighbours of two
 * directions (number levels); every label is a strong left-to-right one, so none is a
 * number label (IDN number labels, Recommendation III, parent domains and relative names,
 * which all need one) and the last label is strong (Recommendation II); and the number
 * separator expressions all need an ET, which none of these characters is (hyphen ES,
 * dot CS, digits EN). tests/test_scan.c compares every form of up to six characters
 * over a, 1, hyphen and dot with the analysis itself. */
static unsigned self_display(const char *f, size_t n, unsigned flags, int *quiet)
{
    int ascii = 1, neutral_after_letter = 0, labels_ok = 1;
    int letter = 0, every_label_letter = 1; /* the label has a letter; every label did */
    size_t label = 0; /* bytes of the label so far */
    char prev = '.';
    for (size_t i = 0; i < n; i++) {
        const char ch = f[i];
        if (ch >= 'a' && ch <= 'z') {
            neutral_after_letter = 0;
            letter = 1;
            label++;
        } else if (ch >= '0' && ch <= '9') {
            label++;
        } else if (ch == '-' || ch == '.') {
            if (ch == '-' ? prev == '.' : (label == 0 || prev == '-'))
                labels_ok = 0; /* a label that starts or ends with a hyphen, or is empty */
            if (ch == '.') {
                every_label_letter &= letter;
                letter = 0;
            }
            label = ch == '-' ? label + 1 : 0;
            neutral_after_letter = 1;
        } else {
            ascii = 0;
            break;
        }
        prev = ch;
    }
    every_label_letter &= letter;
    const int first_letter = n > 0 && f[0] >= 'a' && f[0] <= 'z';
    const int rtl = ascii && first_letter && !neutral_after_letter;
    *quiet = ascii && labels_ok && every_label_letter;
    return (ascii && n > 0 ? flags & IBIDI_SCAN_LTR : 0u) | (rtl ? flags & IBIDI_SCAN_RTL : 0u);
}

/* A name of ASCII letters, digits, hyphens and dots (its A-labels among them) whose labels
 * are 1 to 63 bytes and the whole at most 253 (no root label). When ToUnicode takes such a
 * name without an error, ToASCII of its form finds nothing more: UTS #46 §4.2, ToASCII is
 * the processing ToUnicode does (§4), on labels that were valid as they were decoded, so
 * that nothing is mapped; then Punycode, which gives back the A-labels, canonical since
 * they decoded; then VerifyDnsLength, on these lengths. So the host's ToASCII of step 2 is
 * not run for it. One pass; the bytes allowed are bits of two words. */
static int ldh_dns_name(const char *s, size_t n)
{
    static const uint64_t lo = (uint64_t)1 << '-' | (uint64_t)1 << '.' |
                               (((uint64_t)1 << 10) - 1) << '0';
    static const uint64_t hi = (((uint64_t)1 << 26) - 1) << ('A' - 64) |
                               (((uint64_t)1 << 26) - 1) << ('a' - 64);
    size_t label = 0;
    if (n == 0 || n > 253)
        return 0;
    for (size_t i = 0; i < n; i++) {
        const unsigned char ch = (unsigned char)s[i];
        if (ch >= 128 || !(((ch < 64 ? lo >> ch : hi >> (ch - 64))) & 1u))
            return 0;
        if (ch != '.') {
            if (++label > 63)
                return 0;
        } else if (label == 0) {
            return 0;
        } else {
            label = 0;
        }
    }
    return label > 0;
}

/* The parse of the form as a domain name, the component rules (when `check`) into c, and
 * the analysis (its status into *analysis, its findings to findings), unless `quiet` says
 * it has no finding to give and the parse succeeds. */
IBIDI__NOINLINE static void parse_steps(const char *form, size_t flen, int check, int quiet,
                                 const ibidi_idna_options *idna, ibidi__code_set *c,
                                 parse_out *po, ibidi_status *analysis,
                                 ibidi_findings *findings)
{
    ibidi_iri_component comps[SCAN_SMALL_COMPS];
    ibidi_iri_components rec = {comps, SCAN_SMALL_COMPS, 0};
    ibidi__parsed pre;
    memset(&po->info, 0, sizeof po->info);
    pre.err.status = IBIDI_OK;
    pre.err.offset = 0;
    pre.err.value = 0;
    pre.status = ibidi_iri_parse(form, flen, IBIDI_IRI_AS_DOMAIN, &rec, &po->info, &pre.err);
    pre.comps = &rec;
    pre.info = &po->info;
    po->status = pre.status;
    if (check)
        ibidi__validate_check(form, flen, pre.status, &pre.err, &rec, 0, c);
    if (quiet && pre.status == IBIDI_OK) {
        *analysis = IBIDI_OK; /* ran, and found nothing (self_display) */
        return;
    }
    /* Badami's analysis (no twin search) */
    const ibidi_ambiguity_options ao = {.as = IBIDI_IRI_AS_DOMAIN, .idna = *idna};
    *analysis =
        ibidi__ambig_analyze_parsed(form, flen, &pre, &ao, NULL, 0, findings, NULL);
}

/* The display keys (the visual form, one line) of the form, of ncp code points, into buf
 * from *at; a visual form has the length of the form, or nearly (L4 may swap a glyph for
 * one of another UTF-8 length): one that does not fit SCAN_MAX bytes is not made. */
IBIDI__NOINLINE static void displays(const char *form, size_t flen, unsigned flags, char *buf,
                              size_t cap, size_t *at, ibidi_scan_result *r)
{
    char dbuf[2][SCAN_MAX];
    size_t ncp = 0;
    for (size_t i = 0; i < flen; i++)
        ncp += ((unsigned char)form[i] & 0xC0u) != 0x80u;
    char *out[2] = {(flags & IBIDI_SCAN_LTR) ? dbuf[0] : NULL,
                    (flags & IBIDI_SCAN_RTL) ? dbuf[1] : NULL};
    const size_t dcap[2] = {sizeof dbuf[0], sizeof dbuf[1]};
    size_t dlen[2] = {0, 0};
    if (ibidi__bidi_visual_utf8_both(form, ncp, out, dcap, dlen))
        for (int k = 0; k < 2; k++)
            if (out[k])
                place(buf, cap, at, dbuf[k], dlen[k], &r->display[k]);
}

/* The bytes of an owner name's labels that are no host name labels (IBIDI_SCAN_OWNER): a
 * first label "*" (RFC 4592 §2.1.1: the wildcard is the owner's first label, and only
 * there), then every label up to the last that starts with "_" (RFC 8552 §1.1: the
 * underscored label names a use of the name above it; DKIM's selector sits below one).
 * Only labels that a label follows: a name of such labels alone has no host name to judge,
 * and stays as it is. "\X" is a byte X (zone file escapes), so "\." ends no label. */
static size_t owner_set_aside(const char *s, size_t n)
{
    size_t end = 0, label = 0;
    if (n > 2 && s[0] == '*' && s[1] == '.')
        end = label = 2;
    else if (!memchr(s, '_', n))
        return 0; /* nearly every name of a zone: no byte-by-byte pass */
    for (size_t i = label; i < n; i++) {
        if (s[i] == '\\') {
            i++; /* the byte it escapes */
        } else if (s[i] == '.') {
            if (s[label] == '_' && i + 1 < n)
                end = i + 1;
            label = i + 1;
        }
    }
    return end;
}

static const ibidi_scan_options defaults = {0, {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}, NULL};

/* Step 2, validity: ToASCII of the name as written under the profile, its error codes into
 * c (the output is not used, so a short buffer serves: the findings are complete whatever
 * its size). A frame of its own: IDNA's area is not on the stack with the parse's. */
/* Returns ToASCII's status (IBIDI_E_IDNA_WORK_TOO_SMALL: the name needs a work area). */
IBIDI__NOINLINE static ibidi_status name_validity(const char *name, size_t len,
                                                  const ibidi_idna_options *idna,
                                                  ibidi__code_set *c)
{
    char out[512];
    size_t out_len = 0;
    ibidi_error e;
    ibidi__code_set_idna x = {c, 0, (size_t)-1};
    ibidi_status st = ibidi__idna_utf8_fn(name, len, idna, 1, out, sizeof out, &out_len,
                                          ibidi__code_set_idna_fn, &x, &e);
    if (st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID && st != IBIDI_E_BUFFER_TOO_SMALL)
        /* IDNA_WORK_TOO_SMALL (a long name, no work area), IDNA_TOO_LONG */
        ibidi__code_set_add(c, IBIDI_CODE_STATUS, (int)st, e.offset, e.value);
    return st;
}

/* Whether the visual order of the form, in either direction, is all its bidi skeleton
 * reads (UTS #39 §4 over UAX #9): no character L4 mirrors (ibidi_bidi_mirror; in ASCII
 * ()<>[]{}), no mark for L3 to move (General_Category M*, Bidi_Class NSM), and none that
 * X9 removes or that makes paragraphs, segments or embeddings (classes BN, B, S and the
 * explicit formatting characters). */
static int visual_is_display(const char *s, size_t n)
{
    size_t pos = 0;
    while (pos < n) {
        const unsigned char c = (unsigned char)s[pos];
        if (c < 0x80) {
            if (c < 0x20 || c == 0x7F || c == '(' || c == ')' || c == '<' || c == '>' ||
                c == '[' || c == ']' || c == '{' || c == '}')
                return 0;
            pos++;
            continue;
        }
        uint32_t cp;
        if (ibidi_utf8_next(s, n, &pos, &cp, NULL) != IBIDI_OK)
            return 0;
        const ibidi_unicode_bc bc = ibidi_unicode_bidi_class(cp);
        const ibidi_unicode_gc gc = ibidi_unicode_general_category(cp);
        if (!(bc <= IBIDI_UNICODE_BC_CS || bc == IBIDI_UNICODE_BC_WS ||
              bc == IBIDI_UNICODE_BC_ON) ||
            gc == IBIDI_UNICODE_GC_MN || gc == IBIDI_UNICODE_GC_MC ||
            gc == IBIDI_UNICODE_GC_ME || ibidi_bidi_mirror(cp, 1) != cp)
            return 0;
    }
    return 1;
}

/* Step 4b: the form's bidi skeleton in each direction asked, written after the parts (only
 * its size when it does not fit, as every part: the caller calls again). A form of more
 * than IBIDI_CONFUSABLE_MAX_BIDI code points (over 512: no domain name) has none. */
IBIDI__NOINLINE static void skeletons(const char *form, size_t flen, unsigned flags, char *buf,
                               size_t cap, size_t *at, ibidi_scan_result *r)
{
    /* a host name in ASCII displays as itself in both directions: one skeleton is both.
       self_display found it already for most names (a form of a-z, 0-9, '.' and '-' that
       starts with a letter and ends with neither '.' nor '-' is one), without a look at
       every byte again */
    const unsigned both = IBIDI_SCAN_LTR | IBIDI_SCAN_RTL;
    const int one = (flags & both) == both && flen <= IBIDI_CONFUSABLE_MAX_BIDI &&
                    ((r->self_display & both) == both ||
                     ibidi__confusable_ascii_as_itself(form, flen, IBIDI_DIR_RTL));
    /* Otherwise, in a direction, the display step 4 made is the form in the visual order
       of UAX #9 (L1, L2) over its one paragraph, with L4's glyphs. When the form has no
       mark for L3 to move, no glyph for L4 to swap and nothing X9 removes
       (visual_is_display), that order is what its bidi skeleton reads: its skeleton is
       the bidi skeleton, without the algorithm run again (a zone's Hebrew and Arabic
       names, a host list's with a label that starts with a digit). */
    int plain = -1; /* not known yet */
    for (int k = 0; k < 2; k++) {
        if (!(flags & (1u << k)))
            continue;
        if (k == 1 && one) {
            r->skeleton[1] = r->skeleton[0];
            break;
        }
        ibidi_buf b = {room_at(buf, cap, *at), room(cap, *at), 0};
        const ibidi_span *d = &r->display[k];
        if (!one && plain < 0)
            plain = flen <= IBIDI_CONFUSABLE_MAX_BIDI && visual_is_display(form, flen);
        ibidi_status st;
        /* the text whose skeleton is the bidi skeleton: the form (displayed as itself in
           both directions), or its display; by the short way when it takes it */
        const char *t = one ? form : plain && d->present && d->length == flen &&
                                             d->start + d->length <= cap
                                         ? buf + d->start
                                         : NULL;
        size_t tl = 0;
        if (t && ibidi__confusable_skeleton_short(t, flen, b.data, b.cap, &tl)) {
            b.len = tl;
            st = tl > b.cap ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK;
        } else if (t)
            st = ibidi_confusable_skeleton_utf8(t, flen, &b, NULL);
        else
            st = ibidi_confusable_bidi_skeleton_utf8(form, flen,
                                                     k ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, &b, NULL);
        if (st == IBIDI_OK || st == IBIDI_E_BUFFER_TOO_SMALL)
            placed(at, b.len, &r->skeleton[k]);
    }
}

/* Step 5: the first label of the form under the LGR, its index label after the parts. */
IBIDI__NOINLINE static void lgr_step(const ibidi_lgr *lgr, const char *form, size_t flen, char *buf,
                              size_t cap, size_t *at, ibidi_scan_result *r)
{
    ibidi_lgr_result lr;
    size_t n = 0;
    while (n < flen && form[n] != '.')
        n++;
    r->lgr_disposition = "invalid";
    /* RFC 7940 §8.1.1: a label an action makes invalid is not eligible, but it keeps its
       index label, and a zone that holds it still collides on it (§8.5) */
    if (ibidi_lgr_check_utf8(lgr, form, n, &lr, NULL) != IBIDI_OK ||
        (!lr.eligible && lr.status != IBIDI_E_LGR_INVALID_DISPOSITION))
        return;
    r->lgr_disposition = lr.disposition;
    char idx[IBIDI_LGR_MAX_INDEX * 4];
    ibidi_buf ib = {idx, sizeof idx, 0};
    if (ibidi_lgr_index_label_utf8(lgr, form, n, &ib, NULL) == IBIDI_OK)
        place(buf, cap, at, idx, ib.len, &r->lgr_index);
}

/* The caller's buffer comes in r->text (data, cap): the output buffer convention of
 * ibidi/common.h, inside the result so that the call keeps to six parameters. */
ibidi_status ibidi_scan_name(const char *name, size_t len, const ibidi_scan_options *opts,
                             ibidi_scan_result *r, ibidi_findings *findings, ibidi_error *err)
{
    const ibidi_scan_options *o = opts ? opts : &defaults;
    char *buf;
    size_t cap;
    char ubuf[SCAN_MAX];
    ibidi__code_set c;
    ibidi_findings counted = {NULL, 0, 0, 0}; /* the findings counted when none are kept */
    parse_out po;
    size_t at = 0, ulen = 0;
    int need_work = 0; /* an IDNA call asked for the work area opts->idna lacks */
    const char *form = name;
    size_t flen = len;
    ibidi_status st;

    if (findings)
        findings->n = findings->errors = 0;
    if (!r || (!name && len) || (!r->text.data && r->text.cap) ||
        (findings && !findings->items && findings->cap) ||
        (o->flags &
         ~(IBIDI_SCAN_LTR | IBIDI_SCAN_RTL | IBIDI_SCAN_OWNER | IBIDI_SCAN_SKELETON)) ||
        ibidi_idna_options_flags(&o->idna) == ~0u)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    buf = r->text.data;
    cap = r->text.cap;
    memset(r, 0, sizeof *r);
    r->text.data = buf;
    r->text.cap = cap;

    st = ibidi_utf8_validate(name, len, NULL, NULL);
    if (st != IBIDI_OK) {
        /* ill-formed UTF-8: the decoder's status, nothing else to make */
        r->status = r->analysis = st;
        place_status(buf, cap, &at, st, &r->codes);
        goto done;
    }
    /* 0. the root label: "example.com." is the name example.com */
    len = ibidi_idna_strip_root(name, len);
    flen = len;
    if (o->flags & IBIDI_SCAN_OWNER) {
        /* the labels set aside are judged by nothing below: the host name after them is */
        r->set_aside = owner_set_aside(name, len);
        name += r->set_aside;
        len -= r->set_aside;
        form = name;
        flen = len;
    }

    /* 1. ToUnicode; its error codes are kept for step 2 */
    st = ibidi__idna_utf8_fn(name, len, &o->idna, 0, ubuf, sizeof ubuf, &ulen, NULL, NULL,
                             NULL);
    need_work = st == IBIDI_E_IDNA_WORK_TOO_SMALL;
    if (st == IBIDI_E_BUFFER_TOO_SMALL ||
        ((st == IBIDI_OK || st == IBIDI_E_IDNA_INVALID) && ulen > SCAN_MAX) ||
        ((st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID) && len > SCAN_MAX)) {
        /* a form too long to analyse or display (no DNS name is), but its validity is
           still ToASCII's, as everywhere (a long ASCII name under whatwg, which does not
           VerifyDnsLength, is valid): no answer of its own for a long name */
        r->analysis = IBIDI_E_AMBIG_TOO_LONG;
        if (st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID && st != IBIDI_E_BUFFER_TOO_SMALL) {
            r->status = st; /* ToUnicode gives no form (IDNA_TOO_LONG): as in step 2 */
            place_status(buf, cap, &at, st, &r->codes);
            goto done;
        }
        ibidi__code_set_init(&c);
        need_work |= name_validity(name, len, &o->idna, &c) == IBIDI_E_IDNA_WORK_TOO_SMALL;
        r->valid = !c.any;
        r->status = c.any ? IBIDI_E_IDNA_INVALID : IBIDI_OK;
        placed(&at, ibidi__code_set_format(&c, room_at(buf, cap, at), room(cap, at)),
               &r->codes);
        goto done;
    }
    const int has_form = st == IBIDI_OK || st == IBIDI_E_IDNA_INVALID;
    if (has_form) {
        form = ubuf;
        flen = ulen;
    }
    if (has_form)
        place(buf, cap, &at, ubuf, ulen, &r->unicode);

    /* 2. validity: ToASCII of the name as written, as `ibidi to-ascii` and the verdict
     * (ibidi/verdict.h) decide it; the form is parsed once for the analysis (3.) and the
     * display keys (4.), which a form that is no domain name (an empty label, a space)
     * does not get, whatever its validity */
    int quiet = 0;
    unsigned self = self_display(form, flen, o->flags, &quiet);
    ibidi__code_set_init(&c);
    if (!findings)
        findings = &counted;
    parse_steps(form, flen, 0, quiet, &o->idna, &c, &po, &r->analysis, findings);
    if (!has_form) {
        /* no Unicode form (e.g. IDNA_TOO_LONG): the name as it is, invalid */
        r->status = st;
        place_status(buf, cap, &at, st, &r->codes);
    } else {
        /* a name of LDH labels that ToUnicode read without an error: ToASCII finds none
           either (ldh_dns_name says why), so it is not run */
        if (!(st == IBIDI_OK && ldh_dns_name(name, len)))
            need_work |=
                name_validity(name, len, &o->idna, &c) == IBIDI_E_IDNA_WORK_TOO_SMALL;
        r->valid = !c.any;
        r->status = c.any ? IBIDI_E_IDNA_INVALID : IBIDI_OK;
        placed(&at, ibidi__code_set_format(&c, room_at(buf, cap, at), room(cap, at)),
               &r->codes);
    }
    /* 4. the display keys, when the form is a domain name */
    if (po.status == IBIDI_OK) {
        /* the short path: the form's own bytes, already in buf, are the display */
        if (!has_form)
            self = 0; /* no form in buf to point at (an ASCII name always has one) */
        for (int k = 0; k < 2; k++)
            if (self & (1u << k))
                r->display[k] = r->unicode;
        r->self_display = self;
        if (o->flags & ~self & (IBIDI_SCAN_LTR | IBIDI_SCAN_RTL))
            displays(form, flen, o->flags & ~self, buf, cap, &at, r);
    }
    /* a summary counts as displaying as itself only the name as written: one whose labels
       were set aside displays as its host name */
    r->self_displayed = r->set_aside ? 0u : r->self_display;
    if (r->analysis == IBIDI_OK)
        r->n_findings = findings->n;

    /* 4b. the bidi skeletons (UTS #39 §4), when the form is a domain name */
    if ((o->flags & IBIDI_SCAN_SKELETON) && po.status == IBIDI_OK)
        skeletons(form, flen, o->flags, buf, cap, &at, r);

    /* 5. the registry's LGR on the first label */
    if (o->lgr)
        lgr_step(o->lgr, form, flen, buf, cap, &at, r);

done:
    r->text.len = at;
    if (at > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    /* a name that maps past the fixed area (over 1536 code points) has its answer only
       with a work area: without one, say so rather than give IDNA_WORK_TOO_SMALL as if it
       were the name's reason (ibidi_scan_name_alloc gives one and runs again) */
    if (need_work)
        return ibidi__fail(err, IBIDI_E_IDNA_WORK_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

void ibidi_scan_counts_add(ibidi_scan_counts *c, const ibidi_scan_result *res)
{
    if (!c || !res)
        return;
    c->names++;
    if (res->valid)
        c->valid++;
    else
        c->invalid++;
    if (res->n_findings)
        c->with_findings++;
    if (res->analysis != IBIDI_OK)
        c->not_analysed++; /* no findings then means not looked at, not none found */
    if (res->set_aside)
        c->set_aside++;
    for (int k = 0; k < 2; k++)
        if (res->self_displayed & (1u << k))
            c->self_displayed[k]++;
}

void ibidi_scan_counts_merge(ibidi_scan_counts *dst, const ibidi_scan_counts *src)
{
    if (!dst || !src)
        return;
    dst->names += src->names;
    dst->valid += src->valid;
    dst->invalid += src->invalid;
    dst->with_findings += src->with_findings;
    dst->not_analysed += src->not_analysed;
    dst->set_aside += src->set_aside;
    dst->self_displayed[0] += src->self_displayed[0];
    dst->self_displayed[1] += src->self_displayed[1];
}
