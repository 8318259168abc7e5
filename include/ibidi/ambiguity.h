/*
 * ibidi/ambiguity.h: when two logically different identifiers look the same on screen.
 *
 *   - Badami's analysis ("Bidirectional ambiguities in Internet identifiers"): label
 *     categories, number embedding level ambiguity, number type ambiguity, number
 *     separator ambiguity (the paper's expressions, Recommendation I), Recommendations II
 *     and III, parent domains and relative names, mail addresses and IRIs; each finding
 *     names the paper's section and gives offsets;
 *   - display twins: every other logical text that displays as the same glyph sequence,
 *     each combining mark drawn on the same glyph, found exactly (each one confirmed by
 *     running the UBA forward) by a bounded search;
 *   - which twins are valid identifiers (ibidi_iri_validate, ibidi/iri.h).
 *
 * The display model is that of ibidi/display.h: IBIDI_DIR_LTR is Badami's standard display
 * model (the identifier alone in a left-to-right embedding), IBIDI_DIR_RTL the identifier
 * as it is in a right-to-left paragraph. Two texts display identically when the UBA gives
 * them the same sequence of glyphs, left to right: code points after L4 (a character at
 * an odd level shows its Bidi_Mirroring_Glyph), where a Bidi_Mirrored character without a
 * mirroring glyph shown at an odd level is a different glyph from the same character at an
 * even level; and when every combining mark is drawn on the same glyph in both. A
 * character of Bidi class NSM attaches to its base, the closest preceding character in
 * logical order that is not NSM (none when only marks precede it: Badami, "Weak type
 * NSM"); each mark must have its base at the same visual position in both texts, or none
 * in both. So R EN NSM and R NSM EN, which both show EN NSM R, are not twins: the mark is
 * on the digit in one and on the letter in the other. (`ibidi verify-rule` reports the
 * code point and the as-rendered readings of RFC 5893 Label Uniqueness apart.)
 *
 * Characters of class BN (ZWNJ and ZWJ, which IDNA2008 allows in context, RFC 5892 A.1 and
 * A.2; the other default ignorables of that class) are set aside, as UAX #9 X9 removes
 * them: they take no glyph position and no part in resolving levels. The analysis works on
 * the text without them and maps every finding back to the input's bytes: a finding on
 * characters ends where its last character ends, one on a label or part covers it whole
 * (set-aside characters at its ends too), cp is the code point at the offset. The twin
 * search finds the twins of the text without them and puts the input's ones back into
 * each twin, between the two code points shown where their neighbours were shown when
 * those are still logically adjacent (else after the one shown where the predecessor
 * was); it never adds or drops one. So texts that differ only in such characters, which
 * this glyph model shows alike (it has no shaping, which joiners change), are not listed
 * as twins of each other. Validity then judges the twin with its joiners: CONTEXTJ makes
 * a ZWNJ or ZWJ invalid in most places, so a twin that carries one into another context
 * may be invalid where the same twin without it would be valid. The bidi formatting
 * characters (Bidi_Control) and classes B and S are still refused.
 *
 * Nothing here allocates but the _alloc calls. The calls take ibidi_ambiguity_options
 * (what the input is, IBIDI_AMBIGUITY_* bits, the paragraph of the twin search, its bound
 * and its callback, the IDNA processing that decides which twins are valid, a work area); a
 * NULL pointer or a zero-initialised record means: decide what the input is, Badami's
 * analysis alone, the standard display model, IBIDI_AMBIGUITY_DEFAULT_CANDIDATES, no
 * callback, the uts46 profile, no work area. The lists of names (`ibidi scan`) are
 * ibidi/scan.h's.
 *
 * Stack (gcc -O2, x86-64; IBIDI_STACK_MAX, ibidi/common.h): IBIDI_AMBIGUITY_STACK at most.
 * The analysis runs on the stack for identifiers of up to 256 bytes (every domain name),
 * in the caller's work area for longer ones (ibidi_ambiguity_work_size); the exact analysis
 * (IBIDI_AMBIGUITY_EXACT) always takes the work area, for the twin search's state and the
 * validation of each twin (IDNA's area among them); the twin search runs on the stack at
 * its bound.
 */
