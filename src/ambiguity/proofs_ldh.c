/*
 * RFC 5893 §2's guarantee for LDH labels, for names of every length
 * (include/ibidi/rfc5893.h, ibidi_rfc5893_ldh_prove).
 *
 * The claim. RFC 5893 §2 (last paragraphs) lets LDH labels (classes L, EN and the hyphen
 * ES) stand beside labels that pass the Bidi Rule in a Bidi domain name (one with R, AL or
 * AN), "as long as no label that starts with a digit follows an RTL label", and says the
 * requirements of §3 then hold. ibidi_rfc5893_ldh_search reads them as: the name shown
 * alone in a paragraph, every label's characters form one block on screen, and the
 * character shown next to the block on either side is a dot or the edge of the line
 * ("grouped between the characters delimiting the labels"). It enumerates names up to a
 * length; this file decides the same for every length.
 *
 * Why a name needs an automaton of its own. A label alone starts with a strong character,
 * so the prover of proofs.c can summarise it apart from its context. In a name the dots
 * are CS and the labels need not pass the rule: W2 and W7 look back across dots for the
 * last strong type, W4 joins numbers across a dot, N1 resolves a dot by the strong types
 * on both sides, and an LDH label that starts with a digit takes its level from what came
 * before. So the automaton reads the whole name, one class at a time (dots as CS).
 *
 * The state, for a paragraph of direction p (levels relative to it, 0-2: UAX #9 I1, I2):
 *
 * 1. The UBA: the UBA part of proofs.c's summary (ibidi__proof_uba_step: W1-W7, N1, N2,
 *    started with sos = p, X10), which says, for each character, its level at once or that
 *    it waits in a run still open (neutrals, or a tail of ET or a separator). The level of
 *    a waiting character is guessed when it is read and kept (one guess per open run: a
 *    run's characters all get one level); the guess must equal the level the step function
 *    gives when the run closes, at the latest at the end of the name (eos = p). Wrong
 *    guesses die, so each name has exactly one path of right guesses (the paths are
 *    unambiguous and count names).
 *
 * 2. The rule (RFC 5893 §2, RFC 5891 §4.2.3.1): per label its first class, whether it holds
 *    EN, AN (condition 4), R, AL or AN (an RTL label, RFC 5893 §1.4), a class condition 2 or
 *    5 refuses, only L, EN, ES (an LDH label), its last class that is not NSM (conditions 3
 *    and 6), the hyphen rule (length up to 4, third class ES, last class ES); per name
 *    whether an RTL label was read (a label that starts with EN after it is refused) and
 *    whether the name holds R, AL or AN. A label is legal when it passes all six conditions
 *    or is an LDH label, and keeps the hyphen rule; empty labels are refused. Each of these
 *    is asked of the library (ibidi_rfc5893_conditions, the hyphen rule of verify.c) on a
 *    representative label of the state's rule part, the first met; the rule part holds
 *    what each condition looks at, so every label that reaches it gets the same answers.
 *
 * 3. The display (UAX #9 L2). With levels 0-2 relative to p, L2 reverses the runs of
 *    level 2, then the runs of level 1 or more, and for p = RTL the whole line at the end,
 *    which changes neither blocks nor neighbours; so the display is built as for p = LTR.
 *    Read in logical order, it grows only at three places: it is A B C, where B C is the
 *    display of the open run of levels 1-2 (shown reversed, its newest part leftmost) and
 *    B its open run of level 2 (shown in logical order). A character of level 0 closes the
 *    run (A := A B C x), of level 1 goes left of the run (C := x B C, B empty), of level 2
 *    at the end of B (B := B x). So each segment only grows at one end and what is inside
 *    it never changes: a segment is kept as its first and last character's kind (the
 *    target's, a dot, another), and whether the target's characters in it are one block,
 *    with a dot on each side or still at the segment's end (not decided). The target label
 *    is chosen nondeterministically at the start of a label; a target not one block, or
 *    with another character than a dot beside it inside a segment, is broken for good; a
 *    target with dots on both sides after it ends is grouped for good. At the end the
 *    display is A B C, and a side still open is the edge of the line.
 *
 * Counting. Paths without a target count legal names (one per name); paths with a target
 * count pairs (name, label), and those ending broken the pairs whose label does not stay
 * grouped. tests/test_proofs_ldh.c compares these counts with the library's UBA run on
 * every name up to a length, in both directions. The breadth-first search visits every
 * state reachable, so the guarantee holds for every length exactly when no state where
 * the target is broken ends a path; the shortest such path is found from the counts, and
 * the first name of that length in class order by a walk over the sets of states.
 */
