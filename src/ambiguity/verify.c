/*
 * The RFC 5893 verifier (include/ibidi/rfc5893.h, ibidi_rfc5893_verify): every label up to
 * a length, as a string of the classes that characters allowed in labels have, is checked
 * for the requirements of §3 in every context of a space (ibidi_rfc5893_run decides each
 * case), under the rule and under weaker ones; Badami's question on number type ambiguity
 * is answered over names; BN is checked apart.
 *
 * A run may be split into shards that share nothing: a space that searches for the
 * shortest counterexample (and every other part) is a unit run whole by one shard, the
 * units going round the shards; the rule's own space, the bulk of the work, is divided by
 * the classes a label holds (its composition). Labels that display alike hold the same
 * classes, since a display is a permutation of S1 D1 X D2 S2 and the context is shared, so
 * every pair of Label Uniqueness lies inside one composition and every figure of a shard
 * adds up. Examples are ordered by their classes, never by the order a shard met them, so
 * merged shards give the examples of one run.
 */
#include <stdlib.h>
#include <string.h>

#include "ibidi/bidi.h"
#include "ibidi/idna.h"
#include "ibidi/rfc5893.h"
#include "ibidi/unicode.h"
#include "common/internal.h"
#include "ambiguity/ambiguity_internal.h"

#define MAXN IBIDI_RFC5893_VERIFY_MAX_LENGTH
#define MAXS IBIDI_RFC5893_VERIFY_NEIGHBOUR_LENGTH
#define NEX IBIDI_RFC5893_VERIFY_EXAMPLES

typedef ibidi_rfc5893_verify_label vlabel;
typedef ibidi_rfc5893_verify_example vexample;
typedef ibidi_rfc5893_verify_examples vexamples;
typedef ibidi_rfc5893_verify_figures vfigures;

/* Internal results: 0, VSTOP when the callback stopped the run, else an ibidi_status. */
#define VSTOP (-1)

/* ---- The alphabet --------------------------------------------------------------------- */

/* RFC 5892: the code points a label may hold are PVALID, CONTEXTJ or CONTEXTO. */
ibidi_status ibidi_rfc5893_label_alphabet(ibidi_rfc5893_alphabet *a, ibidi_error *err)
{
    if (a == NULL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    memset(a, 0, sizeof *a);
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        const ibidi_idna_property p = ibidi_idna_property_of(cp);
        if (p != IBIDI_IDNA_PVALID && p != IBIDI_IDNA_CONTEXTJ && p != IBIDI_IDNA_CONTEXTO)
            continue;
        const ibidi_unicode_bc bc = ibidi_unicode_bidi_class(cp);
        if (a->count[bc]++ == 0)
            a->example[bc] = cp;
        a->mirrored += ibidi_unicode_bidi_mirrored(cp) != 0;
        a->brackets += ibidi_unicode_bracket_type(cp) != IBIDI_UNICODE_BPT_NONE;
    }
    for (int c = 0; c < IBIDI_UNICODE_BC_COUNT; c++) /* BN: X9 removes it (checked apart) */
        if (a->count[c] && c != IBIDI_UNICODE_BC_BN)
            a->classes[a->n_classes++] = (uint8_t)c;
    return ibidi__ok(err);
}

/* ---- Rules ---------------------------------------------------------------------------- */

enum { RULE_5893, RULE_3454, RULE_NO_RTL, RULE_UNPROBLEMATIC, RULE_LIBRARY };
typedef struct rule {
    int kind;
    unsigned apply; /* RULE_5893: the conditions applied */
} rule;

static const rule STRICT = {RULE_5893, IBIDI_RFC5893_ALL_CONDITIONS};

static int has_rtl(const uint8_t *c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (c[i] == IBIDI_UNICODE_BC_R || c[i] == IBIDI_UNICODE_BC_AL ||
            c[i] == IBIDI_UNICODE_BC_AN)
            return 1;
    return 0;
}

/* RFC 5891 §4.2.3.1: a label neither starts nor ends with HYPHEN-MINUS, the only ES
 * allowed in labels, and has no "--" in its third and fourth positions. */
int ibidi__hyphens_ok(const uint8_t *c, size_t n)
{
    if (n == 0)
        return 1;
    return c[0] != IBIDI_UNICODE_BC_ES && c[n - 1] != IBIDI_UNICODE_BC_ES &&
           !(n >= 4 && c[2] == IBIDI_UNICODE_BC_ES && c[3] == IBIDI_UNICODE_BC_ES);
}

static int legal(const rule *r, const uint8_t *c, size_t n)
{
    if (!ibidi__hyphens_ok(c, n))
        return 0;
    switch (r->kind) {
    case RULE_5893: return ibidi_rfc5893_conditions(c, n, r->apply) == 0;
    case RULE_3454: return ibidi_rfc5893_rfc3454_rule_ok(c, n);
    case RULE_NO_RTL: return !has_rtl(c, n); /* the rule does not apply (RFC 5893 §1.4) */
    default: /* §3 "unproblematic": satisfies the rule, or no R/AL/AN and not EN first */
        return ibidi_rfc5893_conditions(c, n, IBIDI_RFC5893_ALL_CONDITIONS) == 0 ||
               (!has_rtl(c, n) && (n == 0 || c[0] != IBIDI_UNICODE_BC_EN));
    }
}

/* RFC 5893 §2 and RFC 5891 §4.2.3.1 on a label: the rule's space (proofs.c shares it). */
int ibidi__rfc5893_legal(const uint8_t *c, size_t n) { return legal(&STRICT, c, n); }

/* ---- Strings of classes ----------------------------------------------------------------- */

/* Every string of length n over an alphabet, in order (the last position turning
 * fastest); n = 0 gives the empty string once. */
typedef struct odometer {
    const uint8_t *al;
    size_t an, n;
    uint8_t idx[MAXN];
    uint8_t c[MAXN];
} odometer;

static void odo_start(odometer *o, const uint8_t *al, size_t an, size_t n)
{
    o->al = al;
    o->an = an;
    o->n = n;
    memset(o->idx, 0, sizeof o->idx);
    for (size_t i = 0; i < n; i++)
        o->c[i] = al[0];
}

/* The next string; 0 after the last. */
static int odo_next(odometer *o)
{
    size_t i = o->n;
    while (i > 0 && ++o->idx[i - 1] == o->an) {
        o->idx[i - 1] = 0;
        o->c[i - 1] = o->al[0];
        i--;
    }
    if (i == 0)
        return 0;
    o->c[i - 1] = o->al[o->idx[i - 1]];
    return 1;
}

typedef struct labset {
    vlabel *v;
    size_t n, cap;
} labset;

static int push(labset *l, const uint8_t *c, size_t n)
{
    if (l->n == l->cap) {
        const size_t cap = l->cap ? 2 * l->cap : 1024;
        vlabel *v = realloc(l->v, cap * sizeof *v);
        if (!v)
            return IBIDI_E_NOMEM;
        l->v = v;
        l->cap = cap;
    }
    memset(&l->v[l->n], 0, sizeof l->v[l->n]);
    l->v[l->n].n = (uint8_t)n;
    if (n > 0)
        memcpy(l->v[l->n].classes, c, n);
    l->n++;
    return 0;
}

/* The strings of length n legal under r, appended to out; *seen gets how many strings
 * were looked at. */
static int enumerate(const ibidi_rfc5893_alphabet *al, const rule *r, size_t n, labset *out,
                     unsigned long long *seen)
{
    odometer o;
    odo_start(&o, al->classes, al->n_classes, n);
    *seen = 0;
    do {
        ++*seen;
        if (legal(r, o.c, n) && push(out, o.c, n) != 0)
            return IBIDI_E_NOMEM;
    } while (odo_next(&o));
    return 0;
}

/* The alphabet's classes and one more (CS for names, BN); returns their number. */
static size_t alphabet_with(const ibidi_rfc5893_alphabet *al, uint8_t extra, uint8_t *out)
{
    memcpy(out, al->classes, al->n_classes);
    out[al->n_classes] = extra;
    return al->n_classes + 1;
}

/* Per label: 1 when it is legal under the full rule. */
static uint8_t *strict_flags(const labset *l)
{
    uint8_t *f = malloc(l->n + 1);
    if (f)
        for (size_t i = 0; i < l->n; i++)
            f[i] = (uint8_t)legal(&STRICT, l->v[i].classes, l->v[i].n);
    return f;
}

