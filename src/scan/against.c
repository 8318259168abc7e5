/*
 * Candidates against an existing list (ibidi/scan.h, ibidi_scan_against): the index of a
 * few names to be registered, looked up by every name of a list that may be a whole zone.
 * Allocating is this file's job for the candidates and the collisions kept
 * (tests/test_scan_noalloc.sh lists it); a lookup, the call made for every existing name,
 * allocates nothing and only reads, so any number of threads look up at once.
 *
 * The index is one open-addressing table (linear probing, at most half full) of entries
 * (64-bit hash, kind, candidate): kind 0 is the Unicode form, kinds 1 to 3 the keys. A
 * lookup probes once per text of the existing name and compares bytes where the hash and
 * kind are equal, so a hash collision costs a compare, never a false match. The existing
 * side is kept only when it collides, which is rare: the collisions go to one array under
 * one lock, and finish sorts them, so threads need no buffers of their own and the result
 * does not depend on which thread found what.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "common/internal.h"
#include "ibidi/scan.h"
#include "scan/groups_internal.h"

/* the texts of a name: the name as written, its form, then the keys */
#define T_NAME 0
#define T_FORM 1
#define T_KEY0 2
#define N_TEXTS (2 + IBIDI_SCAN_AGAINST_KEYS)
/* the kinds of the index: the form, then the keys */
#define N_KINDS (1 + IBIDI_SCAN_AGAINST_KEYS)
#define EMPTY UINT32_MAX

typedef struct cand {
    size_t off[N_TEXTS]; /* in the candidates' arena */
    uint32_t len[N_TEXTS];
    unsigned char has_key[IBIDI_SCAN_AGAINST_KEYS];
    unsigned char valid;
} cand;

typedef struct slot {
    uint64_t hash;
    uint32_t cand; /* EMPTY: a free slot */
    uint32_t kind;
} slot;

/* A kept collision: an existing name's texts in the records' arena, or a peer's index. */
typedef struct match {
    uint64_t seq;
    size_t cand, peer;
    size_t name_off, form_off;
    const char *form; /* the form's bytes, set while finish sorts (the records then move
                         no more): the comparisons need no other context */
    uint32_t name_len, form_len;
    unsigned why;
    int valid;
} match;

typedef struct arena {
    char *p;
    size_t len, cap;
} arena;

struct ibidi_scan_against {
    arena texts; /* the candidates' texts */
    cand *cands;
    size_t n_cands, cands_cap;
    slot *table;
    size_t table_cap, table_used; /* table_cap: a power of two, or 0 */
    pthread_mutex_t mu;           /* guards what follows, while lookups run */
    arena records;                /* the colliding existing names' texts */
    match *matches;
    size_t n_matches, matches_cap;
    int started;  /* a _record came: no more adds */
    int finished;
    ibidi_status failed; /* of a _record or finish: every later call returns it */
    ibidi_scan_collision *out; /* after finish: the collisions, by candidate */
    size_t *first;             /* the first of each candidate's in out; n_cands + 1 */
};

/* ---- Growing -------------------------------------------------------------------------- */

static int grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 1;
    size_t c = *cap ? *cap : 16;
    while (c < need) {
        if (c > SIZE_MAX / 2 / size)
            return 0;
        c *= 2;
    }
    void *q = realloc(*p, c * size);
    if (!q)
        return 0;
    *p = q;
    *cap = c;
    return 1;
}

/* Appends n bytes; *off gets where. */
static int arena_add(arena *a, const char *s, size_t n, size_t *off)
{
    void *p = a->p;
    /* at least a byte, so that a text of the arena, empty or not, never points off NULL */
    if (n > SIZE_MAX - a->len - 1 || !grow(&p, &a->cap, a->len + n + 1, 1))
        return 0;
    a->p = p;
    if (n)
        memcpy(a->p + a->len, s, n);
    *off = a->len;
    a->len += n;
    return 1;
}

/* ---- The texts of a name ---------------------------------------------------------------- */

