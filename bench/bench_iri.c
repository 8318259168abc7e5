/*
 * Speed of identifier display (ibidi/iri.h, ibidi/display.h): IRIs per second for
 * parse + check + display, the job of a browser's address bar or a mail client's header
 * view. Side by side, when built with -DIBIDI_BENCH_ICU -licuuc, ICU's ubidi on the same
 * IRIs (ubidi_setPara with a left-to-right paragraph + ubidi_getVisualMap, on UTF-16
 * converted before the timing): the display step alone, without any parsing or rules,
 * which ICU does not have.
 *
 * Workloads (generated here, deterministic, 2000 IRIs each):
 *   rtl    https IRIs with Arabic or Hebrew host labels, path segments, query and fragment
 *   mixed  the same with Latin labels and segments between the right-to-left ones
 *   ascii  all-ASCII IRIs (the common case a display path must not slow down)
 * Operations per IRI:
 *   ibidi parse+check+layout  ibidi_iri_parse, ibidi_iri_check, ibidi_display_layout
 *                             (levels and visual map)
 *   ibidi parse+form          ibidi_display_utf8 IBIDI_DISPLAY_FORM_ISOLATE (parse + safe form)
 *   ICU display only          ubidi_setPara + ubidi_getVisualMap
 * Each figure is the best of several timed passes (clock_gettime(CLOCK_MONOTONIC)); the
 * calls use caller buffers on the stack, so none allocates.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ibidi.h"

#ifdef IBIDI_BENCH_ICU
#include <unicode/ubidi.h>
#include <unicode/ustring.h>
#endif

#define N_IRIS 2000
#define PASSES 9

static const char *const ar[] = {"مثال", "السعودية", "مصر", "موقع", "اختبار", "عربي",
                                 "الاخبار", "صفحة", "بحث", "كتب"};
static const char *const he[] = {"דוגמה", "ישראל", "אתר", "בדיקה", "חדשות", "עמוד", "ספרים",
                                 "חיפוש"};
static const char *const la[] = {"www", "example", "news", "index", "shop", "docs", "en", "v2"};

static uint32_t rnd(uint32_t *s, uint32_t n)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s % n;
}

static const char *word(uint32_t *st, int kind)
{
    if (kind == 0)
        return la[rnd(st, 8)];
    return rnd(st, 2) ? ar[rnd(st, 10)] : he[rnd(st, 8)];
}

/* kind 0: ascii, 1: rtl, 2: mixed */
static void gen(char *out, size_t cap, uint32_t *st, int kind)
{
    int w = kind == 0 ? 0 : 1;
    int m = kind == 2;
    snprintf(out, cap, "https://%s.%s.%s/%s/%s/%s.html?q=%s&lang=ar#%s", m ? "www" : word(st, w),
             word(st, w), m ? "com" : word(st, w), word(st, w), m ? "docs" : word(st, w),
             word(st, w), word(st, w), m ? "top" : word(st, w));
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static volatile size_t sink;

static double run_ibidi_layout(char iris[][512], size_t n)
{
    double best = 1e30;
    for (int p = 0; p < PASSES; p++) {
        double t0 = now();
        for (size_t i = 0; i < n; i++) {
            ibidi_iri_component comps[128];
            ibidi_iri_components rec = {comps, 128, 0};
            ibidi_finding f[32];
            ibidi_findings fs = {f, 32, 0, 0};
            uint8_t levels[512];
            size_t v2l[512], len = strlen(iris[i]);
            if (ibidi_iri_parse(iris[i], len, IBIDI_IRI_AS_IRI, &rec, NULL, NULL) != IBIDI_OK)
                abort();
            ibidi_iri_check(iris[i], len, &rec, NULL, &fs, NULL);
            const ibidi_display_options o = {.comps = &rec};
            ibidi_display_layout_result r = {levels, v2l, NULL, 512, 0, NULL, 0, 0};
            if (ibidi_display_layout(iris[i], len, &o, &r, NULL) != IBIDI_OK)
                abort();
            sink += v2l[0] + fs.n + r.n;
        }
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    return (double)n / best;
}

static double run_ibidi_form(char iris[][512], size_t n)
{
    double best = 1e30;
    for (int p = 0; p < PASSES; p++) {
        double t0 = now();
        for (size_t i = 0; i < n; i++) {
            char out[1024];
            ibidi_buf b = {out, sizeof out, 0};
            const ibidi_display_options o = {.as = IBIDI_IRI_AS_IRI,
                                             .form = IBIDI_DISPLAY_FORM_ISOLATE};
            if (ibidi_display_utf8(iris[i], strlen(iris[i]), &o, &b, NULL) != IBIDI_OK)
                abort();
            sink += b.len;
        }
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    return (double)n / best;
}

#ifdef IBIDI_BENCH_ICU
static double run_icu(char iris[][512], size_t n)
{
    static UChar u16[N_IRIS][512];
    static int32_t ulen[N_IRIS];
    UErrorCode e = U_ZERO_ERROR;
    UBiDi *b = ubidi_openSized(512, 0, &e);
    double best = 1e30;
    for (size_t i = 0; i < n; i++) {
        e = U_ZERO_ERROR;
        u_strFromUTF8(u16[i], 512, &ulen[i], iris[i], -1, &e);
    }
    for (int p = 0; p < PASSES; p++) {
        double t0 = now();
        for (size_t i = 0; i < n; i++) {
            int32_t map[512];
            e = U_ZERO_ERROR;
            ubidi_setPara(b, u16[i], ulen[i], UBIDI_LTR, NULL, &e);
            ubidi_getVisualMap(b, map, &e);
            if (U_FAILURE(e))
                abort();
            sink += (size_t)map[0];
        }
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    ubidi_close(b);
    return (double)n / best;
}
#endif

int main(void)
{
    static char iris[N_IRIS][512];
    static const char *const names[] = {"ascii", "rtl", "mixed"};
    printf("identifier display: IRIs per second (millions), best of %d passes over %d IRIs\n",
           PASSES, N_IRIS);
    printf("%-6s %26s %18s %18s %12s\n", "", "ibidi parse+check+layout", "ibidi parse+form",
           "ICU display only", "ratio");
    for (int k = 0; k < 3; k++) {
        uint32_t st = 0x9E3779B9u + (uint32_t)k;
        double a, b, c = 0;
        for (size_t i = 0; i < N_IRIS; i++)
            gen(iris[i], sizeof iris[i], &st, k);
        a = run_ibidi_layout(iris, N_IRIS);
        b = run_ibidi_form(iris, N_IRIS);
#ifdef IBIDI_BENCH_ICU
        c = run_icu(iris, N_IRIS);
#endif
        if (c > 0)
            printf("%-6s %26.2f %18.2f %18.2f %12.2f\n", names[k], a / 1e6, b / 1e6, c / 1e6,
                   c / a);
        else
            printf("%-6s %26.2f %18.2f %18s %12s\n", names[k], a / 1e6, b / 1e6, "-", "-");
    }
    printf("ratio: time of ibidi parse+check+layout / time of ICU's display alone (ICU does "
           "no parsing or rule checks)\n");
    return 0;
}
