/*
 * ibidi verify-rule: does the Bidi Rule of RFC 5893 §2 deliver the requirements of its §3?
 *
 * Every label up to --max-length characters is enumerated as a string of Bidi classes
 * (the classes that characters allowed in labels have, computed from the tables), the
 * six conditions are applied, and every label that passes is checked with the UBA for
 * Character Grouping (include/ibidi/rfc5893.h: the literal and the grouped reading) and
 * Label Uniqueness (labels grouped by their display in each context). Then each condition
 * is dropped in turn, and the rule of RFC 3454 put in its place, to find the shortest
 * label that breaks a requirement; the directional controls of §3 are tried; and Badami's
 * question whether number type ambiguity can occur in IDNs is answered by exhaustion.
 * The command may allocate and uses POSIX threads (one per core asked).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "ibidi/rfc5893.h"
#include "ibidi/utf8.h"

#define MAXN 12 /* longest label enumerated */
#define MAXS 2  /* longest neighbour label */
#define MAX_EXAMPLES 8

/* ---- Classes ---------------------------------------------------------------------------- */

static int alpha_n;                       /* classes enumerated (allowed in labels, but BN) */
static uint8_t alpha[IBIDI_BC_COUNT];
static uint32_t rep_cp[IBIDI_BC_COUNT];   /* one code point allowed in labels per class */
static size_t class_count[IBIDI_BC_COUNT];
static int bn_allowed;
static size_t n_mirrored, n_brackets;

/* RFC 5892: the code points a label may hold are PVALID, CONTEXTJ or CONTEXTO. */
static void compute_classes(void)
{
    memset(class_count, 0, sizeof class_count);
    n_mirrored = n_brackets = 0;
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        ibidi_idna_property p = ibidi_idna_property_of(cp);
        if (p != IBIDI_IDNA_PVALID && p != IBIDI_IDNA_CONTEXTJ && p != IBIDI_IDNA_CONTEXTO)
            continue;
        ibidi_bidi_class bc = ibidi_cp_bidi_class(cp);
        if (class_count[bc]++ == 0)
            rep_cp[bc] = cp;
        n_mirrored += ibidi_cp_bidi_mirrored(cp) != 0;
        n_brackets += ibidi_cp_bracket_type(cp) != IBIDI_BPT_NONE;
    }
    alpha_n = 0;
    bn_allowed = class_count[IBIDI_BC_BN] > 0;
    for (int c = 0; c < IBIDI_BC_COUNT; c++)
        if (class_count[c] && c != IBIDI_BC_BN)
            alpha[alpha_n++] = (uint8_t)c;
}

/* ---- Rules ------------------------------------------------------------------------------ */

enum { RULE_5893, RULE_3454, RULE_NO_RTL, RULE_UNPROBLEMATIC };
typedef struct rule {
    int kind;
    unsigned apply; /* RULE_5893: the conditions applied */
} rule;

static int has_rtl(const uint8_t *c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (c[i] == IBIDI_BC_R || c[i] == IBIDI_BC_AL || c[i] == IBIDI_BC_AN)
            return 1;
    return 0;
}

/* RFC 5891 §4.2.3.1: a label neither starts nor ends with HYPHEN-MINUS, the only ES
 * allowed in labels, and has no "--" in its third and fourth positions. */
static int hyphens_ok(const uint8_t *c, size_t n)
{
    if (n == 0)
        return 1;
    return c[0] != IBIDI_BC_ES && c[n - 1] != IBIDI_BC_ES &&
           !(n >= 4 && c[2] == IBIDI_BC_ES && c[3] == IBIDI_BC_ES);
}

static int legal(const rule *r, const uint8_t *c, size_t n)
{
    if (!hyphens_ok(c, n))
        return 0;
    switch (r->kind) {
    case RULE_5893: return ibidi_rfc5893_conditions(c, n, r->apply) == 0;
    case RULE_3454: return ibidi_rfc3454_rule_ok(c, n);
    case RULE_NO_RTL: return !has_rtl(c, n); /* the rule does not apply (RFC 5893 §1.4) */
    default: /* §3 "unproblematic": satisfies the rule, or no R/AL/AN and not EN first */
        return ibidi_rfc5893_conditions(c, n, IBIDI_RFC5893_ALL_CONDITIONS) == 0 ||
               (!has_rtl(c, n) && (n == 0 || c[0] != IBIDI_BC_EN));
    }
}

static const rule STRICT = {RULE_5893, IBIDI_RFC5893_ALL_CONDITIONS};

/* ---- Labels ----------------------------------------------------------------------------- */

typedef struct lab {
    uint8_t n;
    uint8_t c[MAXN];
} lab;

typedef struct labset {
    lab *v;
    size_t n, cap;
} labset;

static void push(labset *l, const uint8_t *c, size_t n)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
        if (!l->v) {
            fprintf(stderr, "ibidi verify-rule: out of memory\n");
            exit(CLI_INVALID);
        }
    }
    l->v[l->n].n = (uint8_t)n;
    if (n > 0)
        memcpy(l->v[l->n].c, c, n);
    l->n++;
}

/* Every string over the enumerated classes of length n (n = 0: the empty one), those
 * legal under r appended to out; returns how many strings were looked at. */
static size_t enumerate(const rule *r, size_t n, labset *out)
{
    uint8_t idx[MAXN] = {0}, c[MAXN] = {0};
    size_t seen = 0;
    for (;;) {
        for (size_t i = 0; i < n; i++)
            c[i] = alpha[idx[i]];
        seen++;
        if (legal(r, c, n))
            push(out, c, n);
        size_t i = n;
        while (i > 0 && ++idx[i - 1] == alpha_n)
            idx[--i] = 0;
        if (i == 0)
            return seen;
    }
}

static void put_classes(FILE *f, const uint8_t *c, size_t n)
{
    if (n == 0)
        fputs("(empty)", f);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%s", i ? " " : "", ibidi_cp_bidi_class_name((ibidi_bidi_class)c[i]));
}

static void put_sample(FILE *f, const uint8_t *c, size_t n)
{
    fputs("\"", f);
    for (size_t i = 0; i < n; i++) {
        char buf[4];
        size_t len = 0;
        ibidi_utf8_encode(&rep_cp[c[i]], 1, buf, sizeof buf, &len, NULL);
        fwrite(buf, 1, len, f);
    }
    fputs("\"", f);
}

/* ---- Contexts --------------------------------------------------------------------------- */

typedef struct ctxdesc {
    uint8_t dir, d1, d2, pl, ctl;
    uint16_t s1, s2;
} ctxdesc;

static const uint8_t delims[3] = {IBIDI_BC_CS, IBIDI_BC_WS, IBIDI_BC_ON};
static const uint32_t delim_cp[3] = {0x2E, 0x20, 0x40};
static const uint8_t ctls[4] = {IBIDI_BC_LRE, IBIDI_BC_RLE, IBIDI_BC_LRO, IBIDI_BC_RLO};

/* The case of label x in context cd, its neighbours from nb. */
static ibidi_rfc5893_case case_of(const ctxdesc *cd, const lab *x, const labset *nb)
{
    const lab *s1 = &nb->v[cd->s1], *s2 = &nb->v[cd->s2];
    const ibidi_rfc5893_case c = {s1->c, s1->n, cd->d1, x->c, x->n, cd->d2, s2->c, s2->n,
                                  cd->dir ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, cd->ctl, cd->pl};
    return c;
}

static uint32_t dcp(uint8_t bc)
{
    for (int i = 0; i < 3; i++)
        if (delims[i] == bc)
            return delim_cp[i];
    return 0;
}

/* ---- One space of labels and contexts, checked by threads ------------------------------- */

typedef struct space {
    const labset *x;       /* the labels X */
    const labset *nb;      /* the neighbours S1, S2 (the empty one included) */
    const ctxdesc *ctx;
    size_t n_ctx;
    int uniqueness;
    int clusters; /* compare the display as rendered (marks on their base) */
    const uint8_t *x_strict;  /* per label: legal under the full rule (NULL: no filter) */
    const uint8_t *nb_strict; /* per neighbour */
    int threads;
} space;

typedef struct pairex {
    size_t x, y, ctx;
} pairex;

