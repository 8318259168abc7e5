/* `ibidi scan --against EXISTING [CANDIDATE...]`: the part of the scan command that checks
 * candidates against an existing list. cmd_scan.c reads the existing list with its own
 * reader and workers and hands each name here instead of making its record; this file
 * makes the candidates, their index (the library's ibidi_scan_against) and their records. */
#ifndef IBIDI_CLI_SCAN_AGAINST_H
#define IBIDI_CLI_SCAN_AGAINST_H

#include <stddef.h>
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

void cli_against_free(cli_against *a);

#endif
