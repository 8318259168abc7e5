/* ibidi scan --against EXISTING [CANDIDATE...]: registration-time checks. The candidates
 * (few) are scanned first, as `ibidi scan` scans any name, and go into the library's index
 * (ibidi_scan_against) with their Unicode form and keys: the displays in the contexts
 * asked and, with --lgr, their first label's index label. The existing list (a whole zone,
 * maybe) then streams through cmd_scan.c's reader and workers, which call
 * cli_against_existing for each name: scanned the same way, looked up, and kept only when it
 * collides. At the end each candidate gets one record, in the candidates' order, with
 * every name it collides with and why, then the summary. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/scan_against.h"

static const char cmd_name[] = "scan";

/* What a candidate's record shows. */
typedef struct cand {
    char *name; /* as given (its root dot set aside) */
    size_t len;
    size_t line; /* its line of standard input, or its place among the arguments */
    char *text;  /* ibidi_scan_name_alloc's text parts */
    ibidi_scan_result r;
} cand;

struct cli_against {
    cli_against_opts o;
    ibidi_scan_options so;
    ibidi_scan_against *idx;
    cand *c;
    size_t n, cap;
};

/* ---- One name ---------------------------------------------------------------------------- */

/* The keys of a scanned name, pointing into text: the displays and, with --lgr, the index
 * label the library found (ibidi_scan_name). */
static void make_keys(const char *name, size_t len, const char *text, const ibidi_scan_result *r,
                      ibidi_scan_keys *k)
{
    memset(k, 0, sizeof *k);
    k->name = name;
    k->name_len = len;
    k->form = r->unicode.present ? text + r->unicode.start : name;
    k->form_len = r->unicode.present ? r->unicode.length : len;
    k->valid = r->valid;
    for (int c = 0; c < 2; c++)
        if (r->display[c].present) {
            k->key[c] = text + r->display[c].start;
            k->key_len[c] = r->display[c].length;
        }
    if (r->lgr_index.present) {
        k->key[2] = text + r->lgr_index.start;
        k->key_len[2] = r->lgr_index.length;
    }
    for (int c = 0; c < 2; c++) /* UTS #39 §4: look alike in that direction */
        if (r->skeleton[c].present) {
            k->key[3 + c] = text + r->skeleton[c].start;
            k->key_len[3 + c] = r->skeleton[c].length;
        }
}

int cli_against_existing(cli_against *a, const char *name, size_t len, int owner,
                         uint64_t line, int *valid)
{
    char *text = NULL;
    ibidi_scan_result r;
    ibidi_scan_keys k;
    size_t n = 0;
    ibidi_scan_hit small[16], *hits = small;
    *valid = 0;
    len = ibidi_idna_strip_root(name, len); /* a zone's example.com. is example.com */
    /* a zone's owner: "_dmarc.example" is looked up as "example", a name in use */
    ibidi_scan_options so = a->so;
    if (owner)
        so.flags |= IBIDI_SCAN_OWNER;
    if (ibidi_scan_name_alloc(name, len, &so, &r, NULL, NULL) != IBIDI_OK)
        return 0;
    text = r.text.data;
    *valid = r.valid;
    make_keys(name, len, text, &r, &k);
    ibidi_status st = ibidi_scan_against_lookup(a->idx, &k, hits, 16, &n, NULL);
    if (st == IBIDI_E_BUFFER_TOO_SMALL) { /* many candidates share a key */
        hits = malloc(n * sizeof *hits);
        st = hits ? ibidi_scan_against_lookup(a->idx, &k, hits, n, &n, NULL) : IBIDI_E_NOMEM;
    }
    if (st == IBIDI_OK && n)
        st = ibidi_scan_against_record(a->idx, &k, line, hits, n, NULL);
    if (hits != small)
        free(hits);
    ibidi_free(text);
    return st == IBIDI_OK;
}

/* ---- --protect ----------------------------------------------------------------------------- */

