/*
 * Validity of an identifier (ibidi/iri.h, ibidi_iri_validate): parse, component
 * rules, and UTS #46 ToASCII of each host, the reasons gathered as codes in the form of
 * IdnaTestV2.txt ("[]", "[B1, V6]"), so that twins can be marked valid or invalid.
 *
 * Stack (IBIDI_STACK_MAX, ibidi/common.h). Nothing allocates. The two large steps never
 * share the stack: the structure (the components, on the stack for identifiers of up to
 * VAL_SMALL_LEN bytes, with the component check) runs in a frame that has returned before
 * ToASCII of the host (IDNA's fixed area) runs, and the findings of both go through a
 * callback into the set of codes, so that no array of findings is held. An identifier
 * with more components than the fixed array holds (only one of over VAL_SMALL_LEN bytes
 * can have them) puts them in the work area of its IDNA options, which ToASCII uses
 * afterwards: the two uses follow each other.
 */
#include <string.h>

#include "common/internal.h"
#include "idna/idna_internal.h"
#include "iri/iri_internal.h"

/* The most components of an identifier: a domain name has at most 127 labels, a mail
 * address about 160 components; an IRI with more than this many is refused
 * (IBIDI_E_TOO_LONG). */
#define VAL_COMPS 1024
/* Identifiers of up to this many bytes have their components on the stack:
 * ibidi_iri_parse gives at most len + 2. */
#define VAL_SMALL_LEN 256
#define VAL_SMALL_COMPS (VAL_SMALL_LEN + 2)
/* ToASCII output: its findings are complete whatever the size (the output is not used). */
#define VAL_OUT 512

/* ---- The set of codes (src/common/codes.c holds the set itself) ---------------------- */

size_t ibidi__status_codes_text(ibidi_status st, char *out, size_t cap)
{
    ibidi__code_set c;
    ibidi__code_set_init(&c);
    ibidi__code_set_add(&c, IBIDI_CODE_STATUS, (int)st, 0, 0);
    return ibidi__code_set_format(&c, out, cap);
}

/* An IDNA finding into the set: errors only (warnings never make a name invalid), with
 * the offset clamped into the span of span_len bytes at base (IDNA's offsets are in the
 * processed form). */
void ibidi__code_set_idna_fn(void *ctx, const ibidi_finding *f)
{
    ibidi__code_set_idna *x = ctx;
    if (f->severity != IBIDI_SEVERITY_ERROR)
        return;
    const size_t off = f->offset < x->span_len ? f->offset : x->span_len;
    ibidi__code_set_add(x->codes, IBIDI_CODE_FINDING, f->code, x->base + off, f->cp);
}

/* A component rule finding into the set: errors only, and not HOST_BIDI_RULE, which
 * ToASCII's CheckBidi reports as the B codes that name the condition. */
static void check_fn(void *ctx, const ibidi_finding *f)
{
    if (f->code != IBIDI_IRI_HOST_BIDI_RULE && f->severity == IBIDI_SEVERITY_ERROR)
        ibidi__code_set_add(ctx, IBIDI_CODE_FINDING, f->code, f->offset, f->cp);
}

/* ---- The steps ---------------------------------------------------------------------- */

void ibidi__validate_check(const char *s, size_t len, ibidi_status pst, const ibidi_error *pe,
                           const ibidi_iri_components *comps, unsigned check_bits,
                           ibidi__code_set *c)
{
    if (pst != IBIDI_OK) {
        ibidi__code_set_add(c, IBIDI_CODE_STATUS, (int)pst, pe->offset, pe->value);
        return;
    }
    /* the component rules: error-level findings (the parse has checked the encoding, so
     * the check's only statuses are OK and IDENT_INVALID, which the codes say) */
    (void)ibidi__iri_check_fn(s, len, comps->items, comps->n, check_bits, check_fn, c, NULL);
}

/* UTS #46 ToASCII of one host: the error findings' codes (warnings left out). A host that
 * needs IDNA's work area and has none gets no verdict: IBIDI_E_IDNA_WORK_TOO_SMALL, so
 * that the caller can give one (as for components beyond the stack), not a code that
 * would call the identifier invalid. */
IBIDI__NOINLINE ibidi_status ibidi__validate_host(const char *s, ibidi_span host,
                                           const ibidi_idna_options *idna,
                                           ibidi__code_set *c, ibidi_error *err)
{
    char out[VAL_OUT];
    size_t out_len = 0;
    ibidi_error e;
    ibidi__code_set_idna x = {c, host.start, host.length};
    ibidi_status st = ibidi__idna_utf8_fn(s + host.start, host.length, idna, 1, out, sizeof out,
                                          &out_len, ibidi__code_set_idna_fn, &x, &e);
    const size_t at = host.start + (e.offset < host.length ? e.offset : 0);
    if (st == IBIDI_E_IDNA_WORK_TOO_SMALL)
        return ibidi__fail(err, st, at, e.value);
    if (st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID && st != IBIDI_E_BUFFER_TOO_SMALL)
        /* IDNA_TOO_LONG: no domain name is that long (the parser has checked the
           encoding) */
        ibidi__code_set_add(c, IBIDI_CODE_STATUS, (int)st, at, e.value);
    return IBIDI_OK;
}

