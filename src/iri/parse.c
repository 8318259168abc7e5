/*
 * The structure of Internet identifiers (include/ibidi/iri.h): domain names, IRI references
 * (RFC 3987 §2.2, with the generic parsing of RFC 3986 §3) and mail addresses (RFC 5321
 * §4.1.2 with RFC 6531 §3.3), parsed into components that are spans of the input.
 *
 * Two passes over the input, both without allocation or global state:
 *   1. the text pass: strict UTF-8 (the library's shared decoder, so that the statuses,
 *      offsets and values are those of ibidi_utf8_validate), Cc characters and bidi
 *      formatting characters, in every mode, eight bytes at a time over printable ASCII;
 *   2. the structure pass on text known to be well-formed: a class table for ASCII and the
 *      code point ranges of the grammars for the rest. Scheme detection and
 *      IBIDI_IRI_AS_AUTO look only as far as the first of ":/?#" (and, for AUTO without a
 *      scheme, for "/?#" and "@" after it).
 * So an encoding or control error anywhere in the input is reported before any syntax
 * error; within a pass, the first rule broken from left to right is reported. A length
 * limit is broken where the text first goes past it (see each limit below). Syntax errors
 * take precedence over IBIDI_E_BUFFER_TOO_SMALL: the whole input is always parsed.
 *
 * Decisions the grammars leave open, taken here:
 *   - empty parts give a component where a display needs a slot for them (an empty path
 *     segment, query name or value, fragment), none where the part is only absent text
 *     (an empty host, port or userinfo: their spans are present with length 0);
 *   - a host or domain name that is only a label separator is the root alone: no
 *     component; a trailing separator is the root label and gives none either;
 *   - on failure, info holds the kind (for IBIDI_IRI_AS_AUTO the kind chosen, DOMAIN for
 *     empty input) and the spans found before the error, and the components record's n
 *     is 0.
 */
#include <string.h>

#include "ibidi/iri.h"
#include "ibidi/unicode.h"
#include "iri/iri_internal.h"
#include "unicode/utf8_internal.h"

/* ---- ASCII classes ------------------------------------------------------------------ */

enum {
    B_UNRES = 1u << 0,    /* ALPHA DIGIT "-" "_" "~": RFC 3986 §2.3 unreserved less "." */
    B_DOT = 1u << 1,      /* "." (unreserved, but splits labels and path segments) */
    B_SUB = 1u << 2,      /* sub-delims other than "&" ";" "=" (RFC 3986 §2.2) */
    B_AMPSEMI = 1u << 3,  /* "&" ";": sub-delims that split a query into parameters */
    B_EQ = 1u << 4,       /* "=": the sub-delim that splits a query parameter */
    B_COLON = 1u << 5,
    B_AT = 1u << 6,
    B_SLASH = 1u << 7,
    B_QMARK = 1u << 8,
    B_HASH = 1u << 9,
    B_ALPHA = 1u << 10,
    B_DIGIT = 1u << 11,
    B_HEX = 1u << 12,
    B_SCHEME = 1u << 13,  /* RFC 3986 §3.1: ALPHA DIGIT "+" "-" "." after the first */
    B_CTRL = 1u << 14,    /* Cc: 00..1F and 7F */
    B_ATEXT = 1u << 15,   /* RFC 5321 §4.1.2 atext (ASCII part) */
    B_DOMBAD = 1u << 16,  /* space, gen-delims, sub-delims and "%": no host holds them */
    B_DCONTENT = 1u << 17 /* RFC 5321 §4.1.3 dcontent: %d33-90 / %d94-126 */
};

#define B_SUBALL (B_SUB | B_AMPSEMI | B_EQ)
/* What each part of an IRI allows besides pct-encoded (RFC 3987 §2.2), less the
 * characters at which the part is split into components. */
#define M_USERINFO (B_UNRES | B_DOT | B_SUBALL | B_COLON)           /* iuserinfo */
#define M_LABEL (B_UNRES | B_SUBALL)                                /* ireg-name less "." */
#define M_SEGPART (B_UNRES | B_SUBALL | B_COLON | B_AT)             /* ipchar less "." */
#define M_QNAME (B_UNRES | B_DOT | B_SUB | B_COLON | B_AT | B_SLASH | B_QMARK) /* iquery */
#define M_QVALUE (M_QNAME | B_EQ)
#define M_FRAGMENT (B_UNRES | B_DOT | B_SUBALL | B_COLON | B_AT | B_SLASH | B_QMARK)
#define M_FUTURE (B_UNRES | B_DOT | B_SUBALL | B_COLON)             /* IPvFuture tail */

#define CL_ALPHA (B_ALPHA | B_UNRES | B_SCHEME | B_ATEXT | B_DCONTENT)
#define CL_HEXALPHA (CL_ALPHA | B_HEX)
#define CL_DIGIT (B_DIGIT | B_HEX | B_UNRES | B_SCHEME | B_ATEXT | B_DCONTENT)

/* Indexed by any byte: the upper half (parts of non-ASCII characters) has no class bits,
 * which spares the hot loops a separate test for ASCII. */
