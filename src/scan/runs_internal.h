/*
 * Sorted runs of records, in memory and in one temporary file: what the collision
 * grouping of ibidi/scan.h (src/scan/groups.c) sorts, spills and merges so that its memory
 * stays under a limit. Private to src/scan; everything here allocates (tests/
 * test_scan_noalloc.sh lists this file and groups.c as the folder's allocating objects).
 *
 * A record is one (kind, key, name, valid) of ibidi_scan_groups_add with a 64-bit order
 * value in front. The order value is what sorting compares first: the hash of (kind, key)
 * while names are grouped by key (equal keys then sit together whatever their bytes), and
 * the kind and the key's first seven bytes when groups are put in their printed order.
 * Records with the same order value are compared exactly: kind, key bytes, name bytes
 * (memcmp, then the shorter first). So a hash collision can only cost time, never merge two
 * keys, and one comparison function serves both orders.
 *
 * Serialised in the file (native byte order: the file never outlives the process that
 * wrote it):
 *   u64 order, u32 key length, u32 name length, u8 kind, u8 flags, key bytes, name bytes
 * and in memory shorter (runs.c: no order value, the index has it; short lengths)
 * where the flag IBIDI__REC_KEY_IS_NAME says the key is the name itself and is not stored
 * again (the display of most names, plain left-to-right ones, is the name).
 */
#ifndef IBIDI_SCAN_RUNS_INTERNAL_H
#define IBIDI_SCAN_RUNS_INTERNAL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "ibidi/common.h"

#define IBIDI__REC_HEAD 18u
#define IBIDI__REC_VALID 0x1u
#define IBIDI__REC_KEY_IS_NAME 0x2u
/* A record of the paired kinds of src/scan/groups.c (a name's bidi skeletons): the key is
 * the name's in the first direction, the second, or both. Records that differ only here
 * are different records, ordered by these bits after the name. */
#define IBIDI__REC_DIR_FIRST 0x4u
#define IBIDI__REC_DIR_SECOND 0x8u
#define IBIDI__REC_DIRS (IBIDI__REC_DIR_FIRST | IBIDI__REC_DIR_SECOND)

/* One record, its bytes wherever they are (the caller's, a buffer, a read block). */
typedef struct ibidi__rec {
    uint64_t order;
    const unsigned char *key;
    const unsigned char *name;
    uint32_t key_len, name_len;
    unsigned kind, flags;
} ibidi__rec;

/* Bytes the record takes serialised in the file. */
static inline size_t ibidi__rec_size(const ibidi__rec *r)
{
    return IBIDI__REC_HEAD + (r->flags & IBIDI__REC_KEY_IS_NAME ? 0u : (size_t)r->key_len) +
           r->name_len;
}
/* The records' order: order value, kind, key, name, direction bits. */
int ibidi__rec_cmp(const ibidi__rec *a, const ibidi__rec *b);
/* The same kind and key (the order values being equal). */
int ibidi__rec_same_key(const ibidi__rec *a, const ibidi__rec *b);
/* Bytes compared as the groups are printed: memcmp, then the shorter first. */
int ibidi__bytes_cmp(const unsigned char *a, size_t al, const unsigned char *b, size_t bl);

/* ---- Records in memory ------------------------------------------------------------------ */

typedef struct ibidi__rent {
    uint64_t order; /* copied here, so that sorting compares most pairs without the arena */
    size_t off;     /* where the record starts in the arena */
} ibidi__rent;

/* Serialised records one after the other, and an index that sorting permutes. */
typedef struct ibidi__rbuf {
    unsigned char *arena;
    size_t len, cap;
    ibidi__rent *idx;
    size_t n, icap;
    /* the user's tallies of what the buffer holds (an adder's: keys, paired records by
       direction); the buffer's calls leave them alone */
    size_t keys, dirs[2];
} ibidi__rbuf;

/* The bytes the buffer holds (its capacities). */
static inline size_t ibidi__rbuf_mem(const ibidi__rbuf *b)
{
    return b->cap + b->icap * sizeof(ibidi__rent);
}
/* Appends r unless that makes the buffer hold more than budget bytes: 1 added, 0 full
 * (nothing added; an empty buffer always takes the record, however large), -1 no memory. */
int ibidi__rbuf_add(ibidi__rbuf *b, const ibidi__rec *r, size_t budget);
/* Appends the records of src (its bytes copied at once, its index after them) unless that
 * makes b hold more than budget bytes: 1 taken, 0 full (nothing taken; an empty b always
 * takes them), -1 no memory. src is left as it was. */
int ibidi__rbuf_take(ibidi__rbuf *b, const ibidi__rbuf *src, size_t budget);
/* Sorts the index in record order (no allocation: a radix sort of the order values, then
 * the records where those are equal). */
