/* ibidi show: how to show each identifier to a person (ibidi/show.h), written out as one
 * line or as JSON. Nothing is decided here: the labels shown, the string and the reasons
 * are the library's record; this file reads the options and formats it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/scan_against.h"

typedef struct show_opts {
    ibidi_show_options so;
    int json, form;
    cli_input in;
    ibidi_unicode_sc scripts[IBIDI_UNICODE_SC_COUNT];
    /* the protected names: --protect FILE and --protect-name NAME, kept until made */
    char **names;
    size_t n_names, cap_names;
    ibidi_show_protected *protect;
} show_opts;

static int add_name(void *ctx, const char *name, size_t len, size_t line)
{
    show_opts *o = ctx;
    (void)line;
    if (o->n_names == o->cap_names) {
        const size_t cap = o->cap_names ? 2 * o->cap_names : 64;
        char **p = realloc(o->names, cap * sizeof *p);
        if (!p)
            return 0;
        o->names = p;
        o->cap_names = cap;
    }
    char *c = malloc(len + 1);
    if (!c)
        return 0;
    memcpy(c, name, len);
    c[len] = '\0';
    o->names[o->n_names++] = c;
    return 1;
}

static void free_opts(show_opts *o)
{
    for (size_t i = 0; i < o->n_names; i++)
        free(o->names[i]);
    free(o->names);
    ibidi_show_protect_free(o->protect);
}

/* --scripts Arab,Latn or Arabic,Latin: the user's scripts, by their names. */
static int parse_scripts(show_opts *o, const char *v)
{
    size_t n = 0;
    for (const char *p = v; *p;) {
        const size_t k = strcspn(p, ",");
        int found = 0;
        for (int sc = 0; sc < IBIDI_UNICODE_SC_COUNT && !found; sc++) {
            const char *a = ibidi_unicode_script_name((ibidi_unicode_sc)sc),
                       *b = ibidi_unicode_script_long_name((ibidi_unicode_sc)sc);
            if ((a && strlen(a) == k && strncmp(a, p, k) == 0) ||
                (b && strlen(b) == k && strncmp(b, p, k) == 0)) {
                if (n < IBIDI_UNICODE_SC_COUNT)
                    o->scripts[n++] = (ibidi_unicode_sc)sc;
                found = 1;
            }
        }
        if (!found)
            return cli_usage_error("show", "--scripts: unknown script '%.*s' (give names "
                                           "such as Arab or Arabic)", (int)k, p);
        p += k;
        if (*p == ',')
            p++;
    }
    o->so.scripts = o->scripts;
    o->so.n_scripts = n;
    return CLI_OK;
}

/* The reasons' codes, "[A, B]", into out. */
static void codes_text(const ibidi_finding *f, size_t n, FILE *out)
{
    fputc('[', out);
    for (size_t i = 0; i < n; i++) {
        const char *name = ibidi_code_name(f[i].code);
        fprintf(out, "%s%s", i ? ", " : "", name ? name : "?");
    }
    fputc(']', out);
}

/* One line: what to show, a tab, the decision, a tab, each label with its reasons. */
static void write_text(const ibidi_show *r, const show_opts *o)
{
    if (r->error.status != IBIDI_OK) {
        fputc('\t', stdout);
        cli_text_error(stdout, &r->error, "byte");
        return;
    }
    const ibidi_verdict_text *t = o->form && r->form.data ? &r->form : &r->text;
    cli_put_text(stdout, t->data, t->len, o->in);
    printf("\t%s\t", !r->valid ? "invalid" : r->unicode ? "unicode" : "a-labels");
    for (size_t i = 0; i < r->n_labels; i++) {
        const ibidi_show_label *l = &r->labels[i];
        fputs(i ? "; " : "", stdout);
        cli_put_text(stdout, l->unicode.data ? l->unicode.data : "", l->unicode.len, o->in);
        printf(" %s", ibidi_show_as_name(l->as));
        if (l->n_reasons) {
            fputc(' ', stdout);
            codes_text(r->reasons + l->first_reason, l->n_reasons, stdout);
        }
    }
    /* the whole name's reasons, then those of an IRI's or a mail address's other
       components (the component rules: they come last, and change no label) */
    size_t named = 0, parts = 0;
    for (size_t i = 0; i < r->n_reasons; i++)
        if (r->reasons[i].part == IBIDI_NO_PART) {
            const ibidi_code_info *c = ibidi_code_describe(IBIDI_CODE_FINDING, r->reasons[i].code);
            if (c && strcmp(c->capability, "iri") == 0)
                parts++;
            else
                named++;
        }
    /* (without reasons there is no array to take an offset from: r->reasons is NULL) */
    const ibidi_finding *rest = named + parts ? r->reasons + (r->n_reasons - named - parts) : NULL;
    if (named) {
        fputs(r->n_labels ? "; name " : "name ", stdout);
        codes_text(rest, named, stdout);
    }
    if (parts) {
        fputs(r->n_labels || named ? "; components " : "components ", stdout);
        codes_text(rest + named, parts, stdout);
    }
    fputc('\n', stdout);
}

