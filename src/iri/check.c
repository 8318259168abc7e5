/*
 * The bidi rules on the components of an identifier (ibidi/iri.h, "Component rules").
 *
 * Every component gets the component rules of RFC 3987 §4.2 and the 2012 bidi IRI
 * guidelines §3 (MIXED_DIRECTION, RTL_START, RTL_END), Duerst 2001 §5 restriction 3 on
 * request (RTL_OTHER_CLASS), and DIGIT_AFTER_RTL (2012 guidelines §5 Examples 10 and 11);
 * the labels of a host also get the IDNA Bidi Rule (RFC 5893 §2, HOST_BIDI_RULE).
 *
 * Directions. Right-to-left characters are those of Bidi_Class R and AL, left-to-right
 * characters those of class L; every other class has no direction of its own.
 *
 * Where each finding points (offset, value, bidi_class):
 *   MIXED_DIRECTION  the first strong character whose direction differs from the
 *                    direction of the component's first strong character; one per
 *                    component.
 *   RTL_START        the component's first character (which is not R or AL).
 *   RTL_END          the start of the tail that breaks the rule: the first character
 *                    after the last R/AL and the NSM that directly follow it. In "GH12"
 *                    that is "1", not "2": the whole tail "12" is what keeps the component
 *                    from ending right-to-left, and its first character is where an editor
 *                    would cut. (The IDNA Bidi Rule's B3 names the last character instead;
 *                    the two agree whenever the tail is one character long.)
 *   RTL_OTHER_CLASS  the first character of a class other than R, AL and NSM. Duerst 2001
 *                    §5 restriction 3 forbids "any other class of characters (e.g.
 *                    neutrals or numbers)"; nonspacing marks are let through because they
 *                    are part of the letters they follow (Hebrew points, Arabic harakat)
 *                    and have no direction of their own, as the 2012 guidelines' end rule
 *                    ("potentially followed by ... NSM") also assumes. Left-to-right
 *                    characters are another class too: a component with both gets
 *                    MIXED_DIRECTION and, if the first other-class character is that L,
 *                    RTL_OTHER_CLASS at the same place.
 *   HOST_BIDI_RULE   one finding per condition of RFC 5893 §2 broken, where the condition
 *                    names it (B1-B6 as in ibidi_idna_bidi_rule_utf8).
 *   DIGIT_AFTER_RTL  the first character (EN or AN) of the component that starts with a
 *                    digit.
 *
 * DIGIT_AFTER_RTL, "with only delimiters between": the component before is the nearest
 * non-empty component before this one in the array (empty components add nothing but
 * delimiters, as in "CDE//123"); it must hold a strong character, and its last one must be
 * R or AL. A component without strong characters before the digit (such as "12" in
 * "ABC/12/34") stops the search: "34" then follows "12", not "ABC".
 *
 * The host's Bidi Rule. The consecutive LABEL components of the array form one host (an
 * IRI's ireg-name, a domain name, a mail domain), checked as one name as RFC 5893 §2
 * requires: when any label holds R, AL or AN (a Bidi domain name, RFC 5893 §1.4), every
 * label gets the six conditions; with IBIDI_IDNA_BIDI_PER_LABEL only the labels that
 * hold R, AL or AN do (IBIDI_IDNA_BIDI_PER_LABEL). Each label is fed, where it stands
 * in the input, to the Bidi Rule's one core (src/idna/bidi_rule.c, with the convention of
 * the IDNA calls: the first character decides between an RTL and an LTR label; a label
 * starting with any other class gets B1 alone; empty labels pass), which gives the same
 * findings in the same order as ibidi_idna_bidi_rule_utf8: tests/test_iri_check.c compares
 * the two over every host of a set of names. Calling ibidi_idna_bidi_rule_utf8 on the host
 * text instead would need a findings array as long as the host (one finding per character
 * is possible) to put every finding in order here without allocating, would refuse hosts
 * above IBIDI_IDNA_MAX_CPS code points (an ireg-name has no length limit), and splits
 * labels at U+002E only, where domain names may use U+3002, U+FF0E and U+FF61 as well.
 *   The IDNA warnings are not copied: W_DIGIT_AFTER_RTL is what DIGIT_AFTER_RTL reports for
 * every component, and W_PER_LABEL_BIDI is what the caller chose with the option.
 *   Percent-encoded octets in a label are checked as written ("%" is ET, the hex digits
 * L or EN). The rules are about display, and a reader sees "%D7%90", not the letter it
 * encodes; decoding would also let the Bidi Rule pass labels whose displayed form breaks
 * it. The decoded form is IDNA's matter when the IRI becomes a URI (ibidi_iri_to_uri).
 *
 * Order. Findings come in order of offset; equal offsets in rule order (the order of
 * ibidi_ident_code: MIXED_DIRECTION, RTL_START, RTL_END, RTL_OTHER_CLASS, HOST_BIDI_RULE,
 * DIGIT_AFTER_RTL); the Bidi Rule's findings at one offset in the order
 * ibidi_idna_bidi_rule_utf8 gives them. A component's own findings (at most one of each
 * rule) are collected during one pass over it and sorted; a host label's Bidi Rule
 * findings are merged in during a second pass over the label, and the host is scanned
 * once before for R, AL and AN.
 *
 * Capacity. Every finding is counted in *n_findings; only the first fcap (in the order
 * above) are stored, the rest dropped, and the status and err still come from the full
 * list, so a call with fcap 0 tells whether the identifier passes and where it first
 * fails. Nothing is allocated and nothing global is written.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ibidi/idna.h"
#include "ibidi/iri.h"
#include "ibidi/unicode.h"
#include "idna/idna_internal.h"
#include "iri/iri_internal.h"
#include "unicode/ucd.h"
#include "unicode/utf8_internal.h"

#define BIT IBIDI__BC_BIT

/* Right-to-left characters (RFC 3987 §4.2, 2012 guidelines §3). */
#define RTL_STRONG (BIT(IBIDI_UNICODE_BC_R) | BIT(IBIDI_UNICODE_BC_AL))
/* Duerst 2001 §5 restriction 3: what a right-to-left component may hold (NSM: see top). */
#define DUERST_RTL_ALLOWED                                                                         \
    (BIT(IBIDI_UNICODE_BC_R) | BIT(IBIDI_UNICODE_BC_AL) | BIT(IBIDI_UNICODE_BC_NSM))
