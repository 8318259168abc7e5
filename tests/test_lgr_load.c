/*
 * The LGR loader (include/ibidi/lgr.h, src/lgr/load.c): what it builds and what it refuses.
 *
 *  1. The set algebra and the Unicode property classes against brute force over
 *     0..10FFFF, and the membership test.
 *  2. The sample LGR of data/samples/lgr/: every field of the info, and the compiled model
 *     itself (repertoire order and hash, variants, contexts, classes, rule nodes, actions
 *     with the defaults of RFC 7940 §7.6).
 *  3. One document per refusal, with the status, the line and column it must report and
 *     a word of its message: malformed XML, entities (billion laughs, external ones),
 *     unknown elements, undefined rules, classes, tags and references, cycles, duplicates,
 *     bad code points and ranges, when with not-when, unknown properties, nesting and
 *     every limit.
 *  4. Every LGR under ../shared/lgr (the ICANN documents; skipped when absent): all load,
 *     and the figures of several are compared with counts made without this library
 *     (each says how), classes with brute force, rules with their XML; the load times of
 *     the common LGR and of the Arabic one are printed, not checked.
 *
 * Leaks on the error paths show under `make sanitize` (LeakSanitizer).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "ibidi.h"
#include "lgr/load_internal.h"
#include "testlib.h"

#define NS "urn:ietf:params:xml:ns:lgr-1.0"
#define HEAD "<lgr xmlns=\"" NS "\">\n"
#define SAMPLE "data/samples/lgr/toy-hebrew-arabic.xml"
#define SHARED "../shared/lgr"

/* ---- 1. Set algebra and properties ----------------------------------------------------- */

#define NCP (LGR_CP_MAX + 1u)

static uint8_t bits_a[NCP], bits_b[NCP];

static void set_from_bits(lgr_rset *s, const uint8_t *bits)
{
    s->n = 0;
    for (uint32_t cp = 0; cp < NCP;) {
        if (!bits[cp]) {
            cp++;
            continue;
        }
        uint32_t lo = cp;
        while (cp < NCP && bits[cp])
            cp++;
        (void)ibidi__lgr_rset_push(s, lo, cp - 1u);
    }
}

/* Whether s is normal (sorted, disjoint, non-adjacent) and holds exactly the code points
 * that want says. */
static int same_as(const lgr_rset *s, int (*want)(uint32_t, const void *), const void *ctx)
{
    uint32_t next = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        uint32_t lo = s->r[2u * i], hi = s->r[2u * i + 1u];
        if (lo > hi || (i > 0 && lo <= s->r[2u * i - 1u] + 1u) || hi > LGR_CP_MAX)
            return 0;
        for (; next < lo; next++)
            if (want(next, ctx))
                return 0;
        for (; next <= hi; next++)
            if (!want(next, ctx))
                return 0;
    }
    for (; next < NCP; next++)
        if (want(next, ctx))
            return 0;
    return 1;
}

static int want_op(uint32_t cp, const void *ctx)
{
    int a = bits_a[cp], b = bits_b[cp];
    switch (*(const lgr_setop *)ctx) {
    case LGR_OP_UNION:
        return a || b;
    case LGR_OP_INTERSECTION:
        return a && b;
    case LGR_OP_DIFFERENCE:
        return a && !b;
    default:
        return a != b;
    }
}

static int want_not_a(uint32_t cp, const void *ctx)
{
    (void)ctx;
    return !bits_a[cp];
}

/* Random sets of a few hundred ranges, some touching, some covering 0 or 10FFFF. */
static void random_bits(uint8_t *bits, uint32_t *state)
{
    memset(bits, 0, NCP);
    uint32_t n = t_xorshift32(state) % 300u;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t lo = t_xorshift32(state) % NCP, len = t_xorshift32(state) % 5000u;
        if (i % 37u == 0)
            lo = 0;
        if (i % 41u == 0)
            lo = NCP - 1u - len % 100u;
        for (uint32_t cp = lo; cp < NCP && cp <= lo + len; cp++)
            bits[cp] = 1;
    }
}

static void test_set_algebra(void)
{
    uint32_t state = 0x5EED1234u;
    lgr_rset a = {NULL, 0, 0}, b = {NULL, 0, 0}, out = {NULL, 0, 0};
    for (int round = 0; round < 6; round++) {
        random_bits(bits_a, &state);
        random_bits(bits_b, &state);
        if (round == 0)
            memset(bits_b, 0, NCP); /* an empty operand */
        set_from_bits(&a, bits_a);
        set_from_bits(&b, bits_b);
        for (int op = LGR_OP_UNION; op <= LGR_OP_SYMMETRIC_DIFFERENCE; op++) {
            lgr_setop o = (lgr_setop)op;
            CHECK(ibidi__lgr_rset_combine(&out, &a, &b, o) == 0 && same_as(&out, want_op, &o),
                  "round %d: operation %d differs from brute force", round, op);
        }
        CHECK(ibidi__lgr_rset_complement(&out, &a) == 0 && same_as(&out, want_not_a, NULL),
              "round %d: complement differs from brute force", round);
    }
    /* normalize: overlapping, adjacent, unsorted, duplicated ranges */
    out.n = 0;
    static const uint32_t raw[][2] = {{10, 20}, {5, 9}, {30, 40}, {21, 21}, {35, 50}, {100, 100},
                                      {100, 100}, {0, 0}, {52, 60}};
    for (size_t i = 0; i < sizeof raw / sizeof raw[0]; i++)
        (void)ibidi__lgr_rset_push(&out, raw[i][0], raw[i][1]);
    CHECK(ibidi__lgr_rset_normalize(&out) == 0 && out.n == 5 && out.r[0] == 0 &&
              out.r[1] == 0 && out.r[2] == 5 && out.r[3] == 21 && out.r[4] == 30 &&
              out.r[5] == 50 && out.r[6] == 52 && out.r[7] == 60 && out.r[8] == 100 &&
              out.r[9] == 100,
          "normalize merges overlapping and adjacent ranges (%u ranges)", out.n);
    ibidi__lgr_rset_free(&a);
    ibidi__lgr_rset_free(&b);
    ibidi__lgr_rset_free(&out);
}

typedef struct prop_case {
    const char *text;
    int (*holds)(uint32_t cp);
} prop_case;

static int p_gc_l(uint32_t cp)
{
    return ibidi_unicode_general_category(cp) <= IBIDI_UNICODE_GC_LO;
}
static int p_gc_mn(uint32_t cp)
{
    return ibidi_unicode_general_category(cp) == IBIDI_UNICODE_GC_MN;
}
static int p_gc_mc(uint32_t cp)
{
    return ibidi_unicode_general_category(cp) == IBIDI_UNICODE_GC_MC;
}
static int p_gc_cn(uint32_t cp)
{
    return ibidi_unicode_general_category(cp) == IBIDI_UNICODE_GC_CN;
}
static int p_gc_lc(uint32_t cp)
{
    ibidi_unicode_gc g = ibidi_unicode_general_category(cp);
    return g == IBIDI_UNICODE_GC_LU || g == IBIDI_UNICODE_GC_LL || g == IBIDI_UNICODE_GC_LT;
}
static int p_sc_arab(uint32_t cp)
{
    return ibidi_unicode_script(cp) == IBIDI_UNICODE_SC_ARAB;
}
static int p_sc_hebr(uint32_t cp)
{
    return ibidi_unicode_script(cp) == IBIDI_UNICODE_SC_HEBR;
}
static int p_scx_arab(uint32_t cp)
{
    ibidi_unicode_sc s[64];
    size_t n = ibidi_unicode_script_extensions(cp, s, 64);
    for (size_t i = 0; i < n && i < 64; i++)
        if (s[i] == IBIDI_UNICODE_SC_ARAB)
            return 1;
    return 0;
}
static int p_jt_d(uint32_t cp)
{
    return ibidi_unicode_joining_type(cp) == IBIDI_UNICODE_JT_D;
}
static int p_jt_r(uint32_t cp)
{
    return ibidi_unicode_joining_type(cp) == IBIDI_UNICODE_JT_R;
}
static int p_bc_al(uint32_t cp)
{
    return ibidi_unicode_bidi_class(cp) == IBIDI_UNICODE_BC_AL;
}
static int p_bc_nsm(uint32_t cp)
{
    return ibidi_unicode_bidi_class(cp) == IBIDI_UNICODE_BC_NSM;
}
static int p_ccc_230(uint32_t cp) { return ibidi_unicode_combining_class(cp) == 230; }
static int p_ccc_0(uint32_t cp) { return ibidi_unicode_combining_class(cp) == 0; }
static int p_bidi_m(uint32_t cp) { return ibidi_unicode_bidi_mirrored(cp); }
static int p_di(uint32_t cp) { return ibidi_unicode_default_ignorable(cp); }
static int p_nchar(uint32_t cp) { return ibidi_unicode_noncharacter(cp); }
static int p_bidi_c(uint32_t cp) { return ibidi_unicode_bidi_control(cp); }
static int p_not_bidi_c(uint32_t cp) { return !ibidi_unicode_bidi_control(cp); }

static int want_prop(uint32_t cp, const void *ctx)
{
    return ((const prop_case *)ctx)->holds(cp);
}

