/*
 * Display twins (ibidi/ambiguity.h): every other text that the UBA shows as the same
 * glyphs, left to right, in a paragraph of a given direction, with each combining mark
 * drawn on the same glyph.
 *
 * Marks as rendered (Badami, "Weak type NSM": a mark applies to the character it follows
 * in logical order). A character of class NSM attaches to its base, the closest preceding
 * character in logical order that is not NSM (none for a mark at the start, or after
 * marks only). Two texts display identically when they show the same glyphs and every
 * mark, at visual position i, is attached in both to a base at the same visual position
 * (or in both to none). R EN NSM and R NSM EN both show EN NSM R, with the mark on the
 * digit in the first and on the letter in the second: not twins. The comparison is made
 * exactly at each leaf, after the forward run (marks_match); one pruning rule anticipates
 * it (check_at).
 *
 * The search. Text T (no controls) is resolved and reordered once: V is its visual glyph
 * sequence. A twin T' shows V too, with its own resolved levels λ' over the visual
 * positions. Given V and a level vector λ, the logical text is fixed: the character at
 * visual position i is V[i] when λ[i] is even and a character whose mirrored glyph is
 * V[i] when λ[i] is odd (L4 undone), and the logical order is L2 undone (L2 reverses the
 * runs of levels >= k for k from the highest level down to 1; each step is an
 * involution, so the inverse reverses them for k from 1 up). A depth-first search over
 * the visual positions, left to right, chooses for each one a (character, level) pair
 * allowed by the character's class; at each leaf the logical candidate is run forward
 * through the UBA and kept when its levels are exactly λ (then its glyphs are V by
 * construction) and its marks are attached as in T (the leaf filter above). Every twin
 * has exactly one λ, so each is found once and nothing needs remembering. Pruning rules
 * (below, each a consequence of a named UBA rule) remove only level vectors that no text
 * can have, or that no twin can have; tests/test_twins.c compares the pruned search with
 * the unpruned one (the same leaf filter) and with a brute force over permutations that
 * compares the renderings on its own.
 *
 * Without controls the paragraph is one isolating run sequence at the paragraph level p
 * (X1-X10 do nothing), so levels lie in {p .. 2}: in an LTR paragraph L is 0, R and AL 1,
 * AN 2, EN 0 (W7) or 2, neutrals 0 or 1 (N1, N2, N0), ES/ET/CS/NSM 0, 1 or 2 (W1, W4, W5);
 * in an RTL paragraph L, EN and AN are 2 (I2), R and AL 1, the others 1 or 2.
 *
 * Characters of class BN (ZWNJ, ZWJ, ...) are set aside (UAX #9 X9 removes them before any
 * rule that decides a level, and they take no glyph position): the search runs on the
 * text without them, and each twin found gets the input's ones back (report_with_aside).
 *
 * Nothing here allocates; every array is sized IBIDI_AMBIGUITY_TWINS_MAX, in one state on the
 * stack (or in the caller's memory: the exact analysis keeps it in its work area).
 */
#include <string.h>

#include "ambiguity/ambiguity_internal.h"
#include "unicode/ucd.h"
#include "unicode/utf8_internal.h"
#include "ibidi/utf8.h"

#define MAXN IBIDI_AMBIGUITY_TWINS_MAX
/* Options of one visual position: level 0 or 2 give one character (the glyph itself),
 * an odd level the glyph's inverse images under L4 (at most two: the glyph itself and
 * its Bidi_Mirroring_Glyph, since that mapping is an involution; test_twins checks it on
 * every code point). So four at most: one at level 0, two at 1, one at 2. */
#define NOPT 4
/* DFS nodes allowed per candidate when max_candidates bounds the search: the bound then
 * also caps the time spent in branches that the pruning rules cut late. */
#define NODES_PER_CANDIDATE 64u

#define NONE (-1)
/* The attachment of the character at a visual position (see marks_match): not a mark, a
 * mark without a base, or else the visual position of its base. */
#define ATT_NOT_MARK (-1)
#define ATT_NO_BASE (-2)

/* An option, packed into 32 bits so that the state of a search at its bound fits the
 * stack with the UBA's run under it (IBIDI_STACK_MAX): the code point (21 bits), its
 * level (2), its ibidi_unicode_bc (5), and whether its Bidi_Paired_Bracket_Type is not
 * None (N0 may resolve it). */
#define OPT(cp, level, bc, bracket)                                                        \
    ((uint32_t)(cp) | (uint32_t)(level) << 21 | (uint32_t)(bc) << 23 | (uint32_t)(bracket) << 28)
#define OPT_CP(o) ((o)&0x1FFFFFu)
#define OPT_LEVEL(o) ((uint8_t)((o) >> 21 & 3u))
#define OPT_BC(o) ((uint8_t)((o) >> 23 & 31u))
#define OPT_BRACKET(o) ((uint8_t)((o) >> 28 & 1u))

/* The search's state: about 14 KiB at MAXN, with 16-bit visual positions (MAXN fits),
 * so that the search at its bound and the UBA run at each leaf fit IBIDI_STACK_MAX. */
struct ibidi__twins {
    size_t n;
    ibidi_dir dir;
    unsigned para; /* paragraph level p */
    int prune;
    int has_al;    /* some option is AL: W2 may turn EN into AN */
    int has_bracket; /* some option is a paired bracket: N0 may resolve it L (level 0 in
                        LTR) between an R and the EN after it */
    int has_marks;   /* T has a character of class NSM */
    const uint32_t *text;
    /* The arrays in the order the hot loops use them, so that no two read or written
     * together lie a multiple of 4 KiB apart (the processor would take a load for a store
     * to the same address: the leaf ran 20% slower when lc was 4 KiB after cpv). */
    /* the current choice, per visual position */
    uint8_t lam[MAXN], cls[MAXN], brk[MAXN];
    uint32_t cpv[MAXN]; /* the leaf copies the candidate from here: 6% faster than
                           gathering it from opts by choice */
    /* the candidate and its forward run */
    uint32_t lc[MAXN];
    uint8_t ll[MAXN], fl[MAXN];
    int16_t l2v[MAXN]; /* the candidate's logical index -> visual position */
    int16_t att[MAXN]; /* the candidate's attachments, per visual position */
    /* T per visual position: its level, and the attachment of its character */
    uint8_t lev0[MAXN];
    int16_t att0[MAXN];
    int16_t r2start[MAXN]; /* start of the level-2 run that holds the position */
    int16_t r1start[MAXN]; /* start of the run of levels >= 1 that holds it */
    uint8_t r2num[MAXN]; /* that run, up to here, holds an EN or AN character */
    uint8_t r2l[MAXN];   /* ... an L or EN character (RTL: N1 context for neutrals) */
    /* look-ahead (LTR): the next position > i forced to level 0, the next that can be an
     * R or AL character, the next that can be R/AL or a level-2 AN (or a level-2 EN when
     * there is an AL: W2 may make it AN) */
    int16_t next0[MAXN], next_r[MAXN], next_ran[MAXN];
    int8_t choice[MAXN];
    uint8_t nopt[MAXN];
    uint32_t opts[MAXN][NOPT]; /* OPT */
    /* V's glyphs, needed only until the options are built; then the UTF-8 of a twin for
     * the UTF-8 call's callback (one store for both: IBIDI_STACK_MAX) */
    union {
        uint32_t glyph[MAXN];
        char utf8[MAXN * 4];
    } g;
    uint8_t gflag[MAXN]; /* Bidi_Mirrored without a mirroring glyph, shown at an odd level */
    /* The characters set aside (X9, ibidi__ambig_set_aside): naside of them in the input
     * full (nfull code points). The search runs on the text without them, which is held
     * in lc until the options are built (text is then NULL, and choice0, the option that
     * is the input's at each visual position, tells the input itself); l2v0 is its
     * logical-to-visual map. No copy of either is kept: the state must stay within
     * IBIDI_STACK_MAX. */
    size_t naside, nfull;
    const uint32_t *full;
    int16_t l2v0[MAXN];
    int8_t choice0[MAXN];
    size_t max_cand, node_budget, nodes;
    ibidi_ambiguity_twin_fn fn;
    ibidi_ambiguity_twin_utf8_fn fn8; /* when set, twins go to it in UTF-8 instead */
    ibidi_ambiguity_stop_fn stop;     /* asked every IBIDI_AMBIGUITY_STOP_EVERY nodes */
    void *ctx;
    int interrupted; /* stop said so: the search was abandoned */
    ibidi_ambiguity_twin_stats st;
};
typedef struct ibidi__twins search;

