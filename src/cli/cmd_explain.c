/* ibidi explain: what a finding code or a status means, who reports it, how serious it is,
 * and an input that produces it: the library's table of codes (ibidi_code_table), written
 * out. tests/test_explain.c checks that --list names every code and status the library
 * has, and tests/test_explain.sh runs every example and looks for the code in its output. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static const char *const severity_word[] = {"error", "warning", "status", "success"};

static const char *severity_text(ibidi_severity s)
{
    switch (s) {
    case IBIDI_SEVERITY_ERROR:
        return "error: the input is invalid";
    case IBIDI_SEVERITY_WARNING:
        return "warning: it never makes the input invalid";
    case IBIDI_SEVERITY_FAILURE:
        return "status: the call fails with it and fills ibidi_error";
    default:
        return "success";
    }
}

static const char *kind_word(const ibidi_code_info *r)
{
    return r->type == IBIDI_CODE_FINDING ? "finding" : "status";
}

static void put_row_text(const ibidi_code_info *r)
{
    printf("%s (%s %d, %s)\n", r->name,
           r->type == IBIDI_CODE_FINDING ? "finding code" : "status", r->value, r->enumerator);
    printf("  text      %s\n", r->text);
    printf("  rule      %s\n", r->message);
    if (r->rule)
        printf("  cites     %s\n", r->rule);
    printf("  from      %s\n", r->from);
    printf("  group     %s (%s)\n", r->group, r->capability);
    printf("  severity  %s", severity_text(r->severity));
    if (r->severity_note)
        printf(" (%s)", r->severity_note);
    fputc('\n', stdout);
    if (r->example) {
        printf("  example   %s\n", r->example);
        if (r->example_shows)
            printf("  shows     %s\n", r->example_shows);
    } else {
        printf("  example   none\n");
    }
    if (r->note)
        printf("  note      %s\n", r->note);
}

/* One row as one JSON object; a field the row does not have is null. */
static void put_row_json(const ibidi_code_info *r)
{
    cli_jw w;
    cli_jw_begin(&w, stdout, CLI_IN_UTF8);
    cli_jw_cstr(&w, "kind", kind_word(r));
    cli_jw_int(&w, "code", r->value);
    cli_jw_cstr(&w, "name", r->name);
    cli_jw_cstr(&w, "enumerator", r->enumerator);
    cli_jw_cstr(&w, "text", r->text);
    cli_jw_cstr(&w, "rule", r->message);
    cli_jw_cstr(&w, "cites", r->rule);
    cli_jw_cstr(&w, "from", r->from);
    cli_jw_cstr(&w, "capability", r->capability);
    cli_jw_cstr(&w, "group", r->group);
    cli_jw_cstr(&w, "severity", severity_word[r->severity]);
    cli_jw_cstr(&w, "severity_note", r->severity_note);
    cli_jw_cstr(&w, "example", r->example);
    cli_jw_cstr(&w, "example_shows",
                r->example ? (r->example_shows ? r->example_shows : r->name) : NULL);
    cli_jw_cstr(&w, "note", r->note);
    cli_jw_end(&w);
}

typedef struct explain_opts {
    int json;
    int printed; /* items written so far: a blank line separates them in text */
} explain_opts;

static void put_row(explain_opts *o, const ibidi_code_info *r)
{
    if (!o->json && o->printed++)
        fputc('\n', stdout);
    if (o->json)
        put_row_json(r);
    else
        put_row_text(r);
}

/* Does the (upper-cased) query name this row: its name, its enumerator, or the enumerator
 * without IBIDI_ ("E_UTF8_TRUNCATED", "IDNA_B3")? */
static int names(const char *q, const ibidi_code_info *r)
{
    return strcmp(q, r->name) == 0 || strcmp(q, r->enumerator) == 0 ||
           strcmp(q, r->enumerator + 6) == 0;
}

