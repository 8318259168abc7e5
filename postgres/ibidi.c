/*
 * postgres/ibidi.c: the PostgreSQL extension ibidi, libibidi's checks where a registry
 * keeps its names. Every function is a thin wrapper: it reads its text arguments, calls
 * the library, copies the result into palloc'd memory, frees what the library allocated,
 * and only then reports an error. So no ereport (a longjmp) ever crosses a libibidi frame
 * and nothing the library allocated leaks; the library never calls back into PostgreSQL
 * but for the twin search's callback, which neither allocates with ereport on failure nor
 * serves interrupts: it stops the search instead, and the failure or the interrupt is dealt
 * with after it.
 *
 * Errors of our own (docs: README, "PostgreSQL"), class IB:
 *   IB001  the name is invalid under the profile (ibidi_to_ascii, ibidi_to_unicode but
 *          under whatwg, whose domain to Unicode never fails): the message names the
 *          first rule broken and its byte offset, the detail the rule's sentence and
 *          every code broken;
 *   IB002  the name cannot be processed at all (over a length limit, a bidi control where
 *          the display cannot take one...): the library's status, its sentence and offset;
 *   IB003  an LGR document refused by ibidi_lgr_load (line, column and the RFC 7940 rule),
 *          or another document under a name already loaded.
 * Bad profile and context words are 22023 (invalid_parameter_value) with a hint listing
 * the valid ones; an unknown LGR name is 42704 (undefined_object).
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "access/xact.h"
#include "catalog/namespace.h"
#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "fmgr.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include "ibidi.h"
#include "ibidi/utf8.h"

PG_MODULE_MAGIC;

#define ERRCODE_IBIDI_INVALID_NAME MAKE_SQLSTATE('I', 'B', '0', '0', '1')
#define ERRCODE_IBIDI_CANNOT_PROCESS MAKE_SQLSTATE('I', 'B', '0', '0', '2')
#define ERRCODE_IBIDI_LGR MAKE_SQLSTATE('I', 'B', '0', '0', '3')

/* The longest argument the functions take, in bytes. A domain name has at most 253
 * octets (RFC 1035 §2.3.4) and every call of the library stops at a few thousand code
 * points anyway (IBIDI_IDNA_MAX_CPS); the bound keeps a megabyte of text from costing the
 * time of its decoding before that status comes back. */
#define NAME_MAX_BYTES 8192
/* The longest LGR document ibidi_lgr_load stores (the root zone's Arabic LGR is under
 * 1 MB); the loader has its own limits besides (ibidi_lgr_limits). */
#define LGR_MAX_BYTES (64 * 1024 * 1024)

/* ---- Arguments ---------------------------------------------------------------------------- */

/* A text argument as bytes. The library takes UTF-8; a database in another encoding would
 * hand it other bytes, so the functions refuse to run there. */
static const char *arg_text(FunctionCallInfo fcinfo, int i, size_t *len, size_t max)
{
    text *t = PG_GETARG_TEXT_PP(i);
    if (GetDatabaseEncoding() != PG_UTF8)
        ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
                        errmsg("ibidi needs a database in UTF-8 (this one is %s)",
                               GetDatabaseEncodingName())));
    *len = VARSIZE_ANY_EXHDR(t);
    if (*len > max)
        ereport(ERROR, (errcode(ERRCODE_IBIDI_CANNOT_PROCESS),
                        errmsg("ibidi: argument of %zu bytes, over the limit of %zu", *len,
                               max),
                        errdetail("A domain name has at most 253 octets (RFC 1035 §2.3.4).")));
    return VARDATA_ANY(t);
}

/* The profile word: one of the library's names (ibidi_idna_profile_name). */
static ibidi_idna_profile arg_profile(FunctionCallInfo fcinfo, int i)
{
    size_t len;
    const char *s = arg_text(fcinfo, i, &len, NAME_MAX_BYTES);
    for (int p = 0; p < 4; p++) {
        const char *n = ibidi_idna_profile_name((ibidi_idna_profile)p);
        if (n && strlen(n) == len && memcmp(n, s, len) == 0)
            return (ibidi_idna_profile)p;
    }
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                    errmsg("ibidi: unknown profile \"%.*s\"", (int)Min(len, 64), s),
                    errhint("Valid profiles: uts46, whatwg, idna2008-lookup, "
                            "idna2008-register.")));
    pg_unreachable();
}

/* The paragraph word: ltr (the standard display model) or rtl. */
static ibidi_dir arg_context(FunctionCallInfo fcinfo, int i)
{
    size_t len;
    const char *s = arg_text(fcinfo, i, &len, NAME_MAX_BYTES);
    if (len == 3 && memcmp(s, "ltr", 3) == 0)
        return IBIDI_DIR_LTR;
    if (len == 3 && memcmp(s, "rtl", 3) == 0)
        return IBIDI_DIR_RTL;
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                    errmsg("ibidi: unknown context \"%.*s\"", (int)Min(len, 64), s),
                    errhint("Valid contexts: ltr (a left-to-right paragraph, the standard "
                            "display model), rtl (a right-to-left paragraph).")));
    pg_unreachable();
}

static text *text_of(const char *s, size_t len) { return cstring_to_text_with_len(s, (int)len); }

/* A library status that stops the call: IB002 with its name, sentence and offset. */
static void cannot_process(const char *what, const ibidi_error *err) pg_attribute_noreturn();
static void cannot_process(const char *what, const ibidi_error *err)
{
    const char *name = ibidi_status_name(err->status);
    if (err->status == IBIDI_E_NOMEM)
        ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("ibidi: out of memory")));
    ereport(ERROR, (errcode(ERRCODE_IBIDI_CANNOT_PROCESS),
                    errmsg("ibidi: %s: %s at byte %zu", what, name ? name : "?", err->offset),
                    errdetail("%s", ibidi_strerror(err->status))));
    pg_unreachable();
}

/* ---- JSON text: the library's (ibidi/json.h), as the command writes it ------------------ */

static void json_string(StringInfo b, const char *s, size_t len)
{
    char small[256];
    ibidi_buf out = {small, sizeof small, 0};
    if (ibidi_json_string(s, len, &out) == IBIDI_E_BUFFER_TOO_SMALL) {
        out.data = palloc(out.len);
        out.cap = out.len;
        (void)ibidi_json_string(s, len, &out);
    }
    appendBinaryStringInfo(b, out.data, (int)out.len);
    if (out.data != small)
        pfree(out.data);
}

static void json_cstr(StringInfo b, const char *s)
{
    if (s)
        json_string(b, s, strlen(s));
    else
        appendStringInfoString(b, "null");
}

