/*
 * The allocating calls of ibidi/iri.h: each runs the caller-buffer call once to learn the
 * sizes and again into memory of those sizes (the calls give the same result every time).
 * They are the only code of src/iri that allocates (tests/test_iri_noalloc.sh).
 */
#include <stdlib.h>

#include "common/internal.h"
#include "ibidi/iri.h"
#include "iri/iri_internal.h"

ibidi_status ibidi_iri_parse_alloc(const char *s, size_t len, ibidi_iri_kind as,
                                   ibidi_iri_components *comps, ibidi_iri_info *info,
                                   ibidi_error *err)
{
    if (comps) {
        comps->items = NULL;
        comps->cap = comps->n = 0;
    }
    if (!comps)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi_iri_components count = {NULL, 0, 0};
    ibidi_status st = ibidi_iri_parse(s, len, as, &count, info, err);
    if (st != IBIDI_OK && st != IBIDI_E_BUFFER_TOO_SMALL)
        return st;
    const size_t n = count.n;
    ibidi_iri_components all = {malloc((n ? n : 1) * sizeof *all.items), n, 0};
    if (!all.items)
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    st = ibidi_iri_parse(s, len, as, &all, info, err);
    if (st != IBIDI_OK) { /* not reached: the same input parsed a moment ago */
        free(all.items);
        return st;
    }
    *comps = all;
    return IBIDI_OK;
}

ibidi_status ibidi_iri_check_alloc(const char *s, size_t len, const ibidi_iri_options *opts,
                                   ibidi_findings *findings, ibidi_error *err)
{
    if (findings) {
        findings->items = NULL;
        findings->cap = findings->n = findings->errors = 0;
    }
    ibidi_iri_components comps;
    ibidi_status st =
        ibidi_iri_parse_alloc(s, len, opts ? opts->as : IBIDI_IRI_AS_AUTO, &comps, NULL, err);
    if (st != IBIDI_OK)
        return st;
    ibidi_findings count = {NULL, 0, 0, 0};
    st = ibidi_iri_check(s, len, &comps, opts, &count, err);
    if (st == IBIDI_OK || st == IBIDI_E_IDENT_INVALID) {
        ibidi_finding *items = findings && count.n ? malloc(count.n * sizeof *items) : NULL;
        if (findings && count.n && !items) {
            free(comps.items);
            return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
        }
        ibidi_findings all = {items, items ? count.n : 0, 0, 0};
        st = ibidi_iri_check(s, len, &comps, opts, &all, err);
        if (findings) {
            findings->items = items;
            findings->cap = items ? count.n : 0;
            findings->n = all.n;
            findings->errors = all.errors;
        }
    }
    free(comps.items);
    return st;
}

/* A conversion of ibidi/iri.h into memory of the size a first run reports. */
typedef ibidi_status (*convert_fn)(const char *, size_t, const ibidi_iri_options *, ibidi_buf *,
                                   ibidi_error *);

static ibidi_status convert_alloc(convert_fn fn, const char *s, size_t len,
                                  const ibidi_iri_options *opts, ibidi_buf *out, ibidi_error *err)
{
    if (out) {
        out->data = NULL;
        out->len = 0;
    }
    if (!out)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi_buf size = {NULL, 0, 0};
    ibidi_status st = fn(s, len, opts, &size, err);
    if (st != IBIDI_OK && st != IBIDI_E_BUFFER_TOO_SMALL)
        return st;
    /* IRI to URI may ask for more than it writes (it needs the room to look into a copy of
     * the input): loop until the call fits, as its size only grows */
    size_t need = size.len;
    for (;;) {
        ibidi_buf into = {malloc(need + 1), need, 0};
        if (!into.data)
            return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
        st = fn(s, len, opts, &into, err);
        if (st == IBIDI_E_BUFFER_TOO_SMALL && into.len > need) {
            free(into.data);
            need = into.len;
            continue;
        }
        if (st != IBIDI_OK) {
            free(into.data);
            return st;
        }
        into.data[into.len] = '\0';
        out->data = into.data;
        out->len = into.len;
        return IBIDI_OK;
    }
}

/* For a call that gave IBIDI_E_IDNA_WORK_TOO_SMALL (more components than the stack holds,
 * or a host that maps past IDNA's fixed area): opts (NULL: the defaults) in *with, with an
 * IDNA work area of its own. Returns the area, to be freed; NULL without memory. */
static void *with_idna_work(const ibidi_iri_options *opts, ibidi_iri_options *with)
{
    void *work = malloc(ibidi_idna_work_size());
    *with = opts ? *opts : ibidi__iri_defaults;
    with->idna.work = work;
    with->idna.work_size = work ? ibidi_idna_work_size() : 0;
    return work;
}

ibidi_status ibidi_iri_to_uri_alloc(const char *iri, size_t len, const ibidi_iri_options *opts,
                                    ibidi_buf *out, ibidi_error *err)
{
    ibidi_status st = convert_alloc(ibidi_iri_to_uri, iri, len, opts, out, err);
    if (st == IBIDI_E_IDNA_WORK_TOO_SMALL) { /* once, with the work area it needs */
        ibidi_iri_options with_work;
        void *work = with_idna_work(opts, &with_work);
        if (!work)
            return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
        st = convert_alloc(ibidi_iri_to_uri, iri, len, &with_work, out, err);
        free(work);
    }
    return st;
}

ibidi_status ibidi_iri_from_uri_alloc(const char *uri, size_t len,
                                      const ibidi_iri_options *opts, ibidi_buf *out,
                                      ibidi_error *err)
{
    return convert_alloc(ibidi_iri_from_uri, uri, len, opts, out, err);
}

ibidi_status ibidi_iri_unicode_form_alloc(const char *s, size_t len,
                                          const ibidi_iri_options *opts, ibidi_buf *form,
                                          ibidi_error *err)
{
    return convert_alloc(ibidi_iri_unicode_form, s, len, opts, form, err);
}

ibidi_status ibidi_iri_validate_alloc(const char *s, size_t len, const ibidi_iri_options *opts,
                                      ibidi_buf *codes, ibidi_error *err)
{
    if (codes) {
        codes->data = NULL;
        codes->len = 0;
    }
    if (!codes)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi_buf size = {NULL, 0, 0};
    void *work = NULL;
    ibidi_iri_options with_work;
    ibidi_status st = ibidi_iri_validate(s, len, opts, &size, err);
    if (st == IBIDI_E_IDNA_WORK_TOO_SMALL) { /* again, with the work area it needs */
        work = with_idna_work(opts, &with_work);
        if (!work)
            return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
        opts = &with_work;
        st = ibidi_iri_validate(s, len, opts, &size, err);
    }
    if (st != IBIDI_OK && st != IBIDI_E_IDENT_INVALID && st != IBIDI_E_BUFFER_TOO_SMALL) {
        free(work);
        return st;
    }
    ibidi_buf into = {malloc(size.len + 1), size.len, 0};
    if (!into.data) {
        free(work);
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    }
    st = ibidi_iri_validate(s, len, opts, &into, err);
    free(work);
    if (st != IBIDI_OK && st != IBIDI_E_IDENT_INVALID) { /* not reached: sized above */
        free(into.data);
        return st;
    }
    into.data[into.len] = '\0';
    codes->data = into.data;
    codes->len = into.len;
    return st;
}
