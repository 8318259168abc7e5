/* The record writers of the command: one for JSON (cli_jw), one for TSV (cli_tsv). Every
 * command writes its records through them, so that every record of every command is
 * written alike: JSON objects on one line, compact ("key":value, as the library's own JSON
 * of ibidi/json.h), strings by the one escaping rule of cli.h; TSV fields escaped by
 * cli_put_escaped and separated by one tab. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

/* ---- JSON -------------------------------------------------------------------------------- */

/* Before a value: the comma after the one before at this depth, and the key. */
static void before(cli_jw *w, const char *key)
{
    if (w->more[w->depth])
        fputc(',', w->f);
    w->more[w->depth] = 1;
    if (key)
        fprintf(w->f, "\"%s\":", key);
}

static void open_(cli_jw *w, const char *key, char c)
{
    before(w, key);
    fputc(c, w->f);
    if (w->depth + 1 < CLI_JW_DEPTH) {
        w->depth++;
        w->close[w->depth] = c == '{' ? '}' : ']';
        w->more[w->depth] = 0;
    }
}

void cli_jw_begin(cli_jw *w, FILE *f, cli_input in)
{
    memset(w, 0, sizeof *w);
    w->f = f;
    w->in = in;
    fputc('{', f);
    w->close[0] = '}';
}

void cli_jw_object(cli_jw *w, const char *key) { open_(w, key, '{'); }

void cli_jw_array(cli_jw *w, const char *key) { open_(w, key, '['); }

void cli_jw_close(cli_jw *w)
{
    if (w->depth == 0)
        return;
    fputc(w->close[w->depth], w->f);
    w->depth--;
}

void cli_jw_end(cli_jw *w)
{
    while (w->depth > 0)
        cli_jw_close(w);
    fputs("}\n", w->f);
}

void cli_jw_str(cli_jw *w, const char *key, const char *s, size_t len)
{
    before(w, key);
    cli_json_string(w->f, s, len);
}

void cli_jw_cstr(cli_jw *w, const char *key, const char *s)
{
    if (!s) {
        cli_jw_null(w, key);
        return;
    }
    cli_jw_str(w, key, s, strlen(s));
}

void cli_jw_text(cli_jw *w, const char *key, const char *s, size_t len)
{
    before(w, key);
    cli_json_text(w->f, s, len, w->in);
}

void cli_jw_input(cli_jw *w, const char *key, const char *s, size_t len)
{
    before(w, NULL);
    cli_json_input(w->f, key, s, len);
}

void cli_jw_bool(cli_jw *w, const char *key, int v)
{
    before(w, key);
    fputs(v ? "true" : "false", w->f);
}

void cli_jw_uint(cli_jw *w, const char *key, unsigned long long v)
{
    before(w, key);
    fprintf(w->f, "%llu", v);
}

void cli_jw_int(cli_jw *w, const char *key, long long v)
{
    before(w, key);
    fprintf(w->f, "%lld", v);
}

void cli_jw_double(cli_jw *w, const char *key, double v, int decimals)
{
    before(w, key);
    fprintf(w->f, "%.*f", decimals, v);
}

void cli_jw_null(cli_jw *w, const char *key)
{
    before(w, key);
    fputs("null", w->f);
}

void cli_jw_raw(cli_jw *w, const char *key, const char *json, size_t len)
{
    before(w, key);
    cli_put_json(w->f, json, len, w->in);
}

void cli_jw_error(cli_jw *w, const ibidi_error *err)
{
    before(w, NULL);
    cli_json_error(w->f, err);
}

void cli_jw_finding(cli_jw *w, const char *key, const ibidi_finding *x, const char *text,
                    size_t text_len)
{
    before(w, key);
    cli_json_finding(w->f, x, text, text_len, w->in);
}

void cli_jw_findings(cli_jw *w, const char *key, const ibidi_finding *x, size_t n,
                     const char *text, size_t text_len)
{
    before(w, key);
    cli_json_findings(w->f, x, n, text, text_len, w->in);
}

/* ---- TSV --------------------------------------------------------------------------------- */

static void field(cli_tsv *t)
{
    if (t->n++)
        fputc('\t', t->f);
}

void cli_tsv_begin(cli_tsv *t, FILE *f, cli_input in)
{
    t->f = f;
    t->in = in;
    t->n = 0;
}

void cli_tsv_str(cli_tsv *t, const char *s, size_t len)
{
    field(t);
    cli_put_escaped(t->f, s, len);
}

void cli_tsv_cstr(cli_tsv *t, const char *s)
{
    field(t);
    if (s)
        cli_put_escaped(t->f, s, strlen(s));
}

void cli_tsv_text(cli_tsv *t, const char *s, size_t len)
{
    field(t);
    cli_put_text(t->f, s, len, t->in);
}

void cli_tsv_uint(cli_tsv *t, unsigned long long v)
{
    field(t);
    fprintf(t->f, "%llu", v);
}

void cli_tsv_end(cli_tsv *t)
{
    fputc('\n', t->f);
    t->n = 0;
}
