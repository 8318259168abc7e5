/*
 * Unicode normalization forms NFC, NFD, NFKC and NFKD (UAX #15, Unicode 17.0 §3.11).
 *
 * The input is read as a stream of fully decomposed code points (D68, D62 for the
 * compatibility forms) taken from the tables of ucd.h. Every maximal run of non-starters
 * is put in canonical order (D109) and, for NFC and NFKC, fed to the canonical
 * composition algorithm (D117): the last starter L is held back together with the marks
 * that did not combine with it, because a later mark (or, with no mark in between, a later
 * starter) may still replace L by a primary composite.
 *
 * Text that the quick check (UAX #15 §9) accepts is copied as it stands, cut at stable
 * characters (starters with Quick_Check = Yes, see busy_mask), where normalization may cut
 * the text; only the rest goes through the algorithm above. For NFC and NFKC the last
 * stable character of such a span is L, taken whole; it is decomposed after all when
 * what follows could combine with its marks.
 *
 * No allocation, no global state, any input: a run of up to RUN_CAP non-starters is
 * sorted in a stack buffer. A longer run is never buffered: the input is random access,
 * so the run is read again once per distinct combining class present in it (at most 255,
 * about 60 in practice), which delivers its marks in canonical order in linear time. For
 * the composition forms this ordered replay is done twice: once to find what L finally
 * becomes (and whether any mark is left), once more to write the marks that stay.
 *
 * The caller's buffer receives as much as fits; the size of the complete result is always
 * counted to the end, so the output record's len is exact even when IBIDI_E_BUFFER_TOO_SMALL
 * is returned.
 */
#include <stdlib.h>
#include <string.h>

#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "ibidi/normalize.h"
#include "unicode/ucd.h"
#include "unicode/utf8_internal.h"

/* Non-starters sorted in a buffer on the stack; longer runs are replayed (see above). */
#define RUN_CAP 64

/* ------------------------------------------------------------------ UTF-8 input */

/* Small helpers of the hot loops, and the loops specialized by form: inlined even where
 * the compiler would not on its own (the macro of utf8_internal.h). */
#define ALWAYS_INLINE IBIDI__ALWAYS_INLINE

/* ------------------------------------------------------------------ per-form constants */

/* Below these code points every character is stable in the form (a starter with
 * Quick_Check = Yes): U+0300 is the first combining mark (NFC), U+00C0 the first canonical
 * decomposition (NFD), U+00A0 the first compatibility decomposition (NFKC, NFKD). Every
 * code point below U+0300 is assigned (since Unicode 5.0), so the normalization stability
 * policy keeps this true in later versions; tests/test_normalization.c checks it on the
 * tables.
 * The quick check and the copy of stable text skip the table lookup below them. */
const uint32_t ibidi__nf_stable_below[4] = {0x300, 0xC0, 0xA0, 0xA0};

/* The bits of ibidi__norm_info that make a character not stable in the form: its
 * combining class and its Quick_Check field. A character with none of them set is a
 * starter that is in the form by itself and never combines with what precedes it
 * (Quick_Check = Yes, UAX #15 §9): text can be cut before it, and it can be copied as is
 * when the character after it is stable too. */
static uint32_t busy_mask(ibidi_normalize_form form)
{
    switch (form) {
    case IBIDI_NORMALIZE_NFC: return 0xFFu | (3u << 8);
    case IBIDI_NORMALIZE_NFKC: return 0xFFu | (3u << 10);
    case IBIDI_NORMALIZE_NFD: return 0xFFu | IBIDI__NI_NFD_NO;
    default: return 0xFFu | IBIDI__NI_NFKD_NO;
    }
}

/* Where the form's Quick_Check value sits in ibidi__norm_info (see ucd.h): NFC and NFKC
 * have Yes/No/Maybe, NFD and NFKD a single "No" bit, which reads as IBIDI_NORMALIZE_NO (1). */
static void qc_field(ibidi_normalize_form form, unsigned *shift, uint32_t *mask)
{
    switch (form) {
    case IBIDI_NORMALIZE_NFC: *shift = 8; *mask = 3; break;
    case IBIDI_NORMALIZE_NFKC: *shift = 10; *mask = 3; break;
    case IBIDI_NORMALIZE_NFD: *shift = 12; *mask = 1; break;
    default: *shift = 13; *mask = 1; break;
    }
}

/* Only characters with NFC_Quick_Check = Maybe occur as the second character of a
 * primary composite (checked by the tests), so only those need ibidi__compose. */
#define MAY_COMBINE_BACK(ni) (IBIDI__NI_NFC_QC(ni) == IBIDI_NORMALIZE_MAYBE)

/* ------------------------------------------------------------------ decomposed input */

/* A cursor over the input (UTF-8 or code points) that delivers the full decomposition
 * of each character, one code point at a time, with its ibidi__norm_info. A position in
 * this stream is (index of a character in the input, index within its decomposition). */
