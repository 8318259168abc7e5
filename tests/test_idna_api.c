/*
 * The IDNA API's contract and the IDNA2008 protocol (RFC 5891 §4 registration, §5 lookup):
 * arguments, buffers and the snprintf contract, the findings array, encoding errors with
 * their offsets, the length limits (labels 63 octets, names 253, the work area bound),
 * the code point calls with lone surrogates, every profile and flag, A-label round trips
 * and fake A-labels, and the differences between UTS #46 and IDNA2008 that a user meets.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"
#include "testlib.h"

#define CAP 20000
#define FCAP 64

typedef struct r {
    ibidi_status st;
    char out[CAP];
    size_t len, nf;
    ibidi_idna_finding f[FCAP];
    ibidi_error err;
} r_t;

static r_t R;

static ibidi_status ascii(const char *s, unsigned flags)
{
    R.st = ibidi_idna_to_ascii_utf8(s, strlen(s), flags, R.out, CAP, &R.len, R.f, FCAP, &R.nf,
                                    &R.err);
    R.out[R.len < CAP ? R.len : CAP - 1] = '\0';
    return R.st;
}

static ibidi_status unicode(const char *s, unsigned flags)
{
    R.st = ibidi_idna_to_unicode_utf8(s, strlen(s), flags, R.out, CAP, &R.len, R.f, FCAP, &R.nf,
                                      &R.err);
    R.out[R.len < CAP ? R.len : CAP - 1] = '\0';
    return R.st;
}

/* The finding with this code, or NULL. */
static const ibidi_idna_finding *has(ibidi_idna_code c)
{
    for (size_t i = 0; i < R.nf && i < FCAP; i++)
        if (R.f[i].code == c)
            return &R.f[i];
    return NULL;
}

static size_t n_errors(void)
{
    size_t n = 0;
    for (size_t i = 0; i < R.nf && i < FCAP; i++)
        n += !ibidi_idna_code_is_warning(R.f[i].code);
    return n;
}

static unsigned UTS46, WHATWG, LOOKUP, REGISTER;

static void test_names(void)
{
    static const ibidi_idna_code all[] = {
        IBIDI_IDNA_P1, IBIDI_IDNA_P4, IBIDI_IDNA_V1, IBIDI_IDNA_V2, IBIDI_IDNA_V3,
        IBIDI_IDNA_V4, IBIDI_IDNA_V5, IBIDI_IDNA_V6, IBIDI_IDNA_V7, IBIDI_IDNA_V8,
        IBIDI_IDNA_U1, IBIDI_IDNA_A3, IBIDI_IDNA_A4_1, IBIDI_IDNA_A4_2, IBIDI_IDNA_B1,
        IBIDI_IDNA_B2, IBIDI_IDNA_B3, IBIDI_IDNA_B4, IBIDI_IDNA_B5, IBIDI_IDNA_B6,
        IBIDI_IDNA_C1, IBIDI_IDNA_C2, IBIDI_IDNA_X4_2, IBIDI_IDNA_O3, IBIDI_IDNA_O4,
        IBIDI_IDNA_O5, IBIDI_IDNA_O6, IBIDI_IDNA_O7, IBIDI_IDNA_O8, IBIDI_IDNA_O9,
        IBIDI_IDNA_DISALLOWED_CP, IBIDI_IDNA_UNASSIGNED_CP, IBIDI_IDNA_NO_CONTEXT_RULE,
        IBIDI_IDNA_FAKE_A_LABEL, IBIDI_IDNA_W_DIGIT_AFTER_RTL, IBIDI_IDNA_W_PER_LABEL_BIDI};
    size_t n = sizeof all / sizeof all[0];
    for (size_t i = 0; i < n; i++) {
        const char *nm = ibidi_idna_code_name(all[i]);
        const char *msg = ibidi_idna_code_message(all[i]);
        CHECK(nm != NULL, "code %d has no name", (int)all[i]);
        CHECK(msg && (strstr(msg, "RFC ") || strstr(msg, "UTS #46")),
              "message of %s names no rule: %s", nm ? nm : "?", msg ? msg : "NULL");
        for (size_t j = 0; j < i; j++)
            CHECK(!nm || strcmp(nm, ibidi_idna_code_name(all[j])) != 0, "name %s twice", nm);
        CHECK(ibidi_idna_code_is_warning(all[i]) == (nm && nm[0] == 'W' && nm[1] == '_'),
              "warning flag of %s", nm ? nm : "?");
    }
    CHECK(ibidi_idna_code_name((ibidi_idna_code)999) == NULL, "unknown code has a name");
    CHECK(strcmp(ibidi_idna_code_message((ibidi_idna_code)999), "unknown IDNA finding") == 0,
          "unknown code message");
    CHECK(strcmp(ibidi_idna_code_message(IBIDI_IDNA_B3),
                 "RFC 5893 rule 3: an RTL label must end with R, AL, EN or AN, followed by "
                 "NSM*") == 0,
          "B3 message");
    static const char *const pn[] = {"uts46", "whatwg", "idna2008-lookup", "idna2008-register"};
    for (int p = 0; p < 4; p++)
        CHECK(strcmp(ibidi_idna_profile_name((ibidi_idna_profile)p), pn[p]) == 0, "profile %d", p);
    CHECK(ibidi_idna_profile_name((ibidi_idna_profile)9) == NULL, "unknown profile name");
    CHECK(ibidi_idna_profile_flags((ibidi_idna_profile)9) == 0, "unknown profile flags");
}

