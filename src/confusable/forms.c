/*
 * Look-alike forms (ibidi/confusable.h, ibidi_confusable_forms_utf8): the texts that show
 * a name's display with some glyphs replaced by characters of their confusable sets
 * (UTS #39 §4), found by the twin search (src/ambiguity/twins.c) run on each changed glyph
 * sequence. A replacement and the glyph it replaces are NFD-stable starters that are not
 * default-ignorable, not mirrored and not of class BN or NSM: the bidi skeleton maps each of
 * them alone to the prototype they share, so a form's bidi skeleton is the name's by
 * construction (UTS #39 §4: bidiSkeleton is the skeleton of the visual order, and the
 * visual order of a form is the changed glyph sequence itself).
 *
 * The sequences are visited with fewer changes first: for k = 1 .. max_changes, every set
 * of k places that have replacements, left to right, and every choice of replacements at
 * them (an odometer). Each sequence searched costs at least one candidate of the bound, so
 * that sequences no text shows cannot make the search endless.
 */
#include <string.h>

#include "ambiguity/ambiguity_internal.h"
#include "common/internal.h"
#include "confusable/confusable_internal.h"
#include "ibidi/confusable.h"
#include "ibidi/idna.h"
#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "unicode/ucd.h"

#define MAXN IBIDI_AMBIGUITY_TWINS_MAX
/* The largest confusable set of the 17.0 data has 80 members (that of 1); more are kept
 * out rather than overflow (test_confusable checks the bound on every code point). */
#define MAX_SET 128

/* A glyph the bidi skeleton maps alone, to its prototype, wherever it stands (see the top). */
static int maps_alone(uint32_t cp)
{
    if (cp >= 0x80 && (ibidi__norm_info(cp) & (IBIDI__NI_NFD_NO | 0xFFu)))
        return 0; /* decomposes, or is a non-starter (its combining class, the low byte) */
    const ibidi_unicode_bc bc = ibidi_unicode_bidi_class(cp);
    return bc != IBIDI_UNICODE_BC_BN && bc != IBIDI_UNICODE_BC_NSM &&
           !ibidi_unicode_bidi_mirrored(cp) && !ibidi_unicode_default_ignorable(cp);
}

/* The k-th replacement of glyph g (members of its confusable set other than g that
 * identifiers allow, UTS #39 §3.1, and that map alone; PVALID too with
 * IBIDI_CONFUSABLE_FORMS_PVALID), or the number of them when k is SIZE_MAX. */
static size_t replacement(uint32_t g, unsigned flags, size_t k, uint32_t *out)
{
    uint32_t set[MAX_SET];
    const size_t n = ibidi_confusable_set(g, set, MAX_SET);
    size_t found = 0;
    if (n > MAX_SET || !maps_alone(g))
        return 0;
    for (size_t i = 0; i < n; i++) {
        const uint32_t c = set[i];
        if (c == g || !ibidi_confusable_identifier_allowed(c) || !maps_alone(c) ||
            ((flags & IBIDI_CONFUSABLE_FORMS_PVALID) &&
             ibidi_idna_property_of(c) != IBIDI_IDNA_PVALID))
            continue;
        if (found == k) {
            *out = c;
            return 1;
        }
        found++;
    }
    return k == SIZE_MAX ? found : 0;
}

typedef struct forms {
    const ibidi_confusable_forms_options *o;
    uint32_t from[IBIDI_CONFUSABLE_MAX_CHANGES], to[IBIDI_CONFUSABLE_MAX_CHANGES];
    uint16_t at[IBIDI_CONFUSABLE_MAX_CHANGES];
    size_t n_changes;
    int stop;
} forms;

/* The twin search's callback: one text that shows the changed sequence. */
static int found(const char *text, size_t len, void *ctx)
{
    forms *f = ctx;
    if (!f->o->fn)
        return 0;
    const ibidi_confusable_form form = {text, len, f->from, f->to, f->n_changes};
    f->stop = f->o->fn(&form, f->o->ctx) != 0;
    return f->stop;
}

/* The next choice of k places among np and of a replacement at each (alt[j] below
 * n_alt[pick[j]]): the replacements first, as an odometer, then the places. 0 after the
 * last. */
static int next_choice(uint16_t *pick, uint8_t *alt, size_t k, const uint8_t *n_alt, size_t np)
{
    size_t j = k;
    while (j > 0 && ++alt[j - 1] == n_alt[pick[j - 1]])
        alt[--j] = 0;
    if (j > 0)
        return 1;
    j = k;
    while (j > 0 && pick[j - 1] == np - k + j - 1)
        j--;
    if (j == 0)
        return 0;
    pick[j - 1]++;
    for (size_t q = j; q < k; q++)
        pick[q] = (uint16_t)(pick[q - 1] + 1);
    return 1;
}

