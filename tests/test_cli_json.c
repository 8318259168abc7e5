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
#include "json_reader.h"
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
    {"show --json", 0},
    {"show --json --policy chromium --context rtl --protect-name paypal.com", 0},
    {"show --json --policy webkit --as iri", 0},
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
        for (size_t i = 0; i < n_lines; i++) {
            ibidi_buf owner = {owners_text + used, IBIDI_SCAN_ZONE_NAME_MAX, 0};
            if (ibidi_scan_zone_line(&zs, lines[i].p, lines[i].len, &owner, &zr, NULL) ==
                    IBIDI_OK &&
                zr.kind == IBIDI_SCAN_ZONE_OWNER && owner.len) {
                owners[n_owners++] = (line){owners_text + used, owner.len};
                used += owner.len;
            }
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
            const int ok = json_parse_record(o + pos, l, k->scan ? "name" : "input",
                                        k->scan ? "name_hex" : "input_hex", &b, &bl);
            if (!ok && bad++ < 3)
                CHECK(0, "ibidi %s: output line %zu is not valid JSON: %.120s", k->args,
                      rec + 1, o + pos);
            int is_record = !k->scan || (l > 15 && memcmp(o + pos, "{\"type\":\"name\"", 14) == 0);
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