/* Uniqueness is compared two ways: U_CP, the code points left to right (the formal text of
 * §3); U_CL, as rendered, each mark on its base (Badami, "Weak type NSM"). */
enum { U_CP = 0, U_CL = 1 };

typedef struct tres {
    unsigned long long runs, grouped_cases, literal_cases, uniq_cases[2];
    size_t *first_grouped, *first_literal; /* per label: smallest context index, or -1 */
    uint8_t *in_uniq;                       /* per label: bit 1 << U_CP, 1 << U_CL */
    pairex pairs[2][MAX_EXAMPLES];
    size_t n_pairs[2];
    int error;
} tres;

typedef struct job {
    const space *sp;
    tres *r;
    int tid;
} job;

typedef struct keyed {
    uint64_t hi, lo;
    uint32_t i;
} keyed;

static int cmp_keyed(const void *a, const void *b)
{
    const keyed *p = a, *q = b;
    if (p->hi != q->hi)
        return p->hi < q->hi ? -1 : 1;
    if (p->lo != q->lo)
        return p->lo < q->lo ? -1 : 1;
    return p->i < q->i ? -1 : p->i > q->i;
}

/* A display key value as a nibble (1-15): label classes, marks, the three delimiters. */
static unsigned nibble(uint8_t v)
{
    if (v == IBIDI_RFC5893_MARK_KEY)
        return 11u; /* BN never shows (X9), so its value is free for a mark on a base */
    if (v >= IBIDI_RFC5893_DELIM_KEY) {
        const uint8_t bc = (uint8_t)(v - IBIDI_RFC5893_DELIM_KEY);
        return bc == IBIDI_BC_CS ? 13u : bc == IBIDI_BC_WS ? 14u : 15u;
    }
    return v == IBIDI_BC_ON ? 12u : (unsigned)v + 1u; /* L..BN: 1..10, ON: 12 */
}

static keyed pack(const uint8_t *kv, size_t n, size_t i)
{
    uint64_t hi = 0, lo = 0;
    for (size_t k = 0; k < n && k < 32; k++) {
        if (k < 16)
            hi |= (uint64_t)nibble(kv[k]) << (4 * k);
        else
            lo |= (uint64_t)nibble(kv[k]) << (4 * (k - 16));
    }
    return (keyed){hi, lo, (uint32_t)i};
}

static void add_pair(tres *r, int u, size_t x, size_t y, size_t ctx)
{
    for (size_t k = 0; k < r->n_pairs[u]; k++)
        if (r->pairs[u][k].x == x && r->pairs[u][k].y == y) {
            if (ctx < r->pairs[u][k].ctx)
                r->pairs[u][k].ctx = ctx;
            return;
        }
    if (r->n_pairs[u] < MAX_EXAMPLES)
        r->pairs[u][r->n_pairs[u]++] = (pairex){x, y, ctx};
}

/* Labels whose displays are equal in context t: sorted keys, equal neighbours. */
static void collisions(const space *sp, tres *r, keyed *keys, size_t nx, int u, size_t t, int nb_ok)
{
    qsort(keys, nx, sizeof *keys, cmp_keyed);
    for (size_t a = 0; a < nx;) {
        size_t b = a + 1;
        while (b < nx && keys[b].hi == keys[a].hi && keys[b].lo == keys[a].lo)
            b++;
        for (size_t p = a; p < b; p++)
            for (size_t q = p + 1; q < b; q++) {
                const size_t x = keys[p].i, y = keys[q].i;
                if (sp->x_strict && sp->x_strict[x] && sp->x_strict[y] && nb_ok)
                    continue;
                r->uniq_cases[u]++;
                r->in_uniq[x] |= (uint8_t)(1u << u);
                r->in_uniq[y] |= (uint8_t)(1u << u);
                add_pair(r, u, x < y ? x : y, x < y ? y : x, t);
            }
        a = b;
    }
}

static void *worker(void *arg)
{
    job *j = arg;
    const space *sp = j->sp;
    tres *r = j->r;
    const size_t nx = sp->x->n;
    keyed *keys = sp->uniqueness ? malloc(2 * (nx ? nx : 1) * sizeof *keys) : NULL;
    if (sp->uniqueness && !keys) {
        r->error = 1;
        return NULL;
    }
    for (size_t t = (size_t)j->tid; t < sp->n_ctx; t += (size_t)sp->threads) {
        const ctxdesc *cd = &sp->ctx[t];
        const int nb_ok = !sp->nb_strict || (sp->nb_strict[cd->s1] && sp->nb_strict[cd->s2]);
        for (size_t i = 0; i < nx; i++) {
            const lab *x = &sp->x->v[i];
            ibidi_rfc5893_case c = case_of(cd, x, sp->nb);
            unsigned broken = 0;
            ibidi_rfc5893_display disp;
            ibidi_error err;
            if (ibidi_rfc5893_run(&c, &broken, keys ? &disp : NULL, &err) != IBIDI_OK) {
                r->error = 1;
                free(keys);
                return NULL;
            }
            r->runs++;
            /* With a filter, only cases that involve a label outside the full rule count. */
            const int counts = !sp->x_strict || !(sp->x_strict[i] && nb_ok);
            if (counts && (broken & IBIDI_RFC5893_BROKEN_GROUPED)) {
                r->grouped_cases++;
                if (r->first_grouped[i] > t)
                    r->first_grouped[i] = t;
            }
            if (counts && (broken & IBIDI_RFC5893_BROKEN_LITERAL)) {
                r->literal_cases++;
                if (r->first_literal[i] > t)
                    r->first_literal[i] = t;
            }
            if (keys) {
                keys[i] = pack(disp.key, disp.len, i);
                keys[nx + i] = pack(disp.clusters, disp.clusters_len, i);
            }
        }
        if (keys) {
            collisions(sp, r, keys, nx, U_CP, t, nb_ok);
            collisions(sp, r, keys + nx, nx, U_CL, t, nb_ok);
        }
    }
    free(keys);
    return NULL;
}

typedef struct result {
    size_t labels;
    size_t contexts;
    unsigned long long runs, grouped_cases, literal_cases, uniq_cases[2];
    size_t grouped_labels, literal_labels, uniq_labels[2];
    size_t *first_grouped, *first_literal; /* merged */
    pairex pairs[2][MAX_EXAMPLES];
    size_t n_pairs[2];
} result;

static void free_result(result *r)
{
    free(r->first_grouped);
    free(r->first_literal);
    memset(r, 0, sizeof *r);
}

static void oom(void)
{
    fprintf(stderr, "ibidi verify-rule: out of memory\n");
    exit(CLI_INVALID);
}

