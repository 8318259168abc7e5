/*
 * ibidi_scan_name (ibidi/scan.h): the fused per-name pipeline of `ibidi scan` must
 * give exactly what the public calls give one after the other (ToUnicode,
 * ibidi_iri_validate, ibidi_ambiguity_analyze, ibidi_display_utf8 IBIDI_DISPLAY_FORM_VISUAL),
 * on the bundled sample, on the source column of IdnaTestV2.txt, on names built from
 * them, and on random mixes of the characters that matter; plus its error paths, its
 * options record and ibidi_scan_name_alloc.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"
#include "testlib.h"

#define CAP 4096
#define NF 64

/* IDNA options that give exactly these flags, as the scan takes flags. */
static ibidi_idna_options exact(unsigned flags)
{
    const ibidi_idna_options o = {IBIDI_IDNA_PROFILE_UTS46, flags, ~flags, NULL, 0};
    return o;
}

/* ibidi_scan_name with the options as separate words, as the tests were written: exact
 * IDNA flags, the IBIDI_SCAN_* bits; *need (may be NULL) the bytes needed. */
static ibidi_status t_scan(const char *name, size_t len, unsigned flags, unsigned options,
                           char *buf, size_t cap, size_t *need, ibidi_findings *f,
                           ibidi_scan_result *r, ibidi_error *err)
{
    const ibidi_scan_options o = {options, exact(flags), NULL};
    if (r)
        r->text = (ibidi_buf){buf, cap, 0};
    ibidi_status st = ibidi_scan_name(name, len, &o, r, f, err);
    if (need && r)
        *need = r->text.len;
    return st;
}

/* Field by field: a struct's padding, if any, need not compare equal. */
static int same_finding(const ibidi_finding *x, const ibidi_finding *y)
{
    return x->code == y->code && x->severity == y->severity && x->rule == y->rule &&
           x->part == y->part && x->offset == y->offset && x->length == y->length &&
           x->cp == y->cp && x->bidi_class == y->bidi_class && x->context == y->context &&
           x->detail == y->detail;
}

/* ---- The reference: the public calls, each on its own ------------------------------------- */

typedef struct ref {
    ibidi_status ret; /* what the call returns: IBIDI_OK, or IDNA_WORK_TOO_SMALL for a name
                         that needs IDNA's work area (these tests give none) */
    int valid;
    ibidi_status status;
    int has_unicode;
    char unicode[CAP];
    size_t ulen;
    char codes[CAP];
    size_t clen;
    ibidi_status analysis;
    size_t nf;
    ibidi_finding f[NF];
    int has_disp[2];
    char disp[2][CAP];
    size_t dlen[2];
} ref;

static size_t status_codes(ibidi_status st, char *out)
{
    return (size_t)sprintf(out, "[%s]", ibidi_status_name(st));
}

static void reference(const char *name, size_t len, unsigned flags, ref *r)
{
    static ibidi_finding idna[4096];
    memset(r, 0, sizeof *r);
    ibidi_status st = ibidi_utf8_validate(name, len, NULL, NULL);
    if (st != IBIDI_OK) {
        r->status = r->analysis = st;
        r->clen = status_codes(st, r->codes);
        return;
    }
    len = ibidi_idna_strip_root(name, len); /* the root label, set aside */
    ibidi_buf ub = {r->unicode, CAP, 0};
    const ibidi_idna_options o = exact(flags);
    st = ibidi_idna_to_unicode_utf8(name, len, &o, &ub, NULL, NULL);
    const size_t ul = ub.len;
    const char *form = name;
    size_t flen = len;
    if (st == IBIDI_OK || st == IBIDI_E_IDNA_INVALID) {
        r->has_unicode = 1;
        r->ulen = ul;
        form = r->unicode;
        flen = ul;
    }
    const int too_long = flen > IBIDI_AMBIGUITY_MAX_BYTES;
    if (too_long) { /* no form, analysis or display; the validity is still ToASCII's */
        const int had = r->has_unicode;
        memset(r, 0, sizeof *r);
        r->analysis = IBIDI_E_AMBIG_TOO_LONG;
        if (!had)
            st = st == IBIDI_E_BUFFER_TOO_SMALL ? IBIDI_OK : st;
    }
    if (st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID) {
        r->status = st;
        r->clen = status_codes(st, r->codes);
        if (st == IBIDI_E_IDNA_WORK_TOO_SMALL)
            r->ret = st;
    } else {
        /* validity: ToASCII of the name as written, its codes in the one order */
        static char out[4 * CAP];
        ibidi_buf ab = {out, sizeof out, 0};
        ibidi_findings fa = {idna, 4096, 0, 0};
        const ibidi_status ast = ibidi_idna_to_ascii_utf8(name, len, &o, &ab, &fa, NULL);
        ibidi_buf cb = {r->codes, CAP, 0};
        ibidi_findings_codes(idna, fa.n < 4096 ? fa.n : 4096, &cb);
        r->clen = cb.len;
        r->valid = ast == IBIDI_OK;
        r->status = ast == IBIDI_OK ? IBIDI_OK : IBIDI_E_IDNA_INVALID;
        if (ast != IBIDI_OK && ast != IBIDI_E_IDNA_INVALID) { /* no findings: a status */
            r->clen = status_codes(ast, r->codes);
            if (ast == IBIDI_E_IDNA_WORK_TOO_SMALL)
                r->ret = ast;
        }
    }
    if (too_long)
        return;
    ibidi_findings fa = {r->f, NF, 0, 0};
    r->analysis = t_ambig_analyze(form, flen, IBIDI_IRI_AS_DOMAIN, 0, flags,
                                  IBIDI_AMBIGUITY_DEFAULT_CANDIDATES, &fa, NULL);
    r->nf = r->analysis == IBIDI_OK ? fa.n : 0;
    for (int c = 0; c < 2; c++) {
        size_t dl = 0;
        ibidi_status dst = t_display_utf8(form, flen, IBIDI_IRI_AS_DOMAIN, IBIDI_DISPLAY_FORM_VISUAL,
                                              c ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, r->disp[c],
                                              CAP, &dl, NULL, 0, NULL);
        r->has_disp[c] = dst == IBIDI_OK;
        r->dlen[c] = dl;
    }
}

