/*
 * The RFC 5893 prover (ibidi_rfc5893_prove, include/ibidi/rfc5893.h) against the
 * enumeration: for every claim and paragraph direction, every class string up to a length
 * that passes the rule (ibidi_rfc5893_conditions and the hyphen rule) is run through
 * ibidi_rfc5893_run in every context of the claim, and the labels and the labels that
 * break the claim, length by length, must be the automaton's counts; the shortest
 * counterexample must be the first length with one, and the prover's example must break
 * the claim when run again. The labels of each length are also those the verifier
 * (ibidi_rfc5893_verify, its rule space) counts. Label Uniqueness: the pairs of labels of
 * each length shown alike alone (ibidi_rfc5893_run's display, as rendered and by code
 * points) must be the pair automaton's counts, its pair must show alike, and, to length 3,
 * the verifier's pairs x contexts in whole lines must be those pairs in every context.
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
/* Calls fn with every class string of length n that passes the rule, in class order. */
static void each_legal(const ibidi_rfc5893_alphabet *al, unsigned n,
                       void (*fn)(const uint8_t *c, unsigned n, void *ctx), void *ctx)
{
    size_t idx[MAXN] = {0};
    uint8_t c[MAXN];
    for (;;) {
        for (unsigned i = 0; i < n; i++)
            c[i] = al->classes[idx[i]];
        if (legal(c, n))
            fn(c, n, ctx);
        unsigned i = n;
        while (i > 0 && ++idx[i - 1] == al->n_classes)
            idx[--i] = 0;
        if (i == 0)
            break;
    }
}

typedef struct tally_ctx {
    int pl;
    ibidi_dir dir;
    const ctxset *rule;
    tally *t;
} tally_ctx;

static void tally_one(const uint8_t *c, unsigned n, void *ctx)
{
    tally_ctx *x = ctx;
    const unsigned br = breaks(c, n, x->pl, x->dir, x->rule);
    CHECK(br != 0x80, "run failed");
    x->t->labels[n - 1]++;
    x->t->grouped[n - 1] += (br & IBIDI_RFC5893_BROKEN_GROUPED) != 0;
    x->t->literal[n - 1] += (br & IBIDI_RFC5893_BROKEN_LITERAL) != 0;
}

