/*
 * Fuzz target for percent-encoding, IRI to URI and URI to IRI (include/ibidi/iri.h, last
 * section) on arbitrary bytes.
 *
 * The first byte picks the options: bit 0 IBIDI_IRI_HOST_PERCENT, bit 1
 * IBIDI_IRI_ENCODE_ASCII, bits 2-3 the IDNA profile of the host, bit 4
 * IBIDI_IRI_KEEP_UNSAFE, bit 5 IBIDI_IRI_HOST_TO_UNICODE; the rest is the input.
 * Properties checked with abort():
 *  1. no crash; every call ends with OK or a defined error whose offset lies in the input;
 *     percent-encoding fails exactly where ibidi_utf8_validate does, and is ASCII of the
 *     size len + 2 per non-ASCII byte otherwise;
 *  2. IRI to URI fails with the parser's error when the parser refuses the input (and no
 *     ENCODE_ASCII character is involved); its output is ASCII without the ten printable
 *     characters RFC 3987 §3.1 excludes, parses as an IRI reference, and IRI to URI is
 *     idempotent on it;
 *  3. the size contract of both conversions: with a small buffer, the size of the result
 *     (or the same error), and with exactly that size, the same output (the documented
 *     exceptions: an ENCODE_ASCII input above the stack copy's size, and a host whose ASCII
 *     form exceeds the stack's buffer, may first ask for a buffer);
 *  4. URI to IRI of a URI (the input itself when it is one, and the URI of the input):
 *     the output is an IRI reference; IRI to URI of it with IBIDI_IRI_HOST_PERCENT gives
 *     the URI back up to the case of hex digits and encoded unreserved characters
 *     (RFC 3987 §3.2); without KEEP_UNSAFE, no component of it breaks MIXED_DIRECTION,
 *     RTL_START or RTL_END (ibidi_iri_check);
 *  5. the allocating calls (ibidi_iri_to_uri_alloc, ibidi_iri_from_uri_alloc,
 *     ibidi_iri_check_alloc) give the status, offset and output of the caller-buffer calls,
 *     a NUL after the output, and no memory after an error;
 *  6. the calls get an IDNA work area; IRI to URI without one gives the same, or
 *     IBIDI_E_IDNA_WORK_TOO_SMALL for an input of over 256 bytes (a host past IDNA's fixed
 *     area), and its allocating call the result with one.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

static unsigned char idna_work[1 << 16]; /* ibidi_idna_work_size() */

/* The options of a call: the IRI bits and exact IDNA flags, and a work area for IDNA. */
static ibidi_iri_options opts_of(unsigned iri, unsigned idna)
{
    const ibidi_iri_options o = {IBIDI_IRI_AS_IRI, iri,
                                 {IBIDI_IDNA_PROFILE_UTS46, idna, ~idna, idna_work,
                                  sizeof idna_work}};
    return o;
}
#include "uri_equiv.h"

#define MAX_IN 4096
#define OUT_CAP (MAX_IN * 4 + 64)

static void require(int ok)
{
    if (!ok)
        abort();
}

static int is_excluded(unsigned char c)
{
    return c == '<' || c == '>' || c == '"' || c == ' ' || c == '{' || c == '}' || c == '|' ||
           c == '\\' || c == '^' || c == '`';
}

static int parses(const char *s, size_t n)
{
    ibidi_status st = ibidi_iri_parse(s, n, IBIDI_IRI_AS_IRI, NULL, NULL, NULL);
    return st == IBIDI_OK || st == IBIDI_E_BUFFER_TOO_SMALL;
}

typedef ibidi_status (*conv_fn)(const char *s, size_t len, unsigned opt, unsigned flags,
                                char *out, size_t cap, size_t *n, ibidi_error *e);

/* A conversion into out[0..cap), its size in *n (the properties below read the three). */
typedef ibidi_status (*buf_fn)(const char *, size_t, const ibidi_iri_options *, ibidi_buf *,
                               ibidi_error *);
static ibidi_status into(buf_fn f, const char *s, size_t len, const ibidi_iri_options *o,
                         char *out, size_t cap, size_t *n, ibidi_error *e)
{
    ibidi_buf b = {out, cap, 0};
    const ibidi_status st = f(s, len, o, &b, e);
    *n = b.len;
    return st;
}

static ibidi_status to_uri(const char *s, size_t len, unsigned opt, unsigned flags, char *out,
                           size_t cap, size_t *n, ibidi_error *e)
{
    const ibidi_iri_options o = opts_of(opt, flags);
    return into(ibidi_iri_to_uri, s, len, &o, out, cap, n, e);
}

static ibidi_status to_iri(const char *s, size_t len, unsigned opt, unsigned flags, char *out,
                           size_t cap, size_t *n, ibidi_error *e)
{
    (void)flags;
    const ibidi_iri_options o = opts_of(opt, 0);
    return into(ibidi_iri_from_uri, s, len, &o, out, cap, n, e);
}

static char small[OUT_CAP];

