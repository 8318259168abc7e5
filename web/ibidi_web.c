/*
 * web/ibidi_web.c: the calls the playground page (web/index.html) makes into libibidi
 * compiled to WebAssembly. Each takes UTF-8 and returns a NUL-terminated JSON text that the
 * page parses and releases with ibidiw_free. Only the public API (include/ibidi.h) is used,
 * as the command and the bindings use it; the verdict and the show decision are the
 * library's own JSON (ibidi/json.h), byte for byte what `ibidi check --json` and `ibidi
 * show --json` print, and the LGR check has the members of `ibidi lgr check --json`.
 * Nothing here decides anything: it calls and formats.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define WEB_API EMSCRIPTEN_KEEPALIVE
#else
#define WEB_API
#endif

/* ---- A JSON text in a growing buffer ----------------------------------------------------- */

typedef struct jb {
    char *s;
    size_t len, cap;
    int fail;
    int more; /* a member was written at this level: the next one takes a comma */
} jb;

static void jb_raw(jb *b, const char *s, size_t n)
{
    if (b->fail)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t c = b->cap ? b->cap : 256;
        while (c < b->len + n + 1)
            c *= 2;
        char *t = realloc(b->s, c);
        if (!t) {
            b->fail = 1;
            return;
        }
        b->s = t;
        b->cap = c;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void jb_cstr_raw(jb *b, const char *s) { jb_raw(b, s, strlen(s)); }

static void jb_fmt(jb *b, const char *fmt, ...)
{
    char t[64];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t, sizeof t, fmt, ap);
    va_end(ap);
    if (n > 0)
        jb_raw(b, t, (size_t)n < sizeof t ? (size_t)n : sizeof t - 1);
}

/* A JSON string, escaped by the library's writer (ibidi_json_string). */
static void jb_str(jb *b, const char *s, size_t n)
{
    ibidi_buf o = {NULL, 0, 0};
    if (!s) {
        jb_cstr_raw(b, "null");
        return;
    }
    (void)ibidi_json_string(s, n, &o);
    char *t = malloc(o.len + 1);
    if (!t) {
        b->fail = 1;
        return;
    }
    o.data = t;
    o.cap = o.len + 1;
    if (ibidi_json_string(s, n, &o) == IBIDI_OK)
        jb_raw(b, t, o.len);
    else
        b->fail = 1;
    free(t);
}

static void jb_key(jb *b, const char *key)
{
    if (b->more)
        jb_raw(b, ",", 1);
    b->more = 1;
    if (key) {
        jb_str(b, key, strlen(key));
        jb_raw(b, ":", 1);
    }
}

static void jb_open(jb *b, const char *key, char c)
{
    jb_key(b, key);
    jb_raw(b, &c, 1);
    b->more = 0;
}

static void jb_close(jb *b, char c)
{
    jb_raw(b, &c, 1);
    b->more = 1;
}

static void jb_cstr(jb *b, const char *key, const char *v)
{
    jb_key(b, key);
    jb_str(b, v, v ? strlen(v) : 0);
}

static void jb_nstr(jb *b, const char *key, const char *v, size_t n)
{
    jb_key(b, key);
    jb_str(b, v, n);
}

static void jb_bool(jb *b, const char *key, int v)
{
    jb_key(b, key);
    jb_cstr_raw(b, v ? "true" : "false");
}

static void jb_uint(jb *b, const char *key, unsigned long long v)
{
    jb_key(b, key);
    jb_fmt(b, "%llu", v);
}

static void jb_null(jb *b, const char *key)
{
    jb_key(b, key);
    jb_cstr_raw(b, "null");
}

static void jb_cps(jb *b, const char *key, const uint32_t *cps, size_t n)
{
    char buf[IBIDI_LGR_MAX_INDEX * 4];
    ibidi_buf enc = {buf, sizeof buf, 0};
    size_t len = ibidi_utf8_encode(cps, n, &enc, NULL) == IBIDI_OK ? enc.len : 0;
    jb_nstr(b, key, buf, len);
}