static const uint32_t cls[256] = {
    [0x00] = B_CTRL, [0x01] = B_CTRL, [0x02] = B_CTRL, [0x03] = B_CTRL, [0x04] = B_CTRL,
    [0x05] = B_CTRL, [0x06] = B_CTRL, [0x07] = B_CTRL, [0x08] = B_CTRL, [0x09] = B_CTRL,
    [0x0A] = B_CTRL, [0x0B] = B_CTRL, [0x0C] = B_CTRL, [0x0D] = B_CTRL, [0x0E] = B_CTRL,
    [0x0F] = B_CTRL, [0x10] = B_CTRL, [0x11] = B_CTRL, [0x12] = B_CTRL, [0x13] = B_CTRL,
    [0x14] = B_CTRL, [0x15] = B_CTRL, [0x16] = B_CTRL, [0x17] = B_CTRL, [0x18] = B_CTRL,
    [0x19] = B_CTRL, [0x1A] = B_CTRL, [0x1B] = B_CTRL, [0x1C] = B_CTRL, [0x1D] = B_CTRL,
    [0x1E] = B_CTRL, [0x1F] = B_CTRL, [0x7F] = B_CTRL,
    [' '] = B_DOMBAD,
    ['!'] = B_SUB | B_ATEXT | B_DOMBAD | B_DCONTENT,
    ['"'] = B_DCONTENT,
    ['#'] = B_HASH | B_ATEXT | B_DOMBAD | B_DCONTENT,
    ['$'] = B_SUB | B_ATEXT | B_DOMBAD | B_DCONTENT,
    ['%'] = B_ATEXT | B_DOMBAD | B_DCONTENT,
    ['&'] = B_AMPSEMI | B_ATEXT | B_DOMBAD | B_DCONTENT,
    ['\''] = B_SUB | B_ATEXT | B_DOMBAD | B_DCONTENT,
    ['('] = B_SUB | B_DOMBAD | B_DCONTENT,
    [')'] = B_SUB | B_DOMBAD | B_DCONTENT,
    ['*'] = B_SUB | B_ATEXT | B_DOMBAD | B_DCONTENT,
    ['+'] = B_SUB | B_SCHEME | B_ATEXT | B_DOMBAD | B_DCONTENT,
    [','] = B_SUB | B_DOMBAD | B_DCONTENT,
    ['-'] = B_UNRES | B_SCHEME | B_ATEXT | B_DCONTENT,
    ['.'] = B_DOT | B_SCHEME | B_DCONTENT,
    ['/'] = B_SLASH | B_ATEXT | B_DOMBAD | B_DCONTENT,
    ['0'] = CL_DIGIT, ['1'] = CL_DIGIT, ['2'] = CL_DIGIT, ['3'] = CL_DIGIT, ['4'] = CL_DIGIT,
    ['5'] = CL_DIGIT, ['6'] = CL_DIGIT, ['7'] = CL_DIGIT, ['8'] = CL_DIGIT, ['9'] = CL_DIGIT,
    [':'] = B_COLON | B_DOMBAD | B_DCONTENT,
    [';'] = B_AMPSEMI | B_DOMBAD | B_DCONTENT,
    ['<'] = B_DCONTENT,
    ['='] = B_EQ | B_ATEXT | B_DOMBAD | B_DCONTENT,
    ['>'] = B_DCONTENT,
    ['?'] = B_QMARK | B_ATEXT | B_DOMBAD | B_DCONTENT,
    ['@'] = B_AT | B_DOMBAD | B_DCONTENT,
    ['A'] = CL_HEXALPHA, ['B'] = CL_HEXALPHA, ['C'] = CL_HEXALPHA, ['D'] = CL_HEXALPHA,
    ['E'] = CL_HEXALPHA, ['F'] = CL_HEXALPHA, ['G'] = CL_ALPHA, ['H'] = CL_ALPHA,
    ['I'] = CL_ALPHA, ['J'] = CL_ALPHA, ['K'] = CL_ALPHA, ['L'] = CL_ALPHA, ['M'] = CL_ALPHA,
    ['N'] = CL_ALPHA, ['O'] = CL_ALPHA, ['P'] = CL_ALPHA, ['Q'] = CL_ALPHA, ['R'] = CL_ALPHA,
    ['S'] = CL_ALPHA, ['T'] = CL_ALPHA, ['U'] = CL_ALPHA, ['V'] = CL_ALPHA, ['W'] = CL_ALPHA,
    ['X'] = CL_ALPHA, ['Y'] = CL_ALPHA, ['Z'] = CL_ALPHA,
    ['['] = B_DOMBAD,
    ['\\'] = 0,
    [']'] = B_DOMBAD,
    ['^'] = B_ATEXT | B_DCONTENT,
    ['_'] = B_UNRES | B_ATEXT | B_DCONTENT,
    ['`'] = B_ATEXT | B_DCONTENT,
    ['a'] = CL_HEXALPHA, ['b'] = CL_HEXALPHA, ['c'] = CL_HEXALPHA, ['d'] = CL_HEXALPHA,
    ['e'] = CL_HEXALPHA, ['f'] = CL_HEXALPHA, ['g'] = CL_ALPHA, ['h'] = CL_ALPHA,
    ['i'] = CL_ALPHA, ['j'] = CL_ALPHA, ['k'] = CL_ALPHA, ['l'] = CL_ALPHA, ['m'] = CL_ALPHA,
    ['n'] = CL_ALPHA, ['o'] = CL_ALPHA, ['p'] = CL_ALPHA, ['q'] = CL_ALPHA, ['r'] = CL_ALPHA,
    ['s'] = CL_ALPHA, ['t'] = CL_ALPHA, ['u'] = CL_ALPHA, ['v'] = CL_ALPHA, ['w'] = CL_ALPHA,
    ['x'] = CL_ALPHA, ['y'] = CL_ALPHA, ['z'] = CL_ALPHA,
    ['{'] = B_ATEXT | B_DCONTENT,
    ['|'] = B_ATEXT | B_DCONTENT,
    ['}'] = B_ATEXT | B_DCONTENT,
    ['~'] = B_UNRES | B_ATEXT | B_DCONTENT,
};

/* The class bits of byte b; bytes 80..FF (parts of non-ASCII characters) have none. */
static inline uint32_t cl(unsigned b) { return cls[b & 0xFF]; }

