/*
 * UAX #9 paragraphs: P1-P3, the matching of isolates (BD9), the explicit levels and
 * directions (X1-X8), X9 and the isolating run sequences (X10, BD13); each sequence then
 * goes to one of the two engines, chosen in one place (use_planes): the bit planes
 * (planes.c) for a sequence that is a range of the text, the reference passes
 * (sequence.c) for the others and when a test asks for them. L1 (line.c) ends each
 * paragraph, which is treated as one line.
 *
 * A paragraph without explicit controls and without characters for X9 to remove is one
 * isolating run sequence at the paragraph level (X1-X10 change nothing): it goes to the
 * planes at once, which write its levels (I1-I2) without the passes of X1-X10, and the
 * summary of its levels, which holds when L1 then changes none. Callers that want the
 * types (after W7, after N2) take the passes of X1-X10, whose sequences write them.
 * The matching PDI of each initiator (BD9), the direction of each FSI (X5c) and the
 * paragraph level (P2-P3) come from one forward pass with a stack of open isolates kept as
 * links in aux[].
 */
#include <string.h>

#include "bidi/bidi_internal.h"

#define NONE IBIDI__BIDI_NONE
#define O_CLASS IBIDI__O_CLASS
#define O_FSI_RTL IBIDI__O_FSI_RTL
#define O_MATCHED IBIDI__O_MATCHED

enum {
    L = IBIDI_UNICODE_BC_L,
    R = IBIDI_UNICODE_BC_R,
    AL = IBIDI_UNICODE_BC_AL,
    BN = IBIDI_UNICODE_BC_BN,
    B = IBIDI_UNICODE_BC_B,
    S = IBIDI_UNICODE_BC_S,
    ON = IBIDI_UNICODE_BC_ON,
    LRE = IBIDI_UNICODE_BC_LRE,
    LRO = IBIDI_UNICODE_BC_LRO,
    RLE = IBIDI_UNICODE_BC_RLE,
    RLO = IBIDI_UNICODE_BC_RLO,
    PDF = IBIDI_UNICODE_BC_PDF,
    LRI = IBIDI_UNICODE_BC_LRI,
    RLI = IBIDI_UNICODE_BC_RLI,
    FSI = IBIDI_UNICODE_BC_FSI,
    PDI = IBIDI_UNICODE_BC_PDI
};

#define BIT IBIDI__BC_BIT

/* One paragraph of a resolution. */
typedef struct para {
    ibidi__bidi *b;
    size_t ps, pe;      /* [ps, pe): the paragraph, its separator included */
    uint8_t level;      /* paragraph embedding level */
    int reference;      /* tests: every sequence through the reference engine */
    unsigned brackets;  /* IBIDI__PLANES_NO_BRACKETS when the text has no paired bracket */
    int whole;          /* paragraphs may go to the planes whole (see resolve_paragraph) */
    uint64_t *steps;    /* inner-loop steps (the tests' count, or a discarded one) */
    int summary;        /* out: 1 when max_level and has_rtl below are the paragraph's */
    uint8_t max_level, has_rtl;
} para;

static inline int is_initiator(uint8_t o) { return (IBIDI__ISOLATE_INITIATORS & BIT(o & O_CLASS)) != 0; }

/* The one choice of engine for an isolating run sequence of n code points that is a range
 * of the text: the planes take any length, on the stack up to IBIDI__BIDI_PLANES_MAX code
 * points and in the caller's work area above (there is one above IBIDI_BIDI_SMALL code
 * points), unless a test asks for the reference engine. */
static inline int use_planes(const para *p, size_t n)
{
    return !p->reference && (n <= IBIDI__BIDI_PLANES_MAX || p->b->planes != NULL);
}

/* P2-P3 for the paragraph, BD9 matching of isolates, and X5c for each FSI: one pass with
 * the open isolate initiators kept as a stack linked through aux[]. Returns the class of
 * the first strong character outside isolates (L or R), or ON when there is none. */
