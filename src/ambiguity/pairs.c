/*
 * Pair automata over displays (ambiguity_internal.h, ibidi__pairs_run): do two different
 * strings of a regular set show alike in a paragraph, and, for Badami's questions, does a
 * digit shown at one place have another number type in each, or a separator join a
 * number (W4) in one only? Badami's ambiguities over names (names.c) are asked here;
 * what the strings are is the caller's base automaton, whose steps report the prover's
 * events (proofs.c).
 *
 * 1. Levels and number types. The base automaton's steps report, through the prover's
 *    events, the level each character gets and when (at once, or when the run of neutrals
 *    or the tail it waits in closes), and W2's number type. Reading letters (class,
 *    level, annotation) and keeping a guess for each open run, checked when the run
 *    closes, gives a deterministic automaton of the strings with their levels and number
 *    types: the levelled automaton, made minimal (Moore) so that the pairs stay few.
 *    Annotations (Badami, and verify.c's number_types): a digit EN is E, or A when W2
 *    made it AN; a separator ES or CS is S when W4 made it a number.
 *
 * 2. Reading a display. Without explicit embeddings the levels are 0-2 (UAX #9 I1-I2). By
 *    L2 two positions i < j are shown in logical order exactly when the lowest level in
 *    [i, j] is even. So, for a string whose lowest level is m: when m is even, the
 *    characters at m stay in place and each maximal run above m is reversed as a whole,
 *    the parts of it at m + 2 keeping their own order inside; when m is odd, the whole
 *    string is one reversed run, its parts at m + 1 keeping their order. A display is
 *    read left to right with each reversed run read back to front: its units (a cluster
 *    at the run's own level: a base and the marks after it as rendered, or one character;
 *    a part one level up, read forward) come last first, so the state after the run is
 *    F(q0), F the composition of the units' transformations of the levelled automaton
 *    (F' = F . T). Transformations are interned and finitely many. The levels a display
 *    letter is read with are checked by the levelled automaton, so they are the string's
 *    own; a level pattern this reading does not cover (a string with its lowest level m
 *    odd and a level m + 2, or m even and m + 3) makes the answer "undecided".
 *
 * 3. The automaton of displays. A component reads the display letters of one string in
 *    the reading of step 2, from a lowest level guessed at the start; its states, found
 *    breadth first, form a deterministic automaton of the displays with their levels and
 *    number types. It is large where runs are read back to front (millions of states for
 *    names in a left-to-right paragraph), and most of its states differ only in what no
 *    display tells apart: made minimal (Moore), it has a few thousand.
 *
 * 4. The pair automaton reads one display with two states of that minimal automaton; the
 *    strings differ exactly when their levels differ at some place (a string and its
 *    levels give its display, and the display and the levels give the string back; the
 *    lowest level is one of them). Breadth-first search gives a shortest pair of each
 *    kind or shows none exists; paths are counted per length (the automaton is
 *    deterministic, so every pair has exactly one path), and a string read with itself
 *    counts the strings, which the tests compare with enumerations.
 */
#include <stdint.h>
#include <string.h>

#include "ambiguity/ambiguity_internal.h"
#include "common/internal.h"
#include "ibidi/rfc5893.h"
#include "ibidi/unicode.h"

#define MAXLS 16384u    /* levelled states, as built */
#define MAXMIN 1024u    /* levelled states, minimal */
#define MAXF 65536u     /* transformations */
#define MAXSET 65536u   /* sets of levelled states */
#define MAXP (1u << 22)   /* pair states */
#define PCACHE (1u << 22) /* entries of each cache of compositions, masks, preimages */
#define MAXC (1u << 23)   /* display states, as built */
#define MAXE 150000000u   /* their transitions */
#define MAXD 65536u       /* display states, minimal */
#define NK 16u          /* the most classes */
#define NLET (NK * 12u) /* letters: class x level 0-2 x annotation 0-3 */
#define NONE16 0xFFFFu
#define G_NONE 3u
#define A_NONE 0u
#define A_E 1u
#define A_A 2u
#define A_S 3u

typedef struct pairst {
    uint32_t a, b;   /* the two components: states of the minimal display automaton */
    uint32_t parent; /* index, or UINT32_MAX for a start */
    uint16_t letter; /* class index << 8 | level X << 6 | level Y << 4 | annotation X << 2 | Y */
    uint8_t flags;   /* PF_* */
} pairst;

enum { PF_DIFFER = 1, PF_DIGIT = 2, PF_SEP = 4 };

#define MAXQ 65536u /* states of the caller's automaton */

/* A memo of results already computed: open addressing, keys stored + 1 (0: empty), kept
 * at most half full (then what is new is computed again each time). */
typedef struct memo {
    uint64_t key[PCACHE];
    uint32_t val[PCACHE];
    size_t n;
} memo;

/* The value m holds for key, or UINT32_MAX; *slot: where memo_put keeps it. */
static uint32_t memo_get(const memo *m, uint64_t key, size_t *slot)
{
    const uint64_t k = key + 1u;
    size_t s = (size_t)((k * 0x9E3779B97F4A7C15ull) >> 40) & (PCACHE - 1);
    while (m->key[s] && m->key[s] != k)
        s = (s + 1) & (PCACHE - 1);
    *slot = s;
    return m->key[s] ? m->val[s] : UINT32_MAX;
}

/* Keeps val for key at slot (memo_get's); returns val. UINT32_MAX is not kept. */
static uint32_t memo_put(memo *m, uint64_t key, size_t slot, uint32_t val)
{
    if (val != UINT32_MAX && m->n < PCACHE / 2) {
        m->key[slot] = key + 1u;
        m->val[slot] = val;
        m->n++;
    }
    return val;
}

