/*
 * ibidi/rfc5893.h: the requirements behind the Bidi Rule of RFC 5893, checked.
 *
 *   - the six conditions of RFC 5893 §2 on a label given as Bidi classes, each one apart
 *     (so that a rule without one condition can be studied), and the older rule of
 *     RFC 3454 §6 (RandALCat) that RFC 5893 §4 replaced;
 *   - Character Grouping (RFC 5893 §3, formal statement): a label X, between delimiters
 *     D1 and D2 and neighbouring labels S1 and S2, in a left-to-right and in a
 *     right-to-left paragraph, run through the UBA (ibidi/bidi.h);
 *   - the same with the directional controls LRE, RLE, LRO, RLO and PDF outside the
 *     labels (RFC 5893 §3, "One possible requirement was thought to be problematic");
 *   - for one domain name: every label checked for Character Grouping, the controls
 *     claim and Label Uniqueness (by the twin search of ibidi/ambiguity.h).
 *
 * Two readings of Character Grouping. RFC 5893 §3 states it formally: "all the
 * characters of X in the reordered string are between D1 and D2, and no other characters
 * are between D1 and D2". Taken literally this fails for labels the RFC accepts: its own
 * example L1.R2.R3.L4 shows as L1.R3.R2.L4 in a left-to-right paragraph, so R2 lies
 * between the two full stops next to R3 in network order, and "A.B." in a left-to-right
 * paragraph shows as "B.A." (the logical D2 goes to the far right). The informal statement
 * just above it asks less: "the characters of each label should remain grouped between
 * the characters delimiting the labels". ibidi computes both:
 *   - IBIDI_RFC5893_BROKEN_LITERAL: the formal text, word for word;
 *   - IBIDI_RFC5893_BROKEN_GROUPED: the characters of X are not one contiguous block on
 *     screen, or the character shown next to the block (on either side) is neither D1
 *     nor D2 (the edge of the line is allowed: "B.A." keeps B grouped).
 * Characters removed by UAX #9 X9 (BN and the embedding controls) take no part in either
 * test: RFC 5893 §3 ("Note about the position of BN") says their position has no meaning.
 *
 * Why a finite set of contexts is enough. Every character of one Bidi class behaves the
 * same in the UBA except paired brackets (N0) and mirrored characters (L4); the
 * delimiters chosen below are neither, and no character allowed in labels (PVALID,
 * CONTEXTJ, CONTEXTO) is either (`ibidi verify-rule` checks this on the tables). So a
 * label is a string of classes. For a label that satisfies the rule the resolved classes
 * of its own characters do not depend on the context: it starts with a strong character
 * (condition 1), so W1, W2 and W7 look no further back than the label, and it ends with
 * a strong character or a number (conditions 3 and 6) whose NSM take its class. The
 * context then acts only through the levels around the label: the resolved class of the
 * last character of S1 (L, R, EN, AN or nothing) decides the level of D1 in N1, the
 * first character of S2 that of D2, and which characters of S1 (S2) end up between D1
 * and D2 depends only on the smallest level between them and D1 (D2) (L2: positions
 * i < j keep their order on screen exactly when the lowest level in [i, j] is even). The
 * neighbours listed by ibidi_rfc5893_neighbours cover every such case for neighbours
 * that satisfy the rule: nothing, L, R and AL endings, a final number at level 2 (EN, and
 * AN after AL), and a number inside an RTL label.
 *
 * The verifier at the end (ibidi_rfc5893_verify, experimental) asks all of this of every
 * label up to a length, exhaustively: it is the research call behind `ibidi verify-rule`.
 *
 * Nothing here allocates except ibidi_rfc5893_verify, which keeps its working sets (the
 * labels of one length, display keys) on the heap and frees them before it returns; every
 * call is thread-safe.
 */
#ifndef IBIDI_RFC5893_H
#define IBIDI_RFC5893_H

#include "common.h"
#include "unicode.h"
#include "bidi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Worst-case stack, in bytes: of every call but ibidi_rfc5893_check_name_utf8 (which runs
 * the twin search of ibidi/ambiguity.h), and of it. */
#define IBIDI_RFC5893_STACK 21504
#define IBIDI_RFC5893_NAME_STACK 30720

/* ---- The rule ------------------------------------------------------------------------- */

/* Condition k (1-6) of RFC 5893 §2 as a bit; all six together. */
#define IBIDI_RFC5893_COND(k) (1u << ((unsigned)(k)-1u))
#define IBIDI_RFC5893_ALL_CONDITIONS 0x3Fu
/* The longest label the checks take, in characters (RFC 1034 §3.1: 63 octets). */
#define IBIDI_RFC5893_MAX_LABEL 63

/* ibidi_rfc5893_check_name_utf8's default bound on each twin search. Label Uniqueness
 * searches the twins of a label inside its neighbours, where few candidates pass and the
 * search's steps (64 a candidate) are what bound it: a million candidates let a label of
 * thirty "%" run for 13 s; ten thousand keep a label near a tenth of a second. A cut search
 * is reported (REQ_TRUNCATED). */
#define IBIDI_RFC5893_DEFAULT_CANDIDATES 10000u

/*
 * The conditions of RFC 5893 §2 among `apply` (bits IBIDI_RFC5893_COND) that the label,
 * given as Bidi classes (ibidi_unicode_bc values), breaks; 0 when it satisfies them all.
 * The direction of the label is that of condition 1: first character R or AL, an RTL
 * label (conditions 2-4); L, an LTR label (5-6). When condition 1 is not applied and the
 * first character is none of these, RFC 5893 §1.4 decides: a label with R, AL or AN is an
 * RTL label, any other an LTR label. (When condition 1 is applied and breaks, 2-6 are
 * still evaluated this way, so the result says everything the label breaks.) An empty
 * label breaks nothing (the rule speaks of characters). A value >= IBIDI_UNICODE_BC_COUNT is a
 * class no label may hold (conditions 2 and 5). classes NULL with n > 0 breaks every
 * condition applied (there is no status to return; it fails closed).
 * On every class string the bits are the codes B1-B6 that the Bidi Rule on code points
 * (ibidi_idna_bidi_rule_utf8, a label of a Bidi domain name) gives, except that after B1
 * the code-point checker stops (tests/test_rfc5893.c compares them).
 */
IBIDI_API unsigned ibidi_rfc5893_conditions(const uint8_t *classes, size_t n, unsigned apply);

/* RFC 3454 §6, the rule of IDNA2003: a label with a RandALCat character (R or AL) must
 * hold no LCat character (L) and must start and end with a RandALCat character. 1 when the
 * label satisfies it (labels without R or AL always do, the empty one too), 0 when not
 * (also for classes NULL with n > 0). */
IBIDI_API int ibidi_rfc5893_rfc3454_rule_ok(const uint8_t *classes, size_t n);

/* ---- Contexts ------------------------------------------------------------------------- */

