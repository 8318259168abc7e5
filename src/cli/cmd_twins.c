/* ibidi twins: every other identifier that displays exactly like this one (Badami's bidi
 * ambiguity), in the standard display model or in a right-to-left paragraph, each marked
 * valid or invalid with the reasons. The search is the library's
 * (ibidi_ambiguity_twins_utf8): each twin is confirmed by running the UBA forward, and a cut
 * by the bound is said. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* The largest bound --max-candidates takes: far beyond any search that ends in a day. */
#define MAX_CANDIDATES_OPT 1000000000000ull

typedef struct twins_opts {
    ibidi_dir context;
    cli_input in;
    int text; /* --as text: a plain string, no identifier structure, no validity */
    ibidi_iri_kind as;
    ibidi_idna_profile profile;
    size_t max_candidates;
    size_t max_twins; /* --max-twins: the twins one item holds (memory stays bounded) */
    int json;
    int many; /* more than one item: each one's twins under a "# ITEM" line */
    size_t look_alike; /* --look-alike N: the forms with up to N glyphs replaced (0: none) */
} twins_opts;

typedef struct twin {
    char *s;
    size_t len;
    int valid;
    char *codes;
    uint32_t from[IBIDI_CONFUSABLE_MAX_CHANGES], to[IBIDI_CONFUSABLE_MAX_CHANGES];
    size_t n_changes; /* a look-alike form: the glyphs changed (display order) */
} twin;

typedef struct twin_list {
    twin *v;
    size_t n, cap;
    size_t max; /* --max-twins */
    int oom;
    int cut; /* the list reached max: the search was stopped there */
} twin_list;

/* The twins one item holds by default, so that its memory stays bounded (about 30 MB)
 * whatever --max-candidates allows; the search stops there and the output says so. */
#define MAX_HELD 100000

static int collect(const char *t, size_t len, void *ctx)
{
    twin_list *l = ctx;
    if (l->n == l->max) {
        l->cut = 1;
        return 1;
    }
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        twin *v = realloc(l->v, cap * sizeof *v);
        if (!v) {
            l->oom = 1;
            return 1; /* stop: the list could not hold it */
        }
        l->v = v;
        l->cap = cap;
    }
    twin *w = &l->v[l->n];
    memset(w, 0, sizeof *w);
    if (!(w->s = malloc(len ? len : 1))) {
        l->oom = 1;
        return 1;
    }
    memcpy(w->s, t, len);
    w->len = len;
    l->n++;
    return 0;
}

/* A look-alike form (ibidi_confusable_forms_utf8), with its changes. */
static int collect_form(const ibidi_confusable_form *f, void *ctx)
{
    twin_list *l = ctx;
    const size_t before = l->n;
    int stop = collect(f->text, f->len, ctx);
    if (l->n > before) {
        twin *w = &l->v[l->n - 1];
        w->n_changes = f->n_changes;
        memcpy(w->from, f->from, f->n_changes * sizeof f->from[0]);
        memcpy(w->to, f->to, f->n_changes * sizeof f->to[0]);
    }
    return stop;
}

static void list_free(twin_list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->v[i].s);
        ibidi_free(l->v[i].codes);
    }
    free(l->v);
    memset(l, 0, sizeof *l);
}

/* The validity of s as kind `as` under the profile; codes as "[...]" (malloc'd). */
static int validate(const char *s, size_t len, ibidi_iri_kind as, ibidi_idna_profile profile,
                    char **codes)
{
    const ibidi_iri_options o = {as, 0, {profile, 0, 0, NULL, 0}};
    ibidi_buf b = {NULL, 0, 0};
    ibidi_status st = ibidi_iri_validate_alloc(s, len, &o, &b, NULL);
    *codes = b.data;
    if (st != IBIDI_OK && st != IBIDI_E_IDENT_INVALID)
        return -1;
    return st == IBIDI_OK;
}

/* Each twin's validity and codes (none for --as text); the valid ones, or -1 without
 * memory. */
