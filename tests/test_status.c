/*
 * Status names and messages, the table of finding codes, and the version strings.
 *
 * The status values are read from include/ibidi/common.h at test time, so a status added
 * to the enum without a name and a message in src/common/status.c fails this test. The
 * finding codes are read the same way from the enums of idna.h, iri.h, ambiguity.h,
 * rfc5893.h and uts39.h, so a code added without its row in src/common/codes.c (or a row without a
 * code) fails too.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/internal.h" /* ibidi__code_set */
#include "ibidi/ambiguity.h"
#include "ibidi/common.h"
#include "ibidi/idna.h"
#include "ibidi/iri.h"
#include "ibidi/lgr.h"
#include "ibidi/rfc5893.h"
#include "ibidi/uts39.h"
#include "testlib.h"

#define MAX_STATUS 256

typedef struct parsed_status {
    char ident[64]; /* e.g. "IBIDI_E_UTF8_SURROGATE" */
    long value;
} parsed_status;

static parsed_status parsed[MAX_STATUS];
static size_t n_parsed;

/* Parses the body of "typedef enum <tag> { ... } <tag>;" in path: every
 * "IBIDI_<IDENT> = <number>" outside comments, into out[0..*count) (at most max). Returns 0
 * when the enum is not found. */
static int parse_enum_into(const char *path, const char *tag, parsed_status *out,
                           size_t *count, size_t max)
{
    size_t len;
    char head[96], tail[96];
    char *text = t_read_file(path, &len);
    if (!text)
        return 0;
    snprintf(head, sizeof head, "typedef enum %s", tag);
    snprintf(tail, sizeof tail, "} %s;", tag);
    const char *start = strstr(text, head);
    const char *end = start ? strstr(start, tail) : NULL;
    if (!start || !end) {
        free(text);
        return 0;
    }
    start = strchr(start, '{');
    const char *p = start ? start + 1 : end;
    while (p < end) {
        if (p[0] == '/' && p[1] == '*') { /* skip comments: they mention other names */
            const char *q = strstr(p + 2, "*/");
            p = q ? q + 2 : end;
            continue;
        }
        if (p[0] == '/' && p[1] == '/') {
            while (p < end && *p != '\n')
                p++;
            continue;
        }
        if (strncmp(p, "IBIDI_", 6) == 0 && (p == start + 1 || !(isalnum((unsigned char)p[-1]) || p[-1] == '_'))) {
            size_t n = 0;
            while (isalnum((unsigned char)p[n]) || p[n] == '_')
                n++;
            const char *q = p + n;
            while (*q == ' ' || *q == '\t')
                q++;
            if (*q == '=' && n < sizeof out[0].ident && *count < max) {
                char *num_end;
                long v = strtol(q + 1, &num_end, 0);
                if (num_end != q + 1) {
                    memcpy(out[*count].ident, p, n);
                    out[*count].ident[n] = '\0';
                    out[*count].value = v;
                    (*count)++;
                } else {
                    CHECK(0, "enum value not a number in %s: %.*s", path, (int)n, p);
                }
            } else {
                CHECK(0, "enumerator without an explicit value in %s: %.*s", path, (int)n, p);
            }
            p += n;
            continue;
        }
        p++;
    }
    free(text);
    return 1;
}

/* The status enum of common.h into parsed[]. */
static int parse_enum(const char *path)
{
    return parse_enum_into(path, "ibidi_status", parsed, &n_parsed, MAX_STATUS);
}

static int is_listed(long v)
{
    for (size_t i = 0; i < n_parsed; i++)
        if (parsed[i].value == v)
            return 1;
    return 0;
}

/* ---- Finding codes ------------------------------------------------------------------- */

/* The enums of finding codes and the range common.h gives each capability. */
typedef struct code_enum {
    const char *path;
    const char *tag;
    const char *prefix; /* of its enumerators */
    long lo, hi;
    size_t at_least; /* enumerators this test was written with */
} code_enum;

