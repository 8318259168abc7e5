/*
 * The RFC 5893 verifier (ibidi_rfc5893_verify, include/ibidi/rfc5893.h): the alphabet
 * against facts of RFC 5892 and the UCD; the figures of small lengths against brute force
 * written here (the labels, the contexts, every case of both readings and both kinds of
 * uniqueness compared pair by pair); every example reproduced through ibidi_rfc5893_run;
 * the searches, RFC 3454 beside RFC 5893, Badami's names, BN; the shards of a run merged
 * in any order give the result of one shard; the options and the merge refuse what they
 * should; the events match the figures, and a callback stops the run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/rfc5893.h"
#include "../fuzz/rfc5893_example.h"
#include "testlib.h"

typedef ibidi_rfc5893_verify_result vresult;
typedef ibidi_rfc5893_verify_example vexample;
typedef ibidi_rfc5893_verify_figures vfigures;
typedef ibidi_rfc5893_verify_label vlabel;

enum {
    L = IBIDI_UNICODE_BC_L,
    R = IBIDI_UNICODE_BC_R,
    AL = IBIDI_UNICODE_BC_AL,
    EN = IBIDI_UNICODE_BC_EN,
    ES = IBIDI_UNICODE_BC_ES,
    AN = IBIDI_UNICODE_BC_AN,
    CS = IBIDI_UNICODE_BC_CS,
    NSM = IBIDI_UNICODE_BC_NSM,
    BN = IBIDI_UNICODE_BC_BN,
    ON = IBIDI_UNICODE_BC_ON
};

/* The classes allowed in labels (Unicode 17.0), BN set aside. */
static const uint8_t ALPHA[] = {L, R, AL, EN, ES, AN, NSM, ON};
#define NA (sizeof ALPHA)

static vresult *run(unsigned max_length, unsigned shard, unsigned shards, unsigned parts)
{
    vresult *r = malloc(sizeof *r);
    const ibidi_rfc5893_verify_options o = {max_length, shard, shards, parts};
    ibidi_error err;
    if (!r || ibidi_rfc5893_verify(&o, NULL, NULL, r, &err) != IBIDI_OK) {
        CHECK(0, "verify %u shard %u/%u parts %#x failed", max_length, shard, shards, parts);
        free(r);
        return NULL;
    }
    return r;
}

/* ---- Brute force, written apart from the library's own loops ----------------------------- */

/* RFC 5891 §4.2.3.1 and RFC 5893 §2. */
static int passes(const uint8_t *c, size_t n)
{
    if (n && (c[0] == ES || c[n - 1] == ES || (n >= 4 && c[2] == ES && c[3] == ES)))
        return 0;
    return ibidi_rfc5893_conditions(c, n, IBIDI_RFC5893_ALL_CONDITIONS) == 0;
}

/* The string of rank `rank` of length n over alphabet a (last position fastest). */
static void nth_string(const uint8_t *a, size_t na, size_t n, unsigned long rank, uint8_t *c)
{
    for (size_t i = n; i-- > 0; rank /= na)
        c[i] = a[rank % na];
}

static unsigned long power(unsigned long b, unsigned e)
{
    unsigned long p = 1;
    while (e--)
        p *= b;
    return p;
}

/* The labels of length n that pass, in class order. */
static size_t passing(size_t n, vlabel *out, size_t cap)
{
    size_t k = 0;
    for (unsigned long i = 0; i < power(NA, (unsigned)n); i++) {
        vlabel l;
        memset(&l, 0, sizeof l);
        l.n = (uint8_t)n;
        nth_string(ALPHA, NA, n, i, l.classes);
        if (passes(l.classes, n)) {
            if (k < cap)
                out[k] = l;
            k++;
        }
    }
    return k;
}

/* The case of label x in context index t of the rule's space (direction, D1, D2, S1, S2;
 * no control). */
static ibidi_rfc5893_case rule_case(const vlabel *x, size_t t, const vlabel *nb, size_t n_nb)
{
    const ibidi_rfc5893_delimiter *dl = ibidi_rfc5893_delimiters(NULL);
    const size_t s2 = t % n_nb, s1 = t / n_nb % n_nb, b = t / n_nb / n_nb % 3,
                 a = t / n_nb / n_nb / 3 % 3, d = t / n_nb / n_nb / 9;
    const ibidi_rfc5893_case c = {nb[s1].classes, nb[s1].n, dl[a].bidi_class, x->classes, x->n,
                                  dl[b].bidi_class, nb[s2].classes, nb[s2].n,
                                  d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, 0, 0};
    return c;
}


static int same_display(const ibidi_rfc5893_display *a, const ibidi_rfc5893_display *b, int clusters)
{
    if (clusters)
        return a->clusters_len == b->clusters_len &&
               memcmp(a->clusters, b->clusters, a->clusters_len) == 0;
    return a->len == b->len && memcmp(a->key, b->key, a->len) == 0;
}