static long validate_list(twin_list *l, const twins_opts *o, ibidi_iri_kind kind)
{
    long n_valid = 0;
    for (size_t i = 0; i < l->n && !o->text; i++) {
        l->v[i].valid = validate(l->v[i].s, l->v[i].len, kind, o->profile, &l->v[i].codes);
        if (l->v[i].valid < 0)
            return -1;
        n_valid += l->v[i].valid;
    }
    return n_valid;
}

/* A twin or look-alike form in the text format: the text, then TAB and its validity (with
 * its codes when invalid) unless the item is plain text. */
static void put_text_twin(const twin *t, const twins_opts *o)
{
    cli_put_text(stdout, t->s, t->len, o->in);
    if (!o->text)
        printf("\t%s%s%s", t->valid ? "valid" : "invalid", t->valid ? "" : " ",
               t->valid ? "" : t->codes);
}

/* A form's changes: U+XXXX>U+YYYY, joined by ','. */
static void put_changes(FILE *f, const twin *t)
{
    for (size_t j = 0; j < t->n_changes; j++)
        fprintf(f, "%sU+%04X>U+%04X", j ? "," : "", (unsigned)t->from[j], (unsigned)t->to[j]);
}

/* Valid twins first, then by their bytes: a stable order to read and to compare. */
static int twin_cmp(const void *a, const void *b)
{
    const twin *x = a, *y = b;
    if (x->valid != y->valid)
        return y->valid - x->valid;
    size_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->s, y->s, n);
    return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* The record of an item the search could not take: in text, its "# item" line when
 * several are given, then the error line. */
static void fail_record(const twins_opts *o, const char *item, size_t len,
                        const ibidi_error *err)
{
    if (!o->json && o->many) {
        fputs("# ", stdout);
        cli_put_escaped(stdout, item, len);
        fputc('\n', stdout);
    }
    cli_fail_record(stdout, o->json, item, len, err, "byte");
}

