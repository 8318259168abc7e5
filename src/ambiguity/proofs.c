/*
 * RFC 5893 §3 for labels of every length (include/ibidi/rfc5893.h, ibidi_rfc5893_prove).
 *
 * The method. Labels are strings over the classes of ibidi_rfc5893_label_alphabet. A
 * summary sigma(x) of a string x is computed left to right, one class at a time, by a
 * deterministic step function (step() below): sigma(xc) = step(sigma(x), c). So two
 * strings with the same summary have the same summary after any common suffix (the
 * summary is a right congruence by construction). Breadth-first search from the empty
 * string visits every summary reachable, each with the shortest string that reaches it
 * (its representative); the summaries are finitely many (every field below is bounded),
 * so the search ends, and the states with their step function are a finite automaton.
 * What remains to show is that the verdict of a label in every context is a function of
 * its summary; then deciding each accepting state on its representative, with the
 * library's own UBA (ibidi_rfc5893_run), decides every label of every length, and the
 * first state of the search whose representative breaks the claim gives a shortest
 * counterexample. tests/test_proofs.c checks the whole against the enumeration
 * (ibidi_rfc5893_verify): the automaton's counts of labels and of labels that break the
 * claim, length by length.
 *
 * The summary has two parts.
 *
 * 1. The rule (RFC 5893 §2, RFC 5891 §4.2.3.1). Conditions 1, 2, 4 and 5, a hyphen first
 *    and "--" in the third and fourth places, once broken, stay broken in every extension
 *    (condition 1 looks at the first character; 2 and 5 forbid classes given the
 *    direction the first character sets; 4 forbids EN beside AN). A string that breaks one
 *    of them goes to one dead state: no extension is a label. For the others the six
 *    conditions of any extension x.y follow from y and from: the first class (R, AL or
 *    L), whether x holds EN, whether it holds AN (condition 4), the class of the last
 *    character that is not NSM (conditions 3 and 6); the hyphen rule from the length up
 *    to 4, whether the third character is ES, whether the last is ES. Whether a state is
 *    dead or accepting is asked of the library (ibidi_rfc5893_conditions, through
 *    ibidi__rfc5893_legal) on its representative.
 *
 * 2. The UBA. A live string starts with a strong character (condition 1), so nothing
 *    before the label reaches into it: W1 (an NSM takes the type before it), W2 and W7
 *    (the last strong type) and N1 (the strong types around a run of neutrals) find what
 *    they look for inside the label; a label that passes ends with a strong character or
 *    a number followed by NSM only, so nothing after it reaches in either (W4 needs a
 *    number on both sides of a separator, W5 an EN next to the ET, and the neighbours of
 *    every context start with a strong character; N1 finds the label's own last type).
 *    The types of a label's characters after W1-W7 and N1-N2 are therefore the same in
 *    every context, and with them its levels relative to the embedding level E of the
 *    label (I1, I2): for even E, L 0, R 1, EN and AN 2; for odd E, R 0, L 1, EN and AN 1.
 *    N2 never applies inside a label that passes (its neutrals stand between strong
 *    types of one direction: L, or R with numbers counted as R), but a prefix may still
 *    hold neutrals waiting for the next strong type, so the levels are kept for both
 *    parities of E. The step function keeps what W1-W7 and N1 need to go on: the last
 *    strong type (L, R, AL: W2, W7), the class the last character has after W1, whether
 *    it is a number for W4 (EN or AN after W2) or an EN for W5, and what is still open:
 *    a run of neutrals (with the direction before it, N1), then possibly a run of ET not
 *    yet next to an EN (W5) or one separator right after a number (W4). Runs are kept
 *    without their lengths: every character of an open run gets the same type once it
 *    closes, so only its presence matters below.
 *
 *    Of the levels the summary keeps, for each parity, only the set PM of the values
 *    min(levels of the label from its start to p), and the set SM of the values
 *    min(levels from p to its end), over the positions p of the label, each a subset of
 *    {0, 1, 2}; with the label's first and last resolved types. Why that is enough: by
 *    L2, two positions i < j of the line are shown in logical order exactly when the
 *    lowest level in [i, j] is even. A position r before the label is shown on the same
 *    side of all its characters exactly when min(m_r, v) has one parity for every v in PM
 *    (m_r the lowest level from r to the label's start); after the label, the same with
 *    SM. So whether the label is one block on screen depends on it through PM and SM
 *    alone; when it is, the order of the block among the other characters depends on the
 *    label's lowest level (min PM). Both readings of Character Grouping (ibidi_rfc5893_run)
 *    are decided by that order. The levels of the characters around the label depend on it
 *    only through its first and last types (N1 for D1 and D2; the first is strong, the
 *    last strong or a number, so W1-W7 do not cross). Characters X9 removes (the
 *    controls of CLAIM_CONTROLS) are outside the label and out of both readings.
 *
 * Appending one level v to (PM, SM): PM gets min(min PM, v); SM becomes {min(s, v)} for s
 * in SM, and v. A run of several characters of one level appends v once (the sets do not
 * count). The test compares the levels the step function gives with the library's on
 * every label up to the length it enumerates.
 */
