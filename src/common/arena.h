/* A result record's parts in the caller's buffer, from both ends: arrays from the bottom,
 * texts from the top, so that neither has to be sized before the steps that make them
 * run. A part that does not fit is counted all the same, and the call returns the size
 * the whole record needs (snprintf's contract, common.h). Used by the records of
 * ibidi/verdict.h and ibidi/show.h. */
#ifndef IBIDI_COMMON_ARENA_H
#define IBIDI_COMMON_ARENA_H

#include <stdint.h>
#include <string.h>

#include "ibidi/verdict.h"

/* The arrays' alignment: that of the records they hold (findings, labels), which is that of
 * a size_t or a pointer. */
#define IBIDI__ARENA_ALIGN (_Alignof(ibidi_finding) > _Alignof(ibidi_verdict_label) \
                                ? _Alignof(ibidi_finding)                          \
                                : _Alignof(ibidi_verdict_label))

typedef struct ibidi__arena {
    char *base;    /* the buffer, aligned up to IBIDI__ARENA_ALIGN (NULL when too small) */
    size_t cap;    /* its bytes from base */
    size_t lo, hi; /* bytes asked for from the bottom and from the top, stored or not */
} ibidi__arena;

static inline size_t ibidi__arena_round(size_t n)
{
    return (n + IBIDI__ARENA_ALIGN - 1) / IBIDI__ARENA_ALIGN * IBIDI__ARENA_ALIGN;
}

static inline void ibidi__arena_init(ibidi__arena *a, void *buf, size_t cap)
{
    const uintptr_t p = (uintptr_t)buf,
                    skip = (IBIDI__ARENA_ALIGN - p % IBIDI__ARENA_ALIGN) % IBIDI__ARENA_ALIGN;
    a->base = buf && cap >= skip ? (char *)buf + skip : NULL;
    a->cap = a->base ? cap - (size_t)skip : 0;
    a->lo = a->hi = 0;
}

/* Whether n more bytes fit beside everything asked for so far. */
static inline int ibidi__arena_room(const ibidi__arena *a, size_t n)
{
    return a->base && a->lo + a->hi <= a->cap && n <= a->cap - a->lo - a->hi;
}

/* The bytes the parts take: every part, and room to align any buffer's start. */
static inline size_t ibidi__arena_needed(const ibidi__arena *a)
{
    return IBIDI__ARENA_ALIGN - 1 + a->lo + a->hi;
}

/* n bytes from the bottom (n a multiple of the alignment), or NULL when they do not fit. */
static inline void *ibidi__arena_bottom(ibidi__arena *a, size_t n)
{
    void *p = ibidi__arena_room(a, n) ? a->base + a->lo : NULL;
    a->lo += n;
    return p;
}

/* A text from the top: its copy in the buffer, or absent when it does not fit. */
static inline ibidi_verdict_text ibidi__arena_text(ibidi__arena *a, const char *s, size_t n)
{
    ibidi_verdict_text t = {NULL, 0};
    t.len = n;
    if (ibidi__arena_room(a, n)) {
        char *p = a->base + a->cap - a->hi - n;
        if (n)
            memcpy(p, s, n);
        t.data = p;
    }
    a->hi += n;
    return t;
}

#endif /* IBIDI_COMMON_ARENA_H */