static void json_error(StringInfo b, const ibidi_error *err)
{
    const char *name = ibidi_status_name(err->status);
    appendStringInfo(b, "\"error\":{\"status\":\"%s\",\"offset\":%zu,\"message\":",
                     name ? name : "?", err->offset);
    json_cstr(b, ibidi_strerror(err->status));
    appendStringInfoChar(b, '}');
}

static Datum jsonb_of(StringInfo b)
{
    return DirectFunctionCall1(jsonb_in, CStringGetDatum(b->data));
}

/* ---- IDNA ----------------------------------------------------------------------------------- */

/* One conversion with everything copied out of the library: the output, the findings, the
 * status. Everything is palloc'd, so an ereport afterwards leaks nothing. */
typedef struct conv {
    ibidi_status st;
    ibidi_error err;
    char *out;
    size_t out_len;
    ibidi_finding *f;
    size_t nf;
} conv;

/* The name under exactly these flags, as the command's convert() (src/cli/cmd_idna.c). */
static void convert(const char *name, size_t len, unsigned flags, int to_ascii, conv *c)
{
    const ibidi_idna_options opts = {IBIDI_IDNA_PROFILE_UTS46, flags, ~flags, NULL, 0};
    ibidi_buf out = {NULL, 0, 0};
    ibidi_findings found = {NULL, 0, 0, 0};
    memset(c, 0, sizeof *c);
    c->st = to_ascii ? ibidi_idna_to_ascii_alloc(name, len, &opts, &out, &found, &c->err)
                     : ibidi_idna_to_unicode_alloc(name, len, &opts, &out, &found, &c->err);
    if (out.data) {
        c->out_len = out.len;
        c->out = palloc(c->out_len + 1);
        memcpy(c->out, out.data, c->out_len);
        c->out[c->out_len] = '\0';
    }
    if (found.items && found.n) {
        c->nf = found.n;
        c->f = palloc(sizeof *c->f * found.n);
        memcpy(c->f, found.items, sizeof *c->f * found.n);
    }
    ibidi_free(out.data);
    ibidi_findings_free(&found);
    if (c->st == IBIDI_E_NOMEM)
        ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("ibidi: out of memory")));
}

static int encoding_error(const conv *c) { return c->st != IBIDI_OK && c->st != IBIDI_E_IDNA_INVALID; }

/* The distinct error codes of the findings, in the one order of codes (as the command
 * prints them): "[B1, V6]", or "[]". */
static void put_codes(StringInfo b, const ibidi_finding *x, size_t nx)
{
    char t[2048]; /* 64 codes of up to 30 bytes, with their separators */
    ibidi_buf out = {t, sizeof t, 0};
    if (ibidi_findings_codes(x, nx, &out) == IBIDI_OK)
        appendBinaryStringInfo(b, t, (int)out.len);
}

/* ToASCII or ToUnicode under a profile; an invalid name is an ERROR (IB001) naming the
 * first error finding's rule and byte offset (in the ToUnicode form, as the library
 * counts). But for ToUnicode under whatwg: the URL Standard's "domain to Unicode" never
 * fails (it signifies its validation errors and returns the result), so neither does this
 * call; ibidi_is_valid and ibidi_check give the verdict. */
static Datum idna_convert(FunctionCallInfo fcinfo, int to_ascii)
{
    size_t len;
    const char *name = arg_text(fcinfo, 0, &len, NAME_MAX_BYTES);
    ibidi_idna_profile p = arg_profile(fcinfo, 1);
    conv c;
    convert(name, len, ibidi_idna_profile_flags(p), to_ascii, &c);
    if (c.st == IBIDI_OK ||
        (c.st == IBIDI_E_IDNA_INVALID && !to_ascii && p == IBIDI_IDNA_PROFILE_WHATWG))
        PG_RETURN_TEXT_P(text_of(c.out, c.out_len));
    if (encoding_error(&c))
        cannot_process(to_ascii ? "ToASCII" : "ToUnicode", &c.err);
    const ibidi_finding *first = NULL;
    for (size_t i = 0; i < c.nf && !first; i++)
        if (c.f[i].severity == IBIDI_SEVERITY_ERROR)
            first = &c.f[i];
    StringInfoData codes;
    initStringInfo(&codes);
    put_codes(&codes, c.f, c.nf);
    const char *code = first ? ibidi_code_name(first->code) : NULL;
    ereport(ERROR, (errcode(ERRCODE_IBIDI_INVALID_NAME),
                    errmsg("ibidi: invalid domain name \"%.*s\" (%s): %s at byte %zu", (int)len,
                           name, ibidi_idna_profile_name(p), code ? code : "?",
                           first ? first->offset : c.err.offset),
                    errdetail("%s. Every rule broken: %s.",
                              first ? first->rule : ibidi_strerror(c.st), codes.data)));
    pg_unreachable();
}

PG_FUNCTION_INFO_V1(pg_ibidi_to_ascii);
Datum pg_ibidi_to_ascii(PG_FUNCTION_ARGS) { return idna_convert(fcinfo, 1); }

PG_FUNCTION_INFO_V1(pg_ibidi_to_unicode);
Datum pg_ibidi_to_unicode(PG_FUNCTION_ARGS) { return idna_convert(fcinfo, 0); }

/* Valid: ToASCII under the profile records no error (the "valid" of ibidi check --json
 * without --max-restriction and --lgr). A name the library cannot process is not valid. */
PG_FUNCTION_INFO_V1(pg_ibidi_is_valid);
Datum pg_ibidi_is_valid(PG_FUNCTION_ARGS)
{
    size_t len;
    const char *name = arg_text(fcinfo, 0, &len, NAME_MAX_BYTES);
    ibidi_idna_profile p = arg_profile(fcinfo, 1);
    const ibidi_idna_options opts = {p, 0, 0, NULL, 0};
    char buf[1024];
    ibidi_buf out = {buf, sizeof buf, 0};
    ibidi_status st = ibidi_idna_to_ascii_utf8(name, len, &opts, &out, NULL, NULL);
    if (st == IBIDI_E_BUFFER_TOO_SMALL) { /* a long name: the same call with room */
        out.data = palloc(out.len);
        out.cap = out.len;
        st = ibidi_idna_to_ascii_utf8(name, len, &opts, &out, NULL, NULL);
        pfree(out.data);
    }
    PG_RETURN_BOOL(st == IBIDI_OK);
}

/* ---- ibidi_check: the library's verdict on a domain name, as its JSON ------------------------ */

/* The verdict (ibidi_verdict_make) as `ibidi check --json --as domain` prints it: the
 * library makes the record and writes its JSON (ibidi_json_verdict); this function only
 * copies the text out before anything may ereport. A name is never an error here: an
 * invalid one, or one that is no name at all, is a record that says so. */