size_t ibidi__twins_state_size(void)
{
    return sizeof(search);
}

/* The levels a character of class bc can get in a paragraph of level para (0, or anything
 * else for 1), as a set of bits 1 << level. */
static unsigned levels_of(ibidi_unicode_bc bc, unsigned para)
{
    if (para == 0) {
        switch (bc) {
        case IBIDI_UNICODE_BC_L: return 1u; /* I1 */
        case IBIDI_UNICODE_BC_R:
        case IBIDI_UNICODE_BC_AL: return 2u;   /* I1 */
        case IBIDI_UNICODE_BC_EN: return 5u;   /* W7 to L (0), else I1 (2) */
        case IBIDI_UNICODE_BC_AN: return 4u;   /* I1 */
        case IBIDI_UNICODE_BC_ON:
        case IBIDI_UNICODE_BC_WS: return 3u; /* N0-N2 give L or R */
        case IBIDI_UNICODE_BC_ES:
        case IBIDI_UNICODE_BC_ET:
        case IBIDI_UNICODE_BC_CS:
        case IBIDI_UNICODE_BC_NSM: return 7u; /* W4, W5 (numbers), W1 (NSM), or neutrals */
        default: return 0u;
        }
    }
    switch (bc) {
    case IBIDI_UNICODE_BC_L:
    case IBIDI_UNICODE_BC_EN:
    case IBIDI_UNICODE_BC_AN: return 4u; /* I2 */
    case IBIDI_UNICODE_BC_R:
    case IBIDI_UNICODE_BC_AL: return 2u;
    case IBIDI_UNICODE_BC_ON:
    case IBIDI_UNICODE_BC_WS:
    case IBIDI_UNICODE_BC_ES:
    case IBIDI_UNICODE_BC_ET:
    case IBIDI_UNICODE_BC_CS:
    case IBIDI_UNICODE_BC_NSM: return 6u;
    default: return 0u;
    }
}

int ibidi__twin_level_allowed(ibidi_unicode_bc bc, unsigned para, unsigned level)
{
    return level <= 2 && (levels_of(bc, para) >> level & 1u);
}

/* L4 as a glyph identity: the code point shown and whether it is a Bidi_Mirrored
 * character without a mirroring glyph shown at an odd level (drawn mirrored). */
static void glyph_of(uint32_t cp, unsigned level, uint32_t *g, uint8_t *flag)
{
    *g = ibidi_bidi_mirror(cp, (uint8_t)level);
    *flag = (uint8_t)((level & 1u) && ibidi_unicode_bidi_mirrored(cp) &&
                      ibidi_unicode_mirroring_glyph(cp) == cp);
}

/* ON, WS, ES, ET, CS: one test of a set of classes (bc < 32, OPT_BC) on the search's hot
 * path. */
#define NEUTRALS                                                                           \
    (1u << IBIDI_UNICODE_BC_ON | 1u << IBIDI_UNICODE_BC_WS | 1u << IBIDI_UNICODE_BC_ES |      \
     1u << IBIDI_UNICODE_BC_ET | 1u << IBIDI_UNICODE_BC_CS)
static int is_neutral(unsigned bc)
{
    return (NEUTRALS >> bc) & 1u;
}

/* A neutral that N0 cannot resolve (no paired bracket): only N1 gives it the direction
 * opposite to the embedding, and N1 needs that direction on both sides. */
IBIDI__ALWAYS_INLINE int nb_neutral(const search *s, int i)
{
    return is_neutral(s->cls[i]) && !s->brk[i];
}

