/*
 * Percent-encoding, IRI to URI and URI to IRI (include/ibidi/iri.h, src/iri/uri.c):
 *   - the examples of RFC 3987 §3.1 (résumé with ToASCII and percent-encoded, red%09rosé,
 *     the validator query, Old Italic) and §3.2.1 (D%C3%BCrst, D%FCrst, xn--99zt52a with
 *     %e2%80%ae, and its ToUnicode variant), exactly;
 *   - the component fallback of the 2012 guidelines §3 on Example 9 ("GH%31" in Hebrew and
 *     Arabic), and URI to IRI keeping exactly the components that would break the rules;
 *   - every character class URI to IRI decodes or keeps, every error path with its offset,
 *     the snprintf contract of each call, the printable ASCII of IBIDI_IRI_ENCODE_ASCII;
 *   - properties over a list and a generated set of IRIs: IRI to URI is idempotent and an
 *     identity on URIs; URI to IRI maps back to the same URI (RFC 3987 §3.2, up to the case
 *     of hex digits and encoded unreserved characters); its output has no component that
 *     breaks MIXED_DIRECTION, RTL_START or RTL_END (checked by ibidi_iri_check).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"
#include "testlib.h"
#include "../fuzz/uri_equiv.h"

#define CAP 65536

static char OUT[CAP];
static size_t OLEN;
static ibidi_error ERR;
static unsigned UTS46, WHATWG, I2008;

typedef enum fn { F_PCT, F_URI, F_IRI } fn;

static ibidi_status call(fn f, const char *s, size_t len, unsigned opt, unsigned flags, char *out,
                         size_t cap, size_t *n, ibidi_error *e)
{
    switch (f) {
    case F_PCT: {
        ibidi_buf b = {out, cap, 0};
        const ibidi_status st = ibidi_iri_percent_encode_component(s, len, &b, e);
        *n = b.len;
        return st;
    }
    case F_URI: return t_iri_to_uri(s, len, opt, flags, out, cap, n, e);
    default: return t_iri_from_uri(s, len, opt, out, cap, n, e);
    }
}

/* One call into OUT (NUL-terminated when it fits). */
static ibidi_status run(fn f, const char *s, size_t len, unsigned opt, unsigned flags)
{
    ibidi_status st = call(f, s, len, opt, flags, OUT, CAP - 1, &OLEN, &ERR);
    OUT[st == IBIDI_OK ? OLEN : 0] = '\0';
    return st;
}

static const char *fname(fn f) { return f == F_PCT ? "pct" : f == F_URI ? "to_uri" : "to_iri"; }

/* The snprintf contract: cap 0 and cap n-1 report n with IBIDI_E_BUFFER_TOO_SMALL, cap n
 * gives the same output, and no byte beyond cap is written. */
static void sizes(int line, fn f, const char *s, size_t len, unsigned opt, unsigned flags,
                  const char *want, size_t n)
{
    static char buf[CAP + 8];
    size_t got = 12345;
    ibidi_error e;
    ibidi_status st = call(f, s, len, opt, flags, NULL, 0, &got, &e);
    if (n == 0) {
        t_check(st == IBIDI_OK && got == 0, __FILE__, line, "%s('%s') cap 0: %s %zu", fname(f),
                s, ibidi_status_name(st), got);
        return;
    }
    t_check(st == IBIDI_E_BUFFER_TOO_SMALL && got == n && e.status == st, __FILE__, line,
            "%s('%s') cap 0: %s, %zu (want %zu)", fname(f), s, ibidi_status_name(st), got, n);
    memset(buf, 'Z', n + 8);
    st = call(f, s, len, opt, flags, buf, n - 1, &got, &e);
    t_check(st == IBIDI_E_BUFFER_TOO_SMALL && got == n && buf[n - 1] == 'Z', __FILE__, line,
            "%s('%s') cap n-1: %s, %zu", fname(f), s, ibidi_status_name(st), got);
    memset(buf, 'Z', n + 8);
    st = call(f, s, len, opt, flags, buf, n, &got, &e);
    t_check(st == IBIDI_OK && got == n && memcmp(buf, want, n) == 0 && buf[n] == 'Z' &&
                e.status == IBIDI_OK && e.offset == 0,
            __FILE__, line, "%s('%s') cap n: %s", fname(f), s, ibidi_status_name(st));
}

static void expect(int line, fn f, const char *s, unsigned opt, unsigned flags, const char *want)
{
    size_t len = strlen(s);
    ibidi_status st = run(f, s, len, opt, flags);
    if (!t_check(st == IBIDI_OK && strcmp(OUT, want) == 0, __FILE__, line,
                 "%s('%s', %u): %s at %zu, got '%s', want '%s'", fname(f), s, opt,
                 ibidi_status_name(st), ERR.offset, OUT, want))
        return;
    sizes(line, f, s, len, opt, flags, want, strlen(want));
}

/* An error with its offset and value, the same whatever the capacity. */
static void expect_err(int line, fn f, const char *s, size_t len, unsigned opt, unsigned flags,
                       ibidi_status want, size_t off, uint32_t value)
{
    size_t n = 99;
    ibidi_status st = run(f, s, len, opt, flags);
    t_check(st == want && ERR.status == want && ERR.offset == off && ERR.value == value,
            __FILE__, line, "%s('%s'): %s at %zu value %X, want %s at %zu value %X", fname(f), s,
            ibidi_status_name(st), ERR.offset, (unsigned)ERR.value, ibidi_status_name(want), off,
            (unsigned)value);
    ibidi_error e;
    st = call(f, s, len, opt, flags, NULL, 0, &n, &e);
    t_check(st == want && e.offset == off && n == 0, __FILE__, line,
            "%s('%s') cap 0: %s at %zu, out_len %zu", fname(f), s, ibidi_status_name(st),
            e.offset, n);
}

#define URI(s, opt, flags, want) expect(__LINE__, F_URI, s, opt, flags, want)
#define IRI(s, opt, want) expect(__LINE__, F_IRI, s, opt, 0, want)
#define PCT(s, want) expect(__LINE__, F_PCT, s, 0, 0, want)
#define URI_ERR(s, opt, flags, st, off, v)                                                     \
    expect_err(__LINE__, F_URI, s, strlen(s), opt, flags, st, off, v)
#define IRI_ERR(s, opt, st, off, v) expect_err(__LINE__, F_IRI, s, strlen(s), opt, 0, st, off, v)
#define PCT_ERR(s, len, st, off, v) expect_err(__LINE__, F_PCT, s, len, 0, 0, st, off, v)

/* Bidi Notation: A-Z as Hebrew ALEF.. (class R) or Arabic HAMZA.. (class AL), written as
 * UTF-8. Four rotating buffers. */
static const char *nota(const char *bn, int arabic)
{
    static char bufs[4][2048];
    static int next;
    char *b = bufs[next++ & 3];
    size_t k = 0;
    for (; *bn && k + 4 < sizeof bufs[0]; bn++) {
        if (*bn == '%' && bn[1] && bn[2]) { /* a triplet's hex digits stay */
            memcpy(b + k, bn, 3);
            k += 3;
            bn += 2;
        } else if (*bn >= 'A' && *bn <= 'Z')
            k += ibidi_utf8_encode_cp((arabic ? 0x0621u : 0x05D0u) + (uint32_t)(*bn - 'A'), b + k);
        else
            b[k++] = *bn;
    }
    b[k] = '\0';
    return b;
}

