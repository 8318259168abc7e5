/*
 * ibidi/show.h: how to show an identifier to a person. One call decides, label by label,
 * whether a domain name (or the host of an IRI or a mail address) is shown in Unicode or
 * as its A-labels, gives the string to show and its presentation form, and says why, each
 * reason a finding (ibidi/common.h) with its code, its label and its offset.
 *
 * The decision. The name is first processed as UTS #46 ToASCII and ToUnicode under the
 * policy's IDNA profile (with the Bidi Rule across every label of a Bidi domain name, RFC
 * 5893 §2, unless the policy checks each label alone). An invalid name is shown in ASCII:
 * its ToASCII form, every label that ToASCII could not encode as the RFC 3492 encoding of
 * its code points ("xn--" and the Punycode; a control or space shown as U+FFFD first), and
 * its reasons are ToASCII's errors. A valid name's ASCII labels are shown as they are
 * (after UTS #46 mapping: lowercase); each other label is shown in Unicode when none of
 * the policy's checks gives a reason against it, else as its A-label. The checks (each
 * IBIDI_SHOW_CHECK_* bit, and the finding it gives):
 *   - on each label:
 *       IDENTIFIER_STATUS  a character the General Security Profile restricts (UTS #39 §3.1,
 *                          IBIDI_CONFUSABLE_RESTRICTED_CHARACTER);
 *       RESTRICTION        the label above the policy's highest restriction level (UTS #39
 *                          §5.2, IBIDI_UTS39_RESTRICTION_LEVEL); MIXED_NUMBERS: digits of two
 *                          decimal systems (§5.3, IBIDI_UTS39_MIXED_NUMBERS);
 *       MIXED_SCRIPT       a character of another script that looks like one of the label's
 *                          main script (UTS #39 §4, IBIDI_CONFUSABLE_MIXED_SCRIPT_CONFUSABLE);
 *       WHOLE_SCRIPT       a label of one script that looks like a label of another (§4,
 *                          IBIDI_CONFUSABLE_WHOLE_SCRIPT_CONFUSABLE), unless the name is
 *                          under a top-level domain of that label's script or the label's
 *                          script is one of the user's; WHOLE_SCRIPT_LATIN judges only
 *                          look-alikes of Latin labels, as the browsers do;
 *       MARKS              the same nonspacing mark twice on one base, a mark of another
 *                          script than its base, a mark above in the place of a dot
 *                          (IBIDI_SHOW_MARK_REPEATED, _MARK_SCRIPT, _MARK_HIDDEN), and a
 *                          modifier letter of a script after a letter of another
 *                          (IBIDI_SHOW_MODIFIER_CONTEXT: ー after a Han ideograph);
 *       DIGIT_LOOKALIKE    a label of digits (of any decimal system) and characters whose
 *                          prototype is a digit, one of them not an ASCII digit: it reads as
 *                          a number it is not (IBIDI_SHOW_DIGIT_LOOKALIKE); with
 *                          IBIDI_SHOW_DIGITS_WITH_ASCII only when an ASCII digit is among
 *                          them (a number of another decimal system is then shown);
 *       IDNA2008           a character UTS #46 takes that IDNA2008 does not (its NV8 and
 *                          XV8 code points: punctuation such as U+2010 HYPHEN, U+058A
 *                          ARMENIAN HYPHEN; IBIDI_SHOW_NOT_IDNA2008), and the contextual
 *                          rules of RFC 5892 Appendix A that UTS #46 does not check
 *                          (IDNA's O3-O9: a middle dot between two l's only);
 *       NON_ASCII_LATIN    a Latin letter outside ASCII in a label mixing Latin with another
 *                          script (IBIDI_SHOW_NON_ASCII_LATIN);
 *       DEVIATION          ZWJ or ZWNJ, and with IBIDI_SHOW_TRANSITIONAL also ß and ς: the
 *                          UTS #46 deviation characters (IBIDI_SHOW_DEVIATION);
 *       SCRIPTS            a character of a script outside the user's scripts
 *                          (ibidi_show_options.scripts; Common and Inherited always count
 *                          as theirs), or, without that list, outside UAX #31's Recommended
 *                          and Limited Use scripts (Tables 5 and 7;
 *                          IBIDI_SHOW_SCRIPT_NOT_ALLOWED);
 *   - on the whole name (every label not ASCII is then shown as its A-label):
 *       TWINS              in the paragraph direction of the options, another valid name
 *                          displays alike (Badami's analysis, then, where it finds a
 *                          condition, the exact twin search: IBIDI_AMBIGUITY_VALID_TWIN, or
 *                          IBIDI_AMBIGUITY_SEARCH_TRUNCATED when its bound cut it);
 *       PROTECTED          the name, or its last labels, has the UTS #39 skeleton of a
 *                          protected name without being it (IBIDI_SHOW_PROTECTED_SKELETON);
 *                          with IBIDI_SHOW_REMOVE_DIACRITICS the nonspacing marks are
 *                          removed from both skeletons first;
 *       PROTECTED_BIDI     the same with the bidi skeleton in the paragraph direction of the
 *                          options (IBIDI_SHOW_PROTECTED_BIDI_SKELETON): ססו.com shows as
 *                          וסס.com left to right, which looks like loo.com;
 *   and, with IBIDI_SHOW_WHOLE_NAME, a reason on any label hides every label.
 *
 * The policies are sets of these checks (ibidi_show_policy_checks): the default, every
 * check of the three browsers' policies and the bidi ones; and presets that follow
 * Chromium's, Firefox's and WebKit's published rules as far as they follow from Unicode
 * data (docs/show.md says what each leaves out: the browsers' own hand-kept lists of
 * characters, words and patterns are not copied).
 *
 * The presentation. The string to show (text) has no controls; form is the same string
 * in IBIDI_DISPLAY_FORM_COMPONENTS of ibidi/display.h (LRI, each component in FSI ... PDI,
 * PDI): its components appear left to right in logical order, each contiguous and in its
 * own direction, whatever the paragraph around it.
 *
 * Memory, as ibidi/verdict.h: the record's parts go to the caller's buffer, whose size the
 * call returns in r->needed as snprintf does (IBIDI_E_BUFFER_TOO_SMALL when cap is less);
 * the steps' state (the two forms, IDNA's, the twin search's and the display's) goes to
 * the work area of the options, of ibidi_show_work_size(len, opts) bytes, which every
 * decision needs. The protected names are an object made once
 * (ibidi_show_protect_create), read by any number of threads. Thread-safe, no state.
 * Stack: IBIDI_SHOW_STACK.
 */
