/*
 * RFC 5893 §3, Label Uniqueness, for labels of every length (ibidi_rfc5893_prove with
 * IBIDI_RFC5893_CLAIM_UNIQUENESS or IBIDI_RFC5893_CLAIM_CODE_POINTS).
 *
 * What is decided. Two labels X != Y that pass the rule, each shown alone in a paragraph
 * of one direction: are their displays the same? "Display" is the label's own characters
 * in the order L2 gives them, as rendered (a mark drawn on its base: clusters of a base
 * and the marks after it, ordered by their bases) or, for the formal text, code point by
 * code point. Inside a line, the label's characters keep this order among themselves
 * (two positions i < j are shown in logical order exactly when the lowest level in
 * [i, j] is even, and [i, j] lies in the label), so two labels shown alike in one context
 * show alike alone when the label is one block in both lines, as Character Grouping
 * proves for every length; the converse (alike alone, alike in every context) is what
 * the verifier's figures say to the length it enumerates, and tests/test_proofs.c compares
 * the counts. The whole line is not decided here.
 *
 * The method, in three steps, each a finite computation on the prover's automaton
 * (proofs.c), so a new Unicode version is decided again by running the call again.
 *
 * 1. Levels. The prover's summary gives the level of a character when it is read, or
 *    later, when the run of neutrals or the tail (ET, a separator) it waits in closes
 *    (ibidi__proof_events). Reading pairs (class, level) and keeping the level guessed for
 *    each open run, checked when the run closes, gives a deterministic automaton of the
 *    strings X with their levels: the levelled automaton, made minimal (Moore) so that
 *    the pair automaton stays small (46 states of 940 under Unicode 17.0).
 *
 * 2. Two levels. Every accepting state of the levelled automaton is reached with the set
 *    of levels of its label and the set of its classes (a breadth-first search over
 *    those). If every label's levels are m or m + 1 for its lowest level m, the display
 *    is: the segments (the characters at m, the maximal runs at m + 1) in logical order
 *    when m is even, in reverse when odd; each run reversed inside when m + 1 is odd. So
 *    for two labels whose m have one parity, D(X) = D(Y) exactly when g(X) = g(Y), g
 *    reversing each maximal run at m + 1 in place. Labels whose m differ in parity are
 *    never alike when no set of classes belongs to both parities (a display is a
 *    permutation). If either condition fails the call says undecided, never holds.
 *
 * 3. The pair automaton. It reads Z = g(X) = g(Y) with the levels of X and of Y at each
 *    position (levels are constant on a run, so they stay in place). Outside the runs, X
 *    is read as Z is. A run is read reversed: Z gives its clusters last first, so the
 *    state after the run is F(q0), F the composition of the clusters' transformations of
 *    the levelled automaton, built as Z is read (F' = F . f_c); the transformations are
 *    interned, and they are finitely many. The levels of X and Y are their true levels (the
 *    levelled automaton checks them), so X = Y exactly when the levels agree everywhere
 *    (then g is undone the same way): the automaton accepts when both labels pass, both
 *    reach their lowest level m, and the levels differ somewhere. Breadth-first search
 *    gives a shortest pair, or shows none exists. The pair found is run through the
 *    library's UBA (ibidi_rfc5893_run), and its displays must be equal.
 */
#include <stdint.h>
#include <string.h>

#include "ambiguity/ambiguity_internal.h"
#include "common/internal.h"
#include "ibidi/rfc5893.h"
#include "ibidi/unicode.h"

#define MAXLS 2048u     /* levelled states, as built */
#define MAXMIN 256u     /* levelled states, minimal */
#define MAXF 4096u      /* transformations */
#define MAXP (1u << 20) /* pair states */
#define NA 16u          /* the most classes in the alphabet */
#define NONE16 0xFFFFu
#define G_NONE 3u

typedef struct pairst {
    uint64_t a, b;   /* the two components (see comp_*) */
    uint32_t parent; /* index, or UINT32_MAX for a start */
    uint8_t letter;  /* class index << 4 | level of X << 2 | level of Y */
    uint8_t len;
    uint8_t m, differ;
} pairst;

