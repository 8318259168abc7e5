/*
 * Badami's analysis (include/ibidi/ambiguity.h: ibidi_ambiguity_label_category_*,
 * ibidi_ambiguity_code_*, ibidi_ambiguity_analyze): every example of "Bidirectional ambiguities in Internet
 * identifiers" with the paper's verdict, in Bidi Notation (A-Z Hebrew letters, class R; the
 * number type cases use Arabic letters, class AL). Where the paper writes '?' for a neutral
 * or separator inside a label, the tests use LOW LINE '_' (ON, allowed in a domain name by
 * the parser) and HYPHEN-MINUS '-' (ES). Each display pair of the paper is checked with the
 * UBA (both logical texts give the same display order). Then the error statuses, the
 * buffer contract and the order of the findings; the exact findings (twin search) last.
 */
#include <stdio.h>
#include <string.h>

#include "ambiguity/ambiguity_internal.h"
#include "ibidi.h"
#include "testlib.h"

#define FCAP 512
static ibidi_finding F[FCAP];
/* F as the calls' findings record; NF is the count of the last call */
static ibidi_findings FR = {F, FCAP, 0, 0};
#define NF (FR.n)
static ibidi_error E;
static const char *CASE = "";
static unsigned IDNA; /* the IDNA flags of run(): UTS #46 with every check unless a test says */

#define TEXT_AS ((ibidi_iri_kind)99) /* ignored with IBIDI_AMBIGUITY_TEXT */
#define DEFC IBIDI_AMBIGUITY_DEFAULT_CANDIDATES

/* Byte offset of notation index i (A-Z are two bytes in UTF-8). */
static size_t nb(const char *notation, size_t i)
{
    size_t k = 0;
    for (size_t j = 0; j < i && notation[j]; j++)
        k += (notation[j] >= 'A' && notation[j] <= 'Z') ? 2 : 1;
    return k;
}

static int sorted(void)
{
    for (size_t i = 1; i < NF && i < FCAP; i++) {
        const ibidi_finding *x = &F[i - 1], *y = &F[i];
        if (x->context > y->context ||
            (x->context == y->context &&
             (x->offset > y->offset || (x->offset == y->offset && x->code > y->code))))
            return 0;
    }
    return 1;
}

static ibidi_status run_ex(const char *notation, int arabic, ibidi_iri_kind as, unsigned opt)
{
    size_t len;
    const char *s = t_notation(0, notation, arabic, &len);
    ibidi_status st;
    CASE = notation;
    NF = 0;
    st = t_ambig_analyze(s, len, as, opt, IDNA, 200000, &FR, &E);
    /* an ambiguity never makes an identifier invalid: no finding is an error */
    CHECK(sorted() && FR.errors == 0, "%s: findings sorted, no error", notation);
    for (size_t i = 0; i < NF && i < FCAP; i++)
        CHECK(F[i].offset + F[i].length <= len && F[i].severity == IBIDI_SEVERITY_WARNING &&
                  F[i].rule == ibidi_code_message(F[i].code),
              "%s: finding %zu within the input, a warning with its rule", notation, i);
    return st;
}

static ibidi_status run(const char *notation, ibidi_iri_kind as, unsigned opt)
{
    return run_ex(notation, 0, as, opt);
}

static size_t count(ibidi_ambiguity_code code)
{
    size_t c = 0;
    for (size_t i = 0; i < NF && i < FCAP; i++)
        c += F[i].code == (ibidi_code)code;
    return c;
}

/* Is there a finding of this code at byte offset off (SIZE_MAX: anywhere) with length len
 * (SIZE_MAX: any)? */
static int has(ibidi_ambiguity_code code, size_t off, size_t len)
{
    for (size_t i = 0; i < NF && i < FCAP; i++)
        if (F[i].code == (ibidi_code)code && (off == (size_t)-1 || F[i].offset == off) &&
            (len == (size_t)-1 || F[i].length == len))
            return 1;
    return 0;
}

static int has_expr(int x)
{
    for (size_t i = 0; i < NF && i < FCAP; i++)
        if (F[i].code == IBIDI_AMBIGUITY_NUMBER_SEPARATOR && F[i].detail == x)
            return 1;
    return 0;
}

#define ANY ((size_t)-1)
#define DEG "\xC2\xB0"

/* Do two texts in notation display identically in the standard display model? */
static int same_display(const char *x, const char *y, int arabic)
{
    char a[512], b[512];
    ibidi_buf va = {a, sizeof a, 0}, vb = {b, sizeof b, 0};
    size_t nx, ny;
    const char *sx = t_notation(1, x, arabic, &nx), *sy = t_notation(2, y, arabic, &ny);
    const ibidi_bidi_options ltr = {.dir = IBIDI_DIR_LTR};
    if (ibidi_bidi_visual_utf8(sx, nx, &ltr, &va, NULL, NULL) != IBIDI_OK ||
        ibidi_bidi_visual_utf8(sy, ny, &ltr, &vb, NULL, NULL) != IBIDI_OK)
        return 0;
    return va.len == vb.len && memcmp(a, b, va.len) == 0;
}

/* ---- Label categories ---------------------------------------------------------------- */

static unsigned cat(const char *notation)
{
    size_t len;
    unsigned c = 0xFFFFu;
    const char *s = t_notation(0, notation, 0, &len);
    ibidi_status st = ibidi_ambiguity_label_category_utf8(s, len, &c, &E);
    uint32_t cps[64];
    ibidi_buf32 dec = {cps, 64, 0};
    CHECK(st == IBIDI_OK, "category %s: status %d", notation, (int)st);
    ibidi_utf8_decode(s, len, &dec, NULL);
    CHECK(ibidi_ambiguity_label_category_cp(cps, dec.len) == c, "category %s: cp and utf8 agree",
          notation);
    return c;
}

static void test_categories(void)
{
    const unsigned P = IBIDI_AMBIGUITY_LABEL_NUMBER_PREFIX, S = IBIDI_AMBIGUITY_LABEL_NUMBER_SUFFIX;
    uint32_t odd[3] = {0x110000u, 0xD800u, 0x5D0u};
    unsigned c;
    /* the paper's definitions */
    CHECK(cat("abc") == IBIDI_AMBIGUITY_LABEL_LTR, "LTR label");
    CHECK(cat("com") == IBIDI_AMBIGUITY_LABEL_LTR, "LTR label com");
    CHECK(cat("ABC") == IBIDI_AMBIGUITY_LABEL_RTL, "RTL label");
    CHECK(cat("ABC123") == IBIDI_AMBIGUITY_LABEL_RTL, "RTL label with digits (no flags)");
    CHECK(cat("123") == IBIDI_AMBIGUITY_LABEL_NUMBER, "number label");
    CHECK(cat("12-3") == IBIDI_AMBIGUITY_LABEL_NUMBER, "number label with ES");
    CHECK(cat("-") == IBIDI_AMBIGUITY_LABEL_NEUTRAL, "neutral label");
    CHECK(cat("_~") == IBIDI_AMBIGUITY_LABEL_NEUTRAL, "neutral label ON");
    CHECK(cat("") == IBIDI_AMBIGUITY_LABEL_NEUTRAL, "empty label is neutral");
    CHECK(cat("456com") == (IBIDI_AMBIGUITY_LABEL_LTR | P), "number prefix label 456com");
    CHECK(cat("_456com") == (IBIDI_AMBIGUITY_LABEL_LTR | P),
          "number prefix label ?456com ('?' = _)");
    CHECK(cat("-456com") == (IBIDI_AMBIGUITY_LABEL_LTR | P),
          "number prefix label ?456com ('?' = -)");
    CHECK(cat("com123") == (IBIDI_AMBIGUITY_LABEL_LTR | S), "number suffix label com123");
    CHECK(cat("com123_") == (IBIDI_AMBIGUITY_LABEL_LTR | S),
          "number suffix label com123? ('?' = _)");
    CHECK(cat("abc123") == (IBIDI_AMBIGUITY_LABEL_LTR | S), "number suffix label abc123");
    CHECK(cat("1a2") == (IBIDI_AMBIGUITY_LABEL_LTR | P | S), "prefix and suffix");
    CHECK(cat("a1b") == IBIDI_AMBIGUITY_LABEL_LTR, "number inside an LTR label: no flag");
    CHECK(cat("abcABC") == IBIDI_AMBIGUITY_LABEL_MIXED, "abcABC: mixed (IDNA forbids it)");
    CHECK(cat("1aB") == IBIDI_AMBIGUITY_LABEL_MIXED, "mixed gets no flags");
    {   /* Arabic letters (AL) and Arabic-Indic digits (AN) */
        unsigned v = 0;
        CHECK(ibidi_ambiguity_label_category_utf8("\xD8\xA8\xD9\xA2", 4, &v, NULL) == IBIDI_OK &&
                  v == IBIDI_AMBIGUITY_LABEL_RTL, "AL label");
        CHECK(ibidi_ambiguity_label_category_utf8("\xD9\xA2", 2, &v, NULL) == IBIDI_OK &&
                  v == IBIDI_AMBIGUITY_LABEL_NUMBER, "AN label is a number label");
        CHECK(ibidi_ambiguity_label_category_utf8("\xD9\xA2" "a", 3, &v, NULL) == IBIDI_OK &&
                  v == (IBIDI_AMBIGUITY_LABEL_LTR | P), "AN before L: prefix");
    }
    CHECK(IBIDI_AMBIGUITY_LABEL_CATEGORY(IBIDI_AMBIGUITY_LABEL_LTR | P | S) ==
              IBIDI_AMBIGUITY_LABEL_LTR,
          "category macro");
    /* values that are not code points are neutral */
    CHECK(ibidi_ambiguity_label_category_cp(odd, 2) == IBIDI_AMBIGUITY_LABEL_NEUTRAL,
          "non-code points neutral");
    CHECK(ibidi_ambiguity_label_category_cp(odd, 3) == IBIDI_AMBIGUITY_LABEL_RTL,
          "non-code points + R");
    CHECK(ibidi_ambiguity_label_category_cp(NULL, 0) == IBIDI_AMBIGUITY_LABEL_NEUTRAL, "NULL, 0");
    /* errors */
    CHECK(ibidi_ambiguity_label_category_utf8("a\xFF", 2, &c, &E) == IBIDI_E_UTF8_INVALID_BYTE &&
              E.offset == 1, "category: invalid UTF-8 at its offset");
    CHECK(ibidi_ambiguity_label_category_utf8("a\xC3", 2, &c, &E) == IBIDI_E_UTF8_TRUNCATED &&
              E.offset == 1,
          "category: truncated UTF-8");
    CHECK(ibidi_ambiguity_label_category_utf8(NULL, 1, &c, &E) == IBIDI_E_INVALID_ARGUMENT,
          "category: NULL with a length");
    CHECK(ibidi_ambiguity_label_category_utf8("a", 1, NULL, &E) == IBIDI_E_INVALID_ARGUMENT,
          "category: NULL result");
    CHECK(ibidi_ambiguity_label_category_utf8(NULL, 0, &c, &E) == IBIDI_OK &&
              c == IBIDI_AMBIGUITY_LABEL_NEUTRAL,
          "category: empty");
    /* names */
    const char *(*name)(ibidi_ambiguity_label_category) = ibidi_ambiguity_label_category_name;
    CHECK(strcmp(name(IBIDI_AMBIGUITY_LABEL_NEUTRAL), "neutral") == 0 &&
              strcmp(name(IBIDI_AMBIGUITY_LABEL_NUMBER), "number") == 0 &&
              strcmp(name(IBIDI_AMBIGUITY_LABEL_LTR), "ltr") == 0 &&
              strcmp(name(IBIDI_AMBIGUITY_LABEL_RTL), "rtl") == 0 &&
              strcmp(name(IBIDI_AMBIGUITY_LABEL_MIXED), "mixed") == 0,
          "category names");
    CHECK(ibidi_ambiguity_label_category_name((ibidi_ambiguity_label_category)5) == NULL,
          "unknown category name");
    /* the category with its flags, in the one spelling every output takes */
    CHECK(strcmp(ibidi_ambiguity_label_category_text(IBIDI_AMBIGUITY_LABEL_RTL), "rtl") == 0 &&
              strcmp(ibidi_ambiguity_label_category_text(IBIDI_AMBIGUITY_LABEL_LTR |
                                                         IBIDI_AMBIGUITY_LABEL_NUMBER_PREFIX |
                                                         IBIDI_AMBIGUITY_LABEL_NUMBER_SUFFIX),
                     "ltr+number-prefix+number-suffix") == 0 &&
              strcmp(ibidi_ambiguity_label_category_text(IBIDI_AMBIGUITY_LABEL_NUMBER |
                                                         IBIDI_AMBIGUITY_LABEL_NUMBER_SUFFIX),
                     "number+number-suffix") == 0 &&
              ibidi_ambiguity_label_category_text(5) == NULL &&
              ibidi_ambiguity_label_category_text(IBIDI_AMBIGUITY_LABEL_LTR | 0x400u) == NULL,
          "ibidi_ambiguity_label_category_text");
}

