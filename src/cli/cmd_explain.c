/* ibidi explain: what a finding code or a status means, who reports it, how serious it is,
 * and an input that produces it. The names and rules come from the library
 * (ibidi_code_name, ibidi_code_message, ibidi_status_name, ibidi_strerror), so they cannot
 * drift from what the other commands print; this file adds only what the library does not
 * know: the enumerator, the severity, and a runnable example. tests/test_explain.c checks
 * that the table has a row for every code and status the library names, and
 * tests/test_explain.sh runs every example and looks for the code in its output. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

enum { K_FINDING = 0, K_STATUS = 1 };
enum { S_ERROR, S_WARNING, S_FAIL, S_SUCCESS };

typedef struct xrow {
    int kind;
    int value;
    const char *enumerator;
    int severity;
    const char *severity_note; /* when options change it, or NULL */
    const char *example;       /* a shell command whose output reports the code, or NULL */
    const char *shows;         /* what the example prints for it, when not its name */
    const char *note;          /* without an example: why; else more to know; or NULL */
} xrow;

/* Examples write the tool as `ibidi`; bytes a terminal would not show (joiners, marks,
 * ill-formed UTF-8) go through printf's octal escapes, so the line is exact and visible. */
#define F(v, e, sev, sn, ex, note) {K_FINDING, v, e, sev, sn, ex, NULL, note}
#define S(v, e, ex, note) {K_STATUS, v, e, S_FAIL, NULL, ex, NULL, note}

#define IRI_WARN "an error with --strict, IBIDI_IRI_STRICT"
#define CMD_NEVER "the command always gives calls what they need, so none of its commands "   \
                  "reports it; a program calling the library can get it"
/* The examples of ibidi/lgr.h: a document on standard input, or the sample LGR. */
#define LGR_DOC(body)                                                                      \
    "printf '<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\">" body                           \
    "</lgr>' | ibidi lgr info /dev/stdin"
#define LGR_TOY "data/samples/lgr/toy-hebrew-arabic.xml"