static void test_arguments(void)
{
    size_t len = 7, nf = 7;
    ibidi_error e;
    CHECK(ibidi_idna_to_ascii_utf8(NULL, 1, UTS46, R.out, CAP, &len, NULL, 0, &nf, &e) ==
              IBIDI_E_INVALID_ARGUMENT && e.status == IBIDI_E_INVALID_ARGUMENT,
          "NULL name");
    CHECK(ibidi_idna_to_ascii_utf8("a", 1, UTS46, NULL, 5, &len, NULL, 0, NULL, NULL) ==
              IBIDI_E_INVALID_ARGUMENT, "NULL output with a capacity");
    CHECK(ibidi_idna_to_ascii_utf8("a", 1, UTS46, R.out, CAP, &len, NULL, 3, NULL, NULL) ==
              IBIDI_E_INVALID_ARGUMENT, "NULL findings with a capacity");
    CHECK(ibidi_idna_to_ascii_utf8("a", 1, IBIDI_IDNA_2008_LOOKUP | IBIDI_IDNA_2008_REGISTER,
                                   R.out, CAP, &len, NULL, 0, NULL, NULL) ==
              IBIDI_E_INVALID_ARGUMENT, "both IDNA2008 modes");
    CHECK(ibidi_idna_to_unicode_cp(NULL, 2, UTS46, NULL, 0, &len, NULL, 0, NULL, NULL) ==
              IBIDI_E_INVALID_ARGUMENT, "NULL code points");
    /* NULL with length 0 is the empty name */
    CHECK(ibidi_idna_to_unicode_cp(NULL, 0, WHATWG, NULL, 0, &len, NULL, 0, &nf, NULL) ==
              IBIDI_OK && len == 0 && nf == 0, "empty name, whatwg");
    CHECK(ibidi_idna_to_unicode_utf8(NULL, 0, UTS46, NULL, 0, &len, NULL, 0, &nf, &e) ==
              IBIDI_E_IDNA_INVALID && nf == 1, "empty name, uts46: X4_2");
    /* every output pointer may be NULL */
    CHECK(ibidi_idna_to_ascii_utf8("a.b", 3, UTS46, NULL, 0, NULL, NULL, 0, NULL, NULL) ==
              IBIDI_E_BUFFER_TOO_SMALL, "no output at all: too small");
    CHECK(ibidi_idna_to_ascii_utf8("", 0, WHATWG, NULL, 0, NULL, NULL, 0, NULL, NULL) == IBIDI_OK,
          "no output needed");
}

