/*
 * ibidi/lgr.h: registry policy as Label Generation Rulesets (RFC 7940 XML), the registry
 * restrictions of RFC 5894 §3.2.
 *
 *   - loading: an LGR document parsed (with expat) and checked once into an immutable,
 *     compiled ruleset: the repertoire (code points, sequences, ranges, their tags and
 *     context rules), variant mappings with their types, character classes (by code
 *     points, by tag, by Unicode property from ibidi's own Unicode 17.0.0 tables, and the
 *     set operations), whole-label rules and the actions in their order of precedence,
 *     then the default actions of RFC 7940 §7.6;
 *   - evaluation (RFC 7940 §8) of a label: its eligibility (§8.1: repertoire and context
 *     rules, and no action that makes it "invalid", §8.1.1), its disposition and the action
 *     and rule that decided it (§8.3); its variant labels with their dispositions
 *     (§8.2-§8.4: over every division of the label into repertoire entries, each variant
 *     label judged as a label of its own, listed once), counted before they are enumerated
 *     and enumerated within a bound; its index label (§8.5) when the LGR's variant sets are
 *     symmetric and transitive;
 *   - LGR sets: an element LGR beside a common LGR, as the root zone procedure uses them
 *     (the common LGR's index label finds collisions across scripts).
 *
 * A loaded LGR is read-only: any number of threads may evaluate labels with it at the same
 * time. Loading allocates (ibidi_lgr_free releases everything); evaluation allocates
 * nothing: labels are DNS labels, at most IBIDI_LGR_MAX_LABEL code points (a label of more
 * code points has an A-label of more than 63 octets), and the work fits on the stack.
 * Stack (gcc -O2, x86-64): IBIDI_LGR_STACK for every call.
 *
 * Labels are given as code points, or as UTF-8 (a U-label, or an A-label: "xn--" and
 * Punycode, decoded first); offsets in results count code points of the (decoded) label.
 * Strings in results (dispositions, rule names, comments, variant types) belong to the
 * LGR and live as long as it does.
 */
#ifndef IBIDI_LGR_H
#define IBIDI_LGR_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Worst-case stack, in bytes, of every call of this header. */
#define IBIDI_LGR_STACK 28672

/* The longest label evaluated, in code points (RFC 1035 §2.3.4: 63 octets). */
#define IBIDI_LGR_MAX_LABEL 63
/* The longest index label, in code points (variant sequences can be longer than the
 * code points they stand for). */
#define IBIDI_LGR_MAX_INDEX 256

typedef struct ibidi_lgr ibidi_lgr;

/* ---- Loading ----------------------------------------------------------------------------- */

/* Bounds that keep a hostile document from taking unbounded time or memory. A field of 0
 * takes its default. Entity declarations (and so entity expansion) and external entities
 * are always refused: LGR documents need neither. */
typedef struct ibidi_lgr_limits {
    size_t max_bytes;       /* the document (default 64 MiB) */
    size_t max_elements;    /* XML elements (default 4,000,000) */
    size_t max_repertoire;  /* code points and sequences after ranges are expanded
                               (default 2,000,000) */
    size_t max_depth;       /* element nesting, rule and class references (default 64) */
} ibidi_lgr_limits;

/* Why a document was refused: the status (IBIDI_E_LGR_*), where (line and column from 1,
 * byte offset from 0; all 0 when the problem concerns no one place, e.g. a reference
 * that is never defined is reported where it is used) and a sentence naming the element,
 * the attribute and the RFC 7940 rule, e.g. "line 12: <var cp="0628 ZZ">: "ZZ" is not a
 * code point (RFC 7940 §5.1)". */
typedef struct ibidi_lgr_diag {
    ibidi_status status;
    unsigned long line;
    unsigned long column;
    size_t offset;
    char message[256];
} ibidi_lgr_diag;