static const xrow rows[] = {
    /* ---- findings: IDNA (ibidi/idna.h) ---- */
    F(1, "IBIDI_IDNA_P1", S_ERROR, NULL, NULL,
      "this library never emits it (what UseSTD3ASCIIRules rejects is reported as U1); "
      "the name is kept with the other status codes of IdnaTestV2.txt"),
    F(4, "IBIDI_IDNA_P4", S_ERROR, NULL, "ibidi to-ascii xn--0.pt", NULL),
    F(11, "IBIDI_IDNA_V1", S_ERROR, NULL, "ibidi to-unicode xn--u-ccb", NULL),
    F(12, "IBIDI_IDNA_V2", S_ERROR, "when CheckHyphens is on: --check-hyphens",
      "ibidi to-ascii a.bc--de.f", NULL),
    F(13, "IBIDI_IDNA_V3", S_ERROR, "when CheckHyphens is on: --check-hyphens",
      "ibidi to-ascii -ab.com", NULL),
    F(14, "IBIDI_IDNA_V4", S_ERROR, NULL, "ibidi to-ascii --no-check-hyphens xn--xn--a--gua.pt",
      NULL),
    F(15, "IBIDI_IDNA_V5", S_ERROR, NULL, NULL,
      "no input found that produces it here: names are split into labels at U+002E before "
      "Punycode is decoded, and decoding never yields a code point below U+0080"),
    F(16, "IBIDI_IDNA_V6", S_ERROR, NULL, "printf 'a.\\314\\210c.d\\n' | ibidi to-ascii",
      NULL),
    F(17, "IBIDI_IDNA_V7", S_ERROR, NULL, "ibidi to-ascii 'a\xe2\x92\x88" "com'", NULL),
    F(18, "IBIDI_IDNA_V8", S_ERROR, NULL, NULL,
      "reserved by UTS #46 for a future criterion: never emitted"),
    F(21, "IBIDI_IDNA_U1", S_ERROR, "when UseSTD3ASCIIRules is on: --std3",
      "ibidi to-ascii 'a$b.com'", NULL),
    F(33, "IBIDI_IDNA_A3", S_ERROR, NULL, NULL,
      "only a lone surrogate given to the _cp calls makes Punycode encoding fail; UTF-8 "
      "cannot hold one, so no command reports it"),
    F(34, "IBIDI_IDNA_A4_1", S_ERROR, "when VerifyDnsLength is on: --verify-dns-length",
      "printf '%s.' $(seq 100 199) | ibidi to-ascii", NULL),
    F(35, "IBIDI_IDNA_A4_2", S_ERROR, "when VerifyDnsLength is on: --verify-dns-length",
      "ibidi to-ascii a..com", NULL),
    F(41, "IBIDI_IDNA_B1", S_ERROR, "when CheckBidi is on: --check-bidi",
      "ibidi to-ascii --input notation 1ABC.com", NULL),
    F(42, "IBIDI_IDNA_B2", S_ERROR, "when CheckBidi is on: --check-bidi",
      "ibidi to-ascii --input notation AbC.com", NULL),
    F(43, "IBIDI_IDNA_B3", S_ERROR, "when CheckBidi is on: --check-bidi",
      "ibidi to-ascii '\xd7\x90\xd7\x91\xc2\xb7.com'", NULL),
    F(44, "IBIDI_IDNA_B4", S_ERROR, "when CheckBidi is on: --check-bidi",
      "ibidi to-ascii '\xd7\x90" "0\xd9\xa0\xd7\x90.com'", NULL),
    F(45, "IBIDI_IDNA_B5", S_ERROR, "when CheckBidi is on: --check-bidi",
      "ibidi to-ascii --input notation aBc.com", NULL),
    F(46, "IBIDI_IDNA_B6", S_ERROR, "when CheckBidi is on: --check-bidi",
      "ibidi to-ascii 'a\xcb\x87.\xd7\x90'", NULL),
    F(51, "IBIDI_IDNA_C1", S_ERROR, "when CheckJoiners is on: --check-joiners",
      "printf 'a\\342\\200\\214b.com\\n' | ibidi to-ascii", NULL),
    F(52, "IBIDI_IDNA_C2", S_ERROR, "when CheckJoiners is on: --check-joiners",
      "printf 'a\\342\\200\\215b.com\\n' | ibidi to-ascii", NULL),
    F(60, "IBIDI_IDNA_X4_2", S_ERROR, NULL, "ibidi to-unicode a..com", NULL),
    F(73, "IBIDI_IDNA_O3", S_ERROR, "under idna2008-register, RFC 5891 §4",
      "ibidi to-ascii --profile idna2008-register 'a\xc2\xb7" "b.com'", NULL),
    F(74, "IBIDI_IDNA_O4", S_ERROR, "under idna2008-register, RFC 5891 §4",
      "ibidi to-ascii --profile idna2008-register 'a\xcd\xb5" "b.com'", NULL),
    F(75, "IBIDI_IDNA_O5", S_ERROR, "under idna2008-register, RFC 5891 §4",
      "ibidi to-ascii --profile idna2008-register 'a\xd7\xb3.com'", NULL),
    F(76, "IBIDI_IDNA_O6", S_ERROR, "under idna2008-register, RFC 5891 §4",
      "ibidi to-ascii --profile idna2008-register 'a\xd7\xb4.com'", NULL),
    F(77, "IBIDI_IDNA_O7", S_ERROR, "under idna2008-register, RFC 5891 §4",
      "ibidi to-ascii --profile idna2008-register 'a\xe3\x83\xbb" "b.com'", NULL),
    F(78, "IBIDI_IDNA_O8", S_ERROR, "under idna2008-register, RFC 5891 §4",
      "ibidi to-ascii --profile idna2008-register '\xd9\xa0\xdb\xb0.com'", NULL),
    F(79, "IBIDI_IDNA_O9", S_ERROR, "under idna2008-register, RFC 5891 §4",
      "ibidi to-ascii --profile idna2008-register '\xd9\xa0\xdb\xb0.com'", NULL),
    F(80, "IBIDI_IDNA_DISALLOWED_CP", S_ERROR, "under the idna2008 profiles",
      "ibidi to-ascii --profile idna2008-lookup a_b.com", NULL),
    F(81, "IBIDI_IDNA_UNASSIGNED_CP", S_ERROR, "under the idna2008 profiles",
      "printf 'a\\315\\270.com\\n' | ibidi to-ascii --profile idna2008-lookup", NULL),
    F(82, "IBIDI_IDNA_NO_CONTEXT_RULE", S_ERROR, "under the idna2008 profiles", NULL,
      "every CONTEXTJ and CONTEXTO code point of Unicode 17.0 has a rule in the IANA "
      "registry, so no input produces it today"),
    F(83, "IBIDI_IDNA_FAKE_A_LABEL", S_ERROR, "under the idna2008 profiles",
      "ibidi to-ascii --profile idna2008-lookup xn--a.com", NULL),
    F(84, "IBIDI_IDNA_DOMAIN_INVALID_CODE_POINT", S_ERROR, "under the whatwg profile",
      "ibidi to-ascii --profile whatwg 'a b.com'", NULL),
    F(85, "IBIDI_IDNA_EMPTY_HOST", S_ERROR, "under the whatwg profile",
      "ibidi to-ascii --profile whatwg ''", NULL),
    F(90, "IBIDI_IDNA_W_DIGIT_AFTER_RTL", S_WARNING, NULL,
      "ibidi to-ascii --input notation ABC.1com", NULL),
    F(91, "IBIDI_IDNA_W_PER_LABEL_BIDI", S_WARNING, "given only with --bidi-per-label",
      "ibidi to-ascii --bidi-per-label --input notation 123.ABC.com", NULL),
    /* ---- findings: identifier component rules (ibidi/iri.h) ---- */
    F(101, "IBIDI_IRI_MIXED_DIRECTION", S_WARNING,
      "an error with --duerst, IBIDI_IRI_DUERST2001, or --strict",
      "ibidi iri check --input notation 'http://example.com/abCD'", NULL),
    F(102, "IBIDI_IRI_RTL_START", S_WARNING, IRI_WARN,
      "ibidi iri check --input notation 'http://example.com/1AB'", NULL),
    F(103, "IBIDI_IRI_RTL_END", S_WARNING, IRI_WARN,
      "ibidi iri check --input notation 'http://example.com/AB1'", NULL),
    F(104, "IBIDI_IRI_RTL_OTHER_CLASS", S_ERROR, "checked only with --duerst",
      "ibidi iri check --duerst --input notation 'http://example.com/A-B'", NULL),
    F(105, "IBIDI_IRI_HOST_BIDI_RULE", S_ERROR, NULL,
      "ibidi iri check --input notation 'http://1AB.com/'",
      "its detail (ibidi_finding.detail) is the IDNA code of the condition broken, B1-B6"),
    F(106, "IBIDI_IRI_DIGIT_AFTER_RTL", S_WARNING, IRI_WARN,
      "ibidi iri check --input notation 'http://example.com/AB/1c'", NULL),
    /* ---- findings: bidi ambiguity (ibidi/ambiguity.h) ---- */
    F(201, "IBIDI_AMBIGUITY_NUMBER_LEVEL", S_WARNING, NULL,
      "ibidi check --input notation 123.ABC.com", NULL),
    F(202, "IBIDI_AMBIGUITY_NUMBER_TYPE", S_WARNING, NULL,
      "ibidi check --input notation-arabic 'http://a.com/abc1$ABC'", NULL),
    F(203, "IBIDI_AMBIGUITY_NUMBER_SEPARATOR", S_WARNING, NULL,
      "ibidi check --input notation 'http://a.com/A$1+2'",
      "its detail is the paper's expression that matched (1-6)"),
    F(204, "IBIDI_AMBIGUITY_IDN_NUMBER_LABEL", S_WARNING, NULL,
      "ibidi check --input notation 123.ABC.com", NULL),
    F(205, "IBIDI_AMBIGUITY_REC_II", S_WARNING, NULL, "ibidi check --input notation ABC.123",
      NULL),
    F(206, "IBIDI_AMBIGUITY_REC_III_PRECEDING", S_WARNING, NULL,
      "ibidi check --input notation ABC.123.com", NULL),
    F(207, "IBIDI_AMBIGUITY_REC_III_FOLLOWING", S_WARNING, NULL,
      "ibidi check --input notation 123.ABC.com", NULL),
    F(208, "IBIDI_AMBIGUITY_PARENT_DOMAIN", S_WARNING, NULL,
      "ibidi check --input notation DEF.123.ABC.com", NULL),
    F(209, "IBIDI_AMBIGUITY_RELATIVE_NAME", S_WARNING, NULL,
      "ibidi check --input notation DEF.123.ABC.com", NULL),
    F(210, "IBIDI_AMBIGUITY_CONTAINED_DOMAIN", S_WARNING, NULL,
      "ibidi check --input notation DEF@123.ABC.com", NULL),
    F(220, "IBIDI_AMBIGUITY_VALID_TWIN", S_WARNING, NULL,
      "ibidi check --input notation 'http://a.com/A-1'", "ibidi twins lists the twins"),
    F(221, "IBIDI_AMBIGUITY_INVALID_TWINS_ONLY", S_WARNING, NULL,
      "ibidi check --input notation 123.ABC.com", "ibidi twins lists the twins"),
    F(222, "IBIDI_AMBIGUITY_SEPARATOR_TWIN", S_WARNING, NULL,
      "ibidi check --input notation 'http://a.com/A$123+456B'", NULL),
    F(223, "IBIDI_AMBIGUITY_DOMAIN_UNDETERMINED", S_WARNING, NULL,
      "ibidi check --input notation 123@ABC.com", NULL),
    F(224, "IBIDI_AMBIGUITY_SAME_AUTHORITY", S_WARNING, NULL,
      "ibidi check --input notation http://www.ABC.com/123/ABC/", NULL),
    {K_FINDING, 225, "IBIDI_AMBIGUITY_SEARCH_TRUNCATED", S_WARNING, NULL,
     "ibidi twins --max-candidates 1 --input notation 123.456.ABC.com", "# search cut",
     "check and scan search with the exact analysis's default bound "
     "(IBIDI_AMBIGUITY_EXACT_DEFAULT_CANDIDATES), which identifiers of a usual length stay far "
     "below; twins reports a cut search in words"},
    /* ---- findings: RFC 5893 §3 (ibidi/rfc5893.h, experimental) ---- */
    F(301, "IBIDI_RFC5893_REQ_GROUPING", S_WARNING, NULL, NULL,
      "only ibidi_rfc5893_check_name_utf8 reports it; no command calls it"),
    F(302, "IBIDI_RFC5893_REQ_CONTROLS", S_WARNING, NULL, NULL,
      "only ibidi_rfc5893_check_name_utf8 (with IBIDI_RFC5893_CONTROLS) reports it; no "
      "command calls it"),
    F(303, "IBIDI_RFC5893_REQ_UNIQUENESS", S_WARNING, NULL, NULL,
      "only ibidi_rfc5893_check_name_utf8 reports it; no command calls it"),
    F(304, "IBIDI_RFC5893_REQ_TRUNCATED", S_WARNING, NULL, NULL,
      "only ibidi_rfc5893_check_name_utf8 reports it; no command calls it"),
    /* ---- findings: registry policy, UTS #39 (ibidi/uts39.h) ---- */
    F(401, "IBIDI_UTS39_RESTRICTION_LEVEL", S_ERROR,
      "only under a registry's policy: --max-restriction, the options' max_level",
      "ibidi check --max-restriction moderately-restrictive 'p\xd0\xb0ypal.com'",
      "p\xd0\xb0ypal.com (U+0430 CYRILLIC SMALL LETTER A among Latin letters) is minimally "
      "restrictive; the finding names the first character that takes the label above the "
      "level, and its detail is the label's level"),
    F(402, "IBIDI_UTS39_MIXED_NUMBERS", S_WARNING,
      "an error under a registry's policy: --max-restriction, the options' max_level",
      "ibidi check '\xd8\xa8" "1\xdb\xb2.com'",
      "BEH, ASCII 1 and EXTENDED ARABIC-INDIC DIGIT TWO: valid IDNA (both digits are EN), "
      "mixed numbers for a registry; the finding names the first digit of the second system, "
      "and its detail is the first system's zero"),
    /* ---- statuses (ibidi/common.h) ---- */
    {K_STATUS, 0, "IBIDI_OK", S_SUCCESS, NULL, NULL, NULL, "what every call returns when it "
     "succeeds"},
    S(1, "IBIDI_E_INVALID_ARGUMENT", NULL, CMD_NEVER),
    S(2, "IBIDI_E_BUFFER_TOO_SMALL", NULL,
      "the command sizes its buffers first (or uses the _alloc calls); a program gets it "
      "with the size needed in *out_len"),
    S(3, "IBIDI_E_NOMEM", NULL, "only when memory runs out in an _alloc call"),
    S(4, "IBIDI_E_TOO_LONG", NULL, "only for lengths near SIZE_MAX, which no input reaches"),
    S(5, "IBIDI_E_TEMP_FILE",
      "(export TMPDIR=/nonexistent; seq 3000 | sed 's/$/.example.com/' | "
      "ibidi scan --memory 64K)",
      "the collision groups of ibidi scan write sorted runs to a temporary file in $TMPDIR "
      "(or /tmp) once they hold more than --memory; a directory that does not exist, "
      "cannot be written or is full stops the scan (exit status 1)"),
    S(100, "IBIDI_E_UTF8_TRUNCATED", "printf 'a\\303\\n' | ibidi props", NULL),
    S(101, "IBIDI_E_UTF8_UNEXPECTED_CONT", "printf 'a\\200\\n' | ibidi normalize", NULL),
    S(102, "IBIDI_E_UTF8_INVALID_BYTE", "printf 'a\\370\\n' | ibidi normalize", NULL),
    S(103, "IBIDI_E_UTF8_OVERLONG", "printf '\\300\\257\\n' | ibidi normalize", NULL),
    S(104, "IBIDI_E_UTF8_SURROGATE", "printf '\\355\\240\\200\\n' | ibidi normalize", NULL),
    S(105, "IBIDI_E_UTF8_TOO_LARGE", "printf '\\364\\220\\200\\200\\n' | ibidi normalize",
      NULL),
    S(106, "IBIDI_E_CP_SURROGATE", "ibidi bidi --input hex D800", NULL),
    S(107, "IBIDI_E_CP_TOO_LARGE", "ibidi props U+110000", NULL),
    S(150, "IBIDI_E_CP_SYNTAX", "ibidi bidi --input hex zz", NULL),
    S(151, "IBIDI_E_NOTATION_SYNTAX", "ibidi bidi --input notation \xd7\x90", NULL),
    S(152, "IBIDI_E_CLASS_NAME", "ibidi bidi --input classes 'L XX'", NULL),
    S(200, "IBIDI_E_BIDI_WORK_TOO_SMALL", NULL, CMD_NEVER),
    S(201, "IBIDI_E_BIDI_LEVEL", NULL,
      "only ibidi_bidi_line_levels and the calls that take levels from the caller check "
      "them; no command passes levels"),
    S(300, "IBIDI_E_PUNYCODE_BAD_INPUT", "ibidi punycode --decode 'ab-c!'", NULL),
    S(301, "IBIDI_E_PUNYCODE_TRUNCATED", "ibidi punycode --decode ab-z", NULL),
    S(302, "IBIDI_E_PUNYCODE_OVERFLOW", "ibidi punycode --decode 99999999999", NULL),
    S(303, "IBIDI_E_PUNYCODE_RANGE", "ibidi punycode --decode 99999a", NULL),
    S(304, "IBIDI_E_PUNYCODE_NOT_CANONICAL",
      "ibidi punycode --decode --canonical egbpdaj6bu4bxfgehfvwxN", NULL),
    S(305, "IBIDI_E_PUNYCODE_TOO_LONG", "printf 'a%.0s' $(seq 4100) | ibidi punycode --encode",
      NULL),
    {K_STATUS, 310, "IBIDI_E_IDNA_INVALID", S_FAIL, NULL,
     "ibidi to-ascii --input notation 1ABC.com", "item 1: invalid",
     "the commands print the findings that made the name invalid instead of the status"},
    S(311, "IBIDI_E_IDNA_TOO_LONG", "printf 'a%.0s' $(seq 2100) | ibidi to-ascii", NULL),
    S(312, "IBIDI_E_IDNA_WORK_TOO_SMALL", NULL, CMD_NEVER),
    S(400, "IBIDI_E_IDENT_EMPTY", "ibidi iri check ''", NULL),
    S(401, "IBIDI_E_IDENT_CONTROL", "printf 'http://a.com/\\tb\\n' | ibidi iri check", NULL),
    S(402, "IBIDI_E_IDENT_BIDI_CONTROL",
      "printf 'http://a.com/\\342\\200\\217b\\n' | ibidi iri check", NULL),
    {K_STATUS, 403, "IBIDI_E_IDENT_INVALID", S_FAIL, NULL,
     "ibidi iri check --input notation 'http://1AB.com/'", "invalid: 1 error",
     "the commands print the findings that made the identifier invalid instead of the "
     "status"},
    S(410, "IBIDI_E_IRI_SCHEME", "ibidi iri check '1http://a.com/'", NULL),
    S(411, "IBIDI_E_IRI_CHAR", "ibidi iri check 'http://a.com/a b'", NULL),
    S(412, "IBIDI_E_IRI_PERCENT", "ibidi iri check 'http://a.com/%zz'", NULL),
    S(413, "IBIDI_E_IRI_HOST", "ibidi iri check 'http://[zz]/'", NULL),
    S(414, "IBIDI_E_IRI_PORT", "ibidi iri check 'http://a.com:8x/'", NULL),
    S(415, "IBIDI_E_IRI_HOST_IDNA",
      "ibidi iri to-uri --input notation 'http://1AB.com/'", NULL),
    S(416, "IBIDI_E_URI_NOT_ASCII", "ibidi iri to-iri 'http://\xc3\xa9.com/'", NULL),
    S(420, "IBIDI_E_DOMAIN_EMPTY_LABEL", "ibidi display --as domain a..com", NULL),
    S(421, "IBIDI_E_DOMAIN_LABEL_TOO_LONG",
      "printf 'a%.0s' $(seq 64) | ibidi display --as domain", NULL),
    S(422, "IBIDI_E_DOMAIN_TOO_LONG",
      "printf '%s.' $(seq 100 199) | ibidi display --as domain", NULL),
    S(423, "IBIDI_E_DOMAIN_CHAR", "ibidi display --as domain 'a b.com'", NULL),
    S(430, "IBIDI_E_EMAIL_SYNTAX", "ibidi display --as email a.@b.com", NULL),
    S(431, "IBIDI_E_EMAIL_LOCAL_TOO_LONG",
      "printf '%065d@b.com\\n' 0 | ibidi display --as email", NULL),
    S(440, "IBIDI_E_DISPLAY_WORK_TOO_SMALL", NULL, CMD_NEVER),
    S(450, "IBIDI_E_CONVERT_MARK",
      "ibidi convert --input notation --from textual --to logical ab.CD.com", NULL),
    S(451, "IBIDI_E_CONVERT_EMBEDDING",
      "ibidi convert --input notation --context rtl --from textual --to logical ab.com",
      NULL),
    S(452, "IBIDI_E_CONVERT_VISUAL",
      "ibidi convert --input notation --from visual --to logical ab.1C2.com", NULL),
    S(453, "IBIDI_E_CONVERT_RESTRICTION",
      "ibidi convert --input notation --from logical --to visual ab.1CD.com", NULL),
    S(454, "IBIDI_E_CONVERT_PROOF",
      "ibidi convert --as iri --from logical --to textual "
      "\"$(printf 'a/\\327\\2241\\342\\200\\200')\"",
      NULL),
    S(455, "IBIDI_E_CONVERT_ROUND_TRIP",
      "ibidi convert --input notation --as iri --from logical --to visual 'http://e.org/A)'",
      NULL),
    S(460, "IBIDI_E_AMBIG_CONTROL", "printf 'a\\342\\200\\216b\\n' | ibidi twins --as text",
      NULL),
    S(461, "IBIDI_E_TWINS_TOO_LONG", "printf 'A1%.0s' $(seq 200) | ibidi twins --as text",
      NULL),
    S(462, "IBIDI_E_AMBIG_TOO_LONG",
      "printf 'http://a.com/%01100d\\n' 0 | ibidi check", NULL),
    S(463, "IBIDI_E_AMBIG_WORK_TOO_SMALL", NULL, CMD_NEVER),
    S(470, "IBIDI_E_RFC5893_CLASS", NULL,
      "only the experimental class-string calls of ibidi/rfc5893.h return it; no command "
      "passes class values"),
    S(471, "IBIDI_E_RFC5893_TOO_LONG", NULL,
      "only the experimental calls of ibidi/rfc5893.h return it; no command calls them"),
    S(500, "IBIDI_E_LGR_XML", "printf '<lgr' | ibidi lgr info /dev/stdin", NULL),
    S(501, "IBIDI_E_LGR_LIMIT",
      "printf '<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\"><data><char cp=\"%s\"/></data>"
      "</lgr>' \"$(printf '0061 %.0s' $(seq 33))\" | ibidi lgr info /dev/stdin",
      NULL),
    S(502, "IBIDI_E_LGR_ENTITY",
      "printf '<!DOCTYPE lgr [<!ENTITY a \"b\">]><lgr/>' | ibidi lgr info /dev/stdin", NULL),
    S(503, "IBIDI_E_LGR_ELEMENT", LGR_DOC("<frob/>"), NULL),
    S(504, "IBIDI_E_LGR_CODE_POINT", LGR_DOC("<data><char cp=\"ZZ\"/></data>"), NULL),
    S(505, "IBIDI_E_LGR_DUPLICATE",
      LGR_DOC("<data><char cp=\"0061\"/><char cp=\"0061\"/></data>"), NULL),
    S(506, "IBIDI_E_LGR_REFERENCE", LGR_DOC("<data><char cp=\"0061\" when=\"nope\"/></data>"),
      NULL),
    S(507, "IBIDI_E_LGR_CYCLE",
      LGR_DOC("<data/><rules><rule name=\"a\"><rule by-ref=\"a\"/></rule></rules>"), NULL),
    S(508, "IBIDI_E_LGR_PROPERTY",
      LGR_DOC("<data/><rules><class name=\"c\" property=\"xx:Yy\"/></rules>"), NULL),
    S(509, "IBIDI_E_LGR_FILE", "ibidi lgr info /nonexistent/lgr.xml", NULL),
    S(510, "IBIDI_E_LGR_LABEL_TOO_LONG",
      "ibidi lgr check --lgr " LGR_TOY " \"$(printf 'a%.0s' $(seq 64))\"", NULL),
    S(511, "IBIDI_E_LGR_NOT_ELIGIBLE", "ibidi lgr index --lgr " LGR_TOY " --set " LGR_TOY " x",
      NULL),
    S(512, "IBIDI_E_LGR_NO_INDEX",
      "printf '<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\"><data><char cp=\"0061\"><var "
      "cp=\"0062\"/></char><char cp=\"0062\"/></data></lgr>' | ibidi lgr index --lgr "
      "/dev/stdin a",
      NULL),
    S(513, "IBIDI_E_LGR_REPERTOIRE", "ibidi lgr check --lgr " LGR_TOY " x", NULL),
    S(514, "IBIDI_E_LGR_CONTEXT", "ibidi lgr check --lgr " LGR_TOY " -- '-\xd7\x90'", NULL),
    {K_STATUS, 550, "IBIDI_E_UTS39_INVALID", S_FAIL, NULL,
     "ibidi check --max-restriction single-script '\xd8\xa8" "1\xdb\xb2.com'",
     "registry policy (at most single-script): invalid",
     "check prints the findings that made the name invalid under the policy instead of the "
     "status"},
    S(600, "IBIDI_E_ZONE_QUOTE",
      "printf 'a.com. 3600 IN TXT \"open\\n' | ibidi scan --format zone", NULL),
    S(601, "IBIDI_E_ZONE_PAREN",
      "printf 'a.com. 3600 IN A 192.0.2.1 )\\n' | ibidi scan --format zone", NULL),
    S(602, "IBIDI_E_ZONE_ESCAPE",
      "printf 'a\\\\300.com. 3600 IN A 192.0.2.1\\n' | ibidi scan --format zone", NULL),
    S(603, "IBIDI_E_ZONE_NAME", "printf 'a..com. 3600 IN A 192.0.2.1\\n' | ibidi scan --format zone",
      NULL),
    S(604, "IBIDI_E_ZONE_DIRECTIVE", "printf '$ORIGIN\\n' | ibidi scan --format zone", NULL),
    S(605, "IBIDI_E_ZONE_NO_ORIGIN", "printf 'www 3600 IN A 192.0.2.1\\n' | ibidi scan --format zone",
      NULL),
    S(606, "IBIDI_E_ZONE_NO_OWNER", "printf ' 3600 IN A 192.0.2.1\\n' | ibidi scan --format zone",
      NULL),
};
#undef F
#undef S
#define N_ROWS (sizeof rows / sizeof rows[0])

