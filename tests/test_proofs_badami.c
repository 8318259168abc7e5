/*
 * Badami's ambiguities for names of every length (ibidi_rfc5893_prove_badami,
 * include/ibidi/rfc5893.h) against the enumeration: every string of the label classes and
 * CS (the dots) up to a length that is a legal name (this file's own reading of the
 * space the header documents) is run through the library's UBA in each paragraph
 * direction; names are grouped by their display as rendered (a mark drawn with its base),
 * and each pair of a group is compared place by place in the display: a digit EN in one
 * and AN (W2) in the other, a separator joined to a number (W4) in one and not in the
 * other. The names, the pairs shown alike and the pairs of each kind, length by length,
 * must be the pair automaton's counts; its shortest pairs must be the first with a count,
 * and show alike with what they are said to show. Usage: test_proofs_badami [N]
 * (default 5; `make check-proofs-7` runs 7). Under RFC 5893 (mode 0) both directions;
 * with no rule (mode 1, where the ambiguities occur) the right-to-left paragraph only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/bidi.h"
#include "ibidi/rfc5893.h"
#include "testlib.h"

#define MAXN 8
#define CS IBIDI_UNICODE_BC_CS

typedef struct name {
    uint8_t c[MAXN], n;
    uint8_t key[2 * MAXN], nk; /* the display as rendered: classes, a mark as MARK */
    uint8_t at[2 * MAXN];      /* the logical index at each key place */
    char type[MAXN];           /* 'E', 'A' (digits), 'S' (separator in a number), 0 */
} name;

enum { MARK = 0xFE };

static int is_rtl(uint8_t c)
{
    return c == IBIDI_UNICODE_BC_R || c == IBIDI_UNICODE_BC_AL || c == IBIDI_UNICODE_BC_AN;
}

/* RFC 5891 §4.2.3.1 on one label: no hyphen (ES) first or last, no "--" in places 3-4. */
static int hyphens(const uint8_t *l, size_t n)
{
    return l[0] != IBIDI_UNICODE_BC_ES && l[n - 1] != IBIDI_UNICODE_BC_ES &&
           !(n >= 4 && l[2] == IBIDI_UNICODE_BC_ES && l[3] == IBIDI_UNICODE_BC_ES);
}

/* The space of the header: labels not empty, keeping the hyphen rule, no mark first in
 * the name; mode 0 adds RFC 5893: in a name with R, AL or AN each label passes the rule or
 * is an LDH label (L, EN, ES) that does not start with a digit after an RTL label. */
static int legal(const uint8_t *c, size_t n, int mode)
{
    if (c[0] == IBIDI_UNICODE_BC_NSM)
        return 0;
    int bidi = 0, seen_rtl = 0;
    for (size_t i = 0; i < n; i++)
        bidi |= is_rtl(c[i]);
    for (size_t s = 0, i = 0; i <= n; i++) {
        if (i < n && c[i] != CS)
            continue;
        const uint8_t *l = c + s;
        const size_t ln = i - s;
        if (ln == 0 || !hyphens(l, ln))
            return 0;
        int rtl = 0, ldh = 1;
        for (size_t k = 0; k < ln; k++) {
            rtl |= is_rtl(l[k]);
            ldh &= l[k] == IBIDI_UNICODE_BC_L || l[k] == IBIDI_UNICODE_BC_EN ||
                   l[k] == IBIDI_UNICODE_BC_ES;
        }
        if (mode == 0 && bidi &&
            ibidi_rfc5893_conditions(l, ln, IBIDI_RFC5893_ALL_CONDITIONS) != 0 &&
            (!ldh || (l[0] == IBIDI_UNICODE_BC_EN && seen_rtl)))
            return 0;
        seen_rtl |= rtl;
        s = i + 1;
    }
    return 1;
}

