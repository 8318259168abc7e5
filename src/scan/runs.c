/*
 * Sorted runs of records for the collision grouping (src/scan/runs_internal.h): records
 * in memory, their sort, the temporary file, the writing of runs and their k-way merge.
 * Allocates; holds no state of its own.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "scan/runs_internal.h"

/* ---- Records ------------------------------------------------------------------------------ */

static void rec_decode(const unsigned char *p, ibidi__rec *r)
{
    memcpy(&r->order, p, 8);
    memcpy(&r->key_len, p + 8, 4);
    memcpy(&r->name_len, p + 12, 4);
    r->kind = p[16];
    r->flags = p[17];
    p += IBIDI__REC_HEAD;
    if (r->flags & IBIDI__REC_KEY_IS_NAME) {
        r->key = r->name = p;
    } else {
        r->key = p;
        r->name = p + r->key_len;
    }
}

static void rec_encode(unsigned char *p, const ibidi__rec *r)
{
    const unsigned char kind = (unsigned char)r->kind, flags = (unsigned char)r->flags;
    memcpy(p, &r->order, 8);
    memcpy(p + 8, &r->key_len, 4);
    memcpy(p + 12, &r->name_len, 4);
    p[16] = kind;
    p[17] = flags;
    p += IBIDI__REC_HEAD;
    if (!(r->flags & IBIDI__REC_KEY_IS_NAME) && r->key_len) {
        memcpy(p, r->key, r->key_len);
        p += r->key_len;
    }
    if (r->name_len)
        memcpy(p, r->name, r->name_len);
}

/* In memory a record goes without its order value (the index entry holds it) and with
 * lengths of two bytes when both fit: u8 kind, u8 flags, u16 key length, u16 name length
 * (MEM_LONG in the flags: u32 each), then the bytes as in a file. Twelve bytes less a
 * record than the file's form, on a scan's hundreds of MB. */
#define MEM_LONG 0x80u
#define MEM_HEAD 6u
#define MEM_HEAD_LONG 10u

/* A length over two bytes: the record takes the long header. */
static int mem_long(const ibidi__rec *r) { return r->key_len > 0xFFFFu || r->name_len > 0xFFFFu; }

static size_t mem_size(const ibidi__rec *r)
{
    const size_t head = mem_long(r) ? MEM_HEAD_LONG : MEM_HEAD;
    return head + (r->flags & IBIDI__REC_KEY_IS_NAME ? 0u : (size_t)r->key_len) + r->name_len;
}

/* A key's or a name's bytes (a few dozen mostly): whole words, then the bytes left, in
 * place of a call of memcpy for a length it cannot know. */
static inline void copy_bytes(unsigned char *dst, const unsigned char *src, size_t n)
{
    if (n >= 8) {
        /* whole words, the last one ending at the last byte (it may cover bytes copied
           already: both read and write stay within the n bytes) */
        const size_t last = n - 8;
        for (size_t i = 0; i < last; i += 8)
            memcpy(dst + i, src + i, 8);
        memcpy(dst + last, src + last, 8);
        return;
    }
    for (size_t i = 0; i < n; i++)
        dst[i] = src[i];
}

static void mem_encode(unsigned char *p, const ibidi__rec *r)
{
    const int lng = mem_long(r);
    p[0] = (unsigned char)r->kind;
    p[1] = (unsigned char)((r->flags & ~MEM_LONG) | (lng ? MEM_LONG : 0u));
    if (lng) {
        memcpy(p + 2, &r->key_len, 4);
        memcpy(p + 6, &r->name_len, 4);
        p += MEM_HEAD_LONG;
    } else {
        const uint16_t kl = (uint16_t)r->key_len, nl = (uint16_t)r->name_len;
        memcpy(p + 2, &kl, 2);
        memcpy(p + 4, &nl, 2);
        p += MEM_HEAD;
    }
    if (!(r->flags & IBIDI__REC_KEY_IS_NAME)) {
        copy_bytes(p, r->key, r->key_len);
        p += r->key_len;
    }
    copy_bytes(p, r->name, r->name_len);
}

static void mem_decode(const unsigned char *p, uint64_t order, ibidi__rec *r)
{
    r->order = order;
    r->kind = p[0];
    r->flags = p[1] & ~MEM_LONG;
    if (p[1] & MEM_LONG) {
        memcpy(&r->key_len, p + 2, 4);
        memcpy(&r->name_len, p + 6, 4);
        p += MEM_HEAD_LONG;
    } else {
        uint16_t kl, nl;
        memcpy(&kl, p + 2, 2);
        memcpy(&nl, p + 4, 2);
        r->key_len = kl;
        r->name_len = nl;
        p += MEM_HEAD;
    }
    if (r->flags & IBIDI__REC_KEY_IS_NAME) {
        r->key = r->name = p;
    } else {
        r->key = p;
        r->name = p + r->key_len;
    }
}