/* The largest value the library's ranges reserve (common.h); names are looked up below. */
#define MAX_VALUE 999

static const char *row_name(const xrow *r)
{
    return r->kind == K_FINDING ? ibidi_code_name(r->value)
                                : ibidi_status_name((ibidi_status)r->value);
}

static const char *row_rule(const xrow *r)
{
    return r->kind == K_FINDING ? ibidi_code_message(r->value)
                                : ibidi_strerror((ibidi_status)r->value);
}

/* Which part of the library reports the code: by the ranges of common.h. */
static const char *row_from(const xrow *r)
{
    int v = r->value;
    if (r->kind == K_FINDING) {
        if (v < 100)
            return "IDNA (ibidi/idna.h): ibidi_idna_to_ascii_utf8, ibidi_idna_to_unicode_utf8 "
                   "(and _cp, _alloc), ibidi_idna_bidi_rule_utf8 (B1-B6); commands to-ascii, "
                   "to-unicode, check, twins, scan";
        if (v < 200)
            return "identifier rules (ibidi/iri.h): ibidi_iri_check, ibidi_iri_validate; "
                   "commands iri check, check, twins";
        if (v < 300)
            return v < 220 ? "bidi ambiguity (ibidi/ambiguity.h): ibidi_ambiguity_analyze, "
                             "ibidi_scan_name; commands check, scan"
                           : "bidi ambiguity, exact (ibidi/ambiguity.h): ibidi_ambiguity_analyze "
                             "with IBIDI_AMBIGUITY_EXACT; commands check, scan";
        if (v < 400)
            return "RFC 5893 §3 (ibidi/rfc5893.h, experimental): ibidi_rfc5893_check_name_utf8";
        return "registry policy, UTS #39 (ibidi/uts39.h): ibidi_uts39_check_utf8 (and _cp, "
               "_alloc); command check";
    }
    if (v == 0)
        return "every call";
    if (v < 100)
        return "any call (use of the API and resources)";
    if (v < 150)
        return "every call that reads UTF-8 or code points (ibidi/utf8.h); every command";
    if (v < 200)
        return "code point notation: commands props, bidi --input hex, punycode --hex";
    if (v < 300)
        return "the bidirectional algorithm (ibidi/bidi.h): the ibidi_bidi_* calls";
    if (v < 310)
        return "Punycode (ibidi/punycode.h): ibidi_punycode_decode, ibidi_punycode_encode; "
               "commands punycode, to-unicode";
    if (v < 400)
        return "IDNA (ibidi/idna.h): the ibidi_idna_* calls; commands to-ascii, to-unicode";
    if (v < 440)
        return "identifiers (ibidi/iri.h): ibidi_iri_parse, ibidi_iri_check, "
               "ibidi_iri_validate, ibidi_iri_to_uri, ibidi_iri_from_uri; commands iri, "
               "display, convert, check, twins";
    if (v < 460)
        return "display (ibidi/display.h): the ibidi_display_* calls; commands display, "
               "convert";
    if (v < 470)
        return "bidi ambiguity (ibidi/ambiguity.h): ibidi_ambiguity_analyze, "
               "ibidi_ambiguity_twins_utf8; commands check, twins, scan";
    if (v < 500)
        return "RFC 5893 checks (ibidi/rfc5893.h, experimental)";
    if (v < 510)
        return "Label Generation Rulesets (ibidi/lgr.h): ibidi_lgr_load, ibidi_lgr_load_file";
    if (v < 550)
        return "Label Generation Rulesets (ibidi/lgr.h): the evaluation of labels "
               "(ibidi_lgr_check ... ibidi_lgr_set_check)";
    if (v < 600)
        return "registry policy, UTS #39 (ibidi/uts39.h): ibidi_uts39_check_utf8 (and _cp, "
               "_alloc); command check --max-restriction";
    return "zone files (ibidi/scan.h): ibidi_scan_zone_line, ibidi_scan_zone_init, "
           "ibidi_scan_zone_end; command scan (a zone file, or --format zone)";
}