/* ---- Parser state ------------------------------------------------------------------ */

typedef struct pctx {
    const unsigned char *p;
    size_t len;
    ibidi_iri_component *comps;
    size_t cap, n;
    ibidi_iri_info *info;
    ibidi_error *err;
} pctx;

static inline void emit(pctx *c, size_t start, size_t end, ibidi_iri_component_kind kind)
{
    if (c->n < c->cap) {
        c->comps[c->n].start = start;
        c->comps[c->n].length = end - start;
        c->comps[c->n].kind = kind;
    }
    c->n++;
}

static inline void set_span(ibidi_span *sp, size_t start, size_t end)
{
    sp->start = start;
    sp->length = end - start;
    sp->present = 1;
}

/* The code point that starts at off (well-formed text), 0 at the end or inside a
 * character. */
static uint32_t cp_at(const pctx *c, size_t off)
{
    if (off >= c->len || (c->p[off] & 0xC0u) == 0x80u)
        return 0;
    size_t i = off;
    return ibidi__utf8_decode_valid(c->p, &i);
}

static ibidi_status fail_at(pctx *c, ibidi_status st, size_t off)
{
    return ibidi__fail(c->err, st, off, cp_at(c, off));
}

/* ---- Pass 1: text ------------------------------------------------------------------ */

/* Strict UTF-8 (Unicode §3.9), no Cc (RFC 3987 §2.2 has none; a control in an identifier
 * is never displayable) and no bidi formatting character (RFC 3987 §4.1, Duerst 2001 §5
 * restriction 2), checked in every mode. Words of printable ASCII are taken eight bytes
 * at a time; a word with anything else goes byte by byte. */
static ibidi_status text_pass(pctx *c)
{
    const unsigned char *p = c->p;
    size_t i = 0, len = c->len;
    while (i < len) {
        while (i + 8 <= len) {
            uint64_t w = ibidi__load_le64(p + i);
            /* a byte >= 80, < 20 or equal to 7F (the subtractions borrow only from a
             * byte that is itself such a byte, so a clean word is never flagged) */
            uint64_t bad = (w | (w - IBIDI__B8(0x20)) | ((w ^ IBIDI__B8(0x7F)) - IBIDI__B8(1))) &
                           IBIDI__B8(0x80);
            if (bad)
                break;
            i += 8;
        }
        if (i >= len)
            break;
        unsigned b = p[i];
        if (b < 0x80) {
            if (cls[b] & B_CTRL)
                return ibidi__fail(c->err, IBIDI_E_IDENT_CONTROL, i, b);
            i++;
            continue;
        }
        uint32_t cp;
        ibidi_status st;
        size_t k = ibidi__utf8_decode_fast(p + i, len - i, &cp, &st);
        if (!k)
            return ibidi__fail(c->err, st, i, b);
        if (cp < 0xA0) /* C1 controls 80..9F */
            return ibidi__fail(c->err, IBIDI_E_IDENT_CONTROL, i, cp);
        if (ibidi__is_bidi_control(cp))
            return ibidi__fail(c->err, IBIDI_E_IDENT_BIDI_CONTROL, i, cp);
        i += k;
    }
    return IBIDI_OK;
}

/* The first byte at or after i with one of the class bits, or len. */
static size_t find_class(const unsigned char *p, size_t i, size_t len, uint32_t mask)
{
    while (i < len && !(cl(p[i]) & mask))
        i++;
    return i;
}

/* ---- Address grammars (ASCII) ------------------------------------------------------ */

/* IPv4 from i to exactly e. RFC 3986 §3.2.2 IPv4address with dec-octet (no leading
 * zeros) when !smtp; RFC 5321 §4.1.3 IPv4-address-literal with Snum (1*3DIGIT, value
 * 0..255, leading zeros allowed) when smtp. On failure *bad is where the rule broke. */
static int ipv4_ok(const unsigned char *p, size_t i, size_t e, int smtp, size_t *bad)
{
    for (int oct = 0; oct < 4; oct++) {
        size_t s = i;
        unsigned v = 0;
        while (i < e && (cl(p[i]) & B_DIGIT)) {
            if (i - s == 3 || (!smtp && i - s == 1 && p[s] == '0')) {
                *bad = i; /* a fourth digit, or a digit after a leading zero */
                return 0;
            }
            v = v * 10 + (p[i] - '0');
            i++;
        }
        if (i == s) {
            *bad = i;
            return 0;
        }
        if (v > 255) {
            *bad = s;
            return 0;
        }
        if (oct < 3) {
            if (i >= e || p[i] != '.') {
                *bad = i;
                return 0;
            }
            i++;
        }
    }
    if (i != e) {
        *bad = i;
        return 0;
    }
    return 1;
}

/* IPv6 from i to exactly e: RFC 3986 §3.2.2 IPv6address (smtp = 0: "::" stands for one
 * or more groups, so at most 7 others; ls32 may be an IPv4address) or RFC 5321 §4.1.3
 * IPv6-addr (smtp = 1: "::" stands for at least two groups, so at most 6 others; the
 * embedded IPv4 part uses Snum). Eight groups without "::"; h16 = 1*4HEXDIG; an IPv4
 * part only at the end, counting as two groups. On failure *bad is where the rule broke. */
