/*
 * The per-label rules of IDNA2008: the Bidi Rule (RFC 5893 §2; src/idna/bidi_rule.c) and
 * the contextual rules of RFC 5892 Appendix A (src/idna/context.c).
 *
 *  - every Bidi condition passing and failing, each finding's code, label, offset (taken
 *    from the label's offset table), code point and Bidi_Class; every violation reported;
 *  - the examples of RFC 5893 §3-§4 (Dhivehi, YIVO, ALEF 5, 123-A) and of the
 *    per-label question (123.ABC.com, ABC.123.com), the W_DIGIT_AFTER_RTL and
 *    W_PER_LABEL_BIDI warnings, byte offsets, empty labels, errors of the UTF-8 call;
 *  - exhaustive: over all strings of Bidi classes up to length 6 (nine classes standing
 *    for every behaviour) and of all 23 classes up to length 4, the findings equal those
 *    of an independent model of the first-character convention, and the verdict equals
 *    the RFC's §1.4 reading (RTL label = contains R, AL or AN);
 *  - every line of IdnaTestV2.txt: the B codes (CheckBidi) and C codes (CheckJoiners) of
 *    the ToUnicode form equal the union of the checkers' findings over its labels;
 *  - each contextual rule A.1-A.9 passing and failing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/idna.h"
#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "idna/idna_internal.h"
#include "testlib.h"

#define MAXF 64
#define MAXL 64

typedef void (*checker)(const ibidi__label *, ibidi__sink *);

/* Runs a checker on one label whose offsets are 100 + 3 i (so that a finding's offset
 * must come from the table, not from the index) and whose index is 7. */
static size_t run(checker fn, const uint32_t *cps, size_t n, ibidi_finding *f)
{
    uint16_t off[MAXL + 1];
    for (size_t i = 0; i <= n; i++)
        off[i] = (uint16_t)(100 + 3 * i);
    ibidi__label l = {cps, off, n, 7};
    ibidi_findings fs = {f, MAXF, 0, 0};
    ibidi__sink s;
    ibidi__sink_init(&s, &fs);
    fn(&l, &s);
    return s.n;
}

#define OFF(i) ((size_t)(100 + 3 * (i)))

/* Checks finding f against the expected code, index in the label, code point, class. */
static void check_finding(const char *what, const ibidi_finding *f, ibidi_idna_code code,
                          size_t idx, uint32_t value, int bc)
{
    /* (the codes checked here are all errors; the rule is the code's message) */
    CHECK(f->code == (ibidi_code)code && f->severity == IBIDI_SEVERITY_ERROR &&
              f->rule == ibidi_code_message(code),
          "%s: code %s, expected %s (severity %d)", what, ibidi_code_name(f->code),
          ibidi_code_name(code), (int)f->severity);
    CHECK(f->part == 7, "%s: label %zu", what, f->part);
    CHECK(f->offset == OFF(idx), "%s: offset %zu, expected %zu", what, f->offset, OFF(idx));
    CHECK(f->cp == value, "%s: value %04X, expected %04X", what, (unsigned)f->cp,
          (unsigned)value);
    CHECK(f->bidi_class == bc, "%s: class %d, expected %d", what, f->bidi_class, bc);
}

