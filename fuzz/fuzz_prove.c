/*
 * Fuzz target for the RFC 5893 prover (ibidi_rfc5893_prove, include/ibidi/rfc5893.h).
 *
 * The input picks the options: byte 0 the claim (mod 4: the fourth value is an unknown
 * claim), byte 1 the placement (mod 10, values 0 and 9 refused for the controls), byte 2
 * the direction (mod 3: the third is AUTO, refused), byte 3 a shortfall of the work area
 * (0: none); missing bytes are 0. Properties checked with abort():
 *  1. options out of range and a short work area give their status and a zeroed result;
 *  2. otherwise the status is OK, the automaton has states and accepting states, every
 *     length counts no more broken labels than labels, and holds is 1 exactly when no
 *     length has a broken label and no shortest length is given;
 *  3. a counterexample is of the shortest length, the first with a broken label, and
 *     breaks the claim when run again through ibidi_rfc5893_run;
 *  4. byte 4 (mod 8) asks ibidi_rfc5893_ldh_search for names up to that length (0: an
 *     invalid length) in the direction of byte 2: its status, and a name found is of the
 *     shortest length, holds a dot and names a label it has.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/bidi.h"
#include "ibidi/rfc5893.h"
#include "rfc5893_example.h"

static void require(int ok)
{
    if (!ok)
        abort();
}

static void check_example(const ibidi_rfc5893_proof *r, unsigned claim)
{
    const ibidi_rfc5893_verify_example *e = &r->example;
    const ibidi_rfc5893_case c = rfc5893_example_case(e, &e->x);
    unsigned br = 0;
    require(ibidi_rfc5893_run(&c, &br, NULL, NULL) == IBIDI_OK);
    require(br & (claim == IBIDI_RFC5893_CLAIM_LITERAL ? IBIDI_RFC5893_BROKEN_LITERAL
                                                        : IBIDI_RFC5893_BROKEN_GROUPED));
    require(e->x.n == r->shortest);
}

static void check_ldh(unsigned len, ibidi_dir dir)
{
    ibidi_rfc5893_ldh_result r;
    const ibidi_status st = ibidi_rfc5893_ldh_search(len, dir, &r, NULL);
    if (len == 0 || dir == IBIDI_DIR_AUTO) {
        require(st == IBIDI_E_INVALID_ARGUMENT && r.shortest == 0);
        return;
    }
    require(st == IBIDI_OK && r.max_length == len && r.shortest <= len);
    if (r.shortest) {
        unsigned dots = 0;
        for (unsigned i = 0; i < r.name.n; i++)
            dots += r.name.classes[i] == IBIDI_UNICODE_BC_CS;
        require(r.name.n == r.shortest && dots > 0 && r.label <= dots &&
                r.names[r.shortest - 1] > 0);
        /* shown: the name's visual order in the paragraph (L2), as the UBA gives it */
        uint8_t lv[IBIDI_RFC5893_VERIFY_MAX_LENGTH];
        size_t v2l[IBIDI_RFC5893_VERIFY_MAX_LENGTH];
        ibidi_bidi_result b = {.levels = lv, .cap = r.name.n};
        require(ibidi_bidi_resolve_classes(r.name.classes, r.name.n,
                                           &(ibidi_bidi_options){.dir = dir}, &b,
                                           NULL) == IBIDI_OK &&
                ibidi_bidi_reorder(lv, r.name.n, v2l, NULL, NULL) == IBIDI_OK);
        for (unsigned v = 0; v < r.name.n; v++)
            require(r.shown[v] == v2l[v]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t b[5] = {0, 0, 0, 0, 0};
    memcpy(b, data, size < 5 ? size : 5);
    const ibidi_dir dirs[3] = {IBIDI_DIR_LTR, IBIDI_DIR_RTL, IBIDI_DIR_AUTO};
    const ibidi_rfc5893_proof_options o = {b[0] % 4u, b[1] % 10u, dirs[b[2] % 3]};
    const size_t ws = ibidi_rfc5893_prove_work_size(), give = ws - (b[3] ? 1 : 0);
    void *w = malloc(ws);
    ibidi_rfc5893_proof *r = malloc(sizeof *r);
    require(w && r);
    ibidi_error err;
    const ibidi_status st = ibidi_rfc5893_prove(&o, w, give, r, &err);
    const int bad = o.claim >= IBIDI_RFC5893_CLAIMS || o.dir == IBIDI_DIR_AUTO ||
                    (o.claim == IBIDI_RFC5893_CLAIM_CONTROLS &&
                     (o.placement < 1 || o.placement >= IBIDI_RFC5893_PLACEMENTS));
    if (bad || b[3]) {
        require(st == (bad ? IBIDI_E_INVALID_ARGUMENT : IBIDI_E_BUFFER_TOO_SMALL));
        require(r->states == 0 && r->holds == 0);
    } else {
        require(st == IBIDI_OK && r->states > 1 && r->accepting > 0);
        unsigned first = 0;
        for (unsigned n = 1; n <= IBIDI_RFC5893_VERIFY_MAX_LENGTH; n++) {
            require(r->broken[n - 1] <= r->labels[n - 1]);
            if (!first && r->broken[n - 1])
                first = n;
        }
        require(r->holds == (first == 0) && r->shortest == first);
        if (!r->holds)
            check_example(r, o.claim);
    }
    free(w);
    free(r);
    if (size >= 5)
        check_ldh(b[4] % 8u, o.dir);
    return 0;
}
