/*
 * The verdict on one identifier (ibidi/verdict.h): every capability's call, once, on the
 * forms the standards name, gathered into one record.
 *
 * The record's parts go to the caller's buffer from both ends: its arrays (the labels,
 * then the findings, which every step appends in order) from the bottom, its texts from
 * the top, so that neither has to be sized before the steps run; a part that does not fit
 * is counted all the same, and the call returns the size the whole record needs. The
 * steps' state (the Unicode form, an output that is read again, the map between the two
 * forms, and the work areas of IDNA, the ambiguity analysis and the display) is in the
 * work area, laid out by work_layout() for the longest input of that length.
 *
 * Nothing here decides a rule: validity is IDNA's ToASCII under the profile (a domain
 * name) or the parse, the component rules and ToASCII of the host (an IRI or a mail
 * address, as ibidi_iri_validate), the script policy's and the LGR's; the rest is
 * reported as each capability reports it. Stack: the steps run one after the other from
 * ibidi_verdict_make's own small frame.
 */
#include <string.h>

#include "common/arena.h"
#include "common/internal.h"
#include "ibidi/ambiguity.h"
#include "ibidi/confusable.h"
#include "ibidi/display.h"
#include "ibidi/rfc5893.h"
#include "ibidi/utf8.h"
#include "ibidi/verdict.h"
#include "idna/idna_internal.h"
#include "iri/iri_internal.h"
#include "uts39/uts39_internal.h"
#include "confusable/confusable_internal.h"

/* ---- The caller's buffer, from both ends (common/arena.h) -------------------------- */

#define ALIGN IBIDI__ARENA_ALIGN
typedef ibidi__arena arena;
#define arena_init ibidi__arena_init
#define arena_room ibidi__arena_room
#define arena_needed ibidi__arena_needed
#define arena_bottom ibidi__arena_bottom
#define arena_text ibidi__arena_text

/* ---- The map between the input and the Unicode form ----------------------------------- */

/* A piece of both forms: [in, in + in_len) of the input is [u, u + u_len) of the Unicode
 * form; exact when the two are the same bytes, so that every offset inside maps one to
 * one, else only the piece's ends map. */
typedef struct seg {
    size_t in, in_len, u, u_len;
    int exact;
} seg;

typedef struct vmap {
    seg *s;
    size_t n, cap;
} vmap;

static void map_add(vmap *m, size_t in, size_t in_len, size_t u, size_t u_len, int exact)
{
    if (m->n < m->cap) {
        seg *x = &m->s[m->n++];
        x->in = in;
        x->in_len = in_len;
        x->u = u;
        x->u_len = u_len;
        x->exact = exact;
    }
}

/* Where the label separators of UTS #46 and RFC 3490 §3.1 (U+002E, U+3002, U+FF0E, U+FF61)
 * end, at i of s: the separator's bytes, or 0. */
static size_t separator_at(const char *s, size_t n, size_t i)
{
    const unsigned char *p = (const unsigned char *)s + i;
    if (p[0] == '.')
        return 1;
    if (n - i >= 3 && ((p[0] == 0xE3 && p[1] == 0x80 && p[2] == 0x82) ||
                       (p[0] == 0xEF && p[1] == 0xBC && p[2] == 0x8E) ||
                       (p[0] == 0xEF && p[1] == 0xBD && p[2] == 0xA1)))
        return 3;
    return 0;
}

static size_t count_labels(const char *s, size_t n)
{
    size_t k = 1;
    for (size_t i = 0; i < n; i++) {
        const size_t w = separator_at(s, n, i);
        if (w) {
            k++;
            i += w - 1;
        }
    }
    return k;
}

/* The pieces of a host: input[in0, in0 + in_n) written as the Unicode form's
 * u[u0, u0 + u_n), label by label when both have as many labels (a label the same bytes in
 * both maps exactly, one that mapping or decoding changed maps as a whole, and so does a
 * separator written otherwise than "."), else as one piece. */
static void map_host(vmap *m, const char *in, size_t in0, size_t in_n, const char *u, size_t u0,
                     size_t u_n)
{
    if (count_labels(in + in0, in_n) != count_labels(u + u0, u_n)) {
        map_add(m, in0, in_n, u0, u_n, in_n == u_n && memcmp(in + in0, u + u0, u_n) == 0);
        return;
    }
    size_t a = 0, b = 0; /* label starts, relative to in0 and u0 */
    for (;;) {
        size_t ea = a, eb = b, wa = 0;
        while (ea < in_n && !(wa = separator_at(in + in0, in_n, ea)))
            ea++;
        while (eb < u_n && u[u0 + eb] != '.')
            eb++;
        map_add(m, in0 + a, ea - a, u0 + b, eb - b,
                ea - a == eb - b && memcmp(in + in0 + a, u + u0 + b, eb - b) == 0);
        if (ea >= in_n || eb >= u_n)
            return;
        map_add(m, in0 + ea, wa, u0 + eb, 1, wa == 1);
        a = ea + wa;
        b = eb + 1;
    }
}

