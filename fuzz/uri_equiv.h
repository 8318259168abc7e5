/*
 * RFC 3987 §3.2's equivalence of URIs, shared by the URI fuzz target and tests/test_iri_uri.c:
 * URI to IRI and back may change the case of hex digits and decode percent-encoded
 * unreserved characters, so both compare through this normal form.
 */
#ifndef IBIDI_FUZZ_URI_EQUIV_H
#define IBIDI_FUZZ_URI_EQUIV_H

#include <stddef.h>

/* Writes s[0..n) to o with hex digits in upper case and unreserved characters decoded;
 * returns the length (at most n). */
static size_t norm(const char *s, size_t n, char *o)
{
    static const char hx[] = "0123456789ABCDEF";
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '%' && i + 2 < n) {
            unsigned v = 0;
            for (int j = 1; j <= 2; j++) {
                char c = s[i + j];
                v = v * 16 + (unsigned)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
            }
            if ((v >= 'A' && v <= 'Z') || (v >= 'a' && v <= 'z') || (v >= '0' && v <= '9') ||
                v == '-' || v == '.' || v == '_' || v == '~') {
                o[k++] = (char)v;
            } else {
                o[k++] = '%';
                o[k++] = hx[v >> 4];
                o[k++] = hx[v & 15];
            }
            i += 2;
            continue;
        }
        o[k++] = s[i];
    }
    return k;
}

#endif
