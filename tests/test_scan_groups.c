/*
 * The collision groups of a list (ibidi/scan.h, ibidi_scan_groups): every run is compared
 * with a reference computed here in the simplest way (all the (kind, key, name) triples
 * sorted with qsort, copies merged): the groups, their order (kind, key bytes), the names'
 * order and validity, and the counts of each kind. The same adds are run in memory, with
 * a limit small enough to spill many runs (and to need several merge passes), with every
 * key given the same 64-bit hash (a test hook: only the exact comparison of keys keeps
 * them apart) or one of a few, and from several threads at once. Also: the temporary file
 * never shows in its directory and nothing is left there; a directory that does not exist
 * or is a file gives IBIDI_E_TEMP_FILE with the errno, but only when a run must be
 * written; keys and names longer than a shard's buffer; the callback that stops; each
 * called twice; the argument checks and the calls out of turn.
 */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ibidi/scan.h"
#include "scan/groups_internal.h"
#include "scan/runs_internal.h"
#include "testlib.h"

/* ibidi_scan_groups_add with its entry as separate words, as the tests were written; the
 * entry record itself is tested in test_arguments. */
static ibidi_status t_add(ibidi_scan_groups *g, unsigned kind, const char *key, size_t key_len,
                          const char *name, size_t name_len, int valid, ibidi_error *err)
{
    const ibidi_scan_groups_entry e = {kind, key, key_len, name, name_len, valid};
    return ibidi_scan_groups_add(g, &e, err);
}

/* ---- The adds of a case ------------------------------------------------------------------ */

typedef struct item {
    unsigned kind;
    char key[40];
    size_t key_len;
    char name[40];
    size_t name_len;
    int valid;
} item;

/* n items over a small alphabet, so that keys repeat and share names: keys of 1 to 6
 * letters of "ab.", names of 1 to 5 letters of "abcd"; a key is the name itself one time
 * in four (the stored-once path). Keys with a zero byte test the byte comparison. */
static item *make_items(size_t n, unsigned kinds, uint64_t seed)
{
    item *v = calloc(n, sizeof *v);
    if (!v)
        exit(1);
    for (size_t i = 0; i < n; i++) {
        item *it = &v[i];
        it->kind = t_xorshift64s(&seed) % kinds;
        it->name_len = 1 + t_xorshift64s(&seed) % 5;
        for (size_t k = 0; k < it->name_len; k++)
            it->name[k] = "abcd"[t_xorshift64s(&seed) % 4];
        if (t_xorshift64s(&seed) % 4 == 0) {
            memcpy(it->key, it->name, it->name_len);
            it->key_len = it->name_len;
        } else {
            it->key_len = 1 + t_xorshift64s(&seed) % 6;
            for (size_t k = 0; k < it->key_len; k++)
                it->key[k] = "ab.\0"[t_xorshift64s(&seed) % 4];
        }
        it->valid = t_xorshift64s(&seed) % 3 != 0;
    }
    return v;
}

/* ---- The reference ------------------------------------------------------------------------ */

static int bytes_cmp(const char *a, size_t al, const char *b, size_t bl)
{
    size_t n = al < bl ? al : bl;
    int c = n ? memcmp(a, b, n) : 0;
    return c ? c : (al < bl ? -1 : al > bl);
}

static int item_cmp(const void *pa, const void *pb)
{
    const item *a = pa, *b = pb;
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    int c = bytes_cmp(a->key, a->key_len, b->key, b->key_len);
    return c ? c : bytes_cmp(a->name, a->name_len, b->name, b->name_len);
}

/* The groups as text, one line per group: "kind key: name+ name- ..." (+ valid), keys and
 * names in hexadecimal; and the counts of each kind. */
typedef struct text {
    char *p;
    size_t len, cap;
} text;

static void put(text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->p = realloc(t->p, t->cap);
        if (!t->p)
            exit(1);
    }
    memcpy(t->p + t->len, s, n);
    t->len += n;
    t->p[t->len] = '\0';
}

static void put_hex(text *t, const char *s, size_t n)
{
    char h[3];
    for (size_t i = 0; i < n; i++) {
        snprintf(h, sizeof h, "%02x", (unsigned char)s[i]);
        put(t, h, 2);
    }
}

#define MAX_KINDS 6
typedef struct counts {
    size_t keys[MAX_KINDS], groups[MAX_KINDS], names[MAX_KINDS];
} counts;

static void reference(const item *in, size_t n, text *t, counts *c)
{
    item *v = malloc((n ? n : 1) * sizeof *v);
    if (!v)
        exit(1);
    memcpy(v, in, n * sizeof *v);
    qsort(v, n, sizeof *v, item_cmp);
    memset(c, 0, sizeof *c);
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && v[j].kind == v[i].kind &&
               bytes_cmp(v[j].key, v[j].key_len, v[i].key, v[i].key_len) == 0)
            j++;
        /* v[i..j): one key; its distinct names */
        size_t distinct = 0;
        for (size_t k = i; k < j; k++)
            if (k == i || item_cmp(&v[k], &v[k - 1]) != 0)
                distinct++;
        c->keys[v[i].kind]++;
        if (distinct >= 2) {
            c->groups[v[i].kind]++;
            c->names[v[i].kind] += distinct;
            char h[16];
            snprintf(h, sizeof h, "%u ", v[i].kind);
            put(t, h, strlen(h));
            put_hex(t, v[i].key, v[i].key_len);
            put(t, ":", 1);
            for (size_t k = i; k < j;) {
                size_t e = k;
                int valid = 0;
                while (e < j && item_cmp(&v[e], &v[k]) == 0)
                    valid |= v[e++].valid;
                put(t, " ", 1);
                put_hex(t, v[k].name, v[k].name_len);
                put(t, valid ? "+" : "-", 1);
                k = e;
            }
            put(t, "\n", 1);
        }
        i = j;
    }
    free(v);
}

/* ---- The object's answer ------------------------------------------------------------------ */

typedef struct seen {
    text t;
    size_t groups;
    int ordered; /* each group's names strictly increasing, n_valid right */
} seen;

static int on_group(const ibidi_scan_group *g, void *ctx)
{
    seen *s = ctx;
    char h[16];
    size_t valid = 0;
    snprintf(h, sizeof h, "%u ", g->kind);
    put(&s->t, h, strlen(h));
    put_hex(&s->t, g->key, g->key_len);
    put(&s->t, ":", 1);
    for (size_t i = 0; i < g->n; i++) {
        put(&s->t, " ", 1);
        put_hex(&s->t, g->names[i], g->name_lens[i]);
        put(&s->t, g->valid[i] ? "+" : "-", 1);
        valid += g->valid[i];
        if (i && bytes_cmp(g->names[i - 1], g->name_lens[i - 1], g->names[i], g->name_lens[i]) >= 0)
            s->ordered = 0;
    }
    if (valid != g->n_valid || g->n < 2)
        s->ordered = 0;
    put(&s->t, "\n", 1);
    s->groups++;
    return 0;
}

static char tmpdir[64];

/* ---- Adders and the paired kinds by their rules ----------------------------------------- */

/* A group as text: "kind key: name name", each name followed by "*" when valid and asked. */
static void group_text(text *t, const ibidi_scan_group *g, int valid)
{
    char h[16];
    snprintf(h, sizeof h, "%u ", g->kind);
    put(t, h, strlen(h));
    put(t, g->key, g->key_len);
    put(t, ":", 1);
    for (size_t i = 0; i < g->n; i++) {
        put(t, " ", 1);
        put(t, g->names[i], g->name_lens[i]);
        if (valid && g->valid[i])
            put(t, "*", 1);
    }
    put(t, "\n", 1);
}

