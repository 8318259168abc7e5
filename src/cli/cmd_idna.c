/* ibidi to-ascii, ibidi to-unicode, ibidi check: domain names through UTS #46 or the
 * IDNA2008 protocol, with every finding named by its rule. The --tsv format
 * (input, output, status codes as in IdnaTestV2.txt) lets scripts compare with other
 * implementations line by line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "ibidi/rfc5893.h"
#include "ibidi/utf8.h"

typedef enum idna_format { FMT_TEXT, FMT_TSV, FMT_JSON } idna_format;

typedef struct idna_opts {
    const char *cmd;
    int to_ascii;
    int check; /* ibidi check: every profile, in words */
    ibidi_idna_profile profile;
    unsigned flags;
    idna_format fmt;
    cli_input in;
    ibidi_iri_kind as; /* ibidi check --as */
    int fqdn;          /* --as fqdn: a domain name whose root label is set aside */
    ibidi_uts39_level max_restriction; /* ibidi check --max-restriction, or NO_LIMIT */
    ibidi_lgr *lgr;    /* ibidi check --lgr: the registry's LGR, or NULL */
} idna_opts;

/* The result of one call, with buffers that grow on demand. */
typedef struct idna_result {
    ibidi_status st;
    ibidi_error err;
    char *out;
    size_t out_len;
    ibidi_findings found;
    ibidi_finding *f; /* found.items */
    size_t nf;        /* found.n */
} idna_result;

static void result_free(idna_result *r)
{
    ibidi_free(r->out);
    ibidi_findings_free(&r->found);
    memset(r, 0, sizeof *r);
}

/* The name under exactly these flags (the profile's, with the command's --[no-] options). */
static int convert(const char *name, size_t len, unsigned flags, int to_ascii, idna_result *r)
{
    const ibidi_idna_options opts = {IBIDI_IDNA_PROFILE_UTS46, flags, ~flags, NULL, 0};
    memset(r, 0, sizeof *r);
    ibidi_buf out = {NULL, 0, 0};
    r->st = to_ascii ? ibidi_idna_to_ascii_alloc(name, len, &opts, &out, &r->found, &r->err)
                     : ibidi_idna_to_unicode_alloc(name, len, &opts, &out, &r->found, &r->err);
    r->out = out.data;
    r->out_len = out.len;
    r->f = r->found.items;
    r->nf = r->found.n;
    return r->st != IBIDI_E_NOMEM;
}

/* The order of status codes in IdnaTestV2.txt: P, B, C, V, U, A, X, then IDNA2008's own
 * codes; by number within a letter. */
/* The distinct error codes of the findings x[0..nx) and y[0..ny), in IdnaTestV2 order:
 * "[B1, V6]", or "[]". */
static void print_codes2(FILE *f, const ibidi_finding *x, size_t nx, const ibidi_finding *y,
                         size_t ny)
{
    char t[2048]; /* 64 codes of up to 30 bytes, with their separators */
    ibidi_finding *all = malloc((nx + ny + 1) * sizeof *all);
    if (!all)
        return;
    if (nx)
        memcpy(all, x, nx * sizeof *all);
    if (ny)
        memcpy(all + nx, y, ny * sizeof *all);
    ibidi_buf out = {t, sizeof t, 0};
    if (ibidi_findings_codes(all, nx + ny, &out) == IBIDI_OK)
        fwrite(t, 1, out.len, f);
    free(all);
}

static void print_codes(FILE *f, const idna_result *r) { print_codes2(f, r->f, r->nf, NULL, 0); }

/* One finding in words; offsets are bytes of the UTF-8 ToUnicode form. */
static void put_finding_words(FILE *f, const ibidi_finding *x)
{
    fprintf(f, "    %-4s label %u, byte %zu", ibidi_code_name(x->code), (unsigned)x->part,
            x->offset);
    if (x->cp) {
        fputs(", ", f);
        cli_put_cp(f, x->cp);
        if (x->cp >= 0x20 && x->cp != 0x7F && x->cp <= 0x10FFFF) {
            char b[4];
            size_t k = ibidi_utf8_encode_cp(x->cp, b);
            if (k) {
                fputs(" '", f);
                fwrite(b, 1, k, f);
                fputc('\'', f);
            }
        }
    }
    if (x->bidi_class >= 0)
        fprintf(f, " (%s)", ibidi_unicode_bidi_class_name((ibidi_unicode_bc)x->bidi_class));
    fprintf(f, ": %s\n", x->rule);
}

/* The findings of f[0..n) of one severity as JSON objects, each after a comma unless it is
 * the first (*first). Offsets are bytes of the UTF-8 ToUnicode form; the registry policy's
 * findings (UTS #39) also name the label's level or the first decimal system's zero. */
static void put_json_list(const ibidi_finding *f, size_t n, int warnings, int *first)
{
    for (size_t i = 0; i < n; i++) {
        const ibidi_finding *x = &f[i];
        if ((x->severity == IBIDI_SEVERITY_WARNING) != warnings)
            continue;
        printf("%s{\"code\":\"%s\",\"label\":%u,\"offset\":%zu", *first ? "" : ",",
               ibidi_code_name(x->code), (unsigned)x->part, x->offset);
        *first = 0;
        if (x->cp)
            printf(",\"cp\":\"U+%04X\"", (unsigned)x->cp);
        if (x->bidi_class >= 0)
            printf(",\"bidi_class\":\"%s\"",
                   ibidi_unicode_bidi_class_name((ibidi_unicode_bc)x->bidi_class));
        if (x->code == IBIDI_UTS39_RESTRICTION_LEVEL)
            printf(",\"restriction\":\"%s\"",
                   ibidi_uts39_level_name((ibidi_uts39_level)x->detail));
        else if (x->code == IBIDI_UTS39_MIXED_NUMBERS)
            printf(",\"zero\":\"U+%04X\"", (unsigned)x->detail);
        const char *m = x->rule;
        fputs(",\"message\":", stdout);
        cli_json_string(stdout, m, strlen(m));
        fputc('}', stdout);
    }
}

static void put_json_findings(const idna_result *r, int warnings)
{
    int first = 1;
    put_json_list(r->f, r->nf, warnings, &first);
}

static int is_valid(const idna_result *r) { return r->st == IBIDI_OK; }

static int encoding_error(const idna_result *r)
{
    return r->st != IBIDI_OK && r->st != IBIDI_E_IDNA_INVALID;
}