/*
 * Parses and compiles an LGR document (RFC 7940 XML, UTF-8) into *out. limits may be NULL
 * (the defaults). On failure *out is NULL, diag (may be NULL) says why and where; the
 * statuses: IBIDI_E_LGR_XML (not well-formed XML, expat's message), IBIDI_E_LGR_LIMIT,
 * IBIDI_E_LGR_ENTITY, IBIDI_E_LGR_ELEMENT (unknown or misplaced element, missing or bad
 * attribute), IBIDI_E_LGR_CODE_POINT (bad code point, range or sequence),
 * IBIDI_E_LGR_DUPLICATE (a code point, sequence, variant, class or rule defined twice),
 * IBIDI_E_LGR_REFERENCE (undefined rule, class, tag reference or reference id),
 * IBIDI_E_LGR_CYCLE (a rule or class that refers to itself), IBIDI_E_LGR_PROPERTY (a
 * property or value the tables do not have), IBIDI_E_NOMEM.
 */
IBIDI_API ibidi_status ibidi_lgr_load(const char *xml, size_t len,
                                      const ibidi_lgr_limits *limits, ibidi_lgr **out,
                                      ibidi_lgr_diag *diag);
/* The same from a file (read whole; IBIDI_E_LGR_FILE when it cannot be read). */
IBIDI_API ibidi_status ibidi_lgr_load_file(const char *path, const ibidi_lgr_limits *limits,
                                           ibidi_lgr **out, ibidi_lgr_diag *diag);
IBIDI_API void ibidi_lgr_free(ibidi_lgr *lgr);

/* A reference of the meta element (RFC 7940 §4.3.8). */
typedef struct ibidi_lgr_reference {
    const char *id;
    const char *text;
    const char *comment; /* NULL when none */
} ibidi_lgr_reference;

/* What the document says about itself (RFC 7940 §4.3) and what it holds. Strings are
 * NULL when the element is absent. */
typedef struct ibidi_lgr_info {
    const char *version;          /* <version> */
    const char *version_comment;
    const char *date;             /* <date> */
    const char *unicode_version;  /* <unicode-version> */
    const char *validity_start;   /* <validity-start> */
    const char *validity_end;     /* <validity-end> */
    const char *description_type; /* the MIME type of <description> */
    const char *const *languages; /* <language>, in document order */
    size_t n_languages;
    const char *const *scopes;    /* <scope>: "type:value", e.g. "domain:." */
    size_t n_scopes;
    const ibidi_lgr_reference *references;
    size_t n_references;
    /* counts */
    size_t n_code_points;   /* single code points in the repertoire (ranges expanded) */
    size_t n_sequences;     /* code point sequences in the repertoire */
    size_t n_ranges;        /* <range> elements */
    size_t n_variants;      /* variant mappings (<var>) */
    size_t n_reflexive;     /* of them, mappings of a code point to itself (§5.3.4) */
    size_t n_classes;       /* named classes */
    size_t n_rules;         /* named rules */
    size_t n_actions;       /* actions of the document (the default ones are not counted) */
    size_t n_tags;          /* distinct tags */
    const char *const *variant_types; /* distinct variant types, in order of first use */
    size_t n_variant_types;
    /* checks of the document (RFC 8228 §6, RFC 7940 §8.5) */
    int symmetric;      /* every variant mapping has its reverse */
    int transitive;     /* the variants of a variant are variants */
    int index_possible; /* ibidi_lgr_index_label works: symmetric, and transitive once the
                           mappings with context rules (when / not-when) are set aside,
                           since an index label takes those only where their rules hold
                           (as RZ-LGR-5's common LGR needs) */
} ibidi_lgr_info;

IBIDI_API const ibidi_lgr_info *ibidi_lgr_get_info(const ibidi_lgr *lgr);

/* ---- Evaluation -------------------------------------------------------------------------- */

/* The codes of the findings a verdict (ibidi/verdict.h) makes of an LGR's evaluation of a
 * name's first label (ibidi_finding.code; common.h: 451-499 are the LGRs'). Both are
 * errors: RFC 7940 §7.3, such a label cannot be registered. */