#include <stdint.h>
#include <string.h>

#include "ambiguity/ambiguity_internal.h"
#include "common/internal.h"
#include "ibidi/rfc5893.h"
#include "ibidi/unicode.h"

#define MAXST IBIDI_RFC5893_PROOF_MAX_STATES
#define MAXL IBIDI_RFC5893_PROOF_MAX_LABEL
#define NCLS IBIDI_UNICODE_BC_COUNT
#define DEAD UINT64_MAX
#define NONE_CLASS 31u
#define MAX_NB 64 /* neighbours: nothing and the labels of up to 2 classes */

/* ---- The summary ----------------------------------------------------------------------- */

enum { T_L = 0, T_R = 1, T_EN = 2, T_AN = 3 };          /* resolved types */
enum { TAIL_NONE = 0, TAIL_ET = 1, TAIL_SEP = 2 };

typedef struct summary {
    ibidi__rule_part r; /* the rule (first and last_nn NONE_CLASS when empty) */
    /* the UBA */
    unsigned ls;       /* last strong class: L, R or AL (W2, W7) */
    unsigned prev;     /* the last character's class after W1 */
    unsigned num;      /* the last character is a number for W4: 0 no, 1 EN, 2 AN */
    unsigned en5;      /* the last character is EN after W5 */
    unsigned ni;       /* a run of neutrals is open */
    unsigned dir;      /* direction of the last closed character that is not neutral:
                          0 L, 1 R (N1: numbers count as R) */
    unsigned tail;     /* TAIL_*: an open ET run (W5) or a separator after a number (W4) */
    unsigned sep_cs;   /* TAIL_SEP: the separator is CS (else ES) */
    unsigned sep_an;   /* TAIL_SEP: the number before it is AN (else EN) */
    unsigned last;     /* resolved type of the last closed character (T_*) */
    unsigned pm[2], sm[2]; /* per parity of E: sets of levels (bits 0-2) */
    ibidi__proof_events *ev; /* not part of the state: where step() says which levels it
                                gave (NULL: nowhere) */
} summary;

static uint64_t pack(const summary *s)
{
    uint64_t k = 0;
    const unsigned f[] = {s->r.first, s->r.has_en, s->r.has_an, s->r.last_nn, s->r.len,
                          s->r.c2_es, s->r.last_es, s->ls, s->prev, s->num, s->en5, s->ni, s->dir,
                          s->tail, s->sep_cs, s->sep_an, s->last, s->pm[0], s->sm[0],
                          s->pm[1], s->sm[1]};
    static const unsigned w[] = {5, 1, 1, 5, 3, 1, 1, 5, 5, 2, 1, 1, 1, 2, 1, 1, 2, 3, 3, 3, 3};
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        k = k << w[i] | f[i];
    return k;
}

