/*
 * The bidi rules on identifier components (src/iri/check.c, ibidi_iri_check).
 *
 *  - names, messages and the error/warning verdict of every finding code under every
 *    option;
 *  - each rule passing and failing, with the exact findings (code, component, byte offset,
 *    code point, Bidi_Class, IDNA code): MIXED_DIRECTION, RTL_START, RTL_END (NSM endings
 *    with the Hebrew point U+05B0), RTL_OTHER_CLASS (IBIDI_IRI_DUERST2001),
 *    HOST_BIDI_RULE (B1-B6, per-label mode, separators other than U+002E, percent-encoded
 *    labels), DIGIT_AFTER_RTL;
 *  - RFC 3987 §4.4 Examples 1-10 and Example 11 of the 2012 bidi IRI guidelines, with
 *    Hebrew (R) and Arabic (AL) letters, and the exact list of findings of each;
 *  - the host's findings equal those of ibidi_idna_bidi_rule_utf8 over every name of up
 *    to five characters from a set of representative classes, in both modes;
 *  - IBIDI_IRI_STRICT, the fcap contract, and every error path.
 *
 * Inputs are written in Bidi Notation: A-Z stand for Hebrew letters U+05D0.. (class R) or
 * Arabic letters U+0621.. (class AL); "^" for a nonspacing mark (U+05B0 HEBREW POINT
 * SHEVA, or U+064E ARABIC FATHA), "`" for U+0661 ARABIC-INDIC DIGIT ONE (AN), "|" for
 * U+200C ZERO WIDTH NON-JOINER (BN). Expected offsets are given as indices into the
 * notation and turned into byte offsets of the UTF-8 text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/idna.h"
#include "ibidi/iri.h"
#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "testlib.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define MAXS 512
#define MAXC 64
#define MAXF 64

/* ------------------------------------------------------------------ notation */

enum { HEBREW = 0, ARABIC = 1 };

typedef struct text {
    char s[MAXS];
    size_t len;
    size_t off[MAXS]; /* byte offset of each notation index (off[n] = len) */
    size_t n;         /* notation length */
} text;

static uint32_t notation_cp(char ch, int script)
{
    if (ch >= 'A' && ch <= 'Z')
        return (script == ARABIC ? 0x0621u : 0x05D0u) + (uint32_t)(ch - 'A');
    if (ch == '^')
        return script == ARABIC ? 0x064Eu : 0x05B0u;
    if (ch == '`')
        return 0x0661;
    if (ch == '|')
        return 0x200C;
    return (unsigned char)ch;
}

static void from_notation(text *t, const char *nota, int script)
{
    t->len = 0;
    t->n = strlen(nota);
    for (size_t i = 0; i < t->n; i++) {
        t->off[i] = t->len;
        char buf[4];
        size_t k = ibidi_utf8_encode_cp(notation_cp(nota[i], script), buf);
        memcpy(t->s + t->len, buf, k);
        t->len += k;
    }
    t->off[t->n] = t->len;
}

/* The code point at byte offset off of t. */
static uint32_t cp_at(const text *t, size_t off)
{
    size_t pos = off;
    uint32_t cp = 0;
    if (ibidi_utf8_next(t->s, t->len, &pos, &cp, NULL) != IBIDI_OK)
        return 0;
    return cp;
}

/* ------------------------------------------------------------------ components */

/* A test-side splitter for the IRIs of this file (ASCII delimiters, no validation), so
 * that the checker can be tested on its own: scheme, userinfo, host labels (or IPv4, or
 * an IP-literal), port, path segments split into SEGMENT and EXTENSIONs at ".", query
 * names and values, fragment. */
static size_t add(ibidi_iri_component *c, size_t n, size_t a, size_t b, ibidi_iri_component_kind k)
{
    if (n < MAXC) {
        c[n].start = a;
        c[n].length = b - a;
        c[n].kind = k;
    }
    return n + 1;
}

static size_t find_of(const char *s, size_t from, size_t to, const char *set)
{
    for (size_t i = from; i < to; i++)
        if (strchr(set, s[i]))
            return i;
    return to;
}

static size_t split_labels(const char *s, size_t a, size_t b, ibidi_iri_component *c, size_t n)
{
    size_t i = a;
    for (;;) {
        size_t e = find_of(s, i, b, ".");
        n = add(c, n, i, e, IBIDI_IRI_COMP_LABEL);
        if (e == b)
            return n;
        i = e + 1;
    }
}

static size_t split_iri(const char *s, size_t len, ibidi_iri_component *c)
{
    size_t n = 0, pos = 0;
    size_t e = find_of(s, 0, len, ":/?#");
    if (e < len && s[e] == ':' && e > 0) {
        n = add(c, n, 0, e, IBIDI_IRI_COMP_SCHEME);
        pos = e + 1;
    }
    if (pos + 1 < len && s[pos] == '/' && s[pos + 1] == '/') {
        pos += 2;
        size_t aend = find_of(s, pos, len, "/?#");
        size_t at = aend;
        for (size_t i = pos; i < aend; i++)
            if (s[i] == '@')
                at = i;
        if (at < aend) {
            n = add(c, n, pos, at, IBIDI_IRI_COMP_USERINFO);
            pos = at + 1;
        }
        if (pos < aend && s[pos] == '[') {
            size_t close = find_of(s, pos, aend, "]");
            n = add(c, n, pos + 1, close, IBIDI_IRI_COMP_IP_LITERAL);
            pos = close + 1;
        } else {
            size_t hend = find_of(s, pos, aend, ":");
            int ipv4 = hend > pos;
            for (size_t i = pos; i < hend; i++)
                if (!(s[i] == '.' || (s[i] >= '0' && s[i] <= '9')))
                    ipv4 = 0;
            if (ipv4)
                n = add(c, n, pos, hend, IBIDI_IRI_COMP_IPV4);
            else
                n = split_labels(s, pos, hend, c, n);
            pos = hend;
        }
        if (pos < aend && s[pos] == ':')
            n = add(c, n, pos + 1, aend, IBIDI_IRI_COMP_PORT);
        pos = aend;
    }
    size_t pend = find_of(s, pos, len, "?#");
    if (pos < pend) {
        size_t i = s[pos] == '/' ? pos + 1 : pos;
        for (;;) {
            size_t se = find_of(s, i, pend, "/");
            size_t d = find_of(s, i, se, ".");
            int dot_segment = (se - i == 1 && s[i] == '.') ||
                              (se - i == 2 && s[i] == '.' && s[i + 1] == '.');
            if (dot_segment) {
                n = add(c, n, i, se, IBIDI_IRI_COMP_SEGMENT);
            } else {
                n = add(c, n, i, d, IBIDI_IRI_COMP_SEGMENT);
                while (d < se) {
                    size_t d2 = find_of(s, d + 1, se, ".");
                    n = add(c, n, d + 1, d2, IBIDI_IRI_COMP_EXTENSION);
                    d = d2;
                }
            }
            if (se == pend)
                break;
            i = se + 1;
        }
    }
    pos = pend;
    if (pos < len && s[pos] == '?') {
        size_t qend = find_of(s, pos + 1, len, "#");
        size_t i = pos + 1;
        for (;;) {
            size_t pe = find_of(s, i, qend, "&;");
            size_t eq = find_of(s, i, pe, "=");
            n = add(c, n, i, eq, IBIDI_IRI_COMP_QUERY_NAME);
            if (eq < pe)
                n = add(c, n, eq + 1, pe, IBIDI_IRI_COMP_QUERY_VALUE);
            if (pe == qend)
                break;
            i = pe + 1;
        }
        pos = qend;
    }
    if (pos < len && s[pos] == '#')
        n = add(c, n, pos + 1, len, IBIDI_IRI_COMP_FRAGMENT);
    return n;
}

/* ------------------------------------------------------------------ running */

/* An expected finding: the notation index of its offset; value and class are those of
 * the character there. idna: the ibidi_idna_code of a HOST_BIDI_RULE finding. */
typedef struct expect {
    ibidi_iri_code code;
    size_t comp;
    size_t at;
    int idna;
} expect;

typedef struct result {
    ibidi_status st;
    ibidi_error err;
    ibidi_finding f[MAXF];
    size_t n, errors;
} result;

static void run_comps(const text *t, const ibidi_iri_component *c, size_t nc, unsigned opt,
                      result *r)
{
    memset(r, 0xAB, sizeof *r);
    ibidi_findings fs = {r->f, MAXF, 0, 0};
    r->st = t_iri_check(t->s, t->len, c, nc, opt, &fs, &r->err);
    r->n = fs.n;
    r->errors = fs.errors;
}

/* The verdict of ibidi_ident_finding_is_error before findings carried their severity:
 * [code][options 0, DUERST, PER_LABEL, STRICT] of test_names. compare() holds every
 * finding to it. */
static int is_error(ibidi_code code, unsigned opt)
{
    if (opt & IBIDI_IRI_STRICT)
        return 1;
    switch (code) {
    case IBIDI_IRI_MIXED_DIRECTION: return (opt & IBIDI_IRI_DUERST2001) != 0;
    case IBIDI_IRI_RTL_OTHER_CLASS:
    case IBIDI_IRI_HOST_BIDI_RULE: return 1;
    default: return 0;
    }
}

