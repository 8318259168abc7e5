/*
 * Fuzz target for the collision groups of ibidi/scan.h: ibidi_scan_groups_create, _add,
 * _finish, _each, _counts, _get_stats and _free, and the adders. The input is a list of adds; the first
 * byte chooses the options:
 *   bit 0  the smallest limit (IBIDI_SCAN_GROUPS_MIN_MEMORY), so that runs are written and
 *          merged, else the default (everything in memory);
 *   bit 1  every add is repeated 40 times with a counter appended to its name, so that
 *          short inputs still fill the smallest limit many times over;
 *   bits 2-3  the number of kinds: 1, 2, 5 or 6 (with five or more, kinds 3 and 4 are
 *          the paired kinds, stored in one key space);
 *   bit 4  the adds go through an adder (ibidi_scan_groups_adder_*), flushed every 97;
 *   bit 5  finish runs on two threads.
 * Then each add: a byte (kind in bits 0-2, modulo the kinds; valid in bit 7), a key length
 * byte, the key, a name length byte, the name (lengths cut to what is left).
 * Properties checked with abort():
 *  1. no crash; every add, finish and each succeeds; a second finish and each change
 *     nothing;
 *  2. the groups are those of a reference computed here (the triples sorted, copies
 *     merged): same keys in the same order (kind, then key bytes), same names in byte
 *     order, each valid when any of its adds was, n_valid right, at least two names;
 *  3. the counts of each kind (keys, groups, names in groups) are the reference's;
 *  4. get_stats counts every add, and the memory held never went above the limit (give or
 *     take one group's names, which the callback sees all at once, and one record).
 * The temporary file goes to /tmp (it is unlinked as soon as it is made).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

#define MAX_ADDS 20000 /* after repetition */
#define REPEAT 40

static void require(int ok)
{
    if (!ok)
        abort();
}

typedef struct add {
    unsigned kind;
    const unsigned char *key;
    size_t key_len;
    unsigned char name[264];
    size_t name_len;
    int valid;
} add;

static int bytes_cmp(const unsigned char *a, size_t al, const unsigned char *b, size_t bl)
{
    size_t n = al < bl ? al : bl;
    int c = n ? memcmp(a, b, n) : 0;
    return c ? c : (al < bl ? -1 : al > bl);
}

static int add_cmp(const void *pa, const void *pb)
{
    const add *a = pa, *b = pb;
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    int c = bytes_cmp(a->key, a->key_len, b->key, b->key_len);
    return c ? c : bytes_cmp(a->name, a->name_len, b->name, b->name_len);
}

/* Walks the reference's groups (sorted adds) alongside the library's. */
typedef struct walk {
    const add *v;
    size_t n, i; /* the next add not yet matched to a group */
    size_t groups;
    size_t most_names; /* bytes of the largest group, for the memory check */
} walk;

/* The next key of the reference with two or more distinct names: its range [*from, *to). */
static int next_group(walk *w, size_t *from, size_t *to)
{
    while (w->i < w->n) {
        size_t i = w->i, j = i, distinct = 0;
        while (j < w->n && w->v[j].kind == w->v[i].kind &&
               bytes_cmp(w->v[j].key, w->v[j].key_len, w->v[i].key, w->v[i].key_len) == 0) {
            if (j == i || add_cmp(&w->v[j], &w->v[j - 1]) != 0)
                distinct++;
            j++;
        }
        w->i = j;
        if (distinct >= 2) {
            *from = i;
            *to = j;
            return 1;
        }
    }
    return 0;
}

