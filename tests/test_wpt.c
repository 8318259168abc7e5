/*
 * The whatwg profile against the web-platform-tests data of the URL Standard
 * (../shared/wpt/, see its SOURCES.txt; IBIDI_WPT_DIR overrides the folder):
 *
 *  1. toascii.json, every case: ibidi_idna_to_ascii_utf8 with IBIDI_IDNA_PROFILE_WHATWG
 *     gives the output, or fails where the output is null. All must pass.
 *  2. urltestdata.json, its host cases (defined at classify() below): the host that the
 *     URL parser hands to the host parser, percent-decoded, through the same call, must
 *     give the expected hostname, or fail where the URL fails. Every other case is counted
 *     under the reason it is not a host case, and the counts are printed.
 *  3. The cases of toascii.json where the URL Standard and UTS #46 ToASCII with the same
 *     flags (the profile without IBIDI_IDNA_URL_HOST) disagree: each has a note in
 *     `notes` below, and no other case has one.
 *
 * Without the folder the program prints a "skipped:" line and passes nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/idna.h"
#include "ibidi/utf8.h"
#include "testlib.h"

/* ---- Where the URL Standard and UTS #46 differ on toascii.json ----------------------
 *
 * input (C escapes)            URL Standard       UTS #46 ToASCII   why
 * "xn--a"                      xn--a              V7 (U+0080)        ASCII carve-out
 * "xn--a.xn--zca"              xn--a.xn--zca      V7 (U+0080)        ASCII carve-out
 * "xn--ls8h="                  xn--ls8h=          P4                 ASCII carve-out
 * "xn--1ug.example"            xn--1ug.example    C2 (ZWJ)           ASCII carve-out
 * "xn--a-yoc"                  xn--a-yoc          B2, B3 (bidi)      ASCII carve-out
 * "xn--zn7c.com"               xn--zn7c.com       V7 (U+FFFD)        ASCII carve-out
 * "xn--0.com"                  xn--0.com          P4 (truncated)     ASCII carve-out
 * "www.lookout.net\u2A74" "80" failure            www.lookout.net::=80  ":" forbidden
 * "www\u00A0.lookout.net"      failure            "www .lookout.net"   space forbidden
 * "\x1Flookout.net"            failure            \x1Flookout.net    C0 control forbidden
 *
 * The URL Standard's domain to ASCII returns an ASCII domain lowercased whatever UTS #46
 * ToASCII says (whatwg/url#914, for web compatibility), and the host parser rejects the
 * forbidden domain code points that UTS #46 (UseSTD3ASCIIRules false) lets through.
 */
typedef struct note {
    const char *input;
    const char *why;
} note;
static const note notes[] = {
    {"xn--a", "ASCII carve-out: UTS #46 V7 (\"a\" decodes to U+0080, disallowed)"},
    {"xn--a.xn--zca", "ASCII carve-out: UTS #46 V7 (\"a\" decodes to U+0080, disallowed)"},
    {"xn--ls8h=", "ASCII carve-out: UTS #46 P4 (\"=\" is not a Punycode digit)"},
    {"xn--1ug.example", "ASCII carve-out: UTS #46 C2 (a decoded ZWJ without a virama)"},
    {"xn--a-yoc", "ASCII carve-out: UTS #46 B2, B3 (the decoded RTL label holds an L)"},
    {"xn--zn7c.com", "ASCII carve-out: UTS #46 V7 (decodes to U+FFFD)"},
    {"xn--0.com", "ASCII carve-out: UTS #46 P4 (truncated Punycode)"},
    {"www.lookout.net\xE2\xA9\xB4" "80", "host parser: U+2A74 maps to \"::=\", \":\" forbidden"},
    {"www\xC2\xA0.lookout.net", "host parser: U+00A0 maps to a space, which is forbidden"},
    {"\x1Flookout.net", "host parser: a C0 control is a forbidden domain code point"},
};
#define N_NOTES (sizeof notes / sizeof notes[0])

/* ---- A JSON reader for the two files ------------------------------------------------ */

/* A string value: UTF-8 bytes (escapes decoded; a lone surrogate escape becomes U+FFFD, as
 * the harness's USVString conversion makes it), or absent / null. */
typedef struct jstr {
    char *s;
    size_t len;
    int kind; /* 0 absent, 1 string, 2 null, 3 true, 4 false */
} jstr;

