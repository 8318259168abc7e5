/* Internal interfaces of the IDNA capability (src/idna/): the findings sink shared by the
 * rule checkers, and the per-label checks the processing steps call. Not installed. */
#ifndef IBIDI_IDNA_INTERNAL_H
#define IBIDI_IDNA_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "common/internal.h"
#include "ibidi/idna.h"
#include "ibidi/unicode.h"

/*
 * The Bidi Rule (RFC 5893 §2) on one label given as Bidi classes: the one implementation of
 * its six conditions, which every caller uses (the UTF-8 and code point calls of IDNA, the
 * identifier rules on host labels, the RFC 5893 §3 checks and the verifier on class
 * strings). A caller classifies the label, feeds the classes in order (in one piece or in
 * several) and gets each broken condition with the index of the character it is about,
 * counted from the label's start, which it maps to its own offsets.
 *
 * Condition 1 decides the direction: a first character R or AL makes an RTL label
 * (conditions 2-4), L an LTR label (conditions 5-6). For a label whose first character is
 * neither, `fallback` says what follows the broken condition 1:
 *   IBIDI__RULE_STOP  nothing (the convention of the B codes of IdnaTestV2.txt: B1 alone);
 *   IBIDI__RULE_LTR / IBIDI__RULE_RTL  conditions 2-6 in that direction (the class-string
 *                     checks take RFC 5893 §1.4's: RTL when the label holds R, AL or AN).
 * Reports, in order of index: condition 1 at index 0; condition 2 / 5 at every character
 * of a class the label may not hold; condition 4 once, where EN and AN first meet; then,
 * from ibidi__rule_end, condition 3 / 6 at the last character that is not NSM (or at
 * the end of the label, index n, when there is none).
 */
#define IBIDI__RULE_STOP (-1)
#define IBIDI__RULE_LTR 0
#define IBIDI__RULE_RTL 1
/* Condition k (1-6) as a bit of the set the calls return. */
#define IBIDI__RULE_COND(k) (1u << ((unsigned)(k)-1u))

/* Receives one broken condition k (1-6) at index `at` of the label, whose class is bc
 * (-1 for the end of the label). */
typedef void (*ibidi__rule_fn)(void *ctx, unsigned k, size_t at, int bc);

typedef struct ibidi__rule {
    ibidi__rule_fn fn; /* may be NULL: only the set of conditions is wanted */
    void *ctx;
    int fallback;
    int dir;          /* IBIDI__RULE_RTL, _LTR, or _STOP (condition 1 broken, nothing more) */
    unsigned broken;  /* IBIDI__RULE_COND bits so far */
    unsigned allowed; /* condition 2 / 5: the classes the label may hold */
    size_t n;         /* characters fed */
    size_t last;      /* index of the last character that is not NSM, or SIZE_MAX */
    uint8_t last_bc;
    uint8_t en, an;   /* condition 4: EN and AN seen */
} ibidi__rule;

void ibidi__rule_begin(ibidi__rule *r, int fallback, ibidi__rule_fn fn, void *ctx);
/* Feeds the next n classes of the label (values >= IBIDI_UNICODE_BC_COUNT are classes no label may
 * hold). */
void ibidi__rule_feed(ibidi__rule *r, const uint8_t *cls, size_t n);
/* Ends the label: reports condition 3 / 6 and returns the set of conditions broken (0 for
 * an empty label: the rule speaks of characters). */
unsigned ibidi__rule_end(ibidi__rule *r);

/* The whole label at once, fallback as above, or IBIDI__RULE_BY_CONTENT for RFC 5893
 * §1.4's direction (RTL when some class is R, AL or AN). */
#define IBIDI__RULE_BY_CONTENT 2
unsigned ibidi__rule_classes(const uint8_t *cls, size_t n, int fallback, ibidi__rule_fn fn,
                             void *ctx);

/* The flags of a profile (ibidi_idna_profile_flags), inline for the calls' fast paths. */
static inline unsigned ibidi__profile_flags(ibidi_idna_profile profile)
{
    switch (profile) {
    case IBIDI_IDNA_PROFILE_UTS46:
        return IBIDI_IDNA_CHECK_HYPHENS | IBIDI_IDNA_CHECK_BIDI | IBIDI_IDNA_CHECK_JOINERS |
               IBIDI_IDNA_USE_STD3_RULES | IBIDI_IDNA_VERIFY_DNS_LENGTH;
    case IBIDI_IDNA_PROFILE_WHATWG:
        /* URL Standard "domain to ASCII" with beStrict false: CheckHyphens false, CheckBidi
         * true, CheckJoiners true, UseSTD3ASCIIRules false, Transitional false,
         * VerifyDnsLength false, IgnoreInvalidPunycode false; then the ASCII carve-out,
         * the empty host and the forbidden domain code points (IBIDI_IDNA_URL_HOST). */
        return IBIDI_IDNA_CHECK_BIDI | IBIDI_IDNA_CHECK_JOINERS | IBIDI_IDNA_URL_HOST;
    case IBIDI_IDNA_PROFILE_IDNA2008_LOOKUP:
        /* RFC 5891 §5.4: lookup checks "--" in positions 3-4 but not leading or trailing
         * hyphens (registration does, §4.2.3.1); the Bidi Rule is a SHOULD there. */
        return IBIDI_IDNA_2008_LOOKUP | IBIDI_IDNA_CHECK_BIDI | IBIDI_IDNA_CHECK_JOINERS |
               IBIDI_IDNA_VERIFY_DNS_LENGTH;
    case IBIDI_IDNA_PROFILE_IDNA2008_REGISTER:
        return IBIDI_IDNA_2008_REGISTER | IBIDI_IDNA_CHECK_HYPHENS | IBIDI_IDNA_CHECK_BIDI |
               IBIDI_IDNA_CHECK_JOINERS | IBIDI_IDNA_VERIFY_DNS_LENGTH;
    }
    return 0;
}

