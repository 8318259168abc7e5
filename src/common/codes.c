/*
 * The one table of finding codes (include/ibidi/common.h): the name and the rule of every
 * code of every capability, in order of value. IDNA's names are the status codes of
 * UTS #46 and IdnaTestV2.txt; the messages name the rule, the paper's section or the
 * exact check. tests/test_status.c checks the order, the ranges and that names are unique.
 */
#include <stdlib.h>
#include <string.h>

#include "common/internal.h"
#include "ibidi/ambiguity.h"
#include "ibidi/idna.h"
#include "ibidi/iri.h"
#include "ibidi/rfc5893.h"
#include "ibidi/uts39.h"

/* Indexed by code, so that finding the row of a code (once per finding made) is one read;
 * the codes that do not exist are empty rows (name NULL). */
#define ROW(c, name, message) [c] = {c, name, message}
const ibidi__code_info ibidi__codes[IBIDI__CODES_END] = {
    /* ---- IDNA (ibidi/idna.h) ---- */
    ROW(IBIDI_IDNA_P1, "P1",
     "UTS #46 §4 step 1: disallowed code point"),
    ROW(IBIDI_IDNA_P4, "P4",
     "UTS #46 §4 step 4: a label starting with \"xn--\" must be ASCII and valid Punycode "
     "(RFC 3492) that decodes to a non-empty label with a non-ASCII character"),
    ROW(IBIDI_IDNA_V1, "V1",
     "UTS #46 §4.1 criterion 1 (RFC 5891 §5.3): the label must be in Normalization Form C"),
    ROW(IBIDI_IDNA_V2, "V2",
     "UTS #46 §4.1 criterion 2 (RFC 5891 §4.2.3.1): the label must not contain \"--\" in the "
     "third and fourth positions"),
    ROW(IBIDI_IDNA_V3, "V3",
     "UTS #46 §4.1 criterion 3 (RFC 5891 §4.2.3.1): the label must neither begin nor end "
     "with a hyphen-minus"),
    ROW(IBIDI_IDNA_V4, "V4",
     "UTS #46 §4.1 criterion 4: the label must not begin with \"xn--\" (when CheckHyphens is "
     "off, or after Punycode decoding)"),
    ROW(IBIDI_IDNA_V5, "V5",
     "UTS #46 §4.1 criterion 5: the label must not contain U+002E FULL STOP"),
    ROW(IBIDI_IDNA_V6, "V6",
     "UTS #46 §4.1 criterion 6 (RFC 5891 §4.2.3.2): the label must not begin with a "
     "combining mark (General_Category M)"),
    ROW(IBIDI_IDNA_V7, "V7",
     "UTS #46 §4.1 criterion 7: every code point must be valid (or, nontransitionally, a "
     "deviation) in the IDNA mapping table"),
    ROW(IBIDI_IDNA_V8, "V8",
     "UTS #46 §4.1: reserved validity criterion"),
    ROW(IBIDI_IDNA_U1, "U1",
     "UTS #46 §4.1.1 UseSTD3ASCIIRules: an ASCII code point must be a-z, 0-9 or hyphen-minus"),
    ROW(IBIDI_IDNA_A3, "A3",
     "UTS #46 §4.2 ToASCII step 3: the label cannot be encoded as Punycode (RFC 3492)"),
    ROW(IBIDI_IDNA_A4_1, "A4_1",
     "UTS #46 §4.2 ToASCII step 4.1 VerifyDnsLength: the name must be 1 to 253 octets "
     "without the root label (RFC 1034 §3.1)"),
    ROW(IBIDI_IDNA_A4_2, "A4_2",
     "UTS #46 §4.2 ToASCII step 4.2 VerifyDnsLength: every label must be 1 to 63 octets "
     "(RFC 1034 §3.1, RFC 5890 §2.3.2.1), the root label too: a name must not end with a "
     "full stop (detail IBIDI_IDNA_ROOT_LABEL)"),
    ROW(IBIDI_IDNA_B1, "B1",
     "RFC 5893 rule 1: the first character must have the Bidi property L, R or AL"),
    ROW(IBIDI_IDNA_B2, "B2",
     "RFC 5893 rule 2: in an RTL label only R, AL, AN, EN, ES, CS, ET, ON, BN and NSM are "
     "allowed"),
    ROW(IBIDI_IDNA_B3, "B3",
     "RFC 5893 rule 3: an RTL label must end with R, AL, EN or AN, followed by NSM*"),
    ROW(IBIDI_IDNA_B4, "B4",
     "RFC 5893 rule 4: in an RTL label, EN and AN must not both be present"),
    ROW(IBIDI_IDNA_B5, "B5",
     "RFC 5893 rule 5: in an LTR label only L, EN, ES, CS, ET, ON, BN and NSM are allowed"),
    ROW(IBIDI_IDNA_B6, "B6",
     "RFC 5893 rule 6: an LTR label must end with L or EN, followed by NSM*"),
    ROW(IBIDI_IDNA_C1, "C1",
     "RFC 5892 A.1: ZERO WIDTH NON-JOINER must follow a virama, or stand between a left- or "
     "dual-joining and a right- or dual-joining character (transparent ones skipped)"),
    ROW(IBIDI_IDNA_C2, "C2",
     "RFC 5892 A.2: ZERO WIDTH JOINER must follow a virama (Canonical_Combining_Class 9)"),
    ROW(IBIDI_IDNA_X4_2, "X4_2",
     "UTS #46 §4.3 ToUnicode: empty label (ToASCII with VerifyDnsLength reports A4_2)"),
    ROW(IBIDI_IDNA_O3, "O3",
     "RFC 5892 A.3: MIDDLE DOT must stand between two LATIN SMALL LETTER L (l\u00b7l)"),
    ROW(IBIDI_IDNA_O4, "O4",
     "RFC 5892 A.4: GREEK LOWER NUMERAL SIGN (KERAIA) must be followed by a Greek character"),
    ROW(IBIDI_IDNA_O5, "O5",
     "RFC 5892 A.5: HEBREW PUNCTUATION GERESH must follow a Hebrew character"),
    ROW(IBIDI_IDNA_O6, "O6",
     "RFC 5892 A.6: HEBREW PUNCTUATION GERSHAYIM must follow a Hebrew character"),
    ROW(IBIDI_IDNA_O7, "O7",
     "RFC 5892 A.7: a label with KATAKANA MIDDLE DOT must contain a Hiragana, Katakana or Han "
     "character"),
    ROW(IBIDI_IDNA_O8, "O8",
     "RFC 5892 A.8: ARABIC-INDIC DIGITS must not be mixed with EXTENDED ARABIC-INDIC DIGITS"),
    ROW(IBIDI_IDNA_O9, "O9",
     "RFC 5892 A.9: EXTENDED ARABIC-INDIC DIGITS must not be mixed with ARABIC-INDIC DIGITS"),
    ROW(IBIDI_IDNA_DISALLOWED_CP, "DISALLOWED",
     "RFC 5892 §2-§3: the code point is DISALLOWED in IDNA2008 (RFC 5891 §4.2.2, §5.4)"),
    ROW(IBIDI_IDNA_UNASSIGNED_CP, "UNASSIGNED",
     "RFC 5892 §2.11: the code point is UNASSIGNED in Unicode 17.0 (RFC 5891 §4.2.2, §5.4)"),
    ROW(IBIDI_IDNA_NO_CONTEXT_RULE, "NO_CONTEXT_RULE",
     "RFC 5891 §4.2.3.3, §5.4: a CONTEXTJ or CONTEXTO code point without a rule in the IANA "
     "registry is not allowed"),
    ROW(IBIDI_IDNA_FAKE_A_LABEL, "FAKE_A_LABEL",
     "RFC 5890 §2.3.2.1, RFC 5891 §5.4: a label starting with \"xn--\" must be the canonical "
     "Punycode of a valid U-label (decode, validate, re-encode, compare)"),
    ROW(IBIDI_IDNA_DOMAIN_INVALID_CODE_POINT, "DOMAIN_INVALID_CODE_POINT",
     "URL Standard, host parsing (domain-invalid-code-point): the domain must not contain a "
     "forbidden domain code point: a C0 control, space, \"#\", \"%\", \"/\", \":\", \"<\", "
     "\">\", \"?\", \"@\", \"[\", \"\\\", \"]\", \"^\", \"|\" or U+007F DELETE, also after "
     "mapping"),
    ROW(IBIDI_IDNA_EMPTY_HOST, "EMPTY_HOST",
     "URL Standard, domain to ASCII (domain-to-ASCII): the result must not be the empty "
     "string (a host of ignored code points only, or none)"),
    ROW(IBIDI_IDNA_W_DIGIT_AFTER_RTL, "W_DIGIT_AFTER_RTL",
     "RFC 5893 §2: an LDH label starting with an ASCII digit follows an RTL label; the Bidi "
     "Rule's guarantee does not hold, the name may display like another one"),
    ROW(IBIDI_IDNA_W_PER_LABEL_BIDI, "W_PER_LABEL_BIDI",
     "RFC 5893 §2 applies the Bidi Rule to every label of a Bidi domain name; this name passes "
     "only because each label was checked alone, and may display like another name"),
    /* ---- Identifier component rules (ibidi/iri.h) ---- */
    ROW(IBIDI_IRI_MIXED_DIRECTION, "MIXED_DIRECTION",
     "RFC 3987 §4.2 rule 1, 2012 bidi IRI guidelines §3: a component should not use both "
     "right-to-left (R, AL) and left-to-right (L) characters (Duerst 2001 §5 restriction 1: "
     "must not)"),
    ROW(IBIDI_IRI_RTL_START, "RTL_START",
     "RFC 3987 §4.2 rule 2, 2012 bidi IRI guidelines §3: a component using right-to-left "
     "characters should start with a right-to-left character"),
    ROW(IBIDI_IRI_RTL_END, "RTL_END",
     "RFC 3987 §4.2 rule 2, 2012 bidi IRI guidelines §3: a component using right-to-left "
     "characters should end with a right-to-left character, optionally followed by "
     "nonspacing marks (NSM)"),
    ROW(IBIDI_IRI_RTL_OTHER_CLASS, "RTL_OTHER_CLASS",
     "Duerst 2001 §5 restriction 3: a component using right-to-left characters must not use "
     "characters of any other class, such as neutrals or numbers (nonspacing marks are "
     "allowed)"),
    ROW(IBIDI_IRI_HOST_BIDI_RULE, "HOST_BIDI_RULE",
     "RFC 5893 §2, required of host labels by RFC 3987 §4.2: the labels of a host with "
     "right-to-left characters must satisfy the Bidi Rule; the IDNA code names the "
     "condition broken"),
    ROW(IBIDI_IRI_DIGIT_AFTER_RTL, "DIGIT_AFTER_RTL",
     "2012 bidi IRI guidelines §5 Examples 10 and 11, RFC 5893 §2: a component starting with "
     "a digit follows a component ending right-to-left with only delimiters between them, "
     "so the two may display in either order"),
    /* ---- Bidi ambiguity (ibidi/ambiguity.h) ---- */
    ROW(IBIDI_AMBIGUITY_NUMBER_LEVEL, "NUMBER_LEVEL",
     "Badami, \"Weak types EN and AN\": the closest strong characters before and "
     "after this number differ in direction (the ends of the text count as "
     "left-to-right), so its embedding level cannot be told from the display "
     "(number embedding level ambiguity)"),
    ROW(IBIDI_AMBIGUITY_NUMBER_TYPE, "NUMBER_TYPE",
     "Badami, \"Number type ambiguity\": the embedding level of this European "
     "digit is ambiguous and one of its closest strong characters is an Arabic "
     "letter (AL), so whether W2 made it an Arabic number, and so whether the "
     "terminator or separator next to it joins the number (W4, W5), cannot be "
     "told from the display"),
    ROW(IBIDI_AMBIGUITY_NUMBER_SEPARATOR, "NUMBER_SEPARATOR",
     "Badami, \"Number separator ambiguity\" and Recommendation I: the text "
     "matches one of the paper's six expressions, so whether a separator (ES, CS) "
     "belongs to a number or shows as a neutral may not be told from the display; "
     "the paper's own note finds the expressions imprecise (WN* may end with a "
     "number, terminator or separator, so they cover too much; numbers with "
     "several separators are not handled exactly): SEPARATOR_TWIN gives the exact "
     "answer"),
    ROW(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, "IDN_NUMBER_LABEL",
     "Badami, \"Number embedding level ambiguity in IDNs\", case 3: the closest "
     "strong labels before and after this number label differ in direction "
     "(missing labels count as LTR) and neither the number prefix nor the number "
     "suffix exception applies"),
    ROW(IBIDI_AMBIGUITY_REC_II, "REC_II",
     "Badami, Recommendation II (tentative): the top-level label should be a "
     "strong label (it is a number or neutral label)"),
    ROW(IBIDI_AMBIGUITY_REC_III_PRECEDING, "REC_III_PRECEDING",
     "Badami, Recommendation III.1: the closest preceding strong label of this "
     "number label within the domain name should be an LTR label"),
    ROW(IBIDI_AMBIGUITY_REC_III_FOLLOWING, "REC_III_FOLLOWING",
     "Badami, Recommendation III.2: the closest following strong label of this "
     "number label within the domain name should be an LTR label"),
    ROW(IBIDI_AMBIGUITY_PARENT_DOMAIN, "PARENT_DOMAIN",
     "Badami, \"Recommendations concerning the use of IDNs\": this parent domain "
     "cannot be rendered unambiguously on its own (number embedding level "
     "ambiguity in IDNs) although the whole name can"),
    ROW(IBIDI_AMBIGUITY_RELATIVE_NAME, "RELATIVE_NAME",
     "Badami, \"Recommendations concerning the use of IDNs\": this relative name "
     "cannot be rendered unambiguously on its own (number embedding level "
     "ambiguity in IDNs) although the whole name can"),
    ROW(IBIDI_AMBIGUITY_CONTAINED_DOMAIN, "CONTAINED_DOMAIN",
     "Badami, \"Recommendations concerning the use of IDNs\": the identifier "
     "contains a domain name that cannot be rendered unambiguously on its own "
     "(DEF@123.ABC.com holds 123.ABC.com)"),
    ROW(IBIDI_AMBIGUITY_VALID_TWIN, "VALID_TWIN",
     "exact (twin search, each twin confirmed by the UBA): another text displays "
     "identically and is a valid identifier under the IDNA flags given (for plain "
     "text: any other text that displays identically)"),
    ROW(IBIDI_AMBIGUITY_INVALID_TWINS_ONLY, "INVALID_TWINS_ONLY",
     "exact (twin search): other texts display identically, but none is a valid "
     "identifier: the ambiguity is resolved by the restrictions within IDNA and "
     "the identifier rules (Badami, \"Bidirectional ambiguity in IDNs\")"),
    ROW(IBIDI_AMBIGUITY_SEPARATOR_TWIN, "SEPARATOR_TWIN",
     "exact (twin search): this separator (ES or CS) is part of a number (level "
     "2) here and a neutral in a twin that displays identically, or the reverse: "
     "number separator ambiguity found without the paper's expressions, which "
     "their own note finds imprecise"),
    ROW(IBIDI_AMBIGUITY_DOMAIN_UNDETERMINED, "DOMAIN_UNDETERMINED",
     "exact, Badami, \"Bidirectional ambiguity in other internet identifiers\": "
     "the display does not determine the domain: a valid twin has another host "
     "(123@ABC.com and ABC@123.com)"),
    ROW(IBIDI_AMBIGUITY_SAME_AUTHORITY, "SAME_AUTHORITY",
     "exact, Badami, \"Dealing with bidirectional ambiguity\": a valid twin has "
     "the same scheme and authority, so one administration controls both and can "
     "avoid allocating them to different resources"),
    ROW(IBIDI_AMBIGUITY_SEARCH_TRUNCATED, "SEARCH_TRUNCATED",
     "exact: the twin search was cut by its bound on candidates; more twins may "
     "exist"),
    /* ---- RFC 5893 §3 (ibidi/rfc5893.h) ---- */
    ROW(IBIDI_RFC5893_REQ_GROUPING, "GROUPING",
     "RFC 5893 §3 Character Grouping: in some context the characters of the label do not stay "
     "grouped between the delimiters around it"),
    ROW(IBIDI_RFC5893_REQ_CONTROLS, "CONTROLS",
     "RFC 5893 §3: with a directional control (LRE, RLE, LRO, RLO, PDF) outside the labels, "
     "the characters of the label do not stay grouped between its delimiters"),
    ROW(IBIDI_RFC5893_REQ_UNIQUENESS, "UNIQUENESS",
     "RFC 5893 §3 Label Uniqueness: another label that satisfies the Bidi Rule displays "
     "identically in the same context"),
    ROW(IBIDI_RFC5893_REQ_TRUNCATED, "TRUNCATED",
     "RFC 5893 §3 Label Uniqueness: the twin search was cut by its bound, so the check is "
     "incomplete"),
    /* ---- registry policy: UTS #39 (ibidi/uts39.h) ---- */
    ROW(IBIDI_UTS39_RESTRICTION_LEVEL, "RESTRICTION_LEVEL",
     "UTS #39 §5.2: the label mixes scripts beyond the highest restriction level the "
     "registry allows (ASCII-only, single script, highly, moderately, minimally restrictive, "
     "unrestricted)"),
    ROW(IBIDI_UTS39_MIXED_NUMBERS, "MIXED_NUMBERS",
     "UTS #39 §5.3: the label holds digits (General_Category Nd) of more than one decimal "
     "number system"),
};
#undef ROW