/* The look-alike groups as text, in the order of each. */
static int look_text(const ibidi_scan_group *g, void *ctx)
{
    if (g->kind >= 3)
        group_text(ctx, g, 0);
    return 0;
}

/* The names' keys with bidi skeletons (IBIDI_SCAN_SKELETON), straight in or through an
 * adder; *adds gets the keys counted, *keys_added (may be NULL) those the calls said. */
static void look_groups(int through, text *t, uint64_t *adds, uint64_t *keys_added)
{
    static const char *const names[] = {
        "paypal.com", "p\xd0\xb0ypal.com",        /* Cyrillic a */
        "loo.com",    "\xd7\xa1\xd7\xa1\xd7\x95.com", /* samekh samekh vav */
        "ool.com",    "1.com",                     "com.1"};
    const ibidi_scan_options so = {IBIDI_SCAN_LTR | IBIDI_SCAN_RTL | IBIDI_SCAN_SKELETON,
                                   {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}, NULL};
    const ibidi_scan_groups_options go = {0, tmpdir, 5, 2};
    ibidi_scan_groups *g = NULL;
    ibidi_scan_groups_adder *a = NULL;
    put(t, "", 0);
    if (!CHECK(ibidi_scan_groups_create(&go, &g, NULL) == IBIDI_OK, "look: create") ||
        (through && !CHECK(ibidi_scan_groups_adder_create(g, &a, NULL) == IBIDI_OK,
                           "look: adder"))) {
        ibidi_scan_groups_free(g);
        return;
    }
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char buf[1024];
        ibidi_scan_result r;
        unsigned added = 0;
        r.text = (ibidi_buf){buf, sizeof buf, 0};
        CHECK(ibidi_scan_name(names[i], strlen(names[i]), &so, &r, NULL, NULL) == IBIDI_OK,
              "look: scan %s", names[i]);
        ibidi_status st =
            a ? ibidi_scan_groups_adder_add_displays(a, names[i], strlen(names[i]), &r, &added,
                                                     NULL)
              : ibidi_scan_groups_add_displays(g, names[i], strlen(names[i]), &r, &added, NULL);
        CHECK(st == IBIDI_OK && (added & IBIDI_SCAN_LOOK_KEY_LTR) &&
                  (added & IBIDI_SCAN_LOOK_KEY_RTL),
              "look: %s added both skeletons (%u)", names[i], added);
        for (unsigned bit = 0; keys_added && bit < 5; bit++)
            *keys_added += (added >> bit) & 1u;
    }
    CHECK(!a || ibidi_scan_groups_adder_flush(a, NULL) == IBIDI_OK, "look: flush");
    ibidi_scan_groups_adder_free(a);
    CHECK(ibidi_scan_groups_finish(g, NULL) == IBIDI_OK, "look: finish");
    CHECK(ibidi_scan_groups_each(g, look_text, t, NULL) == IBIDI_OK, "look: each");
    ibidi_scan_groups_stats st;
    ibidi_scan_groups_get_stats(g, &st);
    *adds = st.adds;
    ibidi_scan_groups_free(g);
}

