/*
 * ibidi._ibidi: the CPython extension over libibidi (linked statically). It converts
 * arguments and results and nothing more: every rule is the library's. Rich objects (the
 * exceptions, Finding and the scan records) are made by the Python layer (ibidi/__init__.py)
 * from the tuples returned here, except on the hot path of encode and decode, which return
 * bytes or str straight from C and, on failure, ask the Python layer's factory (registered
 * once per module by _setup, kept in the module's state: no global state) for the exception.
 *
 * Offsets. The library counts bytes of UTF-8; Python counts code points, so every offset
 * and length handed out is converted to code points of the text it refers to (the ToUnicode
 * form for IDNA findings, ibidi/idna.h; the input for the analysis and the conversions).
 *
 * Threads. Scanner.add releases the GIL around the library calls of a whole batch: the
 * library keeps no global state and the collision groups take concurrent adds
 * (ibidi/scan.h), so threads that scan scale.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

/* ---- Module state ---------------------------------------------------------------------- */

typedef struct modstate {
    PyObject *idna_error;   /* callable(code, message, findings, offset) -> exception */
    PyObject *status_error; /* callable(code, message, offset) -> exception */
} modstate;

static modstate *state_of(PyObject *module) { return (modstate *)PyModule_GetState(module); }

/* ---- Text arguments -------------------------------------------------------------------- */

static PyObject *set_status_error(modstate *ms, ibidi_status st, size_t offset);

/* A text argument as UTF-8: str, or bytes / bytearray holding UTF-8 (the library reports
 * ill-formed bytes with their offset). A str holding lone surrogates cannot be UTF-8: the
 * IDNA calls (ms NULL) take such names as code points (UTS #46 treats them as disallowed,
 * V7); the others raise the status error of ms, CP_SURROGATE at the first one, as the
 * library's code point calls refuse a surrogate (not the codec's UnicodeEncodeError). */
typedef struct text_arg {
    const char *s;
    size_t n;
    int surrogates; /* a str that UTF-8 cannot encode */
} text_arg;

static int get_text(PyObject *o, text_arg *t, const char *what, modstate *ms)
{
    t->surrogates = 0;
    if (PyUnicode_Check(o)) {
        Py_ssize_t n;
        const char *s = PyUnicode_AsUTF8AndSize(o, &n);
        if (!s) {
            if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError))
                return 0;
            PyErr_Clear();
            if (ms) {
                Py_ssize_t i = 0, len = PyUnicode_GET_LENGTH(o);
                while (i < len && !Py_UNICODE_IS_SURROGATE(PyUnicode_READ_CHAR(o, i)))
                    i++;
                set_status_error(ms, IBIDI_E_CP_SURROGATE, (size_t)i);
                return 0;
            }
            t->surrogates = 1;
            t->s = NULL;
            t->n = 0;
            return 1;
        }
        t->s = s;
        t->n = (size_t)n;
        return 1;
    }
    if (PyBytes_Check(o)) {
        t->s = PyBytes_AS_STRING(o);
        t->n = (size_t)PyBytes_GET_SIZE(o);
        return 1;
    }
    if (PyByteArray_Check(o)) {
        t->s = PyByteArray_AS_STRING(o);
        t->n = (size_t)PyByteArray_GET_SIZE(o);
        return 1;
    }
    PyErr_Format(PyExc_TypeError, "%s must be str or bytes, not %.100s", what,
                 Py_TYPE(o)->tp_name);
    return 0;
}

/* Code points of s[0..off): the Python index of a byte offset (bytes past the end count as
 * the end; continuation bytes 80..BF are not counted, Unicode §3.9). */
static size_t cp_index(const char *s, size_t len, size_t off)
{
    if (!s)
        return off;
    if (off > len)
        off = len;
    size_t n = 0;
    for (size_t i = 0; i < off; i++)
        n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

/* A choice among names, as a ValueError naming the valid values when it is none of them. */
static int pick(PyObject *o, const char *what, const char *const *names, int n, int *out)
{
    if (!PyUnicode_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be str, not %.100s", what, Py_TYPE(o)->tp_name);
        return 0;
    }
    const char *s = PyUnicode_AsUTF8(o);
    if (!s)
        return 0;
    for (int i = 0; i < n; i++)
        if (names[i] && strcmp(s, names[i]) == 0) {
            *out = i;
            return 1;
        }
    PyObject *valid = PyUnicode_FromString("");
    for (int i = 0; valid && i < n; i++) {
        if (!names[i])
            continue;
        PyObject *v = PyUnicode_FromFormat("%U%s'%s'", valid, PyUnicode_GET_LENGTH(valid) ? ", " : "",
                                           names[i]);
        Py_SETREF(valid, v);
    }
    if (valid)
        PyErr_Format(PyExc_ValueError, "%s must be one of %U, not %R", what, valid, o);
    Py_XDECREF(valid);
    return 0;
}

static const char *const profile_names[] = {"uts46", "whatwg", "idna2008-lookup",
                                            "idna2008-register"};
static const char *const dir_names[] = {"ltr", "rtl", "auto", "auto-rtl"};
static const char *const context_names[] = {"ltr", "rtl"};
static const char *const kind_names[] = {"auto", "domain", "iri", "email"};
static const char *const form_names[] = {"visual",     "marks", "embed",    "isolate",
                                         "components", "html",  "html-span"};

static int get_profile(PyObject *o, ibidi_idna_profile *p)
{
    int i = 0;
    if (o && !pick(o, "profile", profile_names, 4, &i))
        return 0;
    *p = (ibidi_idna_profile)i;
    return 1;
}

/* A UTS #39 §5.2 level by name, or None (IBIDI_UTS39_NO_LIMIT). */
static int get_level(PyObject *o, ibidi_uts39_level *level)
{
    *level = IBIDI_UTS39_NO_LIMIT;
    if (o == Py_None)
        return 1;
    const char *m = PyUnicode_Check(o) ? PyUnicode_AsUTF8(o) : NULL;
    const int l = m ? ibidi_uts39_level_from_name(m, strlen(m)) : -1;
    if (l < 0) {
        PyErr_Format(PyExc_ValueError,
                     "max_restriction must be one of 'ascii-only', 'single-script', "
                     "'highly-restrictive', 'moderately-restrictive', "
                     "'minimally-restrictive', 'unrestricted' or None, not %R", o);
        return 0;
    }
    *level = (ibidi_uts39_level)l;
    return 1;
}

/* ---- Errors ---------------------------------------------------------------------------- */

static PyObject *set_status_error(modstate *ms, ibidi_status st, size_t offset)
{
    if (st == IBIDI_E_NOMEM)
        return PyErr_NoMemory();
    const char *nm = ibidi_status_name(st);
    PyObject *e = PyObject_CallFunction(ms->status_error, "ssn", nm ? nm : "?",
                                        ibidi_strerror(st), (Py_ssize_t)offset);
    if (e) {
        PyErr_SetObject((PyObject *)Py_TYPE(e), e);
        Py_DECREF(e);
    }
    return NULL;
}

/* One finding as the tuple Finding(*t) takes: code, severity, rule, label, offset, length,
 * cp, bidi_class, context, detail, input_offset, input_length. Offsets count code points of
 * ref (NULL: already code points), the input's of in (a verdict's findings: the input as
 * given; every other call's: ref itself, where they are offset and length). */
static PyObject *finding_tuple_in(const ibidi_finding *f, const char *ref, size_t ref_len,
                                  const char *in, size_t in_len)
{
    const char *nm = ibidi_code_name(f->code);
    size_t off = cp_index(ref, ref_len, f->offset);
    size_t end = cp_index(ref, ref_len, f->offset + f->length);
    size_t ioff = cp_index(in, in_len, f->input_offset);
    size_t iend = cp_index(in, in_len, f->input_offset + f->input_length);
    PyObject *label = f->part == IBIDI_NO_PART ? Py_NewRef(Py_None) : PyLong_FromSize_t(f->part);
    PyObject *cp = f->cp ? PyLong_FromUnsignedLong(f->cp) : Py_NewRef(Py_None);
    const char *bc =
        f->bidi_class >= 0 ? ibidi_unicode_bidi_class_name((ibidi_unicode_bc)f->bidi_class) : NULL;
    PyObject *bco = bc ? PyUnicode_FromString(bc) : Py_NewRef(Py_None);
    if (!label || !cp || !bco) {
        Py_XDECREF(label);
        Py_XDECREF(cp);
        Py_XDECREF(bco);
        return NULL;
    }
    return Py_BuildValue("(sssNnnNNsinn)", nm ? nm : "?",
                         f->severity == IBIDI_SEVERITY_WARNING ? "warning" : "error", f->rule,
                         label, (Py_ssize_t)off, (Py_ssize_t)(end - off), cp, bco,
                         f->context == IBIDI_DIR_RTL ? "rtl" : "ltr", f->detail,
                         (Py_ssize_t)ioff, (Py_ssize_t)(iend - ioff));
}

static PyObject *finding_tuple(const ibidi_finding *f, const char *ref, size_t ref_len)
{
    return finding_tuple_in(f, ref, ref_len, ref, ref_len);
}

/* The findings (only the errors with errors_only) as a list of tuples. */
static PyObject *findings_list(const ibidi_finding *f, size_t n, const char *ref,
                               size_t ref_len, int errors_only)
{
    PyObject *l = PyList_New(0);
    for (size_t i = 0; l && i < n; i++) {
        if (errors_only && f[i].severity == IBIDI_SEVERITY_WARNING)
            continue;
        PyObject *t = finding_tuple(&f[i], ref, ref_len);
        if (!t || PyList_Append(l, t) < 0)
            Py_CLEAR(l);
        Py_XDECREF(t);
    }
    return l;
}

/* ---- IDNA -------------------------------------------------------------------------------- */

#define FAST_OUT 1024 /* ToASCII of a name of up to 253 bytes fits: 253 bytes of A-labels */
#define FAST_FINDINGS 32

/* The outcome of one ToASCII or ToUnicode, from the stack buffers or allocated. */
typedef struct idna_run {
    ibidi_status st;
    ibidi_error err;
    const char *out; /* UTF-8 runs */
    size_t out_len;
    const uint32_t *out_cp; /* code point runs (a name with lone surrogates) */
    const ibidi_finding *f;
    size_t nf;
    /* storage */
    char buf[FAST_OUT];
    ibidi_finding items[FAST_FINDINGS];
    char *alloc_out;
    uint32_t *alloc_cp;
    ibidi_findings alloc_f;
    uint32_t *in_cp; /* the input as code points */
    size_t in_n;
    ibidi_finding *cp_items; /* the findings of a code point run */
    void *cp_work;           /* its work area, when the name needs one */
} idna_run;

/* alloc_out and alloc_f come from the library (its allocator), the rest from PyMem. */
static void run_free(idna_run *r)
{
    ibidi_free(r->alloc_out);
    ibidi_findings_free(&r->alloc_f);
    PyMem_Free(r->alloc_cp);
    PyMem_Free(r->in_cp);
    PyMem_Free(r->cp_items);
    PyMem_Free(r->cp_work);
}

/* Runs the conversion; 0 (a Python error set) only when memory ran out. */
static int idna_convert(PyObject *name, const text_arg *t, int to_ascii,
                        const ibidi_idna_options *o, idna_run *r)
{
    r->alloc_out = NULL;
    r->alloc_cp = NULL;
    r->in_cp = NULL;
    r->cp_items = NULL;
    r->cp_work = NULL;
    memset(&r->alloc_f, 0, sizeof r->alloc_f);
    r->out_cp = NULL;
    if (t->surrogates) {
        /* lone surrogates: the code point calls, which take them as UTS #46 does, into
           buffers of PyMem (run_free: ibidi_findings_free would hand them to free(), which
           PYTHONMALLOC=debug, python -X dev, refuses), grown until everything fits; a name
           that maps to more code points than the fixed area holds gets the work area, as
           the UTF-8 runs get it (ibidi/idna.h), so that it has its real verdict */
        Py_UCS4 *cps = PyUnicode_AsUCS4Copy(name);
        if (!cps)
            return 0;
        r->in_cp = (uint32_t *)cps;
        r->in_n = (size_t)PyUnicode_GET_LENGTH(name);
        ibidi_idna_options w = *o;
        size_t cap = r->in_n * 4 + 64, fcap = 64;
        r->alloc_cp = PyMem_Malloc(cap * sizeof(uint32_t));
        r->cp_items = PyMem_Malloc(fcap * sizeof(ibidi_finding));
        if (!r->alloc_cp || !r->cp_items) {
            PyErr_NoMemory();
            return 0;
        }
        for (;;) {
            ibidi_findings fs = {r->cp_items, fcap, 0, 0};
            ibidi_buf32 out = {r->alloc_cp, cap, 0};
            r->st = to_ascii ? ibidi_idna_to_ascii_cp(r->in_cp, r->in_n, &w, &out, &fs, &r->err)
                             : ibidi_idna_to_unicode_cp(r->in_cp, r->in_n, &w, &out, &fs,
                                                        &r->err);
            r->out_len = out.len;
            if (r->st == IBIDI_E_IDNA_WORK_TOO_SMALL && !w.work) {
                w.work_size = ibidi_idna_work_size();
                w.work = r->cp_work = PyMem_Malloc(w.work_size);
                if (!w.work) {
                    PyErr_NoMemory();
                    return 0;
                }
                continue;
            }
            if (r->st == IBIDI_E_BUFFER_TOO_SMALL && r->out_len > cap) {
                cap = r->out_len;
                uint32_t *b = PyMem_Realloc(r->alloc_cp, cap * sizeof(uint32_t));
                if (!b) {
                    PyErr_NoMemory();
                    return 0;
                }
                r->alloc_cp = b;
                continue;
            }
            if (fs.n > fcap) {
                fcap = fs.n;
                ibidi_finding *m = PyMem_Realloc(r->cp_items, fcap * sizeof(ibidi_finding));
                if (!m) {
                    PyErr_NoMemory();
                    return 0;
                }
                r->cp_items = m;
                continue;
            }
            r->nf = fs.n;
            break;
        }
        r->out_cp = r->alloc_cp;
        r->f = r->cp_items;
        return 1;
    }
    ibidi_findings fs = {r->items, FAST_FINDINGS, 0, 0};
    ibidi_buf out = {r->buf, sizeof r->buf, 0};
    r->st = to_ascii ? ibidi_idna_to_ascii_utf8(t->s, t->n, o, &out, &fs, &r->err)
                     : ibidi_idna_to_unicode_utf8(t->s, t->n, o, &out, &fs, &r->err);
    r->out_len = out.len;
    if (r->st == IBIDI_E_BUFFER_TOO_SMALL || r->st == IBIDI_E_IDNA_WORK_TOO_SMALL ||
        fs.n > fs.cap) {
        /* a long name, or more findings than the stack holds: once more, allocated */
        out = (ibidi_buf){NULL, 0, 0};
        r->st = to_ascii ? ibidi_idna_to_ascii_alloc(t->s, t->n, o, &out, &r->alloc_f, &r->err)
                         : ibidi_idna_to_unicode_alloc(t->s, t->n, o, &out, &r->alloc_f,
                                                       &r->err);
        if (r->st == IBIDI_E_IDNA_WORK_TOO_SMALL) {
            /* a name that maps to over 1536 code points (none of up to 253 bytes): the
               work area of ibidi/idna.h, so that it gets its real verdict (A4_1, or
               IDNA_TOO_LONG above IBIDI_IDNA_MAX_CPS) */
            ibidi_idna_options w = *o;
            w.work_size = ibidi_idna_work_size();
            w.work = PyMem_Malloc(w.work_size);
            if (!w.work) {
                PyErr_NoMemory();
                return 0;
            }
            ibidi_findings_free(&r->alloc_f);
            r->st = to_ascii ? ibidi_idna_to_ascii_alloc(t->s, t->n, &w, &out, &r->alloc_f,
                                                         &r->err)
                             : ibidi_idna_to_unicode_alloc(t->s, t->n, &w, &out, &r->alloc_f,
                                                           &r->err);
            PyMem_Free(w.work);
        }
        r->alloc_out = out.data;
        r->out_len = out.len;
        if (r->st == IBIDI_E_NOMEM) {
            PyErr_NoMemory();
            return 0;
        }
        r->out = r->alloc_out;
        r->f = r->alloc_f.items;
        r->nf = r->alloc_f.n;
    } else {
        r->out = r->buf;
        r->f = r->items;
        r->nf = fs.n;
    }
    return 1;
}

static PyObject *run_output(const idna_run *r)
{
    if (r->out_cp)
        return PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, r->out_cp, (Py_ssize_t)r->out_len);
    return PyUnicode_DecodeUTF8(r->out ? r->out : "", (Py_ssize_t)r->out_len, "surrogatepass");
}