static void compare(const char *what, const text *t, const result *r, unsigned opt,
                    const expect *e, size_t ne, ibidi_status want_st)
{
    CHECK(r->st == want_st, "%s: status %s, expected %s", what, ibidi_status_name(r->st),
          ibidi_status_name(want_st));
    CHECK(r->err.status == r->st, "%s: err.status %d", what, (int)r->err.status);
    CHECK(r->n == ne, "%s: %zu findings, expected %zu", what, r->n, ne);
    /* each finding's severity is the verdict of its code under the options, its rule the
     * code's message, and the call counts the errors among them */
    size_t errors = 0;
    int severities = 1;
    for (size_t i = 0; i < r->n && i < MAXF; i++) {
        const int err = is_error(r->f[i].code, opt);
        severities = severities &&
                     r->f[i].severity == (err ? IBIDI_SEVERITY_ERROR : IBIDI_SEVERITY_WARNING) &&
                     r->f[i].rule == ibidi_code_message(r->f[i].code) && r->f[i].length == 0 &&
                     r->f[i].context == IBIDI_DIR_LTR;
        errors += (size_t)err;
    }
    CHECK(severities && (r->n > MAXF || errors == r->errors),
          "%s: severities, rules or the error count (%zu, counted %zu)", what, r->errors,
          errors);
    for (size_t i = 0; i < r->n && i < MAXF; i++) {
        const ibidi_finding *f = &r->f[i];
        if (i >= ne) {
            CHECK(0, "%s: extra finding %s comp %zu offset %zu", what,
                  ibidi_code_name(f->code), f->part, f->offset);
            continue;
        }
        size_t off = t->off[e[i].at];
        uint32_t v = cp_at(t, off);
        CHECK(f->code == (ibidi_code)e[i].code && f->part == e[i].comp && f->offset == off &&
                  f->cp == v && f->bidi_class == (int)ibidi_unicode_bidi_class(v) &&
                  f->detail == e[i].idna,
              "%s: finding %zu is %s comp %zu offset %zu value %04X class %d idna %d, "
              "expected %s comp %zu offset %zu value %04X class %d idna %d",
              what, i, ibidi_code_name(f->code), f->part, f->offset,
              (unsigned)f->cp, f->bidi_class, f->detail, ibidi_code_name(e[i].code),
              e[i].comp, off, (unsigned)v, (int)ibidi_unicode_bidi_class(v), e[i].idna);
    }
    if (want_st == IBIDI_E_IDENT_INVALID) {
        /* err: the first error finding's offset and value */
        size_t k = 0;
        while (k < r->n && k < MAXF && r->f[k].severity != IBIDI_SEVERITY_ERROR)
            k++;
        CHECK(k < r->n && k < MAXF && r->err.offset == r->f[k].offset &&
                  r->err.value == r->f[k].cp,
              "%s: err offset %zu value %04X is not the first error finding's", what,
              r->err.offset, (unsigned)r->err.value);
    } else {
        CHECK(r->err.offset == 0 && r->err.value == 0, "%s: err not cleared", what);
    }
}

/* Inputs also checked through ibidi_iri_parse, and those it rejects. */
static long n_parsed, n_not_parsed;

/* Parses t as `as`; when it parses, the components must be `c` (when c is not NULL) and
 * the check on them must give the expected findings. */
static void through_parser(const char *what, const text *t, ibidi_iri_kind as,
                           const ibidi_iri_component *c, size_t nc, unsigned opt, const expect *e,
                           size_t ne, ibidi_status want)
{
    ibidi_iri_component pc[MAXC];
    ibidi_iri_components rec = {pc, MAXC, 0};
    if (ibidi_iri_parse(t->s, t->len, as, &rec, NULL, NULL) != IBIDI_OK) {
        n_not_parsed++;
        return;
    }
    n_parsed++;
    if (c) {
        int same = rec.n == nc;
        for (size_t i = 0; same && i < nc; i++)
            same = pc[i].start == c[i].start && pc[i].length == c[i].length &&
                   pc[i].kind == c[i].kind;
        CHECK(same, "%s: the parser's components differ from the test's", what);
    }
    result r;
    char pwhat[MAXS + 96];
    snprintf(pwhat, sizeof pwhat, "%s through ibidi_iri_parse", what);
    run_comps(t, pc, rec.n, opt, &r);
    compare(pwhat, t, &r, opt, e, ne, want);
}

/* Checks the IRI written in notation (script: HEBREW or ARABIC), on the test's split and
 * through the parser. */
static void iri(const char *nota, int script, unsigned opt, const expect *e, size_t ne,
                ibidi_status want)
{
    text t;
    ibidi_iri_component c[MAXC];
    result r;
    char what[MAXS + 64];
    from_notation(&t, nota, script);
    size_t nc = split_iri(t.s, t.len, c);
    snprintf(what, sizeof what, "%s [%s, options %u]", nota,
             script == ARABIC ? "Arabic" : "Hebrew", opt);
    if (!CHECK(nc <= MAXC, "%s: too many components", what))
        return;
    run_comps(&t, c, nc, opt, &r);
    compare(what, &t, &r, opt, e, ne, want);
    through_parser(what, &t, IBIDI_IRI_AS_IRI, c, nc, opt, e, ne, want);
}

/* Checks one component of the given kind holding the whole text. */
static void comp1(const char *nota, int script, ibidi_iri_component_kind kind, unsigned opt,
                  const expect *e, size_t ne, ibidi_status want)
{
    text t;
    result r;
    char what[MAXS + 64];
    from_notation(&t, nota, script);
    ibidi_iri_component c = {0, t.len, kind};
    snprintf(what, sizeof what, "component \"%s\" [%s, %s, options %u]", nota,
             script == ARABIC ? "Arabic" : "Hebrew", ibidi_iri_component_kind_name(kind), opt);
    run_comps(&t, &c, 1, opt, &r);
    compare(what, &t, &r, opt, e, ne, want);
}

/* Checks a domain name written in notation (labels at "."). */
static void domain(const char *nota, int script, unsigned opt, const expect *e, size_t ne,
                   ibidi_status want)
{
    text t;
    ibidi_iri_component c[MAXC];
    result r;
    char what[MAXS + 64];
    from_notation(&t, nota, script);
    size_t nc = split_labels(t.s, 0, t.len, c, 0);
    snprintf(what, sizeof what, "domain %s [%s, options %u]", nota,
             script == ARABIC ? "Arabic" : "Hebrew", opt);
    run_comps(&t, c, nc, opt, &r);
    compare(what, &t, &r, opt, e, ne, want);
    /* the parser drops the root label: no component for a trailing "." */
    if (nc > 0 && c[nc - 1].length == 0 && nc > 1)
        nc--;
    through_parser(what, &t, IBIDI_IRI_AS_DOMAIN, c, nc, opt, e, ne, want);
}

/* Checks a mail address written in notation through the parser. */
static void email(const char *nota, int script, unsigned opt, const expect *e, size_t ne,
                  ibidi_status want)
{
    text t;
    char what[MAXS + 64];
    from_notation(&t, nota, script);
    snprintf(what, sizeof what, "mail address %s [%s, options %u]", nota,
             script == ARABIC ? "Arabic" : "Hebrew", opt);
    long before = n_parsed;
    through_parser(what, &t, IBIDI_IRI_AS_EMAIL, NULL, 0, opt, e, ne, want);
    CHECK(n_parsed == before + 1, "%s: does not parse", what);
}

#define NONE NULL, 0
#define E(...) ((const expect[]){__VA_ARGS__}), N(((const expect[]){__VA_ARGS__}))

#define MIXED IBIDI_IRI_MIXED_DIRECTION
#define START IBIDI_IRI_RTL_START
#define END IBIDI_IRI_RTL_END
#define OTHER IBIDI_IRI_RTL_OTHER_CLASS
#define HOST IBIDI_IRI_HOST_BIDI_RULE
#define DIGIT IBIDI_IRI_DIGIT_AFTER_RTL
#define OK IBIDI_OK
#define INVALID IBIDI_E_IDENT_INVALID
#define DUERST IBIDI_IRI_DUERST2001
#define PER_LABEL IBIDI_IDNA_BIDI_PER_LABEL
#define STRICT IBIDI_IRI_STRICT

/* ------------------------------------------------------------------ names */