static const char *const severity_word[] = {"error", "warning", "status", "success"};

static const char *severity_text(int s)
{
    switch (s) {
    case S_ERROR:
        return "error: the input is invalid";
    case S_WARNING:
        return "warning: it never makes the input invalid";
    case S_FAIL:
        return "status: the call fails with it and fills ibidi_error";
    default:
        return "success";
    }
}

static void put_row_text(const xrow *r)
{
    printf("%s (%s %d, %s)\n", row_name(r), r->kind == K_FINDING ? "finding code" : "status",
           r->value, r->enumerator);
    printf("  rule      %s\n", row_rule(r));
    printf("  from      %s\n", row_from(r));
    printf("  severity  %s", severity_text(r->severity));
    if (r->severity_note)
        printf(" (%s)", r->severity_note);
    fputc('\n', stdout);
    if (r->example) {
        printf("  example   %s\n", r->example);
        if (r->shows)
            printf("  shows     %s\n", r->shows);
    } else {
        printf("  example   none\n");
    }
    if (r->note)
        printf("  note      %s\n", r->note);
}

static void json_field(const char *key, const char *value, int first)
{
    printf("%s\"%s\":", first ? "" : ",", key);
    if (value)
        cli_json_string(stdout, value, strlen(value));
    else
        fputs("null", stdout);
}