size_t cli_protect_match(const cli_against *a, const char *name, size_t len, const char *text,
                         const ibidi_scan_result *r, ibidi_scan_hit *small, size_t cap,
                         ibidi_scan_hit **out)
{
    ibidi_scan_keys k;
    size_t n = 0;
    *out = small;
    make_keys(name, len, text, r, &k);
    ibidi_status st = ibidi_scan_against_lookup(a->idx, &k, small, cap, &n, NULL);
    if (st == IBIDI_E_BUFFER_TOO_SMALL) { /* a name like many protected ones */
        ibidi_scan_hit *h = malloc(n * sizeof *h);
        if (!h)
            return (size_t)-1;
        st = ibidi_scan_against_lookup(a->idx, &k, h, n, &n, NULL);
        *out = h;
    }
    if (st != IBIDI_OK) {
        if (*out != small)
            free(*out);
        *out = small;
        return (size_t)-1;
    }
    /* the protected name itself (the same Unicode form) is no look-alike of it */
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!((*out)[i].why & IBIDI_SCAN_WHY_SAME))
            (*out)[m++] = (*out)[i];
    return m;
}

const char *cli_against_name(const cli_against *a, size_t i, size_t *len)
{
    *len = a->c[i].len;
    return a->c[i].name;
}

/* ---- The candidates ------------------------------------------------------------------------ */

static int add_candidate(cli_against *a, const char *name, size_t len, size_t line)
{
    if (a->n == a->cap) {
        size_t cap = a->cap ? a->cap * 2 : 16;
        cand *c = realloc(a->c, cap * sizeof *c);
        if (!c)
            return 0;
        a->c = c;
        a->cap = cap;
    }
    cand *c = &a->c[a->n];
    memset(c, 0, sizeof *c);
    len = ibidi_idna_strip_root(name, len);
    c->name = malloc(len + 1);
    if (!c->name)
        return 0;
    memcpy(c->name, name, len);
    c->name[len] = '\0';
    c->len = len;
    c->line = line;
    a->n++; /* freed with the others from here on */
    if (ibidi_scan_name_alloc(c->name, len, &a->so, &c->r, NULL, NULL) != IBIDI_OK)
        return 0;
    c->text = c->r.text.data;
    ibidi_scan_keys k;
    make_keys(c->name, len, c->text, &c->r, &k);
    return ibidi_scan_against_add(a->idx, &k, NULL, NULL) == IBIDI_OK;
}

void cli_against_free(cli_against *a)
{
    if (!a)
        return;
    for (size_t i = 0; i < a->n; i++) {
        free(a->c[i].name);
        ibidi_free(a->c[i].text);
    }
    free(a->c);
    ibidi_scan_against_free(a->idx);
    free(a);
}

int cli_read_names(FILE *f, int (*add)(void *ctx, const char *name, size_t len, size_t line),
                   void *ctx, int *read_error)
{
    char *line = NULL;
    size_t cap = 0, lineno = 0;
    ssize_t got;
    int ok = 1;
    while (ok && (got = getline(&line, &cap, f)) >= 0) {
        size_t len = (size_t)got, start, nlen;
        lineno++;
        if (len && line[len - 1] == '\n')
            len--;
        if (ibidi_scan_line(line, len, &start, &nlen))
            ok = add(ctx, line + start, nlen, lineno);
    }
    free(line);
    *read_error = ferror(f) != 0;
    return ok;
}

/* A candidate of standard input's list (cli_read_names). */
static int add_line(void *ctx, const char *name, size_t len, size_t line)
{
    return add_candidate(ctx, name, len, line);
}