typedef enum ibidi_lgr_code {
    /* §8.1: the label is not eligible: a code point outside the repertoire (detail
     * IBIDI_E_LGR_REPERTOIRE) or whose when / not-when rule does not hold
     * (IBIDI_E_LGR_CONTEXT), offset and cp name it; or an action gives the label the
     * disposition "invalid" (IBIDI_E_LGR_INVALID_DISPOSITION, §8.1.1), the whole label. */
    IBIDI_LGR_INELIGIBLE = 451,
    /* §8.3, §7.3: the label is eligible, but its disposition ("blocked") makes it one a
     * registry does not register; detail is the index of the deciding action. */
    IBIDI_LGR_NOT_REGISTRABLE = 452
} ibidi_lgr_code;

/* How a label fared. */
typedef struct ibidi_lgr_result {
    int eligible;            /* §8.1: every code point in the repertoire, its context rules
                                hold, and its disposition is not "invalid" (§8.1.1) */
    ibidi_status status;     /* IBIDI_OK when eligible; else IBIDI_E_LGR_REPERTOIRE (a code
                                point no repertoire entry covers), IBIDI_E_LGR_CONTEXT (in
                                the repertoire, but no entry's when / not-when rule holds) or
                                IBIDI_E_LGR_INVALID_DISPOSITION (an action, named below, made
                                the label "invalid") */
    size_t offset;           /* REPERTOIRE, CONTEXT: code point index of the first such code
                                point; else 0 */
    uint32_t cp;             /* that code point; else 0 */
    const char *context_rule; /* IBIDI_E_LGR_CONTEXT: the rule of the entry that failed */
    /* §8.3: for a label that divides into the repertoire, the first action that holds; for
       one that does not: "invalid" with no action */
    const char *disposition; /* "valid", "invalid", "blocked", "allocatable", "activated"... */
    size_t action;           /* index of the action that decided it, counting the document's
                                actions first, then the default ones (§7.6);
                                IBIDI_LGR_NO_ACTION for REPERTOIRE and CONTEXT */
    int default_action;      /* 1 when a default action decided */
    const char *action_comment; /* that action's comment, or NULL */
    const char *rule;        /* that action's match or not-match rule, or NULL */
    int not_match;           /* 1 when rule was a not-match rule */
    uint64_t types;          /* variant types of the label's reflexive mappings (bits of
                                info->variant_types) */
    int registrable;         /* eligible, and its disposition not "blocked" (RFC 7940 §7.3:
                                "invalid" and "blocked" labels cannot be registered) */
} ibidi_lgr_result;

#define IBIDI_LGR_NO_ACTION ((size_t)-1)

/* Eligibility and disposition of a label. Returns IBIDI_OK whatever the label's fate (see
 * res); IBIDI_E_LGR_LABEL_TOO_LONG (over IBIDI_LGR_MAX_LABEL code points),
 * IBIDI_E_INVALID_ARGUMENT, the decoder's statuses for UTF-8 or A-labels (err says where).
 * An empty label is not eligible (IBIDI_E_LGR_REPERTOIRE at offset 0, cp 0). */
IBIDI_API ibidi_status ibidi_lgr_check(const ibidi_lgr *lgr, const uint32_t *label, size_t n,
                                       ibidi_lgr_result *res, ibidi_error *err);
IBIDI_API ibidi_status ibidi_lgr_check_utf8(const ibidi_lgr *lgr, const char *label,
                                            size_t len, ibidi_lgr_result *res,
                                            ibidi_error *err);

/* One variant label (§8.2), as ibidi_lgr_variants hands it to the callback. The pointers
 * are valid during the call only. */