PG_FUNCTION_INFO_V1(pg_ibidi_check);
Datum pg_ibidi_check(PG_FUNCTION_ARGS)
{
    size_t nlen;
    const char *name = arg_text(fcinfo, 0, &nlen, NAME_MAX_BYTES);
    ibidi_verdict_options o;
    ibidi_verdict v;
    ibidi_buf j = {NULL, 0, 0};
    memset(&o, 0, sizeof o);
    o.as = IBIDI_IRI_AS_DOMAIN;
    o.profile = arg_profile(fcinfo, 1);
    ibidi_status st = ibidi_verdict_make_alloc(name, nlen, &o, &v);
    if (st == IBIDI_OK) {
        st = ibidi_json_verdict_alloc(&v, name, nlen, &j);
        ibidi_verdict_free(&v);
    }
    char *text = st == IBIDI_OK ? pnstrdup(j.data, j.len) : NULL;
    ibidi_free(j.data);
    if (st != IBIDI_OK) {
        const ibidi_error err = {st, 0, 0};
        cannot_process("ibidi_check", &err);
    }
    PG_RETURN_DATUM(DirectFunctionCall1(jsonb_in, CStringGetDatum(text)));
}

/* ---- ibidi_show: how to show an identifier, as its JSON ---------------------------------------- */

/* The decision of how to show an identifier (ibidi_show_make) as `ibidi show --json` prints
 * it: the library makes the record and writes its JSON (ibidi_json_show); this function
 * reads the arguments (the policy and the paragraph by name, the protected names as an
 * array) and copies the text out before anything may ereport. */
PG_FUNCTION_INFO_V1(pg_ibidi_show);
Datum pg_ibidi_show(PG_FUNCTION_ARGS)
{
    size_t nlen, plen;
    if (PG_ARGISNULL(0) || PG_ARGISNULL(1) || PG_ARGISNULL(2)) /* strict but for protect */
        PG_RETURN_NULL();
    const char *ident = arg_text(fcinfo, 0, &nlen, NAME_MAX_BYTES);
    const char *policy = arg_text(fcinfo, 1, &plen, NAME_MAX_BYTES);
    ibidi_show_options o;
    memset(&o, 0, sizeof o);
    const int p = ibidi_show_policy_from_name(policy, plen);
    if (p < 0)
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("ibidi: unknown policy \"%.*s\"", (int)Min(plen, 64), policy),
                        errhint("Valid policies: default, chromium, firefox, webkit.")));
    o.policy = (ibidi_show_policy)p;
    o.context = arg_context(fcinfo, 2);
    ibidi_show_protected *protect = NULL;
    if (PG_NARGS() > 3 && !PG_ARGISNULL(3)) {
        ArrayType *a = PG_GETARG_ARRAYTYPE_P(3);
        Datum *items;
        bool *nulls;
        int n;
        deconstruct_array(a, TEXTOID, -1, false, TYPALIGN_INT, &items, &nulls, &n);
        const char **names = palloc(sizeof *names * (size_t)(n ? n : 1));
        size_t *lens = palloc(sizeof *lens * (size_t)(n ? n : 1));
        int k = 0;
        for (int i = 0; i < n; i++)
            if (!nulls[i]) {
                text *t = DatumGetTextPP(items[i]);
                names[k] = VARDATA_ANY(t);
                lens[k++] = VARSIZE_ANY_EXHDR(t);
            }
        ibidi_error e;
        const ibidi_status st = ibidi_show_protect_create(names, lens, (size_t)k, &protect, &e);
        if (st == IBIDI_E_NOMEM)
            ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("ibidi: out of memory")));
        if (st != IBIDI_OK) {
            const size_t i = e.value < (uint32_t)k ? e.value : 0;
            ereport(ERROR, (errcode(ERRCODE_IBIDI_INVALID_NAME),
                            errmsg("ibidi: protected name \"%.*s\" is not a valid domain name",
                                   (int)Min(lens[i], 253), names[i]),
                            errdetail("%s", ibidi_strerror(st))));
        }
        o.protect = protect;
    }
    ibidi_show r;
    ibidi_buf j = {NULL, 0, 0};
    ibidi_status st = ibidi_show_make_alloc(ident, nlen, &o, &r);
    if (st == IBIDI_OK) {
        st = ibidi_json_show_alloc(&r, ident, nlen, &j);
        ibidi_show_free(&r);
    }
    ibidi_show_protect_free(protect);
    char *json = st == IBIDI_OK ? pnstrdup(j.data, j.len) : NULL;
    ibidi_free(j.data);
    if (st != IBIDI_OK) {
        const ibidi_error err = {st, 0, 0};
        cannot_process("ibidi_show", &err);
    }
    PG_RETURN_DATUM(DirectFunctionCall1(jsonb_in, CStringGetDatum(json)));
}

/* ---- Display ---------------------------------------------------------------------------------- */

/* The visual form of the name as written (ibidi_display_utf8, IBIDI_DISPLAY_FORM_VISUAL),
 * taken as a domain name, in the paragraph given. */
PG_FUNCTION_INFO_V1(pg_ibidi_display);
Datum pg_ibidi_display(PG_FUNCTION_ARGS)
{
    size_t len;
    const char *name = arg_text(fcinfo, 0, &len, NAME_MAX_BYTES);
    ibidi_dir ctx = arg_context(fcinfo, 1);
    const size_t ws = ibidi_display_work_size(len, 0);
    if (ws == SIZE_MAX)
        cannot_process("display", &(ibidi_error){IBIDI_E_TOO_LONG, len, 0});
    void *work = ws ? palloc(ws) : NULL;
    ibidi_display_options o;
    memset(&o, 0, sizeof o);
    o.as = IBIDI_IRI_AS_DOMAIN;
    o.context = ctx;
    o.form = IBIDI_DISPLAY_FORM_VISUAL;
    o.work = work;
    o.work_size = ws;
    /* the visual form reorders the code points and mirrors brackets: as many bytes as
     * the name, give or take the mirrored glyphs' lengths; the second call has room */
    ibidi_buf out = {palloc(len + 16), len + 16, 0};
    ibidi_error err;
    ibidi_status st = ibidi_display_utf8(name, len, &o, &out, &err);
    if (st == IBIDI_E_BUFFER_TOO_SMALL) {
        out.cap = out.len;
        out.data = repalloc(out.data, out.cap > 0 ? out.cap : 1);
        st = ibidi_display_utf8(name, len, &o, &out, &err);
    }
    if (st != IBIDI_OK)
        cannot_process("display", &err);
    PG_RETURN_TEXT_P(text_of(out.data, out.len));
}

/* The 2012 bidi IRI guidelines' §2 test (ibidi_display_needs_embedding): does the
 * identifier (a domain name, an IRI or a mail address, parsed as kind says: auto decides
 * as ibidi_iri_parse does) need an embedding between the text before and after it in a
 * paragraph of the direction given? true when the line would show otherwise without
 * LRE ... PDF around it. An identifier that does not parse is an error (IB002). */
