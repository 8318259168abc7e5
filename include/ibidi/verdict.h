/*
 * ibidi/verdict.h: the whole verdict on one identifier, made once, by the library.
 *
 * A domain name, an IRI or a mail address under an IDNA profile and a registry's policy:
 * is it valid, why not, and everything else that is known of it: every finding of every
 * capability in one list and one order (IDNA, the identifier's component rules, the
 * registry's script policy, look-alikes (UTS #39 §3.1, §4), the registry's LGR, RFC 5893
 * §3, bidi ambiguity), the skeletons of UTS #39 §4, whether it
 * is a Bidi domain name, its labels with their restriction level (UTS #39 §5.2) and
 * Badami's category, the verdict of every profile, the LGR's verdict on its first label,
 * and its display in a left-to-right and a right-to-left paragraph. `ibidi check` (text
 * and JSON), the SQL function ibidi_check and Python's ibidi.check format this record;
 * none of them decides anything of its own.
 *
 * The forms. Users see U-labels (RFC 5894 §4.2), so everything after the validity is
 * judged on the identifier's Unicode form: a domain name's UTS #46 ToUnicode form under the
 * profile; an IRI's or a mail address's text with its host's A-labels as U-labels
 * (ibidi_iri_unicode_form). Every finding says where it is in both: offset and length in
 * the Unicode form, input_offset and input_length in the input's bytes. The map between
 * the two is exact for every label whose Unicode form is its input byte for byte (and for
 * everything outside an IRI's host); a finding in a label that mapping or decoding changed
 * ("xn--4dbrk0ce", "ABC", "ａｂｃ") gets the whole label as its place in the input, and one
 * in a name whose labels mapping joined or split (U+2488 maps to "1.") the whole input.
 *
 * The verdict. The identifier is valid when no finding is an error. Which findings are
 * errors is decided by the options, as each capability documents: IDNA's under the profile
 * (ToASCII, so that `ibidi to-ascii`, `ibidi scan` and this record agree); the component
 * rules' (RFC 3987 §4.2 and the 2012 guidelines §3 are warnings; Duerst 2001 §5's are
 * errors with IBIDI_VERDICT_DUERST2001); the script policy's under max_restriction; the
 * LGR's (a first label that is not eligible or whose disposition is not registrable);
 * RFC 5893 §3 and the ambiguity findings are warnings. An input that is no identifier at
 * all (ill-formed UTF-8, a parse error, a name too long to process) has no findings: its
 * status and place are in error, and valid is 0.
 *
 * Memory. Nothing is allocated but by ibidi_verdict_make_alloc. The record's parts (its
 * texts, findings and labels) go to the caller's buffer, whose size the call returns as
 * snprintf does (v->needed; IBIDI_E_BUFFER_TOO_SMALL when cap is less, with v filled as far
 * as it fits: call again with a buffer of v->needed bytes, the second call always fits).
 * The steps' own state (IDNA's, the exact ambiguity analysis's, the Unicode form) goes to
 * the work area of the options, of ibidi_verdict_work_size(len, opts) bytes.
 * Thread-safe; the LGR, when given, is only read. Stack: IBIDI_VERDICT_STACK.
 */
#ifndef IBIDI_VERDICT_H
#define IBIDI_VERDICT_H

#include "common.h"
#include "idna.h"
#include "iri.h"
#include "lgr.h"
#include "uts39.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Worst-case stack of every call of this header, in bytes (gcc -O2, x86-64). */
#define IBIDI_VERDICT_STACK 32768

/* Option bits (ibidi_verdict_options.flags). */
#define IBIDI_VERDICT_FQDN 0x1u       /* a domain name's root label is set aside:
                                          "example.com." is "example.com" (as in zone files) */
#define IBIDI_VERDICT_DUERST2001 0x2u /* the component rules of Duerst 2001 §5 (restriction 1
                                          an error, restriction 3 checked), as
                                          IBIDI_IRI_DUERST2001 */
#define IBIDI_VERDICT_NO_EXACT 0x4u   /* no twin search: Badami's findings only, without the
                                          exact ones (the cost of a verdict drops from up to a
                                          second to microseconds) */