/* Maps [off, off + len) of one form to the other: from the Unicode form when `to_input`,
 * else from the input. An end inside an exact piece maps one to one, else to the piece's
 * own end; a place past every piece stays where it is (no map: the forms are one). */
static void map_span(const vmap *m, int to_input, size_t off, size_t len, size_t *o_off,
                     size_t *o_len)
{
    size_t ends[2] = {off, off + len}, out[2] = {off, off + len};
    for (int e = 0; e < 2; e++) {
        const size_t p = ends[e];
        for (size_t i = 0; i < m->n; i++) {
            const seg *x = &m->s[i];
            const size_t from = to_input ? x->u : x->in, n = to_input ? x->u_len : x->in_len;
            const size_t to = to_input ? x->in : x->u, tn = to_input ? x->in_len : x->u_len;
            /* a start belongs to the piece it begins in, an end to the piece it closes */
            const int inside = e == 0 ? (p >= from && p < from + n) || (p == from && n == 0)
                                      : (p > from && p <= from + n) || (p == from && n == 0);
            if (!inside)
                continue;
            out[e] = x->exact ? to + (p - from) : (e == 0 ? to : to + tn);
            break;
        }
    }
    if (out[1] < out[0])
        out[1] = out[0];
    *o_off = out[0];
    *o_len = len == 0 ? 0 : out[1] - out[0];
}

/* ---- The findings ----------------------------------------------------------------------- */

/* Where each step's findings go: appended from the bottom of the buffer, their places
 * turned into both forms. */
typedef struct collector {
    arena *a;
    ibidi_finding *first; /* the first one stored */
    size_t n, errors;
    const vmap *map;
    size_t base;  /* added to a step's offsets: where its text starts in its form */
    int in_input; /* the step's offsets count in the input, not in the Unicode form */
    int skip_host_bidi; /* leave out HOST_BIDI_RULE (ToASCII's B codes say it) */
    ibidi__code_set *codes;
} collector;

static void collect(void *ctx, const ibidi_finding *f)
{
    collector *c = ctx;
    if (c->skip_host_bidi && f->code == IBIDI_IRI_HOST_BIDI_RULE)
        return;
    ibidi_finding x = *f;
    x.rule = ibidi_code_message(f->code);
    x.offset += c->base;
    if (c->in_input) {
        x.input_offset = x.offset;
        x.input_length = x.length;
        map_span(c->map, 0, x.input_offset, x.input_length, &x.offset, &x.length);
    } else {
        map_span(c->map, 1, x.offset, x.length, &x.input_offset, &x.input_length);
    }
    ibidi_finding *p = arena_bottom(c->a, sizeof x);
    if (p)
        *p = x;
    if (c->n++ == 0)
        c->first = p;
    if (x.severity == IBIDI_SEVERITY_ERROR) {
        c->errors++;
        ibidi__code_set_add(c->codes, IBIDI_CODE_FINDING, x.code, x.input_offset, x.cp);
    }
}

/* A public call that fills an ibidi_findings: its array is the free space at the bottom,
 * and each one stored is then collected in place (so its places are turned too). */
typedef struct array_step {
    ibidi_findings f;
    size_t lo; /* the bottom before the call */
} array_step;

static void array_begin(collector *c, array_step *s)
{
    arena *a = c->a;
    s->lo = a->lo;
    s->f.n = s->f.errors = 0;
    s->f.items = arena_room(a, sizeof(ibidi_finding)) ? (ibidi_finding *)(void *)(a->base + a->lo)
                                                      : NULL;
    s->f.cap = s->f.items ? (a->cap - a->lo - a->hi) / sizeof(ibidi_finding) : 0;
}

/* (Only warnings come this way, the ambiguity's and RFC 5893 §3's: the findings that do
 * not fit are counted, and no reason is lost.) */
static void array_end(collector *c, array_step *s)
{
    arena *a = c->a;
    const size_t stored = s->f.n < s->f.cap ? s->f.n : s->f.cap;
    /* collect() appends at a->lo: rewind, then let each stored finding land where it is */
    a->lo = s->lo;
    for (size_t i = 0; i < stored; i++) {
        const ibidi_finding x = s->f.items[i];
        collect(c, &x);
    }
    for (size_t i = stored; i < s->f.n; i++) { /* not stored: counted all the same */
        a->lo += sizeof(ibidi_finding);
        c->n++;
    }
}

/* ---- The work area ------------------------------------------------------------------------ */

