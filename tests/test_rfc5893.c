/*
 * RFC 5893 requirement checks (include/ibidi/rfc5893.h): the six conditions on class
 * strings, the RFC 3454 rule, one case run through the UBA (both readings of Character
 * Grouping and the display keys), Character Grouping over the library's contexts, with
 * the directional controls, and the per-name check; the RFC's own examples (§3 "123-A",
 * "A.a1%", §4.1-4.3) as named cases; every error path.
 */
#include <stdio.h>
#include <string.h>

#include "ibidi.h"
#include "ibidi/rfc5893.h"
#include "idna/idna_internal.h"
#include "testlib.h"

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
    WS = IBIDI_UNICODE_BC_WS,
    ON = IBIDI_UNICODE_BC_ON
};

#define COND IBIDI_RFC5893_COND
#define ALL IBIDI_RFC5893_ALL_CONDITIONS
#define N(a) (sizeof(a) / sizeof((a)[0]))

static unsigned conds(const uint8_t *c, size_t n) { return ibidi_rfc5893_conditions(c, n, ALL); }

static void test_conditions(void)
{
    static const uint8_t ok_r_en[] = {R, EN}, ok_al_nsm[] = {AL, NSM}, ok_l_en_nsm[] = {L, EN, NSM},
                         ok_r_an[] = {R, AN}, ok_l_es_l[] = {L, ES, L}, ok_r_on_r[] = {R, ON, R},
                         ok_bn[] = {L, BN, L};
    CHECK(conds(ok_r_en, 2) == 0, "R EN passes");
    CHECK(conds(ok_al_nsm, 2) == 0, "AL NSM passes (condition 3: trailing NSM)");
    CHECK(conds(ok_l_en_nsm, 3) == 0, "L EN NSM passes (condition 6: trailing NSM)");
    CHECK(conds(ok_r_an, 2) == 0, "R AN passes");
    CHECK(conds(ok_l_es_l, 3) == 0, "L ES L passes");
    CHECK(conds(ok_r_on_r, 3) == 0, "R ON R passes");
    CHECK(conds(ok_bn, 3) == 0, "L BN L passes");
    CHECK(conds(NULL, 0) == 0, "empty label: nothing to break");

    /* Each condition failing on its own. */
    static const uint8_t c1[] = {EN, L}, c2[] = {R, L, R}, c3[] = {R, ON}, c4[] = {R, EN, AN},
                         c5[] = {L, R, L}, c6[] = {L, ON}, c3b[] = {R, NSM, ON, NSM};
    CHECK(conds(c1, 2) == COND(1), "condition 1: EN L -> %#x", conds(c1, 2));
    CHECK(conds(c2, 3) == COND(2), "condition 2: R L R -> %#x", conds(c2, 3));
    CHECK(conds(c3, 2) == COND(3), "condition 3: R ON -> %#x", conds(c3, 2));
    CHECK(conds(c3b, 4) == COND(3), "condition 3 looks past trailing NSM: R NSM ON NSM");
    CHECK(conds(c4, 3) == COND(4), "condition 4: R EN AN -> %#x", conds(c4, 3));
    CHECK(conds(c5, 3) == COND(5), "condition 5: L R L -> %#x", conds(c5, 3));
    CHECK(conds(c6, 2) == COND(6), "condition 6: L ON -> %#x", conds(c6, 2));
    /* The mask: a condition left out is never reported. */
    CHECK(ibidi_rfc5893_conditions(c6, 2, ALL & ~COND(6)) == 0, "mask leaves out 6");
    CHECK(ibidi_rfc5893_conditions(c4, 3, COND(4)) == COND(4), "mask keeps 4");
    /* Without condition 1 the direction comes from §1.4: EN R holds R, an RTL label. */
    static const uint8_t en_r[] = {EN, R}, en_l[] = {EN, L};
    CHECK(conds(en_r, 2) == COND(1), "EN R: condition 1 only (RTL by §1.4, ends with R)");
    CHECK(ibidi_rfc5893_conditions(en_r, 2, ALL & ~COND(1)) == 0, "EN R passes without 1");
    CHECK(ibidi_rfc5893_conditions(en_l, 2, ALL & ~COND(1)) == 0, "EN L passes without 1");
    /* A value outside the enum is a class no label may hold. */
    static const uint8_t bad[] = {L, 99};
    CHECK(conds(bad, 2) & COND(5), "class 99 breaks condition 5");
    static const uint8_t ws[] = {R, WS, R};
    CHECK(conds(ws, 3) == COND(2), "WS is not allowed in an RTL label");
}

/* RFC 5893 §2 read literally, condition by condition, as an independent model of the
 * library's core (src/idna/bidi_rule.c) on class strings: the direction is condition 1's
 * when the first character is L, R or AL, else RFC 5893 §1.4's (R, AL or AN: RTL). */
static int in_set(uint8_t c, const uint8_t *set, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (set[i] == c)
            return 1;
    return 0;
}

static unsigned literal_conditions(const uint8_t *c, size_t n)
{
    static const uint8_t rtl_ok[] = {R, AL, AN, EN, ES, CS, ET, ON, BN, NSM};
    static const uint8_t rtl_end[] = {R, AL, EN, AN};
    static const uint8_t ltr_ok[] = {L, EN, ES, CS, ET, ON, BN, NSM};
    static const uint8_t ltr_end[] = {L, EN};
    static const uint8_t rtl_label[] = {R, AL, AN};
    static const uint8_t first_ok[] = {L, R, AL};
    if (n == 0)
        return 0;
    unsigned fail = 0;
    /* 1. The first character must be a character with Bidi property L, R, or AL. */
    if (!in_set(c[0], first_ok, N(first_ok)))
        fail |= COND(1);
    int rtl = c[0] == R || c[0] == AL;
    if (!in_set(c[0], first_ok, N(first_ok)))
        for (size_t i = 0; i < n; i++)
            rtl |= in_set(c[i], rtl_label, N(rtl_label));
    size_t end = n; /* the end before any NSM */
    while (end > 0 && c[end - 1] == NSM)
        end--;
    int en = 0, an = 0;
    for (size_t i = 0; i < n; i++) {
        /* 2. In an RTL label, only characters with the Bidi properties R, AL, AN, EN, ES,
         *    CS, ET, ON, BN, or NSM are allowed. 5. In an LTR label, only L, EN, ES, CS,
         *    ET, ON, BN, or NSM. */
        if (rtl ? !in_set(c[i], rtl_ok, N(rtl_ok)) : !in_set(c[i], ltr_ok, N(ltr_ok)))
            fail |= rtl ? COND(2) : COND(5);
        en |= c[i] == EN;
        an |= c[i] == AN;
    }
    /* 3. In an RTL label, the end of the label must be a character with Bidi property R,
     *    AL, EN, or AN, followed by zero or more characters with Bidi property NSM.
     * 6. In an LTR label, the end ... L or EN, followed by zero or more NSM. */
    if (end == 0 || (rtl ? !in_set(c[end - 1], rtl_end, N(rtl_end))
                         : !in_set(c[end - 1], ltr_end, N(ltr_end))))
        fail |= rtl ? COND(3) : COND(6);
    /* 4. In an RTL label, if an EN is present, no AN may be present, and vice versa. */
    if (rtl && en && an)
        fail |= COND(4);
    return fail;
}

/* The core against the literal model: every string of the 23 classes and one value outside
 * the enum up to length 4, and of the label classes up to length 7. */
static void test_conditions_literal(void)
{
    long compared = 0;
    uint8_t every[IBIDI_UNICODE_BC_COUNT + 1];
    for (size_t i = 0; i < IBIDI_UNICODE_BC_COUNT; i++)
        every[i] = (uint8_t)i;
    every[IBIDI_UNICODE_BC_COUNT] = 99;
    static const uint8_t labels[] = {L, R, AL, EN, ES, ET, AN, CS, NSM, ON, BN};
    const struct {
        const uint8_t *alpha;
        size_t na, maxlen;
    } runs[] = {{every, N(every), 4}, {labels, N(labels), 7}};
    for (size_t k = 0; k < N(runs); k++)
        for (size_t n = 0; n <= runs[k].maxlen; n++) {
            size_t idx[8] = {0};
            for (;;) {
                uint8_t c[8];
                for (size_t i = 0; i < n; i++)
                    c[i] = runs[k].alpha[idx[i]];
                const unsigned want = literal_conditions(c, n), got = conds(c, n);
                if (!CHECK(want == got, "literal reading: length %zu, first %u: %#x, core %#x",
                           n, n ? c[0] : 0u, want, got))
                    return;
                compared++;
                size_t i = n;
                while (i > 0 && ++idx[i - 1] == runs[k].na)
                    idx[--i] = 0;
                if (i == 0)
                    break;
            }
        }
    t_pass_n(compared);
    printf("info: the six conditions equal the literal reading on %ld class strings\n", compared);
}

/* The class-level conditions agree with the Bidi Rule on code points (src/idna): every
 * class string up to length 4 over the label classes, as a Bidi domain name of one label
 * (a label holding R, AL or AN), passes the one exactly when it passes the other. */
static void test_conditions_agree_with_idna(void)
{
    static const uint8_t cls[] = {L, R, AL, EN, ES, AN, NSM, BN, ON};
    static const uint32_t cp[] = {0x61, 0x5D0, 0x627, 0x31, 0x2D, 0x661, 0x300, 0x200C, 0x2B9};
    long compared = 0;
    for (size_t n = 1; n <= 4; n++) {
        size_t idx[4] = {0};
        for (;;) {
            uint8_t c[4];
            uint32_t u[4];
            for (size_t i = 0; i < n; i++) {
                c[i] = cls[idx[i]];
                u[i] = cp[idx[i]];
            }
            char s[32];
            ibidi_buf enc = {s, sizeof s, 0};
            ibidi_utf8_encode(u, n, &enc, NULL);
            size_t len = enc.len;
            int bidi = 0;
            ibidi_status st = ibidi_idna_bidi_rule_utf8(s, len, 0, NULL, &bidi, NULL);
            if (bidi) {
                const int pass_idna = st == IBIDI_OK;
                const int pass_here = conds(c, n) == 0;
                if (!CHECK(pass_idna == pass_here, "length %zu: idna %d, classes %d", n, pass_idna,
                           pass_here))
                    return;
                compared++;
            }
            size_t i = n;
            while (i > 0 && ++idx[i - 1] == N(cls))
                idx[--i] = 0;
            if (i == 0)
                break;
        }
    }
    t_pass_n(compared);
    printf("info: conditions on classes agree with the Bidi Rule on code points for %ld labels\n",
           compared);
}

/* The condition bits against the B codes of the Bidi Rule on code points (src/idna/
 * bidi_rule.c, the checker that IdnaTestV2 tests): every class string of the label classes
 * (and CS, ET, WS, which labels may not hold) up to length 6, and of all 23 classes up to
 * length 4, with one code point per class. bidi_rule.c stops after condition 1 (B1); then
 * only that bit is compared. Otherwise B2-B6 are exactly conditions 2-6. */
static long bits_failures;

