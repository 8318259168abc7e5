/*
 * Domain name processing: UTS #46 §4 (Map, Normalize, Break, Convert/Validate), §4.2
 * ToASCII and §4.3 ToUnicode; and, with IBIDI_IDNA_2008_LOOKUP / _REGISTER, the IDNA2008
 * protocol of RFC 5891 §5 / §4 (no mapping, validity by the RFC 5892 derived property).
 *
 * Every call runs in a fixed work area on the stack: the processed name (the ToUnicode
 * form) in code points, the offset of each of its code points in the caller's units, and
 * the label table. Findings are recorded after the processed name is complete, so that
 * their offsets point into the ToUnicode form that the caller receives.
 */
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "ibidi/idna.h"
#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "ibidi/normalize.h"
#include "idna/idna_internal.h"
#include "idna/punycode_internal.h"
#include "unicode/ucd.h"
#include "unicode/utf8_internal.h"

#define MAXC IBIDI_IDNA_MAX_CPS

/* Label flags. */
enum {
    L_DECODED = 1,     /* converted from an "xn--" label by Punycode */
    L_P4_KEPT = 2,     /* UTS #46 step 4.1/4.2 failed: the label stays as it was, unvalidated */
    L_P4_DECODED = 4,  /* step 4.3: decoded to an empty or all-ASCII label */
    L_HAS_NON_ASCII = 8,
    L_RTL = 16,        /* RFC 5893 §1.4 RTL label */
    L_OTHER_ASCII = 32 /* ASCII other than a-z, 0-9 and hyphen-minus */
};

typedef struct label_rec {
    uint16_t start, end; /* code point indices into the processed name */
    uint8_t flags;
    uint8_t pny_status;  /* for L_P4_KEPT from a decoding failure: status - 300, else 0 */
} label_rec;

/* Lower-case ASCII letters, digits, hyphen-minus and the full stop map to themselves,
 * upper-case letters to lower case; every other byte maps to 0 here. */
static const unsigned char ldh_lower[256] = {
    ['-'] = '-', ['.'] = '.',
    ['0'] = '0', ['1'] = '1', ['2'] = '2', ['3'] = '3', ['4'] = '4',
    ['5'] = '5', ['6'] = '6', ['7'] = '7', ['8'] = '8', ['9'] = '9',
    ['A'] = 'a', ['B'] = 'b', ['C'] = 'c', ['D'] = 'd', ['E'] = 'e', ['F'] = 'f', ['G'] = 'g',
    ['H'] = 'h', ['I'] = 'i', ['J'] = 'j', ['K'] = 'k', ['L'] = 'l', ['M'] = 'm', ['N'] = 'n',
    ['O'] = 'o', ['P'] = 'p', ['Q'] = 'q', ['R'] = 'r', ['S'] = 's', ['T'] = 't', ['U'] = 'u',
    ['V'] = 'v', ['W'] = 'w', ['X'] = 'x', ['Y'] = 'y', ['Z'] = 'z',
    ['a'] = 'a', ['b'] = 'b', ['c'] = 'c', ['d'] = 'd', ['e'] = 'e', ['f'] = 'f', ['g'] = 'g',
    ['h'] = 'h', ['i'] = 'i', ['j'] = 'j', ['k'] = 'k', ['l'] = 'l', ['m'] = 'm', ['n'] = 'n',
    ['o'] = 'o', ['p'] = 'p', ['q'] = 'q', ['r'] = 'r', ['s'] = 's', ['t'] = 't', ['u'] = 'u',
    ['v'] = 'v', ['w'] = 'w', ['x'] = 'x', ['y'] = 'y', ['z'] = 'z',
};

/* The arrays of the general path, for a name of up to `cap` code points (after mapping):
 * 19 bytes a code point. A fixed area on the stack holds SMALL_CPS, more than a name of up
 * to 253 bytes can map to (UTS #46 maps a code point to at most six per UTF-8 byte of it,
 * U+FDFA; NFC then only reorders and composes); longer names run in the caller's work
 * area, of ibidi_idna_work_size() bytes, for up to MAXC. */
typedef struct work {
    unsigned flags;
    int units_cp;               /* offsets in code points (cp calls) or UTF-8 bytes */
    int to_ascii;
    int maybe_invalid;          /* Map or Normalize produced code points whose status was
                                   not looked up: criterion 7 must check every one */
    size_t cap;                 /* code points every array below holds */
    uint32_t *p;                /* the processed name */
    size_t n;
    uint32_t *tmp;              /* NFC output, decoded labels, scratch */
    uint16_t *off;              /* off[i]: offset of p[i] in the ToUnicode form (cap + 1);
                                   at most 4 * MAXC, so 16 bits hold it */
    label_rec *labels;          /* cap + 1 */
    char *ascii;                /* a label's Punycode part as bytes */
    size_t n_labels;
    int grown;                  /* the name needs more than cap code points */
    size_t grown_at;            /* the input offset where it ran out */
    ibidi__sink sink;
} work;

#define SMALL_CPS 1536
typedef struct small_area {
    uint32_t p[SMALL_CPS], tmp[SMALL_CPS];
    uint16_t off[SMALL_CPS + 1];
    label_rec labels[SMALL_CPS + 1];
    char ascii[SMALL_CPS];
} small_area;

/* Bytes of the arrays for cap code points, each array aligned for its type. */
#define AREA_BYTES(cap)                                                                    \
    ((2 * 4 + 2) * ((size_t)(cap) + 1) + sizeof(label_rec) * ((size_t)(cap) + 1) + (size_t)(cap) + 16)

size_t ibidi_idna_work_size(void) { return AREA_BYTES(MAXC); }

/* Points w's arrays into area (cap code points). */
static void lay_out(work *w, void *area, size_t cap)
{
    uintptr_t a = ((uintptr_t)area + 7u) & ~(uintptr_t)7u;
    w->cap = cap;
    w->p = (uint32_t *)a;
    w->tmp = w->p + cap + 1;
    w->off = (uint16_t *)(void *)(w->tmp + cap + 1);
    w->labels = (label_rec *)(void *)(w->off + cap + 1);
    w->ascii = (char *)(w->labels + cap + 1);
}

static int is_2008(const work *w) { return (w->flags & (IBIDI_IDNA_2008_LOOKUP | IBIDI_IDNA_2008_REGISTER)) != 0; }

static inline const ibidi__uts46 *uts46_rec(uint32_t cp)
{
    return &ibidi__uts46_rec[ibidi__trie(ibidi__uts46_s1, ibidi__uts46_s2, ibidi__uts46_s3,
                                         IBIDI__UTS46_SH1, IBIDI__UTS46_SH2, cp)];
}

static int is_surrogate(uint32_t cp) { return cp >= 0xD800 && cp <= 0xDFFF; }

static ibidi_status push(work *w, uint32_t cp, size_t in_off, ibidi_error *err)
{
    if (w->n >= w->cap) {
        if (w->cap < MAXC) { /* the fixed area is full: the caller's area may hold it */
            w->grown = 1;
            w->grown_at = in_off;
            return IBIDI_E_IDNA_WORK_TOO_SMALL;
        }
        return ibidi__fail(err, IBIDI_E_IDNA_TOO_LONG, in_off, cp);
    }
    w->p[w->n++] = cp;
    return IBIDI_OK;
}

/* UTS #46 §4 step 1 (Map) for one input code point. IDNA2008 has no mapping (RFC 5891
 * §5.2 leaves it to the application), so there the code point is kept. */