static int convert_item(const char *item, size_t len, size_t itemno, const idna_opts *o,
                        const char *name, size_t nlen)
{
    idna_result r;
    if (!convert(name, nlen, o->flags, o->to_ascii, &r)) {
        result_free(&r);
        fprintf(stderr, "ibidi %s: item %zu: out of memory\n", o->cmd, itemno);
        return CLI_INVALID;
    }
    int rc = is_valid(&r) ? CLI_OK : CLI_INVALID;
    if (o->fmt == FMT_TSV) {
        cli_put_escaped(stdout, item, len);
        fputc('\t', stdout);
        if (!encoding_error(&r))
            cli_put_text(stdout, r.out, r.out_len, o->in);
        fputc('\t', stdout);
        if (encoding_error(&r))
            printf("[%s]", ibidi_status_name(r.st));
        else
            print_codes(stdout, &r);
        fputc('\n', stdout);
    } else if (o->fmt == FMT_JSON) {
        fputc('{', stdout);
        cli_json_input(stdout, "input", item, len);
        printf(",\"profile\":\"%s\",\"valid\":%s", ibidi_idna_profile_name(o->profile),
               is_valid(&r) ? "true" : "false");
        if (encoding_error(&r)) {
            fputc(',', stdout);
            cli_json_error(stdout, &r.err);
            fputs("}\n", stdout);
        } else {
            fputs(",\"output\":", stdout);
            cli_json_string(stdout, r.out, r.out_len);
            fputs(",\"status\":\"", stdout);
            print_codes(stdout, &r);
            fputs("\",\"errors\":[", stdout);
            put_json_findings(&r, 0);
            fputs("],\"warnings\":[", stdout);
            put_json_findings(&r, 1);
            fputs("]}\n", stdout);
        }
    } else {
        if (encoding_error(&r)) {
            cli_text_error(stdout, &r.err, "byte");
            cli_report(o->cmd, itemno, "input", &r.err, "byte");
        } else {
            cli_put_text(stdout, r.out, r.out_len, o->in);
            fputc('\n', stdout);
            for (size_t i = 0; i < r.nf; i++) {
                if (i == 0)
                    fprintf(stderr, "ibidi %s: item %zu: %s\n", o->cmd, itemno,
                            is_valid(&r) ? "valid, with warnings" : "invalid");
                put_finding_words(stderr, &r.f[i]);
            }
        }
    }
    result_free(&r);
    return rc;
}

/* ibidi check: Badami's analysis and the exact twin search, in both contexts; every
 * finding with the paper's section, where it is and what it concerns. */
static void put_ambiguity(const char *name, size_t nlen, ibidi_iri_kind as,
                          const idna_opts *o)
{
    ibidi_findings found;
    ibidi_error err;
    /* RFC 5894 §4.2: users see U-labels, so the display is judged on them (as scan does) */
    char *uform = NULL;
    size_t ulen = 0;
    const ibidi_iri_options uo = {as, 0, {o->profile, 0, 0, NULL, 0}};
    if (cli_unicode_form(name, nlen, &uo, &uform, &ulen)) {
        printf("  shown to users as: ");
        cli_put_text(stdout, uform, ulen, o->in);
        printf(" (its A-labels as U-labels, RFC 5894 §4.2; analysed below)\n");
        name = uform;
        nlen = ulen;
    }
    const ibidi_ambiguity_options ao = {.as = as,
                                        .flags = IBIDI_AMBIGUITY_EXACT | IBIDI_AMBIGUITY_RTL,
                                        .idna = {o->profile, 0, 0, NULL, 0}};
    ibidi_status st = ibidi_ambiguity_analyze_alloc(name, nlen, &ao, &found, &err);
    const ibidi_finding *f = found.items;
    const size_t nf = found.n;
    if (st == IBIDI_E_NOMEM) {
        fprintf(stderr, "ibidi %s: out of memory\n", o->cmd);
        ibidi_free(uform);
        return;
    }
    if (st != IBIDI_OK) {
        printf("  bidi ambiguity: not analysed: %s [%s] at byte %zu\n", ibidi_strerror(st),
               ibidi_status_name(st), err.offset);
    } else if (nf == 0) {
        printf("  bidi ambiguity (Badami): none, and no other identifier displays like it in "
               "either context\n");
    } else {
        printf("  bidi ambiguity (Badami; offsets in bytes of the UTF-8 form):\n");
        for (size_t i = 0; i < nf; i++) {
            printf("    %-22s %s, at byte %zu (", ibidi_code_name(f[i].code),
                   f[i].context == IBIDI_DIR_RTL ? "rtl" : "ltr", f[i].offset);
            if (f[i].offset <= nlen && f[i].length <= nlen - f[i].offset)
                cli_put_text(stdout, name + f[i].offset, f[i].length, o->in);
            printf(")");
            if (f[i].detail)
                printf(" expression %d", f[i].detail);
            printf(": %s\n", f[i].rule);
        }
    }
    ibidi_findings_free(&found);
    ibidi_free(uform);
}

/* Badami's label categories, label by label (of the name as given, in network order): the
 * text line, or with json the member ,"categories":[{"label":..., "category":...}...]. */
static void put_categories(const char *name, size_t nlen, const idna_opts *o, int json)
{
    fputs(json ? ",\"categories\":[" : "  label categories (Badami):", stdout);
    int first = 1;
    for (size_t a = 0; a <= nlen;) {
        size_t b = a;
        while (b < nlen && name[b] != '.')
            b++;
        unsigned cat = 0;
        if (b > a && ibidi_ambiguity_label_category_utf8(name + a, b - a, &cat, NULL) == IBIDI_OK) {
            const char *cname =
                ibidi_ambiguity_label_category_name(IBIDI_AMBIGUITY_LABEL_CATEGORY(cat));
            const char *pre = cat & IBIDI_AMBIGUITY_LABEL_NUMBER_PREFIX ? "+number-prefix" : "";
            const char *suf = cat & IBIDI_AMBIGUITY_LABEL_NUMBER_SUFFIX ? "+number-suffix" : "";
            if (json) {
                fputs(first ? "{\"label\":" : ",{\"label\":", stdout);
                cli_json_text(stdout, name + a, b - a, o->in);
                printf(",\"category\":\"%s%s%s\"}", cname, pre, suf);
            } else {
                fputs(first ? " " : ", ", stdout);
                cli_put_text(stdout, name + a, b - a, o->in);
                printf(" %s%s%s", cname, pre, suf);
            }
            first = 0;
        }
        a = b + 1;
    }
    fputc(json ? ']' : '\n', stdout);
}

/* RFC 5893 §3 on the name: Character Grouping in every context, and Label Uniqueness by
 * the twin search (ibidi/rfc5893.h, experimental). */
static void put_rfc5893(const char *name, size_t nlen, const idna_opts *o)
{
    ibidi_finding f[16];
    ibidi_findings fs = {f, 16, 0, 0};
    ibidi_error err;
    ibidi_status st = ibidi_rfc5893_check_name_utf8(name, nlen, NULL, &fs, NULL, &err);
    if (st != IBIDI_OK) {
        printf("  RFC 5893 §3: not checked: %s [%s] at byte %zu\n", ibidi_strerror(st),
               ibidi_status_name(st), err.offset);
        return;
    }
    if (fs.n == 0) {
        printf("  RFC 5893 §3: every label keeps Character Grouping and Label Uniqueness\n");
        return;
    }
    printf("  RFC 5893 §3: %zu finding%s\n", fs.n, fs.n == 1 ? "" : "s");
    for (size_t i = 0; i < fs.n && i < 16; i++) {
        printf("    %-11s %s, label %zu (", ibidi_code_name(f[i].code),
               f[i].context == IBIDI_DIR_RTL ? "rtl" : "ltr", f[i].part);
        if (f[i].offset <= nlen && f[i].length <= nlen - f[i].offset)
            cli_put_text(stdout, name + f[i].offset, f[i].length, o->in);
        printf("): %s\n", f[i].rule);
    }
}