/* ---- Spaces --------------------------------------------------------------------------- */

typedef struct spacedef {
    unsigned part;
    rule x, nb;          /* nb.kind RULE_LIBRARY: the library's table of neighbours */
    unsigned max_len;    /* at most this length (0: the run's) */
    uint8_t uniqueness;  /* also Label Uniqueness */
    uint8_t filter;      /* count only cases with a label outside the full rule */
    uint8_t search;      /* stop at the first length with a counterexample */
    uint8_t placement;
} spacedef;

static spacedef space_def(int s)
{
    static const rule unprob = {RULE_UNPROBLEMATIC, 0}, nortl = {RULE_NO_RTL, 0},
                      r3454 = {RULE_3454, 0}, library = {RULE_LIBRARY, 0};
    spacedef d = {IBIDI_RFC5893_VERIFY_RULE, STRICT, STRICT, 0, 1, 0, 0, 0};
    if (s == IBIDI_RFC5893_SPACE_UNPROBLEMATIC) {
        d = (spacedef){IBIDI_RFC5893_VERIFY_UNPROBLEMATIC, STRICT, unprob, 3, 0, 1, 1, 0};
    } else if (s == IBIDI_RFC5893_SPACE_NO_RTL) {
        d = (spacedef){IBIDI_RFC5893_VERIFY_UNPROBLEMATIC, nortl, unprob, 4, 0, 0, 1, 0};
    } else if (s >= IBIDI_RFC5893_SPACE_WITHOUT(1) && s <= IBIDI_RFC5893_SPACE_WITHOUT(6)) {
        const int k = s - IBIDI_RFC5893_SPACE_WITHOUT(1) + 1;
        const rule r = {RULE_5893, IBIDI_RFC5893_ALL_CONDITIONS & ~IBIDI_RFC5893_COND(k)};
        d = (spacedef){IBIDI_RFC5893_VERIFY_CONDITIONS, r, r, 0, 1, 1, 1, 0};
    } else if (s == IBIDI_RFC5893_SPACE_RFC3454) {
        d = (spacedef){IBIDI_RFC5893_VERIFY_RFC3454, r3454, r3454, 0, 1, 1, 1, 0};
    } else if (s >= IBIDI_RFC5893_SPACE_CONTROLS) {
        const int pl = s - IBIDI_RFC5893_SPACE_CONTROLS + 1;
        d = (spacedef){IBIDI_RFC5893_VERIFY_CONTROLS, STRICT, library, 4, 0, 0, 1, (uint8_t)pl};
    }
    return d;
}

/* A context: indices into the delimiters and the neighbours. */
typedef struct ctxdesc {
    uint8_t dir, d1, d2, pl, ctl;
    uint16_t s1, s2;
} ctxdesc;

static const uint8_t controls[4] = {IBIDI_UNICODE_BC_LRE, IBIDI_UNICODE_BC_RLE,
                                    IBIDI_UNICODE_BC_LRO, IBIDI_UNICODE_BC_RLO};

/* Contexts in the order reported: directions x controls x D1 x D2 x S1 x S2, for one
 * placement (NONE: no control; STRAY_PDF: a PDF alone; others: each of the four). */
static ctxdesc *make_contexts(size_t n_nb, int pl, size_t *n_out)
{
    const int nc = (pl == IBIDI_RFC5893_PLACE_NONE || pl == IBIDI_RFC5893_PLACE_STRAY_PDF) ? 1 : 4;
    size_t nd, n = 0;
    ibidi_rfc5893_delimiters(&nd);
    ctxdesc *v = malloc(2 * (size_t)nc * nd * nd * n_nb * n_nb * sizeof *v + 1);
    if (!v)
        return NULL;
    for (int d = 0; d < 2; d++)
        for (int k = 0; k < nc; k++)
            for (size_t a = 0; a < nd; a++)
                for (size_t b = 0; b < nd; b++)
                    for (size_t s1 = 0; s1 < n_nb; s1++)
                        for (size_t s2 = 0; s2 < n_nb; s2++)
                            v[n++] = (ctxdesc){(uint8_t)d, (uint8_t)a, (uint8_t)b, (uint8_t)pl,
                                               nc == 1 ? 0 : controls[k], (uint16_t)s1,
                                               (uint16_t)s2};
    *n_out = n;
    return v;
}

/* The neighbours of a space: the library's table, or the empty label and every label of
 * up to MAXS characters legal under r. */
static int neighbours_of(const ibidi_rfc5893_alphabet *al, const rule *r, labset *nb)
{
    if (r->kind == RULE_LIBRARY) {
        size_t k;
        const ibidi_rfc5893_neighbour *t = ibidi_rfc5893_neighbours(&k);
        for (size_t i = 0; i < k; i++)
            if (push(nb, t[i].classes, t[i].n) != 0)
                return IBIDI_E_NOMEM;
        return 0;
    }
    for (size_t n = 0; n <= MAXS; n++) {
        unsigned long long seen;
        if (enumerate(al, r, n, nb, &seen) != 0)
            return IBIDI_E_NOMEM;
    }
    return 0;
}

static ibidi_rfc5893_case case_of(const ctxdesc *cd, const vlabel *x, const labset *nb)
{
    const ibidi_rfc5893_delimiter *dl = ibidi_rfc5893_delimiters(NULL);
    const vlabel *s1 = &nb->v[cd->s1], *s2 = &nb->v[cd->s2];
    const ibidi_rfc5893_case c = {s1->classes, s1->n, dl[cd->d1].bidi_class, x->classes, x->n,
                                  dl[cd->d2].bidi_class, s2->classes, s2->n,
                                  cd->dir ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, cd->ctl, cd->pl};
    return c;
}

/* ---- The run -------------------------------------------------------------------------- */

typedef struct vrun {
    unsigned n_max, shard, shards, parts;
    unsigned unit; /* whole units met so far: unit k goes to shard k % shards */
    ibidi_rfc5893_verify_fn fn;
    void *ctx;
    ibidi_rfc5893_verify_result *res;
} vrun;

/* Is the next whole unit this shard's? */
static int mine(vrun *w) { return w->unit++ % w->shards == w->shard; }

static int emit(const vrun *w, ibidi_rfc5893_verify_event_kind kind, unsigned part, int space,
                unsigned length, const vexample *ex, const vfigures *fig)
{
    if (!w->fn)
        return 0;
    const ibidi_rfc5893_verify_event ev = {kind, part, space, length, ex, fig};
    return w->fn(&ev, w->ctx) ? VSTOP : 0;
}

/* One (space, length) of one shard. */
typedef struct lencheck {
    const vrun *w;
    int space;
    spacedef def;
    const labset *nb, *xs;
    const uint8_t *nb_strict, *x_strict; /* filtered spaces: legal under the full rule */
    const ctxdesc *ctx;
    size_t n_ctx;
    vfigures *fig;
    vexamples *ex;
    /* Uniqueness: xs in blocks of one composition, block k at [blocks[k], blocks[k + 1]) */
    const size_t *blocks;
    size_t n_blocks;
    uint8_t *seen; /* per label: bits of the figures it is already counted in */
} lencheck;

enum { SEEN_GROUPED = 1, SEEN_LITERAL = 2, SEEN_UNIQ = 4, SEEN_CP = 8 };

/* The order of examples: labels by their classes (in a filtered space those outside the
 * full rule first), pairs by x then y. */
static int cmp_example(const vexample *a, const vexample *b)
{
    const int ain = !(a->outside & IBIDI_RFC5893_OUTSIDE_X), bin = !(b->outside & IBIDI_RFC5893_OUTSIDE_X);
    if (a->y.n == 0 && ain != bin)
        return ain - bin;
    int c = memcmp(a->x.classes, b->x.classes, MAXN);
    if (c == 0)
        c = memcmp(a->y.classes, b->y.classes, MAXN);
    if (c == 0)
        c = a->x.n != b->x.n ? (int)a->x.n - (int)b->x.n : (int)a->y.n - (int)b->y.n;
    return c;
}

/* Where e goes among the NEX first examples list[0..*n): its index, or NEX when it is not
 * among them or already there (the one there was met first, in an earlier context). */
