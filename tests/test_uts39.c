/*
 * UTS #39 §5 (ibidi/uts39.h): restriction levels (§5.1, §5.2) with named examples of every
 * level, the examples of the standard's Table 1a and §5.2, Common and Inherited
 * characters, characters with several Script_Extensions; mixed numbers (§5.3), the digit
 * values derived from the general category compared with UnicodeData.txt for every code
 * point; the check of a name label by label, its findings and statuses; ill-formed input,
 * small buffers and the allocating call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"
#include "testlib.h"

static const char *lname(ibidi_uts39_level l)
{
    const char *n = ibidi_uts39_level_name(l);
    return n ? n : "?";
}

/* The level of s by both calls (UTF-8, and code points after decoding). */
static ibidi_uts39_level level_of(const char *s)
{
    ibidi_uts39_level a = IBIDI_UTS39_NO_LIMIT, b = IBIDI_UTS39_NO_LIMIT;
    ibidi_error err;
    uint32_t cps[256];
    ibidi_buf32 dec = {cps, 256, 0};
    ibidi_status st = ibidi_uts39_level_utf8(s, strlen(s), &a, &err);
    CHECK(st == IBIDI_OK && err.status == IBIDI_OK, "level_utf8(%s): %s", s,
          ibidi_status_name(st));
    CHECK(ibidi_utf8_decode(s, strlen(s), &dec, NULL) == IBIDI_OK, "decode %s", s);
    st = ibidi_uts39_level_cp(cps, dec.len, &b, &err);
    CHECK(st == IBIDI_OK && a == b, "level_cp(%s) = %s, level_utf8 %s", s, lname(b), lname(a));
    return a;
}

typedef struct lcase {
    const char *what;
    const char *s;
    ibidi_uts39_level want;
} lcase;

#define ASCII IBIDI_UTS39_ASCII_ONLY
#define SINGLE IBIDI_UTS39_SINGLE_SCRIPT
#define HIGHLY IBIDI_UTS39_HIGHLY_RESTRICTIVE
#define MODERATELY IBIDI_UTS39_MODERATELY_RESTRICTIVE
#define MINIMALLY IBIDI_UTS39_MINIMALLY_RESTRICTIVE
#define UNRESTRICTED IBIDI_UTS39_UNRESTRICTED