static uint8_t isolates_and_first_strong(para *p)
{
    ibidi__bidi *b = p->b;
    uint8_t *orig = b->orig;
    uint32_t *aux = b->aux;
    uint32_t top = NONE;
    uint8_t first = ON;
    *p->steps += p->pe - p->ps;
    for (size_t i = p->ps; i < p->pe; i++) {
        uint8_t c = orig[i] & O_CLASS;
        switch (c) {
        case L:
        case R:
        case AL:
            if (top == NONE) { /* P2: skip characters inside isolates */
                if (first == ON)
                    first = c == L ? L : R;
            }
            /* X5c: the first strong character of an FSI's content decides its direction.
             * cls[] of an open initiator records whether that happened. */
            if (top != NONE && (orig[top] & O_CLASS) == FSI && b->cls[top] == 0) {
                b->cls[top] = 1;
                if (c != L)
                    orig[top] |= O_FSI_RTL;
            }
            break;
        case LRI:
        case RLI:
        case FSI:
            aux[i] = top;
            b->cls[i] = 0; /* FSI direction not decided yet */
            top = (uint32_t)i;
            break;
        case PDI:
            if (top != NONE) { /* BD9: the PDI matches the innermost open initiator */
                uint32_t j = top;
                top = aux[j];
                aux[j] = (uint32_t)i;
                orig[j] |= O_MATCHED;
                orig[i] |= O_MATCHED;
            }
            break;
        default:
            break;
        }
    }
    while (top != NONE) { /* initiators without a matching PDI */
        uint32_t j = top;
        top = aux[j];
        aux[j] = NONE;
        (*p->steps)++;
    }
    return first;
}

typedef struct status_entry {
    uint8_t level;
    uint8_t override; /* ON (neutral), L or R */
    uint8_t isolate;
} status_entry;

/* X1-X8: explicit levels and directions. Sets lev[] and cls[] of every character;
 * characters removed by X9 get cls BN. */
static void explicit_levels(para *p)
{
    ibidi__bidi *b = p->b;
    const uint8_t *orig = b->orig;
    uint8_t *cls = b->cls, *lev = b->lev;
    status_entry stack[IBIDI_BIDI_MAX_DEPTH + 2];
    int sp = 0;
    unsigned overflow_isolates = 0, overflow_embeddings = 0, valid_isolates = 0;

    *p->steps += p->pe - p->ps;
    /* X1 */
    stack[0].level = p->level;
    stack[0].override = ON;
    stack[0].isolate = 0;
    for (size_t i = p->ps; i < p->pe; i++) {
        uint8_t o = orig[i], c = o & O_CLASS;
        status_entry *top = &stack[sp];
        switch (c) {
        case RLE:
        case LRE:
        case RLO:
        case LRO: { /* X2-X5 */
            unsigned lv = (c == RLE || c == RLO) ? (top->level + 1u) | 1u
                                                 : (top->level + 2u) & ~1u;
            if (lv <= IBIDI_BIDI_MAX_DEPTH && overflow_isolates == 0 &&
                overflow_embeddings == 0) {
                sp++;
                stack[sp].level = (uint8_t)lv;
                stack[sp].override = c == RLO ? R : c == LRO ? L : ON;
                stack[sp].isolate = 0;
            } else if (overflow_isolates == 0) {
                overflow_embeddings++;
            }
            lev[i] = top->level;
            cls[i] = BN; /* X9 */
            break;
        }
        case RLI:
        case LRI:
        case FSI: { /* X5a-X5c */
            int rtl = c == RLI || (c == FSI && (o & O_FSI_RTL));
            unsigned lv = rtl ? (top->level + 1u) | 1u : (top->level + 2u) & ~1u;
            lev[i] = top->level;
            cls[i] = top->override != ON ? top->override : (rtl ? RLI : LRI);
            if (lv <= IBIDI_BIDI_MAX_DEPTH && overflow_isolates == 0 &&
                overflow_embeddings == 0) {
                valid_isolates++;
                sp++;
                stack[sp].level = (uint8_t)lv;
                stack[sp].override = ON;
                stack[sp].isolate = 1;
            } else {
                overflow_isolates++;
            }
            break;
        }
        case PDI: /* X6a */
            if (overflow_isolates > 0) {
                overflow_isolates--;
            } else if (valid_isolates > 0) {
                overflow_embeddings = 0;
                while (!stack[sp].isolate) {
                    sp--;
                    (*p->steps)++;
                }
                sp--;
                valid_isolates--;
            }
            lev[i] = stack[sp].level;
            cls[i] = stack[sp].override != ON ? stack[sp].override : PDI;
            break;
        case PDF: /* X7 */
            if (overflow_isolates > 0) {
            } else if (overflow_embeddings > 0) {
                overflow_embeddings--;
            } else if (!top->isolate && sp >= 1) {
                sp--;
            }
            lev[i] = stack[sp].level;
            cls[i] = BN; /* X9 */
            break;
        case B: /* X8: the separator gets the paragraph level */
            lev[i] = p->level;
            cls[i] = B;
            break;
        case BN: /* X6 leaves BN alone; X9 removes it */
            lev[i] = top->level;
            cls[i] = BN;
            break;
        default: /* X6 */
            lev[i] = top->level;
            cls[i] = top->override != ON ? top->override : c;
            break;
        }
    }
}

