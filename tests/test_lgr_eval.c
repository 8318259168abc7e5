/* Label evaluation under an LGR (RFC 7940 §8): eligibility, disposition, variants, index
 * labels and LGR sets, on an LGR of our own that holds each kind of rule and action, and on
 * ICANN's root zone and second-level LGRs (read from ../shared/lgr; skipped when absent).
 * Every expected figure is derived by hand from the LGR's text; the comments say how. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/lgr.h"
#include "ibidi/utf8.h"
#include "testlib.h"

/* An LGR that uses each construct once, so that each case below has one reason. */
static const char toy[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\">\n"
    "<meta><version comment=\"toy\">1</version><date>2026-11-25</date>\n"
    "<language>und-Latn</language><unicode-version>17.0.0</unicode-version></meta>\n"
    "<data>\n"
    " <char cp=\"0061\"><var cp=\"0062\" type=\"blocked\"/></char>\n"
    " <char cp=\"0062\"><var cp=\"0061\" type=\"blocked\"/></char>\n"
    " <char cp=\"0063\"><var cp=\"0064\" type=\"allocatable\"/></char>\n"
    " <char cp=\"0064\"><var cp=\"0063\" type=\"allocatable\"/></char>\n"
    " <char cp=\"0065\"><var cp=\"0065\" type=\"r-self\"/><var cp=\"0066\" type=\"r-self\"/></char>\n"
    " <char cp=\"0066\"><var cp=\"0065\" type=\"r-self\"/><var cp=\"0066\" type=\"r-self\"/></char>\n"
    " <char cp=\"0078 0079\"><var cp=\"007A\" type=\"allocatable\"/></char>\n"
    " <char cp=\"0078\"/>\n"
    " <char cp=\"0079\"/>\n"
    " <char cp=\"007A\"><var cp=\"0078 0079\" type=\"allocatable\"/></char>\n"
    " <char cp=\"0030\" not-when=\"leading-digit\"/>\n"
    " <range first-cp=\"0031\" last-cp=\"0039\" not-when=\"leading-digit\"/>\n"
    " <char cp=\"002D\" when=\"between\"/>\n"
    "</data>\n"
    "<rules>\n"
    " <class name=\"digits\">0030-0039</class>\n"
    " <difference name=\"odd\"><class by-ref=\"digits\"/><class>0030 0032 0034 0036 0038</class></difference>\n"
    " <rule name=\"leading-digit\"><look-behind><start/></look-behind><anchor/></rule>\n"
    " <rule name=\"between\"><look-behind><any/></look-behind><anchor/><look-ahead><any/></look-ahead></rule>\n"
    " <rule name=\"no-ac\"><char cp=\"0061\"/><any count=\"0+\"/><char cp=\"0063\"/></rule>\n"
    " <rule name=\"three-x\"><char cp=\"0078\" count=\"3+\"/></rule>\n"
    " <rule name=\"two-digits\"><class property=\"gc:Nd\" count=\"2\"/></rule>\n"
    " <rule name=\"odd-end\"><class by-ref=\"odd\"/><end/></rule>\n"
    " <action disp=\"invalid\" match=\"no-ac\" comment=\"no a before c\"/>\n"
    " <action disp=\"invalid\" match=\"three-x\"/>\n"
    " <action disp=\"invalid\" match=\"two-digits\"/>\n"
    " <action disp=\"invalid\" match=\"odd-end\"/>\n"
    " <action disp=\"activated\" only-variants=\"r-self\"/>\n"
    " <action disp=\"blocked\" any-variant=\"blocked\"/>\n"
    " <action disp=\"allocatable\" all-variants=\"allocatable\"/>\n"
    " <action disp=\"valid\"/>\n"
    "</rules>\n"
    "</lgr>\n";

static size_t cps_of(const char *s, uint32_t *cps)
{
    ibidi_buf32 dec = {cps, 64, 0};
    if (ibidi_utf8_decode(s, strlen(s), &dec, NULL) != IBIDI_OK)
        return 0;
    return dec.len;
}

static int is(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}

/* The variants of a label, collected as "label=disposition" joined by spaces. */
typedef struct collect {
    char text[8192];
    size_t len;
    int stop_after; /* stop after this many (0: never) */
    int seen;
} collect;

static int collect_fn(const ibidi_lgr_variant *v, void *ctx)
{
    collect *c = ctx;
    char buf[256];
    ibidi_buf enc = {buf, sizeof buf, 0};
    ibidi_utf8_encode(v->cps, v->n, &enc, NULL);
    size_t blen = enc.len;
    int w = snprintf(c->text + c->len, sizeof c->text - c->len, "%s%.*s=%s", c->len ? " " : "",
                     (int)blen, buf, v->disposition ? v->disposition : "?");
    if (w > 0 && (size_t)w < sizeof c->text - c->len)
        c->len += (size_t)w;
    c->seen++;
    return c->stop_after && c->seen >= c->stop_after;
}

static void variants(const ibidi_lgr *lgr, const char *label, unsigned flags, uint64_t max,
                     collect *c, ibidi_lgr_variant_summary *sum, ibidi_status *st)
{
    uint32_t cps[64];
    size_t n = cps_of(label, cps);
    c->len = 0;
    c->text[0] = 0;
    c->seen = 0;
    const ibidi_lgr_variant_options o = {flags, max, collect_fn, c};
    *st = ibidi_lgr_variants(lgr, cps, n, &o, sum, NULL);
}

static void check_label(const ibidi_lgr *lgr, const char *label, int eligible,
                        const char *disp, size_t action, const char *file, int line)
{
    ibidi_lgr_result r;
    ibidi_status st = ibidi_lgr_check_utf8(lgr, label, strlen(label), &r, NULL);
    t_check(st == IBIDI_OK && r.eligible == eligible && is(r.disposition, disp) &&
                r.action == action,
            file, line, "%s: status %d eligible %d disposition %s action %zu", label, st,
            r.eligible, r.disposition ? r.disposition : "(null)", r.action);
}
#define LABEL(lgr, s, el, disp, act) check_label(lgr, s, el, disp, act, __FILE__, __LINE__)

static void index_is(const ibidi_lgr *lgr, const char *label, const char *want, int line)
{
    char out[1024];
    ibidi_buf index = {out, sizeof out, 0};
    ibidi_status st = ibidi_lgr_index_label_utf8(lgr, label, strlen(label), &index, NULL);
    const size_t len = index.len;
    t_check(st == IBIDI_OK && len == strlen(want) && memcmp(out, want, len) == 0, __FILE__,
            line, "index of %s: status %d, %.*s, want %s", label, st, (int)len, out, want);
}

static void test_toy(void)
{
    ibidi_lgr *lgr = NULL;
    ibidi_lgr_diag d;
    ibidi_status st = ibidi_lgr_load(toy, sizeof toy - 1, NULL, &lgr, &d);
    CHECK(st == IBIDI_OK, "toy LGR loads: %d line %lu: %s", st, d.line, d.message);
    if (!lgr)
        return;
    const ibidi_lgr_info *info = ibidi_lgr_get_info(lgr);
    CHECK(info->symmetric && info->transitive && info->index_possible,
          "toy: symmetric %d transitive %d", info->symmetric, info->transitive);

    /* §8.1 eligibility: repertoire and context rules */
    LABEL(lgr, "a", 1, "valid", 7);
    LABEL(lgr, "a2", 1, "valid", 7);
    LABEL(lgr, "2a", 0, "invalid", IBIDI_LGR_NO_ACTION); /* not-when leading-digit holds */
    LABEL(lgr, "a-a", 1, "valid", 7);                   /* when "between" holds */
    LABEL(lgr, "-a", 0, "invalid", IBIDI_LGR_NO_ACTION);
    LABEL(lgr, "a-", 0, "invalid", IBIDI_LGR_NO_ACTION);
    LABEL(lgr, "aq", 0, "invalid", IBIDI_LGR_NO_ACTION); /* q: no repertoire entry */
    LABEL(lgr, "", 0, "invalid", IBIDI_LGR_NO_ACTION);
    {
        ibidi_lgr_result r;
        ibidi_lgr_check_utf8(lgr, "a-", 2, &r, NULL);
        CHECK(r.status == IBIDI_E_LGR_CONTEXT && r.offset == 1 && r.cp == '-' &&
                  is(r.context_rule, "between"),
              "a-: context rule between at 1 (%d %zu %s)", r.status, r.offset,
              r.context_rule ? r.context_rule : "-");
        ibidi_lgr_check_utf8(lgr, "2a", 2, &r, NULL);
        CHECK(r.status == IBIDI_E_LGR_CONTEXT && r.offset == 0 && is(r.context_rule, "leading-digit"),
              "2a: leading-digit at 0");
        ibidi_lgr_check_utf8(lgr, "aaq", 3, &r, NULL);
        CHECK(r.status == IBIDI_E_LGR_REPERTOIRE && r.offset == 2 && r.cp == 'q' && !r.context_rule,
              "aaq: repertoire at 2");
    }
    /* §7: whole-label rules and their actions, in order; a label an action makes "invalid"
       is not eligible (§8.1, last paragraph), the action still named */
    LABEL(lgr, "abc", 0, "invalid", 0);  /* a any* c */
    LABEL(lgr, "ca", 1, "valid", 7);     /* c before a: no match */
    LABEL(lgr, "xxx", 0, "invalid", 1);  /* x{3,}: three single x entries */
    LABEL(lgr, "xx", 1, "valid", 7);
    LABEL(lgr, "a24", 0, "invalid", 2);  /* two Nd in a row (class by property) */
    LABEL(lgr, "a2a4", 1, "valid", 7);
    LABEL(lgr, "a3", 0, "invalid", 3);   /* odd = digits minus even, at the end */
    LABEL(lgr, "a30", 0, "invalid", 2);
    {
        ibidi_lgr_result r;
        ibidi_lgr_check_utf8(lgr, "abc", 3, &r, NULL);
        CHECK(r.status == IBIDI_E_LGR_INVALID_DISPOSITION && r.offset == 0 && r.cp == 0 &&
                  !r.context_rule && !r.registrable && is(r.rule, "no-ac"),
              "abc: LGR_INVALID_DISPOSITION by its action (%d %zu %s)", r.status, r.offset,
              r.rule ? r.rule : "-");
    }
    LABEL(lgr, "a3a", 1, "valid", 7);
    /* §5.3.4: reflexive mappings give the original label their type; only-variants holds
       when every code point comes from a mapping */
    LABEL(lgr, "e", 1, "activated", 4);
    LABEL(lgr, "ef", 1, "activated", 4);
    LABEL(lgr, "ea", 1, "valid", 7);
    {
        ibidi_lgr_result r;
        ibidi_lgr_check_utf8(lgr, "abc", 3, &r, NULL);
        CHECK(is(r.rule, "no-ac") && !r.not_match && !r.default_action &&
                  is(r.action_comment, "no a before c"),
              "abc: decided by no-ac and its comment");
        ibidi_lgr_check_utf8(lgr, "e", 1, &r, NULL);
        CHECK(r.types == (uint64_t)1 << 2 && is(info->variant_types[2], "r-self"),
              "e: its reflexive type r-self (third type of the document)");
    }

    /* §8.2: variants and their dispositions */
    collect c = {{0}, 0, 0, 0};
    ibidi_lgr_variant_summary sum;
    variants(lgr, "a", 0, 0, &c, &sum, &st);
    CHECK(st == IBIDI_OK && strcmp(c.text, "b=blocked") == 0 && sum.estimate == 2 &&
              sum.generated == 1 && sum.reported == 1 && !sum.cut,
          "variants of a: %s", c.text);
    variants(lgr, "cd", 0, 0, &c, &sum, &st);
    CHECK(strcmp(c.text, "cc=allocatable dd=allocatable dc=allocatable") == 0 &&
              sum.estimate == 4 && sum.generated == 3,
          "variants of cd: %s", c.text);
    /* e is reflexive: no identity choice; f comes from a mapping of the same type */
    variants(lgr, "ea", 0, 0, &c, &sum, &st);
    CHECK(strcmp(c.text, "eb=blocked fa=valid fb=blocked") == 0 && sum.estimate == 4,
          "variants of ea: %s (estimate %llu)", c.text, (unsigned long long)sum.estimate);
    variants(lgr, "e", 0, 0, &c, &sum, &st);
    CHECK(strcmp(c.text, "f=activated") == 0 && sum.estimate == 2, "variants of e: %s", c.text);
    /* sequences: xy is one entry (the longest first) with its own variant */
    variants(lgr, "xyz", 0, 0, &c, &sum, &st);
    CHECK(strcmp(c.text, "xyxy=allocatable zz=allocatable zxy=allocatable") == 0,
          "variants of xyz: %s", c.text);
    /* §8.2 step 5: invalid variants are dropped unless asked for */
    variants(lgr, "ad", 0, 0, &c, &sum, &st);
    CHECK(strcmp(c.text, "bd=blocked bc=blocked") == 0 && sum.invalid == 1 &&
              sum.reported == 2 && sum.generated == 3,
          "variants of ad: %s", c.text);
    variants(lgr, "ad", IBIDI_LGR_INCLUDE_INVALID, 0, &c, &sum, &st);
    CHECK(strcmp(c.text, "ac=invalid bd=blocked bc=blocked") == 0 && sum.reported == 3,
          "variants of ad with invalid: %s", c.text);
    /* the bound and the callback */
    variants(lgr, "cd", 0, 2, &c, &sum, &st);
    CHECK(sum.generated == 2 && sum.cut && c.seen == 2, "cd bounded at 2: cut");
    variants(lgr, "cd", 0, 3, &c, &sum, &st);
    CHECK(sum.generated == 3 && !sum.cut, "cd bounded at 3: not cut");
    c.stop_after = 1;
    variants(lgr, "cd", 0, 0, &c, &sum, &st);
    CHECK(sum.stopped && sum.reported == 1, "the callback stops the enumeration");
    c.stop_after = 0;
    variants(lgr, "aq", 0, 0, &c, &sum, &st);
    CHECK(st == IBIDI_E_LGR_NOT_ELIGIBLE, "variants of a label that is not eligible");
    {
        uint32_t cps[64];
        size_t n = cps_of("cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdc", cps);
        uint64_t est = 0;
        CHECK(n == 63 && ibidi_lgr_variant_estimate(lgr, cps, n, &est, NULL) == IBIDI_OK &&
                  est == (uint64_t)1 << 63,
              "63 code points of two choices: 2^63 permutations");
        ibidi_lgr_variant_summary s2;
        const ibidi_lgr_variant_options bound = {.max = 1000};
        st = ibidi_lgr_variants(lgr, cps, n, &bound, &s2, NULL);
        CHECK(st == IBIDI_OK && s2.generated == 1000 && s2.cut, "a bound on 2^63 variants");
    }

    /* §8.5 index labels */
    index_is(lgr, "ba", "aa", __LINE__);
    index_is(lgr, "dc", "cc", __LINE__);
    index_is(lgr, "f", "e", __LINE__);
    index_is(lgr, "xyz", "xyxy", __LINE__); /* both divisions give xy+xy */
    index_is(lgr, "zz", "xyxy", __LINE__);
    index_is(lgr, "a-2", "a-2", __LINE__);

    /* labels over 63 code points, A-labels, bad UTF-8 */
    {
        char big[70];
        memset(big, 'a', 64);
        ibidi_lgr_result r;
        ibidi_error e;
        st = ibidi_lgr_check_utf8(lgr, big, 64, &r, &e);
        CHECK(st == IBIDI_E_LGR_LABEL_TOO_LONG && e.offset == 63 && e.value == 'a',
              "64 code points: too long at the 64th (%d %zu)", st, e.offset);
        st = ibidi_lgr_check_utf8(lgr, big, 63, &r, &e);
        CHECK(st == IBIDI_OK && r.eligible, "63 code points: evaluated");
        st = ibidi_lgr_check_utf8(lgr, "a\xff", 2, &r, &e);
        CHECK(st == IBIDI_E_UTF8_INVALID_BYTE && e.offset == 1, "ill-formed UTF-8: at byte 1");
        /* the decoder's record: len the whole count, also over the capacity */
        uint32_t cps[IBIDI_LGR_MAX_LABEL];
        ibidi_buf32 dec = {cps, IBIDI_LGR_MAX_LABEL, 0};
        st = ibidi_lgr_label_decode(big, 64, &dec, &e);
        CHECK(st == IBIDI_E_LGR_LABEL_TOO_LONG && dec.len == 64 && e.offset == 63,
              "label_decode: 64 code points, too long (%zu)", dec.len);
        st = ibidi_lgr_label_decode("xn--mgbh0a", 10, &dec, &e);
        CHECK(st == IBIDI_OK && dec.len == 3 && cps[0] == 0x0634 && cps[2] == 0x0627,
              "label_decode: an A-label");
        CHECK(ibidi_lgr_label_decode("a", 1, NULL, &e) == IBIDI_E_INVALID_ARGUMENT,
              "label_decode: no record");
        dec = (ibidi_buf32){NULL, 1, 0};
        CHECK(ibidi_lgr_label_decode("a", 1, &dec, &e) == IBIDI_E_INVALID_ARGUMENT,
              "label_decode: data NULL with a capacity");
    }
    /* the index label's records: the size needed when it does not fit */
    {
        uint32_t cps[4] = {'x', 'y', 'z'}, idx[3];
        ibidi_buf32 index = {idx, 3, 0};
        CHECK(ibidi_lgr_index_label(lgr, cps, 3, &index, NULL) == IBIDI_E_BUFFER_TOO_SMALL &&
                  index.len == 4,
              "index label: 4 code points needed, 3 given");
        index = (ibidi_buf32){NULL, 0, 0};
        CHECK(ibidi_lgr_index_label(lgr, cps, 3, &index, NULL) == IBIDI_E_BUFFER_TOO_SMALL &&
                  index.len == 4,
              "index label: measured without a buffer");
        CHECK(ibidi_lgr_index_label(lgr, cps, 3, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
              "index label: no record");
        char u8[3];
        ibidi_buf index8 = {u8, sizeof u8, 0};
        CHECK(ibidi_lgr_index_label_utf8(lgr, "xyz", 3, &index8, NULL) ==
                      IBIDI_E_BUFFER_TOO_SMALL &&
                  index8.len == 4,
              "index label (UTF-8): 4 bytes needed, 3 given");
        CHECK(ibidi_lgr_index_label_utf8(lgr, "xyz", 3, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
              "index label (UTF-8): no record");
    }
    /* the variants' options: NULL is the defaults, unknown flag bits are refused */
    {
        uint32_t cps[2] = {'b', 'a'};
        ibidi_lgr_variant_summary s1, s2;
        const ibidi_lgr_variant_options zero = {0, 0, NULL, NULL};
        CHECK(ibidi_lgr_variants(lgr, cps, 2, NULL, &s1, NULL) == IBIDI_OK &&
                  ibidi_lgr_variants(lgr, cps, 2, &zero, &s2, NULL) == IBIDI_OK &&
                  s1.generated == s2.generated && s1.reported == s2.reported && !s1.cut,
              "variants: NULL and zeroed options agree (%llu generated)",
              (unsigned long long)s1.generated);
        const ibidi_lgr_variant_options bad = {0x2u, 0, NULL, NULL};
        CHECK(ibidi_lgr_variants(lgr, cps, 2, &bad, &s1, NULL) == IBIDI_E_INVALID_ARGUMENT,
              "variants: unknown flag bits refused");
    }
    ibidi_lgr_free(lgr);
}

/* ---- ICANN's LGRs ---------------------------------------------------------------------- */

static ibidi_lgr *load_shared(const char *rel)
{
    char path[512];
    snprintf(path, sizeof path, "../shared/lgr/%s", rel);
    ibidi_lgr *lgr = NULL;
    ibidi_lgr_diag d;
    ibidi_status st = ibidi_lgr_load_file(path, NULL, &lgr, &d);
    if (st == IBIDI_E_LGR_FILE)
        return NULL;
    CHECK(st == IBIDI_OK, "%s loads: %s", rel, d.message);
    return lgr;
}

/* RFC 7940 §8.1-§8.4 on an LGR written for them: each label below has one reason to be
 * what it is.
 *   a b:  a has the variant x; b stands only after a (when="after-a")
 *   c d:  c has x and x y; d has y z and z: replacing one moves what follows, so two
 *         permutations of one division can spell the same label
 *   e f, g h, i j: sequences that are repertoire entries beside their code points, each
 *         with variants of its own (a label divides two ways, §8.2)
 *   k:    in the repertoire only with a reflexive out-of-repertoire-var mapping */
static const char div_lgr[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\">\n"
    "<meta><version>1</version><unicode-version>17.0.0</unicode-version></meta>\n"
    "<data>\n"
    " <char cp=\"0061\"><var cp=\"0078\" type=\"blocked\"/></char>\n"
    " <char cp=\"0062\" when=\"after-a\"/>\n"
    " <char cp=\"0063\"><var cp=\"0078\" type=\"blocked\"/><var cp=\"0078 0079\" type=\"blocked\"/></char>\n"
    " <char cp=\"0064\"><var cp=\"0079 007A\" type=\"blocked\"/><var cp=\"007A\" type=\"blocked\"/></char>\n"
    " <char cp=\"0065\"><var cp=\"0070\" type=\"blocked\"/></char>\n"
    " <char cp=\"0066\"><var cp=\"0071\" type=\"blocked\"/></char>\n"
    " <char cp=\"0065 0066\"><var cp=\"0077\" type=\"allocatable\"/></char>\n"
    " <char cp=\"0067\"><var cp=\"0072\" type=\"blocked\"/></char>\n"
    " <char cp=\"0068\"><var cp=\"0073\" type=\"blocked\"/></char>\n"
    " <char cp=\"0067 0068\"><var cp=\"0072 0073\" type=\"blocked\"/></char>\n"
    " <char cp=\"0069\"><var cp=\"0074\" type=\"blocked\"/></char>\n"
    " <char cp=\"006A\"><var cp=\"0075\" type=\"blocked\"/></char>\n"
    " <char cp=\"0069 006A\"><var cp=\"0074 0075\" type=\"allocatable\"/></char>\n"
    " <char cp=\"006B\"><var cp=\"006B\" type=\"out-of-repertoire-var\"/></char>\n"
    " <range first-cp=\"0070\" last-cp=\"007A\"/>\n"
    "</data>\n"
    "<rules>\n"
    " <rule name=\"after-a\"><look-behind><char cp=\"0061\"/></look-behind><anchor/></rule>\n"
    " <rule name=\"double-a\"><char cp=\"0061\" count=\"2\"/></rule>\n"
    " <action disp=\"invalid\" match=\"double-a\"/>\n"
    " <action disp=\"invalid\" any-variant=\"out-of-repertoire-var\"/>\n"
    "</rules>\n"
    "</lgr>\n";

static void sum_is(const char *label, const collect *c, const ibidi_lgr_variant_summary *s,
                   const char *want, uint64_t est, uint64_t gen, uint64_t rep, uint64_t inv,
                   uint64_t dup, uint64_t conf, int line)
{
    t_check(strcmp(c->text, want) == 0 && s->estimate == est && s->generated == gen &&
                s->reported == rep && s->invalid == inv && s->duplicates == dup &&
                s->conflicts == conf,
            __FILE__, line,
            "%s: [%s] estimate %llu generated %llu reported %llu invalid %llu duplicates "
            "%llu conflicts %llu",
            label, c->text, (unsigned long long)s->estimate, (unsigned long long)s->generated,
            (unsigned long long)s->reported, (unsigned long long)s->invalid,
            (unsigned long long)s->duplicates, (unsigned long long)s->conflicts);
}

/* Counts the variant records marked as §8.4 conflicts. */
static int count_conflicts(const ibidi_lgr_variant *v, void *ctx)
{
    *(int *)ctx += v->conflict;
    return 0;
}

static void test_section8(void)
{
    ibidi_lgr *lgr = NULL;
    ibidi_lgr_diag d;
    ibidi_status st = ibidi_lgr_load(div_lgr, sizeof div_lgr - 1, NULL, &lgr, &d);
    CHECK(st == IBIDI_OK, "the §8 LGR loads: %d line %lu: %s", st, d.line, d.message);
    if (!lgr)
        return;
    collect c = {{0}, 0, 0, 0};
    ibidi_lgr_variant_summary s;

    /* §8.1 (last paragraph), §8.1.1: an action that makes the label invalid, by a rule or
       by the type of a reflexive mapping, makes it not eligible; it has no variants
       (§8.2 step 6) */
    LABEL(lgr, "aa", 0, "invalid", 0);
    LABEL(lgr, "ak", 0, "invalid", 1);
    {
        ibidi_lgr_result r;
        ibidi_lgr_check_utf8(lgr, "ak", 2, &r, NULL);
        CHECK(r.status == IBIDI_E_LGR_INVALID_DISPOSITION && !r.registrable && r.offset == 0 &&
                  r.cp == 0,
              "ak: not eligible by its reflexive mapping's type (%d)", r.status);
        uint32_t cps[2] = {'a', 'a'};
        uint64_t est = 7;
        CHECK(ibidi_lgr_variant_estimate(lgr, cps, 2, &est, NULL) == IBIDI_E_LGR_NOT_ELIGIBLE &&
                  est == 0,
              "aa: no variant estimate");
    }
    variants(lgr, "aa", 0, 0, &c, &s, &st);
    CHECK(st == IBIDI_E_LGR_NOT_ELIGIBLE && s.generated == 0, "aa: no variants (%d)", st);

    /* §8.3 step 1: b keeps its place in xb, but its when rule needs a before it: the
       variant label is invalid, dropped (§8.2 step 5), listed only on request */
    LABEL(lgr, "ab", 1, "valid", 6);
    variants(lgr, "ab", 0, 0, &c, &s, &st);
    sum_is("ab", &c, &s, "", 2, 1, 0, 1, 0, 0, __LINE__);
    variants(lgr, "ab", IBIDI_LGR_INCLUDE_INVALID, 0, &c, &s, &st);
    sum_is("ab (include invalid)", &c, &s, "xb=invalid", 2, 1, 1, 1, 0, 0, __LINE__);

    /* §8.2, every division: e f as one entry (its variant w) and as two (p for e, q for f):
       2 + 2 * 2 permutations, the label itself twice among them */
    variants(lgr, "ef", 0, 0, &c, &s, &st);
    sum_is("ef", &c, &s, "w=allocatable eq=blocked pf=blocked pq=blocked", 6, 4, 4, 0, 0, 0,
           __LINE__);

    /* §8.4: r s comes from the sequence and from its two code points, with the same types:
       listed once */
    variants(lgr, "gh", 0, 0, &c, &s, &st);
    sum_is("gh", &c, &s, "rs=blocked gs=blocked rh=blocked", 6, 4, 3, 0, 1, 0, __LINE__);

    /* §8.4: t u from the sequence is allocatable, from the two code points blocked: the
       second derivation is reported again, marked as a conflict */
    int conflicts = 0;
    variants(lgr, "ij", 0, 0, &c, &s, &st);
    sum_is("ij", &c, &s, "tu=allocatable iu=blocked tj=blocked tu=blocked", 6, 4, 4, 0, 1, 1,
           __LINE__);
    {
        uint32_t cps[2] = {'i', 'j'};
        const ibidi_lgr_variant_options o = {0, 0, count_conflicts, &conflicts};
        ibidi_lgr_variants(lgr, cps, 2, &o, &s, NULL);
        CHECK(conflicts == 1, "ij: one record marked as a conflict (%d)", conflicts);
    }

    /* §8.4 within one division: c -> x then d -> y z and c -> x y then d -> z both spell
       x y z; 3 * 3 permutations, the label itself one of them */
    variants(lgr, "cd", 0, 0, &c, &s, &st);
    sum_is("cd", &c, &s,
           "cyz=blocked cz=blocked xd=blocked xyz=blocked xz=blocked xyd=blocked xyyz=blocked", 9,
           8, 7, 0, 1, 0, __LINE__);
    ibidi_lgr_free(lgr);
}

/* The four cases where an earlier evaluation differed from ICANN's lgr-core (its answers
 * are those RFC 7940 §8 gives): eligibility of a label an action makes invalid, variants of
 * an invalid label, context rules of unchanged code points in a variant label, every
 * division of a label. */
static void test_lgr_core_cases(ibidi_lgr *ar, ibidi_lgr *sl)
{
    collect c = {{0}, 0, 0, 0};
    ibidi_lgr_variant_summary s;
    ibidi_status st;
    /* 1. RZ-LGR-5 Arabic, آبتنىهایم: ALEF MAKSURA (0649) and FARSI YEH (06CC) in one label:
       the file's fifth action (no-mix-alef-maksura-farsi-yeh) makes it invalid */
    LABEL(ar, "آبتنىهایم", 0, "invalid", 4);
    variants(ar, "آبتنىهایم", 0, 0, &c, &s, &st);
    CHECK(st == IBIDI_E_LGR_NOT_ELIGIBLE, "آبتنىهایم: no variants (%d)", st);
    index_is(ar, "آبتنىهایم", "آبتنئةآئم", __LINE__); /* lgr-core's too */
    /* 3. second-level Arabic, يعرش: YEH (064A) has 0649 among its variants with no rule of
       its own, but the entry 0649 has not-when="initial-or-medial-position": ىعرش is
       invalid; six variants stay (lgr-core lists the same six) */
    if (sl) {
        variants(sl, "يعرش", 0, 0, &c, &s, &st);
        CHECK(st == IBIDI_OK && s.reported == 6 && s.invalid == 1 && !strstr(c.text, "ىعرش") &&
                  strstr(c.text, "یعرش=allocatable"),
              "يعرش: six variants, ىعرش invalid (%s)", c.text);
    }
}

/* The same cases under RZ-LGR-5 Latin and Devanagari. */
static void test_lgr_core_cases2(ibidi_lgr *latin, ibidi_lgr *deva)
{
    collect c = {{0}, 0, 0, 0};
    ibidi_lgr_variant_summary s;
    ibidi_status st;
    if (latin) {
        /* 2. afriсa with CYRILLIC SMALL LETTER ES (0441): in the Latin LGR only with a
           reflexive out-of-repertoire-var mapping, so the file's second action makes it
           invalid; not eligible, no variants (africa itself has 4199) */
        LABEL(latin, "afriсa", 0, "invalid", 1);
        variants(latin, "afriсa", 0, 0, &c, &s, &st);
        CHECK(st == IBIDI_E_LGR_NOT_ELIGIBLE, "afriсa: no variants (%d)", st);
        variants(latin, "africa", 0, 0, &c, &s, &st);
        CHECK(st == IBIDI_OK && s.reported == 4199, "africa: 4199 variants (%llu)",
              (unsigned long long)s.reported);
        /* 4. ass divides as a s s and as a ss: 5 choices for a, 3 for each s, 5 for ss
           (ß, β, ѕѕ, ടട and itself): 5 * 9 + 5 * 5 = 70 permutations; 54 variant labels,
           14 spelt twice (a's choices with s s, ѕ ѕ or ട ട, both ways), the label itself
           twice (lgr-core lists the same 54) */
        variants(latin, "ass", 0, 0, &c, &s, &st);
        CHECK(st == IBIDI_OK && s.estimate == 70 && s.reported == 54 && s.duplicates == 14 &&
                  s.conflicts == 0 && strstr(c.text, "asѕ=blocked") &&
                  strstr(c.text, "asട=blocked") && strstr(c.text, "aß=blocked"),
              "ass: 54 variants (%llu reported, %llu duplicates)",
              (unsigned long long)s.reported, (unsigned long long)s.duplicates);
        /* ya̱ (0079 0061 0331): a̱ is a sequence with no variants, its a alone has some, and
           0331 alone is no entry; the one division y | a̱ gives y's four variants. lgr-core
           lists none here (it follows only the entries with variants at a position, and
           the a | 0331 path ends), where §8.2 asks for every eligible division. */
        variants(latin, "ya\u0331", 0, 0, &c, &s, &st);
        CHECK(st == IBIDI_OK && s.reported == 4 && strstr(c.text, "ɣa\u0331=blocked") &&
                  strstr(c.text, "γa\u0331=blocked"),
              "ya̱: 4 variants (%s)", c.text);
    }
    if (deva) {
        /* 3. पड़ेंगे: with GURMUKHI LETTER GA (0A17) for 0917, the unchanged vowel sign E
           (0947) after it fails its when rule (follows-C-or-CN): of 383 permutations, 288
           are invalid and 95 listed, as lgr-core has them */
        variants(deva, "पड़ेंगे", 0, 0, &c, &s, &st);
        CHECK(st == IBIDI_OK && s.generated == 383 && s.reported == 95 && s.invalid == 288 &&
                  !strstr(c.text, "पड़ेंਗे"),
              "पड़ेंगे: 95 variants, 288 invalid (%llu %llu)", (unsigned long long)s.reported,
              (unsigned long long)s.invalid);
    }
}

/* RZ-LGR-5 Arabic. ايران is ALEF YEH REH ALEF NOON (0627 064A 0631 0627 0646). Its entries'
 * variants in the file: 0627 has 4 (all blocked), 064A has 7 (06CC allocatable, 6
 * blocked), 0631 none, 0646 one (06BA allocatable): 5 * 8 * 1 * 5 * 2 = 400 permutations,
 * the original among them. Those made with allocatable mappings only: 06CC, 06BA, both:
 * 3 allocatable; the 396 others hold a blocked mapping. No two letters of a no-mix rule
 * can meet in them (the label has one yeh and no kaf or heh), so none is invalid. */
static void test_rz_arabic(ibidi_lgr *ar, ibidi_lgr *common)
{
    LABEL(ar, "ايران", 1, "valid", 20); /* the document's own catch-all, its 21st action */
    collect c = {{0}, 0, 0, 0};
    ibidi_lgr_variant_summary sum;
    ibidi_status st;
    variants(ar, "ايران", 0, 0, &c, &sum, &st);
    CHECK(st == IBIDI_OK && sum.estimate == 400 && sum.generated == 399 && sum.reported == 399 &&
              sum.invalid == 0,
          "ايران: 399 variants (%llu %llu %llu)", (unsigned long long)sum.estimate,
          (unsigned long long)sum.generated, (unsigned long long)sum.reported);
    CHECK(strstr(c.text, "ایران=allocatable") != NULL, "ایران is an allocatable variant of ايران");
    size_t alloc = 0;
    for (const char *p = c.text; (p = strstr(p, "=allocatable")); p++)
        alloc++;
    CHECK(alloc == 3, "3 allocatable variants (%zu)", alloc);
    CHECK(strstr(c.text, "آيران=blocked") != NULL, "آيران (ALEF WITH MADDA) is blocked");
    /* WLE rule 1: do not mix KAF (0643) and KEHEH (06A9): action 3 of the file */
    LABEL(ar, "كاک", 0, "invalid", 2);
    LABEL(ar, "کاک", 1, "valid", 20);
    /* no digits, no hyphen in the root zone */
    LABEL(ar, "ايران1", 0, "invalid", IBIDI_LGR_NO_ACTION);
    /* both Public Suffix List names collide: the same index label */
    char a[256], b[256];
    ibidi_buf ia = {a, sizeof a, 0}, ib = {b, sizeof b, 0};
    ibidi_lgr_index_label_utf8(ar, "ايران", strlen("ايران"), &ia, NULL);
    ibidi_lgr_index_label_utf8(ar, "ایران", strlen("ایران"), &ib, NULL);
    const size_t al = ia.len, bl = ib.len;
    CHECK(al && al == bl && memcmp(a, b, al) == 0, "ايران and ایران share their index label");
    if (common) {
        uint32_t cps[64];
        size_t n = cps_of("ايران", cps);
        ibidi_lgr_set_result sr;
        st = ibidi_lgr_set_check(ar, common, cps, n, &sr, NULL);
        CHECK(st == IBIDI_OK && sr.element.eligible && sr.common_eligible &&
                  sr.index_status == IBIDI_OK && sr.index_len == 5,
              "ايران in the root zone set: eligible in both, index of 5 (%d %d %zu)",
              sr.common_eligible, sr.index_status, sr.index_len);
        n = cps_of("ایران", cps);
        ibidi_lgr_set_result sr2;
        ibidi_lgr_set_check(ar, common, cps, n, &sr2, NULL);
        CHECK(sr2.index_len == sr.index_len &&
                  memcmp(sr.index, sr2.index, sr.index_len * sizeof(uint32_t)) == 0,
              "ایران collides with ايران in the common LGR too");
    }
}

/* Collisions across scripts (root zone procedure): the common LGR holds every script's
 * repertoire with the cross-script variants, so Latin ace and Cyrillic асе (0430 0441
 * 0435), and Greek ορο and Latin opo, share their index labels, which the element LGRs
 * alone cannot show. */
static void test_cross_script(ibidi_lgr *common, ibidi_lgr *latin)
{
    index_is(common, "асе", "ace", __LINE__);
    index_is(common, "ace", "ace", __LINE__);
    index_is(common, "ορο", "opo", __LINE__);
    if (latin) {
        uint32_t cps[64];
        size_t n = cps_of("асе", cps);
        ibidi_lgr_set_result sr;
        ibidi_status st = ibidi_lgr_set_check(latin, common, cps, n, &sr, NULL);
        /* the Latin element LGR lists Cyrillic look-alikes only with a reflexive
           out-of-repertoire-var mapping: invalid by its second action, so not eligible
           (RFC 7940 §8.1.1) */
        CHECK(st == IBIDI_OK && !sr.element.eligible && !sr.element.registrable &&
                  sr.element.status == IBIDI_E_LGR_INVALID_DISPOSITION &&
                  sr.element.action == 1 && sr.common_eligible &&
                  sr.index_status == IBIDI_OK && sr.index_len == 3 && sr.index[0] == 'a',
              "Cyrillic асе: invalid in the Latin LGR, but its common index is ace");
    }
}

/* RZ-LGR-5 Hebrew: final and nominal forms are blocked variants of each other; VAV and
 * SAMEKH are blocked variants of Latin i and o, which are in the repertoire only with a
 * reflexive out-of-repertoire-var mapping, so a label holding them is invalid (the second
 * action of the file). */
static void test_rz_hebrew(ibidi_lgr *he)
{
    LABEL(he, "שלום", 1, "valid", 4);
    LABEL(he, "שלוi", 0, "invalid", 1);
    LABEL(he, "ש1", 0, "invalid", IBIDI_LGR_NO_ACTION);
    collect c = {{0}, 0, 0, 0};
    ibidi_lgr_variant_summary sum;
    ibidi_status st;
    /* ש ל ו ם: ו has one variant (i), ם one (מ): 2 * 2 = 4 permutations, 3 variants, each
       holding a blocked mapping */
    variants(he, "שלום", 0, 0, &c, &sum, &st);
    CHECK(strcmp(c.text, "שלומ=blocked שלiם=blocked שלiמ=blocked") == 0 && sum.estimate == 4,
          "variants of שלום: %s", c.text);
}

/* Second-level reference LGR for the Arabic script: digits and hyphen with context rules
 * (leading-digit, hyphen-minus-disallowed, initial-or-medial-position of ALEF MAKSURA), and
 * digit-mixing as a whole-label rule (action 2 of the file). */
static void test_sl_arabic(ibidi_lgr *sl)
{
    LABEL(sl, "بب1", 1, "valid", 21);
    LABEL(sl, "1بب", 0, "invalid", IBIDI_LGR_NO_ACTION);
    LABEL(sl, "١بب", 0, "invalid", IBIDI_LGR_NO_ACTION);
    LABEL(sl, "بب1١", 0, "invalid", 1);    /* ASCII and Arabic-Indic digits mixed */
    LABEL(sl, "بب١۱", 0, "invalid", 1);    /* Arabic-Indic and Extended Arabic-Indic */
    LABEL(sl, "ب-ب", 1, "valid", 21);
    LABEL(sl, "-بب", 0, "invalid", IBIDI_LGR_NO_ACTION);
    LABEL(sl, "بب-", 0, "invalid", IBIDI_LGR_NO_ACTION);
    LABEL(sl, "بى", 1, "valid", 21);        /* ALEF MAKSURA at the end */
    LABEL(sl, "ىب", 0, "invalid", IBIDI_LGR_NO_ACTION);
    /* كتب1: KAF has 06A9 (optionally-activated) and 06AA (allocatable), TEH has 067A
       (blocked), DIGIT ONE has 0661 and 06F1 (activated): 3 * 2 * 3 = 18 permutations.
       By the file's actions: a blocked mapping blocks (its 17th action); else an
       optionally-activated one makes it allocatable (19th); else an activated one
       activated (20th); allocatable mappings alone allocatable (21st) */
    collect c = {{0}, 0, 0, 0};
    ibidi_lgr_variant_summary sum;
    ibidi_status st;
    variants(sl, "كتب1", 0, 0, &c, &sum, &st);
    CHECK(st == IBIDI_OK && sum.estimate == 18 && sum.generated == 17 &&
              strcmp(c.text, "كتب١=activated كتب۱=activated كٺب1=blocked كٺب١=blocked كٺب۱=blocked کتب1=allocatable کتب١=allocatable کتب۱=allocatable کٺب1=blocked کٺب١=blocked کٺب۱=blocked ڪتب1=allocatable ڪتب١=activated ڪتب۱=activated ڪٺب1=blocked ڪٺب١=blocked ڪٺب۱=blocked") == 0,
          "variants of كتب1: %s", c.text);
    ibidi_lgr_result r;
    ibidi_lgr_check_utf8(sl, "1بب", strlen("1بب"), &r, NULL);
    CHECK(r.status == IBIDI_E_LGR_CONTEXT && r.offset == 0 && is(r.context_rule, "leading-digit"),
          "1بب: leading-digit");
    ibidi_lgr_check_utf8(sl, "ىب", strlen("ىب"), &r, NULL);
    CHECK(is(r.context_rule, "initial-or-medial-position"), "ىب: initial-or-medial-position");
}

/* One loaded LGR, labels judged from several threads at once: every thread gets what one
 * thread alone gets (the LGR is read-only; evaluation keeps its state on the stack). */
#define N_THREADS 4
#define N_THREAD_LABELS 2000

typedef struct thread_job {
    const ibidi_lgr *lgr;
    const uint32_t (*labels)[8];
    const char **want_disp;
    const uint64_t *want_generated;
    int mismatches;
} thread_job;

static void *judge_all(void *arg)
{
    thread_job *j = arg;
    for (int i = 0; i < N_THREAD_LABELS; i++) {
        ibidi_lgr_result r;
        ibidi_lgr_variant_summary sum;
        ibidi_lgr_check(j->lgr, j->labels[i], 8, &r, NULL);
        ibidi_lgr_variants(j->lgr, j->labels[i], 8, NULL, &sum, NULL);
        if (r.disposition != j->want_disp[i] || sum.generated != j->want_generated[i])
            j->mismatches++;
    }
    return NULL;
}

static void test_threads(void)
{
    ibidi_lgr *lgr = NULL;
    if (ibidi_lgr_load(toy, sizeof toy - 1, NULL, &lgr, NULL) != IBIDI_OK)
        return;
    static uint32_t labels[N_THREAD_LABELS][8];
    static const char *want_disp[N_THREAD_LABELS];
    static uint64_t want_generated[N_THREAD_LABELS];
    static const uint32_t letters[] = {'a', 'b', 'c', 'd', 'e', 'f', 'x', 'y', 'z', '1', '-'};
    uint32_t seed = 12345;
    for (int i = 0; i < N_THREAD_LABELS; i++) {
        for (int k = 0; k < 8; k++)
            labels[i][k] = letters[t_xorshift32(&seed) % (sizeof letters / sizeof letters[0])];
        ibidi_lgr_result r;
        ibidi_lgr_variant_summary sum;
        ibidi_lgr_check(lgr, labels[i], 8, &r, NULL);
        ibidi_lgr_variants(lgr, labels[i], 8, NULL, &sum, NULL);
        want_disp[i] = r.disposition;
        want_generated[i] = sum.generated;
    }
    pthread_t th[N_THREADS];
    thread_job jobs[N_THREADS];
    for (int t = 0; t < N_THREADS; t++) {
        jobs[t] = (thread_job){lgr, (const uint32_t(*)[8])labels, want_disp, want_generated, 0};
        CHECK(pthread_create(&th[t], NULL, judge_all, &jobs[t]) == 0, "thread %d starts", t);
    }
    int mismatches = 0;
    for (int t = 0; t < N_THREADS; t++) {
        pthread_join(th[t], NULL);
        mismatches += jobs[t].mismatches;
    }
    CHECK(mismatches == 0, "%d threads x %d labels: %d results differ from one thread's",
          N_THREADS, N_THREAD_LABELS, mismatches);
    ibidi_lgr_free(lgr);
}

int main(void)
{
    test_toy();
    test_section8();
    test_threads();
    ibidi_lgr *ar = load_shared("root-zone/lgr-5/lgr-5-arabic-script-26may22-en.xml");
    if (!ar) {
        printf("skipped: ../shared/lgr is not there (ICANN's LGRs)\n");
        return t_summary();
    }
    ibidi_lgr *he = load_shared("root-zone/lgr-5/lgr-5-hebrew-script-26may22-en.xml");
    ibidi_lgr *common = load_shared("root-zone/lgr-5-common-26may22-en.xml");
    ibidi_lgr *sl = load_shared("second-level-reference-lgr/lgr-second-level-arabic-script-31may22-en.xml");
    test_rz_arabic(ar, common);
    test_lgr_core_cases(ar, sl);
    ibidi_lgr *latin = load_shared("root-zone/lgr-5/lgr-5-latin-script-26may22-en.xml");
    ibidi_lgr *deva = load_shared("root-zone/lgr-5/lgr-5-devanagari-script-26may22-en.xml");
    test_lgr_core_cases2(latin, deva);
    ibidi_lgr_free(deva);
    if (common)
        test_cross_script(common, latin);
    ibidi_lgr_free(latin);
    if (he)
        test_rz_hebrew(he);
    if (sl)
        test_sl_arabic(sl);
    ibidi_lgr_free(ar);
    ibidi_lgr_free(he);
    ibidi_lgr_free(common);
    ibidi_lgr_free(sl);
    return t_summary();
}
