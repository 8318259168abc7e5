/*
 * Fuzz target for ibidi_scan_name and ibidi_scan_name_alloc (ibidi/scan.h), the per-name
 * pipeline of `ibidi scan`, and ibidi_scan_groups_add_displays (straight in, and through
 * an adder) and ibidi_scan_entries (the same keys, listed) on what they find. The
 * first byte picks the profile, the contexts, IBIDI_SCAN_OWNER and IBIDI_SCAN_SKELETON; the
 * rest is the name.
 * Properties checked with abort():
 *  1. no crash; IBIDI_OK with a buffer of the size the call said it needs, and
 *     IBIDI_E_BUFFER_TOO_SMALL (with the same size) with one byte less;
 *  2. every span lies inside the bytes needed, in the order unicode, codes, displays;
 *  3. valid exactly when the status is IBIDI_OK and the codes are "[]";
 *  4. the result is that of the public calls it fuses: the Unicode form is ToUnicode's,
 *     the analysis's status and findings are ibidi_ambiguity_analyze's on the form,
 *     each display is ibidi_display_utf8 IBIDI_DISPLAY_FORM_VISUAL's, made exactly when that call
 *     succeeds (forms up to IBIDI_AMBIGUITY_MAX_BYTES);
 *  5. only the contexts asked for are made;
 *  6. the allocating call gives the same result, text and findings;
 *  7. IBIDI_SCAN_OWNER: nothing set aside without it; with it, whole labels with a label
 *     after them, starting with "*." or holding a "_", and the results of 4 are those of
 *     the rest of the name (without its root label, ibidi_idna_strip_root: step 0);
 *  8. ibidi_scan_counts_add counts the result as its fields say, and merging those counts
 *     into a zeroed summary gives them back;
 *  9. IBIDI_SCAN_SKELETON (bit 0x20 of the first byte): a bidi skeleton only in a context
 *     asked for, inside the bytes needed, and ibidi_confusable_bidi_skeleton_utf8's of the
 *     Unicode form.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

#define CAP 16384

static void require(int ok)
{
    if (!ok)
        abort();
}

/* Field by field: a struct's padding, if any, need not compare equal. */
static int same(const ibidi_finding *x, const ibidi_finding *y)
{
    return x->code == y->code && x->severity == y->severity && x->rule == y->rule &&
           x->part == y->part && x->offset == y->offset && x->length == y->length &&
           x->cp == y->cp && x->bidi_class == y->bidi_class && x->context == y->context &&
           x->detail == y->detail;
}