static void test_buffers(void)
{
    const char *in = "Bücher.Example.קום";
    size_t need = 0, nf = 0;
    char small[8];
    ibidi_error e;
    ibidi_status st = ibidi_idna_to_ascii_utf8(in, strlen(in), WHATWG, small, sizeof small, &need,
                                               NULL, 0, &nf, &e);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && e.status == st, "too small: %s", ibidi_status_name(st));
    ascii(in, WHATWG);
    CHECK(R.st == IBIDI_OK && need == R.len &&
              strcmp(R.out, "xn--bcher-kva.example.xn--9dbq2a") == 0,
          "needed size %zu vs %zu, %s", need, R.len, R.out);
    char exact[64];
    size_t got;
    CHECK(ibidi_idna_to_ascii_utf8(in, strlen(in), WHATWG, exact, need, &got, NULL, 0, NULL,
                                   NULL) == IBIDI_OK && got == need &&
              memcmp(exact, R.out, need) == 0,
          "exact size");
    /* the findings array: the first fcap are stored, the total is counted */
    const char *bad = "-a-.-b-.-c-";
    ibidi_idna_finding f[2];
    st = ibidi_idna_to_ascii_utf8(bad, strlen(bad), UTS46, R.out, CAP, &got, f, 2, &nf, &e);
    CHECK(st == IBIDI_E_IDNA_INVALID && nf == 3 && f[0].code == IBIDI_IDNA_V3 &&
              f[1].label == 1 && e.offset == 0 && e.value == '-',
          "findings beyond the array: %zu", nf);
}

static void test_encoding_errors(void)
{
    static const struct {
        const char *s;
        ibidi_status st;
        size_t off;
    } cases[] = {
        {"ab\xC3", IBIDI_E_UTF8_TRUNCATED, 2},      {"a\x80", IBIDI_E_UTF8_UNEXPECTED_CONT, 1},
        {"abc\xFF", IBIDI_E_UTF8_INVALID_BYTE, 3},  {"a\xC0\xAF", IBIDI_E_UTF8_OVERLONG, 1},
        {"\xE0\x80\xAF", IBIDI_E_UTF8_OVERLONG, 0}, {"x.\xED\xA0\x80", IBIDI_E_UTF8_SURROGATE, 2},
        {"\xF4\x90\x80\x80", IBIDI_E_UTF8_TOO_LARGE, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int op = 0; op < 2; op++) {
            ibidi_status st = op ? ascii(cases[i].s, UTS46) : unicode(cases[i].s, UTS46);
            CHECK(st == cases[i].st && R.err.status == st && R.err.offset == cases[i].off,
                  "case %zu op %d: %s at %zu", i, op, ibidi_status_name(st), R.err.offset);
        }
    }
    /* NUL is a code point: disallowed, not an end of string */
    const char nul[] = {'a', '\0', 'b'};
    R.st = ibidi_idna_to_ascii_utf8(nul, 3, UTS46, R.out, CAP, &R.len, R.f, FCAP, &R.nf, &R.err);
    /* UTS #46 (since Unicode 16) leaves ASCII to UseSTD3ASCIIRules: U1 */
    const ibidi_idna_finding *u1 = has(IBIDI_IDNA_U1);
    CHECK(R.st == IBIDI_E_IDNA_INVALID && u1 && u1->offset == 1 && u1->value == 0 && R.len == 3,
          "NUL");
    R.st = ibidi_idna_to_ascii_utf8(nul, 3, LOOKUP, R.out, CAP, &R.len, R.f, FCAP, &R.nf, &R.err);
    CHECK(R.st == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_DISALLOWED_CP), "NUL in IDNA2008");
    /* the code point calls: values above 10FFFF are no code points */
    uint32_t big[] = {'a', 0x110000};
    uint32_t out[16];
    size_t len;
    ibidi_error e;
    CHECK(ibidi_idna_to_ascii_cp(big, 2, UTS46, out, 16, &len, NULL, 0, NULL, &e) ==
              IBIDI_E_CP_TOO_LARGE && e.offset == 1 && e.value == 0x110000,
          "code point above 10FFFF");
    /* lone surrogates: disallowed (V7) and not encodable (A3), label left as it is */
    uint32_t sur[] = {'a', 0xD800, 'b', '.', 'c'};
    ibidi_idna_finding f[8];
    size_t nf;
    ibidi_status st = ibidi_idna_to_ascii_cp(sur, 5, UTS46, out, 16, &len, f, 8, &nf, NULL);
    CHECK(st == IBIDI_E_IDNA_INVALID && len == 5 && out[1] == 0xD800 && nf == 2 &&
              f[0].code == IBIDI_IDNA_V7 && f[0].offset == 1 && f[1].code == IBIDI_IDNA_A3,
          "surrogate: %zu findings", nf);
}