static void test_codes(void)
{
    static const ibidi_ambiguity_code all[] = {
        IBIDI_AMBIGUITY_NUMBER_LEVEL, IBIDI_AMBIGUITY_NUMBER_TYPE,
        IBIDI_AMBIGUITY_NUMBER_SEPARATOR, IBIDI_AMBIGUITY_IDN_NUMBER_LABEL,
        IBIDI_AMBIGUITY_REC_II, IBIDI_AMBIGUITY_REC_III_PRECEDING,
        IBIDI_AMBIGUITY_REC_III_FOLLOWING, IBIDI_AMBIGUITY_PARENT_DOMAIN,
        IBIDI_AMBIGUITY_RELATIVE_NAME, IBIDI_AMBIGUITY_CONTAINED_DOMAIN,
        IBIDI_AMBIGUITY_VALID_TWIN, IBIDI_AMBIGUITY_INVALID_TWINS_ONLY,
        IBIDI_AMBIGUITY_SEPARATOR_TWIN, IBIDI_AMBIGUITY_DOMAIN_UNDETERMINED,
        IBIDI_AMBIGUITY_SAME_AUTHORITY, IBIDI_AMBIGUITY_SEARCH_TRUNCATED};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        const char *n = ibidi_code_name(all[i]), *m = ibidi_code_message(all[i]);
        CHECK(n && *n, "code %d has a name", (int)all[i]);
        CHECK(m && strlen(m) > 30, "code %d has a message", (int)all[i]);
        /* the exact codes are 220 and up (common.h: 201-299 are the analysis's) */
        CHECK(ibidi_ambiguity_code_is_exact(all[i]) == (all[i] >= IBIDI_AMBIGUITY_VALID_TWIN),
              "code %d exactness", (int)all[i]);
        if (all[i] < IBIDI_AMBIGUITY_VALID_TWIN)
            CHECK(strstr(m, "Badami") != NULL, "code %d message names the paper", (int)all[i]);
    }
    CHECK(strcmp(ibidi_code_name(IBIDI_AMBIGUITY_NUMBER_LEVEL), "NUMBER_LEVEL") == 0 &&
              IBIDI_AMBIGUITY_NUMBER_LEVEL == 201,
          "NUMBER_LEVEL name");
    CHECK(strstr(ibidi_code_message(IBIDI_AMBIGUITY_NUMBER_LEVEL), "Weak types EN and AN"),
          "NUMBER_LEVEL message names the section");
    CHECK(strstr(ibidi_code_message(IBIDI_AMBIGUITY_NUMBER_SEPARATOR), "imprecise"),
          "NUMBER_SEPARATOR message says the expressions are imprecise");
    CHECK(strstr(ibidi_code_message(IBIDI_AMBIGUITY_SEPARATOR_TWIN), "imprecise"),
          "SEPARATOR_TWIN message says what it replaces");
    /* the gaps of the range: below the first code, between the groups, after the last */
    CHECK(ibidi_code_name(200) == NULL && ibidi_code_name(211) == NULL &&
              ibidi_code_name(226) == NULL,
          "unknown code names");
    CHECK(strcmp(ibidi_code_message(277), "unknown finding") == 0, "unknown code message");
}

/* ---- "Weak types EN and AN": number embedding level ambiguity -------------------------- */

static void number_level_case(const char *x, size_t first, size_t n)
{
    CHECK(run(x, TEXT_AS, IBIDI_AMBIGUITY_TEXT) == IBIDI_OK, "%s: ok", x);
    CHECK(count(IBIDI_AMBIGUITY_NUMBER_LEVEL) == n, "%s: %zu NUMBER_LEVEL, got %zu", x, n,
          count(IBIDI_AMBIGUITY_NUMBER_LEVEL));
    for (size_t i = 0; i < n; i++)
        CHECK(has(IBIDI_AMBIGUITY_NUMBER_LEVEL, nb(x, first + i), 1), "%s: digit %zu", x, i);
}

static void test_number_level(void)
{
    /* the paper's four texts, two display pairs */
    CHECK(same_display("123ABC", "ABC123", 0), "123ABC / ABC123 display as 123CBA");
    CHECK(same_display("abc123ABC", "abcABC123", 0), "abc123ABC / abcABC123 display alike");
    number_level_case("123ABC", 0, 3);
    number_level_case("ABC123", 3, 3);
    number_level_case("abc123ABC", 3, 3);
    number_level_case("abcABC123", 6, 3);
    /* the condition holds: no finding */
    number_level_case("ABC123DEF", 0, 0);
    number_level_case("abc123def", 0, 0);
    number_level_case("123", 0, 0);
    number_level_case("a-b", 0, 0);
    /* AN counts as a number; AL as right-to-left */
    CHECK(t_ambig_analyze("\xD9\xA1\xD8\xA8", 4, IBIDI_IRI_AS_AUTO, IBIDI_AMBIGUITY_TEXT, 0, DEFC,
                          &FR, &E) == IBIDI_OK &&
              NF == 1 && F[0].code == IBIDI_AMBIGUITY_NUMBER_LEVEL && F[0].cp == 0x661 &&
              F[0].bidi_class == IBIDI_UNICODE_BC_AN && F[0].length == 2 &&
              F[0].context == IBIDI_DIR_LTR && F[0].part == IBIDI_NO_PART &&
              F[0].severity == IBIDI_SEVERITY_WARNING && F[0].detail == 0,
          "AN before AL");
    /* component index in a domain name */
    CHECK(run("abc.123ABC", IBIDI_IRI_AS_DOMAIN, 0) == IBIDI_OK &&
              has(IBIDI_AMBIGUITY_NUMBER_LEVEL, 4, 1) && F[0].part == 1,
          "NUMBER_LEVEL carries the component");
}

/* ---- "Number type ambiguity" ------------------------------------------------------------ */

static void test_number_type(void)
{
    /* Arabic letters: W2 decides EN or AN, and so whether % (ET) joins the number */
    CHECK(run_ex("abc1%ABC", 1, TEXT_AS, IBIDI_AMBIGUITY_TEXT) == IBIDI_OK &&
              count(IBIDI_AMBIGUITY_NUMBER_TYPE) == 1 && has(IBIDI_AMBIGUITY_NUMBER_TYPE, 3, 1) &&
              has(IBIDI_AMBIGUITY_NUMBER_LEVEL, 3, 1),
          "abc1%%ABC (AL): NUMBER_TYPE at the digit next to the terminator");
    CHECK(run_ex("ABC%1", 1, TEXT_AS, IBIDI_AMBIGUITY_TEXT) == IBIDI_OK &&
              count(IBIDI_AMBIGUITY_NUMBER_TYPE) == 1 && has(IBIDI_AMBIGUITY_NUMBER_TYPE, 7, 1),
          "ABC%%1 (AL): terminator before");
    CHECK(run_ex("ab1+2AB", 1, TEXT_AS, IBIDI_AMBIGUITY_TEXT) == IBIDI_OK &&
              count(IBIDI_AMBIGUITY_NUMBER_TYPE) == 2,
          "ab1+2AB (AL): EN ES EN joins only as EN");
    CHECK(run_ex("ab1,2AB", 1, TEXT_AS, IBIDI_AMBIGUITY_TEXT) == IBIDI_OK &&
              count(IBIDI_AMBIGUITY_NUMBER_TYPE) == 0 && count(IBIDI_AMBIGUITY_NUMBER_LEVEL) == 2,
          "ab1,2AB (AL): EN CS EN joins either way: no NUMBER_TYPE");
    CHECK(run_ex("ab1,\xD9\xA2" "AB", 1, TEXT_AS, IBIDI_AMBIGUITY_TEXT) == IBIDI_OK &&
              count(IBIDI_AMBIGUITY_NUMBER_TYPE) == 1 && has(IBIDI_AMBIGUITY_NUMBER_TYPE, 2, 1),
          "ab1,<AN>AB (AL): EN CS AN joins only as AN");
    /* Hebrew letters (R): W2 does not apply */
    CHECK(run("abc1%ABC", TEXT_AS, IBIDI_AMBIGUITY_TEXT) == IBIDI_OK &&
              count(IBIDI_AMBIGUITY_NUMBER_TYPE) == 0 && count(IBIDI_AMBIGUITY_NUMBER_LEVEL) == 1,
          "abc1%%ABC (R): no NUMBER_TYPE");
    /* no terminator or separator next to it */
    CHECK(run_ex("abc1ABC", 1, TEXT_AS, IBIDI_AMBIGUITY_TEXT) == IBIDI_OK &&
              count(IBIDI_AMBIGUITY_NUMBER_TYPE) == 0 && count(IBIDI_AMBIGUITY_NUMBER_LEVEL) == 1,
          "abc1ABC (AL): no NUMBER_TYPE");
    /* the paper's claim: with NUMBER_LEVEL resolved, no number type ambiguity */
    CHECK(run_ex("ABC1%DEF", 1, TEXT_AS, IBIDI_AMBIGUITY_TEXT) == IBIDI_OK && NF == 0,
          "ABC1%%DEF (AL): number level resolved, no NUMBER_TYPE");
    CHECK(run_ex("abc1%def", 1, TEXT_AS, IBIDI_AMBIGUITY_TEXT) == IBIDI_OK && NF == 0,
          "abc1%%def: nothing");
}

