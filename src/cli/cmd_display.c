/* ibidi display and ibidi convert: how identifiers appear on screen (display order,
 * levels, the map of visual spans to components), their presentation forms with a proof by
 * the UBA, and Duerst 2001 §4.4's conversions between logical, textual and visual forms. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

typedef struct display_opts {
    const char *cmd;
    int convert; /* ibidi convert */
    ibidi_dir context;
    ibidi_display_form form;
    ibidi_iri_kind as;
    ibidi_display_repr from, to;
    cli_input in;
    int json, levels, spans, prove;
    int embedding;             /* --needs-embedding: the 2012 guidelines' §2 test */
    const char *before, *after; /* its line around the identifier (--before, --after) */
} display_opts;

/* Context text for the proofs: nothing, left-to-right and right-to-left words, digits
 * (which the bidi algorithm attaches to their neighbours), and punctuation. */
static const char *const proof_before[] = {"", "abc ", "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D ",
                                           "123 ", "\xD7\xA9\xD7\x9C 12 ", "(", "\xD7\x90"};
static const char *const proof_after[] = {"", " abc", " \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D",
                                          " 123", ".", "1", "\xD7\x90"};
#define N_BEFORE (sizeof proof_before / sizeof proof_before[0])
#define N_AFTER (sizeof proof_after / sizeof proof_after[0])

static const char *const failure_names[] = {"holds",           "not-contiguous",
                                            "not-standard",    "component-order",
                                            "component-split", "component-display"};

/* The library's options for the identifier s (already parsed into c when c is not NULL). */
static ibidi_display_options lib_opts(const display_opts *o, const ibidi_iri_components *c)
{
    ibidi_display_options d;
    memset(&d, 0, sizeof d);
    d.as = o->as;
    d.comps = c;
    d.context = o->context;
    d.form = o->form;
    d.from = o->from;
    d.to = o->to;
    return d;
}

/* JSON holds the UTF-8 text and, for notation input, the notation as well (KEY_notation,
 * "notation" for the output and a component's text). */
static void put_json_text(cli_jw *w, const char *key, const char *nkey, const char *s,
                          size_t len)
{
    cli_jw_str(w, key, s, len);
    if (w->in != CLI_IN_UTF8)
        cli_jw_text(w, nkey, s, len);
}

/* Proves the form in every context of the table, in the direction of --context. Returns
 * the number of contexts where it holds; *first gets the first failure. */
static size_t prove_all(const char *s, size_t len, const ibidi_iri_components *c,
                        const display_opts *o, ibidi_display_proof *first, size_t *tried)
{
    size_t held = 0;
    memset(first, 0, sizeof *first);
    *tried = 0;
    for (size_t b = 0; b < N_BEFORE; b++)
        for (size_t a = 0; a < N_AFTER; a++) {
            ibidi_display_options d = lib_opts(o, c);
            d.before = proof_before[b];
            d.before_len = strlen(proof_before[b]);
            d.after = proof_after[a];
            d.after_len = strlen(proof_after[a]);
            d.work_size = ibidi_display_work_size(len, d.before_len + d.after_len);
            d.work = d.work_size ? malloc(d.work_size) : NULL;
            ibidi_display_proof p = {IBIDI_DISPLAY_PROOF_NOT_STANDARD, IBIDI_NO_PART, 0, 0};
            ibidi_status st = ibidi_display_prove(s, len, &d, &p, NULL);
            free(d.work);
            (*tried)++;
            if (st == IBIDI_OK && p.failure == IBIDI_DISPLAY_PROOF_HOLDS)
                held++;
            else if (first->failure == IBIDI_DISPLAY_PROOF_HOLDS)
                *first = p;
        }
    return held;
}

/* convert --to textual: the form offered must display as the identifier, as display
 * --prove shows (Duerst 2001 §4.3), in the paragraph of --context with nothing around it:
 * its logical form (the input, or converted to it), parsed, and the marks form proved. */
