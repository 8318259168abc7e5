/*
 * ibidi/unicode.h: Unicode 17.0.0 character properties (ibidi_unicode_*). Strict UTF-8 is
 * in ibidi/utf8.h, normalization in ibidi/normalize.h.
 *
 * Names. Every name of this header starts with ibidi_unicode_ / IBIDI_UNICODE_, as every
 * name of ibidi starts with its header's. The constants of property values add the UCD's
 * short alias of the property and of the value (PropertyAliases.txt,
 * PropertyValueAliases.txt): IBIDI_UNICODE_BC_AL for Bidi_Class=Arabic_Letter,
 * IBIDI_UNICODE_GC_LU, IBIDI_UNICODE_BPT_OPEN, IBIDI_UNICODE_JT_D,
 * IBIDI_UNICODE_DT_CANONICAL, IBIDI_UNICODE_SC_ARAB, so that they read as the standard
 * writes them (as ICU's U_BPT_OPEN and FriBidi's FRIBIDI_TYPE_AL do). The type of each
 * property's values takes the same alias: ibidi_unicode_bc holds IBIDI_UNICODE_BC_*,
 * ibidi_unicode_gc IBIDI_UNICODE_GC_*, ibidi_unicode_bpt IBIDI_UNICODE_BPT_*,
 * ibidi_unicode_jt IBIDI_UNICODE_JT_*, ibidi_unicode_dt IBIDI_UNICODE_DT_*, ibidi_unicode_sc
 * IBIDI_UNICODE_SC_*; the property's full name is the lookup's (ibidi_unicode_bidi_class
 * returns an ibidi_unicode_bc). UTS #46's columns, which are not UCD properties:
 * ibidi_unicode_uts46 holds IBIDI_UNICODE_UTS46_*, ibidi_unicode_idna2008
 * IBIDI_UNICODE_UTS46_IDNA2008_*.
 *
 * Property lookups take any uint32_t; values above 10FFFF and surrogates get the
 * properties the UCD gives unassigned or surrogate code points (no undefined
 * behaviour). Every lookup is a constant-time multi-stage table access.
 *
 * Stack: IBIDI_UNICODE_STACK at most for every function here (normalization, whatever the
 * input's length, the most; ibidi_normalize_utf8_alloc adds malloc's).
 */
#ifndef IBIDI_UNICODE_H
#define IBIDI_UNICODE_H

#include "common.h"
#include "unicode_scripts.h" /* generated: ibidi_unicode_sc values IBIDI_UNICODE_SC_* */