static const code_enum code_enums[] = {
    {"include/ibidi/idna.h", "ibidi_idna_code", "IBIDI_IDNA_", 1, 99, 36},
    {"include/ibidi/iri.h", "ibidi_iri_code", "IBIDI_IRI_", 101, 199, 6},
    {"include/ibidi/ambiguity.h", "ibidi_ambiguity_code", "IBIDI_AMBIGUITY_", 201, 299, 16},
    {"include/ibidi/rfc5893.h", "ibidi_rfc5893_requirement", "IBIDI_RFC5893_REQ_", 301, 399, 4},
    {"include/ibidi/uts39.h", "ibidi_uts39_code", "IBIDI_UTS39_", 401, 449, 2},
    {"include/ibidi/lgr.h", "ibidi_lgr_code", "IBIDI_LGR_", 451, 499, 2},
    {"include/ibidi/confusable.h", "ibidi_confusable_code", "IBIDI_CONFUSABLE_", 701, 749, 3},
    {"include/ibidi/show.h", "ibidi_show_code", "IBIDI_SHOW_", 751, 799, 11},
};
#define N_CODE_ENUMS (sizeof code_enums / sizeof code_enums[0])
#define MAX_CODES 512

static parsed_status codes[MAX_CODES];
static size_t n_codes;

static int is_code(long v)
{
    for (size_t i = 0; i < n_codes; i++)
        if (codes[i].value == v)
            return 1;
    return 0;
}

/* The name a code's enumerator implies: the enumerator without its prefix; the two IDNA2008
 * property codes drop their "_CP" too ("DISALLOWED", as the IDNA2008 tables say), and the
 * LGR codes keep "LGR_" ("LGR_INELIGIBLE": alone, "INELIGIBLE" would not say for what). */
static void implied_name(const char *ident, const char *prefix, char *out, size_t cap)
{
    snprintf(out, cap, "%s", ident + strlen(prefix) - (strcmp(prefix, "IBIDI_LGR_") == 0 ? 4 : 0));
    size_t n = strlen(out);
    if (strcmp(prefix, "IBIDI_IDNA_") == 0 && n > 3 && strcmp(out + n - 3, "_CP") == 0)
        out[n - 3] = '\0';
}