/* kind: 0 grouping, 1 literal, 2 uniqueness, 3 code points. */
static void check_example(const vexample *e, int kind, const char *where)
{
    const ibidi_rfc5893_case cx = rfc5893_example_case(e, &e->x);
    ibidi_rfc5893_display dx, dy;
    unsigned broken = 0;
    CHECK(ibidi_rfc5893_run(&cx, &broken, &dx, NULL) == IBIDI_OK, "%s: the example runs", where);
    CHECK(dx.len == e->shown_len && memcmp(dx.key, e->shown, dx.len) == 0,
          "%s: shown is the display", where);
    if (kind == 0)
        CHECK(broken & IBIDI_RFC5893_BROKEN_GROUPED, "%s: breaks the grouped reading", where);
    if (kind == 1)
        CHECK(broken & IBIDI_RFC5893_BROKEN_LITERAL, "%s: breaks the literal reading", where);
    if (kind >= 2) {
        const ibidi_rfc5893_case cy = rfc5893_example_case(e, &e->y);
        CHECK(e->y.n == e->x.n && memcmp(e->x.classes, e->y.classes, e->x.n) < 0,
              "%s: a pair, x first", where);
        CHECK(ibidi_rfc5893_run(&cy, NULL, &dy, NULL) == IBIDI_OK &&
                  same_display(&dx, &dy, kind == 2),
              "%s: the pair displays alike", where);
    }
}

static void check_examples(const ibidi_rfc5893_verify_examples *ex, const char *where)
{
    const struct {
        const vexample *list;
        unsigned n;
        const char *name;
    } kinds[4] = {{ex->grouping, ex->n_grouping, "grouping"},
                  {ex->literal, ex->n_literal, "literal"},
                  {ex->uniqueness, ex->n_uniqueness, "uniqueness"},
                  {ex->code_points, ex->n_code_points, "code points"}};
    for (int kind = 0; kind < 4; kind++)
        for (unsigned k = 0; k < kinds[kind].n; k++) {
            char w[96];
            snprintf(w, sizeof w, "%s %s %u", where, kinds[kind].name, k);
            check_example(&kinds[kind].list[k], kind, w);
        }
}

/* Every example of a result reproduces. */
static void check_all_examples(const vresult *r)
{
    char w[64];
    for (unsigned n = 1; n <= r->max_length; n++) {
        snprintf(w, sizeof w, "rule length %u", n);
        check_examples(&r->rule_examples[n - 1], w);
    }
    for (int s = 1; s < IBIDI_RFC5893_SPACES; s++) {
        snprintf(w, sizeof w, "space %d", s);
        check_examples(&r->space[s].examples, w);
    }
}

/* ---- The alphabet --------------------------------------------------------------------- */

static void test_alphabet(void)
{
    ibidi_rfc5893_alphabet a;
    ibidi_error err;
    CHECK(ibidi_rfc5893_label_alphabet(NULL, &err) == IBIDI_E_INVALID_ARGUMENT &&
              err.status == IBIDI_E_INVALID_ARGUMENT, "alphabet: NULL");
    CHECK(ibidi_rfc5893_label_alphabet(&a, &err) == IBIDI_OK && err.status == IBIDI_OK,
          "alphabet");
    CHECK(a.n_classes == NA && memcmp(a.classes, ALPHA, NA) == 0,
          "classes allowed in labels: L R AL EN ES AN NSM ON (%zu)", a.n_classes);
    /* RFC 5892: HYPHEN-MINUS is the only ES; ZWNJ and ZWJ (CONTEXTJ) the only BN. */
    CHECK(a.count[ES] == 1 && a.example[ES] == 0x2D, "ES: HYPHEN-MINUS alone");
    CHECK(a.count[BN] == 2 && a.example[BN] == 0x200C, "BN: ZWNJ, ZWJ");
    CHECK(a.example[L] == 0x61 && a.example[R] == 0x5D0 && a.example[EN] == 0x30 &&
              a.example[AN] == 0x660 && a.example[NSM] == 0x300,
          "the first code point of each class");
    CHECK(a.count[IBIDI_UNICODE_BC_WS] == 0 && a.count[IBIDI_UNICODE_BC_CS] == 0 &&
              a.count[IBIDI_UNICODE_BC_LRE] == 0,
          "no space, separator or control in labels");
    CHECK(a.brackets == 0 && a.mirrored == 0, "no bracket or mirrored character in labels");
}

/* ---- Options and merging -------------------------------------------------------------- */

