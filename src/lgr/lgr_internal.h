/*
 * The compiled form of an LGR (RFC 7940), shared by the loader (load.c), which builds it,
 * and the evaluation (eval.c, variants.c), which reads it. Everything is in arrays indexed
 * by uint32_t, owned by struct ibidi_lgr, and never changed after loading.
 */
#ifndef IBIDI_LGR_INTERNAL_H
#define IBIDI_LGR_INTERNAL_H

#include "ibidi/lgr.h"

#define LGR_NONE UINT32_MAX  /* no rule, no class, no string */
#define LGR_MAX_SEQ 32       /* longest code point sequence of a repertoire entry or variant */
#define LGR_MAX_TYPES 64     /* distinct variant types (a type set is a uint64_t) */
#define LGR_COUNT_INF 0xFFFFu

/* A repertoire entry: a code point or a sequence (§5.1, §5.2), ranges expanded. Entries
 * are sorted by first code point, longer sequences first, so that the entries that can
 * start at a position are contiguous and the longest is tried first. */
typedef struct lgr_char {
    uint32_t first;      /* its first code point */
    uint32_t seq;        /* len > 1: offset of its code points in lgr->pool */
    uint8_t len;         /* code points */
    uint8_t reflexive;   /* 1 when one of its variants maps it to itself (§5.3.4) */
    uint8_t uniform;     /* set by ibidi__lgr_prepare: every variant has as many code points
                            as the entry, so replacing it never moves what follows */
    uint8_t free;        /* set by ibidi__lgr_prepare: each of its code points is an entry
                            of its own without a context rule (see lgr_var.free) */
    uint32_t when;       /* rule index or LGR_NONE (§5.2: context rules) */
    uint32_t not_when;
    uint32_t var_first;  /* its variants: lgr->vars[var_first .. var_first + var_count) */
    uint32_t var_count;
} lgr_char;

/* A variant mapping (§5.3): its target and type. */
typedef struct lgr_var {
    uint32_t first;      /* first code point of the target */
    uint32_t seq;        /* len > 1: offset in lgr->pool */
    uint8_t len;
    uint8_t type;        /* index in info.variant_types; LGR_NO_TYPE when none */
    uint8_t reflexive;   /* the target is the entry itself */
    uint8_t free;        /* set by ibidi__lgr_prepare: each code point of the target is an
                            entry of its own without a context rule, so that a label made
                            of such code points divides into the repertoire whatever their
                            neighbours (RFC 7940 §8.3 step 1 holds without a look) */
    uint32_t when;
    uint32_t not_when;
    uint32_t comment;    /* string index or LGR_NONE */
} lgr_var;

#define LGR_NO_TYPE 0xFFu
#define LGR_NO_NEED 0xFFu

/* A code point set (a class), as sorted, disjoint, non-adjacent inclusive ranges
 * lgr->ranges[first .. first + count), pairs of (lo, hi). first and count count ranges,
 * not uint32_t: range k of the class is lgr->ranges[2 * (first + k)] ..
 * lgr->ranges[2 * (first + k) + 1]. */
typedef struct lgr_class {
    uint32_t first;
    uint32_t count;
    uint32_t name; /* string index, LGR_NONE for an anonymous class */
} lgr_class;

/* A node of a compiled rule (§6.3). */
typedef enum lgr_node_kind {
    LGR_N_SEQ = 0,     /* children matched one after the other (a <rule> body) */
    LGR_N_CHOICE,      /* one of the children (§6.3.5) */
    LGR_N_START,       /* <start/>: the beginning of the label */
    LGR_N_END,         /* <end/> */
    LGR_N_ANY,         /* <any/>: any code point */
    LGR_N_CHAR,        /* <char cp="..."/> a code point or sequence: cps in pool */
    LGR_N_CLASS,       /* a class: index in lgr->classes */
    LGR_N_ANCHOR,      /* <anchor/>: the code point or sequence whose context is judged */
    LGR_N_LOOK_AHEAD,  /* zero-width: the children match after here */
    LGR_N_LOOK_BEHIND, /* zero-width: the children match up to here */
    LGR_N_RULE         /* a reference to a named rule: index in lgr->rules */
} lgr_node_kind;

