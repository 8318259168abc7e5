/* Shared pieces of the ibidi command (see cli.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "ibidi/utf8.h"

int cli_for_each_item(int argc, char **argv, int first, cli_item_fn fn, void *ctx)
{
    int worst = CLI_OK;
    if (first < argc) {
        for (int i = first; i < argc; i++) {
            int rc = fn(argv[i], strlen(argv[i]), (size_t)(i - first + 1), ctx);
            if (rc > worst)
                worst = rc;
        }
        return worst;
    }
    /* Lines are put together from blocks of the input in a buffer that grows to
       CLI_LINE_MAX + 2 bytes at most (a line, the CR of its CRLF and a NUL after it, as
       getline leaves one: some commands read an item as a C string); of a longer line
       only its length is counted */
    enum { BLOCK = 65536 };
    char *block = malloc(BLOCK), *line = malloc(4096);
    size_t cap = 4096, len = 0, total = 0, lineno = 0;
    if (!block || !line) {
        free(block);
        free(line);
        fprintf(stderr, "ibidi: out of memory\n");
        return CLI_USAGE;
    }
    size_t got = 0, at = 0;
    int stop = 0;
    for (;;) {
        if (at == got) {
            got = fread(block, 1, BLOCK, stdin);
            at = 0;
        }
        const int eof = got == 0;
        const char *nl = eof ? NULL : memchr(block + at, '\n', got - at);
        const size_t take = eof ? 0 : (nl ? (size_t)(nl - block) - at : got - at);
        if (total + take <= CLI_LINE_MAX + 1) {
            if (len + take + 1 > cap) {
                size_t c = cap;
                while (c < len + take + 1)
                    c *= 2;
                c = c <= CLI_LINE_MAX + 2 ? c : CLI_LINE_MAX + 2;
                char *g = realloc(line, c);
                if (!g) {
                    fprintf(stderr, "ibidi: out of memory\n");
                    worst = CLI_USAGE;
                    stop = 1;
                    break;
                }
                line = g;
                cap = c;
            }
            memcpy(line + len, block + at, take);
            len += take;
        }
        total += take;
        at += take;
        if (!nl && !(eof && total)) { /* more of the line to come, or the input's end */
            if (eof)
                break;
            continue;
        }
        at += nl != NULL; /* past the LF */
        lineno++;
        int rc;
        if (total > CLI_LINE_MAX + 1 || (total == CLI_LINE_MAX + 1 && line[CLI_LINE_MAX] != '\r')) {
            rc = fn(NULL, total, lineno, ctx);
        } else {
            size_t n = len;
            if (n && line[n - 1] == '\r')
                n--;
            line[n] = '\0';
            rc = fn(line, n, lineno, ctx);
        }
        if (rc > worst)
            worst = rc;
        len = total = 0;
        if (eof)
            break;
    }
    free(block);
    free(line);
    if (!stop && ferror(stdin)) {
        fprintf(stderr, "ibidi: error reading standard input\n");
        return CLI_INVALID;
    }
    return worst;
}

int cli_line_too_long(const char *cmd, size_t itemno, size_t len, int json)
{
    const ibidi_error e = {IBIDI_E_LINE_TOO_LONG, CLI_LINE_MAX, 0};
    cli_report(cmd, itemno, "input", &e, "byte");
    if (json) {
        printf("{\"input\":null,\"input_length\":%zu,", len);
        cli_json_error(stdout, &e);
        fputs("}\n", stdout);
    } else {
        cli_text_error(stdout, &e, "byte");
    }
    return CLI_INVALID;
}

void cli_report(const char *cmd, size_t itemno, const char *what, const ibidi_error *err,
                const char *unit)
{
    fflush(stdout); /* the records so far first, so a log of both streams stays in order */
    fprintf(stderr, "ibidi %s: item %zu: %s: %s [%s]", cmd, itemno, what,
            ibidi_strerror(err->status),
            ibidi_status_name(err->status) ? ibidi_status_name(err->status) : "?");
    if (unit)
        fprintf(stderr, " at %s %zu", unit, err->offset);
    fputc('\n', stderr);
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "ibidi %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n(see 'ibidi help %s')\n", cmd);
    return CLI_USAGE;
}

/* One JSON string literal, as the library writes them (ibidi_json_string); returns 1 when
 * a byte was replaced (ill-formed UTF-8: the caller that must keep it writes
 * cli_json_input's hex field beside). */
