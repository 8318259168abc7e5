/*
 * Badami's analysis of bidi ambiguity in Internet identifiers (include/ibidi/ambiguity.h):
 * label categories, the sufficient conditions and recommendations of the paper computed from
 * the Bidi classes (codes 1-10), and the exact findings that the twin search gives (codes
 * 20-25). Section names in the comments are those of Badami, "Bidirectional ambiguities in
 * Internet identifiers" (working draft).
 *
 * Everything is computed for the paper's standard display model (the identifier alone in a
 * left-to-right embedding): codes 1-10 have context IBIDI_DIR_LTR. The exact codes are made
 * for each context asked (LTR always, RTL with IBIDI_AMBIGUITY_RTL).
 *
 * Characters of class BN (ZWNJ, ZWJ: IDNA2008 allows them in context) are set aside as
 * UAX #9 X9 removes them: the arrays hold the other code points, whose byte offsets map
 * every finding back to the input (emit, emit_bytes); the exact checks give the search the
 * whole text, and the search carries them into each twin.
 *
 * Memory: no allocation. The arrays are sized for the input: on the stack up to
 * AMB_SMALL bytes (every domain name), in the caller's work area above, up to
 * AMB_MAX_BYTES (longer input gives IBIDI_E_AMBIG_TOO_LONG with the offset AMB_MAX_BYTES).
 * The exact findings (IBIDI_AMBIGUITY_EXACT) always take the work area: the arrays, the twin
 * search's state and the validation of every twin (its components, then IDNA's area) all
 * go there, so that IDNA (27 KiB with its fixed area) never runs on the stack under the
 * search (IBIDI_STACK_MAX). With IBIDI_AMBIGUITY_EXACT, text of more than
 * IBIDI_AMBIGUITY_TWINS_MAX code points gives the twin search's IBIDI_E_TWINS_TOO_LONG. On any
 * error findings->n is 0.
 */
#include <string.h>

#include "ibidi/ambiguity.h"
#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "ambiguity/ambiguity_internal.h"
#include "idna/idna_internal.h"
#include "common/internal.h"
#include "unicode/ucd.h"
#include "unicode/utf8_internal.h"

/* The longest identifier analysed, in bytes (so also in code points), and the longest
 * analysed on the stack. */
#define AMB_MAX_BYTES IBIDI_AMBIGUITY_MAX_BYTES
#define AMB_SMALL 256
#define AMB_NONE 0xFFFFu
#define TWINS_MAX IBIDI_AMBIGUITY_TWINS_MAX

enum { DIR_L = 0, DIR_R = 1 };

/* A Bidi class as a bit of a set of classes. */
#define BCM(c) (1u << (c))

/* ---- Label categories ("Number embedding level ambiguity in IDNs") ------------------- */

static int is_code_point(uint32_t cp)
{
    return cp <= 0x10FFFFu && !(cp >= 0xD800u && cp <= 0xDFFFu);
}

/* The paper's definitions: a strong label holds L, R or AL; an LTR label holds L (IDNA then
 * forbids R and AL), an RTL label R or AL; a number label no strong character and at least
 * one EN or AN; a number prefix (suffix) label an LTR label with a number character before
 * its first (after its last) L; a neutral label neither strong nor number characters. A
 * label with both directions (the Bidi Rule forbids it) is MIXED and gets no flags. */
typedef struct cat_acc {
    int has_l, has_r, num_before_l, num_after_l;
} cat_acc;

IBIDI__ALWAYS_INLINE void cat_add(cat_acc *c, ibidi_unicode_bc bc)
{
    if (bc == IBIDI_UNICODE_BC_L) {
        c->has_l = 1;
        c->num_after_l = 0;
    } else if (bc == IBIDI_UNICODE_BC_R || bc == IBIDI_UNICODE_BC_AL) {
        c->has_r = 1;
    } else if (bc == IBIDI_UNICODE_BC_EN || bc == IBIDI_UNICODE_BC_AN) {
        if (!c->has_l)
            c->num_before_l = 1;
        c->num_after_l = 1; /* reset by a later L: only numbers after the last L count */
    }
}

static unsigned cat_value(const cat_acc *c)
{
    if (c->has_l && c->has_r)
        return IBIDI_AMBIGUITY_LABEL_MIXED;
    if (c->has_l) {
        unsigned v = IBIDI_AMBIGUITY_LABEL_LTR;
        if (c->num_before_l)
            v |= IBIDI_AMBIGUITY_LABEL_NUMBER_PREFIX;
        if (c->num_after_l)
            v |= IBIDI_AMBIGUITY_LABEL_NUMBER_SUFFIX;
        return v;
    }
    if (c->has_r)
        return IBIDI_AMBIGUITY_LABEL_RTL;
    /* num_before_l is set by any number character while no L has been seen */
    return c->num_before_l ? IBIDI_AMBIGUITY_LABEL_NUMBER : IBIDI_AMBIGUITY_LABEL_NEUTRAL;
}

/* Values that are not code points count as neutral characters (ambiguity.h). */
static ibidi_unicode_bc class_of(uint32_t cp)
{
    return is_code_point(cp) ? ibidi_unicode_bidi_class(cp) : IBIDI_UNICODE_BC_ON;
}

unsigned ibidi_ambiguity_label_category_cp(const uint32_t *label, size_t n)
{
    cat_acc c = {0, 0, 0, 0};
    if (!label)
        n = 0;
    for (size_t i = 0; i < n; i++)
        cat_add(&c, class_of(label[i]));
    return cat_value(&c);
}

ibidi_status ibidi_ambiguity_label_category_utf8(const char *label, size_t len, unsigned *category,
                                       ibidi_error *err)
{
    cat_acc c = {0, 0, 0, 0};
    size_t pos = 0;
    if ((!label && len) || !category)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    while (pos < len) {
        uint32_t cp;
        ibidi_status st = ibidi_utf8_next(label, len, &pos, &cp, err);
        if (st != IBIDI_OK)
            return st;
        cat_add(&c, ibidi_unicode_bidi_class(cp));
    }
    *category = cat_value(&c);
    return ibidi__ok(err);
}

/* ---- The work area ----------------------------------------------------------------- */

typedef struct lab {
    uint16_t cs, ce; /* code point range (of the code points kept: see amb) */
    uint16_t bs, be; /* byte range: the component's, set-aside characters at its ends too */
    uint16_t comp;   /* component index */
    uint16_t prev, next; /* closest strong label before / after (index), AMB_NONE */
    unsigned cat;
    uint8_t dfirst, dlast; /* direction of the first and last strong character */
} lab;

typedef struct amb {
    const char *s;
    size_t len;
    int text; /* IBIDI_AMBIGUITY_TEXT: no structure */
    size_t n; /* code points kept */
    size_t nset; /* code points set aside (UAX #9 X9: class BN, ibidi__ambig_set_aside):
                    they are in no array; the byte offsets of those kept locate them */
    /* the arrays (amb_layout), over the code points kept: cp, bc of each code point; the
     * class of the closest strong character before / after each code point in the whole
     * text, the ends of the text counting as L ("Weak types EN and AN"); its byte offset
     * (n + 1 of them); its component, or AMB_NONE */
    uint32_t *cp;
    uint8_t *bc, *pbc, *nbc;
    uint16_t *off, *comp_of;
    const ibidi_iri_component *comps; /* the identifier's components (compbuf or the caller's) */
    size_t ncomps;
    ibidi_iri_component *compbuf; /* len + 2 */
    ibidi_iri_info info;
    lab *labels; /* the domain name's labels (IBIDI_IRI_COMP_LABEL): a label has at least
                    one byte and a separator after it, so len / 2 + 1 */
    size_t nl;
    unsigned classes; /* the Bidi classes present (BCM bits) */
    /* output */
    ibidi_finding *out;
    size_t cap, count;
} amb;

