/*
 * Speed of UTS #39 §4 skeletons (ibidi/confusable.h) per name, side by side with ICU's
 * spoof checker (uspoof_getSkeletonUTF8, -DIBIDI_BENCH_ICU -licui18n -licuuc) on the same
 * names in the same run, and the goal of the look-alike work: ibidi's skeleton in at most
 * 0.25x ICU's time. ICU's uspoof_getBidiSkeletonUTF8 came with ICU 74; Debian 12 has 72,
 * so the bidi skeleton is measured alone (and beside the plain one: the UBA's share).
 *
 * Names: 200,000 generated domain names of 2 to 3 labels, as a zone holds them: 70% ASCII
 * (letters, digits, hyphens), 10% Arabic, 10% Hebrew, 10% Cyrillic U-labels, and a second
 * set of the non-ASCII ones alone. Each figure is the best of several passes; the outputs
 * of ICU and ibidi are compared too (ICU 72 has Unicode 15.0 data: the names whose
 * skeletons differ are counted, not asserted).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "ibidi.h"

#ifdef IBIDI_BENCH_ICU
#include <unicode/uspoof.h>
#include <unicode/uversion.h>
#endif

#define N_NAMES 200000
#define PASSES 5

typedef struct set {
    char *p;
    size_t *off, *len, n;
} set;

/* A label of 3 to 10 characters of one alphabet. */
static size_t label(char *o, uint32_t *s, int script)
{
    static const uint32_t ranges[4][2] = {
        {'a', 'z'}, {0x0627, 0x064A}, {0x05D0, 0x05EA}, {0x0430, 0x044F}};
    size_t n = 3 + rng(s) % 8, at = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = ranges[script][0] + rng(s) % (ranges[script][1] - ranges[script][0] + 1);
        if (script == 0 && rng(s) % 12 == 0)
            c = '0' + rng(s) % 10;
        if (script == 0 && i > 0 && i + 1 < n && rng(s) % 20 == 0)
            c = '-';
        at += put_cp(o + at, c);
    }
    return at;
}

static void make_set(set *st, int only_unicode, uint32_t seed)
{
    st->p = malloc((size_t)N_NAMES * 128);
    st->off = malloc(N_NAMES * sizeof *st->off);
    st->len = malloc(N_NAMES * sizeof *st->len);
    if (!st->p || !st->off || !st->len)
        exit(1);
    size_t at = 0;
    for (size_t i = 0; i < N_NAMES; i++) {
        int script = 0;
        uint32_t r = rng(&seed) % 10;
        if (only_unicode || r >= 7)
            script = 1 + (int)(rng(&seed) % 3);
        st->off[i] = at;
        at += label(st->p + at, &seed, script);
        if (rng(&seed) % 3 == 0) {
            st->p[at++] = '.';
            at += label(st->p + at, &seed, script);
        }
        memcpy(st->p + at, ".com", 4);
        at += 4;
        st->len[i] = at - st->off[i];
    }
    st->n = N_NAMES;
}

/* One pass of ibidi over the set: its seconds. */
static double run_ibidi(const set *st, int bidi, size_t *bytes)
{
    char out[4096];
    size_t total = 0;
    double t0 = now();
    for (size_t i = 0; i < st->n; i++) {
        ibidi_buf b = {out, sizeof out, 0};
        if (bidi)
            ibidi_confusable_bidi_skeleton_utf8(st->p + st->off[i], st->len[i], IBIDI_DIR_LTR,
                                                &b, NULL);
        else
            ibidi_confusable_skeleton_utf8(st->p + st->off[i], st->len[i], &b, NULL);
        total += b.len;
    }
    *bytes = total;
    return now() - t0;
}