/* The text of kind (0 the form, 1.. the keys) of a name given by the caller: 0 when it has
 * none of that kind. */
static int given_text(const ibidi_scan_keys *k, unsigned kind, const char **s, size_t *n)
{
    if (kind == 0) {
        *s = k->form ? k->form : "";
        *n = k->form_len;
        return 1;
    }
    if (!k->key[kind - 1])
        return 0;
    *s = k->key[kind - 1];
    *n = k->key_len[kind - 1];
    return 1;
}

/* ... of a candidate. */
static int cand_text(const ibidi_scan_against *a, size_t i, unsigned kind, const char **s,
                     size_t *n)
{
    const cand *c = &a->cands[i];
    const unsigned t = kind == 0 ? T_FORM : T_KEY0 + kind - 1;
    if (kind > 0 && !c->has_key[kind - 1])
        return 0;
    *s = a->texts.p + c->off[t];
    *n = c->len[t];
    return 1;
}

static int same_bytes(const char *x, size_t xn, const char *y, size_t yn)
{
    return xn == yn && (xn == 0 || memcmp(x, y, xn) == 0);
}

/* Does candidate i share the text of kind with k? */
static int cand_matches(const ibidi_scan_against *a, size_t i, const ibidi_scan_keys *k,
                        unsigned kind)
{
    const char *x, *y;
    size_t xn, yn;
    return given_text(k, kind, &x, &xn) && cand_text(a, i, kind, &y, &yn) &&
           same_bytes(x, xn, y, yn);
}

static int keys_ok(const ibidi_scan_keys *k)
{
    if (!k || (!k->name && k->name_len) || (!k->form && k->form_len))
        return 0;
    for (unsigned i = 0; i < IBIDI_SCAN_AGAINST_KEYS; i++)
        if (!k->key[i] && k->key_len[i])
            return 0;
    return 1;
}

/* ---- Create, add -------------------------------------------------------------------------- */

ibidi_status ibidi_scan_against_create(ibidi_scan_against **out, ibidi_error *err)
{
    if (!out)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    *out = NULL;
    ibidi_scan_against *a = calloc(1, sizeof *a);
    if (!a)
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    if (pthread_mutex_init(&a->mu, NULL) != 0) {
        free(a);
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    }
    *out = a;
    return ibidi__ok(err);
}

static void table_put(slot *t, size_t cap, uint64_t hash, uint32_t cand, uint32_t kind)
{
    size_t i = (size_t)hash & (cap - 1);
    while (t[i].cand != EMPTY)
        i = (i + 1) & (cap - 1);
    t[i].hash = hash;
    t[i].cand = cand;
    t[i].kind = kind;
}

/* Room for `more` entries, the table at most half full. */
static int table_reserve(ibidi_scan_against *a, size_t more)
{
    if (a->table_used + more <= a->table_cap / 2)
        return 1;
    size_t cap = a->table_cap ? a->table_cap : 64;
    while (a->table_used + more > cap / 2) {
        if (cap > SIZE_MAX / 2 / sizeof(slot))
            return 0;
        cap *= 2;
    }
    slot *t = malloc(cap * sizeof *t);
    if (!t)
        return 0;
    for (size_t i = 0; i < cap; i++)
        t[i].cand = EMPTY;
    for (size_t i = 0; i < a->table_cap; i++)
        if (a->table[i].cand != EMPTY)
            table_put(t, cap, a->table[i].hash, a->table[i].cand, a->table[i].kind);
    free(a->table);
    a->table = t;
    a->table_cap = cap;
    return 1;
}

