/* Shared pieces of the ibidi command: argument and input handling, JSON output, and
 * error reporting. The command uses only the public API of libibidi. */
#ifndef IBIDI_CLI_H
#define IBIDI_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ibidi.h"

/* Exit statuses of every command. */
enum { CLI_OK = 0, CLI_INVALID = 1, CLI_USAGE = 2 };

typedef struct cli_command {
    const char *name;
    const char *summary; /* one line for `ibidi help` */
    const char *usage;   /* full text for `ibidi help NAME` and `NAME --help` */
    int (*run)(int argc, char **argv);
    /* Whether its first word is a subcommand that stays first (ibidi iri check ...), for
     * the GNU argument order (main.c puts options before items; the options themselves
     * are in the one table, options.c). */
    int subcommand;
    /* More of the usage text, written after it (NULL: none): C11 compilers need take no
     * string literal over 4095 bytes. */
    const char *usage_more;
} cli_command;

extern const cli_command cli_cmd_props;
extern const cli_command cli_cmd_normalize;
extern const cli_command cli_cmd_bidi;
extern const cli_command cli_cmd_to_ascii;
extern const cli_command cli_cmd_to_unicode;
extern const cli_command cli_cmd_check;
extern const cli_command cli_cmd_show;
extern const cli_command cli_cmd_punycode;
extern const cli_command cli_cmd_display;
extern const cli_command cli_cmd_convert;
extern const cli_command cli_cmd_iri;
extern const cli_command cli_cmd_verify_rule;
extern const cli_command cli_cmd_twins;
extern const cli_command cli_cmd_scan;
extern const cli_command cli_cmd_lgr;
extern const cli_command cli_cmd_explain;

/* Calls fn(item, len, ctx) for each item: the arguments argv[first..argc), or, when there
 * are none, each line of standard input without its line terminator (LF or CRLF).
 * *lineno gets the 1-based item number. Returns the worst exit status fn returned.
 * A line over CLI_LINE_MAX bytes is not kept: fn gets item NULL and len its length, and
 * answers with cli_line_too_long, so that memory stays bounded whatever the input. */
#define CLI_LINE_MAX 1048576 /* 1 MiB, as a scan's line (IBIDI_SCAN_LINE_MAX) */
typedef int (*cli_item_fn)(const char *item, size_t len, size_t lineno, void *ctx);
int cli_for_each_item(int argc, char **argv, int first, cli_item_fn fn, void *ctx);
/* The record of a line over CLI_LINE_MAX bytes (len of them, not kept): the report on
 * standard error, and {"input":null,"input_length":len,"error":...} with --json, or the
 * error line; returns CLI_INVALID. */
int cli_line_too_long(const char *cmd, size_t itemno, size_t len, int json);

/* Prints "ibidi CMD: item N: <what>: <status message> (at byte|index OFF)" to stderr. */
void cli_report(const char *cmd, size_t itemno, const char *what, const ibidi_error *err,
                const char *unit);
/* Prints "ibidi CMD: message" and a hint to stderr; returns CLI_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/*
 * The one escaping rule of the command's output (README, "The command"):
 *  - JSON: cli_json_string writes a JSON string literal, always valid: the characters of
 *    s, with ", \\ and C0/DEL escaped, and each byte of ill-formed UTF-8 as U+FFFD. An
 *    item's text goes out through cli_json_input: the key ("input", scan's "name") so
 *    written, and, only when the item is not well-formed UTF-8, KEY_hex with every byte
 *    of it in lower-case hex, so that the item's bytes are always recoverable: KEY_hex
 *    when present, else KEY.
 *  - Text and TSV: cli_put_escaped writes UTF-8 as it is, tab, CR, LF and backslash as
 *    \t \r \n \\, other C0 controls, DEL and each byte of ill-formed UTF-8 as \xNN
 *    (upper-case hex): reversible, and a line never splits.
 */