typedef struct nsrc {
    const unsigned char *u8; /* UTF-8 input, or NULL */
    const uint32_t *u32;     /* code point input, or NULL */
    size_t len;              /* input length in its units */
    size_t pos;              /* next input unit to decode */
    size_t cur;              /* where the character last decoded starts */
    uint32_t dmask;          /* IBIDI__NI_NFD_NO or IBIDI__NI_NFKD_NO */
    int compat;              /* decompose with compatibility mappings (NFKD, NFKC) */
    unsigned dn, di;         /* decomposition of the character at cur: dec[di..dn) pending */
    uint32_t dec[IBIDI_UNICODE_MAX_DECOMPOSITION];
    ibidi_status st; /* the error, when a read returned -1 */
    size_t err_off;
    uint32_t err_val;
} nsrc;

static void src_init(nsrc *s, ibidi_normalize_form form, const unsigned char *u8, const uint32_t *u32,
                     size_t len)
{
    s->u8 = u8;
    s->u32 = u32;
    s->len = len;
    s->pos = s->cur = 0;
    s->compat = form == IBIDI_NORMALIZE_NFKC || form == IBIDI_NORMALIZE_NFKD;
    s->dmask = s->compat ? IBIDI__NI_NFKD_NO : IBIDI__NI_NFD_NO;
    s->dn = s->di = 0;
    s->st = IBIDI_OK;
    s->err_off = 0;
    s->err_val = 0;
}

static int src_fail(nsrc *s, ibidi_status st, size_t off, uint32_t val)
{
    s->st = st;
    s->err_off = off;
    s->err_val = val;
    return -1;
}

/* Decodes the character at input index p (p < len) into *v; *q gets the index after it.
 * Returns 1, or -1 for ill-formed input (s->st says why). */
static inline int src_decode(nsrc *s, size_t p, uint32_t *v, size_t *q)
{
    if (s->u32) {
        uint32_t c = s->u32[p];
        if (c - 0xD800u < 0x800u)
            return src_fail(s, IBIDI_E_CP_SURROGATE, p, c);
        if (c > 0x10FFFFu)
            return src_fail(s, IBIDI_E_CP_TOO_LARGE, p, c);
        *v = c;
        *q = p + 1;
        return 1;
    } else {
        unsigned b = s->u8[p];
        ibidi_status st;
        size_t k;
        if (b < 0x80) {
            *v = b;
            *q = p + 1;
            return 1;
        }
        k = ibidi__utf8_decode_fast(s->u8 + p, s->len - p, v, &st);
        if (!k)
            return src_fail(s, st, p, b);
        *q = p + k;
        return 1;
    }
}

/* Starts delivering character v (norm info nv), just decoded at s->cur: its first code
 * point of the full decomposition (D68; D62 for the compatibility forms), or v itself. */
static inline void src_expand(nsrc *s, uint32_t v, uint32_t nv, uint32_t *cp, uint32_t *ni)
{
    s->dn = s->di = 0;
    if (nv & s->dmask) { /* NFD_QC/NFKD_QC = No: the character has a decomposition */
        size_t n = ibidi__full_decomposition(v, s->compat, s->dec);
        if (n) {
            s->dn = (unsigned)n;
            s->di = 1;
            v = s->dec[0];
            nv = ibidi__norm_info(v);
        }
    }
    *cp = v;
    *ni = nv;
}

/* Next code point of the decomposed stream and its ibidi__norm_info. Returns 1, 0 at the
 * end of the input, -1 for ill-formed input. */
static inline int src_next(nsrc *s, uint32_t *cp, uint32_t *ni)
{
    uint32_t v;
    size_t q;
    if (s->di < s->dn) {
        v = s->dec[s->di++];
        *cp = v;
        *ni = ibidi__norm_info(v);
        return 1;
    }
    if (s->pos >= s->len)
        return 0;
    if (src_decode(s, s->pos, &v, &q) < 0)
        return -1;
    s->cur = s->pos;
    s->pos = q;
    /* ASCII: starters without decomposition, Quick_Check Yes (see ibidi__nf_stable_below) */
    src_expand(s, v, v < 0x80 ? 0 : ibidi__norm_info(v), cp, ni);
    return 1;
}

/* Stream position of the code point src_next returned last. */
static inline void src_tell(const nsrc *s, size_t *idx, unsigned *sub)
{
    *idx = s->cur;
    *sub = s->di ? s->di - 1 : 0;
}

/* Moves to a position given by src_tell (or (len, 0), the end); the input up to there
 * was read before, so this cannot fail. */
static void src_seek(nsrc *s, size_t idx, unsigned sub)
{
    uint32_t c, ni;
    s->pos = idx;
    s->dn = s->di = 0;
    if (sub) {
        (void)src_next(s, &c, &ni);
        s->di = sub;
    }
}

/* ------------------------------------------------------------------ output */

enum { SINK_U8, SINK_U32, SINK_CMP };

/* Where the normalized code points go: UTF-8 or code points into a caller buffer, or
 * (SINK_CMP) a comparison with UTF-8 text. n counts the complete result. Stable input
 * that stays as it is arrives as ranges of the input [vs, ve), kept pending so that
 * neighbouring ranges are copied with one memcpy. */
