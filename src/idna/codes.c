/* The IDNA findings into the library's sink, the profiles and the options. (The names and
 * messages of the codes are in the library's one table, src/common/codes.c.) */
#include <stddef.h>

#include "idna/idna_internal.h"

void ibidi__idna_add(ibidi__sink *s, ibidi_idna_code code, size_t label, size_t offset,
                     uint32_t cp, int bidi_class)
{
    const int warning = code == IBIDI_IDNA_W_DIGIT_AFTER_RTL || code == IBIDI_IDNA_W_PER_LABEL_BIDI;
    const ibidi_finding f = {code, warning ? IBIDI_SEVERITY_WARNING : IBIDI_SEVERITY_ERROR,
                             NULL, label, offset, 0, cp, bidi_class, IBIDI_DIR_LTR, 0,
                             offset, 0};
    ibidi__sink_put(s, &f);
}

unsigned ibidi_idna_profile_flags(ibidi_idna_profile profile)
{
    return ibidi__profile_flags(profile);
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

unsigned ibidi_idna_options_flags(const ibidi_idna_options *opts)
{
    return ibidi__options_flags(opts);
}