/* A delimiter of RFC 5893 §3 ("Delimiterchars": CS, WS, ON), one character per class. */
typedef struct ibidi_rfc5893_delimiter {
    uint32_t cp;
    uint8_t bidi_class;
    const char *why; /* why this character stands for its class */
} ibidi_rfc5893_delimiter;

/* The delimiters: U+002E FULL STOP (CS, the label separator), U+0020 SPACE (WS: a name
 * in running text; L1 moves a space at the end of a line to the paragraph level), U+0040
 * COMMERCIAL AT (ON: mail addresses). None is a paired bracket or mirrored. ET and ES are
 * left out as RFC 5893 §3 says. *n gets their number. */
IBIDI_API const ibidi_rfc5893_delimiter *ibidi_rfc5893_delimiters(size_t *n);

/* A neighbouring label S1 or S2: its classes and code points (one per class). */
typedef struct ibidi_rfc5893_neighbour {
    const char *notation;   /* Bidi Notation: "" (none), "a", "a1", "A" (R), "A" with
                               arabic (AL), ... */
    const uint8_t *classes;
    const uint32_t *cps;
    size_t n;
} ibidi_rfc5893_neighbour;

/* The neighbours: nothing, L, L EN, R, AL, R EN, AL EN (the digit resolves as AN, W2),
 * R AN, R EN R; all satisfy the rule. *n gets their number. */
IBIDI_API const ibidi_rfc5893_neighbour *ibidi_rfc5893_neighbours(size_t *n);

/* Where the directional control goes (RFC 5893 §3: "directional controls (LRE, RLE, RLO,
 * LRO, PDF) are used in the same paragraph (outside of the labels)"). c is the control. */
typedef enum ibidi_rfc5893_placement {
    IBIDI_RFC5893_PLACE_NONE = 0,        /* S1 D1 X D2 S2 */
    IBIDI_RFC5893_PLACE_AROUND = 1,      /* c S1 D1 X D2 S2 PDF */
    IBIDI_RFC5893_PLACE_BEFORE = 2,      /* c S1 D1 X D2 S2 (never closed) */
    IBIDI_RFC5893_PLACE_AFTER = 3,       /* S1 D1 X D2 S2 c (opened at the end) */
    IBIDI_RFC5893_PLACE_LEFT_LABEL = 4,  /* c S1 PDF D1 X D2 S2 */
    IBIDI_RFC5893_PLACE_RIGHT_LABEL = 5, /* S1 D1 X D2 c S2 PDF */
    IBIDI_RFC5893_PLACE_MIDDLE = 6,      /* S1 c D1 X D2 PDF S2 */
    IBIDI_RFC5893_PLACE_INNER = 7,       /* S1 D1 c X PDF D2 S2 (next to the label) */
    IBIDI_RFC5893_PLACE_STRAY_PDF = 8    /* PDF S1 D1 X D2 S2 (c unused: a PDF alone) */
} ibidi_rfc5893_placement;
#define IBIDI_RFC5893_PLACEMENTS 9
/* "none", "around", "before", ...; NULL if unknown. */
IBIDI_API const char *ibidi_rfc5893_placement_name(ibidi_rfc5893_placement p);

/* One test of RFC 5893 §3: S1 D1 X D2 S2 in a paragraph of direction dir (IBIDI_DIR_LTR
 * or IBIDI_DIR_RTL), with a control placed as `placement` says. Classes throughout. */
typedef struct ibidi_rfc5893_case {
    const uint8_t *s1;
    size_t n1;
    uint8_t d1; /* class of D1 */
    const uint8_t *x;
    size_t n;
    uint8_t d2; /* class of D2 */
    const uint8_t *s2;
    size_t n2;
    ibidi_dir dir;
    uint8_t control; /* IBIDI_UNICODE_BC_LRE, _RLE, _LRO or _RLO (ignored for NONE and STRAY_PDF) */
    uint8_t placement; /* ibidi_rfc5893_placement */
} ibidi_rfc5893_case;

/* Bits of the verdict of ibidi_rfc5893_run. */
#define IBIDI_RFC5893_BROKEN_LITERAL 0x1u /* the formal text of §3, word for word */
#define IBIDI_RFC5893_BROKEN_GROUPED 0x2u /* the informal statement (see the top) */
/* In a display key, a delimiter shows as this value plus its class, so that it never
 * equals a label character. */
#define IBIDI_RFC5893_DELIM_KEY 32u
/* The longest case: two neighbours, the label, two delimiters and three controls. */
#define IBIDI_RFC5893_MAX_CASE (3 * IBIDI_RFC5893_MAX_LABEL + 5)

/* The display of a case, as keys to compare (Label Uniqueness, §3): two cases with equal
 * keys display identically when each class stands for one character. */
typedef struct ibidi_rfc5893_display {
    /* The characters left to right (L2), each as its class, a delimiter as
     * IBIDI_RFC5893_DELIM_KEY + its class, characters removed by X9 left out: the RFC's
     * "same sequence of code points". */
    uint8_t key[IBIDI_RFC5893_MAX_CASE];
    size_t len;
    /* As rendered: each character that is not NSM followed by the NSM that follow it in
     * logical order (a mark is drawn on its base: Badami, "Weak type NSM"), these
     * clusters left to right in the order of their bases; a mark that follows no base is a
     * cluster of its own. Marks are written as IBIDI_RFC5893_MARK_KEY. */
    uint8_t clusters[IBIDI_RFC5893_MAX_CASE];
    size_t clusters_len;
} ibidi_rfc5893_display;
#define IBIDI_RFC5893_MARK_KEY 64u

/*
 * Runs the UBA (ibidi_bidi_resolve_classes, ibidi_bidi_reorder) on one case and says which
 * readings of Character Grouping it breaks (*broken, bits above; 0 when X stays grouped).
 * display (optional) gets the keys of the display.
 * Errors: IBIDI_E_INVALID_ARGUMENT (NULL with a length, a direction other than LTR or
 * RTL, an unknown placement or control, a delimiter class other than CS, WS, ON, and ET
 * or ES, which are taken to show why §3 leaves them out),
 * IBIDI_E_RFC5893_TOO_LONG (S1, X or S2 over IBIDI_RFC5893_MAX_LABEL, checked in that
 * order: offset where the part starts in the laid-out string, value its length),
 * IBIDI_E_RFC5893_CLASS (a class value of IBIDI_UNICODE_BC_COUNT or more: offset its index in the
 * laid-out string, controls and delimiters included; value the class).
 */
IBIDI_API ibidi_status ibidi_rfc5893_run(const ibidi_rfc5893_case *c, unsigned *broken,
                                         ibidi_rfc5893_display *display, ibidi_error *err);

/* Options of the checks below (bits). */
#define IBIDI_RFC5893_LITERAL 0x1u  /* Character Grouping in the literal reading (default:
                                       the grouped reading) */