static unsigned rank(const vexample *list, unsigned n, const vexample *e)
{
    unsigned k = 0;
    while (k < n && cmp_example(&list[k], e) < 0)
        k++;
    if (k == NEX || (k < n && cmp_example(&list[k], e) == 0))
        return NEX;
    return k;
}

static void insert_at(vexample *list, unsigned *n, unsigned k, const vexample *e)
{
    const unsigned last = *n < NEX ? *n : NEX - 1;
    memmove(&list[k + 1], &list[k], (last - k) * sizeof *list);
    list[k] = *e;
    if (*n < NEX)
        ++*n;
}

/* Adds e in its place (merging: keeps the earlier context of two equal ones). */
static void merge_one(vexample *list, unsigned *n, const vexample *e)
{
    for (unsigned k = 0; k < *n; k++)
        if (cmp_example(&list[k], e) == 0) {
            if (e->context.index < list[k].context.index)
                list[k] = *e;
            return;
        }
    const unsigned k = rank(list, *n, e);
    if (k < NEX)
        insert_at(list, n, k, e);
}

/* The example of label i (and j, or (size_t)-1) in context t, the display with it. */
static int fill_example(const lencheck *lc, vexample *e, size_t i, size_t j, size_t t)
{
    const ctxdesc *cd = &lc->ctx[t];
    const ibidi_rfc5893_delimiter *dl = ibidi_rfc5893_delimiters(NULL);
    memset(e, 0, sizeof *e);
    e->x = lc->xs->v[i];
    if (j != (size_t)-1)
        e->y = lc->xs->v[j];
    e->context.index = t;
    e->context.dir = cd->dir ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
    e->context.d1 = dl[cd->d1].cp;
    e->context.d2 = dl[cd->d2].cp;
    e->context.control = cd->ctl;
    e->context.placement = cd->pl;
    e->context.s1 = lc->nb->v[cd->s1];
    e->context.s2 = lc->nb->v[cd->s2];
    if (lc->x_strict) {
        e->outside = (uint8_t)((!lc->x_strict[i] ? IBIDI_RFC5893_OUTSIDE_X : 0) |
                               (j != (size_t)-1 && !lc->x_strict[j] ? IBIDI_RFC5893_OUTSIDE_Y : 0) |
                               (!lc->nb_strict[cd->s1] ? IBIDI_RFC5893_OUTSIDE_S1 : 0) |
                               (!lc->nb_strict[cd->s2] ? IBIDI_RFC5893_OUTSIDE_S2 : 0));
    }
    const ibidi_rfc5893_case c = case_of(cd, &lc->xs->v[i], lc->nb);
    ibidi_rfc5893_display d;
    const ibidi_status st = ibidi_rfc5893_run(&c, NULL, &d, NULL);
    if (st != IBIDI_OK)
        return st;
    for (size_t k = 0; k < d.len && k < IBIDI_RFC5893_VERIFY_SHOWN; k++)
        e->shown[e->shown_len++] = d.key[k];
    return 0;
}

/* A finding: label i (with j for a pair) in context t, for the list and the event. */
static int found(const lencheck *lc, ibidi_rfc5893_verify_event_kind kind, vexample *list,
                 unsigned *n, size_t i, size_t j, size_t t, int is_new)
{
    vexample e;
    /* Only the classes and the flags decide the rank: the rest is filled when needed. */
    memset(&e, 0, sizeof e);
    e.x = lc->xs->v[i];
    if (j != (size_t)-1)
        e.y = lc->xs->v[j];
    if (lc->x_strict)
        e.outside = !lc->x_strict[i] ? IBIDI_RFC5893_OUTSIDE_X : 0;
    const unsigned k = rank(list, *n, &e);
    const int report = is_new && lc->w->fn;
    if (k == NEX && !report)
        return 0;
    int st = fill_example(lc, &e, i, j, t);
    if (st != 0)
        return st;
    if (k < NEX)
        insert_at(list, n, k, &e);
    return report ? emit(lc->w, kind, lc->def.part, lc->space, lc->xs->v[i].n, &e, NULL) : 0;
}

/* ---- Display keys --------------------------------------------------------------------- */

/* A display as two words, with the index of its label (or name) and, for names, the
 * paragraph direction: sorted, equal displays stand together in index order. */
typedef struct keyed {
    uint64_t hi, lo;
    uint32_t i;
    uint8_t dir;
} keyed;

static int cmp_keyed(const void *a, const void *b)
{
    const keyed *p = a, *q = b;
    if (p->dir != q->dir)
        return p->dir < q->dir ? -1 : 1;
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
        return bc == IBIDI_UNICODE_BC_CS ? 13u : bc == IBIDI_UNICODE_BC_WS ? 14u : 15u;
    }
    return v == IBIDI_UNICODE_BC_ON ? 12u : (unsigned)v + 1u; /* L..BN: 1..10, ON: 12 */
}

/* A display as two words, one nibble a character: the spaces that check uniqueness have
 * neighbours of up to MAXS characters, so at most 2 * MAXS + 2 + MAXN = 18 of the 32. */
static keyed pack(const uint8_t *kv, size_t n, size_t i)
{
    uint64_t hi = 0, lo = 0;
    for (size_t k = 0; k < n && k < 32; k++) {
        if (k < 16)
            hi |= (uint64_t)nibble(kv[k]) << (4 * k);
        else
            lo |= (uint64_t)nibble(kv[k]) << (4 * (k - 16));
    }
    return (keyed){hi, lo, (uint32_t)i, 0};
}

/* Pairs already reported to the callback (open addressing; 0 is free). */
typedef struct pairset {
    uint64_t *v;
    size_t cap, n;
} pairset;

/* 1 when the pair is new, 0 when it was there, negative without memory. */
static int pairset_add(pairset *s, uint64_t key)
{
    key++; /* never 0 */
    if (2 * (s->n + 1) > s->cap) {
        const size_t cap = s->cap ? 2 * s->cap : 1024;
        uint64_t *v = calloc(cap, sizeof *v);
        if (!v)
            return -1;
        for (size_t k = 0; k < s->cap; k++)
            if (s->v[k]) {
                size_t h = (size_t)(s->v[k] * 0x9E3779B97F4A7C15ull) & (cap - 1);
                while (v[h])
                    h = (h + 1) & (cap - 1);
                v[h] = s->v[k];
            }
        free(s->v);
        s->v = v;
        s->cap = cap;
    }
    size_t h = (size_t)(key * 0x9E3779B97F4A7C15ull) & (s->cap - 1);
    while (s->v[h]) {
        if (s->v[h] == key)
            return 0;
        h = (h + 1) & (s->cap - 1);
    }
    s->v[h] = key;
    s->n++;
    return 1;
}

/* Label Uniqueness in context t among the labels [from, to) of one composition: labels
 * with equal keys display alike (u 0: by code points, u 1: as rendered). */
static int collisions(lencheck *lc, keyed *keys, size_t from, size_t to, int u, size_t t,
                      int nb_ok, pairset *reported)
{
    vfigures *f = lc->fig;
    unsigned long long *cases = u ? &f->uniqueness_cases : &f->code_point_cases;
    unsigned long long *labels = u ? &f->uniqueness_labels : &f->code_point_labels;
    const uint8_t bit = u ? SEEN_UNIQ : SEEN_CP;
    vexample *list = u ? lc->ex->uniqueness : lc->ex->code_points;
    unsigned *nl = u ? &lc->ex->n_uniqueness : &lc->ex->n_code_points;
    qsort(keys + from, to - from, sizeof *keys, cmp_keyed);
    for (size_t a = from; a < to;) {
        size_t b = a + 1;
        while (b < to && keys[b].hi == keys[a].hi && keys[b].lo == keys[a].lo)
            b++;
        for (size_t p = a; p < b; p++)
            for (size_t q = p + 1; q < b; q++) {
                const size_t x = keys[p].i < keys[q].i ? keys[p].i : keys[q].i;
                const size_t y = keys[p].i < keys[q].i ? keys[q].i : keys[p].i;
                if (lc->x_strict && lc->x_strict[x] && lc->x_strict[y] && nb_ok)
                    continue;
                ++*cases;
                for (int k = 0; k < 2; k++) {
                    uint8_t *s = &lc->seen[k ? y : x];
                    *labels += !(*s & bit);
                    *s |= bit;
                }
                int is_new = 0;
                if (lc->w->fn && (is_new = pairset_add(reported, (uint64_t)x << 32 | y)) < 0)
                    return IBIDI_E_NOMEM;
                const int st = found(lc, u ? IBIDI_RFC5893_EVENT_UNIQUENESS : IBIDI_RFC5893_EVENT_CODE_POINTS,
                                     list, nl, x, y, t, is_new);
                if (st != 0)
                    return st;
            }
        a = b;
    }
    return 0;
}