PG_FUNCTION_INFO_V1(pg_ibidi_needs_embedding);
Datum pg_ibidi_needs_embedding(PG_FUNCTION_ARGS)
{
    static const char *const kinds[] = {"auto", "domain", "iri", "email"};
    size_t len, blen, alen, klen;
    const char *s = arg_text(fcinfo, 0, &len, NAME_MAX_BYTES);
    ibidi_dir ctx = arg_context(fcinfo, 1);
    const char *before = arg_text(fcinfo, 2, &blen, NAME_MAX_BYTES);
    const char *after = arg_text(fcinfo, 3, &alen, NAME_MAX_BYTES);
    const char *k = arg_text(fcinfo, 4, &klen, NAME_MAX_BYTES);
    int kind = 0;
    while (kind < 4 && !(strlen(kinds[kind]) == klen && memcmp(kinds[kind], k, klen) == 0))
        kind++;
    if (kind == 4)
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("ibidi: unknown kind \"%.*s\"", (int)Min(klen, 64), k),
                        errhint("Valid kinds: auto, domain, iri, email.")));
    /* the components first: the test is made on the identifier parsed */
    ibidi_iri_components comps = {palloc(sizeof(ibidi_iri_component) * (len + 2)), len + 2, 0};
    ibidi_iri_info info;
    ibidi_error err;
    ibidi_status st = ibidi_iri_parse(s, len, (ibidi_iri_kind)kind, &comps, &info, &err);
    if (st == IBIDI_E_BUFFER_TOO_SMALL && comps.n > comps.cap) { /* n: the components needed */
        comps.cap = comps.n;
        comps.items = repalloc(comps.items, sizeof(ibidi_iri_component) * comps.cap);
        st = ibidi_iri_parse(s, len, (ibidi_iri_kind)kind, &comps, &info, &err);
    }
    if (st != IBIDI_OK)
        cannot_process("embedding test", &err);
    const size_t ws = ibidi_display_work_size(len, blen + alen);
    if (ws == SIZE_MAX)
        cannot_process("embedding test", &(ibidi_error){IBIDI_E_TOO_LONG, len, 0});
    ibidi_display_options o;
    memset(&o, 0, sizeof o);
    o.as = (ibidi_iri_kind)kind;
    o.comps = &comps;
    o.context = ctx;
    o.before = before;
    o.before_len = blen;
    o.after = after;
    o.after_len = alen;
    o.work = ws ? palloc(ws) : NULL;
    o.work_size = ws;
    int needed = 0;
    st = ibidi_display_needs_embedding(s, len, &o, &needed, &err);
    if (st != IBIDI_OK)
        cannot_process("embedding test", &err);
    PG_RETURN_BOOL(needed != 0);
}

/* The display key: the visual form, in the paragraph given, of the name's ToUnicode form
 * (uts46), exactly the key `ibidi scan` groups names on (ibidi_scan_name, step 4). Two
 * names with the same key show the same glyphs; an A-label and its U-label, or two
 * spellings that map alike (case), share it too. The key is the visual text itself, not a
 * hash of it: no false match, and a collision group's key reads as what users see. NULL
 * when the form is no domain name (then it has no display and collides with nothing). */
/* ibidi_scan_name on the name, its texts in buf (cap bytes) or, when they do not fit, in
 * palloc'd memory; an ERROR naming what when the name cannot be processed. */
static void scan_one(const char *name, size_t len, unsigned flags, char *buf, size_t cap,
                     ibidi_scan_result *res, const char *what)
{
    ibidi_scan_options so;
    memset(&so, 0, sizeof so);
    so.flags = flags;
    ibidi_error err;
    res->text = (ibidi_buf){buf, cap, 0};
    ibidi_status st = ibidi_scan_name(name, len, &so, res, NULL, &err);
    if (st == IBIDI_E_IDNA_WORK_TOO_SMALL) {
        /* a name that maps past IDNA's fixed area (over 1536 code points): the work
           area the library asks for, then the same call */
        so.idna.work_size = ibidi_idna_work_size();
        so.idna.work = palloc(so.idna.work_size);
        res->text = (ibidi_buf){buf, cap, 0};
        st = ibidi_scan_name(name, len, &so, res, NULL, &err);
    }
    if (st == IBIDI_E_BUFFER_TOO_SMALL) {
        res->text = (ibidi_buf){palloc(res->text.len), res->text.len, 0};
        st = ibidi_scan_name(name, len, &so, res, NULL, &err);
    }
    if (st != IBIDI_OK)
        cannot_process(what, &err);
}

PG_FUNCTION_INFO_V1(pg_ibidi_display_key);
Datum pg_ibidi_display_key(PG_FUNCTION_ARGS)
{
    size_t len;
    const char *name = arg_text(fcinfo, 0, &len, NAME_MAX_BYTES);
    ibidi_dir ctx = arg_context(fcinfo, 1);
    char stackbuf[2048];
    ibidi_scan_result res;
    scan_one(name, len, ctx == IBIDI_DIR_RTL ? IBIDI_SCAN_RTL : IBIDI_SCAN_LTR, stackbuf,
             sizeof stackbuf, &res, "display key");
    const ibidi_span *d = &res.display[ctx == IBIDI_DIR_RTL ? 1 : 0];
    if (!d->present)
        PG_RETURN_NULL();
    PG_RETURN_TEXT_P(text_of(res.text.data + d->start, d->length));
}

/* ---- Look-alikes (UTS #39 §4) --------------------------------------------------------------- */

/* The skeleton (nargs 1) or the bidi skeleton in a paragraph of the context (nargs 2) of
 * the name's ToUnicode form, the form ibidi scan compares: names with equal keys look
 * alike, so that an index on it finds every confusable pair by equality. */
static Datum skeleton_of(FunctionCallInfo fcinfo, int bidi)
{
    size_t len;
    const char *name = arg_text(fcinfo, 0, &len, NAME_MAX_BYTES);
    const ibidi_dir ctx = bidi ? arg_context(fcinfo, 1) : IBIDI_DIR_LTR;
    char stackbuf[2048];
    ibidi_scan_result res;
    ibidi_error err;
    scan_one(name, len, 0, stackbuf, sizeof stackbuf, &res, "skeleton");
    const char *form = res.unicode.present ? res.text.data + res.unicode.start : name;
    const size_t flen = res.unicode.present ? res.unicode.length : len;
    ibidi_buf out = {NULL, 0, 0};
    ibidi_status st = bidi ? ibidi_confusable_bidi_skeleton_utf8(form, flen, ctx, &out, &err)
              : ibidi_confusable_skeleton_utf8(form, flen, &out, &err);
    if (st == IBIDI_E_BUFFER_TOO_SMALL) {
        out = (ibidi_buf){palloc(out.len + 1), out.len + 1, 0};
        st = bidi ? ibidi_confusable_bidi_skeleton_utf8(form, flen, ctx, &out, &err)
                  : ibidi_confusable_skeleton_utf8(form, flen, &out, &err);
    }
    if (st != IBIDI_OK)
        cannot_process("skeleton", &err);
    PG_RETURN_TEXT_P(text_of(out.data ? out.data : "", out.len));
}

