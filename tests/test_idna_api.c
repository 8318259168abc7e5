/*
 * The IDNA API's contract and the IDNA2008 protocol (RFC 5891 §4 registration, §5 lookup):
 * arguments, options (profile, add, remove), buffers and the snprintf contract, the
 * findings record, the allocating calls, encoding errors with
 * their offsets, the length limits (labels 63 octets, names 253, the work area bound),
 * the code point calls with lone surrogates, every profile and flag, A-label round trips
 * and fake A-labels, and the differences between UTS #46 and IDNA2008 that a user meets;
 * the A-label fast path of the UTF-8 calls: which names it decides, and that every other
 * name gets from the general path the finding it would get without the fast path; the
 * one processing for both forms that the decision of how to show a name makes, with and
 * without its A-labels.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"
#include "idna/idna_internal.h" /* ibidi__idna_alabel_lane, to see which names it decides */
#include "testlib.h"

#define CAP 20000
#define FCAP 64

/* Options that give exactly the flags f: the profile's own are removed, f added. Most
 * checks here were written with flags; ibidi_idna_options_flags is tested on its own. */
#define OPT(f) (&(const ibidi_idna_options){IBIDI_IDNA_PROFILE_UTS46, (f), ~(unsigned)(f), NULL, 0})

typedef struct r {
    ibidi_status st;
    char out[CAP];
    size_t len, nf, nerr;
    ibidi_finding f[FCAP];
    ibidi_error err;
} r_t;

static r_t R;

/* Every finding the calls of this test made, against the code table: severity warning
 * exactly for the W_ codes, the rule text of its code. Counted, checked once at the end. */
static long seen_findings, bad_findings;

static void note_findings(const ibidi_finding *f, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const char *nm = ibidi_code_name(f[i].code);
        const int warning = nm && nm[0] == 'W' && nm[1] == '_';
        if (!nm || f[i].code < 1 || f[i].code > 99 ||
            f[i].severity != (warning ? IBIDI_SEVERITY_WARNING : IBIDI_SEVERITY_ERROR) ||
            f[i].rule != ibidi_code_message(f[i].code) || f[i].context != IBIDI_DIR_LTR ||
            f[i].length != 0 ||
            f[i].detail != (f[i].code == IBIDI_IDNA_A4_2 ? f[i].detail : 0) ||
            (f[i].detail != 0 && f[i].detail != IBIDI_IDNA_ROOT_LABEL)) {
            if (bad_findings++ < 5)
                CHECK(0, "finding %d (%s): severity %d, rule %s", f[i].code, nm ? nm : "?",
                      (int)f[i].severity, f[i].rule ? f[i].rule : "NULL");
        }
        seen_findings++;
    }
}

static void record(ibidi_findings *fs)
{
    R.nf = fs->n;
    R.nerr = fs->errors;
    note_findings(R.f, R.nf < FCAP ? R.nf : FCAP);
    R.out[R.len < CAP ? R.len : CAP - 1] = '\0';
}

static ibidi_status ascii(const char *s, unsigned flags)
{
    ibidi_findings fs = {R.f, FCAP, 0, 0};
    ibidi_buf b = {R.out, CAP, 0};
    R.st = ibidi_idna_to_ascii_utf8(s, strlen(s), OPT(flags), &b, &fs, &R.err);
    R.len = b.len;
    record(&fs);
    return R.st;
}

static ibidi_status unicode(const char *s, unsigned flags)
{
    ibidi_findings fs = {R.f, FCAP, 0, 0};
    ibidi_buf b = {R.out, CAP, 0};
    R.st = ibidi_idna_to_unicode_utf8(s, strlen(s), OPT(flags), &b, &fs, &R.err);
    R.len = b.len;
    record(&fs);
    return R.st;
}

/* A work area for every name the calls process (names that map to more than the fixed
 * area's 1536 code points need one). */
static unsigned char work_area[64 * 1024];

static ibidi_status with_work(int to_ascii, const char *s, unsigned flags)
{
    ibidi_findings fs = {R.f, FCAP, 0, 0};
    const ibidi_idna_options o = {IBIDI_IDNA_PROFILE_UTS46, flags, ~flags, work_area + 1,
                                  ibidi_idna_work_size()}; /* any alignment */
    ibidi_buf b = {R.out, CAP, 0};
    R.st = to_ascii ? ibidi_idna_to_ascii_utf8(s, strlen(s), &o, &b, &fs, &R.err)
                    : ibidi_idna_to_unicode_utf8(s, strlen(s), &o, &b, &fs, &R.err);
    R.len = b.len;
    record(&fs);
    return R.st;
}

/* The finding with this code, or NULL. */
static const ibidi_finding *has(ibidi_idna_code c)
{
    for (size_t i = 0; i < R.nf && i < FCAP; i++)
        if (R.f[i].code == (ibidi_code)c)
            return &R.f[i];
    return NULL;
}

/* Errors among the stored findings, by their severity; the call's own count must agree. */
static size_t n_errors(void)
{
    size_t n = 0;
    for (size_t i = 0; i < R.nf && i < FCAP; i++)
        n += R.f[i].severity == IBIDI_SEVERITY_ERROR;
    return R.nf <= FCAP && n == R.nerr ? n : (size_t)-1;
}

/* Field by field: a struct's padding, if any, need not compare equal. */
static int same_finding(const ibidi_finding *x, const ibidi_finding *y)
{
    return x->code == y->code && x->severity == y->severity && x->rule == y->rule &&
           x->part == y->part && x->offset == y->offset && x->length == y->length &&
           x->cp == y->cp && x->bidi_class == y->bidi_class && x->context == y->context &&
           x->detail == y->detail;
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
        const char *nm = ibidi_code_name(all[i]);
        const char *msg = ibidi_code_message(all[i]);
        CHECK(nm != NULL, "code %d has no name", (int)all[i]);
        CHECK(msg && (strstr(msg, "RFC ") || strstr(msg, "UTS #46")),
              "message of %s names no rule: %s", nm ? nm : "?", msg ? msg : "NULL");
        for (size_t j = 0; j < i; j++)
            CHECK(!nm || strcmp(nm, ibidi_code_name(all[j])) != 0, "name %s twice", nm);
        /* (a code's severity is now the findings': note_findings checks every finding made
         * here, warning exactly for the W_ codes; the name leads back to the code) */
        CHECK(nm && ibidi_code_from_name(nm, strlen(nm)) == (ibidi_code)all[i],
              "code_from_name(%s)", nm ? nm : "?");
    }
    CHECK(ibidi_code_name(999) == NULL, "unknown code has a name");
    CHECK(strcmp(ibidi_code_message(999), "unknown finding") == 0, "unknown code message");
    CHECK(strcmp(ibidi_code_message(IBIDI_IDNA_B3),
                 "RFC 5893 rule 3: an RTL label must end with R, AL, EN or AN, followed by "
                 "NSM*") == 0,
          "B3 message");
    static const char *const pn[] = {"uts46", "whatwg", "idna2008-lookup", "idna2008-register"};
    for (int p = 0; p < 4; p++)
        CHECK(strcmp(ibidi_idna_profile_name((ibidi_idna_profile)p), pn[p]) == 0, "profile %d", p);
    CHECK(ibidi_idna_profile_name((ibidi_idna_profile)9) == NULL, "unknown profile name");
    CHECK(ibidi_idna_profile_flags((ibidi_idna_profile)9) == 0, "unknown profile flags");
}


/*
 * The A-label fast path (src/idna/alabel.c): names of ASCII with A-labels. Each case names
 * its labels as U-labels in <...>, made A-labels here (RFC 3492 encoding of the code
 * points, nothing mapped), and says whether the fast path decides it (lane) and what the
 * public call gives: status, a finding that must be there (0: none at all), the output.
 * Where the path falls back, the general path must report the name as it would anyway;
 * test_alabel_names compares the two paths on generated names.
 */
#define HEB "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D" /* shalom (R) */
#define ARA "\xD9\x85\xD8\xB5\xD8\xB1"         /* misr (AL) */

/* name with each <U-label> replaced by its A-label; 0 when it does not fit or encode */
static size_t make_alabels(const char *tmpl, char *out, size_t cap)
{
    size_t o = 0;
    for (const char *p = tmpl; *p;) {
        if (*p != '<') {
            if (o + 1 >= cap)
                return 0;
            out[o++] = *p++;
            continue;
        }
        const char *e = strchr(p, '>');
        uint32_t cps[256];
        ibidi_buf32 dec = {cps, 256, 0};
        if (!e || ibidi_utf8_decode(p + 1, (size_t)(e - p - 1), &dec, NULL) || o + 4 >= cap)
            return 0;
        memcpy(out + o, "xn--", 4);
        o += 4;
        ibidi_buf got = {out + o, cap - o - 1, 0};
        if (ibidi_punycode_encode(cps, dec.len, &got, NULL))
            return 0;
        o += got.len;
        p = e + 1;
    }
    out[o] = '\0';
    return o;
}

typedef struct alabel_case {
    const char *name;   /* with <U-label>s */
    int to_ascii;
    unsigned add, remove; /* flags against the uts46 profile */
    int lane;           /* the fast path decides it */
    ibidi_status st;
    ibidi_idna_code code; /* a finding that must be there; 0: no finding */
    const char *out;    /* NULL: not checked; with <U-label>s for ToASCII */
} alabel_case;