static ibidi_status map_cp(work *w, uint32_t cp, size_t in_off, ibidi_error *err)
{
    if (is_2008(w))
        return push(w, cp, in_off, err);
    if (is_surrogate(cp)) {
        w->maybe_invalid = 1; /* a lone surrogate is disallowed: kept, V7 later */
        return push(w, cp, in_off, err);
    }
    if (cp < 0x80) { /* the common case without a table lookup */
        if ((cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9') || cp == '-' || cp == '.')
            return push(w, cp, in_off, err);
        if (cp >= 'A' && cp <= 'Z')
            return push(w, cp + 32, in_off, err);
    }
    const ibidi__uts46 *u = uts46_rec(cp);
    ibidi_unicode_uts46 st = (ibidi_unicode_uts46)(u->status & 7u);
    int transitional = (w->flags & IBIDI_IDNA_TRANSITIONAL) != 0;
    switch (st) {
    case IBIDI_UNICODE_UTS46_IGNORED:
        return IBIDI_OK;
    case IBIDI_UNICODE_UTS46_MAPPED:
        w->maybe_invalid = 1;
        if (transitional && cp == 0x1E9E) { /* capital sharp s: "ss" when transitional */
            ibidi_status s = push(w, 's', in_off, err);
            return s ? s : push(w, 's', in_off, err);
        }
        break;
    case IBIDI_UNICODE_UTS46_DEVIATION:
        if (transitional) {
            w->maybe_invalid = 1;
            break; /* replaced by its mapping, which may be empty (ZWJ, ZWNJ) */
        }
        return push(w, cp, in_off, err);
    case IBIDI_UNICODE_UTS46_DISALLOWED: /* stays, and is found by the validity criteria */
        w->maybe_invalid = 1;
        return push(w, cp, in_off, err);
    default:
        return push(w, cp, in_off, err);
    }
    for (size_t i = 0; i < u->map_len; i++) {
        ibidi_status s = push(w, ibidi__seq_pool[u->map_off + i], in_off, err);
        if (s)
            return s;
    }
    return IBIDI_OK;
}

static ibidi_status map_utf8(work *w, const char *s, size_t len, ibidi_error *err)
{
    size_t pos = 0;
    while (pos < len) {
        unsigned char c = (unsigned char)s[pos];
        if (c < 0x80) {
            ibidi_status st = map_cp(w, c, pos, err);
            if (st)
                return st;
            pos++;
            continue;
        }
        size_t at = pos;
        uint32_t cp;
        ibidi_status st = ibidi_utf8_next(s, len, &pos, &cp, err);
        if (st)
            return st;
        if ((st = map_cp(w, cp, at, err)) != IBIDI_OK)
            return st;
    }
    return IBIDI_OK;
}

static ibidi_status map_cps(work *w, const uint32_t *cps, size_t n, ibidi_error *err)
{
    for (size_t i = 0; i < n; i++) {
        if (cps[i] > 0x10FFFF)
            return ibidi__fail(err, IBIDI_E_CP_TOO_LARGE, i, cps[i]);
        ibidi_status st = map_cp(w, cps[i], i, err);
        if (st)
            return st;
    }
    return IBIDI_OK;
}

/* NFC of src[0..n) into dst; lone surrogates (code point calls only) are left where they
 * are: they are starters that compose with nothing, so the pieces between them normalize
 * independently. */
static ibidi_status nfc(const uint32_t *src, size_t n, uint32_t *dst, size_t cap,
                        size_t *out_n, ibidi_error *err)
{
    size_t w = 0, i = 0;
    while (i < n) {
        if (is_surrogate(src[i])) {
            if (w >= cap)
                return ibidi__fail(err, IBIDI_E_IDNA_TOO_LONG, i, src[i]);
            dst[w++] = src[i++];
            continue;
        }
        size_t j = i;
        while (j < n && !is_surrogate(src[j]))
            j++;
        ibidi_buf32 got = {dst + w, cap - w, 0};
        ibidi_error e;
        ibidi_status st = ibidi_normalize_cp(src + i, j - i, IBIDI_NORMALIZE_NFC, &got, &e);
        if (st == IBIDI_E_BUFFER_TOO_SMALL)
            return ibidi__fail(err, IBIDI_E_IDNA_TOO_LONG, j, 0);
        if (st)
            return ibidi__fail(err, st, i + e.offset, e.value);
        w += got.len;
        i = j;
    }
    *out_n = w;
    return IBIDI_OK;
}

/* Is src[0..n) in NFC? (lone surrogates allowed, as above) */
static int is_nfc(const uint32_t *src, size_t n, uint32_t *scratch, size_t cap)
{
    ibidi_normalize_qc qc;
    int plain = 1;
    for (size_t i = 0; i < n; i++)
        if (is_surrogate(src[i]))
            plain = 0;
    if (plain && ibidi_normalize_quick_check_cp(src, n, IBIDI_NORMALIZE_NFC, &qc, NULL) == IBIDI_OK) {
        if (qc == IBIDI_NORMALIZE_YES)
            return 1;
        if (qc == IBIDI_NORMALIZE_NO)
            return 0;
    }
    size_t got;
    if (nfc(src, n, scratch, cap, &got, NULL) != IBIDI_OK)
        return 0;
    return got == n && memcmp(src, scratch, n * sizeof *src) == 0;
}

/* UTS #46 §4 step 2 (Normalize). */
static ibidi_status normalize_name(work *w, ibidi_error *err)
{
    size_t i = 0;
    while (i < w->n && w->p[i] < 0x300) /* no character below U+0300 changes under NFC */
        i++;
    if (i == w->n)
        return IBIDI_OK;
    if (is_nfc(w->p, w->n, w->tmp, w->cap))
        return IBIDI_OK;
    size_t got;
    ibidi_status st = nfc(w->p, w->n, w->tmp, w->cap, &got, err);
    if (st == IBIDI_E_IDNA_TOO_LONG && w->cap < MAXC) { /* longer than the fixed area */
        w->grown = 1;
        w->grown_at = err ? err->offset : 0;
        return IBIDI_E_IDNA_WORK_TOO_SMALL;
    }
    if (st)
        return st;
    memcpy(w->p, w->tmp, got * sizeof *w->p);
    w->n = got;
    w->maybe_invalid = 1; /* composition may give code points of another status */
    return IBIDI_OK;
}

static int ascii_lower(uint32_t c) { return c >= 'A' && c <= 'Z' ? (int)(c + 32) : (int)c; }

/* Does the label start with the ACE prefix "xn--"? UTS #46 has already mapped it to lower
 * case; IDNA2008 compares case-insensitively (RFC 5891 §5.3). */
static int has_ace_prefix(const uint32_t *l, size_t n)
{
    return n >= 4 && ascii_lower(l[0]) == 'x' && ascii_lower(l[1]) == 'n' && l[2] == '-' &&
           l[3] == '-';
}

/* UTS #46 §4 steps 3-4 (Break; Convert): splits the name into labels and replaces each
 * "xn--" label by its decoding, in place. A decoded label is never longer than the
 * Punycode it came from, so writing never overtakes reading. */
static void break_and_convert(work *w)
{
    size_t r = 0, wr = 0;
    w->n_labels = 0;
    for (;;) {
        size_t e = r;
        while (e < w->n && w->p[e] != '.')
            e++;
        const uint32_t *src = w->p + r;
        size_t len = e - r;
        uint8_t flags = 0, pny = 0;
        if (has_ace_prefix(src, len)) {
            size_t k;
            for (k = 4; k < len && src[k] < 0x80; k++)
                w->ascii[k - 4] = (char)ascii_lower(src[k]); /* RFC 5891 §5.3: lower case */
            if (k < len) {
                flags |= L_P4_KEPT; /* step 4.1: a non-ASCII code point */
            } else {
                ibidi_buf32 got = {w->tmp, w->cap, 0};
                /* Only the canonical encoding of a label is accepted: otherwise two
                 * different A-labels would name the same U-label (RFC 5891 §5.4: decode,
                 * re-encode, compare). The label is in lower case by now. */
                ibidi_status st = ibidi_punycode_decode(w->ascii, len - 4,
                                                        IBIDI_PUNYCODE_CANONICAL, &got, NULL);
                if (st) {
                    if (is_2008(w) || !(w->flags & IBIDI_IDNA_IGNORE_INVALID_PUNYCODE)) {
                        flags |= L_P4_KEPT; /* step 4.2 */
                        pny = (uint8_t)(st >= 300 && st < 400 ? st - 300 : 0);
                    }
                } else {
                    if (ibidi__punycode_is_basic_only(w->ascii, len - 4))
                        flags |= L_P4_DECODED; /* step 4.3: empty or all ASCII */
                    flags |= L_DECODED;
                    src = w->tmp;
                    len = got.len;
                }
            }
        }
        memmove(w->p + wr, src, len * sizeof *src);
        label_rec *L = &w->labels[w->n_labels++];
        L->start = (uint16_t)wr;
        L->end = (uint16_t)(wr + len);
        L->flags = flags;
        L->pny_status = pny;
        for (size_t k = wr; k < wr + len; k++) {
            uint32_t ch = w->p[k];
            if (ch >= 0x80)
                L->flags |= L_HAS_NON_ASCII;
            else if (!ldh_lower[ch] || ch == '.' || (ch >= 'A' && ch <= 'Z'))
                L->flags |= L_OTHER_ASCII;
        }
        if (ibidi__is_rtl_label(w->p + wr, len))
            L->flags |= L_RTL;
        wr += len;
        if (e >= w->n)
            break;
        w->p[wr++] = '.';
        r = e + 1;
    }
    w->n = wr;
}

static void compute_offsets(work *w)
{
    uint32_t o = 0;
    for (size_t i = 0; i < w->n; i++) {
        w->off[i] = (uint16_t)o;
        uint32_t c = w->p[i];
        o += w->units_cp ? 1 : (c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4);
    }
    w->off[w->n] = (uint16_t)o;
}

static int is_mark(uint32_t cp)
{
    ibidi_unicode_gc gc = ibidi_unicode_general_category(cp);
    return gc == IBIDI_UNICODE_GC_MN || gc == IBIDI_UNICODE_GC_MC || gc == IBIDI_UNICODE_GC_ME;
}

/* UTS #46 §4.1 criterion 7 and §4.1.1 for each code point. */
static void check_cps_uts46(work *w, const label_rec *L, uint32_t li)
{
    int transitional = (w->flags & IBIDI_IDNA_TRANSITIONAL) && !(L->flags & L_DECODED);
    int std3 = (w->flags & IBIDI_IDNA_USE_STD3_RULES) != 0;
    /* every code point was looked up on the way in (Map) and found valid, and nothing was
     * composed since: only the STD3 rule on ASCII is left */
    if (!w->maybe_invalid && !(L->flags & L_DECODED) && !(std3 && (L->flags & L_OTHER_ASCII)))
        return;
    for (size_t i = L->start; i < L->end; i++) {
        uint32_t c = w->p[i];
        if (c < 0x80) {
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')
                continue;
        }
        int ok;
        if (is_surrogate(c)) {
            ok = 0;
        } else {
            ibidi_unicode_uts46 st = (ibidi_unicode_uts46)(uts46_rec(c)->status & 7u);
            ok = st == IBIDI_UNICODE_UTS46_VALID ||
                 (st == IBIDI_UNICODE_UTS46_DEVIATION && !transitional);
        }
        if (!ok)
            ibidi__idna_add(&w->sink, IBIDI_IDNA_V7, li, w->off[i], c, -1);
        if (std3 && c < 0x80)
            ibidi__idna_add(&w->sink, IBIDI_IDNA_U1, li, w->off[i], c, -1);
    }
}

/* RFC 5891 §4.2.2 / §5.4: the RFC 5892 derived property of each code point. An all-ASCII
 * label that is not an A-label is an LDH label (RFC 5890 §2.3.1): letters of either case,
 * digits and hyphens. */
static void check_cps_2008(work *w, const label_rec *L, uint32_t li)
{
    int ldh = !(L->flags & (L_HAS_NON_ASCII | L_DECODED));
    for (size_t i = L->start; i < L->end; i++) {
        uint32_t c = w->p[i];
        if (ldh) {
            if (!ibidi__is_ldh(c))
                ibidi__idna_add(&w->sink, IBIDI_IDNA_DISALLOWED_CP, li, w->off[i], c, -1);
            continue;
        }
        switch (ibidi_idna_property_of(c)) {
        case IBIDI_IDNA_PVALID:
            break;
        case IBIDI_IDNA_CONTEXTJ:
        case IBIDI_IDNA_CONTEXTO:
            if (!ibidi__has_context_rule(c))
                ibidi__idna_add(&w->sink, IBIDI_IDNA_NO_CONTEXT_RULE, li, w->off[i], c, -1);
            break;
        case IBIDI_IDNA_DISALLOWED:
            ibidi__idna_add(&w->sink, IBIDI_IDNA_DISALLOWED_CP, li, w->off[i], c, -1);
            break;
        case IBIDI_IDNA_UNASSIGNED:
            ibidi__idna_add(&w->sink, IBIDI_IDNA_UNASSIGNED_CP, li, w->off[i], c, -1);
            break;
        }
    }
}

/* UTS #46 §4.1 validity criteria, or RFC 5891 §4.2 / §5.4, for one non-empty label. */
static void validate_label(work *w, const label_rec *L, uint32_t li, int bidi_name)
{
    const uint32_t *l = w->p + L->start;
    size_t n = (size_t)(L->end - L->start);
    size_t at = w->off[L->start];
    int v2008 = is_2008(w);
    /* criterion 1; IDNA2008 does not normalize, so every label is checked (RFC 5891 §5.3) */
    if ((L->flags & L_DECODED) || (v2008 && (L->flags & L_HAS_NON_ASCII)))
        if (!is_nfc(l, n, w->tmp, w->cap))
            ibidi__idna_add(&w->sink, IBIDI_IDNA_V1, li, at, 0, -1);
    if ((w->flags & IBIDI_IDNA_CHECK_HYPHENS) || v2008) {
        /* criterion 2 (RFC 5891 §4.2.3.1, §5.4: checked in lookup too) */
        if (n >= 4 && l[2] == '-' && l[3] == '-')
            ibidi__idna_add(&w->sink, IBIDI_IDNA_V2, li, w->off[L->start + 2], '-', -1);
    }
    if (w->flags & IBIDI_IDNA_CHECK_HYPHENS) { /* criterion 3 */
        if (l[0] == '-')
            ibidi__idna_add(&w->sink, IBIDI_IDNA_V3, li, at, '-', -1);
        else if (l[n - 1] == '-')
            ibidi__idna_add(&w->sink, IBIDI_IDNA_V3, li, w->off[L->end - 1], '-', -1);
    }
    /* criterion 4: a label that still starts with "xn--" after conversion */
    if (!v2008 && has_ace_prefix(l, n))
        ibidi__idna_add(&w->sink, IBIDI_IDNA_V4, li, at, 'x', -1);
    if (L->flags & L_DECODED) /* criterion 5: only a decoded label can hold a FULL STOP */
        for (size_t i = 0; i < n; i++)
            if (l[i] == '.')
                ibidi__idna_add(&w->sink, IBIDI_IDNA_V5, li, w->off[L->start + i], '.', -1);
    if (is_mark(l[0])) /* criterion 6; RFC 5891 §4.2.3.2 */
        ibidi__idna_add(&w->sink, IBIDI_IDNA_V6, li, at, l[0], -1);
    if (v2008)
        check_cps_2008(w, L, li);
    else
        check_cps_uts46(w, L, li);

    ibidi__label lb = {l, w->off + L->start, n, li};
    if ((w->flags & IBIDI_IDNA_CHECK_JOINERS) || v2008) /* criterion 8; RFC 5891 §5.4 */
        ibidi__contextj_label(&lb, &w->sink);
    if (w->flags & IBIDI_IDNA_2008_REGISTER) /* RFC 5891 §4.2.3.3 */
        ibidi__contexto_label(&lb, &w->sink);
    if ((w->flags & IBIDI_IDNA_CHECK_BIDI) && bidi_name) { /* criterion 9; RFC 5893 §2 */
        if ((w->flags & IBIDI_IDNA_BIDI_PER_LABEL) && !(L->flags & L_RTL)) {
            /* each label on its own: an LTR label of a Bidi domain name is not checked;
             * say so when the RFC's reading would have rejected it */
            ibidi__sink scratch;
            ibidi__sink_init(&scratch, NULL);
            ibidi__bidi_rule_label(&lb, &scratch);
            if (scratch.errors)
                ibidi__idna_add(&w->sink, IBIDI_IDNA_W_PER_LABEL_BIDI, li, at, l[0],
                                (int)ibidi_unicode_bidi_class(l[0]));
        } else {
            ibidi__bidi_rule_label(&lb, &w->sink);
        }
    }
}

/* UTS #46 §4 step 4 for every label, then the name-level findings. */
static void validate_name(work *w)
{
    int bidi_name = 0;
    for (size_t i = 0; i < w->n_labels; i++)
        if (w->labels[i].flags & L_RTL)
            bidi_name = 1;
    int seen_rtl = 0;
    for (size_t i = 0; i < w->n_labels; i++) {
        const label_rec *L = &w->labels[i];
        uint32_t li = (uint32_t)i;
        size_t at = w->off[L->start];
        size_t before = w->sink.errors;
        if (is_2008(w)) {
            if (L->flags & (L_P4_KEPT | L_P4_DECODED))
                ibidi__idna_add(&w->sink, IBIDI_IDNA_FAKE_A_LABEL, li, at, 0, -1);
        } else if (L->flags & (L_P4_KEPT | L_P4_DECODED)) {
            ibidi__idna_add(&w->sink, IBIDI_IDNA_P4, li, at, 0, -1);
        }
        if (!(L->flags & L_P4_KEPT)) { /* step 4.1 / 4.2 failed: next label */
            if (L->end > L->start)
                validate_label(w, L, li, bidi_name);
            else if (!w->to_ascii && (w->flags & IBIDI_IDNA_VERIFY_DNS_LENGTH) &&
                     (i + 1 < w->n_labels || w->n_labels == 1))
                /* an empty label other than the root label at the end: ToUnicode's
                 * counterpart of ToASCII's A4_2, under the same flag */
                ibidi__idna_add(&w->sink, IBIDI_IDNA_X4_2, li, at, 0, -1);
        }
        /* RFC 5890 §2.3.2.1: an "xn--" label must be the A-label of a valid U-label */
        if (is_2008(w) && (L->flags & L_DECODED) && !(L->flags & L_P4_DECODED) &&
            w->sink.errors > before)
            ibidi__idna_add(&w->sink, IBIDI_IDNA_FAKE_A_LABEL, li, at, 0, -1);
        /* RFC 5893 §2: the LDH guarantee holds unless a label starting with an ASCII digit
         * comes after an RTL label */
        if (seen_rtl && ibidi__is_digit_ldh_label(w->p + L->start, (size_t)(L->end - L->start)))
            ibidi__idna_add(&w->sink, IBIDI_IDNA_W_DIGIT_AFTER_RTL, li, at, w->p[L->start],
                            (int)IBIDI_UNICODE_BC_EN);
        if (L->flags & L_RTL)
            seen_rtl = 1;
    }
}

/* Output, in UTF-8 bytes or in code points, with the snprintf contract. */
typedef struct sink_out {
    char *c;     /* UTF-8 output, or */
    uint32_t *u; /* code point output (units_cp) */
    size_t cap, len;
    int units_cp;
} sink_out;

static inline void out_cp(sink_out *o, uint32_t cp)
{
    if (cp < 0x80 && !o->units_cp) {
        if (o->len < o->cap)
            o->c[o->len] = (char)cp;
        o->len++;
        return;
    }
    if (o->units_cp) {
        if (o->len < o->cap)
            o->u[o->len] = cp;
        o->len++;
        return;
    }
    if (o->len <= o->cap && o->cap - o->len >= 4 && cp <= 0x10FFFFu && cp - 0xD800u >= 0x800u) {
        o->len += ibidi__utf8_put(o->c + o->len, cp); /* room for any: no test per byte */
        return;
    }
    char b[4];
    size_t k = ibidi_utf8_encode_cp(cp, b);
    for (size_t i = 0; i < k; i++, o->len++)
        if (o->len < o->cap)
            o->c[o->len] = b[i];
}

static void out_ascii(sink_out *o, const char *s, size_t n)
{
    if (!o->units_cp && o->len + n <= o->cap) {
        memcpy(o->c + o->len, s, n);
        o->len += n;
        return;
    }
    for (size_t i = 0; i < n; i++, o->len++) {
        if (o->len < o->cap) {
            if (o->units_cp)
                o->u[o->len] = (unsigned char)s[i];
            else
                o->c[o->len] = s[i];
        }
    }
}

/* The Punycode of a label, straight into the output (no copy: a label of MAXC code points
 * may take 8 bytes each). Code point output gets the bytes at the end of its free room,
 * then widened in place from the last one, which never overwrites a byte not yet read
 * (byte i moves to entry i, at byte offset 4i >= i). When the room is too small only the
 * length is counted, as for every output. */
static ibidi_status out_punycode(sink_out *o, const uint32_t *l, size_t n, size_t *got)
{
    const size_t room = o->len < o->cap ? o->cap - o->len : 0;
    char *at = !room ? NULL : o->units_cp ? (char *)(void *)(o->u + o->len) : o->c + o->len;
    ibidi_buf enc = {at, room, 0};
    ibidi_status st = ibidi_punycode_encode(l, n, &enc, NULL);
    *got = enc.len;
    if (st == IBIDI_OK && o->units_cp)
        for (size_t i = *got; i-- > 0;)
            o->u[o->len + i] = (unsigned char)at[i];
    if (st == IBIDI_E_BUFFER_TOO_SMALL)
        st = IBIDI_OK; /* counted, not stored */
    if (st == IBIDI_OK)
        o->len += *got;
    return st;
}

/* UTS #46 §4.2 steps 3-4: Punycode for labels with non-ASCII code points, then the DNS
 * length limits (RFC 1034 §3.1: 63 octets per label, 253 for the name without the root
 * label). */
static void emit_ascii(work *w, sink_out *o)
{
    size_t name_len = 0, n_real = w->n_labels;
    const label_rec *last = &w->labels[w->n_labels - 1];
    int root = w->n_labels > 1 && last->end == last->start;
    for (size_t i = 0; i < w->n_labels; i++) {
        const label_rec *L = &w->labels[i];
        const uint32_t *l = w->p + L->start;
        size_t n = (size_t)(L->end - L->start);
        size_t start, label_len;
        if (i)
            out_cp(o, '.');
        start = o->len;
        if (L->flags & L_HAS_NON_ASCII) {
            size_t got = 0;
            out_ascii(o, "xn--", 4);
            ibidi_status st = out_punycode(o, l, n, &got);
            if (st == IBIDI_OK) {
                label_len = got + 4;
            } else {
                /* a lone surrogate, or an overflow (RFC 3492 §6.4): the label stays as it
                 * is */
                o->len = start;
                ibidi__idna_add(&w->sink, IBIDI_IDNA_A3, (uint32_t)i, w->off[L->start], 0, -1);
                for (size_t k = 0; k < n; k++)
                    out_cp(o, l[k]);
                label_len = o->len - start;
            }
        } else {
            for (size_t k = 0; k < n; k++)
                out_cp(o, l[k]);
            label_len = n;
        }
        if (!(w->flags & IBIDI_IDNA_VERIFY_DNS_LENGTH))
            continue;
        if (root && i == w->n_labels - 1) {
            n_real--;
            /* UTS #46 §4.2 step 4: VerifyDnsLength disallows the empty root label; the
             * IDNA2008 protocol takes a fully qualified name with its root label */
            if (!is_2008(w)) {
                const ibidi_finding f = {IBIDI_IDNA_A4_2, IBIDI_SEVERITY_ERROR, NULL, i,
                                         w->off[L->start], 0, 0, -1, IBIDI_DIR_LTR,
                                         IBIDI_IDNA_ROOT_LABEL, w->off[L->start], 0};
                ibidi__sink_put(&w->sink, &f);
            }
            continue;
        }
        if (label_len < 1 || label_len > 63)
            ibidi__idna_add(&w->sink, IBIDI_IDNA_A4_2, (uint32_t)i, w->off[L->start], 0, -1);
        name_len += label_len;
    }
    if (w->flags & IBIDI_IDNA_VERIFY_DNS_LENGTH) {
        name_len += n_real ? n_real - 1 : 0; /* the dots between the labels */
        if (name_len < 1 || name_len > 253)
            ibidi__idna_add(&w->sink, IBIDI_IDNA_A4_1, 0, 0, 0, -1);
    }
}

/* URL Standard, host parsing: a forbidden domain code point (a forbidden host code point,
 * a C0 control, U+0025 or U+007F). */
static int is_forbidden_domain_cp(uint32_t c)
{
    switch (c) {
    case ' ': case '#': case '%': case '/': case ':': case '<': case '>': case '?': case '@':
    case '[': case '\\': case ']': case '^': case '|': case 0x7F:
        return 1;
    default:
        return c <= 0x1F;
    }
}

/* URL Standard, domain to ASCII steps on the result of UTS #46 ToASCII (a name with a
 * non-ASCII code point): an empty result fails, and so does a forbidden domain code point.
 * Those of the result are those of the processed name: a label with non-ASCII code points
 * keeps its ASCII ones as Punycode's basic code points (RFC 3492 §3.1), and an A3 label
 * stays as it is. */
static void url_host_checks(work *w, size_t out_len)
{
    for (size_t li = 0; li < w->n_labels; li++) {
        const label_rec *L = &w->labels[li];
        for (size_t i = L->start; i < L->end; i++)
            if (is_forbidden_domain_cp(w->p[i]))
                ibidi__idna_add(&w->sink, IBIDI_IDNA_DOMAIN_INVALID_CODE_POINT, (uint32_t)li,
                                w->off[i], w->p[i], -1);
    }
    if (out_len == 0)
        ibidi__idna_add(&w->sink, IBIDI_IDNA_EMPTY_HOST, 0, 0, 0, -1);
}

static void emit_unicode(const work *w, sink_out *o)
{
    for (size_t i = 0; i < w->n; i++)
        out_cp(o, w->p[i]);
}

typedef struct call {
    const char *s;
    const uint32_t *cps;
    size_t len;
    unsigned flags;
    int to_ascii;
    sink_out out;
    size_t *out_len;
    ibidi_findings *findings;
    ibidi_error *err;
    void *work; /* the caller's work area, or NULL */
    size_t work_size;
} call;

/* The findings record of the library's own callers that take each finding through a sink
 * function (ibidi__idna_utf8_fn): items NULL and cap FINDINGS_FN, which no public call
 * accepts (items NULL with a capacity is refused), so that the call record of the public
 * calls keeps its size (two more fields there cost 2% of ToUnicode on a list of names). */
typedef struct findings_fn {
    ibidi_findings f;
    ibidi__sink_fn fn;
    void *ctx;
    sink_out *both; /* ToASCII: the ToUnicode form too, when the path has it (len SIZE_MAX
                       when it does not), or NULL */
    int *deferred;  /* with both: set when the A-labels were left out (see
                       ibidi__idna_utf8_both), or NULL when they may not be */
} findings_fn;
#define FINDINGS_FN SIZE_MAX

/* The second output of a ToASCII call of ibidi__idna_utf8_both, or NULL. */
static sink_out *both_of(const call *c)
{
    if (!c->to_ascii || !c->findings || c->findings->items || c->findings->cap != FINDINGS_FN)
        return NULL;
    return ((const findings_fn *)(const void *)c->findings)->both;
}

/* Where a ToASCII call of ibidi__idna_utf8_both that may leave out its A-labels says that
 * it did, or NULL. */
static int *deferred_of(const call *c)
{
    return both_of(c) ? ((const findings_fn *)(const void *)c->findings)->deferred : NULL;
}

/*
 * UTS #46 on a host name of ASCII letters, digits, hyphens and dots whose every label is
 * valid. For such a name Map is lower-casing, Normalize changes nothing, no label is an
 * A-label ("--" in positions 3-4 is left to the general path) or an RTL label, and
 * ToASCII and ToUnicode give the same text. Returns 0 as soon as anything else shows
 * (another character, an empty or long label, a hyphen rule): the general path then
 * decides, and reports what it finds. So the checks may be stricter than the rules, never
 * looser.
 */
static int ascii_fast_scalar(const unsigned char *s, size_t n, char *out, int hyphens, int dns)
{
    /* Map: any byte outside the table maps to 0, and ends the fast path at once (a name
     * with non-ASCII text often starts with it). out NULL: the checks alone (the output
     * does not fit, ascii_fast) */
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = ldh_lower[s[i]];
        if (!ch)
            return 0;
        if (out)
            out[i] = (char)ch;
    }
    /* the labels, from one full stop to the next: on the input, whose full stops and
     * hyphens lower-casing leaves as they are */
    const char *p = (const char *)s, *end = p + n;
    for (;;) {
        const char *e = p;
        while (e < end && *e != '.') /* labels are short: a plain loop beats memchr */
            e++;
        const char *dot = e < end ? e : NULL;
        size_t len = (size_t)(e - p);
        if (len == 0 || (dns && len > 63))
            return 0;
        if (len >= 4 && p[2] == '-' && p[3] == '-')
            return 0;
        if (hyphens && (p[0] == '-' || e[-1] == '-'))
            return 0;
        if (!dot)
            break;
        p = dot + 1;
    }
    return 1;
}

#if defined(__SSE2__)
/*
 * The same for a name of 16 to 63 bytes, 16 bytes at a time: one mask bit per byte for
 * "allowed", "full stop" and "hyphen", then the label rules on the masks, with no branch
 * per byte or per label. A name this short cannot hold a label over 63 octets nor exceed
 * 253 (VerifyDnsLength). The last chunk is read at n - 16, overlapping the one before.
 */
#define FAST_SIMD_MIN 16
#define FAST_SIMD_MAX 63

static inline unsigned chunk(const unsigned char *s, char *out, unsigned *dots, unsigned *hyph)
{
    const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
    /* bytes from 0x80 compare as negative, so they fall in none of the ranges */
    const __m128i up = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('A' - 1)),
                                     _mm_cmplt_epi8(v, _mm_set1_epi8('Z' + 1)));
    const __m128i l = _mm_or_si128(v, _mm_and_si128(up, _mm_set1_epi8(0x20)));
    const __m128i letter = _mm_and_si128(_mm_cmpgt_epi8(l, _mm_set1_epi8('a' - 1)),
                                         _mm_cmplt_epi8(l, _mm_set1_epi8('z' + 1)));
    const __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(l, _mm_set1_epi8('0' - 1)),
                                        _mm_cmplt_epi8(l, _mm_set1_epi8('9' + 1)));
    const __m128i dot = _mm_cmpeq_epi8(l, _mm_set1_epi8('.'));
    const __m128i hy = _mm_cmpeq_epi8(l, _mm_set1_epi8('-'));
    const __m128i ok = _mm_or_si128(_mm_or_si128(letter, digit), _mm_or_si128(dot, hy));
    _mm_storeu_si128((__m128i *)(void *)out, l);
    *dots = (unsigned)_mm_movemask_epi8(dot);
    *hyph = (unsigned)_mm_movemask_epi8(hy);
    return (unsigned)_mm_movemask_epi8(ok);
}

