/*
 * The collision groups of a list (ibidi/scan.h, ibidi_scan_groups): names that share a
 * key, under a memory limit. Allocating is this file's job (tests/test_scan_noalloc.sh
 * lists it). The sorted runs, their file and their merge are src/scan/runs.c.
 *
 * Two passes over sorted records:
 *   1. add: records (hash of kind and key, kind, key, name, valid) go to one of up to 64
 *      shards by the hash's top bits, each with its own lock and half the limit shared
 *      out; a full shard is sorted and written as a run. finish merges each shard with its
 *      runs in hash order (a key's records are then together, its names in byte order) and
 *      keeps the names of every key that has two or more, counting keys and groups.
 *   2. the names kept are records again, ordered by kind and key (their first seven bytes
 *      as the order value, then the bytes), sorted and, if they do not fit, spilled and
 *      merged the same way: each walks them in the order `ibidi scan` prints.
 * Shards are disjoint ranges of hashes, so each is merged alone, and a key's figures come
 * from one shard. Hashing first, instead of sorting by key from the start, keeps most
 * comparisons to one 64-bit compare (keys share long prefixes, "www." for one), and groups
 * are few, so the second pass is small.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "common/internal.h"
#include "ibidi/scan.h"
#include "scan/groups_internal.h"
#include "scan/runs_internal.h"

#define MAX_SHARD_BITS 6
/* The paired kinds: a name's bidi skeletons left to right and right to left (UTS #39 §4;
 * kinds 3 and 4 of ibidi_scan_groups_add_displays, when g has five kinds or more). Most
 * names have one skeleton in both directions (every name in ASCII), so the two keys are
 * one record then, flagged for both, which halves what is stored, sorted and merged. The
 * records of both kinds share one key space (the first kind's, the direction in the
 * flags), so that a key's names in either direction are together, in name order;
 * finish walks them into a collection per direction. A plain add of either kind takes
 * the same form, and the groups are those of separate kinds. */
#define PAIR_FIRST 3u
#define PAIR_SECOND 4u

/* A shard per MiB of limit (up to 64): a small limit keeps fewer, larger shards, whose runs
 * are then fewer too. */
#define SHARD_MIN ((size_t)1 << 20)
/* The adders' buffers together: this part of the limit, out of the shards' half. */
#define ADDER_POOL_PART 16

typedef struct shard {
    pthread_mutex_t mu;
    ibidi__rbuf rb;
    ibidi__runs runs;
    unsigned char *wbuf; /* the block runs are written through */
    size_t wcap;
    ibidi_status failed;
    int eno;
    uint64_t adds; /* under mu: a locked increment beside the lock would cost as much again */
    size_t dir_recs[2]; /* records of the paired kinds, by direction (finish_memory) */
} shard;

struct ibidi_scan_groups {
    size_t limit;
    unsigned kinds;
    unsigned threads; /* finish's */
    unsigned shard_bits;
    size_t n_shards;
    shard *shards;
    size_t shard_budget; /* a shard's records and index */
    size_t wblock;       /* a shard's write block */
    size_t block;        /* a merge's read block per run, and its write block */
    size_t fan_in;       /* runs one merge reads at once */
    uint64_t hash_mask;
    ibidi__tfile tf;
    int finished;
    ibidi_status failed; /* of finish; every later call returns it */
    int eno;
    ibidi__rbuf p2; /* the second pass: the names of the groups */
    ibidi__runs p2_runs;
    ibidi_scan_group_counts *counts; /* per kind */
    atomic_size_t mem, peak;
    /* the first failed add's status and errno: every add after it fails the same way,
     * whatever its shard, since the groups are incomplete from then on */
    atomic_int add_failed, add_eno;
    atomic_size_t pool; /* of the adders' buffers, not yet taken */
    atomic_size_t held; /* adders holding records: finish waits for none */
};

/* ---- Memory accounting ----------------------------------------------------------------- */

static void mem_more(ibidi_scan_groups *g, size_t n)
{
    size_t now = atomic_fetch_add(&g->mem, n) + n;
    size_t peak = atomic_load(&g->peak);
    while (now > peak && !atomic_compare_exchange_weak(&g->peak, &peak, now)) {
    }
}

static void mem_less(ibidi_scan_groups *g, size_t n) { atomic_fetch_sub(&g->mem, n); }

/* After a buffer changed capacity from before to after. */
static void mem_moved(ibidi_scan_groups *g, size_t before, size_t after)
{
    if (after > before)
        mem_more(g, after - before);
    else if (after < before)
        mem_less(g, before - after);
}

/* ---- Keys -------------------------------------------------------------------------------- */

static uint64_t fmix64(uint64_t h)
{
    /* MurmurHash3's finaliser: every input bit moves every output bit */
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

/* The 64-bit hash of a kind and a key: eight bytes a step, the length and kind in the
 * seed (so keys that differ only by trailing zero bytes differ). Its quality matters for
 * the balance of the shards and the time of the sort, never for the result. */
uint64_t ibidi__scan_key_hash(unsigned kind, const void *key, size_t n)
{
    const unsigned char *p = key;
    const size_t len = n;
    /* the seed: kind and length, spread by one multiplication (the finaliser below mixes
       every bit anyway) */
    uint64_t h = (((uint64_t)kind << 32) ^ (uint64_t)n ^ 0x9e3779b97f4a7c15ull) *
                 0xff51afd7ed558ccdull;
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = (h ^ w) * 0x9fb21c651e98df25ull;
        h ^= h >> 29;
        p += 8;
        n -= 8;
    }
    if (n) {
        /* the last bytes: the key's last eight (some hashed already, which does no harm:
           the value is still the key's alone) when it has eight, else byte by byte; a
           memcpy of a variable length is a call of its own */
        uint64_t w = 0;
        if (len >= 8) {
            memcpy(&w, p + n - 8, 8);
        } else {
            for (size_t i = 0; i < n; i++)
                w |= (uint64_t)p[i] << (8 * i);
        }
        h = (h ^ w) * 0x9fb21c651e98df25ull;
    }
    return fmix64(h);
}

/* The order value of the first pass: the hash of kind and key, with the kind in its low
 * byte instead of eight bits of hash, so that a key of one record, most of them, is
 * counted under its kind from the sorted index alone (finish_memory) without reading the
 * record. */
static uint64_t order_of(const ibidi_scan_groups *g, unsigned kind, const void *key, size_t n)
{
    return ((ibidi__scan_key_hash(kind, key, n) & g->hash_mask) & ~(uint64_t)0xff) | kind;
}

/* The order value of the second pass: the kind, then the key's first seven bytes (a
 * shorter key padded with zero bytes, which sorts it first among equal prefixes, as the
 * byte comparison does when the rest decides). */
static uint64_t key_prefix(unsigned kind, const unsigned char *p, size_t n)
{
    uint64_t v = (uint64_t)kind << 56;
    for (size_t i = 0; i < 7 && i < n; i++)
        v |= (uint64_t)p[i] << (48 - 8 * i);
    return v;
}

