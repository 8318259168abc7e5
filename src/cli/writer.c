/* The record writers of the command: one for JSON (cli_jw), one for TSV (cli_tsv). Every
 * command writes its records through them, so that every record of every command is
 * written alike: JSON objects on one line, compact ("key":value, as the library's own JSON
 * of ibidi/json.h), strings by the one escaping rule of cli.h; TSV fields escaped by
 * cli_put_escaped and separated by one tab.
 *
 * Both write to a cli_out: a stream, or memory that grows (the scan's workers put a whole
 * batch of records together in memory, in order, without a stream's cost per call). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* ---- The sink ---------------------------------------------------------------------------- */

/* Room for n more bytes in memory; 0 (and o->failed) without memory. The common case, room
 * already there, is the inline test; growing is the call. */
static int grow(cli_out *o, size_t n);
static inline int reserve(cli_out *o, size_t n)
{
    return o->cap - o->len >= n ? 1 : grow(o, n);
}

static int grow(cli_out *o, size_t n)
{
    if (o->failed)
        return 0;
    size_t cap = o->cap ? o->cap : 4096;
    while (cap - o->len < n)
        cap *= 2;
    char *d = realloc(o->data, cap);
    if (!d) {
        o->failed = 1;
        return 0;
    }
    o->data = d;
    o->cap = cap;
    return 1;
}

void cli_out_put(cli_out *o, const char *s, size_t n)
{
    if (o->f) {
        fwrite(s, 1, n, o->f);
    } else if (n && reserve(o, n)) {
        memcpy(o->data + o->len, s, n);
        o->len += n;
    }
}

void cli_out_str(cli_out *o, const char *s) { cli_out_put(o, s, strlen(s)); }

void cli_out_char(cli_out *o, char c)
{
    if (o->f)
        putc(c, o->f);
    else if (reserve(o, 1))
        o->data[o->len++] = c;
}

void cli_out_again(cli_out *o, size_t at, size_t n)
{
    if (!o->f && at <= o->len && n <= o->len - at && reserve(o, n)) {
        memcpy(o->data + o->len, o->data + at, n); /* after reserve: data may have moved */
        o->len += n;
    }
}

void cli_out_escaped(cli_out *o, const char *s, size_t n)
{
    if (o->f)
        cli_put_escaped(o->f, s, n);
    else if (reserve(o, 4 * n)) /* cli_escape writes at most 4 bytes a byte */
        o->len += cli_escape(o->data + o->len, s, n);
}

/* A library writer (ibidi_json_string, ibidi_json_finding...) straight into memory: it
 * says the size it needs, the second call has the room. */
typedef ibidi_status (*lib_writer)(const void *a, const void *b, size_t n, ibidi_buf *out);

static void put_lib(cli_out *o, lib_writer fn, const void *a, const void *b, size_t n,
                    size_t guess, const char *fallback)
{
    if (!reserve(o, guess))
        return;
    ibidi_buf out = {o->data + o->len, o->cap - o->len, 0};
    ibidi_status st = fn(a, b, n, &out);
    if (st == IBIDI_E_BUFFER_TOO_SMALL && reserve(o, out.len)) {
        out = (ibidi_buf){o->data + o->len, o->cap - o->len, 0};
        st = fn(a, b, n, &out);
    }
    if (st == IBIDI_OK)
        o->len += out.len;
    else
        cli_out_str(o, fallback); /* out of memory: still valid JSON */
}

static ibidi_status json_string(const void *s, const void *unused, size_t n, ibidi_buf *out)
{
    (void)unused;
    return ibidi_json_string(s, n, out);
}

static ibidi_status json_finding(const void *f, const void *text, size_t n, ibidi_buf *out)
{
    return ibidi_json_finding(f, text, n, out);
}

/* ---- JSON -------------------------------------------------------------------------------- */

/* Before a value: the comma after the one before at this depth, and the key. */
static void before(cli_jw *w, const char *key)
{
    if (w->more[w->depth])
        cli_out_char(w->o, ',');
    w->more[w->depth] = 1;
    if (key) {
        cli_out_char(w->o, '"');
        cli_out_str(w->o, key);
        cli_out_put(w->o, "\":", 2);
    }
}

static void open_(cli_jw *w, const char *key, char c)
{
    before(w, key);
    cli_out_char(w->o, c);
    if (w->depth + 1 < CLI_JW_DEPTH) {
        w->depth++;
        w->close[w->depth] = c == '{' ? '}' : ']';
        w->more[w->depth] = 0;
    }
}

static void jw_start(cli_jw *w, cli_out *o, cli_input in)
{
    w->o = o;
    w->in = in;
    w->depth = 0;
    w->more[0] = 0;
    w->close[0] = '}';
    cli_out_char(o, '{');
}

void cli_jw_begin_out(cli_jw *w, cli_out *o, cli_input in)
{
    memset(w, 0, sizeof *w);
    jw_start(w, o, in);
}

void cli_jw_begin(cli_jw *w, FILE *f, cli_input in)
{
    memset(w, 0, sizeof *w);
    w->stream.f = f;
    jw_start(w, &w->stream, in);
}

void cli_jw_object(cli_jw *w, const char *key) { open_(w, key, '{'); }

void cli_jw_array(cli_jw *w, const char *key) { open_(w, key, '['); }

void cli_jw_close(cli_jw *w)
{
    if (w->depth == 0)
        return;
    cli_out_char(w->o, w->close[w->depth]);
    w->depth--;
}

void cli_jw_end(cli_jw *w)
{
    while (w->depth > 0)
        cli_jw_close(w);
    cli_out_put(w->o, "}\n", 2);
}

