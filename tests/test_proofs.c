/*
 * The RFC 5893 prover (ibidi_rfc5893_prove, include/ibidi/rfc5893.h) against the
 * enumeration: for every claim and paragraph direction, every class string up to a length
 * that passes the rule (ibidi_rfc5893_conditions and the hyphen rule) is run through
 * ibidi_rfc5893_run in every context of the claim, and the labels and the labels that
 * break the claim, length by length, must be the automaton's counts; the shortest
 * counterexample must be the first length with one, and the prover's example must break
 * the claim when run again. The labels of each length are also those the verifier
 * (ibidi_rfc5893_verify, its rule space) counts.
 * Usage: test_proofs [N [M]]: Character Grouping up to N (default 5), the controls up to
 * M (default 4); `make check-proofs-7` runs 7 and 6.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/rfc5893.h"
#include "testlib.h"

#define MAXN IBIDI_RFC5893_VERIFY_MAX_LENGTH

/* The contexts of a claim, as the prover documents them (the verifier's spaces). */
typedef struct ctxset {
    uint8_t nb[64][2];
    size_t nb_len[64], n_nb;
} ctxset;

static void rule_neighbours(const ibidi_rfc5893_alphabet *al, ctxset *c)
{
    c->n_nb = 0;
    c->nb_len[c->n_nb++] = 0;
    for (size_t len = 1; len <= 2; len++)
        for (size_t a = 0; a < al->n_classes; a++)
            for (size_t b = 0; b < (len == 2 ? al->n_classes : 1); b++) {
                const uint8_t s[2] = {al->classes[a], al->classes[b]};
                if (ibidi_rfc5893_conditions(s, len, IBIDI_RFC5893_ALL_CONDITIONS) == 0 &&
                    s[0] != IBIDI_UNICODE_BC_ES && s[len - 1] != IBIDI_UNICODE_BC_ES) {
                    memcpy(c->nb[c->n_nb], s, len);
                    c->nb_len[c->n_nb++] = len;
                }
            }
}

static int legal(const uint8_t *c, size_t n)
{
    return ibidi_rfc5893_conditions(c, n, IBIDI_RFC5893_ALL_CONDITIONS) == 0 &&
           c[0] != IBIDI_UNICODE_BC_ES && c[n - 1] != IBIDI_UNICODE_BC_ES &&
           !(n >= 4 && c[2] == IBIDI_UNICODE_BC_ES && c[3] == IBIDI_UNICODE_BC_ES);
}

/* Does x break the reading `want` in some context of placement pl (0: none) in dir? */
static unsigned breaks(const uint8_t *x, size_t n, int pl, ibidi_dir dir, const ctxset *rule)
{
    static const uint8_t ctl[4] = {IBIDI_UNICODE_BC_LRE, IBIDI_UNICODE_BC_RLE,
                                   IBIDI_UNICODE_BC_LRO, IBIDI_UNICODE_BC_RLO};
    size_t nd, nl;
    const ibidi_rfc5893_delimiter *dl = ibidi_rfc5893_delimiters(&nd);
    const ibidi_rfc5893_neighbour *lib = ibidi_rfc5893_neighbours(&nl);
    const size_t nn = pl ? nl : rule->n_nb;
    const int nc = pl && pl != IBIDI_RFC5893_PLACE_STRAY_PDF ? 4 : 1;
    unsigned got = 0;
    for (int k = 0; k < nc; k++)
        for (size_t a = 0; a < nd; a++)
            for (size_t b = 0; b < nd; b++)
                for (size_t s1 = 0; s1 < nn; s1++)
                    for (size_t s2 = 0; s2 < nn; s2++) {
                        ibidi_rfc5893_case c = {
                            pl ? lib[s1].classes : rule->nb[s1], pl ? lib[s1].n : rule->nb_len[s1],
                            dl[a].bidi_class, x, n, dl[b].bidi_class,
                            pl ? lib[s2].classes : rule->nb[s2], pl ? lib[s2].n : rule->nb_len[s2],
                            dir, nc == 4 ? ctl[k] : 0, (uint8_t)pl};
                        unsigned br = 0;
                        if (ibidi_rfc5893_run(&c, &br, NULL, NULL) != IBIDI_OK)
                            return 0x80;
                        got |= br;
                        if (got == 3 || (pl && (got & IBIDI_RFC5893_BROKEN_GROUPED)))
                            return got;
                    }
    return got;
}

