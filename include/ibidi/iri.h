/*
 * ibidi/iri.h: the structure of Internet identifiers and the rules on their components.
 *
 *   - parsing a domain name into labels, an IRI reference (RFC 3987 §2.2) into scheme,
 *     userinfo, host labels (or IPv4 address, or IP-literal), port, path segments (and
 *     their extensions), query names and values, and fragment, and a mail address
 *     (RFC 5321 §4.1.2 with RFC 6531 §3.3) into local part and domain;
 *   - the bidi rules on components: RFC 3987 §4.2 and the 2012 bidi IRI guidelines §3,
 *     the IDNA Bidi Rule (RFC 5893) on host labels, Duerst 2001 §5 on request;
 *   - percent-encoding of a whole component (the fallback of the 2012 guidelines §3),
 *     IRI to URI (RFC 3987 §3.1, the host through IDNA ToASCII) and URI to IRI (§3.2).
 *
 * A component is a span of the input (no copies). What lies between components is
 * delimiters ("://", ".", "/", "?", "=", "&", "#", "@", ...): the structural characters
 * whose display the bidi algorithm moves around (RFC 3987 §4.2). Conventions are those of
 * ibidi/common.h; nothing here allocates but the _alloc calls. The calls that check or
 * convert take ibidi_iri_options (what the input is, IBIDI_IRI_* option bits, and the IDNA
 * processing of hosts); a NULL pointer or a zero-initialised record means: decide what the
 * input is, no option, hosts by the uts46 profile.
 */
#ifndef IBIDI_IRI_H
#define IBIDI_IRI_H

#include "common.h"
#include "idna.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Worst-case stack, in bytes (gcc -O2, x86-64): the conversions and ibidi_iri_validate,
 * and the other calls. */
#define IBIDI_IRI_STACK 30720
#define IBIDI_IRI_PARSE_STACK 4096

/* ---- Structure --------------------------------------------------------------------- */

/* What an input is taken to be. */
typedef enum ibidi_iri_kind {
    IBIDI_IRI_AS_AUTO = 0,   /* decide: a scheme ("x:") or "/", "?", "#" make an IRI
                               reference, else an "@" a mail address, else a domain name */
    IBIDI_IRI_AS_DOMAIN = 1, /* a domain name: labels separated by U+002E, U+3002, U+FF0E or
                               U+FF61 (the separators of UTS #46 and RFC 3490 §3.1) */
    IBIDI_IRI_AS_IRI = 2,    /* an IRI reference (RFC 3987 §2.2 IRI-reference) */
    IBIDI_IRI_AS_EMAIL = 3   /* a mail address (RFC 5321 Mailbox, RFC 6531 UTF8-non-ascii) */
} ibidi_iri_kind;

/* The kind of a component. */
typedef enum ibidi_iri_component_kind {
    IBIDI_IRI_COMP_SCHEME = 1,       /* scheme (ASCII) */
    IBIDI_IRI_COMP_USERINFO = 2,     /* iuserinfo */
    IBIDI_IRI_COMP_LABEL = 3,        /* one label of a domain name or an ireg-name */
    IBIDI_IRI_COMP_IPV4 = 4,         /* IPv4address (the host as a whole) */
    IBIDI_IRI_COMP_IP_LITERAL = 5,   /* the inside of "[...]": IPv6address or IPvFuture, or a
                                    mail address literal */
    IBIDI_IRI_COMP_PORT = 6,         /* port digits */
    IBIDI_IRI_COMP_SEGMENT = 7,      /* a path segment, up to its first "." (a dot-segment "."
                                    or ".." is one SEGMENT) */
    IBIDI_IRI_COMP_EXTENSION = 8,    /* a part of a path segment after a "." (2012 guidelines
                                    §3: "the extensions in a resource name") */
    IBIDI_IRI_COMP_QUERY_NAME = 9,   /* a query parameter name (the query split at "&" and
                                    ";", each parameter at its first "=") */
    IBIDI_IRI_COMP_QUERY_VALUE = 10, /* a query parameter value */
    IBIDI_IRI_COMP_FRAGMENT = 11,    /* ifragment */
    IBIDI_IRI_COMP_LOCAL_ATOM = 12,  /* one dot-separated atom of a Dot-string local part */
    IBIDI_IRI_COMP_LOCAL_QUOTED = 13 /* a Quoted-string local part, without its quotes */
} ibidi_iri_component_kind;