#ifdef __cplusplus
extern "C" {
#endif

/* Bidi_Class (UAX #9 Table 4). Values are stable. */
typedef enum ibidi_unicode_bc {
    IBIDI_UNICODE_BC_L = 0,
    IBIDI_UNICODE_BC_R = 1,
    IBIDI_UNICODE_BC_AL = 2,
    IBIDI_UNICODE_BC_EN = 3,
    IBIDI_UNICODE_BC_ES = 4,
    IBIDI_UNICODE_BC_ET = 5,
    IBIDI_UNICODE_BC_AN = 6,
    IBIDI_UNICODE_BC_CS = 7,
    IBIDI_UNICODE_BC_NSM = 8,
    IBIDI_UNICODE_BC_BN = 9,
    IBIDI_UNICODE_BC_B = 10,
    IBIDI_UNICODE_BC_S = 11,
    IBIDI_UNICODE_BC_WS = 12,
    IBIDI_UNICODE_BC_ON = 13,
    IBIDI_UNICODE_BC_LRE = 14,
    IBIDI_UNICODE_BC_LRO = 15,
    IBIDI_UNICODE_BC_RLE = 16,
    IBIDI_UNICODE_BC_RLO = 17,
    IBIDI_UNICODE_BC_PDF = 18,
    IBIDI_UNICODE_BC_LRI = 19,
    IBIDI_UNICODE_BC_RLI = 20,
    IBIDI_UNICODE_BC_FSI = 21,
    IBIDI_UNICODE_BC_PDI = 22,
    IBIDI_UNICODE_BC_COUNT = 23
} ibidi_unicode_bc;

/* General_Category. Values are stable. */
typedef enum ibidi_unicode_gc {
    IBIDI_UNICODE_GC_LU = 0,
    IBIDI_UNICODE_GC_LL,
    IBIDI_UNICODE_GC_LT,
    IBIDI_UNICODE_GC_LM,
    IBIDI_UNICODE_GC_LO,
    IBIDI_UNICODE_GC_MN,
    IBIDI_UNICODE_GC_MC,
    IBIDI_UNICODE_GC_ME,
    IBIDI_UNICODE_GC_ND,
    IBIDI_UNICODE_GC_NL,
    IBIDI_UNICODE_GC_NO,
    IBIDI_UNICODE_GC_PC,
    IBIDI_UNICODE_GC_PD,
    IBIDI_UNICODE_GC_PS,
    IBIDI_UNICODE_GC_PE,
    IBIDI_UNICODE_GC_PI,
    IBIDI_UNICODE_GC_PF,
    IBIDI_UNICODE_GC_PO,
    IBIDI_UNICODE_GC_SM,
    IBIDI_UNICODE_GC_SC,
    IBIDI_UNICODE_GC_SK,
    IBIDI_UNICODE_GC_SO,
    IBIDI_UNICODE_GC_ZS,
    IBIDI_UNICODE_GC_ZL,
    IBIDI_UNICODE_GC_ZP,
    IBIDI_UNICODE_GC_CC,
    IBIDI_UNICODE_GC_CF,
    IBIDI_UNICODE_GC_CS,
    IBIDI_UNICODE_GC_CO,
    IBIDI_UNICODE_GC_CN,
    IBIDI_UNICODE_GC_COUNT
} ibidi_unicode_gc;

/* Bidi_Paired_Bracket_Type. */
typedef enum ibidi_unicode_bpt {
    IBIDI_UNICODE_BPT_NONE = 0,
    IBIDI_UNICODE_BPT_OPEN = 1,
    IBIDI_UNICODE_BPT_CLOSE = 2
} ibidi_unicode_bpt;

/* Joining_Type (ArabicShaping.txt, derived: T for unlisted Mn, Me, Cf; else U). */
typedef enum ibidi_unicode_jt {
    IBIDI_UNICODE_JT_U = 0,
    IBIDI_UNICODE_JT_C = 1,
    IBIDI_UNICODE_JT_D = 2,
    IBIDI_UNICODE_JT_L = 3,
    IBIDI_UNICODE_JT_R = 4,
    IBIDI_UNICODE_JT_T = 5
} ibidi_unicode_jt;

/* Decomposition_Type. CANONICAL is the only canonical one; all others are compatibility tags. */
typedef enum ibidi_unicode_dt {
    IBIDI_UNICODE_DT_NONE = 0,
    IBIDI_UNICODE_DT_CANONICAL,
    IBIDI_UNICODE_DT_COMPAT,
    IBIDI_UNICODE_DT_FONT,
    IBIDI_UNICODE_DT_NOBREAK,
    IBIDI_UNICODE_DT_INITIAL,
    IBIDI_UNICODE_DT_MEDIAL,
    IBIDI_UNICODE_DT_FINAL,
    IBIDI_UNICODE_DT_ISOLATED,
    IBIDI_UNICODE_DT_CIRCLE,
    IBIDI_UNICODE_DT_SUPER,
    IBIDI_UNICODE_DT_SUB,
    IBIDI_UNICODE_DT_VERTICAL,
    IBIDI_UNICODE_DT_WIDE,
    IBIDI_UNICODE_DT_NARROW,
    IBIDI_UNICODE_DT_SMALL,
    IBIDI_UNICODE_DT_SQUARE,
    IBIDI_UNICODE_DT_FRACTION,
    IBIDI_UNICODE_DT_COUNT
} ibidi_unicode_dt;

/* UTS #46 IdnaMappingTable.txt status. */
typedef enum ibidi_unicode_uts46 {
    IBIDI_UNICODE_UTS46_VALID = 0, IBIDI_UNICODE_UTS46_IGNORED = 1,
    IBIDI_UNICODE_UTS46_MAPPED = 2, IBIDI_UNICODE_UTS46_DEVIATION = 3,
    IBIDI_UNICODE_UTS46_DISALLOWED = 4
} ibidi_unicode_uts46;

/* The IDNA2008 status column of IdnaMappingTable.txt for valid code points. */
typedef enum ibidi_unicode_idna2008 {
    IBIDI_UNICODE_UTS46_IDNA2008_NONE = 0, /* no column: allowed by IDNA2008 or not valid at
                                              all */
    IBIDI_UNICODE_UTS46_IDNA2008_NV8 = 1,  /* valid in UTS #46 but excluded by IDNA2008 */
    IBIDI_UNICODE_UTS46_IDNA2008_XV8 = 2   /* valid in UTS #46, excluded by IDNA2008 for
                                              this version only */
} ibidi_unicode_idna2008;

/* Longest value any *_mapping / *_decomposition call below can produce (code points). */
#define IBIDI_UNICODE_MAX_DECOMPOSITION 18
#define IBIDI_UNICODE_MAX_UTS46_MAPPING 18
/* Longest character name, in bytes, without a terminator. */
#define IBIDI_UNICODE_MAX_NAME 128

/* Worst-case stack of every function of this header, in bytes (gcc -O2, x86-64). */
#define IBIDI_UNICODE_STACK 2048

IBIDI_API ibidi_unicode_bc ibidi_unicode_bidi_class(uint32_t cp);
IBIDI_API ibidi_unicode_gc ibidi_unicode_general_category(uint32_t cp);
IBIDI_API uint8_t ibidi_unicode_combining_class(uint32_t cp);
IBIDI_API int ibidi_unicode_bidi_mirrored(uint32_t cp); /* Bidi_Mirrored: 1 or 0 */
/* Bidi_Mirroring_Glyph; cp if none */
IBIDI_API uint32_t ibidi_unicode_mirroring_glyph(uint32_t cp);
IBIDI_API ibidi_unicode_bpt ibidi_unicode_bracket_type(uint32_t cp);
/* Bidi_Paired_Bracket; cp if none */
IBIDI_API uint32_t ibidi_unicode_paired_bracket(uint32_t cp);
IBIDI_API ibidi_unicode_sc ibidi_unicode_script(uint32_t cp);
/* Script_Extensions: writes up to cap scripts, returns how many there are (>= 1). */
IBIDI_API size_t ibidi_unicode_script_extensions(uint32_t cp, ibidi_unicode_sc *out,
                                                 size_t cap);
IBIDI_API ibidi_unicode_jt ibidi_unicode_joining_type(uint32_t cp);
IBIDI_API int ibidi_unicode_default_ignorable(uint32_t cp); /* Default_Ignorable_Code_Point */
IBIDI_API int ibidi_unicode_noncharacter(uint32_t cp);      /* Noncharacter_Code_Point */
/* Bidi_Control (PropList.txt): ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI,
 * the bidi formatting characters that RFC 3987 §4.1 forbids in IRIs. */
IBIDI_API int ibidi_unicode_bidi_control(uint32_t cp);
IBIDI_API int ibidi_unicode_assigned(uint32_t cp);          /* General_Category != Cn */
/* Decomposition_Mapping as in UnicodeData.txt field 5 (one level, not recursive; Hangul
 * syllables by the algorithm of §3.12). Writes up to cap code points, returns the mapping's
 * length, 0 when the code point has none; *type (may be NULL) gets its Decomposition_Type. */
IBIDI_API size_t ibidi_unicode_decomposition(uint32_t cp, uint32_t *out, size_t cap,
                                             ibidi_unicode_dt *type);
/* Canonical composition of the pair (a, b): the primary composite, or 0 when there is none
 * (composition exclusions and Hangul handled as in UAX #15). */
IBIDI_API uint32_t ibidi_unicode_compose(uint32_t a, uint32_t b);
IBIDI_API ibidi_unicode_uts46 ibidi_unicode_uts46_status(uint32_t cp);
/* The UTS #46 mapping of a mapped or deviation code point: writes up to cap code points,
 * returns the mapping's length (0 for ignored, valid, disallowed and the deviations that
 * map to nothing). */
IBIDI_API size_t ibidi_unicode_uts46_mapping(uint32_t cp, uint32_t *out, size_t cap);
IBIDI_API ibidi_unicode_idna2008 ibidi_unicode_uts46_idna2008(uint32_t cp);
/* The Name property (DerivedName.txt; Hangul and ideograph names by rule). Writes up to cap
 * bytes (no terminator), returns the name's length, 0 when the code point has no name
 * (controls, unassigned, private use, surrogates, noncharacters). */
IBIDI_API size_t ibidi_unicode_name(uint32_t cp, char *out, size_t cap);

/* Short value names as in PropertyValueAliases.txt ("AL", "Lu", "Arab", "D", "R"...);
 * NULL for a value outside the enumeration. */
IBIDI_API const char *ibidi_unicode_bidi_class_name(ibidi_unicode_bc bc);
IBIDI_API const char *ibidi_unicode_gc_name(ibidi_unicode_gc gc);
IBIDI_API const char *ibidi_unicode_script_name(ibidi_unicode_sc sc);      /* short: "Arab" */
IBIDI_API const char *ibidi_unicode_script_long_name(ibidi_unicode_sc sc); /* long: "Arabic" */
IBIDI_API const char *ibidi_unicode_joining_type_name(ibidi_unicode_jt jt);
/* "n", "o", "c" */
IBIDI_API const char *ibidi_unicode_bracket_type_name(ibidi_unicode_bpt bpt);
/* "can", "font"... */
IBIDI_API const char *ibidi_unicode_decomposition_type_name(ibidi_unicode_dt dt);
/* "valid", "mapped"... */
IBIDI_API const char *ibidi_unicode_uts46_status_name(ibidi_unicode_uts46 st);
/* Reverse lookups by short or long name (exact, case-sensitive); -1 when unknown. */
IBIDI_API int ibidi_unicode_bidi_class_from_name(const char *name, size_t len);
IBIDI_API int ibidi_unicode_script_from_name(const char *name, size_t len);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_UNICODE_H */
