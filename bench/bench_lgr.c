/*
 * Speed of registry policy (ibidi/lgr.h) on ICANN's LGRs (../shared/lgr; skipped when
 * absent), against the goals of the LGR work:
 *   load       ibidi_lgr_load_file of each LGR (the 2 MB common LGR: under 100 ms)
 *   check      eligibility + disposition (ibidi_lgr_check) of generated labels of 3 to 12
 *              letters of the LGR's repertoire (under 2 us per label)
 *   index      the index label (ibidi_lgr_index_label) of the same labels
 *   variants   variant labels generated with their dispositions (ibidi_lgr_variants: every
 *              division of the label, each variant label judged as a label of its own, each
 *              listed once), per second (at least 1M); the common LGR's rate also as a
 *              ratio to the Arabic element LGR's on the same labels, in the same run
 * ICANN's lgr-core (Python, the only other implementation) is not installed here; the
 * figures it gave when the LGR work was planned (about 3 s to load the common LGR, a median
 * of 22 ms per label with variants) are quoted beside ours, not measured.
 * Each figure is the best of several passes (clock_gettime(CLOCK_MONOTONIC)).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "ibidi.h"

#define ROOT "../shared/lgr/"
#define N_LABELS 20000
#define PASSES 5

static ibidi_lgr *load_timed(const char *rel, double *best_ms)
{
    char path[512];
    snprintf(path, sizeof path, ROOT "%s", rel);
    ibidi_lgr *lgr = NULL;
    *best_ms = 1e30;
    for (int p = 0; p < PASSES; p++) {
        ibidi_lgr *l = NULL;
        ibidi_lgr_diag d;
        double t0 = now();
        ibidi_status st = ibidi_lgr_load_file(path, NULL, &l, &d);
        double t = (now() - t0) * 1e3;
        if (st != IBIDI_OK) {
            if (st != IBIDI_E_LGR_FILE)
                fprintf(stderr, "bench_lgr: %s: %s\n", rel, d.message);
            return NULL;
        }
        if (t < *best_ms)
            *best_ms = t;
        if (lgr)
            ibidi_lgr_free(lgr);
        lgr = l;
    }
    return lgr;
}

/* Labels of 3 to 12 code points drawn from the letters given. */
static uint32_t (*gen_labels(const uint32_t *letters, size_t nl, size_t *lens))[IBIDI_LGR_MAX_LABEL]
{
    uint32_t(*labels)[IBIDI_LGR_MAX_LABEL] = malloc(N_LABELS * sizeof *labels);
    if (!labels)
        exit(1);
    uint32_t s = 2463534242u;
    for (size_t i = 0; i < N_LABELS; i++) {
        lens[i] = 3 + rng(&s) % 10;
        for (size_t k = 0; k < lens[i]; k++)
            labels[i][k] = letters[rng(&s) % nl];
    }
    return labels;
}

static int count_variant(const ibidi_lgr_variant *v, void *ctx)
{
    (void)v;
    (*(uint64_t *)ctx)++;
    return 0;
}

/* Returns the variant rate, variant labels per second. */
static double bench_labels(const char *name, const ibidi_lgr *lgr, const uint32_t *letters,
                           size_t nl)
{
    size_t *lens = malloc(N_LABELS * sizeof *lens);
    if (!lens)
        exit(1);
    uint32_t(*labels)[IBIDI_LGR_MAX_LABEL] = gen_labels(letters, nl, lens);
    double best = 1e30, best_idx = 1e30;
    size_t eligible = 0, invalid = 0;
    for (int p = 0; p < PASSES; p++) {
        eligible = invalid = 0;
        double t0 = now();
        for (size_t i = 0; i < N_LABELS; i++) {
            ibidi_lgr_result r;
            ibidi_lgr_check(lgr, labels[i], lens[i], &r, NULL);
            eligible += (size_t)r.eligible;
            invalid += r.disposition && strcmp(r.disposition, "invalid") == 0;
        }
        double t = now() - t0;
        if (t < best)
            best = t;
        uint32_t out[IBIDI_LGR_MAX_INDEX];
        ibidi_buf32 index = {out, IBIDI_LGR_MAX_INDEX, 0};
        t0 = now();
        for (size_t i = 0; i < N_LABELS; i++)
            ibidi_lgr_index_label(lgr, labels[i], lens[i], &index, NULL);
        t = now() - t0;
        if (t < best_idx)
            best_idx = t;
    }
    printf("  %-26s check  %7.3f us/label (%zu of %d eligible, %zu invalid)   goal < 2 us\n",
           name, best * 1e6 / N_LABELS, eligible, N_LABELS, invalid);
    printf("  %-26s index  %7.3f us/label\n", name, best_idx * 1e6 / N_LABELS);

    /* variants: every label's, up to 100000 each, until 2M are generated; the best of
       three passes */
    uint64_t total = 0, reported = 0;
    double t = 1e30;
    for (int p = 0; p < 3; p++) {
        total = 0;
        double t0 = now();
        for (size_t i = 0; i < N_LABELS && total < 2000000; i++) {
            ibidi_lgr_variant_summary sum;
            const ibidi_lgr_variant_options vo = {0, 100000, count_variant, &reported};
            ibidi_lgr_variants(lgr, labels[i], lens[i], &vo, &sum, NULL);
            total += sum.generated;
        }
        double tp = now() - t0;
        if (tp < t)
            t = tp;
    }
    printf("  %-26s variants %6.2f M/s generated with dispositions (%llu in %.3f s)   goal >= 1 M/s\n",
           name, (double)total / t / 1e6, (unsigned long long)total, t);
    free(labels);
    free(lens);
    return (double)total / t;
}

