/* `ibidi scan --against EXISTING [CANDIDATE...]`: the part of the scan command that checks
 * candidates against an existing list. cmd_scan.c reads the existing list with its own
 * reader and workers and hands each name here instead of making its record; this file
 * makes the candidates, their index (the library's ibidi_scan_against) and their records. */
#ifndef IBIDI_CLI_SCAN_AGAINST_H
#define IBIDI_CLI_SCAN_AGAINST_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "cli/cli.h"

typedef struct cli_against cli_against;

/* What the scan command was asked. */
typedef struct cli_against_opts {
    int json, tsv;           /* the output format (neither: text) */
    int ltr, rtl;            /* the contexts whose displays are compared */
    ibidi_idna_profile profile;
    const ibidi_lgr *lgr;    /* --lgr, or NULL */
    int only_valid;          /* --only-valid: only collisions with valid names count */
} cli_against_opts;

/* The existing list as the command read it, for the summary. */
typedef struct cli_against_totals {
    size_t lines, names, skipped, valid;
    size_t unreadable; /* lines of a zone file the reader could not read */
    int read_error;    /* the input ended with an error: the check is incomplete */
    int failed;        /* the scan stopped (no memory, say): the check is incomplete */
} cli_against_totals;

/* Scans the candidates (the n arguments, or with none each name of standard input, one
 * per line as a list has them) and indexes them. NULL after a message on standard error;
 * *rc then holds the exit status. */
cli_against *cli_against_start(const cli_against_opts *o, char *const *cands, size_t n,
                               int *rc);

/* One name of the existing list (line is its line number; owner: a zone file's owner name,
 * IBIDI_SCAN_OWNER), from any worker thread: its validity in *valid. Returns 0 without
 * memory. */
int cli_against_existing(cli_against *a, const char *name, size_t len, int owner,
                         uint64_t line, int *valid);

/* After the list: a record per candidate in their order, then the summary. Returns the
 * exit status. */
int cli_against_report(cli_against *a, const cli_against_totals *t);

/* --protect FILE: the same index holds the protected names (the candidates, read from
 * FILE by the command), and each scanned name is looked up in it. Its hits (the protected
 * names it looks or displays like, the protected name itself left out) go to small when
 * cap holds them, else to an allocated array (*out: free it when it is not small); the
 * count, or (size_t)-1 without memory. From any worker thread. */
size_t cli_protect_match(const cli_against *a, const char *name, size_t len, const char *text,
                         const ibidi_scan_result *r, ibidi_scan_hit *small, size_t cap,
                         ibidi_scan_hit **out);
/* The i-th candidate (protected name) as given. */
const char *cli_against_name(const cli_against *a, size_t i, size_t *len);
/* The name of bit b of a reason (IBIDI_SCAN_WHY_*: "same", "ltr", ..., "look-rtl"), or
 * NULL past the last. */
const char *cli_against_why_name(unsigned b);
/* The names of the reasons in why, joined by sep (a string of at most 2 bytes), into out:
 * its text, which CLI_WHY_TEXT_MAX bytes always hold. */
#define CLI_WHY_TEXT_MAX 64
const char *cli_against_why_text(unsigned why, const char *sep, char out[CLI_WHY_TEXT_MAX]);

/* The names of a list read from f, one a line ('#' comments and blank lines skipped, as
 * ibidi_scan_line reads them): add(ctx, name, len, line number) for each, until one
 * returns 0. 1 when all went in; 0 when add failed; *read_error set for an error of f. */
int cli_read_names(FILE *f, int (*add)(void *ctx, const char *name, size_t len, size_t line),
                   void *ctx, int *read_error);

void cli_against_free(cli_against *a);

#endif