typedef struct sink {
    int kind;
    unsigned char *u8;          /* SINK_U8 */
    uint32_t *u32;              /* SINK_U32 */
    const unsigned char *ref;   /* SINK_CMP: the text compared with, cap bytes */
    const unsigned char *src8;  /* the input, for verbatim ranges (SINK_U8, SINK_CMP) */
    const uint32_t *src32;      /* the input, for verbatim ranges (SINK_U32) */
    size_t cap, n;
    size_t vs, ve; /* pending verbatim range of the input */
    int stop;      /* no need to go on: a difference (SINK_CMP) or size_t overflow */
    int too_long;  /* the size does not fit in size_t */
} sink;

static void sink_init(sink *o, int kind, size_t cap)
{
    memset(o, 0, sizeof *o);
    o->kind = kind;
    o->cap = cap;
}

static void sink_bytes(sink *o, const unsigned char *b, size_t m)
{
    if (o->n <= o->cap && m <= o->cap - o->n) {
        if (o->kind == SINK_U8)
            memcpy(o->u8 + o->n, b, m);
        else if (memcmp(o->ref + o->n, b, m) != 0)
            o->stop = 1;
    } else if (o->kind == SINK_CMP) {
        o->stop = 1; /* longer than the text compared with */
    } else if (m > SIZE_MAX - o->n) {
        o->too_long = o->stop = 1;
        return;
    }
    o->n += m; /* counted also when it does not fit: the record's len is the complete size */
}

/* Writes the pending verbatim range. */
static void sink_flush(sink *o)
{
    size_t m = o->ve - o->vs;
    if (m == 0)
        return;
    if (o->kind == SINK_U32) {
        if (m > SIZE_MAX - o->n) {
            o->too_long = o->stop = 1;
        } else {
            if (o->n <= o->cap && m <= o->cap - o->n)
                memcpy(o->u32 + o->n, o->src32 + o->vs, m * sizeof *o->u32);
            o->n += m;
        }
    } else if (o->kind == SINK_CMP && o->n == o->vs) {
        o->n += m; /* the same bytes at the same place */
    } else {
        sink_bytes(o, o->src8 + o->vs, m);
    }
    o->vs = o->ve;
}

/* Input [s, e) goes to the output unchanged. */
static inline void sink_verbatim(sink *o, size_t s, size_t e)
{
    if (s == e)
        return;
    if (o->ve != s) {
        sink_flush(o);
        o->vs = s;
    }
    o->ve = e;
}

static inline void sink_put(sink *o, uint32_t c)
{
    unsigned char b[4];
    size_t m;
    if (o->ve != o->vs)
        sink_flush(o);
    if (o->kind == SINK_U32) {
        if (o->n < o->cap) {
            o->u32[o->n] = c;
        } else if (o->n == SIZE_MAX) {
            o->too_long = o->stop = 1;
            return;
        }
        o->n++;
        return;
    }
    if (c < 0x80) {
        b[0] = (unsigned char)c;
        m = 1;
    } else {
        m = ibidi_utf8_encode_cp(c, (char *)b); /* c is a scalar value: 2..4 */
    }
    sink_bytes(o, b, m);
}

/* ------------------------------------------------------------------ the algorithm */

/* Composer state: the last starter L (D117 R1), held back until nothing can combine
 * with it any more. When L is an input character taken whole (stable, not decomposed),
 * l_raw is set and [l_s, l_e) is where it is, so that it can be copied as it stands. */
typedef struct composer {
    int compose; /* NFC, NFKC */
    int have_l;
    uint32_t l;
    int l_raw;
    size_t l_s, l_e;
} composer;

static inline void emit_l(composer *cm, sink *out)
{
    if (!cm->have_l)
        return;
    if (cm->l_raw)
        sink_verbatim(out, cm->l_s, cm->l_e);
    else
        sink_put(out, cm->l);
    cm->have_l = 0;
}

/* rk[]: combining class, and this flag when the mark may combine with a preceding starter */
#define RK_MAYBE 0x100u

/* A run of rn <= RUN_CAP non-starters that ended: canonical ordering (D109, a stable
 * sort by combining class), then for the composition forms D117 R1/R2 against L. Marks
 * that do not combine stay in r[0..wn) (returned) behind L; without composition, or with
 * no starter before them, the marks are final and written at once. */
static unsigned flush_run(uint32_t *r, uint16_t *rk, unsigned rn, composer *cm, sink *out)
{
    unsigned wn = 0, last = 0;
    for (unsigned i = 1; i < rn; i++) { /* insertion sort: stable, O(n) on sorted runs */
        uint32_t c = r[i];
        uint16_t k = rk[i];
        unsigned j = i;
        while (j > 0 && (rk[j - 1] & 0xFFu) > (k & 0xFFu)) {
            r[j] = r[j - 1];
            rk[j] = rk[j - 1];
            j--;
        }
        r[j] = c;
        rk[j] = k;
    }
    if (!cm->compose || !cm->have_l) {
        for (unsigned i = 0; i < rn; i++)
            sink_put(out, r[i]);
        return 0;
    }
    for (unsigned i = 0; i < rn; i++) {
        unsigned k = rk[i] & 0xFFu;
        /* D117: C is blocked from L when a remaining mark between them has the same or
         * a higher class; marks arrive in ascending order, so only the last one matters. */
        if (last < k && (rk[i] & RK_MAYBE)) {
            uint32_t p = ibidi__compose(cm->l, r[i]);
            if (p) {
                cm->l = p;
                cm->l_raw = 0;
                continue;
            }
        }
        r[wn] = r[i];
        rk[wn] = rk[i];
        wn++;
        last = k;
    }
    return wn;
}