int cli_json_string(FILE *f, const char *s, size_t len)
{
    char small[512];
    ibidi_buf b = {small, sizeof small, 0};
    ibidi_status st = ibidi_json_string(s, len, &b);
    if (st == IBIDI_E_BUFFER_TOO_SMALL && (b.data = malloc(b.len)) != NULL) {
        b.cap = b.len;
        st = ibidi_json_string(s, len, &b);
    }
    if (st == IBIDI_OK)
        fwrite(b.data, 1, b.len, f);
    else
        fputs("\"\"", f); /* out of memory: still valid JSON */
    if (b.data != small)
        free(b.data);
    return ibidi_utf8_validate(s, len, NULL, NULL) != IBIDI_OK;
}

void cli_json_hex(FILE *f, const char *s, size_t len)
{
    fputc('"', f);
    for (size_t i = 0; i < len; i++)
        fprintf(f, "%02x", (unsigned char)s[i]);
    fputc('"', f);
}

void cli_json_input(FILE *f, const char *key, const char *s, size_t len)
{
    fprintf(f, "\"%s\":", key);
    if (!cli_json_string(f, s, len))
        return;
    fprintf(f, ",\"%s_hex\":", key);
    cli_json_hex(f, s, len);
}

void cli_json_error(FILE *f, const ibidi_error *err)
{
    const char *name = ibidi_status_name(err->status), *m = ibidi_strerror(err->status);
    fprintf(f, "\"error\":{\"status\":\"%s\",\"offset\":%zu,\"message\":", name ? name : "?",
            err->offset);
    cli_json_string(f, m, strlen(m));
    fputc('}', f);
}

void cli_text_error(FILE *f, const ibidi_error *err, const char *unit)
{
    const char *name = ibidi_status_name(err->status);
    fprintf(f, "error: %s", name ? name : "?");
    if (unit)
        fprintf(f, " at %s %zu", unit, err->offset);
    fputc('\n', f);
}

void cli_fail_record(FILE *f, int json, const char *item, size_t len, const ibidi_error *err,
                     const char *unit)
{
    if (json) {
        fputc('{', f);
        cli_json_input(f, "input", item, len);
        fputc(',', f);
        cli_json_error(f, err);
        fputs("}\n", f);
    } else {
        cli_text_error(f, err, unit);
    }
}

int cli_item_failed(const char *cmd, size_t itemno, const char *item, size_t len, int json,
                    ibidi_status st)
{
    const ibidi_error e = {st, 0, 0};
    cli_report(cmd, itemno, "input", &e, NULL);
    cli_fail_record(stdout, json, item, len, &e, NULL);
    return st == IBIDI_E_NOMEM ? CLI_USAGE : CLI_INVALID;
}

void cli_notation_failure(const char *s, size_t len, ibidi_error *err)
{
    size_t i = 0;
    while (i < len && (unsigned char)s[i] < 0x80)
        i++;
    if (i < len)
        *err = (ibidi_error){IBIDI_E_NOTATION_SYNTAX, i, (unsigned char)s[i]};
    else
        *err = (ibidi_error){IBIDI_E_NOMEM, 0, 0};
}

char *cli_from_notation_record(const char *cmd, size_t itemno, const char *s, size_t len,
                               cli_input in, int json, size_t *out_len)
{
    char *conv = cli_from_notation(cmd, itemno, s, len, in, out_len);
    if (!conv) {
        ibidi_error err;
        cli_notation_failure(s, len, &err);
        cli_fail_record(stdout, json, s, len, &err, "byte");
    }
    return conv;
}

