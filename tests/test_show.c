/*
 * How to show an identifier (ibidi/show.h), without the peer vectors (tests/test_show_peers.c
 * runs those):
 *   1. the issue's cases under the default policy: 123.אבג.com and אבג.123.com (the Bidi Rule
 *      across the labels, which Chromium's per-label check lets through), ססו.com beside a
 *      protected loo.com (its bidi skeleton), pаypal.com (a Cyrillic a): A-labels, with
 *      their reasons; and the Chromium preset showing the first two in Unicode;
 *   2. each check alone, on a name it catches and a name it lets through;
 *   3. mail addresses and IRIs: the host decided, the rest kept; the display's twins;
 *   4. the record: labels joined into the text, the form's isolates, reasons' places, sizes
 *      (snprintf's contract), the work area, argument errors, inputs that are no identifier;
 *   5. the protected names and the policies' names;
 *   6. the plain labels, decided from their characters' classes: every character that may
 *      make one, alone, twice and beside an ASCII digit in a label, decided both ways
 *      (IBIDI_SHOW_NO_SHORTCUT), and the sample names too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "confusable/confusable_internal.h"
#include "ibidi.h"
#include "testlib.h"

typedef struct got {
    ibidi_show r;
    int ok;
} got;

static got show(const char *s, ibidi_show_policy policy, ibidi_dir context, unsigned add,
                const ibidi_show_protected *protect)
{
    got g;
    ibidi_show_options o;
    memset(&o, 0, sizeof o);
    o.policy = policy;
    o.context = context;
    o.add = add;
    o.protect = protect;
    g.ok = ibidi_show_make_alloc(s, strlen(s), &o, &g.r) == IBIDI_OK;
    return g;
}

static int has_reason(const ibidi_show *r, ibidi_code code, size_t part)
{
    for (size_t i = 0; i < r->n_reasons; i++)
        if (r->reasons[i].code == code && (part == (size_t)-2 || r->reasons[i].part == part))
            return 1;
    return 0;
}
#define ANY_PART ((size_t)-2)

static int text_is(const ibidi_show *r, const char *want)
{
    return r->text.data && r->text.len == strlen(want) && memcmp(r->text.data, want, r->text.len) == 0;
}

/* 1. */
static void test_issue_cases(void)
{
    static const char *const prot[] = {"loo.com", "paypal.com"};
    ibidi_show_protected *p = NULL;
    CHECK(ibidi_show_protect_create(prot, NULL, 2, &p, NULL) == IBIDI_OK, "protected names");
    got g = show("123.אבג.com", IBIDI_SHOW_POLICY_DEFAULT, IBIDI_DIR_LTR, 0, p);
    CHECK(g.ok && !g.r.valid && !g.r.unicode && text_is(&g.r, "123.xn--4dbcd.com") &&
              has_reason(&g.r, IBIDI_IDNA_B1, 0) && g.r.labels[1].as == IBIDI_SHOW_AS_A_LABEL,
          "123.אבג.com: A-labels, B1 on the label 123");
    ibidi_show_free(&g.r);
    g = show("אבג.123.com", IBIDI_SHOW_POLICY_DEFAULT, IBIDI_DIR_LTR, 0, p);
    CHECK(g.ok && !g.r.unicode && text_is(&g.r, "xn--4dbcd.123.com") &&
              has_reason(&g.r, IBIDI_IDNA_B1, 1),
          "אבג.123.com: A-labels, B1 on the label 123");
    ibidi_show_free(&g.r);
    g = show("ססו.com", IBIDI_SHOW_POLICY_DEFAULT, IBIDI_DIR_LTR, 0, p);
    CHECK(g.ok && g.r.valid && !g.r.unicode && text_is(&g.r, "xn--9dbxa.com") &&
              has_reason(&g.r, IBIDI_SHOW_PROTECTED_BIDI_SKELETON, IBIDI_NO_PART) &&
              has_reason(&g.r, IBIDI_CONFUSABLE_WHOLE_SCRIPT_CONFUSABLE, 0),
          "ססו.com beside loo.com: A-labels, its bidi skeleton is loo.com's");
    for (size_t i = 0; g.ok && i < g.r.n_reasons; i++)
        if (g.r.reasons[i].code == IBIDI_SHOW_PROTECTED_BIDI_SKELETON)
            CHECK(g.r.reasons[i].detail == 0 && g.r.reasons[i].context == IBIDI_DIR_LTR,
                  "the protected name's index, the paragraph");
    ibidi_show_free(&g.r);
    /* without loo.com protected, the whole-script confusable alone keeps it in A-labels */
    g = show("ססו.com", IBIDI_SHOW_POLICY_DEFAULT, IBIDI_DIR_LTR, 0, NULL);
    CHECK(g.ok && !g.r.unicode && !has_reason(&g.r, IBIDI_SHOW_PROTECTED_BIDI_SKELETON, ANY_PART),
          "ססו.com alone: A-labels, no protected name");
    ibidi_show_free(&g.r);
    g = show("pаypal.com", IBIDI_SHOW_POLICY_DEFAULT, IBIDI_DIR_LTR, 0, p);
    CHECK(g.ok && !g.r.unicode && text_is(&g.r, "xn--pypal-4ve.com") &&
              has_reason(&g.r, IBIDI_UTS39_RESTRICTION_LEVEL, 0) &&
              has_reason(&g.r, IBIDI_CONFUSABLE_MIXED_SCRIPT_CONFUSABLE, 0) &&
              has_reason(&g.r, IBIDI_SHOW_PROTECTED_SKELETON, IBIDI_NO_PART),
          "pаypal.com: A-labels, mixed scripts, paypal.com's skeleton");
    for (size_t i = 0; g.ok && i < g.r.n_reasons; i++) {
        const ibidi_finding *f = &g.r.reasons[i];
        if (f->code == IBIDI_UTS39_RESTRICTION_LEVEL)
            CHECK(f->offset == 1 && f->length == 2 && f->cp == 0x430 && f->input_offset == 1 &&
                      f->input_length == 2 && f->rule == ibidi_code_message(f->code),
                  "the reason's place: U+0430 at byte 1, in both forms");
    }
    CHECK(g.ok && g.r.data_version && strcmp(g.r.data_version, "17.0.0") == 0, "data version");
    ibidi_show_free(&g.r);
    /* ToASCII's errors come placed in the input; the record places them in the Unicode
       form too, where a decoded label before them is shorter ("xn--uya" is "Ϝ") */
    g = show("xn--uya.a%b.com", IBIDI_SHOW_POLICY_WEBKIT, IBIDI_DIR_LTR, 0, NULL);
    CHECK(g.ok && !g.r.valid && has_reason(&g.r, IBIDI_IDNA_DOMAIN_INVALID_CODE_POINT, 1),
          "webkit: a%%b is no host label");
    for (size_t i = 0; g.ok && i < g.r.n_reasons; i++)
        if (g.r.reasons[i].code == IBIDI_IDNA_DOMAIN_INVALID_CODE_POINT)
            CHECK(g.r.reasons[i].offset == 4 && g.r.reasons[i].input_offset == 9 &&
                      g.r.unicode_form.len == 10,
                  "the %% at byte 4 of Ϝ.a%%b.com, byte 9 of the input");
    ibidi_show_free(&g.r);
    /* ToASCII finds the Bidi Rule's errors of both labels before the URL Standard's: the
       record keeps each label's reasons together */
    g = show("%ق.b%", IBIDI_SHOW_POLICY_WEBKIT, IBIDI_DIR_LTR, 0, NULL);
    int together = g.ok && g.r.n_labels == 2 && g.r.n_reasons == 4;
    for (size_t k = 0; together && k < g.r.n_labels; k++) {
        const ibidi_show_label *l = &g.r.labels[k];
        together = l->n_reasons == 2;
        for (size_t i = l->first_reason; together && i < l->first_reason + l->n_reasons; i++)
            together = g.r.reasons[i].part == k;
    }
    CHECK(together && has_reason(&g.r, IBIDI_IDNA_B1, 0) && has_reason(&g.r, IBIDI_IDNA_B6, 1),
          "webkit: %%ق.b%%, two reasons a label, each label's together");
    ibidi_show_free(&g.r);
    g = show("xn--uya.A%b.com", IBIDI_SHOW_POLICY_WEBKIT, IBIDI_DIR_LTR, 0, NULL);
    for (size_t i = 0; g.ok && i < g.r.n_reasons; i++)
        if (g.r.reasons[i].code == IBIDI_IDNA_DOMAIN_INVALID_CODE_POINT)
            CHECK(g.r.reasons[i].offset == 3 && g.r.reasons[i].length == 3 &&
                      g.r.reasons[i].input_offset == 8 && g.r.reasons[i].input_length == 3,
                  "a label mapped (A to a): the whole label a%%b, in both forms");
    ibidi_show_free(&g.r);
    /* Chromium checks the Bidi Rule on each label alone: both show in Unicode */
    g = show("123.אבג.com", IBIDI_SHOW_POLICY_CHROMIUM, IBIDI_DIR_LTR, 0, NULL);
    CHECK(g.ok && g.r.valid && g.r.unicode && text_is(&g.r, "123.אבג.com"),
          "chromium: 123.אבג.com in Unicode");
    ibidi_show_free(&g.r);
    g = show("אבג.123.com", IBIDI_SHOW_POLICY_CHROMIUM, IBIDI_DIR_LTR, 0, NULL);
    CHECK(g.ok && g.r.valid && g.r.unicode, "chromium: אבג.123.com in Unicode");
    ibidi_show_free(&g.r);
    ibidi_show_protect_free(p);
}