static void test_properties(void)
{
    static const prop_case cases[] = {
        {"gc:L", p_gc_l},          {"gc:Letter", p_gc_l},        {"gc:Mn", p_gc_mn},
        {"gc:Mc", p_gc_mc},        {"General_Category:Spacing_Mark", p_gc_mc},
        {"gc:Cn", p_gc_cn},        {"gc:LC", p_gc_lc},           {"sc:Arab", p_sc_arab},
        {"sc:Hebrew", p_sc_hebr},  {"scx:Arab", p_scx_arab},     {"jt:D", p_jt_d},
        {"Joining_Type:Right_Joining", p_jt_r},                  {"bc:AL", p_bc_al},
        {"bc:Nonspacing_Mark", p_bc_nsm},                        {"ccc:230", p_ccc_230},
        {"ccc:0", p_ccc_0},        {"Bidi_M:Y", p_bidi_m},       {"DI:Yes", p_di},
        {"NChar:T", p_nchar},      {"Bidi_C:Y", p_bidi_c},       {"Bidi_C:N", p_not_bidi_c},
    };
    lgr_rset s = {NULL, 0, 0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lgr_prop p;
        if (!CHECK(ibidi__lgr_prop_parse(cases[i].text, &p) == 0, "%s: not parsed",
                   cases[i].text))
            continue;
        CHECK(ibidi__lgr_prop_scan(&p, &s) == 0 && same_as(&s, want_prop, &cases[i]),
              "%s: the class differs from the property over 0..10FFFF", cases[i].text);
    }
    static const char *const unknown_prop[] = {"xx:Mn", "gc", "Mn", ":Mn", "GC:Mn", ""};
    static const char *const unknown_value[] = {"gc:Xx", "gc:", "sc:Xxxx", "jt:Q", "bc:ZZ",
                                                "ccc:255", "ccc:-1", "ccc:1000", "Bidi_M:maybe",
                                                "scx:"};
    lgr_prop p;
    for (size_t i = 0; i < sizeof unknown_prop / sizeof *unknown_prop; i++)
        CHECK(ibidi__lgr_prop_parse(unknown_prop[i], &p) == -1, "\"%s\": not an unknown property",
              unknown_prop[i]);
    for (size_t i = 0; i < sizeof unknown_value / sizeof *unknown_value; i++)
        CHECK(ibidi__lgr_prop_parse(unknown_value[i], &p) == -2, "\"%s\": not an unknown value",
              unknown_value[i]);
    ibidi__lgr_rset_free(&s);
}

/* ---- Helpers over a loaded LGR -------------------------------------------------------- */

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}


static ibidi_lgr *load_text(const char *doc, const ibidi_lgr_limits *lim, ibidi_lgr_diag *d)
{
    ibidi_lgr *lgr = NULL;
    ibidi_lgr_diag local;
    if (!d)
        d = &local;
    ibidi_status st = ibidi_lgr_load(doc, strlen(doc), lim, &lgr, d);
    CHECK(st == IBIDI_OK && lgr != NULL, "a document did not load: %s (%s)",
          ibidi_status_name(st), d->message);
    return st == IBIDI_OK ? lgr : NULL;
}

static uint32_t rule_index(const ibidi_lgr *lgr, const char *name)
{
    for (uint32_t r = 0; r < lgr->n_rules; r++)
        if (strcmp(lgr->strings[lgr->rules[r].name], name) == 0)
            return r;
    return LGR_NONE;
}

static uint32_t class_index(const ibidi_lgr *lgr, const char *name)
{
    for (uint32_t c = 0; c < lgr->n_named_classes; c++)
        if (lgr->classes[c].name != LGR_NONE && strcmp(lgr->strings[lgr->classes[c].name], name) == 0)
            return c;
    return LGR_NONE;
}

/* The entry of a code point or sequence, through the hash as evaluation finds it. */
static const lgr_char *entry(const ibidi_lgr *lgr, const uint32_t *cps, uint32_t n)
{
    uint32_t first, count = lgr_lookup(lgr, cps[0], &first);
    for (uint32_t i = first; i < first + count; i++) {
        const lgr_char *c = &lgr->chars[i];
        if (c->len == n && memcmp(lgr_cps(lgr, &c->first, c->seq, c->len), cps, n * 4u) == 0)
            return c;
    }
    return NULL;
}

static const lgr_char *entry1(const ibidi_lgr *lgr, uint32_t cp) { return entry(lgr, &cp, 1); }

static const lgr_node *kid(const ibidi_lgr *lgr, const lgr_node *n, uint32_t k)
{
    return k < n->b ? &lgr->nodes[lgr->kids[n->a + k]] : NULL;
}

/* Whether a class holds exactly the code points for which holds() says so. */
static int class_is(const ibidi_lgr *lgr, uint32_t cls, int (*holds)(uint32_t, const void *),
                    const void *ctx)
{
    if (cls >= lgr->n_classes)
        return 0;
    uint32_t n = lgr->classes[cls].count;
    lgr_rset s = {n ? lgr->ranges + 2u * (size_t)lgr->classes[cls].first : NULL, n, n};
    if (!same_as(&s, holds, ctx))
        return 0;
    for (uint32_t cp = 0; cp < NCP; cp += 7u) /* and the binary search agrees */
        if (ibidi__lgr_class_has(lgr, cls, cp) != holds(cp, ctx))
            return 0;
    return 1;
}

static int holds_list(uint32_t cp, const void *ctx)
{
    for (const uint32_t *p = ctx; p[0] || p[1]; p += 2)
        if (cp >= p[0] && cp <= p[1])
            return 1;
    return 0;
}

static int holds_jt_r_or_d(uint32_t cp, const void *ctx)
{
    (void)ctx;
    ibidi_unicode_jt j = ibidi_unicode_joining_type(cp);
    return j == IBIDI_UNICODE_JT_R || j == IBIDI_UNICODE_JT_D;
}

static int holds_jt_r(uint32_t cp, const void *ctx)
{
    (void)ctx;
    return ibidi_unicode_joining_type(cp) == IBIDI_UNICODE_JT_R;
}

static int holds_mn_mc(uint32_t cp, const void *ctx)
{
    (void)ctx;
    ibidi_unicode_gc g = ibidi_unicode_general_category(cp);
    return g == IBIDI_UNICODE_GC_MN || g == IBIDI_UNICODE_GC_MC;
}

static int str_is(const char *s, const char *want)
{
    return s && want ? strcmp(s, want) == 0 : s == want;
}

/* The repertoire is sorted as lgr_internal.h says and every entry is found by the hash. */
static void check_repertoire_order(const ibidi_lgr *lgr, const char *what)
{
    int ok = 1;
    uint32_t distinct = 0;
    for (uint32_t i = 0; i < lgr->n_chars && ok; i++) {
        const lgr_char *c = &lgr->chars[i];
        if (i == 0 || c->first != lgr->chars[i - 1u].first)
            distinct++;
        if (i > 0) {
            const lgr_char *p = &lgr->chars[i - 1u];
            if (p->first > c->first || (p->first == c->first && p->len < c->len))
                ok = 0;
        }
        if (entry(lgr, lgr_cps(lgr, &c->first, c->seq, c->len), c->len) != c)
            ok = 0;
        if (c->var_first + c->var_count > lgr->n_vars)
            ok = 0;
    }
    CHECK(ok, "%s: repertoire out of order or an entry the hash does not find", what);
    uint32_t size = lgr->hash_mask + 1u, used = 0;
    if (lgr->n_chars) {
        CHECK((size & (size - 1u)) == 0 && size >= 2u * distinct,
              "%s: hash of %u slots for %u first code points", what, size, distinct);
        for (uint32_t h = 0; h < size; h++)
            used += lgr->hash_count[h] != 0;
        CHECK(used == distinct, "%s: %u hash slots used, %u first code points", what, used,
              distinct);
    }
}

/* ---- 2. The sample --------------------------------------------------------------------- */