static void unpack(uint64_t k, summary *s)
{
    unsigned *f[] = {&s->r.first, &s->r.has_en, &s->r.has_an, &s->r.last_nn, &s->r.len,
                     &s->r.c2_es, &s->r.last_es, &s->ls, &s->prev, &s->num, &s->en5, &s->ni, &s->dir,
                     &s->tail, &s->sep_cs, &s->sep_an, &s->last, &s->pm[0], &s->sm[0],
                     &s->pm[1], &s->sm[1]};
    static const unsigned w[] = {5, 1, 1, 5, 3, 1, 1, 5, 5, 2, 1, 1, 1, 2, 1, 1, 2, 3, 3, 3, 3};
    for (size_t i = sizeof f / sizeof f[0]; i-- > 0;) {
        *f[i] = (unsigned)(k & ((1u << w[i]) - 1u));
        k >>= w[i];
    }
    s->ev = NULL;
}

/* The level of a resolved type relative to E, for E of parity p (I1, I2). */
static unsigned level_of(unsigned type, unsigned p)
{
    if (p == 0)
        return type == T_L ? 0u : type == T_R ? 1u : 2u;
    return type == T_R ? 0u : 1u;
}

/* Appends a run of level v to the sets of parity p (see the top). */
static void append(summary *s, unsigned p, unsigned v)
{
    if (s->pm[p] == 0) {
        s->pm[p] = s->sm[p] = 1u << v;
        return;
    }
    unsigned low = 0;
    while (!(s->pm[p] & (1u << low)))
        low++;
    s->pm[p] |= 1u << (v < low ? v : low);
    unsigned sm = 1u << v;
    for (unsigned l = 0; l < 3; l++)
        if (s->sm[p] & (1u << l))
            sm |= 1u << (l < v ? l : v);
    s->sm[p] = sm;
}

/* what: 1 the character read, 2 the open tail (joined to a number) */
static void append_type(summary *s, unsigned type, int what)
{
    for (unsigned p = 0; p < 2; p++) {
        append(s, p, level_of(type, p));
        if (s->ev && what == 1) {
            s->ev->cur_closed = 1;
            s->ev->cur_level[p] = (uint8_t)level_of(type, p);
        } else if (s->ev) {
            s->ev->tail_closed = 1;
            s->ev->tail_level[p] = (uint8_t)level_of(type, p);
        }
    }
}

/* N1, N2: closes the open run of neutrals before a character of direction d (0 L, 1 R). */
static void close_neutrals(summary *s, unsigned d)
{
    if (!s->ni)
        return;
    for (unsigned p = 0; p < 2; p++) {
        /* N1: the same direction on both sides; N2: the embedding direction (p) */
        const unsigned nd = s->dir == d ? d : p;
        append(s, p, level_of(nd ? T_R : T_L, p));
        if (s->ev) {
            s->ev->ni_closed = 1;
            s->ev->ni_level[p] = (uint8_t)level_of(nd ? T_R : T_L, p);
        }
    }
    s->ni = 0;
}

/* W6: what is open in the tail turns neutral (joins the run of neutrals). */
static void tail_to_neutral(summary *s)
{
    if (s->tail != TAIL_NONE) {
        s->ni = 1;
        if (s->ev)
            s->ev->tail_merged = 1;
    }
    s->tail = TAIL_NONE;
}

static unsigned dir_of(unsigned type) { return type == T_L ? 0u : 1u; }

/* A closed character of resolved type t, after whatever the open runs became. */
static void close_with(summary *s, unsigned t, unsigned num, unsigned en5)
{
    s->dir = dir_of(t);
    s->last = t;
    s->num = num;
    s->en5 = en5;
}

/* The rule part: plain bookkeeping of what the conditions and the hyphen rule look at. */
void ibidi__rule_part_step(ibidi__rule_part *r, unsigned c)
{
    if (r->len == 0)
        r->first = c;
    r->has_en |= c == IBIDI_UNICODE_BC_EN;
    r->has_an |= c == IBIDI_UNICODE_BC_AN;
    if (c != IBIDI_UNICODE_BC_NSM)
        r->last_nn = c;
    if (r->len == 2)
        r->c2_es = c == IBIDI_UNICODE_BC_ES;
    r->last_es = c == IBIDI_UNICODE_BC_ES;
    if (r->len < 4)
        r->len++;
}

/* One class more. The rule part is plain bookkeeping; the UBA part follows W1-W7 and N1
 * in the order UAX #9 applies them (W4 before W5, W7 after both). */