#define IBIDI_RFC5893_CONTROLS 0x2u /* also every placement of every control (LRE, RLE,
                                       LRO, RLO, and a stray PDF) */
#define IBIDI_RFC5893_ONLY_LTR 0x4u /* left-to-right paragraph only */
#define IBIDI_RFC5893_ONLY_RTL 0x8u /* right-to-left paragraph only */

/* What ibidi_rfc5893_grouping_classes finds: its outputs in one record, so that the call
 * keeps to six parameters. */
typedef struct ibidi_rfc5893_grouping {
    int holds;                 /* 1 when no context breaks Character Grouping, else 0 */
    ibidi_rfc5893_case failed; /* holds 0: the first context that breaks it (its pointers
                                  point into x and the library's neighbour table); zeroed
                                  when the label holds */
    size_t runs;               /* the UBA runs made */
} ibidi_rfc5893_grouping;

/*
 * Character Grouping of label x (classes) over every context: each delimiter as D1 and
 * as D2, each neighbour as S1 and as S2, both paragraph directions (unless restricted),
 * and with IBIDI_RFC5893_CONTROLS every control placement. res (may be NULL: the status
 * alone) gets whether it holds, the first context that breaks it (in the order:
 * direction, placement, control, D1, D2, S1, S2) and the number of UBA runs made; after
 * an error, holds 1 and the rest zero.
 * Errors: IBIDI_E_INVALID_ARGUMENT (x NULL with n > 0), IBIDI_E_RFC5893_TOO_LONG (n over
 * IBIDI_RFC5893_MAX_LABEL: offset 0, value n), IBIDI_E_RFC5893_CLASS (offset the index in
 * x, value the class). With both directions left out (ONLY_LTR | ONLY_RTL) nothing is run
 * and the label holds.
 */
IBIDI_API ibidi_status ibidi_rfc5893_grouping_classes(const uint8_t *x, size_t n,
                                                      unsigned options,
                                                      ibidi_rfc5893_grouping *res,
                                                      ibidi_error *err);

/* ---- One domain name ------------------------------------------------------------------ */

typedef enum ibidi_rfc5893_requirement {
    IBIDI_RFC5893_REQ_GROUPING = 301,   /* Character Grouping (without controls) */
    IBIDI_RFC5893_REQ_CONTROLS = 302,   /* Character Grouping with a control outside */
    IBIDI_RFC5893_REQ_UNIQUENESS = 303, /* Label Uniqueness: another label satisfying the
                                         rule displays identically in the same context */
    IBIDI_RFC5893_REQ_TRUNCATED = 304   /* the twin search for Label Uniqueness was cut by
                                         its bound: the check is incomplete */
} ibidi_rfc5893_requirement;
/* "grouping", "controls", "uniqueness", "truncated"; NULL if unknown. */
IBIDI_API const char *ibidi_rfc5893_requirement_name(ibidi_rfc5893_requirement r);

/* What a finding of ibidi_rfc5893_check_name_utf8 is about beyond the ibidi_finding: the
 * context of RFC 5893 §3 in which the label breaks the requirement. */
typedef struct ibidi_rfc5893_detail {
    uint32_t d1, d2;   /* the delimiters (code points) */
    size_t s1, s2;     /* the neighbours: indices into ibidi_rfc5893_neighbours */
    uint8_t control;   /* the control class (REQ_CONTROLS), else 0 */
    uint8_t placement; /* its placement (REQ_CONTROLS), else 0 */
    uint32_t twin[IBIDI_RFC5893_MAX_LABEL]; /* REQ_UNIQUENESS: the other label */
    size_t twin_len;
} ibidi_rfc5893_detail;

/* How ibidi_rfc5893_check_name_utf8 runs: its settings in one record, so that the call
 * keeps to six parameters. A NULL pointer, or a zero-initialised record: the grouped
 * reading, no controls, both directions, IBIDI_RFC5893_DEFAULT_CANDIDATES. */
typedef struct ibidi_rfc5893_name_options {
    unsigned flags;        /* IBIDI_RFC5893_LITERAL, _CONTROLS, _ONLY_LTR, _ONLY_RTL; other
                              bits are refused */
    size_t max_candidates; /* each twin search's bound; 0: IBIDI_RFC5893_DEFAULT_CANDIDATES,
                              SIZE_MAX: no bound */
} ibidi_rfc5893_name_options;

/*
 * RFC 5893 §3 for a domain name in UTF-8 (labels split at U+002E; an empty label, e.g. the
 * root, is skipped). For every label: Character Grouping (in the reading chosen by
 * IBIDI_RFC5893_LITERAL in opts->flags) in both directions, the first context that breaks
 * it; with IBIDI_RFC5893_CONTROLS the same with the controls; and Label Uniqueness: for
 * the neighbours nothing, L and R with FULL STOP as D1 and D2, in both directions, the
 * twins (ibidi_ambiguity_twins_cp, at most opts->max_candidates candidates each) of
 * S1 D1 X D2 S2 that differ only inside X and whose X part satisfies the rule; the first
 * one found per label and direction is reported.
 * Findings go to *findings (may be NULL) in order of label, requirement, direction, as
 * ibidi_finding records: the code is the requirement (IBIDI_RFC5893_REQ_*, 301-304), a
 * warning (the name is not made invalid: the rule itself is ibidi_idna_bidi_rule_utf8's);
 * part the index of the label in the name (0 = leftmost in network order), offset and
 * length the label's bytes, cp and bidi_class its first character's, context the
 * paragraph direction. details (may be NULL; else findings->cap records) gets, for each
 * finding stored, the context that breaks it, at the same index.
 * A label that breaks the rule usually breaks the requirements too.
 * Errors: the decoder's statuses with the byte offset; IBIDI_E_RFC5893_TOO_LONG for a
 * label over IBIDI_RFC5893_MAX_LABEL code points (offset of the label);
 * IBIDI_E_INVALID_ARGUMENT (NULL with a length, an items array NULL with a capacity,
 * unknown flag bits). Stack: IBIDI_RFC5893_NAME_STACK.
 */
IBIDI_API ibidi_status ibidi_rfc5893_check_name_utf8(const char *name, size_t len,
                                                     const ibidi_rfc5893_name_options *opts,
                                                     ibidi_findings *findings,
                                                     ibidi_rfc5893_detail *details,
                                                     ibidi_error *err);

/* ---- The verifier (experimental) ------------------------------------------------------ */

/*
 * Does the rule deliver the requirements of §3? ibidi_rfc5893_verify answers by
 * exhaustion: every label up to max_length characters, as a string of the Bidi classes
 * that characters allowed in labels have (the alphabet below), against every context of
 * §3 (each delimiter as D1 and as D2, neighbours S1 and S2, both paragraph directions),
 * run through ibidi_rfc5893_run. It is the research call behind `ibidi verify-rule`.
 * Experimental: its structures may grow or change.
 */