static char *jb_done(jb *b)
{
    if (b->fail) {
        free(b->s);
        return NULL;
    }
    return b->s;
}

/* {"error": {"status", "message"}} for a call that could not run. */
static char *error_json(ibidi_status st)
{
    jb b = {0};
    jb_open(&b, NULL, '{');
    jb_open(&b, "error", '{');
    jb_cstr(&b, "status", ibidi_status_name(st));
    jb_cstr(&b, "message", ibidi_strerror(st));
    jb_close(&b, '}');
    jb_close(&b, '}');
    return jb_done(&b);
}

/* ---- Calls ------------------------------------------------------------------------------- */

/* Memory for the page's arguments. */
WEB_API void *ibidiw_alloc(size_t n) { return malloc(n ? n : 1); }
WEB_API void ibidiw_free(void *p) { free(p); }

WEB_API char *ibidiw_version(void)
{
    jb b = {0};
    jb_open(&b, NULL, '{');
    jb_cstr(&b, "version", ibidi_version());
    jb_cstr(&b, "unicode", ibidi_unicode_version());
    jb_close(&b, '}');
    return jb_done(&b);
}

static ibidi_lgr *web_lgr; /* the LGR the page loaded, if any */

/* The verdict, as `ibidi check --json [--profile P] [--as A] [--lgr FILE]` prints it: as is
 * ibidi_iri_kind (0 auto, 1 domain, 2 iri, 3 email; 4 fqdn as the command's --as fqdn);
 * exact 0: without the twin search (IBIDI_VERDICT_NO_EXACT, what a keystroke shows), 1:
 * with it, as the command. */
WEB_API char *ibidiw_check(const char *s, size_t len, int profile, int as, int exact)
{
    ibidi_verdict_options vo;
    ibidi_verdict v;
    memset(&vo, 0, sizeof vo);
    vo.max_restriction = IBIDI_UTS39_NO_LIMIT;
    vo.profile = (ibidi_idna_profile)profile;
    vo.as = as == 4 ? IBIDI_IRI_AS_DOMAIN : (ibidi_iri_kind)as;
    if (as == 4)
        vo.flags |= IBIDI_VERDICT_FQDN;
    if (!exact)
        vo.flags |= IBIDI_VERDICT_NO_EXACT;
    vo.lgr = web_lgr;
    ibidi_status st = ibidi_verdict_make_alloc(s, len, &vo, &v);
    if (st != IBIDI_OK)
        return error_json(st);
    ibidi_buf j = {NULL, 0, 0};
    st = ibidi_json_verdict_alloc(&v, s, len, &j);
    ibidi_verdict_free(&v);
    return st == IBIDI_OK ? j.data : error_json(st);
}

/* How to show it, as `ibidi show --json [--context rtl]` prints it. */
WEB_API char *ibidiw_show(const char *s, size_t len, int rtl)
{
    ibidi_show_options so;
    ibidi_show r;
    memset(&so, 0, sizeof so);
    so.context = rtl ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
    ibidi_status st = ibidi_show_make_alloc(s, len, &so, &r);
    if (st != IBIDI_OK)
        return error_json(st);
    ibidi_buf j = {NULL, 0, 0};
    st = ibidi_json_show_alloc(&r, s, len, &j);
    ibidi_show_free(&r);
    return st == IBIDI_OK ? j.data : error_json(st);
}

/* The visual order of s in a paragraph of the direction asked (ibidi_display_utf8, the
 * visual form), and its presentation form with isolates (what a page can show safely). */