static int explain_item(const char *item, size_t len, size_t itemno, void *ctx)
{
    explain_opts *o = ctx;
    if (!item) /* a line over CLI_LINE_MAX bytes */
        return cli_line_too_long("explain", itemno, len, o->json);
    (void)itemno;
    /* check and scan print CODE@OFFSET: the offset is not part of the name */
    const char *at = memchr(item, '@', len);
    size_t n = at ? (size_t)(at - item) : len;
    char *q = malloc(n + 1);
    if (!q) {
        fprintf(stderr, "ibidi explain: out of memory\n");
        return CLI_INVALID;
    }
    int digits = n > 0;
    for (size_t i = 0; i < n; i++) {
        char c = item[i];
        digits = digits && c >= '0' && c <= '9';
        /* names are upper case with underscores; accept number-level and b3 as well */
        q[i] = c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c == '-' ? '_' : c;
    }
    q[n] = '\0';
    const long num = digits && n <= 4 ? strtol(q, NULL, 10) : -1;
    size_t rows_n;
    const ibidi_code_info *rows = ibidi_code_table(&rows_n);
    int found = 0;
    for (size_t k = 0; k < rows_n; k++) {
        if (digits ? num == rows[k].value : names(q, &rows[k])) {
            found++;
            put_row(o, &rows[k]);
        }
    }
    free(q);
    if (!found) {
        fprintf(stderr, "ibidi explain: unknown code '%.*s' (see 'ibidi explain --list')\n",
                (int)len, item);
        return CLI_INVALID;
    }
    return CLI_OK;
}

static int explain_run(int argc, char **argv)
{
    explain_opts o = {0, 0};
    int list = 0, r;
    cli_args a;
    cli_arg x;
    cli_args_init(&a, "explain", argc, argv, 1);
    while ((r = cli_args_next(&a, &x)) > 0) {
        if (x.id == CLI_OPT_JSON)
            o.json = 1;
        else if (x.id == CLI_OPT_LIST)
            list = 1;
    }
    if (r < 0)
        return CLI_USAGE;
    const int i = a.i;
    if (list) {
        if (i < argc)
            return cli_usage_error("explain", "--list takes no codes");
        size_t rows_n;
        const ibidi_code_info *rows = ibidi_code_table(&rows_n);
        for (size_t k = 0; k < rows_n; k++) {
            if (o.json)
                put_row_json(&rows[k]);
            else
                printf("%-7s %3d  %-22s  %s\n", kind_word(&rows[k]), rows[k].value,
                       rows[k].name, severity_word[rows[k].severity]);
        }
        return CLI_OK;
    }
    return cli_for_each_item(argc, argv, i, explain_item, &o);
}

const cli_command cli_cmd_explain = {
    "explain", "what a finding code or status means, who reports it, and an example",
    "usage: ibidi explain [--json] CODE ...\n"
    "       ibidi explain [--json] --list\n"
    "\n"
    "Explains each finding code (B3, NUMBER_LEVEL, IBIDI_IDNA_B3...) and each status\n"
    "(UTF8_TRUNCATED, IBIDI_E_UTF8_TRUNCATED...) that the other commands print: its name,\n"
    "number and enumerator, a short text, the rule it names and cites, the part of the\n"
    "library and the commands that report it, its family of rules, whether it is an error\n"
    "or a warning, and a command that produces it: the library's table of codes.\n"
    "A CODE is a name (any case), a number (a finding code and a status may share one:\n"
    "both are shown), or the CODE@OFFSET form of check and scan. Without CODEs, one per\n"
    "line is read from standard input.\n"
    "\n"
    "  --list   every code and status: kind, number, name, severity (error, warning,\n"
    "           status, success)\n"
    "  --json   one JSON object per code: kind, code, name, enumerator, text, rule, cites,\n"
    "           from, capability, group, severity, severity_note, example, example_shows,\n"
    "           note\n"
    "\n"
    "Exit status: 0 when every CODE was known, 1 when one was not, 2 for a usage error.\n",
    explain_run, 0, NULL};