typedef struct ibidi_lgr_variant {
    const uint32_t *cps;     /* the variant label */
    size_t n;
    const char *disposition; /* §8.3 */
    size_t action;           /* as in ibidi_lgr_result */
    int default_action;
    const char *rule;        /* the deciding action's match / not-match rule, or NULL */
    uint64_t types;          /* the types of the variant mappings that made it (bits of
                                info->variant_types) */
    int only_variants;       /* every code point came from a variant mapping */
    int conflict;            /* §8.4: the label was already handed over, derived another way
                                (another division of the original label, or other variants)
                                with another disposition: an error of the LGR, which this
                                record (the later derivation's disposition) reports */
} ibidi_lgr_variant;

/* Return 0 to go on, anything else to stop the enumeration. */
typedef int (*ibidi_lgr_variant_fn)(const ibidi_lgr_variant *variant, void *ctx);

#define IBIDI_LGR_INCLUDE_INVALID 0x1u /* also hand over variants whose disposition is
                                          "invalid" (§8.2 step 5 drops them): action
                                          IBIDI_LGR_NO_ACTION when a code point of it is
                                          outside the repertoire or out of its context */

/* How ibidi_lgr_variants runs: its flags, bound and callback in one record, so that the call
 * keeps to six parameters. A NULL pointer, or a zero-initialised record: no flag, no bound,
 * no callback (the variants are only counted in the summary). */
typedef struct ibidi_lgr_variant_options {
    unsigned flags;          /* IBIDI_LGR_INCLUDE_INVALID; other bits are refused */
    uint64_t max;            /* the permutations generated at most; 0: no bound */
    ibidi_lgr_variant_fn fn; /* receives each variant label; NULL: none is handed over */
    void *ctx;               /* passed to fn */
} ibidi_lgr_variant_options;

/* What an enumeration did. */
typedef struct ibidi_lgr_variant_summary {
    uint64_t estimate;   /* the permutations (original label included) before context rules
                            and dispositions: over every division of the label, the product
                            over its entries of 1 + their variants, summed; UINT64_MAX when
                            it overflows */
    uint64_t generated;  /* permutations generated (the variants' context rules passed) */
    uint64_t reported;   /* variant labels handed to the callback */
    uint64_t invalid;    /* variant labels whose disposition was "invalid" */
    uint64_t duplicates; /* §8.4: permutations that spelt a label already derived (not
                            handed over again, unless in conflict) */
    uint64_t conflicts;  /* §8.4: of them, those whose disposition differed */
    int cut;             /* 1 when max stopped the enumeration before its end */
    int stopped;         /* 1 when the callback stopped it */
} ibidi_lgr_variant_summary;

/* The number of permutations of an eligible label (summary.estimate) without enumerating
 * them; IBIDI_E_LGR_NOT_ELIGIBLE when the label is not eligible (§8.2 step 6: it has no
 * variants). */
IBIDI_API ibidi_status ibidi_lgr_variant_estimate(const ibidi_lgr *lgr, const uint32_t *label,
                                                  size_t n, uint64_t *estimate,
                                                  ibidi_error *err);

/*
 * Every variant label of an eligible label (§8.2), each with its disposition (§8.3), handed
 * to opts->fn with opts->ctx:
 *   - every division of the label into repertoire entries whose context rules hold in it
 *     (a sequence and the code points it is made of are both tried), in order of position
 *     and, at one position, longest entry first;
 *   - in each, each entry replaced by itself or one of its variants whose context rule holds
 *     (on the variant label as built so far, the rest still the original's), in
 *     lexicographic order of the choices (the entry first, then its variants in document
 *     order); the original label itself excepted;
 *   - each variant label then judged as a label of its own (§8.3 step 1): every code point
 *     in the repertoire and its when / not-when rule holding in the variant label, those left
 *     in place included, and no action making it "invalid" without its variant types (§8.1);
 *     then its disposition from its variant types; "invalid" ones dropped (§8.2 step 5);
 *   - a label that a division or choice already spelt is handed over once (§8.4), unless
 *     its disposition differs (conflict set).
 * At most opts->max (0: no bound) permutations are generated; summary (may be NULL) says
 * how many and whether the bound cut the enumeration. Returns IBIDI_E_INVALID_ARGUMENT for
 * unknown bits in opts->flags, IBIDI_E_LGR_NOT_ELIGIBLE for a label that is not eligible
 * (§8.2 step 6), else as ibidi_lgr_check. No allocation.
 */