/* cli_json_string returns 1 when it replaced some byte (s is not well-formed UTF-8). */
int cli_json_string(FILE *f, const char *s, size_t len);
void cli_json_input(FILE *f, const char *key, const char *s, size_t len);
/* The bytes as a JSON string of lower-case hex digits, two per byte. */
void cli_json_hex(FILE *f, const char *s, size_t len);
void cli_put_escaped(FILE *f, const char *s, size_t len);
/* The same into out, which has room for 4 * len bytes; returns the bytes written. */
size_t cli_escape(char *out, const char *s, size_t len);

/* Every item gets one record, in input order, failures included. A failed item's JSON
 * record holds its input (cli_json_input) and cli_json_error's
 * "error":{"status":NAME,"offset":N,"message":TEXT}; its text line is cli_text_error's
 * "error: NAME at UNIT N" (unit NULL: no offset); the human message goes to standard
 * error as before (cli_report). */
void cli_json_error(FILE *f, const ibidi_error *err);
void cli_text_error(FILE *f, const ibidi_error *err, const char *unit);
/* An item whose call failed as a whole (the library's allocating call returned st): the
 * message to standard error, the item's record (JSON or text line); the exit status it
 * gives (CLI_USAGE without memory, else CLI_INVALID). */
int cli_item_failed(const char *cmd, size_t itemno, const char *item, size_t len, int json,
                    ibidi_status st);
/* The whole record of a failed item: {"input":...,"error":{...}} or the text line. */
void cli_fail_record(FILE *f, int json, const char *item, size_t len, const ibidi_error *err,
                     const char *unit);
/* Writes the code point as "U+XXXX" (4 to 6 hex digits). */
void cli_put_cp(FILE *f, uint32_t cp);
/* Writes a code point sequence as "U+XXXX U+YYYY". */
void cli_put_cps(FILE *f, const uint32_t *cps, size_t n);

/* Parses "U+XXXX" / "u+xxxx" (1 to 6 hex digits). Returns 1 and sets *cp if s[0..len) has
 * that form (the value may still be above 10FFFF: the caller checks), 0 otherwise. */
int cli_parse_u_notation(const char *s, size_t len, uint32_t *cp);

/* Bidi Notation: A-Z stand for 26 distinct right-to-left letters, Hebrew ALEF..TSADI
 * (U+05D0..U+05E9, class R), or with arabic U+0621..U+063A (HAMZA..GHAIN, class AL).
 * cli_notation_cp maps 'A'..'Z' to its letter; cli_notation_char maps such a letter back
 * to 'A'..'Z' and ASCII to itself, and returns -1 for anything else. */
uint32_t cli_notation_cp(char upper, int arabic);
int cli_notation_char(uint32_t cp, int arabic);

/* How items are written: UTF-8, or Bidi Notation with A-Z as Hebrew (R) or Arabic (AL)
 * letters. In notation the bidi controls are written as Duerst 2001's entities: &lrm;
 * &rlm; &alm; &lre; &rle; &pdf; &lro; &rlo; &lri; &rli; &fsi; &pdi;. */
typedef enum cli_input { CLI_IN_UTF8 = 0, CLI_IN_NOTATION = 1, CLI_IN_NOTATION_ARABIC = 2 } cli_input;
/* Notation to UTF-8 (malloc'd, NUL-terminated, *out_len bytes); NULL after a message on
 * stderr naming cmd and the item when the text is not ASCII, or without memory. */
char *cli_from_notation(const char *cmd, size_t itemno, const char *s, size_t len, cli_input in,
                        size_t *out_len);
/* Why cli_from_notation gave NULL, as an error for the item's record: NOTATION_SYNTAX at
 * the first byte that is not ASCII, else NOMEM. */
void cli_notation_failure(const char *s, size_t len, ibidi_error *err);
/* cli_from_notation that, when it gives NULL, also writes the item's failure record (JSON
 * or text line, cli_fail_record). */