/* ---- Create, add ------------------------------------------------------------------------- */

static size_t clamp(size_t v, size_t lo, size_t hi) { return v < lo ? lo : v > hi ? hi : v; }

void ibidi__scan_groups_set_hash_mask(ibidi_scan_groups *g, uint64_t mask) { g->hash_mask = mask; }

ibidi_status ibidi_scan_groups_create(const ibidi_scan_groups_options *opts,
                                      ibidi_scan_groups **out, ibidi_error *err)
{
    if (!out)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    *out = NULL;
    const size_t limit = opts && opts->memory ? opts->memory : IBIDI_SCAN_GROUPS_DEFAULT_MEMORY;
    const unsigned kinds = opts && opts->kinds ? opts->kinds : 1u;
    if (limit < IBIDI_SCAN_GROUPS_MIN_MEMORY || kinds > IBIDI_SCAN_GROUPS_MAX_KINDS ||
        (opts && opts->threads > IBIDI_SCAN_GROUPS_MAX_THREADS))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    const char *dir = opts ? opts->temp_dir : NULL;
    if (!dir) {
        const char *e = getenv("TMPDIR");
        dir = e && *e ? e : "/tmp";
    }
    ibidi_scan_groups *g = calloc(1, sizeof *g);
    if (!g)
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    g->limit = limit;
    g->kinds = kinds;
    g->threads = opts && opts->threads ? opts->threads : 1u;
    g->hash_mask = ~(uint64_t)0;
    atomic_init(&g->mem, 0);
    atomic_init(&g->peak, 0);
    atomic_init(&g->add_failed, 0);
    atomic_init(&g->add_eno, 0);
    atomic_init(&g->pool, limit / ADDER_POOL_PART);
    atomic_init(&g->held, 0);
    while (g->shard_bits < MAX_SHARD_BITS && (SHARD_MIN << (g->shard_bits + 1)) <= limit)
        g->shard_bits++;
    g->n_shards = (size_t)1 << g->shard_bits;
    /* Half the limit for the shards while names are added, so that at finish a quarter is
     * left for the merge's blocks and a quarter (and each shard's part once merged) for
     * the second pass. */
    const size_t per_shard = (limit / 2 - limit / ADDER_POOL_PART) / g->n_shards;
    g->wblock = clamp(per_shard / 8, 4096, 262144);
    g->shard_budget = per_shard - g->wblock;
    g->block = clamp(limit / 256, 4096, (size_t)1 << 20);
    g->fan_in = clamp(limit / 4 / (g->block + 64) - 1, 2, 256);
    g->counts = calloc(kinds, sizeof *g->counts);
    g->shards = calloc(g->n_shards, sizeof *g->shards);
    if (!g->counts || !g->shards || ibidi__tfile_init(&g->tf, dir) != IBIDI_OK) {
        free(g->counts);
        free(g->shards);
        free(g);
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    }
    for (size_t i = 0; i < g->n_shards; i++) {
        if (pthread_mutex_init(&g->shards[i].mu, NULL) != 0) {
            while (i-- > 0)
                pthread_mutex_destroy(&g->shards[i].mu);
            ibidi__tfile_close(&g->tf);
            free(g->counts);
            free(g->shards);
            free(g);
            return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
        }
    }
    *out = g;
    return ibidi__ok(err);
}

/* Writes a full shard as a run (under its lock). */
static ibidi_status shard_spill(ibidi_scan_groups *g, shard *s)
{
    if (!s->wbuf) {
        s->wcap = g->wblock;
        mem_more(g, s->wcap);
    }
    const size_t before = s->wcap;
    ibidi_status st = ibidi__rbuf_spill(&s->rb, &g->tf, &s->wbuf, &s->wcap, &s->runs, &s->eno);
    mem_moved(g, before, s->wcap);
    return st;
}

static ibidi_status fail_eno(ibidi_error *err, ibidi_status st, int eno)
{
    return ibidi__fail(err, st, 0, st == IBIDI_E_TEMP_FILE ? (uint32_t)eno : 0);
}

/* Whether g takes adds still: after finish, or after a failed add, it does not. */
static ibidi_status adds_open(ibidi_scan_groups *g, ibidi_error *err)
{
    if (g->finished)
        return g->failed ? fail_eno(err, g->failed, g->eno)
                         : ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    const int failed = atomic_load_explicit(&g->add_failed, memory_order_acquire);
    if (failed)
        return fail_eno(err, (ibidi_status)failed,
                        atomic_load_explicit(&g->add_eno, memory_order_relaxed));
    return IBIDI_OK;
}

/* The record of a key and a name of a kind (checked by the caller; lengths at most
 * UINT32_MAX): its order value says its shard. */
static void make_rec(const ibidi_scan_groups *g, unsigned kind, const char *key, size_t key_len,
                     const char *name, size_t name_len, int valid, ibidi__rec *r)
{
    r->key = (const unsigned char *)key;
    r->name = (const unsigned char *)name;
    r->key_len = (uint32_t)key_len;
    r->name_len = (uint32_t)name_len;
    r->kind = kind;
    r->flags = valid ? IBIDI__REC_VALID : 0u;
    if (g->kinds > PAIR_SECOND && (kind == PAIR_FIRST || kind == PAIR_SECOND)) {
        r->kind = PAIR_FIRST; /* one key space, the direction in the flags */
        r->flags |= kind == PAIR_FIRST ? IBIDI__REC_DIR_FIRST : IBIDI__REC_DIR_SECOND;
    }
    if (key_len == name_len && (key_len == 0 || memcmp(key, name, key_len) == 0))
        r->flags |= IBIDI__REC_KEY_IS_NAME; /* stored once */
    r->order = order_of(g, r->kind, r->key, r->key_len);
}

/* The record of an entry, checked. */
static ibidi_status entry_rec(ibidi_scan_groups *g, const ibidi_scan_groups_entry *e,
                              ibidi__rec *r, ibidi_error *err)
{
    if (!e || e->kind >= g->kinds || (!e->key && e->key_len) || (!e->name && e->name_len))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi_status st = adds_open(g, err);
    if (st != IBIDI_OK)
        return st;
    if (e->key_len > UINT32_MAX || e->name_len > UINT32_MAX)
        return ibidi__fail(err, IBIDI_E_TOO_LONG, 0, 0);
    make_rec(g, e->kind, e->key, e->key_len, e->name, e->name_len, e->valid, r);
    return IBIDI_OK;
}

static shard *shard_of(ibidi_scan_groups *g, uint64_t order)
{
    return &g->shards[g->shard_bits ? (size_t)(order >> (64 - g->shard_bits)) : 0];
}

/* Puts r, or else the records of src, into shard s, under s's lock: a full shard is
 * written as a run first. The first failure marks the shard and the object (every later
 * add fails the same way); keys and dirs are what was put, counted on success. */