size_t cli_escape(char *out, const char *s, size_t len)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t pos = 0, run = 0, o = 0; /* s[run..pos) is copied as it is */
    while (pos < len) {
        /* eight bytes at a time while none is a control, DEL, backslash or above 0x7F
           (bit tricks on a word: a byte below 0x20, or equal to 0x5C or 0x7F, sets its
           top bit in `bad`) */
        while (len - pos >= 8) {
            const uint64_t ones = 0x0101010101010101ull, tops = 0x8080808080808080ull;
            uint64_t w, bs, del;
            memcpy(&w, s + pos, 8);
            bs = w ^ (ones * '\\');
            del = w ^ (ones * 0x7Fu);
            const uint64_t bad = ((w - ones * 0x20u) & ~w) | ((bs - ones) & ~bs) |
                                 ((del - ones) & ~del) | w;
            if (bad & tops)
                break;
            pos += 8;
        }
        if (pos >= len)
            break;
        unsigned char c = (unsigned char)s[pos];
        if (c >= 0x20 && c < 0x7F && c != '\\') {
            pos++;
            continue;
        }
        if (c >= 0x80) {
            size_t at = pos;
            uint32_t cp;
            if (ibidi_utf8_next(s, len, &pos, &cp, NULL) == IBIDI_OK)
                continue;
            pos = at;
        }
        memcpy(out + o, s + run, pos - run);
        o += pos - run;
        out[o++] = '\\';
        switch (c) {
        case '\t': out[o++] = 't'; break;
        case '\r': out[o++] = 'r'; break;
        case '\n': out[o++] = 'n'; break;
        case '\\': out[o++] = '\\'; break;
        default: /* C0, DEL, a byte of ill-formed UTF-8 */
            out[o++] = 'x';
            out[o++] = hex[c >> 4];
            out[o++] = hex[c & 15];
        }
        run = ++pos;
    }
    memcpy(out + o, s + run, pos - run);
    return o + pos - run;
}

void cli_put_escaped(FILE *f, const char *s, size_t len)
{
    char tmp[4 * 256];
    /* in pieces cut before a byte that starts a character (or is ill-formed alone), so
       that no well-formed character is split between two pieces */
    while (len) {
        size_t k = len;
        if (k > 256) {
            k = 256;
            while (k > 252 && ((unsigned char)s[k] & 0xC0u) == 0x80u)
                k--;
        }
        fwrite(tmp, 1, cli_escape(tmp, s, k), f);
        s += k;
        len -= k;
    }
}

/* The one setting of the whole command (main.c): -1 auto, 0 never, 1 always. */
static int wrap_mode = -1;

void cli_set_wrap(int mode) { wrap_mode = mode; }

int cli_wrap_on(void) { return wrap_mode < 0 ? isatty(STDOUT_FILENO) : wrap_mode; }

void cli_put_visual(FILE *f, const char *s, size_t len, cli_input in)
{
    /* A terminal that applies the bidi algorithm itself would reorder visual-order text a
     * second time; LRO ... PDF makes it show the characters left to right as they are. */
    const int wrap = cli_wrap_on(); /* f may be a batch; main.c tells auto once */
    if (wrap)
        fputs("\xE2\x80\xAD", f); /* U+202D LEFT-TO-RIGHT OVERRIDE */
    cli_put_text(f, s, len, in);
    if (wrap)
        fputs("\xE2\x80\xAC", f); /* U+202C POP DIRECTIONAL FORMATTING */
}

void cli_put_cp(FILE *f, uint32_t cp) { fprintf(f, "U+%04X", (unsigned)cp); }

void cli_put_cps(FILE *f, const uint32_t *cps, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            fputc(' ', f);
        cli_put_cp(f, cps[i]);
    }
}