WEB_API char *ibidiw_display(const char *s, size_t len, int rtl)
{
    jb b = {0};
    jb_open(&b, NULL, '{');
    static const struct {
        const char *key;
        ibidi_display_form form;
    } forms[] = {{"visual", IBIDI_DISPLAY_FORM_VISUAL}, {"isolate", IBIDI_DISPLAY_FORM_ISOLATE}};
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        ibidi_display_options o;
        ibidi_buf out = {NULL, 0, 0};
        ibidi_error e;
        memset(&o, 0, sizeof o);
        o.form = forms[i].form;
        o.context = rtl ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
        ibidi_status st = ibidi_display_utf8_alloc(s, len, &o, &out, &e);
        if (st == IBIDI_OK)
            jb_nstr(&b, forms[i].key, out.data, out.len);
        else
            jb_null(&b, forms[i].key);
        ibidi_free(out.data);
    }
    jb_close(&b, '}');
    return jb_done(&b);
}

/* ---- Display twins ------------------------------------------------------------------------ */

typedef struct twins_ctx {
    jb *b;
    size_t n, max;
} twins_ctx;

static int on_twin(const char *t, size_t len, void *ctx)
{
    twins_ctx *c = ctx;
    jb_nstr(c->b, NULL, t, len);
    return ++c->n >= c->max;
}

/* The texts that display exactly like s (ibidi_ambiguity_twins_utf8), in a left-to-right
 * and a right-to-left paragraph, at most max of each. */
WEB_API char *ibidiw_twins(const char *s, size_t len, size_t max)
{
    jb b = {0};
    jb_open(&b, NULL, '{');
    for (int k = 0; k < 2; k++) {
        ibidi_ambiguity_options o;
        ibidi_ambiguity_twin_stats stats;
        ibidi_error e;
        twins_ctx c = {&b, 0, max ? max : 50};
        memset(&o, 0, sizeof o);
        memset(&stats, 0, sizeof stats);
        o.context = k ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
        o.twin_utf8_fn = on_twin;
        o.twin_ctx = &c;
        jb_open(&b, k ? "rtl" : "ltr", '{');
        jb_open(&b, "twins", '[');
        ibidi_status st = ibidi_ambiguity_twins_utf8(s, len, &o, &stats, &e);
        jb_close(&b, ']');
        jb_cstr(&b, "status", ibidi_status_name(st));
        jb_uint(&b, "candidates", stats.candidates);
        jb_bool(&b, "truncated", stats.truncated);
        jb_bool(&b, "more", stats.stopped);
        jb_close(&b, '}');
    }
    jb_close(&b, '}');
    return jb_done(&b);
}

/* ---- The table of codes ------------------------------------------------------------------- */

static const char *const severity_word[] = {"error", "warning", "status", "success"};

/* Every row of the table of codes (what `ibidi explain --json` prints), keyed by name. */
WEB_API char *ibidiw_codes(void)
{
    size_t n = 0;
    const ibidi_code_info *t = ibidi_code_table(&n);
    jb b = {0};
    jb_open(&b, NULL, '{');
    for (size_t i = 0; i < n; i++) {
        const ibidi_code_info *r = &t[i];
        char key[80];
        snprintf(key, sizeof key, "%s:%s", r->type == IBIDI_CODE_FINDING ? "finding" : "status",
                 r->name);
        jb_open(&b, key, '{');
        jb_uint(&b, "code", (unsigned)r->value);
        jb_cstr(&b, "name", r->name);
        jb_cstr(&b, "text", r->text);
        jb_cstr(&b, "rule", r->message);
        jb_cstr(&b, "cites", r->rule);
        jb_cstr(&b, "capability", r->capability);
        jb_cstr(&b, "group", r->group);
        jb_cstr(&b, "severity", severity_word[r->severity]);
        jb_cstr(&b, "severity_note", r->severity_note);
        jb_cstr(&b, "example", r->example);
        jb_cstr(&b, "note", r->note);
        jb_close(&b, '}');
    }
    jb_close(&b, '}');
    return jb_done(&b);
}

/* ---- LGR ---------------------------------------------------------------------------------- */