/* The options of every visual position, and the look-ahead tables. */
static void build_options(search *s)
{
    unsigned lo = s->para, hi = 2;
    s->has_al = 0;
    s->has_bracket = 0;
    for (size_t i = 0; i < s->n; i++) {
        uint8_t k = 0;
        const ibidi__props *p = ibidi__props_of(s->g.glyph[i]);
        if (!(p->flags & IBIDI__PF_MIRRORED) && !s->gflag[i]) {
            /* A glyph that is not Bidi_Mirrored (nearly every one) is shown by itself at
             * every level and by nothing else (L4: only Bidi_Mirrored characters have a
             * Bidi_Mirroring_Glyph, test_twins checks it on every code point; gflag is 0):
             * the loop below with one property record for its class and bracket type. */
            const uint32_t g = s->g.glyph[i];
            const ibidi_unicode_bc bc = (ibidi_unicode_bc)p->bc;
            const unsigned bracket =
                ((p->flags >> IBIDI__PF_BPT_SHIFT) & 3u) != IBIDI_UNICODE_BPT_NONE;
            const unsigned allowed = levels_of(bc, s->para);
            for (unsigned lv = lo; lv <= hi; lv++)
                if (allowed >> lv & 1u)
                    s->opts[i][k++] = OPT(g, lv, bc, bracket);
            if (k && bc == IBIDI_UNICODE_BC_AL)
                s->has_al = 1;
            if (k && bracket)
                s->has_bracket = 1;
            s->nopt[i] = k;
            continue;
        }
        for (unsigned lv = lo; lv <= hi; lv++) {
            uint32_t cand[2];
            size_t nc = 0;
            if (!(lv & 1u)) {
                if (!s->gflag[i])
                    cand[nc++] = s->g.glyph[i];
            } else {
                uint32_t m = ibidi_unicode_mirroring_glyph(s->g.glyph[i]);
                cand[nc++] = s->g.glyph[i];
                if (m != s->g.glyph[i])
                    cand[nc++] = m;
            }
            for (size_t c = 0; c < nc; c++) {
                uint32_t g;
                uint8_t f;
                glyph_of(cand[c], lv, &g, &f);
                if (g != s->g.glyph[i] || f != s->gflag[i])
                    continue;
                ibidi_unicode_bc bc = ibidi_unicode_bidi_class(cand[c]);
                if (!ibidi__twin_level_allowed(bc, s->para, lv) || k >= NOPT)
                    continue;
                const unsigned bracket =
                    ibidi_unicode_bracket_type(cand[c]) != IBIDI_UNICODE_BPT_NONE;
                s->opts[i][k++] = OPT(cand[c], lv, bc, bracket);
                if (bc == IBIDI_UNICODE_BC_AL)
                    s->has_al = 1;
                if (bracket)
                    s->has_bracket = 1;
            }
        }
        s->nopt[i] = k;
    }
    int n0 = (int)s->n, nr = (int)s->n, nran = (int)s->n;
    for (int i = (int)s->n - 1; i >= 0; i--) {
        s->next0[i] = (int16_t)n0;
        s->next_r[i] = (int16_t)nr;
        s->next_ran[i] = (int16_t)nran;
        int forced0 = s->nopt[i] > 0, r = 0, an = 0, en2 = 0;
        for (unsigned k = 0; k < s->nopt[i]; k++) {
            const unsigned lv = OPT_LEVEL(s->opts[i][k]), bc = OPT_BC(s->opts[i][k]);
            if (lv != 0)
                forced0 = 0;
            if (lv == 1 && (bc == IBIDI_UNICODE_BC_R || bc == IBIDI_UNICODE_BC_AL))
                r = 1;
            if (lv == 2 && bc == IBIDI_UNICODE_BC_AN)
                an = 1;
            if (lv == 2 && bc == IBIDI_UNICODE_BC_EN && s->has_al)
                en2 = 1; /* W2 may have made it AN */
            if (lv == 2 && (bc == IBIDI_UNICODE_BC_EN || bc == IBIDI_UNICODE_BC_ET) &&
                s->has_bracket)
                en2 = 1; /* see run2_ok */
        }
        if (forced0)
            n0 = i;
        if (r)
            nr = i;
        if (r || an || en2)
            nran = i;
    }
}

/* The logical successor of a level-1 character at visual position x: inside a run of
 * levels >= 1 the order is reversed (L2, k = 1) and each level-2 run put back (k = 2),
 * so it is the character on the left when that is at level 1, the left end of the
 * level-2 run on the left otherwise; NONE at a level-0 character or the text's start. */
static int succ_of_l1(const search *s, int x)
{
    if (x == 0)
        return NONE;
    if (s->lam[x - 1] == 1)
        return x - 1;
    if (s->lam[x - 1] == 2)
        return s->r2start[x - 1];
    return NONE;
}

/*
 * A level-1 character at x whose logical neighbours are known: pred (NONE when it is the
 * first of its run of levels >= 1) and its successor.
 */
static int l1_ok(const search *s, int x, int pred)
{
    unsigned c = s->cls[x];
    int succ = succ_of_l1(s, x);
    int pc = pred == NONE ? -1 : s->cls[pred], sc = succ == NONE ? -1 : s->cls[succ];
    if (s->para == 0) {
        /* LTR: a character other than R/AL at level 1 was resolved R by N1 (R, EN or AN on
         * both sides, all at levels >= 1), by N0 (an established R context before the
         * opening bracket, and the closing one after it), or by W1 (the NSM takes the
         * type of the character before it). Each has a logical predecessor at level >= 1. */
        if (c != IBIDI_UNICODE_BC_R && c != IBIDI_UNICODE_BC_AL && pred == NONE)
            return 0;
        /* N1: a neutral outside N0 also has its successor at level >= 1. */
        if (nb_neutral(s, x) && succ == NONE)
            return 0;
    } else {
        /* RTL, N1: a neutral between two L characters resolves L (level 2), not R. */
        if (nb_neutral(s, x) && pc == IBIDI_UNICODE_BC_L && sc == IBIDI_UNICODE_BC_L)
            return 0;
    }
    /* W4: a single CS between two ENs, or two ANs, takes their type (a number, level 0
     * or 2, never 1). Two ENs side by side share their W2 fate (no strong type between
     * them), so the original classes decide. */
    if (c == IBIDI_UNICODE_BC_CS && ((pc == IBIDI_UNICODE_BC_EN && sc == IBIDI_UNICODE_BC_EN) ||
                                     (pc == IBIDI_UNICODE_BC_AN && sc == IBIDI_UNICODE_BC_AN)))
        return 0;
    /* W4 for ES, W5 for ET: with no AL anywhere W2 leaves every EN an EN, so an ES between
     * two ENs, and an ET next to an EN, become EN. */
    if (!s->has_al && c == IBIDI_UNICODE_BC_ES && pc == IBIDI_UNICODE_BC_EN &&
        sc == IBIDI_UNICODE_BC_EN)
        return 0;
    if (!s->has_al && c == IBIDI_UNICODE_BC_ET &&
        (pc == IBIDI_UNICODE_BC_EN || sc == IBIDI_UNICODE_BC_EN))
        return 0;
    return 1;
}

/* The level-2 run [b, e] is complete; `end_ge1` says the run of levels >= 1 that holds it
 * ends there too (LTR: a level-0 character or the end of the text follows). */
static int run2_ok(const search *s, int b, int e, int end_ge1)
{
    if (s->para == 0) {
        /* LTR: level 2 comes only from EN and AN (I1); an ES, ET, CS or NSM gets it by
         * joining a number (W4, W5, W1), so every level-2 run holds an EN or AN. */
        if (!s->r2num[e])
            return 0;
        /* The first character of a run of levels >= 1 is R, AL, or an AN at level 2 (N1,
         * N0, W1: see l1_ok; W4: a CS or ES at level 2 follows a number). An EN at level 2
         * follows an R (W7), with only weak and neutral types between, which N1 resolves
         * R; so it is not first, unless W2 made it AN (after an AL), or N0 resolved a
         * bracket between the R and it to L (level 0: "(1A)2" has its ")" there); the
         * latter holds for an ET made EN by W5 too. When the run ends with a level-2 run,
         * that run's left end is the first. */
        unsigned f = s->cls[b];
        if (end_ge1 && f != IBIDI_UNICODE_BC_AN &&
            !((s->has_al || s->has_bracket) && f == IBIDI_UNICODE_BC_EN) &&
            !(s->has_bracket && f == IBIDI_UNICODE_BC_ET))
            return 0;
    }
    /* The level-1 character left of the run now has its logical predecessor: e. */
    if (b > 0 && s->lam[b - 1] == 1 && !l1_ok(s, b - 1, e))
        return 0;
    return 1;
}

