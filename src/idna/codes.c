/* Names and messages of the IDNA findings, the findings sink, and the profiles. */
#include <stddef.h>

#include "idna/idna_internal.h"

typedef struct code_info {
    ibidi_idna_code code;
    const char *name;
    const char *message;
} code_info;

/* The names of the first group are the status codes of IdnaTestV2.txt. */
static const code_info codes[] = {
    {IBIDI_IDNA_P1, "P1",
     "UTS #46 §4 step 1: disallowed code point"},
    {IBIDI_IDNA_P4, "P4",
     "UTS #46 §4 step 4: a label starting with \"xn--\" must be ASCII and valid Punycode "
     "(RFC 3492) that decodes to a non-empty label with a non-ASCII character"},
    {IBIDI_IDNA_V1, "V1",
     "UTS #46 §4.1 criterion 1 (RFC 5891 §5.3): the label must be in Normalization Form C"},
    {IBIDI_IDNA_V2, "V2",
     "UTS #46 §4.1 criterion 2 (RFC 5891 §4.2.3.1): the label must not contain \"--\" in the "
     "third and fourth positions"},
    {IBIDI_IDNA_V3, "V3",
     "UTS #46 §4.1 criterion 3 (RFC 5891 §4.2.3.1): the label must neither begin nor end "
     "with a hyphen-minus"},
    {IBIDI_IDNA_V4, "V4",
     "UTS #46 §4.1 criterion 4: the label must not begin with \"xn--\" (when CheckHyphens is "
     "off, or after Punycode decoding)"},
    {IBIDI_IDNA_V5, "V5",
     "UTS #46 §4.1 criterion 5: the label must not contain U+002E FULL STOP"},
    {IBIDI_IDNA_V6, "V6",
     "UTS #46 §4.1 criterion 6 (RFC 5891 §4.2.3.2): the label must not begin with a "
     "combining mark (General_Category M)"},
    {IBIDI_IDNA_V7, "V7",
     "UTS #46 §4.1 criterion 7: every code point must be valid (or, nontransitionally, a "
     "deviation) in the IDNA mapping table"},
    {IBIDI_IDNA_V8, "V8",
     "UTS #46 §4.1: reserved validity criterion"},
    {IBIDI_IDNA_U1, "U1",
     "UTS #46 §4.1.1 UseSTD3ASCIIRules: an ASCII code point must be a-z, 0-9 or hyphen-minus"},
    {IBIDI_IDNA_A3, "A3",
     "UTS #46 §4.2 ToASCII step 3: the label cannot be encoded as Punycode (RFC 3492)"},
    {IBIDI_IDNA_A4_1, "A4_1",
     "UTS #46 §4.2 ToASCII step 4.1 VerifyDnsLength: the name must be 1 to 253 octets "
     "without the root label (RFC 1034 §3.1)"},
    {IBIDI_IDNA_A4_2, "A4_2",
     "UTS #46 §4.2 ToASCII step 4.2 VerifyDnsLength: every label must be 1 to 63 octets "
     "(RFC 1034 §3.1, RFC 5890 §2.3.2.1)"},
    {IBIDI_IDNA_B1, "B1",
     "RFC 5893 rule 1: the first character must have the Bidi property L, R or AL"},
    {IBIDI_IDNA_B2, "B2",
     "RFC 5893 rule 2: in an RTL label only R, AL, AN, EN, ES, CS, ET, ON, BN and NSM are "
     "allowed"},
    {IBIDI_IDNA_B3, "B3",
     "RFC 5893 rule 3: an RTL label must end with R, AL, EN or AN, followed by NSM*"},
    {IBIDI_IDNA_B4, "B4",
     "RFC 5893 rule 4: in an RTL label, EN and AN must not both be present"},
    {IBIDI_IDNA_B5, "B5",
     "RFC 5893 rule 5: in an LTR label only L, EN, ES, CS, ET, ON, BN and NSM are allowed"},
    {IBIDI_IDNA_B6, "B6",
     "RFC 5893 rule 6: an LTR label must end with L or EN, followed by NSM*"},
    {IBIDI_IDNA_C1, "C1",
     "RFC 5892 A.1: ZERO WIDTH NON-JOINER must follow a virama, or stand between a left- or "
     "dual-joining and a right- or dual-joining character (transparent ones skipped)"},
    {IBIDI_IDNA_C2, "C2",
     "RFC 5892 A.2: ZERO WIDTH JOINER must follow a virama (Canonical_Combining_Class 9)"},
    {IBIDI_IDNA_X4_2, "X4_2",
     "UTS #46 §4.3 ToUnicode: empty label (ToASCII with VerifyDnsLength reports A4_2)"},
    {IBIDI_IDNA_O3, "O3",
     "RFC 5892 A.3: MIDDLE DOT must stand between two LATIN SMALL LETTER L (l\u00b7l)"},
    {IBIDI_IDNA_O4, "O4",
     "RFC 5892 A.4: GREEK LOWER NUMERAL SIGN (KERAIA) must be followed by a Greek character"},
    {IBIDI_IDNA_O5, "O5",
     "RFC 5892 A.5: HEBREW PUNCTUATION GERESH must follow a Hebrew character"},
    {IBIDI_IDNA_O6, "O6",
     "RFC 5892 A.6: HEBREW PUNCTUATION GERSHAYIM must follow a Hebrew character"},
    {IBIDI_IDNA_O7, "O7",
     "RFC 5892 A.7: a label with KATAKANA MIDDLE DOT must contain a Hiragana, Katakana or Han "
     "character"},
    {IBIDI_IDNA_O8, "O8",
     "RFC 5892 A.8: ARABIC-INDIC DIGITS must not be mixed with EXTENDED ARABIC-INDIC DIGITS"},
    {IBIDI_IDNA_O9, "O9",
     "RFC 5892 A.9: EXTENDED ARABIC-INDIC DIGITS must not be mixed with ARABIC-INDIC DIGITS"},
    {IBIDI_IDNA_DISALLOWED_CP, "DISALLOWED",
     "RFC 5892 §2-§3: the code point is DISALLOWED in IDNA2008 (RFC 5891 §4.2.2, §5.4)"},
    {IBIDI_IDNA_UNASSIGNED_CP, "UNASSIGNED",
     "RFC 5892 §2.11: the code point is UNASSIGNED in Unicode 17.0 (RFC 5891 §4.2.2, §5.4)"},
    {IBIDI_IDNA_NO_CONTEXT_RULE, "NO_CONTEXT_RULE",
     "RFC 5891 §4.2.3.3, §5.4: a CONTEXTJ or CONTEXTO code point without a rule in the IANA "
     "registry is not allowed"},
    {IBIDI_IDNA_FAKE_A_LABEL, "FAKE_A_LABEL",
     "RFC 5890 §2.3.2.1, RFC 5891 §5.4: a label starting with \"xn--\" must be the canonical "
     "Punycode of a valid U-label (decode, validate, re-encode, compare)"},
    {IBIDI_IDNA_W_DIGIT_AFTER_RTL, "W_DIGIT_AFTER_RTL",
     "RFC 5893 §2: an LDH label starting with an ASCII digit follows an RTL label; the Bidi "
     "Rule's guarantee does not hold, the name may display like another one"},
    {IBIDI_IDNA_W_PER_LABEL_BIDI, "W_PER_LABEL_BIDI",
     "RFC 5893 §2 applies the Bidi Rule to every label of a Bidi domain name; this name passes "
     "only because each label was checked alone, and may display like another name"},
};