typedef struct lgr_node {
    uint8_t kind;        /* lgr_node_kind */
    uint8_t len;         /* LGR_N_CHAR: code points */
    uint16_t min;        /* count (§6.3.3): min..max repetitions, max LGR_COUNT_INF for "n+" */
    uint16_t max;
    uint32_t a;          /* SEQ / CHOICE / LOOK_*: first child index in lgr->kids;
                            CHAR: first code point (len 1) or pool offset; CLASS: class index;
                            RULE: rule index */
    uint32_t b;          /* SEQ / CHOICE / LOOK_*: number of children */
} lgr_node;

/* A named rule (§6.3): its body is a node (LGR_N_SEQ). */
typedef struct lgr_rule {
    uint32_t name;       /* string index */
    uint32_t node;       /* index in lgr->nodes */
    uint32_t comment;
    uint8_t has_anchor;  /* contains an anchor (directly or through references): a context
                            rule judged at a position (§6.4) */
    /* set by ibidi__lgr_prepare for a rule an action names: its bit in the masks of
       lgr->need_mask, set where the code points one of which a label must hold for the
       rule to match are; LGR_NO_NEED when nothing can be told, or the rule is no action's */
    uint8_t need_bit;
} lgr_rule;

/* The variant-set condition of an action (§7.2). */
typedef enum lgr_action_kind {
    LGR_A_NONE = 0,
    LGR_A_ANY_VARIANT,
    LGR_A_ALL_VARIANTS,
    LGR_A_ONLY_VARIANTS
} lgr_action_kind;

typedef struct lgr_action {
    uint32_t disp;       /* string index of the disposition */
    uint32_t match;      /* rule index or LGR_NONE */
    uint32_t not_match;  /* rule index or LGR_NONE */
    uint8_t kind;        /* lgr_action_kind */
    uint8_t is_default;  /* one of the §7.6 default actions appended after the document's */
    uint8_t invalid;     /* set by ibidi__lgr_prepare: its disposition is "invalid" */
    uint64_t types;      /* the type set of the condition */
    uint32_t comment;
} lgr_action;

struct ibidi_lgr {
    ibidi_lgr_info info;        /* pointers into strings below */

    char **strings;             /* interned NUL-terminated strings, by index */
    uint32_t n_strings;

    uint32_t *pool;             /* code points of sequences (entries, variants, rule chars) */
    uint32_t n_pool;

    lgr_char *chars;            /* the repertoire, sorted as said above */
    uint32_t n_chars;
    /* first code point -> the run of entries that start with it: an open-addressing hash
       of (code point, first entry, count) with a power-of-two size */
    uint32_t *hash_cp;
    uint32_t *hash_first;
    uint32_t *hash_count;
    uint32_t hash_mask;

    lgr_var *vars;
    uint32_t n_vars;

    lgr_class *classes;         /* named classes first (n_named_classes), then anonymous */
    uint32_t n_classes;
    uint32_t *ranges;           /* lo, hi pairs */
    uint32_t n_ranges;          /* pairs */
    uint32_t n_named_classes;   /* = info.n_classes */

    lgr_node *nodes;
    uint32_t n_nodes;
    uint32_t *kids;             /* child node indexes */
    uint32_t n_kids;

    lgr_rule *rules;
    uint32_t n_rules;
    uint32_t max_rule_depth;    /* the deepest nesting of nodes in any rule, references to
                                   other rules followed (a rule body alone is 1): at most
                                   the loader's limits.max_depth, so evaluation that
                                   recurses once a level is bounded by it */