/* ---- "Number separator ambiguity", Recommendation I --------------------------------------- */

static void sep_case(const char *x, ibidi_iri_kind as, unsigned opt, int expr, size_t off,
                     size_t len)
{
    CHECK(run(x, as, opt) == IBIDI_OK, "%s: ok (%d %u)", x, E.status, (unsigned)E.offset);
    if (expr == 0) {
        CHECK(count(IBIDI_AMBIGUITY_NUMBER_SEPARATOR) == 0, "%s: no expression matches (%zu)", x,
              count(IBIDI_AMBIGUITY_NUMBER_SEPARATOR));
        return;
    }
    CHECK(has_expr(expr), "%s: expression %d", x, expr);
    for (size_t i = 0; i < NF; i++)
        if (F[i].code == IBIDI_AMBIGUITY_NUMBER_SEPARATOR && F[i].detail == expr)
            CHECK(F[i].offset == off && F[i].length == len, "%s: expression %d at %zu+%zu (%zu+%zu)",
                  x, expr, off, len, F[i].offset, F[i].length);
}

static void test_separator(void)
{
    const unsigned T = IBIDI_AMBIGUITY_TEXT;
    /* each expression after R (the number separator section's forms), % = ET, + = ES */
    sep_case("A%1+2", TEXT_AS, T, 1, 0, 6);
    sep_case("A1+%2", TEXT_AS, T, 2, 0, 6);
    sep_case("A1+2%", TEXT_AS, T, 3, 0, 6);
    sep_case("A1%+2", TEXT_AS, T, 4, 0, 6);
    sep_case("A%1+2%", TEXT_AS, T, 5, 0, 7);
    sep_case("A%1+2%", TEXT_AS, T, 1, 0, 6);
    sep_case("A1%+%2", TEXT_AS, T, 6, 0, 7);
    CHECK(count(IBIDI_AMBIGUITY_NUMBER_SEPARATOR) == 1, "A1%%+%%2: expression 6 only");
    /* with CS (/ and ,) and a longer WN* */
    sep_case("A-7%1/2", TEXT_AS, T, 1, 0, 8);
    sep_case("xyzA%12,34B", TEXT_AS, T, 1, 3, 8);
    /* the issue's pair: A%123+456B matches expression 1 */
    sep_case("A%123+456B", TEXT_AS, T, 1, 0, 10);
    /* the paper's A-123/456B matches none of its own expressions with today's classes:
     * HYPHEN-MINUS is ES, not ET, and every expression needs an ET */
    sep_case("A-123/456B", TEXT_AS, T, 0, 0, 0);
    /* near misses */
    sep_case("a%1+2", TEXT_AS, T, 0, 0, 0);  /* no R (no ^ in plain text) */
    sep_case("Ab%1+2", TEXT_AS, T, 0, 0, 0); /* L between: WN* stops */
    sep_case("A%1+", TEXT_AS, T, 0, 0, 0);   /* no digit after the separator */
    sep_case("A%+2", TEXT_AS, T, 0, 0, 0);   /* no digit before it */
    sep_case("A1+2", TEXT_AS, T, 0, 0, 0);   /* no terminator */
    sep_case("A1%2", TEXT_AS, T, 0, 0, 0);   /* no separator */
    sep_case("A1+ 2%", TEXT_AS, T, 0, 0, 0); /* WS breaks the number */
    /* AL is not R: after AL the digits are Arabic numbers (W2), ET and ES do not join */
    CHECK(run_ex("A%1+2", 1, TEXT_AS, T) == IBIDI_OK &&
              count(IBIDI_AMBIGUITY_NUMBER_SEPARATOR) == 0,
          "A%%1+2 with AL: no expression");

    /* Recommendation I on domain labels: (^|R), per label. A domain name may not hold '%'
     * or '+' (RFC 3986 delimiters): DEG is U+00B0 DEGREE SIGN (ET, two bytes), '-' is ES,
     * U+060C ARABIC COMMA is CS (the paper: the only CS in hostname-rule names) */
    sep_case(DEG "1-2.com", IBIDI_IRI_AS_DOMAIN, 0, 1, 0, 5);       /* ^ */
    sep_case("A" DEG "1-2.com", IBIDI_IRI_AS_DOMAIN, 0, 1, 0, 7);   /* R */
    sep_case("1-" DEG "2.com", IBIDI_IRI_AS_DOMAIN, 0, 2, 0, 5);
    sep_case("1-2" DEG ".com", IBIDI_IRI_AS_DOMAIN, 0, 3, 0, 5);
    sep_case("1" DEG "-2.com", IBIDI_IRI_AS_DOMAIN, 0, 4, 0, 5);
    sep_case(DEG "1-2" DEG ".com", IBIDI_IRI_AS_DOMAIN, 0, 5, 0, 7);
    sep_case("1" DEG "-" DEG "2.com", IBIDI_IRI_AS_DOMAIN, 0, 6, 0, 7);
    sep_case("com." DEG "1\xD8\x8C" "2", IBIDI_IRI_AS_DOMAIN, 0, 1, 4, 6); /* ARABIC COMMA */
    CHECK(NF >= 1 && F[0].part == 1, "separator finding in label 1");
    sep_case("abc.1-2" DEG, IBIDI_IRI_AS_DOMAIN, 0, 3, 4, 5);
    sep_case("abc.x1-2" DEG, IBIDI_IRI_AS_DOMAIN, 0, 0, 0, 0);   /* L at the label's start */
    sep_case("A." DEG "1.2", IBIDI_IRI_AS_DOMAIN, 0, 0, 0, 0);   /* per label: the dot ends it */
    sep_case("A" DEG "1-2", IBIDI_IRI_AS_DOMAIN, 0, 1, 0, 7);    /* R inside the label */
    /* IRIs: the host's labels with (^|R), the whole text with R (path "/" is CS) */
    sep_case("http://" DEG "1-2.com/", IBIDI_IRI_AS_IRI, 0, 1, 7, 5);
    sep_case("http://x.com/A" DEG "1/2", IBIDI_IRI_AS_IRI, 0, 1, 13, 7);
    sep_case("http://x.com/A" DEG "1/2/B", IBIDI_IRI_AS_IRI, 0, 1, 13, 7);
    sep_case("http://x.com/a" DEG "1/2", IBIDI_IRI_AS_IRI, 0, 0, 0, 0);
    /* mail: the whole text */
    sep_case("A" DEG "1-2@x.com", IBIDI_IRI_AS_EMAIL, 0, 1, 0, 7);
}

/* ---- "Number embedding level ambiguity in IDNs" and Recommendations II, III ------------- */

static void test_idn(void)
{
    const ibidi_iri_kind D = IBIDI_IRI_AS_DOMAIN;
    /* 123.ABC.com and ABC.123.com: both ambiguous */
    CHECK(same_display("123.ABC.com", "ABC.123.com", 0), "123.ABC.com / ABC.123.com alike");
    CHECK(run("123.ABC.com", D, 0) == IBIDI_OK && has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, 0, 3) &&
              count(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL) == 1 &&
              has(IBIDI_AMBIGUITY_REC_III_FOLLOWING, 0, 3) &&
              !has(IBIDI_AMBIGUITY_REC_III_PRECEDING, ANY, ANY) &&
              count(IBIDI_AMBIGUITY_NUMBER_LEVEL) == 3 && !has(IBIDI_AMBIGUITY_REC_II, ANY, ANY) &&
              !has(IBIDI_AMBIGUITY_PARENT_DOMAIN, ANY, ANY) &&
              !has(IBIDI_AMBIGUITY_RELATIVE_NAME, ANY, ANY),
          "123.ABC.com: IDN_NUMBER_LABEL, REC_III_FOLLOWING");
    CHECK(run("ABC.123.com", D, 0) == IBIDI_OK && has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, 7, 3) &&
              has(IBIDI_AMBIGUITY_REC_III_PRECEDING, 7, 3) &&
              !has(IBIDI_AMBIGUITY_REC_III_FOLLOWING, ANY, ANY),
          "ABC.123.com: IDN_NUMBER_LABEL, REC_III_PRECEDING");
    CHECK(F[0].part == 1 || F[1].part == 1, "ABC.123.com: label 1");

    /* case 2: abc123.ABC.com is not ambiguous within IDNA (abcABC.123.com is invalid) */
    CHECK(same_display("abc123.ABC.com", "abcABC.123.com", 0), "abc123.ABC.com pair");
    CHECK(run("abc123.ABC.com", D, 0) == IBIDI_OK &&
              !has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, ANY, ANY) &&
              count(IBIDI_AMBIGUITY_NUMBER_LEVEL) == 3 &&
              !has(IBIDI_AMBIGUITY_REC_III_FOLLOWING, ANY, ANY),
          "abc123.ABC.com: NUMBER_LEVEL only (case 2)");
    CHECK(same_display("abc123.456.ABC", "abcABC.123.456", 0), "abc123.456.ABC pair");
    CHECK(run("abc123.456.ABC", D, 0) == IBIDI_OK &&
              !has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, ANY, ANY) &&
              count(IBIDI_AMBIGUITY_NUMBER_LEVEL) == 6 &&
              has(IBIDI_AMBIGUITY_REC_III_FOLLOWING, 7, 3) &&
              !has(IBIDI_AMBIGUITY_REC_III_PRECEDING, ANY, ANY),
          "abc123.456.ABC: no IDN finding (number suffix label before an RTL label)");

    /* case 3 exceptions: preceding RTL, following number prefix label */
    CHECK(same_display("ABC.123.456com", "123.456.ABCcom", 0), "ABC.123.456com pair");
    CHECK(run("ABC.123.456com", D, 0) == IBIDI_OK &&
              !has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, ANY, ANY) &&
              has(IBIDI_AMBIGUITY_REC_III_PRECEDING, 7, 3),
          "ABC.123.456com: prefix exception");
    CHECK(same_display("ABC.123._456com", "456_.123.ABCcom", 0), "ABC.123.?456com pair (_)");
    CHECK(run("ABC.123._456com", D, 0) == IBIDI_OK &&
              !has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, ANY, ANY),
          "ABC.123.?456com ('?' = _): prefix exception");
    CHECK(run("ABC.123.-456com", D, 0) == IBIDI_OK &&
              !has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, ANY, ANY),
          "ABC.123.?456com ('?' = -): prefix exception");
    /* preceding number suffix label, following RTL */
    CHECK(same_display("com123.456.ABC", "comABC.123.456", 0), "com123.456.ABC pair");
    CHECK(run("com123.456.ABC", D, 0) == IBIDI_OK &&
              !has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, ANY, ANY) &&
              has(IBIDI_AMBIGUITY_REC_III_FOLLOWING, 7, 3),
          "com123.456.ABC: suffix exception");
    CHECK(same_display("com123_.456.ABC", "comABC.456._123", 0), "com123?.456.ABC pair (_)");
    CHECK(run("com123_.456.ABC", D, 0) == IBIDI_OK &&
              !has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, ANY, ANY),
          "com123?.456.ABC ('?' = _): suffix exception");
    /* near misses: the exceptions need exactly those label kinds */
    CHECK(run("ABC.123.com456", D, 0) == IBIDI_OK && has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, 7, 3),
          "ABC.123.com456: a suffix label after: ambiguous");
    CHECK(run("456com.123.ABC", D, 0) == IBIDI_OK && has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, 7, 3),
          "456com.123.ABC: a prefix label before: ambiguous");
    CHECK(run("abc.123.ABC", D, 0) == IBIDI_OK && has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, 4, 3),
          "abc.123.ABC: ambiguous");
    /* both the same direction, or missing (LTR) */
    CHECK(run("ABC.123.DEF", D, 0) == IBIDI_OK &&
              !has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, ANY, ANY) &&
              has(IBIDI_AMBIGUITY_REC_III_PRECEDING, 7, 3) &&
              has(IBIDI_AMBIGUITY_REC_III_FOLLOWING, 7, 3),
          "ABC.123.DEF: both RTL, Recommendation III both ways");
    CHECK(run("abc.123.def", D, 0) == IBIDI_OK && NF == 0, "abc.123.def: nothing");
    CHECK(run("123.456", D, 0) == IBIDI_OK && count(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL) == 0 &&
              count(IBIDI_AMBIGUITY_REC_II) == 1 && has(IBIDI_AMBIGUITY_REC_II, 4, 3),
          "123.456: no strong label at all; REC_II");
    /* case 1: digits inside an RTL label have no IDN finding */
    CHECK(run("ABC1D.com", D, 0) == IBIDI_OK && NF == 0, "ABC1D.com: case 1, nothing");
    /* neutral labels are skipped when looking for strong labels */
    CHECK(run("ABC.-.123.com", D, 0) == IBIDI_OK && has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, 9, 3) &&
              has(IBIDI_AMBIGUITY_REC_III_PRECEDING, 9, 3),
          "ABC.-.123.com: neutral label skipped");
}