/* ---- The registry's script policy (UTS #39): ibidi check, text and JSON -------------- */

/* A domain name, or an IRI's host, judged label by label on its U-label form (what the
 * registry registers and users see, RFC 5894 §4.2): its restriction level (UTS #39 §5.2),
 * the findings of --max-restriction and mixed numbers (§5.3). */
typedef struct policy {
    int run;                /* 1 when judged */
    ibidi_status st;        /* IBIDI_OK or IBIDI_E_UTS39_INVALID when run, else why not */
    ibidi_uts39_level level;
    ibidi_findings found;   /* offsets in bytes of the form the findings name */
    const char *text;       /* the domain name judged, base bytes into that form */
    size_t len, base;
} policy;

static void policy_run(policy *p, const char *text, size_t len, size_t base, const idna_opts *o)
{
    const ibidi_uts39_options po = {o->max_restriction, 0};
    memset(p, 0, sizeof *p);
    p->text = text;
    p->len = len;
    p->base = base;
    p->st = ibidi_uts39_check_alloc(text, len, &po, &p->level, &p->found, NULL);
    p->run = p->st == IBIDI_OK || p->st == IBIDI_E_UTS39_INVALID;
    for (size_t i = 0; i < p->found.n; i++)
        p->found.items[i].offset += base;
}

/* Under --max-restriction, a label above the level or mixed numbers make the name invalid. */
static int policy_invalid(const policy *p) { return p->run && p->st == IBIDI_E_UTS39_INVALID; }

static void policy_free(policy *p) { ibidi_findings_free(&p->found); }

/* Each label with its level: "LABEL LEVEL, ..." (text) or {"label", "restriction"} (JSON). */
static void policy_labels(const policy *p, int json, const idna_opts *o)
{
    int first = 1;
    for (size_t a = 0; a <= p->len;) {
        size_t b = a;
        while (b < p->len && p->text[b] != '.')
            b++;
        ibidi_uts39_level l;
        if (b > a && ibidi_uts39_level_utf8(p->text + a, b - a, &l, NULL) == IBIDI_OK) {
            fputs(first ? "" : json ? "," : ", ", stdout);
            first = 0;
            if (json) {
                fputs("{\"label\":", stdout);
                cli_json_text(stdout, p->text + a, b - a, o->in);
                printf(",\"restriction\":\"%s\"}", ibidi_uts39_level_name(l));
            } else {
                cli_put_text(stdout, p->text + a, b - a, o->in);
                printf(" %s", ibidi_uts39_level_name(l));
            }
        }
        a = b + 1;
    }
}

/* "  restriction level (UTS #39 §5.2): LEVEL (LABEL LEVEL, ...)", the verdict of
 * --max-restriction when it is given, then every finding in words. */
static void put_policy(const policy *p, const char *what, const idna_opts *o)
{
    if (!p->run) {
        printf("  restriction level (UTS #39 §5.2)%s: not computed: %s [%s]\n", what,
               ibidi_strerror(p->st), ibidi_status_name(p->st));
        return;
    }
    printf("  restriction level (UTS #39 §5.2)%s: %s (", what,
           ibidi_uts39_level_name(p->level));
    policy_labels(p, 0, o);
    fputs(")\n", stdout);
    if (o->max_restriction != IBIDI_UTS39_NO_LIMIT) {
        printf("  registry policy (at most %s): %s ", ibidi_uts39_level_name(o->max_restriction),
               policy_invalid(p) ? "invalid" : "valid");
        print_codes2(stdout, p->found.items, p->found.n, NULL, 0);
        fputc('\n', stdout);
    }
    for (size_t i = 0; i < p->found.n; i++)
        put_finding_words(stdout, &p->found.items[i]);
}

/* ,"restriction", ,"max_restriction" when given, ,"labels" with each label's level. */
static void json_policy(const policy *p, const idna_opts *o)
{
    if (!p->run)
        return;
    printf(",\"restriction\":\"%s\"", ibidi_uts39_level_name(p->level));
    if (o->max_restriction != IBIDI_UTS39_NO_LIMIT)
        printf(",\"max_restriction\":\"%s\"", ibidi_uts39_level_name(o->max_restriction));
    fputs(",\"labels\":[", stdout);
    policy_labels(p, 1, o);
    fputc(']', stdout);
}

/* The host of an IRI or mail address, judged on the identifier as users see it (its
 * A-labels as U-labels); run 0 when it has no reg-name host. *form is allocated. */
static void policy_host(policy *p, const char *name, size_t nlen, ibidi_iri_kind kind,
                        char **form, const idna_opts *o)
{
    ibidi_buf f = {NULL, 0, 0};
    ibidi_iri_info info;
    const ibidi_iri_options uo = {kind, 0, {o->profile, 0, 0, NULL, 0}};
    memset(p, 0, sizeof *p);
    p->st = IBIDI_OK;
    const ibidi_status fst = ibidi_iri_unicode_form_alloc(name, nlen, &uo, &f, NULL);
    *form = f.data;
    if (fst != IBIDI_OK)
        return;
    const size_t flen = f.len;
    ibidi_status st = ibidi_iri_parse(*form, flen, kind, NULL, &info, NULL);
    if ((st == IBIDI_OK || st == IBIDI_E_BUFFER_TOO_SMALL) &&
        info.host_kind == IBIDI_IRI_COMP_LABEL && info.host.present && info.host.length > 0)
        policy_run(p, *form + info.host.start, info.host.length, info.host.start, o);
}

/* ibidi check of an IRI or mail address: its validity (parse, component rules, IDNA on the
 * host under the profile) and the ambiguity findings. */
static int check_ident(const char *name, size_t nlen, ibidi_iri_kind kind, const idna_opts *o)
{
    ibidi_buf cb = {NULL, 0, 0};
    ibidi_error err;
    const ibidi_iri_options vo = {kind, 0, {o->profile, 0, 0, NULL, 0}};
    ibidi_status st = ibidi_iri_validate_alloc(name, nlen, &vo, &cb, &err);
    char *codes = cb.data;
    size_t clen = cb.len;
    if (st != IBIDI_OK && st != IBIDI_E_IDENT_INVALID) {
        printf("  not checked: %s [%s] at byte %zu\n", ibidi_strerror(st), ibidi_status_name(st),
               err.offset);
        return CLI_INVALID;
    }
    if (clen > 511)
        clen = 511; /* only the display of very many codes is shortened */
    printf("  %-20s %s %.*s (parse, component rules, host under %s)\n",
           ibidi_iri_kind_name(kind), st == IBIDI_OK ? "valid" : "invalid", (int)clen, codes,
           ibidi_idna_profile_name(o->profile));
    ibidi_free(codes);
    /* the component rules in words, warnings included (RFC 3987 §4.2, the 2012 guidelines
     * §3, and Duerst 2001 §5 as warnings: what the validity above does not count) */
    ibidi_findings cf;
    const ibidi_iri_options co = {kind, IBIDI_IRI_DUERST2001, {o->profile, 0, 0, NULL, 0}};
    ibidi_status cst = ibidi_iri_check_alloc(name, nlen, &co, &cf, NULL);
    if (cst == IBIDI_OK || cst == IBIDI_E_IDENT_INVALID)
        for (size_t i = 0; i < cf.n; i++) {
            const ibidi_finding *x = &cf.items[i];
            printf("    %-7s %s at byte %zu", x->severity == IBIDI_SEVERITY_ERROR ? "error"
                                                                                  : "warning",
                   ibidi_code_name(x->code), x->offset);
            if (x->cp)
                printf(", U+%04X (%s)", (unsigned)x->cp,
                       x->bidi_class >= 0
                           ? ibidi_unicode_bidi_class_name((ibidi_unicode_bc)x->bidi_class)
                           : "?");
            printf(": %s\n", x->rule);
        }
    ibidi_findings_free(&cf);
    policy pol;
    char *form = NULL;
    policy_host(&pol, name, nlen, kind, &form, o);
    if (pol.run)
        put_policy(&pol, " of the host", o);
    const int bad = policy_invalid(&pol);
    policy_free(&pol);
    ibidi_free(form);
    put_ambiguity(name, nlen, kind, o);
    return st == IBIDI_OK && !bad ? CLI_OK : CLI_INVALID;
}

