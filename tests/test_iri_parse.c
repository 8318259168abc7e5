/*
 * ibidi_iri_parse (include/ibidi/iri.h): the components and spans of IRI references
 * (RFC 3987 §2.2; the §4.4 examples and Example 11 of the 2012 guidelines in Bidi Notation,
 * A-Z read as Hebrew letters U+05D0 + i), relative references, hosts (IPv4 and its
 * look-alikes, IPv6 and IPvFuture literals, reg-names), userinfo, ports, empty parts, paths,
 * queries and fragments; domain names and their limits; mail addresses (RFC 5321 §4.1.2,
 * RFC 6531); ill-formed UTF-8, controls and bidi controls in every mode; every error status
 * with its offset; the buffer contract; IBIDI_IRI_AS_AUTO; the name functions.
 */
#include <stdio.h>
#include <string.h>

#include "ibidi.h"
#include "testlib.h"

#define CAP 1100

static ibidi_iri_component C[CAP];
static ibidi_iri_components P; /* C, as the last parse filled it */
static ibidi_iri_info I;
static ibidi_error E;
static ibidi_status ST;

/* ---- Bidi Notation ---------------------------------------------------------------- */

/* A-Z -> U+05D0 + i (two UTF-8 bytes each); every other byte is kept. */
static const char *nt(const char *s)
{
    static char buf[8][4096];
    static int k;
    char *o = buf[k++ & 7];
    size_t j = 0;
    for (; *s; s++) {
        if (*s >= 'A' && *s <= 'Z') {
            unsigned cp = 0x5D0u + (unsigned)(*s - 'A');
            o[j++] = (char)(0xC0 | (cp >> 6));
            o[j++] = (char)(0x80 | (cp & 0x3F));
        } else {
            o[j++] = *s;
        }
    }
    o[j] = '\0';
    return o;
}

/* The reverse: U+05D0..U+05E9 back to A-Z. */
static void denotate(const char *s, size_t n, char *out)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] == 0xD7 && i + 1 < n && p[i + 1] >= 0x90 && p[i + 1] <= 0xA9) {
            out[j++] = (char)('A' + (p[i + 1] - 0x90));
            i++;
        } else {
            out[j++] = (char)p[i];
        }
    }
    out[j] = '\0';
}

/* ---- Helpers ---------------------------------------------------------------------- */

static ibidi_status parse_n(const char *s, size_t n, ibidi_iri_kind as)
{
    memset(&E, 0xAB, sizeof E);
    P = (ibidi_iri_components){C, CAP, 0};
    ST = ibidi_iri_parse(s, n, as, &P, &I, &E);
    return ST;
}

static ibidi_status parse(const char *s, ibidi_iri_kind as)
{
    return parse_n(s, strlen(s), as);
}

static const char *kcode(ibidi_iri_component_kind k)
{
    static const char *const codes[] = {"?", "S", "U", "L", "4", "I", "P",
                                        "G", "E", "N", "V", "F", "A", "Q"};
    return (unsigned)k < sizeof codes / sizeof codes[0] ? codes[k] : "?";
}

/* Components as "S:http L:ab G:x E:html" (text in notation): S scheme, U userinfo,
 * L label, 4 ipv4, I ip-literal, P port, G segment, E extension, N query name,
 * V query value, F fragment, A local atom, Q local quoted. */
static const char *render(const char *s)
{
    static char out[16384];
    char tmp[4096];
    size_t j = 0;
    out[0] = '\0';
    for (size_t i = 0; i < P.n && i < CAP; i++) {
        denotate(s + C[i].start, C[i].length, tmp);
        j += (size_t)snprintf(out + j, sizeof out - j, "%s%s:%s", i ? " " : "",
                              kcode(C[i].kind), tmp);
        if (j >= sizeof out)
            break;
    }
    return out;
}

static const char *render_spans(void)
{
    static char out[512];
    const ibidi_span *sp[] = {&I.scheme, &I.authority, &I.userinfo, &I.host, &I.port,
                              &I.path,   &I.query,     &I.fragment, &I.local_part};
    const char *names[] = {"scheme", "auth", "user", "host", "port",
                           "path",   "query", "frag", "local"};
    size_t j = 0;
    out[0] = '\0';
    for (size_t i = 0; i < 9; i++)
        if (sp[i]->present)
            j += (size_t)snprintf(out + j, sizeof out - j, "%s %zu+%zu ", names[i],
                                  sp[i]->start, sp[i]->length);
    snprintf(out + j, sizeof out - j, "hk=%d", I.host_kind);
    return out;
}

/* Parses in (raw UTF-8) as `as`; expects success and these components. */
static void ok_at(int line, ibidi_iri_kind as, const char *in, const char *want)
{
    parse(in, as);
    if (!CHECK(ST == IBIDI_OK, "line %d: '%s': %s at %zu", line, in, ibidi_status_name(ST),
               E.offset))
        return;
    CHECK(E.status == IBIDI_OK && E.offset == 0 && E.value == 0, "line %d: err not cleared",
          line);
    if (as != IBIDI_IRI_AS_AUTO)
        CHECK(I.kind == as, "line %d: '%s': kind %d", line, in, I.kind);
    const char *got = render(in);
    CHECK(strcmp(got, want) == 0, "line %d: '%s':\n   got  '%s'\n   want '%s'", line, in, got,
          want);
}

/* The same with input and expectation in Bidi Notation. */
static void okn_at(int line, ibidi_iri_kind as, const char *in, const char *want)
{
    ok_at(line, as, nt(in), want);
}

static void spans_at(int line, ibidi_iri_kind as, const char *in, const char *want)
{
    parse(in, as);
    if (!CHECK(ST == IBIDI_OK, "line %d: '%s': %s", line, in, ibidi_status_name(ST)))
        return;
    const char *got = render_spans();
    CHECK(strcmp(got, want) == 0, "line %d: '%s' spans:\n   got  '%s'\n   want '%s'", line, in,
          got, want);
}

static void err_at(int line, ibidi_iri_kind as, const char *in, size_t n, ibidi_status want,
                   size_t off)
{
    parse_n(in, n, as);
    CHECK(ST == want && E.status == want && E.offset == off,
          "line %d: '%.*s': got %s at %zu, want %s at %zu", line, (int)n, in,
          ibidi_status_name(ST), E.offset, ibidi_status_name(want), off);
}

#define OK(as, in, want) ok_at(__LINE__, IBIDI_IRI_AS_##as, in, want)
#define OKN(as, in, want) okn_at(__LINE__, IBIDI_IRI_AS_##as, in, want)
#define SPANS(as, in, want) spans_at(__LINE__, IBIDI_IRI_AS_##as, in, want)
#define ERR(as, in, st, off) err_at(__LINE__, IBIDI_IRI_AS_##as, in, strlen(in), IBIDI_E_##st, off)
#define ERRN(as, in, n, st, off) err_at(__LINE__, IBIDI_IRI_AS_##as, in, n, IBIDI_E_##st, off)
/* The error's value too. */
#define ERRV(as, in, st, off, v)                                                              \
    do {                                                                                      \
        ERR(as, in, st, off);                                                                 \
        CHECK(E.value == (uint32_t)(v), "line %d: value %X, want %X", __LINE__,              \
              (unsigned)E.value, (unsigned)(v));                                              \
    } while (0)

/* ---- IRIs: the seed examples ------------------------------------------------------ */