#include <stdint.h>
#include <string.h>

#include "ambiguity/ambiguity_internal.h"
#include "common/internal.h"
#include "ibidi/bidi.h"
#include "ibidi/rfc5893.h"
#include "ibidi/unicode.h"

#define MAXS (1u << 18)  /* states */
#define MAXE (1u << 21)  /* transitions */
#define MAXU 4096u       /* UBA summaries */
#define MAXG 4096u       /* rule parts of a label */
#define MAXREP 64u       /* the longest representative label */
#define MAXN IBIDI_RFC5893_VERIFY_MAX_LENGTH
#define NOLEV 3u         /* no guess kept */

enum { K_O = 0, K_D = 1, K_T = 2 };        /* kinds: another character, a dot, the target */
enum { TS_NONE = 0, TS_BROKEN = 5 };       /* 1 + left open + 2 * right open: one block */
enum { V_OPEN = 0, V_BROKEN = 1, V_SAFE = 2 };
enum { F_NAME = 1, F_PAIR = 2, F_BROKEN = 3 }; /* what a path ending in a state counts */

/* ---- The display's segments ------------------------------------------------------------ */

/* A segment as a byte: bit 0 not empty, bits 1-2 the first kind, 3-4 the last, 5-7 the
 * target's status. */
static unsigned seg_ts(unsigned g) { return g >> 5; }
static unsigned seg_one(unsigned kind)
{
    return 1u | kind << 1 | kind << 3 | (kind == K_T ? 4u : 0u) << 5;
}

static unsigned blk(unsigned lo, unsigned ro) { return 1u + lo + 2u * ro; }

/* x then y on screen; adjacencies made here never change (see the top). */
static unsigned seg_cat(unsigned x, unsigned y)
{
    if (!(x & 1u))
        return y;
    if (!(y & 1u))
        return x;
    const unsigned xf = x >> 1 & 3u, xt = seg_ts(x), yf = y >> 1 & 3u, yl = y >> 3 & 3u;
    const unsigned xl = x >> 3 & 3u, yt = seg_ts(y);
    const unsigned xlo = xt ? (xt - 1u) & 1u : 0, xro = xt ? (xt - 1u) >> 1 : 0;
    const unsigned ylo = yt ? (yt - 1u) & 1u : 0, yro = yt ? (yt - 1u) >> 1 : 0;
    unsigned t;
    if (xt == TS_BROKEN || yt == TS_BROKEN)
        t = TS_BROKEN;
    else if (xt && yt) /* one block only when they touch */
        t = xro && ylo ? blk(xlo, yro) : TS_BROKEN;
    else if (xt) /* RFC 5893 §3: the character next to the label must be a delimiter */
        t = !xro ? xt : yf == K_D ? blk(xlo, 0) : TS_BROKEN;
    else if (yt)
        t = !ylo ? yt : xl == K_D ? blk(0, yro) : TS_BROKEN;
    else
        t = TS_NONE;
    return 1u | xf << 1 | yl << 3 | t << 5;
}

/* ---- The state ------------------------------------------------------------------------- */

typedef struct nstate {
    unsigned uba;                   /* index of the UBA summary */
    unsigned gni, gtail;            /* guessed level of the open runs, NOLEV none */
    unsigned phase;                 /* 0 no target yet, 1 in it, 2 after it */
    unsigned bidi, seen_rtl, vd;    /* the name; the target's verdict (V_*) */
    ibidi__rule_part r;             /* the label: the rule part */
    unsigned hyph, ltr_bad, rtl_bad, ldh, rtl; /* ... and what else decides it */
    unsigned seg[3];                /* A, B, C */
} nstate;