ibidi_status ibidi_scan_against_add(ibidi_scan_against *a, const ibidi_scan_keys *k,
                                    size_t *index, ibidi_error *err)
{
    if (!a || !keys_ok(k) || a->started || a->finished)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (a->n_cands >= (size_t)EMPTY - 1)
        return ibidi__fail(err, IBIDI_E_TOO_LONG, 0, 0);
    const char *s[N_TEXTS] = {k->name ? k->name : "", k->form ? k->form : ""};
    size_t n[N_TEXTS] = {k->name_len, k->form_len};
    for (unsigned i = 0; i < IBIDI_SCAN_AGAINST_KEYS; i++) {
        s[T_KEY0 + i] = k->key[i] ? k->key[i] : "";
        n[T_KEY0 + i] = k->key_len[i];
    }
    for (unsigned t = 0; t < N_TEXTS; t++)
        if (n[t] > UINT32_MAX)
            return ibidi__fail(err, IBIDI_E_TOO_LONG, 0, 0);
    void *cp = a->cands;
    if (!grow(&cp, &a->cands_cap, a->n_cands + 1, sizeof(cand)))
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    a->cands = cp;
    if (!table_reserve(a, N_KINDS))
        return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
    cand c;
    memset(&c, 0, sizeof c);
    const size_t mark = a->texts.len;
    for (unsigned t = 0; t < N_TEXTS; t++) {
        if (!arena_add(&a->texts, s[t], n[t], &c.off[t])) {
            a->texts.len = mark; /* nothing of the candidate stays */
            return ibidi__fail(err, IBIDI_E_NOMEM, 0, 0);
        }
        c.len[t] = (uint32_t)n[t];
    }
    for (unsigned i = 0; i < IBIDI_SCAN_AGAINST_KEYS; i++)
        c.has_key[i] = k->key[i] != NULL;
    c.valid = k->valid != 0;
    const uint32_t id = (uint32_t)a->n_cands;
    a->cands[a->n_cands++] = c;
    for (unsigned kind = 0; kind < N_KINDS; kind++) {
        const char *x;
        size_t xn;
        if (given_text(k, kind, &x, &xn)) {
            table_put(a->table, a->table_cap, ibidi__scan_key_hash(kind, x, xn), id, kind);
            a->table_used++;
        }
    }
    if (index)
        *index = id;
    return ibidi__ok(err);
}

size_t ibidi_scan_against_count(const ibidi_scan_against *a) { return a ? a->n_cands : 0; }

/* ---- Lookup ----------------------------------------------------------------------------- */

/* Heapsort of hits by candidate (qsort may allocate; this call must not). */
static void sift(ibidi_scan_hit *h, size_t i, size_t n)
{
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            return;
        if (c + 1 < n && h[c + 1].candidate > h[c].candidate)
            c++;
        if (h[i].candidate >= h[c].candidate)
            return;
        ibidi_scan_hit t = h[i];
        h[i] = h[c];
        h[c] = t;
        i = c;
    }
}

static void sort_hits(ibidi_scan_hit *h, size_t n)
{
    for (size_t i = n / 2; i-- > 0;)
        sift(h, i, n);
    for (size_t e = n; e > 1; e--) {
        ibidi_scan_hit t = h[0];
        h[0] = h[e - 1];
        h[e - 1] = t;
        sift(h, 0, e - 1);
    }
}