/* Bytes of the arrays for inputs of up to cap bytes, each array 8-aligned: 45 a byte. */
#define A8(x) (((size_t)(x) + 7u) & ~(size_t)7u)
#define AMB_BYTES(cap)                                                                     \
    (A8((size_t)(cap)*4u) + A8(((size_t)(cap) + 1u) * 2u) + A8((size_t)(cap)*2u) +         \
     A8((size_t)(cap)*3u) + A8(((size_t)(cap) / 2u + 1u) * sizeof(lab)) +                  \
     ((size_t)(cap) + 2u) * sizeof(ibidi_iri_component))

/* Points a's arrays into area (8-aligned) for inputs of up to cap bytes. */
static void amb_layout(amb *a, void *area, size_t cap)
{
    char *p = area;
    a->cp = (uint32_t *)(void *)p;
    p += A8(cap * 4u);
    a->off = (uint16_t *)(void *)p;
    p += A8((cap + 1u) * 2u);
    a->comp_of = (uint16_t *)(void *)p;
    p += A8(cap * 2u);
    a->bc = (uint8_t *)p;
    a->pbc = a->bc + cap;
    a->nbc = a->pbc + cap;
    p += A8(cap * 3u);
    a->labels = (lab *)(void *)p;
    p += A8((cap / 2u + 1u) * sizeof(lab));
    a->compbuf = (ibidi_iri_component *)(void *)p;
}

static int cmp_finding(const ibidi_finding *x, const ibidi_finding *y)
{
    if (x->context != y->context)
        return x->context < y->context ? -1 : 1;
    if (x->offset != y->offset)
        return x->offset < y->offset ? -1 : 1;
    if (x->code != y->code)
        return x->code < y->code ? -1 : 1;
    if (x->detail != y->detail)
        return x->detail < y->detail ? -1 : 1;
    if (x->length != y->length)
        return x->length < y->length ? -1 : 1;
    return 0;
}

/* Keeps out[0..cap) as the smallest findings seen so far, in order (the findings are made
 * in no particular order and cannot all be kept: the caller's array is the only store).
 * The finding covers bytes [start, end) of the input; cp and bc are those of its first
 * code point (0 and -1 when it has none). */
static void emit_at(amb *a, ibidi_ambiguity_code code, ibidi_dir ctx, size_t start, size_t end,
                    uint32_t cp, int bc, size_t comp, int expression)
{
    ibidi_finding f;
    size_t stored = a->count < a->cap ? a->count : a->cap, k;
    f.code = code;
    f.severity = IBIDI_SEVERITY_WARNING; /* an ambiguity never makes an identifier invalid */
    f.rule = ibidi_code_message(code);
    f.context = ctx;
    f.offset = start;
    f.length = end - start;
    f.part = comp;
    f.cp = cp;
    f.bidi_class = bc;
    f.detail = expression;
    f.input_offset = start;
    f.input_length = end - start;
    a->count++;
    if (a->cap == 0 || (stored == a->cap && cmp_finding(&f, &a->out[a->cap - 1]) >= 0))
        return;
    k = stored;
    while (k > 0 && cmp_finding(&f, &a->out[k - 1]) < 0)
        k--;
    if (stored == a->cap)
        stored--; /* the last one drops out */
    memmove(&a->out[k + 1], &a->out[k], (stored - k) * sizeof f);
    a->out[k] = f;
}

static size_t utf8_length(uint32_t cp)
{
    return cp < 0x80u ? 1u : cp < 0x800u ? 2u : cp < 0x10000u ? 3u : 4u;
}

/* A finding on the characters [cps, cpe) (code points kept): from the first one's byte to
 * the end of the last one's, so a character set aside (X9) inside the range is covered and
 * one right after it is not. */
static void emit(amb *a, ibidi_ambiguity_code code, ibidi_dir ctx, size_t cps, size_t cpe,
                 size_t comp, int expression)
{
    if (cps >= a->n) {
        emit_at(a, code, ctx, a->len, a->len, 0, -1, comp, expression);
        return;
    }
    const size_t e = cpe < a->n ? cpe : a->n; /* past the last one */
    const size_t end = e > cps ? a->off[e - 1] + utf8_length(a->cp[e - 1]) : a->off[cps];
    emit_at(a, code, ctx, a->off[cps], end, a->cp[cps], a->bc[cps], comp, expression);
}

/* A finding on bytes [start, end) that are a part of the identifier (labels, the host, the
 * whole text), whatever characters set aside lie at its ends; cp is the one at start. */
static void emit_bytes(amb *a, ibidi_ambiguity_code code, ibidi_dir ctx, size_t start, size_t end,
                       size_t comp, int expression)
{
    uint32_t cp = 0;
    int bc = -1;
    if (start < a->len) {
        size_t pos = start; /* decoded already: well-formed */
        cp = ibidi__utf8_decode_valid((const unsigned char *)a->s, &pos);
        bc = (int)ibidi__bc(cp);
    }
    emit_at(a, code, ctx, start, end, cp, bc, comp, expression);
}

static size_t comp_at(const amb *a, size_t i)
{
    return i < a->n && a->comp_of[i] != AMB_NONE ? a->comp_of[i] : IBIDI_NO_PART;
}

static int strong(uint8_t bc)
{
    return bc == IBIDI_UNICODE_BC_L || bc == IBIDI_UNICODE_BC_R || bc == IBIDI_UNICODE_BC_AL;
}

static int dir_of(uint8_t bc)
{
    return bc == IBIDI_UNICODE_BC_L ? DIR_L : DIR_R;
}

static int is_number(uint8_t bc)
{
    return bc == IBIDI_UNICODE_BC_EN || bc == IBIDI_UNICODE_BC_AN;
}

/* The class of the closest strong character before code point i (i <= n: n is the end),
 * and of the closest at or after i; the ends of the text count as L. */
static uint8_t strong_before(const amb *a, size_t i)
{
    if (i < a->n)
        return a->pbc[i];
    if (a->n == 0)
        return IBIDI_UNICODE_BC_L;
    return strong(a->bc[a->n - 1]) ? a->bc[a->n - 1] : a->pbc[a->n - 1];
}

static uint8_t strong_from(const amb *a, size_t i)
{
    if (i >= a->n)
        return IBIDI_UNICODE_BC_L;
    return strong(a->bc[i]) ? a->bc[i] : a->nbc[i];
}

/* ---- Codes 1 and 2: "Weak types EN and AN", "Number type ambiguity" ------------------ */

/*
 * NUMBER_LEVEL, the paper's sufficient condition: for each number character (EN, AN) of the
 * whole text, the closest preceding and the closest following strong characters must have
 * the same direction (R and AL right-to-left, the ends of the text left-to-right).
 *
 * NUMBER_TYPE. The paper shows that the closest preceding strong character in logical order
 * can be told from the display whenever the run of weak and neutral characters around a
 * number is bracketed by strong characters of one direction; so W2 (EN becomes AN after AL)
 * can only be in doubt where NUMBER_LEVEL fails, and the paper's claim "if number embedding
 * level ambiguity is resolved ... then number type ambiguity cannot occur" holds by
 * construction. Our precise condition, at a European digit (EN):
 *   1. NUMBER_LEVEL fails there (its closest strong characters differ in direction), so a
 *      twin may have the other of the two as the closest preceding strong character;
 *   2. the right-to-left one of the two is AL, so the two readings give different W2
 *      outcomes (AN after AL, EN otherwise);
 *   3. the outcome changes how a neighbour resolves: the digit is next (in logical order)
 *      to an ET (W5 joins ET to EN, never to AN), or to an ES whose other side is EN
 *      (W4 joins EN ES EN, not AN ES AN), or to a CS whose other side is AN (W4 joins
 *      AN CS AN, not EN CS AN; EN CS EN joins either way).
 * Decided here (the paper gives no rule): neighbours are the adjacent code points; NSM
 * (which W1 makes a copy of the digit) is not skipped. This is a sufficient condition like
 * NUMBER_LEVEL, not an exact one: the twin search and the verifier give the exact answer.
 */