static int ipv6_ok(const unsigned char *p, size_t i, size_t e, int smtp, size_t *bad)
{
    const size_t max_dc = smtp ? 6 : 7;
    size_t groups = 0;
    int dc = 0;
    if (i < e && p[i] == ':') {
        if (i + 1 >= e || p[i + 1] != ':') {
            *bad = i + 1;
            return 0;
        }
        dc = 1;
        i += 2;
        if (i == e)
            return 1;
    }
    for (;;) {
        size_t g = i, k = 0;
        while (i < e && k < 5 && (cl(p[i]) & B_HEX)) {
            i++;
            k++;
        }
        if (k == 0) {
            *bad = i;
            return 0;
        }
        if (i < e && p[i] == '.') { /* ls32 = IPv4address: must end the address */
            if (!ipv4_ok(p, g, e, smtp, bad))
                return 0;
            groups += 2;
            if (dc ? groups > max_dc : groups != 8) {
                *bad = g;
                return 0;
            }
            return 1;
        }
        if (k > 4) {
            *bad = g + 4;
            return 0;
        }
        groups++;
        if (groups > (dc ? max_dc : 8)) {
            *bad = g;
            return 0;
        }
        if (i == e) {
            if (!dc && groups != 8) {
                *bad = e;
                return 0;
            }
            return 1;
        }
        if (p[i] != ':') {
            *bad = i;
            return 0;
        }
        if (i + 1 < e && p[i + 1] == ':') {
            if (dc || groups > max_dc) { /* a second "::", or no group left for it */
                *bad = dc ? i + 1 : i;
                return 0;
            }
            dc = 1;
            i += 2;
            if (i == e)
                return 1;
            continue;
        }
        i++;
        if (i == e) {
            *bad = e;
            return 0;
        }
    }
}

/* RFC 3986 §3.2.2 IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ), from i
 * to exactly e ("v" is case-insensitive as every ABNF string). */
static int ipvfuture_ok(const unsigned char *p, size_t i, size_t e, size_t *bad)
{
    size_t s;
    i++; /* "v" */
    for (s = i; i < e && (cl(p[i]) & B_HEX); i++)
        ;
    if (i == s || i >= e || p[i] != '.') {
        *bad = i;
        return 0;
    }
    for (s = ++i; i < e && (cl(p[i]) & M_FUTURE); i++)
        ;
    if (i == s || i != e) {
        *bad = i;
        return 0;
    }
    return 1;
}

/* ---- Domain names ------------------------------------------------------------------ */

/* Labels of a domain name s[start..len): split at the four label separators; a trailing
 * separator is the root label and gives no component, and a lone separator is the root
 * alone (zero components: allowed in a domain name, not in a mail address). The limits
 * are DNS's (RFC 1034 §3.1): they count the UTF-8 octets of the name as given, which for
 * an ASCII name are the octets DNS sees; for a U-label the A-label's length is what DNS
 * sees, and IDNA (ToASCII with VerifyDnsLength) checks that. A label is too long at the
 * character that takes it past 63 octets (reported at the label's start), the name at the
 * character that takes it past 253 octets without the root separator (reported at
 * octet 253 of the name). */
static ibidi_status parse_domain(pctx *c, size_t start, int email)
{
    const unsigned char *p = c->p;
    const size_t len = c->len;
    size_t i = start, ls = start;
    while (i < len) {
        unsigned b = p[i];
        size_t k;
        if (b < 0x80) {
            uint32_t f = cls[b];
            if (f & B_DOMBAD) /* iri.h: space and the RFC 3986 §2.2 delimiters, and "%" */
                return ibidi__fail(c->err, IBIDI_E_DOMAIN_CHAR, i, b);
            k = 1;
            if (b != '.')
                goto label_char;
        } else {
            size_t j = i;
            uint32_t cp = ibidi__utf8_decode_valid(p, &j);
            k = j - i;
            if (!ibidi__is_label_separator(cp))
                goto label_char;
        }
        /* a label separator at i, k bytes */
        if (i + k == len) { /* the root */
            if (email) /* RFC 5321 §4.1.2 Domain has no root label */
                return fail_at(c, IBIDI_E_EMAIL_SYNTAX, i);
            if (i == ls && i != start)
                return fail_at(c, IBIDI_E_DOMAIN_EMPTY_LABEL, i);
            if (i != ls)
                emit(c, ls, i, IBIDI_IRI_COMP_LABEL);
            return IBIDI_OK;
        }
        if (i + k - start > IBIDI_IRI_DOMAIN_MAX_OCTETS)
            return ibidi__fail(c->err, IBIDI_E_DOMAIN_TOO_LONG,
                               start + IBIDI_IRI_DOMAIN_MAX_OCTETS, 0);
        if (i == ls)
            return fail_at(c, IBIDI_E_DOMAIN_EMPTY_LABEL, i);
        emit(c, ls, i, IBIDI_IRI_COMP_LABEL);
        i += k;
        ls = i;
        continue;
    label_char:
        i += k;
        if (i - ls > IBIDI_IRI_LABEL_MAX_OCTETS)
            return ibidi__fail(c->err, IBIDI_E_DOMAIN_LABEL_TOO_LONG, ls, 0);
        if (i - start > IBIDI_IRI_DOMAIN_MAX_OCTETS)
            return ibidi__fail(c->err, IBIDI_E_DOMAIN_TOO_LONG,
                               start + IBIDI_IRI_DOMAIN_MAX_OCTETS, 0);
    }
    if (ls == len) /* nothing after the last separator: only an empty mail domain */
        return fail_at(c, email ? IBIDI_E_EMAIL_SYNTAX : IBIDI_E_DOMAIN_EMPTY_LABEL, len);
    emit(c, ls, len, IBIDI_IRI_COMP_LABEL);
    return IBIDI_OK;
}

/* ---- Mail addresses ---------------------------------------------------------------- */

static int ascii_ieq(const unsigned char *p, const char *lit, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned a = p[i], b = (unsigned char)lit[i];
        if (a >= 'A' && a <= 'Z')
            a += 32;
        if (b >= 'A' && b <= 'Z')
            b += 32;
        if (a != b)
            return 0;
    }
    return 1;
}

