/*
 * ibidi/common.h: version, export macro, the library's one status enum, and the
 * error record that every failing call fills in.
 *
 * Conventions used by every ibidi function:
 *   - Inputs are pointer + length. A NULL pointer is allowed only with length 0.
 *   - Outputs go to caller buffers, given as one record: an ibidi_buf (bytes) or
 *     ibidi_buf32 (code points) of data and cap, whose len receives the size the whole
 *     result needs, also when it does not fit; then the call returns
 *     IBIDI_E_BUFFER_TOO_SMALL and the contents are unspecified (snprintf's contract,
 *     never truncating). A result of several parts fills a result record whose parts lie
 *     in one area of the caller's, with the same contract (ibidi_scan_result's text, an
 *     ibidi_buf; ibidi_verdict_make's buf and cap, the size in v->needed); lists have
 *     their own records (ibidi_findings, ibidi_iri_components, ibidi_bidi_run_list). UTF-8 outputs are not
 *     NUL-terminated; the _alloc calls allocate the same records (NUL-terminated).
 *   - A call takes at most six parameters: settings come in an options record, whose
 *     zero-initialised value (or NULL) is the documented default.
 *   - Lengths are in bytes for UTF-8 (char) and in code points for uint32_t arrays.
 *   - An optional ibidi_error* receives the status, the offset where the problem was
 *     found (in the units of the input) and the offending value.
 *   - No function keeps global mutable state: all are thread-safe.
 *   - Stack. Every header states the worst-case stack use of its functions (the whole call
 *     tree of a call, in bytes, as IBIDI_<HEADER>_STACK), measured with gcc -O2 on x86-64
 *     on the worst inputs of each function's bound (tests/test_stack.c runs each one on a
 *     thread with exactly that stack). Other compilers and options give other frames. The
 *     bound is IBIDI_STACK_MAX for identifiers of up to 253 bytes (and the twin search of
 *     ibidi/ambiguity.h at its bound), longer ones using the caller's work area.
 */
#ifndef IBIDI_COMMON_H
#define IBIDI_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define IBIDI_API
#elif defined(__GNUC__)
#define IBIDI_API __attribute__((visibility("default")))
#else
#define IBIDI_API
#endif

#define IBIDI_VERSION_MAJOR 0
#define IBIDI_VERSION_MINOR 3
#define IBIDI_VERSION_PATCH 0
#define IBIDI_VERSION_STRING "0.3.0"
#define IBIDI_UNICODE_VERSION_STRING "17.0.0"

/* The most stack, in bytes, that an entry point may need for identifiers of up to 253
 * bytes (and bidi texts of up to IBIDI_BIDI_SMALL code points). */
#define IBIDI_STACK_MAX 32768
/* Stack of every function of this header (ibidi_findings_free and ibidi_free call free). */
#define IBIDI_COMMON_STACK 1024

/* The library's version at run time, e.g. "0.3.0". */
IBIDI_API const char *ibidi_version(void);
/* The Unicode version of the compiled-in tables, "17.0.0". */
IBIDI_API const char *ibidi_unicode_version(void);

/*
 * Status codes. Values are explicit and stable: a value is never removed, renumbered
 * or reused; new ones are added in the range of their capability.
 *   0        success
 *   1..99    use of the API and resources
 *   100..149 encodings (UTF-8, code point values)
 *   150..199 text syntax read by helper parsers (code point notation)
 *   200..299 the bidirectional algorithm (ibidi/bidi.h)
 *   300..399 IDNA: Punycode (RFC 3492) and name processing (ibidi/idna.h)
 *   400..499 identifiers: structure, rules, display, conversions (ibidi/iri.h,
 *            ibidi/display.h), and the ambiguity analysis (ibidi/ambiguity.h)
 *   500..549 registry policy: Label Generation Rulesets (ibidi/lgr.h)
 *   550..599 registry script policy: UTS #39 (ibidi/uts39.h)
 *   600..649 the input of a scan: zone files (ibidi/scan.h)
 *   650..699 the verdict (ibidi/verdict.h)
 *   700..749 how to show an identifier (ibidi/show.h)
 *   later capabilities take ranges of 50.
 */
