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
} cli_command;

extern const cli_command cli_cmd_props;
extern const cli_command cli_cmd_normalize;
extern const cli_command cli_cmd_bidi;
extern const cli_command cli_cmd_to_ascii;
extern const cli_command cli_cmd_to_unicode;
extern const cli_command cli_cmd_check;
extern const cli_command cli_cmd_punycode;
extern const cli_command cli_cmd_display;
extern const cli_command cli_cmd_convert;
extern const cli_command cli_cmd_iri;
extern const cli_command cli_cmd_verify_rule;
extern const cli_command cli_cmd_twins;
extern const cli_command cli_cmd_scan;
extern const cli_command cli_cmd_explain;

/* Calls fn(item, len, ctx) for each item: the arguments argv[first..argc), or, when there
 * are none, each line of standard input without its line terminator (LF or CRLF).
 * *lineno gets the 1-based item number. Returns the worst exit status fn returned. */
typedef int (*cli_item_fn)(const char *item, size_t len, size_t lineno, void *ctx);
int cli_for_each_item(int argc, char **argv, int first, cli_item_fn fn, void *ctx);

/* Prints "ibidi CMD: item N: <what>: <status message> (at byte|index OFF)" to stderr. */
void cli_report(const char *cmd, size_t itemno, const char *what, const ibidi_error *err,
                const char *unit);
/* Prints "ibidi CMD: message" and a hint to stderr; returns CLI_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* JSON: writes s[0..len) as a JSON string literal (with quotes); s must be valid UTF-8. */
void cli_json_string(FILE *f, const char *s, size_t len);
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
/* Parses an --input value "utf8", "notation" or "notation-arabic"; 0 if unknown. */
int cli_parse_input(const char *v, cli_input *in);
/* Notation to UTF-8 (malloc'd, NUL-terminated, *out_len bytes); NULL after a message on
 * stderr naming cmd and the item when the text is not ASCII, or without memory. */
char *cli_from_notation(const char *cmd, size_t itemno, const char *s, size_t len, cli_input in,
                        size_t *out_len);
/* Writes UTF-8 text, in notation again when in is not CLI_IN_UTF8. */
void cli_put_text(FILE *f, const char *s, size_t len, cli_input in);

/* Text as a JSON string: the UTF-8 itself, or its notation form when in is not
 * CLI_IN_UTF8. */
void cli_json_text(FILE *f, const char *s, size_t len, cli_input in);

/* Is this option string equal to name? Accepts "--name" and "--name=value" forms:
 * *value gets the part after '=' or NULL. */
int cli_opt(const char *arg, const char *name, const char **value);

/* A value-taking option "--name VALUE" or "--name=VALUE" at argv[*i]: returns 1 and sets
 * *value (advancing *i past a separate value), 0 when argv[*i] is another option, -1 after
 * a usage message when the value is missing. */
int cli_opt_value(const char *cmd, int argc, char **argv, int *i, const char *name,
                  const char **value);
/* The index of value in names[0..n), or -1. */
int cli_pick(const char *value, const char *const *names, int n);
/* Parses a --profile value (ibidi_idna_profile_name); 0 if unknown. */
int cli_parse_profile(const char *value, ibidi_idna_profile *profile);

#endif