/* RFC 5321 §4.1.3 address-literal, the inside s[i..e): IPv4-address-literal,
 * "IPv6:" IPv6-addr, or General-address-literal = Standardized-tag ":" 1*dcontent with
 * Standardized-tag = Ldh-str. The tag "IPv6" always means an IPv6 address (its
 * registered syntax), never a general literal. */
static int address_literal_ok(const unsigned char *p, size_t i, size_t e, size_t *bad)
{
    size_t colon = i;
    if (e - i >= 5 && ascii_ieq(p + i, "IPv6:", 5))
        return ipv6_ok(p, i + 5, e, 1, bad);
    while (colon < e && p[colon] != ':')
        colon++;
    if (colon == e)
        return ipv4_ok(p, i, e, 1, bad);
    /* Ldh-str = *( ALPHA / DIGIT / "-" ) Let-dig */
    for (size_t j = i; j < colon; j++)
        if (!(cl(p[j]) & (B_ALPHA | B_DIGIT)) && p[j] != '-') {
            *bad = j;
            return 0;
        }
    if (colon == i || p[colon - 1] == '-') {
        *bad = colon == i ? i : colon - 1;
        return 0;
    }
    if (colon + 1 == e) {
        *bad = e;
        return 0;
    }
    for (size_t j = colon + 1; j < e; j++)
        if (!(cl(p[j]) & B_DCONTENT)) {
            *bad = j;
            return 0;
        }
    return 1;
}

/* RFC 5321 §4.1.2 Mailbox = Local-part "@" ( Domain / address-literal ), with RFC 6531
 * §3.3 UTF8-non-ascii in atext and qtextSMTP. The local part may hold 64 octets
 * (RFC 5321 §4.5.3.1.1, quotes included): a character that starts at octet 64 or later
 * inside it breaks the limit, reported at octet 64. */
static ibidi_status parse_email(pctx *c)
{
    const unsigned char *p = c->p;
    const size_t len = c->len;
    ibidi_iri_info *info = c->info;
    size_t i = 0, at;

    if (p[0] == '"') { /* Quoted-string = DQUOTE *QcontentSMTP DQUOTE */
        i = 1;
        for (;;) {
            if (i >= len)
                return fail_at(c, IBIDI_E_EMAIL_SYNTAX, len);
            if (i >= IBIDI_IRI_LOCAL_PART_MAX_OCTETS)
                return ibidi__fail(c->err, IBIDI_E_EMAIL_LOCAL_TOO_LONG,
                                   IBIDI_IRI_LOCAL_PART_MAX_OCTETS, 0);
            unsigned b = p[i];
            if (b == '"')
                break;
            if (b == '\\') { /* quoted-pairSMTP = %d92 %d32-126 */
                if (i + 1 >= len)
                    return fail_at(c, IBIDI_E_EMAIL_SYNTAX, len);
                if (p[i + 1] < 32 || p[i + 1] > 126)
                    return fail_at(c, IBIDI_E_EMAIL_SYNTAX, i + 1);
                i += 2;
            } else if (b >= 0x80) { /* UTF8-non-ascii */
                ibidi__utf8_decode_valid(p, &i);
            } else { /* qtextSMTP: %d32-33 / %d35-91 / %d93-126 (controls are gone) */
                i++;
            }
        }
        emit(c, 1, i, IBIDI_IRI_COMP_LOCAL_QUOTED);
        at = i + 1;
        if (at >= len || p[at] != '@')
            return fail_at(c, IBIDI_E_EMAIL_SYNTAX, at);
    } else { /* Dot-string = Atom *("." Atom), Atom = 1*atext */
        size_t as = 0;
        for (;;) {
            while (i < len && (cl(p[i]) & B_ATEXT))
                i++;
            if (i > IBIDI_IRI_LOCAL_PART_MAX_OCTETS)
                return ibidi__fail(c->err, IBIDI_E_EMAIL_LOCAL_TOO_LONG,
                                   IBIDI_IRI_LOCAL_PART_MAX_OCTETS, 0);
            if (i < len && p[i] >= 0x80) {
                ibidi__utf8_decode_valid(p, &i);
                if (i > IBIDI_IRI_LOCAL_PART_MAX_OCTETS)
                    return ibidi__fail(c->err, IBIDI_E_EMAIL_LOCAL_TOO_LONG,
                                       IBIDI_IRI_LOCAL_PART_MAX_OCTETS, 0);
                continue;
            }
            if (i < len && p[i] != '.' && p[i] != '@')
                return fail_at(c, IBIDI_E_EMAIL_SYNTAX, i);
            if (i == as) /* an empty atom: a leading, doubled or trailing dot */
                return fail_at(c, IBIDI_E_EMAIL_SYNTAX, i);
            if (i >= len)
                return fail_at(c, IBIDI_E_EMAIL_SYNTAX, len); /* no "@" */
            if (p[i] == '.' && i >= IBIDI_IRI_LOCAL_PART_MAX_OCTETS)
                return ibidi__fail(c->err, IBIDI_E_EMAIL_LOCAL_TOO_LONG,
                                   IBIDI_IRI_LOCAL_PART_MAX_OCTETS, 0);
            emit(c, as, i, IBIDI_IRI_COMP_LOCAL_ATOM);
            if (p[i] == '@')
                break;
            as = ++i;
        }
        at = i;
    }
    set_span(&info->local_part, 0, at);

    size_t d = at + 1;
    if (d >= len)
        return fail_at(c, IBIDI_E_EMAIL_SYNTAX, len); /* no domain */
    set_span(&info->host, d, len);
    if (p[d] == '[') { /* address-literal */
        size_t rb = d + 1, bad;
        while (rb < len && p[rb] != ']')
            rb++;
        if (rb >= len)
            return fail_at(c, IBIDI_E_EMAIL_SYNTAX, len);
        if (rb + 1 != len)
            return fail_at(c, IBIDI_E_EMAIL_SYNTAX, rb + 1);
        if (!address_literal_ok(p, d + 1, rb, &bad))
            return fail_at(c, IBIDI_E_EMAIL_SYNTAX, bad);
        emit(c, d + 1, rb, IBIDI_IRI_COMP_IP_LITERAL);
        info->host_kind = IBIDI_IRI_COMP_IP_LITERAL;
        return IBIDI_OK;
    }
    info->host_kind = IBIDI_IRI_COMP_LABEL;
    return parse_domain(c, d, 1);
}