static const lcase levels[] = {
    /* ASCII-only: no character above 0x7F */
    {"empty", "", ASCII},
    {"ASCII letters", "paypal", ASCII},
    {"ASCII letters, digits, hyphen", "xn--a1-b", ASCII},
    /* single script */
    {"Latin with accents", "caf\xc3\xa9", SINGLE},
    {"Latin with sharp s", "stra\xc3\x9f" "e", SINGLE},
    {"Latin + combining acute (Inherited)", "e\xcc\x81t\xcc\x81", SINGLE},
    {"Latin + a digit, a non-ASCII letter", "\xc3\xa9" "1", SINGLE},
    {"Arabic", "\xd8\xa7\xdb\x8c\xd8\xb1\xd8\xa7\xd9\x86", SINGLE},
    {"Hebrew", "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d", SINGLE},
    {"Cyrillic", "\xd0\xbf\xd1\x80\xd0\xb8\xd0\xbc\xd0\xb5\xd1\x80", SINGLE},
    {"Han", "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", SINGLE},
    /* Table 1a: ねガ resolves to {Jpan}, 〆切 to {Hani, Hanb, Jpan, Kore}; Japanese (Han,
     * Hiragana and Katakana together) is one writing system, so a single script */
    {"Hiragana + Katakana (Table 1a)", "\xe3\x81\xad\xe3\x82\xac", SINGLE},
    {"U+3006 + Han (Table 1a)", "\xe3\x80\x86\xe5\x88\x87", SINGLE},
    {"Japanese: Han + Hiragana + Katakana",
     "\xe6\x97\xa5\xe6\x9c\xac\xe3\x81\xae\xe3\x82\xab\xe3\x82\xbf\xe3\x82\xab\xe3\x83\x8a",
     SINGLE},
    {"Korean: Hangul + Han", "\xed\x95\x9c\xea\xb5\xad\xe6\xbc\xa2\xe5\xad\x97", SINGLE},
    {"Han + Bopomofo", "\xe4\xb8\xad\xe3\x84\x85", SINGLE},
    {"Arabic-Indic digits (Arab Thaa Yezi)", "\xd9\xa1\xd9\xa2", SINGLE},
    {"Thaana + U+0660 ARABIC-INDIC DIGIT ZERO", "\xde\x80\xd9\xa0", SINGLE},
    {"Arabic + U+0640 ARABIC TATWEEL", "\xd8\xa8\xd9\x80\xd8\xa8", SINGLE},
    {"U+0640 ARABIC TATWEEL alone", "\xd9\x80", SINGLE},
    {"Common only: mathematical letters (Table 1a)",
     "\xf0\x9d\x96\xa2\xf0\x9d\x97\x82\xf0\x9d\x97\x8b\xf0\x9d\x96\xbc\xf0\x9d\x97\x85"
     "\xf0\x9d\x96\xbe",
     SINGLE},
    {"Latin + Common mathematical letters (Table 1a)",
     "C\xf0\x9d\x97\x82\xf0\x9d\x97\x8b\xf0\x9d\x96\xbc\xf0\x9d\x97\x85\xf0\x9d\x96\xbe", SINGLE},
    {"Cyrillic look-alike of Circle (Table 1a)",
     "\xd0\xa1\xd1\x96\xd0\xb3\xd1\x81\xd3\x80\xd0\xb5", SINGLE},
    /* highly restrictive: Latin + Jpan, Latin + Hanb, Latin + Kore */
    {"Latin + Han", "ab\xe6\x97\xa5\xe6\x9c\xac", HIGHLY},
    {"Latin + Japanese (Han, Hiragana, Katakana)",
     "ab\xe6\x97\xa5\xe6\x9c\xac\xe3\x81\xae\xe3\x82\xab", HIGHLY},
    {"Latin + Hiragana", "a\xe3\x81\xad", HIGHLY},
    {"Latin + Hangul", "a\xed\x95\x9c", HIGHLY},
    {"Latin + Bopomofo", "a\xe3\x84\x85", HIGHLY},
    {"Latin + accents + Hangul + Han", "\xc3\xa9\xed\x95\x9c\xe6\xbc\xa2", HIGHLY},
    /* moderately restrictive: Latin + one Recommended script, not Cyrillic or Greek */
    {"Latin + Arabic", "abc\xd8\xa7\xdb\x8c\xd8\xb1\xd8\xa7\xd9\x86", MODERATELY},
    {"Latin + Hebrew", "a\xd7\xa9", MODERATELY},
    {"Latin + Devanagari", "a\xe0\xa4\x95", MODERATELY},
    {"Latin + Arabic-Indic digit", "a\xd9\xa1", MODERATELY},
    {"Latin + U+0640 ARABIC TATWEEL", "a\xd9\x80", MODERATELY},
    {"Latin + Thaana", "a\xde\x80", MODERATELY},
    /* minimally restrictive */
    {"Latin + Cyrillic: p U+0430 ypal", "p\xd0\xb0ypal", MINIMALLY},
    {"Latin + Cyrillic look-alike (Table 1a)", "\xd0\xa1ir\xd1\x81l\xd0\xb5", MINIMALLY},
    {"Latin + Greek (§5.2 \"Ωmega\")", "\xce\xa9mega", MINIMALLY},
    {"Latin + Greek (§5.2 \"Teχ\")", "Te\xcf\x87", MINIMALLY},
    {"Latin + Greek (§5.2 \"HλLF-LIFE\")", "H\xce\xbbLF-LIFE", MINIMALLY},
    {"Latin + Cyrillic (§5.2 \"Toys-Я-Us\")", "Toys-\xd0\xaf-Us", MINIMALLY},
    {"Arabic + Hebrew", "\xd8\xa7\xd7\xa9", MINIMALLY},
    {"Hebrew + U+0660 ARABIC-INDIC DIGIT ZERO", "\xd7\xa9\xd9\xa0", MINIMALLY},
    {"Latin + Hiragana + Hangul", "a\xe3\x81\xad\xed\x95\x9c", MINIMALLY},
    {"Latin + Arabic + Hebrew", "a\xd8\xa7\xd7\xa9", MINIMALLY},
    /* unrestricted: a character outside the profile (a script UAX #31 does not
     * recommend, or unassigned) */
    {"Latin + Cherokee", "a\xe1\x8e\xa0", UNRESTRICTED},
    {"Cherokee alone", "\xe1\x8e\xa0\xe1\x8e\xa1", UNRESTRICTED},
    {"Syriac + U+0640 ARABIC TATWEEL", "\xdc\x90\xd9\x80", UNRESTRICTED},
    {"Latin + unassigned U+0378", "a\xcd\xb8", UNRESTRICTED},
    {"ASCII + N'Ko", "a\xdf\x8a", UNRESTRICTED},
};

