/*
 * Text in display order: resolution, L1 and L2 with each paragraph as one line, and L4
 * (mirrored glyphs at odd levels).
 */
#include <stdlib.h>
#include <string.h>

#include "bidi/bidi_internal.h"
#include "unicode/ucd.h"
#include "unicode/utf8_internal.h"
#include "ibidi/utf8.h"

uint32_t ibidi_bidi_mirror(uint32_t cp, uint8_t level)
{
    /* L4: a Bidi_Mirrored character at an odd level shows its mirrored glyph, when the
     * UCD names one (BidiMirroring.txt); others are left to the font. */
    if (!(level & 1u) || cp > 0x10FFFFu || !(ibidi__props_of(cp)->flags & IBIDI__PF_MIRRORED))
        return cp;
    return ibidi_cp_mirroring_glyph(cp);
}

typedef struct small_visual_work {
    uint64_t
        w[(IBIDI_BIDI_SMALL * IBIDI__BIDI_WORK_VISUAL_PER_CP + IBIDI__BIDI_WORK_SLACK) / 8u + 1u];
} small_visual_work;

/* The shared part of both visual functions: the resolution, and the logical index shown
 * at each visual position. */
typedef struct visual {
    ibidi__bidi b;
    uint8_t *lev;
    uint32_t *map;  /* visual position -> logical index */
    uint32_t *offs; /* UTF-8 only: byte offset of each code point */
} visual;

static void layout(visual *v, void *work, size_t n)
{
    unsigned char *p = ibidi__bidi_layout(&v->b, work, n);
    v->lev = p;
    uintptr_t q = ((uintptr_t)(p + n) + 3u) & ~(uintptr_t)3u;
    v->map = (uint32_t *)q;
    v->offs = v->map + n;
    v->b.lev = v->lev;
}

/* L2 for every paragraph: map[] gets the logical index shown at each visual position.
 * The separator stays at the end of its paragraph. */
static void reorder_paragraphs(visual *v)
{
    size_t n = v->b.n, ps = 0;
    while (ps < n) {
        size_t pe = ps;
        while (pe < n && (v->b.orig[pe] & IBIDI__O_CLASS) != IBIDI_BC_B)
            pe++;
        ibidi__bidi_visual_map32(v->lev + ps, pe - ps, v->map + ps, v->b.aux + ps);
        if (ps > 0)
            for (size_t k = ps; k < pe; k++)
                v->map[k] += (uint32_t)ps;
        if (pe < n) {
            v->map[pe] = (uint32_t)pe;
            pe++;
        }
        ps = pe;
    }
}

static ibidi_status check_common(const void *s, size_t len, ibidi_dir dir, const void *out,
                                 size_t cap, unsigned options, ibidi_error *err)
{
    if ((!s && len > 0) || (!out && cap > 0) || (unsigned)dir > IBIDI_DIR_AUTO_RTL ||
        (options & ~(unsigned)(IBIDI_VISUAL_NO_MIRROR | IBIDI_VISUAL_REMOVE_CONTROLS)))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    return IBIDI_OK;
}

typedef struct cp_out {
    const uint32_t *text;
    uint32_t *out;
    size_t cap, len;
    unsigned options;
} cp_out;

/* Appends code point i of the text, in display form. */
static void emit_cp(cp_out *o, const visual *v, size_t i)
{
    uint32_t cp = o->text[i];
    if ((o->options & IBIDI_VISUAL_REMOVE_CONTROLS) && ibidi__is_bidi_control(cp))
        return;
    if (!(o->options & IBIDI_VISUAL_NO_MIRROR))
        cp = ibidi_bidi_mirror(cp, v->lev[i]);
    if (o->len < o->cap)
        o->out[o->len] = cp;
    o->len++;
}