typedef struct uwork {
    /* the levelled automaton */
    uint32_t ls_key[MAXLS]; /* prover state << 4 | guess of the neutrals << 2 | of the tail */
    uint16_t lnext[MAXLS][NA][3];
    uint8_t ls_accept[MAXLS];
    uint32_t ls_hash[2 * MAXLS];
    size_t nls;
    /* transformations of the levelled automaton, interned */
    uint16_t fmap[MAXF][MAXMIN];
    uint32_t f_hash[2 * MAXF];
    ibidi__map_table ft; /* over fmap and f_hash (ibidi__map_intern) */
    uint32_t letter[NA][3];  /* the transformation of one class at one level */
    uint32_t identity;
    uint32_t cc_key[1u << 18], cc_val[1u << 18]; /* compositions met: key a << 16 | b, + 1 */
    size_t cc_n;
    uint16_t tmp[MAXLS];
    /* the pair automaton */
    pairst p[MAXP];
    uint32_t p_hash[2 * MAXP];
    size_t np;
    unsigned long long cnt[2][MAXP];
} uwork;

/* ---- The levelled automaton ------------------------------------------------------------ */

static uint32_t *ls_slot(uwork *u, uint32_t key)
{
    size_t h = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 24) & (2 * MAXLS - 1);
    while (u->ls_hash[h] && u->ls_key[u->ls_hash[h] - 1] != key)
        h = (h + 1) & (2 * MAXLS - 1);
    return &u->ls_hash[h];
}

/* The levelled step from prover state i with guesses gn, gt, reading class c (its index
 * k) at level l in a paragraph of parity par: the new key, or UINT32_MAX when the level
 * is not the character's. */
static uint32_t lstep(const void *pw, uint32_t key, size_t k, uint8_t c, unsigned l, unsigned par)
{
    const size_t i = key >> 4;
    unsigned gn = key >> 2 & 3u, gt = key & 3u;
    if (!ibidi__proof_live(pw, i))
        return UINT32_MAX;
    const uint32_t next = ibidi__proof_next(pw, i, k);
    if (!ibidi__proof_live(pw, next))
        return UINT32_MAX;
    ibidi__proof_events ev;
    ibidi__proof_events_of(pw, i, c, &ev);
    if (ev.tail_merged && gt != G_NONE) { /* W6: the tail joins the neutrals (N1, N2) */
        if (gn != G_NONE && gn != gt)
            return UINT32_MAX;
        gn = gt;
        gt = G_NONE;
    }
    if (ev.ni_closed) {
        if (gn != G_NONE && gn != ev.ni_level[par])
            return UINT32_MAX;
        gn = G_NONE;
    }
    if (ev.tail_closed) {
        if (gt != G_NONE && gt != ev.tail_level[par])
            return UINT32_MAX;
        gt = G_NONE;
    }
    if (ev.cur_closed) {
        if (l != ev.cur_level[par])
            return UINT32_MAX;
    } else if (ev.cur_pending == 2) {
        if (gt != G_NONE && gt != l)
            return UINT32_MAX;
        gt = l;
    } else {
        if (gn != G_NONE && gn != l)
            return UINT32_MAX;
        gn = l;
    }
    return (uint32_t)next << 4 | gn << 2 | gt;
}

static ibidi_status build_levelled(uwork *u, const void *pw, const ibidi_rfc5893_alphabet *al,
                                   unsigned par, int *open_accept, ibidi_error *err)
{
    memset(u->ls_hash, 0, sizeof u->ls_hash);
    u->ls_key[0] = G_NONE << 2 | G_NONE;
    *ls_slot(u, u->ls_key[0]) = 1;
    u->nls = 1;
    *open_accept = 0;
    for (size_t i = 0; i < u->nls; i++) {
        const size_t base = u->ls_key[i] >> 4;
        u->ls_accept[i] = (uint8_t)(ibidi__proof_accept(pw, base) &&
                                    (u->ls_key[i] & 15u) == (G_NONE << 2 | G_NONE));
        if (ibidi__proof_accept(pw, base) && !u->ls_accept[i])
            *open_accept = 1;
        for (size_t k = 0; k < al->n_classes; k++)
            for (unsigned l = 0; l < 3; l++) {
                const uint32_t key = lstep(pw, u->ls_key[i], k, al->classes[k], l, par);
                if (key == UINT32_MAX) {
                    u->lnext[i][k][l] = NONE16;
                    continue;
                }
                uint32_t *h = ls_slot(u, key);
                if (*h == 0) {
                    if (u->nls == MAXLS)
                        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, MAXLS);
                    u->ls_key[u->nls] = key;
                    *h = (uint32_t)++u->nls;
                }
                u->lnext[i][k][l] = (uint16_t)(*h - 1);
            }
    }
    return IBIDI_OK;
}