IBIDI_API ibidi_status ibidi_lgr_variants(const ibidi_lgr *lgr, const uint32_t *label,
                                          size_t n, const ibidi_lgr_variant_options *opts,
                                          ibidi_lgr_variant_summary *summary,
                                          ibidi_error *err);

/*
 * The index label of a label (§8.5): each code point or sequence replaced by the least (in
 * code point order) of itself and its variants whose context rules hold, the least such
 * label over the ways the label divides into repertoire entries. Two labels are variants
 * of each other (collide) when their index labels are equal. A label whose code points are
 * in the repertoire, in their contexts, has one even when an action makes it "invalid"
 * (§8.1.1), as lgr-core and the root zone procedure compute it: such a label still
 * collides with the labels it is a variant of; IBIDI_E_LGR_NOT_ELIGIBLE for one that does
 * not divide into the repertoire. Needs an LGR
 * whose variant sets are symmetric and transitive (info->index_possible), else
 * IBIDI_E_LGR_NO_INDEX. Output as common.h says: code points in out (out->len the count
 * needed, at most IBIDI_LGR_MAX_INDEX, also with IBIDI_E_BUFFER_TOO_SMALL; 0 after any
 * other error).
 */
IBIDI_API ibidi_status ibidi_lgr_index_label(const ibidi_lgr *lgr, const uint32_t *label,
                                             size_t n, ibidi_buf32 *out, ibidi_error *err);
/* The same for a UTF-8 label (U-label or A-label), with a UTF-8 output (out->len bytes). */
IBIDI_API ibidi_status ibidi_lgr_index_label_utf8(const ibidi_lgr *lgr, const char *label,
                                                  size_t len, ibidi_buf *out,
                                                  ibidi_error *err);

/* ---- LGR sets (root zone procedure) ------------------------------------------------------ */

/* A label judged by its element LGR, and by the common LGR of the set for collisions
 * across scripts. */
typedef struct ibidi_lgr_set_result {
    ibidi_lgr_result element; /* eligibility and disposition under the element LGR */
    int common_eligible;      /* 1 when the common LGR's repertoire and rules admit it */
    ibidi_status index_status; /* IBIDI_OK when index holds the common LGR's index label */
    uint32_t index[IBIDI_LGR_MAX_INDEX];
    size_t index_len;
} ibidi_lgr_set_result;

/* The element LGR decides eligibility, disposition and variants; the common LGR gives the
 * index label under which the label and all its variants collide with labels of every
 * other script of the set. */
IBIDI_API ibidi_status ibidi_lgr_set_check(const ibidi_lgr *element, const ibidi_lgr *common,
                                           const uint32_t *label, size_t n,
                                           ibidi_lgr_set_result *res, ibidi_error *err);

/* Decodes a UTF-8 label (U-label, or "xn--" A-label decoded with Punycode) to code points,
 * as the _utf8 calls do, into out (common.h's record): out->len the count, also when it is
 * over out->cap, which is then IBIDI_E_LGR_LABEL_TOO_LONG (a capacity of
 * IBIDI_LGR_MAX_LABEL is the calls' own limit) rather than IBIDI_E_BUFFER_TOO_SMALL; the
 * decoders' statuses; IBIDI_E_INVALID_ARGUMENT (out NULL, data NULL with a capacity). */
IBIDI_API ibidi_status ibidi_lgr_label_decode(const char *label, size_t len, ibidi_buf32 *out,
                                              ibidi_error *err);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_LGR_H */