int cli_parse_u_notation(const char *s, size_t len, uint32_t *cp)
{
    uint32_t v = 0;
    if (len < 3 || len > 8 || (s[0] != 'U' && s[0] != 'u') || s[1] != '+')
        return 0;
    for (size_t i = 2; i < len; i++) {
        char c = s[i];
        unsigned d;
        if (c >= '0' && c <= '9')
            d = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            d = (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            d = (unsigned)(c - 'A' + 10);
        else
            return 0;
        v = v * 16 + d;
    }
    *cp = v;
    return 1;
}

int cli_unicode_form(const char *s, size_t len, const ibidi_iri_options *o, char **form,
                     size_t *form_len)
{
    ibidi_buf b = {NULL, 0, 0};
    *form = NULL;
    *form_len = 0;
    if (ibidi_iri_unicode_form_alloc(s, len, o, &b, NULL) != IBIDI_OK)
        return 0;
    /* a form that is s itself (no "xn--" label, or none that decodes) is not shown */
    if (b.len == len && (len == 0 || memcmp(b.data, s, len) == 0)) {
        ibidi_free(b.data);
        return 0;
    }
    *form = b.data;
    *form_len = b.len;
    return 1;
}

#define NOTATION_R_BASE 0x05D0u
#define NOTATION_AL_BASE 0x0621u

uint32_t cli_notation_cp(char upper, int arabic)
{
    return (arabic ? NOTATION_AL_BASE : NOTATION_R_BASE) + (uint32_t)(upper - 'A');
}

int cli_notation_char(uint32_t cp, int arabic)
{
    uint32_t base = arabic ? NOTATION_AL_BASE : NOTATION_R_BASE;
    if (cp >= base && cp < base + 26)
        return 'A' + (int)(cp - base);
    return cp < 0x80 ? (int)cp : -1;
}

/* Duerst 2001 §2 writes the bidi controls as XML-style entities; Bidi Notation text uses
 * the same names for them, in both directions. */
static const struct {
    const char *name;
    uint32_t cp;
} control_names[] = {{"&lrm;", 0x200E}, {"&rlm;", 0x200F}, {"&alm;", 0x061C},
                     {"&lre;", 0x202A}, {"&rle;", 0x202B}, {"&pdf;", 0x202C},
                     {"&lro;", 0x202D}, {"&rlo;", 0x202E}, {"&lri;", 0x2066},
                     {"&rli;", 0x2067}, {"&fsi;", 0x2068}, {"&pdi;", 0x2069}};

char *cli_from_notation(const char *cmd, size_t itemno, const char *s, size_t len, cli_input in,
                        size_t *out_len)
{
    char *buf = malloc(len * 3 + 1);
    size_t k = 0;
    if (!buf)
        return NULL;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        size_t e = 0;
        if (c >= 0x80) {
            fprintf(stderr, "ibidi %s: item %zu: Bidi Notation is ASCII only: byte %02X at %zu\n",
                    cmd, itemno, c, i);
            free(buf);
            return NULL;
        }
        if (c == '&')
            while (e < sizeof control_names / sizeof control_names[0] &&
                   !(len - i >= 5 && memcmp(s + i, control_names[e].name, 5) == 0))
                e++;
        if (c == '&' && e < sizeof control_names / sizeof control_names[0]) {
            k += ibidi_utf8_encode_cp(control_names[e].cp, buf + k);
            i += 4;
        } else if (c >= 'A' && c <= 'Z') {
            k += ibidi_utf8_encode_cp(cli_notation_cp((char)c, in == CLI_IN_NOTATION_ARABIC),
                                      buf + k);
        } else {
            buf[k++] = (char)c;
        }
    }
    buf[k] = '\0';
    *out_len = k;
    return buf;
}

static void put_raw(FILE *f, const char *s, size_t len) { fwrite(s, 1, len, f); }

/* The text, in notation when `in` says so; escape: as cli_put_escaped (for text and TSV
 * lines), else the characters themselves (for a JSON string built on top). */
static void put_text(FILE *f, const char *s, size_t len, cli_input in, int escape)
{
    size_t pos = 0;
    void (*const put)(FILE *, const char *, size_t) = escape ? cli_put_escaped : put_raw;
    if (in == CLI_IN_UTF8) {
        put(f, s, len);
        return;
    }
    while (pos < len) {
        uint32_t cp;
        size_t at = pos, e = 0;
        int ch;
        if (ibidi_utf8_next(s, len, &pos, &cp, NULL) != IBIDI_OK) {
            put(f, s + at, len - at);
            return;
        }
        while (e < sizeof control_names / sizeof control_names[0] && control_names[e].cp != cp)
            e++;
        if (e < sizeof control_names / sizeof control_names[0]) {
            fputs(control_names[e].name, f);
            continue;
        }
        ch = cli_notation_char(cp, in == CLI_IN_NOTATION_ARABIC);
        if (ch >= 0) {
            const char c = (char)ch;
            put(f, &c, 1);
        } else {
            put(f, s + at, pos - at);
        }
    }
}

void cli_put_text(FILE *f, const char *s, size_t len, cli_input in)
{
    put_text(f, s, len, in, 1);
}

void cli_json_text(FILE *f, const char *s, size_t len, cli_input in)
{
    char *b = NULL;
    size_t bl = 0;
    FILE *m;
    if (in == CLI_IN_UTF8 || !(m = open_memstream(&b, &bl))) {
        cli_json_string(f, s, len);
        return;
    }
    put_text(m, s, len, in, 0); /* the notation form, then as a JSON string */
    if (fclose(m) == 0 && b)
        cli_json_string(f, b, bl);
    else
        cli_json_string(f, s, len);
    free(b);
}