static unsigned b_codes(const uint32_t *cps, size_t n)
{
    uint16_t off[8];
    ibidi_finding f[32];
    ibidi_findings fs = {f, N(f), 0, 0};
    for (size_t i = 0; i <= n; i++)
        off[i] = (uint16_t)i;
    ibidi__label l = {cps, off, n, 0};
    ibidi__sink s;
    ibidi__sink_init(&s, &fs);
    ibidi__bidi_rule_label(&l, &s);
    unsigned bits = 0;
    for (size_t i = 0; i < s.n && i < N(f); i++) {
        static const ibidi_idna_code codes[6] = {IBIDI_IDNA_B1, IBIDI_IDNA_B2, IBIDI_IDNA_B3,
                                                 IBIDI_IDNA_B4, IBIDI_IDNA_B5, IBIDI_IDNA_B6};
        for (int k = 0; k < 6; k++)
            if (f[i].code == (ibidi_code)codes[k])
                bits |= COND(k + 1);
    }
    return bits;
}

static long compare_bits(const uint8_t *alphabet, size_t na, size_t maxlen, const uint32_t *rep)
{
    long count = 0;
    for (size_t n = 0; n <= maxlen; n++) {
        size_t idx[6] = {0};
        for (;;) {
            uint8_t c[6];
            uint32_t u[6];
            for (size_t i = 0; i < n; i++) {
                c[i] = alphabet[idx[i]];
                u[i] = rep[c[i]];
            }
            const unsigned here = conds(c, n), idna = b_codes(u, n);
            /* the public set of ibidi/idna.h is the same as this header's, all six applied */
            const int agree = ((idna & COND(1)) ? (here & COND(1)) != 0 : here == idna) &&
                              ibidi_idna_bidi_rule_classes(c, n) == here;
            if (!agree && bits_failures++ < 5) {
                char s[64] = "";
                for (size_t i = 0; i < n; i++) {
                    strcat(s, ibidi_unicode_bidi_class_name((ibidi_unicode_bc)c[i]));
                    strcat(s, " ");
                }
                CHECK(0, "condition bits of %s: classes %#x, B codes %#x", s, here, idna);
            }
            count++;
            size_t i = n;
            while (i > 0 && ++idx[i - 1] == na)
                idx[--i] = 0;
            if (i == 0)
                break;
        }
    }
    return count;
}

static void test_condition_bits_agree_with_idna(void)
{
    uint32_t rep[IBIDI_UNICODE_BC_COUNT] = {0};
    size_t found = t_class_representatives(rep);
    if (!CHECK(found == IBIDI_UNICODE_BC_COUNT, "a code point for each class"))
        return;
    static const uint8_t labels[] = {L, R, AL, EN, ES, AN, NSM, BN, ON, CS, ET, WS};
    uint8_t all[IBIDI_UNICODE_BC_COUNT];
    for (uint8_t i = 0; i < IBIDI_UNICODE_BC_COUNT; i++)
        all[i] = i;
    const long n1 = compare_bits(labels, N(labels), 6, rep);
    const long n2 = compare_bits(all, IBIDI_UNICODE_BC_COUNT, 4, rep);
    CHECK(bits_failures == 0, "condition bits agree with the B codes (%ld failures)", bits_failures);
    printf("info: condition bits agree with the B codes of the Bidi Rule on code points for "
           "%ld class strings (%ld failures)\n", n1 + n2, bits_failures);
}
static void test_rfc3454(void)
{
    static const uint8_t r_r[] = {R, R}, r_en[] = {R, EN}, en_r[] = {EN, R}, r_nsm[] = {R, NSM},
                         r_l_r[] = {R, L, R}, en[] = {EN}, an_an[] = {AN, AN}, l[] = {L},
                         al_en_al[] = {AL, EN, AL};
    CHECK(ibidi_rfc5893_rfc3454_rule_ok(r_r, 2), "RFC 3454: R R");
    CHECK(ibidi_rfc5893_rfc3454_rule_ok(al_en_al, 3), "RFC 3454: AL EN AL");
    CHECK(!ibidi_rfc5893_rfc3454_rule_ok(r_en, 2),
          "RFC 3454: R EN ends with a number (RFC 5893 §4.3)");
    CHECK(!ibidi_rfc5893_rfc3454_rule_ok(en_r, 2), "RFC 3454: EN R starts with a number");
    CHECK(!ibidi_rfc5893_rfc3454_rule_ok(r_nsm, 2),
          "RFC 3454: R NSM ends with NSM (RFC 5893 §4.1-4.2)");
    CHECK(!ibidi_rfc5893_rfc3454_rule_ok(r_l_r, 3), "RFC 3454: RandALCat with LCat");
    CHECK(ibidi_rfc5893_rfc3454_rule_ok(en, 1), "RFC 3454: a number label passes (no RandALCat)");
    CHECK(ibidi_rfc5893_rfc3454_rule_ok(an_an, 2), "RFC 3454: AN AN passes");
    CHECK(ibidi_rfc5893_rfc3454_rule_ok(l, 1), "RFC 3454: L");
    CHECK(ibidi_rfc5893_rfc3454_rule_ok(NULL, 0), "RFC 3454: empty");
}

static void classes_of(const uint32_t *cp, size_t n, uint8_t *c)
{
    for (size_t i = 0; i < n; i++)
        c[i] = (uint8_t)ibidi_unicode_bidi_class(cp[i]);
}

/* RFC 5893 §4: the examples of the issues found with RFC 3454. */
static void test_section4(void)
{
    static const uint32_t dhivehi[] = {0x0786, 0x07AE, 0x0782, 0x07B0, 0x0795,
                                       0x07A9, 0x0793, 0x07A6, 0x0783, 0x07AA};
    static const uint32_t yivo[] = {0x05D9, 0x05B4, 0x05D5, 0x05D0, 0x05B8};
    uint8_t c[16];
    classes_of(dhivehi, 10, c);
    CHECK(!ibidi_rfc5893_rfc3454_rule_ok(c, 10), "§4.1 Dhivehi konpeetaru: RFC 3454 rejects it");
    CHECK(conds(c, 10) == 0, "§4.1 Dhivehi konpeetaru: RFC 5893 accepts it");
    classes_of(yivo, 5, c);
    CHECK(!ibidi_rfc5893_rfc3454_rule_ok(c, 5), "§4.2 YIVO: RFC 3454 rejects it");
    CHECK(conds(c, 5) == 0, "§4.2 YIVO: RFC 5893 accepts it");
    /* §4.3: ALEF 5 and 5 ALEF display alike in an LTR context; RFC 5893 keeps ALEF 5. */
    static const uint8_t alef5[] = {R, EN}, five_alef[] = {EN, R};
    CHECK(!ibidi_rfc5893_rfc3454_rule_ok(alef5, 2) && !ibidi_rfc5893_rfc3454_rule_ok(five_alef, 2),
          "§4.3: RFC 3454 rejects both");
    CHECK(conds(alef5, 2) == 0 && conds(five_alef, 2) == COND(1), "§4.3: RFC 5893 keeps ALEF 5");
    ibidi_rfc5893_case a = {NULL, 0, CS, alef5, 2, CS, NULL, 0, IBIDI_DIR_LTR, 0, 0};
    ibidi_rfc5893_case b = a;
    b.x = five_alef;
    ibidi_rfc5893_display da, db;
    CHECK(ibidi_rfc5893_run(&a, NULL, &da, NULL) == IBIDI_OK, "run ALEF 5");
    CHECK(ibidi_rfc5893_run(&b, NULL, &db, NULL) == IBIDI_OK, "run 5 ALEF");
    CHECK(da.len == db.len && memcmp(da.key, db.key, da.len) == 0,
          "§4.3: ALEF 5 and 5 ALEF show the same in a LTR paragraph");
    CHECK(da.clusters_len == db.clusters_len && memcmp(da.clusters, db.clusters, da.clusters_len) == 0,
          "§4.3: also as rendered");
}

/* RFC 5893 §3: "the label 123-A will have a different display order in an RTL context than
 * in an LTR context". */
static void test_123_a(void)
{
    static const uint8_t x[] = {EN, EN, EN, ES, R};
    ibidi_rfc5893_case c = {NULL, 0, CS, x, 5, CS, NULL, 0, IBIDI_DIR_LTR, 0, 0};
    ibidi_rfc5893_display ltr, rtl;
    CHECK(ibidi_rfc5893_run(&c, NULL, &ltr, NULL) == IBIDI_OK, "123-A LTR");
    c.dir = IBIDI_DIR_RTL;
    CHECK(ibidi_rfc5893_run(&c, NULL, &rtl, NULL) == IBIDI_OK, "123-A RTL");
    /* LTR: 1 2 3 - A left to right; RTL: A - 1 2 3 from the right (the number keeps its
     * own left-to-right order), so the sequences on screen differ. */
    CHECK(ltr.len == 7 && rtl.len == 7, "123-A: seven characters shown with the full stops");
    CHECK(ltr.key[1] == EN && ltr.key[5] == R, "123-A in LTR: the number first");
    CHECK(rtl.key[1] == R && rtl.key[5] == EN, "123-A in RTL: A at the left");
    CHECK(memcmp(ltr.key, rtl.key, ltr.len) != 0, "§3: 123-A shows differently by context");
    CHECK(conds(x, 5) == COND(1), "§3: 123-A is disallowed anyway (condition 1)");
}

/* RFC 5893 §3: "the context R CS L EN ET (for instance A.a1%) makes the label L EN not
 * satisfy the character grouping requirement" (the formal text); with FULL STOP after it
 * instead of % the label is grouped. */
static void test_a_a1_percent(void)
{
    static const uint8_t s1[] = {R}, x[] = {L, EN};
    ibidi_rfc5893_case c = {s1, 1, CS, x, 2, ET, NULL, 0, IBIDI_DIR_RTL, 0, 0};
    unsigned broken = 0;
    CHECK(ibidi_rfc5893_run(&c, &broken, NULL, NULL) == IBIDI_OK, "A.a1%% runs");
    CHECK(broken & IBIDI_RFC5893_BROKEN_LITERAL,
          "§3: A.a1%% with ET as D2 breaks grouping of L EN (RTL paragraph)");
    c.d2 = CS;
    CHECK(ibidi_rfc5893_run(&c, &broken, NULL, NULL) == IBIDI_OK && broken == 0,
          "A.a1. with FULL STOP as D2: grouped in both readings");
    c.dir = IBIDI_DIR_LTR;
    c.d2 = ET;
    CHECK(ibidi_rfc5893_run(&c, &broken, NULL, NULL) == IBIDI_OK && broken == 0,
          "A.a1%% in a LTR paragraph: grouped");
}