/* The display and the number types of x in dir, from the library's UBA. */
static int shown(name *x, ibidi_dir dir)
{
    uint8_t lv[MAXN], weak[MAXN];
    size_t v2l[MAXN];
    const ibidi_bidi_options o = {dir, 0, NULL, 0};
    ibidi_bidi_result r = {.levels = lv, .weak = weak, .cap = MAXN};
    if (ibidi_bidi_resolve_classes(x->c, x->n, &o, &r, NULL) != IBIDI_OK ||
        ibidi_bidi_reorder(lv, x->n, v2l, NULL, NULL) != IBIDI_OK)
        return -1;
    x->nk = 0;
    for (size_t v = 0; v < x->n; v++) {
        const size_t i = v2l[v];
        if (x->c[i] == IBIDI_UNICODE_BC_NSM)
            continue; /* drawn with its base (none is first) */
        x->at[x->nk] = (uint8_t)i;
        x->key[x->nk++] = x->c[i];
        for (size_t k = i + 1; k < x->n && x->c[k] == IBIDI_UNICODE_BC_NSM; k++) {
            x->at[x->nk] = (uint8_t)k;
            x->key[x->nk++] = MARK;
        }
    }
    for (size_t i = 0; i < x->n; i++) {
        x->type[i] = 0;
        if (x->c[i] == IBIDI_UNICODE_BC_EN) /* W2: AN after AL */
            x->type[i] = weak[i] == IBIDI_UNICODE_BC_AN ? 'A' : 'E';
        if ((x->c[i] == IBIDI_UNICODE_BC_ES || x->c[i] == CS) && weak[i] != IBIDI_UNICODE_BC_ON)
            x->type[i] = 'S'; /* W4: a separator between two numbers takes their type */
    }
    return 0;
}

static int by_key(const void *a, const void *b)
{
    const name *x = a, *y = b;
    if (x->n != y->n)
        return x->n < y->n ? -1 : 1;
    return memcmp(x->key, y->key, x->nk);
}

typedef struct counts {
    unsigned long long names[MAXN], alike[MAXN], digit[MAXN], both[MAXN], sep[MAXN];
} counts;

/* Digit and separator differences of x and y, shown alike. */
static void compare(const name *x, const name *y, int *digit, int *sep)
{
    *digit = *sep = 0;
    for (size_t k = 0; k < x->nk; k++) {
        const char a = x->type[x->at[k]], b = y->type[y->at[k]];
        *digit |= (a == 'E' && b == 'A') || (a == 'A' && b == 'E');
        *sep |= (a == 'S') != (b == 'S');
    }
}

static void enumerate(const ibidi_rfc5893_alphabet *al, int mode, ibidi_dir dir, unsigned nmax,
                      counts *out)
{
    uint8_t cls[IBIDI_UNICODE_BC_COUNT + 1];
    size_t nc = 0;
    for (size_t k = 0; k < al->n_classes; k++)
        cls[nc++] = al->classes[k];
    cls[nc++] = CS;
    memset(out, 0, sizeof *out);
    size_t cap = 1u << 16, nn = 0;
    name *v = malloc(cap * sizeof *v);
    for (unsigned n = 1; n <= nmax && v; n++) {
        size_t idx[MAXN] = {0};
        for (;;) {
            name x;
            x.n = (uint8_t)n;
            for (unsigned i = 0; i < n; i++)
                x.c[i] = cls[idx[i]];
            if (legal(x.c, n, mode) && shown(&x, dir) == 0) {
                if (nn == cap) {
                    name *w = realloc(v, 2 * cap * sizeof *v);
                    if (!w)
                        break;
                    v = w;
                    cap *= 2;
                }
                v[nn++] = x;
                out->names[n - 1]++;
            }
            unsigned i = n;
            while (i > 0 && ++idx[i - 1] == nc)
                idx[--i] = 0;
            if (i == 0)
                break;
        }
    }
    if (!v) {
        CHECK(0, "out of memory");
        return;
    }
    qsort(v, nn, sizeof *v, by_key);
    for (size_t a = 0; a < nn;) {
        size_t b = a + 1;
        while (b < nn && by_key(&v[a], &v[b]) == 0)
            b++;
        for (size_t p = a; p < b; p++)
            for (size_t q = p + 1; q < b; q++) {
                int digit, sep;
                compare(&v[p], &v[q], &digit, &sep);
                const unsigned n = v[p].n - 1;
                out->alike[n]++;
                out->digit[n] += digit != 0;
                out->both[n] += digit && sep;
                out->sep[n] += sep != 0;
            }
        a = b;
    }
    free(v);
}

/* A pair the prover reports: legal, shown alike, with what it is said to show. */
static void check_pair(const ibidi_rfc5893_verify_label *x, const ibidi_rfc5893_verify_label *y,
                       int mode, ibidi_dir dir, int want_digit, int want_sep, const char *what)
{
    name a, b;
    a.n = x->n;
    b.n = y->n;
    memcpy(a.c, x->classes, a.n);
    memcpy(b.c, y->classes, b.n);
    int ok = a.n == b.n && a.n <= MAXN && memcmp(a.c, b.c, a.n) != 0 && legal(a.c, a.n, mode) &&
             legal(b.c, b.n, mode) && shown(&a, dir) == 0 && shown(&b, dir) == 0 &&
             by_key(&a, &b) == 0;
    int digit = 0, sep = 0;
    if (ok)
        compare(&a, &b, &digit, &sep);
    CHECK(ok && (!want_digit || digit) && (!want_sep || sep),
          "mode %d dir %d: the %s pair is not two legal names shown alike with it", mode, dir,
          what);
}