static int ascii_fast_simd(const unsigned char *s, size_t n, char *out, int hyphens)
{
    uint64_t ok = 0, d = 0, h = 0;
    for (size_t i = 0;; i += 16) {
        size_t at = i + 16 <= n ? i : n - 16;
        unsigned cd, ch, co = chunk(s + at, out + at, &cd, &ch);
        ok |= (uint64_t)co << at;
        d |= (uint64_t)cd << at;
        h |= (uint64_t)ch << at;
        if (at + 16 >= n)
            break;
    }
    const uint64_t all = ((uint64_t)1 << n) - 1, last = (uint64_t)1 << (n - 1);
    const uint64_t starts = ((d << 1) | 1) & all, ends = (d >> 1) | last;
    uint64_t bad = ok ^ all;           /* a byte outside a-z A-Z 0-9 - . */
    bad |= d & (starts | last);        /* an empty label: a full stop first, last or twice */
    bad |= (starts << 2) & h & (h >> 1); /* "--" in positions 3 and 4 (maybe a label later) */
    if (hyphens)
        bad |= h & (starts | ends);    /* UTS #46 §4.1 criterion 3 */
    return bad == 0;
}
#endif

/* 1: the name took the path and its output is in o; 2: it took the path but its output
 * (o->len bytes) does not fit in o->cap; 0: the general path decides. */
