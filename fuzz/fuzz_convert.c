/*
 * Fuzz target for the conversions between the logical, textual and visual forms of an
 * identifier (include/ibidi/display.h, ibidi_display_convert, Duerst 2001 §4.4), every
 * direction (issue 24: only textual -> logical was fuzzed, by fuzz_display).
 *
 * The first byte picks the kind (bits 0-1: auto, domain, iri, email), the context (bit 2:
 * right-to-left), the form converted from and the form converted to (bits 3-4 and 5-6,
 * modulo 3: logical, textual, visual) and whether the first call gets a work area (bit 7);
 * the rest is the text (UTF-8, any bytes).
 * Properties checked with abort():
 *  1. no crash; the status is a defined one, and without a work area only
 *     DISPLAY_WORK_TOO_SMALL may differ from the call with one;
 *  2. snprintf contract: a size query (no buffer) reports the length a full call writes,
 *     a buffer one byte short gets BUFFER_TOO_SMALL and the same length, a buffer of the
 *     exact size the same bytes; the allocating call gives what the caller-buffer call
 *     gives;
 *  3. a conversion to the same form gives the text back (each form is accepted only when
 *     it is exactly what its logical form makes; restriction 1 is not asked for then);
 *  4. every conversion goes through the logical form: from -> to gives the same status
 *     and text as from -> logical -> to;
 *  5. the round trip (Duerst 2001 §5): when from -> to succeeds, to -> from of its output
 *     succeeds and gives the text back. Restriction 1 does not make it so alone, as this
 *     target found: "http://e.org/\u05D0)" in an LTR context (a trailing neutral),
 *     "e\u206A" and "http://e.org/?a\u200C" in an RTL context (a BN character that L1
 *     moves), "\u0636(8-6687''66\u05DD.exame" (numbers and a bracket in a right-to-left
 *     component) and "\u06E3\u05A3\u3002" (domain, RTL context) made visual forms that
 *     did not read back, or read back as another text; the library now offers a visual form
 *     only when it reads back (IBIDI_E_CONVERT_ROUND_TRIP otherwise);
 *  6. the logical and visual forms hold no bidi control the conversion put in: no more of
 *     them than the text had; the textual form adds only LRM, and LRE ... PDF around it
 *     exactly in a right-to-left context.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

/* The line of the property that broke, for the crash report. */
#define require(c)                                                                                 \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "fuzz_convert.c:%d: %s\n", __LINE__, #c);                              \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void *work;
static size_t work_size;

/* A work area for texts up to len bytes (the forms grow: marks add 3 bytes a component). */
static void need_work(size_t len)
{
    size_t ws = ibidi_display_work_size(len, 0);
    require(ws != SIZE_MAX);
    if (ws > work_size) {
        free(work);
        work = malloc(ws);
        require(work != NULL);
        work_size = ws;
    }
}

/* Converts with a work area; *out (ibidi_free) gets the text on success. Checks 2. */
static ibidi_status conv(const char *s, size_t len, const ibidi_display_options *base,
                         ibidi_display_repr from, ibidi_display_repr to, char **out,
                         size_t *out_len, ibidi_error *err)
{
    ibidi_display_options o = *base;
    o.from = from;
    o.to = to;
    need_work(len);
    o.work = work;
    o.work_size = work_size;
    ibidi_buf ab = {NULL, 0, (size_t)-1}, q = {NULL, 0, (size_t)-1};
    ibidi_status st = ibidi_display_convert_alloc(s, len, &o, &ab, err);
    char *a = ab.data;
    const size_t alen = ab.len;
    ibidi_error qe;
    ibidi_status qs = ibidi_display_convert(s, len, &o, &q, &qe);
    if (st != IBIDI_OK) {
        require(a == NULL && alen == 0 && qs == st);
        *out = NULL;
        return st;
    }
    require(a != NULL && a[alen] == '\0');
    require(qs == (alen ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK) && q.len == alen);
    char *buf = malloc(alen + 1);
    require(buf != NULL);
    ibidi_buf b = {buf, alen, (size_t)-1};
    require(ibidi_display_convert(s, len, &o, &b, NULL) == IBIDI_OK && b.len == alen &&
            memcmp(buf, a, alen) == 0);
    if (alen > 0) {
        b = (ibidi_buf){buf, alen - 1, (size_t)-1};
        require(ibidi_display_convert(s, len, &o, &b, NULL) == IBIDI_E_BUFFER_TOO_SMALL &&
                b.len == alen);
    }
    free(buf);
    *out = a;
    *out_len = alen;
    return st;
}