static void put_row_json(const xrow *r)
{
    printf("{\"kind\":\"%s\",\"code\":%d", r->kind == K_FINDING ? "finding" : "status",
           r->value);
    json_field("name", row_name(r), 0);
    json_field("enumerator", r->enumerator, 0);
    json_field("rule", row_rule(r), 0);
    json_field("from", row_from(r), 0);
    json_field("severity", severity_word[r->severity], 0);
    json_field("severity_note", r->severity_note, 0);
    json_field("example", r->example, 0);
    json_field("example_shows", r->example ? (r->shows ? r->shows : row_name(r)) : NULL, 0);
    json_field("note", r->note, 0);
    fputs("}\n", stdout);
}

/* A code the library names but this table does not describe yet: what the library says. */
static void put_bare(int kind, int v, int json)
{
    const char *name = kind == K_FINDING ? ibidi_code_name(v) : ibidi_status_name(v);
    const char *rule = kind == K_FINDING ? ibidi_code_message(v) : ibidi_strerror(v);
    const char *k = kind == K_FINDING ? "finding" : "status";
    if (json) {
        printf("{\"kind\":\"%s\",\"code\":%d", k, v);
        json_field("name", name, 0);
        json_field("rule", rule, 0);
        fputs("}\n", stdout);
    } else {
        printf("%s (%s %d)\n  rule      %s\n  note      not described by this command yet\n",
               name, k, v, rule);
    }
}

