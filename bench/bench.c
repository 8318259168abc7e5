/*
 * ibidi throughput, side by side with ICU when built with -DIBIDI_BENCH_ICU -licuuc
 * (`make bench` does so when ICU's headers are installed).
 *
 * Figures are MB/s of UTF-8 input (10^6 bytes per second), the median of several timed
 * runs (clock_gettime(CLOCK_MONOTONIC)). ICU's normalization works on UTF-16 only: its
 * input is converted once outside the timing, and its throughput is still counted in
 * bytes of the same UTF-8 text, so both columns measure the same amount of text.
 * Destination sizes are preflighted once, outside the timing, for both libraries.
 *
 * Operations:
 *   validate    ibidi_utf8_validate            vs u_strFromUTF8 preflight (NULL, 0): ICU has
 *                                                 no validator; this is its checking pass
 *   decode      ibidi_utf8_decode (code points) vs the faster of u_strFromUTF8 (to UTF-16)
 *                                                 and a U8_NEXT loop (to code points)
 *   nfc-qc      ibidi_normalize_quick_check_utf8 NFC     vs unorm2_quickCheck (and unorm2_isNormalized)
 *   nfc-is      ibidi_normalize_is_normalized_utf8 NFC   vs unorm2_isNormalized
 *   nfc         ibidi_normalize_utf8 NFC       vs unorm2_normalize (UTF-16 to UTF-16)
 *
 * Corpora (~1 MB each) are generated here, deterministically: ASCII domain names, Arabic
 * text, Hebrew text with points, Latin text with accents in NFC, and the same Latin text in
 * NFD. Throughput is reported, never asserted.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "ibidi/normalize.h"

#ifdef IBIDI_BENCH_ICU
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#endif

#ifdef IBIDI_BENCH_ICU
#define HAVE_ICU 1
#else
#define HAVE_ICU 0
#endif

#define CORPUS_BYTES 1000000
#define RUNS 7
#define RUN_SECONDS 0.04 /* target duration of one timed run */

/* ------------------------------------------------------------------ corpora */

typedef struct buf {
    char *p;
    size_t len, cap;
} buf;

static void put(buf *b, const char *s, size_t n)
{
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 1 << 16;
        while (cap < b->len + n)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
}

static void put_cp(buf *b, uint32_t cp)
{
    char u[4];
    size_t n = ibidi_utf8_encode_cp(cp, u);
    put(b, u, n);
}

static uint32_t rnd(uint32_t *state, uint32_t n) /* xorshift32, a reproducible stream */
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x % n;
}

/* ASCII domain names, one per line: "www.label-12.example.com". */
static void gen_ascii(buf *b)
{
    static const char *tld[] = {"com", "org", "net", "de", "info", "io"};
    uint32_t st = 1;
    while (b->len < CORPUS_BYTES) {
        if (rnd(&st, 2))
            put(b, "www.", 4);
        for (uint32_t labels = 1 + rnd(&st, 2); labels > 0; labels--) {
            for (uint32_t n = 3 + rnd(&st, 10); n > 0; n--) {
                char c = (char)(rnd(&st, 8) ? 'a' + rnd(&st, 26) : '0' + rnd(&st, 10));
                put(b, &c, 1);
            }
            if (rnd(&st, 4) == 0)
                put(b, "-x", 2);
            put(b, ".", 1);
        }
        const char *t = tld[rnd(&st, 6)];
        put(b, t, strlen(t));
        put(b, "\n", 1);
    }
}

/* Arabic words (letters U+0621..U+064A), some letters with one haraka U+064B..U+0652
 * (these never compose, so the text is in NFC), separated by spaces and Arabic commas. */
static void gen_arabic(buf *b)
{
    uint32_t st = 2;
    while (b->len < CORPUS_BYTES) {
        for (uint32_t n = 2 + rnd(&st, 7); n > 0; n--) {
            uint32_t cp = 0x0621 + rnd(&st, 0x064A - 0x0621 + 1);
            if (cp >= 0x063B && cp <= 0x0640) /* skip the late additions and tatweel */
                cp = 0x0644;
            put_cp(b, cp);
            if (rnd(&st, 4) == 0)
                put_cp(b, 0x064B + rnd(&st, 8));
        }
        put_cp(b, rnd(&st, 12) == 0 ? 0x060C : ' ');
    }
}