static void test_levels(void)
{
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        const lcase *c = &levels[i];
        ibidi_uts39_level got = level_of(c->s);
        CHECK(got == c->want, "%s: %s, want %s", c->what, lname(got), lname(c->want));
    }
    /* the levels of the single characters: ASCII-only for ASCII, unrestricted outside the
     * profile, else a single script (Common and Inherited characters included) */
    size_t outside = 0;
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        if (cp == 0xD800)
            cp = 0xE000;
        ibidi_uts39_level l = IBIDI_UTS39_NO_LIMIT;
        ibidi_unicode_sc scx[IBIDI_UNICODE_SC_COUNT];
        size_t n = ibidi_unicode_script_extensions(cp, scx, IBIDI_UNICODE_SC_COUNT);
        int rec = 0;
        for (size_t k = 0; k < n && k < IBIDI_UNICODE_SC_COUNT; k++)
            rec |= ibidi_uts39_recommended_script(scx[k]);
        if (ibidi_uts39_level_cp(&cp, 1, &l, NULL) != IBIDI_OK) {
            CHECK(0, "level_cp(U+%04X) fails", (unsigned)cp);
            continue;
        }
        const ibidi_uts39_level want = cp < 0x80 ? ASCII : rec ? SINGLE : UNRESTRICTED;
        if (l != want && !CHECK(0, "U+%04X alone: %s, want %s", (unsigned)cp, lname(l),
                                lname(want)))
            break;
        outside += l == UNRESTRICTED;
    }
    t_pass_n(0x110000 - 0x800);
    printf("info: %zu code points are outside the profile (no Recommended script)\n", outside);

    /* a level never goes down as a string grows: every prefix of mixed random strings */
    static const uint32_t pool[] = {'a', 'Z', '1', '-', 0xE9, 0x301, 0x430, 0x3A9, 0x627,
                                    0x5D0, 0x640, 0x660, 0x6F2, 0x780, 0x915, 0x65E5, 0x306D,
                                    0x30AC, 0xD55C, 0x3105, 0x3006, 0x13A0, 0x710, 0x1D5C2};
    uint32_t seed = 39;
    for (int k = 0; k < 2000; k++) {
        uint32_t s[12];
        ibidi_uts39_level prev = ASCII;
        int ok = 1;
        for (size_t n = 0; n < 12; n++) {
            s[n] = pool[t_xorshift32(&seed) % (sizeof pool / sizeof pool[0])];
            ibidi_uts39_level l;
            ok &= ibidi_uts39_level_cp(s, n + 1, &l, NULL) == IBIDI_OK && l >= prev;
            prev = l;
        }
        if (!CHECK(ok, "string %d: a prefix has a higher level than a longer one", k))
            break;
    }
}

/* ---- Digits and mixed numbers (§5.3) ------------------------------------------------- */