int ibidi__bytes_cmp(const unsigned char *a, size_t al, const unsigned char *b, size_t bl)
{
    const size_t n = al < bl ? al : bl;
    int c = n ? memcmp(a, b, n) : 0;
    if (c)
        return c;
    return al < bl ? -1 : al > bl;
}

int ibidi__rec_cmp(const ibidi__rec *a, const ibidi__rec *b)
{
    if (a->order != b->order)
        return a->order < b->order ? -1 : 1;
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    int c = ibidi__bytes_cmp(a->key, a->key_len, b->key, b->key_len);
    if (c)
        return c;
    c = ibidi__bytes_cmp(a->name, a->name_len, b->name, b->name_len);
    if (c)
        return c;
    const unsigned da = a->flags & IBIDI__REC_DIRS, db = b->flags & IBIDI__REC_DIRS;
    return da < db ? -1 : da > db;
}

int ibidi__rec_same_key(const ibidi__rec *a, const ibidi__rec *b)
{
    return a->order == b->order && a->kind == b->kind && a->key_len == b->key_len &&
           (a->key_len == 0 || memcmp(a->key, b->key, a->key_len) == 0);
}

/* ---- Records in memory ------------------------------------------------------------------- */

/* The buffer is one block: records from the front, the index from the back (entry i at
 * cap - (i + 1) entries), full when they meet. One block needs no split of the budget
 * between the two, which would waste one part or the other whatever the records' size. */
#define ENT sizeof(ibidi__rent)
/* The first block, unless the budget is smaller: small scans stay small. */
#define FIRST_BLOCK ((size_t)65536)

static ibidi__rent *rbuf_index(const ibidi__rbuf *b)
{
    if (!b->arena)
        return NULL; /* nothing yet (and no arithmetic on a null pointer, C11 6.5.6) */
    return (ibidi__rent *)(void *)(b->arena + b->cap - b->n * ENT);
}

static size_t round_down16(size_t n) { return n & ~(size_t)15u; }

/* Room for need bytes in all (records and index) within budget: 1, 0 full (an empty
 * buffer always gets it, however large), -1 no memory. */
static int rbuf_reserve(ibidi__rbuf *b, size_t need, size_t budget)
{
    if (need > b->cap) {
        size_t cap = b->cap > FIRST_BLOCK / 2 ? b->cap * 2 : FIRST_BLOCK;
        while (cap < need && cap <= SIZE_MAX / 4)
            cap *= 2;
        if (cap > round_down16(budget))
            cap = round_down16(budget);
        if (cap < need) {
            if (b->n > 0)
                return 0; /* full: the caller spills */
            cap = (need + 15u) & ~(size_t)15u; /* one record over the budget, alone */
        }
        unsigned char *p = realloc(b->arena, cap);
        if (!p)
            return -1;
        /* the index moves to the new end */
        if (b->n)
            memmove(p + cap - b->n * ENT, p + b->cap - b->n * ENT, b->n * ENT);
        b->arena = p;
        b->cap = cap;
    }
    return 1;
}

int ibidi__rbuf_add(ibidi__rbuf *b, const ibidi__rec *r, size_t budget)
{
    const size_t size = mem_size(r);
    if (size > SIZE_MAX / 2 || b->n >= SIZE_MAX / (4 * ENT))
        return -1;
    const int k = rbuf_reserve(b, b->len + size + (b->n + 1) * ENT, budget);
    if (k <= 0)
        return k;
    mem_encode(b->arena + b->len, r);
    b->n++;
    ibidi__rent *e = rbuf_index(b); /* the new entry is the first of the index */
    e->order = r->order;
    e->off = b->len;
    b->len += size;
    return 1;
}