/* ---- Percent-encoding of a component ---------------------------------------------------- */

static void test_percent_encode(void)
{
    /* 2012 guidelines §3 and Example 9: the whole component "GH%31" mapped to URI notation.
     * G, H are U+05D6 ZAYIN (D7 96), U+05D7 HET (D7 97); in Arabic U+0627 ALEF (D8 A7),
     * U+0628 BEH (D8 A8). The existing triplet %31 stays. */
    PCT(nota("GH%31", 0), "%D7%96%D7%97%31");
    PCT(nota("GH%31", 1), "%D8%A7%D8%A8%31");
    PCT(nota("%32IJ", 0), "%32%D7%98%D7%99");
    PCT(nota("KL", 0), "%D7%9A%D7%9B");
    /* ASCII, "%" and triplets in any case are kept; so is everything a URI has */
    PCT("abc-._~!$&'()*+,;=:@/?%41%e2", "abc-._~!$&'()*+,;=:@/?%41%e2");
    PCT("", "");
    /* RFC 3987 §3.1: the Old Italic letters U+10300..U+10302 */
    PCT("\xF0\x90\x8C\x80\xF0\x90\x8C\x81\xF0\x90\x8C\x82",
        "%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82");
    PCT("r\xC3\xA9sum\xC3\xA9", "r%C3%A9sum%C3%A9");
    /* the result has no right-to-left characters left */
    PCT(nota("ABC", 1), "%D8%A1%D8%A2%D8%A3");
    /* ill-formed UTF-8: the decoder's status where the sequence starts */
    PCT_ERR("ab\xC3", 3, IBIDI_E_UTF8_TRUNCATED, 2, 0xC3);
    PCT_ERR("a\xED\xA0\x80", 4, IBIDI_E_UTF8_SURROGATE, 1, 0xED);
    PCT_ERR("\xC0\xAF", 2, IBIDI_E_UTF8_OVERLONG, 0, 0xC0);
    PCT_ERR("x\x80", 2, IBIDI_E_UTF8_UNEXPECTED_CONT, 1, 0x80);
    PCT_ERR("xy\xFF", 3, IBIDI_E_UTF8_INVALID_BYTE, 2, 0xFF);
    PCT_ERR("\xF4\x90\x80\x80", 4, IBIDI_E_UTF8_TOO_LARGE, 0, 0xF4);
    PCT_ERR("\xC3\xA9\xE2\x82", 4, IBIDI_E_UTF8_TRUNCATED, 2, 0xE2);
    PCT_ERR(NULL, 3, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi_buf b = {NULL, 4, 0};
    CHECK(ibidi_iri_percent_encode_component("a", 1, &b, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "pct: NULL output with a capacity");
    CHECK(ibidi_iri_percent_encode_component("\xC3\xA9", 2, NULL, NULL) ==
              IBIDI_E_BUFFER_TOO_SMALL,
          "pct: the output record and err may be NULL");
}

/* ---- IRI to URI -------------------------------------------------------------------------- */

static void test_to_uri_rfc(void)
{
    /* RFC 3987 §3.1: the ireg-name through ToASCII, or kept by step 2 */
    URI("http://r\xC3\xA9sum\xC3\xA9.example.org", 0, UTS46, "http://xn--rsum-bpad.example.org");
    URI("http://r\xC3\xA9sum\xC3\xA9.example.org", IBIDI_IRI_HOST_PERCENT, UTS46,
        "http://r%C3%A9sum%C3%A9.example.org");
    URI("http://r\xC3\xA9sum\xC3\xA9.example.org", 0, WHATWG, "http://xn--rsum-bpad.example.org");
    URI("http://r\xC3\xA9sum\xC3\xA9.example.org", 0, I2008, "http://xn--rsum-bpad.example.org");
    /* §3.1 note: characters allowed in URIs and existing triplets are not encoded further */
    URI("http://www.example.org/red%09ros\xC3\xA9#red", 0, UTS46,
        "http://www.example.org/red%09ros%C3%A9#red");
    /* §3.1 note: the IDN in the query is the server's matter: step 2 only */
    URI("http://validator.w3.org/check?uri=http%3A%2F%2Fr\xC3\xA9sum\xC3\xA9.example.org", 0,
        UTS46, "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org");
    /* §3.1 note: Old Italic, outside the BMP */
    URI("http://example.com/\xF0\x90\x8C\x80\xF0\x90\x8C\x81\xF0\x90\x8C\x82", 0, UTS46,
        "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82");
    /* the host through ToASCII lower-cases it; an ASCII host stays as it is */
    URI("http://R\xC3\x89SUM\xC3\x89.Example.ORG/", 0, UTS46, "http://xn--rsum-bpad.example.org/");
    URI("http://WWW.Example.ORG/\xC3\xA9", 0, UTS46, "http://WWW.Example.ORG/%C3%A9");
    /* U+3002 separates labels for ToASCII (RFC 3490 §3.1) */
    URI("http://\xE7\xB4\x8D\xE8\xB1\x86\xE3\x80\x82" "example.org/", 0, UTS46,
        "http://xn--99zt52a.example.org/");
    URI("http://\xE7\xB4\x8D\xE8\xB1\x86.example.org/", IBIDI_IRI_HOST_PERCENT, UTS46,
        "http://%E7%B4%8D%E8%B1%86.example.org/");
    /* fullwidth digits map to an IPv4 address */
    URI("http://\xEF\xBC\x91.\xEF\xBC\x92.\xEF\xBC\x93.\xEF\xBC\x94/", 0, UTS46, "http://1.2.3.4/");
    /* RTL host, path, query and fragment (2012 guidelines Example 3 in Hebrew) */
    URI(nota("http://AB.CD/EF?GH=IJ#KL", 0), IBIDI_IRI_HOST_PERCENT, UTS46,
        "http://%D7%90%D7%91.%D7%92%D7%93/%D7%94%D7%95?%D7%96%D7%97=%D7%98%D7%99#%D7%9A%D7%9B");
    /* an RTL host through ToASCII: its A-labels, as IDNA gives them */
    {
        char a[128], w[160];
        ibidi_buf b = {a, sizeof a - 1, 0};
        const char *h = nota("AB.CD", 0);
        /* NULL options: the uts46 profile, whose flags UTS46 holds */
        CHECK(ibidi_idna_to_ascii_utf8(h, strlen(h), NULL, &b, NULL, NULL) == IBIDI_OK,
              "A-labels of AB.CD");
        a[b.len] = '\0';
        snprintf(w, sizeof w, "http://%s/", a);
        CHECK(strncmp(a, "xn--", 4) == 0, "AB.CD: %s", a);
        URI(nota("http://AB.CD/", 0), 0, UTS46, w);
    }
}

static void test_to_uri_more(void)
{
    /* iprivate is allowed in the query only, and encoded there */
    URI("http://a/?x=\xEE\x80\x80", 0, UTS46, "http://a/?x=%EE%80%80");
    /* userinfo, port, IP hosts, relative references */
    URI("ftp://\xC3\xBC" "ser:pw@h\xC3\xB6st:21/f", 0, UTS46, "ftp://%C3%BCser:pw@xn--hst-sna:21/f");
    URI("http://[::1]:8080/\xC3\xA9", 0, UTS46, "http://[::1]:8080/%C3%A9");
    URI("http://1.2.3.4/\xC3\xA9", 0, UTS46, "http://1.2.3.4/%C3%A9");
    URI("//h\xC3\xB6st/x", 0, UTS46, "//xn--hst-sna/x");
    URI("/\xD7\x90/\xD7\x91", 0, UTS46, "/%D7%90/%D7%91");
    URI("?\xD7\x90", 0, UTS46, "?%D7%90");
    URI("#\xD7\x90", 0, UTS46, "#%D7%90");
    URI("mailto:\xD7\x90@example.com", 0, UTS46, "mailto:%D7%90@example.com");
    /* an identity on URIs (RFC 3987 §3.1): hosts included, hex case kept */
    static const char *const uris[] = {
        "http://www.example.org/D%C3%BCrst", "http://xn--99zt52a.example.org/%e2%80%ae",
        "HTTP://WWW.EXAMPLE.ORG:80/A/B?C=D&E=F#G", "http://xn--zz.example/",
        "http://%D7%90.example/", "urn:isbn:0451450523", "a", "/", "?", "#", "//", "x:",
        "http://[v1.x]/", "http://u@h:1/p/./../q;r?s=t=u;v#w/?",
    };
    for (size_t i = 0; i < sizeof uris / sizeof uris[0]; i++)
        URI(uris[i], 0, UTS46, uris[i]);
}

static void test_to_uri_encode_ascii(void)
{
    const unsigned E = IBIDI_IRI_ENCODE_ASCII;
    /* RFC 3987 §3.1: the ten printable ASCII characters not allowed in URIs */
    URI("http://a/<>\" {}|\\^`", E, UTS46, "http://a/%3C%3E%22%20%7B%7D%7C%5C%5E%60");
    /* "#", "%", "[" and "]" are not among them and MUST NOT be converted */
    URI("http://[::1]/%41#f", E, UTS46, "http://[::1]/%41#f");
    URI("http://a/b c?d e#f g", E, UTS46, "http://a/b%20c?d%20e#f%20g");
    URI("http://u s@a b.com/\xC3\xA9 x", E, UTS46, "http://u%20s@a%20b.com/%C3%A9%20x");
    URI("a b", E, UTS46, "a%20b");
    /* "If these characters are found but are not converted, then the conversion SHOULD
     * fail": without the option they are the parser's IRI_CHAR */
    URI_ERR("http://a/b c", 0, UTS46, IBIDI_E_IRI_CHAR, 10, ' ');
    URI_ERR("http://a/b<c", 0, UTS46, IBIDI_E_IRI_CHAR, 10, '<');
    /* with the option, the parts that take no triplet still refuse them */
    URI_ERR("ht tp://x", E, UTS46, IBIDI_E_IRI_SCHEME, 2, ' ');
    URI_ERR("http://x:8 0/", E, UTS46, IBIDI_E_IRI_PORT, 10, ' ');
    URI_ERR("http://[::1 ]/", E, UTS46, IBIDI_E_IRI_HOST, 11, ' ');
    URI_ERR("http://[v1.a b]/", E, UTS46, IBIDI_E_IRI_HOST, 12, ' ');
    URI_ERR("http://[v1.a|b]:x/", E, UTS46, IBIDI_E_IRI_HOST, 12, '|');
    URI_ERR("http://[v1.ab]:x/ |", E, UTS46, IBIDI_E_IRI_PORT, 15, 'x');
    URI_ERR("http://x/ \x01", E, UTS46, IBIDI_E_IDENT_CONTROL, 10, 1);
    /* a host that needs IDNA cannot hold a space: ToASCII refuses it (STD3), or its ASCII
     * form would hold one */
    URI_ERR("http://\xC3\xA9 b.com/", E, UTS46, IBIDI_E_IRI_HOST_IDNA, 9, ' ');
    URI_ERR("http://\xC3\xA9 b.com/", E, WHATWG, IBIDI_E_IRI_HOST_IDNA, 9, ' ');
    URI("http://\xC3\xA9 b.com/", E | IBIDI_IRI_HOST_PERCENT, UTS46, "http://%C3%A9%20b.com/");

    /* An input above the stack copy's size and a buffer smaller than the input: the size
     * reported lets the next call parse in the buffer; that call gives the exact size. */
    static char big[5000], want[6000];
    memcpy(big, "http://a/", 9);
    memset(big + 9, 'x', sizeof big - 9);
    big[100] = ' ';
    big[4000] = '|';
    memcpy(want, big, 100);
    memcpy(want + 100, "%20", 3);
    memcpy(want + 103, big + 101, 3899);
    memcpy(want + 4002, "%7C", 3);
    memcpy(want + 4005, big + 4001, 999);
    size_t n = 0;
    ibidi_status st = t_iri_to_uri(big, sizeof big, E, UTS46, NULL, 0, &n, NULL);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && n == 5004, "big ENCODE_ASCII size: %s %zu",
          ibidi_status_name(st), n);
    st = t_iri_to_uri(big, sizeof big, E, UTS46, OUT, n, &n, &ERR);
    CHECK(st == IBIDI_OK && n == 5004 && memcmp(OUT, want, n) == 0, "big ENCODE_ASCII: %s %zu",
          ibidi_status_name(st), n);
    /* the same input in a buffer of its own size: exact size, then the output */
    st = t_iri_to_uri(big, sizeof big, E, UTS46, OUT, sizeof big, &n, NULL);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && n == 5004, "big ENCODE_ASCII cap len: %s %zu",
          ibidi_status_name(st), n);
    /* an error in a big input comes with the call that can parse it */
    big[4500] = '#';
    big[4501] = '#';
    st = t_iri_to_uri(big, sizeof big, E, UTS46, OUT, sizeof big, &n, &ERR);
    CHECK(st == IBIDI_E_IRI_CHAR && ERR.offset == 4501, "big ENCODE_ASCII error: %s at %zu",
          ibidi_status_name(st), ERR.offset);
    /* below the stack copy's size, every capacity gets the exact answer */
    big[2000] = '\0';
    want[2002] = '\0';
    URI(big, E, UTS46, want);
}