static ibidi_status prove_textual(const char *s, size_t len, const display_opts *o,
                                  ibidi_error *err)
{
    ibidi_buf lg = {NULL, 0, 0};
    size_t lglen = len;
    ibidi_status st = IBIDI_OK;
    if (o->from != IBIDI_DISPLAY_REPR_LOGICAL) {
        ibidi_display_options d = lib_opts(o, NULL);
        d.to = IBIDI_DISPLAY_REPR_LOGICAL;
        st = ibidi_display_convert_alloc(s, len, &d, &lg, err);
        s = lg.data;
        lglen = lg.len;
    }
    ibidi_iri_components comps = {NULL, 0, 0};
    if (st == IBIDI_OK)
        st = ibidi_iri_parse_alloc(s, lglen, o->as, &comps, NULL, err);
    if (st == IBIDI_OK) {
        ibidi_display_options d = lib_opts(o, &comps);
        d.form = IBIDI_DISPLAY_FORM_MARKS;
        d.work_size = ibidi_display_work_size(lglen, 0);
        d.work = d.work_size ? malloc(d.work_size) : NULL;
        ibidi_display_proof p = {IBIDI_DISPLAY_PROOF_NOT_STANDARD, IBIDI_NO_PART, 0, 0};
        st = d.work_size && !d.work ? IBIDI_E_NOMEM : ibidi_display_prove(s, lglen, &d, &p, err);
        free(d.work);
        if (st == IBIDI_OK && p.failure != IBIDI_DISPLAY_PROOF_HOLDS) {
            st = IBIDI_E_CONVERT_PROOF;
            *err = (ibidi_error){st, p.offset, 0};
        }
    }
    ibidi_free(comps.items);
    ibidi_free(lg.data);
    return st;
}