static void jb_list(jb *b, const char *key, const char *const *v, size_t n)
{
    jb_open(b, key, '[');
    for (size_t i = 0; i < n; i++)
        jb_cstr(b, NULL, v[i]);
    jb_close(b, ']');
}

/* Loads an LGR document (RFC 7940 XML) for the checks that follow; what it says of itself,
 * or where and why it was refused. */
WEB_API char *ibidiw_lgr_load(const char *xml, size_t len)
{
    ibidi_lgr *lgr = NULL;
    ibidi_lgr_diag d;
    ibidi_status st = ibidi_lgr_load(xml, len, NULL, &lgr, &d);
    jb b = {0};
    jb_open(&b, NULL, '{');
    if (st != IBIDI_OK) {
        jb_bool(&b, "loaded", 0);
        jb_cstr(&b, "status", ibidi_status_name(st));
        jb_uint(&b, "line", d.line);
        jb_uint(&b, "column", d.column);
        jb_cstr(&b, "message", d.message);
        jb_close(&b, '}');
        return jb_done(&b);
    }
    ibidi_lgr_free(web_lgr);
    web_lgr = lgr;
    const ibidi_lgr_info *in = ibidi_lgr_get_info(lgr);
    jb_bool(&b, "loaded", 1);
    jb_cstr(&b, "version", in->version);
    jb_cstr(&b, "date", in->date);
    jb_cstr(&b, "unicode_version", in->unicode_version);
    jb_list(&b, "languages", in->languages, in->n_languages);
    jb_list(&b, "scopes", in->scopes, in->n_scopes);
    jb_uint(&b, "code_points", in->n_code_points);
    jb_uint(&b, "sequences", in->n_sequences);
    jb_uint(&b, "variants", in->n_variants);
    jb_uint(&b, "rules", in->n_rules);
    jb_uint(&b, "actions", in->n_actions);
    jb_list(&b, "variant_types", in->variant_types, in->n_variant_types);
    jb_bool(&b, "symmetric", in->symmetric);
    jb_bool(&b, "transitive", in->transitive);
    jb_bool(&b, "index_possible", in->index_possible);
    jb_close(&b, '}');
    return jb_done(&b);
}

/* Forgets the LGR: the verdicts no longer apply one. */
WEB_API void ibidiw_lgr_unload(void)
{
    ibidi_lgr_free(web_lgr);
    web_lgr = NULL;
}

static void jb_types(jb *b, const char *key, const ibidi_lgr_info *info, uint64_t types)
{
    jb_open(b, key, '[');
    for (size_t i = 0; i < info->n_variant_types && i < 64; i++)
        if (types >> i & 1)
            jb_cstr(b, NULL, info->variant_types[i]);
    jb_close(b, ']');
}

typedef struct var_ctx {
    jb *b;
    const ibidi_lgr_info *info;
} var_ctx;

static int on_variant(const ibidi_lgr_variant *v, void *ctx)
{
    var_ctx *c = ctx;
    jb *b = c->b;
    jb_open(b, NULL, '{');
    jb_cps(b, "label", v->cps, v->n);
    jb_cstr(b, "disposition", v->disposition);
    jb_types(b, "types", c->info, v->types);
    jb_bool(b, "only_variants", v->only_variants);
    if (v->action != IBIDI_LGR_NO_ACTION)
        jb_uint(b, "action", v->action);
    else
        jb_null(b, "action");
    jb_bool(b, "default_action", v->default_action);
    jb_cstr(b, "rule", v->rule);
    jb_bool(b, "conflict", v->conflict);
    jb_close(b, '}');
    return 0;
}

static void jb_index(jb *b, const ibidi_lgr *lgr, const uint32_t *cps, size_t n)
{
    uint32_t idx[IBIDI_LGR_MAX_INDEX];
    ibidi_buf32 index = {idx, IBIDI_LGR_MAX_INDEX, 0};
    ibidi_status st = ibidi_lgr_index_label(lgr, cps, n, &index, NULL);
    if (st == IBIDI_OK) {
        jb_cps(b, "index", idx, index.len);
    } else {
        jb_null(b, "index");
        jb_cstr(b, "index_status", ibidi_status_name(st));
    }
}