static void test_codes(void)
{
    /* every enumerator: in its capability's range, with a row of the table */
    for (size_t e = 0; e < N_CODE_ENUMS; e++) {
        const code_enum *ce = &code_enums[e];
        size_t first = n_codes;
        if (!CHECK(parse_enum_into(ce->path, ce->tag, codes, &n_codes, MAX_CODES),
                   "cannot read the %s enum in %s", ce->tag, ce->path))
            continue;
        CHECK(n_codes - first >= ce->at_least, "only %zu values of %s parsed",
              n_codes - first, ce->tag);
        for (size_t i = first; i < n_codes; i++) {
            const parsed_status *c = &codes[i];
            char want[64];
            CHECK(strncmp(c->ident, ce->prefix, strlen(ce->prefix)) == 0,
                  "%s: enumerator %s without the prefix %s", ce->tag, c->ident, ce->prefix);
            CHECK(c->value >= ce->lo && c->value <= ce->hi, "%s = %ld outside %ld..%ld",
                  c->ident, c->value, ce->lo, ce->hi);
            for (size_t j = 0; j < i; j++)
                CHECK(codes[j].value != c->value, "%s and %s share the value %ld",
                      codes[j].ident, c->ident, c->value);
            implied_name(c->ident, ce->prefix, want, sizeof want);
            const char *name = ibidi_code_name((ibidi_code)c->value);
            const char *msg = ibidi_code_message((ibidi_code)c->value);
            CHECK(name && strcmp(name, want) == 0, "code_name(%s = %ld) is %s, want %s",
                  c->ident, c->value, name ? name : "NULL", want);
            CHECK(msg && *msg && strcmp(msg, "unknown finding") != 0,
                  "code_message(%s) has no message", c->ident);
        }
    }
    /* the table: sorted by type, then value; every finding row a code of the enums, its
     * name, enumerator, texts present, names and messages unique; the lookups agree */
    size_t n_table = 0, rows = 0;
    const ibidi_code_info *t = ibidi_code_table(&n_table);
    static const char *const groups[] = {
        "bidi-rule", "context", "code-point", "hyphen", "label", "punycode", "length",
        "encoding", "component-rules", "ambiguity", "rfc5893", "script-policy", "lgr",
        "lgr-document", "identifier", "display", "zone", "syntax", "bidi", "api", "idna",
        "look-alike", "show", "success"};
    for (size_t i = 0; i < n_table; i++) {
        const ibidi_code_info *r = &t[i];
        const long v = r->value;
        if (i > 0)
            CHECK(t[i - 1].type < r->type || (t[i - 1].type == r->type && t[i - 1].value < v),
                  "row %zu (%s) out of order", i, r->name);
        CHECK(ibidi_code_describe(r->type, r->value) == r, "describe(%d, %ld) is not row %zu",
              (int)r->type, v, i);
        if (!CHECK(r->name && *r->name && r->message && *r->message && r->enumerator &&
                       r->capability && r->group && r->text && *r->text && r->from,
                   "row %zu (%ld): a field missing", i, v))
            continue;
        size_t g = 0;
        while (g < sizeof groups / sizeof groups[0] && strcmp(groups[g], r->group) != 0)
            g++;
        CHECK(g < sizeof groups / sizeof groups[0], "row %s: unknown group %s", r->name,
              r->group);
        CHECK(r->example || r->note, "row %s: neither an example nor a note saying why", r->name);
        CHECK(ibidi_code_order(r->type, r->value) >= 0, "row %s has no order", r->name);
        if (r->type == IBIDI_CODE_STATUS) {
            CHECK(is_listed(v), "status row %s: %ld is in no enum", r->name, v);
            CHECK(r->severity == (v == IBIDI_OK ? IBIDI_SEVERITY_SUCCESS : IBIDI_SEVERITY_FAILURE),
                  "status row %s: severity %d", r->name, (int)r->severity);
            continue;
        }
        rows++;
        CHECK(r->severity == IBIDI_SEVERITY_ERROR || r->severity == IBIDI_SEVERITY_WARNING,
              "finding row %s: severity %d", r->name, (int)r->severity);
        CHECK(is_code(v), "row %zu: code %ld is in no enum", i, v);
        CHECK((v >= 1 && v <= 99) || (v >= 101 && v <= 199) || (v >= 201 && v <= 299) ||
                  (v >= 301 && v <= 399) || (v >= 401 && v <= 449) || (v >= 451 && v <= 499) ||
                      (v >= 701 && v <= 749) || (v >= 751 && v <= 799),
              "row %zu: code %ld outside the ranges of common.h", i, v);
        CHECK(ibidi_code_name(r->value) == r->name, "code_name(%ld) is not row %zu's", v, i);
        CHECK(ibidi_code_message(r->value) == r->message, "code_message(%ld) is not row %zu's",
              v, i);
        CHECK(ibidi_code_from_name(r->name, strlen(r->name)) == r->value,
              "code_from_name(\"%s\") is %d, want %ld", r->name,
              ibidi_code_from_name(r->name, strlen(r->name)), v);
        for (size_t j = 0; j < i; j++) {
            const ibidi_code_info *o = &t[j];
            CHECK(strcmp(o->name, r->name) != 0, "codes %d and %d: same name %s", o->value,
                  r->value, r->name);
            CHECK(strcmp(o->message, r->message) != 0, "codes %d and %d: same message",
                  o->value, r->value);
        }
    }
    CHECK(ibidi_code_describe(IBIDI_CODE_FINDING, 0) == NULL &&
              ibidi_code_describe(IBIDI_CODE_STATUS, -1) == NULL &&
              ibidi_code_describe((ibidi_code_type)7, IBIDI_OK) == NULL &&
              ibidi_code_order(IBIDI_CODE_FINDING, 500) == -1,
          "describe and order of values that are none");
    /* the one order of codes: IdnaTestV2's letters, then the other codes, then statuses */
    CHECK(ibidi_code_order(IBIDI_CODE_FINDING, IBIDI_IDNA_P4) <
                  ibidi_code_order(IBIDI_CODE_FINDING, IBIDI_IDNA_B1) &&
              ibidi_code_order(IBIDI_CODE_FINDING, IBIDI_IDNA_V3) <
                  ibidi_code_order(IBIDI_CODE_FINDING, IBIDI_IDNA_U1) &&
              ibidi_code_order(IBIDI_CODE_FINDING, IBIDI_IDNA_X4_2) <
                  ibidi_code_order(IBIDI_CODE_FINDING, IBIDI_IDNA_DISALLOWED_CP) &&
              ibidi_code_order(IBIDI_CODE_FINDING, IBIDI_LGR_NOT_REGISTRABLE) <
                  ibidi_code_order(IBIDI_CODE_STATUS, IBIDI_OK),
          "the order of codes");
    {
        ibidi__code_set c;
        char out[64];
        ibidi__code_set_init(&c);
        ibidi__code_set_add(&c, IBIDI_CODE_STATUS, IBIDI_E_DOMAIN_CHAR, 9, 0);
        ibidi__code_set_add(&c, IBIDI_CODE_FINDING, IBIDI_IDNA_U1, 4, 0);
        ibidi__code_set_add(&c, IBIDI_CODE_FINDING, IBIDI_IDNA_V3, 7, 0);
        ibidi__code_set_add(&c, IBIDI_CODE_FINDING, IBIDI_IDNA_U1, 2, 0);
        ibidi__code_set_add(&c, IBIDI_CODE_FINDING, 0, 1, 0); /* none: ignored */
        const size_t n = ibidi__code_set_format(&c, out, sizeof out);
        CHECK(n == strlen("[V3, U1, DOMAIN_CHAR]") && memcmp(out, "[V3, U1, DOMAIN_CHAR]", n) == 0 &&
                  c.first == 2,
              "code set: %.*s, first %zu", (int)n, out, c.first);
    }

    printf("info: %zu finding codes parsed from the headers, %zu rows in the table\n", n_codes,
           rows);
    CHECK(rows == n_codes, "%zu rows in the table, %zu codes in the headers", rows, n_codes);

    /* values that are no codes */
    long unknown = 0;
    for (long v = -16; v <= 1000; v++) {
        if (is_code(v))
            continue;
        if (!CHECK(ibidi_code_name((ibidi_code)v) == NULL &&
                       strcmp(ibidi_code_message((ibidi_code)v), "unknown finding") == 0 &&
                       ibidi_code_describe(IBIDI_CODE_FINDING, (int)v) == NULL,
                   "value %ld is no code but has a name or message", v))
            break;
        unknown++;
    }
    CHECK(ibidi_code_name(INT_MAX) == NULL && ibidi_code_name(INT_MIN) == NULL &&
              strcmp(ibidi_code_message(INT_MAX), "unknown finding") == 0 &&
              strcmp(ibidi_code_message(INT_MIN), "unknown finding") == 0,
          "INT_MAX and INT_MIN are no codes");
    printf("info: %ld values in -16..1000 are no finding code\n", unknown);

    /* names: exact, case-sensitive, by length (no NUL needed) */
    CHECK(ibidi_code_from_name(NULL, 0) == -1 && ibidi_code_from_name(NULL, 2) == -1,
          "code_from_name(NULL)");
    CHECK(ibidi_code_from_name("", 0) == -1, "code_from_name(\"\")");
    CHECK(ibidi_code_from_name("b1", 2) == -1, "code_from_name is case-sensitive");
    CHECK(ibidi_code_from_name("B1x", 2) == IBIDI_IDNA_B1, "code_from_name reads len bytes");
    CHECK(ibidi_code_from_name("B1", 1) == -1, "code_from_name(\"B\")");
    CHECK(ibidi_code_from_name("B1 ", 3) == -1, "code_from_name(\"B1 \")");
    CHECK(ibidi_code_from_name("MIXED_DIRECTIONS", 16) == -1, "a longer name is unknown");
    CHECK(ibidi_code_from_name("MIXED_DIRECTION", 15) == IBIDI_IRI_MIXED_DIRECTION &&
              ibidi_code_from_name("VALID_TWIN", 10) == IBIDI_AMBIGUITY_VALID_TWIN &&
              ibidi_code_from_name("UNIQUENESS", 10) == IBIDI_RFC5893_REQ_UNIQUENESS &&
              ibidi_code_from_name("DISALLOWED", 10) == IBIDI_IDNA_DISALLOWED_CP &&
              ibidi_code_from_name("RESTRICTION_LEVEL", 17) == IBIDI_UTS39_RESTRICTION_LEVEL,
          "code_from_name of a name of each capability");
    /* the RFC 5893 requirement names of their own API are lower case: not code names */
    CHECK(ibidi_code_from_name("uniqueness", 10) == -1, "code_from_name(\"uniqueness\")");

    /* ibidi_findings_free: releases what an _alloc call allocated and zeroes the record */
    {
        static const char name[] = "-a.b--c.xn--zz.\xd7\x90" "1"; /* V3, V2, P4, B... */
        ibidi_buf out = {NULL, 0, 0};
        ibidi_findings fs = {NULL, 0, 0, 0};
        ibidi_status st = ibidi_idna_to_ascii_alloc(name, sizeof name - 1, NULL, &out, &fs, NULL);
        CHECK(st == IBIDI_E_IDNA_INVALID, "alloc on an invalid name: %s", ibidi_status_name(st));
        CHECK(out.data != NULL && fs.items != NULL && fs.n >= 3 && fs.cap >= fs.n &&
                  fs.errors >= 3,
              "alloc: out %p, %zu findings (%zu errors, cap %zu)", (void *)out.data, fs.n,
              fs.errors, fs.cap);
        ibidi_findings_free(&fs);
        CHECK(fs.items == NULL && fs.cap == 0 && fs.n == 0 && fs.errors == 0,
              "findings_free zeroes the record");
        ibidi_findings_free(&fs); /* twice: the record is empty now */
        CHECK(fs.items == NULL && fs.n == 0, "findings_free on an empty record");
        ibidi_free(out.data);
        ibidi_findings_free(NULL); /* allowed */
        CHECK(1, "findings_free(NULL)");
    }
}