/* RFC 5893 §1.4: an RTL label holds R, AL or AN. */
#define IDNA_RTL_LABEL                                                                             \
    (BIT(IBIDI_UNICODE_BC_R) | BIT(IBIDI_UNICODE_BC_AL) | BIT(IBIDI_UNICODE_BC_AN))

/* ---- Findings ---------------------------------------------------------------------- */

/* Is a finding of this code an error under these options? */
static int is_error(ibidi_iri_code code, unsigned options)
{
    if (options & IBIDI_IRI_STRICT)
        return 1;
    switch (code) {
    case IBIDI_IRI_MIXED_DIRECTION:
        /* SHOULD NOT in RFC 3987 §4.2; MUST NOT in Duerst 2001 §5 restriction 1 */
        return (options & IBIDI_IRI_DUERST2001) != 0;
    case IBIDI_IRI_RTL_OTHER_CLASS: /* Duerst 2001 §5 restriction 3: MUST NOT */
    case IBIDI_IRI_HOST_BIDI_RULE:  /* RFC 5893 §2: MUST */
        return 1;
    case IBIDI_IRI_RTL_START:
    case IBIDI_IRI_RTL_END:
    case IBIDI_IRI_DIGIT_AFTER_RTL:
        return 0;
    }
    return 0;
}

/* A finding of the component rules (no severity yet: the sink decides it). */
static ibidi_finding finding(ibidi_iri_code code, size_t index, size_t offset, uint32_t cp,
                             int bc, int detail)
{
    const ibidi_finding f = {code, IBIDI_SEVERITY_WARNING, NULL, index, offset, 0, cp, bc,
                             IBIDI_DIR_LTR, detail, offset, 0};
    return f;
}

typedef struct sink {
    ibidi__sink out;
    unsigned options;
} sink;

static void sink_add(sink *s, ibidi_finding *f)
{
    f->severity = is_error(f->code, s->options) ? IBIDI_SEVERITY_ERROR : IBIDI_SEVERITY_WARNING;
    ibidi__sink_put(&s->out, f);
}

/* ---- Decoding ------------------------------------------------------------------------ */