/* The two readings differ: the RFC's own L1.R2.R3.L4 (shown L1.R3.R2.L4). */
static void test_readings(void)
{
    static const uint8_t r2[] = {R}, r3[] = {R}, l4[] = {L};
    ibidi_rfc5893_case c = {r2, 1, CS, r3, 1, CS, l4, 1, IBIDI_DIR_LTR, 0, 0};
    unsigned broken = 0;
    ibidi_rfc5893_display d;
    CHECK(ibidi_rfc5893_run(&c, &broken, &d, NULL) == IBIDI_OK, "R2.R3.L4 runs");
    CHECK(broken == IBIDI_RFC5893_BROKEN_LITERAL,
          "§3 L1.R2.R3.L4: R3 is grouped but R2 lies between its full stops (broken %u)", broken);
    static const uint8_t want[] = {R, IBIDI_RFC5893_DELIM_KEY + CS, R, IBIDI_RFC5893_DELIM_KEY + CS, L};
    CHECK(d.len == 5 && memcmp(d.key, want, 5) == 0, "R2.R3.L4 shows R3 . R2 . L4");
    /* §5: an RTL label before a label starting with a digit: the number moves. */
    static const uint8_t a[] = {R}, one_b[] = {EN, L};
    ibidi_rfc5893_case e = {a, 1, CS, one_b, 2, CS, NULL, 0, IBIDI_DIR_LTR, 0, 0};
    CHECK(ibidi_rfc5893_run(&e, &broken, NULL, NULL) == IBIDI_OK &&
              (broken & IBIDI_RFC5893_BROKEN_GROUPED),
          "§5: A.1b breaks grouping of 1b in both readings");
    /* Marks: R EN NSM and R NSM EN share their code points on screen, not their clusters. */
    static const uint8_t x1[] = {R, EN, NSM}, x2[] = {R, NSM, EN};
    ibidi_rfc5893_case p = {NULL, 0, CS, x1, 3, CS, NULL, 0, IBIDI_DIR_LTR, 0, 0}, q = p;
    q.x = x2;
    ibidi_rfc5893_display dp, dq;
    ibidi_rfc5893_run(&p, NULL, &dp, NULL);
    ibidi_rfc5893_run(&q, NULL, &dq, NULL);
    CHECK(dp.len == dq.len && memcmp(dp.key, dq.key, dp.len) == 0,
          "R EN NSM and R NSM EN: same code points on screen");
    CHECK(dp.clusters_len == dq.clusters_len && memcmp(dp.clusters, dq.clusters, dp.clusters_len) != 0,
          "R EN NSM and R NSM EN: the mark is drawn on different bases");
    /* BN and controls are not shown. */
    static const uint8_t bn[] = {L, BN, L};
    ibidi_rfc5893_case b = {NULL,
                            0,
                            WS,
                            bn,
                            3,
                            ON,
                            NULL,
                            0,
                            IBIDI_DIR_RTL,
                            IBIDI_UNICODE_BC_RLO,
                            IBIDI_RFC5893_PLACE_AROUND};
    CHECK(ibidi_rfc5893_run(&b, &broken, &d, NULL) == IBIDI_OK && d.len == 4,
          "BN and the controls are left out of the display (%zu)", d.len);
}

static void test_grouping(void)
{
    static const struct {
        const char *name;
        uint8_t c[6];
        size_t n;
        int holds;
    } cases[] = {
        {"a", {L}, 1, 1},
        {"A", {R}, 1, 1},
        {"A1", {R, EN}, 2, 1},
        {"A1B", {R, EN, R}, 3, 1},
        {"a-b1", {L, ES, L, EN}, 4, 1},
        {"A (AL) 1 NSM", {AL, EN, NSM}, 3, 1},
        {"1 (invalid: condition 1)", {EN}, 1, 0},
        {"1b (invalid: condition 1)", {EN, L}, 2, 0},
        {"A ON (invalid: condition 3)", {R, ON}, 2, 0},
        {"a ON (invalid: condition 6)", {L, ON}, 2, 0},
        {"AaB (invalid: condition 2)", {R, L, R}, 3, 0},
    };
    for (size_t k = 0; k < N(cases); k++) {
        ibidi_rfc5893_grouping g;
        memset(&g, 0xFF, sizeof g); /* every field is set by the call */
        ibidi_status st = ibidi_rfc5893_grouping_classes(cases[k].c, cases[k].n, 0, &g, NULL);
        const int holds = g.holds;
        const ibidi_rfc5893_case f = g.failed;
        const size_t runs = g.runs;
        CHECK(st == IBIDI_OK && holds == cases[k].holds, "grouping %s: status %d holds %d",
              cases[k].name, st, holds);
        if (!holds) {
            /* The failing context is reported and breaks when run again. */
            unsigned broken = 0;
            CHECK(f.x == cases[k].c && f.n == cases[k].n, "%s: context names the label", cases[k].name);
            CHECK(ibidi_rfc5893_run(&f, &broken, NULL, NULL) == IBIDI_OK &&
                      (broken & IBIDI_RFC5893_BROKEN_GROUPED),
                  "%s: the reported context breaks grouping", cases[k].name);
        } else {
            size_t nd, nn;
            ibidi_rfc5893_delimiters(&nd);
            ibidi_rfc5893_neighbours(&nn);
            CHECK(runs == 2 * nd * nd * nn * nn, "%s: every context run (%zu)", cases[k].name, runs);
            CHECK(f.x == NULL && f.n == 0 && f.placement == 0, "%s: no failed context",
                  cases[k].name);
        }
    }
    /* Literal reading: even "A" fails (A.A. in a LTR paragraph shows A.A. with the other
     * A between the full stops). */
    static const uint8_t r[] = {R};
    ibidi_rfc5893_grouping g;
    CHECK(ibidi_rfc5893_grouping_classes(r, 1, IBIDI_RFC5893_LITERAL, &g, NULL) == IBIDI_OK &&
              !g.holds,
          "literal reading: A fails");
    CHECK(ibidi_rfc5893_grouping_classes(r, 1, IBIDI_RFC5893_ONLY_LTR | IBIDI_RFC5893_ONLY_RTL,
                                         &g, NULL) == IBIDI_OK &&
              g.holds && g.runs == 0,
          "no direction: nothing to break");
    CHECK(ibidi_rfc5893_grouping_classes(r, 1, IBIDI_RFC5893_LITERAL, NULL, NULL) == IBIDI_OK,
          "no result record: the status alone");
    /* Controls: the reported context has a control placement. */
    CHECK(ibidi_rfc5893_grouping_classes(r, 1, IBIDI_RFC5893_CONTROLS, &g, NULL) == IBIDI_OK,
          "controls run");
    if (!g.holds)
        CHECK(g.failed.placement != IBIDI_RFC5893_PLACE_NONE, "controls: failing placement %s",
              ibidi_rfc5893_placement_name((ibidi_rfc5893_placement)g.failed.placement));
    printf("info: A with controls outside: %s\n", g.holds ? "grouped" : "broken");
}

static void test_sets(void)
{
    size_t n = 0;
    const ibidi_rfc5893_delimiter *d = ibidi_rfc5893_delimiters(&n);
    CHECK(n == 3 && d[0].cp == 0x2E && d[1].cp == 0x20 && d[2].cp == 0x40, "delimiters");
    for (size_t i = 0; i < n; i++) {
        CHECK(ibidi_unicode_bidi_class(d[i].cp) == d[i].bidi_class, "delimiter class U+%04X",
              d[i].cp);
        CHECK(!ibidi_unicode_bidi_mirrored(d[i].cp) &&
                  ibidi_unicode_bracket_type(d[i].cp) == IBIDI_UNICODE_BPT_NONE,
              "delimiter U+%04X is neither mirrored nor a bracket", d[i].cp);
        CHECK(d[i].why && *d[i].why, "delimiter reason");
    }
    const ibidi_rfc5893_neighbour *nb = ibidi_rfc5893_neighbours(&n);
    CHECK(n >= 2 && nb[0].n == 0, "neighbours: the empty one first");
    for (size_t i = 1; i < n; i++) {
        CHECK(conds(nb[i].classes, nb[i].n) == 0, "neighbour %s passes the rule", nb[i].notation);
        for (size_t k = 0; k < nb[i].n; k++)
            CHECK(ibidi_unicode_bidi_class(nb[i].cps[k]) == nb[i].classes[k],
                  "neighbour %s code point", nb[i].notation);
    }
    CHECK(ibidi_rfc5893_delimiters(NULL) != NULL && ibidi_rfc5893_neighbours(NULL) != NULL, "NULL n");
    CHECK(strcmp(ibidi_rfc5893_placement_name(IBIDI_RFC5893_PLACE_MIDDLE), "middle") == 0, "placement name");
    CHECK(ibidi_rfc5893_placement_name((ibidi_rfc5893_placement)99) == NULL, "unknown placement name");
    CHECK(strcmp(ibidi_rfc5893_requirement_name(IBIDI_RFC5893_REQ_UNIQUENESS), "uniqueness") == 0, "req name");
    CHECK(ibidi_rfc5893_requirement_name((ibidi_rfc5893_requirement)0) == NULL, "unknown req");
}

static void test_errors(void)
{
    static const uint8_t x[] = {R};
    ibidi_error err;
    unsigned broken = 7;
    CHECK(ibidi_rfc5893_run(NULL, &broken, NULL, &err) == IBIDI_E_INVALID_ARGUMENT &&
              err.status == IBIDI_E_INVALID_ARGUMENT && broken == 0,
          "run: NULL case");
    ibidi_rfc5893_case c = {NULL, 1, CS, x, 1, CS, NULL, 0, IBIDI_DIR_LTR, 0, 0};
    CHECK(ibidi_rfc5893_run(&c, NULL, NULL, &err) == IBIDI_E_INVALID_ARGUMENT, "run: NULL S1 with a length");
    c.n1 = 0;
    c.dir = IBIDI_DIR_AUTO;
    CHECK(ibidi_rfc5893_run(&c, NULL, NULL, &err) == IBIDI_E_INVALID_ARGUMENT, "run: AUTO direction");
    c.dir = IBIDI_DIR_LTR;
    c.d1 = L;
    CHECK(ibidi_rfc5893_run(&c, NULL, NULL, &err) == IBIDI_E_INVALID_ARGUMENT, "run: L as delimiter");
    c.d1 = CS;
    c.placement = 42;
    CHECK(ibidi_rfc5893_run(&c, NULL, NULL, &err) == IBIDI_E_INVALID_ARGUMENT, "run: unknown placement");
    c.placement = IBIDI_RFC5893_PLACE_AROUND;
    c.control = IBIDI_UNICODE_BC_PDF;
    CHECK(ibidi_rfc5893_run(&c, NULL, NULL, &err) == IBIDI_E_INVALID_ARGUMENT, "run: PDF is not an opening control");
    c.placement = IBIDI_RFC5893_PLACE_STRAY_PDF;
    CHECK(ibidi_rfc5893_run(&c, NULL, NULL, &err) == IBIDI_OK, "run: stray PDF needs no control");
    c.placement = 0;
    static const uint8_t bad[] = {R, 77};
    c.x = bad;
    c.n = 2;
    CHECK(ibidi_rfc5893_run(&c, NULL, NULL, &err) == IBIDI_E_RFC5893_CLASS && err.offset == 2 &&
              err.value == 77,
          "run: class 77 at index 2 of the whole string (offset %zu)", err.offset);
    uint8_t long_label[IBIDI_RFC5893_MAX_LABEL + 1];
    memset(long_label, L, sizeof long_label);
    c.x = long_label;
    c.n = sizeof long_label;
    CHECK(ibidi_rfc5893_run(&c, NULL, NULL, &err) == IBIDI_E_RFC5893_TOO_LONG, "run: label over 63");
    c.n = IBIDI_RFC5893_MAX_LABEL;
    CHECK(ibidi_rfc5893_run(&c, NULL, NULL, &err) == IBIDI_OK, "run: label of 63");
    ibidi_rfc5893_grouping g;
    g.holds = 5;
    CHECK(ibidi_rfc5893_grouping_classes(NULL, 1, 0, &g, &err) == IBIDI_E_INVALID_ARGUMENT &&
              g.holds == 1 && g.runs == 0,
          "grouping: NULL label");
    CHECK(ibidi_rfc5893_grouping_classes(bad, 2, 0, &g, &err) == IBIDI_E_RFC5893_CLASS,
          "grouping: bad class");
    CHECK(ibidi_rfc5893_grouping_classes(long_label, sizeof long_label, 0, NULL, &err) ==
              IBIDI_E_RFC5893_TOO_LONG, "grouping: too long");
    CHECK(ibidi_status_name(IBIDI_E_RFC5893_CLASS) && ibidi_status_name(IBIDI_E_RFC5893_TOO_LONG),
          "status names");
}