static void test_sample(void)
{
    ibidi_lgr *lgr = NULL;
    ibidi_lgr_diag d;
    ibidi_status st = ibidi_lgr_load_file(SAMPLE, NULL, &lgr, &d);
    if (!CHECK(st == IBIDI_OK, "%s: %s", SAMPLE, d.message))
        return;
    CHECK(d.status == IBIDI_OK && d.line == 0 && d.message[0] == '\0', "diag cleared on success");
    const ibidi_lgr_info *in = ibidi_lgr_get_info(lgr);
    CHECK(ibidi_lgr_get_info(NULL) == NULL, "info of NULL");
    /* <meta>, as written in the file */
    CHECK(str_is(in->version, "1") && str_is(in->version_comment, "ibidi sample") &&
              str_is(in->date, "2026-01-15") && str_is(in->unicode_version, "17.0.0") &&
              str_is(in->description_type, "text/plain") && in->validity_start == NULL &&
              in->validity_end == NULL,
          "sample: meta strings");
    CHECK(in->n_languages == 2 && str_is(in->languages[0], "und-Hebr") &&
              str_is(in->languages[1], "und-Arab"),
          "sample: languages");
    CHECK(in->n_scopes == 1 && str_is(in->scopes[0], "domain:example"), "sample: scope");
    CHECK(in->n_references == 2 && str_is(in->references[0].id, "1") &&
              str_is(in->references[0].text, "RFC 7940") &&
              str_is(in->references[0].comment, "the format") &&
              str_is(in->references[1].id, "2") &&
              str_is(in->references[1].text, "The Unicode Standard, Version 17.0.0") &&
              in->references[1].comment == NULL,
          "sample: references");
    /* Counted by hand from the file: 002D; 0030-0039 (10); 05D0-05D4 (5), 05D5, 05D6-05EA
       (21); 11 Arabic <char> of one code point; 0660-0669 (10): 59 code points; one
       sequence (0644 0627); 4 <range>; 7 <var>, one of them 05D5 -> 05D5; 5 named classes
       (class x3, union, difference); 6 named rules; 6 actions; tags digit, sc:Hebr, sc:Arab,
       arabic-digit; types hebrew, blocked, allocatable in order of first use. */
    CHECK(in->n_code_points == 59 && in->n_sequences == 1 && in->n_ranges == 4 &&
              in->n_variants == 7 && in->n_reflexive == 1 && in->n_classes == 5 &&
              in->n_rules == 6 && in->n_actions == 6 && in->n_tags == 4,
          "sample: counts %zu %zu %zu %zu %zu %zu %zu %zu %zu", in->n_code_points,
          in->n_sequences, in->n_ranges, in->n_variants, in->n_reflexive, in->n_classes,
          in->n_rules, in->n_actions, in->n_tags);
    CHECK(in->n_variant_types == 3 && str_is(in->variant_types[0], "hebrew") &&
              str_is(in->variant_types[1], "blocked") &&
              str_is(in->variant_types[2], "allocatable"),
          "sample: variant types in order of first use");
    CHECK(in->symmetric == 1 && in->transitive == 1 && in->index_possible == 1,
          "sample: symmetric and transitive");
    check_repertoire_order(lgr, "sample");
    CHECK(lgr->n_chars == 60, "sample: %u entries", lgr->n_chars);

    /* the LAM ALEF sequence comes before LAM alone */
    uint32_t first = 0, n = lgr_lookup(lgr, 0x0644, &first);
    CHECK(n == 2 && lgr->chars[first].len == 2 && lgr->chars[first + 1u].len == 1 &&
              lgr_cps(lgr, &lgr->chars[first].first, lgr->chars[first].seq, 2)[1] == 0x0627,
          "sample: the run of 0644: the sequence first");
    CHECK(lgr_lookup(lgr, 0x0041, &first) == 0 && lgr_lookup(lgr, 0x0645, &first) == 0 &&
              lgr_lookup(lgr, 0x10FFFF, &first) == 0,
          "sample: code points outside the repertoire are not found");

    /* contexts: resolved to rules, forward references included */
    uint32_t r_hyphen = rule_index(lgr, "hyphen-between"),
             r_before = rule_index(lgr, "before-arabic"), r_lod = rule_index(lgr, "letter-or-digit"),
             r_mixed = rule_index(lgr, "mixed-scripts"), r_only = rule_index(lgr, "digits-only"),
             r_lead = rule_index(lgr, "leading-digit");
    const lgr_char *hy = entry1(lgr, 0x002D), *am = entry1(lgr, 0x0649), *yeh = entry1(lgr, 0x064A),
                   *vav = entry1(lgr, 0x05D5), *alef = entry1(lgr, 0x0627), *zero = entry1(lgr, 0x0660);
    if (CHECK(hy && am && yeh && vav && alef && zero && r_hyphen != LGR_NONE &&
                  r_before != LGR_NONE && r_lod != LGR_NONE && r_mixed != LGR_NONE &&
                  r_only != LGR_NONE && r_lead != LGR_NONE,
              "sample: entries and rules found")) {
        CHECK(hy->when == r_hyphen && hy->not_when == LGR_NONE, "sample: 002D when");
        CHECK(am->not_when == r_before && am->when == LGR_NONE, "sample: 0649 not-when");
        CHECK(zero->when == LGR_NONE && zero->not_when == LGR_NONE && zero->var_count == 0,
              "sample: a range entry");
        CHECK(vav->reflexive == 1 && vav->var_count == 1 &&
                  lgr->vars[vav->var_first].reflexive == 1 &&
                  lgr->vars[vav->var_first].first == 0x05D5 && lgr->vars[vav->var_first].type == 0 &&
                  str_is(lgr->strings[lgr->vars[vav->var_first].comment],
                         "reflexive: the label is marked"),
              "sample: the reflexive variant of 05D5");
        CHECK(alef->reflexive == 0 && alef->var_count == 1 &&
                  lgr->vars[alef->var_first].first == 0x0623 &&
                  lgr->vars[alef->var_first].len == 1 && lgr->vars[alef->var_first].type == 1 &&
                  lgr->vars[alef->var_first].comment == LGR_NONE,
              "sample: 0627 -> 0623 blocked");
        CHECK(yeh->var_count == 1 && lgr->vars[yeh->var_first].not_when == r_before &&
                  lgr->vars[yeh->var_first].when == LGR_NONE,
              "sample: a variant's not-when");
        /* rules: hyphen-between is SEQ(LOOK_BEHIND(RULE), ANCHOR, LOOK_AHEAD(RULE)) */
        const lgr_node *b = &lgr->nodes[lgr->rules[r_hyphen].node];
        const lgr_node *lb = kid(lgr, b, 0), *an = kid(lgr, b, 1), *la = kid(lgr, b, 2);
        CHECK(b->kind == LGR_N_SEQ && b->b == 3 && lb && lb->kind == LGR_N_LOOK_BEHIND &&
                  lb->b == 1 && kid(lgr, lb, 0)->kind == LGR_N_RULE &&
                  kid(lgr, lb, 0)->a == r_lod && an && an->kind == LGR_N_ANCHOR && la &&
                  la->kind == LGR_N_LOOK_AHEAD && kid(lgr, la, 0)->a == r_lod &&
                  lgr->rules[r_hyphen].has_anchor == 1 && lgr->rules[r_lod].has_anchor == 0 &&
                  lgr->rules[r_before].has_anchor == 1 &&
                  str_is(lgr->strings[lgr->rules[r_hyphen].comment],
                         "context of the hyphen: a letter or digit on each side"),
              "sample: hyphen-between compiled");
        /* mixed-scripts: SEQ(CHOICE(SEQ(CLASS hebrew, ANY 0+, CLASS arabic), SEQ(...))) */
        const lgr_node *m = &lgr->nodes[lgr->rules[r_mixed].node], *ch = kid(lgr, m, 0);
        const lgr_node *s0 = ch ? kid(lgr, ch, 0) : NULL;
        CHECK(m->kind == LGR_N_SEQ && m->b == 1 && ch && ch->kind == LGR_N_CHOICE && ch->b == 2 &&
                  s0 && s0->kind == LGR_N_SEQ && s0->b == 3 && s0->min == 1 && s0->max == 1 &&
                  kid(lgr, s0, 0)->kind == LGR_N_CLASS &&
                  kid(lgr, s0, 0)->a == class_index(lgr, "hebrew") &&
                  kid(lgr, s0, 1)->kind == LGR_N_ANY && kid(lgr, s0, 1)->min == 0 &&
                  kid(lgr, s0, 1)->max == LGR_COUNT_INF &&
                  kid(lgr, s0, 2)->a == class_index(lgr, "arabic") &&
                  lgr->rules[r_mixed].has_anchor == 0,
              "sample: mixed-scripts compiled");
        const lgr_node *o = &lgr->nodes[lgr->rules[r_only].node];
        CHECK(o->b == 3 && kid(lgr, o, 0)->kind == LGR_N_START &&
                  kid(lgr, o, 1)->kind == LGR_N_CLASS && kid(lgr, o, 1)->min == 1 &&
                  kid(lgr, o, 1)->max == LGR_COUNT_INF && kid(lgr, o, 2)->kind == LGR_N_END,
              "sample: digits-only compiled (count 1+)");
        /* the deepest rule: hyphen-between, SEQ > LOOK_BEHIND > RULE (3), then
           letter-or-digit's SEQ > CHOICE > CLASS (3) */
        CHECK(lgr->max_rule_depth == 6, "sample: max_rule_depth %u", lgr->max_rule_depth);
    }
    /* classes: named first, in document order */
    static const uint32_t hebrew[] = {0x05D0, 0x05EA, 0, 0};
    static const uint32_t arabic[] = {0x0623, 0x0623, 0x0627, 0x0628, 0x062A, 0x062A, 0x0643,
                                      0x0644, 0x0647, 0x0649, 0x064A, 0x064A, 0x06A9, 0x06A9,
                                      0, 0};
    static const uint32_t digits[] = {0x0030, 0x0039, 0x0660, 0x0669, 0, 0};
    CHECK(lgr->n_named_classes == 5 && lgr->n_classes >= 5 &&
              class_index(lgr, "hebrew") == 0 && class_index(lgr, "digits") == 3,
          "sample: named classes first");
    CHECK(class_is(lgr, class_index(lgr, "hebrew"), holds_list, hebrew),
          "sample: hebrew = from-tag sc:Hebr");
    CHECK(class_is(lgr, class_index(lgr, "arabic"), holds_list, arabic),
          "sample: arabic = from-tag sc:Arab (single code points only)");
    CHECK(class_is(lgr, class_index(lgr, "right-joining"), holds_jt_r, NULL),
          "sample: right-joining = jt:R over 0..10FFFF");
    CHECK(class_is(lgr, class_index(lgr, "digits"), holds_list, digits),
          "sample: digits = union of a tag and code points");
    /* ArabicShaping.txt: 0623 0627 0648 are R; 0628 062A 0643 0644 0647 0649 064A 06A9 D */
    static const uint32_t dual[] = {0x0628, 0x0628, 0x062A, 0x062A, 0x0643, 0x0644, 0x0647,
                                    0x0647, 0x0649, 0x064A, 0x06A9, 0x06A9, 0, 0};
    CHECK(class_is(lgr, class_index(lgr, "dual-joining-arabic"), holds_list, dual),
          "sample: dual-joining-arabic = arabic - jt:R");
    for (uint32_t i = 0; i < lgr->n_nodes; i++)
        if (lgr->nodes[i].kind == LGR_N_CLASS && !CHECK(lgr->nodes[i].a < lgr->n_classes,
                                                         "sample: node %u class %u", i,
                                                         lgr->nodes[i].a))
            break;
    /* actions: the document's six, then the five defaults of §7.6 */
    if (CHECK(lgr->n_actions == 11, "sample: %u actions", lgr->n_actions)) {
        const lgr_action *a = lgr->actions;
        CHECK(a[0].match == r_mixed && a[0].not_match == LGR_NONE && a[0].kind == LGR_A_NONE &&
                  str_is(lgr->strings[a[0].disp], "invalid") &&
                  str_is(lgr->strings[a[0].comment], "one script per label") && !a[0].is_default,
              "sample: action 0");
        CHECK(a[1].match == r_lead && a[1].comment == LGR_NONE, "sample: action 1");
        CHECK(a[3].kind == LGR_A_ANY_VARIANT && a[3].types == 2u &&
                  str_is(lgr->strings[a[3].disp], "blocked"),
              "sample: any-variant=blocked is bit 1");
        CHECK(a[4].kind == LGR_A_ALL_VARIANTS && a[4].types == 4u, "sample: all-variants");
        CHECK(a[5].not_match == r_mixed && a[5].match == LGR_NONE && a[5].kind == LGR_A_NONE,
              "sample: not-match");
        static const char *const disp[] = {"invalid", "blocked", "allocatable", "activated",
                                           "valid"};
        static const uint8_t kind[] = {LGR_A_ANY_VARIANT, LGR_A_ANY_VARIANT, LGR_A_ANY_VARIANT,
                                       LGR_A_ALL_VARIANTS, LGR_A_NONE};
        /* types "invalid" and "activated" are not used by the sample: no bit */
        static const uint64_t types[] = {0, 2u, 4u, 0, 0};
        for (int k = 0; k < 5; k++)
            CHECK(a[6 + k].is_default && str_is(lgr->strings[a[6 + k].disp], disp[k]) &&
                      a[6 + k].kind == kind[k] && a[6 + k].types == types[k] &&
                      a[6 + k].match == LGR_NONE && a[6 + k].not_match == LGR_NONE &&
                      a[6 + k].comment == LGR_NONE && str_is(lgr->disp_names[6 + k], disp[k]),
                  "sample: default action %d", k);
    }
    ibidi_lgr_free(lgr);
    ibidi_lgr_free(NULL);
}

