/*
 * RFC 5893 §3 checked with the UBA: Character Grouping of one label in a finite set of
 * contexts (include/ibidi/rfc5893.h says why the set is enough), with the directional
 * controls of §3 outside the label, Label Uniqueness of the labels of one name by the
 * twin search, and the six conditions of §2 (and the RFC 3454 rule) on class strings.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ambiguity/ambiguity_internal.h"
#include "ibidi/ambiguity.h"
#include "ibidi/bidi.h"
#include "ibidi/rfc5893.h"
#include "common/internal.h"
#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "idna/idna_internal.h"

#define BIT IBIDI__BC_BIT

/* Bit of a class value; values outside the enum get no bit, so no set holds them. */
static unsigned class_bit(uint8_t c)
{
    return c < IBIDI_UNICODE_BC_COUNT ? BIT(c) : 0u;
}

/* ---- The rule on class strings -------------------------------------------------------- */

/* RFC 5893 §2 on a class string: the rule's one implementation (ibidi/idna.h). */
unsigned ibidi_rfc5893_conditions(const uint8_t *classes, size_t n, unsigned apply)
{
    return ibidi_idna_bidi_rule_classes(classes, n) & apply;
}

/* RFC 3454 §6, items 2 and 3 (RandALCat: R, AL; LCat: L). Item 1 bans the characters of
 * §5.8 (LRM, RLM, the embedding controls, U+0340, U+0341, U+206A-206F); none is allowed
 * by IDNA2008 either, so on the classes of labels it adds nothing. */
int ibidi_rfc5893_rfc3454_rule_ok(const uint8_t *classes, size_t n)
{
    if (n == 0)
        return 1;
    if (classes == NULL)
        return 0; /* unreadable: fail closed */
    const unsigned randal = BIT(IBIDI_UNICODE_BC_R) | BIT(IBIDI_UNICODE_BC_AL);
    int has_randal = 0, has_l = 0;
    for (size_t i = 0; i < n; i++) {
        const unsigned b = class_bit(classes[i]);
        has_randal |= (b & randal) != 0;
        has_l |= (b & BIT(IBIDI_UNICODE_BC_L)) != 0;
    }
    if (!has_randal)
        return 1;
    return !has_l && (class_bit(classes[0]) & randal) && (class_bit(classes[n - 1]) & randal);
}

/* ---- Contexts ------------------------------------------------------------------------- */

static const ibidi_rfc5893_delimiter delimiters[] = {
    {0x002E, IBIDI_UNICODE_BC_CS,
     "FULL STOP, the label separator (RFC 5890 §2.3.2.1); COMMA, COLON "
     "and SOLIDUS share its class"},
    {0x0020, IBIDI_UNICODE_BC_WS,
     "SPACE, a name in running text; L1 puts a space at the end of a line "
     "at the paragraph level"},
    {0x0040, IBIDI_UNICODE_BC_ON,
     "COMMERCIAL AT, as in mail addresses; like every ON delimiter "
     "chosen here it is neither a paired bracket (N0) nor mirrored (L4)"},
};
#define N_DELIMS (sizeof delimiters / sizeof delimiters[0])

const ibidi_rfc5893_delimiter *ibidi_rfc5893_delimiters(size_t *n)
{
    if (n)
        *n = N_DELIMS;
    return delimiters;
}

/* Neighbours that satisfy the rule, one per way a context acts on a label (see the
 * header): code points are a (L), 1 (EN), U+05D0 U+05D1 (R), U+0627 (AL), U+0661 (AN). */
static const uint8_t nb_l[] = {IBIDI_UNICODE_BC_L};
static const uint8_t nb_l_en[] = {IBIDI_UNICODE_BC_L, IBIDI_UNICODE_BC_EN};
static const uint8_t nb_r[] = {IBIDI_UNICODE_BC_R};
static const uint8_t nb_al[] = {IBIDI_UNICODE_BC_AL};
static const uint8_t nb_r_en[] = {IBIDI_UNICODE_BC_R, IBIDI_UNICODE_BC_EN};
static const uint8_t nb_al_en[] = {IBIDI_UNICODE_BC_AL, IBIDI_UNICODE_BC_EN};
static const uint8_t nb_r_an[] = {IBIDI_UNICODE_BC_R, IBIDI_UNICODE_BC_AN};
static const uint8_t nb_r_en_r[] = {IBIDI_UNICODE_BC_R, IBIDI_UNICODE_BC_EN, IBIDI_UNICODE_BC_R};
static const uint32_t cp_l[] = {0x61};
static const uint32_t cp_l_en[] = {0x61, 0x31};
static const uint32_t cp_r[] = {0x5D0};
static const uint32_t cp_al[] = {0x627};
static const uint32_t cp_r_en[] = {0x5D0, 0x31};
static const uint32_t cp_al_en[] = {0x627, 0x31};
static const uint32_t cp_r_an[] = {0x5D0, 0x661};
static const uint32_t cp_r_en_r[] = {0x5D0, 0x31, 0x5D1};

static const ibidi_rfc5893_neighbour neighbours[] = {
    {"", NULL, NULL, 0},
    {"a", nb_l, cp_l, 1},
    {"a1", nb_l_en, cp_l_en, 2},
    {"A", nb_r, cp_r, 1},
    {"A (AL)", nb_al, cp_al, 1},
    {"A1", nb_r_en, cp_r_en, 2},
    {"A1 (AL: 1 is AN)", nb_al_en, cp_al_en, 2},
    {"A+AN (R, ARABIC-INDIC DIGIT ONE)", nb_r_an, cp_r_an, 2},
    {"A1B", nb_r_en_r, cp_r_en_r, 3},
};
#define N_NEIGHBOURS (sizeof neighbours / sizeof neighbours[0])