/* Bad input: NULL classes fail closed; the offset of a part too long is where the part
 * starts in the laid-out string, the same index a bad class at its start gets, in every
 * placement; grouping over contexts counts offsets in the label itself. */
static void test_error_offsets(void)
{
    CHECK(ibidi_rfc5893_conditions(NULL, 3, ALL) == ALL, "conditions: NULL classes break all");
    CHECK(ibidi_rfc5893_conditions(NULL, 3, COND(2)) == COND(2), "conditions: NULL, mask kept");
    CHECK(ibidi_rfc5893_conditions(NULL, 0, ALL) == 0, "conditions: NULL and empty: nothing");
    /* the same through ibidi/idna.h, whose bits are this header's */
    unsigned six = 0;
    for (int k = 1; k <= 6; k++)
        six |= IBIDI_IDNA_RULE_COND(k);
    CHECK(six == ALL && IBIDI_IDNA_RULE_COND(1) == COND(1) && IBIDI_IDNA_RULE_COND(6) == COND(6),
          "IBIDI_IDNA_RULE_COND bits are IBIDI_RFC5893_COND's");
    CHECK(ibidi_idna_bidi_rule_classes(NULL, 3) == six, "bidi_rule_classes: NULL breaks all");
    CHECK(ibidi_idna_bidi_rule_classes(NULL, 0) == 0, "bidi_rule_classes: NULL and empty");
    CHECK(!ibidi_rfc5893_rfc3454_rule_ok(NULL, 2), "RFC 3454: NULL classes fail");
    static const uint8_t s[] = {R, EN}, x[] = {L};
    uint8_t long_part[IBIDI_RFC5893_MAX_LABEL + 1], bad_part[2] = {99, L};
    memset(long_part, L, sizeof long_part);
    for (int pl = 0; pl < IBIDI_RFC5893_PLACEMENTS; pl++)
        for (int part = 0; part < 3; part++) {
            ibidi_rfc5893_case c = {
                s, 2, CS, x, 1, WS, s, 2, IBIDI_DIR_RTL, IBIDI_UNICODE_BC_RLO, (uint8_t)pl};
            ibidi_rfc5893_case b = c;
            const uint8_t **lp = part == 0 ? &c.s1 : part == 1 ? &c.x : &c.s2;
            size_t *ln = part == 0 ? &c.n1 : part == 1 ? &c.n : &c.n2;
            *lp = long_part;
            *ln = sizeof long_part;
            const uint8_t **bp = part == 0 ? &b.s1 : part == 1 ? &b.x : &b.s2;
            size_t *bn = part == 0 ? &b.n1 : part == 1 ? &b.n : &b.n2;
            *bp = bad_part;
            *bn = 2;
            ibidi_error e1, e2;
            CHECK(ibidi_rfc5893_run(&c, NULL, NULL, &e1) == IBIDI_E_RFC5893_TOO_LONG &&
                      e1.status == IBIDI_E_RFC5893_TOO_LONG &&
                      e1.value == IBIDI_RFC5893_MAX_LABEL + 1,
                  "placement %d part %d: too long (value %u)", pl, part, (unsigned)e1.value);
            CHECK(ibidi_rfc5893_run(&b, NULL, NULL, &e2) == IBIDI_E_RFC5893_CLASS && e2.value == 99,
                  "placement %d part %d: bad class", pl, part);
            CHECK(e1.offset == e2.offset, "placement %d part %d: too long at %zu, part starts at %zu",
                  pl, part, e1.offset, e2.offset);
        }
    /* grouping: the offset is the index in x, not in the first context tried. */
    static const uint8_t bad[] = {R, 77};
    ibidi_error err;
    ibidi_rfc5893_grouping g;
    CHECK(ibidi_rfc5893_grouping_classes(bad, 2, 0, &g, &err) == IBIDI_E_RFC5893_CLASS &&
              err.offset == 1 && err.value == 77,
          "grouping: class 77 at index 1 of the label (offset %zu)", err.offset);
    CHECK(ibidi_rfc5893_grouping_classes(long_part, sizeof long_part, 0, &g, &err) ==
                  IBIDI_E_RFC5893_TOO_LONG &&
              err.offset == 0 && err.value == IBIDI_RFC5893_MAX_LABEL + 1,
          "grouping: too long, offset 0, value the length");
    CHECK(ibidi_rfc5893_run(&(ibidi_rfc5893_case){NULL, 0, CS, x, 1, CS, NULL, 3, IBIDI_DIR_LTR,
                                                  0, 0},
                            NULL, NULL, &err) == IBIDI_E_INVALID_ARGUMENT &&
              err.status == IBIDI_E_INVALID_ARGUMENT,
          "run: NULL S2 with a length");
    CHECK(ibidi_rfc5893_run(&(ibidi_rfc5893_case){NULL, 0, CS, NULL, 2, CS, NULL, 0,
                                                  IBIDI_DIR_LTR, 0, 0},
                            NULL, NULL, &err) == IBIDI_E_INVALID_ARGUMENT,
          "run: NULL X with a length");
    CHECK(ibidi_rfc5893_run(&(ibidi_rfc5893_case){NULL, 0, CS, x, 1, 200, NULL, 0,
                                                  IBIDI_DIR_LTR, 0, 0},
                            NULL, NULL, &err) == IBIDI_E_INVALID_ARGUMENT,
          "run: delimiter class 200");
    CHECK(ibidi_rfc5893_run(&(ibidi_rfc5893_case){NULL, 0, CS, x, 1, CS, NULL, 0,
                                                  IBIDI_DIR_LTR, 99, IBIDI_RFC5893_PLACE_MIDDLE},
                            NULL, NULL, &err) == IBIDI_E_INVALID_ARGUMENT,
          "run: control class 99");
}

/* RFC 5893 §3 claim about directional controls: the placement S1 c D1 X D2 PDF S2 breaks
 * Character Grouping when D2 is a SPACE that ends the line (L1 puts it back at the
 * paragraph level, outside the embedding), and only then. */
static void test_middle_placement(void)
{
    static const uint8_t r[] = {R}, a[] = {L}, l[] = {L}, big_a[] = {R};
    ibidi_rfc5893_case c = {r,
                            1,
                            CS,
                            a,
                            1,
                            WS,
                            NULL,
                            0,
                            IBIDI_DIR_LTR,
                            IBIDI_UNICODE_BC_LRE,
                            IBIDI_RFC5893_PLACE_MIDDLE};
    unsigned broken = 0;
    ibidi_rfc5893_display d;
    CHECK(ibidi_rfc5893_run(&c, &broken, &d, NULL) == IBIDI_OK &&
              (broken & IBIDI_RFC5893_BROKEN_GROUPED),
          "R LRE . a SP PDF (LTR): a is not grouped");
    static const uint8_t want[] = {IBIDI_RFC5893_DELIM_KEY + CS, L, R, IBIDI_RFC5893_DELIM_KEY + WS};
    CHECK(d.len == 4 && memcmp(d.key, want, 4) == 0, "R LRE . a SP PDF shows . a R SP");
    c.d2 = CS;
    CHECK(ibidi_rfc5893_run(&c, &broken, NULL, NULL) == IBIDI_OK && broken == 0,
          "R LRE . a . PDF (LTR): grouped");
    c.d2 = WS;
    c.s2 = l;
    c.n2 = 1;
    CHECK(ibidi_rfc5893_run(&c, &broken, NULL, NULL) == IBIDI_OK && broken == 0,
          "R LRE . a SP PDF b (LTR): grouped, the space does not end the line");
    ibidi_rfc5893_case e = {l,
                            1,
                            CS,
                            big_a,
                            1,
                            WS,
                            NULL,
                            0,
                            IBIDI_DIR_LTR,
                            IBIDI_UNICODE_BC_RLE,
                            IBIDI_RFC5893_PLACE_MIDDLE};
    static const uint8_t want_e[] = {L, R, IBIDI_RFC5893_DELIM_KEY + CS, IBIDI_RFC5893_DELIM_KEY + WS};
    CHECK(ibidi_rfc5893_run(&e, &broken, &d, NULL) == IBIDI_OK &&
              (broken & IBIDI_RFC5893_BROKEN_GROUPED) && d.len == 4 && memcmp(d.key, want_e, 4) == 0,
          "a RLE . A SP PDF (LTR) shows a A . SP: A next to a");
}
/* ibidi_rfc5893_check_name_utf8 with its options as separate words, as the tests were
 * written; the options record itself is tested with the errors below. */
static ibidi_status check_name(const char *s, size_t len, unsigned flags, size_t max,
                               ibidi_findings *f, ibidi_rfc5893_detail *d, ibidi_error *err)
{
    const ibidi_rfc5893_name_options o = {flags, max};
    return ibidi_rfc5893_check_name_utf8(s, len, &o, f, d, err);
}

/* The findings of a name in notation into f (cap), details into d; *st the status. */
static size_t findings_of(const char *notation, unsigned options, ibidi_finding *f,
                          ibidi_rfc5893_detail *d, size_t cap, ibidi_status *st)
{
    size_t len;
    ibidi_findings fs = {f, cap, 0, 0};
    const char *s = t_notation(0, notation, 0, &len);
    *st = check_name(s, len, options, 100000, &fs, d, NULL);
    for (size_t i = 0; i < fs.n && i < cap; i++)
        CHECK(f[i].offset + f[i].length <= len && f[i].severity == IBIDI_SEVERITY_WARNING &&
                  f[i].rule == ibidi_code_message(f[i].code) &&
                  ibidi_code_name(f[i].code) != NULL && f[i].code >= 301 && f[i].code <= 304,
              "%s: finding inside the name, a warning with its rule", notation);
    CHECK(fs.errors == 0, "%s: no error", notation);
    return fs.n;
}

