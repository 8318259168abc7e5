/*
 * Differential fuzz target for UTS #46 processing: ibidi's ToASCII and ToUnicode (profile
 * uts46: CheckHyphens, CheckBidi, CheckJoiners, UseSTD3ASCIIRules, VerifyDnsLength,
 * nontransitional) against ICU's UTS #46 object (uidna_openUTS46 with UIDNA_CHECK_BIDI,
 * UIDNA_CHECK_CONTEXTJ, UIDNA_USE_STD3_RULES and both NONTRANSITIONAL options; ICU always
 * checks hyphens and, in ToASCII, lengths; CONTEXTO is not a UTS #46 check, so
 * UIDNA_CHECK_CONTEXTO stays off).
 *
 * One oracle only: libidn2 implements IDNA2008 lookup (RFC 5891 §5) with the UTS #46
 * mapping in front, which rejects what UTS #46 accepts (the RFC 5892 derived property,
 * CONTEXTO, the Bidi Rule label by label), so it answers another question; python's idna
 * package cannot run inside a C fuzzer (tests/ may compare with it offline). The input's
 * code points are therefore restricted to what ICU's data (Unicode 15.0) knows as Unicode
 * 17.0 does, and each known deviation of ICU 72 from UTS #46 17.0 is a named exclusion.
 *
 * Input: the name in UTF-8 (ill-formed, or longer than MAX_NAME bytes: not read).
 * Compared, for ToASCII and for ToUnicode: whether the name is valid (ibidi: no error
 * finding; ICU: UIDNAInfo.errors is 0) and, when both say valid, the output. The error
 * codes themselves are not compared: the two sets of names differ (UTS #46's P1..X4_2
 * against ICU's UIDNA_ERROR_* bits).
 *
 * Named exclusions (counted per conversion):
 *  icu-older-data   the name holds a code point that Unicode 17.0 assigns and ICU 72
 *                   (Unicode 15.0) does not: ICU treats it as disallowed (UTS #46 §4
 *                   step 1 on its older IdnaMappingTable).
 *  icu-root-label   ToASCII: ibidi's only error is the empty root label of a name ending
 *                   in a full stop, which VerifyDnsLength rejects (UTS #46 §4.2 step 4.2,
 *                   IdnaTestV2.txt's A4_2 on "a.b."); ICU, which has no VerifyDnsLength
 *                   option, accepts a final empty label (UIDNA_ERROR_EMPTY_LABEL is only
 *                   for a non-final one).
 *  icu-std3-not-equal  the mapped name holds U+2260, U+226E or U+226F (NOT EQUAL TO, NOT
 *                   LESS-THAN, NOT GREATER-THAN; also made by NFC from "=", "<", ">" and
 *                   U+0338): UTS #46 up to 15.1 gave them the status disallowed_STD3_valid,
 *                   so that UseSTD3ASCIIRules rejects them, and ICU 72 does; since UTS #46
 *                   16.0 they are valid (NV8) and UseSTD3ASCIIRules checks ASCII code
 *                   points only (§4.1 criterion 7), as ibidi does: IdnaTestV2.txt 17.0
 *                   converts "≮" to "xn--gdh".
 *  icu-mapping-changed  the name holds a code point whose mapping in IdnaMappingTable.txt
 *                   changed after 15.0 (the list in mapping_changed): U+1E9E LATIN CAPITAL
 *                   LETTER SHARP S maps to U+00DF since 15.1, to "ss" in ICU 72.
 *  icu-default-ignorable  the name holds a Default_Ignorable_Code_Point that the 17.0 table
 *                   ignores and ICU 72 disallows (U+206A..U+206F, U+3164, U+FFA0...): UTS
 *                   #46 15.1 derives the status of every Default_Ignorable_Code_Point as
 *                   ignored (§5 step 2 of the derivation), 15.0 left some disallowed. Only
 *                   such code points are asked of ICU (label "a" + the code point), so the
 *                   exclusion cannot hide a wrong status elsewhere in ibidi's table.
 *  icu-cp-data-differs  the name holds a code point that, alone after "a" in a label,
 *                   ICU 72 and ibidi convert differently (validity or output): its UTS #46
 *                   data changed between 15.0 and 17.0 (U+04C0 CYRILLIC LETTER PALOCHKA,
 *                   disallowed in 15.0, maps to U+04CF in 17.0). ibidi's table equals 17.0's
 *                   IdnaMappingTable.txt for every code point (test_tables), so a code
 *                   point's own conversion differing is the data version; what a name does
 *                   beyond its code points alone is still compared.
 *  icu-ignored-root-label  ToUnicode: the mapped name ends in an empty label that was not
 *                   empty before mapping ("n.\u00AD": the soft hyphen is ignored): UTS #46
 *                   §4 breaks the mapped, normalized string into labels (step 3), so the
 *                   last label is the root label, which ToUnicode accepts; ICU 72 decides
 *                   on the input's labels and reports UIDNA_ERROR_EMPTY_LABEL.
 *  icu-hyphen-utf16  a label of the mapped name has "--" at its third and fourth code
 *                   points but not at its third and fourth UTF-16 code units, or the other
 *                   way round (a character above U+FFFF among its first two: "\U0001F600n--x"
 *                   or "\U0001F600--x"), and the two disagree only on that: UTS #46 §4.1
 *                   criterion 2 counts code points ("the third and fourth positions"), ICU
 *                   72 counts UTF-16 code units (UIDNA_ERROR_HYPHEN_3_4), so ibidi reports
 *                   V2 where ICU does not, or ICU alone reports it. Found by the long
 *                   campaign (issue 24).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/uidna.h>

#include "diff_report.h"
#include "ibidi/idna.h"
#include "ibidi/unicode.h"
#include "ibidi/utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum {
    EX_ICU_DATA,
    EX_ROOT_LABEL,
    EX_STD3_NOT_EQUAL,
    EX_MAPPING_CHANGED,
    EX_DEFAULT_IGNORABLE,
    EX_IGNORED_ROOT,
    EX_CP_DIFFERS,
    EX_HYPHEN_UTF16,
    EX_COUNT
};

static diff_exclusion exclusions[EX_COUNT] = {
    [EX_ICU_DATA] = {"icu-older-data",
                     "code point assigned after Unicode 15.0 (ICU 72)", 0},
    [EX_ROOT_LABEL] = {"icu-root-label",
                       "ICU accepts the empty root label that VerifyDnsLength rejects", 0},
    [EX_STD3_NOT_EQUAL] = {"icu-std3-not-equal",
                           "ICU 72 disallows U+2260, U+226E, U+226F under UseSTD3ASCIIRules", 0},
    [EX_MAPPING_CHANGED] = {"icu-mapping-changed",
                            "the UTS #46 mapping of a code point changed after 15.0", 0},
    [EX_DEFAULT_IGNORABLE] = {"icu-default-ignorable",
                              "ICU 72 disallows a Default_Ignorable_Code_Point (15.1: ignored)", 0},
    [EX_IGNORED_ROOT] = {"icu-ignored-root-label",
                         "ICU: a last label of ignored code points is empty, not the root", 0},
    [EX_CP_DIFFERS] = {"icu-cp-data-differs",
                       "a code point alone (label \"a\" + it) converts otherwise in ICU 72", 0},
    [EX_HYPHEN_UTF16] = {"icu-hyphen-utf16",
                         "ICU 72 finds \"--\" at UTF-16 units 3-4, not code points 3-4", 0},
};

static diff_report report = {"diff_idna", "conversions", 0, 0, 0, exclusions, EX_COUNT, 0};

/* Longest name read: past the 253 octets of a DNS name, so that lengths are compared too. */
#define MAX_NAME 400
#define MAX_FINDINGS 64
#define OUT_CAP 4096