static void test_digits(void)
{
    /* ibidi_uts39_digit against UnicodeData.txt field 6 (decimal digit value) */
    size_t len;
    char *ud = t_read_file(t_data_path("UnicodeData.txt"), &len);
    static signed char value[0x110000];
    memset(value, -1, sizeof value);
    if (!CHECK(ud != NULL, "cannot read UnicodeData.txt"))
        return;
    size_t nd = 0;
    for (char *line = ud; line && *line;) {
        char *next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        char *f[8];
        int k = 0;
        f[k++] = line;
        for (char *p = line; *p && k < 8; p++)
            if (*p == ';') {
                *p = '\0';
                f[k++] = p + 1;
            }
        if (k == 8 && strcmp(f[2], "Nd") == 0) {
            uint32_t cp = (uint32_t)strtoul(f[0], NULL, 16);
            value[cp] = (signed char)atoi(f[6]);
            CHECK(f[6][0] >= '0' && f[6][0] <= '9' && f[6][1] == '\0',
                  "U+%04X: Nd without a decimal digit value", (unsigned)cp);
            nd++;
        }
        line = next;
    }
    free(ud);
    size_t bad = 0;
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        uint32_t zero = 0;
        int v = ibidi_uts39_digit(cp, &zero);
        int ok = v == value[cp] && (v < 0 ? zero == cp : zero == cp - (uint32_t)v);
        if (!ok && bad++ < 5)
            CHECK(0, "digit(U+%04X) = %d zero U+%04X, UnicodeData says %d", (unsigned)cp, v,
                  (unsigned)zero, value[cp]);
    }
    CHECK(bad == 0, "%zu code points with another digit value than UnicodeData.txt", bad);
    t_pass_n(0x110000);
    printf("info: %zu decimal digits (Nd), %zu systems, each value as UnicodeData.txt says\n",
           nd, nd / 10);
    CHECK(nd >= 700 && nd % 10 == 0, "%zu Nd digits", nd);
    CHECK(ibidi_uts39_digit('7', NULL) == 7 && ibidi_uts39_digit(0x1D7D8, NULL) == 0 &&
              ibidi_uts39_digit(0x1D7E1, NULL) == 9 && ibidi_uts39_digit(0xB2, NULL) == -1,
          "digits: 7, U+1D7D8 (double-struck zero after four systems), U+1D7E1, superscript two");

    static const struct {
        const char *what, *s;
        int mixed;
        size_t offset;
    } mixed[] = {
        {"ASCII digits", "a123", 0, 4},
        {"no digits", "abc", 0, 3},
        {"empty", "", 0, 0},
        {"Arabic-Indic digits", "\xd9\xa1\xd9\xa2\xd9\xa3", 0, 6},
        {"ASCII 1 + Arabic-Indic \xd9\xa2", "a1\xd9\xa2", 1, 2},
        {"Arabic-Indic + Extended Arabic-Indic \xdb\xb2", "\xd9\xa1\xdb\xb2", 1, 2},
        {"three systems: the second is reported", "1\xd9\xa1\xdb\xb2", 1, 1},
        {"bold zero + double-struck zero", "\xf0\x9d\x9f\x8e\xf0\x9d\x9f\x98", 1, 4},
        {"bold zero + bold one", "\xf0\x9d\x9f\x8e\xf0\x9d\x9f\x8f", 0, 8},
        {"superscript two is no decimal digit", "1\xc2\xb2", 0, 3},
        {"Bengali four + ASCII 8 (§5.3)", "\xe0\xa7\xaa" "8", 1, 3},
    };
    for (size_t i = 0; i < sizeof mixed / sizeof mixed[0]; i++) {
        const char *s = mixed[i].s;
        int m = -1, mc = -1;
        size_t off = 99, offc = 99, n = 0;
        uint32_t cps[32], starts[32];
        CHECK(ibidi_uts39_mixed_numbers_utf8(s, strlen(s), &m, &off, NULL) == IBIDI_OK &&
                  m == mixed[i].mixed && off == mixed[i].offset,
              "%s: mixed %d at %zu, want %d at %zu", mixed[i].what, m, off, mixed[i].mixed,
              mixed[i].offset);
        /* the code point call: the same answer, as an index */
        size_t pos = 0;
        while (pos < strlen(s) && n < 32) {
            starts[n] = (uint32_t)pos;
            ibidi_utf8_next(s, strlen(s), &pos, &cps[n++], NULL);
        }
        CHECK(ibidi_uts39_mixed_numbers_cp(cps, n, &mc, &offc, NULL) == IBIDI_OK &&
                  mc == m && (mc ? starts[offc] == off : offc == n),
              "%s: code points: mixed %d at %zu", mixed[i].what, mc, offc);
    }
    int m;
    CHECK(ibidi_uts39_mixed_numbers_utf8("1", 1, &m, NULL, NULL) == IBIDI_OK && m == 0,
          "offset may be NULL");
}

/* ---- A name under a policy -------------------------------------------------------------- */

