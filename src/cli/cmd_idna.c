/* ibidi to-ascii, ibidi to-unicode: domain names through UTS #46 or the
 * IDNA2008 protocol, with every finding named by its rule. The --tsv format
 * (input, output, status codes as in IdnaTestV2.txt) lets scripts compare with other
 * implementations line by line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "ibidi/utf8.h"

typedef struct idna_opts {
    const char *cmd;
    int to_ascii;
    ibidi_idna_profile profile;
    unsigned flags;
    cli_format fmt;
    cli_input in;
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

/* Room for the status field: 64 codes of up to 30 bytes, with their separators. */
#define CODES_CAP 2048

/* The distinct error codes of the result's findings, in the one order of codes:
 * "[B1, V6]", or "[]", composed in t (CODES_CAP bytes) for one TSV field or JSON string;
 * returns its length (0 if the library could not write it). */
static size_t codes(const idna_result *r, char *t)
{
    ibidi_buf out = {t, CODES_CAP, 0};
    if (ibidi_findings_codes(r->f, r->nf < r->found.cap ? r->nf : r->found.cap, &out) !=
        IBIDI_OK)
        return 0;
    return out.len;
}

/* A status that stops the conversion, as the status field says it: "[UTF8_TRUNCATED]". */
static size_t status_codes(ibidi_status st, char *t)
{
    const int n = snprintf(t, CODES_CAP, "[%s]", ibidi_status_name(st));
    return n < 0 ? 0 : (size_t)n < CODES_CAP ? (size_t)n : CODES_CAP - 1;
}

/* The findings of one severity as a JSON array (offsets in bytes of the ToUnicode form). */
static void put_json_findings(cli_jw *w, const char *key, const idna_result *r, int warnings)
{
    cli_jw_array(w, key);
    for (size_t i = 0; i < r->nf; i++)
        if ((r->f[i].severity == IBIDI_SEVERITY_WARNING) == warnings)
            cli_jw_finding(w, NULL, &r->f[i], NULL, 0);
    cli_jw_close(w);
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
    char t[CODES_CAP];
    if (o->fmt == CLI_FMT_TSV) {
        /* input, output (empty when the name could not be read), status */
        cli_tsv tsv;
        cli_tsv_begin(&tsv, stdout, o->in);
        cli_tsv_str(&tsv, item, len);
        if (encoding_error(&r)) {
            cli_tsv_cstr(&tsv, NULL);
            cli_tsv_str(&tsv, t, status_codes(r.st, t));
        } else {
            cli_tsv_text(&tsv, r.out, r.out_len);
            cli_tsv_str(&tsv, t, codes(&r, t));
        }
        cli_tsv_end(&tsv);
    } else if (o->fmt == CLI_FMT_JSON) {
        /* The output and the findings are UTF-8 whatever --input says (only the text and
           TSV lines are in notation again): the writer is given CLI_IN_UTF8. */
        cli_jw w;
        cli_jw_begin(&w, stdout, CLI_IN_UTF8);
        cli_jw_input(&w, "input", item, len);
        cli_jw_cstr(&w, "profile", ibidi_idna_profile_name(o->profile));
        cli_jw_bool(&w, "valid", is_valid(&r));
        if (encoding_error(&r)) {
            cli_jw_error(&w, &r.err);
        } else {
            cli_jw_str(&w, "output", r.out, r.out_len);
            cli_jw_str(&w, "status", t, codes(&r, t));
            put_json_findings(&w, "errors", &r, 0);
            put_json_findings(&w, "warnings", &r, 1);
        }
        cli_jw_end(&w);
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
                cli_text_finding(stderr, &r.f[i], r.out, r.out_len, o->in);
            }
        }
    }
    result_free(&r);
    return rc;
}

static int idna_item_run(const char *item, size_t len, size_t itemno, void *ctx)
{
    const idna_opts *o = ctx;
    if (!item) /* a line over CLI_LINE_MAX bytes */
        return cli_line_too_long(o->cmd, itemno, len, o->fmt == CLI_FMT_JSON);
    const char *name = item;
    size_t nlen = len;
    char *conv = NULL;
    if (o->in != CLI_IN_UTF8) {
        conv = cli_from_notation(o->cmd, itemno, item, len, o->in, &nlen);
        if (!conv) {
            ibidi_error err;
            cli_notation_failure(item, len, &err);
            if (o->fmt == CLI_FMT_TSV) {
                char t[CODES_CAP];
                cli_tsv tsv;
                cli_tsv_begin(&tsv, stdout, o->in);
                cli_tsv_str(&tsv, item, len);
                cli_tsv_cstr(&tsv, NULL);
                cli_tsv_str(&tsv, t, status_codes(err.status, t));
                cli_tsv_end(&tsv);
            } else {
                cli_fail_record(stdout, o->fmt == CLI_FMT_JSON, item, len, &err, "byte");
            }
            return CLI_INVALID;
        }
        name = conv;
    }
    int rc = convert_item(item, len, itemno, o, name, nlen);
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
    cli_args a;
    cli_arg x;
    int r;
    cli_args_init(&a, o->cmd, argc, argv, 1);
    while ((r = cli_args_next(&a, &x)) > 0) {
        switch (x.id) {
        case CLI_OPT_JSON:
        case CLI_OPT_TSV:
            if (cli_args_format(&a, &x, &o->fmt) < 0)
                return CLI_USAGE;
            break;
        case CLI_OPT_PROFILE: o->profile = (ibidi_idna_profile)x.pick; break;
        case CLI_OPT_INPUT: o->in = (cli_input)x.pick; break;
        case CLI_OPT_BIDI_PER_LABEL:
        case CLI_OPT_IDNA_FLAG:
        case CLI_OPT_IDNA_NO_FLAG: {
            const int neg = x.id == CLI_OPT_IDNA_NO_FLAG;
            const char *fname = x.opt->name + (neg ? 5 : 2);
            size_t k = 0;
            while (k + 1 < N_FLAG_OPTS && strcmp(fname, flag_opts[k].name) != 0)
                k++;
            if (neg) {
                clear |= flag_opts[k].flag;
                set &= ~flag_opts[k].flag;
            } else {
                set |= flag_opts[k].flag;
                clear &= ~flag_opts[k].flag;
            }
            break;
        }
        default: break;
        }
    }
    if (r < 0)
        return CLI_USAGE;
    o->flags = (ibidi_idna_profile_flags(o->profile) | set) & ~clear;
    return cli_for_each_item(argc, argv, a.i, idna_item_run, o);
}

static int to_ascii_run(int argc, char **argv)
{
    idna_opts o = {"to-ascii", 1, IBIDI_IDNA_PROFILE_UTS46, 0, CLI_FMT_TEXT, CLI_IN_UTF8};
    return idna_main(argc, argv, &o);
}

static int to_unicode_run(int argc, char **argv)
{
    idna_opts o = {"to-unicode", 0, IBIDI_IDNA_PROFILE_UTS46, 0, CLI_FMT_TEXT, CLI_IN_UTF8};
    return idna_main(argc, argv, &o);
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
    to_ascii_run, 0, NULL};

const cli_command cli_cmd_to_unicode = {
    "to-unicode", "domain names to U-labels: UTS #46 ToUnicode or IDNA2008",
    "usage: ibidi to-unicode [OPTIONS] [NAME ...]\n"
    "\n"
    "Converts each NAME (or each line of standard input) to its Unicode form (U-labels),\n"
    "by UTS #46 ToUnicode or the IDNA2008 protocol, and names every rule it breaks.\n"
    "\n" IDNA_OPTIONS,
    to_unicode_run, 0, NULL};
