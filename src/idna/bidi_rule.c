/*
 * The Bidi Rule of RFC 5893 §2: the six conditions on the labels of a Bidi domain name,
 * each reported on its own (B1-B6), and the warnings of the last paragraphs of §2.
 *
 * Which conditions apply to a label. RFC 5893 uses "RTL label" in two senses:
 *   - §1.4: a label that contains a character of class R, AL or AN (used to define a
 *     "Bidi domain name", and so whether the rule applies to a name at all);
 *   - §2 condition 1: "If it [the first character] has the R or AL property, it is an RTL
 *     label; if it has the L property, it is an LTR label."
 * Within the rule, this file follows condition 1: the first character decides.
 *   first character R or AL: conditions 2, 3, 4 (B2, B3, B4);
 *   first character L:       conditions 5, 6 (B5, B6);
 *   anything else:           B1 only; the label has no direction, so conditions 2-6
 *                            are not evaluated.
 *   empty label (root, "a..b"): no finding; the rule speaks of characters of a label.
 * This is exactly the convention of the B codes in IdnaTestV2.txt (Unicode 17.0): with the
 * ToUnicode form of each test (after mapping, NFC and Punycode decoding) split at U+002E,
 * the union of the findings over the labels of every Bidi domain name equals the B codes
 * of every line of the file (tests/test_idna_rules.c compares them). For example
 * U+00E0 U+05D0 gives B5 and B6 (an LTR label by condition 1 that contains R and ends
 * with R), where the §1.4 reading (it contains R, so it is an RTL label) would give B2.
 * Reading every label as §1.4 says instead (contains R, AL or AN: conditions 2-4, else
 * 5-6) changes the codes in about 1400 lines; applying 2-4 (or 5-6) to labels that start
 * with another class changes them in about 1900 (or 2000); reporting B1 for empty labels
 * changes 72.
 *
 * Same verdict as the RFC's §1.4 reading, for every label (tests/test_idna_rules.c checks
 * this over all strings of Bidi classes up to length 6, and of all 23 classes up to
 * length 4): a label breaks the rule under one reading exactly when it breaks it under
 * the other.
 *   - First character not L, R or AL: condition 1 fails under both.
 *   - First character R or AL: the label contains R/AL, so both readings apply 2-4.
 *   - First character L and no R, AL, AN in the label: both readings apply 5-6.
 *   - First character L and some R, AL or AN: condition 5 forbids that character, and
 *     under §1.4 condition 2 forbids the first character (L); invalid under both.
 * Only the codes differ (the last case: B5/B6 here, B2/B3/B4 under §1.4), and a label
 * without a direction gets B1 alone instead of B1 plus conditions 2-6.
 *
 * Findings come in order of offset: one B2 / B5 for every character the condition does
 * not allow, one B3 / B6 at the last character that is not NSM (condition 3 / 6 looks past
 * the trailing NSM), one B4 at the first character that makes the label hold both EN and
 * AN.
 */
#include <stddef.h>
#include <stdint.h>

#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "idna/idna_internal.h"
#include "unicode/ucd.h"

#define BIT IBIDI__BC_BIT

/* Condition 2: the classes allowed in an RTL label. */
#define RTL_ALLOWED                                                                                \
    (BIT(IBIDI_UNICODE_BC_R) | BIT(IBIDI_UNICODE_BC_AL) | BIT(IBIDI_UNICODE_BC_AN) |               \
     BIT(IBIDI_UNICODE_BC_EN) | BIT(IBIDI_UNICODE_BC_ES) | BIT(IBIDI_UNICODE_BC_CS) |              \
     BIT(IBIDI_UNICODE_BC_ET) | BIT(IBIDI_UNICODE_BC_ON) | BIT(IBIDI_UNICODE_BC_BN) |              \
     BIT(IBIDI_UNICODE_BC_NSM))
/* Condition 3: the classes an RTL label may end with (before trailing NSM). */
#define RTL_END                                                                                    \
    (BIT(IBIDI_UNICODE_BC_R) | BIT(IBIDI_UNICODE_BC_AL) | BIT(IBIDI_UNICODE_BC_EN) |               \
     BIT(IBIDI_UNICODE_BC_AN))