static int run_space(const space *sp, result *out)
{
    const size_t nx = sp->x->n;
    const int nt = sp->threads;
    tres *tr = calloc((size_t)nt, sizeof *tr);
    job *jobs = calloc((size_t)nt, sizeof *jobs);
    pthread_t *th = calloc((size_t)nt, sizeof *th);
    if (!tr || !jobs || !th)
        oom();
    for (int k = 0; k < nt; k++) {
        tr[k].first_grouped = malloc((nx + 1) * sizeof(size_t));
        tr[k].first_literal = malloc((nx + 1) * sizeof(size_t));
        tr[k].in_uniq = calloc(nx + 1, 1);
        if (!tr[k].first_grouped || !tr[k].first_literal || !tr[k].in_uniq)
            oom();
        for (size_t i = 0; i < nx; i++)
            tr[k].first_grouped[i] = tr[k].first_literal[i] = (size_t)-1;
        jobs[k] = (job){sp, &tr[k], k};
    }
    for (int k = 1; k < nt; k++)
        if (pthread_create(&th[k], NULL, worker, &jobs[k]) != 0) {
            fprintf(stderr, "ibidi verify-rule: cannot start a thread\n");
            exit(CLI_INVALID);
        }
    worker(&jobs[0]);
    for (int k = 1; k < nt; k++)
        pthread_join(th[k], NULL);
    memset(out, 0, sizeof *out);
    out->labels = nx;
    out->contexts = sp->n_ctx;
    out->first_grouped = malloc((nx + 1) * sizeof(size_t));
    out->first_literal = malloc((nx + 1) * sizeof(size_t));
    if (!out->first_grouped || !out->first_literal)
        oom();
    int error = 0;
    for (size_t i = 0; i < nx; i++) {
        size_t g = (size_t)-1, l = (size_t)-1;
        unsigned u = 0;
        for (int k = 0; k < nt; k++) {
            if (tr[k].first_grouped[i] < g)
                g = tr[k].first_grouped[i];
            if (tr[k].first_literal[i] < l)
                l = tr[k].first_literal[i];
            u |= tr[k].in_uniq[i];
        }
        out->first_grouped[i] = g;
        out->first_literal[i] = l;
        out->grouped_labels += g != (size_t)-1;
        out->literal_labels += l != (size_t)-1;
        out->uniq_labels[U_CP] += (u >> U_CP) & 1u;
        out->uniq_labels[U_CL] += (u >> U_CL) & 1u;
    }
    for (int k = 0; k < nt; k++) {
        out->runs += tr[k].runs;
        out->grouped_cases += tr[k].grouped_cases;
        out->literal_cases += tr[k].literal_cases;
        error |= tr[k].error;
        for (int u = 0; u < 2; u++) {
            out->uniq_cases[u] += tr[k].uniq_cases[u];
            for (size_t p = 0; p < tr[k].n_pairs[u]; p++) {
                /* keep the examples with the smallest labels, whatever thread found them */
                const pairex e = tr[k].pairs[u][p];
                int dup = 0;
                for (size_t q = 0; q < out->n_pairs[u]; q++)
                    if (out->pairs[u][q].x == e.x && out->pairs[u][q].y == e.y) {
                        dup = 1;
                        if (e.ctx < out->pairs[u][q].ctx)
                            out->pairs[u][q].ctx = e.ctx;
                    }
                if (dup)
                    continue;
                if (out->n_pairs[u] < MAX_EXAMPLES) {
                    out->pairs[u][out->n_pairs[u]++] = e;
                } else {
                    size_t worst = 0;
                    for (size_t q = 1; q < MAX_EXAMPLES; q++)
                        if (out->pairs[u][q].x > out->pairs[u][worst].x)
                            worst = q;
                    if (e.x < out->pairs[u][worst].x)
                        out->pairs[u][worst] = e;
                }
            }
        }
        free(tr[k].first_grouped);
        free(tr[k].first_literal);
        free(tr[k].in_uniq);
    }
    for (int u = 0; u < 2; u++) /* deterministic order: by the first label */
        for (size_t a = 1; a < out->n_pairs[u]; a++)
            for (size_t q = a; q > 0 && (out->pairs[u][q].x < out->pairs[u][q - 1].x ||
                                         (out->pairs[u][q].x == out->pairs[u][q - 1].x &&
                                          out->pairs[u][q].y < out->pairs[u][q - 1].y));
                 q--) {
                const pairex tmp = out->pairs[u][q];
                out->pairs[u][q] = out->pairs[u][q - 1];
                out->pairs[u][q - 1] = tmp;
            }
    free(tr);
    free(jobs);
    free(th);
    return error ? -1 : 0;
}

/* Contexts: directions x controls x D1 x D2 x S1 x S2, for one placement (NONE: no
 * control; STRAY_PDF: a PDF alone; others: each of LRE, RLE, LRO, RLO). */
static ctxdesc *make_contexts(size_t n_nb, int pl, size_t *n_out)
{
    const int nc = (pl == IBIDI_RFC5893_PLACE_NONE || pl == IBIDI_RFC5893_PLACE_STRAY_PDF) ? 1 : 4;
    size_t n = 0;
    ctxdesc *v = malloc(2 * (size_t)nc * 9 * n_nb * n_nb * sizeof *v);
    if (!v)
        oom();
    for (int d = 0; d < 2; d++)
        for (int k = 0; k < nc; k++)
            for (int a = 0; a < 3; a++)
                for (int b = 0; b < 3; b++)
                    for (size_t s1 = 0; s1 < n_nb; s1++)
                        for (size_t s2 = 0; s2 < n_nb; s2++)
                            v[n++] = (ctxdesc){(uint8_t)d, delims[a], delims[b], (uint8_t)pl,
                                               nc == 1 ? 0 : ctls[k], (uint16_t)s1, (uint16_t)s2};
    *n_out = n;
    return v;
}

/* The report: text on standard output, or nothing there until the JSON object at the end. */
static FILE *rep;

static void put_context(FILE *f, const ctxdesc *cd, const labset *nb)
{
    fprintf(f, "%s paragraph, S1 = ", cd->dir ? "RTL" : "LTR");
    put_classes(f, nb->v[cd->s1].c, nb->v[cd->s1].n);
    fprintf(f, ", D1 = U+%04X, D2 = U+%04X, S2 = ", dcp(cd->d1), dcp(cd->d2));
    put_classes(f, nb->v[cd->s2].c, nb->v[cd->s2].n);
    if (cd->pl)
        fprintf(f, ", %s placed %s",
                cd->pl == IBIDI_RFC5893_PLACE_STRAY_PDF ? "PDF"
                                                        : ibidi_cp_bidi_class_name((ibidi_bidi_class)cd->ctl),
                ibidi_rfc5893_placement_name((ibidi_rfc5893_placement)cd->pl));
}

/* The display, left to right, as class names (delimiters as their code point). */
static void put_display(FILE *f, const lab *x, const ctxdesc *cd, const labset *nb)
{
    ibidi_rfc5893_case c = case_of(cd, x, nb);
    ibidi_rfc5893_display d;
    if (ibidi_rfc5893_run(&c, NULL, &d, NULL) != IBIDI_OK)
        return;
    for (size_t i = 0; i < d.len; i++) {
        if (d.key[i] >= IBIDI_RFC5893_DELIM_KEY)
            fprintf(f, "%sU+%04X", i ? " " : "", dcp((uint8_t)(d.key[i] - IBIDI_RFC5893_DELIM_KEY)));
        else
            fprintf(f, "%s%s", i ? " " : "", ibidi_cp_bidi_class_name((ibidi_bidi_class)d.key[i]));
    }
}

/* ---- Options and the report -------------------------------------------------------------- */

typedef struct vopts {
    int max_len, threads, json;
} vopts;

static void neighbours_of(const rule *r, labset *nb)
{
    for (size_t n = 0; n <= MAXS; n++)
        enumerate(r, n, nb);
}

static uint8_t *strict_flags(const labset *l)
{
    uint8_t *f = malloc(l->n + 1);
    if (!f)
        oom();
    for (size_t i = 0; i < l->n; i++)
        f[i] = (uint8_t)legal(&STRICT, l->v[i].c, l->v[i].n);
    return f;
}

static unsigned long long total_runs;

/* With a filter (a rule weaker than RFC 5893), which labels of an example break the full
 * rule: the label tested need not be one of them (a neighbour such as "R ON" can break the
 * grouping of "R"). y: index of the second label of a pair, or (size_t)-1. */
static void put_outside(const uint8_t *x_strict, const uint8_t *nb_strict, size_t x, size_t y,
                        const ctxdesc *cd)
{
    if (!x_strict || !nb_strict)
        return;
    const int out[4] = {!x_strict[x], y != (size_t)-1 && !x_strict[y], !nb_strict[cd->s1],
                        !nb_strict[cd->s2]};
    static const char *const names[4] = {"X", "Y", "S1", "S2"};
    fputs(" [outside the full rule:", rep);
    for (int k = 0; k < 4; k++)
        if (out[k])
            fprintf(rep, " %s", names[k]);
    fputs("]", rep);
}

/* One example per label, labels outside the full rule first (with a filter). */
static void print_grouping_examples(const char *what, const labset *xs, const size_t *first,
                                    const uint8_t *x_strict, const uint8_t *nb_strict,
                                    const ctxdesc *ctx, const labset *nb, int max)
{
    int shown = 0;
    for (int pass = x_strict ? 0 : 1; pass < 2; pass++)
        for (size_t i = 0; i < xs->n && shown < max; i++) {
            if (first[i] == (size_t)-1 || (pass == 0 && x_strict[i]) ||
                (pass == 1 && x_strict && !x_strict[i]))
                continue;
            fprintf(rep, "    %s: X = ", what);
            put_classes(rep, xs->v[i].c, xs->v[i].n);
            fprintf(rep, " ");
            put_sample(rep, xs->v[i].c, xs->v[i].n);
            fprintf(rep, " in ");
            put_context(rep, &ctx[first[i]], nb);
            fprintf(rep, "; shown: ");
            put_display(rep, &xs->v[i], &ctx[first[i]], nb);
            put_outside(x_strict, nb_strict, i, (size_t)-1, &ctx[first[i]]);
            fprintf(rep, "\n");
            shown++;
        }
}