typedef struct jcase {
    jstr input, output, base, hostname, failure;
} jcase;

typedef struct reader {
    const char *p, *end;
    int bad;
} reader;

static void ws(reader *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\n' || *r->p == '\r' || *r->p == '\t'))
        r->p++;
}

static long hex4(reader *r)
{
    long v = 0;
    if (r->end - r->p < 4)
        return -1;
    for (int i = 0; i < 4; i++) {
        int h = t_hex_digit((unsigned char)r->p[i]);
        if (h < 0)
            return -1;
        v = v * 16 + h;
    }
    r->p += 4;
    return v;
}

/* A string at r->p (the opening quote); into *out when out is not NULL. */
static void read_string(reader *r, jstr *out)
{
    const char *start = ++r->p;
    char *buf = malloc((size_t)(r->end - start) + 1), *w = buf;
    if (!buf) {
        r->bad = 1;
        return;
    }
    while (r->p < r->end && *r->p != '"') {
        char c = *r->p++;
        if (c != '\\') {
            *w++ = c;
            continue;
        }
        if (r->p >= r->end)
            break;
        c = *r->p++;
        switch (c) {
        case 'n': *w++ = '\n'; break;
        case 't': *w++ = '\t'; break;
        case 'r': *w++ = '\r'; break;
        case 'b': *w++ = '\b'; break;
        case 'f': *w++ = '\f'; break;
        case 'u': {
            long v = hex4(r);
            if (v < 0) {
                r->bad = 1;
                break;
            }
            if (v >= 0xD800 && v <= 0xDBFF && r->end - r->p >= 6 && r->p[0] == '\\' &&
                r->p[1] == 'u') {
                reader t = {r->p + 2, r->end, 0};
                long lo = hex4(&t);
                if (lo >= 0xDC00 && lo <= 0xDFFF) {
                    v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00);
                    r->p = t.p;
                }
            }
            if (v >= 0xD800 && v <= 0xDFFF)
                v = 0xFFFD;
            w += ibidi_utf8_encode_cp((uint32_t)v, w);
            break;
        }
        default: *w++ = c; break; /* \" \\ \/ */
        }
    }
    if (r->p >= r->end)
        r->bad = 1;
    else
        r->p++;
    if (out) {
        out->s = buf;
        out->len = (size_t)(w - buf);
        out->kind = 1;
    } else {
        free(buf);
    }
}

static void skip_value(reader *r);

/* A value at r->p into *out (strings and literals; anything else is skipped). */
static void read_value(reader *r, jstr *out)
{
    ws(r);
    if (r->p >= r->end) {
        r->bad = 1;
        return;
    }
    if (*r->p == '"') {
        read_string(r, out);
    } else if (r->end - r->p >= 4 && memcmp(r->p, "null", 4) == 0) {
        r->p += 4;
        if (out)
            out->kind = 2;
    } else if (r->end - r->p >= 4 && memcmp(r->p, "true", 4) == 0) {
        r->p += 4;
        if (out)
            out->kind = 3;
    } else if (r->end - r->p >= 5 && memcmp(r->p, "false", 5) == 0) {
        r->p += 5;
        if (out)
            out->kind = 4;
    } else {
        skip_value(r);
    }
}

static void skip_value(reader *r)
{
    ws(r);
    if (r->p >= r->end) {
        r->bad = 1;
        return;
    }
    char open = *r->p;
    if (open == '"') {
        read_string(r, NULL);
        return;
    }
    if (open != '[' && open != '{') { /* a number or a literal */
        while (r->p < r->end && *r->p != ',' && *r->p != ']' && *r->p != '}')
            r->p++;
        return;
    }
    r->p++;
    for (;;) {
        ws(r);
        if (r->p >= r->end) {
            r->bad = 1;
            return;
        }
        if (*r->p == ']' || *r->p == '}') {
            r->p++;
            return;
        }
        if (*r->p == ',' || *r->p == ':') {
            r->p++;
            continue;
        }
        skip_value(r);
        if (r->bad)
            return;
    }
}

static void free_case(jcase *c)
{
    free(c->input.s), free(c->output.s), free(c->base.s), free(c->hostname.s);
    free(c->failure.s);
    memset(c, 0, sizeof *c);
}

