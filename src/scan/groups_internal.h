/*
 * What tests and src/scan reach of the collision groups (src/scan/groups.c) beyond
 * ibidi/scan.h.
 */
#ifndef IBIDI_SCAN_GROUPS_INTERNAL_H
#define IBIDI_SCAN_GROUPS_INTERNAL_H

#include <stdint.h>

#include "ibidi/scan.h"

/* Keeps only these bits of every key's 64-bit hash from now on (call it before the first
 * add): a mask of 0 gives every key the same hash, so that the exact comparison of keys
 * within a hash, and nothing else, keeps them apart. For tests only. */
void ibidi__scan_groups_set_hash_mask(ibidi_scan_groups *g, uint64_t mask);

/* The 64-bit hash of a kind and a key (bytes), as the groups keep it: eight bytes a step,
 * MurmurHash3's finaliser at the end. Also the hash of the candidate index (against.c). */
uint64_t ibidi__scan_key_hash(unsigned kind, const void *key, size_t n);

#endif