static ibidi_status shard_fill(ibidi_scan_groups *g, shard *s, const ibidi__rec *r,
                               const ibidi__rbuf *src, size_t keys, const size_t dirs[2])
{
    if (s->failed)
        return s->failed;
    ibidi_status st = IBIDI_OK;
    const size_t before = ibidi__rbuf_mem(&s->rb);
    int k = r ? ibidi__rbuf_add(&s->rb, r, g->shard_budget)
              : ibidi__rbuf_take(&s->rb, src, g->shard_budget);
    if (k == 0) {
        st = shard_spill(g, s);
        if (st == IBIDI_OK) /* empty: it fits */
            k = r ? ibidi__rbuf_add(&s->rb, r, g->shard_budget)
                  : ibidi__rbuf_take(&s->rb, src, g->shard_budget);
    }
    mem_moved(g, before, ibidi__rbuf_mem(&s->rb));
    if (st == IBIDI_OK && k < 0)
        st = IBIDI_E_NOMEM;
    if (st != IBIDI_OK) {
        s->failed = st;
        atomic_store_explicit(&g->add_eno, s->eno, memory_order_relaxed);
        atomic_store_explicit(&g->add_failed, (int)st, memory_order_release);
    } else {
        s->adds += keys;
        s->dir_recs[0] += dirs[0];
        s->dir_recs[1] += dirs[1];
    }
    return st;
}

/* Counts r into *keys and dirs: the keys it holds (a paired record for both directions
 * is two keys'), and whether it is a paired record of each direction. */
static void rec_tally(const ibidi__rec *r, size_t *keys, size_t dirs[2])
{
    const unsigned d = r->flags & IBIDI__REC_DIRS;
    *keys += d == IBIDI__REC_DIRS ? 2 : 1;
    dirs[0] += (d & IBIDI__REC_DIR_FIRST) != 0;
    dirs[1] += (d & IBIDI__REC_DIR_SECOND) != 0;
}

/* Puts r into its shard s, under s's lock. */
static ibidi_status shard_put(ibidi_scan_groups *g, shard *s, const ibidi__rec *r)
{
    size_t keys = 0, dirs[2] = {0, 0};
    rec_tally(r, &keys, dirs);
    return shard_fill(g, s, r, NULL, keys, dirs);
}

/* Puts r into its shard, taking the shard's lock; *eno (may be NULL) gets the shard's
 * errno. */
static ibidi_status put_locked(ibidi_scan_groups *g, const ibidi__rec *r, int *eno)
{
    shard *s = shard_of(g, r->order);
    pthread_mutex_lock(&s->mu);
    const ibidi_status st = shard_put(g, s, r);
    if (eno)
        *eno = s->eno;
    pthread_mutex_unlock(&s->mu);
    return st;
}

/* One add comes as an entry record (kind, key, name, validity): at most six parameters a
 * call. */
ibidi_status ibidi_scan_groups_add(ibidi_scan_groups *g, const ibidi_scan_groups_entry *e,
                                   ibidi_error *err)
{
    if (!g)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi__rec r;
    ibidi_status st = entry_rec(g, e, &r, err);
    if (st != IBIDI_OK)
        return st;
    int eno = 0;
    st = put_locked(g, &r, &eno);
    return st == IBIDI_OK ? ibidi__ok(err) : fail_eno(err, st, eno);
}

/* ---- Adders ------------------------------------------------------------------------------ */

/* A thread's records on their way to the shards: held in a buffer of its own per shard,
 * and a full one goes into its shard whole (its bytes copied at once) under one lock. With
 * a lock taken for every record, two threads adding the skeletons of every name spent a
 * third of their time moving the shards' lines between their caches. The buffers come out
 * of a pool of the limit (ADDER_POOL_PART of it, taken from the shards' half), so that
 * the limit holds whatever the number of adders; one created when the pool is spent holds
 * nothing and adds at once. */
#define ADDER_MAX ((size_t)256 << 10)
#define ADDER_MIN ((size_t)4 << 10)

struct ibidi_scan_groups_adder {
    ibidi_scan_groups *g;
    ibidi__rbuf *sub;  /* a buffer per shard */
    size_t share;      /* of the pool: what the buffers may take (0: none, adds go in at once) */
    size_t sub_budget; /* each buffer's part of it */
    size_t held;       /* buffers holding records */
};

/* Puts the records of the adder's buffer for shard i into it (the caller holds no lock). */
static ibidi_status adder_flush_one(ibidi_scan_groups_adder *a, size_t i)
{
    ibidi_scan_groups *g = a->g;
    ibidi__rbuf *b = &a->sub[i];
    if (b->n == 0)
        return IBIDI_OK;
    shard *s = &g->shards[i];
    pthread_mutex_lock(&s->mu);
    const ibidi_status st = shard_fill(g, s, NULL, b, b->keys, b->dirs);
    pthread_mutex_unlock(&s->mu);
    b->len = b->n = 0;
    b->keys = b->dirs[0] = b->dirs[1] = 0;
    if (--a->held == 0)
        atomic_fetch_sub(&g->held, 1);
    return st;
}

static ibidi_status adder_flush(ibidi_scan_groups_adder *a)
{
    ibidi_status st = IBIDI_OK;
    for (size_t i = 0; a->held && i < a->g->n_shards; i++) {
        ibidi_status one = adder_flush_one(a, i);
        if (st == IBIDI_OK)
            st = one;
    }
    return st;
}

ibidi_status ibidi_scan_groups_adder_create(ibidi_scan_groups *g, ibidi_scan_groups_adder **out,
                                            ibidi_error *err)
{
    if (!out)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    *out = NULL;
    if (!g || g->finished)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi_scan_groups_adder *a = calloc(1, sizeof *a);
    if (a)
        a->sub = calloc(g->n_shards, sizeof *a->sub);
    if (!a || !a->sub) {
        free(a);
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    }
    a->g = g;
    size_t left = atomic_load(&g->pool), take;
    do {
        take = left < ADDER_MAX ? left : ADDER_MAX;
        if (take < ADDER_MIN)
            take = 0;
    } while (take && !atomic_compare_exchange_weak(&g->pool, &left, left - take));
    a->share = take;
    a->sub_budget = take / g->n_shards;
    *out = a;
    return ibidi__ok(err);
}