typedef struct pwork2 {
    /* the caller's automaton, then its quotient by what the pairs see: acceptance, and
     * each step's events in the paragraph's parity */
    uint32_t qnext[MAXQ][NK];
    ibidi__proof_events qev[MAXQ][NK];
    uint32_t qcode[MAXQ][NK];
    uint8_t qaccept[MAXQ];
    uint32_t qcls[MAXQ], qncls[MAXQ], qfirst[MAXQ], qsig[2 * MAXQ];
    size_t nq;
    uint32_t qstart;
    /* the levelled automaton */
    uint64_t ls_key[MAXLS]; /* base state << 8 | gn << 4 | gt << 2 | tail is a separator << 1
                               | its guess is S */
    uint16_t lnext[MAXLS][NLET];
    uint8_t ls_accept[MAXLS];
    uint32_t ls_hash[2 * MAXLS];
    size_t nls;
    /* minimization */
    uint16_t cls[MAXLS], ncls_of[MAXLS], first[MAXLS];
    uint32_t sig_hash[2 * MAXLS];
    /* the lemma: (state, levels seen) reached */
    uint8_t lvseen[MAXMIN][16];
    /* transformations of the minimal levelled automaton, interned */
    uint16_t fmap[MAXF][MAXMIN];
    uint32_t f_hash[2 * MAXF];
    ibidi__map_table ft; /* over fmap and f_hash */
    uint32_t letter[NLET];
    uint32_t identity;
    memo cc; /* compositions: a << 16 | b */
    uint64_t cc_last_key; /* the last composition computed: its key + 1, its id */
    uint32_t cc_last_val;
    uint32_t tl[MAXF][NLET]; /* f_then_letter; UINT32_MAX: not yet */
    /* what a run that starts in q with lowest level m can reach: only there do its
     * transformations matter (masked: the others' values dropped, so maps equal where
     * they matter are one) */
    uint64_t reach[3][MAXMIN][MAXMIN / 64];
    memo mk; /* f_mask: id << 24 | q0 << 2 | m */
    /* sets of levelled states, interned (a string whose lowest level is odd is read from
     * its end: the states from which what was read so far reaches acceptance) */
    uint64_t sset[MAXSET][MAXMIN / 64];
    uint32_t s_hash[2 * MAXSET];
    size_t nset;
    uint32_t acc_set;
    memo pi; /* s_preimage: t << 32 | set */
    /* BACK: the states a unit can start from (the start, or after a letter at the lowest
     * level), per lowest level; a unit's transformation matters there only */
    uint64_t ustart[4][MAXMIN / 64];
    memo um; /* u_mask: id << 2 | m */
    uint16_t tmp[MAXMIN];
    /* the display automaton (step 3): states as built (their keys), transitions (CSR:
     * letter and target), then its classes (Moore) and the minimal table */
    uint64_t c_key[MAXC];
    uint32_t c_hash[2 * MAXC];
    uint32_t c_off[MAXC + 1];
    uint8_t c_acc[MAXC];
    uint32_t c_cls[MAXC], c_ncls[MAXC], c_first[MAXC];
    uint8_t e_let[MAXE];
    uint32_t e_to[MAXE];
    size_t nc, ne;
    uint32_t d_next[MAXD][NLET];
    uint8_t d_acc[MAXD];
    size_t nd;
    uint32_t d_start[3]; /* per lowest level relative to the paragraph's */
    /* the pair automaton */
    pairst p[MAXP];
    uint32_t p_hash[2 * MAXP];
    size_t np;
    unsigned long long cnt[2][MAXP];
} pwork2;

size_t ibidi__pairs_work_size(void) { return sizeof(pwork2) + _Alignof(pwork2); }

static unsigned let_of(size_t k, unsigned l, unsigned a) { return ((unsigned)k * 3u + l) * 4u + a; }

/* ---- 1. The levelled automaton --------------------------------------------------------- */

static uint32_t *ls_slot(pwork2 *u, uint64_t key)
{
    size_t h = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 24) & (2 * MAXLS - 1);
    while (u->ls_hash[h] && u->ls_key[u->ls_hash[h] - 1] != key)
        h = (h + 1) & (2 * MAXLS - 1);
    return &u->ls_hash[h];
}

/* The annotations a class may carry. */
static unsigned annots(const ibidi__pairs_base *b, size_t k, unsigned *out)
{
    const uint8_t c = b->classes[k];
    if (b->annotate && c == IBIDI_UNICODE_BC_EN) {
        out[0] = A_E;
        out[1] = A_A;
        return 2;
    }
    if (b->annotate && (c == IBIDI_UNICODE_BC_ES || c == IBIDI_UNICODE_BC_CS)) {
        out[0] = A_NONE;
        out[1] = A_S;
        return 2;
    }
    out[0] = A_NONE;
    return 1;
}

/* The levelled step: from key, class index k at level l (relative to the paragraph's
 * embedding level, parity par) with annotation a; UINT64_MAX when that is not what the
 * character gets. */
static uint64_t lstep(const pwork2 *u, const ibidi__pairs_base *b, uint64_t key, size_t k,
                      unsigned l, unsigned a, unsigned par)
{
    unsigned gn = (unsigned)(key >> 4 & 3u), gt = (unsigned)(key >> 2 & 3u);
    unsigned gsep = (unsigned)(key >> 1 & 1u), gs = (unsigned)(key & 1u);
    const uint32_t q = (uint32_t)(key >> 8);
    const uint32_t next = u->qnext[q][k];
    if (next == UINT32_MAX)
        return UINT64_MAX;
    const ibidi__proof_events ev = u->qev[q][k];
    const uint8_t c = b->classes[k];
    const int is_sep = c == IBIDI_UNICODE_BC_ES || c == IBIDI_UNICODE_BC_CS;
    if (ev.tail_merged && gt != G_NONE) { /* W6: the tail joins the neutrals (N1, N2) */
        if ((gn != G_NONE && gn != gt) || gs)
            return UINT64_MAX; /* a separator turned neutral is not S */
        gn = gt;
        gt = G_NONE;
        gsep = gs = 0;
    }
    if (ev.ni_closed) {
        if (gn != G_NONE && gn != ev.ni_level[par])
            return UINT64_MAX;
        gn = G_NONE;
    }
    if (ev.tail_closed) { /* W4 or W5: the tail joins the number */
        if ((gt != G_NONE && gt != ev.tail_level[par]) || (b->annotate && gs != gsep))
            return UINT64_MAX;
        gt = G_NONE;
        gsep = gs = 0;
    }
    if (c == IBIDI_UNICODE_BC_EN && b->annotate) {
        if (a != (ev.cur_w2_an ? A_A : A_E))
            return UINT64_MAX;
    } else if (!is_sep && a != A_NONE)
        return UINT64_MAX;
    if (ev.cur_closed) {
        if (l != ev.cur_level[par] || (is_sep && a != A_NONE))
            return UINT64_MAX;
    } else if (ev.cur_pending == 2) {
        if (gt != G_NONE && gt != l)
            return UINT64_MAX;
        if (gt != G_NONE && (gsep || is_sep)) /* a separator is a tail of its own */
            return UINT64_MAX;
        gt = l;
        gsep = is_sep;
        gs = a == A_S;
    } else {
        if ((gn != G_NONE && gn != l) || (is_sep && a != A_NONE))
            return UINT64_MAX;
        gn = l;
    }
    return (uint64_t)next << 8 | gn << 4 | gt << 2 | gsep << 1 | gs;
}

/* What a step does with the levels in parity par, as one number (the quotient's output). */
static uint32_t ev_code(const ibidi__proof_events *e, unsigned par)
{
    return (uint32_t)e->cur_closed | (uint32_t)e->cur_pending << 1 | (uint32_t)e->ni_closed << 3 |
           (uint32_t)e->tail_closed << 4 | (uint32_t)e->tail_merged << 5 |
           (uint32_t)e->cur_w2_an << 6 | (uint32_t)e->cur_level[par] << 8 |
           (uint32_t)e->ni_level[par] << 12 | (uint32_t)e->tail_level[par] << 16;
}