typedef struct ibidi_iri_component {
    size_t start;  /* byte offset of its first byte */
    size_t length; /* bytes; 0 for an empty component (e.g. the segment between "//" in a
                      path, or an empty query value after "=") */
    ibidi_iri_component_kind kind;
} ibidi_iri_component;

/* The components of an identifier, as ibidi_findings holds findings: ibidi_iri_parse puts
 * the first cap in items (which may be NULL with cap 0) and counts them all in n, also
 * when there are more than cap (then IBIDI_E_BUFFER_TOO_SMALL), so that one record says
 * both where they are and how many. ibidi_iri_check and the display calls (the comps of
 * ibidi_display_options) read items[0..n), and refuse a record with n above cap: one
 * whose parse did not store them all. ibidi_iri_parse_alloc allocates items (release with
 * ibidi_free). */
typedef struct ibidi_iri_components {
    ibidi_iri_component *items;
    size_t cap;
    size_t n; /* out */
} ibidi_iri_components;

/* The large parts of a parsed identifier. Spans are in bytes of the input; the host span
 * covers the whole host (with the brackets of an IP-literal). The number of components is
 * the components record's n, not repeated here. */
typedef struct ibidi_iri_info {
    ibidi_iri_kind kind; /* what the input was parsed as (never AUTO) */
    ibidi_span scheme, authority, userinfo, host, port, path, query, fragment;
    ibidi_span local_part; /* mail addresses: the local part, quotes included */
    int host_kind;         /* 0 none, IBIDI_IRI_COMP_LABEL (a reg-name or domain),
                              IBIDI_IRI_COMP_IPV4 or IBIDI_IRI_COMP_IP_LITERAL */
} ibidi_iri_info;

/* Longest domain name and label in octets (RFC 1034 §3.1, RFC 5890 §2.3.2.1), longest
 * local part of a mail address (RFC 5321 §4.5.3.1.1). The limits apply to domain names
 * and mail addresses: an IRI's reg-name is not limited by its syntax, and its labels'
 * lengths are a matter for IDNA (ibidi_iri_to_uri, ibidi_iri_check). */
#define IBIDI_IRI_DOMAIN_MAX_OCTETS 253
#define IBIDI_IRI_LABEL_MAX_OCTETS 63
#define IBIDI_IRI_LOCAL_PART_MAX_OCTETS 64

/*
 * Parses UTF-8 input as `as` says into components, in logical order: comps->items gets up
 * to comps->cap of them and comps->n their number, which is also stored when cap is too
 * small (then IBIDI_E_BUFFER_TOO_SMALL), and is 0 after any other error. comps may be
 * NULL: a record of capacity 0 whose count is not kept (so IBIDI_E_BUFFER_TOO_SMALL for an
 * input that has components). info (may be NULL) gets the parts. A capacity of len + 2
 * components always suffices.
 *
 * Errors, each with the byte offset where the input broke the rule:
 *   - the UTF-8 decoder's statuses;
 *   - IBIDI_E_IDENT_EMPTY, IBIDI_E_IDENT_CONTROL (a Cc character, NUL included),
 *     IBIDI_E_IDENT_BIDI_CONTROL (LRM, RLM, ALM, LRE, RLE, LRO, RLO, PDF, LRI, RLI, FSI,
 *     PDI: RFC 3987 §4.1, Duerst 2001 §5 restriction 2);
 *   - IRIs: IBIDI_E_IRI_SCHEME, IBIDI_E_IRI_CHAR, IBIDI_E_IRI_PERCENT, IBIDI_E_IRI_HOST,
 *     IBIDI_E_IRI_PORT;
 *   - domain names: IBIDI_E_DOMAIN_EMPTY_LABEL, IBIDI_E_DOMAIN_LABEL_TOO_LONG,
 *     IBIDI_E_DOMAIN_TOO_LONG, IBIDI_E_DOMAIN_CHAR (a character no host may hold: space,
 *     and the ASCII delimiters of RFC 3986 §2.2 other than the label separator);
 *   - mail addresses: IBIDI_E_EMAIL_SYNTAX, IBIDI_E_EMAIL_LOCAL_TOO_LONG, and the domain
 *     name errors for the domain.
 * Order: the input is first checked as text (UTF-8, Cc, bidi formatting characters) from
 * left to right, then as structure, so an encoding or control error anywhere comes before
 * any syntax error; within each pass the leftmost broken rule is reported. Syntax errors
 * come before IBIDI_E_BUFFER_TOO_SMALL. IBIDI_E_DOMAIN_CHAR applies to domain names and to
 * the domain of a mail address; an IRI's host reports IBIDI_E_IRI_HOST or IBIDI_E_IRI_CHAR.
 * A trailing label separator (the root label) is allowed in a domain name and gives no
 * component.
 */