static void test_to_uri_errors(void)
{
    /* IDNA ToASCII rejects the host: IRI_HOST_IDNA at the host offset plus the finding's */
    URI_ERR("http://-\xC3\xA9.com/", 0, UTS46, IBIDI_E_IRI_HOST_IDNA, 7, '-'); /* V3 */
    URI_ERR("http://ab.\xC3\xA9-.com/", 0, UTS46, IBIDI_E_IRI_HOST_IDNA, 12, '-');
    URI_ERR("http://u@\xD7\x90" "a.com/", 0, UTS46, IBIDI_E_IRI_HOST_IDNA, 11, 'a'); /* B2 */
    URI_ERR("http://\xC3\xA9\xE2\x80\x8D" "a.com/", 0, UTS46, IBIDI_E_IRI_HOST_IDNA, 9, 0x200D);
    URI_ERR("http://\xC3\xA9.xn--zz/", 0, UTS46, IBIDI_E_IRI_HOST_IDNA, 10, 0); /* P4 */
    /* an ASCII form that would change the URI's structure: "/" from U+FF0F, "a/c" from
     * U+2100 (mapped without UseSTD3ASCIIRules), at the character that maps to it; the
     * whatwg profile rejects them itself (a forbidden domain code point, at its offset in
     * the ToUnicode form, as uts46 does with U1) */
    URI_ERR("http://ex\xEF\xBC\x8F" "ample.\xC3\xA9/", 0, WHATWG & ~IBIDI_IDNA_URL_HOST,
            IBIDI_E_IRI_HOST_IDNA, 9, 0xFF0F);
    URI_ERR("http://\xE2\x84\x80.\xC3\xA9/", 0, WHATWG & ~IBIDI_IDNA_URL_HOST,
            IBIDI_E_IRI_HOST_IDNA, 7, 0x2100);
    URI_ERR("http://ex\xEF\xBC\x8F" "ample.\xC3\xA9/", 0, WHATWG, IBIDI_E_IRI_HOST_IDNA, 9, '/');
    URI_ERR("http://\xE2\x84\x80.\xC3\xA9/", 0, WHATWG, IBIDI_E_IRI_HOST_IDNA, 8, '/');
    URI_ERR("http://ex\xEF\xBC\x8F" "ample.\xC3\xA9/", 0, UTS46, IBIDI_E_IRI_HOST_IDNA, 9, '/');
    /* with HOST_PERCENT the host is step 2's like the rest */
    URI("http://-\xC3\xA9.com/", IBIDI_IRI_HOST_PERCENT, UTS46, "http://-%C3%A9.com/");
    URI("http://ex\xEF\xBC\x8F" "ample/", IBIDI_IRI_HOST_PERCENT, WHATWG,
        "http://ex%EF%BC%8Fample/");
    /* A host whose ASCII form exceeds the stack's buffer (2048 bytes): valid without a
     * length limit (WHATWG), its size is exact at once; with VerifyDnsLength (A4_1), a small
     * buffer asks for the size first and the call with that size finds the error. */
    {
        static char host[4000], want[4000];
        t_repeat(host, sizeof host, "http://", "\xC3\xA9.", 300, "x/");
        t_repeat(want, sizeof want, "http://", "xn--9ca.", 300, "x/");
        URI(host, 0, WHATWG, want);
        size_t n = 0;
        ibidi_status st = t_iri_to_uri(host, strlen(host), 0, UTS46, NULL, 0, &n, NULL);
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && n == strlen(want),
              "long host, small buffer: %s %zu", ibidi_status_name(st), n);
        st = t_iri_to_uri(host, strlen(host), 0, UTS46, OUT, n, &n, &ERR);
        CHECK(st == IBIDI_E_IRI_HOST_IDNA && ERR.offset == 7, "long host: %s at %zu",
              ibidi_status_name(st), ERR.offset);
    }
    /* the parser's errors pass through with their offsets */
    URI_ERR("", 0, UTS46, IBIDI_E_IDENT_EMPTY, 0, 0);
    URI_ERR("http://a/\x01", 0, UTS46, IBIDI_E_IDENT_CONTROL, 9, 1);
    URI_ERR("http://a/\xE2\x80\xAE", 0, UTS46, IBIDI_E_IDENT_BIDI_CONTROL, 9, 0x202E);
    URI_ERR("http://a/%zz", 0, UTS46, IBIDI_E_IRI_PERCENT, 9, '%');
    URI_ERR("1a:b", 0, UTS46, IBIDI_E_IRI_SCHEME, 0, '1');
    URI_ERR("http://[::1/", 0, UTS46, IBIDI_E_IRI_HOST, 11, '/');
    URI_ERR("http://a:1x/", 0, UTS46, IBIDI_E_IRI_PORT, 10, 'x');
    URI_ERR("http://a/\xEE\x80\x80", 0, UTS46, IBIDI_E_IRI_CHAR, 9, 0xE000);
    URI_ERR("http://a/\xEF\xBF\xBE", 0, UTS46, IBIDI_E_IRI_CHAR, 9, 0xFFFE);
    URI_ERR("http://a/\xC3", 0, UTS46, IBIDI_E_UTF8_TRUNCATED, 9, 0xC3);
    URI_ERR("http://a/\xED\xA0\x80", 0, UTS46, IBIDI_E_UTF8_SURROGATE, 9, 0xED);
    /* arguments */
    size_t n;
    CHECK(t_iri_to_uri(NULL, 1, 0, UTS46, OUT, CAP, &n, &ERR) == IBIDI_E_INVALID_ARGUMENT,
          "to_uri NULL input");
    CHECK(t_iri_to_uri("a", 1, 0, UTS46, NULL, 1, &n, &ERR) == IBIDI_E_INVALID_ARGUMENT,
          "to_uri NULL output");
    CHECK(t_iri_to_uri("a", 1, 0x8, UTS46, OUT, CAP, &n, &ERR) == IBIDI_E_INVALID_ARGUMENT,
          "to_uri unknown option");
    CHECK(t_iri_to_uri("a", 1, 0, UTS46, OUT, CAP, NULL, NULL) == IBIDI_OK && OUT[0] == 'a',
          "to_uri with out_len and err NULL");
}