/* ---- Findings: one writer per format ----------------------------------------------------- */

/* JSON the library wrote, in notation again when `in` says so: the notation letters and the
 * bidi controls are the only characters that change, and the library writes them as
 * themselves inside strings (never escaped), so converting the whole text converts exactly
 * the strings' characters. */
void cli_put_json(FILE *f, const char *json, size_t len, cli_input in)
{
    put_text(f, json, len, in, 0);
}

void cli_json_finding(FILE *f, const ibidi_finding *x, const char *text, size_t text_len,
                      cli_input in)
{
    char small[1024];
    ibidi_buf b = {small, sizeof small, 0};
    ibidi_status st = ibidi_json_finding(x, text, text_len, &b);
    if (st == IBIDI_E_BUFFER_TOO_SMALL && (b.data = malloc(b.len)) != NULL) {
        b.cap = b.len;
        st = ibidi_json_finding(x, text, text_len, &b);
    }
    if (st == IBIDI_OK)
        cli_put_json(f, b.data, b.len, in);
    else
        fputs("null", f); /* out of memory: still valid JSON */
    if (b.data != small)
        free(b.data);
}

void cli_json_findings(FILE *f, const ibidi_finding *x, size_t n, const char *text,
                       size_t text_len, cli_input in)
{
    fputc('[', f);
    for (size_t i = 0; i < n; i++) {
        if (i)
            fputc(',', f);
        cli_json_finding(f, &x[i], text, text_len, in);
    }
    fputc(']', f);
}

/* What a finding's part counts, as ibidi_json_finding names it. */
static const char *part_word(const ibidi_finding *x)
{
    const ibidi_code_info *r = ibidi_code_describe(IBIDI_CODE_FINDING, x->code);
    return r && (strcmp(r->capability, "iri") == 0 || strcmp(r->capability, "ambiguity") == 0)
               ? "component"
               : "label";
}

void cli_text_finding(FILE *f, const ibidi_finding *x, const char *text, size_t text_len,
                      cli_input in)
{
    fprintf(f, "    %-7s %-18s", x->severity == IBIDI_SEVERITY_ERROR ? "error" : "warning",
            ibidi_code_name(x->code));
    if (x->context == IBIDI_DIR_RTL)
        fputs(" rtl,", f);
    if (x->part != IBIDI_NO_PART)
        fprintf(f, " %s %zu,", part_word(x), x->part);
    fprintf(f, " byte %zu", x->offset);
    if (x->input_offset != x->offset)
        fprintf(f, " (%zu of the input)", x->input_offset);
    if (text && x->length && x->offset <= text_len && x->length <= text_len - x->offset) {
        fputs(" '", f);
        cli_put_text(f, text + x->offset, x->length, in);
        fputc('\'', f);
    }
    if (x->cp) {
        fputs(", ", f);
        cli_put_cp(f, x->cp);
    }
    if (x->bidi_class >= 0)
        fprintf(f, " (%s)", ibidi_unicode_bidi_class_name((ibidi_unicode_bc)x->bidi_class));
    if (x->code == IBIDI_AMBIGUITY_NUMBER_SEPARATOR && x->detail)
        fprintf(f, " expression %d", x->detail);
    if (x->code == IBIDI_CONFUSABLE_MIXED_SCRIPT_CONFUSABLE && x->detail) { /* UTS #39 §4 */
        fputs(", looks like ", f);
        cli_put_cp(f, (uint32_t)x->detail);
    }
    if (x->code == IBIDI_CONFUSABLE_WHOLE_SCRIPT_CONFUSABLE) {
        const char *sc = ibidi_unicode_script_long_name((ibidi_unicode_sc)x->detail);
        fprintf(f, ", every letter looks like one of %s", sc ? sc : "?");
    }
    if (x->code == IBIDI_CONFUSABLE_RESTRICTED_CHARACTER) { /* UTS #39 §3.1 */
        fputs(", Identifier_Type", f);
        for (unsigned b = 0; b < 16; b++)
            if ((unsigned)x->detail >> b & 1)
                fprintf(f, " %s", ibidi_confusable_type_name(1u << b));
    }
    fprintf(f, ": %s\n", ibidi_code_message(x->code));
}