static void test_limits(void)
{
    char name[CAP];
    /* labels: 63 octets fit, 64 do not (RFC 1034 §3.1) */
    memset(name, 'a', 63);
    strcpy(name + 63, ".com");
    CHECK(ascii(name, UTS46) == IBIDI_OK, "63-octet label");
    memset(name, 'a', 64);
    strcpy(name + 64, ".com");
    CHECK(ascii(name, UTS46) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_A4_2) &&
              has(IBIDI_IDNA_A4_2)->label == 0,
          "64-octet label");
    CHECK(ascii(name, WHATWG) == IBIDI_OK, "64-octet label without VerifyDnsLength");
    /* the A-label counts: 60 x U+00E4 is 60 code points, its A-label 67 octets */
    strcpy(name, "");
    for (int i = 0; i < 60; i++)
        strcat(name, "ä");
    CHECK(ascii(name, UTS46) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_A4_2) &&
              R.len > 63,
          "A-label over 63 octets: %zu", R.len);
    /* names: 253 octets fit, 254 do not; the root label's dot is not counted */
    size_t k = 0;
    for (int i = 0; i < 3; i++) {
        memset(name + k, 'b', 63);
        k += 63;
        name[k++] = '.';
    }
    memset(name + k, 'c', 61); /* 3 * 64 + 61 = 253 */
    k += 61;
    name[k] = '\0';
    CHECK(ascii(name, UTS46) == IBIDI_OK && R.len == 253, "253-octet name");
    strcpy(name + k, ".");
    CHECK(ascii(name, LOOKUP) == IBIDI_OK, "253 octets and the root label, IDNA2008");
    CHECK(ascii(name, UTS46) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_A4_2) &&
              !has(IBIDI_IDNA_A4_1),
          "UTS #46 VerifyDnsLength: no root label");
    strcpy(name + k, "c");
    CHECK(ascii(name, UTS46) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_A4_1), "254-octet name");
    CHECK(ascii("", UTS46) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_A4_1), "empty name");
    /* the work area bound: nothing is truncated */
    memset(name, 'a', IBIDI_IDNA_MAX_CPS);
    name[IBIDI_IDNA_MAX_CPS] = '\0';
    CHECK(ascii(name, UTS46) == IBIDI_E_IDNA_INVALID && R.len == IBIDI_IDNA_MAX_CPS,
          "a name at the bound is processed: %s", ibidi_status_name(R.st));
    strcpy(name + IBIDI_IDNA_MAX_CPS, "a");
    CHECK(ascii(name, UTS46) == IBIDI_E_IDNA_TOO_LONG && R.err.offset == IBIDI_IDNA_MAX_CPS &&
              R.len == 0,
          "one more code point: TOO_LONG at %zu", R.err.offset);
    /* a short input whose mapping passes the bound: U+FDFA maps to 18 code points */
    k = 0;
    for (int i = 0; i < 120; i++) {
        memcpy(name + k, "\xEF\xB7\xBA", 3);
        k += 3;
    }
    name[k] = '\0';
    CHECK(unicode(name, UTS46) == IBIDI_E_IDNA_TOO_LONG && R.err.value == 0x0648 &&
              R.err.offset == 113 * 3,
          "mapping past the bound: %s at %zu", ibidi_status_name(R.st), R.err.offset);
    /* a label of 2048 code points far from each other still encodes (A3 is not a limit) */
    uint32_t cps[IBIDI_IDNA_MAX_CPS];
    for (int i = 0; i < IBIDI_IDNA_MAX_CPS; i++)
        cps[i] = (i & 1) ? 0x10FFFD : 0xE0;
    static uint32_t out[IBIDI_IDNA_MAX_CPS * 10];
    size_t len, nf;
    ibidi_idna_finding f[8];
    ibidi_status st = ibidi_idna_to_ascii_cp(cps, IBIDI_IDNA_MAX_CPS, WHATWG, out,
                                             IBIDI_IDNA_MAX_CPS * 10, &len, f, 8, &nf, NULL);
    int a3 = 0;
    for (size_t i = 0; i < nf && i < 8; i++)
        a3 |= f[i].code == IBIDI_IDNA_A3;
    CHECK(st == IBIDI_E_IDNA_INVALID && !a3 && len > IBIDI_IDNA_MAX_CPS, "long label: %zu",
          len);
}