static int twins_item(const char *item, size_t len, size_t itemno, void *ctx)
{
    const twins_opts *o = ctx;
    if (!item) /* a line over CLI_LINE_MAX bytes */
        return cli_line_too_long("twins", itemno, len, o->json);
    const char *s = item;
    size_t slen = len;
    char *conv = NULL;
    int rc = CLI_OK;
    if (o->in != CLI_IN_UTF8) {
        if (!(conv = cli_from_notation("twins", itemno, item, len, o->in, &slen))) {
            ibidi_error nerr;
            cli_notation_failure(item, len, &nerr);
            fail_record(o, item, len, &nerr);
            return CLI_INVALID;
        }
        s = conv;
    }
    /* RFC 5894 §4.2: users see U-labels; the twins are those of what they see (the JSON
     * record gives it as "unicode_form") */
    char *uform = NULL;
    size_t ulen = 0;
    int shown_u = 0;
    if (!o->text) {
        const ibidi_iri_options uo = {o->as, 0, {o->profile, 0, 0, NULL, 0}};
        shown_u = cli_unicode_form(s, slen, &uo, &uform, &ulen);
        if (shown_u) {
            s = uform;
            slen = ulen;
        }
    }
    /* the kind the twins are judged as: the input's own, so that AUTO cannot pick another
     * kind for a twin */
    ibidi_iri_kind kind = o->as;
    if (!o->text && kind == IBIDI_IRI_AS_AUTO) {
        ibidi_iri_info info;
        ibidi_status pst = ibidi_iri_parse(s, slen, kind, NULL, &info, NULL);
        if (pst == IBIDI_OK || pst == IBIDI_E_BUFFER_TOO_SMALL)
            kind = info.kind;
    }
    twin_list l = {0}, fl = {0}; /* the twins; --look-alike's forms */
    l.max = fl.max = o->max_twins;
    ibidi_ambiguity_twin_stats stats;
    ibidi_error err;
    /* --max-candidates 0 is no bound */
    const ibidi_ambiguity_options ao = {.context = o->context,
                                        .max_candidates = o->max_candidates ? o->max_candidates
                                                                            : SIZE_MAX,
                                        .twin_utf8_fn = collect,
                                        .twin_ctx = &l};
    ibidi_status st = ibidi_ambiguity_twins_utf8(s, slen, &ao, &stats, &err);
    if (st != IBIDI_OK) {
        fail_record(o, item, len, &err);
        cli_report("twins", itemno, "cannot search twins", &err,
                   o->in == CLI_IN_UTF8 ? "byte" : "byte of the UTF-8 form");
        list_free(&l);
        free(conv);
        ibidi_free(uform);
        return CLI_INVALID;
    }
    if (l.oom)
        goto out_of_memory;
    /* --look-alike N: the forms that show the display with up to N glyphs replaced by
       look-alikes (UTS #39 §4), the library's search; for a domain name only replacements
       a registry could hold (PVALID) */
    ibidi_confusable_forms_stats fst;
    memset(&fst, 0, sizeof fst);
    if (o->look_alike) {
        const ibidi_confusable_forms_options fo = {
            o->context, !o->text && kind == IBIDI_IRI_AS_DOMAIN ? IBIDI_CONFUSABLE_FORMS_PVALID
                                                                : 0u,
            o->look_alike, o->max_candidates ? o->max_candidates : SIZE_MAX, collect_form, &fl};
        st = ibidi_confusable_forms_utf8(s, slen, &fo, &fst, &err);
        if (st != IBIDI_OK || fl.oom) /* the twin search took it: only memory fails */
            goto out_of_memory;
    }
    const long n_valid = validate_list(&l, o, kind), n_valid_f = validate_list(&fl, o, kind);
    if (n_valid < 0 || n_valid_f < 0)
        goto out_of_memory;
    if (l.n > 1)
        qsort(l.v, l.n, sizeof *l.v, twin_cmp);
    if (fl.n > 1)
        qsort(fl.v, fl.n, sizeof *fl.v, twin_cmp);
    /* exit 1 when the identifier is ambiguous (a valid twin or look-alike; any for text)
     * or when the bound cut a search, so that nothing is proved */
    if ((o->text ? l.n + fl.n : (size_t)(n_valid + n_valid_f)) > 0 || stats.truncated ||
        l.cut || fst.truncated || fl.cut)
        rc = CLI_INVALID;

    if (o->json) {
        char *codes = NULL;
        int valid = o->text ? 0 : validate(s, slen, kind, o->profile, &codes);
        cli_jw w;
        cli_jw_begin(&w, stdout, o->in);
        cli_jw_input(&w, "input", item, len);
        if (shown_u)
            cli_jw_text(&w, "unicode_form", s, slen);
        cli_jw_cstr(&w, "context", o->context == IBIDI_DIR_RTL ? "rtl" : "ltr");
        cli_jw_cstr(&w, "as", o->text ? "text" : ibidi_iri_kind_name(kind));
        if (!o->text && valid >= 0) {
            cli_jw_bool(&w, "valid", valid);
            cli_jw_cstr(&w, "codes", codes);
        }
        ibidi_free(codes);
        ibidi_buf vis = {NULL, 0, 0};
        if (ibidi_bidi_visual_utf8_alloc(s, slen, &(ibidi_bidi_options){.dir = o->context}, &vis,
                                         NULL) == IBIDI_OK)
            cli_jw_text(&w, "display", vis.data, vis.len);
        ibidi_free(vis.data);
        cli_jw_array(&w, "twins");
        for (size_t i = 0; i < l.n; i++) {
            cli_jw_object(&w, NULL);
            cli_jw_text(&w, "twin", l.v[i].s, l.v[i].len);
            if (o->text) {
                cli_jw_null(&w, "valid"); /* --as text: no validity */
            } else {
                cli_jw_bool(&w, "valid", l.v[i].valid);
                cli_jw_cstr(&w, "codes", l.v[i].codes);
            }
            cli_jw_close(&w);
        }
        cli_jw_close(&w);
        cli_jw_uint(&w, "valid_twins", o->text ? 0 : (size_t)n_valid);
        cli_jw_uint(&w, "candidates", stats.candidates);
        cli_jw_bool(&w, "truncated", stats.truncated || l.cut);
        cli_jw_bool(&w, "list_cut", l.cut);
        if (o->look_alike) { /* the forms, each with its changes in display order */
            cli_jw_array(&w, "look_alikes");
            for (size_t i = 0; i < fl.n; i++) {
                cli_jw_object(&w, NULL);
                cli_jw_text(&w, "form", fl.v[i].s, fl.v[i].len);
                if (o->text) {
                    cli_jw_null(&w, "valid");
                } else {
                    cli_jw_bool(&w, "valid", fl.v[i].valid);
                    cli_jw_cstr(&w, "codes", fl.v[i].codes);
                }
                cli_jw_array(&w, "changes");
                for (size_t j = 0; j < fl.v[i].n_changes; j++) {
                    char a[5], b[5];
                    cli_jw_object(&w, NULL);
                    cli_jw_text(&w, "from", a, ibidi_utf8_encode_cp(fl.v[i].from[j], a));
                    cli_jw_text(&w, "to", b, ibidi_utf8_encode_cp(fl.v[i].to[j], b));
                    cli_jw_close(&w);
                }
                cli_jw_close(&w);
                cli_jw_close(&w);
            }
            cli_jw_close(&w);
            cli_jw_uint(&w, "valid_look_alikes", o->text ? 0 : (size_t)n_valid_f);
            cli_jw_uint(&w, "look_alike_displays", fst.displays);
            cli_jw_uint(&w, "look_alike_candidates", fst.candidates);
            cli_jw_bool(&w, "look_alike_truncated", fst.truncated || fl.cut);
        }
        cli_jw_end(&w);
    } else {
        if (o->many || shown_u) {
            fputs("# ", stdout);
            cli_put_escaped(stdout, item, len);
            if (shown_u) {
                fputs(" shown as ", stdout);
                cli_put_text(stdout, s, slen, o->in);
                fputs(" (A-labels as U-labels)", stdout);
            }
            fputc('\n', stdout);
        }
        for (size_t i = 0; i < l.n; i++) {
            put_text_twin(&l.v[i], o);
            fputc('\n', stdout);
        }
        if (stats.truncated)
            printf("# search cut after %zu candidates (--max-candidates): more twins may "
                   "exist\n",
                   stats.candidates);
        if (l.cut)
            printf("# list cut at %zu twins (--max-twins): more twins may exist\n", l.max);
        for (size_t i = 0; i < fl.n; i++) { /* FORM TAB validity TAB look-alike CHANGES */
            put_text_twin(&fl.v[i], o);
            fputs("\tlook-alike ", stdout);
            put_changes(stdout, &fl.v[i]);
            fputc('\n', stdout);
        }
        if (fst.truncated)
            printf("# look-alike search cut after %zu candidates (--max-candidates): more "
                   "forms may exist\n",
                   fst.candidates);
        if (fl.cut)
            printf("# look-alike list cut at %zu forms (--max-twins): more forms may exist\n",
                   fl.max);
    }
    list_free(&l);
    list_free(&fl);
    free(conv);
    ibidi_free(uform);
    return rc;
out_of_memory:
    fail_record(o, item, len, &(ibidi_error){IBIDI_E_NOMEM, 0, 0});
    fprintf(stderr, "ibidi twins: out of memory\n");
    list_free(&l);
    list_free(&fl);
    free(conv);
    ibidi_free(uform);
    return CLI_INVALID;
}