PG_FUNCTION_INFO_V1(pg_ibidi_skeleton);
Datum pg_ibidi_skeleton(PG_FUNCTION_ARGS)
{
    return skeleton_of(fcinfo, PG_NARGS() > 1);
}

/* ---- Twins -------------------------------------------------------------------------------- */

/* The twins one call lists at most, the default of ibidi twins --max-twins: the search
 * runs up to a million candidates (IBIDI_AMBIGUITY_DEFAULT_CANDIDATES), and a name of 250
 * bytes can have as many twins (a digit label between right-to-left labels, over and over),
 * which as rows would hold hundreds of megabytes of the backend's memory. */
#define TWINS_MAX 100000

typedef struct twin {
    char *s;
    size_t len;
    bool valid;
    char *codes;
} twin;

typedef struct twin_list {
    twin *v;
    size_t n, cap;
    int oom;
    int cut;         /* stopped at TWINS_MAX: more twins exist */
    int interrupted; /* stopped for a cancel or a termination, served after the search */
} twin_list;

/* Asked by the library every IBIDI_AMBIGUITY_STOP_EVERY steps of the search (well under a
 * millisecond apart), twins or not: a search at its bound runs seconds, most of it between
 * twins, and a cancel or a statement_timeout must not wait for its end. It must not
 * ereport (no longjmp across the library): it only says stop, and the interrupt is served
 * once the library has returned. */
static int twin_stop(void *ctx)
{
    twin_list *l = ctx;
    if ((QueryCancelPending || ProcDiePending) && INTERRUPTS_CAN_BE_PROCESSED())
        return l->interrupted = 1;
    return 0;
}

/* Called by the library for each twin it finds: it must not ereport either, so allocation
 * failures, the list's bound and a pending cancel or termination stop the search, and are
 * dealt with afterwards. */
static int twin_collect(const char *s, size_t len, void *ctx)
{
    twin_list *l = ctx;
    if (twin_stop(l))
        return 1;
    if (l->n == TWINS_MAX)
        return l->cut = 1;
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        twin *v = palloc_extended(sizeof *v * cap, MCXT_ALLOC_NO_OOM);
        if (!v)
            return l->oom = 1;
        if (l->n)
            memcpy(v, l->v, sizeof *v * l->n);
        l->v = v;
        l->cap = cap;
    }
    char *copy = palloc_extended(len + 1, MCXT_ALLOC_NO_OOM);
    if (!copy)
        return l->oom = 1;
    memcpy(copy, s, len);
    copy[len] = '\0';
    l->v[l->n++] = (twin){copy, len, false, NULL};
    return 0;
}

/* Valid twins first, then by bytes (the command's order, src/cli/cmd_twins.c). */
static int twin_cmp(const void *a, const void *b)
{
    const twin *x = a, *y = b;
    if (x->valid != y->valid)
        return x->valid ? -1 : 1;
    int c = memcmp(x->s, y->s, Min(x->len, y->len));
    return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* Every other domain name that shows the same glyphs in the paragraph given (the exact
 * twin search of ibidi twins --as domain), with its validity under uts46 and the codes of
 * the rules it breaks ("[]" when valid): valid twins first, then by bytes. The search runs
 * on the form users see (A-labels as U-labels, RFC 5894 §4.2). A search cut by its bound,
 * or a list cut at TWINS_MAX, returns the twins found with a WARNING that more may exist
 * (the command's "# search cut" and "# list cut" lines). */
PG_FUNCTION_INFO_V1(pg_ibidi_twins);
Datum pg_ibidi_twins(PG_FUNCTION_ARGS)
{
    size_t len;
    const char *name = arg_text(fcinfo, 0, &len, NAME_MAX_BYTES);
    ibidi_dir ctx = arg_context(fcinfo, 1);
    ibidi_buf u = {NULL, 0, 0};
    const ibidi_iri_options uo = {IBIDI_IRI_AS_DOMAIN, 0, {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}};
    /* the form users see, when it differs from the name */
    if (ibidi_iri_unicode_form_alloc(name, len, &uo, &u, NULL) == IBIDI_OK &&
        (u.len != len || memcmp(u.data, name, len) != 0)) {
        name = pnstrdup(u.data, u.len);
        len = u.len;
    }
    ibidi_free(u.data);
    twin_list l = {NULL, 0, 0, 0, 0, 0}; /* freed with the function's memory context */
    const ibidi_ambiguity_options ao = {.context = ctx,
                                        .twin_utf8_fn = twin_collect,
                                        .twin_ctx = &l,
                                        .stop_fn = twin_stop};
    ibidi_ambiguity_twin_stats stats;
    ibidi_error err;
    ibidi_status st = ibidi_ambiguity_twins_utf8(name, len, &ao, &stats, &err);
    if (l.interrupted || st == IBIDI_E_INTERRUPTED) {
        CHECK_FOR_INTERRUPTS();
        /* not reached while the interrupt is one (ProcessInterrupts raises a cancel it
         * can serve); the list is not whole in any case */
        ereport(ERROR, (errcode(ERRCODE_QUERY_CANCELED),
                        errmsg("ibidi: twin search interrupted")));
    }
    if (l.oom)
        ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("ibidi: out of memory")));
    if (st != IBIDI_OK)
        cannot_process("twins", &err);
    for (size_t i = 0; i < l.n; i++) {
        CHECK_FOR_INTERRUPTS();
        ibidi_buf c = {NULL, 0, 0};
        const ibidi_iri_options vo = {IBIDI_IRI_AS_DOMAIN, 0,
                                      {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}};
        ibidi_status vs = ibidi_iri_validate_alloc(l.v[i].s, l.v[i].len, &vo, &c, NULL);
        l.v[i].valid = vs == IBIDI_OK;
        l.v[i].codes = c.data ? pnstrdup(c.data, c.len) : pstrdup(vs == IBIDI_OK ? "[]" : "?");
        ibidi_free(c.data);
        if (vs == IBIDI_E_NOMEM)
            ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("ibidi: out of memory")));
    }
    if (l.n > 1)
        qsort(l.v, l.n, sizeof *l.v, twin_cmp);
    if (l.cut)
        ereport(WARNING, (errmsg("ibidi: twins: the list stops at %d twins: more twins exist",
                                 TWINS_MAX)));
    else if (stats.truncated)
        ereport(WARNING,
                (errmsg("ibidi: twins: the search stopped after %zu candidates: more twins may "
                        "exist",
                        stats.candidates)));
    InitMaterializedSRF(fcinfo, 0);
    ReturnSetInfo *rsinfo = (ReturnSetInfo *)fcinfo->resultinfo;
    for (size_t i = 0; i < l.n; i++) {
        Datum values[3];
        bool nulls[3] = {false, false, false};
        values[0] = PointerGetDatum(text_of(l.v[i].s, l.v[i].len));
        values[1] = BoolGetDatum(l.v[i].valid);
        values[2] = PointerGetDatum(cstring_to_text(l.v[i].codes));
        tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
    }
    return (Datum)0;
}