/* A name of ASCII code points only, which ToASCII with IBIDI_IDNA_URL_HOST (the whatwg
 * profile) lowercases and does not otherwise process (ibidi/idna.h). */
static int url_host_ascii(const text_arg *t, const ibidi_idna_options *o)
{
    const unsigned f = ibidi_idna_options_flags(o);
    if (!(f & IBIDI_IDNA_URL_HOST) || (f & (IBIDI_IDNA_2008_LOOKUP | IBIDI_IDNA_2008_REGISTER)))
        return 0;
    for (size_t i = 0; i < t->n; i++)
        if ((unsigned char)t->s[i] >= 0x80)
            return 0;
    return 1;
}

/* The processed form, to which the findings' offsets refer: the output of a ToUnicode run,
 * else the ToUnicode form made here, except for an ASCII name under IBIDI_IDNA_URL_HOST,
 * whose findings count in the name itself (ibidi/idna.h). *ref is allocated (ibidi_free)
 * when *owned. */
static void processed_form(const text_arg *t, int to_ascii, const ibidi_idna_options *o,
                           const idna_run *r, const char **ref, size_t *ref_len, char **owned)
{
    *owned = NULL;
    if (r->out_cp || t->surrogates) { /* the offsets already count code points */
        *ref = NULL;
        *ref_len = 0;
        return;
    }
    if (!to_ascii) {
        *ref = r->out;
        *ref_len = r->out_len;
        return;
    }
    if (url_host_ascii(t, o)) {
        *ref = t->s;
        *ref_len = t->n;
        return;
    }
    ibidi_buf form = {NULL, 0, 0};
    const ibidi_status st = ibidi_idna_to_unicode_alloc(t->s, t->n, o, &form, NULL, NULL);
    *owned = form.data;
    if (st == IBIDI_OK || *owned) {
        *ref = *owned;
        *ref_len = form.len;
        return;
    }
    *ref = t->s; /* no form: offsets of the name itself (all the library can point into) */
    *ref_len = t->n;
}

static PyObject *raise_idna(modstate *ms, const text_arg *t, int to_ascii,
                            const ibidi_idna_options *o, const idna_run *r)
{
    if (r->st != IBIDI_E_IDNA_INVALID) {
        const char *nm = ibidi_status_name(r->st);
        PyObject *e = PyObject_CallFunction(ms->idna_error, "ss[]n", nm ? nm : "?",
                                            ibidi_strerror(r->st),
                                            (Py_ssize_t)cp_index(t->s, t->n, r->err.offset));
        if (e) {
            PyErr_SetObject((PyObject *)Py_TYPE(e), e);
            Py_DECREF(e);
        }
        return NULL;
    }
    const char *ref;
    size_t ref_len;
    char *owned;
    processed_form(t, to_ascii, o, r, &ref, &ref_len, &owned);
    PyObject *l = findings_list(r->f, r->nf, ref, ref_len, 1);
    ibidi_free(owned);
    if (!l)
        return NULL;
    PyObject *e = PyObject_CallFunction(ms->idna_error, "OsOn", Py_None, "", l, (Py_ssize_t)0);
    Py_DECREF(l);
    if (e) {
        PyErr_SetObject((PyObject *)Py_TYPE(e), e);
        Py_DECREF(e);
    }
    return NULL;
}

/* encode(name, profile="uts46", transitional=False) and decode(...): the arguments read by
 * hand (METH_FASTCALL): the call's overhead is most of the cost of a short name. */
static int idna_args(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                     const char *fn, PyObject **name, ibidi_idna_options *o)
{
    PyObject *profile = NULL, *transitional = NULL;
    if (nargs < 1 || nargs > 2) {
        if (!(nargs == 0 && kwnames)) {
            PyErr_Format(PyExc_TypeError, "%s() takes 1 or 2 positional arguments (%zd given)",
                         fn, nargs);
            return 0;
        }
    }
    *name = nargs >= 1 ? args[0] : NULL;
    if (nargs == 2)
        profile = args[1];
    if (kwnames) {
        Py_ssize_t nk = PyTuple_GET_SIZE(kwnames);
        for (Py_ssize_t i = 0; i < nk; i++) {
            const char *k = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, i));
            PyObject *v = args[nargs + i];
            if (!k)
                return 0;
            if (strcmp(k, "profile") == 0 && !profile)
                profile = v;
            else if (strcmp(k, "transitional") == 0)
                transitional = v;
            else if (strcmp(k, "name") == 0 && !*name)
                *name = v;
            else {
                PyErr_Format(PyExc_TypeError, "%s() got an unexpected or repeated keyword "
                             "argument '%s'", fn, k);
                return 0;
            }
        }
    }
    if (!*name) {
        PyErr_Format(PyExc_TypeError, "%s() missing required argument 'name'", fn);
        return 0;
    }
    memset(o, 0, sizeof *o);
    if (!get_profile(profile, &o->profile))
        return 0;
    if (transitional) {
        int b = PyObject_IsTrue(transitional);
        if (b < 0)
            return 0;
        if (b)
            o->add |= IBIDI_IDNA_TRANSITIONAL;
    }
    return 1;
}

static PyObject *idna_call(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames, int to_ascii)
{
    PyObject *name;
    ibidi_idna_options o;
    if (!idna_args(args, nargs, kwnames, to_ascii ? "encode" : "decode", &name, &o))
        return NULL;
    text_arg t;
    if (!get_text(name, &t, "name", NULL))
        return NULL;
    idna_run r;
    if (!idna_convert(name, &t, to_ascii, &o, &r)) {
        run_free(&r);
        return NULL;
    }
    PyObject *res;
    if (r.st == IBIDI_OK)
        res = to_ascii ? PyBytes_FromStringAndSize(r.out, (Py_ssize_t)r.out_len) : run_output(&r);
    else
        res = raise_idna(state_of(self), &t, to_ascii, &o, &r);
    run_free(&r);
    return res;
}

static PyObject *py_encode(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    return idna_call(self, args, nargs, kwnames, 1);
}

static PyObject *py_decode(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    return idna_call(self, args, nargs, kwnames, 0);
}

/* _process(name, to_ascii, profile, transitional) -> (output, status, findings, 0): the whole
 * result without raising (ibidi.check, ibidi.process), status the library's status name.
 * A name that could not be processed at all (ill-formed UTF-8, IDNA_TOO_LONG) gives
 * (None, status, the status's sentence, offset in code points of the name). */
static PyObject *py_process(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *name, *profile;
    int to_ascii, transitional;
    if (!PyArg_ParseTuple(args, "OpOp", &name, &to_ascii, &profile, &transitional))
        return NULL;
    ibidi_idna_options o;
    memset(&o, 0, sizeof o);
    if (!get_profile(profile, &o.profile))
        return NULL;
    if (transitional)
        o.add |= IBIDI_IDNA_TRANSITIONAL;
    text_arg t;
    if (!get_text(name, &t, "name", NULL))
        return NULL;
    idna_run r;
    if (!idna_convert(name, &t, to_ascii, &o, &r)) {
        run_free(&r);
        return NULL;
    }
    PyObject *res = NULL;
    const int converted = r.st == IBIDI_OK || r.st == IBIDI_E_IDNA_INVALID;
    if (converted) {
        const char *ref;
        size_t ref_len;
        char *owned;
        processed_form(&t, to_ascii, &o, &r, &ref, &ref_len, &owned);
        PyObject *l = findings_list(r.f, r.nf, ref, ref_len, 0);
        ibidi_free(owned);
        PyObject *out = l ? run_output(&r) : NULL;
        if (out)
            res = Py_BuildValue("(NsNn)", out, ibidi_status_name(r.st), l, (Py_ssize_t)0);
        else
            Py_XDECREF(l);
    } else {
        const char *nm = ibidi_status_name(r.st);
        res = Py_BuildValue("(Ossn)", Py_None, nm ? nm : "?", ibidi_strerror(r.st),
                            (Py_ssize_t)cp_index(t.s, t.n, r.err.offset));
    }
    run_free(&r);
    return res;
}

/* ---- Bidi ---------------------------------------------------------------------------------- */

static int get_dir(PyObject *o, ibidi_dir *d, const char *const *names, int n, const char *what)
{
    int i = 0;
    if (o && !pick(o, what, names, n, &i))
        return 0;
    *d = (ibidi_dir)i;
    return 1;
}

static PyObject *py_levels(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwl[] = {"text", "direction", NULL};
    PyObject *text, *dir = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:levels", kwl, &text, &dir))
        return NULL;
    ibidi_bidi_options o = {IBIDI_DIR_AUTO, 0, NULL, 0};
    text_arg t;
    if ((dir && !get_dir(dir, &o.dir, dir_names, 4, "direction")) ||
        !get_text(text, &t, "text", state_of(self)))
        return NULL;
    ibidi_bidi_result res;
    memset(&res, 0, sizeof res);
    ibidi_error err;
    ibidi_status st = ibidi_bidi_resolve_utf8_alloc(t.s, t.n, &o, 0, &res, &err);
    if (st != IBIDI_OK)
        return set_status_error(state_of(self), st, cp_index(t.s, t.n, err.offset));
    PyObject *l = PyList_New((Py_ssize_t)res.n);
    for (size_t i = 0; l && i < res.n; i++) {
        PyObject *v = PyLong_FromLong(res.levels[i]);
        if (!v) {
            Py_CLEAR(l);
            break;
        }
        PyList_SET_ITEM(l, (Py_ssize_t)i, v);
    }
    ibidi_bidi_result_free(&res);
    return l;
}

static PyObject *py_visual(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwl[] = {"text", "direction", "mirror", "remove_controls", NULL};
    PyObject *text, *dir = NULL;
    int mirror = 1, remove = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O$pp:visual", kwl, &text, &dir, &mirror,
                                     &remove))
        return NULL;
    ibidi_bidi_options o = {IBIDI_DIR_AUTO, 0, NULL, 0};
    text_arg t;
    if ((dir && !get_dir(dir, &o.dir, dir_names, 4, "direction")) ||
        !get_text(text, &t, "text", state_of(self)))
        return NULL;
    o.flags = (mirror ? 0u : IBIDI_BIDI_NO_MIRROR) | (remove ? IBIDI_BIDI_REMOVE_CONTROLS : 0u);
    ibidi_buf out = {NULL, 0, 0};
    ibidi_error err;
    ibidi_status st = ibidi_bidi_visual_utf8_alloc(t.s, t.n, &o, &out, &err);
    if (st != IBIDI_OK)
        return set_status_error(state_of(self), st, cp_index(t.s, t.n, err.offset));
    PyObject *r = PyUnicode_DecodeUTF8(out.data, (Py_ssize_t)out.len, NULL);
    ibidi_free(out.data);
    return r;
}

/* reorder(levels) -> the logical index shown at each visual position (UAX #9 L2). */
static PyObject *py_reorder_levels(PyObject *self, PyObject *arg)
{
    PyObject *seq = PySequence_Fast(arg, "levels must be a sequence of int");
    if (!seq)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    uint8_t *lv = PyMem_Malloc((size_t)n + 1);
    size_t *v2l = PyMem_Malloc(((size_t)n + 1) * sizeof(size_t));
    PyObject *res = NULL;
    if (!lv || !v2l) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        /* an int beyond C long is a level out of range like any other, not OverflowError */
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        int overflow = 0;
        long v = PyLong_AsLongAndOverflow(item, &overflow);
        if (v == -1 && PyErr_Occurred())
            goto done;
        if (overflow || v < 0 || v > IBIDI_BIDI_MAX_DEPTH + 1) {
            PyErr_Format(PyExc_ValueError, "level %R at %zd is not 0..%d (UAX #9 BD2)", item, i,
                         IBIDI_BIDI_MAX_DEPTH + 1);
            goto done;
        }
        lv[i] = (uint8_t)v;
    }
    ibidi_error err;
    ibidi_status st = ibidi_bidi_reorder(lv, (size_t)n, v2l, NULL, &err);
    if (st != IBIDI_OK) {
        set_status_error(state_of(self), st, err.offset);
        goto done;
    }
    res = PyList_New(n);
    for (Py_ssize_t i = 0; res && i < n; i++) {
        PyObject *x = PyLong_FromSize_t(v2l[i]);
        if (!x) {
            Py_CLEAR(res);
            break;
        }
        PyList_SET_ITEM(res, i, x);
    }
done:
    PyMem_Free(lv);
    PyMem_Free(v2l);
    Py_DECREF(seq);
    return res;
}

/* ---- Display, twins, analysis, IRIs ---------------------------------------------------- */

static PyObject *py_display(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwl[] = {"ident", "context", "form", "kind", NULL};
    PyObject *ident, *ctx = NULL, *form = NULL, *kind = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OO$O:display", kwl, &ident, &ctx, &form,
                                     &kind))
        return NULL;
    ibidi_display_options o;
    memset(&o, 0, sizeof o);
    int f = 0, k = 0;
    text_arg t;
    if ((ctx && !get_dir(ctx, &o.context, context_names, 2, "context")) ||
        (form && !pick(form, "form", form_names, 7, &f)) ||
        (kind && !pick(kind, "kind", kind_names, 4, &k)) ||
        !get_text(ident, &t, "ident", state_of(self)))
        return NULL;
    o.form = (ibidi_display_form)f;
    o.as = (ibidi_iri_kind)k; /* kind_names follow ibidi_iri_kind's order */
    ibidi_buf out = {NULL, 0, 0};
    ibidi_error err;
    ibidi_status st = ibidi_display_utf8_alloc(t.s, t.n, &o, &out, &err);
    if (st != IBIDI_OK)
        return set_status_error(state_of(self), st, cp_index(t.s, t.n, err.offset));
    PyObject *r = PyUnicode_DecodeUTF8(out.data, (Py_ssize_t)out.len, NULL);
    ibidi_free(out.data);
    return r;
}

/* needs_embedding(ident, context='ltr', before='', after='', *, kind='auto') -> bool: the
 * 2012 bidi IRI guidelines' §2 test (ibidi_display_needs_embedding) on the identifier
 * parsed as kind says, between before and after in a paragraph of this direction. */