static int twins_run(int argc, char **argv)
{
    twins_opts o;
    memset(&o, 0, sizeof o);
    o.context = IBIDI_DIR_LTR;
    o.as = IBIDI_IRI_AS_AUTO;
    o.profile = IBIDI_IDNA_PROFILE_UTS46;
    o.max_candidates = IBIDI_AMBIGUITY_DEFAULT_CANDIDATES;
    o.max_twins = MAX_HELD;
    cli_args a;
    cli_arg x;
    int r;
    unsigned long long m;
    cli_args_init(&a, "twins", argc, argv, 1);
    while ((r = cli_args_next(&a, &x)) > 0) {
        switch (x.id) {
        case CLI_OPT_JSON: o.json = 1; break;
        case CLI_OPT_CONTEXT: o.context = x.pick ? IBIDI_DIR_RTL : IBIDI_DIR_LTR; break;
        case CLI_OPT_INPUT: o.in = (cli_input)x.pick; break;
        case CLI_OPT_AS: /* auto domain iri email text */
            o.text = x.pick == 4;
            o.as = x.pick == 4 ? IBIDI_IRI_AS_AUTO : (ibidi_iri_kind)x.pick;
            break;
        case CLI_OPT_PROFILE: o.profile = (ibidi_idna_profile)x.pick; break;
        case CLI_OPT_MAX_CANDIDATES: /* 0: no bound */
            if (cli_args_number(&a, &x, 0, MAX_CANDIDATES_OPT, &m) < 0)
                return CLI_USAGE;
            o.max_candidates = (size_t)m;
            break;
        case CLI_OPT_LOOK_ALIKE: /* the most glyphs a form replaces */
            if (cli_args_number(&a, &x, 1, IBIDI_CONFUSABLE_MAX_CHANGES, &m) < 0)
                return CLI_USAGE;
            o.look_alike = (size_t)m;
            break;
        case CLI_OPT_MAX_TWINS:
            if (cli_args_number(&a, &x, 1, MAX_HELD, &m) < 0)
                return CLI_USAGE;
            o.max_twins = (size_t)m;
            break;
        default: break;
        }
    }
    if (r < 0)
        return CLI_USAGE;
    o.many = argc - a.i != 1;
    return cli_for_each_item(argc, argv, a.i, twins_item, &o);
}