int ibidi__rbuf_take(ibidi__rbuf *b, const ibidi__rbuf *src, size_t budget)
{
    if (src->n == 0)
        return 1;
    if (src->len > SIZE_MAX / 4 || b->len > SIZE_MAX / 4 || src->n >= SIZE_MAX / (8 * ENT) ||
        b->n >= SIZE_MAX / (8 * ENT))
        return -1;
    const int k = rbuf_reserve(b, b->len + src->len + (b->n + src->n) * ENT, budget);
    if (k <= 0)
        return k;
    memcpy(b->arena + b->len, src->arena, src->len);
    /* src's entries go before b's (the index grows down from the end), their offsets
       moved by where its bytes now start */
    ibidi__rent *to = (ibidi__rent *)(void *)(b->arena + b->cap - (b->n + src->n) * ENT);
    const ibidi__rent *from = rbuf_index(src);
    for (size_t i = 0; i < src->n; i++) {
        to[i].order = from[i].order;
        to[i].off = from[i].off + b->len;
    }
    b->n += src->n;
    b->len += src->len;
    return 1;
}

const ibidi__rent *ibidi__rbuf_entries(const ibidi__rbuf *b) { return rbuf_index(b); }

void ibidi__rbuf_get(const ibidi__rbuf *b, size_t i, ibidi__rec *r)
{
    const ibidi__rent *e = &rbuf_index(b)[i];
    mem_decode(b->arena + e->off, e->order, r);
}

void ibidi__rbuf_free(ibidi__rbuf *b)
{
    free(b->arena);
    memset(b, 0, sizeof *b);
}

/* Introsort of the index: quicksort with a median of three, heapsort past a depth of
 * 2 log2 n (so O(n log n) whatever the order values), insertion sort for short ranges.
 * No allocation (the C library's qsort may allocate a copy of the array), and the stack
 * stays O(log n): the shorter side recurses. */
static int ent_less(const unsigned char *ar, const ibidi__rent *a, const ibidi__rent *b)
{
    if (a->order != b->order)
        return a->order < b->order;
    ibidi__rec x, y;
    mem_decode(ar + a->off, a->order, &x);
    mem_decode(ar + b->off, b->order, &y);
    return ibidi__rec_cmp(&x, &y) < 0;
}

static void ent_swap(ibidi__rent *a, ibidi__rent *b)
{
    ibidi__rent t = *a;
    *a = *b;
    *b = t;
}

static void insertion_sort(const unsigned char *ar, ibidi__rent *v, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        ibidi__rent t = v[i];
        size_t j = i;
        while (j > 0 && ent_less(ar, &t, &v[j - 1])) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = t;
    }
}

static void sift_down(const unsigned char *ar, ibidi__rent *v, size_t i, size_t n)
{
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            return;
        if (c + 1 < n && ent_less(ar, &v[c], &v[c + 1]))
            c++;
        if (!ent_less(ar, &v[i], &v[c]))
            return;
        ent_swap(&v[i], &v[c]);
        i = c;
    }
}

static void heap_sort(const unsigned char *ar, ibidi__rent *v, size_t n)
{
    for (size_t i = n / 2; i-- > 0;)
        sift_down(ar, v, i, n);
    for (size_t e = n; e-- > 1;) {
        ent_swap(&v[0], &v[e]);
        sift_down(ar, v, 0, e);
    }
}

static void intro_sort(const unsigned char *ar, ibidi__rent *v, size_t n, unsigned depth)
{
    while (n > 16) {
        if (depth == 0) {
            heap_sort(ar, v, n);
            return;
        }
        depth--;
        /* v[0] <= v[m] <= v[n - 1], the pivot moved to v[1]: both ends stop the scans */
        const size_t m = n / 2;
        if (ent_less(ar, &v[m], &v[0]))
            ent_swap(&v[m], &v[0]);
        if (ent_less(ar, &v[n - 1], &v[0]))
            ent_swap(&v[n - 1], &v[0]);
        if (ent_less(ar, &v[n - 1], &v[m]))
            ent_swap(&v[n - 1], &v[m]);
        ent_swap(&v[m], &v[1]);
        const ibidi__rent p = v[1];
        size_t i = 1, j = n - 1;
        for (;;) {
            do
                i++;
            while (ent_less(ar, &v[i], &p));
            do
                j--;
            while (ent_less(ar, &p, &v[j]));
            if (i >= j)
                break;
            ent_swap(&v[i], &v[j]);
        }
        ent_swap(&v[1], &v[j]);
        const size_t left = j, right = n - j - 1;
        if (left < right) {
            intro_sort(ar, v, left, depth);
            v += j + 1;
            n = right;
        } else {
            intro_sort(ar, v + j + 1, right, depth);
            n = left;
        }
    }
    insertion_sort(ar, v, n);
}

static void sort_exact(const unsigned char *ar, ibidi__rent *v, size_t n)
{
    unsigned depth = 0;
    for (size_t k = n; k > 1; k >>= 1)
        depth += 2;
    intro_sort(ar, v, n, depth);
}