/* ---- URI to IRI -------------------------------------------------------------------------- */

static void test_to_iri_rfc(void)
{
    /* RFC 3987 §3.2.1, the three examples */
    IRI("http://www.example.org/D%C3%BCrst", 0, "http://www.example.org/D\xC3\xBCrst");
    IRI("http://www.example.org/D%FCrst", 0, "http://www.example.org/D%FCrst");
    IRI("http://xn--99zt52a.example.org/%e2%80%ae", 0, "http://xn--99zt52a.example.org/%E2%80%AE");
    /* ... and the ToUnicode variant, "with scheme-specific knowledge" */
    IRI("http://xn--99zt52a.example.org/%e2%80%ae", IBIDI_IRI_HOST_TO_UNICODE,
        "http://\xE7\xB4\x8D\xE8\xB1\x86.example.org/%E2%80%AE");
    /* §3.2: no other encoding than UTF-8, whatever a guess would say */
    IRI("http://www.example.org/r%E9sum%E9.html", 0, "http://www.example.org/r%E9sum%E9.html");
    /* 2012 guidelines Example 9 in Hebrew: "GH%31" and "%32IJ" break the end and start rules
     * once decoded, so they stay encoded as a whole; "KL" is a clean RTL segment */
    IRI("http://ab.cd.ef/%D7%96%D7%97%31/%32%D7%98%D7%99/%D7%9A%D7%9B.html", 0,
        nota("http://ab.cd.ef/%D7%96%D7%97%31/%32%D7%98%D7%99/KL.html", 0));
    IRI("http://ab.cd.ef/%D7%96%D7%97%31/%32%D7%98%D7%99/%D7%9A%D7%9B.html",
        IBIDI_IRI_KEEP_UNSAFE, nota("http://ab.cd.ef/GH1/2IJ/KL.html", 0));
    /* ... in Arabic */
    IRI("http://ab.cd.ef/%D8%A7%D8%A8%31/%32%D8%A9%D8%AA/%D8%AB%D8%AC.html", 0,
        nota("http://ab.cd.ef/%D8%A7%D8%A8%31/%32%D8%A9%D8%AA/KL.html", 1));
    /* the fallback of the component is what URI to IRI keeps */
    IRI("/%D7%96%D7%97%31", 0, "/%D7%96%D7%97%31");
}