/* ---- ibidi check --json: one object per item, what the text says ---------------------- */

/* The bidi ambiguity findings, as put_ambiguity finds them: ,"shown_as" when A-labels were
 * shown as U-labels, and ,"ambiguity":{"analysed":..., "findings" or "error"}. */
static void json_ambiguity(const char *name, size_t nlen, ibidi_iri_kind as, const idna_opts *o)
{
    ibidi_findings found;
    ibidi_error err;
    char *uform = NULL;
    size_t ulen = 0;
    const ibidi_iri_options uo = {as, 0, {o->profile, 0, 0, NULL, 0}};
    if (cli_unicode_form(name, nlen, &uo, &uform, &ulen)) {
        fputs(",\"shown_as\":", stdout);
        cli_json_text(stdout, uform, ulen, o->in);
        name = uform;
        nlen = ulen;
    }
    const ibidi_ambiguity_options ao = {.as = as,
                                        .flags = IBIDI_AMBIGUITY_EXACT | IBIDI_AMBIGUITY_RTL,
                                        .idna = {o->profile, 0, 0, NULL, 0}};
    ibidi_status st = ibidi_ambiguity_analyze_alloc(name, nlen, &ao, &found, &err);
    fputs(",\"ambiguity\":{", stdout);
    if (st != IBIDI_OK) {
        fputs("\"analysed\":false,", stdout);
        cli_json_error(stdout, &err);
    } else {
        fputs("\"analysed\":true,\"findings\":[", stdout);
        for (size_t i = 0; i < found.n; i++) {
            const ibidi_finding *x = &found.items[i];
            printf("%s{\"code\":\"%s\",\"context\":\"%s\",\"offset\":%zu,\"length\":%zu",
                   i ? "," : "", ibidi_code_name(x->code),
                   x->context == IBIDI_DIR_RTL ? "rtl" : "ltr", x->offset, x->length);
            if (x->offset <= nlen && x->length <= nlen - x->offset) {
                fputs(",\"text\":", stdout);
                cli_json_text(stdout, name + x->offset, x->length, o->in);
            }
            if (x->detail)
                printf(",\"expression\":%d", x->detail);
            fputs(",\"message\":", stdout);
            cli_json_string(stdout, x->rule, strlen(x->rule));
            fputc('}', stdout);
        }
        fputc(']', stdout);
    }
    fputc('}', stdout);
    ibidi_findings_free(&found);
    ibidi_free(uform);
}

/* ,"rfc5893":{"checked":..., "findings" or "error"} (put_rfc5893). */
static void json_rfc5893(const char *name, size_t nlen, const idna_opts *o)
{
    ibidi_finding f[16];
    ibidi_findings fs = {f, 16, 0, 0};
    ibidi_error err;
    ibidi_status st = ibidi_rfc5893_check_name_utf8(name, nlen, NULL, &fs, NULL, &err);
    fputs(",\"rfc5893\":{", stdout);
    if (st != IBIDI_OK) {
        fputs("\"checked\":false,", stdout);
        cli_json_error(stdout, &err);
    } else {
        printf("\"checked\":true,\"count\":%zu,\"findings\":[", fs.n);
        for (size_t i = 0; i < fs.n && i < 16; i++) {
            printf("%s{\"code\":\"%s\",\"context\":\"%s\",\"label\":%zu,\"offset\":%zu,"
                   "\"length\":%zu",
                   i ? "," : "", ibidi_code_name(f[i].code),
                   f[i].context == IBIDI_DIR_RTL ? "rtl" : "ltr", f[i].part, f[i].offset,
                   f[i].length);
            if (f[i].offset <= nlen && f[i].length <= nlen - f[i].offset) {
                fputs(",\"text\":", stdout);
                cli_json_text(stdout, name + f[i].offset, f[i].length, o->in);
            }
            fputs(",\"message\":", stdout);
            cli_json_string(stdout, f[i].rule, strlen(f[i].rule));
            fputc('}', stdout);
        }
        fputc(']', stdout);
    }
    fputc('}', stdout);
}

/* An IRI or mail address: check_ident's content. */
static int check_ident_json(const char *item, size_t len, const char *name, size_t nlen,
                            ibidi_iri_kind kind, const idna_opts *o)
{
    ibidi_buf cb = {NULL, 0, 0};
    ibidi_error err;
    const ibidi_iri_options vo = {kind, 0, {o->profile, 0, 0, NULL, 0}};
    ibidi_status st = ibidi_iri_validate_alloc(name, nlen, &vo, &cb, &err);
    char *codes = cb.data;
    const size_t clen = cb.len;
    if (st != IBIDI_OK && st != IBIDI_E_IDENT_INVALID) {
        cli_fail_record(stdout, 1, item, len, &err, "byte");
        return CLI_INVALID;
    }
    policy pol;
    char *form = NULL;
    policy_host(&pol, name, nlen, kind, &form, o);
    const int valid = st == IBIDI_OK && !policy_invalid(&pol);
    fputc('{', stdout);
    cli_json_input(stdout, "input", item, len);
    printf(",\"kind\":\"%s\",\"profile\":\"%s\",\"valid\":%s,\"status\":",
           ibidi_iri_kind_name(kind), ibidi_idna_profile_name(o->profile),
           valid ? "true" : "false");
    cli_json_string(stdout, codes, clen);
    ibidi_free(codes);
    ibidi_findings cf = {NULL, 0, 0, 0};
    const ibidi_iri_options co = {kind, IBIDI_IRI_DUERST2001, {o->profile, 0, 0, NULL, 0}};
    ibidi_status cst = ibidi_iri_check_alloc(name, nlen, &co, &cf, NULL);
    const size_t ncf = cst == IBIDI_OK || cst == IBIDI_E_IDENT_INVALID ? cf.n : 0;
    fputs(",\"findings\":[", stdout);
    for (size_t i = 0; i < ncf + pol.found.n; i++) {
        /* the component rules, then the host's policy (UTS #39) */
        const ibidi_finding *x = i < ncf ? &cf.items[i] : &pol.found.items[i - ncf];
        printf("%s{\"code\":\"%s\",\"severity\":\"%s\"", i ? "," : "", ibidi_code_name(x->code),
               x->severity == IBIDI_SEVERITY_ERROR ? "error" : "warning");
        if (i >= ncf)
            printf(",\"label\":%zu", x->part);
        printf(",\"offset\":%zu", x->offset);
        if (x->cp)
            printf(",\"cp\":\"U+%04X\"", (unsigned)x->cp);
        if (x->bidi_class >= 0)
            printf(",\"bidi_class\":\"%s\"",
                   ibidi_unicode_bidi_class_name((ibidi_unicode_bc)x->bidi_class));
        if (x->code == IBIDI_UTS39_RESTRICTION_LEVEL)
            printf(",\"restriction\":\"%s\"",
                   ibidi_uts39_level_name((ibidi_uts39_level)x->detail));
        else if (x->code == IBIDI_UTS39_MIXED_NUMBERS)
            printf(",\"zero\":\"U+%04X\"", (unsigned)x->detail);
        fputs(",\"message\":", stdout);
        cli_json_string(stdout, x->rule, strlen(x->rule));
        fputc('}', stdout);
    }
    fputc(']', stdout);
    ibidi_findings_free(&cf);
    json_policy(&pol, o);
    policy_free(&pol);
    ibidi_free(form);
    json_ambiguity(name, nlen, kind, o);
    fputs("}\n", stdout);
    return valid ? CLI_OK : CLI_INVALID;
}