static void test_names(void)
{
    static const struct {
        ibidi_iri_code code;
        const char *name;
        const char *rule; /* what the message must name */
    } t[] = {
        {MIXED, "MIXED_DIRECTION", "RFC 3987 §4.2 rule 1"},
        {START, "RTL_START", "RFC 3987 §4.2 rule 2"},
        {END, "RTL_END", "2012 bidi IRI guidelines §3"},
        {OTHER, "RTL_OTHER_CLASS", "Duerst 2001 §5 restriction 3"},
        {HOST, "HOST_BIDI_RULE", "RFC 5893 §2"},
        {DIGIT, "DIGIT_AFTER_RTL", "Examples 10 and 11"},
    };
    for (size_t i = 0; i < N(t); i++) {
        const char *name = ibidi_code_name(t[i].code);
        const char *msg = ibidi_code_message(t[i].code);
        CHECK(name && strcmp(name, t[i].name) == 0, "name of %d: %s", (int)t[i].code,
              name ? name : "(null)");
        CHECK(msg && strstr(msg, t[i].rule) != NULL, "message of %s: %s", t[i].name, msg);
    }
    /* the codes are 101-106 (common.h: 101-199 are the identifier rules'): none around */
    CHECK(ibidi_code_name(100) == NULL, "name of 100");
    CHECK(ibidi_code_name(107) == NULL, "name of 107");
    const char *m = ibidi_code_message(107);
    CHECK(m && strcmp(m, "unknown finding") == 0, "message of 107");

    /* The verdicts: [code][options 0, DUERST, PER_LABEL, STRICT], now the severity of the
     * findings the check makes under those options. Each input makes a finding of its code
     * under every option (RTL_OTHER_CLASS exists only with DUERST2001, so its row is
     * checked with DUERST2001 added to each column). */
    static const struct {
        ibidi_iri_code code;
        int v[4];
        const char *iri; /* split by split_iri */
        unsigned also;   /* options added to each column */
    } verdicts[] = {
        {MIXED, {0, 1, 0, 1}, "http://ex.com/Ab", 0},
        {START, {0, 0, 0, 1}, "http://ex.com/1A", 0},
        {END, {0, 0, 0, 1}, "http://ex.com/A1", 0},
        {OTHER, {1, 1, 1, 1}, "http://ex.com/A-B", DUERST},
        {HOST, {1, 1, 1, 1}, "http://Aa.com/", 0},
        {DIGIT, {0, 0, 0, 1}, "http://ex.com/A/1b", 0},
    };
    static const unsigned opts[4] = {0, DUERST, PER_LABEL, STRICT};
    for (size_t i = 0; i < N(verdicts); i++)
        for (size_t k = 0; k < 4; k++) {
            const unsigned opt = opts[k] | verdicts[i].also;
            text tx;
            ibidi_iri_component c[MAXC];
            result r;
            from_notation(&tx, verdicts[i].iri, HEBREW);
            run_comps(&tx, c, split_iri(tx.s, tx.len, c), opt, &r);
            size_t j = 0;
            while (j < r.n && j < MAXF && r.f[j].code != (ibidi_code)verdicts[i].code)
                j++;
            const int sev = j < r.n && j < MAXF ? r.f[j].severity == IBIDI_SEVERITY_ERROR : -1;
            CHECK(sev == verdicts[i].v[k], "is_error(%s, %u): %d",
                  ibidi_code_name(verdicts[i].code), opt, sev);
        }
    /* (ibidi_ident_finding_is_error's checks on an unknown code and on NULL have no
     * counterpart: a finding's severity is set by the check that makes it.) The status
     * follows the severities: invalid exactly when a finding is an error, and the error
     * count says how many are, for each input of the table under each option. */
    for (size_t i = 0; i < N(verdicts); i++)
        for (size_t k = 0; k < 4; k++) {
            const unsigned opt = opts[k] | verdicts[i].also;
            text tx;
            ibidi_iri_component c[MAXC];
            result r;
            from_notation(&tx, verdicts[i].iri, HEBREW);
            run_comps(&tx, c, split_iri(tx.s, tx.len, c), opt, &r);
            size_t errors = 0;
            for (size_t j = 0; j < r.n && j < MAXF; j++)
                errors += r.f[j].severity == IBIDI_SEVERITY_ERROR;
            if (!CHECK(r.n <= MAXF && errors == r.errors && (r.st == INVALID) == (errors > 0) &&
                           (r.st == OK || r.st == INVALID),
                       "%s under %u: status %s with %zu errors (%zu counted)", verdicts[i].iri,
                       opt, ibidi_status_name(r.st), r.errors, errors))
                break;
        }
}

/* ------------------------------------------------------------------ component rules */

static void test_classes(void)
{
    /* The notation's characters have the classes the tests assume. */
    CHECK(ibidi_unicode_bidi_class(notation_cp('A', HEBREW)) == IBIDI_UNICODE_BC_R, "A Hebrew: R");
    CHECK(ibidi_unicode_bidi_class(notation_cp('Z', HEBREW)) == IBIDI_UNICODE_BC_R, "Z Hebrew: R");
    CHECK(ibidi_unicode_bidi_class(notation_cp('A', ARABIC)) == IBIDI_UNICODE_BC_AL,
          "A Arabic: AL");
    CHECK(ibidi_unicode_bidi_class(notation_cp('Z', ARABIC)) == IBIDI_UNICODE_BC_AL,
          "Z Arabic: AL");
    CHECK(ibidi_unicode_bidi_class(notation_cp('^', HEBREW)) == IBIDI_UNICODE_BC_NSM,
          "^ Hebrew: NSM");
    CHECK(ibidi_unicode_bidi_class(notation_cp('^', ARABIC)) == IBIDI_UNICODE_BC_NSM,
          "^ Arabic: NSM");
    CHECK(ibidi_unicode_bidi_class(notation_cp('`', HEBREW)) == IBIDI_UNICODE_BC_AN, "`: AN");
    CHECK(ibidi_unicode_bidi_class(notation_cp('|', HEBREW)) == IBIDI_UNICODE_BC_BN, "|: BN");
}

static void test_mixed(void)
{
    for (int sc = HEBREW; sc <= ARABIC; sc++) {
        comp1("AB", sc, IBIDI_IRI_COMP_SEGMENT, 0, NONE, OK);
        comp1("ab", sc, IBIDI_IRI_COMP_SEGMENT, 0, NONE, OK);
        comp1("A1B", sc, IBIDI_IRI_COMP_SEGMENT, 0, NONE, OK);
        comp1("ab-12", sc, IBIDI_IRI_COMP_SEGMENT, 0, NONE, OK);
        /* the first character of the other direction than the first strong one */
        comp1("ABc", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({MIXED, 0, 2, 0}, {END, 0, 2, 0}), OK);
        comp1("abC", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({START, 0, 0, 0}, {MIXED, 0, 2, 0}), OK);
        comp1("1-aB", sc, IBIDI_IRI_COMP_QUERY_VALUE, 0, E({START, 0, 0, 0}, {MIXED, 0, 3, 0}),
              OK);
        /* once per component, whatever follows */
        comp1("AbCdE", sc, IBIDI_IRI_COMP_FRAGMENT, 0, E({MIXED, 0, 1, 0}), OK);
        /* Duerst 2001 §5 restriction 1: an error */
        comp1("ABc", sc, IBIDI_IRI_COMP_SEGMENT, DUERST,
              E({MIXED, 0, 2, 0}, {END, 0, 2, 0}, {OTHER, 0, 2, 0}), INVALID);
    }
    /* explicit values and classes: Hebrew R and Arabic AL */
    text t;
    result r;
    from_notation(&t, "xA", HEBREW);
    ibidi_iri_component c = {0, t.len, IBIDI_IRI_COMP_USERINFO};
    run_comps(&t, &c, 1, 0, &r);
    CHECK(r.n == 2 && r.f[1].code == MIXED && r.f[1].offset == 1 && r.f[1].cp == 0x05D0 &&
              r.f[1].bidi_class == IBIDI_UNICODE_BC_R && r.f[1].part == 0 && r.f[1].detail == 0,
          "xA Hebrew: MIXED at 1, U+05D0, R");
    from_notation(&t, "xA", ARABIC);
    c.length = t.len;
    run_comps(&t, &c, 1, 0, &r);
    CHECK(r.n == 2 && r.f[1].code == MIXED && r.f[1].offset == 1 && r.f[1].cp == 0x0621 &&
              r.f[1].bidi_class == IBIDI_UNICODE_BC_AL,
          "xA Arabic: MIXED at 1, U+0621, AL");
    CHECK(r.n == 2 && r.f[0].code == START && r.f[0].offset == 0 && r.f[0].cp == 'x' &&
              r.f[0].bidi_class == IBIDI_UNICODE_BC_L,
          "xA Arabic: RTL_START at 0, x, L");
}

