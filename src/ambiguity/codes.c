/*
 * Names and messages of the ambiguity findings (include/ibidi/ambiguity.h) and of the label
 * categories. Each message names the section or recommendation of Badami's "Bidirectional
 * ambiguities in Internet identifiers" that the finding comes from, or the exact check.
 */
#include "ibidi/ambiguity.h"

const char *ibidi_ambig_label_category_name(ibidi_ambig_label_category category)
{
    switch (category) {
    case IBIDI_AMBIG_LABEL_NEUTRAL: return "neutral";
    case IBIDI_AMBIG_LABEL_NUMBER: return "number";
    case IBIDI_AMBIG_LABEL_LTR: return "ltr";
    case IBIDI_AMBIG_LABEL_RTL: return "rtl";
    case IBIDI_AMBIG_LABEL_MIXED: return "mixed";
    }
    return NULL;
}

const char *ibidi_ambig_code_name(ibidi_ambig_code code)
{
    switch (code) {
    case IBIDI_AMBIG_NUMBER_LEVEL: return "NUMBER_LEVEL";
    case IBIDI_AMBIG_NUMBER_TYPE: return "NUMBER_TYPE";
    case IBIDI_AMBIG_NUMBER_SEPARATOR: return "NUMBER_SEPARATOR";
    case IBIDI_AMBIG_IDN_NUMBER_LABEL: return "IDN_NUMBER_LABEL";
    case IBIDI_AMBIG_REC_II: return "REC_II";
    case IBIDI_AMBIG_REC_III_PRECEDING: return "REC_III_PRECEDING";
    case IBIDI_AMBIG_REC_III_FOLLOWING: return "REC_III_FOLLOWING";
    case IBIDI_AMBIG_PARENT_DOMAIN: return "PARENT_DOMAIN";
    case IBIDI_AMBIG_RELATIVE_NAME: return "RELATIVE_NAME";
    case IBIDI_AMBIG_CONTAINED_DOMAIN: return "CONTAINED_DOMAIN";
    case IBIDI_AMBIG_VALID_TWIN: return "VALID_TWIN";
    case IBIDI_AMBIG_INVALID_TWINS_ONLY: return "INVALID_TWINS_ONLY";
    case IBIDI_AMBIG_SEPARATOR_TWIN: return "SEPARATOR_TWIN";
    case IBIDI_AMBIG_DOMAIN_UNDETERMINED: return "DOMAIN_UNDETERMINED";
    case IBIDI_AMBIG_SAME_AUTHORITY: return "SAME_AUTHORITY";
    case IBIDI_AMBIG_SEARCH_TRUNCATED: return "SEARCH_TRUNCATED";
    }
    return NULL;
}

const char *ibidi_ambig_code_message(ibidi_ambig_code code)
{
    switch (code) {
    case IBIDI_AMBIG_NUMBER_LEVEL:
        return "Badami, \"Weak types EN and AN\": the closest strong characters before and "
               "after this number differ in direction (the ends of the text count as "
               "left-to-right), so its embedding level cannot be told from the display "
               "(number embedding level ambiguity)";
    case IBIDI_AMBIG_NUMBER_TYPE:
        return "Badami, \"Number type ambiguity\": the embedding level of this European "
               "digit is ambiguous and one of its closest strong characters is an Arabic "
               "letter (AL), so whether W2 made it an Arabic number, and so whether the "
               "terminator or separator next to it joins the number (W4, W5), cannot be "
               "told from the display";
    case IBIDI_AMBIG_NUMBER_SEPARATOR:
        return "Badami, \"Number separator ambiguity\" and Recommendation I: the text "
               "matches one of the paper's six expressions, so whether a separator (ES, CS) "
               "belongs to a number or shows as a neutral may not be told from the display; "
               "the paper's own note finds the expressions imprecise (WN* may end with a "
               "number, terminator or separator, so they cover too much; numbers with "
               "several separators are not handled exactly): SEPARATOR_TWIN gives the exact "
               "answer";
    case IBIDI_AMBIG_IDN_NUMBER_LABEL:
        return "Badami, \"Number embedding level ambiguity in IDNs\", case 3: the closest "
               "strong labels before and after this number label differ in direction "
               "(missing labels count as LTR) and neither the number prefix nor the number "
               "suffix exception applies";
    case IBIDI_AMBIG_REC_II:
        return "Badami, Recommendation II (tentative): the top-level label should be a "
               "strong label (it is a number or neutral label)";
    case IBIDI_AMBIG_REC_III_PRECEDING:
        return "Badami, Recommendation III.1: the closest preceding strong label of this "
               "number label within the domain name should be an LTR label";
    case IBIDI_AMBIG_REC_III_FOLLOWING:
        return "Badami, Recommendation III.2: the closest following strong label of this "
               "number label within the domain name should be an LTR label";
    case IBIDI_AMBIG_PARENT_DOMAIN:
        return "Badami, \"Recommendations concerning the use of IDNs\": this parent domain "
               "cannot be rendered unambiguously on its own (number embedding level "
               "ambiguity in IDNs) although the whole name can";
    case IBIDI_AMBIG_RELATIVE_NAME:
        return "Badami, \"Recommendations concerning the use of IDNs\": this relative name "
               "cannot be rendered unambiguously on its own (number embedding level "
               "ambiguity in IDNs) although the whole name can";
    case IBIDI_AMBIG_CONTAINED_DOMAIN:
        return "Badami, \"Recommendations concerning the use of IDNs\": the identifier "
               "contains a domain name that cannot be rendered unambiguously on its own "
               "(DEF@123.ABC.com holds 123.ABC.com)";
    case IBIDI_AMBIG_VALID_TWIN:
        return "exact (twin search, each twin confirmed by the UBA): another text displays "
               "identically and is a valid identifier under the IDNA flags given (for plain "
               "text: any other text that displays identically)";
    case IBIDI_AMBIG_INVALID_TWINS_ONLY:
        return "exact (twin search): other texts display identically, but none is a valid "
               "identifier: the ambiguity is resolved by the restrictions within IDNA and "
               "the identifier rules (Badami, \"Bidirectional ambiguity in IDNs\")";
    case IBIDI_AMBIG_SEPARATOR_TWIN:
        return "exact (twin search): this separator (ES or CS) is part of a number (level "
               "2) here and a neutral in a twin that displays identically, or the reverse: "
               "number separator ambiguity found without the paper's expressions, which "
               "their own note finds imprecise";
    case IBIDI_AMBIG_DOMAIN_UNDETERMINED:
        return "exact, Badami, \"Bidirectional ambiguity in other internet identifiers\": "
               "the display does not determine the domain: a valid twin has another host "
               "(123@ABC.com and ABC@123.com)";
    case IBIDI_AMBIG_SAME_AUTHORITY:
        return "exact, Badami, \"Dealing with bidirectional ambiguity\": a valid twin has "
               "the same scheme and authority, so one administration controls both and can "
               "avoid allocating them to different resources";
    case IBIDI_AMBIG_SEARCH_TRUNCATED:
        return "exact: the twin search was cut by its bound on candidates; more twins may "
               "exist";
    }
    return "unknown ambiguity code";
}

int ibidi_ambig_code_is_exact(ibidi_ambig_code code)
{
    return code >= IBIDI_AMBIG_VALID_TWIN;
}