/* The longest Unicode form of a name: IDNA takes IBIDI_IDNA_MAX_CPS code points. */
#define UFORM_MAX (4 * (size_t)IBIDI_IDNA_MAX_CPS)
/* An A-label form: "xn--" and at most seven Punycode digits a code point (RFC 3492 §6.4's
 * overflow checks bound a delta by 2^32). */
#define AFORM_MAX (8 * (size_t)IBIDI_IDNA_MAX_CPS + 4 * (size_t)IBIDI_IDNA_MAX_CPS)

typedef struct work {
    char *uform;   /* the Unicode form, UFORM_MAX + len bytes */
    size_t uform_cap;
    char *scratch; /* an output read again, or copied: ToASCII's, a display's, an index */
    size_t scratch_cap;
    ibidi_iri_component *comps;
    size_t comps_cap;
    seg *segs;
    size_t segs_cap;
    void *shared; /* IDNA's, the ambiguity analysis's and the display's work areas, in turn */
    size_t shared_cap;
    void *run;    /* the verdict_run of ibidi_verdict_make */
    size_t total;
} work;

/* Room for the run's record (verdict_run, below; checked there): kept in the work area, so
 * that the steps' deep calls (the twin search, the display's proofs) have the stack. */
#define RUN_SIZE 4096

static size_t round_up(size_t n) { return ibidi__arena_round(n); }

static unsigned ambiguity_flags(const ibidi_verdict_options *o)
{
    return IBIDI_AMBIGUITY_RTL | ((o->flags & IBIDI_VERDICT_NO_EXACT) ? 0u : IBIDI_AMBIGUITY_EXACT);
}

/* The layout for len bytes; base NULL only measures. */
static int work_layout(work *w, char *base, size_t len, const ibidi_verdict_options *o)
{
    const size_t uform = UFORM_MAX + len;
    const size_t amb_len = uform < IBIDI_AMBIGUITY_MAX_BYTES ? uform : IBIDI_AMBIGUITY_MAX_BYTES;
    const size_t amb = ibidi_ambiguity_work_size(amb_len, ambiguity_flags(o));
    const size_t disp = ibidi_display_work_size(uform, 0);
    const size_t labels = len < IBIDI_IDNA_MAX_CPS ? len : IBIDI_IDNA_MAX_CPS;
    size_t shared = ibidi_idna_work_size();
    if (len > ((size_t)1 << 24) || amb == SIZE_MAX)
        return 0; /* far past the longest identifier the steps take */
    if (amb > shared)
        shared = amb;
    if (disp != SIZE_MAX && disp > shared)
        shared = disp;
    size_t at = 0;
    w->uform_cap = uform;
    w->uform = base ? base + at : NULL;
    at += round_up(uform);
    w->scratch_cap = AFORM_MAX + 4 * uform;
    w->scratch = base ? base + at : NULL;
    at += round_up(w->scratch_cap);
    w->comps_cap = len + 2;
    w->comps = base ? (ibidi_iri_component *)(void *)(base + at) : NULL;
    at += round_up(w->comps_cap * sizeof(ibidi_iri_component));
    w->segs_cap = 2 * labels + 8;
    w->segs = base ? (seg *)(void *)(base + at) : NULL;
    at += round_up(w->segs_cap * sizeof(seg));
    w->shared_cap = shared;
    w->shared = base ? base + at : NULL;
    at += round_up(shared);
    w->run = base ? base + at : NULL; /* the steps' own record, off the stack */
    at += round_up(RUN_SIZE);
    w->total = at + ALIGN - 1; /* any alignment of the caller's area */
    return 1;
}

static const ibidi_verdict_options zero_options = {IBIDI_IRI_AS_AUTO, 0, IBIDI_IDNA_PROFILE_UTS46,
                                                   IBIDI_UTS39_NO_LIMIT, NULL, NULL, 0};

size_t ibidi_verdict_work_size(size_t len, const ibidi_verdict_options *opts)
{
    work w;
    return work_layout(&w, NULL, len, opts ? opts : &zero_options) ? w.total : SIZE_MAX;
}

/* ---- The steps -------------------------------------------------------------------------- */

typedef struct verdict_run {
    const char *s;  /* the input judged (its root label set aside with FQDN) */
    size_t len;
    const ibidi_verdict_options *o;
    ibidi_idna_options idna; /* the profile, with the shared work area */
    ibidi_verdict *v;
    arena a;
    work w;
    vmap map;
    collector c;
    ibidi__code_set codes; /* the reasons: every error finding's code, and statuses */
    const char *u;         /* the Unicode form (w.uform) */
    size_t ulen;
    ibidi_span host_in, host_u; /* the domain name, or the host, in both forms */
    int has_host;
    ibidi_verdict_label *labels;
} verdict_run;

_Static_assert(sizeof(verdict_run) <= RUN_SIZE, "the work area holds the run's record");

