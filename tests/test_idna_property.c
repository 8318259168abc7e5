/*
 * The RFC 5892 derived property computed by tools/gen_tables.c from the UCD (RFC 5892
 * §2-§3) against Unicode's own computation for 17.0.0, idna/Idna2008.txt: every code
 * point 0..10FFFF must agree. Plus the value names and spot checks from RFC 5892.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/idna.h"
#include "testlib.h"

#define NCP 0x110000u
#define NVAL 5

/* A value of field 1 of Idna2008.txt; -1 if unknown. */
static int value_of(const char *s, size_t n)
{
    static const char *const names[NVAL] = {"PVALID", "CONTEXTJ", "CONTEXTO", "DISALLOWED",
                                            "UNASSIGNED"};
    int i;
    for (i = 0; i < NVAL; i++)
        if (strlen(names[i]) == n && memcmp(names[i], s, n) == 0)
            return i;
    return -1;
}

/* Reads Idna2008.txt into expect[0..10FFFF]: "lo[..hi] ; VALUE # comment", the
 * "# @missing: 0000..10FFFF; UNASSIGNED" line giving the default. Returns 0 on error. */
static int load_idna2008(uint8_t *expect)
{
    size_t len;
    char *text = t_read_file(t_data_path("idna/Idna2008.txt"), &len), *line, *next;
    int missing_seen = 0, lines = 0;
    if (!CHECK(text != NULL, "cannot read %s", t_data_path("idna/Idna2008.txt")))
        return 0;
    memset(expect, 0xFF, NCP);
    for (line = text; line && *line; line = next) {
        char *p = line, *end, *semi;
        unsigned long lo, hi;
        int v, missing = 0;
        size_t n;
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (strncmp(p, "# @missing:", 11) == 0) {
            p += 11;
            missing = 1;
        } else if (*p == '#' || *p == '\0' || *p == '\r') {
            continue;
        }
        while (*p == ' ')
            p++;
        lo = strtoul(p, &end, 16);
        hi = lo;
        if (end[0] == '.' && end[1] == '.')
            hi = strtoul(end + 2, &end, 16);
        semi = strchr(end, ';');
        if (!CHECK(end != p && semi && lo <= hi && hi < NCP, "bad line in Idna2008.txt: %s",
                   line))
            continue;
        p = semi + 1;
        while (*p == ' ')
            p++;
        for (n = 0; p[n] && p[n] != ' ' && p[n] != '#' && p[n] != '\r'; n++)
            ;
        v = value_of(p, n);
        if (!CHECK(v >= 0, "unknown value in Idna2008.txt: %s", line))
            continue;
        if (missing) {
            /* the default comes first; listed ranges override it */
            CHECK(lo == 0 && hi == 0x10FFFF && !missing_seen && lines == 0,
                  "unexpected @missing line: %s", line);
            memset(expect, v, NCP);
            missing_seen = 1;
            continue;
        }
        memset(expect + lo, v, hi - lo + 1);
        lines++;
    }
    free(text);
    CHECK(missing_seen, "Idna2008.txt has no @missing line");
    return CHECK(lines > 1000, "Idna2008.txt: only %d data lines", lines);
}

static void compare_all(void)
{
    static const char *const label[NVAL] = {"PVALID", "CONTEXTJ", "CONTEXTO", "DISALLOWED",
                                            "UNASSIGNED"};
    uint8_t *expect = malloc(NCP);
    long count[NVAL] = {0}, diffs = 0, unset = 0;
    uint32_t cp;
    int i;
    if (!CHECK(expect != NULL, "out of memory"))
        return;
    if (!load_idna2008(expect)) {
        free(expect);
        return;
    }
    for (cp = 0; cp < NCP; cp++) {
        ibidi_idna_property got = ibidi_idna_property_of(cp);
        if (expect[cp] >= NVAL) {
            unset++;
            continue;
        }
        if ((int)got < 0 || (int)got >= NVAL || (int)got != expect[cp]) {
            if (diffs < 20)
                CHECK(0, "U+%04X: %s, Idna2008.txt says %s", (unsigned)cp,
                      ibidi_idna_property_name(got) ? ibidi_idna_property_name(got) : "?",
                      label[expect[cp]]);
            diffs++;
            continue;
        }
        count[got]++;
    }
    CHECK(unset == 0, "%ld code points without a value in Idna2008.txt", unset);
    CHECK(diffs == 0, "%ld differences in all", diffs);
    t_pass_n((long)NCP - diffs - unset);
    printf("compared %lu code points with Idna2008.txt: %ld differences\n", (unsigned long)NCP,
           diffs);
    for (i = 0; i < NVAL; i++)
        printf("info: %-10s %7ld code points\n", label[i], count[i]);
    free(expect);
}