ibidi_status ibidi_scan_against_lookup(const ibidi_scan_against *a, const ibidi_scan_keys *k,
                                       ibidi_scan_hit *hits, size_t cap, size_t *n,
                                       ibidi_error *err)
{
    if (n)
        *n = 0;
    if (!a || !keys_ok(k) || !n || (!hits && cap))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    size_t distinct = 0, stored = 0;
    if (a->table_cap == 0)
        return ibidi__ok(err);
    for (unsigned kind = 0; kind < N_KINDS; kind++) {
        const char *x;
        size_t xn;
        if (!given_text(k, kind, &x, &xn))
            continue;
        const uint64_t h = ibidi__scan_key_hash(kind, x, xn);
        const size_t sorted = stored; /* the hits of the earlier kinds, by candidate */
        for (size_t i = (size_t)h & (a->table_cap - 1); a->table[i].cand != EMPTY;
             i = (i + 1) & (a->table_cap - 1)) {
            const slot *s = &a->table[i];
            if (s->hash != h || s->kind != kind || !cand_matches(a, s->cand, k, kind))
                continue;
            const unsigned bit = 1u << kind;
            /* a candidate that an earlier kind found is in hits already (unless they were
               full): find it by bisection and add the reason */
            int earlier = 0;
            for (unsigned e = 0; e < kind && !earlier; e++)
                earlier = cand_matches(a, s->cand, k, e);
            if (earlier) {
                size_t lo = 0, hi = sorted;
                while (lo < hi) {
                    size_t mid = lo + (hi - lo) / 2;
                    if (hits[mid].candidate < s->cand)
                        lo = mid + 1;
                    else
                        hi = mid;
                }
                if (lo < sorted && hits[lo].candidate == s->cand)
                    hits[lo].why |= bit;
                continue;
            }
            distinct++;
            if (stored < cap) {
                hits[stored].candidate = s->cand;
                hits[stored].why = bit;
                stored++;
            }
        }
        sort_hits(hits, stored);
    }
    /* UTS #39 §4: a look-alike says something only where the names differ on screen; the
       same name, or the same display in that direction, looks alike there anyway */
    for (size_t i = 0; i < stored; i++) {
        if (hits[i].why & (IBIDI_SCAN_WHY_SAME | IBIDI_SCAN_WHY_LTR))
            hits[i].why &= ~IBIDI_SCAN_WHY_LOOK_LTR;
        if (hits[i].why & (IBIDI_SCAN_WHY_SAME | IBIDI_SCAN_WHY_RTL))
            hits[i].why &= ~IBIDI_SCAN_WHY_LOOK_RTL;
    }
    *n = distinct;
    if (distinct > cap)
        return ibidi__fail(err, IBIDI_E_BUFFER_TOO_SMALL, 0, 0);
    return ibidi__ok(err);
}

/* ---- Record ----------------------------------------------------------------------------- */

ibidi_status ibidi_scan_against_record(ibidi_scan_against *a, const ibidi_scan_keys *k,
                                       uint64_t seq, const ibidi_scan_hit *hits, size_t n,
                                       ibidi_error *err)
{
    if (!a || !keys_ok(k) || (!hits && n))
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (k->name_len > UINT32_MAX || k->form_len > UINT32_MAX)
        return ibidi__fail(err, IBIDI_E_TOO_LONG, 0, 0);
    ibidi_status st = IBIDI_OK;
    pthread_mutex_lock(&a->mu);
    a->started = 1;
    if (a->finished)
        st = IBIDI_E_INVALID_ARGUMENT;
    else if (a->failed)
        st = a->failed;
    for (size_t i = 0; i < n && st == IBIDI_OK; i++)
        if (hits[i].candidate >= a->n_cands || !hits[i].why ||
            (hits[i].why >> N_KINDS)) /* a bit for each kind and no other */
            st = IBIDI_E_INVALID_ARGUMENT;
    if (st == IBIDI_OK && n) {
        size_t name_off, form_off;
        void *mp = a->matches;
        const size_t mark = a->records.len;
        if (!grow(&mp, &a->matches_cap, a->n_matches + n, sizeof(match))) {
            st = IBIDI_E_NOMEM;
        } else {
            a->matches = mp;
            if (!arena_add(&a->records, k->name ? k->name : "", k->name_len, &name_off) ||
                !arena_add(&a->records, k->form ? k->form : "", k->form_len, &form_off)) {
                a->records.len = mark;
                st = IBIDI_E_NOMEM;
            }
        }
        for (size_t i = 0; i < n && st == IBIDI_OK; i++) {
            match *m = &a->matches[a->n_matches++];
            m->seq = seq;
            m->cand = hits[i].candidate;
            m->peer = IBIDI_SCAN_NO_PEER;
            m->name_off = name_off;
            m->name_len = (uint32_t)k->name_len;
            m->form_off = form_off;
            m->form_len = (uint32_t)k->form_len;
            m->why = hits[i].why;
            m->valid = k->valid != 0;
        }
        if (st == IBIDI_E_NOMEM)
            a->failed = st; /* the collisions would be incomplete */
    }
    pthread_mutex_unlock(&a->mu);
    if (st != IBIDI_OK)
        return ibidi__fail(err, st, 0, 0);
    return ibidi__ok(err);
}

