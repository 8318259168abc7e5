/*
 * Fuzz target for the display twin search (include/ibidi/ambiguity.h,
 * ibidi_ambiguity_twins_utf8).
 *
 * The first byte's bit 0 picks the paragraph direction (LTR, RTL); the rest is the text in
 * UTF-8, cut to its first IBIDI_AMBIGUITY_TWINS_MAX code points, the library's own limit (the
 * search is exponential in the worst case, but its candidates are bounded, BOUND, which
 * keeps each input fast). Properties checked with abort():
 *  1. ill-formed UTF-8 gives the decoder's status at the offset ibidi_utf8_validate finds;
 *     a bidi control or a character of class B or S gives IBIDI_E_AMBIG_CONTROL at the
 *     first such character; everything else gives IBIDI_OK;
 *  2. every twin displays like the input (ibidi_bidi_visual_utf8, paragraph direction
 *     forced, the characters of class BN left out of both: X9 removes them and they take
 *     no glyph position) and differs from it, has as many code points, and carries the
 *     input's BN characters (each once; the order may change with the glyphs they sit
 *     between);
 *  3. every twin draws each combining mark on the same glyph as the input: a character of
 *     class NSM attaches to the closest preceding character, in logical order, that is
 *     neither NSM nor BN (or to none), and at each visual position of the text without BN
 *     the twin's mark has its base at the same visual position as the input's (or both
 *     none);
 *  4. no twin is reported twice (hashes of the twins seen);
 *  5. the stats count the twins, and at most the bound of candidates ran;
 *  6. the input's resolved levels lie in the sets the search assumes for each class, and
 *     each mark has the level of the character before it (BN left out; the paragraph level
 *     when first), which the search prunes on;
 *  7. the code point call (ibidi_ambiguity_twins_cp) counts the same twins and candidates.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ambiguity/ambiguity_internal.h"
#include "ibidi.h"

#define MAX_CPS IBIDI_AMBIGUITY_TWINS_MAX
#define BOUND 20000
#define SEEN_SLOTS 65536 /* a power of two above BOUND */

static void require(int ok)
{
    if (!ok)
        abort();
}

typedef struct fz {
    ibidi_dir dir;
    const char *text;
    size_t len;
    char vis[MAX_CPS * 4];
    size_t vis_len;
    long on[MAX_CPS]; /* where the input's marks are drawn (marks_on, BN left out) */
    uint32_t cps[MAX_CPS]; /* the input */
    size_t n;
    size_t count;
    uint64_t seen[SEEN_SLOTS];
    uint32_t stamp[SEEN_SLOTS];
    uint32_t gen;
} fz;

static fz F;

static uint64_t hash(const char *s, size_t len)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h ? h : 1;
}

static int is_bn(uint32_t cp)
{
    return ibidi_unicode_bidi_class(cp) == IBIDI_UNICODE_BC_BN;
}

/* t without its characters of class BN (X9), in place; returns the new length. */
static size_t strip_bn(uint32_t *t, size_t n)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!is_bn(t[i]))
            t[m++] = t[i];
    return m;
}

/* The UTF-8 text s without its characters of class BN, into out (as long as s at most). */
static size_t strip_bn_utf8(const char *s, size_t len, char *out)
{
    size_t pos = 0, o = 0;
    while (pos < len) {
        const size_t at = pos;
        uint32_t cp;
        require(ibidi_utf8_next(s, len, &pos, &cp, NULL) == IBIDI_OK);
        if (!is_bn(cp)) {
            memcpy(out + o, s + at, pos - at);
            o += pos - at;
        }
    }
    return o;
}

/* For each visual position of t (n code points, paragraph direction dir): -1 when the
 * character there is not a mark (class NSM), -2 for a mark without a base, else the visual
 * position of its base, the closest preceding non-mark in logical order. 0 on failure. */
static int marks_on(const uint32_t *t, size_t n, ibidi_dir dir, long *on)
{
    uint8_t lv[MAX_CPS];
    size_t v2l[MAX_CPS], l2v[MAX_CPS];
    if (n > MAX_CPS || ibidi_bidi_resolve_cp(t, n, &(ibidi_bidi_options){.dir = dir},
                              &(ibidi_bidi_result){.levels = lv, .cap = n}, NULL) != IBIDI_OK ||
        ibidi_bidi_reorder(lv, n, v2l, NULL, NULL) != IBIDI_OK)
        return 0;
    for (size_t v = 0; v < n; v++)
        l2v[v2l[v]] = v;
    long base = -2;
    for (size_t i = 0; i < n; i++) {
        if (ibidi_unicode_bidi_class(t[i]) == IBIDI_UNICODE_BC_NSM) {
            on[l2v[i]] = base;
        } else {
            on[l2v[i]] = -1;
            base = (long)l2v[i];
        }
    }
    return 1;
}

