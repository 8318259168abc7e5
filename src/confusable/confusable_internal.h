/* The UTS #39 tables of src/confusable/confusable_tables.c (written by tools/gen_tables.c
 * from data/ucd/17.0.0/security) and how src/confusable/confusable.c reads them. */
#ifndef IBIDI_CONFUSABLE_INTERNAL_H
#define IBIDI_CONFUSABLE_INTERNAL_H

#include <stdint.h>

#include "common/internal.h"

/* Both tries have the block shifts of the main property trie (src/unicode/ucd.h). */
#define IBIDI__CONF_SH1 9
#define IBIDI__CONF_SH2 3
/* The longest prototype of confusables.txt, in NFD. */
#define IBIDI__CONF_MAX_PROTOTYPE 18

/* confusables.txt: the trie gives an index into ibidi__conf_rec (0: no prototype) in its
 * low 15 bits, and IBIDI__CONF_DI for a Default_Ignorable_Code_Point character (which a
 * skeleton removes: one lookup a character); a record is (offset in ibidi__conf_pool) << 5
 * | length. */
#define IBIDI__CONF_DI 0x8000u
extern const uint16_t ibidi__conf_s1[], ibidi__conf_s2[], ibidi__conf_s3[];
extern const uint32_t ibidi__conf_rec[], ibidi__conf_pool[];
/* The skeleton of each code point below U+0800 as UTF-8 bytes, eight bytes a code point:
 * the skeleton's bytes (four, zeros after them), how many (0 to 4), and 1 for one that
 * needs the general way (it decomposes, is a non-starter, or its prototype holds one or is
 * longer). */
extern const uint8_t ibidi__conf_low_skel[0x800 * 8];
#define IBIDI__CONF_LOW_SKEL_LEN 4
#define IBIDI__CONF_LOW_SKEL_COMPLEX 5
/* U+0000..U+07FF flat (the scripts of most names, the right-to-left ones among them): bits
 * 0-15 the trie's value, 16-23 Canonical_Combining_Class, 24 NFD_Quick_Check is No, 25
 * General_Category Mn, Mc or Me. */
#define IBIDI__CONF_LOW 0x800u
extern const uint32_t ibidi__conf_low[IBIDI__CONF_LOW];
#define IBIDI__CONF_LOW_CCC(x) ((uint8_t)((x) >> 16))
#define IBIDI__CONF_LOW_NFD_NO (1u << 24)
#define IBIDI__CONF_LOW_MARK (1u << 25)

/* Whether the ASCII text s displays as itself, at even levels, in a paragraph of direction
 * dir (UAX #9): then its bidi skeleton there is its skeleton (confusable.c says why). The
 * right-to-left case implies the left-to-right one. */
int ibidi__confusable_ascii_as_itself(const char *s, size_t n, ibidi_dir dir);
/* The skeleton of UTF-8 text s by the short way alone (text of code points below U+0800,
 * each its own NFD and a starter, as most names): 1 with the result in out (its size in
 * *len, also when it is over cap, out then holding what fits), 0 when the text needs the
 * general way (ibidi_confusable_skeleton_utf8). */
int ibidi__confusable_skeleton_short(const char *s, size_t n, char *out, size_t cap,
                                     size_t *len);
/* Bidi_Class B (UAX #9 P1), the paragraph separators a bidi skeleton splits at: a test of
 * the code point itself, cheaper than the class lookup; tests/test_confusable.c checks it
 * against the class of every code point. */
static inline int ibidi__confusable_paragraph_separator(uint32_t cp)
{
    return cp < 0x80 ? (cp == 0x0A || cp == 0x0D || (cp >= 0x1C && cp <= 0x1E))
                     : (cp == 0x85 || cp == 0x2029);
}
/* The confusable sets: the trie gives a code point's set (0: none), whose members, in code
 * point order, are ibidi__confset_members[off[k] .. off[k + 1]). */
extern const uint16_t ibidi__confset_s1[], ibidi__confset_s2[], ibidi__confset_s3[];
extern const uint32_t ibidi__confset_off[], ibidi__confset_members[];
/* IdentifierType.txt bits (IBIDI_CONFUSABLE_TYPE_*), with 0x8000 for Identifier_Status
 * Allowed (IdentifierStatus.txt). */
extern const uint16_t ibidi__idinfo_s1[], ibidi__idinfo_s2[], ibidi__idinfo_s3[];
#define IBIDI__IDINFO_ALLOWED 0x8000u
/* intentional.txt: its pairs both ways, sorted, as ibidi__intentional_n / 2 pairs. */
extern const uint32_t ibidi__intentional_n;
extern const uint32_t ibidi__intentional[];

/* ibidi_confusable_check_utf8, every finding to fn (no argument checks): the verdict's. */
ibidi_status ibidi__confusable_check_fn(const char *name, size_t len, ibidi__sink_fn fn,
                                        void *ctx, ibidi_error *err);

#endif