/* Into the adder's buffer of r's shard; a full one goes into the shard first. */
static ibidi_status adder_put(ibidi_scan_groups_adder *a, const ibidi__rec *r)
{
    ibidi_scan_groups *g = a->g;
    if (!a->share)
        return put_locked(g, r, NULL);
    const size_t i = (size_t)(shard_of(g, r->order) - g->shards);
    ibidi__rbuf *b = &a->sub[i];
    const size_t before = ibidi__rbuf_mem(b);
    ibidi_status st = IBIDI_OK;
    int k = ibidi__rbuf_add(b, r, a->sub_budget);
    if (k == 0) {
        st = adder_flush_one(a, i);
        k = ibidi__rbuf_add(b, r, a->sub_budget); /* empty: it fits */
    }
    if (k > 0) {
        if (b->n == 1 && a->held++ == 0)
            atomic_fetch_add(&g->held, 1); /* finish refuses while an adder holds records */
        rec_tally(r, &b->keys, b->dirs);
    }
    mem_moved(g, before, ibidi__rbuf_mem(b));
    if (st == IBIDI_OK && k < 0)
        st = IBIDI_E_NOMEM;
    return st;
}

static ibidi_status adder_status(ibidi_scan_groups *g, ibidi_status st, ibidi_error *err)
{
    if (st == IBIDI_OK)
        return ibidi__ok(err);
    const int eno = atomic_load_explicit(&g->add_eno, memory_order_relaxed);
    return fail_eno(err, st, eno);
}

ibidi_status ibidi_scan_groups_adder_add(ibidi_scan_groups_adder *a,
                                         const ibidi_scan_groups_entry *e, ibidi_error *err)
{
    if (!a)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi__rec r;
    ibidi_status st = entry_rec(a->g, e, &r, err);
    if (st != IBIDI_OK)
        return st;
    return adder_status(a->g, adder_put(a, &r), err);
}

ibidi_status ibidi_scan_groups_adder_flush(ibidi_scan_groups_adder *a, ibidi_error *err)
{
    if (!a)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    return adder_status(a->g, adder_flush(a), err);
}

void ibidi_scan_groups_adder_free(ibidi_scan_groups_adder *a)
{
    if (!a)
        return;
    ibidi_scan_groups *g = a->g;
    if (a->held) {
        /* records never flushed: the groups would miss them, so finish fails */
        atomic_fetch_sub(&g->held, 1);
        int none = 0;
        atomic_compare_exchange_strong(&g->add_failed, &none, (int)IBIDI_E_INVALID_ARGUMENT);
    }
    for (size_t i = 0; i < g->n_shards; i++) {
        mem_less(g, ibidi__rbuf_mem(&a->sub[i]));
        ibidi__rbuf_free(&a->sub[i]);
    }
    free(a->sub);
    atomic_fetch_add(&g->pool, a->share);
    free(a);
}

/* ---- A name's keys ----------------------------------------------------------------------- */

/* Where a name's record goes: through an adder, or straight into g. */
static ibidi_status put_rec(ibidi_scan_groups *g, ibidi_scan_groups_adder *a,
                            const ibidi__rec *r)
{
    return a ? adder_put(a, r) : put_locked(g, r, NULL);
}

/* Sets e to one entry (a span of buf under kind k). */
static void entry_of(ibidi_scan_groups_entry *e, unsigned k, const char *buf, ibidi_span sp,
                     const char *u, size_t ulen, int valid)
{
    e->kind = k;
    e->key = buf + sp.start;
    e->key_len = sp.length;
    e->name = u;
    e->name_len = ulen;
    e->valid = valid;
}

/* The rule is the header's (ibidi_scan_entries); put_displays adds what this lists, so
 * `ibidi scan`, Python's Scanner and a grouping elsewhere (ibidi.dask) share one answer. */
ibidi_status ibidi_scan_entries(const char *name, size_t len, const ibidi_scan_result *res,
                                unsigned kinds, ibidi_scan_groups_entry *out, size_t *n)
{
    if (n)
        *n = 0;
    if (!out || !n || !res || (!name && len) || kinds < 2 ||
        (!res->text.data &&
         (res->unicode.present || res->display[0].present || res->display[1].present ||
          res->skeleton[0].present || res->skeleton[1].present || res->lgr_index.present)))
        return IBIDI_E_INVALID_ARGUMENT;
    if ((res->lgr_index.present && kinds < 3) ||
        ((res->skeleton[0].present || res->skeleton[1].present) && kinds < 5))
        return IBIDI_E_INVALID_ARGUMENT;
    const char *buf = res->text.data;
    /* the names are compared in their Unicode form: an A-label and its U-label are one */
    const char *u = res->unicode.present ? buf + res->unicode.start : name;
    const size_t ulen = res->unicode.present ? res->unicode.length : len;
    const int valid = res->valid ? 1 : 0;
    size_t k = 0;
    for (unsigned c = 0; c < 2; c++) {
        /* a display no other name can share puts the name in no group */
        if (res->display[c].present && !(res->self_display & (1u << c)))
            entry_of(&out[k++], c, buf, res->display[c], u, ulen, valid);
    }
    if (res->lgr_index.present) /* RFC 7940 §8.5: one variant set */
        entry_of(&out[k++], 2, buf, res->lgr_index, u, ulen, valid);
    /* UTS #39 §4: names with one bidi skeleton in a direction look alike there; every
       name goes in, those that display as themselves too (paypal.com and pаypal.com) */
    for (unsigned c = 0; c < 2; c++) {
        if (res->skeleton[c].present)
            entry_of(&out[k++], PAIR_FIRST + c, buf, res->skeleton[c], u, ulen, valid);
    }
    *n = k;
    return IBIDI_OK;
}

/* The bit of *added for an entry of kind k (ibidi_scan_groups_add_displays): IBIDI_SCAN_LTR,
 * _RTL, IBIDI_SCAN_LGR_KEY, IBIDI_SCAN_LOOK_KEY_LTR, _RTL are the bits 0 to 4. */
#define ADDED_BIT(k) (1u << (k))
_Static_assert(ADDED_BIT(0) == IBIDI_SCAN_LTR && ADDED_BIT(1) == IBIDI_SCAN_RTL &&
                   ADDED_BIT(2) == IBIDI_SCAN_LGR_KEY &&
                   ADDED_BIT(PAIR_FIRST) == IBIDI_SCAN_LOOK_KEY_LTR &&
                   ADDED_BIT(PAIR_SECOND) == IBIDI_SCAN_LOOK_KEY_RTL,
               "the bits of *added are the kinds'");

/* ibidi_scan_entries' list, put into g: one answer for both. The text the spans of res
 * point into is res->text.data, where ibidi_scan_name wrote it. */
