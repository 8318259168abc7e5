/*
 * ibidi/confusable.h: look-alikes beyond bidi, as UTS #39 (Unicode Security Mechanisms)
 * §4 defines them, with the Unicode 17.0.0 data (data/ucd/17.0.0/security):
 *
 *   - skeleton(X): X in NFD, its Default_Ignorable_Code_Point characters removed, each
 *     character replaced by its prototype (confusables.txt), then NFD again. Two strings
 *     are confusable when their skeletons are equal (pаypal and paypal, with U+0430).
 *   - bidiSkeleton(dir, X): X laid out as the Unicode Bidirectional Algorithm shows it in a
 *     paragraph of direction dir (UAX #9: levels, L1, L2 in visual order, combining marks
 *     kept after their base as L3 allows, mirrored glyphs at odd levels, L4), then its
 *     skeleton; two strings are bidi-confusable in that direction when these are equal, as
 *     ICU's uspoof_getBidiSkeleton (ICU >= 74) computes them. ססו.com (samekh samekh vav)
 *     shows as וסס.com in a left-to-right paragraph, whose skeleton is loo.com, where its
 *     plain skeleton says ool.com.
 *   - the identifier data of §3.1 (the General Security Profile): Identifier_Status
 *     (IdentifierStatus.txt) and Identifier_Type (IdentifierType.txt) of a code point.
 *
 * Conventions are those of ibidi/common.h: no state, every call thread-safe, no
 * allocation; outputs go to the caller's ibidi_buf (UTF-8) or ibidi_buf32 (code points),
 * whose len gets the size of the whole result, also when it does not fit
 * (IBIDI_E_BUFFER_TOO_SMALL). A combining sequence (a starter and the non-starters after it,
 * in NFD) of more than IBIDI_CONFUSABLE_MAX_SEQUENCE code points is refused
 * (IBIDI_E_TOO_LONG at its start): UAX #15's stream-safe text has at most 31; the bidi
 * skeleton takes at most IBIDI_CONFUSABLE_MAX_BIDI code points (IBIDI_E_TOO_LONG), far
 * above a domain name's 253 bytes. Ill-formed UTF-8 fails with the decoder's status at the
 * offset of the bad byte; code point input with a surrogate or a value above 10FFFF with
 * IBIDI_E_CP_SURROGATE / IBIDI_E_CP_TOO_LARGE at its index.
 *
 * Stack (gcc -O2, x86-64): IBIDI_CONFUSABLE_STACK for every call.
 */
#ifndef IBIDI_CONFUSABLE_H
#define IBIDI_CONFUSABLE_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The longest prototype of one code point, in code points (U+FDFA). */
#define IBIDI_CONFUSABLE_MAX_PROTOTYPE 18
/* The longest combining sequence a skeleton takes (see above). */
#define IBIDI_CONFUSABLE_MAX_SEQUENCE 256
/* The longest text a bidi skeleton takes, in code points. */
#define IBIDI_CONFUSABLE_MAX_BIDI 512
/* Worst-case stack, in bytes, of every call of this header. */
#define IBIDI_CONFUSABLE_STACK 24576

/* Identifier_Type values (UTS #39 §3.1, Table 1), as bits: a code point may have several.
 * A code point IdentifierType.txt does not list is Not_Character. */
typedef enum ibidi_confusable_type {
    IBIDI_CONFUSABLE_TYPE_NOT_CHARACTER = 1u << 0,
    IBIDI_CONFUSABLE_TYPE_DEPRECATED = 1u << 1,
    IBIDI_CONFUSABLE_TYPE_DEFAULT_IGNORABLE = 1u << 2,
    IBIDI_CONFUSABLE_TYPE_NOT_NFKC = 1u << 3,
    IBIDI_CONFUSABLE_TYPE_NOT_XID = 1u << 4,
    IBIDI_CONFUSABLE_TYPE_EXCLUSION = 1u << 5,
    IBIDI_CONFUSABLE_TYPE_OBSOLETE = 1u << 6,
    IBIDI_CONFUSABLE_TYPE_TECHNICAL = 1u << 7,
    IBIDI_CONFUSABLE_TYPE_UNCOMMON_USE = 1u << 8,
    IBIDI_CONFUSABLE_TYPE_LIMITED_USE = 1u << 9,
    IBIDI_CONFUSABLE_TYPE_INCLUSION = 1u << 10,
    IBIDI_CONFUSABLE_TYPE_RECOMMENDED = 1u << 11
} ibidi_confusable_type;