#ifndef IBIDI_AMBIGUITY_H
#define IBIDI_AMBIGUITY_H

#include "common.h"
#include "bidi.h"
#include "idna.h"
#include "iri.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Worst-case stack, in bytes: of every call of this header (the twin search at its bound,
 * the UBA run at each of its leaves included), of ibidi_ambiguity_analyze and _alloc (with or
 * without IBIDI_AMBIGUITY_EXACT, the work area given as it needs), and of the twin search. The
 * label calls take under 1 KiB. */
#define IBIDI_AMBIGUITY_STACK 30720
#define IBIDI_AMBIGUITY_ANALYZE_STACK 16384
#define IBIDI_AMBIGUITY_TWINS_STACK 30720

/* ---- Label categories (Badami, "Number embedding level ambiguity in IDNs") ----------- */

typedef enum ibidi_ambiguity_label_category {
    IBIDI_AMBIGUITY_LABEL_NEUTRAL = 0, /* no strong character (L, R, AL) and no number
                                          (EN, AN) */
    IBIDI_AMBIGUITY_LABEL_NUMBER = 1,  /* no strong character, at least one number character */
    IBIDI_AMBIGUITY_LABEL_LTR = 2,     /* a strong label with L (and so, under IDNA, no R or
                                          AL) */
    IBIDI_AMBIGUITY_LABEL_RTL = 3,     /* a strong label with R or AL (and so no L) */
    IBIDI_AMBIGUITY_LABEL_MIXED = 4    /* both L and R or AL: outside the paper's categories
                                          (the Bidi Rule forbids such labels) */
} ibidi_ambiguity_label_category;

/* Flags or'ed to the category of an LTR label. */
#define IBIDI_AMBIGUITY_LABEL_NUMBER_PREFIX 0x100u /* a number character before the first L */
#define IBIDI_AMBIGUITY_LABEL_NUMBER_SUFFIX 0x200u /* a number character after the last L */
/* The category part of a value from the calls below. */
#define IBIDI_AMBIGUITY_LABEL_CATEGORY(v) ((ibidi_ambiguity_label_category)((v)&0xFFu))

/* The category (with the flags) of a label of code points; values that are not code
 * points count as neutral characters. */
IBIDI_API unsigned ibidi_ambiguity_label_category_cp(const uint32_t *label, size_t n);
/* The same for UTF-8; ill-formed UTF-8 gives the decoder's status with the offset. */
IBIDI_API ibidi_status ibidi_ambiguity_label_category_utf8(const char *label, size_t len,
                                                           unsigned *category, ibidi_error *err);
/* "neutral", "number", "ltr", "rtl", "mixed"; NULL if unknown. */
IBIDI_API const char *ibidi_ambiguity_label_category_name(ibidi_ambiguity_label_category c);
/* A value of ibidi_ambiguity_label_category_cp with its flags, as every output spells it:
 * the name, then "+number-prefix" and "+number-suffix" when set ("ltr+number-suffix");
 * NULL for a value no call gives. A static string. */
IBIDI_API const char *ibidi_ambiguity_label_category_text(unsigned category);

/* ---- Findings ------------------------------------------------------------------------- */

/*
 * The codes of ambiguity findings (ibidi_finding.code, named by ibidi_code_name). Codes
 * 201-213 are Badami's analysis: sufficient conditions and recommendations, computed from
 * the Bidi classes without a search. Codes 220 and up are exact: found by the twin search
 * (IBIDI_AMBIGUITY_EXACT). Values are explicit and never reused (common.h: 201-299 are the
 * ambiguity analysis's).
 *
 * An ambiguity finding is a warning. Its context is the paragraph direction it holds in
 * (IBIDI_DIR_LTR, the standard display model, or IBIDI_DIR_RTL); offset and length (bytes)
 * give the character, label or part concerned; part the component (ibidi_iri_parse) or
 * IBIDI_NO_PART; cp the code point at offset (0 if none); detail, for
 * IBIDI_AMBIGUITY_NUMBER_SEPARATOR, the expression (1-6) that matched.
 */
