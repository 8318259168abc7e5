/*
 * UTS #39 §4 confusable detection: skeleton and bidi skeleton, and the identifier data of
 * §3.1, over the tables tools/gen_tables.c writes from data/ucd/17.0.0/security.
 *
 * skeleton(X) = NFD(prototypes(remove Default_Ignorable(NFD(X)))). NFD only reorders
 * runs of non-starters, so X is read one combining sequence at a time (its starter and
 * the non-starters after it, decomposed and canonically ordered in a small buffer); each
 * code point is replaced by its prototype, which the tables hold in NFD already, and the
 * result is ordered again on the way out: a prototype may begin with non-starters that
 * must sort with those before them (the decomposition of a concatenation is that of its
 * parts, canonically ordered). Nothing is allocated; the buffers are bounded by
 * IBIDI_CONFUSABLE_MAX_SEQUENCE.
 */
#include <string.h>

#include "common/internal.h"
#include "confusable/confusable_internal.h"
#include "ibidi/bidi.h"
#include "ibidi/confusable.h"
#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "ibidi/uts39.h"
#include "unicode/ucd.h"
#include "unicode/utf8_internal.h"

_Static_assert(IBIDI_CONFUSABLE_MAX_PROTOTYPE == IBIDI__CONF_MAX_PROTOTYPE,
               "confusable.h and the tables disagree");

/* The steps of a bidi skeleton keep frames of their own: inlined into one another, their
 * buffers would add up on the stack (IBIDI_CONFUSABLE_STACK). */
static inline uint16_t idinfo(uint32_t cp)
{
    return ibidi__trie(ibidi__idinfo_s1, ibidi__idinfo_s2, ibidi__idinfo_s3, IBIDI__CONF_SH1,
                       IBIDI__CONF_SH2, cp);
}

unsigned ibidi_confusable_identifier_type(uint32_t cp)
{
    return idinfo(cp) & ~IBIDI__IDINFO_ALLOWED;
}

int ibidi_confusable_identifier_allowed(uint32_t cp)
{
    return (idinfo(cp) & IBIDI__IDINFO_ALLOWED) != 0;
}

const char *ibidi_confusable_type_name(unsigned type)
{
    /* UTS #39 §3.1, Table 1, in the order of the bits */
    static const char *const names[] = {"Not_Character", "Deprecated",  "Default_Ignorable",
                                        "Not_NFKC",      "Not_XID",     "Exclusion",
                                        "Obsolete",      "Technical",   "Uncommon_Use",
                                        "Limited_Use",   "Inclusion",   "Recommended"};
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        if (type == 1u << i)
            return names[i];
    return NULL;
}

static inline uint16_t conf_of(uint32_t cp)
{
    if (cp < IBIDI__CONF_LOW)
        return (uint16_t)ibidi__conf_low[cp];
    return ibidi__trie(ibidi__conf_s1, ibidi__conf_s2, ibidi__conf_s3, IBIDI__CONF_SH1,
                       IBIDI__CONF_SH2, cp);
}

/* The prototype of a trie value (NULL when the code point is its own), its length in *n. */
static inline const uint32_t *prototype_of(uint16_t k, size_t *n)
{
    k &= (uint16_t)~IBIDI__CONF_DI;
    if (!k)
        return NULL;
    const uint32_t r = ibidi__conf_rec[k];
    *n = r & 31u;
    return ibidi__conf_pool + (r >> 5);
}

static inline const uint32_t *prototype(uint32_t cp, size_t *n)
{
    return prototype_of(conf_of(cp), n);
}

size_t ibidi_confusable_prototype(uint32_t cp, uint32_t *out, size_t cap)
{
    size_t n = 0;
    const uint32_t *p = prototype(cp, &n);
    if (!p)
        return 0;
    for (size_t i = 0; i < n && i < cap && out; i++)
        out[i] = p[i];
    return n;
}

static inline uint8_t ccc(uint32_t cp)
{
    if (cp < IBIDI__CONF_LOW)
        return cp < 0x80 ? 0 : IBIDI__CONF_LOW_CCC(ibidi__conf_low[cp]);
    return IBIDI__NI_CCC(ibidi__norm_info(cp));
}

/* ---- Input and output ------------------------------------------------------------------ */

/* Code points from UTF-8 (u8) or from an array (u32), with the offset of each. */
typedef struct reader {
    const char *u8;
    const uint32_t *u32;
    size_t len;
    size_t pos;
} reader;

/* The next code point into *cp and where it starts into *at: 1; 0 at the end; -1 on an
 * error (filled into err). */