static void test_alabel_cases(void)
{
    const unsigned H = IBIDI_IDNA_CHECK_HYPHENS, D = IBIDI_IDNA_VERIFY_DNS_LENGTH,
                   J = IBIDI_IDNA_CHECK_JOINERS, T = IBIDI_IDNA_TRANSITIONAL,
                   IP = IBIDI_IDNA_IGNORE_INVALID_PUNYCODE, PL = IBIDI_IDNA_BIDI_PER_LABEL;
    const ibidi_status OK = IBIDI_OK, BAD = IBIDI_E_IDNA_INVALID;
    static char long_label[80], long_name[300];
    /* a label of 64 octets as an A-label (ToASCII's limit, RFC 1034 §3.1); a name of 16
     * A-labels of 18 octets (over 253) */
    memcpy(long_label, "<\xC3\xBC", 3);
    memset(long_label + 3, 'a', 56);
    strcpy(long_label + 59, ">.com");
    long_name[0] = '\0';
    for (int i = 0; i < 16; i++)
        strcat(long_name, "<\xC3\xBC" "aaaaaaaaaa>.");
    strcat(long_name, "com");
    const alabel_case cases[] = {
        /* decided by the fast path */
        {"<" HEB ">.example", 0, 0, 0, 1, OK, 0, HEB ".example"},
        {"<" HEB ">.example", 1, 0, 0, 1, OK, 0, "<" HEB ">.example"},
        {"www.<" ARA ">.<" HEB ">", 1, 0, 0, 1, OK, 0, "www.<" ARA ">.<" HEB ">"},
        {"XN--5DBQZZL.Example", 1, 0, 0, 1, OK, 0, "xn--5dbqzzl.example"}, /* upper case */
        {"Xn--5dBqZzL.com", 0, 0, 0, 1, OK, 0, "\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA.com"},
        {"<a\xC3\x9F>.de", 0, T, 0, 1, OK, 0, "a\xC3\x9F.de"}, /* a deviation stays: decoded */
        {"<m\xC3\xBCnchen>.de", 1, 0, 0, 1, OK, 0, "<m\xC3\xBCnchen>.de"},
        {"<" ARA "-\xD9\xA1\xD9\xA2>.com", 0, 0, 0, 1, OK, 0, ARA "-\xD9\xA1\xD9\xA2.com"},
        {"1com.<" HEB ">", 1, 0, IBIDI_IDNA_CHECK_BIDI, 1, OK, 0, "1com.<" HEB ">"},
        /* the general path decides, with the finding it always gave */
        {"xn--abc-.com", 1, 0, 0, 0, BAD, IBIDI_IDNA_P4, NULL}, /* ASCII only (step 4.3) */
        {"xn--.com", 0, 0, 0, 0, BAD, IBIDI_IDNA_P4, NULL},     /* empty */
        {"xn---5dbqzzl.com", 0, 0, 0, 0, BAD, IBIDI_IDNA_P4, NULL}, /* not canonical */
        {"xn---5dbqzzl.com", 0, IP, 0, 0, BAD, IBIDI_IDNA_V4, NULL}, /* kept: an xn-- label */
        {"xn--99999999999a.com", 1, 0, 0, 0, BAD, IBIDI_IDNA_P4, NULL}, /* §6.4 overflow */
        {"xn--5dbqzz9.com", 0, 0, 0, 0, BAD, IBIDI_IDNA_P4, NULL},  /* truncated */
        {"xn--5db_qzzl.com", 1, 0, 0, 0, BAD, IBIDI_IDNA_P4, NULL},  /* not a digit */
        {"xn--5dbqzzl_.com", 0, 0, IBIDI_IDNA_USE_STD3_RULES, 0, BAD, IBIDI_IDNA_P4, NULL},
        {"<\xC3\x9C>.de", 0, 0, 0, 0, BAD, IBIDI_IDNA_V7, NULL},      /* mapped: not valid */
        {"<e\xCC\x81>.fr", 0, 0, 0, 0, BAD, IBIDI_IDNA_V1, NULL},     /* not NFC */
        {"<\xCC\x81" "a>.fr", 1, 0, 0, 0, BAD, IBIDI_IDNA_V6, NULL},  /* leading mark */
        {"<ab--\xC3\xBC>.de", 0, 0, 0, 0, BAD, IBIDI_IDNA_V2, NULL},  /* CheckHyphens */
        {"<-\xC3\xBC>.de", 1, 0, 0, 0, BAD, IBIDI_IDNA_V3, NULL},
        {"<xn--\xC3\xBC>.de", 0, 0, H, 0, BAD, IBIDI_IDNA_V4, NULL},  /* an xn-- U-label */
        {"<a\xE2\x80\x8D" "b>.de", 0, 0, 0, 0, BAD, IBIDI_IDNA_C2, NULL}, /* ZWJ */
        {"<a\xE2\x80\x8D" "b>.de", 0, 0, J, 0, OK, 0, "a\xE2\x80\x8D" "b.de"},
        {"<\xD8\xA8\xE2\x80\x8C\xD8\xA8>.com", 0, 0, 0, 0, OK, 0, NULL}, /* ZWNJ, A.1 holds */
        {"<\xD7\x90" "a>.com", 0, 0, 0, 0, BAD, IBIDI_IDNA_B2, NULL},  /* Bidi Rule */
        {"<" HEB ">.1com", 1, 0, 0, 0, BAD, IBIDI_IDNA_B1, NULL},
        {"<ab--\xC3\xBC>.de", 0, 0, H, 0, OK, 0, "ab--\xC3\xBC.de"}, /* no CheckHyphens */
        {"<" HEB ">.1com", 1, PL, 0, 0, OK, IBIDI_IDNA_W_DIGIT_AFTER_RTL, NULL},
        {"<" HEB "a>.com", 0, PL, 0, 0, BAD, IBIDI_IDNA_B2, NULL},
        {"ab--c.<" HEB ">", 0, 0, 0, 0, BAD, IBIDI_IDNA_V2, NULL},  /* an ASCII "--" label */
        {"ab--c.<" HEB ">", 0, 0, H, 0, OK, 0, NULL},
        {"-ab.<" HEB ">", 1, 0, 0, 0, BAD, IBIDI_IDNA_V3, NULL},
        {"<" HEB ">.example.", 1, 0, 0, 0, BAD, IBIDI_IDNA_A4_2, NULL}, /* the root label */
        {"<" HEB ">.example.", 0, 0, 0, 0, OK, 0, HEB ".example."},
        {"<" HEB ">..example", 0, 0, 0, 0, BAD, IBIDI_IDNA_X4_2, NULL},
        {"<" HEB ">..example", 1, 0, D, 0, OK, 0, NULL},
        {long_label, 1, 0, 0, 0, BAD, IBIDI_IDNA_A4_2, NULL},
        {long_label, 0, 0, 0, 0, OK, 0, NULL},
        {long_name, 1, 0, 0, 0, BAD, IBIDI_IDNA_A4_1, NULL},
        {long_name, 1, 0, D, 0, OK, 0, NULL},
        {"a_b.<" HEB ">", 0, 0, 0, 0, BAD, IBIDI_IDNA_U1, NULL}, /* STD3 */
        {"xn--5dbqzzl.\xC3\xBC", 0, 0, 0, 0, OK, 0, "\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA.\xC3\xBC"},
        {"<" HEB ">.com", 1, IBIDI_IDNA_URL_HOST, 0, 0, OK, 0, NULL}, /* the ASCII carve-out */
        {"<" HEB ">.com", 0, IBIDI_IDNA_2008_LOOKUP, 0, 0, OK, 0, HEB ".com"},
    };
    char name[400], want[400], lane_out[400];
    size_t fails = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const alabel_case *c = &cases[i];
        const unsigned flags = (UTS46 | c->add) & ~c->remove;
        const size_t n = make_alabels(c->name, name, sizeof name);
        size_t wn = 0, ln = 0;
        if (c->out && c->to_ascii)
            wn = make_alabels(c->out, want, sizeof want);
        else if (c->out)
            wn = strlen(strcpy(want, c->out));
        const ibidi_status st = c->to_ascii ? ascii(name, flags) : unicode(name, flags);
        const int lane = ibidi__idna_alabel_lane(name, n, flags, c->to_ascii, lane_out,
                                                 sizeof lane_out, &ln);
        int ok = n > 0 && st == c->st && lane == c->lane;
        ok = ok && (c->code ? has(c->code) != NULL : R.nf == 0);
        ok = ok && (!c->out || (R.len == wn && memcmp(R.out, want, wn) == 0));
        ok = ok && (!lane || (ln == R.len && memcmp(lane_out, R.out, ln) == 0));
        if (!ok && fails++ < 10)
            CHECK(0, "A-label case %zu \"%s\" %s: status %d, lane %d, %zu findings (first %d), "
                     "\"%s\"",
                  i, name, c->to_ascii ? "ToASCII" : "ToUnicode", (int)st, lane, R.nf,
                  R.nf ? (int)R.f[0].code : 0, R.out);
        else if (ok)
            t_pass_n(1);
    }
    /* a buffer one byte short: the general path reports it, with the size needed */
    make_alabels("<" HEB ">.example", name, sizeof name);
    {
        char small[19];
        size_t ln = 0;
        ibidi_buf b = {small, strlen(name) - 1, 0};
        ibidi_status st = ibidi_idna_to_ascii_utf8(name, strlen(name), NULL, &b, NULL, NULL);
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && b.len == strlen(name) &&
                  !ibidi__idna_alabel_lane(name, strlen(name), UTS46, 1, small,
                                           strlen(name) - 1, &ln),
              "A-label: ToASCII into a buffer one byte short: %d, need %zu", (int)st, b.len);
        b = (ibidi_buf){small, 15, 0};
        st = ibidi_idna_to_unicode_utf8(name, strlen(name), NULL, &b, NULL, NULL);
        CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && b.len == 16 &&
                  !ibidi__idna_alabel_lane(name, strlen(name), UTS46, 0, small, 15, &ln),
              "A-label: ToUnicode into a buffer one byte short: %d, need %zu", (int)st, b.len);
    }
}

