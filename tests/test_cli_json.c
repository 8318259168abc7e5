/*
 * Every command's --json output on hostile input: a file of lines that are valid names,
 * right-to-left text, ill-formed UTF-8, NUL and other controls, bidi controls, an empty
 * line, a 64 KiB line and random bytes goes through each command on standard input.
 * Checked per command: the exit status is 0 or 1 (never a usage error or a crash), every
 * output line is one valid JSON value (strict RFC 8259 grammar, strings of well-formed
 * UTF-8), there is exactly one record per input line, in order, and each record's input
 * gives back the line's bytes (its "input_hex" when present, else "input"; scan's "name"
 * records are compared with the names its line reader, ibidi_scan_line, finds, or with
 * --format zone the owner names its zone reader, ibidi_scan_zone_line, hands over).
 * Usage: test_cli_json [BUILD]; the ibidi command is BUILD/ibidi, BUILD by default the
 * folder above the one of this program (build/tests/test_cli_json: build).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ibidi.h"
#include "testlib.h"

/* ---- The input ------------------------------------------------------------------------- */

typedef struct line {
    char *p;
    size_t len;
} line;

#define MAX_LINES 400
static line lines[MAX_LINES];
static size_t n_lines;

static void add(const char *p, size_t len)
{
    if (n_lines == MAX_LINES)
        return;
    lines[n_lines].p = malloc(len ? len : 1);
    memcpy(lines[n_lines].p, p, len);
    lines[n_lines].len = len;
    n_lines++;
}
#define ADD(s) add(s, sizeof(s) - 1)

static void make_lines(void)
{
    ADD("example.com");
    ADD("\xd7\x90\xd7\x91\xd7\x92.123.com");        /* Hebrew, a number label */
    ADD("http://\xd9\x85\xd8\xab\xd8\xa7\xd9\x84.example/\xd9\x85\xd9\x84\xd9\x81");
    ADD("a@b.com");
    ADD("");
    ADD("ab\xff" "c.com");                           /* an invalid byte */
    ADD("\xd7");                                     /* truncated */
    ADD("\xc0\xaf.com");                             /* overlong */
    ADD("\xed\xa0\x80");                             /* a surrogate */
    ADD("a\0b.com");                                 /* NUL */
    ADD("a\tb\x01" "c\x7f.com");                     /* tab, C0, DEL */
    ADD("\xe2\x80\xae" "abc" "\xe2\x80\xac");        /* RLO ... PDF */
    ADD("\xe2\x81\xa7\xd7\x90" "1" "\xe2\x81\xa9");  /* RLI ... PDI */
    ADD("xn--4dbcd.123.com");
    ADD("xn--");
    ADD("\\\"quoted\"\\");
    ADD("--json");
    ADD("-");
    ADD("# a comment");
    ADD("  spaced.example  ");
    ADD("\xef\xbb\xbf" "bom.com");
    ADD("\xd8\xb1\xd9\x88\xd8\xad\xe2\x80\x8c\xd8\xa7\xd9\x81\xd8\xb2\xd8\xa7.com"); /* ZWNJ */
    ADD("U+05D0");
    ADD("U+110000");
    ADD("U+0669..U+0660");
    {
        /* a 64 KiB line: Hebrew letters and digits */
        const size_t n = 65536;
        char *big = malloc(n);
        for (size_t i = 0; i + 1 < n; i += 2) {
            big[i] = (char)0xd7;
            big[i + 1] = (char)(0x90 + (i / 2) % 27);
        }
        add(big, n);
        free(big);
    }
    uint32_t st = 0x1234567u;
    while (n_lines < 120) {
        char b[80];
        size_t len = t_xorshift32(&st) % sizeof b;
        for (size_t i = 0; i < len; i++) {
            char c = (char)(t_xorshift32(&st) & 0xff);
            b[i] = c == '\n' ? 'n' : c;
        }
        if (len && b[len - 1] == '\r')
            b[len - 1] = 'r'; /* a final CR is part of the line terminator (CRLF) */
        add(b, len);
    }
}

/* ---- A strict JSON reader --------------------------------------------------------------- */

typedef struct jp {
    const char *s, *e;
    int depth;
    /* the top-level object's string members wanted, decoded */
    const char *want[2];
    char *got[2];
    size_t got_len[2];
} jp;

static void ws(jp *p)
{
    while (p->s < p->e && (*p->s == ' ' || *p->s == '\t' || *p->s == '\r' || *p->s == '\n'))
        p->s++;
}

