/*
 * Candidates against an existing list (ibidi/scan.h, ibidi_scan_against):
 *  1. real names, their keys from ibidi_scan_name: a Hebrew name that collides with one
 *     existing name left to right and another right to left, an A-label candidate whose
 *     U-label is there already (same form), names that collide with nothing, a candidate
 *     that collides with another candidate (a peer), each reason right;
 *  2. random candidates and existing names over a tiny alphabet (so that forms and keys
 *     repeat), looked up from several threads at once with shuffled seqs, compared with a
 *     reference computed here by comparing every pair: the collisions of each candidate,
 *     their reasons, validity, merge of one form, order (seq, then peers by index);
 *  3. the buffer of _lookup too small, calls out of turn, the argument checks.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/scan.h"
#include "testlib.h"

/* ---- 1. Real names ---------------------------------------------------------------------- */

/* A name and its keys as `ibidi scan --against` makes them (displays and bidi skeletons in
 * both contexts; no LGR). */
typedef struct real {
    char *text;
    ibidi_scan_result r;
    ibidi_scan_keys k;
} real;

static int real_make(real *x, const char *name)
{
    const ibidi_scan_options so = {IBIDI_SCAN_LTR | IBIDI_SCAN_RTL | IBIDI_SCAN_SKELETON,
                                   {0, 0, 0, NULL, 0}, NULL};
    memset(x, 0, sizeof *x);
    if (ibidi_scan_name_alloc(name, strlen(name), &so, &x->r, NULL, NULL) != IBIDI_OK)
        return 0;
    x->text = x->r.text.data;
    x->k.name = name;
    x->k.name_len = strlen(name);
    x->k.form = x->r.unicode.present ? x->text + x->r.unicode.start : name;
    x->k.form_len = x->r.unicode.present ? x->r.unicode.length : strlen(name);
    x->k.valid = x->r.valid;
    for (int c = 0; c < 2; c++)
        if (x->r.display[c].present) {
            x->k.key[c] = x->text + x->r.display[c].start;
            x->k.key_len[c] = x->r.display[c].length;
        }
    for (int c = 0; c < 2; c++) /* keys 3 and 4: the bidi skeletons */
        if (x->r.skeleton[c].present) {
            x->k.key[3 + c] = x->text + x->r.skeleton[c].start;
            x->k.key_len[3 + c] = x->r.skeleton[c].length;
        }
    return 1;
}

/* The reasons candidate i has against the name (written as given), or 0 when none. */
static unsigned why_with(const ibidi_scan_against *a, size_t i, const char *name)
{
    const ibidi_scan_collision *c;
    size_t n;
    if (ibidi_scan_against_collisions(a, i, &c, &n, NULL) != IBIDI_OK)
        return 0xffu;
    for (size_t j = 0; j < n; j++)
        if (c[j].name_len == strlen(name) && memcmp(c[j].name, name, c[j].name_len) == 0)
            return c[j].why;
    return 0;
}

static size_t n_collisions(const ibidi_scan_against *a, size_t i)
{
    const ibidi_scan_collision *c;
    size_t n = 0;
    ibidi_scan_against_collisions(a, i, &c, &n, NULL);
    return n;
}