static int on_twin(const char *twin, size_t len, void *ctx)
{
    fz *f = (fz *)ctx;
    char vis[MAX_CPS * 4], vis2[MAX_CPS * 4];
    size_t n1 = 0, n2 = 0;
    ibidi_buf vb = {vis, sizeof vis, 0};
    f->count++;
    require(!(len == f->len && memcmp(twin, f->text, len) == 0));
    require(ibidi_utf8_validate(twin, len, &n1, NULL) == IBIDI_OK);
    require(ibidi_utf8_validate(f->text, f->len, &n2, NULL) == IBIDI_OK && n1 == n2);
    require(ibidi_bidi_visual_utf8(twin, len, &(ibidi_bidi_options){.dir = f->dir}, &vb, NULL,
                                   NULL) == IBIDI_OK);
    size_t vl = strip_bn_utf8(vis, vb.len, vis2);
    require(vl == f->vis_len && memcmp(vis2, f->vis, vl) == 0);
    /* the marks on the same glyphs */
    uint32_t cps[MAX_CPS];
    long on[MAX_CPS];
    ibidi_buf32 dec = {cps, MAX_CPS, 0};
    require(ibidi_utf8_decode(twin, len, &dec, NULL) == IBIDI_OK && dec.len == n1);
    size_t n = dec.len;
    {
        /* the input's BN characters, each once (their order may change with the glyphs
         * they sit between) */
        uint8_t used[MAX_CPS] = {0};
        size_t nb = 0, mb = 0;
        for (size_t i = 0; i < n; i++) {
            if (!is_bn(cps[i]))
                continue;
            nb++;
            size_t k = 0;
            while (k < f->n && (used[k] || f->cps[k] != cps[i]))
                k++;
            require(k < f->n);
            used[k] = 1;
        }
        for (size_t k = 0; k < f->n; k++)
            mb += is_bn(f->cps[k]);
        require(nb == mb);
    }
    n = strip_bn(cps, n);
    require(marks_on(cps, n, f->dir, on));
    require(memcmp(on, f->on, n * sizeof on[0]) == 0);
    /* no repeats: open addressing over the hashes of this input's twins */
    uint64_t h = hash(twin, len);
    size_t slot = (size_t)h & (SEEN_SLOTS - 1);
    while (f->stamp[slot] == f->gen) {
        require(f->seen[slot] != h);
        slot = (slot + 1) & (SEEN_SLOTS - 1);
    }
    f->stamp[slot] = f->gen;
    f->seen[slot] = h;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    ibidi_dir dir = (data[0] & 1) ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
    const char *s = (const char *)data + 1;
    size_t len = size - 1;
    ibidi_error e, ve;
    ibidi_ambiguity_twin_stats st;
    /* without a callback: the twins are counted */
    const ibidi_ambiguity_options o = {.context = dir, .max_candidates = BOUND};
    const ibidi_ambiguity_options each = {.context = dir,
                                          .max_candidates = BOUND,
                                          .twin_utf8_fn = on_twin,
                                          .twin_ctx = &F};

    ibidi_status vs = ibidi_utf8_validate(s, len, NULL, &ve);
    if (vs != IBIDI_OK) {
        ibidi_status r = ibidi_ambiguity_twins_utf8(s, len, &o, &st, &e);
        require(r == vs && e.status == vs && e.offset == ve.offset && st.twins == 0);
        return 0;
    }
    /* the first MAX_CPS code points; the first control among them */
    size_t pos = 0, n = 0, ctl_at = (size_t)-1;
    uint32_t cps[MAX_CPS];
    while (pos < len && n < MAX_CPS) {
        size_t at = pos;
        require(ibidi_utf8_next(s, len, &pos, &cps[n], NULL) == IBIDI_OK);
        if (ctl_at == (size_t)-1 && ibidi__ambig_is_control(cps[n]))
            ctl_at = at;
        n++;
    }
    len = pos;

    F.dir = dir;
    F.text = s;
    F.len = len;
    F.count = 0;
    if (++F.gen == 0) { /* stamps wrapped: start over */
        memset(F.stamp, 0, sizeof F.stamp);
        F.gen = 1;
    }
    /* the input's own display and marks, compared in on_twin (controls: no twin comes),
     * BN left out */
    {
        char vis[MAX_CPS * 4];
        ibidi_buf vb = {vis, sizeof vis, 0};
        require(ibidi_bidi_visual_utf8(s, len, &(ibidi_bidi_options){.dir = dir}, &vb, NULL,
                                       NULL) == IBIDI_OK);
        F.vis_len = strip_bn_utf8(vis, vb.len, F.vis);
    }
    memcpy(F.cps, cps, n * sizeof cps[0]);
    F.n = n;
    uint32_t kept[MAX_CPS];
    memcpy(kept, cps, n * sizeof cps[0]);
    const size_t nk = strip_bn(kept, n);
    if (ctl_at == (size_t)-1)
        require(marks_on(kept, nk, dir, F.on));
    ibidi_status r = ibidi_ambiguity_twins_utf8(s, len, &each, &st, &e);
    if (ctl_at != (size_t)-1) {
        require(r == IBIDI_E_AMBIG_CONTROL && e.offset == ctl_at && F.count == 0);
        return 0;
    }
    require(r == IBIDI_OK);
    require(st.twins == F.count && st.candidates <= BOUND && !st.stopped);
    require(st.twins <= st.candidates);
    /* 7 */
    {
        ibidi_ambiguity_twin_stats sc;
        require(ibidi_ambiguity_twins_cp(cps, n, &o, &sc, NULL) == IBIDI_OK &&
                sc.twins == st.twins && sc.candidates == st.candidates &&
                sc.truncated == st.truncated);
    }

    /* the input's levels by class (BN left out: X9) */
    uint8_t lv[MAX_CPS];
    if (nk) {
        require(ibidi_bidi_resolve_cp(kept, nk, &(ibidi_bidi_options){.dir = dir},
                              &(ibidi_bidi_result){.levels = lv, .cap = nk}, NULL) == IBIDI_OK);
        for (size_t i = 0; i < nk; i++) {
            require(ibidi__twin_level_allowed(ibidi_unicode_bidi_class(kept[i]), (unsigned)dir,
                                              lv[i]));
            if (ibidi_unicode_bidi_class(kept[i]) == IBIDI_UNICODE_BC_NSM)
                require(lv[i] == (i ? lv[i - 1] : (uint8_t)dir));
        }
    }
    return 0;
}