char *cli_from_notation_record(const char *cmd, size_t itemno, const char *s, size_t len,
                               cli_input in, int json, size_t *out_len);
/* Writes UTF-8 text for a text or TSV line, in notation again when in is not CLI_IN_UTF8;
 * either way escaped as cli_put_escaped says. */
void cli_put_text(FILE *f, const char *s, size_t len, cli_input in);

/* Visual-order text for a text line: as cli_put_text, inside LRO ... PDF when standard
 * output is a terminal (or always, or never: cli_set_wrap, from --wrap / --no-wrap). */
void cli_put_visual(FILE *f, const char *s, size_t len, cli_input in);
void cli_set_wrap(int mode); /* -1 auto (a terminal), 0 never, 1 always */
int cli_wrap_on(void);       /* whether cli_put_visual wraps, as set */

/* Text as a JSON string: the UTF-8 itself, or its notation form when in is not
 * CLI_IN_UTF8. */
void cli_json_text(FILE *f, const char *s, size_t len, cli_input in);

/* Findings, the one writer per format that every command uses: a JSON object with the
 * same fields everywhere (code, severity, label, offset, length, input_offset and
 * input_length when the place differs in the input, cp, bidi_class, context, the detail
 * by its meaning, the text at the place when text is given, message); an array of them;
 * and a line in words ("    error   B1  label 0, byte 0, U+0031 (EN): RFC 5893 ..."). */
void cli_json_finding(FILE *f, const ibidi_finding *x, const char *text, size_t text_len,
                      cli_input in);
void cli_json_findings(FILE *f, const ibidi_finding *x, size_t n, const char *text,
                       size_t text_len, cli_input in);
void cli_text_finding(FILE *f, const ibidi_finding *x, const char *text, size_t text_len,
                      cli_input in);
/* JSON the library wrote (ibidi/json.h), in notation again when in says so. */
void cli_put_json(FILE *f, const char *json, size_t len, cli_input in);

/* ---- Options (options.c): one table for every command ---------------------------------- */

typedef enum cli_opt_id {
    CLI_OPT_ALL_LENGTHS, CLI_OPT_AFTER, CLI_OPT_AGAINST, CLI_OPT_AS, CLI_OPT_BEFORE, CLI_OPT_BIDI_PER_LABEL,
    CLI_OPT_CANONICAL, CLI_OPT_CHECK, CLI_OPT_CONTEXT, CLI_OPT_DECODE, CLI_OPT_DIR,
    CLI_OPT_DUERST, CLI_OPT_ENCODE, CLI_OPT_ENCODE_ASCII, CLI_OPT_FORM, CLI_OPT_FORMAT,
    CLI_OPT_FROM, CLI_OPT_HEX, CLI_OPT_HOST_PERCENT, CLI_OPT_HOST_TO_UNICODE, CLI_OPT_HTML,
    CLI_OPT_IDNA_FLAG, CLI_OPT_IDNA_NO_FLAG,
    CLI_OPT_INCLUDE_INVALID, CLI_OPT_INPUT, CLI_OPT_JSON, CLI_OPT_KEEP_UNSAFE, CLI_OPT_LEVELS,
    CLI_OPT_LOOK_ALIKE, CLI_OPT_LOOK_ALIKE_GROUPS,
    CLI_OPT_LGR, CLI_OPT_LIST, CLI_OPT_MAX_CANDIDATES, CLI_OPT_MAX_LENGTH,
    CLI_OPT_MAX_RESTRICTION, CLI_OPT_MAX_TWINS, CLI_OPT_MAX_VARIANTS, CLI_OPT_MEMORY,
    CLI_OPT_NEEDS_EMBEDDING, CLI_OPT_NO_EXACT, CLI_OPT_NO_VARIANTS, CLI_OPT_ONLY_VALID,
    CLI_OPT_ORIGIN, CLI_OPT_OUTPUT, CLI_OPT_POLICY, CLI_OPT_PROFILE, CLI_OPT_PROTECT,
    CLI_OPT_PROTECT_NAME, CLI_OPT_PROVE, CLI_OPT_SCRIPTS,
    CLI_OPT_SET, CLI_OPT_SPANS, CLI_OPT_STRICT, CLI_OPT_THREADS, CLI_OPT_TO, CLI_OPT_TSV
} cli_opt_id;

