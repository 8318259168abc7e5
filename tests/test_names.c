/* ibidi_scan_line (ibidi/ambiguity.h): the line reader of `ibidi scan`. Named cases for
 * comments, blanks, CR, bytes that are not UTF-8, lengths that cut the buffer; then every
 * line of up to 6 characters over an alphabet of the characters that matter, against the
 * definition in the header. */
#include <stdio.h>
#include <string.h>

#include "ibidi.h"
#include "testlib.h"

/* case NAME LINE (with its length) -> expected name ("" when none) */
static void expect(const char *what, const char *line, size_t len, const char *name)
{
    size_t start = 99, n = 99;
    int got = ibidi_scan_line(line, len, &start, &n);
    int want = name[0] != '\0';
    if (!CHECK(got == want, "%s: returned %d, expected %d", what, got, want))
        return;
    if (want) {
        CHECK(start + n <= len && n == strlen(name) && memcmp(line + start, name, n) == 0,
              "%s: got '%.*s' at %zu, expected '%s'", what, (int)n,
              start + n <= len ? line + start : "", start, name);
    } else {
        CHECK(n == 0, "%s: name length %zu for a line without a name", what, n);
    }
}

#define E(what, line, name) expect(what, line, sizeof line - 1, name)

/* The header's definition, written the plain way: cut at the first '#', drop one final CR
 * of the line, then spaces and tabs (and CRs) around. */
static int reference(const char *s, size_t len, size_t *start, size_t *n)
{
    size_t e = 0, b = 0;
    while (e < len && s[e] != '#')
        e++;
    for (;;) {
        if (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r'))
            e--;
        else if (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r'))
            b++;
        else
            break;
    }
    *start = b;
    *n = e - b;
    return e > b;
}

int main(void)
{
    E("empty", "", "");
    E("blank", "   ", "");
    E("tabs", "\t\t", "");
    E("CR only", "\r", "");
    E("blanks and CR", " \t \r", "");
    E("comment", "# the right-to-left entries", "");
    E("hash only", "#", "");
    E("indented comment", "   # x", "");
    E("plain", "example.com", "example.com");
    E("spaces around", "  example.com  ", "example.com");
    E("tabs around", "\texample.com\t", "example.com");
    E("CRLF line", "example.com\r", "example.com");
    E("CR after blanks", "example.com  \r", "example.com");
    E("CR before blanks", "example.com\r  ", "example.com");
    E("trailing comment", "example.com # note", "example.com");
    E("comment right after", "example.com#note", "example.com");
    E("CR before comment", "example.com\r# x", "example.com");
    E("hash in comment", "a.b # x # y", "a.b");
    E("inner space kept", "a b.com", "a b.com");
    E("inner tab kept", "a\tb", "a\tb");
    E("inner CR kept", "a\rb", "a\rb");
    E("U-label", "  \xD7\x99\xD7\xA9\xD7\xA8\xD7\x90\xD7\x9C.com  # Hebrew",
      "\xD7\x99\xD7\xA9\xD7\xA8\xD7\x90\xD7\x9C.com");
    E("A-label", "xn--4dbrk0ce.123.com", "xn--4dbrk0ce.123.com");
    E("ill-formed UTF-8 is a name", " \xFF\xFE ", "\xFF\xFE");
    E("lone lead byte", "\xD7", "\xD7");
    E("other white space is part of the name", "\xC2\xA0x\xC2\xA0", "\xC2\xA0x\xC2\xA0");

    /* NUL inside and lengths that do not reach the end of the buffer */
    size_t s0, n0;
    CHECK(ibidi_scan_line("a\0b", 3, &s0, &n0) == 1 && s0 == 0 && n0 == 3, "NUL inside");
    expect("length cuts before the comment", "abc#", 3, "abc");
    expect("length cuts the name", "abcdef", 2, "ab");
    expect("length 0", "abc", 0, "");
    expect("NULL line", NULL, 0, "");

    /* optional outputs */
    CHECK(ibidi_scan_line(" x ", 3, NULL, NULL) == 1, "NULL outputs: a name");
    CHECK(ibidi_scan_line(" # ", 3, NULL, NULL) == 0, "NULL outputs: no name");
    size_t st = 7;
    CHECK(ibidi_scan_line("ab", 2, &st, NULL) == 1 && st == 0, "start only");

    /* every line of up to 6 characters over the alphabet that matters */
    static const char alpha[] = {' ', '\t', '\r', '#', 'a', '\xD7', '\x90', '.'};
    enum { K = sizeof alpha, MAXLEN = 6 };
    long compared = 0, failed = 0;
    char line[MAXLEN];
    for (int len = 0; len <= MAXLEN; len++) {
        long total = 1;
        for (int i = 0; i < len; i++)
            total *= K;
        for (long v = 0; v < total; v++) {
            long x = v;
            for (int i = 0; i < len; i++) {
                line[i] = alpha[x % K];
                x /= K;
            }
            size_t s1, n1, s2, n2;
            int r1 = ibidi_scan_line(line, (size_t)len, &s1, &n1);
            int r2 = reference(line, (size_t)len, &s2, &n2);
            int ok = r1 == r2 && n1 == n2 && (!r1 || s1 == s2);
            /* the properties the fuzz target checks too */
            if (r1) {
                ok = ok && s1 + n1 <= (size_t)len && n1 > 0;
                ok = ok && !memchr(line + s1, '#', n1);
                ok = ok && line[s1] != ' ' && line[s1] != '\t' && line[s1] != '\r';
                ok = ok && line[s1 + n1 - 1] != ' ' && line[s1 + n1 - 1] != '\t' &&
                     line[s1 + n1 - 1] != '\r';
            }
            compared++;
            if (!ok && failed++ < 5)
                CHECK(0, "line '%.*s' (%d bytes): got %d %zu+%zu, reference %d %zu+%zu", len,
                      line, len, r1, s1, n1, r2, s2, n2);
        }
    }
    if (!failed)
        t_pass_n(compared);
    else
        CHECK(0, "%ld of %ld lines differ from the definition", failed, compared);
    printf("compared %ld lines of up to %d characters with the definition\n", compared,
           (int)MAXLEN);
    return t_summary();
}