/* ---- The table of codes -------------------------------------------------------------------- */

/* Every finding code and status of the library's table (ibidi_code_table), as `ibidi explain
 * --list --json` lists them: what a registry's application shows next to a code it stored. */
PG_FUNCTION_INFO_V1(pg_ibidi_codes);
Datum pg_ibidi_codes(PG_FUNCTION_ARGS)
{
    static const char *const sev[] = {"error", "warning", "status", "success"};
    size_t n = 0;
    const ibidi_code_info *r = ibidi_code_table(&n);
    InitMaterializedSRF(fcinfo, 0);
    ReturnSetInfo *rsinfo = (ReturnSetInfo *)fcinfo->resultinfo;
    for (size_t i = 0; i < n; i++) {
        const char *cols[] = {r[i].type == IBIDI_CODE_FINDING ? "finding" : "status", NULL,
                              r[i].name, r[i].enumerator, r[i].capability, r[i].group,
                              sev[r[i].severity], r[i].text, r[i].rule, r[i].message,
                              r[i].example};
        Datum values[11];
        bool nulls[11];
        for (int k = 0; k < 11; k++) {
            nulls[k] = k != 1 && cols[k] == NULL;
            values[k] = k == 1 ? Int32GetDatum(r[i].value)
                               : (nulls[k] ? (Datum)0 : PointerGetDatum(cstring_to_text(cols[k])));
        }
        tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
    }
    return (Datum)0;
}

/* ---- LGRs ------------------------------------------------------------------------------------ */

/* The LGRs this backend has compiled, by name. The table ibidi_lgr never changes what a
 * name holds (ibidi_lgr_load refuses another document under a loaded name), so an entry
 * stays right for the backend's life, and the functions that read it may be IMMUTABLE.
 * But a row this transaction wrote is not there yet for good: if the transaction, or the
 * subtransaction that wrote it, rolls back, the name is free again and may be loaded with
 * another document. An entry compiled from such a row, or by ibidi_lgr_load itself, is
 * provisional: kept when the transaction commits, dropped when the subtransaction it was
 * made in aborts (a committed subtransaction hands its entries to its parent), or the
 * transaction. A dropped entry is compiled again from the table if the row is still there.
 *
 * ibidi_lgr_load leaves what it compiled here. So a label can be checked in the PL/pgSQL
 * function that loaded its LGR: there the new row is not yet visible to the IMMUTABLE
 * readers, whose snapshot may be older than the row (the planner folds a call with
 * constant arguments, and a non-volatile function sees no command after its snapshot's).
 * A call folded in the very statement that loads runs before the load: that one fails. */
typedef struct lgr_entry {
    struct lgr_entry *next;
    char *name;
    ibidi_lgr *lgr;
    bool provisional;
    SubTransactionId subxact; /* the subtransaction a provisional entry belongs to */
} lgr_entry;

static lgr_entry *lgr_cache;

/* Drops the provisional entries of subtransaction sub, or all of them for
 * InvalidSubTransactionId. */
static void lgr_drop_provisional(SubTransactionId sub)
{
    lgr_entry **p = &lgr_cache;
    while (*p) {
        lgr_entry *e = *p;
        if (e->provisional && (sub == InvalidSubTransactionId || e->subxact == sub)) {
            *p = e->next;
            ibidi_lgr_free(e->lgr);
            pfree(e->name);
            pfree(e);
        } else {
            p = &e->next;
        }
    }
}

static void lgr_xact_callback(XactEvent event, void *arg)
{
    if (event == XACT_EVENT_COMMIT) {
        for (lgr_entry *e = lgr_cache; e; e = e->next)
            e->provisional = false;
    } else if (event == XACT_EVENT_ABORT || event == XACT_EVENT_PARALLEL_ABORT ||
               event == XACT_EVENT_PREPARE || event == XACT_EVENT_PARALLEL_COMMIT) {
        /* a parallel worker's commit is not the transaction's; a prepared transaction may
         * still roll back, after this backend has gone on */
        lgr_drop_provisional(InvalidSubTransactionId);
    }
}

static void lgr_subxact_callback(SubXactEvent event, SubTransactionId sub,
                                 SubTransactionId parent, void *arg)
{
    if (event == SUBXACT_EVENT_ABORT_SUB) {
        lgr_drop_provisional(sub);
    } else if (event == SUBXACT_EVENT_COMMIT_SUB) {
        for (lgr_entry *e = lgr_cache; e; e = e->next)
            if (e->provisional && e->subxact == sub)
                e->subxact = parent;
    }
}

/* The cache's entry for name, or NULL. */
static lgr_entry *lgr_cached(const char *name, size_t len)
{
    for (lgr_entry *e = lgr_cache; e; e = e->next)
        if (strlen(e->name) == len && memcmp(e->name, name, len) == 0)
            return e;
    return NULL;
}

/* Puts lgr into the cache under name, which then owns it; false (lgr still the caller's)
 * when memory runs out. A provisional entry belongs to the current subtransaction: the
 * row it stands for was written there or in one of its ancestors, which cannot abort
 * without it. */
static bool lgr_cache_add(const char *name, size_t len, ibidi_lgr *lgr, bool provisional)
{
    lgr_entry *e = MemoryContextAllocExtended(TopMemoryContext, sizeof *e, MCXT_ALLOC_NO_OOM);
    char *ename = e ? MemoryContextAllocExtended(TopMemoryContext, len + 1, MCXT_ALLOC_NO_OOM)
                    : NULL;
    if (!ename) {
        if (e)
            pfree(e);
        return false;
    }
    memcpy(ename, name, len);
    ename[len] = '\0';
    e->name = ename;
    e->lgr = lgr;
    e->provisional = provisional;
    e->subxact = provisional ? GetCurrentSubTransactionId() : InvalidSubTransactionId;
    e->next = lgr_cache;
    lgr_cache = e;
    return true;
}

PGDLLEXPORT void _PG_init(void);
void _PG_init(void)
{
    RegisterXactCallback(lgr_xact_callback, NULL);
    RegisterSubXactCallback(lgr_subxact_callback, NULL);
}

/* The schema-qualified table, wherever the extension was created: the schema of the
 * calling function, which the extension script created beside the table. */