static void test_real(void)
{
    static const char *const cands[] = {
        "\327\231\327\251\327\250\327\220\327\234.123.com", /* ישראל.123.com */
        "xn--4dbrk0ce.com",                                 /* ישראל.com, an A-label */
        "fresh.example",
        "123.\327\231\327\251\327\250\327\220\327\234.com", /* peer of the first (ltr) */
        "\327\241\327\241\327\225.com", /* ססו.com: looks like loo.com left to right */
        "\320\265xample.com",               /* Cyrillic ie: looks like example.com */
    };
    static const char *const existing[] = {
        "123.\327\231\327\251\327\250\327\220\327\234.com", /* ltr twin of cands[0] */
        "\327\231\327\251\327\250\327\220\327\234.com.123", /* rtl twin of cands[0] */
        "\327\231\327\251\327\250\327\220\327\234.com",     /* the U-label of cands[1] */
        "other.example",
        "\377bad", /* ill-formed: no displays, its bytes as the form */
        "loo.com",
        "example.com",
    };
    enum { NC = sizeof cands / sizeof cands[0], NE = sizeof existing / sizeof existing[0] };
    real c[NC], e[NE];
    ibidi_scan_against *a = NULL;
    int ok = 1;
    for (int i = 0; i < NC; i++)
        ok &= real_make(&c[i], cands[i]);
    for (int i = 0; i < NE; i++)
        ok &= real_make(&e[i], existing[i]);
    CHECK(ok, "real: the names scan");
    CHECK(ibidi_scan_against_create(&a, NULL) == IBIDI_OK && a, "real: create");
    for (size_t i = 0; i < NC; i++) {
        size_t idx = 99;
        CHECK(ibidi_scan_against_add(a, &c[i].k, &idx, NULL) == IBIDI_OK && idx == i,
              "real: add %zu", i);
    }
    CHECK(ibidi_scan_against_count(a) == NC, "real: count");
    for (size_t i = 0; i < NE; i++) {
        ibidi_scan_hit hits[8];
        size_t n = 99;
        CHECK(ibidi_scan_against_lookup(a, &e[i].k, hits, 8, &n, NULL) == IBIDI_OK,
              "real: lookup %zu", i);
        CHECK(ibidi_scan_against_record(a, &e[i].k, i + 1, hits, n, NULL) == IBIDI_OK,
              "real: record %zu", i);
    }
    CHECK(ibidi_scan_against_finish(a, NULL) == IBIDI_OK, "real: finish");
    CHECK(why_with(a, 0, existing[0]) == IBIDI_SCAN_WHY_LTR, "real: ltr twin (%x)",
          why_with(a, 0, existing[0]));
    CHECK(why_with(a, 0, existing[1]) == IBIDI_SCAN_WHY_RTL, "real: rtl twin (%x)",
          why_with(a, 0, existing[1]));
    CHECK(why_with(a, 0, cands[3]) == IBIDI_SCAN_WHY_LTR, "real: the peer");
    CHECK(n_collisions(a, 0) == 3, "real: cand 0 has 3 collisions, not %zu", n_collisions(a, 0));
    const unsigned all = IBIDI_SCAN_WHY_SAME | IBIDI_SCAN_WHY_LTR | IBIDI_SCAN_WHY_RTL;
    CHECK(why_with(a, 1, existing[2]) == all, "real: the A-label is there as its U-label (%x)",
          why_with(a, 1, existing[2]));
    CHECK(n_collisions(a, 1) == 1, "real: cand 1 has one collision");
    CHECK(n_collisions(a, 2) == 0, "real: a fresh name collides with nothing");
    CHECK(why_with(a, 3, existing[0]) == all && why_with(a, 3, cands[0]) == IBIDI_SCAN_WHY_LTR,
          "real: cand 3 is there, and collides with cand 0");
    CHECK(why_with(a, 4, existing[5]) == IBIDI_SCAN_WHY_LOOK_LTR && n_collisions(a, 4) == 1,
          "real: samekh samekh vav .com looks like loo.com left to right only (%x)",
          why_with(a, 4, existing[5]));
    CHECK(why_with(a, 5, existing[6]) == (IBIDI_SCAN_WHY_LOOK_LTR | IBIDI_SCAN_WHY_LOOK_RTL) &&
              n_collisions(a, 5) == 1,
          "real: Cyrillic ie looks like e both ways (%x)", why_with(a, 5, existing[6]));
    const ibidi_scan_collision *col;
    size_t n;
    CHECK(ibidi_scan_against_collisions(a, 0, &col, &n, NULL) == IBIDI_OK && n == 3 &&
              col[0].seq == 1 && col[1].seq == 2 && col[2].peer == 3 &&
              col[0].peer == IBIDI_SCAN_NO_PEER && col[0].valid == e[0].r.valid,
          "real: order (seq, then peers), peer index, validity");
    ibidi_scan_against_free(a);
    for (int i = 0; i < NC; i++)
        ibidi_free(c[i].text);
    for (int i = 0; i < NE; i++)
        ibidi_free(e[i].text);
}

/* ---- 2. Random names against a reference ------------------------------------------------ */

/* A name of the random cases: its form and keys are short strings over "ab" (so that they
 * repeat); the name as written adds a number, so an A-label and a U-label are simulated
 * by names that differ with one form. A key may be absent. */
typedef struct rname {
    char name[16], form[4], key[IBIDI_SCAN_AGAINST_KEYS][4];
    size_t name_len, form_len, key_len[IBIDI_SCAN_AGAINST_KEYS];
    int has[IBIDI_SCAN_AGAINST_KEYS], valid;
    ibidi_scan_keys k;
    uint64_t seq;
} rname;

