/* Internal pieces of the ambiguity capability (twin search, validity), shared by the
 * analysis, the tests and the fuzz targets. */
#ifndef IBIDI_AMBIGUITY_INTERNAL_H
#define IBIDI_AMBIGUITY_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ibidi/ambiguity.h"
#include "ibidi/unicode.h"
#include "iri/iri_internal.h"

/* Badami, "Control characters and formatting characters": identifiers are taken to hold
 * none of LRM, RLM, LRE, RLE, LRO, RLO, PDF, nor characters of class BN, B or S; the
 * isolates (LRI, RLI, FSI, PDI) and ALM, added to Unicode since, count the same. */
static inline int ibidi__ambig_is_control_bc(uint32_t cp, ibidi_bidi_class bc)
{
    /* the classes first: they decide for nearly every character without the range tests
     * of the formatting characters of RFC 3987 §4.1 */
    return bc == IBIDI_BC_BN || bc == IBIDI_BC_B || bc == IBIDI_BC_S ||
           ibidi__is_bidi_control(cp);
}

static inline int ibidi__ambig_is_control(uint32_t cp)
{
    return ibidi__ambig_is_control_bc(cp, ibidi_cp_bidi_class(cp));
}

/* The resolved levels a character of class bc can get in text without controls, in a
 * paragraph of level para (0 or 1): 1 when `level` is one of them (UAX #9 W1-W7, N0-N2,
 * I1-I2, L1; the twin search relies on it and tests/test_twins.c checks it). */
int ibidi__twin_level_allowed(ibidi_bidi_class bc, unsigned para, unsigned level);

/* ibidi__twins_search flags. */
#define IBIDI__TWINS_NO_PRUNE 0x1u /* enumerate every level vector the classes allow (the
                                      reference of the completeness test) */

/* The state of a twin search (about 14 KiB), and its size; a caller that gives one
 * aligns it for size_t. */
typedef struct ibidi__twins ibidi__twins;
size_t ibidi__twins_state_size(void);

/* ibidi_ambig_twins_cp with flags: the search itself, in state (NULL: on the stack, in a
 * frame of its own); max_candidates 0 is no bound. Each twin goes to fn8 in UTF-8 when it
 * is set (encoded in the search's state), else to fn. */
ibidi_status ibidi__twins_search(void *state, const uint32_t *text, size_t n, ibidi_dir context,
                                 size_t max_candidates, unsigned flags, ibidi_ambig_twin_fn fn,
                                 ibidi_ambig_twin_utf8_fn fn8, void *ctx,
                                 ibidi_ambig_twin_stats *stats, ibidi_error *err);

/* ibidi_ambig_analyze with the twin search bounded by max_candidates (the public call
 * uses IBIDI_AMBIG_DEFAULT_CANDIDATES); for tests and fuzzing, which need small bounds. */
ibidi_status ibidi__ambig_analyze_bounded(const char *s, size_t len, ibidi_iri_kind as,
                                              unsigned options, unsigned idna_flags,
                                              ibidi_findings *findings, size_t max_candidates,
                                              ibidi_error *err);

/* An identifier parsed once for several steps (ibidi_scan_name): the parser's status and
 * error, and when it is IBIDI_OK its components and info. */
typedef struct ibidi__parsed {
    ibidi_status status;
    ibidi_error err;
    const ibidi_iri_component *comps;
    const ibidi_iri_info *info;
} ibidi__parsed;

/* ibidi_ambig_analyze on an identifier already parsed with `as` (the decoding errors
 * still come first, then pre's status); options without IBIDI_AMBIG_TEXT, which has no
 * structure to parse. */
ibidi_status ibidi__ambig_analyze_parsed(const char *s, size_t len, ibidi_iri_kind as,
                                             const ibidi__parsed *pre, unsigned options,
                                             unsigned idna_flags, ibidi_findings *findings,
                                             ibidi_error *err);

#endif
