/*
 * Speed of the decision of how to show an identifier (ibidi/show.h, ibidi_show_make) per
 * name, side by side with ICU's spoof checker (uspoof_check2UTF8 at the highly
 * restrictive level with all its checks, -DIBIDI_BENCH_ICU -licui18n -licuuc) on the same
 * names in the same run, and the goal of the display work: ibidi's default policy in at
 * most 0.5x ICU's time. ICU's check judges one string against its own rules; ibidi's
 * decision also runs IDNA (ToASCII, and the U-labels of the A-labels), the bidi checks
 * (Badami's analysis where it can find something) and makes the string to show and its
 * presentation form.
 *
 * Workloads, 100,000 names each:
 *   - RTL identifiers: one or two labels of Arabic or Hebrew words (letters with and
 *     without hamza, one name in ten with a digit) under an ASCII or a right-to-left TLD,
 *     as registries of those TLDs hold them;
 *   - ASCII hosts: www-like host names of letters, digits and hyphens.
 * Each figure is the best of several passes (this machine's speed varies by a third for
 * seconds at a time), ICU's and ibidi's passes interleaved.
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

#define N_NAMES 100000
#define PASSES 7

typedef struct set {
    const char *name;
    char *p;
    size_t *off, *len, n;
} set;

/* A word of 3 to 8 letters: Arabic (with the hamza letters, which decompose) or Hebrew. */
static size_t rtl_word(char *o, uint32_t *s, int arabic)
{
    static const uint32_t ar[] = {0x627, 0x628, 0x62A, 0x62B, 0x62C, 0x62D, 0x62E, 0x62F,
                                  0x630, 0x631, 0x632, 0x633, 0x634, 0x635, 0x636, 0x637,
                                  0x638, 0x639, 0x63A, 0x641, 0x642, 0x643, 0x644, 0x645,
                                  0x646, 0x647, 0x648, 0x64A, 0x623, 0x625, 0x629, 0x649};
    static const uint32_t he[] = {0x5D0, 0x5D1, 0x5D2, 0x5D3, 0x5D4, 0x5D5, 0x5D6, 0x5D7,
                                  0x5D8, 0x5D9, 0x5DB, 0x5DC, 0x5DE, 0x5E0, 0x5E1, 0x5E2,
                                  0x5E4, 0x5E6, 0x5E7, 0x5E8, 0x5E9, 0x5EA};
    const size_t n = 3 + rng(s) % 6;
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = arabic ? ar[rng(s) % (sizeof ar / sizeof ar[0])]
                            : he[rng(s) % (sizeof he / sizeof he[0])];
        if (arabic && i + 1 == n && c == 0x629)
            c = 0x647; /* no final-only letter inside */
        if (arabic && i + 1 < n && (c == 0x629 || c == 0x649))
            c = 0x644;
        at += put_cp(o + at, c);
    }
    return at;
}

static size_t ascii_word(char *o, uint32_t *s, size_t min, size_t max)
{
    const size_t n = min + rng(s) % (max - min + 1);
    for (size_t i = 0; i < n; i++) {
        uint32_t r = rng(s) % 40;
        o[i] = (char)(r < 36 && (r >= 26 || i == 0 || i + 1 == n || r < 26)
                          ? (r < 26 ? 'a' + (int)r : '0' + (int)(r - 26))
                          : '-');
        if (o[i] == '-' && (i == 0 || i + 1 == n || o[i - 1] == '-'))
            o[i] = 'x';
    }
    if (o[0] >= '0' && o[0] <= '9')
        o[0] = 'a';
    return n;
}

static void make_set(set *st, int rtl, uint32_t seed)
{
    static const char *const tlds[] = {"com", "net", "org", "info"};
    static const char *const rtl_tlds[] = {"مصر", "امارات", "السعودية", "ישראל", "ایران"};
    st->p = malloc((size_t)N_NAMES * 96);
    st->off = malloc(N_NAMES * sizeof *st->off);
    st->len = malloc(N_NAMES * sizeof *st->len);
    if (!st->p || !st->off || !st->len)
        exit(1);
    size_t at = 0;
    for (size_t i = 0; i < N_NAMES; i++) {
        st->off[i] = at;
        if (rtl) {
            const int arabic = rng(&seed) % 3 != 0;
            if (rng(&seed) % 4 == 0) { /* a subdomain */
                at += rtl_word(st->p + at, &seed, arabic);
                st->p[at++] = '.';
            }
            at += rtl_word(st->p + at, &seed, arabic);
            if (rng(&seed) % 10 == 0) /* a digit at the end: EN after the letters */
                st->p[at++] = (char)('1' + rng(&seed) % 9);
            st->p[at++] = '.';
            const char *t = rng(&seed) % 2 ? tlds[rng(&seed) % 4]
                                           : rtl_tlds[arabic ? rng(&seed) % 3 : 3];
            memcpy(st->p + at, t, strlen(t));
            at += strlen(t);
        } else {
            if (rng(&seed) % 2) {
                memcpy(st->p + at, "www.", 4);
                at += 4;
            }
            at += ascii_word(st->p + at, &seed, 3, 14);
            st->p[at++] = '.';
            const char *t = tlds[rng(&seed) % 4];
            memcpy(st->p + at, t, strlen(t));
            at += strlen(t);
        }
        st->len[i] = at - st->off[i];
    }
    st->n = N_NAMES;
}

/* One pass of ibidi over the set: its seconds; *unicode counts names shown in Unicode. */
static double run_ibidi(const set *st, const ibidi_show_options *o, char *buf, size_t cap,
                        size_t *unicode)
{
    size_t u = 0;
    double t0 = now();
    for (size_t i = 0; i < st->n; i++) {
        ibidi_show r;
        if (ibidi_show_make(st->p + st->off[i], st->len[i], o, buf, cap, &r) == IBIDI_OK)
            u += (size_t)r.unicode;
    }
    *unicode = u;
    return now() - t0;
}