/* A string; with out, its value in UTF-8 (malloc'd). */
static int string(jp *p, char **out, size_t *out_len)
{
    if (p->s >= p->e || *p->s != '"')
        return 0;
    p->s++;
    size_t cap = (size_t)(p->e - p->s) + 1, n = 0;
    char *v = out ? malloc(cap) : NULL;
    while (p->s < p->e && *p->s != '"') {
        unsigned char c = (unsigned char)*p->s;
        if (c < 0x20)
            goto bad;
        if (c == '\\') {
            if (++p->s >= p->e)
                goto bad;
            char k = *p->s++;
            uint32_t cp;
            switch (k) {
            case '"': cp = '"'; break;
            case '\\': cp = '\\'; break;
            case '/': cp = '/'; break;
            case 'b': cp = 8; break;
            case 'f': cp = 12; break;
            case 'n': cp = 10; break;
            case 'r': cp = 13; break;
            case 't': cp = 9; break;
            case 'u': {
                if (p->e - p->s < 4)
                    goto bad;
                cp = 0;
                for (int i = 0; i < 4; i++) {
                    int d = t_hex_digit(p->s[i]);
                    if (d < 0)
                        goto bad;
                    cp = cp * 16 + (uint32_t)d;
                }
                p->s += 4;
                if (cp >= 0xD800 && cp <= 0xDFFF)
                    goto bad; /* the command never needs surrogate pairs */
                break;
            }
            default: goto bad;
            }
            if (v)
                n += ibidi_utf8_encode_cp(cp, v + n);
            continue;
        }
        size_t at = 0;
        uint32_t cp;
        if (ibidi_utf8_next(p->s, (size_t)(p->e - p->s), &at, &cp, NULL) != IBIDI_OK)
            goto bad; /* a JSON text is UTF-8 */
        if (v) {
            memcpy(v + n, p->s, at);
            n += at;
        }
        p->s += at;
    }
    if (p->s >= p->e)
        goto bad;
    p->s++;
    if (out) {
        *out = v;
        *out_len = n;
    }
    return 1;
bad:
    free(v);
    return 0;
}

static int value(jp *p, int top);

static int number(jp *p)
{
    const char *s = p->s;
    if (s < p->e && *s == '-')
        s++;
    if (s >= p->e)
        return 0;
    if (*s == '0') {
        s++;
    } else if (*s >= '1' && *s <= '9') {
        while (s < p->e && *s >= '0' && *s <= '9')
            s++;
    } else {
        return 0;
    }
    if (s < p->e && *s == '.') {
        s++;
        if (s >= p->e || *s < '0' || *s > '9')
            return 0;
        while (s < p->e && *s >= '0' && *s <= '9')
            s++;
    }
    if (s < p->e && (*s == 'e' || *s == 'E')) {
        s++;
        if (s < p->e && (*s == '+' || *s == '-'))
            s++;
        if (s >= p->e || *s < '0' || *s > '9')
            return 0;
        while (s < p->e && *s >= '0' && *s <= '9')
            s++;
    }
    p->s = s;
    return 1;
}

static int word(jp *p, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(p->e - p->s) < n || memcmp(p->s, w, n) != 0)
        return 0;
    p->s += n;
    return 1;
}

static int object(jp *p, int top)
{
    p->s++;
    ws(p);
    if (p->s < p->e && *p->s == '}') {
        p->s++;
        return 1;
    }
    for (;;) {
        char *key = NULL;
        size_t klen = 0;
        ws(p);
        if (!string(p, &key, &klen))
            return 0;
        ws(p);
        if (p->s >= p->e || *p->s != ':') {
            free(key);
            return 0;
        }
        p->s++;
        ws(p);
        int k = -1;
        for (int i = 0; top && i < 2; i++)
            if (p->want[i] && strlen(p->want[i]) == klen && memcmp(key, p->want[i], klen) == 0)
                k = i;
        free(key);
        if (k >= 0 && p->s < p->e && *p->s == '"') {
            free(p->got[k]);
            p->got[k] = NULL;
            if (!string(p, &p->got[k], &p->got_len[k]))
                return 0;
        } else if (!value(p, 0)) {
            return 0;
        }
        ws(p);
        if (p->s < p->e && *p->s == ',') {
            p->s++;
            continue;
        }
        if (p->s < p->e && *p->s == '}') {
            p->s++;
            return 1;
        }
        return 0;
    }
}