/* An identifier that is none: its status and place, and the status as its reason. */
static void no_identifier(verdict_run *r, ibidi_status st, size_t offset, uint32_t value)
{
    r->v->error.status = st;
    r->v->error.offset = offset;
    r->v->error.value = value;
    ibidi__code_set_add(&r->codes, IBIDI_CODE_STATUS, (int)st, offset, value);
}

/* The labels of the host in both forms, from the map's pieces (a label piece is every
 * other one when the forms have as many labels; else the host is one piece, of as many
 * labels as its Unicode form has, each placed as the whole host in the input). */
static void make_labels(verdict_run *r, size_t first_seg, size_t end_seg)
{
    const char *u = r->u;
    const size_t u0 = r->host_u.start, un = r->host_u.length;
    size_t k = 0;
    for (size_t i = 0; i <= un; i++)
        k += i == un || u[u0 + i] == '.';
    if (un == 0)
        k = 0;
    r->v->n_labels = k;
    r->labels = arena_bottom(&r->a, round_up(k * sizeof(ibidi_verdict_label)));
    r->v->labels = r->labels;
    const int by_label = k > 0 && end_seg - first_seg == 2 * k - 1;
    for (size_t i = 0, start = 0, j = 0; j < k; i++) {
        if (i < un && u[u0 + i] != '.')
            continue;
        ibidi_verdict_label l;
        memset(&l, 0, sizeof l);
        l.unicode.start = u0 + start;
        l.unicode.length = i - start;
        l.unicode.present = 1;
        if (by_label) {
            const seg *x = &r->map.s[first_seg + 2 * j];
            l.input.start = x->in;
            l.input.length = x->in_len;
        } else {
            l.input = r->host_in;
        }
        l.input.present = 1;
        if (r->labels)
            r->labels[j] = l;
        j++;
        start = i + 1;
    }
}

/* UTS #39 §5.2 level and Badami's category of each label, on the Unicode form. */
static void fill_labels(verdict_run *r)
{
    if (!r->labels)
        return;
    for (size_t j = 0; j < r->v->n_labels; j++) {
        ibidi_verdict_label *l = &r->labels[j];
        const char *t = r->u + l->unicode.start;
        if (ibidi_uts39_level_utf8(t, l->unicode.length, &l->restriction, NULL) != IBIDI_OK)
            l->restriction = IBIDI_UTS39_NO_LIMIT;
        if (ibidi_ambiguity_label_category_utf8(t, l->unicode.length, &l->category, NULL) !=
            IBIDI_OK)
            l->category = IBIDI_AMBIGUITY_LABEL_NEUTRAL;
    }
}

/* The registry's script policy on the host (UTS #39 §5.2, §5.3). */
IBIDI__NOINLINE static void step_policy(verdict_run *r)
{
    const ibidi_uts39_options po = {r->o->max_restriction, 0};
    r->c.base = r->host_u.start;
    r->c.in_input = 0;
    /* by a function: its errors are the verdict's reasons, also when the buffer is full */
    ibidi_status st = ibidi__uts39_check_fn(r->u + r->host_u.start, r->host_u.length, &po,
                                            &r->v->restriction, collect, &r->c, NULL);
    r->c.base = 0;
    r->v->policy_status = st == IBIDI_E_UTS39_INVALID ? IBIDI_OK : st;
    if (r->v->policy_status == IBIDI_OK)
        r->v->ran |= IBIDI_VERDICT_RAN_POLICY;
}

/* Look-alikes on the host (UTS #39 §3.1, §4): the findings, then the skeletons. */
IBIDI__NOINLINE static void step_confusable(verdict_run *r)
{
    const char *h = r->u + r->host_u.start;
    const size_t hl = r->host_u.length;
    r->c.base = r->host_u.start;
    r->c.in_input = 0;
    ibidi_status st = ibidi__confusable_check_fn(h, hl, collect, &r->c, NULL);
    r->c.base = 0;
    r->v->confusable_status = st;
    if (st != IBIDI_OK)
        return;
    for (int k = 0; k < 3; k++) {
        ibidi_buf out = {r->w.scratch, r->w.scratch_cap, 0};
        st = k == 0 ? ibidi_confusable_skeleton_utf8(h, hl, &out, NULL)
                    : ibidi_confusable_bidi_skeleton_utf8(
                          h, hl, k == 1 ? IBIDI_DIR_LTR : IBIDI_DIR_RTL, &out, NULL);
        if (st != IBIDI_OK) {
            r->v->confusable_status = st;
            return;
        }
        const ibidi_verdict_text t = arena_text(&r->a, out.data, out.len);
        if (k == 0)
            r->v->skeleton = t;
        else
            r->v->bidi_skeleton[k - 1] = t;
    }
    r->v->ran |= IBIDI_VERDICT_RAN_CONFUSABLE;
}