/* Neighbours that, as S2, give every case the levels of an earlier neighbour's case (bits:
 * indices above), for every label, delimiter, S1, control placement and direction. S2 ends
 * the paragraph (only characters X9 removes follow it), so no rule looks past it, and what
 * precedes it sees only its first character (W4, W5, N1; X5c's first strong character),
 * of one direction in each pair, and its embedding level, which the context decides:
 *   - "A (AL)" (4) is "A" (3): AL differs from R only by W2 on an EN after it (none) and
 *     W3, which makes it R;
 *   - "A1 (AL)" (6) and "A+AN" (7) are "A1" (5): an R (W3 for the AL), then a number: the
 *     1 of "A1" stays EN (W2 and W7 find the R), that of "A1 (AL)" becomes AN (W2), and
 *     I1-I2 give EN and AN one level;
 *   - "a1" (2) is "a" (1) with one more character at the level of its L: W7 makes the 1 L
 *     (W2, W4, W5 find no AL before it, no separator or terminator beside it), and L L is
 *     L (grouping_key says why: one more character beside one of its level).
 * Every character of S2 is shown (X9 removes none) and lies outside X and the delimiters,
 * so the case reads as the earlier one's in both readings (s2_as_earlier). */
#define S2_AS_EARLIER ((1u << 2) | (1u << 4) | (1u << 6) | (1u << 7))

const ibidi_rfc5893_neighbour *ibidi_rfc5893_neighbours(size_t *n)
{
    if (n)
        *n = N_NEIGHBOURS;
    return neighbours;
}

const char *ibidi_rfc5893_placement_name(ibidi_rfc5893_placement p)
{
    static const char *const names[IBIDI_RFC5893_PLACEMENTS] = {
        "none", "around", "before", "after", "left-label", "right-label", "middle", "inner",
        "stray-pdf"};
    return (unsigned)p < IBIDI_RFC5893_PLACEMENTS ? names[p] : NULL;
}

const char *ibidi_rfc5893_requirement_name(ibidi_rfc5893_requirement r)
{
    switch (r) {
    case IBIDI_RFC5893_REQ_GROUPING: return "grouping";
    case IBIDI_RFC5893_REQ_CONTROLS: return "controls";
    case IBIDI_RFC5893_REQ_UNIQUENESS: return "uniqueness";
    case IBIDI_RFC5893_REQ_TRUNCATED: return "truncated";
    }
    return NULL;
}

/* ---- One case ------------------------------------------------------------------------- */

enum { K_OTHER = 0, K_X = 1, K_D1 = 2, K_D2 = 3 };

typedef struct builder {
    uint8_t cls[IBIDI_RFC5893_MAX_CASE];
    uint8_t kind[IBIDI_RFC5893_MAX_CASE];
    size_t n;
    int measure;   /* only count: where the parts start (check_case, before the lengths
                      are known to fit) */
    size_t at[3];  /* where S1, X and S2 start */
} builder;

static void put(builder *b, const uint8_t *c, size_t n, uint8_t kind)
{
    if (b->measure) {
        b->n += n;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        b->cls[b->n] = c[i];
        b->kind[b->n++] = kind;
    }
}

static void put1(builder *b, uint8_t c, uint8_t kind) { put(b, &c, 1, kind); }

/* RFC 5893 §3 delimiters are CS, WS and ON; ET and ES are taken too, so that the reasons
 * §3 gives for leaving them out can be shown ("A.a1%"). */
static int is_delimiter_class(uint8_t c)
{
    return c == IBIDI_UNICODE_BC_CS || c == IBIDI_UNICODE_BC_WS || c == IBIDI_UNICODE_BC_ON ||
           c == IBIDI_UNICODE_BC_ET || c == IBIDI_UNICODE_BC_ES;
}

static int is_control(uint8_t c)
{
    return c == IBIDI_UNICODE_BC_LRE || c == IBIDI_UNICODE_BC_RLE || c == IBIDI_UNICODE_BC_LRO ||
           c == IBIDI_UNICODE_BC_RLO;
}

/* Lays out the case as the placement says. */
static void build(builder *b, const ibidi_rfc5893_case *c)
{
    const uint8_t ctl = c->control, pdf = IBIDI_UNICODE_BC_PDF;
    const int pl = c->placement;
    b->n = 0;
    if (pl == IBIDI_RFC5893_PLACE_AROUND || pl == IBIDI_RFC5893_PLACE_BEFORE ||
        pl == IBIDI_RFC5893_PLACE_LEFT_LABEL)
        put1(b, ctl, K_OTHER);
    if (pl == IBIDI_RFC5893_PLACE_STRAY_PDF)
        put1(b, pdf, K_OTHER);
    b->at[0] = b->n;
    put(b, c->s1, c->n1, K_OTHER);
    if (pl == IBIDI_RFC5893_PLACE_LEFT_LABEL)
        put1(b, pdf, K_OTHER);
    if (pl == IBIDI_RFC5893_PLACE_MIDDLE)
        put1(b, ctl, K_OTHER);
    put1(b, c->d1, K_D1);
    if (pl == IBIDI_RFC5893_PLACE_INNER)
        put1(b, ctl, K_OTHER);
    b->at[1] = b->n;
    put(b, c->x, c->n, K_X);
    if (pl == IBIDI_RFC5893_PLACE_INNER)
        put1(b, pdf, K_OTHER);
    put1(b, c->d2, K_D2);
    if (pl == IBIDI_RFC5893_PLACE_MIDDLE)
        put1(b, pdf, K_OTHER);
    if (pl == IBIDI_RFC5893_PLACE_RIGHT_LABEL)
        put1(b, ctl, K_OTHER);
    b->at[2] = b->n;
    put(b, c->s2, c->n2, K_OTHER);
    if (pl == IBIDI_RFC5893_PLACE_AROUND || pl == IBIDI_RFC5893_PLACE_RIGHT_LABEL)
        put1(b, pdf, K_OTHER);
    if (pl == IBIDI_RFC5893_PLACE_AFTER)
        put1(b, ctl, K_OTHER);
}