static void step(summary *s, unsigned c)
{
    ibidi__rule_part_step(&s->r, c);
    /* W1: an NSM takes the class of the character before it (a live string never starts
     * with one) */
    unsigned t = c == IBIDI_UNICODE_BC_NSM ? s->prev : c;
    s->prev = t;
    /* W2: EN after AL is AN; W3: AL is R */
    if (t == IBIDI_UNICODE_BC_EN && s->ls == IBIDI_UNICODE_BC_AL) {
        t = IBIDI_UNICODE_BC_AN;
        if (s->ev && c == IBIDI_UNICODE_BC_EN)
            s->ev->cur_w2_an = 1; /* Badami's number type: this digit is AN */
    }
    switch (t) {
    case IBIDI_UNICODE_BC_L:
    case IBIDI_UNICODE_BC_R:
    case IBIDI_UNICODE_BC_AL: {
        s->ls = t;
        const unsigned type = t == IBIDI_UNICODE_BC_L ? T_L : T_R;
        tail_to_neutral(s);
        close_neutrals(s, dir_of(type));
        append_type(s, type, 1);
        close_with(s, type, 0, 0);
        break;
    }
    case IBIDI_UNICODE_BC_EN:
    case IBIDI_UNICODE_BC_AN: {
        const unsigned is_en = t == IBIDI_UNICODE_BC_EN;
        /* W7: EN after L is L */
        const unsigned type = !is_en ? T_AN : s->ls == IBIDI_UNICODE_BC_L ? T_L : T_EN;
        /* W4: one separator between two numbers (ES: EN only; CS: the same type) */
        const int sep_joins = s->tail == TAIL_SEP &&
                              (s->sep_cs ? s->sep_an == !is_en : (is_en && !s->sep_an));
        /* W5: an ET run next to an EN */
        const int et_joins = s->tail == TAIL_ET && is_en;
        if (!sep_joins && !et_joins)
            tail_to_neutral(s);
        close_neutrals(s, dir_of(type));
        if (sep_joins || et_joins)
            append_type(s, type, 2); /* the separator or the ET run, as the number */
        s->tail = TAIL_NONE;
        append_type(s, type, 1);
        close_with(s, type, is_en ? 1u : 2u, is_en);
        break;
    }
    case IBIDI_UNICODE_BC_ET:
        if (s->en5 && s->tail == TAIL_NONE && !s->ni) {
            /* W5 after an EN: this ET is EN, then W7 */
            const unsigned type = s->ls == IBIDI_UNICODE_BC_L ? T_L : T_EN;
            append_type(s, type, 1);
            close_with(s, type, 0, 1); /* W4 sees ET here, not a number */
        } else {
            if (s->tail == TAIL_SEP)
                tail_to_neutral(s);
            s->tail = TAIL_ET;
            if (s->ev)
                s->ev->cur_pending = 2;
            s->num = 0;
            s->en5 = 0;
        }
        break;
    case IBIDI_UNICODE_BC_ES:
    case IBIDI_UNICODE_BC_CS:
        if (s->tail == TAIL_NONE && s->num && !s->ni) {
            s->tail = TAIL_SEP;
            s->sep_cs = t == IBIDI_UNICODE_BC_CS;
            s->sep_an = s->num == 2;
            if (s->ev)
                s->ev->cur_pending = 2;
        } else {
            tail_to_neutral(s);
            s->ni = 1; /* W6: this separator is neutral */
            if (s->ev)
                s->ev->cur_pending = 1;
        }
        s->num = 0;
        s->en5 = 0;
        break;
    default: /* ON, WS and the other neutrals */
        tail_to_neutral(s);
        s->ni = 1;
        if (s->ev)
            s->ev->cur_pending = 1;
        s->num = 0;
        s->en5 = 0;
        break;
    }
}

/* ---- The work area --------------------------------------------------------------------- */

typedef struct pstate {
    uint64_t key;
    uint8_t len;
    uint8_t accept; /* passes the rule */
    uint8_t broken; /* accept: breaks the claim */
    uint8_t rep[MAXL];
} pstate;