const ibidi__code_info *ibidi__code_find(ibidi_code code)
{
    if ((unsigned)code >= IBIDI__CODES_END || !ibidi__codes[code].name)
        return NULL;
    return &ibidi__codes[code];
}

const char *ibidi_code_name(ibidi_code code)
{
    const ibidi__code_info *i = ibidi__code_find(code);
    return i ? i->name : NULL;
}

const char *ibidi_code_message(ibidi_code code)
{
    const ibidi__code_info *i = ibidi__code_find(code);
    return i ? i->message : "unknown finding";
}

ibidi_code ibidi_code_from_name(const char *name, size_t len)
{
    if (name == NULL)
        return -1;
    for (size_t i = 0; i < IBIDI__CODES_END; i++)
        if (ibidi__codes[i].name && strlen(ibidi__codes[i].name) == len &&
            memcmp(ibidi__codes[i].name, name, len) == 0)
            return ibidi__codes[i].code;
    return -1;
}

/* Where a code goes in IdnaTestV2.txt's lists: its codes (a letter of P B C V U A X and a
 * digit) by that letter, then by value; every other code after them, by value. */
static int code_rank(ibidi_code c)
{
    static const char order[] = "PBCVUAX";
    const char *n = ibidi_code_name(c);
    const char *p = n && n[0] && n[1] >= '0' && n[1] <= '9' ? strchr(order, n[0]) : NULL;
    return p ? (int)(p - order) * 1000 + (int)c : 10000 + (int)c;
}