/* ---- 3. Refusals ----------------------------------------------------------------------- */

typedef struct bad_case {
    const char *name;
    const char *doc;
    ibidi_status status;
    unsigned long line, column; /* 0: not checked (a place expat decides) */
    const char *needle;         /* a piece of the message */
} bad_case;

#define DATA_A "<data><char cp=\"0061\"/></data>\n"

/* Each document has its problem where line and column say: columns from 1, at the "<" of
 * the element that is refused; where expat finds the problem, expat's place (a mismatched
 * end tag: its name; text: the start of the line expat hands over; an entity
 * declaration: its value, or its end for an external one). */
static const bad_case bad[] = {
    {"not well-formed", HEAD "<data>\n  <char cp=\"0061\">\n</data></lgr>\n", IBIDI_E_LGR_XML,
     4, 3, "mismatched tag"},
    {"empty document", "", IBIDI_E_LGR_XML, 1, 1, "no element found"},
    {"billion laughs",
     "<?xml version=\"1.0\"?>\n<!DOCTYPE lgr [\n <!ENTITY a \"aaaaaaaaaa\">\n"
     " <!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">\n"
     " <!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">\n]>\n" HEAD "<data>&c;</data></lgr>\n",
     IBIDI_E_LGR_ENTITY, 3, 13, "<!ENTITY a>"},
    {"external entity",
     "<!DOCTYPE lgr [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n" HEAD "&x;" DATA_A "</lgr>",
     IBIDI_E_LGR_ENTITY, 1, 54, "none is ever read"},
    {"parameter entity", "<!DOCTYPE lgr [<!ENTITY % p \"\">]>\n" HEAD DATA_A "</lgr>",
     IBIDI_E_LGR_ENTITY, 1, 29, "<!ENTITY p>"},
    {"undeclared entity", HEAD "<data>&nbsp;</data></lgr>", IBIDI_E_LGR_ENTITY, 2, 7,
     "undefined entity"},
    {"entity of an external DTD", "<!DOCTYPE lgr SYSTEM \"lgr.dtd\">\n" HEAD "<data>&x;</data></lgr>",
     IBIDI_E_LGR_ENTITY, 3, 7, "&x;"},
    {"root not lgr", "<data xmlns=\"" NS "\"/>", IBIDI_E_LGR_ELEMENT, 1, 1, "document element"},
    {"no namespace", "<lgr><data/></lgr>", IBIDI_E_LGR_ELEMENT, 1, 1, "namespace"},
    {"unknown element", HEAD "<data>\n  <chr cp=\"0061\"/>\n</data></lgr>", IBIDI_E_LGR_ELEMENT,
     3, 3, "<chr>"},
    {"misplaced element", HEAD "<data>\n  <rule name=\"x\"/>\n</data></lgr>",
     IBIDI_E_LGR_ELEMENT, 3, 3, "<rule> is not allowed in <data>"},
    {"unknown attribute", HEAD "<data>\n  <char cp=\"0061\" colour=\"red\"/>\n</data></lgr>",
     IBIDI_E_LGR_ELEMENT, 3, 3, "\"colour\""},
    {"no data", HEAD "<meta/>\n</lgr>", IBIDI_E_LGR_ELEMENT, 1, 1, "no <data>"},
    {"rules before data", HEAD "<rules/>" DATA_A "</lgr>", IBIDI_E_LGR_ELEMENT, 2, 1,
     "out of order"},
    {"data twice", HEAD DATA_A DATA_A "</lgr>", IBIDI_E_LGR_DUPLICATE, 3, 1, "twice"},
    {"text in data", HEAD "<data>\n  0061\n</data></lgr>", IBIDI_E_LGR_ELEMENT, 3, 1,
     "holds text"},
    {"char without cp", HEAD "<data>\n  <char/>\n</data></lgr>", IBIDI_E_LGR_ELEMENT, 3, 3,
     "cp attribute is missing"},
    {"bad hex", HEAD "<data>\n  <char cp=\"0628\">\n    <var cp=\"0628 ZZ\"/>\n  </char>\n</data></lgr>",
     IBIDI_E_LGR_CODE_POINT, 4, 5, "<var cp=\"0628 ZZ\">: \"ZZ\" is not a code point"},
    {"three digits", HEAD "<data><char cp=\"061\"/></data></lgr>", IBIDI_E_LGR_CODE_POINT, 2, 7,
     "4 to 6"},
    {"surrogate", HEAD "<data>\n <char cp=\"D800\"/></data></lgr>", IBIDI_E_LGR_CODE_POINT, 3, 2,
     "surrogate"},
    {"above 10FFFF", HEAD "<data>\n <char cp=\"110000\"/></data></lgr>", IBIDI_E_LGR_CODE_POINT,
     3, 2, "above 10FFFF"},
    {"bad range", HEAD "<data>\n  <range first-cp=\"0062\" last-cp=\"0061\"/>\n</data></lgr>",
     IBIDI_E_LGR_CODE_POINT, 3, 3, "first-cp is above last-cp"},
    {"range over surrogates", HEAD "<data><range first-cp=\"D7FF\" last-cp=\"E000\"/></data></lgr>",
     IBIDI_E_LGR_CODE_POINT, 2, 7, "surrogates"},
    {"sequence as first-cp", HEAD "<data><range first-cp=\"0061 0062\" last-cp=\"0063\"/></data></lgr>",
     IBIDI_E_LGR_CODE_POINT, 2, 7, "not a sequence"},
    {"duplicate code point", HEAD "<data>\n  <char cp=\"0061\"/>\n  <char cp=\"0061\"/>\n</data></lgr>",
     IBIDI_E_LGR_DUPLICATE, 4, 3, "defined twice"},
    {"duplicate sequence",
     HEAD "<data>\n  <char cp=\"0061 0062\"/>\n  <char cp=\"0061 0062\"/>\n</data></lgr>",
     IBIDI_E_LGR_DUPLICATE, 4, 3, "sequence is defined twice"},
    {"overlapping range",
     HEAD "<data>\n  <char cp=\"0065\"/>\n  <range first-cp=\"0061\" last-cp=\"007A\"/>\n</data></lgr>",
     IBIDI_E_LGR_DUPLICATE, 4, 3, "0065 is already defined"},
    {"overlapping ranges",
     HEAD "<data>\n  <range first-cp=\"0061\" last-cp=\"007A\"/>\n  <range first-cp=\"0030\" "
          "last-cp=\"0061\"/>\n</data></lgr>",
     IBIDI_E_LGR_DUPLICATE, 4, 3, "0061 is already defined"},
    {"duplicate variant",
     HEAD "<data>\n  <char cp=\"0061\">\n    <var cp=\"0062\" type=\"x\"/>\n    <var cp=\"0062\" "
          "type=\"y\"/>\n  </char><char cp=\"0062\"/>\n</data></lgr>",
     IBIDI_E_LGR_DUPLICATE, 5, 5, "same variant twice"},
    {"when and not-when",
     HEAD "<data>\n  <char cp=\"0061\" when=\"r\" not-when=\"r\"/>\n</data>\n"
          "<rules><rule name=\"r\"><any/></rule></rules></lgr>",
     IBIDI_E_LGR_ELEMENT, 3, 3, "when and not-when"},
    {"tag on a sequence", HEAD "<data>\n  <char cp=\"0061 0062\" tag=\"t\"/>\n</data></lgr>",
     IBIDI_E_LGR_ELEMENT, 3, 3, "no tag"},
    {"undefined rule",
     HEAD "<data>\n  <char cp=\"0061\"/>\n  <char cp=\"0062\" when=\"nope\"/>\n</data>\n"
          "<rules><rule name=\"yes\"><any/></rule></rules></lgr>",
     IBIDI_E_LGR_REFERENCE, 4, 3, "<char when=\"nope\">: no rule has that name"},
    {"undefined rule of an action",
     HEAD DATA_A "<rules>\n  <action disp=\"invalid\" match=\"nope\"/>\n</rules></lgr>",
     IBIDI_E_LGR_REFERENCE, 4, 3, "<action match=\"nope\">"},
    {"undefined rule by-ref",
     HEAD DATA_A "<rules>\n  <rule name=\"a\">\n    <rule by-ref=\"b\"/>\n  </rule>\n</rules></lgr>",
     IBIDI_E_LGR_REFERENCE, 5, 5, "<rule by-ref=\"b\">"},
    {"undefined class",
     HEAD DATA_A "<rules>\n  <rule name=\"a\">\n    <class by-ref=\"c\"/>\n  </rule>\n</rules></lgr>",
     IBIDI_E_LGR_REFERENCE, 5, 5, "no class of that name"},
    {"class used before its definition",
     HEAD DATA_A "<rules>\n  <rule name=\"a\"><class by-ref=\"c\"/></rule>\n"
                 "  <class name=\"c\">0061</class>\n</rules></lgr>",
     IBIDI_E_LGR_REFERENCE, 4, 18, "defined before it"},
    {"undefined tag",
     HEAD "<data><char cp=\"0061\" tag=\"t\"/></data>\n<rules>\n  <class name=\"c\" "
          "from-tag=\"u\"/>\n</rules></lgr>",
     IBIDI_E_LGR_REFERENCE, 4, 3, "has that tag"},
    {"undefined reference id",
     HEAD "<meta><references><reference id=\"1\">x</reference></references></meta>\n<data>\n"
          "  <char cp=\"0061\" ref=\"1 2\"/>\n</data></lgr>",
     IBIDI_E_LGR_REFERENCE, 4, 3, "id \"2\""},
    {"cyclic rules",
     HEAD DATA_A "<rules>\n  <rule name=\"a\"><rule by-ref=\"b\"/></rule>\n"
                 "  <rule name=\"b\"><any/><rule by-ref=\"a\"/></rule>\n</rules></lgr>",
     IBIDI_E_LGR_CYCLE, 5, 24, "cycle"},
    {"rule referring to itself",
     HEAD DATA_A "<rules>\n  <rule name=\"a\"><choice><any/><rule by-ref=\"a\"/></choice></rule>\n"
                 "</rules></lgr>",
     IBIDI_E_LGR_CYCLE, 4, 32, "cycle"},
    {"duplicate rule",
     HEAD DATA_A "<rules>\n  <rule name=\"a\"/>\n  <rule name=\"a\"/>\n</rules></lgr>",
     IBIDI_E_LGR_DUPLICATE, 5, 3, "rule of that name"},
    {"duplicate class",
     HEAD DATA_A "<rules>\n  <class name=\"a\"/>\n  <union name=\"a\"><class/><class/></union>\n"
                 "</rules></lgr>",
     IBIDI_E_LGR_DUPLICATE, 5, 3, "class of that name"},
    {"duplicate reference id",
     HEAD "<meta><references>\n<reference id=\"1\">x</reference>\n<reference id=\"1\">y</reference>\n"
          "</references></meta>" DATA_A "</lgr>",
     IBIDI_E_LGR_DUPLICATE, 4, 1, "id is given twice"},
    {"unknown property",
     HEAD DATA_A "<rules>\n  <class name=\"c\" property=\"xx:Mn\"/>\n</rules></lgr>",
     IBIDI_E_LGR_PROPERTY, 4, 3, "not a property"},
    {"unknown property value",
     HEAD DATA_A "<rules>\n  <rule name=\"r\"><class property=\"gc:Zz\"/></rule>\n</rules></lgr>",
     IBIDI_E_LGR_PROPERTY, 4, 18, "not a value"},
    {"class content with by-ref",
     HEAD DATA_A "<rules>\n  <class name=\"a\">0061</class>\n  <union name=\"u\">\n"
                 "    <class by-ref=\"a\">0062</class><class/>\n  </union>\n</rules></lgr>",
     IBIDI_E_LGR_ELEMENT, 6, 5, "no code points of its own"},
    {"bad class code point",
     HEAD DATA_A "<rules>\n  <class name=\"a\">0061 00G2</class>\n</rules></lgr>",
     IBIDI_E_LGR_CODE_POINT, 4, 28, "\"00G2\""},
    {"reversed class range",
     HEAD DATA_A "<rules>\n  <class name=\"a\">0062-0061</class>\n</rules></lgr>",
     IBIDI_E_LGR_CODE_POINT, 4, 3, "ends before it starts"},
    {"difference of three",
     HEAD DATA_A "<rules>\n  <difference name=\"d\"><class/><class/><class/></difference>\n"
                 "</rules></lgr>",
     IBIDI_E_LGR_ELEMENT, 4, 3, "takes two"},
    {"complement of two",
     HEAD DATA_A "<rules>\n  <complement name=\"d\"><class/><class/></complement>\n</rules></lgr>",
     IBIDI_E_LGR_ELEMENT, 4, 3, "takes one"},
    {"unnamed class of rules", HEAD DATA_A "<rules>\n  <class>0061</class>\n</rules></lgr>",
     IBIDI_E_LGR_ELEMENT, 4, 3, "needs a name"},
    {"named nested rule",
     HEAD DATA_A "<rules>\n  <rule name=\"a\"><rule name=\"b\"/></rule>\n</rules></lgr>",
     IBIDI_E_LGR_ELEMENT, 4, 18, "\"name\" is not allowed"},
    {"by-ref with content",
     HEAD DATA_A "<rules><rule name=\"b\"/>\n  <rule name=\"a\"><rule by-ref=\"b\"><any/></rule></rule>\n"
                 "</rules></lgr>",
     IBIDI_E_LGR_ELEMENT, 4, 35, "has no content"},
    {"bad count", HEAD DATA_A "<rules>\n  <rule name=\"a\"><any count=\"2:1\"/></rule>\n</rules></lgr>",
     IBIDI_E_LGR_ELEMENT, 4, 18, "n is above m"},
    {"count syntax", HEAD DATA_A "<rules>\n  <rule name=\"a\"><any count=\"1-2\"/></rule>\n</rules></lgr>",
     IBIDI_E_LGR_ELEMENT, 4, 18, "n, n+ or n:m"},
    {"count too large",
     HEAD DATA_A "<rules>\n  <rule name=\"a\"><any count=\"70000\"/></rule>\n</rules></lgr>",
     IBIDI_E_LGR_LIMIT, 4, 18, "above 65534"},
    {"empty choice", HEAD DATA_A "<rules>\n  <rule name=\"a\"><choice/></rule>\n</rules></lgr>",
     IBIDI_E_LGR_ELEMENT, 4, 18, "an empty choice"},
    {"two rules in when", HEAD "<data>\n  <char cp=\"0061\" when=\"a b\"/>\n</data></lgr>",
     IBIDI_E_LGR_ELEMENT, 3, 3, "names one rule"},
    {"a type of two words",
     HEAD "<data><char cp=\"0061\">\n  <var cp=\"0061\" type=\"a b\"/></char></data></lgr>",
     IBIDI_E_LGR_ELEMENT, 3, 3, "one word"},
    {"action without disp", HEAD DATA_A "<rules>\n  <action match=\"a\"/>\n</rules></lgr>",
     IBIDI_E_LGR_ELEMENT, 4, 3, "disp attribute is missing"},
    {"match and not-match",
     HEAD DATA_A "<rules><rule name=\"a\"/>\n  <action disp=\"x\" match=\"a\" not-match=\"a\"/>\n"
                 "</rules></lgr>",
     IBIDI_E_LGR_ELEMENT, 4, 3, "match and not-match"},
    {"two variant triggers",
     HEAD DATA_A "<rules>\n  <action disp=\"x\" any-variant=\"a\" all-variants=\"b\"/>\n</rules></lgr>",
     IBIDI_E_LGR_ELEMENT, 4, 3, "exclude each other"},
    {"scope without type", HEAD "<meta>\n  <scope>.</scope>\n</meta>" DATA_A "</lgr>",
     IBIDI_E_LGR_ELEMENT, 3, 3, "type attribute is missing"},
    {"date twice", HEAD "<meta><date>1</date>\n<date>2</date></meta>" DATA_A "</lgr>",
     IBIDI_E_LGR_DUPLICATE, 3, 1, "<date> is given twice"},
    {"sequence over 32",
     HEAD "<data>\n <char cp=\"0061 0061 0061 0061 0061 0061 0061 0061 0061 0061 0061 0061 0061 "
          "0061 0061 0061 0061 0061 0061 0061 0061 0061 0061 0061 0061 0061 0061 0061 0061 0061 "
          "0061 0061 0061\"/></data></lgr>",
     IBIDI_E_LGR_LIMIT, 3, 2, "more than 32 code points"},
};