typedef struct explain_opts {
    int json;
    int printed; /* items written so far: a blank line separates them in text */
} explain_opts;

static void put_row(explain_opts *o, const xrow *r)
{
    if (!o->json && o->printed++)
        fputc('\n', stdout);
    if (o->json)
        put_row_json(r);
    else
        put_row_text(r);
}

static const xrow *find_row(int kind, int v)
{
    for (size_t i = 0; i < N_ROWS; i++)
        if (rows[i].kind == kind && rows[i].value == v)
            return &rows[i];
    return NULL;
}

/* Does the (upper-cased) query name this code: its name, its enumerator, or for a status
 * the enumerator without IBIDI_ ("E_UTF8_TRUNCATED")? */
static int names(const char *q, int kind, int v)
{
    const char *name = kind == K_FINDING ? ibidi_code_name(v) : ibidi_status_name(v);
    const xrow *r = find_row(kind, v);
    if (name && strcmp(q, name) == 0)
        return 1;
    if (r && (strcmp(q, r->enumerator) == 0 || strcmp(q, r->enumerator + 6) == 0))
        return 1;
    return 0;
}

static int explain_item(const char *item, size_t len, size_t itemno, void *ctx)
{
    explain_opts *o = ctx;
    (void)itemno;
    /* check and scan print CODE@OFFSET: the offset is not part of the name */
    const char *at = memchr(item, '@', len);
    size_t n = at ? (size_t)(at - item) : len;
    char *q = malloc(n + 1);
    if (!q) {
        fprintf(stderr, "ibidi explain: out of memory\n");
        return CLI_INVALID;
    }
    int digits = n > 0;
    for (size_t i = 0; i < n; i++) {
        char c = item[i];
        digits = digits && c >= '0' && c <= '9';
        /* names are upper case with underscores; accept number-level and b3 as well */
        q[i] = c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c == '-' ? '_' : c;
    }
    q[n] = '\0';
    long num = digits && n <= 4 ? strtol(q, NULL, 10) : -1;
    int found = 0;
    for (int kind = K_FINDING; kind <= K_STATUS; kind++) {
        for (int v = 0; v <= MAX_VALUE; v++) {
            const char *name = kind == K_FINDING ? ibidi_code_name(v)
                                                 : ibidi_status_name((ibidi_status)v);
            if (!name || !(digits ? num == v : names(q, kind, v)))
                continue;
            const xrow *r = find_row(kind, v);
            found++;
            if (r) {
                put_row(o, r);
            } else {
                if (!o->json && o->printed++)
                    fputc('\n', stdout);
                put_bare(kind, v, o->json);
            }
        }
    }
    free(q);
    if (!found) {
        fprintf(stderr, "ibidi explain: unknown code '%.*s' (see 'ibidi explain --list')\n",
                (int)len, item);
        return CLI_INVALID;
    }
    return CLI_OK;
}