/* Hebrew words (letters U+05D0..U+05EA) with points: each letter carries at most one
 * point (so the marks are trivially in canonical order and the text is in NFC). */
static void gen_hebrew(buf *b)
{
    static const uint32_t points[] = {0x05B0, 0x05B4, 0x05B5, 0x05B6, 0x05B7,
                                      0x05B8, 0x05B9, 0x05BB, 0x05BC, 0x05C1};
    uint32_t st = 3;
    while (b->len < CORPUS_BYTES) {
        for (uint32_t n = 2 + rnd(&st, 6); n > 0; n--) {
            put_cp(b, 0x05D0 + rnd(&st, 27));
            if (rnd(&st, 3) != 0)
                put_cp(b, points[rnd(&st, 10)]);
        }
        if (rnd(&st, 10) == 0)
            put(b, ".", 1);
        put(b, " ", 1);
    }
}

/* Latin text where about one letter in six carries an accent; nfd selects precomposed
 * letters (NFC) or base letter + combining mark (NFD). */
static void gen_latin(buf *b, int nfd)
{
    static const struct {
        uint32_t composed, base, mark;
    } acc[] = {{0xE9, 'e', 0x301}, {0xE8, 'e', 0x300}, {0xEA, 'e', 0x302}, {0xE0, 'a', 0x300},
               {0xE4, 'a', 0x308}, {0xF6, 'o', 0x308}, {0xFC, 'u', 0x308}, {0xF1, 'n', 0x303},
               {0xE7, 'c', 0x327}, {0xED, 'i', 0x301}, {0xF3, 'o', 0x301}, {0x159, 'r', 0x30C},
               {0x161, 's', 0x30C}, {0x17E, 'z', 0x30C}, {0x107, 'c', 0x301}, {0x0151, 'o', 0x30B}};
    uint32_t st = 4;
    while (b->len < CORPUS_BYTES) {
        for (uint32_t n = 2 + rnd(&st, 9); n > 0; n--) {
            if (rnd(&st, 6) == 0) {
                uint32_t k = rnd(&st, 16);
                if (nfd) {
                    put_cp(b, acc[k].base);
                    put_cp(b, acc[k].mark);
                } else {
                    put_cp(b, acc[k].composed);
                }
            } else {
                put_cp(b, 'a' + rnd(&st, 26));
            }
        }
        if (rnd(&st, 15) == 0)
            put(b, ",", 1);
        put(b, " ", 1);
    }
}

/* ------------------------------------------------------------------ timing */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct job job;
typedef size_t (*job_fn)(job *j); /* one pass over the corpus; returns something to keep */

struct job {
    const char *s; /* the UTF-8 corpus */
    size_t len;
    uint32_t *cps; /* code point destination */
    size_t cps_cap;
    char *u8; /* UTF-8 destination */
    size_t u8_cap;
#ifdef IBIDI_BENCH_ICU
    const UChar *u16; /* the corpus in UTF-16 */
    int32_t u16_len;
    UChar *u16_dst;
    int32_t u16_cap;
    const UNormalizer2 *nfc;
#endif
    int failed; /* a call returned an error: the figure is void */
};

static volatile size_t sink;

/* Median MB/s of RUNS runs of fn; each run repeats fn for about RUN_SECONDS. */
static double measure(job_fn fn, job *j)
{
    double t0 = now();
    sink += fn(j);
    double one = now() - t0;
    long reps = one > 0 ? (long)(RUN_SECONDS / one) : 1000;
    if (reps < 1)
        reps = 1;
    double mbs[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double start = now();
        for (long k = 0; k < reps; k++)
            sink += fn(j);
        double dt = now() - start;
        mbs[r] = (double)j->len * (double)reps / dt / 1e6;
    }
    qsort(mbs, RUNS, sizeof mbs[0], cmp_double);
    return j->failed ? -1.0 : mbs[RUNS / 2];
}

/* ------------------------------------------------------------------ ibidi */

static size_t ib_validate(job *j)
{
    size_t n = 0;
    if (ibidi_utf8_validate(j->s, j->len, &n, NULL) != IBIDI_OK)
        j->failed = 1;
    return n;
}