const cli_command cli_cmd_twins = {
    "twins", "every other identifier that displays exactly like this one (display twins)",
    "usage: ibidi twins [--context ltr|rtl] [--input utf8|notation|notation-arabic]\n"
    "                   [--as auto|domain|iri|email|text] [--profile P]\n"
    "                   [--max-candidates N] [--max-twins N] [--look-alike N] [--json]\n"
    "                   [IDENT ...]\n"
    "\n"
    "Lists every other logical identifier that shows the same glyphs, mirroring included\n"
    "(Badami's bidi ambiguity), one per line: TWIN TAB valid, or TWIN TAB invalid [codes]\n"
    "with the reasons (IdnaTestV2 codes of the hosts, identifier rule codes, or the parse\n"
    "error). Each twin is confirmed by running the UBA forward. Valid twins come first.\n"
    "\n"
    "  --context C   ltr (default): the standard display model, the identifier alone in a\n"
    "                left-to-right embedding; rtl: in a right-to-left paragraph\n"
    "  --input I     utf8 (default), notation (A-Z right-to-left letters of class R),\n"
    "                notation-arabic (A-Z of class AL); twins are printed the same way\n"
    "  --as K        auto (default), domain, iri, email: the kind twins are judged as;\n"
    "                text: a plain string, no identifier structure and no validity\n"
    "  --profile P   uts46 (default), whatwg, idna2008-lookup, idna2008-register: the IDNA\n"
    "                rules for hosts\n"
    "  --max-candidates N  bound of the search (default 1000000; 0: none, up to 10^12); a\n"
    "                cut search ends with a line \"# search cut ...\". An item holds at\n"
    "                most --max-twins twins\n"
    "  --max-twins N  the twins one item lists, 1 to 100000 (the default): the search stops\n"
    "                there (\"# list cut ...\", JSON list_cut, exit 1), so memory stays\n"
    "                bounded\n"
    "  --look-alike N  also the look-alike forms: every identifier that shows the same\n"
    "                glyphs with 1 to N (at most 16) of them replaced by characters of\n"
    "                their UTS #39 confusable sets, so that its bidi skeleton is this one's\n"
    "                (samekh samekh vav .com for loo.com left to right): FORM TAB\n"
    "                validity TAB look-alike U+XXXX>U+YYYY,... (the glyphs changed, in\n"
    "                display order); a domain name's replacements are IDNA2008 PVALID;\n"
    "                --max-candidates and --max-twins bound them too\n"
    "  --json        one object per identifier: display, validity, twins, candidates tried\n"
    "                (with --look-alike, \"look_alikes\": [{\"form\", \"valid\", \"codes\",\n"
    "                \"changes\": [{\"from\", \"to\"}]}])\n"
    "\n"
    "With several identifiers, each one's twins follow a line \"# IDENT\". Exit status: 0\n"
    "when no identifier has a valid twin or look-alike (for text: any) and no search was\n"
    "cut, 1\n"
    "otherwise, 2 for a usage error.\n",
    twins_run, 0, NULL};