static size_t bidi(const uint32_t *cps, size_t n, ibidi_finding *f)
{
    return run(ibidi__bidi_rule_label, cps, n, f);
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------ conditions */

static void test_conditions(void)
{
    ibidi_finding f[MAXF];
    size_t n;

    /* Empty label: nothing to test. */
    CHECK(bidi(NULL, 0, f) == 0, "empty label");

    /* Condition 1 */
    static const uint32_t b1_en[] = {'1', 'a'};
    n = bidi(b1_en, 2, f);
    CHECK(n == 1, "B1 EN: %zu findings", n);
    check_finding("B1 EN", &f[0], IBIDI_IDNA_B1, 0, '1', IBIDI_UNICODE_BC_EN);
    static const uint32_t b1_nsm[] = {0x0300, 0x05D0};
    n = bidi(b1_nsm, 2, f);
    CHECK(n == 1, "B1 NSM: %zu findings", n);
    check_finding("B1 NSM", &f[0], IBIDI_IDNA_B1, 0, 0x0300, IBIDI_UNICODE_BC_NSM);
    /* A label without direction gets B1 alone, whatever else it holds. */
    static const uint32_t b1_an[] = {0x0661, 'a', 0x05D0, ' ', '1'};
    n = bidi(b1_an, N(b1_an), f);
    CHECK(n == 1 && f[0].code == IBIDI_IDNA_B1 && f[0].bidi_class == IBIDI_UNICODE_BC_AN, "B1 AN");
    static const uint32_t ok_l[] = {'a'}, ok_r[] = {0x05D0}, ok_al[] = {0x0627};
    CHECK(bidi(ok_l, 1, f) == 0, "L alone");
    CHECK(bidi(ok_r, 1, f) == 0, "R alone");
    CHECK(bidi(ok_al, 1, f) == 0, "AL alone");

    /* Condition 2: every character that is not allowed. */
    static const uint32_t b2[] = {0x05D0, 'a', 0x05D1, ' ', 0x05D2};
    n = bidi(b2, N(b2), f);
    CHECK(n == 2, "B2: %zu findings", n);
    check_finding("B2 first", &f[0], IBIDI_IDNA_B2, 1, 'a', IBIDI_UNICODE_BC_L);
    check_finding("B2 second", &f[1], IBIDI_IDNA_B2, 3, ' ', IBIDI_UNICODE_BC_WS);
    static const uint32_t ok2[] = {0x05D0, '-', '1', ',', '$', '!', 0x00AD, 0x05B8, 0x0627};
    CHECK(bidi(ok2, N(ok2), f) == 0, "RTL label with R ES EN CS ET ON BN NSM AL");

    /* Condition 3: the last character before the trailing NSM. */
    static const uint32_t b3[] = {0x05D0, '!'};
    n = bidi(b3, 2, f);
    CHECK(n == 1, "B3: %zu findings", n);
    check_finding("B3", &f[0], IBIDI_IDNA_B3, 1, '!', IBIDI_UNICODE_BC_ON);
    static const uint32_t b3_nsm[] = {0x05D0, '-', 0x05B8, 0x05B4};
    n = bidi(b3_nsm, N(b3_nsm), f);
    CHECK(n == 1, "B3 before NSM: %zu findings", n);
    check_finding("B3 before NSM", &f[0], IBIDI_IDNA_B3, 1, '-', IBIDI_UNICODE_BC_ES);
    static const uint32_t ok3a[] = {0x05D0, '1'}, ok3b[] = {0x0627, 0x0661},
                          ok3c[] = {0x05D0, 0x05B8}, ok3d[] = {0x05D0, '-', 0x0627};
    CHECK(bidi(ok3a, 2, f) == 0, "RTL ends with EN");
    CHECK(bidi(ok3b, 2, f) == 0, "RTL ends with AN");
    CHECK(bidi(ok3c, 2, f) == 0, "RTL ends with R NSM");
    CHECK(bidi(ok3d, 3, f) == 0, "RTL ends with AL");
    /* One character breaking conditions 2 and 3: B2 then B3 at the same place. */
    static const uint32_t b23[] = {0x05D0, 'a'};
    n = bidi(b23, 2, f);
    CHECK(n == 2, "B2+B3: %zu findings", n);
    check_finding("B2+B3 B2", &f[0], IBIDI_IDNA_B2, 1, 'a', IBIDI_UNICODE_BC_L);
    check_finding("B2+B3 B3", &f[1], IBIDI_IDNA_B3, 1, 'a', IBIDI_UNICODE_BC_L);

    /* Condition 4: once, where EN and AN first meet. */
    static const uint32_t b4[] = {0x05D0, '1', 0x0661, 0x0662, '2', 0x05D1};
    n = bidi(b4, N(b4), f);
    CHECK(n == 1, "B4: %zu findings", n);
    check_finding("B4", &f[0], IBIDI_IDNA_B4, 2, 0x0661, IBIDI_UNICODE_BC_AN);
    static const uint32_t b4b[] = {0x0627, 0x0661, '1'};
    n = bidi(b4b, 3, f);
    CHECK(n == 1, "B4 AN then EN: %zu findings", n);
    check_finding("B4 AN then EN", &f[0], IBIDI_IDNA_B4, 2, '1', IBIDI_UNICODE_BC_EN);
    static const uint32_t ok4[] = {0x0627, 0x0661, 0x0662, 0x0628};
    CHECK(bidi(ok4, N(ok4), f) == 0, "RTL with AN only");
    /* The Extended Arabic-Indic digits are EN: with U+0660..0669 they break rule 4. */
    static const uint32_t b4c[] = {0x0627, 0x06F1, 0x0661};
    n = bidi(b4c, 3, f);
    CHECK(n == 1 && f[0].code == IBIDI_IDNA_B4 && f[0].offset == OFF(2), "B4 06F1 0661");

    /* Condition 5: every R, AL, AN (or other class not allowed) in an LTR label. */
    static const uint32_t b5[] = {'a', 0x05D0, 'b', 0x0627, 0x0661, 'c'};
    n = bidi(b5, N(b5), f);
    CHECK(n == 3, "B5: %zu findings", n);
    check_finding("B5 R", &f[0], IBIDI_IDNA_B5, 1, 0x05D0, IBIDI_UNICODE_BC_R);
    check_finding("B5 AL", &f[1], IBIDI_IDNA_B5, 3, 0x0627, IBIDI_UNICODE_BC_AL);
    check_finding("B5 AN", &f[2], IBIDI_IDNA_B5, 4, 0x0661, IBIDI_UNICODE_BC_AN);
    static const uint32_t ok5[] = {'a', '1', '-', ',', '$', '!', 0x00AD, 0x0300, 'b'};
    CHECK(bidi(ok5, N(ok5), f) == 0, "LTR label with L EN ES CS ET ON BN NSM");

    /* Condition 6 */
    static const uint32_t b6[] = {'a', '-'};
    n = bidi(b6, 2, f);
    CHECK(n == 1, "B6: %zu findings", n);
    check_finding("B6", &f[0], IBIDI_IDNA_B6, 1, '-', IBIDI_UNICODE_BC_ES);
    static const uint32_t b6_nsm[] = {'a', '!', 0x0300};
    n = bidi(b6_nsm, 3, f);
    CHECK(n == 1, "B6 before NSM: %zu findings", n);
    check_finding("B6 before NSM", &f[0], IBIDI_IDNA_B6, 1, '!', IBIDI_UNICODE_BC_ON);
    static const uint32_t ok6a[] = {'a', '1'}, ok6b[] = {'a', 0x0300};
    CHECK(bidi(ok6a, 2, f) == 0, "LTR ends with EN");
    CHECK(bidi(ok6b, 2, f) == 0, "LTR ends with L NSM");

    /* All of them at once: U+00E0 U+05D0 is B5 and B6 (IdnaTestV2.txt), not B2. */
    static const uint32_t a_alef[] = {0x00E0, 0x05D0};
    n = bidi(a_alef, 2, f);
    CHECK(n == 2, "a-grave ALEF: %zu findings", n);
    check_finding("a-grave ALEF B5", &f[0], IBIDI_IDNA_B5, 1, 0x05D0, IBIDI_UNICODE_BC_R);
    check_finding("a-grave ALEF B6", &f[1], IBIDI_IDNA_B6, 1, 0x05D0, IBIDI_UNICODE_BC_R);
    static const uint32_t many[] = {0x05D0, 'a', '1', 'b', 0x0661, ' ', '!'};
    n = bidi(many, N(many), f);
    CHECK(n == 5, "many: %zu findings", n);
    if (n == 5) {
        check_finding("many 1", &f[0], IBIDI_IDNA_B2, 1, 'a', IBIDI_UNICODE_BC_L);
        check_finding("many 2", &f[1], IBIDI_IDNA_B2, 3, 'b', IBIDI_UNICODE_BC_L);
        check_finding("many 3", &f[2], IBIDI_IDNA_B4, 4, 0x0661, IBIDI_UNICODE_BC_AN);
        check_finding("many 4", &f[3], IBIDI_IDNA_B2, 5, ' ', IBIDI_UNICODE_BC_WS);
        check_finding("many 5", &f[4], IBIDI_IDNA_B3, 6, '!', IBIDI_UNICODE_BC_ON);
    }

    /* RTL label predicate (RFC 5893 §1.4). */
    static const uint32_t an_only[] = {'1', 0x0661};
    CHECK(ibidi__is_rtl_label(an_only, 2) == 1, "AN makes an RTL label");
    CHECK(ibidi__is_rtl_label(ok5, N(ok5)) == 0, "LTR label");
    CHECK(ibidi_idna_is_rtl_label_cp(ok_al, 1) == 1, "public: AL");
    CHECK(ibidi_idna_is_rtl_label_cp(b1_en, 2) == 0, "public: 1a");
    CHECK(ibidi_idna_is_rtl_label_cp(NULL, 0) == 0, "public: empty");
    CHECK(ibidi_idna_is_rtl_label_cp(NULL, 5) == 0, "public: NULL");
    static const uint32_t huge[] = {0x110000, 0xD800, 0xFFFFFFFFu};
    CHECK(ibidi_idna_is_rtl_label_cp(huge, 3) == 0, "public: out of range values");
    /* values above 10FFFF and surrogates have the class of unassigned code points, L */
    CHECK(bidi(huge, 3, f) == 0, "out of range values: an LTR label");
}

/* ------------------------------------------------------------------ RFC examples */

static void test_rfc_examples(void)
{
    ibidi_finding f[MAXF];
    size_t n;
    /* RFC 5893 §4.1: the Dhivehi word for "computer" (ends with an NSM). */
    static const uint32_t dhivehi[] = {0x0786, 0x07AE, 0x0782, 0x07B0, 0x0795,
                                       0x07A9, 0x0793, 0x07A6, 0x0783, 0x07AA};
    n = bidi(dhivehi, N(dhivehi), f);
    CHECK(n == 0, "Dhivehi konpeetaru: %zu findings", n);
    /* RFC 5893 §4.2: the YIVO acronym, as the code point list of §4.2 gives it, and as
     * its text spells it (YOD YOD HIRIQ VAV VAV ALEF QAMATS). */
    static const uint32_t yivo[] = {0x05D9, 0x05B4, 0x05D5, 0x05D0, 0x05B8};
    static const uint32_t yivo2[] = {0x05D9, 0x05D9, 0x05B4, 0x05D5, 0x05D5, 0x05D0, 0x05B8};
    CHECK(bidi(yivo, N(yivo), f) == 0, "YIVO (list)");
    CHECK(bidi(yivo2, N(yivo2), f) == 0, "YIVO (spelled)");
    /* RFC 5893 §4.3: ALEF 5 is allowed, 5 ALEF is not. */
    static const uint32_t alef5[] = {0x05D0, '5'}, five_alef[] = {'5', 0x05D0};
    CHECK(bidi(alef5, 2, f) == 0, "ALEF 5");
    n = bidi(five_alef, 2, f);
    CHECK(n == 1 && f[0].code == IBIDI_IDNA_B1 && f[0].cp == '5', "5 ALEF: B1");
    /* RFC 5893 §3: "123-A" is disallowed. */
    static const uint32_t s123a[] = {'1', '2', '3', '-', 0x05D0};
    n = bidi(s123a, N(s123a), f);
    CHECK(n == 1, "123-A: %zu findings", n);
    check_finding("123-A", &f[0], IBIDI_IDNA_B1, 0, '1', IBIDI_UNICODE_BC_EN);
}

/* ------------------------------------------------------------------ whole names */

typedef struct expect {
    ibidi_idna_code code;
    size_t label;
    size_t offset;
    uint32_t value;
    int bc;
} expect;

static void check_name(const char *what, const char *name, unsigned flags, ibidi_status st_exp,
                       int bidi_exp, const expect *e, size_t ne)
{
    ibidi_finding f[MAXF];
    ibidi_findings fs = {f, MAXF, 99, 99};
    int is_bidi = -1;
    ibidi_error err;
    ibidi_status st = ibidi_idna_bidi_rule_utf8(name, strlen(name), flags, &fs, &is_bidi, &err);
    const size_t nf = fs.n;
    CHECK(st == st_exp, "%s: status %s", what, ibidi_status_name(st));
    CHECK(err.status == st, "%s: err.status", what);
    CHECK(is_bidi == bidi_exp, "%s: is_bidi_name %d", what, is_bidi);
    CHECK(nf == ne, "%s: %zu findings, expected %zu", what, nf, ne);
    for (size_t i = 0; i < nf && i < ne; i++) {
        CHECK(f[i].code == (ibidi_code)e[i].code, "%s #%zu: code %s, expected %s", what, i,
              ibidi_code_name(f[i].code), ibidi_code_name(e[i].code));
        CHECK(f[i].part == e[i].label, "%s #%zu: label %zu", what, i, f[i].part);
        CHECK(f[i].offset == e[i].offset, "%s #%zu: offset %zu, expected %zu", what, i,
              f[i].offset, e[i].offset);
        CHECK(f[i].cp == e[i].value, "%s #%zu: value %04X", what, i, (unsigned)f[i].cp);
        CHECK(f[i].bidi_class == e[i].bc, "%s #%zu: class %d", what, i, f[i].bidi_class);
    }
    if (st == IBIDI_E_IDNA_INVALID) {
        /* err names the first error finding */
        for (size_t i = 0; i < nf && i < ne; i++) {
            if (f[i].severity == IBIDI_SEVERITY_WARNING)
                continue;
            CHECK(err.offset == f[i].offset && err.value == f[i].cp,
                  "%s: err offset %zu value %04X", what, err.offset, (unsigned)err.value);
            break;
        }
    } else if (st == IBIDI_OK) {
        CHECK(err.offset == 0 && err.value == 0, "%s: err cleared", what);
    }
}

#define ABC "\xD7\x90\xD7\x91\xD7\x92" /* U+05D0 U+05D1 U+05D2, Hebrew, class R */

static void test_names(void)
{
    const unsigned PL = IBIDI_IDNA_BIDI_PER_LABEL;
    const int EN = IBIDI_UNICODE_BC_EN;

    /* Not a Bidi domain name: nothing is checked. */
    check_name("123.com", "123.com", 0, IBIDI_OK, 0, NULL, 0);
    check_name("a-.b!", "a-.b!", 0, IBIDI_OK, 0, NULL, 0);
    check_name("empty", "", 0, IBIDI_OK, 0, NULL, 0);
    check_name("dot", ".", 0, IBIDI_OK, 0, NULL, 0);
    /* Empty labels in a Bidi domain name: no findings, no crash. */
    check_name("ABC.", ABC ".", 0, IBIDI_OK, 1, NULL, 0);
    check_name(".ABC..com.", "." ABC "..com.", 0, IBIDI_OK, 1, NULL, 0);
    check_name("ABC.com", ABC ".com", 0, IBIDI_OK, 1, NULL, 0);

    /* 123.ABC.com and ABC.123.com both display as 123.CBA.com in an LTR paragraph; the
     * RFC reading rejects both (B1 on "123"), the per-label reading lets both through. */
    {
        static const expect e[] = {{IBIDI_IDNA_B1, 0, 0, '1', EN}};
        check_name("123.ABC.com", "123." ABC ".com", 0, IBIDI_E_IDNA_INVALID, 1, e, 1);
        static const expect w[] = {{IBIDI_IDNA_W_PER_LABEL_BIDI, 0, 0, '1', EN}};
        check_name("123.ABC.com per label", "123." ABC ".com", PL, IBIDI_OK, 1, w, 1);
    }
    {
        static const expect e[] = {{IBIDI_IDNA_B1, 1, 7, '1', EN},
                                   {IBIDI_IDNA_W_DIGIT_AFTER_RTL, 1, 7, '1', EN}};
        check_name("ABC.123.com", ABC ".123.com", 0, IBIDI_E_IDNA_INVALID, 1, e, 2);
        static const expect w[] = {{IBIDI_IDNA_W_DIGIT_AFTER_RTL, 1, 7, '1', EN},
                                   {IBIDI_IDNA_W_PER_LABEL_BIDI, 1, 7, '1', EN}};
        check_name("ABC.123.com per label", ABC ".123.com", PL, IBIDI_OK, 1, w, 2);
    }
    /* W_DIGIT_AFTER_RTL: after an RTL label, also further on; not before one, not for a
     * label that is not LDH. */
    {
        static const expect e[] = {{IBIDI_IDNA_B1, 1, 7, '1', EN},
                                   {IBIDI_IDNA_W_DIGIT_AFTER_RTL, 1, 7, '1', EN}};
        check_name("ABC.1com", ABC ".1com", 0, IBIDI_E_IDNA_INVALID, 1, e, 2);
        static const expect w[] = {{IBIDI_IDNA_W_DIGIT_AFTER_RTL, 1, 7, '1', EN},
                                   {IBIDI_IDNA_W_PER_LABEL_BIDI, 1, 7, '1', EN}};
        check_name("ABC.1com per label", ABC ".1com", PL, IBIDI_OK, 1, w, 2);
        static const expect far[] = {{IBIDI_IDNA_B1, 2, 11, '9', EN},
                                     {IBIDI_IDNA_W_DIGIT_AFTER_RTL, 2, 11, '9', EN}};
        check_name("ABC.com.9-x", ABC ".com.9-x", 0, IBIDI_E_IDNA_INVALID, 1, far, 2);
        static const expect before[] = {{IBIDI_IDNA_B1, 0, 0, '1', EN}};
        check_name("1com.ABC", "1com." ABC, 0, IBIDI_E_IDNA_INVALID, 1, before, 1);
        /* "1\xC3\xA0" is not LDH: B1, no warning */
        static const expect notldh[] = {{IBIDI_IDNA_B1, 1, 7, '1', EN}};
        check_name("ABC.1a-grave", ABC ".1\xC3\xA0", 0, IBIDI_E_IDNA_INVALID, 1, notldh, 1);
    }
    /* Per label: an RTL label still fails, and then no W_PER_LABEL_BIDI. */
    {
        static const expect e[] = {{IBIDI_IDNA_B2, 1, 6, 'a', IBIDI_UNICODE_BC_L},
                                   {IBIDI_IDNA_B3, 1, 6, 'a', IBIDI_UNICODE_BC_L}};
        check_name("123.Aa per label", "123.\xD7\x90" "a", PL, IBIDI_E_IDNA_INVALID, 1, e, 2);
    }
    /* Byte offsets: U+00E0 is two bytes. */
    {
        static const expect e[] = {{IBIDI_IDNA_B5, 0, 2, 0x05D0, IBIDI_UNICODE_BC_R},
                                   {IBIDI_IDNA_B6, 0, 2, 0x05D0, IBIDI_UNICODE_BC_R}};
        check_name("a-grave ALEF", "\xC3\xA0\xD7\x90", 0, IBIDI_E_IDNA_INVALID, 1, e, 2);
        check_name("a-grave ALEF per label", "\xC3\xA0\xD7\x90", PL, IBIDI_E_IDNA_INVALID, 1,
                   e, 2);
        static const expect e2[] = {{IBIDI_IDNA_B1, 0, 0, '0', EN}};
        check_name("0a-grave.ALEF", "0\xC3\xA0.\xD7\x90", 0, IBIDI_E_IDNA_INVALID, 1, e2, 1);
        static const expect e3[] = {{IBIDI_IDNA_B6, 0, 2, 0x02C7, IBIDI_UNICODE_BC_ON}};
        check_name("a-grave caron.ALEF", "\xC3\xA0\xCB\x87.\xD7\x90", 0, IBIDI_E_IDNA_INVALID,
                   1, e3, 1);
    }
    /* Findings beyond the caller's array are counted, not stored. */
    {
        ibidi_finding f[2];
        ibidi_findings two = {f, 2, 0, 0}, none = {NULL, 0, 0, 0};
        const char *s = "\xD7\x90" "abcde";
        ibidi_status st = ibidi_idna_bidi_rule_utf8(s, strlen(s), 0, &two, NULL, NULL);
        CHECK(st == IBIDI_E_IDNA_INVALID && two.n == 6 && two.errors == 6,
              "fcap 2: %zu findings", two.n);
        CHECK(f[0].code == IBIDI_IDNA_B2 && f[0].offset == 2 && f[1].offset == 3,
              "fcap 2: first two stored");
        st = ibidi_idna_bidi_rule_utf8(s, strlen(s), 0, &none, NULL, NULL);
        CHECK(st == IBIDI_E_IDNA_INVALID && none.n == 6, "no array: %zu findings", none.n);
    }
    /* Errors of the call. */
    {
        ibidi_error err;
        ibidi_findings fs = {NULL, 0, 5, 5};
        int b = 5;
        ibidi_status st = ibidi_idna_bidi_rule_utf8(ABC ".\xFF", 8, 0, &fs, &b, &err);
        CHECK(st == IBIDI_E_UTF8_INVALID_BYTE && err.offset == 7 && fs.n == 0 && b == 0,
              "bad UTF-8: %s at %zu", ibidi_status_name(st), err.offset);
        st = ibidi_idna_bidi_rule_utf8("a\xD7", 2, 0, &fs, &b, &err);
        CHECK(st == IBIDI_E_UTF8_TRUNCATED && err.offset == 1, "truncated UTF-8");
        st = ibidi_idna_bidi_rule_utf8(NULL, 3, 0, &fs, &b, &err);
        CHECK(st == IBIDI_E_INVALID_ARGUMENT, "NULL name");
        ibidi_findings no_items = {NULL, 4, 0, 0};
        st = ibidi_idna_bidi_rule_utf8("a", 1, 0, &no_items, &b, &err);
        CHECK(st == IBIDI_E_INVALID_ARGUMENT, "NULL findings with fcap");
        st = ibidi_idna_bidi_rule_utf8(NULL, 0, 0, NULL, NULL, NULL);
        CHECK(st == IBIDI_OK, "NULL empty name");

        static char big[IBIDI_IDNA_MAX_CPS * 2 + 8];
        for (size_t i = 0; i < IBIDI_IDNA_MAX_CPS; i++)
            big[i] = (char)(i % 64 == 63 ? '.' : 'a');
        st = ibidi_idna_bidi_rule_utf8(big, IBIDI_IDNA_MAX_CPS, 0, &fs, &b, &err);
        CHECK(st == IBIDI_OK && b == 0, "IBIDI_IDNA_MAX_CPS code points: %s",
              ibidi_status_name(st));
        big[IBIDI_IDNA_MAX_CPS] = 'a';
        st = ibidi_idna_bidi_rule_utf8(big, IBIDI_IDNA_MAX_CPS + 1, 0, &fs, &b, &err);
        CHECK(st == IBIDI_E_IDNA_TOO_LONG && err.offset == IBIDI_IDNA_MAX_CPS,
              "one more: %s at %zu", ibidi_status_name(st), err.offset);
        /* A Bidi name at the limit, made of two-byte characters. */
        for (size_t i = 0; i < IBIDI_IDNA_MAX_CPS; i++) {
            big[2 * i] = (char)0xD7;
            big[2 * i + 1] = (char)0x90;
        }
        st = ibidi_idna_bidi_rule_utf8(big, 2 * IBIDI_IDNA_MAX_CPS, 0, &fs, &b, &err);
        CHECK(st == IBIDI_OK && b == 1 && fs.n == 0, "long Hebrew name");
        /* 2046 letters, then "a!": 2048 code points, B2 at "a", B3 at "!". */
        const size_t end = 2 * IBIDI_IDNA_MAX_CPS - 4;
        big[end] = 'a';
        big[end + 1] = '!';
        st = ibidi_idna_bidi_rule_utf8(big, end + 2, 0, &fs, &b, &err);
        CHECK(st == IBIDI_E_IDNA_INVALID && fs.n == 2 && err.offset == end && err.value == 'a',
              "long Hebrew name ending a!: %zu findings at %zu", fs.n, err.offset);
    }
}

/* ------------------------------------------------------------------ exhaustive */

#define BITC(c) (1u << (unsigned)(c))
static const unsigned RTL_OK = BITC(IBIDI_UNICODE_BC_R) | BITC(IBIDI_UNICODE_BC_AL) |
                               BITC(IBIDI_UNICODE_BC_AN) | BITC(IBIDI_UNICODE_BC_EN) |
                               BITC(IBIDI_UNICODE_BC_ES) | BITC(IBIDI_UNICODE_BC_CS) |
                               BITC(IBIDI_UNICODE_BC_ET) | BITC(IBIDI_UNICODE_BC_ON) |
                               BITC(IBIDI_UNICODE_BC_BN) | BITC(IBIDI_UNICODE_BC_NSM);
static const unsigned LTR_OK = BITC(IBIDI_UNICODE_BC_L) | BITC(IBIDI_UNICODE_BC_EN) |
                               BITC(IBIDI_UNICODE_BC_ES) | BITC(IBIDI_UNICODE_BC_CS) |
                               BITC(IBIDI_UNICODE_BC_ET) | BITC(IBIDI_UNICODE_BC_ON) |
                               BITC(IBIDI_UNICODE_BC_BN) | BITC(IBIDI_UNICODE_BC_NSM);

/* The RFC's six conditions read with §1.4's "RTL label" (contains R, AL or AN). */
static int rfc_valid(const int *c, size_t n)
{
    if (!(c[0] == IBIDI_UNICODE_BC_L || c[0] == IBIDI_UNICODE_BC_R || c[0] == IBIDI_UNICODE_BC_AL))
        return 0; /* 1 */
    int rtl = 0, en = 0, an = 0;
    unsigned mask = 0;
    for (size_t i = 0; i < n; i++) {
        mask |= BITC(c[i]);
        rtl |= c[i] == IBIDI_UNICODE_BC_R || c[i] == IBIDI_UNICODE_BC_AL ||
               c[i] == IBIDI_UNICODE_BC_AN;
        en |= c[i] == IBIDI_UNICODE_BC_EN;
        an |= c[i] == IBIDI_UNICODE_BC_AN;
    }
    size_t j = n;
    while (j > 0 && c[j - 1] == IBIDI_UNICODE_BC_NSM)
        j--;
    int last = j > 0 ? c[j - 1] : -1;
    if (rtl)
        return !(mask & ~RTL_OK) /* 2 */ &&
               (last == IBIDI_UNICODE_BC_R || last == IBIDI_UNICODE_BC_AL ||
                last == IBIDI_UNICODE_BC_EN || last == IBIDI_UNICODE_BC_AN) /* 3 */
               && !(en && an) /* 4 */;
    return !(mask & ~LTR_OK) /* 5 */ &&
           (last == IBIDI_UNICODE_BC_L || last == IBIDI_UNICODE_BC_EN) /* 6 */;
}

/* Model of the convention of bidi_rule.c: per code, how many findings. */
static void model(const int *c, size_t n, unsigned count[7])
{
    memset(count, 0, 7 * sizeof count[0]);
    if (n == 0)
        return;
    int rtl;
    if (c[0] == IBIDI_UNICODE_BC_R || c[0] == IBIDI_UNICODE_BC_AL)
        rtl = 1;
    else if (c[0] == IBIDI_UNICODE_BC_L)
        rtl = 0;
    else {
        count[1] = 1;
        return;
    }
    int en = 0, an = 0;
    for (size_t i = 0; i < n; i++) {
        if (!((rtl ? RTL_OK : LTR_OK) & BITC(c[i])))
            count[rtl ? 2 : 5]++;
        en |= c[i] == IBIDI_UNICODE_BC_EN;
        an |= c[i] == IBIDI_UNICODE_BC_AN;
    }
    if (rtl && en && an)
        count[4] = 1;
    size_t j = n;
    while (j > 0 && c[j - 1] == IBIDI_UNICODE_BC_NSM)
        j--;
    int last = c[j - 1]; /* c[0] is not NSM */
    if (rtl ? !(last == IBIDI_UNICODE_BC_R || last == IBIDI_UNICODE_BC_AL ||
                last == IBIDI_UNICODE_BC_EN || last == IBIDI_UNICODE_BC_AN)
            : !(last == IBIDI_UNICODE_BC_L || last == IBIDI_UNICODE_BC_EN))
        count[rtl ? 3 : 6] = 1;
}

static long exhaustive_failures;

static void compare_one(const int *c, size_t n, const uint32_t *rep)
{
    uint32_t cps[8] = {0};
    ibidi_finding f[MAXF];
    for (size_t i = 0; i < n; i++)
        cps[i] = rep[c[i]];
    size_t nf = bidi(cps, n, f);
    unsigned want[7], got[7] = {0};
    model(c, n, want);
    int ok = 1;
    size_t prev = 0;
    for (size_t i = 0; i < nf; i++) {
        int code = (int)f[i].code - (int)IBIDI_IDNA_B1 + 1;
        if (code < 1 || code > 6 || f[i].offset < prev || f[i].offset > OFF(n) ||
            f[i].part != 7) {
            ok = 0;
            continue;
        }
        prev = f[i].offset;
        got[code]++;
        /* the finding describes the character at its offset */
        size_t idx = (f[i].offset - 100) / 3;
        if (idx < n && (f[i].cp != cps[idx] || f[i].bidi_class != c[idx]))
            ok = 0;
    }
    if (memcmp(want, got, sizeof want) != 0)
        ok = 0;
    /* Same verdict as the §1.4 reading. */
    if ((nf == 0) != (n == 0 || rfc_valid(c, n)))
        ok = 0;
    if (!ok) {
        char buf[128] = "";
        for (size_t i = 0; i < n; i++) {
            strcat(buf, ibidi_unicode_bidi_class_name((ibidi_unicode_bc)c[i]));
            strcat(buf, " ");
        }
        exhaustive_failures++;
        CHECK(0, "exhaustive: classes %s: %zu findings, RFC verdict %d", buf, nf,
              rfc_valid(c, n));
    }
}

static long enumerate(const int *alphabet, size_t na, size_t maxlen, const uint32_t *rep)
{
    int c[8];
    size_t idx[8];
    long count = 0;
    for (size_t len = 1; len <= maxlen; len++) {
        memset(idx, 0, sizeof idx);
        for (;;) {
            for (size_t i = 0; i < len; i++)
                c[i] = alphabet[idx[i]];
            compare_one(c, len, rep);
            count++;
            size_t k = 0;
            while (k < len && ++idx[k] == na)
                idx[k++] = 0;
            if (k == len)
                break;
        }
    }
    return count;
}

static void test_exhaustive(void)
{
    /* One code point of each Bidi class: the first in code point order. */
    uint32_t rep[IBIDI_UNICODE_BC_COUNT] = {0};
    size_t found = t_class_representatives(rep);
    CHECK(found == IBIDI_UNICODE_BC_COUNT, "a code point for each of the 23 classes");
    if (found != IBIDI_UNICODE_BC_COUNT)
        return;

    /* ES, CS, ET, ON, BN behave alike in both readings (allowed everywhere, never a valid
     * end), as do all classes the rule never allows (B, S, WS, the controls): one of each
     * group stands for the group up to length 6. */
    static const int nine[] = {IBIDI_UNICODE_BC_L,  IBIDI_UNICODE_BC_R,  IBIDI_UNICODE_BC_AL,
                               IBIDI_UNICODE_BC_EN, IBIDI_UNICODE_BC_AN, IBIDI_UNICODE_BC_NSM,
                               IBIDI_UNICODE_BC_ON, IBIDI_UNICODE_BC_BN, IBIDI_UNICODE_BC_WS};
    int all[IBIDI_UNICODE_BC_COUNT];
    for (int i = 0; i < IBIDI_UNICODE_BC_COUNT; i++)
        all[i] = i;
    long before = exhaustive_failures;
    long n1 = enumerate(nine, N(nine), 6, rep);
    long n2 = enumerate(all, IBIDI_UNICODE_BC_COUNT, 4, rep);
    if (exhaustive_failures == before)
        t_pass_n(n1 + n2);
    printf("compared %ld class strings (9 classes up to length 6, 23 up to length 4) with "
           "the model and the RFC 5893 §1.4 verdict\n",
           n1 + n2);
}

/* ------------------------------------------------------------------ IdnaTestV2.txt */

/* Unescapes \uXXXX and \x{X...} and decodes UTF-8 (the file is well-formed). */
static size_t parse_field(const char *s, size_t len, uint32_t *out, size_t cap)
{
    size_t n = 0, i = 0;
    if (len == 2 && s[0] == '"' && s[1] == '"')
        return 0;
    while (i < len && n < cap) {
        uint32_t cp;
        if (s[i] == '\\' && i + 5 < len && s[i + 1] == 'u') {
            char hex[5] = {s[i + 2], s[i + 3], s[i + 4], s[i + 5], 0};
            cp = (uint32_t)strtoul(hex, NULL, 16);
            i += 6;
        } else if (s[i] == '\\' && i + 2 < len && s[i + 1] == 'x' && s[i + 2] == '{') {
            char *end;
            cp = (uint32_t)strtoul(s + i + 3, &end, 16);
            i = (size_t)(end - s) + 1;
        } else {
            size_t pos = i;
            if (ibidi_utf8_next(s, len, &pos, &cp, NULL) != IBIDI_OK)
                return (size_t)-1;
            i = pos;
        }
        out[n++] = cp;
    }
    return n;
}

static unsigned codes_of(const char *s, size_t len, char letter)
{
    unsigned set = 0;
    for (size_t i = 0; i + 1 < len; i++)
        if (s[i] == letter && s[i + 1] >= '1' && s[i + 1] <= '9' &&
            (i == 0 || s[i - 1] == '[' || s[i - 1] == ' '))
            set |= 1u << (s[i + 1] - '0');
    return set;
}

static void trim(const char **s, size_t *len)
{
    while (*len > 0 && (**s == ' ' || **s == '\t')) {
        (*s)++;
        (*len)--;
    }
    while (*len > 0 && ((*s)[*len - 1] == ' ' || (*s)[*len - 1] == '\t'))
        (*len)--;
}

static void test_idnatest(void)
{
    size_t flen;
    char *file = t_read_file(t_data_path("idna/IdnaTestV2.txt"), &flen);
    CHECK(file != NULL, "read IdnaTestV2.txt");
    if (!file)
        return;
    static uint32_t cps[4096];
    static uint16_t off[4097];
    long lines = 0, with_b = 0, with_c = 0, bad = 0;
    int lineno = 0;
    for (char *line = file; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        const char *col[7];
        size_t clen[7];
        int nc = 0;
        const char *p = line;
        while (nc < 7) {
            const char *semi = strchr(p, ';');
            col[nc] = p;
            clen[nc] = semi ? (size_t)(semi - p) : strlen(p);
            trim(&col[nc], &clen[nc]);
            nc++;
            if (!semi)
                break;
            p = semi + 1;
        }
        if (nc == 7) {
            /* ToUnicode form: column 2, or column 1 when blank. */
            const char *tu = clen[1] ? col[1] : col[0];
            size_t tulen = clen[1] ? clen[1] : clen[0];
            unsigned exp_b = codes_of(col[2], clen[2], 'B');
            unsigned exp_c = codes_of(col[2], clen[2], 'C');
            size_t n = parse_field(tu, tulen, cps, 4096);
            CHECK(n != (size_t)-1, "IdnaTestV2.txt line %d: field", lineno);
            if (n != (size_t)-1) {
                for (size_t i = 0; i <= n; i++)
                    off[i] = (uint16_t)i;
                int bidi_name = ibidi__is_rtl_label(cps, n);
                ibidi__sink sb, sc;
                unsigned got_b = 0, got_c = 0;
                size_t start = 0;
                uint32_t index = 0;
                for (size_t i = 0; i <= n; i++) {
                    if (i < n && cps[i] != '.')
                        continue;
                    ibidi__label l = {cps + start, off + start, i - start, index++};
                    ibidi_finding g[MAXF];
                    ibidi_findings gs = {g, MAXF, 0, 0};
                    if (bidi_name) {
                        ibidi__sink_init(&sb, &gs);
                        ibidi__bidi_rule_label(&l, &sb);
                        for (size_t k = 0; k < sb.n && k < MAXF; k++)
                            got_b |= 1u << (g[k].code - IBIDI_IDNA_B1 + 1);
                    }
                    ibidi__sink_init(&sc, &gs);
                    ibidi__contextj_label(&l, &sc);
                    for (size_t k = 0; k < sc.n && k < MAXF; k++)
                        got_c |= 1u << (g[k].code - IBIDI_IDNA_C1 + 1);
                    start = i + 1;
                }
                lines++;
                with_b += exp_b != 0;
                with_c += exp_c != 0;
                if (got_b != exp_b || got_c != exp_c) {
                    bad++;
                    CHECK(0, "IdnaTestV2.txt line %d: B %x C %x, expected B %x C %x", lineno,
                          got_b, got_c, exp_b, exp_c);
                }
            }
        }
        line = nl ? nl + 1 : NULL;
    }
    free(file);
    CHECK(lines > 6000, "IdnaTestV2.txt: %ld test lines", lines);
    if (bad == 0)
        t_pass_n(lines);
    printf("compared %ld lines of IdnaTestV2.txt (%ld with B codes, %ld with C codes): "
           "%ld differ\n",
           lines, with_b, with_c, bad);
}

/* ------------------------------------------------------------------ contextual rules */

static size_t cj(const uint32_t *cps, size_t n, ibidi_finding *f)
{
    return run(ibidi__contextj_label, cps, n, f);
}

static size_t co(const uint32_t *cps, size_t n, ibidi_finding *f)
{
    return run(ibidi__contexto_label, cps, n, f);
}

static void check_ctx(const char *what, const ibidi_finding *f, ibidi_idna_code code,
                      size_t idx, uint32_t value)
{
    check_finding(what, f, code, idx, value, -1);
}

static void test_context(void)
{
    ibidi_finding f[MAXF];
    size_t n;

    /* A.1 ZWNJ: after a virama */
    static const uint32_t zwnj_virama[] = {0x0915, 0x094D, 0x200C, 0x0937};
    CHECK(cj(zwnj_virama, 4, f) == 0, "A.1 ZWNJ after virama");
    /* A.1: (L|D) T* ZWNJ T* (R|D) */
    static const uint32_t zwnj_dd[] = {0x0628, 0x200C, 0x0628};
    static const uint32_t zwnj_dtr[] = {0x0628, 0x064E, 0x0651, 0x200C, 0x064E, 0x0627};
    static const uint32_t zwnj_lr[] = {0xA872, 0x200C, 0x0627}; /* PHAGS-PA SUPERFIXED LETTER
                                                                   RA: L */
    CHECK(cj(zwnj_dd, 3, f) == 0, "A.1 D ZWNJ D");
    CHECK(cj(zwnj_dtr, N(zwnj_dtr), f) == 0, "A.1 D T T ZWNJ T R");
    CHECK(ibidi_unicode_joining_type(0xA872) == IBIDI_UNICODE_JT_L, "U+A872 is L");
    CHECK(cj(zwnj_lr, 3, f) == 0, "A.1 L ZWNJ R");
    /* A.1 failing */
    static const uint32_t zwnj_latin[] = {'a', 0x200C, 'b'};
    n = cj(zwnj_latin, 3, f);
    CHECK(n == 1, "A.1 a ZWNJ b: %zu", n);
    check_ctx("A.1 a ZWNJ b", &f[0], IBIDI_IDNA_C1, 1, 0x200C);
    static const uint32_t zwnj_first[] = {0x200C, 0x0628};
    n = cj(zwnj_first, 2, f);
    CHECK(n == 1 && f[0].code == IBIDI_IDNA_C1 && f[0].offset == OFF(0), "A.1 ZWNJ first");
    static const uint32_t zwnj_last[] = {0x0628, 0x200C};
    n = cj(zwnj_last, 2, f);
    CHECK(n == 1 && f[0].code == IBIDI_IDNA_C1 && f[0].offset == OFF(1), "A.1 ZWNJ last");
    static const uint32_t zwnj_rd[] = {0x0627, 0x200C, 0x0628}; /* R before: wrong side */
    CHECK(cj(zwnj_rd, 3, f) == 1 && f[0].code == IBIDI_IDNA_C1, "A.1 R ZWNJ D");
    static const uint32_t zwnj_dc[] = {0x0628, 0x200C, 0x0640}; /* TATWEEL is C */
    CHECK(cj(zwnj_dc, 3, f) == 1 && f[0].code == IBIDI_IDNA_C1, "A.1 D ZWNJ C");
    static const uint32_t zwnj_two[] = {0x0628, 0x200C, 0x200C, 0x0628};
    n = cj(zwnj_two, 4, f);
    CHECK(n == 2, "A.1 two ZWNJ: %zu", n);
    if (n == 2) {
        check_ctx("A.1 two ZWNJ #1", &f[0], IBIDI_IDNA_C1, 1, 0x200C);
        check_ctx("A.1 two ZWNJ #2", &f[1], IBIDI_IDNA_C1, 2, 0x200C);
    }
    /* Virama must be immediately before: a transparent mark in between breaks it. */
    static const uint32_t zwnj_virama_gap[] = {0x0915, 0x094D, 0x0901, 0x200C};
    CHECK(cj(zwnj_virama_gap, 4, f) == 1, "A.1 virama, mark, ZWNJ");

    /* A.2 ZWJ */
    static const uint32_t zwj_ok[] = {0x0915, 0x094D, 0x200D, 0x0937};
    CHECK(cj(zwj_ok, 4, f) == 0, "A.2 ZWJ after virama");
    static const uint32_t zwj_bad[] = {0x0628, 0x200D, 0x0628};
    n = cj(zwj_bad, 3, f);
    CHECK(n == 1, "A.2 D ZWJ D: %zu", n);
    check_ctx("A.2 D ZWJ D", &f[0], IBIDI_IDNA_C2, 1, 0x200D);
    static const uint32_t zwj_first[] = {0x200D};
    CHECK(cj(zwj_first, 1, f) == 1 && f[0].code == IBIDI_IDNA_C2, "A.2 ZWJ alone");
    CHECK(co(zwj_bad, 3, f) == 0, "CONTEXTO ignores ZWJ");

    /* A.3 MIDDLE DOT */
    static const uint32_t md_ok[] = {'l', 0xB7, 'l'}, md_a[] = {'a', 0xB7, 'l'},
                          md_end[] = {'l', 0xB7}, md_start[] = {0xB7, 'l'};
    CHECK(co(md_ok, 3, f) == 0, "A.3 l.l");
    n = co(md_a, 3, f);
    CHECK(n == 1, "A.3 a.l: %zu", n);
    check_ctx("A.3 a.l", &f[0], IBIDI_IDNA_O3, 1, 0xB7);
    CHECK(co(md_end, 2, f) == 1 && f[0].code == IBIDI_IDNA_O3, "A.3 at end");
    CHECK(co(md_start, 2, f) == 1 && f[0].code == IBIDI_IDNA_O3, "A.3 at start");
    CHECK(cj(md_a, 3, f) == 0, "CONTEXTJ ignores MIDDLE DOT");

    /* A.4 KERAIA */
    static const uint32_t ker_ok[] = {0x0375, 0x03B1}, ker_bad[] = {0x03B1, 0x0375, 'a'},
                          ker_end[] = {0x03B1, 0x0375};
    CHECK(co(ker_ok, 2, f) == 0, "A.4 keraia alpha");
    n = co(ker_bad, 3, f);
    CHECK(n == 1, "A.4 keraia a: %zu", n);
    check_ctx("A.4 keraia a", &f[0], IBIDI_IDNA_O4, 1, 0x0375);
    CHECK(co(ker_end, 2, f) == 1 && f[0].code == IBIDI_IDNA_O4, "A.4 at end");

    /* A.5 GERESH, A.6 GERSHAYIM */
    static const uint32_t ger_ok[] = {0x05D0, 0x05F3}, ger_bad[] = {'a', 0x05F3},
                          ger_first[] = {0x05F3, 0x05D0};
    CHECK(co(ger_ok, 2, f) == 0, "A.5 alef geresh");
    n = co(ger_bad, 2, f);
    CHECK(n == 1, "A.5 a geresh: %zu", n);
    check_ctx("A.5 a geresh", &f[0], IBIDI_IDNA_O5, 1, 0x05F3);
    CHECK(co(ger_first, 2, f) == 1 && f[0].code == IBIDI_IDNA_O5, "A.5 first");
    static const uint32_t gsh_ok[] = {0x05D0, 0x05F4, 0x05D1}, gsh_bad[] = {'1', 0x05F4};
    CHECK(co(gsh_ok, 3, f) == 0, "A.6 alef gershayim bet");
    n = co(gsh_bad, 2, f);
    CHECK(n == 1, "A.6 1 gershayim: %zu", n);
    check_ctx("A.6 1 gershayim", &f[0], IBIDI_IDNA_O6, 1, 0x05F4);

    /* A.7 KATAKANA MIDDLE DOT: Script, not Script_Extensions */
    static const uint32_t kmd_kana[] = {0x30A2, 0x30FB, 0x30A4},
                          kmd_hira[] = {'a', 0x30FB, 0x3042}, kmd_han[] = {0x30FB, 0x4E00};
    CHECK(co(kmd_kana, 3, f) == 0, "A.7 Katakana");
    CHECK(co(kmd_hira, 3, f) == 0, "A.7 Hiragana anywhere");
    CHECK(co(kmd_han, 2, f) == 0, "A.7 Han");
    static const uint32_t kmd_latin[] = {'a', 0x30FB, 0x30FB, 'b'};
    n = co(kmd_latin, 4, f);
    CHECK(n == 2, "A.7 a dot dot b: %zu", n);
    if (n == 2) {
        check_ctx("A.7 #1", &f[0], IBIDI_IDNA_O7, 1, 0x30FB);
        check_ctx("A.7 #2", &f[1], IBIDI_IDNA_O7, 2, 0x30FB);
    }
    static const uint32_t kmd_prolong[] = {0x30FB, 0x30FC}; /* U+30FC is Common */
    CHECK(co(kmd_prolong, 2, f) == 1 && f[0].code == IBIDI_IDNA_O7, "A.7 dot + U+30FC");

    /* A.8, A.9: the two digit sets must not mix */
    static const uint32_t ai_ok[] = {0x0627, 0x0660, 0x0669}, eai_ok[] = {0x06F0, 0x06F9};
    CHECK(co(ai_ok, 3, f) == 0, "A.8 Arabic-Indic digits");
    CHECK(co(eai_ok, 2, f) == 0, "A.9 Extended Arabic-Indic digits");
    static const uint32_t mixed[] = {0x0660, 0x0628, 0x06F0, 0x0669};
    n = co(mixed, 4, f);
    CHECK(n == 3, "A.8/A.9 mixed: %zu", n);
    if (n == 3) {
        check_ctx("A.8 #1", &f[0], IBIDI_IDNA_O8, 0, 0x0660);
        check_ctx("A.9", &f[1], IBIDI_IDNA_O9, 2, 0x06F0);
        check_ctx("A.8 #2", &f[2], IBIDI_IDNA_O8, 3, 0x0669);
    }
    static const uint32_t with_ascii[] = {'1', 0x0661}; /* ASCII digits are not in either */
    CHECK(co(with_ascii, 2, f) == 0, "A.8 with ASCII digits");
    CHECK(co(NULL, 0, f) == 0 && cj(NULL, 0, f) == 0, "empty label");
}

int main(void)
{
    test_conditions();
    test_rfc_examples();
    test_names();
    test_exhaustive();
    test_idnatest();
    test_context();
    return t_summary();
}