    /* set by ibidi__lgr_prepare: a partition of the code space into n_need intervals, the
       k-th from need_lo[k] (need_lo[0] is 0), each with the mask of the rules (need_bit)
       whose needs hold it; a label that holds no code point of a rule's need cannot match
       it (n_need 0: no partition, every rule is matched) */
    uint32_t *need_lo;
    uint64_t *need_mask;
    uint32_t n_need;
    uint32_t *need_block;       /* per block of 256 code points (0x1100 and one more), the
                                   interval that holds its first code point */

    lgr_action *actions;        /* the document's, then the default ones (§7.6) */
    uint32_t n_actions;
    uint32_t last_plain_invalid; /* set by ibidi__lgr_prepare: the last action without a
                                    variant condition whose disposition is "invalid"
                                    (LGR_NONE when none): past it no action can make a
                                    label invalid without its variant types */

    const char **disp_names;    /* not used by evaluation: for info; the disposition of
                                   each action, by action index (n_actions) */
    /* storage of the info arrays */
    const char **languages, **scopes, **variant_types;
    ibidi_lgr_reference *references;
};

/* Index of the run of entries whose first code point is cp; returns the count (0 when
 * none) and the first index in *first. */
static inline uint32_t lgr_lookup(const struct ibidi_lgr *lgr, uint32_t cp, uint32_t *first)
{
    if (!lgr->hash_mask && !lgr->n_chars)
        return 0;
    uint32_t h = (cp * 2654435761u) & lgr->hash_mask;
    for (;;) {
        uint32_t c = lgr->hash_count[h];
        if (!c)
            return 0;
        if (lgr->hash_cp[h] == cp) {
            *first = lgr->hash_first[h];
            return c;
        }
        h = (h + 1) & lgr->hash_mask;
    }
}

/* The code points of an entry, a variant or a CHAR node. */
static inline const uint32_t *lgr_cps(const struct ibidi_lgr *lgr, const uint32_t *first,
                                      uint32_t seq, uint8_t len)
{
    return len > 1 ? lgr->pool + seq : first;
}

/* The rules (need_bit) a label may match by what it holds: the masks of the intervals of
 * its code points (all ones without a partition). */
static inline uint64_t lgr_need_mask(const struct ibidi_lgr *lgr, const uint32_t *label,
                                     size_t n)
{
    if (!lgr->n_need)
        return ~(uint64_t)0;
    uint64_t m = 0;
    for (size_t i = 0; i < n; i++) {
        const uint32_t blk = label[i] >> 8;
        /* need_lo[a] <= cp < need_lo[b]: most blocks lie in one interval */
        size_t a = lgr->need_block[blk], b = (size_t)lgr->need_block[blk + 1] + 1;
        while (b - a > 1) {
            size_t mid = a + (b - a) / 2;
            if (lgr->need_lo[mid] <= label[i])
                a = mid;
            else
                b = mid;
        }
        m |= lgr->need_mask[a];
    }
    return m;
}

/* The most nodes one match of a rule may visit, its references expanded: a rule that
 * refers twice to one that refers twice to ... would otherwise cost 2^depth per label. */
#define LGR_MAX_EXPANDED 200000u

/* Derives what evaluation precomputes (the rules' needs and their partition, the entries'
 * uniform flag, the actions' invalid flag) and checks the rules' expanded
 * size; the loader calls it last, after every rule reference is resolved and cycles are
 * refused. Returns 0; -1 with *bad_rule when a rule's expanded
 * size exceeds LGR_MAX_EXPANDED (IBIDI_E_LGR_LIMIT); -2 without memory. */
int ibidi__lgr_prepare(struct ibidi_lgr *lgr, uint32_t *bad_rule);

/* Whether the class holds cp (binary search over its ranges). */
int ibidi__lgr_class_has(const struct ibidi_lgr *lgr, uint32_t cls, uint32_t cp);

#endif /* IBIDI_LGR_INTERNAL_H */