static void test_rec_ii(void)
{
    CHECK(same_display("http://www.123.ABC/abc", "http://www.ABC.123/abc", 0),
          "Recommendation II pair");
    CHECK(run("http://www.ABC.123/abc", IBIDI_IRI_AS_IRI, 0) == IBIDI_OK &&
              has(IBIDI_AMBIGUITY_REC_II, 18, 3) && has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, 18, 3),
          "http://www.ABC.123/abc: REC_II on the host's top-level label");
    CHECK(run("http://www.123.ABC/abc", IBIDI_IRI_AS_IRI, 0) == IBIDI_OK &&
              !has(IBIDI_AMBIGUITY_REC_II, ANY, ANY),
          "http://www.123.ABC/abc: top-level label strong");
    CHECK(run("abc.123", IBIDI_IRI_AS_DOMAIN, 0) == IBIDI_OK && has(IBIDI_AMBIGUITY_REC_II, 4, 3),
          "abc.123: REC_II");
    CHECK(run("abc.123.", IBIDI_IRI_AS_DOMAIN, 0) == IBIDI_OK && has(IBIDI_AMBIGUITY_REC_II, 4, 3),
          "abc.123. (root label): REC_II on 123");
    CHECK(run("abc.-", IBIDI_IRI_AS_DOMAIN, 0) == IBIDI_OK && has(IBIDI_AMBIGUITY_REC_II, 4, 1),
          "abc.-: a neutral top-level label");
    CHECK(run("abc.ABC", IBIDI_IRI_AS_DOMAIN, 0) == IBIDI_OK && NF == 0, "abc.ABC: nothing");
    CHECK(run("x@abc.123", IBIDI_IRI_AS_EMAIL, 0) == IBIDI_OK && has(IBIDI_AMBIGUITY_REC_II, 6, 3),
          "mail domain: REC_II");
}

static void test_parents(void)
{
    /* DEF.123.ABC.com is unambiguous; its parent 123.ABC.com is not; its relative name
     * DEF.123 is not either */
    CHECK(run("DEF.123.ABC.com", IBIDI_IRI_AS_DOMAIN, 0) == IBIDI_OK &&
              !has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, ANY, ANY) &&
              !has(IBIDI_AMBIGUITY_NUMBER_LEVEL, ANY, ANY) &&
              has(IBIDI_AMBIGUITY_PARENT_DOMAIN, 7, 14) &&
              count(IBIDI_AMBIGUITY_PARENT_DOMAIN) == 1 &&
              has(IBIDI_AMBIGUITY_RELATIVE_NAME, 0, 10) &&
              count(IBIDI_AMBIGUITY_RELATIVE_NAME) == 1 &&
              has(IBIDI_AMBIGUITY_REC_III_PRECEDING, 7, 3) &&
              has(IBIDI_AMBIGUITY_REC_III_FOLLOWING, 7, 3) &&
              !has(IBIDI_AMBIGUITY_CONTAINED_DOMAIN, ANY, ANY),
          "DEF.123.ABC.com: PARENT_DOMAIN 123.ABC.com, RELATIVE_NAME DEF.123");
    CHECK(run("GHI.DEF.123.ABC.com", IBIDI_IRI_AS_DOMAIN, 0) == IBIDI_OK &&
              count(IBIDI_AMBIGUITY_PARENT_DOMAIN) == 1 &&
              has(IBIDI_AMBIGUITY_PARENT_DOMAIN, 14, 14) &&
              count(IBIDI_AMBIGUITY_RELATIVE_NAME) == 1 &&
              has(IBIDI_AMBIGUITY_RELATIVE_NAME, 0, 17),
          "GHI.DEF.123.ABC.com: one ambiguous parent, one relative name");
    /* the whole name ambiguous: its own findings say it */
    CHECK(run("x.123.ABC.com", IBIDI_IRI_AS_DOMAIN, 0) == IBIDI_OK &&
              has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, 2, 3) &&
              !has(IBIDI_AMBIGUITY_PARENT_DOMAIN, ANY, ANY) &&
              !has(IBIDI_AMBIGUITY_RELATIVE_NAME, ANY, ANY),
          "x.123.ABC.com: ambiguous itself, parents not repeated");
    /* Recommendation III holds: parents and relative names are fine */
    CHECK(run("abc.123.def.ABC", IBIDI_IRI_AS_DOMAIN, 0) == IBIDI_OK && NF == 0,
          "abc.123.def.ABC: nothing");
}

static void test_mail_iri(void)
{
    const ibidi_iri_kind M = IBIDI_IRI_AS_EMAIL;
    CHECK(same_display("123@ABC.com", "ABC@123.com", 0), "123@ABC.com / ABC@123.com alike");
    CHECK(run("123@ABC.com", M, 0) == IBIDI_OK && count(IBIDI_AMBIGUITY_NUMBER_LEVEL) == 3 &&
              !has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, ANY, ANY) &&
              !has(IBIDI_AMBIGUITY_CONTAINED_DOMAIN, ANY, ANY),
          "123@ABC.com: NUMBER_LEVEL in the local part");
    CHECK(run("ABC@123.com", M, 0) == IBIDI_OK && has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, 7, 3) &&
              !has(IBIDI_AMBIGUITY_REC_III_PRECEDING, ANY, ANY) &&
              !has(IBIDI_AMBIGUITY_CONTAINED_DOMAIN, ANY, ANY),
          "ABC@123.com: IDN_NUMBER_LABEL with the local part before the domain");
    /* the IMA DEF@123.ABC.com is unambiguous, its domain 123.ABC.com is not */
    CHECK(run("DEF@123.ABC.com", M, 0) == IBIDI_OK &&
              has(IBIDI_AMBIGUITY_CONTAINED_DOMAIN, 7, 14) &&
              !has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, ANY, ANY) &&
              !has(IBIDI_AMBIGUITY_NUMBER_LEVEL, ANY, ANY) &&
              has(IBIDI_AMBIGUITY_REC_III_FOLLOWING, 7, 3),
          "DEF@123.ABC.com: CONTAINED_DOMAIN");
    CHECK(run("http://DEF@123.ABC.com/", IBIDI_IRI_AS_IRI, 0) == IBIDI_OK &&
              has(IBIDI_AMBIGUITY_CONTAINED_DOMAIN, 14, 14),
          "IRI host: CONTAINED_DOMAIN");
    CHECK(same_display("http://www.ABC.com/123/ABC/", "http://www.ABC.com/ABC/123/", 0),
          "IRI pair of \"Dealing with bidirectional ambiguity\"");
    CHECK(run("http://www.ABC.com/123/ABC/", IBIDI_IRI_AS_IRI, 0) == IBIDI_OK &&
              count(IBIDI_AMBIGUITY_NUMBER_LEVEL) == 3 &&
              !has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, ANY, ANY),
          "http://www.ABC.com/123/ABC/: NUMBER_LEVEL in the path");
    CHECK(run("ABC@123.com", IBIDI_IRI_AS_AUTO, 0) == IBIDI_OK &&
              has(IBIDI_AMBIGUITY_IDN_NUMBER_LABEL, 7, 3),
          "AUTO takes a mail address");
}

/* ---- Errors and the buffer contract ------------------------------------------------------ */