static ibidi_status put_displays(ibidi_scan_groups *g, ibidi_scan_groups_adder *a,
                                 const char *name, size_t len, const ibidi_scan_result *res,
                                 unsigned *added, ibidi_error *err)
{
    if (added)
        *added = 0;
    ibidi_scan_groups_entry e[IBIDI_SCAN_ENTRIES_MAX];
    size_t n = 0;
    if (!g || ibidi_scan_entries(name, len, res, g->kinds, e, &n) != IBIDI_OK)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    ibidi_status st = adds_open(g, err);
    if (st != IBIDI_OK)
        return st;
    /* every entry has the one name; the keys are spans of the text, within UINT32_MAX as
       the text's spans are */
    if ((res->unicode.present ? res->unicode.length : len) > UINT32_MAX)
        return ibidi__fail(err, IBIDI_E_TOO_LONG, 0, 0);
    ibidi__rec r;
    unsigned got = 0;
    for (size_t i = 0; i < n && st == IBIDI_OK; i++) {
        const ibidi_scan_groups_entry *x = &e[i];
        make_rec(g, x->kind, x->key, x->key_len, x->name, x->name_len, x->valid, &r);
        unsigned bits = ADDED_BIT(x->kind);
        /* one skeleton in both directions: one record, both kinds' (PAIR_FIRST), which
           halves what is stored; the entries stay one per kind */
        if (x->kind == PAIR_FIRST && i + 1 < n && e[i + 1].kind == PAIR_SECOND &&
            e[i + 1].key_len == x->key_len &&
            (e[i + 1].key == x->key || memcmp(e[i + 1].key, x->key, x->key_len) == 0)) {
            r.flags |= IBIDI__REC_DIR_SECOND;
            bits |= ADDED_BIT(PAIR_SECOND);
            i++;
        }
        if ((st = put_rec(g, a, &r)) == IBIDI_OK)
            got |= bits;
    }
    if (added)
        *added = got; /* those put, also when one failed */
    return st == IBIDI_OK ? ibidi__ok(err) : adder_status(g, st, err);
}

ibidi_status ibidi_scan_groups_add_displays(ibidi_scan_groups *g, const char *name, size_t len,
                                            const ibidi_scan_result *res, unsigned *added,
                                            ibidi_error *err)
{
    return put_displays(g, NULL, name, len, res, added, err);
}

ibidi_status ibidi_scan_groups_adder_add_displays(ibidi_scan_groups_adder *a, const char *name,
                                                  size_t len, const ibidi_scan_result *res,
                                                  unsigned *added, ibidi_error *err)
{
    if (!a) {
        if (added)
            *added = 0;
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    }
    return put_displays(a->g, a, name, len, res, added, err);
}

/* ---- Finish: the first pass -------------------------------------------------------------- */

/* One key's names as they come out of a merge (copied: a merge's record lasts until its
 * next one). */
typedef struct name_ref {
    size_t off;
    size_t len;
    unsigned char valid;
} name_ref;

typedef struct collect {
    int has;
    uint64_t order;
    unsigned kind;
    size_t distinct; /* the key's distinct names so far (first pass) */
    unsigned char *key;
    size_t key_len, key_cap;
    unsigned char *bytes;
    size_t len, cap;
    name_ref *names;
    size_t n, ncap;
    size_t mem; /* the capacities above, as accounted */
} collect;

static void collect_free(ibidi_scan_groups *g, collect *c)
{
    free(c->key);
    free(c->bytes);
    free(c->names);
    mem_less(g, c->mem);
    memset(c, 0, sizeof *c);
}

static int grow(void **p, size_t *cap, size_t need, size_t unit, size_t *mem)
{
    if (need <= *cap)
        return 1;
    size_t cap2 = *cap ? *cap : 16;
    while (cap2 < need)
        cap2 *= 2;
    if (cap2 > SIZE_MAX / unit)
        return 0;
    void *q = realloc(*p, cap2 * unit);
    if (!q)
        return 0;
    *mem += (cap2 - *cap) * unit;
    *p = q;
    *cap = cap2;
    return 1;
}

/* Starts a key with r's key. */
static int collect_key(ibidi_scan_groups *g, collect *c, const ibidi__rec *r)
{
    const size_t before = c->mem;
    int ok = grow((void **)&c->key, &c->key_cap, r->key_len, 1, &c->mem);
    mem_moved(g, before, c->mem);
    if (!ok)
        return 0;
    if (r->key_len)
        memcpy(c->key, r->key, r->key_len);
    c->key_len = r->key_len;
    c->order = r->order;
    c->kind = r->kind;
    c->has = 1;
    c->n = 0;
    c->len = 0;
    return 1;
}

/* r has the key collected. */
static int collect_same(const collect *c, const ibidi__rec *r)
{
    return c->has && r->order == c->order && r->kind == c->kind && r->key_len == c->key_len &&
           (c->key_len == 0 || memcmp(r->key, c->key, c->key_len) == 0);
}

/* Adds r's name to the key's (a copy of the last one only updates its validity). */
static int collect_name(ibidi_scan_groups *g, collect *c, const ibidi__rec *r)
{
    const unsigned char valid = (r->flags & IBIDI__REC_VALID) ? 1 : 0;
    if (c->n) {
        name_ref *l = &c->names[c->n - 1];
        if (l->len == r->name_len &&
            (l->len == 0 || memcmp(c->bytes + l->off, r->name, l->len) == 0)) {
            l->valid |= valid;
            return 1;
        }
    }
    const size_t before = c->mem;
    int ok = grow((void **)&c->bytes, &c->cap, c->len + r->name_len, 1, &c->mem) &&
             grow((void **)&c->names, &c->ncap, c->n + 1, sizeof *c->names, &c->mem);
    mem_moved(g, before, c->mem);
    if (!ok)
        return 0;
    if (r->name_len)
        memcpy(c->bytes + c->len, r->name, r->name_len);
    c->names[c->n].off = c->len;
    c->names[c->n].len = r->name_len;
    c->names[c->n].valid = valid;
    c->n++;
    c->len += r->name_len;
    return 1;
}

/* The second pass's buffer, and the block its spills are written through. */
typedef struct pass2 {
    unsigned char *wbuf;
    size_t wcap;
    ibidi_scan_group_counts *counts; /* the counts this finisher makes, per kind */
    pthread_mutex_t *mu;             /* the second pass's buffer, when finishers share it */
    void *scratch;                   /* ibidi__rbuf_shared_first's */
    size_t scratch_cap;
} pass2;

static ibidi_status p2_add_locked(ibidi_scan_groups *g, pass2 *p, const ibidi__rec *r);

static ibidi_status p2_add(ibidi_scan_groups *g, pass2 *p, const ibidi__rec *r)
{
    if (!p->mu)
        return p2_add_locked(g, p, r);
    pthread_mutex_lock(p->mu);
    ibidi_status st = p2_add_locked(g, p, r);
    pthread_mutex_unlock(p->mu);
    return st;
}