typedef enum ibidi_status {
    IBIDI_OK = 0,

    IBIDI_E_INVALID_ARGUMENT = 1, /* NULL pointer with a non-zero length, unknown enum value */
    IBIDI_E_BUFFER_TOO_SMALL = 2, /* output did not fit; the buffer's len holds the size
                                     needed */
    IBIDI_E_NOMEM = 3,            /* an allocating wrapper could not allocate */
    IBIDI_E_TOO_LONG = 4,         /* a length would overflow size_t arithmetic */
    IBIDI_E_TEMP_FILE = 5,        /* a temporary file could not be created, written or read
                                     (ibidi_error.value holds the errno) */
    IBIDI_E_INTERRUPTED = 6,      /* the caller's stop callback ended a long call (the twin
                                     search's ibidi_ambiguity_options.stop_fn) */

    IBIDI_E_UTF8_TRUNCATED = 100,      /* sequence cut short by the end or a
                                          non-continuation byte */
    IBIDI_E_UTF8_UNEXPECTED_CONT = 101, /* continuation byte 80..BF where a sequence must start */
    IBIDI_E_UTF8_INVALID_BYTE = 102,   /* F8..FF: never appears in UTF-8 */
    IBIDI_E_UTF8_OVERLONG = 103,       /* C0, C1, E0 80..9F, F0 80..8F: overlong encoding */
    IBIDI_E_UTF8_SURROGATE = 104,      /* ED A0..BF: encodes a surrogate D800..DFFF */
    IBIDI_E_UTF8_TOO_LARGE = 105,      /* F4 90..BF, F5..F7: encodes a value above 10FFFF */
    IBIDI_E_CP_SURROGATE = 106,        /* code point input holds a surrogate D800..DFFF */
    IBIDI_E_CP_TOO_LARGE = 107,        /* code point input holds a value above 10FFFF */

    IBIDI_E_CP_SYNTAX = 150, /* "U+XXXX" or hex code point notation not understood */
    IBIDI_E_NOTATION_SYNTAX = 151,   /* Bidi Notation text with a byte that is not ASCII */
    IBIDI_E_CLASS_NAME = 152,        /* not a Bidi_Class name (L, R, AL, EN ... PDI) */
    IBIDI_E_LINE_TOO_LONG = 153,     /* a line of a command's standard input over 1 MiB
                                        (the command keeps no longer line: ibidi(1)) */

    IBIDI_E_BIDI_WORK_TOO_SMALL = 200, /* input above IBIDI_BIDI_SMALL code points without a
                                          work area of ibidi_bidi_work_size(n) bytes */
    IBIDI_E_BIDI_LEVEL = 201,          /* a level above IBIDI_BIDI_MAX_DEPTH + 1 given to L2 */

    IBIDI_E_PUNYCODE_BAD_INPUT = 300,  /* not a basic code point / not a base-36 digit */
    IBIDI_E_PUNYCODE_TRUNCATED = 301,  /* input ends inside a variable-length integer */
    IBIDI_E_PUNYCODE_OVERFLOW = 302,   /* RFC 3492 §6.4: a value does not fit */
    IBIDI_E_PUNYCODE_RANGE = 303,      /* decodes to a surrogate or a value above 10FFFF */
    IBIDI_E_PUNYCODE_NOT_CANONICAL = 304, /* valid, but not what the encoder produces */
    IBIDI_E_PUNYCODE_TOO_LONG = 305,   /* more than IBIDI_PUNYCODE_MAX_CPS code points */
    IBIDI_E_IDNA_INVALID = 310,        /* the name breaks rules: see its findings */
    IBIDI_E_IDNA_TOO_LONG = 311,       /* more than IBIDI_IDNA_MAX_CPS code points after mapping */
    IBIDI_E_IDNA_WORK_TOO_SMALL = 312, /* a name mapped to more code points than the fixed
                                          area holds (never one of up to 253 bytes) without a
                                          work area of ibidi_idna_work_size() bytes */

    IBIDI_E_IDENT_EMPTY = 400,         /* empty identifier */
    IBIDI_E_IDENT_CONTROL = 401,       /* a control character (Cc), NUL included */
    IBIDI_E_IDENT_BIDI_CONTROL = 402,  /* a bidi formatting character (RFC 3987 §4.1) */
    IBIDI_E_IDENT_INVALID = 403,       /* components break rules: see the findings */
    IBIDI_E_IRI_SCHEME = 410,          /* RFC 3987 §2.2 scheme syntax */
    IBIDI_E_IRI_CHAR = 411,            /* a character the component does not allow */
    IBIDI_E_IRI_PERCENT = 412,         /* "%" not followed by two hexadecimal digits */
    IBIDI_E_IRI_HOST = 413,            /* malformed IP-literal, IPv6 or IPvFuture host */
    IBIDI_E_IRI_PORT = 414,            /* port with other characters than digits */
    IBIDI_E_IRI_HOST_IDNA = 415,       /* IRI to URI: IDNA ToASCII rejects the host */
    IBIDI_E_URI_NOT_ASCII = 416,       /* URI to IRI: a URI is US-ASCII (RFC 3986 §2) */
    IBIDI_E_DOMAIN_EMPTY_LABEL = 420,  /* empty label other than the root */
    IBIDI_E_DOMAIN_LABEL_TOO_LONG = 421, /* label over 63 octets */
    IBIDI_E_DOMAIN_TOO_LONG = 422,     /* name over 253 octets */
    IBIDI_E_DOMAIN_CHAR = 423,         /* space or an ASCII delimiter inside a domain name */
    IBIDI_E_EMAIL_SYNTAX = 430,        /* RFC 5321 §4.1.2 / RFC 6531 §3.3 Mailbox syntax */
    IBIDI_E_EMAIL_LOCAL_TOO_LONG = 431, /* local part over 64 octets */
    IBIDI_E_DISPLAY_WORK_TOO_SMALL = 440, /* identifier above IBIDI_DISPLAY_SMALL without a
                                             work area of ibidi_display_work_size() bytes */
    IBIDI_E_CONVERT_MARK = 450,        /* textual form: a mark missing or out of place */
    IBIDI_E_CONVERT_EMBEDDING = 451,   /* textual form: LRE ... PDF missing or not expected */
    IBIDI_E_CONVERT_VISUAL = 452,      /* visual form: a component no logical text shows as */
    IBIDI_E_CONVERT_RESTRICTION = 453, /* a component breaks Duerst 2001 §5 restriction 1
                                          (mixed, or not starting right-to-left) */
    IBIDI_E_CONVERT_PROOF = 454,       /* the textual form does not display as the
                                          identifier: its proof by the UBA fails */
    IBIDI_E_CONVERT_ROUND_TRIP = 455,  /* the visual form would not read back as the
                                          identifier (Duerst 2001 §5) */
    IBIDI_E_AMBIG_CONTROL = 460,       /* Badami: a bidi formatting character, or class B or
                                          S, in text given to the ambiguity analysis */
    IBIDI_E_TWINS_TOO_LONG = 461,      /* more than IBIDI_AMBIGUITY_TWINS_MAX code points */
    IBIDI_E_AMBIG_TOO_LONG = 462,      /* more than IBIDI_AMBIGUITY_MAX_BYTES bytes to analyse */
    IBIDI_E_AMBIG_WORK_TOO_SMALL = 463, /* the analysis of a long identifier (over 256 bytes)
                                           or the exact one without the work area it needs */
    IBIDI_E_RFC5893_CLASS = 470,       /* RFC 5893 checks: a Bidi class value out of range */
    IBIDI_E_RFC5893_TOO_LONG = 471,    /* RFC 5893 checks: a label over 63 characters */

    IBIDI_E_LGR_XML = 500,             /* LGR document: not well-formed XML */
    IBIDI_E_LGR_LIMIT = 501,           /* LGR document: over a size, count or depth limit */
    IBIDI_E_LGR_ENTITY = 502,          /* LGR document: an entity declaration or reference */
    IBIDI_E_LGR_ELEMENT = 503,         /* LGR document: element or attribute RFC 7940 does not
                                          allow there */
    IBIDI_E_LGR_CODE_POINT = 504,      /* LGR document: bad code point, range or sequence */
    IBIDI_E_LGR_DUPLICATE = 505,       /* LGR document: something defined twice */
    IBIDI_E_LGR_REFERENCE = 506,       /* LGR document: undefined rule, class, tag or ref */
    IBIDI_E_LGR_CYCLE = 507,           /* LGR document: a rule or class refers to itself */
    IBIDI_E_LGR_PROPERTY = 508,        /* LGR document: an unknown Unicode property or value */
    IBIDI_E_LGR_FILE = 509,            /* LGR document: the file cannot be read */
    IBIDI_E_LGR_LABEL_TOO_LONG = 510,  /* a label over IBIDI_LGR_MAX_LABEL code points */
    IBIDI_E_LGR_NOT_ELIGIBLE = 511,    /* variants or index of a label that is not eligible */
    IBIDI_E_LGR_NO_INDEX = 512,        /* RFC 7940 §8.5: variant sets not symmetric and
                                          transitive, so no index label */
    IBIDI_E_LGR_REPERTOIRE = 513,      /* RFC 7940 §8.1: a code point outside the repertoire */
    IBIDI_E_LGR_CONTEXT = 514,         /* RFC 7940 §8.1: a when / not-when rule does not hold */
    IBIDI_E_LGR_INVALID_DISPOSITION = 515, /* RFC 7940 §8.1, §8.1.1: an action gives the label
                                              the disposition "invalid" */

    IBIDI_E_UTS39_INVALID = 550,       /* the name breaks the registry's script policy
                                          (UTS #39 §5.2, §5.3): see its findings */

    IBIDI_E_ZONE_QUOTE = 600,          /* zone file: a quoted string not closed on its line */
    IBIDI_E_ZONE_PAREN = 601,          /* zone file: ")" without "(", "(" never closed, or
                                          parentheses in a directive */
    IBIDI_E_ZONE_ESCAPE = 602,         /* zone file: "\" ending a line, or a bad "\DDD" */
    IBIDI_E_ZONE_NAME = 603,           /* zone file: an empty label, a label over 63 or a
                                          name over 255 octets (RFC 1035 §2.3.4) */
    IBIDI_E_ZONE_DIRECTIVE = 604,      /* zone file: $ORIGIN or $INCLUDE without its name,
                                          $TTL without a TTL */
    IBIDI_E_ZONE_NO_ORIGIN = 605,      /* zone file: a relative name or "@", no origin */
    IBIDI_E_ZONE_NO_OWNER = 606,       /* zone file: a record line starting with a blank
                                          before any owner */
    IBIDI_E_ZONE_NUL = 607,            /* zone file: a NUL byte in a line (text has none;
                                          a name's zero octet is written \000) */
    IBIDI_E_SCAN_LINE_TOO_LONG = 608,  /* a line of a list or a zone file over
                                          IBIDI_SCAN_LINE_MAX bytes (ibidi/scan.h) */
    IBIDI_E_SCAN_GZIP = 609,           /* a gzip-compressed input ends early or is corrupt:
                                          ibidi_error.offset is the byte of the compressed
                                          input where it broke (reported by ibidi scan) */

    IBIDI_E_VERDICT_WORK_TOO_SMALL = 650, /* a verdict (ibidi/verdict.h) without a work area of
                                             ibidi_verdict_work_size() bytes */

    IBIDI_E_SHOW_WORK_TOO_SMALL = 700 /* a decision of how to show (ibidi/show.h) without a
                                         work area of ibidi_show_work_size() bytes */
} ibidi_status;

