/*
 * ibidi/idna.h: Internationalized Domain Names.
 *
 *   - the RFC 5892 derived property (PVALID, CONTEXTJ, CONTEXTO, DISALLOWED, UNASSIGNED),
 *     computed from the UCD by the rules of RFC 5892 §2-§3;
 *   - the Bidi Rule (RFC 5893 §2), every condition reported on its own, on names and on
 *     strings of Bidi classes;
 *   - the contextual rules of RFC 5892 Appendix A;
 *   - the IDNA2008 protocol (RFC 5891: registration §4, lookup §5);
 *   - UTS #46 processing (ToASCII, ToUnicode) with all of its flags.
 *
 * Punycode (RFC 3492) is in ibidi/punycode.h. Conventions are those of ibidi/common.h.
 * Nothing here allocates but the _alloc calls: outputs go to caller buffers, findings to a
 * caller array. A name may break several rules at once; every broken rule becomes one
 * finding (ibidi_finding, code IBIDI_IDNA_*), and the call's status says whether any
 * finding was an error.
 *
 * Stack: IBIDI_IDNA_STACK at most, ToASCII and ToUnicode on names of up to 253 bytes (and
 * on longer ones given a work area); ibidi_idna_bidi_rule_utf8 about 13 KiB, the other
 * calls under 1 KiB.
 */
#ifndef IBIDI_IDNA_H
#define IBIDI_IDNA_H

#include "common.h"
#include "punycode.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Worst-case stack of any function of this header, in bytes (gcc -O2, x86-64); and of
 * ToASCII and ToUnicode given a work area of ibidi_idna_work_size() bytes, which keeps the
 * fixed area off the stack (so that a caller can run them under other work within
 * IBIDI_STACK_MAX, as the exact ambiguity analysis validates twins). */
#define IBIDI_IDNA_STACK 28672
#define IBIDI_IDNA_WORK_STACK 5120

/* ---- RFC 5892 derived property ------------------------------------------------------ */

typedef enum ibidi_idna_property {
    IBIDI_IDNA_PVALID = 0,
    IBIDI_IDNA_CONTEXTJ = 1,
    IBIDI_IDNA_CONTEXTO = 2,
    IBIDI_IDNA_DISALLOWED = 3,
    IBIDI_IDNA_UNASSIGNED = 4
} ibidi_idna_property;

/* The derived property value of RFC 5892 §3 for Unicode 17.0 (surrogates and values above
 * 10FFFF: DISALLOWED). */
IBIDI_API ibidi_idna_property ibidi_idna_property_of(uint32_t cp);
/* "PVALID", "CONTEXTJ", "CONTEXTO", "DISALLOWED", "UNASSIGNED"; NULL if unknown. */
IBIDI_API const char *ibidi_idna_property_name(ibidi_idna_property p);

/* ---- Findings ------------------------------------------------------------------------ */

/*
 * The codes of IDNA findings (ibidi_finding.code; ibidi_code_name gives "P4", "B1",
 * "A4_2"...). The first group carries the status codes of UTS #46 and IdnaTestV2.txt; the
 * second names the IDNA2008 rules that UTS #46 does not test; the third are warnings, which
 * never make a name invalid (severity IBIDI_SEVERITY_WARNING); the fourth are the URL
 * Standard's checks on a host (IBIDI_IDNA_URL_HOST). Values are explicit and never reused
 * (common.h: 1-99 are IDNA's).
 *
 * An IDNA finding's part is the index of the label in the name, offset where it is in the
 * processed name (the ToUnicode form: bytes for the UTF-8 calls, code points for the code
 * point calls), cp the code point found there (0 if none), bidi_class its Bidi_Class for
 * B1-B6 and the warnings (else -1).
 */
