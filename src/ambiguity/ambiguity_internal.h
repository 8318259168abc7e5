/* Internal pieces of the ambiguity capability (the twin search, the analysis of a parse
 * made once), shared by the analysis, the scan, the tests and the fuzz targets. */
#ifndef IBIDI_AMBIGUITY_INTERNAL_H
#define IBIDI_AMBIGUITY_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ibidi/ambiguity.h"
#include "ibidi/rfc5893.h"
#include "ibidi/unicode.h"
#include "iri/iri_internal.h"

/* Badami, "Control characters and formatting characters": identifiers are taken to hold
 * none of LRM, RLM, LRE, RLE, LRO, RLO, PDF, nor characters of class B or S; the isolates
 * (LRI, RLI, FSI, PDI) and ALM, added to Unicode since, count the same. Characters of class
 * BN are not refused (ibidi__ambig_set_aside): IDNA2008 allows ZWNJ and ZWJ in context
 * (RFC 5892 A.1, A.2), so the paper's assumption is widened to what UAX #9 does with them. */
static inline int ibidi__ambig_is_control_bc(uint32_t cp, ibidi_unicode_bc bc)
{
    /* the classes first: they decide for nearly every character without the range tests
     * of the formatting characters of RFC 3987 §4.1 */
    return bc == IBIDI_UNICODE_BC_B || bc == IBIDI_UNICODE_BC_S || ibidi__is_bidi_control(cp);
}

static inline int ibidi__ambig_is_control(uint32_t cp)
{
    return ibidi__ambig_is_control_bc(cp, ibidi_unicode_bidi_class(cp));
}

/* UAX #9 X9: characters of class BN (ZWNJ, ZWJ, the other default ignorables of that
 * class; none is a Bidi_Control character) are removed before the weak types resolve and
 * take no glyph position in the display. The analysis and the twin search set them aside:
 * they work on the text without them, and map every finding back to the input's bytes. */
static inline int ibidi__ambig_set_aside(ibidi_unicode_bc bc)
{
    return bc == IBIDI_UNICODE_BC_BN;
}

/* Whether Badami's analysis of the domain name s (labels separated by U+002E, a Unicode
 * form, well-formed UTF-8) is sure to find nothing, so that a caller may leave it out: no character of class
 * EN or AN, and every label a strong label (LTR or RTL: a strong character, no number).
 * Every case of the paper needs a number (the number ambiguities, Recommendations I and
 * III, the number labels) or a label that is not strong (Recommendation II), and the
 * parent domains and relative names of such a name are such names too.
 * tests/test_ambiguity.c checks it against the analysis. */
int ibidi__ambiguity_domain_quiet(const char *s, size_t len);

/* Whether the twin s (a domain name, well-formed UTF-8) has a label that ToASCII is sure to
 * find breaking RFC 5893 rule 1 (B1) when its options check the Bidi Rule: the label's
 * first character is not L, R or AL, it holds an R, AL or AN (an RTL label, RFC 5893 §1.4:
 * so the name is a Bidi domain name, and the label is checked with
 * IBIDI_IDNA_BIDI_PER_LABEL too), and every character of it is one that UTS #46 Map and
 * Normalize leave in place (valid, an NFC starter that composes with nothing; IDNA2008
 * neither maps nor normalizes), so that the label after them is this one. The exact
 * analysis judges such a twin invalid without validating it (the twin of a name with a
 * digit: "3ABC.com" for "ABC3.com"). tests/test_ambiguity.c checks it against the
 * validation. */
int ibidi__ambig_twin_breaks_rule_1(const char *s, size_t len);

/* The twin search's bound as the calls take it (ibidi_ambiguity_options.max_candidates, and
 * ibidi_rfc5893_check_name_utf8): 0 the default, SIZE_MAX none, which is the search's 0. */
static inline size_t ibidi__twins_bound(size_t max_candidates)
{
    if (max_candidates == 0)
        return IBIDI_AMBIGUITY_DEFAULT_CANDIDATES;
    return max_candidates == SIZE_MAX ? 0 : max_candidates;
}