static void test_rfc3987_examples(void)
{
    /* RFC 3987 §4.4 and the 2012 guidelines §5, Examples 1-11 (logical representation) */
    OKN(IRI, "http://ab.CDEFGH.ij/kl/mn/op.html",
        "S:http L:ab L:CDEFGH L:ij G:kl G:mn G:op E:html");
    OKN(IRI, "http://ab.CDE.FGH/ij/kl/mn/op.html",
        "S:http L:ab L:CDE L:FGH G:ij G:kl G:mn G:op E:html");
    OKN(IRI, "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV",
        "S:http L:AB L:CD L:EF G:GH G:IJ G:KL N:MN V:OP N:QR V:ST F:UV");
    OKN(IRI, "http://AB.CD.ef/gh/IJ/KL.html", "S:http L:AB L:CD L:ef G:gh G:IJ G:KL E:html");
    OKN(IRI, "http://ab.cd.EF/GH/ij/kl.html", "S:http L:ab L:cd L:EF G:GH G:ij G:kl E:html");
    OKN(IRI, "http://ab.CD.EF/GH/IJ/kl.html", "S:http L:ab L:CD L:EF G:GH G:IJ G:kl E:html");
    OKN(IRI, "http://ab.CDE123FGH.ij/kl/mn/op.html",
        "S:http L:ab L:CDE123FGH L:ij G:kl G:mn G:op E:html");
    OKN(IRI, "http://ab.cd.ef/GH1/2IJ/KL.html", "S:http L:ab L:cd L:ef G:GH1 G:2IJ G:KL E:html");
    OKN(IRI, "http://ab.cd.ef/GH%31/%32IJ/KL.html",
        "S:http L:ab L:cd L:ef G:GH%31 G:%32IJ G:KL E:html");
    OKN(IRI, "http://ab.CDEFGH.123/kl/mn/op.html",
        "S:http L:ab L:CDEFGH L:123 G:kl G:mn G:op E:html");
    OKN(IRI, "http://ab.CDEFGH.123ij/kl/mn/op.html",
        "S:http L:ab L:CDEFGH L:123ij G:kl G:mn G:op E:html");
    /* the same in AUTO mode */
    OKN(AUTO, "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV",
        "S:http L:AB L:CD L:EF G:GH G:IJ G:KL N:MN V:OP N:QR V:ST F:UV");
    CHECK(I.kind == IBIDI_IRI_AS_IRI, "auto example 3 kind");

    /* Example 2's spans: every offset counts the two bytes of each Hebrew letter */
    SPANS(IRI, nt("http://ab.CDE.FGH/ij/kl/mn/op.html"),
          "scheme 0+4 auth 7+16 host 7+16 path 23+17 hk=3");
    parse(nt("http://ab.CDE.FGH/ij/kl/mn/op.html"), IBIDI_IRI_AS_IRI);
    CHECK(P.n == 9 && C[2].start == 10 && C[2].length == 6 && C[3].start == 17 &&
              C[3].length == 6 && C[8].start == 36 && C[8].length == 4,
          "example 2 component offsets");
    SPANS(IRI, nt("http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV"),
          "scheme 0+4 auth 7+14 host 7+14 path 21+15 query 37+19 frag 57+4 hk=3");

    /* Arabic letters (AL): "http://\u0645\u062B\u0627\u0644.\u0622\u0632/\u0633\u0644\u0627\u0645.txt" */
    OK(IRI, "http://\xD9\x85\xD8\xAB\xD8\xA7\xD9\x84.\xD8\xA2\xD8\xB2/\xD8\xB3\xD9\x84\xD8\xA7\xD9\x85.txt",
       "S:http L:\xD9\x85\xD8\xAB\xD8\xA7\xD9\x84 L:\xD8\xA2\xD8\xB2 G:\xD8\xB3\xD9\x84\xD8\xA7\xD9\x85 E:txt");
}

/* ---- IRIs: structure -------------------------------------------------------------- */

static void test_iri_structure(void)
{
    /* full spans */
    SPANS(IRI, "http://u:p@example.com:8080/a/b.c?x=1&y#frag",
          "scheme 0+4 auth 7+20 user 7+3 host 11+11 port 23+4 path 27+6 query 34+5 "
          "frag 40+4 hk=3");
    OK(IRI, "http://u:p@example.com:8080/a/b.c?x=1&y#frag",
       "S:http U:u:p L:example L:com P:8080 G:a G:b E:c N:x V:1 N:y F:frag");
    SPANS(IRI, "http:", "scheme 0+4 path 5+0 hk=0");
    OK(IRI, "http:", "S:http");
    SPANS(IRI, "http://", "scheme 0+4 auth 7+0 host 7+0 path 7+0 hk=0");
    OK(IRI, "http://", "S:http");
    SPANS(IRI, "file:///x", "scheme 0+4 auth 7+0 host 7+0 path 7+2 hk=0");
    OK(IRI, "file:///x", "S:file G:x");
    SPANS(IRI, "http://?", "scheme 0+4 auth 7+0 host 7+0 path 7+0 query 8+0 hk=0");
    OK(IRI, "http://?", "S:http N:");
    OK(IRI, "http://#", "S:http F:");
    SPANS(IRI, "http://h?q", "scheme 0+4 auth 7+1 host 7+1 path 8+0 query 9+1 hk=3");
    OK(IRI, "http://h/", "S:http L:h G:");
    OK(IRI, "http://h", "S:http L:h");
    OK(IRI, "x:?a", "S:x N:a");
    OK(IRI, "x:#", "S:x F:");
    OK(IRI, "x#", "G:x F:");
    SPANS(IRI, "x#", "path 0+1 frag 2+0 hk=0");
    OK(IRI, "mailto:user@example.com", "S:mailto G:user@example E:com");
    OK(IRI, "urn:isbn:0-486-27557-4", "S:urn G:isbn:0-486-27557-4");
    OK(IRI, "x:a:b/c:d", "S:x G:a:b G:c:d");
    OK(IRI, "a+b-c.d:x", "S:a+b-c.d G:x");
    OK(IRI, "A1:x", "S:A1 G:x");
    OK(IRI, "http:/a/b", "S:http G:a G:b");
    OK(IRI, "http:a/b", "S:http G:a G:b");

    /* relative references */
    OK(IRI, "//h/p", "L:h G:p");
    SPANS(IRI, "//h/p", "auth 2+1 host 2+1 path 3+2 hk=3");
    OK(IRI, "//", "");
    SPANS(IRI, "//", "auth 2+0 host 2+0 path 2+0 hk=0");
    OK(IRI, "/a/b", "G:a G:b");
    OK(IRI, "/", "G:");
    OK(IRI, "a/b", "G:a G:b");
    OK(IRI, "a//b", "G:a G: G:b");
    OK(IRI, "a/", "G:a G:");
    OK(IRI, "./a:b", "G:. G:a:b");
    OK(IRI, "a/b:c", "G:a G:b:c");
    OK(IRI, "?q", "N:q");
    SPANS(IRI, "?q", "path 0+0 query 1+1 hk=0");
    OK(IRI, "#f", "F:f");
    OK(IRI, "?", "N:");
    OK(IRI, "#", "F:");
    OK(IRI, "../x/./y", "G:.. G:x G:. G:y");
    OK(IRI, ".", "G:.");
    OK(IRI, "..", "G:..");
    OK(IRI, "..?", "G:.. N:");
    OK(IRI, "./#", "G:. G: F:");

    /* segments and extensions */
    OK(IRI, "/.htaccess", "G: E:htaccess");
    OK(IRI, "a.b.c", "G:a E:b E:c");
    OK(IRI, "a.", "G:a E:");
    OK(IRI, "...", "G: E: E: E:");
    OK(IRI, "/./../.../", "G:. G:.. G: E: E: E: G:");
    OK(IRI, "a/%2E%2E/b", "G:a G:%2E%2E G:b");
    OK(IRI, "/a.tar.gz", "G:a E:tar E:gz");
    OK(IRI, "/a@b:c!$&'()*+,;=-_~", "G:a@b:c!$&'()*+,;=-_~");

    /* queries: "&" and ";" separate parameters, the first "=" a name from its value */
    OK(IRI, "?a=b&c=d;e", "N:a V:b N:c V:d N:e");
    OK(IRI, "?a==b", "N:a V:=b");
    OK(IRI, "?a=b=c", "N:a V:b=c");
    OK(IRI, "?=b", "N: V:b");
    OK(IRI, "?=", "N: V:");
    OK(IRI, "?a=", "N:a V:");
    OK(IRI, "?a&", "N:a N:");
    OK(IRI, "?&;", "N: N: N:");
    OK(IRI, "?a/b?c=d/e?", "N:a/b?c V:d/e?");
    OK(IRI, "?a.b=c.d", "N:a.b V:c.d");
    OK(IRI, "?a=b#c=d", "N:a V:b F:c=d");
    OK(IRI, "?x=%41%42", "N:x V:%41%42");
    SPANS(IRI, "?a=b&c", "path 0+0 query 1+5 hk=0");

    /* fragments */
    OK(IRI, "#a/b?c&d=e", "F:a/b?c&d=e");
    OK(IRI, "#a.b:c@d", "F:a.b:c@d");
    OK(IRI, "/p#", "G:p F:");

    /* userinfo */
    OK(IRI, "http://user@h", "S:http U:user L:h");
    OK(IRI, "http://u:p:q@h:8080/", "S:http U:u:p:q L:h P:8080 G:");
    SPANS(IRI, "http://@h", "scheme 0+4 auth 7+2 user 7+0 host 8+1 path 9+0 hk=3");
    OK(IRI, "http://@h", "S:http L:h");
    OK(IRI, "http://u%40x@h", "S:http U:u%40x L:h");
    OK(IRI, "http://a.b!$&'()*+,;=@h", "S:http U:a.b!$&'()*+,;= L:h");
    OKN(IRI, "http://ABC@DEF.GH/", "S:http U:ABC L:DEF L:GH G:");
    OK(IRI, "//u@", "U:u");
    SPANS(IRI, "//u@", "auth 2+2 user 2+1 host 4+0 path 4+0 hk=0");

    /* ports */
    SPANS(IRI, "http://h:/", "scheme 0+4 auth 7+2 host 7+1 port 9+0 path 9+1 hk=3");
    OK(IRI, "http://h:/", "S:http L:h G:");
    OK(IRI, "http://h:80", "S:http L:h P:80");
    OK(IRI, "http://h:99999999999999999999", "S:http L:h P:99999999999999999999");
    OK(IRI, "http://[::1]:443/", "S:http I:::1 P:443 G:");
    OK(IRI, "http://[::1]:", "S:http I:::1");
    OK(IRI, "http://1.2.3.4:0", "S:http 4:1.2.3.4 P:0");
    OK(IRI, "http://:80", "S:http P:80");
    SPANS(IRI, "http://:80", "scheme 0+4 auth 7+3 host 7+0 port 8+2 path 10+0 hk=0");
}