static void test_errors(void)
{
    ibidi_status st;
    static const struct {
        const char *s;
        size_t off;
        uint32_t cp;
    } ctl[] = {
        {"abc\xE2\x80\x8F" "def", 3, 0x200F}, /* RLM */
        {"ab\xE2\x80\x8E", 2, 0x200E},       /* LRM */
        {"a\xD8\x9C", 1, 0x61C},             /* ALM */
        {"a\tb", 1, 9},                       /* S */
        {"a.b\n", 3, 10},                     /* B */
        {"\xE2\x80\xAB" "a", 0, 0x202B},     /* RLE */
        {"a\xE2\x81\xA7", 1, 0x2067},        /* RLI */
    };
    for (size_t i = 0; i < sizeof ctl / sizeof ctl[0]; i++) {
        for (int t = 0; t < 2; t++) {
            FR.n = 99; /* an error sets it to 0 */
            st = t_ambig_analyze(ctl[i].s, strlen(ctl[i].s), IBIDI_IRI_AS_DOMAIN,
                                 t ? IBIDI_AMBIGUITY_TEXT : 0, 0, DEFC, &FR, &E);
            CHECK(st == IBIDI_E_AMBIG_CONTROL && E.status == st && E.offset == ctl[i].off &&
                      E.value == ctl[i].cp && NF == 0,
                  "control %zu (text %d): status %d offset %zu", i, t, (int)st, E.offset);
        }
    }
    /* a control comes before a later encoding error, and the reverse */
    CHECK(t_ambig_analyze("a\tb\xFF", 4, IBIDI_IRI_AS_DOMAIN, 0, 0, DEFC, &FR, &E) ==
                  IBIDI_E_AMBIG_CONTROL && E.offset == 1,
          "control before invalid UTF-8");
    CHECK(t_ambig_analyze("a\xFF\t", 3, IBIDI_IRI_AS_DOMAIN, 0, 0, DEFC, &FR, &E) ==
                  IBIDI_E_UTF8_INVALID_BYTE && E.offset == 1,
          "invalid UTF-8 at its offset");
    CHECK(t_ambig_analyze("ab\xE0\x80", 4, IBIDI_IRI_AS_DOMAIN, IBIDI_AMBIGUITY_TEXT, 0, DEFC, &FR,
                          &E) == IBIDI_E_UTF8_OVERLONG && E.offset == 2,
          "overlong UTF-8 in text mode");
    /* parse errors */
    CHECK(run("a..b", IBIDI_IRI_AS_DOMAIN, 0) == IBIDI_E_DOMAIN_EMPTY_LABEL && E.offset == 2,
          "empty label");
    CHECK(run("", IBIDI_IRI_AS_DOMAIN, 0) == IBIDI_E_IDENT_EMPTY, "empty identifier");
    CHECK(run("abc", IBIDI_IRI_AS_EMAIL, 0) == IBIDI_E_EMAIL_SYNTAX, "mail without @");
    CHECK(run("a/b", IBIDI_IRI_AS_DOMAIN, 0) == IBIDI_E_DOMAIN_CHAR && E.offset == 1,
          "domain char");
    CHECK(run("http://[zz]/", IBIDI_IRI_AS_IRI, 0) == IBIDI_E_IRI_HOST, "IRI host");
    CHECK(run("a\f", IBIDI_IRI_AS_DOMAIN, 0) == IBIDI_E_IDENT_CONTROL,
          "FORM FEED (WS, Cc): the parser's control error");
    CHECK(run("a\f1B", TEXT_AS, IBIDI_AMBIGUITY_TEXT) == IBIDI_OK && NF == 1,
          "FORM FEED in plain text is a WS character");
    CHECK(run("", TEXT_AS, IBIDI_AMBIGUITY_TEXT) == IBIDI_OK && NF == 0, "empty plain text");
    /* arguments */
    CHECK(t_ambig_analyze(NULL, 1, IBIDI_IRI_AS_DOMAIN, 0, 0, DEFC, &FR, &E) ==
              IBIDI_E_INVALID_ARGUMENT, "NULL text with a length");
    ibidi_findings no_items = {NULL, 3, 0, 0};
    CHECK(t_ambig_analyze("a", 1, IBIDI_IRI_AS_DOMAIN, 0, 0, DEFC, &no_items, &E) ==
              IBIDI_E_INVALID_ARGUMENT, "NULL findings with a capacity");
    CHECK(t_ambig_analyze("a", 1, IBIDI_IRI_AS_DOMAIN, 0x80u, 0, DEFC, &FR, &E) ==
              IBIDI_E_INVALID_ARGUMENT, "unknown option");
    CHECK(t_ambig_analyze("a", 1, (ibidi_iri_kind)7, 0, 0, DEFC, &FR, &E) ==
              IBIDI_E_INVALID_ARGUMENT, "unknown kind");
    CHECK(t_ambig_analyze("a", 1, (ibidi_iri_kind)7, IBIDI_AMBIGUITY_TEXT, 0, DEFC, &FR, &E) ==
              IBIDI_OK, "kind ignored with IBIDI_AMBIGUITY_TEXT");
    {
        static char big[1100];
        memset(big, 'a', sizeof big);
        FR.n = 99;
        CHECK(t_ambig_analyze(big, 1024, IBIDI_IRI_AS_AUTO, IBIDI_AMBIGUITY_TEXT, 0, DEFC, &FR,
                              &E) == IBIDI_OK && NF == 0,
              "1024 bytes: analysed");
        CHECK(t_ambig_analyze(big, 1025, IBIDI_IRI_AS_AUTO, IBIDI_AMBIGUITY_TEXT, 0, DEFC, &FR,
                              &E) == IBIDI_E_AMBIG_TOO_LONG && E.offset == 1024,
              "1025 bytes: IBIDI_E_AMBIG_TOO_LONG");
    }
    /* fcap too small: the count is complete, the array holds the first findings */
    {
        ibidi_finding all[64], few[3];
        ibidi_findings fall = {all, 64, 0, 0}, ffew = {few, 3, 0, 0}, fnone = {NULL, 0, 0, 0};
        size_t len;
        const char *s = t_notation(0, "DEF.123.ABC.com.ABC.123.com", 0, &len);
        CHECK(t_ambig_analyze(s, len, IBIDI_IRI_AS_DOMAIN, 0, 0, DEFC, &fall, &E) == IBIDI_OK &&
                  fall.n > 3 && fall.n <= 64 && fall.errors == 0,
              "all findings (%zu)", fall.n);
        CHECK(t_ambig_analyze(s, len, IBIDI_IRI_AS_DOMAIN, 0, 0, DEFC, &ffew, &E) == IBIDI_OK &&
                  ffew.n == fall.n,
              "fcap 3: same count");
        int same = 1;
        for (size_t i = 0; i < 3; i++) /* field by field: padding need not compare equal */
            same = same && all[i].code == few[i].code && all[i].severity == few[i].severity &&
                   all[i].rule == few[i].rule && all[i].part == few[i].part &&
                   all[i].offset == few[i].offset && all[i].length == few[i].length &&
                   all[i].cp == few[i].cp && all[i].bidi_class == few[i].bidi_class &&
                   all[i].context == few[i].context && all[i].detail == few[i].detail;
        CHECK(same, "fcap 3: the first three findings");
        CHECK(t_ambig_analyze(s, len, IBIDI_IRI_AS_DOMAIN, 0, 0, DEFC, &fnone, &E) == IBIDI_OK &&
                  fnone.n == fall.n,
              "fcap 0: count only");
        CHECK(t_ambig_analyze(s, len, IBIDI_IRI_AS_DOMAIN, 0, 0, DEFC, NULL, NULL) == IBIDI_OK,
              "findings and err may be NULL");
    }
}

/* ---- Exact findings (twin search) ------------------------------------------------------- */

static void test_exact(void)
{
    const unsigned X = IBIDI_AMBIGUITY_EXACT;
    const unsigned no_bidi = IDNA & ~(unsigned)IBIDI_IDNA_CHECK_BIDI;
    /* 123.ABC.com and ABC.123.com: under the RFC 5893 Bidi Rule (CheckBidi) a label of a
     * bidi domain name may not start with a digit (B1), so both are invalid and the twins
     * are invalid; without CheckBidi the paper's verdict holds: a valid twin */
    CHECK(run("123.ABC.com", IBIDI_IRI_AS_DOMAIN, X) == IBIDI_OK &&
              has(IBIDI_AMBIGUITY_INVALID_TWINS_ONLY, 0, 14) &&
              !has(IBIDI_AMBIGUITY_VALID_TWIN, ANY, ANY),
          "123.ABC.com with CheckBidi: INVALID_TWINS_ONLY");
    IDNA = no_bidi;
    CHECK(run("123.ABC.com", IBIDI_IRI_AS_DOMAIN, X) == IBIDI_OK &&
              has(IBIDI_AMBIGUITY_VALID_TWIN, 0, 14) &&
              !has(IBIDI_AMBIGUITY_INVALID_TWINS_ONLY, ANY, ANY) &&
              !has(IBIDI_AMBIGUITY_DOMAIN_UNDETERMINED, ANY, ANY),
          "123.ABC.com without CheckBidi: VALID_TWIN (ABC.123.com)");
    /* RTL context: the exact findings are made for it too. 123.ABC.com has no twin in a
     * right-to-left paragraph; abc.123 has one (123.abc), where the dot is a neutral in
     * both (no SEPARATOR_TWIN), and none in the standard display model */
    CHECK(run("123.ABC.com", IBIDI_IRI_AS_DOMAIN, X | IBIDI_AMBIGUITY_RTL) == IBIDI_OK &&
              has(IBIDI_AMBIGUITY_VALID_TWIN, 0, ANY) && count(IBIDI_AMBIGUITY_VALID_TWIN) == 1 &&
              F[NF - 1].context == IBIDI_DIR_LTR,
          "123.ABC.com: no twin in RTL");
    CHECK(run("abc.123", IBIDI_IRI_AS_DOMAIN, X | IBIDI_AMBIGUITY_RTL) == IBIDI_OK && NF == 2 &&
              F[0].code == IBIDI_AMBIGUITY_REC_II && F[1].code == IBIDI_AMBIGUITY_VALID_TWIN &&
              F[1].context == IBIDI_DIR_RTL,
          "abc.123: a valid twin in RTL only");
    IDNA = ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_UTS46);
    /* abc123.ABC.com: its twin abcABC.123.com is invalid */
    CHECK(run("abc123.ABC.com", IBIDI_IRI_AS_DOMAIN, X) == IBIDI_OK &&
              has(IBIDI_AMBIGUITY_INVALID_TWINS_ONLY, 0, ANY) &&
              !has(IBIDI_AMBIGUITY_VALID_TWIN, ANY, ANY),
          "abc123.ABC.com: INVALID_TWINS_ONLY");
    CHECK(run("abc123.456.ABC", IBIDI_IRI_AS_DOMAIN, X) == IBIDI_OK &&
              !has(IBIDI_AMBIGUITY_VALID_TWIN, ANY, ANY),
          "abc123.456.ABC: no valid twin");
    /* mail: the display does not determine the domain */
    CHECK(run("123@ABC.com", IBIDI_IRI_AS_EMAIL, X) == IBIDI_OK &&
              has(IBIDI_AMBIGUITY_VALID_TWIN, ANY, ANY) &&
              has(IBIDI_AMBIGUITY_DOMAIN_UNDETERMINED, 4, 10),
          "123@ABC.com: DOMAIN_UNDETERMINED");
    CHECK(run("ABC@123.com", IBIDI_IRI_AS_EMAIL, X) == IBIDI_OK &&
              has(IBIDI_AMBIGUITY_DOMAIN_UNDETERMINED, 7, 7),
          "ABC@123.com: DOMAIN_UNDETERMINED");
    /* IRI: the twin has the same authority */
    CHECK(run("http://www.ABC.com/123/ABC/", IBIDI_IRI_AS_IRI, X) == IBIDI_OK &&
              has(IBIDI_AMBIGUITY_VALID_TWIN, ANY, ANY) &&
              has(IBIDI_AMBIGUITY_SAME_AUTHORITY, 21, 12) &&
              !has(IBIDI_AMBIGUITY_DOMAIN_UNDETERMINED, ANY, ANY),
          "http://www.ABC.com/123/ABC/: SAME_AUTHORITY");
    /* plain text: any twin; the separator that joins a number in one and not the other */
    CHECK(run("A%123+456B", TEXT_AS, IBIDI_AMBIGUITY_TEXT | X) == IBIDI_OK &&
              has(IBIDI_AMBIGUITY_VALID_TWIN, 0, ANY) && has(IBIDI_AMBIGUITY_SEPARATOR_TWIN, 6, 1),
          "A%%123+456B: VALID_TWIN and SEPARATOR_TWIN at +");
    CHECK(run("A%123+456B", TEXT_AS, IBIDI_AMBIGUITY_TEXT | X | IBIDI_AMBIGUITY_RTL) == IBIDI_OK &&
              NF == 5 && F[3].context == IBIDI_DIR_RTL && has(IBIDI_AMBIGUITY_SEPARATOR_TWIN, 6, 1),
          "A%%123+456B: the same in RTL");
    /* the paper's A-123/456B has no twin under today's classes (HYPHEN-MINUS is ES) */
    CHECK(run("A-123/456B", TEXT_AS, IBIDI_AMBIGUITY_TEXT | X | IBIDI_AMBIGUITY_RTL) == IBIDI_OK &&
              NF == 0, "A-123/456B: no twin");
    CHECK(run("abc", TEXT_AS, IBIDI_AMBIGUITY_TEXT | X) == IBIDI_OK && NF == 0, "abc: no twin");
    CHECK(run("abc.com", IBIDI_IRI_AS_DOMAIN, X | IBIDI_AMBIGUITY_RTL) == IBIDI_OK && NF == 0,
          "abc.com: nothing in either context");
    /* a tiny bound truncates */
    {
        size_t len;
        /* 123.456.ABC.com needs 6 candidates for its twins: a bound of 1 cuts it */
        const char *s = t_notation(0, "123.456.ABC.com", 0, &len);
        CHECK(t_ambig_analyze(s, len, IBIDI_IRI_AS_DOMAIN, X, 0, 1, &FR, &E) ==
                  IBIDI_OK,
              "bounded search");
        CHECK(has(IBIDI_AMBIGUITY_SEARCH_TRUNCATED, 0, len), "SEARCH_TRUNCATED");
    }
    /* too long for the twin search */
    {
        static char big[300];
        memset(big, 'a', sizeof big);
        FR.n = 99;
        CHECK(t_ambig_analyze(big, sizeof big, IBIDI_IRI_AS_AUTO, IBIDI_AMBIGUITY_TEXT | X, 0, DEFC,
                              &FR, &E) ==
                  IBIDI_E_TWINS_TOO_LONG && NF == 0,
              "300 code points: IBIDI_E_TWINS_TOO_LONG");
    }
}