/* Constraints decidable once position i (and every position before it) has its level.
 * Also keeps the run bookkeeping. */
static int check_at(search *s, int i)
{
    unsigned l = s->lam[i], c = s->cls[i];
    int cont = l == 2 && i > 0 && s->lam[i - 1] == 2;
    int isnum = c == IBIDI_UNICODE_BC_EN || c == IBIDI_UNICODE_BC_AN;
    s->r2start[i] = (int16_t)(cont ? s->r2start[i - 1] : i);
    s->r1start[i] = (int16_t)(l >= 1 && i > 0 && s->lam[i - 1] >= 1 ? s->r1start[i - 1] : i);
    s->r2num[i] = (uint8_t)(isnum || (cont && s->r2num[i - 1]));
    s->r2l[i] =
        (uint8_t)(c == IBIDI_UNICODE_BC_L || c == IBIDI_UNICODE_BC_EN || (cont && s->r2l[i - 1]));
    if (!s->prune)
        return 1;

    /* Marks as rendered (marks_match): a twin has its marks where T has them. In a text
     * without controls a mark has the level of its logical predecessor (W1 gives it that
     * character's type, or sos; later rules treat the two alike: N0 names the marks after
     * a bracket, tests/test_twins.c checks it), so it lies next to its base, with only
     * marks between, on the left at an even level and on the right at an odd one. Given
     * the positions of the marks, the level's parity thus decides the attachment (both
     * sides give the same only when every character is a mark, and then the levels are
     * all p): a mark whose parity differs from T's is drawn on another glyph. */
    if ((c == IBIDI_UNICODE_BC_NSM) != (s->att0[i] != ATT_NOT_MARK))
        return 0;
    if (c == IBIDI_UNICODE_BC_NSM && ((l ^ s->lev0[i]) & 1u))
        return 0;

    /* W1: an NSM takes the type of the character before it, and so its level (or sos,
     * the paragraph level, as the first character). Two logically adjacent characters of
     * one level stay adjacent, the earlier on the left at an even level. */
    if (c == IBIDI_UNICODE_BC_NSM && !(l & 1u) && (i == 0 ? l != s->para : s->lam[i - 1] != l))
        return 0;
    if (s->para == 0) {
        /* N1 (see l1_ok): a neutral at level 1 has a successor at level >= 1 ... */
        if (l == 1 && nb_neutral(s, i) && (i == 0 || s->lam[i - 1] == 0))
            return 0;
        /* ... and a predecessor at level >= 1, and the run of levels >= 1 starts with an
         * R/AL or a level-2 AN (or EN, ET: see run2_ok), further right. */
        if (l == 1 && c != IBIDI_UNICODE_BC_R && c != IBIDI_UNICODE_BC_AL &&
            s->next_ran[i] >= s->next0[i])
            return 0;
        /* W7: an EN stays EN (level 2) only after an R, which lies further right in the
         * same run of levels >= 1. Not with an AL about (W2 may have made it AN), nor with
         * a paired bracket (N0 may put one at level 0 between the R and the EN). */
        if (l == 2 && c == IBIDI_UNICODE_BC_EN && !s->has_al && !s->has_bracket &&
            s->next_r[i] >= s->next0[i])
            return 0;
        /* W7 the other way: an EN at level 0 was made L by an L (or sos) before it, with
         * only weak and neutral types between. Its predecessor, when at a level >= 1 (the
         * last of the run on its left: that run's left end, or the right end of the
         * level-2 run there), is not an EN at level 2 (it would share the EN's W7 fate):
         * it is AN typed (AN, a CS made AN by W4, an NSM after one, an EN made AN by W2
         * after an AL). Nor is it at level 1 (an R, or W1/N1 typed next to an R or ON,
         * would have kept it EN or left it a neutral between R and L), unless it is a
         * bracket that N0 made R for an AN ("2(,1)1": AN counts as R in N0, not in W7). */
        if (l == 0 && c == IBIDI_UNICODE_BC_EN && i > 0 && s->lam[i - 1] >= 1) {
            int b = s->r1start[i - 1], e = b;
            if (s->lam[b] == 1) {
                if (!s->has_bracket)
                    return 0;
            } else {
                while (e + 1 < i && s->lam[e + 1] == 2)
                    e++;
                unsigned pc = s->cls[e];
                if (!(pc == IBIDI_UNICODE_BC_AN || pc == IBIDI_UNICODE_BC_CS ||
                      pc == IBIDI_UNICODE_BC_NSM || (s->has_al && pc == IBIDI_UNICODE_BC_EN)))
                    return 0;
            }
        }
        /* ... and the strong character W7 finds before it is L (or sos): walking back in
         * logical order (left over level-0 characters, through each run of levels >= 1 on
         * the way) no R or AL comes before the first L. */
        if (l == 0 && c == IBIDI_UNICODE_BC_EN) {
            for (int k = i - 1; k >= 0; k--) {
                if (s->lam[k] == 0) {
                    if (s->cls[k] == IBIDI_UNICODE_BC_L)
                        break;
                    continue;
                }
                if (s->cls[k] == IBIDI_UNICODE_BC_R || s->cls[k] == IBIDI_UNICODE_BC_AL)
                    return 0;
            }
        }
        /* W4: an ES or CS at level 2 is a single separator between two numbers of its
         * type; a level-2 run is shown in logical order, so they are its neighbours. The
         * one before may be an NSM that took the number's type (W1). */
        if (l == 2 && (c == IBIDI_UNICODE_BC_ES || c == IBIDI_UNICODE_BC_CS)) {
            if (i == 0 || s->lam[i - 1] != 2)
                return 0;
            unsigned p = s->cls[i - 1];
            if (!(p == IBIDI_UNICODE_BC_EN || p == IBIDI_UNICODE_BC_NSM ||
                  (c == IBIDI_UNICODE_BC_CS && p == IBIDI_UNICODE_BC_AN)))
                return 0;
        }
    } else if (l == 2 && (c == IBIDI_UNICODE_BC_ON || c == IBIDI_UNICODE_BC_WS ||
                          c == IBIDI_UNICODE_BC_ES || c == IBIDI_UNICODE_BC_CS)) {
        /* RTL: a neutral at level 2 was resolved L by N1 (L on both sides) or N0 (an L
         * context before the opening bracket), or an ES/CS joined two numbers (W4): the
         * character before it is at level 2 (a level-2 run is in logical order) ... */
        if (i == 0 || s->lam[i - 1] != 2)
            return 0;
        /* ... and for a neutral (ON, WS) the strong L (or EN made L by W7) that N1 or N0
         * saw before it is in the same level-2 run. */
        if ((c == IBIDI_UNICODE_BC_ON || c == IBIDI_UNICODE_BC_WS) && !s->r2l[i - 1])
            return 0;
    }

    if (i == 0)
        return 1;
    /* Position i - 1 now has its right neighbour. */
    int j = i - 1;
    unsigned lj = s->lam[j], cj = s->cls[j];
    /* W1 at an odd level: the character before the NSM is on its right. */
    if (cj == IBIDI_UNICODE_BC_NSM && (lj & 1u) && l != lj)
        return 0;
    if (s->para == 0) {
        /* N1/N2: a neutral at level 0 between two characters at levels >= 1 (the runs on
         * either side of a level-0 character are logically next to it). Those are R-typed
         * (R, AL, a bracket N0 made R, an NSM after one, EN or AN at level 2) or neutrals
         * of its own sequence, which N1 resolves R with them; an ES, ET or CS made a number
         * (W4, W5) shares the W7 fate of the EN next to it, at level 0. */
        if (lj == 0 && nb_neutral(s, j) && j > 0 && s->lam[j - 1] >= 1 && l >= 1)
            return 0;
        /* W4 (see above): the character after an ES or CS at level 2 is a number of its
         * type (not an NSM: that would take the separator's type). */
        if (lj == 2 && (cj == IBIDI_UNICODE_BC_ES || cj == IBIDI_UNICODE_BC_CS) &&
            !(l == 2 && (c == IBIDI_UNICODE_BC_EN ||
                         (cj == IBIDI_UNICODE_BC_CS && c == IBIDI_UNICODE_BC_AN))))
            return 0;
    } else if (lj == 2) {
        /* RTL: N1 (L on both sides) and W4 (numbers on both sides) for a neutral or a
         * separator at level 2 ... */
        if ((cj == IBIDI_UNICODE_BC_ES || cj == IBIDI_UNICODE_BC_CS ||
             (nb_neutral(s, j) && cj != IBIDI_UNICODE_BC_ET)) &&
            l != 2)
            return 0;
        /* ... and an ET at level 2 joined an EN next to it (W5) or is a neutral between Ls
         * (N1): its level-2 run has another character. */
        if (cj == IBIDI_UNICODE_BC_ET && (j == 0 || s->lam[j - 1] != 2) && l != 2)
            return 0;
    }
    if (l != 2) {
        /* A level-1 character on the left has its predecessor: i (level 1) or none. */
        if (lj == 1 && !l1_ok(s, j, l == 1 ? i : NONE))
            return 0;
        if (lj == 2 && !run2_ok(s, s->r2start[j], j, s->para == 0 && l == 0))
            return 0;
    }
    return 1;
}

