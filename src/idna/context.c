/*
 * The contextual rules of RFC 5892 Appendix A: CONTEXTJ (A.1, A.2; findings C1, C2) and
 * CONTEXTO (A.3-A.9; findings O3-O9), one finding for every code point whose rule fails.
 *
 * The rule sets are those of the IANA "IDNA Contextual Rules" registry, which carries the
 * text of RFC 5892 Appendix A unchanged for all nine rules (only typography differs:
 * "0660-0669" for "0660..0669", "consonant conjunct" for "consonant-conjunct"). Notes on
 * reading them:
 *   - Before(FirstChar) and After(LastChar) are Undefined, which ends the evaluation with
 *     an Undefined result (Appendix A preamble); a rule that needs them fails.
 *   - A.1's regular expression is matched around the ZWNJ under test: a left- or
 *     dual-joining character, transparent characters, the ZWNJ, transparent characters,
 *     a right- or dual-joining character. Joining_Type comes from ArabicShaping.txt with
 *     its derivation (T for unlisted Mn, Me, Cf), as ibidi_unicode_joining_type gives it. Join
 *     causing (C, e.g. U+0640 TATWEEL, U+200D) is not in the rule's sets; another ZWNJ is
 *     U (non-joining), so it stops the match.
 *   - A.4-A.7 use the Script property, not Script_Extensions. A.7 in particular: U+30FB
 *     KATAKANA MIDDLE DOT has Script=Common (the rule's Overview says so) while its
 *     Script_Extensions include Hiragana, Katakana and Han; with Script_Extensions the dot
 *     would satisfy its own rule and A.7 would allow every label.
 *   - A.8 / A.9 start from True and turn False when the label holds any digit of the
 *     other range; every digit of both ranges is reported then (O8 on each U+0660..0669,
 *     O9 on each U+06F0..06F9).
 */
#include <stddef.h>
#include <stdint.h>

#include "ibidi/unicode.h"
#include "idna/idna_internal.h"

#define ZWNJ 0x200Cu
#define ZWJ 0x200Du
#define CCC_VIRAMA 9 /* Canonical_Combining_Class=Virama */

/* RFC 5892 A.1, A.2: Canonical_Combining_Class(Before(cp)) .eq. Virama. */
static int after_virama(const ibidi__label *l, size_t i)
{
    return i > 0 && ibidi_unicode_combining_class(l->cps[i - 1]) == CCC_VIRAMA;
}

/* RFC 5892 A.1: RegExpMatch((Joining_Type:{L,D})(Joining_Type:T)*\u200C
 * (Joining_Type:T)*(Joining_Type:{R,D})) for the ZWNJ at i. Each run of T is walked at
 * most twice (from the ZWNJ on either side; a ZWNJ is not T), so a label costs linear
 * time. */
static int zwnj_joining_context(const ibidi__label *l, size_t i)
{
    size_t j = i;
    while (j > 0 && ibidi_unicode_joining_type(l->cps[j - 1]) == IBIDI_UNICODE_JT_T)
        j--;
    if (j == 0)
        return 0;
    ibidi_unicode_jt left = ibidi_unicode_joining_type(l->cps[j - 1]);
    if (left != IBIDI_UNICODE_JT_L && left != IBIDI_UNICODE_JT_D)
        return 0;
    size_t k = i + 1;
    while (k < l->n && ibidi_unicode_joining_type(l->cps[k]) == IBIDI_UNICODE_JT_T)
        k++;
    if (k == l->n)
        return 0;
    ibidi_unicode_jt right = ibidi_unicode_joining_type(l->cps[k]);
    return right == IBIDI_UNICODE_JT_R || right == IBIDI_UNICODE_JT_D;
}