static void pack(const nstate *s, uint64_t *k0, uint64_t *k1)
{
    const unsigned f[] = {s->uba, s->gni, s->gtail, s->phase, s->bidi, s->seen_rtl, s->vd,
                          s->r.first, s->r.has_en, s->r.has_an, s->r.last_nn, s->r.len,
                          s->r.c2_es, s->r.last_es, s->hyph, s->ltr_bad, s->rtl_bad, s->ldh, s->rtl};
    static const unsigned w[] = {12, 2, 2, 2, 1, 1, 2, 5, 1, 1, 5, 3, 1, 1, 1, 1, 1, 1, 1};
    uint64_t k = 0;
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        k = k << w[i] | f[i];
    *k0 = k;
    *k1 = (uint64_t)s->seg[0] | (uint64_t)s->seg[1] << 8 | (uint64_t)s->seg[2] << 16;
}

static void unpack(uint64_t k, uint64_t k1, nstate *s)
{
    unsigned *f[] = {&s->uba, &s->gni, &s->gtail, &s->phase, &s->bidi, &s->seen_rtl, &s->vd,
                     &s->r.first, &s->r.has_en, &s->r.has_an, &s->r.last_nn, &s->r.len,
                     &s->r.c2_es, &s->r.last_es, &s->hyph, &s->ltr_bad, &s->rtl_bad, &s->ldh, &s->rtl};
    static const unsigned w[] = {12, 2, 2, 2, 1, 1, 2, 5, 1, 1, 5, 3, 1, 1, 1, 1, 1, 1, 1};
    for (size_t i = sizeof f / sizeof f[0]; i-- > 0;) {
        *f[i] = (unsigned)(k & ((1u << w[i]) - 1u));
        k >>= w[i];
    }
    for (unsigned i = 0; i < 3; i++)
        s->seg[i] = (unsigned)(k1 >> (8 * i) & 0xFFu);
}

static void label_reset(nstate *s)
{
    memset(&s->r, 0, sizeof s->r);
    s->hyph = s->ltr_bad = s->rtl_bad = s->rtl = 0;
    s->ldh = 1;
}

static int is_rtl_class(unsigned c)
{
    return c == IBIDI_UNICODE_BC_R || c == IBIDI_UNICODE_BC_AL || c == IBIDI_UNICODE_BC_AN;
}

/* ---- The work area --------------------------------------------------------------------- */

typedef struct lwork {
    uint64_t k0[MAXS], k1[MAXS];
    uint32_t hash[2 * MAXS]; /* state + 1; 0 free */
    uint32_t eoff[MAXS + 1];
    uint32_t edst[MAXE];
    uint8_t ecls[MAXE];      /* index of the class in the alphabet */
    uint8_t fin[MAXS];       /* F_* or 0 */
    uint8_t depth[MAXS];     /* breadth-first depth, capped at 255 */
    unsigned long long cnt[2][MAXS];
    uint8_t back[MAXN + 1][MAXS]; /* back[k][s]: a broken end k classes away */
    uint8_t cur[MAXS], nxt[MAXS];
    uint64_t ukey[MAXU];
    uint32_t uhash[2 * MAXU];
    /* the labels' rule parts met, each with a representative label (the first met) */
    uint32_t gkey[MAXG];
    uint8_t grep_[MAXG][MAXREP], glen[MAXG];
    uint32_t ghash[2 * MAXG];
    size_t ng;
} lwork;

size_t ibidi_rfc5893_ldh_prove_work_size(void) { return sizeof(lwork) + _Alignof(lwork); }

/* The rule part of the current label as one number (the fields below first..rtl). */
static uint32_t rule_key(const nstate *s)
{
    return (uint32_t)s->r.first | (uint32_t)s->r.has_en << 5 | (uint32_t)s->r.has_an << 6 |
           (uint32_t)s->r.last_nn << 7 | (uint32_t)s->r.len << 12 |
           (uint32_t)s->r.c2_es << 15 |
           (uint32_t)s->r.last_es << 16 | (uint32_t)s->hyph << 17 | (uint32_t)s->ltr_bad << 18 |
           (uint32_t)s->rtl_bad << 19 | (uint32_t)s->ldh << 20 | (uint32_t)s->rtl << 21;
}