/* A domain name: check_item's content, the verdict and findings of --profile at the top. */
/* --lgr: the name's first label (the label a registry registers) under its LGR, as RFC
 * 7940 §8 says: eligibility, disposition, the action that decided, the index label. */
typedef struct lgr_verdict {
    int run;
    ibidi_status st; /* the label could not be read (e.g. over 63 code points) */
    ibidi_error err;
    const char *label;
    size_t len;
    ibidi_lgr_result r;
    char index[IBIDI_LGR_MAX_INDEX * 4];
    size_t index_len;
} lgr_verdict;

static void lgr_judge(lgr_verdict *v, const char *u, size_t ulen, const idna_opts *o)
{
    memset(v, 0, sizeof *v);
    if (!o->lgr)
        return;
    const char *dot = memchr(u, '.', ulen);
    v->run = 1;
    v->label = u;
    v->len = dot ? (size_t)(dot - u) : ulen;
    v->st = ibidi_lgr_check_utf8(o->lgr, u, v->len, &v->r, &v->err);
    ibidi_buf index = {v->index, sizeof v->index, 0};
    if (v->st == IBIDI_OK && v->r.eligible &&
        ibidi_lgr_index_label_utf8(o->lgr, u, v->len, &index, NULL) == IBIDI_OK)
        v->index_len = index.len;
}

/* A label the LGR does not make registrable makes the name invalid. */
static int lgr_invalid(const lgr_verdict *v) { return v->run && !(v->st == IBIDI_OK && v->r.registrable); }

static void put_lgr(const lgr_verdict *v)
{
    if (!v->run)
        return;
    fputs("  LGR (RFC 7940) on the first label ", stdout);
    cli_put_escaped(stdout, v->label, v->len);
    fputs(": ", stdout);
    if (v->st != IBIDI_OK) {
        printf("not evaluated: %s [%s]\n", ibidi_strerror(v->st), ibidi_status_name(v->st));
        return;
    }
    const ibidi_lgr_result *r = &v->r;
    if (!r->eligible) {
        printf("invalid: not eligible, %s at index %zu (U+%04X)", ibidi_status_name(r->status),
               r->offset, (unsigned)r->cp);
        if (r->context_rule)
            printf(", rule %s", r->context_rule);
        fputc('\n', stdout);
        return;
    }
    printf("%s, %s (action %zu%s", r->registrable ? "registrable" : "not registrable",
           r->disposition, r->action, r->default_action ? ", a default one" : "");
    if (r->rule)
        printf(", %s %s", r->not_match ? "not-match" : "match", r->rule);
    fputc(')', stdout);
    if (v->index_len) {
        fputs("; index label ", stdout);
        cli_put_escaped(stdout, v->index, v->index_len);
    }
    fputc('\n', stdout);
}

static void json_lgr(const lgr_verdict *v)
{
    if (!v->run)
        return;
    fputs(",\"lgr\":{\"label\":", stdout);
    cli_json_string(stdout, v->label, v->len);
    if (v->st != IBIDI_OK) {
        fputc(',', stdout);
        cli_json_error(stdout, &v->err);
        fputc('}', stdout);
        return;
    }
    const ibidi_lgr_result *r = &v->r;
    printf(",\"eligible\":%s,\"registrable\":%s,\"disposition\":\"%s\"",
           r->eligible ? "true" : "false", r->registrable ? "true" : "false", r->disposition);
    if (!r->eligible) {
        printf(",\"reason\":{\"status\":\"%s\",\"offset\":%zu,\"cp\":\"U+%04X\",\"rule\":",
               ibidi_status_name(r->status), r->offset, (unsigned)r->cp);
        if (r->context_rule)
            cli_json_string(stdout, r->context_rule, strlen(r->context_rule));
        else
            fputs("null", stdout);
        fputc('}', stdout);
    } else {
        printf(",\"action\":%zu,\"default_action\":%s,\"rule\":", r->action,
               r->default_action ? "true" : "false");
        if (r->rule)
            cli_json_string(stdout, r->rule, strlen(r->rule));
        else
            fputs("null", stdout);
        fputs(",\"index\":", stdout);
        if (v->index_len)
            cli_json_string(stdout, v->index, v->index_len);
        else
            fputs("null", stdout);
    }
    fputc('}', stdout);
}

