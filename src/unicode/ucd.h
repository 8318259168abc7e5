/*
 * Internal interface to the generated Unicode 17.0.0 tables (ucd_tables.c and ucd_names.c,
 * written by tools/gen_tables.c). Not installed; names start with ibidi__ and have hidden visibility.
 * The public lookups of include/ibidi/unicode.h sit on top of these.
 */
#ifndef IBIDI_UCD_H
#define IBIDI_UCD_H

#include <stddef.h>
#include <stdint.h>

#include "ibidi/unicode.h"
#include "ibidi/normalize.h"

/* Normalization data of one code point packed in 32 bits, read with one table access:
 *   bits 0-7   Canonical_Combining_Class
 *   bits 8-9   NFC_Quick_Check  (ibidi_normalize_qc: YES 0, NO 1, MAYBE 2)
 *   bits 10-11 NFKC_Quick_Check (ibidi_normalize_qc)
 *   bit  12    NFD_Quick_Check is No
 *   bit  13    NFKD_Quick_Check is No                                                  */
#define IBIDI__NI_CCC(x) ((uint8_t)((x) & 0xFFu))
#define IBIDI__NI_NFC_QC(x) ((ibidi_normalize_qc)(((x) >> 8) & 3u))
#define IBIDI__NI_NFKC_QC(x) ((ibidi_normalize_qc)(((x) >> 10) & 3u))
#define IBIDI__NI_NFD_NO (1u << 12)
#define IBIDI__NI_NFKD_NO (1u << 13)
static inline uint32_t ibidi__norm_info(uint32_t cp); /* defined below, over the tables */

/* Full (recursively applied) decomposition of cp for NFD (compat == 0) or NFKD
 * (compat != 0), Hangul syllables included (by the algorithm of Unicode §3.12). Writes
 * the code points to out and returns their number, or returns 0 when cp decomposes to
 * itself. The result is at most IBIDI_UNICODE_MAX_DECOMPOSITION code points and is not yet in
 * canonical order only where the UCD itself says so (never, as of 17.0.0). */
size_t ibidi__full_decomposition(uint32_t cp, int compat,
                                 uint32_t out[IBIDI_UNICODE_MAX_DECOMPOSITION]);

/* Primary composite of (a, b) per UAX #15 (exclusions applied, Hangul by algorithm),
 * or 0 when the pair does not compose. */
uint32_t ibidi__compose(uint32_t a, uint32_t b);

/* --------------------------------------------------------------------------------------
 * Layout of the generated tables. Private to ucd_tables.c, ucd_names.c and props.c;
 * tools/gen_tables.c writes the tables and _Static_asserts the constants below.
 *
 * Every per-code-point property goes through a three-stage trie (as in ICU and utf8proc):
 * s1[cp >> SH1] names a middle block, the middle block names a leaf block of 1 << SH2
 * values, and identical blocks are stored once. The tries cover 0..10FFFF plus one
 * 4096-entry block holding the defaults of unassigned code points: every value above
 * 10FFFF is clamped onto that block, so no input reads out of bounds.
 */
#define IBIDI__TRIE_LAST_CP 0x110FFFu

static inline uint16_t ibidi__trie(const uint16_t *s1, const uint16_t *s2, const uint16_t *s3,
                                   unsigned sh1, unsigned sh2, uint32_t cp)
{
    uint32_t i = cp >> sh1;
    uint32_t m, l;
    if (i > (IBIDI__TRIE_LAST_CP >> sh1))
        i = IBIDI__TRIE_LAST_CP >> sh1;
    m = s1[i];
    l = s2[(m << (sh1 - sh2)) + ((cp >> sh2) & ((1u << (sh1 - sh2)) - 1u))];
    return s3[(l << sh2) + (cp & ((1u << sh2) - 1u))];
}

