/* What the benches share: a monotonic clock and a small pseudo-random generator (xorshift32),
 * so that every run draws the same names. */
#ifndef IBIDI_BENCH_UTIL_H
#define IBIDI_BENCH_UTIL_H

#include <stdint.h>
#include <time.h>

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

#endif /* IBIDI_BENCH_UTIL_H */