static void test_options(void)
{
    static const struct {
        ibidi_rfc5893_verify_options o;
        uint32_t value;
    } bad[] = {
        {{13, 0, 0, 0}, 13},
        {{0, 0, IBIDI_RFC5893_VERIFY_MAX_SHARDS + 1, 0}, IBIDI_RFC5893_VERIFY_MAX_SHARDS + 1},
        {{0, 2, 2, 0}, 2},
        {{0, 1, 0, 0}, 1},
        {{0, 0, 0, 0x80}, 0x80},
    };
    vresult *r = malloc(sizeof *r);
    if (!r)
        return;
    ibidi_error err;
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        memset(r, 0xAB, sizeof *r);
        CHECK(ibidi_rfc5893_verify(&bad[k].o, NULL, NULL, r, &err) == IBIDI_E_INVALID_ARGUMENT &&
                  err.value == bad[k].value && r->n_merged == 0,
              "options %zu refused with the value (%u) and a cleared result", k, err.value);
    }
    CHECK(ibidi_rfc5893_verify(NULL, NULL, NULL, NULL, &err) == IBIDI_E_INVALID_ARGUMENT,
          "no result");
    /* Zero options are the defaults: labels up to 6, one shard; only BN asked here. */
    const ibidi_rfc5893_verify_options bn = {0, 0, 0, IBIDI_RFC5893_VERIFY_BN};
    CHECK(ibidi_rfc5893_verify(&bn, NULL, NULL, r, &err) == IBIDI_OK && r->max_length == 6 &&
              r->shards == 1 && r->n_merged == 1 && r->parts == IBIDI_RFC5893_VERIFY_BN,
          "defaults");
    /* BN: the labels with BN up to 4 that pass, counted here. */
    static const uint8_t with_bn[] = {L, R, AL, EN, ES, AN, NSM, ON, BN};
    unsigned long long checked = 0;
    for (unsigned n = 2; n <= 4; n++)
        for (unsigned long i = 0; i < power(sizeof with_bn, n); i++) {
            uint8_t c[4];
            nth_string(with_bn, sizeof with_bn, n, i, c);
            checked += memchr(c, BN, n) != NULL && passes(c, n);
        }
    CHECK(r->bn.max_length == 4 && r->bn.checked == checked && r->bn.differ == 0,
          "BN: %llu labels checked (%llu by brute force), none differs", r->bn.checked, checked);
    CHECK(r->space[IBIDI_RFC5893_SPACE_RULE].max_length == 0 && r->uba_runs == 0,
          "parts not asked are not run");
    free(r);
}

static void test_merge_errors(void)
{
    vresult *a = run(1, 0, 2, IBIDI_RFC5893_VERIFY_RULE), *b = run(1, 1, 2, IBIDI_RFC5893_VERIFY_RULE),
            *c = run(2, 1, 2, IBIDI_RFC5893_VERIFY_RULE), *into = calloc(1, sizeof *into),
            *empty = calloc(1, sizeof *empty);
    if (!a || !b || !c || !into || !empty)
        goto out;
    ibidi_error err;
    CHECK(ibidi_rfc5893_verify_merge(NULL, a, &err) == IBIDI_E_INVALID_ARGUMENT, "merge: NULL into");
    CHECK(ibidi_rfc5893_verify_merge(into, NULL, &err) == IBIDI_E_INVALID_ARGUMENT, "merge: NULL");
    CHECK(ibidi_rfc5893_verify_merge(into, empty, &err) == IBIDI_E_INVALID_ARGUMENT,
          "merge: a shard that holds nothing");
    CHECK(ibidi_rfc5893_verify_merge(into, a, &err) == IBIDI_OK && into->n_merged == 1,
          "merge: a zeroed result takes the shard");
    CHECK(ibidi_rfc5893_verify_merge(into, a, &err) == IBIDI_E_INVALID_ARGUMENT,
          "merge: the same shard twice");
    CHECK(ibidi_rfc5893_verify_merge(into, c, &err) == IBIDI_E_INVALID_ARGUMENT,
          "merge: another run");
    CHECK(ibidi_rfc5893_verify_merge(into, b, &err) == IBIDI_OK && into->n_merged == 2 &&
              into->merged[0] == 3,
          "merge: the other shard");
out:
    free(a);
    free(b);
    free(c);
    free(into);
    free(empty);
}

/* ---- The rule's space by brute force -------------------------------------------------- */

#define MAXL 91 /* labels that pass, lengths 1..3: 3 + 13 + 75 */

/* First context breaking each reading per label, and the pairs with their first context. */
typedef struct brute {
    vfigures f;
    size_t first_lit[MAXL];
    size_t first_pair[MAXL][MAXL]; /* code points; (size_t)-1: never */
} brute;

static void brute_length(size_t n, const vlabel *nb, size_t n_nb, brute *b)
{
    vlabel x[MAXL];
    const size_t nx = passing(n, x, MAXL), n_ctx = 2 * 9 * n_nb * n_nb;
    ibidi_rfc5893_display *d = malloc((nx + 1) * sizeof *d);
    uint8_t *in_cp = calloc(nx + 1, 1), *in_cl = calloc(nx + 1, 1), *lit = calloc(nx + 1, 1);
    memset(&b->f, 0, sizeof b->f);
    memset(b->first_pair, 0xFF, sizeof b->first_pair);
    memset(b->first_lit, 0xFF, sizeof b->first_lit);
    if (!d || !in_cp || !in_cl || !lit)
        goto out;
    b->f.strings = power(NA, (unsigned)n);
    b->f.labels = nx;
    for (size_t t = 0; t < n_ctx; t++) {
        for (size_t i = 0; i < nx; i++) {
            const ibidi_rfc5893_case c = rule_case(&x[i], t, nb, n_nb);
            unsigned broken = 0;
            ibidi_rfc5893_run(&c, &broken, &d[i], NULL);
            b->f.runs++;
            b->f.grouping_cases += (broken & IBIDI_RFC5893_BROKEN_GROUPED) != 0;
            if (broken & IBIDI_RFC5893_BROKEN_LITERAL) {
                b->f.literal_cases++;
                if (!lit[i])
                    b->first_lit[i] = t;
                lit[i] = 1;
            }
        }
        for (size_t i = 0; i < nx; i++)
            for (size_t j = i + 1; j < nx; j++) {
                if (same_display(&d[i], &d[j], 0)) {
                    b->f.code_point_cases++;
                    in_cp[i] = in_cp[j] = 1;
                    if (b->first_pair[i][j] == (size_t)-1)
                        b->first_pair[i][j] = t;
                }
                if (same_display(&d[i], &d[j], 1)) {
                    b->f.uniqueness_cases++;
                    in_cl[i] = in_cl[j] = 1;
                }
            }
    }
    for (size_t i = 0; i < nx; i++) {
        b->f.literal_labels += lit[i];
        b->f.code_point_labels += in_cp[i];
        b->f.uniqueness_labels += in_cl[i];
    }
out:
    free(d);
    free(in_cp);
    free(in_cl);
    free(lit);
}