/* ---- IRIs: hosts ------------------------------------------------------------------ */

static void test_iri_hosts(void)
{
    /* IPv4address exactly (dec-octet, no leading zeros); anything else a reg-name */
    OK(IRI, "http://1.2.3.4/", "S:http 4:1.2.3.4 G:");
    SPANS(IRI, "http://1.2.3.4/", "scheme 0+4 auth 7+7 host 7+7 path 14+1 hk=4");
    OK(IRI, "http://0.0.0.0", "S:http 4:0.0.0.0");
    OK(IRI, "http://255.255.255.255:8", "S:http 4:255.255.255.255 P:8");
    OK(IRI, "http://199.249.250.100", "S:http 4:199.249.250.100");
    OK(IRI, "http://1.2.3.04/", "S:http L:1 L:2 L:3 L:04 G:");
    SPANS(IRI, "http://1.2.3.04/", "scheme 0+4 auth 7+8 host 7+8 path 15+1 hk=3");
    OK(IRI, "http://256.1.1.1/", "S:http L:256 L:1 L:1 L:1 G:");
    OK(IRI, "http://01.1.1.1", "S:http L:01 L:1 L:1 L:1");
    OK(IRI, "http://1.2.3/", "S:http L:1 L:2 L:3 G:");
    OK(IRI, "http://1.2.3.4.5/", "S:http L:1 L:2 L:3 L:4 L:5 G:");
    OK(IRI, "http://1.2.3.4./", "S:http L:1 L:2 L:3 L:4 G:");
    OK(IRI, "http://1.2.3.1000", "S:http L:1 L:2 L:3 L:1000");
    OK(IRI, "http://1..2.3", "S:http L:1 L: L:2 L:3");
    OK(IRI, "http://0x1.2.3.4", "S:http L:0x1 L:2 L:3 L:4");
    OK(IRI, "//1.2.3.4", "4:1.2.3.4");

    /* reg-names: empty labels allowed, the root gives no component */
    OK(IRI, "http://a..b./", "S:http L:a L: L:b G:");
    OK(IRI, "http://.a/", "S:http L: L:a G:");
    OK(IRI, "http://./", "S:http G:");
    SPANS(IRI, "http://./", "scheme 0+4 auth 7+1 host 7+1 path 8+1 hk=3");
    OK(IRI, "http://../", "S:http L: L: G:");
    OK(IRI, "http://example.com.:80/", "S:http L:example L:com P:80 G:");
    OK(IRI, "http://a%2Eb/", "S:http L:a%2Eb G:");
    OK(IRI, "http://a!$&'()*+,;=-_~b", "S:http L:a!$&'()*+,;=-_~b");
    /* the label separators of UTS #46: U+3002, U+FF0E, U+FF61 */
    OK(IRI, "http://a\xE3\x80\x82" "b\xEF\xBC\x8E" "c\xEF\xBD\xA1" "d/", "S:http L:a L:b L:c L:d G:");
    OK(IRI, "http://a\xE3\x80\x82/", "S:http L:a G:");
    OK(IRI, "http://\xE3\x80\x82:1", "S:http P:1");
    OKN(IRI, "http://ABC.DEF:8/", "S:http L:ABC L:DEF P:8 G:");

    /* IPvFuture */
    OK(IRI, "http://[v1.x]/", "S:http I:v1.x G:");
    OK(IRI, "http://[V1F.a:b]", "S:http I:V1F.a:b");
    OK(IRI, "http://[vA.!$&'()*+,;=:-._~]", "S:http I:vA.!$&'()*+,;=:-._~");
    SPANS(IRI, "http://[v1.x]:5/", "scheme 0+4 auth 7+8 host 7+6 port 14+1 path 15+1 hk=5");
    ERR(IRI, "http://[v.x]", IRI_HOST, 9);
    ERR(IRI, "http://[v1x]", IRI_HOST, 10);
    ERR(IRI, "http://[v1.]", IRI_HOST, 11);
    ERR(IRI, "http://[vg.x]", IRI_HOST, 9);
    ERR(IRI, "http://[v]", IRI_HOST, 9);
    ERR(IRI, "http://[v1.x%20]", IRI_HOST, 12);
    ERR(IRI, "http://[v1.x@y]", IRI_CHAR, 7); /* userinfo: all before the first "@" */
    ERR(IRI, "http://[v1.\xC3\xA9]", IRI_HOST, 11);
    ERR(IRI, "http://[v1.x", IRI_HOST, 12);
    ERR(IRI, "http://[v1.x/y]", IRI_HOST, 12);

    /* IP-literal framing */
    ERR(IRI, "http://[::1", IRI_HOST, 11);
    ERR(IRI, "http://[::1/x", IRI_HOST, 11);
    ERRV(IRI, "http://[::1]x", IRI_HOST, 12, 'x');
    ERR(IRI, "http://[::1]]", IRI_HOST, 12);
    ERR(IRI, "http://[::1][", IRI_HOST, 12);
    ERR(IRI, "http://[]", IRI_HOST, 8);
    ERR(IRI, "http://[", IRI_HOST, 8);
    ERR(IRI, "http://x[::1]", IRI_CHAR, 8);
    ERR(IRI, "http://[::1]:8x", IRI_PORT, 14);
    OK(IRI, "http://u@[::1]", "S:http U:u I:::1");
}

/* RFC 3986 §3.2.2 IPv6address: valid forms, and invalid ones with where they break. */
static void test_ipv6(void)
{
    static const char *const valid[] = {
        "::", "::1", "1::", "1:2:3:4:5:6:7:8", "1::8", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8",
        "fe80::1", "FFFF:ffff::", "::ffff:1.2.3.4", "1:2:3:4:5:6:1.2.3.4", "::1.2.3.4",
        "1::1.2.3.4", "1:2:3:4:5::1.2.3.4", "0:0:0:0:0:0:0:0",
        "abcd:ef01:2345:6789:ABCD:EF01:2345:6789", "2001:db8::ff00:42:8329",
        "1:2:3:4::5:6:7", "1:2::3:4", "::0:0:0:0:0:0:0", "0000:0000::", "1:2:3:4:5:6::8",
        "::255.255.255.255", "::ffff:0.0.0.0", "1:2:3:4:5:6:7::", "a::b:c:d:e:f:0",
    };
    static const struct {
        const char *a;
        size_t bad; /* offset inside the brackets */
    } invalid[] = {
        {":", 1},                       /* a single colon */
        {":1", 1},                      /* a leading single colon */
        {"1:", 2},                      /* a trailing single colon */
        {":::", 2},                     /* three colons */
        {"1::2::3", 5},                 /* two "::" */
        {"1:2:3:4:5:6:7", 13},          /* seven groups without "::" */
        {"1:2:3:4:5:6:7:8:9", 16},      /* nine groups */
        {"1:2:3:4:5:6:7:8::", 15},      /* "::" with no group left */
        {"1:2:3:4:5:6:7:8:", 16},       /* trailing colon after eight groups */
        {"12345::", 4},                 /* five hex digits */
        {"fffff::", 4},                 /* five hex digits */
        {"g::", 0},                     /* not a hex digit */
        {"::g", 2},                     /* not a hex digit */
        {"1.2.3.4", 0},                 /* IPv4 alone */
        {"::1.2.3", 7},                 /* three octets */
        {"::1.2.3.256", 8},             /* octet above 255 */
        {"::01.2.3.4", 3},              /* leading zero */
        {"::1.2.3.4:5", 9},             /* IPv4 not at the end */
        {"::ffff:1.2.3.4.5", 14},       /* five octets */
        {"1:2:3:4:5:6:7:1.2.3.4", 14},  /* nine groups with IPv4 */
        {"1:2:3:4:5:1.2.3.4", 10},      /* seven groups with IPv4 */
        {"1::2:3:4:5:6:1.2.3.4", 13},   /* "::" with no group left, IPv4 */
        {"::1%25eth0", 3},              /* zone identifiers are not in the syntax */
        {"::1 ", 3},                    /* space */
        {"1:2:3:4:5:6:7:8:", 16},       /* trailing colon */
        {"::1.2.3.4.", 9},              /* trailing dot */
        {"1a.2.3.4", 1},                /* hex before an IPv4 octet */
        {"-1::", 0},                    /* sign */
        {"1::2:3:4:5:6:7:8", 15},       /* eight groups and "::" */
        {"::\xC3\xA9", 2},              /* non-ASCII */
        {"1:2:3:4:5:6:7:8 ", 15},       /* trailing space */
    };
    char buf[128];
    for (size_t i = 0; i < sizeof valid / sizeof valid[0]; i++) {
        snprintf(buf, sizeof buf, "http://[%s]/", valid[i]);
        parse(buf, IBIDI_IRI_AS_IRI);
        CHECK(ST == IBIDI_OK && I.host_kind == IBIDI_IRI_COMP_IP_LITERAL && P.n == 3 &&
                  C[1].kind == IBIDI_IRI_COMP_IP_LITERAL && C[1].start == 8 &&
                  C[1].length == strlen(valid[i]) && I.host.start == 7 &&
                  I.host.length == strlen(valid[i]) + 2,
              "IPv6 '%s': %s at %zu", valid[i], ibidi_status_name(ST), E.offset);
    }
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
        snprintf(buf, sizeof buf, "http://[%s]/", invalid[i].a);
        parse(buf, IBIDI_IRI_AS_IRI);
        CHECK(ST == IBIDI_E_IRI_HOST && E.offset == 8 + invalid[i].bad,
              "IPv6 '%s': %s at %zu, want IRI_HOST at %zu", invalid[i].a, ibidi_status_name(ST),
              E.offset, 8 + invalid[i].bad);
    }
    CHECK(sizeof valid / sizeof valid[0] + sizeof invalid / sizeof invalid[0] >= 30,
          "IPv6 table size");
}