static const code_info *find(ibidi_idna_code c)
{
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (codes[i].code == c)
            return &codes[i];
    return NULL;
}

const char *ibidi_idna_code_name(ibidi_idna_code code)
{
    const code_info *i = find(code);
    return i ? i->name : NULL;
}

const char *ibidi_idna_code_message(ibidi_idna_code code)
{
    const code_info *i = find(code);
    return i ? i->message : "unknown IDNA finding";
}

int ibidi_idna_code_is_warning(ibidi_idna_code code)
{
    return code == IBIDI_IDNA_W_DIGIT_AFTER_RTL || code == IBIDI_IDNA_W_PER_LABEL_BIDI;
}

void ibidi__sink_init(ibidi__sink *s, ibidi_idna_finding *arr, size_t cap)
{
    s->arr = arr;
    s->cap = arr ? cap : 0;
    s->n = 0;
    s->n_errors = 0;
    s->first_error_offset = 0;
    s->first_error_value = 0;
}

void ibidi__sink_add(ibidi__sink *s, ibidi_idna_code code, uint32_t label, size_t offset,
                     uint32_t value, int bidi_class)
{
    if (s->n < s->cap) {
        ibidi_idna_finding *f = &s->arr[s->n];
        f->code = code;
        f->label = label;
        f->offset = offset;
        f->value = value;
        f->bidi_class = bidi_class;
    }
    s->n++;
    if (!ibidi_idna_code_is_warning(code)) {
        if (s->n_errors == 0) {
            s->first_error_offset = offset;
            s->first_error_value = value;
        }
        s->n_errors++;
    }
}

unsigned ibidi_idna_profile_flags(ibidi_idna_profile profile)
{
    switch (profile) {
    case IBIDI_IDNA_PROFILE_UTS46:
        return IBIDI_IDNA_CHECK_HYPHENS | IBIDI_IDNA_CHECK_BIDI | IBIDI_IDNA_CHECK_JOINERS |
               IBIDI_IDNA_USE_STD3_RULES | IBIDI_IDNA_VERIFY_DNS_LENGTH;
    case IBIDI_IDNA_PROFILE_WHATWG:
        /* URL Standard "domain to ASCII" with beStrict false: CheckHyphens false, CheckBidi
         * true, CheckJoiners true, UseSTD3ASCIIRules false, Transitional false,
         * VerifyDnsLength false, IgnoreInvalidPunycode false. */
        return IBIDI_IDNA_CHECK_BIDI | IBIDI_IDNA_CHECK_JOINERS;
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

const char *ibidi_idna_profile_name(ibidi_idna_profile profile)
{
    switch (profile) {
    case IBIDI_IDNA_PROFILE_UTS46: return "uts46";
    case IBIDI_IDNA_PROFILE_WHATWG: return "whatwg";
    case IBIDI_IDNA_PROFILE_IDNA2008_LOOKUP: return "idna2008-lookup";
    case IBIDI_IDNA_PROFILE_IDNA2008_REGISTER: return "idna2008-register";
    }
    return NULL;
}