/* How a verdict is made. A zero-initialised record: decide what the input is, the uts46
 * profile, no registry policy, no LGR, and no work area (which every input needs:
 * IBIDI_E_VERDICT_WORK_TOO_SMALL). */
typedef struct ibidi_verdict_options {
    ibidi_iri_kind as;                 /* what the input is; 0: decide (ibidi_iri_parse) */
    unsigned flags;                    /* IBIDI_VERDICT_* */
    ibidi_idna_profile profile;        /* the profile whose verdict decides validity */
    ibidi_uts39_level max_restriction; /* the registry's highest restriction level (UTS #39
                                          §5.2), or IBIDI_UTS39_NO_LIMIT (0): no policy, the
                                          levels and mixed numbers are reported only */
    const ibidi_lgr *lgr;              /* the registry's LGR for the first label of a domain
                                          name (RFC 7940 §8), or NULL */
    void *work;                        /* a work area of ibidi_verdict_work_size(len, opts)
                                          bytes, any alignment */
    size_t work_size;
} ibidi_verdict_options;

/* The bytes of work area a verdict on len bytes needs with these options (about 150 KiB
 * for a domain name; SIZE_MAX past the longest input the steps take). */
IBIDI_API size_t ibidi_verdict_work_size(size_t len, const ibidi_verdict_options *opts);

/* A text of the record: data points into the caller's buffer (NULL when absent). */
typedef struct ibidi_verdict_text {
    const char *data;
    size_t len;
} ibidi_verdict_text;

/* One label of a domain name, or of an IRI's or a mail address's host. */
typedef struct ibidi_verdict_label {
    ibidi_span input;              /* where it is in the input */
    ibidi_span unicode;            /* where it is in the Unicode form */
    ibidi_uts39_level restriction; /* UTS #39 §5.2 */
    unsigned category;             /* Badami's label category with its number-prefix and
                                      number-suffix bits (ibidi/ambiguity.h) */
} ibidi_verdict_label;

/* The verdict of one IDNA profile on a domain name (ToASCII). */
typedef struct ibidi_verdict_profile {
    int valid;
    ibidi_status status;     /* IBIDI_OK, IBIDI_E_IDNA_INVALID, or why the name could not
                                be processed at all (the error's status) */
    size_t error_offset;     /* that error's byte offset in the input */
    ibidi_verdict_text codes; /* the distinct error codes, "[B1]", "[]" (ibidi_codes_text);
                                 absent after an error */
} ibidi_verdict_profile;

/* The profiles of ibidi_verdict.profiles: the four of ibidi/idna.h, then the Bidi Rule
 * applied to each label alone (IBIDI_IDNA_BIDI_PER_LABEL on top of the verdict's profile,
 * as some libraries check). */
#define IBIDI_VERDICT_PER_LABEL 4
#define IBIDI_VERDICT_PROFILES 5

/* The LGR's verdict on the first label of a domain name's Unicode form (the label a
 * registry registers). */
typedef struct ibidi_verdict_lgr {
    int run;                  /* 1 when an LGR was given and the name is a domain name */
    ibidi_status status;      /* IBIDI_OK when the label was evaluated, else why not
                                 (IBIDI_E_LGR_LABEL_TOO_LONG...) */
    size_t error_offset;      /* that status's place, code points of the label */
    ibidi_verdict_text label; /* the label evaluated */
    ibidi_lgr_result result;  /* eligibility, disposition, deciding action (RFC 7940 §8) */
    ibidi_verdict_text index; /* its index label (§8.5) when eligible, else absent */
} ibidi_verdict_lgr;

/* Which parts of the verdict ran: a bit set when the step ran, so that "no findings" is
 * never mistaken for "not looked at". */
#define IBIDI_VERDICT_RAN_POLICY 0x01u    /* UTS #39 §5.2, §5.3 on the host */
#define IBIDI_VERDICT_RAN_RFC5893 0x02u   /* RFC 5893 §3 (domain names) */
#define IBIDI_VERDICT_RAN_AMBIGUITY 0x04u /* Badami's analysis (and the twin search) */
#define IBIDI_VERDICT_RAN_DISPLAY 0x08u   /* the displays */
#define IBIDI_VERDICT_RAN_CONFUSABLE 0x10u /* UTS #39 §3.1, §4 on the host: the look-alike
                                             findings and the skeletons */