/* One replay of a long run: its n non-starters from stream position (idx, sub),
 * delivered class by class (ascending) and, within a class, in input order, which is
 * canonical order. With compose, applies D117 R1/R2 against l and returns what l becomes;
 * with emit, writes the marks that do not combine. *last_out gets the class of the last
 * mark left (0: every mark combined). */
static uint32_t replay_run(const nsrc *proto, size_t idx, unsigned sub, size_t n,
                           const uint64_t set[4], int compose, uint32_t l, sink *out, int emit,
                           unsigned *last_out)
{
    nsrc t = *proto;
    unsigned last = 0;
    for (unsigned k = 1; k < 256; k++) {
        if (!((set[k >> 6] >> (k & 63u)) & 1u))
            continue;
        src_seek(&t, idx, sub);
        for (size_t i = 0; i < n; i++) {
            uint32_t c = 0, ni = 0;
            if (src_next(&t, &c, &ni) <= 0)
                break; /* cannot happen: the scan read these before */
            if (IBIDI__NI_CCC(ni) != k)
                continue;
            if (compose && last < k && MAY_COMBINE_BACK(ni)) {
                uint32_t p = ibidi__compose(l, c);
                if (p) {
                    l = p;
                    continue;
                }
            }
            last = k;
            if (emit)
                sink_put(out, c);
        }
    }
    *last_out = last;
    return l;
}

/* A run of more than RUN_CAP non-starters starting at stream position (idx, sub), with
 * no mark pending behind L. Finds the run's end and the classes in it, writes the run in
 * canonical order (composed with L for NFC/NFKC), and leaves the cursor at the starter
 * that ends the run. Linear: one scan plus one (two when composing) read per class. */
static int long_run(nsrc *in, size_t idx, unsigned sub, composer *cm, sink *out)
{
    nsrc t = *in;
    uint64_t set[4] = {0, 0, 0, 0};
    size_t n = 0, end_idx;
    unsigned end_sub, last;
    uint32_t c = 0, ni = 0;
    int g;

    src_seek(&t, idx, sub);
    for (;;) {
        unsigned k;
        g = src_next(&t, &c, &ni);
        if (g < 0) {
            in->st = t.st;
            in->err_off = t.err_off;
            in->err_val = t.err_val;
            return -1;
        }
        k = IBIDI__NI_CCC(ni);
        if (g == 0 || k == 0)
            break;
        set[k >> 6] |= UINT64_C(1) << (k & 63u);
        n++;
    }
    if (g == 0) {
        end_idx = t.len;
        end_sub = 0;
    } else {
        src_tell(&t, &end_idx, &end_sub);
    }

    if (cm->compose && cm->have_l) {
        uint32_t l0 = cm->l;
        uint32_t fl = replay_run(in, idx, sub, n, set, 1, l0, out, 0, &last);
        if (fl != l0) {
            cm->l = fl;
            cm->l_raw = 0;
        }
        if (last != 0) {
            /* Marks remain, so nothing after the run can reach L: write L as it ends up,
             * then replay the same decisions to write the marks that stay. */
            emit_l(cm, out);
            (void)replay_run(in, idx, sub, n, set, 1, l0, out, 1, &last);
        } /* else every mark combined: L stays open for the next starter */
    } else {
        (void)replay_run(in, idx, sub, n, set, 0, 0, out, 1, &last);
    }
    src_seek(in, end_idx, end_sub);
    return 0;
}

/* A span of text already in the form, from input index p where a stable character
 * (see busy_mask) starts: the quick check (UAX #15 §9) says Yes all along, i.e. stable
 * characters and non-starters with Quick_Check Yes in canonical order. Since normalization
 * can cut the text before a stable character, the span is final up to its last stable
 * character, and to its end when the input ends. */
typedef struct span {
    size_t end;      /* where it ends */
    size_t last;     /* start of its last stable character */
    size_t last_end; /* end of that character (p when the span is empty) */
    uint32_t last_v; /* that character */
    int stop;        /* 0: the input ended; 1: v (norm info ni, ending at q) ends the span;
                      * -1: ill-formed input at end (in->st says why) */
    uint32_t v, ni;
    size_t q;
} span;