static void print_pairs(const char *what, const pairex *pairs, size_t n_pairs, const labset *xs,
                        const uint8_t *x_strict, const uint8_t *nb_strict, const ctxdesc *ctx,
                        const labset *nb, int max)
{
    for (size_t p = 0; p < n_pairs && (int)p < max; p++) {
        const lab *x = &xs->v[pairs[p].x], *y = &xs->v[pairs[p].y];
        fprintf(rep, "    %s: X = ", what);
        put_classes(rep, x->c, x->n);
        fprintf(rep, " ");
        put_sample(rep, x->c, x->n);
        fprintf(rep, " and Y = ");
        put_classes(rep, y->c, y->n);
        fprintf(rep, " ");
        put_sample(rep, y->c, y->n);
        fprintf(rep, " in ");
        put_context(rep, &ctx[pairs[p].ctx], nb);
        fprintf(rep, "; both shown: ");
        put_display(rep, x, &ctx[pairs[p].ctx], nb);
        put_outside(x_strict, nb_strict, pairs[p].x, pairs[p].y, &ctx[pairs[p].ctx]);
        fprintf(rep, "\n");
    }
}

/* What a check found. */
typedef struct found {
    unsigned long long grouped, literal, uniq_cp, uniq_cl, runs, enumerated;
    size_t passing, neighbours;
    int shortest; /* stop_first: the length of the first counterexample, 0 if none */
} found;

/*
 * Checks the labels of lengths 1..max_len legal under xr, with neighbours legal under nr
 * (up to MAXS characters, and the empty one), for one control placement. uniqueness: also
 * Label Uniqueness. filter: only counterexamples that involve a label outside the full
 * rule count. stop_first: stop after the first length with a counterexample (grouped
 * reading or uniqueness as rendered) and print it; otherwise print every length.
 */
static found check_rule(const char *title, const rule *xr, const rule *nr, int max_len,
                        int uniqueness, int placement, int filter, int stop_first,
                        const vopts *o)
{
    found f;
    memset(&f, 0, sizeof f);
    labset nb = {0};
    if (nr) {
        neighbours_of(nr, &nb);
    } else { /* the library's table (include/ibidi/rfc5893.h) */
        size_t k;
        const ibidi_rfc5893_neighbour *t = ibidi_rfc5893_neighbours(&k);
        for (size_t i = 0; i < k; i++)
            push(&nb, t[i].classes, t[i].n);
    }
    f.neighbours = nb.n;
    size_t n_ctx = 0;
    ctxdesc *ctx = make_contexts(nb.n, placement, &n_ctx);
    uint8_t *nb_strict = filter ? strict_flags(&nb) : NULL;
    for (int n = 1; n <= max_len; n++) {
        labset xs = {0};
        f.enumerated += enumerate(xr, (size_t)n, &xs);
        f.passing += xs.n;
        if (xs.n == 0)
            continue;
        uint8_t *xst = filter ? strict_flags(&xs) : NULL;
        space sp = {&xs, &nb, ctx, n_ctx, uniqueness, 0, xst, nb_strict, o->threads};
        result r;
        if (run_space(&sp, &r) != 0) {
            fprintf(stderr, "ibidi verify-rule: a UBA run failed\n");
            exit(CLI_INVALID);
        }
        f.runs += r.runs;
        f.grouped += r.grouped_cases;
        f.literal += r.literal_cases;
        f.uniq_cp += r.uniq_cases[U_CP];
        f.uniq_cl += r.uniq_cases[U_CL];
        if (!stop_first) {
            fprintf(rep, "  length %d: %zu labels pass, %zu contexts, %llu UBA runs; grouping "
                         "broken for %zu labels; uniqueness as rendered broken for %zu labels "
                         "(%llu pairs x contexts); code points (formal text): %zu labels "
                         "(%llu); literal grouping: %zu labels\n",
                    n, xs.n, r.contexts, r.runs, r.grouped_labels, r.uniq_labels[U_CL],
                    r.uniq_cases[U_CL], r.uniq_labels[U_CP], r.uniq_cases[U_CP],
                    r.literal_labels);
            print_grouping_examples("grouping", &xs, r.first_grouped, xst, nb_strict, ctx, &nb, 3);
            print_pairs("uniqueness as rendered", r.pairs[U_CL], r.n_pairs[U_CL], &xs, xst, nb_strict,
                        ctx, &nb, 3);
            if (uniqueness && r.n_pairs[U_CP] && n <= 4)
                print_pairs("same code points", r.pairs[U_CP], r.n_pairs[U_CP], &xs, xst, nb_strict,
                            ctx, &nb, 2);
            if (r.literal_labels && n <= 2)
                print_grouping_examples("literal grouping", &xs, r.first_literal, xst, nb_strict, ctx,
                                        &nb, 2);
        } else if (r.grouped_cases + r.uniq_cases[U_CL] > 0) {
            f.shortest = n;
            fprintf(rep, "  %s: shortest counterexample at length %d (%zu of %zu labels break "
                         "grouping, %zu are in uniqueness pairs)\n",
                    title, n, r.grouped_labels, xs.n, r.uniq_labels[U_CL]);
            print_grouping_examples("grouping", &xs, r.first_grouped, xst, nb_strict, ctx, &nb, 1);
            print_pairs("uniqueness", r.pairs[U_CL], r.n_pairs[U_CL], &xs, xst, nb_strict, ctx, &nb, 1);
        }
        free_result(&r);
        free(xs.v);
        free(xst);
        if (f.shortest)
            break;
    }
    if (stop_first && !f.shortest)
        fprintf(rep, "  %s: none found up to length %d\n", title, max_len);
    total_runs += f.runs;
    free(ctx);
    free(nb.v);
    free(nb_strict);
    return f;
}

/* ---- The controls claim: what the failing cases of one placement have in common ---------- */

/* Runs the placement over the labels up to max_len that pass the rule and the library's
 * contexts, and sorts the cases that break grouping: those with D2 = SPACE at the end of
 * the line (S2 empty), where UAX #9 L1 resets D2 to the paragraph level, and the others. */
static void explain_placement(int pl, int max_len)
{
    size_t nn = 0, n_ctx = 0;
    const ibidi_rfc5893_neighbour *t = ibidi_rfc5893_neighbours(&nn);
    labset nb = {0};
    for (size_t i = 0; i < nn; i++)
        push(&nb, t[i].classes, t[i].n);
    ctxdesc *ctx = make_contexts(nb.n, pl, &n_ctx);
    unsigned long long cases = 0, broken = 0, at_end = 0, labels = 0, labels_broken = 0;
    for (int n = 1; n <= max_len; n++) {
        labset xs = {0};
        enumerate(&STRICT, (size_t)n, &xs);
        for (size_t i = 0; i < xs.n; i++) {
            int any = 0;
            for (size_t k = 0; k < n_ctx; k++) {
                const ctxdesc *cd = &ctx[k];
                ibidi_rfc5893_case c = case_of(cd, &xs.v[i], &nb);
                unsigned br = 0;
                if (ibidi_rfc5893_run(&c, &br, NULL, NULL) != IBIDI_OK)
                    continue;
                cases++;
                if (!(br & IBIDI_RFC5893_BROKEN_GROUPED))
                    continue;
                broken++;
                any = 1;
                at_end += cd->d2 == IBIDI_BC_WS && nb.v[cd->s2].n == 0;
            }
            labels++;
            labels_broken += any;
        }
        free(xs.v);
    }
    free(ctx);
    free(nb.v);
    total_runs += cases;
    fprintf(rep, "    why: %llu of %llu cases break grouping, for %llu of the %llu labels; %llu of "
                 "them have D2 = U+0020 at the end of the line (S2 empty)\n",
            broken, cases, labels_broken, labels, at_end);
    if (broken > 0 && at_end == broken)
        fprintf(rep, "    UAX #9 L1 resets a space at the end of a line to the paragraph level, so "
                     "D2 leaves the embedding the control opened while D1 and X stay in it; with "
                     "no delimiter left to close the embedded run on one side, L2 shows X next "
                     "to a character of S1 (LTR paragraph: R LRE . a SP PDF, levels 1 2 2 0 after "
                     "L1, shows . a R SP; a RLE . A SP PDF, levels 0 1 1 0, shows a A . SP). With "
                     "D2 = FULL STOP or COMMERCIAL AT, or a label after D2, this placement holds. "
                     "%s\n",
                labels_broken == labels ? "Every label that passes the rule breaks it: it "
                                          "comes from the context, not from the label."
                                        : "");
}