/* Every label of xs in every context: the figures and examples of one length. */
static int check_length(lencheck *lc)
{
    const size_t nx = lc->xs->n;
    vfigures *f = lc->fig;
    int st = 0;
    keyed *keys = lc->def.uniqueness ? malloc(2 * (nx ? nx : 1) * sizeof *keys) : NULL;
    pairset reported[2] = {{NULL, 0, 0}, {NULL, 0, 0}};
    lc->seen = calloc(nx + 1, 1);
    if (!lc->seen || (lc->def.uniqueness && !keys))
        st = IBIDI_E_NOMEM;
    for (size_t t = 0; t < lc->n_ctx && st == 0; t++) {
        const ctxdesc *cd = &lc->ctx[t];
        const int nb_ok = !lc->nb_strict || (lc->nb_strict[cd->s1] && lc->nb_strict[cd->s2]);
        for (size_t i = 0; i < nx && st == 0; i++) {
            const ibidi_rfc5893_case c = case_of(cd, &lc->xs->v[i], lc->nb);
            unsigned broken = 0;
            ibidi_rfc5893_display disp;
            st = ibidi_rfc5893_run(&c, &broken, keys ? &disp : NULL, NULL);
            if (st != 0)
                break;
            f->runs++;
            /* In a filtered space only cases that involve a label outside the full rule
             * count. */
            const int counts = !lc->x_strict || !(lc->x_strict[i] && nb_ok);
            if (counts && (broken & IBIDI_RFC5893_BROKEN_GROUPED)) {
                f->grouping_cases++;
                const int first = !(lc->seen[i] & SEEN_GROUPED);
                f->grouping_labels += first;
                lc->seen[i] |= SEEN_GROUPED;
                if (first)
                    st = found(lc, IBIDI_RFC5893_EVENT_GROUPING, lc->ex->grouping,
                               &lc->ex->n_grouping, i, (size_t)-1, t, 1);
            }
            if (st == 0 && counts && (broken & IBIDI_RFC5893_BROKEN_LITERAL)) {
                f->literal_cases++;
                const int first = !(lc->seen[i] & SEEN_LITERAL);
                f->literal_labels += first;
                lc->seen[i] |= SEEN_LITERAL;
                if (first)
                    st = found(lc, IBIDI_RFC5893_EVENT_LITERAL, lc->ex->literal,
                               &lc->ex->n_literal, i, (size_t)-1, t, 1);
            }
            if (keys) {
                keys[i] = pack(disp.key, disp.len, i);
                keys[nx + i] = pack(disp.clusters, disp.clusters_len, i);
            }
        }
        for (size_t k = 0; keys && k < lc->n_blocks && st == 0; k++) {
            const size_t from = lc->blocks[k], to = lc->blocks[k + 1];
            st = collisions(lc, keys, from, to, 0, t, nb_ok, &reported[0]);
            if (st == 0)
                st = collisions(lc, keys + nx, from, to, 1, t, nb_ok, &reported[1]);
        }
    }
    free(keys);
    free(reported[0].v);
    free(reported[1].v);
    free(lc->seen);
    lc->seen = NULL;
    return st;
}

/* ---- Compositions ------------------------------------------------------------------- */

/* Labels of one composition: the classes a label holds, sorted, 5 bits each. */
typedef struct group {
    uint64_t key;
    size_t count, first; /* labels, and where they start in the sorted keys */
} group;

static int cmp_group(const void *a, const void *b)
{
    const group *p = a, *q = b;
    if (p->count != q->count)
        return p->count > q->count ? -1 : 1;
    return p->key < q->key ? -1 : p->key > q->key;
}

/* The labels of `all` in blocks of one composition (in class order inside a block) into
 * out, where block k starts at (*blocks)[k] (the end last): labels that display alike hold
 * the same classes, a display being a permutation of a case whose context is shared, so
 * Label Uniqueness compares only inside a block. With `divide`, only this shard's blocks:
 * the compositions go, largest first, to the shard with the fewest labels so far; every
 * shard computes the same assignment. */
static int by_composition(const vrun *w, const labset *all, int divide, labset *out,
                          size_t **blocks, size_t *n_blocks)
{
    const size_t n = all->n;
    keyed *c = malloc((n + 1) * sizeof *c); /* hi: the composition, i: the label */
    group *g = malloc((n + 1) * sizeof *g);
    size_t *b = malloc((n + 2) * sizeof *b);
    unsigned long long load[IBIDI_RFC5893_VERIFY_MAX_SHARDS] = {0};
    int st = c && g && b ? 0 : IBIDI_E_NOMEM;
    size_t ng = 0, nb = 0;
    for (size_t i = 0; i < n && st == 0; i++) {
        uint8_t s[MAXN];
        const vlabel *l = &all->v[i];
        memcpy(s, l->classes, l->n);
        for (size_t a = 1; a < l->n; a++) /* insertion sort: at most MAXN classes */
            for (size_t k = a; k > 0 && s[k - 1] > s[k]; k--) {
                const uint8_t tmp = s[k];
                s[k] = s[k - 1];
                s[k - 1] = tmp;
            }
        c[i] = (keyed){0, 0, (uint32_t)i, 0};
        for (size_t a = 0; a < l->n; a++)
            c[i].hi = c[i].hi << 5 | s[a];
    }
    if (st == 0) {
        qsort(c, n, sizeof *c, cmp_keyed);
        for (size_t i = 0; i < n; i++) {
            if (ng == 0 || g[ng - 1].key != c[i].hi)
                g[ng++] = (group){c[i].hi, 0, i};
            g[ng - 1].count++;
        }
        qsort(g, ng, sizeof *g, cmp_group);
    }
    for (size_t k = 0; k < ng && st == 0; k++) {
        unsigned best = 0;
        for (unsigned s = 1; divide && s < w->shards; s++)
            if (load[s] < load[best])
                best = s;
        load[best] += g[k].count;
        if (divide && best != w->shard)
            continue;
        b[nb++] = out->n;
        for (size_t i = g[k].first; i < g[k].first + g[k].count && st == 0; i++)
            st = push(out, all->v[c[i].i].classes, all->v[c[i].i].n);
    }
    if (st == 0) {
        b[nb] = out->n;
        *blocks = b;
        *n_blocks = nb;
    } else {
        free(b);
    }
    free(c);
    free(g);
    return st;
}

/* ---- A space -------------------------------------------------------------------------- */

static int explain_placement(vrun *w, int pl, unsigned max_len, const labset *nb);

static int run_space(vrun *w, int s)
{
    const spacedef d = space_def(s);
    const int split = s == IBIDI_RFC5893_SPACE_RULE;
    const ibidi_rfc5893_alphabet *al = &w->res->alphabet;
    ibidi_rfc5893_verify_space_result *sr = &w->res->space[s];
    const unsigned max_len = d.max_len && d.max_len < w->n_max ? d.max_len : w->n_max;
    labset nb = {NULL, 0, 0}, all = {NULL, 0, 0}, own = {NULL, 0, 0};
    size_t *blocks = NULL, n_blocks = 0;
    ctxdesc *ctx = NULL;
    uint8_t *nb_strict = NULL, *x_strict = NULL;
    size_t n_ctx = 0;
    int st = neighbours_of(al, &d.nb, &nb);
    if (st == 0 && !(ctx = make_contexts(nb.n, d.placement, &n_ctx)))
        st = IBIDI_E_NOMEM;
    if (st == 0 && d.filter && !(nb_strict = strict_flags(&nb)))
        st = IBIDI_E_NOMEM;
    if (st == 0) {
        sr->max_length = max_len;
        sr->neighbours = nb.n;
        sr->contexts = n_ctx;
    }
    for (unsigned n = 1; n <= max_len && st == 0; n++) {
        vfigures *f = &sr->length[n - 1];
        vexamples here;
        memset(&here, 0, sizeof here);
        all.n = own.n = 0;
        free(blocks);
        blocks = NULL;
        unsigned long long seen = 0;
        st = enumerate(al, &d.x, n, &all, &seen);
        if (st == 0 && d.uniqueness)
            st = by_composition(w, &all, split, &own, &blocks, &n_blocks);
        const labset *xs = d.uniqueness ? &own : &all;
        /* A divided space: the strings are counted once, by shard 0. */
        f->strings = !split || w->shard == 0 ? seen : 0;
        f->labels = xs->n;
        free(x_strict);
        x_strict = NULL;
        if (st == 0 && d.filter && !(x_strict = strict_flags(xs)))
            st = IBIDI_E_NOMEM;
        if (st == 0 && xs->n > 0) {
            lencheck lc = {w, s, d, &nb, xs, nb_strict, x_strict, ctx, n_ctx, f,
                           split ? &w->res->rule_examples[n - 1] : &here, blocks, n_blocks,
                           NULL};
            st = check_length(&lc);
        }
        if (st == 0)
            st = emit(w, IBIDI_RFC5893_EVENT_LENGTH, d.part, s, n, NULL, f);
        if (st == 0 && d.search && f->grouping_cases + f->uniqueness_cases > 0) {
            sr->shortest = n;
            sr->examples = here;
            break;
        }
    }
    if (st == 0 && sr->shortest && d.placement)
        st = explain_placement(w, d.placement, max_len, &nb);
    free(nb.v);
    free(all.v);
    free(own.v);
    free(blocks);
    free(ctx);
    free(nb_strict);
    free(x_strict);
    return st;
}