/* In-place most-significant-digit radix sort of the index by order value, a byte a level
 * (American flag sort: count, then cycle each entry into its bucket), from the highest
 * bit in which the entries differ: the values are hashes, so each level splits evenly
 * and two levels leave a few entries per bucket for the insertion sort. Entries whose
 * order values are all equal (one key's names, or a hash collision) are sorted exactly.
 * An introsort compares records and reaches the arena at every tie of the first bytes;
 * this compares no record until the order values are equal, and needs no allocation.
 * The counts live in partition's frame alone, so that the recursion (at most nine
 * levels, eight bits each) keeps a small frame. */
#define RADIX_SMALL 32

static unsigned radix_digit(const ibidi__rent *e, int shift)
{
    return (unsigned)((e->order >> shift) & 0xffu);
}

static void partition(ibidi__rent *v, size_t n, int shift)
{
    uint32_t head[256], end[256];
    memset(head, 0, sizeof head);
    for (size_t i = 0; i < n; i++)
        head[radix_digit(&v[i], shift)]++;
    uint32_t at = 0;
    for (unsigned d = 0; d < 256; d++) {
        const uint32_t c = head[d];
        head[d] = at;
        at += c;
        end[d] = at;
    }
    for (unsigned d = 0; d < 256; d++) {
        while (head[d] < end[d]) {
            ibidi__rent e = v[head[d]];
            unsigned k = radix_digit(&e, shift);
            while (k != d) { /* e goes to its bucket; what was there moves on */
                const ibidi__rent t = v[head[k]];
                v[head[k]++] = e;
                e = t;
                k = radix_digit(&e, shift);
            }
            v[head[d]++] = e;
        }
    }
}

/* The digit below the one at shift: eight bits lower, the last one at bit 0 (its bits
 * above the previous digit's are equal in a bucket); -1 when bit 0 was done. */
static int next_shift(int shift) { return shift == 0 ? -1 : shift >= 8 ? shift - 8 : 0; }

static void radix_sort(const unsigned char *ar, ibidi__rent *v, size_t n, int shift)
{
    while (n > RADIX_SMALL && shift >= 0) {
        partition(v, n, shift);
        /* each bucket but the last recurses a digit lower; the last loops */
        size_t i = 0;
        for (;;) {
            const unsigned d = radix_digit(&v[i], shift);
            size_t j = i + 1;
            while (j < n && radix_digit(&v[j], shift) == d)
                j++;
            if (j == n)
                break;
            if (j - i > 1)
                radix_sort(ar, v + i, j - i, next_shift(shift));
            i = j;
        }
        v += i;
        n -= i;
        shift = next_shift(shift);
    }
    if (n > RADIX_SMALL)
        sort_exact(ar, v, n); /* the order values are equal: the records decide */
    else
        insertion_sort(ar, v, n);
}

/* The sort of v[0..n) by record order, from the highest bit in which the order values
 * differ (ibidi__rbuf_sort's, for any part of an index). */
static void sort_range(const unsigned char *ar, ibidi__rent *v, size_t n)
{
    if (n < 2)
        return;
    if (n > UINT32_MAX) {
        sort_exact(ar, v, n); /* beyond partition's counts */
        return;
    }
    uint64_t diff = 0;
    for (size_t i = 1; i < n; i++)
        diff |= v[i].order ^ v[0].order;
    int high = -1;
    while (high < 63 && (diff >> (high + 1)) != 0)
        high++;
    radix_sort(ar, v, n, high < 0 ? -1 : high >= 7 ? high - 7 : 0);
}

/* The table of ibidi__rbuf_shared_first: 2^bits slots for n entries, at least twice n. */
static unsigned shared_bits(size_t n)
{
    unsigned bits = 4;
    while (bits < 40 && ((size_t)1 << bits) < 2 * n)
        bits++;
    return bits;
}

size_t ibidi__rbuf_shared_scratch(size_t n)
{
    const size_t slots = (size_t)1 << shared_bits(n);
    return slots * sizeof(uint32_t) + n * ENT + (n + 7) / 8;
}

/* The longest probe of the table before it gives way to a sort: a table at most half
 * full makes probes of one or two. */
#define SHARED_PROBES 256