/* ---- Finish ----------------------------------------------------------------------------- */

static int bytes_cmp(const char *x, size_t xn, const char *y, size_t yn)
{
    size_t n = xn < yn ? xn : yn;
    int c = n ? memcmp(x, y, n) : 0;
    return c ? c : (xn < yn ? -1 : xn > yn);
}

/* The order both sorts share: by candidate, its existing names before its peers, the peers
 * by index; 0 when x and y are existing names of one candidate (the sorts then differ). */
static int by_candidate(const match *x, const match *y)
{
    if (x->cand != y->cand)
        return x->cand < y->cand ? -1 : 1;
    const int xp = x->peer != IBIDI_SCAN_NO_PEER, yp = y->peer != IBIDI_SCAN_NO_PEER;
    if (xp != yp)
        return xp - yp;
    if (xp)
        return x->peer < y->peer ? -1 : x->peer > y->peer;
    return 0;
}

/* By candidate; the existing names by form, then seq (so a form's first comes first);
 * then the peers by index. */
static int by_form(const void *pa, const void *pb)
{
    const match *x = pa, *y = pb;
    int c = by_candidate(x, y);
    if (!c && x->peer == IBIDI_SCAN_NO_PEER &&
        !(c = bytes_cmp(x->form, x->form_len, y->form, y->form_len)))
        c = x->seq < y->seq ? -1 : x->seq > y->seq;
    return c;
}

/* By candidate; the existing names by seq (then form, for equal seqs); the peers last. */
static int by_seq(const void *pa, const void *pb)
{
    const match *x = pa, *y = pb;
    int c = by_candidate(x, y);
    if (!c && x->peer == IBIDI_SCAN_NO_PEER) {
        c = x->seq < y->seq ? -1 : x->seq > y->seq;
        if (!c)
            c = bytes_cmp(x->form, x->form_len, y->form, y->form_len);
    }
    return c;
}

/* The candidates that collide with each other: each looks up the others. */
static ibidi_status find_peers(ibidi_scan_against *a)
{
    size_t cap = 16, n;
    ibidi_scan_hit *hits = malloc(cap * sizeof *hits);
    ibidi_status st = hits ? IBIDI_OK : IBIDI_E_NOMEM;
    for (size_t i = 0; i < a->n_cands && st == IBIDI_OK; i++) {
        const cand *c = &a->cands[i];
        ibidi_scan_keys k;
        memset(&k, 0, sizeof k);
        k.form = a->texts.p + c->off[T_FORM];
        k.form_len = c->len[T_FORM];
        for (unsigned j = 0; j < IBIDI_SCAN_AGAINST_KEYS; j++)
            if (c->has_key[j]) {
                k.key[j] = a->texts.p + c->off[T_KEY0 + j];
                k.key_len[j] = c->len[T_KEY0 + j];
            }
        st = ibidi_scan_against_lookup(a, &k, hits, cap, &n, NULL);
        if (st == IBIDI_E_BUFFER_TOO_SMALL) {
            free(hits);
            cap = n;
            hits = malloc(cap * sizeof *hits);
            if (!hits)
                break;
            st = ibidi_scan_against_lookup(a, &k, hits, cap, &n, NULL);
        }
        if (st != IBIDI_OK)
            break;
        void *mp = a->matches;
        if (!grow(&mp, &a->matches_cap, a->n_matches + n, sizeof(match))) {
            st = IBIDI_E_NOMEM;
            break;
        }
        a->matches = mp;
        for (size_t h = 0; h < n; h++) {
            if (hits[h].candidate == i) /* itself */
                continue;
            const cand *p = &a->cands[hits[h].candidate];
            match *m = &a->matches[a->n_matches++];
            memset(m, 0, sizeof *m);
            m->cand = i;
            m->peer = hits[h].candidate;
            m->why = hits[h].why;
            m->valid = p->valid;
        }
    }
    if (!hits)
        st = IBIDI_E_NOMEM;
    free(hits);
    return st;
}

