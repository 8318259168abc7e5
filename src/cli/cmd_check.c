/* ibidi check: the library's verdict on each identifier (ibidi/verdict.h), written out in
 * words or as JSON. Nothing is decided here: validity, the findings and their order, the
 * forms, the labels and the profiles' verdicts are the record's; this file formats them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

typedef struct check_opts {
    ibidi_verdict_options vo;
    int json;
    cli_input in;
    ibidi_lgr *lgr; /* --lgr: the registry's LGR, owned here */
} check_opts;

/* The capability a finding belongs to, from the table of codes. */
static const char *capability(const ibidi_finding *f)
{
    const ibidi_code_info *r = ibidi_code_describe(IBIDI_CODE_FINDING, f->code);
    return r ? r->capability : "";
}

static int is_capability(const ibidi_finding *f, const char *cap)
{
    return strcmp(capability(f), cap) == 0;
}

/* The rules' findings: IDNA, the component rules, the script policy, the LGR. */
static int is_rule(const ibidi_finding *f)
{
    return !is_capability(f, "rfc5893") && !is_capability(f, "ambiguity");
}

static const char *profile_label(int p)
{
    return p < IBIDI_VERDICT_PER_LABEL ? ibidi_idna_profile_name((ibidi_idna_profile)p)
                                       : "bidi-per-label";
}

/* ---- Text ------------------------------------------------------------------------------ */

static void put_vtext(const ibidi_verdict_text *t, cli_input in)
{
    if (t->data)
        cli_put_text(stdout, t->data, t->len, in);
}

static void text_findings(const ibidi_verdict *v, int (*which)(const ibidi_finding *),
                          const check_opts *o)
{
    for (size_t i = 0; i < v->n_findings; i++)
        if (which(&v->findings[i]))
            cli_text_finding(stdout, &v->findings[i], v->unicode.data, v->unicode.len, o->in);
}

static int is_rfc5893(const ibidi_finding *f) { return is_capability(f, "rfc5893"); }
static int is_ambiguity(const ibidi_finding *f) { return is_capability(f, "ambiguity"); }

static size_t count(const ibidi_verdict *v, int (*which)(const ibidi_finding *))
{
    size_t n = 0;
    for (size_t i = 0; i < v->n_findings; i++)
        n += which(&v->findings[i]) != 0;
    return n;
}

static void text_labels(const ibidi_verdict *v, const check_opts *o, int categories)
{
    for (size_t i = 0; i < v->n_labels; i++) {
        const ibidi_verdict_label *l = &v->labels[i];
        fputs(i ? ", " : "", stdout);
        cli_put_text(stdout, v->unicode.data + l->unicode.start, l->unicode.length, o->in);
        const char *w = categories ? ibidi_ambiguity_label_category_text(l->category)
                                   : ibidi_uts39_level_name(l->restriction);
        printf(" %s", w ? w : "?");
    }
}

static void text_lgr(const ibidi_verdict *v)
{
    const ibidi_verdict_lgr *g = &v->lgr;
    fputs("  LGR (RFC 7940) on the first label ", stdout);
    if (g->label.data)
        cli_put_escaped(stdout, g->label.data, g->label.len);
    fputs(": ", stdout);
    if (g->status != IBIDI_OK) {
        printf("not evaluated: %s [%s]\n", ibidi_strerror(g->status), ibidi_status_name(g->status));
        return;
    }
    const ibidi_lgr_result *r = &g->result;
    if (!r->eligible && r->status != IBIDI_E_LGR_INVALID_DISPOSITION) {
        printf("invalid: not eligible, %s at index %zu (U+%04X)", ibidi_status_name(r->status),
               r->offset, (unsigned)r->cp);
        if (r->context_rule)
            printf(", rule %s", r->context_rule);
        fputc('\n', stdout);
        return;
    }
    if (!r->eligible)
        printf("invalid: not eligible, %s (action %zu%s", ibidi_status_name(r->status),
               r->action, r->default_action ? ", a default one" : "");
    else
        printf("%s, %s (action %zu%s", r->registrable ? "registrable" : "not registrable",
               r->disposition, r->action, r->default_action ? ", a default one" : "");
    if (r->rule)
        printf(", %s %s", r->not_match ? "not-match" : "match", r->rule);
    fputc(')', stdout);
    if (g->index.data) {
        fputs("; index label ", stdout);
        cli_put_escaped(stdout, g->index.data, g->index.len);
    }
    fputc('\n', stdout);
}

