/*
 * The one table of codes (include/ibidi/common.h): every finding code of every capability
 * and every status, with its name, enumerator, capability, family of rules, severity, a
 * short text, the rule it cites, the sentence naming it, who reports it, and a command
 * that shows it. `ibidi explain`, Python's exception classes and the SQL function
 * ibidi_codes() read it; tests/test_status.c checks it against the enums of the headers
 * and tests/test_explain.sh runs every example and looks for the code in its output.
 *
 * The sentences (message) are what ibidi_code_message and ibidi_strerror return; IDNA's
 * names are the status codes of UTS #46 and IdnaTestV2.txt.
 */
#include <stdlib.h>
#include <string.h>

#include "common/internal.h"
#include "ibidi/ambiguity.h"
#include "ibidi/confusable.h"
#include "ibidi/show.h"
#include "ibidi/idna.h"
#include "ibidi/iri.h"
#include "ibidi/lgr.h"
#include "ibidi/rfc5893.h"
#include "ibidi/uts39.h"

#define FINDING(v, name, cap, group, sev, sev_note, text, rule, message, from, example,      \
                shows, note)                                                                  \
    {IBIDI_CODE_FINDING, v, name, #v, cap, group, IBIDI_SEVERITY_##sev, sev_note, text, rule,  \
     message, from, example, shows, note}
#define STATUS(v, name, cap, group, sev, sev_note, text, rule, message, from, example, shows,  \
               note)                                                                          \
    {IBIDI_CODE_STATUS, v, name, #v, cap, group, IBIDI_SEVERITY_##sev, sev_note, text, rule,   \
     message, from, example, shows, note}

/* The calls and the commands that report each range of codes. */
static const char FROM_IDNA_CODES[] =
    "IDNA (ibidi/idna.h): ibidi_idna_to_ascii_utf8, ibidi_idna_to_unicode_utf8 (and "
    "_cp, _alloc), ibidi_idna_bidi_rule_utf8 (B1-B6); commands to-ascii, to-unicode, "
    "check, twins, scan";
static const char FROM_IRI_CODES[] =
    "identifier rules (ibidi/iri.h): ibidi_iri_check, ibidi_iri_validate; commands iri "
    "check, check, twins";
static const char FROM_AMBIGUITY_CODES[] =
    "bidi ambiguity (ibidi/ambiguity.h): ibidi_ambiguity_analyze, ibidi_scan_name; "
    "commands check, scan";
static const char FROM_AMBIGUITY_CODES2[] =
    "bidi ambiguity, exact (ibidi/ambiguity.h): ibidi_ambiguity_analyze with "
    "IBIDI_AMBIGUITY_EXACT; commands check, scan";
static const char FROM_RFC5893_CODES[] =
    "RFC 5893 §3 (ibidi/rfc5893.h, experimental): ibidi_rfc5893_check_name_utf8";
static const char FROM_UTS39_CODES[] =
    "registry policy, UTS #39 (ibidi/uts39.h): ibidi_uts39_check_utf8 (and _cp, "
    "_alloc); command check";
static const char FROM_CONFUSABLE_CODES[] =
    "look-alikes, UTS #39 §3.1 and §4 (ibidi/confusable.h): ibidi_confusable_check_utf8; "
    "the verdict; command check";
static const char FROM_LGR_CODES[] =
    "Label Generation Rulesets in a verdict (ibidi/verdict.h, ibidi/lgr.h): "
    "ibidi_verdict_make with an LGR; command check --lgr";
static const char FROM_COMMON[] =
    "every call";
static const char FROM_COMMON2[] =
    "any call (use of the API and resources)";
static const char FROM_STOP[] =
    "the twin search given a stop callback (ibidi/ambiguity.h): ibidi_ambiguity_twins_cp, "
    "ibidi_ambiguity_twins_utf8";
static const char FROM_UTF8[] =
    "every call that reads UTF-8 or code points (ibidi/utf8.h); every command";
static const char FROM_LINES[] =
    "the command's standard input: every command that reads items a line each (all but "
    "scan, whose lines have their own limit)";
static const char FROM_COMMON3[] =
    "code point notation: commands props, bidi --input hex, punycode --hex";
static const char FROM_BIDI[] =
    "the bidirectional algorithm (ibidi/bidi.h): the ibidi_bidi_* calls";
static const char FROM_PUNYCODE[] =
    "Punycode (ibidi/punycode.h): ibidi_punycode_decode, ibidi_punycode_encode; "
    "commands punycode, to-unicode";
static const char FROM_IDNA[] =
    "IDNA (ibidi/idna.h): the ibidi_idna_* calls; commands to-ascii, to-unicode";
static const char FROM_IRI[] =
    "identifiers (ibidi/iri.h): ibidi_iri_parse, ibidi_iri_check, ibidi_iri_validate, "
    "ibidi_iri_to_uri, ibidi_iri_from_uri; commands iri, display, convert, check, twins";
static const char FROM_DISPLAY[] =
    "display (ibidi/display.h): the ibidi_display_* calls; commands display, convert";
static const char FROM_AMBIGUITY[] =
    "bidi ambiguity (ibidi/ambiguity.h): ibidi_ambiguity_analyze, "
    "ibidi_ambiguity_twins_utf8; commands check, twins, scan";
static const char FROM_RFC5893[] =
    "RFC 5893 checks (ibidi/rfc5893.h, experimental)";
static const char FROM_LGR[] =
    "Label Generation Rulesets (ibidi/lgr.h): ibidi_lgr_load, ibidi_lgr_load_file";
static const char FROM_LGR2[] =
    "Label Generation Rulesets (ibidi/lgr.h): the evaluation of labels "
    "(ibidi_lgr_check ... ibidi_lgr_set_check)";
static const char FROM_UTS39[] =
    "registry policy, UTS #39 (ibidi/uts39.h): ibidi_uts39_check_utf8 (and _cp, "
    "_alloc); command check --max-restriction";
static const char FROM_SCAN[] =
    "zone files (ibidi/scan.h): ibidi_scan_zone_line, ibidi_scan_zone_init, "
    "ibidi_scan_zone_end; command scan (a zone file, or --format zone)";
static const char FROM_SCAN_LINE[] =
    "the input of a scan: ibidi_scan_zone_line; command scan (a list or a zone file)";
static const char FROM_SCAN_GZIP[] =
    "the input of a scan: command scan, which reads gzip-compressed input with zlib (the "
    "library reads no files)";
static const char FROM_SHOW_CODES[] =
    "how to show an identifier (ibidi/show.h): ibidi_show_make; command show";
static const char FROM_VERDICT[] =
    "verdicts (ibidi/verdict.h): ibidi_verdict_make";