size_t ibidi__rbuf_shared_first(ibidi__rbuf *b, void *scratch)
{
    ibidi__rent *v = rbuf_index(b);
    const size_t n = b->n;
    if (n < 2 || n >= UINT32_MAX / 2 || !scratch) {
        ibidi__rbuf_sort(b); /* every entry walked in order: runs of one are singles */
        return n;
    }
    /* An open-addressing table of the order values, the entry index + 1 in each slot and
     * SEEN once a second entry with its value came. Most values come once: they are not
     * sorted, nor their records read, which a sort of the whole index does at every tie of
     * its digits. */
    const unsigned bits = shared_bits(n);
    const size_t slots = (size_t)1 << bits, mask = slots - 1;
    uint32_t *table = scratch;
    ibidi__rent *dup = (ibidi__rent *)(void *)(table + slots);
    unsigned char *is_dup = (unsigned char *)(dup + n);
    const uint32_t SEEN = 0x80000000u;
    memset(table, 0, slots * sizeof *table);
    memset(is_dup, 0, (n + 7) / 8);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        const uint64_t o = v[i].order;
        /* the slot from all the value's bits (a multiplicative hash: values that agree in
           some bits spread all the same) */
        size_t h = (size_t)((o * 0x9e3779b97f4a7c15ull) >> (64 - bits));
        for (size_t probes = 0;; probes++) {
            if (probes == SHARED_PROBES) {
                /* values made to meet in the table (a list crafted against the hash):
                   the sort, whose time does not depend on them */
                ibidi__rbuf_sort(b);
                return n;
            }
            const uint32_t t = table[h];
            if (!t) {
                table[h] = (uint32_t)(i + 1);
                break;
            }
            const size_t j = (t & ~SEEN) - 1;
            if (v[j].order == o) {
                if (!(t & SEEN)) { /* the value's first entry joins the shared ones */
                    table[h] = t | SEEN;
                    dup[m++] = v[j];
                    is_dup[j / 8] |= (unsigned char)(1u << (j % 8));
                }
                dup[m++] = v[i];
                is_dup[i / 8] |= (unsigned char)(1u << (i % 8));
                break;
            }
            h = (h + 1) & mask;
        }
    }
    /* the singles to the back (moved right only, so in place), the shared ones sorted in
       front */
    size_t w = n;
    for (size_t i = n; i-- > 0;)
        if (!(is_dup[i / 8] & (1u << (i % 8))))
            v[--w] = v[i];
    memcpy(v, dup, m * ENT);
    sort_range(b->arena, v, m);
    return m;
}

void ibidi__rbuf_sort(ibidi__rbuf *b) { sort_range(b->arena, rbuf_index(b), b->n); }

/* ---- The temporary file ------------------------------------------------------------------ */

ibidi_status ibidi__tfile_init(ibidi__tfile *t, const char *dir)
{
    const size_t n = strlen(dir);
    t->fd = -1;
    t->end = 0;
    t->runs = 0;
    t->dir = malloc(n + 1);
    if (!t->dir)
        return IBIDI_E_NOMEM;
    memcpy(t->dir, dir, n + 1);
    if (pthread_mutex_init(&t->mu, NULL) != 0) {
        free(t->dir);
        t->dir = NULL;
        return IBIDI_E_NOMEM;
    }
    return IBIDI_OK;
}

void ibidi__tfile_close(ibidi__tfile *t)
{
    if (!t->dir)
        return;
    if (t->fd >= 0)
        close(t->fd);
    t->fd = -1;
    free(t->dir);
    t->dir = NULL;
    pthread_mutex_destroy(&t->mu);
}

void ibidi__tfile_stats(ibidi__tfile *t, size_t *runs, uint64_t *bytes)
{
    if (!t->dir)
        return;
    pthread_mutex_lock(&t->mu);
    *runs = t->runs;
    *bytes = t->end;
    pthread_mutex_unlock(&t->mu);
}

/* Creates the file (under the mutex) and unlinks it: from then on only the descriptor
 * names it, so no path of the program, nor its death, can leave it behind. */
static ibidi_status tfile_create(ibidi__tfile *t, int *eno)
{
    static const char base[] = "/ibidi-groups-XXXXXX";
    const size_t n = strlen(t->dir);
    char *path = malloc(n + sizeof base);
    if (!path)
        return IBIDI_E_NOMEM;
    memcpy(path, t->dir, n);
    memcpy(path + n, base, sizeof base);
    int fd = mkstemp(path);
    if (fd < 0) {
        *eno = errno;
        free(path);
        return IBIDI_E_TEMP_FILE;
    }
    if (unlink(path) != 0) {
        *eno = errno;
        close(fd);
        unlink(path);
        free(path);
        return IBIDI_E_TEMP_FILE;
    }
    free(path);
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC); /* a program the caller starts gets no copy */
    t->fd = fd;
    return IBIDI_OK;
}