/* Main properties: the trie gives an index into ibidi__props_rec (8 bytes a record). */
#define IBIDI__PROPS_SH1 9
#define IBIDI__PROPS_SH2 3
typedef struct ibidi__props {
    uint16_t norm; /* the IBIDI__NI_* layout above */
    uint8_t bc;    /* ibidi_unicode_bc */
    uint8_t gc;    /* ibidi_unicode_gc */
    uint8_t sc;    /* ibidi_unicode_sc */
    uint8_t scx;   /* 0: Script_Extensions = {sc}; k: ibidi__scx_data[off[k-1] .. off[k]) */
    uint8_t jt;    /* ibidi_unicode_jt */
    uint8_t flags; /* IBIDI__PF_* */
} ibidi__props;
#define IBIDI__PF_MIRRORED 0x01u /* Bidi_Mirrored */
#define IBIDI__PF_DI 0x02u       /* Default_Ignorable_Code_Point */
#define IBIDI__PF_NC 0x04u       /* Noncharacter_Code_Point */
#define IBIDI__PF_BPT_SHIFT 3    /* 2 bits: ibidi_unicode_bpt */
extern const uint16_t ibidi__props_s1[], ibidi__props_s2[], ibidi__props_s3[];
extern const ibidi__props ibidi__props_rec[];
extern const uint16_t ibidi__scx_off[];
extern const uint8_t ibidi__scx_data[];

static inline const ibidi__props *ibidi__props_of(uint32_t cp)
{
    return &ibidi__props_rec[ibidi__trie(ibidi__props_s1, ibidi__props_s2, ibidi__props_s3,
                                         IBIDI__PROPS_SH1, IBIDI__PROPS_SH2, cp)];
}

/* The BMP, where nearly all text lives, also has its normalization word in a two-stage
 * table (s1[cp >> 8] names a block of 256): two loads on the hot paths of normalize.c. */
extern const uint8_t ibidi__norm_bmp_s1[256];
extern const uint16_t ibidi__norm_bmp_s2[];

static inline uint32_t ibidi__norm_info(uint32_t cp)
{
    if (cp < 0x10000u)
        return ibidi__norm_bmp_s2[(uint32_t)ibidi__norm_bmp_s1[cp >> 8] << 8 | (cp & 0xFFu)];
    return ibidi__props_of(cp)->norm;
}

/* Bidi_Class | Bidi_Paired_Bracket_Type << 5 of the BMP, two-stage (s1[cp >> 6] names a
 * block of 64), for the classification loop of the bidirectional algorithm. */
extern const uint8_t ibidi__bidi_bmp_s1[1024];
extern const uint8_t ibidi__bidi_bmp_s2[];

static inline uint8_t ibidi__bidi_bmp(uint32_t cp)
{
    return ibidi__bidi_bmp_s2[(uint32_t)ibidi__bidi_bmp_s1[(cp >> 6) & 0x3FFu] << 6 | (cp & 0x3Fu)];
}

/* Bidi_Class of any code point: the BMP through the table above (class in the low 5 bits),
 * the general lookup beyond it. For the per-character loops of the Bidi Rule and the
 * identifier rules. */
static inline ibidi_unicode_bc ibidi__bc(uint32_t cp)
{
    return cp < 0x10000 ? (ibidi_unicode_bc)(ibidi__bidi_bmp(cp) & 0x1Fu)
                        : ibidi_unicode_bidi_class(cp);
}

/* Code point sequences (decompositions, UTS #46 mappings), each stored once. */
extern const uint32_t ibidi__seq_pool[];

/* Decompositions (Hangul syllables excluded: §3.12 computes them). Index 0: none. */
#define IBIDI__DECOMP_SH1 10
#define IBIDI__DECOMP_SH2 4
typedef struct ibidi__decomp {
    uint16_t dm_off, nfd_off, nfkd_off; /* into ibidi__seq_pool */
    uint8_t dm_len;   /* Decomposition_Mapping, one level (UnicodeData.txt field 5) */
    uint8_t nfd_len;  /* full canonical decomposition, 0 if none */
    uint8_t nfkd_len; /* full compatibility decomposition, 0 if none */
    uint8_t dt;       /* ibidi_unicode_dt */
} ibidi__decomp;
extern const uint16_t ibidi__decomp_s1[], ibidi__decomp_s2[], ibidi__decomp_s3[];
extern const ibidi__decomp ibidi__decomp_rec[];

/* Canonical composition: the trie maps a first character to (offset << 5 | count) of its
 * (second, composite) pairs in ibidi__comp_pairs, sorted by second; 0 when none. */