static int explain_run(int argc, char **argv)
{
    explain_opts o = {0, 0};
    int list = 0, i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (strcmp(a, "--json") == 0)
            o.json = 1;
        else if (strcmp(a, "--list") == 0)
            list = 1;
        else if (a[0] == '-' && a[1] == '-')
            return cli_usage_error("explain", "unknown option '%s'", a);
        else
            break;
    }
    if (list) {
        if (i < argc)
            return cli_usage_error("explain", "--list takes no codes");
        for (size_t k = 0; k < N_ROWS; k++) {
            if (o.json)
                put_row_json(&rows[k]);
            else
                printf("%-7s %3d  %-22s  %s\n", rows[k].kind == K_FINDING ? "finding" : "status",
                       rows[k].value, row_name(&rows[k]), severity_word[rows[k].severity]);
        }
        return CLI_OK;
    }
    return cli_for_each_item(argc, argv, i, explain_item, &o);
}

const cli_command cli_cmd_explain = {
    "explain", "what a finding code or status means, who reports it, and an example",
    "usage: ibidi explain [--json] CODE ...\n"
    "       ibidi explain [--json] --list\n"
    "\n"
    "Explains each finding code (B3, NUMBER_LEVEL, IBIDI_IDNA_B3...) and each status\n"
    "(UTF8_TRUNCATED, IBIDI_E_UTF8_TRUNCATED...) that the other commands print: its name,\n"
    "number and enumerator, the rule it names, the part of the library and the commands\n"
    "that report it, whether it is an error or a warning, and a command that produces it.\n"
    "A CODE is a name (any case), a number (a finding code and a status may share one:\n"
    "both are shown), or the CODE@OFFSET form of check and scan. Without CODEs, one per\n"
    "line is read from standard input.\n"
    "\n"
    "  --list   every code and status: kind, number, name, severity (error, warning,\n"
    "           status, success)\n"
    "  --json   one JSON object per code: kind, code, name, enumerator, rule, from,\n"
    "           severity, severity_note, example, example_shows, note\n"
    "\n"
    "Exit status: 0 when every CODE was known, 1 when one was not, 2 for a usage error.\n",
    explain_run, NULL, NULL, 0, NULL};