typedef struct pwork {
    pstate st[MAXST];
    uint32_t next[MAXST][NCLS];
    uint32_t hash[2 * MAXST]; /* state index + 1; 0 free */
    unsigned long long cnt[2][MAXST];
    uint8_t nb[MAX_NB][2];
    uint8_t nb_len[MAX_NB];
} pwork;

size_t ibidi_rfc5893_prove_work_size(void)
{
    return sizeof(pwork) + _Alignof(pwork) + ibidi__uniqueness_work_size();
}

static uint32_t *slot(pwork *w, uint64_t key)
{
    size_t h = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (2 * MAXST - 1);
    while (w->hash[h] && w->st[w->hash[h] - 1].key != key)
        h = (h + 1) & (2 * MAXST - 1);
    return &w->hash[h];
}

/* ---- Contexts -------------------------------------------------------------------------- */

typedef struct pctx {
    const ibidi_rfc5893_proof_options *o;
    pwork *w;
    size_t n_nb;
    const ibidi_rfc5893_neighbour *lib; /* CLAIM_CONTROLS: the library's neighbours */
    size_t n_ctl, n_d;
} pctx;

static const uint8_t controls[4] = {IBIDI_UNICODE_BC_LRE, IBIDI_UNICODE_BC_RLE,
                                    IBIDI_UNICODE_BC_LRO, IBIDI_UNICODE_BC_RLO};

/* The neighbours of the claim, in the verifier's order: for SPACE_RULE nothing, then every
 * label of 1 and 2 classes that passes, the last place turning fastest. */
static void neighbours(pctx *p, const ibidi_rfc5893_alphabet *al)
{
    if (p->o->claim == IBIDI_RFC5893_CLAIM_CONTROLS) {
        p->lib = ibidi_rfc5893_neighbours(&p->n_nb);
        return;
    }
    pwork *w = p->w;
    size_t n = 0;
    w->nb_len[n++] = 0;
    for (size_t a = 0; a < al->n_classes; a++) {
        const uint8_t s[1] = {al->classes[a]};
        if (ibidi__rfc5893_legal(s, 1) && n < MAX_NB) {
            w->nb[n][0] = s[0];
            w->nb_len[n++] = 1;
        }
    }
    for (size_t a = 0; a < al->n_classes; a++)
        for (size_t b = 0; b < al->n_classes; b++) {
            const uint8_t s[2] = {al->classes[a], al->classes[b]};
            if (ibidi__rfc5893_legal(s, 2) && n < MAX_NB) {
                memcpy(w->nb[n], s, 2);
                w->nb_len[n++] = 2;
            }
        }
    p->n_nb = n;
}

static size_t n_contexts(const pctx *p) { return p->n_ctl * p->n_d * p->n_d * p->n_nb * p->n_nb; }

/* Context t in the verifier's order (control, D1, D2, S1, S2) as a case for x. */
static ibidi_rfc5893_case case_at(const pctx *p, size_t t, const uint8_t *x, size_t n)
{
    const ibidi_rfc5893_delimiter *dl = ibidi_rfc5893_delimiters(NULL);
    const size_t s2 = t % p->n_nb, s1 = t / p->n_nb % p->n_nb;
    const size_t d2 = t / (p->n_nb * p->n_nb) % p->n_d;
    const size_t d1 = t / (p->n_nb * p->n_nb * p->n_d) % p->n_d;
    const size_t k = t / (p->n_nb * p->n_nb * p->n_d * p->n_d);
    ibidi_rfc5893_case c;
    memset(&c, 0, sizeof c);
    if (p->lib) {
        c.s1 = p->lib[s1].classes;
        c.n1 = p->lib[s1].n;
        c.s2 = p->lib[s2].classes;
        c.n2 = p->lib[s2].n;
    } else {
        c.s1 = p->w->nb[s1];
        c.n1 = p->w->nb_len[s1];
        c.s2 = p->w->nb[s2];
        c.n2 = p->w->nb_len[s2];
    }
    c.d1 = dl[d1].bidi_class;
    c.d2 = dl[d2].bidi_class;
    c.x = x;
    c.n = n;
    c.dir = p->o->dir;
    c.placement = (uint8_t)(p->o->claim == IBIDI_RFC5893_CLAIM_CONTROLS ? p->o->placement : 0);
    c.control = p->n_ctl == 4 ? controls[k] : 0;
    return c;
}