/* Where and why a call failed. Every field is set by a failing call that receives it;
 * on success status is IBIDI_OK and the other fields are 0. */
typedef struct ibidi_error {
    ibidi_status status; /* the same value the call returned */
    size_t offset;       /* start of the problem: byte offset in UTF-8 input, index in
                            code point input */
    uint32_t value;      /* the offending byte or code point when there is one (for
                            IBIDI_E_TEMP_FILE the errno), else 0 */
} ibidi_error;

/* A sentence naming the rule that was broken, e.g. for IBIDI_E_UTF8_SURROGATE
 * "ill-formed UTF-8: ED A0..BF encodes a surrogate (Unicode 17.0 §3.9, Table 3-7)".
 * Never NULL; unknown values give "unknown status". */
IBIDI_API const char *ibidi_strerror(ibidi_status status);
/* The enumerator's name without prefix, e.g. "UTF8_SURROGATE"; "OK" for 0; NULL if unknown. */
IBIDI_API const char *ibidi_status_name(ibidi_status status);

/* The direction of a paragraph: forced by a higher-level protocol (UAX #9 HL1), or found
 * by P2-P3. The display calls and the ambiguity analysis take IBIDI_DIR_LTR (the standard
 * display model: an identifier alone in a left-to-right embedding) or IBIDI_DIR_RTL (the
 * identifier as it is in a right-to-left paragraph). */