/* A label under the loaded LGR, with the members of `ibidi lgr check --json
 * [--max-variants MAX]` (its default bound, 1000, for max 0). */
WEB_API char *ibidiw_lgr_check(const char *label, size_t len, unsigned max)
{
    if (!web_lgr)
        return error_json(IBIDI_E_INVALID_ARGUMENT);
    uint32_t cps[IBIDI_LGR_MAX_LABEL];
    ibidi_buf32 dec = {cps, IBIDI_LGR_MAX_LABEL, 0};
    ibidi_error err;
    ibidi_status st = ibidi_lgr_label_decode(label, len, &dec, &err);
    const size_t n = dec.len;
    ibidi_lgr_result r;
    if (st == IBIDI_OK)
        st = ibidi_lgr_check(web_lgr, cps, n, &r, &err);
    if (st != IBIDI_OK)
        return error_json(st);
    const ibidi_lgr_info *info = ibidi_lgr_get_info(web_lgr);
    jb b = {0};
    jb_open(&b, NULL, '{');
    jb_nstr(&b, "input", label, len);
    jb_cps(&b, "label", cps, n);
    jb_bool(&b, "eligible", r.eligible);
    if (!r.eligible) {
        char cp[16];
        jb_open(&b, "reason", '{');
        jb_cstr(&b, "status", ibidi_status_name(r.status));
        if (r.status != IBIDI_E_LGR_INVALID_DISPOSITION) {
            jb_uint(&b, "offset", r.offset);
            snprintf(cp, sizeof cp, "U+%04X", (unsigned)r.cp);
            jb_cstr(&b, "cp", cp);
            jb_cstr(&b, "rule", r.context_rule);
        }
        jb_cstr(&b, "message", ibidi_strerror(r.status));
        jb_close(&b, '}');
    }
    jb_cstr(&b, "disposition", r.disposition);
    if (r.action != IBIDI_LGR_NO_ACTION) {
        jb_open(&b, "action", '{');
        jb_uint(&b, "index", r.action);
        jb_bool(&b, "default", r.default_action);
        jb_cstr(&b, "rule", r.rule);
        jb_bool(&b, "not_match", r.not_match);
        jb_cstr(&b, "comment", r.action_comment);
        jb_close(&b, '}');
    } else {
        jb_null(&b, "action");
    }
    jb_types(&b, "types", info, r.types);
    if ((r.eligible || r.status == IBIDI_E_LGR_INVALID_DISPOSITION) && info->index_possible)
        jb_index(&b, web_lgr, cps, n);
    if (r.eligible) {
        ibidi_lgr_variant_summary sum;
        var_ctx vc = {&b, info};
        const ibidi_lgr_variant_options vo = {0, max ? max : 1000u, on_variant, &vc};
        jb_open(&b, "variants", '[');
        (void)ibidi_lgr_variants(web_lgr, cps, n, &vo, &sum, NULL);
        jb_close(&b, ']');
        jb_uint(&b, "variant_estimate", sum.estimate);
        jb_uint(&b, "variants_generated", sum.generated);
        jb_uint(&b, "variants_listed", sum.reported);
        jb_uint(&b, "variants_invalid", sum.invalid);
        jb_uint(&b, "variants_duplicate", sum.duplicates);
        jb_uint(&b, "variants_conflicting", sum.conflicts);
        jb_bool(&b, "variants_cut", sum.cut);
    }
    jb_close(&b, '}');
    return jb_done(&b);
}

/* ---- A list of names ---------------------------------------------------------------------- */

typedef struct group_ctx {
    jb *b;
    size_t n, max;
} group_ctx;

static const char *const kind_name[] = {"ltr", "rtl", "lgr"};