static int check_domain_json(const char *item, size_t len, const char *name, size_t nlen,
                             int fqdn, const idna_opts *o)
{
    idna_result r[5];
    int rc = CLI_OK;
    for (int p = 0; p < 5; p++) {
        unsigned flags = p < 4 ? ibidi_idna_profile_flags((ibidi_idna_profile)p)
                               : ibidi_idna_profile_flags(o->profile) | IBIDI_IDNA_BIDI_PER_LABEL;
        if (!convert(name, nlen, flags, 1, &r[p])) {
            for (int q = 0; q <= p; q++)
                result_free(&r[q]);
            fprintf(stderr, "ibidi %s: out of memory\n", o->cmd);
            return CLI_INVALID;
        }
    }
    if (encoding_error(&r[0])) { /* not a name, under every profile */
        cli_fail_record(stdout, 1, item, len, &r[0].err, "byte");
        for (int p = 0; p < 5; p++)
            result_free(&r[p]);
        return CLI_INVALID;
    }
    const idna_result *sel = &r[o->profile];
    /* the registry's script policy, on the U-label form */
    idna_result u;
    policy pol;
    memset(&pol, 0, sizeof pol);
    const int have_u =
        convert(name, nlen, ibidi_idna_profile_flags(o->profile), 0, &u) && !encoding_error(&u);
    lgr_verdict lv;
    memset(&lv, 0, sizeof lv);
    if (have_u) {
        policy_run(&pol, u.out, u.out_len, 0, o);
        lgr_judge(&lv, u.out, u.out_len, o);
    }
    if (!is_valid(sel) || policy_invalid(&pol) || lgr_invalid(&lv))
        rc = CLI_INVALID;
    fputc('{', stdout);
    cli_json_input(stdout, "input", item, len);
    printf(",\"kind\":\"domain\",\"profile\":\"%s\",\"valid\":%s",
           ibidi_idna_profile_name(o->profile), rc == CLI_OK ? "true" : "false");
    if (fqdn)
        fputs(",\"fqdn\":true", stdout);
    if (!encoding_error(sel)) {
        fputs(",\"a_label\":", stdout);
        cli_json_string(stdout, sel->out, sel->out_len);
    }
    if (have_u) {
        fputs(",\"u_label\":", stdout);
        cli_json_text(stdout, u.out, u.out_len, o->in);
    }
    fputs(",\"status\":\"", stdout);
    print_codes2(stdout, sel->f, sel->nf, pol.found.items, pol.found.n);
    int first = 1;
    fputs("\",\"errors\":[", stdout);
    put_json_list(sel->f, sel->nf, 0, &first);
    put_json_list(pol.found.items, pol.found.n, 0, &first);
    first = 1;
    fputs("],\"warnings\":[", stdout);
    put_json_list(sel->f, sel->nf, 1, &first);
    put_json_list(pol.found.items, pol.found.n, 1, &first);
    fputc(']', stdout);
    json_policy(&pol, o);
    json_lgr(&lv); /* before u goes: lv points into it */
    policy_free(&pol);
    result_free(&u);
    fputs(",\"profiles\":[", stdout);
    for (int p = 0; p < 5; p++) {
        printf("%s{\"profile\":\"%s\",\"valid\":%s", p ? "," : "",
               p < 4 ? ibidi_idna_profile_name((ibidi_idna_profile)p) : "bidi-per-label",
               is_valid(&r[p]) ? "true" : "false");
        if (encoding_error(&r[p])) {
            fputc(',', stdout);
            cli_json_error(stdout, &r[p].err);
        } else {
            fputs(",\"status\":\"", stdout);
            print_codes(stdout, &r[p]);
            fputc('"', stdout);
        }
        fputc('}', stdout);
    }
    fputc(']', stdout);
    for (int p = 0; p < 5; p++)
        result_free(&r[p]);
    int bidi_name = 0;
    ibidi_status st = ibidi_idna_bidi_rule_utf8(name, nlen, 0, NULL, &bidi_name, NULL);
    if (st == IBIDI_OK || st == IBIDI_E_IDNA_INVALID)
        printf(",\"bidi_domain_name\":%s", bidi_name ? "true" : "false");
    put_categories(name, nlen, o, 1);
    json_rfc5893(name, nlen, o);
    json_ambiguity(name, nlen, IBIDI_IRI_AS_DOMAIN, o);
    fputs("}\n", stdout);
    return rc;
}

/* ibidi check: the verdict of each profile and of the per-label Bidi reading, every
 * finding in words, and the A-label form; then the ambiguity findings. */
static int check_item(const char *item, size_t len, size_t itemno, const idna_opts *o,
                      const char *name, size_t nlen)
{
    (void)itemno;
    int rc = CLI_OK;
    const int json = o->fmt == FMT_JSON;
    if (!json) {
        cli_put_escaped(stdout, item, len);
        fputc('\n', stdout);
    }
    int fqdn = 0;
    if (o->fqdn) { /* a zone file's name: example.com. is example.com */
        const size_t stripped = ibidi_idna_strip_root(name, nlen);
        fqdn = stripped != nlen;
        if (fqdn && !json)
            printf("  fully qualified: the root label set aside\n");
        nlen = stripped;
    }
    ibidi_iri_kind kind = o->as;
    if (kind == IBIDI_IRI_AS_AUTO) {
        ibidi_iri_info info;
        ibidi_status pst = ibidi_iri_parse(name, nlen, kind, NULL, &info, NULL);
        kind = (pst == IBIDI_OK || pst == IBIDI_E_BUFFER_TOO_SMALL) ? info.kind
                                                                     : IBIDI_IRI_AS_DOMAIN;
    }
    if (json)
        return kind != IBIDI_IRI_AS_DOMAIN ? check_ident_json(item, len, name, nlen, kind, o)
                                           : check_domain_json(item, len, name, nlen, fqdn, o);
    if (kind != IBIDI_IRI_AS_DOMAIN)
        return check_ident(name, nlen, kind, o);
    idna_result a;
    if (convert(name, nlen, ibidi_idna_profile_flags(o->profile), 1, &a) && !encoding_error(&a)) {
        fputs("  A-label form: ", stdout);
        fwrite(a.out, 1, a.out_len, stdout);
        fputc('\n', stdout);
    }
    result_free(&a);
    idna_result u;
    const int have_u =
        convert(name, nlen, ibidi_idna_profile_flags(o->profile), 0, &u) && !encoding_error(&u);
    if (have_u) {
        fputs("  U-label form: ", stdout);
        cli_put_text(stdout, u.out, u.out_len, o->in);
        fputc('\n', stdout);
    }
    for (int p = 0; p < 5; p++) {
        unsigned flags = p < 4 ? ibidi_idna_profile_flags((ibidi_idna_profile)p)
                               : ibidi_idna_profile_flags(o->profile) | IBIDI_IDNA_BIDI_PER_LABEL;
        const char *label = p < 4 ? ibidi_idna_profile_name((ibidi_idna_profile)p) : "Bidi Rule per label";
        idna_result r;
        if (!convert(name, nlen, flags, 1, &r)) {
            result_free(&r);
            result_free(&u);
            fprintf(stderr, "ibidi %s: out of memory\n", o->cmd);
            return CLI_INVALID;
        }
        if (encoding_error(&r)) {
            printf("  %-20s not a name: %s (at byte %zu)\n", label, ibidi_strerror(r.st),
                   r.err.offset);
            result_free(&r);
            result_free(&u);
            return CLI_INVALID;
        }
        printf("  %-20s %s ", label, is_valid(&r) ? "valid" : "invalid");
        print_codes(stdout, &r);
        if (p == 4)
            printf(" (each label alone, as some libraries check; RFC 5893 checks every label of "
                   "a Bidi domain name)");
        fputc('\n', stdout);
        for (size_t i = 0; i < r.nf; i++)
            put_finding_words(stdout, &r.f[i]);
        if ((int)o->profile == p && !is_valid(&r))
            rc = CLI_INVALID;
        result_free(&r);
    }
    if (have_u) { /* the registry's script policy, on the U-label form */
        policy pol;
        policy_run(&pol, u.out, u.out_len, 0, o);
        put_policy(&pol, "", o);
        if (policy_invalid(&pol))
            rc = CLI_INVALID;
        policy_free(&pol);
        lgr_verdict lv;
        lgr_judge(&lv, u.out, u.out_len, o);
        put_lgr(&lv);
        if (lgr_invalid(&lv))
            rc = CLI_INVALID;
    }
    result_free(&u);
    /* the Bidi Rule alone, on the name as given: is it a Bidi domain name? */
    int bidi_name = 0;
    ibidi_status st = ibidi_idna_bidi_rule_utf8(name, nlen, 0, NULL, &bidi_name, NULL);
    if (st == IBIDI_OK || st == IBIDI_E_IDNA_INVALID)
        printf("  Bidi domain name (RFC 5893 §1.4): %s\n",
               bidi_name ? "yes, it has a label with R, AL or AN" : "no");
    put_categories(name, nlen, o, 0);
    put_rfc5893(name, nlen, o);
    put_ambiguity(name, nlen, IBIDI_IRI_AS_DOMAIN, o);
    return rc;
}

