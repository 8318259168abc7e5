/* The library's status codes: messages that name the rule, and stable names. */
#include <stdlib.h>

#include "ibidi/common.h"

const char *ibidi_version(void) { return IBIDI_VERSION_STRING; }

const char *ibidi_unicode_version(void) { return IBIDI_UNICODE_VERSION_STRING; }

void ibidi_free(void *p) { free(p); }

typedef struct status_info {
    ibidi_status status;
    const char *name;
    const char *message;
} status_info;

/* One row per status; the names are the enumerators without the IBIDI_ / IBIDI_E_ prefix. */
static const status_info statuses[] = {
    {IBIDI_OK, "OK", "success"},
    {IBIDI_E_INVALID_ARGUMENT, "INVALID_ARGUMENT",
     "invalid argument: a NULL pointer with a non-zero length, or an unknown option value"},
    {IBIDI_E_BUFFER_TOO_SMALL, "BUFFER_TOO_SMALL",
     "output buffer too small: the size needed was stored in *out_len"},
    {IBIDI_E_NOMEM, "NOMEM", "out of memory in an allocating wrapper"},
    {IBIDI_E_TOO_LONG, "TOO_LONG", "input too long: its size would overflow size_t arithmetic"},
    {IBIDI_E_TEMP_FILE, "TEMP_FILE",
     "a temporary file could not be created, written or read (the directory is missing or "
     "not writable, or the disk is full; the error's value is the errno)"},
    {IBIDI_E_UTF8_TRUNCATED, "UTF8_TRUNCATED",
     "ill-formed UTF-8: a multi-byte sequence is cut short by the end of input or by a byte "
     "that is not a continuation byte 80..BF (Unicode 17.0 §3.9, Table 3-7)"},
    {IBIDI_E_UTF8_UNEXPECTED_CONT, "UTF8_UNEXPECTED_CONT",
     "ill-formed UTF-8: continuation byte 80..BF where a sequence must start "
     "(Unicode 17.0 §3.9, Table 3-7)"},
    {IBIDI_E_UTF8_INVALID_BYTE, "UTF8_INVALID_BYTE",
     "ill-formed UTF-8: bytes F8..FF never occur in UTF-8 (Unicode 17.0 §3.9, Table 3-7)"},
    {IBIDI_E_UTF8_OVERLONG, "UTF8_OVERLONG",
     "ill-formed UTF-8: overlong encoding (C0, C1; E0 must be followed by A0..BF; F0 by 90..BF) "
     "(Unicode 17.0 §3.9, Table 3-7)"},
    {IBIDI_E_UTF8_SURROGATE, "UTF8_SURROGATE",
     "ill-formed UTF-8: ED A0..BF encodes a surrogate D800..DFFF; ED must be followed by 80..9F "
     "(Unicode 17.0 §3.9, Table 3-7)"},
    {IBIDI_E_UTF8_TOO_LARGE, "UTF8_TOO_LARGE",
     "ill-formed UTF-8: the sequence encodes a value above 10FFFF (F4 must be followed by "
     "80..8F; F5..F7 never occur) (Unicode 17.0 §3.9, Table 3-7)"},
    {IBIDI_E_CP_SURROGATE, "CP_SURROGATE",
     "surrogate code point D800..DFFF is not a Unicode scalar value (Unicode 17.0 §3.9, D76)"},
    {IBIDI_E_CP_TOO_LARGE, "CP_TOO_LARGE",
     "value above 10FFFF is not a Unicode code point (Unicode 17.0 §3.4, D9)"},
    {IBIDI_E_CP_SYNTAX, "CP_SYNTAX",
     "code point notation not understood: expected U+XXXX or hexadecimal digits, 0..10FFFF"},
    {IBIDI_E_NOTATION_SYNTAX, "NOTATION_SYNTAX",
     "Bidi Notation is ASCII only: A-Z right-to-left letters, a-z left-to-right, 0-9 European "
     "digits, the other characters as themselves"},
    {IBIDI_E_CLASS_NAME, "CLASS_NAME",
     "not a Bidi_Class name: L, R, AL, EN, ES, ET, AN, CS, NSM, BN, B, S, WS, ON, LRE, LRO, "
     "RLE, RLO, PDF, LRI, RLI, FSI, PDI (UAX #9 Table 4)"},
    {IBIDI_E_BIDI_WORK_TOO_SMALL, "BIDI_WORK_TOO_SMALL",
     "bidi work area too small: inputs longer than IBIDI_BIDI_SMALL (1024) code points need "
     "a caller work area of ibidi_bidi_work_size(n) bytes"},
    {IBIDI_E_BIDI_LEVEL, "BIDI_LEVEL",
     "embedding level out of range: UAX #9 BD2 allows levels 0..126 (max_depth 125 + 1)"},
    {IBIDI_E_PUNYCODE_BAD_INPUT, "PUNYCODE_BAD_INPUT",
     "invalid Punycode: only basic code points may precede the last delimiter, and only the "
     "base-36 digits a-z, A-Z, 0-9 may follow it (RFC 3492 §5, §6.2)"},
    {IBIDI_E_PUNYCODE_TRUNCATED, "PUNYCODE_TRUNCATED",
     "invalid Punycode: the input ends inside a generalized variable-length integer "
     "(RFC 3492 §3.3, §6.2)"},
    {IBIDI_E_PUNYCODE_OVERFLOW, "PUNYCODE_OVERFLOW",
     "Punycode overflow: a delta or code point value does not fit in 32 bits "
     "(RFC 3492 §6.4)"},
    {IBIDI_E_PUNYCODE_RANGE, "PUNYCODE_RANGE",
     "invalid Punycode: it decodes to a surrogate D800..DFFF or a value above 10FFFF, which is "
     "not a Unicode scalar value (RFC 3492 §6.2; Unicode 17.0 §3.9 D76)"},
    {IBIDI_E_PUNYCODE_NOT_CANONICAL, "PUNYCODE_NOT_CANONICAL",
     "non-canonical Punycode: re-encoding the decoded label gives a different string, so this "
     "is not an A-label (RFC 5891 §5.4, RFC 5890 §2.3.2.1)"},
    {IBIDI_E_PUNYCODE_TOO_LONG, "PUNYCODE_TOO_LONG",
     "Punycode input or output longer than IBIDI_PUNYCODE_MAX_CPS (4096) code points: far "
     "beyond a DNS label (63 octets, RFC 1034 §3.1), and not processed (the codec of "
     "RFC 3492 §6 is quadratic in the length)"},
    {IBIDI_E_IDNA_INVALID, "IDNA_INVALID",
     "the domain name breaks IDNA rules: each finding names the rule, the label and the offset"},
    {IBIDI_E_IDNA_TOO_LONG, "IDNA_TOO_LONG",
     "domain name longer than IBIDI_IDNA_MAX_CPS (2048) code points after mapping: far beyond "
     "the 253 octets of a DNS name (RFC 1034 §3.1), and not processed"},
    {IBIDI_E_IDNA_WORK_TOO_SMALL, "IDNA_WORK_TOO_SMALL",
     "IDNA work area too small: this name maps to more code points than the fixed area holds "
     "(1536, more than any name of up to 253 bytes gives) and needs a work area of "
     "ibidi_idna_work_size() bytes in its options"},
    {IBIDI_E_IDENT_EMPTY, "IDENT_EMPTY", "empty identifier: there is nothing to parse"},
    {IBIDI_E_IDENT_CONTROL, "IDENT_CONTROL",
     "control character (General_Category Cc, NUL included) in an identifier: no IRI, domain "
     "name or mail address may hold one (RFC 3987 §2.2, RFC 5321 §4.1.2)"},
    {IBIDI_E_IDENT_BIDI_CONTROL, "IDENT_BIDI_CONTROL",
     "bidi formatting character (LRM, RLM, ALM, LRE, RLE, LRO, RLO, PDF, LRI, RLI, FSI, PDI) "
     "in an identifier: IRIs MUST NOT contain them (RFC 3987 §4.1), nor may components "
     "(Duerst 2001 §5 restriction 2)"},
    {IBIDI_E_IDENT_INVALID, "IDENT_INVALID",
     "the identifier's components break the bidi rules: see its findings"},
    {IBIDI_E_IRI_SCHEME, "IRI_SCHEME",
     "RFC 3987 §2.2: a scheme is a letter followed by letters, digits, \"+\", \"-\" or \".\""},
    {IBIDI_E_IRI_CHAR, "IRI_CHAR",
     "RFC 3987 §2.2: character not allowed here (outside ucschar, iprivate outside the query, "
     "or an ASCII character that is neither unreserved, sub-delims nor a delimiter of this "
     "part)"},
    {IBIDI_E_IRI_PERCENT, "IRI_PERCENT",
     "RFC 3987 §2.2 pct-encoded: \"%\" must be followed by two hexadecimal digits"},
    {IBIDI_E_IRI_HOST, "IRI_HOST",
     "RFC 3987 §2.2 IP-literal: \"[\" must enclose an IPv6address or IPvFuture and be "
     "closed by \"]\""},
    {IBIDI_E_IRI_PORT, "IRI_PORT", "RFC 3987 §2.2: a port is digits only"},
    {IBIDI_E_IRI_HOST_IDNA, "IRI_HOST_IDNA",
     "RFC 3987 §3.1: IDNA ToASCII rejects the host, so the IRI has no URI with a DNS host"},
    {IBIDI_E_URI_NOT_ASCII, "URI_NOT_ASCII",
     "RFC 3986 §2: a URI consists of US-ASCII characters only"},
    {IBIDI_E_DOMAIN_EMPTY_LABEL, "DOMAIN_EMPTY_LABEL",
     "empty label: only the root label, after the last dot, may be empty "
     "(RFC 1034 §3.1, RFC 5890 §2.2)"},
    {IBIDI_E_DOMAIN_LABEL_TOO_LONG, "DOMAIN_LABEL_TOO_LONG",
     "label longer than 63 octets (RFC 1034 §3.1, RFC 5890 §2.3.2.1)"},
    {IBIDI_E_DOMAIN_TOO_LONG, "DOMAIN_TOO_LONG",
     "domain name longer than 253 octets without the root dot (RFC 1034 §3.1, "
     "RFC 5890 §2.3.2.1)"},
    {IBIDI_E_DOMAIN_CHAR, "DOMAIN_CHAR",
     "space or ASCII delimiter (RFC 3986 §2.2 gen-delims and sub-delims, \"%\") inside a "
     "domain name"},
    {IBIDI_E_EMAIL_SYNTAX, "EMAIL_SYNTAX",
     "RFC 5321 §4.1.2 Mailbox (RFC 6531 §3.3): Dot-string or Quoted-string local part, "
     "\"@\", then a domain or address literal"},
    {IBIDI_E_EMAIL_LOCAL_TOO_LONG, "EMAIL_LOCAL_TOO_LONG",
     "local part longer than 64 octets (RFC 5321 §4.5.3.1.1)"},
    {IBIDI_E_DISPLAY_WORK_TOO_SMALL, "DISPLAY_WORK_TOO_SMALL",
     "display work area too small: identifiers (with context text) longer than "
     "IBIDI_DISPLAY_SMALL (256) bytes need a work area of ibidi_display_work_size() bytes"},
    {IBIDI_E_CONVERT_MARK, "CONVERT_MARK",
     "Duerst 2001 §4.3: the textual form has an LRM before and after each component with "
     "right-to-left characters and nowhere else; here one is missing or out of place"},
    {IBIDI_E_CONVERT_EMBEDDING, "CONVERT_EMBEDDING",
     "Duerst 2001 §4.3: in a right-to-left context the textual form is LRE ... PDF around the "
     "identifier, in a left-to-right one it has no embedding"},
    {IBIDI_E_CONVERT_VISUAL, "CONVERT_VISUAL",
     "Duerst 2001 §4.4: no component in logical order displays as this visual component "
     "in its natural direction"},
    {IBIDI_E_CONVERT_RESTRICTION, "CONVERT_RESTRICTION",
     "Duerst 2001 §5 restriction 1 (RFC 3987 §4.2 rule 1): the conversions of §4.4 are "
     "defined only for identifiers whose components keep one direction and, when they use "
     "right-to-left characters, start with one; this component does not "
     "(MIXED_DIRECTION or RTL_START), so its forms would not convert back to it"},
    {IBIDI_E_CONVERT_PROOF, "CONVERT_PROOF",
     "Duerst 2001 §4.3: in this paragraph the textual form (the marks form) does not display "
     "as the identifier: the UBA shows its components out of order or split "
     "(ibidi_display_prove), so the form is not offered"},
    {IBIDI_E_CONVERT_ROUND_TRIP, "CONVERT_ROUND_TRIP",
     "Duerst 2001 §5: the visual form would not read back as the identifier, so it is not "
     "offered: read component by component in natural order it does not parse as one, or "
     "gives another text from here on (the UBA shows a character outside its component, as "
     "L1 does with a trailing neutral or ZWNJ in a right-to-left paragraph)"},
    {IBIDI_E_AMBIG_CONTROL, "AMBIG_CONTROL",
     "Badami, \"Control characters and formatting characters\": the ambiguity analysis and "
     "the twin search take identifiers without bidi formatting characters (LRM, RLM, ALM, "
     "LRE, RLE, LRO, RLO, PDF, LRI, RLI, FSI, PDI) and without characters of class B or S "
     "(class BN, e.g. ZWNJ and ZWJ, is set aside as UAX #9 X9 removes it)"},
    {IBIDI_E_TWINS_TOO_LONG, "TWINS_TOO_LONG",
     "the twin search takes at most IBIDI_AMBIGUITY_TWINS_MAX (256) code points"},
    {IBIDI_E_AMBIG_TOO_LONG, "AMBIG_TOO_LONG",
     "the ambiguity analysis takes identifiers of at most IBIDI_AMBIGUITY_MAX_BYTES (1024) "
     "bytes, far beyond a domain name (253 octets) or a mail address (320)"},
    {IBIDI_E_AMBIG_WORK_TOO_SMALL, "AMBIG_WORK_TOO_SMALL",
     "the ambiguity analysis of an identifier over 256 bytes and the exact analysis (the "
     "twin search and the validation of each twin) need the caller's work area "
     "(ibidi_ambiguity_work_size)"},
    {IBIDI_E_RFC5893_CLASS, "RFC5893_CLASS",
     "RFC 5893 checks: a Bidi_Class value of IBIDI_BC_COUNT or more in a class string"},
    {IBIDI_E_RFC5893_TOO_LONG, "RFC5893_TOO_LONG",
     "RFC 5893 checks: a label or neighbour over IBIDI_RFC5893_MAX_LABEL (63) characters "
     "(RFC 1034 §3.1)"},
    {IBIDI_E_LGR_XML, "LGR_XML",
     "LGR document: not well-formed XML (the diagnostic holds the XML parser's message and "
     "the line and column)"},
    {IBIDI_E_LGR_LIMIT, "LGR_LIMIT",
     "LGR document: over a limit of ibidi_lgr_limits (bytes, elements, nesting, repertoire) "
     "or of the compiled form (sequences of 32 code points, 64 variant types, counts of "
     "65534)"},
    {IBIDI_E_LGR_ENTITY, "LGR_ENTITY",
     "LGR document: an entity declaration or a reference to an undeclared entity (an LGR "
     "needs none: nothing is expanded, nothing is read from outside)"},
    {IBIDI_E_LGR_ELEMENT, "LGR_ELEMENT",
     "LGR document: an element or attribute RFC 7940 does not allow where it is, or a "
     "required one missing (RFC 7940 §4-§7)"},
    {IBIDI_E_LGR_CODE_POINT, "LGR_CODE_POINT",
     "LGR document: not a code point of 4 to 6 hexadecimal digits, a surrogate, above "
     "10FFFF, or a range that ends before it starts (RFC 7940 §5)"},
    {IBIDI_E_LGR_DUPLICATE, "LGR_DUPLICATE",
     "LGR document: a code point, sequence, variant, class, rule or reference id defined "
     "twice (RFC 7940 §5, §6)"},
    {IBIDI_E_LGR_REFERENCE, "LGR_REFERENCE",
     "LGR document: a rule, class, tag or reference id that is used but not defined "
     "(RFC 7940 §5.4.1, §6.2.1, §6.2.2, §6.3.4)"},
    {IBIDI_E_LGR_CYCLE, "LGR_CYCLE",
     "LGR document: a rule that refers to itself through by-ref (RFC 7940 §6.3.4)"},
    {IBIDI_E_LGR_PROPERTY, "LGR_PROPERTY",
     "LGR document: a Unicode property or value the Unicode 17.0.0 tables do not have "
     "(RFC 7940 §6.2.3)"},
    {IBIDI_E_LGR_FILE, "LGR_FILE", "LGR document: the file cannot be opened or read"},
    {IBIDI_E_LGR_LABEL_TOO_LONG, "LGR_LABEL_TOO_LONG",
     "LGR: a label over IBIDI_LGR_MAX_LABEL (63) code points (RFC 1035 §2.3.4)"},
    {IBIDI_E_LGR_NOT_ELIGIBLE, "LGR_NOT_ELIGIBLE",
     "LGR: variants or an index label asked of a label that is not eligible (RFC 7940 §8.1)"},
    {IBIDI_E_LGR_NO_INDEX, "LGR_NO_INDEX",
     "LGR: the variant sets are not symmetric and transitive, so labels have no index label "
     "(RFC 7940 §8.5)"},
    {IBIDI_E_LGR_REPERTOIRE, "LGR_REPERTOIRE",
     "LGR: a code point that no entry of the repertoire covers (RFC 7940 §8.1)"},
    {IBIDI_E_LGR_CONTEXT, "LGR_CONTEXT",
     "LGR: a code point of the repertoire whose when or not-when rule does not hold "
     "(RFC 7940 §8.1)"},
    {IBIDI_E_UTS39_INVALID, "UTS39_INVALID",
     "the name breaks the registry's script policy: a label above the highest restriction "
     "level allowed (UTS #39 §5.2) or digits of more than one decimal system (UTS #39 §5.3): "
     "see its findings"},
    {IBIDI_E_ZONE_QUOTE, "ZONE_QUOTE",
     "zone file: a quoted string is not closed on its line (RFC 1035 §5.1: a "
     "<character-string> in quotes ends with the next \" that no \\ escapes)"},
    {IBIDI_E_ZONE_PAREN, "ZONE_PAREN",
     "zone file: \")\" without an open \"(\", a \"(\" not closed by the end of the file, or "
     "parentheses in a $ directive (RFC 1035 §5.1: parentheses group the data of one record "
     "across lines)"},
    {IBIDI_E_ZONE_ESCAPE, "ZONE_ESCAPE",
     "zone file: \"\\\" ends the line, or \"\\DDD\" is not three decimal digits of a value up "
     "to 255 (RFC 1035 §5.1)"},
    {IBIDI_E_ZONE_NAME, "ZONE_NAME",
     "zone file: a name DNS cannot carry: an empty label, a label over 63 octets or a name "
     "over 255 octets (RFC 1035 §2.3.4)"},
    {IBIDI_E_ZONE_DIRECTIVE, "ZONE_DIRECTIVE",
     "zone file: $ORIGIN or $INCLUDE without its domain name or file name, or $TTL without "
     "a TTL (RFC 1035 §5.1, RFC 2308 §4)"},
    {IBIDI_E_ZONE_NO_ORIGIN, "ZONE_NO_ORIGIN",
     "zone file: a relative name or \"@\" before any $ORIGIN, and no origin given "
     "(RFC 1035 §5.1: relative names are completed with the current origin)"},
    {IBIDI_E_ZONE_NO_OWNER, "ZONE_NO_OWNER",
     "zone file: a record line starting with a blank before any owner name (RFC 1035 §5.1: "
     "such a line takes the last stated owner)"},
};

static const status_info *find(ibidi_status s)
{
    for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++)
        if (statuses[i].status == s)
            return &statuses[i];
    return NULL;
}

const char *ibidi_strerror(ibidi_status status)
{
    const status_info *i = find(status);
    return i ? i->message : "unknown status";
}

const char *ibidi_status_name(ibidi_status status)
{
    const status_info *i = find(status);
    return i ? i->name : NULL;
}