/* Condition 5: the classes allowed in an LTR label. */
#define LTR_ALLOWED                                                                                \
    (BIT(IBIDI_UNICODE_BC_L) | BIT(IBIDI_UNICODE_BC_EN) | BIT(IBIDI_UNICODE_BC_ES) |               \
     BIT(IBIDI_UNICODE_BC_CS) | BIT(IBIDI_UNICODE_BC_ET) | BIT(IBIDI_UNICODE_BC_ON) |              \
     BIT(IBIDI_UNICODE_BC_BN) | BIT(IBIDI_UNICODE_BC_NSM))
/* Condition 6: the classes an LTR label may end with (before trailing NSM). */
#define LTR_END (BIT(IBIDI_UNICODE_BC_L) | BIT(IBIDI_UNICODE_BC_EN))
/* RFC 5893 §1.4: a label holding one of these is an RTL label. */
#define RTL_LABEL (BIT(IBIDI_UNICODE_BC_R) | BIT(IBIDI_UNICODE_BC_AL) | BIT(IBIDI_UNICODE_BC_AN))

/* Bit of a class value; values outside the enum get no bit, so no set holds them. */
static inline unsigned class_bit(uint8_t c)
{
    return c < IBIDI_UNICODE_BC_COUNT ? BIT(c) : 0u;
}

static inline void hit(ibidi__rule *r, unsigned k, size_t at, int bc)
{
    r->broken |= IBIDI__RULE_COND(k);
    if (r->fn)
        r->fn(r->ctx, k, at, bc);
}

/* The core, inlined into the label checker of IDNA (its hot caller) and wrapped below for
 * the others. */
IBIDI__ALWAYS_INLINE void begin(ibidi__rule *r, int fallback, ibidi__rule_fn fn, void *ctx)
{
    r->fn = fn;
    r->ctx = ctx;
    r->fallback = fallback;
    r->dir = IBIDI__RULE_STOP;
    r->broken = 0;
    r->allowed = 0;
    r->n = 0;
    r->last = SIZE_MAX;
    r->last_bc = 0;
    r->en = r->an = 0;
}