static int idna_item_run(const char *item, size_t len, size_t itemno, void *ctx)
{
    const idna_opts *o = ctx;
    const char *name = item;
    size_t nlen = len;
    char *conv = NULL;
    if (o->in != CLI_IN_UTF8) {
        conv = cli_from_notation(o->cmd, itemno, item, len, o->in, &nlen);
        if (!conv) {
            ibidi_error err;
            cli_notation_failure(item, len, &err);
            if (o->fmt == FMT_TSV) {
                cli_put_escaped(stdout, item, len);
                printf("\t\t[%s]\n", ibidi_status_name(err.status));
            } else {
                cli_fail_record(stdout, o->fmt == FMT_JSON, item, len, &err, "byte");
            }
            return CLI_INVALID;
        }
        name = conv;
    }
    int rc = o->check ? check_item(item, len, itemno, o, name, nlen)
                      : convert_item(item, len, itemno, o, name, nlen);
    free(conv);
    return rc;
}

typedef struct flag_opt {
    const char *name;
    unsigned flag;
} flag_opt;

static const flag_opt flag_opts[] = {
    {"check-hyphens", IBIDI_IDNA_CHECK_HYPHENS},
    {"check-bidi", IBIDI_IDNA_CHECK_BIDI},
    {"check-joiners", IBIDI_IDNA_CHECK_JOINERS},
    {"std3", IBIDI_IDNA_USE_STD3_RULES},
    {"verify-dns-length", IBIDI_IDNA_VERIFY_DNS_LENGTH},
    {"transitional", IBIDI_IDNA_TRANSITIONAL},
    {"ignore-invalid-punycode", IBIDI_IDNA_IGNORE_INVALID_PUNYCODE},
    {"bidi-per-label", IBIDI_IDNA_BIDI_PER_LABEL},
};
#define N_FLAG_OPTS (sizeof flag_opts / sizeof flag_opts[0])

static int idna_main(int argc, char **argv, idna_opts *o)
{
    unsigned set = 0, clear = 0;
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (a[0] != '-' || a[1] != '-')
            break;
        if (strcmp(a, "--json") == 0 || strcmp(a, "--tsv") == 0) {
            const idna_format fmt = a[2] == 'j' ? FMT_JSON : FMT_TSV;
            if (o->check && fmt == FMT_TSV)
                return cli_usage_error(o->cmd, "unknown option '%s' (check writes text or JSON)",
                                       a);
            if (o->fmt != FMT_TEXT && o->fmt != fmt)
                return cli_usage_error(o->cmd, "--json and --tsv: choose one");
            o->fmt = fmt;
            continue;
        }
        if (o->check && cli_opt(a, "--as", &v)) {
            static const char *const kinds[] = {"auto", "domain", "iri", "email", "fqdn"};
            int k;
            if (!v) {
                if (i + 1 >= argc)
                    return cli_usage_error(o->cmd, "%s needs a value", a);
                v = argv[++i];
            }
            if ((k = cli_pick(v, kinds, 5)) < 0)
                return cli_usage_error(o->cmd, "unknown --as '%s': auto, domain, iri, email or "
                                               "fqdn",
                                       v);
            o->fqdn = k == 4;
            o->as = k == 4 ? IBIDI_IRI_AS_DOMAIN : (ibidi_iri_kind)k;
            continue;
        }
        if (o->check && cli_opt(a, "--lgr", &v)) {
            if (!v) {
                if (i + 1 >= argc)
                    return cli_usage_error(o->cmd, "%s needs a value", a);
                v = argv[++i];
            }
            ibidi_lgr_diag d;
            ibidi_lgr_free(o->lgr);
            o->lgr = NULL;
            ibidi_status st = ibidi_lgr_load_file(v, NULL, &o->lgr, &d);
            if (st != IBIDI_OK) {
                fprintf(stderr, "ibidi %s: %s:%lu:%lu: %s [%s]\n", o->cmd, v, d.line, d.column,
                        d.message, ibidi_status_name(st));
                return CLI_USAGE;
            }
            continue;
        }
        if (o->check && cli_opt(a, "--max-restriction", &v)) {
            if (!v) {
                if (i + 1 >= argc)
                    return cli_usage_error(o->cmd, "%s needs a value", a);
                v = argv[++i];
            }
            const int l = ibidi_uts39_level_from_name(v, strlen(v));
            if (l < 0)
                return cli_usage_error(o->cmd, "unknown --max-restriction '%s': ascii-only, "
                                               "single-script, highly-restrictive, "
                                               "moderately-restrictive, minimally-restrictive or "
                                               "unrestricted (UTS #39 §5.2)",
                                       v);
            o->max_restriction = (ibidi_uts39_level)l;
            continue;
        }
        if (cli_opt(a, "--profile", &v) || cli_opt(a, "--input", &v)) {
            int is_profile = strncmp(a, "--profile", 9) == 0;
            if (!v) {
                if (i + 1 >= argc)
                    return cli_usage_error(o->cmd, "%s needs a value", a);
                v = argv[++i];
            }
            if (is_profile) {
                if (!cli_parse_profile(v, &o->profile))
                    return cli_usage_error(o->cmd, "unknown profile '%s': uts46, whatwg, "
                                                   "idna2008-lookup or idna2008-register", v);
            } else if (!cli_parse_input(v, &o->in)) {
                return cli_usage_error(o->cmd, "unknown --input value '%s': utf8, notation or "
                                               "notation-arabic", v);
            }
            continue;
        }
        int neg = strncmp(a + 2, "no-", 3) == 0;
        const char *fname = a + (neg ? 5 : 2);
        size_t k;
        for (k = 0; k < N_FLAG_OPTS && strcmp(fname, flag_opts[k].name) != 0; k++)
            ;
        if (k == N_FLAG_OPTS || o->check)
            return cli_usage_error(o->cmd, "unknown option '%s'", a);
        if (neg) {
            clear |= flag_opts[k].flag;
            set &= ~flag_opts[k].flag;
        } else {
            set |= flag_opts[k].flag;
            clear &= ~flag_opts[k].flag;
        }
    }
    o->flags = (ibidi_idna_profile_flags(o->profile) | set) & ~clear;
    return cli_for_each_item(argc, argv, i, idna_item_run, o);
}

static int to_ascii_run(int argc, char **argv)
{
    idna_opts o = {"to-ascii", 1, 0, IBIDI_IDNA_PROFILE_UTS46, 0, FMT_TEXT, CLI_IN_UTF8,
                   IBIDI_IRI_AS_AUTO, 0, IBIDI_UTS39_NO_LIMIT, NULL};
    return idna_main(argc, argv, &o);
}

static int to_unicode_run(int argc, char **argv)
{
    idna_opts o = {"to-unicode", 0, 0, IBIDI_IDNA_PROFILE_UTS46, 0, FMT_TEXT, CLI_IN_UTF8,
                   IBIDI_IRI_AS_AUTO, 0, IBIDI_UTS39_NO_LIMIT, NULL};
    return idna_main(argc, argv, &o);
}