/* The resolved levels a character of class bc can get in text without controls, in a
 * paragraph of level para (0 or 1): 1 when `level` is one of them (UAX #9 W1-W7, N0-N2,
 * I1-I2, L1; the twin search relies on it and tests/test_twins.c checks it). */
int ibidi__twin_level_allowed(ibidi_unicode_bc bc, unsigned para, unsigned level);

/* ibidi__twins_search flags. */
#define IBIDI__TWINS_NO_PRUNE 0x1u /* enumerate every level vector the classes allow (the
                                      reference of the completeness test) */

/* ibidi_ambiguity_twins_cp with flags: the search itself, its state on the stack (in a frame
 * of its own); max_candidates 0 is no bound. Each twin goes to fn8 in UTF-8 when it is
 * set (encoded in the search's state), else to fn; stop (may be NULL) is asked every
 * IBIDI_AMBIGUITY_STOP_EVERY nodes, and a yes ends the search with IBIDI_E_INTERRUPTED. */
ibidi_status ibidi__twins_search(const uint32_t *text, size_t n, ibidi_dir context,
                                 size_t max_candidates, unsigned flags, ibidi_ambiguity_twin_fn fn,
                                 ibidi_ambiguity_twin_utf8_fn fn8, ibidi_ambiguity_stop_fn stop,
                                 void *ctx, ibidi_ambiguity_twin_stats *stats, ibidi_error *err);

/* The same with the state in the caller's memory (the exact analysis's work area): state
 * holds ibidi__twins_state_size() bytes, aligned for size_t (about 14 KiB); and text
 * checked by the caller as ibidi__twins_search checks it (code points, at most
 * IBIDI_AMBIGUITY_TWINS_MAX of them, no bidi control and no character of class B or S):
 * the analysis has decoded and checked it already. */
size_t ibidi__twins_state_size(void);
ibidi_status ibidi__twins_search_in(void *state, const uint32_t *text, size_t n,
                                    ibidi_dir context, size_t max_candidates,
                                    ibidi_ambiguity_twin_utf8_fn fn8, void *ctx,
                                    ibidi_ambiguity_twin_stats *stats, ibidi_error *err);

/* The glyphs text shows in a paragraph of direction context, as the twin search sees them
 * (its characters of class BN set aside, X9): into glyph and level (0xFF for a glyph
 * drawn mirrored, with no code point of its own), at most IBIDI_AMBIGUITY_TWINS_MAX;
 * returns their number, 0 when the search would refuse the text or nothing shows. */
size_t ibidi__twins_shown(const uint32_t *text, size_t n, ibidi_dir context, uint32_t *glyph,
                          uint8_t *level);
/* Glyphs replaced at places of the display (visual positions of ibidi__twins_shown). */
typedef struct ibidi__twins_change {
    const uint16_t *at;
    const uint32_t *to;
    size_t n;
} ibidi__twins_change;
/* The twin search of text, but for the texts that show its display with the glyphs of
 * change (each drawn as itself at every level, none of class BN or NSM): every such text
 * with the marks of text on the same glyphs, each to fn8 (text itself excluded). State on
 * the stack. */
ibidi_status ibidi__twins_search_shown(const uint32_t *text, size_t n,
                                       const ibidi__twins_change *change, ibidi_dir context,
                                       size_t max_candidates, ibidi_ambiguity_twin_utf8_fn fn8,
                                       void *ctx, ibidi_ambiguity_twin_stats *stats);

/* An identifier parsed once for several steps (ibidi_scan_name): the parser's status and
 * error, and when it is IBIDI_OK its components (all stored) and info. */
typedef struct ibidi__parsed {
    ibidi_status status;
    ibidi_error err;
    const ibidi_iri_components *comps;
    const ibidi_iri_info *info;
} ibidi__parsed;

/* ibidi_ambiguity_analyze on an identifier already parsed with opts->as (the decoding errors
 * still come first, then pre's status: with a failed parse no work area is needed), opts
 * without IBIDI_AMBIGUITY_TEXT, which has no structure to parse, and with the work area given
 * here in place of the options'. */