static void test_rule_space(void)
{
    vresult *r = run(3, 0, 1, IBIDI_RFC5893_VERIFY_RULE);
    if (!r)
        return;
    const ibidi_rfc5893_verify_space_result *sr = &r->space[IBIDI_RFC5893_SPACE_RULE];
    /* The neighbours: the empty label and every label of 1 or 2 characters that passes. */
    vlabel nb[32];
    memset(nb, 0, sizeof nb);
    size_t n_nb = 1;
    n_nb += passing(1, nb + n_nb, 31);
    n_nb += passing(2, nb + n_nb, 32 - n_nb);
    CHECK(sr->max_length == 3 && sr->shortest == 0, "rule: lengths 1..3, no search");
    CHECK(sr->neighbours == n_nb && n_nb == 17, "rule: %llu neighbours (17)", sr->neighbours);
    CHECK(sr->contexts == 2 * 9 * n_nb * n_nb, "rule: %llu contexts", sr->contexts);
    brute *b = malloc(sizeof *b);
    for (size_t n = 1; n <= 3 && b; n++) {
        brute_length(n, nb, n_nb, b);
        const vfigures *f = &sr->length[n - 1], *g = &b->f;
        CHECK(f->strings == g->strings && f->labels == g->labels && f->runs == g->runs,
              "rule length %zu: %llu strings, %llu labels, %llu runs (%llu, %llu, %llu)", n,
              f->strings, f->labels, f->runs, g->strings, g->labels, g->runs);
        CHECK(f->grouping_cases == 0 && g->grouping_cases == 0 && f->grouping_labels == 0,
              "rule length %zu: the grouped reading holds", n);
        CHECK(f->literal_cases == g->literal_cases && f->literal_labels == g->literal_labels,
              "rule length %zu: literal %llu cases, %llu labels (%llu, %llu)", n,
              f->literal_cases, f->literal_labels, g->literal_cases, g->literal_labels);
        CHECK(f->code_point_cases == g->code_point_cases &&
                  f->code_point_labels == g->code_point_labels,
              "rule length %zu: code points %llu pairs x contexts, %llu labels (%llu, %llu)", n,
              f->code_point_cases, f->code_point_labels, g->code_point_cases,
              g->code_point_labels);
        CHECK(f->uniqueness_cases == g->uniqueness_cases && f->uniqueness_cases == 0 &&
                  f->uniqueness_labels == 0,
              "rule length %zu: unique as rendered", n);
        /* The examples: the first labels (pairs) in class order, each its first context. */
        vlabel x[MAXL];
        const size_t nx = passing(n, x, MAXL);
        const ibidi_rfc5893_verify_examples *ex = &r->rule_examples[n - 1];
        unsigned k = 0;
        for (size_t i = 0; i < nx && k < IBIDI_RFC5893_VERIFY_EXAMPLES; i++)
            if (b->first_lit[i] != (size_t)-1) {
                CHECK(k < ex->n_literal && memcmp(&ex->literal[k].x, &x[i], sizeof x[i]) == 0 &&
                          ex->literal[k].context.index == b->first_lit[i],
                      "rule length %zu: literal example %u", n, k);
                k++;
            }
        CHECK(ex->n_literal == k, "rule length %zu: %u literal examples", n, k);
        k = 0;
        for (size_t i = 0; i < nx; i++)
            for (size_t j = i + 1; j < nx && k < IBIDI_RFC5893_VERIFY_EXAMPLES; j++)
                if (b->first_pair[i][j] != (size_t)-1) {
                    const vexample *e = &ex->code_points[k];
                    CHECK(k < ex->n_code_points && memcmp(&e->x, &x[i], sizeof x[i]) == 0 &&
                              memcmp(&e->y, &x[j], sizeof x[j]) == 0 &&
                              e->context.index == b->first_pair[i][j],
                          "rule length %zu: code point pair %u", n, k);
                    k++;
                }
        CHECK(ex->n_code_points == k && ex->n_grouping == 0 && ex->n_uniqueness == 0,
              "rule length %zu: %u code point pairs, no counterexample", n, k);
    }
    CHECK(r->holds == 1, "rule holds up to 3");
    unsigned long long runs = 0;
    for (int n = 0; n < IBIDI_RFC5893_VERIFY_MAX_LENGTH; n++)
        runs += sr->length[n].runs;
    CHECK(r->uba_runs == runs && runs == 473382, "rule: %llu runs in all", r->uba_runs);
    check_all_examples(r);
    free(b);
    free(r);
}

/* ---- The searches, RFC 3454, the controls --------------------------------------------- */