/* The caller's automaton read into tables, and made minimal for what the levelled
 * automaton reads of it (Moore's refinement, outputs on the transitions). */
static ibidi_status quotient(pwork2 *u, const ibidi__pairs_base *b, unsigned par,
                             ibidi_error *err)
{
    const size_t n = b->n_states, nk = b->n_classes;
    if (n > MAXQ)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, MAXQ);
    for (size_t s = 0; s < n; s++) {
        u->qaccept[s] = (uint8_t)(b->accept(b->ctx, (uint32_t)s) != 0);
        for (size_t k = 0; k < nk; k++) {
            memset(&u->qev[s][k], 0, sizeof u->qev[s][k]);
            u->qnext[s][k] = b->next(b->ctx, (uint32_t)s, k, &u->qev[s][k]);
            u->qcode[s][k] = ev_code(&u->qev[s][k], par);
        }
    }
    size_t ncl = 0;
    for (size_t s = 0; s < n; s++)
        u->qcls[s] = u->qaccept[s];
    for (;;) {
        memset(u->qsig, 0, sizeof u->qsig);
        size_t nrep = 0;
        for (size_t s = 0; s < n; s++) {
            uint64_t h = 1469598103934665603ull ^ u->qcls[s];
            for (size_t k = 0; k < nk; k++) {
                const uint32_t t = u->qnext[s][k];
                h = (h ^ (t == UINT32_MAX ? 0xFFFFFFFFu : u->qcls[t])) * 1099511628211ull;
                h = (h ^ u->qcode[s][k]) * 1099511628211ull;
            }
            size_t x = (size_t)(h >> 20) & (2 * MAXQ - 1);
            for (;;) {
                if (!u->qsig[x])
                    break;
                const size_t p = u->qfirst[u->qsig[x] - 1];
                int same = u->qcls[p] == u->qcls[s];
                for (size_t k = 0; same && k < nk; k++) {
                    const uint32_t a = u->qnext[p][k], c = u->qnext[s][k];
                    same = u->qcode[p][k] == u->qcode[s][k] &&
                           ((a == UINT32_MAX || c == UINT32_MAX) ? a == c
                                                                 : u->qcls[a] == u->qcls[c]);
                }
                if (same)
                    break;
                x = (x + 1) & (2 * MAXQ - 1);
            }
            if (!u->qsig[x]) {
                u->qfirst[nrep] = (uint32_t)s;
                u->qsig[x] = (uint32_t)++nrep;
            }
            u->qncls[s] = u->qsig[x] - 1;
        }
        const int stable = nrep == ncl;
        ncl = nrep;
        memcpy(u->qcls, u->qncls, n * sizeof *u->qcls);
        if (stable)
            break;
    }
    u->qstart = u->qcls[b->start];
    for (size_t r = 0; r < ncl; r++) { /* qfirst[r] >= r: rows move down only */
        const size_t s = u->qfirst[r];
        u->qaccept[r] = u->qaccept[s];
        for (size_t k = 0; k < nk; k++) {
            const uint32_t t = u->qnext[s][k];
            u->qev[r][k] = u->qev[s][k];
            u->qcode[r][k] = u->qcode[s][k];
            u->qnext[r][k] = t == UINT32_MAX ? UINT32_MAX : u->qcls[t];
        }
    }
    u->nq = ncl;
    return IBIDI_OK;
}

static ibidi_status build_levelled(pwork2 *u, const ibidi__pairs_base *b, unsigned par,
                                   ibidi_error *err)
{
    memset(u->ls_hash, 0, sizeof u->ls_hash);
    u->ls_key[0] = (uint64_t)u->qstart << 8 | G_NONE << 4 | G_NONE << 2;
    *ls_slot(u, u->ls_key[0]) = 1;
    u->nls = 1;
    for (size_t i = 0; i < u->nls; i++) {
        const uint64_t key = u->ls_key[i];
        const uint32_t s = (uint32_t)(key >> 8);
        /* At the end, what still waits is resolved with eos, the paragraph's direction:
         * a separator or ET joins no number (W4, W5: ON by W6), and neutrals take e by
         * N1 (e on both sides) or N2: level 0 relative to the paragraph. */
        const unsigned gn = (unsigned)(key >> 4 & 3u), gt = (unsigned)(key >> 2 & 3u);
        const int closed = (gn == G_NONE || gn == 0) && (gt == G_NONE || gt == 0) && !(key & 1u);
        u->ls_accept[i] = (uint8_t)(u->qaccept[s] && closed);
        for (size_t k = 0; k < b->n_classes; k++) {
            unsigned an[2];
            const unsigned na = annots(b, k, an);
            for (unsigned l = 0; l < 3; l++)
                for (unsigned a = 0; a < 4; a++)
                    u->lnext[i][let_of(k, l, a)] = NONE16;
            for (unsigned l = 0; l < 3; l++)
                for (unsigned j = 0; j < na; j++) {
                    const uint64_t nk = lstep(u, b, key, k, l, an[j], par);
                    if (nk == UINT64_MAX)
                        continue;
                    uint32_t *h = ls_slot(u, nk);
                    if (*h == 0) {
                        if (u->nls == MAXLS)
                            return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, MAXLS);
                        u->ls_key[u->nls] = nk;
                        *h = (uint32_t)++u->nls;
                    }
                    u->lnext[i][let_of(k, l, an[j])] = (uint16_t)(*h - 1);
                }
        }
    }
    return IBIDI_OK;
}

/* Moore's partition refinement, each round grouping the states by their class and their
 * successors' classes (a hash of that signature, then the signature itself); the quotient
 * replaces the automaton in place, state 0 staying the start. */
static int same_sig(const pwork2 *u, size_t p, size_t q, size_t nlet)
{
    if (u->cls[p] != u->cls[q])
        return 0;
    for (size_t x = 0; x < nlet; x++) {
        const uint16_t a = u->lnext[p][x], b = u->lnext[q][x];
        if ((a == NONE16 || b == NONE16) ? a != b : u->cls[a] != u->cls[b])
            return 0;
    }
    return 1;
}