/* 2. each check: a name it catches, one it lets through (default policy unless said) */
typedef struct one {
    const char *name;
    ibidi_show_policy policy;
    ibidi_code code; /* the reason, or 0: shown in Unicode */
} one;

static void test_checks(void)
{
    static const one cases[] = {
        {"xn--mgbh0fb.xn--kgbechtv", IBIDI_SHOW_POLICY_DEFAULT, 0},   /* مثال.إختبار */
        {"ايران.com", IBIDI_SHOW_POLICY_DEFAULT, 0},
        {"bücher.de", IBIDI_SHOW_POLICY_DEFAULT, 0},
        {"президент.рф", IBIDI_SHOW_POLICY_DEFAULT, 0},               /* the TLD's script */
        {"ѕсоре.com", IBIDI_SHOW_POLICY_DEFAULT, IBIDI_CONFUSABLE_WHOLE_SCRIPT_CONFUSABLE},
        {"ѕсоре.рф", IBIDI_SHOW_POLICY_DEFAULT, 0},
        {"xn--foog-ycg.com", IBIDI_SHOW_POLICY_DEFAULT, IBIDI_SHOW_MARK_SCRIPT},
        {"xn--gruzere-ogea.com", IBIDI_SHOW_POLICY_FIREFOX, IBIDI_SHOW_MARK_REPEATED},
        {"xn--pxel-lza43z.com", IBIDI_SHOW_POLICY_DEFAULT, IBIDI_SHOW_MARK_HIDDEN},
        {"ουτοπία.gr", IBIDI_SHOW_POLICY_DEFAULT, 0},                 /* ί: a tonos on iota */
        {"xn--weka801xo02a.com", IBIDI_SHOW_POLICY_DEFAULT, IBIDI_SHOW_MODIFIER_CONTEXT},
        {"カー野球.jp", IBIDI_SHOW_POLICY_DEFAULT, 0},
        {"xn--123457890-fzh.com", IBIDI_SHOW_POLICY_DEFAULT, IBIDI_SHOW_DIGIT_LOOKALIKE},
        {"xn--caf-dma9024xvpg.kr", IBIDI_SHOW_POLICY_CHROMIUM, IBIDI_SHOW_NON_ASCII_LATIN},
        {"한글han.kr", IBIDI_SHOW_POLICY_CHROMIUM, 0},
        {"xn--11b6iy14e.in", IBIDI_SHOW_POLICY_DEFAULT, IBIDI_SHOW_DEVIATION},
        {"fuß.de", IBIDI_SHOW_POLICY_CHROMIUM, 0},                    /* non-transitional */
        {"xn--abcdef-dg0c.com", IBIDI_SHOW_POLICY_DEFAULT, IBIDI_SHOW_NOT_IDNA2008},
        {"xn--googlecom-5pa.com", IBIDI_SHOW_POLICY_DEFAULT, IBIDI_IDNA_O3},
        {"l·l.cat", IBIDI_SHOW_POLICY_DEFAULT, 0},
        {"xn--5ya.com", IBIDI_SHOW_POLICY_WEBKIT, IBIDI_SHOW_SCRIPT_NOT_ALLOWED},
        {"xn--5ya.com", IBIDI_SHOW_POLICY_DEFAULT, IBIDI_CONFUSABLE_RESTRICTED_CHARACTER},
        {"xn--79-v5f.co.in", IBIDI_SHOW_POLICY_DEFAULT, IBIDI_UTS39_MIXED_NUMBERS},
        {"example.com", IBIDI_SHOW_POLICY_DEFAULT, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const one *c = &cases[i];
        got g = show(c->name, c->policy, IBIDI_DIR_LTR, 0, NULL);
        if (!CHECK(g.ok, "%s", c->name))
            continue;
        if (c->code)
            CHECK(g.r.valid && !g.r.unicode && has_reason(&g.r, c->code, ANY_PART),
                  "%s (%s): A-labels for %s", c->name, ibidi_show_policy_name(c->policy),
                  ibidi_code_name(c->code));
        else
            CHECK(g.r.valid && g.r.unicode && g.r.n_reasons == 0, "%s (%s): Unicode", c->name,
                  ibidi_show_policy_name(c->policy));
        ibidi_show_free(&g.r);
    }
    /* transitional processing hides the deviations ß and ς */
    got g = show("fuß.de", IBIDI_SHOW_POLICY_CHROMIUM, IBIDI_DIR_LTR, IBIDI_SHOW_TRANSITIONAL, NULL);
    CHECK(g.ok && !g.r.unicode && has_reason(&g.r, IBIDI_SHOW_DEVIATION, 0), "fuß.de transitional");
    ibidi_show_free(&g.r);
    /* the user's scripts: WebKit shows only them; the whole-script check trusts them */
    ibidi_show_options o;
    memset(&o, 0, sizeof o);
    const ibidi_unicode_sc cyrl = IBIDI_UNICODE_SC_CYRL, arab = IBIDI_UNICODE_SC_ARAB;
    o.scripts = &cyrl;
    o.n_scripts = 1;
    CHECK(ibidi_show_make_alloc("ѕсоре.com", strlen("ѕсоре.com"), &o, &g.r) == IBIDI_OK &&
              g.r.unicode,
          "a Cyrillic reader sees ѕсоре.com in Unicode");
    ibidi_show_free(&g.r);
    o.policy = IBIDI_SHOW_POLICY_WEBKIT;
    o.scripts = &arab;
    CHECK(ibidi_show_make_alloc("ايران.com", strlen("ايران.com"), &o, &g.r) == IBIDI_OK &&
              g.r.unicode,
          "webkit, Arabic reader: ايران.com");
    ibidi_show_free(&g.r);
    CHECK(ibidi_show_make_alloc("торты.ru", strlen("торты.ru"), &o, &g.r) == IBIDI_OK &&
              !g.r.unicode && has_reason(&g.r, IBIDI_SHOW_SCRIPT_NOT_ALLOWED, 0),
          "webkit, Arabic reader: торты.ru in A-labels");
    ibidi_show_free(&g.r);
    /* the highest level: moderately restrictive lets Latin with Devanagari through */
    memset(&o, 0, sizeof o);
    o.max_restriction = IBIDI_UTS39_MODERATELY_RESTRICTIVE;
    CHECK(ibidi_show_make_alloc("abcमराठी.com", strlen("abcमराठी.com"), &o, &g.r) == IBIDI_OK &&
              !has_reason(&g.r, IBIDI_UTS39_RESTRICTION_LEVEL, ANY_PART),
          "moderately restrictive: Latin with Devanagari");
    ibidi_show_free(&g.r);
    o.max_restriction = IBIDI_UTS39_HIGHLY_RESTRICTIVE;
    CHECK(ibidi_show_make_alloc("abcमराठी.com", strlen("abcमराठी.com"), &o, &g.r) == IBIDI_OK &&
              has_reason(&g.r, IBIDI_UTS39_RESTRICTION_LEVEL, 0),
          "highly restrictive: not Latin with Devanagari");
    ibidi_show_free(&g.r);
    /* a check removed */
    o.remove = IBIDI_SHOW_CHECK_RESTRICTION | IBIDI_SHOW_CHECK_MIXED_SCRIPT;
    CHECK(ibidi_show_make_alloc("abcमराठी.com", strlen("abcमराठी.com"), &o, &g.r) == IBIDI_OK &&
              g.r.unicode && g.r.checks == (ibidi_show_policy_checks(0) & ~o.remove),
          "checks removed: shown");
    ibidi_show_free(&g.r);
}

/* 3. mail addresses and IRIs; the display's twins */
static void test_kinds(void)
{
    got g = show("user@ايران.com", 0, IBIDI_DIR_LTR, 0, NULL);
    CHECK(g.ok && g.r.kind == IBIDI_IRI_AS_EMAIL && g.r.unicode && text_is(&g.r, "user@ايران.com") &&
              g.r.host.start == 5 && g.r.n_labels == 2,
          "a mail address: its domain in Unicode");
    ibidi_show_free(&g.r);
    g = show("user@ססו.com", 0, IBIDI_DIR_LTR, 0, NULL);
    CHECK(g.ok && !g.r.unicode && text_is(&g.r, "user@xn--9dbxa.com"), "its domain as A-labels");
    ibidi_show_free(&g.r);
    g = show("http://pаypal.com/path?q=1", 0, IBIDI_DIR_LTR, 0, NULL);
    CHECK(g.ok && g.r.kind == IBIDI_IRI_AS_IRI && text_is(&g.r, "http://xn--pypal-4ve.com/path?q=1"),
          "an IRI: its host as A-labels, the rest kept");
    ibidi_show_free(&g.r);
    g = show("http://192.0.2.1/", 0, IBIDI_DIR_LTR, 0, NULL);
    CHECK(g.ok && g.r.valid && g.r.unicode && g.r.n_labels == 0 && text_is(&g.r, "http://192.0.2.1/"),
          "an IRI without a name: as it is");
    ibidi_show_free(&g.r);
    /* 123@ABC.com and ABC@123.com display alike: the domain ABC.com is not determined by the
       display, so it is shown as A-labels (ABC: Hebrew alef bet gimel) */
    g = show("123@אבג.com", 0, IBIDI_DIR_LTR, 0, NULL);
    CHECK(g.ok && !g.r.unicode && text_is(&g.r, "123@xn--4dbcd.com") &&
              has_reason(&g.r, IBIDI_AMBIGUITY_DOMAIN_UNDETERMINED, IBIDI_NO_PART),
          "123@אבג.com: the domain undetermined, A-labels");
    ibidi_show_free(&g.r);
    /* the local part of a mail address is judged by the component rules (the 2012
       guidelines §3: a right-to-left component ends with a right-to-left character); its
       finding is a reason of the identifier, placed in the Unicode form, and changes no
       label */
    g = show("אבג1@דה.com", 0, IBIDI_DIR_LTR, 0, NULL);
    int rtl_end = 0;
    for (size_t i = 0; g.ok && i < g.r.n_reasons; i++)
        if (g.r.reasons[i].code == IBIDI_IRI_RTL_END)
            rtl_end = g.r.reasons[i].part == IBIDI_NO_PART && g.r.reasons[i].offset == 6 &&
                      g.r.reasons[i].input_offset == 6;
    CHECK(g.ok && rtl_end && g.r.unicode_form.len == strlen("אבג1@דה.com"),
          "a mail address's local part: RTL_END at byte 6");
    ibidi_show_free(&g.r);
    /* an IRI's path after a host whose U-labels are shorter than its A-labels: the
       finding's place in the Unicode form and in the input */
    g = show("http://xn--4dbcd.com/אב1", 0, IBIDI_DIR_LTR, 0, NULL);
    const size_t path_u = strlen("http://אבג.com/"), path_in = strlen("http://xn--4dbcd.com/");
    rtl_end = 0;
    for (size_t i = 0; g.ok && i < g.r.n_reasons; i++)
        if (g.r.reasons[i].code == IBIDI_IRI_RTL_END)
            rtl_end = g.r.reasons[i].offset == path_u + 4 && g.r.reasons[i].input_offset == path_in + 4;
    CHECK(g.ok && rtl_end, "an IRI's path: its place in both forms");
    ibidi_show_free(&g.r);
    /* without the twin search, it is shown */
    g = show("123@אבג.com", 0, IBIDI_DIR_LTR, 0, NULL);
    ibidi_show_free(&g.r);
    ibidi_show_options o;
    memset(&o, 0, sizeof o);
    o.remove = IBIDI_SHOW_CHECK_TWINS;
    CHECK(ibidi_show_make_alloc("123@אבג.com", strlen("123@אבג.com"), &o, &g.r) == IBIDI_OK &&
              g.r.unicode,
          "without TWINS, 123@אבג.com is shown");
    ibidi_show_free(&g.r);
    /* a root label is kept; uppercase ASCII is shown as UTS #46 maps it */
    g = show("WWW.Example.COM.", 0, IBIDI_DIR_LTR, 0, NULL);
    CHECK(g.ok && g.r.valid && text_is(&g.r, "www.example.com.") && g.r.n_labels == 3,
          "the root label's stop kept, ASCII lowercased");
    ibidi_show_free(&g.r);
}

/* 4. the record */
static void test_record(void)
{
    ibidi_show_options o;
    memset(&o, 0, sizeof o);
    const char *s = "مثال.ססו.com";
    const size_t len = strlen(s), ws = ibidi_show_work_size(len, &o);
    CHECK(ws > 0 && ws != SIZE_MAX, "a work area size");
    char *work = malloc(ws);
    o.work = work;
    o.work_size = ws;
    ibidi_show r;
    CHECK(ibidi_show_make(s, len, &o, NULL, 0, &r) == IBIDI_E_BUFFER_TOO_SMALL && r.needed > 0,
          "measure");
    const size_t need = r.needed;
    char *buf = malloc(need);
    CHECK(ibidi_show_make(s, len, &o, buf, need, &r) == IBIDI_OK && r.needed == need, "fits");
    /* the labels joined are the text; the form wraps each label in FSI ... PDI */
    char joined[256];
    size_t at = 0;
    for (size_t k = 0; k < r.n_labels; k++) {
        at += (size_t)snprintf(joined + at, sizeof joined - at, "%s%.*s", k ? "." : "",
                               (int)r.labels[k].shown.len, r.labels[k].shown.data);
        CHECK(r.labels[k].input.start + r.labels[k].input.length <= len, "label %zu's place", k);
    }
    CHECK(text_is(&r, joined) && text_is(&r, "مثال.xn--9dbxa.com"), "text: %s", joined);
    CHECK(r.labels[0].as == IBIDI_SHOW_AS_UNICODE && r.labels[1].as == IBIDI_SHOW_AS_A_LABEL &&
              r.labels[2].as == IBIDI_SHOW_AS_ASCII && r.labels[1].n_reasons > 0 &&
              r.labels[0].n_reasons == 0,
          "each label's decision");
    CHECK(r.form.data && r.form.len > r.text.len &&
              memcmp(r.form.data, "\xE2\x81\xA6\xE2\x81\xA8", 6) == 0, /* LRI FSI */
          "the form opens with LRI and FSI");
    CHECK(r.unicode_form.data && r.unicode_form.len == len &&
              memcmp(r.unicode_form.data, s, len) == 0,
          "the Unicode form");
    /* the work area one byte short */
    o.work_size = ws - 1;
    CHECK(ibidi_show_make(s, len, &o, buf, need, &r) == IBIDI_E_SHOW_WORK_TOO_SMALL, "work short");
    o.work_size = ws;
    /* arguments */
    CHECK(ibidi_show_make(NULL, 1, &o, buf, need, &r) == IBIDI_E_INVALID_ARGUMENT, "NULL text");
    CHECK(ibidi_show_make(s, len, &o, buf, need, NULL) == IBIDI_E_INVALID_ARGUMENT, "NULL record");
    o.policy = (ibidi_show_policy)9;
    CHECK(ibidi_show_make(s, len, &o, buf, need, &r) == IBIDI_E_INVALID_ARGUMENT, "policy 9");
    o.policy = 0;
    o.context = IBIDI_DIR_AUTO;
    CHECK(ibidi_show_make(s, len, &o, buf, need, &r) == IBIDI_E_INVALID_ARGUMENT, "context auto");
    o.context = 0;
    o.add = 0x80000000u;
    CHECK(ibidi_show_make(s, len, &o, buf, need, &r) == IBIDI_E_INVALID_ARGUMENT, "unknown bit");
    o.add = 0;
    o.n_scripts = 1;
    CHECK(ibidi_show_make(s, len, &o, buf, need, &r) == IBIDI_E_INVALID_ARGUMENT, "no scripts");
    o.n_scripts = 0;
    /* no identifier: an error record, nothing shown */
    CHECK(ibidi_show_make("a\xFF.com", 6, &o, buf, need, &r) == IBIDI_OK &&
              r.error.status == IBIDI_E_UTF8_INVALID_BYTE && r.error.offset == 1 && !r.text.data &&
              !r.valid,
          "ill-formed UTF-8: an error at byte 1");
    char *longer = malloc(IBIDI_SHOW_MAX_BYTES + 2);
    memset(longer, 'a', IBIDI_SHOW_MAX_BYTES + 1);
    CHECK(ibidi_show_make(longer, IBIDI_SHOW_MAX_BYTES + 1, &o, buf, need, &r) == IBIDI_OK &&
              r.error.status == IBIDI_E_TOO_LONG,
          "too long: an error");
    free(longer);
    CHECK(ibidi_show_make("http://[::1", 11, &o, buf, need, &r) == IBIDI_OK &&
              r.error.status == IBIDI_E_IRI_HOST && !r.text.data,
          "an IRI that does not parse");
    /* an invalid name is shown in ASCII: its ASCII labels as given, the others encoded */
    CHECK(ibidi_show_make("a\x01" "b.אבג.com", 11, &o, buf, need, &r) == IBIDI_OK && !r.valid &&
              r.labels[0].as == IBIDI_SHOW_AS_ENCODED && r.labels[1].as == IBIDI_SHOW_AS_A_LABEL,
          "an invalid name: a control's label encoded");
    free(buf);
    free(work);
    ibidi_show empty;
    memset(&empty, 0, sizeof empty);
    ibidi_show_free(&empty);
    ibidi_show_free(NULL);
}

/* 5. */
static void test_names(void)
{
    for (int p = 0; p < 4; p++) {
        const char *n = ibidi_show_policy_name((ibidi_show_policy)p);
        CHECK(n && ibidi_show_policy_from_name(n, strlen(n)) == p &&
                  ibidi_show_policy_checks((ibidi_show_policy)p) != 0,
              "policy %d", p);
    }
    CHECK(!ibidi_show_policy_name((ibidi_show_policy)4) &&
              ibidi_show_policy_from_name("edge", 4) == -1 &&
              ibidi_show_policy_checks((ibidi_show_policy)4) == 0,
          "unknown policy");
    CHECK(strcmp(ibidi_show_as_name(IBIDI_SHOW_AS_A_LABEL), "a-label") == 0 &&
              !ibidi_show_as_name((ibidi_show_as)7),
          "as names");
    size_t n = 0;
    const ibidi_show_tld *t = ibidi_show_tlds(&n);
    int rf = 0;
    for (size_t i = 0; i < n; i++)
        rf |= strcmp(t[i].tld, "рф") == 0 && t[i].script == IBIDI_UNICODE_SC_CYRL;
    CHECK(n > 40 && rf, "the built-in TLDs: рф is Cyrillic");
    /* every preset is part of the default */
    for (int p = 1; p < 4; p++) {
        const unsigned extra = ibidi_show_policy_checks((ibidi_show_policy)p) &
                               ~ibidi_show_policy_checks(IBIDI_SHOW_POLICY_DEFAULT);
        CHECK(!(extra & (IBIDI_SHOW_CHECK_IDENTIFIER_STATUS | IBIDI_SHOW_CHECK_RESTRICTION |
                         IBIDI_SHOW_CHECK_MIXED_NUMBERS | IBIDI_SHOW_CHECK_MIXED_SCRIPT |
                         IBIDI_SHOW_CHECK_WHOLE_SCRIPT_LATIN | IBIDI_SHOW_CHECK_MARKS |
                         IBIDI_SHOW_CHECK_DIGIT_LOOKALIKE | IBIDI_SHOW_CHECK_NON_ASCII_LATIN |
                         IBIDI_SHOW_CHECK_DEVIATION | IBIDI_SHOW_CHECK_SCRIPTS |
                         IBIDI_SHOW_CHECK_PROTECTED | IBIDI_SHOW_CHECK_IDNA2008)),
              "%s's checks are the default's", ibidi_show_policy_name((ibidi_show_policy)p));
    }
    /* protected names */
    static const char *const bad[] = {"paypal.com", "a..b"};
    ibidi_show_protected *p = NULL;
    ibidi_error e;
    CHECK(ibidi_show_protect_create(bad, NULL, 2, &p, &e) != IBIDI_OK && !p && e.value == 1,
          "an invalid protected name: its index");
    static const char *const good[] = {"xn--mgbh0fb.xn--kgbechtv", "Example.COM."};
    const size_t lens[] = {24, 12};
    CHECK(ibidi_show_protect_create(good, lens, 2, &p, NULL) == IBIDI_OK &&
              ibidi_show_protect_count(p) == 2,
          "two protected names");
    size_t nl = 0;
    const char *name = ibidi_show_protect_name(p, 1, &nl);
    CHECK(name && nl == 11 && memcmp(name, "example.com", 11) == 0, "kept in Unicode form");
    name = ibidi_show_protect_name(p, 0, &nl);
    CHECK(name && nl == strlen("مثال.إختبار") && memcmp(name, "مثال.إختبار", nl) == 0,
          "an A-label name kept as U-labels");
    got g = show("مثال.إختبار", 0, IBIDI_DIR_LTR, 0, p);
    CHECK(g.ok && g.r.unicode, "a protected name itself is shown");
    ibidi_show_free(&g.r);
    g = show("sub.مثال.إختبار", 0, IBIDI_DIR_LTR, 0, p);
    CHECK(g.ok && g.r.unicode, "a name under it too");
    ibidi_show_free(&g.r);
    ibidi_show_protect_free(p);
    ibidi_show_protect_free(NULL);
    CHECK(ibidi_show_protect_count(NULL) == 0 && !ibidi_show_protect_name(NULL, 0, &nl),
          "NULL list");
}

/* 6. The same record both ways: validity, text, reasons (code, part, place, detail). */
static int same_decision(const ibidi_show *a, const ibidi_show *b)
{
    if (a->valid != b->valid || a->unicode != b->unicode || a->n_reasons != b->n_reasons ||
        a->text.len != b->text.len || (a->text.len && memcmp(a->text.data, b->text.data, a->text.len)))
        return 0;
    for (size_t i = 0; i < a->n_reasons; i++) {
        const ibidi_finding *x = &a->reasons[i], *y = &b->reasons[i];
        if (x->code != y->code || x->part != y->part || x->offset != y->offset ||
            x->length != y->length || x->detail != y->detail || x->cp != y->cp ||
            x->context != y->context || x->input_offset != y->input_offset)
            return 0;
    }
    return 1;
}

static void test_plain(void)
{
    ibidi_show_options fast, full;
    memset(&fast, 0, sizeof fast);
    fast.work_size = ibidi_show_work_size(64, &fast);
    fast.work = malloc(fast.work_size);
    full = fast;
    full.add = IBIDI_SHOW_NO_SHORTCUT;
    static char b1[1 << 14], b2[1 << 14];
    size_t tried = 0, differ = 0, policies_tried = 0;
    for (uint32_t cp = 0x80; cp <= 0x10FFFF; cp++) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        const uint32_t v = ibidi__confusable_class(cp);
        const unsigned sc = IBIDI__CLASS_SCRIPT(v);
        if (!(v & IBIDI__CLASS_ALLOWED) || sc >= IBIDI__CLASS_SEVERAL ||
            (v & (IBIDI__CLASS_MARK | IBIDI__CLASS_LM | IBIDI__CLASS_ND)))
            continue;
        char name[32];
        ibidi_buf o = {name, sizeof name, 0};
        /* alone, twice, and beside an ASCII digit (before it on a sixteenth of them) */
        const uint32_t two[2] = {cp, cp}, digit[2][2] = {{cp, '7'}, {'3', cp}};
        for (int k = 1; k <= 3; k++) {
            o.len = 0;
            if (ibidi_utf8_encode(k < 3 ? two : digit[(cp & 15u) == 0], k < 3 ? (size_t)k : 2,
                                  &o, NULL) != IBIDI_OK)
                break;
            memcpy(name + o.len, ".com", 4);
            const size_t n = o.len + 4;
            for (int p = 0; p < 4; p++) {
                if (p && (cp & 31u)) /* the presets on a thirty-second of them */
                    continue;
                fast.policy = full.policy = (ibidi_show_policy)p;
                ibidi_show a, b;
                if (ibidi_show_make(name, n, &fast, b1, sizeof b1, &a) != IBIDI_OK ||
                    ibidi_show_make(name, n, &full, b2, sizeof b2, &b) != IBIDI_OK) {
                    differ++;
                    continue;
                }
                tried++;
                policies_tried += p != 0;
                if (!same_decision(&a, &b) && differ++ < 5)
                    CHECK(0, "U+%04X x%d (%s): the classes and the checks decide apart",
                          (unsigned)cp, k, ibidi_show_policy_name((ibidi_show_policy)p));
            }
        }
    }
    printf("info: %zu labels of one character (alone, twice, beside a digit) decided both "
           "ways, %zu of them under the presets\n", tried, policies_tried);
    CHECK(differ == 0 && tried > 100000, "%zu of %zu decided apart", differ, tried);
    free(fast.work);
}