#define IBIDI__COMP_SH1 12
#define IBIDI__COMP_SH2 5
extern const uint16_t ibidi__comp_s1[], ibidi__comp_s2[], ibidi__comp_s3[];
extern const uint32_t ibidi__comp_pairs[];

/* Bidi_Mirroring_Glyph and Bidi_Paired_Bracket as cp + delta[index]; delta[0] is 0. */
#define IBIDI__PAIR_SH1 12
#define IBIDI__PAIR_SH2 5
extern const uint16_t ibidi__mirror_s1[], ibidi__mirror_s2[], ibidi__mirror_s3[];
extern const int32_t ibidi__mirror_delta[];
extern const uint16_t ibidi__bracket_s1[], ibidi__bracket_s2[], ibidi__bracket_s3[];
extern const int32_t ibidi__bracket_delta[];

/* UTS #46 IdnaMappingTable.txt. */
#define IBIDI__UTS46_SH1 9
#define IBIDI__UTS46_SH2 3
typedef struct ibidi__uts46 {
    uint16_t map_off; /* into ibidi__seq_pool */
    uint8_t map_len;
    uint8_t status; /* bits 0-2 ibidi_unicode_uts46, bits 3-4 ibidi_unicode_idna2008 */
} ibidi__uts46;
extern const uint16_t ibidi__uts46_s1[], ibidi__uts46_s2[], ibidi__uts46_s3[];
extern const ibidi__uts46 ibidi__uts46_rec[];

/* The RFC 5892 derived property (ibidi_idna_property values) of U+0000..U+10FFFF,
 * computed by gen_tables.c with the rules of RFC 5892 §2-§3. Two stages: s1[cp >> SH]
 * names a block of 1 << SH values in s2, packed two to a byte (even code point in the
 * low nibble). Callers check cp <= 10FFFF. */
#define IBIDI__IDNA2008_SH 7
extern const uint8_t ibidi__idna2008_s1[];
extern const uint8_t ibidi__idna2008_s2[];

static inline uint8_t ibidi__idna2008(uint32_t cp)
{
    uint32_t half = 1u << (IBIDI__IDNA2008_SH - 1);
    uint8_t b = ibidi__idna2008_s2[(uint32_t)ibidi__idna2008_s1[cp >> IBIDI__IDNA2008_SH] * half +
                                   ((cp >> 1) & (half - 1u))];
    return (uint8_t)((b >> ((cp & 1u) * 4u)) & 0xFu);
}

/* Value names (PropertyValueAliases.txt), sorted by strcmp for binary search. */
typedef struct ibidi__name_value {
    const char *name;
    uint16_t value;
} ibidi__name_value;
extern const char *const ibidi__script_short[], *const ibidi__script_long[];
extern const ibidi__name_value ibidi__script_by_name[];
extern const size_t ibidi__script_by_name_count;
extern const char *const ibidi__bc_long[];
extern const ibidi__name_value ibidi__bc_by_name[];
extern const size_t ibidi__bc_by_name_count;

/* Character names (ucd_names.c). Code points with a stored name are numbered in code point
 * order: block[cp >> 12] selects 64 chunks of 64 code points; a chunk has a bitmap of the
 * named code points and the number of the first one. Names are stored in groups of 16:
 * a header byte (words shared with the previous name of the group << 4 | new words),
 * then the new words, each one byte below 192 or two bytes (192 + hi, lo) for 192 +
 * (hi << 8 | lo). Words: a length byte and the letters, ibidi__name_word_off giving
 * the start of every 16th. Names made of a prefix and the code point in hex come from
 * ibidi__name_patterns; Hangul syllables from the jamo short names (§3.12). */
extern const uint8_t ibidi__name_block[];
extern const uint64_t ibidi__name_bits[];
extern const uint16_t ibidi__name_base[];
extern const uint8_t ibidi__name_data[];
extern const uint32_t ibidi__name_off[];
extern const uint8_t ibidi__name_words[];
extern const uint32_t ibidi__name_word_off[];
typedef struct ibidi__name_pattern {
    uint32_t lo, hi;
    const char *prefix;
} ibidi__name_pattern;
extern const ibidi__name_pattern ibidi__name_patterns[];
extern const size_t ibidi__name_pattern_count;
extern const char *const ibidi__jamo_l[19], *const ibidi__jamo_v[21], *const ibidi__jamo_t[28];

#endif