ALWAYS_INLINE void qc_span(nsrc *in, size_t p, uint32_t busy, uint32_t below, unsigned shift,
                           uint32_t mask, span *sp)
{
    const size_t n = in->len, p0 = p;
    size_t last = p, last_end = p;
    uint32_t last_v = 0, last_ccc = 0;
    sp->stop = 0;
    sp->v = sp->ni = 0;
    sp->q = p;
    while (p < n) {
        uint32_t v, ni, ccc;
        size_t q;
        /* Words of ASCII and of two-byte characters below `below`: stable, nothing to
         * look up (as in the quick check). */
        if (in->u8 && (in->u8[p] < 0x80 || in->u8[p] - 0xC2u < (below >> 6) - 2)) {
            size_t chars = 0, e = ibidi__utf8_skip_2byte(in->u8, p, n, 0x02, (below >> 6) - 1,
                                                         &chars);
            if (e != p) {
                const unsigned char *u = in->u8;
                if ((u[e - 1] & 0xC0u) == 0x80u) {
                    last = e - 2;
                    last_v = (uint32_t)(u[e - 2] & 0x1Fu) << 6 | (u[e - 1] & 0x3Fu);
                } else {
                    last = e - 1;
                    last_v = u[e - 1];
                }
                last_end = e;
                last_ccc = 0;
                p = e;
                continue;
            }
        }
        if (in->u8 && in->u8[p] < 0x80) {
            size_t e = ibidi__ascii_end(in->u8, p + 1, n);
            last = e - 1;
            last_end = e;
            last_v = in->u8[e - 1];
            last_ccc = 0;
            p = e;
            continue;
        }
        if (src_decode(in, p, &v, &q) < 0) {
            sp->stop = -1;
            break;
        }
        ni = v < below ? 0 : ibidi__norm_info(v);
        if (!(ni & busy)) {
            last = p;
            last_end = q;
            last_v = v;
            last_ccc = 0;
            p = q;
            continue;
        }
        ccc = IBIDI__NI_CCC(ni);
        if (last_end == p0 || ((ni >> shift) & mask) || ccc < last_ccc) {
            sp->stop = 1; /* not stable first, Maybe or No, or not in canonical order */
            sp->v = v;
            sp->ni = ni;
            sp->q = q;
            break;
        }
        last_ccc = ccc;
        p = q;
    }
    sp->end = p;
    sp->last = last;
    sp->last_end = last_end;
    sp->last_v = last_v;
}

/* Normalizes the whole input into out. Returns IBIDI_OK or the input's error (details in
 * in->st, in->err_off, in->err_val). */
static ibidi_status normalize_stream(ibidi_normalize_form form, nsrc *in, sink *out)
{
    uint32_t r[RUN_CAP]; /* the current run of non-starters, then the marks behind L */
    uint16_t rk[RUN_CAP];
    unsigned rn = 0, wn = 0;
    size_t run_idx = 0;
    unsigned run_sub = 0;
    const uint32_t busy = busy_mask(form), below = ibidi__nf_stable_below[form];
    unsigned shift;
    uint32_t mask;
    int full_next = 0; /* decompose the next character even if it is stable */
    composer cm;

    memset(&cm, 0, sizeof cm);
    cm.compose = form == IBIDI_NORMALIZE_NFC || form == IBIDI_NORMALIZE_NFKC;
    qc_field(form, &shift, &mask);

    while (!out->stop) {
        uint32_t c = 0, ni = 0;
        unsigned k;

        if (rn == 0 && in->di >= in->dn && in->pos < in->len && !full_next) {
            /* Between characters, nothing pending but L: a span of stable characters
             * goes to the output as it stands (for NFC and NFKC its last character
             * becomes L, still taken whole). */
            size_t p0 = in->pos;
            span sp;
            qc_span(in, p0, busy, below, shift, mask, &sp);
            if (sp.stop < 0)
                return in->st;
            if (sp.stop == 0) { /* all of the rest is in the form */
                emit_l(&cm, out);
                sink_verbatim(out, p0, sp.end);
                in->pos = sp.end;
                continue;
            }
            if (sp.last_end > p0) {
                if (!cm.compose) {
                    sink_verbatim(out, p0, sp.last_end);
                } else { /* the last stable character becomes L, still taken whole */
                    emit_l(&cm, out);
                    sink_verbatim(out, p0, sp.last);
                    cm.have_l = cm.l_raw = 1;
                    cm.l = sp.last_v;
                    cm.l_s = sp.last;
                    cm.l_e = sp.last_end;
                }
                in->pos = sp.last_end;
                if (sp.last_end != sp.end)
                    continue; /* read the marks after it again, one by one */
            }
            if (cm.have_l && cm.l_raw && (ibidi__norm_info(cm.l) & in->dmask)) {
                /* L was taken whole, but what follows may reorder or combine with the
                 * marks of its decomposition: go back and decompose it. */
                in->pos = cm.l_s;
                cm.have_l = cm.l_raw = 0;
                full_next = 1;
                continue;
            }
            in->cur = sp.end; /* the character that ended the span, already decoded */
            in->pos = sp.q;
            src_expand(in, sp.v, sp.ni, &c, &ni);
        } else {
            int g = src_next(in, &c, &ni);
            full_next = 0;
            if (g < 0)
                return in->st;
            if (g == 0)
                break;
        }

        k = IBIDI__NI_CCC(ni);
        if (k) { /* a non-starter: collect the run */
            if (rn == 0)
                src_tell(in, &run_idx, &run_sub);
            if (rn < RUN_CAP) {
                r[rn] = c;
                rk[rn] = (uint16_t)(k | (MAY_COMBINE_BACK(ni) ? RK_MAYBE : 0u));
                rn++;
                continue;
            }
            if (long_run(in, run_idx, run_sub, &cm, out) < 0)
                return in->st;
            rn = 0;
            continue;
        }
        if (rn) {
            wn = flush_run(r, rk, rn, &cm, out);
            rn = 0;
        }
        if (!cm.compose) {
            sink_put(out, c);
            continue;
        }
        /* D117 R2 for a starter: it combines with L only when nothing is left between */
        if (cm.have_l && wn == 0 && MAY_COMBINE_BACK(ni)) {
            uint32_t p = ibidi__compose(cm.l, c);
            if (p) {
                cm.l = p;
                cm.l_raw = 0;
                continue;
            }
        }
        emit_l(&cm, out);
        for (unsigned i = 0; i < wn; i++)
            sink_put(out, r[i]);
        wn = 0;
        cm.have_l = 1;
        cm.l_raw = 0;
        cm.l = c;
    }
    if (rn)
        wn = flush_run(r, rk, rn, &cm, out);
    emit_l(&cm, out);
    for (unsigned i = 0; i < wn; i++)
        sink_put(out, r[i]);
    sink_flush(out);
    return IBIDI_OK;
}