IBIDI_API ibidi_status ibidi_iri_parse(const char *s, size_t len, ibidi_iri_kind as,
                                       ibidi_iri_components *comps, ibidi_iri_info *info,
                                       ibidi_error *err);

/* Allocating convenience: every component in comps->items, allocated (release with
 * ibidi_free; not NULL after success, even with no component), their number in comps->n
 * and comps->cap (the cap given is ignored); after an error items is NULL and n 0. comps
 * NULL: IBIDI_E_INVALID_ARGUMENT. */
IBIDI_API ibidi_status ibidi_iri_parse_alloc(const char *s, size_t len, ibidi_iri_kind as,
                                             ibidi_iri_components *comps, ibidi_iri_info *info,
                                             ibidi_error *err);

/* "scheme", "userinfo", "label", "ipv4", "ip-literal", "port", "segment", "extension",
 * "query-name", "query-value", "fragment", "local-atom", "local-quoted"; NULL if unknown. */
IBIDI_API const char *ibidi_iri_component_kind_name(ibidi_iri_component_kind kind);
/* "auto", "domain", "iri", "email"; NULL if unknown. */
IBIDI_API const char *ibidi_iri_kind_name(ibidi_iri_kind kind);

/* ---- Component rules --------------------------------------------------------------- */

/* The codes of the findings of ibidi_iri_check (ibidi_finding.code, named by
 * ibidi_code_name; common.h: 101-199 are the identifier rules'). A finding's part is the
 * index of the component (for HOST_BIDI_RULE the host's label), offset the byte offset in
 * the identifier, cp the code point there (0 if none), bidi_class its class (or -1), detail
 * for HOST_BIDI_RULE the IDNA code of the condition broken (IBIDI_IDNA_B1..B6), and
 * severity says whether it is an error under the options of the check. */
typedef enum ibidi_iri_code {
    /* RFC 3987 §4.2 rule 1, 2012 guidelines §3: SHOULD NOT use both right-to-left (R, AL)
     * and left-to-right (L) characters. Warning (error with IBIDI_IRI_DUERST2001:
     * Duerst 2001 §5 restriction 1 says MUST NOT). */
    IBIDI_IRI_MIXED_DIRECTION = 101,
    /* RFC 3987 §4.2 rule 2, 2012 guidelines §3: a component using right-to-left characters
     * SHOULD start with one. Warning. */
    IBIDI_IRI_RTL_START = 102,
    /* 2012 guidelines §3: ... and SHOULD end with a right-to-left character, potentially
     * followed by NSM*. Warning. */
    IBIDI_IRI_RTL_END = 103,
    /* Duerst 2001 §5 restriction 3: a component using right-to-left characters MUST NOT
     * use any other class (neutrals, numbers). Error, only with IBIDI_IRI_DUERST2001. */
    IBIDI_IRI_RTL_OTHER_CLASS = 104,
    /* The host's labels break the IDNA Bidi Rule (RFC 5893 §2); idna_code names the
     * condition (B1-B6). Error. */
    IBIDI_IRI_HOST_BIDI_RULE = 105,
    /* 2012 guidelines §5 Examples 10 and 11, RFC 5893 §2 (end): a component starting with
     * a digit follows a component that ends right-to-left with only delimiters between;
     * the two may display in either order. Warning. */
    IBIDI_IRI_DIGIT_AFTER_RTL = 106
} ibidi_iri_code;

