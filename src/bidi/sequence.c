/*
 * The reference engine of UAX #9 on one isolating run sequence: W1-W7, N0 with the
 * bracket pairs of BD16, N1-N2; and I1-I2 over a paragraph. The rules are written as the
 * standard states them, one pass each, so that they serve as the oracle that the tests
 * compare the bit-plane engine (planes.c) with; paragraph.c sends here the sequences that
 * are not ranges of the text, and those too long for the planes.
 *
 * Isolating run sequences (BD13) are never copied out: a sequence is walked in place by
 * next_in(), which skips characters removed by X9 and jumps from an isolate initiator that
 * ends a level run to its matching PDI; a sequence that is one level run is walked with
 * i + 1. Bracket pairs (BD16) are found with the 63-entry stack of the rule, searched
 * through chains per closing bracket so that a closing bracket costs O(1); the strong types
 * inside each pair (N0 b, c) are gathered in the same pass by flagging the innermost open
 * bracket and passing the flags outwards when it leaves the stack. Every pass is linear.
 * Calls no other file of src/bidi.
 */
#include <string.h>

#include "bidi/bidi_internal.h"

#define NONE IBIDI__BIDI_NONE
#define O_CLASS IBIDI__O_CLASS
#define O_OPEN IBIDI__O_OPEN
#define O_CLOSE IBIDI__O_CLOSE
#define O_MATCHED IBIDI__O_MATCHED

enum {
    L = IBIDI_UNICODE_BC_L,
    R = IBIDI_UNICODE_BC_R,
    AL = IBIDI_UNICODE_BC_AL,
    EN = IBIDI_UNICODE_BC_EN,
    ES = IBIDI_UNICODE_BC_ES,
    ET = IBIDI_UNICODE_BC_ET,
    AN = IBIDI_UNICODE_BC_AN,
    CS = IBIDI_UNICODE_BC_CS,
    NSM = IBIDI_UNICODE_BC_NSM,
    BN = IBIDI_UNICODE_BC_BN,
    B = IBIDI_UNICODE_BC_B,
    S = IBIDI_UNICODE_BC_S,
    WS = IBIDI_UNICODE_BC_WS,
    ON = IBIDI_UNICODE_BC_ON,
    PDI = IBIDI_UNICODE_BC_PDI
};

#define BIT IBIDI__BC_BIT
/* Neutral and isolate formatting types (NI) of N1-N2. */
#define NI_TYPES (BIT(B) | BIT(S) | BIT(WS) | BIT(ON) | IBIDI__ISOLATE_INITIATORS | BIT(PDI))
/* Marks br[] of a character that was NSM before W1 (for the last paragraph of N0). */
#define NSM_MARK 0xFFFFu
/* br[] of an opening bracket in a pair, after BD16: the strong types inside (N0 b, c). */
#define IN_L 1u
#define IN_R 2u

static inline int is_initiator(uint8_t o)
{
    return (IBIDI__ISOLATE_INITIATORS & BIT(o & O_CLASS)) != 0;
}

/* A type as seen by the rules that treat EN and AN as R (N0, N1). */
static inline uint8_t strong_dir(uint8_t t)
{
    return t == L ? L : (t == R || t == EN || t == AN) ? R : ON;
}

/* Each pass is instantiated twice from one source: for a sequence that is a range of the
 * text (walked with i + 1) and for the general case (walked with next_in). The arrays and
 * bounds are copied into a struct passed by value, so the compiler keeps them in registers
 * even though the passes store bytes (which may alias anything reached through a
 * pointer). */
typedef struct seq {
    uint8_t *cls;
    uint8_t *orig;
    const uint8_t *lev;
    uint32_t *aux;
    uint16_t *br;
    size_t pe;
} seq;

#define SEQ_INLINE IBIDI__ALWAYS_INLINE

static inline seq seq_of(const ibidi__bidi_seq *q)
{
    const seq s = {q->b->cls, q->b->orig, q->b->lev, q->b->aux, q->b->br, q->pe};
    return s;
}

/* BD13 inside a pass: the character after i in its isolating run sequence, or pe. When
 * the level run of i ends at an isolate initiator with a matching PDI, the sequence goes
 * on at that PDI (whose level is the initiator's). Removed characters skipped count as
 * steps. */
SEQ_INLINE size_t next_in(const seq q, int simple, size_t i, uint64_t *steps)
{
    if (simple)
        return i + 1;
    size_t j = i + 1;
    while (j < q.pe && q.cls[j] == BN) {
        j++;
        (*steps)++;
    }
    if (j < q.pe && q.lev[j] == q.lev[i])
        return j;
    if ((q.orig[i] & O_MATCHED) && is_initiator(q.orig[i]))
        return q.aux[i];
    return q.pe;
}