/* The first context in which x breaks the claim: its index, or SIZE_MAX. */
static ibidi_status decide(const pctx *p, const uint8_t *x, size_t n, size_t *at,
                           unsigned long long *runs, ibidi_error *err)
{
    const unsigned want = p->o->claim == IBIDI_RFC5893_CLAIM_LITERAL
                              ? IBIDI_RFC5893_BROKEN_LITERAL
                              : IBIDI_RFC5893_BROKEN_GROUPED;
    const size_t nc = n_contexts(p);
    *at = SIZE_MAX;
    for (size_t t = 0; t < nc; t++) {
        const ibidi_rfc5893_case c = case_at(p, t, x, n);
        unsigned broken = 0;
        const ibidi_status st = ibidi_rfc5893_run(&c, &broken, NULL, err);
        ++*runs;
        if (st != IBIDI_OK)
            return st;
        if (broken & want) {
            *at = t;
            break;
        }
    }
    return IBIDI_OK;
}

static void label_of(ibidi_rfc5893_verify_label *l, const uint8_t *c, size_t n)
{
    memset(l, 0, sizeof *l);
    l->n = (uint8_t)(n < IBIDI_RFC5893_VERIFY_MAX_LENGTH ? n : IBIDI_RFC5893_VERIFY_MAX_LENGTH);
    if (l->n) /* the empty neighbour has no classes (c may be NULL: C11 7.24.1) */
        memcpy(l->classes, c, l->n);
}

/* The counterexample x in context t, with its display. */
static ibidi_status example(const pctx *p, const uint8_t *x, size_t n, size_t t,
                            ibidi_rfc5893_verify_example *e, ibidi_error *err)
{
    const ibidi_rfc5893_case c = case_at(p, t, x, n);
    const ibidi_rfc5893_delimiter *dl = ibidi_rfc5893_delimiters(NULL);
    memset(e, 0, sizeof *e);
    label_of(&e->x, x, n);
    e->context.index = t;
    e->context.dir = c.dir;
    for (size_t k = 0; k < p->n_d; k++) {
        if (dl[k].bidi_class == c.d1 && e->context.d1 == 0)
            e->context.d1 = dl[k].cp;
        if (dl[k].bidi_class == c.d2 && e->context.d2 == 0)
            e->context.d2 = dl[k].cp;
    }
    e->context.control = c.control;
    e->context.placement = c.placement;
    label_of(&e->context.s1, c.s1, c.n1);
    label_of(&e->context.s2, c.s2, c.n2);
    ibidi_rfc5893_display d;
    const ibidi_status st = ibidi_rfc5893_run(&c, NULL, &d, err);
    if (st != IBIDI_OK)
        return st;
    for (size_t k = 0; k < d.len && k < IBIDI_RFC5893_VERIFY_SHOWN; k++)
        e->shown[e->shown_len++] = d.key[k];
    return IBIDI_OK;
}

/* ---- The automaton --------------------------------------------------------------------- */

/* 1 when no extension of the string can pass the rule (part 1 of the top). */
static int dead(const uint8_t *c, size_t n)
{
    const unsigned lasting = IBIDI_RFC5893_COND(1) | IBIDI_RFC5893_COND(2) |
                             IBIDI_RFC5893_COND(4) | IBIDI_RFC5893_COND(5);
    return (ibidi_rfc5893_conditions(c, n, lasting) != 0) || c[0] == IBIDI_UNICODE_BC_ES ||
           (n >= 4 && c[2] == IBIDI_UNICODE_BC_ES && c[3] == IBIDI_UNICODE_BC_ES);
}

/* Breadth-first search from the empty label: the states in the order found, so the
 * representatives grow in length; *n their number. */