/* The constraints that wait for the end of the text. */
static int check_end(const search *s)
{
    int j = (int)s->n - 1;
    unsigned lj = s->lam[j], cj = s->cls[j];
    if (!s->prune)
        return 1;
    /* W1: an NSM with nothing on its right at an odd level is the first character of its
     * run, so it took sos (level p) or a type of a lower level. */
    if (cj == IBIDI_UNICODE_BC_NSM && (lj & 1u) && lj != s->para)
        return 0;
    if (s->para == 0) {
        if (lj == 2 && (cj == IBIDI_UNICODE_BC_ES || cj == IBIDI_UNICODE_BC_CS)) /* W4 */
            return 0;
    } else if (lj == 2) {
        if (cj == IBIDI_UNICODE_BC_ES || cj == IBIDI_UNICODE_BC_CS ||
            (nb_neutral(s, j) && cj != IBIDI_UNICODE_BC_ET))
            return 0; /* N1, W4 */
        if (cj == IBIDI_UNICODE_BC_ET && (j == 0 || s->lam[j - 1] != 2))
            return 0; /* W5, N1 */
    }
    if (lj == 1 && !l1_ok(s, j, NONE))
        return 0;
    if (lj == 2 && !run2_ok(s, s->r2start[j], j, s->para == 0))
        return 0;
    return 1;
}

/* The attachments of a text's characters (Badami, "Weak type NSM": a mark applies to the
 * closest preceding character, in logical order, that is not a mark), by visual position:
 * mark[j] says whether logical character j is a mark, l2v[j] is its visual position. */
static void attachments(size_t n, const uint8_t *mark, const int16_t *l2v, int16_t *att)
{
    int base = NONE;
    for (size_t j = 0; j < n; j++) {
        if (mark[j]) {
            att[l2v[j]] = (int16_t)(base == NONE ? ATT_NO_BASE : l2v[base]);
        } else {
            att[l2v[j]] = ATT_NOT_MARK;
            base = (int)j;
        }
    }
}

/* The candidate in s->lc (logical order, visual positions in s->l2v) draws every mark on
 * the same glyph as T: the same attachments at every visual position. */
static int marks_match(search *s)
{
    uint8_t mark[MAXN];
    for (size_t j = 0; j < s->n; j++)
        mark[j] = s->cls[s->l2v[j]] == IBIDI_UNICODE_BC_NSM;
    attachments(s->n, mark, s->l2v, s->att);
    return memcmp(s->att, s->att0, s->n * sizeof s->att[0]) == 0;
}

/* Where the twin in s->lc carries the input's character set aside that sat in the input
 * at logical gap g (before the code point kept of index g; 0..n), as a gap of the twin:
 * between the two code points now shown where its neighbours were shown, when they are
 * still logically adjacent (a joiner then sits between the same two glyphs, and joins or
 * separates them as in the input); else right after the one shown where its predecessor
 * was (before the one shown where its successor was, at the start). v2l is the twin's
 * visual-to-logical map. */
static size_t aside_gap(const search *s, const int16_t *v2l, size_t g)
{
    const int a = g > 0 ? v2l[s->l2v0[g - 1]] : NONE;
    const int b = g < s->n ? v2l[s->l2v0[g]] : NONE;
    if (a != NONE && b != NONE && (b == a + 1 || a == b + 1))
        return (size_t)(a > b ? a : b);
    if (a != NONE)
        return (size_t)a + 1u;
    return b == NONE ? 0u : (size_t)b;
}

/* Reports the twin in s->lc with the input's characters set aside put back (aside_gap),
 * to fn8 in UTF-8 or to fn: the twin of the input is the twin of the text without them
 * (X9 removes them before any rule that decides a level, and they take no glyph
 * position). Scratch, all free once the leaf has compared: att (the twin's visual-to-
 * logical map), ll and fl (each set-aside character's index in full and gap in the twin:
 * with one set aside, n < MAXN, so both fit a byte). Returns the callback's answer. */