static ibidi_status tfile_reserve(ibidi__tfile *t, uint64_t n, uint64_t *off, int *eno)
{
    ibidi_status st = IBIDI_OK;
    pthread_mutex_lock(&t->mu);
    if (t->fd < 0)
        st = tfile_create(t, eno);
    if (st == IBIDI_OK) {
        *off = t->end;
        t->end += n;
        t->runs++;
    }
    pthread_mutex_unlock(&t->mu);
    return st;
}

/* An offset pread and pwrite can take (off_t may be narrower than 64 bits). */
static int offset_ok(uint64_t off, size_t n)
{
    const off_t o = (off_t)(off + n);
    return o >= 0 && (uint64_t)o == off + n;
}

static ibidi_status write_at(const ibidi__tfile *t, uint64_t off, const unsigned char *p,
                             size_t n, int *eno)
{
    if (!offset_ok(off, n)) {
        *eno = EFBIG;
        return IBIDI_E_TEMP_FILE;
    }
    while (n) {
        ssize_t k = pwrite(t->fd, p, n, (off_t)off);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            *eno = k < 0 ? errno : ENOSPC;
            return IBIDI_E_TEMP_FILE;
        }
        p += k;
        n -= (size_t)k;
        off += (uint64_t)k;
    }
    return IBIDI_OK;
}

/* Reads up to n bytes (fewer only at the end of what was written); *got gets how many. */
static ibidi_status read_at(const ibidi__tfile *t, uint64_t off, unsigned char *p, size_t n,
                            size_t *got, int *eno)
{
    *got = 0;
    if (!offset_ok(off, n)) {
        *eno = EFBIG;
        return IBIDI_E_TEMP_FILE;
    }
    while (n) {
        ssize_t k = pread(t->fd, p, n, (off_t)off);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0) {
            *eno = errno;
            return IBIDI_E_TEMP_FILE;
        }
        if (k == 0)
            break;
        p += k;
        n -= (size_t)k;
        off += (uint64_t)k;
        *got += (size_t)k;
    }
    return IBIDI_OK;
}

int ibidi__runs_push(ibidi__runs *rs, ibidi__run r)
{
    if (rs->n == rs->cap) {
        size_t cap = rs->cap ? rs->cap * 2 : 16;
        ibidi__run *v = realloc(rs->v, cap * sizeof *v);
        if (!v)
            return 0;
        rs->v = v;
        rs->cap = cap;
    }
    rs->v[rs->n++] = r;
    return 1;
}

/* ---- Writing runs ------------------------------------------------------------------------ */

ibidi_status ibidi__writer_open(ibidi__writer *w, ibidi__tfile *tf, unsigned char **buf,
                                size_t *cap, uint64_t bound, int *eno)
{
    memset(w, 0, sizeof *w);
    w->tf = tf;
    w->buf = buf;
    w->cap = cap;
    if (!*buf) {
        *buf = malloc(*cap);
        if (!*buf)
            return IBIDI_E_NOMEM;
    }
    return tfile_reserve(tf, bound, &w->off, eno);
}

/* Writes the buffer but its last record, which a copy may still have to update. */
static ibidi_status writer_flush(ibidi__writer *w, int keep_last, int *eno)
{
    const size_t keep = keep_last && w->has_last ? w->len - w->last : 0;
    const size_t n = w->len - keep;
    ibidi_status st = write_at(w->tf, w->off + w->pos, *w->buf, n, eno);
    if (st != IBIDI_OK)
        return st;
    w->pos += n;
    if (keep)
        memmove(*w->buf, *w->buf + n, keep);
    w->len = keep;
    w->last = 0;
    return IBIDI_OK;
}

ibidi_status ibidi__writer_put(ibidi__writer *w, const ibidi__rec *r, int *eno)
{
    if (w->has_last) {
        ibidi__rec last;
        rec_decode(*w->buf + w->last, &last);
        if (ibidi__rec_cmp(&last, r) == 0) { /* a copy: one record, valid if either is */
            if (r->flags & IBIDI__REC_VALID)
                (*w->buf)[w->last + 17] |= (unsigned char)IBIDI__REC_VALID;
            return IBIDI_OK;
        }
    }
    const size_t size = ibidi__rec_size(r);
    if (w->len + size > *w->cap) {
        ibidi_status st = writer_flush(w, 1, eno);
        if (st != IBIDI_OK)
            return st;
        if (w->len + size > *w->cap) { /* a record larger than the block */
            unsigned char *p = realloc(*w->buf, w->len + size);
            if (!p)
                return IBIDI_E_NOMEM;
            *w->buf = p;
            *w->cap = w->len + size;
        }
    }
    rec_encode(*w->buf + w->len, r);
    w->last = w->len;
    w->len += size;
    w->has_last = 1;
    return IBIDI_OK;
}