/* ---- Badami: number type ambiguity ------------------------------------------------------- */

typedef struct name {
    uint8_t n;
    uint8_t c[MAXN];
} name;

typedef struct nkey {
    uint64_t hi, lo;
    uint32_t i;
    uint8_t dir;
} nkey;

static int cmp_nkey(const void *a, const void *b)
{
    const nkey *p = a, *q = b;
    if (p->dir != q->dir)
        return p->dir < q->dir ? -1 : 1;
    if (p->hi != q->hi)
        return p->hi < q->hi ? -1 : 1;
    if (p->lo != q->lo)
        return p->lo < q->lo ? -1 : 1;
    return p->i < q->i ? -1 : p->i > q->i;
}

/* Is the name legal: mode 0, RFC 5893 (in a Bidi domain name every label passes the rule,
 * but LDH labels (L, EN, ES) may stand beside them unless they start with a digit after an
 * RTL label: §2, second guarantee; a name without R, AL, AN has no rule); mode 1, RFC 3454
 * (every label passes the RandALCat rule). Every label keeps the hyphen rule. */
static int name_legal(const uint8_t *c, size_t n, int mode)
{
    const int bidi = has_rtl(c, n);
    int seen_rtl = 0;
    size_t s = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && c[i] != IBIDI_BC_CS)
            continue;
        const uint8_t *l = c + s;
        const size_t ln = i - s;
        if (ln == 0 || !hyphens_ok(l, ln))
            return 0;
        if (mode == 1) {
            if (!ibidi_rfc3454_rule_ok(l, ln))
                return 0;
        } else if (bidi && ibidi_rfc5893_conditions(l, ln, IBIDI_RFC5893_ALL_CONDITIONS)) {
            int ldh = 1;
            for (size_t k = 0; k < ln; k++)
                ldh &= l[k] == IBIDI_BC_L || l[k] == IBIDI_BC_EN || l[k] == IBIDI_BC_ES;
            if (!ldh || (l[0] == IBIDI_BC_EN && seen_rtl))
                return 0;
        }
        seen_rtl |= has_rtl(l, ln);
        s = i + 1;
    }
    return 1;
}

/* The number typing of a name without controls, read from its types after W1-W7: t[i]
 * gets 'E' or 'A' for a digit (EN as W2 left it, whether or not W7 then made it L; or AN
 * after AL), 'S' for a separator (ES, CS) that W4 made part of a number (it has the
 * number's type, where W6 makes the others ON), 0 otherwise. dir: the paragraph direction,
 * LTR (0) or RTL (1). */
static void number_types(const uint8_t *c, size_t n, int dir, char *t)
{
    uint8_t levels[MAXN], weak[MAXN];
    const ibidi_bidi_options o = {dir ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, 0, NULL, 0};
    ibidi_bidi_result r = {.levels = levels, .weak = weak, .cap = MAXN};
    memset(t, 0, n);
    if (ibidi_bidi_resolve_classes(c, n, &o, &r, NULL) != IBIDI_OK)
        return; /* not reached: the names are class strings of at most MAXN */
    for (size_t i = 0; i < n; i++) {
        t[i] = 0;
        if (c[i] == IBIDI_BC_EN)
            t[i] = weak[i] == IBIDI_BC_AN ? 'A' : 'E';
        if ((c[i] == IBIDI_BC_ES || c[i] == IBIDI_BC_CS) && weak[i] != IBIDI_BC_ON)
            t[i] = 'S';
    }
}

/* The display of a name as rendered (marks on their base): the key, and in order[k] the
 * logical index of the character at key position k. Two names with equal keys are compared
 * position by position in this order, not in the visual order of L2: a mark is left of its
 * base at an odd level and right of it at an even one, so "L ES NSM EN" and "EN ES NSM L"
 * (RTL paragraph) show the same clusters with the hyphen and its mark in swapped places. */
static int name_display(const name *nm, int dir, size_t *order, uint64_t *hi, uint64_t *lo)
{
    uint8_t lv[MAXN];
    size_t v2l[MAXN];
    if (ibidi_bidi_resolve_classes(nm->c, nm->n,
                                   &(ibidi_bidi_options){.dir = dir ? IBIDI_DIR_RTL : IBIDI_DIR_LTR},
                                   &(ibidi_bidi_result){.levels = lv, .cap = nm->n}, NULL) != IBIDI_OK ||
        ibidi_bidi_reorder(lv, nm->n, v2l, NULL, NULL) != IBIDI_OK)
        return -1;
    uint8_t key[2 * MAXN];
    size_t m = 0;
    for (size_t v = 0; v < nm->n; v++) {
        const size_t i = v2l[v];
        if (nm->c[i] == IBIDI_BC_NSM && i > 0)
            continue; /* drawn with its base */
        order[m] = i;
        key[m++] = nm->c[i];
        for (size_t k = i + 1; k < nm->n && nm->c[k] == IBIDI_BC_NSM; k++) {
            order[m] = k;
            key[m++] = (uint8_t)IBIDI_RFC5893_MARK_KEY;
        }
    }
    *hi = nm->n;
    *lo = 0;
    for (size_t k = 0; k < m; k++) {
        const uint64_t nib = key[k] == IBIDI_RFC5893_MARK_KEY ? 11u
                             : key[k] == IBIDI_BC_ON        ? 12u
                                                            : (uint64_t)key[k] + 1u;
        if (k < 14)
            *hi |= nib << (4 * k + 8);
        else
            *lo |= nib << (4 * (k - 14));
    }
    return 0;
}

typedef struct badami_out {
    size_t names, groups, type_differs, type_ambiguous;
} badami_out;

/* Every name of 1-3 labels and up to max_len characters (dots included), legal under the
 * mode, in both directions: names that display identically, and among them those with
 * number type ambiguity (a digit shown at one place is EN in one name and AN in the other,
 * and a separator shown at one place goes with a number (W4) in one and not the other). */
