/*
 * The allocating call of ibidi/scan.h: the text parts and the findings, so that a caller (a
 * binding, the command) needs no loop of its own. It is the only code of src/scan that
 * allocates (tests/test_scan_noalloc.sh).
 *
 * A scan runs once for nearly every name: the text parts go to one block sized for what a
 * name gives in practice, with room for the first findings behind them; the findings are
 * copied out when there are any. Only a name whose parts or findings do not fit runs again.
 */
#include <stdlib.h>
#include <string.h>

#include "common/internal.h"
#include "ibidi/scan.h"

/* Findings kept by a first run (most names have none or a few). */
#define FIRST_FINDINGS 16

/* The text parts go to res->text, allocated here (ibidi/common.h: an _alloc call allocates
 * data, sets len, ignores cap, and leaves data NULL after an error); cap is left as the
 * bytes the block holds for the text, 0 after an error. */
ibidi_status ibidi_scan_name_alloc(const char *name, size_t len, const ibidi_scan_options *opts,
                                   ibidi_scan_result *res, ibidi_findings *findings,
                                   ibidi_error *err)
{
    /* the unicode form and the displays are each about as long as the name (a form may be
     * longer, which a second run takes), the codes a few dozen bytes */
    size_t text = len < SIZE_MAX / 8 ? len * 4 + 64 : len, fcap = FIRST_FINDINGS;
    ibidi_status st;
    if (findings) {
        findings->items = NULL;
        findings->cap = findings->n = findings->errors = 0;
    }
    if (!res)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    res->text.data = NULL;
    res->text.cap = 0;
    ibidi_scan_options own; /* opts with a work area, once a name asks for one */
    void *work = NULL;
    for (;;) {
        /* the text, its NUL, then the findings (aligned for them) */
        const size_t at = (text + 1 + 15u) & ~(size_t)15u;
        char *block = malloc(at + (findings ? fcap * sizeof(ibidi_finding) : 0));
        if (!block) {
            free(work);
            return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
        }
        ibidi_findings f = {findings ? (ibidi_finding *)(void *)(block + at) : NULL,
                            findings ? fcap : 0, 0, 0};
        res->text.data = block;
        res->text.cap = text;
        st = ibidi_scan_name(name, len, opts, res, findings ? &f : NULL, err);
        res->text.data = NULL; /* until the block is the caller's */
        res->text.cap = 0;
        if (st == IBIDI_E_BUFFER_TOO_SMALL || (st == IBIDI_OK && f.n > fcap)) {
            /* the same name again gives the same sizes */
            free(block);
            if (res->text.len > text)
                text = res->text.len;
            if (f.n > fcap)
                fcap = f.n;
            continue;
        }
        if (st == IBIDI_E_IDNA_WORK_TOO_SMALL && !work) {
            /* a name that maps past IDNA's fixed area: once more with a work area */
            free(block);
            own = opts ? *opts : (ibidi_scan_options){0, {0, 0, 0, NULL, 0}, NULL};
            own.idna.work_size = ibidi_idna_work_size();
            if (!(work = own.idna.work = malloc(own.idna.work_size)))
                return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
            opts = &own;
            continue;
        }
        if (st != IBIDI_OK) {
            free(block);
            break;
        }
        if (findings && f.n > 0) {
            ibidi_finding *items = malloc(f.n * sizeof *items);
            if (!items) {
                free(block);
                free(work);
                return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
            }
            memcpy(items, f.items, f.n * sizeof *items);
            findings->items = items;
            findings->cap = findings->n = f.n;
            findings->errors = f.errors;
        }
        block[res->text.len] = '\0';
        res->text.data = block;
        res->text.cap = text;
        break;
    }
    free(work);
    return st;
}
