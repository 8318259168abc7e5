/*
 * Display of identifiers: every worked example of the seeds (RFC 3987 §4.4 Examples 1-10,
 * the 2012 bidi IRI guidelines' Example 11, RFC 5893 §3 and §6, Badami's pairs) through
 * the standard display model and a right-to-left paragraph, each a named case; the
 * presentation forms, exactly and proved by the UBA in many contexts; the conversions of
 * Duerst 2001 §4.4 and their errors; the layout map; bad input; the forms written straight
 * into the buffer against the general writer.
 *
 * Where a seed prints a visual form that UAX #9 does not give under Unicode 17.0, the test
 * asserts the algorithm's result and names the difference (the `printed` column).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "display/display_internal.h"
#include "ibidi.h"
#include "testlib.h"

typedef struct example {
    const char *name;
    ibidi_iri_kind as;
    const char *logical; /* Bidi Notation */
    int arabic;          /* upper case as Arabic letters (AL) rather than Hebrew (R) */
    ibidi_dir context;
    const char *visual;  /* UAX #9 under Unicode 17.0, in notation */
    const char *printed; /* the seed's printed form where it differs, else NULL */
    const char *why;     /* why they differ */
} example;

#define LTR IBIDI_DIR_LTR
#define RTL IBIDI_DIR_RTL
#define IRI IBIDI_IRI_AS_IRI
#define DOM IBIDI_IRI_AS_DOMAIN
#define MAIL IBIDI_IRI_AS_EMAIL

static const example examples[] = {
    {"RFC 3987 §4.4 Example 1", IRI, "http://ab.CDEFGH.ij/kl/mn/op.html", 0, LTR,
     "http://ab.HGFEDC.ij/kl/mn/op.html", NULL, NULL},
    {"RFC 3987 §4.4 Example 2", IRI, "http://ab.CDE.FGH/ij/kl/mn/op.html", 0, LTR,
     "http://ab.HGF.EDC/ij/kl/mn/op.html", NULL, NULL},
    {"RFC 3987 §4.4 Example 3", IRI, "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", 0, LTR,
     "http://VU#TS=RQ;PO=NM?LK/JI/HG/FE.DC.BA", NULL, NULL},
    {"RFC 3987 §4.4 Example 4", IRI, "http://AB.CD.ef/gh/IJ/KL.html", 0, LTR,
     "http://DC.BA.ef/gh/LK/JI.html", NULL, NULL},
    {"RFC 3987 §4.4 Example 5", IRI, "http://ab.cd.EF/GH/ij/kl.html", 0, LTR,
     "http://ab.cd.HG/FE/ij/kl.html", NULL, NULL},
    {"RFC 3987 §4.4 Example 6", IRI, "http://ab.CD.EF/GH/IJ/kl.html", 0, LTR,
     "http://ab.JI/HG/FE.DC/kl.html", NULL, NULL},
    {"RFC 3987 §4.4 Example 7", IRI, "http://ab.CDE123FGH.ij/kl/mn/op.html", 0, LTR,
     "http://ab.HGF123EDC.ij/kl/mn/op.html", NULL, NULL},
    {"RFC 3987 §4.4 Example 8", IRI, "http://ab.cd.ef/GH1/2IJ/KL.html", 0, LTR,
     "http://ab.cd.ef/LK/JI1/2HG.html", NULL, NULL},
    {"RFC 3987 §4.4 Example 9 (Hebrew)", IRI, "http://ab.cd.ef/GH%31/%32IJ/KL.html", 0, LTR,
     "http://ab.cd.ef/LK/JI%32/%31HG.html", "http://ab.cd.ef/%31HG/LK/JI%32.html",
     "W5 makes \"%\" (ET) before a digit a European number, W4 joins 1/2 (CS between EN): "
     "the digits and their \"%\" form one number inside the right-to-left run"},
    {"RFC 3987 §4.4 Example 9 (Arabic)", IRI, "http://ab.cd.ef/GH%31/%32IJ/KL.html", 1, LTR,
     "http://ab.cd.ef/LK/JI32%/31%HG.html", "http://ab.cd.ef/31%HG/%LK/JI32.html",
     "after AL, W2 makes the digits Arabic numbers; \"%\" (ET) and \"/\" (CS) are then "
     "neutral (W5 and W4 apply to European numbers only) and take the direction R"},
    {"RFC 3987 §4.4 Example 10", IRI, "http://ab.CDEFGH.123/kl/mn/op.html", 0, LTR,
     "http://ab.123.HGFEDC/kl/mn/op.html", NULL, NULL},
    {"2012 guidelines §5 Example 11", IRI, "http://ab.CDEFGH.123ij/kl/mn/op.html", 0, LTR,
     "http://ab.123.HGFEDCij/kl/mn/op.html", NULL, NULL},

    {"RFC 5893 §6 L1.R2.R3.L4 (LTR)", DOM, "ab.CD.EF.gh", 0, LTR, "ab.FE.DC.gh", NULL, NULL},
    {"RFC 5893 §6 L1.R2.R3.L4 (RTL)", DOM, "ab.CD.EF.gh", 0, RTL, "gh.FE.DC.ab", NULL, NULL},
    {"RFC 5893 §6 ABC.abc (LTR)", DOM, "ABC.abc", 0, LTR, "CBA.abc", NULL, NULL},
    {"RFC 5893 §6 ABC.abc (RTL)", DOM, "ABC.abc", 0, RTL, "abc.CBA", NULL, NULL},
    {"RFC 5893 §6 abc.ABC (LTR)", DOM, "abc.ABC", 0, LTR, "abc.CBA", NULL, NULL},
    {"RFC 5893 §6 abc.ABC (RTL)", DOM, "abc.ABC", 0, RTL, "CBA.abc", NULL, NULL},
    {"RFC 5893 §3 R1.R2.ltr", DOM, "AB.CD.ef", 0, LTR, "DC.BA.ef", NULL, NULL},
    {"RFC 5893 §3 123-A (LTR)", DOM, "123-A", 0, LTR, "123-A", NULL, NULL},
    {"RFC 5893 §3 123-A (RTL)", DOM, "123-A", 0, RTL, "A-123", NULL, NULL},

    {"Badami 123ABC", DOM, "123ABC", 0, LTR, "123CBA", NULL, NULL},
    {"Badami ABC123", DOM, "ABC123", 0, LTR, "123CBA", NULL, NULL},
    {"Badami abc123ABC", DOM, "abc123ABC", 0, LTR, "abc123CBA", NULL, NULL},
    {"Badami abcABC123", DOM, "abcABC123", 0, LTR, "abc123CBA", NULL, NULL},
    {"Badami A-123/456B", IRI, "A-123/456B", 0, LTR, "B123/456-A", "B-123/456A",
     "since Unicode 6.3 \"-\" is ES and \"/\" CS: the hyphen no longer joins the number (W5 "
     "is for ET), so it stays beside A"},
    {"Badami A456/-123B", IRI, "A456/-123B", 0, LTR, "B123-/456A", "B-123/456A",
     "\"/\" (CS) and \"-\" (ES) are not between two digits, so both are neutral (W6) and run "
     "right to left with the letters; the pair no longer displays the same"},
    {"Badami A-123,456B", IRI, "A-123,456B", 0, LTR, "B123,456-A", "B-123,456A",
     "\"-\" is ES since Unicode 6.3: W5 no longer joins it to the number"},
    {"Badami A456,-123B", IRI, "A456,-123B", 0, LTR, "B123-,456A", "B-123,456A",
     "\",\" (CS) and \"-\" (ES) are neutral here (W6)"},
    {"Badami abc123.ABC.com", DOM, "abc123.ABC.com", 0, LTR, "abc123.CBA.com", NULL, NULL},
    {"Badami abcABC.123.com", DOM, "abcABC.123.com", 0, LTR, "abc123.CBA.com", NULL, NULL},
    {"Badami 123.ABC.com", DOM, "123.ABC.com", 0, LTR, "123.CBA.com", NULL, NULL},
    {"Badami ABC.123.com", DOM, "ABC.123.com", 0, LTR, "123.CBA.com", NULL, NULL},
    {"Badami abc123.456.ABC", DOM, "abc123.456.ABC", 0, LTR, "abc123.456.CBA", NULL, NULL},
    {"Badami abcABC.123.456", DOM, "abcABC.123.456", 0, LTR, "abc123.456.CBA", NULL, NULL},
    {"Badami ABC.123.456com", DOM, "ABC.123.456com", 0, LTR, "123.456.CBAcom", NULL, NULL},
    {"Badami 123.456.ABCcom", DOM, "123.456.ABCcom", 0, LTR, "123.456.CBAcom", NULL, NULL},
    {"Badami com123.456.ABC", DOM, "com123.456.ABC", 0, LTR, "com123.456.CBA", NULL, NULL},
    {"Badami comABC.123.456", DOM, "comABC.123.456", 0, LTR, "com123.456.CBA", NULL, NULL},
    {"Badami http://www.ABC.com/123/ABC/", IRI, "http://www.ABC.com/123/ABC/", 0, LTR,
     "http://www.CBA.com/123/CBA/", NULL, NULL},
    {"Badami http://www.ABC.com/ABC/123/", IRI, "http://www.ABC.com/ABC/123/", 0, LTR,
     "http://www.CBA.com/123/CBA/", NULL, NULL},
    {"Badami http://www.123.ABC/abc", IRI, "http://www.123.ABC/abc", 0, LTR,
     "http://www.123.CBA/abc", NULL, NULL},
    {"Badami http://www.ABC.123/abc", IRI, "http://www.ABC.123/abc", 0, LTR,
     "http://www.123.CBA/abc", NULL, NULL},
    {"Badami 123@ABC.com", MAIL, "123@ABC.com", 0, LTR, "123@CBA.com", NULL, NULL},
    {"Badami ABC@123.com", MAIL, "ABC@123.com", 0, LTR, "123@CBA.com", NULL, NULL},
};
#define N_EXAMPLES (sizeof examples / sizeof examples[0])

