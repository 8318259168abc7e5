/*
 * The automaton of RFC 5893 §2's LDH guarantee (ibidi_rfc5893_ldh_prove,
 * include/ibidi/rfc5893.h) against the enumeration: in both paragraph directions, every
 * string of the label classes and CS (the dots) up to a length that is a legal Bidi
 * domain name under §2 (each label passes the six conditions, ibidi_rfc5893_conditions, or
 * holds only L, EN, ES and does not start with EN after a label with R, AL or AN; every
 * label keeps the hyphen rule; the name holds R, AL or AN) is run through the library's
 * UBA alone in the paragraph (ibidi_bidi_resolve_classes, ibidi_bidi_reorder), and each
 * label is checked: one block on screen, a dot or the edge of the line on each side. The
 * legal names, the pairs (name, label) and the pairs whose label breaks, length by length,
 * must be the automaton's counts; its shortest counterexample must be the first length
 * with one and break when run again; in a right-to-left paragraph it is 7 and the name is
 * the one ibidi_rfc5893_ldh_search finds; in a left-to-right one the guarantee holds for
 * every length. Usage: test_proofs_ldh [N] (default 7).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/bidi.h"
#include "ibidi/rfc5893.h"
#include "testlib.h"

#define MAXN IBIDI_RFC5893_VERIFY_MAX_LENGTH

static int is_rtl(uint8_t c)
{
    return c == IBIDI_UNICODE_BC_R || c == IBIDI_UNICODE_BC_AL || c == IBIDI_UNICODE_BC_AN;
}

/* RFC 5893 §2 on a name (dots as CS), as the top says. */
static int name_legal(const uint8_t *c, size_t n)
{
    int bidi = 0, seen_rtl = 0;
    for (size_t i = 0; i < n; i++)
        bidi |= is_rtl(c[i]);
    if (!bidi)
        return 0;
    for (size_t s = 0, i = 0; i <= n; i++) {
        if (i < n && c[i] != IBIDI_UNICODE_BC_CS)
            continue;
        const uint8_t *l = c + s;
        const size_t ln = i - s;
        if (ln == 0 || l[0] == IBIDI_UNICODE_BC_ES || l[ln - 1] == IBIDI_UNICODE_BC_ES ||
            (ln >= 4 && l[2] == IBIDI_UNICODE_BC_ES && l[3] == IBIDI_UNICODE_BC_ES))
            return 0;
        if (ibidi_rfc5893_conditions(l, ln, IBIDI_RFC5893_ALL_CONDITIONS) != 0) {
            int ldh = 1;
            for (size_t k = 0; k < ln; k++)
                ldh &= l[k] == IBIDI_UNICODE_BC_L || l[k] == IBIDI_UNICODE_BC_EN ||
                       l[k] == IBIDI_UNICODE_BC_ES;
            if (!ldh || (l[0] == IBIDI_UNICODE_BC_EN && seen_rtl))
                return 0;
        }
        for (size_t k = 0; k < ln; k++)
            seen_rtl |= is_rtl(l[k]);
        s = i + 1;
    }
    return 1;
}

/* The labels of the name that do not stay grouped, shown alone in a paragraph of
 * direction dir; *first the index of the first (-1 none). */