/* ibidi_findings_codes: the one order, each code once, warnings left out, snprintf's
 * contract. */
static void findings_codes(void)
{
    ibidi_finding a[7];
    char t[64], small[6];
    memset(a, 0, sizeof a);
    const ibidi_code ac[7] = {IBIDI_IDNA_V6, IBIDI_IDNA_B1, IBIDI_IDNA_W_DIGIT_AFTER_RTL,
                              IBIDI_IDNA_P4, IBIDI_IDNA_B1, IBIDI_IDNA_A4_2, IBIDI_IDNA_C2};
    for (int i = 0; i < 7; i++) {
        a[i].code = ac[i];
        a[i].severity = ac[i] == IBIDI_IDNA_W_DIGIT_AFTER_RTL ? IBIDI_SEVERITY_WARNING
                                                             : IBIDI_SEVERITY_ERROR;
    }
    ibidi_buf out = {t, sizeof t, 0};
    ibidi_status st = ibidi_findings_codes(a, 7, &out);
    CHECK(st == IBIDI_OK && out.len == strlen("[P4, B1, C2, V6, A4_2]") &&
              memcmp(t, "[P4, B1, C2, V6, A4_2]", out.len) == 0,
          "findings_codes: order and repeats: %.*s", (int)out.len, t);
    st = ibidi_findings_codes(a + 2, 1, &out);
    CHECK(st == IBIDI_OK && out.len == 2 && memcmp(t, "[]", 2) == 0,
          "findings_codes: a warning alone");
    st = ibidi_findings_codes(NULL, 0, &out);
    CHECK(st == IBIDI_OK && out.len == 2 && memcmp(t, "[]", 2) == 0, "findings_codes: none");
    ibidi_buf cut = {small, sizeof small, 0};
    st = ibidi_findings_codes(a, 7, &cut);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && cut.len == 22, "findings_codes: cut: %s %zu",
          ibidi_status_name(st), cut.len);
    ibidi_buf none = {NULL, 0, 0};
    CHECK(ibidi_findings_codes(a, 7, &none) == IBIDI_E_BUFFER_TOO_SMALL && none.len == 22,
          "findings_codes: size alone");
    CHECK(ibidi_findings_codes(NULL, 1, &out) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_findings_codes(a, 1, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "findings_codes: bad arguments");
}