static const ibidi_code_info rows[] = {
    FINDING(IBIDI_IDNA_P1, "P1", "idna", "code-point", ERROR,
            /* note */ NULL,
            /* text */ "disallowed code point",
            /* rule */ "UTS #46 §4 step 1", "UTS #46 §4 step 1: disallowed code point",
            FROM_IDNA_CODES,
            /* example */ NULL,
            /* shows */ NULL,
            /* note */
            "this library never emits it (what UseSTD3ASCIIRules rejects is "
            "reported as U1); the name is kept with the other status codes of IdnaTestV2.txt"),
    FINDING(IBIDI_IDNA_P4, "P4", "idna", "punycode", ERROR,
            /* note */ NULL,
            /* text */ "\"xn--\" label is not valid Punycode of a non-ASCII label",
            /* rule */ "UTS #46 §4 step 4",
            "UTS #46 §4 step 4: a label starting with \"xn--\" must be ASCII and valid "
            "Punycode (RFC 3492) that decodes to a non-empty label with a non-ASCII character",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii xn--0.pt",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_V1, "V1", "idna", "label", ERROR,
            /* note */ NULL,
            /* text */ "label not in NFC",
            /* rule */ "UTS #46 §4.1 criterion 1; RFC 5891 §5.3",
            "UTS #46 §4.1 criterion 1 (RFC 5891 §5.3): the label must be in Normalization Form "
            "C",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-unicode xn--u-ccb",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_V2, "V2", "idna", "hyphen", ERROR,
            /* note */ "when CheckHyphens is on: --check-hyphens",
            /* text */ "\"--\" in the third and fourth positions",
            /* rule */ "UTS #46 §4.1 criterion 2; RFC 5891 §4.2.3.1",
            "UTS #46 §4.1 criterion 2 (RFC 5891 §4.2.3.1): the label must not contain \"--\" "
            "in the third and fourth positions",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii a.bc--de.f",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_V3, "V3", "idna", "hyphen", ERROR,
            /* note */ "when CheckHyphens is on: --check-hyphens",
            /* text */ "label begins or ends with a hyphen",
            /* rule */ "UTS #46 §4.1 criterion 3; RFC 5891 §4.2.3.1",
            "UTS #46 §4.1 criterion 3 (RFC 5891 §4.2.3.1): the label must neither begin nor "
            "end with a hyphen-minus",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii -ab.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_V4, "V4", "idna", "hyphen", ERROR,
            /* note */ NULL,
            /* text */ "label begins with \"xn--\"",
            /* rule */ "UTS #46 §4.1 criterion 4",
            "UTS #46 §4.1 criterion 4: the label must not begin with \"xn--\" (when "
            "CheckHyphens is off, or after Punycode decoding)",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --no-check-hyphens xn--xn--a--gua.pt",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_V5, "V5", "idna", "label", ERROR,
            /* note */ NULL,
            /* text */ "label contains a full stop",
            /* rule */ "UTS #46 §4.1 criterion 5",
            "UTS #46 §4.1 criterion 5: the label must not contain U+002E FULL STOP",
            FROM_IDNA_CODES,
            /* example */ NULL,
            /* shows */ NULL,
            /* note */
            "no input found that produces it here: names are split into labels at "
            "U+002E before Punycode is decoded, and decoding never yields a code point below "
            "U+0080"),
    FINDING(IBIDI_IDNA_V6, "V6", "idna", "label", ERROR,
            /* note */ NULL,
            /* text */ "label begins with a combining mark",
            /* rule */ "UTS #46 §4.1 criterion 6; RFC 5891 §4.2.3.2",
            "UTS #46 §4.1 criterion 6 (RFC 5891 §4.2.3.2): the label must not begin with a "
            "combining mark (General_Category M)",
            FROM_IDNA_CODES,
            /* example */ "printf 'a.\\314\\210c.d\\n' | ibidi to-ascii",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_V7, "V7", "idna", "code-point", ERROR,
            /* note */ NULL,
            /* text */ "code point not valid in the IDNA mapping table",
            /* rule */ "UTS #46 §4.1 criterion 7",
            "UTS #46 §4.1 criterion 7: every code point must be valid (or, nontransitionally, "
            "a deviation) in the IDNA mapping table",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii 'a⒈com'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_V8, "V8", "idna", "label", ERROR,
            /* note */ NULL,
            /* text */ "reserved validity criterion",
            /* rule */ "UTS #46 §4.1", "UTS #46 §4.1: reserved validity criterion", FROM_IDNA_CODES,
            /* example */ NULL,
            /* shows */ NULL,
            /* note */ "reserved by UTS #46 for a future criterion: never emitted"),
    FINDING(IBIDI_IDNA_U1, "U1", "idna", "code-point", ERROR,
            /* note */ "when UseSTD3ASCIIRules is on: --std3",
            /* text */ "ASCII other than a-z, 0-9 and hyphen",
            /* rule */ "UTS #46 §4.1.1 UseSTD3ASCIIRules",
            "UTS #46 §4.1.1 UseSTD3ASCIIRules: an ASCII code point must be a-z, 0-9 or "
            "hyphen-minus",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii 'a$b.com'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_A3, "A3", "idna", "punycode", ERROR,
            /* note */ NULL,
            /* text */ "label cannot be encoded as Punycode",
            /* rule */ "UTS #46 §4.2 step 3; RFC 3492",
            "UTS #46 §4.2 ToASCII step 3: the label cannot be encoded as Punycode (RFC 3492)",
            FROM_IDNA_CODES,
            /* example */ NULL,
            /* shows */ NULL,
            /* note */
            "only a lone surrogate given to the _cp calls makes Punycode encoding "
            "fail; UTF-8 cannot hold one, so no command reports it"),
    FINDING(IBIDI_IDNA_A4_1, "A4_1", "idna", "length", ERROR,
            /* note */ "when VerifyDnsLength is on: --verify-dns-length",
            /* text */ "name empty or longer than 253 octets",
            /* rule */ "UTS #46 §4.2 step 4.1; RFC 1034 §3.1",
            "UTS #46 §4.2 ToASCII step 4.1 VerifyDnsLength: the name must be 1 to 253 octets "
            "without the root label (RFC 1034 §3.1)",
            FROM_IDNA_CODES,
            /* example */ "printf '%s.' $(seq 100 199) | ibidi to-ascii",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_A4_2, "A4_2", "idna", "length", ERROR,
            /* note */ "when VerifyDnsLength is on: --verify-dns-length",
            /* text */ "label empty or longer than 63 octets",
            /* rule */ "UTS #46 §4.2 step 4.2; RFC 1034 §3.1",
            "UTS #46 §4.2 ToASCII step 4.2 VerifyDnsLength: every label must be 1 to 63 octets "
            "(RFC 1034 §3.1, RFC 5890 §2.3.2.1), the root label too: a name must not end with "
            "a full stop (detail IBIDI_IDNA_ROOT_LABEL)",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii a..com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_B1, "B1", "idna", "bidi-rule", ERROR,
            /* note */ "when CheckBidi is on: --check-bidi",
            /* text */ "first character not L, R or AL",
            /* rule */ "RFC 5893 §2 rule 1",
            "RFC 5893 rule 1: the first character must have the Bidi property L, R or AL",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --input notation 1ABC.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_B2, "B2", "idna", "bidi-rule", ERROR,
            /* note */ "when CheckBidi is on: --check-bidi",
            /* text */ "class not allowed in an RTL label",
            /* rule */ "RFC 5893 §2 rule 2",
            "RFC 5893 rule 2: in an RTL label only R, AL, AN, EN, ES, CS, ET, ON, BN and NSM "
            "are allowed",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --input notation AbC.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_B3, "B3", "idna", "bidi-rule", ERROR,
            /* note */ "when CheckBidi is on: --check-bidi",
            /* text */ "RTL label does not end with R, AL, EN or AN",
            /* rule */ "RFC 5893 §2 rule 3",
            "RFC 5893 rule 3: an RTL label must end with R, AL, EN or AN, followed by NSM*",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii 'אב·.com'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_B4, "B4", "idna", "bidi-rule", ERROR,
            /* note */ "when CheckBidi is on: --check-bidi",
            /* text */ "EN and AN in one RTL label",
            /* rule */ "RFC 5893 §2 rule 4",
            "RFC 5893 rule 4: in an RTL label, EN and AN must not both be present", FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii 'א0٠א.com'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_B5, "B5", "idna", "bidi-rule", ERROR,
            /* note */ "when CheckBidi is on: --check-bidi",
            /* text */ "class not allowed in an LTR label",
            /* rule */ "RFC 5893 §2 rule 5",
            "RFC 5893 rule 5: in an LTR label only L, EN, ES, CS, ET, ON, BN and NSM are "
            "allowed",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --input notation aBc.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_B6, "B6", "idna", "bidi-rule", ERROR,
            /* note */ "when CheckBidi is on: --check-bidi",
            /* text */ "LTR label does not end with L or EN",
            /* rule */ "RFC 5893 §2 rule 6",
            "RFC 5893 rule 6: an LTR label must end with L or EN, followed by NSM*",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii 'aˇ.א'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_C1, "C1", "idna", "context", ERROR,
            /* note */ "when CheckJoiners is on: --check-joiners",
            /* text */ "ZERO WIDTH NON-JOINER out of context",
            /* rule */ "RFC 5892 Appendix A.1",
            "RFC 5892 A.1: ZERO WIDTH NON-JOINER must follow a virama, or stand between a "
            "left- or dual-joining and a right- or dual-joining character (transparent ones "
            "skipped)",
            FROM_IDNA_CODES,
            /* example */ "printf 'a\\342\\200\\214b.com\\n' | ibidi to-ascii",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_C2, "C2", "idna", "context", ERROR,
            /* note */ "when CheckJoiners is on: --check-joiners",
            /* text */ "ZERO WIDTH JOINER out of context",
            /* rule */ "RFC 5892 Appendix A.2",
            "RFC 5892 A.2: ZERO WIDTH JOINER must follow a virama (Canonical_Combining_Class 9)",
            FROM_IDNA_CODES,
            /* example */ "printf 'a\\342\\200\\215b.com\\n' | ibidi to-ascii",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_X4_2, "X4_2", "idna", "length", ERROR,
            /* note */ NULL,
            /* text */ "empty label",
            /* rule */ "UTS #46 §4.3 ToUnicode",
            "UTS #46 §4.3 ToUnicode: empty label (ToASCII with VerifyDnsLength reports A4_2)",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-unicode a..com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_O3, "O3", "idna", "context", ERROR,
            /* note */ "under idna2008-register, RFC 5891 §4",
            /* text */ "MIDDLE DOT not between two l",
            /* rule */ "RFC 5892 Appendix A.3",
            "RFC 5892 A.3: MIDDLE DOT must stand between two LATIN SMALL LETTER L (l·l)",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --profile idna2008-register 'a·b.com'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_O4, "O4", "idna", "context", ERROR,
            /* note */ "under idna2008-register, RFC 5891 §4",
            /* text */ "KERAIA not followed by Greek",
            /* rule */ "RFC 5892 Appendix A.4",
            "RFC 5892 A.4: GREEK LOWER NUMERAL SIGN (KERAIA) must be followed by a Greek "
            "character",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --profile idna2008-register 'a͵b.com'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_O5, "O5", "idna", "context", ERROR,
            /* note */ "under idna2008-register, RFC 5891 §4",
            /* text */ "GERESH not after Hebrew",
            /* rule */ "RFC 5892 Appendix A.5",
            "RFC 5892 A.5: HEBREW PUNCTUATION GERESH must follow a Hebrew character",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --profile idna2008-register 'a׳.com'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_O6, "O6", "idna", "context", ERROR,
            /* note */ "under idna2008-register, RFC 5891 §4",
            /* text */ "GERSHAYIM not after Hebrew",
            /* rule */ "RFC 5892 Appendix A.6",
            "RFC 5892 A.6: HEBREW PUNCTUATION GERSHAYIM must follow a Hebrew character",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --profile idna2008-register 'a״.com'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_O7, "O7", "idna", "context", ERROR,
            /* note */ "under idna2008-register, RFC 5891 §4",
            /* text */ "KATAKANA MIDDLE DOT without Hiragana, Katakana or Han",
            /* rule */ "RFC 5892 Appendix A.7",
            "RFC 5892 A.7: a label with KATAKANA MIDDLE DOT must contain a Hiragana, Katakana "
            "or Han character",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --profile idna2008-register 'a・b.com'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_O8, "O8", "idna", "context", ERROR,
            /* note */ "under idna2008-register, RFC 5891 §4",
            /* text */ "ARABIC-INDIC digits mixed with extended ones",
            /* rule */ "RFC 5892 Appendix A.8",
            "RFC 5892 A.8: ARABIC-INDIC DIGITS must not be mixed with EXTENDED ARABIC-INDIC "
            "DIGITS",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --profile idna2008-register '٠۰.com'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_O9, "O9", "idna", "context", ERROR,
            /* note */ "under idna2008-register, RFC 5891 §4",
            /* text */ "EXTENDED ARABIC-INDIC digits mixed with Arabic-Indic ones",
            /* rule */ "RFC 5892 Appendix A.9",
            "RFC 5892 A.9: EXTENDED ARABIC-INDIC DIGITS must not be mixed with ARABIC-INDIC "
            "DIGITS",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --profile idna2008-register '٠۰.com'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_DISALLOWED_CP, "DISALLOWED", "idna", "code-point", ERROR,
            /* note */ "under the idna2008 profiles",
            /* text */ "code point DISALLOWED in IDNA2008",
            /* rule */ "RFC 5892 §2-§3; RFC 5891 §4.2.2, §5.4",
            "RFC 5892 §2-§3: the code point is DISALLOWED in IDNA2008 (RFC 5891 §4.2.2, §5.4)",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --profile idna2008-lookup a_b.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_UNASSIGNED_CP, "UNASSIGNED", "idna", "code-point", ERROR,
            /* note */ "under the idna2008 profiles",
            /* text */ "code point UNASSIGNED in Unicode 17.0",
            /* rule */ "RFC 5892 §2.11; RFC 5891 §4.2.2, §5.4",
            "RFC 5892 §2.11: the code point is UNASSIGNED in Unicode 17.0 (RFC 5891 §4.2.2, "
            "§5.4)",
            FROM_IDNA_CODES,
            /* example */
            "printf 'a\\315\\270.com\\n' | ibidi to-ascii --profile "
            "idna2008-lookup",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_NO_CONTEXT_RULE, "NO_CONTEXT_RULE", "idna", "context", ERROR,
            /* note */ "under the idna2008 profiles",
            /* text */ "CONTEXTJ or CONTEXTO code point without a rule",
            /* rule */ "RFC 5891 §4.2.3.3, §5.4",
            "RFC 5891 §4.2.3.3, §5.4: a CONTEXTJ or CONTEXTO code point without a rule in the "
            "IANA registry is not allowed",
            FROM_IDNA_CODES,
            /* example */ NULL,
            /* shows */ NULL,
            /* note */
            "every CONTEXTJ and CONTEXTO code point of Unicode 17.0 has a rule in "
            "the IANA registry, so no input produces it today"),
    FINDING(IBIDI_IDNA_FAKE_A_LABEL, "FAKE_A_LABEL", "idna", "punycode", ERROR,
            /* note */ "under the idna2008 profiles",
            /* text */ "\"xn--\" label that is not an A-label",
            /* rule */ "RFC 5890 §2.3.2.1; RFC 5891 §5.4",
            "RFC 5890 §2.3.2.1, RFC 5891 §5.4: a label starting with \"xn--\" must be the "
            "canonical Punycode of a valid U-label (decode, validate, re-encode, compare)",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --profile idna2008-lookup xn--a.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_DOMAIN_INVALID_CODE_POINT, "DOMAIN_INVALID_CODE_POINT", "idna", "code-point",
            ERROR,
            /* note */ "under the whatwg profile",
            /* text */ "forbidden domain code point",
            /* rule */ "URL Standard, host parsing",
            "URL Standard, host parsing (domain-invalid-code-point): the domain must not "
            "contain a forbidden domain code point: a C0 control, space, \"#\", \"%\", \"/\", "
            "\":\", \"<\", \">\", \"?\", \"@\", \"[\", \"\\\", \"]\", \"^\", \"|\" or U+007F "
            "DELETE, also after mapping",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --profile whatwg 'a b.com'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_EMPTY_HOST, "EMPTY_HOST", "idna", "length", ERROR,
            /* note */ "under the whatwg profile",
            /* text */ "empty host",
            /* rule */ "URL Standard, domain to ASCII",
            "URL Standard, domain to ASCII (domain-to-ASCII): the result must not be the empty "
            "string (a host of ignored code points only, or none)",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --profile whatwg ''",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_W_DIGIT_AFTER_RTL, "W_DIGIT_AFTER_RTL", "idna", "bidi-rule", WARNING,
            /* note */ NULL,
            /* text */ "LDH label starting with a digit after an RTL label",
            /* rule */ "RFC 5893 §2 (end)",
            "RFC 5893 §2: an LDH label starting with an ASCII digit follows an RTL label; the "
            "Bidi Rule's guarantee does not hold, the name may display like another one",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --input notation ABC.1com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IDNA_W_PER_LABEL_BIDI, "W_PER_LABEL_BIDI", "idna", "bidi-rule", WARNING,
            /* note */ "given only with --bidi-per-label",
            /* text */ "passes the Bidi Rule only label by label",
            /* rule */ "RFC 5893 §2",
            "RFC 5893 §2 applies the Bidi Rule to every label of a Bidi domain name; this name "
            "passes only because each label was checked alone, and may display like another "
            "name",
            FROM_IDNA_CODES,
            /* example */ "ibidi to-ascii --bidi-per-label --input notation 123.ABC.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IRI_MIXED_DIRECTION, "MIXED_DIRECTION", "iri", "component-rules", WARNING,
            /* note */ "an error with --duerst, IBIDI_IRI_DUERST2001, or --strict",
            /* text */ "component mixes left-to-right and right-to-left",
            /* rule */ "RFC 3987 §4.2 rule 1; 2012 guidelines §3; Duerst 2001 §5 restriction 1",
            "RFC 3987 §4.2 rule 1, 2012 bidi IRI guidelines §3: a component should not use "
            "both right-to-left (R, AL) and left-to-right (L) characters (Duerst 2001 §5 "
            "restriction 1: must not)",
            FROM_IRI_CODES,
            /* example */ "ibidi iri check --input notation 'http://example.com/abCD'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IRI_RTL_START, "RTL_START", "iri", "component-rules", WARNING,
            /* note */ "an error with --strict, IBIDI_IRI_STRICT",
            /* text */ "RTL component does not start right-to-left",
            /* rule */ "RFC 3987 §4.2 rule 2; 2012 guidelines §3",
            "RFC 3987 §4.2 rule 2, 2012 bidi IRI guidelines §3: a component using "
            "right-to-left characters should start with a right-to-left character",
            FROM_IRI_CODES,
            /* example */ "ibidi iri check --input notation 'http://example.com/1AB'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IRI_RTL_END, "RTL_END", "iri", "component-rules", WARNING,
            /* note */ "an error with --strict, IBIDI_IRI_STRICT",
            /* text */ "RTL component does not end right-to-left",
            /* rule */ "RFC 3987 §4.2 rule 2; 2012 guidelines §3",
            "RFC 3987 §4.2 rule 2, 2012 bidi IRI guidelines §3: a component using "
            "right-to-left characters should end with a right-to-left character, optionally "
            "followed by nonspacing marks (NSM)",
            FROM_IRI_CODES,
            /* example */ "ibidi iri check --input notation 'http://example.com/AB1'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IRI_RTL_OTHER_CLASS, "RTL_OTHER_CLASS", "iri", "component-rules", ERROR,
            /* note */ "checked only with --duerst",
            /* text */ "RTL component holds neutrals or numbers",
            /* rule */ "Duerst 2001 §5 restriction 3",
            "Duerst 2001 §5 restriction 3: a component using right-to-left characters must not "
            "use characters of any other class, such as neutrals or numbers (nonspacing marks "
            "are allowed)",
            FROM_IRI_CODES,
            /* example */ "ibidi iri check --duerst --input notation 'http://example.com/A-B'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_IRI_HOST_BIDI_RULE, "HOST_BIDI_RULE", "iri", "bidi-rule", ERROR,
            /* note */ NULL,
            /* text */ "host label breaks the Bidi Rule",
            /* rule */ "RFC 5893 §2; RFC 3987 §4.2",
            "RFC 5893 §2, required of host labels by RFC 3987 §4.2: the labels of a host with "
            "right-to-left characters must satisfy the Bidi Rule; the IDNA code names the "
            "condition broken",
            FROM_IRI_CODES,
            /* example */ "ibidi iri check --input notation 'http://1AB.com/'",
            /* shows */ NULL,
            /* note */
            "its detail (ibidi_finding.detail) is the IDNA code of the condition "
            "broken, B1-B6"),
    FINDING(IBIDI_IRI_DIGIT_AFTER_RTL, "DIGIT_AFTER_RTL", "iri", "component-rules", WARNING,
            /* note */ "an error with --strict, IBIDI_IRI_STRICT",
            /* text */ "component starting with a digit after an RTL one",
            /* rule */ "2012 guidelines §5 Examples 10, 11; RFC 5893 §2",
            "2012 bidi IRI guidelines §5 Examples 10 and 11, RFC 5893 §2: a component starting "
            "with a digit follows a component ending right-to-left with only delimiters "
            "between them, so the two may display in either order",
            FROM_IRI_CODES,
            /* example */ "ibidi iri check --input notation 'http://example.com/AB/1c'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_AMBIGUITY_NUMBER_LEVEL, "NUMBER_LEVEL", "ambiguity", "ambiguity", WARNING,
            /* note */ NULL,
            /* text */ "number's embedding level cannot be told",
            /* rule */ "Badami, Weak types EN and AN",
            "Badami, \"Weak types EN and AN\": the closest strong characters before and after "
            "this number differ in direction (the ends of the text count as left-to-right), so "
            "its embedding level cannot be told from the display (number embedding level "
            "ambiguity)",
            FROM_AMBIGUITY_CODES,
            /* example */ "ibidi check --input notation 123.ABC.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_AMBIGUITY_NUMBER_TYPE, "NUMBER_TYPE", "ambiguity", "ambiguity", WARNING,
            /* note */ NULL,
            /* text */ "European or Arabic number cannot be told",
            /* rule */ "Badami, Number type ambiguity",
            "Badami, \"Number type ambiguity\": the embedding level of this European digit is "
            "ambiguous and one of its closest strong characters is an Arabic letter (AL), so "
            "whether W2 made it an Arabic number, and so whether the terminator or separator "
            "next to it joins the number (W4, W5), cannot be told from the display",
            FROM_AMBIGUITY_CODES,
            /* example */ "ibidi check --input notation-arabic 'http://a.com/abc1$ABC'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_AMBIGUITY_NUMBER_SEPARATOR, "NUMBER_SEPARATOR", "ambiguity", "ambiguity", WARNING,
            /* note */ NULL,
            /* text */ "separator may belong to the number or not",
            /* rule */ "Badami, Number separator ambiguity; Recommendation I",
            "Badami, \"Number separator ambiguity\" and Recommendation I: the text matches one "
            "of the paper's six expressions, so whether a separator (ES, CS) belongs to a "
            "number or shows as a neutral may not be told from the display; the paper's own "
            "note finds the expressions imprecise (WN* may end with a number, terminator or "
            "separator, so they cover too much; numbers with several separators are not "
            "handled exactly): SEPARATOR_TWIN gives the exact answer",
            FROM_AMBIGUITY_CODES,
            /* example */ "ibidi check --input notation 'http://a.com/A$1+2'",
            /* shows */ NULL,
            /* note */ "its detail is the paper's expression that matched (1-6)"),
    FINDING(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, "IDN_NUMBER_LABEL", "ambiguity", "ambiguity", WARNING,
            /* note */ NULL,
            /* text */ "number label between labels of both directions",
            /* rule */ "Badami, Number embedding level ambiguity in IDNs, case 3",
            "Badami, \"Number embedding level ambiguity in IDNs\", case 3: the closest strong "
            "labels before and after this number label differ in direction (missing labels "
            "count as LTR) and neither the number prefix nor the number suffix exception "
            "applies",
            FROM_AMBIGUITY_CODES,
            /* example */ "ibidi check --input notation 123.ABC.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_AMBIGUITY_REC_II, "REC_II", "ambiguity", "ambiguity", WARNING,
            /* note */ NULL,
            /* text */ "top-level label is not a strong label",
            /* rule */ "Badami, Recommendation II",
            "Badami, Recommendation II (tentative): the top-level label should be a strong "
            "label (it is a number or neutral label)",
            FROM_AMBIGUITY_CODES,
            /* example */ "ibidi check --input notation ABC.123",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_AMBIGUITY_REC_III_PRECEDING, "REC_III_PRECEDING", "ambiguity", "ambiguity",
            WARNING,
            /* note */ NULL,
            /* text */ "strong label before a number label is not LTR",
            /* rule */ "Badami, Recommendation III.1",
            "Badami, Recommendation III.1: the closest preceding strong label of this number "
            "label within the domain name should be an LTR label",
            FROM_AMBIGUITY_CODES,
            /* example */ "ibidi check --input notation ABC.123.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_AMBIGUITY_REC_III_FOLLOWING, "REC_III_FOLLOWING", "ambiguity", "ambiguity",
            WARNING,
            /* note */ NULL,
            /* text */ "strong label after a number label is not LTR",
            /* rule */ "Badami, Recommendation III.2",
            "Badami, Recommendation III.2: the closest following strong label of this number "
            "label within the domain name should be an LTR label",
            FROM_AMBIGUITY_CODES,
            /* example */ "ibidi check --input notation 123.ABC.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_AMBIGUITY_PARENT_DOMAIN, "PARENT_DOMAIN", "ambiguity", "ambiguity", WARNING,
            /* note */ NULL,
            /* text */ "parent domain ambiguous on its own",
            /* rule */ "Badami, Recommendations concerning the use of IDNs",
            "Badami, \"Recommendations concerning the use of IDNs\": this parent domain cannot "
            "be rendered unambiguously on its own (number embedding level ambiguity in IDNs) "
            "although the whole name can",
            FROM_AMBIGUITY_CODES,
            /* example */ "ibidi check --input notation DEF.123.ABC.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_AMBIGUITY_RELATIVE_NAME, "RELATIVE_NAME", "ambiguity", "ambiguity", WARNING,
            /* note */ NULL,
            /* text */ "relative name ambiguous on its own",
            /* rule */ "Badami, Recommendations concerning the use of IDNs",
            "Badami, \"Recommendations concerning the use of IDNs\": this relative name cannot "
            "be rendered unambiguously on its own (number embedding level ambiguity in IDNs) "
            "although the whole name can",
            FROM_AMBIGUITY_CODES,
            /* example */ "ibidi check --input notation DEF.123.ABC.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_AMBIGUITY_CONTAINED_DOMAIN, "CONTAINED_DOMAIN", "ambiguity", "ambiguity", WARNING,
            /* note */ NULL,
            /* text */ "contains a domain name ambiguous on its own",
            /* rule */ "Badami, Recommendations concerning the use of IDNs",
            "Badami, \"Recommendations concerning the use of IDNs\": the identifier contains a "
            "domain name that cannot be rendered unambiguously on its own (DEF@123.ABC.com "
            "holds 123.ABC.com)",
            FROM_AMBIGUITY_CODES,
            /* example */ "ibidi check --input notation DEF@123.ABC.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_AMBIGUITY_VALID_TWIN, "VALID_TWIN", "ambiguity", "ambiguity", WARNING,
            /* note */ NULL,
            /* text */ "a valid identifier displays identically",
            /* rule */ "exact twin search (Badami, Bidirectional ambiguity in IDNs)",
            "exact (twin search, each twin confirmed by the UBA): another text displays "
            "identically and is a valid identifier under the IDNA flags given (for plain text: "
            "any other text that displays identically)",
            FROM_AMBIGUITY_CODES2,
            /* example */ "ibidi check --input notation 'http://a.com/A-1'",
            /* shows */ NULL,
            /* note */ "ibidi twins lists the twins"),
    FINDING(IBIDI_AMBIGUITY_INVALID_TWINS_ONLY, "INVALID_TWINS_ONLY", "ambiguity", "ambiguity",
            WARNING,
            /* note */ NULL,
            /* text */ "only invalid identifiers display identically",
            /* rule */ "exact twin search (Badami, Bidirectional ambiguity in IDNs)",
            "exact (twin search): other texts display identically, but none is a valid "
            "identifier: the ambiguity is resolved by the restrictions within IDNA and the "
            "identifier rules (Badami, \"Bidirectional ambiguity in IDNs\")",
            FROM_AMBIGUITY_CODES2,
            /* example */ "ibidi check --input notation 123.ABC.com",
            /* shows */ NULL,
            /* note */ "ibidi twins lists the twins"),
    FINDING(IBIDI_AMBIGUITY_SEPARATOR_TWIN, "SEPARATOR_TWIN", "ambiguity", "ambiguity", WARNING,
            /* note */ NULL,
            /* text */ "separator is a number part in one twin, a neutral in another",
            /* rule */ "exact twin search (Badami, Number separator ambiguity)",
            "exact (twin search): this separator (ES or CS) is part of a number (level 2) here "
            "and a neutral in a twin that displays identically, or the reverse: number "
            "separator ambiguity found without the paper's expressions, which their own note "
            "finds imprecise",
            FROM_AMBIGUITY_CODES2,
            /* example */ "ibidi check --input notation 'http://a.com/A$123+456B'",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_AMBIGUITY_DOMAIN_UNDETERMINED, "DOMAIN_UNDETERMINED", "ambiguity", "ambiguity",
            WARNING,
            /* note */ NULL,
            /* text */ "display does not determine the domain",
            /* rule */
            "exact twin search (Badami, Bidirectional ambiguity in other internet "
            "identifiers)",
            "exact, Badami, \"Bidirectional ambiguity in other internet identifiers\": the "
            "display does not determine the domain: a valid twin has another host (123@ABC.com "
            "and ABC@123.com)",
            FROM_AMBIGUITY_CODES2,
            /* example */ "ibidi check --input notation 123@ABC.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_AMBIGUITY_SAME_AUTHORITY, "SAME_AUTHORITY", "ambiguity", "ambiguity", WARNING,
            /* note */ NULL,
            /* text */ "a valid twin has the same scheme and authority",
            /* rule */ "exact twin search (Badami, Dealing with bidirectional ambiguity)",
            "exact, Badami, \"Dealing with bidirectional ambiguity\": a valid twin has the "
            "same scheme and authority, so one administration controls both and can avoid "
            "allocating them to different resources",
            FROM_AMBIGUITY_CODES2,
            /* example */ "ibidi check --input notation http://www.ABC.com/123/ABC/",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_AMBIGUITY_SEARCH_TRUNCATED, "SEARCH_TRUNCATED", "ambiguity", "ambiguity", WARNING,
            /* note */ NULL,
            /* text */ "twin search cut by its bound",
            /* rule */ "exact twin search",
            "exact: the twin search was cut by its bound on candidates; more twins may exist",
            FROM_AMBIGUITY_CODES2,
            /* example */ "ibidi twins --max-candidates 1 --input notation 123.456.ABC.com",
            /* shows */ "# search cut",
            /* note */
            "check and scan search with the exact analysis's default bound "
            "(IBIDI_AMBIGUITY_EXACT_DEFAULT_CANDIDATES), which identifiers of a usual length "
            "stay far below; twins reports a cut search in words"),
    FINDING(IBIDI_RFC5893_REQ_GROUPING, "GROUPING", "rfc5893", "rfc5893", WARNING,
            /* note */ NULL,
            /* text */ "label's characters do not stay grouped",
            /* rule */ "RFC 5893 §3 Character Grouping",
            "RFC 5893 §3 Character Grouping: in some context the characters of the label do "
            "not stay grouped between the delimiters around it",
            FROM_RFC5893_CODES,
            /* example */ NULL,
            /* shows */ NULL,
            /* note */ "only ibidi_rfc5893_check_name_utf8 reports it; no command calls it"),
    FINDING(IBIDI_RFC5893_REQ_CONTROLS, "CONTROLS", "rfc5893", "rfc5893", WARNING,
            /* note */ NULL,
            /* text */ "label not grouped with a directional control around",
            /* rule */ "RFC 5893 §3",
            "RFC 5893 §3: with a directional control (LRE, RLE, LRO, RLO, PDF) outside the "
            "labels, the characters of the label do not stay grouped between its delimiters",
            FROM_RFC5893_CODES,
            /* example */ NULL,
            /* shows */ NULL,
            /* note */
            "only ibidi_rfc5893_check_name_utf8 (with IBIDI_RFC5893_CONTROLS) "
            "reports it; no command calls it"),
    FINDING(IBIDI_RFC5893_REQ_UNIQUENESS, "UNIQUENESS", "rfc5893", "rfc5893", WARNING,
            /* note */ NULL,
            /* text */ "another valid label displays identically",
            /* rule */ "RFC 5893 §3 Label Uniqueness",
            "RFC 5893 §3 Label Uniqueness: another label that satisfies the Bidi Rule displays "
            "identically in the same context",
            FROM_RFC5893_CODES,
            /* example */ NULL,
            /* shows */ NULL,
            /* note */ "only ibidi_rfc5893_check_name_utf8 reports it; no command calls it"),
    FINDING(IBIDI_RFC5893_REQ_TRUNCATED, "TRUNCATED", "rfc5893", "rfc5893", WARNING,
            /* note */ NULL,
            /* text */ "Label Uniqueness search cut by its bound",
            /* rule */ "RFC 5893 §3 Label Uniqueness",
            "RFC 5893 §3 Label Uniqueness: the twin search was cut by its bound, so the check "
            "is incomplete",
            FROM_RFC5893_CODES,
            /* example */ NULL,
            /* shows */ NULL,
            /* note */ "only ibidi_rfc5893_check_name_utf8 reports it; no command calls it"),
    FINDING(IBIDI_UTS39_RESTRICTION_LEVEL, "RESTRICTION_LEVEL", "uts39", "script-policy", ERROR,
            /* note */
            "only under a registry's policy: --max-restriction, the options' "
            "max_level",
            /* text */ "label above the highest restriction level allowed",
            /* rule */ "UTS #39 §5.2",
            "UTS #39 §5.2: the label mixes scripts beyond the highest restriction level the "
            "registry allows (ASCII-only, single script, highly, moderately, minimally "
            "restrictive, unrestricted)",
            FROM_UTS39_CODES,
            /* example */ "ibidi check --max-restriction moderately-restrictive 'pаypal.com'",
            /* shows */ NULL,
            /* note */
            "pаypal.com (U+0430 CYRILLIC SMALL LETTER A among Latin letters) is "
            "minimally restrictive; the finding names the first character that takes the label "
            "above the level, and its detail is the label's level"),
    FINDING(IBIDI_UTS39_MIXED_NUMBERS, "MIXED_NUMBERS", "uts39", "script-policy", WARNING,
            /* note */
            "an error under a registry's policy: --max-restriction, the options' "
            "max_level",
            /* text */ "digits of more than one decimal system",
            /* rule */ "UTS #39 §5.3",
            "UTS #39 §5.3: the label holds digits (General_Category Nd) of more than one "
            "decimal number system",
            FROM_UTS39_CODES,
            /* example */ "ibidi check 'ب1۲.com'",
            /* shows */ NULL,
            /* note */
            "BEH, ASCII 1 and EXTENDED ARABIC-INDIC DIGIT TWO: valid IDNA (both "
            "digits are EN), mixed numbers for a registry; the finding names the first digit "
            "of the second system, and its detail is the first system's zero"),
    FINDING(IBIDI_LGR_INELIGIBLE, "LGR_INELIGIBLE", "lgr", "lgr", ERROR,
            /* note */ "only with an LGR: --lgr, the verdict options' lgr",
            /* text */ "first label not eligible under the LGR",
            /* rule */ "RFC 7940 §8.1",
            "RFC 7940 §8.1: the first label of the name (the label a registry registers) is "
            "not eligible under the registry's LGR: a code point outside the repertoire, one "
            "whose when / not-when rule does not hold, or an action that gives the label the "
            "disposition \"invalid\" (§8.1.1; the detail is the status that says which)",
            FROM_LGR_CODES,
            /* example */ "ibidi check --lgr data/samples/lgr/toy-hebrew-arabic.xml x.com",
            /* shows */ NULL,
            /* note */ NULL),
    FINDING(IBIDI_LGR_NOT_REGISTRABLE, "LGR_NOT_REGISTRABLE", "lgr", "lgr", ERROR,
            /* note */ "only with an LGR: --lgr, the verdict options' lgr",
            /* text */ "first label's disposition is not registrable",
            /* rule */ "RFC 7940 §8.3, §7.3",
            "RFC 7940 §8.3, §7.3: the first label of the name is eligible under the registry's "
            "LGR, but an action gives it the disposition \"blocked\", under which it cannot be "
            "registered (the detail is the index of that action)",
            FROM_LGR_CODES,
            /* example */ NULL,
            /* shows */ NULL,
            /* note */
            "the sample LGR has no action that blocks a label; `ibidi lgr check` "
            "shows the dispositions of an LGR's own labels"),
    FINDING(IBIDI_CONFUSABLE_RESTRICTED_CHARACTER, "RESTRICTED_CHARACTER", "confusable", "look-alike",
            WARNING,
            /* note */ NULL,
            /* text */ "character outside the General Security Profile",
            /* rule */ "UTS #39 §3.1",
            "UTS #39 §3.1: a character whose Identifier_Status is Restricted: the General "
            "Security Profile keeps it out of identifiers (the detail is its Identifier_Type: "
            "Uncommon_Use, Exclusion, Obsolete, Not_NFKC...)",
            FROM_CONFUSABLE_CODES,
            /* example */ "ibidi check 'ǃkung.com'",
            /* shows */ NULL,
            /* note */
            "U+01C3 LATIN LETTER RETROFLEX CLICK is Restricted (Technical); it also looks "
            "like an exclamation mark"),
    FINDING(IBIDI_CONFUSABLE_MIXED_SCRIPT_CONFUSABLE, "MIXED_SCRIPT_CONFUSABLE", "confusable", "look-alike",
            WARNING,
            /* note */ NULL,
            /* text */ "character that looks like one of the label's main script",
            /* rule */ "UTS #39 §4",
            "UTS #39 §4: in a label that mixes scripts, a character outside the label's main "
            "script that looks like a character of it (the same prototype in confusables.txt): "
            "the label reads as one of its main script (the detail is the look-alike)",
            FROM_CONFUSABLE_CODES,
            /* example */ "ibidi check 'pаypal.com'",
            /* shows */ NULL,
            /* note */
            "pаypal.com holds U+0430 CYRILLIC SMALL LETTER A among Latin letters: it looks like "
            "a, and the label like paypal"),
    FINDING(IBIDI_CONFUSABLE_WHOLE_SCRIPT_CONFUSABLE, "WHOLE_SCRIPT_CONFUSABLE", "confusable", "look-alike",
            WARNING,
            /* note */ NULL,
            /* text */ "label whose every character looks like one of another script",
            /* rule */ "UTS #39 §4",
            "UTS #39 §4: a label of one script every character of which looks like a character "
            "of one other Recommended script: it is a whole-script confusable of a label of "
            "that script (the detail is the script)",
            FROM_CONFUSABLE_CODES,
            /* example */ "ibidi check 'ססו.com'",
            /* shows */ NULL,
            /* note */
            "ססו (samekh, samekh, vav) looks like the Latin ool, and, laid out right to left, "
            "like loo: its bidi skeleton in a left-to-right paragraph is loo.corn"),
    FINDING(IBIDI_SHOW_MARK_REPEATED, "MARK_REPEATED", "show", "show",
            WARNING,
            /* note */ NULL,
            /* text */ "the same nonspacing mark twice on one base",
            /* rule */ "UTS #39 §5.4",
            "UTS #39 §5.4: the same nonspacing mark twice on one base character (in NFD) draws "
            "as one mark: the second is invisible, and the label looks like another",
            FROM_SHOW_CODES,
            /* example */ "ibidi show --policy firefox xn--gruzere-ogea.com",
            /* shows */ NULL,
            /* note */ "gruz̀̀ere: z with two combining grave accents"),
    FINDING(IBIDI_SHOW_MARK_SCRIPT, "MARK_SCRIPT", "show", "show",
            WARNING,
            /* note */ NULL,
            /* text */ "nonspacing mark of another script than its base",
            /* rule */ "UTS #39 §5.4",
            "UTS #39 §5.4: a nonspacing mark whose scripts (Script_Extensions) are not its base "
            "character's, such as an Arabic kasra on a Latin letter (the detail is the mark's "
            "script)",
            FROM_SHOW_CODES,
            /* example */ "ibidi show xn--foog-ycg.com",
            /* shows */ NULL,
            /* note */ "foog with U+0650 ARABIC KASRA on the g"),
    FINDING(IBIDI_SHOW_DIGIT_LOOKALIKE, "DIGIT_LOOKALIKE", "show", "show",
            WARNING,
            /* note */ NULL,
            /* text */ "label of digits and digit look-alikes",
            /* rule */ "UTS #39 §4",
            "UTS #39 §4: a label of digits and of characters whose prototype in confusables.txt "
            "is a digit, one of them not an ASCII digit: it reads as a number it is not",
            FROM_SHOW_CODES,
            /* example */ "ibidi show xn--123457890-fzh.com",
            /* shows */ NULL,
            /* note */ "12345б7890: the Cyrillic be looks like a 6"),
    FINDING(IBIDI_SHOW_NON_ASCII_LATIN, "NON_ASCII_LATIN", "show", "show",
            WARNING,
            /* note */ NULL,
            /* text */ "non-ASCII Latin letter mixed with another script",
            /* rule */ "UTS #39 §5.2",
            "UTS #39 §5.2, as Chromium applies it: a Latin letter outside ASCII in a label that "
            "mixes Latin with another script, where the highly restrictive level allows only "
            "ASCII Latin to mix",
            FROM_SHOW_CODES,
            /* example */ "ibidi show --policy chromium xn--caf-dma9024xvpg.kr",
            /* shows */ NULL,
            /* note */ "café카페: é with Hangul"),
    FINDING(IBIDI_SHOW_DEVIATION, "DEVIATION", "show", "show",
            WARNING,
            /* note */ NULL,
            /* text */ "deviation character",
            /* rule */ "UTS #46 §4",
            "UTS #46 §4: a deviation character, whose processing differs between IDNA2003 and "
            "IDNA2008: ZWJ and ZWNJ (invisible), and under transitional processing ß and ς "
            "(mapped to ss and σ there, so another name)",
            FROM_SHOW_CODES,
            /* example */ "ibidi show xn--11b6iy14e.in",
            /* shows */ NULL,
            /* note */ "क्‍ with U+200D ZERO WIDTH JOINER"),
    FINDING(IBIDI_SHOW_PROTECTED_SKELETON, "PROTECTED_SKELETON", "show", "show",
            WARNING,
            /* note */ NULL,
            /* text */ "looks like a protected name",
            /* rule */ "UTS #39 §4",
            "UTS #39 §4: the name, or its last labels, has the skeleton of a protected name "
            "without being that name (the detail is the protected name's index)",
            FROM_SHOW_CODES,
            /* example */ "ibidi show --protect-name paypal.com xn--pypal-4ve.com",
            /* shows */ NULL,
            /* note */ "pаypal.com (U+0430) against paypal.com"),
    FINDING(IBIDI_SHOW_PROTECTED_BIDI_SKELETON, "PROTECTED_BIDI_SKELETON", "show", "show",
            WARNING,
            /* note */ NULL,
            /* text */ "displays like a protected name",
            /* rule */ "UTS #39 §4",
            "UTS #39 §4: the name, or its last labels, has the bidi skeleton of a protected name "
            "in the paragraph direction given (laid out by the UBA, then its skeleton) "
            "without being that name",
            FROM_SHOW_CODES,
            /* example */ "ibidi show --protect-name loo.com 'ססו.com'",
            /* shows */ NULL,
            /* note */ "ססו.com shows as וסס.com in a left-to-right paragraph: loo.com"),
    FINDING(IBIDI_SHOW_SCRIPT_NOT_ALLOWED, "SCRIPT_NOT_ALLOWED", "show", "show",
            WARNING,
            /* note */ NULL,
            /* text */ "script the policy does not show",
            /* rule */ "UAX #31 Table 5",
            "a character of a script outside the user's scripts or, when none is given, outside "
            "UAX #31 Table 5's Recommended scripts (the detail is the script)",
            FROM_SHOW_CODES,
            /* example */ "ibidi show --policy webkit xn--5ya.com",
            /* shows */ NULL,
            /* note */ "ϧ: U+03E7 COPTIC SMALL LETTER KHEI"),
    FINDING(IBIDI_SHOW_NOT_IDNA2008, "NOT_IDNA2008", "show", "show",
            WARNING,
            /* note */ NULL,
            /* text */ "character UTS #46 takes and IDNA2008 does not",
            /* rule */ "UTS #46 §5",
            "UTS #46 §5: a character valid in UTS #46 processing but not in IDNA2008 (NV8 or "
            "XV8 in IdnaMappingTable.txt): punctuation and symbols, many of which look like "
            "others (U+2010 HYPHEN like the hyphen-minus)",
            FROM_SHOW_CODES,
            /* example */ "ibidi show xn--abcdef-dg0c.com",
            /* shows */ NULL,
            /* note */ "abc‐def.com with U+2010 HYPHEN"),
    FINDING(IBIDI_SHOW_MARK_HIDDEN, "MARK_HIDDEN", "show", "show",
            WARNING,
            /* note */ NULL,
            /* text */ "mark above in the place of a dot",
            /* rule */ "UTS #39 §5.4",
            "UTS #39 §5.4: a mark above that takes the place of a letter's dot (U+0307 on i, "
            "j or l, any mark above on a dotless i or j): the letter and its mark look like "
            "another letter (the detail is the base)",
            FROM_SHOW_CODES,
            /* example */ "ibidi show xn--pxel-lza43z.com",
            /* shows */ NULL,
            /* note */ "pı̇xel: dotless i with U+0307 COMBINING DOT ABOVE looks like pixel"),
    FINDING(IBIDI_SHOW_MODIFIER_CONTEXT, "MODIFIER_CONTEXT", "show", "show",
            WARNING,
            /* note */ NULL,
            /* text */ "modifier letter after a letter of another script",
            /* rule */ "UAX #24",
            "a modifier letter of a script (General_Category Lm with Script_Extensions, such as "
            "the prolonged sound mark and the iteration marks of Japanese) that does not follow "
            "a letter of its scripts: it modifies nothing and reads as punctuation (the detail "
            "is its script)",
            FROM_SHOW_CODES,
            /* example */ "ibidi show xn--weka801xo02a.com",
            /* shows */ NULL,
            /* note */ "ー動画ー: the prolonged sound mark around Han ideographs reads as dashes"),
    STATUS(IBIDI_OK, "OK", "common", "success", SUCCESS,
           /* note */ NULL,
           /* text */ "success",
           /* rule */ NULL, "success", FROM_COMMON,
           /* example */ NULL,
           /* shows */ NULL,
           /* note */ "what every call returns when it succeeds"),
    STATUS(IBIDI_E_INVALID_ARGUMENT, "INVALID_ARGUMENT", "common", "api", FAILURE,
           /* note */ NULL,
           /* text */ "invalid argument",
           /* rule */ NULL,
           "invalid argument: a NULL pointer with a non-zero length, or an unknown option "
           "value",
           FROM_COMMON2,
           /* example */ NULL,
           /* shows */ NULL,
           /* note */
           "the command always gives calls what they need, so none of its commands "
           "reports it; a program calling the library can get it"),
    STATUS(IBIDI_E_BUFFER_TOO_SMALL, "BUFFER_TOO_SMALL", "common", "api", FAILURE,
           /* note */ NULL,
           /* text */ "output buffer too small",
           /* rule */ NULL, "output buffer too small: the size needed was stored in *out_len",
           FROM_COMMON2,
           /* example */ NULL,
           /* shows */ NULL,
           /* note */
           "the command sizes its buffers first (or uses the _alloc calls); a "
           "program gets it with the size needed in *out_len"),
    STATUS(IBIDI_E_NOMEM, "NOMEM", "common", "api", FAILURE,
           /* note */ NULL,
           /* text */ "out of memory",
           /* rule */ NULL, "out of memory in an allocating wrapper", FROM_COMMON2,
           /* example */ NULL,
           /* shows */ NULL,
           /* note */ "only when memory runs out in an _alloc call"),
    STATUS(IBIDI_E_TOO_LONG, "TOO_LONG", "common", "api", FAILURE,
           /* note */ NULL,
           /* text */ "input too long",
           /* rule */ NULL, "input too long: its size would overflow size_t arithmetic",
           FROM_COMMON2,
           /* example */ NULL,
           /* shows */ NULL,
           /* note */ "only for lengths near SIZE_MAX, which no input reaches"),
    STATUS(IBIDI_E_TEMP_FILE, "TEMP_FILE", "common", "api", FAILURE,
           /* note */ NULL,
           /* text */ "temporary file failed",
           /* rule */ NULL,
           "a temporary file could not be created, written or read (the directory is missing "
           "or not writable, or the disk is full; the error's value is the errno)",
           FROM_COMMON2,
           /* example */
           "(export TMPDIR=/nonexistent; seq 3000 | sed 's/$/.example.com/' | "
           "ibidi scan --memory 64K)",
           /* shows */ NULL,
           /* note */
           "the collision groups of ibidi scan write sorted runs to a temporary "
           "file in $TMPDIR (or /tmp) once they hold more than --memory; a directory that "
           "does not exist, cannot be written or is full stops the scan: the records "
           "before are written, no groups nor summary, exit status 2; a full one is named "
           "with the space the runs needed"),
    STATUS(IBIDI_E_INTERRUPTED, "INTERRUPTED", "common", "api", FAILURE,
           /* note */ NULL,
           /* text */ "stopped by the caller",
           /* rule */ NULL,
           "the caller's stop callback ended the call before its end (the twin search asks "
           "ibidi_ambiguity_options.stop_fn now and then): its results are incomplete",
           FROM_STOP,
           /* example */ NULL,
           /* shows */ NULL,
           /* note */
           "the command sets no stop callback, so none of its commands reports it; a "
           "program that must answer a cancel, such as the PostgreSQL extension under a "
           "statement timeout, gets it"),
    STATUS(IBIDI_E_UTF8_TRUNCATED, "UTF8_TRUNCATED", "utf8", "encoding", FAILURE,
           /* note */ NULL,
           /* text */ "UTF-8 sequence cut short",
           /* rule */ "Unicode 17.0 §3.9, Table 3-7",
           "ill-formed UTF-8: a multi-byte sequence is cut short by the end of input or by a "
           "byte that is not a continuation byte 80..BF (Unicode 17.0 §3.9, Table 3-7)",
           FROM_UTF8,
           /* example */ "printf 'a\\303\\n' | ibidi props",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_UTF8_UNEXPECTED_CONT, "UTF8_UNEXPECTED_CONT", "utf8", "encoding", FAILURE,
           /* note */ NULL,
           /* text */ "unexpected UTF-8 continuation byte",
           /* rule */ "Unicode 17.0 §3.9, Table 3-7",
           "ill-formed UTF-8: continuation byte 80..BF where a sequence must start (Unicode "
           "17.0 §3.9, Table 3-7)",
           FROM_UTF8,
           /* example */ "printf 'a\\200\\n' | ibidi normalize",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_UTF8_INVALID_BYTE, "UTF8_INVALID_BYTE", "utf8", "encoding", FAILURE,
           /* note */ NULL,
           /* text */ "byte F8..FF in UTF-8",
           /* rule */ "Unicode 17.0 §3.9, Table 3-7",
           "ill-formed UTF-8: bytes F8..FF never occur in UTF-8 (Unicode 17.0 §3.9, Table 3-7)",
           FROM_UTF8,
           /* example */ "printf 'a\\370\\n' | ibidi normalize",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_UTF8_OVERLONG, "UTF8_OVERLONG", "utf8", "encoding", FAILURE,
           /* note */ NULL,
           /* text */ "overlong UTF-8",
           /* rule */ "Unicode 17.0 §3.9, Table 3-7",
           "ill-formed UTF-8: overlong encoding (C0, C1; E0 must be followed by A0..BF; F0 by "
           "90..BF) (Unicode 17.0 §3.9, Table 3-7)",
           FROM_UTF8,
           /* example */ "printf '\\300\\257\\n' | ibidi normalize",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_UTF8_SURROGATE, "UTF8_SURROGATE", "utf8", "encoding", FAILURE,
           /* note */ NULL,
           /* text */ "UTF-8 encodes a surrogate",
           /* rule */ "Unicode 17.0 §3.9, Table 3-7",
           "ill-formed UTF-8: ED A0..BF encodes a surrogate D800..DFFF; ED must be followed "
           "by 80..9F (Unicode 17.0 §3.9, Table 3-7)",
           FROM_UTF8,
           /* example */ "printf '\\355\\240\\200\\n' | ibidi normalize",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_UTF8_TOO_LARGE, "UTF8_TOO_LARGE", "utf8", "encoding", FAILURE,
           /* note */ NULL,
           /* text */ "UTF-8 encodes a value above 10FFFF",
           /* rule */ "Unicode 17.0 §3.9, Table 3-7",
           "ill-formed UTF-8: the sequence encodes a value above 10FFFF (F4 must be followed "
           "by 80..8F; F5..F7 never occur) (Unicode 17.0 §3.9, Table 3-7)",
           FROM_UTF8,
           /* example */ "printf '\\364\\220\\200\\200\\n' | ibidi normalize",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_CP_SURROGATE, "CP_SURROGATE", "utf8", "encoding", FAILURE,
           /* note */ NULL,
           /* text */ "surrogate code point",
           /* rule */ "Unicode 17.0 §3.9 D76",
           "surrogate code point D800..DFFF is not a Unicode scalar value (Unicode 17.0 §3.9, "
           "D76)",
           FROM_UTF8,
           /* example */ "ibidi bidi --input hex D800",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_CP_TOO_LARGE, "CP_TOO_LARGE", "utf8", "encoding", FAILURE,
           /* note */ NULL,
           /* text */ "value above 10FFFF",
           /* rule */ "Unicode 17.0 §3.4 D9",
           "value above 10FFFF is not a Unicode code point (Unicode 17.0 §3.4, D9)", FROM_UTF8,
           /* example */ "ibidi props U+110000",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_CP_SYNTAX, "CP_SYNTAX", "common", "syntax", FAILURE,
           /* note */ NULL,
           /* text */ "code point notation not understood",
           /* rule */ NULL,
           "code point notation not understood: expected U+XXXX or hexadecimal digits, "
           "0..10FFFF",
           FROM_COMMON3,
           /* example */ "ibidi bidi --input hex zz",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_NOTATION_SYNTAX, "NOTATION_SYNTAX", "common", "syntax", FAILURE,
           /* note */ NULL,
           /* text */ "Bidi Notation is ASCII only",
           /* rule */ NULL,
           "Bidi Notation is ASCII only: A-Z right-to-left letters, a-z left-to-right, 0-9 "
           "European digits, the other characters as themselves",
           FROM_COMMON3,
           /* example */ "ibidi bidi --input notation א",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_CLASS_NAME, "CLASS_NAME", "common", "syntax", FAILURE,
           /* note */ NULL,
           /* text */ "not a Bidi_Class name",
           /* rule */ "UAX #9 Table 4",
           "not a Bidi_Class name: L, R, AL, EN, ES, ET, AN, CS, NSM, BN, B, S, WS, ON, LRE, "
           "LRO, RLE, RLO, PDF, LRI, RLI, FSI, PDI (UAX #9 Table 4)",
           FROM_COMMON3,
           /* example */ "ibidi bidi --input classes 'L XX'",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LINE_TOO_LONG, "LINE_TOO_LONG", "common", "syntax", FAILURE,
           /* note */ NULL,
           /* text */ "line too long",
           /* rule */ NULL,
           "a line of the command's standard input is over 1 MiB (1,048,576 bytes): the "
           "command keeps no longer line in memory, so that no input, however it is cut, "
           "takes more",
           FROM_LINES,
           /* example */ "head -c 1048577 /dev/zero | tr '\\0' a | ibidi normalize",
           /* shows */ NULL,
           /* note */
           "the line gets its record (with --json, \"input\" null and \"input_length\" its "
           "length), the lines after it are read, and the exit status is 1; give a longer "
           "text as an argument"),
    STATUS(IBIDI_E_BIDI_WORK_TOO_SMALL, "BIDI_WORK_TOO_SMALL", "bidi", "api", FAILURE,
           /* note */ NULL,
           /* text */ "bidi work area too small",
           /* rule */ NULL,
           "bidi work area too small: inputs longer than IBIDI_BIDI_SMALL (1024) code points "
           "need a caller work area of ibidi_bidi_work_size(n) bytes",
           FROM_BIDI,
           /* example */ NULL,
           /* shows */ NULL,
           /* note */
           "the command always gives calls what they need, so none of its commands "
           "reports it; a program calling the library can get it"),
    STATUS(IBIDI_E_BIDI_LEVEL, "BIDI_LEVEL", "bidi", "bidi", FAILURE,
           /* note */ NULL,
           /* text */ "embedding level out of range",
           /* rule */ "UAX #9 BD2",
           "embedding level out of range: UAX #9 BD2 allows levels 0..126 (max_depth 125 + 1)",
           FROM_BIDI,
           /* example */ NULL,
           /* shows */ NULL,
           /* note */
           "only ibidi_bidi_line_levels and the calls that take levels from the "
           "caller check them; no command passes levels"),
    STATUS(IBIDI_E_PUNYCODE_BAD_INPUT, "PUNYCODE_BAD_INPUT", "punycode", "punycode", FAILURE,
           /* note */ NULL,
           /* text */ "invalid Punycode character",
           /* rule */ "RFC 3492 §5, §6.2",
           "invalid Punycode: only basic code points may precede the last delimiter, and only "
           "the base-36 digits a-z, A-Z, 0-9 may follow it (RFC 3492 §5, §6.2)",
           FROM_PUNYCODE,
           /* example */ "ibidi punycode --decode 'ab-c!'",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_PUNYCODE_TRUNCATED, "PUNYCODE_TRUNCATED", "punycode", "punycode", FAILURE,
           /* note */ NULL,
           /* text */ "Punycode cut inside an integer",
           /* rule */ "RFC 3492 §3.3, §6.2",
           "invalid Punycode: the input ends inside a generalized variable-length integer "
           "(RFC 3492 §3.3, §6.2)",
           FROM_PUNYCODE,
           /* example */ "ibidi punycode --decode ab-z",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_PUNYCODE_OVERFLOW, "PUNYCODE_OVERFLOW", "punycode", "punycode", FAILURE,
           /* note */ NULL,
           /* text */ "Punycode overflow",
           /* rule */ "RFC 3492 §6.4",
           "Punycode overflow: a delta or code point value does not fit in 32 bits (RFC 3492 "
           "§6.4)",
           FROM_PUNYCODE,
           /* example */ "ibidi punycode --decode 99999999999",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_PUNYCODE_RANGE, "PUNYCODE_RANGE", "punycode", "punycode", FAILURE,
           /* note */ NULL,
           /* text */ "Punycode decodes to a non-scalar value",
           /* rule */ "RFC 3492 §6.2",
           "invalid Punycode: it decodes to a surrogate D800..DFFF or a value above 10FFFF, "
           "which is not a Unicode scalar value (RFC 3492 §6.2; Unicode 17.0 §3.9 D76)",
           FROM_PUNYCODE,
           /* example */ "ibidi punycode --decode 99999a",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_PUNYCODE_NOT_CANONICAL, "PUNYCODE_NOT_CANONICAL", "punycode", "punycode",
           FAILURE,
           /* note */ NULL,
           /* text */ "non-canonical Punycode",
           /* rule */ "RFC 5891 §5.4; RFC 5890 §2.3.2.1",
           "non-canonical Punycode: re-encoding the decoded label gives a different string, "
           "so this is not an A-label (RFC 5891 §5.4, RFC 5890 §2.3.2.1)",
           FROM_PUNYCODE,
           /* example */ "ibidi punycode --decode --canonical egbpdaj6bu4bxfgehfvwxN",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_PUNYCODE_TOO_LONG, "PUNYCODE_TOO_LONG", "punycode", "punycode", FAILURE,
           /* note */ NULL,
           /* text */ "Punycode too long to process",
           /* rule */ "RFC 3492 §6",
           "Punycode input or output longer than IBIDI_PUNYCODE_MAX_CPS (4096) code points: "
           "far beyond a DNS label (63 octets, RFC 1034 §3.1), and not processed (the codec "
           "of RFC 3492 §6 is quadratic in the length)",
           FROM_PUNYCODE,
           /* example */ "printf 'a%.0s' $(seq 4100) | ibidi punycode --encode",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_IDNA_INVALID, "IDNA_INVALID", "idna", "idna", FAILURE,
           /* note */ NULL,
           /* text */ "the name breaks IDNA rules",
           /* rule */ NULL,
           "the domain name breaks IDNA rules: each finding names the rule, the label and the "
           "offset",
           FROM_IDNA,
           /* example */ "ibidi to-ascii --input notation 1ABC.com",
           /* shows */ "item 1: invalid",
           /* note */
           "the commands print the findings that made the name invalid instead of "
           "the status"),
    STATUS(IBIDI_E_IDNA_TOO_LONG, "IDNA_TOO_LONG", "idna", "length", FAILURE,
           /* note */ NULL,
           /* text */ "name too long to process",
           /* rule */ "RFC 1034 §3.1",
           "domain name longer than IBIDI_IDNA_MAX_CPS (2048) code points after mapping: far "
           "beyond the 253 octets of a DNS name (RFC 1034 §3.1), and not processed",
           FROM_IDNA,
           /* example */ "printf 'a%.0s' $(seq 2100) | ibidi to-ascii",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_IDNA_WORK_TOO_SMALL, "IDNA_WORK_TOO_SMALL", "idna", "length", FAILURE,
           /* note */ NULL,
           /* text */ "IDNA work area too small",
           /* rule */ NULL,
           "IDNA work area too small: this name maps to more code points than the fixed area "
           "holds (1536, more than any name of up to 253 bytes gives) and needs a work area "
           "of ibidi_idna_work_size() bytes in its options",
           FROM_IDNA,
           /* example */ NULL,
           /* shows */ NULL,
           /* note */
           "the command always gives calls what they need, so none of its commands "
           "reports it; a program calling the library can get it"),
    STATUS(IBIDI_E_IDENT_EMPTY, "IDENT_EMPTY", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "empty identifier",
           /* rule */ NULL, "empty identifier: there is nothing to parse", FROM_IRI,
           /* example */ "ibidi iri check ''",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_IDENT_CONTROL, "IDENT_CONTROL", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "control character in an identifier",
           /* rule */ "RFC 3987 §2.2; RFC 5321 §4.1.2",
           "control character (General_Category Cc, NUL included) in an identifier: no IRI, "
           "domain name or mail address may hold one (RFC 3987 §2.2, RFC 5321 §4.1.2)",
           FROM_IRI,
           /* example */ "printf 'http://a.com/\\tb\\n' | ibidi iri check",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_IDENT_BIDI_CONTROL, "IDENT_BIDI_CONTROL", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "bidi formatting character in an identifier",
           /* rule */ "RFC 3987 §4.1; Duerst 2001 §5 restriction 2",
           "bidi formatting character (LRM, RLM, ALM, LRE, RLE, LRO, RLO, PDF, LRI, RLI, FSI, "
           "PDI) in an identifier: IRIs MUST NOT contain them (RFC 3987 §4.1), nor may "
           "components (Duerst 2001 §5 restriction 2)",
           FROM_IRI,
           /* example */ "printf 'http://a.com/\\342\\200\\217b\\n' | ibidi iri check",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_IDENT_INVALID, "IDENT_INVALID", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "the components break the rules",
           /* rule */ NULL, "the identifier's components break the bidi rules: see its findings",
           FROM_IRI,
           /* example */ "ibidi iri check --input notation 'http://1AB.com/'",
           /* shows */ "invalid: 1 error",
           /* note */
           "the commands print the findings that made the identifier invalid "
           "instead of the status"),
    STATUS(IBIDI_E_IRI_SCHEME, "IRI_SCHEME", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "bad scheme",
           /* rule */ "RFC 3987 §2.2",
           "RFC 3987 §2.2: a scheme is a letter followed by letters, digits, \"+\", \"-\" or "
           "\".\"",
           FROM_IRI,
           /* example */ "ibidi iri check '1http://a.com/'",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_IRI_CHAR, "IRI_CHAR", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "character not allowed here",
           /* rule */ "RFC 3987 §2.2",
           "RFC 3987 §2.2: character not allowed here (outside ucschar, iprivate outside the "
           "query, or an ASCII character that is neither unreserved, sub-delims nor a "
           "delimiter of this part)",
           FROM_IRI,
           /* example */ "ibidi iri check 'http://a.com/a b'",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_IRI_PERCENT, "IRI_PERCENT", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "\"%\" without two hexadecimal digits",
           /* rule */ "RFC 3987 §2.2",
           "RFC 3987 §2.2 pct-encoded: \"%\" must be followed by two hexadecimal digits", FROM_IRI,
           /* example */ "ibidi iri check 'http://a.com/%zz'",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_IRI_HOST, "IRI_HOST", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "malformed IP-literal host",
           /* rule */ "RFC 3987 §2.2",
           "RFC 3987 §2.2 IP-literal: \"[\" must enclose an IPv6address or IPvFuture and be "
           "closed by \"]\"",
           FROM_IRI,
           /* example */ "ibidi iri check 'http://[zz]/'",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_IRI_PORT, "IRI_PORT", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "port with other characters than digits",
           /* rule */ "RFC 3987 §2.2", "RFC 3987 §2.2: a port is digits only", FROM_IRI,
           /* example */ "ibidi iri check 'http://a.com:8x/'",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_IRI_HOST_IDNA, "IRI_HOST_IDNA", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "IDNA ToASCII rejects the host",
           /* rule */ "RFC 3987 §3.1",
           "RFC 3987 §3.1: IDNA ToASCII rejects the host, so the IRI has no URI with a DNS "
           "host",
           FROM_IRI,
           /* example */ "ibidi iri to-uri --input notation 'http://1AB.com/'",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_URI_NOT_ASCII, "URI_NOT_ASCII", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "a URI is ASCII only",
           /* rule */ "RFC 3986 §2", "RFC 3986 §2: a URI consists of US-ASCII characters only",
           FROM_IRI,
           /* example */ "ibidi iri to-iri 'http://é.com/'",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_DOMAIN_EMPTY_LABEL, "DOMAIN_EMPTY_LABEL", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "empty label",
           /* rule */ "RFC 1034 §3.1; RFC 5890 §2.2",
           "empty label: only the root label, after the last dot, may be empty (RFC 1034 "
           "§3.1, RFC 5890 §2.2)",
           FROM_IRI,
           /* example */ "ibidi display --as domain a..com",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_DOMAIN_LABEL_TOO_LONG, "DOMAIN_LABEL_TOO_LONG", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "label over 63 octets",
           /* rule */ "RFC 1034 §3.1; RFC 5890 §2.3.2.1",
           "label longer than 63 octets (RFC 1034 §3.1, RFC 5890 §2.3.2.1)", FROM_IRI,
           /* example */ "printf 'a%.0s' $(seq 64) | ibidi display --as domain",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_DOMAIN_TOO_LONG, "DOMAIN_TOO_LONG", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "name over 253 octets",
           /* rule */ "RFC 1034 §3.1; RFC 5890 §2.3.2.1",
           "domain name longer than 253 octets without the root dot (RFC 1034 §3.1, RFC 5890 "
           "§2.3.2.1)",
           FROM_IRI,
           /* example */ "printf '%s.' $(seq 100 199) | ibidi display --as domain",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_DOMAIN_CHAR, "DOMAIN_CHAR", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "space or delimiter in a domain name",
           /* rule */ "RFC 3986 §2.2",
           "space or ASCII delimiter (RFC 3986 §2.2 gen-delims and sub-delims, \"%\") inside "
           "a domain name",
           FROM_IRI,
           /* example */ "ibidi display --as domain 'a b.com'",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_EMAIL_SYNTAX, "EMAIL_SYNTAX", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "not a mailbox",
           /* rule */ "RFC 5321 §4.1.2; RFC 6531 §3.3",
           "RFC 5321 §4.1.2 Mailbox (RFC 6531 §3.3): Dot-string or Quoted-string local part, "
           "\"@\", then a domain or address literal",
           FROM_IRI,
           /* example */ "ibidi display --as email a.@b.com",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_EMAIL_LOCAL_TOO_LONG, "EMAIL_LOCAL_TOO_LONG", "iri", "identifier", FAILURE,
           /* note */ NULL,
           /* text */ "local part over 64 octets",
           /* rule */ "RFC 5321 §4.5.3.1.1",
           "local part longer than 64 octets (RFC 5321 §4.5.3.1.1)", FROM_IRI,
           /* example */ "printf '%065d@b.com\\n' 0 | ibidi display --as email",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_DISPLAY_WORK_TOO_SMALL, "DISPLAY_WORK_TOO_SMALL", "display", "api", FAILURE,
           /* note */ NULL,
           /* text */ "display work area too small",
           /* rule */ NULL,
           "display work area too small: identifiers (with context text) longer than "
           "IBIDI_DISPLAY_SMALL (256) bytes need a work area of ibidi_display_work_size() "
           "bytes",
           FROM_DISPLAY,
           /* example */ NULL,
           /* shows */ NULL,
           /* note */
           "the command always gives calls what they need, so none of its commands "
           "reports it; a program calling the library can get it"),
    STATUS(IBIDI_E_CONVERT_MARK, "CONVERT_MARK", "display", "display", FAILURE,
           /* note */ NULL,
           /* text */ "mark missing or out of place",
           /* rule */ "Duerst 2001 §4.3",
           "Duerst 2001 §4.3: the textual form has an LRM before and after each component "
           "with right-to-left characters and nowhere else; here one is missing or out of "
           "place",
           FROM_DISPLAY,
           /* example */ "ibidi convert --input notation --from textual --to logical ab.CD.com",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_CONVERT_EMBEDDING, "CONVERT_EMBEDDING", "display", "display", FAILURE,
           /* note */ NULL,
           /* text */ "embedding missing or not expected",
           /* rule */ "Duerst 2001 §4.3",
           "Duerst 2001 §4.3: in a right-to-left context the textual form is LRE ... PDF "
           "around the identifier, in a left-to-right one it has no embedding",
           FROM_DISPLAY,
           /* example */
           "ibidi convert --input notation --context rtl --from textual --to "
           "logical ab.com",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_CONVERT_VISUAL, "CONVERT_VISUAL", "display", "display", FAILURE,
           /* note */ NULL,
           /* text */ "visual component no logical text shows as",
           /* rule */ "Duerst 2001 §4.4",
           "Duerst 2001 §4.4: no component in logical order displays as this visual component "
           "in its natural direction",
           FROM_DISPLAY,
           /* example */ "ibidi convert --input notation --from visual --to logical ab.1C2.com",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_CONVERT_RESTRICTION, "CONVERT_RESTRICTION", "display", "display", FAILURE,
           /* note */ NULL,
           /* text */ "component outside Duerst's restriction 1",
           /* rule */ "Duerst 2001 §5 restriction 1; RFC 3987 §4.2 rule 1",
           "Duerst 2001 §5 restriction 1 (RFC 3987 §4.2 rule 1): the conversions of §4.4 are "
           "defined only for identifiers whose components keep one direction and, when they "
           "use right-to-left characters, start with one; this component does not "
           "(MIXED_DIRECTION or RTL_START), so its forms would not convert back to it",
           FROM_DISPLAY,
           /* example */ "ibidi convert --input notation --from logical --to visual ab.1CD.com",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_CONVERT_PROOF, "CONVERT_PROOF", "display", "display", FAILURE,
           /* note */ NULL,
           /* text */ "textual form does not display as the identifier",
           /* rule */ "Duerst 2001 §4.3",
           "Duerst 2001 §4.3: in this paragraph the textual form (the marks form) does not "
           "display as the identifier: the UBA shows its components out of order or split "
           "(ibidi_display_prove), so the form is not offered",
           FROM_DISPLAY,
           /* example */
           "ibidi convert --as iri --from logical --to textual \"$(printf "
           "'a/\\327\\2241\\342\\200\\200')\"",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_CONVERT_ROUND_TRIP, "CONVERT_ROUND_TRIP", "display", "display", FAILURE,
           /* note */ NULL,
           /* text */ "visual form would not read back",
           /* rule */ "Duerst 2001 §5",
           "Duerst 2001 §5: the visual form would not read back as the identifier, so it is "
           "not offered: read component by component in natural order it does not parse as "
           "one, or gives another text from here on (the UBA shows a character outside its "
           "component, as L1 does with a trailing neutral or ZWNJ in a right-to-left "
           "paragraph)",
           FROM_DISPLAY,
           /* example */
           "ibidi convert --input notation --as iri --from logical --to visual "
           "'http://e.org/A)'",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_AMBIG_CONTROL, "AMBIG_CONTROL", "ambiguity", "ambiguity", FAILURE,
           /* note */ NULL,
           /* text */ "bidi control, B or S in analysed text",
           /* rule */ "Badami, Control characters and formatting characters",
           "Badami, \"Control characters and formatting characters\": the ambiguity analysis "
           "and the twin search take identifiers without bidi formatting characters (LRM, "
           "RLM, ALM, LRE, RLE, LRO, RLO, PDF, LRI, RLI, FSI, PDI) and without characters of "
           "class B or S (class BN, e.g. ZWNJ and ZWJ, is set aside as UAX #9 X9 removes it)",
           FROM_AMBIGUITY,
           /* example */ "printf 'a\\342\\200\\216b\\n' | ibidi twins --as text",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_TWINS_TOO_LONG, "TWINS_TOO_LONG", "ambiguity", "ambiguity", FAILURE,
           /* note */ NULL,
           /* text */ "too long for the twin search",
           /* rule */ NULL,
           "the twin search takes at most IBIDI_AMBIGUITY_TWINS_MAX (256) code points",
           FROM_AMBIGUITY,
           /* example */ "printf 'A1%.0s' $(seq 200) | ibidi twins --as text",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_AMBIG_TOO_LONG, "AMBIG_TOO_LONG", "ambiguity", "ambiguity", FAILURE,
           /* note */ NULL,
           /* text */ "too long for the ambiguity analysis",
           /* rule */ NULL,
           "the ambiguity analysis takes identifiers of at most IBIDI_AMBIGUITY_MAX_BYTES "
           "(1024) bytes, far beyond a domain name (253 octets) or a mail address (320)",
           FROM_AMBIGUITY,
           /* example */ "printf 'http://a.com/%01100d\\n' 0 | ibidi check",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_AMBIG_WORK_TOO_SMALL, "AMBIG_WORK_TOO_SMALL", "ambiguity", "api", FAILURE,
           /* note */ NULL,
           /* text */ "ambiguity work area too small",
           /* rule */ NULL,
           "the ambiguity analysis of an identifier over 256 bytes and the exact analysis "
           "(the twin search and the validation of each twin) need the caller's work area "
           "(ibidi_ambiguity_work_size)",
           FROM_AMBIGUITY,
           /* example */ NULL,
           /* shows */ NULL,
           /* note */
           "the command always gives calls what they need, so none of its commands "
           "reports it; a program calling the library can get it"),
    STATUS(
        IBIDI_E_RFC5893_CLASS, "RFC5893_CLASS", "rfc5893", "rfc5893", FAILURE,
        /* note */ NULL,
        /* text */ "Bidi class value out of range",
        /* rule */ NULL,
        "RFC 5893 checks: a Bidi_Class value of IBIDI_UNICODE_BC_COUNT or more in a class string",
        FROM_RFC5893,
        /* example */ NULL,
        /* shows */ NULL,
        /* note */
        "only the experimental class-string calls of ibidi/rfc5893.h return it; "
        "no command passes class values"),
    STATUS(IBIDI_E_RFC5893_TOO_LONG, "RFC5893_TOO_LONG", "rfc5893", "rfc5893", FAILURE,
           /* note */ NULL,
           /* text */ "label over 63 characters",
           /* rule */ "RFC 1034 §3.1",
           "RFC 5893 checks: a label or neighbour over IBIDI_RFC5893_MAX_LABEL (63) "
           "characters (RFC 1034 §3.1)",
           FROM_RFC5893,
           /* example */ NULL,
           /* shows */ NULL,
           /* note */
           "only the experimental calls of ibidi/rfc5893.h return it; no command "
           "calls them"),
    STATUS(IBIDI_E_LGR_XML, "LGR_XML", "lgr", "lgr-document", FAILURE,
           /* note */ NULL,
           /* text */ "LGR not well-formed XML",
           /* rule */ "RFC 7940 §4",
           "LGR document: not well-formed XML (the diagnostic holds the XML parser's message "
           "and the line and column)",
           FROM_LGR,
           /* example */ "printf '<lgr' | ibidi lgr info /dev/stdin",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LGR_LIMIT, "LGR_LIMIT", "lgr", "lgr-document", FAILURE,
           /* note */ NULL,
           /* text */ "LGR over a limit",
           /* rule */ NULL,
           "LGR document: over a limit of ibidi_lgr_limits (bytes, elements, nesting, "
           "repertoire) or of the compiled form (sequences of 32 code points, 64 variant "
           "types, counts of 65534)",
           FROM_LGR,
           /* example */
           "printf '<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\"><data><char "
           "cp=\"%s\"/></data></lgr>' \"$(printf '0061 %.0s' $(seq 33))\" | ibidi lgr info "
           "/dev/stdin",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LGR_ENTITY, "LGR_ENTITY", "lgr", "lgr-document", FAILURE,
           /* note */ NULL,
           /* text */ "entity in an LGR",
           /* rule */ NULL,
           "LGR document: an entity declaration or a reference to an undeclared entity (an "
           "LGR needs none: nothing is expanded, nothing is read from outside)",
           FROM_LGR,
           /* example */
           "printf '<!DOCTYPE lgr [<!ENTITY a \"b\">]><lgr/>' | ibidi lgr info "
           "/dev/stdin",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LGR_ELEMENT, "LGR_ELEMENT", "lgr", "lgr-document", FAILURE,
           /* note */ NULL,
           /* text */ "element or attribute not allowed there",
           /* rule */ "RFC 7940 §4-§7",
           "LGR document: an element or attribute RFC 7940 does not allow where it is, or a "
           "required one missing (RFC 7940 §4-§7)",
           FROM_LGR,
           /* example */
           "printf '<lgr "
           "xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\"><frob/></lgr>' | ibidi lgr info "
           "/dev/stdin",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LGR_CODE_POINT, "LGR_CODE_POINT", "lgr", "lgr-document", FAILURE,
           /* note */ NULL,
           /* text */ "bad code point, range or sequence",
           /* rule */ "RFC 7940 §5",
           "LGR document: not a code point of 4 to 6 hexadecimal digits, a surrogate, above "
           "10FFFF, or a range that ends before it starts (RFC 7940 §5)",
           FROM_LGR,
           /* example */
           "printf '<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\"><data><char "
           "cp=\"ZZ\"/></data></lgr>' | ibidi lgr info /dev/stdin",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LGR_DUPLICATE, "LGR_DUPLICATE", "lgr", "lgr-document", FAILURE,
           /* note */ NULL,
           /* text */ "defined twice",
           /* rule */ "RFC 7940 §5, §6",
           "LGR document: a code point, sequence, variant, class, rule or reference id "
           "defined twice (RFC 7940 §5, §6)",
           FROM_LGR,
           /* example */
           "printf '<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\"><data><char "
           "cp=\"0061\"/><char cp=\"0061\"/></data></lgr>' | ibidi lgr info /dev/stdin",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LGR_REFERENCE, "LGR_REFERENCE", "lgr", "lgr-document", FAILURE,
           /* note */ NULL,
           /* text */ "used but not defined",
           /* rule */ "RFC 7940 §5.4.1, §6.2.1, §6.2.2, §6.3.4",
           "LGR document: a rule, class, tag or reference id that is used but not defined "
           "(RFC 7940 §5.4.1, §6.2.1, §6.2.2, §6.3.4)",
           FROM_LGR,
           /* example */
           "printf '<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\"><data><char "
           "cp=\"0061\" when=\"nope\"/></data></lgr>' | ibidi lgr info /dev/stdin",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LGR_CYCLE, "LGR_CYCLE", "lgr", "lgr-document", FAILURE,
           /* note */ NULL,
           /* text */ "rule refers to itself",
           /* rule */ "RFC 7940 §6.3.4",
           "LGR document: a rule that refers to itself through by-ref (RFC 7940 §6.3.4)", FROM_LGR,
           /* example */
           "printf '<lgr "
           "xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\"><data/><rules><rule name=\"a\"><rule "
           "by-ref=\"a\"/></rule></rules></lgr>' | ibidi lgr info /dev/stdin",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LGR_PROPERTY, "LGR_PROPERTY", "lgr", "lgr-document", FAILURE,
           /* note */ NULL,
           /* text */ "unknown Unicode property or value",
           /* rule */ "RFC 7940 §6.2.3",
           "LGR document: a Unicode property or value the Unicode 17.0.0 tables do not have "
           "(RFC 7940 §6.2.3)",
           FROM_LGR,
           /* example */
           "printf '<lgr "
           "xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\"><data/><rules><class name=\"c\" "
           "property=\"xx:Yy\"/></rules></lgr>' | ibidi lgr info /dev/stdin",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LGR_FILE, "LGR_FILE", "lgr", "lgr-document", FAILURE,
           /* note */ NULL,
           /* text */ "LGR file cannot be read",
           /* rule */ NULL, "LGR document: the file cannot be opened or read", FROM_LGR,
           /* example */ "ibidi lgr info /nonexistent/lgr.xml",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LGR_LABEL_TOO_LONG, "LGR_LABEL_TOO_LONG", "lgr", "lgr", FAILURE,
           /* note */ NULL,
           /* text */ "label over 63 code points",
           /* rule */ "RFC 1035 §2.3.4",
           "LGR: a label over IBIDI_LGR_MAX_LABEL (63) code points (RFC 1035 §2.3.4)", FROM_LGR2,
           /* example */
           "ibidi lgr check --lgr data/samples/lgr/toy-hebrew-arabic.xml "
           "\"$(printf 'a%.0s' $(seq 64))\"",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LGR_NOT_ELIGIBLE, "LGR_NOT_ELIGIBLE", "lgr", "lgr", FAILURE,
           /* note */ NULL,
           /* text */ "label not eligible",
           /* rule */ "RFC 7940 §8.1",
           "LGR: variants or an index label asked of a label that is not eligible (RFC 7940 "
           "§8.1)",
           FROM_LGR2,
           /* example */
           "ibidi lgr index --lgr data/samples/lgr/toy-hebrew-arabic.xml --set "
           "data/samples/lgr/toy-hebrew-arabic.xml x",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LGR_NO_INDEX, "LGR_NO_INDEX", "lgr", "lgr", FAILURE,
           /* note */ NULL,
           /* text */ "no index label",
           /* rule */ "RFC 7940 §8.5",
           "LGR: the variant sets are not symmetric and transitive, so labels have no index "
           "label (RFC 7940 §8.5)",
           FROM_LGR2,
           /* example */
           "printf '<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\"><data><char "
           "cp=\"0061\"><var cp=\"0062\"/></char><char cp=\"0062\"/></data></lgr>' | ibidi "
           "lgr index --lgr /dev/stdin a",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LGR_REPERTOIRE, "LGR_REPERTOIRE", "lgr", "lgr", FAILURE,
           /* note */ NULL,
           /* text */ "code point outside the repertoire",
           /* rule */ "RFC 7940 §8.1",
           "LGR: a code point that no entry of the repertoire covers (RFC 7940 §8.1)", FROM_LGR2,
           /* example */ "ibidi lgr check --lgr data/samples/lgr/toy-hebrew-arabic.xml x",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LGR_CONTEXT, "LGR_CONTEXT", "lgr", "lgr", FAILURE,
           /* note */ NULL,
           /* text */ "when or not-when rule does not hold",
           /* rule */ "RFC 7940 §8.1",
           "LGR: a code point of the repertoire whose when or not-when rule does not hold "
           "(RFC 7940 §8.1)",
           FROM_LGR2,
           /* example */ "ibidi lgr check --lgr data/samples/lgr/toy-hebrew-arabic.xml -- '-א'",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_LGR_INVALID_DISPOSITION, "LGR_INVALID_DISPOSITION", "lgr", "lgr", FAILURE,
           /* note */ NULL,
           /* text */ "an action makes the label invalid",
           /* rule */ "RFC 7940 §8.1, §8.1.1",
           "LGR: the label's code points are in the repertoire, but an action (a whole-label "
           "rule, or the variant type of a reflexive mapping) gives it the disposition "
           "\"invalid\": it is not eligible and has no variant labels (RFC 7940 §8.1, "
           "§8.1.1, §8.2 step 6)",
           FROM_LGR2,
           /* example */
           "ibidi lgr check --lgr data/samples/lgr/toy-hebrew-arabic.xml 'אب'",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_UTS39_INVALID, "UTS39_INVALID", "uts39", "script-policy", FAILURE,
           /* note */ NULL,
           /* text */ "breaks the registry's script policy",
           /* rule */ "UTS #39 §5.2, §5.3",
           "the name breaks the registry's script policy: a label above the highest "
           "restriction level allowed (UTS #39 §5.2) or digits of more than one decimal "
           "system (UTS #39 §5.3): see its findings",
           FROM_UTS39,
           /* example */ "ibidi check --max-restriction single-script 'ب1۲.com'",
           /* shows */ "registry policy (at most single-script): invalid",
           /* note */
           "check prints the findings that made the name invalid under the policy "
           "instead of the status"),
    STATUS(IBIDI_E_ZONE_QUOTE, "ZONE_QUOTE", "scan", "zone", FAILURE,
           /* note */ NULL,
           /* text */ "quoted string not closed",
           /* rule */ "RFC 1035 §5.1",
           "zone file: a quoted string is not closed on its line (RFC 1035 §5.1: a "
           "<character-string> in quotes ends with the next \" that no \\ escapes)",
           FROM_SCAN,
           /* example */ "printf 'a.com. 3600 IN TXT \"open\\n' | ibidi scan --format zone",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_ZONE_PAREN, "ZONE_PAREN", "scan", "zone", FAILURE,
           /* note */ NULL,
           /* text */ "parentheses do not match",
           /* rule */ "RFC 1035 §5.1",
           "zone file: \")\" without an open \"(\", a \"(\" not closed by the end of the "
           "file, or parentheses in a $ directive (RFC 1035 §5.1: parentheses group the data "
           "of one record across lines)",
           FROM_SCAN,
           /* example */ "printf 'a.com. 3600 IN A 192.0.2.1 )\\n' | ibidi scan --format zone",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_ZONE_ESCAPE, "ZONE_ESCAPE", "scan", "zone", FAILURE,
           /* note */ NULL,
           /* text */ "bad escape",
           /* rule */ "RFC 1035 §5.1",
           "zone file: \"\\\" ends the line, or \"\\DDD\" is not three decimal digits of a "
           "value up to 255 (RFC 1035 §5.1)",
           FROM_SCAN,
           /* example */
           "printf 'a\\\\300.com. 3600 IN A 192.0.2.1\\n' | ibidi scan --format "
           "zone",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_ZONE_NAME, "ZONE_NAME", "scan", "zone", FAILURE,
           /* note */ NULL,
           /* text */ "name DNS cannot carry",
           /* rule */ "RFC 1035 §2.3.4",
           "zone file: a name DNS cannot carry: an empty label, a label over 63 octets or a "
           "name over 255 octets (RFC 1035 §2.3.4)",
           FROM_SCAN,
           /* example */ "printf 'a..com. 3600 IN A 192.0.2.1\\n' | ibidi scan --format zone",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_ZONE_DIRECTIVE, "ZONE_DIRECTIVE", "scan", "zone", FAILURE,
           /* note */ NULL,
           /* text */ "directive without its argument",
           /* rule */ "RFC 1035 §5.1; RFC 2308 §4",
           "zone file: $ORIGIN or $INCLUDE without its domain name or file name, or $TTL "
           "without a TTL (RFC 1035 §5.1, RFC 2308 §4)",
           FROM_SCAN,
           /* example */ "printf '$ORIGIN\\n' | ibidi scan --format zone",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_ZONE_NO_ORIGIN, "ZONE_NO_ORIGIN", "scan", "zone", FAILURE,
           /* note */ NULL,
           /* text */ "relative name without an origin",
           /* rule */ "RFC 1035 §5.1",
           "zone file: a relative name or \"@\" before any $ORIGIN, and no origin given (RFC "
           "1035 §5.1: relative names are completed with the current origin)",
           FROM_SCAN,
           /* example */ "printf 'www 3600 IN A 192.0.2.1\\n' | ibidi scan --format zone",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_ZONE_NO_OWNER, "ZONE_NO_OWNER", "scan", "zone", FAILURE,
           /* note */ NULL,
           /* text */ "record without an owner",
           /* rule */ "RFC 1035 §5.1",
           "zone file: a record line starting with a blank before any owner name (RFC 1035 "
           "§5.1: such a line takes the last stated owner)",
           FROM_SCAN,
           /* example */ "printf ' 3600 IN A 192.0.2.1\\n' | ibidi scan --format zone",
           /* shows */ NULL,
           /* note */ NULL),
    STATUS(IBIDI_E_ZONE_NUL, "ZONE_NUL", "scan", "zone", FAILURE,
           /* note */ NULL,
           /* text */ "NUL byte in a zone file",
           /* rule */ "RFC 1035 §5.1",
           "zone file: a NUL byte in a line (RFC 1035 §5.1: a master file is text; a name's "
           "zero octet is written \\000, a string's as \\000 inside it): a file damaged, or "
           "not a zone file",
           FROM_SCAN,
           /* example */ "printf 'a\\000b.com. 3600 IN A 192.0.2.1\\n' | ibidi scan --format zone",
           /* shows */ NULL,
           /* note */
           "the line is reported with its line and column and read as if it were not there, "
           "as every line the zone reader refuses (exit status 1)"),
    STATUS(IBIDI_E_SCAN_LINE_TOO_LONG, "SCAN_LINE_TOO_LONG", "scan", "zone", FAILURE,
           /* note */ NULL,
           /* text */ "line too long",
           /* rule */ NULL,
           "a line of a list or a zone file is over IBIDI_SCAN_LINE_MAX bytes (1 MiB): no "
           "name (253 octets) nor record (65535 octets of data, four characters each at "
           "most when escaped) needs that many, so the input is damaged or no list",
           FROM_SCAN_LINE,
           /* example */
           "{ printf 'a.com. TXT '; head -c 1048577 /dev/zero | tr '\\0' x; echo; } | "
           "ibidi scan --format zone",
           /* shows */ NULL,
           /* note */
           "ibidi scan keeps no more of a line than the limit: the line is reported with "
           "its line number, skipped and counted (exit status 1), and the lines after it "
           "are read"),
    STATUS(IBIDI_E_SCAN_GZIP, "SCAN_GZIP", "scan", "zone", FAILURE,
           /* note */ NULL,
           /* text */ "gzip stream broken",
           /* rule */ "RFC 1952",
           "a gzip-compressed input ends before its stream does (truncated), or is corrupt: "
           "a deflate block that cannot be decoded, a CRC-32 or length that does not match "
           "(RFC 1952 §2.3), or bytes after a member that start no other",
           FROM_SCAN_GZIP,
           /* example */
           "seq 20000 | sed 's/$/.example/' | gzip | head -c 2000 | ibidi scan",
           /* shows */ NULL,
           /* note */
           "ibidi scan names the byte of the compressed input where the stream broke; the "
           "records of the lines before it are written, no collision groups nor summary "
           "(they would pass for a whole input's), and the exit status is 2"),
    STATUS(IBIDI_E_VERDICT_WORK_TOO_SMALL, "VERDICT_WORK_TOO_SMALL", "verdict", "api", FAILURE,
           /* note */ NULL,
           /* text */ "verdict work area too small",
           /* rule */ NULL,
           "verdict work area too small: a verdict (ibidi_verdict_make) needs a work area of "
           "ibidi_verdict_work_size(len, opts) bytes in its options, for the steps' own state "
           "(IDNA's, the exact ambiguity analysis's, the Unicode form)",
           FROM_VERDICT,
           /* example */ NULL,
           /* shows */ NULL,
           /* note */
           "the command sizes its buffers first (or uses the _alloc calls); a "
           "program calling the library can get it"),
    STATUS(IBIDI_E_SHOW_WORK_TOO_SMALL, "SHOW_WORK_TOO_SMALL", "show", "api", FAILURE,
           /* note */ NULL,
           /* text */ "show work area too small",
           /* rule */ NULL,
           "show work area too small: a decision of how to show an identifier "
           "(ibidi_show_make) needs a work area of ibidi_show_work_size(len, opts) bytes in "
           "its options, for the steps' own state (the forms, IDNA's, the twin search's)",
           FROM_SHOW_CODES,
           /* example */ NULL,
           /* shows */ NULL,
           /* note */
           "the command sizes its buffers first (or uses the _alloc calls); a "
           "program calling the library can get it"),
};
#undef FINDING
#undef STATUS
#define N_ROWS (sizeof rows / sizeof rows[0])