typedef struct tally {
    unsigned long long labels[MAXN], grouped[MAXN], literal[MAXN];
} tally;

/* Every label up to max in placement pl (0: the rule's contexts, both readings). */
static void enumerate(const ibidi_rfc5893_alphabet *al, unsigned max, int pl, ibidi_dir dir,
                      const ctxset *rule, tally *t)
{
    memset(t, 0, sizeof *t);
    for (unsigned n = 1; n <= max; n++) {
        size_t idx[MAXN] = {0};
        uint8_t c[MAXN];
        for (;;) {
            for (unsigned i = 0; i < n; i++)
                c[i] = al->classes[idx[i]];
            if (legal(c, n)) {
                const unsigned br = breaks(c, n, pl, dir, rule);
                CHECK(br != 0x80, "run failed");
                t->labels[n - 1]++;
                t->grouped[n - 1] += (br & IBIDI_RFC5893_BROKEN_GROUPED) != 0;
                t->literal[n - 1] += (br & IBIDI_RFC5893_BROKEN_LITERAL) != 0;
            }
            unsigned i = n;
            while (i > 0 && ++idx[i - 1] == al->n_classes)
                idx[--i] = 0;
            if (i == 0)
                break;
        }
    }
}

static void compare(const ibidi_rfc5893_proof *p, const unsigned long long *labels,
                    const unsigned long long *broken, unsigned max, const char *what, int d)
{
    unsigned first = 0;
    for (unsigned n = 1; n <= max; n++) {
        CHECK(p->labels[n - 1] == labels[n - 1], "%s dir %d length %u: labels %llu, enumerated %llu",
              what, d, n, p->labels[n - 1], labels[n - 1]);
        CHECK(p->broken[n - 1] == broken[n - 1],
              "%s dir %d length %u: broken %llu, enumerated %llu", what, d, n,
              p->broken[n - 1], broken[n - 1]);
        if (!first && broken[n - 1])
            first = n;
    }
    if (first)
        CHECK(p->shortest == first, "%s dir %d: shortest %u, enumerated %u", what, d,
              p->shortest, first);
    else
        CHECK(p->shortest == 0 || p->shortest > max, "%s dir %d: shortest %u, none enumerated",
              what, d, p->shortest);
    CHECK(p->holds == (p->shortest == 0), "%s dir %d: holds agrees with shortest", what, d);
}

/* The example the prover gives breaks the claim when run again. */
static void rerun(const ibidi_rfc5893_proof *p, unsigned claim)
{
    if (p->holds)
        return;
    const ibidi_rfc5893_verify_example *e = &p->example;
    const ibidi_rfc5893_verify_context *c = &e->context;
    size_t nd;
    const ibidi_rfc5893_delimiter *dl = ibidi_rfc5893_delimiters(&nd);
    uint8_t d1 = 0, d2 = 0;
    for (size_t k = 0; k < nd; k++) {
        if (dl[k].cp == c->d1)
            d1 = dl[k].bidi_class;
        if (dl[k].cp == c->d2)
            d2 = dl[k].bidi_class;
    }
    const ibidi_rfc5893_case k = {c->s1.classes, c->s1.n, d1, e->x.classes, e->x.n, d2,
                                  c->s2.classes, c->s2.n, c->dir, c->control, c->placement};
    unsigned br = 0;
    CHECK(ibidi_rfc5893_run(&k, &br, NULL, NULL) == IBIDI_OK, "example runs");
    CHECK(br & (claim == IBIDI_RFC5893_CLAIM_LITERAL ? IBIDI_RFC5893_BROKEN_LITERAL
                                                      : IBIDI_RFC5893_BROKEN_GROUPED),
          "the example breaks the claim");
    CHECK(e->x.n == p->shortest, "the example is of the shortest length");
}