static void check_bad(const bad_case *c, const ibidi_lgr_limits *lim)
{
    ibidi_lgr *lgr = (ibidi_lgr *)(uintptr_t)1;
    ibidi_lgr_diag d;
    memset(&d, 0x55, sizeof d);
    ibidi_status st = ibidi_lgr_load(c->doc, strlen(c->doc), lim, &lgr, &d);
    CHECK(st == c->status && d.status == c->status && lgr == NULL,
          "%s: %s (want %s): %s", c->name, ibidi_status_name(st), ibidi_status_name(c->status),
          d.message);
    if (c->line)
        CHECK(d.line == c->line && d.column == c->column, "%s: at %lu:%lu, want %lu:%lu (%s)",
              c->name, d.line, d.column, c->line, c->column, d.message);
    CHECK(strstr(d.message, c->needle) != NULL, "%s: message \"%s\" lacks \"%s\"", c->name,
          d.message, c->needle);
    CHECK(strlen(d.message) < sizeof d.message, "%s: message not terminated", c->name);
    if (c->line)
        CHECK(strncmp(d.message, "line ", 5) == 0, "%s: message does not start with the line",
              c->name);
    if (c->status != IBIDI_E_LGR_XML && c->status != IBIDI_E_LGR_ENTITY &&
        c->status != IBIDI_E_LGR_LIMIT)
        CHECK(strstr(d.message, "RFC 7940 §") != NULL, "%s: message names no section: %s",
              c->name, d.message);
}