/* A control placement that breaks grouping: every case over the labels that pass and the
 * library's contexts, and those where D2 = SPACE ends the line (S2 empty). */
static int explain_placement(vrun *w, int pl, unsigned max_len, const labset *nb)
{
    ibidi_rfc5893_verify_placement_why *y = &w->res->controls_why[pl];
    labset xs = {NULL, 0, 0};
    size_t n_ctx = 0;
    ctxdesc *ctx = make_contexts(nb->n, pl, &n_ctx);
    int st = ctx ? 0 : IBIDI_E_NOMEM;
    for (unsigned n = 1; n <= max_len && st == 0; n++) {
        unsigned long long seen;
        xs.n = 0;
        st = enumerate(&w->res->alphabet, &STRICT, n, &xs, &seen);
        for (size_t i = 0; i < xs.n && st == 0; i++) {
            int any = 0;
            for (size_t k = 0; k < n_ctx && st == 0; k++) {
                const ibidi_rfc5893_case c = case_of(&ctx[k], &xs.v[i], nb);
                unsigned br = 0;
                st = ibidi_rfc5893_run(&c, &br, NULL, NULL);
                y->cases++;
                if (st != 0 || !(br & IBIDI_RFC5893_BROKEN_GROUPED))
                    continue;
                y->broken++;
                any = 1;
                y->at_line_end += c.d2 == IBIDI_UNICODE_BC_WS && c.n2 == 0;
            }
            y->labels++;
            y->labels_broken += any;
        }
    }
    free(ctx);
    free(xs.v);
    return st;
}

/* ---- RFC 3454 beside RFC 5893 --------------------------------------------------------- */

static int run_rfc3454(vrun *w)
{
    ibidi_rfc5893_verify_rfc3454 *r = &w->res->rfc3454;
    const ibidi_rfc5893_alphabet *al = &w->res->alphabet;
    for (unsigned n = 1; n <= w->n_max; n++) {
        odometer o;
        odo_start(&o, al->classes, al->n_classes, n);
        do {
            if (!ibidi__hyphens_ok(o.c, n))
                continue;
            const int a = legal(&STRICT, o.c, n), b = ibidi_rfc5893_rfc3454_rule_ok(o.c, n);
            const uint8_t last = o.c[n - 1];
            r->only_rfc5893 += a && !b;
            r->only_rfc3454 += b && !a;
            r->only_rfc5893_nsm += a && !b && last == IBIDI_UNICODE_BC_NSM;
            r->only_rfc5893_number +=
                a && !b && (last == IBIDI_UNICODE_BC_EN || last == IBIDI_UNICODE_BC_AN);
        } while (odo_next(&o));
    }
    /* RFC 5893 §4.1 Dhivehi "konpeetaru", §4.2 Yiddish YIVO, §4.3 ALEF 5 and 5 ALEF. */
    static const uint8_t ex[4][10] = {
        {IBIDI_UNICODE_BC_AL, IBIDI_UNICODE_BC_NSM, IBIDI_UNICODE_BC_AL, IBIDI_UNICODE_BC_NSM,
         IBIDI_UNICODE_BC_AL, IBIDI_UNICODE_BC_AL, IBIDI_UNICODE_BC_AL, IBIDI_UNICODE_BC_NSM,
         IBIDI_UNICODE_BC_AL, IBIDI_UNICODE_BC_NSM},
        {IBIDI_UNICODE_BC_R, IBIDI_UNICODE_BC_NSM, IBIDI_UNICODE_BC_R, IBIDI_UNICODE_BC_R,
         IBIDI_UNICODE_BC_NSM},
        {IBIDI_UNICODE_BC_R, IBIDI_UNICODE_BC_EN},
        {IBIDI_UNICODE_BC_EN, IBIDI_UNICODE_BC_R}};
    static const uint8_t len[4] = {10, 5, 2, 2};
    labset one = {NULL, 0, 0}, x = {NULL, 0, 0};
    int st = push(&one, NULL, 0);
    for (int k = 0; k < 4 && st == 0; k++) {
        x.n = 0;
        st = push(&x, ex[k], len[k]);
        if (st != 0)
            break;
        const ctxdesc cd = {0, 0, 0, 0, 0, 0, 0}; /* LTR, FULL STOP on both sides */
        const lencheck lc = {w, -1, space_def(0), &one, &x, NULL, NULL, &cd, 1,
                             NULL, NULL, NULL, 0, NULL};
        st = fill_example(&lc, &r->section4[k], 0, (size_t)-1, 0);
        r->accepted_rfc3454[k] = (uint8_t)ibidi_rfc5893_rfc3454_rule_ok(ex[k], len[k]);
        r->accepted_rfc5893[k] = (uint8_t)legal(&STRICT, ex[k], len[k]);
    }
    free(one.v);
    free(x.v);
    return st;
}

/* ---- Badami: number type ambiguity ---------------------------------------------------- */

unsigned ibidi__name_label(const uint8_t *l, size_t n)
{
    if (n == 0 || !ibidi__hyphens_ok(l, n))
        return IBIDI__NAME_LABEL_BAD;
    unsigned k = has_rtl(l, n) ? IBIDI__NAME_LABEL_RTL : 0u;
    if (ibidi_rfc5893_conditions(l, n, IBIDI_RFC5893_ALL_CONDITIONS) != 0) {
        int ldh = 1; /* RFC 5893 §2: an LDH label may stand beside labels that pass */
        for (size_t i = 0; i < n; i++)
            ldh &= l[i] == IBIDI_UNICODE_BC_L || l[i] == IBIDI_UNICODE_BC_EN ||
                   l[i] == IBIDI_UNICODE_BC_ES;
        if (!ldh)
            k |= IBIDI__NAME_LABEL_NOT_BIDI;
        else if (l[0] == IBIDI_UNICODE_BC_EN)
            k |= IBIDI__NAME_LABEL_NOT_AFTER_RTL;
    }
    return k;
}

/* Is the name legal: mode 0, RFC 5893 (ibidi__name_label: in a Bidi domain name every
 * label passes the rule, but LDH labels may stand beside them unless they start with a
 * digit after an RTL label; a name without R, AL, AN has no rule); mode 1, RFC 3454
 * (every label passes the RandALCat rule). Every label keeps the hyphen rule. */
static int name_legal(const uint8_t *c, size_t n, int mode)
{
    const int bidi = has_rtl(c, n);
    int seen_rtl = 0;
    size_t s = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && c[i] != IBIDI_UNICODE_BC_CS)
            continue;
        const uint8_t *l = c + s;
        const size_t ln = i - s;
        const unsigned k = ibidi__name_label(l, ln);
        if (k & IBIDI__NAME_LABEL_BAD)
            return 0;
        if (mode == 1) {
            if (!ibidi_rfc5893_rfc3454_rule_ok(l, ln))
                return 0;
        } else if (bidi && ((k & IBIDI__NAME_LABEL_NOT_BIDI) ||
                            ((k & IBIDI__NAME_LABEL_NOT_AFTER_RTL) && seen_rtl))) {
            return 0;
        }
        seen_rtl |= (k & IBIDI__NAME_LABEL_RTL) != 0;
        s = i + 1;
    }
    return 1;
}