/* The first label under the registry's LGR (RFC 7940 §8), and its two findings. */
IBIDI__NOINLINE static void step_lgr(verdict_run *r)
{
    ibidi_verdict_lgr *g = &r->v->lgr;
    const char *u = r->u;
    size_t n = 0;
    while (n < r->ulen && u[n] != '.')
        n++;
    ibidi_error e = {IBIDI_OK, 0, 0};
    g->run = 1;
    g->label = arena_text(&r->a, u, n);
    g->status = ibidi_lgr_check_utf8(r->o->lgr, u, n, &g->result, &e);
    g->error_offset = e.offset;
    if (g->status != IBIDI_OK)
        return;
    ibidi_finding f;
    memset(&f, 0, sizeof f);
    f.severity = IBIDI_SEVERITY_ERROR;
    f.part = 0;
    f.bidi_class = -1;
    if (!g->result.eligible && g->result.status == IBIDI_E_LGR_INVALID_DISPOSITION) {
        /* §8.1, §8.1.1: an action makes the whole label invalid; it keeps its index label */
        ibidi_buf idx = {r->w.scratch, r->w.scratch_cap, 0};
        if (ibidi_lgr_index_label_utf8(r->o->lgr, u, n, &idx, NULL) == IBIDI_OK)
            g->index = arena_text(&r->a, idx.data, idx.len);
        f.code = IBIDI_LGR_INELIGIBLE;
        f.offset = 0;
        f.length = n;
        f.detail = (int)g->result.status;
        collect(&r->c, &f);
        return;
    }
    if (!g->result.eligible) {
        /* §8.1: the code point that is outside the repertoire or out of its context */
        size_t at = 0, pos = 0;
        uint32_t cp = 0;
        for (size_t k = 0; k < g->result.offset && pos < n; k++)
            (void)ibidi_utf8_next(u, n, &pos, &cp, NULL);
        at = pos;
        if (pos < n)
            (void)ibidi_utf8_next(u, n, &pos, &cp, NULL);
        f.code = IBIDI_LGR_INELIGIBLE;
        f.offset = at;
        f.length = pos - at;
        f.cp = g->result.cp;
        f.detail = (int)g->result.status;
        collect(&r->c, &f);
        return;
    }
    ibidi_buf idx = {r->w.scratch, r->w.scratch_cap, 0};
    if (ibidi_lgr_index_label_utf8(r->o->lgr, u, n, &idx, NULL) == IBIDI_OK)
        g->index = arena_text(&r->a, idx.data, idx.len);
    if (!g->result.registrable) { /* §8.3, §7.3: invalid or blocked */
        f.code = IBIDI_LGR_NOT_REGISTRABLE;
        f.offset = 0;
        f.length = n;
        f.detail = (int)g->result.action;
        collect(&r->c, &f);
    }
}

/* RFC 5893 §3 on the Unicode form of a domain name. */
IBIDI__NOINLINE static void step_rfc5893(verdict_run *r)
{
    array_step s;
    ibidi_error e;
    array_begin(&r->c, &s);
    r->v->rfc5893_status = ibidi_rfc5893_check_name_utf8(r->u, r->ulen, NULL, &s.f, NULL, &e);
    array_end(&r->c, &s);
    if (r->v->rfc5893_status == IBIDI_OK)
        r->v->ran |= IBIDI_VERDICT_RAN_RFC5893;
}

/* Badami's analysis and the twin search, both paragraph directions, on the Unicode form. */
IBIDI__NOINLINE static void step_ambiguity(verdict_run *r)
{
    ibidi_ambiguity_options ao;
    array_step s;
    memset(&ao, 0, sizeof ao);
    ao.as = r->v->kind;
    ao.flags = ambiguity_flags(r->o);
    ao.idna.profile = r->o->profile;
    ao.work = r->w.shared;
    ao.work_size = r->w.shared_cap;
    array_begin(&r->c, &s);
    r->v->ambiguity_status = ibidi_ambiguity_analyze(r->u, r->ulen, &ao, &s.f, NULL);
    array_end(&r->c, &s);
    if (r->v->ambiguity_status == IBIDI_OK)
        r->v->ran |= IBIDI_VERDICT_RAN_AMBIGUITY;
}

/* The visual form in both paragraph directions. */
IBIDI__NOINLINE static void step_display(verdict_run *r)
{
    ibidi_display_options d;
    memset(&d, 0, sizeof d);
    d.as = r->v->kind;
    d.form = IBIDI_DISPLAY_FORM_VISUAL;
    d.work = r->w.shared;
    d.work_size = r->w.shared_cap;
    for (int k = 0; k < 2; k++) {
        ibidi_buf out = {r->w.scratch, r->w.scratch_cap, 0};
        d.context = k ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
        const ibidi_status st = ibidi_display_utf8(r->u, r->ulen, &d, &out, NULL);
        if (st != IBIDI_OK) {
            r->v->display_status = st;
            return;
        }
        r->v->display[k] = arena_text(&r->a, out.data, out.len);
    }
    r->v->ran |= IBIDI_VERDICT_RAN_DISPLAY;
}