static int inside(const ibidi_span *s, size_t need)
{
    return !s->present || (s->start <= need && s->length <= need - s->start);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char buf[CAP], ref[CAP];
    static ibidi_finding f[64], g[64];
    /* ibidi_ambiguity_work_size(IBIDI_AMBIGUITY_MAX_BYTES, 0) */
    static unsigned char work[1 << 17];
    ibidi_findings fs = {f, 64, 0, 0}, gs = {g, 64, 0, 0};
    if (size < 1)
        return 0;
    const unsigned flags = ibidi_idna_profile_flags((ibidi_idna_profile)(data[0] & 3u));
    /* ToUnicode with exactly these flags, as the scan calls it */
    const ibidi_idna_options opts = {IBIDI_IDNA_PROFILE_UTS46, flags, ~flags, NULL, 0};
    const unsigned options =
        ((data[0] >> 2) & 3u) | ((data[0] & 0x10u) ? IBIDI_SCAN_OWNER : 0u) |
        ((data[0] & 0x20u) ? IBIDI_SCAN_SKELETON : 0u);
    const char *name = (const char *)data + 1;
    const size_t len = size - 1;
    ibidi_scan_result r, r2;
    size_t need = 0;
    ibidi_scan_options so = {options, opts, NULL};
    static unsigned char idna_work[1 << 18];

    /* a name past IDNA's fixed area says so once its texts fit (a buffer too small is
       said first); the rest runs with the work area it asks for (ibidi_scan_name_alloc
       gives one itself) */
    r.text = (ibidi_buf){buf, CAP, 0};
    if (ibidi_scan_name(name, len, &so, &r, &fs, NULL) == IBIDI_E_IDNA_WORK_TOO_SMALL) {
        so.idna.work_size = ibidi_idna_work_size();
        require(so.idna.work_size <= sizeof idna_work);
        so.idna.work = idna_work;
    }
    r.text = (ibidi_buf){NULL, 0, 0};
    ibidi_status st = ibidi_scan_name(name, len, &so, &r, &fs, NULL);
    require(st == IBIDI_OK || st == IBIDI_E_BUFFER_TOO_SMALL);
    need = r.text.len;
    require((st == IBIDI_OK) == (need == 0));
    if (need > CAP)
        return 0;
    if (need > 0) {
        r2.text = (ibidi_buf){buf, need - 1, 0};
        require(ibidi_scan_name(name, len, &so, &r2, &fs, NULL) == IBIDI_E_BUFFER_TOO_SMALL &&
                r2.text.len == need);
    }
    r.text = (ibidi_buf){buf, need, 0};
    require(ibidi_scan_name(name, len, &so, &r, &fs, NULL) == IBIDI_OK && r.text.len == need &&
            r.text.data == buf && r.text.cap == need);

    /* 6 */
    {
        ibidi_findings fa;
        require(ibidi_scan_name_alloc(name, len, &so, &r2, &fa, NULL) == IBIDI_OK);
        const char *text = r2.text.data;
        require(text && r2.text.len == need && memcmp(text, buf, need) == 0 &&
                text[need] == '\0' && r2.valid == r.valid && r2.status == r.status &&
                r2.analysis == r.analysis && fa.n == (r.analysis == IBIDI_OK ? fs.n : 0) &&
                (fa.n == 0) == (fa.items == NULL));
        for (size_t i = 0; i < fa.n && i < 64; i++)
            require(same(&fa.items[i], &f[i]));
        ibidi_free(r2.text.data);
        ibidi_findings_free(&fa);
    }

    /* 2 */
    require(inside(&r.unicode, need) && inside(&r.codes, need) && r.codes.present);
    require(inside(&r.display[0], need) && inside(&r.display[1], need));
    if (r.unicode.present)
        require(r.unicode.start == 0 && r.codes.start == r.unicode.length);
    /* 3 */
    int empty = r.codes.length == 2 && memcmp(buf + r.codes.start, "[]", 2) == 0;
    require(r.valid == (r.status == IBIDI_OK));
    require(r.valid == empty);
    /* 5 */
    require(!r.display[0].present || (options & IBIDI_SCAN_LTR));
    require(!r.display[1].present || (options & IBIDI_SCAN_RTL));

    /* 9 */
    for (int c = 0; c < 2; c++) {
        const ibidi_span *k = &r.skeleton[c];
        require(!k->present || ((options & IBIDI_SCAN_SKELETON) && (options & (1u << c))));
        require(inside(k, need));
        if (k->present && r.unicode.present) {
            static char sk[CAP];
            ibidi_buf b = {sk, sizeof sk, 0};
            require(ibidi_confusable_bidi_skeleton_utf8(buf + r.unicode.start, r.unicode.length,
                                                        c ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, &b,
                                                        NULL) == IBIDI_OK &&
                    b.len == k->length && memcmp(sk, buf + k->start, b.len) == 0);
        }
    }

    /* 8 */
    {
        ibidi_scan_counts one, all;
        memset(&one, 0, sizeof one);
        memset(&all, 0, sizeof all);
        ibidi_scan_counts_add(&one, &r);
        ibidi_scan_counts_merge(&all, &one);
        ibidi_scan_counts_merge(&all, &one);
        require(one.names == 1 && one.valid == (size_t)r.valid && one.valid + one.invalid == 1 &&
                one.with_findings == (r.n_findings > 0) &&
                one.not_analysed == (r.analysis != IBIDI_OK) &&
                one.set_aside == (r.set_aside > 0) && all.names == 2 &&
                all.valid == 2 * one.valid && all.with_findings == 2 * one.with_findings);
        require(r.n_findings == (r.analysis == IBIDI_OK ? fs.n : 0));
        for (unsigned c = 0; c < 2; c++)
            require(one.self_displayed[c] == ((r.self_displayed >> c) & 1u) &&
                    all.self_displayed[c] == 2 * one.self_displayed[c] &&
                    (r.self_displayed & ~r.self_display) == 0 &&
                    (r.set_aside == 0 || r.self_displayed == 0));
    }

    /* 7 */
    const size_t k = r.set_aside;
    const size_t slen = ibidi_idna_strip_root(name, len); /* step 0 */
    require(k == 0 || ((options & IBIDI_SCAN_OWNER) && k < slen && name[k - 1] == '.' &&
                       ((k >= 2 && name[0] == '*' && name[1] == '.') || memchr(name, '_', k))));

    /* 4, on the name after the labels set aside */
    if (ibidi_utf8_validate(name, len, NULL, NULL) != IBIDI_OK) {
        require(!r.valid && !r.unicode.present && !r.display[0].present &&
                !r.display[1].present && k == 0);
        return 0;
    }
    const char *host = name + k;
    const size_t hlen = slen - k;
    ibidi_buf ub = {ref, CAP, 0};
    ibidi_status ust = ibidi_idna_to_unicode_utf8(host, hlen, &so.idna, &ub, NULL, NULL);
    const size_t ul = ub.len;
    const char *form = host;
    size_t flen = hlen;
    if (ust == IBIDI_OK || ust == IBIDI_E_IDNA_INVALID) {
        if (ul > IBIDI_AMBIGUITY_MAX_BYTES) {
            /* too long to analyse or display, its validity still ToASCII's */
            static char aout[CAP];
            ibidi_buf ab = {aout, sizeof aout, 0};
            ibidi_findings af = {NULL, 0, 0, 0}; /* counted, not kept */
            const ibidi_status ast = ibidi_idna_to_ascii_utf8(host, hlen, &so.idna, &ab, &af,
                                                              NULL);
            require(r.analysis == IBIDI_E_AMBIG_TOO_LONG && !r.unicode.present &&
                    !r.display[0].present && !r.display[1].present &&
                    r.valid == (ast == IBIDI_OK ||
                                (ast == IBIDI_E_BUFFER_TOO_SMALL && af.errors == 0)));
            return 0;
        }
        require(r.unicode.present && r.unicode.length == ul &&
                memcmp(buf + r.unicode.start, ref, ul) == 0);
        form = buf + r.unicode.start;
        flen = ul;
    } else {
        require(!r.unicode.present && !r.valid);
        if (hlen > IBIDI_AMBIGUITY_MAX_BYTES)
            return 0;
    }
    const ibidi_ambiguity_options ao = {.as = IBIDI_IRI_AS_DOMAIN,
                                        .idna = {IBIDI_IDNA_PROFILE_UTS46, flags, ~flags, NULL, 0},
                                        .work = work,
                                        .work_size = sizeof work};
    ibidi_status ast = ibidi_ambiguity_analyze(form, flen, &ao, &gs, NULL);
    /* the scan's findings count only when its analysis succeeded */
    const size_t nf = ast == IBIDI_OK ? gs.n : 0;
    require(ast == r.analysis && (ast != IBIDI_OK || nf == fs.n));
    for (size_t i = 0; i < nf && i < 64; i++)
        require(same(&f[i], &g[i]));
    for (int c = 0; c < 2; c++) {
        if (!(options & (c ? IBIDI_SCAN_RTL : IBIDI_SCAN_LTR)))
            continue;
        size_t dl;
        ibidi_display_options d;
        memset(&d, 0, sizeof d);
        d.as = IBIDI_IRI_AS_DOMAIN;
        d.context = c ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
        ibidi_buf db = {ref, CAP, 0};
        ibidi_status dst = ibidi_display_utf8(form, flen, &d, &db, NULL);
        dl = db.len;
        require((dst == IBIDI_OK) == r.display[c].present);
        if (dst == IBIDI_OK)
            require(r.display[c].length == dl &&
                    memcmp(buf + r.display[c].start, ref, dl) == 0);
        /* self_display: the display is the form itself */
        if (r.self_display & (1u << c))
            require(dst == IBIDI_OK && dl == flen && memcmp(ref, form, flen) == 0);
    }
    /* the name's keys into collision groups, with a copy of it under another spelling
       (the same Unicode form): every display not self_display is one key, every bidi
       skeleton one more, and no group forms (a name added twice under a key counts once) */
    ibidi_scan_groups *grp = NULL;
    const ibidi_scan_groups_options go = {IBIDI_SCAN_GROUPS_MIN_MEMORY, NULL, 5, 0};
    if (ibidi_scan_groups_create(&go, &grp, NULL) == IBIDI_OK) {
        unsigned added = 0, added2 = 0;
        require(ibidi_scan_groups_add_displays(grp, name, len, &r, &added, NULL) == IBIDI_OK);
        /* the copy through an adder (a thread's own way in): the same keys */
        ibidi_scan_groups_adder *ad = NULL;
        require(ibidi_scan_groups_adder_create(grp, &ad, NULL) == IBIDI_OK);
        require(ibidi_scan_groups_adder_add_displays(ad, name, len, &r, &added2, NULL) ==
                    IBIDI_OK &&
                added2 == added);
        require(ibidi_scan_groups_adder_flush(ad, NULL) == IBIDI_OK);
        ibidi_scan_groups_adder_free(ad);
        /* ibidi_scan_entries lists what add_displays added: one entry per kind added, in
           kind order, each the Unicode form and validity under its key's span */
        ibidi_scan_groups_entry ent[IBIDI_SCAN_ENTRIES_MAX];
        size_t n_ent = 0;
        unsigned kinds = 0;
        require(ibidi_scan_entries(name, len, &r, 5, ent, &n_ent) == IBIDI_OK &&
                n_ent <= IBIDI_SCAN_ENTRIES_MAX);
        for (size_t j = 0; j < n_ent; j++) {
            require((j == 0 || ent[j].kind > ent[j - 1].kind) && ent[j].valid == r.valid &&
                    ent[j].key >= buf && ent[j].key + ent[j].key_len <= buf + r.text.len);
            kinds |= 1u << ent[j].kind;
        }
        require(kinds == added);
        for (unsigned k = 0; k < 2; k++) {
            require(((added >> k) & 1u) ==
                    (r.display[k].present && !((r.self_display >> k) & 1u)));
            /* every bidi skeleton made is a key (kinds 3 and 4) */
            require(!!(added & (IBIDI_SCAN_LOOK_KEY_LTR << k)) == !!r.skeleton[k].present);
        }
        require(ibidi_scan_groups_finish(grp, NULL) == IBIDI_OK);
        for (unsigned k = 0; k < 2; k++) {
            ibidi_scan_group_counts gc;
            require(ibidi_scan_groups_counts(grp, k, &gc) == IBIDI_OK &&
                    gc.keys == ((added >> k) & 1u) && gc.groups == 0);
            require(ibidi_scan_groups_counts(grp, 3 + k, &gc) == IBIDI_OK &&
                    gc.keys == (size_t)!!r.skeleton[k].present && gc.groups == 0);
        }
        ibidi_scan_groups_free(grp);
    }
    return 0;
}