static void test_start_end(void)
{
    for (int sc = HEBREW; sc <= ARABIC; sc++) {
        /* RTL_START at the component's start */
        comp1("1AB", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({START, 0, 0, 0}), OK);
        comp1("-AB", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({START, 0, 0, 0}), OK);
        comp1("^AB", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({START, 0, 0, 0}), OK);
        comp1("`AB", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({START, 0, 0, 0}), OK);
        /* RTL_END at the first character of the tail after the last R/AL NSM* */
        comp1("AB1", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({END, 0, 2, 0}), OK);
        comp1("AB12", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({END, 0, 2, 0}), OK);
        comp1("AB!", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({END, 0, 2, 0}), OK);
        comp1("AB`", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({END, 0, 2, 0}), OK);
        comp1("AB|", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({END, 0, 2, 0}), OK);
        comp1("A1B-", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({END, 0, 3, 0}), OK);
        /* NSM endings */
        comp1("AB^", sc, IBIDI_IRI_COMP_SEGMENT, 0, NONE, OK);
        comp1("AB^^", sc, IBIDI_IRI_COMP_SEGMENT, 0, NONE, OK);
        comp1("A^B^", sc, IBIDI_IRI_COMP_SEGMENT, 0, NONE, OK);
        comp1("AB1^", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({END, 0, 2, 0}), OK);
        comp1("A^1", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({END, 0, 2, 0}), OK);
        comp1("A^1^", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({END, 0, 2, 0}), OK);
        comp1("A^1^B^", sc, IBIDI_IRI_COMP_SEGMENT, 0, NONE, OK);
        /* both */
        comp1("1A1", sc, IBIDI_IRI_COMP_SEGMENT, 0, E({START, 0, 0, 0}, {END, 0, 2, 0}), OK);
        /* a single character */
        comp1("A", sc, IBIDI_IRI_COMP_SEGMENT, 0, NONE, OK);
        comp1("^", sc, IBIDI_IRI_COMP_SEGMENT, 0, NONE, OK);
        comp1("1", sc, IBIDI_IRI_COMP_SEGMENT, 0, NONE, OK);
        comp1("`", sc, IBIDI_IRI_COMP_SEGMENT, 0, NONE, OK);
        /* warnings only, errors with WARNINGS_ARE_ERRORS */
        comp1("1A1", sc, IBIDI_IRI_COMP_SEGMENT, STRICT, E({START, 0, 0, 0}, {END, 0, 2, 0}),
              INVALID);
    }
    /* explicit value and class of an NSM-ending tail */
    text t;
    result r;
    from_notation(&t, "A^1^", HEBREW);
    ibidi_iri_component c = {0, t.len, IBIDI_IRI_COMP_SEGMENT};
    run_comps(&t, &c, 1, 0, &r);
    CHECK(t.len == 7 && r.n == 1 && r.f[0].code == END && r.f[0].offset == 4 && r.f[0].cp == '1' &&
              r.f[0].bidi_class == IBIDI_UNICODE_BC_EN,
          "A^1^: RTL_END at byte 4, '1', EN");
    /* U+05B0 itself: bytes D6 B0 */
    CHECK(memcmp(t.s + 2, "\xD6\xB0", 2) == 0, "U+05B0 encoded");
}

static void test_duerst(void)
{
    for (int sc = HEBREW; sc <= ARABIC; sc++) {
        comp1("AB", sc, IBIDI_IRI_COMP_SEGMENT, DUERST, NONE, OK);
        comp1("A^B^", sc, IBIDI_IRI_COMP_SEGMENT, DUERST, NONE, OK); /* NSM allowed */
        comp1("ab1-c", sc, IBIDI_IRI_COMP_SEGMENT, DUERST, NONE, OK); /* no RTL: not concerned */
        comp1("A1B", sc, IBIDI_IRI_COMP_SEGMENT, 0, NONE, OK);
        comp1("A1B", sc, IBIDI_IRI_COMP_SEGMENT, DUERST, E({OTHER, 0, 1, 0}), INVALID);
        comp1("A-B", sc, IBIDI_IRI_COMP_SEGMENT, DUERST, E({OTHER, 0, 1, 0}), INVALID);
        comp1("A|B", sc, IBIDI_IRI_COMP_SEGMENT, DUERST, E({OTHER, 0, 1, 0}), INVALID);
        comp1("A`B", sc, IBIDI_IRI_COMP_SEGMENT, DUERST, E({OTHER, 0, 1, 0}), INVALID);
        /* once per component, at the first one */
        comp1("AB1C2D-E", sc, IBIDI_IRI_COMP_SEGMENT, DUERST, E({OTHER, 0, 2, 0}), INVALID);
        /* with the other rules, in order of offset */
        comp1("1AB", sc, IBIDI_IRI_COMP_SEGMENT, DUERST, E({START, 0, 0, 0}, {OTHER, 0, 0, 0}),
              INVALID);
        comp1("AB1", sc, IBIDI_IRI_COMP_SEGMENT, DUERST, E({END, 0, 2, 0}, {OTHER, 0, 2, 0}),
              INVALID);
        comp1("A^b", sc, IBIDI_IRI_COMP_SEGMENT, DUERST,
              E({MIXED, 0, 2, 0}, {END, 0, 2, 0}, {OTHER, 0, 2, 0}), INVALID);
    }
    /* err: the first error finding (RTL_START is a warning, RTL_OTHER_CLASS an error) */
    text t;
    result r;
    from_notation(&t, "1AB1", HEBREW);
    ibidi_iri_component c[1] = {{0, t.len, IBIDI_IRI_COMP_SEGMENT}};
    run_comps(&t, c, 1, DUERST, &r);
    CHECK(r.st == INVALID && r.err.offset == 0 && r.err.value == '1',
          "1AB1 Duerst: err at 0 '1' (%zu)", r.err.offset);
    from_notation(&t, "xAB1", HEBREW);
    c[0].length = t.len;
    run_comps(&t, c, 1, 0, &r);
    CHECK(r.st == OK && r.n == 3, "xAB1: warnings only");
    run_comps(&t, c, 1, DUERST, &r);
    /* START(0, x), MIXED(1, A), END(5, '1'), OTHER(0, x): MIXED is the first error */
    CHECK(r.st == INVALID && r.n == 4 && r.f[0].code == START && r.f[1].code == OTHER &&
              r.f[2].code == MIXED && r.f[3].code == END,
          "xAB1 Duerst: START OTHER MIXED END");
    CHECK(r.err.offset == 0 && r.err.value == 'x', "xAB1 Duerst: err at the OTHER finding");
}

static void test_digit_after_rtl(void)
{
    for (int sc = HEBREW; sc <= ARABIC; sc++) {
        iri("/AB/1c", sc, 0, E({DIGIT, 1, 4, 0}), OK);
        iri("/AB/12", sc, 0, E({DIGIT, 1, 4, 0}), OK);
        iri("/AB/`C", sc, 0, E({START, 1, 4, 0}, {DIGIT, 1, 4, 0}), OK);
        iri("/AB1/2", sc, 0, E({END, 0, 3, 0}, {DIGIT, 1, 5, 0}), OK);
        iri("/AB^/2", sc, 0, E({DIGIT, 1, 5, 0}), OK);
        /* empty components between: only delimiters */
        iri("/AB//12", sc, 0, E({DIGIT, 2, 5, 0}), OK);
        iri("/AB///12", sc, 0, E({DIGIT, 3, 6, 0}), OK);
        /* a component without strong characters ends the search */
        iri("/AB/12/34", sc, 0, E({DIGIT, 1, 4, 0}), OK);
        iri("/AB/-/34", sc, 0, NONE, OK);
        /* not after an LTR component, not when not starting with a digit */
        iri("/ab/12", sc, 0, NONE, OK);
        iri("/Ab/12", sc, 0, E({MIXED, 0, 2, 0}, {END, 0, 2, 0}), OK);
        iri("/aB/12", sc, 0, E({START, 0, 1, 0}, {MIXED, 0, 2, 0}, {DIGIT, 1, 4, 0}), OK);
        iri("/AB/c1", sc, 0, NONE, OK);
        iri("/AB/-1", sc, 0, NONE, OK);
        /* across kinds: userinfo and an IPv4 host, a label and the port, query parts */
        iri("http://AB@1.2.3.4/", sc, 0, E({DIGIT, 2, 10, 0}), OK);
        iri("http://ab.CD:80/", sc, 0, E({DIGIT, 3, 13, 0}), OK);
        iri("?AB=12&CD=3", sc, 0, E({DIGIT, 1, 4, 0}, {DIGIT, 3, 10, 0}), OK);
        /* a warning, an error with WARNINGS_ARE_ERRORS */
        iri("/AB/12", sc, STRICT, E({DIGIT, 1, 4, 0}), INVALID);
    }
}

/* ------------------------------------------------------------------ host */

#define B(n) IBIDI_IDNA_B##n

