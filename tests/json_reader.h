/*
 * A strict JSON reader (RFC 8259 grammar, strings of well-formed UTF-8, depth at most 64)
 * for the tests and fuzz targets that check the command's --json output: parse_record
 * reads one line as one JSON value and hands back the string members of its top-level
 * object that the caller names. Header-only (static functions), so that tests/ and fuzz/
 * share it without a library of their own.
 */
#ifndef IBIDI_TESTS_JSON_READER_H
#define IBIDI_TESTS_JSON_READER_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/utf8.h"

static int json_hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

typedef struct json_parser {
    const char *s, *e;
    int depth;
    /* the top-level object's string members wanted, decoded */
    const char *want[2];
    char *got[2];
    size_t got_len[2];
} json_parser;

static void json_ws(json_parser *p)
{
    while (p->s < p->e && (*p->s == ' ' || *p->s == '\t' || *p->s == '\r' || *p->s == '\n'))
        p->s++;
}

/* The characters of a string after its opening quote, up to and including the closing
 * one: checked, and with v, decoded into v; *n gets the decoded length. A string never
 * decodes longer than it is written (an escape of 2 or 6 bytes gives 1 to 3), so its
 * written length bounds the buffer. */
static int json_string_body(json_parser *p, char *v, size_t *n_out)
{
    size_t n = 0;
    while (p->s < p->e && *p->s != '"') {
        unsigned char c = (unsigned char)*p->s;
        if (c < 0x20)
            return 0;
        if (c == '\\') {
            if (++p->s >= p->e)
                return 0;
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
                    return 0;
                cp = 0;
                for (int i = 0; i < 4; i++) {
                    int d = json_hex_digit(p->s[i]);
                    if (d < 0)
                        return 0;
                    cp = cp * 16 + (uint32_t)d;
                }
                p->s += 4;
                if (cp >= 0xD800 && cp <= 0xDFFF)
                    return 0; /* the command never needs surrogate pairs */
                break;
            }
            default: return 0;
            }
            if (v) {
                n += ibidi_utf8_encode_cp(cp, v + n);
            } else {
                char tmp[4];
                n += ibidi_utf8_encode_cp(cp, tmp);
            }
            continue;
        }
        size_t at = 0;
        uint32_t cp;
        if (ibidi_utf8_next(p->s, (size_t)(p->e - p->s), &at, &cp, NULL) != IBIDI_OK)
            return 0; /* a JSON text is UTF-8 */
        if (v)
            memcpy(v + n, p->s, at);
        n += at;
        p->s += at;
    }
    if (p->s >= p->e)
        return 0;
    p->s++;
    *n_out = n;
    return 1;
}

/* A string; with out, its value in UTF-8 (malloc'd, as long as the value: the string is
 * read once to check and measure it, then again to decode it, so that reading a line
 * takes time in proportion to its length however many strings it holds). */
static int json_string(json_parser *p, char **out, size_t *out_len)
{
    if (p->s >= p->e || *p->s != '"')
        return 0;
    p->s++;
    const char *start = p->s;
    size_t n = 0;
    if (!json_string_body(p, NULL, &n))
        return 0;
    if (out) {
        const char *end = p->s;
        char *v = malloc(n + 1);
        size_t m = 0;
        p->s = start;
        if (!v || !json_string_body(p, v, &m) || m != n || p->s != end) {
            free(v);
            return 0;
        }
        v[n] = '\0';
        *out = v;
        *out_len = n;
    }
    return 1;
}

static int json_value(json_parser *p, int top);

static int json_number(json_parser *p)
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

static int json_word(json_parser *p, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(p->e - p->s) < n || memcmp(p->s, w, n) != 0)
        return 0;
    p->s += n;
    return 1;
}

static int json_object(json_parser *p, int top)
{
    p->s++;
    json_ws(p);
    if (p->s < p->e && *p->s == '}') {
        p->s++;
        return 1;
    }
    for (;;) {
        char *key = NULL;
        size_t klen = 0;
        json_ws(p);
        if (!json_string(p, &key, &klen))
            return 0;
        json_ws(p);
        if (p->s >= p->e || *p->s != ':') {
            free(key);
            return 0;
        }
        p->s++;
        json_ws(p);
        int k = -1;
        for (int i = 0; top && i < 2; i++)
            if (p->want[i] && strlen(p->want[i]) == klen && memcmp(key, p->want[i], klen) == 0)
                k = i;
        free(key);
        if (k >= 0 && p->s < p->e && *p->s == '"') {
            free(p->got[k]);
            p->got[k] = NULL;
            if (!json_string(p, &p->got[k], &p->got_len[k]))
                return 0;
        } else if (!json_value(p, 0)) {
            return 0;
        }
        json_ws(p);
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

static int json_array(json_parser *p)
{
    p->s++;
    json_ws(p);
    if (p->s < p->e && *p->s == ']') {
        p->s++;
        return 1;
    }
    for (;;) {
        json_ws(p);
        if (!json_value(p, 0))
            return 0;
        json_ws(p);
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

static int json_value(json_parser *p, int top)
{
    if (p->s >= p->e || ++p->depth > 64)
        return 0;
    int ok;
    switch (*p->s) {
    case '{': ok = json_object(p, top); break;
    case '[': ok = json_array(p); break;
    case '"': ok = json_string(p, NULL, NULL); break;
    case 't': ok = json_word(p, "true"); break;
    case 'f': ok = json_word(p, "false"); break;
    case 'n': ok = json_word(p, "null"); break;
    default: ok = json_number(p);
    }
    p->depth--;
    return ok;
}

/* Parses one line as a JSON value; keys names the input and its hex form. *bytes gets
 * the record's input bytes (malloc'd) or NULL when it has none. Returns 1 if valid. */
static int json_parse_record(const char *s, size_t len, const char *key, const char *hexkey,
                        char **bytes, size_t *n)
{
    json_parser p = {s, s + len, 0, {key, hexkey}, {NULL, NULL}, {0, 0}};
    *bytes = NULL;
    *n = 0;
    json_ws(&p);
    int ok = json_value(&p, 1);
    json_ws(&p);
    ok = ok && p.s == p.e;
    if (ok && p.got[1]) { /* hex: two digits a byte */
        size_t m = p.got_len[1] / 2;
        char *b = malloc(m + 1);
        for (size_t i = 0; i < m; i++) {
            int h = json_hex_digit(p.got[1][2 * i]), l = json_hex_digit(p.got[1][2 * i + 1]);
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

#endif /* IBIDI_TESTS_JSON_READER_H */