static void test_check(void)
{
    ibidi_finding f[8];
    ibidi_findings fs = {f, 8, 0, 0};
    ibidi_error err;
    ibidi_uts39_level lv = IBIDI_UTS39_NO_LIMIT;
    const ibidi_uts39_options moderately = {MODERATELY, 0};
    static const char paypal[] = "p\xd0\xb0ypal.com";

    /* pаypal.com: minimally restrictive; above moderately it is refused, at U+0430 */
    ibidi_status st = ibidi_uts39_check_utf8(paypal, sizeof paypal - 1, &moderately, &lv, &fs,
                                             &err);
    CHECK(st == IBIDI_E_UTS39_INVALID && lv == MINIMALLY && fs.n == 1 && fs.errors == 1,
          "pаypal.com above moderately: %s, %s, %zu findings", ibidi_status_name(st), lname(lv),
          fs.n);
    CHECK(f[0].code == IBIDI_UTS39_RESTRICTION_LEVEL && f[0].severity == IBIDI_SEVERITY_ERROR &&
              f[0].part == 0 && f[0].offset == 1 && f[0].length == 2 && f[0].cp == 0x430 &&
              f[0].detail == MINIMALLY && f[0].bidi_class == -1 &&
              f[0].rule == ibidi_code_message(IBIDI_UTS39_RESTRICTION_LEVEL),
          "pаypal.com: the finding names U+0430 at byte 1 of label 0, detail the level");
    CHECK(err.status == IBIDI_E_UTS39_INVALID && err.offset == 1 && err.value == 0x430,
          "the error is the first finding's place");
    CHECK(strstr(f[0].rule, "UTS #39 \xc2\xa7" "5.2") != NULL, "the rule names UTS #39 §5.2");
    /* no policy, or one it meets: valid, the level still computed */
    CHECK(ibidi_uts39_check_utf8(paypal, sizeof paypal - 1, NULL, &lv, &fs, &err) == IBIDI_OK &&
              lv == MINIMALLY && fs.n == 0 && err.status == IBIDI_OK,
          "pаypal.com without a policy");
    const ibidi_uts39_options minimally = {MINIMALLY, 0};
    CHECK(ibidi_uts39_check_utf8(paypal, sizeof paypal - 1, &minimally, &lv, &fs, NULL) ==
                  IBIDI_OK && fs.n == 0,
          "pаypal.com at most minimally");

    /* ايران.com: each label is a single script; as one string, Arabic with Latin */
    static const char iran[] = "\xd8\xa7\xdb\x8c\xd8\xb1\xd8\xa7\xd9\x86.com";
    CHECK(ibidi_uts39_check_utf8(iran, sizeof iran - 1, NULL, &lv, &fs, NULL) == IBIDI_OK &&
              lv == SINGLE,
          "ايران.com label by label: %s", lname(lv));
    const ibidi_uts39_options whole = {SINGLE, IBIDI_UTS39_WHOLE_NAME};
    st = ibidi_uts39_check_utf8(iran, sizeof iran - 1, &whole, &lv, &fs, NULL);
    CHECK(st == IBIDI_E_UTS39_INVALID && lv == MODERATELY && fs.n == 1 &&
              f[0].part == IBIDI_NO_PART && f[0].offset == 11 && f[0].cp == 'c',
          "ايران.com as one string above single-script: %s, %s, at %zu", ibidi_status_name(st),
          lname(lv), fs.n ? f[0].offset : 0);

    /* several labels: part and offsets in the name; the name's level is the highest */
    static const char three[] = "abc.p\xd0\xb0y.\xe1\x8e\xa0\xe1\x8e\xa1.";
    const ibidi_uts39_options single = {SINGLE, 0};
    st = ibidi_uts39_check_utf8(three, sizeof three - 1, &single, &lv, &fs, NULL);
    CHECK(st == IBIDI_E_UTS39_INVALID && lv == UNRESTRICTED && fs.n == 2 && fs.errors == 2 &&
              f[0].part == 1 && f[0].offset == 5 && f[0].detail == MINIMALLY && f[1].part == 2 &&
              f[1].offset == 9 && f[1].cp == 0x13A0 && f[1].detail == UNRESTRICTED,
          "abc.pаy.ᎠᎡ. above single-script: two labels, each at its first character");

    /* mixed numbers: a warning without a policy, an error with one */
    static const char digits[] = "a1\xd9\xa2.com";
    st = ibidi_uts39_check_utf8(digits, sizeof digits - 1, NULL, &lv, &fs, &err);
    CHECK(st == IBIDI_OK && lv == MODERATELY && fs.n == 1 && fs.errors == 0 &&
              f[0].code == IBIDI_UTS39_MIXED_NUMBERS && f[0].severity == IBIDI_SEVERITY_WARNING &&
              f[0].part == 0 && f[0].offset == 2 && f[0].length == 2 && f[0].cp == 0x662 &&
              f[0].detail == '0',
          "a1٢.com: MIXED_NUMBERS as a warning at the Arabic-Indic two");
    CHECK(strstr(f[0].rule, "UTS #39 \xc2\xa7" "5.3") != NULL, "the rule names UTS #39 §5.3");
    const ibidi_uts39_options any = {UNRESTRICTED, 0};
    st = ibidi_uts39_check_utf8(digits, sizeof digits - 1, &any, &lv, &fs, &err);
    CHECK(st == IBIDI_E_UTS39_INVALID && fs.n == 1 && fs.errors == 1 &&
              f[0].severity == IBIDI_SEVERITY_ERROR && err.offset == 2 && err.value == 0x662,
          "a1٢.com under a policy: MIXED_NUMBERS is an error");
    /* both findings of one label, in order; digits of two labels are not mixed */
    static const char both[] = "1\xd0\xb0\xdb\xb2.\xd9\xa1.2";
    st = ibidi_uts39_check_utf8(both, sizeof both - 1, &single, &lv, &fs, NULL);
    CHECK(st == IBIDI_E_UTS39_INVALID && fs.n == 2 &&
              f[0].code == IBIDI_UTS39_RESTRICTION_LEVEL && f[1].code == IBIDI_UTS39_MIXED_NUMBERS &&
              f[1].offset == 3 && f[1].detail == '0',
          "1а۲.١.2: RESTRICTION_LEVEL then MIXED_NUMBERS in label 0 only");

    /* the code point call: the same findings, offsets as indexes */
    const uint32_t pc[] = {'p', 0x430, 'y', '.', 'c', 'o', 'm'};
    st = ibidi_uts39_check_cp(pc, 7, &moderately, &lv, &fs, &err);
    CHECK(st == IBIDI_E_UTS39_INVALID && lv == MINIMALLY && fs.n == 1 && f[0].offset == 1 &&
              f[0].length == 1 && f[0].cp == 0x430 && err.offset == 1,
          "check_cp: index 1");
    CHECK(ibidi_uts39_check_cp(NULL, 0, &moderately, &lv, &fs, NULL) == IBIDI_OK &&
              lv == ASCII && fs.n == 0,
          "the empty name is ASCII-only");

    /* small buffers: every finding counted, the first cap stored */
    ibidi_findings none = {NULL, 0, 0, 0};
    st = ibidi_uts39_check_utf8(three, sizeof three - 1, &single, NULL, &none, &err);
    CHECK(st == IBIDI_E_UTS39_INVALID && none.n == 2 && none.errors == 2 && err.offset == 5,
          "no room: counted, status and error the same");
    ibidi_finding one[1];
    ibidi_findings small = {one, 1, 0, 0};
    st = ibidi_uts39_check_utf8(three, sizeof three - 1, &single, NULL, &small, NULL);
    CHECK(st == IBIDI_E_UTS39_INVALID && small.n == 2 && one[0].part == 1,
          "room for one: the first stored, both counted");
    CHECK(ibidi_uts39_check_utf8(three, sizeof three - 1, &single, NULL, NULL, NULL) ==
              IBIDI_E_UTS39_INVALID,
          "findings may be NULL");
}