cli_against *cli_against_start(const cli_against_opts *o, char *const *cands, size_t n,
                               int *rc)
{
    cli_against *a = calloc(1, sizeof *a);
    *rc = CLI_USAGE; /* the check cannot be made */
    if (!a || ibidi_scan_against_create(&a->idx, NULL) != IBIDI_OK) {
        free(a);
        fprintf(stderr, "ibidi %s: out of memory\n", cmd_name);
        return NULL;
    }
    a->o = *o;
    /* the bidi skeletons too: a look-alike in a context is a collision there (UTS #39 §4) */
    a->so.flags = (o->ltr ? IBIDI_SCAN_LTR : 0u) | (o->rtl ? IBIDI_SCAN_RTL : 0u) |
                  IBIDI_SCAN_SKELETON;
    a->so.idna.profile = o->profile;
    a->so.lgr = o->lgr; /* the first label's index label: a third key */
    int ok = 1;
    if (n) {
        for (size_t i = 0; i < n && ok; i++)
            ok = add_candidate(a, cands[i], strlen(cands[i]), i + 1);
    } else { /* one per line, as a list: comments and blank lines are no candidates */
        int read_error = 0;
        ok = cli_read_names(stdin, add_line, a, &read_error);
        if (ok && read_error) {
            fprintf(stderr, "ibidi %s: error reading the candidates from standard input\n",
                    cmd_name);
            cli_against_free(a);
            return NULL;
        }
    }
    if (!ok) {
        fprintf(stderr, "ibidi %s: out of memory\n", cmd_name);
        cli_against_free(a);
        return NULL;
    }
    if (a->n == 0) {
        cli_against_free(a);
        cli_usage_error(cmd_name, "--against: no candidate (give them as arguments, or one "
                                  "per line on standard input)");
        return NULL;
    }
    *rc = CLI_OK;
    return a;
}

/* ---- The records ------------------------------------------------------------------------- */

static const char *const why_names[] = {"same", "ltr", "rtl", "lgr", "look-ltr", "look-rtl"};

const char *cli_against_why_name(unsigned b)
{
    return b < sizeof why_names / sizeof why_names[0] ? why_names[b] : NULL;
}

const char *cli_against_why_text(unsigned why, const char *sep, char out[CLI_WHY_TEXT_MAX])
{
    /* the names take 29 bytes, and five separators of two at most 10 more */
    _Static_assert(sizeof why_names / sizeof why_names[0] == 6, "CLI_WHY_TEXT_MAX holds six");
    size_t at = 0;
    out[0] = '\0';
    for (unsigned b = 0; b < sizeof why_names / sizeof why_names[0]; b++)
        if (why & (1u << b))
            at += (size_t)snprintf(out + at, CLI_WHY_TEXT_MAX - at, "%s%s", at ? sep : "",
                                   why_names[b]);
    return out;
}

/* The reasons, separated by sep (text and TSV). */
static void put_why(FILE *f, unsigned why, const char *sep)
{
    char t[CLI_WHY_TEXT_MAX];
    fputs(cli_against_why_text(why, sep, t), f);
}

static int counts(const cli_against *a, const ibidi_scan_collision *c)
{
    return !a->o.only_valid || c->valid; /* --only-valid: a valid name and the candidate */
}

/* A candidate's JSON record (cli_jw): {"type":"candidate","name":...,"collisions":[...],
 * "line":N}. */
static void put_json_record(const cli_against *a, const cand *c,
                            const ibidi_scan_collision *col, size_t n)
{
    const ibidi_scan_result *r = &c->r;
    cli_jw w;
    cli_jw_begin(&w, stdout, CLI_IN_UTF8);
    cli_jw_cstr(&w, "type", "candidate");
    cli_jw_input(&w, "name", c->name, c->len); /* and name_hex, by the one escaping rule */
    cli_jw_bool(&w, "valid", r->valid);
    cli_jw_str(&w, "codes", c->text + r->codes.start, r->codes.length);
    if (r->unicode.present)
        cli_jw_str(&w, "unicode", c->text + r->unicode.start, r->unicode.length);
    if (a->o.lgr) {
        cli_jw_object(&w, "lgr");
        cli_jw_cstr(&w, "disposition", r->lgr_disposition ? r->lgr_disposition : "invalid");
        if (r->lgr_index.present)
            cli_jw_str(&w, "index", c->text + r->lgr_index.start, r->lgr_index.length);
        else
            cli_jw_null(&w, "index");
        cli_jw_close(&w);
    }
    cli_jw_array(&w, "collisions");
    for (size_t j = 0; j < n; j++) {
        const ibidi_scan_collision *x = &col[j];
        if (!counts(a, x))
            continue;
        const int peer = x->peer != IBIDI_SCAN_NO_PEER;
        cli_jw_object(&w, NULL);
        cli_jw_str(&w, peer ? "candidate" : "existing", x->name, x->name_len);
        cli_jw_str(&w, "unicode", x->form, x->form_len);
        cli_jw_bool(&w, "valid", x->valid);
        cli_jw_array(&w, "why");
        for (unsigned b = 0; b < sizeof why_names / sizeof why_names[0]; b++)
            if (x->why & (1u << b))
                cli_jw_cstr(&w, NULL, why_names[b]);
        cli_jw_close(&w);
        cli_jw_uint(&w, "line", peer ? a->c[x->peer].line : x->seq);
        cli_jw_close(&w);
    }
    cli_jw_close(&w);
    cli_jw_uint(&w, "line", c->line);
    cli_jw_end(&w);
}