static void write_text(const char *item, size_t len, const char *name, const ibidi_verdict *v,
                       const check_opts *o)
{
    const int domain = v->kind == IBIDI_IRI_AS_DOMAIN;
    cli_put_escaped(stdout, item, len);
    fputc('\n', stdout);
    if (v->fqdn)
        printf("  fully qualified: the root label set aside\n");
    printf("  %-20s %s ", ibidi_iri_kind_name(v->kind), v->valid ? "valid" : "invalid");
    put_vtext(&v->codes, CLI_IN_UTF8);
    printf(" (%s%s%s)\n", domain ? "ToASCII under " : "parse, component rules, host under ",
           ibidi_idna_profile_name(v->profile),
           o->vo.max_restriction != IBIDI_UTS39_NO_LIMIT
               ? (o->vo.lgr ? ", the registry's policy and LGR" : ", the registry's policy")
               : (o->vo.lgr ? ", the registry's LGR" : ""));
    if (v->error.status != IBIDI_OK) {
        printf("  not an identifier: %s [%s] at byte %zu\n", ibidi_strerror(v->error.status),
               ibidi_status_name(v->error.status), v->error.offset);
        return;
    }
    if (v->ascii.data) {
        fputs("  A-label form: ", stdout);
        fwrite(v->ascii.data, 1, v->ascii.len, stdout);
        fputc('\n', stdout);
    }
    if (domain || v->unicode.len != v->input_len ||
        memcmp(v->unicode.data ? v->unicode.data : "", name, v->unicode.len) != 0) {
        printf("  %s ", domain ? "U-label form:" : "shown to users as:");
        put_vtext(&v->unicode, o->in);
        printf("%s\n", domain ? "" : " (its A-labels as U-labels, RFC 5894 §4.2; judged below)");
    }
    if (count(v, is_rule)) {
        printf("  findings (offsets in bytes of the Unicode form):\n");
        text_findings(v, is_rule, o);
    }
    if (domain)
        for (int p = 0; p < IBIDI_VERDICT_PROFILES; p++) {
            const ibidi_verdict_profile *vp = &v->profiles[p];
            printf("  %-20s ", profile_label(p));
            if (!vp->codes.data)
                printf("not a name: %s (at byte %zu)", ibidi_strerror(vp->status),
                       vp->error_offset);
            else {
                printf("%s ", vp->valid ? "valid" : "invalid");
                put_vtext(&vp->codes, CLI_IN_UTF8);
            }
            if (p == IBIDI_VERDICT_PER_LABEL)
                printf(" (each label alone, as some libraries check; RFC 5893 checks every "
                       "label of a Bidi domain name)");
            fputc('\n', stdout);
        }
    if (v->ran & IBIDI_VERDICT_RAN_POLICY) {
        printf("  restriction level (UTS #39 §5.2)%s: %s (", domain ? "" : " of the host",
               ibidi_uts39_level_name(v->restriction));
        text_labels(v, o, 0);
        fputs(")\n", stdout);
        if (v->max_restriction != IBIDI_UTS39_NO_LIMIT) {
            /* the policy's own reasons: its error findings' codes */
            ibidi_finding *pf = malloc((v->n_findings + 1) * sizeof *pf);
            size_t np = 0;
            char t[512];
            ibidi_buf codes = {t, sizeof t, 0};
            for (size_t i = 0; pf && i < v->n_findings; i++)
                if (is_capability(&v->findings[i], "uts39"))
                    pf[np++] = v->findings[i];
            const int ok = pf && ibidi_findings_codes(pf, np, &codes) == IBIDI_OK;
            printf("  registry policy (at most %s): %s %.*s\n",
                   ibidi_uts39_level_name(v->max_restriction),
                   ok && codes.len > 2 ? "invalid" : "valid", ok ? (int)codes.len : 0, t);
            free(pf);
        }
    }
    if (v->lgr.run)
        text_lgr(v);
    if (v->n_labels)
        printf("  Bidi domain name (RFC 5893 §1.4)%s: %s\n", domain ? "" : " of the host",
               v->bidi_domain_name ? "yes, it has a label with R, AL or AN" : "no");
    if (domain && v->n_labels) {
        fputs("  label categories (Badami): ", stdout);
        text_labels(v, o, 1);
        fputc('\n', stdout);
    }
    if (domain) {
        if (!(v->ran & IBIDI_VERDICT_RAN_RFC5893))
            printf("  RFC 5893 §3: not checked: %s [%s]\n", ibidi_strerror(v->rfc5893_status),
                   ibidi_status_name(v->rfc5893_status));
        else if (!count(v, is_rfc5893))
            printf("  RFC 5893 §3: every label keeps Character Grouping and Label Uniqueness\n");
        else {
            const size_t n = count(v, is_rfc5893);
            printf("  RFC 5893 §3: %zu finding%s\n", n, n == 1 ? "" : "s");
            text_findings(v, is_rfc5893, o);
        }
    }
    if (!(v->ran & IBIDI_VERDICT_RAN_AMBIGUITY))
        printf("  bidi ambiguity: not analysed: %s [%s]\n", ibidi_strerror(v->ambiguity_status),
               ibidi_status_name(v->ambiguity_status));
    else if (!count(v, is_ambiguity))
        printf("  bidi ambiguity (Badami): none, and no other identifier displays like it in "
               "either context\n");
    else {
        printf("  bidi ambiguity (Badami; offsets in bytes of the Unicode form):\n");
        text_findings(v, is_ambiguity, o);
    }
    if (v->ran & IBIDI_VERDICT_RAN_DISPLAY)
        for (int k = 0; k < 2; k++) {
            printf("  display, %s paragraph: ", k ? "right-to-left" : "left-to-right");
            cli_put_visual(stdout, v->display[k].data, v->display[k].len, o->in);
            fputc('\n', stdout);
        }
    if (v->ran & IBIDI_VERDICT_RAN_CONFUSABLE) { /* UTS #39 §4 */
        fputs("  skeleton (UTS #39 §4; equal skeletons look alike): ", stdout);
        put_vtext(&v->skeleton, o->in);
        for (int k = 0; k < 2; k++) {
            printf("\n  bidi skeleton, %s paragraph: ", k ? "right-to-left" : "left-to-right");
            put_vtext(&v->bidi_skeleton[k], o->in);
        }
        fputc('\n', stdout);
    }
}