int main(void)
{
    findings_codes();
    if (!CHECK(parse_enum("include/ibidi/common.h"), "cannot read the ibidi_status enum"))
        return t_summary();
    /* the parser must have found the values this test was written with, at least */
    CHECK(n_parsed >= 14, "only %zu status values parsed from common.h", n_parsed);
    CHECK(is_listed(IBIDI_OK) && is_listed(IBIDI_E_UTF8_SURROGATE) && is_listed(IBIDI_E_CP_SYNTAX),
          "parser missed known values");

    for (size_t i = 0; i < n_parsed; i++) {
        const parsed_status *s = &parsed[i];
        ibidi_status st = (ibidi_status)s->value;
        const char *name = ibidi_status_name(st);
        const char *msg = ibidi_strerror(st);
        /* the name is the enumerator without IBIDI_E_ (errors) or IBIDI_ (OK) */
        const char *want = strncmp(s->ident, "IBIDI_E_", 8) == 0 ? s->ident + 8 : s->ident + 6;
        CHECK(name && strcmp(name, want) == 0, "status_name(%s = %ld) is %s, want %s", s->ident,
              s->value, name ? name : "NULL", want);
        CHECK(msg && *msg && strcmp(msg, "unknown status") != 0, "strerror(%s) has no message",
              s->ident);
        for (size_t j = 0; j < i; j++) {
            CHECK(parsed[j].value != s->value, "%s and %s share the value %ld", parsed[j].ident,
                  s->ident, s->value);
            const char *other_name = ibidi_status_name((ibidi_status)parsed[j].value);
            const char *other_msg = ibidi_strerror((ibidi_status)parsed[j].value);
            CHECK(!name || !other_name || strcmp(name, other_name) != 0, "%s and %s: same name",
                  parsed[j].ident, s->ident);
            CHECK(!msg || !other_msg || strcmp(msg, other_msg) != 0, "%s and %s: same message",
                  parsed[j].ident, s->ident);
        }
    }
    printf("info: %zu status values parsed from include/ibidi/common.h\n", n_parsed);

    /* values that are not statuses */
    long unknown = 0;
    for (long v = 0; v <= 1000; v++) {
        if (is_listed(v))
            continue;
        const char *msg = ibidi_strerror((ibidi_status)v);
        if (!CHECK(msg && strcmp(msg, "unknown status") == 0 &&
                       ibidi_status_name((ibidi_status)v) == NULL,
                   "value %ld is no status but has a name or message", v))
            break;
        unknown++;
    }
    CHECK(strcmp(ibidi_strerror((ibidi_status)INT_MAX), "unknown status") == 0 &&
              ibidi_status_name((ibidi_status)INT_MAX) == NULL,
          "INT_MAX is unknown");
    printf("info: %ld values in 0..1000 are no status\n", unknown);

    test_codes();

    /* versions */
    char v[32];
    snprintf(v, sizeof v, "%d.%d.%d", IBIDI_VERSION_MAJOR, IBIDI_VERSION_MINOR, IBIDI_VERSION_PATCH);
    CHECK(strcmp(ibidi_version(), IBIDI_VERSION_STRING) == 0, "ibidi_version() is %s",
          ibidi_version());
    CHECK(strcmp(IBIDI_VERSION_STRING, v) == 0, "IBIDI_VERSION_STRING %s vs the numbers %s",
          IBIDI_VERSION_STRING, v);
    CHECK(strcmp(ibidi_unicode_version(), "17.0.0") == 0, "ibidi_unicode_version() is %s",
          ibidi_unicode_version());
    CHECK(strcmp(IBIDI_UNICODE_VERSION_STRING, "17.0.0") == 0, "IBIDI_UNICODE_VERSION_STRING");
    return t_summary();
}