static int check_run(int argc, char **argv)
{
    idna_opts o = {"check", 1, 1, IBIDI_IDNA_PROFILE_UTS46, 0, FMT_TEXT, CLI_IN_UTF8,
                   IBIDI_IRI_AS_AUTO, 0, IBIDI_UTS39_NO_LIMIT, NULL};
    int rc = idna_main(argc, argv, &o);
    ibidi_lgr_free(o.lgr);
    return rc;
}

#define IDNA_OPTIONS                                                                          \
    "  --profile P   uts46 (default: every UTS #46 check on, as IdnaTestV2.txt assumes),\n"    \
    "                whatwg (the URL Standard's domain to ASCII: an ASCII host is only\n"    \
    "                lower-cased; no hyphen, STD3 or DNS length checks; the empty host and\n" \
    "                forbidden domain code points fail),\n"                                   \
    "                idna2008-lookup (RFC 5891 §5: no mapping, RFC 5892 derived property),\n"  \
    "                idna2008-register (RFC 5891 §4: also CONTEXTO rules, hyphens)\n"           \
    "  --[no-]check-hyphens --[no-]check-bidi --[no-]check-joiners --[no-]std3\n"              \
    "  --[no-]verify-dns-length --transitional --ignore-invalid-punycode\n"                     \
    "                the UTS #46 flags, on top of the profile's\n"                              \
    "  --bidi-per-label  apply the Bidi Rule to each label on its own (RFC 5893 applies it\n"  \
    "                to every label of a Bidi domain name)\n"                                   \
    "  --input I     utf8 (default), notation (A-Z right-to-left letters of class R,\n"        \
    "                Hebrew U+05D0..U+05E9), notation-arabic (A-Z of class AL)\n"              \
    "  --tsv         one line per name: input TAB output TAB status, status [] when valid,\n"  \
    "                else the IdnaTestV2 codes in that file's order, e.g. [B1, V6]\n"           \
    "  --json        one JSON object per name: output, valid, status, errors and warnings\n"   \
    "                (code, label, offset, cp, bidi_class, message)\n"                          \
    "\n"                                                                                       \
    "Offsets are bytes in the UTF-8 ToUnicode form of the name. Exit status: 0 when every\n"  \
    "name is valid, 1 otherwise, 2 for a usage error.\n"

const cli_command cli_cmd_to_ascii = {
    "to-ascii", "domain names to A-labels: UTS #46 ToASCII or IDNA2008",
    "usage: ibidi to-ascii [OPTIONS] [NAME ...]\n"
    "\n"
    "Converts each NAME (or each line of standard input) to its ASCII form (A-labels),\n"
    "by UTS #46 ToASCII or the IDNA2008 protocol, and names every rule it breaks.\n"
    "\n" IDNA_OPTIONS,
    to_ascii_run, "--input --profile", NULL, 0, NULL};

const cli_command cli_cmd_to_unicode = {
    "to-unicode", "domain names to U-labels: UTS #46 ToUnicode or IDNA2008",
    "usage: ibidi to-unicode [OPTIONS] [NAME ...]\n"
    "\n"
    "Converts each NAME (or each line of standard input) to its Unicode form (U-labels),\n"
    "by UTS #46 ToUnicode or the IDNA2008 protocol, and names every rule it breaks.\n"
    "\n" IDNA_OPTIONS,
    to_unicode_run, "--input --profile", NULL, 0, NULL};

const cli_command cli_cmd_check = {
    "check", "every finding for a domain name, in words, under every profile",
    "usage: ibidi check [--profile P] [--input utf8|notation|notation-arabic]\n"
    "                   [--as auto|domain|iri|email|fqdn] [--max-restriction LEVEL]\n"
    "                   [--lgr FILE] [--json] [NAME ...]\n"
    "\n"
    "For each domain NAME (or each line of standard input): its A-label and U-label forms,\n"
    "the verdict of each profile (uts46, whatwg, idna2008-lookup, idna2008-register) and of\n"
    "the per-label Bidi reading, with every finding: the Bidi Rule conditions (RFC 5893 §2),\n"
    "the contextual rules (RFC 5892 Appendix A), the other IDNA rules, and the warning for\n"
    "a label starting with a digit after an RTL label. For an IRI or a mail address (--as,\n"
    "default auto: the kind the text has): its validity with the reasons and the component\n"
    "rules in words (RFC 3987 §4.2, the 2012 guidelines §3, Duerst 2001 §5). --as fqdn\n"
    "takes a domain name with its root label set aside (example.com. is example.com). A\n"
    "domain name also gets Badami's label categories and the RFC 5893 §3 requirements\n"
    "(Character Grouping, Label Uniqueness). Then, for every kind, the bidi ambiguity\n"
    "findings in both contexts: Badami's analysis (label\n"
    "categories, number embedding level, number type and number separator ambiguity,\n"
    "Recommendations I-III, parent domains, relative names, contained domains) and the\n"
    "exact twin search (another identifier that displays identically, valid or not).\n"
    "\n"
    "A registry's script policy (RFC 5894 §3.2, UTS #39 §5): each name gets its\n"
    "restriction level, that of its most mixed label (of an IRI or a mail address: of its\n"
    "host), on the U-label form: ascii-only, single-script, highly-restrictive,\n"
    "moderately-restrictive, minimally-restrictive or unrestricted (a script that UAX #31\n"
    "does not recommend), and digits of more than one decimal system in a label are\n"
    "reported (MIXED_NUMBERS, UTS #39 §5.3). Without --max-restriction neither changes\n"
    "the verdict. --max-restriction LEVEL states the registry's policy: a label above LEVEL\n"
    "(RESTRICTION_LEVEL) or with mixed numbers makes the name invalid.\n"
    "\n"
    "--lgr FILE applies the registry's Label Generation Ruleset (RFC 7940) to the first\n"
    "label of a domain name (the label registered), beside IDNA2008 and the Bidi Rule: its\n"
    "eligibility, its disposition with the action that decided it, its index label (JSON\n"
    "\"lgr\"). A label that is not eligible, or is invalid or blocked, makes the name\n"
    "invalid. `ibidi lgr check` lists its variant labels.\n"
    "\n"
    "--json writes one JSON object per item with the same content: for a domain name\n"
    "kind, profile, valid, a_label, u_label, the status, errors and warnings of --profile\n"
    "and of the policy, restriction, max_restriction (when given), labels (each label's\n"
    "restriction), profiles (each verdict), bidi_domain_name, categories, rfc5893 and\n"
    "ambiguity; for an IRI or a mail address kind, valid, status, findings, the host's\n"
    "restriction and labels, and ambiguity; an item that is not a name gets {\"input\",\n"
    "\"error\"}. Offsets are bytes of the UTF-8 ToUnicode form.\n"
    "Exit status 1 when the name is invalid under --profile (default uts46), above\n"
    "--max-restriction, or not registrable under --lgr; 2 for a usage error or an LGR that\n"
    "cannot be read.\n",
    check_run, "--as --input --max-restriction --profile --lgr", NULL, 0, NULL};