static void test_name(void)
{
    ibidi_finding f[16];
    ibidi_rfc5893_detail d[16];
    ibidi_status st;
    size_t n = findings_of("abc.ABC.com", 0, f, d, 16, &st);
    CHECK(st == IBIDI_OK, "abc.ABC.com checks");
    for (size_t i = 0; i < n && i < 16; i++)
        CHECK(f[i].code != IBIDI_RFC5893_REQ_GROUPING, "abc.ABC.com: every label grouped");
    n = findings_of("123.ABC.com", 0, f, d, 16, &st);
    int grouping = 0;
    for (size_t i = 0; i < n && i < 16; i++)
        if (f[i].code == IBIDI_RFC5893_REQ_GROUPING) {
            grouping = 1;
            CHECK(f[i].part == 0 && f[i].offset == 0 && f[i].length == 3 && f[i].cp == '1' &&
                      f[i].bidi_class == IBIDI_UNICODE_BC_EN && d[i].twin_len == 0 &&
                      (d[i].d1 == '.' || d[i].d1 == ' ' || d[i].d1 == '@'),
                  "123.ABC.com: the label 123 at offset 0, its context");
        }
    CHECK(st == IBIDI_OK && grouping, "123.ABC.com: 123 (breaks condition 1) is not grouped");
    /* the details are optional; the findings are the same without them */
    {
        ibidi_finding g[16];
        ibidi_findings gs = {g, 16, 0, 0};
        size_t len;
        const char *s = t_notation(0, "123.ABC.com", 0, &len);
        CHECK(check_name(s, len, 0, 100000, &gs, NULL, NULL) == IBIDI_OK &&
                  gs.n == n && memcmp(&g[0].code, &f[0].code, sizeof g[0].code) == 0,
              "no details: the same findings");
    }
    /* A mark after a digit: R EN NSM and R NSM EN show the same code points, but the mark
     * is drawn on the digit in one and on the letter in the other, so the twin search
     * (marks as rendered) finds no twin and Label Uniqueness holds. */
    const uint32_t twin_src[] = {0x5D0, 0x31, 0x300};
    char s[16];
    ibidi_buf enc = {s, sizeof s, 0};
    ibidi_findings fs = {f, 16, 0, 0};
    ibidi_utf8_encode(twin_src, 3, &enc, NULL);
    size_t len = enc.len;
    st = check_name(s, len, 0, 100000, &fs, d, NULL);
    int uniq = 0;
    for (size_t i = 0; i < fs.n && i < 16; i++)
        if (f[i].code == IBIDI_RFC5893_REQ_UNIQUENESS)
            uniq = 1;
    CHECK(st == IBIDI_OK && !uniq,
          "R EN NSM: no uniqueness finding (R NSM EN draws the mark on the letter)");
    /* Label Uniqueness: 1A (which breaks condition 1) shows like A1 between full stops in
     * a left-to-right paragraph: the twin's label and its context in the detail */
    {
        const uint32_t src[] = {0x31, 0x5D0};
        ibidi_utf8_encode(src, 2, &enc, NULL);
        len = enc.len;
        fs.n = 0;
        st = check_name(s, len, 0, 100000, &fs, d, NULL);
        int found = 0;
        for (size_t i = 0; i < fs.n && i < 16; i++)
            if (f[i].code == IBIDI_RFC5893_REQ_UNIQUENESS) {
                found = 1;
                CHECK(d[i].twin_len == 2 && d[i].twin[0] == 0x5D0 && d[i].twin[1] == 0x31 &&
                          d[i].d1 == '.' && d[i].d2 == '.' && f[i].offset == 0 &&
                          f[i].length == len && f[i].context == IBIDI_DIR_LTR,
                      "uniqueness: the twin label A1 in the detail");
            }
        CHECK(st == IBIDI_OK && found, "1A: a twin label displays alike");
    }
    /* Counting without storage, controls option, root label. */
    ibidi_findings count = {NULL, 0, 0, 0};
    const char *name = t_notation(1, "ABC.123.", 0, &len);
    CHECK(check_name(name, len, IBIDI_RFC5893_CONTROLS, 1000, &count, d, NULL) == IBIDI_OK &&
              count.n > 0,
          "ABC.123.: findings counted without storage (%zu)", count.n);
    CHECK(check_name(name, len, IBIDI_RFC5893_CONTROLS, 1000, NULL, NULL, NULL) == IBIDI_OK,
          "no findings record at all");
    CHECK(check_name("", 0, 0, 0, &count, NULL, NULL) == IBIDI_OK && count.n == 0,
          "empty name: nothing");
    /* Errors. */
    ibidi_error err;
    count.n = 99;
    CHECK(check_name("a.\xC0\x80", 4, 0, 0, &count, NULL, &err) == IBIDI_E_UTF8_OVERLONG &&
              err.offset == 2 && count.n == 0,
          "ill-formed UTF-8 with its offset");
    CHECK(check_name(NULL, 1, 0, 0, NULL, NULL, &err) == IBIDI_E_INVALID_ARGUMENT, "NULL name");
    ibidi_findings no_items = {NULL, 2, 0, 0};
    CHECK(check_name("a", 1, 0, 0, &no_items, NULL, &err) == IBIDI_E_INVALID_ARGUMENT,
          "NULL findings with a capacity");
    CHECK(check_name("a", 1, 0x10u, 0, NULL, NULL, &err) == IBIDI_E_INVALID_ARGUMENT,
          "unknown option bits");
    {
        /* the options record: NULL and zero are the defaults */
        static ibidi_finding fa[16], fb[16];
        ibidi_findings a = {fa, 16, 0, 0}, b = {fb, 16, 0, 0};
        const ibidi_rfc5893_name_options zero = {0, 0};
        const char *nm = t_notation(1, "ABC.123.", 0, &len);
        int same = ibidi_rfc5893_check_name_utf8(nm, len, NULL, &a, NULL, &err) == IBIDI_OK &&
                   ibidi_rfc5893_check_name_utf8(nm, len, &zero, &b, NULL, &err) == IBIDI_OK &&
                   a.n == b.n && a.n > 0;
        for (size_t i = 0; same && i < a.n && i < 16; i++)
            same = fa[i].code == fb[i].code && fa[i].offset == fb[i].offset &&
                   fa[i].context == fb[i].context;
        CHECK(same, "NULL and zeroed name options agree (%zu findings)", a.n);
    }
    char longname[80];
    memset(longname, 'a', sizeof longname);
    longname[0] = 'b';
    longname[1] = '.';
    CHECK(check_name(longname, sizeof longname, 0, 0, &count, NULL, &err) ==
                  IBIDI_E_RFC5893_TOO_LONG && err.offset == 2 && count.n == 0,
          "label over 63 at offset 2 (%zu)", err.offset);
    /* A label with ZWNJ (BN): X9 sets it aside, so Label Uniqueness is checked as for the
     * label without it (RFC 5893 §3: the position of BN has no meaning). */
    {
        const uint32_t zw[] = {0x5D0, 0x200C, 0x5D1}, pl[] = {0x5D0, 0x5D1};
        char s2[64];
        size_t len2;
        ibidi_finding f2[16];
        ibidi_findings fs2 = {f2, 16, 0, 0};
        ibidi_buf enc2 = {s2, sizeof s2, 0};
        ibidi_utf8_encode(zw, 3, &enc, NULL);
        ibidi_utf8_encode(pl, 2, &enc2, NULL);
        len = enc.len;
        len2 = enc2.len;
        fs.n = 0;
        st = check_name(s, len, 0, 1000, &fs, d, NULL);
        int trunc = 0, same = st == IBIDI_OK &&
                              check_name(s2, len2, 0, 1000, &fs2, NULL, NULL) == IBIDI_OK &&
                              fs2.n == fs.n;
        for (size_t i = 0; i < fs.n && i < 16; i++) {
            trunc |= f[i].code == IBIDI_RFC5893_REQ_TRUNCATED;
            same &= f[i].code == f2[i].code;
        }
        CHECK(same && !trunc, "ZWNJ in a label: checked as the label without it");
    }
    /* the bound: 1 candidate cuts the search; SIZE_MAX none */
    {
        size_t t1 = 0, t2 = 0;
        const uint32_t lab[] = {0x5D0, 0x5D1, 0x2D, 0x31, 0x32}; /* AB-12 */
        ibidi_utf8_encode(lab, 5, &enc, NULL);
        len = enc.len;
        fs.n = 0;
        CHECK(check_name(s, len, 0, 1, &fs, d, NULL) == IBIDI_OK, "bound 1");
        for (size_t i = 0; i < fs.n && i < 16; i++)
            t1 += f[i].code == IBIDI_RFC5893_REQ_TRUNCATED;
        fs.n = 0;
        CHECK(check_name(s, len, 0, SIZE_MAX, &fs, d, NULL) == IBIDI_OK, "no bound");
        for (size_t i = 0; i < fs.n && i < 16; i++)
            t2 += f[i].code == IBIDI_RFC5893_REQ_TRUNCATED;
        CHECK(t2 == 0 && t1 > 0, "bound 1 truncates (%zu), SIZE_MAX never (%zu)", t1, t2);
    }
}

/* ---- The per-name memo against each label alone ----------------------------------------
 * ibidi_rfc5893_check_name_utf8 remembers, within one call, what it found for a label and
 * gives it again for a later label that needs the same answer. A name of one label has
 * nothing to reuse: checking each label of a name alone is the long way, and the name's
 * findings and details must be the labels' own, in order, moved to the label's place. */

#define MEMO_CAP 512
static ibidi_finding memo_f[MEMO_CAP], memo_g[MEMO_CAP];
static ibidi_rfc5893_detail memo_d[MEMO_CAP], memo_e[MEMO_CAP];

static int same_detail(const ibidi_rfc5893_detail *a, const ibidi_rfc5893_detail *b)
{
    return a->d1 == b->d1 && a->d2 == b->d2 && a->s1 == b->s1 && a->s2 == b->s2 &&
           a->control == b->control && a->placement == b->placement &&
           a->twin_len == b->twin_len &&
           memcmp(a->twin, b->twin, sizeof a->twin) == 0;
}

/* 1 when name (len bytes) gives, under flags and the bound max, the findings of its labels
 * checked one by one; *count gets the name's findings. */
static int same_as_labels_alone(const char *name, size_t len, unsigned flags, size_t max,
                                size_t *count)
{
    ibidi_findings all = {memo_f, MEMO_CAP, 0, 0};
    *count = 0;
    memset(memo_d, 0, sizeof memo_d);
    if (check_name(name, len, flags, max, &all, memo_d, NULL) != IBIDI_OK || all.n > MEMO_CAP)
        return 0;
    *count = all.n;
    size_t k = 0, index = 0, start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && name[i] != '.')
            continue;
        ibidi_findings one = {memo_g, MEMO_CAP, 0, 0};
        memset(memo_e, 0, sizeof memo_e);
        if (check_name(name + start, i - start, flags, max, &one, memo_e, NULL) != IBIDI_OK)
            return 0;
        for (size_t j = 0; j < one.n; j++, k++) {
            const ibidi_finding *a = &memo_f[k], *b = &memo_g[j];
            if (k >= all.n || a->code != b->code || a->severity != b->severity ||
                a->rule != b->rule || a->part != index || a->offset != start + b->offset ||
                a->length != b->length || a->cp != b->cp || a->bidi_class != b->bidi_class ||
                a->context != b->context || a->detail != b->detail ||
                !same_detail(&memo_d[k], &memo_e[j]))
                return 0;
        }
        index++;
        start = i + 1;
    }
    return k == all.n;
}