static PyObject *py_needs_embedding(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwl[] = {"ident", "context", "before", "after", "kind", NULL};
    PyObject *ident, *ctx = NULL, *before = NULL, *after = NULL, *kind = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOO$O:needs_embedding", kwl, &ident, &ctx,
                                     &before, &after, &kind))
        return NULL;
    ibidi_display_options o;
    memset(&o, 0, sizeof o);
    int k = 0;
    text_arg t, b = {"", 0, 0}, a = {"", 0, 0};
    if ((ctx && !get_dir(ctx, &o.context, context_names, 2, "context")) ||
        (kind && !pick(kind, "kind", kind_names, 4, &k)) ||
        !get_text(ident, &t, "ident", state_of(self)) ||
        (before && !get_text(before, &b, "before", state_of(self))) ||
        (after && !get_text(after, &a, "after", state_of(self))))
        return NULL;
    o.as = (ibidi_iri_kind)k; /* kind_names follow ibidi_iri_kind's order */
    o.before = b.s;
    o.before_len = b.n;
    o.after = a.s;
    o.after_len = a.n;
    ibidi_iri_components comps = {NULL, 0, 0};
    ibidi_iri_info info;
    ibidi_error err;
    int needed = 0;
    ibidi_status st;
    void *work = NULL;
    Py_BEGIN_ALLOW_THREADS
    st = ibidi_iri_parse_alloc(t.s, t.n, o.as, &comps, &info, &err);
    if (st == IBIDI_OK) {
        o.comps = &comps;
        o.work_size = ibidi_display_work_size(t.n, b.n + a.n);
        if (o.work_size == SIZE_MAX)
            st = IBIDI_E_TOO_LONG;
        else if (o.work_size && !(work = o.work = PyMem_RawMalloc(o.work_size)))
            st = IBIDI_E_NOMEM;
        else
            st = ibidi_display_needs_embedding(t.s, t.n, &o, &needed, &err);
    }
    Py_END_ALLOW_THREADS
    PyMem_RawFree(work);
    ibidi_free(comps.items);
    if (st != IBIDI_OK)
        return set_status_error(state_of(self), st,
                                st == IBIDI_E_NOMEM || st == IBIDI_E_TOO_LONG
                                    ? 0
                                    : cp_index(t.s, t.n, err.offset));
    return PyBool_FromLong(needed);
}

/* The skeleton of t (UTS #39 §4), or its bidi skeleton when bidi (in a paragraph of dir),
 * as a new str; NULL with the exception set. */
static PyObject *skeleton_str(PyObject *self, const text_arg *t, int bidi, ibidi_dir dir)
{
    ibidi_buf out = {NULL, 0, 0};
    ibidi_error err;
    ibidi_status st;
    char *mem = NULL;
    Py_BEGIN_ALLOW_THREADS
    st = bidi ? ibidi_confusable_bidi_skeleton_utf8(t->s, t->n, dir, &out, &err)
              : ibidi_confusable_skeleton_utf8(t->s, t->n, &out, &err);
    if (st == IBIDI_E_BUFFER_TOO_SMALL) {
        mem = PyMem_RawMalloc(out.len + 1);
        if (!mem)
            st = IBIDI_E_NOMEM;
        else {
            out = (ibidi_buf){mem, out.len + 1, 0};
            st = bidi ? ibidi_confusable_bidi_skeleton_utf8(t->s, t->n, dir, &out, &err)
                      : ibidi_confusable_skeleton_utf8(t->s, t->n, &out, &err);
        }
    }
    Py_END_ALLOW_THREADS
    PyObject *r = st == IBIDI_OK ? PyUnicode_DecodeUTF8(mem ? mem : "", (Py_ssize_t)out.len,
                                                        "surrogatepass")
                                 : set_status_error(state_of(self), st,
                                                    st == IBIDI_E_NOMEM || bidi
                                                        ? 0
                                                        : cp_index(t->s, t->n, err.offset));
    PyMem_RawFree(mem);
    return r;
}

/* skeleton(text, context=None) -> str: UTS #39 §4's skeleton, or with a context ("ltr",
 * "rtl") its bidi skeleton in a paragraph of that direction. */
static PyObject *py_skeleton(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwl[] = {"text", "context", NULL};
    PyObject *text, *ctx = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:skeleton", kwl, &text, &ctx))
        return NULL;
    ibidi_dir dir = IBIDI_DIR_LTR;
    text_arg t;
    if ((ctx != Py_None && !get_dir(ctx, &dir, context_names, 2, "context")) ||
        !get_text(text, &t, "text", state_of(self)))
        return NULL;
    return skeleton_str(self, &t, ctx != Py_None, dir);
}

/* confusable(a, b, context=None) -> bool: equal skeletons (or bidi skeletons). */
static PyObject *py_confusable(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwl[] = {"a", "b", "context", NULL};
    PyObject *a, *b, *ctx = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|O:confusable", kwl, &a, &b, &ctx))
        return NULL;
    ibidi_dir dir = IBIDI_DIR_LTR;
    text_arg ta, tb;
    if ((ctx != Py_None && !get_dir(ctx, &dir, context_names, 2, "context")) ||
        !get_text(a, &ta, "a", state_of(self)) || !get_text(b, &tb, "b", state_of(self)))
        return NULL;
    PyObject *ka = skeleton_str(self, &ta, ctx != Py_None, dir);
    PyObject *kb = ka ? skeleton_str(self, &tb, ctx != Py_None, dir) : NULL;
    PyObject *r = kb ? PyBool_FromLong(PyUnicode_Compare(ka, kb) == 0) : NULL;
    Py_XDECREF(ka);
    Py_XDECREF(kb);
    return r;
}

static int twin_cb(const char *twin, size_t len, void *ctx)
{
    PyObject *s = PyUnicode_DecodeUTF8(twin, (Py_ssize_t)len, "surrogatepass");
    if (!s || PyList_Append((PyObject *)ctx, s) < 0) {
        Py_XDECREF(s);
        return 1; /* stop: the error is set */
    }
    Py_DECREF(s);
    return 0;
}

/* _twins(ident, context, max_candidates) -> (twins, truncated, candidates) */
static PyObject *py_twins(PyObject *self, PyObject *args)
{
    PyObject *ident, *ctx;
    Py_ssize_t maxc;
    if (!PyArg_ParseTuple(args, "OOn", &ident, &ctx, &maxc))
        return NULL;
    ibidi_ambiguity_options o;
    memset(&o, 0, sizeof o);
    text_arg t;
    if (!get_dir(ctx, &o.context, context_names, 2, "context") ||
        !get_text(ident, &t, "ident", state_of(self)))
        return NULL;
    if (maxc < 0) {
        PyErr_SetString(PyExc_ValueError, "max_candidates must be >= 0 (0: the default bound)");
        return NULL;
    }
    o.max_candidates = (size_t)maxc;
    PyObject *l = PyList_New(0);
    if (!l)
        return NULL;
    o.twin_utf8_fn = twin_cb;
    o.twin_ctx = l;
    ibidi_ambiguity_twin_stats stats;
    ibidi_error err;
    ibidi_status st = ibidi_ambiguity_twins_utf8(t.s, t.n, &o, &stats, &err);
    if (PyErr_Occurred()) {
        Py_DECREF(l);
        return NULL;
    }
    if (st != IBIDI_OK) {
        Py_DECREF(l);
        return set_status_error(state_of(self), st, cp_index(t.s, t.n, err.offset));
    }
    return Py_BuildValue("(NOn)", l, stats.truncated ? Py_True : Py_False,
                         (Py_ssize_t)stats.candidates);
}

static PyObject *py_analyze(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwl[] = {"ident", "kind", "rtl", "exact", "profile", NULL};
    PyObject *ident, *kind = NULL, *profile = NULL;
    int rtl = 1, exact = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|$OppO:analyze", kwl, &ident, &kind, &rtl,
                                     &exact, &profile))
        return NULL;
    ibidi_ambiguity_options o;
    memset(&o, 0, sizeof o);
    int k = 0;
    text_arg t;
    if ((kind && !pick(kind, "kind", kind_names, 4, &k)) ||
        !get_profile(profile, &o.idna.profile) || !get_text(ident, &t, "ident", state_of(self)))
        return NULL;
    o.as = (ibidi_iri_kind)k;
    o.flags = (rtl ? IBIDI_AMBIGUITY_RTL : 0u) | (exact ? IBIDI_AMBIGUITY_EXACT : 0u);
    ibidi_findings fs;
    memset(&fs, 0, sizeof fs);
    ibidi_error err;
    ibidi_status st;
    Py_BEGIN_ALLOW_THREADS /* the exact analysis runs a twin search: let others run */
    st = ibidi_ambiguity_analyze_alloc(t.s, t.n, &o, &fs, &err);
    Py_END_ALLOW_THREADS
    if (st != IBIDI_OK)
        return set_status_error(state_of(self), st, cp_index(t.s, t.n, err.offset));
    PyObject *l = findings_list(fs.items, fs.n, t.s, t.n, 0);
    ibidi_findings_free(&fs);
    return l;
}

static PyObject *iri_convert(PyObject *self, PyObject *args, PyObject *kw, int to_uri)
{
    static char *kwl_to[] = {"iri", "profile", "host_percent", "encode_ascii", NULL};
    static char *kwl_from[] = {"uri", "keep_unsafe", "host_to_unicode", NULL};
    PyObject *s, *profile = NULL;
    int a = 0, b = 0;
    ibidi_iri_options o;
    memset(&o, 0, sizeof o);
    if (to_uri) {
        if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O$pp:to_uri", kwl_to, &s, &profile, &a,
                                         &b) ||
            !get_profile(profile, &o.idna.profile))
            return NULL;
        o.flags = (a ? IBIDI_IRI_HOST_PERCENT : 0u) | (b ? IBIDI_IRI_ENCODE_ASCII : 0u);
    } else {
        if (!PyArg_ParseTupleAndKeywords(args, kw, "O|$pp:to_iri", kwl_from, &s, &a, &b))
            return NULL;
        o.flags = (a ? IBIDI_IRI_KEEP_UNSAFE : 0u) | (b ? IBIDI_IRI_HOST_TO_UNICODE : 0u);
    }
    text_arg t;
    if (!get_text(s, &t, to_uri ? "iri" : "uri", state_of(self)))
        return NULL;
    ibidi_buf out = {NULL, 0, 0};
    ibidi_error err;
    ibidi_status st = to_uri ? ibidi_iri_to_uri_alloc(t.s, t.n, &o, &out, &err)
                             : ibidi_iri_from_uri_alloc(t.s, t.n, &o, &out, &err);
    if (st != IBIDI_OK)
        return set_status_error(state_of(self), st, cp_index(t.s, t.n, err.offset));
    PyObject *r = PyUnicode_DecodeUTF8(out.data, (Py_ssize_t)out.len, NULL);
    ibidi_free(out.data);
    return r;
}

static PyObject *py_to_uri(PyObject *self, PyObject *args, PyObject *kw)
{
    return iri_convert(self, args, kw, 1);
}

static PyObject *py_to_iri(PyObject *self, PyObject *args, PyObject *kw)
{
    return iri_convert(self, args, kw, 0);
}

/* ---- LGR ------------------------------------------------------------------------------------ */

typedef struct lgr_obj {
    PyObject_HEAD
    ibidi_lgr *lgr;
    PyObject *module;
} lgr_obj;

static void lgr_dealloc(lgr_obj *o)
{
    ibidi_lgr_free(o->lgr);
    Py_XDECREF(o->module);
    PyTypeObject *tp = Py_TYPE(o);
    tp->tp_free(o);
    Py_DECREF(tp);
}

/* _LGR(module, data, path): exactly one of data (bytes) and path (str) given. A refused
 * document raises the status error with the diagnostic's message, line and column. */
static PyObject *lgr_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    PyObject *module, *data, *path;
    if (kw && PyDict_GET_SIZE(kw)) {
        PyErr_SetString(PyExc_TypeError, "_LGR takes no keyword arguments");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OOO", &module, &data, &path))
        return NULL;
    ibidi_lgr_diag diag;
    memset(&diag, 0, sizeof diag);
    ibidi_lgr *lgr = NULL;
    ibidi_status st;
    if (data != Py_None) {
        Py_buffer view;
        if (PyObject_GetBuffer(data, &view, PyBUF_SIMPLE) < 0)
            return NULL;
        Py_BEGIN_ALLOW_THREADS
        st = ibidi_lgr_load(view.buf, (size_t)view.len, NULL, &lgr, &diag);
        Py_END_ALLOW_THREADS
        PyBuffer_Release(&view);
    } else {
        PyObject *b;
        if (!PyUnicode_FSConverter(path, &b))
            return NULL;
        const char *p = PyBytes_AS_STRING(b);
        Py_BEGIN_ALLOW_THREADS
        st = ibidi_lgr_load_file(p, NULL, &lgr, &diag);
        Py_END_ALLOW_THREADS
        Py_DECREF(b);
    }
    if (st != IBIDI_OK) {
        modstate *ms = state_of(module);
        const char *nm = ibidi_status_name(st);
        PyObject *e = PyObject_CallFunction(ms->status_error, "ssnkk", nm ? nm : "?",
                                            diag.message[0] ? diag.message : ibidi_strerror(st),
                                            (Py_ssize_t)diag.offset, diag.line, diag.column);
        if (e) {
            PyErr_SetObject((PyObject *)Py_TYPE(e), e);
            Py_DECREF(e);
        }
        return NULL;
    }
    lgr_obj *o = (lgr_obj *)type->tp_alloc(type, 0);
    if (!o) {
        ibidi_lgr_free(lgr);
        return NULL;
    }
    o->lgr = lgr;
    o->module = Py_NewRef(module);
    return (PyObject *)o;
}

/* A label argument as the code points the calls of ibidi/lgr.h evaluate (a U-label, or an
 * A-label decoded: ibidi_lgr_label_decode, as their _utf8 forms do). A label that does not
 * decode raises the status error at the code point of the argument where it fails (the
 * library counts bytes); offsets after decoding count code points of the decoded label, as
 * ibidi/lgr.h says. */
static int lgr_label(lgr_obj *self, PyObject *label, uint32_t *cps, size_t *n)
{
    text_arg t;
    if (!get_text(label, &t, "label", state_of(self->module)))
        return 0;
    ibidi_error err;
    ibidi_buf32 dec = {cps, IBIDI_LGR_MAX_LABEL, 0};
    ibidi_status st = ibidi_lgr_label_decode(t.s, t.n, &dec, &err);
    *n = dec.len;
    if (st != IBIDI_OK) {
        set_status_error(state_of(self->module), st, cp_index(t.s, t.n, err.offset));
        return 0;
    }
    return 1;
}

/* check(label) -> (eligible, status, offset, cp, context_rule, disposition, registrable,
 * rule, action_comment) */
static PyObject *lgr_check(lgr_obj *self, PyObject *label)
{
    uint32_t cps[IBIDI_LGR_MAX_LABEL];
    size_t n = 0;
    if (!lgr_label(self, label, cps, &n))
        return NULL;
    ibidi_lgr_result r;
    ibidi_error err;
    ibidi_status st = ibidi_lgr_check(self->lgr, cps, n, &r, &err);
    if (st != IBIDI_OK)
        return set_status_error(state_of(self->module), st, err.offset);
    /* RFC 7940 §8.1.1: a label an action made invalid has no offending code point */
    PyObject *cp = r.eligible || r.status == IBIDI_E_LGR_INVALID_DISPOSITION
                       ? Py_NewRef(Py_None)
                       : PyLong_FromUnsignedLong(r.cp);
    if (!cp)
        return NULL;
    return Py_BuildValue("(OsnNzsOzz)", r.eligible ? Py_True : Py_False,
                         ibidi_status_name(r.status), (Py_ssize_t)r.offset, cp, r.context_rule,
                         r.disposition, r.registrable ? Py_True : Py_False, r.rule,
                         r.action_comment);
}

typedef struct variants_ctx {
    PyObject *list;
} variants_ctx;

static int variant_cb(const ibidi_lgr_variant *v, void *ctx)
{
    variants_ctx *c = ctx;
    PyObject *s = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, v->cps, (Py_ssize_t)v->n);
    PyObject *t = s ? Py_BuildValue("(NsO)", s, v->disposition, v->conflict ? Py_True : Py_False)
                    : NULL;
    if (!t || PyList_Append(c->list, t) < 0) {
        Py_XDECREF(t);
        return 1;
    }
    Py_DECREF(t);
    return 0;
}

/* variants(label, include_invalid=False, max=0) -> ([(label, disposition, conflict)...],
 * cut) */
