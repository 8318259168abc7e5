/*
 * The RFC 5892 derived property (PVALID, CONTEXTJ, CONTEXTO, DISALLOWED, UNASSIGNED) of
 * Unicode 17.0. tools/gen_tables.c computes it from the UCD with the rules of RFC 5892
 * §2-§3 into a two-stage table (src/unicode/ucd.h); this file reads it.
 */
#include "ibidi/idna.h"
#include "unicode/ucd.h"

ibidi_idna_property ibidi_idna_property_of(uint32_t cp)
{
    /* Surrogates are gc Cs: §3 ends in DISALLOWED for them (the table says so too, the
     * test checks it). Values above 10FFFF are no code points at all. */
    if (cp > 0x10FFFFu)
        return IBIDI_IDNA_DISALLOWED;
    return (ibidi_idna_property)ibidi__idna2008(cp);
}

const char *ibidi_idna_property_name(ibidi_idna_property p)
{
    switch (p) {
    case IBIDI_IDNA_PVALID: return "PVALID";
    case IBIDI_IDNA_CONTEXTJ: return "CONTEXTJ";
    case IBIDI_IDNA_CONTEXTO: return "CONTEXTO";
    case IBIDI_IDNA_DISALLOWED: return "DISALLOWED";
    case IBIDI_IDNA_UNASSIGNED: return "UNASSIGNED";
    }
    return NULL;
}
