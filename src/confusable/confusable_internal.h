/* The UTS #39 tables of src/confusable/confusable_tables.c (written by tools/gen_tables.c
 * from data/ucd/17.0.0/security) and how src/confusable/confusable.c reads them. */
#ifndef IBIDI_CONFUSABLE_INTERNAL_H
#define IBIDI_CONFUSABLE_INTERNAL_H

#include <stdint.h>

#include "common/internal.h"
#include "ibidi/unicode.h"
#include "unicode/ucd.h"

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
/* Each member's script (ibidi_unicode_sc) in the low byte when its Script_Extensions hold
 * one, else IBIDI__CONFSET_SEVERAL there; IBIDI__CONFSET_RESTRICTED set when its
 * Identifier_Status is Restricted. */
extern const uint16_t ibidi__confset_script[];
#define IBIDI__CONFSET_SEVERAL 254u
/* The scripts each code point has an allowed look-alike in (the Script_Extensions of the
 * Allowed members of its confusable set other than itself): the trie gives an index into
 * ibidi__conflook_sets, three words of script bits each (0: none). */
extern const uint16_t ibidi__conflook_s1[], ibidi__conflook_s2[], ibidi__conflook_s3[];
extern const uint64_t ibidi__conflook_sets[];

/* Each code point's class for the checks of how to show an identifier (src/show/show.c):
 * the trie gives an index into ibidi__confclass_values, whose bits say what the checks of
 * a label would look up one property at a time. */
extern const uint16_t ibidi__confclass_s1[], ibidi__confclass_s2[], ibidi__confclass_s3[];
extern const uint32_t ibidi__confclass_values[];
#define IBIDI__CLASS_ALLOWED 0x001u     /* Identifier_Status Allowed (UTS #39 §3.1) */
#define IBIDI__CLASS_MARK 0x002u        /* General_Category Mn, Mc or Me */
#define IBIDI__CLASS_LM 0x004u          /* General_Category Lm */
#define IBIDI__CLASS_ND 0x008u          /* General_Category Nd */
#define IBIDI__CLASS_DEVIATION 0x010u   /* UTS #46 deviation */
#define IBIDI__CLASS_NOT_2008 0x020u    /* UTS #46 NV8 or XV8 */
#define IBIDI__CLASS_CONTEXTO 0x040u    /* RFC 5892: CONTEXTO */
#define IBIDI__CLASS_DECOMPOSES 0x080u  /* a canonical decomposition */
#define IBIDI__CLASS_DIGIT_PROTO 0x100u /* its prototype (UTS #39 §4) is one digit */
#define IBIDI__CLASS_RTL 0x200u         /* Bidi_Class R, AL or AN */
#define IBIDI__CLASS_EN 0x400u          /* Bidi_Class EN */
#define IBIDI__CLASS_SCRIPT(v) ((v) >> 16 & 0xFFu) /* its one script, or: */
#define IBIDI__CLASS_SEVERAL 254u       /* several scripts (none Common or Inherited) */
#define IBIDI__CLASS_NO_SCRIPT 255u     /* Common or Inherited among them */

static inline uint32_t ibidi__confusable_class(uint32_t cp)
{
    return ibidi__confclass_values[ibidi__trie(ibidi__confclass_s1, ibidi__confclass_s2,
                                               ibidi__confclass_s3, IBIDI__CONF_SH1,
                                               IBIDI__CONF_SH2, cp)];
}

/* A member of cp's confusable set, other than cp, of script sc and Identifier_Status
 * Allowed (the look-alike the mixed-script check names), or 0. */
uint32_t ibidi__confusable_lookalike_in(uint32_t cp, ibidi_unicode_sc sc);

/* UTS #39 §4, whole-script confusables, of the label cps[0..n) whose main script is main
 * and whose letters of that script are those with letter[i] set (the others Common or
 * Inherited): the first script, in the order of the first letter's confusable set, that
 * is Recommended (UAX #31 Table 5) and in which every letter has an allowed look-alike;
 * 0 when there is none. ibidi_confusable_check_utf8's WHOLE_SCRIPT_CONFUSABLE is this. */
ibidi_unicode_sc ibidi__confusable_whole_script(const uint32_t *cps, const uint8_t *letter,
                                                size_t n, ibidi_unicode_sc main);
#define IBIDI__CONFSET_RESTRICTED 0x100u
_Static_assert(IBIDI_UNICODE_SC_COUNT < 254, "a script fits below the two marks");
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
