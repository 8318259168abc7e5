/* ibidi punycode: RFC 3492 Punycode, encode and decode, for whole strings (no "xn--"
 * prefix, no label splitting: that is what to-ascii and to-unicode do). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "ibidi/utf8.h"

typedef struct puny_opts {
    int decode;
    int json;
    int hex_in;  /* encode: code points in hexadecimal instead of UTF-8 text */
    int hex_out; /* decode: print code points in hexadecimal */
    unsigned flags;
} puny_opts;

static int is_space(char c) { return c == ' ' || c == '\t'; }

/* "0041 U+00E9 1F600" -> code points; returns the count, or (size_t)-1 with *err set: the
 * value's own status (CP_TOO_LARGE, CP_SURROGATE) when it is a number, else CP_SYNTAX,
 * at the token's byte offset. */
static size_t parse_hex(const char *s, size_t len, uint32_t *cps, ibidi_error *err)
{
    size_t n = 0, i = 0;
    while (i < len) {
        while (i < len && is_space(s[i]))
            i++;
        if (i == len)
            break;
        size_t start = i;
        while (i < len && !is_space(s[i]))
            i++;
        uint32_t cp = 0;
        const char *t = s + start;
        size_t tl = i - start, k = 0, sig = 0;
        int ok = cli_parse_u_notation(t, tl, &cp);
        if (!ok) {
            ok = tl > 0;
            for (k = 0; ok && k < tl; k++) {
                char c = t[k];
                int d = c >= '0' && c <= '9'   ? c - '0'
                        : c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                               : -1;
                if (d < 0)
                    ok = 0;
                else if ((sig += cp || d) > 8)
                    cp = 0xFFFFFFFFu; /* far above 10FFFF: stays too large */
                else
                    cp = cp * 16 + (uint32_t)d;
            }
        }
        ibidi_status st = !ok                           ? IBIDI_E_CP_SYNTAX
                          : cp > 0x10FFFF               ? IBIDI_E_CP_TOO_LARGE
                          : cp >= 0xD800 && cp <= 0xDFFF ? IBIDI_E_CP_SURROGATE
                                                         : IBIDI_OK;
        if (st != IBIDI_OK) {
            *err = (ibidi_error){st, start, ok ? cp : 0};
            return (size_t)-1;
        }
        cps[n++] = cp;
    }
    return n;
}

/* Every item one record: the result, or "error: STATUS at UNIT N" ({"input", "error"} in
 * JSON), and the message on standard error. */
static int fail(const puny_opts *o, const char *item, size_t len, size_t itemno,
                const char *what, const ibidi_error *err, const char *unit)
{
    cli_fail_record(stdout, o->json, item, len, err, unit);
    cli_report("punycode", itemno, what, err, unit);
    return CLI_INVALID;
}

/* The result: the line as it is (escaped: decoded text may hold any code point), or
 * {"input", "output"} with the same text. */
static void put(const puny_opts *o, const char *item, size_t len, const char *out,
                size_t out_len, int escape)
{
    if (o->json) {
        cli_jw w;
        cli_jw_begin(&w, stdout, CLI_IN_UTF8);
        cli_jw_input(&w, "input", item, len);
        cli_jw_str(&w, "output", out, out_len);
        cli_jw_end(&w);
        return;
    }
    if (escape)
        cli_put_escaped(stdout, out, out_len);
    else
        fwrite(out, 1, out_len, stdout);
    fputc('\n', stdout);
}