typedef enum ibidi_idna_code {
    IBIDI_IDNA_P1 = 1,   /* UTS #46 §4 step 1: disallowed code point (UseSTD3ASCIIRules) */
    IBIDI_IDNA_P4 = 4,   /* §4 step 4: "xn--" label not ASCII, not valid Punycode, empty
                            or all ASCII after decoding */
    IBIDI_IDNA_V1 = 11,  /* §4.1 criterion 1: label not in NFC */
    IBIDI_IDNA_V2 = 12,  /* criterion 2: "--" in the third and fourth positions */
    IBIDI_IDNA_V3 = 13,  /* criterion 3: label begins or ends with "-" */
    IBIDI_IDNA_V4 = 14,  /* criterion 4: "xn--" label without CheckHyphens / after decoding */
    IBIDI_IDNA_V5 = 15,  /* criterion 5: label contains U+002E FULL STOP */
    IBIDI_IDNA_V6 = 16,  /* criterion 6: label begins with a combining mark (General_Category M) */
    IBIDI_IDNA_V7 = 17,  /* criterion 7: code point not valid (or deviation) in the mapping table */
    IBIDI_IDNA_V8 = 18,  /* reserved by UTS #46 for future criteria */
    IBIDI_IDNA_U1 = 21,  /* UseSTD3ASCIIRules: ASCII other than a-z, 0-9, "-" */
    IBIDI_IDNA_A3 = 33,  /* ToASCII step 3: Punycode encoding failed */
    IBIDI_IDNA_A4_1 = 34, /* ToASCII step 4.1: name longer than 253 octets (or empty) */
    IBIDI_IDNA_A4_2 = 35, /* ToASCII step 4.2: label longer than 63 octets (or empty; the
                             root label of a name ending in a full stop: detail
                             IBIDI_IDNA_ROOT_LABEL) */
    IBIDI_IDNA_B1 = 41,  /* RFC 5893 §2 condition 1 */
    IBIDI_IDNA_B2 = 42,  /* condition 2 */
    IBIDI_IDNA_B3 = 43,  /* condition 3 */
    IBIDI_IDNA_B4 = 44,  /* condition 4 */
    IBIDI_IDNA_B5 = 45,  /* condition 5 */
    IBIDI_IDNA_B6 = 46,  /* condition 6 */
    IBIDI_IDNA_C1 = 51,  /* RFC 5892 A.1 ZERO WIDTH NON-JOINER */
    IBIDI_IDNA_C2 = 52,  /* RFC 5892 A.2 ZERO WIDTH JOINER */
    IBIDI_IDNA_X4_2 = 60, /* ToUnicode: empty label other than the root label (the A4_2
                             of ToASCII, under the same VerifyDnsLength flag) */

    IBIDI_IDNA_O3 = 73,  /* RFC 5892 A.3 MIDDLE DOT */
    IBIDI_IDNA_O4 = 74,  /* A.4 GREEK LOWER NUMERAL SIGN (KERAIA) */
    IBIDI_IDNA_O5 = 75,  /* A.5 HEBREW PUNCTUATION GERESH */
    IBIDI_IDNA_O6 = 76,  /* A.6 HEBREW PUNCTUATION GERSHAYIM */
    IBIDI_IDNA_O7 = 77,  /* A.7 KATAKANA MIDDLE DOT */
    IBIDI_IDNA_O8 = 78,  /* A.8 ARABIC-INDIC DIGITS */
    IBIDI_IDNA_O9 = 79,  /* A.9 EXTENDED ARABIC-INDIC DIGITS */
    IBIDI_IDNA_DISALLOWED_CP = 80, /* RFC 5892: code point DISALLOWED */
    IBIDI_IDNA_UNASSIGNED_CP = 81, /* RFC 5892: code point UNASSIGNED */
    IBIDI_IDNA_NO_CONTEXT_RULE = 82, /* RFC 5891 §4.2.3.3: CONTEXTJ/O without a rule */
    IBIDI_IDNA_FAKE_A_LABEL = 83,  /* RFC 5890 §2.3.2.1, RFC 5891 §5.4: "xn--" label that is
                                      not the A-label of a valid U-label */

    IBIDI_IDNA_DOMAIN_INVALID_CODE_POINT = 84, /* URL Standard, host parser: a forbidden
                                                  domain code point in the result */
    IBIDI_IDNA_EMPTY_HOST = 85, /* URL Standard, domain to ASCII: the result is empty */

    IBIDI_IDNA_W_DIGIT_AFTER_RTL = 90, /* RFC 5893 §2 (end): an LDH label starting with an
                                          ASCII digit follows an RTL label */
    IBIDI_IDNA_W_PER_LABEL_BIDI = 91   /* the name passes the Bidi Rule only when each label
                                          is checked alone (IBIDI_IDNA_BIDI_PER_LABEL) */
} ibidi_idna_code;

/* The detail (ibidi_finding.detail) of an A4_2 finding about the empty root label, the one
 * after the last full stop of "example.com.": VerifyDnsLength rejects it (UTS #46 §4.2 step
 * 4.2); the other empty labels have detail 0. */
#define IBIDI_IDNA_ROOT_LABEL 1

/* ---- Processing options -------------------------------------------------------------- */