/* The representative label of the state's rule part (its index), added when new: rep + c
 * for a label that grew from rep by c. MAXG when the table is full. */
static size_t rule_rep(lwork *w, const nstate *s, const uint8_t *rep, size_t n)
{
    const uint32_t key = rule_key(s) + 1u;
    size_t h = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 40) & (2 * MAXG - 1);
    while (w->ghash[h] && w->gkey[w->ghash[h] - 1] != key)
        h = (h + 1) & (2 * MAXG - 1);
    if (w->ghash[h])
        return w->ghash[h] - 1;
    if (w->ng == MAXG || n > MAXREP)
        return MAXG;
    w->gkey[w->ng] = key;
    memcpy(w->grep_[w->ng], rep, n);
    w->glen[w->ng] = (uint8_t)n;
    w->ghash[h] = (uint32_t)++w->ng;
    return w->ng - 1;
}

/* One class c of a label whose representative is rep[0..n): the state's rule part after
 * it, from the library's rule on the representative (ibidi_rfc5893_conditions); 0 when no
 * extension of the label can be legal, -1 when a table is full. Every label with the same
 * rule part gives the same answers: condition 1 looks at the first class, 2 and 5 at
 * classes that, once there, stay (kept as ltr_bad, rtl_bad: the library's answer on the
 * label so far), 3 and 6 at the last class that is not NSM, 4 at EN beside AN; the hyphen
 * rule at the first, third, fourth and last classes. */
static int label_step(lwork *w, nstate *s, const uint8_t *rep, size_t n, unsigned c)
{
    uint8_t x[MAXREP + 1];
    if (n >= MAXREP)
        return -1;
    if (n)
        memcpy(x, rep, n); /* rep may be NULL for the empty label (C11 7.24.1) */
    x[n] = (uint8_t)c;
    ibidi__rule_part_step(&s->r, c);
    /* RFC 5891 §4.2.3.1: "--" in the third and fourth places, found when the fourth comes
     * (the library's hyphen rule on the four and a letter after them) */
    if (n + 1 == 4 && x[0] != IBIDI_UNICODE_BC_ES) {
        const uint8_t y[5] = {x[0], x[1], x[2], x[3], IBIDI_UNICODE_BC_L};
        s->hyph = !ibidi__hyphens_ok(y, 5);
    }
    s->ltr_bad |= ibidi_rfc5893_conditions(x, n + 1, IBIDI_RFC5893_COND(5)) != 0;
    s->rtl_bad |= ibidi_rfc5893_conditions(x, n + 1, IBIDI_RFC5893_COND(2)) != 0;
    /* RFC 5893 §2: an LDH label holds letters, digits and the hyphen (L, EN, ES) */
    s->ldh &= c == IBIDI_UNICODE_BC_L || c == IBIDI_UNICODE_BC_EN || c == IBIDI_UNICODE_BC_ES;
    s->rtl |= is_rtl_class(c);
    if (rule_rep(w, s, x, n + 1) == MAXG)
        return -1;
    if (s->hyph || s->r.first == IBIDI_UNICODE_BC_ES)
        return 0;
    /* conditions 1, 2, 4 and 5, once broken, stay broken; then only an LDH label not
     * starting with a digit after an RTL label can be legal */
    const unsigned lasting = IBIDI_RFC5893_COND(1) | IBIDI_RFC5893_COND(2) |
                             IBIDI_RFC5893_COND(4) | IBIDI_RFC5893_COND(5);
    if (ibidi_rfc5893_conditions(x, n + 1, lasting) == 0)
        return 1;
    return s->ldh && !(s->r.first == IBIDI_UNICODE_BC_EN && s->seen_rtl);
}

/* The label read is legal in a Bidi domain name (RFC 5893 §2, last paragraphs: it passes
 * the rule, or is an LDH label not starting with a digit after an RTL label; RFC 5891
 * §4.2.3.1), asked of the library on the representative of its rule part. */