/* Code points whose UTS #46 mapping differs between Unicode 15.0 (ICU 72) and 17.0. */
static int mapping_changed(uint32_t cp)
{
    return cp == 0x1E9E; /* 15.1: "ss" became U+00DF */
}

/* Does ICU 72 disallow cp, a Default_Ignorable_Code_Point that UTS #46 17.0 ignores? */
static int icu_disallows_ignorable(const UIDNA *icu, uint32_t cp)
{
    char label[8] = "a", out[64];
    size_t n = 1 + ibidi_utf8_encode_cp(cp, label + 1);
    UErrorCode e = U_ZERO_ERROR;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    uidna_labelToUnicodeUTF8(icu, label, (int32_t)n, out, (int32_t)sizeof out, &info, &e);
    return U_SUCCESS(e) && (info.errors & UIDNA_ERROR_DISALLOWED) != 0;
}

/* Do ICU 72 and ibidi convert the label "a" + cp differently (ToUnicode: validity or
 * output)? */
static int cp_differs(const UIDNA *icu, uint32_t cp)
{
    char label[8] = "a", out[64], mine[64];
    size_t n = 1 + ibidi_utf8_encode_cp(cp, label + 1);
    UErrorCode e = U_ZERO_ERROR;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    int32_t ol = uidna_labelToUnicodeUTF8(icu, label, (int32_t)n, out, (int32_t)sizeof out,
                                          &info, &e);
    ibidi_buf mb = {mine, sizeof mine, 0};
    ibidi_status st = ibidi_idna_to_unicode_utf8(label, n, NULL, &mb, NULL, NULL);
    const size_t ml = mb.len;
    if (U_FAILURE(e) || (st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID))
        return 1; /* either refuses it outright: nothing to compare */
    const int icu_valid = info.errors == 0, mine_valid = st == IBIDI_OK;
    return icu_valid != mine_valid ||
           (icu_valid && ((size_t)ol != ml || memcmp(out, mine, ml) != 0));
}