/* Decodes the code point at s[*pos] (*pos < end) and advances *pos. The input is normally
 * well-formed (the parser validated it); otherwise the decoder's status and offset. */
static inline ibidi_status next_cp(const char *s, size_t end, size_t *pos, uint32_t *cp,
                                   ibidi_error *err)
{
    const unsigned char *p = (const unsigned char *)s + *pos;
    if (p[0] < 0x80) {
        *cp = p[0];
        *pos += 1;
        return IBIDI_OK;
    }
    ibidi_status st = IBIDI_OK;
    size_t k = ibidi__utf8_decode_multi(p, end - *pos, cp, &st);
    if (k == 0) {
        if (err) {
            err->status = st;
            err->offset = *pos;
            err->value = p[0];
        }
        return st;
    }
    *pos += k;
    return IBIDI_OK;
}

/* ---- One component ------------------------------------------------------------------- */

/* What the pass over a component learns. */
typedef struct comp_facts {
    ibidi_finding own[5]; /* its component-rule findings, sorted */
    size_t n_own;
    int last_strong; /* direction of its last strong character: 0 none, 1 L, 2 R/AL */
} comp_facts;

_Static_assert(sizeof(comp_facts) <= IBIDI__IRI_FACTS_SIZE, "the caller's facts buffer holds them");

static void own_add(comp_facts *cf, ibidi_iri_code code, size_t index, size_t offset,
                    uint32_t value, ibidi_unicode_bc bc)
{
    ibidi_finding f = finding(code, index, offset, value, (int)bc, 0);
    /* insertion by (offset, rule order): at most five entries */
    size_t i = cf->n_own;
    while (i > 0 && (cf->own[i - 1].offset > offset ||
                     (cf->own[i - 1].offset == offset && cf->own[i - 1].code > (ibidi_code)code))) {
        cf->own[i] = cf->own[i - 1];
        i--;
    }
    cf->own[i] = f;
    cf->n_own++;
}

/*
 * The component rules on comps[index] = s[start..end): RFC 3987 §4.2 rules 1 and 2, the
 * 2012 guidelines §3 (with the NSM allowance of the end rule), Duerst 2001 §5 restriction
 * 3 with IBIDI_IRI_DUERST2001, and DIGIT_AFTER_RTL given the direction the previous
 * non-empty component ended with. One pass.
 */