static int show_item(const char *item, size_t len, size_t itemno, void *ctx)
{
    const show_opts *o = ctx;
    if (!item) /* a line over CLI_LINE_MAX bytes */
        return cli_line_too_long("show", itemno, len, o->json);
    const char *name = item;
    size_t nlen = len;
    char *conv = NULL;
    if (o->in != CLI_IN_UTF8) {
        conv = cli_from_notation_record("show", itemno, item, len, o->in, o->json, &nlen);
        if (!conv)
            return CLI_INVALID;
        name = conv;
    }
    ibidi_show r;
    ibidi_status st = ibidi_show_make_alloc(name, nlen, &o->so, &r);
    if (st != IBIDI_OK) {
        free(conv);
        return cli_item_failed("show", itemno, item, len, o->json, st);
    }
    if (r.error.status != IBIDI_OK)
        cli_report("show", itemno, "input", &r.error, "byte");
    if (o->json) {
        ibidi_buf j = {NULL, 0, 0};
        if (ibidi_json_show_alloc(&r, item, len, &j) == IBIDI_OK) {
            cli_put_json(stdout, j.data, j.len, o->in);
            fputc('\n', stdout);
        } else {
            const ibidi_error e = {IBIDI_E_NOMEM, 0, 0};
            cli_fail_record(stdout, 1, item, len, &e, NULL);
        }
        ibidi_free(j.data);
    } else {
        write_text(&r, o);
    }
    const int rc = r.error.status == IBIDI_OK && r.valid && r.unicode ? CLI_OK : CLI_INVALID;
    ibidi_show_free(&r);
    free(conv);
    return rc;
}

static int show_run(int argc, char **argv)
{
    show_opts o;
    cli_args a;
    cli_arg x;
    int rc;
    memset(&o, 0, sizeof o);
    cli_args_init(&a, "show", argc, argv, 1);
    while ((rc = cli_args_next(&a, &x)) > 0) {
        switch (x.id) {
        case CLI_OPT_JSON: o.json = 1; break;
        case CLI_OPT_FORM: o.form = 1; break;
        case CLI_OPT_AS: o.so.as = (ibidi_iri_kind)x.pick; break;
        case CLI_OPT_POLICY: o.so.policy = (ibidi_show_policy)x.pick; break;
        case CLI_OPT_CONTEXT: o.so.context = x.pick ? IBIDI_DIR_RTL : IBIDI_DIR_LTR; break;
        case CLI_OPT_PROFILE: o.so.profile = (ibidi_idna_profile)x.pick; break;
        case CLI_OPT_MAX_RESTRICTION: o.so.max_restriction = (ibidi_uts39_level)(x.pick + 1); break;
        case CLI_OPT_INPUT: o.in = (cli_input)x.pick; break;
        case CLI_OPT_SCRIPTS:
            if (parse_scripts(&o, x.value) != CLI_OK) {
                free_opts(&o);
                return CLI_USAGE;
            }
            break;
        case CLI_OPT_PROTECT_NAME:
            if (!add_name(&o, x.value, strlen(x.value), 0)) {
                free_opts(&o);
                return cli_usage_error("show", "out of memory");
            }
            break;
        case CLI_OPT_PROTECT: {
            FILE *f = strcmp(x.value, "-") == 0 ? stdin : fopen(x.value, "rb");
            int read_error = 0, ok;
            if (!f) {
                free_opts(&o);
                fprintf(stderr, "ibidi show: --protect %s: cannot be read\n", x.value);
                return CLI_USAGE;
            }
            ok = cli_read_names(f, add_name, &o, &read_error);
            if (f != stdin)
                fclose(f);
            if (!ok || read_error) {
                free_opts(&o);
                fprintf(stderr, "ibidi show: --protect %s: %s\n", x.value,
                        read_error ? "cannot be read" : "out of memory");
                return CLI_USAGE;
            }
            break;
        }
        default: break;
        }
    }
    if (rc < 0) {
        free_opts(&o);
        return CLI_USAGE;
    }
    if (o.n_names) {
        ibidi_error e;
        ibidi_status st = ibidi_show_protect_create((const char *const *)o.names, NULL,
                                                    o.n_names, &o.protect, &e);
        if (st != IBIDI_OK) {
            const size_t i = e.value < o.n_names ? e.value : 0;
            fprintf(stderr, "ibidi show: protected name '%s': %s [%s]\n", o.names[i],
                    ibidi_strerror(st), ibidi_status_name(st));
            free_opts(&o);
            return CLI_USAGE;
        }
        o.so.protect = o.protect;
    }
    rc = cli_for_each_item(argc, argv, a.i, show_item, &o);
    free_opts(&o);
    return rc;
}