static char out[65536];

/* The form of an identifier given in notation, back in notation. */
static const char *form_of(const char *notation, int arabic, ibidi_iri_kind as, ibidi_display_form form,
                           ibidi_dir context, ibidi_status *st)
{
    size_t len, out_len = 0;
    const char *s = t_notation(0, notation, arabic, &len);
    ibidi_error err = {IBIDI_OK, 0, 0};
    *st = t_display_utf8(s, len, as, form, context, out, sizeof out, &out_len, NULL, 0, &err);
    if (*st != IBIDI_OK)
        return "";
    return t_to_notation(1, out, out_len, arabic);
}

static void test_examples(void)
{
    size_t differ = 0;
    for (size_t i = 0; i < N_EXAMPLES; i++) {
        const example *x = &examples[i];
        ibidi_status st;
        const char *got = form_of(x->logical, x->arabic, x->as, IBIDI_DISPLAY_FORM_VISUAL, x->context, &st);
        if (CHECK(st == IBIDI_OK && strcmp(got, x->visual) == 0, "%s: %s shows as %s, not %s",
                  x->name, x->logical, got, x->visual))
            printf("info: %s: %s shows as %s%s\n", x->name, x->logical, got,
                   x->context == RTL ? " (right-to-left paragraph)" : "");
        if (x->printed) {
            CHECK(strcmp(got, x->printed) != 0, "%s: the printed form was expected to differ",
                  x->name);
            printf("info: %s: the seed prints %s; UAX #9 (Unicode 17.0) gives %s: %s\n", x->name,
                   x->printed, got, x->why);
            differ++;
        }
        /* The same through the auto-detection of the kind (the label pairs with "/" and ","
         * are detected as no domain name). */
        got = form_of(x->logical, x->arabic, IBIDI_IRI_AS_AUTO, IBIDI_DISPLAY_FORM_VISUAL, x->context, &st);
        CHECK(strstr(x->logical, ",") != NULL || (st == IBIDI_OK && strcmp(got, x->visual) == 0),
              "%s (auto): %s", x->name, got);
    }
    printf("compared %zu seed examples with UAX #9: %zu printed forms differ from the "
           "algorithm, each named above\n",
           N_EXAMPLES, differ);
}

/* ---- Forms, exactly ---------------------------------------------------------------- */

typedef struct form_case {
    const char *logical;
    ibidi_iri_kind as;
    ibidi_display_form form;
    ibidi_dir context;
    const char *expect; /* notation */
} form_case;

static const form_case form_cases[] = {
    /* Duerst 2001 §4.3 */
    {"http://ab.CDE.FGH/ij/kl/mn/op.html", IRI, IBIDI_DISPLAY_FORM_MARKS, LTR,
     "http://ab.&lrm;CDE&lrm;.&lrm;FGH&lrm;/ij/kl/mn/op.html"},
    {"http://ab.CDE.FGH/ij/kl/mn/op.html", IRI, IBIDI_DISPLAY_FORM_MARKS, RTL,
     "&lre;http://ab.&lrm;CDE&lrm;.&lrm;FGH&lrm;/ij/kl/mn/op.html&pdf;"},
    {"http://ab.cd/ef", IRI, IBIDI_DISPLAY_FORM_MARKS, LTR, "http://ab.cd/ef"},
    {"http://ab.cd/ef", IRI, IBIDI_DISPLAY_FORM_MARKS, RTL, "&lre;http://ab.cd/ef&pdf;"},
    {"ABC@DEF.com", MAIL, IBIDI_DISPLAY_FORM_MARKS, LTR, "&lrm;ABC&lrm;@&lrm;DEF&lrm;.com"},
    {"http://AB.CD.EF/GH?MN=OP#UV", IRI, IBIDI_DISPLAY_FORM_MARKS, LTR,
     "http://&lrm;AB&lrm;.&lrm;CD&lrm;.&lrm;EF&lrm;/&lrm;GH&lrm;?&lrm;MN&lrm;=&lrm;OP&lrm;#&lrm;"
     "UV&lrm;"},
    /* 2012 guidelines §2 */
    {"http://ab.CD/ef", IRI, IBIDI_DISPLAY_FORM_EMBED, LTR, "&lre;http://ab.CD/ef&pdf;"},
    {"http://ab.CD/ef", IRI, IBIDI_DISPLAY_FORM_ISOLATE, RTL, "&lri;http://ab.CD/ef&pdi;"},
    {"http://ab.CD/ef.html", IRI, IBIDI_DISPLAY_FORM_COMPONENTS, LTR,
     "&lri;&fsi;http&pdi;://&fsi;ab&pdi;.&fsi;CD&pdi;/&fsi;ef&pdi;.&fsi;html&pdi;&pdi;"},
    {"http://ab.CD/?x='1'&y=2", IRI, IBIDI_DISPLAY_FORM_HTML, LTR,
     "<bdi dir=\"ltr\">http://ab.CD/?x=&#39;1&#39;&amp;y=2</bdi>"},
    {"AB.cd", DOM, IBIDI_DISPLAY_FORM_HTML_SPAN, RTL, "<span dir=\"ltr\">AB.cd</span>"},
    {"\"A B\"@CD.ef", MAIL, IBIDI_DISPLAY_FORM_HTML, LTR, "<bdi dir=\"ltr\">&quot;A B&quot;@CD.ef</bdi>"},
};

static void test_forms(void)
{
    for (size_t i = 0; i < sizeof form_cases / sizeof form_cases[0]; i++) {
        const form_case *c = &form_cases[i];
        ibidi_status st;
        const char *got = form_of(c->logical, 0, c->as, c->form, c->context, &st);
        CHECK(st == IBIDI_OK && strcmp(got, c->expect) == 0, "%s form of %s (%s): %s, not %s",
              ibidi_display_form_name(c->form), c->logical, c->context == RTL ? "rtl" : "ltr", got,
              c->expect);
    }
}

/* ---- Proofs ------------------------------------------------------------------------ */

static const char *const before_ctx[] = {"", "abc ", "ABC ", "123 ", "ABC 12 ", "(", "A", "a",
                                         "1", "ABC-"};
static const char *const after_ctx[] = {"", " abc", " ABC", " 123", ".", "1", "A", ")", "a",
                                        "/12"};
#define N_B (sizeof before_ctx / sizeof before_ctx[0])
#define N_A (sizeof after_ctx / sizeof after_ctx[0])