/* The bidi controls (LRM, RLM, ALM, LRE..RLO, LRI..PDI) in s; *lrm the LRMs. */
static size_t controls(const char *s, size_t len, size_t *lrm)
{
    size_t pos = 0, n = 0;
    uint32_t cp;
    *lrm = 0;
    while (pos < len && ibidi_utf8_next(s, len, &pos, &cp, NULL) == IBIDI_OK) {
        int c = cp == 0x200E || cp == 0x200F || cp == 0x061C || (cp >= 0x202A && cp <= 0x202E) ||
                (cp >= 0x2066 && cp <= 0x2069);
        n += c;
        *lrm += cp == 0x200E;
    }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const ibidi_iri_kind kinds[4] = {IBIDI_IRI_AS_AUTO, IBIDI_IRI_AS_DOMAIN,
                                            IBIDI_IRI_AS_IRI, IBIDI_IRI_AS_EMAIL};
    ibidi_display_options o;
    memset(&o, 0, sizeof o);
    o.as = kinds[data[0] & 3u];
    o.context = data[0] & 4u ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
    const ibidi_display_repr from = (ibidi_display_repr)((data[0] >> 3 & 3u) % 3u);
    const ibidi_display_repr to = (ibidi_display_repr)((data[0] >> 5 & 3u) % 3u);
    const char *s = (const char *)data + 1;
    const size_t len = size - 1;
    ibidi_error err;

    char *y = NULL;
    size_t ylen = 0;
    const ibidi_status st = conv(s, len, &o, from, to, &y, &ylen, &err);
    require(st == IBIDI_OK || (st == err.status && ibidi_status_name(st) != NULL &&
                               st != IBIDI_E_INVALID_ARGUMENT && st != IBIDI_E_NOMEM &&
                               st != IBIDI_E_BUFFER_TOO_SMALL &&
                               st != IBIDI_E_DISPLAY_WORK_TOO_SMALL));
    require(st == IBIDI_OK || from == IBIDI_DISPLAY_REPR_VISUAL || err.offset <= len);

    /* 1: without a work area */
    if (!(data[0] & 0x80u)) {
        ibidi_display_options w = o;
        w.from = from;
        w.to = to;
        ibidi_buf nb = {NULL, 0, (size_t)-1};
        ibidi_status ns = ibidi_display_convert(s, len, &w, &nb, NULL);
        if (ns != IBIDI_E_DISPLAY_WORK_TOO_SMALL)
            require(ns == st ||
                    (st == IBIDI_OK && ns == IBIDI_E_BUFFER_TOO_SMALL && nb.len == ylen));
    }
    if (st != IBIDI_OK) {
        /* 4: when the logical form is reached, the second step refuses */
        char *l = NULL, *z = NULL;
        size_t llen = 0, zlen = 0;
        if (from != IBIDI_DISPLAY_REPR_LOGICAL &&
            conv(s, len, &o, from, IBIDI_DISPLAY_REPR_LOGICAL, &l, &llen, NULL) == IBIDI_OK) {
            require(from != to);
            require(conv(l, llen, &o, IBIDI_DISPLAY_REPR_LOGICAL, to, &z, &zlen, NULL) != IBIDI_OK);
        }
        ibidi_free(z);
        ibidi_free(l);
        return 0;
    }
    /* 3: the same form (no restriction is checked then, so 4 and 5 need two forms) */
    if (from == to) {
        require(ylen == len && memcmp(y, s, len) == 0);
        ibidi_free(y);
        return 0;
    }
    /* 4 */
    char *l = NULL, *z = NULL;
    size_t llen = 0, zlen = 0;
    require(conv(s, len, &o, from, IBIDI_DISPLAY_REPR_LOGICAL, &l, &llen, NULL) == IBIDI_OK);
    require(conv(l, llen, &o, IBIDI_DISPLAY_REPR_LOGICAL, to, &z, &zlen, NULL) == IBIDI_OK);
    require(zlen == ylen && memcmp(z, y, ylen) == 0);
    /* 5 */
    char *b = NULL;
    size_t blen = 0;
    require(conv(y, ylen, &o, to, from, &b, &blen, NULL) == IBIDI_OK);
    require(blen == len && memcmp(b, s, len) == 0);
    /* 6 */
    size_t lrm_x, lrm_y, lrm_l;
    const size_t cx = controls(s, len, &lrm_x), cy = controls(y, ylen, &lrm_y);
    const size_t cl = controls(l, llen, &lrm_l);
    if (from == IBIDI_DISPLAY_REPR_LOGICAL && to != IBIDI_DISPLAY_REPR_TEXTUAL)
        require(cy <= cx);
    if (to == IBIDI_DISPLAY_REPR_TEXTUAL) {
        const size_t emb = o.context == IBIDI_DIR_RTL ? 2 : 0;
        require(cy == cl + (lrm_y - lrm_l) + emb);
        if (emb)
            require(ylen >= 6 && memcmp(y, "\xE2\x80\xAA", 3) == 0 &&
                    memcmp(y + ylen - 3, "\xE2\x80\xAC", 3) == 0);
    }
    ibidi_free(b);
    ibidi_free(l);
    ibidi_free(z);
    ibidi_free(y);
    return 0;
}