static void enumerate(const ibidi_rfc5893_alphabet *al, unsigned max, int pl, ibidi_dir dir,
                      const ctxset *rule, tally *t)
{
    memset(t, 0, sizeof *t);
    tally_ctx x = {pl, dir, rule, t};
    for (unsigned n = 1; n <= max; n++)
        each_legal(al, n, tally_one, &x);
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

/* ---- Label Uniqueness: labels shown alike alone, enumerated ---------------------------- */

typedef struct shown_label {
    uint8_t key[2 * MAXN + 4];
    size_t len;
} shown_label;

static int cmp_shown(const void *a, const void *b)
{
    const shown_label *x = a, *y = b;
    if (x->len != y->len)
        return x->len < y->len ? -1 : 1;
    return memcmp(x->key, y->key, x->len);
}

typedef struct shown_set {
    shown_label *v;
    size_t n, cap;
    ibidi_dir dir;
    int by_clusters;
} shown_set;

/* The display of a label alone between full stops, kept in the set. */
static void show_one(const uint8_t *c, unsigned n, void *ctx)
{
    shown_set *s = ctx;
    const ibidi_rfc5893_case k = {NULL, 0, IBIDI_UNICODE_BC_CS, c, n,
                                  IBIDI_UNICODE_BC_CS, NULL, 0, s->dir, 0, 0};
    ibidi_rfc5893_display d;
    CHECK(ibidi_rfc5893_run(&k, NULL, &d, NULL) == IBIDI_OK, "display runs");
    if (s->n == s->cap)
        s->v = realloc(s->v, (s->cap *= 2) * sizeof *s->v);
    shown_label *o = &s->v[s->n++];
    o->len = s->by_clusters ? d.clusters_len : d.len;
    if (o->len > sizeof o->key)
        o->len = sizeof o->key;
    memcpy(o->key, s->by_clusters ? d.clusters : d.key, o->len);
}

/* Unordered pairs of labels of each length that pass the rule and show alike alone between
 * full stops (as rendered, or code point by code point). */
static void alike_alone(const ibidi_rfc5893_alphabet *al, unsigned max, ibidi_dir dir,
                        int by_clusters, unsigned long long *pairs)
{
    memset(pairs, 0, MAXN * sizeof *pairs);
    for (unsigned n = 1; n <= max; n++) {
        shown_set set = {malloc(1024 * sizeof(shown_label)), 0, 1024, dir, by_clusters};
        each_legal(al, n, show_one, &set);
        shown_label *v = set.v;
        const size_t cnt = set.n;
        qsort(v, cnt, sizeof *v, cmp_shown);
        for (size_t a = 0; a < cnt;) {
            size_t b = a + 1;
            while (b < cnt && cmp_shown(&v[a], &v[b]) == 0)
                b++;
            pairs[n - 1] += (unsigned long long)(b - a) * (b - a - 1) / 2;
            a = b;
        }
        free(v);
    }
}

/* The pair automaton against the enumeration; its pair shows alike on the library's UBA. */
static void compare_unique(const ibidi_rfc5893_proof *p, const unsigned long long *pairs,
                           const unsigned long long *labels, unsigned max, int by_clusters,
                           int d)
{
    const char *what = by_clusters ? "uniqueness" : "code points";
    unsigned first = 0;
    CHECK(p->undecided == 0, "%s dir %d: decided", what, d);
    for (unsigned n = 1; n <= max; n++) {
        CHECK(p->labels[n - 1] == labels[n - 1],
              "%s dir %d length %u: labels read with themselves %llu, enumerated %llu", what,
              d, n, p->labels[n - 1], labels[n - 1]);
        CHECK(p->pairs[n - 1] == pairs[n - 1], "%s dir %d length %u: pairs %llu, enumerated %llu",
              what, d, n, p->pairs[n - 1], pairs[n - 1]);
        if (!first && pairs[n - 1])
            first = n;
    }
    if (first)
        CHECK(p->shortest == first, "%s dir %d: shortest %u, enumerated %u", what, d,
              p->shortest, first);
    CHECK(p->holds == (p->shortest == 0), "%s dir %d: holds agrees with shortest", what, d);
    if (p->holds)
        return;
    const ibidi_rfc5893_verify_example *e = &p->example;
    CHECK(e->x.n == p->shortest && e->y.n == p->shortest &&
              memcmp(e->x.classes, e->y.classes, e->x.n) != 0 && legal(e->x.classes, e->x.n) &&
              legal(e->y.classes, e->y.n),
          "%s dir %d: two different labels that pass", what, d);
    ibidi_rfc5893_display dx, dy;
    const ibidi_dir dir = d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
    const ibidi_rfc5893_case kx = {NULL, 0, IBIDI_UNICODE_BC_CS, e->x.classes, e->x.n,
                                   IBIDI_UNICODE_BC_CS, NULL, 0, dir, 0, 0};
    ibidi_rfc5893_case ky = kx;
    ky.x = e->y.classes;
    CHECK(ibidi_rfc5893_run(&kx, NULL, &dx, NULL) == IBIDI_OK &&
              ibidi_rfc5893_run(&ky, NULL, &dy, NULL) == IBIDI_OK,
          "%s dir %d: the pair runs", what, d);
    const uint8_t *a = by_clusters ? dx.clusters : dx.key, *b = by_clusters ? dy.clusters : dy.key;
    const size_t la = by_clusters ? dx.clusters_len : dx.len;
    const size_t lb = by_clusters ? dy.clusters_len : dy.len;
    CHECK(p->confirmed && la == lb && memcmp(a, b, la) == 0, "%s dir %d: the pair shows alike",
          what, d);
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
    unsigned long long up[2][2][MAXN]; /* pairs alike alone: [as rendered][direction] */
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
        unsigned long long rule_labels[MAXN];
        memcpy(rule_labels, t.labels, sizeof rule_labels);
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
        for (int cl = 1; cl >= 0; cl--) {
            unsigned long long pairs[MAXN];
            alike_alone(&al, max, dir, cl, pairs);
            const ibidi_rfc5893_proof_options o = {
                cl ? IBIDI_RFC5893_CLAIM_UNIQUENESS : IBIDI_RFC5893_CLAIM_CODE_POINTS, 0, dir};
            CHECK(ibidi_rfc5893_prove(&o, w, ws, p, NULL) == IBIDI_OK, "prove uniqueness %d %d",
                  cl, d);
            compare_unique(p, pairs, rule_labels, max, cl, d);
            memcpy(up[cl][d], p->pairs, sizeof up[cl][d]);
        }
    }
    /* The verifier's rule space counts the same labels; its pairs alike in the whole line
     * are the pairs alike alone, in every context (checked to its length). */
    ibidi_rfc5893_verify_result *v = malloc(sizeof *v);
    const unsigned vn = max < 3 ? max : 3;
    const ibidi_rfc5893_verify_options vo = {vn, 0, 1, IBIDI_RFC5893_VERIFY_RULE};
    const ibidi_rfc5893_proof_options go = {IBIDI_RFC5893_CLAIM_GROUPING, 0, IBIDI_DIR_LTR};
    if (CHECK(v && ibidi_rfc5893_verify(&vo, NULL, NULL, v, NULL) == IBIDI_OK, "verify") &&
        CHECK(ibidi_rfc5893_prove(&go, w, ws, p, NULL) == IBIDI_OK, "prove"))
        for (unsigned n = 1; n <= vn; n++) {
            const ibidi_rfc5893_verify_space_result *sp = &v->space[IBIDI_RFC5893_SPACE_RULE];
            const ibidi_rfc5893_verify_figures *f = &sp->length[n - 1];
            const unsigned long long per_dir = sp->contexts / 2;
            CHECK(f->labels == p->labels[n - 1], "verifier labels of length %u", n);
            CHECK(f->uniqueness_cases == (up[1][0][n - 1] + up[1][1][n - 1]) * per_dir,
                  "verifier pairs as rendered of length %u: %llu", n, f->uniqueness_cases);
            CHECK(f->code_point_cases == (up[0][0][n - 1] + up[0][1][n - 1]) * per_dir,
                  "verifier pairs by code points of length %u: %llu, alone %llu + %llu", n,
                  f->code_point_cases, up[0][0][n - 1], up[0][1][n - 1]);
        }
    free(v);
    free(p);
    free(w);
    return t_summary();
}
