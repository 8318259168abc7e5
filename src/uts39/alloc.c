/*
 * The allocating call of ibidi/uts39.h: the findings of a name, so that a caller (a
 * binding, the command) needs no loop of its own. It is the only code of src/uts39 that
 * allocates (tests/test_uts39_noalloc.sh).
 *
 * Most names have no finding: one run that only counts them gives the answer. A name with
 * findings runs again into an array of the size the first run counted (the same name gives
 * the same findings), so nothing sits on the stack but the check's few words.
 */
#include <stdlib.h>

#include "common/internal.h"
#include "ibidi/uts39.h"

ibidi_status ibidi_uts39_check_alloc(const char *name, size_t len, const ibidi_uts39_options *opts,
                                     ibidi_uts39_level *level, ibidi_findings *findings,
                                     ibidi_error *err)
{
    ibidi_findings count = {NULL, 0, 0, 0};
    if (!findings)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    findings->items = NULL;
    findings->cap = findings->n = findings->errors = 0;
    ibidi_status st = ibidi_uts39_check_utf8(name, len, opts, level, &count, err);
    if ((st != IBIDI_OK && st != IBIDI_E_UTS39_INVALID) || count.n == 0)
        return st;
    ibidi_finding *items = malloc(count.n * sizeof *items);
    if (!items)
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    ibidi_findings all = {items, count.n, 0, 0};
    st = ibidi_uts39_check_utf8(name, len, opts, level, &all, err);
    findings->items = items;
    findings->cap = findings->n = all.n;
    findings->errors = all.errors;
    return st;
}