ibidi_status ibidi__ambig_analyze_parsed(const char *s, size_t len, const ibidi__parsed *pre,
                                         const ibidi_ambiguity_options *opts, void *work,
                                         size_t work_size, ibidi_findings *findings,
                                         ibidi_error *err);

/* A label passes the Bidi Rule (RFC 5893 §2, all six conditions) and the hyphen rule of
 * RFC 5891 §4.2.3.1: the labels of the verifier's and the prover's rule space. */
int ibidi__rfc5893_legal(const uint8_t *c, size_t n);

/* RFC 5891 §4.2.3.1: no HYPHEN-MINUS (ES, the only one in labels) first or last, no "--"
 * in the third and fourth places (verify.c). */
int ibidi__hyphens_ok(const uint8_t *c, size_t n);

/* What one label means for the legality of a name in the Badami spaces of the verifier
 * (verify.c) and the prover (names.c), as bits: BAD, empty or breaking the hyphen rule
 * (never legal); NOT_BIDI, it fails the Bidi Rule and is not an LDH label (L, EN, ES), so
 * it is legal only in a name that is not a Bidi domain name; NOT_AFTER_RTL, it fails the
 * rule and is an LDH label that starts with a digit, so not after an RTL label (RFC 5893
 * §2); RTL, it holds R, AL or AN. */
#define IBIDI__NAME_LABEL_BAD 1u
#define IBIDI__NAME_LABEL_NOT_BIDI 2u
#define IBIDI__NAME_LABEL_NOT_AFTER_RTL 4u
#define IBIDI__NAME_LABEL_RTL 8u
unsigned ibidi__name_label(const uint8_t *l, size_t n);

/* What RFC 5893 §2's conditions and the hyphen rule look at in a label read so far, as the
 * provers keep it (proofs.c, proofs_ldh.c): its first class, whether it holds EN and AN,
 * its last class that is not NSM, its length up to 4, whether its third class and its
 * last are ES; ibidi__rule_part_step adds one class. */
typedef struct ibidi__rule_part {
    unsigned first, has_en, has_an, last_nn, len, c2_es, last_es;
} ibidi__rule_part;
void ibidi__rule_part_step(ibidi__rule_part *r, unsigned c);

/* What one step of the prover's summary (proofs.c) did with the levels, for each parity
 * of the embedding level (index 0 even, 1 odd; levels relative to it, 0-2): the
 * character read got its level at once (cur_closed), or waits in the open run of
 * neutrals (cur_pending 1) or in the open tail of ET or a separator (2); the run of
 * neutrals closed (ni_closed), the tail joined a number (tail_closed), the tail turned
 * neutral and joined the run of neutrals (tail_merged, before the others). */
typedef struct ibidi__proof_events {
    uint8_t cur_closed, cur_pending, ni_closed, tail_closed, tail_merged;
    uint8_t cur_w2_an; /* the character read is EN and W2 made it AN */
    uint8_t cur_level[2], ni_level[2], tail_level[2];
} ibidi__proof_events;

/* The prover's automaton of the labels that pass the rule, as ibidi_rfc5893_prove built
 * it in its work area (w): states in breadth-first order from the empty label (0),
 * transitions by the index of a class in the alphabet. */
uint32_t ibidi__proof_next(const void *w, size_t i, size_t k);
int ibidi__proof_live(const void *w, size_t i);
int ibidi__proof_accept(const void *w, size_t i);
void ibidi__proof_events_of(const void *w, size_t i, uint8_t c, ibidi__proof_events *ev);

/* The step function read over a whole domain name in a paragraph of direction para (0 LTR,
 * 1 RTL; sos and eos, UAX #9 X10): the UBA part of the summary as a key, the start, one
 * class more (ev gets the levels given), the end of the paragraph (the runs still open
 * close against eos), and what is open in it (1 a run of neutrals, 2 a tail). For
 * proofs_ldh.c. */
uint64_t ibidi__proof_uba_start(unsigned para);
uint64_t ibidi__proof_uba_step(uint64_t key, uint8_t c, ibidi__proof_events *ev);
void ibidi__proof_uba_end(uint64_t key, unsigned para, ibidi__proof_events *ev);