/* ---- IRI references ---------------------------------------------------------------- */

enum { NA_PRIVATE = 1, NA_SPLIT_SEP = 2 };

/* Advances *pos over the characters of a part of an IRI: ASCII in mask, pct-encoded
 * (RFC 3986 §2.1: "%" HEXDIG HEXDIG, else IBIDI_E_IRI_PERCENT at the "%"), ucschar, and
 * iprivate when NA_PRIVATE. Stops at the end e, at an ASCII byte outside mask (for the
 * caller to take as a delimiter or reject), or with NA_SPLIT_SEP at a non-ASCII label
 * separator. Any other non-ASCII character is IBIDI_E_IRI_CHAR. */
static inline ibidi_status scan(pctx *c, size_t *pos, size_t e, uint32_t mask, unsigned na)
{
    const unsigned char *p = c->p;
    size_t i = *pos;
    for (;;) {
        while (i < e && (cls[p[i]] & mask))
            i++;
        if (i >= e)
            break;
        unsigned b = p[i];
        if (b == '%') {
            if (i + 2 >= e || !(cl(p[i + 1]) & B_HEX) || !(cl(p[i + 2]) & B_HEX))
                return ibidi__fail(c->err, IBIDI_E_IRI_PERCENT, i, b);
            i += 3;
            continue;
        }
        if (b < 0x80)
            break;
        size_t j = i;
        uint32_t cp = ibidi__utf8_decode_valid(p, &j);
        if ((na & NA_SPLIT_SEP) && ibidi__is_label_separator(cp))
            break;
        if (!ibidi__is_ucschar(cp) && !((na & NA_PRIVATE) && ibidi__is_iprivate(cp)))
            return ibidi__fail(c->err, IBIDI_E_IRI_CHAR, i, cp);
        i = j;
    }
    *pos = i;
    return IBIDI_OK;
}

/* Length of the label separator at p[i] (1 for ".", 3 for the others), 0 if none. */
static inline size_t sep_len(const unsigned char *p, size_t i, size_t e)
{
    if (p[i] == '.')
        return 1;
    if (p[i] >= 0x80 && i + 3 <= e) {
        size_t j = i;
        if (ibidi__is_label_separator(ibidi__utf8_decode_valid(p, &j)))
            return 3;
    }
    return 0;
}

/* iauthority = [ iuserinfo "@" ] ihost [ ":" port ] at a (after "//"); returns its end. */
static ibidi_status parse_authority(pctx *c, size_t a, size_t *end)
{
    const unsigned char *p = c->p;
    ibidi_iri_info *info = c->info;
    size_t e = a, at = (size_t)-1, h, i;
    ibidi_status st;

    /* RFC 3986 §3.2: the authority ends at the next "/", "?" or "#" */
    while (e < c->len && !(cl(p[e]) & (B_SLASH | B_QMARK | B_HASH))) {
        if (p[e] == '@' && at == (size_t)-1)
            at = e;
        e++;
    }
    *end = e;
    set_span(&info->authority, a, e);

    h = a;
    if (at != (size_t)-1) { /* iuserinfo: up to the first "@", which it cannot hold */
        i = a;
        if ((st = scan(c, &i, at, M_USERINFO, 0)) != IBIDI_OK)
            return st;
        if (i != at)
            return fail_at(c, IBIDI_E_IRI_CHAR, i);
        set_span(&info->userinfo, a, at);
        if (at > a)
            emit(c, a, at, IBIDI_IRI_COMP_USERINFO);
        h = at + 1;
    }

    if (h < e && p[h] == '[') { /* IP-literal = "[" ( IPv6address / IPvFuture ) "]" */
        size_t rb = h + 1, bad;
        int ok;
        while (rb < e && p[rb] != ']')
            rb++;
        if (rb > h + 1 && (p[h + 1] == 'v' || p[h + 1] == 'V'))
            ok = ipvfuture_ok(p, h + 1, rb, &bad);
        else
            ok = ipv6_ok(p, h + 1, rb, 0, &bad);
        if (!ok)
            return fail_at(c, IBIDI_E_IRI_HOST, bad);
        if (rb >= e) /* no "]" */
            return fail_at(c, IBIDI_E_IRI_HOST, e);
        set_span(&info->host, h, rb + 1);
        info->host_kind = IBIDI_IRI_COMP_IP_LITERAL;
        emit(c, h + 1, rb, IBIDI_IRI_COMP_IP_LITERAL);
        i = rb + 1;
        if (i < e && p[i] != ':')
            return fail_at(c, IBIDI_E_IRI_HOST, i);
    } else {
        /* IPv4address when the whole host is one (RFC 3986 §3.2.2: a host that matches
         * IPv4address is one, and anything else a reg-name, "1.2.3.04" included) */
        size_t he = h, bad;
        if (h < e && (cls[p[h]] & B_DIGIT))
            while (he < e && p[he] != ':')
                he++;
        if (he > h && ipv4_ok(p, h, he, 0, &bad)) {
            set_span(&info->host, h, he);
            info->host_kind = IBIDI_IRI_COMP_IPV4;
            emit(c, h, he, IBIDI_IRI_COMP_IPV4);
            i = he;
        } else {
            /* ireg-name, one LABEL per label; empty labels are allowed, a trailing
             * separator is the root (no component), a lone separator the root alone */
            size_t ls = h;
            i = h;
            for (;;) {
                if ((st = scan(c, &i, e, M_LABEL, NA_SPLIT_SEP)) != IBIDI_OK)
                    return st;
                size_t k = i < e ? sep_len(p, i, e) : 0;
                if (k) {
                    if (i + k >= e || p[i + k] == ':') { /* the root */
                        if (i > h)
                            emit(c, ls, i, IBIDI_IRI_COMP_LABEL);
                        i += k;
                        ls = i;
                        break;
                    }
                    emit(c, ls, i, IBIDI_IRI_COMP_LABEL);
                    i += k;
                    ls = i;
                    continue;
                }
                if (i < e && p[i] != ':')
                    return fail_at(c, IBIDI_E_IRI_CHAR, i);
                if (i > ls)
                    emit(c, ls, i, IBIDI_IRI_COMP_LABEL);
                break;
            }
            set_span(&info->host, h, i);
            info->host_kind = i > h ? IBIDI_IRI_COMP_LABEL : 0;
        }
    }

    if (i < e) { /* ":" port, port = *DIGIT (RFC 3986 §3.2.3) */
        size_t ps = ++i;
        while (i < e && (cl(p[i]) & B_DIGIT))
            i++;
        if (i < e)
            return fail_at(c, IBIDI_E_IRI_PORT, i);
        set_span(&info->port, ps, e);
        if (e > ps)
            emit(c, ps, e, IBIDI_IRI_COMP_PORT);
    }
    return IBIDI_OK;
}