typedef enum cli_arg_kind {
    CLI_ARG_NONE,      /* a flag: "--json" ("--json=x" is refused) */
    CLI_ARG_VALUE,     /* "--lgr FILE" or "--lgr=FILE" */
    CLI_ARG_PICK,      /* one of the words of values: the parser checks it */
    CLI_ARG_PICK_CASE  /* the same in any case ("NFC") */
} cli_arg_kind;

typedef struct cli_option {
    const char *name;   /* "--as" */
    char letter;        /* its short form (-d), or 0 */
    cli_opt_id id;
    cli_arg_kind arg;
    const char *values; /* CLI_ARG_PICK: the words it takes, in the order of cli_arg.pick */
    const char *where;  /* the commands that take it (options.c) */
} cli_option;

/* The entry of the table for word ("--name", "--name=value", or "-x") in command cmd (a
 * full name, "iri check", or a first word, "iri", for any of its subcommands); NULL if
 * the command has no such option. */
const cli_option *cli_option_find(const char *cmd, const char *word);

/* The whole table (n entries), and whether cmd takes entry o: for tests/test_cli_table.c. */
const cli_option *cli_option_table(size_t *n);
int cli_option_taken_by(const cli_option *o, const char *cmd);

/* One option as the parser read it. */
typedef struct cli_arg {
    const cli_option *opt;
    cli_opt_id id;
    const char *value; /* NULL for a flag */
    int pick;          /* CLI_ARG_PICK: the index of value among opt->values; else -1 */
} cli_arg;

/* The words of a command after main.c's GNU order: options, "--", items. */
typedef struct cli_args {
    const char *cmd; /* the name messages use ("iri check") */
    int argc;
    char **argv;
    int i; /* the next word; after the options, the first item */
} cli_args;

void cli_args_init(cli_args *a, const char *cmd, int argc, char **argv, int first);
/* The next option: 1 (in *o), 0 at the end of the options (a->i is then the first item),
 * -1 after a usage message on standard error (an option the command does not take, a flag
 * given a value, a value missing or not one of the option's words). */
int cli_args_next(cli_args *a, cli_arg *o);

/* The output formats, one writer each: text (cli_put_text, cli_put_visual,
 * cli_text_finding), TSV (cli_tsv) and JSON (cli_jw). */
typedef enum cli_format { CLI_FMT_TEXT = 0, CLI_FMT_TSV = 1, CLI_FMT_JSON = 2 } cli_format;
/* --json or --tsv into *f: -1 after a usage message when the other one was given. */
int cli_args_format(const cli_args *a, const cli_arg *o, cli_format *f);
/* The option's value as a number from min to max: -1 after a usage message if it is not. */
int cli_args_number(const cli_args *a, const cli_arg *o, unsigned long long min,
                    unsigned long long max, unsigned long long *n);

/* ---- Record writers (writer.c) --------------------------------------------------------- */

/* Where records go: a stream (f), or memory that grows (f NULL: data, len; failed when
 * memory ran out; release data with free). */
typedef struct cli_out {
    FILE *f;
    char *data;
    size_t len, cap;
    int failed;
} cli_out;
void cli_out_put(cli_out *o, const char *s, size_t n);
void cli_out_str(cli_out *o, const char *s);
void cli_out_char(cli_out *o, char c);
void cli_out_escaped(cli_out *o, const char *s, size_t n); /* as cli_put_escaped */
/* Memory only: the n bytes written at offset at, once more (a field repeated). */
void cli_out_again(cli_out *o, size_t at, size_t n);