static int label_legal(const lwork *w, const nstate *s)
{
    if (s->r.len == 0 || s->hyph)
        return 0;
    const uint32_t key = rule_key(s) + 1u;
    size_t h = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 40) & (2 * MAXG - 1);
    while (w->ghash[h] && w->gkey[w->ghash[h] - 1] != key)
        h = (h + 1) & (2 * MAXG - 1);
    if (!w->ghash[h])
        return 0; /* not reached: every rule part read has its representative */
    const size_t g = w->ghash[h] - 1;
    const uint8_t *x = w->grep_[g];
    const size_t n = w->glen[g];
    if (!ibidi__hyphens_ok(x, n))
        return 0;
    const int pass = ibidi_rfc5893_conditions(x, n, IBIDI_RFC5893_ALL_CONDITIONS) == 0;
    const int ldh = s->ldh && !(s->r.first == IBIDI_UNICODE_BC_EN && s->seen_rtl);
    return pass || ldh;
}

typedef struct lctx {
    lwork *w;
    unsigned para;
    size_t n, ne, nu;
    uint8_t cls[IBIDI_UNICODE_BC_COUNT + 1];
    size_t ncls;
} lctx;

static size_t mix(uint64_t a, uint64_t b)
{
    return (size_t)(((a * 0x9E3779B97F4A7C15ull) ^ (b * 0xC2B2AE3D27D4EB4Full)) >> 23);
}

/* The index of a UBA summary; MAXU when full. */
static unsigned intern_uba(lctx *c, uint64_t key)
{
    size_t h = mix(key, 1) & (2 * MAXU - 1);
    while (c->w->uhash[h] && c->w->ukey[c->w->uhash[h] - 1] != key)
        h = (h + 1) & (2 * MAXU - 1);
    if (!c->w->uhash[h]) {
        if (c->nu == MAXU)
            return MAXU;
        c->w->ukey[c->nu] = key;
        c->w->uhash[h] = (uint32_t)++c->nu;
    }
    return c->w->uhash[h] - 1;
}

/* The state's index, added when new; UINT32_MAX when full. */
static uint32_t intern(lctx *c, const nstate *s)
{
    uint64_t k0, k1;
    pack(s, &k0, &k1);
    size_t h = mix(k0, k1) & (2 * MAXS - 1);
    while (c->w->hash[h] && (c->w->k0[c->w->hash[h] - 1] != k0 || c->w->k1[c->w->hash[h] - 1] != k1))
        h = (h + 1) & (2 * MAXS - 1);
    if (!c->w->hash[h]) {
        if (c->n == MAXS)
            return UINT32_MAX;
        c->w->k0[c->n] = k0;
        c->w->k1[c->n] = k1;
        c->w->hash[h] = (uint32_t)++c->n;
    }
    return c->w->hash[h] - 1;
}

/* The events of one step on the guesses (proofs.c's order: the tail turned neutral, the
 * neutrals closed, the tail joined a number, then the character). *lev gets the
 * character's level; *fresh is set when it opened a run whose level is the guess g.
 * 0 when a guess proves wrong. */
static int apply_events(nstate *s, const ibidi__proof_events *ev, unsigned p, unsigned g,
                        unsigned *lev, int *fresh)
{
    *fresh = 0;
    if (ev->tail_merged) { /* W6: the tail's characters are neutrals of the open run */
        if (s->gni != NOLEV && s->gni != s->gtail)
            return 0;
        s->gni = s->gtail;
        s->gtail = NOLEV;
    }
    if (ev->ni_closed) { /* N1, N2 */
        if (s->gni != ev->ni_level[p])
            return 0;
        s->gni = NOLEV;
    }
    if (ev->tail_closed) { /* W4, W5: the tail joined a number */
        if (s->gtail != ev->tail_level[p])
            return 0;
        s->gtail = NOLEV;
    }
    if (ev->cur_closed) {
        *lev = ev->cur_level[p];
    } else if (ev->cur_pending == 1) {
        if (s->gni == NOLEV) {
            s->gni = g;
            *fresh = 1;
        }
        *lev = s->gni;
    } else if (ev->cur_pending == 2) {
        if (s->gtail == NOLEV) {
            s->gtail = g;
            *fresh = 1;
        }
        *lev = s->gtail;
    }
    return 1;
}