/* The Identifier_Type bits of cp (IBIDI_CONFUSABLE_TYPE_*; Not_Character above 10FFFF). */
IBIDI_API unsigned ibidi_confusable_identifier_type(uint32_t cp);

/* 1 when cp's Identifier_Status is Allowed (the General Security Profile keeps it in
 * identifiers), 0 when it is Restricted (the default). */
IBIDI_API int ibidi_confusable_identifier_allowed(uint32_t cp);

/* The name of one Identifier_Type bit ("Recommended", "Limited_Use"...), NULL for another
 * value. */
IBIDI_API const char *ibidi_confusable_type_name(unsigned type);

/* cp's prototype in confusables.txt, in NFD, into out (cap code points at most); returns
 * its length, 0 when cp has none (it is its own prototype). At most
 * IBIDI_CONFUSABLE_MAX_PROTOTYPE. */
IBIDI_API size_t ibidi_confusable_prototype(uint32_t cp, uint32_t *out, size_t cap);

/* cp's confusable set: the code points that share its prototype (cp among them, and the
 * prototype when it is one code point), in code point order, into out (cap at most);
 * returns their number, 0 when cp is confusable with nothing. */
IBIDI_API size_t ibidi_confusable_set(uint32_t cp, uint32_t *out, size_t cap);

/* The codes of the findings of ibidi_confusable_check_utf8 (ibidi_finding.code; common.h:
 * 701-749 are look-alikes'). All are warnings: a look-alike is a fact for whoever shows or
 * registers the name to weigh, not a rule of the name's validity. */
typedef enum ibidi_confusable_code {
    /* UTS #39 §3.1: a character the General Security Profile restricts (Identifier_Status
     * Restricted); detail: its Identifier_Type bits. */
    IBIDI_CONFUSABLE_RESTRICTED_CHARACTER = 701,
    /* UTS #39 §4: in a label of more than one script, a character outside the label's main
     * script (the one most of its characters have) that looks like a character of it
     * (pаypal: U+0430 CYRILLIC SMALL LETTER A looks like a); cp: the character, detail:
     * its look-alike. */
    IBIDI_CONFUSABLE_MIXED_SCRIPT_CONFUSABLE = 702,
    /* UTS #39 §4: a label of one script every character of which looks like a character of
     * one other Recommended script (UAX #31 Table 5): the label is a whole-script
     * confusable of a label of that script (ססו: Latin loo read right to left); the whole
     * label; detail: that script (ibidi_unicode_sc). */
    IBIDI_CONFUSABLE_WHOLE_SCRIPT_CONFUSABLE = 703
} ibidi_confusable_code;

/* The longest label the script checks take, in code points (a U-label holds at most 59;
 * a longer label gets only the IBIDI_CONFUSABLE_RESTRICTED_CHARACTER findings). */
#define IBIDI_CONFUSABLE_MAX_LABEL 256

/* The look-alike findings of a domain name (UTF-8, labels separated by "."), label by
 * label, into findings (ibidi/common.h's record; may be NULL: only counted); offsets and
 * lengths in bytes of name, part the label. Ill-formed UTF-8 is an error at its byte. */
IBIDI_API ibidi_status ibidi_confusable_check_utf8(const char *name, size_t len,
                                                   ibidi_findings *findings,
                                                   ibidi_error *err);

/* skeleton(X) (UTS #39 §4) of UTF-8 text into out (UTF-8), or of code points into out
 * (code points). */
IBIDI_API ibidi_status ibidi_confusable_skeleton_utf8(const char *s, size_t len, ibidi_buf *out,
                                                      ibidi_error *err);
IBIDI_API ibidi_status ibidi_confusable_skeleton_cp(const uint32_t *s, size_t n,
                                                    ibidi_buf32 *out, ibidi_error *err);

/* bidiSkeleton(dir, X) (UTS #39 §4): dir is IBIDI_DIR_LTR or IBIDI_DIR_RTL (another value:
 * IBIDI_E_INVALID_ARGUMENT). */
IBIDI_API ibidi_status ibidi_confusable_bidi_skeleton_utf8(const char *s, size_t len,
                                                           ibidi_dir dir, ibidi_buf *out,
                                                           ibidi_error *err);
IBIDI_API ibidi_status ibidi_confusable_bidi_skeleton_cp(const uint32_t *s, size_t n,
                                                         ibidi_dir dir, ibidi_buf32 *out,
                                                         ibidi_error *err);

/* ---- Look-alike forms -------------------------------------------------------------- */