static void test_to_iri_classes(void)
{
    /* step 2: unreserved ASCII is decoded, "%", reserved and not-allowed ASCII are not;
     * neither is "." (a delimiter of labels and extensions, and of dot-segments) */
    IRI("/%41%7a%30%2D%5F%7E", 0, "/Az0-_~");
    IRI("/%2F%3F%23%5B%5D%40%3A%21%24%26%27%28%29%2A%2B%2C%3B%3D%25", 0,
        "/%2F%3F%23%5B%5D%40%3A%21%24%26%27%28%29%2A%2B%2C%3B%3D%25");
    IRI("/%20%3c%3E%22%7B%7D%7C%5C%5E%60%00%1f%7F", 0, "/%20%3C%3E%22%7B%7D%7C%5C%5E%60%00%1F%7F");
    IRI("/%2e%2E/a%2eb", 0, "/%2E%2E/a%2Eb");
    /* step 3: octets that are not strictly legal UTF-8 (Table 3-7) stay */
    IRI("/%C0%AF%E0%80%AF%ED%A0%80%F4%90%80%80%F5%80%80%80%80%E2%82x%C3", 0,
        "/%C0%AF%E0%80%AF%ED%A0%80%F4%90%80%80%F5%80%80%80%80%E2%82x%C3");
    IRI("/%c3%a9%C3", 0, "/\xC3\xA9%C3");
    IRI("/%E2%82%AC%F0%9F%98%80%F4%8F%BF%BD", 0, "/\xE2\x82\xAC\xF0\x9F\x98\x80%F4%8F%BF%BD");
    IRI("/%F3%A0%80%81%F3%A1%80%80", 0, "/%F3%A0%80%81\xF3\xA1\x80\x80"); /* tag vs E1000 */
    /* step 4: characters outside ucschar, bidi formatting characters, C1 controls */
    IRI("/%EF%BF%BE%EF%B7%90%EF%BF%BD%C2%85%C2%A9", 0, "/%EF%BF%BE%EF%B7%90%EF%BF%BD%C2%85\xC2\xA9");
    IRI("/%E2%80%8E%E2%80%8F%D8%9C%E2%80%AA%E2%80%AC%E2%81%A6%E2%81%A9", 0,
        "/%E2%80%8E%E2%80%8F%D8%9C%E2%80%AA%E2%80%AC%E2%81%A6%E2%81%A9");
    /* iprivate: in the query only */
    IRI("/%EE%80%80?%EE%80%80#%EE%80%80", 0, "/%EE%80%80?\xEE\x80\x80#%EE%80%80");
    /* separators (General_Category Z): look-alikes of space, line and paragraph breaks */
    IRI("/%C2%A0%E3%80%80%E2%80%A8%E2%80%A9%E2%80%8B", 0,
        "/%C2%A0%E3%80%80%E2%80%A8%E2%80%A9\xE2\x80\x8B");
    /* label separators: kept in a host, decoded in a path */
    IRI("http://a%E3%80%82b/%E3%80%82", 0, "http://a%E3%80%82b/\xE3\x80\x82");
    /* every part that may hold triplets, RTL text in each */
    IRI("http://%D7%90@%D7%91.%D7%92:8/%D7%93.%D7%94?%D7%95=%D7%96;%D7%97&%D7%98#%D7%99", 0,
        nota("http://A@B.C:8/D.E?F=G;H&I#J", 0));
    /* one component kept, its neighbours decoded: mixed, start, end rules */
    IRI("/%D7%90a/%D7%90/1%D7%90/%D7%901/%D7%90%CC%81", 0,
        nota("/%D7%90a/A/1%D7%90/%D7%901/A\xCC\x81", 0));
    IRI("?%D7%90=a%D7%90&b=%D7%90==%D7%90", 0, nota("?A=a%D7%90&b=A==A", 0));
    /* a kept "%3D" shows the letter D: the name would mix directions */
    IRI("?%D7%90%3D%D7%91=%D7%90", 0, nota("?%D7%90%3D%D7%91=A", 0));
    /* an encoded character that stays counts as the ASCII it is shown as */
    IRI("/%D7%90%E2%80%8F%D7%91", 0, "/%D7%90%E2%80%8F%D7%91");
    IRI("/%D7%90%E2%80%8F%D7%91", IBIDI_IRI_KEEP_UNSAFE, nota("/A%E2%80%8FB", 0));
    /* extensions are components of their own */
    IRI("/%D7%90.html/a.%D7%91", 0, nota("/A.html/a.B", 0));
    /* decoded digits may make an IPv4 host: still the same URI */
    IRI("http://%31.2.3.4/", 0, "http://1.2.3.4/");
    /* nothing to decode: the URI as it is */
    IRI("http://[v1.x]:80/a?b#c", 0, "http://[v1.x]:80/a?b#c");
    IRI("x", 0, "x");
}

static void test_to_iri_host_unicode(void)
{
    const unsigned H = IBIDI_IRI_HOST_TO_UNICODE;
    /* only the "xn--" labels change; the others stay byte for byte */
    IRI("http://WWW.XN--99ZT52A.Example.ORG./", H, "http://WWW.\xE7\xB4\x8D\xE8\xB1\x86.Example.ORG./");
    IRI("http://xn--rsum-bpad.example.org:80/", H, "http://r\xC3\xA9sum\xC3\xA9.example.org:80/");
    /* errors in the host: kept as it is */
    IRI("http://xn--zz.example.org/", H, "http://xn--zz.example.org/");
    IRI("http://xn--99zt52a..example.org/", H, "http://xn--99zt52a..example.org/");
    IRI("http://xn--99zt52a.%41.org/", H, "http://xn--99zt52a.A.org/");
    /* RTL labels: one that passes the Bidi Rule but ends with a digit keeps its A-label */
    char a1[64], a2[64], w[512];
    ibidi_buf b1 = {a1, sizeof a1 - 1, 0}, b2 = {a2, sizeof a2 - 1, 0};
    /* NULL options: the uts46 profile */
    CHECK(ibidi_idna_to_ascii_utf8(nota("AB", 0), strlen(nota("AB", 0)), NULL, &b1, NULL,
                                   NULL) == IBIDI_OK,
          "A-label of AB");
    CHECK(ibidi_idna_to_ascii_utf8(nota("AB1", 0), strlen(nota("AB1", 0)), NULL, &b2, NULL,
                                   NULL) == IBIDI_OK,
          "A-label of AB1");
    a1[b1.len] = a2[b2.len] = '\0';
    char u1[200], u2[200];
    snprintf(u1, sizeof u1, "http://%s.example/", a1);
    snprintf(u2, sizeof u2, "http://%s.%s/", a1, a2);
    IRI(u1, H, nota("http://AB.example/", 0));
    snprintf(w, sizeof w, "%s%s/", nota("http://AB.", 0), a2);
    IRI(u2, H, w);
    IRI(u2, H | IBIDI_IRI_KEEP_UNSAFE, nota("http://AB.AB1/", 0));
    /* too long for a DNS name: left to the general path */
    char longhost[512];
    snprintf(longhost, sizeof longhost, "http://%s.%0250d/", a1, 0);
    IRI(longhost, H, longhost);
}

