/* The one table of the command's options, and the parser every command shares.
 *
 * An option is named once here, with the value it takes and the commands that take it;
 * main.c's GNU argument order and each command's loop read the same table, so that a
 * value-taking option, an enumeration's values and the messages for a bad one are the
 * same in every command. Each command then switches on the option's id for what it does
 * with it (as curl's tool_getparam.c does with its one table of options). */
#include <ctype.h>
#include <string.h>

#include "cli/cli.h"

#define PROFILES "uts46 whatwg idna2008-lookup idna2008-register"
#define INPUTS "utf8 notation notation-arabic"
#define KINDS "auto domain iri email"
#define IDNA "to-ascii,to-unicode"
#define LEVELS                                                                                \
    "ascii-only single-script highly-restrictive moderately-restrictive "                    \
    "minimally-restrictive unrestricted"

/* Where an option is taken: a list of command names separated by ",", a command with
 * subcommands by its full name ("iri check") or by its first word for all of them. */
static const cli_option table[] = {
    {"--all-lengths", 0, CLI_OPT_ALL_LENGTHS, CLI_ARG_NONE, NULL, "verify-rule"},
    {"--against", 0, CLI_OPT_AGAINST, CLI_ARG_VALUE, NULL, "scan"},
    {"--after", 0, CLI_OPT_AFTER, CLI_ARG_VALUE, NULL, "display"},
    {"--as", 0, CLI_OPT_AS, CLI_ARG_PICK, KINDS " fqdn", "check"},
    {"--as", 0, CLI_OPT_AS, CLI_ARG_PICK, KINDS, "display,convert,iri check,show"},
    {"--as", 0, CLI_OPT_AS, CLI_ARG_PICK, KINDS " text", "twins"},
    {"--before", 0, CLI_OPT_BEFORE, CLI_ARG_VALUE, NULL, "display"},
    {"--bidi-per-label", 0, CLI_OPT_BIDI_PER_LABEL, CLI_ARG_NONE, NULL,
     "iri check,to-ascii,to-unicode"},
    /* the UTS #46 flags of to-ascii and to-unicode, on top of the profile's: the command
       maps the name (after "--" or "--no-") to its flag; no profile sets the last three,
       which have no "--no-" form */
    {"--check-hyphens", 0, CLI_OPT_IDNA_FLAG, CLI_ARG_NONE, NULL, IDNA},
    {"--no-check-hyphens", 0, CLI_OPT_IDNA_NO_FLAG, CLI_ARG_NONE, NULL, IDNA},
    {"--check-bidi", 0, CLI_OPT_IDNA_FLAG, CLI_ARG_NONE, NULL, IDNA},
    {"--no-check-bidi", 0, CLI_OPT_IDNA_NO_FLAG, CLI_ARG_NONE, NULL, IDNA},
    {"--check-joiners", 0, CLI_OPT_IDNA_FLAG, CLI_ARG_NONE, NULL, IDNA},
    {"--no-check-joiners", 0, CLI_OPT_IDNA_NO_FLAG, CLI_ARG_NONE, NULL, IDNA},
    {"--std3", 0, CLI_OPT_IDNA_FLAG, CLI_ARG_NONE, NULL, IDNA},
    {"--no-std3", 0, CLI_OPT_IDNA_NO_FLAG, CLI_ARG_NONE, NULL, IDNA},
    {"--verify-dns-length", 0, CLI_OPT_IDNA_FLAG, CLI_ARG_NONE, NULL, IDNA},
    {"--no-verify-dns-length", 0, CLI_OPT_IDNA_NO_FLAG, CLI_ARG_NONE, NULL, IDNA},
    {"--transitional", 0, CLI_OPT_IDNA_FLAG, CLI_ARG_NONE, NULL, IDNA},
    {"--ignore-invalid-punycode", 0, CLI_OPT_IDNA_FLAG, CLI_ARG_NONE, NULL, IDNA},
    {"--canonical", 0, CLI_OPT_CANONICAL, CLI_ARG_NONE, NULL, "punycode"},
    {"--check", 0, CLI_OPT_CHECK, CLI_ARG_NONE, NULL, "normalize"},
    {"--context", 0, CLI_OPT_CONTEXT, CLI_ARG_PICK, "ltr rtl", "display,convert,twins,show"},
    {"--context", 0, CLI_OPT_CONTEXT, CLI_ARG_PICK, "ltr rtl both", "scan"},
    {"--decode", 'd', CLI_OPT_DECODE, CLI_ARG_NONE, NULL, "punycode"},
    {"--dir", 0, CLI_OPT_DIR, CLI_ARG_PICK, "ltr rtl auto", "bidi"},
    {"--duerst", 0, CLI_OPT_DUERST, CLI_ARG_NONE, NULL, "check,iri check"},
    {"--encode", 'e', CLI_OPT_ENCODE, CLI_ARG_NONE, NULL, "punycode"},
    {"--encode-ascii", 0, CLI_OPT_ENCODE_ASCII, CLI_ARG_NONE, NULL, "iri to-uri"},
    {"--form", 0, CLI_OPT_FORM, CLI_ARG_PICK_CASE, "nfc nfd nfkc nfkd", "normalize"},
    {"--form", 0, CLI_OPT_FORM, CLI_ARG_PICK,
     "visual marks embed isolate components html html-span", "display"},
    {"--form", 0, CLI_OPT_FORM, CLI_ARG_NONE, NULL, "show"},
    {"--format", 0, CLI_OPT_FORMAT, CLI_ARG_PICK, "auto names zone", "scan"},
    {"--from", 0, CLI_OPT_FROM, CLI_ARG_PICK, "logical textual visual", "convert"},
    {"--hex", 0, CLI_OPT_HEX, CLI_ARG_NONE, NULL, "punycode"},
    {"--host-percent", 0, CLI_OPT_HOST_PERCENT, CLI_ARG_NONE, NULL, "iri to-uri"},
    {"--host-to-unicode", 0, CLI_OPT_HOST_TO_UNICODE, CLI_ARG_NONE, NULL, "iri to-iri"},
    {"--html", 0, CLI_OPT_HTML, CLI_ARG_VALUE, NULL, "scan"},
    {"--include-invalid", 0, CLI_OPT_INCLUDE_INVALID, CLI_ARG_NONE, NULL,
     "lgr check,lgr variants"},
    {"--input", 0, CLI_OPT_INPUT, CLI_ARG_PICK, INPUTS,
     "check,to-ascii,to-unicode,display,convert,twins,iri check,iri to-uri,show"},
    {"--input", 0, CLI_OPT_INPUT, CLI_ARG_PICK, "utf8 hex classes notation notation-arabic",
     "bidi"},
    {"--json", 0, CLI_OPT_JSON, CLI_ARG_NONE, NULL,
     "props,normalize,bidi,to-ascii,to-unicode,check,punycode,display,convert,iri,twins,scan,"
     "lgr,verify-rule,explain,show"},
    {"--keep-unsafe", 0, CLI_OPT_KEEP_UNSAFE, CLI_ARG_NONE, NULL, "iri to-iri"},
    {"--levels", 0, CLI_OPT_LEVELS, CLI_ARG_NONE, NULL, "display"},
    {"--lgr", 0, CLI_OPT_LGR, CLI_ARG_VALUE, NULL,
     "check,scan,lgr check,lgr variants,lgr index"},
    {"--list", 0, CLI_OPT_LIST, CLI_ARG_NONE, NULL, "explain"},
    {"--look-alike", 0, CLI_OPT_LOOK_ALIKE, CLI_ARG_VALUE, NULL, "twins"},
    {"--look-alike-groups", 0, CLI_OPT_LOOK_ALIKE_GROUPS, CLI_ARG_NONE, NULL, "scan"},
    {"--max-candidates", 0, CLI_OPT_MAX_CANDIDATES, CLI_ARG_VALUE, NULL, "twins"},
    {"--max-length", 0, CLI_OPT_MAX_LENGTH, CLI_ARG_VALUE, NULL, "verify-rule"},
    {"--max-restriction", 0, CLI_OPT_MAX_RESTRICTION, CLI_ARG_PICK, LEVELS, "check,show"},
    {"--max-twins", 0, CLI_OPT_MAX_TWINS, CLI_ARG_VALUE, NULL, "twins"},
    {"--max-variants", 0, CLI_OPT_MAX_VARIANTS, CLI_ARG_VALUE, NULL, "lgr check,lgr variants"},
    {"--memory", 0, CLI_OPT_MEMORY, CLI_ARG_VALUE, NULL, "scan"},
    {"--needs-embedding", 0, CLI_OPT_NEEDS_EMBEDDING, CLI_ARG_NONE, NULL, "display"},
    {"--no-exact", 0, CLI_OPT_NO_EXACT, CLI_ARG_NONE, NULL, "check"},
    {"--no-variants", 0, CLI_OPT_NO_VARIANTS, CLI_ARG_NONE, NULL, "lgr check"},
    {"--only-valid", 0, CLI_OPT_ONLY_VALID, CLI_ARG_NONE, NULL, "scan"},
    {"--origin", 0, CLI_OPT_ORIGIN, CLI_ARG_VALUE, NULL, "scan"},
    {"--output", 0, CLI_OPT_OUTPUT, CLI_ARG_PICK, "visual levels order runs json", "bidi"},
    {"--output", 0, CLI_OPT_OUTPUT, CLI_ARG_PICK, INPUTS, "iri to-iri"},
    {"--profile", 0, CLI_OPT_PROFILE, CLI_ARG_PICK, PROFILES,
     "check,to-ascii,to-unicode,twins,scan,iri to-uri,show"},
    {"--policy", 0, CLI_OPT_POLICY, CLI_ARG_PICK, "default chromium firefox webkit", "show"},
    {"--protect", 0, CLI_OPT_PROTECT, CLI_ARG_VALUE, NULL, "scan,show"},
    {"--protect-name", 0, CLI_OPT_PROTECT_NAME, CLI_ARG_VALUE, NULL, "show"},
    {"--prove", 0, CLI_OPT_PROVE, CLI_ARG_NONE, NULL, "display"},
    {"--scripts", 0, CLI_OPT_SCRIPTS, CLI_ARG_VALUE, NULL, "show"},
    {"--set", 0, CLI_OPT_SET, CLI_ARG_VALUE, NULL, "lgr check,lgr variants,lgr index"},
    {"--spans", 0, CLI_OPT_SPANS, CLI_ARG_NONE, NULL, "display"},
    {"--strict", 0, CLI_OPT_STRICT, CLI_ARG_NONE, NULL, "iri check"},
    {"--threads", 0, CLI_OPT_THREADS, CLI_ARG_VALUE, NULL, "scan,verify-rule"},
    {"--to", 0, CLI_OPT_TO, CLI_ARG_PICK, "logical textual visual", "convert"},
    {"--tsv", 0, CLI_OPT_TSV, CLI_ARG_NONE, NULL, "to-ascii,to-unicode,scan"},
};
#define N_TABLE (sizeof table / sizeof table[0])