/* The part each character of a name without controls plays in numbers, from the types the
 * UBA resolves after W1-W7: t[i] gets 'E' or 'A' for a digit (EN as it stays, or AN after
 * AL: W2, W1 having given an NSM the class before it), 'S' for a separator (ES, CS) that W4
 * made part of a number (it has the number's type, where W6 makes the others ON), 0
 * otherwise. dir: the paragraph direction, LTR (0) or RTL (1). */
static void number_types(const uint8_t *c, size_t n, int dir, char *t)
{
    uint8_t levels[MAXN], weak[MAXN];
    const ibidi_bidi_options o = {dir ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, 0, NULL, 0};
    ibidi_bidi_result r = {.levels = levels, .weak = weak, .cap = MAXN};
    memset(t, 0, n);
    if (ibidi_bidi_resolve_classes(c, n, &o, &r, NULL) != IBIDI_OK)
        return; /* not reached: the names are class strings of at most MAXN */
    for (size_t i = 0; i < n; i++) {
        if (c[i] == IBIDI_UNICODE_BC_EN)
            t[i] = weak[i] == IBIDI_UNICODE_BC_AN ? 'A' : 'E';
        if ((c[i] == IBIDI_UNICODE_BC_ES || c[i] == IBIDI_UNICODE_BC_CS) &&
            weak[i] != IBIDI_UNICODE_BC_ON)
            t[i] = 'S';
    }
}

/* The display of a name as rendered (marks on their base): the key, and in order[k] the
 * logical index of the character at key position k. Two names with equal keys are compared
 * position by position in this order, not in the visual order of L2: a mark is left of its
 * base at an odd level and right of it at an even one, so "L ES NSM EN" and "EN ES NSM L"
 * (RTL paragraph) show the same clusters with the hyphen and its mark in swapped places.
 * shown (may be NULL) gets the visual order of L2: the logical index at each place. */
static int name_display(const vlabel *nm, int dir, size_t *order, uint64_t *hi, uint64_t *lo,
                        uint8_t *shown)
{
    uint8_t lv[MAXN];
    size_t v2l[MAXN];
    const ibidi_bidi_options o = {dir ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, 0, NULL, 0};
    ibidi_bidi_result r = {.levels = lv, .cap = MAXN};
    if (ibidi_bidi_resolve_classes(nm->classes, nm->n, &o, &r, NULL) != IBIDI_OK ||
        ibidi_bidi_reorder(lv, nm->n, v2l, NULL, NULL) != IBIDI_OK)
        return -1;
    uint8_t key[2 * MAXN];
    size_t m = 0;
    for (size_t v = 0; v < nm->n; v++) {
        const size_t i = v2l[v];
        if (shown)
            shown[v] = (uint8_t)i;
        if (nm->classes[i] == IBIDI_UNICODE_BC_NSM && i > 0)
            continue; /* drawn with its base */
        order[m] = i;
        key[m++] = nm->classes[i];
        for (size_t k = i + 1; k < nm->n && nm->classes[k] == IBIDI_UNICODE_BC_NSM; k++) {
            order[m] = k;
            key[m++] = (uint8_t)IBIDI_RFC5893_MARK_KEY;
        }
    }
    *hi = nm->n;
    *lo = 0;
    for (size_t k = 0; k < m; k++) {
        const uint64_t nib = nibble(key[k]);
        if (k < 14)
            *hi |= nib << (4 * k + 8);
        else
            *lo |= nib << (4 * (k - 14));
    }
    return 0;
}

/* Names x and y, shown alike in direction d: is a digit EN in one and AN in the other
 * (*digit), and does a separator go with a number (W4) in one and not the other (*sep)? */
static void compare_names(const vlabel *x, const vlabel *y, int d, int *digit, int *sep)
{
    size_t vx[MAXN], vy[MAXN]; /* logical index per key position */
    uint64_t h, l;
    char tx[MAXN], ty[MAXN];
    name_display(x, d, vx, &h, &l, NULL);
    name_display(y, d, vy, &h, &l, NULL);
    number_types(x->classes, x->n, d, tx);
    number_types(y->classes, y->n, d, ty);
    *digit = *sep = 0;
    for (size_t k = 0; k < x->n; k++) {
        const char a = tx[vx[k]], b = ty[vy[k]];
        *digit |= (a == 'E' && b == 'A') || (a == 'A' && b == 'E');
        *sep |= (a == 'S') != (b == 'S') && (x->classes[vx[k]] == IBIDI_UNICODE_BC_ES ||
                                             x->classes[vx[k]] == IBIDI_UNICODE_BC_CS);
    }
}

/* For the pair automaton of names (names.c): do x and y show alike in direction d, and is a
 * digit EN in one and AN in the other (*digit), a separator joined in one and not the
 * other (*sep)? shown (may be NULL) gets x's visual order: the logical index at each
 * place (L2). */
int ibidi__badami_pair(const vlabel *x, const vlabel *y, int d, int *digit, int *sep,
                       uint8_t *shown)
{
    size_t vx[MAXN], vy[MAXN];
    uint64_t hx, lx, hy, ly;
    *digit = *sep = 0;
    if (x->n == 0 || x->n > MAXN || y->n != x->n ||
        name_display(x, d, vx, &hx, &lx, shown) != 0 ||
        name_display(y, d, vy, &hy, &ly, NULL) != 0 || hx != hy || lx != ly)
        return 0;
    compare_names(x, y, d, digit, sep);
    return 1;
}

static int name_event(const vrun *w, ibidi_rfc5893_verify_event_kind kind, int mode,
                      vexample *keep, const vlabel *x, const vlabel *y, int d,
                      unsigned long long seq)
{
    vexample e;
    memset(&e, 0, sizeof e);
    e.x = *x;
    e.y = *y;
    e.context.dir = d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
    e.context.index = seq;
    if (keep && keep->x.n == 0)
        *keep = e;
    return emit(w, kind, IBIDI_RFC5893_VERIFY_BADAMI, mode, x->n, &e, NULL);
}

/* Every name of 1-3 labels and up to n_max characters (dots included), legal under the
 * mode, in both directions: names that display identically, and among them those with
 * number type ambiguity (a digit shown at one place is EN in one name and AN in the
 * other, and a separator shown at one place goes with a number (W4) in one and not the
 * other). */
static int run_badami(vrun *w, int mode)
{
    ibidi_rfc5893_verify_badami *out = &w->res->badami[mode];
    const ibidi_rfc5893_alphabet *al = &w->res->alphabet;
    labset v = {NULL, 0, 0};
    uint8_t alc[IBIDI_UNICODE_BC_COUNT + 1];
    const size_t an = alphabet_with(al, IBIDI_UNICODE_BC_CS, alc);
    int st = 0;
    for (unsigned n = 1; n <= w->n_max && st == 0; n++) {
        odometer o;
        odo_start(&o, alc, an, n);
        do {
            int dots = 0;
            for (size_t i = 0; i < n; i++)
                dots += o.c[i] == IBIDI_UNICODE_BC_CS;
            if (dots <= 2 && name_legal(o.c, n, mode) && (st = push(&v, o.c, n)) != 0)
                break;
        } while (odo_next(&o));
    }
    keyed *keys = st == 0 ? malloc((2 * v.n + 1) * sizeof *keys) : NULL;
    if (st == 0 && !keys)
        st = IBIDI_E_NOMEM;
    size_t nk = 0;
    for (size_t i = 0; i < v.n && st == 0; i++)
        for (int d = 0; d < 2; d++) {
            size_t order[MAXN];
            uint64_t hi, lo;
            if (name_display(&v.v[i], d, order, &hi, &lo, NULL) == 0)
                keys[nk++] = (keyed){hi, lo, (uint32_t)i, (uint8_t)d};
        }
    if (st == 0) {
        out->runs = nk;
        out->names = v.n;
        qsort(keys, nk, sizeof *keys, cmp_keyed);
    }
    unsigned long long seq = 0;
    for (size_t a = 0; a < nk && st == 0;) {
        size_t b = a + 1;
        while (b < nk && keys[b].dir == keys[a].dir && keys[b].hi == keys[a].hi &&
               keys[b].lo == keys[a].lo)
            b++;
        out->groups += b - a > 1;
        for (size_t p = a; p < b && st == 0; p++)
            for (size_t q = p + 1; q < b && st == 0; q++, seq++) {
                const int d = keys[p].dir;
                const vlabel *x = &v.v[keys[p].i], *y = &v.v[keys[q].i];
                int digit, sep;
                compare_names(x, y, d, &digit, &sep);
                out->digit_type_differs += digit != 0;
                out->number_type_ambiguity += digit && sep;
                st = name_event(w, IBIDI_RFC5893_EVENT_NAMES, mode, &out->identical, x, y, d, seq);
                if (st == 0 && digit)
                    st = name_event(w, sep ? IBIDI_RFC5893_EVENT_NUMBER_TYPE : IBIDI_RFC5893_EVENT_DIGIT_TYPE,
                                    mode, sep ? &out->ambiguity : &out->digit_type, x, y, d, seq);
            }
        a = b;
    }
    free(keys);
    free(v.v);
    return st;
}