static int on_group(const ibidi_scan_group *g, void *ctx)
{
    group_ctx *c = ctx;
    if (c->n++ >= c->max)
        return 1;
    jb_open(c->b, NULL, '{');
    jb_cstr(c->b, "context", g->kind < 3 ? kind_name[g->kind] : "?");
    jb_nstr(c->b, "key", g->key, g->key_len);
    jb_open(c->b, "names", '[');
    for (size_t i = 0; i < g->n; i++)
        jb_nstr(c->b, NULL, g->names[i], g->name_lens[i]);
    jb_close(c->b, ']');
    jb_open(c->b, "valid", '[');
    for (size_t i = 0; i < g->n; i++)
        jb_bool(c->b, NULL, g->valid[i]);
    jb_close(c->b, ']');
    jb_close(c->b, '}');
    return 0;
}

/* The collision groups of a list of names, one a line (`ibidi scan`'s: the names that
 * display alike in a left-to-right or a right-to-left paragraph, and with an LGR loaded
 * those whose first labels share an index label): at most max_names names read, max_groups
 * groups listed. */
WEB_API char *ibidiw_scan(const char *text, size_t len, size_t max_names, size_t max_groups)
{
    ibidi_scan_groups_options go;
    ibidi_scan_groups *g = NULL;
    ibidi_scan_options so;
    ibidi_scan_counts counts;
    memset(&go, 0, sizeof go);
    memset(&so, 0, sizeof so);
    memset(&counts, 0, sizeof counts);
    go.memory = (size_t)16 << 20;
    go.kinds = 3;
    go.temp_dir = "/tmp";
    so.flags = IBIDI_SCAN_LTR | IBIDI_SCAN_RTL;
    so.lgr = web_lgr;
    ibidi_status st = ibidi_scan_groups_create(&go, &g, NULL);
    if (st != IBIDI_OK)
        return error_json(st);
    size_t names = 0, lines = 0;
    int cut = 0;
    for (size_t at = 0; at < len && st == IBIDI_OK;) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t end = nl ? (size_t)(nl - text) : len;
        size_t start, nlen;
        lines++;
        if (ibidi_scan_line(text + at, end - at, &start, &nlen)) {
            if (names == max_names) {
                cut = 1;
                break;
            }
            ibidi_scan_result res;
            memset(&res, 0, sizeof res);
            st = ibidi_scan_name_alloc(text + at + start, nlen, &so, &res, NULL, NULL);
            if (st == IBIDI_OK) {
                ibidi_scan_counts_add(&counts, &res);
                st = ibidi_scan_groups_add_displays(g, text + at + start, nlen, &res, NULL, NULL);
            }
            ibidi_free(res.text.data);
            names++;
        }
        at = end + 1;
    }
    if (st == IBIDI_OK)
        st = ibidi_scan_groups_finish(g, NULL);
    if (st != IBIDI_OK) {
        ibidi_scan_groups_free(g);
        return error_json(st);
    }
    jb b = {0};
    group_ctx c = {&b, 0, max_groups};
    jb_open(&b, NULL, '{');
    jb_uint(&b, "lines", lines);
    jb_uint(&b, "names", counts.names);
    jb_uint(&b, "valid", counts.valid);
    jb_uint(&b, "invalid", counts.invalid);
    jb_bool(&b, "names_cut", cut);
    jb_open(&b, "groups", '[');
    (void)ibidi_scan_groups_each(g, on_group, &c, NULL);
    jb_close(&b, ']');
    size_t total = 0;
    for (unsigned k = 0; k < 3; k++) {
        ibidi_scan_group_counts gc;
        if (ibidi_scan_groups_counts(g, k, &gc) == IBIDI_OK)
            total += gc.groups;
    }
    jb_uint(&b, "n_groups", total);
    jb_bool(&b, "groups_cut", total > c.max);
    jb_close(&b, '}');
    ibidi_scan_groups_free(g);
    return jb_done(&b);
}