static void test_host(void)
{
    for (int sc = HEBREW; sc <= ARABIC; sc++) {
        /* RFC 5893 §2 condition 1 on a label without direction in a Bidi domain name */
        iri("http://123.ABC.com/", sc, 0, E({HOST, 1, 7, B(1)}), INVALID);
        iri("http://123.ABC.com/", sc, PER_LABEL, NONE, OK);
        domain("ABC.123.com", sc, 0, E({HOST, 1, 4, B(1)}, {DIGIT, 1, 4, 0}), INVALID);
        domain("ABC.123.com", sc, PER_LABEL, E({DIGIT, 1, 4, 0}), OK);
        /* a name without R, AL, AN is not a Bidi domain name */
        domain("123.abc.com", sc, 0, NONE, OK);
        domain("-a.b-", sc, 0, NONE, OK);
        /* condition 2 (and 3), with the component rules at the same offset first */
        domain("ABc.de", sc, 0,
               E({MIXED, 0, 2, 0}, {END, 0, 2, 0}, {HOST, 0, 2, B(2)}, {HOST, 0, 2, B(3)}),
               INVALID);
        domain("A!B", sc, 0, NONE, OK); /* ON is allowed in an RTL label */
        domain("A B", sc, 0, E({HOST, 0, 1, B(2)}), INVALID); /* WS is not */
        /* condition 3 with NSM */
        domain("AB-", sc, 0, E({END, 0, 2, 0}, {HOST, 0, 2, B(3)}), INVALID);
        domain("AB1", sc, 0, E({END, 0, 2, 0}), OK); /* EN may end an RTL label */
        domain("AB1^", sc, 0, E({END, 0, 2, 0}), OK);
        domain("AB^", sc, 0, NONE, OK);
        domain("A-^", sc, 0, E({END, 0, 1, 0}, {HOST, 0, 1, B(3)}), INVALID);
        /* condition 4 */
        domain("A1`B", sc, 0, E({HOST, 0, 2, B(4)}), INVALID);
        domain("A``B", sc, 0, NONE, OK);
        /* conditions 5 and 6 */
        domain("aB.C", sc, 0,
               E({START, 0, 0, 0}, {MIXED, 0, 1, 0}, {HOST, 0, 1, B(5)}, {HOST, 0, 1, B(6)}),
               INVALID);
        domain("a-.B", sc, 0, E({HOST, 0, 1, B(6)}), INVALID);
        domain("a1.B", sc, 0, NONE, OK);
        domain("a^.B", sc, 0, NONE, OK);
        /* several labels, several findings */
        domain("1A.B-.c!", sc, 0,
               E({START, 0, 0, 0}, {HOST, 0, 0, B(1)}, {END, 1, 4, 0}, {HOST, 1, 4, B(3)},
                 {HOST, 2, 7, B(6)}),
               INVALID);
        /* empty labels pass */
        domain("A..B", sc, 0, NONE, OK);
        domain("A.", sc, 0, NONE, OK);
        /* per label: only labels with R, AL or AN */
        domain("1A.b-", sc, PER_LABEL, E({START, 0, 0, 0}, {HOST, 0, 0, B(1)}), INVALID);
        domain("1a.`", sc, PER_LABEL, E({HOST, 1, 3, B(1)}), INVALID);
        /* percent-encoded labels are checked as written: "%" is ET */
        iri("http://%d7%90.ABC/", sc, 0, E({HOST, 1, 7, B(1)}), INVALID);
        iri("http://A%31.com/", sc, 0, E({END, 1, 8, 0}), OK); /* ends with EN */
        iri("http://A%3a.com/", sc, 0,
            E({END, 1, 8, 0}, {MIXED, 1, 10, 0}, {HOST, 1, 10, B(2)}, {HOST, 1, 10, B(3)}),
            INVALID);
        iri("http://%d7%90.com/", sc, 0, NONE, OK);
        /* IPv4 and IP-literal hosts are not labels */
        iri("http://1.2.3.4/AB", sc, 0, NONE, OK);
        iri("http://[::1]/AB", sc, 0, NONE, OK);
        /* userinfo, path and query are not host labels */
        iri("http://1A@b.c/1A?1A=B-", sc, 0,
            E({START, 1, 7, 0}, {START, 4, 14, 0}, {START, 5, 17, 0}, {DIGIT, 5, 17, 0},
              {END, 6, 21, 0}),
            OK);
    }

    /* Explicit: 123.ABC.com */
    text t;
    result r;
    ibidi_iri_component c[MAXC];
    from_notation(&t, "http://123.ABC.com/", HEBREW);
    size_t nc = split_iri(t.s, t.len, c);
    CHECK(nc == 5 && c[1].kind == IBIDI_IRI_COMP_LABEL && c[1].start == 7 && c[1].length == 3 &&
              c[4].kind == IBIDI_IRI_COMP_SEGMENT && c[4].length == 0,
          "split of http://123.ABC.com/");
    run_comps(&t, c, nc, 0, &r);
    CHECK(r.n == 1 && r.f[0].code == HOST && r.f[0].part == 1 && r.f[0].offset == 7 &&
              r.f[0].cp == '1' && r.f[0].bidi_class == IBIDI_UNICODE_BC_EN &&
              r.f[0].detail == IBIDI_IDNA_B1,
          "123.ABC.com: HOST_BIDI_RULE B1 on label 0, offset 7, '1', EN");
    CHECK(r.st == INVALID && r.err.status == INVALID && r.err.offset == 7 && r.err.value == '1',
          "123.ABC.com: err");

    /* Label separators other than U+002E (UTS #46, RFC 3490 §3.1): the components decide */
    static const char *const seps[] = {"\xE3\x80\x82", "\xEF\xBC\x8E", "\xEF\xBD\xA1", "."};
    for (size_t k = 0; k < N(seps); k++) {
        char s[64];
        size_t sl = strlen(seps[k]);
        /* HEBREW LETTER ALEF BET GIMEL, separator, "123", separator, "com" */
        size_t len = 0;
        memcpy(s, "\xD7\x90\xD7\x91\xD7\x92", 6);
        len = 6;
        memcpy(s + len, seps[k], sl);
        len += sl;
        memcpy(s + len, "123", 3);
        len += 3;
        memcpy(s + len, seps[k], sl);
        len += sl;
        memcpy(s + len, "com", 3);
        len += 3;
        ibidi_iri_component dc[3] = {{0, 6, IBIDI_IRI_COMP_LABEL},
                                 {6 + sl, 3, IBIDI_IRI_COMP_LABEL},
                                 {6 + sl + 3 + sl, 3, IBIDI_IRI_COMP_LABEL}};
        ibidi_finding f[4];
        ibidi_findings fs = {f, 4, 99, 99};
        ibidi_error err;
        ibidi_status st = t_iri_check(s, len, dc, 3, 0, &fs, &err);
        CHECK(st == INVALID && fs.n == 2 && fs.errors == 1 && f[0].code == HOST && f[0].part == 1 &&
                  f[0].offset == 6 + sl && f[0].detail == IBIDI_IDNA_B1 &&
                  f[1].code == DIGIT && f[1].offset == 6 + sl,
              "ABC<sep %zu>123<sep>com: B1 and DIGIT_AFTER_RTL on 123", k);
    }

    /* Two runs of labels are two hosts: "1gh" is not part of the Bidi domain name "ABC". */
    from_notation(&t, "ABC/x/1gh", HEBREW);
    ibidi_iri_component two[3] = {{0, t.off[3], IBIDI_IRI_COMP_LABEL},
                              {t.off[4], 1, IBIDI_IRI_COMP_SEGMENT},
                              {t.off[6], 3, IBIDI_IRI_COMP_LABEL}};
    run_comps(&t, two, 3, 0, &r);
    CHECK(r.st == OK && r.n == 0, "two hosts: only the first is a Bidi domain name");
    two[1].kind = IBIDI_IRI_COMP_LABEL;
    run_comps(&t, two, 3, 0, &r);
    CHECK(r.st == INVALID && r.n == 1 && r.f[0].offset == t.off[6] &&
              r.f[0].detail == IBIDI_IDNA_B1,
          "one host of three labels: B1 on 1gh");
}

/* ------------------------------------------------------------------ mail addresses */

static void test_email(void)
{
    for (int sc = HEBREW; sc <= ARABIC; sc++) {
        email("ABC@def.com", sc, 0, NONE, OK);
        email("user@ABC.123", sc, 0, E({HOST, 2, 9, B(1)}, {DIGIT, 2, 9, 0}), INVALID);
        email("user@ABC.123", sc, PER_LABEL, E({DIGIT, 2, 9, 0}), OK);
        email("AB1@CD.ef", sc, 0, E({END, 0, 2, 0}), OK);
        email("AB@1x.com", sc, 0, E({DIGIT, 1, 3, 0}), OK);
        email("a.BC@DE.F-", sc, 0, E({END, 3, 9, 0}, {HOST, 3, 9, B(3)}), INVALID);
        email("\"AB c\"@DE.fg", sc, 0, E({END, 0, 3, 0}, {MIXED, 0, 4, 0}), OK);
    }
}

/* ------------------------------------------------------------------ examples */