/* The verdict of one profile (or the per-label Bidi Rule) on a domain name: ToASCII's
 * error codes. */
IBIDI__NOINLINE static void step_profile(verdict_run *r, int p)
{
    ibidi_verdict_profile *vp = &r->v->profiles[p];
    ibidi__code_set set;
    ibidi__code_set_idna x = {&set, 0, (size_t)-1};
    ibidi_idna_options io = r->idna;
    ibidi_error e = {IBIDI_OK, 0, 0};
    size_t out_len = 0;
    char codes[1024];
    if (p == IBIDI_VERDICT_PER_LABEL) {
        io.profile = r->o->profile;
        io.add = IBIDI_IDNA_BIDI_PER_LABEL;
    } else {
        io.profile = (ibidi_idna_profile)p;
    }
    ibidi__code_set_init(&set);
    ibidi_status st = ibidi__idna_utf8_fn(r->s, r->len, &io, 1, r->w.scratch, r->w.scratch_cap,
                                          &out_len, ibidi__code_set_idna_fn, &x, &e);
    if (st == IBIDI_E_BUFFER_TOO_SMALL) /* not reached: the scratch holds any A-label form */
        st = set.any ? IBIDI_E_IDNA_INVALID : IBIDI_OK;
    vp->status = st;
    vp->error_offset = e.offset;
    vp->valid = st == IBIDI_OK;
    if (st == IBIDI_OK || st == IBIDI_E_IDNA_INVALID) {
        const size_t n = ibidi__code_set_format(&set, codes, sizeof codes);
        vp->codes = arena_text(&r->a, codes, n <= sizeof codes ? n : 0);
    }
}

/* A domain name: ToUnicode for the form, ToASCII for the verdict (as `ibidi to-ascii` and
 * `ibidi scan` give it), then the rest on the form. */
IBIDI__NOINLINE static void judge_domain(verdict_run *r)
{
    ibidi_verdict *v = r->v;
    ibidi_error e = {IBIDI_OK, 0, 0};
    size_t ulen = 0, alen = 0;
    v->kind = IBIDI_IRI_AS_DOMAIN;
    for (int p = 0; p < IBIDI_VERDICT_PROFILES; p++)
        step_profile(r, p);
    ibidi_status st = ibidi__idna_utf8_fn(r->s, r->len, &r->idna, 0, r->w.uform, r->w.uform_cap,
                                          &ulen, NULL, NULL, &e);
    if (st == IBIDI_E_IDNA_TOO_LONG) {
        /* no form (over IBIDI_IDNA_MAX_CPS code points): the name as written stands in,
           as in the scan, and ToASCII below still decides the validity: under whatwg a
           long ASCII name is valid (no VerifyDnsLength), as `ibidi to-ascii` says */
        memcpy(r->w.uform, r->s, r->len);
        ulen = r->len;
    } else if (st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID) {
        no_identifier(r, st, e.offset, e.value);
        return;
    }
    r->u = r->w.uform;
    r->ulen = ulen;
    v->unicode = arena_text(&r->a, r->u, ulen);
    r->host_in.start = r->host_u.start = 0;
    r->host_in.length = r->len;
    r->host_u.length = ulen;
    r->host_in.present = r->host_u.present = r->has_host = 1;
    map_host(&r->map, r->s, 0, r->len, r->u, 0, ulen);
    make_labels(r, 0, r->map.n);
    /* ToASCII under the profile: the validity and the IDNA findings; under the URL
     * Standard an ASCII name is only lowercased, and its findings count in the name */
    int ascii = 1;
    for (size_t i = 0; i < r->len && ascii; i++)
        ascii = (unsigned char)r->s[i] < 0x80;
    r->c.in_input = ascii && (ibidi_idna_options_flags(&r->idna) & IBIDI_IDNA_URL_HOST);
    st = ibidi__idna_utf8_fn(r->s, r->len, &r->idna, 1, r->w.scratch, r->w.scratch_cap, &alen,
                             collect, &r->c, &e);
    r->c.in_input = 0;
    if (st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID) {
        no_identifier(r, st, e.offset, e.value); /* IDNA_TOO_LONG, ToUnicode's too */
        return;
    }
    v->ascii = arena_text(&r->a, r->w.scratch, alen);
    step_policy(r);
    step_confusable(r);
    fill_labels(r);
    if (r->o->lgr)
        step_lgr(r);
    int bidi = 0;
    if (ibidi_idna_bidi_rule_utf8(r->u, r->ulen, 0, NULL, &bidi, NULL) != IBIDI_E_IDNA_TOO_LONG)
        v->bidi_domain_name = bidi;
    step_rfc5893(r);
    step_ambiguity(r);
    step_display(r);
}