static PyObject *lgr_variants(lgr_obj *self, PyObject *args, PyObject *kw)
{
    static char *kwl[] = {"label", "include_invalid", "max", NULL};
    PyObject *label;
    int inv = 0;
    long long max = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|$pL:variants", kwl, &label, &inv, &max))
        return NULL;
    if (max < 0) { /* "K" would take -1 as no bound, silently; twins() refuses it too */
        PyErr_SetString(PyExc_ValueError, "max must be >= 0 (0: no bound)");
        return NULL;
    }
    uint32_t cps[IBIDI_LGR_MAX_LABEL];
    size_t n = 0;
    if (!lgr_label(self, label, cps, &n))
        return NULL;
    variants_ctx c = {PyList_New(0)};
    if (!c.list)
        return NULL;
    ibidi_lgr_variant_summary sum;
    ibidi_error err;
    const ibidi_lgr_variant_options vo = {inv ? IBIDI_LGR_INCLUDE_INVALID : 0u, (uint64_t)max,
                                          variant_cb, &c};
    ibidi_status st = ibidi_lgr_variants(self->lgr, cps, n, &vo, &sum, &err);
    if (PyErr_Occurred()) {
        Py_DECREF(c.list);
        return NULL;
    }
    if (st != IBIDI_OK) {
        Py_DECREF(c.list);
        return set_status_error(state_of(self->module), st, err.offset);
    }
    return Py_BuildValue("(NO)", c.list, sum.cut ? Py_True : Py_False);
}

static PyObject *lgr_index_label(lgr_obj *self, PyObject *label)
{
    uint32_t cps[IBIDI_LGR_MAX_LABEL], idx[IBIDI_LGR_MAX_INDEX];
    size_t n = 0;
    if (!lgr_label(self, label, cps, &n))
        return NULL;
    ibidi_buf32 index = {idx, IBIDI_LGR_MAX_INDEX, 0};
    ibidi_error err;
    ibidi_status st = ibidi_lgr_index_label(self->lgr, cps, n, &index, &err);
    if (st != IBIDI_OK)
        return set_status_error(state_of(self->module), st, err.offset);
    return PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, idx, (Py_ssize_t)index.len);
}

static PyMethodDef lgr_methods[] = {
    {"check", (PyCFunction)lgr_check, METH_O, "check(label) -> tuple"},
    {"variants", (PyCFunction)(void (*)(void))lgr_variants, METH_VARARGS | METH_KEYWORDS,
     "variants(label, *, include_invalid=False, max=0) -> (list, cut)"},
    {"index_label", (PyCFunction)lgr_index_label, METH_O, "index_label(label) -> str"},
    {NULL, NULL, 0, NULL}};

static PyType_Slot lgr_slots[] = {
    {Py_tp_dealloc, (void *)lgr_dealloc},
    {Py_tp_new, (void *)lgr_new},
    {Py_tp_methods, lgr_methods},
    {Py_tp_doc, (void *)"A compiled Label Generation Ruleset (RFC 7940); see ibidi.lgr.load."},
    {0, NULL}};

static PyType_Spec lgr_spec = {"ibidi._ibidi._LGR", sizeof(lgr_obj), 0, Py_TPFLAGS_DEFAULT,
                               lgr_slots};

/* An lgr argument: None or the module's _LGR (ibidi.lgr.LGR); 0 with TypeError else. */
static int lgr_arg_ok(PyObject *module, PyObject *lgr)
{
    if (lgr == Py_None)
        return 1;
    PyObject *lt = PyObject_GetAttrString(module, "_LGR");
    const int ok = lt && PyObject_TypeCheck(lgr, (PyTypeObject *)lt);
    Py_XDECREF(lt);
    if (!ok && !PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "lgr must be an ibidi.lgr.LGR or None");
    return ok;
}

/* ---- Scan ------------------------------------------------------------------------------------ */

typedef struct scanner_obj {
    PyObject_HEAD
    PyObject *module;
    ibidi_scan_groups *groups;
    ibidi_scan_options opts;
    unsigned ctx;     /* IBIDI_SCAN_LTR, IBIDI_SCAN_RTL asked */
    int active;       /* adds running without the GIL */
    int finished;
    ibidi_status failed; /* an add or finish that failed: every later call says so */
    size_t lines, skipped;
    ibidi_scan_counts counts; /* the library's counts, as `ibidi scan` keeps them */
    int owners;       /* the names are a zone's owner names (IBIDI_SCAN_OWNER) */
    PyObject *lgr;    /* the _LGR whose ibidi_lgr opts.lgr points at, kept alive; or NULL */
} scanner_obj;

static void scanner_dealloc(scanner_obj *o)
{
    ibidi_scan_groups_free(o->groups);
    Py_XDECREF(o->lgr);
    Py_XDECREF(o->module);
    PyTypeObject *tp = Py_TYPE(o);
    tp->tp_free(o);
    Py_DECREF(tp);
}

/* _Scanner(module, ltr, rtl, profile, memory, temp_dir, owners, lgr) */
static PyObject *scanner_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    PyObject *module, *profile, *lgr;
    int ltr, rtl;
    Py_ssize_t memory;
    const char *temp_dir;
    int owners;
    if (kw && PyDict_GET_SIZE(kw)) {
        PyErr_SetString(PyExc_TypeError, "_Scanner takes no keyword arguments");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OppOnzpO", &module, &ltr, &rtl, &profile, &memory, &temp_dir,
                          &owners, &lgr))
        return NULL;
    if (!lgr_arg_ok(module, lgr))
        return NULL;
    scanner_obj *o = (scanner_obj *)type->tp_alloc(type, 0);
    if (!o)
        return NULL;
    o->module = Py_NewRef(module);
    o->ctx = (ltr ? IBIDI_SCAN_LTR : 0u) | (rtl ? IBIDI_SCAN_RTL : 0u);
    o->owners = owners;
    o->opts.flags = o->ctx | (owners ? IBIDI_SCAN_OWNER : 0u);
    if (lgr != Py_None) {
        o->lgr = Py_NewRef(lgr);
        o->opts.lgr = ((lgr_obj *)lgr)->lgr;
    }
    if (!get_profile(profile, &o->opts.idna.profile)) {
        Py_DECREF(o);
        return NULL;
    }
    /* kinds: 0 the left-to-right displays, 1 the right-to-left ones, 2 the LGR's index
       labels, as `ibidi scan` */
    ibidi_scan_groups_options go = {memory < 0 ? 0 : (size_t)memory, temp_dir,
                                    o->lgr ? 3 : 2, 0};
    ibidi_error err;
    ibidi_status st = ibidi_scan_groups_create(&go, &o->groups, &err);
    if (st != IBIDI_OK) {
        Py_DECREF(o);
        return set_status_error(state_of(module), st, 0);
    }
    return (PyObject *)o;
}

/* One name's outcome, made without the GIL. */
typedef struct scan_item {
    char *name; /* the name (copied: the GIL is released while the batch runs) */
    size_t len;
    int has_name; /* 0: a blank or comment line (ibidi_scan_line) */
    size_t start, name_len;
    char *buf;
    ibidi_scan_result r;
    ibidi_findings f;
    ibidi_status st;
} scan_item;

/* One name, and its keys into the groups, as `ibidi scan` makes and adds them
 * (ibidi_scan_name, ibidi_scan_groups_add_displays: the library strips the root label and
 * leaves out the displays no other name can share). */
static ibidi_status scan_one(scanner_obj *s, scan_item *it)
{
    const char *name = it->name + it->start;
    it->st = ibidi_scan_name_alloc(name, it->name_len, &s->opts, &it->r, &it->f, NULL);
    it->buf = it->r.text.data; /* NULL after an error */
    if (it->st != IBIDI_OK)
        return it->st;
    return ibidi_scan_groups_add_displays(s->groups, name, it->name_len, &it->r, NULL, NULL);
}

static PyObject *span_str(const char *buf, ibidi_span sp)
{
    if (!sp.present)
        return Py_NewRef(Py_None);
    return PyUnicode_DecodeUTF8(buf + sp.start, (Py_ssize_t)sp.length, "surrogateescape");
}

/* A record: (name, valid, unicode, codes, display_ltr, display_rtl, analysis, findings,
 * set_aside, lgr) with lgr None without an LGR, else (disposition, index label or None). */
static PyObject *scan_record(const scanner_obj *s, const scan_item *it)
{
    const ibidi_scan_result *r = &it->r;
    PyObject *name = PyUnicode_DecodeUTF8(it->name + it->start, (Py_ssize_t)it->name_len,
                                          "surrogateescape");
    PyObject *u = span_str(it->buf, r->unicode);
    PyObject *codes = span_str(it->buf, r->codes);
    PyObject *d0 = (s->ctx & IBIDI_SCAN_LTR) ? span_str(it->buf, r->display[0]) : Py_NewRef(Py_None);
    PyObject *d1 = (s->ctx & IBIDI_SCAN_RTL) ? span_str(it->buf, r->display[1]) : Py_NewRef(Py_None);
    const char *ref = r->unicode.present ? it->buf + r->unicode.start : it->name + it->start;
    size_t ref_len = r->unicode.present ? r->unicode.length
                                        : ibidi_idna_strip_root(ref, it->name_len);
    PyObject *f = findings_list(it->f.items, r->analysis == IBIDI_OK ? it->f.n : 0, ref,
                                ref_len, 0);
    PyObject *an = r->analysis == IBIDI_OK ? Py_NewRef(Py_None)
                                           : PyUnicode_FromString(ibidi_status_name(r->analysis));
    PyObject *sa = r->set_aside ? PyUnicode_DecodeUTF8(it->name + it->start,
                                                       (Py_ssize_t)r->set_aside,
                                                       "surrogateescape")
                                : Py_NewRef(Py_None);
    PyObject *lg = Py_NewRef(Py_None);
    if (s->lgr) {
        PyObject *ix = span_str(it->buf, r->lgr_index);
        Py_DECREF(lg);
        lg = ix ? Py_BuildValue("(sN)", r->lgr_disposition ? r->lgr_disposition : "invalid", ix)
                : NULL;
    }
    if (!name || !u || !codes || !d0 || !d1 || !f || !an || !sa || !lg) {
        Py_XDECREF(name);
        Py_XDECREF(u);
        Py_XDECREF(codes);
        Py_XDECREF(d0);
        Py_XDECREF(d1);
        Py_XDECREF(f);
        Py_XDECREF(an);
        Py_XDECREF(sa);
        Py_XDECREF(lg);
        return NULL;
    }
    return Py_BuildValue("(NONNNNNNNN)", name, r->valid ? Py_True : Py_False, u, codes, d0, d1,
                         an, f, sa, lg);
}

/* add(names, records) -> list of records (None with records False). Runs the whole batch
 * without the GIL; may be called from several threads at once. */
static PyObject *scanner_add(scanner_obj *self, PyObject *args)
{
    PyObject *names;
    int records;
    if (!PyArg_ParseTuple(args, "Op", &names, &records))
        return NULL;
    if (self->failed)
        return set_status_error(state_of(self->module), self->failed, 0);
    if (self->finished) {
        PyErr_SetString(PyExc_RuntimeError, "the scan is finished: no more names");
        return NULL;
    }
    PyObject *seq = PySequence_Fast(names, "names must be an iterable of str or bytes");
    if (!seq)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    scan_item *items = PyMem_Calloc((size_t)n + 1, sizeof *items);
    if (!items) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    PyObject *res = NULL;
    Py_ssize_t got = 0;
    for (; got < n; got++) {
        text_arg t;
        if (!get_text(PySequence_Fast_GET_ITEM(seq, got), &t, "a name", state_of(self->module)))
            goto done;
        items[got].name = PyMem_RawMalloc(t.n + 1);
        if (!items[got].name) {
            PyErr_NoMemory();
            goto done;
        }
        memcpy(items[got].name, t.s, t.n);
        /* a line of an open file keeps its LF, which ibidi_scan_line does not take */
        items[got].len = t.n && t.s[t.n - 1] == '\n' ? t.n - 1 : t.n;
    }
    ibidi_status st = IBIDI_OK;
    self->active++;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n && st == IBIDI_OK; i++) {
        scan_item *it = &items[i];
        it->has_name = ibidi_scan_line(it->name, it->len, &it->start, &it->name_len);
        if (it->has_name)
            st = scan_one(self, it);
    }
    Py_END_ALLOW_THREADS
    self->active--;
    if (st != IBIDI_OK) {
        self->failed = st;
        set_status_error(state_of(self->module), st, 0);
        goto done;
    }
    res = records ? PyList_New(0) : Py_NewRef(Py_None);
    for (Py_ssize_t i = 0; res && i < n; i++) {
        const scan_item *it = &items[i];
        self->lines++;
        if (!it->has_name) {
            self->skipped++;
            continue;
        }
        ibidi_scan_counts_add(&self->counts, &it->r);
        if (records) {
            PyObject *rec = scan_record(self, it);
            if (!rec || PyList_Append(res, rec) < 0)
                Py_CLEAR(res);
            Py_XDECREF(rec);
        }
    }
done:
    for (Py_ssize_t i = 0; i < got; i++) {
        PyMem_RawFree(items[i].name);
        ibidi_free(items[i].buf);
        ibidi_findings_free(&items[i].f);
    }
    PyMem_Free(items);
    Py_DECREF(seq);
    return res;
}

static PyObject *scanner_finish(scanner_obj *self, PyObject *unused)
{
    (void)unused;
    if (self->failed)
        return set_status_error(state_of(self->module), self->failed, 0);
    if (self->finished)
        Py_RETURN_NONE;
    if (self->active) {
        PyErr_SetString(PyExc_RuntimeError, "finish() while add() runs in another thread");
        return NULL;
    }
    self->finished = 1; /* under the GIL: no add starts from now on */
    ibidi_error err;
    ibidi_status st;
    Py_BEGIN_ALLOW_THREADS
    st = ibidi_scan_groups_finish(self->groups, &err);
    Py_END_ALLOW_THREADS
    if (st != IBIDI_OK) {
        self->failed = st;
        return set_status_error(state_of(self->module), st, 0);
    }
    Py_RETURN_NONE;
}

/* A group's key, names and validity flags as str, [str] and [bool] (new references);
 * 0 with an exception set when memory ran out. */
static int group_lists(const ibidi_scan_group *g, PyObject **key, PyObject **names,
                       PyObject **valid)
{
    *names = PyList_New((Py_ssize_t)g->n);
    *valid = PyList_New((Py_ssize_t)g->n);
    *key = NULL;
    if (!*names || !*valid)
        goto fail;
    for (size_t j = 0; j < g->n; j++) {
        PyObject *s = PyUnicode_DecodeUTF8(g->names[j], (Py_ssize_t)g->name_lens[j],
                                           "surrogateescape");
        if (!s)
            goto fail;
        PyList_SET_ITEM(*names, (Py_ssize_t)j, s);
        PyList_SET_ITEM(*valid, (Py_ssize_t)j, PyBool_FromLong(g->valid[j]));
    }
    *key = PyUnicode_DecodeUTF8(g->key, (Py_ssize_t)g->key_len, "surrogateescape");
    if (*key)
        return 1;
fail:
    Py_CLEAR(*names);
    Py_CLEAR(*valid);
    return 0;
}

/* Appends t (stolen) to the list ctx; 1 (stop) when t is NULL or the list cannot grow. */
static int append_group(PyObject *ctx, PyObject *t)
{
    const int failed = !t || PyList_Append(ctx, t) < 0;
    Py_XDECREF(t);
    return failed;
}

static int group_cb(const ibidi_scan_group *g, void *ctx)
{
    PyObject *key, *names, *valid;
    if (!group_lists(g, &key, &names, &valid))
        return 1;
    /* kind 2: the LGR's variant sets, "lgr" as `ibidi scan` names them */
    return append_group(ctx, Py_BuildValue("(sNNNn)",
                                           g->kind < 2 ? context_names[g->kind] : "lgr", key,
                                           names, valid, (Py_ssize_t)g->n_valid));
}