static char *repeat(const char *head, const char *unit, size_t n, const char *tail)
{
    size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
    char *s = malloc(hl + ul * n + tl + 1u);
    if (!s)
        return NULL;
    memcpy(s, head, hl);
    for (size_t i = 0; i < n; i++)
        memcpy(s + hl + i * ul, unit, ul);
    memcpy(s + hl + ul * n, tail, tl + 1u);
    return s;
}

static void test_limits(void)
{
    ibidi_lgr_limits lim;
    /* max_bytes: refused before parsing, no place */
    static const bad_case big = {"max_bytes", HEAD DATA_A "</lgr>", IBIDI_E_LGR_LIMIT, 0, 0,
                                 "over the limit of 40"};
    memset(&lim, 0, sizeof lim);
    lim.max_bytes = 40;
    check_bad(&big, &lim);
    /* max_elements: the 4th element */
    static const bad_case many = {"max_elements",
                                  HEAD "<data>\n<char cp=\"0061\"/>\n<char cp=\"0062\"/>\n"
                                       "<char cp=\"0063\"/>\n</data></lgr>",
                                  IBIDI_E_LGR_LIMIT, 4, 1, "more than 3 elements"};
    memset(&lim, 0, sizeof lim);
    lim.max_elements = 3;
    check_bad(&many, &lim);
    /* max_repertoire: a range that would pass it */
    static const bad_case rep = {"max_repertoire",
                                 HEAD "<data>\n<char cp=\"0061\"/>\n<range first-cp=\"0030\" "
                                      "last-cp=\"0039\"/>\n</data></lgr>",
                                 IBIDI_E_LGR_LIMIT, 4, 1, "more than 10 code points"};
    memset(&lim, 0, sizeof lim);
    lim.max_repertoire = 10;
    check_bad(&rep, &lim);
    /* max_depth: element nesting (lgr rules rule choice choice = 5 > 4) */
    static const bad_case deep = {"max_depth nesting",
                                  HEAD DATA_A "<rules>\n<rule name=\"a\"><choice>\n<choice>"
                                              "<any/></choice></choice></rule></rules></lgr>",
                                  IBIDI_E_LGR_LIMIT, 5, 1, "nested more than 4 deep"};
    memset(&lim, 0, sizeof lim);
    lim.max_depth = 4;
    check_bad(&deep, &lim);
    /* max_depth through references: each rule 2 deep (SEQ > RULE), chained */
    static const bad_case chain = {"max_depth through by-ref",
                                   HEAD DATA_A "<rules>\n"
                                               "<rule name=\"a\"><rule by-ref=\"b\"/></rule>\n"
                                               "<rule name=\"b\"><rule by-ref=\"c\"/></rule>\n"
                                               "<rule name=\"c\"><any/></rule>\n</rules></lgr>",
                                   IBIDI_E_LGR_LIMIT, 4, 1, "nested 6 deep through by-ref"};
    memset(&lim, 0, sizeof lim);
    lim.max_depth = 5;
    check_bad(&chain, &lim);
    lim.max_depth = 6; /* exactly at the limit: loads, and says how deep */
    {
        ibidi_lgr *lgr = load_text(chain.doc, &lim, NULL);
        CHECK(lgr && lgr->max_rule_depth == 6, "chain: max_rule_depth %u",
              lgr ? lgr->max_rule_depth : 0);
        ibidi_lgr_free(lgr);
    }
    /* default depth: 64 nested choices are too deep, 60 are not */
    char *deep64 = repeat(HEAD DATA_A "<rules><rule name=\"a\">", "<choice>", 64, "");
    char *ok60 = repeat(HEAD DATA_A "<rules><rule name=\"a\">", "<choice>", 58, "<any/>");
    if (deep64 && ok60) {
        ibidi_lgr_diag d;
        ibidi_lgr *lgr = NULL;
        CHECK(ibidi_lgr_load(deep64, strlen(deep64), NULL, &lgr, &d) == IBIDI_E_LGR_LIMIT &&
                  strstr(d.message, "64 deep"),
              "64 nested choices: %s", d.message);
        char *full = repeat(ok60, "</choice>", 58, "</rule></rules></lgr>");
        lgr = full ? load_text(full, NULL, NULL) : NULL;
        CHECK(lgr && lgr->max_rule_depth == 60, "58 nested choices: depth %u",
              lgr ? lgr->max_rule_depth : 0);
        ibidi_lgr_free(lgr);
        free(full);
    }
    free(deep64);
    free(ok60);
    /* class work (src/lgr/load.c, CLASS_WORK = 8388608 ranges): the class "odd" holds
       0001, 0003 ... 1FFF, 4096 ranges (4096 charged); each union of three by-ref copies of
       it is charged 3 x 4096 for the copies and 12288 for each of its two steps (the result
       so far, the operand, the result), 36864 in all. Union i starts at 4096 + 36864 i:
       the 228th (i = 227, on line 5 + 227) passes the bound in its first step. */
    {
        char *doc = malloc(1u << 16);
        if (doc) {
            size_t at = (size_t)sprintf(doc, HEAD DATA_A "<rules>\n<class name=\"odd\">");
            for (uint32_t cp = 1; cp < 0x2000; cp += 2)
                at += (size_t)sprintf(doc + at, "%04X ", (unsigned)cp);
            at += (size_t)sprintf(doc + at, "</class>\n");
            size_t unions_at = at;
            for (int i = 0; i < 300; i++)
                at += (size_t)sprintf(doc + at, "<union name=\"u%03d\"><class by-ref=\"odd\"/>"
                                                "<class by-ref=\"odd\"/><class by-ref=\"odd\"/>"
                                                "</union>\n",
                                      i);
            sprintf(doc + at, "</rules></lgr>");
            bad_case work = {"class work", doc, IBIDI_E_LGR_LIMIT, 232, 1,
                             "<union>: the classes of the document take more than 8388608"};
            check_bad(&work, NULL);
            /* 200 unions: 4096 + 200 x 36864 = 7376896, under the bound */
            at = unions_at + 200u * strlen("<union name=\"u000\"><class by-ref=\"odd\"/><class "
                                           "by-ref=\"odd\"/><class by-ref=\"odd\"/></union>\n");
            sprintf(doc + at, "</rules></lgr>");
            ibidi_lgr *lgr = load_text(doc, NULL, NULL);
            CHECK(lgr && lgr->info.n_classes == 201 && lgr->classes[200].count == 4096,
                  "200 unions of a class of 4096 ranges load");
            ibidi_lgr_free(lgr);
            free(doc);
        }
    }
    /* many tags on a long range cost what their bytes do: 200 tags on 0000..D7FF (55296
       code points) would be 11 million (tag, code point) pairs */
    {
        char *doc = malloc(8192);
        if (doc) {
            size_t at = (size_t)sprintf(doc, HEAD "<data><range first-cp=\"0000\" "
                                                  "last-cp=\"D7FF\" tag=\"");
            for (int i = 0; i < 200; i++)
                at += (size_t)sprintf(doc + at, "t%d ", i);
            sprintf(doc + at, "\"/></data>\n<rules><class name=\"c\" from-tag=\"t199\"/>"
                              "</rules></lgr>");
            double t0 = now_ms();
            ibidi_lgr *lgr = load_text(doc, NULL, NULL);
            double ms = now_ms() - t0;
            CHECK(lgr && lgr->info.n_tags == 200 && lgr->classes[0].count == 1 &&
                      lgr->ranges[2u * lgr->classes[0].first + 1u] == 0xD7FF,
                  "200 tags on a range of 55296 code points");
            printf("info: 200 tags on a range of 55296 code points: %.1f ms\n", ms);
            ibidi_lgr_free(lgr);
            free(doc);
        }
    }
    /* 64 variant types fit, the 65th does not */
    char *types = malloc(65u * 40u + 256u);
    if (types) {
        size_t at = (size_t)sprintf(types, HEAD "<data><char cp=\"0061\">");
        for (int i = 0; i < 65; i++)
            at += (size_t)sprintf(types + at, "<var cp=\"%04X\" type=\"t%d\"/>", 0x100 + i, i);
        sprintf(types + at, "</char></data></lgr>");
        ibidi_lgr_diag d;
        ibidi_lgr *lgr = NULL;
        CHECK(ibidi_lgr_load(types, strlen(types), NULL, &lgr, &d) == IBIDI_E_LGR_LIMIT &&
                  strstr(d.message, "t64") && strstr(d.message, "more than 64"),
              "65 variant types: %s", d.message);
        strcpy(strstr(types, "<var cp=\"0140\""), "</char></data></lgr>");
        lgr = load_text(types, NULL, NULL);
        CHECK(lgr && lgr->info.n_variant_types == 64, "64 variant types load");
        ibidi_lgr_free(lgr);
        free(types);
    }
}

