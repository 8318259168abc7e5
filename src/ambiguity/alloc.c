/*
 * The allocating call of ibidi/ambiguity.h: the work area the input needs and the array of
 * findings, so that a caller (a binding, the command) needs no loop of its own. It is the
 * only code of the analysis that allocates (the no-allocation rule of the headers: the
 * _alloc calls live in objects of their own).
 */
#include <stdlib.h>
#include <string.h>

#include "common/internal.h"
#include "ibidi/ambiguity.h"

/* Findings a first run keeps: most identifiers have fewer, so that the analysis (with the
 * twin search, the costly part) runs once; more take a second run into an array of the
 * size the first one counted. */
#define FIRST_GUESS 16

ibidi_status ibidi_ambiguity_analyze_alloc(const char *s, size_t len,
                                           const ibidi_ambiguity_options *opts,
                                           ibidi_findings *findings, ibidi_error *err)
{
    static const ibidi_ambiguity_options defaults = {
        .as = IBIDI_IRI_AS_AUTO,
        .context = IBIDI_DIR_LTR,
        .idna = {.profile = IBIDI_IDNA_PROFILE_UTS46}};
    ibidi_ambiguity_options o = opts ? *opts : defaults;
    void *work = NULL;
    ibidi_finding *items = NULL;
    size_t cap = 0;
    ibidi_status st;
    if (findings) {
        findings->items = NULL;
        findings->cap = findings->n = findings->errors = 0;
    }
    if (!o.work) {
        /* SIZE_MAX: too long, which the call reports */
        const size_t ws = ibidi_ambiguity_work_size(len, o.flags);
        if (ws && ws != SIZE_MAX) {
            if (!(work = malloc(ws)))
                return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
            o.work = work;
            o.work_size = ws;
        }
    }
    for (size_t want = FIRST_GUESS;;) {
        if (findings && want > cap) {
            free(items);
            cap = want;
            if (!(items = malloc(cap * sizeof *items))) {
                free(work);
                return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
            }
        }
        ibidi_findings f = {items, cap, 0, 0};
        st = ibidi_ambiguity_analyze(s, len, &o, findings ? &f : NULL, err);
        if (st != IBIDI_OK || f.n <= cap) {
            if (findings && st == IBIDI_OK && f.n > 0) {
                findings->items = items;
                findings->cap = cap;
                findings->n = f.n;
                findings->errors = f.errors;
                items = NULL;
            }
            break;
        }
        want = f.n; /* the same analysis again finds as many */
    }
    free(items);
    free(work);
    return st;
}