static void test_examples(void)
{
    for (int sc = HEBREW; sc <= ARABIC; sc++) {
        /* RFC 3987 §4.4 Example 1 (2012 guidelines §5 Example 1) */
        iri("http://ab.CDEFGH.ij/kl/mn/op.html", sc, 0, NONE, OK);
        /* Example 2 */
        iri("http://ab.CDE.FGH/ij/kl/mn/op.html", sc, 0, NONE, OK);
        /* Example 3 */
        iri("http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", sc, 0, NONE, OK);
        /* Example 4: "KL" (SEGMENT) and "html" (EXTENSION) are separate components */
        iri("http://AB.CD.ef/gh/IJ/KL.html", sc, 0, NONE, OK);
        /* Example 5 */
        iri("http://ab.cd.EF/GH/ij/kl.html", sc, 0, NONE, OK);
        /* Example 6 */
        iri("http://ab.CD.EF/GH/IJ/kl.html", sc, 0, NONE, OK);
        /* Example 7: digits inside an RTL component; Duerst 2001 restriction 3 forbids them */
        iri("http://ab.CDE123FGH.ij/kl/mn/op.html", sc, 0, NONE, OK);
        iri("http://ab.CDE123FGH.ij/kl/mn/op.html", sc, DUERST, E({OTHER, 2, 13, 0}),
            INVALID);
        /* Example 8 (not allowed): "GH1" ends with a digit, "2IJ" starts with one, and
         * follows "GH1", whose last strong character is right-to-left */
        iri("http://ab.cd.ef/GH1/2IJ/KL.html", sc, 0,
            E({END, 4, 18, 0}, {START, 5, 20, 0}, {DIGIT, 5, 20, 0}), OK);
        /* Example 9 (not allowed): percent-encoded, the same two rules; "%32IJ" starts
         * with "%" (ET), not a digit */
        iri("http://ab.cd.ef/GH%31/%32IJ/KL.html", sc, 0, E({END, 4, 18, 0}, {START, 5, 22, 0}),
            OK);
        /* Example 10 (allowed but not recommended): "123" after "CDEFGH"; in the host it
         * also breaks the Bidi Rule's condition 1 unless labels are checked alone */
        iri("http://ab.CDEFGH.123/kl/mn/op.html", sc, 0,
            E({HOST, 3, 17, B(1)}, {DIGIT, 3, 17, 0}), INVALID);
        iri("http://ab.CDEFGH.123/kl/mn/op.html", sc, PER_LABEL, E({DIGIT, 3, 17, 0}), OK);
        /* 2012 guidelines §5 Example 11 (allowed but not recommended) */
        iri("http://ab.CDEFGH.123ij/kl/mn/op.html", sc, 0,
            E({HOST, 3, 17, B(1)}, {DIGIT, 3, 17, 0}), INVALID);
        iri("http://ab.CDEFGH.123ij/kl/mn/op.html", sc, PER_LABEL, E({DIGIT, 3, 17, 0}), OK);
        /* the same examples with the path in place of the host */
        iri("http://ab.ef/CDEFGH/123/kl", sc, 0, E({DIGIT, 4, 20, 0}), OK);
        iri("http://ab.ef/CDEFGH/123ij/kl", sc, 0, E({DIGIT, 4, 20, 0}), OK);
        /* WARNINGS_ARE_ERRORS makes Example 8 invalid, at its first finding */
        iri("http://ab.cd.ef/GH1/2IJ/KL.html", sc, STRICT,
            E({END, 4, 18, 0}, {START, 5, 20, 0}, {DIGIT, 5, 20, 0}), INVALID);
    }

    /* The components the test splitter gives Example 4 and Example 3. */
    text t;
    ibidi_iri_component c[MAXC];
    from_notation(&t, "http://AB.CD.ef/gh/IJ/KL.html", HEBREW);
    size_t nc = split_iri(t.s, t.len, c);
    static const ibidi_iri_component_kind k4[] = {
        IBIDI_IRI_COMP_SCHEME,  IBIDI_IRI_COMP_LABEL,   IBIDI_IRI_COMP_LABEL,  IBIDI_IRI_COMP_LABEL,
        IBIDI_IRI_COMP_SEGMENT, IBIDI_IRI_COMP_SEGMENT, IBIDI_IRI_COMP_SEGMENT, IBIDI_IRI_COMP_EXTENSION};
    int same = nc == N(k4);
    for (size_t i = 0; same && i < nc; i++)
        same = c[i].kind == k4[i];
    CHECK(same && c[6].start == t.off[22] && c[6].length == 4 && c[7].start == t.off[25],
          "Example 4 components");
    from_notation(&t, "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", HEBREW);
    nc = split_iri(t.s, t.len, c);
    CHECK(nc == 12 && c[7].kind == IBIDI_IRI_COMP_QUERY_NAME && c[8].kind == IBIDI_IRI_COMP_QUERY_VALUE &&
              c[11].kind == IBIDI_IRI_COMP_FRAGMENT && c[11].start == t.off[37],
          "Example 3 components");

    /* Example 8, explicit byte offsets (Hebrew: two bytes per letter) */
    result r;
    from_notation(&t, "http://ab.cd.ef/GH1/2IJ/KL.html", HEBREW);
    nc = split_iri(t.s, t.len, c);
    run_comps(&t, c, nc, 0, &r);
    CHECK(r.n == 3 && r.f[0].offset == 20 && r.f[0].cp == '1' &&
              r.f[0].bidi_class == IBIDI_UNICODE_BC_EN && r.f[1].offset == 22 && r.f[1].cp == '2' &&
              r.f[2].offset == 22,
          "Example 8: byte offsets 20 and 22");
}

/* ------------------------------------------------------------------ versus IDNA */

/* Every name of up to five characters from these (with "." between labels): the host's
 * findings equal ibidi_idna_bidi_rule_utf8's B1-B6, label by label, in order. */
static void test_versus_idna(void)
{
    static const uint32_t alphabet[] = {'.',    'a',    '1',    '-',    '!', 0x05D0,
                                        0x0627, 0x0661, 0x05B0, 0x200C, ' ', '%'};
    const size_t na = N(alphabet);
    long compared = 0, bad = 0;
    for (size_t n = 1; n <= 5; n++) {
        size_t total = 1;
        for (size_t i = 0; i < n; i++)
            total *= na;
        for (size_t code = 0; code < total; code++) {
            char s[32];
            size_t len = 0, x = code;
            ibidi_iri_component c[8];
            size_t nc = 0, lstart = 0;
            for (size_t i = 0; i < n; i++) {
                uint32_t cp = alphabet[x % na];
                x /= na;
                if (cp == '.') {
                    c[nc++] = (ibidi_iri_component){lstart, len - lstart, IBIDI_IRI_COMP_LABEL};
                    s[len++] = '.';
                    lstart = len;
                } else {
                    len += ibidi_utf8_encode_cp(cp, s + len);
                }
            }
            c[nc++] = (ibidi_iri_component){lstart, len - lstart, IBIDI_IRI_COMP_LABEL};
            for (int mode = 0; mode < 2; mode++) {
                ibidi_finding f[MAXF], g[MAXF];
                ibidi_findings fs = {f, MAXF, 0, 0}, gs = {g, MAXF, 0, 0};
                t_iri_check(s, len, c, nc, mode ? PER_LABEL : 0, &fs, NULL);
                ibidi_idna_bidi_rule_utf8(s, len, mode ? IBIDI_IDNA_BIDI_PER_LABEL : 0, &gs, NULL,
                                          NULL);
                const size_t nf = fs.n, ng = gs.n;
                size_t i = 0, j = 0;
                int same = nf <= MAXF && ng <= MAXF;
                while (same) {
                    while (i < nf && f[i].code != HOST)
                        i++;
                    while (j < ng && g[j].severity == IBIDI_SEVERITY_WARNING)
                        j++;
                    if (i == nf || j == ng) {
                        same = i == nf && j == ng;
                        break;
                    }
                    same = f[i].detail == g[j].code && f[i].part == g[j].part &&
                           f[i].offset == g[j].offset && f[i].cp == g[j].cp &&
                           f[i].bidi_class == g[j].bidi_class;
                    i++;
                    j++;
                }
                compared++;
                if (!same)
                    bad++;
                if (!same && bad <= 5)
                    CHECK(0, "versus IDNA: name %zu of length %zu, mode %d differs", code, n,
                          mode);
            }
        }
    }
    CHECK(bad == 0, "versus IDNA: %ld of %ld differ", bad, compared);
    t_pass_n(compared - bad);
    printf("compared %ld hosts with ibidi_idna_bidi_rule_utf8\n", compared);
}

/* ------------------------------------------------------------------ fcap, errors */

static int same_finding(const ibidi_finding *a, const ibidi_finding *b)
{
    return a->code == b->code && a->part == b->part && a->offset == b->offset &&
           a->cp == b->cp && a->bidi_class == b->bidi_class && a->detail == b->detail &&
           a->severity == b->severity && a->rule == b->rule;
}