static void test_errors(void *w, size_t ws)
{
    ibidi_rfc5893_proof r;
    ibidi_error e;
    ibidi_rfc5893_proof_options o = {IBIDI_RFC5893_CLAIMS, 0, IBIDI_DIR_LTR};
    CHECK(ibidi_rfc5893_prove(&o, w, ws, &r, &e) == IBIDI_E_INVALID_ARGUMENT, "unknown claim");
    o.claim = IBIDI_RFC5893_CLAIM_CONTROLS;
    CHECK(ibidi_rfc5893_prove(&o, w, ws, &r, &e) == IBIDI_E_INVALID_ARGUMENT, "placement 0");
    o.placement = IBIDI_RFC5893_PLACEMENTS;
    CHECK(ibidi_rfc5893_prove(&o, w, ws, &r, &e) == IBIDI_E_INVALID_ARGUMENT, "placement 9");
    o = (ibidi_rfc5893_proof_options){0, 0, IBIDI_DIR_AUTO};
    CHECK(ibidi_rfc5893_prove(&o, w, ws, &r, &e) == IBIDI_E_INVALID_ARGUMENT, "direction");
    o.dir = IBIDI_DIR_LTR;
    CHECK(ibidi_rfc5893_prove(&o, w, ws - 1, &r, &e) == IBIDI_E_BUFFER_TOO_SMALL &&
              e.value == ws,
          "work too small");
    CHECK(ibidi_rfc5893_prove(NULL, w, ws, &r, &e) == IBIDI_E_INVALID_ARGUMENT, "no options");
    CHECK(ibidi_rfc5893_prove(&o, NULL, ws, &r, &e) == IBIDI_E_INVALID_ARGUMENT, "no work");
    CHECK(ibidi_rfc5893_prove(&o, w, ws, NULL, &e) == IBIDI_E_INVALID_ARGUMENT, "no result");
}

int main(int argc, char **argv)
{
    const unsigned max = argc > 1 ? (unsigned)atoi(argv[1]) : 5;
    const unsigned max_ctl = argc > 2 ? (unsigned)atoi(argv[2]) : 4;
    const size_t ws = ibidi_rfc5893_prove_work_size();
    void *w = malloc(ws);
    ibidi_rfc5893_proof *p = malloc(sizeof *p);
    ibidi_rfc5893_alphabet al;
    ctxset rule;
    tally t;
    if (!w || !p || ibidi_rfc5893_label_alphabet(&al, NULL) != IBIDI_OK || max < 1 || max > MAXN ||
        max_ctl > MAXN) {
        CHECK(0, "set up");
        return t_summary();
    }
    rule_neighbours(&al, &rule);
    test_errors(w, ws);
    for (int d = 0; d < 2; d++) {
        const ibidi_dir dir = d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
        enumerate(&al, max, 0, dir, &rule, &t);
        for (unsigned claim = 0; claim < 2; claim++) {
            const ibidi_rfc5893_proof_options o = {claim, 0, dir};
            CHECK(ibidi_rfc5893_prove(&o, w, ws, p, NULL) == IBIDI_OK, "prove %u %d", claim, d);
            compare(p, t.labels, claim ? t.literal : t.grouped, max,
                    claim ? "literal" : "grouping", d);
            rerun(p, claim);
        }
        for (int pl = 1; pl < IBIDI_RFC5893_PLACEMENTS && max_ctl > 0; pl++) {
            enumerate(&al, max_ctl, pl, dir, &rule, &t);
            const ibidi_rfc5893_proof_options o = {IBIDI_RFC5893_CLAIM_CONTROLS, (unsigned)pl, dir};
            CHECK(ibidi_rfc5893_prove(&o, w, ws, p, NULL) == IBIDI_OK, "prove controls %d", pl);
            char what[32];
            snprintf(what, sizeof what, "controls %s", ibidi_rfc5893_placement_name(pl));
            compare(p, t.labels, t.grouped, max_ctl, what, d);
            rerun(p, IBIDI_RFC5893_CLAIM_CONTROLS);
        }
    }
    /* The verifier's rule space counts the same labels. */
    ibidi_rfc5893_verify_result *v = malloc(sizeof *v);
    const unsigned vn = max < 3 ? max : 3;
    const ibidi_rfc5893_verify_options vo = {vn, 0, 1, IBIDI_RFC5893_VERIFY_RULE};
    const ibidi_rfc5893_proof_options go = {IBIDI_RFC5893_CLAIM_GROUPING, 0, IBIDI_DIR_LTR};
    if (CHECK(v && ibidi_rfc5893_verify(&vo, NULL, NULL, v, NULL) == IBIDI_OK, "verify") &&
        CHECK(ibidi_rfc5893_prove(&go, w, ws, p, NULL) == IBIDI_OK, "prove"))
        for (unsigned n = 1; n <= vn; n++)
            CHECK(v->space[IBIDI_RFC5893_SPACE_RULE].length[n - 1].labels == p->labels[n - 1],
                  "verifier labels of length %u", n);
    free(v);
    free(p);
    free(w);
    return t_summary();
}
