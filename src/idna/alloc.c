/*
 * The allocating calls of ibidi/idna.h: each runs the caller-buffer call once to learn the
 * sizes and again into memory of those sizes (processing gives the same result every
 * time). They are the only code of src/idna that allocates (tests/test_idna_noalloc.sh).
 */
#include <stdlib.h>

#include "common/internal.h"
#include "ibidi/idna.h"

typedef ibidi_status (*utf8_call)(const char *, size_t, const ibidi_idna_options *, ibidi_buf *,
                                  ibidi_findings *, ibidi_error *);

static ibidi_status run_alloc(utf8_call fn, const char *name, size_t len,
                              const ibidi_idna_options *opts, ibidi_buf *out,
                              ibidi_findings *findings, ibidi_error *err)
{
    if (out) {
        out->data = NULL;
        out->len = 0;
    }
    if (findings) {
        findings->items = NULL;
        findings->cap = findings->n = findings->errors = 0;
    }
    if (!out)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi_buf size = {NULL, 0, 0};
    ibidi_findings count = {NULL, 0, 0, 0};
    ibidi_status st = fn(name, len, opts, &size, &count, err);
    void *work = NULL;
    ibidi_idna_options with_work;
    if (st == IBIDI_E_IDNA_WORK_TOO_SMALL) { /* a long mapping: the work area it needs */
        with_work = opts ? *opts : (ibidi_idna_options){IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0};
        work = malloc(ibidi_idna_work_size());
        if (!work)
            return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
        with_work.work = work;
        with_work.work_size = ibidi_idna_work_size();
        opts = &with_work;
        st = fn(name, len, opts, &size, &count, err);
    }
    if (st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID && st != IBIDI_E_BUFFER_TOO_SMALL) {
        free(work);
        return st;
    }
    char *buf = malloc(size.len + 1);
    ibidi_finding *items = findings && count.n ? malloc(count.n * sizeof *items) : NULL;
    if (!buf || (findings && count.n && !items)) {
        free(buf);
        free(items);
        free(work);
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    }
    ibidi_buf into = {buf, size.len, 0};
    ibidi_findings all = {items, items ? count.n : 0, 0, 0};
    st = fn(name, len, opts, &into, &all, err);
    free(work);
    buf[into.len] = '\0';
    out->data = buf;
    out->len = into.len;
    if (findings) {
        findings->items = items;
        findings->cap = items ? count.n : 0;
        findings->n = all.n;
        findings->errors = all.errors;
    }
    return st;
}

ibidi_status ibidi_idna_to_ascii_alloc(const char *name, size_t len,
                                       const ibidi_idna_options *opts, ibidi_buf *out,
                                       ibidi_findings *findings, ibidi_error *err)
{
    return run_alloc(ibidi_idna_to_ascii_utf8, name, len, opts, out, findings, err);
}

ibidi_status ibidi_idna_to_unicode_alloc(const char *name, size_t len,
                                         const ibidi_idna_options *opts, ibidi_buf *out,
                                         ibidi_findings *findings, ibidi_error *err)
{
    return run_alloc(ibidi_idna_to_unicode_utf8, name, len, opts, out, findings, err);
}

ibidi_status ibidi_idna_bidi_rule_alloc(const char *name, size_t len, unsigned flags,
                                        ibidi_findings *findings, int *is_bidi_name,
                                        ibidi_error *err)
{
    if (findings) {
        findings->items = NULL;
        findings->cap = findings->n = findings->errors = 0;
    }
    ibidi_findings count = {NULL, 0, 0, 0};
    ibidi_status st = ibidi_idna_bidi_rule_utf8(name, len, flags, findings ? &count : NULL,
                                                is_bidi_name, err);
    if ((st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID) || !findings || count.n == 0) {
        if (findings) {
            findings->n = count.n;
            findings->errors = count.errors;
        }
        return st;
    }
    ibidi_finding *items = malloc(count.n * sizeof *items);
    if (!items)
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    ibidi_findings all = {items, count.n, 0, 0};
    st = ibidi_idna_bidi_rule_utf8(name, len, flags, &all, is_bidi_name, err);
    *findings = all;
    return st;
}
