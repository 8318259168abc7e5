/*
 * Internal interface to the generated Unicode 17.0.0 tables (ucd_tables.c, written by
 * tools/gen_tables.c). Not installed; names start with ibidi__ and have hidden visibility.
 * The public lookups of include/ibidi/unicode.h sit on top of these.
 */
#ifndef IBIDI_UCD_H
#define IBIDI_UCD_H

#include <stddef.h>
#include <stdint.h>

#include "ibidi/unicode.h"

/* Normalization data of one code point packed in 32 bits, read with one table access:
 *   bits 0-7   Canonical_Combining_Class
 *   bits 8-9   NFC_Quick_Check  (ibidi_qc: YES 0, NO 1, MAYBE 2)
 *   bits 10-11 NFKC_Quick_Check (ibidi_qc)
 *   bit  12    NFD_Quick_Check is No
 *   bit  13    NFKD_Quick_Check is No                                                  */
#define IBIDI__NI_CCC(x) ((uint8_t)((x) & 0xFFu))
#define IBIDI__NI_NFC_QC(x) ((ibidi_qc)(((x) >> 8) & 3u))
#define IBIDI__NI_NFKC_QC(x) ((ibidi_qc)(((x) >> 10) & 3u))
#define IBIDI__NI_NFD_NO (1u << 12)
#define IBIDI__NI_NFKD_NO (1u << 13)
uint32_t ibidi__norm_info(uint32_t cp);

/* Full (recursively applied) decomposition of cp for NFD (compat == 0) or NFKD
 * (compat != 0), Hangul syllables included (by the algorithm of Unicode §3.12). Writes
 * the code points to out and returns their number, or returns 0 when cp decomposes to
 * itself. The result is at most IBIDI_MAX_DECOMPOSITION code points and is not yet in
 * canonical order only where the UCD itself says so (never, as of 17.0.0). */
size_t ibidi__full_decomposition(uint32_t cp, int compat, uint32_t out[IBIDI_MAX_DECOMPOSITION]);

/* Primary composite of (a, b) per UAX #15 (exclusions applied, Hangul by algorithm),
 * or 0 when the pair does not compose. */
uint32_t ibidi__compose(uint32_t a, uint32_t b);

#endif