static ibidi_status parse_iri(pctx *c)
{
    const unsigned char *p = c->p;
    const size_t len = c->len;
    ibidi_iri_info *info = c->info;
    size_t i = 0, fd = find_class(p, 0, len, B_COLON | B_SLASH | B_QMARK | B_HASH);
    ibidi_status st;

    /* RFC 3986 §3.1, §4.2: a scheme is what comes before the first ":" when no "/", "?"
     * or "#" comes first. If that text is not a scheme, the reference is relative and
     * its first segment holds a ":", which ipath-noscheme forbids. */
    if (fd < len && p[fd] == ':') {
        if (fd == 0 || !(cl(p[0]) & B_ALPHA))
            return fail_at(c, IBIDI_E_IRI_SCHEME, 0);
        for (i = 1; i < fd; i++)
            if (!(cl(p[i]) & B_SCHEME))
                return fail_at(c, IBIDI_E_IRI_SCHEME, i);
        set_span(&info->scheme, 0, fd);
        emit(c, 0, fd, IBIDI_IRI_COMP_SCHEME);
        i = fd + 1;
    }

    /* ihier-part / irelative-part */
    if (i + 1 < len && p[i] == '/' && p[i + 1] == '/') {
        if ((st = parse_authority(c, i + 2, &i)) != IBIDI_OK)
            return st;
    }

    /* ipath: segments split at "/", each at "." into SEGMENT and EXTENSIONs; the "/"
     * that starts an absolute path begins no segment; the empty path has none. */
    size_t ps = i;
    if (i < len && p[i] == '/')
        i++;
    if (i > ps || (i < len && p[i] != '?' && p[i] != '#')) {
        for (;;) {
            size_t ss = i;
            /* dot-segments "." and ".." (RFC 3986 §3.3) are one SEGMENT */
            if (i < len && p[i] == '.') {
                size_t j = i + 1 + (i + 1 < len && p[i + 1] == '.');
                if (j >= len || (cl(p[j]) & (B_SLASH | B_QMARK | B_HASH))) {
                    emit(c, i, j, IBIDI_IRI_COMP_SEGMENT);
                    i = j;
                    goto segment_end;
                }
            }
            ibidi_iri_component_kind kind = IBIDI_IRI_COMP_SEGMENT;
            for (;;) {
                if ((st = scan(c, &i, len, M_SEGPART, 0)) != IBIDI_OK)
                    return st;
                emit(c, ss, i, kind);
                if (i < len && p[i] == '.') {
                    ss = ++i;
                    kind = IBIDI_IRI_COMP_EXTENSION;
                    continue;
                }
                break;
            }
        segment_end:
            if (i < len && p[i] == '/') {
                i++;
                continue;
            }
            if (i < len && p[i] != '?' && p[i] != '#')
                return fail_at(c, IBIDI_E_IRI_CHAR, i);
            break;
        }
    }
    set_span(&info->path, ps, i);

    if (i < len && p[i] == '?') { /* iquery, split at "&" ";" and each part at its first "=" */
        size_t qs = ++i, ns = i;
        int in_value = 0;
        for (;;) {
            if ((st = scan(c, &i, len, in_value ? M_QVALUE : M_QNAME, NA_PRIVATE)) != IBIDI_OK)
                return st;
            if (i < len && p[i] == '=' && !in_value) {
                emit(c, ns, i, IBIDI_IRI_COMP_QUERY_NAME);
                ns = ++i;
                in_value = 1;
                continue;
            }
            emit(c, ns, i, in_value ? IBIDI_IRI_COMP_QUERY_VALUE : IBIDI_IRI_COMP_QUERY_NAME);
            if (i < len && (p[i] == '&' || p[i] == ';')) {
                ns = ++i;
                in_value = 0;
                continue;
            }
            if (i < len && p[i] != '#')
                return fail_at(c, IBIDI_E_IRI_CHAR, i);
            break;
        }
        set_span(&info->query, qs, i);
    }

    if (i < len) { /* "#" ifragment */
        size_t fs = ++i;
        if ((st = scan(c, &i, len, M_FRAGMENT, 0)) != IBIDI_OK)
            return st;
        if (i < len)
            return fail_at(c, IBIDI_E_IRI_CHAR, i);
        set_span(&info->fragment, fs, len);
        emit(c, fs, len, IBIDI_IRI_COMP_FRAGMENT);
    }
    return IBIDI_OK;
}

