/*
 * Differential fuzz target for the bidirectional algorithm (UAX #9): ibidi's levels and
 * visual order against two independent implementations, FriBidi (1.0: UAX #9 with the N0
 * bracket pairs) and ICU's ubidi. Neither is taken alone as the truth: ICU 72 mislevels an
 * unterminated LRE before an FSI (202A 2068 0039: ICU gives x 0 0, UAX #9 X5c, X6a and the
 * isolate's own level give x 2 4), and FriBidi has bugs of its own. The oracle is the two
 * agreeing: where they agree and ibidi differs, the target aborts (a finding); where they
 * disagree, the input is excluded and counted.
 *
 * Input: the first byte's low two bits pick the paragraph direction (0 LTR, 1 RTL, 2 P2-P3
 * with LTR default, 3 P2-P3 with RTL default: seeds start with '0'..'3'); the rest is the
 * text in UTF-8 (ill-formed or longer than IBIDI_BIDI_SMALL code points: not read). The
 * libFuzzer dictionary fuzz/dict/bidi.dict holds the controls and brackets in UTF-8.
 *
 * Compared, on the paragraph resolved as one line (L1 applied at its end):
 *  - the paragraph level (P2-P3 or the direction given);
 *  - the level of every character that X9 does not remove (removed characters, BN and
 *    the embedding and override controls, have no level of their own: BidiCharacterTest.txt
 *    prints 'x', and each implementation gives them a different one);
 *  - the visual order (L2: ibidi_bidi_reorder, ICU's ubidi_getVisualMap, FriBidi's
 *    fribidi_reorder_line map) when the text has no character that X9 removes, since L2
 *    over the removed characters' arbitrary levels would order the others differently.
 *
 * Named exclusions (each counted, printed at exit):
 *  anchors-disagree    FriBidi and ICU differ from each other: no oracle.
 *  fribidi-older-data  a code point whose Bidi_Class or Bidi_Paired_Bracket_Type /
 *                      Bidi_Paired_Bracket in FriBidi 1.0.8's tables (Unicode 12) differs
 *                      from Unicode 17.0's (unassigned then, or changed since).
 *  icu-older-data      the same for ICU's tables (ICU 72: Unicode 15.0).
 *  paragraph-separator a B other than the last character: ICU splits the text into
 *                      paragraphs (P1) while FriBidi resolves one paragraph per call and
 *                      lets a B in the middle continue it, so the anchors answer different
 *                      questions.
 *  fribidi-overflow    62 or more embedding, override and isolate initiators, so that the
 *                      depth can reach the BD2 limit (each one raises the level by at most
 *                      2): FriBidi 1.0.8's fribidi_get_par_embedding_levels_ex reads freed
 *                      memory and may crash there (overflow counts of X5a-X5c, X6a); this
 *                      target hit a SEGV in it on 62 RLO, 2 LRE and 3 PDI
 *                      (corpus file fribidi-crash-overflow). The overflow rules are
 *                      therefore not compared here (BidiCharacterTest.txt covers them).
 *  bd16-stack-overflow more than 63 opening paired brackets: BD16 keeps a stack of 63
 *                      elements and stops pairing for the rest of the isolating run sequence
 *                      when a 64th opener finds it full; FriBidi 1.0.8 and ICU 72 both grow
 *                      their stacks and go on pairing, so they agree with each other and not
 *                      with UAX #9 (found by this target: RTL "a4" then 64 "(" with a final
 *                      ")" gives the ")" level 2 in both, 1 by BD16; BidiCharacterTest.txt
 *                      has such lines, which ibidi passes).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <fribidi.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>

#include "diff_report.h"
#include "ibidi/bidi.h"
#include "ibidi/unicode.h"
#include "ibidi/utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum {
    EX_ANCHORS_DISAGREE,
    EX_FRIBIDI_DATA,
    EX_ICU_DATA,
    EX_PARAGRAPHS,
    EX_FRIBIDI_OVERFLOW,
    EX_BRACKET_STACK,
    EX_COUNT
};

static diff_exclusion exclusions[EX_COUNT] = {
    [EX_ANCHORS_DISAGREE] = {"anchors-disagree",
                             "FriBidi and ICU resolve the input differently", 0},
    [EX_FRIBIDI_DATA] = {"fribidi-older-data",
                         "Bidi_Class or paired bracket differs in FriBidi 1.0.8's data", 0},
    [EX_ICU_DATA] = {"icu-older-data",
                     "Bidi_Class or paired bracket differs in ICU 72's Unicode 15.0", 0},
    [EX_PARAGRAPHS] = {"paragraph-separator",
                       "B before the end: ICU splits paragraphs (P1), FriBidi does not", 0},
    [EX_FRIBIDI_OVERFLOW] = {"fribidi-overflow",
                             "FriBidi 1.0.8 reads freed memory at the BD2 depth limit", 0},
    [EX_BRACKET_STACK] = {"bd16-stack-overflow",
                          "over 63 opening brackets: FriBidi and ICU pair past BD16's stack",
                          0},
};

static diff_report report = {"diff_bidi", "inputs", 0, 0, 0, exclusions, EX_COUNT, 0};

/* FriBidi's and ICU's Bidi_Class values as ibidi_unicode_bc (-1: unknown). */
static int from_fribidi(FriBidiCharType t)
{
    switch (t) {
    case FRIBIDI_TYPE_LTR: return IBIDI_UNICODE_BC_L;
    case FRIBIDI_TYPE_RTL: return IBIDI_UNICODE_BC_R;
    case FRIBIDI_TYPE_AL: return IBIDI_UNICODE_BC_AL;
    case FRIBIDI_TYPE_EN: return IBIDI_UNICODE_BC_EN;
    case FRIBIDI_TYPE_ES: return IBIDI_UNICODE_BC_ES;
    case FRIBIDI_TYPE_ET: return IBIDI_UNICODE_BC_ET;
    case FRIBIDI_TYPE_AN: return IBIDI_UNICODE_BC_AN;
    case FRIBIDI_TYPE_CS: return IBIDI_UNICODE_BC_CS;
    case FRIBIDI_TYPE_NSM: return IBIDI_UNICODE_BC_NSM;
    case FRIBIDI_TYPE_BN: return IBIDI_UNICODE_BC_BN;
    case FRIBIDI_TYPE_BS: return IBIDI_UNICODE_BC_B;
    case FRIBIDI_TYPE_SS: return IBIDI_UNICODE_BC_S;
    case FRIBIDI_TYPE_WS: return IBIDI_UNICODE_BC_WS;
    case FRIBIDI_TYPE_ON: return IBIDI_UNICODE_BC_ON;
    case FRIBIDI_TYPE_LRE: return IBIDI_UNICODE_BC_LRE;
    case FRIBIDI_TYPE_LRO: return IBIDI_UNICODE_BC_LRO;
    case FRIBIDI_TYPE_RLE: return IBIDI_UNICODE_BC_RLE;
    case FRIBIDI_TYPE_RLO: return IBIDI_UNICODE_BC_RLO;
    case FRIBIDI_TYPE_PDF: return IBIDI_UNICODE_BC_PDF;
    case FRIBIDI_TYPE_LRI: return IBIDI_UNICODE_BC_LRI;
    case FRIBIDI_TYPE_RLI: return IBIDI_UNICODE_BC_RLI;
    case FRIBIDI_TYPE_FSI: return IBIDI_UNICODE_BC_FSI;
    case FRIBIDI_TYPE_PDI: return IBIDI_UNICODE_BC_PDI;
    default: return -1;
    }
}