static ibidi_status check_case(const ibidi_rfc5893_case *c, ibidi_error *err)
{
    if (c == NULL || (c->s1 == NULL && c->n1) || (c->x == NULL && c->n) ||
        (c->s2 == NULL && c->n2) || (c->dir != IBIDI_DIR_LTR && c->dir != IBIDI_DIR_RTL) ||
        c->placement >= IBIDI_RFC5893_PLACEMENTS || !is_delimiter_class(c->d1) ||
        !is_delimiter_class(c->d2) ||
        (c->placement != IBIDI_RFC5893_PLACE_NONE &&
         c->placement != IBIDI_RFC5893_PLACE_STRAY_PDF && !is_control(c->control))) {
        (void)ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
        return IBIDI_E_INVALID_ARGUMENT;
    }
    /* A part too long: the offset is where it starts in the laid-out string (build,
     * counting only), the value its length. */
    builder m;
    m.measure = 1;
    build(&m, c);
    const size_t len[3] = {c->n1, c->n, c->n2};
    for (int k = 0; k < 3; k++)
        if (len[k] > IBIDI_RFC5893_MAX_LABEL) {
            (void)ibidi__fail(err, IBIDI_E_RFC5893_TOO_LONG, m.at[k],
                              (uint32_t)(len[k] > UINT32_MAX ? UINT32_MAX : len[k]));
            return IBIDI_E_RFC5893_TOO_LONG;
        }
    return IBIDI_OK;
}

/* The key value of character i of a laid-out case. */
static uint8_t key_of(const builder *b, size_t i)
{
    return (uint8_t)(b->kind[i] == K_D1 || b->kind[i] == K_D2 ? IBIDI_RFC5893_DELIM_KEY + b->cls[i]
                                                            : b->cls[i]);
}

/* The keys of the display (see ibidi_rfc5893_display) from the visual-to-logical map. */
static void display_keys(const builder *b, const size_t *v2l, ibidi_rfc5893_display *d)
{
    d->len = d->clusters_len = 0;
    for (size_t v = 0; v < b->n; v++) {
        const size_t i = v2l[v];
        if (ibidi_bidi_class_removed((ibidi_unicode_bc)b->cls[i]))
            continue;
        d->key[d->len++] = key_of(b, i);
        /* Clusters: a mark with a base before it (characters removed by X9 skipped) is
         * written with that base. */
        size_t j = i;
        int has_base = 0;
        if (b->cls[i] == IBIDI_UNICODE_BC_NSM) {
            while (j > 0) {
                j--;
                if (ibidi_bidi_class_removed((ibidi_unicode_bc)b->cls[j]))
                    continue;
                if (b->cls[j] != IBIDI_UNICODE_BC_NSM) {
                    has_base = 1;
                    break;
                }
            }
        }
        if (has_base)
            continue;
        d->clusters[d->clusters_len++] =
            b->cls[i] == IBIDI_UNICODE_BC_NSM ? (uint8_t)IBIDI_RFC5893_MARK_KEY : key_of(b, i);
        for (size_t k = i + 1; k < b->n; k++) {
            if (ibidi_bidi_class_removed((ibidi_unicode_bc)b->cls[k]))
                continue;
            if (b->cls[k] != IBIDI_UNICODE_BC_NSM)
                break;
            d->clusters[d->clusters_len++] = (uint8_t)IBIDI_RFC5893_MARK_KEY;
        }
    }
}

/* The verdict and keys of a laid-out case; the case is valid. */
static ibidi_status run_built(const builder *b, ibidi_dir dir, unsigned *broken,
                              ibidi_rfc5893_display *display, ibidi_error *err)
{
    uint8_t levels[IBIDI_RFC5893_MAX_CASE];
    size_t v2l[IBIDI_RFC5893_MAX_CASE];
    ibidi_error e;
    ibidi_status st =
        ibidi_bidi_resolve_classes(b->cls, b->n, &(ibidi_bidi_options){.dir = dir},
                                   &(ibidi_bidi_result){.levels = levels, .cap = b->n}, &e);
    if (st == IBIDI_OK)
        st = ibidi_bidi_reorder(levels, b->n, v2l, NULL, &e);
    if (st != IBIDI_OK) { /* not reached: the classes and levels were checked */
        (void)ibidi__fail(err, st, e.offset, e.value);
        return st;
    }
    /* What is shown, left to right, without the characters X9 removes (RFC 5893 §3: the
     * position of BN has no meaning; the same holds for the embedding controls), in one
     * pass: where D1, D2 and the first and last character of X are shown, and how many
     * characters of X are shown before each delimiter. (The bits are those of
     * ibidi_bidi_class_removed, without a call a character: every class here is known.) */
    const uint32_t removed = BIT(IBIDI_UNICODE_BC_LRE) | BIT(IBIDI_UNICODE_BC_RLE) |
                             BIT(IBIDI_UNICODE_BC_LRO) | BIT(IBIDI_UNICODE_BC_RLO) |
                             BIT(IBIDI_UNICODE_BC_PDF) | BIT(IBIDI_UNICODE_BC_BN);
    uint8_t shown[IBIDI_RFC5893_MAX_CASE];
    size_t m = 0, nx = 0, p1 = 0, p2 = 0, x1 = 0, x2 = 0, lo = 0, hi = 0;
    for (size_t v = 0; v < b->n; v++) {
        const size_t i = v2l[v];
        if (removed & BIT(b->cls[i]))
            continue;
        const uint8_t k = b->kind[i];
        if (k == K_X) {
            if (nx++ == 0)
                lo = m;
            hi = m;
        } else if (k == K_D1) {
            p1 = m;
            x1 = nx;
        } else if (k == K_D2) {
            p2 = m;
            x2 = nx;
        }
        shown[m++] = k;
    }
    unsigned verdict = 0;
    /* Literal reading (§3, formal): exactly the characters of X lie between D1 and D2. */
    const size_t a = p1 < p2 ? p1 : p2, z = p1 < p2 ? p2 : p1;
    const size_t x_between = p1 < p2 ? x2 - x1 : x1 - x2;
    if (x_between != nx || z - a - 1 != nx)
        verdict |= IBIDI_RFC5893_BROKEN_LITERAL;
    /* Grouped reading (§3, informal): X is one block, a delimiter or the edge on each side. */
    if (nx > 0) {
        if (hi - lo + 1 != nx)
            verdict |= IBIDI_RFC5893_BROKEN_GROUPED;
        else if ((lo > 0 && shown[lo - 1] != K_D1 && shown[lo - 1] != K_D2) ||
                 (hi + 1 < m && shown[hi + 1] != K_D1 && shown[hi + 1] != K_D2))
            verdict |= IBIDI_RFC5893_BROKEN_GROUPED;
    }
    if (broken)
        *broken = verdict;
    if (display)
        display_keys(b, v2l, display);
    (void)ibidi__ok(err);
    return IBIDI_OK;
}