static int display_item(const char *item, size_t len, size_t itemno, void *ctx)
{
    const display_opts *o = ctx;
    if (!item) /* a line over CLI_LINE_MAX bytes */
        return cli_line_too_long(o->cmd, itemno, len, o->json);
    char *conv = NULL, *out = NULL;
    const char *s = item;
    size_t slen = len, out_len = 0, nc = 0;
    ibidi_iri_components parsed = {NULL, 0, 0};
    const ibidi_iri_component *comps = NULL;
    ibidi_iri_info info;
    ibidi_error err = {IBIDI_OK, 0, 0};
    ibidi_status st;
    int rc = CLI_OK;
    if (o->in != CLI_IN_UTF8) {
        conv = cli_from_notation_record(o->cmd, itemno, item, len, o->in, o->json, &slen);
        if (!conv)
            return CLI_INVALID;
        s = conv;
    }
    /* RFC 5894 §4.2: users see U-labels; the display is of them (the record says so) */
    char *uform = NULL;
    size_t ulen = 0;
    const ibidi_iri_options uo = {o->as, 0, {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}};
    const int shown_u = cli_unicode_form(s, slen, &uo, &uform, &ulen);
    if (shown_u) {
        s = uform;
        slen = ulen;
        if (!o->json) {
            fflush(stdout);
            fprintf(stderr, "ibidi %s: item %zu: shown with its A-labels as U-labels\n", o->cmd,
                    itemno);
        }
    }
    if (o->convert) {
        const ibidi_display_options d = lib_opts(o, NULL);
        ibidi_buf b = {NULL, 0, 0};
        st = ibidi_display_convert_alloc(s, slen, &d, &b, &err);
        out = b.data;
        out_len = b.len;
        memset(&info, 0, sizeof info);
        if (st == IBIDI_OK && o->to == IBIDI_DISPLAY_REPR_TEXTUAL &&
            o->from != IBIDI_DISPLAY_REPR_TEXTUAL)
            st = prove_textual(s, slen, o, &err);
    } else {
        st = ibidi_iri_parse_alloc(s, slen, o->as, &parsed, &info, &err);
        comps = parsed.items;
        nc = parsed.n;
        if (st == IBIDI_OK) {
            const ibidi_display_options d = lib_opts(o, &parsed);
            ibidi_buf b = {NULL, 0, 0};
            st = ibidi_display_utf8_alloc(s, slen, &d, &b, &err);
            out = b.data;
            out_len = b.len;
        }
    }
    if (st != IBIDI_OK) {
        err.status = st;
        cli_fail_record(stdout, o->json, item, len, &err, "byte");
        cli_report(o->cmd, itemno, "cannot show it", &err, "byte");
        rc = CLI_INVALID;
        goto done;
    }
    cli_jw w;
    if (!o->json) {
        /* the visual order, and the visual form of convert, are display order */
        if (o->convert ? o->to == IBIDI_DISPLAY_REPR_VISUAL : o->form == IBIDI_DISPLAY_FORM_VISUAL)
            cli_put_visual(stdout, out, out_len, o->in);
        else
            cli_put_text(stdout, out, out_len, o->in);
        putchar('\n');
    } else {
        cli_jw_begin(&w, stdout, o->in);
        cli_jw_input(&w, "input", item, len);
        if (shown_u) /* what is shown: the A-labels as U-labels */
            put_json_text(&w, "unicode_form", "unicode_form_notation", s, slen);
        if (o->convert) {
            cli_jw_cstr(&w, "from", ibidi_display_repr_name(o->from));
            cli_jw_cstr(&w, "to", ibidi_display_repr_name(o->to));
        } else {
            cli_jw_cstr(&w, "as", ibidi_iri_kind_name(info.kind));
            cli_jw_cstr(&w, "form", ibidi_display_form_name(o->form));
        }
        cli_jw_cstr(&w, "context", o->context == IBIDI_DIR_RTL ? "rtl" : "ltr");
        put_json_text(&w, "output", "notation", out, out_len);
        if (!o->convert) {
            cli_jw_array(&w, "components");
            for (size_t i = 0; i < nc; i++) {
                cli_jw_object(&w, NULL);
                cli_jw_cstr(&w, "kind", ibidi_iri_component_kind_name(comps[i].kind));
                cli_jw_uint(&w, "start", comps[i].start);
                cli_jw_uint(&w, "length", comps[i].length);
                put_json_text(&w, "text", "notation", s + comps[i].start, comps[i].length);
                cli_jw_close(&w);
            }
            cli_jw_close(&w);
        }
    }
    if (!o->convert && (o->levels || o->spans)) {
        ibidi_display_layout_result lay;
        const ibidi_display_options d = lib_opts(o, &parsed);
        if (ibidi_display_layout_alloc(s, slen, &d, &lay, &err) == IBIDI_OK) {
            const size_t n = lay.n, ns = lay.n_spans;
            const uint8_t *lv = lay.levels;
            const ibidi_display_span *sp = lay.spans;
            if (o->levels && o->json) {
                cli_jw_array(&w, "levels");
                for (size_t i = 0; i < n; i++)
                    cli_jw_uint(&w, NULL, lv[i]);
                cli_jw_close(&w);
            } else if (o->levels) {
                printf("levels:");
                for (size_t i = 0; i < n; i++)
                    printf(" %u", lv[i]);
                printf("\n");
            }
            if (o->spans) {
                if (o->json)
                    cli_jw_array(&w, "spans");
                else
                    printf("spans:");
                for (size_t i = 0; i < ns; i++) {
                    const char *kind = sp[i].component == IBIDI_NO_PART
                                           ? "delimiter"
                                           : ibidi_iri_component_kind_name(comps[sp[i].component].kind);
                    if (o->json) {
                        cli_jw_object(&w, NULL);
                        cli_jw_uint(&w, "visual", sp[i].visual);
                        cli_jw_uint(&w, "length", sp[i].length);
                        cli_jw_uint(&w, "logical", sp[i].logical);
                        cli_jw_int(&w, "component", sp[i].component == IBIDI_NO_PART
                                                        ? -1LL
                                                        : (long long)sp[i].component);
                        cli_jw_cstr(&w, "kind", kind);
                        cli_jw_uint(&w, "level", sp[i].level);
                        cli_jw_close(&w);
                    } else {
                        printf(" [%zu+%zu %s%s level %u]", sp[i].visual, sp[i].length, kind,
                               sp[i].level & 1 ? " rtl" : "", sp[i].level);
                    }
                }
                if (o->json)
                    cli_jw_close(&w);
                else
                    printf("\n");
            }
        }
        ibidi_display_layout_free(&lay);
    }
    if (!o->convert && o->prove && o->form != IBIDI_DISPLAY_FORM_VISUAL) {
        ibidi_display_proof first = {IBIDI_DISPLAY_PROOF_HOLDS, IBIDI_NO_PART, 0, 0};
        size_t tried, held = prove_all(s, slen, &parsed, o, &first, &tried);
        if (o->json) {
            cli_jw_object(&w, "proof");
            cli_jw_uint(&w, "contexts", tried);
            cli_jw_uint(&w, "held", held);
            if (held < tried) {
                cli_jw_cstr(&w, "failure", failure_names[first.failure]);
                cli_jw_uint(&w, "offset", first.offset);
            }
            cli_jw_close(&w);
        } else if (held == tried) {
            printf("proved: the %s form keeps its promise in %zu of %zu contexts\n",
                   ibidi_display_form_name(o->form), held, tried);
        } else {
            printf("not proved: the %s form keeps its promise in %zu of %zu contexts; first "
                   "failure %s at byte %zu\n",
                   ibidi_display_form_name(o->form), held, tried, failure_names[first.failure],
                   first.offset);
        }
        if (held < tried)
            rc = CLI_INVALID;
    }
    if (!o->convert && o->embedding) {
        /* 2012 guidelines §2: would the line show the same without an embedding around the
           identifier? The library decides; a failure is the item's (stdout keeps its line) */
        ibidi_display_options d = lib_opts(o, &parsed);
        d.before = o->before ? o->before : "";
        d.before_len = strlen(d.before);
        d.after = o->after ? o->after : "";
        d.after_len = strlen(d.after);
        d.work_size = ibidi_display_work_size(slen, d.before_len + d.after_len);
        d.work = d.work_size && d.work_size != SIZE_MAX ? malloc(d.work_size) : NULL;
        int needed = 0;
        ibidi_error e = {IBIDI_OK, 0, 0};
        ibidi_status es = d.work_size == SIZE_MAX ? IBIDI_E_TOO_LONG
                          : d.work_size && !d.work ? IBIDI_E_NOMEM
                                                   : ibidi_display_needs_embedding(s, slen, &d,
                                                                                   &needed, &e);
        free(d.work);
        if (es != IBIDI_OK) {
            e.status = es;
            cli_report(o->cmd, itemno, "embedding test", &e, "byte");
            rc = CLI_INVALID;
        }
        if (o->json) {
            cli_jw_object(&w, "embedding");
            cli_jw_str(&w, "before", d.before, d.before_len);
            cli_jw_str(&w, "after", d.after, d.after_len);
            if (es == IBIDI_OK)
                cli_jw_bool(&w, "needed", needed);
            else
                cli_jw_error(&w, &e);
            cli_jw_close(&w);
        } else if (es == IBIDI_OK) {
            printf("embedding: %s\n", needed ? "needed" : "not needed");
        } else {
            printf("embedding: ");
            cli_text_error(stdout, &e, "byte");
        }
    }
    if (o->json)
        cli_jw_end(&w);
done:
    ibidi_free(out);
    ibidi_free(parsed.items);
    ibidi_free(uform);
    free(conv);
    return rc;
}