/* Does the name end in one of the four full stops that UTS #46 maps to "."? */
static int ends_in_full_stop(const char *name, size_t len)
{
    static const char *const stops[] = {".", "\xE3\x80\x82", "\xEF\xBC\x8E", "\xEF\xBD\xA1"};
    for (size_t i = 0; i < 4; i++) {
        size_t k = strlen(stops[i]);
        if (len >= k && memcmp(name + len - k, stops[i], k) == 0)
            return 1;
    }
    return 0;
}

/* Does a label of the mapped name t have "--" at its code points 3-4 and not at its UTF-16
 * code units 3-4, or the other way round? */
static int hyphens_16_differ(const char *t, size_t len)
{
    size_t pos = 0;
    while (pos < len) {
        uint32_t cp, cps[4] = {0, 0, 0, 0};
        uint16_t units[4] = {0, 0, 0, 0};
        size_t n = 0, u = 0;
        while (pos < len && ibidi_utf8_next(t, len, &pos, &cp, NULL) == IBIDI_OK && cp != '.') {
            if (n < 4)
                cps[n++] = cp;
            if (cp > 0xFFFF) {
                if (u < 4)
                    units[u++] = (uint16_t)(0xD800 + ((cp - 0x10000) >> 10));
                if (u < 4)
                    units[u++] = (uint16_t)(0xDC00 + (cp & 0x3FF));
            } else if (u < 4) {
                units[u++] = (uint16_t)cp;
            }
        }
        if ((cps[2] == '-' && cps[3] == '-') != (units[2] == '-' && units[3] == '-'))
            return 1;
    }
    return 0;
}

/* Are the name's error findings V2 ("--" at the third and fourth positions), one at
 * least, and maybe the empty root label (icu-root-label: ICU accepts it too)? */