static size_t ib_decode(job *j)
{
    ibidi_buf32 dec = {j->cps, j->cps_cap, 0};
    if (ibidi_utf8_decode(j->s, j->len, &dec, NULL) != IBIDI_OK)
        j->failed = 1;
    return dec.len ? j->cps[dec.len - 1] : 0;
}

static size_t ib_qc(job *j)
{
    ibidi_normalize_qc qc = IBIDI_NORMALIZE_NO;
    if (ibidi_normalize_quick_check_utf8(j->s, j->len, IBIDI_NORMALIZE_NFC, &qc, NULL) != IBIDI_OK)
        j->failed = 1;
    return (size_t)qc;
}

static size_t ib_is_norm(job *j)
{
    int r = 0;
    if (ibidi_normalize_is_normalized_utf8(j->s, j->len, IBIDI_NORMALIZE_NFC, &r, NULL) != IBIDI_OK)
        j->failed = 1;
    return (size_t)r;
}

static size_t ib_nfc(job *j)
{
    ibidi_buf o = {j->u8, j->u8_cap, 0};
    if (ibidi_normalize_utf8(j->s, j->len, IBIDI_NORMALIZE_NFC, &o, NULL) != IBIDI_OK)
        j->failed = 1;
    return o.len;
}

/* ------------------------------------------------------------------ ICU */

#ifdef IBIDI_BENCH_ICU
static size_t icu_preflight(job *j)
{
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = 0;
    u_strFromUTF8(NULL, 0, &n, j->s, (int32_t)j->len, &e);
    if (e != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(e))
        j->failed = 1;
    return (size_t)n;
}

static size_t icu_to_utf16(job *j)
{
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = 0;
    u_strFromUTF8(j->u16_dst, j->u16_cap, &n, j->s, (int32_t)j->len, &e);
    if (U_FAILURE(e))
        j->failed = 1;
    return (size_t)n;
}

static size_t icu_u8_next(job *j)
{
    const uint8_t *s = (const uint8_t *)j->s;
    int32_t i = 0, len = (int32_t)j->len;
    size_t n = 0;
    while (i < len) {
        UChar32 c;
        U8_NEXT(s, i, len, c);
        if (c < 0) {
            j->failed = 1;
            break;
        }
        j->cps[n++] = (uint32_t)c;
    }
    return n ? j->cps[n - 1] : 0;
}

static size_t icu_qc(job *j)
{
    UErrorCode e = U_ZERO_ERROR;
    UNormalizationCheckResult r = unorm2_quickCheck(j->nfc, j->u16, j->u16_len, &e);
    if (U_FAILURE(e))
        j->failed = 1;
    return (size_t)r;
}

/* What a caller holding UTF-8 (as every identifier API does) pays with ICU: the
 * conversion to UTF-16 and the quick check. */
static size_t icu_qc_from_utf8(job *j)
{
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = 0;
    u_strFromUTF8(j->u16_dst, j->u16_cap, &n, j->s, (int32_t)j->len, &e);
    UNormalizationCheckResult r = unorm2_quickCheck(j->nfc, j->u16_dst, n, &e);
    if (U_FAILURE(e))
        j->failed = 1;
    return (size_t)r;
}

static size_t icu_is_norm(job *j)
{
    UErrorCode e = U_ZERO_ERROR;
    UBool r = unorm2_isNormalized(j->nfc, j->u16, j->u16_len, &e);
    if (U_FAILURE(e))
        j->failed = 1;
    return (size_t)r;
}

static size_t icu_nfc(job *j)
{
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = unorm2_normalize(j->nfc, j->u16, j->u16_len, j->u16_dst, j->u16_cap, &e);
    if (U_FAILURE(e))
        j->failed = 1;
    return (size_t)n;
}
#endif

/* ------------------------------------------------------------------ table */