typedef enum ibidi_ambiguity_code {
    /* "Weak types EN and AN": a number character whose closest preceding and closest
     * following strong characters differ in direction (the ends of the text count as
     * left-to-right): number embedding level ambiguity. One finding per number character. */
    IBIDI_AMBIGUITY_NUMBER_LEVEL = 201,
    /* "Number type ambiguity": whether a digit resolved as a European or an Arabic number
     * (W2), and so where the terminators and separators next to it go (W4, W5), cannot be
     * told from the display. */
    IBIDI_AMBIGUITY_NUMBER_TYPE = 202,
    /* "Number separator ambiguity" and Recommendation I: a label (or, for plain text and
     * IRI components, the text) matches one of the paper's six expressions; `expression`
     * says which (1-6, in the paper's order). */
    IBIDI_AMBIGUITY_NUMBER_SEPARATOR = 203,
    /* "Number embedding level ambiguity in IDNs", case 3: a number label whose closest
     * strong labels differ in direction, not resolved by the number prefix and number
     * suffix exceptions. */
    IBIDI_AMBIGUITY_IDN_NUMBER_LABEL = 204,
    /* Recommendation II (tentative): the top-level label is not a strong label. */
    IBIDI_AMBIGUITY_REC_II = 205,
    /* Recommendation III.1: the closest preceding strong label of a number label, within
     * the domain name, is not an LTR label. */
    IBIDI_AMBIGUITY_REC_III_PRECEDING = 206,
    /* Recommendation III.2: the same for the closest following strong label. */
    IBIDI_AMBIGUITY_REC_III_FOLLOWING = 207,
    /* "Recommendations concerning the use of IDNs": a parent domain (the name without its
     * first labels) cannot be rendered unambiguously although the name itself can;
     * offset and length give the parent. */
    IBIDI_AMBIGUITY_PARENT_DOMAIN = 208,
    /* Same section: a relative name (the name without its last labels) cannot be rendered
     * unambiguously; offset and length give it. */
    IBIDI_AMBIGUITY_RELATIVE_NAME = 209,
    /* Same section: an IRI or mail address contains a domain name that cannot be rendered
     * unambiguously on its own (DEF@123.ABC.com holds 123.ABC.com). */
    IBIDI_AMBIGUITY_CONTAINED_DOMAIN = 210,

    /* Exact: another text displays identically (a twin) and is a valid identifier under
     * the IDNA flags given. */
    IBIDI_AMBIGUITY_VALID_TWIN = 220,
    /* Exact: twins exist, but none of them is a valid identifier (the paper's "resolved by
     * the restrictions within IDNA"). */
    IBIDI_AMBIGUITY_INVALID_TWINS_ONLY = 221,
    /* Exact: an ES or CS character that is part of a number (W4) here shows as a neutral
     * in a twin, or the reverse: number separator ambiguity, found without the paper's
     * expressions. */
    IBIDI_AMBIGUITY_SEPARATOR_TWIN = 222,
    /* Exact, "Bidirectional ambiguity in other internet identifiers": the displayed IRI or
     * mail address does not determine its domain: a valid twin has another host
     * (123@ABC.com and ABC@123.com). */
    IBIDI_AMBIGUITY_DOMAIN_UNDETERMINED = 223,
    /* Exact, "Dealing with bidirectional ambiguity": a valid twin differs only after the
     * authority, so one administration controls both (http://www.ABC.com/123/ABC/ and
     * http://www.ABC.com/ABC/123/). */
    IBIDI_AMBIGUITY_SAME_AUTHORITY = 224,
    /* Exact: the twin search was cut by its bound; more twins may exist. */
    IBIDI_AMBIGUITY_SEARCH_TRUNCATED = 225
} ibidi_ambiguity_code;