/* The next element of the top-level array: 1 with *c for an object, 2 for anything else
 * (the files' comments), 0 at the end (r->bad on a syntax error). */
static int next_case(reader *r, jcase *c)
{
    memset(c, 0, sizeof *c);
    ws(r);
    if (r->p < r->end && (*r->p == '[' || *r->p == ','))
        r->p++;
    ws(r);
    if (r->p >= r->end || *r->p == ']')
        return 0;
    if (*r->p != '{') {
        skip_value(r);
        return r->bad ? 0 : 2;
    }
    r->p++;
    for (;;) {
        ws(r);
        if (r->p < r->end && *r->p == ',')
            r->p++;
        ws(r);
        if (r->p >= r->end || r->bad) {
            r->bad = 1;
            return 0;
        }
        if (*r->p == '}') {
            r->p++;
            return 1;
        }
        jstr key = {0};
        if (*r->p != '"') {
            r->bad = 1;
            return 0;
        }
        read_string(r, &key);
        ws(r);
        if (r->p < r->end && *r->p == ':')
            r->p++;
        jstr *to = NULL;
        if (key.len == 5 && memcmp(key.s, "input", 5) == 0)
            to = &c->input;
        else if (key.len == 6 && memcmp(key.s, "output", 6) == 0)
            to = &c->output;
        else if (key.len == 4 && memcmp(key.s, "base", 4) == 0)
            to = &c->base;
        else if (key.len == 8 && memcmp(key.s, "hostname", 8) == 0)
            to = &c->hostname;
        else if (key.len == 7 && memcmp(key.s, "failure", 7) == 0)
            to = &c->failure;
        free(key.s);
        read_value(r, to);
    }
}

/* ---- The call under test ------------------------------------------------------------- */

static char out[8192];

/* ToASCII with the whatwg profile (less the flags in `remove`): 1 and the output in out /
 * *len when it succeeds, 0 when it fails. */
static int to_ascii(const char *s, size_t n, unsigned remove, size_t *len)
{
    const ibidi_idna_options o = {IBIDI_IDNA_PROFILE_WHATWG, 0, remove, NULL, 0};
    ibidi_buf b = {out, sizeof out, 0};
    ibidi_status st = ibidi_idna_to_ascii_utf8(s, n, &o, &b, NULL, NULL);
    *len = b.len;
    CHECK(st == IBIDI_OK || st == IBIDI_E_IDNA_INVALID || (st >= 100 && st < 110),
          "unexpected status %s", ibidi_status_name(st));
    return st == IBIDI_OK;
}

static void show(const char *s, size_t n, char *buf, size_t cap)
{
    size_t w = 0;
    for (size_t i = 0; i < n && w + 8 < cap; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7F)
            w += (size_t)snprintf(buf + w, cap - w, "\\x%02X", c);
        else
            buf[w++] = (char)c;
    }
    buf[w] = '\0';
}

/* ---- 1 and 3: toascii.json ----------------------------------------------------------- */

static void run_toascii(char *text, size_t len)
{
    reader r = {text, text + len, 0};
    jcase c;
    int k;
    long cases = 0, passed = 0, differ = 0;
    int noted[N_NOTES] = {0};
    char a[512], b[512];
    while ((k = next_case(&r, &c)) != 0) {
        if (k == 2 || c.input.kind != 1) {
            free_case(&c);
            continue;
        }
        cases++;
        size_t n = 0;
        int ok = to_ascii(c.input.s, c.input.len, 0, &n);
        show(c.input.s, c.input.len, a, sizeof a);
        if (c.output.kind == 1) {
            show(out, n, b, sizeof b);
            passed += CHECK(ok && n == c.output.len && memcmp(out, c.output.s, n) == 0,
                            "toascii.json \"%s\": got %s \"%s\"", a, ok ? "" : "failure", b);
        } else {
            passed += CHECK(!ok, "toascii.json \"%s\": want failure, got \"%.*s\"", a, (int)n,
                            out);
        }
        /* 3. against UTS #46 with the same flags */
        const int want_ok = c.output.kind == 1;
        size_t pn = 0;
        int pok = to_ascii(c.input.s, c.input.len, IBIDI_IDNA_URL_HOST, &pn);
        int d = pok != want_ok ||
                (want_ok && (pn != c.output.len || memcmp(out, c.output.s, pn) != 0));
        size_t ni = N_NOTES;
        for (size_t i = 0; i < N_NOTES; i++)
            if (strlen(notes[i].input) == c.input.len &&
                memcmp(notes[i].input, c.input.s, c.input.len) == 0)
                ni = i;
        differ += d;
        if (ni < N_NOTES)
            noted[ni] = 1;
        CHECK(d == (ni < N_NOTES), "toascii.json \"%s\": %s from UTS #46 %s a note", a,
              d ? "differs" : "does not differ", d ? "without" : "but has");
        if (d && ni < N_NOTES)
            printf("    info: differs from UTS #46: \"%s\": %s\n", a, notes[ni].why);
        free_case(&c);
    }
    CHECK(!r.bad, "toascii.json: syntax error near byte %ld", (long)(r.p - text));
    for (size_t i = 0; i < N_NOTES; i++)
        CHECK(noted[i], "note %zu names no case of toascii.json", i);
    CHECK(cases >= 87, "toascii.json: only %ld cases read", cases);
    printf("toascii.json: %ld of %ld cases pass; %ld differ from UTS #46 (noted above)\n",
           passed, cases, differ);
}

