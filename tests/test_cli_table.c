/*
 * The command's one table of options (src/cli/options.c) against the commands:
 *  1. every option the table gives a command is named in that command's usage text
 *     ("--[no-]X" names both --X and --no-X), and every option a usage text names is in
 *     the table for that command (but --help, --wrap and --no-wrap, which main.c takes
 *     for every command);
 *  2. an option's name and its value kind are the same wherever it is taken (one name,
 *     one meaning) but for the words an enumeration takes;
 *  3. the parser: options in order with their values and the index of an enumeration's
 *     word, "--name=value", a short option, "--" ending them, and -1 for an option the
 *     command does not take, a flag given a value, a missing value and a word that is not
 *     one of an enumeration's.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "testlib.h"

static const cli_command *const commands[] = {
    &cli_cmd_props,     &cli_cmd_normalize, &cli_cmd_bidi,  &cli_cmd_to_ascii,
    &cli_cmd_to_unicode, &cli_cmd_check,    &cli_cmd_punycode, &cli_cmd_display,
    &cli_cmd_convert,   &cli_cmd_iri,       &cli_cmd_twins, &cli_cmd_scan,
    &cli_cmd_lgr,       &cli_cmd_verify_rule, &cli_cmd_explain,
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

static char usage[16384];

static void whole_usage(const cli_command *c)
{
    snprintf(usage, sizeof usage, "%s%s", c->usage, c->usage_more ? c->usage_more : "");
}

static int word_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }

/* Is the option word (e.g. "--json") named in the usage text? */
static int named(const char *name)
{
    const size_t n = strlen(name);
    for (const char *p = usage; (p = strstr(p, name)) != NULL; p += n)
        if (!word_char(p[n]) && (p == usage || !word_char(p[-1])))
            return 1;
    /* "--no-X" and "--X" are both named by "--[no-]X" */
    char both[96];
    snprintf(both, sizeof both, "--[no-]%s", name + (strncmp(name, "--no-", 5) == 0 ? 5 : 2));
    return strstr(usage, both) != NULL;
}

static void table_and_usage(void)
{
    size_t n;
    const cli_option *t = cli_option_table(&n);
    size_t pairs = 0, words = 0;
    for (size_t k = 0; k < N_COMMANDS; k++) {
        const cli_command *c = commands[k];
        whole_usage(c);
        /* 1: the table's options of c are in its usage text */
        for (size_t i = 0; i < n; i++) {
            if (!cli_option_taken_by(&t[i], c->name))
                continue;
            pairs++;
            CHECK(named(t[i].name), "%s: the table gives it %s, its usage does not name it",
                  c->name, t[i].name);
            if (t[i].letter) {
                char s[3] = {'-', t[i].letter, '\0'};
                CHECK(named(s) || strstr(usage, s), "%s: -%c not in its usage", c->name,
                      t[i].letter);
            }
        }
        /* 1: the options its usage text names are in the table */
        for (const char *p = usage; (p = strstr(p, "--")) != NULL;) {
            const char *q = p + 2;
            char w[96];
            if (strncmp(q, "[no-]", 5) == 0)
                q += 5;
            size_t len = 0;
            while (word_char(q[len]) && len < 80)
                len++;
            if (len == 0 || (p > usage && word_char(p[-1]))) {
                p = q + len;
                continue;
            }
            snprintf(w, sizeof w, "--%.*s", (int)len, q);
            p = q + len;
            if (strcmp(w, "--help") == 0 || strcmp(w, "--wrap") == 0 ||
                strcmp(w, "--no-wrap") == 0)
                continue;
            words++;
            CHECK(cli_option_find(c->name, w) != NULL,
                  "%s: its usage names %s, which the table does not give it", c->name, w);
        }
    }
    /* 2: one name, one kind of value */
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (strcmp(t[i].name, t[j].name) == 0)
                CHECK(t[i].id == t[j].id && (t[i].arg == CLI_ARG_VALUE) == (t[j].arg == CLI_ARG_VALUE) &&
                          t[i].letter == t[j].letter,
                      "%s: two meanings in the table", t[i].name);
    printf("info: %zu options in the table, %zu (command, option) pairs, %zu option words in "
           "the usage texts\n",
           n, pairs, words);
    CHECK(n > 50 && pairs > 100 && words > 100, "the table and the texts were read");
}