/* 1 for the exact codes (220 and up), 0 for Badami's conditions. */
IBIDI_API int ibidi_ambiguity_code_is_exact(ibidi_ambiguity_code code);

/* The longest identifier, in bytes, that ibidi_ambiguity_analyze takes: far beyond a domain
 * name (253 octets) or a mail address (320). */
#define IBIDI_AMBIGUITY_MAX_BYTES 1024

/* Options of the calls (ibidi_ambiguity_options.flags); each call reads those it names and
 * refuses only bits that are none of them. */
#define IBIDI_AMBIGUITY_RTL 0x1u   /* analyse in a right-to-left paragraph too (the findings of
                                      the paper are for the standard display model; the exact
                                      ones are made for each context asked) */
#define IBIDI_AMBIGUITY_EXACT 0x2u /* run the twin search for the exact findings (takes a work
                                      area: ibidi_ambiguity_work_size) */
#define IBIDI_AMBIGUITY_TEXT 0x4u  /* s is plain text: no identifier structure (as is ignored),
                                      only codes 201-203 and the exact VALID_TWIN (any twin
                                      counts), SEPARATOR_TWIN and SEARCH_TRUNCATED */

/* The longest text, in code points, that the twin search takes. */
#define IBIDI_AMBIGUITY_TWINS_MAX 256
/* A bound on the candidates that suits interactive use. */
#define IBIDI_AMBIGUITY_DEFAULT_CANDIDATES 1000000u
/* The analysis's default bound when it validates every twin (IBIDI_AMBIGUITY_EXACT): each
 * candidate then costs a whole IDNA validation besides its layout, 50 to 100 times the
 * search alone (85 us for a name of 60 labels), so that a million would take over a
 * minute; ten thousand keep an analysis near a second, and a search they cut is reported
 * (IBIDI_AMBIGUITY_SEARCH_TRUNCATED). A name with that many candidates has many more twins
 * than any registry would list one by one. */
#define IBIDI_AMBIGUITY_EXACT_DEFAULT_CANDIDATES 10000u

/* Receives one twin of the twin search; returns 0 to go on, non-zero to stop the search. */
typedef int (*ibidi_ambiguity_twin_fn)(const uint32_t *twin, size_t n, void *ctx);
typedef int (*ibidi_ambiguity_twin_utf8_fn)(const char *twin, size_t len, void *ctx);
/* Asked by the twin search every IBIDI_AMBIGUITY_STOP_EVERY steps, twins or not; returns 0
 * to go on, non-zero to abandon the search, which then returns IBIDI_E_INTERRUPTED. A search
 * at its default bound can run seconds between two twins, so a program that must answer a
 * cancel sooner (a database server's statement timeout) checks its flag here. */
typedef int (*ibidi_ambiguity_stop_fn)(void *ctx);
/* The steps (nodes of the search) between two calls of the stop callback: some tens of
 * microseconds of search, so that a stop is seen within a millisecond. */
#define IBIDI_AMBIGUITY_STOP_EVERY 1024u

/* How the calls run. A NULL pointer, or a zero-initialised record, is the default of every
 * field. Each call reads the fields it names and ignores the others, so that one record may
 * serve the analysis and the twin search. The twin search's callback and its context are
 * fields too, so that no call takes more than six parameters. */