ibidi_status ibidi_scan_against_finish(ibidi_scan_against *a, ibidi_error *err)
{
    if (!a)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (a->failed)
        return ibidi__fail(err, a->failed, 0, 0);
    if (a->finished)
        return ibidi__ok(err);
    a->started = 1;
    ibidi_status st = find_peers(a);
    if (st == IBIDI_OK) {
        /* the collisions of a candidate with the names of one form become one */
        /* (records hold no byte yet when every text is empty: no null pointer arithmetic) */
        const char *base = a->records.p ? a->records.p : "";
        for (size_t r = 0; r < a->n_matches; r++)
            a->matches[r].form = base + a->matches[r].form_off;
        if (a->n_matches)
            qsort(a->matches, a->n_matches, sizeof *a->matches, by_form);
        size_t w = 0;
        for (size_t r = 0; r < a->n_matches; r++) {
            match *m = &a->matches[r];
            if (w > 0) {
                match *p = &a->matches[w - 1];
                if (p->cand == m->cand && p->peer == IBIDI_SCAN_NO_PEER &&
                    m->peer == IBIDI_SCAN_NO_PEER &&
                    same_bytes(p->form, p->form_len,
                               m->form, m->form_len)) {
                    p->why |= m->why;
                    p->valid |= m->valid;
                    continue;
                }
            }
            a->matches[w++] = *m;
        }
        a->n_matches = w;
        if (a->n_matches)
            qsort(a->matches, a->n_matches, sizeof *a->matches, by_seq);
        a->out = malloc((a->n_matches ? a->n_matches : 1) * sizeof *a->out);
        a->first = malloc((a->n_cands + 1) * sizeof *a->first);
        if (!a->out || !a->first)
            st = IBIDI_E_NOMEM;
    }
    if (st != IBIDI_OK) {
        a->failed = st;
        return ibidi__fail(err, st, 0, 0);
    }
    size_t r = 0;
    for (size_t i = 0; i < a->n_cands; i++) {
        a->first[i] = r;
        for (; r < a->n_matches && a->matches[r].cand == i; r++) {
            const match *m = &a->matches[r];
            ibidi_scan_collision *o = &a->out[r];
            o->why = m->why;
            o->valid = m->valid;
            o->peer = m->peer;
            o->seq = m->seq;
            if (m->peer == IBIDI_SCAN_NO_PEER) {
                o->name = a->records.p ? a->records.p + m->name_off : "";
                o->name_len = m->name_len;
                o->form = a->records.p ? a->records.p + m->form_off : "";
                o->form_len = m->form_len;
            } else {
                const cand *p = &a->cands[m->peer];
                o->name = a->texts.p + p->off[T_NAME];
                o->name_len = p->len[T_NAME];
                o->form = a->texts.p + p->off[T_FORM];
                o->form_len = p->len[T_FORM];
            }
        }
    }
    a->first[a->n_cands] = r;
    a->finished = 1;
    return ibidi__ok(err);
}

ibidi_status ibidi_scan_against_collisions(const ibidi_scan_against *a, size_t candidate,
                                           const ibidi_scan_collision **items, size_t *n,
                                           ibidi_error *err)
{
    if (items)
        *items = NULL;
    if (n)
        *n = 0;
    if (!a || !items || !n)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    if (a->failed)
        return ibidi__fail(err, a->failed, 0, 0);
    if (!a->finished || candidate >= a->n_cands)
        return ibidi__fail(err, IBIDI_E_INVALID_ARGUMENT, 0, 0);
    *n = a->first[candidate + 1] - a->first[candidate];
    if (*n)
        *items = a->out + a->first[candidate];
    return ibidi__ok(err);
}

void ibidi_scan_against_free(ibidi_scan_against *a)
{
    if (!a)
        return;
    pthread_mutex_destroy(&a->mu);
    free(a->texts.p);
    free(a->cands);
    free(a->table);
    free(a->records.p);
    free(a->matches);
    free(a->out);
    free(a->first);
    free(a);
}