static int on_group(const ibidi_scan_group *g, void *ctx)
{
    walk *w = ctx;
    size_t from, to, k = 0, valid = 0, bytes = 0;
    require(next_group(w, &from, &to));
    const add *a = &w->v[from];
    require(g->kind == a->kind && g->n >= 2 &&
            bytes_cmp((const unsigned char *)g->key, g->key_len, a->key, a->key_len) == 0);
    for (size_t i = from; i < to;) {
        size_t e = i;
        int v = 0;
        while (e < to && add_cmp(&w->v[e], &w->v[i]) == 0)
            v |= w->v[e++].valid;
        require(k < g->n && g->name_lens[k] == w->v[i].name_len &&
                (g->name_lens[k] == 0 ||
                 memcmp(g->names[k], w->v[i].name, g->name_lens[k]) == 0) &&
                g->valid[k] == v);
        valid += (size_t)v;
        bytes += g->name_lens[k] + 64;
        k++;
        i = e;
    }
    require(k == g->n && valid == g->n_valid);
    if (bytes + g->key_len > w->most_names)
        w->most_names = bytes + g->key_len;
    w->groups++;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static add v[MAX_ADDS];
    if (size < 1)
        return 0;
    const unsigned opt = data[0];
    const size_t memory = opt & 1u ? IBIDI_SCAN_GROUPS_MIN_MEMORY : 0;
    const size_t repeat = opt & 2u ? REPEAT : 1;
    static const unsigned kind_counts[4] = {1, 2, 5, 6};
    const unsigned kinds = kind_counts[(opt >> 2) & 3u];
    const int through = (opt >> 4) & 1u;
    const unsigned finish_threads = (opt >> 5) & 1u ? 2 : 1;
    size_t n = 0, pos = 1, longest = 0;
    while (pos < size && n + repeat <= sizeof v / sizeof v[0]) {
        const unsigned head = data[pos++];
        size_t kl = pos < size ? data[pos++] : 0;
        if (kl > size - pos)
            kl = size - pos;
        const unsigned char *key = data + pos;
        pos += kl;
        size_t nl = pos < size ? data[pos++] : 0;
        if (nl > size - pos)
            nl = size - pos;
        for (size_t r = 0; r < repeat; r++) {
            add *a = &v[n++];
            a->kind = (head & 7u) % kinds;
            a->key = key;
            a->key_len = kl;
            memcpy(a->name, data + pos, nl);
            a->name_len = nl;
            if (repeat > 1) /* a name per repetition: "name" "#" and two letters */
                a->name_len += (size_t)snprintf((char *)a->name + nl, 8, "#%c%c",
                                                'a' + (int)(r % 26), 'a' + (int)(r / 26));
            a->valid = (head >> 7) & 1u;
            if (kl + a->name_len > longest)
                longest = kl + a->name_len;
        }
        pos += nl;
    }

    ibidi_scan_groups *g = NULL;
    const ibidi_scan_groups_options o = {memory, "/tmp", kinds, finish_threads};
    require(ibidi_scan_groups_create(&o, &g, NULL) == IBIDI_OK && g);
    ibidi_scan_groups_adder *ad = NULL;
    if (through)
        require(ibidi_scan_groups_adder_create(g, &ad, NULL) == IBIDI_OK && ad);
    for (size_t i = 0; i < n; i++) {
        const ibidi_scan_groups_entry e = {v[i].kind, (const char *)v[i].key, v[i].key_len,
                                           (const char *)v[i].name, v[i].name_len,
                                           v[i].valid};
        if (ad) {
            require(ibidi_scan_groups_adder_add(ad, &e, NULL) == IBIDI_OK);
            if (i % 97 == 96)
                require(ibidi_scan_groups_adder_flush(ad, NULL) == IBIDI_OK);
        } else {
            require(ibidi_scan_groups_add(g, &e, NULL) == IBIDI_OK);
        }
    }
    if (ad)
        require(ibidi_scan_groups_adder_flush(ad, NULL) == IBIDI_OK);
    ibidi_scan_groups_adder_free(ad);
    ibidi_scan_groups_stats st;
    ibidi_scan_groups_get_stats(g, &st);
    require(st.adds == n);
    require(ibidi_scan_groups_finish(g, NULL) == IBIDI_OK);
    require(ibidi_scan_groups_finish(g, NULL) == IBIDI_OK);
    const ibidi_scan_groups_entry late = {0, "k", 1, "n", 1, 1};
    require(ibidi_scan_groups_add(g, &late, NULL) == IBIDI_E_INVALID_ARGUMENT);

    qsort(v, n, sizeof v[0], add_cmp);
    for (int pass = 0; pass < 2; pass++) {
        walk w = {v, n, 0, 0, 0};
        require(ibidi_scan_groups_each(g, on_group, &w, NULL) == IBIDI_OK);
        size_t from, to;
        require(!next_group(&w, &from, &to)); /* no group missed */
        ibidi_scan_groups_get_stats(g, &st);
        const size_t limit = memory ? memory : IBIDI_SCAN_GROUPS_DEFAULT_MEMORY;
        require(st.memory_peak <= limit + w.most_names + 2 * (longest + 64));
    }
    /* 3: the counts */
    for (unsigned k = 0; k < kinds; k++) {
        size_t keys = 0, groups = 0, names = 0;
        for (size_t i = 0; i < n;) {
            size_t j = i, distinct = 0;
            if (v[i].kind != k) {
                i++;
                continue;
            }
            while (j < n && v[j].kind == k &&
                   bytes_cmp(v[j].key, v[j].key_len, v[i].key, v[i].key_len) == 0) {
                if (j == i || add_cmp(&v[j], &v[j - 1]) != 0)
                    distinct++;
                j++;
            }
            keys++;
            if (distinct >= 2) {
                groups++;
                names += distinct;
            }
            i = j;
        }
        ibidi_scan_group_counts c;
        require(ibidi_scan_groups_counts(g, k, &c) == IBIDI_OK && c.keys == keys &&
                c.groups == groups && c.names_in_groups == names);
    }
    ibidi_scan_group_counts c;
    require(ibidi_scan_groups_counts(g, kinds, &c) == IBIDI_E_INVALID_ARGUMENT);
    ibidi_scan_groups_free(g);
    return 0;
}