static int span_eq(const char *buf, const ibidi_span *s, const char *p, size_t n)
{
    return s->present && s->length == n && memcmp(buf + s->start, p, n) == 0;
}

static size_t n_compared, n_valid, n_display, n_findings, n_idna_codes, n_self[2], n_skeletons;

static int cmp_u32(const void *a, const void *b)
{
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* The code points of s, each as the smaller of itself and its mirror (L4), sorted: a
 * display is a reordering of its form with some characters mirrored, so both give the
 * same list. (ibidi/scan.h's self_display rests on it: no other form displays alike.) */
static size_t mirror_classes(const char *s, size_t len, uint32_t *out, size_t cap)
{
    size_t n = 0, pos = 0;
    uint32_t cp;
    while (pos < len && n < cap && ibidi_utf8_next(s, len, &pos, &cp, NULL) == IBIDI_OK) {
        const uint32_t m = ibidi_bidi_mirror(cp, 1);
        out[n++] = m < cp ? m : cp;
    }
    qsort(out, n, sizeof *out, cmp_u32);
    return n;
}

/* Compares ibidi_scan_name with the reference on one name. */
static void compare(const char *name, size_t len, unsigned flags, const char *what)
{
    static ref r;
    static char buf[4 * CAP];
    ibidi_finding f[NF];
    ibidi_findings fs = {f, NF, 0, 0};
    ibidi_scan_result s;
    size_t need = 0;
    reference(name, len, flags, &r);
    ibidi_status st = t_scan(name, len, flags,
                             IBIDI_SCAN_LTR | IBIDI_SCAN_RTL | IBIDI_SCAN_SKELETON, buf,
                             sizeof buf, &need, &fs, &s, NULL);
    /* the analysis's findings count only when it succeeded (as n_findings did) */
    const size_t s_nf = s.analysis == IBIDI_OK ? fs.n : 0;
    n_compared++;
    n_valid += (size_t)r.valid;
    n_display += (size_t)r.has_disp[0];
    n_findings += r.nf > 0;
    n_idna_codes += r.status == IBIDI_E_IDNA_INVALID;
    int ok = st == r.ret && s.valid == r.valid && s.status == r.status &&
             s.unicode.present == r.has_unicode &&
             (!r.has_unicode || span_eq(buf, &s.unicode, r.unicode, r.ulen)) &&
             span_eq(buf, &s.codes, r.codes, r.clen) && s.analysis == r.analysis &&
             s_nf == r.nf && fs.errors == 0;
    for (size_t i = 0; ok && i < r.nf && i < NF; i++)
        ok = same_finding(&f[i], &r.f[i]);
    for (int c = 0; c < 2; c++)
        ok &= s.display[c].present == r.has_disp[c] &&
              (!r.has_disp[c] || span_eq(buf, &s.display[c], r.disp[c], r.dlen[c]));
    /* the short path: a display that is the form itself, and a form of which no other
       form's display is a reordering */
    for (int c = 0; c < 2; c++) {
        if (!(s.self_display & (1u << c)))
            continue;
        n_self[c]++;
        ok &= r.has_unicode && r.has_disp[c] && r.dlen[c] == r.ulen &&
              memcmp(r.disp[c], r.unicode, r.ulen) == 0;
        for (size_t i = 0; i < r.ulen; i++) {
            const char ch = r.unicode[i];
            ok &= (ch >= 'a' && ch <= 'z') || ch == '-' || ch == '.' || (ch >= '0' && ch <= '9');
        }
    }
    /* the bidi skeletons (UTS #39 §4): those of ibidi/confusable.h, of the form, wherever
       it is a domain name (where it has displays) */
    for (int c = 0; c < 2; c++) {
        static char sk[4 * CAP];
        ibidi_buf b = {sk, sizeof sk, 0};
        const char *form = r.has_unicode ? r.unicode : name;
        const size_t flen = r.has_unicode ? r.ulen : len;
        ok &= s.skeleton[c].present == s.display[c].present;
        if (s.skeleton[c].present) {
            n_skeletons++;
            ok &= ibidi_confusable_bidi_skeleton_utf8(form, flen,
                                                      c ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, &b,
                                                      NULL) == IBIDI_OK &&
                  span_eq(buf, &s.skeleton[c], sk, b.len);
        }
    }
    /* a form that displays as itself right-to-left does so left-to-right too */
    ok &= !(s.self_display & IBIDI_SCAN_RTL) || (s.self_display & IBIDI_SCAN_LTR);
    if ((s.self_display & IBIDI_SCAN_RTL) && s.analysis == IBIDI_OK)
        ok &= r.nf == 0; /* no finding in a name that takes the short path */
    for (int c = 0; c < 2; c++) {
        static uint32_t a[CAP], d[CAP];
        if (!r.has_disp[c] || !r.has_unicode)
            continue;
        const size_t na = mirror_classes(r.unicode, r.ulen, a, CAP);
        const size_t nd = mirror_classes(r.disp[c], r.dlen[c], d, CAP);
        CHECK(na == nd && memcmp(a, d, na * sizeof *a) == 0,
              "%s: the display of \"%.*s\" (context %d) is not a reordering of its code points",
              what, (int)(len < 80 ? len : 80), name, c);
    }
    CHECK(ok, "%s: scan of \"%.*s\" (%zu bytes) differs from the public calls: valid %d/%d, "
              "status %s/%s, codes \"%.*s\"/\"%.*s\", analysis %s/%s, findings %zu/%zu, "
              "display %d%d/%d%d",
          what, (int)(len < 80 ? len : 80), name, len, s.valid, r.valid,
          ibidi_status_name(s.status), ibidi_status_name(r.status), (int)s.codes.length,
          buf + s.codes.start, (int)r.clen, r.codes, ibidi_status_name(s.analysis),
          ibidi_status_name(r.analysis), s_nf, r.nf, s.display[0].present,
          s.display[1].present, r.has_disp[0], r.has_disp[1]);
}

/* ---- Inputs ----------------------------------------------------------------------------- */

static void sample(unsigned flags)
{
    size_t len;
    char *text = t_read_file("data/samples/names.txt", &len);
    if (!CHECK(text != NULL, "cannot read data/samples/names.txt"))
        return;
    size_t n0 = n_compared;
    for (char *p = text, *e; p < text + len; p = e + 1) {
        e = memchr(p, '\n', (size_t)(text + len - p));
        if (!e)
            e = text + len;
        size_t start, nl;
        if (!ibidi_scan_line(p, (size_t)(e - p), &start, &nl))
            continue;
        compare(p + start, nl, flags, "sample");
        /* and the same name after a number label, and with a number label added */
        char b[1100];
        if (nl < 1000) {
            int k = snprintf(b, sizeof b, "123.%.*s", (int)nl, p + start);
            compare(b, (size_t)k, flags, "sample 123.x");
            k = snprintf(b, sizeof b, "%.*s.45", (int)nl, p + start);
            compare(b, (size_t)k, flags, "sample x.45");
        }
    }
    printf("info: sample: %zu names compared\n", n_compared - n0);
    free(text);
}

/* The source column of IdnaTestV2.txt (\uXXXX escapes undone; lone surrogates kept out). */
static void idna_sources(unsigned flags)
{
    size_t len;
    char *text = t_read_file(t_data_path("idna/IdnaTestV2.txt"), &len);
    if (!CHECK(text != NULL, "cannot read IdnaTestV2.txt"))
        return;
    size_t n0 = n_compared, skipped = 0;
    for (char *p = text, *e; p < text + len; p = e + 1) {
        e = memchr(p, '\n', (size_t)(text + len - p));
        if (!e)
            e = text + len;
        if (*p == '#' || p == e)
            continue;
        char *semi = memchr(p, ';', (size_t)(e - p));
        if (!semi)
            continue;
        char b[1024];
        size_t k = 0;
        int bad = 0;
        for (char *q = p; q < semi && k + 4 < sizeof b; q++) {
            if (q[0] == '\\' && q + 5 < semi && q[1] == 'u') {
                unsigned cp = 0;
                for (int i = 2; i < 6; i++)
                    cp = cp * 16 + (unsigned)t_hex_digit(q[i]);
                if (cp >= 0xD800 && cp <= 0xDFFF)
                    bad = 1;
                k += ibidi_utf8_encode_cp(cp, b + k);
                q += 5;
            } else {
                b[k++] = *q;
            }
        }
        while (k && b[k - 1] == ' ')
            k--;
        if (bad) {
            skipped++;
            continue;
        }
        compare(b, k, flags, "IdnaTestV2");
    }
    printf("info: IdnaTestV2 sources: %zu compared, %zu with surrogate escapes left out\n",
           n_compared - n0, skipped);
    free(text);
}

/* Random names over characters that exercise every step: RTL letters (R, AL), both kinds
 * of digits, marks, hyphens, full stops (and the ideographic one), brackets, upper case,
 * a joiner, a deviation character, an A-label prefix. */
static void random_names(unsigned flags)
{
    static const char *const pieces[] = {
        "a", "b", "Z", "1", "2", "-", ".", ".", "\xd7\x90", "\xd7\x91", "\xd8\xa7",
        "\xd8\xa8", "\xd9\xa1", "\xdb\xb2", "\xcc\x81", "\xd6\xb0", "\xe3\x80\x82", "(", ")",
        "\xe2\x80\x8d", "\xc3\x9f", "xn--", "%", "+", "/", "@", " ", "\xef\xbc\x8e", "_"};
    const size_t np = sizeof pieces / sizeof pieces[0];
    unsigned long x = 12345;
    size_t n0 = n_compared;
    for (int t = 0; t < 20000; t++) {
        char b[256];
        size_t k = 0;
        x = x * 6364136223846793005ul + 1442695040888963407ul;
        int n = 1 + (int)((x >> 33) % 14);
        for (int i = 0; i < n; i++) {
            x = x * 6364136223846793005ul + 1442695040888963407ul;
            const char *pc = pieces[(x >> 33) % np];
            size_t l = strlen(pc);
            memcpy(b + k, pc, l);
            k += l;
        }
        compare(b, k, flags, "random");
    }
    printf("info: random names: %zu compared\n", n_compared - n0);
}

/* Names as zones hold most of them (ASCII letters, digits, hyphens and dots, in labels of
 * every shape), which take the short path of ibidi_scan_name or just miss it. */
static void ldh_names(unsigned flags)
{
    static const char alphabet[] = "abcxyz0179-.";
    unsigned long x = 777;
    size_t n0 = n_compared, s0 = n_self[0], s1 = n_self[1];
    for (int t = 0; t < 20000; t++) {
        char b[96];
        x = x * 6364136223846793005ul + 1442695040888963407ul;
        const size_t n = 1 + (size_t)((x >> 33) % 24);
        for (size_t i = 0; i < n; i++) {
            x = x * 6364136223846793005ul + 1442695040888963407ul;
            /* letters most of the time, as in zones */
            const unsigned long r = (x >> 33) % 20;
            b[i] = r < 12 ? alphabet[r % 6] : alphabet[(x >> 40) % (sizeof alphabet - 1)];
        }
        compare(b, n, flags, "ldh");
    }
    printf("info: LDH names: %zu compared, %zu displayed as themselves left-to-right, %zu "
           "right-to-left too\n",
           n_compared - n0, n_self[0] - s0, n_self[1] - s1);
    CHECK(n_self[1] - s1 > 1000 && n_self[0] - s0 > n_self[1] - s1 &&
              n_self[1] - s1 < n_compared - n0,
          "the LDH names take the short path and miss it");
}

/* Every form of up to six characters over a, 1, hyphen and dot, compared whole with the
 * reference: the forms the scan does not analyse (their labels each hold a letter) and
 * those next to them (a number label, a label that ends with a hyphen, an empty one). */
static void ldh_all(unsigned flags)
{
    static const char alphabet[] = "a1-.";
    size_t n0 = n_compared;
    for (size_t len = 1; len <= 6; len++) {
        size_t total = 1;
        for (size_t i = 0; i < len; i++)
            total *= 4;
        for (size_t k = 0; k < total; k++) {
            char b[8];
            size_t x = k;
            for (size_t i = 0; i < len; i++, x /= 4)
                b[i] = alphabet[x % 4];
            compare(b, len, flags, "ldh, all of up to six");
        }
    }
    CHECK(n_compared - n0 == 5460, "every form of up to six characters compared (%zu)",
          n_compared - n0);
}

/* Every form of up to six characters over a, b, 1, 2, hyphen and dot: a form that
 * displays as itself (self_display) must share its display with no other form of the
 * set, in either context. The forms that break the claim if the rule were looser are
 * there: 12.ab shows as ab.12 right-to-left, a-.b as itself, -ab as ab-. */
static int cmp_disp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void self_unique(void)
{
    static const char alphabet[] = "ab12-.";
    enum { MAXF = 6, NFORMS = 6 + 36 + 216 + 1296 + 7776 + 46656 };
    static char forms[NFORMS][MAXF + 1];
    static char disp[NFORMS][2 * MAXF + 4]; /* display, then a tab and 1 when self */
    static char *order[NFORMS];
    size_t n = 0, selfs[2] = {0, 0}, checked = 0;
    for (size_t len = 1; len <= MAXF; len++) {
        size_t total = 1;
        for (size_t i = 0; i < len; i++)
            total *= 6;
        for (size_t k = 0; k < total; k++, n++) {
            size_t x = k;
            for (size_t i = 0; i < len; i++, x /= 6)
                forms[n][i] = alphabet[x % 6];
            forms[n][len] = '\0';
        }
    }
    /* and the whole pipeline against the public calls, on every form (the short path of
       the analysis among them) */
    const size_t n0 = n_compared;
    for (size_t i = 0; i < n; i++)
        compare(forms[i], strlen(forms[i]), ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_UTS46),
                "short form");
    printf("info: %zu short forms compared with the public calls\n", n_compared - n0);
    for (int c = 0; c < 2; c++) {
        const ibidi_scan_options o = {c ? IBIDI_SCAN_RTL : IBIDI_SCAN_LTR, exact(0), NULL};
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            char buf[256];
            ibidi_scan_result r;
            const size_t fl = strlen(forms[i]);
            if (fl > 1 && forms[i][fl - 1] == '.' && forms[i][fl - 2] != '.')
                continue; /* "a." is the name "a" (step 0), which is in the list too */
            r.text = (ibidi_buf){buf, sizeof buf, 0};
            if (ibidi_scan_name(forms[i], strlen(forms[i]), &o, &r, NULL, NULL) != IBIDI_OK ||
                !r.display[c].present)
                continue; /* no display: not a domain name (an empty label, say) */
            const int self = (r.self_display >> c) & 1;
            selfs[c] += (size_t)self;
            snprintf(disp[m], sizeof disp[m], "%.*s\t%d", (int)r.display[c].length,
                     buf + r.display[c].start, self);
            order[m] = disp[m];
            m++;
        }
        qsort(order, m, sizeof *order, cmp_disp);
        /* the same display twice (sorted together, up to the tab): neither may be self */
        for (size_t i = 0; i + 1 < m; i++) {
            const size_t k = strcspn(order[i], "\t");
            if (strncmp(order[i], order[i + 1], k + 1) != 0)
                continue;
            checked++;
            CHECK(order[i][k + 1] == '0' && order[i + 1][k + 1] == '0',
                  "context %d: display \"%.*s\" is shared by forms, one of them self_display",
                  c, (int)k, order[i]);
        }
    }
    printf("info: %zu forms of up to %d characters: %zu display as themselves left-to-right, "
           "%zu right-to-left; %zu shared displays, none of them self_display\n",
           n, MAXF, selfs[0], selfs[1], checked);
    CHECK(selfs[1] > 1000 && checked > 1000, "the forms reach both cases");
}