#if defined(__GNUC__)
__attribute__((noinline)) /* off the path of the forward run's stack */
#endif
static int report_with_aside(search *s)
{
    const size_t n = s->n;
    int16_t *v2l = s->att;
    uint8_t *at = s->ll, *gap = s->fl;
    uint32_t *cps = s->g.glyph; /* for fn: the UTF-8 buffer is not used then */
    size_t len = 0, m = 0, k = 0, kept = 0;
    for (size_t j = 0; j < n; j++)
        v2l[s->l2v[j]] = (int16_t)j;
    for (size_t i = 0; i < s->nfull; i++) {
        if (!ibidi__ambig_set_aside(ibidi_unicode_bidi_class(s->full[i]))) {
            kept++;
            continue;
        }
        at[k] = (uint8_t)i;
        gap[k++] = (uint8_t)aside_gap(s, v2l, kept);
    }
    for (size_t x = 0; x <= n; x++) {
        for (size_t j = 0; j < k; j++) {
            if (gap[j] != x)
                continue;
            if (s->fn8)
                len += ibidi__utf8_put(s->g.utf8 + len, s->full[at[j]]);
            else
                cps[m++] = s->full[at[j]];
        }
        if (x == n)
            break;
        if (s->fn8)
            len += ibidi__utf8_put(s->g.utf8 + len, s->lc[x]);
        else
            cps[m++] = s->lc[x];
    }
    if (s->fn8)
        return s->fn8(s->g.utf8, len, s->ctx);
    return s->fn ? s->fn(cps, m, s->ctx) : 0;
}

/* A leaf: undo L2 and L4, run the UBA forward, compare the marks, report a twin. Returns 1
 * to stop. */
static int leaf(search *s)
{
    size_t n = s->n;
    uint8_t maxl = 0;
    for (size_t i = 0; i < n; i++) {
        s->lc[i] = s->cpv[i];
        s->ll[i] = s->lam[i];
        s->l2v[i] = (int16_t)i;
        if (s->lam[i] > maxl)
            maxl = s->lam[i];
    }
    /* L2 undone: reverse the runs of levels >= k for k = 1 .. highest level. */
    for (unsigned k = 1; k <= maxl; k++) {
        size_t i = 0;
        while (i < n) {
            if (s->ll[i] < k) {
                i++;
                continue;
            }
            size_t b = i;
            while (i < n && s->ll[i] >= k)
                i++;
            for (size_t x = b, y = i - 1; x < y; x++, y--) {
                uint32_t tc = s->lc[x];
                uint8_t tl = s->ll[x];
                int16_t tv = s->l2v[x];
                s->lc[x] = s->lc[y];
                s->ll[x] = s->ll[y];
                s->l2v[x] = s->l2v[y];
                s->lc[y] = tc;
                s->ll[y] = tl;
                s->l2v[y] = tv;
            }
        }
    }
    if (s->text ? memcmp(s->lc, s->text, n * sizeof s->lc[0]) == 0
                : memcmp(s->choice, s->choice0, n) == 0)
        return 0; /* the input itself */
    if (s->max_cand && s->st.candidates >= s->max_cand) {
        s->st.truncated = 1;
        return 1;
    }
    s->st.candidates++;
    ibidi_error e;
    if (ibidi_bidi_resolve_cp(s->lc, n, &(ibidi_bidi_options){.dir = s->dir},
                              &(ibidi_bidi_result){.levels = s->fl, .cap = n}, &e) != IBIDI_OK)
        return 0;
    if (memcmp(s->fl, s->ll, n) != 0)
        return 0;
    /* Same glyphs; a twin only if its marks are drawn on the same glyphs too. Without marks
     * in T, the pruned search has put none anywhere (check_at), so they match. */
    if ((s->has_marks || !s->prune) && !marks_match(s))
        return 0;
    s->st.twins++;
    int stop = 0;
    if (s->naside) {
        stop = report_with_aside(s);
    } else if (s->fn8) {
        size_t len = 0; /* scalar values: the checked text's, or their mirroring glyphs */
        for (size_t i = 0; i < n; i++)
            len += ibidi__utf8_put(s->g.utf8 + len, s->lc[i]);
        stop = s->fn8(s->g.utf8, len, s->ctx);
    } else if (s->fn) {
        stop = s->fn(s->lc, n, s->ctx);
    }
    if (stop) {
        s->st.stopped = 1;
        return 1;
    }
    return 0;
}

static void run_search(search *s)
{
    /* the node count and its budget in locals: the stores into the byte arrays of s below
     * may alias any field, which would reload them at every node */
    const size_t budget = s->node_budget;
    const ibidi_ambiguity_stop_fn stop = s->stop;
    size_t nodes = s->nodes;
    int n = (int)s->n, i = 0;
    s->choice[0] = -1;
    while (i >= 0) {
        const int c = ++s->choice[i];
        if (c >= s->nopt[i]) {
            i--;
            continue;
        }
        /* nodes counts with or without a budget: the stop callback's period is in nodes,
         * the one measure of work that grows in every branch, leaf or not */
        ++nodes;
        if (budget && nodes > budget) {
            s->st.truncated = 1;
            break;
        }
        if (stop && nodes % IBIDI_AMBIGUITY_STOP_EVERY == 0 && stop(s->ctx)) {
            s->interrupted = 1;
            break;
        }
        const uint32_t o = s->opts[i][c];
        s->lam[i] = OPT_LEVEL(o);
        s->cls[i] = OPT_BC(o);
        s->brk[i] = OPT_BRACKET(o);
        s->cpv[i] = OPT_CP(o);
        if (!check_at(s, i))
            continue;
        if (i == n - 1) {
            if (check_end(s) && leaf(s))
                break;
            continue;
        }
        s->choice[++i] = -1;
    }
    s->nodes = nodes;
}

/* L2 on the levels of n code points: v2l[v] gets the logical index shown at visual
 * position v (as ibidi_bidi_reorder gives it). Reversing the runs of levels >= k for each
 * k from the highest level down to 1 is L2: below the lowest odd level of the line it
 * reverses the whole line an even number of times. tl is scratch. */
static void visual_order(const uint8_t *lev, size_t n, int16_t *v2l, uint8_t *tl)
{
    uint8_t maxl = 0;
    for (size_t i = 0; i < n; i++) {
        v2l[i] = (int16_t)i;
        tl[i] = lev[i];
        if (lev[i] > maxl)
            maxl = lev[i];
    }
    for (unsigned k = maxl; k >= 1; k--) {
        size_t i = 0;
        while (i < n) {
            if (tl[i] < k) {
                i++;
                continue;
            }
            size_t b = i;
            while (i < n && tl[i] >= k)
                i++;
            for (size_t x = b, y = i - 1; x < y; x++, y--) {
                uint8_t t = tl[x];
                int16_t v = v2l[x];
                tl[x] = tl[y];
                v2l[x] = v2l[y];
                tl[y] = t;
                v2l[y] = v;
            }
        }
    }
}

