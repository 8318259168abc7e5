/* ibidi iri check|to-uri|to-iri: the components of an IRI and the bidi rules they break
 * (RFC 3987 §4.2, the 2012 bidi IRI guidelines §3, the IDNA Bidi Rule on host labels,
 * Duerst 2001 §5 on request); IRI to URI (RFC 3987 §3.1) and URI to IRI (§3.2). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "ibidi/utf8.h"

typedef enum iri_sub { SUB_CHECK, SUB_TO_URI, SUB_TO_IRI } iri_sub;

typedef struct iri_opts {
    const char *cmd; /* "iri check", ... for messages */
    iri_sub sub;
    ibidi_iri_options lib; /* the library's options: the command's switches and profile */
    cli_input in;  /* check, to-uri: how items are written; to-iri: how output is */
    int json;
} iri_opts;

/* A byte offset of the UTF-8 text as a position in its notation form. */
static size_t notation_pos(const char *s, size_t len, size_t off)
{
    size_t pos = 0, n = 0;
    while (pos < len && pos < off) {
        uint32_t cp;
        if (ibidi_utf8_next(s, len, &pos, &cp, NULL) != IBIDI_OK)
            return n + (off - pos);
        n += ibidi_unicode_bidi_control(cp) ? 5 : 1; /* Bidi Notation: a five-character entity */
    }
    return n;
}

/* " at byte N" for UTF-8 items, " at position N" in notation. */
static void put_where(FILE *f, const iri_opts *o, const char *s, size_t len, size_t off)
{
    if (o->in == CLI_IN_UTF8)
        fprintf(f, "byte %zu", off);
    else
        fprintf(f, "position %zu", notation_pos(s, len, off));
}

/* "offset" (bytes of the UTF-8 text), and in notation also "position" in its notation form. */
static void jw_where(cli_jw *w, const iri_opts *o, const char *s, size_t len, size_t off)
{
    cli_jw_uint(w, "offset", off);
    if (o->in != CLI_IN_UTF8)
        cli_jw_uint(w, "position", notation_pos(s, len, off));
}

/* "error":{"status","offset"[,"position"],"message"}: cli_jw_error's fields, with the
 * position in notation as well. */
static void jw_error(cli_jw *w, const ibidi_error *e, ibidi_status st, const iri_opts *o,
                     const char *s, size_t len)
{
    cli_jw_object(w, "error");
    cli_jw_cstr(w, "status", ibidi_status_name(st));
    jw_where(w, o, s, len, e->offset);
    cli_jw_cstr(w, "message", ibidi_strerror(st));
    cli_jw_close(w);
}

/* Prints "ibidi iri CMD: item N: input: <message> [STATUS] at byte|position K". */
static void report(const iri_opts *o, size_t itemno, const ibidi_error *e, const char *s,
                   size_t len)
{
    fprintf(stderr, "ibidi %s: item %zu: input: %s [%s] at ", o->cmd, itemno,
            ibidi_strerror(e->status),
            ibidi_status_name(e->status) ? ibidi_status_name(e->status) : "?");
    put_where(stderr, o, s, len, e->offset);
    fputc('\n', stderr);
}

/* ---- check ----------------------------------------------------------------------------- */