/* groups() -> [(context, display, names, valid flags, valid_names)] in `ibidi scan`'s order */
static PyObject *scanner_groups(scanner_obj *self, PyObject *unused)
{
    (void)unused;
    if (!self->finished) {
        PyErr_SetString(PyExc_RuntimeError, "groups() before finish()");
        return NULL;
    }
    PyObject *l = PyList_New(0);
    if (!l)
        return NULL;
    ibidi_error err;
    ibidi_status st = ibidi_scan_groups_each(self->groups, group_cb, l, &err);
    if (PyErr_Occurred()) {
        Py_DECREF(l);
        return NULL;
    }
    if (st != IBIDI_OK) {
        Py_DECREF(l);
        return set_status_error(state_of(self->module), st, 0);
    }
    return l;
}

/* summary() -> dict with the figures of `ibidi scan --json`'s summary record */
static PyObject *scanner_summary(scanner_obj *self, PyObject *unused)
{
    (void)unused;
    if (!self->finished) {
        PyErr_SetString(PyExc_RuntimeError, "summary() before finish()");
        return NULL;
    }
    const ibidi_scan_counts *t = &self->counts;
    PyObject *d = Py_BuildValue(
        "{s:s,s:n,s:n,s:n,s:n,s:n,s:n,s:n}", "profile",
        ibidi_idna_profile_name(self->opts.idna.profile), "lines", (Py_ssize_t)self->lines,
        "names", (Py_ssize_t)t->names, "skipped", (Py_ssize_t)self->skipped, "valid",
        (Py_ssize_t)t->valid, "invalid", (Py_ssize_t)t->invalid, "with_findings",
        (Py_ssize_t)t->with_findings, "not_analysed", (Py_ssize_t)t->not_analysed);
    if (d && self->owners) {
        PyObject *v = PyLong_FromSize_t(t->set_aside);
        if (!v || PyDict_SetItemString(d, "set_aside", v) < 0)
            Py_CLEAR(d);
        Py_XDECREF(v);
    }
    for (unsigned c = 0; d && c < 2; c++) {
        if (!(self->ctx & (1u << c)))
            continue;
        ibidi_scan_group_counts k;
        if (ibidi_scan_groups_counts(self->groups, c, &k) != IBIDI_OK)
            memset(&k, 0, sizeof k);
        PyObject *v = Py_BuildValue("{s:n,s:n,s:n,s:n}", "display_keys", (Py_ssize_t)k.keys,
                                    "collision_groups", (Py_ssize_t)k.groups,
                                    "names_in_collisions", (Py_ssize_t)k.names_in_groups,
                                    "self_displayed", (Py_ssize_t)t->self_displayed[c]);
        if (!v || PyDict_SetItemString(d, context_names[c], v) < 0)
            Py_CLEAR(d);
        Py_XDECREF(v);
    }
    if (d && self->lgr) {
        ibidi_scan_group_counts k;
        if (ibidi_scan_groups_counts(self->groups, 2, &k) != IBIDI_OK)
            memset(&k, 0, sizeof k);
        PyObject *v = Py_BuildValue("{s:n,s:n,s:n}", "index_labels", (Py_ssize_t)k.keys,
                                    "variant_groups", (Py_ssize_t)k.groups,
                                    "names_in_variant_groups", (Py_ssize_t)k.names_in_groups);
        if (!v || PyDict_SetItemString(d, "lgr", v) < 0)
            Py_CLEAR(d);
        Py_XDECREF(v);
    }
    return d;
}

static PyMethodDef scanner_methods[] = {
    {"add", (PyCFunction)scanner_add, METH_VARARGS, "add(names, records) -> list or None"},
    {"finish", (PyCFunction)scanner_finish, METH_NOARGS, "finish()"},
    {"groups", (PyCFunction)scanner_groups, METH_NOARGS, "groups() -> list"},
    {"summary", (PyCFunction)scanner_summary, METH_NOARGS, "summary() -> dict"},
    {NULL, NULL, 0, NULL}};

static PyType_Slot scanner_slots[] = {
    {Py_tp_dealloc, (void *)scanner_dealloc},
    {Py_tp_new, (void *)scanner_new},
    {Py_tp_methods, scanner_methods},
    {Py_tp_doc, (void *)"The state of one scan; see ibidi.Scanner."},
    {0, NULL}};

static PyType_Spec scanner_spec = {"ibidi._ibidi._Scanner", sizeof(scanner_obj), 0,
                                   Py_TPFLAGS_DEFAULT, scanner_slots};

/* ---- Dask: a batch's entries ------------------------------------------------------------- */

/* ibidi.dask groups the names of a cluster with Dask's shuffle, not with
 * ibidi_scan_groups: each partition's names become the entries ibidi_scan_entries lists
 * (the library's rule, what `ibidi scan` adds to its groups) and the counts of its
 * summary (ibidi_scan_counts). Everything below runs a whole batch without the GIL, into
 * buffers grown with PyMem_Raw* (which need no GIL), and turns them into columns after. */

/* A growing byte buffer, the batch calls' and the Dask entries' (PyMem_Raw: no GIL
 * needed). */
#define BATCH_ARENA (256u * 1024u) /* first size of each arena; grown on demand */
typedef struct batch_arena {
    char *data;
    size_t cap, len;
} batch_arena;

/* Room for more bytes at the end of the arena; 0 when memory ran out. No GIL needed
 * (PyMem_Raw). */
static int arena_reserve(batch_arena *a, size_t more)
{
    if (more <= a->cap - a->len)
        return 1;
    size_t cap = a->cap ? a->cap : BATCH_ARENA;
    while (cap - a->len < more) {
        if (cap > SIZE_MAX / 2)
            return 0;
        cap *= 2;
    }
    char *d = PyMem_RawRealloc(a->data, cap);
    if (!d)
        return 0;
    a->data = d;
    a->cap = cap;
    return 1;
}

typedef struct dask_out {
    unsigned char *kind, *valid; /* per entry */
    size_t *key_off, *key_len, *name_off, *name_len;
    size_t n, cap;
    batch_arena text; /* the keys and names, copied (a name once for all its entries) */
} dask_out;

static int dask_grow(dask_out *o)
{
    const size_t cap = o->cap ? o->cap * 2 : 1024;
    void *p[6] = {PyMem_RawRealloc(o->kind, cap), PyMem_RawRealloc(o->valid, cap),
                  NULL, NULL, NULL, NULL};
    if (p[0])
        o->kind = p[0];
    if (p[1])
        o->valid = p[1];
    size_t **arr[4] = {&o->key_off, &o->key_len, &o->name_off, &o->name_len};
    for (int i = 0; i < 4; i++) {
        p[2 + i] = PyMem_RawRealloc(*arr[i], cap * sizeof(size_t));
        if (p[2 + i])
            *arr[i] = p[2 + i];
    }
    for (int i = 0; i < 6; i++)
        if (!p[i])
            return 0;
    o->cap = cap;
    return 1;
}

/* Copies n bytes to o->text; *off gets where. */
static int dask_text(dask_out *o, const char *s, size_t n, size_t *off)
{
    if (!arena_reserve(&o->text, n))
        return 0;
    if (n)
        memcpy(o->text.data + o->text.len, s, n);
    *off = o->text.len;
    o->text.len += n;
    return 1;
}

static void dask_out_free(dask_out *o)
{
    PyMem_RawFree(o->kind);
    PyMem_RawFree(o->valid);
    PyMem_RawFree(o->key_off);
    PyMem_RawFree(o->key_len);
    PyMem_RawFree(o->name_off);
    PyMem_RawFree(o->name_len);
    PyMem_RawFree(o->text.data);
}

static ibidi_status dask_put(const char *name, size_t len, const ibidi_scan_result *rp,
                             dask_out *o, ibidi_scan_counts *c);

/* One name: its result's entries (ibidi_scan_entries) to o, its counts to c. The result's
 * text goes to *buf, grown when the library says it needs more. Returns the library's
 * status, or IBIDI_E_NOMEM. */
static ibidi_status dask_name(const char *name, size_t len, const ibidi_scan_options *opts,
                              char **buf, size_t *cap, dask_out *o, ibidi_scan_counts *c)
{
    ibidi_scan_result r;
    r.text = (ibidi_buf){*buf, *cap, 0};
    ibidi_status st = ibidi_scan_name(name, len, opts, &r, NULL, NULL);
    if (st == IBIDI_E_BUFFER_TOO_SMALL) {
        char *b = PyMem_RawRealloc(*buf, r.text.len);
        if (!b)
            return IBIDI_E_NOMEM;
        *buf = b;
        *cap = r.text.len;
        r.text = (ibidi_buf){*buf, *cap, 0};
        st = ibidi_scan_name(name, len, opts, &r, NULL, NULL);
    }
    char *heap = NULL; /* a name that needs IDNA's work area: the allocating call */
    if (st == IBIDI_E_IDNA_WORK_TOO_SMALL) {
        st = ibidi_scan_name_alloc(name, len, opts, &r, NULL, NULL);
        heap = r.text.data;
    }
    if (st != IBIDI_OK)
        return st;
    st = dask_put(name, len, &r, o, c);
    ibidi_free(heap);
    return st;
}

/* dask_name's result into o and c. */
static ibidi_status dask_put(const char *name, size_t len, const ibidi_scan_result *rp,
                             dask_out *o, ibidi_scan_counts *c)
{
    const ibidi_scan_result r = *rp;
    ibidi_status st;
    ibidi_scan_counts_add(c, &r);
    ibidi_scan_groups_entry e[IBIDI_SCAN_ENTRIES_MAX];
    size_t n = 0;
    /* five kinds: the displays, the LGR's index label, the skeletons, as `ibidi scan`
       numbers them (only those opts asks for are made) */
    st = ibidi_scan_entries(name, len, &r, 5, e, &n);
    if (st != IBIDI_OK || !n)
        return st;
    size_t name_off = 0;
    if (!dask_text(o, e[0].name, e[0].name_len, &name_off))
        return IBIDI_E_NOMEM;
    for (size_t i = 0; i < n; i++) {
        if (o->n == o->cap && !dask_grow(o))
            return IBIDI_E_NOMEM;
        if (!dask_text(o, e[i].key, e[i].key_len, &o->key_off[o->n]))
            return IBIDI_E_NOMEM;
        o->kind[o->n] = (unsigned char)e[i].kind;
        o->valid[o->n] = (unsigned char)e[i].valid;
        o->key_len[o->n] = e[i].key_len;
        o->name_off[o->n] = name_off;
        o->name_len[o->n] = e[i].name_len;
        o->n++;
    }
    return IBIDI_OK;
}

/* The UTF-8 of a key or name of the entries (str, surrogateescape'd bytes included, as
 * _scan_entries gives them); NULL with an exception set. *hold keeps what must live. */
static const char *entry_utf8(PyObject *o, Py_ssize_t *n, PyObject **hold)
{
    *hold = NULL;
    if (!PyUnicode_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "keys and names must be str");
        return NULL;
    }
    const char *u = PyUnicode_AsUTF8AndSize(o, n);
    if (u)
        return u;
    PyErr_Clear(); /* a surrogate: the bytes it stands for */
    *hold = PyUnicode_AsEncodedString(o, "utf-8", "surrogateescape");
    if (!*hold)
        return NULL;
    *n = PyBytes_GET_SIZE(*hold);
    return PyBytes_AS_STRING(*hold);
}

static int entry_group_cb(const ibidi_scan_group *g, void *ctx)
{
    PyObject *key, *names, *valid;
    if (!group_lists(g, &key, &names, &valid))
        return 1;
    return append_group(ctx, Py_BuildValue("(INNNn)", g->kind, key, names, valid,
                                           (Py_ssize_t)g->n_valid));
}

/* _group_entries(kinds: bytes, keys: [str], names: [str], valid: bytes) ->
 *   ([(kind, key, names, valid flags, valid_names)], ((keys, groups, names_in_groups) per
 *   kind))
 * The groups of entries as _scan_entries gives them, every entry of a key among them (a
 * partition of ibidi.dask's shuffle): made by the library's groups (ibidi_scan_groups), so
 * that a group is what `ibidi scan` prints, in its order. */
static PyObject *py_group_entries(PyObject *self, PyObject *args)
{
    Py_buffer kinds, valid;
    PyObject *keys, *names;
    if (!PyArg_ParseTuple(args, "y*O!O!y*", &kinds, &PyList_Type, &keys, &PyList_Type, &names,
                          &valid))
        return NULL;
    PyObject *res = NULL, *rows = NULL;
    ibidi_scan_groups *g = NULL;
    ibidi_error err;
    const Py_ssize_t n = kinds.len;
    if (PyList_GET_SIZE(keys) != n || PyList_GET_SIZE(names) != n || valid.len != n) {
        PyErr_SetString(PyExc_ValueError, "the entries' columns differ in length");
        goto done;
    }
    const ibidi_scan_groups_options go = {0, NULL, IBIDI_SCAN_ENTRIES_MAX, 1};
    ibidi_status st = ibidi_scan_groups_create(&go, &g, &err);
    const unsigned char *kb = kinds.buf, *vb = valid.buf;
    for (Py_ssize_t i = 0; i < n && st == IBIDI_OK; i++) {
        PyObject *hk, *hn;
        Py_ssize_t kl, nl;
        const char *k = entry_utf8(PyList_GET_ITEM(keys, i), &kl, &hk);
        const char *nm = k ? entry_utf8(PyList_GET_ITEM(names, i), &nl, &hn) : NULL;
        if (!nm) {
            Py_XDECREF(hk);
            goto done;
        }
        const ibidi_scan_groups_entry e = {kb[i], k, (size_t)kl, nm, (size_t)nl, vb[i] != 0};
        st = ibidi_scan_groups_add(g, &e, &err);
        Py_XDECREF(hk);
        Py_XDECREF(hn);
    }
    if (st == IBIDI_OK)
        st = ibidi_scan_groups_finish(g, &err);
    if (st == IBIDI_OK && (rows = PyList_New(0)) != NULL)
        st = ibidi_scan_groups_each(g, entry_group_cb, rows, &err);
    if (PyErr_Occurred())
        goto done;
    if (st != IBIDI_OK) {
        set_status_error(state_of(self), st, 0);
        goto done;
    }
    PyObject *counts = PyTuple_New(IBIDI_SCAN_ENTRIES_MAX);
    for (unsigned k = 0; counts && k < IBIDI_SCAN_ENTRIES_MAX; k++) {
        ibidi_scan_group_counts c = {0, 0, 0};
        (void)ibidi_scan_groups_counts(g, k, &c);
        PyObject *t = Py_BuildValue("(nnn)", (Py_ssize_t)c.keys, (Py_ssize_t)c.groups,
                                    (Py_ssize_t)c.names_in_groups);
        if (!t) {
            Py_CLEAR(counts);
            break;
        }
        PyTuple_SET_ITEM(counts, k, t);
    }
    if (counts)
        res = Py_BuildValue("(ON)", rows, counts);
done:
    Py_XDECREF(rows);
    ibidi_scan_groups_free(g);
    PyBuffer_Release(&kinds);
    PyBuffer_Release(&valid);
    return res;
}

/* _scan_entries(names, ltr, rtl, look_alike, owners, profile, lgr) ->
 *   (kinds: bytes, keys: [str], names: [str], valid: bytes,
 *    counts: (lines, skipped, names, valid, invalid, with_findings, not_analysed, set_aside,
 *             self_displayed_ltr, self_displayed_rtl))
 * Each item is a line of a list, as ibidi.scan reads it (ibidi_scan_line: "#" comments,
 * blanks; a final LF); None and a float NaN (a missing value of a DataFrame) count as blank
 * lines. The names are the Unicode forms the groups compare; kinds are 0 and 1 (displays),
 * 2 (an LGR's index label), 3 and 4 (bidi skeletons). */