static int display_main(int argc, char **argv, display_opts *o)
{
    int have_from = 0, have_to = 0, r;
    cli_args a;
    cli_arg x;
    cli_args_init(&a, o->cmd, argc, argv, 1);
    while ((r = cli_args_next(&a, &x)) > 0) {
        switch (x.id) {
        case CLI_OPT_JSON: o->json = 1; break;
        case CLI_OPT_LEVELS: o->levels = 1; break;
        case CLI_OPT_SPANS: o->spans = 1; break;
        case CLI_OPT_PROVE: o->prove = 1; break;
        case CLI_OPT_NEEDS_EMBEDDING: o->embedding = 1; break;
        case CLI_OPT_BEFORE: o->before = x.value; break;
        case CLI_OPT_AFTER: o->after = x.value; break;
        case CLI_OPT_CONTEXT: o->context = x.pick ? IBIDI_DIR_RTL : IBIDI_DIR_LTR; break;
        case CLI_OPT_INPUT: o->in = (cli_input)x.pick; break;
        case CLI_OPT_AS: o->as = (ibidi_iri_kind)x.pick; break;
        case CLI_OPT_FORM: o->form = (ibidi_display_form)x.pick; break; /* the library's order */
        case CLI_OPT_FROM:
            o->from = (ibidi_display_repr)x.pick;
            have_from = 1;
            break;
        case CLI_OPT_TO:
            o->to = (ibidi_display_repr)x.pick;
            have_to = 1;
            break;
        default: break;
        }
    }
    if (r < 0)
        return CLI_USAGE;
    if (o->convert && (!have_from || !have_to))
        return cli_usage_error(o->cmd, "--from and --to are required");
    if ((o->before || o->after) && !o->embedding)
        return cli_usage_error(o->cmd, "--before and --after go with --needs-embedding");
    return cli_for_each_item(argc, argv, a.i, display_item, o);
}

static int display_run(int argc, char **argv)
{
    display_opts o;
    memset(&o, 0, sizeof o);
    o.cmd = "display";
    o.context = IBIDI_DIR_LTR;
    o.form = IBIDI_DISPLAY_FORM_VISUAL;
    o.as = IBIDI_IRI_AS_AUTO;
    return display_main(argc, argv, &o);
}