/* ---- RFC 5893 §2: the guarantee for LDH labels ---------------------------------------- */

/* The index of the first label of the name (classes c, dots CS) that does not stay grouped
 * in a paragraph of direction d: its characters one block on screen, shown next to a dot
 * or the edge of the line (L2: the visual order from the levels). -1 when all do. The
 * visual order goes to shown (the logical index at each visual position). */
static int ungrouped_label(const uint8_t *c, size_t n, ibidi_dir d, uint8_t *shown)
{
    uint8_t lv[MAXN];
    size_t v2l[MAXN], l2v[MAXN];
    const ibidi_bidi_options o = {d, 0, NULL, 0};
    ibidi_bidi_result r = {.levels = lv, .cap = MAXN};
    if (ibidi_bidi_resolve_classes(c, n, &o, &r, NULL) != IBIDI_OK ||
        ibidi_bidi_reorder(lv, n, v2l, NULL, NULL) != IBIDI_OK)
        return 0; /* not reached: class strings of at most MAXN */
    for (size_t v = 0; v < n; v++) {
        l2v[v2l[v]] = v;
        shown[v] = (uint8_t)v2l[v];
    }
    int index = 0;
    for (size_t a = 0; a < n; index++) {
        size_t b = a;
        while (b < n && c[b] != IBIDI_UNICODE_BC_CS)
            b++;
        size_t lo = n, hi = 0;
        for (size_t i = a; i < b; i++) {
            lo = l2v[i] < lo ? l2v[i] : lo;
            hi = l2v[i] > hi ? l2v[i] : hi;
        }
        if (hi - lo + 1 != b - a)
            return index;
        /* RFC 5893 §3, informal: "grouped between the characters delimiting the labels";
         * RTL labels shown in reverse order (its own L1.R2.R3.L4) keep that */
        if (lo > 0 && c[v2l[lo - 1]] != IBIDI_UNICODE_BC_CS)
            return index;
        if (hi + 1 < n && c[v2l[hi + 1]] != IBIDI_UNICODE_BC_CS)
            return index;
        a = b + 1;
    }
    return -1;
}

ibidi_status ibidi_rfc5893_ldh_search(unsigned max_length, ibidi_dir dir,
                                      ibidi_rfc5893_ldh_result *res, ibidi_error *err)
{
    if (res == NULL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    memset(res, 0, sizeof *res);
    if (max_length == 0 || max_length > MAXN || (dir != IBIDI_DIR_LTR && dir != IBIDI_DIR_RTL))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, max_length);
    ibidi_rfc5893_alphabet al;
    const ibidi_status st = ibidi_rfc5893_label_alphabet(&al, err);
    if (st != IBIDI_OK)
        return st;
    uint8_t alc[IBIDI_UNICODE_BC_COUNT + 1];
    const size_t an = alphabet_with(&al, IBIDI_UNICODE_BC_CS, alc);
    res->max_length = max_length;
    for (unsigned n = 1; n <= max_length; n++) {
        odometer o;
        odo_start(&o, alc, an, n);
        do {
            if (!has_rtl(o.c, n) || !name_legal(o.c, n, 0))
                continue;
            res->names[n - 1]++;
            uint8_t shown[MAXN];
            const int bad = ungrouped_label(o.c, n, dir, shown);
            if (bad >= 0 && res->shortest == 0) {
                res->shortest = n;
                res->label = (unsigned)bad;
                res->name.n = (uint8_t)n;
                memcpy(res->name.classes, o.c, n);
                memcpy(res->shown, shown, n);
            }
        } while (odo_next(&o));
        if (res->shortest)
            break;
    }
    return ibidi__ok(err);
}

/* ---- BN: the claim that it may be set aside ------------------------------------------- */

/* Labels with BN that pass the rule, up to max_length: Character Grouping (both readings)
 * gives the verdict of the label with BN removed, in every library context. */
static int run_bn(vrun *w)
{
    ibidi_rfc5893_verify_bn *r = &w->res->bn;
    const ibidi_rfc5893_alphabet *al = &w->res->alphabet;
    if (al->count[IBIDI_UNICODE_BC_BN] == 0)
        return 0;
    uint8_t alc[IBIDI_UNICODE_BC_COUNT + 1];
    const size_t an = alphabet_with(al, IBIDI_UNICODE_BC_BN, alc);
    r->max_length = w->n_max < 4 ? w->n_max : 4;
    for (unsigned n = 2; n <= r->max_length; n++) {
        odometer o;
        odo_start(&o, alc, an, n);
        do {
            uint8_t s[MAXN];
            size_t m = 0;
            for (size_t i = 0; i < n; i++)
                if (o.c[i] != IBIDI_UNICODE_BC_BN)
                    s[m++] = o.c[i];
            if (m == n || !legal(&STRICT, o.c, n))
                continue;
            r->checked++;
            for (unsigned opt = 0; opt < 2; opt++) {
                ibidi_rfc5893_grouping g1, g2;
                ibidi_status st = ibidi_rfc5893_grouping_classes(o.c, n, opt, &g1, NULL);
                if (st == IBIDI_OK)
                    st = ibidi_rfc5893_grouping_classes(s, m, opt, &g2, NULL);
                if (st != IBIDI_OK)
                    return st;
                if (g1.holds != g2.holds) {
                    r->differ++;
                    break;
                }
            }
        } while (odo_next(&o));
    }
    return 0;
}

/* ---- The parts ------------------------------------------------------------------------ */

/* A space that searches is a unit run whole by one shard. */
static int space_unit(vrun *w, int s) { return mine(w) ? run_space(w, s) : 0; }

static int run_parts(vrun *w)
{
    int st = 0;
    for (unsigned part = 1; part <= IBIDI_RFC5893_VERIFY_ALL && st == 0; part <<= 1) {
        if (!(w->parts & part))
            continue;
        switch (part) {
        case IBIDI_RFC5893_VERIFY_RULE: /* divided among the shards */
            st = run_space(w, IBIDI_RFC5893_SPACE_RULE);
            break;
        case IBIDI_RFC5893_VERIFY_UNPROBLEMATIC:
            st = space_unit(w, IBIDI_RFC5893_SPACE_UNPROBLEMATIC);
            if (st == 0)
                st = space_unit(w, IBIDI_RFC5893_SPACE_NO_RTL);
            break;
        case IBIDI_RFC5893_VERIFY_CONDITIONS:
            for (int k = 1; k <= 6 && st == 0; k++)
                st = space_unit(w, IBIDI_RFC5893_SPACE_WITHOUT(k));
            break;
        case IBIDI_RFC5893_VERIFY_RFC3454:
            st = space_unit(w, IBIDI_RFC5893_SPACE_RFC3454);
            if (st == 0 && mine(w))
                st = run_rfc3454(w);
            break;
        case IBIDI_RFC5893_VERIFY_CONTROLS:
            for (int pl = 1; pl < IBIDI_RFC5893_PLACEMENTS && st == 0; pl++)
                st = space_unit(w, IBIDI_RFC5893_SPACE_CONTROL(pl));
            break;
        case IBIDI_RFC5893_VERIFY_BADAMI:
            for (int mode = 0; mode < 2 && st == 0; mode++)
                st = mine(w) ? run_badami(w, mode) : 0;
            break;
        default: /* IBIDI_RFC5893_VERIFY_BN */
            st = mine(w) ? run_bn(w) : 0;
            break;
        }
        if (st == 0)
            st = emit(w, IBIDI_RFC5893_EVENT_PART, part, -1, 0, NULL, NULL);
    }
    return st;
}