/* The verdict of case c that is known to be valid (the searches below lay out their cases
 * from the library's own tables and a label checked once): ibidi_rfc5893_run without its
 * checks, which cost as much as the layout on the short strings of a name's labels. */
static ibidi_status run_valid(const ibidi_rfc5893_case *c, unsigned *broken, ibidi_error *err)
{
    builder b;
    b.measure = 0;
    build(&b, c);
    return run_built(&b, c->dir, broken, NULL, err);
}

ibidi_status ibidi_rfc5893_run(const ibidi_rfc5893_case *c, unsigned *broken,
                               ibidi_rfc5893_display *display, ibidi_error *err)
{
    if (broken)
        *broken = 0;
    if (display)
        display->len = display->clusters_len = 0;
    ibidi_status st = check_case(c, err);
    if (st != IBIDI_OK)
        return st;
    builder b;
    b.measure = 0;
    build(&b, c);
    for (size_t i = 0; i < b.n; i++)
        if (b.cls[i] >= IBIDI_UNICODE_BC_COUNT) {
            (void)ibidi__fail(err, IBIDI_E_RFC5893_CLASS, i, b.cls[i]);
            return IBIDI_E_RFC5893_CLASS;
        }
    return run_built(&b, c->dir, broken, display, err);
}

/* ---- Character Grouping over every context ------------------------------------------- */

static const uint8_t controls[] = {IBIDI_UNICODE_BC_LRE, IBIDI_UNICODE_BC_RLE, IBIDI_UNICODE_BC_LRO,
                                   IBIDI_UNICODE_BC_RLO};

/* Contexts that give every label, in every control placement and direction, the levels
 * of a context that comes before them in a search's loops (with the same characters shown,
 * outside X and the delimiters or as the same delimiter), so that they read the same in
 * both readings; the predicates below say it of D2 = delimiters[i2], of D1 = delimiters[i1]
 * after S1 = neighbours[a], and of S2 = neighbours[z]:
 *   - S2 in S2_AS_EARLIER: its earlier neighbour (see there);
 *   - COMMERCIAL AT (ON) as D2: FULL STOP (CS), earlier in the table. UAX #9 treats CS
 *     otherwise than ON only in W1 (an NSM after it takes CS), W4 (a single CS between two
 *     numbers of one type becomes that type) and W6 (any other CS becomes ON); what follows
 *     D2 is S2 (after controls X9 removes, if any), which starts with no NSM and no number;
 *   - ON as D1 after an S1 that does not end with a number (EN or AN): W4 finds no number
 *     before the CS, and an NSM of the label after it takes CS, which has a CS and no number
 *     before it, so W4 leaves both to W6.
 * A search that stops at the first context that breaks a reading (RFC 5893 §3) never stops
 * at these (the earlier one, run before, breaks it too), so the name's check leaves them
 * out: 220 of the 729 contexts of a direction are run. tests/test_rfc5893.c compares the
 * levels of the cases of each pair. */
static int d2_as_earlier(size_t i2)
{
    return delimiters[i2].bidi_class == IBIDI_UNICODE_BC_ON;
}

static int d1_as_earlier(size_t i1, size_t a)
{
    const ibidi_rfc5893_neighbour *s1 = &neighbours[a];
    const int s1_number = s1->n > 0 && (s1->classes[s1->n - 1] == IBIDI_UNICODE_BC_EN ||
                                        s1->classes[s1->n - 1] == IBIDI_UNICODE_BC_AN);
    return delimiters[i1].bidi_class == IBIDI_UNICODE_BC_ON && !s1_number;
}

static int s2_as_earlier(size_t z) { return (S2_AS_EARLIER & (1u << z)) != 0; }

/* A context of one direction's search, as its place in the search's order (placement,
 * control, D1, D2, S1, S2); CTX_NONE: no context breaks the reading. 16 bits, so that the
 * answers a name's check remembers (memo) stay small on the stack. */
#define CTX_NONE 0xFFFFu
_Static_assert(IBIDI_RFC5893_PLACEMENTS * 4 * N_DELIMS * N_DELIMS * N_NEIGHBOURS * N_NEIGHBOURS <
                   CTX_NONE,
               "a context fits 16 bits");

static uint16_t ctx_pack(int pl, int k, size_t i1, size_t i2, size_t a, size_t z)
{
    return (uint16_t)((((((size_t)pl * 4u + (size_t)k) * N_DELIMS + i1) * N_DELIMS + i2) *
                           N_NEIGHBOURS +
                       a) *
                          N_NEIGHBOURS +
                      z);
}