static void test_searches(void)
{
    vresult *r = run(3, 0, 1, IBIDI_RFC5893_VERIFY_ALL & ~(IBIDI_RFC5893_VERIFY_RULE |
                                                          IBIDI_RFC5893_VERIFY_BADAMI));
    if (!r)
        return;
    /* The shortest counterexamples the report quotes (tests/test_cli_verify.sh). */
    static const struct {
        int space;
        unsigned shortest, max_length;
    } want[] = {
        {IBIDI_RFC5893_SPACE_UNPROBLEMATIC, 1, 3},   {IBIDI_RFC5893_SPACE_NO_RTL, 1, 3},
        {IBIDI_RFC5893_SPACE_WITHOUT(1), 1, 3},      {IBIDI_RFC5893_SPACE_WITHOUT(2), 3, 3},
        {IBIDI_RFC5893_SPACE_WITHOUT(3), 1, 3},      {IBIDI_RFC5893_SPACE_WITHOUT(4), 0, 3},
        {IBIDI_RFC5893_SPACE_WITHOUT(5), 3, 3},      {IBIDI_RFC5893_SPACE_WITHOUT(6), 1, 3},
        {IBIDI_RFC5893_SPACE_RFC3454, 1, 3},
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        const ibidi_rfc5893_verify_space_result *sr = &r->space[want[k].space];
        CHECK(sr->shortest == want[k].shortest && sr->max_length == want[k].max_length,
              "space %d: shortest %u (%u)", want[k].space, sr->shortest, want[k].shortest);
        const unsigned last = sr->shortest ? sr->shortest : sr->max_length;
        for (unsigned n = 1; n <= IBIDI_RFC5893_VERIFY_MAX_LENGTH; n++) {
            const vfigures *f = &sr->length[n - 1];
            if (n > last) {
                CHECK(f->strings == 0 && f->runs == 0, "space %d: nothing beyond %u", want[k].space, last);
                continue;
            }
            CHECK(f->runs == f->labels * sr->contexts && f->strings == power(NA, n),
                  "space %d length %u: every label in every context", want[k].space, n);
            CHECK((n < last || !sr->shortest) == (f->grouping_cases + f->uniqueness_cases == 0),
                  "space %d length %u: a counterexample only at the shortest", want[k].space, n);
        }
        if (sr->shortest)
            CHECK(sr->examples.n_grouping + sr->examples.n_uniqueness > 0,
                  "space %d: an example", want[k].space);
    }
    /* A weaker rule's examples say which label breaks the full rule. */
    const vexample *c3 = &r->space[IBIDI_RFC5893_SPACE_WITHOUT(3)].examples.grouping[0];
    CHECK(c3->outside == IBIDI_RFC5893_OUTSIDE_S2 && c3->context.s2.n == 2,
          "without condition 3: the neighbour breaks the rule (R ON)");
    /* The controls: only "middle" breaks, always with a SPACE ending the line. */
    for (int pl = 1; pl < IBIDI_RFC5893_PLACEMENTS; pl++) {
        const ibidi_rfc5893_verify_space_result *sr = &r->space[IBIDI_RFC5893_SPACE_CONTROL(pl)];
        const ibidi_rfc5893_verify_placement_why *y = &r->controls_why[pl];
        CHECK(sr->neighbours == 9 && sr->max_length == 3, "controls %d: the library's table", pl);
        CHECK((sr->shortest == 1) == (pl == IBIDI_RFC5893_PLACE_MIDDLE),
              "controls %d: shortest %u", pl, sr->shortest);
        if (pl != IBIDI_RFC5893_PLACE_MIDDLE) {
            CHECK(y->cases == 0, "controls %d: nothing to explain", pl);
            continue;
        }
        CHECK(y->labels == MAXL && y->labels_broken == MAXL && y->cases == MAXL * 2 * 4 * 9 * 81,
              "middle: %llu labels, all broken, %llu cases", y->labels, y->cases);
        CHECK(y->broken > 0 && y->at_line_end == y->broken, "middle: always D2 = SPACE at the end");
    }
    /* RFC 3454 beside RFC 5893, counted here. */
    unsigned long long only5893 = 0, only3454 = 0, nsm = 0, num = 0;
    for (unsigned n = 1; n <= 3; n++)
        for (unsigned long i = 0; i < power(NA, n); i++) {
            uint8_t c[3];
            nth_string(ALPHA, NA, n, i, c);
            if (c[0] == ES || c[n - 1] == ES)
                continue;
            const int a = passes(c, n), b = ibidi_rfc5893_rfc3454_rule_ok(c, n);
            only5893 += a && !b;
            only3454 += b && !a;
            nsm += a && !b && c[n - 1] == NSM;
            num += a && !b && (c[n - 1] == EN || c[n - 1] == AN);
        }
    const ibidi_rfc5893_verify_rfc3454 *c = &r->rfc3454;
    CHECK(c->only_rfc5893 == only5893 && c->only_rfc3454 == only3454 &&
              c->only_rfc5893_nsm == nsm && c->only_rfc5893_number == num,
          "RFC 3454 beside RFC 5893: %llu/%llu/%llu/%llu", c->only_rfc5893, c->only_rfc3454,
          c->only_rfc5893_nsm, c->only_rfc5893_number);
    /* RFC 5893 §4: both rules reject 5 ALEF; only RFC 5893 takes the three others. */
    for (int k = 0; k < 4; k++)
        CHECK(c->accepted_rfc3454[k] == 0 && c->accepted_rfc5893[k] == (k < 3),
              "§4 example %d", k);
    const uint8_t fs = IBIDI_RFC5893_DELIM_KEY + CS, alef5[] = {fs, EN, R, fs};
    CHECK(c->section4[2].shown_len == 4 && memcmp(c->section4[2].shown, alef5, 4) == 0 &&
              c->section4[3].shown_len == 4 && memcmp(c->section4[3].shown, alef5, 4) == 0,
          "§4.3: ALEF 5 and 5 ALEF both show . 5 ALEF .");
    check_all_examples(r);
    free(r);
}