static void test_adder_rules(void)
{
    /* UTS #39 §4 through the paired kinds: paypal.com and its Cyrillic look-alike in both
       directions; samekh samekh vav looks like loo.com left to right (not like ool.com,
       its plain skeleton, in either); 1.com and com.1 look alike right to left, where they
       display alike */
    text direct = {NULL, 0, 0}, through = {NULL, 0, 0};
    uint64_t adds_direct = 0, adds_through = 0, keys_added = 0;
    look_groups(0, &direct, &adds_direct, &keys_added);
    look_groups(1, &through, &adds_through, NULL);
    const char *want = "3 loo.corn: loo.com \xd7\xa1\xd7\xa1\xd7\x95.com\n"
                       "3 paypal.corn: paypal.com p\xd0\xb0ypal.com\n"
                       "4 corn.l: 1.com com.1\n"
                       "4 paypal.corn: paypal.com p\xd0\xb0ypal.com\n";
    CHECK(direct.p && strcmp(direct.p, want) == 0, "look: the groups straight in:\n%s",
          direct.p ? direct.p : "");
    CHECK(through.p && strcmp(through.p, want) == 0, "look: the groups through an adder:\n%s",
          through.p ? through.p : "");
    /* the keys the calls said they added, however they are stored (one record for a
       name's two skeletons when they are one) */
    CHECK(adds_direct == keys_added && adds_through == keys_added && keys_added >= 14,
          "look: %llu and %llu keys counted, %llu added", (unsigned long long)adds_direct,
          (unsigned long long)adds_through, (unsigned long long)keys_added);
    free(direct.p);
    free(through.p);

    /* an adder that holds records at finish, or was freed with some: finish refuses */
    const ibidi_scan_groups_options o = {0, tmpdir, 2, 0};
    const ibidi_scan_groups_entry e = {1, "k", 1, "n", 1, 1};
    ibidi_scan_groups *g = NULL;
    ibidi_scan_groups_adder *a = NULL;
    ibidi_error err;
    if (ibidi_scan_groups_create(&o, &g, NULL) == IBIDI_OK &&
        ibidi_scan_groups_adder_create(g, &a, NULL) == IBIDI_OK) {
        CHECK(ibidi_scan_groups_adder_add(a, &e, NULL) == IBIDI_OK, "adder: add");
        CHECK(ibidi_scan_groups_finish(g, &err) == IBIDI_E_INVALID_ARGUMENT &&
                  err.status == IBIDI_E_INVALID_ARGUMENT,
              "adder: finish refused while an adder holds records");
        CHECK(ibidi_scan_groups_adder_add(a, &e, NULL) != IBIDI_OK, "adder: add after finish");
        ibidi_scan_groups_adder_free(a);
        ibidi_scan_groups_adder *b = (ibidi_scan_groups_adder *)&b;
        CHECK(ibidi_scan_groups_adder_create(g, &b, NULL) == IBIDI_E_INVALID_ARGUMENT && !b,
              "adder: none after finish");
    }
    ibidi_scan_groups_free(g);
    g = NULL;
    a = NULL;
    if (ibidi_scan_groups_create(&o, &g, NULL) == IBIDI_OK &&
        ibidi_scan_groups_adder_create(g, &a, NULL) == IBIDI_OK) {
        CHECK(ibidi_scan_groups_adder_add(a, &e, NULL) == IBIDI_OK, "adder: add");
        ibidi_scan_groups_adder_free(a);
        CHECK(ibidi_scan_groups_finish(g, NULL) == IBIDI_E_INVALID_ARGUMENT,
              "adder: finish refused after an adder was freed with records");
    }
    ibidi_scan_groups_free(g);
    /* a flushed adder, freed after finish; an empty one freed before */
    g = NULL;
    a = NULL;
    if (ibidi_scan_groups_create(&o, &g, NULL) == IBIDI_OK &&
        ibidi_scan_groups_adder_create(g, &a, NULL) == IBIDI_OK) {
        ibidi_scan_groups_adder *empty = NULL;
        CHECK(ibidi_scan_groups_adder_create(g, &empty, NULL) == IBIDI_OK, "adder: second");
        ibidi_scan_groups_adder_free(empty);
        const ibidi_scan_groups_entry e2 = {1, "k", 1, "m", 1, 0};
        CHECK(ibidi_scan_groups_adder_add(a, &e, NULL) == IBIDI_OK &&
                  ibidi_scan_groups_adder_add(a, &e2, NULL) == IBIDI_OK &&
                  ibidi_scan_groups_adder_flush(a, NULL) == IBIDI_OK &&
                  ibidi_scan_groups_adder_flush(a, NULL) == IBIDI_OK,
              "adder: adds and flushes");
        ibidi_scan_group_counts c;
        CHECK(ibidi_scan_groups_finish(g, NULL) == IBIDI_OK &&
                  ibidi_scan_groups_counts(g, 1, &c) == IBIDI_OK && c.keys == 1 &&
                  c.groups == 1 && c.names_in_groups == 2,
              "adder: the group of the flushed records");
        ibidi_scan_groups_adder_free(a);
    }
    ibidi_scan_groups_free(g);
    /* arguments */
    CHECK(ibidi_scan_groups_adder_create(NULL, &a, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "adder: NULL groups");
    CHECK(ibidi_scan_groups_adder_add(NULL, &e, NULL) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_scan_groups_adder_flush(NULL, NULL) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_scan_groups_adder_add_displays(NULL, "a", 1, NULL, NULL, NULL) ==
                  IBIDI_E_INVALID_ARGUMENT,
          "adder: NULL adder");
    ibidi_scan_groups_adder_free(NULL);
    const ibidi_scan_groups_options many = {0, tmpdir, 1, IBIDI_SCAN_GROUPS_MAX_THREADS + 1};
    g = (ibidi_scan_groups *)&g;
    CHECK(ibidi_scan_groups_create(&many, &g, NULL) == IBIDI_E_INVALID_ARGUMENT && !g,
          "more finish threads than IBIDI_SCAN_GROUPS_MAX_THREADS");
}

/* ---- Running a case ----------------------------------------------------------------------- */

typedef struct adder {
    ibidi_scan_groups *g;
    const item *v;
    size_t from, to, step;
    ibidi_status st;
    int through; /* through an adder of the thread's own, flushed every 997 adds */
} adder;

static void *add_range(void *arg)
{
    adder *a = arg;
    a->st = IBIDI_OK;
    ibidi_scan_groups_adder *ad = NULL;
    if (a->through)
        a->st = ibidi_scan_groups_adder_create(a->g, &ad, NULL);
    size_t since = 0;
    for (size_t i = a->from; i < a->to && a->st == IBIDI_OK; i += a->step) {
        if (!ad) {
            a->st = t_add(a->g, a->v[i].kind, a->v[i].key, a->v[i].key_len, a->v[i].name,
                          a->v[i].name_len, a->v[i].valid, NULL);
            continue;
        }
        const ibidi_scan_groups_entry e = {a->v[i].kind,  a->v[i].key,      a->v[i].key_len,
                                           a->v[i].name, a->v[i].name_len, a->v[i].valid};
        a->st = ibidi_scan_groups_adder_add(ad, &e, NULL);
        if (a->st == IBIDI_OK && ++since == 997) {
            a->st = ibidi_scan_groups_adder_flush(ad, NULL);
            since = 0;
        }
    }
    if (ad && a->st == IBIDI_OK)
        a->st = ibidi_scan_groups_adder_flush(ad, NULL);
    ibidi_scan_groups_adder_free(ad);
    return NULL;
}

/* Entries of a directory other than . and .. */
static int dir_entries(const char *path)
{
    DIR *d = opendir(path);
    int n = 0;
    struct dirent *e;
    if (!d)
        return -1;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            n++;
    closedir(d);
    return n;
}


/* How a case runs: kinds, the limit (0: the default), threads adding at once
 * (interleaved), the hash bits kept (-1: all), adds through adders, finish's threads. */
typedef struct how {
    unsigned kinds;
    size_t memory;
    int threads, mask_bits, adders;
    unsigned finish_threads;
} how;

/* Adds v as h says, and compares everything with the reference. */
static void run_case(const char *what, const item *v, size_t n, const how *h, const text *want,
                     const counts *wc, ibidi_scan_groups_stats *stats_out)
{
    ibidi_scan_groups *g = NULL;
    const unsigned kinds = h->kinds;
    const size_t memory = h->memory;
    const int threads = h->threads, mask_bits = h->mask_bits;
    const ibidi_scan_groups_options o = {memory, tmpdir, kinds, h->finish_threads};
    if (!CHECK(ibidi_scan_groups_create(&o, &g, NULL) == IBIDI_OK && g, "%s: create", what))
        return;
    if (mask_bits >= 0) /* keep the top bits (the shard) and mask_bits low ones */
        ibidi__scan_groups_set_hash_mask(g, mask_bits == 0 ? 0
                                                : (0xfc00000000000000ull |
                                                   (((uint64_t)1 << mask_bits) - 1)));
    if (threads <= 1) {
        adder a = {g, v, 0, n, 1, IBIDI_OK, h->adders};
        add_range(&a);
        CHECK(a.st == IBIDI_OK, "%s: add: %s", what, ibidi_status_name(a.st));
    } else {
        pthread_t tid[8];
        adder a[8];
        for (int k = 0; k < threads; k++) {
            a[k] = (adder){g, v, (size_t)k, n, (size_t)threads, IBIDI_OK, h->adders};
            if (pthread_create(&tid[k], NULL, add_range, &a[k]) != 0)
                exit(1);
        }
        for (int k = 0; k < threads; k++) {
            pthread_join(tid[k], NULL);
            CHECK(a[k].st == IBIDI_OK, "%s: thread %d: %s", what, k,
                  ibidi_status_name(a[k].st));
        }
    }
    CHECK(dir_entries(tmpdir) == 0, "%s: the temporary file shows in its directory", what);
    ibidi_error err;
    CHECK(ibidi_scan_groups_finish(g, &err) == IBIDI_OK, "%s: finish: %s", what,
          ibidi_status_name(err.status));
    seen s = {{NULL, 0, 0}, 0, 1};
    put(&s.t, "", 0);
    CHECK(ibidi_scan_groups_each(g, on_group, &s, NULL) == IBIDI_OK, "%s: each", what);
    CHECK(strcmp(s.t.p, want->p) == 0, "%s: groups differ from the reference (%zu bytes, "
                                       "%zu expected)",
          what, s.t.len, want->len);
    CHECK(s.ordered, "%s: names out of order or n_valid wrong", what);
    /* a second walk gives the same */
    seen s2 = {{NULL, 0, 0}, 0, 1};
    put(&s2.t, "", 0);
    CHECK(ibidi_scan_groups_each(g, on_group, &s2, NULL) == IBIDI_OK &&
              strcmp(s2.t.p, s.t.p) == 0,
          "%s: a second each differs", what);
    for (unsigned k = 0; k < kinds; k++) {
        ibidi_scan_group_counts c;
        CHECK(ibidi_scan_groups_counts(g, k, &c) == IBIDI_OK && c.keys == wc->keys[k] &&
                  c.groups == wc->groups[k] && c.names_in_groups == wc->names[k],
              "%s: kind %u: %zu keys, %zu groups, %zu names; expected %zu, %zu, %zu", what, k,
              c.keys, c.groups, c.names_in_groups, wc->keys[k], wc->groups[k], wc->names[k]);
    }
    ibidi_scan_groups_stats st;
    ibidi_scan_groups_get_stats(g, &st);
    CHECK(st.adds == n, "%s: %llu adds counted, %zu made", what, (unsigned long long)st.adds, n);
    /* the limit, give or take a record and the group passed to the callback */
    const size_t limit = memory ? memory : IBIDI_SCAN_GROUPS_DEFAULT_MEMORY;
    CHECK(st.memory_peak <= limit, "%s: peak %zu bytes over the limit %zu", what,
          st.memory_peak, limit);
    if (stats_out)
        *stats_out = st;
    ibidi_scan_groups_free(g);
    CHECK(dir_entries(tmpdir) == 0, "%s: something left in the directory", what);
    free(s.t.p);
    free(s2.t.p);
}

/* ---- The cases -------------------------------------------------------------------------- */

static void test_small(void)
{
    /* the display groups of `ibidi scan`'s kind, by hand */
    static const struct {
        unsigned kind;
        const char *key, *name;
        int valid;
    } adds[] = {
        {0, "b.com", "b.com", 1}, {0, "x.com", "y.com", 1}, {0, "x.com", "a.com", 0},
        {0, "x.com", "y.com", 0}, {1, "x.com", "y.com", 1}, {0, "a", "z", 1},
        {0, "a", "y", 1},         {0, "ab", "q", 0},        {0, "ab", "q", 1},
        {2, "k", "n1", 0},        {2, "k", "n2", 0},        {2, "k", "n0", 0},
    };
    ibidi_scan_groups *g = NULL;
    ibidi_scan_groups_options o = {0, tmpdir, 3, 0};
    CHECK(ibidi_scan_groups_create(&o, &g, NULL) == IBIDI_OK, "create");
    for (size_t i = 0; i < sizeof adds / sizeof adds[0]; i++)
        CHECK(t_add(g, adds[i].kind, adds[i].key, strlen(adds[i].key),
                                    adds[i].name, strlen(adds[i].name), adds[i].valid,
                                    NULL) == IBIDI_OK,
              "add %zu", i);
    CHECK(ibidi_scan_groups_finish(g, NULL) == IBIDI_OK, "finish");
    CHECK(ibidi_scan_groups_finish(g, NULL) == IBIDI_OK, "finish again does nothing");
    seen s = {{NULL, 0, 0}, 0, 1};
    put(&s.t, "", 0);
    CHECK(ibidi_scan_groups_each(g, on_group, &s, NULL) == IBIDI_OK, "each");
    /* kind 0: "a" before "x.com" (bytes); y.com valid (one of its adds was) */
    CHECK(strcmp(s.t.p, "0 61: 79+ 7a+\n"
                        "0 782e636f6d: 612e636f6d- 792e636f6d+\n"
                        "2 6b: 6e30- 6e31- 6e32-\n") == 0,
          "small: groups\n%s", s.t.p);
    ibidi_scan_group_counts c;
    CHECK(ibidi_scan_groups_counts(g, 0, &c) == IBIDI_OK && c.keys == 4 && c.groups == 2 &&
              c.names_in_groups == 4,
          "small: kind 0 counts %zu %zu %zu", c.keys, c.groups, c.names_in_groups);
    CHECK(ibidi_scan_groups_counts(g, 1, &c) == IBIDI_OK && c.keys == 1 && c.groups == 0,
          "small: kind 1 counts");
    CHECK(ibidi_scan_groups_counts(g, 3, &c) == IBIDI_E_INVALID_ARGUMENT, "kind 3 of 3");
    ibidi_error err;
    CHECK(t_add(g, 0, "a", 1, "b", 1, 1, &err) == IBIDI_E_INVALID_ARGUMENT &&
              err.status == IBIDI_E_INVALID_ARGUMENT,
          "add after finish");
    ibidi_scan_groups_stats st;
    ibidi_scan_groups_get_stats(g, &st);
    CHECK(st.runs == 0 && st.temp_bytes == 0 && st.adds == 12, "small: nothing written");
    ibidi_scan_groups_free(g);
    free(s.t.p);
}

static int stop_after_one(const ibidi_scan_group *g, void *ctx)
{
    (void)g;
    ++*(int *)ctx;
    return 1;
}

static void test_arguments(void)
{
    ibidi_scan_groups *g = (ibidi_scan_groups *)&g;
    ibidi_error err;
    ibidi_scan_groups_options o = {IBIDI_SCAN_GROUPS_MIN_MEMORY - 1, tmpdir, 1, 0};
    CHECK(ibidi_scan_groups_create(&o, &g, &err) == IBIDI_E_INVALID_ARGUMENT && !g &&
              err.status == IBIDI_E_INVALID_ARGUMENT,
          "a limit below the minimum");
    o.memory = 0;
    o.kinds = IBIDI_SCAN_GROUPS_MAX_KINDS + 1;
    CHECK(ibidi_scan_groups_create(&o, &g, NULL) == IBIDI_E_INVALID_ARGUMENT, "too many kinds");
    CHECK(ibidi_scan_groups_create(&o, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT, "NULL out");
    /* NULL options: the defaults, one kind */
    CHECK(ibidi_scan_groups_create(NULL, &g, NULL) == IBIDI_OK && g, "NULL options");
    CHECK(t_add(g, 1, "a", 1, "b", 1, 1, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "kind 1 of 1");
    CHECK(t_add(g, 0, NULL, 1, "b", 1, 1, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "NULL key with a length");
    CHECK(t_add(g, 0, "a", 1, NULL, 1, 1, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "NULL name with a length");
    CHECK(t_add(NULL, 0, "a", 1, "b", 1, 1, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "NULL object");
    CHECK(ibidi_scan_groups_add(g, NULL, &err) == IBIDI_E_INVALID_ARGUMENT &&
              err.status == IBIDI_E_INVALID_ARGUMENT,
          "NULL entry");
    {
        const ibidi_scan_groups_entry e = {0, "k", 1, "n", 1, 1};
        CHECK(ibidi_scan_groups_add(g, &e, NULL) == IBIDI_OK, "an entry record");
    }
    /* empty keys and names are strings like any other */
    CHECK(t_add(g, 0, NULL, 0, NULL, 0, 1, NULL) == IBIDI_OK &&
              t_add(g, 0, NULL, 0, "x", 1, 0, NULL) == IBIDI_OK &&
              t_add(g, 0, "", 0, "", 0, 0, NULL) == IBIDI_OK,
          "empty key and name");
    int calls = 0;
    ibidi_scan_group_counts c;
    CHECK(ibidi_scan_groups_each(g, stop_after_one, &calls, NULL) == IBIDI_E_INVALID_ARGUMENT,
          "each before finish");
    CHECK(ibidi_scan_groups_counts(g, 0, &c) == IBIDI_E_INVALID_ARGUMENT, "counts before finish");
    CHECK(ibidi_scan_groups_finish(g, NULL) == IBIDI_OK, "finish");
    CHECK(ibidi_scan_groups_each(g, NULL, NULL, NULL) == IBIDI_E_INVALID_ARGUMENT, "NULL fn");
    CHECK(ibidi_scan_groups_counts(g, 0, NULL) == IBIDI_E_INVALID_ARGUMENT, "NULL counts");
    CHECK(ibidi_scan_groups_counts(g, 0, &c) == IBIDI_OK && c.keys == 2 && c.groups == 1 &&
              c.names_in_groups == 2,
          "the empty key: one group of the empty name and x (and the key k alone)");
    ibidi_scan_groups_free(g);
    CHECK(ibidi_scan_groups_finish(NULL, NULL) == IBIDI_E_INVALID_ARGUMENT, "finish NULL");
    ibidi_scan_groups_free(NULL);
    ibidi_scan_groups_stats st;
    ibidi_scan_groups_get_stats(NULL, &st);
    CHECK(st.memory == 0 && st.adds == 0, "stats of NULL");

    /* a callback that stops after the first group */
    CHECK(ibidi_scan_groups_create(NULL, &g, NULL) == IBIDI_OK, "create");
    for (int i = 0; i < 10; i++) {
        char k[16], n[16];
        snprintf(k, sizeof k, "k%d", i / 2);
        snprintf(n, sizeof n, "n%d", i);
        t_add(g, 0, k, strlen(k), n, strlen(n), 1, NULL);
    }
    ibidi_scan_groups_finish(g, NULL);
    calls = 0;
    CHECK(ibidi_scan_groups_each(g, stop_after_one, &calls, NULL) == IBIDI_OK && calls == 1,
          "the callback stops the walk (%d calls)", calls);
    ibidi_scan_groups_free(g);
}

/* Records larger than a shard's buffer (the 64 KiB limit gives one shard of 28 KiB) and
 * than a merge's block. */
/* Names through ibidi_scan_name, their displays added as `ibidi scan` adds them: the
 * displays no other name can share stay out, an A-label and its U-label are one name, and
 * two names that display alike right-to-left make a group there. */
typedef struct first_seen {
    unsigned kind;
    size_t n;
    char key[64];
} first_seen;

static int first_group(const ibidi_scan_group *g, void *ctx)
{
    first_seen *s = ctx;
    s->kind = g->kind;
    s->n = g->n;
    snprintf(s->key, sizeof s->key, "%.*s", (int)g->key_len, g->key);
    return 1;
}

static void tesibidi_scan_groups_add_displays(void)
{
    static const char *const names[] = {"example.com", "1.com", "com.1",
                                        "xn--4dbrk0ce.com", "\xd7\x99\xd7\xa9\xd7\xa8\xd7\x90\xd7\x9c.com"};
    const ibidi_scan_options so = {IBIDI_SCAN_LTR | IBIDI_SCAN_RTL,
                                   {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}, NULL};
    const ibidi_scan_groups_options go = {0, tmpdir, 2, 0};
    ibidi_scan_groups *g = NULL;
    unsigned added[5] = {0};
    if (!CHECK(ibidi_scan_groups_create(&go, &g, NULL) == IBIDI_OK, "add_displays: create"))
        return;
    for (size_t i = 0; i < 5; i++) {
        char buf[512];
        ibidi_scan_result r;
        r.text = (ibidi_buf){buf, sizeof buf, 0};
        CHECK(ibidi_scan_name(names[i], strlen(names[i]), &so, &r, NULL, NULL) == IBIDI_OK,
              "add_displays: scan %s", names[i]);
        CHECK(ibidi_scan_groups_add_displays(g, names[i], strlen(names[i]), &r, &added[i],
                                             NULL) == IBIDI_OK,
              "add_displays: add %s", names[i]);
    }
    /* example.com displays as itself in both contexts; 1.com and com.1 left-to-right
       only (right-to-left, 1.com shows as com.1); the Hebrew name in neither */
    CHECK(added[0] == 0 && added[1] == IBIDI_SCAN_RTL && added[2] == IBIDI_SCAN_RTL &&
              added[3] == (IBIDI_SCAN_LTR | IBIDI_SCAN_RTL) && added[4] == added[3],
          "add_displays: kinds added %u %u %u %u %u", added[0], added[1], added[2], added[3],
          added[4]);
    CHECK(ibidi_scan_groups_finish(g, NULL) == IBIDI_OK, "add_displays: finish");
    ibidi_scan_group_counts c0, c1;
    CHECK(ibidi_scan_groups_counts(g, 0, &c0) == IBIDI_OK &&
              ibidi_scan_groups_counts(g, 1, &c1) == IBIDI_OK,
          "add_displays: counts");
    /* left-to-right: the Hebrew name once (A-label and U-label); right-to-left: it, and
       com.1 shared by 1.com and com.1 */
    CHECK(c0.keys == 1 && c0.groups == 0 && c1.keys == 2 && c1.groups == 1 &&
              c1.names_in_groups == 2,
          "add_displays: keys %zu/%zu, groups %zu/%zu", c0.keys, c1.keys, c0.groups, c1.groups);
    first_seen s = {9, 0, ""};
    ibidi_scan_groups_each(g, first_group, &s, NULL);
    CHECK(s.kind == 1 && s.n == 2 && strcmp(s.key, "com.1") == 0,
          "add_displays: the group is com.1 right-to-left (%u, %zu, %s)", s.kind, s.n, s.key);
    ibidi_scan_groups_free(g);

    /* arguments: one kind only; spans without a buffer */
    const ibidi_scan_groups_options one = {0, tmpdir, 1, 0};
    ibidi_scan_result r;
    char buf[512];
    r.text = (ibidi_buf){buf, sizeof buf, 0};
    ibidi_scan_name("1.com", 5, &so, &r, NULL, NULL);
    if (ibidi_scan_groups_create(&one, &g, NULL) == IBIDI_OK) {
        CHECK(ibidi_scan_groups_add_displays(g, "1.com", 5, &r, NULL, NULL) ==
                  IBIDI_E_INVALID_ARGUMENT,
              "add_displays: one kind is refused");
        ibidi_scan_groups_free(g);
    }
    if (ibidi_scan_groups_create(&go, &g, NULL) == IBIDI_OK) {
        ibidi_scan_result no_text = r;
        no_text.text.data = NULL;
        CHECK(ibidi_scan_groups_add_displays(g, "1.com", 5, &no_text, NULL, NULL) ==
                  IBIDI_E_INVALID_ARGUMENT,
              "add_displays: spans without a buffer are refused");
        CHECK(ibidi_scan_groups_add_displays(g, "1.com", 5, NULL, NULL, NULL) ==
                  IBIDI_E_INVALID_ARGUMENT,
              "add_displays: no result is refused");
        ibidi_scan_groups_free(g);
    }
}

/* Every group of g, all kinds, as text ("kind key: name*valid ..."). */
static int all_text(const ibidi_scan_group *g, void *ctx)
{
    group_text(ctx, g, 1);
    return 0;
}

/* ibidi_scan_entries lists what ibidi_scan_groups_add_displays adds: the groups made from
 * the entries with plain adds are those of add_displays (the paired skeletons included),
 * each call's *added is the entries' kinds, and the entries follow the header's rule. */
static void test_scan_entries(void)
{
    static const char *const names[] = {
        "example.com", "1.com", "com.1", "xn--4dbrk0ce.com",
        "\xd7\x99\xd7\xa9\xd7\xa8\xd7\x90\xd7\x9c.com", "paypal.com", "p\xd0\xb0ypal.com",
        "loo.com", "\xd7\xa1\xd7\xa1\xd7\x95.com", "123.\xd7\x90\xd7\x91.com",
        "\xd7\x90\xd7\x91.123.com", "a..b", "xn--zz.com", "EXAMPLE.com"};
    const size_t nn = sizeof names / sizeof names[0];
    const ibidi_scan_options so = {IBIDI_SCAN_LTR | IBIDI_SCAN_RTL | IBIDI_SCAN_SKELETON,
                                   {IBIDI_IDNA_PROFILE_UTS46, 0, 0, NULL, 0}, NULL};
    const ibidi_scan_groups_options go = {0, tmpdir, 5, 0};
    ibidi_scan_groups *ga = NULL, *ge = NULL;
    if (!CHECK(ibidi_scan_groups_create(&go, &ga, NULL) == IBIDI_OK &&
                   ibidi_scan_groups_create(&go, &ge, NULL) == IBIDI_OK,
               "entries: create")) {
        ibidi_scan_groups_free(ga);
        return;
    }
    size_t total = 0;
    for (size_t i = 0; i < nn; i++) {
        char buf[1024];
        ibidi_scan_result r;
        r.text = (ibidi_buf){buf, sizeof buf, 0};
        const size_t len = strlen(names[i]);
        CHECK(ibidi_scan_name(names[i], len, &so, &r, NULL, NULL) == IBIDI_OK,
              "entries: scan %s", names[i]);
        ibidi_scan_groups_entry e[IBIDI_SCAN_ENTRIES_MAX];
        size_t n = 99;
        unsigned added = 0, kinds = 0;
        CHECK(ibidi_scan_entries(names[i], len, &r, 5, e, &n) == IBIDI_OK &&
                  n <= IBIDI_SCAN_ENTRIES_MAX,
              "entries: %s listed (%zu)", names[i], n);
        const char *u = r.unicode.present ? buf + r.unicode.start : names[i];
        const size_t ulen = r.unicode.present ? r.unicode.length : len;
        for (size_t j = 0; j < n && j < IBIDI_SCAN_ENTRIES_MAX; j++) {
            CHECK(ibidi_scan_groups_add(ge, &e[j], NULL) == IBIDI_OK, "entries: add %s",
                  names[i]);
            kinds |= 1u << e[j].kind;
            /* in kind order, each the name's Unicode form and validity */
            CHECK((j == 0 || e[j].kind > e[j - 1].kind) && e[j].name_len == ulen &&
                      memcmp(e[j].name, u, ulen) == 0 && e[j].valid == r.valid,
                  "entries: %s entry %zu", names[i], j);
            /* the rule: a display unless it is the name itself alone, every skeleton */
            const ibidi_span *sp = e[j].kind < 2   ? &r.display[e[j].kind]
                                   : e[j].kind == 2 ? &r.lgr_index
                                                    : &r.skeleton[e[j].kind - 3];
            CHECK(sp->present && e[j].key == buf + sp->start && e[j].key_len == sp->length,
                  "entries: %s entry %zu is its span", names[i], j);
        }
        for (unsigned c = 0; c < 2; c++)
            CHECK(!!(kinds & (1u << c)) ==
                          (r.display[c].present && !(r.self_display & (1u << c))) &&
                      !!(kinds & (8u << c)) == !!r.skeleton[c].present,
                  "entries: %s kinds %u", names[i], kinds);
        total += n;
        CHECK(ibidi_scan_groups_add_displays(ga, names[i], len, &r, &added, NULL) ==
                      IBIDI_OK &&
                  added == kinds,
              "entries: %s add_displays added %u, entries %u", names[i], added, kinds);
        /* too few kinds for the skeletons: refused, as add_displays refuses */
        CHECK(ibidi_scan_entries(names[i], len, &r, 2, e, &n) ==
                      (r.skeleton[0].present || r.skeleton[1].present
                           ? IBIDI_E_INVALID_ARGUMENT
                           : IBIDI_OK),
              "entries: %s with two kinds", names[i]);
    }
    CHECK(ibidi_scan_groups_finish(ga, NULL) == IBIDI_OK &&
              ibidi_scan_groups_finish(ge, NULL) == IBIDI_OK,
          "entries: finish");
    text ta = {NULL, 0, 0}, te = {NULL, 0, 0};
    put(&ta, "", 0);
    put(&te, "", 0);
    ibidi_scan_groups_each(ga, all_text, &ta, NULL);
    ibidi_scan_groups_each(ge, all_text, &te, NULL);
    CHECK(strcmp(ta.p, te.p) == 0 && strstr(ta.p, "1 com.1: 1.com* com.1*\n") &&
              strstr(ta.p, "3 paypal.corn: paypal.com* p\xd0\xb0ypal.com*\n"),
          "entries: the same groups:\n%s---\n%s", ta.p, te.p);
    for (unsigned k = 0; k < 5; k++) {
        ibidi_scan_group_counts ca, ce;
        CHECK(ibidi_scan_groups_counts(ga, k, &ca) == IBIDI_OK &&
                  ibidi_scan_groups_counts(ge, k, &ce) == IBIDI_OK && ca.keys == ce.keys &&
                  ca.groups == ce.groups && ca.names_in_groups == ce.names_in_groups,
              "entries: kind %u counts", k);
    }
    ibidi_scan_groups_stats sa, se;
    ibidi_scan_groups_get_stats(ga, &sa);
    ibidi_scan_groups_get_stats(ge, &se);
    /* add_displays stores a name's two equal skeletons as one record, counted as two */
    CHECK(sa.adds == total && se.adds == total, "entries: %zu entries, %llu and %llu adds",
          total, (unsigned long long)sa.adds, (unsigned long long)se.adds);
    free(ta.p);
    free(te.p);
    ibidi_scan_groups_free(ga);
    ibidi_scan_groups_free(ge);

    /* an index label (kind 2), made by hand: listed between the displays and skeletons */
    char buf[] = "abcXY";
    ibidi_scan_result r;
    memset(&r, 0, sizeof r);
    r.text = (ibidi_buf){buf, sizeof buf, 5};
    r.unicode = (ibidi_span){0, 3, 1};
    r.display[1] = (ibidi_span){3, 2, 1};
    r.lgr_index = (ibidi_span){3, 1, 1};
    r.valid = 1;
    ibidi_scan_groups_entry e[IBIDI_SCAN_ENTRIES_MAX];
    size_t n = 0;
    CHECK(ibidi_scan_entries("ABC", 3, &r, 3, e, &n) == IBIDI_OK && n == 2 && e[0].kind == 1 &&
              e[1].kind == 2 && e[1].key_len == 1 && e[1].key[0] == 'X' &&
              e[1].name == buf && e[1].name_len == 3 && e[1].valid == 1,
          "entries: an index label is kind 2");
    /* arguments */
    CHECK(ibidi_scan_entries("ABC", 3, &r, 2, e, &n) == IBIDI_E_INVALID_ARGUMENT && n == 0,
          "entries: an index label needs three kinds");
    CHECK(ibidi_scan_entries("ABC", 3, NULL, 5, e, &n) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_scan_entries("ABC", 3, &r, 5, NULL, &n) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_scan_entries("ABC", 3, &r, 5, e, NULL) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_scan_entries(NULL, 3, &r, 5, e, &n) == IBIDI_E_INVALID_ARGUMENT &&
              ibidi_scan_entries("ABC", 3, &r, 1, e, &n) == IBIDI_E_INVALID_ARGUMENT,
          "entries: bad arguments are refused");
    r.text.data = NULL;
    CHECK(ibidi_scan_entries("ABC", 3, &r, 5, e, &n) == IBIDI_E_INVALID_ARGUMENT,
          "entries: spans without a buffer are refused");
    /* no part made: no entry, the name as given */
    memset(&r, 0, sizeof r);
    CHECK(ibidi_scan_entries("ABC", 3, &r, 2, e, &n) == IBIDI_OK && n == 0,
          "entries: nothing made, no entry");
}

/* ibidi__rbuf_shared_first, on its own: the entries whose order value comes again first
 * and sorted, the others after; and, for order values made to meet in its table (a list
 * crafted against the hash), the sort of everything instead. */
static uint64_t odd_inverse(uint64_t c)
{
    uint64_t x = c; /* Newton's iteration: each step doubles the bits that are right */
    for (int i = 0; i < 6; i++)
        x *= 2 - c * x;
    return x;
}

static size_t shared_case(const uint64_t *orders, size_t n, ibidi__rbuf *b)
{
    memset(b, 0, sizeof *b);
    for (size_t i = 0; i < n; i++) {
        char name[16];
        const int len = snprintf(name, sizeof name, "n%zu", i % 7);
        ibidi__rec r = {orders[i], (const unsigned char *)"k", (const unsigned char *)name,
                        1, (uint32_t)len, 0, 0};
        if (ibidi__rbuf_add(b, &r, (size_t)1 << 20) != 1)
            exit(1);
    }
    void *scratch = malloc(ibidi__rbuf_shared_scratch(n));
    const size_t m = ibidi__rbuf_shared_first(b, scratch);
    free(scratch);
    return m;
}

static void test_shared_first(void)
{
    enum { N = 600 };
    static uint64_t orders[N];
    ibidi__rbuf b;
    /* 300 values, each twice but for the last 100 (once): 400 shared entries, sorted */
    for (size_t i = 0; i < N; i++)
        orders[i] = (uint64_t)(i < 400 ? i % 200 : i) * 0x0123456789abcdefull << 8;
    size_t m = shared_case(orders, N, &b);
    const ibidi__rent *ix = ibidi__rbuf_entries(&b);
    int ok = m == 400;
    for (size_t i = 1; ok && i < m; i++)
        ok = ix[i - 1].order <= ix[i].order;
    for (size_t i = 0; ok && i < m; i++) /* each shared value twice */
        ok = (i % 2 == 0) ? ix[i].order == ix[i + 1].order : 1;
    CHECK(ok, "shared first: %zu entries put first and sorted (400 expected)", m);
    ibidi__rbuf_free(&b);
    /* 300 distinct values that all take one slot (v * C is small, so its top bits are 0):
       the table gives way to the sort of all 300 */
    const uint64_t inv = odd_inverse(0x9e3779b97f4a7c15ull);
    for (size_t i = 0; i < 300; i++)
        orders[i] = (uint64_t)(300 - i) * inv;
    m = shared_case(orders, 300, &b);
    ix = ibidi__rbuf_entries(&b);
    ok = m == 300;
    for (size_t i = 1; ok && i < m; i++)
        ok = ix[i - 1].order < ix[i].order;
    CHECK(ok, "values crafted to meet in the table: all %zu sorted instead (300 expected)", m);
    ibidi__rbuf_free(&b);
}

static void test_large_records(void)
{
    enum { BIG = 100000 };
    char *big = malloc(BIG), *big2 = malloc(BIG);
    ibidi_scan_groups *g = NULL;
    const ibidi_scan_groups_options o = {IBIDI_SCAN_GROUPS_MIN_MEMORY, tmpdir, 1, 0};
    if (!big || !big2)
        exit(1);
    memset(big, 'k', BIG);
    memset(big2, 'n', BIG);
    big2[BIG - 1] = 'm';
    CHECK(ibidi_scan_groups_create(&o, &g, NULL) == IBIDI_OK, "create");
    int ok = 1;
    for (int i = 0; i < 3000 && ok; i++) {
        char n[16];
        snprintf(n, sizeof n, "name%d", i);
        ok = t_add(g, 0, n, strlen(n), n, strlen(n), 1, NULL) == IBIDI_OK;
        if (i == 1000)
            ok = ok && t_add(g, 0, big, BIG, big2, BIG, 0, NULL) == IBIDI_OK;
        if (i == 2000)
            ok = ok && t_add(g, 0, big, BIG, "short", 5, 1, NULL) == IBIDI_OK &&
                 t_add(g, 0, big, BIG, big, BIG, 1, NULL) == IBIDI_OK;
    }
    CHECK(ok && ibidi_scan_groups_finish(g, NULL) == IBIDI_OK, "large records: adds, finish");
    seen s = {{NULL, 0, 0}, 0, 1};
    put(&s.t, "", 0);
    CHECK(ibidi_scan_groups_each(g, on_group, &s, NULL) == IBIDI_OK && s.groups == 1 && s.ordered,
          "large records: one group");
    ibidi_scan_group_counts c;
    CHECK(ibidi_scan_groups_counts(g, 0, &c) == IBIDI_OK && c.keys == 3001 &&
              c.names_in_groups == 3,
          "large records: %zu keys, %zu names in the group", c.keys, c.names_in_groups);
    ibidi_scan_groups_stats st;
    ibidi_scan_groups_get_stats(g, &st);
    CHECK(st.runs > 2, "large records: runs were written (%zu)", st.runs);
    ibidi_scan_groups_free(g);
    free(s.t.p);
    free(big);
    free(big2);
}

/* A directory the file cannot go to: the error only when a run must be written. */
static void test_temp_errors(void)
{
    char missing[96], file[96];
    snprintf(missing, sizeof missing, "%s/no-such-dir", tmpdir);
    snprintf(file, sizeof file, "%s.file", tmpdir);
    FILE *f = fopen(file, "w");
    if (f)
        fclose(f);
    const char *dirs[2] = {missing, file};
    const int errnos[2] = {ENOENT, ENOTDIR};
    for (int d = 0; d < 2; d++) {
        ibidi_scan_groups *g = NULL;
        ibidi_error err;
        /* in memory: nothing is written, all is well */
        ibidi_scan_groups_options o = {0, dirs[d], 1, 0};
        CHECK(ibidi_scan_groups_create(&o, &g, NULL) == IBIDI_OK &&
                  t_add(g, 0, "k", 1, "a", 1, 1, NULL) == IBIDI_OK &&
                  t_add(g, 0, "k", 1, "b", 1, 1, NULL) == IBIDI_OK &&
                  ibidi_scan_groups_finish(g, NULL) == IBIDI_OK,
              "%s: in memory, no file needed", dirs[d]);
        ibidi_scan_groups_free(g);
        /* spilling: the first run fails, and then every call (4 MiB: four shards, and an
         * add to another shard fails as well) */
        o.memory = (size_t)4 << 20;
        CHECK(ibidi_scan_groups_create(&o, &g, NULL) == IBIDI_OK, "create");
        ibidi_status st = IBIDI_OK;
        int i;
        for (i = 0; i < 100000 && st == IBIDI_OK; i++) {
            char n[16];
            snprintf(n, sizeof n, "n%d", i);
            st = t_add(g, 0, n, strlen(n), n, strlen(n), 1, &err);
        }
        CHECK(st == IBIDI_E_TEMP_FILE && err.status == IBIDI_E_TEMP_FILE &&
                  err.value == (uint32_t)errnos[d],
              "%s: add gives TEMP_FILE with errno %d (%s, errno %u, after %d adds)", dirs[d],
              errnos[d], ibidi_status_name(st), err.value, i);
        int stays = 1;
        for (int k = 0; k < 16; k++) {
            char key[16];
            snprintf(key, sizeof key, "x%d", k);
            stays &= t_add(g, 0, key, strlen(key), "x", 1, 1, &err) ==
                         IBIDI_E_TEMP_FILE &&
                     err.value == (uint32_t)errnos[d];
        }
        CHECK(stays, "%s: the error stays, for every key", dirs[d]);
        CHECK(ibidi_scan_groups_finish(g, &err) == IBIDI_E_TEMP_FILE &&
                  err.value == (uint32_t)errnos[d],
              "%s: finish says so too", dirs[d]);
        CHECK(ibidi_scan_groups_each(g, on_group, NULL, NULL) == IBIDI_E_TEMP_FILE,
              "%s: and each", dirs[d]);
        ibidi_scan_groups_free(g);
    }
    /* a directory that is not writable (root may write anywhere: then not checked) */
    if (geteuid() != 0) {
        char ro[96];
        snprintf(ro, sizeof ro, "%s/ro", tmpdir);
        if (mkdir(ro, 0500) == 0) {
            ibidi_scan_groups *g = NULL;
            ibidi_error err;
            const ibidi_scan_groups_options o = {IBIDI_SCAN_GROUPS_MIN_MEMORY, ro, 1, 0};
            ibidi_status st = ibidi_scan_groups_create(&o, &g, NULL);
            for (int i = 0; i < 100000 && st == IBIDI_OK; i++) {
                char n[16];
                snprintf(n, sizeof n, "n%d", i);
                st = t_add(g, 0, n, strlen(n), n, strlen(n), 1, &err);
            }
            CHECK(st == IBIDI_E_TEMP_FILE && err.value == EACCES,
                  "an unwritable directory: TEMP_FILE, EACCES (%s, %u)", ibidi_status_name(st),
                  err.value);
            ibidi_scan_groups_free(g);
            rmdir(ro);
        }
    } else {
        printf("info: running as root: the unwritable directory is not checked\n");
    }
    remove(file);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/ibidi_groups_XXXXXX");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    test_small();
    test_arguments();
    tesibidi_scan_groups_add_displays();
    test_scan_entries();
    test_large_records();
    test_shared_first();
    test_temp_errors();

    /* The cases against the reference: 200000 adds, 3 kinds */
    const size_t n = 200000;
    item *v = make_items(n, 3, 0x5eed);
    text want = {NULL, 0, 0};
    counts wc;
    put(&want, "", 0);
    reference(v, n, &want, &wc);
    printf("info: reference: %zu+%zu+%zu keys, %zu+%zu+%zu groups\n", wc.keys[0], wc.keys[1],
           wc.keys[2], wc.groups[0], wc.groups[1], wc.groups[2]);
    CHECK(wc.groups[0] > 1000 && wc.keys[0] > wc.groups[0], "the reference has groups");
    ibidi_scan_groups_stats st;
    run_case("in memory", v, n, &(how){3, 0, 1, -1, 0, 1}, &want, &wc, &st);
    CHECK(st.runs == 0, "in memory: no run written (%zu)", st.runs);
    run_case("64 KiB", v, n, &(how){3, IBIDI_SCAN_GROUPS_MIN_MEMORY, 1, -1, 0, 1}, &want, &wc,
             &st);
    CHECK(st.runs > 100, "64 KiB: many runs (%zu), merged in passes", st.runs);
    printf("info: 64 KiB: %zu runs, %llu bytes written, peak %zu bytes\n", st.runs,
           (unsigned long long)st.temp_bytes, st.memory_peak);
    run_case("1 MiB", v, n, &(how){3, (size_t)1 << 20, 1, -1, 0, 1}, &want, &wc, &st);
    CHECK(st.runs > 1, "1 MiB: runs (%zu)", st.runs);
    run_case("one hash", v, n, &(how){3, 0, 1, 0, 0, 1}, &want, &wc, NULL);
    run_case("one hash, 64 KiB", v, n, &(how){3, IBIDI_SCAN_GROUPS_MIN_MEMORY, 1, 0, 0, 1},
             &want, &wc, NULL);
    run_case("4 hashes per shard, 4 MiB", v, n, &(how){3, (size_t)4 << 20, 1, 2, 0, 1}, &want,
             &wc, NULL);
    run_case("4 threads", v, n, &(how){3, 0, 4, -1, 0, 1}, &want, &wc, NULL);
    run_case("4 threads, 64 KiB", v, n, &(how){3, IBIDI_SCAN_GROUPS_MIN_MEMORY, 4, -1, 0, 1},
             &want, &wc, NULL);
    run_case("3 threads, 2 MiB, 16 hashes", v, n, &(how){3, (size_t)2 << 20, 3, 4, 0, 1}, &want,
             &wc, NULL);
    /* adders (a buffer per thread, flushed a shard at a time) and finish on threads */
    run_case("adders, 4 threads, finish on 3", v, n, &(how){3, 0, 4, -1, 1, 3}, &want, &wc,
             NULL);
    run_case("adders, 64 KiB, finish on 4", v, n,
             &(how){3, IBIDI_SCAN_GROUPS_MIN_MEMORY, 2, -1, 1, 4}, &want, &wc, NULL);
    run_case("adders, 2 MiB (some shards spill), finish on 2", v, n,
             &(how){3, (size_t)2 << 20, 2, -1, 1, 2}, &want, &wc, NULL);
    run_case("one hash, finish on 4", v, n, &(how){3, 0, 1, 0, 1, 4}, &want, &wc, NULL);
    free(want.p);
    free(v);

    /* six kinds: 3 and 4 are the paired kinds (one key space, the direction in the
       record), and the same key and name come under both, and under one of them only */
    v = make_items(n, 6, 0xd1ce);
    want.p = NULL;
    want.len = want.cap = 0;
    put(&want, "", 0);
    reference(v, n, &want, &wc);
    printf("info: paired: %zu+%zu keys, %zu+%zu groups\n", wc.keys[3], wc.keys[4],
           wc.groups[3], wc.groups[4]);
    CHECK(wc.groups[3] > 500 && wc.groups[4] > 500, "the reference has paired groups");
    run_case("paired, in memory", v, n, &(how){6, 0, 1, -1, 0, 1}, &want, &wc, NULL);
    run_case("paired, 64 KiB", v, n, &(how){6, IBIDI_SCAN_GROUPS_MIN_MEMORY, 1, -1, 0, 1},
             &want, &wc, NULL);
    run_case("paired, one hash", v, n, &(how){6, 0, 1, 0, 0, 1}, &want, &wc, NULL);
    run_case("paired, one hash, 64 KiB", v, n,
             &(how){6, IBIDI_SCAN_GROUPS_MIN_MEMORY, 1, 0, 0, 1}, &want, &wc, NULL);
    run_case("paired, adders, 3 threads, finish on 2", v, n, &(how){6, 0, 3, -1, 1, 2}, &want,
             &wc, NULL);
    run_case("paired, adders, 1 MiB, 16 hashes", v, n, &(how){6, (size_t)1 << 20, 2, 4, 1, 2},
             &want, &wc, NULL);
    /* five kinds only: 3 is still paired with 4 */
    for (size_t i = 0; i < n; i++)
        v[i].kind %= 5;
    want.len = 0;
    put(&want, "", 0);
    reference(v, n, &want, &wc);
    run_case("five kinds", v, n, &(how){5, 0, 1, -1, 0, 1}, &want, &wc, NULL);
    run_case("five kinds, 64 KiB, adders", v, n,
             &(how){5, IBIDI_SCAN_GROUPS_MIN_MEMORY, 2, -1, 1, 2}, &want, &wc, NULL);
    /* four kinds: 3 alone */
    for (size_t i = 0; i < n; i++)
        v[i].kind %= 4;
    want.len = 0;
    put(&want, "", 0);
    reference(v, n, &want, &wc);
    run_case("four kinds", v, n, &(how){4, 0, 1, -1, 0, 1}, &want, &wc, NULL);
    free(want.p);
    free(v);

    /* one kind, few adds */
    v = make_items(50, 1, 7);
    want.p = NULL;
    want.len = want.cap = 0;
    put(&want, "", 0);
    reference(v, 50, &want, &wc);
    run_case("50 adds", v, 50, &(how){1, 0, 1, -1, 0, 1}, &want, &wc, NULL);
    run_case("50 adds, 64 KiB", v, 50, &(how){1, IBIDI_SCAN_GROUPS_MIN_MEMORY, 2, -1, 0, 1},
             &want, &wc, NULL);
    run_case("50 adds, adders", v, 50, &(how){1, 0, 2, -1, 1, 2}, &want, &wc, NULL);
    free(want.p);
    free(v);

    test_adder_rules();

    CHECK(dir_entries(tmpdir) == 0, "nothing left in %s", tmpdir);
    rmdir(tmpdir);
    return t_summary();
}