/* ---- Error paths and edges -------------------------------------------------------------- */

static void edges(unsigned flags)
{
    char buf[CAP];
    ibidi_finding f[NF];
    ibidi_findings fs = {f, NF, 0, 0};
    ibidi_scan_result s;
    ibidi_error e;
    ibidi_status st;
    size_t need = 0;

    /* ill-formed UTF-8, an overlong form, a surrogate, NUL: a record, never a crash */
    compare("\xc0\xaf.com", 6, flags, "overlong");
    compare("a\xed\xa0\x80.com", 8, flags, "surrogate");
    compare("\xd7\x90\xff", 3, flags, "bad byte");
    compare("a\0b.com", 7, flags, "NUL");
    /* a paragraph separator: the display lays an identifier out as one line */
    compare("b\xe2\x80\xa9" "bom", 7, flags, "paragraph separator");
    compare("\xd7\x90\xe2\x80\xa9" "1.com", 8, flags, "paragraph separator after R");
    CHECK(t_scan("\xc0\xaf", 2, flags, 0, buf, sizeof buf, &need, &fs, &s, NULL) ==
                  IBIDI_OK &&
              !s.valid && s.status == IBIDI_E_UTF8_OVERLONG && !s.unicode.present &&
              !s.display[0].present,
          "overlong UTF-8: invalid, decoder status, nothing else");

    /* a name over the limits: label over 63, name over 253, form over the analysis limit */
    char big[3000];
    memset(big, 'a', sizeof big);
    compare(big, 64, flags, "64-letter label");
    for (int i = 63; i < 300; i += 64)
        big[i] = '.';
    compare(big, 300, flags, "300-byte name");
    compare(big, 1024, flags, "1024-byte name");
    compare(big, 1025, flags, "1025-byte name");
    compare(big, sizeof big, flags, "3000-byte name");
    CHECK(t_scan(big, 1025, flags, 3, buf, sizeof buf, &need, &fs, &s, NULL) ==
                  IBIDI_OK &&
              s.valid == !(flags & IBIDI_IDNA_VERIFY_DNS_LENGTH) &&
              s.analysis == IBIDI_E_AMBIG_TOO_LONG && !s.display[0].present,
          "a form over IBIDI_AMBIGUITY_MAX_BYTES: no analysis or display, ToASCII's validity");

    /* the buffer: too small gives the size needed, and the same result with it */
    const char *nm = "\xd7\x90\xd7\x91" "12.com"; /* valid: an RTL label may end with digits */
    size_t nl = strlen(nm);
    e.status = IBIDI_OK;
    st = t_scan(nm, nl, flags, 3, buf, 4, &need, &fs, &s, &e);
    CHECK(st == IBIDI_E_BUFFER_TOO_SMALL && e.status == IBIDI_E_BUFFER_TOO_SMALL &&
              need == nl + 2 + 2 * nl,
          "buffer too small: needed %zu (form, \"[]\", two displays)", need);
    st = t_scan(nm, nl, flags, 3, buf, need, &need, &fs, &s, NULL);
    CHECK(st == IBIDI_OK && s.valid && s.display[1].start + s.display[1].length == need,
          "the size needed is enough");
    ibidi_findings count_only = {NULL, 0, 0, 0};
    CHECK(t_scan(nm, nl, flags, 3, NULL, 0, &need, &count_only, &s, NULL) ==
                  IBIDI_E_BUFFER_TOO_SMALL &&
              s.analysis == IBIDI_OK && count_only.n > 0,
          "NULL buffer and findings: sizes only (%zu findings)", count_only.n);
    CHECK(t_scan(nm, nl, flags, 3, buf, sizeof buf, &need, NULL, &s, NULL) ==
                  IBIDI_OK &&
              s.valid && s.analysis == IBIDI_OK,
          "no findings record at all");
    CHECK(t_scan(nm, nl, flags, IBIDI_SCAN_RTL, buf, sizeof buf, &need, &fs, &s, NULL) == IBIDI_OK &&
              !s.display[0].present && s.display[1].present,
          "only the display asked for is made");

    /* the badami pair: one display in LTR */
    char d1[CAP], d2[CAP];
    ibidi_scan_result s2;
    const char *a = "123.\xd7\x90\xd7\x91\xd7\x92.com", *b = "\xd7\x90\xd7\x91\xd7\x92.123.com";
    CHECK(t_scan(a, strlen(a), flags, 3, d1, sizeof d1, NULL, &fs, &s, NULL) ==
                  IBIDI_OK &&
              t_scan(b, strlen(b), flags, 3, d2, sizeof d2, NULL, &fs, &s2, NULL) ==
                  IBIDI_OK &&
              s.display[0].length == s2.display[0].length &&
              memcmp(d1 + s.display[0].start, d2 + s2.display[0].start, s.display[0].length) ==
                  0,
          "badami: 123.ABC.com and ABC.123.com have one display (LTR)");

    /* arguments */
    CHECK(t_scan(NULL, 1, flags, 0, buf, sizeof buf, &need, &fs, &s, &e) ==
                  IBIDI_E_INVALID_ARGUMENT,
          "NULL name with a length");
    CHECK(t_scan("a", 1, flags, 0, buf, sizeof buf, &need, &fs, NULL, &e) ==
              IBIDI_E_INVALID_ARGUMENT,
          "NULL result");
    CHECK(t_scan("a", 1, flags, 0x10, buf, sizeof buf, &need, &fs, &s, &e) ==
              IBIDI_E_INVALID_ARGUMENT,
          "unknown option bit");
    CHECK(t_scan("a", 1, flags, 0, NULL, 5, &need, &fs, &s, &e) ==
              IBIDI_E_INVALID_ARGUMENT,
          "NULL buffer with a capacity");
    ibidi_findings no_items = {NULL, 3, 0, 0};
    CHECK(t_scan("a", 1, flags, 0, buf, sizeof buf, &need, &no_items, &s, &e) ==
              IBIDI_E_INVALID_ARGUMENT,
          "NULL findings with a capacity");
}