/* Runs the parser on words (after main.c's order), into got; the last call's status. */
static int parse(const char *cmd, int argc, char **argv, cli_arg *got, int *n, int *first)
{
    cli_args a;
    int r;
    *n = 0;
    cli_args_init(&a, cmd, argc, argv, 1);
    while ((r = cli_args_next(&a, &got[*n])) > 0)
        (*n)++;
    *first = a.i;
    return r;
}

static void parser(void)
{
    cli_arg got[8];
    int n, first;
    {
        char *argv[] = {"scan", "--json", "--context", "rtl", "--profile=whatwg", "--lgr",
                        "x.xml", "--", "names.txt", NULL};
        int r = parse("scan", 9, argv, got, &n, &first);
        CHECK(r == 0 && n == 4 && first == 8 && got[0].id == CLI_OPT_JSON && !got[0].value &&
                  got[1].id == CLI_OPT_CONTEXT && got[1].pick == 1 &&
                  got[2].id == CLI_OPT_PROFILE && got[2].pick == IBIDI_IDNA_PROFILE_WHATWG &&
                  got[3].id == CLI_OPT_LGR && strcmp(got[3].value, "x.xml") == 0,
              "scan's options: r %d, n %d, first %d", r, n, first);
    }
    {
        char *argv[] = {"punycode", "-d", "--hex", "--", NULL};
        int r = parse("punycode", 4, argv, got, &n, &first);
        CHECK(r == 0 && n == 2 && got[0].id == CLI_OPT_DECODE && got[1].id == CLI_OPT_HEX,
              "a short option");
    }
    {
        char *argv[] = {"normalize", "--form", "NFKC", "--", NULL};
        int r = parse("normalize", 4, argv, got, &n, &first);
        CHECK(r == 0 && n == 1 && got[0].pick == 2, "an enumeration in any case where it may be");
    }
    {
        char *argv[] = {"iri", "check", "--duerst", "--", NULL};
        cli_args a;
        cli_args_init(&a, "iri check", 4, argv, 2);
        CHECK(cli_args_next(&a, &got[0]) == 1 && got[0].id == CLI_OPT_DUERST,
              "a subcommand's option");
        char *argv2[] = {"iri", "to-iri", "--duerst", "--", NULL};
        cli_args_init(&a, "iri to-iri", 4, argv2, 2);
        CHECK(cli_args_next(&a, &got[0]) < 0, "another subcommand's option is refused");
    }
    /* what is refused: each with a usage message on standard error */
    static char *bad[][3] = {
        {"punycode", "--tsv", NULL},           /* not an option of punycode */
        {"check", "--json=yes", NULL},         /* a flag with a value */
        {"check", "--profile", "--"},          /* no value */
        {"check", "--profile", "uts47"},       /* not one of its words */
        {"normalize", "--form=NFX", NULL},     /* nor in any case */
        {"scan", "--context", "auto"},         /* a word of another command's --context */
        {"verify-rule", "--lgr", "x"},         /* not an option of verify-rule */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *argv[4] = {bad[i][0], bad[i][1], bad[i][2], NULL};
        const int argc = bad[i][2] ? 3 : 2;
        fflush(stdout);
        CHECK(parse(bad[i][0], argc, argv, got, &n, &first) < 0, "%s %s %s is refused",
              bad[i][0], bad[i][1], bad[i][2] ? bad[i][2] : "");
    }
}

int main(void)
{
    table_and_usage();
    parser();
    return t_summary();
}
