/*
 * Differential fuzz target for UTS #39 §4 skeletons: ibidi_confusable_skeleton_utf8 against
 * ICU's uspoof_getSkeletonUTF8 (its default checker; ICU's skeleton is the standard's:
 * NFD, default ignorables removed, prototypes, NFD). Debian 12's ICU 72 has no bidi
 * skeleton (ICU 74), so only the plain skeleton has an outside oracle here; the bidi
 * skeleton is the plain one of ibidi's own visual order, which test_bidi_conformance holds
 * to UAX #9 on every line of BidiTest.txt and BidiCharacterTest.txt.
 *
 * Input: text in UTF-8 (ill-formed, or longer than MAX_TEXT bytes: not read). Compared:
 * the two skeletons, byte for byte.
 *
 * Named exclusions (counted per input):
 *  icu-older-data   the text holds a code point that Unicode 17.0 assigns and ICU 72
 *                   (Unicode 15.0) does not: its confusables data has no line for it.
 *  icu-cp-data-differs  the text holds a code point whose own skeleton (the code point
 *                   alone) ICU 72 and ibidi give differently: its line of confusables.txt
 *                   changed between 15.0 and 17.0 (U+0448 CYRILLIC SMALL LETTER SHA maps to
 *                   w in 17.0, to itself in ICU 72). test_confusable checks ibidi's table
 *                   against 17.0's confusables.txt for every line, so a code point's own
 *                   skeleton differing is the data version; what the text does beyond its
 *                   code points alone (the order of marks, default ignorables between
 *                   characters, decompositions) is still compared.
 *  icu-normalization-data  the text holds a code point whose NFD ICU 72 and ibidi give
 *                   differently (decompositions and combining classes of code points new
 *                   since 15.0): skeletons start and end with NFD.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uspoof.h>

#include "diff_report.h"
#include "ibidi.h"

#define MAX_TEXT 1024

enum { EX_ICU_DATA, EX_CP_DIFFERS, EX_NFD_DIFFERS, EX_COUNT };

static diff_exclusion exclusions[EX_COUNT] = {
    {"icu-older-data", "code point assigned after Unicode 15.0 (ICU 72)", 0},
    {"icu-cp-data-differs", "a code point's own skeleton differs (confusables.txt 15.0 vs 17.0)",
     0},
    {"icu-normalization-data", "a code point's NFD differs (Unicode 15.0 vs 17.0)", 0},
};
static diff_report report = {"diff_confusable", "inputs", 0, 0, 0, exclusions, EX_COUNT, 0};

/* The skeletons of s by both; 0 when ICU fails (never for well-formed input). */
static int both(const USpoofChecker *sc, const char *s, size_t len, char *a, int32_t *na, char *b,
                size_t *nb)
{
    UErrorCode e = U_ZERO_ERROR;
    *na = uspoof_getSkeletonUTF8(sc, 0, s, (int32_t)len, a, 16 * MAX_TEXT, &e);
    ibidi_buf o = {b, 32 * MAX_TEXT, 0};
    if (ibidi_confusable_skeleton_utf8(s, len, &o, NULL) != IBIDI_OK)
        abort(); /* well-formed, within the bounds: never refused */
    *nb = o.len;
    return U_SUCCESS(e);
}

/* Whether cp alone gives different skeletons, or different NFD. */
static int cp_differs(const USpoofChecker *sc, uint32_t cp, int nfd)
{
    char in[4];
    ibidi_buf ib = {in, sizeof in, 0};
    ibidi_utf8_encode(&cp, 1, &ib, NULL);
    if (nfd) {
        UErrorCode e = U_ZERO_ERROR;
        const UNormalizer2 *n2 = unorm2_getNFDInstance(&e);
        UChar u[4], out[64];
        int32_t ul = 0;
        U16_APPEND_UNSAFE(u, ul, (UChar32)cp);
        int32_t on = unorm2_normalize(n2, u, ul, out, 64, &e);
        uint32_t ours[32];
        ibidi_buf32 ob = {ours, 32, 0};
        ibidi_normalize_cp(&cp, 1, IBIDI_NORMALIZE_NFD, &ob, NULL);
        int32_t k = 0;
        size_t i = 0;
        for (; k < on && i < ob.len; i++) {
            UChar32 c;
            U16_NEXT(out, k, on, c);
            if ((uint32_t)c != ours[i])
                return 1;
        }
        return U_FAILURE(e) || k != on || i != ob.len;
    }
    static char a[16 * MAX_TEXT], b[32 * MAX_TEXT];
    int32_t na;
    size_t nb;
    return !both(sc, in, ib.len, a, &na, b, &nb) || (size_t)na != nb || memcmp(a, b, nb) != 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static USpoofChecker *sc;
    static char a[16 * MAX_TEXT], b[32 * MAX_TEXT];
    diff_begin(&report, 1);
    const char *s = (const char *)data;
    if (size > MAX_TEXT || ibidi_utf8_validate(s, size, NULL, NULL) != IBIDI_OK) {
        report.unusable++;
        return 0;
    }
    if (!sc) {
        UErrorCode e = U_ZERO_ERROR;
        sc = uspoof_open(&e); /* the fixture, kept for the run: not the library's state */
        if (U_FAILURE(e))
            abort();
    }
    size_t pos = 0;
    uint32_t cp;
    while (pos < size) {
        ibidi_utf8_next(s, size, &pos, &cp, NULL);
        if (ibidi_unicode_assigned(cp) && u_charType((UChar32)cp) == U_UNASSIGNED)
            return diff_exclude(&report, EX_ICU_DATA);
    }
    for (pos = 0; pos < size;) {
        ibidi_utf8_next(s, size, &pos, &cp, NULL);
        if (cp >= 0x80 && cp_differs(sc, cp, 1))
            return diff_exclude(&report, EX_NFD_DIFFERS);
    }
    for (pos = 0; pos < size;) {
        ibidi_utf8_next(s, size, &pos, &cp, NULL);
        if (cp_differs(sc, cp, 0))
            return diff_exclude(&report, EX_CP_DIFFERS);
    }
    int32_t na;
    size_t nb;
    if (!both(sc, s, size, a, &na, b, &nb))
        diff_fail(&report, data, size, "ICU refused the text\n");
    report.compared++;
    if ((size_t)na != nb || memcmp(a, b, nb) != 0)
        diff_fail(&report, data, size, "skeleton: ibidi %.*s, ICU %.*s\n", (int)nb, b, (int)na, a);
    return 0;
}