/* Two scans alike: results, text parts (in each one's text.data) and findings. */
static int same_scan(const ibidi_scan_result *a, const ibidi_finding *fa, size_t na,
                     const ibidi_scan_result *b, const ibidi_finding *fb, size_t nb)
{
    int ok = a->valid == b->valid && a->status == b->status && a->analysis == b->analysis &&
             a->text.len == b->text.len && memcmp(a->text.data, b->text.data, a->text.len) == 0 &&
             na == nb;
    const ibidi_span *sa[4] = {&a->unicode, &a->codes, &a->display[0], &a->display[1]};
    const ibidi_span *sb[4] = {&b->unicode, &b->codes, &b->display[0], &b->display[1]};
    for (int k = 0; ok && k < 4; k++)
        ok = sa[k]->present == sb[k]->present && sa[k]->start == sb[k]->start &&
             sa[k]->length == sb[k]->length;
    for (size_t i = 0; ok && i < na; i++)
        ok = same_finding(&fa[i], &fb[i]);
    return ok;
}

/* The options record, long forms, and ibidi_scan_name_alloc. */
static void options(void)
{
    static char b1[CAP], b2[CAP], u[CAP];
    static ibidi_finding f1[NF], f2[NF];
    ibidi_findings fs1 = {f1, NF, 0, 0}, fs2 = {f2, NF, 0, 0};
    ibidi_scan_result r1, r2;
    ibidi_error e;
    const unsigned uts46 = ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_UTS46);
    const ibidi_scan_options zero = {0, {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}, NULL};
    const char *nm = "\xd7\x90\xd7\x91" "12.ABC.com";
    const size_t nl = strlen(nm);

    /* NULL and a zeroed record: no display, the uts46 profile */
    r1.text = (ibidi_buf){b1, CAP, 0};
    r2.text = (ibidi_buf){b2, CAP, 0};
    CHECK(ibidi_scan_name(nm, nl, NULL, &r1, &fs1, &e) == IBIDI_OK &&
              ibidi_scan_name(nm, nl, &zero, &r2, &fs2, &e) == IBIDI_OK &&
              same_scan(&r1, f1, fs1.n, &r2, f2, fs2.n) && !r1.display[0].present &&
              !r1.display[1].present,
          "NULL and zeroed options agree: no display");
    CHECK(r1.text.data == b1 && r1.text.cap == CAP && r1.text.len > 0 && r1.text.len < CAP,
          "the buffer stays in the result, len the bytes taken");
    CHECK(t_scan(nm, nl, uts46, 0, b2, CAP, NULL, &fs2, &r2, &e) == IBIDI_OK &&
              same_scan(&r1, f1, fs1.n, &r2, f2, fs2.n),
          "the defaults: the uts46 profile");
    /* refused: unknown bits, an unknown IDNA profile, no result, data NULL with a cap */
    {
        ibidi_scan_options o = zero;
        o.flags = 0x10u;
        r1.text = (ibidi_buf){b1, CAP, 0};
        CHECK(ibidi_scan_name(nm, nl, &o, &r1, &fs1, &e) == IBIDI_E_INVALID_ARGUMENT &&
                  e.status == IBIDI_E_INVALID_ARGUMENT,
              "unknown flag bits refused");
        o = zero;
        o.idna.profile = (ibidi_idna_profile)9;
        CHECK(ibidi_scan_name(nm, nl, &o, &r1, &fs1, &e) == IBIDI_E_INVALID_ARGUMENT,
              "unknown IDNA profile refused");
        CHECK(ibidi_scan_name(nm, nl, NULL, NULL, &fs1, &e) == IBIDI_E_INVALID_ARGUMENT,
              "no result record refused");
        r1.text = (ibidi_buf){NULL, 4, 0};
        CHECK(ibidi_scan_name(nm, nl, NULL, &r1, &fs1, &e) == IBIDI_E_INVALID_ARGUMENT,
              "text data NULL with a capacity refused");
    }
    /* a form of over 256 bytes from a name of fewer: A-labels of CJK ideographs */
    {
        size_t ul = 0;
        for (int l = 0; l < 6; l++) {
            for (int i = 0; i < 20; i++) {
                memcpy(u + ul, "\xE4\xB8\x80", 3);
                ul += 3;
            }
            u[ul++] = '.';
        }
        memcpy(u + ul, "com", 3);
        ul += 3;
        ibidi_buf ab = {b2, CAP, 0};
        CHECK(ibidi_idna_to_ascii_utf8(u, ul, NULL, &ab, NULL, NULL) == IBIDI_OK &&
                  ab.len < 256 && ul > 256,
              "a name of %zu bytes, its form of %zu", ab.len, ul);
        const size_t al = ab.len;
        char name[256];
        memcpy(name, b2, al);
        compare(name, al, uts46, "long form");
        ibidi_scan_options o = zero;
        o.flags = IBIDI_SCAN_LTR | IBIDI_SCAN_RTL;
        r1.text = (ibidi_buf){b1, CAP, 0};
        CHECK(ibidi_scan_name(name, al, &o, &r1, &fs1, &e) == IBIDI_OK &&
                  r1.unicode.length == ul && r1.valid && r1.status == IBIDI_OK &&
                  r1.analysis == IBIDI_E_DOMAIN_TOO_LONG && !r1.display[0].present,
              "a long form: a valid name (ToASCII gives it back), but its Unicode form is no "
              "domain name (DOMAIN_TOO_LONG), so no display and no work area needed");
        ibidi_findings fa;
        CHECK(ibidi_scan_name_alloc(name, al, &o, &r2, &fa, &e) == IBIDI_OK && r2.text.data &&
                  r2.text.data[r2.text.len] == '\0' &&
                  same_scan(&r1, f1, 0, &r2, fa.items, fa.n),
              "_alloc on a long form");
        ibidi_free(r2.text.data);
        ibidi_findings_free(&fa);
    }
    /* _alloc: a form longer than its first guess, more findings than its first guess */
    {
        static const char *const names[] = {
            "\xEF\xB7\xBA\xEF\xB7\xBA\xEF\xB7\xBA\xEF\xB7\xBA\xEF\xB7\xBA.com", /* U+FDFA */
            NULL};
        size_t ml;
        const char *many = t_notation(0, "A.1.b.2.C.3.d.4.E.5.f.6.G.7.h", 0, &ml);
        const char *list[2] = {names[0], many};
        const size_t lens[2] = {strlen(names[0]), ml};
        for (int k = 0; k < 2; k++) {
            const ibidi_scan_options o = {IBIDI_SCAN_LTR | IBIDI_SCAN_RTL,
                                          {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}, NULL};
            ibidi_findings fa;
            r1.text = (ibidi_buf){b1, CAP, 0};
            CHECK(ibidi_scan_name(list[k], lens[k], &o, &r1, &fs1, &e) == IBIDI_OK &&
                      ibidi_scan_name_alloc(list[k], lens[k], &o, &r2, &fa, &e) == IBIDI_OK &&
                      same_scan(&r1, f1, r1.analysis == IBIDI_OK ? fs1.n : 0, &r2, fa.items,
                                fa.n),
                  "_alloc %d: as the call (%zu bytes, %zu findings)", k, r1.text.len, fs1.n);
            CHECK(k == 0 ? r1.text.len > 4 * lens[k] + 64 : fs1.n > 16,
                  "_alloc %d: past its first guess", k);
            ibidi_free(r2.text.data);
            ibidi_findings_free(&fa);
        }
    }
    /* _alloc: no findings record, no result; errors */
    {
        ibidi_findings fa;
        r1.text = (ibidi_buf){(char *)1, 7, 99}; /* cap ignored, data replaced */
        CHECK(ibidi_scan_name_alloc(nm, nl, NULL, &r1, NULL, &e) == IBIDI_OK && r1.text.data &&
                  r1.text.data != (char *)1 && r1.text.data[r1.text.len] == '\0',
              "_alloc without findings");
        ibidi_free(r1.text.data);
        CHECK(ibidi_scan_name_alloc(nm, nl, NULL, NULL, &fa, &e) == IBIDI_E_INVALID_ARGUMENT &&
                  fa.items == NULL,
              "_alloc without a result for the text");
        ibidi_scan_options o = zero;
        o.flags = 0x10u;
        r1.text.data = (char *)1;
        CHECK(ibidi_scan_name_alloc(nm, nl, &o, &r1, &fa, &e) == IBIDI_E_INVALID_ARGUMENT &&
                  r1.text.data == NULL && fa.items == NULL,
              "_alloc: an error leaves nothing allocated");
    }
}

