/* ibidi normalize: Unicode normalization forms (UAX #15) of text lines. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "ibidi/normalize.h"

typedef struct norm_opts {
    ibidi_normalize_form form;
    const char *form_name;
    int check; /* report whether each item is already in the form */
    int json;
} norm_opts;

static int normalize_item(const char *item, size_t len, size_t itemno, void *ctx)
{
    const norm_opts *o = ctx;
    if (!item) /* a line over CLI_LINE_MAX bytes */
        return cli_line_too_long("normalize", itemno, len, o->json);
    ibidi_error err = {IBIDI_OK, 0, 0};
    cli_jw w;

    if (o->check) {
        int yes = 0;
        if (ibidi_normalize_is_normalized_utf8(item, len, o->form, &yes, &err) != IBIDI_OK) {
            cli_fail_record(stdout, o->json, item, len, &err, "byte");
            cli_report("normalize", itemno, "text", &err, "byte");
            return CLI_INVALID;
        }
        if (o->json) {
            cli_jw_begin(&w, stdout, CLI_IN_UTF8);
            cli_jw_input(&w, "input", item, len);
            cli_jw_cstr(&w, "form", o->form_name);
            cli_jw_bool(&w, "normalized", yes);
            cli_jw_end(&w);
        } else {
            printf("%s\n", yes ? "yes" : "no");
        }
        return yes ? CLI_OK : CLI_INVALID;
    }

    ibidi_buf res = {NULL, 0, 0};
    if (ibidi_normalize_utf8_alloc(item, len, o->form, &res, &err) != IBIDI_OK) {
        cli_fail_record(stdout, o->json, item, len, &err,
                        err.status == IBIDI_E_NOMEM ? NULL : "byte");
        cli_report("normalize", itemno, "text", &err,
                   err.status == IBIDI_E_NOMEM ? NULL : "byte");
        return CLI_INVALID;
    }
    if (o->json) {
        cli_jw_begin(&w, stdout, CLI_IN_UTF8);
        cli_jw_input(&w, "input", item, len);
        cli_jw_cstr(&w, "form", o->form_name);
        cli_jw_str(&w, "output", res.data, res.len);
        cli_jw_bool(&w, "changed", !(len == res.len && memcmp(item, res.data, len) == 0));
        cli_jw_end(&w);
    } else {
        /* a text filter: the normalized text byte for byte (the input was well-formed
           UTF-8, so is the output); only TSV and JSON escape */
        fwrite(res.data, 1, res.len, stdout);
        fputc('\n', stdout);
    }
    ibidi_free(res.data);
    return CLI_OK;
}

static int normalize_run(int argc, char **argv)
{
    static const char *const upper[] = {"NFC", "NFD", "NFKC", "NFKD"};
    static const ibidi_normalize_form forms[] = {IBIDI_NORMALIZE_NFC, IBIDI_NORMALIZE_NFD,
                                                 IBIDI_NORMALIZE_NFKC, IBIDI_NORMALIZE_NFKD};
    norm_opts o = {IBIDI_NORMALIZE_NFC, "NFC", 0, 0};
    cli_args a;
    cli_arg x;
    int r;
    cli_args_init(&a, "normalize", argc, argv, 1);
    while ((r = cli_args_next(&a, &x)) > 0) {
        switch (x.id) {
        case CLI_OPT_FORM: /* nfc nfd nfkc nfkd, in any case */
            o.form = forms[x.pick];
            o.form_name = upper[x.pick];
            break;
        case CLI_OPT_CHECK: o.check = 1; break;
        case CLI_OPT_JSON: o.json = 1; break;
        default: break;
        }
    }
    if (r < 0)
        return CLI_USAGE;
    return cli_for_each_item(argc, argv, a.i, normalize_item, &o);
}

const cli_command cli_cmd_normalize = {
    "normalize",
    "NFC, NFD, NFKC or NFKD of text (UAX #15)",
    "usage: ibidi normalize [--form nfc|nfd|nfkc|nfkd] [--check] [--json] [TEXT ...]\n"
    "\n"
    "Prints each TEXT, or each line of standard input, in the normalization form\n"
    "(default nfc), one result per line: the normalized text byte for byte, as a text\n"
    "filter does (only --json escapes).\n"
    "\n"
    "  --form F   nfc (default), nfd, nfkc or nfkd\n"
    "  --check    print yes or no: is the item already in the form?\n"
    "  --json     one JSON object per item: input, form, output, changed\n"
    "\n"
    "Exit status: 0 when every item was well-formed UTF-8 (and, with --check, already\n"
    "normalized), 1 otherwise, 2 for a usage error. An ill-formed line is reported\n"
    "with its byte offset and skipped, never altered.\n",
    normalize_run,
    0,
    NULL,
};