static int check_item(const char *item, size_t ilen, size_t itemno, const iri_opts *o,
                      const char *s, size_t len)
{
    ibidi_iri_info info;
    ibidi_error e = {IBIDI_OK, 0, 0};
    ibidi_iri_components parsed = {NULL, 0, 0};
    int rc = CLI_OK;
    ibidi_status st = ibidi_iri_parse_alloc(s, len, o->lib.as, &parsed, &info, &e);
    const ibidi_iri_component *comps = parsed.items;
    const size_t nc = parsed.n;
    if (st == IBIDI_E_NOMEM) {
        fprintf(stderr, "ibidi %s: out of memory\n", o->cmd);
        return CLI_INVALID;
    }
    if (st != IBIDI_OK) {
        if (o->json) {
            cli_jw w;
            cli_jw_begin(&w, stdout, o->in);
            cli_jw_input(&w, "input", item, ilen);
            cli_jw_bool(&w, "valid", 0);
            jw_error(&w, &e, st, o, s, len);
            cli_jw_end(&w);
        } else {
            cli_put_escaped(stdout, item, ilen);
            printf("\n  not an IRI: %s [%s] at ", ibidi_strerror(st), ibidi_status_name(st));
            put_where(stdout, o, s, len, e.offset);
            fputc('\n', stdout);
        }
        ibidi_free(parsed.items);
        return CLI_INVALID;
    }
    /* the check parses again: the identifier's findings, allocated by the library */
    ibidi_findings found;
    st = ibidi_iri_check_alloc(s, len, &o->lib, &found, &e);
    ibidi_finding *f = found.items;
    const size_t nf = found.n;
    if (st != IBIDI_OK && st != IBIDI_E_IDENT_INVALID) { /* out of memory */
        report(o, itemno, &e, s, len);
        ibidi_free(parsed.items);
        ibidi_findings_free(&found);
        return CLI_INVALID;
    }
    /* the library's verdict: IBIDI_E_IDENT_INVALID exactly when a finding is an error, and
       found.errors of them */
    const size_t n_err = found.errors;
    const int valid = st == IBIDI_OK;
    if (!valid)
        rc = CLI_INVALID;

    if (o->json) {
        /* the item by the escaping rule of cli.h, as every record gives it (an IRI that
         * parsed is well-formed UTF-8: no "input_hex" here in practice) */
        cli_jw w;
        char cp[16];
        cli_jw_begin(&w, stdout, o->in);
        cli_jw_input(&w, "input", item, ilen);
        cli_jw_bool(&w, "valid", valid);
        cli_jw_array(&w, "components");
        for (size_t i = 0; i < nc; i++) {
            const ibidi_iri_component *c = &comps[i];
            cli_jw_object(&w, NULL);
            cli_jw_cstr(&w, "kind", ibidi_iri_component_kind_name(c->kind));
            jw_where(&w, o, s, len, c->start);
            cli_jw_uint(&w, "length", c->length);
            cli_jw_text(&w, "text", s + c->start, c->length);
            cli_jw_close(&w);
        }
        cli_jw_close(&w);
        cli_jw_array(&w, "findings");
        for (size_t i = 0; i < nf; i++) {
            const ibidi_finding *x = &f[i];
            cli_jw_object(&w, NULL);
            cli_jw_cstr(&w, "code", ibidi_code_name(x->code));
            cli_jw_cstr(&w, "severity",
                        x->severity == IBIDI_SEVERITY_ERROR ? "error" : "warning");
            cli_jw_uint(&w, "component", x->part);
            jw_where(&w, o, s, len, x->offset);
            if (x->cp) {
                snprintf(cp, sizeof cp, "U+%04X", (unsigned)x->cp);
                cli_jw_cstr(&w, "cp", cp);
            }
            if (x->bidi_class >= 0)
                cli_jw_cstr(&w, "bidi_class",
                            ibidi_unicode_bidi_class_name((ibidi_unicode_bc)x->bidi_class));
            if (x->detail)
                cli_jw_cstr(&w, "idna_code", ibidi_code_name(x->detail));
            cli_jw_cstr(&w, "message", x->rule);
            cli_jw_close(&w);
        }
        cli_jw_end(&w);
    } else {
        cli_put_escaped(stdout, item, ilen);
        fputc('\n', stdout);
        for (size_t i = 0; i < nc; i++) {
            printf("  %-12s ", ibidi_iri_component_kind_name(comps[i].kind));
            cli_put_text(stdout, s + comps[i].start, comps[i].length, o->in);
            fputc('\n', stdout);
        }
        for (size_t i = 0; i < nf; i++) {
            const ibidi_finding *x = &f[i];
            const ibidi_iri_component *c = &comps[x->part < nc ? x->part : 0];
            printf("  %-7s %s", x->severity == IBIDI_SEVERITY_ERROR ? "error" : "warning",
                   ibidi_code_name(x->code));
            if (x->detail)
                printf(" %s", ibidi_code_name(x->detail));
            printf(" in %s %zu '", ibidi_iri_component_kind_name(c->kind), x->part);
            cli_put_text(stdout, s + c->start, c->length, o->in);
            fputs("' at ", stdout);
            put_where(stdout, o, s, len, x->offset);
            if (x->cp) {
                fputs(", ", stdout);
                cli_put_cp(stdout, x->cp);
                if (x->bidi_class >= 0)
                    printf(" (%s)", ibidi_unicode_bidi_class_name((ibidi_unicode_bc)x->bidi_class));
            }
            printf(": %s\n", x->rule);
        }
        size_t n_warn = nf - n_err;
        printf("  %s: %zu error%s, %zu warning%s\n", valid ? "valid" : "invalid", n_err,
               n_err == 1 ? "" : "s", n_warn, n_warn == 1 ? "" : "s");
    }
    ibidi_free(parsed.items);
    ibidi_findings_free(&found);
    return rc;
}

/* ---- to-uri, to-iri -------------------------------------------------------------------- */