static ibidi_status component_rules(const char *s, size_t start, size_t end, size_t index,
                                    unsigned options, int prev_last_strong, comp_facts *cf,
                                    ibidi_error *err)
{
    cf->n_own = 0;
    cf->last_strong = 0;
    if (start == end)
        return IBIDI_OK; /* an empty component passes every rule */

    /* Nearly every label is ASCII letters, digits and hyphens: no R or AL, so none of the
     * rules above the last applies, and the component ends left-to-right when it holds a
     * letter. One pass over the bytes, without decoding or class lookups. */
    {
        size_t k = start;
        int letter = 0;
        for (; k < end; k++) {
            const unsigned char ch = (unsigned char)s[k];
            if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'))
                letter = 1;
            else if (!((ch >= '0' && ch <= '9') || ch == '-'))
                break;
        }
        if (k == end) {
            if (letter)
                cf->last_strong = 1;
            /* 2012 guidelines §5 Examples 10, 11; RFC 5893 §2 (end), as below */
            if (prev_last_strong == 2 && s[start] >= '0' && s[start] <= '9')
                own_add(cf, IBIDI_IRI_DIGIT_AFTER_RTL, index, start, (unsigned char)s[start],
                        IBIDI_UNICODE_BC_EN);
            return IBIDI_OK;
        }
    }

    int first_strong = 0;     /* direction of the first strong character */
    int mixed = 0;            /* MIXED_DIRECTION found */
    int has_rtl = 0;          /* an R or AL seen */
    int have_other = 0;       /* Duerst: a character other than R, AL, NSM seen */
    int have_tail = 0;        /* a character after the last R/AL NSM* run */
    size_t other_off = 0, tail_off = 0;
    uint32_t other_cp = 0, tail_cp = 0, first_cp = 0;
    ibidi_unicode_bc other_bc = IBIDI_UNICODE_BC_L, tail_bc = IBIDI_UNICODE_BC_L,
                     first_bc = IBIDI_UNICODE_BC_L;

    size_t pos = start;
    while (pos < end) {
        const size_t off = pos;
        uint32_t cp;
        ibidi_status st = next_cp(s, end, &pos, &cp, err);
        if (st != IBIDI_OK)
            return st;
        const ibidi_unicode_bc bc = ibidi__bc(cp);
        if (off == start) {
            first_cp = cp;
            first_bc = bc;
        }
        const int dir = bc == IBIDI_UNICODE_BC_L ? 1 : (BIT(bc) & RTL_STRONG) ? 2 : 0;
        if (dir != 0) {
            /* RFC 3987 §4.2 rule 1: both directions in one component */
            if (first_strong == 0)
                first_strong = dir;
            else if (dir != first_strong && !mixed) {
                mixed = 1;
                own_add(cf, IBIDI_IRI_MIXED_DIRECTION, index, off, cp, bc);
            }
            cf->last_strong = dir;
        }
        if (dir == 2) {
            has_rtl = 1;
            have_tail = 0; /* the component ends right-to-left so far */
        } else if (bc != IBIDI_UNICODE_BC_NSM && !have_tail) {
            /* 2012 guidelines §3: only NSM may follow the last right-to-left character */
            have_tail = 1;
            tail_off = off;
            tail_cp = cp;
            tail_bc = bc;
        }
        if (!have_other && !(BIT(bc) & DUERST_RTL_ALLOWED)) {
            have_other = 1;
            other_off = off;
            other_cp = cp;
            other_bc = bc;
        }
    }

    if (has_rtl) {
        /* RFC 3987 §4.2 rule 2, 2012 guidelines §3: start with a right-to-left character */
        if (!(BIT(first_bc) & RTL_STRONG))
            own_add(cf, IBIDI_IRI_RTL_START, index, start, first_cp, first_bc);
        /* ... and end with one, potentially followed by NSM */
        if (have_tail)
            own_add(cf, IBIDI_IRI_RTL_END, index, tail_off, tail_cp, tail_bc);
        /* Duerst 2001 §5 restriction 3 */
        if ((options & IBIDI_IRI_DUERST2001) && have_other)
            own_add(cf, IBIDI_IRI_RTL_OTHER_CLASS, index, other_off, other_cp, other_bc);
    }
    /* 2012 guidelines §5 Examples 10, 11; RFC 5893 §2 (end): a digit right after a
     * component that ends right-to-left */
    if (prev_last_strong == 2 &&
        (first_bc == IBIDI_UNICODE_BC_EN || first_bc == IBIDI_UNICODE_BC_AN))
        own_add(cf, IBIDI_IRI_DIGIT_AFTER_RTL, index, start, first_cp, first_bc);
    return IBIDI_OK;
}

/* ---- The host's Bidi Rule ------------------------------------------------------------ */

/* Emits the component's own findings that come before (offset, HOST_BIDI_RULE). */
static void flush_own_before(sink *sk, comp_facts *cf, size_t *next, size_t offset)
{
    while (*next < cf->n_own &&
           (cf->own[*next].offset < offset ||
            (cf->own[*next].offset == offset &&
             cf->own[*next].code < IBIDI_IRI_HOST_BIDI_RULE))) {
        sink_add(sk, &cf->own[*next]);
        (*next)++;
    }
}

static void host_finding(sink *sk, comp_facts *cf, size_t *next, size_t index,
                         ibidi_idna_code code, size_t offset, uint32_t value, int bc)
{
    flush_own_before(sk, cf, next, offset);
    ibidi_finding f = finding(IBIDI_IRI_HOST_BIDI_RULE, index, offset, value, bc, (int)code);
    sink_add(sk, &f);
}

/* Is every byte of s below 0x80? Eight at a time. */
static int all_ascii(const char *s, size_t len)
{
    uint64_t any = 0;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        any |= w;
    }
    for (; i < len; i++)
        any |= (unsigned char)s[i];
    return (any & 0x8080808080808080ull) == 0;
}