/* ---- Ill-formed input and arguments ---------------------------------------------------- */

static void test_errors(void)
{
    ibidi_error err;
    ibidi_uts39_level lv;
    int m;
    ibidi_finding f[4];
    ibidi_findings fs = {f, 4, 0, 0};
    const ibidi_uts39_options single = {SINGLE, 0};
    static const struct {
        const char *s;
        size_t len, offset;
        ibidi_status st;
        uint32_t value;
    } bad[] = {
        {"ab\xc0\x80", 4, 2, IBIDI_E_UTF8_OVERLONG, 0xC0},
        {"a\xe2\x82", 3, 1, IBIDI_E_UTF8_TRUNCATED, 0xE2},
        {"\x80", 1, 0, IBIDI_E_UTF8_UNEXPECTED_CONT, 0x80},
        {"p\xd0\xb0y.\xed\xa0\x80", 8, 5, IBIDI_E_UTF8_SURROGATE, 0xED},
        {"1\xd9\xa2.\xff", 5, 4, IBIDI_E_UTF8_INVALID_BYTE, 0xFF},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *s = bad[i].s;
        const size_t n = bad[i].len;
#define BAD(call, what)                                                                       \
    CHECK((call) == bad[i].st && err.status == bad[i].st && err.offset == bad[i].offset &&    \
              err.value == bad[i].value,                                                      \
          "%s on bad input %zu: %s at %zu", what, i, ibidi_status_name(err.status), err.offset)
        BAD(ibidi_uts39_level_utf8(s, n, &lv, &err), "level_utf8");
        BAD(ibidi_uts39_mixed_numbers_utf8(s, n, &m, NULL, &err), "mixed_numbers_utf8");
        fs.n = 9;
        BAD(ibidi_uts39_check_utf8(s, n, &single, &lv, &fs, &err), "check_utf8");
        CHECK(fs.n == 0 && fs.errors == 0, "check_utf8 on bad input %zu: no findings", i);
        ibidi_findings a = {NULL, 0, 0, 0};
        BAD(ibidi_uts39_check_alloc(s, n, &single, &lv, &a, &err), "check_alloc");
        CHECK(a.items == NULL && a.n == 0, "check_alloc on bad input %zu: nothing allocated", i);
#undef BAD
    }
    const uint32_t sur[] = {'a', 0xD800}, big[] = {0x110000};
    CHECK(ibidi_uts39_level_cp(sur, 2, &lv, &err) == IBIDI_E_CP_SURROGATE && err.offset == 1 &&
              err.value == 0xD800,
          "level_cp: surrogate at index 1");
    CHECK(ibidi_uts39_mixed_numbers_cp(big, 1, &m, NULL, &err) == IBIDI_E_CP_TOO_LARGE &&
              err.offset == 0 && err.value == 0x110000,
          "mixed_numbers_cp: above 10FFFF");
    CHECK(ibidi_uts39_check_cp(sur, 2, NULL, &lv, &fs, &err) == IBIDI_E_CP_SURROGATE &&
              err.offset == 1,
          "check_cp: surrogate");

    /* arguments */
    const ibidi_status inv = IBIDI_E_INVALID_ARGUMENT;
    CHECK(ibidi_uts39_level_utf8(NULL, 1, &lv, &err) == inv &&
              ibidi_uts39_level_utf8("a", 1, NULL, &err) == inv &&
              ibidi_uts39_level_cp(NULL, 1, &lv, NULL) == inv &&
              ibidi_uts39_level_utf8(NULL, 0, &lv, NULL) == IBIDI_OK && lv == ASCII,
          "level: NULL input with a length, NULL level");
    CHECK(ibidi_uts39_mixed_numbers_utf8("1", 1, NULL, NULL, NULL) == inv &&
              ibidi_uts39_mixed_numbers_cp(NULL, 2, &m, NULL, NULL) == inv,
          "mixed numbers: NULL result, NULL input");
    const ibidi_uts39_options above = {(ibidi_uts39_level)7, 0}, flag = {SINGLE, 0x2};
    ibidi_findings nocap = {NULL, 3, 0, 0};
    CHECK(ibidi_uts39_check_utf8("a", 1, &above, &lv, NULL, &err) == inv &&
              ibidi_uts39_check_utf8("a", 1, &flag, &lv, NULL, NULL) == inv &&
              ibidi_uts39_check_utf8("a", 1, NULL, &lv, &nocap, NULL) == inv &&
              ibidi_uts39_check_cp(NULL, 1, NULL, &lv, NULL, NULL) == inv &&
              ibidi_uts39_check_alloc("a", 1, NULL, &lv, NULL, NULL) == inv,
          "check: a level above unrestricted, an unknown flag, items NULL with a cap");
}