static int ascii_fast(const call *c, sink_out *o)
{
    const unsigned char *s = (const unsigned char *)c->s;
    size_t n = c->len;
    unsigned f = c->flags;
    int hyphens = (f & IBIDI_IDNA_CHECK_HYPHENS) != 0, dns = (f & IBIDI_IDNA_VERIFY_DNS_LENGTH) != 0;
    if (!s || n == 0 || o->units_cp ||
        (f & (IBIDI_IDNA_2008_LOOKUP | IBIDI_IDNA_2008_REGISTER)) || (dns && n > 253))
        return 0;
    if (o->cap < n) {
        /* the answer must not depend on the buffer: the general path gives up on a name
         * over MAXC code points (IDNA_TOO_LONG) that this path finds valid when the
         * buffer holds it (a long name under whatwg, which does not VerifyDnsLength), so
         * a name this path accepts is valid here too, and its length is reported */
        if (!ascii_fast_scalar(s, n, NULL, hyphens, dns))
            return 0;
        o->len = n;
        return 2;
    }
#if defined(__SSE2__)
    if (n >= FAST_SIMD_MIN && n <= FAST_SIMD_MAX) {
        if (!ascii_fast_simd(s, n, o->c, hyphens))
            return 0;
        o->len = n;
        return 1;
    }
#endif
    if (!ascii_fast_scalar(s, n, o->c, hyphens, dns))
        return 0;
    o->len = n;
    return 1;
}

