/* ibidi: the command-line tool. Dispatches to one command per capability. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

static const cli_command *const commands[] = {
    &cli_cmd_props,
    &cli_cmd_normalize,
    &cli_cmd_bidi,
    &cli_cmd_to_ascii,
    &cli_cmd_to_unicode,
    &cli_cmd_check,
    &cli_cmd_show,
    &cli_cmd_punycode,
    &cli_cmd_display,
    &cli_cmd_convert,
    &cli_cmd_iri,
    &cli_cmd_twins,
    &cli_cmd_scan,
    &cli_cmd_lgr,
    &cli_cmd_verify_rule,
    &cli_cmd_explain,
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

static void print_version(void)
{
    printf("ibidi %s (Unicode %s)\n", ibidi_version(), ibidi_unicode_version());
}

static void print_help(void)
{
    printf("ibidi %s: Internet identifiers with right-to-left text (Unicode %s)\n\n",
           ibidi_version(), ibidi_unicode_version());
    printf("usage: ibidi COMMAND [OPTIONS] [ITEM ...]\n"
           "       ibidi --version | help [COMMAND]\n\n"
           "Each command takes its items as arguments or, when none are given, one per line\n"
           "on standard input. Options may come before, between or after the items; \"--\"\n"
           "ends them (a word with a single \"-\" is an item). --json gives machine-readable\n"
           "output. Exit status: 0 when every item was valid, 1 when some item was not, 2 for\n"
           "a usage error or an input that cannot be read. Text in display order goes to a\n"
           "terminal inside LRO ... PDF, so that a terminal that applies the bidi algorithm\n"
           "shows it as it is; --wrap does so always, --no-wrap never.\n\n"
           "commands:\n");
    for (size_t i = 0; i < N_COMMANDS; i++)
        printf("  %-12s %s\n", commands[i]->name, commands[i]->summary);
    printf("  %-12s %s\n", "help", "this list, or the usage of one command");
    printf("  %-12s %s\n", "version", "the version of ibidi and of its Unicode data");
}

static const char help_usage[] =
    "usage: ibidi help [COMMAND]\n"
    "\n"
    "Without COMMAND, the list of commands; with one, its usage (the same as\n"
    "'ibidi COMMAND --help').\n";
static const char version_usage[] =
    "usage: ibidi version   (or ibidi --version, ibidi -V)\n"
    "\n"
    "The version of ibidi and of the Unicode data it was built with.\n";

/* A command's whole usage text. */
static void cli_put_usage(const cli_command *c)
{
    fputs(c->usage, stdout);
    if (c->usage_more)
        fputs(c->usage_more, stdout);
}

/*
 * GNU argument order: options may come anywhere among the items, and "--" ends them. An
 * option is a word that starts with "--" (and has more), or one of the command's short
 * options (the table of options.c); every other word, "-" and names that start with a
 * single "-" included, is an item. The words are rearranged as the commands read them:
 * the subcommand (if the command has one), the options with their values, "--", then the
 * items in their order. Returns the new argv (argv[0] is the command's name), or NULL
 * without memory. An option that takes a value but is the last word keeps no value: the
 * "--" after it tells the command's parser so (`ibidi scan names.txt --lgr` must not load
 * a file named "--").
 */
static char **gnu_order(const cli_command *c, int argc, char **argv, int *new_argc)
{
    char **out = malloc(((size_t)argc + 2) * sizeof *out);
    char **items = malloc(((size_t)argc + 1) * sizeof *items);
    if (!out || !items) {
        free(out);
        free(items);
        return NULL;
    }
    int n = 0, ni = 0, i = 1;
    out[n++] = argv[0];
    int have_sub = !c->subcommand;
    for (; i < argc; i++) {
        char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        const size_t alen = strlen(a);
        const int is_long = alen > 2 && a[0] == '-' && a[1] == '-';
        /* the one table of options (options.c) says which words are options of c and which
           of them take a value */
        const cli_option *o = alen >= 2 && a[0] == '-' ? cli_option_find(c->name, a) : NULL;
        if (is_long || (o && o->letter)) {
            out[n++] = a;
            if (is_long && !strchr(a, '=') && o && o->arg != CLI_ARG_NONE) {
                if (i + 1 < argc)
                    out[n++] = argv[++i];
            }
        } else if (!have_sub) {
            /* the subcommand goes first, before any option given ahead of it */
            memmove(out + 2, out + 1, (size_t)(n - 1) * sizeof *out);
            out[1] = a;
            n++;
            have_sub = 1;
        } else {
            items[ni++] = a;
        }
    }
    for (; i < argc; i++)
        items[ni++] = argv[i];
    /* A subcommand given only after "--" is still the subcommand. */
    int first = 0;
    if (!have_sub && ni > 0) {
        /* out[1..n) are options: the subcommand goes before them */
        memmove(out + 2, out + 1, (size_t)(n - 1) * sizeof *out);
        out[1] = items[0];
        n++;
        first = 1;
    }
    out[n++] = "--";
    for (int k = first; k < ni; k++)
        out[n++] = items[k];
    free(items);
    *new_argc = n;
    return out;
}

static const cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(commands[i]->name, name) == 0)
            return commands[i];
    return NULL;
}

int main(int argc, char **argv)
{
    /* A reader that goes away (`ibidi scan ZONE | head -1`) ends the command at its next
     * write, at once and without a word, as it ends any filter: SIGPIPE's default action,
     * which a parent may have left ignored (the command would then read a whole zone to
     * write it nowhere, and end with a write error). */
    signal(SIGPIPE, SIG_DFL);
    if (argc < 2) {
        print_help();
        return CLI_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0 || strcmp(cmd, "version") == 0) {
        print_version();
        return CLI_OK;
    }
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        if (argc > 3)
            return cli_usage_error("help", "one command at a time");
        if (argc > 2) {
            if (strcmp(argv[2], "help") == 0) {
                fputs(help_usage, stdout);
                return CLI_OK;
            }
            if (strcmp(argv[2], "version") == 0) {
                fputs(version_usage, stdout);
                return CLI_OK;
            }
            const cli_command *c = find_command(argv[2]);
            if (!c) {
                fprintf(stderr, "ibidi: unknown command '%s' (see 'ibidi help')\n", argv[2]);
                return CLI_USAGE;
            }
            cli_put_usage(c);
            return CLI_OK;
        }
        print_help();
        return CLI_OK;
    }
    const cli_command *c = find_command(cmd);
    if (!c) {
        fprintf(stderr, "ibidi: unknown command '%s' (see 'ibidi help')\n", cmd);
        return CLI_USAGE;
    }
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            break;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            cli_put_usage(c);
            return CLI_OK;
        }
    }
    /* --wrap / --no-wrap, before "--": how every command writes visual-order text */
    int kept = 2, wrap = -1;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0) {
            while (i < argc)
                argv[kept++] = argv[i++];
            break;
        }
        if (strcmp(argv[i], "--wrap") == 0 || strcmp(argv[i], "--no-wrap") == 0)
            wrap = argv[i][2] == 'w';
        else
            argv[kept++] = argv[i];
    }
    argc = kept;
    /* auto: told once here, not asked of the system for every line written */
    cli_set_wrap(wrap < 0 ? isatty(STDOUT_FILENO) : wrap);
    int n;
    char **args = gnu_order(c, argc - 1, argv + 1, &n);
    if (!args) {
        fprintf(stderr, "ibidi: out of memory\n");
        return CLI_USAGE;
    }
    int rc = c->run(n, args);
    free(args);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "ibidi: error writing standard output\n");
        return CLI_INVALID;
    }
    return rc;
}