/* The classes of the characters a label may hold (RFC 5892: PVALID, CONTEXTJ, CONTEXTO). */
typedef struct ibidi_rfc5893_alphabet {
    size_t count[IBIDI_UNICODE_BC_COUNT];     /* code points per class */
    uint32_t example[IBIDI_UNICODE_BC_COUNT]; /* the first of them per class (0 when none) */
    size_t mirrored;                  /* Bidi_Mirrored among them (L4 tells them apart) */
    size_t brackets;                  /* paired brackets among them (N0 tells them apart) */
    /* The classes enumerated, in increasing order: those with code points, BN left out
     * (X9 removes it; the verifier checks apart that this changes no verdict). */
    uint8_t classes[IBIDI_UNICODE_BC_COUNT];
    size_t n_classes;
} ibidi_rfc5893_alphabet;

/* Fills *a from the tables (every code point is looked at). When brackets and mirrored
 * are 0, the characters of one class behave alike in the UBA, so that a label is a
 * string of classes. Errors: IBIDI_E_INVALID_ARGUMENT (a NULL). */
IBIDI_API ibidi_status ibidi_rfc5893_label_alphabet(ibidi_rfc5893_alphabet *a, ibidi_error *err);

/* What to run (bits of ibidi_rfc5893_verify_options.parts). */
#define IBIDI_RFC5893_VERIFY_RULE 0x01u          /* the rule's guarantees: labels that pass,
                                                    neighbours that pass, grouping and
                                                    uniqueness (SPACE_RULE) */
#define IBIDI_RFC5893_VERIFY_UNPROBLEMATIC 0x02u /* §3 read literally: "unproblematic"
                                                    neighbours; labels without R, AL, AN */
#define IBIDI_RFC5893_VERIFY_CONDITIONS 0x04u    /* the rule without each condition */
#define IBIDI_RFC5893_VERIFY_RFC3454 0x08u       /* the rule of RFC 3454 instead, the labels
                                                    one rule takes and not the other, §4 */
#define IBIDI_RFC5893_VERIFY_CONTROLS 0x10u      /* §3's directional controls, each placement */
#define IBIDI_RFC5893_VERIFY_BADAMI 0x20u        /* Badami: can number type ambiguity occur? */
#define IBIDI_RFC5893_VERIFY_BN 0x40u            /* BN set aside: labels with BN checked */
#define IBIDI_RFC5893_VERIFY_ALL 0x7Fu

#define IBIDI_RFC5893_VERIFY_MAX_LENGTH 12     /* the longest labels (and names) enumerated */
#define IBIDI_RFC5893_VERIFY_DEFAULT_LENGTH 6
#define IBIDI_RFC5893_VERIFY_MAX_SHARDS 256
#define IBIDI_RFC5893_VERIFY_NEIGHBOUR_LENGTH 2 /* S1, S2 enumerated up to this length */
#define IBIDI_RFC5893_VERIFY_EXAMPLES 3         /* examples kept per figure */

/* All zero: the defaults (labels up to 6 characters, one shard, every part). */
typedef struct ibidi_rfc5893_verify_options {
    unsigned max_length; /* 1..IBIDI_RFC5893_VERIFY_MAX_LENGTH; 0 = the default */
    /* Run shard `shard` of `shards` (0 <= shard < shards; shards 0 = 1, at most
     * IBIDI_RFC5893_VERIFY_MAX_SHARDS): the shards of one run split its work, so that
     * callers choose their threads or processes, and ibidi_rfc5893_verify_merge combines
     * their results into exactly the result of one shard. */
    unsigned shard, shards;
    unsigned parts; /* IBIDI_RFC5893_VERIFY_* bits; 0 = all */
} ibidi_rfc5893_verify_options;

/* The spaces of labels and contexts checked. Each has a rule for its labels X and one for
 * its neighbours S1, S2 (the empty one and every legal label of up to
 * IBIDI_RFC5893_VERIFY_NEIGHBOUR_LENGTH characters, or the library's table). All but the
 * rule's own space search for the shortest counterexample: they stop at the first
 * length where a label breaks grouping (grouped reading) or two labels display alike as
 * rendered. A space of a weaker rule ("filtered") counts only the cases that involve a
 * label outside the full rule (X, Y, S1 or S2), since the full rule's labels are the
 * rule's own space. Every label also keeps the hyphen rule (RFC 5891 §4.2.3.1). */
typedef enum ibidi_rfc5893_verify_space {
    IBIDI_RFC5893_SPACE_RULE = 0,          /* every condition; every length; uniqueness */
    IBIDI_RFC5893_SPACE_UNPROBLEMATIC = 1, /* labels that pass, neighbours §3 calls
                                              unproblematic (pass, or no R, AL, AN and not
                                              EN first); up to 3; filtered */
    IBIDI_RFC5893_SPACE_NO_RTL = 2,        /* labels without R, AL, AN, unproblematic
                                              neighbours; up to 4 */
    IBIDI_RFC5893_SPACE_WITHOUT_1 = 3,     /* 3..8: without condition 1..6; uniqueness;
                                              filtered */
    IBIDI_RFC5893_SPACE_RFC3454 = 9,       /* the RFC 3454 rule; uniqueness; filtered */
    IBIDI_RFC5893_SPACE_CONTROLS = 10      /* 10..17: labels that pass, the library's
                                              neighbours, a control in placement 1..8 (each
                                              of LRE, RLE, LRO, RLO; a PDF alone); up to 4 */
} ibidi_rfc5893_verify_space;
#define IBIDI_RFC5893_SPACE_WITHOUT(k) (IBIDI_RFC5893_SPACE_WITHOUT_1 + (k)-1)
#define IBIDI_RFC5893_SPACE_CONTROL(placement) (IBIDI_RFC5893_SPACE_CONTROLS + (placement)-1)
#define IBIDI_RFC5893_SPACES 18

/* A label (or a name, dots as CS) as Bidi classes. */
typedef struct ibidi_rfc5893_verify_label {
    uint8_t n;
    uint8_t classes[IBIDI_RFC5893_VERIFY_MAX_LENGTH];
} ibidi_rfc5893_verify_label;

/* One context of a space. */
typedef struct ibidi_rfc5893_verify_context {
    uint64_t index;       /* its place in the space's order (direction, control, D1, D2, S1,
                             S2; the first that breaks is the one reported); for Badami's
                             pairs, the place of the pair in the order they are met */
    ibidi_dir dir;        /* the paragraph */
    uint32_t d1, d2;      /* the delimiters (code points of ibidi_rfc5893_delimiters) */
    uint8_t control;      /* the control's class (a placement but stray-pdf), else 0 */
    uint8_t placement;    /* ibidi_rfc5893_placement */
    ibidi_rfc5893_verify_label s1, s2;
} ibidi_rfc5893_verify_context;