/* L2, as the top says: where a character of level lev goes. */
static void show(nstate *s, unsigned kind, unsigned lev)
{
    const unsigned x = seg_one(kind);
    if (lev == 0) {
        s->seg[0] = seg_cat(s->seg[0], seg_cat(s->seg[1], seg_cat(s->seg[2], x)));
        s->seg[1] = s->seg[2] = 0;
    } else if (lev == 1) {
        s->seg[2] = seg_cat(x, seg_cat(s->seg[1], s->seg[2]));
        s->seg[1] = 0;
    } else {
        s->seg[1] = seg_cat(s->seg[1], x);
    }
    s->seg[0] &= ~(3u << 1); /* nothing goes left of A: its first kind never matters */
    /* a verdict once sure is kept without the segments */
    for (unsigned i = 0; i < 3; i++) {
        const unsigned t = seg_ts(s->seg[i]);
        if (t == TS_BROKEN || (t == blk(0, 0) && s->phase == 2)) {
            s->vd = t == TS_BROKEN ? V_BROKEN : V_SAFE;
            s->seg[0] = s->seg[1] = s->seg[2] = 0;
        }
    }
}

/* One class (index k) from state in, target chosen here (choose) and guess g: 1 with *out,
 * 0 dead, -1 when the UBA summaries overflow; *fresh says whether g was used. */
static int trans(lctx *c, const nstate *in, unsigned k, unsigned choose, unsigned g,
                 nstate *out, int *fresh)
{
    const unsigned cl = c->cls[k];
    *out = *in;
    *fresh = 0;
    if (cl == IBIDI_UNICODE_BC_CS) { /* a dot ends the label */
        if (!label_legal(c->w, in))
            return 0;
        out->bidi |= in->rtl;
        out->seen_rtl |= in->rtl;
        label_reset(out);
        if (out->phase == 1)
            out->phase = 2;
    } else {
        if (choose)
            out->phase = 1;
        const uint8_t *rep = NULL;
        size_t n = 0;
        if (in->r.len) {
            const size_t g = rule_rep(c->w, in, NULL, MAXREP + 1); /* found, never added */
            if (g == MAXG)
                return -1;
            rep = c->w->grep_[g];
            n = c->w->glen[g];
        }
        const int ok = label_step(c->w, out, rep, n, cl);
        if (ok <= 0)
            return ok;
    }
    ibidi__proof_events ev;
    const uint64_t key = ibidi__proof_uba_step(c->w->ukey[in->uba], cl, &ev);
    unsigned lev = 0;
    if (!apply_events(out, &ev, c->para, g, &lev, fresh))
        return 0;
    const unsigned u = intern_uba(c, key);
    if (u == MAXU)
        return -1;
    out->uba = u;
    if (out->vd == V_OPEN)
        show(out, cl == IBIDI_UNICODE_BC_CS ? K_D : out->phase == 1 ? K_T : K_O, lev);
    return 1;
}

/* What a path ending in s counts (F_*), or 0. */
static unsigned finish(const lctx *c, const nstate *s)
{
    if (!label_legal(c->w, s) || !(s->bidi || s->rtl))
        return 0;
    nstate e = *s;
    ibidi__proof_events ev;
    ibidi__proof_uba_end(c->w->ukey[s->uba], c->para, &ev);
    unsigned lev;
    int fresh;
    if (!apply_events(&e, &ev, c->para, 0, &lev, &fresh) || e.gni != NOLEV ||
        e.gtail != NOLEV)
        return 0;
    if (e.phase == 0)
        return F_NAME;
    if (e.vd != V_OPEN)
        return e.vd == V_BROKEN ? F_BROKEN : F_PAIR;
    const unsigned all = seg_cat(e.seg[0], seg_cat(e.seg[1], e.seg[2]));
    return seg_ts(all) == TS_BROKEN ? F_BROKEN : F_PAIR; /* open sides: the line's edges */
}

