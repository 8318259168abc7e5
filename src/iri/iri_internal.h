/* Internal pieces shared by the identifier code (structure, rules, validity, URIs), and
 * the two that the display code (src/display/) builds on: the component rules of one
 * component and the right-to-left test. */
#ifndef IBIDI_IRI_INTERNAL_H
#define IBIDI_IRI_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "common/internal.h"
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

/* The component rules of RFC 3987 §4.2, the 2012 guidelines §3 and (by options) Duerst
 * 2001 §5 on the component s[start..end) alone: no host Bidi Rule, no neighbours
 * (DIGIT_AFTER_RTL). *found points at its findings, in facts, a buffer of
 * IBIDI__IRI_FACTS_SIZE bytes aligned for an ibidi_finding; the decoder's status for
 * ill-formed UTF-8. For callers that judge one component without the whole check. */
#define IBIDI__IRI_FACTS_SIZE 416
ibidi_status ibidi__iri_component_rules(const char *s, size_t start, size_t end,
                                        unsigned options, const ibidi_finding **found,
                                        size_t *n, void *facts, ibidi_error *err);

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
static inline int ibidi__is_rtl_bc(ibidi_unicode_bc bc)
{
    return bc == IBIDI_UNICODE_BC_R || bc == IBIDI_UNICODE_BC_AL;
}

/* ---- Validity (validate.c) ---------------------------------------------------------- */

/* What ibidi_iri_parse takes s for under IBIDI_IRI_AS_AUTO (a domain name for empty
 * text), without the parse: for a caller that needs only the kind. */
ibidi_iri_kind ibidi__iri_auto_kind(const char *s, size_t len);

/* The codes text of a status alone ("[NAME]"), as ibidi__code_set_format. */
size_t ibidi__status_codes_text(ibidi_status st, char *out, size_t cap);
/* The text into codes (cap), *codes_len the length needed; the status of
 * ibidi_iri_validate: IBIDI_OK with no code, IBIDI_E_IDENT_INVALID with the first
 * problem's offset, IBIDI_E_BUFFER_TOO_SMALL. */
ibidi_status ibidi__code_set_result(ibidi__code_set *c, char *codes, size_t cap, size_t *codes_len,
                                 ibidi_error *err);

/* A sink function (ibidi__sink_fn) that adds the error findings of an IDNA call to codes,
 * their offsets clamped into span_len bytes from base. */
typedef struct ibidi__code_set_idna {
    ibidi__code_set *codes;
    size_t base, span_len;
} ibidi__code_set_idna;
void ibidi__code_set_idna_fn(void *ctx, const ibidi_finding *f);

/* The host that validity converts with ToASCII: the whole domain name, an IRI's
 * reg-name, a mail domain (IPv4 and IP-literal hosts are not domain names). */
static inline int ibidi__validity_host(const ibidi_iri_info *info)
{
    return info->host_kind == IBIDI_IRI_COMP_LABEL && info->host.present && info->host.length > 0;
}

/* The steps of ibidi_iri_validate, for callers that parse once for several steps (the
 * scan): the parse's verdict and the component rules (pst and pe the parser's status and
 * error, comps its components, all stored, when pst is IBIDI_OK) into c; and UTS #46
 * ToASCII of a host with the IDNA options (its work area too): IBIDI_OK, or
 * IBIDI_E_IDNA_WORK_TOO_SMALL (in err, nothing added to c) for a host that maps to more
 * code points than IDNA's fixed area and no work area, which takes a host of over 256
 * bytes. The two never share the stack if the caller keeps them apart (the host step runs
 * IDNA). */
void ibidi__validate_check(const char *s, size_t len, ibidi_status pst, const ibidi_error *pe,
                           const ibidi_iri_components *comps, unsigned check_bits,
                           ibidi__code_set *c);
ibidi_status ibidi__validate_host(const char *s, ibidi_span host,
                                  const ibidi_idna_options *idna, ibidi__code_set *c,
                                  ibidi_error *err);

/* ibidi_iri_validate into c without the text: the parse, the component rules (check_bits:
 * ibidi__iri_check_bits) and ToASCII of the host under idna (not NULL; its work area also
 * takes the components of an identifier that has more than the stack holds). info gets
 * the parse (zeroed when it failed). Returns IBIDI_OK (c then says valid or not),
 * IBIDI_E_TOO_LONG (more than 1024 components) or IBIDI_E_IDNA_WORK_TOO_SMALL (more
 * components than the stack holds, or a host that maps to more code points than IDNA's
 * fixed area, either of which takes an identifier of over 256 bytes, and no work area).
 * No argument checks. */
ibidi_status ibidi__iri_validity(const char *s, size_t len, ibidi_iri_kind as,
                                 unsigned check_bits, const ibidi_idna_options *idna,
                                 ibidi__code_set *c, ibidi_iri_info *info, ibidi_error *err);

#endif