static int type_neighbour(const amb *a, size_t i, int step)
{
    size_t j = i + (size_t)step, k = j + (size_t)step; /* wraps harmlessly below 0 */
    if (j >= a->n)
        return 0;
    if (a->bc[j] == IBIDI_UNICODE_BC_ET)
        return 1;
    if (k >= a->n)
        return 0;
    if (a->bc[j] == IBIDI_UNICODE_BC_ES)
        return a->bc[k] == IBIDI_UNICODE_BC_EN;
    if (a->bc[j] == IBIDI_UNICODE_BC_CS)
        return a->bc[k] == IBIDI_UNICODE_BC_AN;
    return 0;
}

static void number_checks(amb *a)
{
    if (!(a->classes & (BCM(IBIDI_UNICODE_BC_EN) | BCM(IBIDI_UNICODE_BC_AN))))
        return; /* no number character: nothing to check */
    for (size_t i = 0; i < a->n; i++) {
        if (!is_number(a->bc[i]))
            continue;
        uint8_t p = a->pbc[i], q = a->nbc[i];
        if (dir_of(p) == dir_of(q))
            continue;
        emit(a, IBIDI_AMBIGUITY_NUMBER_LEVEL, IBIDI_DIR_LTR, i, i + 1, comp_at(a, i), 0);
        if (a->bc[i] == IBIDI_UNICODE_BC_EN &&
            (p == IBIDI_UNICODE_BC_AL || q == IBIDI_UNICODE_BC_AL) &&
            (type_neighbour(a, i, -1) || type_neighbour(a, i, 1)))
            emit(a, IBIDI_AMBIGUITY_NUMBER_TYPE, IBIDI_DIR_LTR, i, i + 1, comp_at(a, i), 0);
    }
}

/* ---- Code 3: "Number separator ambiguity", Recommendation I ---------------------------- */

/*
 * The six expressions, in the paper's order, after the anchor (^|R):
 *   1. WN* ET+ EN+ (ES|CS) EN+        4. WN* EN+ ET+ (ES|CS) EN+
 *   2. WN* EN+ (ES|CS) ET+ EN+        5. WN* ET+ EN+ (ES|CS) EN+ ET+
 *   3. WN* EN+ (ES|CS) EN+ ET+        6. WN* EN+ ET+ (ES|CS) ET+ EN+
 * WN = EN ES ET AN CS NSM. "R" is the Bidi class R only, as the paper's legend says ("R,
 * EN, ES, ET and CS stands for any character of that type"): after AL, W2 makes the
 * digits Arabic numbers, to which ET and ES do not attach, so the expressions do not
 * describe that case (SEPARATOR_TWIN does).
 *
 * The paper's own note says the expressions are imprecise: WN* may end with a number,
 * terminator or separator, so they cover too much, and numbers with several separators
 * (-123/456/789) are not handled exactly. They are implemented as written; the exact
 * answer is SEPARATOR_TWIN (twin search).
 *
 * Matching is a small NFA over the elements (a state j: the first j elements matched),
 * linear in the text. Anything may follow a match; the finding covers the longest match
 * from its anchor (so the whole number, e.g. A%123+456 in A%123+456B).
 */
enum { REP_ONE = 0, REP_PLUS = 1, REP_STAR = 2 };
typedef struct rx_el {
    unsigned mask;
    int rep;
} rx_el;

#define M_WN                                                                                       \
    (BCM(IBIDI_UNICODE_BC_EN) | BCM(IBIDI_UNICODE_BC_ES) | BCM(IBIDI_UNICODE_BC_ET) |              \
     BCM(IBIDI_UNICODE_BC_AN) | BCM(IBIDI_UNICODE_BC_CS) | BCM(IBIDI_UNICODE_BC_NSM))
#define M_SEP (BCM(IBIDI_UNICODE_BC_ES) | BCM(IBIDI_UNICODE_BC_CS))
#define E_WN {M_WN, REP_STAR}
#define E_ET                                                                                       \
    {                                                                                              \
        BCM(IBIDI_UNICODE_BC_ET), REP_PLUS                                                         \
    }
#define E_EN                                                                                       \
    {                                                                                              \
        BCM(IBIDI_UNICODE_BC_EN), REP_PLUS                                                         \
    }
#define E_SEP {M_SEP, REP_ONE}

static const rx_el rx[6][6] = {
    {E_WN, E_ET, E_EN, E_SEP, E_EN, {0, 0}},
    {E_WN, E_EN, E_SEP, E_ET, E_EN, {0, 0}},
    {E_WN, E_EN, E_SEP, E_EN, E_ET, {0, 0}},
    {E_WN, E_EN, E_ET, E_SEP, E_EN, {0, 0}},
    {E_WN, E_ET, E_EN, E_SEP, E_EN, E_ET},
    {E_WN, E_EN, E_ET, E_SEP, E_ET, E_EN},
};
static const int rx_len[6] = {5, 5, 5, 5, 6, 6};

/* Every expression needs an ET, an EN and a separator (ES or CS): text without one of
 * them cannot match (nearly every domain name: no label character is ET). */
#define RX_NEEDS_ALL(m)                                                                            \
    (((m)&BCM(IBIDI_UNICODE_BC_ET)) && ((m)&BCM(IBIDI_UNICODE_BC_EN)) && ((m)&M_SEP))

static unsigned rx_closure(const rx_el *e, int m, unsigned s)
{
    for (int j = 0; j < m; j++)
        if ((s >> j & 1u) && e[j].rep == REP_STAR)
            s |= 1u << (j + 1);
    return s;
}

/* The end (exclusive) of the longest match of expression x on bc[from..to), 0 if none
 * (a match consumes at least three code points, so 0 is never an end). */
static size_t rx_match(const amb *a, int x, size_t from, size_t to)
{
    const rx_el *e = rx[x];
    int m = rx_len[x];
    unsigned s = rx_closure(e, m, 1u);
    size_t end = 0;
    for (size_t i = from; i < to && s; i++) {
        unsigned c = BCM(a->bc[i]), t = 0;
        for (int j = 0; j <= m; j++) {
            if (!(s >> j & 1u))
                continue;
            if (j >= 1 && e[j - 1].rep != REP_ONE && (e[j - 1].mask & c))
                t |= 1u << j;
            if (j < m && (e[j].mask & c))
                t |= 1u << (j + 1);
        }
        s = rx_closure(e, m, t);
        if (s >> m & 1u)
            end = i + 1;
    }
    return end;
}

/* Recommendation I on one domain label: anchors ^ (the label's start) and each R. */
static void separator_label(amb *a, const lab *l)
{
    unsigned m = 0;
    for (size_t i = l->cs; i < l->ce; i++)
        m |= BCM(a->bc[i]);
    if (!RX_NEEDS_ALL(m))
        return;
    for (int x = 0; x < 6; x++) {
        size_t end = rx_match(a, x, l->cs, l->ce);
        if (end)
            emit(a, IBIDI_AMBIGUITY_NUMBER_SEPARATOR, IBIDI_DIR_LTR, l->cs, end, l->comp, x + 1);
        for (size_t i = l->cs; i < l->ce; i++)
            if (a->bc[i] == IBIDI_UNICODE_BC_R && (end = rx_match(a, x, i + 1, l->ce)) != 0)
                emit(a, IBIDI_AMBIGUITY_NUMBER_SEPARATOR, IBIDI_DIR_LTR, i, end, l->comp, x + 1);
    }
}