/* ---- Names, the Recommended scripts, the allocating call ------------------------------- */

static void test_names(void)
{
    static const char *const want[] = {"ascii-only", "single-script", "highly-restrictive",
                                       "moderately-restrictive", "minimally-restrictive",
                                       "unrestricted"};
    for (int l = 1; l <= 6; l++) {
        const char *n = ibidi_uts39_level_name((ibidi_uts39_level)l);
        CHECK(n && strcmp(n, want[l - 1]) == 0, "level_name(%d) = %s", l, n ? n : "NULL");
        CHECK(ibidi_uts39_level_from_name(want[l - 1], strlen(want[l - 1])) == l,
              "level_from_name(%s)", want[l - 1]);
    }
    CHECK(ibidi_uts39_level_name(IBIDI_UTS39_NO_LIMIT) == NULL &&
              ibidi_uts39_level_name((ibidi_uts39_level)7) == NULL &&
              ibidi_uts39_level_name((ibidi_uts39_level)-1) == NULL,
          "no name for 0, 7, -1");
    CHECK(ibidi_uts39_level_from_name("Unrestricted", 12) == -1 &&
              ibidi_uts39_level_from_name("unrestricted", 11) == -1 &&
              ibidi_uts39_level_from_name("", 0) == -1 &&
              ibidi_uts39_level_from_name(NULL, 0) == -1 &&
              ibidi_uts39_level_from_name("single-scriptX", 13) == SINGLE,
          "level_from_name: exact, case-sensitive, by length");

    int rec = 0;
    for (ibidi_unicode_sc sc = 0; sc < IBIDI_UNICODE_SC_COUNT; sc++)
        rec += ibidi_uts39_recommended_script(sc);
    CHECK(rec == 31, "%d Recommended scripts (UAX #31 Table 5 has 29 and Common, Inherited)",
          rec);
    CHECK(ibidi_uts39_recommended_script(IBIDI_UNICODE_SC_LATN) &&
              ibidi_uts39_recommended_script(IBIDI_UNICODE_SC_ARAB) &&
              ibidi_uts39_recommended_script(IBIDI_UNICODE_SC_ZYYY) &&
              !ibidi_uts39_recommended_script(IBIDI_UNICODE_SC_CHER) &&
              !ibidi_uts39_recommended_script(IBIDI_UNICODE_SC_SYRC) &&
              !ibidi_uts39_recommended_script(IBIDI_UNICODE_SC_NKOO) &&
              !ibidi_uts39_recommended_script(IBIDI_UNICODE_SC_ZZZZ) &&
              !ibidi_uts39_recommended_script(IBIDI_UNICODE_SC_COUNT),
          "recommended: Latn, Arab, Zyyy; not Cher, Syrc, Nkoo, Zzzz");

    /* the allocating call: the findings of the caller's-buffer call, more than the first
     * run keeps (nine labels with mixed numbers) */
    char name[128] = "";
    for (int i = 0; i < 9; i++)
        strcat(name, i ? ".1\xd9\xa2" : "1\xd9\xa2");
    ibidi_findings a = {NULL, 0, 0, 0};
    ibidi_uts39_level lv;
    ibidi_status st = ibidi_uts39_check_alloc(name, strlen(name), NULL, &lv, &a, NULL);
    CHECK(st == IBIDI_OK && a.n == 9 && a.cap == 9 && a.errors == 0 && a.items &&
              a.items[8].part == 8 && a.items[8].code == IBIDI_UTS39_MIXED_NUMBERS &&
              a.items[8].offset == strlen(name) - 2,
          "alloc: nine findings, the last in label 8");
    ibidi_findings_free(&a);
    static const char paypal[] = "p\xd0\xb0ypal.com";
    const ibidi_uts39_options moderately = {MODERATELY, 0};
    st = ibidi_uts39_check_alloc(paypal, sizeof paypal - 1, &moderately, &lv, &a, NULL);
    CHECK(st == IBIDI_E_UTS39_INVALID && a.n == 1 && a.errors == 1 && a.items &&
              a.items[0].cp == 0x430 && lv == MINIMALLY,
          "alloc: pаypal.com above moderately");
    ibidi_findings_free(&a);
    st = ibidi_uts39_check_alloc("example.com", 11, &moderately, &lv, &a, NULL);
    CHECK(st == IBIDI_OK && a.n == 0 && a.items == NULL && lv == ASCII,
          "alloc: nothing found, nothing allocated");
}

int main(void)
{
    test_levels();
    test_digits();
    test_check();
    test_errors();
    test_names();
    return t_summary();
}