static unsigned broken_labels(const uint8_t *c, size_t n, ibidi_dir dir, int *first)
{
    uint8_t lv[MAXN];
    size_t v2l[MAXN], l2v[MAXN];
    const ibidi_bidi_options o = {dir, 0, NULL, 0};
    ibidi_bidi_result r = {.levels = lv, .cap = MAXN};
    *first = -1;
    if (!CHECK(ibidi_bidi_resolve_classes(c, n, &o, &r, NULL) == IBIDI_OK &&
                   ibidi_bidi_reorder(lv, n, v2l, NULL, NULL) == IBIDI_OK,
               "UBA runs"))
        return 0;
    for (size_t v = 0; v < n; v++)
        l2v[v2l[v]] = v;
    unsigned bad = 0;
    int index = 0;
    for (size_t a = 0; a < n; index++) {
        size_t b = a, lo = n, hi = 0;
        while (b < n && c[b] != IBIDI_UNICODE_BC_CS)
            b++;
        for (size_t i = a; i < b; i++) {
            lo = l2v[i] < lo ? l2v[i] : lo;
            hi = l2v[i] > hi ? l2v[i] : hi;
        }
        if (hi - lo + 1 != b - a || (lo > 0 && c[v2l[lo - 1]] != IBIDI_UNICODE_BC_CS) ||
            (hi + 1 < n && c[v2l[hi + 1]] != IBIDI_UNICODE_BC_CS)) {
            bad++;
            if (*first < 0)
                *first = index;
        }
        a = b + 1;
    }
    return bad;
}

typedef struct counts {
    unsigned long long names[MAXN], pairs[MAXN], broken[MAXN];
    unsigned shortest;
} counts;

static void enumerate(const uint8_t *alc, size_t an, unsigned max, counts *ct)
{
    memset(ct, 0, 2 * sizeof *ct);
    for (unsigned n = 1; n <= max; n++) {
        size_t idx[MAXN] = {0};
        uint8_t c[MAXN];
        for (size_t i = 0; i < n; i++)
            c[i] = alc[0];
        for (;;) {
            if (name_legal(c, n)) {
                unsigned labels = 1;
                for (size_t i = 0; i < n; i++)
                    labels += c[i] == IBIDI_UNICODE_BC_CS;
                for (int d = 0; d < 2; d++) {
                    int first;
                    const unsigned bad =
                        broken_labels(c, n, d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR, &first);
                    ct[d].names[n - 1]++;
                    ct[d].pairs[n - 1] += labels;
                    ct[d].broken[n - 1] += bad;
                    if (bad && ct[d].shortest == 0)
                        ct[d].shortest = n;
                }
            }
            size_t i = n;
            while (i > 0 && ++idx[i - 1] == an) {
                idx[i - 1] = 0;
                c[i - 1] = alc[0];
                i--;
            }
            if (i == 0)
                break;
            c[i - 1] = alc[idx[i - 1]];
        }
    }
}