/* ---- Badami --------------------------------------------------------------------------- */

/* Names of 1-3 labels up to 3 characters under RFC 3454, counted here. */
static unsigned long long names_3454(unsigned max)
{
    static const uint8_t al[] = {L, R, AL, EN, ES, AN, NSM, ON, CS};
    unsigned long long k = 0;
    for (unsigned n = 1; n <= max; n++)
        for (unsigned long i = 0; i < power(sizeof al, n); i++) {
            uint8_t c[8];
            nth_string(al, sizeof al, n, i, c);
            int ok = 1;
            size_t s = 0;
            for (size_t j = 0; j <= n && ok; j++) {
                if (j < n && c[j] != CS)
                    continue;
                const size_t ln = j - s;
                ok = ln > 0 && c[s] != ES && c[j - 1] != ES &&
                     ibidi_rfc5893_rfc3454_rule_ok(c + s, ln);
                s = j + 1;
            }
            k += ok;
        }
    return k;
}

/* The classes of a name left to right in direction dir (names without NSM). */
static void visual(const vlabel *nm, ibidi_dir dir, uint8_t *out)
{
    uint8_t lv[16];
    size_t v2l[16];
    const ibidi_bidi_options o = {dir, 0, NULL, 0};
    ibidi_bidi_result r = {.levels = lv, .cap = 16};
    ibidi_bidi_resolve_classes(nm->classes, nm->n, &o, &r, NULL);
    ibidi_bidi_reorder(lv, nm->n, v2l, NULL, NULL);
    for (size_t v = 0; v < nm->n; v++)
        out[v] = nm->classes[v2l[v]];
}

static void test_badami(void)
{
    vresult *r = run(4, 0, 1, IBIDI_RFC5893_VERIFY_BADAMI);
    if (!r)
        return;
    const ibidi_rfc5893_verify_badami *b5893 = &r->badami[0], *b3454 = &r->badami[1];
    CHECK(b3454->names == names_3454(4), "RFC 3454 names: %llu (%llu)", b3454->names, names_3454(4));
    CHECK(b5893->runs == 2 * b5893->names && b3454->runs == 2 * b3454->names,
          "each name run in both directions");
    CHECK(b5893->digit_type_differs == 0 && b5893->number_type_ambiguity == 0,
          "RFC 5893: no digit changes its type between names shown alike");
    CHECK(b3454->digit_type_differs > 0 && b3454->digit_type.x.n > 0, "RFC 3454: digits change type");
    CHECK(r->uba_runs == b5893->runs + b3454->runs, "the runs of Badami's part");
    /* The examples display alike (none of them holds a mark). */
    const vexample *ex[] = {&b5893->identical, &b3454->identical, &b3454->digit_type};
    for (size_t k = 0; k < sizeof ex / sizeof ex[0]; k++) {
        uint8_t vx[16], vy[16];
        CHECK(ex[k]->x.n > 0 && ex[k]->x.n == ex[k]->y.n, "Badami example %zu", k);
        visual(&ex[k]->x, ex[k]->context.dir, vx);
        visual(&ex[k]->y, ex[k]->context.dir, vy);
        CHECK(memchr(ex[k]->x.classes, NSM, ex[k]->x.n) || memcmp(vx, vy, ex[k]->x.n) == 0,
              "Badami example %zu displays alike", k);
    }
    free(r);
}

/* ---- Shards --------------------------------------------------------------------------- */

static int same_label(const vlabel *a, const vlabel *b)
{
    return a->n == b->n && memcmp(a->classes, b->classes, a->n) == 0;
}

static int same_example(const vexample *a, const vexample *b)
{
    const ibidi_rfc5893_verify_context *p = &a->context, *q = &b->context;
    return same_label(&a->x, &b->x) && same_label(&a->y, &b->y) && a->shown_len == b->shown_len &&
           memcmp(a->shown, b->shown, a->shown_len) == 0 && a->outside == b->outside &&
           p->index == q->index && p->dir == q->dir && p->d1 == q->d1 && p->d2 == q->d2 &&
           p->control == q->control && p->placement == q->placement &&
           same_label(&p->s1, &q->s1) && same_label(&p->s2, &q->s2);
}

static int same_list(const vexample *a, unsigned na, const vexample *b, unsigned nb)
{
    if (na != nb)
        return 0;
    for (unsigned k = 0; k < na; k++)
        if (!same_example(&a[k], &b[k]))
            return 0;
    return 1;
}

