/*
 * Fuzz target for the character property lookups: the input is read as little-endian
 * 32-bit values (any value, also above 10FFFF). Properties, checked with abort():
 *  1. every lookup returns a value of its enumeration, and every value has a name;
 *  2. values above 10FFFF are unassigned (Cn) and have no name, mapping or decomposition;
 *  3. Bidi_Paired_Bracket is an involution between an opening and a closing bracket;
 *     a Bidi_Mirroring_Glyph exists only for Bidi_Mirrored characters;
 *  4. sizes are bounded by IBIDI_UNICODE_MAX_* and the same with any buffer capacity (preflight);
 *  5. a primary composite of two consecutive values decomposes canonically to them;
 *  6. the binary properties hold together as the UCD defines them: the explicit
 *     formatting classes are Bidi_Control (Cf, Default_Ignorable); noncharacters are
 *     exactly FDD0..FDEF and the last two of each plane, Cn and DISALLOWED under RFC 5892;
 *     the NV8/XV8 column is set only on UTS #46 valid code points; the RFC 5892 property
 *     has a name;
 *  7. names read back: the name of a Bidi_Class or Script gives the value again.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/idna.h"
#include "ibidi/unicode.h"

#define REQUIRE(c)                                                                                 \
    do {                                                                                           \
        if (!(c))                                                                                  \
            abort();                                                                               \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_one(uint32_t cp)
{
    ibidi_unicode_bc bc = ibidi_unicode_bidi_class(cp);
    ibidi_unicode_gc gc = ibidi_unicode_general_category(cp);
    ibidi_unicode_sc sc = ibidi_unicode_script(cp);
    ibidi_unicode_jt jt = ibidi_unicode_joining_type(cp);
    ibidi_unicode_bpt bpt = ibidi_unicode_bracket_type(cp);
    ibidi_unicode_uts46 st = ibidi_unicode_uts46_status(cp);
    ibidi_unicode_dt dt = IBIDI_UNICODE_DT_COUNT;
    uint32_t buf[IBIDI_UNICODE_MAX_DECOMPOSITION + IBIDI_UNICODE_MAX_UTS46_MAPPING];
    ibidi_unicode_sc scx[256];
    char name[IBIDI_UNICODE_MAX_NAME];

    /* 1 */
    REQUIRE((unsigned)bc < IBIDI_UNICODE_BC_COUNT && ibidi_unicode_bidi_class_name(bc));
    REQUIRE((unsigned)gc < IBIDI_UNICODE_GC_COUNT && ibidi_unicode_gc_name(gc));
    REQUIRE(sc < IBIDI_UNICODE_SC_COUNT && ibidi_unicode_script_name(sc) &&
            ibidi_unicode_script_long_name(sc));
    REQUIRE(jt <= IBIDI_UNICODE_JT_T && ibidi_unicode_joining_type_name(jt));
    REQUIRE(bpt <= IBIDI_UNICODE_BPT_CLOSE && ibidi_unicode_bracket_type_name(bpt));
    REQUIRE(st <= IBIDI_UNICODE_UTS46_DISALLOWED && ibidi_unicode_uts46_status_name(st));
    REQUIRE(ibidi_unicode_combining_class(cp) <= 254);
    REQUIRE(ibidi_unicode_assigned(cp) == (gc != IBIDI_UNICODE_GC_CN));

    /* 4: Script_Extensions, preflighted and full */
    size_t nscx = ibidi_unicode_script_extensions(cp, NULL, 0);
    REQUIRE(nscx >= 1 && nscx <= 256);
    REQUIRE(ibidi_unicode_script_extensions(cp, scx, 256) == nscx);
    for (size_t i = 0; i < nscx; i++)
        REQUIRE(scx[i] < IBIDI_UNICODE_SC_COUNT);

    /* 4: decomposition */
    size_t nd = ibidi_unicode_decomposition(cp, buf, IBIDI_UNICODE_MAX_DECOMPOSITION, &dt);
    REQUIRE(nd <= IBIDI_UNICODE_MAX_DECOMPOSITION && (unsigned)dt < IBIDI_UNICODE_DT_COUNT);
    REQUIRE((nd == 0) == (dt == IBIDI_UNICODE_DT_NONE));
    REQUIRE(ibidi_unicode_decomposition(cp, NULL, 0, NULL) == nd);

    /* 4: UTS #46 mapping */
    size_t nm = ibidi_unicode_uts46_mapping(cp, buf, IBIDI_UNICODE_MAX_UTS46_MAPPING);
    REQUIRE(nm <= IBIDI_UNICODE_MAX_UTS46_MAPPING);
    REQUIRE(nm == 0 || st == IBIDI_UNICODE_UTS46_MAPPED || st == IBIDI_UNICODE_UTS46_DEVIATION);
    REQUIRE(ibidi_unicode_uts46_mapping(cp, NULL, 0) == nm);

    /* 4: name */
    size_t nn = ibidi_unicode_name(cp, name, sizeof name);
    REQUIRE(nn <= IBIDI_UNICODE_MAX_NAME && ibidi_unicode_name(cp, NULL, 0) == nn);
    for (size_t i = 0; i < nn; i++)
        REQUIRE((name[i] >= 'A' && name[i] <= 'Z') || (name[i] >= '0' && name[i] <= '9') ||
                name[i] == ' ' || name[i] == '-');

    /* 2 */
    if (cp > 0x10FFFF)
        REQUIRE(gc == IBIDI_UNICODE_GC_CN && nn == 0 && nd == 0 && nm == 0);

    /* 3 */
    uint32_t pb = ibidi_unicode_paired_bracket(cp);
    if (bpt == IBIDI_UNICODE_BPT_NONE) {
        REQUIRE(pb == cp);
    } else {
        REQUIRE(pb != cp && ibidi_unicode_paired_bracket(pb) == cp);
        REQUIRE(ibidi_unicode_bracket_type(pb) ==
                (bpt == IBIDI_UNICODE_BPT_OPEN ? IBIDI_UNICODE_BPT_CLOSE : IBIDI_UNICODE_BPT_OPEN));
    }
    if (ibidi_unicode_mirroring_glyph(cp) != cp)
        REQUIRE(ibidi_unicode_bidi_mirrored(cp));

    /* 6 */
    const int ctl = ibidi_unicode_bidi_control(cp);
    if (bc >= IBIDI_UNICODE_BC_LRE && bc <= IBIDI_UNICODE_BC_PDI)
        REQUIRE(ctl);
    if (ctl)
        REQUIRE(gc == IBIDI_UNICODE_GC_CF && ibidi_unicode_default_ignorable(cp) &&
                (bc >= IBIDI_UNICODE_BC_LRE || bc == IBIDI_UNICODE_BC_L ||
                 bc == IBIDI_UNICODE_BC_R || bc == IBIDI_UNICODE_BC_AL));
    const int nonchar = cp <= 0x10FFFF && ((cp >= 0xFDD0 && cp <= 0xFDEF) ||
                                           (cp & 0xFFFEu) == 0xFFFEu);
    REQUIRE(ibidi_unicode_noncharacter(cp) == nonchar);
    const ibidi_idna_property ip = ibidi_idna_property_of(cp);
    REQUIRE(ibidi_idna_property_name(ip) != NULL);
    if (nonchar)
        REQUIRE(gc == IBIDI_UNICODE_GC_CN && !ibidi_unicode_default_ignorable(cp) &&
                ip == IBIDI_IDNA_DISALLOWED);
    const ibidi_unicode_idna2008 v8 = ibidi_unicode_uts46_idna2008(cp);
    REQUIRE(v8 <= IBIDI_UNICODE_UTS46_IDNA2008_XV8);
    if (v8 != IBIDI_UNICODE_UTS46_IDNA2008_NONE)
        REQUIRE(st == IBIDI_UNICODE_UTS46_VALID);

    /* 7 */
    const char *bn = ibidi_unicode_bidi_class_name(bc), *sn = ibidi_unicode_script_name(sc);
    REQUIRE(ibidi_unicode_bidi_class_from_name(bn, strlen(bn)) == (int)bc);
    REQUIRE(ibidi_unicode_script_from_name(sn, strlen(sn)) == (int)sc);
    REQUIRE(ibidi_unicode_decomposition_type_name(dt) != NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint32_t prev = 0;
    for (size_t i = 0; i + 4 <= size; i += 4) {
        uint32_t cp = (uint32_t)data[i] | (uint32_t)data[i + 1] << 8 | (uint32_t)data[i + 2] << 16 |
                      (uint32_t)data[i + 3] << 24;
        check_one(cp);
        /* 5 */
        uint32_t c = ibidi_unicode_compose(prev, cp);
        if (c) {
            uint32_t d[IBIDI_UNICODE_MAX_DECOMPOSITION];
            ibidi_unicode_dt dt;
            REQUIRE(ibidi_unicode_decomposition(c, d, IBIDI_UNICODE_MAX_DECOMPOSITION, &dt) == 2);
            REQUIRE(dt == IBIDI_UNICODE_DT_CANONICAL && d[0] == prev && d[1] == cp);
        }
        prev = cp;
    }
    return 0;
}