/* Moore's partition refinement: the levelled automaton made minimal in place (state 0
 * stays the start), so that the pair automaton has as few states as the language allows;
 * the language, and so every answer, is the same. */
static void minimize(uwork *u, size_t ncls)
{
    static const size_t nl = 3;
    uint16_t *cls = u->tmp; /* a class per state */
    size_t ncl = 0;
    for (size_t q = 0; q < u->nls; q++)
        cls[q] = u->ls_accept[q];
    for (;;) {
        /* new class = the first state with the same class and the same classes of
         * successors (quadratic in the classes, which stay few) */
        uint16_t rep[MAXLS], next_cls[MAXLS];
        size_t nrep = 0;
        for (size_t q = 0; q < u->nls; q++) {
            size_t r = 0;
            for (; r < nrep; r++) {
                const size_t p = rep[r];
                int same = cls[p] == cls[q];
                for (size_t k = 0; same && k < ncls; k++)
                    for (size_t l = 0; same && l < nl; l++) {
                        const uint16_t a = u->lnext[p][k][l], b = u->lnext[q][k][l];
                        same = (a == NONE16 || b == NONE16) ? a == b : cls[a] == cls[b];
                    }
                if (same)
                    break;
            }
            if (r == nrep)
                rep[nrep++] = (uint16_t)q;
            next_cls[q] = (uint16_t)r;
        }
        const int stable = nrep == ncl;
        ncl = nrep;
        memcpy(cls, next_cls, u->nls * sizeof *cls);
        if (stable)
            break;
    }
    /* the quotient: class r's transitions are those of its first state */
    uint16_t first[MAXLS];
    for (size_t r = 0; r < ncl; r++)
        first[r] = NONE16;
    for (size_t q = 0; q < u->nls; q++)
        if (first[cls[q]] == NONE16)
            first[cls[q]] = (uint16_t)q;
    for (size_t r = 0; r < ncl; r++) { /* first[r] >= r: rows move down only */
        const size_t q = first[r];
        u->ls_accept[r] = u->ls_accept[q];
        for (size_t k = 0; k < ncls; k++)
            for (size_t l = 0; l < nl; l++) {
                const uint16_t t = u->lnext[q][k][l];
                u->lnext[r][k][l] = t == NONE16 ? NONE16 : cls[t];
            }
    }
    u->nls = ncl;
}

/* ---- Step 2: two levels, and the parity of the lowest level by classes ----------------- */

#define LEMMA_BITS (MAXMIN * 8u * 256u)

typedef struct lemma_work {
    uint64_t seen[LEMMA_BITS / 64], done[LEMMA_BITS / 64];
    uint8_t parity[256]; /* per set of classes: bit 0 an even lowest level, bit 1 odd */
} lemma_work;

/* 0 when both conditions hold; 1 when a label has levels beyond m + 1; 2 when a set of
 * classes is reached with lowest levels of both parities. */
static int lemmas(const uwork *u, lemma_work *lw, size_t ncls, unsigned par)
{
    memset(lw, 0, sizeof *lw);
    const size_t start = 0; /* state 0, no level, no class */
    lw->seen[start / 64] |= 1ull << (start % 64);
    int found = 1, bad = 0;
    while (found) {
        found = 0;
        for (size_t w = 0; w < LEMMA_BITS / 64; w++) {
            uint64_t todo = lw->seen[w] & ~lw->done[w];
            while (todo) {
                const unsigned b = (unsigned)__builtin_ctzll(todo);
                todo &= todo - 1;
                lw->done[w] |= 1ull << b;
                const size_t id = w * 64 + b;
                const size_t q = id / (8 * 256), lv = id / 256 % 8, cs = id % 256;
                if (u->ls_accept[q] && lv) {
                    const unsigned m = lv & 1u ? 0u : lv & 2u ? 1u : 2u;
                    if (lv >> m > 3u)
                        bad |= 1;
                    lw->parity[cs] |= (uint8_t)(1u << ((m + par) & 1u));
                }
                for (size_t k = 0; k < ncls; k++)
                    for (unsigned l = 0; l < 3; l++) {
                        const uint16_t t = u->lnext[q][k][l];
                        if (t == NONE16)
                            continue;
                        const size_t nid = (size_t)t * 8 * 256 + (lv | 1u << l) * 256 + (cs | 1u << k);
                        if (!(lw->seen[nid / 64] & 1ull << (nid % 64))) {
                            lw->seen[nid / 64] |= 1ull << (nid % 64);
                            found = 1;
                        }
                    }
            }
        }
    }
    for (size_t cs = 0; cs < 256; cs++)
        if (lw->parity[cs] == 3u)
            bad |= 2;
    return bad;
}