static char *lgr_table(FunctionCallInfo fcinfo)
{
    char *schema = get_namespace_name(get_func_namespace(fcinfo->flinfo->fn_oid));
    if (!schema)
        ereport(ERROR, (errcode(ERRCODE_UNDEFINED_SCHEMA),
                        errmsg("ibidi: the extension's schema is gone")));
    return psprintf("%s.ibidi_lgr", quote_identifier(schema));
}

/* The document stored under name, or NULL; palloc'd in the caller's context. *mine (may be
 * NULL): the row was written by this transaction, which has not committed yet. */
static char *lgr_xml(FunctionCallInfo fcinfo, const char *name, size_t len, size_t *xml_len,
                     bool *mine)
{
    MemoryContext caller = CurrentMemoryContext;
    char *sql = psprintf("SELECT xml, xmin FROM %s WHERE name = $1", lgr_table(fcinfo));
    Oid types[1] = {TEXTOID};
    Datum args[1] = {PointerGetDatum(text_of(name, len))};
    char *xml = NULL;
    SPI_connect();
    int rc = SPI_execute_with_args(sql, 1, types, args, NULL, true, 1);
    if (rc != SPI_OK_SELECT)
        ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR),
                        errmsg("ibidi: reading the LGR table failed (%d)", rc)));
    if (SPI_processed == 1) {
        bool isnull;
        Datum d = SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1, &isnull);
        if (!isnull) {
            text *t = DatumGetTextPP(d);
            *xml_len = VARSIZE_ANY_EXHDR(t);
            xml = MemoryContextAlloc(caller, *xml_len + 1);
            memcpy(xml, VARDATA_ANY(t), *xml_len);
            xml[*xml_len] = '\0';
            Datum x = SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 2, &isnull);
            if (mine)
                *mine = !isnull &&
                        TransactionIdIsCurrentTransactionId(DatumGetTransactionId(x));
        }
    }
    SPI_finish();
    return xml;
}

static void lgr_refused(const ibidi_lgr_diag *d, ibidi_status st) pg_attribute_noreturn();
static void lgr_refused(const ibidi_lgr_diag *d, ibidi_status st)
{
    if (st == IBIDI_E_NOMEM)
        ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("ibidi: out of memory")));
    const char *name = ibidi_status_name(st);
    ereport(ERROR, (errcode(ERRCODE_IBIDI_LGR),
                    errmsg("ibidi: LGR document refused: %s at line %lu, column %lu",
                           name ? name : "?", d->line, d->column),
                    errdetail("%s", d->message)));
    pg_unreachable();
}

/* The compiled LGR of a name: from the cache, else read and compiled once. */
static const ibidi_lgr *lgr_get(FunctionCallInfo fcinfo, int i)
{
    size_t len;
    const char *name = arg_text(fcinfo, i, &len, 1024);
    const lgr_entry *hit = lgr_cached(name, len);
    if (hit)
        return hit->lgr;
    size_t xml_len = 0;
    bool mine = false;
    char *xml = lgr_xml(fcinfo, name, len, &xml_len, &mine);
    if (!xml)
        ereport(ERROR, (errcode(ERRCODE_UNDEFINED_OBJECT),
                        errmsg("ibidi: no LGR named \"%.*s\"", (int)len, name),
                        errhint("Load one with ibidi_lgr_load(name, xml).")));
    ibidi_lgr *lgr = NULL;
    ibidi_lgr_diag d;
    memset(&d, 0, sizeof d);
    ibidi_status st = ibidi_lgr_load(xml, xml_len, NULL, &lgr, &d);
    pfree(xml);
    if (st != IBIDI_OK)
        lgr_refused(&d, st);
    if (!lgr_cache_add(name, len, lgr, mine)) {
        ibidi_lgr_free(lgr); /* not cached: freed before the error */
        ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("ibidi: out of memory")));
    }
    return lgr;
}

/* Stores an LGR document under a name, once it compiles. The same document again is
 * accepted (nothing changes); another one under a name already taken is refused, so that
 * an index built on ibidi_lgr_index under that name never goes stale. Returns what the
 * document holds, as ibidi lgr info --json counts it. */
PG_FUNCTION_INFO_V1(pg_ibidi_lgr_load);
Datum pg_ibidi_lgr_load(PG_FUNCTION_ARGS)
{
    size_t nlen, xlen;
    const char *name = arg_text(fcinfo, 0, &nlen, 1024);
    const char *xml = arg_text(fcinfo, 1, &xlen, LGR_MAX_BYTES);
    if (nlen == 0)
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("ibidi: an LGR needs a name")));
    ibidi_lgr *lgr = NULL;
    ibidi_lgr_diag d;
    memset(&d, 0, sizeof d);
    ibidi_status st = ibidi_lgr_load(xml, xlen, NULL, &lgr, &d);
    if (st != IBIDI_OK)
        lgr_refused(&d, st);
    const ibidi_lgr_info *info = ibidi_lgr_get_info(lgr);
    StringInfoData b;
    initStringInfo(&b);
    appendStringInfoString(&b, "{\"name\":");
    json_string(&b, name, nlen);
    appendStringInfo(&b,
                     ",\"code_points\":%zu,\"sequences\":%zu,\"variants\":%zu,"
                     "\"rules\":%zu,\"actions\":%zu,\"symmetric\":%s,\"transitive\":%s,"
                     "\"index_possible\":%s}",
                     info->n_code_points, info->n_sequences, info->n_variants, info->n_rules,
                     info->n_actions, info->symmetric ? "true" : "false",
                     info->transitive ? "true" : "false",
                     info->index_possible ? "true" : "false");
    /* The cache takes the compiled LGR before anything below can fail: an error aborts the
     * subtransaction it belongs to, and that drops it. Without memory for the entry the
     * readers compile it again from the table. */
    if (lgr_cached(name, nlen) || !lgr_cache_add(name, nlen, lgr, true))
        ibidi_lgr_free(lgr);
    size_t old_len = 0;
    char *old = lgr_xml(fcinfo, name, nlen, &old_len, NULL);
    if (old) {
        if (old_len != xlen || memcmp(old, xml, xlen) != 0)
            ereport(ERROR, (errcode(ERRCODE_IBIDI_LGR),
                            errmsg("ibidi: another LGR is already loaded as \"%.*s\"", (int)nlen,
                                   name),
                            errdetail("Index labels computed under that name would go stale."),
                            errhint("Load the new document under a new name.")));
    } else {
        char *sql = psprintf("INSERT INTO %s (name, xml) VALUES ($1, $2)", lgr_table(fcinfo));
        Oid types[2] = {TEXTOID, TEXTOID};
        Datum args[2] = {PointerGetDatum(text_of(name, nlen)), PointerGetDatum(text_of(xml, xlen))};
        SPI_connect();
        int rc = SPI_execute_with_args(sql, 2, types, args, NULL, false, 0);
        if (rc != SPI_OK_INSERT)
            ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR),
                            errmsg("ibidi: storing the LGR failed (%d)", rc)));
        SPI_finish();
    }
    PG_RETURN_DATUM(jsonb_of(&b));
}