static void minimize(pwork2 *u, size_t nlet)
{
    size_t ncl = 0;
    for (size_t q = 0; q < u->nls; q++)
        u->cls[q] = u->ls_accept[q];
    for (;;) {
        memset(u->sig_hash, 0, sizeof u->sig_hash);
        size_t nrep = 0;
        for (size_t q = 0; q < u->nls; q++) {
            uint64_t h = 1469598103934665603ull ^ u->cls[q];
            for (size_t x = 0; x < nlet; x++) {
                const uint16_t t = u->lnext[q][x];
                h = (h ^ (t == NONE16 ? 0xFFFFu : u->cls[t])) * 1099511628211ull;
            }
            size_t s = (size_t)(h >> 20) & (2 * MAXLS - 1);
            while (u->sig_hash[s] && !same_sig(u, u->first[u->sig_hash[s] - 1], q, nlet))
                s = (s + 1) & (2 * MAXLS - 1);
            if (!u->sig_hash[s]) {
                u->first[nrep] = (uint16_t)q;
                u->sig_hash[s] = (uint32_t)++nrep;
            }
            u->ncls_of[q] = (uint16_t)(u->sig_hash[s] - 1);
        }
        const int stable = nrep == ncl;
        ncl = nrep;
        memcpy(u->cls, u->ncls_of, u->nls * sizeof *u->cls);
        if (stable)
            break;
    }
    /* class r's row is its first state's; first[r] >= r, so rows move down only */
    for (size_t r = 0; r < ncl; r++) {
        const size_t q = u->first[r];
        u->ls_accept[r] = u->ls_accept[q];
        for (size_t x = 0; x < nlet; x++) {
            const uint16_t t = u->lnext[q][x];
            u->lnext[r][x] = t == NONE16 ? NONE16 : u->cls[t];
        }
    }
    u->nls = ncl;
}

/* Absolute levels l + par allowed to a string whose lowest level is m (step 2). */
static int level_ok(unsigned m, unsigned lev)
{
    return lev >= m && lev <= m + ((m & 1u) ? 1u : 2u);
}

/* 0 when every string's levels are read by step 2; else 1. */
static int levels_covered(pwork2 *u, size_t nlet, unsigned par)
{
    memset(u->lvseen, 0, sizeof u->lvseen);
    u->lvseen[0][0] = 1;
    int grew = 1, bad = 0;
    while (grew) {
        grew = 0;
        for (size_t q = 0; q < u->nls; q++)
            for (unsigned lv = 0; lv < 16; lv++) {
                if (u->lvseen[q][lv] != 1)
                    continue;
                u->lvseen[q][lv] = 2;
                if (u->ls_accept[q] && lv) {
                    unsigned m = 0;
                    while (!(lv & (1u << m)))
                        m++;
                    for (unsigned l = 0; l < 4; l++)
                        if ((lv & (1u << l)) && !level_ok(m, l))
                            bad = 1;
                }
                for (size_t x = 0; x < nlet; x++) {
                    const uint16_t t = u->lnext[q][x];
                    if (t == NONE16)
                        continue;
                    const unsigned nl = lv | 1u << ((x / 4) % 3 + par);
                    if (!u->lvseen[t][nl]) {
                        u->lvseen[t][nl] = 1;
                        grew = 1;
                    }
                }
            }
    }
    return bad;
}

/* ---- Transformations ------------------------------------------------------------------- */

/* The transformations are rows of a table, interned (also uniqueness.c's). */
static uint32_t *map_slot(const ibidi__map_table *t, const uint16_t *map)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t q = 0; q < t->width; q++)
        h = (h ^ map[q]) * 1099511628211ull;
    size_t s = (size_t)(h >> 20) & (2 * t->cap - 1);
    while (t->hash[s] &&
           memcmp(t->rows + (t->hash[s] - 1) * t->stride, map, t->width * sizeof *map) != 0)
        s = (s + 1) & (2 * t->cap - 1);
    return &t->hash[s];
}

uint32_t ibidi__map_intern(ibidi__map_table *t, const uint16_t *map)
{
    uint32_t *h = map_slot(t, map);
    if (*h == 0) {
        if (t->n == t->cap)
            return UINT32_MAX;
        memcpy(t->rows + t->n * t->stride, map, t->width * sizeof *map);
        *h = (uint32_t)++t->n;
    }
    return *h - 1;
}

static uint32_t f_intern(pwork2 *u, const uint16_t *map) { return ibidi__map_intern(&u->ft, map); }

/* a . b: b first, then a; UINT32_MAX when a table is full. */
static uint32_t f_compose(pwork2 *u, uint32_t a, uint32_t b)
{
    const uint64_t key = (uint64_t)a << 16 | b;
    if (key + 1u == u->cc_last_key) /* the letters from one state ask for one composition */
        return u->cc_last_val;
    size_t slot;
    uint32_t id = memo_get(&u->cc, key, &slot);
    if (id == UINT32_MAX) {
        for (size_t q = 0; q < u->nls; q++) {
            const uint16_t t = u->fmap[b][q];
            u->tmp[q] = t == NONE16 ? NONE16 : u->fmap[a][t];
        }
        id = memo_put(&u->cc, key, slot, f_intern(u, u->tmp));
    }
    u->cc_last_key = key + 1u;
    u->cc_last_val = id;
    return id;
}

/* letter x . t (t first, then x), from a table indexed by both, filled as it is met: a
 * unit grows one letter at a time, so this is the most frequent composition. */
static uint32_t f_then_letter(pwork2 *u, uint32_t t, size_t x)
{
    uint32_t *slot = &u->tl[t][x];
    if (*slot == UINT32_MAX)
        *slot = f_compose(u, u->letter[x], t);
    return *slot;
}

/* The states a run from q reaches, reading letters at the levels of a run above m. */
static void reaches(pwork2 *u, size_t nlet, unsigned par)
{
    memset(u->reach, 0, sizeof u->reach);
    uint16_t stack[MAXMIN];
    for (unsigned m = 0; m < 3; m++)
        for (size_t q = 0; q < u->nls; q++) {
            uint64_t *r = u->reach[m][q];
            size_t sp = 0;
            r[q / 64] |= 1ull << (q % 64);
            stack[sp++] = (uint16_t)q;
            while (sp) {
                const size_t p = stack[--sp];
                for (size_t x = 0; x < nlet; x++) {
                    const unsigned lev = (unsigned)(x / 4 % 3) + par;
                    const uint16_t t = u->lnext[p][x];
                    if (t == NONE16 || !level_ok(m, lev) || ((m & 1u) == 0 && lev == m))
                        continue;
                    if (!(r[t / 64] & 1ull << (t % 64))) {
                        r[t / 64] |= 1ull << (t % 64);
                        stack[sp++] = t;
                    }
                }
            }
        }
}

/* id masked to what a run from q0 with lowest level m reaches; UINT32_MAX when full. */
static uint32_t f_mask(pwork2 *u, uint32_t id, uint32_t q0, unsigned m)
{
    if (id == UINT32_MAX)
        return id;
    const uint64_t key = (uint64_t)id << 24 | (uint64_t)q0 << 2 | m;
    size_t slot;
    const uint32_t got = memo_get(&u->mk, key, &slot);
    if (got != UINT32_MAX)
        return got;
    const uint64_t *r = u->reach[m][q0];
    for (size_t q = 0; q < u->nls; q++)
        u->tmp[q] = (r[q / 64] & 1ull << (q % 64)) ? u->fmap[id][q] : NONE16;
    return memo_put(&u->mk, key, slot, f_intern(u, u->tmp));
}