#define IBIDI_IDNA_CHECK_HYPHENS 0x001u      /* UTS #46 CheckHyphens */
#define IBIDI_IDNA_CHECK_BIDI 0x002u         /* UTS #46 CheckBidi (RFC 5893) */
#define IBIDI_IDNA_CHECK_JOINERS 0x004u      /* UTS #46 CheckJoiners (RFC 5892 A.1, A.2) */
#define IBIDI_IDNA_USE_STD3_RULES 0x008u     /* UTS #46 UseSTD3ASCIIRules */
#define IBIDI_IDNA_VERIFY_DNS_LENGTH 0x010u  /* UTS #46 VerifyDnsLength */
#define IBIDI_IDNA_TRANSITIONAL 0x020u       /* UTS #46 Transitional_Processing (deprecated) */
#define IBIDI_IDNA_IGNORE_INVALID_PUNYCODE 0x040u /* UTS #46 IgnoreInvalidPunycode */
/* Apply the Bidi Rule to each label on its own instead of to every label of a Bidi domain
 * name (RFC 5893 §2 says: every label). Lets 123.ABC.com and ABC.123.com through, which
 * both display as 123.CBA.com; a W_PER_LABEL_BIDI warning says so. */
#define IBIDI_IDNA_BIDI_PER_LABEL 0x080u
/* IDNA2008 proper instead of UTS #46: no mapping, validity by the RFC 5892 derived
 * property, contextual rules of RFC 5892 Appendix A, RFC 5891 §5 (lookup) or §4
 * (registration). */
#define IBIDI_IDNA_2008_LOOKUP 0x100u
#define IBIDI_IDNA_2008_REGISTER 0x200u
/*
 * The URL Standard's "domain to ASCII" with beStrict false, and the host parser's checks on
 * its result; with UTS #46 processing (ignored with the IBIDI_IDNA_2008_* flags), and in
 * ToASCII only:
 *   - a name of ASCII code points only is lowercased and not otherwise processed: the URL
 *     Standard returns it whatever UTS #46 ToASCII says (browsers accept "xn--" labels that
 *     UTS #46 rejects, such as "xn--a"), so none of the UTS #46 findings is made on it;
 *   - an empty result fails (IBIDI_IDNA_EMPTY_HOST: "" or a name of ignored code points);
 *   - so does every forbidden domain code point of the result
 *     (IBIDI_IDNA_DOMAIN_INVALID_CODE_POINT): U+0000-U+001F, space, "#", "%", "/", ":",
 *     "<", ">", "?", "@", "[", "\", "]", "^", "|" and U+007F, also where mapping made them
 *     (U+FF05 FULLWIDTH PERCENT SIGN, U+2A74 "::=").
 * The offsets of the findings on an ASCII name count in the name itself (the lowercased
 * name is the processed name there), elsewhere in the ToUnicode form as usual.
 * The host parser then reads a result that ends in a number as an IPv4 address, which this
 * flag does not do. ToUnicode is the URL Standard's "domain to Unicode": UTS #46 ToUnicode
 * with the same flags, whose findings are that standard's validation errors.
 */
#define IBIDI_IDNA_URL_HOST 0x400u

/* Profiles: sets of the flags above. */
typedef enum ibidi_idna_profile {
    IBIDI_IDNA_PROFILE_UTS46 = 0,   /* every UTS #46 check on, as IdnaTestV2.txt assumes */
    IBIDI_IDNA_PROFILE_WHATWG = 1,  /* WHATWG URL Standard "domain to ASCII", beStrict false,
                                       and the host parser's checks: CheckBidi, CheckJoiners
                                       and IBIDI_IDNA_URL_HOST */
    IBIDI_IDNA_PROFILE_IDNA2008_LOOKUP = 2,
    IBIDI_IDNA_PROFILE_IDNA2008_REGISTER = 3
} ibidi_idna_profile;

IBIDI_API unsigned ibidi_idna_profile_flags(ibidi_idna_profile profile);
/* "uts46", "whatwg", "idna2008-lookup", "idna2008-register"; NULL if unknown. */
IBIDI_API const char *ibidi_idna_profile_name(ibidi_idna_profile profile);

/* How a call processes names. A NULL pointer, or a zero-initialised record, is the uts46
 * profile: every UTS #46 check on, as IdnaTestV2.txt assumes. The flags used are those of
 * the profile, with `add` set and then `remove` cleared (ibidi_idna_options_flags). */
