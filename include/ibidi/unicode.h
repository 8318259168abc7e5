/*
 * ibidi/unicode.h: Unicode 17.0.0 character properties (ibidi_cp_*). Strict UTF-8 is in
 * ibidi/utf8.h, normalization in ibidi/normalize.h. The enumerations of property values
 * take the names of the UCD's properties (ibidi_bidi_class with IBIDI_BC_L..., ibidi_gc,
 * ibidi_script...), as PropertyValueAliases.txt does.
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
#include "unicode_scripts.h" /* generated: ibidi_script values IBIDI_SC_* */

#ifdef __cplusplus
extern "C" {
#endif

/* Bidi_Class (UAX #9 Table 4). Values are stable. */
typedef enum ibidi_bidi_class {
    IBIDI_BC_L = 0, IBIDI_BC_R = 1, IBIDI_BC_AL = 2,
    IBIDI_BC_EN = 3, IBIDI_BC_ES = 4, IBIDI_BC_ET = 5, IBIDI_BC_AN = 6, IBIDI_BC_CS = 7,
    IBIDI_BC_NSM = 8, IBIDI_BC_BN = 9,
    IBIDI_BC_B = 10, IBIDI_BC_S = 11, IBIDI_BC_WS = 12, IBIDI_BC_ON = 13,
    IBIDI_BC_LRE = 14, IBIDI_BC_LRO = 15, IBIDI_BC_RLE = 16, IBIDI_BC_RLO = 17,
    IBIDI_BC_PDF = 18, IBIDI_BC_LRI = 19, IBIDI_BC_RLI = 20, IBIDI_BC_FSI = 21,
    IBIDI_BC_PDI = 22,
    IBIDI_BC_COUNT = 23
} ibidi_bidi_class;

/* General_Category. Values are stable. */
typedef enum ibidi_gc {
    IBIDI_GC_LU = 0, IBIDI_GC_LL, IBIDI_GC_LT, IBIDI_GC_LM, IBIDI_GC_LO,
    IBIDI_GC_MN, IBIDI_GC_MC, IBIDI_GC_ME,
    IBIDI_GC_ND, IBIDI_GC_NL, IBIDI_GC_NO,
    IBIDI_GC_PC, IBIDI_GC_PD, IBIDI_GC_PS, IBIDI_GC_PE, IBIDI_GC_PI, IBIDI_GC_PF, IBIDI_GC_PO,
    IBIDI_GC_SM, IBIDI_GC_SC, IBIDI_GC_SK, IBIDI_GC_SO,
    IBIDI_GC_ZS, IBIDI_GC_ZL, IBIDI_GC_ZP,
    IBIDI_GC_CC, IBIDI_GC_CF, IBIDI_GC_CS, IBIDI_GC_CO, IBIDI_GC_CN,
    IBIDI_GC_COUNT
} ibidi_gc;

/* Bidi_Paired_Bracket_Type. */
typedef enum ibidi_bracket_type {
    IBIDI_BPT_NONE = 0, IBIDI_BPT_OPEN = 1, IBIDI_BPT_CLOSE = 2
} ibidi_bracket_type;

/* Joining_Type (ArabicShaping.txt, derived: T for unlisted Mn, Me, Cf; else U). */
typedef enum ibidi_joining_type {
    IBIDI_JT_U = 0, IBIDI_JT_C = 1, IBIDI_JT_D = 2, IBIDI_JT_L = 3, IBIDI_JT_R = 4, IBIDI_JT_T = 5
} ibidi_joining_type;

/* Decomposition_Type. CANONICAL is the only canonical one; all others are compatibility tags. */
typedef enum ibidi_decomposition_type {
    IBIDI_DT_NONE = 0, IBIDI_DT_CANONICAL, IBIDI_DT_COMPAT, IBIDI_DT_FONT, IBIDI_DT_NOBREAK,
    IBIDI_DT_INITIAL, IBIDI_DT_MEDIAL, IBIDI_DT_FINAL, IBIDI_DT_ISOLATED, IBIDI_DT_CIRCLE,
    IBIDI_DT_SUPER, IBIDI_DT_SUB, IBIDI_DT_VERTICAL, IBIDI_DT_WIDE, IBIDI_DT_NARROW,
    IBIDI_DT_SMALL, IBIDI_DT_SQUARE, IBIDI_DT_FRACTION,
    IBIDI_DT_COUNT
} ibidi_decomposition_type;

/* UTS #46 IdnaMappingTable.txt status. */
typedef enum ibidi_uts46_status {
    IBIDI_UTS46_VALID = 0, IBIDI_UTS46_IGNORED = 1, IBIDI_UTS46_MAPPED = 2,
    IBIDI_UTS46_DEVIATION = 3, IBIDI_UTS46_DISALLOWED = 4
} ibidi_uts46_status;

/* The IDNA2008 status column of IdnaMappingTable.txt for valid code points. */
typedef enum ibidi_uts46_idna2008 {
    IBIDI_UTS46_IDNA2008_NONE = 0, /* no column: allowed by IDNA2008 or not valid at all */
    IBIDI_UTS46_IDNA2008_NV8 = 1,  /* valid in UTS #46 but excluded by IDNA2008 */
    IBIDI_UTS46_IDNA2008_XV8 = 2   /* valid in UTS #46, excluded by IDNA2008 for this
                                      version only */
} ibidi_uts46_idna2008;

/* Longest value any *_mapping / *_decomposition call below can produce (code points). */
#define IBIDI_MAX_DECOMPOSITION 18
#define IBIDI_MAX_UTS46_MAPPING 18
/* Longest character name, in bytes, without a terminator. */
#define IBIDI_MAX_NAME 128

/* Worst-case stack of every function of this header, in bytes (gcc -O2, x86-64). */
#define IBIDI_UNICODE_STACK 2048

IBIDI_API ibidi_bidi_class ibidi_cp_bidi_class(uint32_t cp);
IBIDI_API ibidi_gc ibidi_cp_general_category(uint32_t cp);
IBIDI_API uint8_t ibidi_cp_combining_class(uint32_t cp);
IBIDI_API int ibidi_cp_bidi_mirrored(uint32_t cp);             /* Bidi_Mirrored: 1 or 0 */
/* Bidi_Mirroring_Glyph; cp if none */
IBIDI_API uint32_t ibidi_cp_mirroring_glyph(uint32_t cp);
IBIDI_API ibidi_bracket_type ibidi_cp_bracket_type(uint32_t cp);
IBIDI_API uint32_t ibidi_cp_paired_bracket(uint32_t cp);       /* Bidi_Paired_Bracket; cp if none */
IBIDI_API ibidi_script ibidi_cp_script(uint32_t cp);
/* Script_Extensions: writes up to cap scripts, returns how many there are (>= 1). */
IBIDI_API size_t ibidi_cp_script_extensions(uint32_t cp, ibidi_script *out, size_t cap);
IBIDI_API ibidi_joining_type ibidi_cp_joining_type(uint32_t cp);
IBIDI_API int ibidi_cp_default_ignorable(uint32_t cp);  /* Default_Ignorable_Code_Point */
IBIDI_API int ibidi_cp_noncharacter(uint32_t cp);       /* Noncharacter_Code_Point */
/* Bidi_Control (PropList.txt): ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI,
 * the bidi formatting characters that RFC 3987 §4.1 forbids in IRIs. */
IBIDI_API int ibidi_cp_bidi_control(uint32_t cp);
IBIDI_API int ibidi_cp_assigned(uint32_t cp);           /* General_Category != Cn */
/* Decomposition_Mapping as in UnicodeData.txt field 5 (one level, not recursive; Hangul
 * syllables by the algorithm of §3.12). Writes up to cap code points, returns the mapping's
 * length, 0 when the code point has none; *type (may be NULL) gets its Decomposition_Type. */
IBIDI_API size_t ibidi_cp_decomposition(uint32_t cp, uint32_t *out, size_t cap,
                                        ibidi_decomposition_type *type);
/* Canonical composition of the pair (a, b): the primary composite, or 0 when there is none
 * (composition exclusions and Hangul handled as in UAX #15). */
IBIDI_API uint32_t ibidi_cp_compose(uint32_t a, uint32_t b);
IBIDI_API ibidi_uts46_status ibidi_cp_uts46_status(uint32_t cp);
/* The UTS #46 mapping of a mapped or deviation code point: writes up to cap code points,
 * returns the mapping's length (0 for ignored, valid, disallowed and the deviations that
 * map to nothing). */
IBIDI_API size_t ibidi_cp_uts46_mapping(uint32_t cp, uint32_t *out, size_t cap);
IBIDI_API ibidi_uts46_idna2008 ibidi_cp_uts46_idna2008(uint32_t cp);
/* The Name property (DerivedName.txt; Hangul and ideograph names by rule). Writes up to cap
 * bytes (no terminator), returns the name's length, 0 when the code point has no name
 * (controls, unassigned, private use, surrogates, noncharacters). */
IBIDI_API size_t ibidi_cp_name(uint32_t cp, char *out, size_t cap);

/* Short value names as in PropertyValueAliases.txt ("AL", "Lu", "Arab", "D", "R"...);
 * NULL for a value outside the enumeration. */
IBIDI_API const char *ibidi_cp_bidi_class_name(ibidi_bidi_class bc);
IBIDI_API const char *ibidi_cp_gc_name(ibidi_gc gc);
IBIDI_API const char *ibidi_cp_script_name(ibidi_script sc);      /* short: "Arab" */
IBIDI_API const char *ibidi_cp_script_long_name(ibidi_script sc); /* long: "Arabic" */
IBIDI_API const char *ibidi_cp_joining_type_name(ibidi_joining_type jt);
IBIDI_API const char *ibidi_cp_bracket_type_name(ibidi_bracket_type bpt); /* "n", "o", "c" */
/* "can", "font"... */
IBIDI_API const char *ibidi_cp_decomposition_type_name(ibidi_decomposition_type dt);
IBIDI_API const char *ibidi_cp_uts46_status_name(ibidi_uts46_status st);  /* "valid", "mapped"... */
/* Reverse lookups by short or long name (exact, case-sensitive); -1 when unknown. */
IBIDI_API int ibidi_cp_bidi_class_from_name(const char *name, size_t len);
IBIDI_API int ibidi_cp_script_from_name(const char *name, size_t len);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_UNICODE_H */