/*
 * UTS #46 on a UTF-8 name that needs no more than a one-to-one mapping (upper case to
 * lower case) and yields no finding: the common case of names in other scripts. One pass decodes the name and
 * reads, for each code point, what the general path would learn from Map, Normalize and
 * the validity criteria:
 *   - Map (§4 step 1): ASCII other than letters, digits, hyphen-minus and full stop leaves
 *     the lane, and so does a non-ASCII code point unless it is valid as it is (a
 *     deviation other than ZWNJ and ZWJ counts as valid in nontransitional processing)
 *     or mapped to one code point that is;
 *   - Normalize (step 2): the quick check (UAX #15 §9) must say "yes" (NFC_Quick_Check=Yes
 *     everywhere, combining classes in order), so NFC leaves the name as it is;
 *   - Convert (step 4): a label with "--" in positions 3 and 4 (among them every "xn--")
 *     leaves the lane, so nothing is decoded.
 * Then per label: not empty (VerifyDnsLength, the root label), criterion 3 (hyphens),
 * criterion 6 (a leading mark), criterion 9 (the Bidi Rule, on the classes read in the
 * pass, if the name is a Bidi domain name), the warning of RFC 5893 §2 (a label starting
 * with a digit after an RTL label), and for ToASCII the DNS lengths. Criteria 1, 5, 7 and 8
 * hold by construction (no decoding; only valid code points, so no ZWNJ or ZWJ). Whenever
 * the general path would report anything, or the output does not fit, the lane returns 0
 * and the general path redoes the name and reports it. tests/test_idna_api.c compares the
 * two (the code point calls never take the lane).
 */