/* ---- The options record, the work area, the allocating call --------------------------- */

/* Two findings arrays alike, field by field. */
static int same_findings(const ibidi_finding *x, const ibidi_finding *y, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (x[i].code != y[i].code || x[i].severity != y[i].severity ||
            x[i].rule != y[i].rule || x[i].part != y[i].part || x[i].offset != y[i].offset ||
            x[i].length != y[i].length || x[i].cp != y[i].cp ||
            x[i].bidi_class != y[i].bidi_class || x[i].context != y[i].context ||
            x[i].detail != y[i].detail)
            return 0;
    return 1;
}

/* Is some finding of x[0..n) of this code? */
static int has_code(const ibidi_finding *x, size_t n, ibidi_ambiguity_code code)
{
    for (size_t i = 0; i < n; i++)
        if (x[i].code == (ibidi_code)code)
            return 1;
    return 0;
}

static void test_options(void)
{
    static unsigned char work[1 << 17];
    static ibidi_finding a[FCAP], b[FCAP];
    const unsigned uts46 = ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_UTS46);
    const ibidi_ambiguity_options zero = {.as = IBIDI_IRI_AS_AUTO, .context = IBIDI_DIR_LTR,
                                          .idna = {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}};
    size_t len;
    const char *s = t_notation(0, "DEF.123.ABC.com", 0, &len);
    ibidi_findings fa = {a, FCAP, 0, 0}, fb = {b, FCAP, 0, 0};

    /* NULL and a zeroed record: decide the kind, Badami's analysis, no work area */
    CHECK(ibidi_ambiguity_analyze(s, len, NULL, &fa, &E) == IBIDI_OK &&
              ibidi_ambiguity_analyze(s, len, &zero, &fb, &E) == IBIDI_OK && fa.n == fb.n &&
              fa.n > 0 && same_findings(a, b, fa.n),
          "NULL options and zeroed options agree (%zu findings)", fa.n);
    CHECK(t_ambig_analyze(s, len, IBIDI_IRI_AS_AUTO, 0, uts46, DEFC, &fb, &E) == IBIDI_OK &&
              fb.n == fa.n && same_findings(a, b, fa.n),
          "the defaults: AUTO, no flags, uts46");
    /* refused: unknown bits, kind, IDNA profile; the analysis ignores the context */
    {
        ibidi_ambiguity_options o = zero;
        o.flags = 0x8u;
        CHECK(ibidi_ambiguity_analyze(s, len, &o, &fa, &E) == IBIDI_E_INVALID_ARGUMENT &&
                  E.status == IBIDI_E_INVALID_ARGUMENT && fa.n == 0,
              "unknown flag bits refused");
        o = zero;
        o.as = (ibidi_iri_kind)9;
        CHECK(ibidi_ambiguity_analyze(s, len, &o, &fa, &E) == IBIDI_E_INVALID_ARGUMENT,
              "unknown kind refused");
        o = zero;
        o.idna.profile = (ibidi_idna_profile)9;
        CHECK(ibidi_ambiguity_analyze(s, len, &o, &fa, &E) == IBIDI_E_INVALID_ARGUMENT,
              "unknown IDNA profile refused");
        o = zero;
        o.context = (ibidi_dir)7;
        CHECK(ibidi_ambiguity_analyze(s, len, &o, &fa, &E) == IBIDI_OK,
              "the analysis ignores the twin search's context");
    }
    /* the work area: its size, when it is needed, any alignment */
    CHECK(ibidi_ambiguity_work_size(0, 0) == 0 && ibidi_ambiguity_work_size(256, 0) == 0 &&
              ibidi_ambiguity_work_size(256, IBIDI_AMBIGUITY_RTL | IBIDI_AMBIGUITY_TEXT) == 0 &&
              ibidi_ambiguity_work_size(257, 0) > 0 &&
              ibidi_ambiguity_work_size(1, IBIDI_AMBIGUITY_EXACT) >
                  ibidi_ambiguity_work_size(1024, 0) &&
              ibidi_ambiguity_work_size(1024, IBIDI_AMBIGUITY_EXACT) <= sizeof work &&
              ibidi_ambiguity_work_size(1025, 0) == SIZE_MAX,
          "ibidi_ambiguity_work_size: 0 up to 256 bytes, SIZE_MAX above 1024");
    {
        static char big[600]; /* 8 bytes of UTF-8 every 7 characters */
        for (size_t i = 0; i + 1 < sizeof big; i++)
            big[i] = "a1.B-2c"[i % 7];
        const char *t = t_notation(1, big, 0, &len);
        ibidi_ambiguity_options o = zero;
        o.flags = IBIDI_AMBIGUITY_TEXT | IBIDI_AMBIGUITY_RTL;
        CHECK(ibidi_ambiguity_analyze(t, 256, &o, &fa, &E) == IBIDI_OK,
              "256 bytes: on the stack");
        fa.n = 99;
        CHECK(ibidi_ambiguity_analyze(t, len, &o, &fa, &E) == IBIDI_E_AMBIG_WORK_TOO_SMALL &&
                  E.status == IBIDI_E_AMBIG_WORK_TOO_SMALL && fa.n == 0,
              "%zu bytes without a work area: AMBIG_WORK_TOO_SMALL", len);
        const size_t ws = ibidi_ambiguity_work_size(len, o.flags);
        o.work = work;
        o.work_size = ws - 1;
        CHECK(ibidi_ambiguity_analyze(t, len, &o, &fa, &E) == IBIDI_E_AMBIG_WORK_TOO_SMALL,
              "a work area one byte short");
        o.work_size = sizeof work;
        CHECK(ibidi_ambiguity_analyze(t, len, &o, &fb, &E) == IBIDI_OK && fb.n > 0,
              "%zu bytes in the work area: %zu findings", len, fb.n);
        for (size_t skew = 1; skew < 16; skew += 7) {
            o.work = work + skew;
            o.work_size = ws;
            CHECK(ibidi_ambiguity_analyze(t, len, &o, &fa, &E) == IBIDI_OK && fa.n == fb.n &&
                      same_findings(a, b, fa.n),
                  "a work area of ibidi_ambiguity_work_size() at +%zu: the same findings", skew);
        }
        /* the allocating call gives itself the work area */
        ibidi_findings al;
        o.work = NULL;
        o.work_size = 0;
        CHECK(ibidi_ambiguity_analyze_alloc(t, len, &o, &al, &E) == IBIDI_OK && al.n == fb.n &&
                  al.cap >= al.n && al.items && same_findings(al.items, b, al.n),
              "_alloc: %zu findings, as with a large array", al.n);
        ibidi_findings_free(&al);
        CHECK(al.items == NULL && al.n == 0, "ibidi_findings_free zeroes the record");
    }
    /* IBIDI_AMBIGUITY_EXACT always takes the work area */
    {
        ibidi_ambiguity_options o = zero;
        const char *t = t_notation(0, "123.ABC.com", 0, &len);
        o.flags = IBIDI_AMBIGUITY_EXACT;
        o.as = IBIDI_IRI_AS_DOMAIN;
        o.idna.remove = IBIDI_IDNA_CHECK_BIDI;
        CHECK(ibidi_ambiguity_analyze(t, len, &o, &fa, &E) == IBIDI_E_AMBIG_WORK_TOO_SMALL,
              "EXACT without a work area: AMBIG_WORK_TOO_SMALL");
        o.work = work + 3;
        o.work_size = ibidi_ambiguity_work_size(len, o.flags);
        CHECK(ibidi_ambiguity_analyze(t, len, &o, &fa, &E) == IBIDI_OK &&
                  has_code(a, fa.n, IBIDI_AMBIGUITY_VALID_TWIN),
              "EXACT in the work area, the IDNA options without CheckBidi: VALID_TWIN");
        /* the IDNA options decide which twins are valid: uts46 has CheckBidi */
        o.idna.remove = 0;
        CHECK(ibidi_ambiguity_analyze(t, len, &o, &fb, &E) == IBIDI_OK &&
                  has_code(b, fb.n, IBIDI_AMBIGUITY_INVALID_TWINS_ONLY) &&
                  !has_code(b, fb.n, IBIDI_AMBIGUITY_VALID_TWIN),
              "EXACT, uts46: INVALID_TWINS_ONLY");
        /* ... and Bidi Rule by label (IBIDI_IDNA_BIDI_PER_LABEL) lets the twin through */
        o.idna.add = IBIDI_IDNA_BIDI_PER_LABEL;
        CHECK(ibidi_ambiguity_analyze(t, len, &o, &fb, &E) == IBIDI_OK &&
                  has_code(b, fb.n, IBIDI_AMBIGUITY_VALID_TWIN),
              "EXACT, uts46 with the Bidi Rule by label: VALID_TWIN");
        /* max_candidates: 0 the default, 1 cuts, SIZE_MAX no bound */
        o.idna.add = 0;
        o.max_candidates = 1;
        t = t_notation(0, "123.456.ABC.com", 0, &len);
        o.work_size = ibidi_ambiguity_work_size(len, o.flags);
        CHECK(ibidi_ambiguity_analyze(t, len, &o, &fa, &E) == IBIDI_OK &&
                  has_code(a, fa.n, IBIDI_AMBIGUITY_SEARCH_TRUNCATED),
              "max_candidates 1: SEARCH_TRUNCATED");
        o.max_candidates = SIZE_MAX;
        CHECK(ibidi_ambiguity_analyze(t, len, &o, &fa, &E) == IBIDI_OK && fa.n > 0 &&
                  !has_code(a, fa.n, IBIDI_AMBIGUITY_SEARCH_TRUNCATED),
              "max_candidates SIZE_MAX: no bound");
        o.max_candidates = 0;
        CHECK(ibidi_ambiguity_analyze(t, len, &o, &fb, &E) == IBIDI_OK && fb.n == fa.n &&
                  same_findings(a, b, fa.n),
              "max_candidates 0: the default bound");
        {
            /* the analysis validates every twin, so its default bound is its own, lower one
             * (IBIDI_AMBIGUITY_EXACT_DEFAULT_CANDIDATES): "a.1.\u0628." 14 times has more
             * candidates than that and fewer than a million (found by the extension's
             * fuzz test, where 35 times took 49 s under the search's default) */
            static char many[14 * 7 + 1];
            for (int r = 0; r < 14; r++)
                memcpy(many + 7 * r, "a.1.\xD8\xA8.", 7);
            ibidi_ambiguity_options m = o;
            m.as = IBIDI_IRI_AS_DOMAIN;
            m.work = NULL;
            m.work_size = 0;
            ibidi_findings d, e, f;
            m.max_candidates = 0;
            int ok = ibidi_ambiguity_analyze_alloc(many, sizeof many - 1, &m, &d, &E) == IBIDI_OK;
            m.max_candidates = IBIDI_AMBIGUITY_EXACT_DEFAULT_CANDIDATES;
            ok = ok && ibidi_ambiguity_analyze_alloc(many, sizeof many - 1, &m, &e, &E) == IBIDI_OK;
            m.max_candidates = IBIDI_AMBIGUITY_DEFAULT_CANDIDATES;
            ok = ok && ibidi_ambiguity_analyze_alloc(many, sizeof many - 1, &m, &f, &E) == IBIDI_OK;
            CHECK(ok && has_code(d.items, d.n, IBIDI_AMBIGUITY_SEARCH_TRUNCATED) && d.n == e.n &&
                      same_findings(d.items, e.items, d.n) &&
                      !has_code(f.items, f.n, IBIDI_AMBIGUITY_SEARCH_TRUNCATED),
                  "EXACT, max_candidates 0: IBIDI_AMBIGUITY_EXACT_DEFAULT_CANDIDATES");
            if (ok) {
                ibidi_findings_free(&d);
                ibidi_findings_free(&e);
                ibidi_findings_free(&f);
            }
        }
        /* the allocating call: its own work area, the findings of the call */
        ibidi_findings al;
        o.work = NULL;
        o.work_size = 0;
        CHECK(ibidi_ambiguity_analyze_alloc(t, len, &o, &al, &E) == IBIDI_OK && al.n == fb.n &&
                  same_findings(al.items, b, al.n),
              "_alloc with EXACT: a work area of its own");
        ibidi_findings_free(&al);
        CHECK(ibidi_ambiguity_analyze_alloc(t, len, &o, NULL, &E) == IBIDI_OK,
              "_alloc without a findings record");
        CHECK(ibidi_ambiguity_analyze_alloc("a\tb", 3, &o, &al, &E) == IBIDI_E_AMBIG_CONTROL &&
                  al.items == NULL && al.n == 0 && E.offset == 1,
              "_alloc: an error leaves no findings");
        o.work = work;
        o.work_size = 10;
        CHECK(ibidi_ambiguity_analyze_alloc(t, len, &o, &al, &E) == IBIDI_E_AMBIG_WORK_TOO_SMALL &&
                  al.items == NULL,
              "_alloc: a work area given too small is the caller's");
    }
    /* _alloc with more findings than its first guess */
    {
        /* number labels between labels of both directions: several findings each */
        const char *t = t_notation(2, "A.1.b.2.C.3.d.4.E.5.f.6.G.7.h", 0, &len);
        ibidi_findings al = {NULL, 0, 0, 0};
        CHECK(ibidi_ambiguity_analyze(t, len, NULL, &fb, &E) == IBIDI_OK && fb.n > 16 &&
                  ibidi_ambiguity_analyze_alloc(t, len, NULL, &al, &E) == IBIDI_OK &&
                  al.n == fb.n && same_findings(al.items, b, al.n),
              "_alloc: %zu findings (a second run)", fb.n);
        ibidi_findings_free(&al);
    }
}