static badami_out badami(int max_len, int mode)
{
    badami_out out = {0, 0, 0, 0};
    name *v = NULL;
    size_t nv = 0, cap = 0;
    uint8_t al[IBIDI_BC_COUNT + 1];
    int an = alpha_n;
    memcpy(al, alpha, (size_t)alpha_n);
    al[an++] = IBIDI_BC_CS;
    for (int n = 1; n <= max_len && n <= MAXN; n++) {
        uint8_t idx[MAXN] = {0}, c[MAXN] = {0};
        for (;;) {
            int dots = 0;
            for (int i = 0; i < n; i++) {
                c[i] = al[idx[i]];
                dots += c[i] == IBIDI_BC_CS;
            }
            if (dots <= 2 && name_legal(c, (size_t)n, mode)) {
                if (nv == cap) {
                    cap = cap ? 2 * cap : 4096;
                    v = realloc(v, cap * sizeof *v);
                    if (!v)
                        oom();
                }
                v[nv].n = (uint8_t)n;
                memcpy(v[nv].c, c, (size_t)n);
                nv++;
            }
            int i = n;
            while (i > 0 && ++idx[i - 1] == an)
                idx[--i] = 0;
            if (i == 0)
                break;
        }
    }
    nkey *keys = malloc((2 * nv + 1) * sizeof *keys);
    if (!keys)
        oom();
    size_t nk = 0;
    for (size_t i = 0; i < nv; i++)
        for (int d = 0; d < 2; d++) {
            size_t order[MAXN];
            uint64_t hi, lo;
            if (name_display(&v[i], d, order, &hi, &lo) == 0)
                keys[nk++] = (nkey){hi, lo, (uint32_t)i, (uint8_t)d};
        }
    total_runs += nk;
    qsort(keys, nk, sizeof *keys, cmp_nkey);
    int shown_group = 0, shown_type = 0, shown_differ = 0;
    for (size_t a = 0; a < nk;) {
        size_t b = a + 1;
        while (b < nk && keys[b].dir == keys[a].dir && keys[b].hi == keys[a].hi &&
               keys[b].lo == keys[a].lo)
            b++;
        out.groups += b - a > 1;
        for (size_t p = a; p < b; p++)
            for (size_t q = p + 1; q < b; q++) {
                const int d = keys[p].dir;
                const name *x = &v[keys[p].i], *y = &v[keys[q].i];
                size_t vx[MAXN], vy[MAXN]; /* logical index per key position */
                uint64_t h, l;
                char tx[MAXN], ty[MAXN];
                name_display(x, d, vx, &h, &l);
                name_display(y, d, vy, &h, &l);
                number_types(x->c, x->n, d, tx);
                number_types(y->c, y->n, d, ty);
                int digit = 0, sep = 0;
                for (size_t k = 0; k < x->n; k++) {
                    const char a1 = tx[vx[k]], b1 = ty[vy[k]];
                    digit |= (a1 == 'E' && b1 == 'A') || (a1 == 'A' && b1 == 'E');
                    sep |= (a1 == 'S') != (b1 == 'S') &&
                           (x->c[vx[k]] == IBIDI_BC_ES || x->c[vx[k]] == IBIDI_BC_CS);
                }
                if (!shown_group) {
                    fprintf(rep, "    names that display identically, e.g. ");
                    put_classes(rep, x->c, x->n);
                    fprintf(rep, " and ");
                    put_classes(rep, y->c, y->n);
                    fprintf(rep, " (%s paragraph)\n", d ? "RTL" : "LTR");
                    shown_group = 1;
                }
                out.type_differs += digit != 0;
                out.type_ambiguous += digit && sep;
                if (digit && !sep && !shown_differ) {
                    fprintf(rep, "    a digit EN in one and AN in the other, no separator "
                                 "involved (number embedding level ambiguity): ");
                    put_classes(rep, x->c, x->n);
                    fprintf(rep, " and ");
                    put_classes(rep, y->c, y->n);
                    fprintf(rep, " (%s paragraph)\n", d ? "RTL" : "LTR");
                    shown_differ = 1;
                }
                if (digit && sep && !shown_type) {
                    fprintf(rep, "    number type ambiguity: ");
                    put_classes(rep, x->c, x->n);
                    fprintf(rep, " and ");
                    put_classes(rep, y->c, y->n);
                    fprintf(rep, " (%s paragraph)\n", d ? "RTL" : "LTR");
                    shown_type = 1;
                }
            }
        a = b;
    }
    out.names = nv;
    fprintf(rep, "    %zu names (1-3 labels, up to %d characters with the dots), %zu groups that "
                 "display identically, %zu pairs where a digit is EN in one and AN in the "
                 "other, %zu of them with number type ambiguity\n",
            nv, max_len, out.groups, out.type_differs, out.type_ambiguous);
    free(keys);
    free(v);
    return out;
}

/* ---- BN: the claim that it may be set aside ---------------------------------------------- */

/* Labels with BN that pass the rule, up to length max: Character Grouping (both readings)
 * gives the same verdict as for the label with BN removed, in every library context. */
static void check_bn(int max_len, size_t *checked, size_t *differ)
{
    uint8_t al[IBIDI_BC_COUNT + 1];
    int an = alpha_n;
    memcpy(al, alpha, (size_t)alpha_n);
    al[an++] = IBIDI_BC_BN;
    *checked = *differ = 0;
    for (int n = 2; n <= max_len; n++) {
        uint8_t idx[MAXN] = {0}, c[MAXN] = {0}, s[MAXN] = {0};
        for (;;) {
            size_t m = 0;
            int bn = 0;
            for (int i = 0; i < n; i++) {
                c[i] = al[idx[i]];
                if (c[i] == IBIDI_BC_BN)
                    bn = 1;
                else
                    s[m++] = c[i];
            }
            if (bn && legal(&STRICT, c, (size_t)n)) {
                (*checked)++;
                for (unsigned opt = 0; opt < 2; opt++) {
                    int h1 = 1, h2 = 1;
                    ibidi_rfc5893_grouping_classes(c, (size_t)n, opt, &h1, NULL, NULL, NULL);
                    ibidi_rfc5893_grouping_classes(s, m, opt, &h2, NULL, NULL, NULL);
                    if (h1 != h2) {
                        (*differ)++;
                        break;
                    }
                }
            }
            int i = n;
            while (i > 0 && ++idx[i - 1] == an)
                idx[--i] = 0;
            if (i == 0)
                break;
        }
    }
}

/* ---- The command ------------------------------------------------------------------------- */

static void section(const char *t) { fprintf(rep, "\n== %s\n", t); }

static const char *json_dir_free(int shortest, char *buf, size_t cap)
{
    if (shortest)
        snprintf(buf, cap, "%d", shortest);
    else
        snprintf(buf, cap, "null");
    return buf;
}