#define LANE_MAX 256 /* code points; longer names take the general path */
#define NON_ASCII (1u << 31) /* above the Bidi_Class bits */

/* A non-ASCII code point that stays as it is and needs no contextual rule: status valid,
 * or a deviation other than ZWNJ and ZWJ (sharp s, final sigma) in nontransitional
 * processing, where it is valid (§4.1 criterion 7). */
static inline int lane_valid(uint32_t cp, int transitional)
{
    const unsigned st = uts46_rec(cp)->status & 7u;
    return st == IBIDI_UNICODE_UTS46_VALID ||
           (st == IBIDI_UNICODE_UTS46_DEVIATION && !transitional && cp != 0x200C && cp != 0x200D);
}

#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int fast_lane(const call *c, sink_out *o)
{
    const unsigned char *s = (const unsigned char *)c->s;
    const size_t len = c->len;
    const unsigned f = c->flags;
    uint32_t cps[LANE_MAX];
    uint8_t cls[LANE_MAX];
    uint16_t lab_end[LANE_MAX + 1]; /* where each label ends */
    unsigned lab_bits[LANE_MAX + 1]; /* the Bidi_Class bits of each label, and NON_ASCII */
    size_t n = 0, pos = 0, nl = 0;
    unsigned last_ccc = 0, seen = 0, bits = 0; /* seen: the bits of the whole name */
    int same = 1; /* no code point mapped: the ToUnicode form is the input's bytes */
    const int transitional = (f & IBIDI_IDNA_TRANSITIONAL) != 0;
    if (!s || o->units_cp || (f & (IBIDI_IDNA_2008_LOOKUP | IBIDI_IDNA_2008_REGISTER)))
        return 0;
    while (pos < len) {
        if (n == LANE_MAX)
            return 0;
        const unsigned char b = s[pos];
        uint32_t cp;
        if (b < 0x80) {
            cp = ldh_lower[b];
            if (!cp)
                return 0;
            same &= cp == b;
            last_ccc = 0;
            pos++;
        } else {
            ibidi_status st;
            size_t k = ibidi__utf8_decode_multi(s + pos, len - pos, &cp, &st);
            if (!k || !lane_valid(cp, transitional)) {
                /* Map: a code point mapped to a single one that is valid as it is (an
                 * upper-case letter); anything else leaves the lane */
                const ibidi__uts46 *u = k ? uts46_rec(cp) : NULL;
                if (!u || (u->status & 7u) != IBIDI_UNICODE_UTS46_MAPPED || u->map_len != 1)
                    return 0;
                cp = ibidi__seq_pool[u->map_off];
                if (cp < 0x80 ? ldh_lower[cp] != cp : !lane_valid(cp, transitional))
                    return 0;
                same = 0;
            }
            const uint32_t ni = ibidi__norm_info(cp);
            const unsigned ccc = IBIDI__NI_CCC(ni);
            if (IBIDI__NI_NFC_QC(ni) != IBIDI_NORMALIZE_YES || (ccc && ccc < last_ccc))
                return 0;
            last_ccc = ccc;
            pos += k;
        }
        const ibidi_unicode_bc bc = ibidi__bc(cp);
        if (cp == '.') { /* Break (§4 step 3): the label ends */
            lab_end[nl] = (uint16_t)n;
            lab_bits[nl++] = bits;
            seen |= bits;
            bits = 0;
        } else {
            bits |= IBIDI__BC_BIT(bc) | (cp >= 0x80 ? NON_ASCII : 0);
        }
        cps[n] = cp;
        cls[n++] = (uint8_t)bc;
    }
    lab_end[nl] = (uint16_t)n;
    lab_bits[nl++] = bits;
    seen |= bits;
    const unsigned rtl_bits = IBIDI__BC_BIT(IBIDI_UNICODE_BC_R) |
                              IBIDI__BC_BIT(IBIDI_UNICODE_BC_AL) |
                              IBIDI__BC_BIT(IBIDI_UNICODE_BC_AN);
    const int bidi_name = (seen & rtl_bits) != 0; /* RFC 5893 §1.4 */
    const int dns = (f & IBIDI_IDNA_VERIFY_DNS_LENGTH) != 0;
    /* The A-labels left out when the caller allows it and RFC 5891 §4.2's lengths hold for
       a bound on each A-label (then encoding cannot fail either): the name's validity does
       not depend on them, and a name shown in Unicode never needs them */
    int *deferred = c->to_ascii ? deferred_of(c) : NULL;
    int defer = deferred != NULL;
    for (size_t li = 0, a = 0, total = nl - 1; defer && li < nl; li++) {
        const size_t e = lab_end[li];
        size_t m = e - a;
        if (lab_bits[li] & NON_ASCII) {
            const size_t bound = ibidi__punycode_bound(cps + a, m);
            defer = bound != SIZE_MAX && (!dns || bound + 4 <= 63);
            m = bound + 4;
        } else {
            defer = !dns || m <= 63;
        }
        total += m;
        defer = defer && (!dns || total <= 253) && total <= o->cap;
        a = e + 1;
    }
    int seen_rtl = 0;
    sink_out t = *o; /* counts what does not fit; the lane gives up then */
    t.len = 0;
    for (size_t li = 0, a = 0; li < nl; li++) {
        const size_t e = lab_end[li];
        const size_t m = e - a;
        if (m == 0) /* an empty label, the root label among them */
            return 0;
        if (m >= 4 && cps[a + 2] == '-' && cps[a + 3] == '-') /* criteria 2, 4; step 4 */
            return 0;
        if ((f & IBIDI_IDNA_CHECK_HYPHENS) && (cps[a] == '-' || cps[e - 1] == '-'))
            return 0; /* criterion 3 */
        if (cps[a] >= 0x80 && is_mark(cps[a])) /* criterion 6 */
            return 0;
        const int rtl = (lab_bits[li] & rtl_bits) != 0;
        if (bidi_name && (f & IBIDI_IDNA_CHECK_BIDI) &&
            ibidi__rule_classes(cls + a, m, IBIDI__RULE_STOP, NULL, NULL))
            return 0; /* criterion 9 */
        if (seen_rtl && ibidi__is_digit_ldh_label(cps + a, m)) /* RFC 5893 §2 */
            return 0;
        seen_rtl |= rtl;
        if (a && !defer)
            out_cp(&t, '.');
        if (c->to_ascii && (lab_bits[li] & NON_ASCII)) { /* §4.2 step 3: the A-label */
            char pny[4 * LANE_MAX];
            ibidi_buf got = {pny, sizeof pny, 0};
            if (!defer) {
                if (ibidi_punycode_encode(cps + a, m, &got, NULL) || (dns && got.len + 4 > 63))
                    return 0;
                out_ascii(&t, "xn--", 4);
                out_ascii(&t, pny, got.len);
            }
        } else { /* ToUnicode, or an ASCII label */
            if (c->to_ascii && dns && m > 63)
                return 0;
            for (size_t i = a; i < e && !defer; i++)
                out_cp(&t, cps[i]);
        }
        a = e + 1;
    }
    if (t.len > t.cap || (c->to_ascii && dns && t.len > 253)) /* §4.2 step 4 */
        return 0;
    o->len = t.len;
    if (defer)
        *deferred = 1;
    sink_out *u = both_of(c);
    if (u && same && len <= u->cap) { /* the ToUnicode form: the input as it is */
        memcpy(u->c, s, len);
        u->len = len;
    } else if (u) { /* or the labels' code points */
        u->len = 0;
        for (size_t i = 0; i < n; i++)
            out_cp(u, cps[i]);
    }
    return 1;
}

