/*
 * Fuzz target for the identifier parser (ibidi_iri_parse, include/ibidi/iri.h) and the
 * validity built on it (ibidi_iri_validate, ibidi_iri_validate_alloc).
 *
 * The first byte picks the mode (its low two bits: AUTO, DOMAIN, IRI, EMAIL); the rest is
 * the identifier, in UTF-8. Every mode is parsed, the picked one first. Properties checked
 * with abort():
 *  1. no crash, and a defined status: OK, BUFFER_TOO_SMALL never (the buffer is large
 *     enough), a status with a name, err filled with it and an offset <= len; ill-formed
 *     UTF-8 gives exactly ibidi_utf8_validate's status, offset and value, unless a control
 *     or bidi control comes before it;
 *  2. on success: info->kind is the mode asked (or, for AUTO, a concrete kind); at most
 *     len + 2 components; each has a known kind, lies in [0, len], and follows the previous
 *     one with at least one delimiter byte between them; spans that are present lie in the
 *     input; kinds agree with the mode (no IRI kinds in a domain name ...);
 *  3. the buffer contract: the exact capacity gives the same components; one less gives
 *     BUFFER_TOO_SMALL with the same count and the same leading components; NULL with 0 too;
 *     an error is the same error with no buffer at all; the allocating call gives the same
 *     status, information and components (none after an error);
 *  4. AUTO gives the same result as the kind it reports;
 *  5. validity of the picked kind (bit 2 of the first byte: the whatwg profile instead of
 *     uts46) with a work area: IBIDI_OK exactly when the codes are "[]", else
 *     IBIDI_E_IDENT_INVALID with "[...]" codes in the one order of codes without repeats (or
 *     IBIDI_E_TOO_LONG past 1024 components), a parse error named among the codes;
 *     without a work area the same, but IBIDI_E_IDNA_WORK_TOO_SMALL where the components
 *     are more than the stack holds (only past 256 bytes); the allocating call the same;
 *  6. the form users see (ibidi_iri_unicode_form) of a parsed identifier: unchanged when
 *     it says so, different when it says it changed, its size contract, and the
 *     allocating call agrees.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

#define MAXN 4096

static void require(int ok)
{
    if (!ok)
        abort();
}

typedef struct res {
    ibidi_status st;
    ibidi_error err;
    ibidi_iri_info info;
    ibidi_iri_component c[MAXN + 2];
    size_t n; /* the components the parse counted */
} res;

static res r1, r2;

/* ibidi_iri_parse into r's array with room for cap components. */
static void parse_into(res *r, const char *s, size_t len, ibidi_iri_kind as, size_t cap)
{
    ibidi_iri_components rec = {r->c, cap, 0};
    r->st = ibidi_iri_parse(s, len, as, &rec, &r->info, &r->err);
    r->n = rec.n;
}

static int same_comps(const ibidi_iri_component *a, const ibidi_iri_component *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i].start != b[i].start || a[i].length != b[i].length || a[i].kind != b[i].kind)
            return 0;
    return 1;
}

static int span_eq(const ibidi_span *a, const ibidi_span *b)
{
    return a->present == b->present && (!a->present || (a->start == b->start &&
                                                         a->length == b->length));
}

static int info_eq(const ibidi_iri_info *a, const ibidi_iri_info *b)
{
    return a->kind == b->kind && a->host_kind == b->host_kind && span_eq(&a->scheme, &b->scheme) &&
           span_eq(&a->authority, &b->authority) && span_eq(&a->userinfo, &b->userinfo) &&
           span_eq(&a->host, &b->host) && span_eq(&a->port, &b->port) &&
           span_eq(&a->path, &b->path) && span_eq(&a->query, &b->query) &&
           span_eq(&a->fragment, &b->fragment) && span_eq(&a->local_part, &b->local_part);
}

static void check_span(const ibidi_span *sp, size_t len)
{
    if (sp->present)
        require(sp->start <= len && sp->length <= len - sp->start);
    else
        require(sp->start == 0 && sp->length == 0);
}

static int kind_allowed(ibidi_iri_kind k, ibidi_iri_component_kind c)
{
    switch (k) {
    case IBIDI_IRI_AS_DOMAIN: return c == IBIDI_IRI_COMP_LABEL;
    case IBIDI_IRI_AS_EMAIL:
        return c == IBIDI_IRI_COMP_LOCAL_ATOM || c == IBIDI_IRI_COMP_LOCAL_QUOTED ||
               c == IBIDI_IRI_COMP_LABEL || c == IBIDI_IRI_COMP_IP_LITERAL;
    case IBIDI_IRI_AS_IRI:
        return c != IBIDI_IRI_COMP_LOCAL_ATOM && c != IBIDI_IRI_COMP_LOCAL_QUOTED &&
               ibidi_iri_component_kind_name(c) != NULL;
    default: return 0;
    }
}