void ibidi__contextj_label(const ibidi__label *l, ibidi__sink *s)
{
    for (size_t i = 0; i < l->n; i++) {
        uint32_t c = l->cps[i];
        if (c == ZWNJ) {
            /* RFC 5892 A.1 */
            if (!after_virama(l, i) && !zwnj_joining_context(l, i))
                ibidi__idna_add(s, IBIDI_IDNA_C1, l->index, l->off[i], c, -1);
        } else if (c == ZWJ) {
            /* RFC 5892 A.2 */
            if (!after_virama(l, i))
                ibidi__idna_add(s, IBIDI_IDNA_C2, l->index, l->off[i], c, -1);
        }
    }
}

static int is_arabic_indic_digit(uint32_t c)
{
    return c >= 0x0660 && c <= 0x0669;
}

static int is_extended_arabic_indic_digit(uint32_t c)
{
    return c >= 0x06F0 && c <= 0x06F9;
}

int ibidi__has_context_rule(uint32_t c)
{
    return c == ZWNJ || c == ZWJ || c == 0x00B7 || c == 0x0375 || c == 0x05F3 || c == 0x05F4 ||
           c == 0x30FB || is_arabic_indic_digit(c) || is_extended_arabic_indic_digit(c);
}

void ibidi__contexto_label(const ibidi__label *l, ibidi__sink *s)
{
    /* What the label-wide rules (A.7, A.8, A.9) ask, in one pass. */
    int has_kana_han = 0, has_arabic_indic = 0, has_extended = 0;
    for (size_t i = 0; i < l->n; i++) {
        uint32_t c = l->cps[i];
        if (is_arabic_indic_digit(c)) {
            has_arabic_indic = 1;
        } else if (is_extended_arabic_indic_digit(c)) {
            has_extended = 1;
        } else if (!has_kana_han) {
            ibidi_unicode_sc sc = ibidi_unicode_script(c);
            if (sc == IBIDI_UNICODE_SC_HIRA || sc == IBIDI_UNICODE_SC_KANA ||
                sc == IBIDI_UNICODE_SC_HANI)
                has_kana_han = 1;
        }
    }

    for (size_t i = 0; i < l->n; i++) {
        uint32_t c = l->cps[i];
        ibidi_idna_code code;
        int ok;
        if (c == 0x00B7) {
            /* RFC 5892 A.3: Before(cp) .eq. U+006C And After(cp) .eq. U+006C */
            code = IBIDI_IDNA_O3;
            ok = i > 0 && i + 1 < l->n && l->cps[i - 1] == 0x6C && l->cps[i + 1] == 0x6C;
        } else if (c == 0x0375) {
            /* RFC 5892 A.4: Script(After(cp)) .eq. Greek */
            code = IBIDI_IDNA_O4;
            ok = i + 1 < l->n && ibidi_unicode_script(l->cps[i + 1]) == IBIDI_UNICODE_SC_GREK;
        } else if (c == 0x05F3 || c == 0x05F4) {
            /* RFC 5892 A.5, A.6: Script(Before(cp)) .eq. Hebrew */
            code = c == 0x05F3 ? IBIDI_IDNA_O5 : IBIDI_IDNA_O6;
            ok = i > 0 && ibidi_unicode_script(l->cps[i - 1]) == IBIDI_UNICODE_SC_HEBR;
        } else if (c == 0x30FB) {
            /* RFC 5892 A.7: some character of the label has Script Hiragana, Katakana or
             * Han (the dot itself is Common) */
            code = IBIDI_IDNA_O7;
            ok = has_kana_han;
        } else if (is_arabic_indic_digit(c)) {
            /* RFC 5892 A.8: no U+06F0..06F9 in the label */
            code = IBIDI_IDNA_O8;
            ok = !has_extended;
        } else if (is_extended_arabic_indic_digit(c)) {
            /* RFC 5892 A.9: no U+0660..0669 in the label */
            code = IBIDI_IDNA_O9;
            ok = !has_arabic_indic;
        } else {
            continue;
        }
        if (!ok)
            ibidi__idna_add(s, code, l->index, l->off[i], c, -1);
    }
}