/* ---- Options --------------------------------------------------------------------------- */

/* Option bits (ibidi_iri_options.flags); each has its own bit, and each call reads those it
 * names. The host's Bidi Rule label by label is IDNA's own IBIDI_IDNA_BIDI_PER_LABEL, in
 * the options' idna record. */
#define IBIDI_IRI_DUERST2001 0x1u /* check: Duerst 2001 §5, restriction 1 an error, 3 checked */
#define IBIDI_IRI_STRICT 0x4u     /* check: warnings are errors: any finding makes it invalid */
#define IBIDI_IRI_HOST_PERCENT 0x10u /* to URI: keep the host percent-encoded (RFC 3987 §3.1
                                        step 2) instead of converting it with IDNA ToASCII */
#define IBIDI_IRI_ENCODE_ASCII 0x20u /* to URI: also percent-encode the printable ASCII
                                        characters not allowed in URIs (< > " space { } | \ ^ `),
                                        which RFC 3987 §3.1 permits systems to handle */
#define IBIDI_IRI_KEEP_UNSAFE 0x40u      /* from URI: decode also components that would then
                                            break the bidi component rules (§4.2) */
#define IBIDI_IRI_HOST_TO_UNICODE 0x100u /* from URI: convert "xn--" host labels with UTS #46
                                            ToUnicode (§3.2, scheme knowledge) */

typedef struct ibidi_iri_options {
    ibidi_iri_kind as;       /* what the input is (calls that parse); 0: decide (AUTO) */
    unsigned flags;          /* IBIDI_IRI_* bits */
    ibidi_idna_options idna; /* how hosts go through IDNA (zero: the uts46 profile) */
} ibidi_iri_options;

/*
 * Checks the components of a parsed identifier (s, and comps filled by ibidi_iri_parse on
 * the same input; NULL: no component) against the rules above. Every component gets the component rules (scheme,
 * port, IPv4 and IP-literal components hold no right-to-left characters and pass them);
 * the labels of a host (an IRI's reg-name, a domain name, a mail domain) also get the IDNA
 * Bidi Rule, which makes the component rules strict for them (RFC 3987 §4.2 note): a label
 * may pass the Bidi Rule and still get a warning, e.g. an RTL label ending with a digit.
 * A host is a run of consecutive IBIDI_IRI_COMP_LABEL components; its Bidi Rule applies to
 * each label alone with IBIDI_IDNA_BIDI_PER_LABEL in opts->idna. Findings go to *findings
 * (may be NULL), in order of offset; each one's severity is decided by the options
 * (IBIDI_IRI_DUERST2001, IBIDI_IRI_STRICT; the rules above say which are warnings).
 * Returns IBIDI_OK when no finding is an error, else IBIDI_E_IDENT_INVALID with the first
 * error's offset in err; IBIDI_E_INVALID_ARGUMENT for NULL with a non-zero length, a
 * components record with n above cap (or items NULL with n > 0), or components outside
 * the input, out of order or overlapping; the decoder's status for ill-formed UTF-8 in a
 * component (bytes between components are not read).
 */
IBIDI_API ibidi_status ibidi_iri_check(const char *s, size_t len,
                                       const ibidi_iri_components *comps,
                                       const ibidi_iri_options *opts, ibidi_findings *findings,
                                       ibidi_error *err);

/* Allocating convenience: parses s as opts->as says and checks it; every finding goes to
 * findings->items, allocated (release with ibidi_findings_free; its cap is ignored). A
 * parse error is returned as the parser's status, with no findings. */
IBIDI_API ibidi_status ibidi_iri_check_alloc(const char *s, size_t len,
                                             const ibidi_iri_options *opts,
                                             ibidi_findings *findings, ibidi_error *err);

/*
 * Is s a valid identifier of kind opts->as? It must parse (ibidi_iri_parse), pass the
 * component rules (ibidi_iri_check with the options: error-level findings only), and
 * each host (a domain name, an IRI's reg-name, a mail domain) must pass UTS #46 ToASCII
 * with opts->idna. codes gets the reasons as text, without repeats, in the one order of
 * codes (ibidi_code_order) and the form of IdnaTestV2.txt: "[]" when valid, else e.g.
 * "[B1, V6]": IDNA codes (their
 * ibidi_code_name; warnings left out), component rule codes (HOST_BIDI_RULE left out, the
 * B codes say it) and a parse error as its status name (ibidi_status_name, e.g.
 * "DOMAIN_CHAR"). codes is an ibidi_buf: codes->len gets the length needed (no NUL is
 * written), also when cap is too small (then IBIDI_E_BUFFER_TOO_SMALL); codes may be NULL,
 * a capacity of 0. Returns IBIDI_OK when valid,
 * IBIDI_E_IDENT_INVALID (with the offset of the first problem; for IDNA codes the host's
 * start plus the finding's offset in its ToUnicode form) when not. The Bidi Rule counts
 * only through the IDNA options (IBIDI_IDNA_CHECK_BIDI), so "[]" always means valid.
 * The components are kept on the stack for identifiers of up to 256 bytes (at most 258);
 * an identifier with more (only a longer one can have them) keeps them in opts->idna.work,
 * which ToASCII then uses after them: without a work area of ibidi_idna_work_size() bytes
 * it gives IBIDI_E_IDNA_WORK_TOO_SMALL. Identifiers of more than 1024 components give
 * IBIDI_E_TOO_LONG. ToASCII gets opts->idna as it is, its work area included: a host that
 * maps to more code points than IDNA's fixed area holds (1536: only a host of over 256
 * bytes can), and no work area, gives IBIDI_E_IDNA_WORK_TOO_SMALL too, with the host's
 * offset (no verdict without it); a host over IBIDI_IDNA_MAX_CPS gives the code
 * IDNA_TOO_LONG (no domain name is that long). Stack: IBIDI_IRI_STACK.
 */
IBIDI_API ibidi_status ibidi_iri_validate(const char *s, size_t len,
                                          const ibidi_iri_options *opts, ibidi_buf *codes,
                                          ibidi_error *err);
/* Allocating convenience: the codes as a NUL-terminated string in codes->data (release
 * with ibidi_free; codes->len its length, codes->cap ignored), set when the call returns
 * IBIDI_OK or IBIDI_E_IDENT_INVALID, else NULL. An identifier with more components than
 * the stack holds, or whose host needs IDNA's work area, gets one of
 * ibidi_idna_work_size() bytes when opts->idna has none. codes NULL:
 * IBIDI_E_INVALID_ARGUMENT. */
IBIDI_API ibidi_status ibidi_iri_validate_alloc(const char *s, size_t len,
                                                const ibidi_iri_options *opts, ibidi_buf *codes,
                                                ibidi_error *err);

/*
 * The identifier as users see it (RFC 5894 §4.2: U-labels are displayed, A-labels are for
 * the protocol): when the host (a domain name, an IRI's reg-name, a mail address's
 * domain; kind opts->as) holds an "xn--" label, the whole host is replaced by its UTS #46
 * ToUnicode form with opts->idna, also when ToUnicode finds rules broken (a label it
 * cannot decode stays as written; the errors are for the validity calls to report).
 * Everything else is kept byte for byte. The form goes to form (ibidi_buf: form->len the
 * size needed, IBIDI_E_BUFFER_TOO_SMALL when it does not fit; form may be NULL: a capacity
 * of 0); parse errors as ibidi_iri_parse. Whether the form differs from s is for the
 * caller to compare (form->len and the bytes): the call no longer says it in a parameter
 * of its own, which kept it above the six the API allows and only repeated what the bytes
 * show (an "xn--" label that does not decode is kept as written, so a form may be s
 * itself). `ibidi check`, `display`, `convert`, `twins` and `iri` show and analyse this
 * form, as `scan` does. Stack: IBIDI_IRI_STACK.
 */
IBIDI_API ibidi_status ibidi_iri_unicode_form(const char *s, size_t len,
                                              const ibidi_iri_options *opts, ibidi_buf *form,
                                              ibidi_error *err);
/* Allocating convenience: the form in form->data (NUL-terminated; release with
 * ibidi_free; form->len its length, form->cap ignored; NULL after an error). form NULL:
 * IBIDI_E_INVALID_ARGUMENT. */
IBIDI_API ibidi_status ibidi_iri_unicode_form_alloc(const char *s, size_t len,
                                                    const ibidi_iri_options *opts,
                                                    ibidi_buf *form, ibidi_error *err);

/* ---- Percent-encoding, IRI to URI, URI to IRI ---------------------------------------- */

/*
 * The fallback of the 2012 guidelines §3: the whole component s[0..len) percent-encoded
 * (RFC 3987 §3.1 step 2 on every character outside US-ASCII: each UTF-8 octet as %HH with
 * upper-case digits). Existing "%HH" triplets and ASCII characters are kept; a component
 * so encoded has no right-to-left characters left. Writes into out (ibidi_buf: out->len
 * the size needed, IBIDI_E_BUFFER_TOO_SMALL when it does not fit; out may be NULL: a
 * capacity of 0); the decoder's status for ill-formed UTF-8, IBIDI_E_TOO_LONG when the
 * size would overflow.
 */
IBIDI_API ibidi_status ibidi_iri_percent_encode_component(const char *s, size_t len,
                                                          ibidi_buf *out, ibidi_error *err);

/*
 * RFC 3987 §3.1: the URI of an IRI reference. Every character outside US-ASCII becomes
 * UTF-8 %HH triplets (step 2); a reg-name host is converted by UTS #46 ToASCII with
 * opts->idna unless IBIDI_IRI_HOST_PERCENT is given (IBIDI_IRI_ENCODE_ASCII: see above).
 * The input must parse as an IRI (ibidi_iri_parse's errors); a host that IDNA rejects
 * gives IBIDI_E_IRI_HOST_IDNA with the offset of its first finding; one that maps to more
 * code points than IDNA's fixed area (only a host of over 256 bytes can), when opts->idna
 * has no work area, gives IBIDI_E_IDNA_WORK_TOO_SMALL (the allocating call gives it one).
 * No normalization is applied (step 1 variant c). The URI goes to out (ibidi_buf, as the
 * calls above; out may be NULL: a capacity of 0).
 */
IBIDI_API ibidi_status ibidi_iri_to_uri(const char *iri, size_t len,
                                        const ibidi_iri_options *opts, ibidi_buf *out,
                                        ibidi_error *err);

/*
 * RFC 3987 §3.2: the IRI of a URI. Percent-encoded octets become characters where they
 * form strictly legal UTF-8 (step 3) and the character is appropriate (step 4): never
 * "%", reserved characters, ASCII not allowed in URIs, characters outside ucschar (and
 * iprivate outside the query), bidi formatting characters (§4.1), or Cc characters. Also
 * kept encoded: "%2E" (a decoded "." would make a dot-segment or a new extension), the
 * separators of General_Category Z (look-alikes of space, RFC 3987 §6.1; U+2029 would end
 * the paragraph), and in a host the label separators U+3002, U+FF0E and U+FF61. A
 * component whose decoding would break the bidi component rules (MIXED_DIRECTION,
 * RTL_START, RTL_END: 2012 guidelines §3) stays percent-encoded as a whole, unless
 * IBIDI_IRI_KEEP_UNSAFE; IBIDI_IRI_HOST_TO_UNICODE converts A-labels by ToUnicode (the
 * uts46 profile). The input must be ASCII (IBIDI_E_URI_NOT_ASCII) and parse as an IRI
 * reference. The IRI goes to out (ibidi_buf, as the calls above; out may be NULL).
 */
IBIDI_API ibidi_status ibidi_iri_from_uri(const char *uri, size_t len,
                                          const ibidi_iri_options *opts, ibidi_buf *out,
                                          ibidi_error *err);

/* Allocating convenience: the conversions into out->data, allocated and NUL-terminated
 * (release with ibidi_free; out->len its length, out->cap ignored); out->data is NULL
 * after an error. out NULL: IBIDI_E_INVALID_ARGUMENT. */
IBIDI_API ibidi_status ibidi_iri_to_uri_alloc(const char *iri, size_t len,
                                              const ibidi_iri_options *opts, ibidi_buf *out,
                                              ibidi_error *err);
IBIDI_API ibidi_status ibidi_iri_from_uri_alloc(const char *uri, size_t len,
                                                const ibidi_iri_options *opts, ibidi_buf *out,
                                                ibidi_error *err);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_IRI_H */