static int from_icu(UCharDirection d)
{
    switch (d) {
    case U_LEFT_TO_RIGHT: return IBIDI_UNICODE_BC_L;
    case U_RIGHT_TO_LEFT: return IBIDI_UNICODE_BC_R;
    case U_RIGHT_TO_LEFT_ARABIC: return IBIDI_UNICODE_BC_AL;
    case U_EUROPEAN_NUMBER: return IBIDI_UNICODE_BC_EN;
    case U_EUROPEAN_NUMBER_SEPARATOR: return IBIDI_UNICODE_BC_ES;
    case U_EUROPEAN_NUMBER_TERMINATOR: return IBIDI_UNICODE_BC_ET;
    case U_ARABIC_NUMBER: return IBIDI_UNICODE_BC_AN;
    case U_COMMON_NUMBER_SEPARATOR: return IBIDI_UNICODE_BC_CS;
    case U_DIR_NON_SPACING_MARK: return IBIDI_UNICODE_BC_NSM;
    case U_BOUNDARY_NEUTRAL: return IBIDI_UNICODE_BC_BN;
    case U_BLOCK_SEPARATOR: return IBIDI_UNICODE_BC_B;
    case U_SEGMENT_SEPARATOR: return IBIDI_UNICODE_BC_S;
    case U_WHITE_SPACE_NEUTRAL: return IBIDI_UNICODE_BC_WS;
    case U_OTHER_NEUTRAL: return IBIDI_UNICODE_BC_ON;
    case U_LEFT_TO_RIGHT_EMBEDDING: return IBIDI_UNICODE_BC_LRE;
    case U_LEFT_TO_RIGHT_OVERRIDE: return IBIDI_UNICODE_BC_LRO;
    case U_RIGHT_TO_LEFT_EMBEDDING: return IBIDI_UNICODE_BC_RLE;
    case U_RIGHT_TO_LEFT_OVERRIDE: return IBIDI_UNICODE_BC_RLO;
    case U_POP_DIRECTIONAL_FORMAT: return IBIDI_UNICODE_BC_PDF;
    case U_LEFT_TO_RIGHT_ISOLATE: return IBIDI_UNICODE_BC_LRI;
    case U_RIGHT_TO_LEFT_ISOLATE: return IBIDI_UNICODE_BC_RLI;
    case U_FIRST_STRONG_ISOLATE: return IBIDI_UNICODE_BC_FSI;
    case U_POP_DIRECTIONAL_ISOLATE: return IBIDI_UNICODE_BC_PDI;
    default: return -1;
    }
}