IBIDI__ALWAYS_INLINE void feed(ibidi__rule *r, const uint8_t *cls, size_t n)
{
    size_t i = 0;
    if (n > 0 && r->n == 0) {
        /* RFC 5893 rule 1: the first character is L (an LTR label), R or AL (an RTL
         * label); any other class breaks it and leaves the direction to the fallback. */
        const unsigned first = class_bit(cls[0]);
        if (first & (BIT(IBIDI_UNICODE_BC_R) | BIT(IBIDI_UNICODE_BC_AL))) {
            r->dir = IBIDI__RULE_RTL;
        } else if (first & BIT(IBIDI_UNICODE_BC_L)) {
            r->dir = IBIDI__RULE_LTR;
        } else {
            hit(r, 1, 0, cls[0] < IBIDI_UNICODE_BC_COUNT ? cls[0] : -1);
            r->dir = r->fallback;
        }
        r->allowed = r->dir == IBIDI__RULE_RTL ? RTL_ALLOWED : LTR_ALLOWED;
    }
    if (r->dir == IBIDI__RULE_STOP) { /* B1 alone: nothing more to evaluate */
        r->n += n;
        return;
    }
    const int rtl = r->dir == IBIDI__RULE_RTL;
    /* The usual chunk breaks nothing: one pass gathers its classes and its last character
     * that is not NSM, without a branch per character on the conditions. */
    unsigned all = 0, outside = 0;
    size_t last = SIZE_MAX;
    for (size_t j = 0; j < n; j++) {
        const unsigned b = class_bit(cls[j]);
        all |= b;
        outside |= cls[j] >= IBIDI_UNICODE_BC_COUNT; /* no bit: breaks rule 2 / rule 5 below */
        last = b & BIT(IBIDI_UNICODE_BC_NSM) ? last : j;
    }
    const unsigned en_an = BIT(IBIDI_UNICODE_BC_EN) | BIT(IBIDI_UNICODE_BC_AN);
    const int meet = rtl && !(r->en && r->an) &&
                     ((all & en_an) == en_an || (r->en && (all & BIT(IBIDI_UNICODE_BC_AN))) ||
                      (r->an && (all & BIT(IBIDI_UNICODE_BC_EN))));
    if (!(all & ~r->allowed) && !outside && !meet) {
        if (last != SIZE_MAX) {
            r->last = r->n + last;
            r->last_bc = cls[last];
        }
        if (rtl) {
            r->en |= (all & BIT(IBIDI_UNICODE_BC_EN)) != 0;
            r->an |= (all & BIT(IBIDI_UNICODE_BC_AN)) != 0;
        }
        r->n += n;
        return;
    }
    for (; i < n; i++) {
        const uint8_t c = cls[i];
        const unsigned b = class_bit(c);
        const size_t at = r->n + i;
        const int bc = c < IBIDI_UNICODE_BC_COUNT ? c : -1;
        if (!(b & BIT(IBIDI_UNICODE_BC_NSM))) {
            r->last = at;
            r->last_bc = c;
        }
        /* RFC 5893 rule 2 / rule 5: a class the label may not hold */
        if (!(b & r->allowed))
            hit(r, rtl ? 2 : 5, at, bc);
        /* RFC 5893 rule 4: EN and AN together in an RTL label; once, where they meet */
        if (rtl && (b & (BIT(IBIDI_UNICODE_BC_EN) | BIT(IBIDI_UNICODE_BC_AN))) &&
            !(r->en && r->an)) {
            r->en |= (b & BIT(IBIDI_UNICODE_BC_EN)) != 0;
            r->an |= (b & BIT(IBIDI_UNICODE_BC_AN)) != 0;
            if (r->en && r->an)
                hit(r, 4, at, bc);
        }
    }
    r->n += n;
}

IBIDI__ALWAYS_INLINE unsigned end(ibidi__rule *r)
{
    if (r->n == 0 || r->dir == IBIDI__RULE_STOP)
        return r->broken;
    /* RFC 5893 rule 3 / rule 6: the last character before the trailing NSM. With a strong
     * first character there is one; the end of the label stands in otherwise. */
    const int rtl = r->dir == IBIDI__RULE_RTL;
    if (r->last == SIZE_MAX)
        hit(r, rtl ? 3 : 6, r->n, -1);
    else if (!(class_bit(r->last_bc) & (rtl ? RTL_END : LTR_END)))
        hit(r, rtl ? 3 : 6, r->last, r->last_bc < IBIDI_UNICODE_BC_COUNT ? r->last_bc : -1);
    return r->broken;
}

void ibidi__rule_begin(ibidi__rule *r, int fallback, ibidi__rule_fn fn, void *ctx)
{
    begin(r, fallback, fn, ctx);
}

void ibidi__rule_feed(ibidi__rule *r, const uint8_t *cls, size_t n) { feed(r, cls, n); }

unsigned ibidi__rule_end(ibidi__rule *r) { return end(r); }

unsigned ibidi__rule_classes(const uint8_t *cls, size_t n, int fallback, ibidi__rule_fn fn,
                             void *ctx)
{
    if (fallback == IBIDI__RULE_BY_CONTENT) { /* RFC 5893 §1.4 */
        fallback = IBIDI__RULE_LTR;
        for (size_t i = 0; i < n; i++)
            if (class_bit(cls[i]) & RTL_LABEL)
                fallback = IBIDI__RULE_RTL;
    }
    ibidi__rule r;
    begin(&r, fallback, fn, ctx);
    feed(&r, cls, n);
    return end(&r);
}

/* RFC 5893 §1.4: an RTL label contains a character of class R, AL or AN. */
int ibidi__is_rtl_label(const uint32_t *cps, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (BIT(ibidi__bc(cps[i])) & RTL_LABEL)
            return 1;
    return 0;
}