/* Searches the contexts of placements [pl_from, pl_to] in the directions of dirmask (bit 0
 * LTR, bit 1 RTL); stops at the first that breaks the reading `want` (*failed, *at: it
 * within its direction; CTX_NONE when none does). x is n classes below
 * IBIDI_UNICODE_BC_COUNT, n at most IBIDI_RFC5893_MAX_LABEL: the callers check it once, so
 * the cases are run without ibidi_rfc5893_run's checks. */
static ibidi_status search(const uint8_t *x, size_t n, unsigned dirmask, int pl_from, int pl_to,
                           unsigned want, int skip_as_earlier, int *holds,
                           ibidi_rfc5893_case *failed, uint16_t *at, size_t *runs,
                           ibidi_error *err)
{
    size_t count = 0;
    *holds = 1;
    if (at)
        *at = CTX_NONE;
    for (int d = 0; d < 2; d++) {
        if (!(dirmask & (1u << d)))
            continue;
        for (int pl = pl_from; pl <= pl_to; pl++) {
            const int n_ctl = (pl == IBIDI_RFC5893_PLACE_NONE ||
                               pl == IBIDI_RFC5893_PLACE_STRAY_PDF) ? 1 : 4;
            for (int k = 0; k < n_ctl; k++)
                for (size_t i1 = 0; i1 < N_DELIMS; i1++)
                    for (size_t i2 = 0; i2 < N_DELIMS; i2++) {
                        if (skip_as_earlier && d2_as_earlier(i2))
                            continue;
                        for (size_t a = 0; a < N_NEIGHBOURS; a++) {
                            if (skip_as_earlier && d1_as_earlier(i1, a))
                                continue;
                            for (size_t z = 0; z < N_NEIGHBOURS; z++) {
                                if (skip_as_earlier && s2_as_earlier(z))
                                    continue;
                                ibidi_rfc5893_case c = {
                                    neighbours[a].classes, neighbours[a].n,
                                    delimiters[i1].bidi_class, x, n,
                                    delimiters[i2].bidi_class, neighbours[z].classes,
                                    neighbours[z].n, d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR,
                                    n_ctl == 1 ? 0 : controls[k], (uint8_t)pl};
                                unsigned broken = 0;
                                ibidi_status st = run_valid(&c, &broken, err);
                                count++;
                                if (st != IBIDI_OK) {
                                    if (runs)
                                        *runs = count;
                                    return st;
                                }
                                if (broken & want) {
                                    *holds = 0;
                                    if (failed)
                                        *failed = c;
                                    if (at)
                                        *at = ctx_pack(pl, k, i1, i2, a, z);
                                    if (runs)
                                        *runs = count;
                                    return IBIDI_OK;
                                }
                            }
                        }
                    }
        }
    }
    if (runs)
        *runs = count;
    (void)ibidi__ok(err);
    return IBIDI_OK;
}

static unsigned dirmask_of(unsigned options)
{
    unsigned m = 3;
    if (options & IBIDI_RFC5893_ONLY_LTR)
        m &= 1;
    if (options & IBIDI_RFC5893_ONLY_RTL)
        m &= 2;
    return m;
}

static unsigned want_of(unsigned options)
{
    return (options & IBIDI_RFC5893_LITERAL) ? IBIDI_RFC5893_BROKEN_LITERAL
                                             : IBIDI_RFC5893_BROKEN_GROUPED;
}

/* The outputs come in one result record (at most six parameters a call); NULL: the status
 * alone. */
ibidi_status ibidi_rfc5893_grouping_classes(const uint8_t *x, size_t n, unsigned options,
                                            ibidi_rfc5893_grouping *res, ibidi_error *err)
{
    int h = 1;
    if (res) {
        memset(res, 0, sizeof *res);
        res->holds = 1;
    }
    if (x == NULL && n > 0) {
        (void)ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
        return IBIDI_E_INVALID_ARGUMENT;
    }
    /* The label alone is checked first, so that offsets count in x (inside a case they
     * would count in the laid-out string, after S1 and D1). */
    if (n > IBIDI_RFC5893_MAX_LABEL) {
        (void)ibidi__fail(err, IBIDI_E_RFC5893_TOO_LONG, 0,
                          (uint32_t)(n > UINT32_MAX ? UINT32_MAX : n));
        return IBIDI_E_RFC5893_TOO_LONG;
    }
    for (size_t i = 0; i < n; i++)
        if (x[i] >= IBIDI_UNICODE_BC_COUNT) {
            (void)ibidi__fail(err, IBIDI_E_RFC5893_CLASS, i, x[i]);
            return IBIDI_E_RFC5893_CLASS;
        }
    const int pl_to = (options & IBIDI_RFC5893_CONTROLS) ? IBIDI_RFC5893_PLACEMENTS - 1
                                                         : IBIDI_RFC5893_PLACE_NONE;
    ibidi_status st = search(x, n, dirmask_of(options), IBIDI_RFC5893_PLACE_NONE, pl_to,
                             want_of(options), 0, &h, res ? &res->failed : NULL, NULL,
                             res ? &res->runs : NULL, err);
    if (res)
        res->holds = h;
    return st;
}

/* ---- One domain name ------------------------------------------------------------------ */

typedef struct twin_ctx {
    size_t prefix, n, total;
    const uint32_t *text;
    int found;
    uint32_t *twin; /* IBIDI_RFC5893_MAX_LABEL: the detail's own (no second copy on the
                       stack under the twin search) */
} twin_ctx;

/* Keeps a twin of S1 D1 X D2 S2 that differs only inside X and whose X part satisfies
 * the rule (RFC 5893 §3, Label Uniqueness: "the labels X and Y cannot both be legal"). */