static ibidi_status p2_add_locked(ibidi_scan_groups *g, pass2 *p, const ibidi__rec *r)
{
    const size_t mine = ibidi__rbuf_mem(&g->p2), all = atomic_load(&g->mem);
    const size_t others = all > mine ? all - mine : 0;
    /* at most a quarter with its write block: each reads the runs through the merge's
     * blocks beside it */
    size_t budget = g->limit > others ? g->limit - others : 0;
    if (budget > g->limit / 4 - g->block)
        budget = g->limit / 4 - g->block;
    int k = ibidi__rbuf_add(&g->p2, r, budget);
    ibidi_status st = IBIDI_OK;
    if (k == 0) {
        const size_t wbefore = p->wcap;
        st = ibidi__rbuf_spill(&g->p2, &g->tf, &p->wbuf, &p->wcap, &g->p2_runs, &g->eno);
        mem_moved(g, wbefore, p->wcap);
        if (st == IBIDI_OK)
            k = ibidi__rbuf_add(&g->p2, r, budget);
    }
    mem_moved(g, mine, ibidi__rbuf_mem(&g->p2));
    if (st == IBIDI_OK && k < 0)
        st = IBIDI_E_NOMEM;
    return st;
}

/* The first pass keeps only the key and its last distinct name: once a second name
 * comes the key is a group, and every name goes on to the second pass when the next
 * distinct one shows it has no more copies (a copy may still set its validity). So a key
 * with many names takes no more memory than one with two. */
static ibidi_status emit_held(ibidi_scan_groups *g, collect *c, pass2 *p)
{
    ibidi__rec r;
    r.order = key_prefix(c->kind, c->key, c->key_len);
    r.kind = c->kind;
    r.key = c->key;
    r.key_len = (uint32_t)c->key_len;
    /* (no name byte is held when every name is empty: no null pointer arithmetic) */
    const unsigned char *bytes = c->bytes ? c->bytes : (const unsigned char *)"";
    for (size_t i = 0; i < c->n; i++) {
        r.name = bytes + c->names[i].off;
        r.name_len = (uint32_t)c->names[i].len;
        r.flags = c->names[i].valid ? IBIDI__REC_VALID : 0u;
        if (r.name_len == r.key_len && (r.key_len == 0 || memcmp(r.name, r.key, r.key_len) == 0))
            r.flags |= IBIDI__REC_KEY_IS_NAME;
        ibidi_status st = p2_add(g, p, &r);
        if (st != IBIDI_OK)
            return st;
    }
    c->n = 0;
    c->len = 0;
    return IBIDI_OK;
}

/* One record of the first pass's merge. */
static ibidi_status first_pass_name(ibidi_scan_groups *g, collect *c, pass2 *p,
                                    const ibidi__rec *r)
{
    if (c->n) {
        const name_ref *l = &c->names[c->n - 1];
        if (l->len == r->name_len &&
            (l->len == 0 || memcmp(c->bytes + l->off, r->name, l->len) == 0)) {
            c->names[c->n - 1].valid |= (r->flags & IBIDI__REC_VALID) ? 1 : 0;
            return IBIDI_OK;
        }
        ibidi_status st = emit_held(g, c, p); /* a second distinct name: a group */
        if (st != IBIDI_OK)
            return st;
    }
    c->distinct++;
    return collect_name(g, c, r) ? IBIDI_OK : IBIDI_E_NOMEM;
}

/* The key is complete: count it, and its last name goes on when it is a group. */
static ibidi_status first_pass_close(ibidi_scan_groups *g, collect *c, pass2 *p)
{
    if (!c->has)
        return IBIDI_OK;
    ibidi_scan_group_counts *k = &p->counts[c->kind];
    k->keys++;
    c->has = 0;
    if (c->distinct >= 2) {
        k->groups++;
        k->names_in_groups += c->distinct;
        return emit_held(g, c, p);
    }
    return IBIDI_OK;
}

/* Merges runs down to what one merge reads at once, through a block of g->block bytes. */
static ibidi_status reduce(ibidi_scan_groups *g, ibidi__runs *runs, int *eno)
{
    if (runs->n <= g->fan_in)
        return IBIDI_OK;
    unsigned char *buf = NULL;
    size_t cap = g->block;
    const size_t mem = ibidi__merge_mem(g->fan_in + 1, g->block); /* readers and writer */
    mem_more(g, mem);
    ibidi_status st = ibidi__runs_reduce(&g->tf, runs, g->fan_in, g->fan_in, g->block, &buf,
                                         &cap, eno);
    mem_less(g, mem);
    free(buf);
    return st;
}

static ibidi_status first_pass_one(ibidi_scan_groups *g, collect *c, pass2 *p,
                                   const ibidi__rec *r);

/* One record of the first pass, in order, into c[0] (every kind's, the first direction's
 * of the paired kinds) or c[1] (the second direction's), or both: a paired record that
 * holds both directions is each direction's, and the names of one direction come in
 * name order, since they are a part of the key's names in order. */
static ibidi_status first_pass_rec(ibidi_scan_groups *g, collect *c, pass2 *p,
                                   const ibidi__rec *r)
{
    const unsigned dirs = r->flags & IBIDI__REC_DIRS;
    if (!dirs)
        return first_pass_one(g, &c[0], p, r);
    ibidi__rec one = *r;
    one.flags &= ~IBIDI__REC_DIRS;
    ibidi_status st = IBIDI_OK;
    if (dirs & IBIDI__REC_DIR_FIRST) {
        one.kind = PAIR_FIRST;
        st = first_pass_one(g, &c[0], p, &one);
    }
    if (st == IBIDI_OK && (dirs & IBIDI__REC_DIR_SECOND)) {
        one.kind = PAIR_SECOND;
        st = first_pass_one(g, &c[1], p, &one);
    }
    return st;
}

/* One record into one collection: a new key closes the one collected. */
static ibidi_status first_pass_one(ibidi_scan_groups *g, collect *c, pass2 *p,
                                   const ibidi__rec *r)
{
    ibidi_status st = IBIDI_OK;
    if (!collect_same(c, r)) {
        st = first_pass_close(g, c, p);
        if (st == IBIDI_OK && !collect_key(g, c, r))
            st = IBIDI_E_NOMEM;
        c->distinct = 0;
    }
    if (st == IBIDI_OK)
        st = first_pass_name(g, c, p, r);
    return st;
}

/* A key of one record, counted from its order value alone (the kind is its low byte); a
 * paired record's directions are in the record: finish_memory counts those apart. */
static void count_single(const ibidi_scan_groups *g, pass2 *p, uint64_t order)
{
    const unsigned kind = (unsigned)(order & 0xff);
    if (!(g->kinds > PAIR_SECOND && kind == PAIR_FIRST))
        p->counts[kind].keys++;
}

/* A shard that never spilled: its records are all in its buffer. A key of one record (an
 * order value no other record has) is only counted; the records of the other order values
 * are sorted, read and collected as a merge's are. */