/* Is cmd ("iri check", or "iri" for any of its subcommands) in the list where? */
static int taken_by(const char *where, const char *cmd)
{
    const size_t cl = strlen(cmd);
    const int whole = strchr(cmd, ' ') != NULL;
    for (const char *p = where; *p;) {
        size_t n = strcspn(p, ",");
        /* the same name, or the command's first word against a token "iri check" */
        if ((n == cl && memcmp(p, cmd, n) == 0) ||
            (!whole && n > cl && memcmp(p, cmd, cl) == 0 && p[cl] == ' '))
            return 1;
        /* a token "lgr" takes every subcommand of lgr */
        const char *sp = memchr(cmd, ' ', cl);
        if (sp && (size_t)(sp - cmd) == n && memcmp(p, cmd, n) == 0)
            return 1;
        p += n;
        if (*p == ',')
            p++;
    }
    return 0;
}

const cli_option *cli_option_table(size_t *n)
{
    *n = N_TABLE;
    return table;
}

int cli_option_taken_by(const cli_option *o, const char *cmd) { return taken_by(o->where, cmd); }

const cli_option *cli_option_find(const char *cmd, const char *word)
{
    const int is_short = word[0] == '-' && word[1] && word[1] != '-' && !word[2];
    const size_t n = is_short ? 0 : strcspn(word, "=");
    for (size_t i = 0; i < N_TABLE; i++) {
        const cli_option *o = &table[i];
        const int match = is_short ? o->letter == word[1]
                                   : strlen(o->name) == n && memcmp(o->name, word, n) == 0;
        if (match && taken_by(o->where, cmd))
            return o;
    }
    return NULL;
}