/* ---- Transformations of the levelled automaton ---------------------------------------- */

static uint32_t f_intern(uwork *u, const uint16_t *map) { return ibidi__map_intern(&u->ft, map); }

/* a . b: b first, then a; UINT32_MAX when the table is full. */
static uint32_t f_compose(uwork *u, uint32_t a, uint32_t b)
{
    const uint32_t key = (a << 16 | b) + 1u;
    size_t s = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 40) & ((1u << 18) - 1);
    while (u->cc_key[s] && u->cc_key[s] != key)
        s = (s + 1) & ((1u << 18) - 1);
    if (u->cc_key[s])
        return u->cc_val[s];
    for (size_t q = 0; q < u->nls; q++) {
        const uint16_t t = u->fmap[b][q];
        u->tmp[q] = t == NONE16 ? NONE16 : u->fmap[a][t];
    }
    const uint32_t id = f_intern(u, u->tmp);
    if (id != UINT32_MAX && u->cc_n < (1u << 17)) { /* the cache stays at most half full */
        u->cc_key[s] = key;
        u->cc_val[s] = id;
        u->cc_n++;
    }
    return id;
}

static int letters(uwork *u, size_t ncls)
{
    memset(u->f_hash, 0, sizeof u->f_hash);
    u->ft = (ibidi__map_table){&u->fmap[0][0], u->f_hash, MAXF, MAXMIN, u->nls, 0};
    memset(u->cc_key, 0, sizeof u->cc_key);
    u->cc_n = 0;
    for (size_t q = 0; q < u->nls; q++)
        u->tmp[q] = (uint16_t)q;
    if ((u->identity = f_intern(u, u->tmp)) == UINT32_MAX)
        return -1;
    for (size_t k = 0; k < ncls; k++)
        for (unsigned l = 0; l < 3; l++) {
            for (size_t q = 0; q < u->nls; q++)
                u->tmp[q] = u->lnext[q][k][l];
            if ((u->letter[k][l] = f_intern(u, u->tmp)) == UINT32_MAX)
                return -1;
        }
    return 0;
}

/* ---- Step 3: the pair automaton -------------------------------------------------------- */

/* A component: how one label is read along Z. Outside a run: its levelled state q.
 * Inside a run (HIGH): q0, the state before the run, F, the transformation of the
 * clusters read so far but the last, and C, that of the last cluster read so far. SAW:
 * a character at the label's lowest level was read. */
#define C_HIGH (1ull << 63)
#define C_SAW (1ull << 62)
#define C_FAIL UINT64_MAX
#define C_Q(c) ((uint32_t)((c)&0xFFFFu))
#define C_F(c) ((uint32_t)((c) >> 16 & 0xFFFFu))
#define C_C(c) ((uint32_t)((c) >> 32 & 0xFFFFu))

static uint64_t high(uint64_t saw, uint32_t q0, uint32_t f, uint32_t c)
{
    return C_HIGH | saw | (uint64_t)c << 32 | (uint64_t)f << 16 | q0;
}

/* The state after the run a HIGH component is in, or NONE16. */
static uint32_t close_run(uwork *u, uint64_t c)
{
    const uint32_t f = f_compose(u, C_F(c), C_C(c));
    if (f == UINT32_MAX)
        return UINT32_MAX;
    return u->fmap[f][C_Q(c)];
}

/* One letter of Z (class index k, level l) for a component whose lowest level is m;
 * clusters: marks go with their base (as rendered) or not (code points). C_FAIL when the
 * letter cannot come there; *full when a table is full. */