/* JSON: one object per record, on one line. Keys are written as given (ASCII); a key NULL
 * is a value inside an array. Text goes out escaped (cli_json_string), in notation again
 * with cli_jw_text when in says so (a stream only: memory holds UTF-8 records). */
#define CLI_JW_DEPTH 8
typedef struct cli_jw {
    cli_out *o;
    cli_out stream; /* cli_jw_begin's */
    cli_input in;
    unsigned depth;
    unsigned char more[CLI_JW_DEPTH]; /* a value was written at this depth: a comma first */
    char close[CLI_JW_DEPTH];
} cli_jw;
void cli_jw_begin(cli_jw *w, FILE *f, cli_input in);   /* "{" */
void cli_jw_begin_out(cli_jw *w, cli_out *o, cli_input in);
void cli_jw_end(cli_jw *w);                            /* closes all, "}" and LF */
void cli_jw_object(cli_jw *w, const char *key);        /* opens a nested "{" */
void cli_jw_array(cli_jw *w, const char *key);         /* opens a nested "[" */
void cli_jw_close(cli_jw *w);                          /* closes the innermost */
void cli_jw_str(cli_jw *w, const char *key, const char *s, size_t len);
void cli_jw_cstr(cli_jw *w, const char *key, const char *s); /* NULL: null */
void cli_jw_text(cli_jw *w, const char *key, const char *s, size_t len);
void cli_jw_input(cli_jw *w, const char *key, const char *s, size_t len); /* and key_hex */
void cli_jw_bool(cli_jw *w, const char *key, int v);
void cli_jw_uint(cli_jw *w, const char *key, unsigned long long v);
void cli_jw_int(cli_jw *w, const char *key, long long v);
void cli_jw_double(cli_jw *w, const char *key, double v, int decimals);
void cli_jw_null(cli_jw *w, const char *key);
void cli_jw_raw(cli_jw *w, const char *key, const char *json, size_t len); /* library JSON */
void cli_jw_error(cli_jw *w, const ibidi_error *err);  /* "error":{...} */
void cli_jw_finding(cli_jw *w, const char *key, const ibidi_finding *x, const char *text,
                    size_t text_len);
void cli_jw_findings(cli_jw *w, const char *key, const ibidi_finding *x, size_t n,
                     const char *text, size_t text_len);

/* TSV: one line per record, fields separated by a tab, each escaped (cli_put_escaped). */
typedef struct cli_tsv {
    cli_out *o;
    cli_out stream; /* cli_tsv_begin's */
    cli_input in;
    int n;
} cli_tsv;
void cli_tsv_begin(cli_tsv *t, FILE *f, cli_input in);
void cli_tsv_begin_out(cli_tsv *t, cli_out *o, cli_input in);
void cli_tsv_str(cli_tsv *t, const char *s, size_t len);
void cli_tsv_cstr(cli_tsv *t, const char *s); /* NULL: an empty field */
/* A field the program writes itself, an ASCII word with nothing to escape ("valid"). */
void cli_tsv_word(cli_tsv *t, const char *s);
/* Opens a field whose text the caller writes in parts (cli_out_escaped, cli_out_str). */
void cli_tsv_field(cli_tsv *t);
void cli_tsv_text(cli_tsv *t, const char *s, size_t len); /* in notation when in says so */
void cli_tsv_uint(cli_tsv *t, unsigned long long v);
void cli_tsv_end(cli_tsv *t);

/* The identifier s as users see it (RFC 5894 §4.2, ibidi_iri_unicode_form_alloc with o):
 * 1 when the form differs from s, with the form in *form (release with ibidi_free) and
 * its length in *form_len; else 0 and *form NULL (the call failed, or the form is s). */
int cli_unicode_form(const char *s, size_t len, const ibidi_iri_options *o, char **form,
                     size_t *form_len);


#endif