static uint32_t s_intern(pwork2 *u, const uint64_t *set)
{
    const size_t words = (u->nls + 63) / 64;
    uint64_t h = 1469598103934665603ull;
    for (size_t k = 0; k < words; k++)
        h = (h ^ set[k]) * 1099511628211ull;
    size_t s = (size_t)(h >> 20) & (2 * MAXSET - 1);
    while (u->s_hash[s] && memcmp(u->sset[u->s_hash[s] - 1], set, words * sizeof *set) != 0)
        s = (s + 1) & (2 * MAXSET - 1);
    if (!u->s_hash[s]) {
        if (u->nset == MAXSET)
            return UINT32_MAX;
        memcpy(u->sset[u->nset], set, words * sizeof *set);
        u->s_hash[s] = (uint32_t)++u->nset;
    }
    return u->s_hash[s] - 1;
}

/* {q : t(q) in set}: the states from which unit t leads into set; UINT32_MAX when full. */
static uint32_t s_preimage(pwork2 *u, uint32_t t, uint32_t set)
{
    const uint64_t key = (uint64_t)t << 32 | set;
    size_t slot;
    const uint32_t got = memo_get(&u->pi, key, &slot);
    if (got != UINT32_MAX)
        return got;
    uint64_t out[MAXMIN / 64];
    memset(out, 0, sizeof out);
    const uint64_t *in = u->sset[set];
    for (size_t q = 0; q < u->nls; q++) {
        const uint16_t r = u->fmap[t][q];
        if (r != NONE16 && (in[r / 64] >> (r % 64) & 1u))
            out[q / 64] |= 1ull << (q % 64);
    }
    return memo_put(&u->pi, key, slot, s_intern(u, out));
}

/* id masked to the states a unit of a BACK component with lowest level m starts from. */
static uint32_t u_mask(pwork2 *u, uint32_t id, unsigned m)
{
    if (id == UINT32_MAX)
        return id;
    const uint64_t key = (uint64_t)id << 2 | m;
    size_t slot;
    const uint32_t got = memo_get(&u->um, key, &slot);
    if (got != UINT32_MAX)
        return got;
    for (size_t q = 0; q < u->nls; q++)
        u->tmp[q] = (u->ustart[m][q / 64] >> (q % 64) & 1u) ? u->fmap[id][q] : NONE16;
    return memo_put(&u->um, key, slot, f_intern(u, u->tmp));
}

/* Where a unit of a string with the odd lowest level m can start: the start, or right
 * after a character at m (a unit at m + 1 is a maximal run, a cluster at m follows
 * anything; so: the start, after a letter at m, or after one at m + 1 for a cluster). */
static void unit_starts(pwork2 *u, size_t nlet, unsigned par)
{
    memset(u->ustart, 0, sizeof u->ustart);
    for (unsigned m = 0; m < 4; m++) {
        u->ustart[m][0] |= 1u;
        for (size_t q = 0; q < u->nls; q++)
            for (size_t x = 0; x < nlet; x++) {
                const uint16_t t = u->lnext[q][x];
                if (t != NONE16 && (unsigned)(x / 4 % 3) + par == m)
                    u->ustart[m][t / 64] |= 1ull << (t % 64);
            }
    }
}

static int letters(pwork2 *u, size_t nlet)
{
    memset(u->f_hash, 0, sizeof u->f_hash);
    u->ft = (ibidi__map_table){&u->fmap[0][0], u->f_hash, MAXF, MAXMIN, u->nls, 0};
    memo *const memos[4] = {&u->cc, &u->mk, &u->pi, &u->um};
    for (size_t k = 0; k < 4; k++) {
        memset(memos[k]->key, 0, sizeof memos[k]->key);
        memos[k]->n = 0;
    }
    u->cc_last_key = 0;
    memset(u->tl, 0xFF, sizeof u->tl);
    memset(u->s_hash, 0, sizeof u->s_hash);
    u->nset = 0;
    {
        uint64_t acc[MAXMIN / 64];
        memset(acc, 0, sizeof acc);
        for (size_t q = 0; q < u->nls; q++)
            if (u->ls_accept[q])
                acc[q / 64] |= 1ull << (q % 64);
        if ((u->acc_set = s_intern(u, acc)) == UINT32_MAX)
            return -1;
    }
    for (size_t q = 0; q < u->nls; q++)
        u->tmp[q] = (uint16_t)q;
    if ((u->identity = f_intern(u, u->tmp)) == UINT32_MAX)
        return -1;
    for (size_t x = 0; x < nlet; x++) {
        for (size_t q = 0; q < u->nls; q++)
            u->tmp[q] = u->lnext[q][x];
        if ((u->letter[x] = f_intern(u, u->tmp)) == UINT32_MAX)
            return -1;
    }
    return 0;
}

/* ---- 2. Components: one string read along the display ---------------------------------- */

/* Outside a reversed run (the lowest level m even): the levelled state q. Inside one
 * (HIGH): q0, the state before the run, F, the units read so far but the last, T, that
 * of the last unit so far, and its kind (a cluster at the run's own level, read as a
 * base and its marks, or a part one level up, read forward). SAW: a character at m. */
#define C_Q(c) ((uint32_t)((c)&0xFFFFu))
#define C_F(c) ((uint32_t)((c) >> 16 & 0xFFFFu))
#define C_T(c) ((uint32_t)((c) >> 32 & 0xFFFFu))
#define C_UNIT(c) ((unsigned)((c) >> 48 & 3u))
#define C_HIGH (1ull << 50)
#define C_M(c) ((unsigned)((c) >> 51 & 3u))
#define C_SAW (1ull << 53)
#define C_BACK (1ull << 54) /* lowest level odd: read from the end, F's field holds a set */
#define C_FAIL UINT64_MAX
enum { U_NONE = 0, U_CLUSTER = 1, U_FORWARD = 2 };

static uint64_t comp(uint64_t keep, uint32_t q, uint32_t f, uint32_t t, unsigned unit)
{
    return keep | (uint64_t)unit << 48 | (uint64_t)t << 32 | (uint64_t)f << 16 | q;
}

static uint64_t comp_start(const pwork2 *u, unsigned m)
{
    const uint64_t keep = (uint64_t)m << 51;
    return (m & 1u) ? comp(keep | C_HIGH | C_BACK, 0, u->acc_set, 0, U_NONE)
                    : comp(keep, 0, 0, 0, U_NONE);
}

/* The set of a BACK component with its last unit closed; UINT32_MAX when full. */
static uint32_t back_set(pwork2 *u, uint64_t c)
{
    return C_UNIT(c) == U_NONE ? C_F(c) : s_preimage(u, C_T(c), C_F(c));
}

/* The levelled state after the run a HIGH component is in: NONE16 when no string reads
 * so, UINT32_MAX when a table is full. */