/* X10: the weak, neutral and implicit rules on one isolating run sequence starting at
 * start, whose level is level; before_level is the level of the character before it (X10
 * sos). A sequence that is a range of the text ends at end; the others at p->pe. */
static void run_sequence(para *p, int range, size_t start, size_t end, uint8_t level,
                         uint8_t before_level)
{
    ibidi__bidi *b = p->b;
    ibidi__bidi_seq q;
    q.b = b;
    q.start = start;
    q.pe = range ? end : p->pe;
    q.range = range;
    q.e = (level & 1u) ? R : L; /* embedding direction */
    q.sos = ((level > before_level ? level : before_level) & 1u) ? R : L;
    const int planes = range && use_planes(p, end - start);
    /* a sequence that is a range of the text ends at end - 1; the others' last character
     * comes out of W1-W3 */
    size_t last = end - 1;
    uint32_t types = planes ? 0 : ibidi__bidi_seq_w1_w3(&q, &last, p->steps);

    /* eos: the level after the sequence, or the paragraph level at its end or after an
     * isolate initiator without a matching PDI. */
    uint8_t after_level = p->level;
    size_t after = last + 1;
    while (after < p->pe && b->cls[after] == BN)
        after++;
    if (after < p->pe && !is_initiator(b->orig[last]))
        after_level = b->lev[after];
    q.eos = ((level > after_level ? level : after_level) & 1u) ? R : L;

    if (planes) { /* the types after N2 written back to cls[] */
        const unsigned dirs = (q.e == R ? IBIDI__PLANES_E_RTL : 0u) |
                              (q.sos == R ? IBIDI__PLANES_SOS_RTL : 0u) |
                              (q.eos == R ? IBIDI__PLANES_EOS_RTL : 0u) | p->brackets;
        ibidi__planes_out out = {NULL, b->weak ? b->weak + start : NULL, b->cls + start, 0, 0};
        ibidi__bidi_planes(b->cls + start, b->orig + start, b->br + start, end - start, dirs,
                           &out, b->planes, b->aux + start, p->steps);
        return;
    }
    ibidi__bidi_seq_rest(&q, types, p->steps);
}

/* Returns the end of the level run at start without removed characters, [start, j): the
 * caller's X10 walk goes on from there. */
static size_t sequence_at(para *p, size_t start, uint8_t before_level)
{
    ibidi__bidi *b = p->b;
    uint8_t level = b->lev[start];
    /* A sequence that is one level run without removed characters, not ending at an
     * isolate initiator that continues it, is the range [start, j). */
    size_t j = start;
    while (j < p->pe && b->lev[j] == level && b->cls[j] != BN)
        j++;
    *p->steps += j - start;
    uint8_t o = b->orig[j - 1];
    int jumps = (o & O_MATCHED) && is_initiator(o);
    int range = (j == p->pe || b->cls[j] != BN) && !jumps;
    run_sequence(p, range, start, j, level, before_level);
    return j;
}

uint8_t ibidi__bidi_paragraph_level(ibidi_dir dir, uint8_t first)
{
    switch (dir) {
    case IBIDI_DIR_RTL:
        return 1;
    case IBIDI_DIR_AUTO:
        return first == R;
    case IBIDI_DIR_AUTO_RTL:
        return first != L;
    default:
        return 0;
    }
}

