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
    ibidi_error err = {IBIDI_OK, 0, 0};

    if (o->check) {
        int yes = 0;
        if (ibidi_normalize_is_normalized_utf8(item, len, o->form, &yes, &err) != IBIDI_OK) {
            cli_fail_record(stdout, o->json, item, len, &err, "byte");
            cli_report("normalize", itemno, "text", &err, "byte");
            return CLI_INVALID;
        }
        if (o->json) {
            fputc('{', stdout);
            cli_json_input(stdout, "input", item, len);
            printf(",\"form\":\"%s\",\"normalized\":%s}\n", o->form_name, yes ? "true" : "false");
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
        fputc('{', stdout);
        cli_json_input(stdout, "input", item, len);
        printf(",\"form\":\"%s\",\"output\":", o->form_name);
        cli_json_string(stdout, res.data, res.len);
        printf(",\"changed\":%s}\n",
               len == res.len && memcmp(item, res.data, len) == 0 ? "false" : "true");
    } else {
        cli_put_escaped(stdout, res.data, res.len);
        fputc('\n', stdout);
    }
    ibidi_free(res.data);
    return CLI_OK;
}

static const struct {
    const char *name;
    ibidi_normalize_form form;
} forms[] = {{"nfc", IBIDI_NORMALIZE_NFC}, {"nfd", IBIDI_NORMALIZE_NFD}, {"nfkc", IBIDI_NORMALIZE_NFKC}, {"nfkd", IBIDI_NORMALIZE_NFKD}};

/* Form names are accepted in any case: nfc, NFC, Nfc. */
static int same_ignoring_case(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = (*a >= 'A' && *a <= 'Z') ? (char)(*a - 'A' + 'a') : *a;
        if (x != *b)
            return 0;
    }
    return *a == *b;
}

static int normalize_run(int argc, char **argv)
{
    norm_opts o = {IBIDI_NORMALIZE_NFC, "NFC", 0, 0};
    int i = 1;
    for (; i < argc; i++) {
        const char *v;
        if (strcmp(argv[i], "--") == 0) {
            i++;
            break;
        }
        if (cli_opt(argv[i], "--form", &v)) {
            if (!v) {
                if (i + 1 >= argc)
                    return cli_usage_error("normalize", "--form needs a value: nfc, nfd, nfkc or nfkd");
                v = argv[++i];
            }
            size_t k = 0;
            for (; k < sizeof forms / sizeof forms[0]; k++) {
                if (same_ignoring_case(v, forms[k].name)) {
                    o.form = forms[k].form;
                    break;
                }
            }
            if (k == sizeof forms / sizeof forms[0])
                return cli_usage_error("normalize", "unknown form '%s': nfc, nfd, nfkc or nfkd", v);
            static const char *const upper[] = {"NFC", "NFD", "NFKC", "NFKD"};
            o.form_name = upper[o.form];
        } else if (cli_opt(argv[i], "--check", &v) && !v) {
            o.check = 1;
        } else if (cli_opt(argv[i], "--json", &v) && !v) {
            o.json = 1;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            return cli_usage_error("normalize", "unknown option '%s'", argv[i]);
        } else {
            break;
        }
    }
    return cli_for_each_item(argc, argv, i, normalize_item, &o);
}

const cli_command cli_cmd_normalize = {
    "normalize",
    "NFC, NFD, NFKC or NFKD of text (UAX #15)",
    "usage: ibidi normalize [--form nfc|nfd|nfkc|nfkd] [--check] [--json] [TEXT ...]\n"
    "\n"
    "Prints each TEXT, or each line of standard input, in the normalization form\n"
    "(default nfc), one result per line.\n"
    "\n"
    "  --form F   nfc (default), nfd, nfkc or nfkd\n"
    "  --check    print yes or no: is the item already in the form?\n"
    "  --json     one JSON object per item: input, form, output, changed\n"
    "\n"
    "Exit status: 0 when every item was well-formed UTF-8 (and, with --check, already\n"
    "normalized), 1 otherwise, 2 for a usage error. An ill-formed line is reported\n"
    "with its byte offset and skipped, never altered.\n",
    normalize_run,
    "--form",
    NULL,
    0,
    NULL,
};