static int same_examples(const ibidi_rfc5893_verify_examples *a, const ibidi_rfc5893_verify_examples *b)
{
    return same_list(a->grouping, a->n_grouping, b->grouping, b->n_grouping) &&
           same_list(a->literal, a->n_literal, b->literal, b->n_literal) &&
           same_list(a->uniqueness, a->n_uniqueness, b->uniqueness, b->n_uniqueness) &&
           same_list(a->code_points, a->n_code_points, b->code_points, b->n_code_points);
}

/* Everything but the shard bookkeeping. */
static void check_same(const vresult *a, const vresult *b, const char *what)
{
    CHECK(a->max_length == b->max_length && a->parts == b->parts && a->stopped == b->stopped &&
              memcmp(&a->alphabet.count, &b->alphabet.count, sizeof a->alphabet.count) == 0,
          "%s: the run", what);
    for (int s = 0; s < IBIDI_RFC5893_SPACES; s++) {
        const ibidi_rfc5893_verify_space_result *p = &a->space[s], *q = &b->space[s];
        CHECK(p->max_length == q->max_length && p->shortest == q->shortest &&
                  p->neighbours == q->neighbours && p->contexts == q->contexts &&
                  memcmp(p->length, q->length, sizeof p->length) == 0,
              "%s: space %d figures", what, s);
        CHECK(same_examples(&p->examples, &q->examples), "%s: space %d examples", what, s);
    }
    for (int n = 0; n < IBIDI_RFC5893_VERIFY_MAX_LENGTH; n++)
        CHECK(same_examples(&a->rule_examples[n], &b->rule_examples[n]),
              "%s: rule examples of length %d", what, n + 1);
    CHECK(memcmp(a->controls_why, b->controls_why, sizeof a->controls_why) == 0,
          "%s: the controls explained", what);
    const ibidi_rfc5893_verify_rfc3454 *p = &a->rfc3454, *q = &b->rfc3454;
    int s4 = 1;
    for (int k = 0; k < 4; k++)
        s4 &= same_example(&p->section4[k], &q->section4[k]) &&
              p->accepted_rfc3454[k] == q->accepted_rfc3454[k] &&
              p->accepted_rfc5893[k] == q->accepted_rfc5893[k];
    CHECK(s4 && p->only_rfc5893 == q->only_rfc5893 && p->only_rfc3454 == q->only_rfc3454 &&
              p->only_rfc5893_nsm == q->only_rfc5893_nsm &&
              p->only_rfc5893_number == q->only_rfc5893_number,
          "%s: RFC 3454", what);
    for (int m = 0; m < 2; m++) {
        const ibidi_rfc5893_verify_badami *x = &a->badami[m], *y = &b->badami[m];
        CHECK(x->names == y->names && x->groups == y->groups &&
                  x->digit_type_differs == y->digit_type_differs &&
                  x->number_type_ambiguity == y->number_type_ambiguity && x->runs == y->runs &&
                  same_example(&x->identical, &y->identical) &&
                  same_example(&x->digit_type, &y->digit_type) &&
                  same_example(&x->ambiguity, &y->ambiguity),
              "%s: Badami %d", what, m);
    }
    CHECK(a->bn.max_length == b->bn.max_length && a->bn.checked == b->bn.checked &&
              a->bn.differ == b->bn.differ, "%s: BN", what);
    CHECK(a->uba_runs == b->uba_runs && a->holds == b->holds, "%s: totals (%llu, %llu)", what,
          a->uba_runs, b->uba_runs);
}

/* Shards 1, 2 and 3 of one run, merged in an order that is not theirs, give one result. */
static void test_shards(unsigned max_length, unsigned parts)
{
    vresult *one = run(max_length, 0, 1, parts);
    for (unsigned shards = 2; shards <= 3 && one; shards++) {
        vresult *m = calloc(1, sizeof *m);
        for (unsigned k = 0; k < shards && m; k++) {
            const unsigned s = (k + 1) % shards;
            vresult *r = run(max_length, s, shards, parts);
            CHECK(r && ibidi_rfc5893_verify_merge(m, r, NULL) == IBIDI_OK, "merge shard %u/%u", s, shards);
            free(r);
        }
        if (m) {
            char what[64];
            snprintf(what, sizeof what, "max_length %u parts %#x, %u shards", max_length, parts, shards);
            CHECK(m->n_merged == shards && m->shards == shards, "%s: all merged", what);
            check_same(m, one, what);
        }
        free(m);
    }
    free(one);
}

/* ---- Events --------------------------------------------------------------------------- */

typedef struct tally {
    unsigned long long grouping[IBIDI_RFC5893_SPACES][3], literal[IBIDI_RFC5893_SPACES][3];
    unsigned long long pairs[IBIDI_RFC5893_SPACES][3][2];
    unsigned char in_pairs[IBIDI_RFC5893_SPACES][3][2][512]; /* labels met in pairs, by rank */
    vfigures length[IBIDI_RFC5893_SPACES][3];
    unsigned long long names[2], digit[2], number[2];
    unsigned parts, part_events, bad, events, stop_at;
} tally;

/* The rank of a label among all strings of its length. */
static unsigned rank_of(const vlabel *l)
{
    unsigned k = 0;
    for (size_t i = 0; i < l->n; i++)
        k = k * (unsigned)NA + (unsigned)((const uint8_t *)memchr(ALPHA, l->classes[i], NA) - ALPHA);
    return k;
}