static int convert_item(const char *item, size_t ilen, size_t itemno, const iri_opts *o,
                        const char *s, size_t len)
{
    ibidi_buf b = {NULL, 0, 0};
    ibidi_error e = {IBIDI_OK, 0, 0};
    ibidi_status st = o->sub == SUB_TO_URI ? ibidi_iri_to_uri_alloc(s, len, &o->lib, &b, &e)
                                           : ibidi_iri_from_uri_alloc(s, len, &o->lib, &b, &e);
    char *out = b.data;
    const size_t n = b.len;
    if (st == IBIDI_E_NOMEM) {
        fprintf(stderr, "ibidi %s: out of memory\n", o->cmd);
        return CLI_INVALID;
    }
    /* to-iri writes its output in notation when asked; to-uri's output is ASCII */
    cli_input out_in = o->sub == SUB_TO_IRI ? o->in : CLI_IN_UTF8;
    iri_opts where = *o;
    if (o->sub == SUB_TO_IRI)
        where.in = CLI_IN_UTF8; /* a URI's offsets are bytes of the URI as given */
    if (o->json) {
        cli_jw w;
        cli_jw_begin(&w, stdout, out_in);
        cli_jw_input(&w, "input", item, ilen);
        cli_jw_bool(&w, "valid", st == IBIDI_OK);
        if (st == IBIDI_OK)
            cli_jw_text(&w, "output", out, n);
        else
            jw_error(&w, &e, st, &where, s, len);
        cli_jw_end(&w);
    } else if (st == IBIDI_OK) {
        cli_put_text(stdout, out, n, out_in);
        fputc('\n', stdout);
    } else {
        e.status = st;
        cli_text_error(stdout, &e, "byte");
        report(&where, itemno, &e, s, len);
    }
    ibidi_free(out);
    return st == IBIDI_OK ? CLI_OK : CLI_INVALID;
}

static int iri_item(const char *item, size_t len, size_t itemno, void *ctx)
{
    const iri_opts *o = ctx;
    if (!item) /* a line over CLI_LINE_MAX bytes */
        return cli_line_too_long(o->cmd, itemno, len, o->json);
    const char *s = item;
    size_t slen = len;
    char *conv = NULL;
    if (o->in != CLI_IN_UTF8 && o->sub != SUB_TO_IRI) {
        conv = cli_from_notation_record(o->cmd, itemno, item, len, o->in, o->json, &slen);
        if (!conv)
            return CLI_INVALID;
        s = conv;
    }
    /* RFC 5894 §4.2: users see U-labels; the rules are checked on them (the record says
     * so); the conversions keep the IRI as written */
    char *uform = NULL;
    size_t ulen = 0;
    if (o->sub == SUB_CHECK && cli_unicode_form(s, slen, &o->lib, &uform, &ulen)) {
        s = uform;
        slen = ulen;
        fflush(stdout);
        fprintf(stderr, "ibidi %s: item %zu: checked with its A-labels as U-labels\n", o->cmd,
                itemno);
    }
    int rc = o->sub == SUB_CHECK ? check_item(item, len, itemno, o, s, slen)
                                 : convert_item(item, len, itemno, o, s, slen);
    ibidi_free(uform);
    free(conv);
    return rc;
}

static int iri_run(int argc, char **argv)
{
    iri_opts o = {"iri", SUB_CHECK,
                  {IBIDI_IRI_AS_IRI, 0, {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}}, CLI_IN_UTF8,
                  0};
    if (argc < 2)
        return cli_usage_error("iri", "which one: check, to-uri or to-iri?");
    if (strcmp(argv[1], "check") == 0) {
        o.cmd = "iri check";
        o.sub = SUB_CHECK;
    } else if (strcmp(argv[1], "to-uri") == 0) {
        o.cmd = "iri to-uri";
        o.sub = SUB_TO_URI;
    } else if (strcmp(argv[1], "to-iri") == 0) {
        o.cmd = "iri to-iri";
        o.sub = SUB_TO_IRI;
    } else {
        return cli_usage_error("iri", "unknown subcommand '%s': check, to-uri or to-iri",
                               argv[1]);
    }
    cli_args a;
    cli_arg x;
    int r;
    cli_args_init(&a, o.cmd, argc, argv, 2);
    while ((r = cli_args_next(&a, &x)) > 0) {
        switch (x.id) {
        case CLI_OPT_JSON: o.json = 1; break;
        case CLI_OPT_DUERST: o.lib.flags |= IBIDI_IRI_DUERST2001; break;
        case CLI_OPT_BIDI_PER_LABEL: o.lib.idna.add |= IBIDI_IDNA_BIDI_PER_LABEL; break;
        case CLI_OPT_AS: o.lib.as = (ibidi_iri_kind)x.pick; break;
        case CLI_OPT_STRICT: o.lib.flags |= IBIDI_IRI_STRICT; break;
        case CLI_OPT_HOST_PERCENT: o.lib.flags |= IBIDI_IRI_HOST_PERCENT; break;
        case CLI_OPT_ENCODE_ASCII: o.lib.flags |= IBIDI_IRI_ENCODE_ASCII; break;
        case CLI_OPT_KEEP_UNSAFE: o.lib.flags |= IBIDI_IRI_KEEP_UNSAFE; break;
        case CLI_OPT_HOST_TO_UNICODE: o.lib.flags |= IBIDI_IRI_HOST_TO_UNICODE; break;
        case CLI_OPT_PROFILE: o.lib.idna.profile = (ibidi_idna_profile)x.pick; break;
        case CLI_OPT_INPUT: /* check, to-uri: how the IRI is written */
        case CLI_OPT_OUTPUT: /* to-iri: how the IRI is written out */
            o.in = (cli_input)x.pick;
            break;
        default: break;
        }
    }
    if (r < 0)
        return CLI_USAGE;
    return cli_for_each_item(argc, argv, a.i, iri_item, &o);
}

