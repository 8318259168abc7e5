/*
 * Percent-encoding, IRI to URI, URI to IRI (include/ibidi/iri.h, the last section).
 *
 *   - ibidi_iri_percent_encode_component: the fallback of the 2012 bidi IRI guidelines §3
 *     (and RFC 3987 §4.2, last paragraph): a whole component mapped to URI notation;
 *   - ibidi_iri_to_uri: RFC 3987 §3.1 (step 2 on every non-ASCII character, the reg-name
 *     through IDNA ToASCII by the MAY of §3.1, the printable ASCII characters not allowed
 *     in URIs on request);
 *   - ibidi_iri_from_uri: RFC 3987 §3.2 steps 1-5, with the bidi component rules of §4.2
 *     and of the 2012 guidelines §3 deciding, component by component, whether the decoded
 *     form may be shown.
 *
 * Nothing is allocated. Every output goes through a sink that writes what fits and counts
 * everything, so a call with a small buffer reports the size the complete result needs.
 * The conversions learn the structure of their input from ibidi_iri_parse called with no
 * component array (cap 0): the parser validates the whole input before it reports that the
 * array is too small, and its spans (scheme, userinfo, host, path, query, fragment) are all
 * that is needed here. URI to IRI splits the parts into components itself, by the rules the
 * parser uses (src/iri/parse.c): host labels at ".", path segments at "/" and "." (so that
 * extensions are components), the query at "&" and ";" and each parameter at its first
 * "=". tests/test_iri_uri.c and fuzz/fuzz_uri.c parse and check every result with the
 * parser's own components: no component of it breaks the rules the split was checked on.
 */
#include <stdint.h>
#include <string.h>

#include "ibidi/idna.h"
#include "ibidi/iri.h"
#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "idna/idna_internal.h"
#include "iri/iri_internal.h"
#include "unicode/utf8_internal.h"

static const char hexdig[] = "0123456789ABCDEF";

/* Inputs that contain one of the printable ASCII characters of RFC 3987 §3.1 with
 * IBIDI_IRI_ENCODE_ASCII are parsed from a copy (see ibidi_iri_to_uri); the copy goes to
 * the caller's buffer when it is large enough, else to the stack up to this size. */
#define IRI_SCRATCH 2048
/* The ASCII form of a host is checked in the caller's buffer, or on the stack up to this
 * size: eight times the longest DNS name (RFC 1034 §3.1). */
#define HOST_SCRATCH 2048
/* URI to IRI converts hosts of at most 254 octets (a DNS name and its root dot) with
 * ToUnicode; the Unicode form of such an ASCII host takes at most 4 bytes per octet. */
#define HOST_UNICODE_MAX 254

/* ---- Output --------------------------------------------------------------------------- */

/* The snprintf contract: bytes beyond cap are counted, not written. */
typedef struct sink {
    char *p;
    size_t cap, len;
} sink;

static void put1(sink *k, char c)
{
    if (k->len < k->cap)
        k->p[k->len] = c;
    k->len++;
}

static void put(sink *k, const char *s, size_t n)
{
    if (k->len < k->cap) {
        size_t room = k->cap - k->len;
        memcpy(k->p + k->len, s, n < room ? n : room);
    }
    k->len += n;
}

/* RFC 3987 §3.1 step 2.2: one octet as %HH, upper-case hexadecimal digits. */
static void put_pct(sink *k, unsigned b)
{
    put1(k, '%');
    put1(k, hexdig[(b >> 4) & 15u]);
    put1(k, hexdig[b & 15u]);
}

/* ---- Character classes ------------------------------------------------------------------ */

/* RFC 3987 §3.1: the printable US-ASCII characters not allowed in URIs. */
static int is_uri_excluded_ascii(unsigned c)
{
    return c == '<' || c == '>' || c == '"' || c == ' ' || c == '{' || c == '}' || c == '|' ||
           c == '\\' || c == '^' || c == '`';
}