static void one(const ibidi_rfc5893_alphabet *al, int mode, ibidi_dir dir, unsigned nmax,
                void *work, size_t ws)
{
    const ibidi_rfc5893_badami_options o = {dir, (unsigned)mode};
    ibidi_rfc5893_badami_proof r;
    ibidi_error err;
    const ibidi_status st = ibidi_rfc5893_prove_badami(&o, work, ws, &r, &err);
    if (!CHECK(st == IBIDI_OK && !r.undecided, "mode %d dir %d: status %d, undecided %u", mode,
               dir, (int)st, r.undecided))
        return;
    counts e;
    enumerate(al, mode, dir, nmax, &e);
    unsigned first_digit = 0, first_sep = 0, first_alike = 0;
    for (unsigned n = 1; n <= nmax; n++) {
        const unsigned k = n - 1;
        CHECK(r.names[k] == e.names[k] && r.alike[k] == e.alike[k] &&
                  r.digit[k] == e.digit[k] && r.number_type[k] == e.both[k] &&
                  r.separator[k] == e.sep[k],
              "mode %d dir %d length %u: automaton %llu names, %llu alike, %llu digit, %llu "
              "both, %llu separator; enumeration %llu, %llu, %llu, %llu, %llu",
              mode, dir, n, r.names[k], r.alike[k], r.digit[k], r.number_type[k],
              r.separator[k], e.names[k], e.alike[k], e.digit[k], e.both[k], e.sep[k]);
        if (!first_alike && e.alike[k])
            first_alike = n;
        if (!first_digit && e.digit[k])
            first_digit = n;
        if (!first_sep && e.sep[k])
            first_sep = n;
    }
    printf("mode %d %s: %zu name states, %zu levelled, %zu transformations, displays %zu "
           "(minimal %zu), %zu pair states; holds %d\n",
           mode, dir == IBIDI_DIR_RTL ? "RTL" : "LTR", r.name_states, r.levelled_states,
           r.transformations, r.display_states, r.display_minimal, r.states, r.holds);
    CHECK(!r.holds || (!first_digit && !first_sep), "mode %d dir %d: holds, but the "
          "enumeration finds a pair", mode, dir);
    CHECK(first_alike == 0 || r.alike_x.n == first_alike, "mode %d dir %d: shortest alike "
          "pair %u, enumeration %u", mode, dir, r.alike_x.n, first_alike);
    CHECK(first_digit == 0 || r.digit_x.n == first_digit, "mode %d dir %d: shortest digit "
          "pair %u, enumeration %u", mode, dir, r.digit_x.n, first_digit);
    CHECK(first_sep == 0 || r.separator_x.n == first_sep, "mode %d dir %d: shortest "
          "separator pair %u, enumeration %u", mode, dir, r.separator_x.n, first_sep);
    if (r.alike_x.n && r.alike_x.n <= MAXN)
        check_pair(&r.alike_x, &r.alike_y, mode, dir, 0, 0, "alike");
    if (r.digit_x.n && r.digit_x.n <= MAXN)
        check_pair(&r.digit_x, &r.digit_y, mode, dir, 1, 0, "digit");
    if (r.separator_x.n && r.separator_x.n <= MAXN)
        check_pair(&r.separator_x, &r.separator_y, mode, dir, 0, 1, "separator");
}

int main(int argc, char **argv)
{
    unsigned nmax = argc > 1 ? (unsigned)atoi(argv[1]) : 5;
    if (nmax < 1 || nmax > MAXN) {
        fprintf(stderr, "usage: test_proofs_badami [N (1-%d)]\n", MAXN);
        return 2;
    }
    ibidi_rfc5893_alphabet al;
    ibidi_error err;
    const size_t ws = ibidi_rfc5893_prove_badami_work_size();
    void *work = malloc(ws);
    if (CHECK(work != NULL && ibidi_rfc5893_label_alphabet(&al, &err) == IBIDI_OK,
              "set-up")) {
        one(&al, 0, IBIDI_DIR_LTR, nmax, work, ws);
        one(&al, 0, IBIDI_DIR_RTL, nmax, work, ws);
        one(&al, 1, IBIDI_DIR_RTL, nmax, work, ws);
    }
    free(work);
    return t_summary();
}
