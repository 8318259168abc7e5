/* The allocating calls of ibidi/show.h, the only code of src/show/ that allocates
 * (tests/test_show_noalloc.sh): the protected names, and the record and work area of
 * ibidi_show_make_alloc. */
#include <stdlib.h>
#include <string.h>

#include "common/record_alloc.h"
#include "ibidi/show.h"
#include "show/show_internal.h"

/* Room for the record of nearly any name (a second run, of the size the first said, always
 * fits). */
#define FIRST_GUESS(len) (16384 + 16 * (len))

typedef struct show_call {
    const char *s;
    size_t len;
    ibidi_show_options o;
    ibidi_show *r;
} show_call;

static ibidi_status make(void *ctx, void *work, size_t work_size, void *buf, size_t cap,
                         size_t *needed)
{
    show_call *c = ctx;
    c->o.work = work;
    c->o.work_size = work_size;
    const ibidi_status st = ibidi_show_make(c->s, c->len, &c->o, buf, cap, c->r);
    *needed = c->r->needed;
    return st;
}

ibidi_status ibidi_show_make_alloc(const char *s, size_t len, const ibidi_show_options *opts,
                                   ibidi_show *r)
{
    if (!r)
        return IBIDI_E_INVALID_ARGUMENT;
    memset(r, 0, sizeof *r);
    show_call c = {s, len, {0}, r};
    if (opts)
        c.o = *opts;
    const size_t ws = c.o.work ? c.o.work_size : ibidi_show_work_size(len, &c.o);
    if (ws == SIZE_MAX)
        return IBIDI_E_INVALID_ARGUMENT; /* an unknown policy */
    void *buf = NULL;
    const ibidi_status st = ibidi__record_alloc(make, &c, c.o.work, ws, FIRST_GUESS(len), &buf);
    if (st != IBIDI_OK) {
        memset(r, 0, sizeof *r);
        return st;
    }
    r->allocated = buf;
    return IBIDI_OK;
}

void ibidi_show_free(ibidi_show *r)
{
    if (!r)
        return;
    free(r->allocated);
    memset(r, 0, sizeof *r);
}

/* A growing byte buffer. */
typedef struct grow {
    char *p;
    size_t n, cap;
} grow;

static int grow_reserve(grow *g, size_t more)
{
    if (more <= g->cap - g->n)
        return 1;
    size_t cap = g->cap ? g->cap : 4096;
    while (cap - g->n < more) {
        if (cap > SIZE_MAX / 2)
            return 0;
        cap *= 2;
    }
    char *p = realloc(g->p, cap);
    if (!p)
        return 0;
    g->p = p;
    g->cap = cap;
    return 1;
}

static int cmp_entries(const void *a, const void *b)
{
    const ibidi__show_entry *x = a, *y = b;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    const size_t m = x->key_len < y->key_len ? x->key_len : y->key_len;
    const int c = m ? memcmp(x->key, y->key, m) : 0;
    if (c)
        return c;
    if (x->key_len != y->key_len)
        return x->key_len < y->key_len ? -1 : 1;
    return x->name < y->name ? -1 : x->name > y->name;
}

ibidi_status ibidi_show_protect_create(const char *const *names, const size_t *lens, size_t n,
                                       ibidi_show_protected **out, ibidi_error *err)
{
    if (err)
        memset(err, 0, sizeof *err);
    if (!out || (!names && n) || n > SIZE_MAX / (2 * IBIDI__SHOW_KEYS * sizeof(ibidi__show_entry)))
        return IBIDI_E_INVALID_ARGUMENT;
    *out = NULL;
    ibidi_show_protected *p = calloc(1, sizeof *p);
    grow nm = {NULL, 0, 0}, keys = {NULL, 0, 0};
    size_t *key_off = NULL;
    ibidi_status st = IBIDI_E_NOMEM;
    if (!p)
        return IBIDI_E_NOMEM;
    p->name_off = malloc((n ? n : 1) * sizeof(size_t));
    p->name_len = malloc((n ? n : 1) * sizeof(size_t));
    p->entries = malloc((n ? n : 1) * IBIDI__SHOW_KEYS * sizeof(ibidi__show_entry));
    key_off = malloc((n ? n : 1) * IBIDI__SHOW_KEYS * sizeof(size_t));
    if (!p->name_off || !p->name_len || !p->entries || !key_off)
        goto fail;
    for (size_t i = 0; i < n; i++) {
        const char *s = names[i];
        size_t len = lens ? lens[i] : (s ? strlen(s) : 0);
        if (!s && len) {
            st = IBIDI_E_INVALID_ARGUMENT;
            goto fail;
        }
        len = ibidi_idna_strip_root(s, len);
        ibidi_buf u = {NULL, 0, 0}, a = {NULL, 0, 0};
        ibidi_error e;
        st = ibidi_idna_to_ascii_alloc(s, len, NULL, &a, NULL, &e);
        ibidi_free(a.data);
        if (st == IBIDI_OK)
            st = ibidi_idna_to_unicode_alloc(s, len, NULL, &u, NULL, &e);
        if (st != IBIDI_OK) {
            ibidi_free(u.data);
            if (err) {
                *err = e;
                err->value = (uint32_t)i;
            }
            goto fail;
        }
        st = IBIDI_E_NOMEM;
        if (!grow_reserve(&nm, u.len + 1)) {
            ibidi_free(u.data);
            goto fail;
        }
        p->name_off[i] = nm.n;
        p->name_len[i] = u.len;
        memcpy(nm.p + nm.n, u.data, u.len);
        nm.n += u.len;
        for (int k = 0; k < IBIDI__SHOW_KEYS; k++) {
            size_t kl = 0;
            ibidi_status ks = ibidi__show_key(u.data, u.len, k, NULL, 0, &kl);
            if (ks == IBIDI_E_BUFFER_TOO_SMALL || (ks == IBIDI_OK && kl == 0))
                ks = grow_reserve(&keys, kl + 1)
                         ? ibidi__show_key(u.data, u.len, k, keys.p + keys.n, kl + 1, &kl)
                         : IBIDI_E_NOMEM;
            if (ks != IBIDI_OK) {
                ibidi_free(u.data);
                st = ks;
                if (err) {
                    err->status = ks;
                    err->value = (uint32_t)i;
                }
                goto fail;
            }
            ibidi__show_entry *en = &p->entries[p->n_entries];
            key_off[p->n_entries++] = keys.n;
            en->key_len = kl;
            en->name = i;
            en->kind = (unsigned)k;
            keys.n += kl;
        }
        ibidi_free(u.data);
    }
    for (size_t e = 0; e < p->n_entries; e++)
        p->entries[e].key = keys.p ? keys.p + key_off[e] : "";
    qsort(p->entries, p->n_entries, sizeof *p->entries, cmp_entries);
    free(key_off);
    p->n = n;
    p->names = nm.p;
    p->keys = keys.p;
    *out = p;
    return IBIDI_OK;
fail:
    free(key_off);
    free(nm.p);
    free(keys.p);
    p->keys = NULL;
    p->names = NULL;
    ibidi_show_protect_free(p);
    if (err)
        err->status = st;
    return st;
}

void ibidi_show_protect_free(ibidi_show_protected *p)
{
    if (!p)
        return;
    free(p->names);
    free(p->name_off);
    free(p->name_len);
    free(p->entries);
    free(p->keys);
    free(p);
}
