/*
 * Exhaustive check of the generated Unicode 17.0.0 tables: for every code point 0..10FFFF
 * and every property, the library's lookup is compared with a value this test reads from
 * the UCD text files itself. The reading path is independent of tools/gen_tables.c, and
 * where the UCD allows it reads a different file:
 *   General_Category, Canonical_Combining_Class, Bidi_Class: UnicodeData.txt (First/Last
 *     ranges; Bidi_Class defaults from the @missing lines of DerivedBidiClass.txt and BN
 *     for unassigned Default_Ignorable_Code_Point or Noncharacter_Code_Point, UAX #44)
 *     where the generator reads the extracted/Derived*.txt files;
 *   Bidi_Mirrored: extracted/DerivedBinaryProperties.txt (generator: UnicodeData.txt);
 *   Joining_Type: ArabicShaping.txt plus "T for unlisted Mn, Me, Cf, else U";
 *   Noncharacter_Code_Point: the rule of §23.7 (FDD0..FDEF, the last two of each plane);
 *   Decomposition_Type: extracted/DerivedDecompositionType.txt;
 *   composition: canonical pairs of UnicodeData.txt minus CompositionExclusions.txt,
 *     singletons and non-starter decompositions (UAX #15), Hangul by §3.12;
 *   names: extracted/DerivedName.txt, and UnicodeData.txt field 1 where it has the name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi/unicode.h"
#include "ibidi/normalize.h"
#include "testlib.h"
#include "common/internal.h"
#include "unicode/ucd.h"

#define NCP 0x110000u
#define MAXD 18

/* ------------------------------------------------------------------ counting */

typedef struct tally {
    const char *what;
    long same, diff;
} tally;

/* Counts one comparison; returns ok so that "count(...) || CHECK(0, ...)" reports misses. */
static int count(tally *t, int ok)
{
    if (ok)
        t->same++;
    else
        t->diff++;
    return ok;
}

static void report(tally *t)
{
    printf("compared %ld values of %s: %ld mismatches\n", t->same + t->diff, t->what, t->diff);
    t_pass_n(t->same);
}

/* ------------------------------------------------------------------ file reading */

/* Fields of one line, split at ';' and trimmed; comment removed; "@missing" lines are
 * returned with is_missing set (the comment marker removed). */
typedef struct line {
    char *f[20];
    int n;
    int is_missing;
} line;

typedef struct reader {
    char *buf, *pos;
} reader;

static int open_ucd(reader *r, const char *rel)
{
    r->buf = t_read_file(t_data_path(rel), NULL);
    r->pos = r->buf;
    if (!r->buf)
        CHECK(0, "cannot read %s", t_data_path(rel));
    return r->buf != NULL;
}