static int on_twin(const uint32_t *twin, size_t n, void *ctx)
{
    twin_ctx *t = ctx;
    if (n != t->total || memcmp(twin, t->text, t->prefix * sizeof *twin) != 0)
        return 0;
    const size_t after = t->prefix + t->n;
    if (memcmp(twin + after, t->text + after, (n - after) * sizeof *twin) != 0)
        return 0;
    uint8_t cls[IBIDI_RFC5893_MAX_LABEL];
    for (size_t i = 0; i < t->n; i++)
        cls[i] = (uint8_t)ibidi_unicode_bidi_class(twin[t->prefix + i]);
    if (ibidi_rfc5893_conditions(cls, t->n, IBIDI_RFC5893_ALL_CONDITIONS) != 0)
        return 0;
    if (memcmp(twin + t->prefix, t->text + t->prefix, t->n * sizeof *twin) == 0)
        return 0; /* the label itself (the search never reports it; kept as a guard) */
    memcpy(t->twin, twin + t->prefix, t->n * sizeof *twin);
    t->found = 1;
    return 1;
}

/* Where the findings go: the caller's record and the parallel details (either may be
 * NULL). */
typedef struct out {
    ibidi__sink sink;
    ibidi_rfc5893_detail *details;
} out;

/* The finding of one label: code, place and context (the detail); stored with its detail
 * when the caller's arrays have room. */
typedef struct label_at {
    size_t index, offset, length;
    uint32_t cp; /* the first character */
} label_at;

static void add(out *o, const label_at *l, ibidi_rfc5893_requirement req, ibidi_dir dir,
                const ibidi_rfc5893_detail *d)
{
    const ibidi_finding f = {(ibidi_code)req, IBIDI_SEVERITY_WARNING, NULL, l->index, l->offset,
                             l->length, l->cp, (int)ibidi_unicode_bidi_class(l->cp), dir, 0,
                             l->offset, l->length};
    if (o->details && o->sink.n < o->sink.cap)
        o->details[o->sink.n] = *d;
    ibidi__sink_put(&o->sink, &f);
}

/* The detail of context `at` (ctx_pack): what search() laid out there. */
static void detail_from_ctx(ibidi_rfc5893_detail *d, unsigned at)
{
    d->s2 = at % N_NEIGHBOURS;
    at /= N_NEIGHBOURS;
    d->s1 = at % N_NEIGHBOURS;
    at /= N_NEIGHBOURS;
    d->d2 = delimiters[at % N_DELIMS].cp;
    at /= N_DELIMS;
    d->d1 = delimiters[at % N_DELIMS].cp;
    at /= N_DELIMS;
    const unsigned k = at % 4u, pl = at / 4u;
    d->control = pl == IBIDI_RFC5893_PLACE_NONE || pl == IBIDI_RFC5893_PLACE_STRAY_PDF
                     ? 0
                     : controls[k];
    d->placement = (uint8_t)pl;
    d->twin_len = 0;
}

/* What one call of ibidi_rfc5893_check_name_utf8 has found so far, on its own stack (no
 * allocation, nothing shared between calls). RFC 5893 §3: Character Grouping runs the UBA
 * on Bidi classes only (see the top of ibidi/rfc5893.h), so labels with one class string
 * ("123.אבגד." nineteen times; every Hebrew word of one length) have one answer, kept here
 * per (requirement, direction) the first time the string is searched. The strings are kept
 * one after another in pool; once the pool or the table is full, further strings are
 * searched every time. */
#define MEMO_KEYS 32
#define MEMO_POOL 256
/* Label Uniqueness (the twin search) depends on the code points: it is kept per label, by
 * its bytes in the name, for MEMO_LABELS distinct labels. */
#define MEMO_LABELS 32
/* What the twin search found in one direction (uniqueness()). */
enum { UNIQ_NONE = 0, UNIQ_TRUNCATED = 1, UNIQ_AT = 2 /* + the context of the twin */ };
typedef struct memo {
    uint8_t pool[MEMO_POOL];
    uint16_t key_at[MEMO_KEYS];
    uint8_t key_len[MEMO_KEYS];
    uint16_t grouping[MEMO_KEYS][2][2]; /* [requirement][direction]: ctx_pack or CTX_NONE */
    size_t n_keys, pool_used;
    const char *name;
    size_t label_at[MEMO_LABELS];
    uint8_t label_len[MEMO_LABELS]; /* bytes: at most 4 * IBIDI_RFC5893_MAX_LABEL */
    uint8_t uniqueness[MEMO_LABELS][2]; /* [direction]: UNIQ_* */
    size_t n_labels;
} memo;

/* The entry of class string key (n classes), or -1. */
static int memo_find(const memo *m, const uint8_t *key, size_t n)
{
    for (size_t i = 0; i < m->n_keys; i++)
        if (m->key_len[i] == n && memcmp(m->pool + m->key_at[i], key, n) == 0)
            return (int)i;
    return -1;
}

/* A new entry for key, or -1 when the memo is full. */
static int memo_add(memo *m, const uint8_t *key, size_t n)
{
    if (m->n_keys == MEMO_KEYS || MEMO_POOL - m->pool_used < n)
        return -1;
    const size_t i = m->n_keys++;
    memcpy(m->pool + m->pool_used, key, n);
    m->key_at[i] = (uint16_t)m->pool_used;
    m->key_len[i] = (uint8_t)n;
    m->pool_used += n;
    return (int)i;
}

/* The detail of a truncated search (REQ_TRUNCATED): the twin of an earlier finding, if
 * any, stays, as twin_len says it is none. */
static void truncated_detail(ibidi_rfc5893_detail *d)
{
    d->d1 = d->d2 = 0x2E;
    d->s1 = d->s2 = 0;
    d->control = d->placement = 0;
    d->twin_len = 0;
}