void cli_jw_str(cli_jw *w, const char *key, const char *s, size_t len)
{
    before(w, key);
    if (w->o->f)
        cli_json_string(w->o->f, s, len);
    else /* at most six bytes a byte (\u00XX) and the quotes */
        put_lib(w->o, json_string, s, NULL, len, 6 * len + 2, "\"\"");
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
    if (!w->o->f || w->in == CLI_IN_UTF8) { /* memory holds UTF-8 records only */
        cli_jw_str(w, key, s, len);
        return;
    }
    before(w, key);
    cli_json_text(w->o->f, s, len, w->in);
}

void cli_jw_input(cli_jw *w, const char *key, const char *s, size_t len)
{
    before(w, NULL);
    if (w->o->f) {
        cli_json_input(w->o->f, key, s, len);
        return;
    }
    /* the key, and KEY_hex with every byte when the item is not well-formed UTF-8 */
    cli_out_char(w->o, '"');
    cli_out_str(w->o, key);
    cli_out_put(w->o, "\":", 2);
    put_lib(w->o, json_string, s, NULL, len, 6 * len + 2, "\"\"");
    if (ibidi_utf8_validate(s, len, NULL, NULL) == IBIDI_OK)
        return;
    static const char hex[] = "0123456789abcdef";
    cli_out_put(w->o, ",\"", 2);
    cli_out_str(w->o, key);
    cli_out_put(w->o, "_hex\":\"", 7);
    for (size_t i = 0; i < len; i++) {
        cli_out_char(w->o, hex[(unsigned char)s[i] >> 4]);
        cli_out_char(w->o, hex[(unsigned char)s[i] & 15]);
    }
    cli_out_char(w->o, '"');
}

void cli_jw_bool(cli_jw *w, const char *key, int v)
{
    before(w, key);
    cli_out_str(w->o, v ? "true" : "false");
}

void cli_jw_uint(cli_jw *w, const char *key, unsigned long long v)
{
    char b[24];
    before(w, key);
    cli_out_put(w->o, b, (size_t)snprintf(b, sizeof b, "%llu", v));
}

void cli_jw_int(cli_jw *w, const char *key, long long v)
{
    char b[24];
    before(w, key);
    cli_out_put(w->o, b, (size_t)snprintf(b, sizeof b, "%lld", v));
}

void cli_jw_double(cli_jw *w, const char *key, double v, int decimals)
{
    char b[64];
    before(w, key);
    const int n = snprintf(b, sizeof b, "%.*f", decimals, v);
    cli_out_put(w->o, b, n > 0 && (size_t)n < sizeof b ? (size_t)n : 0);
}

void cli_jw_null(cli_jw *w, const char *key)
{
    before(w, key);
    cli_out_put(w->o, "null", 4);
}

void cli_jw_raw(cli_jw *w, const char *key, const char *json, size_t len)
{
    before(w, key);
    if (w->o->f)
        cli_put_json(w->o->f, json, len, w->in);
    else
        cli_out_put(w->o, json, len);
}

void cli_jw_error(cli_jw *w, const ibidi_error *err)
{
    const char *name = ibidi_status_name(err->status), *m = ibidi_strerror(err->status);
    cli_jw_object(w, "error");
    cli_jw_cstr(w, "status", name ? name : "?");
    cli_jw_uint(w, "offset", err->offset);
    cli_jw_cstr(w, "message", m);
    cli_jw_close(w);
}

void cli_jw_finding(cli_jw *w, const char *key, const ibidi_finding *x, const char *text,
                    size_t text_len)
{
    before(w, key);
    if (w->o->f)
        cli_json_finding(w->o->f, x, text, text_len, w->in);
    else
        put_lib(w->o, json_finding, x, text, text_len, 1024, "null");
}

void cli_jw_findings(cli_jw *w, const char *key, const ibidi_finding *x, size_t n,
                     const char *text, size_t text_len)
{
    cli_jw_array(w, key);
    for (size_t i = 0; i < n; i++)
        cli_jw_finding(w, NULL, &x[i], text, text_len);
    cli_jw_close(w);
}

/* ---- TSV --------------------------------------------------------------------------------- */

static void field(cli_tsv *t)
{
    if (t->n++)
        cli_out_char(t->o, '\t');
}

void cli_tsv_field(cli_tsv *t) { field(t); }

void cli_tsv_word(cli_tsv *t, const char *s)
{
    field(t);
    cli_out_str(t->o, s);
}

void cli_tsv_begin_out(cli_tsv *t, cli_out *o, cli_input in)
{
    t->o = o;
    t->in = in;
    t->n = 0;
}

void cli_tsv_begin(cli_tsv *t, FILE *f, cli_input in)
{
    memset(&t->stream, 0, sizeof t->stream);
    t->stream.f = f;
    cli_tsv_begin_out(t, &t->stream, in);
}

void cli_tsv_str(cli_tsv *t, const char *s, size_t len)
{
    field(t);
    cli_out_escaped(t->o, s, len);
}

void cli_tsv_cstr(cli_tsv *t, const char *s)
{
    field(t);
    if (s)
        cli_out_escaped(t->o, s, strlen(s));
}

void cli_tsv_text(cli_tsv *t, const char *s, size_t len)
{
    field(t);
    if (t->o->f)
        cli_put_text(t->o->f, s, len, t->in);
    else
        cli_out_escaped(t->o, s, len); /* memory holds UTF-8 records only */
}

void cli_tsv_uint(cli_tsv *t, unsigned long long v)
{
    char b[24];
    field(t);
    cli_out_put(t->o, b, (size_t)snprintf(b, sizeof b, "%llu", v));
}

void cli_tsv_end(cli_tsv *t)
{
    cli_out_char(t->o, '\n');
    t->n = 0;
}
