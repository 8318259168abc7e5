/*
 * ibidi/uts39.h: the script policy of a registry (RFC 5894 §3.2 leaves it to registries to
 * restrict the scripts they accept), as UTS #39 (Unicode Security Mechanisms) §5 states
 * it:
 *
 *   - §5.1 and §5.2: the restriction level of a string, from the Script_Extensions of its
 *     characters (ibidi_unicode_script_extensions): ASCII-only, single script, highly,
 *     moderately or minimally restrictive, unrestricted;
 *   - §5.3: mixed numbers, digits (General_Category Nd) of more than one decimal system;
 *   - the check of a domain name label by label against a highest level allowed, with
 *     findings (ibidi_finding, codes IBIDI_UTS39_*).
 *
 * The Identifier Profile. §5.2 returns "unrestricted" for a string with a character outside
 * the Identifier Profile in force. The General Security Profile (UTS #39 §3.1) restricts,
 * among others, every character of a script that UAX #31 Table 5 does not recommend
 * (Identifier_Type Exclusion or Limited_Use); that part is the profile applied here: a
 * character is outside when none of its Script_Extensions is a Recommended script (nor
 * Common or Inherited), unassigned code points (Unknown) included. The other
 * restrictions of IdentifierType.txt (Obsolete, Technical, Uncommon_Use, Not_NFKC...) are
 * not applied: which characters a domain name may hold is IDNA's to say (ibidi/idna.h),
 * and a registry runs both checks.
 *
 * A domain name (the _check calls) is judged label by label: each label is registered on
 * its own, in the zone of its parent, under that zone's policy, and the name's level is
 * that of its most mixed label (pаypal.com: "pаypal" with U+0430 CYRILLIC SMALL LETTER A
 * is minimally restrictive, so the name is; ايران.com is single-script, as both its labels
 * are). IBIDI_UTS39_WHOLE_NAME judges the name as one string instead, as a reader sees it
 * (ايران.com: Arabic with Latin, moderately restrictive); ibidi_uts39_level_utf8 judges
 * any string so.
 *
 * Conventions are those of ibidi/common.h: nothing here allocates but the _alloc call, no
 * state, every call thread-safe; ill-formed UTF-8 fails with the decoder's status and the
 * offset of the bad byte, code point input with a surrogate or a value above 10FFFF with
 * IBIDI_E_CP_SURROGATE / IBIDI_E_CP_TOO_LARGE and its index.
 *
 * Stack (gcc -O2, x86-64): IBIDI_UTS39_STACK for every call, whatever the input's length
 * (the calls hold a few words of state; a finding is written as it is found).
 */
#ifndef IBIDI_UTS39_H
#define IBIDI_UTS39_H

#include "common.h"
#include "unicode.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Worst-case stack, in bytes, of every call of this header (the check's call tree is about
 * 1 KiB, most of it a character's Script_Extensions; the _alloc call adds malloc's). */
#define IBIDI_UTS39_STACK 2048

/* UTS #39 §5.2 restriction levels, from the most restrictive to the least; a string that
 * qualifies for a level qualifies for every later one. The values order them. */
typedef enum ibidi_uts39_level {
    IBIDI_UTS39_NO_LIMIT = 0,               /* options: no highest level (never a result) */
    IBIDI_UTS39_ASCII_ONLY = 1,             /* every character in U+0000..U+007F */
    IBIDI_UTS39_SINGLE_SCRIPT = 2,          /* the resolved script set is not empty (§5.1) */
    IBIDI_UTS39_HIGHLY_RESTRICTIVE = 3,     /* covered by Latin + Han + Hiragana + Katakana,
                                               Latin + Han + Bopomofo, or Latin + Han +
                                               Hangul */
    IBIDI_UTS39_MODERATELY_RESTRICTIVE = 4, /* covered by Latin and one other Recommended
                                               script, not Cyrillic or Greek */
    IBIDI_UTS39_MINIMALLY_RESTRICTIVE = 5,  /* any mixture of Recommended scripts */
    IBIDI_UTS39_UNRESTRICTED = 6            /* a character outside the Identifier Profile
                                               (above: a script not recommended) */
} ibidi_uts39_level;

/* Finding codes (ibidi_finding.code, the range 401..449 of common.h). */
typedef enum ibidi_uts39_code {
    /* UTS #39 §5.2: a label above the highest level allowed (the options' max_level).
     * offset, length and cp: the first character with which the label goes above it;
     * detail: the label's level (ibidi_uts39_level). Always an error. */
    IBIDI_UTS39_RESTRICTION_LEVEL = 401,
    /* UTS #39 §5.3: digits of more than one decimal system in a label. offset, length and
     * cp: the first digit of the second system; detail: the zero of the first system's
     * digits (U+0030 for ASCII). An error when the options set a max_level (a registry's
     * policy), else a warning. */
    IBIDI_UTS39_MIXED_NUMBERS = 402
} ibidi_uts39_code;

