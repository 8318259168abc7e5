/* ibidi: the command-line tool. Dispatches to one command per capability. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static const cli_command *const commands[] = {
    &cli_cmd_props,
    &cli_cmd_normalize,
    &cli_cmd_bidi,
    &cli_cmd_to_ascii,
    &cli_cmd_to_unicode,
    &cli_cmd_check,
    &cli_cmd_punycode,
    &cli_cmd_display,
    &cli_cmd_convert,
    &cli_cmd_iri,
    &cli_cmd_twins,
    &cli_cmd_scan,
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
           "on standard input. --json gives machine-readable output. Exit status: 0 when\n"
           "every item was valid, 1 when some item was not, 2 for a usage error.\n\n"
           "commands:\n");
    for (size_t i = 0; i < N_COMMANDS; i++)
        printf("  %-12s %s\n", commands[i]->name, commands[i]->summary);
    printf("  %-12s %s\n", "help", "this list, or the usage of one command");
    printf("  %-12s %s\n", "version", "the version of ibidi and of its Unicode data");
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
        if (argc > 2) {
            const cli_command *c = find_command(argv[2]);
            if (!c) {
                fprintf(stderr, "ibidi: unknown command '%s' (see 'ibidi help')\n", argv[2]);
                return CLI_USAGE;
            }
            fputs(c->usage, stdout);
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
            fputs(c->usage, stdout);
            return CLI_OK;
        }
    }
    int rc = c->run(argc - 1, argv + 1);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "ibidi: error writing standard output\n");
        return CLI_INVALID;
    }
    return rc;
}