/* Names with ZWNJ or ZWJ (IDNA2008 CONTEXTJ, RFC 5892 A.1, A.2) are analysed as the UBA
 * shows them (X9 sets the joiners aside): the findings of the name without the joiner,
 * offsets moved past it, and the analysis's status IBIDI_OK (not "without findings"). */
static void joiners(unsigned flags)
{
    static const char with[] = "5.\xD8\xB1\xD9\x88\xD8\xAD\xE2\x80\x8C\xD8\xA7\xD9\x81"
                               "\xD8\xB2\xD8\xA7.com";
    static const char without[] = "5.\xD8\xB1\xD9\x88\xD8\xAD\xD8\xA7\xD9\x81\xD8\xB2"
                                  "\xD8\xA7.com";
    char buf[CAP];
    ibidi_finding fw[NF], fo[NF];
    ibidi_findings sw = {fw, NF, 0, 0}, so = {fo, NF, 0, 0};
    ibidi_scan_result rw, ro;
    compare(with, strlen(with), flags, "ZWNJ");
    CHECK(t_scan(with, strlen(with), flags, IBIDI_SCAN_LTR, buf, sizeof buf, NULL, &sw, &rw,
                 NULL) == IBIDI_OK &&
              t_scan(without, strlen(without), flags, IBIDI_SCAN_LTR, buf, sizeof buf, NULL,
                     &so, &ro, NULL) == IBIDI_OK &&
              rw.analysis == IBIDI_OK && ro.analysis == IBIDI_OK && sw.n == so.n && sw.n >= 3,
          "5.ruh|afza.com: analysed (%d), %zu findings, as without the joiner (%zu)",
          (int)rw.analysis, sw.n, so.n);
    for (size_t i = 0; i < sw.n && i < so.n && i < NF; i++)
        CHECK(fw[i].code == fo[i].code && fw[i].context == fo[i].context &&
                  fw[i].offset == fo[i].offset + (fo[i].offset >= 8 ? 3u : 0u) &&
                  fw[i].cp == fo[i].cp,
              "5.ruh|afza.com: finding %zu %s at %zu, as without the joiner", i,
              ibidi_code_name(fw[i].code), fw[i].offset);
    /* a bidi control is still not analysed, and says so */
    CHECK(t_scan("a\xE2\x80\x8F" "1.com", 8, flags, 0, buf, sizeof buf, NULL, &sw, &rw,
                 NULL) == IBIDI_OK &&
              rw.analysis == IBIDI_E_AMBIG_CONTROL && sw.n == 0,
          "RLM: not analysed, AMBIG_CONTROL");
}