/* ib or icu < 0: the call failed. comparable = 0: both figures shown, no ratio. */
static void row(const char *op, const char *corpus, double ib, double icu, const char *icu_call,
                int comparable)
{
    char a[32], b[32], r[32];
    if (ib < 0)
        snprintf(a, sizeof a, "error");
    else
        snprintf(a, sizeof a, "%.0f", ib);
    if (icu < 0)
        snprintf(b, sizeof b, "%s", HAVE_ICU ? "error" : "-");
    else
        snprintf(b, sizeof b, "%.0f", icu);
    if (ib > 0 && icu > 0 && comparable)
        snprintf(r, sizeof r, "%.2f", ib / icu);
    else
        snprintf(r, sizeof r, "-");
    printf("%-9s %-22s %10s %10s %8s   %s\n", op, corpus, a, b, r, icu_call ? icu_call : "");
}

int main(void)
{
    static const char *names[] = {"ASCII domain names", "Arabic", "Hebrew with points",
                                  "Latin accented (NFC)", "Latin accented (NFD)"};
    buf corpus[5] = {{0}};
    gen_ascii(&corpus[0]);
    gen_arabic(&corpus[1]);
    gen_hebrew(&corpus[2]);
    gen_latin(&corpus[3], 0);
    gen_latin(&corpus[4], 1);

    printf("ibidi %s (Unicode %s): throughput in MB/s of UTF-8 input, median of %d runs\n",
           ibidi_version(), ibidi_unicode_version(), RUNS);
#ifdef IBIDI_BENCH_ICU
    UErrorCode ue = U_ZERO_ERROR;
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&ue);
    if (U_FAILURE(ue)) {
        fprintf(stderr, "ICU: unorm2_getNFCInstance failed: %s\n", u_errorName(ue));
        return 1;
    }
    printf("ICU %s (Unicode %s) side by side; ICU normalizes UTF-16, converted outside the timing\n",
           U_ICU_VERSION, U_UNICODE_VERSION);
#else
    printf("ICU not available (install libicu-dev): ibidi figures only\n");