static PyObject *py_scan_entries(PyObject *self, PyObject *args)
{
    PyObject *names, *profile, *lgr;
    int ltr, rtl, look, owners;
    if (!PyArg_ParseTuple(args, "OppppOO", &names, &ltr, &rtl, &look, &owners, &profile,
                          &lgr))
        return NULL;
    modstate *ms = state_of(self);
    ibidi_scan_options opts;
    memset(&opts, 0, sizeof opts);
    opts.flags = (ltr ? IBIDI_SCAN_LTR : 0u) | (rtl ? IBIDI_SCAN_RTL : 0u) |
                 (owners ? IBIDI_SCAN_OWNER : 0u) | (look ? IBIDI_SCAN_SKELETON : 0u);
    if (!get_profile(profile, &opts.idna.profile))
        return NULL;
    if (!lgr_arg_ok(self, lgr))
        return NULL;
    if (lgr != Py_None)
        opts.lgr = ((lgr_obj *)lgr)->lgr;
    PyObject *seq = PySequence_Fast(names, "names must be an iterable of str or bytes");
    if (!seq)
        return NULL;
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    /* the names copied into one block (the GIL is released while they are scanned);
       off[i] == SIZE_MAX marks a missing value */
    size_t *off = PyMem_RawMalloc(((size_t)n + 1) * 2 * sizeof(size_t));
    char *in = NULL, *buf = NULL;
    size_t in_len = 0, in_cap = 0, cap = 4096;
    dask_out o;
    memset(&o, 0, sizeof o);
    PyObject *res = NULL;
    if (!off) {
        PyErr_NoMemory();
        goto done;
    }
    size_t *lens = off + n + 1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *it = PySequence_Fast_GET_ITEM(seq, i);
        if (it == Py_None || (PyFloat_Check(it) && Py_IS_NAN(PyFloat_AS_DOUBLE(it)))) {
            off[i] = SIZE_MAX;
            lens[i] = 0;
            continue;
        }
        text_arg t;
        if (!get_text(it, &t, "a name", ms))
            goto done;
        if (in_len + t.n > in_cap) {
            size_t c2 = in_cap ? in_cap * 2 : 65536;
            while (c2 < in_len + t.n)
                c2 *= 2;
            char *p = PyMem_RawRealloc(in, c2);
            if (!p) {
                PyErr_NoMemory();
                goto done;
            }
            in = p;
            in_cap = c2;
        }
        if (t.n)
            memcpy(in + in_len, t.s, t.n);
        off[i] = in_len;
        /* a line of an open file keeps its LF, which ibidi_scan_line does not take */
        lens[i] = t.n && t.s[t.n - 1] == '\n' ? t.n - 1 : t.n;
        in_len += t.n;
    }
    buf = PyMem_RawMalloc(cap);
    if (!buf) {
        PyErr_NoMemory();
        goto done;
    }
    ibidi_scan_counts c;
    memset(&c, 0, sizeof c);
    size_t skipped = 0;
    ibidi_status st = IBIDI_OK;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n && st == IBIDI_OK; i++) {
        size_t start, len;
        if (off[i] == SIZE_MAX || !ibidi_scan_line(in + off[i], lens[i], &start, &len)) {
            skipped++;
            continue;
        }
        st = dask_name(in + off[i] + start, len, &opts, &buf, &cap, &o, &c);
    }
    Py_END_ALLOW_THREADS
    if (st != IBIDI_OK) {
        if (st == IBIDI_E_NOMEM)
            PyErr_NoMemory();
        else
            set_status_error(ms, st, 0);
        goto done;
    }
    PyObject *kinds = PyBytes_FromStringAndSize((const char *)o.kind, (Py_ssize_t)o.n);
    PyObject *valid = PyBytes_FromStringAndSize((const char *)o.valid, (Py_ssize_t)o.n);
    PyObject *keys = PyList_New((Py_ssize_t)o.n);
    PyObject *nms = PyList_New((Py_ssize_t)o.n);
    PyObject *last = NULL; /* a name's entries follow each other: one str for them all */
    size_t last_off = SIZE_MAX;
    for (size_t i = 0; keys && nms && i < o.n; i++) {
        PyObject *k = PyUnicode_DecodeUTF8(o.text.data + o.key_off[i], (Py_ssize_t)o.key_len[i],
                                           "surrogateescape");
        if (!k)
            goto columns_failed;
        PyList_SET_ITEM(keys, (Py_ssize_t)i, k);
        if (o.name_off[i] != last_off) {
            last = PyUnicode_DecodeUTF8(o.text.data + o.name_off[i], (Py_ssize_t)o.name_len[i],
                                        "surrogateescape");
            if (!last)
                goto columns_failed;
            last_off = o.name_off[i];
        } else {
            Py_INCREF(last);
        }
        PyList_SET_ITEM(nms, (Py_ssize_t)i, last);
    }
    if (kinds && valid && keys && nms)
        res = Py_BuildValue("(NNNN(nnnnnnnnnn))", kinds, keys, nms, valid, n,
                            (Py_ssize_t)skipped, (Py_ssize_t)c.names, (Py_ssize_t)c.valid,
                            (Py_ssize_t)c.invalid, (Py_ssize_t)c.with_findings,
                            (Py_ssize_t)c.not_analysed, (Py_ssize_t)c.set_aside,
                            (Py_ssize_t)c.self_displayed[0], (Py_ssize_t)c.self_displayed[1]);
    else {
    columns_failed:
        Py_XDECREF(kinds);
        Py_XDECREF(valid);
        Py_XDECREF(keys);
        Py_XDECREF(nms);
    }
done:
    dask_out_free(&o);
    PyMem_RawFree(buf);
    PyMem_RawFree(in);
    PyMem_RawFree(off);
    Py_DECREF(seq);
    return res;
}

/* ---- end of Dask -------------------------------------------------------------------------- */

/* ---- Module ------------------------------------------------------------------------------ */

/* ---- The verdict and the table of codes --------------------------------------------------- */

static PyObject *vtext(const ibidi_verdict_text *t)
{
    return t->data ? PyUnicode_DecodeUTF8(t->data, (Py_ssize_t)t->len, "strict")
                   : Py_NewRef(Py_None);
}

/* The record as a dict of plain values (ibidi/__init__.py makes the Verdict of it); every
 * offset in code points: of the Unicode form, and of the input for the input's places. */
static PyObject *verdict_dict(const ibidi_verdict *v, const char *in, size_t in_len)
{
    const char *u = v->unicode.data;
    const size_t ul = v->unicode.len;
    PyObject *findings = PyList_New(0), *labels = PyList_New(0), *profiles = PyList_New(0);
    for (size_t i = 0; findings && i < v->n_findings; i++) {
        PyObject *t = finding_tuple_in(&v->findings[i], u, ul, in, in_len);
        if (!t || PyList_Append(findings, t) < 0)
            Py_CLEAR(findings);
        Py_XDECREF(t);
    }
    for (size_t i = 0; labels && i < v->n_labels; i++) {
        const ibidi_verdict_label *l = &v->labels[i];
        const size_t o = cp_index(u, ul, l->unicode.start);
        const size_t io = cp_index(in, in_len, l->input.start);
        const size_t ie = cp_index(in, in_len, l->input.start + l->input.length);
        const char *r = ibidi_uts39_level_name(l->restriction);
        PyObject *t = Py_BuildValue("(s#nnnzs)", u + l->unicode.start,
                                    (Py_ssize_t)l->unicode.length, (Py_ssize_t)o,
                                    (Py_ssize_t)io, (Py_ssize_t)(ie - io),
                                    (v->ran & IBIDI_VERDICT_RAN_POLICY) ? r : NULL,
                                    ibidi_ambiguity_label_category_text(l->category));
        if (!t || PyList_Append(labels, t) < 0)
            Py_CLEAR(labels);
        Py_XDECREF(t);
    }
    for (int p = 0; profiles && v->kind == IBIDI_IRI_AS_DOMAIN && p < IBIDI_VERDICT_PROFILES;
         p++) {
        const ibidi_verdict_profile *vp = &v->profiles[p];
        PyObject *codes = vtext(&vp->codes);
        PyObject *t = codes ? Py_BuildValue("(sON)", p < IBIDI_VERDICT_PER_LABEL
                                                         ? ibidi_idna_profile_name((ibidi_idna_profile)p)
                                                         : "bidi-per-label",
                                            vp->valid ? Py_True : Py_False,
                                            vp->codes.data ? codes
                                                           : (Py_DECREF(codes),
                                                              PyUnicode_FromString(ibidi_status_name(vp->status))))
                            : NULL;
        if (!t || PyList_Append(profiles, t) < 0)
            Py_CLEAR(profiles);
        Py_XDECREF(t);
    }
    PyObject *display = (v->ran & IBIDI_VERDICT_RAN_DISPLAY)
                            ? Py_BuildValue("(NN)", vtext(&v->display[0]), vtext(&v->display[1]))
                            : Py_NewRef(Py_None);
    /* UTS #39 §4: the skeleton and the bidi skeletons in both directions */
    PyObject *skeleton = (v->ran & IBIDI_VERDICT_RAN_CONFUSABLE)
                             ? Py_BuildValue("(NNN)", vtext(&v->skeleton),
                                             vtext(&v->bidi_skeleton[0]),
                                             vtext(&v->bidi_skeleton[1]))
                             : Py_NewRef(Py_None);
    PyObject *error = v->error.status != IBIDI_OK
                          ? Py_BuildValue("(sn)", ibidi_status_name(v->error.status),
                                          (Py_ssize_t)cp_index(in, in_len, v->error.offset))
                          : Py_NewRef(Py_None);
    PyObject *lgr = Py_NewRef(Py_None);
    if (v->lgr.run && v->lgr.status == IBIDI_OK) {
        const ibidi_lgr_result *r = &v->lgr.result;
        Py_SETREF(lgr, Py_BuildValue("{s:N,s:O,s:O,s:z,s:N}", "label", vtext(&v->lgr.label),
                                     "eligible", r->eligible ? Py_True : Py_False,
                                     "registrable", r->registrable ? Py_True : Py_False,
                                     "disposition", r->disposition, "index",
                                     vtext(&v->lgr.index)));
    } else if (v->lgr.run) {
        Py_SETREF(lgr, Py_BuildValue("{s:N,s:s}", "label", vtext(&v->lgr.label), "error",
                                     ibidi_status_name(v->lgr.status)));
    }
    if (!findings || !labels || !profiles || !display || !error || !lgr || !skeleton) {
        Py_XDECREF(skeleton);
        Py_XDECREF(findings);
        Py_XDECREF(labels);
        Py_XDECREF(profiles);
        Py_XDECREF(display);
        Py_XDECREF(error);
        Py_XDECREF(lgr);
        return NULL;
    }
    return Py_BuildValue(
        "{s:s,s:s,s:O,s:N,s:N,s:O,s:N,s:N,s:N,s:N,s:O,s:z,s:N,s:O,s:O,s:N,s:N,s:N}", "kind",
        ibidi_iri_kind_name(v->kind), "profile", ibidi_idna_profile_name(v->profile), "valid",
        v->valid ? Py_True : Py_False, "codes", vtext(&v->codes), "error", error, "fqdn",
        v->fqdn ? Py_True : Py_False, "ascii", vtext(&v->ascii), "unicode", vtext(&v->unicode),
        "findings", findings, "labels", labels, "bidi_domain_name",
        v->bidi_domain_name ? Py_True : Py_False, "restriction",
        (v->ran & IBIDI_VERDICT_RAN_POLICY) ? ibidi_uts39_level_name(v->restriction) : NULL,
        "profiles", profiles, "rfc5893_checked",
        (v->ran & IBIDI_VERDICT_RAN_RFC5893) ? Py_True : Py_False, "ambiguity_analysed",
        (v->ran & IBIDI_VERDICT_RAN_AMBIGUITY) ? Py_True : Py_False, "display", display, "lgr",
        lgr, "skeleton", skeleton);
}

static PyObject *py_verdict(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwl[] = {"name", "profile", "kind", "max_restriction", "duerst", "exact",
                          "fqdn", "lgr", NULL};
    PyObject *name, *profile = NULL, *kind = NULL, *maxr = Py_None, *lgr = Py_None;
    int duerst = 0, exact = 1, fqdn = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O$OOpppO:check", kwl, &name, &profile, &kind,
                                     &maxr, &duerst, &exact, &fqdn, &lgr))
        return NULL;
    ibidi_verdict_options o;
    memset(&o, 0, sizeof o);
    int k = 0;
    text_arg t;
    if ((kind && !pick(kind, "kind", kind_names, 4, &k)) || !get_profile(profile, &o.profile) ||
        !get_text(name, &t, "name", state_of(self)))
        return NULL;
    if (!get_level(maxr, &o.max_restriction))
        return NULL;
    if (lgr != Py_None) {
        PyObject *lt = PyObject_GetAttrString(self, "_LGR");
        const int ok = lt && PyObject_TypeCheck(lgr, (PyTypeObject *)lt);
        Py_XDECREF(lt);
        if (!ok) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_TypeError, "lgr must be an ibidi.lgr.LGR, not %.100s",
                             Py_TYPE(lgr)->tp_name);
            return NULL;
        }
        o.lgr = ((lgr_obj *)lgr)->lgr;
    }
    o.as = (ibidi_iri_kind)k;
    o.flags = (duerst ? IBIDI_VERDICT_DUERST2001 : 0u) | (exact ? 0u : IBIDI_VERDICT_NO_EXACT) |
              (fqdn ? IBIDI_VERDICT_FQDN : 0u);
    ibidi_verdict v;
    ibidi_status st;
    Py_BEGIN_ALLOW_THREADS /* the exact analysis runs a twin search: let others run */
    st = ibidi_verdict_make_alloc(t.s, t.n, &o, &v);
    Py_END_ALLOW_THREADS
    if (st != IBIDI_OK)
        return set_status_error(state_of(self), st, 0);
    PyObject *d = verdict_dict(&v, t.s, t.n);
    ibidi_verdict_free(&v);
    return d;
}

/* ---- How to show an identifier ------------------------------------------------------------- */

static const char *const policy_names[] = {"default", "chromium", "firefox", "webkit"};

/* The names of a sequence of str (the protected names), made into the library's object. */
static int get_protect(PyObject *seq, ibidi_show_protected **out, modstate *ms)
{
    *out = NULL;
    if (seq == Py_None)
        return 1;
    PyObject *f = PySequence_Fast(seq, "protect must be a sequence of str");
    if (!f)
        return 0;
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(f);
    const char **names = PyMem_Malloc(sizeof *names * (size_t)(n ? n : 1));
    size_t *lens = PyMem_Malloc(sizeof *lens * (size_t)(n ? n : 1));
    int ok = names && lens;
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        text_arg t;
        ok = get_text(PySequence_Fast_GET_ITEM(f, i), &t, "a protected name", ms);
        names[i] = t.s;
        lens[i] = t.n;
    }
    if (ok) {
        ibidi_error e;
        const ibidi_status st = ibidi_show_protect_create(names, lens, (size_t)n, out, &e);
        if (st != IBIDI_OK) {
            ok = 0;
            if (st == IBIDI_E_NOMEM)
                PyErr_NoMemory();
            else
                PyErr_Format(PyExc_ValueError, "protected name %zd is not a valid domain name "
                             "(%s)", (Py_ssize_t)e.value, ibidi_status_name(st));
        }
    } else if (!PyErr_Occurred()) {
        PyErr_NoMemory();
    }
    PyMem_Free(names);
    PyMem_Free(lens);
    Py_DECREF(f);
    return ok;
}

/* The user's scripts: a sequence of script names (short or long, "Arab", "Arabic"). */
static int get_scripts(PyObject *seq, ibidi_unicode_sc *out, size_t *n)
{
    *n = 0;
    if (seq == Py_None)
        return 1;
    PyObject *f = PySequence_Fast(seq, "scripts must be a sequence of str");
    if (!f)
        return 0;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(f); i++) {
        PyObject *o = PySequence_Fast_GET_ITEM(f, i);
        const char *s = PyUnicode_Check(o) ? PyUnicode_AsUTF8(o) : NULL;
        int found = -1;
        for (int sc = 0; s && sc < IBIDI_UNICODE_SC_COUNT && found < 0; sc++) {
            const char *a = ibidi_unicode_script_name((ibidi_unicode_sc)sc),
                       *b = ibidi_unicode_script_long_name((ibidi_unicode_sc)sc);
            if ((a && strcmp(a, s) == 0) || (b && strcmp(b, s) == 0))
                found = sc;
        }
        if (found < 0) {
            PyErr_Format(PyExc_ValueError, "unknown script %R (give names such as 'Arab' or "
                         "'Arabic')", o);
            Py_DECREF(f);
            return 0;
        }
        if (*n < IBIDI_UNICODE_SC_COUNT)
            out[(*n)++] = (ibidi_unicode_sc)found;
    }
    Py_DECREF(f);
    return 1;
}