ibidi_status ibidi__writer_close(ibidi__writer *w, ibidi__run *run, int *eno)
{
    ibidi_status st = writer_flush(w, 0, eno);
    if (st != IBIDI_OK)
        return st;
    run->off = w->off;
    run->len = w->pos;
    return IBIDI_OK;
}

ibidi_status ibidi__rbuf_spill(ibidi__rbuf *b, ibidi__tfile *tf, unsigned char **buf,
                               size_t *cap, ibidi__runs *runs, int *eno)
{
    ibidi__writer w;
    ibidi__run run;
    if (b->n == 0)
        return IBIDI_OK;
    ibidi__rbuf_sort(b);
    /* the records' bytes in the file's form bound the run's: copies only make it
       shorter */
    ibidi_status st = ibidi__writer_open(&w, tf, buf, cap,
                                         b->len + b->n * (IBIDI__REC_HEAD - MEM_HEAD), eno);
    for (size_t i = 0; st == IBIDI_OK && i < b->n; i++) {
        ibidi__rec r;
        ibidi__rbuf_get(b, i, &r);
        st = ibidi__writer_put(&w, &r, eno);
    }
    if (st == IBIDI_OK)
        st = ibidi__writer_close(&w, &run, eno);
    if (st == IBIDI_OK && !ibidi__runs_push(runs, run))
        st = IBIDI_E_NOMEM;
    if (st == IBIDI_OK)
        b->len = b->n = 0;
    return st;
}

/* ---- Merging ------------------------------------------------------------------------------ */

struct ibidi__source {
    const ibidi__rbuf *mem; /* a buffer, or else a run of the file */
    size_t i;
    uint64_t off, end;
    unsigned char *buf;
    size_t cap, pos, len;
    ibidi__rec cur;
};

/* Makes k bytes from pos readable in the block (reading more of the run). */
static ibidi_status source_fill(const ibidi__tfile *tf, ibidi__source *s, size_t k, int *eno)
{
    if (s->len - s->pos >= k)
        return IBIDI_OK;
    memmove(s->buf, s->buf + s->pos, s->len - s->pos);
    s->len -= s->pos;
    s->pos = 0;
    if (k > s->cap) { /* a record larger than the block */
        unsigned char *p = realloc(s->buf, k);
        if (!p)
            return IBIDI_E_NOMEM;
        s->buf = p;
        s->cap = k;
    }
    uint64_t left = s->end - s->off;
    size_t want = s->cap - s->len, got;
    if (want > left)
        want = (size_t)left;
    ibidi_status st = read_at(tf, s->off, s->buf + s->len, want, &got, eno);
    if (st != IBIDI_OK)
        return st;
    s->off += got;
    s->len += got;
    if (s->len < k) { /* the file ends inside a record: it was not what was written */
        *eno = EIO;
        return IBIDI_E_TEMP_FILE;
    }
    return IBIDI_OK;
}

static ibidi_status source_next(const ibidi__tfile *tf, ibidi__source *s, int *has, int *eno)
{
    *has = 0;
    if (s->mem) {
        if (s->i < s->mem->n) {
            ibidi__rbuf_get(s->mem, s->i++, &s->cur);
            *has = 1;
        }
        return IBIDI_OK;
    }
    if (s->pos == s->len && s->off == s->end)
        return IBIDI_OK;
    ibidi_status st = source_fill(tf, s, IBIDI__REC_HEAD, eno);
    if (st != IBIDI_OK)
        return st;
    ibidi__rec h;
    uint32_t kl, nl;
    memcpy(&kl, s->buf + s->pos + 8, 4);
    memcpy(&nl, s->buf + s->pos + 12, 4);
    h.flags = s->buf[s->pos + 17];
    h.key_len = kl;
    h.name_len = nl;
    st = source_fill(tf, s, ibidi__rec_size(&h), eno);
    if (st != IBIDI_OK)
        return st;
    rec_decode(s->buf + s->pos, &s->cur);
    s->pos += ibidi__rec_size(&s->cur);
    *has = 1;
    return IBIDI_OK;
}

static int heap_less(const ibidi__merge *m, size_t a, size_t b)
{
    int c = ibidi__rec_cmp(&m->src[a].cur, &m->src[b].cur);
    return c < 0 || (c == 0 && a < b);
}