/* The longest display of an example: S1 D1 X D2 S2 without the controls. */
#define IBIDI_RFC5893_VERIFY_SHOWN (2 * 3 + 2 + IBIDI_RFC5893_VERIFY_MAX_LENGTH)
/* Bits of ibidi_rfc5893_verify_example.outside. */
#define IBIDI_RFC5893_OUTSIDE_X 0x1u
#define IBIDI_RFC5893_OUTSIDE_Y 0x2u
#define IBIDI_RFC5893_OUTSIDE_S1 0x4u
#define IBIDI_RFC5893_OUTSIDE_S2 0x8u

/* A label that breaks a requirement in a context, or two labels (or names) that display
 * alike in it. */
typedef struct ibidi_rfc5893_verify_example {
    ibidi_rfc5893_verify_label x;
    ibidi_rfc5893_verify_label y; /* a pair: the other one, after x in class order; else
                                     n = 0 */
    /* The display of S1 D1 X D2 S2 left to right (ibidi_rfc5893_display.key). */
    uint8_t shown[IBIDI_RFC5893_VERIFY_SHOWN];
    uint8_t shown_len;
    uint8_t outside; /* a filtered space: which of X, Y, S1, S2 break the full rule */
    ibidi_rfc5893_verify_context context;
} ibidi_rfc5893_verify_example;

/* The first examples of one length: labels in class order (in a filtered space, those
 * outside the full rule first), pairs in the order of x then y; each with its first
 * context. */
typedef struct ibidi_rfc5893_verify_examples {
    ibidi_rfc5893_verify_example grouping[IBIDI_RFC5893_VERIFY_EXAMPLES];    /* grouped */
    ibidi_rfc5893_verify_example literal[IBIDI_RFC5893_VERIFY_EXAMPLES];     /* literal */
    ibidi_rfc5893_verify_example uniqueness[IBIDI_RFC5893_VERIFY_EXAMPLES];  /* rendered */
    ibidi_rfc5893_verify_example code_points[IBIDI_RFC5893_VERIFY_EXAMPLES]; /* formal */
    unsigned n_grouping, n_literal, n_uniqueness, n_code_points;
} ibidi_rfc5893_verify_examples;

/* The figures of one length of a space. Cases are label x context (grouping) or pair of
 * labels x context (uniqueness); labels count each label once. */
typedef struct ibidi_rfc5893_verify_figures {
    unsigned long long strings;           /* class strings of this length looked at */
    unsigned long long labels;            /* of them legal under the space's rule: X */
    unsigned long long runs;              /* UBA runs: labels x contexts */
    unsigned long long grouping_cases, grouping_labels;       /* grouped reading broken */
    unsigned long long literal_cases, literal_labels;         /* literal reading broken */
    unsigned long long uniqueness_cases, uniqueness_labels;   /* alike as rendered */
    unsigned long long code_point_cases, code_point_labels;   /* alike by code points */
} ibidi_rfc5893_verify_figures;

typedef struct ibidi_rfc5893_verify_space_result {
    unsigned max_length; /* the longest labels the space takes; 0 when not run */
    unsigned shortest;   /* a space that searches: the first length with a counterexample,
                            0 for none up to max_length */
    unsigned long long neighbours; /* candidates for S1 and S2, the empty one included */
    unsigned long long contexts;
    ibidi_rfc5893_verify_figures length[IBIDI_RFC5893_VERIFY_MAX_LENGTH]; /* [n - 1]; a
                            space that searches: only up to the shortest */
    ibidi_rfc5893_verify_examples examples; /* a space that searches: at the shortest
                            length (the rule's space: see rule_examples) */
} ibidi_rfc5893_verify_space_result;

/* A control placement that breaks grouping: its cases over the labels that pass (up to
 * the space's max_length) and the library's neighbours, and those where D2 = SPACE ends
 * the line (S2 empty), so that UAX #9 L1 resets it to the paragraph level. */
typedef struct ibidi_rfc5893_verify_placement_why {
    unsigned long long cases, broken, at_line_end, labels, labels_broken;
} ibidi_rfc5893_verify_placement_why;

/* The rule of RFC 3454 beside RFC 5893 on the labels up to max_length. */
typedef struct ibidi_rfc5893_verify_rfc3454 {
    unsigned long long only_rfc5893;       /* pass RFC 5893, not RFC 3454 */
    unsigned long long only_rfc5893_nsm;   /* of them ending with NSM */
    unsigned long long only_rfc5893_number; /* ending with EN or AN */
    unsigned long long only_rfc3454;       /* pass RFC 3454, not RFC 5893 */
    /* RFC 5893 §4's examples: Dhivehi "konpeetaru" (§4.1), Yiddish YIVO (§4.2), ALEF 5
     * and 5 ALEF (§4.3); whether each rule accepts it (1) and its display between two
     * FULL STOPs, no neighbours, in a left-to-right paragraph. */
    ibidi_rfc5893_verify_example section4[4];
    uint8_t accepted_rfc3454[4], accepted_rfc5893[4];
} ibidi_rfc5893_verify_rfc3454;

/* Badami's question, "number type ambiguity cannot occur in IDNs (is this true?)", over
 * every name of 1-3 labels up to max_length characters (dots included) that is legal:
 * [0] under RFC 5893 (in a Bidi domain name every label passes the rule, but LDH labels
 * may stand beside them unless they start with a digit after an RTL label; a name without
 * R, AL, AN has no rule), [1] under RFC 3454 (every label passes the RandALCat rule). */
typedef struct ibidi_rfc5893_verify_badami {
    unsigned long long names;
    unsigned long long groups;                /* sets of names that display identically */
    unsigned long long digit_type_differs;    /* pairs of them where a digit shown at one
                                                 place is EN in one name, AN in the other */
    unsigned long long number_type_ambiguity; /* of those, pairs where a separator shown
                                                 at one place is part of a number (W4) in
                                                 one and not in the other */
    unsigned long long runs;                  /* UBA runs: names x directions */
    /* The first pair of each kind (x.n = 0: none): names that display identically, a
     * digit EN in one and AN in the other without a separator involved, number type
     * ambiguity; context.dir and context.index (the order they are met) only. */
    ibidi_rfc5893_verify_example identical, digit_type, ambiguity;
} ibidi_rfc5893_verify_badami;

/* BN set aside: labels with BN (ZWNJ, ZWJ) up to max_length that pass the rule give the
 * verdicts of the label without BN, in both readings, over the library's contexts. */
typedef struct ibidi_rfc5893_verify_bn {
    unsigned max_length;          /* 0 when not run (or no BN allowed in labels) */
    unsigned long long checked, differ;
} ibidi_rfc5893_verify_bn;

/* Everything a run found. Plain data (no pointers): it can be copied, sent between
 * processes, merged. */