static int array(jp *p)
{
    p->s++;
    ws(p);
    if (p->s < p->e && *p->s == ']') {
        p->s++;
        return 1;
    }
    for (;;) {
        ws(p);
        if (!value(p, 0))
            return 0;
        ws(p);
        if (p->s < p->e && *p->s == ',') {
            p->s++;
            continue;
        }
        if (p->s < p->e && *p->s == ']') {
            p->s++;
            return 1;
        }
        return 0;
    }
}

static int value(jp *p, int top)
{
    if (p->s >= p->e || ++p->depth > 64)
        return 0;
    int ok;
    switch (*p->s) {
    case '{': ok = object(p, top); break;
    case '[': ok = array(p); break;
    case '"': ok = string(p, NULL, NULL); break;
    case 't': ok = word(p, "true"); break;
    case 'f': ok = word(p, "false"); break;
    case 'n': ok = word(p, "null"); break;
    default: ok = number(p);
    }
    p->depth--;
    return ok;
}

/* Parses one line as a JSON value; keys names the input and its hex form. *bytes gets
 * the record's input bytes (malloc'd) or NULL when it has none. Returns 1 if valid. */
static int parse_record(const char *s, size_t len, const char *key, const char *hexkey,
                        char **bytes, size_t *n)
{
    jp p = {s, s + len, 0, {key, hexkey}, {NULL, NULL}, {0, 0}};
    *bytes = NULL;
    *n = 0;
    ws(&p);
    int ok = value(&p, 1);
    ws(&p);
    ok = ok && p.s == p.e;
    if (ok && p.got[1]) { /* hex: two digits a byte */
        size_t m = p.got_len[1] / 2;
        char *b = malloc(m + 1);
        for (size_t i = 0; i < m; i++) {
            int h = t_hex_digit(p.got[1][2 * i]), l = t_hex_digit(p.got[1][2 * i + 1]);
            if (h < 0 || l < 0 || p.got_len[1] % 2)
                ok = 0;
            b[i] = (char)(h * 16 + l);
        }
        *bytes = b;
        *n = m;
        free(p.got[0]);
    } else {
        *bytes = p.got[0];
        *n = p.got_len[0];
    }
    free(p.got[1]);
    return ok;
}

/* ---- Running the commands --------------------------------------------------------------- */

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    size_t k;
    while ((k = fread(b + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap)
            b = realloc(b, cap *= 2);
    }
    fclose(f);
    *len = n;
    return b;
}

typedef struct cmd {
    const char *args; /* after "ibidi" */
    int scan;         /* records of type name only, names as the line reader finds them (1)
                         or as the zone reader hands them over (2) */
} cmd;

static const cmd cmds[] = {
    {"props --json", 0},
    {"normalize --json", 0},
    {"normalize --check --json", 0},
    {"bidi --output json", 0},
    {"bidi --output json --dir rtl", 0},
    {"to-ascii --json", 0},
    {"to-unicode --json", 0},
    {"to-ascii --json --profile whatwg", 0},
    {"display --json", 0},
    {"display --json --levels --spans --prove", 0},
    {"convert --from logical --to visual --json", 0},
    {"convert --from visual --to logical --json", 0},
    {"iri check --json", 0},
    {"check --json", 0},
    {"check --json --as fqdn --profile idna2008-register", 0},
    {"check --json --max-restriction single-script", 0},
    {"iri to-uri --json", 0},
    {"iri to-iri --json", 0},
    {"twins --json --max-candidates 2000", 0},
    {"scan --json --threads 1", 1},
    {"scan --json --threads 1 --lgr data/samples/lgr/toy-hebrew-arabic.xml", 1},
    {"scan --json --threads 1 --format zone --origin example", 2},
    {"lgr check --json --max-variants 20 --lgr data/samples/lgr/toy-hebrew-arabic.xml", 0},
    {"lgr index --json --lgr data/samples/lgr/toy-hebrew-arabic.xml", 0},
    {"check --json --lgr data/samples/lgr/toy-hebrew-arabic.xml", 0},
};