/* Characters a component of this kind never holds (its delimiters). */
static int holds_delimiter(const char *s, const ibidi_iri_component *c)
{
    const char *bad;
    switch (c->kind) {
    case IBIDI_IRI_COMP_SCHEME: bad = ":/?#@"; break;
    case IBIDI_IRI_COMP_USERINFO: bad = "@/?#"; break;
    case IBIDI_IRI_COMP_LABEL: bad = ".:/?#@"; break;
    case IBIDI_IRI_COMP_PORT: bad = ":/?#"; break;
    case IBIDI_IRI_COMP_SEGMENT:
    case IBIDI_IRI_COMP_EXTENSION: bad = "/?#"; break;
    case IBIDI_IRI_COMP_QUERY_NAME: bad = "&;=#"; break;
    case IBIDI_IRI_COMP_QUERY_VALUE: bad = "&;#"; break;
    case IBIDI_IRI_COMP_FRAGMENT: bad = "#"; break;
    case IBIDI_IRI_COMP_LOCAL_ATOM: bad = ".@\""; break;
    default: return 0;
    }
    for (size_t i = 0; i < c->length; i++)
        if (strchr(bad, s[c->start + i]) && s[c->start + i] != '\0')
            return 1;
    return 0;
}

static void one(const char *s, size_t len, ibidi_iri_kind as)
{
    ibidi_status v_st;
    ibidi_error v_err;

    parse_into(&r1, s, len, as, len + 2);
    require(ibidi_status_name(r1.st) != NULL);
    require(r1.err.status == r1.st);
    require(r1.st != IBIDI_E_BUFFER_TOO_SMALL && r1.st != IBIDI_E_INVALID_ARGUMENT);
    require(r1.info.kind != IBIDI_IRI_AS_AUTO && ibidi_iri_kind_name(r1.info.kind));
    if (as != IBIDI_IRI_AS_AUTO)
        require(r1.info.kind == as);

    v_st = ibidi_utf8_validate(s, len, NULL, &v_err);
    if (v_st != IBIDI_OK) /* the text pass reports the first of them in the text */
        require((r1.st == v_st && r1.err.offset == v_err.offset &&
                 r1.err.value == v_err.value) ||
                ((r1.st == IBIDI_E_IDENT_CONTROL || r1.st == IBIDI_E_IDENT_BIDI_CONTROL) &&
                 r1.err.offset < v_err.offset));

    if (r1.st != IBIDI_OK) {
        require(r1.err.offset <= len);
        require(r1.st == IBIDI_E_IDENT_EMPTY || r1.st == IBIDI_E_IDENT_CONTROL ||
                r1.st == IBIDI_E_IDENT_BIDI_CONTROL || v_st != IBIDI_OK ||
                (r1.st >= IBIDI_E_IRI_SCHEME && r1.st <= IBIDI_E_IRI_PORT) ||
                (r1.st >= IBIDI_E_DOMAIN_EMPTY_LABEL && r1.st <= IBIDI_E_DOMAIN_CHAR) ||
                r1.st == IBIDI_E_EMAIL_SYNTAX || r1.st == IBIDI_E_EMAIL_LOCAL_TOO_LONG);
        if (r1.st == IBIDI_E_IDENT_EMPTY)
            require(len == 0);
        /* the same error without a buffer, and no component counted */
        require(r1.n == 0);
        r2.st = ibidi_iri_parse(s, len, as, NULL, &r2.info, &r2.err);
        require(r2.st == r1.st && r2.err.offset == r1.err.offset &&
                r2.err.value == r1.err.value);
        ibidi_iri_components a = {r1.c, 1, 1};
        r2.st = ibidi_iri_parse_alloc(s, len, as, &a, &r2.info, &r2.err);
        require(r2.st == r1.st && r2.err.offset == r1.err.offset && a.items == NULL &&
                a.n == 0);
        return;
    }

    /* 2. components and spans */
    const ibidi_iri_info *in = &r1.info;
    size_t n = r1.n;
    require(n <= len + 2);
    for (size_t i = 0; i < n; i++) {
        const ibidi_iri_component *c = &r1.c[i];
        require(ibidi_iri_component_kind_name(c->kind) != NULL);
        require(kind_allowed(in->kind, c->kind));
        require(c->start <= len && c->length <= len - c->start);
        if (i)
            require(c->start > r1.c[i - 1].start + r1.c[i - 1].length);
        require(!holds_delimiter(s, c));
    }
    check_span(&in->scheme, len);
    check_span(&in->authority, len);
    check_span(&in->userinfo, len);
    check_span(&in->host, len);
    check_span(&in->port, len);
    check_span(&in->path, len);
    check_span(&in->query, len);
    check_span(&in->fragment, len);
    check_span(&in->local_part, len);
    if (in->kind == IBIDI_IRI_AS_IRI) {
        require(in->path.present && !in->local_part.present);
        require(in->host.present == in->authority.present);
        if (in->scheme.present)
            require(n > 0 && r1.c[0].kind == IBIDI_IRI_COMP_SCHEME && in->scheme.start == 0 &&
                    s[in->scheme.length] == ':');
    } else if (in->kind == IBIDI_IRI_AS_EMAIL) {
        require(in->local_part.present && in->host.present && n >= 2);
        require(in->local_part.start == 0 && s[in->local_part.length] == '@');
        require(in->local_part.length <= IBIDI_IRI_LOCAL_PART_MAX_OCTETS);
        require(in->host.start == in->local_part.length + 1 && in->host.length > 0);
        require(in->host_kind == IBIDI_IRI_COMP_LABEL || in->host_kind == IBIDI_IRI_COMP_IP_LITERAL);
    } else {
        require(in->host.present && in->host.start == 0 && in->host.length == len);
        require(in->host_kind == IBIDI_IRI_COMP_LABEL);
        for (size_t i = 0; i < n; i++)
            require(r1.c[i].length >= 1 && r1.c[i].length <= IBIDI_IRI_LABEL_MAX_OCTETS);
    }

    /* 3. the buffer contract */
    parse_into(&r2, s, len, as, n);
    require(r2.st == IBIDI_OK && r2.n == n && info_eq(&r1.info, &r2.info) &&
            same_comps(r1.c, r2.c, n));
    if (n > 0) {
        parse_into(&r2, s, len, as, n - 1);
        require(r2.st == IBIDI_E_BUFFER_TOO_SMALL && r2.err.status == r2.st && r2.n == n);
        require(info_eq(&r1.info, &r2.info) && same_comps(r1.c, r2.c, n - 1));
        ibidi_iri_components none = {NULL, 0, 0};
        r2.st = ibidi_iri_parse(s, len, as, &none, &r2.info, NULL);
        require(r2.st == IBIDI_E_BUFFER_TOO_SMALL && none.n == n);
        r2.st = ibidi_iri_parse(s, len, as, NULL, &r2.info, NULL);
        require(r2.st == IBIDI_E_BUFFER_TOO_SMALL);
    }

    ibidi_iri_components a = {NULL, 0, 0};
    r2.st = ibidi_iri_parse_alloc(s, len, as, &a, &r2.info, &r2.err);
    require(r2.st == IBIDI_OK && a.items && a.n == n && a.cap == n &&
            info_eq(&r1.info, &r2.info) && same_comps(r1.c, a.items, n));
    ibidi_free(a.items);

    /* 6. the U-label form */
    {
        static char u[MAXN * 8 + 64];
        ibidi_buf ub = {u, sizeof u, 0}, size = {NULL, 0, 0}, a = {NULL, 0, 0};
        const ibidi_iri_options o = {as, 0, {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}};
        ibidi_status st = ibidi_iri_unicode_form(s, len, &o, &ub, NULL);
        const size_t ul = ub.len;
        require(st == IBIDI_OK);
        if (ul != len || memcmp(u, s, len) != 0) { /* only an "xn--" label is replaced */
            int xn = 0;
            for (size_t i = 0; i + 4 <= len && !xn; i++)
                xn = (s[i] | 0x20) == 'x' && (s[i + 1] | 0x20) == 'n' && s[i + 2] == '-' &&
                     s[i + 3] == '-';
            require(xn);
        }
        require(ibidi_iri_unicode_form(s, len, &o, &size, NULL) ==
                    (ul ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK) &&
                size.len == ul);
        require(ibidi_iri_unicode_form_alloc(s, len, &o, &a, NULL) == IBIDI_OK && a.data &&
                a.len == ul && memcmp(a.data, u, ul) == 0 && a.data[ul] == '\0');
        ibidi_free(a.data);
    }

    /* 4. AUTO agrees with the kind it chose */
    if (as == IBIDI_IRI_AS_AUTO) {
        parse_into(&r2, s, len, r1.info.kind, len + 2);
        require(r2.st == IBIDI_OK && r2.n == n && info_eq(&r1.info, &r2.info) &&
                same_comps(r1.c, r2.c, n));
    }
}