/* W1-W3. Returns the set of types left (with IBIDI__HAS_BRACKET) and sets *last to the
 * last character of the sequence. Written with conditional moves rather than branches: the
 * classes of mixed text follow no pattern a branch predictor could learn. */
SEQ_INLINE uint32_t weak_w1_w3(const seq q, int simple, size_t start, uint8_t sos, size_t *last,
                               uint64_t *steps)
{
    uint8_t strong2 = sos; /* last strong type for W2 */
    uint8_t nsm_as = sos;  /* what an NSM here becomes under W1 */
    uint32_t types = 0, flags = 0;
    size_t i = start, prev = start;
    while (i < q.pe) {
        uint8_t o = q.orig[i];
        uint8_t t = q.cls[i];
        (*steps)++;
        if ((o & O_CLASS) == NSM)
            q.br[i] = t == NSM ? NSM_MARK : 0; /* remembered for N0 */
        t = t == NSM ? nsm_as : t; /* W1 */
        nsm_as = (BIT(t) & (IBIDI__ISOLATE_INITIATORS | BIT(PDI))) ? ON : t;
        t = (t == EN && strong2 == AL) ? AN : t; /* W2 */
        strong2 = (BIT(t) & (BIT(L) | BIT(R) | BIT(AL))) ? t : strong2;
        t = t == AL ? R : t; /* W3 */
        q.cls[i] = t;
        types |= BIT(t);
        flags |= o;
        prev = i;
        i = next_in(q, simple, i, steps);
    }
    *last = prev;
    /* N0 needs a pair, so a closing bracket (O_CLOSE, a bit no other flag shares) */
    return types | ((flags & O_CLOSE) ? IBIDI__HAS_BRACKET : 0u);
}

uint32_t ibidi__bidi_seq_w1_w3(const ibidi__bidi_seq *q, size_t *last, uint64_t *steps)
{
    if (q->range)
        return weak_w1_w3(seq_of(q), 1, q->start, q->sos, last, steps);
    return weak_w1_w3(seq_of(q), 0, q->start, q->sos, last, steps);
}

/* W4-W7. */
SEQ_INLINE void weak_w4_w7(const seq q, int simple, size_t start, uint8_t sos, uint64_t *steps)
{
    uint8_t *cls = q.cls;
    uint8_t prev4 = sos;    /* previous type after W4 */
    uint8_t prev5 = sos;    /* previous type after W5-W6 (before W7) */
    uint8_t strong7 = sos;  /* last strong type for W7 */
    size_t et_start = NONE; /* a run of ET not yet known to touch an EN */
    size_t i = start;
    while (i < q.pe) {
        size_t nx = next_in(q, simple, i, steps);
        uint8_t t = cls[i];
        (*steps)++;
        if (t == ES || t == CS) { /* W4: a single separator between two numbers */
            uint8_t tn = nx < q.pe ? cls[nx] : ON;
            t = (prev4 == EN && tn == EN) ? EN : (t == CS && prev4 == AN && tn == AN) ? AN : t;
        }
        prev4 = t;
        if (t == ET) { /* W5: ETs after an EN become EN; others wait for what follows */
            if (et_start == NONE && prev5 == EN) {
                t = EN;
            } else {
                if (et_start == NONE)
                    et_start = i;
                prev5 = ET;
                i = nx;
                continue;
            }
        }
        if (et_start != NONE) { /* W5 when an EN follows the ETs, else W6 */
            uint8_t to = t == EN ? (strong7 == L ? L : EN) : ON; /* with W7 */
            for (size_t j = et_start; j != i; j = next_in(q, simple, j, steps)) {
                cls[j] = to;
                (*steps)++;
            }
            et_start = NONE;
        }
        t = (t == ES || t == CS) ? ON : t; /* W6 */
        prev5 = t;
        t = (t == EN && strong7 == L) ? L : t; /* W7 */
        strong7 = (t == L || t == R) ? t : strong7;
        cls[i] = t;
        i = nx;
    }
    if (et_start != NONE) /* W6 */
        for (size_t j = et_start; j < q.pe; j = next_in(q, simple, j, steps)) {
            cls[j] = ON;
            (*steps)++;
        }
}