size_t ibidi_findings_codes(const ibidi_finding *a, size_t na, const ibidi_finding *b,
                            size_t nb, char *out, size_t cap)
{
    /* the distinct codes in order, insertion into a short sorted list (a name breaks few
       rules: the list is cut at 64, more than there are IDNA and identifier codes) */
    uint16_t c[64]; /* codes are below IBIDI__CODES_END (500) */
    size_t n = 0, len = 0;
    for (size_t i = 0; i < na + nb; i++) {
        const ibidi_finding *e = i < na ? (a ? &a[i] : NULL) : (b ? &b[i - na] : NULL);
        if (!e || e->severity == IBIDI_SEVERITY_WARNING)
            continue;
        size_t j = 0;
        while (j < n && c[j] != (uint16_t)e->code)
            j++;
        if (j < n || n == 64)
            continue;
        const int r = code_rank(e->code);
        for (j = n; j > 0 && code_rank((ibidi_code)c[j - 1]) > r; j--)
            c[j] = c[j - 1];
        c[j] = (uint16_t)e->code;
        n++;
    }
    /* "[B1, V6]", written as far as it fits, as snprintf */
    for (size_t i = 0; i <= n; i++) {
        const char *name = i == n ? "]" : ibidi_code_name((ibidi_code)c[i]);
        const char *before = i == 0 ? "[" : (i < n ? ", " : "");
        for (int part = 0; part < 2; part++) {
            const char *t = part ? (name ? name : "?") : before;
            for (; *t; t++, len++)
                if (len + 1 < cap)
                    out[len] = *t;
        }
    }
    if (cap)
        out[len < cap ? len : cap - 1] = '\0';
    return len;
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