/* ---- 2: the host cases of urltestdata.json -------------------------------------------
 *
 * A host case is one where the URL Standard's parser runs the host parser on a domain
 * (not an IPv6 literal, not an opaque host) and the expected hostname, or the failure,
 * is that parser's result. classify() follows the basic URL parser (URL Standard §4.4)
 * only as far as the host:
 *   - leading and trailing C0 controls and spaces are removed, and tabs and newlines;
 *   - the scheme must be special (ftp, http, https, ws, wss; file below) and the input
 *     absolute, or relative with two slashes (either "/" or "\") after the scheme of a
 *     special base (then the authority follows whatever slashes come next);
 *   - the authority ends at "/", "\", "?" or "#"; the host follows its last "@"; a ":"
 *     outside brackets starts the port;
 *   - file: "file:" and two slashes, then the host up to "/", "\", "?" or "#", not empty
 *     and not a Windows drive letter; "localhost" becomes "".
 * The host is percent-decoded and run through ToASCII. A result that ends in a number
 * (URL Standard, host parsing step 8) goes to the IPv4 parser, which is not this
 * library's: those cases are counted, not compared. A failure case whose host passes but
 * whose port is not a valid port fails there, not in the host: counted too.
 */
enum {
    K_HOST,        /* compared */
    K_NOT_SPECIAL, /* opaque host or none: not domain to ASCII */
    K_RELATIVE,    /* the host comes from the base, or there is none */
    K_NO_SCHEME,   /* no scheme and no base: fails before any host */
    K_FILE_NONE,   /* file URL without a host (or a drive letter) */
    K_IPV6,        /* an IPv6 literal: the IPv6 parser */
    K_IPV4,        /* ends in a number: the IPv4 parser */
    K_PORT,        /* the host passes, the port fails */
    K_COUNT
};
static const char *const kind_why[K_COUNT] = {
    "host cases compared",
    "not special: opaque host or none, not domain to ASCII",
    "relative: the host comes from the base or there is none",
    "no scheme and no base: fails before any host",
    "file URL without a host (empty, or a drive letter)",
    "IPv6 literal: the IPv6 parser, not domain to ASCII",
    "ends in a number: the IPv4 parser decides (URL Standard, host parsing step 8)",
    "the host passes; the port is what fails",
};

static int is_slash(char c) { return c == '/' || c == '\\'; }
static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

/* The scheme of s (lowercased into buf), or 0. */
static size_t scheme_of(const char *s, size_t n, char *buf, size_t cap)
{
    size_t i = 0;
    if (n == 0 || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')))
        return 0;
    while (i < n && i + 1 < cap &&
           ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
            (s[i] >= '0' && s[i] <= '9') || s[i] == '+' || s[i] == '-' || s[i] == '.')) {
        buf[i] = (char)lower((unsigned char)s[i]);
        i++;
    }
    if (i >= n || s[i] != ':')
        return 0;
    buf[i] = '\0';
    return i;
}

static int is_special(const char *sc)
{
    static const char *const sp[] = {"ftp", "http", "https", "ws", "wss"};
    for (size_t i = 0; i < 5; i++)
        if (strcmp(sc, sp[i]) == 0)
            return 1;
    return 0;
}