typedef struct bracket_entry {
    uint32_t pos;
    uint16_t close; /* canonical closing bracket */
    uint8_t chain;  /* the entry below with the same hash, or 0xFF */
    uint8_t inside; /* IN_L | IN_R: strong types seen after it (N0 b, c) */
} bracket_entry;

/* BD16: finds the bracket pairs of the sequence; aux[open] gets the closing position and
 * br[open] the strong types inside the pair (EN and AN counting as R), gathered on the
 * way: a strong type marks the innermost open bracket, and what an entry saw passes to
 * the entry below when it leaves the stack. Nested pairs are resolved after the pair
 * around them, so their brackets count as neutral here, as N0 wants. Returns the number
 * of pairs. */
SEQ_INLINE size_t bracket_pairs(const seq q, int simple, size_t start, size_t *last_close,
                                uint64_t *steps)
{
    bracket_entry st[IBIDI__BRACKET_STACK];
    uint8_t head[IBIDI__BRACKET_HASH_SIZE];
    int sp = 0;
    size_t pairs = 0;
    memset(head, 0xFF, sizeof head);
    for (size_t i = start; i < q.pe; i = next_in(q, simple, i, steps)) {
        uint8_t o = q.orig[i];
        (*steps)++;
        if (!(o & (O_OPEN | O_CLOSE)) || q.cls[i] != ON) { /* not BD14, BD15 */
            uint8_t d = strong_dir(q.cls[i]);
            if (sp > 0 && d != ON)
                st[sp - 1].inside |= d == L ? IN_L : IN_R;
            continue;
        }
        uint16_t cb = q.br[i];
        uint32_t h = IBIDI__BRACKET_HASH(cb);
        if (o & O_OPEN) {
            /* No room: stop processing BD16 for this sequence. Every pair found closes
             * before this point, and N0 reads no further than the last of them. */
            if (sp == IBIDI__BRACKET_STACK)
                break;
            st[sp].pos = (uint32_t)i;
            st[sp].close = cb;
            st[sp].inside = 0;
            st[sp].chain = head[h];
            head[h] = (uint8_t)sp;
            sp++;
            q.aux[i] = NONE;
        } else {
            unsigned k = head[h];
            while (k != 0xFF && st[k].close != cb) {
                k = st[k].chain;
                (*steps)++;
            }
            if (k == 0xFF) /* no opening bracket of this kind: not paired */
                continue;
            q.aux[st[k].pos] = (uint32_t)i;
            *last_close = i; /* sequences only go forward in the text */
            pairs++;
            uint8_t inside = 0;
            while (sp > (int)k) { /* pop through the matched entry */
                sp--;
                head[IBIDI__BRACKET_HASH(st[sp].close)] = st[sp].chain;
                inside |= st[sp].inside;
                (*steps)++;
            }
            q.br[st[k].pos] = inside;
            if (sp > 0)
                st[sp - 1].inside |= inside;
        }
    }
    while (sp > 0) /* opening brackets left on the stack have no pair */
        q.aux[st[--sp].pos] = NONE;
    return pairs;
}

SEQ_INLINE int is_paired_open(const seq q, size_t i)
{
    return (q.orig[i] & O_OPEN) && q.cls[i] == ON && q.aux[i] != NONE;
}

/* N0: bracket pairs take one direction. */
SEQ_INLINE void brackets_n0(const seq q, int simple, size_t start, uint8_t sos, uint8_t e,
                            uint64_t *steps)
{
    uint8_t *cls = q.cls;
    size_t last_close = start;
    if (bracket_pairs(q, simple, start, &last_close, steps) == 0)
        return;

    /* Each pair in the order of its opening bracket. */
    uint8_t o = e == L ? R : L;
    uint16_t in_e = e == L ? IN_L : IN_R, in_o = e == L ? IN_R : IN_L;
    uint8_t before = sos; /* the last strong type before i, EN and AN counting as R */
    uint8_t follow = ON;  /* type for NSMs after a bracket that N0 changed */
    /* Nothing changes after the last pair and the marks that follow it. */
    for (size_t i = start; i < q.pe && (i <= last_close || follow != ON);
         i = next_in(q, simple, i, steps)) {
        uint8_t orig = q.orig[i];
        (*steps)++;
        if (follow != ON) {
            if ((orig & O_CLASS) == NSM && q.br[i] == NSM_MARK)
                cls[i] = follow;
            else
                follow = ON;
        }
        if (is_paired_open(q, i)) {
            uint16_t f = q.br[i];
            uint8_t t = ON;
            if (f & in_e) /* N0 b */
                t = e;
            else if (f & in_o) /* N0 c: c1 with context, else c2 */
                t = before == o ? o : e;
            if (t != ON) { /* N0 d: else leave the pair to N1-N2 */
                cls[i] = t;
                cls[q.aux[i]] = t;
            }
        }
        uint8_t t = cls[i];
        uint8_t d = strong_dir(t);
        if (d != ON)
            before = d;
        if ((orig & (O_OPEN | O_CLOSE)) && (t == L || t == R))
            follow = t;
    }
}