static void test_arguments(void)
{
    ibidi_buf b = {R.out, CAP, 7};
    ibidi_buf none = {NULL, 0, 7};
    ibidi_buf32 none32 = {NULL, 0, 7};
    ibidi_findings fs = {NULL, 0, 7, 7};
    ibidi_error e;
    CHECK(ibidi_idna_to_ascii_utf8(NULL, 1, OPT(UTS46), &b, &fs, &e) ==
              IBIDI_E_INVALID_ARGUMENT && e.status == IBIDI_E_INVALID_ARGUMENT,
          "NULL name");
    ibidi_buf no_data = {NULL, 5, 0};
    CHECK(ibidi_idna_to_ascii_utf8("a", 1, OPT(UTS46), &no_data, NULL, NULL) ==
              IBIDI_E_INVALID_ARGUMENT, "NULL output with a capacity");
    ibidi_buf32 no_data32 = {NULL, 5, 0};
    CHECK(ibidi_idna_to_ascii_cp(NULL, 0, OPT(UTS46), &no_data32, NULL, NULL) ==
              IBIDI_E_INVALID_ARGUMENT, "NULL code point output with a capacity");
    ibidi_findings no_items = {NULL, 3, 0, 0};
    CHECK(ibidi_idna_to_ascii_utf8("a", 1, OPT(UTS46), &b, &no_items, NULL) ==
              IBIDI_E_INVALID_ARGUMENT, "NULL findings with a capacity");
    CHECK(ibidi_idna_to_ascii_utf8("a", 1, OPT(IBIDI_IDNA_2008_LOOKUP | IBIDI_IDNA_2008_REGISTER),
                                   &b, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "both IDNA2008 modes");
    CHECK(ibidi_idna_to_unicode_cp(NULL, 2, OPT(UTS46), &none32, NULL, NULL) ==
              IBIDI_E_INVALID_ARGUMENT, "NULL code points");
    /* NULL with length 0 is the empty name */
    fs.n = fs.errors = 7;
    CHECK(ibidi_idna_to_unicode_cp(NULL, 0, OPT(WHATWG), &none32, &fs, NULL) == IBIDI_OK &&
              none32.len == 0 && fs.n == 0 && fs.errors == 0,
          "empty name, whatwg");
    CHECK(ibidi_idna_to_unicode_utf8(NULL, 0, OPT(UTS46), &none, &fs, &e) ==
              IBIDI_E_IDNA_INVALID && none.len == 0 && fs.n == 1 && fs.errors == 1,
          "empty name, uts46: X4_2");
    /* every output pointer may be NULL: the output record too, a capacity of 0 */
    CHECK(ibidi_idna_to_ascii_utf8("a.b", 3, OPT(UTS46), NULL, NULL, NULL) ==
              IBIDI_E_BUFFER_TOO_SMALL, "no output at all: too small");
    const uint32_t a_b[] = {'a', '.', 'b'};
    CHECK(ibidi_idna_to_ascii_cp(a_b, 3, OPT(UTS46), NULL, NULL, NULL) ==
              IBIDI_E_BUFFER_TOO_SMALL, "no code point output at all: too small");
    CHECK(ibidi_idna_to_ascii_utf8("", 0, OPT(UTS46 & ~IBIDI_IDNA_VERIFY_DNS_LENGTH), NULL,
                                   NULL, NULL) == IBIDI_OK,
          "no output needed");
    /* the URL Standard fails on an empty host (domain to ASCII: the empty string) */
    CHECK(ibidi_idna_to_ascii_utf8("", 0, OPT(WHATWG), NULL, NULL, NULL) ==
              IBIDI_E_IDNA_INVALID, "empty host, whatwg");
}

static void test_buffers(void)
{
    const char *in = "Bücher.Example.קום";
    ibidi_findings none = {NULL, 0, 0, 0};
    char small[8];
    ibidi_buf sb = {small, sizeof small, 0};
    ibidi_error e;
    ibidi_status st = ibidi_idna_to_ascii_utf8(in, strlen(in), OPT(WHATWG), &sb, &none, &e);
    const size_t need = sb.len;
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && e.status == st, "too small: %s", ibidi_status_name(st));
    ascii(in, WHATWG);
    CHECK(R.st == IBIDI_OK && need == R.len &&
              strcmp(R.out, "xn--bcher-kva.example.xn--9dbq2a") == 0,
          "needed size %zu vs %zu, %s", need, R.len, R.out);
    char exact[64];
    ibidi_buf eb = {exact, need, 0};
    CHECK(ibidi_idna_to_ascii_utf8(in, strlen(in), OPT(WHATWG), &eb, NULL, NULL) == IBIDI_OK &&
              eb.len == need && memcmp(exact, R.out, need) == 0,
          "exact size");
    /* the answer does not hang on the buffer: a name over IBIDI_IDNA_MAX_CPS code points
       of ASCII labels, valid under whatwg (no VerifyDnsLength), is valid with a buffer too
       small for it (BUFFER_TOO_SMALL, the size needed), not IDNA_TOO_LONG; with one large
       enough ToASCII and ToUnicode both give it lower-cased */
    {
        enum { LONG = 3 * IBIDI_IDNA_MAX_CPS };
        static char lng[LONG], big[LONG];
        for (size_t i = 0; i < LONG; i++)
            lng[i] = (i % 4 == 3) ? '.' : (i % 4 == 0 ? 'A' : 'b');
        lng[LONG - 1] = 'b'; /* no root label: ToUnicode's fast path takes it */
        for (size_t k = 0; k < 2; k++) {
            ibidi_buf tb = {small, sizeof small, 0};
            ibidi_buf bb = {big, sizeof big, 0};
            ibidi_status s1 = k ? ibidi_idna_to_unicode_utf8(lng, LONG, OPT(WHATWG), &tb, NULL, &e)
                                : ibidi_idna_to_ascii_utf8(lng, LONG, OPT(WHATWG), &tb, NULL, &e);
            CHECK(s1 == IBIDI_E_BUFFER_TOO_SMALL && tb.len == LONG && e.status == s1,
                  "long ASCII name, small buffer (%zu): %s, %zu", k, ibidi_status_name(s1),
                  tb.len);
            ibidi_status s2 = k ? ibidi_idna_to_unicode_utf8(lng, LONG, OPT(WHATWG), &bb, NULL, &e)
                                : ibidi_idna_to_ascii_utf8(lng, LONG, OPT(WHATWG), &bb, NULL, &e);
            CHECK(s2 == IBIDI_OK && bb.len == LONG && big[0] == 'a' && big[1] == 'b' &&
                      big[3] == '.',
                  "long ASCII name, large buffer (%zu): %s", k, ibidi_status_name(s2));
            /* under uts46 (VerifyDnsLength) it is invalid, whatever the buffer */
            tb.len = bb.len = 0;
            s1 = ibidi_idna_to_ascii_utf8(lng, LONG, OPT(UTS46), &tb, NULL, NULL);
            s2 = ibidi_idna_to_ascii_utf8(lng, LONG, OPT(UTS46), &bb, NULL, NULL);
            CHECK(s1 != IBIDI_OK && s1 != IBIDI_E_BUFFER_TOO_SMALL && s2 == s1,
                  "long ASCII name under uts46: %s, %s", ibidi_status_name(s1),
                  ibidi_status_name(s2));
        }
    }
    /* the findings array: the first cap are stored, the total (and the errors) counted */
    const char *bad = "-a-.-b-.-c-";
    ibidi_finding f[2];
    ibidi_findings two = {f, 2, 0, 0};
    ibidi_buf rb = {R.out, CAP, 0};
    st = ibidi_idna_to_ascii_utf8(bad, strlen(bad), OPT(UTS46), &rb, &two, &e);
    CHECK(st == IBIDI_E_IDNA_INVALID && two.n == 3 && two.errors == 3 &&
              f[0].code == IBIDI_IDNA_V3 && f[1].part == 1 && e.offset == 0 && e.value == '-',
          "findings beyond the array: %zu", two.n);
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
    ibidi_findings fs = {R.f, FCAP, 0, 0};
    ibidi_buf rb = {R.out, CAP, 0};
    R.st = ibidi_idna_to_ascii_utf8(nul, 3, OPT(UTS46), &rb, &fs, &R.err);
    R.len = rb.len;
    record(&fs);
    /* UTS #46 (since Unicode 16) leaves ASCII to UseSTD3ASCIIRules: U1 */
    const ibidi_finding *u1 = has(IBIDI_IDNA_U1);
    CHECK(R.st == IBIDI_E_IDNA_INVALID && u1 && u1->offset == 1 && u1->cp == 0 && R.len == 3,
          "NUL");
    R.st = ibidi_idna_to_ascii_utf8(nul, 3, OPT(LOOKUP), &rb, &fs, &R.err);
    R.len = rb.len;
    record(&fs);
    CHECK(R.st == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_DISALLOWED_CP), "NUL in IDNA2008");
    /* the code point calls: values above 10FFFF are no code points */
    uint32_t big[] = {'a', 0x110000};
    uint32_t out[16];
    ibidi_buf32 ob = {out, 16, 0};
    ibidi_error e;
    CHECK(ibidi_idna_to_ascii_cp(big, 2, OPT(UTS46), &ob, NULL, &e) == IBIDI_E_CP_TOO_LARGE &&
              e.offset == 1 && e.value == 0x110000,
          "code point above 10FFFF");
    /* lone surrogates: disallowed (V7) and not encodable (A3), label left as it is */
    uint32_t sur[] = {'a', 0xD800, 'b', '.', 'c'};
    ibidi_finding f[8];
    ibidi_findings f8 = {f, 8, 0, 0};
    ibidi_status st = ibidi_idna_to_ascii_cp(sur, 5, OPT(UTS46), &ob, &f8, NULL);
    note_findings(f, f8.n < 8 ? f8.n : 8);
    CHECK(st == IBIDI_E_IDNA_INVALID && ob.len == 5 && out[1] == 0xD800 && f8.n == 2 &&
              f[0].code == IBIDI_IDNA_V7 && f[0].offset == 1 && f[1].code == IBIDI_IDNA_A3,
          "surrogate: %zu findings", f8.n);
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
              has(IBIDI_IDNA_A4_2)->part == 0,
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
    CHECK(ibidi_idna_work_size() + 1 <= sizeof work_area, "work size %zu",
          ibidi_idna_work_size());
    memset(name, 'a', IBIDI_IDNA_MAX_CPS);
    name[IBIDI_IDNA_MAX_CPS] = '\0';
    CHECK(with_work(1, name, UTS46) == IBIDI_E_IDNA_INVALID && R.len == IBIDI_IDNA_MAX_CPS,
          "a name at the bound is processed: %s", ibidi_status_name(R.st));
    strcpy(name + IBIDI_IDNA_MAX_CPS, "a");
    CHECK(with_work(1, name, UTS46) == IBIDI_E_IDNA_TOO_LONG &&
              R.err.offset == IBIDI_IDNA_MAX_CPS && R.len == 0,
          "one more code point: TOO_LONG at %zu", R.err.offset);
    /* without a work area: the fixed area's 1536 code points, then IDNA_WORK_TOO_SMALL where
     * the input ran out of it; a work area smaller than ibidi_idna_work_size() is not used */
    name[1536] = '\0';
    CHECK(ascii(name, UTS46) == IBIDI_E_IDNA_INVALID && R.len == 1536,
          "1536 code points in the fixed area: %s", ibidi_status_name(R.st));
    name[1536] = 'a';
    name[1537] = '\0';
    CHECK(ascii(name, UTS46) == IBIDI_E_IDNA_WORK_TOO_SMALL && R.err.offset == 1536 &&
              R.err.status == IBIDI_E_IDNA_WORK_TOO_SMALL && R.len == 0,
          "one more without a work area: %s at %zu", ibidi_status_name(R.st), R.err.offset);
    {
        const ibidi_idna_options small = {IBIDI_IDNA_PROFILE_UTS46, 0, 0, work_area,
                                          ibidi_idna_work_size() - 1};
        ibidi_buf b = {R.out, CAP, 0};
        CHECK(ibidi_idna_to_unicode_utf8(name, 1537, &small, &b, NULL, NULL) ==
                  IBIDI_E_IDNA_WORK_TOO_SMALL,
              "a work area one byte short is not used");
    }
    with_work(0, name, UTS46); /* ToUnicode checks no length */
    CHECK(R.st == IBIDI_OK && R.len == 1537, "with a work area: %s",
          ibidi_status_name(R.st));
    /* an encoding error comes before the limits, also where mapping stops short of it */
    memset(name, 'a', IBIDI_IDNA_MAX_CPS + 100);
    name[IBIDI_IDNA_MAX_CPS + 50] = '\x80';
    name[IBIDI_IDNA_MAX_CPS + 100] = '\0';
    CHECK(with_work(0, name, UTS46) == IBIDI_E_UTF8_UNEXPECTED_CONT &&
              R.err.offset == IBIDI_IDNA_MAX_CPS + 50,
          "ill-formed past the bound: %s at %zu", ibidi_status_name(R.st), R.err.offset);
    CHECK(unicode(name, UTS46) == IBIDI_E_UTF8_UNEXPECTED_CONT &&
              R.err.offset == IBIDI_IDNA_MAX_CPS + 50,
          "ill-formed past the fixed area: %s at %zu", ibidi_status_name(R.st),
          R.err.offset);
    {
        static uint32_t big[IBIDI_IDNA_MAX_CPS + 10];
        static uint32_t bout[IBIDI_IDNA_MAX_CPS + 10];
        const ibidi_idna_options wo = {IBIDI_IDNA_PROFILE_UTS46, 0, 0, work_area,
                                       sizeof work_area};
        ibidi_error e;
        ibidi_buf32 b = {bout, IBIDI_IDNA_MAX_CPS + 10, 0};
        for (size_t i = 0; i < IBIDI_IDNA_MAX_CPS + 10; i++)
            big[i] = 'a';
        big[IBIDI_IDNA_MAX_CPS + 5] = 0x110000;
        CHECK(ibidi_idna_to_unicode_cp(big, IBIDI_IDNA_MAX_CPS + 10, &wo, &b, NULL, &e) ==
                      IBIDI_E_CP_TOO_LARGE &&
                  e.offset == IBIDI_IDNA_MAX_CPS + 5 && e.value == 0x110000,
              "a code point above U+10FFFF past the bound: %s at %zu",
              ibidi_status_name(e.status), e.offset);
        CHECK(ibidi_idna_to_ascii_cp(big, IBIDI_IDNA_MAX_CPS + 10, NULL, &b, NULL, &e) ==
                  IBIDI_E_CP_TOO_LARGE,
              "... and past the fixed area: %s", ibidi_status_name(e.status));
    }
    /* every name of up to 253 bytes fits the fixed area: 84 U+FDFA (252 bytes) and a letter
     * map to the most code points a name of 253 bytes can (18 per 3 bytes, 1513) */
    t_repeat(name, sizeof name, "", "\xEF\xB7\xBA", 84, "a");
    unicode(name, UTS46);
    CHECK(R.st == IBIDI_E_IDNA_INVALID && R.len > 1513 && R.len == strlen(R.out),
          "253 bytes of the longest mappings: %s, %zu bytes", ibidi_status_name(R.st), R.len);
    /* a short input whose mapping passes the bound: U+FDFA maps to 18 code points */
    t_repeat(name, sizeof name, "", "\xEF\xB7\xBA", 120, "");
    CHECK(with_work(0, name, UTS46) == IBIDI_E_IDNA_TOO_LONG && R.err.value == 0x0648 &&
              R.err.offset == 113 * 3,
          "mapping past the bound: %s at %zu", ibidi_status_name(R.st), R.err.offset);
    CHECK(unicode(name, UTS46) == IBIDI_E_IDNA_WORK_TOO_SMALL && R.err.offset == 85 * 3,
          "mapping past the fixed area: %s at %zu", ibidi_status_name(R.st), R.err.offset);
    /* a label of 2048 code points far from each other still encodes (A3 is not a limit) */
    uint32_t cps[IBIDI_IDNA_MAX_CPS];
    for (int i = 0; i < IBIDI_IDNA_MAX_CPS; i++)
        cps[i] = (i & 1) ? 0x10FFFD : 0xE0;
    static uint32_t out[IBIDI_IDNA_MAX_CPS * 10];
    ibidi_buf32 ob = {out, IBIDI_IDNA_MAX_CPS * 10, 0};
    ibidi_finding f[8];
    ibidi_findings f8 = {f, 8, 0, 0};
    const ibidi_idna_options ww = {IBIDI_IDNA_PROFILE_WHATWG, 0, 0, work_area,
                                   sizeof work_area};
    ibidi_status st = ibidi_idna_to_ascii_cp(cps, IBIDI_IDNA_MAX_CPS, &ww, &ob, &f8, NULL);
    const size_t len = ob.len;
    const size_t nf = f8.n;
    note_findings(f, nf < 8 ? nf : 8);
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
              has(IBIDI_IDNA_DISALLOWED_CP)->cp == 'B',
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
              has(IBIDI_IDNA_UNASSIGNED_CP)->cp == 0x378,
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