typedef enum ibidi_dir {
    IBIDI_DIR_LTR = 0,     /* paragraph level 0 */
    IBIDI_DIR_RTL = 1,     /* paragraph level 1 */
    IBIDI_DIR_AUTO = 2,    /* P2-P3: the first strong character; LTR when there is none */
    IBIDI_DIR_AUTO_RTL = 3 /* P2-P3, RTL when there is no strong character */
} ibidi_dir;

/* ---- Output buffers ---------------------------------------------------------------------
 *
 * Every call that writes text or code points takes one of these records: the caller's
 * memory (data, cap) and, after the call, the size the whole result needs (len), as
 * snprintf returns it. data may be NULL with cap 0 (a call that only measures). When the
 * result does not fit, the call returns IBIDI_E_BUFFER_TOO_SMALL with len set, and the
 * contents of data are unspecified; nothing is ever truncated silently. UTF-8 output is
 * not NUL-terminated. The _alloc calls take the same record: they allocate data
 * themselves (NUL-terminated; release with ibidi_free), ignore cap, and leave data NULL
 * after an error. */
typedef struct ibidi_buf {
    char *data;
    size_t cap; /* bytes */
    size_t len; /* out: the bytes the whole result takes */
} ibidi_buf;

/* The same for code points: cap and len count uint32_t values. */
typedef struct ibidi_buf32 {
    uint32_t *data;
    size_t cap;
    size_t len; /* out */
} ibidi_buf32;