/* The totals that follow from the parts. */
static void finish(ibidi_rfc5893_verify_result *r)
{
    unsigned long long runs = 0, broken = 0;
    for (int s = 0; s < IBIDI_RFC5893_SPACES; s++)
        for (int n = 0; n < MAXN; n++)
            runs += r->space[s].length[n].runs;
    for (int pl = 0; pl < IBIDI_RFC5893_PLACEMENTS; pl++)
        runs += r->controls_why[pl].cases;
    runs += r->badami[0].runs + r->badami[1].runs;
    for (int n = 0; n < MAXN; n++)
        broken += r->space[IBIDI_RFC5893_SPACE_RULE].length[n].grouping_cases +
                  r->space[IBIDI_RFC5893_SPACE_RULE].length[n].uniqueness_cases;
    r->uba_runs = runs;
    r->holds = broken == 0;
}

ibidi_status ibidi_rfc5893_verify(const ibidi_rfc5893_verify_options *opts,
                                  ibidi_rfc5893_verify_fn fn, void *ctx,
                                  ibidi_rfc5893_verify_result *res, ibidi_error *err)
{
    ibidi_rfc5893_verify_options o = {0, 0, 0, 0};
    if (opts)
        o = *opts;
    if (res == NULL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    memset(res, 0, sizeof *res);
    if (o.max_length > MAXN)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, o.max_length);
    if (o.shards > IBIDI_RFC5893_VERIFY_MAX_SHARDS)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, o.shards);
    if (o.shard >= (o.shards ? o.shards : 1))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, o.shard);
    if (o.parts & ~IBIDI_RFC5893_VERIFY_ALL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, o.parts);
    vrun w = {o.max_length ? o.max_length : IBIDI_RFC5893_VERIFY_DEFAULT_LENGTH, o.shard,
              o.shards ? o.shards : 1, o.parts ? o.parts : IBIDI_RFC5893_VERIFY_ALL, 0, fn,
              ctx, res};
    res->max_length = w.n_max;
    res->parts = w.parts;
    res->shards = w.shards;
    res->n_merged = 1;
    res->merged[w.shard / 64] = (uint64_t)1 << (w.shard % 64);
    ibidi_status st = ibidi_rfc5893_label_alphabet(&res->alphabet, err);
    const int r = st == IBIDI_OK ? run_parts(&w) : (int)st;
    if (r > 0) {
        memset(res, 0, sizeof *res);
        return ibidi__fail(err, (ibidi_status)r, 0, 0);
    }
    res->stopped = r == VSTOP;
    finish(res);
    return ibidi__ok(err);
}

/* ---- Merging -------------------------------------------------------------------------- */

static void merge_examples(vexamples *a, const vexamples *b)
{
    for (unsigned k = 0; k < b->n_grouping; k++)
        merge_one(a->grouping, &a->n_grouping, &b->grouping[k]);
    for (unsigned k = 0; k < b->n_literal; k++)
        merge_one(a->literal, &a->n_literal, &b->literal[k]);
    for (unsigned k = 0; k < b->n_uniqueness; k++)
        merge_one(a->uniqueness, &a->n_uniqueness, &b->uniqueness[k]);
    for (unsigned k = 0; k < b->n_code_points; k++)
        merge_one(a->code_points, &a->n_code_points, &b->code_points[k]);
}

static void add_figures(vfigures *a, const vfigures *b)
{
    unsigned long long *p = &a->strings;
    const unsigned long long *q = &b->strings;
    for (size_t k = 0; k < sizeof *a / sizeof *p; k++)
        p[k] += q[k];
}

/* Two shards' parts of one space. A space that searches is only ever run by one shard,
 * so that two results of it (another caller's shards) keep the shorter search. */
static void merge_space(ibidi_rfc5893_verify_space_result *a,
                        const ibidi_rfc5893_verify_space_result *b)
{
    if (b->max_length == 0)
        return;
    if (a->max_length == 0) {
        *a = *b;
        return;
    }
    for (int n = 0; n < MAXN; n++)
        add_figures(&a->length[n], &b->length[n]);
    const unsigned s = !a->shortest ? b->shortest : !b->shortest ? a->shortest
                       : a->shortest < b->shortest ? a->shortest : b->shortest;
    if (s && a->shortest == b->shortest)
        merge_examples(&a->examples, &b->examples);
    else if (s && s == b->shortest)
        a->examples = b->examples;
    for (unsigned n = s; s && n < MAXN; n++) /* beyond the shortest nothing counts */
        memset(&a->length[n], 0, sizeof a->length[n]);
    a->shortest = s;
}

static void merge_name_example(vexample *a, const vexample *b)
{
    if (b->x.n && (a->x.n == 0 || b->context.index < a->context.index))
        *a = *b;
}

ibidi_status ibidi_rfc5893_verify_merge(ibidi_rfc5893_verify_result *into,
                                        const ibidi_rfc5893_verify_result *shard,
                                        ibidi_error *err)
{
    if (into == NULL || shard == NULL || shard->n_merged == 0)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (into->n_merged == 0) {
        *into = *shard;
        return ibidi__ok(err);
    }
    if (into->max_length != shard->max_length || into->parts != shard->parts ||
        into->shards != shard->shards)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    for (int k = 0; k < IBIDI_RFC5893_VERIFY_MAX_SHARDS / 64; k++)
        if (into->merged[k] & shard->merged[k])
            return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    for (int k = 0; k < IBIDI_RFC5893_VERIFY_MAX_SHARDS / 64; k++)
        into->merged[k] |= shard->merged[k];
    into->n_merged += shard->n_merged;
    into->stopped |= shard->stopped;
    for (int s = 0; s < IBIDI_RFC5893_SPACES; s++)
        merge_space(&into->space[s], &shard->space[s]);
    for (int n = 0; n < MAXN; n++)
        merge_examples(&into->rule_examples[n], &shard->rule_examples[n]);
    for (int pl = 0; pl < IBIDI_RFC5893_PLACEMENTS; pl++) {
        ibidi_rfc5893_verify_placement_why *a = &into->controls_why[pl];
        const ibidi_rfc5893_verify_placement_why *b = &shard->controls_why[pl];
        a->cases += b->cases;
        a->broken += b->broken;
        a->at_line_end += b->at_line_end;
        a->labels += b->labels;
        a->labels_broken += b->labels_broken;
    }
    ibidi_rfc5893_verify_rfc3454 *r = &into->rfc3454;
    r->only_rfc5893 += shard->rfc3454.only_rfc5893;
    r->only_rfc5893_nsm += shard->rfc3454.only_rfc5893_nsm;
    r->only_rfc5893_number += shard->rfc3454.only_rfc5893_number;
    r->only_rfc3454 += shard->rfc3454.only_rfc3454;
    if (r->section4[0].x.n == 0) {
        memcpy(r->section4, shard->rfc3454.section4, sizeof r->section4);
        memcpy(r->accepted_rfc3454, shard->rfc3454.accepted_rfc3454, sizeof r->accepted_rfc3454);
        memcpy(r->accepted_rfc5893, shard->rfc3454.accepted_rfc5893, sizeof r->accepted_rfc5893);
    }
    for (int m = 0; m < 2; m++) {
        ibidi_rfc5893_verify_badami *a = &into->badami[m];
        const ibidi_rfc5893_verify_badami *b = &shard->badami[m];
        a->names += b->names;
        a->groups += b->groups;
        a->digit_type_differs += b->digit_type_differs;
        a->number_type_ambiguity += b->number_type_ambiguity;
        a->runs += b->runs;
        merge_name_example(&a->identical, &b->identical);
        merge_name_example(&a->digit_type, &b->digit_type);
        merge_name_example(&a->ambiguity, &b->ambiguity);
    }
    if (shard->bn.max_length > into->bn.max_length)
        into->bn.max_length = shard->bn.max_length;
    into->bn.checked += shard->bn.checked;
    into->bn.differ += shard->bn.differ;
    finish(into);
    return ibidi__ok(err);
}