static int verify_run(int argc, char **argv)
{
    vopts o = {6, 2, 0};
    for (int i = 1; i < argc; i++) {
        const char *v;
        const int is_len = cli_opt(argv[i], "--max-length", &v);
        if (is_len || cli_opt(argv[i], "--threads", &v)) {
            const char *opt = is_len ? "--max-length" : "--threads";
            if (!v) {
                if (i + 1 >= argc)
                    return cli_usage_error("verify-rule", "%s needs a number", opt);
                v = argv[++i];
            }
            char *end;
            long n = strtol(v, &end, 10);
            const long max = is_len ? MAXN : 64;
            if (*v == '\0' || *end != '\0' || n < 1 || n > max)
                return cli_usage_error("verify-rule", "%s: expected a number from 1 to %ld, got '%s'",
                                       opt, max, v);
            if (is_len)
                o.max_len = (int)n;
            else
                o.threads = (int)n;
        } else if (cli_opt(argv[i], "--json", &v) && !v) {
            o.json = 1;
        } else {
            return cli_usage_error("verify-rule", "unknown argument '%s'", argv[i]);
        }
    }
    rep = stdout;
    if (o.json) {
        rep = fopen("/dev/null", "w");
        if (!rep) {
            fprintf(stderr, "ibidi verify-rule: cannot open /dev/null\n");
            return CLI_INVALID;
        }
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    total_runs = 0;
    compute_classes();
    const int N = o.max_len;

    fprintf(rep, "ibidi verify-rule: the RFC 5893 Bidi Rule against its §3 requirements "
                 "(Unicode %s, labels up to %d characters)\n", ibidi_unicode_version(), N);

    section("What is enumerated, and why it is representative");
    fprintf(rep, "Bidi classes of the characters allowed in labels (PVALID, CONTEXTJ, CONTEXTO; "
                 "RFC 5892):\n");
    for (int c = 0; c < IBIDI_BC_COUNT; c++)
        if (class_count[c])
            fprintf(rep, "  %-4s %7zu code points, e.g. U+%04X\n",
                    ibidi_cp_bidi_class_name((ibidi_bidi_class)c), class_count[c], rep_cp[c]);
    fprintf(rep, "Paired brackets among them: %zu; mirrored characters: %zu.\n", n_brackets,
            n_mirrored);
    fprintf(rep, "%s\n", n_brackets == 0 && n_mirrored == 0
                             ? "So the characters of one class behave alike in the UBA (only N0 "
                               "and L4 tell them apart): a label is a string of classes, and two "
                               "labels display alike when their classes do (one code point per "
                               "class)."
                             : "WARNING: brackets or mirrored characters are allowed: the "
                               "class-level enumeration is not exact for them.");
    fprintf(rep, "Enumerated: every string of the classes");
    for (int k = 0; k < alpha_n; k++)
        fprintf(rep, " %s", ibidi_cp_bidi_class_name((ibidi_bidi_class)alpha[k]));
    fprintf(rep, " of length 1..%d that keeps the hyphen rule of RFC 5891 §4.2.3.1 (ES is "
                 "only HYPHEN-MINUS: not first, not last, not \"--\" in positions 3-4).\n", N);
    size_t bn_checked = 0, bn_differ = 0;
    const int bn_len = N < 4 ? N : 4;
    if (bn_allowed) {
        check_bn(bn_len, &bn_checked, &bn_differ);
        fprintf(rep, "BN (ZWNJ, ZWJ) is set aside: X9 removes it, RFC 5893 §3 says its position "
                     "has no meaning, and a BN is never first (condition 1) nor last (3, 6) in a "
                     "label that passes, so removing it leaves a passing label. Checked on %zu "
                     "passing labels with BN up to length %d: grouping verdict as without BN for "
                     "%s. Labels that differ only in where a BN is are not counted as display "
                     "twins: the BN shows as nothing (its effect is on joining, which classes do "
                     "not model).\n", bn_checked, bn_len, bn_differ ? "NOT all" : "all");
    }
    fprintf(rep, "Delimiters (§3: CS, WS, ON; ET and ES left out as §3 says):");
    size_t nd;
    const ibidi_rfc5893_delimiter *dl = ibidi_rfc5893_delimiters(&nd);
    for (size_t k = 0; k < nd; k++)
        fprintf(rep, " U+%04X (%s)", dl[k].cp, ibidi_cp_bidi_class_name((ibidi_bidi_class)dl[k].bidi_class));
    fprintf(rep, ", each as D1 and as D2.\nNeighbours S1, S2: empty, or every label of up to %d "
                 "characters legal under the rule tested (the definition is self-referential, "
                 "§3). A label that passes starts strong and ends strong or with a number, so "
                 "its own resolved classes do not depend on the context; the context acts only "
                 "through the class at the end of S1 and the start of S2 and through the levels "
                 "next to D1 and D2, which labels of up to %d characters already show (see "
                 "include/ibidi/rfc5893.h).\n", MAXS, MAXS);
    fprintf(rep, "Paragraphs: LTR and RTL.\nCharacter Grouping, grouped reading (decides the "
                 "verdict): the label is one block on screen, with D1, D2 or the edge of the "
                 "line next to it. Literal reading (the formal text: exactly the label between "
                 "D1 and D2): reported.\nLabel Uniqueness as rendered (decides the verdict): "
                 "marks drawn on their base; by code points (the formal text): reported.\n");

    section("RFC 5893 rule, labels of a Bidi domain name (all six conditions)");
    found main = check_rule("rule", &STRICT, &STRICT, N, 1, IBIDI_RFC5893_PLACE_NONE, 0, 0, &o);
    fprintf(rep, "  total: %llu label strings, %zu pass, %zu neighbours, %llu UBA runs\n",
            main.enumerated, main.passing, main.neighbours, main.runs);
    fprintf(rep, "  counterexamples: grouping %llu, uniqueness as rendered %llu%s\n", main.grouped,
            main.uniq_cl, main.grouped + main.uniq_cl ? " (see above)" : ": none");
    fprintf(rep, "  formal text: %llu cases break literal grouping (the RFC's own L1.R2.R3.L4, "
                 "shown L1.R3.R2.L4, puts R2 between the full stops around R3: the formal text "
                 "asks more than any rule can give); %llu pairs x contexts share their code "
                 "points (a mark next to a number: R EN NSM and R NSM EN both show EN NSM R, "
                 "but the mark is drawn on the digit in one and on the letter in the other)\n",
            main.literal, main.uniq_cp);

    section("§3 read literally: \"unproblematic\" neighbours that do not pass the rule");
    fprintf(rep, "  (no R, AL or AN and not EN first, e.g. ON EN: not allowed in a Bidi domain "
                 "name, so outside the guarantee; reported, not counted)\n");
    const rule unprob = {RULE_UNPROBLEMATIC, 0};
    found fu = check_rule("unproblematic neighbours", &STRICT, &unprob, N < 3 ? N : 3, 0,
                          IBIDI_RFC5893_PLACE_NONE, 1, 1, &o);

    section("Names without right-to-left labels (the rule does not apply; information)");
    const rule nortl = {RULE_NO_RTL, 0};
    found fl = check_rule("labels without R, AL, AN, unproblematic neighbours", &nortl, &unprob,
                          N < 4 ? N : 4, 0, IBIDI_RFC5893_PLACE_NONE, 0, 1, &o);

    section("Why each condition is needed: the rule without it (neighbours legal under it)");
    int cond_short[7] = {0};
    for (int k = 1; k <= 6; k++) {
        char title[64];
        snprintf(title, sizeof title, "without condition %d", k);
        const rule r = {RULE_5893, IBIDI_RFC5893_ALL_CONDITIONS & ~IBIDI_RFC5893_COND(k)};
        cond_short[k] = check_rule(title, &r, &r, N, 1, IBIDI_RFC5893_PLACE_NONE, 1, 1, &o).shortest;
    }

    section("The RFC 3454 rule (IDNA2003) instead");
    fprintf(rep, "  (RFC 3454 §6 items 2 and 3 on the same class strings; item 1 bans characters "
                 "that IDNA2008 disallows too. Today's repertoire and Bidi classes, not those of "
                 "Unicode 3.2)\n");
    const rule r3454 = {RULE_3454, 0};
    found f3454 = check_rule("RFC 3454 rule", &r3454, &r3454, N, 1, IBIDI_RFC5893_PLACE_NONE, 1,
                             1, &o);
    {
        size_t only5893 = 0, only3454 = 0, nsm_end = 0, num_end = 0;
        for (int n = 1; n <= N; n++) {
            labset all = {0};
            const rule any = {RULE_5893, 0};
            enumerate(&any, (size_t)n, &all);
            for (size_t i = 0; i < all.n; i++) {
                const lab *l = &all.v[i];
                const int a = legal(&STRICT, l->c, l->n), b = ibidi_rfc3454_rule_ok(l->c, l->n);
                only5893 += a && !b;
                only3454 += b && !a;
                nsm_end += a && !b && l->c[l->n - 1] == IBIDI_BC_NSM;
                num_end += a && !b && (l->c[l->n - 1] == IBIDI_BC_EN || l->c[l->n - 1] == IBIDI_BC_AN);
            }
            free(all.v);
        }
        fprintf(rep, "  labels up to %d: %zu pass RFC 5893 but not RFC 3454 (%zu end with NSM, "
                     "%zu with a number), %zu pass RFC 3454 but not RFC 5893\n",
                N, only5893, nsm_end, num_end, only3454);
        static const uint8_t dhivehi[] = {IBIDI_BC_AL, IBIDI_BC_NSM, IBIDI_BC_AL, IBIDI_BC_NSM,
                                          IBIDI_BC_AL, IBIDI_BC_AL, IBIDI_BC_AL, IBIDI_BC_NSM,
                                          IBIDI_BC_AL, IBIDI_BC_NSM};
        static const uint8_t yivo[] = {IBIDI_BC_R, IBIDI_BC_NSM, IBIDI_BC_R, IBIDI_BC_R, IBIDI_BC_NSM};
        static const uint8_t alef5[] = {IBIDI_BC_R, IBIDI_BC_EN};
        static const uint8_t five_alef[] = {IBIDI_BC_EN, IBIDI_BC_R};
        fprintf(rep, "  §4.1 Dhivehi \"konpeetaru\" (AL NSM AL NSM AL AL AL NSM AL NSM): RFC 3454 "
                     "%s, RFC 5893 %s\n",
                ibidi_rfc3454_rule_ok(dhivehi, 10) ? "accepts" : "rejects",
                legal(&STRICT, dhivehi, 10) ? "accepts" : "rejects");
        fprintf(rep, "  §4.2 Yiddish YIVO (R NSM R R NSM): RFC 3454 %s, RFC 5893 %s\n",
                ibidi_rfc3454_rule_ok(yivo, 5) ? "accepts" : "rejects",
                legal(&STRICT, yivo, 5) ? "accepts" : "rejects");
        labset one = {0};
        push(&one, NULL, 0);
        const ctxdesc cd = {0, IBIDI_BC_CS, IBIDI_BC_CS, 0, 0, 0, 0};
        const lab a5 = {2, {IBIDI_BC_R, IBIDI_BC_EN}}, f5 = {2, {IBIDI_BC_EN, IBIDI_BC_R}};
        fprintf(rep, "  §4.3 ALEF 5 (R EN): RFC 3454 %s, RFC 5893 %s; 5 ALEF (EN R): RFC 3454 "
                     "%s, RFC 5893 %s; between full stops in a LTR paragraph they show as ",
                ibidi_rfc3454_rule_ok(alef5, 2) ? "accepts" : "rejects",
                legal(&STRICT, alef5, 2) ? "accepts" : "rejects",
                ibidi_rfc3454_rule_ok(five_alef, 2) ? "accepts" : "rejects",
                legal(&STRICT, five_alef, 2) ? "accepts" : "rejects");
        put_display(rep, &a5, &cd, &one);
        fprintf(rep, " and ");
        put_display(rep, &f5, &cd, &one);
        fprintf(rep, " (RFC 5893 keeps one of the two, ALEF 5)\n");
        free(one.v);
    }

    section("§3 claim: directional controls (LRE, RLE, LRO, RLO, PDF) outside the labels");
    const int ctl_len = N < 4 ? N : 4;
    size_t n_lib_nb;
    ibidi_rfc5893_neighbours(&n_lib_nb);
    fprintf(rep, "  labels up to %d that pass the rule; neighbours: the %zu of the library's "
                 "table (empty, L, L EN, R, AL, R EN, AL EN, R AN, R EN R); each control LRE, "
                 "RLE, LRO, RLO in each placement; both directions\n", ctl_len, n_lib_nb);
    int ctl_short[IBIDI_RFC5893_PLACEMENTS] = {0};
    int claim_broken = 0;
    static const char *const layout[IBIDI_RFC5893_PLACEMENTS] = {
        "", "c S1 D1 X D2 S2 PDF", "c S1 D1 X D2 S2", "S1 D1 X D2 S2 c", "c S1 PDF D1 X D2 S2",
        "S1 D1 X D2 c S2 PDF", "S1 c D1 X D2 PDF S2", "S1 D1 c X PDF D2 S2", "PDF S1 D1 X D2 S2"};
    for (int pl = 1; pl < IBIDI_RFC5893_PLACEMENTS; pl++) {
        char title[96];
        snprintf(title, sizeof title, "%s (%s)", ibidi_rfc5893_placement_name((ibidi_rfc5893_placement)pl),
                 layout[pl]);
        ctl_short[pl] = check_rule(title, &STRICT, NULL, ctl_len, 0, pl, 0, 1, &o).shortest;
        claim_broken |= ctl_short[pl] != 0;
        if (ctl_short[pl])
            explain_placement(pl, ctl_len);
    }
    fprintf(rep, "  claim, labels up to %d: %s\n", ctl_len,
            claim_broken ? "does not hold for every placement (counterexamples above); it "
                           "holds for the placements reported \"none found\""
                         : "holds for every placement");

    section("Badami: \"number type ambiguity cannot occur in IDNs (is this true?)\"");
    fprintf(rep, "  names under RFC 5893 (labels pass the rule in a Bidi domain name; LDH labels "
                 "too, digit first only before any RTL label):\n");
    badami_out b5893 = badami(N, 0);
    fprintf(rep, "  names under RFC 3454 (IDNA2003, the paper's setting):\n");
    badami_out b3454 = badami(N, 1);
    fprintf(rep, "  answer: under RFC 5893, %s; under RFC 3454, %s.\n",
            b5893.type_ambiguous ? "false: number type ambiguity occurs (example above)"
            : b5893.type_differs ? "true for every name up to this length (proof by "
                                   "exhaustion): no two legal names that display identically "
                                   "give a separator a different part in a number while a "
                                   "digit is EN in one and AN in the other"
                                 : "true for every name up to this length (proof by "
                                   "exhaustion): in no two legal names that display "
                                   "identically is a digit EN in one and AN in the other, so "
                                   "the type of every number, and with it the part of the "
                                   "separators next to it (W4), can be read from the display",
            b3454.type_ambiguous ? "false: it occurs (example above)"
                                 : "true up to this length as well");

    const int bad = main.grouped + main.uniq_cl > 0;
    section("Verdict");
    fprintf(rep, "RFC 5893 rule, labels up to %d: %s\n", N,
            bad ? "counterexamples found (see above)"
                : "Character Grouping (grouped reading) and Label Uniqueness (as rendered) "
                  "hold: no counterexample");
    fprintf(rep, "UBA runs in total: %llu\n", total_runs);
    if (o.json) {
        char b1[16];
        printf("{\"max_length\":%d,\"classes\":[", N);
        for (int k = 0; k < alpha_n; k++)
            printf("%s\"%s\"", k ? "," : "", ibidi_cp_bidi_class_name((ibidi_bidi_class)alpha[k]));
        printf("],\"brackets\":%zu,\"mirrored\":%zu,\"bn_checked\":%zu,\"bn_differ\":%zu,",
               n_brackets, n_mirrored, bn_checked, bn_differ);
        printf("\"rule\":{\"enumerated\":%llu,\"passing\":%zu,\"neighbours\":%zu,\"uba_runs\":%llu,"
               "\"grouping_broken\":%llu,\"uniqueness_broken\":%llu,\"literal_grouping_broken\":%llu,"
               "\"code_point_uniqueness_broken\":%llu},",
               main.enumerated, main.passing, main.neighbours, main.runs, main.grouped,
               main.uniq_cl, main.literal, main.uniq_cp);
        printf("\"unproblematic_shortest\":%s,", json_dir_free(fu.shortest, b1, sizeof b1));
        printf("\"no_rtl_shortest\":%s,\"without_condition\":{", json_dir_free(fl.shortest, b1, sizeof b1));
        for (int k = 1; k <= 6; k++)
            printf("%s\"%d\":%s", k > 1 ? "," : "", k, json_dir_free(cond_short[k], b1, sizeof b1));
        printf("},\"rfc3454_shortest\":%s,\"controls\":{", json_dir_free(f3454.shortest, b1, sizeof b1));
        for (int pl = 1; pl < IBIDI_RFC5893_PLACEMENTS; pl++)
            printf("%s\"%s\":%s", pl > 1 ? "," : "",
                   ibidi_rfc5893_placement_name((ibidi_rfc5893_placement)pl),
                   json_dir_free(ctl_short[pl], b1, sizeof b1));
        printf("},\"badami\":{\"rfc5893\":{\"names\":%zu,\"groups\":%zu,\"digit_type_differs\":%zu,"
               "\"number_type_ambiguity\":%zu},\"rfc3454\":{\"names\":%zu,\"groups\":%zu,"
               "\"digit_type_differs\":%zu,\"number_type_ambiguity\":%zu}},",
               b5893.names, b5893.groups, b5893.type_differs, b5893.type_ambiguous, b3454.names,
               b3454.groups, b3454.type_differs, b3454.type_ambiguous);
        printf("\"uba_runs\":%llu,\"holds\":%s}\n", total_runs, bad ? "false" : "true");
        fclose(rep);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    fprintf(stderr, "ibidi verify-rule: %.1f s\n",
            (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    return bad ? CLI_INVALID : CLI_OK;
}

const cli_command cli_cmd_verify_rule = {
    "verify-rule",
    "check the RFC 5893 Bidi Rule against its requirements, exhaustively",
    "usage: ibidi verify-rule [--max-length N] [--threads K] [--json]\n"
    "\n"
    "Enumerates every label of up to N (default 6, at most 12) characters as a string of\n"
    "the Bidi classes allowed in labels, applies the six conditions of RFC 5893 §2, and\n"
    "checks Character Grouping and Label Uniqueness (§3) with the UBA in LTR and RTL\n"
    "paragraphs. Then: each condition dropped in turn and the RFC 3454 rule, with the\n"
    "shortest counterexample; the directional controls of §3 in each placement; Badami's\n"
    "question on number type ambiguity, by exhaustion over names of up to N characters.\n"
    "K threads (default 2). --json prints one JSON object with the figures instead of the\n"
    "report. The elapsed time goes to standard error.\n"
    "\n"
    "Exit status: 0 when the rule holds (no counterexample), 1 otherwise, 2 for a usage\n"
    "error.\n",
    verify_run,
};