/* A part of an input: present or not, and where (bytes). */
typedef struct ibidi_span {
    size_t start;
    size_t length;
    int present; /* 1 when the part exists (it may still be empty, as in "http://?q") */
} ibidi_span;

/* ---- Findings -------------------------------------------------------------------------
 *
 * A call that checks rules reports every rule broken as one finding; all capabilities use
 * the same record and one table of codes. A code's value is stable: never renumbered or
 * reused. The ranges:
 *   1..99     IDNA (ibidi/idna.h, IBIDI_IDNA_*): the status codes of UTS #46 and
 *             IdnaTestV2.txt ("B1", "V6", "A4_2"), IDNA2008's own, and two warnings
 *   101..199  the bidi rules on identifier components (ibidi/iri.h, IBIDI_IRI_*)
 *   201..299  bidi ambiguity (ibidi/ambiguity.h, IBIDI_AMBIGUITY_*)
 *   301..399  RFC 5893 §3 requirements (ibidi/rfc5893.h, IBIDI_RFC5893_REQ_*)
 *   401..449  registry policy: UTS #39 restriction levels and mixed numbers (ibidi/uts39.h,
 *             IBIDI_UTS39_*)
 *   451..499  registry policy: Label Generation Rulesets (ibidi/lgr.h, IBIDI_LGR_*)
 *   701..749  look-alikes: UTS #39 §3.1 and §4 (ibidi/confusable.h, IBIDI_CONFUSABLE_*)
 *   751..799  how to show an identifier: the checks of browsers' display policies that no
 *             other capability makes (ibidi/show.h, IBIDI_SHOW_*)
 * Every code and every status has one row in the library's table of codes
 * (ibidi_code_describe, below), and codes are listed in one order everywhere.
 */