/* IBIDI_SCAN_OWNER: the labels set aside, and everything else that of the rest alone. */
static void owners(void)
{
    static const struct {
        const char *name;
        size_t set_aside;
    } cases[] = {
        {"*.example", 2},
        {"_dmarc.example", 7},
        {"sel._domainkey.example", 15},          /* a label below the underscored one */
        {"_443._tcp.www.example", 10},           /* SRV and TLSA: two of them */
        {"*._tcp.x", 7},                         /* a wildcard, then an underscored label */
        {"\xd7\x90._dmarc.com", 10},             /* a U-label below one */
        {"_a._b", 3},                            /* a label must follow: _b stays */
        {"_x..example", 3},                      /* the empty label then breaks the rules */
        {"x._y", 0},
        {"_only", 0},
        {"*", 0},
        {"*.", 0},
        {"a.*.example", 0},                      /* a wildcard is a first label only */
        {"**.example", 0},
        {"a\\._b.example", 0},                   /* zone escapes: "\." is no dot */
        {"*\\.x.example", 0},
        {"a_b.example", 0},                      /* "_" inside a label: a label like others */
        {"example", 0},
        {"", 0},
    };
    static char b1[CAP], b2[CAP];
    static ibidi_finding f1[NF], f2[NF];
    const unsigned uts46 = ibidi_idna_profile_flags(IBIDI_IDNA_PROFILE_UTS46);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *nm = cases[i].name;
        const size_t nl = strlen(nm), k = cases[i].set_aside;
        ibidi_findings fs1 = {f1, NF, 0, 0}, fs2 = {f2, NF, 0, 0};
        ibidi_scan_result r1, r2;
        memset(&r1, 0, sizeof r1); /* the message may read it before the call */
        CHECK(t_scan(nm, nl, uts46, 3 | IBIDI_SCAN_OWNER, b1, CAP, NULL, &fs1, &r1, NULL) ==
                      IBIDI_OK &&
                  r1.set_aside == k,
              "owner \"%s\": %zu bytes set aside, expected %zu", nm, r1.set_aside, k);
        CHECK(t_scan(nm + k, nl - k, uts46, 3, b2, CAP, NULL, &fs2, &r2, NULL) == IBIDI_OK &&
                  same_scan(&r1, f1, fs1.n, &r2, f2, fs2.n) && r2.set_aside == 0,
              "owner \"%s\": judged as \"%s\" alone", nm, nm + k);
        CHECK(t_scan(nm, nl, uts46, 3, b2, CAP, NULL, &fs2, &r2, NULL) == IBIDI_OK &&
                  r2.set_aside == 0 && (k == 0 || !r2.valid),
              "\"%s\" without IBIDI_SCAN_OWNER: nothing set aside, and invalid when "
              "something would be", nm);
    }
    /* host names of every kind under the prefixes: the same results as alone */
    static const char *const hosts[] = {"example.com", "xn--4dbrk0ce.com", "123.xn--4dbrk0ce.com",
                                        "\xd7\x90\xd7\x91.12.com", "\xd8\xa7\xd9\x84.1-2.com",
                                        "A\xe2\x80\x8d.com", "a..com"};
    static const char *const prefixes[] = {"*.", "_dmarc.", "*._tcp.", "s1._domainkey."};
    size_t n = 0;
    for (size_t h = 0; h < sizeof hosts / sizeof hosts[0]; h++)
        for (size_t p = 0; p < sizeof prefixes / sizeof prefixes[0]; p++) {
            char nm[128];
            const int nl = snprintf(nm, sizeof nm, "%s%s", prefixes[p], hosts[h]);
            ibidi_findings fs1 = {f1, NF, 0, 0}, fs2 = {f2, NF, 0, 0};
            ibidi_scan_result r1, r2;
            const int ok =
                t_scan(nm, (size_t)nl, uts46, 3 | IBIDI_SCAN_OWNER, b1, CAP, NULL, &fs1, &r1,
                       NULL) == IBIDI_OK &&
                r1.set_aside == strlen(prefixes[p]) &&
                t_scan(hosts[h], strlen(hosts[h]), uts46, 3, b2, CAP, NULL, &fs2, &r2, NULL) ==
                    IBIDI_OK &&
                same_scan(&r1, f1, fs1.n, &r2, f2, fs2.n);
            CHECK(ok, "owner \"%s\": judged as its host name", nm);
            n += ok;
        }
    CHECK(n == 28, "the 28 owners with a prefix");
    /* ill-formed UTF-8 anywhere: the decoder's status, nothing set aside */
    {
        ibidi_scan_result r;
        memset(&r, 0, sizeof r);
        CHECK(t_scan("_x.a\xff", 5, uts46, IBIDI_SCAN_OWNER, b1, CAP, NULL, NULL, &r, NULL) ==
                      IBIDI_OK &&
                  r.set_aside == 0 && r.status == IBIDI_E_UTF8_INVALID_BYTE && !r.valid,
              "owner with ill-formed UTF-8: status %d", (int)r.status);
    }
}