/* The scheme rule on s[0..fd) (RFC 3986 §3.1), without reporting. */
static int is_scheme(const unsigned char *p, size_t fd)
{
    if (fd == 0 || !(cl(p[0]) & B_ALPHA))
        return 0;
    for (size_t i = 1; i < fd; i++)
        if (!(cl(p[i]) & B_SCHEME))
            return 0;
    return 1;
}

/* iri.h IBIDI_IRI_AS_AUTO: a scheme ("x:") or any "/", "?", "#" make an IRI reference, else
 * an "@" a mail address, else a domain name. Looks at ASCII bytes only, so it may run
 * before the text is known to be well-formed. */
static ibidi_iri_kind auto_kind(const unsigned char *p, size_t len)
{
    size_t fd = find_class(p, 0, len, B_COLON | B_SLASH | B_QMARK | B_HASH);
    if (fd < len && (p[fd] != ':' || is_scheme(p, fd) ||
                     find_class(p, fd + 1, len, B_SLASH | B_QMARK | B_HASH) < len))
        return IBIDI_IRI_AS_IRI;
    return memchr(p, '@', len) ? IBIDI_IRI_AS_EMAIL : IBIDI_IRI_AS_DOMAIN;
}

ibidi_iri_kind ibidi__iri_auto_kind(const char *s, size_t len)
{
    return len ? auto_kind((const unsigned char *)s, len) : IBIDI_IRI_AS_DOMAIN;
}

/* ---- Entry points ------------------------------------------------------------------ */

ibidi_status ibidi_iri_parse(const char *s, size_t len, ibidi_iri_kind as,
                             ibidi_iri_components *comps, ibidi_iri_info *info,
                             ibidi_error *err)
{
    static const ibidi_iri_info zero_info;
    ibidi_iri_info local;
    ibidi_iri_components none = {NULL, 0, 0}; /* a NULL record: capacity 0, count dropped */
    pctx c;
    ibidi_status st;

    if (!comps)
        comps = &none;
    comps->n = 0;
    if ((!s && len) || (!comps->items && comps->cap) || (unsigned)as > IBIDI_IRI_AS_EMAIL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (!info)
        info = &local;
    *info = zero_info; /* a copy: cheaper than memset's string store for this size */
    info->kind = as;
    if (len == 0) {
        if (as == IBIDI_IRI_AS_AUTO)
            info->kind = IBIDI_IRI_AS_DOMAIN;
        return ibidi__fail(err, IBIDI_E_IDENT_EMPTY, 0, 0);
    }
    if (as == IBIDI_IRI_AS_AUTO) /* before the text pass, so that errors name the kind */
        info->kind = as = auto_kind((const unsigned char *)s, len);
    c.p = (const unsigned char *)s;
    c.len = len;
    c.comps = comps->items;
    c.cap = comps->cap;
    c.n = 0;
    c.info = info;
    c.err = err;

    if ((st = text_pass(&c)) != IBIDI_OK)
        return st;

    switch (as) {
    case IBIDI_IRI_AS_DOMAIN:
        set_span(&info->host, 0, len);
        info->host_kind = IBIDI_IRI_COMP_LABEL;
        st = parse_domain(&c, 0, 0);
        break;
    case IBIDI_IRI_AS_EMAIL:
        st = parse_email(&c);
        break;
    default:
        st = parse_iri(&c);
        break;
    }
    if (st != IBIDI_OK)
        return st;
    comps->n = c.n;
    if (c.n > comps->cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

const char *ibidi_iri_component_kind_name(ibidi_iri_component_kind kind)
{
    switch (kind) {
    case IBIDI_IRI_COMP_SCHEME: return "scheme";
    case IBIDI_IRI_COMP_USERINFO: return "userinfo";
    case IBIDI_IRI_COMP_LABEL: return "label";
    case IBIDI_IRI_COMP_IPV4: return "ipv4";
    case IBIDI_IRI_COMP_IP_LITERAL: return "ip-literal";
    case IBIDI_IRI_COMP_PORT: return "port";
    case IBIDI_IRI_COMP_SEGMENT: return "segment";
    case IBIDI_IRI_COMP_EXTENSION: return "extension";
    case IBIDI_IRI_COMP_QUERY_NAME: return "query-name";
    case IBIDI_IRI_COMP_QUERY_VALUE: return "query-value";
    case IBIDI_IRI_COMP_FRAGMENT: return "fragment";
    case IBIDI_IRI_COMP_LOCAL_ATOM: return "local-atom";
    case IBIDI_IRI_COMP_LOCAL_QUOTED: return "local-quoted";
    }
    return NULL;
}

const char *ibidi_iri_kind_name(ibidi_iri_kind kind)
{
    switch (kind) {
    case IBIDI_IRI_AS_AUTO: return "auto";
    case IBIDI_IRI_AS_DOMAIN: return "domain";
    case IBIDI_IRI_AS_IRI: return "iri";
    case IBIDI_IRI_AS_EMAIL: return "email";
    }
    return NULL;
}