static const ibidi_display_form proved_forms[] = {IBIDI_DISPLAY_FORM_MARKS,      IBIDI_DISPLAY_FORM_EMBED,
                                          IBIDI_DISPLAY_FORM_ISOLATE,    IBIDI_DISPLAY_FORM_COMPONENTS,
                                          IBIDI_DISPLAY_FORM_HTML,       IBIDI_DISPLAY_FORM_HTML_SPAN};
#define N_FORMS (sizeof proved_forms / sizeof proved_forms[0])

/* Proves form f of s in both paragraph directions and every context pair. Returns the
 * number of proofs that held; *tried gets the number made, *first the first failure. */
static size_t prove_everywhere(const char *s, size_t len, ibidi_iri_kind as, int arabic,
                               ibidi_display_form form, size_t *tried, ibidi_display_proof *first, char *where,
                               size_t wcap)
{
    static ibidi_iri_component comps[4096];
    ibidi_iri_info info;
    size_t ncomp = 0;
    ibidi_error err = {IBIDI_OK, 0, 0};
    size_t held = 0;
    static unsigned char work[1 << 20];
    first->failure = IBIDI_DISPLAY_PROOF_HOLDS;
    if (t_iri_parse(s, len, as, comps, 4096, &ncomp, &info, &err) != IBIDI_OK)
        return 0;
    for (int d = 0; d < 2; d++)
        for (size_t b = 0; b < N_B; b++)
            for (size_t a = 0; a < N_A; a++) {
                size_t bl, al;
                char before[64], after[64];
                ibidi_display_proof p;
                ibidi_status st;
                snprintf(before, sizeof before, "%s", t_notation(2, before_ctx[b], arabic, &bl));
                snprintf(after, sizeof after, "%s", t_notation(3, after_ctx[a], arabic, &al));
                st = t_display_prove(s, len, comps, ncomp, form, d ? RTL : LTR,
                                         before, bl, after, al, &p, work, sizeof work, &err);
                (*tried)++;
                if (st == IBIDI_OK && p.failure == IBIDI_DISPLAY_PROOF_HOLDS) {
                    held++;
                } else if (first->failure == IBIDI_DISPLAY_PROOF_HOLDS) {
                    *first = p;
                    if (st != IBIDI_OK)
                        first->failure = (ibidi_display_proof_failure)99;
                    snprintf(where, wcap, "a %s paragraph between \"%s\" and \"%s\"",
                             d ? "rtl" : "ltr", before_ctx[b], after_ctx[a]);
                }
            }
    return held;
}

/* Duerst 2001 §5: "The definitions and conversions in Section 4 only work under the
 * following restrictions." Does a component break restriction 1 (both directions) or
 * restriction 3 at its start (a right-to-left component not starting with a right-to-left
 * letter)? The checker's MIXED_DIRECTION and RTL_START findings say so. */
static int breaks_duerst(const char *s, size_t len, ibidi_iri_kind as, int for_marks)
{
    ibidi_iri_component comps[256];
    ibidi_finding f[64];
    ibidi_findings fs = {f, 64, 0, 0};
    ibidi_iri_info info;
    size_t ncomp = 0;
    if (t_iri_parse(s, len, as, comps, 256, &ncomp, &info, NULL) != IBIDI_OK)
        return 0;
    if (for_marks) {
        /* The marks only fail a component whose own direction (first strong character) is
         * right-to-left but which does not start with a right-to-left letter, or holds a
         * left-to-right one: the LRM before it then decides what the component does not. */
        for (size_t c = 0; c < ncomp; c++) {
            uint32_t cps[256];
            ibidi_buf32 dec = {cps, 256, 0};
            int first = -1, has_l = 0;
            ibidi_utf8_decode(s + comps[c].start, comps[c].length, &dec, NULL);
            size_t n = dec.len;
            for (size_t i = 0; i < n && i < 256; i++) {
                ibidi_unicode_bc bc = ibidi_unicode_bidi_class(cps[i]);
                if (first < 0 && (bc == IBIDI_UNICODE_BC_L || bc == IBIDI_UNICODE_BC_R ||
                                  bc == IBIDI_UNICODE_BC_AL))
                    first = bc == IBIDI_UNICODE_BC_L ? 0 : 1;
                has_l |= bc == IBIDI_UNICODE_BC_L;
            }
            if (first == 1) {
                ibidi_unicode_bc b0 = ibidi_unicode_bidi_class(cps[0]);
                if ((b0 != IBIDI_UNICODE_BC_R && b0 != IBIDI_UNICODE_BC_AL) || has_l)
                    return 1;
            }
        }
        return 0;
    }
    t_iri_check(s, len, comps, ncomp, 0, &fs, NULL);
    for (size_t i = 0; i < fs.n && i < 64; i++)
        if (f[i].code == IBIDI_IRI_RTL_START || f[i].code == IBIDI_IRI_MIXED_DIRECTION)
            return 1;
    return 0;
}

