/*
 * Names of the label categories and the kind of each ambiguity code (include/ibidi/
 * ambiguity.h). The names and messages of the codes are in the library's one table,
 * src/common/codes.c.
 */
#include "ibidi/ambiguity.h"

const char *ibidi_ambiguity_label_category_name(ibidi_ambiguity_label_category category)
{
    switch (category) {
    case IBIDI_AMBIGUITY_LABEL_NEUTRAL: return "neutral";
    case IBIDI_AMBIGUITY_LABEL_NUMBER: return "number";
    case IBIDI_AMBIGUITY_LABEL_LTR: return "ltr";
    case IBIDI_AMBIGUITY_LABEL_RTL: return "rtl";
    case IBIDI_AMBIGUITY_LABEL_MIXED: return "mixed";
    }
    return NULL;
}

const char *ibidi_ambiguity_label_category_text(unsigned category)
{
    /* Badami's category with the flags of an LTR label's numbers, in the one spelling the
       verdict's JSON, `ibidi check` and the bindings show */
    static const char *const text[5][4] = {
        {"neutral", "neutral+number-prefix", "neutral+number-suffix",
         "neutral+number-prefix+number-suffix"},
        {"number", "number+number-prefix", "number+number-suffix",
         "number+number-prefix+number-suffix"},
        {"ltr", "ltr+number-prefix", "ltr+number-suffix", "ltr+number-prefix+number-suffix"},
        {"rtl", "rtl+number-prefix", "rtl+number-suffix", "rtl+number-prefix+number-suffix"},
        {"mixed", "mixed+number-prefix", "mixed+number-suffix",
         "mixed+number-prefix+number-suffix"}};
    const unsigned c = IBIDI_AMBIGUITY_LABEL_CATEGORY(category);
    const unsigned flags = (category & IBIDI_AMBIGUITY_LABEL_NUMBER_PREFIX ? 1u : 0u) |
                           (category & IBIDI_AMBIGUITY_LABEL_NUMBER_SUFFIX ? 2u : 0u);
    if (c > IBIDI_AMBIGUITY_LABEL_MIXED ||
        (category & ~(0xFFu | IBIDI_AMBIGUITY_LABEL_NUMBER_PREFIX |
                      IBIDI_AMBIGUITY_LABEL_NUMBER_SUFFIX)))
        return NULL;
    return text[c][flags];
}

int ibidi_ambiguity_code_is_exact(ibidi_ambiguity_code code)
{
    return code >= IBIDI_AMBIGUITY_VALID_TWIN;
}
