/* What the benches share: a monotonic clock, a small pseudo-random generator (xorshift32)
 * so that every run draws the same names, and the UTF-8 of one code point. */
#ifndef IBIDI_BENCH_UTIL_H
#define IBIDI_BENCH_UTIL_H

#include <stdint.h>
#include <time.h>

#include "ibidi.h"

static inline double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline uint32_t rng(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

/* Writes the UTF-8 of c to o (room for four bytes); returns its length. */
static inline size_t put_cp(char *o, uint32_t c)
{
    ibidi_buf b = {o, 4, 0};
    ibidi_utf8_encode(&c, 1, &b, NULL);
    return b.len;
}

#endif /* IBIDI_BENCH_UTIL_H */
