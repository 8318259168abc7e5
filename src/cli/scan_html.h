/* ibidi scan --html FILE: the report as one self-contained HTML page (scan_html.c). The
 * scan hands over each collision group it shows while the library walks them, then the
 * summary's figures; the page puts the summary first, so the groups wait in a temporary
 * file until then. */
#ifndef IBIDI_CLI_SCAN_HTML_H
#define IBIDI_CLI_SCAN_HTML_H

#include <stddef.h>

#include "ibidi.h"

typedef struct scan_html scan_html;

/* The kinds of groups, as cmd_scan.c numbers them: a display per context, then --lgr's
 * variant sets, then --look-alike-groups' bidi skeletons per context. */
enum {
    SCAN_HTML_LTR = 0,
    SCAN_HTML_RTL = 1,
    SCAN_HTML_VARIANT = 2,
    SCAN_HTML_LOOK_LTR = 3,
    SCAN_HTML_LOOK_RTL = 4,
    SCAN_HTML_KINDS = 5
};

/* The summary's figures, those of the scan's own summary. */
typedef struct scan_html_figures {
    const char *profile; /* ibidi_idna_profile_name */
    size_t lines, names, skipped, valid, findings, not_analysed;
    int zone;         /* a zone file: set_aside is shown */
    size_t set_aside; /* owner names judged by their host names (IBIDI_SCAN_OWNER) */
    int has[SCAN_HTML_KINDS]; /* the contexts asked; the variants when --lgr; the
                                 look-alike groups of the contexts asked */
    ibidi_scan_group_counts counts[SCAN_HTML_KINDS];
    size_t self[2]; /* per context: the names displayed as written (not compared) */
    int only_valid; /* --only-valid: shown groups are those with two valid names or more */
    size_t shown;
} scan_html_figures;

/* Opens path for writing (truncated) and a temporary file in tmpdir for the groups. input
 * names the scanned input in the page's title; path is refused when it is the file that
 * input_fd reads (truncating it would lose the input). The names of the groups are checked
 * again under profile. NULL after a message on standard error naming cmd. */
scan_html *scan_html_open(const char *cmd, const char *path, const char *tmpdir,
                          const char *input, int input_fd, ibidi_idna_profile profile);

/* One group shown (the kind, SCAN_HTML_*, is g->kind). Write errors are kept for
 * scan_html_finish, which reports them. */
void scan_html_group(scan_html *h, const ibidi_scan_group *g);

/* Writes the page: the summary, the filters and the groups. Returns 1, or 0 after a
 * message on standard error when the page could not be written (exit status 1, as for
 * standard output; a file that cannot be opened is scan_html_open's, 2). */
int scan_html_finish(scan_html *h, const scan_html_figures *fig);

/* Closes the files (a page not finished stays as it is: empty). NULL is allowed. */
void scan_html_free(scan_html *h);

#endif