/* The level's name: "ascii-only", "single-script", "highly-restrictive",
 * "moderately-restrictive", "minimally-restrictive", "unrestricted"; NULL for any other
 * value (IBIDI_UTS39_NO_LIMIT included). */
IBIDI_API const char *ibidi_uts39_level_name(ibidi_uts39_level level);
/* The level of a name above (exact, case-sensitive); -1 when unknown. */
IBIDI_API int ibidi_uts39_level_from_name(const char *name, size_t len);

/* 1 when sc is in UAX #31 Table 5, Recommended Scripts (Common and Inherited included),
 * else 0. */
IBIDI_API int ibidi_uts39_recommended_script(ibidi_unicode_sc sc);

/* The decimal digit cp stands for (0..9) when its General_Category is Nd, else -1; *zero
 * (may be NULL) gets the zero of its decimal system (cp minus its value: UTS #39 §5.3),
 * or cp itself when it is not a digit. */
IBIDI_API int ibidi_uts39_digit(uint32_t cp, uint32_t *zero);

/* UTS #39 §5.2: the restriction level of a string taken as one identifier (a label, or a
 * whole name as one string). */
IBIDI_API ibidi_status ibidi_uts39_level_cp(const uint32_t *cps, size_t n,
                                            ibidi_uts39_level *level, ibidi_error *err);
IBIDI_API ibidi_status ibidi_uts39_level_utf8(const char *s, size_t len,
                                              ibidi_uts39_level *level, ibidi_error *err);

/* UTS #39 §5.3: does the string hold digits of more than one decimal system? *mixed gets 1
 * or 0; *offset (may be NULL) the first digit of the second system (bytes for UTF-8, index
 * for code points), or the input's length when there is none. */
IBIDI_API ibidi_status ibidi_uts39_mixed_numbers_cp(const uint32_t *cps, size_t n, int *mixed,
                                                    size_t *offset, ibidi_error *err);
IBIDI_API ibidi_status ibidi_uts39_mixed_numbers_utf8(const char *s, size_t len, int *mixed,
                                                      size_t *offset, ibidi_error *err);

/* Judge the name as one string, not label by label. */
#define IBIDI_UTS39_WHOLE_NAME 0x1u

/* A registry's policy. A NULL pointer, or a zero-initialised record: no highest level
 * (the level is computed, MIXED_NUMBERS is a warning), label by label. */
typedef struct ibidi_uts39_options {
    ibidi_uts39_level max_level; /* the highest level allowed, or IBIDI_UTS39_NO_LIMIT */
    unsigned flags;              /* IBIDI_UTS39_WHOLE_NAME */
} ibidi_uts39_options;

/*
 * A domain name under the policy: labels are split at U+002E FULL STOP (the form that
 * ToUnicode gives, ibidi/idna.h; an empty label, as the root label, is ASCII-only). *level
 * (may be NULL) gets the name's level, the highest of its labels'. findings (may be NULL)
 * gets, label by label (part: the label; offsets in the name), RESTRICTION_LEVEL when the
 * label is above opts->max_level, then MIXED_NUMBERS when its digits come from more than
 * one decimal system. Returns IBIDI_OK, or IBIDI_E_UTS39_INVALID when a finding is an
 * error (the error's offset and value: the first one's).
 */
IBIDI_API ibidi_status ibidi_uts39_check_cp(const uint32_t *name, size_t n,
                                            const ibidi_uts39_options *opts,
                                            ibidi_uts39_level *level, ibidi_findings *findings,
                                            ibidi_error *err);
IBIDI_API ibidi_status ibidi_uts39_check_utf8(const char *name, size_t len,
                                              const ibidi_uts39_options *opts,
                                              ibidi_uts39_level *level,
                                              ibidi_findings *findings, ibidi_error *err);
/* ibidi_uts39_check_utf8 with the findings allocated (release with ibidi_findings_free);
 * findings must not be NULL. */
IBIDI_API ibidi_status ibidi_uts39_check_alloc(const char *name, size_t len,
                                               const ibidi_uts39_options *opts,
                                               ibidi_uts39_level *level,
                                               ibidi_findings *findings, ibidi_error *err);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_UTS39_H */