/* N1-N2: neutrals between two strong types of one direction take it; others take the
 * embedding direction e. */
SEQ_INLINE void neutrals_n1_n2(const seq q, int simple, size_t start, uint8_t sos, uint8_t eos,
                               uint8_t e, uint64_t *steps)
{
    uint8_t *cls = q.cls;
    uint8_t prev = sos;
    size_t ni_start = NONE;
    for (size_t i = start; i < q.pe; i = next_in(q, simple, i, steps)) {
        uint8_t t = cls[i];
        (*steps)++;
        if (BIT(t) & NI_TYPES) {
            ni_start = ni_start == NONE ? i : ni_start;
            continue;
        }
        uint8_t d = t == L ? L : R; /* N1: EN and AN count as R */
        if (ni_start != NONE) {
            uint8_t to = prev == d ? d : e;
            for (size_t j = ni_start; j != i; j = next_in(q, simple, j, steps)) {
                cls[j] = to;
                (*steps)++;
            }
            ni_start = NONE;
        }
        prev = d;
    }
    if (ni_start != NONE) {
        uint8_t to = prev == eos ? eos : e;
        for (size_t j = ni_start; j < q.pe; j = next_in(q, simple, j, steps)) {
            cls[j] = to;
            (*steps)++;
        }
    }
}

/* The rules after W1-W3 on the sequence; types is the set W1-W3 left. */
SEQ_INLINE void rest_impl(const ibidi__bidi_seq *sq, int simple, uint32_t types, uint64_t *steps)
{
    const seq q = seq_of(sq);
    if (types & (BIT(EN) | BIT(ES) | BIT(ET) | BIT(CS))) {
        weak_w4_w7(q, simple, sq->start, sq->sos, steps);
        if (types & (BIT(ES) | BIT(ET) | BIT(CS))) /* W6 may have made neutrals */
            types |= BIT(ON);
    }
    uint8_t *weak = sq->b->weak;
    if (weak) /* the types after W7, for callers that ask */
        for (size_t i = sq->start; i < q.pe; i = next_in(q, simple, i, steps))
            weak[i] = q.cls[i];
    if ((types & (BIT(ON) | IBIDI__HAS_BRACKET)) == (BIT(ON) | IBIDI__HAS_BRACKET))
        brackets_n0(q, simple, sq->start, sq->sos, sq->e, steps);
    if (types & NI_TYPES)
        neutrals_n1_n2(q, simple, sq->start, sq->sos, sq->eos, sq->e, steps);
}

void ibidi__bidi_seq_rest(const ibidi__bidi_seq *q, uint32_t types, uint64_t *steps)
{
    if (q->range)
        rest_impl(q, 1, types, steps);
    else
        rest_impl(q, 0, types, steps);
}

void ibidi__bidi_implicit(ibidi__bidi *b, size_t ps, size_t pe, uint8_t para_level,
                          uint64_t *steps)
{
    const uint8_t *cls = b->cls;
    uint8_t *lev = b->lev;
    uint8_t prev = para_level;
    *steps += pe - ps;
    /* I1 (even levels) and I2 (odd levels) as additions looked up by parity and type, so
     * that mixed types cost no mispredicted branch */
    static const uint8_t add[2][IBIDI_UNICODE_BC_COUNT] = {{[R] = 1, [EN] = 2, [AN] = 2},
                                                           {[L] = 1, [EN] = 1, [AN] = 1}};
    for (size_t i = ps; i < pe; i++) {
        uint8_t t = cls[i], l = lev[i];
        l = (uint8_t)(l + add[l & 1u][t]);
        /* removed by X9: the level of the character before it */
        l = t == BN ? prev : l;
        lev[i] = l;
        prev = l;
    }
    if (b->types) /* the types I1-I2 read, for callers that ask (BN for removed ones) */
        memcpy(b->types + ps, cls + ps, pe - ps);
    if (b->weak) /* the removed characters belong to no sequence */
        for (size_t i = ps; i < pe; i++)
            if (cls[i] == BN)
                b->weak[i] = BN;
}