typedef struct ibidi_rfc5893_verify_result {
    unsigned max_length, parts, shards; /* the run's options, defaults applied */
    unsigned n_merged;                  /* shards held (complete when equal to shards) */
    uint64_t merged[IBIDI_RFC5893_VERIFY_MAX_SHARDS / 64]; /* which: bit shard */
    int stopped;                        /* 1 when the callback stopped a shard */
    ibidi_rfc5893_alphabet alphabet;
    ibidi_rfc5893_verify_space_result space[IBIDI_RFC5893_SPACES];
    ibidi_rfc5893_verify_examples rule_examples[IBIDI_RFC5893_VERIFY_MAX_LENGTH]; /* [n-1] */
    ibidi_rfc5893_verify_placement_why controls_why[IBIDI_RFC5893_PLACEMENTS];
    ibidi_rfc5893_verify_rfc3454 rfc3454;
    ibidi_rfc5893_verify_badami badami[2];
    ibidi_rfc5893_verify_bn bn;
    unsigned long long uba_runs; /* every run above: the spaces, controls_why, Badami */
    int holds; /* 1 when the rule's space has no counterexample (grouped reading,
                  uniqueness as rendered; of what was run when stopped) */
} ibidi_rfc5893_verify_result;

/* What a shard reports as it goes. */
typedef enum ibidi_rfc5893_verify_event_kind {
    IBIDI_RFC5893_EVENT_GROUPING = 1,    /* a label breaks the grouped reading (its first
                                            context; in a filtered space a counted case) */
    IBIDI_RFC5893_EVENT_LITERAL = 2,     /* a label breaks the literal reading */
    IBIDI_RFC5893_EVENT_UNIQUENESS = 3,  /* two labels display alike as rendered (once a
                                            pair, its first context) */
    IBIDI_RFC5893_EVENT_CODE_POINTS = 4, /* two labels display alike by code points */
    IBIDI_RFC5893_EVENT_NAMES = 5,       /* Badami: two names display identically */
    IBIDI_RFC5893_EVENT_DIGIT_TYPE = 6,  /* ... and a digit is EN in one, AN in the other */
    IBIDI_RFC5893_EVENT_NUMBER_TYPE = 7, /* ... and a separator changes its part (W4) */
    IBIDI_RFC5893_EVENT_LENGTH = 8,      /* a space is done with one length (this shard) */
    IBIDI_RFC5893_EVENT_PART = 9         /* a part is done (this shard) */
} ibidi_rfc5893_verify_event_kind;

typedef struct ibidi_rfc5893_verify_event {
    ibidi_rfc5893_verify_event_kind kind;
    unsigned part;      /* the IBIDI_RFC5893_VERIFY_* bit it belongs to */
    int space;          /* ibidi_rfc5893_verify_space; Badami: 0 RFC 5893, 1 RFC 3454; -1 */
    unsigned length;    /* the labels' (names') length; 0 for PART */
    const ibidi_rfc5893_verify_example *example; /* GROUPING .. NUMBER_TYPE, else NULL */
    const ibidi_rfc5893_verify_figures *figures; /* LENGTH: this shard's, else NULL */
} ibidi_rfc5893_verify_event;

/* Receives one event (valid during the call); returns 0 to go on, non-zero to stop. */
typedef int (*ibidi_rfc5893_verify_fn)(const ibidi_rfc5893_verify_event *ev, void *ctx);

/*
 * Runs one shard of the verifier (opts NULL: the defaults) into *res, calling fn (may be
 * NULL) with each event. The spaces that search and the other parts are each run whole
 * by one shard; the rule's own space is divided among the shards by the classes a label
 * holds (labels that display alike hold the same classes). When fn stops the run, the
 * call returns IBIDI_OK with res->stopped set and the figures found so far.
 * Errors (*res is then cleared): IBIDI_E_INVALID_ARGUMENT (res NULL; max_length over the
 * maximum, shards over the maximum, shard not below shards, unknown parts: value the
 * option), IBIDI_E_NOMEM, or a status of ibidi_rfc5893_run (not reached).
 */
IBIDI_API ibidi_status ibidi_rfc5893_verify(const ibidi_rfc5893_verify_options *opts,
                                            ibidi_rfc5893_verify_fn fn, void *ctx,
                                            ibidi_rfc5893_verify_result *res,
                                            ibidi_error *err);

/*
 * Adds the result of one shard to *into: a zeroed *into takes it as it is; otherwise both
 * must be of one run (max_length, parts, shards) and hold no shard in common. Merging the
 * shards of a run in any order gives the result of the run in one shard.
 * Errors: IBIDI_E_INVALID_ARGUMENT (a NULL, a shard that holds nothing, another run, a
 * shard already merged).
 */
IBIDI_API ibidi_status ibidi_rfc5893_verify_merge(ibidi_rfc5893_verify_result *into,
                                                  const ibidi_rfc5893_verify_result *shard,
                                                  ibidi_error *err);

/* ---- Proofs for every length (experimental) ------------------------------------------- */

/*
 * ibidi_rfc5893_prove answers a claim of §3 for labels of every length, not only up to a
 * bound: the labels that satisfy the rule are read as a finite automaton whose states are
 * summaries of the label read so far, and each accepting state is decided once, by
 * ibidi_rfc5893_run on its shortest label in every context of the claim. The automaton is
 * built by breadth-first search from the empty label, so the first accepting state whose
 * label breaks the claim gives a shortest counterexample; when none does, the claim holds
 * for every length. src/ambiguity/proofs.c says what the summary holds and why it is
 * enough (UAX #9 W1-W7, N1-N2, I1-I2, L2); the summary's rule part is decided by
 * ibidi_rfc5893_conditions, its verdicts by ibidi_rfc5893_run, so a new Unicode version
 * (its alphabet of label classes) is proved again by running the call again. Label
 * Uniqueness is decided on the same automaton by a pair automaton (src/ambiguity/
 * uniqueness.c says how): two labels shown alone in the paragraph, not in every context.
 */
typedef enum ibidi_rfc5893_claim {
    IBIDI_RFC5893_CLAIM_GROUPING = 0, /* Character Grouping, grouped reading, in the
                                         contexts of SPACE_RULE (neighbours: nothing and
                                         every label of up to 2 characters that passes) */
    IBIDI_RFC5893_CLAIM_LITERAL = 1,  /* the same, literal reading */
    IBIDI_RFC5893_CLAIM_CONTROLS = 2, /* grouped reading with a control in a placement
                                         (the contexts of SPACE_CONTROL(placement)) */
    IBIDI_RFC5893_CLAIM_UNIQUENESS = 3, /* Label Uniqueness as rendered (a mark drawn on
                                           its base): no two labels that pass show alike
                                           alone in the paragraph (a pair automaton:
                                           src/ambiguity/uniqueness.c) */
    IBIDI_RFC5893_CLAIM_CODE_POINTS = 4 /* the same, code point by code point (the
                                           formal text) */
} ibidi_rfc5893_claim;
#define IBIDI_RFC5893_CLAIMS 5

