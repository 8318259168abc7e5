/*
 * Fuzz target for the RFC 5893 verifier (ibidi_rfc5893_verify, include/ibidi/rfc5893.h).
 *
 * The input picks the options, kept small so that each input runs fast: byte 0 the
 * length (1-3; from 2 without the conditions and the controls), byte 1 the shards (1-4),
 * byte 2 the shard, byte 3 the parts (0: all), byte 4 the event at which the callback
 * stops (0: never); missing bytes are 0. Properties checked with abort():
 *  1. the status is OK and the result is of the run asked (defaults applied, one shard);
 *  2. the callback stopped the run exactly when it said so, and then after that event;
 *  3. a run not stopped: every space run has labels x contexts runs, no more labels in a
 *     figure than labels checked, its counterexamples only at its shortest length, no
 *     figures beyond it; the events count the labels of each figure; holds and uba_runs
 *     follow from the figures;
 *  4. every example reproduces through ibidi_rfc5893_run: its display, the reading it
 *     breaks, the pair displaying alike;
 *  5. with 2 or 3 shards of labels up to 2, the other shards merged in give the figures
 *     of the run in one shard (parts other than the conditions, RFC 3454 and the
 *     controls, which cost most).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/rfc5893.h"
#include "rfc5893_example.h"

typedef ibidi_rfc5893_verify_result vresult;
typedef ibidi_rfc5893_verify_example vexample;

static void require(int ok)
{
    if (!ok)
        abort();
}

typedef struct counts {
    unsigned long long grouping[IBIDI_RFC5893_SPACES][IBIDI_RFC5893_VERIFY_MAX_LENGTH];
    unsigned long long literal[IBIDI_RFC5893_SPACES][IBIDI_RFC5893_VERIFY_MAX_LENGTH];
    unsigned events, stop_at;
} counts;

static int on_event(const ibidi_rfc5893_verify_event *ev, void *ctx)
{
    counts *c = ctx;
    require(!c->stop_at || c->events < c->stop_at); /* nothing after a stop */
    c->events++;
    if (ev->kind == IBIDI_RFC5893_EVENT_GROUPING || ev->kind == IBIDI_RFC5893_EVENT_LITERAL) {
        require(ev->space >= 0 && ev->space < IBIDI_RFC5893_SPACES && ev->length >= 1 &&
                ev->length <= IBIDI_RFC5893_VERIFY_MAX_LENGTH && ev->example &&
                ev->example->x.n == ev->length);
        (ev->kind == IBIDI_RFC5893_EVENT_GROUPING ? c->grouping : c->literal)[ev->space][ev->length - 1]++;
    }
    return c->stop_at && c->events == c->stop_at;
}

/* The example's case run again: kind 0 grouping, 1 literal, 2 as rendered, 3 code points. */
static void reproduce(const vexample *e, int kind)
{
    ibidi_rfc5893_case c = rfc5893_example_case(e, &e->x);
    ibidi_rfc5893_display dx, dy;
    unsigned broken = 0;
    require(ibidi_rfc5893_run(&c, &broken, &dx, NULL) == IBIDI_OK);
    require(dx.len == e->shown_len && memcmp(dx.key, e->shown, dx.len) == 0);
    if (kind < 2) {
        require(broken & (kind ? IBIDI_RFC5893_BROKEN_LITERAL : IBIDI_RFC5893_BROKEN_GROUPED));
        return;
    }
    c.x = e->y.classes;
    c.n = e->y.n;
    require(e->y.n == e->x.n && ibidi_rfc5893_run(&c, NULL, &dy, NULL) == IBIDI_OK);
    if (kind == 2)
        require(dx.clusters_len == dy.clusters_len &&
                memcmp(dx.clusters, dy.clusters, dx.clusters_len) == 0);
    else
        require(dx.len == dy.len && memcmp(dx.key, dy.key, dx.len) == 0);
}

static void reproduce_all(const ibidi_rfc5893_verify_examples *ex)
{
    const vexample *list[4] = {ex->grouping, ex->literal, ex->uniqueness, ex->code_points};
    const unsigned n[4] = {ex->n_grouping, ex->n_literal, ex->n_uniqueness, ex->n_code_points};
    for (int kind = 0; kind < 4; kind++) {
        require(n[kind] <= IBIDI_RFC5893_VERIFY_EXAMPLES);
        for (unsigned k = 0; k < n[kind]; k++)
            reproduce(&list[kind][k], kind);
    }
}