/* What ibidi__options_flags gives for an unknown profile: every bit, which no call accepts
 * (the two IDNA2008 modes together). */
#define IBIDI__BAD_OPTIONS (~0u)

/* The flags of the options (ibidi_idna_options_flags): NULL is the uts46 profile. */
static inline unsigned ibidi__options_flags(const ibidi_idna_options *opts)
{
    if (opts == NULL)
        return ibidi__profile_flags(IBIDI_IDNA_PROFILE_UTS46);
    if ((unsigned)opts->profile > (unsigned)IBIDI_IDNA_PROFILE_IDNA2008_REGISTER)
        return IBIDI__BAD_OPTIONS;
    return (ibidi__profile_flags(opts->profile) | opts->add) & ~opts->remove;
}

/* Options that give exactly these flags, for the library's own callers that hold flags. */
static inline ibidi_idna_options ibidi__idna_exact(unsigned flags)
{
    const ibidi_idna_options o = {IBIDI_IDNA_PROFILE_UTS46, flags, ~flags, NULL, 0};
    return o;
}

/* ibidi_idna_to_ascii_utf8 (to_ascii 1) or ibidi_idna_to_unicode_utf8 (0) with every
 * finding passed to fn (may be NULL) instead of an array: for the library's callers that
 * only sum the findings up (src/iri/validate.c, src/scan/), so that they hold no array of
 * findings on the stack. */
ibidi_status ibidi__idna_utf8_fn(const char *name, size_t len, const ibidi_idna_options *opts,
                                int to_ascii, char *out, size_t cap, size_t *out_len,
                                ibidi__sink_fn fn, void *ctx, ibidi_error *err);

/* ibidi__idna_utf8_fn's ToASCII that also writes the ToUnicode form to uout (ucap bytes)
 * when the path it takes has it at hand (the general path, and the fast ones for names
 * without A-labels): *uout_len gets its length, or SIZE_MAX when it was not made (an
 * A-label name, a URL Standard ASCII name): ToUnicode must make it. One processing for
 * both forms, as the decision of how to show a name needs them.
 * With deferred non-NULL the call may leave the ASCII form out (*out_len 0, *deferred 1)
 * when a bound proves RFC 5891 §4.2's lengths without encoding the A-labels: the status
 * and the findings are those of the full call, and ibidi__idna_utf8_fn makes the ASCII
 * form when it is needed (a name shown in Unicode needs none). */
ibidi_status ibidi__idna_utf8_both(const char *name, size_t len, const ibidi_idna_options *opts,
                                  char *out, size_t cap, size_t *out_len, char *uout,
                                  size_t ucap, size_t *uout_len, int *deferred,
                                  ibidi__sink_fn fn, void *ctx, ibidi_error *err);

/* UTS #46 ToASCII (to_ascii 1) or ToUnicode (0) of a UTF-8 name of ASCII with an A-label
 * that yields no finding (src/idna/alabel.c): returns 1 with the output in out[0..*out_len)
 * when it decides the name, 0 when the general path must (out may hold anything then). */
int ibidi__idna_alabel_lane(const char *name, size_t len, unsigned flags, int to_ascii,
                            char *out, size_t cap, size_t *out_len);

/* Records an IDNA finding (severity from the code: the W_ codes are warnings). */
void ibidi__idna_add(ibidi__sink *s, ibidi_idna_code code, size_t label, size_t offset,
                     uint32_t cp, int bidi_class);

/*
 * One label of a processed name: its code points cps[0..n) and, for each, its offset in
 * the processed name (bytes or code points, as the public call counts) in off[0..n).
 * off[n] is the offset just past the label (used for findings about the label's end).
 */
typedef struct ibidi__label {
    const uint32_t *cps;
    const uint16_t *off; /* n + 1 entries: offsets of a name of at most IBIDI_IDNA_MAX_CPS
                            code points, four bytes each at most, fit 16 bits */
    size_t n;
    uint32_t index; /* 0-based label index in the name */
} ibidi__label;

/* RFC 5890 §2.3.1: an LDH character (ASCII letter, digit or hyphen-minus). */
static inline int ibidi__is_ldh(uint32_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

/* RFC 5893 §2 (end): an LDH label that starts with an ASCII digit, the kind of label that
 * must not come after an RTL label for the rule's guarantee to hold. */
int ibidi__is_digit_ldh_label(const uint32_t *cps, size_t n);

/* RFC 5892 Appendix A: the code point has a contextual rule (the IANA registry lists the
 * same ones for Unicode 17.0). */
int ibidi__has_context_rule(uint32_t cp);

/* RFC 5893 §1.4: the label contains a character of class R, AL or AN. */
int ibidi__is_rtl_label(const uint32_t *cps, size_t n);

/* RFC 5893 §2: the six conditions on one label of a Bidi domain name; findings B1-B6
 * with the condition's label, offset, code point and Bidi_Class. */
void ibidi__bidi_rule_label(const ibidi__label *l, ibidi__sink *s);

/* RFC 5892 A.1, A.2 for every ZWNJ / ZWJ of the label: findings C1 / C2. */
void ibidi__contextj_label(const ibidi__label *l, ibidi__sink *s);

/* RFC 5892 A.3-A.9 for every CONTEXTO code point of the label with a rule: findings
 * O3-O9. */
void ibidi__contexto_label(const ibidi__label *l, ibidi__sink *s);

#endif