/* The "R WN* ..." forms of the number separator section over the whole text (plain text,
 * IRIs, mail addresses: the UBA runs over the whole identifier and the delimiters take
 * part in W4, e.g. "/" is CS). A match that lies within one domain label is reported by the
 * label's own check (Recommendation I) and not repeated here. */
static void separator_text(amb *a)
{
    if (!RX_NEEDS_ALL(a->classes))
        return;
    for (size_t i = 0; i < a->n; i++) {
        size_t c = a->comp_of[i];
        if (a->bc[i] != IBIDI_UNICODE_BC_R)
            continue;
        for (int x = 0; x < 6; x++) {
            size_t end = rx_match(a, x, i + 1, a->n);
            if (!end)
                continue;
            if (!a->text && c != AMB_NONE && a->comps[c].kind == IBIDI_IRI_COMP_LABEL &&
                a->off[end - 1] < a->comps[c].start + a->comps[c].length)
                continue;
            emit(a, IBIDI_AMBIGUITY_NUMBER_SEPARATOR, IBIDI_DIR_LTR, i, end, comp_at(a, i), x + 1);
        }
    }
}

/* ---- Codes 4-10: IDNs ------------------------------------------------------------------ */

/*
 * "Number embedding level ambiguity in IDNs", case 3, for the number label k, considering
 * only labels [lo, hi) (a parent domain or relative name on its own), with pout / nout the
 * direction of what lies before / after those labels when no strong label does.
 *
 *   - no strong label before (after): taken as an LTR label (the paper), or for an IRI or
 *     mail address, the direction of the closest strong character outside the domain
 *     name (the identifier's ends count as left-to-right). Such outside text is never a
 *     number prefix or suffix label: those exceptions rest on IDNA's restrictions on
 *     labels, which a local part, userinfo or path does not have;
 *   - both LTR or both RTL: no ambiguity;
 *   - preceding RTL, following a number prefix label: none (the twin would put a
 *     right-to-left character into the LTR label, which IDNA forbids);
 *   - preceding a number suffix label, following RTL: none (likewise);
 *   - otherwise ambiguity.
 * A MIXED label (outside the paper's categories) counts with the direction of its last
 * strong character when it precedes and of its first when it follows, as the character
 * condition would, and is neither a prefix nor a suffix label.
 *
 * Cases 1 and 2 (a number character in an RTL or an LTR label) give no finding here: the
 * paper shows that IDNA's Bidi Rule resolves them (an RTL label starts with a right-to-left
 * character; the twin of a number in an LTR label would mix directions in one label).
 * RFC 5893 lets an RTL label end with digits, so case 1's argument holds only at the start;
 * NUMBER_LEVEL still reports such digits character by character, and the exact findings
 * say whether a valid twin exists.
 */
static int idn_ambiguous(const amb *a, size_t k, size_t lo, size_t hi, int pout, int nout)
{
    const lab *L = a->labels;
    int pd = pout, nd = nout, psuf = 0, npre = 0;
    if (L[k].prev != AMB_NONE && L[k].prev >= lo) {
        const lab *p = &L[L[k].prev];
        pd = p->dlast;
        psuf = IBIDI_AMBIGUITY_LABEL_CATEGORY(p->cat) == IBIDI_AMBIGUITY_LABEL_LTR &&
               (p->cat & IBIDI_AMBIGUITY_LABEL_NUMBER_SUFFIX);
    }
    if (L[k].next != AMB_NONE && L[k].next < hi) {
        const lab *q = &L[L[k].next];
        nd = q->dfirst;
        npre = IBIDI_AMBIGUITY_LABEL_CATEGORY(q->cat) == IBIDI_AMBIGUITY_LABEL_LTR &&
               (q->cat & IBIDI_AMBIGUITY_LABEL_NUMBER_PREFIX);
    }
    if (pd == nd)
        return 0;
    if (pd == DIR_R && npre)
        return 0;
    if (psuf && nd == DIR_R)
        return 0;
    return 1;
}

static int is_number_label(const lab *l)
{
    return IBIDI_AMBIGUITY_LABEL_CATEGORY(l->cat) == IBIDI_AMBIGUITY_LABEL_NUMBER;
}

static int is_strong_label(const lab *l)
{
    ibidi_ambiguity_label_category c = IBIDI_AMBIGUITY_LABEL_CATEGORY(l->cat);
    return c == IBIDI_AMBIGUITY_LABEL_LTR || c == IBIDI_AMBIGUITY_LABEL_RTL ||
           c == IBIDI_AMBIGUITY_LABEL_MIXED;
}

/* Labels [lo, hi) on their own (a domain name rendered as an identifier in its own right:
 * what lies outside counts as left-to-right): does some number label have case 3? Inlined
 * into its loops over parents and relative names: as a call it cost 4% of the analysis of
 * a list of names (bench/bench_scan.c). */
IBIDI__ALWAYS_INLINE int part_ambiguous(const amb *a, size_t lo, size_t hi)
{
    for (size_t k = lo; k < hi; k++)
        if (is_number_label(&a->labels[k]) && idn_ambiguous(a, k, lo, hi, DIR_L, DIR_L))
            return 1;
    return 0;
}

static void collect_labels(amb *a)
{
    size_t ci = 0;
    a->nl = 0;
    for (size_t c = 0; c < a->ncomps; c++) {
        const ibidi_iri_component *k = &a->comps[c];
        lab *l;
        cat_acc acc = {0, 0, 0, 0};
        if (k->kind != IBIDI_IRI_COMP_LABEL || k->length == 0)
            continue;
        while (ci < a->n && a->off[ci] < k->start)
            ci++;
        l = &a->labels[a->nl++];
        l->cs = (uint16_t)ci;
        while (ci < a->n && a->off[ci] < k->start + k->length)
            ci++;
        l->ce = (uint16_t)ci;
        l->bs = (uint16_t)k->start;
        l->be = (uint16_t)(k->start + k->length);
        l->comp = (uint16_t)c;
        l->dfirst = l->dlast = DIR_L;
        {
            int seen = 0;
            for (size_t i = l->cs; i < l->ce; i++) {
                cat_add(&acc, (ibidi_unicode_bc)a->bc[i]);
                if (strong(a->bc[i])) {
                    if (!seen)
                        l->dfirst = (uint8_t)dir_of(a->bc[i]);
                    seen = 1;
                    l->dlast = (uint8_t)dir_of(a->bc[i]);
                }
            }
        }
        l->cat = cat_value(&acc);
    }
    {
        uint16_t last = AMB_NONE;
        for (size_t k = 0; k < a->nl; k++) {
            a->labels[k].prev = last;
            if (is_strong_label(&a->labels[k]))
                last = (uint16_t)k;
        }
        last = AMB_NONE;
        for (size_t k = a->nl; k-- > 0;) {
            a->labels[k].next = last;
            if (is_strong_label(&a->labels[k]))
                last = (uint16_t)k;
        }
    }
}