static void test_to_iri_errors(void)
{
    IRI_ERR("http://\xC3\xA9/", 0, IBIDI_E_URI_NOT_ASCII, 7, 0xC3);
    IRI_ERR("/a\x80", 0, IBIDI_E_URI_NOT_ASCII, 2, 0x80);
    IRI_ERR("", 0, IBIDI_E_IDENT_EMPTY, 0, 0);
    IRI_ERR("http://a/b c", 0, IBIDI_E_IRI_CHAR, 10, ' ');
    IRI_ERR("http://a/%G1", 0, IBIDI_E_IRI_PERCENT, 9, '%');
    IRI_ERR("http://a/%4", 0, IBIDI_E_IRI_PERCENT, 9, '%');
    IRI_ERR("http://a/\x7F", 0, IBIDI_E_IDENT_CONTROL, 9, 0x7F);
    IRI_ERR("1:x", 0, IBIDI_E_IRI_SCHEME, 0, '1');
    IRI_ERR("http://[x]/", 0, IBIDI_E_IRI_HOST, 8, 'x');
    IRI_ERR("http://a:b/", 0, IBIDI_E_IRI_PORT, 9, 'b');
    size_t n;
    CHECK(t_iri_from_uri(NULL, 1, 0, OUT, CAP, &n, &ERR) == IBIDI_E_INVALID_ARGUMENT,
          "to_iri NULL input");
    CHECK(t_iri_from_uri("a", 1, 0, NULL, 2, &n, &ERR) == IBIDI_E_INVALID_ARGUMENT,
          "to_iri NULL output");
    CHECK(t_iri_from_uri("a", 1, 0x200, OUT, CAP, &n, &ERR) == IBIDI_E_INVALID_ARGUMENT,
          "to_iri unknown option");
    CHECK(t_iri_from_uri("%41", 3, 0, OUT, CAP, NULL, NULL) == IBIDI_OK && OUT[0] == 'A',
          "to_iri with out_len and err NULL");
}

/* ---- Properties -------------------------------------------------------------------------- */

static long n_props;

/* The rules URI to IRI promises: no component of its output breaks MIXED_DIRECTION,
 * RTL_START or RTL_END. */
static int output_rules_ok(const char *s, size_t n)
{
    static ibidi_iri_component comps[CAP];
    static ibidi_finding f[256];
    ibidi_findings fs = {f, 256, 0, 0};
    ibidi_iri_components rec = {comps, CAP, 0};
    if (ibidi_iri_parse(s, n, IBIDI_IRI_AS_IRI, &rec, NULL, NULL) != IBIDI_OK)
        return 0;
    ibidi_status st = t_iri_check(s, n, comps, rec.n, 0, &fs, NULL);
    if (st != IBIDI_OK && st != IBIDI_E_IDENT_INVALID)
        return 0;
    for (size_t i = 0; i < fs.n && i < 256; i++)
        if (f[i].code == IBIDI_IRI_MIXED_DIRECTION || f[i].code == IBIDI_IRI_RTL_START ||
            f[i].code == IBIDI_IRI_RTL_END)
            return 0;
    return 1;
}

/* Properties of one IRI x that parses: to_uri is idempotent (both host modes); URI to IRI
 * of the URI maps back to it; its output keeps the rules. */
static void props(const char *x, size_t len)
{
    static char u[CAP], u2[CAP], i1[CAP], na[CAP], nb[CAP];
    size_t ul, u2l, il;
    n_props++;
    if (t_iri_to_uri(x, len, IBIDI_IRI_HOST_PERCENT, UTS46, u, CAP, &ul, NULL) != IBIDI_OK) {
        CHECK(0, "props: to_uri failed on '%.*s'", (int)len, x);
        return;
    }
    CHECK(t_iri_to_uri(u, ul, IBIDI_IRI_HOST_PERCENT, UTS46, u2, CAP, &u2l, NULL) ==
                  IBIDI_OK &&
              u2l == ul && memcmp(u, u2, ul) == 0,
          "idempotent (host percent): '%.*s'", (int)ul, u);
    for (size_t i = 0; i < ul; i++)
        if ((unsigned char)u[i] >= 0x80 || u[i] == ' ') {
            CHECK(0, "to_uri output not a URI: '%.*s'", (int)ul, u);
            break;
        }
    ibidi_status st = t_iri_to_uri(x, len, 0, UTS46, u2, CAP, &u2l, NULL);
    if (st == IBIDI_OK) {
        CHECK(t_iri_to_uri(u2, u2l, 0, UTS46, i1, CAP, &il, NULL) == IBIDI_OK && il == u2l &&
                  memcmp(u2, i1, il) == 0,
              "idempotent (ToASCII): '%.*s'", (int)u2l, u2);
    } else {
        CHECK(st == IBIDI_E_IRI_HOST_IDNA, "to_uri ToASCII: %s on '%.*s'", ibidi_status_name(st),
              (int)len, x);
    }
    static const unsigned from_uri_opts[4] = {0, IBIDI_IRI_KEEP_UNSAFE, IBIDI_IRI_HOST_TO_UNICODE,
                                              IBIDI_IRI_KEEP_UNSAFE | IBIDI_IRI_HOST_TO_UNICODE};
    for (unsigned k = 0; k < 4; k++) {
        const unsigned opt = from_uri_opts[k];
        st = t_iri_from_uri(u, ul, opt, i1, CAP, &il, NULL);
        if (!CHECK(st == IBIDI_OK, "to_iri(%u): %s on '%.*s'", opt, ibidi_status_name(st),
                   (int)ul, u))
            continue;
        if (opt & IBIDI_IRI_HOST_TO_UNICODE)
            continue; /* maps back through ToASCII instead: up to case */
        st = t_iri_to_uri(i1, il, IBIDI_IRI_HOST_PERCENT, UTS46, u2, CAP, &u2l, NULL);
        size_t a = norm(u, ul, na), b = st == IBIDI_OK ? norm(u2, u2l, nb) : 0;
        CHECK(st == IBIDI_OK && a == b && memcmp(na, nb, a) == 0,
              "round trip(%u): '%.*s' -> '%.*s' -> '%.*s'", opt, (int)ul, u, (int)il, i1,
              (int)u2l, u2);
        if (opt == 0)
            CHECK(output_rules_ok(i1, il), "to_iri output breaks the rules: '%.*s'", (int)il, i1);
    }
}