/* ---- IRIs: errors ----------------------------------------------------------------- */

static void test_iri_errors(void)
{
    /* scheme: text before the first ":" with no "/?#" before it */
    ERRV(IRI, "1http://x", IRI_SCHEME, 0, '1');
    ERRV(IRI, ":x", IRI_SCHEME, 0, ':');
    ERRV(IRI, ":", IRI_SCHEME, 0, ':');
    ERRV(IRI, "ab$c:x", IRI_SCHEME, 2, '$');
    ERRV(IRI, "h\xC3\xA9llo:x", IRI_SCHEME, 1, 0xE9);
    ERRV(IRI, "a b:c", IRI_SCHEME, 1, ' ');
    ERRV(IRI, "-a:b", IRI_SCHEME, 0, '-');
    ERRV(IRI, "a_b:c", IRI_SCHEME, 1, '_');
    ERRV(IRI, "+:", IRI_SCHEME, 0, '+');
    ERRV(IRI, "%41:b", IRI_SCHEME, 0, '%');
    ERRV(IRI, nt("AB:c"), IRI_SCHEME, 0, 0x5D0);
    OK(IRI, "a/b:c", "G:a G:b:c"); /* a "/" first: no scheme */
    OK(IRI, "?a:b", "N:a:b");
    OK(IRI, "#a:b", "F:a:b");

    /* characters no part allows */
    static const char bad_ascii[] = " <>\"{}|\\^`";
    char buf[64];
    for (size_t i = 0; bad_ascii[i]; i++) {
        unsigned b = (unsigned char)bad_ascii[i];
        snprintf(buf, sizeof buf, "http://h/a%cb", bad_ascii[i]);
        ERRV(IRI, buf, IRI_CHAR, 10, b); /* path */
        snprintf(buf, sizeof buf, "http://h%c/", bad_ascii[i]);
        ERRV(IRI, buf, IRI_CHAR, 8, b); /* host */
        snprintf(buf, sizeof buf, "http://u%c@h/", bad_ascii[i]);
        ERRV(IRI, buf, IRI_CHAR, 8, b); /* userinfo */
        snprintf(buf, sizeof buf, "http://h/?a=%c", bad_ascii[i]);
        ERRV(IRI, buf, IRI_CHAR, 12, b); /* query */
        snprintf(buf, sizeof buf, "http://h/#%c", bad_ascii[i]);
        ERRV(IRI, buf, IRI_CHAR, 10, b); /* fragment */
    }
    ERRV(IRI, "http://h/a[b", IRI_CHAR, 10, '[');
    ERRV(IRI, "http://h/a]b", IRI_CHAR, 10, ']');
    ERRV(IRI, "/a#b#c", IRI_CHAR, 4, '#');
    ERRV(IRI, "?a[", IRI_CHAR, 2, '[');
    ERRV(IRI, "http://u@h@x/", IRI_CHAR, 10, '@');
    ERRV(IRI, "http://u[x@h", IRI_CHAR, 8, '[');
    ERRV(IRI, "http://a b/", IRI_CHAR, 8, ' ');
    ERRV(IRI, "http://h/%7Ba%7D%20b c", IRI_CHAR, 20, ' ');

    /* non-ASCII outside ucschar: noncharacters, specials, tags; iprivate in the query only */
    ERRV(IRI, "/a\xEF\xBF\xBE", IRI_CHAR, 2, 0xFFFE);
    ERRV(IRI, "/a\xEF\xBF\xBF", IRI_CHAR, 2, 0xFFFF);
    ERRV(IRI, "/a\xEF\xB7\x90", IRI_CHAR, 2, 0xFDD0);
    ERRV(IRI, "/a\xEF\xB7\xAF", IRI_CHAR, 2, 0xFDEF);
    ERRV(IRI, "/a\xEF\xBF\xBD", IRI_CHAR, 2, 0xFFFD);
    ERRV(IRI, "/\xEF\xBF\xB0", IRI_CHAR, 1, 0xFFF0);
    ERRV(IRI, "/\xF0\x9F\xBF\xBE", IRI_CHAR, 1, 0x1FFFE);
    ERRV(IRI, "/\xF3\xA0\x80\x81", IRI_CHAR, 1, 0xE0001);
    ERRV(IRI, "/\xF3\xA0\xBF\xBF", IRI_CHAR, 1, 0xE0FFF);
    ERRV(IRI, "/\xEE\x80\x80", IRI_CHAR, 1, 0xE000);
    ERRV(IRI, "#\xF3\xB0\x80\x80", IRI_CHAR, 1, 0xF0000);
    ERRV(IRI, "http://\xEE\x80\x80/", IRI_CHAR, 7, 0xE000);
    ERRV(IRI, "http://\xEE\x80\x80@h/", IRI_CHAR, 7, 0xE000);
    ERRV(IRI, "http://h:\xD9\xA8", IRI_PORT, 9, 0x668);
    OK(IRI, "?\xEE\x80\x80=\xF4\x8F\xBF\xBD", "N:\xEE\x80\x80 V:\xF4\x8F\xBF\xBD");
    OK(IRI, "?\xF3\xB0\x80\x80", "N:\xF3\xB0\x80\x80");
    ERRV(IRI, "?\xF4\x8F\xBF\xBE", IRI_CHAR, 1, 0x10FFFE);
    /* ucschar boundaries */
    OK(IRI, "/\xC2\xA0\xED\x9F\xBF\xEF\xA4\x80\xEF\xB7\x8F\xEF\xB7\xB0\xEF\xBF\xAF",
       "G:\xC2\xA0\xED\x9F\xBF\xEF\xA4\x80\xEF\xB7\x8F\xEF\xB7\xB0\xEF\xBF\xAF");
    OK(IRI, "/\xF0\x90\x80\x80\xF0\x9F\xBF\xBD\xF3\xA1\x80\x80\xF3\xAF\xBF\xBD",
       "G:\xF0\x90\x80\x80\xF0\x9F\xBF\xBD\xF3\xA1\x80\x80\xF3\xAF\xBF\xBD");

    /* pct-encoded in every part */
    ERRV(IRI, "/a%", IRI_PERCENT, 2, '%');
    ERR(IRI, "/a%4", IRI_PERCENT, 2);
    ERR(IRI, "/a%4g", IRI_PERCENT, 2);
    ERR(IRI, "/a%g4", IRI_PERCENT, 2);
    ERR(IRI, "/a%4/", IRI_PERCENT, 2);
    ERR(IRI, "http://%4@h", IRI_PERCENT, 7);
    ERR(IRI, "http://h%/", IRI_PERCENT, 8);
    ERR(IRI, "http://h%4:1", IRI_PERCENT, 8);
    ERR(IRI, "?a=%zz", IRI_PERCENT, 3);
    ERR(IRI, "#%", IRI_PERCENT, 1);
    ERR(IRI, "%\xC3\xA9", IRI_PERCENT, 0);
    OK(IRI, "/%aF%00", "G:%aF%00");

    /* ports */
    ERRV(IRI, "http://h:8a", IRI_PORT, 10, 'a');
    ERRV(IRI, "http://h:1:2", IRI_PORT, 10, ':');
    ERRV(IRI, "http://h:-1", IRI_PORT, 9, '-');
    ERRV(IRI, "http://h: ", IRI_PORT, 9, ' ');
    ERRV(IRI, "http://1.2.3.4:x/", IRI_PORT, 15, 'x');
    ERRV(IRI, "http://[::1]:x", IRI_PORT, 13, 'x');
    ERRV(IRI, "http://h:%38", IRI_PORT, 9, '%');
}