/* Breadth-first search from the start: every state reachable, transitions in CSR. */
static ibidi_status build(lctx *c, ibidi_error *err)
{
    lwork *w = c->w;
    nstate s0;
    memset(&s0, 0, sizeof s0);
    label_reset(&s0);
    s0.gni = s0.gtail = NOLEV;
    s0.uba = intern_uba(c, ibidi__proof_uba_start(c->para));
    intern(c, &s0);
    w->depth[0] = 0;
    for (size_t i = 0; i < c->n; i++) {
        nstate s;
        unpack(w->k0[i], w->k1[i], &s);
        w->eoff[i] = (uint32_t)c->ne;
        w->fin[i] = (uint8_t)finish(c, &s);
        for (unsigned k = 0; k < c->ncls; k++) {
            const unsigned nch =
                s.r.len == 0 && s.phase == 0 && c->cls[k] != IBIDI_UNICODE_BC_CS ? 2u : 1u;
            for (unsigned ch = 0; ch < nch; ch++)
                for (unsigned g = 0; g < 3; g++) {
                    nstate t;
                    int fresh;
                    const int r = trans(c, &s, k, ch, g, &t, &fresh);
                    if (r < 0)
                        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
                    if (r == 1) {
                        const size_t before = c->n;
                        const uint32_t j = intern(c, &t);
                        if (j == UINT32_MAX || c->ne == MAXE)
                            return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
                        if (c->n > before)
                            w->depth[j] = (uint8_t)(w->depth[i] < 254 ? w->depth[i] + 1 : 255);
                        w->edst[c->ne] = j;
                        w->ecls[c->ne++] = (uint8_t)k;
                    }
                    if (!fresh)
                        break; /* the guess was not used: one successor */
                }
        }
    }
    w->eoff[c->n] = (uint32_t)c->ne;
    return IBIDI_OK;
}

/* The first name of length n in class order that ends in a broken state (n at most MAXN):
 * back[k] marks the states k classes away from one, then a walk keeps the set of states
 * the name's prefix reaches and takes the smallest class that keeps a way there. */
static void first_name(lctx *c, unsigned n, ibidi_rfc5893_verify_label *name)
{
    lwork *w = c->w;
    for (size_t i = 0; i < c->n; i++)
        w->back[0][i] = w->fin[i] == F_BROKEN;
    for (unsigned k = 1; k <= n; k++)
        for (size_t i = 0; i < c->n; i++) {
            uint8_t b = 0;
            for (uint32_t e = w->eoff[i]; e < w->eoff[i + 1] && !b; e++)
                b = w->back[k - 1][w->edst[e]];
            w->back[k][i] = b;
        }
    memset(w->cur, 0, c->n);
    w->cur[0] = 1;
    name->n = (uint8_t)n;
    for (unsigned pos = 0; pos < n; pos++) {
        const unsigned rest = n - pos - 1;
        for (unsigned k = 0; k < c->ncls; k++) {
            int any = 0;
            memset(w->nxt, 0, c->n);
            for (size_t i = 0; i < c->n; i++)
                if (w->cur[i])
                    for (uint32_t e = w->eoff[i]; e < w->eoff[i + 1]; e++)
                        if (w->ecls[e] == k && w->back[rest][w->edst[e]])
                            any = w->nxt[w->edst[e]] = 1;
            if (any) {
                name->classes[pos] = c->cls[k];
                memcpy(w->cur, w->nxt, c->n);
                break;
            }
        }
    }
}

/* The name run again through the library's UBA (ibidi_bidi_resolve_classes, L2): its
 * first label that is not one block with a dot or the edge on each side; -1 when none. */
static int run_again(const ibidi_rfc5893_verify_label *nm, ibidi_dir dir, uint8_t *shown)
{
    const size_t n = nm->n;
    uint8_t lv[MAXN];
    size_t v2l[MAXN], l2v[MAXN];
    const ibidi_bidi_options o = {dir, 0, NULL, 0};
    ibidi_bidi_result r = {.levels = lv, .cap = MAXN};
    if (ibidi_bidi_resolve_classes(nm->classes, n, &o, &r, NULL) != IBIDI_OK ||
        ibidi_bidi_reorder(lv, n, v2l, NULL, NULL) != IBIDI_OK)
        return -1;
    for (size_t v = 0; v < n; v++) {
        l2v[v2l[v]] = v;
        shown[v] = (uint8_t)v2l[v];
    }
    int index = 0;
    for (size_t a = 0; a < n; index++) {
        size_t b = a, lo = n, hi = 0;
        while (b < n && nm->classes[b] != IBIDI_UNICODE_BC_CS)
            b++;
        for (size_t i = a; i < b; i++) {
            lo = l2v[i] < lo ? l2v[i] : lo;
            hi = l2v[i] > hi ? l2v[i] : hi;
        }
        if (hi - lo + 1 != b - a || (lo > 0 && nm->classes[v2l[lo - 1]] != IBIDI_UNICODE_BC_CS) ||
            (hi + 1 < n && nm->classes[v2l[hi + 1]] != IBIDI_UNICODE_BC_CS))
            return index;
        a = b + 1;
    }
    return -1;
}