typedef struct ibidi_ambiguity_options {
    ibidi_iri_kind as;       /* analysis: what s is (ibidi_iri_parse); 0: decide (AUTO) */
    unsigned flags;          /* IBIDI_AMBIGUITY_* bits (the analysis's; the search refuses
                                only unknown bits) */
    ibidi_dir context;       /* twin search: the paragraph, IBIDI_DIR_LTR (0, the standard
                                display model) or IBIDI_DIR_RTL */
    size_t max_candidates;   /* the twin search's bound (both calls): the candidates run
                                forward at most; 0: IBIDI_AMBIGUITY_DEFAULT_CANDIDATES
                                (IBIDI_AMBIGUITY_EXACT_DEFAULT_CANDIDATES for the analysis
                                with IBIDI_AMBIGUITY_EXACT); SIZE_MAX: no bound */
    ibidi_idna_options idna; /* analysis, IBIDI_AMBIGUITY_EXACT: which twins are valid
                                identifiers (zero: the uts46 profile); its own work area is
                                not used (the analysis's takes its place) */
    void *work;              /* analysis: NULL, or a work area of
                                ibidi_ambiguity_work_size(len, flags) bytes, any alignment */
    size_t work_size;
    ibidi_ambiguity_twin_fn twin_fn;           /* ibidi_ambiguity_twins_cp: receives each
                                                  twin; NULL: the twins are only counted */
    ibidi_ambiguity_twin_utf8_fn twin_utf8_fn; /* ibidi_ambiguity_twins_utf8: the same in
                                                  UTF-8 */
    void *twin_ctx;                            /* twin search: passed to the callbacks */
    ibidi_ambiguity_stop_fn stop_fn;           /* twin search (both calls): asked now and
                                                  then whether to stop; NULL: never */
} ibidi_ambiguity_options;

/* Bytes of the work area that ibidi_ambiguity_analyze needs for len bytes with these flags:
 * 0 up to 256 bytes without IBIDI_AMBIGUITY_EXACT (the stack serves), else the arrays for len
 * bytes (45 a byte) and, with IBIDI_AMBIGUITY_EXACT, the twin search's state, the exact
 * checks' arrays and IDNA's work area for the validation of the twins (about 66 KiB for an
 * identifier of 253 bytes, 100 KiB at IBIDI_AMBIGUITY_MAX_BYTES); SIZE_MAX above
 * IBIDI_AMBIGUITY_MAX_BYTES (refused). */
IBIDI_API size_t ibidi_ambiguity_work_size(size_t len, unsigned flags);

/*
 * Analyses an identifier (parsed as ibidi_iri_parse with opts->as) for bidi ambiguity.
 * opts->idna decides which twins are valid (IBIDI_AMBIGUITY_EXACT), opts->max_candidates
 * bounds the twin search for each context. Findings go to *findings (may be NULL) in order
 * of context, then offset, then code; the first cap are kept, n counts them all (none after
 * an error). Returns IBIDI_OK whatever was found. Errors: IBIDI_E_INVALID_ARGUMENT for
 * unknown flags, kind or IDNA profile; IBIDI_E_AMBIG_TOO_LONG above IBIDI_AMBIGUITY_MAX_BYTES;
 * IBIDI_E_AMBIG_WORK_TOO_SMALL when the input needs a work area (above 256 bytes, or
 * IBIDI_AMBIGUITY_EXACT) and opts->work holds less than ibidi_ambiguity_work_size(len, flags);
 * then, the first from left to right: the decoder's statuses; IBIDI_E_AMBIG_CONTROL for
 * bidi formatting characters or characters of class B or S; then the parser's status
 * when the identifier does not parse; IBIDI_E_TWINS_TOO_LONG with IBIDI_AMBIGUITY_EXACT above
 * IBIDI_AMBIGUITY_TWINS_MAX code points (with the byte offset of the first past them).
 * Stack: IBIDI_AMBIGUITY_ANALYZE_STACK.
 */
IBIDI_API ibidi_status ibidi_ambiguity_analyze(const char *s, size_t len,
                                               const ibidi_ambiguity_options *opts,
                                               ibidi_findings *findings, ibidi_error *err);

