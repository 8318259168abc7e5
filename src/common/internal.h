/*
 * Internals shared by every capability of the library (not installed): the error setters
 * every entry point uses, the compiler hints of the hot paths, and the sets of characters
 * that several capabilities test. Nothing here has state.
 */
#ifndef IBIDI_COMMON_INTERNAL_H
#define IBIDI_COMMON_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ibidi/common.h"

/* A function kept out of its callers, so that their frames stay small or the common path
 * does not pay for a rare one's registers. */
#if defined(__GNUC__)
#define IBIDI__NOINLINE __attribute__((noinline))
#else
#define IBIDI__NOINLINE
#endif

/* A function the hot loops must not call: inlined whatever the optimisation level. */
#if defined(__GNUC__)
#define IBIDI__ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define IBIDI__ALWAYS_INLINE static inline
#endif

/* Loops of a fixed count over classes or vectors, unrolled so that their values stay in
 * registers (GCC unrolls them only from -O3 on). */
#if defined(__GNUC__) && !defined(__clang__)
#define IBIDI__UNROLL _Pragma("GCC unroll 16")
#elif defined(__clang__)
#define IBIDI__UNROLL _Pragma("unroll")
/* Below -O2 (the fuzzing build's -O1) clang does not unroll and would report every such
 * loop as a failed transformation; the loops are correct either way. */
#pragma clang diagnostic ignored "-Wpass-failed"
#else
#define IBIDI__UNROLL
#endif

/* Fills *err (may be NULL) and returns status: every failing entry point ends with it. */
static inline ibidi_status ibidi__fail(ibidi_error *err, ibidi_status status, size_t offset,
                                       uint32_t value)
{
    if (err) {
        err->status = status;
        err->offset = offset;
        err->value = value;
    }
    return status;
}

/* Clears *err (may be NULL) and returns IBIDI_OK. */
static inline ibidi_status ibidi__ok(ibidi_error *err)
{
    if (err) {
        err->status = IBIDI_OK;
        err->offset = 0;
        err->value = 0;
    }
    return IBIDI_OK;
}

/* A set of Bidi_Class values as a bit mask (bit c for class c). */
#define IBIDI__BC_BIT(c) (1u << (unsigned)(c))

/* The Bidi_Control property (PropList.txt): ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI,
 * RLI, FSI, PDI. These are the bidi formatting characters that RFC 3987 §4.1 forbids in
 * IRIs (its list, LRM RLM LRE RLE LRO RLO PDF, with what Unicode added since), that
 * Duerst 2001 §5 restriction 2 forbids in components, that Badami's analysis excludes and
 * that the visual functions can drop; tests/test_tables.c checks the set against the UCD. */
static inline int ibidi__is_bidi_control(uint32_t cp)
{
    return cp == 0x061Cu || cp == 0x200Eu || cp == 0x200Fu || (cp >= 0x202Au && cp <= 0x202Eu) ||
           (cp >= 0x2066u && cp <= 0x2069u);
}

/* ---- Findings (src/common/codes.c) ---------------------------------------------------- */

/* A set of distinct codes and statuses, the reasons a validity call gives as text (at most
 * IBIDI__CODE_SET_MAX distinct: more than the codes that exist), and where the first
 * problem is. src/common/codes.c. */
#define IBIDI__CODE_SET_MAX 64
typedef struct ibidi__code_set {
    int order[IBIDI__CODE_SET_MAX]; /* ibidi_code_order of each, which also says what it is */
    ibidi_code_type type[IBIDI__CODE_SET_MAX];
    int value[IBIDI__CODE_SET_MAX];
    size_t n;
    size_t first; /* offset of the first problem */
    uint32_t first_value;
    int any;
} ibidi__code_set;

void ibidi__code_set_init(ibidi__code_set *c);
/* Adds a finding code or a status (a value that is none is ignored), at offset. */
void ibidi__code_set_add(ibidi__code_set *c, ibidi_code_type type, int value, size_t offset,
                         uint32_t cp);
/* "[A, B]" in the one order of codes (ibidi_code_order); snprintf-like: the length needed,
 * the text only when it fits. */
size_t ibidi__code_set_format(const ibidi__code_set *c, char *out, size_t cap);

/* Receives one finding (its rule not filled in) of a sink started by ibidi__sink_init_fn. */
typedef void (*ibidi__sink_fn)(void *ctx, const ibidi_finding *f);

/* Where a checker puts its findings: the caller's array (the first cap are stored), or a
 * function of the library that takes each one as it comes (so that a caller that only
 * sums the findings up, like the validity calls, holds no array of them on its stack:
 * IBIDI_STACK_MAX, ibidi/common.h); the counts of all findings and of the errors among
 * them, and the first error's place (the status's offset and value). */
typedef struct ibidi__sink {
    ibidi_finding *items;
    size_t cap;
    size_t n;
    size_t errors;
    size_t first_error_offset;
    uint32_t first_error_cp;
    ibidi__sink_fn fn; /* NULL: the array */
    void *ctx;
} ibidi__sink;

/* Starts a sink on the caller's record (may be NULL: only counted). */
void ibidi__sink_init(ibidi__sink *s, ibidi_findings *f);
/* Starts a sink that passes every finding to fn (may be NULL: only counted). */
void ibidi__sink_init_fn(ibidi__sink *s, ibidi__sink_fn fn, void *ctx);
/* Records x, its rule text taken from the table. */
void ibidi__sink_put(ibidi__sink *s, const ibidi_finding *x);
/* Stores the counts into the caller's record (may be NULL). */
void ibidi__sink_done(const ibidi__sink *s, ibidi_findings *f);

#endif