static int is_alnum(unsigned c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

/* RFC 3986 §2.2 sub-delims. */
static int is_sub_delim(unsigned c)
{
    return c == '!' || c == '$' || c == '&' || c == '\'' || c == '(' || c == ')' || c == '*' ||
           c == '+' || c == ',' || c == ';' || c == '=';
}

/* RFC 3986 §3.2.2 reg-name without pct-encoded: unreserved / sub-delims. What the ASCII
 * form of a host may hold, so that the host stays one host of the URI. */
static int is_reg_name_char(unsigned c)
{
    return is_alnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || is_sub_delim(c);
}

static int hexval(unsigned c)
{
    if (c >= '0' && c <= '9')
        return (int)(c - '0');
    if (c >= 'A' && c <= 'F')
        return (int)(c - 'A' + 10);
    if (c >= 'a' && c <= 'f')
        return (int)(c - 'a' + 10);
    return -1;
}

/* ---- Percent-encoding of a component ---------------------------------------------------- */

ibidi_status ibidi_iri_percent_encode_component(const char *s, size_t len, ibidi_buf *out,
                                                ibidi_error *err)
{
    char *const data = out ? out->data : NULL;
    const size_t cap = out ? out->cap : 0;
    if (out)
        out->len = 0;
    if ((!s && len) || (!data && cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (len > SIZE_MAX / 3)
        return ibidi__fail(err, IBIDI_E_TOO_LONG, 0, 0);
    sink k = {data, cap, 0};
    size_t pos = 0;
    while (pos < len) {
        unsigned char c = (unsigned char)s[pos];
        if (c < 0x80) { /* ASCII, "%" of existing triplets included, stays as it is */
            put1(&k, (char)c);
            pos++;
            continue;
        }
        /* RFC 3987 §3.1 steps 2.1-2.3: the character's UTF-8 octets as %HH */
        size_t at = pos;
        uint32_t cp;
        ibidi_status st = ibidi_utf8_next(s, len, &pos, &cp, err);
        if (st != IBIDI_OK)
            return st;
        for (; at < pos; at++)
            put_pct(&k, (unsigned char)s[at]);
    }
    if (out)
        out->len = k.len;
    if (k.len > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

/* ---- IRI to URI ------------------------------------------------------------------------ */

/* Parses an IRI reference for its spans only. The parser checks the whole input before it
 * finds the (empty) component array too small, so IBIDI_E_BUFFER_TOO_SMALL means a valid
 * IRI reference with components. */
static ibidi_status parse_spans(const char *s, size_t len, ibidi_iri_info *info,
                                ibidi_error *err)
{
    ibidi_status st = ibidi_iri_parse(s, len, IBIDI_IRI_AS_IRI, NULL, info, err);
    if (st == IBIDI_E_BUFFER_TOO_SMALL)
        return ibidi__ok(err);
    return st;
}

/*
 * The structure of an IRI that holds some of the ten characters of RFC 3987 §3.1 that
 * IBIDI_IRI_ENCODE_ASCII converts. The parser rejects them (IRI_CHAR), as it must for an
 * IRI; converted, each becomes a pct-encoded triplet. None of them is a delimiter of
 * RFC 3986 §3 (they are neither gen-delims nor sub-delims), so they change no part's
 * boundaries: the copy parsed here has each replaced by "_", an unreserved character
 * that every part allows where a triplet is allowed (userinfo, reg-name, segments, query,
 * fragment) and refuses where a triplet is refused (scheme, port, IPv6address), with the
 * same error at the same offset. The one part that takes "_" but no triplet is an
 * IPvFuture inside "[...]"; a replaced character there is IBIDI_E_IRI_HOST at its offset,
 * as the converted triplet would be. The copy has the input's length, so every offset
 * and span holds for the input.
 */
static ibidi_status parse_spans_encoded(const char *iri, size_t len, char *scratch,
                                        ibidi_iri_info *info, ibidi_error *err)
{
    for (size_t i = 0; i < len; i++)
        scratch[i] = is_uri_excluded_ascii((unsigned char)iri[i]) ? '_' : iri[i];
    ibidi_error e = {IBIDI_OK, 0, 0};
    ibidi_status st = parse_spans(scratch, len, info, &e);
    if (info->host_kind == IBIDI_IRI_COMP_IP_LITERAL &&
        (st == IBIDI_OK || (st >= IBIDI_E_IRI_SCHEME && st <= IBIDI_E_IRI_PORT))) {
        /* the IPvFuture case above, unless the parser broke off at an earlier offset */
        for (size_t i = info->host.start; i < info->host.start + info->host.length; i++)
            if (is_uri_excluded_ascii((unsigned char)iri[i]) && (st == IBIDI_OK || i < e.offset))
                return ibidi__fail(err, IBIDI_E_IRI_HOST, i, (unsigned char)iri[i]);
    }
    if (st != IBIDI_OK) {
        if (e.offset < len && is_uri_excluded_ascii((unsigned char)iri[e.offset]))
            e.value = (unsigned char)iri[e.offset]; /* the character, not its stand-in */
        return ibidi__fail(err, st, e.offset, e.value);
    }
    return ibidi__ok(err);
}

/* Where in the host h[0..n) the IDNA form gets a character that no reg-name may hold
 * without pct-encoding (such as "/" from U+FF0F or U+2100, which UTS #46 maps without
 * UseSTD3ASCIIRules): the offset of the first character that is such, or maps to such. */
static size_t host_culprit(const char *h, size_t n, uint32_t *value)
{
    size_t pos = 0;
    while (pos < n) {
        size_t at = pos;
        uint32_t cp, m[IBIDI_UNICODE_MAX_UTS46_MAPPING];
        if (ibidi_utf8_next(h, n, &pos, &cp, NULL) != IBIDI_OK)
            break;
        size_t k =
            cp < 0x80 ? 0 : ibidi_unicode_uts46_mapping(cp, m, IBIDI_UNICODE_MAX_UTS46_MAPPING);
        if (cp < 0x80) {
            m[0] = cp;
            k = 1;
        }
        for (size_t j = 0; j < k && j < IBIDI_UNICODE_MAX_UTS46_MAPPING; j++)
            if (m[j] < 0x80 && !is_reg_name_char(m[j])) {
                *value = cp;
                return at;
            }
    }
    *value = 0;
    return 0;
}

/*
 * The MAY of RFC 3987 §3.1: the ireg-name iri[hs..hs+hl) replaced by its ToASCII form
 * (UTS #46 with the options of the call; labels are separated by U+002E in the result).
 * IDNA errors are IBIDI_E_IRI_HOST_IDNA at the host's offset plus the offset of IDNA's first
 * error finding, which counts in the host's ToUnicode form (the same as the input up to
 * the first mapped character), kept within the host. An ASCII form that holds a character
 * outside unreserved and sub-delims would change the URI's structure (a "/" or "?" ends
 * the authority, a ":" starts a port): that host cannot be converted either.
 */
static ibidi_status host_to_ascii(const char *iri, size_t hs, size_t hl,
                                  const ibidi_idna_options *o, sink *k, ibidi_error *err)
{
    char local[HOST_SCRATCH];
    size_t room = k->len < k->cap ? k->cap - k->len : 0;
    ibidi_error e = {IBIDI_OK, 0, 0};
    ibidi_buf form = {room ? k->p + k->len : NULL, room, 0};
    ibidi_status st = ibidi_idna_to_ascii_utf8(iri + hs, hl, o, &form, NULL, &e);
    if (st == IBIDI_E_BUFFER_TOO_SMALL) {
        /* IDNA reports the size before the errors: ask again where the form fits */
        form = (ibidi_buf){local, sizeof local, 0};
        st = ibidi_idna_to_ascii_utf8(iri + hs, hl, o, &form, NULL, &e);
        if (st == IBIDI_E_BUFFER_TOO_SMALL) {
            /* an ASCII form above HOST_SCRATCH bytes, far beyond any DNS name, does not fit
             * the caller's buffer either: the call reports the size; the host is checked
             * when the buffer holds the whole URI */
            k->len += form.len;
            return IBIDI_OK;
        }
    }
    const char *res = form.data;
    const size_t n = form.len;
    if (st != IBIDI_OK) {
        size_t off = e.offset < hl ? e.offset : hl;
        /* a host past IDNA's fixed area and no work area: not rejected, not converted
           either; the caller can give one (the allocating call does) */
        return ibidi__fail(err,
                           st == IBIDI_E_IDNA_WORK_TOO_SMALL ? st : IBIDI_E_IRI_HOST_IDNA,
                           hs + off, e.value);
    }
    for (size_t i = 0; i < n; i++) {
        if (!is_reg_name_char((unsigned char)res[i])) {
            uint32_t v;
            size_t off = host_culprit(iri + hs, hl, &v);
            return ibidi__fail(err, IBIDI_E_IRI_HOST_IDNA, hs + off, v);
        }
    }
    if (res == local)
        put(k, local, n);
    else
        k->len += n; /* already in place */
    return IBIDI_OK;
}

/*
 * RFC 3987 §3.1 step 2 on every character outside US-ASCII (ucschar and iprivate: the
 * parser admits no other), with the ten printable ASCII characters under
 * IBIDI_IRI_ENCODE_ASCII; every other ASCII character, "%" of existing triplets included,
 * is kept ("characters allowed in URI references and existing percent-encoded sequences
 * are not encoded further"). The input is valid UTF-8, so every byte from 80 up is part of
 * a character to encode, and its own %HH.
 *
 * The host. A reg-name with a character outside US-ASCII goes through ToASCII (unless
 * IBIDI_IRI_HOST_PERCENT); an all-ASCII host is kept byte for byte, even one with upper-case
 * letters or "xn--" labels that ToASCII would lower-case or reject: RFC 3987 §3.1 makes the
 * mapping "an identity transformation for URIs" and idempotent, and a URI's host is not
 * for this mapping to rewrite. ToASCII output is ASCII, so a second pass keeps it.
 *
 * Sizes. Every status and size is exact whatever the capacity, with two exceptions that
 * need a buffer to look into, and ask for it by IBIDI_E_BUFFER_TOO_SMALL: an input above
 * IRI_SCRATCH bytes that holds one of the ten characters under IBIDI_IRI_ENCODE_ASCII, in
 * a buffer smaller than the input (the parser needs the copy described at
 * parse_spans_encoded; the size asked for is at least the input's); and a host whose ASCII
 * form exceeds HOST_SCRATCH bytes, in a buffer too small for it (IDNA reports a size before
 * its errors). The call with the size asked for gives the exact answer.
 */
ibidi_status ibidi_iri_to_uri(const char *iri, size_t len, const ibidi_iri_options *opts,
                              ibidi_buf *out, ibidi_error *err)
{
    const ibidi_iri_options *o = opts ? opts : &ibidi__iri_defaults;
    const unsigned options = o->flags;
    const unsigned idna_flags = ibidi_idna_options_flags(&o->idna);
    char *const data = out ? out->data : NULL;
    const size_t cap = out ? out->cap : 0;
    if (out)
        out->len = 0;
    if ((!iri && len) || (!data && cap) || (options & ~IBIDI__IRI_ALL_FLAGS) ||
        idna_flags == ~0u /* an unknown profile */)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (len > SIZE_MAX / 4)
        return ibidi__fail(err, IBIDI_E_TOO_LONG, 0, 0);
    const int enc_ascii = (options & IBIDI_IRI_ENCODE_ASCII) != 0;
    size_t n_excluded = 0;
    if (enc_ascii)
        for (size_t i = 0; i < len; i++)
            n_excluded += (size_t)is_uri_excluded_ascii((unsigned char)iri[i]);

    ibidi_iri_info info;
    ibidi_status st;
    if (n_excluded == 0) {
        st = parse_spans(iri, len, &info, err);
    } else if (cap >= len) {
        st = parse_spans_encoded(iri, len, data, &info, err); /* overwritten below */
    } else if (len <= IRI_SCRATCH) {
        char scratch[IRI_SCRATCH];
        st = parse_spans_encoded(iri, len, scratch, &info, err);
    } else {
        /* No room for the copy: the buffer is too small for the input itself. The size
         * reported is enough for the copy and at least the URI's size when the host needs
         * no IDNA (every non-ASCII byte and replaced character becomes three bytes); the
         * call with that size gives the exact size, or the error, of the input. */
        size_t need = len + 2 * n_excluded;
        for (size_t i = 0; i < len; i++)
            need += (unsigned char)iri[i] >= 0x80 ? 2 : 0;
        if (out)
            out->len = need;
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    }
    if (st != IBIDI_OK)
        return st;

    size_t hs = info.host.start, he = hs + info.host.length;
    int idna_host = 0;
    if (info.host_kind == IBIDI_IRI_COMP_LABEL && !(options & IBIDI_IRI_HOST_PERCENT))
        for (size_t i = hs; i < he && !idna_host; i++)
            idna_host = (unsigned char)iri[i] >= 0x80;

    sink k = {data, cap, 0};
    size_t i = 0;
    while (i < len) {
        if (idna_host && i == hs) {
            if ((st = host_to_ascii(iri, hs, he - hs, &o->idna, &k, err)) != IBIDI_OK)
                return st;
            i = he;
            continue;
        }
        /* a run of characters kept as they are */
        size_t j = i;
        while (j < len && (unsigned char)iri[j] < 0x80 &&
               !(enc_ascii && is_uri_excluded_ascii((unsigned char)iri[j])) &&
               !(idna_host && j == hs))
            j++;
        if (j > i) {
            put(&k, iri + i, j - i);
            i = j;
            continue;
        }
        put_pct(&k, (unsigned char)iri[i]);
        i++;
    }
    if (out)
        out->len = k.len;
    if (k.len > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

/* ---- URI to IRI ------------------------------------------------------------------------ */

/*
 * The directions in a component, gathered one code point at a time, for the rules of
 * ibidi_iri_check that decide whether a component may be shown decoded (RFC 3987 §4.2,
 * 2012 guidelines §3, with the definitions of src/iri/check.c): MIXED_DIRECTION when it
 * holds both L and R/AL; RTL_START when it holds R/AL and its first character is neither;
 * RTL_END when a character other than NSM follows its last R/AL. No buffer: the decision
 * needs the first class, whether L and R/AL occur, and whether a tail follows the last
 * R/AL.
 */
typedef struct dirscan {
    int n;        /* 1 once a character was seen */
    int first_rtl;
    int has_l, has_rtl;
    int tail; /* a character other than NSM after the last R/AL */
} dirscan;

static void dir_feed(dirscan *d, uint32_t cp)
{
    ibidi_unicode_bc bc = ibidi__bc(cp);
    int rtl = ibidi__is_rtl_bc(bc);
    if (!d->n) {
        d->n = 1;
        d->first_rtl = rtl;
    }
    if (bc == IBIDI_UNICODE_BC_L)
        d->has_l = 1;
    if (rtl) {
        d->has_rtl = 1;
        d->tail = 0;
    } else if (bc != IBIDI_UNICODE_BC_NSM) {
        d->tail = 1;
    }
}

/* Would the component break MIXED_DIRECTION, RTL_START or RTL_END? */
static int dir_breaks(const dirscan *d)
{
    return d->has_rtl && (d->has_l || !d->first_rtl || d->tail);
}

/* What a component is, for the choice of characters that may appear decoded. */
enum { U_QUERY = 1, U_HOST = 2 };

/*
 * RFC 3987 §3.2 step 4: may this decoded character appear in the IRI? Not characters
 * outside ucschar (iprivate in the query only: §2.2), not the bidi formatting characters
 * (§4.1), not Cc (none is in ucschar). Also not the separators of General_Category Z
 * (spaces, U+2028, U+2029): §6.1 (b) names the look-alikes of space among the characters
 * to avoid, and U+2029 would end the bidi paragraph the IRI is shown in (UAX #9 P1). In a
 * host, not the label separators U+3002, U+FF0E, U+FF61 (the parser splits labels at
 * them): decoded, they would split the label whose rules were checked.
 */
static int cp_decodable(uint32_t cp, unsigned where)
{
    if (!ibidi__is_ucschar(cp) && !((where & U_QUERY) && ibidi__is_iprivate(cp)))
        return 0;
    if (ibidi__is_bidi_control(cp))
        return 0;
    ibidi_unicode_gc gc = ibidi_unicode_general_category(cp);
    if (gc == IBIDI_UNICODE_GC_ZS || gc == IBIDI_UNICODE_GC_ZL || gc == IBIDI_UNICODE_GC_ZP ||
        gc == IBIDI_UNICODE_GC_CC)
        return 0;
    if ((where & U_HOST) && ibidi__is_label_separator(cp))
        return 0;
    return 1;
}

/*
 * RFC 3987 §3.2 step 2 for an octet below 80: only the unreserved characters of RFC 3986
 * §2.3 are decoded ("%", reserved characters and the ASCII not allowed in URIs stay
 * encoded), and not even "." of them: "." is the delimiter of host labels and of path
 * extensions (RFC 3987 §4.2) and makes dot-segments (RFC 3986 §3.3), so a decoded "."
 * would change the components whose rules were checked, and the meaning of the path.
 */
static int ascii_decodable(unsigned b)
{
    return is_alnum(b) || b == '-' || b == '_' || b == '~';
}

/* The octet of the triplet at s[i] ("%" HEXDIG HEXDIG within e), or -1. */
static int triplet_at(const char *s, size_t i, size_t e)
{
    if (i + 3 > e || s[i] != '%')
        return -1;
    int h = hexval((unsigned char)s[i + 1]), l = hexval((unsigned char)s[i + 2]);
    return h < 0 || l < 0 ? -1 : h * 16 + l;
}

/*
 * RFC 3987 §3.2 steps 2-4 at the triplet s[i]: the number of triplets that form one
 * character to decode (1 for ASCII, 2-4 for a strictly legal UTF-8 sequence, Unicode §3.9
 * Table 3-7: no overlong form, no surrogate, nothing above 10FFFF), with its octets in
 * oct and the code point in *cp; or 0 when the triplet stays encoded, with *keep the
 * number of triplets that stay (a whole inappropriate character, else the one octet that
 * starts no legal sequence, step 3).
 */
static size_t decode_at(const char *s, size_t i, size_t e, unsigned where, unsigned char oct[4],
                        uint32_t *cp, size_t *keep)
{
    int b = triplet_at(s, i, e);
    *keep = 1;
    oct[0] = (unsigned char)b;
    if (b < 0x80) {
        *cp = (uint32_t)b;
        return ascii_decodable((unsigned)b) ? 1 : 0;
    }
    size_t n = 1;
    while (n < 4) {
        int c = triplet_at(s, i + 3 * n, e);
        if (c < 0)
            break;
        oct[n++] = (unsigned char)c;
    }
    ibidi_status st;
    size_t k = ibidi__utf8_decode_multi(oct, n, cp, &st);
    if (k == 0)
        return 0;
    if (!cp_decodable(*cp, where)) {
        *keep = k;
        return 0;
    }
    return k;
}

typedef struct u2i {
    const char *s;
    unsigned options;
    sink k;
} u2i;

/*
 * One pass over the component s[a..e): with decode, the text RFC 3987 §3.2 makes of it
 * (appropriate characters decoded, every other triplet re-encoded with upper-case digits);
 * without, the component as it was, with upper-case digits. Writes to k when given, feeds
 * the code points of the result to d when given.
 */
static void unit_pass(const char *s, size_t a, size_t e, unsigned where, int decode, sink *k,
                      dirscan *d)
{
    size_t i = a;
    while (i < e) {
        unsigned char c = (unsigned char)s[i];
        if (c != '%' || triplet_at(s, i, e) < 0) { /* the parser admits no lone "%" */
            if (k)
                put1(k, (char)c);
            if (d)
                dir_feed(d, c);
            i++;
            continue;
        }
        unsigned char oct[4];
        uint32_t cp = 0;
        size_t keep = 1;
        size_t n = decode ? decode_at(s, i, e, where, oct, &cp, &keep) : 0;
        if (n) {
            if (k)
                put(k, (const char *)oct, n);
            if (d)
                dir_feed(d, cp);
            i += 3 * n;
            continue;
        }
        for (size_t t = 0; t < keep; t++, i += 3) {
            unsigned b = (unsigned)triplet_at(s, i, e);
            if (k)
                put_pct(k, b);
            if (d) {
                dir_feed(d, '%');
                dir_feed(d, (unsigned char)hexdig[b >> 4]);
                dir_feed(d, (unsigned char)hexdig[b & 15u]);
            }
        }
    }
}

/*
 * A component s[a..e): decoded when its decoded form keeps the bidi component rules (2012
 * guidelines §3; or always with IBIDI_IRI_KEEP_UNSAFE), else percent-encoded as
 * a whole, as it came (the fallback of §3: "the whole component has to be mapped"). The
 * first pass decides, the second writes, so nothing is written twice or taken back.
 */
static void unit(u2i *x, size_t a, size_t e, unsigned where)
{
    int decode = 1;
    if (!(x->options & IBIDI_IRI_KEEP_UNSAFE)) {
        dirscan d = {0, 0, 0, 0, 0};
        unit_pass(x->s, a, e, where, 1, NULL, &d);
        decode = !dir_breaks(&d);
    }
    unit_pass(x->s, a, e, where, decode, &x->k, NULL);
}

/* Copies s[a..e) as it is (delimiters, scheme, port, IP addresses). */
static void verbatim(u2i *x, size_t a, size_t e)
{
    if (e > a)
        put(&x->k, x->s + a, e - a);
}

/* Does the label s[a..e) start with the ACE prefix "xn--" (RFC 5890 §2.3.2.1; letters in
 * any case)? */
static int is_xn_label(const char *s, size_t a, size_t e)
{
    return e - a >= 4 && (s[a] == 'x' || s[a] == 'X') && (s[a + 1] == 'n' || s[a + 1] == 'N') &&
           s[a + 2] == '-' && s[a + 3] == '-';
}

/*
 * RFC 3987 §3.2.1, with scheme knowledge: the "xn--" labels of the host s[hs..he) as
 * their U-labels (IBIDI_IRI_HOST_TO_UNICODE). The host goes through UTS #46 ToUnicode as a
 * whole (so the Bidi Rule sees every label, RFC 5893 §2), with the UTS #46 profile; a host
 * it finds an error in stays as it is. Only the "xn--" labels are replaced, each only when
 * its U-label keeps the component rules and holds only characters a decoded component may
 * hold; the other labels stay byte for byte (ToUnicode would lower-case them). Returns 0
 * when the host is left to the general path: no "xn--" label, a triplet, more than
 * HOST_UNICODE_MAX octets (no DNS name), or ToUnicode errors.
 */
static int host_to_unicode(u2i *x, size_t hs, size_t he)
{
    const char *s = x->s;
    size_t hl = he - hs, a;
    int any_xn = 0;
    if (hl == 0 || hl > HOST_UNICODE_MAX || memchr(s + hs, '%', hl))
        return 0;
    for (a = hs; a < he;) {
        size_t b = a;
        while (b < he && s[b] != '.')
            b++;
        any_xn |= is_xn_label(s, a, b);
        a = b + 1;
    }
    if (!any_xn)
        return 0;
    char u[HOST_UNICODE_MAX * 4];
    ibidi_buf ub = {u, sizeof u, 0};
    if (ibidi_idna_to_unicode_utf8(s + hs, hl, NULL /* the uts46 profile */, &ub, NULL, NULL) !=
        IBIDI_OK)
        return 0;
    const size_t ul = ub.len;
    /* ToUnicode keeps the labels of an ASCII host (it writes "." between them): pair them */
    size_t dots_in = 0, dots_out = 0;
    for (size_t i = hs; i < he; i++)
        dots_in += s[i] == '.';
    for (size_t i = 0; i < ul; i++)
        dots_out += u[i] == '.';
    if (dots_in != dots_out)
        return 0;
    size_t c = 0;
    for (a = hs;;) {
        size_t b = a, d = c;
        while (b < he && s[b] != '.')
            b++;
        while (d < ul && u[d] != '.')
            d++;
        int use_u = 0;
        if (is_xn_label(s, a, b)) {
            dirscan ds = {0, 0, 0, 0, 0};
            size_t pos = c;
            use_u = 1;
            while (pos < d) {
                uint32_t cp;
                if (ibidi_utf8_next(u, d, &pos, &cp, NULL) != IBIDI_OK ||
                    (cp >= 0x80 && !cp_decodable(cp, U_HOST))) {
                    use_u = 0;
                    break;
                }
                dir_feed(&ds, cp);
            }
            if (use_u && !(x->options & IBIDI_IRI_KEEP_UNSAFE) && dir_breaks(&ds))
                use_u = 0;
        }
        if (use_u)
            put(&x->k, u + c, d - c);
        else
            verbatim(x, a, b);
        if (b >= he)
            break;
        put1(&x->k, '.');
        a = b + 1;
        c = d + 1;
    }
    return 1;
}

/* The host's labels, split at "." (a URI's host is ASCII, so no other separator occurs). */
static void host_labels(u2i *x, size_t hs, size_t he)
{
    size_t a = hs;
    for (;;) {
        size_t b = a;
        while (b < he && x->s[b] != '.')
            b++;
        unit(x, a, b, U_HOST);
        if (b >= he)
            break;
        put1(&x->k, '.');
        a = b + 1;
    }
}

/* Path segments and their extensions: split at "/" and "." (a dot-segment "." or ".."
 * holds no triplet, so splitting it changes nothing). */
static void path_units(u2i *x, size_t a, size_t e)
{
    size_t i = a;
    while (i < e) {
        size_t j = i;
        while (j < e && x->s[j] != '/' && x->s[j] != '.')
            j++;
        unit(x, i, j, 0);
        if (j < e)
            put1(&x->k, x->s[j]);
        i = j + 1;
    }
}

/* Query parameters, split at "&" and ";", each at its first "=" into name and value (a
 * value may hold further "="). */
static void query_units(u2i *x, size_t a, size_t e)
{
    size_t i = a;
    int in_value = 0;
    for (;;) {
        size_t j = i;
        while (j < e && x->s[j] != '&' && x->s[j] != ';' && (in_value || x->s[j] != '='))
            j++;
        unit(x, i, j, U_QUERY);
        if (j >= e)
            break;
        in_value = x->s[j] == '=';
        put1(&x->k, x->s[j]);
        i = j + 1;
    }
}

ibidi_status ibidi_iri_from_uri(const char *uri, size_t len, const ibidi_iri_options *opts,
                                ibidi_buf *out, ibidi_error *err)
{
    const unsigned options = (opts ? opts : &ibidi__iri_defaults)->flags;
    char *const data = out ? out->data : NULL;
    const size_t cap = out ? out->cap : 0;
    if (out)
        out->len = 0;
    if ((!uri && len) || (!data && cap) || (options & ~IBIDI__IRI_ALL_FLAGS))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    /* RFC 3987 §3.2 step 1, RFC 3986 §2: a URI is a sequence of US-ASCII characters */
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)uri[i] >= 0x80)
            return ibidi__fail(err, IBIDI_E_URI_NOT_ASCII, i, (unsigned char)uri[i]);
    ibidi_iri_info info;
    ibidi_status st = parse_spans(uri, len, &info, err);
    if (st != IBIDI_OK)
        return st;

    /* Only userinfo, reg-name, path, query and fragment may hold triplets (RFC 3986 §3);
     * they come in this order, and everything between them is copied. */
    u2i x = {uri, options, {data, cap, 0}};
    size_t cur = 0;
    if (info.userinfo.present) {
        verbatim(&x, cur, info.userinfo.start);
        cur = info.userinfo.start + info.userinfo.length;
        unit(&x, info.userinfo.start, cur, 0);
    }
    if (info.host_kind == IBIDI_IRI_COMP_LABEL) {
        size_t hs = info.host.start, he = hs + info.host.length;
        verbatim(&x, cur, hs);
        if (!((options & IBIDI_IRI_HOST_TO_UNICODE) && host_to_unicode(&x, hs, he)))
            host_labels(&x, hs, he);
        cur = he;
    }
    if (info.path.present && info.path.length) {
        verbatim(&x, cur, info.path.start);
        cur = info.path.start + info.path.length;
        path_units(&x, info.path.start, cur);
    }
    if (info.query.present) {
        verbatim(&x, cur, info.query.start);
        cur = info.query.start + info.query.length;
        query_units(&x, info.query.start, cur);
    }
    if (info.fragment.present) {
        verbatim(&x, cur, info.fragment.start);
        cur = info.fragment.start + info.fragment.length;
        unit(&x, info.fragment.start, cur, 0);
    }
    verbatim(&x, cur, len);

    if (out)
        out->len = x.k.len;
    if (x.k.len > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}
