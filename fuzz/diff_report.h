/*
 * Counting and reporting for the differential fuzz targets (fuzz/diff_*.c), which compare
 * ibidi with other implementations taken as oracles. Each target counts, over its run, the
 * inputs it compared and, per named exclusion, the inputs it left out because an oracle is
 * known to deviate there (a deviation from the standard, or older Unicode data); the counts
 * print at exit, under libFuzzer and in the corpus replay of `make check` alike:
 *   info: diff_bidi: compared 812 of 830 inputs, excluded: anchors-disagree 3, ...
 * A mismatch that no exclusion explains is a finding: diff_fail prints the input (bytes in
 * hex and, for well-formed UTF-8, its code points) and what differed, then aborts.
 */
#ifndef IBIDI_FUZZ_DIFF_REPORT_H
#define IBIDI_FUZZ_DIFF_REPORT_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ibidi/utf8.h"

/* One named exclusion: why an input is not compared. */
typedef struct diff_exclusion {
    const char *name;   /* short name printed in the report */
    const char *reason; /* the deviation of the oracle, with the rule it breaks */
    unsigned long count;
} diff_exclusion;

typedef struct diff_report {
    const char *target;
    const char *unit;       /* what is counted: "inputs", "conversions" */
    unsigned long inputs;   /* every call (or every conversion of one) */
    unsigned long compared; /* inputs compared with the oracles */
    unsigned long unusable; /* inputs the target does not read (ill-formed, too long) */
    diff_exclusion *ex;
    size_t n_ex;
    int registered;
} diff_report;

static diff_report *diff_the_report;

static void diff_print_report(void)
{
    diff_report *r = diff_the_report;
    printf("info: %s: compared %lu of %lu %s, excluded:", r->target, r->compared, r->inputs,
           r->unit);
    for (size_t i = 0; i < r->n_ex; i++)
        printf("%s %s %lu", i ? "," : "", r->ex[i].name, r->ex[i].count);
    printf("; not read (ill-formed or too long) %lu\n", r->unusable);
    fflush(stdout);
}

/* Called at the start of every input: registers the report at the first one, so that it
 * prints when libFuzzer or the replay program exits; counts `units` inputs (or
 * conversions, for a target that makes several of one input). */
static inline void diff_begin(diff_report *r, unsigned long units)
{
    if (!r->registered) {
        r->registered = 1;
        diff_the_report = r;
        atexit(diff_print_report);
    }
    r->inputs += units;
}

/* Counts an exclusion by index; returns 0 so that a target can `return diff_exclude(...)`. */
static inline int diff_exclude(diff_report *r, size_t i)
{
    r->ex[i].count++;
    return 0;
}

static inline void diff_dump_input(const uint8_t *data, size_t size)
{
    fprintf(stderr, "input (%zu bytes):", size);
    for (size_t i = 0; i < size; i++)
        fprintf(stderr, " %02X", data[i]);
    fprintf(stderr, "\n");
}

static inline void diff_dump_cps(const char *what, const uint32_t *cps, size_t n)
{
    fprintf(stderr, "%s (%zu code points):", what, n);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, " %04X", (unsigned)cps[i]);
    fprintf(stderr, "\n");
}

/* A finding: prints the input and a message, then aborts (libFuzzer saves the input). */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5), noreturn))
#endif
static inline void diff_fail(const diff_report *r, const uint8_t *data, size_t size,
                      const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "\n%s: MISMATCH: ibidi differs from oracles that agree\n", r->target);
    diff_dump_input(data, size);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    fflush(stderr);
    abort();
}

#endif /* IBIDI_FUZZ_DIFF_REPORT_H */