static int form_ok(ibidi_normalize_form form) { return (unsigned)form <= (unsigned)IBIDI_NORMALIZE_NFKD; }

/* Finishes a normalization call: status, *out_len (the record's len), *err. */
static ibidi_status finish(ibidi_status st, const nsrc *in, const sink *out, size_t *out_len,
                           ibidi_error *err)
{
    if (st != IBIDI_OK) {
        if (out_len)
            *out_len = 0;
        return ibidi__fail(err, st, in->err_off, in->err_val);
    }
    if (out->too_long) {
        if (out_len)
            *out_len = 0;
        return ibidi__fail(err, IBIDI_E_TOO_LONG, 0, 0);
    }
    if (out_len)
        *out_len = out->n;
    if (out->n > out->cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

ibidi_status ibidi_normalize_utf8(const char *src, size_t len, ibidi_normalize_form form,
                                  ibidi_buf *out, ibidi_error *err)
{
    nsrc in;
    sink snk;
    if (!form_ok(form) || (!src && len) || !out || (!out->data && out->cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    src_init(&in, form, (const unsigned char *)src, NULL, len);
    sink_init(&snk, SINK_U8, out->cap);
    snk.u8 = (unsigned char *)out->data;
    snk.src8 = (const unsigned char *)src;
    return finish(normalize_stream(form, &in, &snk), &in, &snk, &out->len, err);
}

ibidi_status ibidi_normalize_cp(const uint32_t *src, size_t len, ibidi_normalize_form form,
                                ibidi_buf32 *out, ibidi_error *err)
{
    nsrc in;
    sink snk;
    if (!form_ok(form) || (!src && len) || !out || (!out->data && out->cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    src_init(&in, form, NULL, src, len);
    sink_init(&snk, SINK_U32, out->cap);
    snk.u32 = out->data;
    snk.src32 = src;
    return finish(normalize_stream(form, &in, &snk), &in, &snk, &out->len, err);
}

ibidi_status ibidi_normalize_utf8_alloc(const char *src, size_t len, ibidi_normalize_form form,
                                        ibidi_buf *out, ibidi_error *err)
{
    ibidi_status st;
    if (!out)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    out->data = NULL;
    out->len = 0;
    if (!form_ok(form) || (!src && len))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (len == SIZE_MAX)
        return ibidi__fail(err, IBIDI_E_TOO_LONG, 0, 0);
    /* First try with the input's size, which is enough for most text in NFC; if the
     * result is longer, the failed call told the exact size. */
    ibidi_buf b = {malloc(len + 1), len, 0};
    if (!b.data)
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    st = ibidi_normalize_utf8(src, len, form, &b, err);
    if (st == IBIDI_E_BUFFER_TOO_SMALL) {
        char *nb;
        if (b.len == SIZE_MAX) {
            free(b.data);
            return ibidi__fail(err, IBIDI_E_TOO_LONG, 0, 0);
        }
        nb = realloc(b.data, b.len + 1);
        if (!nb) {
            free(b.data);
            return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
        }
        b.data = nb;
        b.cap = b.len;
        st = ibidi_normalize_utf8(src, len, form, &b, err);
    }
    if (st != IBIDI_OK) {
        free(b.data);
        return st;
    }
    b.data[b.len] = '\0';
    out->data = b.data;
    out->len = b.len;
    return IBIDI_OK;
}

/* ------------------------------------------------------------------ quick check */

/* Outcome of scanning UTF-8 with the quick check (UAX #15 §9, quickCheck). */
typedef struct qscan {
    ibidi_normalize_qc qc;   /* YES; NO (stopped there); MAYBE (with stop_maybe: stopped at the first) */
    size_t at;     /* NO, or MAYBE with stop_maybe: index after the character that decided */
    size_t maybe;  /* MAYBE with stop_maybe: start of the Maybe character */
    size_t stable; /* then: start of the last stable character before it (or where the scan
                    * began) */
} qscan;

/* Quick check of p[i..len). With stop_maybe it stops at the first Maybe character;
 * without, it goes on to the end or the first No. Returns IBIDI_OK or a UTF-8 error. */
ALWAYS_INLINE ibidi_status qc_scan_form(ibidi_normalize_form form, const unsigned char *p, size_t i,
                                        size_t len, int stop_maybe, qscan *r, ibidi_error *err)
{
    const uint32_t busy = busy_mask(form), below = ibidi__nf_stable_below[form];
    unsigned shift;
    uint32_t mask, last = 0;
    ibidi_normalize_qc res = IBIDI_NORMALIZE_YES;
    size_t stable = i;

    qc_field(form, &shift, &mask);
    while (i < len) {
        uint32_t cp, ni, q, ccc;
        size_t s = i, chars = 0;
        /* Words of ASCII and of two-byte characters below `below` (leads C2 up to
         * C0 + (below >> 6) - 1): all stable, so nothing to look up. */
        if (p[i] < 0x80 || p[i] - 0xC2u < (below >> 6) - 2)
            i = ibidi__utf8_skip_2byte(p, i, len, 0x02, (below >> 6) - 1, &chars);
        if (i != s) {
            stable = (p[i - 1] & 0xC0u) == 0x80u ? i - 2 : i - 1;
            last = 0;
            continue;
        }
        if (p[i] < 0x80) { /* ASCII: stable in every form */
            i = ibidi__ascii_end(p, i + 1, len);
            stable = i - 1;
            last = 0;
            continue;
        } else {
            ibidi_status st;
            size_t k = ibidi__utf8_decode_fast(p + i, len - i, &cp, &st);
            if (!k)
                return ibidi__fail(err, st, i, p[i]);
            i += k;
        }
        if (cp < below) { /* stable: one comparison instead of a table lookup */
            stable = s;
            last = 0;
            continue;
        }
        /* One table lookup; then no branch that text in the form would take, so that
         * mispredictions do not wait for the lookup. */
        ni = ibidi__norm_info(cp);
        ccc = IBIDI__NI_CCC(ni);
        q = (ni >> shift) & mask;
        stable = (ni & busy) ? stable : s;
        if (((ccc != 0) & (last > ccc)) | (q == IBIDI_NORMALIZE_NO)) {
            r->qc = IBIDI_NORMALIZE_NO; /* a No character, or marks not in canonical order */
            r->at = i;
            return IBIDI_OK;
        }
        last = ccc;
        if (q == IBIDI_NORMALIZE_MAYBE) {
            res = IBIDI_NORMALIZE_MAYBE;
            if (stop_maybe) {
                r->qc = res;
                r->at = i;
                r->maybe = s;
                r->stable = stable;
                return IBIDI_OK;
            }
        }
    }
    r->qc = res;
    r->at = len;
    return IBIDI_OK;
}

/* One copy of the loop per form and use, with the constants folded in. */
static ibidi_status qc_scan(ibidi_normalize_form form, const unsigned char *p, size_t i, size_t len,
                            int stop_maybe, qscan *r, ibidi_error *err)
{
    if (stop_maybe) {
        switch (form) {
        case IBIDI_NORMALIZE_NFC: return qc_scan_form(IBIDI_NORMALIZE_NFC, p, i, len, 1, r, err);
        case IBIDI_NORMALIZE_NFD: return qc_scan_form(IBIDI_NORMALIZE_NFD, p, i, len, 1, r, err);
        case IBIDI_NORMALIZE_NFKC: return qc_scan_form(IBIDI_NORMALIZE_NFKC, p, i, len, 1, r, err);
        default: return qc_scan_form(IBIDI_NORMALIZE_NFKD, p, i, len, 1, r, err);
        }
    }
    switch (form) {
    case IBIDI_NORMALIZE_NFC: return qc_scan_form(IBIDI_NORMALIZE_NFC, p, i, len, 0, r, err);
    case IBIDI_NORMALIZE_NFD: return qc_scan_form(IBIDI_NORMALIZE_NFD, p, i, len, 0, r, err);
    case IBIDI_NORMALIZE_NFKC: return qc_scan_form(IBIDI_NORMALIZE_NFKC, p, i, len, 0, r, err);
    default: return qc_scan_form(IBIDI_NORMALIZE_NFKD, p, i, len, 0, r, err);
    }
}

/* Ill-formed input is an error wherever it is, also after the answer is known. */
static ibidi_status validate_rest(const char *src, size_t from, size_t len, ibidi_error *err)
{
    ibidi_error e;
    if (ibidi_utf8_validate(src + from, len - from, NULL, &e) != IBIDI_OK)
        return ibidi__fail(err, e.status, from + e.offset, e.value);
    return IBIDI_OK;
}

ibidi_status ibidi_normalize_quick_check_utf8(const char *src, size_t len,
                                              ibidi_normalize_form form, ibidi_normalize_qc *result,
                                              ibidi_error *err)
{
    qscan r = {IBIDI_NORMALIZE_YES, 0, 0, 0};
    ibidi_status st;
    if (!form_ok(form) || (!src && len) || !result)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    st = qc_scan(form, (const unsigned char *)src, 0, len, 0, &r, err);
    if (st != IBIDI_OK)
        return st;
    if (r.qc == IBIDI_NORMALIZE_NO && (st = validate_rest(src, r.at, len, err)) != IBIDI_OK)
        return st;
    *result = r.qc;
    return ibidi__ok(err);
}

ibidi_status ibidi_normalize_quick_check_cp(const uint32_t *src, size_t len,
                                            ibidi_normalize_form form, ibidi_normalize_qc *result,
                                            ibidi_error *err)
{
    const uint32_t busy = busy_mask(form), below = ibidi__nf_stable_below[form];
    unsigned shift, last = 0;
    uint32_t mask;
    ibidi_normalize_qc res = IBIDI_NORMALIZE_YES;
    size_t i;

    if (!form_ok(form) || (!src && len) || !result)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    qc_field(form, &shift, &mask);
    /* UAX #15 §9, quickCheck */
    for (i = 0; i < len; i++) {
        uint32_t cp = src[i], ni, q;
        unsigned ccc;
        if (cp < below) {
            last = 0;
            continue;
        }
        if (cp - 0xD800u < 0x800u)
            return ibidi__fail(err, IBIDI_E_CP_SURROGATE, i, cp);
        if (cp > 0x10FFFFu)
            return ibidi__fail(err, IBIDI_E_CP_TOO_LARGE, i, cp);
        ni = ibidi__norm_info(cp);
        if (!(ni & busy)) {
            last = 0;
            continue;
        }
        ccc = IBIDI__NI_CCC(ni);
        if (last > ccc && ccc != 0)
            goto no; /* not in canonical order */
        last = ccc;
        q = (ni >> shift) & mask;
        if (q) {
            if (q == IBIDI_NORMALIZE_NO)
                goto no;
            res = IBIDI_NORMALIZE_MAYBE;
        }
    }
    *result = res;
    return ibidi__ok(err);
no:
    for (i++; i < len; i++) { /* the answer is known, but not the validity of the rest */
        if (src[i] - 0xD800u < 0x800u)
            return ibidi__fail(err, IBIDI_E_CP_SURROGATE, i, src[i]);
        if (src[i] > 0x10FFFFu)
            return ibidi__fail(err, IBIDI_E_CP_TOO_LARGE, i, src[i]);
    }
    *result = IBIDI_NORMALIZE_NO;
    return ibidi__ok(err);
}

/* Normalizes src[from..to) and compares the result with the same bytes. The input there
 * is well-formed. Returns 1 when equal. */
static int same_when_normalized(ibidi_normalize_form form, const unsigned char *src, size_t from, size_t to)
{
    nsrc in;
    sink out;
    src_init(&in, form, src + from, NULL, to - from);
    sink_init(&out, SINK_CMP, to - from);
    out.ref = src + from;
    out.src8 = src + from;
    if (normalize_stream(form, &in, &out) != IBIDI_OK)
        return 0;
    return !out.stop && out.n == to - from;
}

ibidi_status ibidi_normalize_is_normalized_utf8(const char *src, size_t len,
                                                ibidi_normalize_form form, int *result,
                                                ibidi_error *err)
{
    const unsigned char *p = (const unsigned char *)src;
    const uint32_t busy = busy_mask(form), below = ibidi__nf_stable_below[form];
    ibidi_status st;
    size_t i = 0;

    if (!form_ok(form) || (!src && len) || !result)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    /* The quick check decides, except around Maybe characters: there the text from the
     * last stable character before to the next stable character after (places where
     * normalization can cut the text, see busy_mask) is normalized and compared with
     * itself; the quick check goes on after it. */
    while (i < len) {
        qscan r = {IBIDI_NORMALIZE_YES, 0, 0, 0};
        size_t e;
        st = qc_scan(form, p, i, len, 1, &r, err);
        if (st != IBIDI_OK)
            return st;
        if (r.qc == IBIDI_NORMALIZE_YES)
            break;
        if (r.qc == IBIDI_NORMALIZE_NO) {
            if ((st = validate_rest(src, r.at, len, err)) != IBIDI_OK)
                return st;
            *result = 0;
            return ibidi__ok(err);
        }
        for (e = r.at; e < len;) { /* the next stable character */
            uint32_t cp;
            size_t k;
            if (p[e] < 0x80)
                break;
            k = ibidi__utf8_decode_fast(p + e, len - e, &cp, &st);
            if (!k)
                return ibidi__fail(err, st, e, p[e]);
            if (cp < below || !(ibidi__norm_info(cp) & busy))
                break;
            e += k;
        }
        if (!same_when_normalized(form, p, r.stable, e)) {
            /* Decide on the whole text, with the same comparison (it stops at the first
             * difference); the rest must be well-formed for an answer. */
            if ((st = validate_rest(src, e, len, err)) != IBIDI_OK)
                return st;
            *result = same_when_normalized(form, p, 0, len);
            return ibidi__ok(err);
        }
        i = e;
    }
    *result = 1;
    return ibidi__ok(err);
}