/* URL Standard: ends in a number. */
static int ends_in_number(const char *s, size_t n)
{
    if (n && s[n - 1] == '.') {
        size_t dots = 0;
        for (size_t i = 0; i < n; i++)
            dots += s[i] == '.';
        if (dots == 1 && n == 1)
            return 0;
        n--;
    }
    size_t b = n;
    while (b > 0 && s[b - 1] != '.')
        b--;
    const char *l = s + b;
    size_t m = n - b;
    int digits = m > 0;
    for (size_t i = 0; i < m; i++)
        digits &= l[i] >= '0' && l[i] <= '9';
    if (digits)
        return 1;
    if (m >= 2 && l[0] == '0' && (l[1] == 'x' || l[1] == 'X')) {
        for (size_t i = 2; i < m; i++)
            if (t_hex_digit((unsigned char)l[i]) < 0)
                return 0;
        return 1;
    }
    return 0;
}

typedef struct hostcase {
    int kind;
    int ok;          /* the host passes */
    char got[1024];  /* its result */
    size_t got_len;
} hostcase;

static void classify(const jcase *c, hostcase *h)
{
    static char in[4096];
    size_t n = 0, a = 0, e = c->input.len;
    const char *s = c->input.s;
    memset(h, 0, sizeof *h);
    while (a < e && (unsigned char)s[a] <= 0x20)
        a++;
    while (e > a && (unsigned char)s[e - 1] <= 0x20)
        e--;
    for (size_t i = a; i < e && n < sizeof in; i++)
        if (s[i] != '\t' && s[i] != '\n' && s[i] != '\r')
            in[n++] = s[i];
    char sc[64], bsc[64] = "";
    size_t sl = scheme_of(in, n, sc, sizeof sc), p;
    int have_base = c->base.kind == 1;
    if (have_base && !scheme_of(c->base.s, c->base.len, bsc, sizeof bsc))
        bsc[0] = '\0';
    int file = 0;
    if (sl == 0) {
        if (!have_base) {
            h->kind = K_NO_SCHEME;
            return;
        }
        if (!is_special(bsc) || n < 2 || !is_slash(in[0]) || !is_slash(in[1])) {
            h->kind = K_RELATIVE;
            return;
        }
        p = 2;
    } else if (strcmp(sc, "file") == 0) {
        file = 1;
        p = sl + 1;
        if (n - p < 2 || !is_slash(in[p]) || !is_slash(in[p + 1])) {
            h->kind = have_base ? K_RELATIVE : K_FILE_NONE;
            return;
        }
        p += 2;
    } else if (!is_special(sc)) {
        h->kind = K_NOT_SPECIAL;
        return;
    } else {
        p = sl + 1;
        if (have_base && strcmp(bsc, sc) == 0 &&
            (n - p < 2 || !is_slash(in[p]) || !is_slash(in[p + 1]))) {
            h->kind = K_RELATIVE; /* special relative or authority state: relative */
            return;
        }
    }
    if (!file)
        while (p < n && is_slash(in[p])) /* special authority ignore slashes state */
            p++;
    size_t q = p;
    while (q < n && !is_slash(in[q]) && in[q] != '?' && in[q] != '#')
        q++;
    size_t hs = p, he = q, port = q;
    if (!file) {
        for (size_t i = p; i < q; i++) /* authority state: the host follows the last "@" */
            if (in[i] == '@')
                hs = i + 1;
        int brackets = 0;
        for (size_t i = hs; i < q; i++) { /* host state */
            if (in[i] == '[')
                brackets = 1;
            else if (in[i] == ']')
                brackets = 0;
            else if (in[i] == ':' && !brackets) {
                he = i;
                port = i + 1;
                break;
            }
        }
    }
    if (file && (he == hs || (he - hs == 2 && ((in[hs] | 32) >= 'a' && (in[hs] | 32) <= 'z') &&
                              (in[hs + 1] == ':' || in[hs + 1] == '|')))) {
        h->kind = K_FILE_NONE;
        return;
    }
    if (he > hs && in[hs] == '[') {
        h->kind = K_IPV6;
        return;
    }
    /* percent-decode (URL Standard, host parsing step 4) */
    static char host[4096];
    size_t m = 0;
    for (size_t i = hs; i < he; i++) {
        if (in[i] == '%' && i + 2 < he && t_hex_digit((unsigned char)in[i + 1]) >= 0 &&
            t_hex_digit((unsigned char)in[i + 2]) >= 0) {
            host[m++] = (char)(t_hex_digit((unsigned char)in[i + 1]) * 16 +
                               t_hex_digit((unsigned char)in[i + 2]));
            i += 2;
        } else {
            host[m++] = in[i];
        }
    }
    size_t len = 0;
    h->kind = K_HOST;
    h->ok = he > hs && to_ascii(host, m, 0, &len);
    if (h->ok) {
        if (ends_in_number(out, len)) {
            h->kind = K_IPV4;
            return;
        }
        if (file && len == 9 && memcmp(out, "localhost", 9) == 0)
            len = 0;
        memcpy(h->got, out, len < sizeof h->got ? len : sizeof h->got);
        h->got_len = len;
        /* the port: digits only, at most 65535 (port state) */
        unsigned long v = 0;
        int bad = 0;
        for (size_t i = port; i < q; i++) {
            if (in[i] < '0' || in[i] > '9') {
                bad = 1;
                break;
            }
            v = v * 10 + (unsigned long)(in[i] - '0');
            if (v > 65535)
                bad = 1;
        }
        if (bad && c->failure.kind == 3)
            h->kind = K_PORT;
    }
}