static void test_refusals(void)
{
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        check_bad(&bad[i], NULL);
    test_limits();
    /* the arguments and the file */
    ibidi_lgr *lgr = NULL;
    ibidi_lgr_diag d;
    CHECK(ibidi_lgr_load(HEAD, 5, NULL, NULL, &d) == IBIDI_E_INVALID_ARGUMENT,
          "no output pointer");
    CHECK(ibidi_lgr_load(NULL, 5, NULL, &lgr, NULL) == IBIDI_E_INVALID_ARGUMENT && !lgr,
          "no document with a length");
    CHECK(ibidi_lgr_load_file("tests/no-such-file.xml", NULL, &lgr, &d) == IBIDI_E_LGR_FILE &&
              d.status == IBIDI_E_LGR_FILE && strstr(d.message, "no-such-file") && !lgr,
          "a missing file: %s", d.message);
    CHECK(ibidi_lgr_load_file("tests", NULL, &lgr, &d) != IBIDI_OK && !lgr,
          "a folder is no document: %s", d.message);
    ibidi_lgr_limits small = {100, 0, 0, 0};
    CHECK(ibidi_lgr_load_file(SAMPLE, &small, &lgr, &d) == IBIDI_E_LGR_LIMIT && !lgr,
          "a file over max_bytes: %s", d.message);
    /* what is accepted: foreign namespaces, anything in <description>, a null variant,
       comments and processing instructions, a BOM, a prefixed namespace */
    static const char *const good[] = {
        HEAD "<x:ext xmlns:x=\"urn:other\"><x:char cp=\"ZZ\"/></x:ext>\n"
             "<meta><description type=\"text/html\"><h1>Title</h1><p>text</p></description>"
             "</meta>" DATA_A "</lgr>",
        HEAD "<data><char cp=\"0061\"><var cp=\"\" type=\"null\"/></char></data></lgr>",
        "\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- c -->" HEAD "<?pi x?>"
        DATA_A "</lgr>",
        "<l:lgr xmlns:l=\"" NS "\"><l:data><l:char cp=\"0061\" x:y=\"1\" xmlns:x=\"urn:x\"/>"
        "</l:data></l:lgr>",
        HEAD "<data><char cp=\"0061\" when=\"later\"/></data>\n<rules><rule name=\"later\">"
             "<look-behind><start/></look-behind><anchor/></rule></rules></lgr>",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        ibidi_lgr_diag gd;
        lgr = load_text(good[i], NULL, &gd);
        if (lgr && i == 1)
            CHECK(lgr->n_vars == 1 && lgr->vars[0].len == 0 && lgr->info.symmetric == 0,
                  "a null variant (RFC 7940 §5.3.3): length 0, no reverse");
        if (lgr && i == 4)
            CHECK(lgr->chars[0].when == 0 && lgr->rules[0].has_anchor, "a forward context");
        ibidi_lgr_free(lgr);
    }
}

/* ---- 4. The ICANN LGRs ----------------------------------------------------------------- */

static size_t n_loaded;

static void load_all(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    if (!CHECK(d != NULL, "cannot read %s", dir))
        return;
    while ((e = readdir(d)) != NULL) {
        char path[2048];
        struct stat sb;
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &sb) != 0)
            continue;
        if (S_ISDIR(sb.st_mode)) {
            load_all(path);
            continue;
        }
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 4, ".xml") != 0)
            continue;
        ibidi_lgr *lgr = NULL;
        ibidi_lgr_diag dg;
        if (CHECK(ibidi_lgr_load_file(path, NULL, &lgr, &dg) == IBIDI_OK, "%s: %s", path,
                  dg.message)) {
            n_loaded++;
            check_repertoire_order(lgr, path);
        }
        ibidi_lgr_free(lgr);
    }
    closedir(d);
}

/* Figures of some LGRs, counted without this library:
 *   cps      single code points of <data>: `sed -n '/<data>/,/<\/data>/p' F | grep -oE
 *            '<char cp="[0-9A-F]+"' | wc -l` plus last-cp - first-cp + 1 of each <range>
 *   seq      `sed -n '/<data>/,/<\/data>/p' F | grep -oE '<char cp="[0-9A-F]+ [^"]*"' | wc -l`
 *   ranges, vars, refs, actions: `grep -o '<range ' F | wc -l`, '<var ', '<reference ',
 *            '<action '
 *   refl     <var> whose cp is its <char>'s (a regular expression over the file, in Python)
 *   classes  `grep -oE '<(class|union|intersection|difference|symmetric-difference|
 *            complement) name=' F | wc -l`; rules: `grep -oE '<rule name=' F | wc -l`
 *   tags     the distinct words of every ' tag="..."' (grep, tr, sort -u)
 *   types    the distinct words of type= of <var> and any-variant=, all-variants=,
 *            only-variants= of <action>
 *   sym, tr  Python over xml.etree: every a -> b has b in the repertoire and b -> a; every
 *            a -> b, b -> c has a -> c or c = a (all 111 files agreed with the loader)
 *   ix       index labels possible: sym, and tr again over the mappings without when /
 *            not-when (Python likewise: both files where tr is 0 have no violation then)
 */
typedef struct figures {
    const char *path;
    size_t cps, seq, ranges, vars, refl, classes, rules, actions, tags, types, refs;
    int sym, tr, ix;
} figures;

static const figures known[] = {
    {"root-zone/lgr-5/lgr-5-arabic-script-26may22-en.xml", 128, 0, 0, 192, 0, 0, 17, 21, 1, 3,
     53, 1, 1, 1},
    {"root-zone/lgr-5/lgr-5-hebrew-script-26may22-en.xml", 29, 0, 0, 16, 2, 0, 1, 5, 2, 3, 2, 1,
     1, 1},
    /* 21811 <char> + 11165 in 8 ranges */
    {"root-zone/lgr-5-common-26may22-en.xml", 32976, 149, 8, 13312, 0, 108, 140, 52, 169, 26, 37,
     1, 0, 1},
    {"root-zone/lgr-5/lgr-5-myanmar-script-26may22-en.xml", 106, 65, 0, 74, 22, 20, 37, 14, 34,
     7, 9, 1, 0, 1},
    {"second-level-reference-lgr/lgr-second-level-arabic-script-31may22-en.xml", 159, 0, 0, 252,
     0, 8, 18, 22, 5, 6, 59, 1, 1, 1},
    /* 603 <char> + 121835 in 521 ranges */
    {"idna/idna2008_10.0.0.xml", 122438, 0, 521, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1},
};

static ibidi_lgr *load_shared(const char *rel, double *ms)
{
    char path[1024];
    ibidi_lgr *lgr = NULL;
    ibidi_lgr_diag d;
    snprintf(path, sizeof path, "%s/%s", SHARED, rel);
    double t0 = now_ms();
    ibidi_status st = ibidi_lgr_load_file(path, NULL, &lgr, &d);
    if (ms)
        *ms = now_ms() - t0;
    CHECK(st == IBIDI_OK, "%s: %s", rel, d.message);
    return lgr;
}