static ibidi_status finish_memory(ibidi_scan_groups *g, shard *s, collect *c, pass2 *p)
{
    /* the faster way, through this finisher's scratch area (counted in the limit: about a
       shard's index and a half, far under the quarter the merges would have): the entries
       whose order value comes once are only counted, the others sorted and walked */
    const size_t need = ibidi__rbuf_shared_scratch(s->rb.n);
    if (need > p->scratch_cap) {
        void *q = realloc(p->scratch, need);
        if (q) {
            mem_moved(g, p->scratch_cap, need);
            p->scratch = q;
            p->scratch_cap = need;
        }
    }
    const size_t n = ibidi__rbuf_shared_first(&s->rb, need <= p->scratch_cap ? p->scratch : NULL);
    const ibidi__rent *ix = ibidi__rbuf_entries(&s->rb);
    for (size_t i = n; i < s->rb.n; i++)
        count_single(g, p, ix[i].order);
    size_t read[2] = {0, 0}; /* paired records read, by direction */
    ibidi_status st = IBIDI_OK;
    for (size_t i = 0; i < n && st == IBIDI_OK;) {
        size_t j = i + 1;
        while (j < n && ix[j].order == ix[i].order)
            j++;
        if (j - i == 1) { /* (when the whole index was sorted) */
            count_single(g, p, ix[i].order);
            i = j;
            continue;
        }
        for (; i < j && st == IBIDI_OK; i++) {
            ibidi__rec r;
            ibidi__rbuf_get(&s->rb, i, &r);
            read[0] += (r.flags & IBIDI__REC_DIR_FIRST) != 0;
            read[1] += (r.flags & IBIDI__REC_DIR_SECOND) != 0;
            st = first_pass_rec(g, c, p, &r);
        }
    }
    if (st == IBIDI_OK)
        st = first_pass_close(g, &c[0], p);
    if (st == IBIDI_OK)
        st = first_pass_close(g, &c[1], p);
    /* the paired records not read are keys of one record each, in their directions */
    if (st == IBIDI_OK && g->kinds > PAIR_SECOND) {
        p->counts[PAIR_FIRST].keys += s->dir_recs[0] - read[0];
        p->counts[PAIR_SECOND].keys += s->dir_recs[1] - read[1];
    }
    return st;
}

static ibidi_status finish_shard(ibidi_scan_groups *g, shard *s, collect *c, pass2 *p)
{
    if (s->wbuf) { /* the shard's writes are over */
        free(s->wbuf);
        s->wbuf = NULL;
        mem_less(g, s->wcap);
    }
    ibidi_status st;
    if (s->runs.n == 0) {
        st = finish_memory(g, s, c, p);
        mem_less(g, ibidi__rbuf_mem(&s->rb));
        ibidi__rbuf_free(&s->rb);
        return st;
    }
    ibidi__rbuf_sort(&s->rb);
    st = reduce(g, &s->runs, &g->eno);
    if (st != IBIDI_OK)
        return st;
    ibidi__merge m;
    const size_t reading = ibidi__merge_mem(s->runs.n, g->block);
    mem_more(g, reading);
    st = ibidi__merge_open(&m, &g->tf, s->runs.v, s->runs.n, &s->rb, g->block, &g->eno);
    for (;;) {
        ibidi__rec r;
        int has;
        if (st == IBIDI_OK)
            st = ibidi__merge_next(&m, &r, &has, &g->eno);
        if (st != IBIDI_OK || !has)
            break;
        st = first_pass_rec(g, c, p, &r);
    }
    if (st == IBIDI_OK)
        st = first_pass_close(g, &c[0], p);
    if (st == IBIDI_OK)
        st = first_pass_close(g, &c[1], p);
    ibidi__merge_close(&m);
    mem_less(g, reading);
    /* the shard's part of the memory goes to the second pass */
    mem_less(g, ibidi__rbuf_mem(&s->rb));
    ibidi__rbuf_free(&s->rb);
    free(s->runs.v);
    memset(&s->runs, 0, sizeof s->runs);
    return st;
}

/* The finishers: the shards that never spilled are sorted and walked by up to g->threads
 * threads at once (each its own collection and counts; the second pass's buffer under a
 * lock, since only the names of groups reach it); those that spilled, one after the other
 * by the calling thread, since each merge reads through blocks of its own quarter of the
 * limit. */
typedef struct finishers {
    ibidi_scan_groups *g;
    atomic_size_t next; /* the next shard to take */
    atomic_int failed;
    pthread_mutex_t mu; /* the second pass's buffer, g->counts */
    int spilled;        /* this round: the shards that spilled (else those that did not) */
} finishers;

static void *finisher(void *arg)
{
    finishers *f = arg;
    ibidi_scan_groups *g = f->g;
    collect c[2]; /* every kind's, and the second direction's of the paired kinds */
    pass2 p;
    memset(c, 0, sizeof c);
    memset(&p, 0, sizeof p);
    p.mu = f->spilled ? NULL : &f->mu;
    /* the second pass's write block, in its quarter of the limit */
    p.wcap = g->block;
    p.wbuf = malloc(p.wcap);
    p.counts = calloc(g->kinds, sizeof *p.counts);
    ibidi_status st = p.wbuf && p.counts ? IBIDI_OK : IBIDI_E_NOMEM;
    if (p.wbuf)
        mem_more(g, p.wcap);
    while (st == IBIDI_OK && !atomic_load(&f->failed)) {
        const size_t i = atomic_fetch_add(&f->next, 1);
        if (i >= g->n_shards)
            break;
        shard *s = &g->shards[i];
        if ((s->runs.n != 0) == f->spilled)
            st = finish_shard(g, s, c, &p);
    }
    collect_free(g, &c[0]);
    collect_free(g, &c[1]);
    free(p.scratch);
    mem_less(g, p.scratch_cap);
    if (p.wbuf) {
        free(p.wbuf);
        mem_less(g, p.wcap);
    }
    pthread_mutex_lock(&f->mu);
    for (unsigned k = 0; p.counts && k < g->kinds; k++) {
        g->counts[k].keys += p.counts[k].keys;
        g->counts[k].groups += p.counts[k].groups;
        g->counts[k].names_in_groups += p.counts[k].names_in_groups;
    }
    pthread_mutex_unlock(&f->mu);
    free(p.counts);
    int none = 0;
    if (st != IBIDI_OK)
        atomic_compare_exchange_strong(&f->failed, &none, (int)st);
    return NULL;
}

static void finish_shards(ibidi_scan_groups *g)
{
    finishers f;
    f.g = g;
    atomic_init(&f.failed, 0);
    if (pthread_mutex_init(&f.mu, NULL) != 0) {
        g->failed = IBIDI_E_NOMEM;
        return;
    }
    size_t in_memory = 0;
    for (size_t i = 0; i < g->n_shards; i++)
        in_memory += g->shards[i].runs.n == 0;
    for (f.spilled = 0; f.spilled < 2 && !atomic_load(&f.failed); f.spilled++) {
        atomic_init(&f.next, 0);
        size_t started = 0;
        const size_t want = f.spilled ? 1 : (g->threads < in_memory ? g->threads : in_memory);
        /* (on the heap: the call's stack stays within IBIDI_SCAN_GROUPS_STACK) */
        pthread_t *tid = want > 1 ? malloc((want - 1) * sizeof *tid) : NULL;
        while (tid && started + 1 < want && pthread_create(&tid[started], NULL, finisher, &f) == 0)
            started++; /* the calling thread is one; a thread not started leaves it more */
        finisher(&f);
        while (started > 0)
            pthread_join(tid[--started], NULL);
        free(tid);
    }
    pthread_mutex_destroy(&f.mu);
    if (atomic_load(&f.failed))
        g->failed = (ibidi_status)atomic_load(&f.failed);
}