#ifdef IBIDI_BENCH_ICU
static double run_icu(const USpoofChecker *sc, USpoofCheckResult *res, const set *st,
                      size_t *flagged)
{
    size_t f = 0;
    double t0 = now();
    for (size_t i = 0; i < st->n; i++) {
        UErrorCode e = U_ZERO_ERROR;
        int32_t r = uspoof_check2UTF8(sc, st->p + st->off[i], (int32_t)st->len[i], res, &e);
        f += U_SUCCESS(e) && (r & USPOOF_ALL_CHECKS) != 0;
    }
    *flagged = f;
    return now() - t0;
}
#endif

int main(void)
{
    set sets[2];
    make_set(&sets[0], 1, 0x5eed);
    sets[0].name = "RTL identifiers";
    make_set(&sets[1], 0, 0xbeef);
    sets[1].name = "ASCII hosts";
    printf("bench_show: ibidi %s (Unicode %s), ibidi_show_make, %d names a workload, best "
           "of %d passes\n",
           ibidi_version(), ibidi_unicode_version(), N_NAMES, PASSES);
#ifdef IBIDI_BENCH_ICU
    UErrorCode e = U_ZERO_ERROR;
    USpoofChecker *sc = uspoof_open(&e);
    uspoof_setRestrictionLevel(sc, USPOOF_HIGHLY_RESTRICTIVE);
    uspoof_setChecks(sc, USPOOF_ALL_CHECKS | USPOOF_AUX_INFO, &e);
    USpoofCheckResult *res = uspoof_openCheckResult(&e);
    if (U_FAILURE(e)) {
        fprintf(stderr, "bench_show: uspoof_open: %s\n", u_errorName(e));
        return 1;
    }
    printf("  ICU %s: uspoof_check2UTF8, highly restrictive, USPOOF_ALL_CHECKS\n", U_ICU_VERSION);
#else
    printf("  ICU: headers not installed, ibidi alone\n");
#endif
    static char buf[1 << 16];
    ibidi_show_options o;
    memset(&o, 0, sizeof o);
    o.work_size = ibidi_show_work_size(256, &o);
    o.work = malloc(o.work_size);
    int ok = 1;
    for (int w = 0; w < 2; w++) {
        const set *st = &sets[w];
        printf("  %s:\n", st->name);
        double icu_best = 1e30;
        size_t flagged = 0;
        for (int p = 0; p < 5; p++) {
            const ibidi_show_policy policy = p < 4 ? (ibidi_show_policy)p : 0;
            o.policy = policy;
            o.add = p == 4 ? IBIDI_SHOW_NO_SHORTCUT : 0u;
            double best = 1e30;
            size_t unicode = 0;
            for (int pass = 0; pass < PASSES; pass++) {
                const double t = run_ibidi(st, &o, buf, sizeof buf, &unicode);
                if (t < best)
                    best = t;
#ifdef IBIDI_BENCH_ICU
                if (p == 0) { /* ICU's passes beside the default policy's */
                    const double c = run_icu(sc, res, st, &flagged);
                    if (c < icu_best)
                        icu_best = c;
                }
#endif
            }
            const double us = best / (double)st->n * 1e6;
            printf("    ibidi %-24s %7.3f us/name, %8.0f decisions/s, %5.1f%% in Unicode",
                   p == 4 ? "default, no shortcut" : ibidi_show_policy_name(policy), us,
                   (double)st->n / best, 100.0 * (double)unicode / (double)st->n);
#ifdef IBIDI_BENCH_ICU
            const double ratio = best / icu_best;
            printf("; %.2fx ICU's time", ratio);
            if (p == 0) {
                printf(" (goal: at most 0.5x)%s", ratio <= 0.5 ? "" : " NOT MET");
                ok &= ratio <= 0.5;
            }
#endif
            printf("\n");
        }
        if (w == 0) { /* where the default's time goes: the names with a number, whose bidi
                         conditions the twin search settles, and the others */
            o.policy = IBIDI_SHOW_POLICY_DEFAULT;
            o.add = 0;
            double t[2] = {0, 0};
            size_t k[2] = {0, 0};
            for (size_t i = 0; i < st->n; i++) {
                const char *s = st->p + st->off[i];
                const size_t len = st->len[i];
                int digit = 0;
                for (size_t j = 0; j < len; j++)
                    digit |= s[j] >= '0' && s[j] <= '9';
                ibidi_show r;
                const double t0 = now();
                (void)ibidi_show_make(s, len, &o, buf, sizeof buf, &r);
                t[digit] += now() - t0;
                k[digit]++;
            }
            printf("    ibidi default, by name: %.3f us for the %zu without a digit, %.3f us for "
                   "the %zu with one (Badami's conditions and the twin search)\n",
                   t[0] / (double)k[0] * 1e6, k[0], t[1] / (double)(k[1] ? k[1] : 1) * 1e6, k[1]);
        }
#ifdef IBIDI_BENCH_ICU
        printf("    ICU uspoof_check2UTF8          %7.3f us/name, %8.0f checks/s, %5.1f%% "
               "flagged\n",
               icu_best / (double)st->n * 1e6, (double)st->n / icu_best,
               100.0 * (double)flagged / (double)st->n);
#endif
    }
#ifdef IBIDI_BENCH_ICU
    uspoof_closeCheckResult(res);
    uspoof_close(sc);
#endif
    free(o.work);
    printf("  goal (default policy at most 0.5x ICU's time on both workloads): %s\n",
           ok ? "met" : "not met");
    return 0;
}