/* ---- JSON: the library's own (ibidi_json_verdict) ---------------------------------------- */

static int write_json(const char *item, size_t len, const ibidi_verdict *v, const check_opts *o)
{
    ibidi_buf j = {NULL, 0, 0};
    if (ibidi_json_verdict_alloc(v, item, len, &j) != IBIDI_OK)
        return 0;
    cli_put_json(stdout, j.data, j.len, o->in);
    fputc('\n', stdout);
    ibidi_free(j.data);
    return 1;
}

/* ---- The command ----------------------------------------------------------------------- */

static int check_item(const char *item, size_t len, size_t itemno, void *ctx)
{
    const check_opts *o = ctx;
    if (!item) /* a line over CLI_LINE_MAX bytes */
        return cli_line_too_long("check", itemno, len, o->json);
    const char *name = item;
    size_t nlen = len;
    char *conv = NULL;
    if (o->in != CLI_IN_UTF8) {
        conv = cli_from_notation_record("check", itemno, item, len, o->in, o->json, &nlen);
        if (!conv)
            return CLI_INVALID;
        name = conv;
    }
    ibidi_verdict v;
    ibidi_status st = ibidi_verdict_make_alloc(name, nlen, &o->vo, &v);
    if (st != IBIDI_OK) {
        free(conv);
        return cli_item_failed("check", itemno, item, len, o->json, st);
    }
    if (o->json) {
        if (!write_json(item, len, &v, o)) {
            const ibidi_error e = {IBIDI_E_NOMEM, 0, 0};
            cli_fail_record(stdout, 1, item, len, &e, NULL);
        }
    } else
        write_text(item, len, name, &v, o);
    const int rc = v.valid ? CLI_OK : CLI_INVALID;
    ibidi_verdict_free(&v);
    free(conv);
    return rc;
}

static int check_run(int argc, char **argv)
{
    check_opts o;
    cli_args a;
    cli_arg x;
    int rc;
    memset(&o, 0, sizeof o);
    o.vo.max_restriction = IBIDI_UTS39_NO_LIMIT;
    cli_args_init(&a, "check", argc, argv, 1);
    while ((rc = cli_args_next(&a, &x)) > 0) {
        switch (x.id) {
        case CLI_OPT_JSON: o.json = 1; break;
        case CLI_OPT_DUERST: o.vo.flags |= IBIDI_VERDICT_DUERST2001; break;
        case CLI_OPT_NO_EXACT: o.vo.flags |= IBIDI_VERDICT_NO_EXACT; break;
        case CLI_OPT_AS: /* auto domain iri email fqdn: fqdn is a domain name with its root */
            o.vo.as = x.pick == 4 ? IBIDI_IRI_AS_DOMAIN : (ibidi_iri_kind)x.pick;
            if (x.pick == 4)
                o.vo.flags |= IBIDI_VERDICT_FQDN;
            else
                o.vo.flags &= ~IBIDI_VERDICT_FQDN;
            break;
        case CLI_OPT_LGR: {
            ibidi_lgr_diag d;
            ibidi_lgr_free(o.lgr);
            o.lgr = NULL;
            ibidi_status st = ibidi_lgr_load_file(x.value, NULL, &o.lgr, &d);
            if (st != IBIDI_OK) {
                fprintf(stderr, "ibidi check: %s:%lu:%lu: %s [%s]\n", x.value, d.line, d.column,
                        d.message, ibidi_status_name(st));
                return CLI_USAGE;
            }
            o.vo.lgr = o.lgr;
            break;
        }
        case CLI_OPT_MAX_RESTRICTION: /* UTS #39 §5.2, from ascii-only (1) up */
            o.vo.max_restriction = (ibidi_uts39_level)(x.pick + 1);
            break;
        case CLI_OPT_PROFILE: o.vo.profile = (ibidi_idna_profile)x.pick; break;
        case CLI_OPT_INPUT: o.in = (cli_input)x.pick; break;
        default: break;
        }
    }
    if (rc < 0) {
        ibidi_lgr_free(o.lgr);
        return CLI_USAGE;
    }
    rc = cli_for_each_item(argc, argv, a.i, check_item, &o);
    ibidi_lgr_free(o.lgr);
    return rc;
}