/* ---- Domain names ----------------------------------------------------------------- */

static void fill(char *b, char c, size_t n)
{
    memset(b, c, n);
    b[n] = '\0';
}

static void test_domain(void)
{
    char buf[700], lab[300];

    OK(DOMAIN, "example.com", "L:example L:com");
    SPANS(DOMAIN, "example.com", "host 0+11 hk=3");
    OK(DOMAIN, "a", "L:a");
    OK(DOMAIN, "a.b.c.", "L:a L:b L:c");
    SPANS(DOMAIN, "a.b.c.", "host 0+6 hk=3");
    OK(DOMAIN, ".", "");
    OK(DOMAIN, "\xE3\x80\x82", "");
    OK(DOMAIN, "a\xE3\x80\x82" "b\xEF\xBC\x8E" "c\xEF\xBD\xA1" "d", "L:a L:b L:c L:d");
    OK(DOMAIN, "a\xEF\xBD\xA1", "L:a");
    OKN(DOMAIN, "ABC.DEF.com", "L:ABC L:DEF L:com");
    OK(DOMAIN, "xn--4gbrim.xn----rmckbbajlc6dj7bxne2c.xn--wgbh1c",
       "L:xn--4gbrim L:xn----rmckbbajlc6dj7bxne2c L:xn--wgbh1c");
    OK(DOMAIN, "_sip._tcp.example", "L:_sip L:_tcp L:example");
    OK(DOMAIN, "a-b~c", "L:a-b~c");
    OK(DOMAIN, "1.2.3.4", "L:1 L:2 L:3 L:4");
    /* only space, the RFC 3986 §2.2 delimiters and "%" are DOMAIN_CHAR (iri.h); other
     * ASCII is left to IDNA's STD3 rules */
    OK(DOMAIN, "a<b", "L:a<b");

    ERRV(DOMAIN, "a..b", DOMAIN_EMPTY_LABEL, 2, '.');
    ERR(DOMAIN, ".a", DOMAIN_EMPTY_LABEL, 0);
    ERR(DOMAIN, "a..", DOMAIN_EMPTY_LABEL, 2);
    ERR(DOMAIN, "..", DOMAIN_EMPTY_LABEL, 0);
    ERR(DOMAIN, "a.b.\xE3\x80\x82", DOMAIN_EMPTY_LABEL, 4);
    ERRV(DOMAIN, "a\xEF\xBC\x8E\xEF\xBC\x8E" "b", DOMAIN_EMPTY_LABEL, 4, 0xFF0E);

    static const char dombad[] = " :/?#[]@!$&'()*+,;=%";
    for (size_t i = 0; dombad[i]; i++) {
        snprintf(buf, sizeof buf, "ab.c%cd", dombad[i]);
        ERRV(DOMAIN, buf, DOMAIN_CHAR, 4, (unsigned char)dombad[i]);
    }

    /* 63 octets per label, 253 per name without the root */
    fill(lab, 'a', 63);
    snprintf(buf, sizeof buf, "x.%s.y", lab);
    OK(DOMAIN, buf, "L:x L:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa L:y");
    fill(lab, 'a', 64);
    snprintf(buf, sizeof buf, "x.%s.y", lab);
    ERRV(DOMAIN, buf, DOMAIN_LABEL_TOO_LONG, 2, 0);
    ERR(DOMAIN, lab, DOMAIN_LABEL_TOO_LONG, 0);
    /* UTF-8 octets count: 31 Hebrew letters (62) + 1 = 63, 32 letters = 64 */
    fill(lab, 'A', 31);
    strcat(lab, "a");
    snprintf(buf, sizeof buf, "x.%s", nt(lab));
    parse(buf, IBIDI_IRI_AS_DOMAIN);
    CHECK(ST == IBIDI_OK && P.n == 2 && C[1].length == 63, "63-octet Hebrew label");
    fill(lab, 'A', 32);
    snprintf(buf, sizeof buf, "x.%s", nt(lab));
    ERR(DOMAIN, buf, DOMAIN_LABEL_TOO_LONG, 2);
    /* a label too long before a later bad character */
    fill(lab, 'a', 70);
    lab[66] = ' ';
    ERR(DOMAIN, lab, DOMAIN_LABEL_TOO_LONG, 0);

    /* 63 + 63 + 63 + 61 + 3 dots = 253 */
    char l63[64], l61[62], l62[63];
    fill(l63, 'a', 63);
    fill(l61, 'b', 61);
    fill(l62, 'b', 62);
    snprintf(buf, sizeof buf, "%s.%s.%s.%s", l63, l63, l63, l61);
    CHECK(strlen(buf) == 253, "253");
    parse(buf, IBIDI_IRI_AS_DOMAIN);
    CHECK(ST == IBIDI_OK && P.n == 4, "253-octet name");
    strcat(buf, ".");
    parse(buf, IBIDI_IRI_AS_DOMAIN);
    CHECK(ST == IBIDI_OK && P.n == 4, "253-octet name with the root");
    snprintf(buf, sizeof buf, "%s.%s.%s.%s\xE3\x80\x82", l63, l63, l63, l61);
    parse(buf, IBIDI_IRI_AS_DOMAIN);
    CHECK(ST == IBIDI_OK && P.n == 4, "253-octet name with an ideographic root");
    snprintf(buf, sizeof buf, "%s.%s.%s.%s", l63, l63, l63, l62);
    ERRV(DOMAIN, buf, DOMAIN_TOO_LONG, 253, 0);
    strcat(buf, ".");
    ERR(DOMAIN, buf, DOMAIN_TOO_LONG, 253);
    /* 253 octets then a separator that is not the root */
    snprintf(buf, sizeof buf, "%s.%s.%s.%s.x", l63, l63, l63, l61);
    ERR(DOMAIN, buf, DOMAIN_TOO_LONG, 253);
    /* a two-byte character across octet 253 */
    snprintf(buf, sizeof buf, "%s.%s.%s.%s%s", l63, l63, l63, "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
             nt("A"));
    CHECK(strlen(buf) == 254, "254 with a letter across");
    ERR(DOMAIN, buf, DOMAIN_TOO_LONG, 253);
    /* a longer name with a bad character after octet 253: the length is broken first */
    snprintf(buf, sizeof buf, "%s.%s.%s.%s.%s", l63, l63, l63, l63, "a b");
    ERR(DOMAIN, buf, DOMAIN_TOO_LONG, 253);
}

/* ---- Mail addresses --------------------------------------------------------------- */