/* ---- Characters set aside: ZWNJ, ZWJ (UAX #9 X9) ---------------------------------------- */

#define ZWNJ "\xE2\x80\x8C"
#define ZWJ "\xE2\x80\x8D"

/* The findings of s with the joiner j put in at byte `at` are those of s: the same codes,
 * contexts, expressions and code points, the offsets moved past the joiner where it comes
 * before them; a finding on characters (codes 201-203, 222) ends where its last character
 * does, one on a label or part (the others) takes a joiner at its end too. */
static void joiner_same(const char *what, const char *s, size_t len, size_t at, const char *j,
                        ibidi_iri_kind as, unsigned opt)
{
    static ibidi_finding P[FCAP];
    char t[512];
    const size_t jl = strlen(j);
    ibidi_status st = t_ambig_analyze(s, len, as, opt, IDNA, 200000, &FR, &E);
    const size_t np = NF;
    memcpy(P, F, (np < FCAP ? np : FCAP) * sizeof P[0]);
    memcpy(t, s, at);
    memcpy(t + at, j, jl);
    memcpy(t + at + jl, s + at, len - at);
    ibidi_status sj = t_ambig_analyze(t, len + jl, as, opt, IDNA, 200000, &FR, &E);
    CHECK(st == IBIDI_OK && sj == IBIDI_OK && NF == np && np > 0,
          "%s: analysed with the joiner (%d, %d), %zu findings as without (%zu)", what, (int)sj,
          (int)st, NF, np);
    for (size_t i = 0; i < np && i < NF && i < FCAP; i++) {
        const ibidi_finding *p = &P[i], *f = &F[i];
        const int chars = p->code <= IBIDI_AMBIGUITY_NUMBER_SEPARATOR ||
                          p->code == IBIDI_AMBIGUITY_SEPARATOR_TWIN;
        const size_t end = p->offset + p->length;
        const size_t off = p->offset + (p->offset >= at ? jl : 0);
        const size_t fend = end + ((chars ? end > at : end >= at) ? jl : 0);
        CHECK(f->code == p->code && f->context == p->context && f->detail == p->detail &&
                  f->cp == p->cp && f->offset == off && f->offset + f->length == fend,
              "%s: finding %zu %s at %zu+%zu, expected %s at %zu+%zu", what, i,
              ibidi_code_name(f->code), f->offset, f->length, ibidi_code_name(p->code), off,
              fend - off);
    }
}

static void test_joiners(void)
{
    /* the issue's name: 5.روح‌افزا.com (Persian writes ZWNJ inside words) */
    static const char persian[] = "5.\xD8\xB1\xD9\x88\xD8\xAD\xD8\xA7\xD9\x81\xD8\xB2"
                                  "\xD8\xA7.com";
    joiner_same("5.ruh|afza.com", persian, strlen(persian), 8, ZWNJ, IBIDI_IRI_AS_DOMAIN, 0);
    joiner_same("5.ruh|afza.com exact", persian, strlen(persian), 8, ZWNJ, IBIDI_IRI_AS_DOMAIN,
                IBIDI_AMBIGUITY_EXACT | IBIDI_AMBIGUITY_RTL);
    static const struct {
        const char *notation;
        size_t at; /* notation index */
        const char *j;
        ibidi_iri_kind as;
        unsigned opt;
    } cases[] = {
        {"DEF.123.ABC.com", 1, ZWNJ, IBIDI_IRI_AS_DOMAIN, 0},  /* inside an RTL label */
        {"DEF.123.ABC.com", 5, ZWJ, IBIDI_IRI_AS_DOMAIN, 0},   /* between two digits */
        {"DEF.123.ABC.com", 7, ZWJ, IBIDI_IRI_AS_DOMAIN, 0},   /* after a digit, label end */
        {"DEF.123.ABC.com", 7, ZWJ, IBIDI_IRI_AS_DOMAIN, IBIDI_AMBIGUITY_EXACT},
        {"A1+2b", 2, ZWJ, TEXT_AS, IBIDI_AMBIGUITY_TEXT},          /* W4 across the joiner */
        {"A%123+456B", 5, ZWNJ, TEXT_AS, IBIDI_AMBIGUITY_TEXT | IBIDI_AMBIGUITY_EXACT},
        {"123@ABC.com", 5, ZWNJ, IBIDI_IRI_AS_EMAIL, IBIDI_AMBIGUITY_EXACT},
        /* in the path (RFC 3987 ucschar): the twins carry it and stay valid */
        {"http://www.ABC.com/123/ABC/", 24, ZWNJ, IBIDI_IRI_AS_IRI, IBIDI_AMBIGUITY_EXACT},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t len;
        const char *s = t_notation(1, cases[i].notation, 0, &len);
        joiner_same(cases[i].notation, s, len, nb(cases[i].notation, cases[i].at), cases[i].j,
                    cases[i].as, cases[i].opt);
    }
    /* the offsets point into the input: the digit after a joiner, its own byte only */
    {
        size_t len;
        const char *s = t_notation(1, "A." ZWNJ "1" ZWJ ".com", 0, &len);
        CHECK(t_ambig_analyze(s, len, IBIDI_IRI_AS_DOMAIN, 0, IDNA, 0, &FR, &E) == IBIDI_OK &&
                  NF == 3 && F[2].code == IBIDI_AMBIGUITY_NUMBER_LEVEL && F[2].offset == 6 &&
                  F[2].length == 1 && F[2].cp == '1' &&
                  F[0].code == IBIDI_AMBIGUITY_IDN_NUMBER_LABEL && F[0].offset == 3 &&
                  F[0].length == 7 && F[0].cp == 0x200C && F[0].bidi_class == IBIDI_UNICODE_BC_BN,
              "A.|1|.com: NUMBER_LEVEL at 6+1, the label at 3+7 from its joiner");
    }
    /* CONTEXTJ (RFC 5892 A.1): ZWNJ between Hebrew letters is invalid, so the twin that
     * carries it is too: without it the name has a valid twin, with it none */
    {
        size_t len;
        const char *s = t_notation(1, "http://www.A" ZWNJ "BC.com/123/ABC/", 0, &len);
        CHECK(t_ambig_analyze(s, len, IBIDI_IRI_AS_IRI, IBIDI_AMBIGUITY_EXACT, IDNA, 0, &FR, &E) ==
                      IBIDI_OK &&
                  NF >= 1 && F[0].code == IBIDI_AMBIGUITY_INVALID_TWINS_ONLY && F[0].offset == 0,
              "http://www.A|BC.com/123/ABC/: only invalid twins (C1)");
    }
    /* a label of joiners alone shows nothing: a neutral label */
    {
        size_t len;
        const char *s = t_notation(1, "A.1." ZWJ, 0, &len);
        CHECK(t_ambig_analyze(s, len, IBIDI_IRI_AS_DOMAIN, 0, IDNA, 0, &FR, &E) == IBIDI_OK &&
                  NF >= 1 && F[NF - 1].code == IBIDI_AMBIGUITY_REC_II && F[NF - 1].offset == 5 &&
                  F[NF - 1].length == 3,
              "A.1.|: REC_II on the joiner label");
    }
}

