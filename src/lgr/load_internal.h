/*
 * The loader's private interface (load.c, classes.c): code point sets as range lists while
 * classes are compiled (RFC 7940 §6.2), and the Unicode property classes of §6.2.3 read
 * from ibidi's own tables. Evaluation never sees these: it reads the finished classes of
 * lgr_internal.h.
 */
#ifndef IBIDI_LGR_LOAD_INTERNAL_H
#define IBIDI_LGR_LOAD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "lgr/lgr_internal.h"

#define LGR_CP_MAX 0x10FFFFu

/* A code point set under construction: n ranges, range i is r[2i] .. r[2i + 1] (inclusive).
 * "Normal" means sorted, disjoint and non-adjacent, as lgr_class requires. */
typedef struct lgr_rset {
    uint32_t *r;
    uint32_t n;
    uint32_t cap;
} lgr_rset;

/* The set operations of RFC 7940 §6.2.5 on two operands. */
typedef enum lgr_setop {
    LGR_OP_UNION = 0,
    LGR_OP_INTERSECTION,
    LGR_OP_DIFFERENCE,
    LGR_OP_SYMMETRIC_DIFFERENCE
} lgr_setop;

/* Every call returns 0, or -1 when memory runs out (the set is then left valid, to free). */
int ibidi__lgr_rset_push(lgr_rset *s, uint32_t lo, uint32_t hi);
/* Sorts and merges overlapping and adjacent ranges: the set becomes normal. */
int ibidi__lgr_rset_normalize(lgr_rset *s);
/* *out = a op b, both normal; out is overwritten (it may not be a or b). */
int ibidi__lgr_rset_combine(lgr_rset *out, const lgr_rset *a, const lgr_rset *b, lgr_setop op);
/* *out = 0..10FFFF minus a (normal). */
int ibidi__lgr_rset_complement(lgr_rset *out, const lgr_rset *a);
/* *out = the n ranges at pairs (normal already). */
int ibidi__lgr_rset_assign(lgr_rset *out, const uint32_t *pairs, uint32_t n);
void ibidi__lgr_rset_free(lgr_rset *s);

/* A property test of RFC 7940 §6.2.3 ("gc:Mn", "sc:Arab"...), parsed. */
typedef enum lgr_prop_kind {
    LGR_P_GC = 1,   /* General_Category: value is a mask of ibidi_unicode_gc bits (groups: L,
                       M...) */
    LGR_P_SC,       /* Script: an ibidi_unicode_sc */
    LGR_P_SCX,      /* Script_Extensions: an ibidi_unicode_sc */
    LGR_P_JT,       /* Joining_Type: an ibidi_unicode_jt */
    LGR_P_BC,       /* Bidi_Class: an ibidi_unicode_bc */
    LGR_P_CCC,      /* Canonical_Combining_Class: 0..254 */
    LGR_P_BIDI_M,   /* binary properties: value 1 for Y, 0 for N */
    LGR_P_DI,
    LGR_P_NCHAR,
    LGR_P_BIDI_C
} lgr_prop_kind;

typedef struct lgr_prop {
    uint32_t kind;  /* lgr_prop_kind */
    uint32_t value;
} lgr_prop;

/* Parses "name:value" (names and values exactly as the UCD's PropertyAliases.txt and
 * PropertyValueAliases.txt spell them, short or long). Returns 0, or -1 for an unknown
 * property and -2 for an unknown value of a known one. */
int ibidi__lgr_prop_parse(const char *s, lgr_prop *out);
/* The code points 0..10FFFF that have the property, as a normal set (one pass over the
 * tables). */
int ibidi__lgr_prop_scan(const lgr_prop *p, lgr_rset *out);

#endif /* IBIDI_LGR_LOAD_INTERNAL_H */
