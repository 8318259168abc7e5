/*
 * Fuzz target for the RFC 5893 prover (ibidi_rfc5893_prove, include/ibidi/rfc5893.h).
 *
 * The input picks the options: byte 0 the claim (mod 6: the sixth value is an unknown
 * claim), byte 1 the placement (mod 10, values 0 and 9 refused for the controls), byte 2
 * the direction (mod 3: the third is AUTO, refused), byte 3 a shortfall of the work area
 * (0: none); missing bytes are 0. Properties checked with abort():
 *  1. options out of range and a short work area give their status and a zeroed result;
 *  2. otherwise the status is OK, the automaton has states and accepting states, every
 *     length counts no more broken labels than labels, and holds is 1 exactly when no
 *     length has a broken label and no shortest length is given;
 *  3. a counterexample is of the shortest length, the first with a broken label, and
 *     breaks the claim when run again through ibidi_rfc5893_run;
 *  3b. the uniqueness claims: decided, holds exactly when no length has a pair; a pair is
 *     of the shortest length, the first with pairs, two different labels that pass the
 *     rule, which the UBA shows alike (confirmed);
 *  4. byte 4 (mod 8) asks ibidi_rfc5893_ldh_search for names up to that length (0: an
 *     invalid length) in the direction of byte 2: its status, and a name found is of the
 *     shortest length, holds a dot and names a label it has;
 *  5. byte 5, when present, runs the automaton of names (ibidi_rfc5893_ldh_prove) in the
 *     direction of byte 2, with a work area one byte short when byte 5 is odd: refused
 *     arguments give their status and a zeroed result; otherwise every length counts no
 *     more broken pairs than pairs and no fewer pairs than names, holds is 1 exactly when
 *     no state breaks (no length counts a broken pair, no shortest length), and a
 *     counterexample of up to 7 classes is the first length with a broken pair, breaks
 *     when run again (confirmed) and is the name ibidi_rfc5893_ldh_search finds.
 *  6. byte 6, when present, asks ibidi_rfc5893_prove_badami (mode: byte 6 mod 3, the third
 *     value unknown; a work area one byte short when byte 6 & 4): refused arguments give
 *     their status and a zeroed result. It is run in full only in a right-to-left
 *     paragraph under RFC 5893, the case that takes half a second (a left-to-right
 *     paragraph reads millions of display states): every length counts no more pairs of
 *     a kind than pairs shown alike, holds is 1 exactly when no digit and no separator
 *     pair is reported (each kind's verdict when no pair of it is, shortest the shorter
 *     pair), and the pairs reported are confirmed and of the first length with a count.
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

static void check_pairs(const ibidi_rfc5893_proof *r)
{
    unsigned first = 0;
    for (unsigned n = 1; n <= IBIDI_RFC5893_VERIFY_MAX_LENGTH; n++)
        if (!first && r->pairs[n - 1])
            first = n;
    require(r->undecided == 0 && r->states > 1 && r->label_states > 1);
    require(r->holds == (first == 0) && r->shortest == first &&
            (r->accepting > 0) == !r->holds);
    if (r->holds)
        return;
    const ibidi_rfc5893_verify_example *e = &r->example;
    require(r->confirmed && e->x.n == first && e->y.n == first &&
            memcmp(e->x.classes, e->y.classes, first) < 0 &&
            ibidi_rfc5893_conditions(e->x.classes, first, IBIDI_RFC5893_ALL_CONDITIONS) == 0 &&
            ibidi_rfc5893_conditions(e->y.classes, first, IBIDI_RFC5893_ALL_CONDITIONS) == 0);
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

static void check_ldh_prove(ibidi_dir dir, int short_work)
{
    const size_t ws = ibidi_rfc5893_ldh_prove_work_size();
    void *w = malloc(ws);
    ibidi_rfc5893_ldh_proof *p = malloc(sizeof *p);
    require(w && p);
    const ibidi_status st = ibidi_rfc5893_ldh_prove(dir, w, ws - (short_work ? 1 : 0), p, NULL);
    free(w);
    if (dir == IBIDI_DIR_AUTO || short_work) {
        require(st == (dir == IBIDI_DIR_AUTO ? IBIDI_E_INVALID_ARGUMENT
                                             : IBIDI_E_BUFFER_TOO_SMALL) &&
                p->states == 0 && p->holds == 0);
        free(p);
        return;
    }
    require(st == IBIDI_OK && p->states > 1 && p->transitions > 0 && p->uba_states > 0);
    unsigned first = 0;
    for (unsigned n = 1; n <= IBIDI_RFC5893_VERIFY_MAX_LENGTH; n++) {
        require(p->broken[n - 1] <= p->pairs[n - 1] && p->names[n - 1] <= p->pairs[n - 1]);
        if (!first && p->broken[n - 1])
            first = n;
    }
    require(p->holds == (p->shortest == 0) && (!p->holds || first == 0));
    if (!p->holds && p->shortest <= 7) {
        ibidi_rfc5893_ldh_result r;
        require(p->shortest == first && p->confirmed && p->name.n == first);
        require(ibidi_rfc5893_ldh_search(first, dir, &r, NULL) == IBIDI_OK &&
                r.shortest == first && r.label == p->label &&
                memcmp(r.name.classes, p->name.classes, first) == 0 &&
                memcmp(r.shown, p->shown, first) == 0);
    }
    free(p);
}

static void check_badami(ibidi_dir dir, unsigned mode, int short_work)
{
    const ibidi_rfc5893_badami_options o = {dir, mode};
    const int bad = dir == IBIDI_DIR_AUTO || mode > 1;
    if (!bad && !short_work && (dir != IBIDI_DIR_RTL || mode != 0))
        return; /* seconds to minutes: tests/test_proofs_badami.c runs those */
    const size_t ws = ibidi_rfc5893_prove_badami_work_size();
    void *w = malloc(ws);
    ibidi_rfc5893_badami_proof *p = malloc(sizeof *p);
    require(w && p);
    const ibidi_status st = ibidi_rfc5893_prove_badami(&o, w, ws - (short_work ? 1 : 0), p, NULL);
    free(w);
    if (bad || short_work) {
        require(st == (bad ? IBIDI_E_INVALID_ARGUMENT : IBIDI_E_BUFFER_TOO_SMALL) &&
                p->states == 0 && p->holds == 0 && p->names[0] == 0);
        free(p);
        return;
    }
    require(st == IBIDI_OK && !p->undecided && p->states > 0 && p->display_minimal > 0);
    unsigned first_digit = 0, first_sep = 0, first_alike = 0;
    for (unsigned n = 1; n <= IBIDI_RFC5893_VERIFY_MAX_LENGTH; n++) {
        const unsigned k = n - 1;
        require(p->digit[k] <= p->alike[k] && p->separator[k] <= p->alike[k] &&
                p->number_type[k] <= p->digit[k]);
        first_digit = !first_digit && p->digit[k] ? n : first_digit;
        first_sep = !first_sep && p->separator[k] ? n : first_sep;
        first_alike = !first_alike && p->alike[k] ? n : first_alike;
    }
    require(p->holds == (p->digit_x.n == 0 && p->separator_x.n == 0) && p->confirmed);
    require(p->number_type_holds == (p->digit_x.n == 0) &&
            p->separator_holds == (p->separator_x.n == 0));
    const unsigned d = p->digit_x.n, sp = p->separator_x.n;
    require(p->shortest == (d && (!sp || d < sp) ? d : sp));
    require(p->digit_x.n == first_digit && p->separator_x.n == first_sep &&
            p->alike_x.n == first_alike);
    free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t b[5] = {0, 0, 0, 0, 0};
    memcpy(b, data, size < 5 ? size : 5);
    const ibidi_dir dirs[3] = {IBIDI_DIR_LTR, IBIDI_DIR_RTL, IBIDI_DIR_AUTO};
    const ibidi_rfc5893_proof_options o = {b[0] % 6u, b[1] % 10u, dirs[b[2] % 3]};
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
    } else if (o.claim == IBIDI_RFC5893_CLAIM_UNIQUENESS ||
               o.claim == IBIDI_RFC5893_CLAIM_CODE_POINTS) {
        require(st == IBIDI_OK);
        check_pairs(r);
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
    if (size >= 6)
        check_ldh_prove(o.dir, data[5] & 1u);
    if (size >= 7)
        check_badami(o.dir, data[6] % 3u, (data[6] & 4u) != 0);
    return 0;
}