/* An IRI or a mail address: the parse, its host's ToUnicode for the form, then the
 * validity of ibidi_iri_validate (ToASCII of the host, the component rules) and the rest. */
IBIDI__NOINLINE static void judge_ident(verdict_run *r, ibidi_iri_kind kind)
{
    ibidi_verdict *v = r->v;
    ibidi_iri_components comps = {r->w.comps, r->w.comps_cap, 0};
    ibidi_iri_info info;
    ibidi_error e = {IBIDI_OK, 0, 0};
    v->kind = kind;
    ibidi_status st = ibidi_iri_parse(r->s, r->len, kind, &comps, &info, &e);
    if (st != IBIDI_OK) { /* the components always fit: at most len + 2 */
        no_identifier(r, st, e.offset, e.value);
        return;
    }
    /* the Unicode form: the host by its ToUnicode form */
    size_t hlen = 0, at = 0;
    const int host = ibidi__validity_host(&info);
    ibidi_status hst = IBIDI_E_INVALID_ARGUMENT;
    if (host) {
        memcpy(r->w.uform, r->s, info.host.start);
        hst = ibidi__idna_utf8_fn(r->s + info.host.start, info.host.length, &r->idna, 0,
                                  r->w.uform + info.host.start,
                                  r->w.uform_cap - r->len, &hlen, NULL, NULL, NULL);
    }
    if (host && (hst == IBIDI_OK || hst == IBIDI_E_IDNA_INVALID)) {
        const size_t tail = r->len - info.host.start - info.host.length;
        at = info.host.start + hlen;
        memcpy(r->w.uform + at, r->s + info.host.start + info.host.length, tail);
        r->ulen = at + tail;
        r->host_in = info.host;
        r->host_u.start = info.host.start;
        r->host_u.length = hlen;
        r->host_u.present = 1;
        r->has_host = 1;
        map_add(&r->map, 0, info.host.start, 0, info.host.start, 1);
        const size_t first = r->map.n;
        map_host(&r->map, r->s, info.host.start, info.host.length, r->w.uform,
                 info.host.start, hlen);
        const size_t end = r->map.n;
        map_add(&r->map, info.host.start + info.host.length, tail, at, tail, 1);
        r->u = r->w.uform;
        make_labels(r, first, end);
    } else {
        memcpy(r->w.uform, r->s, r->len);
        r->u = r->w.uform;
        r->ulen = r->len;
        map_add(&r->map, 0, r->len, 0, r->len, 1);
        if (host) { /* ToUnicode gives no form (IDNA_TOO_LONG): the host as written */
            r->host_in = r->host_u = info.host;
            r->has_host = 1;
            make_labels(r, r->map.n, r->map.n);
        }
    }
    v->unicode = arena_text(&r->a, r->u, r->ulen);
    /* 1. IDNA: ToASCII of the host as written, its findings placed in the host's form */
    if (host) {
        size_t alen = 0;
        r->c.base = r->host_u.start;
        hst = ibidi__idna_utf8_fn(r->s + info.host.start, info.host.length, &r->idna, 1,
                                  r->w.scratch, r->w.scratch_cap, &alen, collect, &r->c, &e);
        r->c.base = 0;
        if (hst != IBIDI_OK && hst != IBIDI_E_IDNA_INVALID && hst != IBIDI_E_BUFFER_TOO_SMALL)
            /* IDNA_TOO_LONG: a reason of ibidi_iri_validate's, not a finding */
            ibidi__code_set_add(&r->codes, IBIDI_CODE_STATUS, (int)hst,
                                info.host.start + (e.offset < info.host.length ? e.offset : 0),
                                e.value);
    }
    /* 2. the component rules, on the identifier as written (RFC 3987 §4.2, the 2012
     * guidelines §3, Duerst 2001 §5 on request); the host's Bidi Rule is IDNA's above */
    const ibidi_iri_options io = {kind,
                                  (r->o->flags & IBIDI_VERDICT_DUERST2001) ? IBIDI_IRI_DUERST2001
                                                                           : 0u,
                                  r->idna};
    r->c.in_input = 1;
    r->c.skip_host_bidi = 1;
    (void)ibidi__iri_check_fn(r->s, r->len, comps.items, comps.n, ibidi__iri_check_bits(&io),
                              collect, &r->c, NULL);
    r->c.in_input = 0;
    r->c.skip_host_bidi = 0;
    if (r->has_host) {
        step_policy(r);
        step_confusable(r);
        fill_labels(r);
        int bidi = 0;
        if (ibidi_idna_bidi_rule_utf8(r->u + r->host_u.start, r->host_u.length, 0, NULL, &bidi,
                                      NULL) != IBIDI_E_IDNA_TOO_LONG)
            v->bidi_domain_name = bidi;
    }
    step_ambiguity(r);
    step_display(r);
}

