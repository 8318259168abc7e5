/* How to show an identifier, inside the library (src/show/): the keys that the protected
 * names and the decision compare, made once for both. */
#ifndef IBIDI_SHOW_INTERNAL_H
#define IBIDI_SHOW_INTERNAL_H

#include <stddef.h>

#include "ibidi/show.h"

/* The kinds of key of a name's Unicode form. */
enum {
    IBIDI__SHOW_KEY_SKELETON = 0,     /* UTS #39 §4 skeleton */
    IBIDI__SHOW_KEY_BARE = 1,         /* the same without its nonspacing marks */
    IBIDI__SHOW_KEY_BIDI_LTR = 2,     /* bidiSkeleton(LTR, X) */
    IBIDI__SHOW_KEY_BIDI_RTL = 3,     /* bidiSkeleton(RTL, X) */
    IBIDI__SHOW_KEYS = 4
};

/* The key of kind `kind` of UTF-8 text s into out (cap bytes); *len gets its size, also
 * when it is over cap (then IBIDI_E_BUFFER_TOO_SMALL). */
ibidi_status ibidi__show_key(const char *s, size_t n, int kind, char *out, size_t cap,
                             size_t *len);

/* One key of a protected name. */
typedef struct ibidi__show_entry {
    const char *key;
    size_t key_len;
    size_t name;   /* the name's index */
    unsigned kind; /* IBIDI__SHOW_KEY_* */
} ibidi__show_entry;

/* The protected names: their Unicode forms, and their keys sorted by kind, then bytes. */
struct ibidi_show_protected {
    size_t n;
    char *names;               /* the Unicode forms, one after the other */
    size_t *name_off, *name_len;
    ibidi__show_entry *entries;
    size_t n_entries;
    char *keys;                /* the keys' bytes */
};

/* The protected names whose key of that kind is key: *first gets the index of the first
 * entry, the result their number (0: none). */
size_t ibidi__show_protect_find(const ibidi_show_protected *p, int kind, const char *key,
                                size_t len, size_t *first);
/* The name of the entry at index e (of ibidi__show_protect_find) and its number. */
const char *ibidi__show_protect_entry(const ibidi_show_protected *p, size_t e, size_t *name_len,
                                      size_t *index);

#endif