typedef int ibidi_code;

/* An error makes the input invalid; a warning never does. A finding is one or the other;
 * the table of codes also describes statuses: a call fails with them, or succeeds. */
typedef enum ibidi_severity {
    IBIDI_SEVERITY_ERROR = 0,
    IBIDI_SEVERITY_WARNING = 1,
    IBIDI_SEVERITY_FAILURE = 2, /* the table's statuses: the call fails with it */
    IBIDI_SEVERITY_SUCCESS = 3  /* the table's IBIDI_OK */
} ibidi_severity;

/* A finding that concerns no label or component. */
#define IBIDI_NO_PART ((size_t)-1)

typedef struct ibidi_finding {
    ibidi_code code;
    ibidi_severity severity; /* under the options of the call that made it */
    const char *rule;        /* a sentence naming the rule: ibidi_code_message(code) */
    size_t part;             /* the label (IDNA) or component (identifiers, ambiguity) it
                                concerns, counted from 0, or IBIDI_NO_PART */
    size_t offset;           /* where: bytes in UTF-8 input, index in code point input */
    size_t length;           /* how much from offset (same units); 0 for a position */
    uint32_t cp;             /* the code point at offset, 0 if none */
    int bidi_class;          /* its Bidi_Class (ibidi_unicode_bc), or -1 */
    ibidi_dir context;       /* ambiguity findings: the paragraph direction they hold in;
                                IBIDI_DIR_LTR for the others */
    int detail;              /* per code: IBIDI_IRI_HOST_BIDI_RULE the condition broken as its
                                IDNA code (IBIDI_IDNA_B1..B6); IBIDI_AMBIGUITY_NUMBER_SEPARATOR the
                                expression (1-6); IBIDI_IDNA_A4_2 IBIDI_IDNA_ROOT_LABEL when
                                the empty label is the root label; IBIDI_UTS39_RESTRICTION_LEVEL
                                the label's level; IBIDI_UTS39_MIXED_NUMBERS the zero of the
                                first decimal system; IBIDI_LGR_INELIGIBLE the status that
                                says why (IBIDI_E_LGR_REPERTOIRE, _CONTEXT,
                                _INVALID_DISPOSITION);
                                IBIDI_LGR_NOT_REGISTRABLE the deciding action; else 0 */
    size_t input_offset;     /* the same place in the caller's input, in its units: */
    size_t input_length;     /* offset and length for every call but a verdict
                                (ibidi/verdict.h), whose offset and length count in the
                                identifier's Unicode form and these in the input as given
                                (an A-label's place, say) */
} ibidi_finding;

/* Where a call puts its findings: the first cap go to items (which may be NULL with cap 0);
 * n counts them all, possibly more than cap, and errors those of severity error. The
 * call's status is decided by all of them, stored or not. The _alloc calls allocate items
 * themselves (release with ibidi_findings_free). */
typedef struct ibidi_findings {
    ibidi_finding *items;
    size_t cap;
    size_t n;      /* out */
    size_t errors; /* out */
} ibidi_findings;

/* The code's name: "B1", "MIXED_DIRECTION", "NUMBER_LEVEL"...; NULL if unknown. */
IBIDI_API const char *ibidi_code_name(ibidi_code code);
/* A sentence naming the rule, e.g. for IBIDI_IDNA_B3 "RFC 5893 rule 3: an RTL label must end
 * with R, AL, EN or AN, followed by NSM*". Never NULL ("unknown finding"). */