#ifdef IBIDI_BENCH_ICU
static double run_icu(const USpoofChecker *sc, const set *st, size_t *bytes)
{
    char out[4096];
    size_t total = 0;
    double t0 = now();
    for (size_t i = 0; i < st->n; i++) {
        UErrorCode e = U_ZERO_ERROR;
        int32_t n = uspoof_getSkeletonUTF8(sc, 0, st->p + st->off[i], (int32_t)st->len[i], out,
                                           (int32_t)sizeof out, &e);
        total += U_SUCCESS(e) ? (size_t)n : 0;
    }
    *bytes = total;
    return now() - t0;
}

/* Names whose skeletons differ between ICU (its own Unicode data) and ibidi (17.0.0). */
static size_t differ(const USpoofChecker *sc, const set *st)
{
    size_t d = 0;
    char a[4096], b[4096];
    for (size_t i = 0; i < st->n; i++) {
        UErrorCode e = U_ZERO_ERROR;
        int32_t n = uspoof_getSkeletonUTF8(sc, 0, st->p + st->off[i], (int32_t)st->len[i], a,
                                           (int32_t)sizeof a, &e);
        ibidi_buf o = {b, sizeof b, 0};
        ibidi_confusable_skeleton_utf8(st->p + st->off[i], st->len[i], &o, NULL);
        d += U_FAILURE(e) || (size_t)n != o.len || memcmp(a, b, o.len) != 0;
    }
    return d;
}
#endif

int main(void)
{
    static const char *const names[2] = {"zone-like names (70% ASCII)", "U-labels only"};
    printf("UTS #39 skeletons, ibidi %s (Unicode 17.0.0 data); %d names a set, best of %d "
           "interleaved passes\n",
           ibidi_version(), N_NAMES, PASSES);
#ifdef IBIDI_BENCH_ICU
    UErrorCode e = U_ZERO_ERROR;
    USpoofChecker *sc = uspoof_open(&e);
    if (U_FAILURE(e)) {
        fprintf(stderr, "bench_confusable: uspoof_open: %s\n", u_errorName(e));
        return 1;
    }
    printf("  ICU %s (uspoof_getSkeletonUTF8; its confusables data is its own Unicode "
           "version's)\n",
           U_ICU_VERSION);
#else
    printf("  ICU: headers not installed, ibidi alone\n");
#endif
    for (int k = 0; k < 2; k++) {
        set st;
        make_set(&st, k, 12345u + (uint32_t)k);
        size_t b1 = 0, b2 = 0;
        double t1 = 1e30, t2 = 1e30, ti = 1e30;
        /* the passes interleaved, so that a slower spell of the machine weighs on all */
        for (int p = 0; p < PASSES; p++) {
            double a = run_ibidi(&st, 0, &b1), b = run_ibidi(&st, 1, &b2);
            t1 = a < t1 ? a : t1;
            t2 = b < t2 ? b : t2;
#ifdef IBIDI_BENCH_ICU
            size_t bi = 0;
            double c = run_icu(sc, &st, &bi);
            ti = c < ti ? c : ti;
#endif
        }
        (void)ti; /* (without ICU) */
        printf("  %-28s ibidi skeleton       %7.3f us/name (%.2f M names/s)\n", names[k],
               t1 * 1e6 / (double)st.n, (double)st.n / t1 / 1e6);
        printf("  %-28s ibidi bidi skeleton  %7.3f us/name (%.2fx the plain skeleton's time)\n",
               names[k], t2 * 1e6 / (double)st.n, t2 / t1);
#ifdef IBIDI_BENCH_ICU
        printf("  %-28s ICU skeleton         %7.3f us/name; ibidi takes %.2fx ICU's time "
               "(goal <= 0.25x); %zu of %zu skeletons differ (data versions)\n",
               names[k], ti * 1e6 / (double)st.n, t1 / ti, differ(sc, &st), st.n);
#endif
        free(st.p);
        free(st.off);
        free(st.len);
    }
#ifdef IBIDI_BENCH_ICU
    uspoof_close(sc);
#endif
    return 0;
}