static void idn_checks(amb *a)
{
    const lab *L = a->labels;
    size_t nl = a->nl;
    int pout, nout, whole;
    if (nl == 0)
        return;
    /* Outside the domain name: the closest strong characters of the identifier (labels
     * may hold no code point kept: only characters set aside) */
    pout = dir_of(strong_before(a, L[0].cs));
    nout = dir_of(strong_from(a, L[nl - 1].ce));

    for (size_t k = 0; k < nl; k++) {
        separator_label(a, &L[k]);
        if (!is_number_label(&L[k]))
            continue;
        /* "Number embedding level ambiguity in IDNs", case 3 */
        if (idn_ambiguous(a, k, 0, nl, pout, nout))
            emit_bytes(a, IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, IBIDI_DIR_LTR, L[k].bs, L[k].be,
                       L[k].comp, 0);
        /* Recommendation III: the closest strong labels within the domain name are LTR. */
        if (L[k].prev != AMB_NONE &&
            IBIDI_AMBIGUITY_LABEL_CATEGORY(L[L[k].prev].cat) != IBIDI_AMBIGUITY_LABEL_LTR)
            emit_bytes(a, IBIDI_AMBIGUITY_REC_III_PRECEDING, IBIDI_DIR_LTR, L[k].bs, L[k].be,
                       L[k].comp, 0);
        if (L[k].next != AMB_NONE &&
            IBIDI_AMBIGUITY_LABEL_CATEGORY(L[L[k].next].cat) != IBIDI_AMBIGUITY_LABEL_LTR)
            emit_bytes(a, IBIDI_AMBIGUITY_REC_III_FOLLOWING, IBIDI_DIR_LTR, L[k].bs, L[k].be,
                       L[k].comp, 0);
    }

    /* Recommendation II (tentative): the top-level label (the last one; the root label
     * gives no component) is a strong label. */
    if (!is_strong_label(&L[nl - 1]))
        emit_bytes(a, IBIDI_AMBIGUITY_REC_II, IBIDI_DIR_LTR, L[nl - 1].bs, L[nl - 1].be,
                   L[nl - 1].comp, 0);

    /* "Recommendations concerning the use of IDNs". A name is ambiguous on its own when a
     * number label has case 3 with the outside counted as LTR (the IDN analysis: cases 1
     * and 2 are left to IDNA, so NUMBER_LEVEL on the characters of RTL and LTR labels does
     * not make a part ambiguous). Decided here: PARENT_DOMAIN and RELATIVE_NAME are
     * reported for each proper parent (leading labels dropped) and relative name
     * (trailing labels dropped) that is ambiguous when the whole name on its own is not
     * (the paper's DEF.123.ABC.com, whose parent 123.ABC.com is ambiguous); when the whole
     * name is ambiguous, its own findings already say so. CONTAINED_DOMAIN is reported
     * whenever the host of an IRI or the domain of a mail address is ambiguous on its
     * own, whatever the text around it does (DEF@123.ABC.com). */
    whole = part_ambiguous(a, 0, nl);
    if (!a->text && a->info.kind != IBIDI_IRI_AS_DOMAIN && whole)
        emit_bytes(a, IBIDI_AMBIGUITY_CONTAINED_DOMAIN, IBIDI_DIR_LTR, L[0].bs, L[nl - 1].be,
                   L[0].comp, 0);
    if (whole)
        return;
    for (size_t i = 1; i < nl; i++)
        if (part_ambiguous(a, i, nl))
            emit_bytes(a, IBIDI_AMBIGUITY_PARENT_DOMAIN, IBIDI_DIR_LTR, L[i].bs, L[nl - 1].be,
                       L[i].comp, 0);
    for (size_t j = 1; j < nl; j++)
        if (part_ambiguous(a, 0, j))
            emit_bytes(a, IBIDI_AMBIGUITY_RELATIVE_NAME, IBIDI_DIR_LTR, L[0].bs, L[j - 1].be,
                       L[0].comp, 0);
}

/* ---- Codes 20-25: exact findings (twin search) --------------------------------------- */

/* The exact checks' memory, in the work area: the input's levels and W4 joins, the
 * twin's, the findings gathered over the twins, the search's state after it and IDNA's
 * area for the validation of each twin after that (its components, then ToASCII). */
typedef struct twin_ctx {
    amb *a;
    ibidi_dir dir;
    ibidi_idna_options idna; /* which twins are valid; its work area is the validation's */
    unsigned check_bits;
    uint8_t lev[TWINS_MAX], tlev[TWINS_MAX];
    size_t v2l[TWINS_MAX], tv2l[TWINS_MAX];
    uint8_t sep[TWINS_MAX]; /* input code points with SEPARATOR_TWIN */
    uint8_t join[TWINS_MAX], tjoin[TWINS_MAX]; /* W4 joins the separator */
    uint8_t weak[TWINS_MAX], tweak[TWINS_MAX]; /* types after W1-W7 */
    uint8_t tbc[TWINS_MAX];
    uint32_t tcp[TWINS_MAX];
    uint32_t full[TWINS_MAX]; /* the input with its characters set aside, for the search */
    int joins;  /* lev, v2l, weak and join hold the input's (input_joins) */
    ibidi_status st; /* input_joins failed (not reached: the input was checked): its error */
    ibidi_error e;
    int rule_1; /* a domain name whose IDNA options check the Bidi Rule: a twin that
                   ibidi__ambig_twin_breaks_rule_1 is invalid */
    int any, valid, undetermined, same_authority;
} twin_ctx;

static int span_text_eq(const char *s, const ibidi_span *x, const char *t, const ibidi_span *y)
{
    if (x->present != y->present)
        return 0;
    if (!x->present)
        return 1;
    return x->length == y->length && memcmp(s + x->start, t + y->start, x->length) == 0;
}

/* W4 on the separators of a text of n code points: join[i] = 1 when the ES or CS at i
 * (class bc[i]) became part of a number, which the resolved type after W1-W7 (weak[i])
 * says: a separator that joined one has the number's type (EN, AN, or L after W7), one
 * that did not is ON (W6). */
static void w4_joins(const uint8_t *bc, const uint8_t *weak, size_t n, uint8_t *join)
{
    for (size_t i = 0; i < n; i++)
        join[i] = (bc[i] == IBIDI_UNICODE_BC_ES || bc[i] == IBIDI_UNICODE_BC_CS) &&
                  weak[i] != IBIDI_UNICODE_BC_ON;
}

/* A code point that UTS #46 §4 steps 1-2 leave as it is, in place, whatever surrounds it
 * in a label of such code points: valid (Map keeps it; IDNA2008 maps nothing), and an NFC
 * starter that composes with nothing before it (NFC_Quick_Check Yes, combining class 0),
 * so that Normalize neither moves it nor joins it to another: the next one is such a
 * starter too, or the label's end (a full stop, itself one). ASCII: the LDH characters of
 * a label after Map. */