const cli_command cli_cmd_iri = {
    "iri", "IRIs: components and bidi rules, IRI to URI, URI to IRI",
    "usage: ibidi iri check [--duerst] [--bidi-per-label] [--strict] [--as K]\n"
    "                       [--input utf8|notation|notation-arabic] [--json] [IRI ...]\n"
    "       ibidi iri to-uri [--host-percent] [--encode-ascii] [--profile P]\n"
    "                        [--input utf8|notation|notation-arabic] [--json] [IRI ...]\n"
    "       ibidi iri to-iri [--keep-unsafe] [--host-to-unicode]\n"
    "                        [--output utf8|notation|notation-arabic] [--json] [URI ...]\n"
    "\n"
    "Each item is an argument or, without any, a line of standard input.\n"
    "\n"
    "check: the components of each IRI reference (scheme, userinfo, host labels or address,\n"
    "port, path segments and extensions, query names and values, fragment), then every\n"
    "finding of the bidi rules: MIXED_DIRECTION, RTL_START, RTL_END (RFC 3987 §4.2, 2012\n"
    "bidi IRI guidelines §3; warnings), DIGIT_AFTER_RTL (warning), HOST_BIDI_RULE (the IDNA\n"
    "Bidi Rule on the host's labels, RFC 5893 §2; error), RTL_OTHER_CLASS (with --duerst).\n"
    "  --duerst          Duerst 2001 §5: mixed directions are an error, and an RTL\n"
    "                    component may hold no other class (restriction 3)\n"
    "  --bidi-per-label  the Bidi Rule label by label, not over the whole host\n"
    "  --strict          warnings count as errors\n"
    "  --as K            iri (default), email (a mail address: local part and domain get\n"
    "                    the rules), domain, or auto (the kind the text has)\n"
    "  --input I         utf8 (default), notation (A-Z right-to-left letters of class R,\n"
    "                    Hebrew U+05D0..U+05E9), notation-arabic (A-Z of class AL); the\n"
    "                    components are printed in the same notation\n"
    "\n"
    "to-uri: the URI of each IRI (RFC 3987 §3.1): every character outside US-ASCII as UTF-8\n"
    "%HH, a host with such characters through IDNA ToASCII.\n"
    "  --host-percent    percent-encode the host like the rest instead of ToASCII\n"
    "  --encode-ascii    also encode < > \" space { } | \\ ^ ` (else they are an error)\n"
    "  --profile P       IDNA profile for the host: uts46 (default), whatwg,\n"
    "                    idna2008-lookup, idna2008-register\n"
    "  --input I         as for check\n"
    "\n"
    "to-iri: the IRI of each URI (RFC 3987 §3.2): %HH sequences that form UTF-8 for\n"
    "characters an IRI may show are decoded, except in components whose decoded form would\n"
    "break MIXED_DIRECTION, RTL_START or RTL_END: those stay encoded as a whole.\n"
    "  --keep-unsafe     decode those components as well\n"
    "  --host-to-unicode \"xn--\" host labels to Unicode (UTS #46 ToUnicode)\n"
    "  --output O        utf8 (default), notation, notation-arabic: print the IRI in Bidi\n"
    "                    Notation\n"
    "\n"
    "--json gives one JSON object per item: check: input, valid, components (kind, offset,\n"
    "length, text), findings (code, severity, component, offset, cp, bidi_class,\n"
    "idna_code, message); to-uri, to-iri: input, valid, output, or error (status, offset,\n"
    "message). Offsets are bytes of the UTF-8 text; in notation also \"position\" in it.\n"
    "\n"
    "Exit status: 0 when every item is valid; 1 when an item is not an IRI (or URI), cannot\n"
    "be converted, or (check) has an error-level finding; 2 for a usage error.\n",
    iri_run, 1, NULL};