/* The index of v among the space-separated words of list, or -1. */
static int pick(const char *list, const char *v, int any_case)
{
    const size_t vl = strlen(v);
    int k = 0;
    for (const char *p = list; *p; k++) {
        size_t n = strcspn(p, " ");
        int same = n == vl;
        for (size_t i = 0; same && i < n; i++)
            same = any_case ? tolower((unsigned char)p[i]) == tolower((unsigned char)v[i])
                            : p[i] == v[i];
        if (same)
            return k;
        p += n;
        while (*p == ' ')
            p++;
    }
    return -1;
}

/* "a, b or c" for a message. */
static void choices(char *out, size_t cap, const char *list)
{
    size_t at = 0, words = 1;
    for (const char *p = list; *p; p++)
        words += *p == ' ';
    size_t k = 0;
    for (const char *p = list; *p && at + 1 < cap; k++) {
        size_t n = strcspn(p, " ");
        const char *sep = k == 0 ? "" : k + 1 == words ? " or " : ", ";
        int w = snprintf(out + at, cap - at, "%s%.*s", sep, (int)n, p);
        if (w < 0)
            break;
        at += (size_t)w < cap - at ? (size_t)w : cap - at - 1;
        p += n;
        while (*p == ' ')
            p++;
    }
}

void cli_args_init(cli_args *a, const char *cmd, int argc, char **argv, int first)
{
    a->cmd = cmd;
    a->argc = argc;
    a->argv = argv;
    a->i = first;
}