/* The root label: a trailing full stop is accepted without VerifyDnsLength (whatwg) and
 * by IDNA2008; with it (uts46, as IdnaTestV2 requires) A4_2 says it is the root label; and
 * ibidi_idna_strip_root makes "example.com." and "example.com" the same name. */
static void test_root_label(void)
{
    CHECK(ascii("Example.COM.", WHATWG) == IBIDI_OK && strcmp(R.out, "example.com.") == 0 &&
              R.nf == 0,
          "root label, whatwg: %s", R.out);
    CHECK(ascii("b\xC3\xBC" "cher.de.", WHATWG) == IBIDI_OK &&
              strcmp(R.out, "xn--bcher-kva.de.") == 0,
          "root label after a U-label, whatwg: %s", R.out);
    CHECK(ascii("example.com.", UTS46) == IBIDI_E_IDNA_INVALID && R.nf == 1 &&
              has(IBIDI_IDNA_A4_2) && has(IBIDI_IDNA_A4_2)->detail == IBIDI_IDNA_ROOT_LABEL &&
              has(IBIDI_IDNA_A4_2)->part == 2 && has(IBIDI_IDNA_A4_2)->offset == 12,
          "root label, uts46: A4_2 with detail ROOT_LABEL");
    CHECK(strstr(ibidi_code_message(IBIDI_IDNA_A4_2), "root label") != NULL,
          "the A4_2 message names the root label");
    CHECK(ascii("example..com", UTS46) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_A4_2) &&
              has(IBIDI_IDNA_A4_2)->detail == 0,
          "an empty label that is not the root: detail 0");
    CHECK(unicode("example.com.", UTS46) == IBIDI_OK, "ToUnicode keeps the root label");

    static const struct {
        const char *in;
        size_t want;
    } cases[] = {
        {"example.com.", 11}, {"example.com", 11}, {"", 0}, {".", 1}, {"a..", 3},
        {"a.", 1}, {"example.com\xE3\x80\x82", 11}, {"example.com\xEF\xBC\x8E", 11},
        {"example.com\xEF\xBD\xA1", 11}, {"\xE3\x80\x82", 3}, {"a.\xE3\x80\x82", 5},
        {"\xD7\x90\xD7\x91.", 4}, {"a\x82", 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t got = ibidi_idna_strip_root(cases[i].in, strlen(cases[i].in));
        CHECK(got == cases[i].want, "strip_root(\"%s\") = %zu, want %zu", cases[i].in, got,
              cases[i].want);
    }
    CHECK(ibidi_idna_strip_root(NULL, 5) == 0, "strip_root(NULL)");
    /* the one call a comparison needs: both forms give the same prefix */
    const char *a = "example.com.", *b = "example.com";
    CHECK(ibidi_idna_strip_root(a, strlen(a)) == ibidi_idna_strip_root(b, strlen(b)) &&
              memcmp(a, b, ibidi_idna_strip_root(b, strlen(b))) == 0,
          "example.com. and example.com compare equal");
}

/* IBIDI_IDNA_URL_HOST (the whatwg profile): the ASCII carve-out, the empty host and the
 * forbidden domain code points; tests/test_wpt.c runs the web-platform-tests data. */
static void test_url_host(void)
{
    const unsigned plain = WHATWG & ~IBIDI_IDNA_URL_HOST;
    CHECK((WHATWG & IBIDI_IDNA_URL_HOST) && !(UTS46 & IBIDI_IDNA_URL_HOST) &&
              !(LOOKUP & IBIDI_IDNA_URL_HOST) && !(REGISTER & IBIDI_IDNA_URL_HOST),
          "only the whatwg profile has URL_HOST");
    /* the carve-out: an ASCII name is lowercased whatever UTS #46 says */
    CHECK(ascii("XN--A.Example", WHATWG) == IBIDI_OK && strcmp(R.out, "xn--a.example") == 0 &&
              R.nf == 0,
          "xn--a, whatwg: %s", R.out);
    CHECK(ascii("xn--a.example", plain) == IBIDI_E_IDNA_INVALID, "xn--a, UTS #46");
    CHECK(ascii("xn--a.\xC3\x9F", WHATWG) == IBIDI_E_IDNA_INVALID,
          "xn--a next to a non-ASCII label: UTS #46 decides");
    CHECK(ascii("a=b!", WHATWG) == IBIDI_OK && strcmp(R.out, "a=b!") == 0,
          "ASCII that is not forbidden");
    /* forbidden domain code points: each one a finding, in the carve-out and after mapping */
    CHECK(ascii("A b.c%d", WHATWG) == IBIDI_E_IDNA_INVALID && R.nf == 2 &&
              R.f[0].code == IBIDI_IDNA_DOMAIN_INVALID_CODE_POINT && R.f[0].offset == 1 &&
              R.f[0].cp == ' ' && R.f[0].part == 0 && R.f[1].offset == 5 &&
              R.f[1].cp == '%' && R.f[1].part == 1 && R.err.offset == 1 && R.err.value == ' ' &&
              strcmp(R.out, "a b.c%d") == 0,
          "forbidden in the carve-out");
    for (unsigned c = 0; c < 0x80; c++) {
        char in[4] = {'a', (char)c, 'b', 0};
        ibidi_buf b = {R.out, CAP, 0};
        ibidi_findings fs = {R.f, FCAP, 0, 0};
        ibidi_status st = ibidi_idna_to_ascii_utf8(in, 3, OPT(WHATWG), &b, &fs, NULL);
        const int forbidden = c <= 0x1F || c == 0x7F || strchr(" #%/:<>?@[\\]^|", (int)c);
        CHECK((st == IBIDI_OK) == !forbidden && (forbidden ? fs.n == 1 : fs.n == 0),
              "U+%04X: status %d", c, (int)st);
    }
    CHECK(ascii("ex\xEF\xBC\x85" "ample.\xC3\xA9", WHATWG) == IBIDI_E_IDNA_INVALID &&
              has(IBIDI_IDNA_DOMAIN_INVALID_CODE_POINT) &&
              has(IBIDI_IDNA_DOMAIN_INVALID_CODE_POINT)->cp == '%' &&
              has(IBIDI_IDNA_DOMAIN_INVALID_CODE_POINT)->offset == 2,
          "U+FF05 maps to a forbidden %%");
    CHECK(ascii("\xC3\xA9 b", WHATWG) == IBIDI_E_IDNA_INVALID &&
              has(IBIDI_IDNA_DOMAIN_INVALID_CODE_POINT),
          "a space kept in a Punycode label");
    CHECK(ascii("\xC3\xA9 b", plain) == IBIDI_OK, "the same without URL_HOST");
    /* the empty host */
    CHECK(ascii("", WHATWG) == IBIDI_E_IDNA_INVALID && R.nf == 1 &&
              R.f[0].code == IBIDI_IDNA_EMPTY_HOST,
          "empty host");
    CHECK(ascii("\xC2\xAD", WHATWG) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_EMPTY_HOST),
          "a host of ignored code points");
    CHECK(ascii("\xC2\xAD", plain) == IBIDI_OK && R.len == 0, "the same without URL_HOST");
    CHECK(unicode("xn--a", WHATWG) == IBIDI_E_IDNA_INVALID, "ToUnicode is UTS #46's");
    CHECK(unicode("", WHATWG) == IBIDI_OK, "ToUnicode has no empty host check");
    /* IDNA2008 modes ignore the flag */
    CHECK(ascii("xn--a", LOOKUP | IBIDI_IDNA_URL_HOST) == IBIDI_E_IDNA_INVALID,
          "URL_HOST ignored by IDNA2008");
    /* the code point call and the buffer contract on the carve-out */
    const uint32_t cps[] = {'X', 'N', '-', '-', 'a', '#'};
    uint32_t o32[8];
    ibidi_buf32 ob = {o32, 8, 0};
    ibidi_findings fs = {R.f, FCAP, 0, 0};
    ibidi_error e;
    ibidi_status st = ibidi_idna_to_ascii_cp(cps, 6, OPT(WHATWG), &ob, &fs, &e);
    CHECK(st == IBIDI_E_IDNA_INVALID && ob.len == 6 && o32[0] == 'x' && o32[5] == '#' &&
              fs.n == 1 && R.f[0].offset == 5 && e.offset == 5 && e.value == '#',
          "code points: %d", (int)st);
    ibidi_buf b = {R.out, 4, 0};
    st = ibidi_idna_to_ascii_utf8("XN--A", 5, OPT(WHATWG), &b, NULL, &e);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && b.len == 5 && e.status == st, "too small: %d",
          (int)st);
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
              has(IBIDI_IDNA_X4_2)->part == 1 && has(IBIDI_IDNA_X4_2)->offset == 2,
          "uts46: X4_2");
    CHECK(unicode("a.b.", UTS46) == IBIDI_OK, "root label in ToUnicode");
    /* IgnoreInvalidPunycode: the label stays and is validated like any other */
    CHECK(unicode("xn--zz.com", WHATWG) == IBIDI_E_IDNA_INVALID && has(IBIDI_IDNA_P4), "P4");
    CHECK(unicode("xn--zz.com", WHATWG | IBIDI_IDNA_IGNORE_INVALID_PUNYCODE) ==
              IBIDI_E_IDNA_INVALID && !has(IBIDI_IDNA_P4) && has(IBIDI_IDNA_V4) &&
              strcmp(R.out, "xn--zz.com") == 0,
          "IgnoreInvalidPunycode");
    /* offsets are in the ToUnicode form: bytes for UTF-8, indices for code points */
    CHECK(unicode("ab.\xD7\x90\xD7\x91"
                  "c.d",
                  UTS46) == IBIDI_E_IDNA_INVALID &&
              has(IBIDI_IDNA_B2) && has(IBIDI_IDNA_B2)->offset == 7 &&
              has(IBIDI_IDNA_B2)->part == 1 && has(IBIDI_IDNA_B2)->cp == 'c' &&
              has(IBIDI_IDNA_B2)->bidi_class == IBIDI_UNICODE_BC_L,
          "offset of B2 in bytes");
    uint32_t cps[] = {'a', 'b', '.', 0x5D0, 0x5D1, 'c', '.', 'd'};
    uint32_t out[16];
    ibidi_buf32 ob = {out, 16, 0};
    ibidi_finding f[8];
    ibidi_findings f8 = {f, 8, 0, 0};
    ibidi_idna_to_unicode_cp(cps, 8, OPT(UTS46), &ob, &f8, NULL);
    const size_t nf = f8.n;
    note_findings(f, nf < 8 ? nf : 8);
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
              has(IBIDI_IDNA_W_DIGIT_AFTER_RTL) && has(IBIDI_IDNA_W_DIGIT_AFTER_RTL)->part == 1,
          "ABC.123.com per label: digit after RTL");
    CHECK(ascii("123.example.com", UTS46) == IBIDI_OK && R.nf == 0, "no Bidi domain name");
}

