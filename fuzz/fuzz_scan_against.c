/*
 * Fuzz target for the candidates against an existing list (ibidi/scan.h):
 * ibidi_scan_against_create, _add, _count, _lookup, _record, _finish, _collisions, _free.
 * The input is a list of names; the first byte says how many of them (mod 32) are the
 * candidates, the rest are the existing names. Each name: a head byte (bits 0-2 and 5-6:
 * which of keys 0-2 and 3-4 it has, bit 3: valid, bit 4: look it up with a one-hit buffer
 * first), then its form and its five keys, each a length byte (mod 8) and the bytes (cut
 * to what is left); its name as written is the form.
 * Properties checked with abort():
 *  1. no crash; every call succeeds; _lookup with a small buffer says how many it needs;
 *  2. every candidate's collisions are those of a reference computed here by comparing
 *     every pair: for each existing name that shares a form or a key of a kind, its
 *     reasons (one collision per form, the reasons and validity joined, the first name's
 *     seq), then each other candidate that shares one, by index, with its reasons; a
 *     look-alike key (3, 4) counts only without the same form or display (key 0, 1).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

#define MAX_NAMES 512

static void require(int ok)
{
    if (!ok)
        abort();
}

typedef struct fname {
    const char *t[1 + IBIDI_SCAN_AGAINST_KEYS]; /* form, then keys */
    size_t len[1 + IBIDI_SCAN_AGAINST_KEYS];
    int has[IBIDI_SCAN_AGAINST_KEYS], valid, small;
    ibidi_scan_keys k;
} fname;

static int same(const char *x, size_t xn, const char *y, size_t yn)
{
    return xn == yn && (xn == 0 || memcmp(x, y, xn) == 0);
}

static unsigned ref_why(const fname *a, const fname *b)
{
    unsigned why = same(a->t[0], a->len[0], b->t[0], b->len[0]) ? IBIDI_SCAN_WHY_SAME : 0u;
    for (int k = 0; k < IBIDI_SCAN_AGAINST_KEYS; k++)
        if (a->has[k] && b->has[k] && same(a->t[k + 1], a->len[k + 1], b->t[k + 1], b->len[k + 1]))
            why |= 2u << k;
    if (why & (IBIDI_SCAN_WHY_SAME | IBIDI_SCAN_WHY_LTR))
        why &= ~IBIDI_SCAN_WHY_LOOK_LTR;
    if (why & (IBIDI_SCAN_WHY_SAME | IBIDI_SCAN_WHY_RTL))
        why &= ~IBIDI_SCAN_WHY_LOOK_RTL;
    return why;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fname v[MAX_NAMES];
    if (size < 1)
        return 0;
    size_t nc = data[0] % 32, n = 0, pos = 1;
    while (pos < size && n < MAX_NAMES) {
        fname *x = &v[n++];
        const unsigned head = data[pos++];
        memset(x, 0, sizeof *x);
        for (int t = 0; t < 1 + IBIDI_SCAN_AGAINST_KEYS; t++) {
            size_t l = pos < size ? data[pos++] % 8u : 0;
            if (l > size - pos)
                l = size - pos;
            x->t[t] = (const char *)data + pos;
            x->len[t] = l;
            pos += l;
        }
        for (int k = 0; k < IBIDI_SCAN_AGAINST_KEYS; k++)
            x->has[k] = (head >> (k < 3 ? k : k + 2)) & 1u;
        x->valid = (head >> 3) & 1u;
        x->small = (head >> 4) & 1u;
        x->k.name = x->k.form = x->t[0];
        x->k.name_len = x->k.form_len = x->len[0];
        x->k.valid = x->valid;
        for (int k = 0; k < IBIDI_SCAN_AGAINST_KEYS; k++)
            if (x->has[k]) {
                x->k.key[k] = x->t[k + 1];
                x->k.key_len[k] = x->len[k + 1];
            }
    }
    if (nc > n)
        nc = n;

    ibidi_scan_against *a = NULL;
    require(ibidi_scan_against_create(&a, NULL) == IBIDI_OK && a);
    for (size_t i = 0; i < nc; i++) {
        size_t idx;
        require(ibidi_scan_against_add(a, &v[i].k, &idx, NULL) == IBIDI_OK && idx == i);
    }
    require(ibidi_scan_against_count(a) == nc);
    static ibidi_scan_hit hits[32];
    for (size_t i = nc; i < n; i++) {
        size_t got = 0, want = 0;
        for (size_t c = 0; c < nc; c++)
            want += ref_why(&v[c], &v[i]) != 0;
        if (v[i].small) {
            ibidi_status st = ibidi_scan_against_lookup(a, &v[i].k, hits, 1, &got, NULL);
            require(got == want && st == (want > 1 ? IBIDI_E_BUFFER_TOO_SMALL : IBIDI_OK));
        }
        require(ibidi_scan_against_lookup(a, &v[i].k, hits, 32, &got, NULL) == IBIDI_OK &&
                got == want);
        for (size_t h = 0; h < got; h++)
            require(hits[h].why == ref_why(&v[hits[h].candidate], &v[i]) &&
                    (h == 0 || hits[h - 1].candidate < hits[h].candidate));
        require(ibidi_scan_against_record(a, &v[i].k, (uint64_t)i, hits, got, NULL) ==
                IBIDI_OK);
    }
    require(ibidi_scan_against_finish(a, NULL) == IBIDI_OK);
    for (size_t c = 0; c < nc; c++) {
        const ibidi_scan_collision *col;
        size_t m, at = 0;
        require(ibidi_scan_against_collisions(a, c, &col, &m, NULL) == IBIDI_OK);
        for (size_t i = nc; i < n; i++) {
            if (!ref_why(&v[c], &v[i]))
                continue;
            int seen = 0; /* merged into an earlier name of its form */
            for (size_t p = nc; p < i && !seen; p++)
                seen = ref_why(&v[c], &v[p]) && same(v[p].t[0], v[p].len[0], v[i].t[0], v[i].len[0]);
            if (seen)
                continue;
            unsigned why = 0;
            int valid = 0;
            for (size_t q = i; q < n; q++)
                if (ref_why(&v[c], &v[q]) && same(v[q].t[0], v[q].len[0], v[i].t[0], v[i].len[0])) {
                    why |= ref_why(&v[c], &v[q]);
                    valid |= v[q].valid;
                }
            require(at < m && col[at].peer == IBIDI_SCAN_NO_PEER && col[at].seq == i &&
                    col[at].why == why && col[at].valid == valid &&
                    same(col[at].form, col[at].form_len, v[i].t[0], v[i].len[0]));
            at++;
        }
        for (size_t p = 0; p < nc; p++) {
            if (p == c || !ref_why(&v[c], &v[p]))
                continue;
            require(at < m && col[at].peer == p && col[at].why == ref_why(&v[c], &v[p]) &&
                    col[at].valid == v[p].valid);
            at++;
        }
        require(at == m);
    }
    ibidi_scan_against_free(a);
    return 0;
}