static void rname_make(rname *x, uint32_t *rng, unsigned id)
{
    memset(x, 0, sizeof *x);
    x->form_len = 1 + t_xorshift32(rng) % 3;
    for (size_t i = 0; i < x->form_len; i++)
        x->form[i] = "ab"[t_xorshift32(rng) % 2];
    for (int k = 0; k < IBIDI_SCAN_AGAINST_KEYS; k++) {
        x->has[k] = t_xorshift32(rng) % 4 != 0;
        x->key_len[k] = t_xorshift32(rng) % 3; /* the empty key is a key */
        for (size_t i = 0; i < x->key_len[k]; i++)
            x->key[k][i] = "ab"[t_xorshift32(rng) % 2];
    }
    x->name_len = (size_t)snprintf(x->name, sizeof x->name, "%.*s#%u", (int)x->form_len,
                                   x->form, id);
    x->valid = t_xorshift32(rng) % 2;
    x->k.name = x->name;
    x->k.name_len = x->name_len;
    x->k.form = x->form;
    x->k.form_len = x->form_len;
    x->k.valid = x->valid;
    for (int k = 0; k < IBIDI_SCAN_AGAINST_KEYS; k++)
        if (x->has[k]) {
            x->k.key[k] = x->key[k];
            x->k.key_len[k] = x->key_len[k];
        }
}

static unsigned ref_why(const rname *c, const rname *e)
{
    unsigned why = 0;
    if (c->form_len == e->form_len && memcmp(c->form, e->form, c->form_len) == 0)
        why |= IBIDI_SCAN_WHY_SAME;
    for (int k = 0; k < IBIDI_SCAN_AGAINST_KEYS; k++)
        if (c->has[k] && e->has[k] && c->key_len[k] == e->key_len[k] &&
            memcmp(c->key[k], e->key[k], c->key_len[k]) == 0)
            why |= 2u << k;
    /* a look-alike only where the names and their displays there differ */
    if (why & (IBIDI_SCAN_WHY_SAME | IBIDI_SCAN_WHY_LTR))
        why &= ~IBIDI_SCAN_WHY_LOOK_LTR;
    if (why & (IBIDI_SCAN_WHY_SAME | IBIDI_SCAN_WHY_RTL))
        why &= ~IBIDI_SCAN_WHY_LOOK_RTL;
    return why;
}

#define N_THREADS 4
typedef struct job {
    ibidi_scan_against *a;
    rname *e;
    size_t from, to;
    int ok;
} job;

static void *job_run(void *arg)
{
    job *j = arg;
    ibidi_scan_hit hits[4];
    j->ok = 1;
    for (size_t i = j->from; i < j->to; i++) {
        size_t n;
        ibidi_scan_hit *h = hits;
        ibidi_status st = ibidi_scan_against_lookup(j->a, &j->e[i].k, hits, 4, &n, NULL);
        if (st == IBIDI_E_BUFFER_TOO_SMALL) { /* the path of a crowded key */
            h = malloc(n * sizeof *h);
            st = h ? ibidi_scan_against_lookup(j->a, &j->e[i].k, h, n, &n, NULL) : IBIDI_E_NOMEM;
        }
        if (st != IBIDI_OK ||
            ibidi_scan_against_record(j->a, &j->e[i].k, j->e[i].seq, h, n, NULL) != IBIDI_OK)
            j->ok = 0;
        if (h != hits)
            free(h);
    }
    return NULL;
}