static uint64_t comp_step(uwork *u, uint64_t c, size_t k, unsigned l, unsigned m, int mark,
                          int *full)
{
    const uint64_t saw = (c & C_SAW) | (l == m ? C_SAW : 0);
    if (l != m && l != m + 1)
        return C_FAIL;
    if (l == m + 1) {
        if (!(c & C_HIGH)) /* a run starts: its first letter in Z is X's last cluster's base */
            return mark ? C_FAIL : high(saw, C_Q(c), u->identity, u->letter[k][l]);
        const uint32_t f = mark ? C_F(c) : f_compose(u, C_F(c), C_C(c));
        const uint32_t cl = mark ? f_compose(u, u->letter[k][l], C_C(c)) : u->letter[k][l];
        if (f == UINT32_MAX || cl == UINT32_MAX || f > 0xFFFFu || cl > 0xFFFFu) {
            *full = 1;
            return C_FAIL;
        }
        return high(saw, C_Q(c), f, cl);
    }
    uint32_t q = C_Q(c);
    if (c & C_HIGH) {
        q = close_run(u, c);
        if (q == UINT32_MAX) {
            *full = 1;
            return C_FAIL;
        }
        if (q == NONE16)
            return C_FAIL;
    }
    const uint16_t t = u->lnext[q][k][l];
    return t == NONE16 ? C_FAIL : saw | t;
}