/* Property 5 for a conversion whose caller-buffer result was (st, out[0..n), e). */
static void same_alloc(buf_fn f, const char *s, size_t len, const ibidi_iri_options *o,
                       ibidi_status st, const char *out, size_t n, const ibidi_error *e)
{
    ibidi_buf a = {(char *)1, 1, 1}; /* data and len are set, cap is not read */
    ibidi_error ae;
    ibidi_status ast = f(s, len, o, &a, &ae);
    require(ast == st);
    if (st == IBIDI_OK)
        require(a.data && a.len == n && memcmp(a.data, out, n) == 0 && a.data[n] == '\0');
    else
        require(!a.data && a.len == 0 && ae.offset == e->offset);
    ibidi_free(a.data);
}

/* Property 3 for one call whose full result was (st, out[0..n), e). lenient: a small
 * buffer may get IBIDI_E_BUFFER_TOO_SMALL first, with a size that lets the call proceed. */
static void sizes(conv_fn f, const char *s, size_t len, unsigned opt, unsigned flags,
                  ibidi_status st, const char *out, size_t n, const ibidi_error *e, int lenient)
{
    size_t need = 0;
    ibidi_error e2;
    size_t cap = st == IBIDI_OK && n ? n - 1 : 0;
    ibidi_status st2 = f(s, len, opt, flags, small, cap, &need, &e2);
    if (st != IBIDI_OK) {
        require((st2 == st && e2.offset == e->offset && need == 0) ||
                (lenient && st2 == IBIDI_E_BUFFER_TOO_SMALL));
        return;
    }
    if (n == 0) {
        require(st2 == IBIDI_OK && need == 0);
        return;
    }
    require(st2 == IBIDI_E_BUFFER_TOO_SMALL && (need == n || (lenient && need > n)));
    st2 = f(s, len, opt, flags, small, need, &need, &e2);
    require(st2 == IBIDI_OK && need == n && memcmp(small, out, n) == 0);
}

