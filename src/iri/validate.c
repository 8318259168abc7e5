/*
 * Validity of an identifier (ibidi/iri.h, ibidi_iri_validate): parse, component
 * rules, and UTS #46 ToASCII of each host, the reasons gathered as codes in the form of
 * IdnaTestV2.txt ("[]", "[B1, V6]"), so that twins can be marked valid or invalid.
 * Nothing allocates: the components and findings are on the stack.
 */
#include <string.h>

#include "common/internal.h"
#include "idna/idna_internal.h"
#include "iri/iri_internal.h"

/* Components of one identifier: a domain name has at most 127 labels, a mail address
 * about 160 components; an IRI with more than this many is refused (IBIDI_E_TOO_LONG). */
#define VAL_COMPS 1024
/* Findings read per call; the status of each call counts them all. */
#define VAL_FINDINGS 256
/* Distinct code names: far more than the codes that exist. */
#define VAL_CODES 64
/* ToASCII output: its findings are complete whatever the size (the output is not used). */
#define VAL_OUT 512

typedef struct code_set {
    const char *name[VAL_CODES];
    size_t n;
    size_t first; /* offset of the first problem */
    uint32_t first_value;
    int any;
} code_set;

static void add_code(code_set *c, const char *name, size_t offset, uint32_t value)
{
    if (!name)
        return;
    if (!c->any || offset < c->first) {
        c->first = offset;
        c->first_value = value;
    }
    c->any = 1;
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->name[i], name) == 0)
            return;
    if (c->n < VAL_CODES)
        c->name[c->n++] = name;
}

/* "[A, B]" in strcmp order; snprintf-like: the length needed, text only when it fits. */
static size_t format_codes(code_set *c, char *out, size_t cap)
{
    for (size_t i = 1; i < c->n; i++) { /* insertion sort: a handful of names */
        const char *x = c->name[i];
        size_t j = i;
        while (j > 0 && strcmp(c->name[j - 1], x) > 0) {
            c->name[j] = c->name[j - 1];
            j--;
        }
        c->name[j] = x;
    }
    size_t need = 2;
    for (size_t i = 0; i < c->n; i++)
        need += strlen(c->name[i]) + (i ? 2 : 0);
    if (need <= cap) {
        size_t w = 0;
        out[w++] = '[';
        for (size_t i = 0; i < c->n; i++) {
            if (i) {
                out[w++] = ',';
                out[w++] = ' ';
            }
            size_t l = strlen(c->name[i]);
            memcpy(out + w, c->name[i], l);
            w += l;
        }
        out[w++] = ']';
    }
    return need;
}

static void code_set_init(code_set *c)
{
    c->n = 0;
    c->first = 0;
    c->first_value = 0;
    c->any = 0;
}

/* The error findings of an IDNA call, f[0..nread) (warnings left out), with their offsets
 * clamped into a span of span_len bytes that starts at base. When the call said invalid
 * but none of those read is an error (it found more than were read), its status stands
 * in: the verdict must not depend on the array's size. */
static void add_idna_errors(code_set *c, const ibidi_finding *f, size_t nread,
                            ibidi_status st, size_t base, size_t span_len)
{
    int added = 0;
    for (size_t i = 0; i < nread; i++) {
        if (f[i].severity != IBIDI_SEVERITY_ERROR)
            continue;
        size_t off = f[i].offset < span_len ? f[i].offset : span_len;
        add_code(c, ibidi_code_name(f[i].code), base + off, f[i].cp);
        added = 1;
    }
    if (st == IBIDI_E_IDNA_INVALID && !added)
        add_code(c, ibidi_status_name(st), base, 0);
}

/* UTS #46 ToASCII of one host: the error findings' codes (warnings left out). IDNA
 * offsets are in the processed form; they are clamped into the host. */
static void check_host(const char *s, ibidi_span host, unsigned idna_flags, code_set *c)
{
    char out[VAL_OUT];
    size_t out_len = 0;
    ibidi_finding f[VAL_FINDINGS];
    ibidi_findings fs = {f, VAL_FINDINGS, 0, 0};
    ibidi_error e;
    const ibidi_idna_options o = ibidi__idna_exact(idna_flags);
    ibidi_status st = ibidi_idna_to_ascii_utf8(s + host.start, host.length, &o, out, sizeof out,
                                               &out_len, &fs, &e);
    const size_t nf = fs.n;
    if (st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID && st != IBIDI_E_BUFFER_TOO_SMALL) {
        /* IDNA_TOO_LONG (the parser has checked the encoding) */
        add_code(c, ibidi_status_name(st), host.start + (e.offset < host.length ? e.offset : 0),
                 e.value);
        return;
    }
    add_idna_errors(c, f, nf < VAL_FINDINGS ? nf : VAL_FINDINGS, st, host.start, host.length);
}