typedef struct ibidi_verdict {
    /* what was judged */
    ibidi_iri_kind kind;         /* IBIDI_IRI_AS_DOMAIN, _IRI or _EMAIL (never AUTO) */
    ibidi_idna_profile profile;
    int fqdn;                    /* IBIDI_VERDICT_FQDN set aside a root label */
    size_t input_len;            /* the bytes judged (without that root label) */
    /* the verdict */
    int valid;
    ibidi_error error;           /* status IBIDI_OK, or why the input is no identifier at
                                    all: its status, byte offset and value */
    ibidi_verdict_text codes;    /* the distinct error codes, the reasons: "[]" when valid,
                                    "[B1, V6]", "[DOMAIN_CHAR]" (ibidi_codes_text) */
    /* the forms */
    ibidi_verdict_text ascii;    /* a domain name's ToASCII form under the profile (its
                                    A-labels), else absent */
    ibidi_verdict_text unicode;  /* the Unicode form, which the findings' offsets count in */
    ibidi_verdict_text display[2]; /* the visual form (ibidi/display.h) in a left-to-right
                                      ([0]) and a right-to-left ([1]) paragraph, when the
                                      Unicode form can be displayed */
    ibidi_verdict_text skeleton;   /* UTS #39 §4: the skeleton of the host's Unicode form
                                      (ibidi/confusable.h): names with equal skeletons are
                                      confusable */
    ibidi_verdict_text bidi_skeleton[2]; /* its bidiSkeleton in a left-to-right ([0]) and a
                                            right-to-left ([1]) paragraph */
    /* every finding: IDNA, component rules, policy, look-alikes, LGR, RFC 5893 §3,
     * ambiguity, in that order; each capability's findings in the order its call makes
     * them */
    const ibidi_finding *findings;
    size_t n_findings;
    size_t n_errors;
    /* the labels of the domain name or host, in logical order */
    const ibidi_verdict_label *labels;
    size_t n_labels;
    /* facts */
    unsigned ran;                /* IBIDI_VERDICT_RAN_* */
    int bidi_domain_name;        /* RFC 5893 §1.4, on the Unicode form: a label holds R, AL
                                    or AN */
    ibidi_uts39_level restriction; /* of the most mixed label, when the policy ran */
    ibidi_uts39_level max_restriction; /* the policy's highest level (the options'), or
                                          IBIDI_UTS39_NO_LIMIT */
    ibidi_status policy_status, rfc5893_status, ambiguity_status, display_status,
        confusable_status;
                                 /* why a step did not run (IBIDI_OK when it did) */
    ibidi_verdict_profile profiles[IBIDI_VERDICT_PROFILES]; /* domain names only */
    ibidi_verdict_lgr lgr;
    size_t needed;               /* the bytes of buffer the record's parts take */
    void *allocated;             /* ibidi_verdict_make_alloc's memory (ibidi_verdict_free) */
} ibidi_verdict;

/*
 * The verdict on s[0..len) under opts, into *v; its parts go to buf (cap bytes, any
 * alignment). Returns IBIDI_OK whatever the identifier is (v->valid says); then
 * IBIDI_E_BUFFER_TOO_SMALL when cap < v->needed; IBIDI_E_INVALID_ARGUMENT for NULL with a
 * length, an unknown kind, profile, flag or level; IBIDI_E_VERDICT_WORK_TOO_SMALL when
 * opts->work holds less than ibidi_verdict_work_size(len, opts). Stack: IBIDI_VERDICT_STACK.
 */
IBIDI_API ibidi_status ibidi_verdict_make(const char *s, size_t len,
                                          const ibidi_verdict_options *opts, void *buf,
                                          size_t cap, ibidi_verdict *v);

/* Allocating convenience: the work area (when opts gives none) and the parts, released by
 * ibidi_verdict_free. After an error nothing is held. */
IBIDI_API ibidi_status ibidi_verdict_make_alloc(const char *s, size_t len,
                                                const ibidi_verdict_options *opts,
                                                ibidi_verdict *v);
/* Releases what ibidi_verdict_make_alloc allocated and zeroes the record. */
IBIDI_API void ibidi_verdict_free(ibidi_verdict *v);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_VERDICT_H */