static void test_email(void)
{
    char buf[400], lp[200];

    OK(EMAIL, "user@example.com", "A:user L:example L:com");
    SPANS(EMAIL, "user@example.com", "host 5+11 local 0+4 hk=3");
    OK(EMAIL, "a.b.c@d", "A:a A:b A:c L:d");
    OK(EMAIL, "!#$%&'*+-/=?^_`{|}~@x", "A:!#$%&'*+-/=?^_`{|}~ L:x");
    OKN(EMAIL, "ABC.DEF@GHI.JK", "A:ABC A:DEF L:GHI L:JK");
    OK(EMAIL, "\xD0\xB4\xD0\xBC\xD0\xB8\xD1\x82\xD1\x80\xD0\xB8\xD0\xB9@x.y",
       "A:\xD0\xB4\xD0\xBC\xD0\xB8\xD1\x82\xD1\x80\xD0\xB8\xD0\xB9 L:x L:y");
    OK(EMAIL, "a\xEF\xBF\xBE" "b@x", "A:a\xEF\xBF\xBE" "b L:x"); /* UTF8-non-ascii: any */
    OK(EMAIL, "a@x\xE3\x80\x82y", "A:a L:x L:y");

    /* quoted local parts: the component without the quotes, the span with them */
    OK(EMAIL, "\"a b\"@x.y", "Q:a b L:x L:y");
    SPANS(EMAIL, "\"a b\"@x.y", "host 6+3 local 0+5 hk=3");
    OK(EMAIL, "\"a\\\"b\"@x", "Q:a\\\"b L:x");
    OK(EMAIL, "\"a\\\\\"@x", "Q:a\\\\ L:x");
    OK(EMAIL, "\"\"@x", "Q: L:x");
    OK(EMAIL, "\"a@b\"@x", "Q:a@b L:x");
    OK(EMAIL, "\"a.b..c\"@x", "Q:a.b..c L:x");
    OK(EMAIL, "\"\\ \\~\"@x", "Q:\\ \\~ L:x");
    OKN(EMAIL, "\"AB CD\"@EF", "Q:AB CD L:EF");
    OK(EMAIL, "\" !#[]~\"@x", "Q: !#[]~ L:x");

    /* address literals */
    OK(EMAIL, "a.b@[1.2.3.4]", "A:a A:b I:1.2.3.4");
    SPANS(EMAIL, "a.b@[1.2.3.4]", "host 4+9 local 0+3 hk=5");
    OK(EMAIL, "a@[001.2.3.255]", "A:a I:001.2.3.255");
    OK(EMAIL, "a@[IPv6:::1]", "A:a I:IPv6:::1");
    OK(EMAIL, "a@[ipv6:1:2:3:4:5:6:7:8]", "A:a I:ipv6:1:2:3:4:5:6:7:8");
    OK(EMAIL, "a@[IPv6:1:2:3:4:5:6::]", "A:a I:IPv6:1:2:3:4:5:6::");
    OK(EMAIL, "a@[IPv6:::ffff:1.2.3.4]", "A:a I:IPv6:::ffff:1.2.3.4");
    OK(EMAIL, "a@[IPv6:1:2:3:4:5:6:1.2.3.4]", "A:a I:IPv6:1:2:3:4:5:6:1.2.3.4");
    OK(EMAIL, "a@[x-tag:stuff!~]", "A:a I:x-tag:stuff!~");
    OK(EMAIL, "a@[9:x]", "A:a I:9:x");
    ERR(EMAIL, "a@[256.1.1.1]", EMAIL_SYNTAX, 3);
    ERR(EMAIL, "a@[1.2.3.4.5]", EMAIL_SYNTAX, 10);
    ERR(EMAIL, "a@[1.2.3]", EMAIL_SYNTAX, 8);
    ERR(EMAIL, "a@[1234.1.1.1]", EMAIL_SYNTAX, 6);
    ERR(EMAIL, "a@[IPv6:1:2:3:4:5:6:7::]", EMAIL_SYNTAX, 21); /* "::" is two groups or more */
    ERR(EMAIL, "a@[IPv6:1::2:3:4:5:6:7]", EMAIL_SYNTAX, 21);
    ERR(EMAIL, "a@[IPv6:zz]", EMAIL_SYNTAX, 8);
    ERR(EMAIL, "a@[IPv6:1.2.3.4]", EMAIL_SYNTAX, 8);
    ERR(EMAIL, "a@[-:x]", EMAIL_SYNTAX, 3);
    ERR(EMAIL, "a@[tag-:x]", EMAIL_SYNTAX, 6);
    ERR(EMAIL, "a@[ta_g:x]", EMAIL_SYNTAX, 5);
    ERR(EMAIL, "a@[:x]", EMAIL_SYNTAX, 3);
    ERR(EMAIL, "a@[tag:]", EMAIL_SYNTAX, 7);
    ERR(EMAIL, "a@[tag:a b]", EMAIL_SYNTAX, 8);
    ERR(EMAIL, "a@[tag:a\\b]", EMAIL_SYNTAX, 8);
    ERR(EMAIL, "a@[tag:\xC3\xA9]", EMAIL_SYNTAX, 7);
    ERR(EMAIL, "a@[tag:a]b]", EMAIL_SYNTAX, 9);
    ERR(EMAIL, "a@[1.2.3.4]x", EMAIL_SYNTAX, 11);
    ERR(EMAIL, "a@[1.2.3.4", EMAIL_SYNTAX, 10);
    ERR(EMAIL, "a@[]", EMAIL_SYNTAX, 3);
    ERR(EMAIL, "a@[", EMAIL_SYNTAX, 3);
    ERR(EMAIL, "a@x[1.2.3.4]", DOMAIN_CHAR, 3);

    /* local part length: 64 octets, quotes included */
    fill(lp, 'a', 64);
    snprintf(buf, sizeof buf, "%s@x", lp);
    parse(buf, IBIDI_IRI_AS_EMAIL);
    CHECK(ST == IBIDI_OK && I.local_part.length == 64, "64-octet local part");
    fill(lp, 'a', 65);
    snprintf(buf, sizeof buf, "%s@x", lp);
    ERRV(EMAIL, buf, EMAIL_LOCAL_TOO_LONG, 64, 0);
    fill(lp, 'a', 64);
    snprintf(buf, sizeof buf, "%s.b@x", lp);
    ERR(EMAIL, buf, EMAIL_LOCAL_TOO_LONG, 64);
    fill(lp, 'a', 62);
    snprintf(buf, sizeof buf, "\"%s\"@x", lp);
    parse(buf, IBIDI_IRI_AS_EMAIL);
    CHECK(ST == IBIDI_OK && I.local_part.length == 64 && C[0].length == 62,
          "64-octet quoted local part");
    fill(lp, 'a', 63);
    snprintf(buf, sizeof buf, "\"%s\"@x", lp);
    ERR(EMAIL, buf, EMAIL_LOCAL_TOO_LONG, 64);
    fill(lp, 'a', 63);
    snprintf(buf, sizeof buf, "%s%s@x", lp, nt("A")); /* 63 + 2 octets */
    ERR(EMAIL, buf, EMAIL_LOCAL_TOO_LONG, 64);
    fill(lp, 'a', 62);
    snprintf(buf, sizeof buf, "%s%s@x", lp, nt("A")); /* 62 + 2 octets */
    parse(buf, IBIDI_IRI_AS_EMAIL);
    CHECK(ST == IBIDI_OK && I.local_part.length == 64, "64-octet UTF-8 local part");
    fill(lp, 'a', 80); /* no "@" at all: the length breaks first, at octet 64 */
    ERR(EMAIL, lp, EMAIL_LOCAL_TOO_LONG, 64);

    /* bad forms */
    ERR(EMAIL, "a", EMAIL_SYNTAX, 1);
    ERR(EMAIL, "abc.def", EMAIL_SYNTAX, 7);
    ERRV(EMAIL, "@x", EMAIL_SYNTAX, 0, '@');
    ERRV(EMAIL, "a.@x", EMAIL_SYNTAX, 2, '@');
    ERRV(EMAIL, ".a@x", EMAIL_SYNTAX, 0, '.');
    ERRV(EMAIL, "a..b@x", EMAIL_SYNTAX, 2, '.');
    ERR(EMAIL, "a.", EMAIL_SYNTAX, 2);
    ERR(EMAIL, "a@", EMAIL_SYNTAX, 2);
    ERRV(EMAIL, "a@x.", EMAIL_SYNTAX, 3, '.');
    ERRV(EMAIL, "a@x\xE3\x80\x82", EMAIL_SYNTAX, 3, 0x3002);
    ERR(EMAIL, "a@.", EMAIL_SYNTAX, 2);
    ERR(EMAIL, "a@.x", DOMAIN_EMPTY_LABEL, 2);
    ERR(EMAIL, "a@x..y", DOMAIN_EMPTY_LABEL, 4);
    ERRV(EMAIL, "a b@x", EMAIL_SYNTAX, 1, ' ');
    ERRV(EMAIL, "a(b)@x", EMAIL_SYNTAX, 1, '(');
    ERRV(EMAIL, "a\"b@x", EMAIL_SYNTAX, 1, '"');
    ERRV(EMAIL, "a[b]@x", EMAIL_SYNTAX, 1, '[');
    ERR(EMAIL, "\"abc", EMAIL_SYNTAX, 4);
    ERR(EMAIL, "\"abc\\", EMAIL_SYNTAX, 5);
    ERRV(EMAIL, "\"a\"b@x", EMAIL_SYNTAX, 3, 'b');
    ERR(EMAIL, "\"a\"", EMAIL_SYNTAX, 3);
    ERRV(EMAIL, "\"a\\\xC3\xA9\"@x", EMAIL_SYNTAX, 3, 0xE9);
    ERRV(EMAIL, "a@b@c", DOMAIN_CHAR, 3, '@');
    ERRV(EMAIL, "a@b c", DOMAIN_CHAR, 3, ' ');
    ERRV(EMAIL, "a@b:25", DOMAIN_CHAR, 3, ':');
    ERRV(EMAIL, "a@b%41", DOMAIN_CHAR, 3, '%');
    fill(lp, 'a', 64);
    snprintf(buf, sizeof buf, "u@x.%s", lp);
    ERR(EMAIL, buf, DOMAIN_LABEL_TOO_LONG, 4);
    {
        char l63[64], d[300];
        fill(l63, 'a', 63);
        snprintf(d, sizeof d, "%s.%s.%s.%s", l63, l63, l63, "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb");
        snprintf(buf, sizeof buf, "us@%s", d);
        parse(buf, IBIDI_IRI_AS_EMAIL);
        CHECK(ST == IBIDI_OK && I.host.length == 253, "253-octet mail domain");
        snprintf(buf, sizeof buf, "us@%sb", d);
        ERR(EMAIL, buf, DOMAIN_TOO_LONG, 3 + 253);
    }
}