static void check_names(void)
{
    CHECK(strcmp(ibidi_idna_property_name(IBIDI_IDNA_PVALID), "PVALID") == 0, "PVALID");
    CHECK(strcmp(ibidi_idna_property_name(IBIDI_IDNA_CONTEXTJ), "CONTEXTJ") == 0, "CONTEXTJ");
    CHECK(strcmp(ibidi_idna_property_name(IBIDI_IDNA_CONTEXTO), "CONTEXTO") == 0, "CONTEXTO");
    CHECK(strcmp(ibidi_idna_property_name(IBIDI_IDNA_DISALLOWED), "DISALLOWED") == 0,
          "DISALLOWED");
    CHECK(strcmp(ibidi_idna_property_name(IBIDI_IDNA_UNASSIGNED), "UNASSIGNED") == 0,
          "UNASSIGNED");
    CHECK(ibidi_idna_property_name((ibidi_idna_property)5) == NULL, "name of 5");
    CHECK(ibidi_idna_property_name((ibidi_idna_property)-1) == NULL, "name of -1");
}

/* Values RFC 5892 states outright (§2, Appendix A, Appendix B), stable since Unicode 5.2. */
static void check_spots(void)
{
    static const struct {
        uint32_t cp;
        ibidi_idna_property p;
        const char *why;
    } spots[] = {
        {0x002D, IBIDI_IDNA_PVALID, "§2.5 LDH: HYPHEN-MINUS"},
        {0x0030, IBIDI_IDNA_PVALID, "§2.5 LDH: DIGIT ZERO"},
        {0x0061, IBIDI_IDNA_PVALID, "§2.5 LDH: LATIN SMALL LETTER A"},
        {0x007A, IBIDI_IDNA_PVALID, "§2.5 LDH: LATIN SMALL LETTER Z"},
        {0x0041, IBIDI_IDNA_DISALLOWED, "§2.2 Unstable: LATIN CAPITAL LETTER A"},
        {0x0020, IBIDI_IDNA_DISALLOWED, "SPACE"},
        {0x002E, IBIDI_IDNA_DISALLOWED, "FULL STOP"},
        {0x00B7, IBIDI_IDNA_CONTEXTO, "§2.6: MIDDLE DOT"},
        {0x00DF, IBIDI_IDNA_PVALID, "§2.6: LATIN SMALL LETTER SHARP S"},
        {0x03C2, IBIDI_IDNA_PVALID, "§2.6: GREEK SMALL LETTER FINAL SIGMA"},
        {0x0375, IBIDI_IDNA_CONTEXTO, "§2.6: GREEK LOWER NUMERAL SIGN"},
        {0x05F3, IBIDI_IDNA_CONTEXTO, "§2.6: HEBREW PUNCTUATION GERESH"},
        {0x05F4, IBIDI_IDNA_CONTEXTO, "§2.6: HEBREW PUNCTUATION GERSHAYIM"},
        {0x0640, IBIDI_IDNA_DISALLOWED, "§2.6: ARABIC TATWEEL"},
        {0x0660, IBIDI_IDNA_CONTEXTO, "§2.6: ARABIC-INDIC DIGIT ZERO"},
        {0x0669, IBIDI_IDNA_CONTEXTO, "§2.6: ARABIC-INDIC DIGIT NINE"},
        {0x06F0, IBIDI_IDNA_CONTEXTO, "§2.6: EXTENDED ARABIC-INDIC DIGIT ZERO"},
        {0x07FA, IBIDI_IDNA_DISALLOWED, "§2.6: NKO LAJANYALAN"},
        {0x0F0B, IBIDI_IDNA_PVALID, "§2.6: TIBETAN MARK INTERSYLLABIC TSHEG"},
        {0x3007, IBIDI_IDNA_PVALID, "§2.6: IDEOGRAPHIC NUMBER ZERO"},
        {0x30FB, IBIDI_IDNA_CONTEXTO, "§2.6: KATAKANA MIDDLE DOT"},
        {0x200C, IBIDI_IDNA_CONTEXTJ, "§2.8: ZERO WIDTH NON-JOINER"},
        {0x200D, IBIDI_IDNA_CONTEXTJ, "§2.8: ZERO WIDTH JOINER"},
        {0x00AD, IBIDI_IDNA_DISALLOWED, "§2.3: SOFT HYPHEN (Default_Ignorable)"},
        {0xFDD0, IBIDI_IDNA_DISALLOWED, "§2.3: noncharacter (not UNASSIGNED: §2.10)"},
        {0xFFFF, IBIDI_IDNA_DISALLOWED, "§2.3: noncharacter"},
        {0x10FFFF, IBIDI_IDNA_DISALLOWED, "§2.3: noncharacter"},
        {0x20D0, IBIDI_IDNA_DISALLOWED, "§2.4: Combining Diacritical Marks for Symbols"},
        {0x1D165, IBIDI_IDNA_DISALLOWED, "§2.4: Musical Symbols (a Mc)"},
        {0x1D242, IBIDI_IDNA_DISALLOWED, "§2.4: Ancient Greek Musical Notation (a Mn)"},
        {0x1100, IBIDI_IDNA_DISALLOWED, "§2.9: HANGUL CHOSEONG KIYEOK"},
        {0x11A8, IBIDI_IDNA_DISALLOWED, "§2.9: HANGUL JONGSEONG KIYEOK"},
        {0xAC00, IBIDI_IDNA_PVALID, "§2.1: HANGUL SYLLABLE GA"},
        {0x4E00, IBIDI_IDNA_PVALID, "§2.1: a CJK ideograph"},
        {0x0627, IBIDI_IDNA_PVALID, "§2.1: ARABIC LETTER ALEF"},
        {0x0301, IBIDI_IDNA_PVALID, "§2.1: COMBINING ACUTE ACCENT (Mn)"},
        {0x00C0, IBIDI_IDNA_DISALLOWED, "§2.2: LATIN CAPITAL LETTER A WITH GRAVE"},
        {0x2126, IBIDI_IDNA_DISALLOWED, "§2.2: OHM SIGN"},
        {0xFB01, IBIDI_IDNA_DISALLOWED, "§2.2: LATIN SMALL LIGATURE FI"},
        {0x0378, IBIDI_IDNA_UNASSIGNED, "§2.10: unassigned in the Greek block"},
        {0xE0000, IBIDI_IDNA_UNASSIGNED, "§2.10: unassigned in plane 14"},
        {0xE000, IBIDI_IDNA_DISALLOWED, "private use"},
        {0xD800, IBIDI_IDNA_DISALLOWED, "surrogate"},
        {0xDFFF, IBIDI_IDNA_DISALLOWED, "surrogate"},
        {0x110000, IBIDI_IDNA_DISALLOWED, "beyond 10FFFF"},
        {0xFFFFFFFFu, IBIDI_IDNA_DISALLOWED, "beyond 10FFFF"},
    };
    size_t i;
    for (i = 0; i < sizeof spots / sizeof spots[0]; i++) {
        ibidi_idna_property got = ibidi_idna_property_of(spots[i].cp);
        CHECK(got == spots[i].p, "U+%04X (%s): %s, expected %s", (unsigned)spots[i].cp,
              spots[i].why, ibidi_idna_property_name(got) ? ibidi_idna_property_name(got) : "?",
              ibidi_idna_property_name(spots[i].p));
    }
}

int main(void)
{
    compare_all();
    check_names();
    check_spots();
    return t_summary();
}