/* Transformations of an automaton (a state per state, NONE16 0xFFFF where undefined) as
 * rows of a table the caller owns: cap rows of stride entries, of which width are used
 * and n filled, and a hash of 2 * cap slots (cap a power of two; id + 1, 0 empty).
 * ibidi__map_intern (pairs.c) gives map's id, adding it if new; UINT32_MAX when full. */
typedef struct ibidi__map_table {
    uint16_t *rows;
    uint32_t *hash;
    size_t cap, stride, width, n;
} ibidi__map_table;
uint32_t ibidi__map_intern(ibidi__map_table *t, const uint16_t *map);

/* Pair automata over displays (pairs.c). The strings: a deterministic automaton over the
 * classes whose steps report the prover's events (next: UINT32_MAX when no string goes
 * on); shown as rendered (by_clusters: a mark with its base) or by code points; with
 * Badami's number types (annotate). */
typedef struct ibidi__pairs_base {
    const uint8_t *classes;
    size_t n_classes;
    const void *ctx;
    uint32_t (*next)(const void *ctx, uint32_t s, size_t k, ibidi__proof_events *ev);
    int (*accept)(const void *ctx, uint32_t s);
    uint32_t start, n_states; /* states are 0 .. n_states - 1 */
    int by_clusters, annotate;
} ibidi__pairs_base;

#define IBIDI__PAIRS_MAX_LENGTH 12
typedef struct ibidi__pairs_example {
    size_t n; /* 0: none */
    uint8_t x[IBIDI__PAIRS_MAX_LENGTH * 4], y[IBIDI__PAIRS_MAX_LENGTH * 4];
} ibidi__pairs_example;

typedef struct ibidi__pairs_result {
    unsigned undecided; /* 1: a level pattern the reading does not cover */
    size_t quotient_states, built_states, levelled_states, transformations;
    size_t display_states, display_minimal, states, accepting;
    /* per length n (index n - 1): strings, pairs of different strings shown alike, of
     * them with a digit E in one and A in the other, of those with a separator S in one
     * and not the other, and pairs with a separator S in one and not the other */
    unsigned long long strings[IBIDI__PAIRS_MAX_LENGTH], pairs[IBIDI__PAIRS_MAX_LENGTH];
    unsigned long long digit_pairs[IBIDI__PAIRS_MAX_LENGTH];
    unsigned long long number_type_pairs[IBIDI__PAIRS_MAX_LENGTH];
    unsigned long long separator_pairs[IBIDI__PAIRS_MAX_LENGTH];
    ibidi__pairs_example alike, digit, number_type, separator; /* shortest, if any */
} ibidi__pairs_result;

size_t ibidi__pairs_work_size(void);
ibidi_status ibidi__pairs_run(const ibidi__pairs_base *b, ibidi_dir dir, void *work,
                              ibidi__pairs_result *res, ibidi_error *err);

/* Badami's comparison of two names (verify.c, as its enumeration makes it): 1 when x and
 * y show alike as rendered in direction d (1 RTL); then *digit, a digit EN in one and AN
 * in the other at one place, *sep, a separator joined (W4) in one and not the other;
 * shown (may be NULL) gets x's visual order. */
int ibidi__badami_pair(const ibidi_rfc5893_verify_label *x, const ibidi_rfc5893_verify_label *y,
                       int d, int *digit, int *sep, uint8_t *shown);

/* Label Uniqueness for every length (uniqueness.c), on the prover's automaton built in pw;
 * work: ibidi__uniqueness_work_size() bytes. */
typedef struct ibidi__uniq_job {
    const ibidi_rfc5893_proof_options *opts;
    const ibidi_rfc5893_alphabet *al;
    const void *pw;
    void *work;
} ibidi__uniq_job;
size_t ibidi__uniqueness_work_size(void);
ibidi_status ibidi__prove_uniqueness(const ibidi__uniq_job *job, ibidi_rfc5893_proof *res,
                                     ibidi_error *err);

#endif
