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

int ibidi_ambiguity_code_is_exact(ibidi_ambiguity_code code)
{
    return code >= IBIDI_AMBIGUITY_VALID_TWIN;
}