static ibidi_status build_states(pwork *w, const ibidi_rfc5893_alphabet *alp, size_t *np,
                                 ibidi_error *err)
{
    const ibidi_rfc5893_alphabet al = *alp;
    memset(w->hash, 0, sizeof w->hash);
    /* Breadth-first search: states in the order found, so representatives grow in length. */
    size_t n = 1;
    summary s0;
    memset(&s0, 0, sizeof s0);
    s0.r.first = s0.r.last_nn = NONE_CLASS;
    w->st[0].key = pack(&s0);
    w->st[0].len = 0;
    w->st[0].accept = 0;
    *slot(w, w->st[0].key) = 1;
    for (size_t i = 0; i < n; i++) {
        for (size_t k = 0; k < al.n_classes; k++) {
            const uint8_t c = al.classes[k];
            uint64_t key = DEAD;
            uint8_t s[MAXL];
            const size_t len = (size_t)w->st[i].len + 1;
            if (w->st[i].key != DEAD) {
                if (len > MAXL)
                    return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, MAXL);
                memcpy(s, w->st[i].rep, len - 1);
                s[len - 1] = c;
                if (!dead(s, len)) {
                    summary sm;
                    unpack(w->st[i].key, &sm);
                    step(&sm, c);
                    key = pack(&sm);
                }
            }
            uint32_t *h = slot(w, key);
            if (*h == 0) {
                if (n == MAXST)
                    return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, MAXST);
                pstate *ns = &w->st[n];
                ns->key = key;
                ns->len = key == DEAD ? 0 : (uint8_t)len;
                if (key != DEAD)
                    memcpy(ns->rep, s, len);
                ns->accept = key != DEAD && ibidi__rfc5893_legal(ns->rep, len);
                ns->broken = 0;
                *h = (uint32_t)++n;
            }
            w->next[i][k] = *h - 1;
        }
    }
    *np = n;
    return IBIDI_OK;
}

static ibidi_status fail(ibidi_rfc5893_proof *res, ibidi_error *err, ibidi_status st,
                         uint32_t value)
{
    memset(res, 0, sizeof *res);
    return ibidi__fail(err, st, 0, value);
}

ibidi_status ibidi_rfc5893_prove(const ibidi_rfc5893_proof_options *opts, void *work,
                                 size_t work_size, ibidi_rfc5893_proof *res, ibidi_error *err)
{
    if (res == NULL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    memset(res, 0, sizeof *res);
    if (opts == NULL || work == NULL || opts->claim >= IBIDI_RFC5893_CLAIMS ||
        (opts->dir != IBIDI_DIR_LTR && opts->dir != IBIDI_DIR_RTL) ||
        (opts->claim == IBIDI_RFC5893_CLAIM_CONTROLS &&
         (opts->placement < 1 || opts->placement >= IBIDI_RFC5893_PLACEMENTS)))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (work_size < ibidi_rfc5893_prove_work_size())
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0,
                           (uint32_t)ibidi_rfc5893_prove_work_size());
    const uintptr_t a = _Alignof(pwork);
    pwork *w = (pwork *)(((uintptr_t)work + a - 1) / a * a);
    ibidi_rfc5893_alphabet al;
    ibidi_status st = ibidi_rfc5893_label_alphabet(&al, err);
    if (st != IBIDI_OK)
        return fail(res, err, st, 0);
    pctx p = {opts, w, 0, NULL, 1, 0};
    ibidi_rfc5893_delimiters(&p.n_d);
    if (opts->claim == IBIDI_RFC5893_CLAIM_CONTROLS &&
        opts->placement != IBIDI_RFC5893_PLACE_STRAY_PDF)
        p.n_ctl = 4;
    neighbours(&p, &al);
    res->contexts = n_contexts(&p);

    size_t n = 0;
    st = build_states(w, &al, &n, err);
    if (st != IBIDI_OK) {
        memset(res, 0, sizeof *res);
        return st;
    }
    if (opts->claim == IBIDI_RFC5893_CLAIM_UNIQUENESS ||
        opts->claim == IBIDI_RFC5893_CLAIM_CODE_POINTS) {
        const ibidi__uniq_job job = {opts, &al, w, (char *)w + sizeof(pwork)};
        st = ibidi__prove_uniqueness(&job, res, err);
        if (st != IBIDI_OK)
            memset(res, 0, sizeof *res);
        return st;
    }
    res->states = n;
    res->transitions = n * al.n_classes;

    /* Each accepting state decided on its representative; the first in search order that
     * breaks the claim is a shortest counterexample. */
    res->holds = 1;
    for (size_t i = 0; i < n; i++) {
        if (!w->st[i].accept)
            continue;
        res->accepting++;
        size_t at;
        st = decide(&p, w->st[i].rep, w->st[i].len, &at, &res->runs, err);
        if (st != IBIDI_OK)
            return fail(res, err, st, 0);
        if (at == SIZE_MAX)
            continue;
        w->st[i].broken = 1;
        if (res->holds) {
            res->holds = 0;
            res->shortest = w->st[i].len;
            st = example(&p, w->st[i].rep, w->st[i].len, at, &res->example, err);
            if (st != IBIDI_OK)
                return fail(res, err, st, 0);
        }
    }

    /* Labels of each length counted on the automaton (paths from the start). */
    memset(w->cnt[0], 0, n * sizeof w->cnt[0][0]);
    w->cnt[0][0] = 1;
    for (unsigned len = 1; len <= IBIDI_RFC5893_VERIFY_MAX_LENGTH; len++) {
        unsigned long long *from = w->cnt[(len - 1) & 1], *to = w->cnt[len & 1];
        memset(to, 0, n * sizeof *to);
        for (size_t i = 0; i < n; i++)
            if (from[i])
                for (size_t k = 0; k < al.n_classes; k++)
                    to[w->next[i][k]] += from[i];
        for (size_t i = 0; i < n; i++) {
            if (w->st[i].accept)
                res->labels[len - 1] += to[i];
            if (w->st[i].broken)
                res->broken[len - 1] += to[i];
        }
    }
    return ibidi__ok(err);
}