static void check_figures(const vresult *r, const counts *c)
{
    unsigned long long runs = 0, broken = 0;
    for (int s = 0; s < IBIDI_RFC5893_SPACES; s++) {
        const ibidi_rfc5893_verify_space_result *sr = &r->space[s];
        require(sr->max_length <= r->max_length && sr->shortest <= sr->max_length);
        for (unsigned n = 1; n <= IBIDI_RFC5893_VERIFY_MAX_LENGTH; n++) {
            const ibidi_rfc5893_verify_figures *f = &sr->length[n - 1];
            runs += f->runs;
            if (s == IBIDI_RFC5893_SPACE_RULE)
                broken += f->grouping_cases + f->uniqueness_cases;
            require(f->runs == f->labels * sr->contexts);
            /* the rule's space is divided: shard 0 counts its strings */
            require(f->labels <= f->strings || (s == IBIDI_RFC5893_SPACE_RULE && !(r->merged[0] & 1)));
            require(f->grouping_labels <= f->labels && f->literal_labels <= f->labels &&
                    f->uniqueness_labels <= f->labels && f->code_point_labels <= f->labels);
            require(f->grouping_labels <= f->grouping_cases && f->literal_labels <= f->literal_cases);
            require(c->grouping[s][n - 1] == f->grouping_labels &&
                    c->literal[s][n - 1] == f->literal_labels);
            if (sr->shortest && n > sr->shortest)
                require(f->runs == 0 && f->labels == 0);
            if (sr->shortest && n < sr->shortest)
                require(f->grouping_cases + f->uniqueness_cases == 0);
        }
        if (sr->shortest)
            require(sr->length[sr->shortest - 1].grouping_cases +
                        sr->length[sr->shortest - 1].uniqueness_cases > 0);
        reproduce_all(&sr->examples);
    }
    for (unsigned n = 0; n < r->max_length; n++)
        reproduce_all(&r->rule_examples[n]);
    for (int pl = 0; pl < IBIDI_RFC5893_PLACEMENTS; pl++)
        runs += r->controls_why[pl].cases;
    runs += r->badami[0].runs + r->badami[1].runs;
    require(r->uba_runs == runs && r->holds == (broken == 0));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t b[5] = {0, 0, 0, 0, 0};
    memcpy(b, data, size < 5 ? size : 5);
    ibidi_rfc5893_verify_options o = {1u + b[0] % 3u, 0, 1u + b[1] % 4u, b[3] & 0x7Fu};
    o.shard = b[2] % o.shards;
    /* keep each input fast: in the instrumented build a run over labels of 2 with the
       conditions or the controls takes several seconds, so those two parts are run on
       labels of 1 only (tests/test_rfc5893.c runs them further); and a run of every part
       on labels of 1 takes some 2 s, so property 5, which makes up to four runs, leaves
       out the three dearest parts (conditions, RFC 3454, controls): the runs of one or of
       four shards have them */
    const int merged = o.shards >= 2 && o.shards <= 3 && o.max_length <= 2;
    unsigned dear = 0; /* the parts left out; BN alone when none of those asked is left */
    if (o.max_length >= 2)
        dear |= IBIDI_RFC5893_VERIFY_CONDITIONS | IBIDI_RFC5893_VERIFY_CONTROLS;
    if (merged)
        dear |= IBIDI_RFC5893_VERIFY_CONDITIONS | IBIDI_RFC5893_VERIFY_RFC3454 |
                IBIDI_RFC5893_VERIFY_CONTROLS;
    if (dear) {
        o.parts = (o.parts ? o.parts : IBIDI_RFC5893_VERIFY_ALL) & ~dear;
        if (o.parts == 0)
            o.parts = IBIDI_RFC5893_VERIFY_BN;
    }
    vresult *r = malloc(sizeof *r), *m = calloc(1, sizeof *m), *other = malloc(sizeof *other);
    counts *c = calloc(1, sizeof *c);
    require(r && m && other && c);
    c->stop_at = b[4];
    ibidi_error err;
    require(ibidi_rfc5893_verify(&o, on_event, c, r, &err) == IBIDI_OK && err.status == IBIDI_OK);
    require(r->max_length == o.max_length && r->shards == o.shards && r->n_merged == 1 &&
            r->parts == (o.parts ? o.parts : IBIDI_RFC5893_VERIFY_ALL) &&
            r->merged[o.shard / 64] == (uint64_t)1 << (o.shard % 64));
    require(r->stopped == (c->stop_at && c->events == c->stop_at));
    if (!r->stopped) {
        check_figures(r, c);
        if (merged) {
            /* The run in one shard against all the shards merged, this one last. */
            vresult *one = other;
            const ibidi_rfc5893_verify_options o1 = {o.max_length, 0, 1, o.parts};
            for (unsigned s = 0; s < o.shards; s++) {
                const ibidi_rfc5893_verify_options os = {o.max_length, s, o.shards, o.parts};
                if (s == o.shard)
                    continue;
                require(ibidi_rfc5893_verify(&os, NULL, NULL, one, NULL) == IBIDI_OK);
                require(ibidi_rfc5893_verify_merge(m, one, NULL) == IBIDI_OK);
            }
            require(ibidi_rfc5893_verify_merge(m, r, NULL) == IBIDI_OK && m->n_merged == o.shards);
            require(ibidi_rfc5893_verify_merge(m, r, NULL) == IBIDI_E_INVALID_ARGUMENT);
            require(ibidi_rfc5893_verify(&o1, NULL, NULL, one, NULL) == IBIDI_OK);
            require(m->uba_runs == one->uba_runs && m->holds == one->holds);
            for (int s = 0; s < IBIDI_RFC5893_SPACES; s++)
                require(m->space[s].shortest == one->space[s].shortest &&
                        memcmp(m->space[s].length, one->space[s].length,
                               sizeof one->space[s].length) == 0);
        }
    }
    free(r);
    free(m);
    free(other);
    free(c);
    return 0;
}