const cli_command cli_cmd_show = {
    "show", "how to show a domain name, IRI or mail address: Unicode or A-labels, and why",
    "usage: ibidi show [--policy default|chromium|firefox|webkit] [--context ltr|rtl]\n"
    "                  [--protect FILE] [--protect-name NAME] [--scripts LIST]\n"
    "                  [--max-restriction LEVEL] [--profile P] [--as auto|domain|iri|email]\n"
    "                  [--input utf8|notation|notation-arabic] [--form] [--json] [ID ...]\n"
    "\n"
    "For each identifier ID (or each line of standard input), the library's decision of\n"
    "how a browser, a mail client or an app shows it (ibidi_show_make): each label of the\n"
    "domain name (or of the host of an IRI or a mail address) in Unicode or as its A-label,\n"
    "the string to show and the reasons. One line per item: the string to show (with\n"
    "--form, in its presentation form: LRI, each component in FSI ... PDI, PDI), a tab,\n"
    "unicode (every label shown in Unicode), a-labels (some shown as A-labels) or invalid\n"
    "(not a valid name: shown in ASCII), a tab, and each label's U-label, how it is shown\n"
    "(ascii, unicode, a-label, encoded) and its reasons, then the whole name's reasons.\n"
    "So `ibidi show ID | cut -f1` is what a program puts on screen.\n"
    "\n"
    "--policy: default (every check of the three browsers' policies and the bidi ones: the\n"
    "Bidi Rule across the labels, display twins that are valid names, look-alikes of\n"
    "protected names after bidi reordering), chromium, firefox or webkit (their published\n"
    "rules as far as they follow from Unicode data; docs/show.md). --context: the direction\n"
    "of the paragraph around the identifier (default ltr). --protect FILE (one name a line)\n"
    "and --protect-name NAME: names whose look-alikes (UTS #39 skeleton, and bidi skeleton\n"
    "in the context) are shown as A-labels. --scripts Arab,Latn: the user's scripts (the\n"
    "whole-script check trusts them; webkit shows only them). --max-restriction: the\n"
    "highest UTS #39 §5.2 level shown (default highly-restrictive).\n",
    show_run, 0,
    "\n"
    "--json writes one JSON object per item: input, kind, policy, context, valid, unicode,\n"
    "then error (an input that is no identifier) or show, form, unicode_form, labels (each\n"
    "with label, shown, as, input_offset, input_length and its reasons' indices), reasons\n"
    "(findings: code, label, offsets in the host's Unicode form, detail, message) and\n"
    "data_version. `ibidi explain CODE` says what a code means.\n"
    "Exit status: 0 when every item is shown in Unicode, 1 otherwise (some label as an\n"
    "A-label, an invalid name, no identifier), 2 for a usage error or a protected name\n"
    "that is not a valid domain name.\n"};