/* ---- The automaton for the pair automaton of Label Uniqueness (uniqueness.c) ---------- */

uint32_t ibidi__proof_next(const void *w, size_t i, size_t k)
{
    return ((const pwork *)w)->next[i][k];
}

int ibidi__proof_live(const void *w, size_t i) { return ((const pwork *)w)->st[i].key != DEAD; }

int ibidi__proof_accept(const void *w, size_t i) { return ((const pwork *)w)->st[i].accept; }

void ibidi__proof_events_of(const void *w, size_t i, uint8_t c, ibidi__proof_events *ev)
{
    (void)ibidi__proof_uba_step(((const pwork *)w)->st[i].key, c, ev);
}

/* ---- The step function for whole names (proofs_ldh.c) ---------------------------------- */

/* A domain name is one paragraph: W1-W7 and N1 run across its dots (CS), so the step
 * function reads the whole name. Only the UBA part of the summary is kept there (the rule
 * part and the level sets PM, SM are the labels' and are cleared); the levels go out
 * through the events. */
static uint64_t uba_key(summary *s)
{
    memset(&s->r, 0, sizeof s->r);
    s->last = s->pm[0] = s->pm[1] = s->sm[0] = s->sm[1] = 0;
    return pack(s);
}

uint64_t ibidi__proof_uba_start(unsigned para)
{
    summary s;
    memset(&s, 0, sizeof s);
    /* sos is the paragraph's direction: W1 (an NSM first), W2 and W7 (no strong type
     * before), N1 (neutrals first) */
    s.ls = s.prev = para ? IBIDI_UNICODE_BC_R : IBIDI_UNICODE_BC_L;
    s.dir = para;
    return uba_key(&s);
}

/* The summary of key, its events to go into ev (cleared). */
static void with_events(uint64_t key, ibidi__proof_events *ev, summary *s)
{
    memset(ev, 0, sizeof *ev);
    unpack(key, s);
    s->ev = ev;
}

uint64_t ibidi__proof_uba_step(uint64_t key, uint8_t c, ibidi__proof_events *ev)
{
    summary s;
    with_events(key, ev, &s);
    step(&s, c);
    return uba_key(&s);
}

void ibidi__proof_uba_end(uint64_t key, unsigned para, ibidi__proof_events *ev)
{
    summary s;
    with_events(key, ev, &s);
    /* eos is the paragraph's direction: an open tail turns neutral (W6), the run of
     * neutrals closes against eos (N1, N2) */
    tail_to_neutral(&s);
    close_neutrals(&s, para);
}