/* Allocating convenience: every finding in findings->items, allocated (release with
 * ibidi_findings_free; its cap is ignored), and the work area the input needs allocated for
 * the call when opts gives none (opts->work, when given, must be large enough). After an
 * error findings->items is NULL. */
IBIDI_API ibidi_status ibidi_ambiguity_analyze_alloc(const char *s, size_t len,
                                                     const ibidi_ambiguity_options *opts,
                                                     ibidi_findings *findings,
                                                     ibidi_error *err);

/* ---- Display twins -------------------------------------------------------------------- */

typedef struct ibidi_ambiguity_twin_stats {
    size_t candidates; /* candidate texts run forward through the UBA (those whose marks
                          then differ included) */
    size_t twins;      /* twins passed to the callback */
    int truncated;     /* 1 when max_candidates cut the search: more twins may exist */
    int stopped;       /* 1 when the callback stopped the search */
} ibidi_ambiguity_twin_stats;

/*
 * Every text other than `text` that displays identically to it in a paragraph of
 * direction opts->context (IBIDI_DIR_LTR or IBIDI_DIR_RTL), each passed once to the
 * callback of opts with opts->twin_ctx: opts->twin_fn for ibidi_ambiguity_twins_cp,
 * opts->twin_utf8_fn for ibidi_ambiguity_twins_utf8 (NULL, or opts NULL: the twins are
 * only counted). The search runs over the embedding levels the characters shown could
 * have, undoes L2 and L4 for each choice, and keeps a candidate only when the UBA, run
 * forward on it, gives the same glyphs with exactly the levels chosen (so each twin is
 * found once) and it draws every mark on the same glyph (see the top). It is exact: every
 * twin reported displays identically, and when stats->truncated is 0 every twin was
 * reported. At most opts->max_candidates candidates are run forward (0:
 * IBIDI_AMBIGUITY_DEFAULT_CANDIDATES), and the search takes at most 64 times as many steps
 * plus 256; reaching either bound sets stats->truncated (SIZE_MAX: no bound, and then a
 * long text full of weak characters may take very long). Twins come in a fixed order for
 * a given input. stats may be NULL. Other fields of opts are not read (flags: unknown bits
 * are refused; the other call's callback is ignored). Characters of class BN are set aside
 * and carried into every twin (see the top): "every twin" means every text without them,
 * each reported once with the input's ones put back; IBIDI_AMBIGUITY_TWINS_MAX counts
 * them too.
 * opts->stop_fn, when set, is asked with opts->twin_ctx every IBIDI_AMBIGUITY_STOP_EVERY
 * steps; when it answers non-zero the search ends there and the call returns
 * IBIDI_E_INTERRUPTED, the twins passed so far being only part of them (stats says how far
 * it went).
 * Errors: IBIDI_E_AMBIG_CONTROL (with the index or byte offset), IBIDI_E_TWINS_TOO_LONG,
 * the decoder's statuses, IBIDI_E_CP_SURROGATE / IBIDI_E_CP_TOO_LARGE, and
 * IBIDI_E_INVALID_ARGUMENT for a context other than IBIDI_DIR_LTR and IBIDI_DIR_RTL or
 * unknown flags; IBIDI_E_INTERRUPTED when opts->stop_fn stopped it. Nothing needs a work
 * area.
 * Stack: IBIDI_AMBIGUITY_TWINS_STACK, and the callback's own below it.
 */
IBIDI_API ibidi_status ibidi_ambiguity_twins_cp(const uint32_t *text, size_t n,
                                                const ibidi_ambiguity_options *opts,
                                                ibidi_ambiguity_twin_stats *stats,
                                                ibidi_error *err);
IBIDI_API ibidi_status ibidi_ambiguity_twins_utf8(const char *s, size_t len,
                                                  const ibidi_ambiguity_options *opts,
                                                  ibidi_ambiguity_twin_stats *stats,
                                                  ibidi_error *err);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_AMBIGUITY_H */