/* Before-texts of the table that end in right-to-left text (an upper-case letter). */
static size_t rtl_befores(void)
{
    size_t n = 0;
    for (size_t b = 0; b < N_B; b++)
        n += strpbrk(before_ctx[b], "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != NULL;
    return n;
}

static void test_proofs(void)
{
    size_t tried = 0, held = 0, expected_failures = 0;
    for (size_t i = 0; i < N_EXAMPLES; i++) {
        size_t len;
        const char *s = t_notation(0, examples[i].logical, examples[i].arabic, &len);
        char copy[512], where[256];
        snprintf(copy, sizeof copy, "%s", s);
        for (size_t f = 0; f < N_FORMS; f++) {
            ibidi_display_proof first = {IBIDI_DISPLAY_PROOF_HOLDS, IBIDI_NO_PART, 0, 0};
            size_t t = 0, h = prove_everywhere(copy, len, examples[i].as, examples[i].arabic,
                                               proved_forms[f], &t, &first, where, sizeof where);
            tried += t;
            held += h;
            if (proved_forms[f] == IBIDI_DISPLAY_FORM_MARKS && breaks_duerst(copy, len, examples[i].as, 1)) {
                /* §4.3's marks cannot give such a component its own display: a digit after
                 * an LRM resolves left-to-right (W7), a mixed component follows the LRM. */
                CHECK(h < t && first.failure == IBIDI_DISPLAY_PROOF_COMPONENT_DISPLAY,
                      "%s: the marks form was expected to fail (Duerst restrictions)",
                      examples[i].name);
                printf("info: %s: marks form, as Duerst 2001 §5 predicts, does not show component "
                       "%zu (byte %zu) as alone in %zu of %zu contexts\n",
                       examples[i].name, first.component, first.offset, t - h, t);
                expected_failures += t - h;
                continue;
            }
            if (proved_forms[f] == IBIDI_DISPLAY_FORM_MARKS && copy[0] >= '0' && copy[0] <= '9') {
                /* A leading number has no mark before it: after right-to-left text in a
                 * left-to-right paragraph it joins that text (W7 finds R, N1), and the text
                 * shows inside the identifier. */
                size_t expect = rtl_befores() * N_A;
                CHECK(t - h == expect && first.failure == IBIDI_DISPLAY_PROOF_NOT_CONTIGUOUS,
                      "%s: marks form with a leading number: %zu failures, expected %zu",
                      examples[i].name, t - h, expect);
                printf("info: %s: marks form, leading number: right-to-left text before it in a "
                       "left-to-right paragraph shows inside it in %zu of %zu contexts\n",
                       examples[i].name, t - h, t);
                expected_failures += t - h;
                continue;
            }
            CHECK(h == t, "%s: %s form holds in %zu of %zu contexts; first failure %d at byte %zu "
                  "(component %zu) in %s",
                  examples[i].name, ibidi_display_form_name(proved_forms[f]), h, t, (int)first.failure,
                  first.offset, first.component, where);
        }
    }
    printf("compared %zu proofs of 6 forms of the seed examples (2 paragraph directions, %zu "
           "contexts): %zu held, %zu failed where the marks form cannot work (named above)\n",
           tried, N_B * N_A, held, expected_failures);
}

/* The proof can fail: a form that is not what it claims must be caught. The marks form made
 * for a left-to-right paragraph, put into a right-to-left one without its LRE ... PDF, is
 * not component-wise: checked through the layout of the standard model instead. */
static void test_proof_catches(void)
{
    size_t len;
    char s[64];
    ibidi_iri_component comps[32];
    ibidi_iri_info info;
    size_t ncomp = 0;
    ibidi_display_proof p = {IBIDI_DISPLAY_PROOF_HOLDS, IBIDI_NO_PART, 0, 0};
    int needed = -1;
    snprintf(s, sizeof s, "%s", t_notation(0, "http://ab.CDE.FGH/ij", 0, &len));
    ibidi_error err = {IBIDI_OK, 0, 0};
    CHECK(t_iri_parse(s, len, IRI, comps, 32, &ncomp, &info, &err) == IBIDI_OK, "parse");
    /* needs_embedding: an IRI with right-to-left labels in a right-to-left paragraph needs
     * one; in left-to-right text between spaces and Latin words it does not (§2). */
    CHECK(t_display_needs_embedding(s, len, comps, ncomp, RTL, "x ", 2, " y", 2,
                                        &needed, NULL, 0, &err) == IBIDI_OK &&
              needed == 1,
          "needs_embedding rtl: %d", needed);
    CHECK(t_display_needs_embedding(s, len, comps, ncomp, LTR, "see ", 4,
                                        " now", 4, &needed, NULL, 0, &err) == IBIDI_OK &&
              needed == 0,
          "needs_embedding ltr: %d", needed);
    {
        /* §2: a relative reference of strong right-to-left letters and weak characters,
         * starting and ending right-to-left, in right-to-left text between spaces and
         * right-to-left words needs none. */
        size_t rl, bl, al;
        char rel[64], before[32], after[32];
        ibidi_iri_component rc[8];
        snprintf(rel, sizeof rel, "%s", t_notation(0, "AB/CD", 0, &rl));
        snprintf(before, sizeof before, "%s", t_notation(1, "XY ", 0, &bl));
        snprintf(after, sizeof after, "%s", t_notation(2, " ZW", 0, &al));
        CHECK(t_iri_parse(rel, rl, IRI, rc, 8, &ncomp, &info, &err) == IBIDI_OK, "parse rel");
        CHECK(t_display_needs_embedding(rel, rl, rc, ncomp, RTL, before, bl, after,
                                            al, &needed, NULL, 0, &err) == IBIDI_OK &&
                  needed == 0,
              "needs_embedding rtl relative: %d", needed);
        /* In left-to-right text the embedding changes the line: without it the words
         * around it join one right-to-left run with it (YX DC/BA WZ becomes WZ DC/BA YX),
         * although the identifier itself shows the same. */
        CHECK(t_display_needs_embedding(rel, rl, rc, ncomp, LTR, before, bl,
                                            after, al, &needed, NULL, 0, &err) == IBIDI_OK &&
                  needed == 1,
              "needs_embedding ltr relative: %d", needed);
        /* A number after it joins the right-to-left run and shows left of it: without the
         * embedding the line is not the same. */
        CHECK(t_display_needs_embedding(rel, rl, rc, ncomp, LTR, "ab ", 3, " 12",
                                            3, &needed, NULL, 0, &err) == IBIDI_OK &&
                  needed == 1,
              "needs_embedding ltr relative before a number: %d", needed);
    }
    /* A leading number after right-to-left text in a left-to-right paragraph: the marks
     * form has nothing before it, and the proof must see the text move inside. */
    {
        char id[64], before[32];
        size_t il, bl;
        ibidi_iri_component c2[8];
        snprintf(id, sizeof id, "%s", t_notation(0, "123.ABC.com", 0, &il));
        snprintf(before, sizeof before, "%s", t_notation(1, "XY ", 0, &bl));
        CHECK(t_iri_parse(id, il, DOM, c2, 8, &ncomp, &info, &err) == IBIDI_OK, "parse");
        CHECK(t_display_prove(id, il, c2, ncomp, IBIDI_DISPLAY_FORM_MARKS, LTR, before, bl,
                                  "", 0, &p, NULL, 0, &err) == IBIDI_OK &&
                  p.failure == IBIDI_DISPLAY_PROOF_NOT_CONTIGUOUS,
              "leading number after right-to-left text: %d", (int)p.failure);
        CHECK(t_display_prove(id, il, c2, ncomp, IBIDI_DISPLAY_FORM_ISOLATE, LTR, before,
                                  bl, "", 0, &p, NULL, 0, &err) == IBIDI_OK &&
                  p.failure == IBIDI_DISPLAY_PROOF_HOLDS && p.together == 3,
              "the isolate form holds there: %d", (int)p.failure);
        CHECK(t_display_prove(id, il, c2, ncomp, IBIDI_DISPLAY_FORM_VISUAL, LTR, before,
                                  bl, "", 0, &p, NULL, 0, &err) == IBIDI_E_INVALID_ARGUMENT,
              "the visual form has no promise");
    }
}

/* ---- Layout ------------------------------------------------------------------------ */

static void test_layout(void)
{
    size_t len, n = 0, ns = 0;
    const char *s = t_notation(0, "http://ab.CDE.FGH/ij", 0, &len);
    ibidi_iri_component comps[32];
    ibidi_iri_info info;
    size_t ncomp = 0;
    uint8_t levels[64];
    size_t v2l[64], offs[64];
    ibidi_display_span spans[32];
    ibidi_error err = {IBIDI_OK, 0, 0};
    CHECK(t_iri_parse(s, len, IRI, comps, 32, &ncomp, &info, &err) == IBIDI_OK, "parse");
    CHECK(t_display_layout(s, len, comps, ncomp, LTR, levels, v2l, offs, 64, &n,
                               spans, 32, &ns, NULL, 0, &err) == IBIDI_OK,
          "layout: %s", ibidi_status_name(err.status));
    CHECK(n == 20, "20 code points: %zu", n);
    /* http :// ab . HGF . EDC / ij: the labels FGH (component 3) then CDE (2), right to left */
    CHECK(ns == 9, "9 spans: %zu", ns);
    if (ns == 9) {
        CHECK(spans[4].component == 3 && spans[4].level == 1 && spans[4].length == 3 &&
                  spans[4].visual == 10,
              "span 4: FGH at 10, level 1 (%zu %u %zu)", spans[4].component, spans[4].level,
              spans[4].visual);
        CHECK(spans[5].component == IBIDI_NO_PART && spans[5].level == 1, "span 5: dot");
        CHECK(spans[6].component == 2 && spans[6].visual == 14, "span 6: CDE");
        CHECK(spans[0].component == 0 && spans[0].length == 4, "span 0: scheme");
        CHECK(spans[8].component == 4 && spans[8].visual == 18, "span 8: ij");
    }
    CHECK(levels[10] == 1 && levels[9] == 0 && offs[10] == 10 && offs[11] == 12,
          "levels and offsets");
    /* The standard model is the paragraph made left-to-right: in a right-to-left one the
     * scheme goes right. */
    CHECK(t_display_layout(s, len, comps, ncomp, RTL, levels, v2l, NULL, 64, &n,
                               NULL, 0, &ns, NULL, 0, &err) == IBIDI_OK &&
              levels[0] == 2,
          "rtl layout");
    /* Too small */
    CHECK(t_display_layout(s, len, comps, ncomp, LTR, levels, NULL, NULL, 5, &n,
                               NULL, 0, &ns, NULL, 0, &err) == IBIDI_E_BUFFER_TOO_SMALL &&
              n == 20,
          "levels too small");
    CHECK(t_display_layout(s, len, comps, ncomp, LTR, NULL, NULL, NULL, 0, &n,
                               spans, 3, &ns, NULL, 0, &err) == IBIDI_E_BUFFER_TOO_SMALL &&
              ns == 9,
          "spans too small");
}

/* ---- The options record and the allocating calls ------------------------------------ */

/* A display call that writes text into out[0..cap); *n gets the size it reports. */
typedef ibidi_status (*text_fn)(const char *, size_t, const ibidi_display_options *,
                                ibidi_buf *, ibidi_error *);
static ibidi_status into(text_fn f, const char *s, size_t len, const ibidi_display_options *o,
                         char *out, size_t cap, size_t *n, ibidi_error *err)
{
    ibidi_buf b = {out, cap, 0};
    const ibidi_status st = f(s, len, o, &b, err);
    *n = b.len;
    return st;
}

static void test_options(void)
{
    size_t len, n_out = 0, n_ref = 0;
    const char *s = t_notation(0, "http://ab.CDE.FGH/ij", 0, &len);
    ibidi_iri_component comps[32];
    ibidi_iri_info info;
    size_t ncomp = 0;
    ibidi_error err = {IBIDI_OK, 0, 0};
    char ref[256], got[256];
    CHECK(t_iri_parse(s, len, IRI, comps, 32, &ncomp, &info, &err) == IBIDI_OK, "parse");
    const ibidi_iri_components rec = {comps, 32, ncomp}; /* as the parse filled it */

    /* NULL options and a zero-initialised record are the default: decide the kind, a
     * left-to-right paragraph, the visual form. */
    const ibidi_display_options zero = {0};
    CHECK(into(ibidi_display_utf8, s, len, NULL, ref, sizeof ref, &n_ref, &err) == IBIDI_OK &&
              into(ibidi_display_utf8, s, len, &zero, got, sizeof got, &n_out, &err) ==
                  IBIDI_OK &&
              n_ref == n_out && memcmp(ref, got, n_ref) == 0,
          "NULL options equal a zero record");
    ibidi_display_options o = {0};
    o.as = IRI;
    o.form = IBIDI_DISPLAY_FORM_VISUAL;
    o.context = LTR;
    CHECK(into(ibidi_display_utf8, s, len, &o, got, sizeof got, &n_out, &err) == IBIDI_OK &&
              n_ref == n_out && memcmp(ref, got, n_ref) == 0,
          "the default is the visual form in a left-to-right paragraph");
    CHECK(ibidi_display_utf8(s, len, &o, NULL, &err) == IBIDI_E_BUFFER_TOO_SMALL,
          "a NULL output record is a capacity of 0");

    /* Parsing inside the call gives what the components given give, for every form and
     * both paragraphs. */
    for (int f = IBIDI_DISPLAY_FORM_VISUAL; f <= IBIDI_DISPLAY_FORM_HTML_SPAN; f++) {
        for (int d = 0; d < 2; d++) {
            ibidi_display_options a = {0}, b = {0};
            a.as = IRI;
            a.form = b.form = (ibidi_display_form)f;
            a.context = b.context = d ? RTL : LTR;
            b.comps = &rec;
            CHECK(into(ibidi_display_utf8, s, len, &a, ref, sizeof ref, &n_ref, &err) ==
                          IBIDI_OK &&
                      into(ibidi_display_utf8, s, len, &b, got, sizeof got, &n_out, &err) ==
                          IBIDI_OK &&
                      n_ref == n_out && memcmp(ref, got, n_ref) == 0,
                  "form %s, %s paragraph: parsed inside = components given",
                  ibidi_display_form_name((ibidi_display_form)f), d ? "rtl" : "ltr");
            ibidi_buf al = {NULL, 0, 0};
            CHECK(ibidi_display_utf8_alloc(s, len, &a, &al, &err) == IBIDI_OK && al.data &&
                      al.len == n_ref && memcmp(al.data, ref, n_ref) == 0 &&
                      al.data[al.len] == '\0',
                  "form %s: _alloc equals the caller-buffer call",
                  ibidi_display_form_name((ibidi_display_form)f));
            ibidi_free(al.data);
        }
    }

    /* The layout, into caller arrays and allocated, the same. */
    uint8_t levels[64];
    size_t v2l[64], offs[64];
    ibidi_display_span spans[32];
    ibidi_display_layout_result r = {levels, v2l, offs, 64, 0, spans, 32, 0};
    ibidi_display_options lo = {0};
    lo.context = RTL;
    CHECK(ibidi_display_layout(s, len, &lo, &r, &err) == IBIDI_OK, "layout, parsed inside");
    ibidi_display_layout_result ra;
    memset(&ra, 0xA5, sizeof ra);
    CHECK(ibidi_display_layout_alloc(s, len, &lo, &ra, &err) == IBIDI_OK && ra.n == r.n &&
              ra.n_spans == r.n_spans && ra.levels && ra.visual_to_logical && ra.offsets &&
              ra.spans,
          "layout_alloc fills every array");
    if (ra.levels && ra.n == r.n && ra.n_spans == r.n_spans) {
        int same = memcmp(ra.levels, levels, r.n) == 0 &&
                   memcmp(ra.visual_to_logical, v2l, r.n * sizeof *v2l) == 0 &&
                   memcmp(ra.offsets, offs, r.n * sizeof *offs) == 0;
        for (size_t i = 0; i < r.n_spans; i++) /* field by field: padding is not written */
            same = same && ra.spans[i].visual == spans[i].visual &&
                   ra.spans[i].length == spans[i].length &&
                   ra.spans[i].logical == spans[i].logical &&
                   ra.spans[i].component == spans[i].component &&
                   ra.spans[i].level == spans[i].level;
        CHECK(same, "layout_alloc equals the caller-array call");
    }
    ibidi_display_layout_free(&ra);
    CHECK(ra.levels == NULL && ra.spans == NULL, "layout_free clears the pointers");
    ibidi_display_layout_free(&ra); /* twice is harmless */
    ibidi_display_layout_free(NULL);
    memset(&ra, 0xA5, sizeof ra);
    CHECK(ibidi_display_layout_alloc("a\0b", 3, &lo, &ra, &err) != IBIDI_OK &&
              ra.levels == NULL && ra.visual_to_logical == NULL && ra.offsets == NULL &&
              ra.spans == NULL,
          "layout_alloc after an error: every pointer NULL");

    /* Proofs and the embedding test need the components: without them the call says so. */
    ibidi_display_proof proof;
    ibidi_display_options po = {0};
    po.form = IBIDI_DISPLAY_FORM_ISOLATE;
    CHECK(ibidi_display_prove(s, len, &po, &proof, &err) == IBIDI_E_INVALID_ARGUMENT,
          "prove without components: %s", ibidi_status_name(err.status));
    CHECK(ibidi_display_prove(s, len, NULL, &proof, &err) == IBIDI_E_INVALID_ARGUMENT,
          "prove with NULL options");
    int needed = -1;
    CHECK(ibidi_display_needs_embedding(s, len, &po, &needed, &err) ==
              IBIDI_E_INVALID_ARGUMENT,
          "needs_embedding without components");
    po.comps = &rec;
    CHECK(ibidi_display_prove(s, len, &po, &proof, &err) == IBIDI_OK &&
              proof.failure == IBIDI_DISPLAY_PROOF_HOLDS,
          "the isolate form holds with no context");
    /* a record whose parse did not store every component is refused */
    const ibidi_iri_components cut = {comps, ncomp - 1, ncomp};
    po.comps = &cut;
    CHECK(ibidi_display_prove(s, len, &po, &proof, &err) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_display_utf8(s, len, &po, NULL, &err) == IBIDI_E_INVALID_ARGUMENT,
          "components: a record with n above cap");
    po.comps = &rec;

    /* Conversions: _alloc equals the caller-buffer call and ends with a NUL. */
    ibidi_display_options co = {0};
    co.as = IRI;
    co.from = IBIDI_DISPLAY_REPR_LOGICAL;
    co.to = IBIDI_DISPLAY_REPR_TEXTUAL;
    ibidi_buf al = {NULL, 0, 0};
    CHECK(into(ibidi_display_convert, s, len, &co, ref, sizeof ref, &n_ref, &err) == IBIDI_OK &&
              ibidi_display_convert_alloc(s, len, &co, &al, &err) == IBIDI_OK && al.data &&
              al.len == n_ref && memcmp(al.data, ref, n_ref) == 0 && al.data[al.len] == '\0',
          "convert_alloc equals the caller-buffer call");
    ibidi_free(al.data);
    al = (ibidi_buf){(char *)1, 0, 1};
    CHECK(ibidi_display_convert_alloc("a\0b", 3, &co, &al, &err) != IBIDI_OK &&
              al.data == NULL && al.len == 0,
          "convert_alloc after an error: NULL");
    CHECK(ibidi_display_convert_alloc(s, len, &co, NULL, &err) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_display_utf8_alloc(s, len, NULL, NULL, &err) == IBIDI_E_INVALID_ARGUMENT,
          "the allocating calls need their record");

    /* A long identifier: _alloc needs no work area; the caller-buffer call asks for one
     * and runs in it. */
    static char big[4096];
    memcpy(big, "http://", 7);
    for (size_t i = 7; i < sizeof big; i++)
        big[i] = (i % 8 == 0) ? '/' : 'a';
    ibidi_display_options bo = {0};
    CHECK(ibidi_display_utf8(big, sizeof big, &bo, NULL, &err) ==
              IBIDI_E_DISPLAY_WORK_TOO_SMALL,
          "a long identifier without a work area: %s", ibidi_status_name(err.status));
    size_t ws = ibidi_display_work_size(sizeof big, 0);
    CHECK(ws > 0 && ws != SIZE_MAX, "work size %zu", ws);
    void *work = malloc(ws);
    char *bout = malloc(2 * sizeof big);
    bo.work = work;
    bo.work_size = ws;
    CHECK(work && bout &&
              into(ibidi_display_utf8, big, sizeof big, &bo, bout, 2 * sizeof big, &n_ref,
                   &err) == IBIDI_OK,
          "with ibidi_display_work_size() bytes: %s", ibidi_status_name(err.status));
    bo.work = NULL;
    bo.work_size = 0;
    CHECK(ibidi_display_utf8_alloc(big, sizeof big, &bo, &al, &err) == IBIDI_OK &&
              al.len == n_ref && bout && memcmp(al.data, bout, n_ref) == 0,
          "_alloc of a long identifier equals the work-area call");
    ibidi_free(al.data);
    free(work);
    free(bout);
}

/* ---- Conversions ------------------------------------------------------------------- */

static const char *convert(const char *notation, ibidi_iri_kind as, ibidi_display_repr from,
                           ibidi_display_repr to, ibidi_dir ctx, ibidi_status *st, ibidi_error *err)
{
    size_t len, out_len = 0;
    const char *s = t_notation(0, notation, 0, &len);
    *st = t_display_convert(s, len, as, from, to, ctx, out, sizeof out, &out_len, NULL, 0, err);
    return *st == IBIDI_OK ? t_to_notation(1, out, out_len, 0) : "";
}

static void test_conversions(void)
{
    ibidi_status st;
    ibidi_error err = {IBIDI_OK, 0, 0};
    char logical[256], textual[256], visual[256];
    size_t rounds = 0, skipped_rounds = 0;
    /* Duerst 2001 §4.2: the visual form shows the components left to right. */
    CHECK(strcmp(convert("http://ab.CDE.FGH/ij/kl/mn/op.html", IRI, IBIDI_DISPLAY_REPR_LOGICAL,
                         IBIDI_DISPLAY_REPR_VISUAL, LTR, &st, &err),
                 "http://ab.EDC.HGF/ij/kl/mn/op.html") == 0,
          "logical to visual");
    CHECK(strcmp(convert("http://ab.EDC.HGF/ij/kl/mn/op.html", IRI, IBIDI_DISPLAY_REPR_VISUAL,
                         IBIDI_DISPLAY_REPR_LOGICAL, LTR, &st, &err),
                 "http://ab.CDE.FGH/ij/kl/mn/op.html") == 0,
          "visual to logical");
    CHECK(strcmp(convert("http://ab.HGF123EDC.ij/", IRI, IBIDI_DISPLAY_REPR_VISUAL, IBIDI_DISPLAY_REPR_LOGICAL,
                         RTL, &st, &err),
                 "http://ab.CDE123FGH.ij/") == 0,
          "visual to logical with digits");
    /* Round trips over every seed example, in both contexts. */
    for (size_t i = 0; i < N_EXAMPLES; i++) {
        const example *x = &examples[i];
        size_t len;
        const char *u = t_notation(0, x->logical, 0, &len);
        if (x->arabic)
            continue;
        if (breaks_duerst(u, len, x->as, 0)) {
            /* §4.4's conversions are defined under the restrictions of §5 only. */
            skipped_rounds++;
            continue;
        }
        for (int d = 0; d < 2; d++) {
            ibidi_dir c = d ? RTL : LTR;
            snprintf(textual, sizeof textual, "%s",
                     convert(x->logical, x->as, IBIDI_DISPLAY_REPR_LOGICAL, IBIDI_DISPLAY_REPR_TEXTUAL, c, &st, &err));
            CHECK(st == IBIDI_OK, "%s: to textual", x->name);
            snprintf(logical, sizeof logical, "%s",
                     convert(textual, x->as, IBIDI_DISPLAY_REPR_TEXTUAL, IBIDI_DISPLAY_REPR_LOGICAL, c, &st, &err));
            CHECK(st == IBIDI_OK && strcmp(logical, x->logical) == 0,
                  "%s: textual %s back gives %s (%s at %zu)", x->name, textual, logical,
                  ibidi_status_name(st), err.offset);
            snprintf(visual, sizeof visual, "%s",
                     convert(x->logical, x->as, IBIDI_DISPLAY_REPR_LOGICAL, IBIDI_DISPLAY_REPR_VISUAL, c, &st, &err));
            CHECK(st == IBIDI_OK, "%s: to visual", x->name);
            snprintf(logical, sizeof logical, "%s",
                     convert(visual, x->as, IBIDI_DISPLAY_REPR_VISUAL, IBIDI_DISPLAY_REPR_LOGICAL, c, &st, &err));
            CHECK(st == IBIDI_OK && strcmp(logical, x->logical) == 0,
                  "%s: visual %s back gives %s (%s at %zu)", x->name, visual, logical,
                  ibidi_status_name(st), err.offset);
            /* textual -> visual is the UBA on the textual form */
            CHECK(strcmp(convert(textual, x->as, IBIDI_DISPLAY_REPR_TEXTUAL, IBIDI_DISPLAY_REPR_VISUAL, c, &st,
                                 &err),
                         visual) == 0,
                  "%s: textual to visual", x->name);
            rounds++;
        }
    }
    printf("compared %zu round trips logical -> textual -> logical and logical -> visual -> "
           "logical\n",
           rounds);
    printf("info: %zu examples have no round trip: a component breaks Duerst 2001 §5 "
           "restriction 1 or 3, under which §4.4 defines no conversion\n",
           skipped_rounds);

    /* Errors: exactly the marks of §4.3, where §4.3 puts them. */
    convert("http://ab.CD/ef", IRI, IBIDI_DISPLAY_REPR_TEXTUAL, IBIDI_DISPLAY_REPR_LOGICAL, LTR, &st, &err);
    CHECK(st == IBIDI_E_CONVERT_MARK && err.offset == 10, "missing LRM: %s at %zu",
          ibidi_status_name(st), err.offset);
    convert("http://&lrm;ab&lrm;.&lrm;CD&lrm;/ef", IRI, IBIDI_DISPLAY_REPR_TEXTUAL, IBIDI_DISPLAY_REPR_LOGICAL,
            LTR, &st, &err);
    CHECK(st == IBIDI_E_CONVERT_MARK && err.offset == 7, "LRM around a left-to-right label: %s "
          "at %zu", ibidi_status_name(st), err.offset);
    convert("http://ab.&lrm;CD&rlm;/ef", IRI, IBIDI_DISPLAY_REPR_TEXTUAL, IBIDI_DISPLAY_REPR_LOGICAL, LTR, &st,
            &err);
    CHECK(st == IBIDI_E_IDENT_BIDI_CONTROL && err.value == 0x200F, "RLM: %s",
          ibidi_status_name(st));
    convert("&lre;http://ab.&lrm;CD&lrm;/ef&pdf;", IRI, IBIDI_DISPLAY_REPR_TEXTUAL, IBIDI_DISPLAY_REPR_LOGICAL,
            LTR, &st, &err);
    CHECK(st == IBIDI_E_CONVERT_EMBEDDING && err.offset == 0, "LRE in ltr: %s",
          ibidi_status_name(st));
    convert("http://ab.&lrm;CD&lrm;/ef", IRI, IBIDI_DISPLAY_REPR_TEXTUAL, IBIDI_DISPLAY_REPR_LOGICAL, RTL, &st,
            &err);
    CHECK(st == IBIDI_E_CONVERT_EMBEDDING, "no LRE in rtl: %s", ibidi_status_name(st));
    convert("&lre;http://ab.&lrm;CD&lrm;/ef", IRI, IBIDI_DISPLAY_REPR_TEXTUAL, IBIDI_DISPLAY_REPR_LOGICAL, RTL,
            &st, &err);
    CHECK(st == IBIDI_E_CONVERT_EMBEDDING, "no PDF in rtl: %s", ibidi_status_name(st));
    convert("http://ab.&lrm;&lrm;CD&lrm;/ef", IRI, IBIDI_DISPLAY_REPR_TEXTUAL, IBIDI_DISPLAY_REPR_LOGICAL, LTR,
            &st, &err);
    CHECK(st == IBIDI_E_CONVERT_MARK && err.offset == 13, "doubled LRM: %s at %zu",
          ibidi_status_name(st), err.offset);
    convert("http://ab.CD/ef gh", IRI, IBIDI_DISPLAY_REPR_LOGICAL, IBIDI_DISPLAY_REPR_TEXTUAL, LTR, &st, &err);
    CHECK(st == IBIDI_E_IRI_CHAR && err.offset == 17, "space: %s at %zu", ibidi_status_name(st),
          err.offset);
}

/* ---- Bad input and limits ---------------------------------------------------------- */

static void test_bad_input(void)
{
    size_t out_len;
    ibidi_error err = {IBIDI_OK, 0, 0};
    ibidi_status st;
    static unsigned char work[1 << 20];
    char big[2000];
    st = t_display_utf8("http://a\xE2\x80\x8F" "b", 12, IRI, IBIDI_DISPLAY_FORM_VISUAL, LTR, out,
                            sizeof out, &out_len, NULL, 0, &err);
    CHECK(st == IBIDI_E_IDENT_BIDI_CONTROL && err.offset == 8 && err.value == 0x200F,
          "RLM in an IRI: %s at %zu", ibidi_status_name(st), err.offset);
    st = t_display_utf8("ab\xC0\x80", 4, DOM, IBIDI_DISPLAY_FORM_MARKS, LTR, out, sizeof out,
                            &out_len, NULL, 0, &err);
    CHECK(st == IBIDI_E_UTF8_OVERLONG && err.offset == 2, "overlong: %s", ibidi_status_name(st));
    st = t_display_utf8("a\0b", 3, DOM, IBIDI_DISPLAY_FORM_VISUAL, LTR, out, sizeof out, &out_len,
                            NULL, 0, &err);
    CHECK(st == IBIDI_E_IDENT_CONTROL && err.offset == 1, "NUL: %s", ibidi_status_name(st));
    st = t_display_utf8("", 0, DOM, IBIDI_DISPLAY_FORM_VISUAL, LTR, out, sizeof out, &out_len, NULL,
                            0, &err);
    CHECK(st == IBIDI_E_IDENT_EMPTY, "empty: %s", ibidi_status_name(st));
    st = t_display_utf8("ab.cd", 5, DOM, (ibidi_display_form)9, LTR, out, sizeof out, &out_len, NULL,
                            0, &err);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT, "bad form");
    st = t_display_utf8("ab.cd", 5, DOM, IBIDI_DISPLAY_FORM_VISUAL, IBIDI_DIR_AUTO, out, sizeof out,
                            &out_len, NULL, 0, &err);
    CHECK(st == IBIDI_E_INVALID_ARGUMENT, "auto context");
    /* snprintf contract */
    st = t_display_utf8("ab.cd", 5, DOM, IBIDI_DISPLAY_FORM_EMBED, LTR, out, 4, &out_len, NULL, 0,
                            &err);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && out_len == 11, "too small: %zu", out_len);
    st = t_display_utf8("ab.cd", 5, DOM, IBIDI_DISPLAY_FORM_EMBED, LTR, NULL, 0, &out_len, NULL, 0,
                            &err);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && out_len == 11, "size query: %zu", out_len);
    /* Long identifiers need a work area, and work with one. */
    memcpy(big, "http://a/", 9);
    memset(big + 9, 'b', sizeof big - 9);
    st = t_display_utf8(big, sizeof big, IRI, IBIDI_DISPLAY_FORM_VISUAL, LTR, out, sizeof out,
                            &out_len, NULL, 0, &err);
    CHECK(st == IBIDI_E_DISPLAY_WORK_TOO_SMALL, "no work area: %s", ibidi_status_name(st));
    CHECK(ibidi_display_work_size(sizeof big, 0) > 0 &&
              ibidi_display_work_size(sizeof big, 0) <= sizeof work,
          "work size %zu", ibidi_display_work_size(sizeof big, 0));
    CHECK(ibidi_display_work_size(IBIDI_DISPLAY_SMALL, 0) == 0 &&
              ibidi_display_work_size(IBIDI_DISPLAY_SMALL, 1) > 0 &&
              ibidi_display_work_size(SIZE_MAX / 2, 0) == SIZE_MAX,
          "work size limits");
    st = t_display_utf8(big, sizeof big, IRI, IBIDI_DISPLAY_FORM_VISUAL, LTR, out, sizeof out,
                            &out_len, work, ibidi_display_work_size(sizeof big, 0), &err);
    CHECK(st == IBIDI_OK && out_len == sizeof big && memcmp(out, big, out_len) == 0,
          "with a work area: %s", ibidi_status_name(st));
    st = t_display_utf8(big, sizeof big, IRI, IBIDI_DISPLAY_FORM_VISUAL, LTR, out, sizeof out,
                            &out_len, work, ibidi_display_work_size(sizeof big, 0) - 1, &err);
    CHECK(st == IBIDI_E_DISPLAY_WORK_TOO_SMALL, "one byte short: %s", ibidi_status_name(st));
    st = t_display_convert(big, sizeof big, IRI, IBIDI_DISPLAY_REPR_LOGICAL, IBIDI_DISPLAY_REPR_VISUAL, RTL, out,
                       sizeof out, &out_len, work, ibidi_display_work_size(sizeof big, 0), &err);
    CHECK(st == IBIDI_OK, "convert with a work area: %s", ibidi_status_name(st));
}