/* A candidate's TSV line (cli_tsv): candidate, NAME, VALIDITY, N, COLLISIONS. */
static void put_tsv_record(const cli_against *a, const cand *c, const ibidi_scan_collision *col,
                           size_t n, size_t shown)
{
    cli_tsv tsv;
    cli_tsv_begin(&tsv, stdout, CLI_IN_UTF8);
    cli_tsv_cstr(&tsv, "candidate");
    cli_tsv_str(&tsv, c->name, c->len);
    if (c->r.valid) {
        cli_tsv_cstr(&tsv, "valid");
    } else { /* "invalid CODES": one field, written in parts after cli_tsv opens it */
        cli_tsv_cstr(&tsv, "invalid ");
        cli_put_escaped(stdout, c->text + c->r.codes.start, c->r.codes.length);
    }
    cli_tsv_uint(&tsv, shown);
    /* COLLISIONS: one field, opened empty by cli_tsv and written in parts, KIND:NAME:WHY+WHY:
       VALIDITY joined by ',', each name escaped by cli_tsv's rule (cli_put_escaped) */
    cli_tsv_cstr(&tsv, NULL);
    int first = 1;
    for (size_t j = 0; j < n; j++) {
        if (!counts(a, &col[j]))
            continue;
        printf("%s%s:", first ? "" : ",",
               col[j].peer != IBIDI_SCAN_NO_PEER ? "candidate" : "existing");
        cli_put_escaped(stdout, col[j].name, col[j].name_len);
        putchar(':');
        put_why(stdout, col[j].why, "+");
        fputs(col[j].valid ? ":valid" : ":invalid", stdout);
        first = 0;
    }
    cli_tsv_end(&tsv);
}

static void put_text_record(const cli_against *a, const cand *c,
                            const ibidi_scan_collision *col, size_t n, size_t shown)
{
    const ibidi_scan_result *r = &c->r;
    cli_put_escaped(stdout, c->name, c->len);
    if (r->unicode.present &&
        (r->unicode.length != c->len || memcmp(c->text + r->unicode.start, c->name, c->len))) {
        fputs(" (", stdout);
        cli_put_escaped(stdout, c->text + r->unicode.start, r->unicode.length);
        putchar(')');
    }
    fputs(r->valid ? ": valid" : ": invalid ", stdout);
    if (!r->valid)
        fwrite(c->text + r->codes.start, 1, r->codes.length, stdout);
    if (a->o.lgr) {
        printf("; lgr %s", r->lgr_disposition ? r->lgr_disposition : "invalid");
        if (r->lgr_index.present) {
            fputs(" index ", stdout);
            cli_put_escaped(stdout, c->text + r->lgr_index.start, r->lgr_index.length);
        }
    }
    if (!shown) {
        fputs("; no collision\n", stdout);
        return;
    }
    printf("; collides with %zu name%s:", shown, shown == 1 ? "" : "s");
    int first = 1;
    for (size_t j = 0; j < n; j++) {
        const ibidi_scan_collision *x = &col[j];
        if (!counts(a, x))
            continue;
        const int peer = x->peer != IBIDI_SCAN_NO_PEER;
        fputs(first ? " " : ", ", stdout);
        if (peer)
            fputs("candidate ", stdout);
        cli_put_escaped(stdout, x->name, x->name_len);
        if (x->form_len != x->name_len || memcmp(x->form, x->name, x->name_len)) {
            fputs(" (", stdout);
            cli_put_escaped(stdout, x->form, x->form_len);
            putchar(')');
        }
        fputs(" [", stdout);
        put_why(stdout, x->why, " ");
        printf("%s]", x->valid ? "" : "; invalid");
        if (!peer)
            printf(" line %llu", (unsigned long long)x->seq);
        first = 0;
    }
    putchar('\n');
}