/* The opening bracket of a pair that N0 (BD16) matches, for cp of bracket type bpt. */
static uint32_t opening_of(uint32_t cp, ibidi_unicode_bpt bpt)
{
    return bpt == IBIDI_UNICODE_BPT_CLOSE ? ibidi_unicode_paired_bracket(cp) : cp;
}

/* The canonical singleton decomposition of cp, or cp: BD16 matches brackets up to
 * canonical equivalence (U+2329 with U+3009, U+3008 with U+232A), which FriBidi does by
 * giving both the same bracket id. */
static uint32_t canonical_bracket(uint32_t cp)
{
    uint32_t d[IBIDI_UNICODE_MAX_DECOMPOSITION];
    ibidi_unicode_dt t;
    if (ibidi_unicode_decomposition(cp, d, IBIDI_UNICODE_MAX_DECOMPOSITION, &t) == 1 &&
        t == IBIDI_UNICODE_DT_CANONICAL)
        return d[0];
    return cp;
}

/* Does FriBidi's data for cp agree with Unicode 17.0 where UAX #9 reads it? */
static int fribidi_data_same(uint32_t cp, int bc)
{
    if (from_fribidi(fribidi_get_bidi_type(cp)) != bc)
        return 0;
    ibidi_unicode_bpt bpt = ibidi_unicode_bracket_type(cp);
    FriBidiBracketType fb = fribidi_get_bracket(cp);
    if (bpt == IBIDI_UNICODE_BPT_NONE)
        return fb == FRIBIDI_NO_BRACKET;
    if (fb == FRIBIDI_NO_BRACKET || FRIBIDI_IS_BRACKET_OPEN(fb) != (bpt == IBIDI_UNICODE_BPT_OPEN))
        return 0;
    uint32_t id = FRIBIDI_BRACKET_ID(fb), open = opening_of(cp, bpt);
    return id == open || id == canonical_bracket(open);
}