static int on_event(const ibidi_rfc5893_verify_event *ev, void *ctx)
{
    tally *t = ctx;
    const int s = ev->space;
    const unsigned n = ev->length;
    t->events++;
    switch (ev->kind) {
    case IBIDI_RFC5893_EVENT_GROUPING:
    case IBIDI_RFC5893_EVENT_LITERAL:
        if (s < 0 || n < 1 || n > 3 || !ev->example || ev->example->x.n != n) {
            t->bad++;
            break;
        }
        (ev->kind == IBIDI_RFC5893_EVENT_GROUPING ? t->grouping : t->literal)[s][n - 1]++;
        break;
    case IBIDI_RFC5893_EVENT_UNIQUENESS:
    case IBIDI_RFC5893_EVENT_CODE_POINTS: {
        const int u = ev->kind == IBIDI_RFC5893_EVENT_UNIQUENESS;
        if (s < 0 || n < 1 || n > 3 || !ev->example || ev->example->y.n != n) {
            t->bad++;
            break;
        }
        t->pairs[s][n - 1][u]++;
        t->in_pairs[s][n - 1][u][rank_of(&ev->example->x)] = 1;
        t->in_pairs[s][n - 1][u][rank_of(&ev->example->y)] = 1;
        break;
    }
    case IBIDI_RFC5893_EVENT_NAMES: t->names[s]++; break;
    case IBIDI_RFC5893_EVENT_DIGIT_TYPE: t->digit[s]++; break;
    case IBIDI_RFC5893_EVENT_NUMBER_TYPE: t->number[s]++; break;
    case IBIDI_RFC5893_EVENT_LENGTH:
        if (s < 0 || n < 1 || n > 3 || !ev->figures)
            t->bad++;
        else
            t->length[s][n - 1] = *ev->figures;
        break;
    case IBIDI_RFC5893_EVENT_PART:
        t->parts |= ev->part;
        t->part_events++;
        break;
    default: t->bad++;
    }
    return t->stop_at && t->events == t->stop_at;
}

static void test_events(void)
{
    vresult *r = malloc(sizeof *r);
    tally *t = calloc(1, sizeof *t);
    const ibidi_rfc5893_verify_options o = {3, 0, 1, 0};
    if (!r || !t)
        goto out;
    CHECK(ibidi_rfc5893_verify(&o, on_event, t, r, NULL) == IBIDI_OK && !r->stopped, "events run");
    CHECK(t->bad == 0 && t->parts == IBIDI_RFC5893_VERIFY_ALL && t->part_events == 7,
          "events: well formed, one a part");
    for (int s = 0; s < IBIDI_RFC5893_SPACES; s++)
        for (unsigned n = 1; n <= 3; n++) {
            const vfigures *f = &r->space[s].length[n - 1];
            unsigned long long in[2] = {0, 0};
            for (int u = 0; u < 2; u++)
                for (int k = 0; k < 512; k++)
                    in[u] += t->in_pairs[s][n - 1][u][k];
            CHECK(t->grouping[s][n - 1] == f->grouping_labels &&
                      t->literal[s][n - 1] == f->literal_labels,
                  "space %d length %u: one event a label and reading", s, n);
            CHECK(in[1] == f->uniqueness_labels && in[0] == f->code_point_labels &&
                      t->pairs[s][n - 1][1] <= f->uniqueness_cases &&
                      t->pairs[s][n - 1][0] <= f->code_point_cases,
                  "space %d length %u: the pairs' labels", s, n);
            CHECK(memcmp(&t->length[s][n - 1], f, sizeof *f) == 0,
                  "space %d length %u: the figures of the length event", s, n);
        }
    for (int m = 0; m < 2; m++)
        CHECK(t->digit[m] + t->number[m] == r->badami[m].digit_type_differs &&
                  t->number[m] == r->badami[m].number_type_ambiguity &&
                  t->names[m] >= r->badami[m].groups,
              "Badami %d: the events of the pairs", m);
    /* Stopping: at the first event, and at the 500th (of some 860). */
    const unsigned stops[] = {1, 500};
    for (size_t k = 0; k < 2; k++) {
        memset(t, 0, sizeof *t);
        t->stop_at = stops[k];
        const ibidi_status st = ibidi_rfc5893_verify(&o, on_event, t, r, NULL);
        CHECK(st == IBIDI_OK && r->stopped && t->events == stops[k] && r->n_merged == 1,
              "a callback stops the run at event %u (%u events, stopped %d)", stops[k],
              t->events, r->stopped);
    }
out:
    free(r);
    free(t);
}

int main(void)
{
    test_alphabet();
    test_options();
    test_merge_errors();
    test_rule_space();
    test_searches();
    test_badami();
    /* Every part on labels up to 4 but the controls, the bulk of the time at that length;
     * they are divided the same way, and compared on labels up to 3. */
    test_shards(4, IBIDI_RFC5893_VERIFY_ALL & ~IBIDI_RFC5893_VERIFY_CONTROLS);
    test_shards(3, IBIDI_RFC5893_VERIFY_CONTROLS);
    test_events();
    return t_summary();
}