/* One case: nc candidates, ne existing names, compared with the reference. */
static void random_case(uint32_t seed, size_t nc, size_t ne, int threads)
{
    uint32_t rng = seed;
    rname *c = calloc(nc, sizeof *c), *e = calloc(ne, sizeof *e);
    ibidi_scan_against *a = NULL;
    if (!CHECK(c && e && ibidi_scan_against_create(&a, NULL) == IBIDI_OK, "random: setup")) {
        free(c);
        free(e);
        return;
    }
    for (size_t i = 0; i < nc; i++) {
        rname_make(&c[i], &rng, (unsigned)i);
        CHECK(ibidi_scan_against_add(a, &c[i].k, NULL, NULL) == IBIDI_OK, "random: add");
    }
    /* the seqs: a permutation, so the order found differs from the order reported */
    for (size_t i = 0; i < ne; i++) {
        rname_make(&e[i], &rng, (unsigned)(1000 + i));
        e[i].seq = i;
    }
    for (size_t i = ne; i > 1; i--) {
        size_t j = t_xorshift32(&rng) % i;
        uint64_t t = e[i - 1].seq;
        e[i - 1].seq = e[j].seq;
        e[j].seq = t;
    }
    job jobs[N_THREADS];
    pthread_t tid[N_THREADS];
    const int k = threads ? N_THREADS : 1;
    for (int t = 0; t < k; t++) {
        jobs[t] = (job){a, e, ne * (size_t)t / (size_t)k, ne * (size_t)(t + 1) / (size_t)k, 0};
        if (threads)
            pthread_create(&tid[t], NULL, job_run, &jobs[t]);
        else
            job_run(&jobs[t]);
    }
    int ok = 1;
    for (int t = 0; t < k; t++) {
        if (threads)
            pthread_join(tid[t], NULL);
        ok &= jobs[t].ok;
    }
    CHECK(ok, "random %u: every lookup and record", seed);
    CHECK(ibidi_scan_against_finish(a, NULL) == IBIDI_OK, "random %u: finish", seed);
    CHECK(ibidi_scan_against_finish(a, NULL) == IBIDI_OK, "random %u: finish again", seed);

    /* the reference: for each candidate, the existing names by seq, one per form (the
       first seq's name, the reasons and validity of all), then the peers by index */
    size_t bad = 0, total = 0;
    size_t *order = malloc(ne * sizeof *order);
    for (size_t i = 0; order && i < ne; i++)
        order[e[i].seq] = i;
    for (size_t ci = 0; order && ci < nc; ci++) {
        const ibidi_scan_collision *got;
        size_t n, at = 0;
        if (ibidi_scan_against_collisions(a, ci, &got, &n, NULL) != IBIDI_OK) {
            bad++;
            continue;
        }
        for (size_t s = 0; s < ne; s++) {
            const rname *x = &e[order[s]];
            if (!ref_why(&c[ci], x))
                continue;
            /* a form seen at an earlier seq: merged into that one */
            int seen = 0;
            for (size_t p = 0; p < s && !seen; p++) {
                const rname *y = &e[order[p]];
                seen = ref_why(&c[ci], y) && y->form_len == x->form_len &&
                       memcmp(y->form, x->form, x->form_len) == 0;
            }
            if (seen)
                continue;
            unsigned why = 0;
            int valid = 0;
            for (size_t q = s; q < ne; q++) {
                const rname *y = &e[order[q]];
                if (y->form_len == x->form_len && memcmp(y->form, x->form, x->form_len) == 0 &&
                    ref_why(&c[ci], y)) {
                    why |= ref_why(&c[ci], y);
                    valid |= y->valid;
                }
            }
            total++;
            if (at >= n || got[at].why != why || got[at].valid != valid ||
                got[at].seq != x->seq || got[at].peer != IBIDI_SCAN_NO_PEER ||
                got[at].name_len != x->name_len ||
                memcmp(got[at].name, x->name, x->name_len) != 0 ||
                got[at].form_len != x->form_len || memcmp(got[at].form, x->form, x->form_len) != 0)
                bad++;
            at++;
        }
        for (size_t p = 0; p < nc; p++) {
            const unsigned why = p == ci ? 0 : ref_why(&c[ci], &c[p]);
            if (!why)
                continue;
            total++;
            if (at >= n || got[at].peer != p || got[at].why != why ||
                got[at].valid != c[p].valid || got[at].name_len != c[p].name_len ||
                memcmp(got[at].name, c[p].name, c[p].name_len) != 0)
                bad++;
            at++;
        }
        if (at != n)
            bad++;
    }
    CHECK(order && bad == 0, "random %u (%zu candidates, %zu names%s): %zu of %zu collisions wrong",
          seed, nc, ne, threads ? ", threads" : "", bad, total);
    free(order);
    ibidi_scan_against_free(a);
    free(c);
    free(e);
}

/* ---- 3. Buffers, turns, arguments ------------------------------------------------------- */