typedef struct ibidi_idna_options {
    ibidi_idna_profile profile;
    unsigned add;    /* IBIDI_IDNA_* flags set on top of the profile's */
    unsigned remove; /* IBIDI_IDNA_* flags cleared */
    void *work;      /* NULL, or a work area of ibidi_idna_work_size() bytes (any alignment):
                        needed only by names that map to more than 1536 code points, which
                        no name of up to 253 bytes does; given, it also keeps the fixed area
                        off the stack (IBIDI_IDNA_WORK_STACK) */
    size_t work_size;
} ibidi_idna_options;

/* Bytes of a work area for any name the calls process (IBIDI_IDNA_MAX_CPS code points after
 * mapping): about 40 KiB. */
IBIDI_API size_t ibidi_idna_work_size(void);

/* The flags a call with these options uses (NULL: the uts46 profile's); for an unknown
 * profile every bit (~0u), which the calls refuse (IBIDI_E_INVALID_ARGUMENT). */
IBIDI_API unsigned ibidi_idna_options_flags(const ibidi_idna_options *opts);

/* Longest name, in code points after mapping, that the calls below process: far beyond
 * any DNS name (253 octets), and the bound of their fixed work area. Longer names give
 * IBIDI_E_IDNA_TOO_LONG; nothing is truncated. */
#define IBIDI_IDNA_MAX_CPS 2048

/* ---- ToASCII / ToUnicode ------------------------------------------------------------- */

/*
 * UTS #46 ToASCII / ToUnicode (or the IDNA2008 protocol with the IBIDI_IDNA_2008_* flags).
 * The converted name goes to out (ibidi_buf: out->data, not NUL-terminated; out->len gets
 * the length the whole name needs, also when it does not fit), even when the name breaks
 * rules: UTS #46 §4 converts "as much as possible". out may be NULL: nothing is written,
 * as with a capacity of 0. Findings go to *findings (may be NULL), in order of label, then
 * of the step that made them.
 *
 * Returns IBIDI_OK when no error finding was recorded, IBIDI_E_IDNA_INVALID when at least
 * one was (err gets the first error finding's offset and code point). Other statuses take
 * precedence, in this order: an encoding error anywhere in the name (ill-formed UTF-8; a
 * code point above U+10FFFF), then IBIDI_E_IDNA_TOO_LONG or IBIDI_E_IDNA_WORK_TOO_SMALL,
 * then IBIDI_E_BUFFER_TOO_SMALL; IBIDI_E_INVALID_ARGUMENT for an unknown profile or both
 * IBIDI_IDNA_2008_LOOKUP and _REGISTER.
 *
 * The code point variants write code points (ibidi_buf32: cap and len count them) and
 * accept lone surrogates as UTS #46 does: they are disallowed code points (V7), and
 * ToASCII cannot encode them (A3: the label is then left as it is).
 *
 * Names that map to up to 1536 code points (every name of up to 253 bytes: UTS #46 maps a
 * UTF-8 byte to at most six code points) run in a fixed area on the stack; longer ones in
 * the work area of the options, without which they give IBIDI_E_IDNA_WORK_TOO_SMALL.
 * Nothing is allocated. Stack: IBIDI_IDNA_STACK; IBIDI_IDNA_WORK_STACK with a work area.
 */
IBIDI_API ibidi_status ibidi_idna_to_ascii_utf8(const char *name, size_t len,
                                                const ibidi_idna_options *opts, ibidi_buf *out,
                                                ibidi_findings *findings, ibidi_error *err);
IBIDI_API ibidi_status ibidi_idna_to_unicode_utf8(const char *name, size_t len,
                                                  const ibidi_idna_options *opts,
                                                  ibidi_buf *out, ibidi_findings *findings,
                                                  ibidi_error *err);
IBIDI_API ibidi_status ibidi_idna_to_ascii_cp(const uint32_t *name, size_t n,
                                              const ibidi_idna_options *opts, ibidi_buf32 *out,
                                              ibidi_findings *findings, ibidi_error *err);
IBIDI_API ibidi_status ibidi_idna_to_unicode_cp(const uint32_t *name, size_t n,
                                                const ibidi_idna_options *opts,
                                                ibidi_buf32 *out, ibidi_findings *findings,
                                                ibidi_error *err);