/* ---- The search against every case run the long way ------------------------------------
 * ibidi_rfc5893_grouping_classes runs its cases without ibidi_rfc5893_run's checks and
 * reads the display in one pass. Here each case is laid out by the table of
 * ibidi_rfc5893_placement, run through ibidi_bidi_resolve_classes and ibidi_bidi_reorder,
 * and read by the words of the header (what is shown, then each reading on its own); the
 * verdicts must be ibidi_rfc5893_run's, and the first case that breaks the reading, in the
 * header's order, the search's. */

typedef struct laid {
    uint8_t c[IBIDI_RFC5893_MAX_CASE], part[IBIDI_RFC5893_MAX_CASE]; /* part: 0 other, 1 X,
                                                                         2 D1, 3 D2 */
    size_t n;
} laid;

static void lay(laid *l, const uint8_t *s, size_t n, uint8_t part)
{
    for (size_t i = 0; i < n; i++) {
        l->c[l->n] = s[i];
        l->part[l->n++] = part;
    }
}

static void lay_case(laid *l, const ibidi_rfc5893_case *k)
{
    const uint8_t c = k->control, pdf = IBIDI_UNICODE_BC_PDF;
    l->n = 0;
    switch (k->placement) {
    case IBIDI_RFC5893_PLACE_NONE: /* S1 D1 X D2 S2 */
    case IBIDI_RFC5893_PLACE_STRAY_PDF: /* PDF S1 D1 X D2 S2 */
        if (k->placement == IBIDI_RFC5893_PLACE_STRAY_PDF)
            lay(l, &pdf, 1, 0);
        lay(l, k->s1, k->n1, 0), lay(l, &k->d1, 1, 2), lay(l, k->x, k->n, 1);
        lay(l, &k->d2, 1, 3), lay(l, k->s2, k->n2, 0);
        break;
    case IBIDI_RFC5893_PLACE_AROUND: /* c S1 D1 X D2 S2 PDF */
    case IBIDI_RFC5893_PLACE_BEFORE: /* c S1 D1 X D2 S2 */
        lay(l, &c, 1, 0), lay(l, k->s1, k->n1, 0), lay(l, &k->d1, 1, 2), lay(l, k->x, k->n, 1);
        lay(l, &k->d2, 1, 3), lay(l, k->s2, k->n2, 0);
        if (k->placement == IBIDI_RFC5893_PLACE_AROUND)
            lay(l, &pdf, 1, 0);
        break;
    case IBIDI_RFC5893_PLACE_AFTER: /* S1 D1 X D2 S2 c */
        lay(l, k->s1, k->n1, 0), lay(l, &k->d1, 1, 2), lay(l, k->x, k->n, 1);
        lay(l, &k->d2, 1, 3), lay(l, k->s2, k->n2, 0), lay(l, &c, 1, 0);
        break;
    case IBIDI_RFC5893_PLACE_LEFT_LABEL: /* c S1 PDF D1 X D2 S2 */
        lay(l, &c, 1, 0), lay(l, k->s1, k->n1, 0), lay(l, &pdf, 1, 0), lay(l, &k->d1, 1, 2);
        lay(l, k->x, k->n, 1), lay(l, &k->d2, 1, 3), lay(l, k->s2, k->n2, 0);
        break;
    case IBIDI_RFC5893_PLACE_RIGHT_LABEL: /* S1 D1 X D2 c S2 PDF */
        lay(l, k->s1, k->n1, 0), lay(l, &k->d1, 1, 2), lay(l, k->x, k->n, 1);
        lay(l, &k->d2, 1, 3), lay(l, &c, 1, 0), lay(l, k->s2, k->n2, 0), lay(l, &pdf, 1, 0);
        break;
    case IBIDI_RFC5893_PLACE_MIDDLE: /* S1 c D1 X D2 PDF S2 */
        lay(l, k->s1, k->n1, 0), lay(l, &c, 1, 0), lay(l, &k->d1, 1, 2), lay(l, k->x, k->n, 1);
        lay(l, &k->d2, 1, 3), lay(l, &pdf, 1, 0), lay(l, k->s2, k->n2, 0);
        break;
    case IBIDI_RFC5893_PLACE_INNER: /* S1 D1 c X PDF D2 S2 */
        lay(l, k->s1, k->n1, 0), lay(l, &k->d1, 1, 2), lay(l, &c, 1, 0), lay(l, k->x, k->n, 1);
        lay(l, &pdf, 1, 0), lay(l, &k->d2, 1, 3), lay(l, k->s2, k->n2, 0);
        break;
    }
}

/* The readings a case breaks, by the header's words; ~0u when the UBA refuses it. */
static unsigned verdict_long_way(const ibidi_rfc5893_case *k)
{
    laid l;
    uint8_t lev[IBIDI_RFC5893_MAX_CASE], shown[IBIDI_RFC5893_MAX_CASE];
    size_t v2l[IBIDI_RFC5893_MAX_CASE], m = 0, nx = 0;
    lay_case(&l, k);
    if (ibidi_bidi_resolve_classes(l.c, l.n, &(ibidi_bidi_options){.dir = k->dir},
                                   &(ibidi_bidi_result){.levels = lev, .cap = l.n},
                                   NULL) != IBIDI_OK ||
        ibidi_bidi_reorder(lev, l.n, v2l, NULL, NULL) != IBIDI_OK)
        return ~0u;
    for (size_t v = 0; v < l.n; v++) /* shown: X9 removes BN and the embedding controls */
        if (!ibidi_bidi_class_removed((ibidi_unicode_bc)l.c[v2l[v]]))
            shown[m++] = l.part[v2l[v]];
    size_t d1 = m, d2 = m;
    for (size_t v = 0; v < m; v++) {
        nx += shown[v] == 1;
        if (shown[v] == 2)
            d1 = v;
        if (shown[v] == 3)
            d2 = v;
    }
    unsigned broken = 0;
    /* literal: all the characters of X are between D1 and D2, and no others */
    const size_t a = d1 < d2 ? d1 : d2, z = d1 < d2 ? d2 : d1;
    for (size_t v = 0; v < m; v++)
        if ((shown[v] == 1) != (v > a && v < z))
            broken |= IBIDI_RFC5893_BROKEN_LITERAL;
    /* grouped: X one block, a delimiter or the edge on each side */
    size_t first = m, last = 0;
    for (size_t v = 0; v < m; v++)
        if (shown[v] == 1) {
            first = first == m ? v : first;
            last = v;
        }
    if (nx > 0 && (last - first + 1 != nx || (first > 0 && shown[first - 1] < 2) ||
                   (last + 1 < m && shown[last + 1] < 2)))
        broken |= IBIDI_RFC5893_BROKEN_GROUPED;
    return broken;
}

/* Every context of x (n classes) under options, in the header's order, by
 * verdict_long_way and ibidi_rfc5893_run; 1 when they agree on every case and the search
 * (ibidi_rfc5893_grouping_classes) stops at the same case after as many runs. */
static int search_long_way(const uint8_t *x, size_t n, unsigned options)
{
    static const uint8_t ctl[] = {IBIDI_UNICODE_BC_LRE, IBIDI_UNICODE_BC_RLE,
                                  IBIDI_UNICODE_BC_LRO, IBIDI_UNICODE_BC_RLO};
    size_t nd, nn, runs = 0;
    const ibidi_rfc5893_delimiter *dl = ibidi_rfc5893_delimiters(&nd);
    const ibidi_rfc5893_neighbour *nb = ibidi_rfc5893_neighbours(&nn);
    const unsigned want = (options & IBIDI_RFC5893_LITERAL) ? IBIDI_RFC5893_BROKEN_LITERAL
                                                            : IBIDI_RFC5893_BROKEN_GROUPED;
    const int last = (options & IBIDI_RFC5893_CONTROLS) ? IBIDI_RFC5893_PLACEMENTS - 1 : 0;
    ibidi_rfc5893_case first;
    memset(&first, 0, sizeof first);
    int found = 0;
    for (int d = 0; d < 2 && !found; d++) {
        if (options & (d ? IBIDI_RFC5893_ONLY_LTR : IBIDI_RFC5893_ONLY_RTL))
            continue;
        for (int pl = 0; pl <= last && !found; pl++) {
            const int nc = pl == IBIDI_RFC5893_PLACE_NONE ||
                                   pl == IBIDI_RFC5893_PLACE_STRAY_PDF ? 1 : 4;
            for (int c = 0; c < nc && !found; c++)
                for (size_t i1 = 0; i1 < nd && !found; i1++)
                    for (size_t i2 = 0; i2 < nd && !found; i2++)
                        for (size_t a = 0; a < nn && !found; a++)
                            for (size_t z = 0; z < nn && !found; z++) {
                                const ibidi_rfc5893_case k = {
                                    nb[a].classes, nb[a].n, dl[i1].bidi_class, x, n,
                                    dl[i2].bidi_class, nb[z].classes, nb[z].n,
                                    d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR,
                                    nc == 1 ? 0 : ctl[c], (uint8_t)pl};
                                unsigned broken = 0;
                                if (ibidi_rfc5893_run(&k, &broken, NULL, NULL) != IBIDI_OK ||
                                    broken != verdict_long_way(&k))
                                    return 0;
                                runs++;
                                if (broken & want) {
                                    first = k;
                                    found = 1;
                                }
                            }
        }
    }
    ibidi_rfc5893_grouping g;
    if (ibidi_rfc5893_grouping_classes(x, n, options, &g, NULL) != IBIDI_OK ||
        g.holds != !found || g.runs != runs)
        return 0;
    const ibidi_rfc5893_case *f = &g.failed;
    return g.holds ||
           (f->s1 == first.s1 && f->n1 == first.n1 && f->d1 == first.d1 && f->x == first.x &&
            f->n == first.n && f->d2 == first.d2 && f->s2 == first.s2 && f->n2 == first.n2 &&
            f->dir == first.dir && f->control == first.control &&
            f->placement == first.placement);
}

static void test_search_long_way(void)
{
    static const struct {
        const char *name;
        uint8_t c[6];
        size_t n;
    } cases[] = {
        {"A", {R}, 1},
        {"a", {L}, 1},
        {"A1", {R, EN}, 2},
        {"A1B", {R, EN, R}, 3},
        {"1A", {EN, R}, 2},
        {"A (AL) 1 NSM", {AL, EN, NSM}, 3},
        {"A ZWNJ B", {R, BN, R}, 3},
        {"a-b1", {L, ES, L, EN}, 4},
        {"A%1,2", {R, ET, EN, CS, EN}, 5},
        {"A RLE 1 PDF", {R, IBIDI_UNICODE_BC_RLE, EN, IBIDI_UNICODE_BC_PDF}, 4},
        {"NSM A", {NSM, R}, 2},
    };
    static const unsigned options[] = {0, IBIDI_RFC5893_LITERAL, IBIDI_RFC5893_CONTROLS,
                                       IBIDI_RFC5893_CONTROLS | IBIDI_RFC5893_LITERAL,
                                       IBIDI_RFC5893_ONLY_RTL};
    for (size_t k = 0; k < N(cases); k++)
        for (size_t o = 0; o < N(options); o++)
            CHECK(search_long_way(cases[k].c, cases[k].n, options[o]),
                  "%s (options %u): the search and every case run the long way agree",
                  cases[k].name, options[o]);
}