int cli_against_report(cli_against *a, const cli_against_totals *t)
{
    if (t->read_error || t->failed) /* the messages are out: the answer would be wrong */
        return CLI_USAGE;
    ibidi_error e;
    if (ibidi_scan_against_finish(a->idx, &e) != IBIDI_OK) {
        fprintf(stderr, "ibidi %s: %s [%s]\n", cmd_name, ibidi_strerror(e.status),
                ibidi_status_name(e.status));
        return CLI_USAGE;
    }
    size_t valid = 0, colliding = 0, total = 0;
    for (size_t i = 0; i < a->n; i++) {
        const cand *c = &a->c[i];
        const ibidi_scan_collision *col;
        size_t n = 0, shown = 0;
        ibidi_scan_against_collisions(a->idx, i, &col, &n, NULL);
        for (size_t j = 0; j < n; j++)
            shown += (size_t)counts(a, &col[j]);
        valid += (size_t)(c->r.valid != 0);
        colliding += shown > 0;
        total += shown;
        if (a->o.json)
            put_json_record(a, c, col, n);
        else if (a->o.tsv)
            put_tsv_record(a, c, col, n, shown);
        else
            put_text_record(a, c, col, n, shown);
    }
    const char *profile = ibidi_idna_profile_name(a->o.profile);
    if (a->o.json) {
        cli_jw w;
        cli_jw_begin(&w, stdout, CLI_IN_UTF8);
        cli_jw_cstr(&w, "type", "summary");
        cli_jw_cstr(&w, "profile", profile);
        cli_jw_uint(&w, "candidates", a->n);
        cli_jw_uint(&w, "valid_candidates", valid);
        cli_jw_uint(&w, "colliding", colliding);
        cli_jw_uint(&w, "collisions", total);
        cli_jw_object(&w, "existing");
        cli_jw_uint(&w, "lines", t->lines);
        cli_jw_uint(&w, "names", t->names);
        cli_jw_uint(&w, "skipped", t->skipped);
        cli_jw_uint(&w, "valid", t->valid);
        cli_jw_uint(&w, "unreadable_lines", t->unreadable);
        cli_jw_close(&w);
        if (a->o.only_valid)
            cli_jw_bool(&w, "only_valid", 1);
        cli_jw_end(&w);
    } else if (a->o.tsv) {
        /* summary, then a key=value field per figure */
        const struct {
            const char *key;
            size_t v;
        } fig[] = {{"candidates", a->n},
                   {"valid_candidates", valid},
                   {"colliding", colliding},
                   {"collisions", total},
                   {"existing_lines", t->lines},
                   {"existing_names", t->names},
                   {"existing_skipped", t->skipped},
                   {"existing_valid", t->valid},
                   {"unreadable_lines", t->unreadable}};
        char f[64];
        cli_tsv tsv;
        cli_tsv_begin(&tsv, stdout, CLI_IN_UTF8);
        cli_tsv_cstr(&tsv, "summary");
        snprintf(f, sizeof f, "profile=%s", profile);
        cli_tsv_cstr(&tsv, f);
        for (size_t i = 0; i < sizeof fig / sizeof fig[0]; i++) {
            snprintf(f, sizeof f, "%s=%zu", fig[i].key, fig[i].v);
            cli_tsv_cstr(&tsv, f);
        }
        cli_tsv_end(&tsv);
    } else {
        printf("summary: %zu candidates, %zu valid, %zu colliding (%zu collision%s%s); "
               "against %zu names (%zu lines, %zu skipped, %zu unreadable), %zu valid "
               "(profile %s)\n",
               a->n, valid, colliding, total, total == 1 ? "" : "s",
               a->o.only_valid ? " with valid names" : "",
               t->names, t->lines, t->skipped, t->unreadable, t->valid, profile);
    }
    /* a registry may go ahead only when every candidate is valid and collides with none */
    return valid == a->n && colliding == 0 ? CLI_OK : CLI_INVALID;
}