/* Label Uniqueness (RFC 5893 §3) of label l (cps: n characters) in direction dir, by the
 * twin search: neighbours nothing, L and R around FULL STOP, the contexts from `from`
 * (a * 3 + z) on. *found: UNIQ_AT + the context of the first twin (d holds it), else
 * UNIQ_TRUNCATED when a search was cut or cannot take the label (d says so), else
 * UNIQ_NONE. */
static ibidi_status uniqueness(const uint32_t *cps, size_t n, const label_at *l, ibidi_dir dir,
                               size_t max_candidates, unsigned from, ibidi_rfc5893_detail *d,
                               unsigned *found, ibidi_error *err)
{
    static const size_t nb[] = {0, 1, 3};
    int truncated = 0;
    *found = UNIQ_NONE;
    for (size_t a = from / 3u; a < 3; a++)
        for (size_t z = a == from / 3u ? from % 3u : 0; z < 3; z++) {
            const ibidi_rfc5893_neighbour *s1 = &neighbours[nb[a]], *s2 = &neighbours[nb[z]];
            uint32_t text[2 * 3 + 2 + IBIDI_RFC5893_MAX_LABEL];
            size_t t = 0;
            for (size_t i = 0; i < s1->n; i++)
                text[t++] = s1->cps[i];
            text[t++] = 0x2E;
            const size_t prefix = t;
            for (size_t i = 0; i < n; i++)
                text[t++] = cps[i];
            text[t++] = 0x2E;
            for (size_t i = 0; i < s2->n; i++)
                text[t++] = s2->cps[i];
            twin_ctx tc;
            tc.prefix = prefix;
            tc.n = n;
            tc.total = t;
            tc.text = text;
            tc.found = 0;
            tc.twin = d->twin;
            ibidi_ambiguity_twin_stats stats;
            ibidi_error e;
            ibidi_status st = ibidi__twins_search(text, t, dir, max_candidates, 0, on_twin, NULL,
                                                  NULL, &tc, &stats, &e);
            if (st == IBIDI_E_AMBIG_CONTROL) {
                /* A label with a bidi control, B or S: the twin search does not take it
                 * (Badami's model); Label Uniqueness is not checked for it. (BN is set
                 * aside by the search: X9.) */
                truncated = 1;
                break;
            }
            if (st != IBIDI_OK) {
                (void)ibidi__fail(err, st, l->offset, e.value);
                return st;
            }
            if (stats.truncated && !tc.found)
                truncated = 1;
            if (tc.found) { /* on_twin wrote the twin into d */
                d->d1 = d->d2 = 0x2E;
                d->s1 = nb[a];
                d->s2 = nb[z];
                d->control = 0;
                d->placement = 0;
                d->twin_len = n;
                *found = UNIQ_AT + (unsigned)(a * 3 + z);
                return IBIDI_OK;
            }
        }
    if (truncated) {
        truncated_detail(d);
        *found = UNIQ_TRUNCATED;
    }
    return IBIDI_OK;
}

/* The entry of the label at l (its bytes), or -1. */
static int memo_find_label(const memo *m, const label_at *l)
{
    for (size_t i = 0; i < m->n_labels; i++)
        if (m->label_len[i] == l->length &&
            memcmp(m->name + m->label_at[i], m->name + l->offset, l->length) == 0)
            return (int)i;
    return -1;
}

/* A new entry for the label at l, or -1 when the memo is full. */
static int memo_add_label(memo *m, const label_at *l)
{
    if (m->n_labels == MEMO_LABELS)
        return -1;
    m->label_at[m->n_labels] = l->offset;
    m->label_len[m->n_labels] = (uint8_t)l->length;
    return (int)m->n_labels++;
}

/*
 * Character Grouping (RFC 5893 §3) of a label is that of the label with one of two
 * neighbouring characters of one class L, R, AL, EN or AN left out, in every context and
 * both readings. Such a pair is never split by the UBA: both characters lie in one level
 * run (X1-X10: neither is a control, so they share an embedding level), and every rule
 * gives them one resolved class and one level: W1 and W3-W6 change only NSM, AL,
 * separators and terminators, and a separator, terminator or NSM next to the pair sees
 * the same class on that side with one character of it as with two; W2 and W7 look back
 * to the same strong character for both (L, R and AL are that character themselves), N1
 * and N2 see the same class bounding a neutral (the labels' classes stand for no paired
 * bracket, so N0 does nothing), I1-I2 give equal levels, and L1 resets only whitespace,
 * isolates, S and B. Equal levels side by side stay side by side under every reversal of
 * L2, so the display is the shorter label's with one more character of X beside one of its
 * own: X is one block beside the same characters in both (grouped reading), and that
 * character is between D1 and D2 exactly when its neighbour is (literal reading).
 * So the class string searched is cls with each run of one such class cut to one
 * character, in place: the UBA runs on shorter strings and labels that differ only in the
 * length of such runs (Hebrew words of any length) share one answer in the memo.
 * tests/test_rfc5893.c compares the cut strings with the whole ones, exhaustively on short
 * strings. Returns the new length.
 */
static size_t grouping_key(uint8_t *cls, size_t n)
{
    const unsigned runs = BIT(IBIDI_UNICODE_BC_L) | BIT(IBIDI_UNICODE_BC_R) |
                          BIT(IBIDI_UNICODE_BC_AL) | BIT(IBIDI_UNICODE_BC_EN) |
                          BIT(IBIDI_UNICODE_BC_AN);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (k == 0 || cls[i] != cls[k - 1] || !(class_bit(cls[i]) & runs))
            cls[k++] = cls[i];
    return k;
}