IBIDI_API const char *ibidi_code_message(ibidi_code code);
/* The code of a name (exact, case-sensitive); -1 when unknown. */
IBIDI_API ibidi_code ibidi_code_from_name(const char *name, size_t len);
/* The distinct codes of the error findings f[0..n) (warnings left out; f may be NULL with n
 * 0), in the one order of codes (ibidi_code_order): "[B1, V6]", "[]" when there is none,
 * into out (out->len: the bytes the whole text takes; IBIDI_E_BUFFER_TOO_SMALL when it
 * does not fit). At most 64 distinct codes are listed. No allocation.
 * Stack: IBIDI_COMMON_STACK. */
IBIDI_API ibidi_status ibidi_findings_codes(const ibidi_finding *f, size_t n, ibidi_buf *out);

/* ---- The table of codes -----------------------------------------------------------------
 *
 * One row for every finding code and every status: what `ibidi explain` prints, what the
 * Python exceptions and the SQL function ibidi_codes() read, so that no client keeps a
 * table of its own. */
typedef enum ibidi_code_type {
    IBIDI_CODE_FINDING = 0, /* an ibidi_code */
    IBIDI_CODE_STATUS = 1   /* an ibidi_status */
} ibidi_code_type;

typedef struct ibidi_code_info {
    ibidi_code_type type;
    int value;                 /* the code or the status */
    const char *name;          /* "B3", "NUMBER_LEVEL", "UTF8_TRUNCATED" */
    const char *enumerator;    /* "IBIDI_IDNA_B3", "IBIDI_E_UTF8_TRUNCATED" */
    const char *capability;    /* the header that defines it: "idna", "iri", "ambiguity",
                                  "rfc5893", "uts39", "lgr", "common", "utf8", "bidi",
                                  "punycode", "display", "scan", "verdict", "show" */
    const char *group;         /* the family of rules: "bidi-rule", "context", "code-point",
                                  "hyphen", "label", "punycode", "length", "encoding" (the
                                  IDNA ones, which Python's exception classes follow),
                                  "component-rules", "ambiguity", "rfc5893",
                                  "script-policy", "lgr", "lgr-document", "identifier",
                                  "display", "zone", "syntax", "bidi", "api", "idna", "show",
                                  "success" */
    ibidi_severity severity;   /* a finding: ERROR or WARNING, by default; a status:
                                  FAILURE, SUCCESS for IBIDI_OK */
    const char *severity_note; /* how options change the severity, or NULL */
    const char *text;          /* a short text: "RTL label does not end with R, AL, EN or AN" */
    const char *rule;          /* the rule it cites: "RFC 5893 §2 rule 3", or NULL */
    const char *message;       /* the sentence: ibidi_code_message, ibidi_strerror */
    const char *from;          /* the calls and the commands that report it */
    const char *example;       /* a command line whose output shows it, or NULL */
    const char *example_shows; /* what that output shows for it, when not its name */
    const char *note;          /* more to know (why there is no example), or NULL */
} ibidi_code_info;

/* The row of a finding code or a status; NULL for a value that is none. One read. */
IBIDI_API const ibidi_code_info *ibidi_code_describe(ibidi_code_type type, int value);
/* Every row, the finding codes by value and then the statuses by value; *n gets the count. */
IBIDI_API const ibidi_code_info *ibidi_code_table(size_t *n);
/* Where a code or status goes in every list of codes: IdnaTestV2.txt's codes first, by
 * their letter P B C V U A X and then by value, then the other finding codes by value, then
 * the statuses (a reason such as "DOMAIN_CHAR") by value. Smaller comes first; -1 for a
 * value that is none. */
IBIDI_API int ibidi_code_order(ibidi_code_type type, int value);

/* Releases the items of findings filled by an _alloc call and zeroes the record. */
IBIDI_API void ibidi_findings_free(ibidi_findings *findings);

/* Frees memory returned by the allocating wrappers (*_alloc functions). */
IBIDI_API void ibidi_free(void *p);

#ifdef __cplusplus
}
#endif
#endif /* IBIDI_COMMON_H */