/* The reasons, in the one order of codes, into the record (a frame of its own: its buffer
 * is not on the stack while the steps run). */
IBIDI__NOINLINE static void put_codes(verdict_run *r)
{
    char codes[IBIDI__CODE_SET_MAX * 32];
    const size_t n = ibidi__code_set_format(&r->codes, codes, sizeof codes);
    r->v->codes = arena_text(&r->a, codes, n <= sizeof codes ? n : 0);
}

/* What the input is: a scheme or "/", "?", "#" an IRI, else "@" a mail address (as
 * ibidi_iri_parse decides). */
IBIDI__NOINLINE static ibidi_iri_kind decide_kind(const char *s, size_t len)
{
    ibidi_iri_components none = {NULL, 0, 0};
    ibidi_iri_info info;
    ibidi_status pst = ibidi_iri_parse(s, len, IBIDI_IRI_AS_AUTO, &none, &info, NULL);
    return pst == IBIDI_OK || pst == IBIDI_E_BUFFER_TOO_SMALL ? info.kind : IBIDI_IRI_AS_DOMAIN;
}

ibidi_status ibidi_verdict_make(const char *s, size_t len, const ibidi_verdict_options *opts,
                                void *buf, size_t cap, ibidi_verdict *v)
{
    const ibidi_verdict_options *o = opts ? opts : &zero_options;
    work w;
    if (!v)
        return IBIDI_E_INVALID_ARGUMENT;
    memset(v, 0, sizeof *v);
    if ((!s && len) || (!buf && cap) || (unsigned)o->as > IBIDI_IRI_AS_EMAIL ||
        (o->flags & ~(IBIDI_VERDICT_FQDN | IBIDI_VERDICT_DUERST2001 | IBIDI_VERDICT_NO_EXACT)) ||
        ibidi_idna_profile_flags(o->profile) == ~0u ||
        (unsigned)o->max_restriction > IBIDI_UTS39_UNRESTRICTED)
        return IBIDI_E_INVALID_ARGUMENT;
    if (!work_layout(&w, NULL, len, o))
        return IBIDI_E_TOO_LONG;
    const uintptr_t wp = (uintptr_t)o->work, skip = (ALIGN - wp % ALIGN) % ALIGN;
    if (!o->work || o->work_size < w.total)
        return IBIDI_E_VERDICT_WORK_TOO_SMALL;
    (void)work_layout(&w, (char *)o->work + skip, len, o);
    verdict_run *r = w.run;
    memset(r, 0, sizeof *r);
    r->w = w;
    r->o = o;
    r->v = v;
    r->s = s;
    r->len = len;
    r->idna.profile = o->profile;
    r->idna.work = r->w.shared;
    r->idna.work_size = r->w.shared_cap;
    r->map.s = r->w.segs;
    r->map.cap = r->w.segs_cap;
    arena_init(&r->a, buf, cap);
    ibidi__code_set_init(&r->codes);
    r->c.a = &r->a;
    r->c.map = &r->map;
    r->c.codes = &r->codes;
    v->profile = o->profile;
    v->restriction = IBIDI_UTS39_NO_LIMIT;
    v->max_restriction = o->max_restriction;

    ibidi_status st = ibidi_utf8_validate(s, len, NULL, &v->error);
    ibidi_iri_kind kind = o->as;
    if (st != IBIDI_OK) {
        no_identifier(r, st, v->error.offset, v->error.value);
        v->kind = kind == IBIDI_IRI_AS_AUTO ? IBIDI_IRI_AS_DOMAIN : kind;
    } else {
        if (kind == IBIDI_IRI_AS_AUTO)
            kind = decide_kind(s, len);
        if (kind == IBIDI_IRI_AS_DOMAIN && (o->flags & IBIDI_VERDICT_FQDN)) {
            r->len = ibidi_idna_strip_root(s, len);
            v->fqdn = r->len != len;
        }
        if (kind == IBIDI_IRI_AS_DOMAIN)
            judge_domain(r);
        else
            judge_ident(r, kind);
    }
    v->input_len = r->len;
    v->findings = r->c.first;
    v->n_findings = r->c.n;
    v->n_errors = r->c.errors;
    v->valid = !r->codes.any && v->error.status == IBIDI_OK;
    put_codes(r);
    v->needed = arena_needed(&r->a);
    return arena_room(&r->a, 0) ? IBIDI_OK : IBIDI_E_BUFFER_TOO_SMALL;
}