/* ---- Contexts that read as an earlier context -----------------------------------------
 * The name's check leaves out the contexts whose cases have the levels of an earlier
 * context's (src/ambiguity/rfc5893.c, d2_as_earlier, says why): S2 "a1" as "a" (with its 1 at
 * the level of the a), "A (AL)" as "A", "A1 (AL)" and "A+AN" as "A1"; D2 COMMERCIAL AT as
 * FULL STOP; D1 COMMERCIAL AT as FULL STOP after an S1 that does not end with a number.
 * Here the levels of both cases of each pair are compared in every context of labels up to
 * a length; the name's findings against ibidi_rfc5893_grouping_classes, which runs every
 * context, are compared in test_name_runs_cut. */

/* The neighbour whose notation is `notation`, or starts with it and a space. */
static size_t neighbour_named(const char *notation)
{
    size_t nn;
    const ibidi_rfc5893_neighbour *nb = ibidi_rfc5893_neighbours(&nn);
    const size_t k = strlen(notation);
    for (size_t i = 0; i < nn; i++)
        if (strncmp(nb[i].notation, notation, k) == 0 &&
            (nb[i].notation[k] == '\0' || nb[i].notation[k] == ' '))
            return i;
    return nn;
}

static size_t delimiter_of(uint8_t bc)
{
    size_t nd;
    const ibidi_rfc5893_delimiter *dl = ibidi_rfc5893_delimiters(&nd);
    for (size_t i = 0; i < nd; i++)
        if (dl[i].bidi_class == bc)
            return i;
    return nd;
}

/* The levels of case k laid out (lay_case) into lev; its length, 0 when the UBA refuses. */
static size_t case_levels(const ibidi_rfc5893_case *k, laid *l, uint8_t *lev)
{
    lay_case(l, k);
    if (ibidi_bidi_resolve_classes(l->c, l->n, &(ibidi_bidi_options){.dir = k->dir},
                                   &(ibidi_bidi_result){.levels = lev, .cap = l->n},
                                   NULL) != IBIDI_OK)
        return 0;
    return l->n;
}

/* 1 when cases k0 and k1 have the same levels, or k0 one character more, where their
 * layouts first differ, at the level of the character before it. */
static int same_levels(const ibidi_rfc5893_case *k0, const ibidi_rfc5893_case *k1)
{
    laid l[2];
    uint8_t lev[2][IBIDI_RFC5893_MAX_CASE];
    const size_t n0 = case_levels(k0, &l[0], lev[0]), n1 = case_levels(k1, &l[1], lev[1]);
    if (n0 == 0 || n1 == 0)
        return 0;
    if (n0 == n1)
        return memcmp(lev[0], lev[1], n0) == 0;
    size_t at = 0;
    while (at < n1 && l[0].c[at] == l[1].c[at])
        at++;
    return n0 == n1 + 1 && at > 0 && lev[0][at] == lev[0][at - 1] &&
           memcmp(lev[0], lev[1], at) == 0 &&
           memcmp(lev[0] + at + 1, lev[1] + at, n1 - at) == 0;
}

/* Every context of x (n classes) in placements [0, last]: 1 when the cases of each pair
 * have the same levels. */
static int earlier_pairs_agree(const uint8_t *x, size_t n, int last)
{
    static const uint8_t ctl[] = {IBIDI_UNICODE_BC_LRE, IBIDI_UNICODE_BC_RLE,
                                  IBIDI_UNICODE_BC_LRO, IBIDI_UNICODE_BC_RLO};
    const size_t s2[][2] = {{neighbour_named("a1"), neighbour_named("a")},
                            {neighbour_named("A (AL)"), neighbour_named("A")},
                            {neighbour_named("A1 (AL:"), neighbour_named("A1")},
                            {neighbour_named("A+AN"), neighbour_named("A1")}};
    const size_t on = delimiter_of(ON), cs = delimiter_of(CS);
    size_t nd, nn;
    const ibidi_rfc5893_delimiter *dl = ibidi_rfc5893_delimiters(&nd);
    const ibidi_rfc5893_neighbour *nb = ibidi_rfc5893_neighbours(&nn);
    for (size_t p = 0; p < N(s2); p++)
        if (s2[p][0] >= nn || s2[p][1] >= nn || s2[p][1] >= s2[p][0])
            return 0; /* the earlier one must come first in the search */
    if (on >= nd || cs >= on)
        return 0;
    for (int d = 0; d < 2; d++)
        for (int pl = 0; pl <= last; pl++) {
            const int nc = pl == IBIDI_RFC5893_PLACE_NONE ||
                                   pl == IBIDI_RFC5893_PLACE_STRAY_PDF ? 1 : 4;
            for (int c = 0; c < nc; c++)
                for (size_t i1 = 0; i1 < nd; i1++)
                    for (size_t i2 = 0; i2 < nd; i2++)
                        for (size_t a = 0; a < nn; a++)
                            for (size_t z = 0; z < nn; z++) {
                                ibidi_rfc5893_case k = {
                                    nb[a].classes, nb[a].n, dl[i1].bidi_class, x, n,
                                    dl[i2].bidi_class, nb[z].classes, nb[z].n,
                                    d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR,
                                    nc == 1 ? 0 : ctl[c], (uint8_t)pl};
                                ibidi_rfc5893_case e = k;
                                for (size_t p = 0; p < N(s2); p++)
                                    if (z == s2[p][0]) {
                                        e.s2 = nb[s2[p][1]].classes;
                                        e.n2 = nb[s2[p][1]].n;
                                        if (!same_levels(&k, &e))
                                            return 0;
                                    }
                                e = k;
                                e.d2 = CS;
                                if (i2 == on && !same_levels(&k, &e))
                                    return 0;
                                e = k;
                                e.d1 = CS;
                                const uint8_t end = nb[a].n ? nb[a].classes[nb[a].n - 1] : ON;
                                if (i1 == on && end != EN && end != AN && !same_levels(&k, &e))
                                    return 0;
                            }
        }
    return 1;
}

static void test_as_earlier(void)
{
    static const uint8_t wide[] = {L,  R,  AL, EN, AN, ES, CS, ET, NSM, ON, WS, BN,
                                   IBIDI_UNICODE_BC_B,   IBIDI_UNICODE_BC_S,
                                   IBIDI_UNICODE_BC_LRE, IBIDI_UNICODE_BC_RLE,
                                   IBIDI_UNICODE_BC_LRO, IBIDI_UNICODE_BC_RLO,
                                   IBIDI_UNICODE_BC_PDF, IBIDI_UNICODE_BC_LRI,
                                   IBIDI_UNICODE_BC_RLI, IBIDI_UNICODE_BC_FSI,
                                   IBIDI_UNICODE_BC_PDI};
    static const uint8_t narrow[] = {L, R, AL, EN, AN, ES, CS, ET, NSM, ON};
    long failures = 0, labels = 0;
    /* every class alone, every placement of every control */
    for (size_t i = 0; i < N(wide); i++, labels++)
        failures += !earlier_pairs_agree(&wide[i], 1, IBIDI_RFC5893_PLACEMENTS - 1);
    /* two and three classes of labels, without controls */
    for (size_t v = 0; v < N(narrow) * N(narrow); v++, labels++) {
        const uint8_t x[] = {narrow[v % N(narrow)], narrow[v / N(narrow)]};
        failures += !earlier_pairs_agree(x, 2, 0);
    }
    for (size_t v = 0; v < 8 * 8 * 8; v++, labels++) {
        const uint8_t x[] = {narrow[v % 8], narrow[v / 8 % 8], narrow[v / 64]};
        failures += !earlier_pairs_agree(x, 3, 0);
    }
    /* a control, an isolate, a paragraph separator, a mark after the delimiter */
    static const uint8_t inside[][3] = {{R, IBIDI_UNICODE_BC_RLE, EN},
                                        {L, IBIDI_UNICODE_BC_LRI, R},
                                        {IBIDI_UNICODE_BC_FSI, EN, NSM},
                                        {R, IBIDI_UNICODE_BC_B, EN},
                                        {AL, IBIDI_UNICODE_BC_RLO, EN},
                                        {NSM, EN, EN},
                                        {BN, NSM, AN}};
    for (size_t i = 0; i < N(inside); i++, labels++)
        failures += !earlier_pairs_agree(inside[i], 3, IBIDI_RFC5893_PLACEMENTS - 1);
    CHECK(failures == 0, "contexts read as earlier ones: %ld of %ld labels differ", failures,
          labels);
}

/* ---- Runs of one class cut to one character, against the whole string ----------------
 * ibidi_rfc5893_check_name_utf8 searches Character Grouping on the label's class string
 * with one of two neighbouring characters of one class L, R, AL, EN or AN left out
 * (src/ambiguity/rfc5893.c, grouping_key, says why the answer is the same);
 * ibidi_rfc5893_grouping_classes searches the string as it is, the long way. */

/* 1 when x and y give the same answer under options: holding, or failing first in the same
 * context (its pointers aside: they point into each string). */
static int same_grouping(const uint8_t *x, size_t n, const uint8_t *y, size_t m,
                         unsigned options)
{
    ibidi_rfc5893_grouping a, b;
    if (ibidi_rfc5893_grouping_classes(x, n, options, &a, NULL) != IBIDI_OK ||
        ibidi_rfc5893_grouping_classes(y, m, options, &b, NULL) != IBIDI_OK)
        return 0;
    const ibidi_rfc5893_case *f = &a.failed, *g = &b.failed;
    return a.holds == b.holds &&
           (a.holds || (f->s1 == g->s1 && f->n1 == g->n1 && f->d1 == g->d1 && f->d2 == g->d2 &&
                        f->s2 == g->s2 && f->n2 == g->n2 && f->dir == g->dir &&
                        f->control == g->control && f->placement == g->placement));
}

static const uint8_t cut_classes[] = {L, R, AL, EN, AN};

/* Every string of the alphabet up to max characters that holds two neighbours of a class
 * of cut_classes, against itself without one of them; returns the strings compared. */
static long compare_cut(const uint8_t *alphabet, size_t na, size_t max, unsigned options,
                        long *failures)
{
    long compared = 0;
    for (size_t n = 2; n <= max; n++) {
        size_t total = 1;
        for (size_t i = 0; i < n; i++)
            total *= na;
        for (size_t v = 0; v < total; v++) {
            uint8_t x[8], y[8];
            size_t w = v;
            for (size_t i = 0; i < n; i++, w /= na)
                x[i] = alphabet[w % na];
            for (size_t i = 1; i < n; i++) {
                if (x[i] != x[i - 1] || !in_set(x[i], cut_classes, N(cut_classes)))
                    continue;
                memcpy(y, x, i);
                memcpy(y + i, x + i + 1, n - i - 1);
                compared++;
                if (!same_grouping(x, n, y, n - 1, options) && ++*failures <= 5)
                    CHECK(0, "classes %u %u %u %u (n %zu, options %u): the run cut at %zu "
                             "answers otherwise", x[0], x[1], n > 2 ? x[2] : 99u,
                          n > 3 ? x[3] : 99u, n, options, i);
                break; /* one pair a string: the others are other strings' */
            }
        }
    }
    return compared;
}