int ibidi_idna_is_rtl_label_cp(const uint32_t *label, size_t n)
{
    if (label == NULL)
        return 0;
    return ibidi__is_rtl_label(label, n);
}

/* A label of code points through the core, 64 classes at a time: each broken condition
 * becomes a finding B1-B6 at the offset and code point of its index. */
typedef struct label_hits {
    const ibidi__label *l;
    ibidi__sink *s;
} label_hits;

static void label_hit(void *ctx, unsigned k, size_t at, int bc)
{
    const label_hits *h = ctx;
    const uint32_t cp = at < h->l->n ? h->l->cps[at] : 0;
    ibidi__idna_add(h->s, (ibidi_idna_code)(IBIDI_IDNA_B1 + (int)k - 1), h->l->index,
                    h->l->off[at], cp, bc);
}

void ibidi__bidi_rule_label(const ibidi__label *l, ibidi__sink *s)
{
    label_hits h = {l, s};
    ibidi__rule r;
    begin(&r, IBIDI__RULE_STOP, label_hit, &h);
    uint8_t cls[64];
    for (size_t i = 0; i < l->n;) {
        size_t k = 0;
        for (; k < sizeof cls && i + k < l->n; k++)
            cls[k] = (uint8_t)ibidi__bc(l->cps[i + k]);
        feed(&r, cls, k);
        i += k;
    }
    (void)end(&r);
}

int ibidi__is_digit_ldh_label(const uint32_t *cps, size_t n)
{
    if (n == 0 || cps[0] < '0' || cps[0] > '9')
        return 0;
    for (size_t i = 1; i < n; i++)
        if (!ibidi__is_ldh(cps[i]))
            return 0;
    return 1;
}

/*
 * The Bidi Rule over a whole name of U-labels.
 *
 * Default (RFC 5893 §2): if some label is an RTL label in the §1.4 sense, the name is a
 * Bidi domain name and every label must satisfy the rule; "123" in 123.ABC.com therefore
 * breaks condition 1 (B1).
 *
 * IBIDI_IDNA_BIDI_PER_LABEL: each label is taken as if it were a name of its own, so
 * only labels that are themselves RTL labels (§1.4) are checked; a label without R, AL
 * or AN passes whatever it holds. This is how some libraries read RFC 5891 §4.2.3.4 and
 * §5.4 ("if the proposed label contains any characters from scripts that are written from
 * right to left, it MUST meet the Bidi criteria"). When this lets through a name the
 * default reading rejects, one W_PER_LABEL_BIDI warning names the first finding the
 * default reading would have made (its label, offset, code point and class).
 *
 * W_DIGIT_AFTER_RTL (both modes): RFC 5893 §2 guarantees the display requirements for a
 * name mixing labels that satisfy the rule with LDH labels "as long as a label that starts
 * with an ASCII digit does not come after a right-to-left label". "After" is network order
 * (§1.4), and the RTL label need not be the one just before: every LDH label that starts
 * with an ASCII digit and follows, anywhere later in the name, a label holding R, AL or AN
 * gets the warning, at its first character. In the default mode such a label also breaks
 * condition 1 (B1); the warning says why that matters even to readers that skip LDH labels.
 */