/* ---- The corpus: real right-to-left names ------------------------------------------ */

/* Every rule of the Public Suffix List (data/psl/, vendored) holding a right-to-left letter:
 * Arabic, Hebrew, Persian, Urdu and Sindhi names of registries. From each, generated
 * identifiers: the name, a name under it, an IRI with it as host and in the path, query and
 * fragment, a numeric path after it, and mail addresses. Every presentation form of every
 * one is proved in both paragraph directions and between left-to-right, right-to-left and
 * numeric context. */
static int has_rtl_letter(const char *s, size_t len)
{
    uint32_t cps[512];
    ibidi_buf32 dec = {cps, 512, 0};
    if (ibidi_utf8_decode(s, len, &dec, NULL) != IBIDI_OK)
        return 0;
    size_t n = dec.len;
    for (size_t i = 0; i < n; i++) {
        ibidi_unicode_bc bc = ibidi_unicode_bidi_class(cps[i]);
        if (bc == IBIDI_UNICODE_BC_R || bc == IBIDI_UNICODE_BC_AL)
            return 1;
    }
    return 0;
}

static const char *const corpus_before[] = {"", "abc ", "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D ",
                                            "\xD8\xB3\xD9\x84\xD8\xA7\xD9\x85 ", "12 ", "("};
static const char *const corpus_after[] = {"", " abc", " \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D",
                                           " 12", ".", ")"};

