/*
 * UTS #46 conformance: every line of IdnaTestV2.txt (Unicode 17.0.0), for ToUnicode,
 * ToASCII nontransitional and ToASCII transitional: the output string and the exact set
 * of status codes, with every flag on (ibidi's "uts46" profile, as the file assumes).
 *
 * Each line runs through the code point calls (which accept the file's lone surrogates, as
 * UTS #46 does) and, when the line has no surrogate, through the UTF-8 calls as well; both
 * must give the same answer. Nothing is skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"
#include "testlib.h"

#define MAXV 1024
#define MAXF 64

typedef struct str {
    uint32_t cp[MAXV];
    size_t n;
} str;

typedef struct codes {
    char name[24][8];
    size_t n;
} codes;

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    return s;
}

/* A field: UTF-8 with \uXXXX and \x{X..} escapes; "" is the empty string. */
static int parse_str(const char *f, str *out)
{
    out->n = 0;
    if (strcmp(f, "\"\"") == 0)
        return 1;
    size_t len = strlen(f), pos = 0;
    while (pos < len) {
        uint32_t cp;
        if (f[pos] == '\\' && pos + 1 < len && (f[pos + 1] == 'u' || f[pos + 1] == 'x')) {
            size_t p = pos + 2;
            int brace = p < len && f[p] == '{';
            if (brace)
                p++;
            cp = 0;
            int digits = 0;
            while (p < len && t_hex_digit(f[p]) >= 0 && (brace || digits < 4)) {
                cp = cp * 16 + (uint32_t)t_hex_digit(f[p++]);
                digits++;
            }
            if (brace) {
                if (p >= len || f[p] != '}')
                    return 0;
                p++;
            }
            if (!digits)
                return 0;
            pos = p;
        } else if (ibidi_utf8_next(f, len, &pos, &cp, NULL) != IBIDI_OK) {
            return 0;
        }
        if (out->n >= MAXV)
            return 0;
        out->cp[out->n++] = cp;
    }
    return 1;
}

/* "[B5, B6]" -> codes; "" or "[]" -> none. */
static int parse_codes(const char *f, codes *c)
{
    c->n = 0;
    if (!*f)
        return 1;
    if (*f != '[')
        return 0;
    f++;
    while (*f && *f != ']') {
        while (*f == ' ' || *f == ',')
            f++;
        size_t k = 0;
        while (*f && *f != ',' && *f != ']' && *f != ' ') {
            if (k < 7)
                c->name[c->n][k++] = *f;
            f++;
        }
        c->name[c->n][k] = '\0';
        if (k && c->n < 23)
            c->n++;
    }
    return 1;
}

static int cmp_name(const void *a, const void *b) { return strcmp(a, b); }

/* The distinct error codes of findings, sorted (warnings are not status codes). */
static void finding_codes(const ibidi_finding *f, size_t n, codes *c)
{
    c->n = 0;
    for (size_t i = 0; i < n && i < MAXF; i++) {
        if (f[i].severity != IBIDI_SEVERITY_ERROR)
            continue;
        const char *nm = ibidi_code_name(f[i].code);
        size_t j;
        for (j = 0; j < c->n; j++)
            if (strcmp(c->name[j], nm) == 0)
                break;
        if (j == c->n && c->n < 24)
            snprintf(c->name[c->n++], 8, "%s", nm);
    }
    qsort(c->name, c->n, sizeof c->name[0], cmp_name);
}

static int same_codes(codes *a, codes *b)
{
    qsort(a->name, a->n, sizeof a->name[0], cmp_name);
    qsort(b->name, b->n, sizeof b->name[0], cmp_name);
    if (a->n != b->n)
        return 0;
    for (size_t i = 0; i < a->n; i++)
        if (strcmp(a->name[i], b->name[i]) != 0)
            return 0;
    return 1;
}

static void codes_str(const codes *c, char *buf, size_t cap)
{
    size_t k = (size_t)snprintf(buf, cap, "[");
    for (size_t i = 0; i < c->n && k < cap; i++)
        k += (size_t)snprintf(buf + k, cap - k, "%s%s", i ? ", " : "", c->name[i]);
    if (k < cap)
        snprintf(buf + k, cap - k, "]");
}

static void put_str(const str *s, char *buf, size_t cap)
{
    size_t k = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < s->n && k + 12 < cap; i++)
        k += (size_t)snprintf(buf + k, cap - k, i ? " %04X" : "%04X", (unsigned)s->cp[i]);
}

static int has_surrogate(const str *s)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->cp[i] >= 0xD800 && s->cp[i] <= 0xDFFF)
            return 1;
    return 0;
}

static long n_lines, n_runs, n_fail, n_utf8;