static size_t encode_cps(const uint32_t *cps, size_t n, char *buf, size_t cap)
{
    ibidi_buf enc = {buf, cap, 0};
    return ibidi_utf8_encode(cps, n, &enc, NULL) == IBIDI_OK ? enc.len : 0;
}

/* A label under an LGR: the JSON of `ibidi lgr check --json --no-variants` (src/cli/cmd_lgr.c)
 * with registrable beside. A label that cannot be read (over 63 code points, bad Punycode)
 * is a record with its error, as the command writes it. */
PG_FUNCTION_INFO_V1(pg_ibidi_lgr_check);
Datum pg_ibidi_lgr_check(PG_FUNCTION_ARGS)
{
    const ibidi_lgr *lgr = lgr_get(fcinfo, 0);
    size_t len;
    const char *label = arg_text(fcinfo, 1, &len, NAME_MAX_BYTES);
    uint32_t cps[IBIDI_LGR_MAX_LABEL];
    ibidi_buf32 dec = {cps, IBIDI_LGR_MAX_LABEL, 0};
    ibidi_error err;
    StringInfoData b;
    initStringInfo(&b);
    appendStringInfoString(&b, "{\"input\":");
    json_string(&b, label, len);
    ibidi_status st = ibidi_lgr_label_decode(label, len, &dec, &err);
    const size_t n = dec.len;
    ibidi_lgr_result r;
    if (st == IBIDI_OK)
        st = ibidi_lgr_check(lgr, cps, n, &r, &err);
    if (st != IBIDI_OK) {
        appendStringInfoChar(&b, ',');
        json_error(&b, &err);
        appendStringInfoChar(&b, '}');
        PG_RETURN_DATUM(jsonb_of(&b));
    }
    const ibidi_lgr_info *info = ibidi_lgr_get_info(lgr);
    char buf[IBIDI_LGR_MAX_INDEX * 4];
    appendStringInfoString(&b, ",\"label\":");
    json_string(&b, buf, encode_cps(cps, n, buf, sizeof buf));
    appendStringInfo(&b, ",\"eligible\":%s", r.eligible ? "true" : "false");
    if (!r.eligible) {
        appendStringInfo(&b, ",\"reason\":{\"status\":\"%s\"", ibidi_status_name(r.status));
        if (r.status != IBIDI_E_LGR_INVALID_DISPOSITION) { /* else: the action below */
            appendStringInfo(&b, ",\"offset\":%zu,\"cp\":\"U+%04X\",\"rule\":", r.offset,
                             (unsigned)r.cp);
            json_cstr(&b, r.context_rule);
        }
        appendStringInfoString(&b, ",\"message\":");
        json_cstr(&b, ibidi_strerror(r.status));
        appendStringInfoChar(&b, '}');
    }
    appendStringInfoString(&b, ",\"disposition\":");
    json_cstr(&b, r.disposition);
    appendStringInfo(&b, ",\"registrable\":%s", r.registrable ? "true" : "false");
    if (r.action != IBIDI_LGR_NO_ACTION) {
        appendStringInfo(&b, ",\"action\":{\"index\":%zu,\"default\":%s,\"rule\":", r.action,
                         r.default_action ? "true" : "false");
        json_cstr(&b, r.rule);
        appendStringInfo(&b, ",\"not_match\":%s,\"comment\":", r.not_match ? "true" : "false");
        json_cstr(&b, r.action_comment);
        appendStringInfoChar(&b, '}');
    } else {
        appendStringInfoString(&b, ",\"action\":null");
    }
    appendStringInfoString(&b, ",\"types\":[");
    int first = 1;
    for (size_t i = 0; i < info->n_variant_types && i < 64; i++)
        if (r.types >> i & 1) {
            if (!first)
                appendStringInfoChar(&b, ',');
            first = 0;
            json_cstr(&b, info->variant_types[i]);
        }
    appendStringInfoChar(&b, ']');
    /* §8.1.1: a label an action makes invalid keeps its index label */
    if ((r.eligible || r.status == IBIDI_E_LGR_INVALID_DISPOSITION) && info->index_possible) {
        uint32_t idx[IBIDI_LGR_MAX_INDEX];
        ibidi_buf32 index = {idx, IBIDI_LGR_MAX_INDEX, 0};
        ibidi_status ist = ibidi_lgr_index_label(lgr, cps, n, &index, NULL);
        appendStringInfoString(&b, ",\"index\":");
        if (ist == IBIDI_OK)
            json_string(&b, buf, encode_cps(idx, index.len, buf, sizeof buf));
        else
            appendStringInfo(&b, "null,\"index_status\":\"%s\"", ibidi_status_name(ist));
    }
    appendStringInfoChar(&b, '}');
    PG_RETURN_DATUM(jsonb_of(&b));
}

/* The index label (RFC 7940 §8.5): labels with the same one are variants of each other.
 * NULL for a label that has none (a code point outside the repertoire or out of its
 * context, over 63 code points, not decodable): it collides with nothing and
 * ibidi_lgr_check says why. A label an action makes invalid is not eligible but keeps its
 * index label (RFC 7940 §8.1.1), so that it still collides. An LGR whose variant sets allow no
 * index label is an ERROR (every label would be NULL). */
PG_FUNCTION_INFO_V1(pg_ibidi_lgr_index);
Datum pg_ibidi_lgr_index(PG_FUNCTION_ARGS)
{
    const ibidi_lgr *lgr = lgr_get(fcinfo, 0);
    size_t len;
    const char *label = arg_text(fcinfo, 1, &len, NAME_MAX_BYTES);
    char out[IBIDI_LGR_MAX_INDEX * 4];
    ibidi_buf index = {out, sizeof out, 0};
    ibidi_error err;
    ibidi_status st = ibidi_lgr_index_label_utf8(lgr, label, len, &index, &err);
    if (st == IBIDI_OK)
        PG_RETURN_TEXT_P(text_of(out, index.len));
    if (st == IBIDI_E_LGR_NO_INDEX)
        ereport(ERROR, (errcode(ERRCODE_IBIDI_LGR),
                        errmsg("ibidi: LGR \"%s\" has no index labels",
                               text_to_cstring(PG_GETARG_TEXT_PP(0))),
                        errdetail("%s", ibidi_strerror(st))));
    if (st == IBIDI_E_NOMEM || st == IBIDI_E_BUFFER_TOO_SMALL || st == IBIDI_E_INVALID_ARGUMENT)
        cannot_process("LGR index label", &err);
    PG_RETURN_NULL();
}