static void test_corpus(void)
{
    size_t len, names = 0, rules = 0, tried = 0, held = 0;
    char *psl = t_read_file(t_data_path("../../psl/public_suffix_list.dat"), &len);
    static unsigned char work[1 << 20];
    static ibidi_iri_component comps[1024];
    char *line, *save = NULL;
    if (!CHECK(psl != NULL, "cannot read data/psl/public_suffix_list.dat"))
        return;
    for (line = strtok_r(psl, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char ids[8][512], *rule = line;
        size_t l0;
        const ibidi_iri_kind kinds[8] = {DOM, DOM, DOM, IRI, IRI, IRI, MAIL, MAIL};
        if (rule[0] == '/' || rule[0] == '\0')
            continue;
        if (rule[0] == '!')
            rule++;
        if (rule[0] == '*' && rule[1] == '.')
            rule += 2;
        if (!has_rtl_letter(rule, strlen(rule)))
            continue;
        rules++;
        l0 = strcspn(rule, ".");
        snprintf(ids[0], 512, "%s", rule);
        snprintf(ids[1], 512, "shop.%s", rule);
        snprintf(ids[2], 512, "%.*s.%s", (int)l0, rule, rule);
        snprintf(ids[3], 512, "https://%s/", rule);
        snprintf(ids[4], 512, "https://www.%s/%.*s/index.html?q=%.*s&lang=ar#%.*s", rule, (int)l0,
                 rule, (int)l0, rule, (int)l0, rule);
        snprintf(ids[5], 512, "http://%s:8080/2024/%.*s", rule, (int)l0, rule);
        snprintf(ids[6], 512, "info@%s", rule);
        snprintf(ids[7], 512, "%.*s@mail.%s", (int)l0, rule, rule);
        for (int k = 0; k < 8; k++) {
            ibidi_iri_info info;
            size_t ncomp = 0;
            ibidi_error err = {IBIDI_OK, 0, 0};
            size_t il = strlen(ids[k]);
            if (!CHECK(t_iri_parse(ids[k], il, kinds[k], comps, 1024, &ncomp, &info, &err) ==
                           IBIDI_OK,
                       "corpus %s: %s at %zu", ids[k], ibidi_status_name(err.status), err.offset))
                continue;
            names++;
            for (size_t f = 0; f < N_FORMS; f++)
                for (int d = 0; d < 2; d++)
                    for (size_t b = 0; b < sizeof corpus_before / sizeof corpus_before[0]; b++)
                        for (size_t a = 0; a < sizeof corpus_after / sizeof corpus_after[0]; a++) {
                            ibidi_display_proof p = {IBIDI_DISPLAY_PROOF_HOLDS, IBIDI_NO_PART, 0, 0};
                            ibidi_status st = t_display_prove(
                                ids[k], il, comps, ncomp, proved_forms[f],
                                d ? RTL : LTR, corpus_before[b], strlen(corpus_before[b]),
                                corpus_after[a], strlen(corpus_after[a]), &p, work, sizeof work,
                                &err);
                            tried++;
                            if (CHECK(st == IBIDI_OK && p.failure == IBIDI_DISPLAY_PROOF_HOLDS,
                                      "corpus %s: %s form, %s paragraph, between \"%s\" and "
                                      "\"%s\": failure %d at byte %zu (%s)",
                                      ids[k], ibidi_display_form_name(proved_forms[f]), d ? "rtl" : "ltr",
                                      corpus_before[b], corpus_after[a], (int)p.failure, p.offset,
                                      ibidi_status_name(st)))
                                held++;
                        }
        }
    }
    free(psl);
    CHECK(rules >= 40, "right-to-left rules in the Public Suffix List: %zu", rules);
    printf("compared %zu proofs: %zu corpus identifiers (from %zu right-to-left rules of the "
           "Public Suffix List) x 6 forms x 2 paragraph directions x 36 contexts: %zu held\n",
           tried, names, rules, held);
}

/* ---- The wrapping forms written directly ---------------------------------------------- */

static uint32_t wrap_rng(uint32_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 17;
    *x ^= *x << 5;
    return *x;
}

/* ibidi_display_utf8 with the components given (and ibidi__display_wrap, the call for
 * callers that checked the text) against the general writer, ibidi__emit_form, which the
 * forms that only wrap the text skip when they fit the buffer: the same size, status and
 * bytes (those of a buffer too small included), over random texts, components (parsed, or
 * made up: empty, touching, at the ends) and buffer sizes. */
static void test_wrap_direct(void)
{
    static const char *const pieces[] = {"a", "b", "7", ".", "/", ":", "@", "-", "&", "<",
                                          "\xd8\xa7", "\xd8\xa8", "\xd7\x90", "\xd9\xa1",
                                          "\xe2\x80\x8e", "\xe2\x81\xa6", "\xe2\x80\x8d",
                                          "\xf0\x9f\x98\x80", "\xc3\xa9", "\xe3\x80\x82"};
    static char text[600], want[1400], got[1400], got2[1400];
    static unsigned char wrap_work[1 << 20];
    uint32_t x = 0x9e3779b9u;
    long same = 0;
    for (int iter = 0; iter < 40000; iter++) {
        size_t len = 0, np = wrap_rng(&x) % (iter % 50 == 0 ? 150 : 12);
        for (size_t i = 0; i < np; i++) {
            const char *p = pieces[wrap_rng(&x) % (sizeof pieces / sizeof pieces[0])];
            memcpy(text + len, p, strlen(p));
            len += strlen(p);
        }
        ibidi_iri_component items[300];
        ibidi_iri_components rec = {items, 300, 0};
        const ibidi_iri_kind as = (ibidi_iri_kind)(wrap_rng(&x) % 3);
        if (wrap_rng(&x) % 2 || ibidi_iri_parse(text, len, as, &rec, NULL, NULL) != IBIDI_OK) {
            size_t pos = 0;
            rec.n = 0;
            while (rec.n < 8 && pos <= len && wrap_rng(&x) % 6) {
                size_t start = pos + wrap_rng(&x) % 3, l = wrap_rng(&x) % 7;
                if (start > len)
                    break;
                if (l > len - start)
                    l = len - start;
                items[rec.n].start = start;
                items[rec.n].length = l;
                items[rec.n].kind = IBIDI_IRI_COMP_LABEL;
                rec.n++;
                pos = start + l;
            }
        }
        for (int form = IBIDI_DISPLAY_FORM_MARKS; form <= IBIDI_DISPLAY_FORM_HTML_SPAN; form++) {
            const ibidi_dir ctx = wrap_rng(&x) % 2 ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
            ibidi__emit e = ibidi__emitter(NULL, 0);
            ibidi__emit_form(&e, text, len, items, rec.n, (ibidi_display_form)form, ctx);
            const size_t need = e.len;
            const size_t caps[] = {0, need ? need - 1 : 0, need, need + 1 + wrap_rng(&x) % 9,
                                   wrap_rng(&x) % (need + 1), sizeof want};
            for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
                const size_t cap = caps[c];
                memset(want, 0x5A, sizeof want);
                memset(got, 0x5A, sizeof got);
                memset(got2, 0x5A, sizeof got2);
                e = ibidi__emitter(want, cap);
                ibidi__emit_form(&e, text, len, items, rec.n, (ibidi_display_form)form, ctx);
                const ibidi_status st_want = e.len > cap ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK;
                ibidi_display_options o;
                memset(&o, 0, sizeof o);
                o.comps = &rec;
                o.form = (ibidi_display_form)form;
                o.context = ctx;
                if (len > IBIDI_DISPLAY_SMALL) { /* through the work area's path */
                    o.work = wrap_work;
                    o.work_size = sizeof wrap_work;
                }
                ibidi_buf b = {got, cap, 0};
                const ibidi_status st = ibidi_display_utf8(text, len, &o, &b, NULL);
                size_t len2 = 0;
                const ibidi_status st2 = ibidi__display_wrap(text, len, items, rec.n,
                                                             (ibidi_display_form)form, ctx,
                                                             got2, cap, &len2, NULL);
                if (st == st_want && st2 == st_want && b.len == e.len && len2 == e.len &&
                    memcmp(got, want, sizeof want) == 0 && memcmp(got2, want, sizeof want) == 0)
                    same++;
                else
                    CHECK(0, "%s form of %.*s (%zu components, cap %zu): status %d/%d/%d, "
                             "length %zu/%zu/%zu (general/utf8/wrap), bytes %s",
                          ibidi_display_form_name((ibidi_display_form)form), (int)len, text,
                          rec.n, cap, (int)st_want, (int)st, (int)st2, e.len, b.len, len2,
                          memcmp(got, want, sizeof want) || memcmp(got2, want, sizeof want)
                              ? "differ"
                              : "same");
            }
        }
    }
    CHECK(ibidi_display_work_size(sizeof text, 0) <= sizeof wrap_work, "work area");
    t_pass_n(same);
}

int main(void)
{
    test_examples();
    test_forms();
    test_proofs();
    test_proof_catches();
    test_layout();
    test_options();
    test_conversions();
    test_bad_input();
    test_corpus();
    test_wrap_direct();
    return t_summary();
}