/* ---- Options ------------------------------------------------------------------------- */

#define ALL_FLAGS 0x3FFu /* every IBIDI_IDNA_* flag */

/* One call's whole result, to compare two ways of making it. */
typedef struct full {
    ibidi_status st;
    size_t len, n, errors;
    ibidi_error err;
} full_t;

static char out_a[CAP], out_b[CAP];
static ibidi_finding f_a[1024], f_b[1024];

static full_t call_full(int to_ascii, const char *s, size_t n, const ibidi_idna_options *o,
                        char *out, ibidi_finding *f)
{
    full_t r;
    ibidi_findings fs = {f, 1024, 0, 0};
    ibidi_buf b = {out, CAP, 0};
    r.st = to_ascii ? ibidi_idna_to_ascii_utf8(s, n, o, &b, &fs, &r.err)
                    : ibidi_idna_to_unicode_utf8(s, n, o, &b, &fs, &r.err);
    r.len = b.len;
    r.n = fs.n;
    r.errors = fs.errors;
    note_findings(f, r.n < 1024 ? r.n : 1024);
    return r;
}

/* Do options a and b give the same result on s? */
static int same_result(int to_ascii, const char *s, const ibidi_idna_options *a,
                       const ibidi_idna_options *b)
{
    const size_t n = strlen(s);
    full_t x = call_full(to_ascii, s, n, a, out_a, f_a);
    full_t y = call_full(to_ascii, s, n, b, out_b, f_b);
    if (x.st != y.st || x.len != y.len || x.n != y.n || x.errors != y.errors ||
        x.err.status != y.err.status || x.err.offset != y.err.offset ||
        x.err.value != y.err.value || (x.len <= CAP && memcmp(out_a, out_b, x.len) != 0))
        return 0;
    for (size_t i = 0; i < x.n && i < 1024; i++)
        if (!same_finding(&f_a[i], &f_b[i]))
            return 0;
    return 1;
}

static const char *const option_names[] = {
    "Bücher.Example.קום", "-a-.-b-.-c-", "faß.de", "FAẞ.de", "xn--zz.com",
    "123.\xD7\x90\xD7\x91.com", "\xD7\x90\xD7\x91.123.com", "", "a..b", "example.com.", "a\xE2\x80\x8C" "b", "a\xC2\xB7" "b",
    "\xEF\xBC\xA1\xEF\xBC\xA2.-x", "exa_mple.com", "ab--c.com", "i\xE2\x99\xA5" "ny",
    "xn--0ca24w", "XN--BCHER-KVA.de", "bu\xCC\x88" "cher"};
#define N_OPTION_NAMES (sizeof option_names / sizeof option_names[0])