/* The rows are sorted by type, then value (tests/test_status.c checks it), so a lookup is a
 * binary search: eight reads for the 150 rows. */
const ibidi_code_info *ibidi_code_describe(ibidi_code_type type, int value)
{
    size_t lo = 0, hi = N_ROWS;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        const ibidi_code_info *r = &rows[mid];
        if (r->type == type && r->value == value)
            return r;
        if (r->type < type || (r->type == type && r->value < value))
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const ibidi_code_info *ibidi_code_table(size_t *n)
{
    if (n)
        *n = N_ROWS;
    return rows;
}

int ibidi_code_order(ibidi_code_type type, int value)
{
    /* IdnaTestV2.txt lists its codes (a letter of P B C V U A X and a digit) by that
     * letter, then by value; every other code after them, by value; statuses last */
    static const char letters[] = "PBCVUAX";
    const ibidi_code_info *r = ibidi_code_describe(type, value);
    if (!r)
        return -1;
    if (type == IBIDI_CODE_STATUS)
        return 20000 + value;
    const char *p = r->name[0] && r->name[1] >= '0' && r->name[1] <= '9'
                        ? strchr(letters, r->name[0])
                        : NULL;
    return p ? (int)(p - letters) * 1000 + value : 10000 + value;
}

const char *ibidi_code_name(ibidi_code code)
{
    const ibidi_code_info *r = ibidi_code_describe(IBIDI_CODE_FINDING, code);
    return r ? r->name : NULL;
}

const char *ibidi_code_message(ibidi_code code)
{
    const ibidi_code_info *r = ibidi_code_describe(IBIDI_CODE_FINDING, code);
    return r ? r->message : "unknown finding";
}

const char *ibidi_status_name(ibidi_status status)
{
    const ibidi_code_info *r = ibidi_code_describe(IBIDI_CODE_STATUS, (int)status);
    return r ? r->name : NULL;
}

const char *ibidi_strerror(ibidi_status status)
{
    const ibidi_code_info *r = ibidi_code_describe(IBIDI_CODE_STATUS, (int)status);
    return r ? r->message : "unknown status";
}

ibidi_code ibidi_code_from_name(const char *name, size_t len)
{
    if (name == NULL)
        return -1;
    for (size_t i = 0; i < N_ROWS && rows[i].type == IBIDI_CODE_FINDING; i++)
        if (strlen(rows[i].name) == len && memcmp(rows[i].name, name, len) == 0)
            return rows[i].value;
    return -1;
}

ibidi_status ibidi_findings_codes(const ibidi_finding *f, size_t n, ibidi_buf *out)
{
    /* the distinct codes in order, insertion into a short sorted list (a name breaks few
       rules: the list is cut at 64, more than there are IDNA and identifier codes) */
    uint16_t c[64]; /* codes are below 500 */
    int rank[64];
    size_t k = 0, len = 0;
    if ((!f && n) || !out || (!out->data && out->cap))
        return IBIDI_E_INVALID_ARGUMENT;
    for (size_t i = 0; i < n; i++) {
        const ibidi_finding *e = &f[i];
        if (e->severity == IBIDI_SEVERITY_WARNING)
            continue;
        size_t j = 0;
        while (j < k && c[j] != (uint16_t)e->code)
            j++;
        if (j < k || k == 64)
            continue;
        const int r = ibidi_code_order(IBIDI_CODE_FINDING, e->code);
        for (j = k; j > 0 && rank[j - 1] > r; j--) {
            c[j] = c[j - 1];
            rank[j] = rank[j - 1];
        }
        c[j] = (uint16_t)e->code;
        rank[j] = r;
        k++;
    }
    /* "[B1, V6]", written only when it fits whole */
    for (size_t i = 0; i <= k; i++) {
        const char *name = i == k ? "]" : ibidi_code_name((ibidi_code)c[i]);
        const char *before = i == 0 ? "[" : (i < k ? ", " : "");
        for (int part = 0; part < 2; part++)
            for (const char *t = part ? (name ? name : "?") : before; *t; t++, len++)
                if (len < out->cap)
                    out->data[len] = *t;
    }
    out->len = len;
    return len > out->cap ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK;
}

void ibidi__code_set_init(ibidi__code_set *c)
{
    c->n = 0;
    c->first = 0;
    c->first_value = 0;
    c->any = 0;
}

void ibidi__code_set_add(ibidi__code_set *c, ibidi_code_type type, int value, size_t offset,
                         uint32_t cp)
{
    const int order = ibidi_code_order(type, value);
    if (order < 0)
        return;
    if (!c->any || offset < c->first) {
        c->first = offset;
        c->first_value = cp;
    }
    c->any = 1;
    size_t j = 0;
    while (j < c->n && c->order[j] < order)
        j++;
    if ((j < c->n && c->order[j] == order) || c->n == IBIDI__CODE_SET_MAX)
        return;
    /* kept sorted: an insertion into a handful */
    memmove(c->order + j + 1, c->order + j, (c->n - j) * sizeof c->order[0]);
    memmove(c->type + j + 1, c->type + j, (c->n - j) * sizeof c->type[0]);
    memmove(c->value + j + 1, c->value + j, (c->n - j) * sizeof c->value[0]);
    c->order[j] = order;
    c->type[j] = type;
    c->value[j] = value;
    c->n++;
}

size_t ibidi__code_set_format(const ibidi__code_set *c, char *out, size_t cap)
{
    size_t need = 2;
    for (size_t i = 0; i < c->n; i++) {
        const ibidi_code_info *r = ibidi_code_describe(c->type[i], c->value[i]);
        need += strlen(r->name) + (i ? 2 : 0);
    }
    if (need <= cap) {
        size_t w = 0;
        out[w++] = '[';
        for (size_t i = 0; i < c->n; i++) {
            const char *name = ibidi_code_describe(c->type[i], c->value[i])->name;
            const size_t l = strlen(name);
            if (i) {
                out[w++] = ',';
                out[w++] = ' ';
            }
            memcpy(out + w, name, l);
            w += l;
        }
        out[w++] = ']';
    }
    return need;
}

void ibidi_findings_free(ibidi_findings *findings)
{
    if (findings == NULL)
        return;
    free(findings->items);
    findings->items = NULL;
    findings->cap = findings->n = findings->errors = 0;
}

void ibidi__sink_init(ibidi__sink *s, ibidi_findings *f)
{
    s->items = f ? f->items : NULL;
    s->cap = f && f->items ? f->cap : 0;
    s->n = 0;
    s->errors = 0;
    s->first_error_offset = 0;
    s->first_error_cp = 0;
    s->fn = NULL;
    s->ctx = NULL;
}

void ibidi__sink_init_fn(ibidi__sink *s, ibidi__sink_fn fn, void *ctx)
{
    ibidi__sink_init(s, NULL);
    s->fn = fn;
    s->ctx = ctx;
}

void ibidi__sink_put(ibidi__sink *s, const ibidi_finding *x)
{
    if (s->fn) {
        s->fn(s->ctx, x);
    } else if (s->n < s->cap) {
        s->items[s->n] = *x;
        s->items[s->n].rule = ibidi_code_message(x->code);
        s->items[s->n].input_offset = x->offset; /* the input is the processed text */
        s->items[s->n].input_length = x->length;
    }
    s->n++;
    if (x->severity == IBIDI_SEVERITY_ERROR) {
        if (s->errors == 0) {
            s->first_error_offset = x->offset;
            s->first_error_cp = x->cp;
        }
        s->errors++;
    }
}

void ibidi__sink_done(const ibidi__sink *s, ibidi_findings *f)
{
    if (f) {
        f->n = s->n;
        f->errors = s->errors;
    }
}