static void test_grouping_runs_cut(void)
{
    /* every class a label may hold, and a control, an isolate, a segment separator */
    static const uint8_t wide[] = {L,  R,  AL, EN, AN, ES, CS, ET, NSM, ON, WS, BN,
                                   IBIDI_UNICODE_BC_RLE, IBIDI_UNICODE_BC_PDF,
                                   IBIDI_UNICODE_BC_LRI, IBIDI_UNICODE_BC_PDI,
                                   IBIDI_UNICODE_BC_S};
    static const uint8_t narrow[] = {L, R, AL, EN, AN, ES, CS, ET, NSM, ON};
    long failures = 0, compared = 0;
    compared += compare_cut(wide, N(wide), 3, 0, &failures);
    compared += compare_cut(wide, N(wide), 3, IBIDI_RFC5893_LITERAL, &failures);
    compared += compare_cut(narrow, N(narrow), 4, 0, &failures);
    compared += compare_cut(narrow, N(narrow), 4, IBIDI_RFC5893_LITERAL, &failures);
    compared += compare_cut(narrow, 7, 3, IBIDI_RFC5893_CONTROLS, &failures);
    CHECK(failures == 0, "runs cut: %ld of %ld strings answer otherwise", failures, compared);
    printf("info: runs of L, R, AL, EN, AN cut to one character: %ld strings, the same "
           "answers\n", compared);
    /* long runs: 63 R, AL, L, EN; runs around numbers and marks */
    uint8_t x[IBIDI_RFC5893_MAX_LABEL];
    for (size_t k = 0; k < N(cut_classes); k++) {
        memset(x, cut_classes[k], sizeof x);
        CHECK(same_grouping(x, sizeof x, x, 1, 0) &&
                  same_grouping(x, sizeof x, x, 1, IBIDI_RFC5893_LITERAL),
              "63 characters of class %u answer as one", cut_classes[k]);
    }
    static const uint8_t a[] = {R, R, R, EN, EN, NSM, NSM, AL, AL, AN, AN, CS, AN, R, R};
    static const uint8_t b[] = {R, EN, NSM, NSM, AL, AN, CS, AN, R};
    CHECK(same_grouping(a, N(a), b, N(b), 0) &&
              same_grouping(a, N(a), b, N(b), IBIDI_RFC5893_LITERAL),
          "AAA11 NSM NSM ..: its runs cut");
}

static uint32_t delimiter_cp(const ibidi_rfc5893_delimiter *dl, size_t nd, uint8_t bc)
{
    for (size_t i = 0; i < nd; i++)
        if (dl[i].bidi_class == bc)
            return dl[i].cp;
    return 0;
}

/* 1 when the Character Grouping findings of name (flags without CONTROLS: GROUPING; with
 * it: CONTROLS, for labels that hold without controls) are those of
 * ibidi_rfc5893_grouping_classes on each label's whole class string. */
static int same_as_grouping_classes(const char *name, size_t len, unsigned flags)
{
    static ibidi_finding f[MEMO_CAP];
    static ibidi_rfc5893_detail d[MEMO_CAP];
    ibidi_findings all = {f, MEMO_CAP, 0, 0};
    if (check_name(name, len, flags, 1000, &all, d, NULL) != IBIDI_OK || all.n > MEMO_CAP)
        return 0;
    size_t nn, nd;
    const ibidi_rfc5893_neighbour *nb = ibidi_rfc5893_neighbours(&nn);
    const ibidi_rfc5893_delimiter *dl = ibidi_rfc5893_delimiters(&nd);
    size_t index = 0, start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && name[i] != '.')
            continue;
        uint8_t c[IBIDI_RFC5893_MAX_LABEL];
        size_t n = 0, pos = start;
        uint32_t cp;
        while (pos < i && ibidi_utf8_next(name, i, &pos, &cp, NULL) == IBIDI_OK)
            c[n++] = (uint8_t)ibidi_unicode_bidi_class(cp);
        for (unsigned dr = 0; n > 0 && dr < 2; dr++) {
            const unsigned only = dr ? IBIDI_RFC5893_ONLY_RTL : IBIDI_RFC5893_ONLY_LTR;
            const ibidi_dir dir = dr ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
            if (flags & (IBIDI_RFC5893_ONLY_LTR | IBIDI_RFC5893_ONLY_RTL) & ~only)
                continue; /* the name's check leaves this direction out */
            ibidi_rfc5893_grouping g;
            const unsigned reading = (flags & IBIDI_RFC5893_LITERAL) | only;
            if (ibidi_rfc5893_grouping_classes(c, n, reading, &g, NULL) != IBIDI_OK)
                return 0;
            ibidi_code code = IBIDI_RFC5893_REQ_GROUPING;
            if (flags & IBIDI_RFC5893_CONTROLS) {
                if (!g.holds)
                    continue; /* the controls' first context is not the long way's */
                code = IBIDI_RFC5893_REQ_CONTROLS;
                if (ibidi_rfc5893_grouping_classes(c, n, reading | IBIDI_RFC5893_CONTROLS, &g,
                                                   NULL) != IBIDI_OK)
                    return 0;
            }
            size_t k = 0;
            while (k < all.n &&
                   !(f[k].part == index && f[k].code == code && f[k].context == dir))
                k++;
            if (g.holds != (k == all.n))
                return 0;
            if (!g.holds && (d[k].d1 != delimiter_cp(dl, nd, g.failed.d1) ||
                             d[k].d2 != delimiter_cp(dl, nd, g.failed.d2) ||
                             d[k].s1 >= nn || nb[d[k].s1].classes != g.failed.s1 ||
                             d[k].s2 >= nn || nb[d[k].s2].classes != g.failed.s2 ||
                             d[k].control != g.failed.control ||
                             d[k].placement != g.failed.placement))
                return 0;
        }
        index++;
        start = i + 1;
    }
    return 1;
}

static void test_name_runs_cut(void)
{
    size_t len;
    static const char *const names[] = {
        "ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEF.AB.A.ABC1234.A12B.abcdef.ab12.123.A-1",
        "A\xD9\xA1\xD9\xA2\xD9\xA3.A\xD9\xA1.1234A.12A.A12.A1.aaa.a.AB\xD6\xB4\xD6\xB4",
        /* a mark first, a mark after a digit, a control, an isolate, ZWNJ, a space */
        "\xD6\xB4" "A.\xD6\xB4" "1.1\xD6\xB4.A\xE2\x80\xAB" "1.\xE2\x81\xA6" "A1."
        "A\xE2\x80\x8C" "1.A 1",
    };
    static const unsigned flags[] = {0, IBIDI_RFC5893_LITERAL, IBIDI_RFC5893_ONLY_RTL,
                                     IBIDI_RFC5893_CONTROLS};
    for (size_t i = 0; i < N(names); i++) {
        const char *s = t_notation(0, names[i], 0, &len);
        for (size_t j = 0; j < N(flags); j++)
            CHECK(same_as_grouping_classes(s, len, flags[j]),
                  "%s (flags %u): the grouping of each whole class string", names[i], flags[j]);
        s = t_notation(0, names[i], 1, &len); /* A-Z Arabic: AL */
        CHECK(same_as_grouping_classes(s, len, 0),
              "%s (Arabic): the grouping of each whole class string", names[i]);
    }
}

static void test_name_memo(void)
{
    char name[2048];
    size_t len, count = 0;
    /* labels repeated: "123.ABCD." nineteen times and "com" (one class string each), under
     * every reading and direction */
    static const unsigned flags[] = {0, IBIDI_RFC5893_LITERAL, IBIDI_RFC5893_ONLY_RTL,
                                     IBIDI_RFC5893_ONLY_LTR | IBIDI_RFC5893_LITERAL};
    const char *abcd = t_notation(0, "ABCD", 0, &len);
    char unit[32];
    snprintf(unit, sizeof unit, "123.%s.", abcd);
    len = t_repeat(name, sizeof name, "", unit, 19, "com");
    for (size_t i = 0; i < N(flags); i++)
        CHECK(same_as_labels_alone(name, len, flags[i], 100000, &count) && count > 0,
              "123.ABCD. x19 com (flags %u): the labels' findings (%zu)", flags[i], count);
    /* one class string, other code points; labels that break the rule; a mark, Arabic-Indic
     * digits, a hyphen, a bracket, a control (no twin search), ZWNJ; labels repeated whose
     * twin search is cut (AB-12 under bound 1), finds a twin (1A) or cannot run (RLE) */
    static const char *const names[] = {
        "ABCD.EFGH.IJKL.ABCD.MNOP",
        "1A.2B.1A.a1.b2.A-1.B-2.A%.(A).A\xD6\xB4.B\xD6\xB4.\xD9\xA1" "A.\xD9\xA2" "B",
        "A.B.A.AB.BA.A1.B1.A1B.C1D.1.2.a.b.ab",
        "A\xE2\x80\xAB" "1.B\xE2\x80\xAB" "1.A\xE2\x80\x8C" "B.C\xE2\x80\x8C" "D.A.B",
        "A\xE2\x80\xAB" "1.A\xE2\x80\xAB" "1.AB-12.AB-12.1A.1A.A1.A1",
    };
    for (size_t i = 0; i < N(names); i++) {
        const char *s = t_notation(1, names[i], 0, &len);
        for (size_t j = 0; j < N(flags); j++)
            CHECK(same_as_labels_alone(s, len, flags[j], 100000, &count),
                  "%s (flags %u): the labels' findings (%zu)", names[i], flags[j], count);
        CHECK(same_as_labels_alone(s, len, 0, 1, &count),
              "%s (bound 1, searches cut): the labels' findings (%zu)", names[i], count);
        CHECK(same_as_labels_alone(s, len, IBIDI_RFC5893_CONTROLS, 1000, &count),
              "%s (controls): the labels' findings (%zu)", names[i], count);
    }
    /* more class strings than the memo holds, then all of them again: R for a bit set, EN
     * for a bit clear (six bits, 48 strings) */
    len = 0;
    for (int round = 0; round < 2; round++)
        for (unsigned v = 16; v < 64; v++) {
            for (int b = 5; b >= 0; b--) {
                const uint32_t cp = (v >> b & 1u) ? 0x5D0u + (unsigned)b : '1';
                len += ibidi_utf8_encode_cp(cp, name + len);
            }
            name[len++] = '.';
        }
    CHECK(same_as_labels_alone(name, len, 0, 1000, &count) && count > 0,
          "96 labels, 48 class strings twice: the labels' findings (%zu)", count);
}

int main(void)
{
    test_conditions();
    test_conditions_literal();
    test_conditions_agree_with_idna();
    test_condition_bits_agree_with_idna();
    test_rfc3454();
    test_section4();
    test_123_a();
    test_a_a1_percent();
    test_readings();
    test_grouping();
    test_sets();
    test_errors();
    test_error_offsets();
    test_middle_placement();
    test_name();
    test_name_memo();
    test_search_long_way();
    test_as_earlier();
    test_grouping_runs_cut();
    test_name_runs_cut();
    return t_summary();
}