#ifndef IBIDI_SHOW_H
#define IBIDI_SHOW_H

#include "common.h"
#include "idna.h"
#include "iri.h"
#include "unicode.h"
#include "uts39.h"
#include "verdict.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Worst-case stack of every call of this header, in bytes (gcc -O2, x86-64). */
#define IBIDI_SHOW_STACK 32768

/* The longest input the decision takes, in bytes: far beyond a domain name (253) or a
 * mail address (320). Longer: r->error IBIDI_E_TOO_LONG. */
#define IBIDI_SHOW_MAX_BYTES 1024

/* The checks (see above). */
#define IBIDI_SHOW_CHECK_IDENTIFIER_STATUS 0x00001u
#define IBIDI_SHOW_CHECK_RESTRICTION 0x00002u
#define IBIDI_SHOW_CHECK_MIXED_NUMBERS 0x00004u
#define IBIDI_SHOW_CHECK_MIXED_SCRIPT 0x00008u
#define IBIDI_SHOW_CHECK_WHOLE_SCRIPT 0x00010u
#define IBIDI_SHOW_CHECK_WHOLE_SCRIPT_LATIN 0x00020u
#define IBIDI_SHOW_CHECK_MARKS 0x00040u
#define IBIDI_SHOW_CHECK_DIGIT_LOOKALIKE 0x00080u
#define IBIDI_SHOW_CHECK_NON_ASCII_LATIN 0x00100u
#define IBIDI_SHOW_CHECK_DEVIATION 0x00200u
#define IBIDI_SHOW_CHECK_SCRIPTS 0x00400u
#define IBIDI_SHOW_CHECK_TWINS 0x00800u
#define IBIDI_SHOW_CHECK_PROTECTED 0x01000u
#define IBIDI_SHOW_CHECK_PROTECTED_BIDI 0x02000u
#define IBIDI_SHOW_CHECK_IDNA2008 0x40000u
/* How the checks run. */
#define IBIDI_SHOW_BIDI_PER_LABEL 0x04000u  /* the Bidi Rule on each label alone (IDNA's
                                               IBIDI_IDNA_BIDI_PER_LABEL), as Chromium */