static void test_options(void)
{
    static const ibidi_idna_options zero; /* all 0: the uts46 profile */
    const unsigned pf[4] = {UTS46, WHATWG, LOOKUP, REGISTER};

    /* the flags: NULL and a zeroed record are uts46's; profile, then add, then remove */
    CHECK(ibidi_idna_options_flags(NULL) == UTS46, "options_flags(NULL) is %#x",
          ibidi_idna_options_flags(NULL));
    CHECK(ibidi_idna_options_flags(&zero) == UTS46, "options_flags of a zeroed record");
    long arithmetic = 0, wrong = 0;
    uint32_t seed = 0x9E3779B9u;
    for (int p = 0; p < 4; p++) {
        ibidi_idna_options o = {(ibidi_idna_profile)p, 0, 0, NULL, 0};
        CHECK(ibidi_idna_options_flags(&o) == pf[p], "options_flags of profile %d alone", p);
        for (int k = 0; k < 500; k++) {
            o.add = t_xorshift32(&seed) & ALL_FLAGS;
            o.remove = k % 3 ? t_xorshift32(&seed) & ALL_FLAGS : o.add; /* remove beats add */
            unsigned want = (pf[p] | o.add) & ~o.remove;
            if (ibidi_idna_options_flags(&o) != want && wrong++ < 5)
                CHECK(0, "options_flags(%d, add %#x, remove %#x) is %#x, want %#x", p, o.add,
                      o.remove, ibidi_idna_options_flags(&o), want);
            arithmetic++;
        }
    }
    if (!wrong)
        t_pass_n(arithmetic);
    /* exact flags: add them and remove everything else, whatever the profile */
    for (unsigned f = 0; f <= ALL_FLAGS; f += 7) {
        if (!CHECK(ibidi_idna_options_flags(OPT(f)) == f, "exact options of %#x", f))
            break;
    }
    for (int p = 0; p < 4; p++)
        CHECK(ibidi_idna_options_flags(OPT(pf[p])) == pf[p], "exact options of profile %d", p);

    /* an unknown profile: every bit, which every call refuses */
    {
        const ibidi_idna_options bad = {(ibidi_idna_profile)9, 0, 0, NULL, 0};
        char out[64];
        uint32_t cout[8];
        ibidi_buf ob = {out, sizeof out, 0};
        ibidi_buf32 cb = {cout, 8, 0};
        ibidi_error e;
        CHECK(ibidi_idna_options_flags(&bad) == ~0u, "options_flags of an unknown profile");
        CHECK(ibidi_idna_to_ascii_utf8("-A_b..", 6, &bad, &ob, NULL, &e) ==
                      IBIDI_E_INVALID_ARGUMENT && e.status == IBIDI_E_INVALID_ARGUMENT,
              "ToASCII refuses an unknown profile");
        CHECK(ibidi_idna_to_unicode_utf8("a", 1, &bad, &ob, NULL, NULL) ==
                  IBIDI_E_INVALID_ARGUMENT,
              "ToUnicode refuses an unknown profile");
        const uint32_t a = 'a';
        CHECK(ibidi_idna_to_ascii_cp(&a, 1, &bad, &cb, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
              "ToASCII on code points refuses an unknown profile");
        ibidi_buf ao = {(char *)1, 0, 0};
        CHECK(ibidi_idna_to_ascii_alloc("a", 1, &bad, &ao, NULL, NULL) ==
                      IBIDI_E_INVALID_ARGUMENT && ao.data == NULL,
              "the allocating call refuses an unknown profile");
    }

    /* the calls use exactly those flags: a profile's options, NULL and the zeroed record give
     * what its flags give */
    for (size_t i = 0; i < N_OPTION_NAMES; i++) {
        for (int to_ascii = 0; to_ascii < 2; to_ascii++) {
            const char *s = option_names[i];
            CHECK(same_result(to_ascii, s, NULL, OPT(UTS46)), "NULL options on \"%s\" (%s)", s,
                  to_ascii ? "ToASCII" : "ToUnicode");
            CHECK(same_result(to_ascii, s, &zero, OPT(UTS46)), "zeroed options on \"%s\"", s);
            for (int p = 0; p < 4; p++) {
                const ibidi_idna_options o = {(ibidi_idna_profile)p, 0, 0, NULL, 0};
                CHECK(same_result(to_ascii, s, &o, OPT(pf[p])), "profile %d on \"%s\" (%s)", p,
                      s, to_ascii ? "ToASCII" : "ToUnicode");
            }
            /* and added or removed flags on a profile */
            const ibidi_idna_options t = {IBIDI_IDNA_PROFILE_WHATWG,
                                          IBIDI_IDNA_TRANSITIONAL | IBIDI_IDNA_USE_STD3_RULES,
                                          IBIDI_IDNA_CHECK_BIDI, NULL, 0};
            CHECK(same_result(to_ascii, s, &t,
                              OPT((WHATWG | IBIDI_IDNA_TRANSITIONAL | IBIDI_IDNA_USE_STD3_RULES) &
                                  ~IBIDI_IDNA_CHECK_BIDI)),
                  "whatwg + transitional + std3 - bidi on \"%s\"", s);
        }
    }

    /* what users write */
    const ibidi_idna_options uts46 = {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0};
    const ibidi_idna_options trans = {IBIDI_IDNA_PROFILE_UTS46, IBIDI_IDNA_TRANSITIONAL, 0, NULL,
                                      0};
    const ibidi_idna_options no_hyphens = {IBIDI_IDNA_PROFILE_UTS46, 0, IBIDI_IDNA_CHECK_HYPHENS,
                                           NULL, 0};
    const ibidi_idna_options whatwg = {IBIDI_IDNA_PROFILE_WHATWG, 0, 0, NULL, 0};
    const ibidi_idna_options whatwg_len = {IBIDI_IDNA_PROFILE_WHATWG, IBIDI_IDNA_VERIFY_DNS_LENGTH,
                                           0, NULL, 0};
    const ibidi_idna_options hyphens_both = {IBIDI_IDNA_PROFILE_WHATWG, IBIDI_IDNA_CHECK_HYPHENS,
                                             IBIDI_IDNA_CHECK_HYPHENS, NULL, 0};
    const ibidi_idna_options both_2008 = {IBIDI_IDNA_PROFILE_IDNA2008_LOOKUP,
                                          IBIDI_IDNA_2008_REGISTER, 0, NULL, 0};
    const ibidi_idna_options lookup_to_register = {
        IBIDI_IDNA_PROFILE_IDNA2008_LOOKUP, IBIDI_IDNA_2008_REGISTER | IBIDI_IDNA_CHECK_HYPHENS,
        IBIDI_IDNA_2008_LOOKUP, NULL, 0};
    char out[64];
    ibidi_buf ob = {out, sizeof out, 0};
    ibidi_finding f[8];
    ibidi_findings fs = {f, 8, 0, 0};
    const char *s = "faß.de";
    CHECK(ibidi_idna_to_ascii_utf8(s, strlen(s), &uts46, &ob, &fs, NULL) == IBIDI_OK &&
              ob.len == 13 && memcmp(out, "xn--fa-hia.de", 13) == 0,
          "uts46 options: ß kept");
    CHECK(ibidi_idna_to_ascii_utf8(s, strlen(s), &trans, &ob, &fs, NULL) == IBIDI_OK &&
              ob.len == 7 && memcmp(out, "fass.de", 7) == 0,
          "uts46 + transitional: ß mapped");
    s = "-abc.com";
    CHECK(ibidi_idna_to_ascii_utf8(s, strlen(s), &uts46, &ob, &fs, NULL) ==
                  IBIDI_E_IDNA_INVALID &&
              fs.n == 1 && f[0].code == IBIDI_IDNA_V3,
          "uts46: V3");
    CHECK(ibidi_idna_to_ascii_utf8(s, strlen(s), &no_hyphens, &ob, &fs, NULL) == IBIDI_OK &&
              fs.n == 0,
          "uts46 - CheckHyphens");
    CHECK(ibidi_idna_to_ascii_utf8(s, strlen(s), &hyphens_both, &ob, &fs, NULL) == IBIDI_OK,
          "a flag both added and removed is removed");
    CHECK(ibidi_idna_to_ascii_utf8(s, strlen(s), &lookup_to_register, &ob, &fs, NULL) ==
                  IBIDI_E_IDNA_INVALID &&
              fs.n == 1 && f[0].code == IBIDI_IDNA_V3,
          "lookup profile turned into registration");
    s = "a..b";
    CHECK(ibidi_idna_to_unicode_utf8(s, strlen(s), &whatwg, &ob, &fs, NULL) == IBIDI_OK,
          "whatwg: empty label");
    CHECK(ibidi_idna_to_unicode_utf8(s, strlen(s), &whatwg_len, &ob, &fs, NULL) ==
                  IBIDI_E_IDNA_INVALID &&
              fs.n == 1 && f[0].code == IBIDI_IDNA_X4_2,
          "whatwg + VerifyDnsLength: X4_2");
    ibidi_error e;
    CHECK(ibidi_idna_to_ascii_utf8("a", 1, &both_2008, &ob, &fs, &e) ==
                  IBIDI_E_INVALID_ARGUMENT &&
              e.status == IBIDI_E_INVALID_ARGUMENT,
          "both IDNA2008 modes through options");
    note_findings(f, fs.n < 8 ? fs.n : 8);
}

/* ---- The allocating calls ------------------------------------------------------------ */

typedef ibidi_status (*alloc_fn)(const char *, size_t, const ibidi_idna_options *, ibidi_buf *,
                                 ibidi_findings *, ibidi_error *);

/* The allocating call on s against the buffer call: status, error, output (NUL-terminated),
 * every finding (the buffer call's array is large enough for all). Returns 1 when equal. */
static int alloc_matches(int to_ascii, const char *s, size_t n, const ibidi_idna_options *o,
                         size_t *n_findings)
{
    alloc_fn fn = to_ascii ? ibidi_idna_to_ascii_alloc : ibidi_idna_to_unicode_alloc;
    full_t ref = call_full(to_ascii, s, n, o, out_a, f_a);
    ibidi_buf b = {out_b, 7, 99}, b2 = {NULL, 0, 99}; /* data and cap are ignored */
    const char *out, *out2;
    size_t len;
    ibidi_findings fs = {NULL, 0, 99, 99};
    ibidi_error e;
    ibidi_status st = fn(s, n, o, &b, &fs, &e);
    out = b.data;
    len = b.len;
    /* without findings: the same status and output */
    ibidi_status st2 = fn(s, n, o, &b2, NULL, NULL);
    out2 = b2.data;
    int ok = st == ref.st && e.status == ref.err.status && e.offset == ref.err.offset &&
             e.value == ref.err.value && out != NULL && len == ref.len && ref.len <= CAP &&
             memcmp(out, out_a, len) == 0 && out[len] == '\0' && fs.n == ref.n &&
             fs.errors == ref.errors && (fs.n == 0 || (fs.items != NULL && fs.cap >= fs.n)) &&
             st2 == st && out2 != NULL && b2.len == len && memcmp(out2, out_a, len) == 0 &&
             out2[len] == '\0';
    /* (strlen only where the name holds no NUL) */
    ok = ok && (memchr(out_a, '\0', ref.len) != NULL || strlen(out2) == ref.len);
    for (size_t i = 0; ok && i < fs.n && i < 1024; i++)
        ok = same_finding(&fs.items[i], &f_a[i]);
    if (ok)
        note_findings(fs.items, fs.n);
    *n_findings = fs.n;
    ibidi_free(b.data);
    ibidi_free(b2.data);
    ibidi_findings_free(&fs);
    return ok && fs.items == NULL && fs.n == 0;
}

static void test_alloc(void)
{
    const ibidi_idna_options profiles[4] = {{IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0},
                                            {IBIDI_IDNA_PROFILE_WHATWG, 0, 0, NULL, 0},
                                            {IBIDI_IDNA_PROFILE_IDNA2008_LOOKUP, 0, 0, NULL, 0},
                                            {IBIDI_IDNA_PROFILE_IDNA2008_REGISTER, 0, 0, NULL, 0}};
    size_t nf = 0, invalid = 0;
    /* valid and invalid names: an invalid name still gives its output and its findings */
    for (size_t i = 0; i < N_OPTION_NAMES; i++)
        for (int to_ascii = 0; to_ascii < 2; to_ascii++)
            for (int p = -1; p < 4; p++) {
                const ibidi_idna_options *o = p < 0 ? NULL : &profiles[p];
                const char *s = option_names[i];
                CHECK(alloc_matches(to_ascii, s, strlen(s), o, &nf),
                      "%s_alloc on \"%s\", profile %d", to_ascii ? "to_ascii" : "to_unicode", s,
                      p);
                invalid += nf > 0;
            }
    CHECK(invalid > 0, "no name with findings");

    /* a name with many findings: all of them, beyond any array of the test's size */
    char name[400];
    memset(name, '_', 300);
    memcpy(name + 300, ".\xD7\x90" "1a", 5);
    for (int to_ascii = 0; to_ascii < 2; to_ascii++) {
        CHECK(alloc_matches(to_ascii, name, 305, NULL, &nf) && nf > 300 && nf > FCAP,
              "many findings (%s): %zu", to_ascii ? "ToASCII" : "ToUnicode", nf);
        ibidi_buf b = {NULL, 0, 0};
        ibidi_findings fs = {NULL, 0, 0, 0};
        ibidi_status st = to_ascii ? ibidi_idna_to_ascii_alloc(name, 305, NULL, &b, &fs, NULL)
                                   : ibidi_idna_to_unicode_alloc(name, 305, NULL, &b, &fs, NULL);
        const char *out = b.data;
        size_t u1 = 0;
        for (size_t i = 0; i < fs.n; i++)
            u1 += fs.items[i].code == IBIDI_IDNA_U1 && fs.items[i].offset == i &&
                  fs.items[i].cp == '_' && fs.items[i].part == 0;
        CHECK(st == IBIDI_E_IDNA_INVALID && u1 == 300 && fs.errors == fs.n &&
                  out && strlen(out) >= 300,
              "many findings: %zu U1 of %zu", u1, fs.n);
        ibidi_free(b.data);
        ibidi_findings_free(&fs);
    }

    /* the empty output is an empty string, not NULL */
    {
        ibidi_buf b = {NULL, 0, 9};
        CHECK(ibidi_idna_to_unicode_alloc("", 0, &profiles[1], &b, NULL, NULL) == IBIDI_OK &&
                  b.data && b.data[0] == '\0' && b.len == 0,
              "empty name, whatwg");
        ibidi_free(b.data);
    }
    /* the findings record's cap is ignored: the call allocates what it needs */
    {
        ibidi_buf b = {NULL, 0, 0};
        ibidi_findings fs = {NULL, 5, 9, 9};
        CHECK(ibidi_idna_to_ascii_alloc("-a-.b", 5, NULL, &b, &fs, NULL) ==
                      IBIDI_E_IDNA_INVALID &&
                  b.data && strcmp(b.data, "-a-.b") == 0 && fs.n == 1 && fs.errors == 1 &&
                  fs.items && fs.items[0].code == IBIDI_IDNA_V3,
              "cap of the record ignored");
        ibidi_free(b.data);
        ibidi_findings_free(&fs);
    }
    /* errors other than IDNA_INVALID: no output, no findings */
    static const struct {
        const char *s;
        size_t len;
        ibidi_status st;
        size_t off;
    } bad[] = {{"ab\xC3", 3, IBIDI_E_UTF8_TRUNCATED, 2},
               {"x.\xED\xA0\x80", 5, IBIDI_E_UTF8_SURROGATE, 2},
               {"-a-.\xFF", 5, IBIDI_E_UTF8_INVALID_BYTE, 4}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        for (int to_ascii = 0; to_ascii < 2; to_ascii++) {
            /* any non-NULL data: the call must clear it */
            ibidi_buf b = {(char *)bad, 0, 9};
            ibidi_findings fs = {NULL, 0, 9, 9};
            ibidi_error e;
            ibidi_status st =
                to_ascii ? ibidi_idna_to_ascii_alloc(bad[i].s, bad[i].len, NULL, &b, &fs, &e)
                         : ibidi_idna_to_unicode_alloc(bad[i].s, bad[i].len, NULL, &b, &fs, &e);
            CHECK(st == bad[i].st && e.status == st && e.offset == bad[i].off &&
                      b.data == NULL && b.len == 0 && fs.items == NULL && fs.n == 0 &&
                      fs.errors == 0,
                  "ill-formed case %zu (%s): %s at %zu", i, to_ascii ? "ToASCII" : "ToUnicode",
                  ibidi_status_name(st), e.offset);
        }
    {
        static char long_name[IBIDI_IDNA_MAX_CPS + 2];
        memset(long_name, 'a', IBIDI_IDNA_MAX_CPS + 1);
        ibidi_buf b = {long_name, 0, 0};
        ibidi_findings fs = {NULL, 0, 0, 0};
        CHECK(ibidi_idna_to_ascii_alloc(long_name, IBIDI_IDNA_MAX_CPS + 1, NULL, &b, &fs,
                                        NULL) == IBIDI_E_IDNA_TOO_LONG &&
                  b.data == NULL && fs.items == NULL,
              "too long: no output");
    }
    /* the Bidi Rule alone: the same findings as into a caller array */
    {
        static const char *const names[] = {"\xD7\x90\xD7\x91.1a\xD7\x92.com",
                                            "1\xD7\x90.a\xD7\x91", "abc.def",
                                            "\xD7\x90.1com"};
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
            for (unsigned fl = 0; fl < 2; fl++) {
                const unsigned flags = fl ? IBIDI_IDNA_BIDI_PER_LABEL : 0;
                ibidi_finding arr[64];
                ibidi_findings ref = {arr, 64, 0, 0};
                int bidi_ref = -1, bidi = -1;
                size_t len = strlen(names[i]);
                ibidi_status s1 = ibidi_idna_bidi_rule_utf8(names[i], len, flags, &ref,
                                                            &bidi_ref, NULL);
                ibidi_findings got = {NULL, 3, 9, 9};
                ibidi_status s2 =
                    ibidi_idna_bidi_rule_alloc(names[i], len, flags, &got, &bidi, NULL);
                int same = s1 == s2 && bidi == bidi_ref && got.n == ref.n &&
                           got.errors == ref.errors && (got.n == 0) == (got.items == NULL);
                for (size_t k = 0; same && k < got.n; k++)
                    same = got.items[k].code == arr[k].code &&
                           got.items[k].offset == arr[k].offset &&
                           got.items[k].part == arr[k].part &&
                           got.items[k].severity == arr[k].severity;
                CHECK(same && (i == 2 ? ref.n == 0 : ref.n > 0),
                      "bidi_rule_alloc %zu (flags %u): %zu findings as %zu", i, flags, got.n,
                      ref.n);
                ibidi_findings_free(&got);
            }
        }
        ibidi_findings fs = {NULL, 0, 9, 9};
        CHECK(ibidi_idna_bidi_rule_alloc("a\xFF", 2, 0, &fs, NULL, NULL) ==
                      IBIDI_E_UTF8_INVALID_BYTE &&
                  fs.items == NULL && fs.n == 0,
              "bidi_rule_alloc: ill-formed, no findings");
    }
    CHECK(ibidi_idna_to_ascii_alloc("a", 1, NULL, NULL, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "NULL out");
    {
        ibidi_buf b = {(char *)bad, 0, 9};
        CHECK(ibidi_idna_to_unicode_alloc(NULL, 3, NULL, &b, NULL, NULL) ==
                      IBIDI_E_INVALID_ARGUMENT &&
                  b.data == NULL && b.len == 0,
              "NULL name with a length");
    }
}

/*
 * Two shortcuts of the UTF-8 calls: ASCII host names (16 bytes at a time where the CPU
 * allows), and names that need nothing but lower-casing and yield no finding (one pass);
 * the code point calls take neither. So the two calls must agree on every name: status,
 * output and findings, with offsets converted (bytes of the ToUnicode form against code
 * points), under every profile and with each flag off.
 */
static uint32_t rng = 0x2545F491u;
static uint32_t rnd(void) { return t_xorshift32(&rng); }

/* Offset in code points of the byte offset off of the UTF-8 text u[0..n). */
static size_t cp_offset(const char *u, size_t n, size_t off)
{
    size_t k = 0;
    for (size_t i = 0; i < off && i < n; i++)
        k += ((unsigned char)u[i] & 0xC0) != 0x80;
    return k + (off > n ? off - n : 0);
}

typedef struct shortcut_stats {
    long done, fails, valid, both;
} shortcut_stats;

static void count_finding(void *ctx, const ibidi_finding *f)
{
    (void)f;
    ++*(size_t *)ctx;
}

/* ibidi__idna_utf8_both, the decision of how to show a name's one processing for both
 * forms, against the public calls: ToASCII's status, output and findings, and ToUnicode's
 * output where it makes it too; with the A-labels left out when it may, the same status and
 * findings, and nothing written. */
static void compare_both(const char *in, size_t n, const ibidi_idna_options *o,
                         ibidi_status s8, const char *out8, size_t l8, size_t nf8,
                         const char *u8, size_t lu, shortcut_stats *st)
{
    static char a[CAP], u[CAP];
    for (int defer = 0; defer < 2; defer++) {
        size_t al = 0, ul = 0, nf = 0;
        int deferred = 7;
        ibidi_error e;
        const ibidi_status sb = ibidi__idna_utf8_both(in, n, o, a, CAP, &al, u, CAP, &ul,
                                                      defer ? &deferred : NULL, count_finding,
                                                      &nf, &e);
        int same = sb == s8 && nf == nf8 && (!defer || deferred == 0 || deferred == 1);
        if (defer && deferred == 1)
            same = same && sb == IBIDI_OK && al == 0;
        else
            same = same && al == l8 && memcmp(a, out8, l8) == 0;
        if (ul != SIZE_MAX && sb == IBIDI_OK)
            same = same && ul == lu && memcmp(u, u8, lu) == 0;
        if (!same && st->fails++ < 5)
            CHECK(0, "both forms: \"%.*s\" %s: status %d/%d, ASCII %zu/%zu, Unicode %zu/%zu, "
                     "findings %zu/%zu",
                  (int)n, in, defer ? "A-labels deferred" : "in full", (int)sb, (int)s8, al, l8,
                  ul, lu, nf, nf8);
        st->both += defer && deferred == 1;
    }
}

static void compare_calls(const char *in, size_t n, shortcut_stats *st)
{
    static char out8[CAP], u8[CAP];
    static uint32_t in32[2048], out32[CAP];
    static ibidi_finding f8[FCAP], f32[FCAP];
    const unsigned flag_off[] = {0, IBIDI_IDNA_CHECK_HYPHENS, IBIDI_IDNA_VERIFY_DNS_LENGTH,
                                 IBIDI_IDNA_USE_STD3_RULES | IBIDI_IDNA_CHECK_BIDI};
    const unsigned profiles[] = {UTS46, WHATWG, LOOKUP, REGISTER};
    ibidi_buf32 dec = {in32, 2048, 0};
    if (ibidi_utf8_decode(in, n, &dec, NULL) != IBIDI_OK) {
        CHECK(0, "shortcut test input is not UTF-8");
        return;
    }
    size_t n32 = dec.len;
    for (size_t k = 0; k < 4 * 4 * 2; k++) {
        unsigned flags = profiles[k / 8] & ~flag_off[k / 2 % 4];
        int to_ascii = k % 2;
        ibidi_buf b8 = {out8, CAP, 0}, bu = {u8, CAP, 0};
        ibidi_buf32 b32 = {out32, CAP, 0};
        ibidi_findings fs8 = {f8, FCAP, 0, 0}, fs32 = {f32, FCAP, 0, 0};
        ibidi_error e8, e32;
        const ibidi_idna_options *o = OPT(flags);
        ibidi_status s8 = to_ascii ? ibidi_idna_to_ascii_utf8(in, n, o, &b8, &fs8, &e8)
                                   : ibidi_idna_to_unicode_utf8(in, n, o, &b8, &fs8, &e8);
        ibidi_status s32 = to_ascii ? ibidi_idna_to_ascii_cp(in32, n32, o, &b32, &fs32, &e32)
                                    : ibidi_idna_to_unicode_cp(in32, n32, o, &b32, &fs32, &e32);
        const size_t l8 = b8.len, l32 = b32.len;
        const size_t nf8 = fs8.n, nf32 = fs32.n;
        note_findings(f8, nf8 < FCAP ? nf8 : FCAP);
        /* the ToUnicode form, in which the offsets of findings count; the name itself for
         * the URL Standard's ASCII carve-out (IBIDI_IDNA_URL_HOST), which processes no more */
        ibidi_idna_to_unicode_utf8(in, n, o, &bu, NULL, NULL);
        size_t lu = bu.len;
        if (to_ascii)
            compare_both(in, n, o, s8, out8, l8, nf8, u8, lu, st);
        int ascii_name = 1;
        for (size_t i = 0; i < n; i++)
            ascii_name &= (unsigned char)in[i] < 0x80;
        if (to_ascii && (flags & IBIDI_IDNA_URL_HOST) && ascii_name && n <= CAP) {
            memcpy(u8, in, n);
            lu = n;
        }
        ibidi_buf32 got = {in32 + 1024, 1024, 0};
        int same = s8 == s32 && nf8 == nf32 && fs8.errors == fs32.errors &&
                   ibidi_utf8_decode(out8, l8, &got, NULL) == IBIDI_OK && got.len == l32 &&
                   memcmp(in32 + 1024, out32, got.len * sizeof *out32) == 0;
        if (s8 == IBIDI_E_IDNA_INVALID)
            same = same && cp_offset(u8, lu, e8.offset) == e32.offset;
        for (size_t i = 0; same && i < nf8 && i < FCAP; i++)
            same = f8[i].code == f32[i].code && f8[i].part == f32[i].part &&
                   f8[i].severity == f32[i].severity &&
                   cp_offset(u8, lu, f8[i].offset) == f32[i].offset;
        if (!same && st->fails++ < 5)
            CHECK(0, "shortcuts: \"%.*s\" flags %#x %s: UTF-8 status %d len %zu findings %zu, "
                     "code points status %d len %zu findings %zu",
                  (int)n, in, flags, to_ascii ? "ToASCII" : "ToUnicode", (int)s8, l8, nf8,
                  (int)s32, l32, nf32);
        st->valid += s8 == IBIDI_OK;
        st->done++;
    }
}

static void test_shortcuts(void)
{
    static const char alphabet[] = "abcxnzABXZ0129----......";
    static const char others[] = "_ :/@\x7f"; /* other ASCII */
    /* pieces of names in other scripts: letters of class L, R and AL, digits EN and AN,
     * marks (in order, out of order, not NFC-stable), characters that are mapped, deviations,
     * joiners, a mapped full stop, a disallowed one */
    static const char *const pieces[] = {
        "\xD7\x90", "\xD7\x91", "\xD7\xA9", "\xD7\x9C", "\xD7\x95",         /* Hebrew letters (R) */
        "\xD8\xA7", "\xD9\x85", "\xD8\xB5", "\xD8\xB1",                     /* Arabic letters (AL) */
        "\xD6\xB4", "\xD6\xBC", "\xD9\x8E", "\xD9\x90", "\xD9\x94",         /* points, harakat */
        "\xD9\xA1", "\xD9\xA2", "\xDB\xB1", "1", "2",                        /* AN, EN digits */
        "\xC3\xA9", "e\xCC\x81", "\xC3\x9F", "\xCF\x82", "\xCE\xA3",        /* é, e+acute, ß, ς, Σ */
        "\xE4\xB8\xAD", "\xE6\x96\x87", "\xD0\xB4", "\xD0\x94",             /* CJK, д, Д */
        "\xE2\x80\x8C", "\xE2\x80\x8D", "\xE3\x80\x82", "\xE2\x80\x8E",     /* ZWNJ ZWJ 。 LRM */
        "\xCC\x81", "\xE0\xA4\x95", "\xE0\xA5\x8D",                         /* acute, KA, virama */
        ".", ".", "-", "a", "b", "x", "n", "xn--", "A", "-", "\xE2\x80\xA2",
        ".1", ".7b", ".2-x",                   /* labels that start with a digit (RFC 5893 §2) */
        "\xC3\x89", "\xEF\xBC\xA1", "\xC4\xB0", "\xE2\x84\xA6", "\xE2\x84\xAB",
        "\xEF\xBC\x8E"}; /* É, fullwidth A, I with dot (two code points), ohm, angstrom, fullwidth . */
    shortcut_stats st = {0, 0, 0, 0};
    for (int iter = 0; iter < 20000; iter++) {
        char in[1024];
        size_t n = 0;
        if (iter % 2) { /* ASCII */
            n = iter % 20 == 1 ? 240 + rnd() % 30 : rnd() % 70;
            for (size_t i = 0; i < n; i++) {
                uint32_t r = rnd();
                in[i] = r % 200 == 0 ? others[r / 200 % (sizeof others - 1)]
                                     : alphabet[r / 200 % (sizeof alphabet - 1)];
                if (i % 8 == 0 && r % 3) /* mostly letters, so that labels are long enough */
                    in[i] = (char)('a' + r / 7 % 26);
            }
            if (iter % 3 == 0) /* labels of one length, to hit the limit of 63 */
                for (size_t i = 64 - iter % 3; i < n; i += 64 + iter % 5)
                    in[i] = '.';
        } else { /* pieces; one script per label, mostly */
            size_t count = iter % 50 == 0 ? 30 + rnd() % 60 : rnd() % 24, script = rnd() % 5;
            for (size_t i = 0; i < count; i++) {
                uint32_t r = rnd();
                const char *p = r % 4 ? pieces[(script * 5 + r / 4 % 7) %
                                               (sizeof pieces / sizeof pieces[0])]
                                      : pieces[r / 4 % (sizeof pieces / sizeof pieces[0])];
                if (r % 9 == 0)
                    script = rnd() % 5;
                size_t l = strlen(p);
                memcpy(in + n, p, l);
                n += l;
            }
        }
        compare_calls(in, n, &st);
    }
    if (!st.fails)
        t_pass_n(st.done);
    printf("info: %ld calls compared between UTF-8 and code points, %ld valid; %ld with "
           "the A-labels deferred\n", st.done, st.valid, st.both);
}


/*
 * Generated names of ASCII and A-labels, many of them broken on purpose (upper case, a
 * digit more or less, a leading delimiter, basic code points only, overflow, labels too
 * long, empty labels, invalid or unnormalized code points, joiners, marks, Bidi Rule
 * failures, digits after RTL labels): the UTF-8 calls, which take the fast path, against
 * the code point calls, which never do (compare_calls, every profile and flag set); and
 * wherever the fast path decides a name, the code point call must accept it without a
 * finding and give the same output.
 */
static void test_alabel_names(void)
{
    static const char *const pieces[] = {
        "\xD7\x90", "\xD7\x91", "\xD7\xA9", "\xD7\x9C", "\xD7\x95",     /* Hebrew (R) */
        "\xD8\xA7", "\xD9\x85", "\xD8\xB5", "\xD8\xB1", "\xDB\x8C",     /* Arabic (AL) */
        "\xD9\xA1", "\xD9\xA2", "1", "2", "-",                          /* AN, EN, hyphen */
        "\xC3\xBC", "\xC3\xA9", "e\xCC\x81", "\xC3\x9F", "\xCF\x82",    /* ü é e+acute ß ς */
        "\xE4\xB8\xAD", "\xD0\xB4", "a", "b", "x", "n",                 /* CJK, Cyrillic */
        "\xE2\x80\x8C", "\xE2\x80\x8D", "\xCC\x81", "\xD6\xB4",         /* ZWNJ ZWJ marks */
        "\xC3\x9C", "\xE2\x84\xAB", "\xF0\x9F\x98\x80", "\xF0\x90\xA4\x80"}; /* Ü Å 😀 (R) */
    static const char *const ascii_labels[] = {"com", "example", "WWW", "1abc", "a-b", "-x",
                                               "ab--c", "xn--", "xn--abc-", "xn---9dbne9b",
                                               "xn--99999999999a", "xn--9"};
    const unsigned lane_flags[] = {UTS46, UTS46 & ~IBIDI_IDNA_CHECK_HYPHENS,
                                   UTS46 & ~IBIDI_IDNA_CHECK_BIDI,
                                   UTS46 | IBIDI_IDNA_TRANSITIONAL | IBIDI_IDNA_BIDI_PER_LABEL,
                                   WHATWG};
    shortcut_stats st = {0, 0, 0, 0};
    long lane_hits = 0, lane_fails = 0;
    for (int iter = 0; iter < 6000; iter++) {
        char in[600], u[200];
        size_t n = 0;
        const size_t labels = 1 + rnd() % 4, script = rnd() % 5;
        for (size_t l = 0; l < labels && n < 400; l++) {
            uint32_t r = rnd();
            if (l)
                in[n++] = '.';
            if (r % 3 == 0) { /* an ASCII label */
                const char *a = ascii_labels[r / 3 % (r % 7 ? 3 : 12)];
                memcpy(in + n, a, strlen(a));
                n += strlen(a);
                continue;
            }
            /* an A-label of pieces, mostly of one script */
            size_t un = 0, count = 1 + rnd() % (r % 11 == 0 ? 40 : 8);
            for (size_t i = 0; i < count; i++) {
                uint32_t q = rnd();
                const size_t np = sizeof pieces / sizeof pieces[0];
                const char *p = q % 5 ? pieces[(script * 5 + q / 5 % 6) % np] : pieces[q / 5 % np];
                memcpy(u + un, p, strlen(p));
                un += strlen(p);
            }
            uint32_t cps[200];
            ibidi_buf32 dec = {cps, 200, 0};
            ibidi_buf enc = {in + n + 4, 150, 0};
            if (ibidi_utf8_decode(u, un, &dec, NULL) ||
                ibidi_punycode_encode(cps, dec.len, &enc, NULL))
                continue;
            size_t got = enc.len;
            memcpy(in + n, "xn--", 4);
            char *lab = in + n;
            n += 4 + got;
            switch (rnd() % 12) { /* mutations */
            case 0: /* upper case, all of it */
                for (char *c = lab; c < in + n; c++)
                    *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
                break;
            case 1: /* upper case, one byte */
                if (got) {
                    char *c = lab + 4 + rnd() % got;
                    *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
                }
                break;
            case 2: /* a digit more */
                in[n++] = "a9zb"[rnd() % 4];
                break;
            case 3: /* a digit less */
                if (got)
                    n--;
                break;
            case 4: /* a delimiter first */
                memmove(lab + 5, lab + 4, got);
                lab[4] = '-';
                n++;
                break;
            default:
                break;
            }
        }
        if (rnd() % 10 == 0) /* the root label */
            in[n++] = '.';
        compare_calls(in, n, &st);
        for (size_t k = 0; k < sizeof lane_flags / sizeof lane_flags[0] * 2; k++) {
            static char lane_out[CAP];
            static uint32_t in32[700], out32[CAP];
            const unsigned flags = lane_flags[k / 2];
            const int to_ascii = k % 2;
            size_t ln = 0, n32 = 0;
            if (!ibidi__idna_alabel_lane(in, n, flags, to_ascii, lane_out, CAP, &ln))
                continue;
            ibidi_findings fs = {R.f, FCAP, 0, 0};
            ibidi_buf32 b32 = {out32, CAP, 0};
            ibidi_status s32 = IBIDI_E_INVALID_ARGUMENT;
            ibidi_buf32 dec = {in32, 700, 0};
            ibidi_status sd = ibidi_utf8_decode(in, n, &dec, NULL);
            n32 = dec.len;
            if (sd == IBIDI_OK)
                s32 = to_ascii ? ibidi_idna_to_ascii_cp(in32, n32, OPT(flags), &b32, &fs, NULL)
                               : ibidi_idna_to_unicode_cp(in32, n32, OPT(flags), &b32, &fs,
                                                          NULL);
            const size_t l32 = b32.len;
            ibidi_buf32 got = {in32, 700, 0};
            int ok = s32 == IBIDI_OK && fs.n == 0 &&
                     ibidi_utf8_decode(lane_out, ln, &got, NULL) == IBIDI_OK && got.len == l32 &&
                     memcmp(in32, out32, got.len * sizeof *in32) == 0;
            if (!ok && lane_fails++ < 5)
                CHECK(0, "A-label fast path decided \"%.*s\" flags %#x %s; the general path: "
                         "status %d, %zu findings",
                      (int)n, in, flags, to_ascii ? "ToASCII" : "ToUnicode", (int)s32, fs.n);
            lane_hits++;
        }
    }
    CHECK(lane_hits > 5000, "the A-label fast path decided only %ld calls", lane_hits);
    if (!st.fails && !lane_fails)
        t_pass_n(st.done + lane_hits);
    printf("info: %ld names with A-labels compared between UTF-8 and code points (%ld valid), "
           "%ld calls decided by the A-label fast path\n",
           st.done, st.valid, lane_hits);
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
    test_root_label();
    test_url_host();
    test_shortcuts();
    test_alabel_cases();
    test_alabel_names();
    test_options();
    test_alloc();
    /* every finding the calls above made had its code's severity and rule */
    CHECK(bad_findings == 0 && seen_findings > 0,
          "%ld of %ld findings with a wrong severity or rule", bad_findings, seen_findings);
    printf("info: %ld findings checked against the code table\n", seen_findings);
    return t_summary();
}