static void test_capacity(void)
{
    /* Example 8: three findings, all warnings; with DUERST2001 "1" in "GH1" and "2" in
     * "2IJ" add two errors. */
    text t;
    ibidi_iri_component c[MAXC];
    from_notation(&t, "http://ab.cd.ef/GH1/2IJ/KL.html", HEBREW);
    size_t nc = split_iri(t.s, t.len, c);
    ibidi_finding all[8], f[8];
    ibidi_findings fa = {all, 8, 0, 0};
    ibidi_error err;
    ibidi_status st = t_iri_check(t.s, t.len, c, nc, DUERST, &fa, &err);
    const size_t n_all = fa.n;
    CHECK(st == INVALID && n_all == 5 && fa.errors == 2 && err.offset == 20 && err.value == '1',
          "Example 8 Duerst: 5 findings, 2 errors, first error at 20 (%zu)", n_all);
    for (size_t cap = 0; cap <= 6; cap++) {
        memset(f, 0xEE, sizeof f);
        ibidi_findings fc = {cap ? f : NULL, cap, 0, 0};
        ibidi_error e2;
        st = t_iri_check(t.s, t.len, c, nc, DUERST, &fc, &e2);
        CHECK(st == INVALID && fc.n == 5 && fc.errors == 2 && e2.status == INVALID &&
                  e2.offset == 20 && e2.value == '1',
              "fcap %zu: status, count and err from the full list", cap);
        size_t stored = cap < 5 ? cap : 5;
        int same = 1;
        for (size_t i = 0; i < stored; i++)
            same = same && same_finding(&f[i], &all[i]);
        CHECK(same, "fcap %zu: first findings stored", cap);
        unsigned char guard[sizeof f[0]];
        memset(guard, 0xEE, sizeof guard);
        CHECK(memcmp(&f[stored], guard, sizeof guard) == 0, "fcap %zu: nothing stored beyond",
              cap);
    }
    /* The first error beyond fcap still makes the call fail with its offset. */
    from_notation(&t, "/1A/B1/C-D", HEBREW);
    nc = split_iri(t.s, t.len, c);
    ibidi_findings one = {f, 1, 0, 0};
    st = t_iri_check(t.s, t.len, c, nc, DUERST, &one, &err);
    /* START(1A) OTHER(1A), END(B1) OTHER(B1), OTHER(C-D) */
    CHECK(st == INVALID && one.n == 5 && one.errors == 3 && f[0].code == START &&
              err.offset == 1 && err.value == '1',
          "error beyond fcap 1");
    /* findings and err may be NULL */
    st = t_iri_check(t.s, t.len, c, nc, DUERST, NULL, NULL);
    CHECK(st == INVALID, "findings and err NULL");
    ibidi_findings none = {NULL, 0, 9, 9};
    st = t_iri_check(t.s, t.len, c, nc, 0, &none, NULL);
    CHECK(st == OK && none.n == 2 && none.errors == 0,
          "warnings only, fcap 0: OK, 2 findings (%zu)", none.n);
    /* nothing to check */
    none.n = none.errors = 9;
    st = t_iri_check(NULL, 0, NULL, 0, 0, &none, &err);
    CHECK(st == OK && none.n == 0 && none.errors == 0 && err.status == OK && err.offset == 0,
          "empty");
    ibidi_iri_component empty = {0, 0, IBIDI_IRI_COMP_SEGMENT};
    st = t_iri_check(NULL, 0, &empty, 1, 0, &none, &err);
    CHECK(st == OK && none.n == 0, "one empty component of an empty input");
}

static void test_errors(void)
{
    ibidi_finding f[4];
    ibidi_findings fs = {f, 4, 0, 0};
    ibidi_error err;
    ibidi_status st;
    const char *s = "http://ab/cd";
    ibidi_iri_component c[3] = {{0, 4, IBIDI_IRI_COMP_SCHEME},
                            {7, 2, IBIDI_IRI_COMP_LABEL},
                            {10, 2, IBIDI_IRI_COMP_SEGMENT}};

    st = t_iri_check(s, 12, c, 3, 0, &fs, &err);
    CHECK(st == OK && fs.n == 0 && err.status == OK, "valid");

    fs.n = fs.errors = 7;
    st = t_iri_check(NULL, 12, c, 3, 0, &fs, &err);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT && err.status == st && fs.n == 0 && fs.errors == 0,
          "NULL s");
    st = t_iri_check(s, 12, NULL, 3, 0, &fs, &err);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT && err.status == st, "NULL comps");
    ibidi_findings no_items = {NULL, 4, 0, 0};
    st = t_iri_check(s, 12, c, 3, 0, &no_items, &err);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT && err.status == st, "NULL findings with fcap");

    /* spans outside [0, len) */
    ibidi_iri_component bad[3];
    memcpy(bad, c, sizeof c);
    bad[2].length = 3;
    st = t_iri_check(s, 12, bad, 3, 0, &fs, &err);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT && err.offset == 10, "span past the end");
    memcpy(bad, c, sizeof c);
    bad[2].start = 13;
    bad[2].length = 0;
    st = t_iri_check(s, 12, bad, 3, 0, &fs, &err);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT && err.offset == 12, "start past the end");
    memcpy(bad, c, sizeof c);
    bad[2].start = 12;
    bad[2].length = (size_t)-1;
    st = t_iri_check(s, 12, bad, 3, 0, &fs, &err);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT, "length overflowing");
    memcpy(bad, c, sizeof c);
    bad[2].start = 12;
    bad[2].length = 0;
    st = t_iri_check(s, 12, bad, 3, 0, &fs, &err);
    CHECK(st == OK, "empty component at the end");
    /* out of order, overlapping */
    memcpy(bad, c, sizeof c);
    bad[1].start = 3;
    st = t_iri_check(s, 12, bad, 3, 0, &fs, &err);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT && err.offset == 3, "overlapping components");
    memcpy(bad, c, sizeof c);
    bad[0] = c[2];
    bad[2] = c[0];
    st = t_iri_check(s, 12, bad, 3, 0, &fs, &err);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT && err.offset == 7, "components out of order");

    /* ill-formed UTF-8 inside components: the decoder's status and offset */
    static const struct {
        const char *s;
        size_t len;
        ibidi_iri_component_kind kind;
        ibidi_status st;
        size_t off;
        uint32_t value;
    } u[] = {
        {"ab\xD7", 3, IBIDI_IRI_COMP_SEGMENT, IBIDI_E_UTF8_TRUNCATED, 2, 0xD7},
        {"\xD7\x90\x90", 3, IBIDI_IRI_COMP_SEGMENT, IBIDI_E_UTF8_UNEXPECTED_CONT, 2, 0x90},
        {"a\xC0\x80", 3, IBIDI_IRI_COMP_QUERY_VALUE, IBIDI_E_UTF8_OVERLONG, 1, 0xC0},
        {"a\xED\xA0\x80", 4, IBIDI_IRI_COMP_FRAGMENT, IBIDI_E_UTF8_SURROGATE, 1, 0xED},
        {"a\xFF", 2, IBIDI_IRI_COMP_SEGMENT, IBIDI_E_UTF8_INVALID_BYTE, 1, 0xFF},
        {"a\xF4\x90\x80\x80", 5, IBIDI_IRI_COMP_SEGMENT, IBIDI_E_UTF8_TOO_LARGE, 1, 0xF4},
        /* in a host label: found by the scan for a Bidi domain name */
        {"ab\xD7", 3, IBIDI_IRI_COMP_LABEL, IBIDI_E_UTF8_TRUNCATED, 2, 0xD7},
        {"\xD7\x90\xD7", 3, IBIDI_IRI_COMP_LABEL, IBIDI_E_UTF8_TRUNCATED, 2, 0xD7},
    };
    for (size_t i = 0; i < N(u); i++) {
        ibidi_iri_component one = {0, u[i].len, u[i].kind};
        fs.n = 7;
        st = t_iri_check(u[i].s, u[i].len, &one, 1, 0, &fs, &err);
        CHECK(st == u[i].st && err.status == st && err.offset == u[i].off &&
                  err.value == u[i].value && fs.n == 0,
              "ill-formed UTF-8 %zu: %s at %zu", i, ibidi_status_name(st), err.offset);
    }
    /* A component cutting a character: its first byte is a continuation byte. */
    ibidi_iri_component cut = {1, 1, IBIDI_IRI_COMP_SEGMENT};
    st = t_iri_check("\xD7\x90", 2, &cut, 1, 0, &fs, &err);
    CHECK(st == IBIDI_E_UTF8_UNEXPECTED_CONT && err.offset == 1, "component cutting a character");
    ibidi_iri_component cut2 = {0, 1, IBIDI_IRI_COMP_SEGMENT};
    st = t_iri_check("\xD7\x90", 2, &cut2, 1, 0, &fs, &err);
    CHECK(st == IBIDI_E_UTF8_TRUNCATED && err.offset == 0, "component ending inside a character");
    /* A label of a Bidi domain name after the one whose R ended the scan. */
    ibidi_iri_component lab[2] = {{0, 2, IBIDI_IRI_COMP_LABEL}, {3, 2, IBIDI_IRI_COMP_LABEL}};
    st = t_iri_check("\xD7\x90.a\xD7", 5, lab, 2, 0, &fs, &err);
    CHECK(st == IBIDI_E_UTF8_TRUNCATED && err.offset == 4, "ill-formed second label");
    st = t_iri_check("\xD7\x90.a\xD7", 5, lab, 2, PER_LABEL, &fs, &err);
    CHECK(st == IBIDI_E_UTF8_TRUNCATED && err.offset == 4, "ill-formed second label, per label");
    /* ill-formed bytes between components are not looked at */
    ibidi_iri_component around[2] = {{0, 1, IBIDI_IRI_COMP_SEGMENT}, {2, 1, IBIDI_IRI_COMP_SEGMENT}};
    st = t_iri_check("a\xFF" "b", 3, around, 2, 0, &fs, &err);
    CHECK(st == OK && fs.n == 0, "bytes between components");
}