/* The component at the end of Z: 1 when its label passes and reached its lowest level. */
static int comp_accepts(uwork *u, uint64_t c, int *full)
{
    uint32_t q = C_Q(c);
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

static uint32_t *p_slot(uwork *u, uint64_t a, uint64_t b, uint8_t m, uint8_t differ)
{
    const uint64_t h0 = (a * 0x9E3779B97F4A7C15ull) ^ (b * 0xC2B2AE3D27D4EB4Full) ^
                        ((uint64_t)(m << 1 | differ) * 0x165667B19E3779F9ull);
    size_t h = (size_t)(h0 >> 24) & (2 * MAXP - 1);
    for (;;) {
        const uint32_t v = u->p_hash[h];
        if (v == 0)
            return &u->p_hash[h];
        const pairst *s = &u->p[v - 1];
        if (s->a == a && s->b == b && s->m == m && s->differ == differ)
            return &u->p_hash[h];
        h = (h + 1) & (2 * MAXP - 1);
    }
}

/* The successor of pair state i by letter (k, lx, ly); UINT32_MAX when there is none;
 * *full when a table is full. With add, new states are added (breadth-first order). */
static uint32_t p_next(uwork *u, size_t i, size_t k, unsigned lx, unsigned ly, int mark,
                       int add, int *full)
{
    const pairst s = u->p[i];
    const uint64_t a = comp_step(u, s.a, k, lx, s.m, mark, full);
    if (a == C_FAIL)
        return UINT32_MAX;
    const uint64_t b = comp_step(u, s.b, k, ly, s.m, mark, full);
    if (b == C_FAIL)
        return UINT32_MAX;
    const uint8_t differ = (uint8_t)(s.differ | (lx != ly));
    uint32_t *h = p_slot(u, a, b, s.m, differ);
    if (*h == 0) {
        if (!add)
            return UINT32_MAX;
        if (u->np == MAXP) {
            *full = 1;
            return UINT32_MAX;
        }
        pairst *n = &u->p[u->np];
        n->a = a;
        n->b = b;
        n->m = s.m;
        n->differ = differ;
        n->parent = (uint32_t)i;
        n->letter = (uint8_t)(k << 4 | lx << 2 | ly);
        n->len = (uint8_t)(s.len < 255 ? s.len + 1 : 255);
        *h = (uint32_t)++u->np;
    }
    return *h - 1;
}

/* X (which = 0) or Y (1) of the path to pair state i: Z with the runs at m + 1 turned
 * back, cluster by cluster (mark) or character by character. */
static size_t undo(const uwork *u, size_t i, int which, const ibidi_rfc5893_alphabet *al,
                   int by_clusters, uint8_t *out)
{
    uint8_t z[256], lv[256];
    size_t n = 0;
    for (size_t j = i; u->p[j].parent != UINT32_MAX && n < sizeof z; j = u->p[j].parent) {
        const uint8_t L = u->p[j].letter;
        z[n] = al->classes[L >> 4];
        lv[n++] = (uint8_t)(which ? L & 3u : L >> 2 & 3u);
    }
    for (size_t a = 0, b = n; a + 1 < b; a++, b--) { /* the path was read backwards */
        uint8_t t = z[a]; z[a] = z[b - 1]; z[b - 1] = t;
        t = lv[a]; lv[a] = lv[b - 1]; lv[b - 1] = t;
    }
    const unsigned m = u->p[i].m;
    size_t o = 0;
    for (size_t p = 0; p < n;) {
        if (lv[p] == m) {
            out[o++] = z[p++];
            continue;
        }
        size_t e = p;
        while (e < n && lv[e] != m)
            e++;
        /* the run [p, e): its clusters in reverse order, each kept as it is */
        size_t end = e;
        while (end > p) {
            size_t st = end - 1;
            while (by_clusters && st > p && z[st] == IBIDI_UNICODE_BC_NSM)
                st--;
            for (size_t t = st; t < end; t++)
                out[o++] = z[t];
            end = st;
        }
        p = e;
    }
    return o;
}

size_t ibidi__uniqueness_work_size(void)
{
    return sizeof(uwork) + _Alignof(uwork) + sizeof(lemma_work) + _Alignof(lemma_work);
}

/* The display of x alone between full stops in the paragraph, as the library's UBA gives
 * it: its keys (code points) or clusters (as rendered). */
static ibidi_status shown(const uint8_t *x, size_t n, ibidi_dir dir, int by_clusters,
                          ibidi_rfc5893_display *d, ibidi_error *err)
{
    ibidi_rfc5893_case c;
    memset(&c, 0, sizeof c);
    c.d1 = c.d2 = IBIDI_UNICODE_BC_CS;
    c.x = x;
    c.n = n;
    c.dir = dir;
    const ibidi_status st = ibidi_rfc5893_run(&c, NULL, d, err);
    if (st == IBIDI_OK && by_clusters) {
        memcpy(d->key, d->clusters, d->clusters_len);
        d->len = d->clusters_len;
    }
    return st;
}

ibidi_status ibidi__prove_uniqueness(const ibidi__uniq_job *job, ibidi_rfc5893_proof *res,
                                     ibidi_error *err)
{
    const ibidi_rfc5893_alphabet *al = job->al;
    const int by_clusters = job->opts->claim == IBIDI_RFC5893_CLAIM_UNIQUENESS;
    const unsigned par = job->opts->dir == IBIDI_DIR_RTL ? 1u : 0u;
    const uintptr_t a1 = _Alignof(uwork), a2 = _Alignof(lemma_work);
    uwork *u = (uwork *)(((uintptr_t)job->work + a1 - 1) / a1 * a1);
    lemma_work *lw = (lemma_work *)(((uintptr_t)(u + 1) + a2 - 1) / a2 * a2);
    if (al->n_classes > 8)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 8);
    int open_accept = 0;
    ibidi_status st = build_levelled(u, job->pw, al, par, &open_accept, err);
    if (st != IBIDI_OK)
        return st;
    minimize(u, al->n_classes);
    if (u->nls > MAXMIN)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, MAXMIN);
    res->label_states = u->nls;
    res->contexts = 1;
    /* Step 2 */
    const int bad = open_accept ? 4 : lemmas(u, lw, al->n_classes, par);
    if (bad) {
        res->undecided = (unsigned)bad;
        return ibidi__ok(err);
    }
    /* Step 3 */
    if (letters(u, al->n_classes) != 0)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, MAXF);
    memset(u->p_hash, 0, sizeof u->p_hash);
    u->np = 0;
    for (uint8_t m = 0; m < 3; m++) {
        pairst *p = &u->p[u->np];
        memset(p, 0, sizeof *p);
        p->m = m;
        p->parent = UINT32_MAX;
        *p_slot(u, 0, 0, m, 0) = (uint32_t)++u->np;
    }
    int full = 0;
    size_t found = SIZE_MAX;
    res->holds = 1;
    for (size_t i = 0; i < u->np && !full; i++) {
        if (u->p[i].differ && comp_accepts(u, u->p[i].a, &full) &&
            comp_accepts(u, u->p[i].b, &full)) {
            res->accepting++;
            if (found == SIZE_MAX)
                found = i;
        }
        const unsigned m = u->p[i].m;
        for (size_t k = 0; k < al->n_classes; k++) {
            const int mark = by_clusters && al->classes[k] == IBIDI_UNICODE_BC_NSM;
            for (unsigned lx = m; lx <= m + 1 && lx < 3; lx++)
                for (unsigned ly = m; ly <= m + 1 && ly < 3; ly++)
                    (void)p_next(u, i, k, lx, ly, mark, 1, &full);
        }
    }
    if (full)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0,
                           u->np >= MAXP ? MAXP : (uint32_t)MAXF);
    res->states = u->np;
    res->transitions = u->np * al->n_classes * 4;
    res->transformations = u->ft.n;

    /* Ordered pairs and labels of each length, counted on the pair automaton. */
    memset(u->cnt[0], 0, u->np * sizeof u->cnt[0][0]);
    for (size_t i = 0; i < 3; i++)
        u->cnt[0][i] = 1;
    for (unsigned len = 1; len <= IBIDI_RFC5893_VERIFY_MAX_LENGTH; len++) {
        unsigned long long *from = u->cnt[(len - 1) & 1], *to = u->cnt[len & 1];
        memset(to, 0, u->np * sizeof *to);
        for (size_t i = 0; i < u->np; i++) {
            if (!from[i])
                continue;
            const unsigned m = u->p[i].m;
            for (size_t k = 0; k < al->n_classes; k++) {
                const int mark = by_clusters && al->classes[k] == IBIDI_UNICODE_BC_NSM;
                for (unsigned lx = m; lx <= m + 1 && lx < 3; lx++)
                    for (unsigned ly = m; ly <= m + 1 && ly < 3; ly++) {
                        const uint32_t t = p_next(u, i, k, lx, ly, mark, 0, &full);
                        if (t != UINT32_MAX)
                            to[t] += from[i];
                    }
            }
        }
        unsigned long long ordered = 0, same = 0;
        for (size_t i = 0; i < u->np; i++)
            if (to[i] && comp_accepts(u, u->p[i].a, &full) && comp_accepts(u, u->p[i].b, &full))
                *(u->p[i].differ ? &ordered : &same) += to[i];
        res->pairs[len - 1] = ordered / 2;
        /* a label read with itself: every label that passes, once, if the runs are read
         * back right (tests/test_proofs.c compares it with the enumeration) */
        res->labels[len - 1] = same;
    }
    if (full)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, MAXF);
    if (found == SIZE_MAX)
        return ibidi__ok(err);

    /* The shortest pair, in class order, confirmed by the library's UBA. */
    res->holds = 0;
    uint8_t x[256], y[256];
    const size_t nx = undo(u, found, 0, al, by_clusters, x);
    const size_t ny = undo(u, found, 1, al, by_clusters, y);
    if (nx != ny || nx > IBIDI_RFC5893_VERIFY_MAX_LENGTH)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, IBIDI_RFC5893_VERIFY_MAX_LENGTH);
    const int swap = memcmp(x, y, nx) > 0;
    res->shortest = (unsigned)nx;
    ibidi_rfc5893_verify_example *e = &res->example;
    memset(e, 0, sizeof *e);
    e->x.n = e->y.n = (uint8_t)nx;
    memcpy(e->x.classes, swap ? y : x, nx);
    memcpy(e->y.classes, swap ? x : y, nx);
    e->context.dir = job->opts->dir;
    e->context.d1 = e->context.d2 = 0x2E;
    ibidi_rfc5893_display dx, dy;
    st = shown(e->x.classes, nx, job->opts->dir, by_clusters, &dx, err);
    if (st == IBIDI_OK)
        st = shown(e->y.classes, nx, job->opts->dir, by_clusters, &dy, err);
    if (st != IBIDI_OK)
        return st;
    res->confirmed = dx.len == dy.len && memcmp(dx.key, dy.key, dx.len) == 0;
    for (size_t k = 0; k < dx.len && k < IBIDI_RFC5893_VERIFY_SHOWN; k++)
        e->shown[e->shown_len++] = dx.key[k];
    return ibidi__ok(err);
}