static uint32_t close_run(pwork2 *u, uint64_t c)
{
    uint32_t f = C_F(c);
    if (C_UNIT(c) != U_NONE)
        f = f_compose(u, f, C_T(c));
    if (f == UINT32_MAX)
        return UINT32_MAX;
    return u->fmap[f][C_Q(c)];
}

/* One display letter x (its class a mark when mark) at absolute level lev. */
static uint64_t comp_step(pwork2 *u, uint64_t c, size_t x, unsigned lev, int mark, int *full)
{
    const unsigned m = C_M(c);
    if (c == C_FAIL || !level_ok(m, lev))
        return C_FAIL;
    const uint64_t keep = (c & (C_SAW | 3ull << 51)) | (lev == m ? C_SAW : 0);
    const unsigned base = (m & 1u) ? m : m + 1; /* the level of a reversed run's clusters */
    if (c & C_BACK) { /* the whole string is one reversed run: read from its end */
        const unsigned unit = lev == base ? U_CLUSTER : U_FORWARD;
        uint32_t set = C_F(c), t;
        if (C_UNIT(c) == unit && (unit == U_FORWARD || mark)) {
            t = f_then_letter(u, C_T(c), x);
        } else {
            if (mark && unit == U_CLUSTER)
                return C_FAIL;
            set = back_set(u, c);
            t = u->letter[x];
        }
        if (unit == U_FORWARD) /* a part one level up starts after a character at m */
            t = u_mask(u, t, m);
        if (set == UINT32_MAX || t == UINT32_MAX || set > 0xFFFFu) {
            *full = 1;
            return C_FAIL;
        }
        const uint64_t *bits = u->sset[set];
        int any = 0;
        for (size_t k = 0; k < (u->nls + 63) / 64; k++)
            any |= bits[k] != 0;
        if (!any) /* no string ends from here */
            return C_FAIL;
        return comp(keep | C_HIGH | C_BACK, 0, set, t, unit);
    }
    if (!(c & C_HIGH)) {
        if (lev == m) {
            const uint16_t t = u->lnext[C_Q(c)][x];
            return t == NONE16 ? C_FAIL : comp(keep, t, 0, 0, U_NONE);
        }
        if (mark) /* a reversed cluster shows its base first */
            return C_FAIL;
        const uint32_t f0 = f_mask(u, u->identity, C_Q(c), m);
        const uint32_t t0 = f_mask(u, u->letter[x], C_Q(c), m);
        if (f0 == UINT32_MAX || t0 == UINT32_MAX) {
            *full = 1;
            return C_FAIL;
        }
        return comp(keep | C_HIGH, C_Q(c), f0, t0, lev == base ? U_CLUSTER : U_FORWARD);
    }
    if (lev == m && !(m & 1u)) { /* the run ends: on from the state after it */
        const uint32_t q = close_run(u, c);
        if (q == UINT32_MAX) {
            *full = 1;
            return C_FAIL;
        }
        if (q == NONE16)
            return C_FAIL;
        const uint16_t t = u->lnext[q][x];
        return t == NONE16 ? C_FAIL : comp(keep, t, 0, 0, U_NONE);
    }
    const unsigned unit = lev == base ? U_CLUSTER : U_FORWARD;
    uint32_t f = C_F(c), t;
    /* F and T are kept masked; a composition with a masked map on its right is masked
     * already (it is undefined wherever that map is), so only a new unit's letter is. */
    if (C_UNIT(c) == unit && (unit == U_FORWARD || mark)) {
        t = f_then_letter(u, C_T(c), x); /* the unit goes on: T, then x */
    } else {
        if (mark && unit == U_CLUSTER)
            return C_FAIL; /* a mark without its base before it */
        if (C_UNIT(c) != U_NONE)
            f = f_compose(u, f, C_T(c));
        t = f_mask(u, u->letter[x], C_Q(c), m);
    }
    if (f == UINT32_MAX || t == UINT32_MAX) {
        *full = 1;
        return C_FAIL;
    }
    return comp(keep | C_HIGH, C_Q(c), f, t, unit);
}

/* The component at the end of the display: 1 when its string is accepted, reached its
 * lowest level, and read so. */
static int comp_accepts(pwork2 *u, uint64_t c, int *full)
{
    uint32_t q = C_Q(c);
    if (c & C_BACK) { /* the string's first state must be the start */
        const uint32_t set = back_set(u, c);
        if (set == UINT32_MAX) {
            *full = 1;
            return 0;
        }
        return (c & C_SAW) && (u->sset[set][0] & 1u);
    }
    if (c & C_HIGH) {
        q = close_run(u, c);
        if (q == UINT32_MAX) {
            *full = 1;
            return 0;
        }
        if (q == NONE16)
            return 0;
    }
    return (c & C_SAW) && u->ls_accept[q];
}

/* ---- 3. The automaton of displays ---------------------------------------------------- */

/* A component reads the display letters of one string; its states, found breadth first
 * from the three starts (the lowest level guessed), form a deterministic automaton of the
 * displays with their levels and number types. The transformations it carries make it
 * large (millions of states in a left-to-right paragraph, where each run above the lowest
 * level is read back to front), and most of them differ only in what no display can tell
 * apart: made minimal (Moore), it has a few thousand, and the pair automaton is built on
 * that. */

static uint32_t *c_slot(pwork2 *u, uint64_t key)
{
    size_t h = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (2 * MAXC - 1);
    while (u->c_hash[h] && u->c_key[u->c_hash[h] - 1] != key)
        h = (h + 1) & (2 * MAXC - 1);
    return &u->c_hash[h];
}

/* The index of component key, added if new; UINT32_MAX when the table is full. */
static uint32_t c_add(pwork2 *u, uint64_t key)
{
    uint32_t *h = c_slot(u, key);
    if (*h == 0) {
        if (u->nc == MAXC)
            return UINT32_MAX;
        u->c_key[u->nc] = key;
        *h = (uint32_t)++u->nc;
    }
    return *h - 1;
}