static int next_cp(reader *r, uint32_t *cp, size_t *at, ibidi_error *err)
{
    if (r->pos >= r->len)
        return 0;
    *at = r->pos;
    if (r->u8) {
        const unsigned char *u = (const unsigned char *)r->u8 + r->pos;
        size_t k;
        ibidi_status ust;
        if (u[0] < 0x80) { /* ASCII, and a well-formed sequence, the quick way */
            *cp = u[0];
            r->pos++;
            return 1;
        }
        if ((k = ibidi__utf8_decode_multi(u, r->len - r->pos, cp, &ust)) != 0) {
            r->pos += k;
            return 1;
        }
        /* an ill-formed sequence: the decoder that says what is wrong, and where */
        ibidi_status st = ibidi_utf8_next(r->u8, r->len, &r->pos, cp, err);
        return st == IBIDI_OK ? 1 : -1;
    }
    *cp = r->u32[r->pos];
    if (*cp >= 0xD800 && *cp <= 0xDFFF) {
        ibidi__fail(err, IBIDI_E_CP_SURROGATE, r->pos, *cp);
        return -1;
    }
    if (*cp > 0x10FFFF) {
        ibidi__fail(err, IBIDI_E_CP_TOO_LARGE, r->pos, *cp);
        return -1;
    }
    r->pos++;
    return 1;
}

/* Where the result goes: UTF-8 (u8) or code points (u32), cap units; len counts the
 * units of the whole result. */
typedef struct sink {
    int utf8; /* the kind: data may be NULL for a size query */
    char *u8;
    uint32_t *u32;
    size_t cap;
    size_t len;
} sink;