static ibidi_status run_general(const call *c, sink_out *o);
static ibidi_status run_big(const call *c, sink_out *o);

/* Starts the sink of a call on its findings record (see findings_fn). */
static void sink_for(const call *c, ibidi__sink *s)
{
    if (c->findings && !c->findings->items && c->findings->cap == FINDINGS_FN) {
        const findings_fn *x = (const findings_fn *)(const void *)c->findings;
        ibidi__sink_init_fn(s, x->fn, x->ctx);
    } else {
        ibidi__sink_init(s, c->findings);
    }
}

/*
 * URL Standard, domain to ASCII with beStrict false (IBIDI_IDNA_URL_HOST), on a name of
 * ASCII code points only: the result is the name lowercased, whatever UTS #46 ToASCII says
 * of it (the standard's carve-out for web compatibility: "xn--a" and "xn--ls8h=" are
 * hosts); then the empty host and the forbidden domain code points fail (domain to ASCII;
 * host parsing). Offsets are those of the input, which lowercasing keeps. Returns 0 when
 * the name has a non-ASCII code point: UTS #46 decides, then url_host_checks. Out of line:
 * the fast paths' callers do not pay for its sink.
 */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int url_ascii(const call *c, sink_out *o, ibidi_status *st)
{
    const size_t n = c->len;
    for (size_t i = 0; i < n; i++)
        if ((c->cps ? c->cps[i] : (unsigned char)c->s[i]) >= 0x80)
            return 0;
    ibidi__sink sink;
    uint32_t label = 0;
    sink_for(c, &sink);
    for (size_t i = 0; i < n; i++) {
        const uint32_t ch = (uint32_t)ascii_lower(c->cps ? c->cps[i] : (unsigned char)c->s[i]);
        if (is_forbidden_domain_cp(ch))
            ibidi__idna_add(&sink, IBIDI_IDNA_DOMAIN_INVALID_CODE_POINT, label, i, ch, -1);
        label += ch == '.';
        out_cp(o, ch);
    }
    if (n == 0)
        ibidi__idna_add(&sink, IBIDI_IDNA_EMPTY_HOST, 0, 0, 0, -1);
    if (c->out_len)
        *c->out_len = o->len;
    ibidi__sink_done(&sink, c->findings);
    if (o->len > o->cap)
        *st = ibidi__fail(c->err, IBIDI_E_BUFFER_TOO_SMALL, o->cap, 0);
    else if (sink.errors)
        *st = ibidi__fail(c->err, IBIDI_E_IDNA_INVALID, sink.first_error_offset,
                          sink.first_error_cp);
    else
        *st = IBIDI_OK;
    return 1;
}

/* Inlined into each public call, so that the call record is never built in memory and
 * read back (a store-forwarding stall that cost more than the whole fast path). `internal`
 * (a constant at each call) is 1 for ibidi__idna_utf8_fn, whose findings record is a
 * findings_fn. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline ibidi_status run(const call *c, int internal)
{
    sink_out o = c->out;
    if (c->err) {
        c->err->status = IBIDI_OK;
        c->err->offset = 0;
        c->err->value = 0;
    }
    if (c->out_len)
        *c->out_len = 0;
    if (c->findings)
        c->findings->n = c->findings->errors = 0;
    if ((!c->s && !c->cps && c->len) || (!o.c && !o.u && o.cap) ||
        (c->findings && !c->findings->items && c->findings->cap && !internal))
        return ibidi__fail(c->err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    /* both IDNA2008 modes, or an unknown profile (IBIDI__BAD_OPTIONS has every bit) */
    if ((c->flags & IBIDI_IDNA_2008_LOOKUP) && (c->flags & IBIDI_IDNA_2008_REGISTER))
        return ibidi__fail(c->err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    const int fast = ascii_fast(c, &o);
    if (fast) {
        if (c->out_len)
            *c->out_len = o.len;
        sink_out *u = both_of(c);
        if (u) { /* an ASCII name is its own ToUnicode form */
            if (fast == 1 && o.len <= u->cap)
                memcpy(u->c, o.c, o.len);
            else if (o.len <= u->cap) /* the output did not fit, the form may */
                ascii_fast_scalar((const unsigned char *)c->s, c->len, u->c, 0, 0);
            u->len = o.len;
        }
        return fast == 1 ? IBIDI_OK : ibidi__fail(c->err, IBIDI_E_BUFFER_TOO_SMALL, o.cap, 0);
    }
    ibidi_status url_st;
    if (c->to_ascii && (c->flags & IBIDI_IDNA_URL_HOST) &&
        !(c->flags & (IBIDI_IDNA_2008_LOOKUP | IBIDI_IDNA_2008_REGISTER)) &&
        url_ascii(c, &o, &url_st))
        return url_st;
    /* names in A-labels, as zone files hold them: src/idna/alabel.c */
    if (c->s && !o.units_cp && ibidi__idna_alabel_lane(c->s, c->len, c->flags, c->to_ascii,
                                                       o.c, o.cap, &o.len)) {
        if (c->out_len)
            *c->out_len = o.len;
        return IBIDI_OK;
    }
    if (fast_lane(c, &o)) {
        if (c->out_len)
            *c->out_len = o.len;
        return IBIDI_OK;
    }
    /* the caller's area when it holds MAXC code points, else the fixed one */
    if (c->work != NULL && c->work_size >= ibidi_idna_work_size())
        return run_big(c, &o);
    return run_general(c, &o);
}

/* The first encoding error of the whole input (ill-formed UTF-8, or a code point above
 * U+10FFFF), into c->err; IBIDI_OK when there is none. */
static ibidi_status encoding_error(const call *c)
{
    if (c->cps == NULL) {
        ibidi_error e;
        const ibidi_status st = ibidi_utf8_validate(c->s, c->len, NULL, &e);
        return st == IBIDI_OK ? IBIDI_OK : ibidi__fail(c->err, st, e.offset, e.value);
    }
    for (size_t i = 0; i < c->len; i++)
        if (c->cps[i] > 0x10FFFF)
            return ibidi__fail(c->err, IBIDI_E_CP_TOO_LARGE, i, c->cps[i]);
    return IBIDI_OK;
}