/* The most states an automaton may have, and the longest label a state stands for. */
#define IBIDI_RFC5893_PROOF_MAX_STATES 65536u
#define IBIDI_RFC5893_PROOF_MAX_LABEL 48u

typedef struct ibidi_rfc5893_proof_options {
    unsigned claim;     /* ibidi_rfc5893_claim */
    unsigned placement; /* CLAIM_CONTROLS: 1..IBIDI_RFC5893_PLACEMENTS-1 */
    ibidi_dir dir;      /* the paragraph: IBIDI_DIR_LTR or IBIDI_DIR_RTL */
} ibidi_rfc5893_proof_options;

typedef struct ibidi_rfc5893_proof {
    int holds;                   /* 1: no label of any length breaks the claim */
    size_t states;               /* states of the automaton (the dead state included) */
    size_t accepting;            /* of them, states whose labels pass the rule */
    size_t transitions;          /* states x classes */
    size_t contexts;             /* contexts each accepting state is run in */
    unsigned long long runs;     /* UBA runs made */
    unsigned shortest;           /* holds 0: the length of the shortest counterexample */
    ibidi_rfc5893_verify_example example; /* holds 0: one, with its first context (x, the
                                             context and its display; the class order of the
                                             verifier is not kept) */
    /* Counted on the automaton, per length n (index n - 1): labels that pass the rule and
     * labels of them that break the claim in some context; they equal the verifier's
     * figures (the cross-check of tests/test_proofs.c). */
    unsigned long long labels[IBIDI_RFC5893_VERIFY_MAX_LENGTH];
    unsigned long long broken[IBIDI_RFC5893_VERIFY_MAX_LENGTH];
    /* The uniqueness claims (states, accepting and transitions are then the pair
     * automaton's; example holds the pair x, y and the display of x alone between full
     * stops; labels counts each label read with itself on the pair automaton, broken is
     * not counted): */
    unsigned undecided;          /* not 0: the method does not apply (holds is 0, no
                                    example): 1 a label has levels beyond its lowest + 1,
                                    2 labels of one set of classes have lowest levels of
                                    both parities, 4 a label that passes ends with a run
                                    whose level waits for what follows */
    int confirmed;               /* a pair: the library's UBA shows x and y alike */
    size_t label_states;         /* states of the automaton of labels with their levels */
    size_t transformations;      /* the runs' transformations met */
    unsigned long long pairs[IBIDI_RFC5893_VERIFY_MAX_LENGTH]; /* per length: pairs of
                                    labels that pass and show alike alone */
} ibidi_rfc5893_proof;

/* The bytes of the work area ibidi_rfc5893_prove needs. */
IBIDI_API size_t ibidi_rfc5893_prove_work_size(void);

/*
 * Builds the automaton of the claim in opts (the alphabet: ibidi_rfc5893_label_alphabet)
 * and decides it for every length into *res. work: ibidi_rfc5893_prove_work_size() bytes,
 * any alignment. Nothing is allocated; thread-safe.
 * Errors: IBIDI_E_INVALID_ARGUMENT (a NULL, an unknown claim, placement or direction),
 * IBIDI_E_BUFFER_TOO_SMALL (work_size too small: value the size needed; or more states
 * than IBIDI_RFC5893_PROOF_MAX_STATES: value that bound), a status of ibidi_rfc5893_run
 * (not reached).
 */
IBIDI_API ibidi_status ibidi_rfc5893_prove(const ibidi_rfc5893_proof_options *opts, void *work,
                                           size_t work_size, ibidi_rfc5893_proof *res,
                                           ibidi_error *err);

/* RFC 5893 §2, last paragraphs: in a Bidi domain name, LDH labels (L, EN and the hyphen,
 * ES) may stand beside labels that pass the rule, as long as no label that starts with a
 * digit follows an RTL label; the RFC says the requirements of §3 then hold. What
 * ibidi_rfc5893_ldh_search found, for one paragraph direction. */
typedef struct ibidi_rfc5893_ldh_result {
    unsigned max_length; /* names were enumerated up to this length, dots included */
    unsigned shortest;   /* the length of the shortest name that breaks it; 0: none */
    ibidi_rfc5893_verify_label name; /* that name (dots as CS), the first in class order */
    unsigned label;      /* the index of its label that does not stay grouped (0: the
                            first in network order) */
    uint8_t shown[IBIDI_RFC5893_VERIFY_MAX_LENGTH]; /* how it is shown alone in the
                            paragraph (L2): the index in name of the character at each
                            visual position, left to right */
    unsigned long long names[IBIDI_RFC5893_VERIFY_MAX_LENGTH]; /* names of each length
                            that are Bidi domain names legal under §2 (up to shortest) */
} ibidi_rfc5893_ldh_result;

/*
 * Every name up to max_length characters (classes of the label alphabet and CS for the
 * dots), in increasing length, that is a Bidi domain name (it holds R, AL or AN) whose
 * labels each pass the rule or are LDH labels, no LDH label that starts with EN after an
 * RTL label, every label keeping the hyphen rule; each is run through the UBA alone in a
 * paragraph of direction dir, and a label breaks the guarantee when its characters are not
 * one block on screen or the character shown next to the block is not a dot (§3: "grouped
 * between the characters delimiting the labels"; the edge of the line allowed; labels
 * shown in reverse order, as §3's own L1.R2.R3.L4, keep it). Stops at the first length
 * with such a name. This is an enumeration: it proves nothing beyond max_length.
 * Errors: IBIDI_E_INVALID_ARGUMENT (res NULL, max_length 0 or over
 * IBIDI_RFC5893_VERIFY_MAX_LENGTH, dir not LTR or RTL).
 */
IBIDI_API ibidi_status ibidi_rfc5893_ldh_search(unsigned max_length, ibidi_dir dir,
                                                ibidi_rfc5893_ldh_result *res,
                                                ibidi_error *err);

/*
 * ibidi_rfc5893_ldh_prove decides the same guarantee for names of every length, in one
 * paragraph direction, with a finite automaton (src/ambiguity/proofs_ldh.c says how): it
 * reads a name left to right, runs the prover's step function (UAX #9 W1-W7, N1, N2
 * across the dots), guesses the level of each character whose run is still open and
 * checks the guess when the run closes, guesses which label is the target, and builds the
 * display (L2) of the target's surroundings as three segments that only grow at their
 * ends. A breadth-first search over its states finds every state reachable; the
 * guarantee holds for every length when no path reaches a state where the target does
 * not stay grouped. Paths are unambiguous (one per name, or per name and target), so they
 * count names, and the counts equal the enumeration's (tests/test_proofs_ldh.c).
 */