static void test_properties(void)
{
    static const char *const list[] = {
        "http://r\xC3\xA9sum\xC3\xA9.example.org", "http://www.example.org/red%09ros\xC3\xA9#red",
        "http://ab.CDEFGH.ij/kl/mn/op.html", "http://ab.CDE.FGH/ij/kl/mn/op.html",
        "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", "http://AB.CD.ef/gh/IJ/KL.html",
        "http://ab.cd.EF/GH/ij/kl.html", "http://ab.CD.EF/GH/IJ/kl.html",
        "http://ab.CDE123FGH.ij/kl/mn/op.html", "http://ab.cd.ef/GH1/2IJ/KL.html",
        "http://ab.cd.ef/GH%31/%32IJ/KL.html", "http://ab.CDEFGH.123/kl/mn/op.html",
        "http://ab.CDEFGH.123ij/kl/mn/op.html", "http://xn--99zt52a.example.org/%e2%80%ae",
        "http://AB@CD.ef:8/GH.IJ?K=L=M&N;O#P", "/A%2eB/./../C", "?A=%D7%90", "#A%e2%80%AE",
        "http://%d7%90%D7%91.com/%C3", "mailto:A@B", "//A/B", "A", "http://[::1]/A",
        "http://1.2.3.4/AB%41", "http://h/\xEF\xBC\x8F%EF%BC%8F", "http://h/?\xEE\x80\x80",
    };
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++) {
        const char *x = nota(list[i], 0);
        props(x, strlen(x));
        x = nota(list[i], 1);
        props(x, strlen(x));
    }
    /* generated IRIs: parts drawn from lists of ASCII, RTL, LTR, digits, triplets */
    static const char *const bits[] = {
        "A", "B", "a", "b", "1", "2", ".", "-", "_", "~", "%41", "%2e", "%d7%90", "%D7%91",
        "%D8%A7", "%C3%A9", "%E2%80%8F", "%FC", "%E2%82", "%CC%81", "\xCC\x81", "%31", "%20",
        "%25", "!", "$", "'", "(", "*", "+", ",", ":", "@", "\xC3\xA9", "\xE7\xB4\x8D",
        "%E3%80%82", "\xEF\xBC\x8E", "xn--99zt52a", "XN--4DB", "%F0%90%8C%80", "\xD9\xA1",
    };
    static const char *const qbits[] = {"=", "&", ";", "/", "?", "%3D"};
    unsigned long seed = 12345;
    char x[512];
    for (int t = 0; t < 3000; t++) {
        size_t k = 0;
#define RND() ((seed = seed * 6364136223846793005ul + 1442695040888963407ul) >> 33)
        static const char *const heads[] = {"http://", "//", "x:", "", "http://u@", "ftp://a:1@"};
        const char *h = heads[RND() % 6];
        k += (size_t)snprintf(x + k, sizeof x - k, "%s", h);
        int has_auth = strstr(h, "//") != NULL;
        size_t parts = RND() % 12;
        for (size_t p = 0; p < parts && k < 400; p++) {
            const char *b = bits[RND() % (sizeof bits / sizeof bits[0])];
            k += (size_t)snprintf(x + k, sizeof x - k, "%s", nota(b, (int)(t & 1)));
        }
        if (has_auth && RND() % 2)
            k += (size_t)snprintf(x + k, sizeof x - k, ":%d", (int)(RND() % 100));
        for (int sect = 0; sect < 3; sect++) {
            static const char *const lead[] = {"/", "?", "#"};
            if (RND() % 3 == 0)
                continue;
            k += (size_t)snprintf(x + k, sizeof x - k, "%s", lead[sect]);
            parts = RND() % 10;
            for (size_t p = 0; p < parts && k < 480; p++) {
                const char *b = (sect && RND() % 4 == 0) ? qbits[RND() % 6]
                                                        : bits[RND() % (sizeof bits / sizeof bits[0])];
                if (sect == 0 && RND() % 5 == 0)
                    b = "/";
                k += (size_t)snprintf(x + k, sizeof x - k, "%s", nota(b, (int)(t & 1)));
            }
            if (sect == 2)
                break;
        }
        if (ibidi_iri_parse(x, k, IBIDI_IRI_AS_IRI, NULL, NULL, NULL) ==
            IBIDI_E_BUFFER_TOO_SMALL)
            props(x, k);
    }
    printf("info: round trip, idempotence and rules checked on %ld IRIs\n", n_props);
}

/* The options record and the allocating calls (the other tests go through t_iri_to_uri and
 * t_iri_from_uri, which build the record from words). */