static int only_v2_errors(const ibidi_findings *f)
{
    size_t v2 = 0, root = 0;
    for (size_t i = 0; i < f->n && i < f->cap; i++) {
        const ibidi_finding *x = &f->items[i];
        if (x->severity != IBIDI_SEVERITY_ERROR)
            continue;
        v2 += x->code == IBIDI_IDNA_V2;
        root += x->code == IBIDI_IDNA_A4_2 && x->detail == IBIDI_IDNA_ROOT_LABEL;
    }
    return f->n <= f->cap && v2 > 0 && v2 + root == f->errors;
}

/* Is the name's only error finding the empty root label (A4_2 with its detail)? */
static int only_root_label_error(const ibidi_findings *f)
{
    size_t root = 0;
    for (size_t i = 0; i < f->n && i < f->cap; i++)
        if (f->items[i].severity == IBIDI_SEVERITY_ERROR && f->items[i].code == IBIDI_IDNA_A4_2 &&
            f->items[i].detail == IBIDI_IDNA_ROOT_LABEL)
            root++;
    return f->n <= f->cap && root > 0 && root == f->errors;
}

static void dump_findings(const ibidi_findings *f)
{
    fprintf(stderr, "ibidi findings:");
    for (size_t i = 0; i < f->n && i < f->cap; i++)
        fprintf(stderr, " %s%s@%zu", ibidi_code_name(f->items[i].code),
                f->items[i].severity == IBIDI_SEVERITY_ERROR ? "" : "(warning)",
                f->items[i].offset);
    fprintf(stderr, "\n");
}

/* One conversion, both ways compared; to_ascii picks ToASCII or ToUnicode. */
static void compare(const UIDNA *icu, const char *name, size_t len, int to_ascii,
                    const char *mapped, size_t mapped_len, const uint8_t *data, size_t size)
{
    static char out_ibidi[OUT_CAP], out_icu[OUT_CAP];
    static ibidi_finding items[MAX_FINDINGS];
    ibidi_findings f = {items, MAX_FINDINGS, 0, 0};
    ibidi_buf b = {out_ibidi, OUT_CAP, 0};
    ibidi_status st = (to_ascii ? ibidi_idna_to_ascii_utf8 : ibidi_idna_to_unicode_utf8)(
        name, len, NULL, &b, &f, NULL);
    const size_t n_ibidi = b.len;
    if (st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID)
        abort(); /* every well-formed name of up to MAX_NAME bytes is processed */

    UErrorCode e = U_ZERO_ERROR;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    int32_t n_icu = (to_ascii ? uidna_nameToASCII_UTF8 : uidna_nameToUnicodeUTF8)(
        icu, name, (int32_t)len, out_icu, OUT_CAP, &info, &e);
    if (U_FAILURE(e))
        abort();

    int ok_ibidi = st == IBIDI_OK, ok_icu = info.errors == 0;
    if (to_ascii && !ok_ibidi && ok_icu && only_root_label_error(&f)) {
        diff_exclude(&report, EX_ROOT_LABEL);
        return;
    }
    if (!to_ascii && ok_ibidi && info.errors == UIDNA_ERROR_EMPTY_LABEL && n_ibidi > 0 &&
        out_ibidi[n_ibidi - 1] == '.' && !ends_in_full_stop(name, len)) {
        diff_exclude(&report, EX_IGNORED_ROOT);
        return;
    }
    if (ok_ibidi != ok_icu && hyphens_16_differ(mapped, mapped_len) &&
        (ok_ibidi ? info.errors == UIDNA_ERROR_HYPHEN_3_4 : only_v2_errors(&f))) {
        diff_exclude(&report, EX_HYPHEN_UTF16);
        return;
    }
    report.compared++;
    if (ok_ibidi == ok_icu &&
        (!ok_ibidi || ((size_t)n_icu == n_ibidi && memcmp(out_icu, out_ibidi, n_ibidi) == 0)))
        return;
    uint32_t cps[MAX_NAME];
    ibidi_buf32 dec = {cps, MAX_NAME, 0};
    if (ibidi_utf8_decode(name, len, &dec, NULL) == IBIDI_OK)
        diff_dump_cps("name", cps, dec.len);
    dump_findings(&f);
    diff_fail(&report, data, size,
              "%s: ibidi %s \"%.*s\", ICU %s (errors 0x%x) \"%.*s\"",
              to_ascii ? "ToASCII" : "ToUnicode", ok_ibidi ? "valid" : "invalid", (int)n_ibidi,
              out_ibidi, ok_icu ? "valid" : "invalid", (unsigned)info.errors, (int)n_icu,
              out_icu);
}