/* The most glyphs a look-alike form may change. */
#define IBIDI_CONFUSABLE_MAX_CHANGES 16

/* One look-alike form of ibidi_confusable_forms_utf8: the text in logical order, and the
 * glyphs that changed, in the visual order of the display: the input shows from[i] where
 * the form shows to[i]. */
typedef struct ibidi_confusable_form {
    const char *text; /* UTF-8, not NUL-terminated; valid during the callback only */
    size_t len;
    const uint32_t *from, *to; /* n_changes each: the input's glyph, the form's */
    size_t n_changes;
} ibidi_confusable_form;

/* Receives one form; returns 0 to go on, non-zero to stop. */
typedef int (*ibidi_confusable_form_fn)(const ibidi_confusable_form *form, void *ctx);

/* ibidi_confusable_forms_options.flags: replacements that are IDNA2008 PVALID (RFC 5892):
 * the forms of a domain name that a registry could hold (no capital I for l). */
#define IBIDI_CONFUSABLE_FORMS_PVALID 0x1u

/* How ibidi_confusable_forms_utf8 runs (a zero-initialised record: the defaults). */
typedef struct ibidi_confusable_forms_options {
    ibidi_dir context;     /* the paragraph: IBIDI_DIR_LTR (0) or IBIDI_DIR_RTL */
    unsigned flags;        /* IBIDI_CONFUSABLE_FORMS_* */
    size_t max_changes;    /* glyphs replaced at most (0: 1; at most
                              IBIDI_CONFUSABLE_MAX_CHANGES) */
    size_t max_candidates; /* the bound of the searches, over all of them (0:
                              IBIDI_AMBIGUITY_DEFAULT_CANDIDATES, SIZE_MAX: none) */
    ibidi_confusable_form_fn fn; /* NULL: the forms are only counted */
    void *ctx;
} ibidi_confusable_forms_options;

typedef struct ibidi_confusable_forms_stats {
    size_t displays;   /* glyph sequences searched (the input's display, changed) */
    size_t candidates; /* texts run forward through the UBA */
    size_t forms;      /* forms passed to the callback */
    int truncated;     /* 1 when max_candidates cut the search: more forms may exist */
    int stopped;       /* 1 when the callback stopped it */
} ibidi_confusable_forms_stats;

/*
 * The look-alike forms of s in a paragraph of direction opts->context: every text other
 * than s and its display twins (ibidi/ambiguity.h) that shows the glyphs of s's display
 * with 1 to opts->max_changes of them replaced, each by a character of its confusable
 * set (UTS #39 §4), so that its bidi skeleton in that direction is s's. ססו.com is a form
 * of loo.com left to right (vav for l, samekh for o: the right-to-left run reverses them).
 * The forms with fewer changes come first; each glyph sequence gets every text that shows
 * it (the twin search, run on it: exact, its marks on the same glyphs as in s), each
 * passed once. A replacement is a character the General Security Profile allows in
 * identifiers (UTS #39 §3.1, Identifier_Status Allowed), its own NFD, a starter, not
 * default-ignorable, not Bidi_Mirrored and not of class BN or NSM, for a glyph with the
 * same properties: the forms' bidi skeletons are then s's by construction (the same
 * prototypes at the same places; tests/test_confusable.c checks it on every form it
 * finds). A name with combining marks gets no forms (L3 would move its marks with the
 * levels of the replaced glyphs), nor one with a control of class BN that is not
 * default-ignorable (the search sets it aside and puts it back, the skeleton keeps it). The searches together run at most opts->max_candidates
 * candidates forward (stats->truncated when they are cut). Errors: as
 * ibidi_ambiguity_twins_utf8 (IBIDI_E_AMBIG_CONTROL, IBIDI_E_TWINS_TOO_LONG above
 * IBIDI_AMBIGUITY_TWINS_MAX code points, the decoder's statuses), and
 * IBIDI_E_INVALID_ARGUMENT for another context, unknown flags or more than
 * IBIDI_CONFUSABLE_MAX_CHANGES changes. No allocation.
 * Stack: IBIDI_CONFUSABLE_FORMS_STACK, and the callback's own below it.
 */
#define IBIDI_CONFUSABLE_FORMS_STACK 30720
IBIDI_API ibidi_status ibidi_confusable_forms_utf8(const char *s, size_t len,
                                                   const ibidi_confusable_forms_options *opts,
                                                   ibidi_confusable_forms_stats *stats,
                                                   ibidi_error *err);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_CONFUSABLE_H */