/* ibidi__ambiguity_domain_quiet: every name it calls quiet has no finding in either
 * context, over every name of up to four labels of one to three characters drawn from
 * Hebrew, Arabic and Latin letters, a hyphen, a digit of each kind and a mark; and it calls
 * the plain right-to-left names quiet. */
static void test_quiet(void)
{
    static const char *const pieces[] = {"\xD7\x90", "\xD8\xA8", "a", "-", "1", "\xD9\xA1",
                                         "\xD9\x8E", "\xD7\x91", "b"};
    const size_t np = sizeof pieces / sizeof pieces[0];
    size_t quiet = 0, tried = 0, wrong = 0;
    uint32_t st = 12345;
    for (int round = 0; round < 60000; round++) {
        char name[128];
        size_t n = 0;
        st ^= st << 13, st ^= st >> 17, st ^= st << 5;
        const int labels = 1 + (int)(st % 4);
        for (int l = 0; l < labels; l++) {
            st ^= st << 13, st ^= st >> 17, st ^= st << 5;
            const int chars = 1 + (int)(st % 3);
            if (l)
                name[n++] = '.';
            for (int c = 0; c < chars; c++) {
                st ^= st << 13, st ^= st >> 17, st ^= st << 5;
                const char *p = pieces[st % np];
                memcpy(name + n, p, strlen(p));
                n += strlen(p);
            }
        }
        if (!ibidi__ambiguity_domain_quiet(name, n))
            continue;
        quiet++;
        ibidi_ambiguity_options o;
        memset(&o, 0, sizeof o);
        o.as = IBIDI_IRI_AS_DOMAIN;
        o.flags = IBIDI_AMBIGUITY_RTL;
        ibidi_findings f = {NULL, 0, 0, 0};
        if (ibidi_ambiguity_analyze(name, n, &o, &f, NULL) != IBIDI_OK)
            continue;
        tried++;
        if (f.n && wrong++ < 3)
            CHECK(0, "%.*s is called quiet but has %zu findings", (int)n, name, f.n);
    }
    printf("info: %zu generated names called quiet, %zu analysed: none has a finding\n", quiet,
           tried);
    CHECK(wrong == 0 && tried > 1000, "quiet names: %zu of %zu with findings", wrong, tried);
    CHECK(ibidi__ambiguity_domain_quiet("\xD7\x90\xD7\x91.com", 8) &&
              !ibidi__ambiguity_domain_quiet("\xD7\x90\xD7\x91.123", 8) &&
              !ibidi__ambiguity_domain_quiet("\xD7\x90" "b.com", 7) &&
              !ibidi__ambiguity_domain_quiet("-.com", 5) &&
              !ibidi__ambiguity_domain_quiet("a..b", 4),
          "quiet: strong labels without numbers only");
}

/* ibidi__ambig_twin_breaks_rule_1, with which the exact analysis judges a twin of a domain
 * name invalid without validating it: every name it picks is invalid under every IDNA
 * option set that checks the Bidi Rule (the full validation, ibidi__iri_validity, as the
 * analysis runs it), over generated names of labels drawn from letters of each direction,
 * digits of each kind, marks that compose or not, joiners, mapped and ignored characters
 * and the full stops UTS #46 maps; and it picks many of them. */
static void test_rule_1(void)
{
    static const char *const pieces[] = {
        "3", "0", "a", "B", "-", "_", "%", "xn--", "\xD7\x90", "\xD7\x91", "\xD8\xA8",
        "\xD8\xA7", "\xD9\x84", "\xD9\xA1", "\xDB\xB1", "\xD9\x8B", "\xD9\x93", "\xD9\xB0",
        "\xD8\xA2", "\xCC\x80", "\xE2\x80\x8C", "\xE2\x80\x8D", "\xC2\xAD", "\xEF\xBA\x8D",
        "\xEF\xAC\x9D", "\xEF\xBC\x93", "\xC2\xB2", "\xE3\x80\x82", "\xE2\x84\xB5",
        "\xD9\x80", "\xD7\xB3", "\xEF\xBC\x8E", "\xF0\x90\xA4\x80", "\xE1\x84\x80"};
    const size_t np = sizeof pieces / sizeof pieces[0];
    static const struct {
        ibidi_idna_profile profile;
        unsigned add, remove;
    } sets[] = {{IBIDI_IDNA_PROFILE_UTS46, 0, 0},
                {IBIDI_IDNA_PROFILE_WHATWG, 0, 0},
                {IBIDI_IDNA_PROFILE_IDNA2008_LOOKUP, 0, 0},
                {IBIDI_IDNA_PROFILE_IDNA2008_REGISTER, 0, 0},
                {IBIDI_IDNA_PROFILE_UTS46, IBIDI_IDNA_BIDI_PER_LABEL, 0},
                {IBIDI_IDNA_PROFILE_UTS46, IBIDI_IDNA_TRANSITIONAL, 0},
                {IBIDI_IDNA_PROFILE_UTS46, 0,
                 IBIDI_IDNA_CHECK_HYPHENS | IBIDI_IDNA_CHECK_JOINERS | IBIDI_IDNA_VERIFY_DNS_LENGTH},
                {IBIDI_IDNA_PROFILE_WHATWG, IBIDI_IDNA_BIDI_PER_LABEL, 0},
                {IBIDI_IDNA_PROFILE_IDNA2008_LOOKUP, IBIDI_IDNA_BIDI_PER_LABEL, 0}};
    size_t picked = 0, wrong = 0;
    uint32_t st = 4242;
    for (int round = 0; round < 40000; round++) {
        char name[256];
        size_t n = 0;
        st ^= st << 13, st ^= st >> 17, st ^= st << 5;
        const int labels = 1 + (int)(st % 3);
        for (int l = 0; l < labels; l++) {
            st ^= st << 13, st ^= st >> 17, st ^= st << 5;
            const int chars = 1 + (int)(st % 5);
            if (l)
                name[n++] = '.';
            for (int c = 0; c < chars; c++) {
                st ^= st << 13, st ^= st >> 17, st ^= st << 5;
                /* a digit first in half the labels: the twins the shortcut is for */
                const char *p = c == 0 && st % 2 ? "7" : pieces[(st >> 1) % np];
                memcpy(name + n, p, strlen(p));
                n += strlen(p);
            }
        }
        if (!ibidi__ambig_twin_breaks_rule_1(name, n))
            continue;
        picked++;
        for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
            ibidi_idna_options io = {sets[k].profile, sets[k].add, sets[k].remove, NULL, 0};
            ibidi__code_set c;
            ibidi_iri_info info;
            const ibidi_status vs = ibidi__iri_validity(
                name, n, IBIDI_IRI_AS_DOMAIN,
                ibidi_idna_options_flags(&io) & IBIDI_IDNA_BIDI_PER_LABEL, &io, &c, &info, NULL);
            if (vs == IBIDI_OK && !c.any && wrong++ < 3)
                CHECK(0, "%.*s breaks rule 1 by the shortcut but is valid (option set %zu)",
                      (int)n, name, k);
        }
    }
    printf("info: %zu generated names break RFC 5893 rule 1 by the shortcut\n", picked);
    CHECK(wrong == 0 && picked > 2000, "rule 1 shortcut: %zu validations say valid, of %zu names", wrong,
          picked);
    /* the twin of a name with a digit; and what the shortcut leaves to the validation (a
     * mark that composes, a mapped letter, a label starting with L) */
#define RULE_1(lit) ibidi__ambig_twin_breaks_rule_1(lit, sizeof lit - 1)
    CHECK(RULE_1("3\xD7\x90\xD7\x91.com") && RULE_1("com.3\xD7\x90") &&
              RULE_1("\xD9\xA1\xD8\xA8.com") && !RULE_1("\xD7\x90\xD7\x91" "3.com") &&
              !RULE_1("3a.com") && !RULE_1("3\xD9\x8B\xD7\x90.com") &&
              !RULE_1("3\xEF\xBA\x8D.com") && !RULE_1("a\xD7\x90.com") && !RULE_1("3.com"),
          "rule 1 shortcut: a label starting with a digit, holding R, AL or AN, kept by Map "
          "and Normalize");
#undef RULE_1
}

int main(void)
{
    IDNA = ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_UTS46);
    test_quiet();
    test_rule_1();
    test_categories();
    test_codes();
    test_number_level();
    test_number_type();
    test_separator();
    test_idn();
    test_rec_ii();
    test_parents();
    test_mail_iri();
    test_errors();
    test_joiners();
    test_exact();
    test_options();
    (void)CASE;
    return t_summary();
}