int main(int argc, char **argv)
{
    const unsigned max = argc > 1 ? (unsigned)atoi(argv[1]) : 7;
    if (max < 1 || max > MAXN) {
        fprintf(stderr, "usage: test_proofs_ldh [N], 1 <= N <= %d\n", MAXN);
        return 2;
    }
    ibidi_rfc5893_alphabet al;
    if (!CHECK(ibidi_rfc5893_label_alphabet(&al, NULL) == IBIDI_OK, "alphabet"))
        return t_summary();
    uint8_t alc[IBIDI_UNICODE_BC_COUNT + 1];
    size_t an = 0;
    for (size_t k = 0; k < al.n_classes; k++)
        if (al.classes[k] != IBIDI_UNICODE_BC_CS)
            alc[an++] = al.classes[k];
    alc[an++] = IBIDI_UNICODE_BC_CS;
    for (size_t i = an - 1; i > 0 && alc[i] < alc[i - 1]; i--) { /* class order */
        const uint8_t t = alc[i];
        alc[i] = alc[i - 1];
        alc[i - 1] = t;
    }
    counts ct[2];
    enumerate(alc, an, max, ct);

    const size_t ws = ibidi_rfc5893_ldh_prove_work_size();
    void *work = malloc(ws);
    if (!CHECK(work != NULL, "work area"))
        return t_summary();
    for (int d = 0; d < 2; d++) {
        const ibidi_dir dir = d ? IBIDI_DIR_RTL : IBIDI_DIR_LTR;
        ibidi_rfc5893_ldh_proof p;
        ibidi_error err;
        const ibidi_status st = ibidi_rfc5893_ldh_prove(dir, work, ws, &p, &err);
        if (!CHECK(st == IBIDI_OK, "ldh_prove dir %d: status %d", d, (int)st))
            continue;
        printf("ldh automaton, %s paragraph: %zu states, %zu transitions, %zu UBA summaries; %s",
               d ? "RTL" : "LTR", p.states, p.transitions, p.uba_states,
               p.holds ? "holds for every length\n" : "");
        if (!p.holds)
            printf("shortest counterexample %u\n", p.shortest);
        for (unsigned n = 1; n <= max; n++) {
            CHECK(p.names[n - 1] == ct[d].names[n - 1], "dir %d length %u: names %llu, enumerated %llu",
                  d, n, p.names[n - 1], ct[d].names[n - 1]);
            CHECK(p.pairs[n - 1] == ct[d].pairs[n - 1], "dir %d length %u: pairs %llu, enumerated %llu",
                  d, n, p.pairs[n - 1], ct[d].pairs[n - 1]);
            CHECK(p.broken[n - 1] == ct[d].broken[n - 1],
                  "dir %d length %u: broken pairs %llu, enumerated %llu", d, n,
                  p.broken[n - 1], ct[d].broken[n - 1]);
            printf("  length %u: %llu names, %llu (name, label) pairs, %llu broken (enumerated: "
                   "%llu, %llu, %llu)\n",
                   n, p.names[n - 1], p.pairs[n - 1], p.broken[n - 1], ct[d].names[n - 1],
                   ct[d].pairs[n - 1], ct[d].broken[n - 1]);
        }
        /* the shortest counterexample: the enumeration's first length with one */
        if (ct[d].shortest)
            CHECK(!p.holds && p.shortest == ct[d].shortest, "dir %d: shortest %u, enumerated %u",
                  d, p.shortest, ct[d].shortest);
        else
            CHECK(p.holds || p.shortest > max, "dir %d: shortest %u within %u, none enumerated",
                  d, p.shortest, max);
        if (d == 0)
            CHECK(p.holds, "LTR: the guarantee holds for every length");
        if (d == 1) {
            CHECK(!p.holds && p.shortest == 7, "RTL: shortest %u, want 7", p.shortest);
            CHECK(p.confirmed, "RTL: the counterexample breaks when run again");
            int first;
            CHECK(p.name.n == p.shortest &&
                      broken_labels(p.name.classes, p.name.n, dir, &first) > 0 &&
                      first == (int)p.label,
                  "RTL: the name breaks at label %u when run again", p.label);
            CHECK(name_legal(p.name.classes, p.name.n), "RTL: the counterexample is legal");
            ibidi_rfc5893_ldh_result r;
            CHECK(ibidi_rfc5893_ldh_search(7, dir, &r, NULL) == IBIDI_OK && r.shortest == 7 &&
                      r.name.n == p.name.n &&
                      memcmp(r.name.classes, p.name.classes, p.name.n) == 0 &&
                      r.label == p.label && memcmp(r.shown, p.shown, p.name.n) == 0,
                  "RTL: the name ibidi_rfc5893_ldh_search finds");
        }
    }
    /* arguments */
    ibidi_rfc5893_ldh_proof p;
    CHECK(ibidi_rfc5893_ldh_prove(IBIDI_DIR_AUTO, work, ws, &p, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "auto direction refused");
    CHECK(ibidi_rfc5893_ldh_prove(IBIDI_DIR_LTR, NULL, ws, &p, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "no work area refused");
    CHECK(ibidi_rfc5893_ldh_prove(IBIDI_DIR_LTR, work, ws, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "no result refused");
    CHECK(ibidi_rfc5893_ldh_prove(IBIDI_DIR_LTR, work, ws - 1, &p, NULL) == IBIDI_E_BUFFER_TOO_SMALL,
          "small work area refused");
    free(work);
    return t_summary();
}