static void test_idna2008(void)
{
    /* LDH labels keep their case; U-labels may not contain upper case (DISALLOWED) */
    CHECK(ascii("Example.COM", LOOKUP) == IBIDI_OK && strcmp(R.out, "Example.COM") == 0,
          "LDH labels: %s", R.out);
    CHECK(ascii("Example.COM", UTS46) == IBIDI_OK && strcmp(R.out, "example.com") == 0,
          "UTS #46 maps");
    CHECK(ascii("exa_mple.com", LOOKUP) == IBIDI_E_IDNA_INVALID &&
              has(IBIDI_IDNA_DISALLOWED_CP) && has(IBIDI_IDNA_DISALLOWED_CP)->offset == 3,
          "underscore");
    CHECK(ascii("Bücher.de", LOOKUP) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_DISALLOWED_CP) &&
              has(IBIDI_IDNA_DISALLOWED_CP)->value == 'B',
          "upper case in a U-label");
    CHECK(ascii("bücher.de", REGISTER) == IBIDI_OK && strcmp(R.out, "xn--bcher-kva.de") == 0,
          "registration");
    /* NFC is required, not applied (RFC 5891 §5.2: the input MUST be NFC) */
    CHECK(ascii("bu\xCC\x88" "cher", LOOKUP) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_V1),
          "not NFC");
    CHECK(ascii("bu\xCC\x88" "cher", UTS46) == IBIDI_OK && strcmp(R.out, "xn--bcher-kva") == 0,
          "UTS #46 normalizes");
    /* hyphens: lookup checks positions 3-4 only, registration also the ends */
    CHECK(ascii("ab--c.com", LOOKUP) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_V2), "R-LDH");
    CHECK(ascii("-abc.com", LOOKUP) == IBIDI_OK, "lookup: leading hyphen");
    CHECK(ascii("-abc.com", REGISTER) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_V3),
          "registration: leading hyphen");
    /* leading combining mark */
    CHECK(ascii("\xCC\x81" "a", LOOKUP) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_V6),
          "leading mark");
    /* CONTEXTJ everywhere; CONTEXTO rules in registration, their existence in lookup */
    CHECK(ascii("a\xE2\x80\x8C" "b", LOOKUP) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_C1),
          "ZWNJ");
    CHECK(ascii("a\xC2\xB7" "b", LOOKUP) == IBIDI_OK, "lookup: CONTEXTO rule exists");
    CHECK(ascii("a\xC2\xB7" "b", REGISTER) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_O3),
          "registration: A.3");
    CHECK(ascii("l\xC2\xB7l", REGISTER) == IBIDI_OK, "l·l");
    /* UNASSIGNED and DISALLOWED; UTS #46 keeps some that IDNA2008 disallows (NV8) */
    CHECK(ascii("a\xCD\xB8", LOOKUP) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_UNASSIGNED_CP) &&
              has(IBIDI_IDNA_UNASSIGNED_CP)->value == 0x378,
          "unassigned");
    CHECK(ascii("a\xCD\xB8", UTS46) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_V7), "V7");
    CHECK(ascii("i\xE2\x99\xA5" "ny", LOOKUP) == IBIDI_E_IDNA_INVALID &&
              has(IBIDI_IDNA_DISALLOWED_CP),
          "heart in IDNA2008");
    CHECK(ascii("i\xE2\x99\xA5" "ny", WHATWG) == IBIDI_OK && strcmp(R.out, "xn--iny-zx5a") == 0,
          "heart in UTS #46: %s", R.out);
    /* A-labels: decoded, checked, lower-cased first (RFC 5891 §5.3) */
    CHECK(unicode("XN--BCHER-KVA.de", LOOKUP) == IBIDI_OK && strcmp(R.out, "bücher.de") == 0,
          "A-label in upper case: %s", R.out);
    CHECK(ascii("xn--bcher-kva.de", REGISTER) == IBIDI_OK && strcmp(R.out, "xn--bcher-kva.de") == 0,
          "A-label round trip");
    CHECK(unicode("xn--abc-", LOOKUP) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_FAKE_A_LABEL),
          "all-ASCII A-label");
    CHECK(unicode("xn--0ca24w", LOOKUP) == IBIDI_E_IDNA_INVALID &&
              has(IBIDI_IDNA_FAKE_A_LABEL) && has(IBIDI_IDNA_B5),
          "A-label of an invalid U-label");
    CHECK(unicode("xn--zz", LOOKUP) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_FAKE_A_LABEL) &&
              strcmp(R.out, "xn--zz") == 0,
          "undecodable A-label");
    /* Punycode's only non-canonical spellings are upper-case digits and a delimiter
     * without basic code points (a delta never inserts a basic code point: n starts at
     * 0x80): the first is lower-cased before decoding (RFC 5891 §5.3), the second is no
     * A-label */
    CHECK(unicode("xn---4ca", LOOKUP) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_FAKE_A_LABEL),
          "leading delimiter in IDNA2008");
    CHECK(unicode("xn---4ca", UTS46) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_P4),
          "leading delimiter in UTS #46");
    CHECK(unicode("xn--4CA", UTS46) == IBIDI_OK && strcmp(R.out, "ä") == 0, "upper-case digits");
    /* the root label of a fully qualified name */
    CHECK(ascii("example.com.", REGISTER) == IBIDI_OK && strcmp(R.out, "example.com.") == 0,
          "root label");
    CHECK(ascii("example..com", LOOKUP) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_A4_2),
          "empty label");
}