/* The record as a dict of plain values (ibidi/__init__.py makes the Show of it); offsets
 * in code points: of the host's Unicode form, and of the input for the input's places. */
static PyObject *show_dict(const ibidi_show *r, const char *in, size_t in_len)
{
    const char *u = r->unicode_form.data;
    const size_t ul = r->unicode_form.len;
    PyObject *reasons = PyList_New(0), *labels = PyList_New(0);
    for (size_t i = 0; reasons && i < r->n_reasons; i++) {
        PyObject *t = finding_tuple_in(&r->reasons[i], u, ul, in, in_len);
        if (!t || PyList_Append(reasons, t) < 0)
            Py_CLEAR(reasons);
        Py_XDECREF(t);
    }
    for (size_t i = 0; labels && i < r->n_labels; i++) {
        const ibidi_show_label *l = &r->labels[i];
        const size_t io = cp_index(in, in_len, l->input.start);
        const size_t ie = cp_index(in, in_len, l->input.start + l->input.length);
        PyObject *idx = PyList_New(0);
        for (size_t k = 0; idx && k < l->n_reasons; k++) {
            PyObject *v = PyLong_FromSize_t(l->first_reason + k);
            if (!v || PyList_Append(idx, v) < 0)
                Py_CLEAR(idx);
            Py_XDECREF(v);
        }
        PyObject *t = idx ? Py_BuildValue("(NNsnnN)", vtext(&l->unicode), vtext(&l->shown),
                                          ibidi_show_as_name(l->as), (Py_ssize_t)io,
                                          (Py_ssize_t)(ie - io), idx)
                          : NULL;
        if (!t || PyList_Append(labels, t) < 0)
            Py_CLEAR(labels);
        Py_XDECREF(t);
    }
    PyObject *error = r->error.status != IBIDI_OK
                          ? Py_BuildValue("(sn)", ibidi_status_name(r->error.status),
                                          (Py_ssize_t)cp_index(in, in_len, r->error.offset))
                          : Py_NewRef(Py_None);
    if (!reasons || !labels || !error) {
        Py_XDECREF(reasons);
        Py_XDECREF(labels);
        Py_XDECREF(error);
        return NULL;
    }
    return Py_BuildValue("{s:s,s:s,s:s,s:O,s:O,s:N,s:N,s:N,s:N,s:N,s:N,s:s}", "kind",
                         ibidi_iri_kind_name(r->kind), "policy",
                         ibidi_show_policy_name(r->policy), "context",
                         r->context == IBIDI_DIR_RTL ? "rtl" : "ltr", "valid",
                         r->valid ? Py_True : Py_False, "unicode",
                         r->unicode ? Py_True : Py_False, "error", error, "text",
                         vtext(&r->text), "form", vtext(&r->form), "unicode_form",
                         vtext(&r->unicode_form), "labels", labels, "reasons", reasons,
                         "data_version", r->data_version ? r->data_version : "");
}

static PyObject *py_show(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwl[] = {"ident", "policy", "context", "protect", "scripts", "max_restriction",
                          "profile", "kind", NULL};
    PyObject *ident, *policy = NULL, *ctx = NULL, *protect = Py_None, *scripts = Py_None,
                     *maxr = Py_None, *profile = NULL, *kind = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OO$OOOOO:show", kwl, &ident, &policy, &ctx,
                                     &protect, &scripts, &maxr, &profile, &kind))
        return NULL;
    ibidi_show_options o;
    memset(&o, 0, sizeof o);
    int p = 0, k = 0;
    ibidi_unicode_sc sc[IBIDI_UNICODE_SC_COUNT];
    text_arg t;
    if ((policy && !pick(policy, "policy", policy_names, 4, &p)) ||
        (ctx && !get_dir(ctx, &o.context, context_names, 2, "context")) ||
        (kind && !pick(kind, "kind", kind_names, 4, &k)) || !get_profile(profile, &o.profile) ||
        !get_scripts(scripts, sc, &o.n_scripts) || !get_text(ident, &t, "ident", state_of(self)))
        return NULL;
    if (!get_level(maxr, &o.max_restriction))
        return NULL;
    o.policy = (ibidi_show_policy)p;
    o.as = (ibidi_iri_kind)k;
    o.scripts = o.n_scripts ? sc : NULL;
    ibidi_show_protected *prot = NULL;
    if (!get_protect(protect, &prot, state_of(self)))
        return NULL;
    o.protect = prot;
    ibidi_show r;
    ibidi_status st;
    Py_BEGIN_ALLOW_THREADS /* the twin search may run: let others run */
    st = ibidi_show_make_alloc(t.s, t.n, &o, &r);
    Py_END_ALLOW_THREADS
    ibidi_show_protect_free(prot);
    if (st != IBIDI_OK)
        return set_status_error(state_of(self), st, 0);
    PyObject *d = show_dict(&r, t.s, t.n);
    ibidi_show_free(&r);
    return d;
}

/* Every row of the library's table of codes, as tuples: type, value, name, enumerator,
 * capability, group, severity, severity_note, text, rule, message, from, example,
 * example_shows, note. */
static PyObject *py_codes(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    static const char *const sev[] = {"error", "warning", "status", "success"};
    size_t n = 0;
    const ibidi_code_info *r = ibidi_code_table(&n);
    PyObject *l = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; l && i < n; i++) {
        PyObject *t = Py_BuildValue("(sisssssszzszzzz)",
                                    r[i].type == IBIDI_CODE_FINDING ? "finding" : "status",
                                    r[i].value, r[i].name, r[i].enumerator, r[i].capability,
                                    r[i].group, sev[r[i].severity], r[i].severity_note,
                                    r[i].text, r[i].rule, r[i].message, r[i].from,
                                    r[i].example, r[i].example_shows, r[i].note);
        if (!t)
            Py_CLEAR(l);
        else
            PyList_SET_ITEM(l, (Py_ssize_t)i, t);
    }
    return l;
}

static PyObject *py_setup(PyObject *self, PyObject *args)
{
    PyObject *a, *b;
    if (!PyArg_ParseTuple(args, "OO", &a, &b))
        return NULL;
    modstate *ms = state_of(self);
    Py_XSETREF(ms->idna_error, Py_NewRef(a));
    Py_XSETREF(ms->status_error, Py_NewRef(b));
    Py_RETURN_NONE;
}

static PyObject *py_code_message(PyObject *self, PyObject *arg)
{
    (void)self;
    const char *s = PyUnicode_AsUTF8(arg);
    if (!s)
        return NULL;
    ibidi_code c = ibidi_code_from_name(s, strlen(s));
    if (c < 0) {
        PyErr_Format(PyExc_ValueError, "unknown finding code %R", arg);
        return NULL;
    }
    return PyUnicode_FromString(ibidi_code_message(c));
}

/* ==== Batches (ibidi.batch) ================================================================
 *
 * One call per operation over a whole sequence of names, for lists, NumPy arrays and pandas
 * Series (issue 38): _batch(op, names, profile, transitional, fqdn, context, missing).
 * The names are taken CHUNK at a time: with the GIL, each is read as UTF-8 into a chunk
 * held by the call (an ASCII str and a bytes object are read in place, their references
 * held, since another thread may change the list meanwhile; others are encoded into the
 * input arena, so that no UTF-8 copy stays cached in the str objects of a large frame);
 * without the GIL, the library writes each name's result into the output arena (its calls
 * take caller buffers and say the size they need, ibidi/common.h); with the GIL again, the
 * results become Python objects. Memory stays bounded by a chunk, and other threads run
 * while the library works.
 *
 * Every result is the scalar call's (ibidi.encode, decode, skeleton, check; the display
 * keys and look-alike keys of ibidi_scan_name, as `ibidi scan` makes them): the same
 * library call with the same options, and for the rare name the UTF-8 calls cannot take (a
 * str with lone surrogates), the scalar path itself, under the GIL. Missing values (None, float NaN, and the objects of
 * `missing`, e.g. pandas.NA) are not names: they come back as themselves (the validity: as
 * 2). The Python layer (ibidi/batch.py) makes arrays and Series of the results. */

#define BATCH_CHUNK 4096           /* names per release of the GIL */
#define BATCH_FINDINGS 64          /* findings of a name on the stack (codes) */

enum { B_VALID, B_ASCII, B_UNICODE, B_CODES, B_DISPLAY, B_SKELETON, B_LOOK };
static const char *const batch_ops[] = {"valid",    "ascii",   "unicode", "codes",
                                        "display", "skeleton", "look"};

enum { BI_TEXT, BI_MISSING, BI_SURROGATE };

typedef struct batch_item {
    PyObject *obj;   /* the input, a reference held during the chunk */
    int kind;        /* BI_* */
    const char *s;   /* UTF-8 (in the object, or NULL: at in_off of the input arena) */
    size_t in_off, n;
    ibidi_status st; /* the library's status for the name */
    size_t off, len; /* the result in the output arena */
    int has_out;     /* a result was made (a display, a skeleton, a conversion) */
} batch_item;

/* A missing value: None, a float NaN (NumPy's and pandas' NaN of object arrays), or one of
 * the objects of the tuple missing (pandas.NA, pandas.NaT). */
static int batch_missing(PyObject *o, PyObject *missing)
{
    if (o == Py_None)
        return 1;
    if (PyFloat_Check(o)) {
        const double d = PyFloat_AS_DOUBLE(o);
        return d != d;
    }
    for (Py_ssize_t i = 0; missing && i < PyTuple_GET_SIZE(missing); i++)
        if (o == PyTuple_GET_ITEM(missing, i))
            return 1;
    return 0;
}

/* A str as UTF-8 into the input arena (Unicode §3.9, D92), from its code points; 0 with
 * *surrogate set when it holds a lone surrogate (no UTF-8 exists for it), or when memory
 * ran out (a Python error set). */
static int batch_encode(PyObject *o, batch_arena *in, batch_item *it)
{
    const int kind = PyUnicode_KIND(o);
    const void *data = PyUnicode_DATA(o);
    const Py_ssize_t n = PyUnicode_GET_LENGTH(o);
    if (!arena_reserve(in, (size_t)n * (kind == PyUnicode_1BYTE_KIND ? 2 : 4))) {
        PyErr_NoMemory();
        return 0;
    }
    unsigned char *p = (unsigned char *)in->data + in->len;
    for (Py_ssize_t i = 0; i < n; i++) {
        const Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c < 0x80)
            *p++ = (unsigned char)c;
        else if (c < 0x800) {
            *p++ = (unsigned char)(0xC0 | (c >> 6));
            *p++ = (unsigned char)(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            if (Py_UNICODE_IS_SURROGATE(c)) {
                it->kind = BI_SURROGATE;
                return 1;
            }
            *p++ = (unsigned char)(0xE0 | (c >> 12));
            *p++ = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
            *p++ = (unsigned char)(0x80 | (c & 0x3F));
        } else {
            *p++ = (unsigned char)(0xF0 | (c >> 18));
            *p++ = (unsigned char)(0x80 | ((c >> 12) & 0x3F));
            *p++ = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
            *p++ = (unsigned char)(0x80 | (c & 0x3F));
        }
    }
    it->s = NULL;
    it->in_off = in->len;
    it->n = (size_t)(p - ((unsigned char *)in->data + in->len));
    in->len += it->n;
    return 1;
}

/* One input, with the GIL: its kind and its UTF-8. TypeError naming the index for a value
 * that is neither text nor missing (the scalar calls' TypeError, with where). */
static int batch_read(PyObject *o, Py_ssize_t index, PyObject *missing, batch_arena *in,
                      batch_item *it)
{
    it->obj = Py_NewRef(o);
    it->kind = BI_TEXT;
    it->has_out = 0;
    it->s = NULL;
    it->n = 0;
    if (PyUnicode_Check(o)) {
        if (PyUnicode_IS_ASCII(o)) {
            it->s = (const char *)PyUnicode_DATA(o); /* ASCII is its own UTF-8 */
            it->n = (size_t)PyUnicode_GET_LENGTH(o);
            return 1;
        }
        return batch_encode(o, in, it);
    }
    if (PyBytes_Check(o)) {
        it->s = PyBytes_AS_STRING(o);
        it->n = (size_t)PyBytes_GET_SIZE(o);
        return 1;
    }
    if (PyByteArray_Check(o)) { /* mutable: copied */
        const size_t n = (size_t)PyByteArray_GET_SIZE(o);
        if (!arena_reserve(in, n)) {
            PyErr_NoMemory();
            return 0;
        }
        memcpy(in->data + in->len, PyByteArray_AS_STRING(o), n);
        it->in_off = in->len;
        it->n = n;
        in->len += n;
        return 1;
    }
    if (batch_missing(o, missing)) {
        it->kind = BI_MISSING;
        return 1;
    }
    PyErr_Format(PyExc_TypeError, "names[%zd] must be str or bytes (or a missing value), "
                 "not %.100s", index, Py_TYPE(o)->tp_name);
    return 0;
}

typedef struct batch_job {
    int op;
    int fqdn;       /* B_VALID, B_CODES: a final full stop is the root label, set aside */
    ibidi_dir dir;  /* B_DISPLAY, B_SKELETON */
    int bidi;       /* B_SKELETON: the bidi skeleton (a context was given) */
    ibidi_idna_options idna;
    ibidi_scan_options scan;
    void *work;     /* the IDNA work area, made for the first name that needs it */
} batch_job;

/* The codes of a ToASCII run as `ibidi check` and `ibidi scan` write them: the library's
 * text of the error findings (ibidi_findings_codes: "[]" when valid, else the distinct
 * codes in its one order, "[B1, V6]"), or the status for a name that could not be
 * processed ("[UTF8_INVALID_BYTE]"). Into out (cap bytes); the length needed. */
static size_t batch_codes(ibidi_status st, const ibidi_findings *fs, char *out, size_t cap)
{
    if (st == IBIDI_OK || st == IBIDI_E_IDNA_INVALID) {
        ibidi_buf b = {out, cap, 0};
        ibidi_findings_codes(fs->items, st == IBIDI_OK ? 0 : fs->n, &b);
        return b.len;
    }
    const char *nm = ibidi_status_name(st);
    const size_t l = strlen(nm ? nm : "?");
    if (l + 2 <= cap) {
        out[0] = '[';
        memcpy(out + 1, nm ? nm : "?", l);
        out[l + 1] = ']';
    }
    return l + 2;
}

/* One IDNA conversion into the output arena at its end (not kept unless keep), grown and
 * run again when the result does not fit, with the work area for the names that need one
 * (ibidi/idna.h), as the scalar calls do. Without the GIL. */
static ibidi_status batch_idna(batch_job *job, const char *s, size_t n, int to_ascii,
                               batch_arena *out, ibidi_findings *fs, batch_item *it)
{
    for (;;) {
        ibidi_buf b = {out->data + out->len, out->cap - out->len, 0};
        ibidi_error err;
        const ibidi_status st = to_ascii ? ibidi_idna_to_ascii_utf8(s, n, &job->idna, &b, fs, &err)
                                         : ibidi_idna_to_unicode_utf8(s, n, &job->idna, &b, fs,
                                                                      &err);
        if (st == IBIDI_E_BUFFER_TOO_SMALL) {
            if (!arena_reserve(out, b.len))
                return IBIDI_E_NOMEM;
            continue;
        }
        if (st == IBIDI_E_IDNA_WORK_TOO_SMALL && !job->work) {
            job->idna.work_size = ibidi_idna_work_size();
            job->idna.work = job->work = PyMem_RawMalloc(job->idna.work_size);
            if (!job->work)
                return IBIDI_E_NOMEM;
            continue;
        }
        it->off = out->len;
        it->len = b.len;
        return st;
    }
}