static ibidi_status build_displays(pwork2 *u, const ibidi__pairs_base *b, unsigned par,
                                   ibidi_error *err)
{
    memset(u->c_hash, 0, sizeof u->c_hash);
    u->nc = u->ne = 0;
    int full = 0;
    uint32_t start[3];
    for (unsigned m = 0; m < 3; m++)
        start[m] = c_add(u, comp_start(u, m + par));
    for (size_t i = 0; i < u->nc && !full; i++) {
        const uint64_t c = u->c_key[i];
        u->c_off[i] = (uint32_t)u->ne;
        u->c_acc[i] = (uint8_t)comp_accepts(u, c, &full);
        for (size_t k = 0; k < b->n_classes && !full; k++) {
            unsigned an[2];
            const unsigned na = annots(b, k, an);
            const int mark = b->by_clusters && b->classes[k] == IBIDI_UNICODE_BC_NSM;
            for (unsigned l = 0; l < 3; l++)
                for (unsigned j = 0; j < na; j++) {
                    const unsigned x = let_of(k, l, an[j]);
                    const uint64_t d = comp_step(u, c, x, l + par, mark, &full);
                    if (d == C_FAIL)
                        continue;
                    const uint32_t t = c_add(u, d);
                    if (t == UINT32_MAX || u->ne == MAXE) {
                        full = 1;
                        break;
                    }
                    u->e_let[u->ne] = (uint8_t)x;
                    u->e_to[u->ne++] = t;
                }
        }
    }
    if (full)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0,
                           u->nc == MAXC ? MAXC : u->ne == MAXE ? MAXE : MAXF);
    u->c_off[u->nc] = (uint32_t)u->ne;
    /* Moore's refinement: a state's signature is its class and, letter by letter (the
     * transitions are in letter order), its successors' classes */
    size_t ncl = 0;
    for (size_t i = 0; i < u->nc; i++)
        u->c_cls[i] = u->c_acc[i];
    for (;;) {
        memset(u->c_hash, 0, sizeof u->c_hash);
        size_t nrep = 0;
        for (size_t i = 0; i < u->nc; i++) {
            uint64_t h = 1469598103934665603ull ^ u->c_cls[i];
            for (size_t e = u->c_off[i]; e < u->c_off[i + 1]; e++)
                h = ((h ^ u->e_let[e]) * 1099511628211ull ^ u->c_cls[u->e_to[e]]) *
                    1099511628211ull;
            size_t s = (size_t)(h >> 20) & (2 * MAXC - 1);
            for (;; s = (s + 1) & (2 * MAXC - 1)) {
                if (!u->c_hash[s])
                    break;
                const size_t p = u->c_first[u->c_hash[s] - 1];
                const size_t np = u->c_off[p + 1] - u->c_off[p];
                int same = u->c_cls[p] == u->c_cls[i] && np == u->c_off[i + 1] - u->c_off[i];
                for (size_t e = 0; same && e < np; e++) {
                    const size_t ep = u->c_off[p] + e, ei = u->c_off[i] + e;
                    same = u->e_let[ep] == u->e_let[ei] &&
                           u->c_cls[u->e_to[ep]] == u->c_cls[u->e_to[ei]];
                }
                if (same)
                    break;
            }
            if (!u->c_hash[s]) {
                u->c_first[nrep] = (uint32_t)i;
                u->c_hash[s] = (uint32_t)++nrep;
            }
            u->c_ncls[i] = u->c_hash[s] - 1;
        }
        const int stable = nrep == ncl;
        ncl = nrep;
        memcpy(u->c_cls, u->c_ncls, u->nc * sizeof *u->c_cls);
        if (stable)
            break;
    }
    if (ncl > MAXD)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, MAXD);
    u->nd = ncl;
    for (size_t r = 0; r < ncl; r++) {
        const size_t i = u->c_first[r];
        u->d_acc[r] = u->c_acc[i];
        for (size_t x = 0; x < NLET; x++)
            u->d_next[r][x] = UINT32_MAX;
        for (size_t e = u->c_off[i]; e < u->c_off[i + 1]; e++)
            u->d_next[r][u->e_let[e]] = u->c_cls[u->e_to[e]];
    }
    for (unsigned m = 0; m < 3; m++)
        u->d_start[m] = u->c_cls[start[m]];
    return IBIDI_OK;
}

/* ---- 4. The pair automaton ------------------------------------------------------------- */

static uint32_t *p_slot(pwork2 *u, uint32_t a, uint32_t b, uint8_t flags)
{
    const uint64_t key = (uint64_t)a << 36 | (uint64_t)b << 8 | flags;
    size_t h = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 24) & (2 * MAXP - 1);
    for (;;) {
        const uint32_t v = u->p_hash[h];
        if (v == 0)
            return &u->p_hash[h];
        const pairst *s = &u->p[v - 1];
        if (s->a == a && s->b == b && s->flags == flags)
            return &u->p_hash[h];
        h = (h + 1) & (2 * MAXP - 1);
    }
}

/* Every display letter pair from pair state i (one class, levels and annotations of
 * each): adds the new states (add), or adds i's count to each successor's (from, to).
 * Returns 0, or -1 when the table is full. */
static int successors(pwork2 *u, const ibidi__pairs_base *b, size_t i, int add,
                      const unsigned long long *from, unsigned long long *to)
{
    const pairst s = u->p[i];
    for (size_t k = 0; k < b->n_classes; k++) {
        unsigned an[2];
        const unsigned na = annots(b, k, an);
        for (unsigned lx = 0; lx < 3; lx++)
            for (unsigned jx = 0; jx < na; jx++) {
                const uint32_t ta = u->d_next[s.a][let_of(k, lx, an[jx])];
                if (ta == UINT32_MAX)
                    continue;
                for (unsigned ly = 0; ly < 3; ly++)
                    for (unsigned jy = 0; jy < na; jy++) {
                        const uint32_t tb = u->d_next[s.b][let_of(k, ly, an[jy])];
                        if (tb == UINT32_MAX)
                            continue;
                        const unsigned ax = an[jx], ay = an[jy];
                        uint8_t f = s.flags;
                        if (lx != ly) /* the display and the levels give the string */
                            f |= PF_DIFFER;
                        if ((ax == A_E && ay == A_A) || (ax == A_A && ay == A_E))
                            f |= PF_DIGIT;
                        if ((ax == A_S) != (ay == A_S))
                            f |= PF_SEP;
                        uint32_t *h = p_slot(u, ta, tb, f);
                        if (*h == 0) {
                            if (!add)
                                continue; /* not reached: every state was found */
                            if (u->np == MAXP)
                                return -1;
                            pairst *n = &u->p[u->np];
                            n->a = ta;
                            n->b = tb;
                            n->flags = f;
                            n->parent = (uint32_t)i;
                            n->letter = (uint16_t)(k << 8 | lx << 6 | ly << 4 | ax << 2 | ay);
                            *h = (uint32_t)++u->np;
                        }
                        if (to)
                            to[*h - 1] += from[i];
                    }
            }
    }
    return 0;
}

/* X (which 0) or Y (1) of the path to pair state i, in classes: the display with each
 * reversed run turned back, unit by unit (step 2); the lowest level is the string's. */
