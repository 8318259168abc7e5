/* Internal pieces shared by the identifier code (structure, rules, display, conversions). */
#ifndef IBIDI_IRI_INTERNAL_H
#define IBIDI_IRI_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ibidi/display.h"
#include "ibidi/iri.h"
#include "unicode/ucd.h"

/* The bidi formatting characters that RFC 3987 §4.1 forbids in IRIs (its list, LRM RLM LRE
 * RLE LRO RLO PDF, with what Unicode added since: ALM, LRI, RLI, FSI, PDI). */
static inline int ibidi__is_bidi_control(uint32_t cp)
{
    return cp == 0x200E || cp == 0x200F || cp == 0x061C || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

/* UTS #46 and RFC 3490 §3.1 label separators: FULL STOP, IDEOGRAPHIC FULL STOP, FULLWIDTH
 * FULL STOP, HALFWIDTH IDEOGRAPHIC FULL STOP. */
static inline int ibidi__is_label_separator(uint32_t cp)
{
    return cp == 0x2E || cp == 0x3002 || cp == 0xFF0E || cp == 0xFF61;
}

/* Bidi_Class of a code point: the BMP through the bidi engine's two-stage table. */
static inline ibidi_bidi_class ibidi__iri_bc(uint32_t cp)
{
    return cp < 0x10000 ? (ibidi_bidi_class)(ibidi__bidi_bmp(cp) & 0x1Fu) : ibidi_cp_bidi_class(cp);
}

/* A right-to-left character in the sense of RFC 3987 §4.2 and the 2012 guidelines §3. */
static inline int ibidi__is_rtl_bc(ibidi_bidi_class bc)
{
    return bc == IBIDI_BC_R || bc == IBIDI_BC_AL;
}

#endif