/* The presets are laxer than the default in every check: what the default shows in
 * Unicode, each of them does, over the sample names and identifiers; and the default
 * decides each of them as it does without its shortcuts, its form the display's. */
static void test_default_strictest(void)
{
    static const char *const files[] = {"data/samples/names.txt", "data/samples/identifiers.txt"};
    size_t shown = 0, lines = 0;
    for (int f = 0; f < 2; f++) {
        char *text = t_read_file(files[f], NULL);
        if (!CHECK(text != NULL, "%s can be read", files[f]))
            continue;
        for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
            if (line[0] == '#' || !line[0])
                continue;
            lines++;
            got d = show(line, IBIDI_SHOW_POLICY_DEFAULT, IBIDI_DIR_LTR, 0, NULL);
            /* and the same decision without the shortcuts (the plain labels' classes, the
               A-labels left to make until a label needs one) */
            got full = show(line, IBIDI_SHOW_POLICY_DEFAULT, IBIDI_DIR_LTR,
                            IBIDI_SHOW_NO_SHORTCUT, NULL);
            CHECK(d.ok == full.ok && (!d.ok || same_decision(&d.r, &full.r)),
                  "%s: the shortcuts decide apart", line);
            ibidi_show_free(&full.r);
            /* the form is the display's of the text shown (which parses it itself) */
            if (d.ok && d.r.form.data) {
                ibidi_display_options dopt;
                memset(&dopt, 0, sizeof dopt);
                dopt.as = d.r.kind;
                dopt.form = IBIDI_DISPLAY_FORM_COMPONENTS;
                ibidi_buf fb = {NULL, 0, 0};
                CHECK(ibidi_display_utf8_alloc(d.r.text.data, d.r.text.len, &dopt, &fb, NULL) ==
                              IBIDI_OK &&
                          fb.len == d.r.form.len && memcmp(fb.data, d.r.form.data, fb.len) == 0,
                      "%s: the form is not the display's", line);
                ibidi_free(fb.data);
            }
            if (d.ok && d.r.valid && d.r.unicode) {
                shown++;
                for (int p = 1; p < 4; p++) {
                    got g = show(line, (ibidi_show_policy)p, IBIDI_DIR_LTR, 0, NULL);
                    CHECK(g.ok && g.r.unicode, "%s: shown by the default, not by %s", line,
                          ibidi_show_policy_name((ibidi_show_policy)p));
                    ibidi_show_free(&g.r);
                }
            }
            ibidi_show_free(&d.r);
        }
        free(text);
    }
    printf("info: %zu sample lines, %zu shown in Unicode by the default and by every preset\n",
           lines, shown);
}

int main(void)
{
    test_issue_cases();
    test_checks();
    test_kinds();
    test_record();
    test_names();
    test_plain();
    test_default_strictest();
    return t_summary();
}