static inline void sink_put(sink *o, uint32_t cp)
{
    if (o->utf8 && cp < 0x80) {
        if (o->len < o->cap)
            o->u8[o->len] = (char)cp;
        o->len++;
        return;
    }
    if (!o->utf8) {
        if (o->len < o->cap)
            o->u32[o->len] = cp;
        o->len++;
        return;
    }
    unsigned char b[4];
    size_t n;
    if (cp < 0x80) {
        b[0] = (unsigned char)cp;
        n = 1;
    } else if (cp < 0x800) {
        b[0] = (unsigned char)(0xC0 | cp >> 6);
        b[1] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        b[0] = (unsigned char)(0xE0 | cp >> 12);
        b[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        b[2] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        b[0] = (unsigned char)(0xF0 | cp >> 18);
        b[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
        b[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        b[3] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    if (o->len + n <= o->cap)
        memcpy(o->u8 + o->len, b, n);
    o->len += n;
}

/* ---- skeleton (UTS #39 §4) ------------------------------------------------------------- */

/* The output side: the non-starters written since the last starter, kept until the next
 * starter so that non-starters from later prototypes sort among them (the final NFD). */
typedef struct skel_out {
    sink *o;
    uint32_t run[IBIDI_CONFUSABLE_MAX_SEQUENCE];
    uint8_t cls[IBIDI_CONFUSABLE_MAX_SEQUENCE];
    size_t n;
    size_t starter; /* 1 once a starter went out: the run's sequence has it at its head */
} skel_out;

static void out_flush(skel_out *s)
{
    for (size_t i = 0; i < s->n; i++)
        sink_put(s->o, s->run[i]);
    s->n = 0;
}

/* Appends cp, of combining class c, in canonical order (D109: a non-starter moves before
 * the non-starters of a higher class before it). 0, or -1 when the run is over its bound. */
static inline int out_put_c(skel_out *s, uint32_t cp, uint8_t c)
{
    if (c == 0) {
        /* a starter ends the run, and nothing after it moves before it: out at once */
        if (s->n)
            out_flush(s);
        sink_put(s->o, cp);
        s->starter = 1;
        return 0;
    }
    if (s->n + s->starter == IBIDI_CONFUSABLE_MAX_SEQUENCE) /* the sequence with its starter */
        return -1;
    size_t j = s->n++;
    for (; j > 0 && c != 0 && s->cls[j - 1] > c; j--) {
        s->run[j] = s->run[j - 1];
        s->cls[j] = s->cls[j - 1];
    }
    s->run[j] = cp;
    s->cls[j] = c;
    return 0;
}

static inline int out_put(skel_out *s, uint32_t cp)
{
    return out_put_c(s, cp, ccc(cp));
}

/* One combining sequence of NFD(X), canonically ordered (cls its classes): its
 * Default_Ignorable_Code_Point characters removed, each other one replaced by its
 * prototype. */
static int map_sequence(skel_out *s, const uint32_t *seq, const uint8_t *cls, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const uint16_t k = conf_of(seq[i]);
        if (k & IBIDI__CONF_DI)
            continue;
        size_t m = 0;
        const uint32_t *p = prototype_of(k, &m);
        if (!p) {
            if (out_put_c(s, seq[i], cls[i]) < 0)
                return -1;
            continue;
        }
        for (size_t k = 0; k < m; k++)
            if (out_put(s, p[k]) < 0)
                return -1;
    }
    return 0;
}

/* The skeleton of UTF-8 text of code points below U+0800 into a UTF-8 sink, when each is
 * its own NFD, a starter, and its prototype starters only (ibidi__conf_low_skel): NFD
 * leaves the text as it is and nothing reorders, so the skeleton is the prototypes one
 * after the other, a load and a store a character (ASCII, and the Hebrew, Arabic, Greek,
 * Cyrillic letters of most names). 1 done; 0 for anything else (nothing written then: the
 * caller takes the general way, which also reports ill-formed text). */
/* The entry of ibidi__conf_low_skel for the next code point of u from *i (one or two
 * bytes), or NULL for anything the short way does not take: a longer or ill-formed
 * sequence (the general way reports it), or a code point it marks. */
static inline const uint8_t *short_entry(const unsigned char *u, size_t n, size_t *i)
{
    uint32_t cp = u[*i];
    if (cp < 0x80) {
        *i += 1;
    } else if (cp >= 0xC2 && cp <= 0xDF && *i + 1 < n && (u[*i + 1] & 0xC0) == 0x80) {
        cp = (cp & 0x1Fu) << 6 | (u[*i + 1] & 0x3Fu);
        *i += 2;
    } else {
        return NULL;
    }
    const uint8_t *k = ibidi__conf_low_skel + (size_t)cp * 8;
    return k[IBIDI__CONF_LOW_SKEL_COMPLEX] ? NULL : k;
}

static int skeleton_simple(const unsigned char *u, size_t n, sink *o)
{
    char *const dst = o->u8;
    const size_t cap = o->cap;
    size_t olen = o->len, i = 0;
    /* room for four bytes a byte of input (a prototype here takes at most four): all four
       of a character's copied, whatever its number, one load and one store */
    const int room = dst && olen <= cap && (cap - olen) / 4 >= n + 1;
    while (room && i < n) {
        const uint8_t *k = short_entry(u, n, &i);
        if (!k)
            return 0;
        memcpy(dst + olen, k, 4);
        olen += k[IBIDI__CONF_LOW_SKEL_LEN];
    }
    while (!room && i < n) {
        const uint8_t *k = short_entry(u, n, &i);
        if (!k)
            return 0;
        const size_t m = k[IBIDI__CONF_LOW_SKEL_LEN];
        for (size_t q = 0; q < m; q++)
            if (olen + q < cap)
                dst[olen + q] = (char)k[q];
        olen += m;
    }
    o->len = olen;
    return 1;
}

int ibidi__confusable_skeleton_short(const char *s, size_t n, char *out, size_t cap,
                                     size_t *len)
{
    sink o = {1, out, NULL, out ? cap : 0, 0};
    if (!skeleton_simple((const unsigned char *)s, n, &o))
        return 0;
    *len = o.len;
    return 1;
}

IBIDI__NOINLINE static ibidi_status skeleton(reader *r, sink *o, ibidi_error *err)
{
    if (r->u8 && o->utf8 && r->pos == 0 &&
        skeleton_simple((const unsigned char *)r->u8, r->len, o)) {
        r->pos = r->len;
        if (o->len > o->cap)
            return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
        return ibidi__ok(err);
    }
    skel_out s;
    uint32_t seq[IBIDI_CONFUSABLE_MAX_SEQUENCE];
    uint8_t cls[IBIDI_CONFUSABLE_MAX_SEQUENCE];
    /* the sequence: its starter (mapped at once, so only its offset and value are kept:
       starter), then the non-starters after it in seq */
    size_t n = 0, seq_at = 0, at = 0, starter = 0;
    uint32_t first = 0;
    uint32_t cp;
    int got;
    s.o = o;
    s.n = 0;
    s.starter = 0;
    while ((got = next_cp(r, &cp, &at, err)) > 0) {
        uint32_t d[IBIDI_UNICODE_MAX_DECOMPOSITION];
        size_t m = 0;
        /* one lookup for a code point its own NFD (most): its class comes with it */
        uint8_t own_class = 0;
        int decomposes = 0;
        uint32_t lo = 0; /* cp's flat entry when it has one (its trie value in the low bits) */
        if (cp < IBIDI__CONF_LOW) {
            lo = ibidi__conf_low[cp];
            own_class = IBIDI__CONF_LOW_CCC(lo);
            decomposes = (lo & IBIDI__CONF_LOW_NFD_NO) != 0;
        } else {
            const uint32_t ni = ibidi__norm_info(cp);
            own_class = IBIDI__NI_CCC(ni);
            decomposes = (ni & IBIDI__NI_NFD_NO) != 0;
        }
        if (decomposes)
            m = ibidi__full_decomposition(cp, 0, d);
        const int own = !m;
        if (own) {
            d[0] = cp;
            m = 1;
        }
        for (size_t k = 0; k < m; k++) {
            uint8_t c = own ? own_class : ccc(d[k]);
            if (c == 0 && n) { /* a starter ends the sequence before it */
                if (map_sequence(&s, seq, cls, n) < 0)
                    return ibidi__fail(err, IBIDI_E_TOO_LONG, seq_at, first);
                n = 0;
            }
            if (c == 0) {
                /* a starter is first in its sequence whatever follows (canonical ordering
                   moves non-starters only), and map_sequence maps each character alone:
                   it is mapped at once, and only the non-starters after it wait */
                seq_at = at;
                first = d[k];
                starter = 1;
                const uint16_t ck = own && cp < IBIDI__CONF_LOW ? (uint16_t)lo : conf_of(d[k]);
                if (ck & IBIDI__CONF_DI)
                    continue;
                size_t pm = 0;
                const uint32_t *p = prototype_of(ck, &pm);
                if (!p) {
                    out_put_c(&s, d[k], 0); /* a starter always goes out */
                    continue;
                }
                for (size_t q = 0; q < pm; q++)
                    if (out_put(&s, p[q]) < 0)
                        return ibidi__fail(err, IBIDI_E_TOO_LONG, at, d[k]);
                continue;
            }
            if (n == 0 && !starter) { /* a sequence without a starter (the text's first) */
                seq_at = at;
                first = d[k];
            }
            if (n + starter == IBIDI_CONFUSABLE_MAX_SEQUENCE)
                return ibidi__fail(err, IBIDI_E_TOO_LONG, seq_at, first);
            size_t j = n++;
            for (; j > 0 && c != 0 && cls[j - 1] > c; j--) { /* D109 */
                seq[j] = seq[j - 1];
                cls[j] = cls[j - 1];
            }
            seq[j] = d[k];
            cls[j] = c;
        }
    }
    if (got < 0)
        return err ? err->status : IBIDI_E_INVALID_ARGUMENT;
    if (n && map_sequence(&s, seq, cls, n) < 0)
        return ibidi__fail(err, IBIDI_E_TOO_LONG, seq_at, first);
    out_flush(&s);
    if (o->len > o->cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

ibidi_status ibidi_confusable_skeleton_utf8(const char *s, size_t len, ibidi_buf *out,
                                            ibidi_error *err)
{
    if (out)
        out->len = 0;
    if (!out || (!s && len) || (!out->data && out->cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    reader r = {s, NULL, len, 0};
    sink o = {1, out->data, NULL, out->cap, 0};
    ibidi_status st = skeleton(&r, &o, err);
    out->len = st == IBIDI_OK || st == IBIDI_E_BUFFER_TOO_SMALL ? o.len : 0;
    return st;
}

ibidi_status ibidi_confusable_skeleton_cp(const uint32_t *s, size_t n, ibidi_buf32 *out,
                                          ibidi_error *err)
{
    if (out)
        out->len = 0;
    if (!out || (!s && n) || (!out->data && out->cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    reader r = {NULL, s, n, 0};
    sink o = {0, NULL, out->data, out->cap, 0};
    ibidi_status st = skeleton(&r, &o, err);
    out->len = st == IBIDI_OK || st == IBIDI_E_BUFFER_TOO_SMALL ? o.len : 0;
    return st;
}

/* ---- bidiSkeleton (UTS #39 §4) --------------------------------------------------------- */

static int combining(uint32_t cp)
{
    if (cp < IBIDI__CONF_LOW) /* the flat table: most of a name */
        return (ibidi__conf_low[cp] & IBIDI__CONF_LOW_MARK) != 0;
    ibidi_unicode_gc gc = ibidi_unicode_general_category(cp);
    return gc == IBIDI_UNICODE_GC_MN || gc == IBIDI_UNICODE_GC_MC || gc == IBIDI_UNICODE_GC_ME;
}

/* The text of r in display order for a paragraph of direction dir (UAX #9 up to L2 by
 * ibidi/bidi.h, each paragraph on a line of its own), combining marks after their base in
 * right-to-left runs (L3) and mirrored glyphs at odd levels (L4), into vis (n code points,
 * at most IBIDI_CONFUSABLE_MAX_BIDI). */
IBIDI__NOINLINE static ibidi_status bidi_visual(reader *r, ibidi_dir dir, uint32_t *vis,
                                         size_t *nvis, ibidi_error *err)
{
    uint32_t text[IBIDI_CONFUSABLE_MAX_BIDI];
    uint8_t levels[IBIDI_CONFUSABLE_MAX_BIDI];
    size_t order[IBIDI_CONFUSABLE_MAX_BIDI];
    size_t n = 0, at = 0;
    uint32_t cp;
    int got;
    while ((got = next_cp(r, &cp, &at, err)) > 0) {
        if (n == IBIDI_CONFUSABLE_MAX_BIDI)
            return ibidi__fail(err, IBIDI_E_TOO_LONG, at, cp);
        text[n++] = cp;
    }
    if (got < 0)
        return err ? err->status : IBIDI_E_INVALID_ARGUMENT;
    *nvis = n;
    if (!n)
        return IBIDI_OK;
    ibidi_bidi_options bo = {dir, 0, NULL, 0};
    ibidi_bidi_result res = {levels, NULL, NULL, NULL, NULL, n, 0, {0, 0, 0, 0, 0, 0}};
    ibidi_error e;
    ibidi_status st = ibidi_bidi_resolve_cp(text, n, &bo, &res, &e);
    if (st != IBIDI_OK) /* not reached: the input was checked, and is within the bounds */
        return ibidi__fail(err, st, 0, 0);
    /* each paragraph (P1) is a line of its own, its separator at its end */
    size_t v = 0;
    for (size_t start = 0; start < n;) {
        size_t end = start;
        while (end < n && !ibidi__confusable_paragraph_separator(text[end]))
            end++;
        if (end < n)
            end++;
        st = ibidi_bidi_reorder(levels + start, end - start, order, NULL, &e);
        if (st != IBIDI_OK) /* not reached: levels of the resolution */
            return ibidi__fail(err, st, 0, 0);
        for (size_t k = 0; k < end - start;) {
            size_t i = start + order[k];
            uint8_t lv = levels[i];
            if ((lv & 1) && combining(text[i])) {
                /* L3: marks before their base in a right-to-left run go after it */
                size_t m = k;
                while (m < end - start && levels[start + order[m]] == lv &&
                       combining(text[start + order[m]]))
                    m++;
                if (m < end - start && levels[start + order[m]] == lv) {
                    vis[v++] = ibidi_bidi_mirror(text[start + order[m]], lv);
                    for (size_t q = m; q-- > k;)
                        vis[v++] = ibidi_bidi_mirror(text[start + order[q]], lv);
                    k = m + 1;
                    continue;
                }
                for (; k < m; k++) /* no base in the run: as they are */
                    vis[v++] = ibidi_bidi_mirror(text[start + order[k]], lv);
                continue;
            }
            vis[v++] = ibidi_bidi_mirror(text[i], lv); /* L4 */
            k++;
        }
        start = end;
    }
    return IBIDI_OK;
}

static int ascii_letter(unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }

/* Whether the display of the ASCII text s is s itself, every code point at an even level
 * (so none mirrored, L4), in a paragraph of direction dir: then its bidi skeleton is its
 * skeleton, and a scan of a zone (nine names in ten ASCII) skips UAX #9.
 * Left-to-right: ASCII has no R, AL, AN or explicit formatting character, so W7 makes
 * every EN an L (sos is L), N1/N2 make the neutrals L, and every level stays 0.
 * Right-to-left: a text that starts with a letter and has only letters, digits, '.' and
 * '-', ending with a letter or a digit (a host name's labels): W4 and W7 make its digits L
 * (a strong L precedes each), N1 its separators (between two L), and I2 raises all of it to
 * level 2, reversed twice by L2. */
int ibidi__confusable_ascii_as_itself(const char *s, size_t n, ibidi_dir dir)
{
    /* one pass: a byte over ASCII ends it, any other than a host name's is noted */
    unsigned other = 0;
    for (size_t i = 0; i < n; i++) {
        const unsigned char c = (unsigned char)s[i];
        if (c >= 0x80)
            return 0;
        other |= !ascii_letter(c) & !(c >= '0' && c <= '9') & (c != '.') & (c != '-');
    }
    if (dir == IBIDI_DIR_LTR)
        return 1;
    if (!n || other || !ascii_letter((unsigned char)s[0]))
        return 0;
    const unsigned char last = (unsigned char)s[n - 1];
    return ascii_letter(last) || (last >= '0' && last <= '9');
}

static ibidi_status bidi_skeleton(reader *r, ibidi_dir dir, sink *o, ibidi_error *err)
{
    if (dir != IBIDI_DIR_LTR && dir != IBIDI_DIR_RTL)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, (uint32_t)dir);
    if (r->u8 && r->len <= IBIDI_CONFUSABLE_MAX_BIDI &&
        ibidi__confusable_ascii_as_itself(r->u8, r->len, dir))
        return skeleton(r, o, err); /* its visual order is its logical order */
    uint32_t vis[IBIDI_CONFUSABLE_MAX_BIDI];
    size_t n = 0;
    ibidi_status st = bidi_visual(r, dir, vis, &n, err);
    if (st != IBIDI_OK)
        return st;
    reader v = {NULL, vis, n, 0};
    st = skeleton(&v, o, err);
    if (st != IBIDI_OK && st != IBIDI_E_BUFFER_TOO_SMALL && err)
        err->offset = 0; /* an offset in the visual text would mislead */
    return st;
}

ibidi_status ibidi_confusable_bidi_skeleton_utf8(const char *s, size_t len, ibidi_dir dir,
                                                 ibidi_buf *out, ibidi_error *err)
{
    if (out)
        out->len = 0;
    if (!out || (!s && len) || (!out->data && out->cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    reader r = {s, NULL, len, 0};
    sink o = {1, out->data, NULL, out->cap, 0};
    ibidi_status st = bidi_skeleton(&r, dir, &o, err);
    out->len = st == IBIDI_OK || st == IBIDI_E_BUFFER_TOO_SMALL ? o.len : 0;
    return st;
}

ibidi_status ibidi_confusable_bidi_skeleton_cp(const uint32_t *s, size_t n, ibidi_dir dir,
                                               ibidi_buf32 *out, ibidi_error *err)
{
    if (out)
        out->len = 0;
    if (!out || (!s && n) || (!out->data && out->cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    reader r = {NULL, s, n, 0};
    sink o = {0, NULL, out->data, out->cap, 0};
    ibidi_status st = bidi_skeleton(&r, dir, &o, err);
    out->len = st == IBIDI_OK || st == IBIDI_E_BUFFER_TOO_SMALL ? o.len : 0;
    return st;
}

/* ---- Confusable sets and the look-alike findings (UTS #39 §3.1, §4) --------------------- */

size_t ibidi_confusable_set(uint32_t cp, uint32_t *out, size_t cap)
{
    uint16_t k = ibidi__trie(ibidi__confset_s1, ibidi__confset_s2, ibidi__confset_s3,
                             IBIDI__CONF_SH1, IBIDI__CONF_SH2, cp);
    if (!k)
        return 0;
    const uint32_t from = ibidi__confset_off[k], to = ibidi__confset_off[k + 1];
    for (uint32_t i = from; i < to && i - from < cap && out; i++)
        out[i - from] = ibidi__confset_members[i];
    return to - from;
}

/* Whether cp's Script_Extensions hold sc; *common 1 when they hold Common or Inherited (the
 * character goes with any script, UTS #39 §5.1). */
static int has_script(uint32_t cp, ibidi_unicode_sc sc, int *common)
{
    ibidi_unicode_sc scx[IBIDI_UNICODE_SC_COUNT];
    size_t n = ibidi_unicode_script_extensions(cp, scx, IBIDI_UNICODE_SC_COUNT);
    int found = 0;
    if (n > IBIDI_UNICODE_SC_COUNT)
        n = IBIDI_UNICODE_SC_COUNT;
    if (common)
        *common = 0;
    for (size_t i = 0; i < n; i++) {
        if (scx[i] == sc)
            found = 1;
        if (common && (scx[i] == IBIDI_UNICODE_SC_ZYYY || scx[i] == IBIDI_UNICODE_SC_ZINH))
            *common = 1;
    }
    return found;
}

/* A member of cp's confusable set, other than cp, of script sc and allowed in identifiers
 * (Identifier_Status Allowed), or 0. The members' scripts are a table of their own
 * (ibidi__confset_script), so that most need no lookup. */
static uint32_t lookalike_in(uint32_t cp, ibidi_unicode_sc sc)
{
    uint16_t k = ibidi__trie(ibidi__confset_s1, ibidi__confset_s2, ibidi__confset_s3,
                             IBIDI__CONF_SH1, IBIDI__CONF_SH2, cp);
    if (!k)
        return 0;
    for (uint32_t i = ibidi__confset_off[k]; i < ibidi__confset_off[k + 1]; i++) {
        const uint32_t m = ibidi__confset_members[i];
        const unsigned ms = ibidi__confset_script[i];
        if (m == cp || (ms & IBIDI__CONFSET_RESTRICTED))
            continue;
        if (ms == (unsigned)sc || (ms == IBIDI__CONFSET_SEVERAL && has_script(m, sc, NULL)))
            return m;
    }
    return 0;
}

uint32_t ibidi__confusable_lookalike_in(uint32_t cp, ibidi_unicode_sc sc)
{
    return lookalike_in(cp, sc);
}

/* One label: cps[0..n) with the byte offset of each (at, and at[n] its end). */
typedef struct label_text {
    uint32_t cps[IBIDI_CONFUSABLE_MAX_LABEL];
    size_t at[IBIDI_CONFUSABLE_MAX_LABEL + 1];
    size_t n;
    size_t part;
} label_text;

static void put(ibidi__sink *s, const label_text *l, int code, size_t i, size_t len_cps,
                uint32_t cp, int detail)
{
    ibidi_finding f;
    memset(&f, 0, sizeof f);
    f.code = code;
    f.severity = IBIDI_SEVERITY_WARNING;
    f.part = l->part;
    f.offset = l->at[i];
    f.length = l->at[i + len_cps] - l->at[i];
    f.cp = cp;
    f.bidi_class = cp ? (int)ibidi_unicode_bidi_class(cp) : -1;
    f.context = IBIDI_DIR_LTR;
    f.detail = detail;
    f.input_offset = f.offset;
    f.input_length = f.length;
    ibidi__sink_put(s, &f);
}

/* Script_Extensions as a set of bits, so that each character's is read once. */
#define SCX_WORDS ((IBIDI_UNICODE_SC_COUNT + 63) / 64)
typedef struct scx_set {
    uint64_t w[SCX_WORDS];
} scx_set;

static int scx_has(const scx_set *x, unsigned sc)
{
    return sc < IBIDI_UNICODE_SC_COUNT && (int)(x->w[sc / 64] >> (sc % 64) & 1u);
}

/* cp's Script_Extensions into *x (Common and Inherited left out, *common set for them). */
static void scx_of(uint32_t cp, scx_set *x, int *common)
{
    ibidi_unicode_sc scx[IBIDI_UNICODE_SC_COUNT];
    size_t m = ibidi_unicode_script_extensions(cp, scx, IBIDI_UNICODE_SC_COUNT);
    if (m > IBIDI_UNICODE_SC_COUNT)
        m = IBIDI_UNICODE_SC_COUNT;
    memset(x, 0, sizeof *x);
    *common = 0;
    for (size_t k = 0; k < m; k++) {
        if (scx[k] == IBIDI_UNICODE_SC_ZYYY || scx[k] == IBIDI_UNICODE_SC_ZINH)
            *common = 1;
        else if ((unsigned)scx[k] < IBIDI_UNICODE_SC_COUNT)
            x->w[scx[k] / 64] |= UINT64_C(1) << (scx[k] % 64);
    }
}

/* Of the scripts in *want, those cp has an allowed look-alike in (a member of its
 * confusable set other than itself, Identifier_Status Allowed, with the script among its
 * Script_Extensions: what lookalike_in says script by script), into *got, from the
 * generated table of each code point's look-alike scripts. */
static void lookalike_scripts(uint32_t cp, const scx_set *want, scx_set *got)
{
    _Static_assert(SCX_WORDS == 3, "the table's sets are three words");
    const uint16_t k = ibidi__trie(ibidi__conflook_s1, ibidi__conflook_s2, ibidi__conflook_s3,
                                   IBIDI__CONF_SH1, IBIDI__CONF_SH2, cp);
    for (unsigned w = 0; w < SCX_WORDS; w++)
        got->w[w] = want->w[w] & ibidi__conflook_sets[3 * (size_t)k + w];
}

/* UTS #39 §4 on one label: its main script, the characters outside it that look like one
 * of its characters (mixed-script confusables), or the one other Recommended script every
 * character has a look-alike in (whole-script confusables). Each character's scripts are
 * read once (a label's characters with the main script's counts, then the look-alike
 * scripts of each letter once), so the cost grows with the label's length, not its
 * square. */
static void check_scripts(ibidi__sink *s, const label_text *l)
{
    scx_set sets[IBIDI_CONFUSABLE_MAX_LABEL];
    uint8_t commons[IBIDI_CONFUSABLE_MAX_LABEL];
    uint16_t count[IBIDI_UNICODE_SC_COUNT];
    memset(count, 0, sizeof count);
    for (size_t i = 0; i < l->n; i++) { /* how many characters have each script */
        int common = 0;
        scx_of(l->cps[i], &sets[i], &common);
        commons[i] = (uint8_t)common;
        for (unsigned w = 0; w < SCX_WORDS; w++)
            for (uint64_t b = sets[i].w[w]; b; b &= b - 1)
                count[w * 64 + (unsigned)__builtin_ctzll(b)]++;
    }
    ibidi_unicode_sc main = 0;
    size_t best = 0;
    int have = 0;
    for (size_t i = 0; i < l->n; i++) { /* the script most characters have: the first, in
                                           the order of the characters and of their lists */
        ibidi_unicode_sc scx[IBIDI_UNICODE_SC_COUNT];
        size_t m = ibidi_unicode_script_extensions(l->cps[i], scx, IBIDI_UNICODE_SC_COUNT);
        if (m > IBIDI_UNICODE_SC_COUNT)
            m = IBIDI_UNICODE_SC_COUNT;
        for (size_t k = 0; k < m; k++) {
            if (scx[k] == IBIDI_UNICODE_SC_ZYYY || scx[k] == IBIDI_UNICODE_SC_ZINH ||
                (unsigned)scx[k] >= IBIDI_UNICODE_SC_COUNT)
                continue;
            if (!have || count[scx[k]] > best) {
                main = scx[k];
                best = count[scx[k]];
                have = 1;
            }
        }
    }
    if (!have)
        return; /* digits, hyphens and other common characters only */
    int mixed = 0;
    for (size_t i = 0; i < l->n; i++) {
        if (scx_has(&sets[i], (unsigned)main) || commons[i])
            continue;
        mixed = 1;
        uint32_t m = lookalike_in(l->cps[i], main);
        if (m)
            put(s, l, IBIDI_CONFUSABLE_MIXED_SCRIPT_CONFUSABLE, i, 1, l->cps[i], (int)m);
    }
    if (mixed)
        return;
    /* whole-script: the scripts the first letter of the main script looks like, each tried
       on every other letter */
    uint8_t letter[IBIDI_CONFUSABLE_MAX_LABEL];
    for (size_t i = 0; i < l->n; i++)
        letter[i] = (uint8_t)(scx_has(&sets[i], (unsigned)main) && !commons[i]);
    const ibidi_unicode_sc whole = ibidi__confusable_whole_script(l->cps, letter, l->n, main);
    if (whole)
        put(s, l, IBIDI_CONFUSABLE_WHOLE_SCRIPT_CONFUSABLE, 0, l->n, 0, (int)whole);
}

ibidi_unicode_sc ibidi__confusable_whole_script(const uint32_t *cps, const uint8_t *letter,
                                                size_t n, ibidi_unicode_sc main)
{
    /* UTS #39 §4: a script other than the main one in which every letter of the main script
       has an allowed look-alike. The candidates are the scripts of the first letter's
       confusable set; since each letter, the first among them, must have a look-alike in
       the answer, the scripts every letter has one in are found first, from one table
       lookup a letter, and most labels end there, with none left. Common and Inherited are
       never candidates, nor is the main script. */
    scx_set alive;
    size_t first = n;
    for (unsigned w = 0; w < SCX_WORDS; w++)
        alive.w[w] = ~UINT64_C(0);
    alive.w[IBIDI_UNICODE_SC_ZYYY / 64] &= ~(UINT64_C(1) << (IBIDI_UNICODE_SC_ZYYY % 64));
    alive.w[IBIDI_UNICODE_SC_ZINH / 64] &= ~(UINT64_C(1) << (IBIDI_UNICODE_SC_ZINH % 64));
    if ((unsigned)main < IBIDI_UNICODE_SC_COUNT)
        alive.w[main / 64] &= ~(UINT64_C(1) << (main % 64));
    for (size_t i = 0; i < n; i++) {
        if (!letter[i])
            continue; /* common characters stay as they are */
        if (first == n)
            first = i;
        scx_set got;
        lookalike_scripts(cps[i], &alive, &got);
        uint64_t any = 0;
        for (unsigned w = 0; w < SCX_WORDS; w++)
            any |= alive.w[w] = got.w[w];
        if (!any)
            return 0;
    }
    if (first == n)
        return 0;
    /* the answer: the first candidate left, in the order of the members of the first
       letter's confusable set (code point order, the first 64), a member's script read from
       the members' table (one Recommended script, UAX #31 Table 5) */
    const uint16_t g = ibidi__trie(ibidi__confset_s1, ibidi__confset_s2, ibidi__confset_s3,
                                   IBIDI__CONF_SH1, IBIDI__CONF_SH2, cps[first]);
    for (uint32_t i = g ? ibidi__confset_off[g] : 0;
         g && i < ibidi__confset_off[g + 1] && i - ibidi__confset_off[g] < 64; i++) {
        const unsigned sc = ibidi__confset_script[i] & 0xFFu;
        if (scx_has(&alive, sc) && ibidi_uts39_recommended_script((ibidi_unicode_sc)sc))
            return (ibidi_unicode_sc)sc;
    }
    return 0;
}

static ibidi_status check_name(const char *name, size_t len, ibidi__sink *s, ibidi_error *err)
{
    label_text l;
    size_t pos = 0;
    l.n = 0;
    l.part = 0;
    l.at[0] = 0;
    int too_long = 0;
    while (pos <= len) {
        uint32_t cp = '.';
        size_t at = pos;
        if (pos < len) {
            ibidi_status st = ibidi_utf8_next(name, len, &pos, &cp, err);
            if (st != IBIDI_OK)
                return st;
        } else {
            pos++; /* the end closes the last label */
        }
        if (cp == '.') {
            l.at[l.n] = at;
            if (!too_long)
                check_scripts(s, &l);
            l.n = 0;
            l.part++;
            too_long = 0;
            continue;
        }
        if (!ibidi_confusable_identifier_allowed(cp)) { /* UTS #39 §3.1 */
            ibidi_finding f;
            memset(&f, 0, sizeof f);
            f.code = IBIDI_CONFUSABLE_RESTRICTED_CHARACTER;
            f.severity = IBIDI_SEVERITY_WARNING;
            f.part = l.part;
            f.offset = f.input_offset = at;
            f.length = f.input_length = pos - at;
            f.cp = cp;
            f.bidi_class = (int)ibidi_unicode_bidi_class(cp);
            f.detail = (int)ibidi_confusable_identifier_type(cp);
            ibidi__sink_put(s, &f);
        }
        if (l.n == IBIDI_CONFUSABLE_MAX_LABEL) {
            too_long = 1;
            continue;
        }
        l.at[l.n] = at;
        l.cps[l.n++] = cp;
    }
    return ibidi__ok(err);
}

ibidi_status ibidi_confusable_check_utf8(const char *name, size_t len, ibidi_findings *findings,
                                         ibidi_error *err)
{
    if ((!name && len) || (findings && !findings->items && findings->cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi__sink s;
    ibidi__sink_init(&s, findings);
    ibidi_status st = check_name(name, len, &s, err);
    ibidi__sink_done(&s, findings);
    return st;
}

ibidi_status ibidi__confusable_check_fn(const char *name, size_t len, ibidi__sink_fn fn,
                                        void *ctx, ibidi_error *err)
{
    ibidi__sink s;
    ibidi__sink_init_fn(&s, fn, ctx);
    return check_name(name, len, &s, err);
}
