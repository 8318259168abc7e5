/* Internal pieces shared by the identifier code (structure, rules, display, conversions). */
#ifndef IBIDI_IRI_INTERNAL_H
#define IBIDI_IRI_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "common/internal.h"
#include "ibidi/display.h"
#include "ibidi/iri.h"
#include "unicode/ucd.h"

/* Every IBIDI_IRI_* option bit: a call ignores the bits of the others (one options record
 * may serve several calls) and refuses only bits that are none of them. */
#define IBIDI__IRI_ALL_FLAGS                                                               \
    (IBIDI_IRI_DUERST2001 | IBIDI_IRI_STRICT | IBIDI_IRI_HOST_PERCENT |                    \
     IBIDI_IRI_ENCODE_ASCII | IBIDI_IRI_KEEP_UNSAFE | IBIDI_IRI_HOST_TO_UNICODE)

/* The defaults of the options: decide the kind, no option, hosts by the uts46 profile. */
static const ibidi_iri_options ibidi__iri_defaults = {
    IBIDI_IRI_AS_AUTO, 0, {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}};

/* The identifier check's own option word: the check bits of the options, and the IDNA
 * flag that applies the host's Bidi Rule label by label. */
static inline unsigned ibidi__iri_check_bits(const ibidi_iri_options *o)
{
    return (o->flags & (IBIDI_IRI_DUERST2001 | IBIDI_IRI_STRICT)) |
           (ibidi_idna_options_flags(&o->idna) & IBIDI_IDNA_BIDI_PER_LABEL);
}

/* ibidi_iri_check with the check bits (ibidi__iri_check_bits) and every finding passed to
 * fn (may be NULL) instead of an array: for the validity calls, which only sum the
 * findings up and hold no array of them on the stack. The components must be those of
 * ibidi_iri_parse on s (no argument checks). */
ibidi_status ibidi__iri_check_fn(const char *s, size_t len, const ibidi_iri_component *comps,
                                 size_t n_comps, unsigned options, ibidi__sink_fn fn, void *ctx,
                                 ibidi_error *err);

/* UTS #46 and RFC 3490 §3.1 label separators: FULL STOP, IDEOGRAPHIC FULL STOP, FULLWIDTH
 * FULL STOP, HALFWIDTH IDEOGRAPHIC FULL STOP. */
static inline int ibidi__is_label_separator(uint32_t cp)
{
    return cp == 0x2E || cp == 0x3002 || cp == 0xFF0E || cp == 0xFF61;
}

/* RFC 3987 §2.2 ucschar (so not the noncharacters FDD0..FDEF, xFFFE, xFFFF, nor the
 * specials FFF0..FFFF, nor the tags and variation selectors E0000..E0FFF). */
static inline int ibidi__is_ucschar(uint32_t cp)
{
    if (cp < 0x10000)
        return (cp >= 0xA0 && cp <= 0xD7FF) || (cp >= 0xF900 && cp <= 0xFDCF) ||
               (cp >= 0xFDF0 && cp <= 0xFFEF);
    if (cp >= 0xE0000)
        return cp >= 0xE1000 && cp <= 0xEFFFD;
    return (cp & 0xFFFF) <= 0xFFFD; /* 10000-1FFFD ... D0000-DFFFD */
}

/* RFC 3987 §2.2 iprivate: allowed in the query only. */
static inline int ibidi__is_iprivate(uint32_t cp)
{
    return (cp >= 0xE000 && cp <= 0xF8FF) || (cp >= 0xF0000 && cp <= 0xFFFFD) ||
           (cp >= 0x100000 && cp <= 0x10FFFD);
}

/* A right-to-left character in the sense of RFC 3987 §4.2 and the 2012 guidelines §3. */
static inline int ibidi__is_rtl_bc(ibidi_bidi_class bc)
{
    return bc == IBIDI_BC_R || bc == IBIDI_BC_AL;
}

/* ---- Validity (validate.c) ---------------------------------------------------------- */

/* ibidi_iri_validate after the parse: pst and pe are the parser's status and error,
 * comps and info its result when pst is IBIDI_OK. */
ibidi_status ibidi__iri_validate_parsed(const char *s, size_t len, ibidi_status pst,
                                          const ibidi_error *pe, const ibidi_iri_component *comps,
                                          const ibidi_iri_info *info, unsigned idna_flags,
                                          unsigned check_options, char *codes, size_t cap,
                                          size_t *codes_len, ibidi_error *err);

/* Codes text as ibidi_iri_validate writes it ("[A, B]": sorted, no repeats), of the
 * error findings f[0..nread) of an IDNA call with status st (the status itself when none
 * of those is an error), or of a status alone ("[NAME]"). snprintf-like: returns the length
 * needed; the text is written only when it fits cap. */
size_t ibidi__idna_codes_text(const ibidi_finding *f, size_t nread, ibidi_status st,
                              char *out, size_t cap);
size_t ibidi__status_codes_text(ibidi_status st, char *out, size_t cap);

#endif