static size_t undo(const pwork2 *u, const ibidi__pairs_base *b, unsigned par, size_t i,
                   int which, uint8_t *out, size_t cap)
{
    uint8_t z[256], lv[256];
    size_t n = 0;
    unsigned m = 3;
    for (size_t j = i; u->p[j].parent != UINT32_MAX && n < sizeof z; j = u->p[j].parent) {
        const uint16_t L = u->p[j].letter;
        z[n] = b->classes[L >> 8];
        lv[n] = (uint8_t)((which ? L >> 4 & 3u : L >> 6 & 3u) + par);
        m = lv[n] < m ? lv[n] : m;
        n++;
    }
    for (size_t a = 0, e = n; a + 1 < e; a++, e--) {
        uint8_t t = z[a]; z[a] = z[e - 1]; z[e - 1] = t;
        t = lv[a]; lv[a] = lv[e - 1]; lv[e - 1] = t;
    }
    const unsigned base = (m & 1u) ? m : m + 1;
    size_t o = 0;
    for (size_t p = 0; p < n && o < cap;) {
        if (lv[p] == m && !(m & 1u)) {
            out[o++] = z[p++];
            continue;
        }
        size_t e = p; /* the reversed run [p, e) */
        while (e < n && !(lv[e] == m && !(m & 1u)))
            e++;
        size_t end = e;
        while (end > p) { /* its last unit first */
            size_t st = end - 1;
            if (lv[st] == base)
                while (b->by_clusters && st > p && z[st] == IBIDI_UNICODE_BC_NSM &&
                       lv[st - 1] == base)
                    st--;
            else
                while (st > p && lv[st - 1] != base)
                    st--;
            for (size_t t = st; t < end && o < cap; t++)
                out[o++] = z[t];
            end = st;
        }
        p = e;
    }
    return o;
}

static void keep_example(const pwork2 *u, const ibidi__pairs_base *b, unsigned par, size_t i,
                         ibidi__pairs_example *e)
{
    e->n = undo(u, b, par, i, 0, e->x, sizeof e->x);
    const size_t ny = undo(u, b, par, i, 1, e->y, sizeof e->y);
    if (ny != e->n) /* not reached: both are read from one display */
        e->n = 0;
    if (e->n && memcmp(e->x, e->y, e->n) > 0) { /* x first in class order */
        uint8_t t[sizeof e->x];
        memcpy(t, e->x, e->n);
        memcpy(e->x, e->y, e->n);
        memcpy(e->y, t, e->n);
    }
}

static int p_accepts(const pwork2 *u, size_t i)
{
    return u->d_acc[u->p[i].a] && u->d_acc[u->p[i].b];
}

ibidi_status ibidi__pairs_run(const ibidi__pairs_base *b, ibidi_dir dir, void *work,
                              ibidi__pairs_result *res, ibidi_error *err)
{
    memset(res, 0, sizeof *res);
    const uintptr_t al = _Alignof(pwork2);
    pwork2 *u = (pwork2 *)(((uintptr_t)work + al - 1) / al * al);
    const unsigned par = dir == IBIDI_DIR_RTL ? 1u : 0u;
    if (b->n_classes > NK)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, NK);
    const size_t nlet = b->n_classes * 12u;
    ibidi_status st = quotient(u, b, par, err);
    if (st != IBIDI_OK)
        return st;
    res->quotient_states = u->nq;
    st = build_levelled(u, b, par, err);
    if (st != IBIDI_OK)
        return st;
    res->built_states = u->nls;
    minimize(u, nlet);
    res->levelled_states = u->nls;
    if (u->nls > MAXMIN)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, MAXMIN);
    res->undecided = levels_covered(u, nlet, par) ? 1u : 0u;
    if (res->undecided)
        return ibidi__ok(err);
    if (letters(u, nlet) != 0)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, MAXF);
    reaches(u, nlet, par);
    unit_starts(u, nlet, par);
    st = build_displays(u, b, par, err);
    if (st != IBIDI_OK)
        return st;
    res->transformations = u->ft.n;
    res->display_states = u->nc;
    res->display_minimal = u->nd;

    /* Breadth first from the starts (a lowest level for each string), so the first pair
     * state met of a kind ends a shortest path. */
    memset(u->p_hash, 0, sizeof u->p_hash);
    u->np = 0;
    for (unsigned mx = 0; mx < 3; mx++)
        for (unsigned my = 0; my < 3; my++) {
            uint32_t *h = p_slot(u, u->d_start[mx], u->d_start[my], 0);
            if (*h)
                continue;
            pairst *p = &u->p[u->np];
            memset(p, 0, sizeof *p);
            p->a = u->d_start[mx];
            p->b = u->d_start[my];
            p->parent = UINT32_MAX;
            *h = (uint32_t)++u->np;
        }
    const size_t n_starts = u->np;
    size_t found[4] = {SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX}; /* alike, digit, both, sep */
    for (size_t i = 0; i < u->np; i++) {
        const uint8_t f = u->p[i].flags;
        if ((f & PF_DIFFER) && p_accepts(u, i)) {
            res->accepting++;
            const int kind[4] = {1, (f & PF_DIGIT) != 0, (f & PF_DIGIT) && (f & PF_SEP),
                                 (f & PF_SEP) != 0};
            for (int k = 0; k < 4; k++)
                if (kind[k] && found[k] == SIZE_MAX)
                    found[k] = i;
        }
        if (successors(u, b, i, 1, NULL, NULL) != 0)
            return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, MAXP);
    }
    res->states = u->np;
    ibidi__pairs_example *ex[4] = {&res->alike, &res->digit, &res->number_type,
                                   &res->separator};
    for (int k = 0; k < 4; k++)
        if (found[k] != SIZE_MAX)
            keep_example(u, b, par, found[k], ex[k]);

    /* Paths of each length: every pair of strings has one (the automaton of displays is
     * deterministic, and a string's display letters with their levels are its own), and a
     * string read with itself counts the strings, which the tests compare with
     * enumerations. */
    memset(u->cnt[0], 0, u->np * sizeof u->cnt[0][0]);
    for (size_t i = 0; i < n_starts; i++)
        u->cnt[0][i] = 1;
    for (unsigned len = 1; len <= IBIDI__PAIRS_MAX_LENGTH; len++) {
        unsigned long long *from = u->cnt[(len - 1) & 1], *to = u->cnt[len & 1];
        memset(to, 0, u->np * sizeof *to);
        for (size_t i = 0; i < u->np; i++)
            if (from[i])
                (void)successors(u, b, i, 0, from, to);
        unsigned long long alike = 0, digit = 0, both = 0, sep = 0, same = 0;
        for (size_t i = 0; i < u->np; i++) {
            if (!to[i] || !p_accepts(u, i))
                continue;
            const uint8_t f = u->p[i].flags;
            if (!(f & PF_DIFFER)) {
                same += to[i];
                continue;
            }
            alike += to[i];
            digit += (f & PF_DIGIT) ? to[i] : 0;
            both += (f & PF_DIGIT) && (f & PF_SEP) ? to[i] : 0;
            sep += (f & PF_SEP) ? to[i] : 0;
        }
        res->strings[len - 1] = same;
        res->pairs[len - 1] = alike / 2; /* (X, Y) and (Y, X) */
        res->digit_pairs[len - 1] = digit / 2;
        res->number_type_pairs[len - 1] = both / 2;
        res->separator_pairs[len - 1] = sep / 2;
    }
    return ibidi__ok(err);
}