static void test_options_and_alloc(void)
{
    const char *iri = "http://r\xC3\xA9sum\xC3\xA9.example.org/\xD9\x85\xD9\x84\xD9\x81";
    char a[256], b[256];
    ibidi_buf ba = {a, sizeof a, 0}, bb = {b, sizeof b, 0};
    static const ibidi_iri_options zero;
    CHECK(ibidi_iri_to_uri(iri, strlen(iri), NULL, &ba, NULL) == IBIDI_OK &&
              ibidi_iri_to_uri(iri, strlen(iri), &zero, &bb, NULL) == IBIDI_OK &&
              ba.len == bb.len && memcmp(a, b, ba.len) == 0 &&
              memcmp(a, "http://xn--rsum-bpad.example.org/", 33) == 0,
          "NULL and zeroed options: the uts46 profile for the host");
    const size_t nb = bb.len;
    ibidi_iri_options pct = zero;
    pct.flags = IBIDI_IRI_HOST_PERCENT;
    CHECK(ibidi_iri_to_uri(iri, strlen(iri), &pct, &ba, NULL) == IBIDI_OK &&
              memcmp(a, "http://r%C3%A9sum%C3%A9", 23) == 0,
          "IBIDI_IRI_HOST_PERCENT");
    ibidi_iri_options badp = zero;
    badp.idna.profile = (ibidi_idna_profile)7;
    CHECK(ibidi_iri_to_uri(iri, strlen(iri), &badp, &ba, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "an unknown IDNA profile is refused");
    CHECK(ibidi_iri_to_uri(iri, strlen(iri), NULL, NULL, NULL) == IBIDI_E_BUFFER_TOO_SMALL,
          "to_uri: a NULL output record is a capacity of 0");
    ibidi_buf ob = {NULL, 0, 0};
    CHECK(ibidi_iri_to_uri_alloc(iri, strlen(iri), NULL, &ob, NULL) == IBIDI_OK && ob.data &&
              ob.len == nb && memcmp(ob.data, b, ob.len) == 0 && ob.data[ob.len] == '\0',
          "to_uri_alloc");
    ibidi_buf back = {NULL, 0, 0};
    ibidi_iri_options h = zero;
    h.flags = IBIDI_IRI_HOST_TO_UNICODE;
    CHECK(ibidi_iri_from_uri_alloc(ob.data, ob.len, &h, &back, NULL) == IBIDI_OK && back.data &&
              back.len == strlen(iri) && strcmp(back.data, iri) == 0,
          "from_uri_alloc gives the IRI back: %s", back.data ? back.data : "(null)");
    ibidi_free(ob.data);
    ibidi_free(back.data);
    ob = (ibidi_buf){a, sizeof a, 3}; /* data, cap and len are not read */
    CHECK(ibidi_iri_to_uri_alloc("http://[x", 9, NULL, &ob, NULL) == IBIDI_E_IRI_HOST &&
              ob.data == NULL && ob.len == 0,
          "to_uri_alloc: an error leaves no output");
    CHECK(ibidi_iri_from_uri_alloc("a", 1, NULL, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "from_uri_alloc without a destination");
    /* a long input with characters to encode: the first size asked for is not the last */
    static char big[5000];
    memcpy(big, "http://a/", 9);
    for (size_t i = 9; i < sizeof big; i++)
        big[i] = (i % 3) ? 'x' : '<';
    ibidi_iri_options enc = zero;
    enc.flags = IBIDI_IRI_ENCODE_ASCII;
    CHECK(ibidi_iri_to_uri_alloc(big, sizeof big, &enc, &ob, NULL) == IBIDI_OK && ob.data &&
              strlen(ob.data) == ob.len && ob.len > sizeof big,
          "to_uri_alloc on a long input to encode: %zu bytes", ob.len);
    ibidi_free(ob.data);
    /* a host past IDNA's fixed area (1536 code points): 1600 U+00E9, which the whatwg
       profile converts (it checks no length); without a work area there is no answer,
       with one the URI, and the allocating call gives one itself */
    {
        static char host[4096], uri[8192];
        static unsigned char work[1 << 16];
        const size_t hn = t_repeat(host, sizeof host, "http://", "\xC3\xA9", 1600, "/p");
        ibidi_iri_options w = zero;
        w.idna.profile = IBIDI_IDNA_PROFILE_WHATWG;
        ibidi_buf ub = {uri, sizeof uri, 0};
        ibidi_error e = {IBIDI_OK, 0, 0};
        const ibidi_status s0 = ibidi_iri_to_uri(host, hn, &w, &ub, &e);
        CHECK(s0 == IBIDI_E_IDNA_WORK_TOO_SMALL && e.status == s0 && e.offset >= 7 &&
                  e.offset < hn,
              "to_uri: a host past IDNA's fixed area, no work area: %s at %zu",
              ibidi_status_name(s0), e.offset);
        w.idna.work = work;
        w.idna.work_size = sizeof work;
        const ibidi_status s1 = ibidi_iri_to_uri(host, hn, &w, &ub, NULL);
        const size_t un = ub.len;
        CHECK(ibidi_idna_work_size() <= sizeof work && s1 == IBIDI_OK &&
                  memcmp(uri, "http://xn--", 11) == 0 && un > 1600 &&
                  memcmp(uri + un - 2, "/p", 2) == 0,
              "to_uri: with a work area, the URI (%s, %zu bytes)", ibidi_status_name(s1), un);
        w.idna.work = NULL;
        w.idna.work_size = 0;
        const ibidi_status s2 = ibidi_iri_to_uri_alloc(host, hn, &w, &ob, NULL);
        CHECK(s2 == IBIDI_OK && ob.data && ob.len == un && memcmp(ob.data, uri, un) == 0,
              "to_uri_alloc gives the work area itself (%s)", ibidi_status_name(s2));
        ibidi_free(ob.data);
    }
}

/* ibidi_iri_unicode_form: a host's A-labels as users see them. */
static void test_unicode_form(void)
{
    static const struct {
        ibidi_iri_kind as;
        const char *in, *want;
        int changed;
    } cases[] = {
        /* Badami's domain: the Bidi Rule breaks (B1 on 123), the U-label is still shown */
        {IBIDI_IRI_AS_DOMAIN, "xn--4dbcd.123.com", "\xd7\x90\xd7\x91\xd7\x92.123.com", 1},
        {IBIDI_IRI_AS_AUTO, "xn--4dbcd.123.com", "\xd7\x90\xd7\x91\xd7\x92.123.com", 1},
        {IBIDI_IRI_AS_EMAIL, "123@xn--4dbcd.com", "123@\xd7\x90\xd7\x91\xd7\x92.com", 1},
        {IBIDI_IRI_AS_IRI, "http://XN--4dbcd.com:80/xn--4dbcd?q#f",
         "http://\xd7\x90\xd7\x91\xd7\x92.com:80/xn--4dbcd?q#f", 1},
        /* the host's other labels are mapped too (ToUnicode's form, as scan compares) */
        {IBIDI_IRI_AS_DOMAIN, "WWW.xn--4dbcd.COM", "www.\xd7\x90\xd7\x91\xd7\x92.com", 1},
        /* an empty U-label: the form is empty */
        {IBIDI_IRI_AS_DOMAIN, "xn--", "", 1},
        /* no A-label: kept byte for byte */
        {IBIDI_IRI_AS_DOMAIN, "WWW.Example.COM", "WWW.Example.COM", 0},
        {IBIDI_IRI_AS_IRI, "http://[::1]/xn--4dbcd", "http://[::1]/xn--4dbcd", 0},
        /* a label that decodes to a disallowed character is shown decoded (U+0080, with
         * its error for the validity calls), as ToUnicode writes it */
        {IBIDI_IRI_AS_DOMAIN, "xn--a.xn--4dbcd", "\xc2\x80.\xd7\x90\xd7\x91\xd7\x92", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const ibidi_iri_options o = {cases[i].as, 0, {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}};
        char out[256];
        ibidi_buf b = {out, sizeof out, 0};
        const size_t len = strlen(cases[i].in);
        ibidi_status st = ibidi_iri_unicode_form(cases[i].in, len, &o, &b, NULL);
        const size_t n = b.len;
        /* whether the form differs is the caller's comparison */
        const int changed = n != len || memcmp(out, cases[i].in, len) != 0;
        CHECK(st == IBIDI_OK && n == strlen(cases[i].want) && memcmp(out, cases[i].want, n) == 0 &&
                  changed == cases[i].changed,
              "unicode form of %s: status %d, '%.*s', changed %d", cases[i].in, (int)st, (int)n,
              out, changed);
        /* the size contract: one byte short, then nothing */
        if (n > 0) {
            b = (ibidi_buf){out, n - 1, 0};
            CHECK(ibidi_iri_unicode_form(cases[i].in, len, &o, &b, NULL) ==
                          IBIDI_E_BUFFER_TOO_SMALL &&
                      b.len == n,
                  "unicode form of %s: short buffer", cases[i].in);
        }
        b = (ibidi_buf){NULL, 0, 0};
        CHECK(ibidi_iri_unicode_form(cases[i].in, len, &o, &b, NULL) ==
                      (n ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK) &&
                  b.len == n,
              "unicode form of %s: no buffer", cases[i].in);
        /* the allocating call: the same form, NUL-terminated */
        ibidi_buf a = {NULL, 0, 0};
        CHECK(ibidi_iri_unicode_form_alloc(cases[i].in, len, &o, &a, NULL) == IBIDI_OK &&
                  a.data && a.len == n && memcmp(a.data, out, n) == 0 && a.data[n] == '\0',
              "unicode form of %s: allocated", cases[i].in);
        ibidi_free(a.data);
    }
    /* parse errors are the parser's; bad arguments are refused */
    ibidi_error e;
    char out[64];
    ibidi_buf b = {out, sizeof out, 0};
    CHECK(ibidi_iri_unicode_form("a..b", 4, &(ibidi_iri_options){IBIDI_IRI_AS_DOMAIN, 0,
                                                                 {IBIDI_IDNA_PROFILE_UTS46, 0, 0,
                                                                  NULL, 0}},
                                 &b, &e) == IBIDI_E_DOMAIN_EMPTY_LABEL &&
              e.offset == 2,
          "unicode form: a parse error with its offset");
    CHECK(ibidi_iri_unicode_form(NULL, 3, NULL, &b, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "unicode form: NULL input");
    b = (ibidi_buf){out, 0, 5};
    CHECK(ibidi_iri_unicode_form_alloc("a..b", 4, NULL, &b, NULL) ==
                  IBIDI_E_DOMAIN_EMPTY_LABEL &&
              b.data == NULL && b.len == 0,
          "unicode form allocated: no form after an error");
    CHECK(ibidi_iri_unicode_form_alloc("a", 1, NULL, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "unicode form allocated: a record is needed");
}

int main(void)
{
    test_unicode_form();
    test_options_and_alloc();
    UTS46 = ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_UTS46);
    WHATWG = ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_WHATWG);
    I2008 = ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_IDNA2008_LOOKUP);
    test_percent_encode();
    test_to_uri_rfc();
    test_to_uri_more();
    test_to_uri_encode_ascii();
    test_to_uri_errors();
    test_to_iri_rfc();
    test_to_iri_classes();
    test_to_iri_host_unicode();
    test_to_iri_errors();
    test_properties();
    return t_summary();
}