int cli_args_next(cli_args *a, cli_arg *out)
{
    if (a->i >= a->argc)
        return 0;
    const char *w = a->argv[a->i];
    if (strcmp(w, "--") == 0) {
        a->i++;
        return 0;
    }
    /* main.c put every option before "--": a word here is one (or a command that was not
       given the GNU order, whose items start at the first word that is none) */
    const int is_short = w[0] == '-' && w[1] && w[1] != '-' && !w[2];
    if (!(w[0] == '-' && w[1] == '-' && w[2]) && !is_short)
        return 0;
    const cli_option *o = cli_option_find(a->cmd, w);
    if (!o) {
        cli_usage_error(a->cmd, "unknown option '%s'", w);
        return -1;
    }
    const char *eq = is_short ? NULL : strchr(w, '=');
    a->i++;
    out->opt = o;
    out->id = o->id;
    out->value = NULL;
    out->pick = -1;
    if (o->arg == CLI_ARG_NONE) {
        if (eq) {
            cli_usage_error(a->cmd, "%s takes no value", o->name);
            return -1;
        }
        return 1;
    }
    if (eq) {
        out->value = eq + 1;
    } else if (a->i < a->argc && strcmp(a->argv[a->i], "--") != 0) {
        out->value = a->argv[a->i++];
    } else {
        char list[256] = "";
        if (o->arg != CLI_ARG_VALUE)
            choices(list, sizeof list, o->values);
        cli_usage_error(a->cmd, "%s needs a value%s%s", o->name, *list ? ": " : "", list);
        return -1;
    }
    if (o->arg != CLI_ARG_VALUE) {
        out->pick = pick(o->values, out->value, o->arg == CLI_ARG_PICK_CASE);
        if (out->pick < 0) {
            char list[256];
            choices(list, sizeof list, o->values);
            cli_usage_error(a->cmd, "unknown %s value '%s': %s", o->name, out->value, list);
            return -1;
        }
    }
    return 1;
}

int cli_args_format(const cli_args *a, const cli_arg *o, cli_format *f)
{
    const cli_format want = o->id == CLI_OPT_JSON ? CLI_FMT_JSON : CLI_FMT_TSV;
    if (*f != CLI_FMT_TEXT && *f != want) {
        cli_usage_error(a->cmd, "--json and --tsv: choose one");
        return -1;
    }
    *f = want;
    return 0;
}

int cli_args_number(const cli_args *a, const cli_arg *o, unsigned long long min,
                    unsigned long long max, unsigned long long *n)
{
    const char *v = o->value;
    unsigned long long x = 0;
    int ok = *v != '\0';
    for (const char *p = v; ok && *p; p++) {
        const unsigned d = (unsigned)(*p - '0');
        ok = *p >= '0' && *p <= '9' && d <= max && x <= (max - d) / 10;
        if (ok)
            x = x * 10 + (unsigned)(*p - '0');
    }
    if (!ok || x < min) {
        if (max == ~0ULL)
            cli_usage_error(a->cmd, "%s needs a number from %llu up, not '%s'", o->opt->name,
                            min, v);
        else
            cli_usage_error(a->cmd, "%s needs a number from %llu to %llu, not '%s'",
                            o->opt->name, min, max, v);
        return -1;
    }
    *n = x;
    return 0;
}