typedef struct ibidi_rfc5893_ldh_proof {
    ibidi_dir dir;        /* the paragraph */
    int holds;            /* 1: no label of any legal name of any length breaks it */
    size_t states;        /* states of the automaton (reachable, not minimized) */
    size_t transitions;   /* its transitions (a class, a choice of target, a guess) */
    size_t uba_states;    /* distinct UBA summaries (the step function's) among them */
    unsigned shortest;    /* holds 0: the length of the shortest name that breaks it */
    int confirmed;        /* that name, run again through the library's UBA, breaks it */
    ibidi_rfc5893_verify_label name; /* holds 0, shortest up to
                            IBIDI_RFC5893_VERIFY_MAX_LENGTH: that name (dots as CS), the
                            first in class order */
    unsigned label;       /* the index of its first label that does not stay grouped */
    uint8_t shown[IBIDI_RFC5893_VERIFY_MAX_LENGTH]; /* its display alone in the
                            paragraph: the index in name at each visual position */
    /* Counted on the automaton, per length n (index n - 1), dots included: names that are
     * Bidi domain names legal under §2 (as ibidi_rfc5893_ldh_search counts them), pairs
     * (name, label) of them, and pairs whose label does not stay grouped. */
    unsigned long long names[IBIDI_RFC5893_VERIFY_MAX_LENGTH];
    unsigned long long pairs[IBIDI_RFC5893_VERIFY_MAX_LENGTH];
    unsigned long long broken[IBIDI_RFC5893_VERIFY_MAX_LENGTH];
} ibidi_rfc5893_ldh_proof;

/* The bytes of the work area ibidi_rfc5893_ldh_prove needs. */
IBIDI_API size_t ibidi_rfc5893_ldh_prove_work_size(void);

/*
 * Builds the automaton of names for a paragraph of direction dir and decides the
 * guarantee of RFC 5893 §2 (the reading of ibidi_rfc5893_ldh_search) for every length
 * into *res. work: ibidi_rfc5893_ldh_prove_work_size() bytes, any alignment. Nothing is
 * allocated; thread-safe.
 * Errors: IBIDI_E_INVALID_ARGUMENT (a NULL, dir not LTR or RTL), IBIDI_E_BUFFER_TOO_SMALL
 * (work_size too small: value the size needed; or more states or transitions than the
 * work area holds: value 0).
 */
IBIDI_API ibidi_status ibidi_rfc5893_ldh_prove(ibidi_dir dir, void *work, size_t work_size,
                                               ibidi_rfc5893_ldh_proof *res,
                                               ibidi_error *err);

/* Badami's ambiguities for names of every length: two different names shown alike in a
 * paragraph (as rendered: a mark with its base), and at one place of the display
 *   a digit EN in one and AN (W2) in the other: number type ambiguity ("it is not
 *   possible to determine from display order whether characters of type EN actually parse
 *   as european or arabic numbers"), and of those, with a separator that joins a number
 *   (W4) in one and not in the other;
 *   a separator (ES, or CS: the dots) that joins a number in one and not in the other:
 *   number separator ambiguity.
 * Decided by a pair automaton over the automaton of the legal names (src/ambiguity/names.c,
 * src/ambiguity/pairs.c). */
typedef struct ibidi_rfc5893_badami_options {
    ibidi_dir dir; /* the paragraph: IBIDI_DIR_LTR or IBIDI_DIR_RTL */
    unsigned mode; /* 0: names under RFC 5893, as the verifier's Badami space (labels of
                      a Bidi domain name pass the rule or are LDH labels, no digit-first
                      label after an RTL label, the hyphen rule), any number of labels;
                      1: no rule (labels not empty, no mark first): a space where the
                      ambiguities occur, to show what the automaton finds */
} ibidi_rfc5893_badami_options;

typedef struct ibidi_rfc5893_badami_proof {
    int holds;          /* 1: no two names of any length show alike with a digit EN in
                           one and AN in the other, nor with a separator joined in one
                           and not in the other */
    unsigned undecided; /* 1: a level pattern the reading of displays does not cover
                           (holds is then 0) */
    int number_type_holds; /* 1: no pair with a digit EN in one and AN in the other */
    int separator_holds;   /* 1: no pair with a separator joined in one only */
    unsigned shortest;     /* the length of the shortest pair of either kind; 0: none */
    size_t name_states;      /* the automaton of names */
    size_t levelled_states;  /* names with their levels and number types, minimal */
    size_t transformations;  /* of the runs read back to front */
    size_t display_states;   /* the displays with levels and types: as built ... */
    size_t display_minimal;  /* ... and minimal */
    size_t states;           /* the pair automaton */
    /* per length n (index n - 1, dots included): legal names; pairs of different names
     * shown alike; of them, with a digit EN in one and AN in the other; of those, with a
     * separator joined in one and not the other; pairs with a separator joined in one
     * and not the other (with or without a digit) */
    unsigned long long names[IBIDI_RFC5893_VERIFY_MAX_LENGTH];
    unsigned long long alike[IBIDI_RFC5893_VERIFY_MAX_LENGTH];
    unsigned long long digit[IBIDI_RFC5893_VERIFY_MAX_LENGTH];
    unsigned long long number_type[IBIDI_RFC5893_VERIFY_MAX_LENGTH];
    unsigned long long separator[IBIDI_RFC5893_VERIFY_MAX_LENGTH];
    /* the shortest pair of each kind (dots as CS; n = 0: none), x first in class order */
    ibidi_rfc5893_verify_label alike_x, alike_y, digit_x, digit_y, separator_x, separator_y;
    /* each pair above run again through the library's UBA (as the verifier's enumeration
     * compares names): shown alike, with what it is reported for (1), and the display of
     * the digit and separator pairs (the index in x at each visual position) */
    int confirmed;
    uint8_t digit_shown[IBIDI_RFC5893_VERIFY_MAX_LENGTH];
    uint8_t separator_shown[IBIDI_RFC5893_VERIFY_MAX_LENGTH];
} ibidi_rfc5893_badami_proof;

/* The bytes of the work area ibidi_rfc5893_prove_badami needs (about 1.6 GB: the
 * displays of names in a left-to-right paragraph are read as millions of states before
 * they are made minimal). */
IBIDI_API size_t ibidi_rfc5893_prove_badami_work_size(void);

/*
 * Decides Badami's ambiguities for names of every length into *res. work:
 * ibidi_rfc5893_prove_badami_work_size() bytes, any alignment. Nothing is allocated;
 * thread-safe.
 * Errors: IBIDI_E_INVALID_ARGUMENT (a NULL, an unknown mode or direction),
 * IBIDI_E_BUFFER_TOO_SMALL (work_size too small: value the size needed; or an automaton
 * over its bound: value that bound).
 */
IBIDI_API ibidi_status ibidi_rfc5893_prove_badami(const ibidi_rfc5893_badami_options *opts,
                                                  void *work, size_t work_size,
                                                  ibidi_rfc5893_badami_proof *res,
                                                  ibidi_error *err);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_RFC5893_H */