/* The exclusion for the code points of the name (pass 0) and of its mapped form (pass 1):
 * the first named deviation of one of them, or (generic) the first whose own conversion
 * differs; -1 when none. */
static int data_exclusion(const UIDNA *icu, const char *name, size_t size, const char *mapped,
                          size_t mapped_len, int generic)
{
    for (int pass = 0; pass < 2; pass++) {
        const char *t = pass ? mapped : name;
        size_t tlen = pass ? mapped_len : size, pos = 0;
        uint32_t cp;
        while (pos < tlen) {
            if (ibidi_utf8_next(t, tlen, &pos, &cp, NULL) != IBIDI_OK)
                abort();
            if (generic) {
                if (cp >= 0x80 && cp_differs(icu, cp))
                    return EX_CP_DIFFERS;
            } else if (ibidi_unicode_assigned(cp) && u_charType((UChar32)cp) == U_UNASSIGNED) {
                return EX_ICU_DATA;
            } else if (pass == 1 && (cp == 0x2260 || cp == 0x226E || cp == 0x226F)) {
                return EX_STD3_NOT_EQUAL;
            } else if (mapping_changed(cp)) {
                return EX_MAPPING_CHANGED;
            } else if (ibidi_unicode_default_ignorable(cp) &&
                       ibidi_unicode_uts46_status(cp) == IBIDI_UNICODE_UTS46_IGNORED &&
                       icu_disallows_ignorable(icu, cp)) {
                return EX_DEFAULT_IGNORABLE;
            }
        }
    }
    return -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static UIDNA *icu;
    diff_begin(&report, 2);
    const char *name = (const char *)data;
    size_t n = 0;
    if (size > MAX_NAME || ibidi_utf8_validate(name, size, &n, NULL) != IBIDI_OK) {
        report.unusable += 2;
        return 0;
    }
    if (!icu) {
        UErrorCode e = U_ZERO_ERROR;
        icu = uidna_openUTS46(UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ | UIDNA_USE_STD3_RULES |
                                  UIDNA_NONTRANSITIONAL_TO_ASCII |
                                  UIDNA_NONTRANSITIONAL_TO_UNICODE,
                              &e);
        if (U_FAILURE(e))
            abort();
    }

    /* Data: the code points of the name and of its mapped form (ToUnicode, with the
     * A-labels decoded), where ICU 72's Unicode 15.0 tables and UTS #46 15.0 differ from
     * 17.0's. */
    static char mapped[OUT_CAP];
    ibidi_buf mb = {mapped, OUT_CAP, 0};
    ibidi_status st = ibidi_idna_to_unicode_utf8(name, size, NULL, &mb, NULL, NULL);
    const size_t mapped_len = mb.len;
    if (st != IBIDI_OK && st != IBIDI_E_IDNA_INVALID)
        abort();
    /* the named deviations first, then a code point whose own conversion differs */
    for (int generic = 0; generic < 2; generic++) {
        const int ex = data_exclusion(icu, name, size, mapped, mapped_len, generic);
        if (ex >= 0) {
            diff_exclude(&report, (size_t)ex);
            diff_exclude(&report, (size_t)ex);
            return 0;
        }
    }
    compare(icu, name, size, 1, mapped, mapped_len, data, size);
    compare(icu, name, size, 0, mapped, mapped_len, data, size);
    return 0;
}