/* The order of a code named in a codes text (ibidi_code_order): a finding code's, else a
 * status's; -1 for a name that is neither. */
static int order_of(const char *name, size_t n)
{
    size_t rows = 0;
    const ibidi_code_info *t = ibidi_code_table(&rows);
    for (size_t i = 0; i < rows; i++)
        if (strlen(t[i].name) == n && memcmp(t[i].name, name, n) == 0)
            return ibidi_code_order(t[i].type, t[i].value);
    return -1;
}

/* 5: the codes text, "[A, B]", each a code or status the table names, in the one order of
 * codes, without repeats. */
static int codes_ok(const char *c, size_t n)
{
    if (n < 2 || c[0] != '[' || c[n - 1] != ']')
        return 0;
    int prev = -1;
    size_t i = 1;
    while (i < n - 1) {
        size_t j = i;
        while (j < n - 1 && c[j] != ',')
            j++;
        const int o = order_of(c + i, j - i);
        if (o < 0 || o <= prev)
            return 0;
        prev = o;
        if (j < n - 1) {
            if (j + 2 >= n - 1 || c[j + 1] != ' ')
                return 0;
            j += 2;
        }
        i = j;
    }
    return 1;
}

static void validity(const char *s, size_t len, ibidi_iri_kind kind, int whatwg)
{
    static char codes[8192], codes2[8192];
    static unsigned char work[1 << 16]; /* ibidi_idna_work_size() */
    const ibidi_idna_profile p = whatwg ? IBIDI_IDNA_PROFILE_WHATWG : IBIDI_IDNA_PROFILE_UTS46;
    ibidi_iri_options o = {kind, 0, {p, 0, 0, work, sizeof work}};
    ibidi_buf b = {codes, sizeof codes, 0}, b2 = {codes2, sizeof codes2, 0};
    ibidi_error e;
    require(ibidi_idna_work_size() <= sizeof work);
    ibidi_status st = ibidi_iri_validate(s, len, &o, &b, &e);
    const size_t cl = b.len;
    require(st == IBIDI_OK || st == IBIDI_E_IDENT_INVALID || st == IBIDI_E_TOO_LONG);
    if (st != IBIDI_E_TOO_LONG) {
        ibidi_iri_info info;
        ibidi_status pst = ibidi_iri_parse(s, len, kind, NULL, &info, NULL);
        require(cl <= sizeof codes && codes_ok(codes, cl));
        require((st == IBIDI_OK) == (cl == 2));
        require(e.status == st && (st == IBIDI_OK || e.offset <= len));
        if (pst != IBIDI_OK && pst != IBIDI_E_BUFFER_TOO_SMALL) {
            const char *name = ibidi_status_name(pst);
            const size_t nl = strlen(name);
            int found = 0;
            for (size_t i = 1; i + nl < cl && !found; i++)
                found = memcmp(codes + i, name, nl) == 0 && (codes[i + nl] == ',' ||
                                                           codes[i + nl] == ']');
            require(st == IBIDI_E_IDENT_INVALID && found);
        }
    }
    /* no work area */
    o.idna.work = NULL;
    o.idna.work_size = 0;
    ibidi_status st2 = ibidi_iri_validate(s, len, &o, &b2, NULL);
    if (st2 == IBIDI_E_IDNA_WORK_TOO_SMALL)
        require(len > 256 && st != IBIDI_E_TOO_LONG);
    else
        require(st2 == st && b2.len == cl && memcmp(codes, codes2, cl) == 0);
    /* the allocating call */
    ibidi_buf a = {NULL, 0, 0};
    ibidi_status st3 = ibidi_iri_validate_alloc(s, len, &o, &a, NULL);
    require(st3 == st && (st3 == IBIDI_E_TOO_LONG) == (a.data == NULL));
    if (a.data)
        require(a.len == cl && memcmp(a.data, codes, cl) == 0 && a.data[cl] == '\0');
    ibidi_free(a.data);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size - 1 > MAXN)
        return 0;
    const char *s = (const char *)data + 1;
    size_t len = size - 1;
    ibidi_iri_kind first = (ibidi_iri_kind)(data[0] & 3);
    validity(s, len, first, (data[0] & 4) != 0);
    one(s, len, first);
    for (int k = 0; k < 4; k++)
        if ((ibidi_iri_kind)k != first)
            one(s, len, (ibidi_iri_kind)k);
    return 0;
}