static char *strip(char *s)
{
    size_t n;
    while (*s == ' ' || *s == '\t')
        s++;
    n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

static int next_line(reader *r, line *l)
{
    while (r->pos && *r->pos) {
        char *s = r->pos, *nl = strchr(s, '\n'), *p;
        r->pos = nl ? nl + 1 : NULL;
        if (nl)
            *nl = '\0';
        l->is_missing = 0;
        l->n = 0;
        if (s[0] == '#') {
            const char *tag = "# @missing:";
            if (strncmp(s, tag, strlen(tag)) != 0)
                continue;
            s += strlen(tag);
            l->is_missing = 1;
        } else if ((p = strchr(s, '#')) != NULL) {
            *p = '\0';
        }
        s = strip(s);
        if (*s == '\0')
            continue;
        for (;;) {
            char *semi = strchr(s, ';');
            if (semi)
                *semi = '\0';
            if (l->n < 20)
                l->f[l->n++] = strip(s);
            if (!semi)
                break;
            s = semi + 1;
        }
        return 1;
    }
    return 0;
}

static void close_ucd(reader *r) { free(r->buf); }

/* "0041" or "0041..005A" */
static void range_of(const char *s, uint32_t *lo, uint32_t *hi)
{
    char *end;
    *lo = (uint32_t)strtoul(s, &end, 16);
    *hi = *lo;
    if (end[0] == '.' && end[1] == '.')
        *hi = (uint32_t)strtoul(end + 2, NULL, 16);
    if (*hi >= NCP)
        *hi = NCP - 1;
}

static int seq_of(const char *s, uint32_t *out, int cap)
{
    int n = 0;
    char *end;
    for (;;) {
        while (*s == ' ')
            s++;
        if (!*s || n == cap)
            return n;
        out[n++] = (uint32_t)strtoul(s, &end, 16);
        if (end == s)
            return n;
        s = end;
    }
}

/* ------------------------------------------------------------------ expected values */

/* Short names of the public enumerations, written from UAX #44 / PropertyValueAliases. */
static const struct {
    const char *name;
    int value;
} BC[] = {{"L", IBIDI_UNICODE_BC_L},     {"R", IBIDI_UNICODE_BC_R},
          {"AL", IBIDI_UNICODE_BC_AL},   {"EN", IBIDI_UNICODE_BC_EN},
          {"ES", IBIDI_UNICODE_BC_ES},   {"ET", IBIDI_UNICODE_BC_ET},
          {"AN", IBIDI_UNICODE_BC_AN},   {"CS", IBIDI_UNICODE_BC_CS},
          {"NSM", IBIDI_UNICODE_BC_NSM}, {"BN", IBIDI_UNICODE_BC_BN},
          {"B", IBIDI_UNICODE_BC_B},     {"S", IBIDI_UNICODE_BC_S},
          {"WS", IBIDI_UNICODE_BC_WS},   {"ON", IBIDI_UNICODE_BC_ON},
          {"LRE", IBIDI_UNICODE_BC_LRE}, {"LRO", IBIDI_UNICODE_BC_LRO},
          {"RLE", IBIDI_UNICODE_BC_RLE}, {"RLO", IBIDI_UNICODE_BC_RLO},
          {"PDF", IBIDI_UNICODE_BC_PDF}, {"LRI", IBIDI_UNICODE_BC_LRI},
          {"RLI", IBIDI_UNICODE_BC_RLI}, {"FSI", IBIDI_UNICODE_BC_FSI},
          {"PDI", IBIDI_UNICODE_BC_PDI}},
  GC[] = {{"Lu", IBIDI_UNICODE_GC_LU}, {"Ll", IBIDI_UNICODE_GC_LL}, {"Lt", IBIDI_UNICODE_GC_LT},
          {"Lm", IBIDI_UNICODE_GC_LM}, {"Lo", IBIDI_UNICODE_GC_LO}, {"Mn", IBIDI_UNICODE_GC_MN},
          {"Mc", IBIDI_UNICODE_GC_MC}, {"Me", IBIDI_UNICODE_GC_ME}, {"Nd", IBIDI_UNICODE_GC_ND},
          {"Nl", IBIDI_UNICODE_GC_NL}, {"No", IBIDI_UNICODE_GC_NO}, {"Pc", IBIDI_UNICODE_GC_PC},
          {"Pd", IBIDI_UNICODE_GC_PD}, {"Ps", IBIDI_UNICODE_GC_PS}, {"Pe", IBIDI_UNICODE_GC_PE},
          {"Pi", IBIDI_UNICODE_GC_PI}, {"Pf", IBIDI_UNICODE_GC_PF}, {"Po", IBIDI_UNICODE_GC_PO},
          {"Sm", IBIDI_UNICODE_GC_SM}, {"Sc", IBIDI_UNICODE_GC_SC}, {"Sk", IBIDI_UNICODE_GC_SK},
          {"So", IBIDI_UNICODE_GC_SO}, {"Zs", IBIDI_UNICODE_GC_ZS}, {"Zl", IBIDI_UNICODE_GC_ZL},
          {"Zp", IBIDI_UNICODE_GC_ZP}, {"Cc", IBIDI_UNICODE_GC_CC}, {"Cf", IBIDI_UNICODE_GC_CF},
          {"Cs", IBIDI_UNICODE_GC_CS}, {"Co", IBIDI_UNICODE_GC_CO}, {"Cn", IBIDI_UNICODE_GC_CN}},
  JT[] = {{"U", IBIDI_UNICODE_JT_U}, {"C", IBIDI_UNICODE_JT_C}, {"D", IBIDI_UNICODE_JT_D},
          {"L", IBIDI_UNICODE_JT_L}, {"R", IBIDI_UNICODE_JT_R}, {"T", IBIDI_UNICODE_JT_T}},
  /* long names of DerivedDecompositionType.txt */
    DT[] = {{"None", IBIDI_UNICODE_DT_NONE},         {"Canonical", IBIDI_UNICODE_DT_CANONICAL},
            {"Compat", IBIDI_UNICODE_DT_COMPAT},     {"Font", IBIDI_UNICODE_DT_FONT},
            {"Nobreak", IBIDI_UNICODE_DT_NOBREAK},   {"Initial", IBIDI_UNICODE_DT_INITIAL},
            {"Medial", IBIDI_UNICODE_DT_MEDIAL},     {"Final", IBIDI_UNICODE_DT_FINAL},
            {"Isolated", IBIDI_UNICODE_DT_ISOLATED}, {"Circle", IBIDI_UNICODE_DT_CIRCLE},
            {"Super", IBIDI_UNICODE_DT_SUPER},       {"Sub", IBIDI_UNICODE_DT_SUB},
            {"Vertical", IBIDI_UNICODE_DT_VERTICAL}, {"Wide", IBIDI_UNICODE_DT_WIDE},
            {"Narrow", IBIDI_UNICODE_DT_NARROW},     {"Small", IBIDI_UNICODE_DT_SMALL},
            {"Square", IBIDI_UNICODE_DT_SQUARE},     {"Fraction", IBIDI_UNICODE_DT_FRACTION}},
  ST[] = {{"valid", IBIDI_UNICODE_UTS46_VALID},
          {"ignored", IBIDI_UNICODE_UTS46_IGNORED},
          {"mapped", IBIDI_UNICODE_UTS46_MAPPED},
          {"deviation", IBIDI_UNICODE_UTS46_DEVIATION},
          {"disallowed", IBIDI_UNICODE_UTS46_DISALLOWED}};

#define LOOKUP(table, s) lookup_value(table, sizeof table / sizeof table[0], s)
static int lookup_value(const void *table, size_t n, const char *s)
{
    const struct {
        const char *name;
        int value;
    } *t = table;
    size_t i;
    for (i = 0; i < n; i++)
        if (strcmp(t[i].name, s) == 0)
            return t[i].value;
    return -1;
}

/* PropertyValueAliases.txt lines of one property: aliases[k] lists the names of value k. */
typedef struct aliases {
    char *names[300][4];
    int n[300];
    int count;
} aliases;

static void read_aliases(aliases *a, const char *prop)
{
    reader r;
    line l;
    memset(a, 0, sizeof *a);
    if (!open_ucd(&r, "PropertyValueAliases.txt"))
        return;
    while (next_line(&r, &l)) {
        int k;
        if (l.is_missing || strcmp(l.f[0], prop) != 0 || a->count == 300)
            continue;
        for (k = 1; k < l.n && k <= 4; k++) {
            size_t len = strlen(l.f[k]);
            a->names[a->count][k - 1] = malloc(len + 1);
            memcpy(a->names[a->count][k - 1], l.f[k], len + 1);
        }
        a->n[a->count] = l.n - 1 > 4 ? 4 : l.n - 1;
        a->count++;
    }
    close_ucd(&r);
}

/* The short name (first alias) of a value named by any alias, or NULL. */
static const char *short_of(const aliases *a, const char *name)
{
    int i, k;
    for (i = 0; i < a->count; i++)
        for (k = 0; k < a->n[i]; k++)
            if (strcmp(a->names[i][k], name) == 0)
                return a->names[i][0];
    return NULL;
}

static void free_aliases(aliases *a)
{
    int i, k;
    for (i = 0; i < a->count; i++)
        for (k = 0; k < a->n[i]; k++)
            free(a->names[i][k]);
}

/* Per code point expectations. */
static uint8_t *e_gc, *e_ccc, *e_bc, *e_listed, *e_dt, *e_dmlen, *e_di;
static uint32_t (*e_dm)[MAXD];
static char **e_uname; /* UnicodeData field 1 where it is the name */

static void read_unicodedata(void)
{
    reader r;
    line l;
    uint32_t first = 0;
    if (!open_ucd(&r, "UnicodeData.txt"))
        return;
    while (next_line(&r, &l)) {
        uint32_t cp, lo, hi, c;
        int gc, bc;
        if (l.n != 15) {
            CHECK(0, "UnicodeData.txt: %d fields", l.n);
            continue;
        }
        cp = (uint32_t)strtoul(l.f[0], NULL, 16);
        if (strstr(l.f[1], ", First>")) {
            first = cp;
            continue;
        }
        lo = strstr(l.f[1], ", Last>") ? first : cp;
        hi = cp;
        gc = LOOKUP(GC, l.f[2]);
        bc = LOOKUP(BC, l.f[4]);
        CHECK(gc >= 0 && bc >= 0, "UnicodeData.txt: unknown values at %s", l.f[0]);
        for (c = lo; c <= hi; c++) {
            e_gc[c] = (uint8_t)gc;
            e_bc[c] = (uint8_t)bc;
            e_ccc[c] = (uint8_t)atoi(l.f[3]);
            e_listed[c] = 1;
        }
        if (l.f[1][0] != '<') {
            size_t len = strlen(l.f[1]);
            e_uname[cp] = malloc(len + 1);
            memcpy(e_uname[cp], l.f[1], len + 1);
        }
        if (l.f[5][0]) {
            const char *s = l.f[5];
            if (s[0] == '<') {
                const char *e = strchr(s, '>');
                s = e ? e + 1 : s;
                e_dt[cp] = IBIDI_UNICODE_DT_COMPAT; /* the exact tag is checked against
                                                       DerivedDecompositionType */
            } else {
                e_dt[cp] = IBIDI_UNICODE_DT_CANONICAL;
            }
            e_dmlen[cp] = (uint8_t)seq_of(s, e_dm[cp], MAXD);
        }
    }
    close_ucd(&r);
}

/* Hangul, Unicode §3.12 */
#define S_BASE 0xAC00u
#define L_BASE 0x1100u
#define V_BASE 0x1161u
#define T_BASE 0x11A7u
#define N_S 11172u
#define N_T 28u
#define N_N 588u

static int is_syllable(uint32_t c) { return c >= S_BASE && c < S_BASE + N_S; }

/* Full decomposition by recursion over UnicodeData.txt, then canonical ordering (D109). */
static int expand(uint32_t c, int compat, uint32_t *out, int cap)
{
    int n = 0, i;
    if (is_syllable(c)) {
        uint32_t s = c - S_BASE;
        out[n++] = L_BASE + s / N_N;
        out[n++] = V_BASE + (s % N_N) / N_T;
        if (s % N_T)
            out[n++] = T_BASE + s % N_T;
        return n;
    }
    if (e_dmlen[c] == 0 || (!compat && e_dt[c] != IBIDI_UNICODE_DT_CANONICAL)) {
        out[0] = c;
        return 1;
    }
    for (i = 0; i < e_dmlen[c]; i++) {
        uint32_t sub[64];
        int m = expand(e_dm[c][i], compat, sub, 64), k;
        for (k = 0; k < m && n < cap; k++)
            out[n++] = sub[k];
    }
    return n;
}

static void reorder(uint32_t *s, int n)
{
    int done = 0, i;
    while (!done) { /* bubble sort of adjacent non-starters: stable */
        done = 1;
        for (i = 0; i + 1 < n; i++)
            if (e_ccc[s[i + 1]] != 0 && e_ccc[s[i]] > e_ccc[s[i + 1]]) {
                uint32_t t = s[i];
                s[i] = s[i + 1];
                s[i + 1] = t;
                done = 0;
            }
    }
}

/* ------------------------------------------------------------------ the checks */

static void check_basic(void)
{
    tally gc = {"General_Category", 0, 0}, ccc = {"Canonical_Combining_Class", 0, 0},
          asg = {"assigned", 0, 0}, bc = {"Bidi_Class", 0, 0};
    uint8_t *dflt = calloc(NCP, 1);
    reader r;
    line l;
    uint32_t c;
    aliases bca;
    read_aliases(&bca, "bc");
    /* Defaults of unlisted code points: the @missing lines of DerivedBidiClass.txt. */
    if (open_ucd(&r, "extracted/DerivedBidiClass.txt")) {
        int lines = 0;
        while (next_line(&r, &l)) {
            uint32_t lo, hi;
            const char *s;
            if (!l.is_missing || l.n < 2)
                continue;
            s = short_of(&bca, l.f[1]);
            range_of(l.f[0], &lo, &hi);
            CHECK(s && LOOKUP(BC, s) >= 0, "unknown Bidi_Class %s", l.f[1]);
            for (c = lo; s && c <= hi; c++)
                dflt[c] = (uint8_t)LOOKUP(BC, s);
            lines++;
        }
        printf("info: %d @missing lines of DerivedBidiClass.txt give the Bidi_Class defaults\n",
               lines);
        close_ucd(&r);
    }
    free_aliases(&bca);
    for (c = 0; c < NCP; c++) {
        int want_bc = e_listed[c] ? e_bc[c] : dflt[c];
        int nc = (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
        int got;
        /* UAX #44 / DerivedBidiClass.txt: unassigned DI and noncharacters default to BN. */
        if (!e_listed[c] && (e_di[c] || nc))
            want_bc = IBIDI_UNICODE_BC_BN;
        got = (int)ibidi_unicode_bidi_class(c);
        if (!count(&bc, got == want_bc))
            CHECK(0, "U+%04X Bidi_Class %d, expected %d", (unsigned)c, got, want_bc);
        got = (int)ibidi_unicode_general_category(c);
        if (!count(&gc, got == e_gc[c]))
            CHECK(0, "U+%04X General_Category %d, expected %d", (unsigned)c, got, e_gc[c]);
        got = ibidi_unicode_combining_class(c);
        if (!count(&ccc, got == e_ccc[c] && IBIDI__NI_CCC(ibidi__norm_info(c)) == e_ccc[c]))
            CHECK(0, "U+%04X ccc %d, expected %d", (unsigned)c, got, e_ccc[c]);
        if (!count(&asg, ibidi_unicode_assigned(c) == (e_gc[c] != IBIDI_UNICODE_GC_CN)))
            CHECK(0, "U+%04X assigned", (unsigned)c);
    }
    report(&bc);
    report(&gc);
    report(&ccc);
    report(&asg);
    free(dflt);
}

/* Reads "lo..hi ; Property" lines of a binary property into a[]. */
static void read_binary(const char *file, const char *prop, uint8_t *a)
{
    unsigned char *set = t_ucd_property(file, prop, NULL);
    if (!set) {
        CHECK(0, "cannot read %s", t_data_path(file));
        return;
    }
    for (uint32_t c = 0; c < NCP; c++)
        a[c] |= set[c];
    free(set);
}

static void check_flags(void)
{
    tally di = {"Default_Ignorable_Code_Point", 0, 0}, nc = {"Noncharacter_Code_Point", 0, 0},
          bm = {"Bidi_Mirrored", 0, 0}, bcl = {"Bidi_Control", 0, 0};
    uint8_t *mir = calloc(NCP, 1), *ctl = calloc(NCP, 1);
    uint32_t c;
    read_binary("extracted/DerivedBinaryProperties.txt", "Bidi_Mirrored", mir);
    read_binary("PropList.txt", "Bidi_Control", ctl);
    for (c = 0; c < NCP; c++) {
        /* §23.7: U+FDD0..U+FDEF and the last two code points of every plane. */
        int want_nc = (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
        if (!count(&di, ibidi_unicode_default_ignorable(c) == e_di[c]))
            CHECK(0, "U+%04X Default_Ignorable_Code_Point", (unsigned)c);
        if (!count(&nc, ibidi_unicode_noncharacter(c) == want_nc))
            CHECK(0, "U+%04X Noncharacter_Code_Point", (unsigned)c);
        if (!count(&bm, ibidi_unicode_bidi_mirrored(c) == mir[c]))
            CHECK(0, "U+%04X Bidi_Mirrored", (unsigned)c);
        /* the public call and the inline test of the library's internals */
        if (!count(&bcl,
                   ibidi_unicode_bidi_control(c) == ctl[c] && ibidi__is_bidi_control(c) == ctl[c]))
            CHECK(0, "U+%04X Bidi_Control", (unsigned)c);
    }
    report(&di);
    report(&nc);
    report(&bm);
    report(&bcl);
    free(mir);
    free(ctl);
}

static void check_pairs(void)
{
    tally bmg = {"Bidi_Mirroring_Glyph", 0, 0}, bpb = {"Bidi_Paired_Bracket", 0, 0},
          bpt = {"Bidi_Paired_Bracket_Type", 0, 0};
    uint32_t *glyph = calloc(NCP, sizeof *glyph), *pair = calloc(NCP, sizeof *pair), c;
    uint8_t *type = calloc(NCP, 1);
    reader r;
    line l;
    for (c = 0; c < NCP; c++)
        glyph[c] = pair[c] = c; /* @missing: <none>; the API returns cp itself */
    if (open_ucd(&r, "BidiMirroring.txt")) {
        while (next_line(&r, &l))
            if (!l.is_missing && l.n >= 2)
                glyph[strtoul(l.f[0], NULL, 16)] = (uint32_t)strtoul(l.f[1], NULL, 16);
        close_ucd(&r);
    }
    if (open_ucd(&r, "BidiBrackets.txt")) {
        while (next_line(&r, &l)) {
            uint32_t cp;
            if (l.is_missing || l.n < 3)
                continue;
            cp = (uint32_t)strtoul(l.f[0], NULL, 16);
            pair[cp] = (uint32_t)strtoul(l.f[1], NULL, 16);
            type[cp] = strcmp(l.f[2], "o") == 0   ? IBIDI_UNICODE_BPT_OPEN
                       : strcmp(l.f[2], "c") == 0 ? IBIDI_UNICODE_BPT_CLOSE
                                                  : 99;
        }
        close_ucd(&r);
    }
    for (c = 0; c < NCP; c++) {
        if (!count(&bmg, ibidi_unicode_mirroring_glyph(c) == glyph[c]))
            CHECK(0, "U+%04X Bidi_Mirroring_Glyph %04X, expected %04X", (unsigned)c,
                  (unsigned)ibidi_unicode_mirroring_glyph(c), (unsigned)glyph[c]);
        if (!count(&bpb, ibidi_unicode_paired_bracket(c) == pair[c]))
            CHECK(0, "U+%04X Bidi_Paired_Bracket", (unsigned)c);
        if (!count(&bpt, (int)ibidi_unicode_bracket_type(c) == type[c]))
            CHECK(0, "U+%04X Bidi_Paired_Bracket_Type", (unsigned)c);
    }
    report(&bmg);
    report(&bpb);
    report(&bpt);
    free(glyph);
    free(pair);
    free(type);
}

static void check_decompositions(void)
{
    tally dm = {"Decomposition_Mapping", 0, 0}, dt = {"Decomposition_Type", 0, 0},
          nfd = {"full canonical decomposition", 0, 0},
          nfkd = {"full compatibility decomposition", 0, 0};
    uint8_t *dtype = calloc(NCP, 1);
    reader r;
    line l;
    uint32_t c;
    if (open_ucd(&r, "extracted/DerivedDecompositionType.txt")) {
        while (next_line(&r, &l)) {
            uint32_t lo, hi, k;
            int v;
            if (l.is_missing || l.n < 2)
                continue;
            v = LOOKUP(DT, l.f[1]);
            CHECK(v >= 0, "unknown Decomposition_Type %s", l.f[1]);
            range_of(l.f[0], &lo, &hi);
            for (k = lo; k <= hi && v >= 0; k++)
                dtype[k] = (uint8_t)v;
        }
        close_ucd(&r);
    }
    for (c = 0; c < NCP; c++) {
        uint32_t want[MAXD], got[MAXD], exp[64];
        size_t n;
        int nw = 0, ok, i, compat;
        ibidi_unicode_dt t = IBIDI_UNICODE_DT_COUNT;
        if (is_syllable(c)) { /* §3.12: LV -> <L, V>, LVT -> <LV, T> */
            uint32_t s = c - S_BASE;
            if (s % N_T == 0) {
                want[0] = L_BASE + s / N_N;
                want[1] = V_BASE + (s % N_N) / N_T;
            } else {
                want[0] = c - s % N_T;
                want[1] = T_BASE + s % N_T;
            }
            nw = 2;
        } else {
            nw = e_dmlen[c];
            memcpy(want, e_dm[c], sizeof want);
        }
        n = ibidi_unicode_decomposition(c, got, MAXD, &t);
        ok = n == (size_t)nw;
        for (i = 0; ok && i < nw; i++)
            ok = got[i] == want[i];
        if (!count(&dm, ok)) CHECK(0, "U+%04X Decomposition_Mapping (length %zu)", (unsigned)c, n);
        /* the type: DerivedDecompositionType.txt, and UnicodeData.txt's canonical/compat */
        ok = (int)t == dtype[c] &&
             (nw == 0 || is_syllable(c) ||
              (e_dt[c] == IBIDI_UNICODE_DT_CANONICAL) == (t == IBIDI_UNICODE_DT_CANONICAL));
        if (!count(&dt, ok)) CHECK(0, "U+%04X Decomposition_Type %d, expected %d", (unsigned)c,
                                (int)t, dtype[c]);
        for (compat = 0; compat < 2; compat++) {
            int m = expand(c, compat, exp, 64);
            reorder(exp, m);
            if (m == 1 && exp[0] == c)
                m = 0; /* decomposes to itself */
            n = ibidi__full_decomposition(c, compat, got);
            ok = n == (size_t)m && m <= IBIDI_UNICODE_MAX_DECOMPOSITION;
            for (i = 0; ok && i < m; i++)
                ok = got[i] == exp[i];
            if (!count(compat ? &nfkd : &nfd, ok))
                CHECK(0, "U+%04X full %s decomposition: length %zu, expected %d", (unsigned)c,
                      compat ? "compatibility" : "canonical", n, m);
        }
    }
    report(&dm);
    report(&dt);
    report(&nfd);
    report(&nfkd);
    free(dtype);
}

typedef struct pairrec {
    uint32_t a, b, c;
} pairrec;

static int cmp_pair(const void *x, const void *y)
{
    const pairrec *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    return p->b < q->b ? -1 : p->b > q->b;
}

static void check_composition(void)
{
    tally comp = {"canonical compositions (pairs)", 0, 0},
          none = {"code points composing only as listed", 0, 0},
          excl = {"pairs that must not compose", 0, 0};
    uint8_t *excluded = calloc(NCP, 1), *is_second = calloc(NCP, 1);
    pairrec *pr = calloc(4096, sizeof *pr);
    int32_t *first_of = malloc(NCP * sizeof *first_of);
    size_t np = 0, i;
    uint32_t c, seconds[512];
    size_t nsec = 0;
    reader r;
    line l;
    memset(first_of, 0xFF, NCP * sizeof *first_of); /* -1: no pair starts with it */
    if (open_ucd(&r, "CompositionExclusions.txt")) {
        while (next_line(&r, &l)) {
            uint32_t lo, hi, k;
            range_of(l.f[0], &lo, &hi);
            for (k = lo; k <= hi; k++)
                excluded[k] = 1;
        }
        close_ucd(&r);
    }
    /* Every canonical pair; composes unless excluded, a non-starter decomposition (the
     * character or its first part has ccc != 0, UAX #15 D111/X4). */
    for (c = 0; c < NCP; c++) {
        if (e_dt[c] != IBIDI_UNICODE_DT_CANONICAL || e_dmlen[c] != 2)
            continue;
        if (np < 4096) {
            pr[np].a = e_dm[c][0];
            pr[np].b = e_dm[c][1];
            pr[np].c = (excluded[c] || e_ccc[c] != 0 || e_ccc[e_dm[c][0]] != 0) ? 0 : c;
            np++;
        }
        if (!is_second[e_dm[c][1]] && nsec < 512) {
            is_second[e_dm[c][1]] = 1;
            seconds[nsec++] = e_dm[c][1];
        }
    }
    for (i = 0; i < np; i++) {
        uint32_t got = ibidi_unicode_compose(pr[i].a, pr[i].b);
        if (!count(pr[i].c ? &comp : &excl, got == pr[i].c))
            CHECK(0, "compose(%04X, %04X) = %04X, expected %04X", (unsigned)pr[i].a,
                  (unsigned)pr[i].b, (unsigned)got, (unsigned)pr[i].c);
    }
    /* Hangul (§3.12): every L + V and LV + T; LVT + T and LV + TBase do not compose. */
    for (c = 0; c < 19 * 21; c++) {
        uint32_t lv = S_BASE + c * N_T, t;
        if (!count(&comp, ibidi_unicode_compose(L_BASE + c / 21, V_BASE + c % 21) == lv))
            CHECK(0, "compose(L, V) for %04X", (unsigned)lv);
        for (t = 1; t < N_T; t++) {
            if (!count(&comp, ibidi_unicode_compose(lv, T_BASE + t) == lv + t))
                CHECK(0, "compose(LV, T) for %04X", (unsigned)(lv + t));
            if (!count(&excl, ibidi_unicode_compose(lv + t, T_BASE + 1) == 0))
                CHECK(0, "compose(LVT, T) for %04X", (unsigned)(lv + t));
        }
        if (!count(&excl, ibidi_unicode_compose(lv, T_BASE) == 0))
            CHECK(0, "compose(LV, TBase) for %04X", (unsigned)lv);
    }
    /* Every code point against every second character of a canonical pair: composes
     * exactly when a pair above says so (one check per code point). */
    qsort(pr, np, sizeof *pr, cmp_pair);
    for (i = np; i-- > 0;)
        first_of[pr[i].a] = (int32_t)i;
    for (c = 0; c < NCP; c++) {
        size_t k;
        int ok = 1;
        for (k = 0; k < nsec; k++) {
            uint32_t want = 0, b = seconds[k], got = ibidi_unicode_compose(c, b);
            if (first_of[c] >= 0)
                for (i = (size_t)first_of[c]; i < np && pr[i].a == c; i++)
                    if (pr[i].b == b)
                        want = pr[i].c;
            if (c >= L_BASE && c < L_BASE + 19 && b >= V_BASE && b < V_BASE + 21)
                want = S_BASE + ((c - L_BASE) * 21 + (b - V_BASE)) * N_T;
            if (is_syllable(c) && (c - S_BASE) % N_T == 0 && b > T_BASE && b < T_BASE + N_T)
                want = c + b - T_BASE;
            if (got != want) {
                CHECK(0, "compose(%04X, %04X) = %04X, expected %04X", (unsigned)c, (unsigned)b,
                      (unsigned)got, (unsigned)want);
                ok = 0;
            }
        }
        if (ok)
            none.same++;
        else
            none.diff++;
    }
    report(&comp);
    report(&excl);
    report(&none);
    free(excluded);
    free(is_second);
    free(pr);
    free(first_of);
}

static void check_quick_checks(void)
{
    static const char *const PROPS[4] = {"NFD_QC", "NFC_QC", "NFKD_QC", "NFKC_QC"};
    tally t[4] = {{"NFD_Quick_Check", 0, 0},
                  {"NFC_Quick_Check", 0, 0},
                  {"NFKD_Quick_Check", 0, 0},
                  {"NFKC_Quick_Check", 0, 0}};
    uint8_t *qc[4];
    reader r;
    line l;
    uint32_t c;
    int p;
    for (p = 0; p < 4; p++)
        qc[p] = calloc(NCP, 1); /* @missing: Yes */
    if (open_ucd(&r, "DerivedNormalizationProps.txt")) {
        while (next_line(&r, &l)) {
            uint32_t lo, hi, k;
            if (l.is_missing || l.n != 3)
                continue;
            for (p = 0; p < 4; p++)
                if (strcmp(l.f[1], PROPS[p]) == 0)
                    break;
            if (p == 4)
                continue;
            range_of(l.f[0], &lo, &hi);
            for (k = lo; k <= hi; k++)
                qc[p][k] = strcmp(l.f[2], "N") == 0   ? IBIDI_NORMALIZE_NO
                           : strcmp(l.f[2], "M") == 0 ? IBIDI_NORMALIZE_MAYBE
                                                      : 9;
        }
        close_ucd(&r);
    }
    for (c = 0; c < NCP; c++) {
        uint32_t ni = ibidi__norm_info(c);
        int got[4];
        got[0] = (ni & IBIDI__NI_NFD_NO) ? IBIDI_NORMALIZE_NO : IBIDI_NORMALIZE_YES;
        got[1] = (int)IBIDI__NI_NFC_QC(ni);
        got[2] = (ni & IBIDI__NI_NFKD_NO) ? IBIDI_NORMALIZE_NO : IBIDI_NORMALIZE_YES;
        got[3] = (int)IBIDI__NI_NFKC_QC(ni);
        for (p = 0; p < 4; p++)
            if (!count(&t[p], got[p] == qc[p][c]))
                CHECK(0, "U+%04X %s %d, expected %d", (unsigned)c, PROPS[p], got[p], qc[p][c]);
    }
    for (p = 0; p < 4; p++) {
        report(&t[p]);
        free(qc[p]);
    }
}

static void check_scripts(void)
{
    tally sc = {"Script", 0, 0}, scx = {"Script_Extensions", 0, 0},
          names = {"script value names", 0, 0};
    aliases sca;
    const char **want = calloc(NCP, sizeof *want);
    char **ext = calloc(NCP, sizeof *ext);
    reader r;
    line l;
    uint32_t c;
    int i, k;
    read_aliases(&sca, "sc");
    CHECK(sca.count == IBIDI_UNICODE_SC_COUNT,
          "IBIDI_UNICODE_SC_COUNT %d, PropertyValueAliases.txt has %d", IBIDI_UNICODE_SC_COUNT,
          sca.count);
    CHECK(strcmp(ibidi_unicode_script_name(IBIDI_UNICODE_SC_ARAB), "Arab") == 0 &&
              strcmp(ibidi_unicode_script_name(IBIDI_UNICODE_SC_HEBR), "Hebr") == 0 &&
              strcmp(ibidi_unicode_script_name(IBIDI_UNICODE_SC_ZYYY), "Zyyy") == 0 &&
              strcmp(ibidi_unicode_script_name(IBIDI_UNICODE_SC_ZINH), "Zinh") == 0 &&
              strcmp(ibidi_unicode_script_name(IBIDI_UNICODE_SC_ZZZZ), "Zzzz") == 0,
          "IBIDI_UNICODE_SC_* constants and names disagree");
    CHECK(ibidi_unicode_script_name(IBIDI_UNICODE_SC_COUNT) == NULL,
          "script name beyond the count");
    /* Every alias finds the value whose short name is its first alias. */
    for (i = 0; i < sca.count; i++) {
        const char *sn = sca.names[i][0];
        int v = ibidi_unicode_script_from_name(sn, strlen(sn));
        if (!count(&names, v >= 0 &&
                               strcmp(ibidi_unicode_script_name((ibidi_unicode_sc)v), sn) == 0 &&
                               strcmp(ibidi_unicode_script_long_name((ibidi_unicode_sc)v),
                                      sca.names[i][1]) == 0))
            CHECK(0, "script %s", sn);
        for (k = 1; k < sca.n[i]; k++)
            if (!count(&names, ibidi_unicode_script_from_name(sca.names[i][k],
                                                              strlen(sca.names[i][k])) == v))
                CHECK(0, "script alias %s", sca.names[i][k]);
    }
    if (!count(&names, ibidi_unicode_script_from_name("Arabx", 5) == -1 &&
                           ibidi_unicode_script_from_name("Ara", 3) == -1 &&
                           ibidi_unicode_script_from_name("Arabic", 4) == IBIDI_UNICODE_SC_ARAB &&
                           ibidi_unicode_script_from_name(NULL, 0) == -1))
        CHECK(0, "ibidi_unicode_script_from_name on unknown names");
    for (c = 0; c < NCP; c++)
        want[c] = "Zzzz"; /* Scripts.txt @missing: Unknown */
    if (open_ucd(&r, "Scripts.txt")) {
        while (next_line(&r, &l)) {
            uint32_t lo, hi, x;
            const char *s;
            if (l.is_missing || l.n < 2)
                continue;
            s = short_of(&sca, l.f[1]);
            CHECK(s != NULL, "unknown script %s", l.f[1]);
            range_of(l.f[0], &lo, &hi);
            for (x = lo; x <= hi && s; x++)
                want[x] = s;
        }
        close_ucd(&r);
    }
    if (open_ucd(&r, "ScriptExtensions.txt")) {
        while (next_line(&r, &l)) {
            uint32_t lo, hi, x;
            if (l.is_missing || l.n < 2)
                continue;
            range_of(l.f[0], &lo, &hi);
            for (x = lo; x <= hi; x++)
                ext[x] = l.f[1]; /* points into the buffer, kept until the end */
        }
    }
    for (c = 0; c < NCP; c++) {
        ibidi_unicode_sc got[64];
        char buf[1024], *p = buf;
        size_t n = ibidi_unicode_script_extensions(c, got, 64), j;
        const char *exp = ext[c] ? ext[c] : want[c];
        if (!count(&sc, strcmp(ibidi_unicode_script_name(ibidi_unicode_script(c)), want[c]) == 0))
            CHECK(0, "U+%04X Script %s, expected %s", (unsigned)c,
                  ibidi_unicode_script_name(ibidi_unicode_script(c)), want[c]);
        buf[0] = '\0';
        for (j = 0; j < n && j < 64; j++) {
            const char *s = ibidi_unicode_script_name(got[j]);
            p += sprintf(p, "%s%s", j ? " " : "", s ? s : "?");
        }
        if (!count(&scx, strcmp(buf, exp) == 0))
            CHECK(0, "U+%04X Script_Extensions '%s', expected '%s'", (unsigned)c, buf, exp);
    }
    close_ucd(&r);
    report(&sc);
    report(&scx);
    report(&names);
    free_aliases(&sca);
    free(want);
    free(ext);
}

static void check_joining(void)
{
    tally jt = {"Joining_Type", 0, 0};
    int8_t *want = malloc(NCP);
    reader r;
    line l;
    uint32_t c;
    memset(want, -1, NCP);
    if (open_ucd(&r, "ArabicShaping.txt")) {
        while (next_line(&r, &l)) {
            if (l.is_missing || l.n < 3)
                continue;
            want[strtoul(l.f[0], NULL, 16)] = (int8_t)LOOKUP(JT, l.f[2]);
        }
        close_ucd(&r);
    }
    for (c = 0; c < NCP; c++) {
        int w = want[c];
        if (w < 0) /* ArabicShaping.txt: unlisted Mn, Me, Cf are T, all others U */
            w = (e_gc[c] == IBIDI_UNICODE_GC_MN || e_gc[c] == IBIDI_UNICODE_GC_ME ||
                 e_gc[c] == IBIDI_UNICODE_GC_CF)
                    ? IBIDI_UNICODE_JT_T
                    : IBIDI_UNICODE_JT_U;
        if (!count(&jt, (int)ibidi_unicode_joining_type(c) == w))
            CHECK(0, "U+%04X Joining_Type %d, expected %d", (unsigned)c,
                  (int)ibidi_unicode_joining_type(c), w);
    }
    report(&jt);
    free(want);
}

static void check_uts46(void)
{
    tally st = {"UTS #46 status", 0, 0}, map = {"UTS #46 mapping", 0, 0},
          i8 = {"UTS #46 IDNA2008 column", 0, 0};
    int8_t *status = malloc(NCP);
    uint8_t *col = calloc(NCP, 1), *len = calloc(NCP, 1);
    uint32_t(*m)[MAXD] = calloc(NCP, sizeof *m);
    reader r;
    line l;
    uint32_t c;
    memset(status, -1, NCP);
    if (open_ucd(&r, "idna/IdnaMappingTable.txt")) {
        while (next_line(&r, &l)) {
            uint32_t lo, hi, x, seq[MAXD];
            int s, n = 0, v8 = 0;
            if (l.is_missing)
                continue;
            range_of(l.f[0], &lo, &hi);
            s = LOOKUP(ST, l.f[1]);
            CHECK(s >= 0, "unknown UTS #46 status %s", l.f[1]);
            if (l.n > 2)
                n = seq_of(l.f[2], seq, MAXD);
            if (l.n > 3)
                v8 = strcmp(l.f[3], "NV8") == 0   ? IBIDI_UNICODE_UTS46_IDNA2008_NV8
                     : strcmp(l.f[3], "XV8") == 0 ? IBIDI_UNICODE_UTS46_IDNA2008_XV8
                                                  : 9;
            for (x = lo; x <= hi; x++) {
                status[x] = (int8_t)s;
                col[x] = (uint8_t)v8;
                len[x] = (uint8_t)n;
                memcpy(m[x], seq, (size_t)n * sizeof *seq);
            }
        }
        close_ucd(&r);
    }
    for (c = 0; c < NCP; c++) {
        uint32_t got[MAXD];
        size_t n = ibidi_unicode_uts46_mapping(c, got, MAXD), k;
        int ok = n == len[c];
        if (!count(&st, (int)ibidi_unicode_uts46_status(c) == status[c]))
            CHECK(0, "U+%04X UTS #46 status %d, expected %d", (unsigned)c,
                  (int)ibidi_unicode_uts46_status(c), status[c]);
        for (k = 0; ok && k < n; k++)
            ok = got[k] == m[c][k];
        if (!count(&map, ok)) CHECK(0, "U+%04X UTS #46 mapping", (unsigned)c);
        if (!count(&i8, (int)ibidi_unicode_uts46_idna2008(c) == col[c]))
            CHECK(0, "U+%04X UTS #46 IDNA2008 column", (unsigned)c);
    }
    report(&st);
    report(&map);
    report(&i8);
    free(status);
    free(col);
    free(len);
    free(m);
}

static void check_names(void)
{
    tally nm = {"Name (DerivedName.txt)", 0, 0}, un = {"Name (UnicodeData.txt)", 0, 0};
    char **want = calloc(NCP, sizeof *want);
    reader r;
    line l;
    uint32_t c;
    size_t longest = 0;
    if (open_ucd(&r, "extracted/DerivedName.txt")) {
        while (next_line(&r, &l)) {
            uint32_t lo, hi, x;
            char *star;
            if (l.is_missing || l.n < 2)
                continue;
            range_of(l.f[0], &lo, &hi);
            star = strchr(l.f[1], '*');
            for (x = lo; x <= hi; x++) {
                size_t len = strlen(l.f[1]) + 8;
                want[x] = malloc(len);
                if (star) /* the code point in hex in place of '*' */
                    snprintf(want[x], len, "%.*s%04X", (int)(star - l.f[1]), l.f[1],
                             (unsigned)x);
                else
                    snprintf(want[x], len, "%s", l.f[1]);
            }
        }
        close_ucd(&r);
    }
    for (c = 0; c < NCP; c++) {
        char got[IBIDI_UNICODE_MAX_NAME + 1];
        size_t n = ibidi_unicode_name(c, got, IBIDI_UNICODE_MAX_NAME);
        const char *w = want[c] ? want[c] : "";
        got[n <= IBIDI_UNICODE_MAX_NAME ? n : 0] = '\0';
        if (n > longest)
            longest = n;
        if (!count(&nm, n <= IBIDI_UNICODE_MAX_NAME && strcmp(got, w) == 0))
            CHECK(0, "U+%04X name '%s', expected '%s'", (unsigned)c, got, w);
        if (e_uname[c])
            if (!count(&un, strcmp(got, e_uname[c]) == 0))
                CHECK(0, "U+%04X name '%s', UnicodeData.txt '%s'", (unsigned)c, got, e_uname[c]);
        free(want[c]);
    }
    printf("info: longest name %zu bytes\n", longest);
    report(&nm);
    report(&un);
    free(want);
}

/* Short buffers: the full length is always returned and nothing written past cap. */
static void check_buffers(void)
{
    char name[8];
    uint32_t d[2] = {0xFFFFFFFFu, 0xFFFFFFFFu}, m[1] = {0xFFFFFFFFu};
    ibidi_unicode_sc sc[1] = {0xFFFF};
    memset(name, 'x', sizeof name);
    CHECK(ibidi_unicode_name(0x0041, name, 4) == 22 && memcmp(name, "LATIxxxx", 8) == 0,
          "ibidi_unicode_name with a short buffer");
    CHECK(ibidi_unicode_name(0x0041, NULL, 0) == 22, "ibidi_unicode_name(NULL, 0)");
    CHECK(ibidi_unicode_decomposition(0xFDFA, d, 1, NULL) == 18 && d[0] == 0x0635 &&
              d[1] == 0xFFFFFFFFu,
          "ibidi_unicode_decomposition with a short buffer");
    CHECK(ibidi_unicode_uts46_mapping(0xFDFA, m, 0) == 18 && m[0] == 0xFFFFFFFFu,
          "ibidi_unicode_uts46_mapping with cap 0");
    CHECK(ibidi_unicode_script_extensions(0x0640, sc, 0) > 1 && sc[0] == 0xFFFF,
          "ibidi_unicode_script_extensions with cap 0");
    CHECK(ibidi_unicode_bidi_class_from_name("AL", 2) == IBIDI_UNICODE_BC_AL &&
              ibidi_unicode_bidi_class_from_name("Arabic_Letter", 13) == IBIDI_UNICODE_BC_AL &&
              ibidi_unicode_bidi_class_from_name("ALx", 2) == IBIDI_UNICODE_BC_AL &&
              ibidi_unicode_bidi_class_from_name("Arabic", 6) == -1,
          "ibidi_unicode_bidi_class_from_name");
    CHECK(ibidi_unicode_bidi_class_name(IBIDI_UNICODE_BC_COUNT) == NULL &&
              ibidi_unicode_gc_name(IBIDI_UNICODE_GC_COUNT) == NULL,
          "names of values out of range");
}

/* Values above 10FFFF: properties of an unassigned code point, no read out of bounds. */
static void check_out_of_range(void)
{
    static const uint32_t V[] = {0x110000u, 0x110001u, 0x110FFFu, 0x111000u, 0x1FFFFFu,
                                 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFEu, 0xFFFFFFFFu};
    size_t i;
    for (i = 0; i < sizeof V / sizeof V[0]; i++) {
        uint32_t c = V[i], buf[IBIDI_UNICODE_MAX_DECOMPOSITION];
        char name[IBIDI_UNICODE_MAX_NAME];
        ibidi_unicode_sc sc[4];
        ibidi_unicode_dt dt = IBIDI_UNICODE_DT_COUNT;
        uint32_t ni = ibidi__norm_info(c);
        CHECK(ibidi_unicode_general_category(c) == IBIDI_UNICODE_GC_CN &&
                  !ibidi_unicode_assigned(c) && ibidi_unicode_bidi_class(c) == IBIDI_UNICODE_BC_L &&
                  ibidi_unicode_combining_class(c) == 0 &&
                  ibidi_unicode_script(c) == IBIDI_UNICODE_SC_ZZZZ &&
                  ibidi_unicode_joining_type(c) == IBIDI_UNICODE_JT_U &&
                  !ibidi_unicode_default_ignorable(c) && !ibidi_unicode_noncharacter(c) &&
                  !ibidi_unicode_bidi_mirrored(c) &&
                  ibidi_unicode_bracket_type(c) == IBIDI_UNICODE_BPT_NONE,
              "%08X: properties of an unassigned code point", (unsigned)c);
        CHECK(ibidi_unicode_mirroring_glyph(c) == c && ibidi_unicode_paired_bracket(c) == c,
              "%08X: no mirror or bracket", (unsigned)c);
        CHECK(ibidi_unicode_script_extensions(c, sc, 4) == 1 && sc[0] == IBIDI_UNICODE_SC_ZZZZ,
              "%08X: Script_Extensions", (unsigned)c);
        CHECK(ibidi_unicode_decomposition(c, buf, IBIDI_UNICODE_MAX_DECOMPOSITION, &dt) == 0 &&
                  dt == IBIDI_UNICODE_DT_NONE && ibidi__full_decomposition(c, 0, buf) == 0 &&
                  ibidi__full_decomposition(c, 1, buf) == 0,
              "%08X: no decomposition", (unsigned)c);
        CHECK(ibidi_unicode_compose(c, 0x0301) == 0 && ibidi_unicode_compose(0x0041, c) == 0 &&
                  ibidi_unicode_compose(c, c) == 0,
              "%08X: no composition", (unsigned)c);
        CHECK(ibidi_unicode_uts46_status(c) == IBIDI_UNICODE_UTS46_DISALLOWED &&
                  ibidi_unicode_uts46_mapping(c, buf, IBIDI_UNICODE_MAX_UTS46_MAPPING) == 0 &&
                  ibidi_unicode_uts46_idna2008(c) == IBIDI_UNICODE_UTS46_IDNA2008_NONE,
              "%08X: UTS #46 disallowed", (unsigned)c);
        CHECK(ibidi_unicode_name(c, name, sizeof name) == 0, "%08X: no name", (unsigned)c);
        CHECK(IBIDI__NI_CCC(ni) == 0 && IBIDI__NI_NFC_QC(ni) == IBIDI_NORMALIZE_YES &&
                  IBIDI__NI_NFKC_QC(ni) == IBIDI_NORMALIZE_YES &&
                  !(ni & (IBIDI__NI_NFD_NO | IBIDI__NI_NFKD_NO)),
              "%08X: normalization data", (unsigned)c);
    }
}

int main(void)
{
    e_gc = malloc(NCP);
    e_ccc = calloc(NCP, 1);
    e_bc = calloc(NCP, 1);
    e_listed = calloc(NCP, 1);
    e_dt = calloc(NCP, 1);
    e_dmlen = calloc(NCP, 1);
    e_di = calloc(NCP, 1);
    e_dm = calloc(NCP, sizeof *e_dm);
    e_uname = calloc(NCP, sizeof *e_uname);
    if (!e_gc || !e_ccc || !e_bc || !e_listed || !e_dt || !e_dmlen || !e_di || !e_dm || !e_uname) {
        CHECK(0, "out of memory");
        return t_summary();
    }
    memset(e_gc, IBIDI_UNICODE_GC_CN, NCP); /* not in UnicodeData.txt: unassigned */
    read_unicodedata();
    read_binary("DerivedCoreProperties.txt", "Default_Ignorable_Code_Point", e_di);

    check_basic();
    check_flags();
    check_pairs();
    check_decompositions();
    check_composition();
    check_quick_checks();
    check_scripts();
    check_joining();
    check_uts46();
    check_names();
    check_buffers();
    check_out_of_range();

    {
        uint32_t c;
        for (c = 0; c < NCP; c++)
            free(e_uname[c]);
    }
    free(e_gc);
    free(e_ccc);
    free(e_bc);
    free(e_listed);
    free(e_dt);
    free(e_dmlen);
    free(e_di);
    free(e_dm);
    free(e_uname);
    return t_summary();
}