/* The options record and the allocating calls, which the other tests reach through
 * t_iri_check. */
static void test_options_and_alloc(void)
{
    const char *iri = "http://\xD7\x90\xD7\x91.com/ab\xD7\x90/1";
    const size_t len = strlen(iri);
    ibidi_iri_component comps[32];
    ibidi_iri_components rec = {comps, 32, 0};
    CHECK(ibidi_iri_parse(iri, len, IBIDI_IRI_AS_IRI, &rec, NULL, NULL) == IBIDI_OK, "parse");
    /* NULL options and a zeroed record are the defaults; they equal the word-options call */
    static const ibidi_iri_options zero;
    ibidi_finding a[16], b[16], c[16];
    ibidi_findings fa = {a, 16, 0, 0}, fb = {b, 16, 0, 0}, fc = {c, 16, 0, 0};
    ibidi_status sa = ibidi_iri_check(iri, len, &rec, NULL, &fa, NULL);
    ibidi_status sb = ibidi_iri_check(iri, len, &rec, &zero, &fb, NULL);
    ibidi_status sc = t_iri_check(iri, len, comps, rec.n, 0, &fc, NULL);
    CHECK(sa == sb && sb == sc && fa.n == fb.n && fb.n == fc.n && fa.n > 0 &&
              memcmp(a, b, fa.n * sizeof a[0]) == 0 && memcmp(b, c, fa.n * sizeof a[0]) == 0,
          "NULL, zeroed and word options agree: %zu findings", fa.n);
    /* the host's Bidi Rule per label comes from the IDNA record */
    const char *host = "http://123.\xD7\x90\xD7\x91.com/";
    ibidi_iri_component hc[16];
    ibidi_iri_components hrec = {hc, 16, 0};
    ibidi_iri_parse(host, strlen(host), IBIDI_IRI_AS_IRI, &hrec, NULL, NULL);
    ibidi_iri_options per = zero;
    per.idna.add = IBIDI_IDNA_BIDI_PER_LABEL;
    CHECK(ibidi_iri_check(host, strlen(host), &hrec, NULL, NULL, NULL) ==
                  IBIDI_E_IDENT_INVALID &&
              ibidi_iri_check(host, strlen(host), &hrec, &per, NULL, NULL) == IBIDI_OK,
          "123.AB.com: the Bidi Rule over the host, or per label with the IDNA option");
    /* a bit no call knows is refused; the bits of other calls are not */
    ibidi_iri_options bad = zero;
    bad.flags = 0x8;
    CHECK(ibidi_iri_check(iri, len, &rec, &bad, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "unknown option bit");
    bad.flags = IBIDI_IRI_HOST_PERCENT | IBIDI_IRI_KEEP_UNSAFE;
    CHECK(ibidi_iri_check(iri, len, &rec, &bad, NULL, NULL) == sa,
          "other calls' bits are ignored");
    /* a record that holds fewer components than it counts (a parse into too small an
     * array) is no identifier's: refused, not read past its capacity */
    ibidi_iri_components cut = {comps, rec.n - 1, rec.n};
    CHECK(ibidi_iri_check(iri, len, &cut, NULL, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "a record with n above cap");
    CHECK(ibidi_iri_check("", 0, NULL, NULL, NULL, NULL) == IBIDI_OK, "NULL record: none");
    /* the allocating calls: the same components and findings as the buffer calls */
    ibidi_iri_components ac = {comps, 99, 99}; /* cleared, the cap ignored */
    ibidi_iri_info ai;
    int same = ibidi_iri_parse_alloc(iri, len, IBIDI_IRI_AS_IRI, &ac, &ai, NULL) == IBIDI_OK &&
               ac.items && ac.items != comps && ac.n == rec.n && ac.cap == rec.n;
    for (size_t i = 0; same && i < rec.n; i++)
        same = ac.items[i].start == comps[i].start && ac.items[i].length == comps[i].length &&
               ac.items[i].kind == comps[i].kind;
    CHECK(same, "parse_alloc");
    CHECK(ibidi_iri_check(iri, len, &ac, NULL, NULL, NULL) == sa, "check of parse_alloc's");
    ibidi_free(ac.items);
    ac = (ibidi_iri_components){comps, 32, 5};
    CHECK(ibidi_iri_parse_alloc("a..b", 4, IBIDI_IRI_AS_DOMAIN, &ac, NULL, NULL) ==
                  IBIDI_E_DOMAIN_EMPTY_LABEL &&
              ac.items == NULL && ac.n == 0,
          "parse_alloc: an error leaves no components");
    CHECK(ibidi_iri_parse_alloc(".", 1, IBIDI_IRI_AS_DOMAIN, &ac, NULL, NULL) == IBIDI_OK &&
              ac.items != NULL && ac.n == 0,
          "parse_alloc: no component, still an array");
    ibidi_free(ac.items);
    CHECK(ibidi_iri_parse_alloc("a", 1, IBIDI_IRI_AS_DOMAIN, NULL, NULL, NULL) ==
              IBIDI_E_INVALID_ARGUMENT,
          "parse_alloc without a destination");
    ibidi_iri_options as_iri = zero;
    as_iri.as = IBIDI_IRI_AS_IRI;
    ibidi_findings all;
    CHECK(ibidi_iri_check_alloc(iri, len, &as_iri, &all, NULL) == sa && all.n == fa.n &&
              all.errors == fa.errors && memcmp(all.items, a, fa.n * sizeof a[0]) == 0,
          "check_alloc: %zu findings", all.n);
    ibidi_findings_free(&all);
    CHECK(all.items == NULL && all.n == 0, "findings_free clears the record");
    CHECK(ibidi_iri_check_alloc("http://a b/", 11, &as_iri, &all, NULL) == IBIDI_E_IRI_CHAR &&
              all.items == NULL && all.n == 0,
          "check_alloc: a parse error, no findings");
    CHECK(ibidi_iri_check_alloc("example.com", 11, NULL, NULL, NULL) == IBIDI_OK,
          "check_alloc with no findings record");
    ibidi_buf codes = {NULL, 0, 0};
    CHECK(ibidi_iri_validate_alloc("123.\xD7\x90\xD7\x91.com", 11, NULL, &codes, NULL) ==
                  IBIDI_E_IDENT_INVALID &&
              codes.data && strcmp(codes.data, "[B1]") == 0 && codes.len == 4,
          "validate_alloc: %s", codes.data ? codes.data : "(null)");
    ibidi_free(codes.data);
    CHECK(ibidi_iri_validate_alloc("a", 1, NULL, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "validate_alloc without a destination");
    CHECK(ibidi_iri_validate("a..b", 4, NULL, NULL, NULL) == IBIDI_E_BUFFER_TOO_SMALL,
          "validate: a NULL codes record is a capacity of 0");
    /* a host that maps to more code points than IDNA's fixed area (1536): U+FDFA maps to
       18, so 100 of them (300 bytes) need the work area; without one there is no verdict,
       and the allocating call gives one */
    {
        static char big[512], w1[256];
        static unsigned char work[1 << 16];
        const size_t n = t_repeat(big, sizeof big, "http://", "\xEF\xB7\xBA", 100, ".com/");
        ibidi_iri_options o = as_iri;
        ibidi_buf b1 = {w1, sizeof w1, 0};
        ibidi_error e = {IBIDI_OK, 0, 0};
        CHECK(ibidi_iri_validate(big, n, &o, &b1, &e) == IBIDI_E_IDNA_WORK_TOO_SMALL &&
                  e.status == IBIDI_E_IDNA_WORK_TOO_SMALL && e.offset >= 7 && e.offset < n &&
                  b1.len == 0,
              "validate: a host past IDNA's fixed area, no work area: no verdict (offset %zu)",
              e.offset);
        o.idna.work = work;
        o.idna.work_size = sizeof work;
        CHECK(ibidi_idna_work_size() <= sizeof work &&
                  ibidi_iri_validate(big, n, &o, &b1, NULL) == IBIDI_E_IDENT_INVALID &&
                  b1.len < sizeof w1 && strstr(w1, "WORK") == NULL,
              "validate: with a work area, the verdict: %.*s", (int)b1.len, w1);
        const size_t l1 = b1.len;
        const ibidi_status st = ibidi_iri_validate_alloc(big, n, &as_iri, &codes, NULL);
        CHECK(st == IBIDI_E_IDENT_INVALID && codes.data && codes.len == l1 &&
                  memcmp(codes.data, w1, l1) == 0,
              "validate_alloc gives the work area itself: %s", codes.data ? codes.data : "(null)");
        ibidi_free(codes.data);
    }
}

int main(void)
{
    test_options_and_alloc();
    test_names();
    test_classes();
    test_mixed();
    test_start_end();
    test_duerst();
    test_digit_after_rtl();
    test_host();
    test_examples();
    test_email();
    test_versus_idna();
    test_capacity();
    test_errors();
    printf("info: %ld inputs also checked through ibidi_iri_parse, %ld it does not accept\n",
           n_parsed, n_not_parsed);
    return t_summary();
}