/* ---- Text errors in every mode ---------------------------------------------------- */

static void test_text_errors(void)
{
    static const ibidi_iri_kind modes[] = {IBIDI_IRI_AS_AUTO, IBIDI_IRI_AS_DOMAIN,
                                             IBIDI_IRI_AS_IRI, IBIDI_IRI_AS_EMAIL};
    static const struct {
        const char *s;
        size_t n;
        ibidi_status st;
        size_t off;
    } utf8[] = {
        {"ab\x80", 3, IBIDI_E_UTF8_UNEXPECTED_CONT, 2},
        {"a\xC0\x80", 3, IBIDI_E_UTF8_OVERLONG, 1},
        {"a\xC1\xBF", 3, IBIDI_E_UTF8_OVERLONG, 1},
        {"\xE0\x80\x80", 3, IBIDI_E_UTF8_OVERLONG, 0},
        {"a@\xF0\x80\x80\x80", 6, IBIDI_E_UTF8_OVERLONG, 2},
        {"a.\xED\xA0\x80", 5, IBIDI_E_UTF8_SURROGATE, 2},
        {"x\xF4\x90\x80\x80", 5, IBIDI_E_UTF8_TOO_LARGE, 1},
        {"x\xF5\x80\x80\x80", 5, IBIDI_E_UTF8_TOO_LARGE, 1},
        {"xy\xFF", 3, IBIDI_E_UTF8_INVALID_BYTE, 2},
        {"\xF8\x88\x80\x80\x80", 5, IBIDI_E_UTF8_INVALID_BYTE, 0},
        {"a\xE2\x82", 3, IBIDI_E_UTF8_TRUNCATED, 1},
        {"a\xE2\x82z", 4, IBIDI_E_UTF8_TRUNCATED, 1},
        {"\xC3", 1, IBIDI_E_UTF8_TRUNCATED, 0},
        {"http://h/\xF0\x9F\x98", 12, IBIDI_E_UTF8_TRUNCATED, 9},
        /* a syntax error earlier does not hide an encoding error: the text comes first */
        {"a b\xFF", 4, IBIDI_E_UTF8_INVALID_BYTE, 3},
        {"1http://\xC0", 9, IBIDI_E_UTF8_OVERLONG, 8},
    };
    for (size_t m = 0; m < 4; m++) {
        for (size_t i = 0; i < sizeof utf8 / sizeof utf8[0]; i++) {
            ibidi_error ve;
            ibidi_utf8_validate(utf8[i].s, utf8[i].n, NULL, &ve);
            parse_n(utf8[i].s, utf8[i].n, modes[m]);
            CHECK(ST == utf8[i].st && E.offset == utf8[i].off && ve.status == ST &&
                      ve.offset == E.offset && ve.value == E.value,
                  "mode %d utf8 #%zu: %s at %zu", (int)modes[m], i, ibidi_status_name(ST),
                  E.offset);
        }
        /* controls: NUL, C0, DEL, C1 */
        ERRN(AUTO, "a\0b", 3, IDENT_CONTROL, 1);
        parse_n("a\0b", 3, modes[m]);
        CHECK(ST == IBIDI_E_IDENT_CONTROL && E.offset == 1 && E.value == 0, "NUL mode %d",
              (int)modes[m]);
        parse_n("ab\t", 3, modes[m]);
        CHECK(ST == IBIDI_E_IDENT_CONTROL && E.offset == 2 && E.value == 9, "TAB mode %d",
              (int)modes[m]);
        parse_n("a@b\x7F", 4, modes[m]);
        CHECK(ST == IBIDI_E_IDENT_CONTROL && E.offset == 3 && E.value == 0x7F, "DEL mode %d",
              (int)modes[m]);
        parse_n("a\xC2\x85" "b", 4, modes[m]);
        CHECK(ST == IBIDI_E_IDENT_CONTROL && E.offset == 1 && E.value == 0x85, "NEL mode %d",
              (int)modes[m]);
        parse_n("x\n", 2, modes[m]);
        CHECK(ST == IBIDI_E_IDENT_CONTROL && E.offset == 1, "LF mode %d", (int)modes[m]);
        /* bidi formatting characters (RFC 3987 §4.1) */
        static const uint32_t bidi[] = {0x200E, 0x200F, 0x061C, 0x202A, 0x202B, 0x202C,
                                        0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069};
        for (size_t b = 0; b < 12; b++) {
            char s[32], e[4];
            size_t k = ibidi_utf8_encode_cp(bidi[b], e);
            static const char *const pre[] = {"ab", "a.b", "a/b", "a@b"};
            size_t pl = strlen(pre[m]);
            memcpy(s, pre[m], pl);
            memcpy(s + pl, e, k);
            memcpy(s + pl + k, "c", 2);
            parse(s, modes[m]);
            CHECK(ST == IBIDI_E_IDENT_BIDI_CONTROL && E.offset == pl && E.value == bidi[b],
                  "bidi control %04X mode %d: %s at %zu", (unsigned)bidi[b], (int)modes[m],
                  ibidi_status_name(ST), E.offset);
        }
        /* empty */
        parse_n("", 0, modes[m]);
        CHECK(ST == IBIDI_E_IDENT_EMPTY && E.offset == 0 && E.value == 0, "empty mode %d",
              (int)modes[m]);
        parse_n(NULL, 0, modes[m]);
        CHECK(ST == IBIDI_E_IDENT_EMPTY, "NULL empty mode %d", (int)modes[m]);
    }
    /* other format characters are not bidi controls: ZWJ is allowed by the parser */
    OK(DOMAIN, "a\xE2\x80\x8D" "b", "L:a\xE2\x80\x8D" "b");
    OK(IRI, "/a\xE2\x80\x8D" "b", "G:a\xE2\x80\x8D" "b");
    /* a control after a syntax error is still reported first */
    ERRN(IRI, "1x:\x01", 4, IDENT_CONTROL, 3);
}

/* ---- Buffer contract, arguments, AUTO, names -------------------------------------- */