static void test_calls(void)
{
    ibidi_scan_against *a = NULL;
    ibidi_scan_keys k;
    ibidi_scan_hit hits[4];
    const ibidi_scan_collision *col;
    size_t n = 0;
    ibidi_error err;
    memset(&k, 0, sizeof k);
    k.name = k.form = "x";
    k.name_len = k.form_len = 1;
    CHECK(ibidi_scan_against_create(NULL, NULL) == IBIDI_E_INVALID_ARGUMENT, "create NULL");
    CHECK(ibidi_scan_against_create(&a, NULL) == IBIDI_OK, "create");
    /* an empty index: nothing found */
    CHECK(ibidi_scan_against_lookup(a, &k, hits, 4, &n, NULL) == IBIDI_OK && n == 0,
          "lookup before any add");
    for (int i = 0; i < 6; i++) /* six candidates of one form */
        CHECK(ibidi_scan_against_add(a, &k, NULL, NULL) == IBIDI_OK, "add %d", i);
    CHECK(ibidi_scan_against_lookup(a, &k, hits, 4, &n, &err) == IBIDI_E_BUFFER_TOO_SMALL &&
              n == 6 && err.status == IBIDI_E_BUFFER_TOO_SMALL,
          "lookup: 6 hits do not fit in 4 (%zu)", n);
    CHECK(hits[0].candidate == 0 && hits[3].candidate == 3 && hits[0].why == IBIDI_SCAN_WHY_SAME,
          "lookup: the first 4 hits");
    CHECK(ibidi_scan_against_lookup(a, &k, NULL, 0, &n, NULL) == IBIDI_E_BUFFER_TOO_SMALL &&
              n == 6,
          "lookup: the size alone");
    CHECK(ibidi_scan_against_lookup(a, NULL, hits, 4, &n, NULL) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_scan_against_lookup(a, &k, NULL, 4, &n, NULL) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_scan_against_lookup(a, &k, hits, 4, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "lookup: argument checks");
    ibidi_scan_keys bad = k;
    bad.key[1] = NULL;
    bad.key_len[1] = 3;
    CHECK(ibidi_scan_against_add(a, &bad, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_scan_against_add(a, NULL, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_scan_against_add(NULL, &k, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "add: argument checks");
    const ibidi_scan_hit out_of_range = {6, IBIDI_SCAN_WHY_SAME}, no_why = {0, 0};
    CHECK(ibidi_scan_against_record(a, &k, 1, &out_of_range, 1, NULL) ==
                  IBIDI_E_INVALID_ARGUMENT &&
              ibidi_scan_against_record(a, &k, 1, &no_why, 1, NULL) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_scan_against_record(a, &k, 1, NULL, 1, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "record: argument checks");
    CHECK(ibidi_scan_against_collisions(a, 0, &col, &n, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "collisions before finish");
    CHECK(ibidi_scan_against_record(a, &k, 7, hits, 4, NULL) == IBIDI_OK, "record");
    CHECK(ibidi_scan_against_add(a, &k, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "add after a record");
    CHECK(ibidi_scan_against_finish(a, NULL) == IBIDI_OK, "finish");
    CHECK(ibidi_scan_against_record(a, &k, 8, hits, 1, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "record after finish");
    /* candidate 0: the existing "x" (seq 7), then its five peers */
    CHECK(ibidi_scan_against_collisions(a, 0, &col, &n, NULL) == IBIDI_OK && n == 6 &&
              col[0].seq == 7 && col[0].peer == IBIDI_SCAN_NO_PEER && col[1].peer == 1 &&
              col[5].peer == 5,
          "candidate 0: the existing name, then the peers (%zu)", n);
    CHECK(ibidi_scan_against_collisions(a, 5, &col, &n, NULL) == IBIDI_OK && n == 5 &&
              col[0].peer == 0 && col[4].peer == 4,
          "candidate 5: five peers, no existing name (%zu)", n);
    CHECK(ibidi_scan_against_collisions(a, 6, &col, &n, NULL) == IBIDI_E_INVALID_ARGUMENT &&
              col == NULL && n == 0,
          "collisions: index out of range");
    CHECK(ibidi_scan_against_count(NULL) == 0, "count NULL");
    ibidi_scan_against_free(a);
    ibidi_scan_against_free(NULL);

    /* an index of no candidates finishes with nothing */
    CHECK(ibidi_scan_against_create(&a, NULL) == IBIDI_OK &&
              ibidi_scan_against_record(a, &k, 1, NULL, 0, NULL) == IBIDI_OK &&
              ibidi_scan_against_finish(a, NULL) == IBIDI_OK &&
              ibidi_scan_against_count(a) == 0,
          "no candidates");
    ibidi_scan_against_free(a);
}

int main(void)
{
    test_real();
    random_case(1, 10, 200, 0);
    random_case(2, 40, 2000, 1);
    random_case(3, 300, 5000, 1);
    random_case(4, 1, 50, 0);
    random_case(5, 200, 0, 0); /* peers only */
    test_calls();
    return t_summary();
}