/* The search in the state s (the caller's memory). */
static ibidi_status search_in(search *s, const uint32_t *text, size_t n, ibidi_dir context,
                              size_t max_candidates, unsigned flags, ibidi_ambiguity_twin_fn fn,
                              ibidi_ambiguity_twin_utf8_fn fn8, ibidi_ambiguity_stop_fn stop,
                              void *ctx, ibidi_ambiguity_twin_stats *stats, ibidi_error *err,
                              const ibidi__twins_change *change)
{
    ibidi_error e;
    /* X9: the characters set aside take no part in the search (see report_with_aside);
     * the text without them goes to lc, free until the search starts */
    s->naside = 0;
    s->nfull = n;
    s->full = text;
    for (size_t i = 0; i < n; i++)
        if (ibidi__ambig_set_aside(ibidi__bc(text[i])))
            s->naside++;
    if (s->naside) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
            if (!ibidi__ambig_set_aside(ibidi__bc(text[i])))
                s->lc[m++] = text[i];
        text = s->lc;
        n = m;
        if (n == 0) { /* nothing shows: nothing to search */
            if (stats)
                memset(stats, 0, sizeof *stats);
            return ibidi__ok(err);
        }
    }
    s->n = n;
    s->dir = context;
    s->para = context == IBIDI_DIR_RTL ? 1u : 0u;
    s->prune = !(flags & IBIDI__TWINS_NO_PRUNE);
    s->text = text;
    s->fn = fn;
    s->fn8 = fn8;
    s->stop = stop;
    s->interrupted = 0;
    s->ctx = ctx;
    s->max_cand = max_candidates;
    s->nodes = 0;
    s->node_budget = 0;
    if (max_candidates) {
        s->node_budget = max_candidates <= ((size_t)-1 - MAXN) / NODES_PER_CANDIDATE
                             ? max_candidates * NODES_PER_CANDIDATE + MAXN
                             : (size_t)-1;
    }
    memset(&s->st, 0, sizeof s->st);

    /* V: T resolved (paragraph level forced, HL1), reordered (L2), mirrored (L4); the
     * candidate's arrays serve as scratch until the search starts */
    int16_t *v2l = s->att;
    ibidi_status st = ibidi_bidi_resolve_cp(text, n, &(ibidi_bidi_options){.dir = context},
                                            &(ibidi_bidi_result){.levels = s->fl, .cap = n}, &e);
    if (st != IBIDI_OK)
        return ibidi__fail(err, st, e.offset, e.value);
    visual_order(s->fl, n, v2l, s->ll);
    for (size_t v = 0; v < n; v++) {
        const uint32_t cp = text[v2l[v]];
        if (ibidi__props_of(cp)->flags & IBIDI__PF_MIRRORED) {
            glyph_of(cp, s->fl[v2l[v]], &s->g.glyph[v], &s->gflag[v]);
        } else { /* L4 leaves it as it is at every level */
            s->g.glyph[v] = cp;
            s->gflag[v] = 0;
        }
        s->lev0[v] = s->fl[v2l[v]];
        s->l2v[v2l[v]] = (int16_t)v;
    }
    /* ibidi__twins_search_shown: other glyphs at some places (drawn as themselves at any
       level, the caller's choice), the texts that show them searched instead */
    for (size_t j = 0; change && j < change->n; j++)
        if (change->at[j] < n) {
            s->g.glyph[change->at[j]] = change->to[j];
            s->gflag[change->at[j]] = 0;
        }
    if (s->naside)
        memcpy(s->l2v0, s->l2v, n * sizeof s->l2v[0]);
    s->has_marks = 0;
    for (size_t j = 0; j < n; j++) {
        s->ll[j] = ibidi__bc(text[j]) == IBIDI_UNICODE_BC_NSM; /* the marks */
        s->has_marks |= s->ll[j];
    }
    attachments(n, s->ll, s->l2v, s->att0);

    build_options(s);
    if (s->naside) {
        /* the input's option at each visual position (its glyph's code point and level are
         * one of them), for the leaf to tell the input itself once lc is overwritten */
        for (size_t v = 0; v < n; v++) {
            const uint32_t cp = text[v2l[v]];
            s->choice0[v] = -1;
            for (unsigned k = 0; k < s->nopt[v]; k++)
                if (OPT_CP(s->opts[v][k]) == cp && OPT_LEVEL(s->opts[v][k]) == s->lev0[v])
                    s->choice0[v] = (int8_t)k;
        }
        s->text = NULL;
    }
    run_search(s);
    if (stats)
        *stats = s->st;
    if (s->interrupted)
        return ibidi__fail(err, IBIDI_E_INTERRUPTED, 0, 0);
    return ibidi__ok(err);
}

/* The state on the stack, in a frame of its own. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static ibidi_status search_on_stack(const uint32_t *text, size_t n, ibidi_dir context,
                                    size_t max_candidates, unsigned flags,
                                    ibidi_ambiguity_twin_fn fn, ibidi_ambiguity_twin_utf8_fn fn8,
                                    ibidi_ambiguity_stop_fn stop, void *ctx,
                                    ibidi_ambiguity_twin_stats *stats, ibidi_error *err)
{
    search s;
    return search_in(&s, text, n, context, max_candidates, flags, fn, fn8, stop, ctx, stats,
                     err, NULL);
}

/* The checks of the text before a search: IBIDI_OK when it may run (n > 0), else the
 * status to return (the empty text passes: nothing to search). */
static ibidi_status check_text(const uint32_t *text, size_t n, ibidi_dir context,
                               ibidi_ambiguity_twin_stats *stats, ibidi_error *err)
{
    if (stats)
        memset(stats, 0, sizeof *stats);
    if ((!text && n) || (context != IBIDI_DIR_LTR && context != IBIDI_DIR_RTL))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    /* code point values first, as the UBA would report them, then the length */
    for (size_t i = 0; i < n; i++) {
        if (text[i] >= 0xD800 && text[i] <= 0xDFFF)
            return ibidi__fail(err, IBIDI_E_CP_SURROGATE, i, text[i]);
        if (text[i] > 0x10FFFF)
            return ibidi__fail(err, IBIDI_E_CP_TOO_LARGE, i, text[i]);
    }
    if (n > MAXN)
        return ibidi__fail(err, IBIDI_E_TWINS_TOO_LONG, MAXN, 0);
    for (size_t i = 0; i < n; i++)
        if (ibidi__ambig_is_control(text[i]))
            return ibidi__fail(err, IBIDI_E_AMBIG_CONTROL, i, text[i]);
    return ibidi__ok(err);
}