int main(int argc, char **argv)
{
    char here[512];
    snprintf(here, sizeof here, "%s", argv[0]);
    for (int up = 0; up < 2; up++) { /* BUILD/tests/test_cli_json -> BUILD */
        char *slash = strrchr(here, '/');
        if (slash)
            *slash = '\0';
        else
            snprintf(here, sizeof here, "%s", up ? "." : "..");
    }
    const char *build = argc > 1 ? argv[1] : here;
    char dir[] = "/tmp/ibidi-json-XXXXXX";
    if (!mkdtemp(dir)) {
        printf("cannot make a temporary folder\n0 passed, 1 failed\n");
        return 1;
    }
    char in[256], out[256], err[256];
    snprintf(in, sizeof in, "%s/in", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(err, sizeof err, "%s/err", dir);
    make_lines();
    FILE *f = fopen(in, "wb");
    for (size_t i = 0; i < n_lines; i++) {
        fwrite(lines[i].p, 1, lines[i].len, f);
        fputc('\n', f);
    }
    fclose(f);

    /* scan's names: what its line reader takes from each line */
    line names[MAX_LINES];
    size_t n_names = 0;
    for (size_t i = 0; i < n_lines; i++) {
        size_t start = 0, nl = 0;
        if (ibidi_scan_line(lines[i].p, lines[i].len, &start, &nl) && n_names < MAX_LINES)
            names[n_names++] = (line){lines[i].p + start, nl};
    }
    /* ... and what its zone reader hands over, line after line (the root, an empty name,
       is no record) */
    static char owners_text[MAX_LINES * IBIDI_SCAN_ZONE_NAME_MAX];
    line owners[MAX_LINES];
    size_t n_owners = 0, used = 0;
    {
        ibidi_scan_zone_state zs;
        ibidi_scan_zone_result zr;
        CHECK(ibidi_scan_zone_init(&zs, "example", 7, NULL) == IBIDI_OK, "zone origin");
        for (size_t i = 0; i < n_lines; i++)
            if (ibidi_scan_zone_line(&zs, lines[i].p, lines[i].len, owners_text + used,
                                     IBIDI_SCAN_ZONE_NAME_MAX, &zr, NULL) == IBIDI_OK &&
                zr.kind == IBIDI_SCAN_ZONE_OWNER && zr.name_len) {
                owners[n_owners++] = (line){owners_text + used, zr.name_len};
                used += zr.name_len;
            }
    }

    for (size_t c = 0; c < sizeof cmds / sizeof cmds[0]; c++) {
        const cmd *k = &cmds[c];
        char sh[2048];
        snprintf(sh, sizeof sh, "'%s/ibidi' %s <'%s' >'%s' 2>'%s'", build, k->args, in, out, err);
        int rc = system(sh);
        int code = WIFEXITED(rc) ? WEXITSTATUS(rc) : 128 + (WIFSIGNALED(rc) ? WTERMSIG(rc) : 0);
        CHECK(code == 0 || code == 1, "ibidi %s: exit %d", k->args, code);
        size_t len = 0;
        char *o = slurp(out, &len);
        if (!CHECK(o != NULL, "ibidi %s: no output file", k->args))
            continue;
        size_t rec = 0, bad = 0, pos = 0;
        const size_t want = k->scan == 2 ? n_owners : k->scan ? n_names : n_lines;
        while (pos < len) {
            const char *e = memchr(o + pos, '\n', len - pos);
            size_t l = e ? (size_t)(e - (o + pos)) : len - pos;
            char *b;
            size_t bl;
            const int ok = parse_record(o + pos, l, k->scan ? "name" : "input",
                                        k->scan ? "name_hex" : "input_hex", &b, &bl);
            if (!ok && bad++ < 3)
                CHECK(0, "ibidi %s: output line %zu is not valid JSON: %.120s", k->args,
                      rec + 1, o + pos);
            int is_record = !k->scan || (l > 16 && memcmp(o + pos, "{\"type\": \"name\"", 15) == 0);
            if (ok && is_record) {
                const size_t r = rec < want ? rec : 0;
                const line *x = k->scan == 2 ? &owners[r] : k->scan ? &names[r] : &lines[r];
                if (rec < want && !(b && bl == x->len && memcmp(b, x->p, bl) == 0) && bad++ < 3)
                    CHECK(0, "ibidi %s: record %zu does not give back its input line", k->args,
                          rec + 1);
                rec++;
            }
            free(b);
            pos += l + 1;
        }
        CHECK(bad == 0, "ibidi %s: %zu problems", k->args, bad);
        CHECK(rec == want, "ibidi %s: %zu records for %zu input lines", k->args, rec, want);
        printf("info: ibidi %-45s exit %d, %zu records, %zu bytes of JSON\n", k->args, code, rec,
               len);
        free(o);
    }
    unlink(in);
    unlink(out);
    unlink(err);
    rmdir(dir);
    for (size_t i = 0; i < n_lines; i++)
        free(lines[i].p);
    return t_summary();
}