static void test_buffer(void)
{
    const char *s = "http://a.b/c.d?e=f#g";
    ibidi_iri_component small[4], full[16];
    ibidi_iri_components rec;
    ibidi_iri_info info;
    ibidi_error err;
    size_t n;

    rec = (ibidi_iri_components){full, 16, 99};
    ibidi_status st = ibidi_iri_parse(s, strlen(s), IBIDI_IRI_AS_IRI, &rec, &info, &err);
    n = rec.n;
    CHECK(st == IBIDI_OK && n == 8, "full parse: %zu", n);

    rec = (ibidi_iri_components){NULL, 0, 99};
    st = ibidi_iri_parse(s, strlen(s), IBIDI_IRI_AS_IRI, &rec, &info, &err);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && err.status == st && rec.n == n &&
              info.kind == IBIDI_IRI_AS_IRI && info.query.present && info.query.start == 15,
          "count only");
    rec = (ibidi_iri_components){small, 4, 99};
    st = ibidi_iri_parse(s, strlen(s), IBIDI_IRI_AS_IRI, &rec, &info, &err);
    int same = 1;
    for (size_t i = 0; i < 4; i++)
        same &= small[i].start == full[i].start && small[i].length == full[i].length &&
                small[i].kind == full[i].kind;
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && rec.n == n && same,
          "small buffer keeps the first components");
    rec = (ibidi_iri_components){full, n, 99};
    st = ibidi_iri_parse(s, strlen(s), IBIDI_IRI_AS_IRI, &rec, &info, &err);
    CHECK(st == IBIDI_OK && rec.n == n, "exact buffer");
    rec = (ibidi_iri_components){full, n - 1, 99};
    st = ibidi_iri_parse(s, strlen(s), IBIDI_IRI_AS_IRI, &rec, &info, &err);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && rec.n == n, "one short");
    /* info and err may be NULL */
    rec = (ibidi_iri_components){full, 16, 99};
    CHECK(ibidi_iri_parse(s, strlen(s), IBIDI_IRI_AS_IRI, &rec, NULL, NULL) == IBIDI_OK &&
              rec.n == n,
          "NULL info and err");
    /* so may the components record: a capacity of 0 */
    CHECK(ibidi_iri_parse(s, strlen(s), IBIDI_IRI_AS_IRI, NULL, NULL, NULL) ==
              IBIDI_E_BUFFER_TOO_SMALL,
          "NULL everything");
    /* a syntax error is reported over a small buffer, wherever it is, and counts nothing */
    rec = (ibidi_iri_components){NULL, 0, 99};
    st = ibidi_iri_parse("a.b.c d", 7, IBIDI_IRI_AS_DOMAIN, &rec, &info, &err);
    CHECK(st == IBIDI_E_DOMAIN_CHAR && err.offset == 5 && rec.n == 0,
          "syntax error over BUFFER_TOO_SMALL");
    rec = (ibidi_iri_components){small, 2, 99};
    st = ibidi_iri_parse("http://a/b/c/d/e/f g", 20, IBIDI_IRI_AS_IRI, &rec, &info, &err);
    CHECK(st == IBIDI_E_IRI_CHAR && err.offset == 18 && rec.n == 0,
          "late syntax error over a small buffer");
    /* no components need no buffer */
    rec = (ibidi_iri_components){NULL, 0, 99};
    st = ibidi_iri_parse(".", 1, IBIDI_IRI_AS_DOMAIN, &rec, &info, &err);
    CHECK(st == IBIDI_OK && rec.n == 0, "root with no buffer");
    CHECK(ibidi_iri_parse(".", 1, IBIDI_IRI_AS_DOMAIN, NULL, &info, &err) == IBIDI_OK,
          "root with no record");
    rec = (ibidi_iri_components){small, 1, 99};
    st = ibidi_iri_parse("http:", 5, IBIDI_IRI_AS_IRI, &rec, &info, &err);
    CHECK(st == IBIDI_OK && rec.n == 1, "scheme only");

    /* the bound: len + 2 components always suffice */
    static const char *const dense[] = {"...", "?=&=&=", "/./.", "a.b.c.d", "x:...#",
                                        "?&&&", "/////", "...?=#", ".a.a.a", "#"};
    for (size_t i = 0; i < sizeof dense / sizeof dense[0]; i++) {
        size_t len = strlen(dense[i]);
        rec = (ibidi_iri_components){C, CAP, 0};
        st = ibidi_iri_parse(dense[i], len, IBIDI_IRI_AS_IRI, &rec, &info, &err);
        CHECK(st == IBIDI_OK && rec.n <= len + 2, "bound '%s': %zu", dense[i], rec.n);
    }

    /* arguments */
    rec = (ibidi_iri_components){full, 16, 99};
    st = ibidi_iri_parse(NULL, 3, IBIDI_IRI_AS_IRI, &rec, &info, &err);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT && err.status == st && rec.n == 0,
          "NULL text with a length");
    rec = (ibidi_iri_components){NULL, 2, 0};
    st = ibidi_iri_parse("a", 1, IBIDI_IRI_AS_IRI, &rec, &info, &err);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT, "NULL comps with a capacity");
    rec = (ibidi_iri_components){full, 16, 0};
    st = ibidi_iri_parse("a", 1, (ibidi_iri_kind)4, &rec, &info, &err);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT, "unknown kind");
    st = ibidi_iri_parse("a", 1, (ibidi_iri_kind)-1, &rec, &info, &err);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT, "negative kind");
}

static void auto_is(int line, const char *s, ibidi_iri_kind want)
{
    parse(s, IBIDI_IRI_AS_AUTO);
    CHECK(ST == IBIDI_OK && I.kind == want, "line %d: AUTO '%s': %s, kind %s", line, s,
          ibidi_status_name(ST), ibidi_iri_kind_name(I.kind));
}
#define AUTO_IS(s, k) auto_is(__LINE__, s, IBIDI_IRI_AS_##k)

static void test_auto(void)
{
    AUTO_IS("http://x", IRI);
    AUTO_IS("mailto:a@b", IRI);
    AUTO_IS("x:y@z", IRI);
    AUTO_IS("localhost:8080", IRI);
    AUTO_IS("/a", IRI);
    AUTO_IS("a/b@c", IRI);
    AUTO_IS("?x", IRI);
    AUTO_IS("#x", IRI);
    AUTO_IS("a.b/c", IRI);
    AUTO_IS("a@b", EMAIL);
    AUTO_IS("a.b@c.d", EMAIL);
    AUTO_IS("\"a b\"@c", EMAIL);
    AUTO_IS("a@[1.2.3.4]", EMAIL);
    AUTO_IS("a.b", DOMAIN);
    AUTO_IS("a", DOMAIN);
    AUTO_IS(".", DOMAIN);
    AUTO_IS(nt("ABC.DEF"), DOMAIN);
    AUTO_IS(nt("ABC@DEF.GH"), EMAIL);
    AUTO_IS(nt("http://ABC.DEF/GH"), IRI);
    /* text before ":" that is no scheme, and no "/?#": not an IRI */
    ERR(AUTO, "1:2", DOMAIN_CHAR, 1);
    CHECK(I.kind == IBIDI_IRI_AS_DOMAIN, "AUTO '1:2' taken as a domain");
    ERR(AUTO, "a@b:c", DOMAIN_CHAR, 3);
    CHECK(I.kind == IBIDI_IRI_AS_EMAIL, "AUTO 'a@b:c' taken as a mail address");
    ERR(AUTO, ":x", DOMAIN_CHAR, 0);
    /* ... but with "/?#" anywhere it is one, and the scheme is then wrong */
    ERR(AUTO, "1http://x", IRI_SCHEME, 0);
    CHECK(I.kind == IBIDI_IRI_AS_IRI, "AUTO '1http://x' taken as an IRI");
    ERR(AUTO, "a..b", DOMAIN_EMPTY_LABEL, 2);
    /* the kind is chosen before the text is checked, so that errors name it */
    ERRN(AUTO, "http://a\xFF", 9, UTF8_INVALID_BYTE, 8);
    CHECK(I.kind == IBIDI_IRI_AS_IRI, "AUTO kind with a UTF-8 error");
    ERRN(AUTO, "a@b\x01", 4, IDENT_CONTROL, 3);
    CHECK(I.kind == IBIDI_IRI_AS_EMAIL, "AUTO kind with a control");
    ERRN(AUTO, "", 0, IDENT_EMPTY, 0);
    CHECK(I.kind == IBIDI_IRI_AS_DOMAIN && P.n == 0, "AUTO kind of empty input");
    ERR(EMAIL, "a@b c", DOMAIN_CHAR, 3);
    CHECK(I.kind == IBIDI_IRI_AS_EMAIL && P.n == 0 && I.local_part.present,
          "info after an error");
    OK(AUTO, "a.b@c.d", "A:a A:b L:c L:d");
    OK(AUTO, "http://a.b", "S:http L:a L:b");
}

static void test_names(void)
{
    static const char *const names[] = {NULL,          "scheme",     "userinfo",  "label",
                                        "ipv4",        "ip-literal", "port",      "segment",
                                        "extension",   "query-name", "query-value",
                                        "fragment",    "local-atom", "local-quoted"};
    for (int k = 1; k <= 13; k++) {
        const char *n = ibidi_iri_component_kind_name((ibidi_iri_component_kind)k);
        CHECK(n && strcmp(n, names[k]) == 0, "component kind %d name", k);
    }
    CHECK(ibidi_iri_component_kind_name((ibidi_iri_component_kind)0) == NULL, "kind 0");
    CHECK(ibidi_iri_component_kind_name((ibidi_iri_component_kind)14) == NULL, "kind 14");
    CHECK(ibidi_iri_component_kind_name((ibidi_iri_component_kind)-1) == NULL, "kind -1");
    CHECK(strcmp(ibidi_iri_kind_name(IBIDI_IRI_AS_AUTO), "auto") == 0, "auto");
    CHECK(strcmp(ibidi_iri_kind_name(IBIDI_IRI_AS_DOMAIN), "domain") == 0, "domain");
    CHECK(strcmp(ibidi_iri_kind_name(IBIDI_IRI_AS_IRI), "iri") == 0, "iri");
    CHECK(strcmp(ibidi_iri_kind_name(IBIDI_IRI_AS_EMAIL), "email") == 0, "email");
    CHECK(ibidi_iri_kind_name((ibidi_iri_kind)4) == NULL, "ident kind 4");
    CHECK(ibidi_iri_kind_name((ibidi_iri_kind)-1) == NULL, "ident kind -1");
}

int main(void)
{
    test_rfc3987_examples();
    test_iri_structure();
    test_iri_hosts();
    test_ipv6();
    test_iri_errors();
    test_domain();
    test_email();
    test_text_errors();
    test_buffer();
    test_auto();
    test_names();
    return t_summary();
}