/* Names longer than the scan analyses: their validity is ToASCII's whatever the buffers
 * (one answer with to-ascii and the verdict), and a name that maps past IDNA's fixed area
 * asks for a work area rather than take IDNA_WORK_TOO_SMALL as its reason. */
static void long_names(void)
{
    enum { LABELS = 800 };
    static char heb[LABELS * 3], asc[4000];
    for (size_t i = 0; i < LABELS; i++) { /* 1600 code points: past the fixed area */
        heb[3 * i] = (char)0xD7;
        heb[3 * i + 1] = (char)0x90;
        heb[3 * i + 2] = '.';
    }
    const size_t hlen = sizeof heb - 1; /* no root label */
    for (size_t i = 0; i < sizeof asc; i++)
        asc[i] = (i % 2) ? '.' : 'a';
    static char text[1 << 15];
    for (int p = 0; p < 2; p++) {
        const ibidi_scan_options o = {IBIDI_SCAN_LTR | IBIDI_SCAN_RTL,
                                      {p ? IBIDI_IDNA_PROFILE_WHATWG : IBIDI_IDNA_PROFILE_UTS46,
                                       0, 0, NULL, 0},
                                      NULL};
        /* the ASCII name: valid under whatwg, ToASCII's codes under uts46 */
        ibidi_scan_result r;
        ibidi_status st = ibidi_scan_name_alloc(asc, sizeof asc - 1, &o, &r, NULL, NULL);
        ibidi_free(r.text.data);
        CHECK(st == IBIDI_OK && r.valid == p && r.analysis == IBIDI_E_AMBIG_TOO_LONG &&
                  !r.display[0].present,
              "a 3999-byte ASCII name (%s): %s, valid %d, analysis %s", p ? "whatwg" : "uts46",
              ibidi_status_name(st), r.valid, ibidi_status_name(r.analysis));
        /* the Hebrew one: no work area, so the call asks for one; _alloc gives it */
        r.text = (ibidi_buf){text, sizeof text, 0};
        st = ibidi_scan_name(heb, hlen, &o, &r, NULL, NULL);
        CHECK(st == IBIDI_E_IDNA_WORK_TOO_SMALL, "1600 code points without a work area: %s",
              ibidi_status_name(st));
        ibidi_scan_result ra;
        st = ibidi_scan_name_alloc(heb, hlen, &o, &ra, NULL, NULL);
        CHECK(st == IBIDI_OK && ra.valid == p,
              "1600 code points, allocating call (%s): %s, valid %d", p ? "whatwg" : "uts46",
              ibidi_status_name(st), ra.valid);
        ibidi_free(ra.text.data);
        /* with a work area, the same answer from the call itself */
        static char work[1 << 17];
        ibidi_scan_options ow = o;
        ow.idna.work = work;
        ow.idna.work_size = ibidi_idna_work_size();
        CHECK(ow.idna.work_size <= sizeof work, "work area %zu", ow.idna.work_size);
        r.text = (ibidi_buf){text, sizeof text, 0};
        st = ibidi_scan_name(heb, hlen, &ow, &r, NULL, NULL);
        CHECK(st == IBIDI_OK && r.valid == p, "1600 code points with a work area: %s, %d",
              ibidi_status_name(st), r.valid);
        /* and ToASCII says the same */
        ibidi_buf ab = {NULL, 0, 0};
        st = ibidi_idna_to_ascii_alloc(heb, hlen, &o.idna, &ab, NULL, NULL);
        CHECK((st == IBIDI_OK) == p, "ToASCII of the 1600 code points: %s",
              ibidi_status_name(st));
        ibidi_free(ab.data);
    }
}