/* Property 4 on a URI u (ASCII, parses): URI to IRI, back, and the rules. */
static void back_and_forth(const char *u, size_t ul, unsigned iri_opt)
{
    static char i1[OUT_CAP], u2[OUT_CAP], na[OUT_CAP], nb[OUT_CAP];
    static ibidi_iri_component comps[OUT_CAP];
    static ibidi_finding f[64];
    ibidi_findings fs = {f, 64, 0, 0};
    size_t il, u2l;
    ibidi_error e;
    const ibidi_iri_options io = opts_of(iri_opt, 0);
    ibidi_status st = into(ibidi_iri_from_uri, u, ul, &io, i1, OUT_CAP, &il, &e);
    require(st == IBIDI_OK);
    same_alloc(ibidi_iri_from_uri_alloc, u, ul, &io, st, i1, il, &e);
    sizes(to_iri, u, ul, iri_opt, 0, st, i1, il, &e, 0);
    require(parses(i1, il));
    if (!(iri_opt & IBIDI_IRI_HOST_TO_UNICODE)) {
        const ibidi_iri_options po = opts_of(IBIDI_IRI_HOST_PERCENT, 0);
        st = into(ibidi_iri_to_uri, i1, il, &po, u2, OUT_CAP, &u2l, NULL);
        require(st == IBIDI_OK);
        size_t a = norm(u, ul, na), b = norm(u2, u2l, nb);
        require(a == b && memcmp(na, nb, a) == 0);
    }
    if (!(iri_opt & IBIDI_IRI_KEEP_UNSAFE)) {
        ibidi_iri_components rec = {comps, OUT_CAP, 0};
        require(ibidi_iri_parse(i1, il, IBIDI_IRI_AS_IRI, &rec, NULL, NULL) == IBIDI_OK);
        st = ibidi_iri_check(i1, il, &rec, NULL, &fs, NULL);
        require(st == IBIDI_OK || st == IBIDI_E_IDENT_INVALID);
        for (size_t i = 0; i < fs.n && i < 64; i++)
            require(f[i].code != IBIDI_IRI_MIXED_DIRECTION && f[i].code != IBIDI_IRI_RTL_START &&
                    f[i].code != IBIDI_IRI_RTL_END);
        /* 5. the allocating check parses and checks the same way */
        const ibidi_iri_options co = {IBIDI_IRI_AS_IRI, 0,
                                      {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}};
        ibidi_findings af;
        require(ibidi_iri_check_alloc(i1, il, &co, &af, NULL) == st);
        require(af.n == fs.n && af.errors == fs.errors && (af.n == 0) == (af.items == NULL));
        for (size_t i = 0; i < af.n && i < 64; i++)
            require(af.items[i].code == f[i].code && af.items[i].offset == f[i].offset &&
                    af.items[i].severity == f[i].severity);
        ibidi_findings_free(&af);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char out[OUT_CAP], out2[OUT_CAP];
    if (size < 1 || size > MAX_IN)
        return 0;
    const unsigned b = data[0];
    const char *s = (const char *)data + 1;
    const size_t len = size - 1;
    const unsigned uri_opt = ((b & 1u) ? IBIDI_IRI_HOST_PERCENT : 0u) |
                             ((b & 2u) ? IBIDI_IRI_ENCODE_ASCII : 0u);
    const unsigned flags = ibidi_idna_profile_flags((ibidi_idna_profile)((b >> 2) & 3u));
    const unsigned iri_opt = ((b & 16u) ? IBIDI_IRI_KEEP_UNSAFE : 0u) |
                             ((b & 32u) ? IBIDI_IRI_HOST_TO_UNICODE : 0u);
    ibidi_error verr, e;
    size_t n, n2;
    int utf8_ok = ibidi_utf8_validate(s, len, NULL, &verr) == IBIDI_OK;

    /* 1. percent-encoding of the whole input as one component */
    ibidi_buf pb = {out, OUT_CAP, 0};
    ibidi_status st = ibidi_iri_percent_encode_component(s, len, &pb, &e);
    n = pb.len;
    if (!utf8_ok) {
        require(st == verr.status && e.offset == verr.offset);
    } else {
        size_t want = len;
        for (size_t i = 0; i < len; i++)
            want += (unsigned char)s[i] >= 0x80 ? 2 : 0;
        require(st == IBIDI_OK && n == want);
        for (size_t i = 0; i < n; i++)
            require((unsigned char)out[i] < 0x80);
    }

    /* 2. IRI to URI */
    size_t n_excluded = 0;
    for (size_t i = 0; i < len; i++)
        n_excluded += (size_t)is_excluded((unsigned char)s[i]);
    const ibidi_iri_options uo = opts_of(uri_opt, flags);
    st = into(ibidi_iri_to_uri, s, len, &uo, out, OUT_CAP, &n, &e);
    require(st == IBIDI_OK || st != IBIDI_E_BUFFER_TOO_SMALL);
    if (st != IBIDI_OK)
        require(e.status == st && e.offset <= len);
    if (!(uri_opt & IBIDI_IRI_ENCODE_ASCII) || n_excluded == 0) {
        ibidi_error pe;
        ibidi_status pst = ibidi_iri_parse(s, len, IBIDI_IRI_AS_IRI, NULL, NULL, &pe);
        if (pst != IBIDI_OK && pst != IBIDI_E_BUFFER_TOO_SMALL)
            require(st == pst && e.offset == pe.offset);
        else
            require(st == IBIDI_OK || st == IBIDI_E_IRI_HOST_IDNA);
    }
    /* the documented exceptions to an exact first answer */
    int lenient = ((uri_opt & IBIDI_IRI_ENCODE_ASCII) && n_excluded && len > 2048) ||
                  (st == IBIDI_E_IRI_HOST_IDNA && len > 100);
    sizes(to_uri, s, len, uri_opt, flags, st, out, n, &e, lenient);
    same_alloc(ibidi_iri_to_uri_alloc, s, len, &uo, st, out, n, &e);
    /* 6 */
    {
        require(ibidi_idna_work_size() <= sizeof idna_work);
        ibidi_iri_options u0 = uo;
        u0.idna.work = NULL;
        u0.idna.work_size = 0;
        ibidi_error e0;
        size_t n0 = 0;
        ibidi_status st0 = into(ibidi_iri_to_uri, s, len, &u0, out2, OUT_CAP, &n0, &e0);
        require((st0 == st && n0 == n && (st == IBIDI_OK ? memcmp(out2, out, n) == 0
                                                         : e0.offset == e.offset)) ||
                (st0 == IBIDI_E_IDNA_WORK_TOO_SMALL && len > 256));
        same_alloc(ibidi_iri_to_uri_alloc, s, len, &u0, st, out, n, &e);
    }
    if (st == IBIDI_OK) {
        for (size_t i = 0; i < n; i++)
            require((unsigned char)out[i] < 0x80 && !is_excluded((unsigned char)out[i]));
        require(parses(out, n));
        require(into(ibidi_iri_to_uri, out, n, &uo, out2, OUT_CAP, &n2, NULL) == IBIDI_OK);
        require(n2 == n && memcmp(out, out2, n) == 0);
        /* 4. the URI of the input, to an IRI and back */
        if (uri_opt & IBIDI_IRI_HOST_PERCENT)
            back_and_forth(out, n, iri_opt);
    }

    /* 4. the input itself as a URI */
    const ibidi_iri_options io = opts_of(iri_opt, 0);
    st = into(ibidi_iri_from_uri, s, len, &io, out, OUT_CAP, &n, &e);
    same_alloc(ibidi_iri_from_uri_alloc, s, len, &io, st, out, n, &e);
    if (st != IBIDI_OK) {
        require(st != IBIDI_E_BUFFER_TOO_SMALL && e.status == st && e.offset <= len);
        sizes(to_iri, s, len, iri_opt, 0, st, out, n, &e, 0);
        size_t i = 0;
        while (i < len && (unsigned char)s[i] < 0x80)
            i++;
        if (i < len)
            require(st == IBIDI_E_URI_NOT_ASCII && e.offset == i);
        else
            require(!parses(s, len));
    } else {
        back_and_forth(s, len, iri_opt);
    }
    return 0;
}