/* Allocating convenience: the UTF-8 calls above into out->data, allocated and
 * NUL-terminated (release with ibidi_free; out->len the length, out->cap ignored) and,
 * when findings is not NULL, every finding in findings->items, allocated (release with
 * ibidi_findings_free; its cap is ignored). out->data and the findings are set also when
 * the name is invalid (IBIDI_E_IDNA_INVALID); after other errors out->data is NULL and
 * findings->items NULL. out NULL: IBIDI_E_INVALID_ARGUMENT. */
IBIDI_API ibidi_status ibidi_idna_to_ascii_alloc(const char *name, size_t len,
                                                 const ibidi_idna_options *opts,
                                                 ibidi_buf *out, ibidi_findings *findings,
                                                 ibidi_error *err);
IBIDI_API ibidi_status ibidi_idna_to_unicode_alloc(const char *name, size_t len,
                                                   const ibidi_idna_options *opts,
                                                   ibidi_buf *out, ibidi_findings *findings,
                                                   ibidi_error *err);

/* ---- The root label ------------------------------------------------------------------ */

/*
 * The length of a UTF-8 name without its root label, so that "example.com." and
 * "example.com" compare equal as the same fully qualified name (RFC 1034 §3.1: a name
 * ending in a full stop ends with the empty root label): len less its last full stop when
 * that follows a non-empty label, else len. Full stops are U+002E and the three that UTS #46
 * maps to it (U+3002, U+FF0E, U+FF61; RFC 3490 §3.1). "a.." keeps its length (its last
 * empty label is not the root label alone), and so does "." (the root name itself, which
 * has nothing before it); a NULL name gives 0. No validation: apply it to a name before or
 * after ToASCII, and compare the prefixes it gives.
 */
IBIDI_API size_t ibidi_idna_strip_root(const char *name, size_t len);

/* ---- The Bidi Rule alone ------------------------------------------------------------- */

/* Is this label an RTL label (RFC 5893 §1.4: it contains R, AL or AN)? */
IBIDI_API int ibidi_idna_is_rtl_label_cp(const uint32_t *label, size_t n);

/*
 * Checks a name of U-labels (no mapping, no Punycode) against the Bidi Rule: if the name is
 * a Bidi domain name, every label against the six conditions of RFC 5893 §2 (each label on
 * its own with IBIDI_IDNA_BIDI_PER_LABEL in flags); plus the W_DIGIT_AFTER_RTL warning.
 * Findings B1-B6 name the condition, label, offset and the Bidi_Class found. *is_bidi_name
 * (may be NULL) gets 1 for a Bidi domain name. Returns IBIDI_OK or IBIDI_E_IDNA_INVALID;
 * before them, the first UTF-8 error anywhere in the name, then IBIDI_E_IDNA_TOO_LONG for a
 * name of more than IBIDI_IDNA_MAX_CPS code points (no finding is made then).
 * Stack: about 13 KiB (within IBIDI_IDNA_STACK).
 */
IBIDI_API ibidi_status ibidi_idna_bidi_rule_utf8(const char *name, size_t len, unsigned flags,
                                                 ibidi_findings *findings, int *is_bidi_name,
                                                 ibidi_error *err);
/* Allocating convenience: every finding in findings->items, allocated (release with
 * ibidi_findings_free; its cap is ignored; NULL items when there is none). */
IBIDI_API ibidi_status ibidi_idna_bidi_rule_alloc(const char *name, size_t len, unsigned flags,
                                                  ibidi_findings *findings, int *is_bidi_name,
                                                  ibidi_error *err);

/* Condition k (1-6) of RFC 5893 §2 as a bit of the set below. */
#define IBIDI_IDNA_RULE_COND(k) (1u << ((unsigned)(k)-1u))

/*
 * The conditions of RFC 5893 §2 that a label given as Bidi classes (ibidi_unicode_bc
 * values) breaks, as a set of IBIDI_IDNA_RULE_COND bits; 0 when it satisfies the rule.
 * Condition 1 decides the direction: R or AL first, an RTL label (conditions 2-4); L, an
 * LTR label (5-6); for any other first class (condition 1 broken) the direction is RFC 5893
 * §1.4's: RTL when the label holds R, AL or AN. So the set says everything the label
 * breaks. An empty label breaks nothing (the rule speaks of characters); a value
 * >= IBIDI_UNICODE_BC_COUNT is a class no label may hold (conditions 2 and 5); classes NULL with
 * n > 0 breaks all six (fails closed). This is the same implementation as the calls on
 * names, which stop at B1 for a label without a strong first character.
 */
IBIDI_API unsigned ibidi_idna_bidi_rule_classes(const uint8_t *classes, size_t n);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_IDNA_H */