static int icu_data_same(uint32_t cp, int bc)
{
    UChar32 c = (UChar32)cp;
    if (from_icu(u_charDirection(c)) != bc)
        return 0;
    int bpt = u_getIntPropertyValue(c, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
    int want = ibidi_unicode_bracket_type(cp) == IBIDI_UNICODE_BPT_OPEN    ? U_BPT_OPEN
               : ibidi_unicode_bracket_type(cp) == IBIDI_UNICODE_BPT_CLOSE ? U_BPT_CLOSE
                                                                           : U_BPT_NONE;
    return bpt == want && (uint32_t)u_getBidiPairedBracket(c) == ibidi_unicode_paired_bracket(cp);
}

#define MAX_CPS IBIDI_BIDI_SMALL

static void dump_levels(const char *who, const uint8_t *lv, const uint8_t *cls, size_t n)
{
    fprintf(stderr, "%-7s levels:", who);
    for (size_t i = 0; i < n; i++) {
        if (ibidi_bidi_class_removed((ibidi_unicode_bc)cls[i]))
            fprintf(stderr, " x");
        else
            fprintf(stderr, " %u", lv[i]);
    }
    fprintf(stderr, "\n");
}

static void dump_map(const char *who, const size_t *m, size_t n)
{
    fprintf(stderr, "%-7s order:", who);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, " %zu", m[i]);
    fprintf(stderr, "\n");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint32_t cps[MAX_CPS];
    static uint8_t classes[MAX_CPS], lv_ibidi[MAX_CPS], lv_icu[MAX_CPS];
    static FriBidiChar fr_text[MAX_CPS];
    static FriBidiCharType fr_types[MAX_CPS];
    static FriBidiBracketType fr_brackets[MAX_CPS];
    static FriBidiLevel fr_levels[MAX_CPS];
    static FriBidiStrIndex fr_map[MAX_CPS];
    static UChar u16[2 * MAX_CPS];
    static size_t u16_cp[2 * MAX_CPS]; /* code point index of each UTF-16 unit */
    static int32_t icu_map[2 * MAX_CPS];
    static size_t v_ibidi[MAX_CPS], v_fr[MAX_CPS], v_icu[MAX_CPS];
    static UBiDi *ub;

    diff_begin(&report, 1);
    if (size < 1)
        return 0;
    ibidi_dir dir = (ibidi_dir)(data[0] & 3);
    const char *s = (const char *)data + 1;
    size_t len = size - 1, n = 0;
    if (ibidi_utf8_validate(s, len, &n, NULL) != IBIDI_OK || n > MAX_CPS) {
        report.unusable++;
        return 0;
    }
    ibidi_buf32 dec = {cps, MAX_CPS, 0};
    if (ibidi_utf8_decode(s, len, &dec, NULL) != IBIDI_OK)
        abort();
    n = dec.len;

    /* Exclusions that come from the code points alone. */
    size_t initiators = 0, openers = 0;
    int fr_old = 0, icu_old = 0, mid_b = 0, removed = 0;
    for (size_t i = 0; i < n; i++) {
        int bc = (int)ibidi_unicode_bidi_class(cps[i]);
        classes[i] = (uint8_t)bc;
        fr_old |= !fribidi_data_same(cps[i], bc);
        icu_old |= !icu_data_same(cps[i], bc);
        mid_b |= bc == IBIDI_UNICODE_BC_B && i + 1 < n;
        removed |= ibidi_bidi_class_removed((ibidi_unicode_bc)bc);
        openers += bc == IBIDI_UNICODE_BC_ON &&
                   ibidi_unicode_bracket_type(cps[i]) == IBIDI_UNICODE_BPT_OPEN;
        if (bc == IBIDI_UNICODE_BC_LRE || bc == IBIDI_UNICODE_BC_RLE ||
            bc == IBIDI_UNICODE_BC_LRO || bc == IBIDI_UNICODE_BC_RLO ||
            bc == IBIDI_UNICODE_BC_LRI || bc == IBIDI_UNICODE_BC_RLI || bc == IBIDI_UNICODE_BC_FSI)
            initiators++;
    }
    if (fr_old)
        return diff_exclude(&report, EX_FRIBIDI_DATA);
    if (icu_old)
        return diff_exclude(&report, EX_ICU_DATA);
    if (mid_b)
        return diff_exclude(&report, EX_PARAGRAPHS);
    if (2 * initiators + 1 >= IBIDI_BIDI_MAX_DEPTH)
        return diff_exclude(&report, EX_FRIBIDI_OVERFLOW);
    if (openers > 63)
        return diff_exclude(&report, EX_BRACKET_STACK);

    /* ibidi: the paragraph resolved as one line, then L2. */
    ibidi_bidi_options opts = {dir, 0, NULL, 0};
    ibidi_bidi_result res = {0};
    res.levels = lv_ibidi;
    res.cap = MAX_CPS;
    if (ibidi_bidi_resolve_cp(cps, n, &opts, &res, NULL) != IBIDI_OK)
        abort();
    if (n > 0 && ibidi_bidi_reorder(lv_ibidi, n, v_ibidi, NULL, NULL) != IBIDI_OK)
        abort();
    unsigned para_ibidi =
        n ? res.info.para_level : (dir == IBIDI_DIR_RTL || dir == IBIDI_DIR_AUTO_RTL);

    /* FriBidi: types, bracket types (N0), levels (L1 items 1-3), then fribidi_reorder_line
     * with no flags, which applies L1 item 4 (whitespace at the end of the line) to the
     * levels and gives the visual map (L2) without the L3 NSM reordering. */
    static const FriBidiParType fr_dir[4] = {FRIBIDI_PAR_LTR, FRIBIDI_PAR_RTL, FRIBIDI_PAR_WLTR,
                                             FRIBIDI_PAR_WRTL};
    FriBidiParType pdir = fr_dir[dir];
    unsigned para_fr = dir == IBIDI_DIR_RTL || dir == IBIDI_DIR_AUTO_RTL;
    if (n > 0) {
        for (size_t i = 0; i < n; i++) {
            fr_text[i] = cps[i];
            fr_map[i] = (FriBidiStrIndex)i;
        }
        fribidi_get_bidi_types(fr_text, (FriBidiStrIndex)n, fr_types);
        fribidi_get_bracket_types(fr_text, (FriBidiStrIndex)n, fr_types, fr_brackets);
        if (!fribidi_get_par_embedding_levels_ex(fr_types, fr_brackets, (FriBidiStrIndex)n,
                                                 &pdir, fr_levels))
            abort();
        para_fr = FRIBIDI_DIR_TO_LEVEL(pdir);
        if (!fribidi_reorder_line(0, fr_types, (FriBidiStrIndex)n, 0, pdir, fr_levels, NULL,
                                  fr_map))
            abort();
        for (size_t i = 0; i < n; i++)
            v_fr[i] = (size_t)fr_map[i];
    }

    /* ICU: UTF-16, one paragraph, levels and visual map per code unit, taken back to code
     * points (a surrogate pair's units stay together, in either order). */
    static const UBiDiLevel icu_dir[4] = {0, 1, UBIDI_DEFAULT_LTR, UBIDI_DEFAULT_RTL};
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (cps[i] >= 0x10000) {
            u16[m] = (UChar)(0xD7C0 + (cps[i] >> 10));
            u16_cp[m++] = i;
            u16[m] = (UChar)(0xDC00 | (cps[i] & 0x3FF));
        } else {
            u16[m] = (UChar)cps[i];
        }
        u16_cp[m++] = i;
    }
    UErrorCode e = U_ZERO_ERROR;
    if (!ub)
        ub = ubidi_openSized(2 * MAX_CPS, 0, &e);
    ubidi_setPara(ub, u16, (int32_t)m, icu_dir[dir], NULL, &e);
    unsigned para_icu = ubidi_getParaLevel(ub);
    if (m > 0) {
        const UBiDiLevel *il = ubidi_getLevels(ub, &e);
        ubidi_getVisualMap(ub, icu_map, &e);
        if (U_FAILURE(e))
            abort();
        for (size_t u = 0; u < m; u++)
            lv_icu[u16_cp[u]] = il[u];
        size_t k = 0;
        for (size_t v = 0; v < m; v++) {
            size_t i = u16_cp[icu_map[v]];
            if (k == 0 || v_icu[k - 1] != i || !(cps[i] >= 0x10000))
                v_icu[k++] = i;
        }
    } else if (U_FAILURE(e)) {
        abort();
    }

    /* The anchors first: do they agree? */
    int agree = para_fr == para_icu;
    for (size_t i = 0; agree && i < n; i++)
        if (!ibidi_bidi_class_removed((ibidi_unicode_bc)classes[i]) && fr_levels[i] != lv_icu[i])
            agree = 0;
    if (agree && !removed && n > 0 && memcmp(v_fr, v_icu, n * sizeof *v_fr) != 0)
        agree = 0;
    if (!agree)
        return diff_exclude(&report, EX_ANCHORS_DISAGREE);

    report.compared++;
    int same = para_ibidi == para_icu;
    for (size_t i = 0; same && i < n; i++)
        if (!ibidi_bidi_class_removed((ibidi_unicode_bc)classes[i]) && lv_ibidi[i] != lv_icu[i])
            same = 0;
    if (same && !removed && n > 0 && memcmp(v_ibidi, v_icu, n * sizeof *v_icu) != 0)
        same = 0;
    if (!same) {
        diff_dump_cps("text", cps, n);
        fprintf(stderr, "direction %d; paragraph level ibidi %u, FriBidi and ICU %u\n", (int)dir,
                para_ibidi, para_icu);
        dump_levels("ibidi", lv_ibidi, classes, n);
        dump_levels("oracles", lv_icu, classes, n);
        if (!removed) {
            dump_map("ibidi", v_ibidi, n);
            dump_map("oracles", v_icu, n);
        }
        diff_fail(&report, data, size, "levels or visual order differ");
    }
    return 0;
}