static void heap_down(ibidi__merge *m, size_t i)
{
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= m->hn)
            return;
        if (c + 1 < m->hn && heap_less(m, m->heap[c + 1], m->heap[c]))
            c++;
        if (!heap_less(m, m->heap[c], m->heap[i]))
            return;
        size_t t = m->heap[i];
        m->heap[i] = m->heap[c];
        m->heap[c] = t;
        i = c;
    }
}

void ibidi__merge_close(ibidi__merge *m)
{
    for (size_t i = 0; i < m->n; i++)
        free(m->src[i].buf);
    free(m->src);
    free(m->heap);
    memset(m, 0, sizeof *m);
}

ibidi_status ibidi__merge_open(ibidi__merge *m, const ibidi__tfile *tf, const ibidi__run *runs,
                               size_t n_runs, const ibidi__rbuf *mem, size_t block, int *eno)
{
    memset(m, 0, sizeof *m);
    m->tf = tf;
    const size_t n = n_runs + (mem && mem->n ? 1u : 0u);
    if (n == 0)
        return IBIDI_OK;
    m->src = calloc(n, sizeof *m->src);
    m->heap = malloc(n * sizeof *m->heap);
    if (!m->src || !m->heap) {
        ibidi__merge_close(m);
        return IBIDI_E_NOMEM;
    }
    m->n = n;
    for (size_t i = 0; i < n; i++) {
        ibidi__source *s = &m->src[i];
        if (i < n_runs) {
            s->off = runs[i].off;
            s->end = runs[i].off + runs[i].len;
            s->cap = block;
            s->buf = malloc(block);
            if (!s->buf) {
                ibidi__merge_close(m);
                return IBIDI_E_NOMEM;
            }
        } else {
            s->mem = mem;
        }
        int has;
        ibidi_status st = source_next(tf, s, &has, eno);
        if (st != IBIDI_OK) {
            ibidi__merge_close(m);
            return st;
        }
        if (has)
            m->heap[m->hn++] = i;
    }
    for (size_t i = m->hn / 2; i-- > 0;)
        heap_down(m, i);
    return IBIDI_OK;
}

ibidi_status ibidi__merge_next(ibidi__merge *m, ibidi__rec *out, int *has, int *eno)
{
    *has = 0;
    if (m->pending) {
        m->pending = 0;
        int more;
        ibidi_status st = source_next(m->tf, &m->src[m->heap[0]], &more, eno);
        if (st != IBIDI_OK)
            return st;
        if (!more)
            m->heap[0] = m->heap[--m->hn];
        heap_down(m, 0);
    }
    if (m->hn == 0)
        return IBIDI_OK;
    *out = m->src[m->heap[0]].cur;
    m->pending = 1;
    *has = 1;
    return IBIDI_OK;
}

ibidi_status ibidi__runs_reduce(ibidi__tfile *tf, ibidi__runs *runs, size_t max_runs,
                                size_t fan_in, size_t block, unsigned char **buf, size_t *cap,
                                int *eno)
{
    if (max_runs < 1)
        max_runs = 1;
    if (fan_in < 2)
        fan_in = 2;
    while (runs->n > max_runs) {
        size_t k = runs->n - max_runs + 1;
        if (k > fan_in)
            k = fan_in;
        uint64_t bound = 0;
        for (size_t i = 0; i < k; i++)
            bound += runs->v[i].len;
        ibidi__merge m;
        ibidi__writer w;
        ibidi__run out;
        ibidi_status st = ibidi__merge_open(&m, tf, runs->v, k, NULL, block, eno);
        if (st != IBIDI_OK)
            return st;
        st = ibidi__writer_open(&w, tf, buf, cap, bound, eno);
        for (;;) {
            ibidi__rec r;
            int has;
            if (st == IBIDI_OK)
                st = ibidi__merge_next(&m, &r, &has, eno);
            if (st != IBIDI_OK || !has)
                break;
            st = ibidi__writer_put(&w, &r, eno);
        }
        if (st == IBIDI_OK)
            st = ibidi__writer_close(&w, &out, eno);
        ibidi__merge_close(&m);
        if (st != IBIDI_OK)
            return st;
        /* the merged runs' space in the file is not reused: the file is at most as many
         * times the data as there are passes, and it goes when the object does */
        memmove(runs->v, runs->v + k, (runs->n - k) * sizeof *runs->v);
        runs->n -= k;
        if (!ibidi__runs_push(runs, out))
            return IBIDI_E_NOMEM;
    }
    return IBIDI_OK;
}