/* The checks of one label (cps, cls: n characters) l; cls is overwritten. */
static ibidi_status check_label(const uint32_t *cps, uint8_t *cls, size_t n,
                                const label_at *l, unsigned options, size_t max_candidates,
                                memo *m, out *o, ibidi_error *err)
{
    ibidi_rfc5893_detail d;
    memset(&d, 0, sizeof d);
    const unsigned want = want_of(options), dirs = dirmask_of(options);
    /* Character Grouping, then with the controls, each direction on its own, on the
     * label's class string with its runs cut (grouping_key); a string met before in this
     * name is not searched again (memo). */
    const size_t kn = grouping_key(cls, n);
    int known = memo_find(m, cls, kn), entry = known;
    if (entry < 0)
        entry = memo_add(m, cls, kn);
    for (int req = 0; req < 2; req++) {
        if (req == 1 && !(options & IBIDI_RFC5893_CONTROLS))
            break;
        for (unsigned dr = 0; dr < 2; dr++) {
            if (!(dirs & (1u << dr)))
                continue;
            uint16_t at;
            if (known >= 0) {
                at = m->grouping[known][req][dr];
            } else {
                int holds = 1;
                ibidi_status st = search(cls, kn, 1u << dr, req ? 1 : 0,
                                         req ? IBIDI_RFC5893_PLACEMENTS - 1 : 0, want,
                                         1, &holds, NULL, &at, NULL, err);
                if (st != IBIDI_OK)
                    return st;
                if (entry >= 0)
                    m->grouping[entry][req][dr] = at;
            }
            if (at != CTX_NONE) {
                detail_from_ctx(&d, at);
                add(o, l, req ? IBIDI_RFC5893_REQ_CONTROLS : IBIDI_RFC5893_REQ_GROUPING,
                    dr ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, &d);
            }
        }
    }
    /* Label Uniqueness, each direction on its own; a label met before in this name is
     * not searched again (memo): its twin is searched in the context that gave it. */
    int seen = memo_find_label(m, l), slot = seen;
    if (slot < 0)
        slot = memo_add_label(m, l);
    for (unsigned dr = 0; dr < 2; dr++) {
        if (!(dirs & (1u << dr)))
            continue;
        const ibidi_dir dir = dr ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
        unsigned found = seen >= 0 ? m->uniqueness[seen][dr] : UNIQ_AT;
        if (found >= UNIQ_AT) {
            ibidi_status st =
                uniqueness(cps, n, l, dir, max_candidates, found - UNIQ_AT, &d, &found, err);
            if (st != IBIDI_OK)
                return st;
            if (seen < 0 && slot >= 0)
                m->uniqueness[slot][dr] = (uint8_t)found;
        } else if (found == UNIQ_TRUNCATED) {
            truncated_detail(&d);
        }
        if (found != UNIQ_NONE)
            add(o, l, found == UNIQ_TRUNCATED ? IBIDI_RFC5893_REQ_TRUNCATED
                                              : IBIDI_RFC5893_REQ_UNIQUENESS,
                dir, &d);
    }
    return IBIDI_OK;
}

/* The flags and the bound come in an options record (at most six parameters a call); NULL:
 * the defaults. */
ibidi_status ibidi_rfc5893_check_name_utf8(const char *name, size_t len,
                                           const ibidi_rfc5893_name_options *opts,
                                           ibidi_findings *findings,
                                           ibidi_rfc5893_detail *details, ibidi_error *err)
{
    const unsigned options = opts ? opts->flags : 0u;
    size_t max_candidates = opts ? opts->max_candidates : 0;
    if (findings)
        findings->n = findings->errors = 0;
    if ((name == NULL && len > 0) || (findings && findings->items == NULL && findings->cap > 0) ||
        (options & ~(IBIDI_RFC5893_LITERAL | IBIDI_RFC5893_CONTROLS | IBIDI_RFC5893_ONLY_LTR |
                     IBIDI_RFC5893_ONLY_RTL)))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi_error uerr;
    ibidi_status st = ibidi_utf8_validate(name, len, NULL, &uerr);
    if (st != IBIDI_OK)
        return ibidi__fail(err, st, uerr.offset, uerr.value);
    /* a bound of its own by default (see rfc5893.h), else as ibidi_ambiguity_options' */
    max_candidates =
        ibidi__twins_bound(max_candidates ? max_candidates : IBIDI_RFC5893_DEFAULT_CANDIDATES);
    out o;
    memo m;
    m.n_keys = m.pool_used = m.n_labels = 0;
    m.name = name;
    ibidi__sink_init(&o.sink, findings);
    o.details = findings && findings->items ? details : NULL;
    uint32_t cps[IBIDI_RFC5893_MAX_LABEL];
    uint8_t cls[IBIDI_RFC5893_MAX_LABEL];
    size_t n = 0, pos = 0, start = 0, li = 0;
    for (;;) {
        uint32_t cp = 0x2E; /* the end of the name closes the last label */
        const size_t at = pos;
        if (pos < len) {
            st = ibidi_utf8_next(name, len, &pos, &cp, &uerr);
            if (st != IBIDI_OK) /* not reached: validated above */
                return ibidi__fail(err, st, uerr.offset, uerr.value);
        }
        if (cp == 0x2E) {
            if (n > 0) {
                const label_at l = {li, start, at - start, cps[0]};
                st = check_label(cps, cls, n, &l, options, max_candidates, &m, &o, err);
                if (st != IBIDI_OK) {
                    if (findings)
                        findings->n = 0;
                    return st;
                }
            }
            li++;
            n = 0;
            start = pos;
            if (at >= len)
                break;
            continue;
        }
        if (n == IBIDI_RFC5893_MAX_LABEL) {
            if (findings)
                findings->n = 0;
            return ibidi__fail(err, IBIDI_E_RFC5893_TOO_LONG, start, 0);
        }
        cps[n] = cp;
        cls[n++] = (uint8_t)ibidi_unicode_bidi_class(cp);
    }
    ibidi__sink_done(&o.sink, findings);
    return ibidi__ok(err);
}