/* One operation of one line: runs it and compares output and status codes. */
static void check_op(size_t lineno, const char *op, const str *src,
                     const ibidi_idna_options *opts, int to_ascii, const str *want,
                     const codes *want_codes)
{
    uint32_t out[MAXV * 2];
    ibidi_buf32 ob = {out, MAXV * 2, 0};
    ibidi_finding f[MAXF];
    ibidi_findings fs = {f, MAXF, 0, 0};
    ibidi_status st = to_ascii ? ibidi_idna_to_ascii_cp(src->cp, src->n, opts, &ob, &fs, NULL)
                               : ibidi_idna_to_unicode_cp(src->cp, src->n, opts, &ob, &fs, NULL);
    const size_t out_len = ob.len;
    const size_t nf = fs.n;
    n_runs++;
    codes got;
    finding_codes(f, nf, &got);
    codes exp = *want_codes;
    int ok_status = (st == IBIDI_OK || st == IBIDI_E_IDNA_INVALID) &&
                    ((st == IBIDI_OK) == (exp.n == 0));
    int ok_out = out_len == want->n && memcmp(out, want->cp, out_len * sizeof *out) == 0;
    int ok_codes = same_codes(&got, &exp);
    if (!ok_status || !ok_out || !ok_codes) {
        n_fail++;
        char a[256], b[256], c1[512], c2[512];
        codes_str(&got, a, sizeof a);
        codes_str(&exp, b, sizeof b);
        str g;
        g.n = out_len < MAXV ? out_len : MAXV;
        memcpy(g.cp, out, g.n * sizeof *out);
        put_str(&g, c1, sizeof c1);
        put_str(want, c2, sizeof c2);
        CHECK(0, "line %zu %s: status %s codes %s want %s; out %s want %s", lineno, op,
              ibidi_status_name(st), a, b, c1, c2);
        return;
    }
    t_pass_n(1);
    if (has_surrogate(src))
        return;
    /* the UTF-8 call must agree */
    char in8[MAXV * 4], out8[MAXV * 8], want8[MAXV * 8];
    ibidi_buf in_b = {in8, sizeof in8, 0}, w_b = {want8, sizeof want8, 0};
    if (ibidi_utf8_encode(src->cp, src->n, &in_b, NULL) != IBIDI_OK ||
        ibidi_utf8_encode(out, out_len, &w_b, NULL) != IBIDI_OK) {
        CHECK(0, "line %zu: cannot encode as UTF-8", lineno);
        return;
    }
    const size_t in_len = in_b.len, w_len = w_b.len;
    ibidi_buf ob8 = {out8, sizeof out8, 0};
    ibidi_finding f8[MAXF];
    ibidi_findings fs8 = {f8, MAXF, 0, 0};
    ibidi_status st8 = to_ascii ? ibidi_idna_to_ascii_utf8(in8, in_len, opts, &ob8, &fs8, NULL)
                                : ibidi_idna_to_unicode_utf8(in8, in_len, opts, &ob8, &fs8, NULL);
    const size_t o8 = ob8.len;
    const size_t nf8 = fs8.n;
    codes got8;
    finding_codes(f8, nf8, &got8);
    n_utf8++;
    CHECK(st8 == st && o8 == w_len && memcmp(out8, want8, o8) == 0 && same_codes(&got8, &got) &&
              nf8 == nf,
          "line %zu %s: the UTF-8 call differs from the code point call", lineno, op);
}

int main(void)
{
    size_t len;
    char *text = t_read_file(t_data_path("idna/IdnaTestV2.txt"), &len);
    if (!CHECK(text != NULL, "cannot read IdnaTestV2.txt"))
        return t_summary();
    /* the uts46 profile (every check on, as IdnaTestV2.txt assumes), and with transitional
     * processing for toAsciiT */
    const ibidi_idna_options base = {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0};
    const ibidi_idna_options transitional = {IBIDI_IDNA_PROFILE_UTS46, IBIDI_IDNA_TRANSITIONAL, 0,
                                             NULL, 0};
    size_t lineno = 0;
    char *line = text;
    static str src, tu, an, at;
    while (line && *line) {
        char *next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        if (!*trim(line)) {
            line = next;
            continue;
        }
        char *col[7];
        size_t nc = 0;
        char *p = line;
        while (nc < 7) {
            char *semi = strchr(p, ';');
            if (semi)
                *semi = '\0';
            col[nc++] = trim(p);
            if (!semi)
                break;
            p = semi + 1;
        }
        if (!CHECK(nc == 7, "line %zu: %zu columns", lineno, nc)) {
            line = next;
            continue;
        }
        codes s_u, s_an, s_at;
        int ok = parse_str(col[0], &src);
        ok = ok && (*col[1] ? parse_str(col[1], &tu) : (tu = src, 1));
        ok = ok && parse_codes(col[2], &s_u);
        ok = ok && (*col[3] ? parse_str(col[3], &an) : (an = tu, 1));
        ok = ok && (*col[4] ? parse_codes(col[4], &s_an) : (s_an = s_u, 1));
        ok = ok && (*col[5] ? parse_str(col[5], &at) : (at = an, 1));
        ok = ok && (*col[6] ? parse_codes(col[6], &s_at) : (s_at = s_an, 1));
        if (!CHECK(ok, "line %zu: cannot parse", lineno)) {
            line = next;
            continue;
        }
        n_lines++;
        check_op(lineno, "toUnicode", &src, &base, 0, &tu, &s_u);
        check_op(lineno, "toAsciiN", &src, &base, 1, &an, &s_an);
        check_op(lineno, "toAsciiT", &src, &transitional, 1, &at, &s_at);
        line = next;
    }
    free(text);
    printf("compared %ld IdnaTestV2 lines, %ld operations (toUnicode, toAsciiN, toAsciiT; "
           "output and status codes), %ld also through UTF-8: %ld failures\n",
           n_lines, n_runs, n_utf8, n_fail);
    CHECK(n_lines > 6000, "only %ld lines read", n_lines);
    return t_summary();
}