static void test_shared(void)
{
    struct stat sb;
    if (stat(SHARED, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        printf("skipped: %s is absent: the ICANN LGRs are not loaded\n", SHARED);
        return;
    }
    load_all(SHARED);
    printf("info: %zu LGR documents of %s loaded\n", n_loaded, SHARED);
    CHECK(n_loaded >= 100, "only %zu LGRs loaded", n_loaded);

    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        const figures *f = &known[i];
        ibidi_lgr *lgr = load_shared(f->path, NULL);
        if (!lgr)
            continue;
        const ibidi_lgr_info *in = ibidi_lgr_get_info(lgr);
        CHECK(in->n_code_points == f->cps && in->n_sequences == f->seq &&
                  in->n_ranges == f->ranges && in->n_variants == f->vars &&
                  in->n_reflexive == f->refl && in->n_classes == f->classes &&
                  in->n_rules == f->rules && in->n_actions == f->actions &&
                  in->n_tags == f->tags && in->n_variant_types == f->types &&
                  in->n_references == f->refs && in->symmetric == f->sym &&
                  in->transitive == f->tr && in->index_possible == f->ix,
              "%s: figures %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %d %d", f->path,
              in->n_code_points, in->n_sequences, in->n_ranges, in->n_variants, in->n_reflexive,
              in->n_classes, in->n_rules, in->n_actions, in->n_tags, in->n_variant_types,
              in->n_references, in->symmetric, in->transitive);
        ibidi_lgr_free(lgr);
    }

    /* RZ-LGR-5 Arabic: <meta> as the file has it */
    double ms_arabic = 0, ms_common = 0;
    ibidi_lgr *ar = load_shared("root-zone/lgr-5/lgr-5-arabic-script-26may22-en.xml", &ms_arabic);
    if (ar) {
        const ibidi_lgr_info *in = ibidi_lgr_get_info(ar);
        CHECK(str_is(in->version, "5") &&
                  str_is(in->version_comment, "Root Zone LGR for the Arabic Script") &&
                  str_is(in->date, "2022-05-26") && str_is(in->unicode_version, "11.0.0") &&
                  str_is(in->description_type, "text/html") && in->n_languages == 1 &&
                  str_is(in->languages[0], "und-Arab") && in->n_scopes == 1 &&
                  str_is(in->scopes[0], "domain:.") && in->validity_start == NULL,
              "RZ-LGR-5 Arabic: meta");
        CHECK(str_is(in->references[0].id, "0") &&
                  str_is(in->references[0].text, "The Unicode Standard 1.1") &&
                  str_is(in->references[0].comment,
                         "Any code point originally encoded in Unicode 1.1") &&
                  str_is(in->references[52].id, "147"),
              "RZ-LGR-5 Arabic: references");
        CHECK(str_is(in->variant_types[0], "blocked") &&
                  str_is(in->variant_types[1], "allocatable") &&
                  str_is(in->variant_types[2], "out-of-repertoire-var"),
              "RZ-LGR-5 Arabic: variant types (the third only in an action)");
        /* no-mix-kaf-keheh: SEQ(CHOICE(SEQ(CHAR 0643, ANY 0+, CHAR 06A9), SEQ(CHAR 06A9,
           ANY 0+, CHAR 0643))), as lines 576-587 of the file */
        uint32_t r = rule_index(ar, "no-mix-kaf-keheh");
        if (CHECK(r != LGR_NONE, "no-mix-kaf-keheh")) {
            const lgr_node *b = &ar->nodes[ar->rules[r].node], *c = kid(ar, b, 0);
            const lgr_node *s1 = c ? kid(ar, c, 0) : NULL, *s2 = c ? kid(ar, c, 1) : NULL;
            CHECK(b->b == 1 && c && c->kind == LGR_N_CHOICE && c->b == 2 && s1 && s2 &&
                      s1->kind == LGR_N_SEQ && s1->b == 3 && kid(ar, s1, 0)->kind == LGR_N_CHAR &&
                      kid(ar, s1, 0)->a == 0x0643 && kid(ar, s1, 0)->len == 1 &&
                      kid(ar, s1, 1)->kind == LGR_N_ANY && kid(ar, s1, 1)->min == 0 &&
                      kid(ar, s1, 1)->max == LGR_COUNT_INF && kid(ar, s1, 2)->a == 0x06A9 &&
                      kid(ar, s2, 0)->a == 0x06A9 && kid(ar, s2, 2)->a == 0x0643 &&
                      ar->rules[r].has_anchor == 0 &&
                      str_is(ar->strings[ar->rules[r].comment],
                             "WLE Rule 1: do not mix Arabic letters KAF and KEHEH in the same "
                             "label"),
                  "RZ-LGR-5 Arabic: no-mix-kaf-keheh compiled");
        }
        /* leading-combining-mark: SEQ(START, CLASS(gc:Mn | gc:Mc)) */
        r = rule_index(ar, "leading-combining-mark");
        if (CHECK(r != LGR_NONE, "leading-combining-mark")) {
            const lgr_node *b = &ar->nodes[ar->rules[r].node];
            CHECK(b->b == 2 && kid(ar, b, 0)->kind == LGR_N_START &&
                      kid(ar, b, 1)->kind == LGR_N_CLASS &&
                      kid(ar, b, 1)->a >= ar->n_named_classes &&
                      class_is(ar, kid(ar, b, 1)->a, holds_mn_mc, NULL),
                  "RZ-LGR-5 Arabic: leading-combining-mark is gc:Mn | gc:Mc");
        }
        /* the actions: 21 of the file, then the defaults */
        CHECK(ar->n_actions == 26 && ar->actions[1].kind == LGR_A_ANY_VARIANT &&
                  ar->actions[1].types == 4u && ar->actions[20].kind == LGR_A_NONE &&
                  ar->actions[21].is_default && !ar->actions[20].is_default,
              "RZ-LGR-5 Arabic: actions");
        /* 0622 -> 0623 0625 0627 0672: blocked, blocked, allocatable, blocked (lines 189-194) */
        const lgr_char *c = entry1(ar, 0x0622);
        CHECK(c && c->var_count == 4 && ar->vars[c->var_first].first == 0x0623 &&
                  ar->vars[c->var_first].type == 0 && ar->vars[c->var_first + 2u].type == 1 &&
                  ar->vars[c->var_first + 3u].first == 0x0672 &&
                  str_is(ar->strings[ar->vars[c->var_first + 2u].comment],
                         "U+0622 ALEF WITH MADDA ABOVE is simplified to U+0627 ALEF in the "
                         "Arabic language"),
              "RZ-LGR-5 Arabic: the variants of 0622");
        ibidi_lgr_free(ar);
    }
    ibidi_lgr *he = load_shared("root-zone/lgr-5/lgr-5-hebrew-script-26may22-en.xml", NULL);
    if (he) {
        const ibidi_lgr_info *in = ibidi_lgr_get_info(he);
        CHECK(str_is(in->version, "5") && str_is(in->date, "2022-05-26") &&
                  str_is(in->languages[0], "und-Hebr") && str_is(in->scopes[0], "domain:.") &&
                  str_is(in->unicode_version, "11.0.0"),
              "RZ-LGR-5 Hebrew: meta");
        ibidi_lgr_free(he);
    }
    ibidi_lgr *co = load_shared("root-zone/lgr-5-common-26may22-en.xml", &ms_common);
    if (co) {
        const ibidi_lgr_info *in = ibidi_lgr_get_info(co);
        CHECK(str_is(in->version, "5") && in->n_languages == 25 && in->n_scopes == 1,
              "RZ-LGR-5 common: meta");
        /* Beng--C-single from-tag="Beng:Consonant": `grep -oE ' tag="[^"]*"' F | grep -c
           '\bBeng:Consonant\b'` gives 36 code points (the space keeps from-tag out) */
        uint32_t k = class_index(co, "Beng--C-single");
        size_t n = 0;
        if (CHECK(k != LGR_NONE, "Beng--C-single")) {
            for (uint32_t i = 0; i < co->classes[k].count; i++)
                n += co->ranges[2u * (co->classes[k].first + i) + 1u] -
                     co->ranges[2u * (co->classes[k].first + i)] + 1u;
            CHECK(n == 36 && ibidi__lgr_class_has(co, k, 0x0995) &&
                      !ibidi__lgr_class_has(co, k, 0x0985),
                  "RZ-LGR-5 common: Beng--C-single holds %zu code points", n);
        }
        /* Guru--V2 = Guru--V minus Guru--V1 */
        uint32_t v = class_index(co, "Guru--V"), v1 = class_index(co, "Guru--V1"),
                 v2 = class_index(co, "Guru--V2");
        if (CHECK(v != LGR_NONE && v1 != LGR_NONE && v2 != LGR_NONE, "Guru--V*")) {
            int ok = 1;
            for (uint32_t cp = 0x0A00; cp < 0x0A80; cp++)
                if (ibidi__lgr_class_has(co, v2, cp) !=
                    (ibidi__lgr_class_has(co, v, cp) && !ibidi__lgr_class_has(co, v1, cp)))
                    ok = 0;
            CHECK(ok && co->classes[v2].count > 0, "RZ-LGR-5 common: Guru--V2 is a difference");
        }
        ibidi_lgr_free(co);
    }
    /* second-level Arabic: joins-to-the-right = jt:R | jt:D over every code point */
    ibidi_lgr *sl = load_shared(
        "second-level-reference-lgr/lgr-second-level-arabic-script-31may22-en.xml", NULL);
    if (sl) {
        CHECK(class_is(sl, class_index(sl, "joins-to-the-right"), holds_jt_r_or_d, NULL),
              "second-level Arabic: joins-to-the-right = jt:R | jt:D");
        static const uint32_t group2[] = {0x06A9, 0x06AA, 0x06BE, 0x06BE, 0x06C1, 0x06C3,
                                          0x06CC, 0x06CC, 0, 0};
        CHECK(class_is(sl, class_index(sl, "group2"), holds_list, group2),
              "second-level Arabic: group2 = 06A9-06AA 06BE 06C1-06C3 06CC");
        uint32_t r = rule_index(sl, "hyphen-minus-disallowed");
        CHECK(r != LGR_NONE && sl->rules[r].has_anchor, "an anchor inside a choice counts");
        ibidi_lgr_free(sl);
    }
    printf("info: load time (this build): RZ-LGR-5 common %.1f ms, RZ-LGR-5 Arabic %.1f ms\n",
           ms_common, ms_arabic);
}

int main(void)
{
    test_set_algebra();
    test_properties();
    test_sample();
    test_refusals();
    test_shared();
    return t_summary();
}