/* Does s[start..end) hold R, AL or AN (an RTL label, RFC 5893 §1.4)? */
static ibidi_status holds_idna_rtl(const char *s, size_t start, size_t end, int *yes,
                                   ibidi_error *err)
{
    *yes = 0;
    size_t pos = start;
    while (pos < end) {
        if ((unsigned char)s[pos] < 0x80) {
            pos++; /* ASCII has no R, AL or AN */
            continue;
        }
        uint32_t cp;
        ibidi_status st = next_cp(s, end, &pos, &cp, err);
        if (st != IBIDI_OK)
            return st;
        if (BIT(ibidi__bc(cp)) & IDNA_RTL_LABEL) {
            *yes = 1;
            return IBIDI_OK;
        }
    }
    return IBIDI_OK;
}

ibidi_status ibidi__iri_component_rules(const char *s, size_t start, size_t end,
                                        unsigned options, const ibidi_finding **found,
                                        size_t *n, void *facts, ibidi_error *err)
{
    comp_facts *cf = facts;
    ibidi_status st = component_rules(s, start, end, 0, options, 0, cf, err);
    *found = cf->own;
    *n = st == IBIDI_OK ? cf->n_own : 0;
    return st;
}

/* The label s[start..end) fed to the Bidi Rule's core (src/idna/bidi_rule.c) 64 code points
 * at a time; each broken condition becomes a HOST_BIDI_RULE finding at the byte offset and
 * code point of its index. */
typedef struct host_label {
    const char *s;
    size_t start, end, index;
    sink *sk;
    comp_facts *cf;
    size_t *next;
    size_t base, k;     /* the chunk: indices base .. base + k - 1 */
    size_t off[64];     /* their byte offsets */
    uint32_t cp[64];    /* and code points */
} host_label;

static void host_hit(void *ctx, unsigned k, size_t at, int bc)
{
    host_label *h = ctx;
    size_t off = h->end;
    uint32_t cp = 0;
    if (at >= h->base && at < h->base + h->k) {
        off = h->off[at - h->base];
        cp = h->cp[at - h->base];
    } else if (at < h->base) {
        /* condition 3 / 6 about a character of an earlier chunk: walk to it again (the
         * label was decoded once already, so this cannot fail) */
        size_t pos = h->start;
        for (size_t i = 0; i <= at; i++) {
            off = pos;
            cp = ibidi__utf8_decode_valid((const unsigned char *)h->s, &pos);
        }
    }
    host_finding(h->sk, h->cf, h->next, h->index, (ibidi_idna_code)(IBIDI_IDNA_B1 + (int)k - 1),
                 off, cp, bc);
}

/*
 * RFC 5893 §2, the six conditions on the label comps[index] = s[start..end) of a Bidi
 * domain name (the core's IBIDI__RULE_STOP convention, as the IDNA calls), merged with the
 * label's own findings.
 */
static ibidi_status host_label_rule(const char *s, size_t start, size_t end, size_t index,
                                    sink *sk, comp_facts *cf, size_t *next, ibidi_error *err)
{
    host_label h = {s, start, end, index, sk, cf, next, 0, 0, {0}, {0}};
    ibidi__rule r;
    ibidi__rule_begin(&r, IBIDI__RULE_STOP, host_hit, &h);
    size_t pos = start;
    while (pos < end) {
        uint8_t cls[64];
        h.base += h.k;
        h.k = 0;
        while (pos < end && h.k < 64) {
            h.off[h.k] = pos;
            ibidi_status st = next_cp(s, end, &pos, &h.cp[h.k], err);
            if (st != IBIDI_OK)
                return st;
            cls[h.k] = (uint8_t)ibidi__bc(h.cp[h.k]);
            h.k++;
        }
        ibidi__rule_feed(&r, cls, h.k);
    }
    (void)ibidi__rule_end(&r);
    return IBIDI_OK;
}

/* ---- The check ----------------------------------------------------------------------- */