/* The letters of an LGR's repertoire that have variants, and all the others, in the
 * proportion of a real label (half with variants). */
static size_t letters_of(const ibidi_lgr *lgr, uint32_t lo, uint32_t hi, uint32_t *out,
                         size_t cap)
{
    size_t n = 0;
    for (uint32_t cp = lo; cp <= hi && n < cap; cp++) {
        ibidi_lgr_result r;
        if (ibidi_lgr_check(lgr, &cp, 1, &r, NULL) == IBIDI_OK && r.eligible)
            out[n++] = cp;
    }
    return n;
}

int main(void)
{
    static const struct {
        const char *name, *rel;
        uint32_t lo, hi;
    } lgrs[] = {
        {"RZ-LGR-5 Arabic", "root-zone/lgr-5/lgr-5-arabic-script-26may22-en.xml", 0x0600, 0x06FF},
        {"RZ-LGR-5 Hebrew", "root-zone/lgr-5/lgr-5-hebrew-script-26may22-en.xml", 0x05D0, 0x05EA},
        {"SL Arabic script", "second-level-reference-lgr/lgr-second-level-arabic-script-31may22-en.xml", 0x0600, 0x06FF},
        {"RZ-LGR-5 common", "root-zone/lgr-5-common-26may22-en.xml", 0x0600, 0x06FF},
        {"RZ-LGR-5 Latin", "root-zone/lgr-5/lgr-5-latin-script-26may22-en.xml", 0x0061, 0x017F},
    };
    double rate[sizeof lgrs / sizeof lgrs[0]] = {0};
    printf("LGR (RFC 7940) evaluation, ibidi %s; lgr-core (Python, not run here) took about 3 s\n"
           "to load the common LGR and 22 ms median per label with variants\n",
           ibidi_version());
    for (size_t k = 0; k < sizeof lgrs / sizeof lgrs[0]; k++) {
        double ms;
        ibidi_lgr *lgr = load_timed(lgrs[k].rel, &ms);
        if (!lgr) {
            printf("  skipped: %s%s is not there\n", ROOT, lgrs[k].rel);
            continue;
        }
        const ibidi_lgr_info *info = ibidi_lgr_get_info(lgr);
        printf("  %-26s load   %7.2f ms (%zu code points, %zu sequences, %zu variants)%s\n",
               lgrs[k].name, ms, info->n_code_points, info->n_sequences, info->n_variants,
               k == 3 ? "   goal < 100 ms" : "");
        uint32_t letters[512];
        size_t nl = letters_of(lgr, lgrs[k].lo, lgrs[k].hi, letters, 512);
        if (nl)
            rate[k] = bench_labels(lgrs[k].name, lgr, letters, nl);
        if (k == 3 && rate[0] > 0 && rate[3] > 0)
            /* the same labels as RZ-LGR-5 Arabic's (letters of U+0600..U+06FF that are
               eligible alone), so the ratio holds whatever the machine */
            printf("  %-26s variants %6.2fx the rate of RZ-LGR-5 Arabic on the same labels\n",
                   lgrs[k].name, rate[3] / rate[0]);
        ibidi_lgr_free(lgr);
    }
    return 0;
}