static void test_uts46_flags(void)
{
    CHECK(ascii("faß.de", UTS46) == IBIDI_OK && strcmp(R.out, "xn--fa-hia.de") == 0, "ß");
    CHECK(ascii("faß.de", UTS46 | IBIDI_IDNA_TRANSITIONAL) == IBIDI_OK &&
              strcmp(R.out, "fass.de") == 0,
          "ß transitional");
    CHECK(ascii("FAẞ.de", UTS46 | IBIDI_IDNA_TRANSITIONAL) == IBIDI_OK &&
              strcmp(R.out, "fass.de") == 0,
          "capital sharp s transitional: %s", R.out);
    CHECK(unicode("a..b", WHATWG) == IBIDI_OK, "whatwg: empty label");
    CHECK(unicode("a..b", UTS46) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_X4_2) &&
              has(IBIDI_IDNA_X4_2)->label == 1 && has(IBIDI_IDNA_X4_2)->offset == 2,
          "uts46: X4_2");
    CHECK(unicode("a.b.", UTS46) == IBIDI_OK, "root label in ToUnicode");
    /* IgnoreInvalidPunycode: the label stays and is validated like any other */
    CHECK(unicode("xn--zz.com", WHATWG) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_P4), "P4");
    CHECK(unicode("xn--zz.com", WHATWG | IBIDI_IDNA_IGNORE_INVALID_PUNYCODE) ==
              IBIDI_E_IDNA_INVALID && !has(IBIDI_IDNA_P4) && has(IBIDI_IDNA_V4) &&
              strcmp(R.out, "xn--zz.com") == 0,
          "IgnoreInvalidPunycode");
    /* offsets are in the ToUnicode form: bytes for UTF-8, indices for code points */
    CHECK(unicode("ab.\xD7\x90\xD7\x91" "c.d", UTS46) == IBIDI_E_IDNA_INVALID &&
              has(IBIDI_IDNA_B2) && has(IBIDI_IDNA_B2)->offset == 7 &&
              has(IBIDI_IDNA_B2)->label == 1 && has(IBIDI_IDNA_B2)->value == 'c' &&
              has(IBIDI_IDNA_B2)->bidi_class == IBIDI_BC_L,
          "offset of B2 in bytes");
    uint32_t cps[] = {'a', 'b', '.', 0x5D0, 0x5D1, 'c', '.', 'd'};
    uint32_t out[16];
    size_t len, nf;
    ibidi_idna_finding f[8];
    ibidi_idna_to_unicode_cp(cps, 8, UTS46, out, 16, &len, f, 8, &nf, NULL);
    size_t i;
    for (i = 0; i < nf && f[i].code != IBIDI_IDNA_B2; i++)
        ;
    CHECK(i < nf && f[i].offset == 5, "offset of B2 in code points");
    /* mapped input: offsets point into the output, not the input */
    CHECK(unicode("\xEF\xBC\xA1\xEF\xBC\xA2.-x", UTS46) == IBIDI_E_IDNA_INVALID &&
              strcmp(R.out, "ab.-x") == 0 && has(IBIDI_IDNA_V3)->offset == 3,
          "offsets after mapping");
    /* per-label Bidi and the digit warning */
    CHECK(ascii("123.\xD7\x90\xD7\x91.com", UTS46) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_B1),
          "123.ABC.com");
    CHECK(ascii("123.\xD7\x90\xD7\x91.com", UTS46 | IBIDI_IDNA_BIDI_PER_LABEL) == IBIDI_OK &&
              has(IBIDI_IDNA_W_PER_LABEL_BIDI) && n_errors() == 0,
          "123.ABC.com per label");
    CHECK(ascii("\xD7\x90\xD7\x91.123.com", UTS46 | IBIDI_IDNA_BIDI_PER_LABEL) == IBIDI_OK &&
              has(IBIDI_IDNA_W_DIGIT_AFTER_RTL) && has(IBIDI_IDNA_W_DIGIT_AFTER_RTL)->label == 1,
          "ABC.123.com per label: digit after RTL");
    CHECK(ascii("123.example.com", UTS46) == IBIDI_OK && R.nf == 0, "no Bidi domain name");
}

int main(void)
{
    UTS46 = ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_UTS46);
    WHATWG = ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_WHATWG);
    LOOKUP = ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_IDNA2008_LOOKUP);
    REGISTER = ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_IDNA2008_REGISTER);
    test_names();
    test_arguments();
    test_buffers();
    test_encoding_errors();
    test_limits();
    test_idna2008();
    test_uts46_flags();
    return t_summary();
}