/* The check into sk (started by the caller), options the check bits. */
static ibidi_status check(const char *s, size_t len, const ibidi_iri_component *comps,
                          size_t n_comps, unsigned options, sink *skp, ibidi_error *err)
{
    /* Components must lie inside the input, in order, without overlapping (as
     * ibidi_iri_parse gives them): findings are then in order of offset. A bad
     * component's error offset is its start (or len when it starts beyond). */
    size_t prev_end = 0;
    for (size_t i = 0; i < n_comps; i++) {
        const ibidi_iri_component *c = &comps[i];
        if (c->start > len || c->length > len - c->start || c->start < prev_end)
            return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, c->start > len ? len : c->start, 0);
        prev_end = c->start + c->length;
    }

    /* ASCII holds no R, AL or AN: no component is right-to-left and no host a Bidi domain
     * name (RFC 5893 §1.4), and each rule below needs one or the other (most names of a
     * zone end here) */
    if (all_ascii(s, len))
        return ibidi__fail(err, IBIDI_OK, 0, 0);

    sink sk = *skp;
    const int per_label = (options & IBIDI_IDNA_BIDI_PER_LABEL) != 0;
    int prev_last_strong = 0; /* of the previous non-empty component */
    int host_is_bidi = 0;     /* the current run of labels is a Bidi domain name */
    comp_facts cf;
    ibidi_status st;

    for (size_t i = 0; i < n_comps; i++) {
        const ibidi_iri_component *c = &comps[i];
        const size_t start = c->start, end = c->start + c->length;
        const int is_label = c->kind == IBIDI_IRI_COMP_LABEL;

        /* RFC 5893 §1.4: the host (the run of labels starting here) is a Bidi domain name
         * when one of its labels holds R, AL or AN. */
        if (is_label && (i == 0 || comps[i - 1].kind != IBIDI_IRI_COMP_LABEL)) {
            host_is_bidi = 0;
            for (size_t j = i; j < n_comps && comps[j].kind == IBIDI_IRI_COMP_LABEL; j++) {
                st = holds_idna_rtl(s, comps[j].start, comps[j].start + comps[j].length,
                                    &host_is_bidi, err);
                if (st != IBIDI_OK)
                    return st;
                if (host_is_bidi)
                    break;
            }
        }

        st = component_rules(s, start, end, i, options, prev_last_strong, &cf, err);
        if (st != IBIDI_OK)
            return st;

        size_t next = 0;
        if (is_label && host_is_bidi) {
            /* RFC 5893 §2: every label of a Bidi domain name; per label: only RTL labels */
            int check = 1;
            if (per_label) {
                st = holds_idna_rtl(s, start, end, &check, err);
                if (st != IBIDI_OK)
                    return st;
            }
            if (check) {
                st = host_label_rule(s, start, end, i, &sk, &cf, &next, err);
                if (st != IBIDI_OK)
                    return st;
            }
        }
        while (next < cf.n_own)
            sink_add(&sk, &cf.own[next++]);

        if (start != end)
            prev_last_strong = cf.last_strong;
    }

    *skp = sk;
    if (sk.out.errors)
        return ibidi__fail(err, IBIDI_E_IDENT_INVALID, sk.out.first_error_offset,
                           sk.out.first_error_cp);
    return ibidi__fail(err, IBIDI_OK, 0, 0);
}

ibidi_status ibidi_iri_check(const char *s, size_t len, const ibidi_iri_components *comps,
                             const ibidi_iri_options *opts, ibidi_findings *findings,
                             ibidi_error *err)
{
    const ibidi_iri_options *o = opts ? opts : &ibidi__iri_defaults;
    const ibidi_iri_component *items = comps ? comps->items : NULL;
    const size_t n_comps = comps ? comps->n : 0;
    if (findings)
        findings->n = findings->errors = 0;
    /* a record whose parse stored fewer components than it counted holds no identifier */
    if ((s == NULL && len > 0) || (items == NULL && n_comps > 0) ||
        (comps && comps->n > comps->cap) ||
        (findings && findings->items == NULL && findings->cap > 0) ||
        (o->flags & ~IBIDI__IRI_ALL_FLAGS))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    sink sk;
    ibidi__sink_init(&sk.out, findings);
    sk.options = ibidi__iri_check_bits(o);
    ibidi_status st = check(s, len, items, n_comps, sk.options, &sk, err);
    if (st == IBIDI_OK || st == IBIDI_E_IDENT_INVALID)
        ibidi__sink_done(&sk.out, findings);
    return st;
}

ibidi_status ibidi__iri_check_fn(const char *s, size_t len, const ibidi_iri_component *comps,
                                 size_t n_comps, unsigned options, ibidi__sink_fn fn, void *ctx,
                                 ibidi_error *err)
{
    sink sk;
    ibidi__sink_init_fn(&sk.out, fn, ctx);
    sk.options = options;
    return check(s, len, comps, n_comps, options, &sk, err);
}