#endif
    for (int c = 0; c < 5; c++) {
        size_t ncp = 0;
        if (ibidi_utf8_validate(corpus[c].p, corpus[c].len, &ncp, NULL) != IBIDI_OK) {
            fprintf(stderr, "corpus %s is not well-formed\n", names[c]);
            return 1;
        }
        printf("corpus %-22s %8zu bytes %8zu code points\n", names[c], corpus[c].len, ncp);
    }
    printf("\n%-9s %-22s %10s %10s %8s   %s\n", "operation", "corpus", "ibidi", "ICU", "ibidi/ICU",
           "ICU call");

    for (int c = 0; c < 5; c++) {
        job j;
        memset(&j, 0, sizeof j);
        j.s = corpus[c].p;
        j.len = corpus[c].len;
        j.cps_cap = j.len;
        j.cps = malloc(j.cps_cap * sizeof *j.cps);
        /* NFC output: preflighted once; the result of NFC is never more than 3x the input */
        ibidi_buf need = {NULL, 0, 0};
        ibidi_normalize_utf8(j.s, j.len, IBIDI_NORMALIZE_NFC, &need, NULL);
        j.u8_cap = need.len;
        j.u8 = malloc(j.u8_cap + 1);
        if (!j.cps || !j.u8)
            return 2;
#ifdef IBIDI_BENCH_ICU
        UErrorCode e = U_ZERO_ERROR;
        int32_t n16 = 0;
        u_strFromUTF8(NULL, 0, &n16, j.s, (int32_t)j.len, &e); /* preflight, outside the timing */
        UChar *u16 = malloc(((size_t)n16 + 1) * sizeof *u16);
        e = U_ZERO_ERROR;
        u_strFromUTF8(u16, n16 + 1, NULL, j.s, (int32_t)j.len, &e);
        j.u16 = u16;
        j.u16_len = n16;
        j.nfc = nfc;
        e = U_ZERO_ERROR;
        int32_t nfc16 = unorm2_normalize(nfc, u16, n16, NULL, 0, &e); /* preflight */
        j.u16_cap = (nfc16 > n16 ? nfc16 : n16) + 1;
        j.u16_dst = malloc((size_t)j.u16_cap * sizeof *j.u16_dst);
#endif
        double ib, icu = -1;
        const char *call = NULL;

        /* (a) UTF-8 validation and decoding */
        ib = measure(ib_validate, &j);
#ifdef IBIDI_BENCH_ICU
        j.failed = 0;
        icu = measure(icu_preflight, &j);
        call = "u_strFromUTF8 preflight";
#endif
        row("validate", names[c], ib, icu, call, 1);

        j.failed = 0;
        ib = measure(ib_decode, &j);
#ifdef IBIDI_BENCH_ICU
        j.failed = 0;
        double to16 = measure(icu_to_utf16, &j);
        j.failed = 0;
        double next = measure(icu_u8_next, &j);
        icu = to16 >= next ? to16 : next;
        call = to16 >= next ? "u_strFromUTF8 (UTF-16)" : "U8_NEXT loop (code points)";
        char other[96];
        snprintf(other, sizeof other, "%s; %s %.0f", call,
                 to16 >= next ? "U8_NEXT loop" : "u_strFromUTF8", to16 >= next ? next : to16);
        call = other;
#endif
        row("decode", names[c], ib, icu, call, 1);

        /* (b) NFC quick check, definite check, normalization */
        j.failed = 0;
        ib = measure(ib_qc, &j);
        ibidi_normalize_qc qc = IBIDI_NORMALIZE_NO;
        ibidi_normalize_quick_check_utf8(j.s, j.len, IBIDI_NORMALIZE_NFC, &qc, NULL);
        const char *ibqc = qc == IBIDI_NORMALIZE_YES ? "YES" : qc == IBIDI_NORMALIZE_NO ? "NO" : "MAYBE";
        char qcall[96];
        snprintf(qcall, sizeof qcall, "(ibidi %s)", ibqc);
        call = HAVE_ICU ? NULL : qcall;
#ifdef IBIDI_BENCH_ICU
        j.failed = 0;
        icu = measure(icu_qc, &j);
        e = U_ZERO_ERROR;
        UNormalizationCheckResult iqc = unorm2_quickCheck(nfc, u16, n16, &e);
        snprintf(qcall, sizeof qcall, "unorm2_quickCheck (ibidi %s, ICU %s)", ibqc,
                 iqc == UNORM_YES ? "YES" : iqc == UNORM_NO ? "NO" : "MAYBE");
        call = qcall;
#endif
        row("nfc-qc", names[c], ib, icu, call, 1);
#ifdef IBIDI_BENCH_ICU
        j.failed = 0;
        icu = measure(icu_qc_from_utf8, &j);
        row("nfc-qc8", names[c], ib, icu, "u_strFromUTF8 + unorm2_quickCheck (UTF-8 input)", 1);
#endif

        j.failed = 0;
        int early = 0; /* set when ICU's answer comes from an early exit */
        ib = measure(ib_is_norm, &j);
        int isn = -1;
        ibidi_normalize_is_normalized_utf8(j.s, j.len, IBIDI_NORMALIZE_NFC, &isn, NULL);
        char icall[96];
        snprintf(icall, sizeof icall, "(ibidi %d)", isn);
        call = HAVE_ICU ? NULL : icall;
#ifdef IBIDI_BENCH_ICU
        j.failed = 0;
        icu = measure(icu_is_norm, &j);
        e = U_ZERO_ERROR;
        UBool iisn = unorm2_isNormalized(nfc, u16, n16, &e);
        snprintf(icall, sizeof icall, "unorm2_isNormalized (ibidi %d, ICU %d)%s", isn, (int)iisn,
                 iisn ? "" : ": ICU stops early, no ratio");
        call = icall;
        if (!iisn)
            early = 1;
#endif
        row("nfc-is", names[c], ib, icu, call, !early);

        j.failed = 0;
        ib = measure(ib_nfc, &j);
#ifdef IBIDI_BENCH_ICU
        j.failed = 0;
        icu = measure(icu_nfc, &j);
        call = "unorm2_normalize (UTF-16)";
        free(j.u16_dst);
        free(u16);
#endif
        row("nfc", names[c], ib, icu, call, 1);
        free(j.cps);
        free(j.u8);
    }
    printf("\nMB/s = 10^6 bytes of the UTF-8 corpus per second. nfc-qc8 times ICU on the same\n"
           "UTF-8 input, conversion included, as a caller holding UTF-8 pays it. On NFD text a\n"
           "check that stops at the first character not in NFC measures only the text before it.\n");
    for (int c = 0; c < 5; c++)
        free(corpus[c].p);
    return (int)(sink & 0);
}