ibidi_status ibidi_idna_bidi_rule_utf8(const char *name, size_t len, unsigned flags,
                                       ibidi_findings *findings, int *is_bidi_name,
                                       ibidi_error *err)
{
    if (findings)
        findings->n = findings->errors = 0;
    if (is_bidi_name)
        *is_bidi_name = 0;
    if ((name == NULL && len > 0) || (findings && findings->items == NULL && findings->cap > 0)) {
        (void)ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
        return IBIDI_E_INVALID_ARGUMENT;
    }

    /* Ill-formed UTF-8 anywhere is reported first, before the length limit. */
    ibidi_error uerr;
    ibidi_status st = ibidi_utf8_validate(name, len, NULL, &uerr);
    if (st != IBIDI_OK) {
        (void)ibidi__fail(err, st, uerr.offset, uerr.value);
        return st;
    }

    /* Fixed work area: the code points and their byte offsets (off[n] = len). The bound
     * also keeps every offset (at most 4 bytes per code point) within 16 bits. */
    uint32_t cps[IBIDI_IDNA_MAX_CPS];
    uint16_t off[IBIDI_IDNA_MAX_CPS + 1]; /* at most 4 bytes a code point: 16 bits */
    size_t n = 0, pos = 0;
    while (pos < len) {
        if (n == IBIDI_IDNA_MAX_CPS) {
            (void)ibidi__fail(err, IBIDI_E_IDNA_TOO_LONG, pos, 0);
            return IBIDI_E_IDNA_TOO_LONG;
        }
        off[n] = (uint16_t)pos;
        st = ibidi_utf8_next(name, len, &pos, &cps[n], &uerr);
        if (st != IBIDI_OK) { /* not reached: validated above */
            (void)ibidi__fail(err, st, uerr.offset, uerr.value);
            return st;
        }
        n++;
    }
    off[n] = (uint16_t)pos;

    /* RFC 5893 §1.4: a Bidi domain name holds at least one RTL label. The label
     * separator U+002E is CS, so the whole name can be tested at once. */
    const int bidi_name = ibidi__is_rtl_label(cps, n);
    if (is_bidi_name)
        *is_bidi_name = bidi_name;

    const int per_label = (flags & IBIDI_IDNA_BIDI_PER_LABEL) != 0;
    ibidi__sink sink;
    ibidi__sink_init(&sink, findings);

    int have_excused = 0; /* per-label mode: a finding the default reading makes */
    ibidi_finding excused = {0};
    int seen_rtl_label = 0;
    uint32_t index = 0;
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && cps[i] != 0x2E)
            continue;
        ibidi__label l = {cps + start, off + start, i - start, index};
        const int rtl_label = ibidi__is_rtl_label(l.cps, l.n);
        if (bidi_name) {
            if (!per_label || rtl_label) {
                ibidi__bidi_rule_label(&l, &sink);
            } else if (!have_excused) {
                /* What the default reading would say about this label. */
                ibidi_finding first;
                ibidi_findings one = {&first, 1, 0, 0};
                ibidi__sink probe;
                ibidi__sink_init(&probe, &one);
                ibidi__bidi_rule_label(&l, &probe);
                if (probe.n > 0) {
                    have_excused = 1;
                    excused = first;
                }
            }
        }
        /* RFC 5893 §2, last paragraphs: an LDH label starting with a digit after an RTL
         * label. */
        if (seen_rtl_label && ibidi__is_digit_ldh_label(l.cps, l.n))
            ibidi__idna_add(&sink, IBIDI_IDNA_W_DIGIT_AFTER_RTL, l.index, l.off[0], l.cps[0],
                            (int)IBIDI_UNICODE_BC_EN);
        if (rtl_label)
            seen_rtl_label = 1;
        index++;
        start = i + 1;
    }
    if (have_excused && sink.errors == 0)
        ibidi__idna_add(&sink, IBIDI_IDNA_W_PER_LABEL_BIDI, excused.part, excused.offset,
                        excused.cp, excused.bidi_class);

    ibidi__sink_done(&sink, findings);
    if (sink.errors > 0) {
        (void)ibidi__fail(err, IBIDI_E_IDNA_INVALID, sink.first_error_offset, sink.first_error_cp);
        return IBIDI_E_IDNA_INVALID;
    }
    (void)ibidi__fail(err, IBIDI_OK, 0, 0);
    return IBIDI_OK;
}

unsigned ibidi_idna_bidi_rule_classes(const uint8_t *classes, size_t n)
{
    if (n == 0)
        return 0; /* no characters: nothing to break */
    if (classes == NULL)
        return IBIDI__RULE_COND(1) | IBIDI__RULE_COND(2) | IBIDI__RULE_COND(3) |
               IBIDI__RULE_COND(4) | IBIDI__RULE_COND(5) | IBIDI__RULE_COND(6); /* fail closed */
    return ibidi__rule_classes(classes, n, IBIDI__RULE_BY_CONTENT, NULL, NULL);
}