static int convert_run(int argc, char **argv)
{
    display_opts o;
    memset(&o, 0, sizeof o);
    o.cmd = "convert";
    o.convert = 1;
    o.context = IBIDI_DIR_LTR;
    o.as = IBIDI_IRI_AS_AUTO;
    return display_main(argc, argv, &o);
}

#define COMMON_OPTIONS                                                                        \
    "  --context C   ltr (default): the identifier alone in a left-to-right embedding, the\n"  \
    "                standard display model; rtl: in a right-to-left paragraph\n"              \
    "  --as K        auto (default), domain, iri or email\n"                                    \
    "  --input I     utf8 (default), notation (A-Z right-to-left letters of class R, Hebrew\n"  \
    "                U+05D0..U+05E9), notation-arabic (A-Z of class AL); output is then in\n"    \
    "                notation too, bidi controls written &lrm; &lre; &pdf; &lri; &fsi; &pdi;\n" \
    "  --json        one JSON object per identifier\n"                                          \
    "Identifiers come from the arguments, or one per line from standard input.\n"              \
    "Exit status: 0 when every identifier was shown, 1 if one was not (or a proof failed),\n"  \
    "2 for a usage error.\n"

const cli_command cli_cmd_display = {
    "display", "show an identifier: display order, presentation forms, proofs",
    "usage: ibidi display [--context ltr|rtl] [--form F] [--as K] [--input I] [--levels]\n"
    "                     [--spans] [--prove] [--needs-embedding [--before TEXT]\n"
    "                     [--after TEXT]] [--json] [IDENT ...]\n"
    "Shows each identifier (domain name, IRI or mail address) as a reader sees it, or one of\n"
    "its presentation forms.\n"
    "  --form F      visual (default): the display order, left to right;\n"
    "                marks: LRM around each right-to-left component (Duerst 2001 §4.3),\n"
    "                with LRE ... PDF in a right-to-left context;\n"
    "                embed: LRE ... PDF (RFC 3987 §4.1); isolate: LRI ... PDI;\n"
    "                components: each component in its own isolate, in logical order;\n"
    "                html: <bdi dir=\"ltr\">...</bdi>; html-span: <span dir=\"ltr\">\n"
    "  --levels      also print the resolved level of each character\n"
    "  --spans       also print the visual spans and the component each belongs to\n"
    "  --prove       show the form inside left-to-right, right-to-left, digit and\n"
    "                punctuation context and check with the UBA that it keeps its promise\n"
    "  --needs-embedding  also say whether the identifier needs an embedding in its line\n"
    "                (the 2012 bidi IRI guidelines, §2): not needed when every character\n"
    "                of the line shows at the same place, with the same glyph, as with\n"
    "                LRE ... PDF around the identifier (JSON \"embedding\": before, after,\n"
    "                needed); --before TEXT and --after TEXT are the line's text around it\n"
    "                (default: none), --context its direction\n" COMMON_OPTIONS
    "Example: ibidi display --input notation 'http://ab.CDE.FGH/ij/kl/mn/op.html'\n"
    "prints   http://ab.HGF.EDC/ij/kl/mn/op.html\n",
    display_run, 0, NULL};

const cli_command cli_cmd_convert = {
    "convert", "convert between logical, textual and visual forms (Duerst 2001 §4.4)",
    "usage: ibidi convert --from logical|textual|visual --to logical|textual|visual\n"
    "                     [--context ltr|rtl] [--as K] [--input I] [--json] [IDENT ...]\n"
    "  logical   the form stored and sent (logical order)\n"
    "  textual   the form for running text: LRM around each right-to-left component, and\n"
    "            LRE ... PDF around the whole in a right-to-left context (§4.3); reading it\n"
    "            back removes exactly those marks, and any other is an error\n"
    "  visual    components left to right, each in its natural reading order (§4.2)\n"
    "An identifier with a component of both directions, or one that uses right-to-left\n"
    "characters without starting with one, is refused (CONVERT_RESTRICTION, Duerst 2001 §5\n"
    "restriction 1): its forms would not convert back to it. A textual form is given only\n"
    "when it displays as the identifier in the --context paragraph (CONVERT_PROOF\n"
    "otherwise; the proof the display command makes), a visual form only when it reads\n"
    "back as the identifier (CONVERT_ROUND_TRIP otherwise, Duerst 2001 §5).\n" COMMON_OPTIONS,
    convert_run, 0, NULL};