ibidi_status ibidi_confusable_forms_utf8(const char *s, size_t len,
                                         const ibidi_confusable_forms_options *opts,
                                         ibidi_confusable_forms_stats *stats,
                                         ibidi_error *err)
{
    static const ibidi_confusable_forms_options defaults = {IBIDI_DIR_LTR, 0, 0, 0, NULL, NULL};
    const ibidi_confusable_forms_options *o = opts ? opts : &defaults;
    ibidi_confusable_forms_stats st;
    memset(&st, 0, sizeof st);
    if (stats)
        *stats = st;
    if ((!s && len) || (o->context != IBIDI_DIR_LTR && o->context != IBIDI_DIR_RTL) ||
        (o->flags & ~IBIDI_CONFUSABLE_FORMS_PVALID) ||
        o->max_changes > IBIDI_CONFUSABLE_MAX_CHANGES)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    /* the text, checked as the twin search checks it, with byte offsets */
    uint32_t cps[MAXN];
    size_t n = 0, marks = 0;
    for (size_t pos = 0; pos < len;) {
        const size_t at = pos;
        uint32_t cp;
        ibidi_status dst = ibidi_utf8_next(s, len, &pos, &cp, err);
        if (dst != IBIDI_OK)
            return dst;
        if (n == MAXN)
            return ibidi__fail(err, IBIDI_E_TWINS_TOO_LONG, at, cp);
        if (ibidi__ambig_is_control(cp))
            return ibidi__fail(err, IBIDI_E_AMBIG_CONTROL, at, cp);
        /* marks (L3 would move them with the levels of replaced glyphs), and characters
           the search sets aside that the skeleton keeps (BN controls that are not
           default-ignorable: put back beside other glyphs, they would change it) */
        const ibidi_unicode_bc bc = ibidi_unicode_bidi_class(cp);
        marks += bc == IBIDI_UNICODE_BC_NSM ||
                 (bc == IBIDI_UNICODE_BC_BN && !ibidi_unicode_default_ignorable(cp));
        cps[n++] = cp;
    }
    /* the display, and the places that have replacements (how many each) */
    uint32_t glyph[MAXN];
    uint8_t level[MAXN], n_alt[MAXN];
    uint16_t place[MAXN];
    const size_t m = marks ? 0 : ibidi__twins_shown(cps, n, o->context, glyph, level);
    size_t np = 0;
    for (size_t v = 0; v < m; v++) {
        const size_t a = level[v] == 0xFF ? 0 : replacement(glyph[v], o->flags, SIZE_MAX, NULL);
        if (a) {
            place[np] = (uint16_t)v;
            n_alt[np++] = (uint8_t)a;
        }
    }
    const size_t bound = ibidi__twins_bound(o->max_candidates); /* 0: none */
    const size_t max_k = o->max_changes ? o->max_changes : 1;
    forms f;
    f.o = o;
    f.stop = 0;
    size_t used = 0;
    for (size_t k = 1; k <= max_k && k <= np && !st.truncated && !f.stop; k++) {
        uint16_t pick[IBIDI_CONFUSABLE_MAX_CHANGES]; /* indexes into place */
        uint8_t alt[IBIDI_CONFUSABLE_MAX_CHANGES];   /* the replacement chosen at each */
        for (size_t j = 0; j < k; j++) {
            pick[j] = (uint16_t)j;
            alt[j] = 0;
        }
        do {
            if (bound && used >= bound) {
                st.truncated = 1;
                break;
            }
            for (size_t j = 0; j < k; j++) {
                f.at[j] = place[pick[j]];
                f.from[j] = glyph[f.at[j]];
                replacement(f.from[j], o->flags, alt[j], &f.to[j]);
            }
            f.n_changes = k;
            const ibidi__twins_change change = {f.at, f.to, k};
            ibidi_ambiguity_twin_stats ts;
            (void)ibidi__twins_search_shown(cps, n, &change, o->context,
                                            bound ? bound - used : 0, found, &f, &ts);
            st.displays++;
            st.candidates += ts.candidates;
            st.forms += ts.twins;
            used += ts.candidates ? ts.candidates : 1;
            if (ts.truncated)
                st.truncated = 1;
        } while (!f.stop && !st.truncated && next_choice(pick, alt, k, n_alt, np));
    }
    st.stopped = f.stop;
    if (stats)
        *stats = st;
    return ibidi__ok(err);
}