static void run_urltestdata(char *text, size_t len)
{
    reader r = {text, text + len, 0};
    jcase c;
    int k;
    long count[K_COUNT] = {0}, passed = 0, cases = 0, fails = 0;
    char a[1024], b[1024];
    while ((k = next_case(&r, &c)) != 0) {
        if (k == 2 || c.input.kind != 1) {
            free_case(&c);
            continue;
        }
        cases++;
        hostcase h;
        classify(&c, &h);
        count[h.kind]++;
        if (h.kind == K_HOST) {
            show(c.input.s, c.input.len, a, sizeof a);
            if (c.failure.kind == 3) {
                fails++;
                passed += CHECK(!h.ok, "urltestdata.json \"%s\": want failure, got \"%.*s\"",
                                a, (int)h.got_len, h.got);
            } else {
                show(h.got, h.got_len, b, sizeof b);
                passed += CHECK(h.ok && c.hostname.kind == 1 && h.got_len == c.hostname.len &&
                                    memcmp(h.got, c.hostname.s, h.got_len) == 0,
                                "urltestdata.json \"%s\": got %s \"%s\", want \"%.*s\"", a,
                                h.ok ? "" : "failure", b, (int)c.hostname.len, c.hostname.s);
            }
        }
        free_case(&c);
    }
    CHECK(!r.bad, "urltestdata.json: syntax error near byte %ld", (long)(r.p - text));
    CHECK(count[K_HOST] >= 200, "urltestdata.json: only %ld host cases", count[K_HOST]);
    long sum = 0;
    for (int i = 0; i < K_COUNT; i++)
        sum += count[i];
    CHECK(sum == cases, "urltestdata.json: %ld cases, %ld classified", cases, sum);
    printf("urltestdata.json: %ld cases, every one classified:\n", cases);
    for (int i = 0; i < K_COUNT; i++)
        printf("    %5ld  %s\n", count[i], kind_why[i]);
    printf("urltestdata.json: %ld of %ld host cases pass (%ld of them failures)\n", passed,
           count[K_HOST], fails);
}

int main(void)
{
    const char *dir = getenv("IBIDI_WPT_DIR");
    char path[4096];
    if (!dir || !*dir)
        dir = "../shared/wpt";
    size_t len = 0;
    snprintf(path, sizeof path, "%s/toascii.json", dir);
    char *text = t_read_file(path, &len);
    if (!text) {
        printf("skipped: %s not found (the web-platform-tests data of the URL Standard; "
               "set IBIDI_WPT_DIR to its folder)\n", path);
        return t_summary();
    }
    run_toascii(text, len);
    free(text);
    snprintf(path, sizeof path, "%s/urltestdata.json", dir);
    text = t_read_file(path, &len);
    if (CHECK(text != NULL, "cannot read %s", path))
        run_urltestdata(text, len);
    free(text);
    return t_summary();
}