/* One name, without the GIL: its result into the output arena. IBIDI_E_NOMEM alone stops
 * the batch; every other status is the name's. */
static ibidi_status batch_one(batch_job *job, batch_item *it, const char *s, batch_arena *out)
{
    ibidi_status st;
    switch (job->op) {
    case B_VALID:
    case B_ASCII:
    case B_UNICODE: {
        const size_t n = job->op == B_VALID && job->fqdn ? ibidi_idna_strip_root(s, it->n)
                                                         : it->n;
        st = batch_idna(job, s, n, job->op != B_UNICODE, out, NULL, it);
        if (st == IBIDI_E_NOMEM)
            return st;
        it->st = st;
        if (st == IBIDI_OK && job->op != B_VALID) {
            it->has_out = 1;
            out->len += it->len;
        }
        return IBIDI_OK;
    }
    case B_CODES: {
        const size_t n = job->fqdn ? ibidi_idna_strip_root(s, it->n) : it->n;
        ibidi_finding items[BATCH_FINDINGS];
        ibidi_findings fs = {items, BATCH_FINDINGS, 0, 0};
        ibidi_finding *heap = NULL;
        st = batch_idna(job, s, n, 1, out, &fs, it);
        if (st == IBIDI_E_IDNA_INVALID && fs.n > fs.cap) { /* more than the stack holds */
            heap = PyMem_RawMalloc(fs.n * sizeof *heap);
            if (!heap)
                return IBIDI_E_NOMEM;
            fs = (ibidi_findings){heap, fs.n, 0, 0};
            st = batch_idna(job, s, n, 1, out, &fs, it);
        }
        if (st != IBIDI_E_NOMEM) {
            it->st = st;
            const size_t need = batch_codes(st, &fs, NULL, 0);
            if (arena_reserve(out, need)) {
                it->off = out->len;
                it->len = batch_codes(st, &fs, out->data + out->len, need);
                out->len += it->len;
                it->has_out = 1;
            } else
                st = IBIDI_E_NOMEM;
        }
        PyMem_RawFree(heap);
        return st == IBIDI_E_NOMEM ? st : IBIDI_OK;
    }
    case B_DISPLAY:
    case B_LOOK: /* the display key, or the bidi skeleton of the form (ibidi_scan_name) */
        for (;;) {
            ibidi_scan_result r;
            r.text = (ibidi_buf){out->data + out->len, out->cap - out->len, 0};
            st = ibidi_scan_name(s, it->n, &job->scan, &r, NULL, NULL);
            if (st == IBIDI_E_BUFFER_TOO_SMALL) {
                if (!arena_reserve(out, r.text.len))
                    return IBIDI_E_NOMEM;
                continue;
            }
            if (st == IBIDI_E_IDNA_WORK_TOO_SMALL && !job->scan.idna.work) {
                /* a name that maps past IDNA's fixed area: the work area ToASCII takes */
                if (!job->work) {
                    job->idna.work_size = ibidi_idna_work_size();
                    job->idna.work = job->work = PyMem_RawMalloc(job->idna.work_size);
                    if (!job->work)
                        return IBIDI_E_NOMEM;
                }
                job->scan.idna.work = job->work;
                job->scan.idna.work_size = job->idna.work_size;
                continue;
            }
            it->st = st;
            const ibidi_span d = job->op == B_DISPLAY ? r.display[job->dir == IBIDI_DIR_RTL]
                                                      : r.skeleton[job->dir == IBIDI_DIR_RTL];
            if (st == IBIDI_OK && d.present) {
                it->has_out = 1;
                it->off = out->len + d.start;
                it->len = d.length;
                out->len += r.text.len;
            }
            return IBIDI_OK;
        }
    default: /* B_SKELETON */
        for (;;) {
            ibidi_buf b = {out->data + out->len, out->cap - out->len, 0};
            ibidi_error err;
            st = job->bidi ? ibidi_confusable_bidi_skeleton_utf8(s, it->n, job->dir, &b, &err)
                           : ibidi_confusable_skeleton_utf8(s, it->n, &b, &err);
            if (st == IBIDI_E_BUFFER_TOO_SMALL) {
                if (!arena_reserve(out, b.len))
                    return IBIDI_E_NOMEM;
                continue;
            }
            it->st = st;
            if (st == IBIDI_OK) {
                it->has_out = 1;
                it->off = out->len;
                it->len = b.len;
                out->len += b.len;
            }
            return st == IBIDI_E_NOMEM ? st : IBIDI_OK;
        }
    }
}

/* A name with lone surrogates, with the GIL: the scalar path (idna_convert takes such
 * names as code points, UTS #46 V7). The validity: 0; the codes: the status check raises
 * for them (CP_SURROGATE); no display or skeleton (the scalar calls raise). Returns the
 * result (a new reference; None for none), NULL on error. */
static PyObject *batch_surrogate(const batch_job *job, batch_item *it)
{
    switch (job->op) {
    case B_ASCII:
    case B_UNICODE: {
        text_arg t = {NULL, 0, 1};
        idna_run r;
        PyObject *res = NULL;
        if (idna_convert(it->obj, &t, job->op == B_ASCII, &job->idna, &r)) {
            it->st = r.st;
            res = r.st == IBIDI_OK ? run_output(&r) : Py_NewRef(Py_None);
        }
        run_free(&r);
        return res;
    }
    case B_CODES:
        it->st = IBIDI_E_CP_SURROGATE;
        return PyUnicode_FromFormat("[%s]", ibidi_status_name(IBIDI_E_CP_SURROGATE));
    default:
        it->st = IBIDI_E_CP_SURROGATE;
        return Py_NewRef(Py_None);
    }
}

/* The result of one name, with the GIL (a new reference). */
static PyObject *batch_result(const batch_job *job, batch_item *it, const batch_arena *out)
{
    if (it->kind == BI_MISSING)
        return Py_NewRef(it->obj);
    if (it->kind == BI_SURROGATE)
        return batch_surrogate(job, it);
    if (!it->has_out)
        return Py_NewRef(Py_None);
    const char *s = out->data + it->off;
    if (job->op == B_ASCII || job->op == B_CODES) { /* ASCII by construction: no decoding */
        PyObject *r = PyUnicode_New((Py_ssize_t)it->len, 127);
        if (r)
            memcpy(PyUnicode_DATA(r), s, it->len);
        return r;
    }
    return PyUnicode_DecodeUTF8(s, (Py_ssize_t)it->len, "surrogatepass");
}

/* _batch(op, names, profile, transitional, fqdn, context, missing):
 *   op "valid": bytes, one per name: 1 valid, 0 not, 2 missing;
 *   otherwise (list, first): the results (str, None where the scalar call raises or no
 *   display is made, a missing value as itself), and the index of the first name whose
 *   scalar call raises (-1: none), for errors="raise" (ibidi/batch.py calls the scalar
 *   function on it, so that the exception is exactly its own). */
static PyObject *py_batch(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *opo, *names, *profile, *context, *missing;
    int transitional, fqdn;
    if (!PyArg_ParseTuple(args, "OOOppOO", &opo, &names, &profile, &transitional, &fqdn,
                          &context, &missing))
        return NULL;
    batch_job job;
    memset(&job, 0, sizeof job);
    if (!pick(opo, "op", batch_ops, 7, &job.op) || !get_profile(profile, &job.idna.profile))
        return NULL;
    if (missing != Py_None && !PyTuple_Check(missing)) {
        PyErr_SetString(PyExc_TypeError, "missing must be a tuple or None");
        return NULL;
    }
    if (missing == Py_None)
        missing = NULL;
    if (transitional)
        job.idna.add |= IBIDI_IDNA_TRANSITIONAL;
    job.fqdn = fqdn;
    job.bidi = context != Py_None;
    if (job.bidi && !get_dir(context, &job.dir, context_names, 2, "context"))
        return NULL;
    job.scan.idna = job.idna;
    job.scan.flags = (job.dir == IBIDI_DIR_RTL ? IBIDI_SCAN_RTL : IBIDI_SCAN_LTR) |
                     (job.op == B_LOOK ? IBIDI_SCAN_SKELETON : 0u);

    PyObject *seq = PySequence_Fast(names, "names must be an iterable of str or bytes");
    if (!seq)
        return NULL;
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *res = job.op == B_VALID ? PyBytes_FromStringAndSize(NULL, n) : PyList_New(n);
    batch_item *items = PyMem_Malloc(BATCH_CHUNK * sizeof *items);
    batch_arena in = {NULL, 0, 0}, out = {NULL, 0, 0};
    Py_ssize_t first = -1;
    if (!res || !items || !arena_reserve(&in, BATCH_ARENA) || !arena_reserve(&out, BATCH_ARENA)) {
        if (res)
            PyErr_NoMemory();
        goto fail;
    }
    if (job.op == B_VALID)
        memset(PyBytes_AS_STRING(res), 2, (size_t)n);
    for (Py_ssize_t base = 0; base < n; base += BATCH_CHUNK) {
        /* the sequence may be a list another thread changes: its size is read again */
        const Py_ssize_t m = Py_MIN((Py_ssize_t)BATCH_CHUNK,
                                    Py_MIN(n, PySequence_Fast_GET_SIZE(seq)) - base);
        if (m <= 0)
            break;
        Py_ssize_t got = 0;
        in.len = out.len = 0;
        int ok = 1;
        for (; got < m && ok; got++)
            ok = batch_read(PySequence_Fast_GET_ITEM(seq, base + got), base + got, missing,
                            &in, &items[got]);
        if (!ok) {
            for (Py_ssize_t i = 0; i < got; i++)
                Py_DECREF(items[i].obj);
            goto fail;
        }
        ibidi_status st = IBIDI_OK;
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t i = 0; i < m && st == IBIDI_OK; i++) {
            batch_item *it = &items[i];
            if (it->kind == BI_TEXT)
                st = batch_one(&job, it, it->s ? it->s : in.data + it->in_off, &out);
        }
        Py_END_ALLOW_THREADS
        for (Py_ssize_t i = 0; i < m && ok; i++) {
            batch_item *it = &items[i];
            if (st != IBIDI_OK)
                ok = 0;
            else if (job.op == B_VALID)
                PyBytes_AS_STRING(res)[base + i] =
                    (char)(it->kind == BI_MISSING ? 2 : it->kind == BI_TEXT && it->st == IBIDI_OK);
            else {
                PyObject *r = batch_result(&job, it, &out);
                if (!r)
                    ok = 0;
                else {
                    PyList_SET_ITEM(res, base + i, r);
                    if (first < 0 && it->kind != BI_MISSING && it->st != IBIDI_OK &&
                        job.op != B_DISPLAY && job.op != B_LOOK)
                        first = base + i;
                }
            }
        }
        for (Py_ssize_t i = 0; i < m; i++)
            Py_DECREF(items[i].obj);
        if (st != IBIDI_OK) {
            PyErr_NoMemory();
            goto fail;
        }
        if (!ok)
            goto fail;
    }
    if (job.op != B_VALID) {
        /* a list that shrank meanwhile leaves empty slots: None, never NULL */
        for (Py_ssize_t i = 0; i < n; i++)
            if (!PyList_GET_ITEM(res, i))
                PyList_SET_ITEM(res, i, Py_NewRef(Py_None));
        res = Py_BuildValue("(Nn)", res, first); /* N: the tuple takes the list */
    }
    goto done;
fail:
    Py_CLEAR(res);
done:
    PyMem_Free(items);
    PyMem_RawFree(in.data);
    PyMem_RawFree(out.data);
    PyMem_RawFree(job.work);
    Py_DECREF(seq);
    return res;
}

/* ==== End of batches ======================================================================= */

static PyMethodDef methods[] = {
    {"encode", (PyCFunction)(void (*)(void))py_encode, METH_FASTCALL | METH_KEYWORDS,
     "encode(name, profile='uts46', *, transitional=False) -> bytes"},
    {"decode", (PyCFunction)(void (*)(void))py_decode, METH_FASTCALL | METH_KEYWORDS,
     "decode(name, profile='uts46', *, transitional=False) -> str"},
    {"_process", py_process, METH_VARARGS, NULL},
    {"levels", (PyCFunction)(void (*)(void))py_levels, METH_VARARGS | METH_KEYWORDS, NULL},
    {"visual", (PyCFunction)(void (*)(void))py_visual, METH_VARARGS | METH_KEYWORDS, NULL},
    {"_reorder_levels", py_reorder_levels, METH_O, NULL},
    {"display", (PyCFunction)(void (*)(void))py_display, METH_VARARGS | METH_KEYWORDS, NULL},
    {"needs_embedding", (PyCFunction)(void (*)(void))py_needs_embedding,
     METH_VARARGS | METH_KEYWORDS, NULL},
    {"_twins", py_twins, METH_VARARGS, NULL},
    {"skeleton", (PyCFunction)(void (*)(void))py_skeleton, METH_VARARGS | METH_KEYWORDS,
     "skeleton(text, context=None) -> str"},
    {"confusable", (PyCFunction)(void (*)(void))py_confusable, METH_VARARGS | METH_KEYWORDS,
     "confusable(a, b, context=None) -> bool"},
    {"_analyze", (PyCFunction)(void (*)(void))py_analyze, METH_VARARGS | METH_KEYWORDS, NULL},
    {"to_uri", (PyCFunction)(void (*)(void))py_to_uri, METH_VARARGS | METH_KEYWORDS, NULL},
    {"to_iri", (PyCFunction)(void (*)(void))py_to_iri, METH_VARARGS | METH_KEYWORDS, NULL},
    {"_code_message", py_code_message, METH_O, NULL},
    {"_verdict", (PyCFunction)(void (*)(void))py_verdict, METH_VARARGS | METH_KEYWORDS, NULL},
    {"_show", (PyCFunction)(void (*)(void))py_show, METH_VARARGS | METH_KEYWORDS, NULL},
    {"_codes", py_codes, METH_NOARGS, NULL},
    {"_setup", py_setup, METH_VARARGS, NULL},
    /* batches (ibidi.batch) */
    {"_batch", py_batch, METH_VARARGS, NULL},
    /* Dask (ibidi.dask): a batch's entries and counts */
    {"_scan_entries", py_scan_entries, METH_VARARGS, NULL},
    {"_group_entries", py_group_entries, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL}};

static int mod_traverse(PyObject *m, visitproc visit, void *arg)
{
    modstate *ms = state_of(m);
    Py_VISIT(ms->idna_error);
    Py_VISIT(ms->status_error);
    return 0;
}

static int mod_clear(PyObject *m)
{
    modstate *ms = state_of(m);
    Py_CLEAR(ms->idna_error);
    Py_CLEAR(ms->status_error);
    return 0;
}

static void mod_free(void *m) { mod_clear((PyObject *)m); }

static struct PyModuleDef moddef = {PyModuleDef_HEAD_INIT,
                                    "ibidi._ibidi",
                                    "The C layer of the ibidi package (libibidi).",
                                    sizeof(modstate),
                                    methods,
                                    NULL,
                                    mod_traverse,
                                    mod_clear,
                                    mod_free};

PyMODINIT_FUNC PyInit__ibidi(void)
{
    PyObject *m = PyModule_Create(&moddef);
    if (!m)
        return NULL;
    PyObject *lt = PyType_FromSpec(&lgr_spec);
    PyObject *st = PyType_FromSpec(&scanner_spec);
    if (!lt || !st || PyModule_AddObject(m, "_LGR", lt) < 0) {
        Py_XDECREF(lt);
        Py_XDECREF(st);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddObject(m, "_Scanner", st) < 0) {
        Py_DECREF(st);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddStringConstant(m, "version", ibidi_version()) < 0 ||
        PyModule_AddStringConstant(m, "unicode_version", ibidi_unicode_version()) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