#define IBIDI_SHOW_REMOVE_DIACRITICS 0x08000u /* PROTECTED: marks out of the skeletons */
#define IBIDI_SHOW_WHOLE_NAME 0x10000u       /* a reason on one label hides them all */
#define IBIDI_SHOW_TRANSITIONAL 0x20000u     /* UTS #46 transitional processing: the
                                                deviation characters ß and ς are shown as
                                                A-labels too (DEVIATION) */
#define IBIDI_SHOW_URL_HOST 0x80000u         /* the URL Standard's host processing (the
                                                whatwg profile) whatever the options' */
#define IBIDI_SHOW_ALLOW_LIMITED_USE 0x100000u /* IDENTIFIER_STATUS lets through characters
                                                  restricted only as Limited_Use or
                                                  Uncommon_Use (UAX #31 Table 7 scripts) */
#define IBIDI_SHOW_MIXED_ADJACENT 0x200000u   /* MIXED_SCRIPT judged at each letter's
                                                 neighbours: a letter next to one of a
                                                 script it has a look-alike in */
#define IBIDI_SHOW_DIGITS_WITH_ASCII 0x400000u /* DIGIT_LOOKALIKE only for a label with an
                                                  ASCII digit */
#define IBIDI_SHOW_NO_SHORTCUT 0x800000u     /* every label through every check, none
                                                decided from its characters' classes
                                                alone (the same decision, slower: for
                                                tests and measurements) */
#define IBIDI_SHOW_ALL 0xFFFFFFu

/* The policies: each a set of the bits above. */
typedef enum ibidi_show_policy {
    IBIDI_SHOW_POLICY_DEFAULT = 0,  /* every check, the bidi ones included */
    IBIDI_SHOW_POLICY_CHROMIUM = 1, /* Chromium's IDN spoof checker */
    IBIDI_SHOW_POLICY_FIREFOX = 2,  /* Firefox's IsLabelSafe */
    IBIDI_SHOW_POLICY_WEBKIT = 3    /* WebKit's mapHostName */
} ibidi_show_policy;

/* The bits of a policy; 0 for an unknown one. */
IBIDI_API unsigned ibidi_show_policy_checks(ibidi_show_policy policy);
/* "default", "chromium", "firefox", "webkit"; NULL if unknown. */
IBIDI_API const char *ibidi_show_policy_name(ibidi_show_policy policy);
/* The policy of a name above (exact); -1 when unknown. */
IBIDI_API int ibidi_show_policy_from_name(const char *name, size_t len);

/* Finding codes of the checks that no other capability has (common.h: 751-799). */
typedef enum ibidi_show_code {
    /* UTS #39 §5.4: the same nonspacing mark twice on one base (NFD), which draws as one:
     * the mark is invisible (cp: the second). */
    IBIDI_SHOW_MARK_REPEATED = 751,
    /* UTS #39 §5.4: a nonspacing mark of another script than its base (an Arabic kasra on
     * a Latin letter); detail: the mark's script. */
    IBIDI_SHOW_MARK_SCRIPT = 752,
    /* UTS #39 §4: a label of digits and of characters whose prototype is a digit, one of
     * them not an ASCII digit: it reads as a number it is not (12345б7890, б as 6). */
    IBIDI_SHOW_DIGIT_LOOKALIKE = 753,
    /* A Latin letter outside ASCII in a label that mixes Latin with another script. */
    IBIDI_SHOW_NON_ASCII_LATIN = 754,
    /* UTS #46 §4 deviation character: ZWJ or ZWNJ (invisible), ß or ς under transitional
     * processing (mapped to ss and σ there: another name). */
    IBIDI_SHOW_DEVIATION = 755,
    /* UTS #39 §4: the name (offset and length: the part that matches) has the skeleton of a
     * protected name without being it; detail: the protected name's index. */
    IBIDI_SHOW_PROTECTED_SKELETON = 756,
    /* UTS #39 §4: the same with the bidi skeleton in the paragraph direction of the
     * options (context). */
    IBIDI_SHOW_PROTECTED_BIDI_SKELETON = 757,
    /* A character of a script the policy does not show (detail: the script). */
    IBIDI_SHOW_SCRIPT_NOT_ALLOWED = 758,
    /* UTS #46 §5 (IdnaMappingTable.txt, NV8 and XV8): a character valid in UTS #46 but not
     * in IDNA2008 (RFC 5892): mostly punctuation and symbols that look like others. */
    IBIDI_SHOW_NOT_IDNA2008 = 759,
    /* UTS #39 §5.4: a mark above that takes the place of a dot (U+0307 on i, j, l, a mark
     * above on dotless ı or ȷ): the base and mark look like another letter (ı̈ as ï); cp
     * the mark, detail the base. */
    IBIDI_SHOW_MARK_HIDDEN = 760,
    /* A modifier letter of a script (ー, ヽ, ヾ) that does not follow a letter of that
     * script (detail: its script). */
    IBIDI_SHOW_MODIFIER_CONTEXT = 761
} ibidi_show_code;

/* ---- Protected names ------------------------------------------------------------------ */

/* A list of names (the organisation's own, a top-domain list) whose look-alikes are shown
 * as A-labels. */
typedef struct ibidi_show_protected ibidi_show_protected;

/* Makes the list from n names (UTF-8, U-labels or A-labels; names[i] of lens[i] bytes, or
 * NUL-terminated when lens is NULL), each kept with its Unicode form and skeletons.
 * A name that is not a valid domain name under UTS #46 fails with its status at
 * err->offset and the name's index in err->value. Errors: IBIDI_E_NOMEM,
 * IBIDI_E_INVALID_ARGUMENT, the name's. */
IBIDI_API ibidi_status ibidi_show_protect_create(const char *const *names, const size_t *lens,
                                                 size_t n, ibidi_show_protected **out,
                                                 ibidi_error *err);
/* The number of names, and the Unicode form of one (NULL past the end). */
IBIDI_API size_t ibidi_show_protect_count(const ibidi_show_protected *p);
IBIDI_API const char *ibidi_show_protect_name(const ibidi_show_protected *p, size_t i,
                                              size_t *len);
IBIDI_API void ibidi_show_protect_free(ibidi_show_protected *p);

/* ---- The decision ---------------------------------------------------------------------- */

/* A top-level domain whose registry uses a script: labels of that script are not judged
 * whole-script confusables under it (.рф and Cyrillic). */
typedef struct ibidi_show_tld {
    const char *tld; /* its Unicode form, lowercase, NUL-terminated ("рф", "il") */
    ibidi_unicode_sc script;
} ibidi_show_tld;

/* The built-in list (docs/show.md gives its sources); *n gets its length. */
IBIDI_API const ibidi_show_tld *ibidi_show_tlds(size_t *n);

/* How the decision is made. A zero-initialised record: decide what the input is, the
 * default policy, a left-to-right paragraph, no protected names, the built-in TLDs, and
 * no work area (which every decision needs: IBIDI_E_SHOW_WORK_TOO_SMALL). */
typedef struct ibidi_show_options {
    ibidi_iri_kind as;                 /* what the input is; 0: decide (ibidi_iri_parse) */
    ibidi_show_policy policy;
    ibidi_dir context;                 /* the paragraph around it: IBIDI_DIR_LTR or _RTL */
    unsigned add, remove;              /* IBIDI_SHOW_* bits added to and removed from the
                                          policy's */
    ibidi_uts39_level max_restriction; /* RESTRICTION's highest level; 0: highly
                                          restrictive (UTS #39 §5.2), as the browsers */
    ibidi_idna_profile profile;        /* the IDNA profile (0: uts46) */
    const ibidi_unicode_sc *scripts;   /* the user's scripts (Firefox's restriction profile,
                                          Chromium's accepted languages): SCRIPTS shows
                                          only these, WHOLE_SCRIPT trusts them; may be NULL */
    size_t n_scripts;
    const ibidi_show_tld *tlds;        /* NULL: ibidi_show_tlds() */
    size_t n_tlds;
    const ibidi_show_protected *protect; /* PROTECTED and PROTECTED_BIDI; may be NULL */
    void *work;                        /* ibidi_show_work_size(len, opts) bytes, any
                                          alignment */
    size_t work_size;
} ibidi_show_options;

/* The bytes of work area a decision on len bytes needs with these options (about 270 KiB);
 * SIZE_MAX for an unknown policy. */
IBIDI_API size_t ibidi_show_work_size(size_t len, const ibidi_show_options *opts);

/* How a label is shown. */
typedef enum ibidi_show_as {
    IBIDI_SHOW_AS_ASCII = 0,   /* an ASCII label: as it is */
    IBIDI_SHOW_AS_UNICODE = 1, /* its U-label */
    IBIDI_SHOW_AS_A_LABEL = 2, /* its A-label */
    IBIDI_SHOW_AS_ENCODED = 3  /* an invalid name's label: RFC 3492 of its code points */
} ibidi_show_as;

/* "ascii", "unicode", "a-label", "encoded"; NULL if unknown. */
IBIDI_API const char *ibidi_show_as_name(ibidi_show_as as);

typedef struct ibidi_show_label {
    ibidi_span input;             /* where it is in the input (the whole host when UTS #46
                                     mapping joined or split labels) */
    ibidi_verdict_text unicode;   /* its U-label (ToUnicode) */
    ibidi_verdict_text shown;     /* what is shown: the U-label, the A-label or the ASCII */
    ibidi_show_as as;
    size_t first_reason, n_reasons; /* its reasons: reasons[first_reason ...] */
} ibidi_show_label;

typedef struct ibidi_show {
    ibidi_iri_kind kind;        /* what the input was taken as */
    ibidi_show_policy policy;
    unsigned checks;            /* the IBIDI_SHOW_* bits applied */
    ibidi_dir context;
    int valid;                  /* the host passes ToASCII under the profile */
    ibidi_error error;          /* an input that is no identifier (ill-formed UTF-8, no
                                   parse, too long): its status and place; then nothing is
                                   shown (text absent) */
    int unicode;                /* 1 when every label that is not ASCII is shown in Unicode */
    ibidi_verdict_text unicode_form; /* the identifier's Unicode form (its host's U-labels,
                                        ToUnicode), which the reasons' offsets count in */
    ibidi_verdict_text text;    /* the string to show, without controls */
    ibidi_verdict_text form;    /* the same in its presentation form (see above), for a
                                   text of up to IBIDI_SHOW_MAX_BYTES bytes that displays
                                   as its kind (absent else) */
    const ibidi_finding *reasons; /* every reason, label by label, then the name's (part
                                     IBIDI_NO_PART), then, for an IRI or a mail address,
                                     the component rules' findings on its other parts
                                     (RFC 3987 §4.2, the 2012 guidelines §3: part
                                     IBIDI_NO_PART, ibidi/iri.h's codes; they change no
                                     label, the presentation form keeps such a part in its
                                     place); offset and length count in unicode_form,
                                     input_offset and input_length in the input */
    size_t n_reasons;
    const ibidi_show_label *labels; /* the host's labels, in logical order (a root label
                                       set aside: "example.com." shows its final stop) */
    size_t n_labels;
    ibidi_span host;            /* the host in the input (the whole input for a name) */
    const char *data_version;   /* the Unicode version of the data: "17.0.0" */
    size_t needed;              /* the bytes of buffer the parts take */
    void *allocated;            /* ibidi_show_make_alloc's memory */
} ibidi_show;

/*
 * Decides how to show s[0..len) under opts, into *r; its parts go to buf (cap bytes, any
 * alignment). Returns IBIDI_OK whatever the identifier is; IBIDI_E_BUFFER_TOO_SMALL when
 * cap < r->needed; IBIDI_E_INVALID_ARGUMENT for NULL with a length, an unknown kind,
 * policy, context, profile, level or bit; IBIDI_E_SHOW_WORK_TOO_SMALL when opts->work
 * holds less than ibidi_show_work_size(len, opts). Stack: IBIDI_SHOW_STACK.
 */
IBIDI_API ibidi_status ibidi_show_make(const char *s, size_t len, const ibidi_show_options *opts,
                                       void *buf, size_t cap, ibidi_show *r);
/* Allocating convenience (the work area too); release with ibidi_show_free. */
IBIDI_API ibidi_status ibidi_show_make_alloc(const char *s, size_t len,
                                             const ibidi_show_options *opts, ibidi_show *r);
IBIDI_API void ibidi_show_free(ibidi_show *r);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_SHOW_H */