ibidi_status ibidi_rfc5893_ldh_prove(ibidi_dir dir, void *work, size_t work_size,
                                     ibidi_rfc5893_ldh_proof *res, ibidi_error *err)
{
    if (res == NULL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    memset(res, 0, sizeof *res);
    if (work == NULL || (dir != IBIDI_DIR_LTR && dir != IBIDI_DIR_RTL))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (work_size < ibidi_rfc5893_ldh_prove_work_size())
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0,
                           (uint32_t)ibidi_rfc5893_ldh_prove_work_size());
    const uintptr_t a = _Alignof(lwork);
    lctx c;
    memset(&c, 0, sizeof c);
    c.w = (lwork *)(((uintptr_t)work + a - 1) / a * a);
    c.para = dir == IBIDI_DIR_RTL;
    ibidi_rfc5893_alphabet al;
    ibidi_status st = ibidi_rfc5893_label_alphabet(&al, err);
    if (st != IBIDI_OK)
        return st;
    /* the label classes and CS for the dots, in increasing order (the enumeration's) */
    for (size_t k = 0, put = 0; k <= al.n_classes; k++) {
        if (!put && (k == al.n_classes || al.classes[k] > IBIDI_UNICODE_BC_CS)) {
            c.cls[c.ncls++] = IBIDI_UNICODE_BC_CS;
            put = 1;
        }
        if (k < al.n_classes && al.classes[k] != IBIDI_UNICODE_BC_CS)
            c.cls[c.ncls++] = al.classes[k];
    }
    memset(c.w->hash, 0, sizeof c.w->hash);
    memset(c.w->uhash, 0, sizeof c.w->uhash);
    memset(c.w->ghash, 0, sizeof c.w->ghash);
    c.w->ng = 0;
    st = build(&c, err);
    if (st != IBIDI_OK) {
        memset(res, 0, sizeof *res);
        return st;
    }
    lwork *w = c.w;
    res->dir = dir;
    res->states = c.n;
    res->transitions = c.ne;
    res->uba_states = c.nu;
    res->holds = 1;
    unsigned shortest = 0;
    for (size_t i = 0; i < c.n; i++)
        if (w->fin[i] == F_BROKEN) {
            res->holds = 0;
            if (shortest == 0 || w->depth[i] < shortest)
                shortest = w->depth[i];
        }
    /* paths from the start, length by length */
    memset(w->cnt[0], 0, c.n * sizeof w->cnt[0][0]);
    w->cnt[0][0] = 1;
    for (unsigned len = 1; len <= MAXN; len++) {
        unsigned long long *from = w->cnt[(len - 1) & 1], *to = w->cnt[len & 1];
        memset(to, 0, c.n * sizeof *to);
        for (size_t i = 0; i < c.n; i++)
            if (from[i])
                for (uint32_t e = w->eoff[i]; e < w->eoff[i + 1]; e++)
                    to[w->edst[e]] += from[i];
        for (size_t i = 0; i < c.n; i++) {
            res->names[len - 1] += w->fin[i] == F_NAME ? to[i] : 0;
            res->pairs[len - 1] += w->fin[i] >= F_PAIR ? to[i] : 0;
            res->broken[len - 1] += w->fin[i] == F_BROKEN ? to[i] : 0;
        }
    }
    res->shortest = shortest;
    if (!res->holds && shortest <= MAXN) {
        first_name(&c, shortest, &res->name);
        const int bad = run_again(&res->name, dir, res->shown);
        res->confirmed = bad >= 0;
        res->label = bad >= 0 ? (unsigned)bad : 0;
    }
    return ibidi__ok(err);
}