size_t ibidi__idna_codes_text(const ibidi_finding *f, size_t nread, ibidi_status st,
                              char *out, size_t cap)
{
    code_set c;
    code_set_init(&c);
    add_idna_errors(&c, f, nread, st, 0, 0);
    return format_codes(&c, out, cap);
}

size_t ibidi__status_codes_text(ibidi_status st, char *out, size_t cap)
{
    code_set c;
    code_set_init(&c);
    add_code(&c, ibidi_status_name(st), 0, 0);
    return format_codes(&c, out, cap);
}

/* The checks after the parse: pst is the parser's status (e its error), comps and info its
 * result when it is IBIDI_OK. Shared by ibidi_iri_validate and ibidi_scan_name, which
 * parses once for all its steps. */
ibidi_status ibidi__iri_validate_parsed(const char *s, size_t len, ibidi_status pst,
                                          const ibidi_error *pe, const ibidi_iri_component *comps,
                                          const ibidi_iri_info *info, unsigned idna_flags,
                                          unsigned check_options, char *codes, size_t cap,
                                          size_t *codes_len, ibidi_error *err)
{
    ibidi_error e = {IBIDI_OK, 0, 0};
    code_set c;
    code_set_init(&c);
    if (codes_len)
        *codes_len = 0;
    if (pst == IBIDI_E_BUFFER_TOO_SMALL)
        return ibidi__fail(err, IBIDI_E_TOO_LONG, 0, 0);
    if (pst != IBIDI_OK) {
        add_code(&c, ibidi_status_name(pst), pe->offset, pe->value);
    } else {
        /* the component rules: error-level findings; HOST_BIDI_RULE is left to ToASCII's
         * CheckBidi, whose B codes name the condition */
        ibidi_finding f[VAL_FINDINGS];
        ibidi_findings fs = {f, VAL_FINDINGS, 0, 0};
        int added = 0;
        const ibidi_iri_options co = {IBIDI_IRI_AS_AUTO,
                                      check_options & (IBIDI_IRI_DUERST2001 | IBIDI_IRI_STRICT),
                                      ibidi__idna_exact(check_options & IBIDI_IDNA_BIDI_PER_LABEL)};
        ibidi_status cst = ibidi_iri_check(s, len, comps, info->n_components, &co, &fs, &e);
        const size_t nf = fs.n;
        for (size_t i = 0; i < nf && i < VAL_FINDINGS; i++)
            if (f[i].code != IBIDI_IRI_HOST_BIDI_RULE && f[i].severity == IBIDI_SEVERITY_ERROR) {
                add_code(&c, ibidi_code_name(f[i].code), f[i].offset, f[i].cp);
                added = 1;
            }
        /* more findings than were read: an error among the unread ones still counts (the
         * Bidi Rule's own findings cannot be told apart there, so this errs on invalid) */
        if (nf > VAL_FINDINGS && cst == IBIDI_E_IDENT_INVALID && !added)
            add_code(&c, ibidi_status_name(cst), e.offset, e.value);
        /* the host: the whole domain name, an IRI's reg-name, a mail domain (IPv4 and
         * IP-literal hosts are not domain names) */
        if (info->host_kind == IBIDI_IRI_COMP_LABEL && info->host.present && info->host.length > 0)
            check_host(s, info->host, idna_flags, &c);
    }

    size_t need = format_codes(&c, codes, cap);
    if (codes_len)
        *codes_len = need;
    if (need > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, cap, 0);
    if (c.any)
        return ibidi__fail(err, IBIDI_E_IDENT_INVALID, c.first, c.first_value);
    return ibidi__ok(err);
}

ibidi_status ibidi_iri_validate(const char *s, size_t len, const ibidi_iri_options *opts,
                                char *codes, size_t cap, size_t *codes_len, ibidi_error *err)
{
    const ibidi_iri_options *o = opts ? opts : &ibidi__iri_defaults;
    ibidi_iri_component comps[VAL_COMPS];
    ibidi_iri_info info;
    ibidi_error e = {IBIDI_OK, 0, 0};
    const unsigned idna_flags = ibidi_idna_options_flags(&o->idna);
    if (codes_len)
        *codes_len = 0;
    if ((!s && len) || (!codes && cap) || (o->flags & ~IBIDI__IRI_ALL_FLAGS) ||
        idna_flags == ~0u)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    memset(&info, 0, sizeof info);
    ibidi_status st = ibidi_iri_parse(s, len, o->as, comps, VAL_COMPS, &info, &e);
    return ibidi__iri_validate_parsed(s, len, st, &e, comps, &info, idna_flags,
                                      ibidi__iri_check_bits(o), codes, cap, codes_len, err);
}