ibidi_status ibidi_scan_groups_finish(ibidi_scan_groups *g, ibidi_error *err)
{
    if (!g)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (g->finished)
        return g->failed ? fail_eno(err, g->failed, g->eno) : ibidi__ok(err);
    g->finished = 1;
    /* an adder still holding records, or one freed with some: the groups would miss them */
    if (atomic_load(&g->held) != 0 ||
        atomic_load(&g->add_failed) == (int)IBIDI_E_INVALID_ARGUMENT)
        g->failed = IBIDI_E_INVALID_ARGUMENT;
    for (size_t i = 0; i < g->n_shards && !g->failed; i++)
        if (g->shards[i].failed) {
            g->failed = g->shards[i].failed;
            g->eno = g->shards[i].eno;
        }
    if (!g->failed)
        finish_shards(g);
    if (!g->failed) {
        ibidi__rbuf_sort(&g->p2);
        g->failed = reduce(g, &g->p2_runs, &g->eno);
    }
    /* the shards are no longer needed, whatever happened */
    for (size_t i = 0; i < g->n_shards; i++) {
        shard *s = &g->shards[i];
        if (s->wbuf) {
            free(s->wbuf);
            s->wbuf = NULL;
            mem_less(g, s->wcap);
        }
        mem_less(g, ibidi__rbuf_mem(&s->rb));
        ibidi__rbuf_free(&s->rb);
        free(s->runs.v);
        memset(&s->runs, 0, sizeof s->runs);
    }
    return g->failed ? fail_eno(err, g->failed, g->eno) : ibidi__ok(err);
}

/* ---- The groups ---------------------------------------------------------------------------- */

/* Passes the collected key and its names to fn; returns fn's value (or -1 without memory). */
static int deliver(ibidi_scan_groups *g, collect *c, ibidi_scan_group_fn fn, void *ctx)
{
    const size_t n = c->n;
    const size_t bytes = n * (sizeof(char *) + sizeof(size_t) + 1);
    unsigned char *block = malloc(bytes ? bytes : 1);
    if (!block)
        return -1;
    mem_more(g, bytes);
    const char **names = (const char **)(void *)block;
    size_t *lens = (size_t *)(void *)(block + n * sizeof(char *));
    unsigned char *valid = block + n * (sizeof(char *) + sizeof(size_t));
    ibidi_scan_group grp;
    grp.kind = c->kind;
    grp.key = (const char *)c->key;
    grp.key_len = c->key_len;
    grp.n = n;
    grp.n_valid = 0;
    for (size_t i = 0; i < n; i++) {
        names[i] = (const char *)c->bytes + c->names[i].off;
        lens[i] = c->names[i].len;
        valid[i] = c->names[i].valid;
        grp.n_valid += valid[i];
    }
    grp.names = names;
    grp.name_lens = lens;
    grp.valid = valid;
    int r = fn(&grp, ctx);
    free(block);
    mem_less(g, bytes);
    return r ? 1 : 0;
}

ibidi_status ibidi_scan_groups_each(const ibidi_scan_groups *cg, ibidi_scan_group_fn fn, void *ctx,
                                    ibidi_error *err)
{
    /* read-only but for the memory figures, which are atomic */
    ibidi_scan_groups *g = (ibidi_scan_groups *)(uintptr_t)cg;
    if (!g || !fn || !g->finished)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (g->failed)
        return fail_eno(err, g->failed, g->eno);
    ibidi__merge m;
    collect c;
    int eno = 0, stop = 0;
    memset(&c, 0, sizeof c);
    const size_t reading = ibidi__merge_mem(g->p2_runs.n, g->block);
    mem_more(g, reading);
    ibidi_status st =
        ibidi__merge_open(&m, &g->tf, g->p2_runs.v, g->p2_runs.n, &g->p2, g->block, &eno);
    for (;;) {
        ibidi__rec r;
        int has;
        if (st == IBIDI_OK)
            st = ibidi__merge_next(&m, &r, &has, &eno);
        if (st != IBIDI_OK || !has)
            break;
        if (!collect_same(&c, &r)) {
            if (c.has) {
                int k = deliver(g, &c, fn, ctx);
                if (k < 0)
                    st = IBIDI_E_NOMEM;
                if (k) {
                    stop = 1;
                    break;
                }
            }
            if (!collect_key(g, &c, &r)) {
                st = IBIDI_E_NOMEM;
                break;
            }
        }
        if (!collect_name(g, &c, &r)) {
            st = IBIDI_E_NOMEM;
            break;
        }
    }
    if (st == IBIDI_OK && !stop && c.has && deliver(g, &c, fn, ctx) < 0)
        st = IBIDI_E_NOMEM;
    ibidi__merge_close(&m);
    mem_less(g, reading);
    collect_free(g, &c);
    return st == IBIDI_OK ? ibidi__ok(err) : fail_eno(err, st, eno);
}

ibidi_status ibidi_scan_groups_counts(const ibidi_scan_groups *g, unsigned kind,
                                      ibidi_scan_group_counts *out)
{
    if (!g || !out || !g->finished || g->failed || kind >= g->kinds)
        return IBIDI_E_INVALID_ARGUMENT;
    *out = g->counts[kind];
    return IBIDI_OK;
}

void ibidi_scan_groups_get_stats(const ibidi_scan_groups *cg, ibidi_scan_groups_stats *out)
{
    ibidi_scan_groups *g = (ibidi_scan_groups *)(uintptr_t)cg; /* the locks and atomics */
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    if (!g)
        return;
    out->memory = atomic_load(&g->mem);
    out->memory_peak = atomic_load(&g->peak);
    ibidi__tfile_stats(&g->tf, &out->runs, &out->temp_bytes);
    for (size_t i = 0; i < g->n_shards; i++) {
        pthread_mutex_lock(&g->shards[i].mu);
        out->adds += g->shards[i].adds;
        pthread_mutex_unlock(&g->shards[i].mu);
    }
}

void ibidi_scan_groups_free(ibidi_scan_groups *g)
{
    if (!g)
        return;
    for (size_t i = 0; i < g->n_shards; i++) {
        shard *s = &g->shards[i];
        ibidi__rbuf_free(&s->rb);
        free(s->runs.v);
        free(s->wbuf);
        pthread_mutex_destroy(&s->mu);
    }
    ibidi__tfile_close(&g->tf);
    ibidi__rbuf_free(&g->p2);
    free(g->p2_runs.v);
    free(g->shards);
    free(g->counts);
    free(g);
}