ibidi_status ibidi_bidi_visual_cp(const uint32_t *text, size_t n, ibidi_dir dir,
                                  unsigned options, uint32_t *out, size_t cap, size_t *out_len,
                                  ibidi_bidi_info *info, void *work, size_t work_size,
                                  ibidi_error *err)
{
    if (out_len)
        *out_len = 0;
    ibidi_status st = check_common(text, n, dir, out, cap, options, err);
    if (st == IBIDI_OK)
        st = ibidi__bidi_check_work(n, work, work_size, err);
    if (st == IBIDI_OK)
        st = ibidi__bidi_check_cps(text, n, err);
    if (st != IBIDI_OK)
        return st;
    small_visual_work sw;
    visual v;
    layout(&v, n <= IBIDI_BIDI_SMALL ? (void *)&sw : work, n);
    uint32_t mask = ibidi__bidi_classify_cp(&v.b, text, n);
    ibidi__bidi_run(&v.b, dir, mask, info);
    reorder_paragraphs(&v);
    cp_out o = {text, out, cap, 0, options};
    for (size_t k = 0; k < n; k++)
        emit_cp(&o, &v, v.map[k]);
    if (out_len)
        *out_len = o.len;
    if (o.len > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

typedef struct utf8_out {
    const unsigned char *s;
    char *out;
    size_t cap, len;
    unsigned options;
} utf8_out;

/* Appends code point i of the text, in display form. */
static void emit_utf8(utf8_out *o, const visual *v, size_t i)
{
    size_t a = v->offs[i], z = a;
    uint32_t cp = ibidi__utf8_decode_valid(o->s, &z); /* validated before */
    if ((o->options & IBIDI_VISUAL_REMOVE_CONTROLS) && ibidi__is_bidi_control(cp))
        return;
    uint32_t m = (o->options & IBIDI_VISUAL_NO_MIRROR) ? cp : ibidi_bidi_mirror(cp, v->lev[i]);
    if (m == cp) {
        if (o->len + (z - a) <= o->cap)
            memcpy(o->out + o->len, o->s + a, z - a);
        o->len += z - a;
    } else {
        char buf[4];
        size_t k = ibidi_utf8_encode_cp(m, buf);
        if (o->len + k <= o->cap)
            memcpy(o->out + o->len, buf, k);
        o->len += k;
    }
}

ibidi_status ibidi_bidi_visual_utf8(const char *s, size_t len, ibidi_dir dir, unsigned options,
                                    char *out, size_t cap, size_t *out_len,
                                    ibidi_bidi_info *info, void *work, size_t work_size,
                                    ibidi_error *err)
{
    if (out_len)
        *out_len = 0;
    ibidi_status st = check_common(s, len, dir, out, cap, options, err);
    if (st != IBIDI_OK)
        return st;
    size_t n;
    st = ibidi_utf8_validate(s, len, &n, err);
    if (st == IBIDI_OK)
        st = ibidi__bidi_check_work(n, work, work_size, err);
    if (st != IBIDI_OK)
        return st;
    small_visual_work sw;
    visual v;
    layout(&v, n <= IBIDI_BIDI_SMALL ? (void *)&sw : work, n);
    const unsigned char *u = (const unsigned char *)s;
    uint32_t mask = ibidi__bidi_classify_utf8(&v.b, u, NULL, v.offs);
    ibidi__bidi_run(&v.b, dir, mask, info);
    reorder_paragraphs(&v);
    utf8_out o = {u, out, cap, 0, options};
    for (size_t k = 0; k < n; k++)
        emit_utf8(&o, &v, v.map[k]);
    if (out_len)
        *out_len = o.len;
    if (o.len > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

/* Both paragraph directions from one classification (ibidi_scan_name's display keys),
 * laid out as one line.
 * The resolution writes flags into orig and marks into br, so both are kept and put back
 * before the second run. */
int ibidi__bidi_visual_utf8_both(const char *s, size_t n, char *const out[2],
                                 const size_t cap[2], size_t out_len[2])
{
    small_visual_work sw;
    uint8_t orig[IBIDI_BIDI_SMALL];
    uint16_t br[IBIDI_BIDI_SMALL];
    visual v;
    int fit = 1;
    if (n > IBIDI_BIDI_SMALL)
        return 0;
    layout(&v, &sw, n);
    const unsigned char *u = (const unsigned char *)s;
    uint32_t mask = ibidi__bidi_classify_utf8(&v.b, u, NULL, v.offs);
    memcpy(orig, v.b.orig, n);
    memcpy(br, v.b.br, n * sizeof br[0]);
    for (int k = 0; k < 2; k++) {
        out_len[k] = 0;
        if (!out[k])
            continue;
        if (k == 1 && out[0]) {
            memcpy(v.b.orig, orig, n);
            memcpy(v.b.br, br, n * sizeof br[0]);
        }
        ibidi__bidi_run(&v.b, k ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, mask, NULL);
        /* one line, as ibidi_display_utf8 lays out an identifier (a paragraph separator
         * in a name does not start a new line there) */
        ibidi__bidi_visual_map32(v.lev, n, v.map, v.b.aux);
        utf8_out o = {u, out[k], cap[k], 0, 0};
        for (size_t i = 0; i < n; i++)
            emit_utf8(&o, &v, v.map[i]);
        out_len[k] = o.len;
        fit &= o.len <= cap[k];
    }
    return fit;
}

ibidi_status ibidi_bidi_visual_utf8_alloc(const char *s, size_t len, ibidi_dir dir,
                                          unsigned options, char **out, size_t *out_len,
                                          ibidi_error *err)
{
    if (!out)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    *out = NULL;
    if (out_len)
        *out_len = 0;
    size_t n;
    ibidi_status st = ibidi_utf8_validate(s, len, &n, err);
    if (st != IBIDI_OK)
        return st;
    size_t ws = ibidi_bidi_work_size(n);
    if (ws == SIZE_MAX)
        return ibidi__fail(err, IBIDI_E_TOO_LONG, IBIDI_BIDI_MAX_LENGTH, 0);
    void *work = NULL;
    if (ws > 0 && !(work = malloc(ws)))
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    /* Mirroring never changes the length by more than 4 bytes a code point. */
    size_t cap = len + 1;
    char *buf = NULL;
    for (;;) {
        char *nb = realloc(buf, cap);
        if (!nb) {
            free(buf);
            free(work);
            return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
        }
        buf = nb;
        size_t need = 0;
        st = ibidi_bidi_visual_utf8(s, len, dir, options, buf, cap - 1, &need, NULL, work, ws,
                                    err);
        if (st == IBIDI_E_BUFFER_TOO_SMALL && need + 1 > cap) {
            cap = need + 1;
            continue;
        }
        if (st != IBIDI_OK) {
            free(buf);
            free(work);
            return st;
        }
        buf[need] = '\0';
        if (out_len)
            *out_len = need;
        break;
    }
    free(work);
    *out = buf;
    return ibidi__ok(err);
}