void ibidi__rbuf_sort(ibidi__rbuf *b);
/* Puts first, in record order, the entries whose order value another entry has, and
 * returns their number; the rest (values that come once) follow in no order. Through a
 * scratch area of ibidi__rbuf_shared_scratch(b->n) bytes (aligned as malloc aligns; NULL:
 * the whole index sorted, its number returned). */
size_t ibidi__rbuf_shared_scratch(size_t n);
size_t ibidi__rbuf_shared_first(ibidi__rbuf *b, void *scratch);
/* The index (b->n entries; NULL when empty). */
const ibidi__rent *ibidi__rbuf_entries(const ibidi__rbuf *b);
/* The i-th record in index order. */
void ibidi__rbuf_get(const ibidi__rbuf *b, size_t i, ibidi__rec *r);
void ibidi__rbuf_free(ibidi__rbuf *b);

/* ---- The temporary file ----------------------------------------------------------------- */

/* One file for all the runs of an object, created at the first spill in the directory
 * given and unlinked at once: it goes away when it is closed, on every path, and even when
 * the process dies. Writers reserve their place (under the mutex) and then write with
 * pwrite, so that several threads spill at once. */
typedef struct ibidi__tfile {
    pthread_mutex_t mu;
    int fd; /* -1 until the first run */
    uint64_t end;
    size_t runs; /* runs begun (reservations) */
    char *dir;
} ibidi__tfile;

/* Statuses of the file calls: IBIDI_OK, IBIDI_E_NOMEM, IBIDI_E_TEMP_FILE (errno in *eno). */
ibidi_status ibidi__tfile_init(ibidi__tfile *t, const char *dir);
void ibidi__tfile_close(ibidi__tfile *t);
/* Runs begun and bytes reserved so far (what the file takes on disk at most). */
void ibidi__tfile_stats(ibidi__tfile *t, size_t *runs, uint64_t *bytes);

/* A run: a sorted sequence of records in the file. */
typedef struct ibidi__run {
    uint64_t off, len;
} ibidi__run;

typedef struct ibidi__runs {
    ibidi__run *v;
    size_t n, cap;
} ibidi__runs;

int ibidi__runs_push(ibidi__runs *rs, ibidi__run r);

/* Writes records given in order as a run, the copies of a record (same kind, key and name)
 * as one whose valid flag is set when any copy's is. *buf (of *cap bytes, the caller's, so
 * that it is reused from run to run) holds what is not written yet; it grows only for a
 * record larger than it. bound: an upper bound of the bytes written (reserved at once). */
typedef struct ibidi__writer {
    ibidi__tfile *tf;
    unsigned char **buf;
    size_t *cap;
    size_t len;
    size_t last; /* where the last record starts in *buf, when has_last */
    int has_last;
    uint64_t off, pos;
} ibidi__writer;

ibidi_status ibidi__writer_open(ibidi__writer *w, ibidi__tfile *tf, unsigned char **buf,
                                size_t *cap, uint64_t bound, int *eno);
ibidi_status ibidi__writer_put(ibidi__writer *w, const ibidi__rec *r, int *eno);
/* Writes what is left; *run gets the run. */
ibidi_status ibidi__writer_close(ibidi__writer *w, ibidi__run *run, int *eno);

/* Writes the records of a sorted buffer as one run (its index order) and empties it. */
ibidi_status ibidi__rbuf_spill(ibidi__rbuf *b, ibidi__tfile *tf, unsigned char **buf,
                               size_t *cap, ibidi__runs *runs, int *eno);

/* ---- Merging ----------------------------------------------------------------------------- */

/* A k-way merge of runs of the file and, optionally, a sorted buffer: records come out in
 * order, each valid until the next call. Each run is read through a block of block bytes
 * (larger only for a record that does not fit). */
typedef struct ibidi__source ibidi__source;
typedef struct ibidi__merge {
    ibidi__source *src;
    size_t n;
    size_t *heap;
    size_t hn;
    int pending; /* the top source gave its record: advance it first */
    const ibidi__tfile *tf;
} ibidi__merge;

ibidi_status ibidi__merge_open(ibidi__merge *m, const ibidi__tfile *tf, const ibidi__run *runs,
                               size_t n_runs, const ibidi__rbuf *mem, size_t block, int *eno);
/* *has is 0 at the end. */
ibidi_status ibidi__merge_next(ibidi__merge *m, ibidi__rec *out, int *has, int *eno);
void ibidi__merge_close(ibidi__merge *m);
/* The bytes a merge of n runs reads through (for the memory budget). */
static inline size_t ibidi__merge_mem(size_t n_runs, size_t block)
{
    return n_runs * (block + 64u);
}

/* Merges runs fan_in at a time into longer ones until at most max_runs are left (so that
 * a last merge reads at most that many). buf / cap: the writer's block, as above. */
ibidi_status ibidi__runs_reduce(ibidi__tfile *tf, ibidi__runs *runs, size_t max_runs,
                                size_t fan_in, size_t block, unsigned char **buf, size_t *cap,
                                int *eno);

#endif