/* Every other name, in the area given: the fixed one (run_general) or the caller's
 * (run_big, cap MAXC). The fixed area has a frame of its own, so that a call given a work
 * area does not hold it too: it runs in IBIDI_IDNA_WORK_STACK, and the library's callers
 * can run IDNA under other work within IBIDI_STACK_MAX. (One body for both: inlined into
 * each, its helpers stay out of line and ToUnicode runs 5% slower.) */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static ibidi_status run_in(const call *c, sink_out *op, void *area, size_t cap)
{
    work w;
    sink_out o;
    ibidi_status st;
    o = *op;
    w.flags = c->flags;
    w.units_cp = c->cps != NULL;
    w.to_ascii = c->to_ascii;
    w.maybe_invalid = 0;
    w.n = 0;
    w.grown = 0;
    lay_out(&w, area, cap);
    sink_for(c, &w.sink);
    st = c->cps ? map_cps(&w, c->cps, c->len, c->err) : map_utf8(&w, c->s, c->len, c->err);
    if (st == IBIDI_OK && !is_2008(&w))
        st = normalize_name(&w, c->err);
    if (w.grown || st == IBIDI_E_IDNA_TOO_LONG) {
        /* Mapping stopped at a limit, maybe before the end: an encoding error after it
         * still comes first (idna.h), whatever the length or the area. */
        const ibidi_status enc = encoding_error(c);
        if (enc != IBIDI_OK)
            return enc;
    }
    if (w.grown) /* more than the fixed area holds, and no work area for it */
        return ibidi__fail(c->err, IBIDI_E_IDNA_WORK_TOO_SMALL, w.grown_at, 0);
    if (st)
        return st;
    break_and_convert(&w);
    compute_offsets(&w);
    validate_name(&w);
    if (c->to_ascii)
        emit_ascii(&w, &o);
    else
        emit_unicode(&w, &o);
    sink_out *u = both_of(c);
    if (u) {
        u->len = 0;
        emit_unicode(&w, u);
    }
    if (c->to_ascii && (w.flags & IBIDI_IDNA_URL_HOST) && !is_2008(&w))
        url_host_checks(&w, o.len);

    if (c->out_len)
        *c->out_len = o.len;
    ibidi__sink_done(&w.sink, c->findings);
    if (o.len > o.cap)
        return ibidi__fail(c->err, IBIDI_E_BUFFER_TOO_SMALL, o.cap, 0);
    if (w.sink.errors)
        return ibidi__fail(c->err, IBIDI_E_IDNA_INVALID, w.sink.first_error_offset,
                    w.sink.first_error_cp);
    return IBIDI_OK;
}

/* Out of line: the fast paths' callers do not pay for its frame. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static ibidi_status run_general(const call *c, sink_out *op)
{
    small_area small;
    return run_in(c, op, &small, SMALL_CPS);
}

static ibidi_status run_big(const call *c, sink_out *op)
{
    return run_in(c, op, c->work, MAXC);
}

/* The public calls take the output as one record (ibidi_buf, ibidi_buf32: common.h's
 * convention for every output buffer); the call record keeps its three fields, the length
 * written straight into the caller's record. A NULL record is an output of capacity 0. */
ibidi_status ibidi_idna_to_ascii_utf8(const char *name, size_t len,
                                      const ibidi_idna_options *opts, ibidi_buf *out,
                                      ibidi_findings *findings, ibidi_error *err)
{
    call c = {name, NULL, len, ibidi__options_flags(opts), 1,
              {out ? out->data : NULL, NULL, out ? out->cap : 0, 0, 0}, out ? &out->len : NULL,
              findings, err, opts ? opts->work : NULL, opts ? opts->work_size : 0};
    return run(&c, 0);
}

ibidi_status ibidi_idna_to_unicode_utf8(const char *name, size_t len,
                                        const ibidi_idna_options *opts, ibidi_buf *out,
                                        ibidi_findings *findings, ibidi_error *err)
{
    call c = {name, NULL, len, ibidi__options_flags(opts), 0,
              {out ? out->data : NULL, NULL, out ? out->cap : 0, 0, 0}, out ? &out->len : NULL,
              findings, err, opts ? opts->work : NULL, opts ? opts->work_size : 0};
    return run(&c, 0);
}

/* The code point calls: a NULL name is the empty name when n is 0, and an argument error
 * (found by run) otherwise. */
static inline ibidi_status run_cp(const uint32_t *name, size_t n, const ibidi_idna_options *opts,
                                  int to_ascii, ibidi_buf32 *out, ibidi_findings *findings,
                                  ibidi_error *err)
{
    static const uint32_t none[1] = {0};
    call c = {NULL, name ? name : (n ? NULL : none), n, ibidi__options_flags(opts), to_ascii,
              {NULL, out ? out->data : NULL, out ? out->cap : 0, 0, 1}, out ? &out->len : NULL,
              findings, err, opts ? opts->work : NULL, opts ? opts->work_size : 0};
    return run(&c, 0);
}

ibidi_status ibidi_idna_to_ascii_cp(const uint32_t *name, size_t n, const ibidi_idna_options *opts,
                                    ibidi_buf32 *out, ibidi_findings *findings, ibidi_error *err)
{
    return run_cp(name, n, opts, 1, out, findings, err);
}

ibidi_status ibidi_idna_to_unicode_cp(const uint32_t *name, size_t n,
                                      const ibidi_idna_options *opts, ibidi_buf32 *out,
                                      ibidi_findings *findings, ibidi_error *err)
{
    return run_cp(name, n, opts, 0, out, findings, err);
}

ibidi_status ibidi__idna_utf8_fn(const char *name, size_t len, const ibidi_idna_options *opts,
                                int to_ascii, char *out, size_t cap, size_t *out_len,
                                ibidi__sink_fn fn, void *ctx, ibidi_error *err)
{
    findings_fn x = {{NULL, FINDINGS_FN, 0, 0}, fn, ctx, NULL, NULL};
    call c = {name, NULL, len, ibidi__options_flags(opts), to_ascii, {out, NULL, cap, 0, 0},
              out_len, &x.f, err, opts ? opts->work : NULL, opts ? opts->work_size : 0};
    return run(&c, 1);
}

ibidi_status ibidi__idna_utf8_both(const char *name, size_t len, const ibidi_idna_options *opts,
                                  char *out, size_t cap, size_t *out_len, char *uout,
                                  size_t ucap, size_t *uout_len, int *deferred,
                                  ibidi__sink_fn fn, void *ctx, ibidi_error *err)
{
    sink_out u = {uout, NULL, ucap, SIZE_MAX, 0};
    if (deferred)
        *deferred = 0;
    findings_fn x = {{NULL, FINDINGS_FN, 0, 0}, fn, ctx, &u, deferred};
    call c = {name, NULL, len, ibidi__options_flags(opts), 1, {out, NULL, cap, 0, 0},
              out_len, &x.f, err, opts ? opts->work : NULL, opts ? opts->work_size : 0};
    const ibidi_status st = run(&c, 1);
    *uout_len = u.len;
    return st;
}

/* A full stop ending s[0..end): its length in bytes (U+002E, or one of the three UTS #46
 * maps to it: U+3002, U+FF0E, U+FF61), or 0. */
static size_t full_stop_before(const char *s, size_t end)
{
    if (end >= 1 && s[end - 1] == '.')
        return 1;
    if (end >= 3) {
        const unsigned char *b = (const unsigned char *)s + end - 3;
        if ((b[0] == 0xE3 && b[1] == 0x80 && b[2] == 0x82) ||
            (b[0] == 0xEF && b[1] == 0xBC && b[2] == 0x8E) ||
            (b[0] == 0xEF && b[1] == 0xBD && b[2] == 0xA1))
            return 3;
    }
    return 0;
}

/* RFC 1034 §3.1: a name that ends in a full stop ends with the empty root label, and names
 * the same node as without it. */
size_t ibidi_idna_strip_root(const char *name, size_t len)
{
    if (!name)
        return 0;
    const size_t k = full_stop_before(name, len);
    if (k == 0 || k == len || full_stop_before(name, len - k))
        return len; /* no full stop, the root name ".", or an empty label before it */
    return len - k;
}