const cli_command cli_cmd_check = {
    "check", "the library's whole verdict on a domain name, IRI or mail address",
    "usage: ibidi check [--profile P] [--input utf8|notation|notation-arabic]\n"
    "                   [--as auto|domain|iri|email|fqdn] [--max-restriction LEVEL]\n"
    "                   [--lgr FILE] [--duerst] [--no-exact] [--json] [NAME ...]\n"
    "\n"
    "For each identifier NAME (or each line of standard input), the library's verdict\n"
    "(ibidi_verdict_make): valid or invalid, with its reasons, and everything known of it.\n"
    "--as says what NAME is (default auto: the kind the text has); --as fqdn takes a domain\n"
    "name with its root label set aside (example.com. is example.com).\n"
    "\n"
    "A domain name is valid when UTS #46 ToASCII under --profile (default uts46; whatwg,\n"
    "idna2008-lookup, idna2008-register) finds no error, as `ibidi to-ascii` and `ibidi\n"
    "scan` say; an IRI or a mail address when it parses, its components pass the rules of\n"
    "RFC 3987 §4.2 and the 2012 guidelines §3 (--duerst: and of Duerst 2001 §5, as errors)\n"
    "and its host passes ToASCII. Everything else is judged on the Unicode form users see\n"
    "(RFC 5894 §4.2: A-labels as U-labels): the findings of every rule (IDNA, the component\n"
    "rules, the registry's policy, the LGR), the verdict of each profile and of the Bidi\n"
    "Rule applied to each label alone, each label's restriction level (UTS #39 §5.2) and\n"
    "Badami's category, whether it is a Bidi domain name (RFC 5893 §1.4), the RFC 5893 §3\n"
    "requirements (Character Grouping, Label Uniqueness), the bidi ambiguity findings in\n"
    "both paragraph directions (Badami's analysis and the exact twin search; --no-exact\n"
    "leaves the search out) and the display in both directions.\n"
    "\n"
    "A registry's policy (RFC 5894 §3.2): --max-restriction LEVEL (ascii-only,\n"
    "single-script, highly-restrictive, moderately-restrictive, minimally-restrictive,\n"
    "unrestricted) makes a label above LEVEL (RESTRICTION_LEVEL) or with digits of more than\n"
    "one decimal system (MIXED_NUMBERS, UTS #39 §5.3) an error; --lgr FILE applies the\n"
    "registry's Label Generation Ruleset (RFC 7940) to a domain name's first label (the\n"
    "label registered): not eligible (LGR_INELIGIBLE) or not registrable\n"
    "(LGR_NOT_REGISTRABLE) is an error. `ibidi lgr check` lists its variant labels.\n",
    check_run, 0,
    "\n"
    "--json writes one JSON object per item: input, kind, profile, valid, fqdn (when the\n"
    "root label was set aside), status (the reasons, e.g. \"[B1]\"), error (an input that is\n"
    "no identifier), a_label (domain names), unicode (the Unicode form), findings (every\n"
    "finding, in one order: code, severity, label, offset and length in the Unicode form,\n"
    "input_offset and input_length where they differ in the input, cp, bidi_class,\n"
    "context, its detail, text, message), restriction and max_restriction, labels (each\n"
    "label, its place, restriction and category), bidi_domain_name, profiles (domain\n"
    "names), lgr, rfc5893 and ambiguity (whether they ran) and display (ltr, rtl). Offsets\n"
    "are bytes. `ibidi explain CODE` says what a code means.\n"
    "Exit status: 0 when every item is valid, 1 otherwise, 2 for a usage error or an LGR\n"
    "that cannot be read.\n"};