int main(void)
{
    static const ibidi_idna_profile profiles[] = {IBIDI_IDNA_PROFILE_UTS46,
                                                  IBIDI_IDNA_PROFILE_WHATWG,
                                                  IBIDI_IDNA_PROFILE_IDNA2008_REGISTER};
    for (size_t p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
        unsigned flags = ibidi_idna_profile_flags(profiles[p]);
        printf("info: profile %s\n", ibidi_idna_profile_name(profiles[p]));
        sample(flags);
        idna_sources(flags);
        random_names(flags);
        ldh_names(flags);
        ldh_all(flags);
        edges(flags);
        joiners(flags);
    }
    /* the scan's bidi skeletons read its displays unless the form holds a character L4
       mirrors, among others: ()<>[]{} are ASCII's only ones */
    size_t mirrored_wrong = 0;
    for (uint32_t cp = 0; cp < 0x80; cp++)
        mirrored_wrong += (ibidi_bidi_mirror(cp, 1) != cp) != (cp && strchr("()<>[]{}", (int)cp));
    CHECK(mirrored_wrong == 0, "ASCII's mirrored characters: %zu differ", mirrored_wrong);
    options();
    owners();
    self_unique();
    long_names();
    printf("info: %zu names compared in all: %zu valid, %zu with displays, %zu with findings, "
           "%zu invalid by ToUnicode's codes only\n",
           n_compared, n_valid, n_display, n_findings, n_idna_codes);
    CHECK(n_valid > 1000 && n_display > 10000 && n_findings > 1000 && n_idna_codes > 10 &&
              n_skeletons > 10000,
          "the inputs reach every branch (%zu bidi skeletons compared)", n_skeletons);
    return t_summary();
}