static void resolve_paragraph(para *p, ibidi_dir dir, uint32_t mask)
{
    ibidi__bidi *b = p->b;
    uint8_t first = ON;
    if (mask & IBIDI__ISOLATE_INITIATORS) {
        first = isolates_and_first_strong(p);
    } else if (dir == IBIDI_DIR_AUTO || dir == IBIDI_DIR_AUTO_RTL) {
        for (size_t i = p->ps; i < p->pe; i++) { /* P2 */
            uint8_t c = b->orig[i] & O_CLASS;
            if (c == L || c == R || c == AL) {
                first = c == L ? L : R;
                break;
            }
        }
        *p->steps += p->pe - p->ps;
    }
    p->level = ibidi__bidi_paragraph_level(dir, first);
    const int segments = (mask & BIT(S)) != 0;

    const size_t n = p->pe - p->ps;
    if (p->whole && use_planes(p, n)) {
        /* No explicit controls and nothing for X9 to remove: every character is at the
         * paragraph level (X6), and the paragraph is one isolating run sequence whose
         * embedding direction, sos and eos are the paragraph's. The planes write its
         * levels; callers that want the types take the way below. */
        ibidi__planes_out out = {b->lev + p->ps, NULL, NULL, 0, 0};
        ibidi__bidi_planes_paragraph(b->orig + p->ps, b->br + p->ps, n, p->level, p->brackets,
                                     &out, b->planes, b->aux + p->ps, p->steps);
        /* the planes' summary of the levels holds unless L1 changed some (identifiers end
         * without whitespace) */
        p->summary = ibidi__bidi_l1(b->orig, p->ps, p->pe, p->level, b->lev + p->ps, segments) == 0;
        p->max_level = out.max_level;
        p->has_rtl = out.has_rtl;
        return;
    }
    explicit_levels(p);

    /* X10: each isolating run sequence starts at a level run that does not begin with a
     * PDI matching an initiator (those continue the initiator's sequence). */
    size_t prev = NONE;
    *p->steps += n;
    for (size_t i = p->ps; i < p->pe; i++) {
        if (b->cls[i] == BN) /* X9 */
            continue;
        if (prev == NONE || b->lev[prev] != b->lev[i]) {
            uint8_t o = b->orig[i];
            if (!((o & O_CLASS) == PDI && (o & O_MATCHED))) {
                /* the rest of the level run starts no sequence: go on after it */
                size_t j = sequence_at(p, i, prev == NONE ? p->level : b->lev[prev]);
                i = j - 1;
            }
        }
        prev = i;
    }
    ibidi__bidi_implicit(b, p->ps, p->pe, p->level, p->steps);
    /* L1 at the end of the paragraph (treated as one line) and at segment separators */
    *p->steps += n;
    (void)ibidi__bidi_l1(b->orig, p->ps, p->pe, p->level, b->lev + p->ps, segments);
}

void ibidi__bidi_run(ibidi__bidi *b, ibidi_dir dir, uint32_t mask, ibidi_bidi_info *info,
                     ibidi__bidi_test *test)
{
    ibidi_bidi_info in;
    memset(&in, 0, sizeof in);
    in.length = b->n;
    if (b->n == 0) {
        if (info)
            *info = in;
        return;
    }
    uint64_t discarded = 0;
    para p;
    p.b = b;
    p.reference = test && test->reference;
    p.brackets = (mask & IBIDI__HAS_BRACKET) ? 0u : IBIDI__PLANES_NO_BRACKETS;
    p.steps = test ? &test->steps : &discarded;
    /* no explicit controls, nothing for X9 to remove, and only levels wanted */
    p.whole = !(mask & (IBIDI__EXPLICIT | BIT(BN))) && !b->weak && !b->types;
    in.has_explicit = (mask & IBIDI__EXPLICIT) != 0;
    if (!(mask & (BIT(R) | BIT(AL) | BIT(IBIDI_UNICODE_BC_AN) | IBIDI__EXPLICIT)) &&
        (dir == IBIDI_DIR_LTR || dir == IBIDI_DIR_AUTO) && !b->weak && !b->types) {
        /* Nothing right-to-left and a left-to-right paragraph: W1-W7 and N1-N2 can only
         * give L (sos and eos are L, W7 turns EN into L), so every level is 0. */
        memset(b->lev, 0, b->n);
        size_t paras = 1;
        if (mask & BIT(B))
            for (size_t i = 0; i + 1 < b->n; i++)
                paras += (b->orig[i] & O_CLASS) == B;
        in.paragraphs = paras;
        *p.steps += b->n;
        if (info)
            *info = in;
        return;
    }
    p.ps = 0;
    uint8_t max = 0, rtl = 0;
    int summary = 1; /* every paragraph came with the summary of its levels */
    while (p.ps < b->n) {
        p.summary = 0;
        p.max_level = p.has_rtl = 0;
        p.pe = p.ps;
        if (mask & BIT(B)) { /* P1 */
            while (p.pe < b->n && (b->orig[p.pe] & O_CLASS) != B)
                p.pe++;
            if (p.pe < b->n)
                p.pe++;
        } else {
            p.pe = b->n;
        }
        resolve_paragraph(&p, dir, mask);
        if (in.paragraphs == 0)
            in.para_level = p.level;
        in.paragraphs++;
        p.ps = p.pe;
        summary &= p.summary;
        max = p.max_level > max ? p.max_level : max;
        rtl |= p.has_rtl;
    }
    if (!info)
        return;
    if (summary) {
        in.max_level = max;
        in.has_rtl = rtl;
    } else {
        ibidi__bidi_levels_info(b->lev, b->n, &in.max_level, &in.has_rtl);
    }
    *info = in;
}