static int kept_by_processing(uint32_t cp)
{
    if (cp < 0x80u)
        return (cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9') || cp == '-';
    const uint32_t ni = ibidi__norm_info(cp);
    return IBIDI__NI_CCC(ni) == 0 && IBIDI__NI_NFC_QC(ni) == IBIDI_NORMALIZE_YES &&
           ibidi_unicode_uts46_status(cp) == IBIDI_UNICODE_UTS46_VALID;
}

int ibidi__ambig_twin_breaks_rule_1(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t pos = 0;
    while (pos < len) {
        /* one label, up to the next full stop: its first character decides first (the
         * common twin of a name with a digit has a label starting with that digit) */
        int first = 1, rtl = 0, kept = 1;
        for (; pos < len && u[pos] != '.';) {
            const uint32_t cp = ibidi__utf8_decode_valid(u, &pos);
            const ibidi_unicode_bc bc = ibidi__bc(cp);
            if (first && (bc == IBIDI_UNICODE_BC_L || bc == IBIDI_UNICODE_BC_R ||
                          bc == IBIDI_UNICODE_BC_AL))
                kept = 0; /* RFC 5893 rule 1 holds here */
            first = 0;
            if (!kept)
                continue;
            /* RFC 5893 §1.4: R, AL or AN make an RTL label */
            rtl |= bc == IBIDI_UNICODE_BC_R || bc == IBIDI_UNICODE_BC_AL ||
                   bc == IBIDI_UNICODE_BC_AN;
            kept = kept_by_processing(cp);
        }
        if (!first && kept && rtl)
            return 1;
        pos++; /* past the full stop */
    }
    return 0;
}

/* The input's levels, visual order and W4 joins in the context of the search, for
 * SEPARATOR_TWIN: made at the first valid twin, since only valid twins are compared (most
 * searches find none). The code points kept: X9 removes the others, so their levels are
 * those of the whole text's. Cannot fail (the input was checked: no controls, at most
 * TWINS_MAX code points); if it did, t->st says so and the search stops. */
static int input_joins(twin_ctx *t)
{
    const amb *a = t->a;
    ibidi_bidi_result r = {.levels = t->lev, .weak = t->weak, .cap = TWINS_MAX};
    ibidi_status st =
        ibidi_bidi_resolve_cp(a->cp, a->n, &(ibidi_bidi_options){.dir = t->dir}, &r, &t->e);
    if (st == IBIDI_OK)
        st = ibidi_bidi_reorder(t->lev, r.n, t->v2l, NULL, &t->e);
    if (st != IBIDI_OK) {
        t->st = st;
        return 0;
    }
    w4_joins(a->bc, t->weak, a->n, t->join);
    t->joins = 1;
    return 1;
}

static int on_twin(const char *tw, size_t tlen, void *vp)
{
    twin_ctx *t = vp;
    amb *a = t->a;
    size_t tn = 0;
    t->any = 1;
    if (!a->text) {
        /* RFC 5893 rule 1: the usual twin of a name with a digit (the digit moved to the
         * front of an RTL label) is invalid for that alone, which the full validation
         * below would find at many times the cost (ibidi__ambig_twin_breaks_rule_1) */
        if (t->rule_1 && ibidi__ambig_twin_breaks_rule_1(tw, tlen))
            return 0;
        /* A twin counts when it is a valid identifier of the same kind under the IDNA
         * options (ibidi_iri_validate); its parse then gives the parts compared below. */
        ibidi__code_set c;
        ibidi_iri_info ti;
        if (ibidi__iri_validity(tw, tlen, a->info.kind, t->check_bits, &t->idna, &c, &ti,
                                NULL) != IBIDI_OK ||
            c.any)
            return 0;
        if (tlen <= AMB_MAX_BYTES) {
            /* "Bidirectional ambiguity in other internet identifiers": the domain */
            if (a->info.kind != IBIDI_IRI_AS_DOMAIN &&
                !span_text_eq(a->s, &a->info.host, tw, &ti.host))
                t->undetermined = 1;
            /* "Dealing with bidirectional ambiguity": the same administration (decided: only
             * when the input names an authority; a relative reference names none) */
            if (a->info.kind == IBIDI_IRI_AS_IRI && a->info.authority.present &&
                span_text_eq(a->s, &a->info.scheme, tw, &ti.scheme) &&
                span_text_eq(a->s, &a->info.authority, tw, &ti.authority))
                t->same_authority = 1;
        }
    }
    /* With IBIDI_AMBIGUITY_TEXT validity does not apply: any twin counts. */
    t->valid = 1;
    /* SEPARATOR_TWIN: the same glyph position holds the input's ES or CS character in both
     * texts (identical glyphs); W4 makes it part of a number in one and not in the other.
     * The twin carries the input's characters set aside (ibidi_ambiguity_twins_utf8): they go
     * here too (X9), so that glyph positions compare one to one. */
    ibidi_buf32 dec = {t->tcp, TWINS_MAX, 0};
    if (ibidi_utf8_decode(tw, tlen, &dec, NULL) != IBIDI_OK)
        return 0;
    tn = dec.len;
    if (a->nset) {
        size_t k = 0;
        for (size_t i = 0; i < tn; i++)
            if (!ibidi__ambig_set_aside(ibidi_unicode_bidi_class(t->tcp[i])))
                t->tcp[k++] = t->tcp[i];
        tn = k;
    }
    if (tn != a->n ||
        ibidi_bidi_resolve_cp(t->tcp, tn, &(ibidi_bidi_options){.dir = t->dir},
                              &(ibidi_bidi_result){.levels = t->tlev, .classes = t->tbc,
                                                   .weak = t->tweak, .cap = TWINS_MAX},
                              NULL) != IBIDI_OK ||
        ibidi_bidi_reorder(t->tlev, tn, t->tv2l, NULL, NULL) != IBIDI_OK)
        return 0;
    if (!t->joins && !input_joins(t))
        return 1; /* not reached */
    w4_joins(t->tbc, t->tweak, tn, t->tjoin);
    for (size_t v = 0; v < tn; v++) {
        size_t i = t->v2l[v], j = t->tv2l[v];
        if ((a->bc[i] == IBIDI_UNICODE_BC_ES || a->bc[i] == IBIDI_UNICODE_BC_CS) &&
            t->join[i] != t->tjoin[j])
            t->sep[i] = 1;
    }
    return 0;
}

/* The byte offset of code point k of the input, those set aside counted (the length when
 * it has fewer). */
static size_t byte_of(const amb *a, size_t k)
{
    size_t pos = 0;
    uint32_t cp;
    for (size_t i = 0; i < k && pos < a->len; i++)
        (void)ibidi_utf8_next(a->s, a->len, &pos, &cp, NULL); /* decoded already */
    return pos;
}

/* The exact findings in context dir: t and the search's state are the work area's. */
static ibidi_status exact_checks(amb *a, ibidi_dir dir, twin_ctx *t, void *state,
                                 size_t max_candidates, ibidi_error *err)
{
    ibidi_ambiguity_twin_stats stats;
    ibidi_error e;
    ibidi_status st;
    t->a = a;
    t->dir = dir;
    t->any = t->valid = t->undetermined = t->same_authority = 0;
    t->joins = 0;
    t->st = IBIDI_OK;
    memset(t->sep, 0, sizeof t->sep);
    /* the search takes at most TWINS_MAX code points, those set aside counted (a twin
     * carries them): the byte offset of the first past them, as ibidi_ambiguity_twins_utf8
     * says it */
    if (a->n + a->nset > TWINS_MAX)
        return ibidi__fail(err, IBIDI_E_TWINS_TOO_LONG, byte_of(a, TWINS_MAX), 0);
    /* the search on the code points decoded already (with those set aside when there are
     * any: the search carries them into the twins, which IDNA then judges with them), each
     * twin to on_twin in UTF-8 */
    const uint32_t *text = a->cp;
    size_t tn = a->n;
    if (a->nset) {
        tn = 0;
        for (size_t pos = 0; pos < a->len;)
            (void)ibidi_utf8_next(a->s, a->len, &pos, &t->full[tn++], NULL); /* decoded */
        text = t->full;
    }
    st = ibidi__twins_search_in(state, text, tn, dir, max_candidates, on_twin, t, &stats, &e);
    if (st != IBIDI_OK) /* not reached: the text was checked above */
        return ibidi__fail(err, st, byte_of(a, e.offset), e.value);
    if (t->st != IBIDI_OK) /* not reached either (input_joins) */
        return ibidi__fail(err, t->st, t->e.offset, t->e.value);
    if (t->valid)
        emit_bytes(a, IBIDI_AMBIGUITY_VALID_TWIN, dir, 0, a->len, IBIDI_NO_PART, 0);
    else if (t->any)
        emit_bytes(a, IBIDI_AMBIGUITY_INVALID_TWINS_ONLY, dir, 0, a->len, IBIDI_NO_PART, 0);
    for (size_t i = 0; i < a->n; i++)
        if (t->sep[i])
            emit(a, IBIDI_AMBIGUITY_SEPARATOR_TWIN, dir, i, i + 1, comp_at(a, i), 0);
    if (t->undetermined) {
        /* the input's host (a relative IRI may have none: then the whole text) */
        size_t hs = 0, bs = 0, be = a->len;
        if (a->info.host.present) {
            bs = a->info.host.start;
            be = bs + a->info.host.length;
            while (hs < a->n && a->off[hs] < bs)
                hs++;
        }
        emit_bytes(a, IBIDI_AMBIGUITY_DOMAIN_UNDETERMINED, dir, bs, be, comp_at(a, hs), 0);
    }
    if (t->same_authority) {
        /* what follows the authority: where the twins differ */
        size_t from = 0, end = a->info.authority.start + a->info.authority.length;
        while (from < a->n && a->off[from] < end)
            from++;
        emit_bytes(a, IBIDI_AMBIGUITY_SAME_AUTHORITY, dir, end, a->len, comp_at(a, from), 0);
    }
    if (stats.truncated)
        emit_bytes(a, IBIDI_AMBIGUITY_SEARCH_TRUNCATED, dir, 0, a->len, IBIDI_NO_PART, 0);
    return IBIDI_OK;
}

/* ---- Entry points ---------------------------------------------------------------------- */

#define ALL_FLAGS (IBIDI_AMBIGUITY_RTL | IBIDI_AMBIGUITY_EXACT | IBIDI_AMBIGUITY_TEXT)

/* The defaults of the options: decide the kind, no flags, the standard display model, the
 * default bound, uts46, no work area. */
static const ibidi_ambiguity_options defaults = {.as = IBIDI_IRI_AS_AUTO,
                                                  .context = IBIDI_DIR_LTR,
                                                  .idna = {.profile = IBIDI_IDNA_PROFILE_UTS46}};

/* The work area, for inputs of len bytes with flags: the arrays (when the stack does not
 * take them), then for IBIDI_AMBIGUITY_EXACT the exact checks' memory, the search's state and
 * IDNA's area; each part 16-aligned, and 16 bytes for the caller's alignment. */
#define A16(x) (((size_t)(x) + 15u) & ~(size_t)15u)
typedef struct work_parts {
    size_t arrays, exact, state, idna, total;
} work_parts;

static work_parts parts_of(size_t len, unsigned flags)
{
    work_parts w = {0, 0, 0, 0, 0};
    const int exact = (flags & IBIDI_AMBIGUITY_EXACT) != 0;
    if (len > AMB_SMALL || exact)
        w.arrays = A16(AMB_BYTES(len));
    if (exact) {
        w.exact = A16(sizeof(twin_ctx));
        w.state = A16(ibidi__twins_state_size());
        w.idna = A16(ibidi_idna_work_size());
    }
    w.total = w.arrays + w.exact + w.state + w.idna;
    if (w.total)
        w.total += 16;
    return w;
}

size_t ibidi_ambiguity_work_size(size_t len, unsigned flags)
{
    if (len > AMB_MAX_BYTES)
        return SIZE_MAX; /* refused (IBIDI_E_AMBIG_TOO_LONG): no area serves */
    return parts_of(len, flags).total;
}

/* Badami's analysis with a's arrays laid out; pre (may be NULL) is the identifier already
 * parsed with `as`. */
static ibidi_status analyze_in(amb *a, const char *s, size_t len, const ibidi_ambiguity_options *o,
                               const ibidi__parsed *pre, ibidi_findings *findings,
                               ibidi_error *err)
{
    ibidi_status st;
    size_t pos = 0;
    const unsigned options = o->flags;
    a->s = s;
    a->len = len;
    a->text = (options & IBIDI_AMBIGUITY_TEXT) != 0;
    a->n = 0;
    a->nset = 0;
    a->ncomps = 0;
    a->nl = 0;
    a->out = findings ? findings->items : NULL;
    a->cap = findings && findings->items ? findings->cap : 0;
    a->count = 0;
    a->classes = 0;
    memset(&a->info, 0, sizeof a->info);

    /* Decode, left to right: the first ill-formed sequence or control character found is
     * reported. "Control characters and formatting characters": the paper assumes no bidi
     * formatting characters (LRM, RLM, ALM and the embedding, override and isolate
     * controls) and no characters of class BN, B or S. BN is set aside instead (X9 removes
     * it: ibidi__ambig_set_aside), so that the joiners IDNA allows in context are analysed
     * as the UBA displays them; the byte offsets of the code points kept are the map back
     * to the input. The arrays and counts are held in
     * locals: a store through a byte array may alias anything, which would make the
     * compiler reload every field of a at each step. (Open-coded: the same steps in an
     * inline function cost 2.5% of the analysis.) */
    {
        uint32_t *const cpa = a->cp;
        uint8_t *const bca = a->bc;
        uint16_t *const offa = a->off, *const compa = a->comp_of;
        size_t n = 0, nset = 0;
        unsigned classes = 0;
        while (pos < len) {
            const size_t at = pos;
            uint32_t cp;
            ibidi_unicode_bc bc;
            if ((unsigned char)s[pos] < 0x80) {
                cp = (unsigned char)s[pos++];
            } else {
                /* the well-formed sequences inline; the decoder gives the status and
                 * offset of an ill-formed one */
                ibidi_status dst;
                const size_t k =
                    ibidi__utf8_decode_fast((const unsigned char *)s + pos, len - pos, &cp, &dst);
                if (k)
                    pos += k;
                else if ((st = ibidi_utf8_next(s, len, &pos, &cp, err)) != IBIDI_OK)
                    return st;
            }
            bc = ibidi__bc(cp);
            if (ibidi__ambig_set_aside(bc)) { /* X9 */
                nset++;
                continue;
            }
            if (ibidi__ambig_is_control_bc(cp, bc))
                return ibidi__fail(err, IBIDI_E_AMBIG_CONTROL, at, cp);
            cpa[n] = cp;
            bca[n] = (uint8_t)bc;
            classes |= BCM(bc);
            offa[n] = (uint16_t)at;
            compa[n] = AMB_NONE;
            n++;
        }
        offa[n] = (uint16_t)len;
        a->n = n;
        a->nset = nset;
        a->classes = classes;
    }

    if (!a->text) {
        if (pre) {
            if (pre->status != IBIDI_OK) {
                if (err)
                    *err = pre->err;
                return pre->status;
            }
            a->comps = pre->comps->items;
            a->ncomps = pre->comps->n;
            a->info = *pre->info;
        } else {
            ibidi_iri_components rec = {a->compbuf, len + 2, 0};
            st = ibidi_iri_parse(s, len, o->as, &rec, &a->info, err);
            if (st != IBIDI_OK)
                return st;
            a->comps = a->compbuf;
            a->ncomps = rec.n;
        }
        const ibidi_iri_component *const comps = a->comps;
        const uint16_t *const offa = a->off;
        uint16_t *const compa = a->comp_of;
        const size_t n = a->n, ncomps = a->ncomps;
        for (size_t c = 0, i = 0; c < ncomps; c++) {
            while (i < n && offa[i] < comps[c].start)
                i++;
            for (; i < n && offa[i] < comps[c].start + comps[c].length; i++)
                compa[i] = (uint16_t)c;
        }
    }

    /* Closest strong characters before and after each code point; the ends count as L. */
    {
        const uint8_t *const bca = a->bc;
        uint8_t *const pbc = a->pbc, *const nbc = a->nbc;
        const size_t n = a->n;
        uint8_t last = IBIDI_UNICODE_BC_L;
        for (size_t i = 0; i < n; i++) {
            pbc[i] = last;
            if (strong(bca[i]))
                last = bca[i];
        }
        last = IBIDI_UNICODE_BC_L;
        for (size_t i = n; i-- > 0;) {
            nbc[i] = last;
            if (strong(bca[i]))
                last = bca[i];
        }
    }

    number_checks(a);
    if (a->text || a->info.kind != IBIDI_IRI_AS_DOMAIN)
        separator_text(a);
    if (!a->text) {
        collect_labels(a);
        idn_checks(a);
    }

    if (findings)
        findings->n = a->count; /* all warnings: findings->errors stays 0 */
    return ibidi__ok(err);
}

/* The exact findings after Badami's (IBIDI_AMBIGUITY_EXACT: a is in the work area, x its exact
 * part). */
static ibidi_status analyze_exact(amb *a, const ibidi_ambiguity_options *o, char *x,
                                  ibidi_findings *findings, ibidi_error *err)
{
    const work_parts w = parts_of(a->len, o->flags);
    twin_ctx *t = (twin_ctx *)(void *)x;
    void *state = x + w.exact;
    /* each candidate is validated: a bound of its own (see ambiguity.h) */
    const size_t bound = ibidi__twins_bound(
        o->max_candidates ? o->max_candidates : IBIDI_AMBIGUITY_EXACT_DEFAULT_CANDIDATES);
    ibidi_status st;
    /* the validation of each twin: its components, then IDNA, in IDNA's area */
    t->idna = o->idna;
    t->idna.work = x + w.exact + w.state;
    t->idna.work_size = ibidi_idna_work_size();
    t->check_bits = ibidi_idna_options_flags(&o->idna) & IBIDI_IDNA_BIDI_PER_LABEL;
    t->rule_1 = !a->text && a->info.kind == IBIDI_IRI_AS_DOMAIN &&
                (ibidi_idna_options_flags(&o->idna) & IBIDI_IDNA_CHECK_BIDI) != 0;
    st = exact_checks(a, IBIDI_DIR_LTR, t, state, bound, err);
    if (st == IBIDI_OK && (o->flags & IBIDI_AMBIGUITY_RTL))
        st = exact_checks(a, IBIDI_DIR_RTL, t, state, bound, err);
    if (st != IBIDI_OK) {
        if (findings)
            findings->n = 0;
        return st;
    }
    if (findings)
        findings->n = a->count;
    return ibidi__ok(err);
}

/* An identifier whose parse (pre) failed: the decoding errors come first, as in
 * analyze_in, then the parser's; no array is needed (so the scan of a form too long to be a
 * domain name needs no work area), and no speed (a failed parse is rare). */
static ibidi_status decoded_then(const char *s, size_t len, const ibidi__parsed *pre,
                                 ibidi_error *err)
{
    for (size_t pos = 0; pos < len;) {
        const size_t at = pos;
        uint32_t cp = 0;
        const ibidi_status st = ibidi_utf8_next(s, len, &pos, &cp, err);
        if (st != IBIDI_OK || ibidi__ambig_is_control(cp))
            return st != IBIDI_OK ? st : ibidi__fail(err, IBIDI_E_AMBIG_CONTROL, at, cp);
    }
    if (err)
        *err = pre->err;
    return pre->status;
}

/* The arrays on the stack (inputs of up to AMB_SMALL bytes), in a frame of its own so that
 * a call with a work area does not hold them too. */
IBIDI__NOINLINE static ibidi_status analyze_small(const char *s, size_t len,
                                           const ibidi_ambiguity_options *o,
                                           const ibidi__parsed *pre, ibidi_findings *findings,
                                           ibidi_error *err)
{
    uint64_t area[AMB_BYTES(AMB_SMALL) / 8u + 1u];
    amb a;
    amb_layout(&a, area, AMB_SMALL);
    return analyze_in(&a, s, len, o, pre, findings, err);
}

/* The argument checks, then the analysis on the stack or in the work area (work, size:
 * the options' or, for the scan, its own). */
static ibidi_status analyze(const char *s, size_t len, const ibidi_ambiguity_options *o,
                            const ibidi__parsed *pre, void *work, size_t work_size,
                            ibidi_findings *findings, ibidi_error *err)
{
    if (findings)
        findings->n = findings->errors = 0;
    if ((!s && len) || (findings && !findings->items && findings->cap) ||
        (o->flags & ~ALL_FLAGS) ||
        ((o->flags & IBIDI_AMBIGUITY_TEXT) == 0 &&
         ((int)o->as < 0 || (int)o->as > (int)IBIDI_IRI_AS_EMAIL)) ||
        ibidi_idna_options_flags(&o->idna) == ~0u)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (len > AMB_MAX_BYTES)
        return ibidi__fail(err, IBIDI_E_AMBIG_TOO_LONG, AMB_MAX_BYTES, 0);
    if (pre && pre->status != IBIDI_OK && !(o->flags & IBIDI_AMBIGUITY_TEXT))
        return decoded_then(s, len, pre, err);
    if (len <= AMB_SMALL && !(o->flags & IBIDI_AMBIGUITY_EXACT)) /* parts_of gives 0 */
        return analyze_small(s, len, o, pre, findings, err);
    const work_parts w = parts_of(len, o->flags);
    if (!work || work_size < w.total)
        return ibidi__fail(err, IBIDI_E_AMBIG_WORK_TOO_SMALL, 0, 0);
    char *p = (char *)work + (16u - (uintptr_t)work % 16u) % 16u;
    amb a;
    amb_layout(&a, p, len);
    ibidi_status st = analyze_in(&a, s, len, o, pre, findings, err);
    if (st != IBIDI_OK || !(o->flags & IBIDI_AMBIGUITY_EXACT))
        return st;
    return analyze_exact(&a, o, p + w.arrays, findings, err);
}

ibidi_status ibidi__ambig_analyze_parsed(const char *s, size_t len, const ibidi__parsed *pre,
                                         const ibidi_ambiguity_options *opts, void *work,
                                         size_t work_size, ibidi_findings *findings,
                                         ibidi_error *err)
{
    return analyze(s, len, opts, pre, work, work_size, findings, err);
}

/* A label's classes (BCM bits) say it is quiet: strong (L, R or AL), no number (EN, AN),
 * not mixed (L with R or AL). */
static int quiet_label(unsigned seen)
{
    const unsigned ltr = BCM(IBIDI_UNICODE_BC_L);
    const unsigned rtl = BCM(IBIDI_UNICODE_BC_R) | BCM(IBIDI_UNICODE_BC_AL);
    const unsigned number = BCM(IBIDI_UNICODE_BC_EN) | BCM(IBIDI_UNICODE_BC_AN);
    return (seen & (ltr | rtl)) && !(seen & number) && !((seen & ltr) && (seen & rtl));
}

int ibidi__ambiguity_domain_quiet(const char *s, size_t len)
{
    /* Each character's class as a bit, from the two-stage BMP table (ibidi__bc), gathered
     * per label and judged at its end: a few instructions a character. */
    const unsigned char *u = (const unsigned char *)s;
    size_t pos = 0;
    unsigned seen = 0; /* the classes of the label so far */
    while (pos < len) {
        if (u[pos] == '.') { /* a label ends (an empty one is not strong) */
            if (!quiet_label(seen))
                return 0;
            seen = 0;
            pos++;
            continue;
        }
        seen |= BCM(ibidi__bc(ibidi__utf8_decode_valid(u, &pos)));
    }
    return quiet_label(seen); /* the last label (empty after a final full stop) */
}

ibidi_status ibidi_ambiguity_analyze(const char *s, size_t len, const ibidi_ambiguity_options *opts,
                                     ibidi_findings *findings, ibidi_error *err)
{
    const ibidi_ambiguity_options *o = opts ? opts : &defaults;
    return analyze(s, len, o, NULL, o->work, o->work_size, findings, err);
}