/* Parse and component check with the components in comps (cap of them); *needed gets the
 * components when they do not fit (IBIDI_E_BUFFER_TOO_SMALL, nothing else done). */
static ibidi_status structure_in(const char *s, size_t len, ibidi_iri_kind as,
                                 unsigned check_bits, ibidi_iri_component *comps, size_t cap,
                                 ibidi__code_set *c, ibidi_iri_info *info, size_t *needed)
{
    ibidi_error pe = {IBIDI_OK, 0, 0};
    ibidi_iri_components rec = {comps, cap, 0};
    memset(info, 0, sizeof *info);
    ibidi_status pst = ibidi_iri_parse(s, len, as, &rec, info, &pe);
    *needed = rec.n;
    if (pst == IBIDI_E_BUFFER_TOO_SMALL)
        return pst;
    ibidi__validate_check(s, len, pst, &pe, &rec, check_bits, c);
    if (pst != IBIDI_OK)
        memset(info, 0, sizeof *info); /* no parts: nothing to convert */
    return IBIDI_OK;
}

IBIDI__NOINLINE static ibidi_status structure_small(const char *s, size_t len, ibidi_iri_kind as,
                                             unsigned check_bits, ibidi__code_set *c,
                                             ibidi_iri_info *info, size_t *needed)
{
    ibidi_iri_component comps[VAL_SMALL_COMPS];
    return structure_in(s, len, as, check_bits, comps, VAL_SMALL_COMPS, c, info, needed);
}

ibidi_status ibidi__iri_validity(const char *s, size_t len, ibidi_iri_kind as,
                                 unsigned check_bits, const ibidi_idna_options *idna,
                                 ibidi__code_set *c, ibidi_iri_info *info, ibidi_error *err)
{
    /* the IDNA work area takes the components when it holds more than the stack (the
     * ToASCII below uses it after them) */
    const uintptr_t a = _Alignof(ibidi_iri_component), p = (uintptr_t)idna->work;
    const size_t skip = (size_t)((a - p % a) % a);
    size_t cap = idna->work && idna->work_size > skip
                     ? (idna->work_size - skip) / sizeof(ibidi_iri_component)
                     : 0;
    ibidi_status st;
    size_t needed = 0;
    ibidi__code_set_init(c);
    if (cap > VAL_COMPS)
        cap = VAL_COMPS;
    if (cap > VAL_SMALL_COMPS)
        st = structure_in(s, len, as, check_bits,
                          (ibidi_iri_component *)(void *)((char *)idna->work + skip), cap, c,
                          info, &needed);
    else
        st = structure_small(s, len, as, check_bits, c, info, &needed);
    if (st == IBIDI_E_BUFFER_TOO_SMALL) /* only an identifier of over VAL_SMALL_LEN bytes */
        return ibidi__fail(err, needed > VAL_COMPS ? IBIDI_E_TOO_LONG : IBIDI_E_IDNA_WORK_TOO_SMALL,
                           0, 0);
    if (ibidi__validity_host(info))
        return ibidi__validate_host(s, info->host, idna, c, err);
    return IBIDI_OK;
}

ibidi_status ibidi__code_set_result(ibidi__code_set *c, char *codes, size_t cap, size_t *codes_len,
                                 ibidi_error *err)
{
    size_t need = ibidi__code_set_format(c, codes, cap);
    if (codes_len)
        *codes_len = need;
    if (need > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, cap, 0);
    if (c->any)
        return ibidi__fail(err, IBIDI_E_IDENT_INVALID, c->first, c->first_value);
    return ibidi__ok(err);
}

ibidi_status ibidi_iri_validate(const char *s, size_t len, const ibidi_iri_options *opts,
                                ibidi_buf *codes, ibidi_error *err)
{
    const ibidi_iri_options *o = opts ? opts : &ibidi__iri_defaults;
    char *const data = codes ? codes->data : NULL;
    const size_t cap = codes ? codes->cap : 0;
    ibidi_iri_info info;
    ibidi__code_set c;
    if (codes)
        codes->len = 0;
    if ((!s && len) || (!data && cap) || (o->flags & ~IBIDI__IRI_ALL_FLAGS) ||
        ibidi_idna_options_flags(&o->idna) == ~0u)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi_status st = ibidi__iri_validity(s, len, o->as, ibidi__iri_check_bits(o), &o->idna, &c,
                                          &info, err);
    if (st != IBIDI_OK)
        return st;
    return ibidi__code_set_result(&c, data, cap, codes ? &codes->len : NULL, err);
}