ibidi_status ibidi__twins_search(const uint32_t *text, size_t n, ibidi_dir context,
                                 size_t max_candidates, unsigned flags, ibidi_ambiguity_twin_fn fn,
                                 ibidi_ambiguity_twin_utf8_fn fn8, ibidi_ambiguity_stop_fn stop,
                                 void *ctx, ibidi_ambiguity_twin_stats *stats, ibidi_error *err)
{
    ibidi_status st = check_text(text, n, context, stats, err);
    if (st != IBIDI_OK || n == 0)
        return st;
    return search_on_stack(text, n, context, max_candidates, flags, fn, fn8, stop, ctx, stats,
                           err);
}

ibidi_status ibidi__twins_search_in(void *state, const uint32_t *text, size_t n,
                                    ibidi_dir context, size_t max_candidates,
                                    ibidi_ambiguity_twin_utf8_fn fn8, void *ctx,
                                    ibidi_ambiguity_twin_stats *stats, ibidi_error *err)
{
    /* the text is the caller's, checked (check_text would pass it): the arguments only */
    if (stats)
        memset(stats, 0, sizeof *stats);
    if ((!text && n) || (context != IBIDI_DIR_LTR && context != IBIDI_DIR_RTL))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (n == 0)
        return ibidi__ok(err);
    return search_in(state, text, n, context, max_candidates, 0, NULL, fn8, NULL, ctx, stats,
                     err, NULL);
}

/* The state on the stack for a search of what another glyph sequence shows. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static ibidi_status shown_on_stack(const uint32_t *text, size_t n,
                                   const ibidi__twins_change *change, ibidi_dir context,
                                   size_t max_candidates, ibidi_ambiguity_twin_utf8_fn fn8,
                                   void *ctx, ibidi_ambiguity_twin_stats *stats)
{
    search s;
    return search_in(&s, text, n, context, max_candidates, 0, NULL, fn8, NULL, ctx, stats, NULL,
                     change);
}

ibidi_status ibidi__twins_search_shown(const uint32_t *text, size_t n,
                                       const ibidi__twins_change *change, ibidi_dir context,
                                       size_t max_candidates, ibidi_ambiguity_twin_utf8_fn fn8,
                                       void *ctx, ibidi_ambiguity_twin_stats *stats)
{
    ibidi_status st = check_text(text, n, context, stats, NULL);
    if (st != IBIDI_OK || n == 0)
        return st;
    return shown_on_stack(text, n, change, context, max_candidates, fn8, ctx, stats);
}

size_t ibidi__twins_shown(const uint32_t *text, size_t n, ibidi_dir context, uint32_t *glyph,
                          uint8_t *level)
{
    uint32_t kept[MAXN];
    uint8_t lev[MAXN], tl[MAXN];
    int16_t v2l[MAXN];
    size_t m = 0;
    if (check_text(text, n, context, NULL, NULL) != IBIDI_OK)
        return 0;
    for (size_t i = 0; i < n; i++) /* X9, as the search sets them aside */
        if (!ibidi__ambig_set_aside(ibidi_unicode_bidi_class(text[i])))
            kept[m++] = text[i];
    if (m == 0)
        return 0;
    ibidi_error e;
    if (ibidi_bidi_resolve_cp(kept, m, &(ibidi_bidi_options){.dir = context},
                              &(ibidi_bidi_result){.levels = lev, .cap = m}, &e) != IBIDI_OK)
        return 0;
    visual_order(lev, m, v2l, tl);
    for (size_t v = 0; v < m; v++) {
        uint8_t flag;
        glyph_of(kept[v2l[v]], lev[v2l[v]], &glyph[v], &flag);
        level[v] = flag ? 0xFF : lev[v2l[v]]; /* 0xFF: drawn mirrored, no glyph of its own */
    }
    return m;
}

/* The search's context and bound of the options (NULL: the defaults); 0 when they are
 * refused (IBIDI_E_INVALID_ARGUMENT). */
static int twins_opts(const ibidi_ambiguity_options *opts, ibidi_dir *context, size_t *bound)
{
    *context = opts ? opts->context : IBIDI_DIR_LTR;
    *bound = ibidi__twins_bound(opts ? opts->max_candidates : 0);
    return !(opts &&
             (opts->flags & ~(IBIDI_AMBIGUITY_RTL | IBIDI_AMBIGUITY_EXACT | IBIDI_AMBIGUITY_TEXT)));
}

/* The callback and its context travel in the options (at most six parameters a call); no
 * options: no callback, the twins are only counted. */
ibidi_status ibidi_ambiguity_twins_cp(const uint32_t *text, size_t n,
                                      const ibidi_ambiguity_options *opts,
                                      ibidi_ambiguity_twin_stats *stats, ibidi_error *err)
{
    ibidi_dir context;
    size_t bound;
    if (!twins_opts(opts, &context, &bound)) {
        if (stats)
            memset(stats, 0, sizeof *stats);
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    }
    return ibidi__twins_search(text, n, context, bound, 0, opts ? opts->twin_fn : NULL, NULL,
                               opts ? opts->stop_fn : NULL, opts ? opts->twin_ctx : NULL, stats,
                               err);
}

/* The UTF-8 call: the search encodes each twin for the callback. */
ibidi_status ibidi_ambiguity_twins_utf8(const char *s, size_t len,
                                        const ibidi_ambiguity_options *opts,
                                        ibidi_ambiguity_twin_stats *stats, ibidi_error *err)
{
    uint32_t cps[MAXN];
    size_t n = 0, pos = 0, bound;
    ibidi_dir context;
    ibidi_error e;
    if (stats)
        memset(stats, 0, sizeof *stats);
    if ((!s && len) || !twins_opts(opts, &context, &bound))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (context != IBIDI_DIR_LTR && context != IBIDI_DIR_RTL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    /* the decoder's errors anywhere first, then the length */
    ibidi_status st = ibidi_utf8_validate(s, len, NULL, &e);
    if (st != IBIDI_OK)
        return ibidi__fail(err, st, e.offset, e.value);
    while (pos < len) {
        if (n == MAXN) /* the byte offset of the first code point past the limit */
            return ibidi__fail(err, IBIDI_E_TWINS_TOO_LONG, pos, 0);
        cps[n++] = ibidi__utf8_decode_valid((const unsigned char *)s, &pos);
    }
    /* no callback: the twins are counted, not encoded */
    st = ibidi__twins_search(cps, n, context, bound, 0, NULL, opts ? opts->twin_utf8_fn : NULL,
                             opts ? opts->stop_fn : NULL, opts ? opts->twin_ctx : NULL, stats,
                             &e);
    if (st != IBIDI_OK) {
        /* the error's index as a byte offset: the offsets are found again rather than kept
         * (one error a call, against a store for every code point on the stack) */
        size_t at = len;
        if (e.offset < n) {
            at = 0;
            for (size_t i = 0; i < e.offset; i++)
                (void)ibidi__utf8_decode_valid((const unsigned char *)s, &at);
        }
        return ibidi__fail(err, st, at, e.value);
    }
    return ibidi__ok(err);
}