static int puny_item(const char *item, size_t len, size_t itemno, void *ctx)
{
    const puny_opts *o = ctx;
    if (!item) /* a line over CLI_LINE_MAX bytes */
        return cli_line_too_long("punycode", itemno, len, o->json);
    ibidi_error err = {IBIDI_OK, 0, 0};
    uint32_t *cps = malloc((len + 1) * sizeof *cps);
    int rc = CLI_OK;
    if (!cps)
        return fail(o, item, len, itemno, "input", &(ibidi_error){IBIDI_E_NOMEM, 0, 0}, NULL);
    if (o->decode) {
        ibidi_buf32 dec = {cps, len + 1, 0};
        ibidi_status st = ibidi_punycode_decode(item, len, o->flags, &dec, &err);
        size_t n = dec.len;
        if (st) {
            rc = fail(o, item, len, itemno, "decode", &err, "byte");
        } else if (o->hex_out) {
            /* "0041 00E9": at most 7 bytes a code point */
            char *hex = malloc(n * 7 + 1);
            size_t at = 0;
            for (size_t i = 0; hex && i < n; i++)
                at += (size_t)snprintf(hex + at, 8, i ? " %04X" : "%04X", (unsigned)cps[i]);
            if (hex)
                put(o, item, len, hex, at, 0);
            else
                rc = fail(o, item, len, itemno, "output", &(ibidi_error){IBIDI_E_NOMEM, 0, 0},
                          NULL);
            free(hex);
        } else {
            ibidi_buf enc = {malloc(n * 4 + 1), n * 4 + 1, 0};
            if (enc.data && ibidi_utf8_encode(cps, n, &enc, &err) == IBIDI_OK) {
                put(o, item, len, enc.data, enc.len, 1);
            } else {
                if (!enc.data)
                    err = (ibidi_error){IBIDI_E_NOMEM, 0, 0};
                rc = fail(o, item, len, itemno, "output", &err, "index");
            }
            free(enc.data);
        }
    } else {
        size_t n = 0;
        ibidi_buf32 dec = {cps, len + 1, 0};
        if (o->hex_in) {
            n = parse_hex(item, len, cps, &err);
            if (n == (size_t)-1) {
                free(cps);
                return fail(o, item, len, itemno, "hexadecimal code point", &err, "byte");
            }
        } else if (ibidi_utf8_decode(item, len, &dec, &err) != IBIDI_OK) {
            free(cps);
            return fail(o, item, len, itemno, "input", &err, "byte");
        } else {
            n = dec.len;
        }
        ibidi_buf enc = {NULL, 0, 0};
        ibidi_status st = ibidi_punycode_encode(cps, n, &enc, &err);
        if (st == IBIDI_E_BUFFER_TOO_SMALL || st == IBIDI_OK) {
            enc.cap = enc.len + 1;
            enc.data = malloc(enc.cap);
        }
        if (enc.data)
            st = ibidi_punycode_encode(cps, n, &enc, &err);
        if (!enc.data || st) {
            rc = fail(o, item, len, itemno, "encode", &err, "index");
        } else {
            put(o, item, len, enc.data, enc.len, 0);
        }
        free(enc.data);
    }
    free(cps);
    return rc;
}

static int punycode_run(int argc, char **argv)
{
    puny_opts o = {0, 0, 0, 0, 0};
    int chosen = 0, r;
    cli_args a;
    cli_arg x;
    cli_args_init(&a, "punycode", argc, argv, 1);
    while ((r = cli_args_next(&a, &x)) > 0) {
        switch (x.id) {
        case CLI_OPT_DECODE:
        case CLI_OPT_ENCODE: {
            const int dec = x.id == CLI_OPT_DECODE;
            if (chosen && o.decode != dec)
                return cli_usage_error("punycode", "--encode and --decode: choose one");
            o.decode = dec;
            chosen = 1;
            break;
        }
        case CLI_OPT_CANONICAL: o.flags |= IBIDI_PUNYCODE_CANONICAL; break;
        case CLI_OPT_HEX: o.hex_in = o.hex_out = 1; break;
        case CLI_OPT_JSON: o.json = 1; break;
        default: break;
        }
    }
    if (r < 0)
        return CLI_USAGE;
    return cli_for_each_item(argc, argv, a.i, puny_item, &o);
}

const cli_command cli_cmd_punycode = {
    "punycode", "Punycode (RFC 3492) encode and decode",
    "usage: ibidi punycode [--encode|--decode] [--hex] [--canonical] [--json] [STRING ...]\n"
    "\n"
    "Encodes each STRING (or each line of standard input) as Punycode (RFC 3492), or\n"
    "decodes it. Whole strings: no \"xn--\" prefix and no label splitting (to-ascii and\n"
    "to-unicode do that).\n"
    "\n"
    "  --encode, -e  Unicode to Punycode (default)\n"
    "  --decode, -d  Punycode to Unicode; errors name the byte and the rule (bad digit,\n"
    "                truncated, overflow of RFC 3492 §6.4, not a scalar value)\n"
    "  --hex         code points in hexadecimal separated by spaces (0041 U+00E9) instead\n"
    "                of UTF-8 text: the input of --encode, the output of --decode\n"
    "  --canonical   --decode accepts only what the encoder produces (as A-labels must be)\n"
    "  --json        one JSON object per item: input and output (the line the text form\n"
    "                prints, unescaped), or input and error\n",
    punycode_run, 0, NULL};
